/* oracles/checks/check_isa_lines.c — fixed vISA text lines whose handling no round trip sees, once
 * per process (check_isa_file.c calls sf_check_isa_lines_once):
 *   - `optab_rows`: the opcode table's rows and sub-op rows are what the codec and the text
 *     parser assume when they look one up (each opcode's row at its own number, each sub-op value
 *     and name once per table); `subop_undefined`: an undefined sub-op refused naming its value;
 *   - `name_fields`: the field that names a string is fcall's callee and faddr's and FILE's name,
 *     and no other instruction's;
 *   - `mnemonic_end`: a text that ends right after a mnemonic (every table name and a list of
 *     suffixed ones) is read without a byte past its end;
 *   - `suffix_column`: a fault in a mnemonic's suffix (a channel letter, a number, a mode name) is
 *     refused at a column inside the suffix;
 *   - `string_escapes`: a FILE name's escapes read as GenX_IR's lexer reads them;
 *   - `suffix_edges`: valid lines at the edges of their suffix grammars parse and print back;
 *   - `va_modes`: every VA mode byte the printer writes reads back as itself;
 *   - `known_lines`: lines IGC wrote parse to their known fields and print back verbatim;
 *   - `read_forms`: spellings GenX_IR's parser reads but our printer does not write read as the
 *     printed form does;
 *   - `short_ops`: an instruction with fewer fields than its row is refused by the encoder and the
 *     printer, not read past its fields;
 *   - `known_refusals`: faulty lines are refused with their codes on their own lines;
 *   - `s3d_names`: every 3D_SAMPLE sub-op prints under its known name and reads back as itself;
 *   - then the edge checks of check_isa_edges.c (`cache_edges`, `block_edges`, `raw_edges`,
 *     `addr_shadow`, `lane_edges`), which share this file's known-line helpers (check_known_one.h).
 * The generated kernels rarely hold the lines these need (one bfn among a hundred rows, a string
 * with escapes, a text cut at a mnemonic), so the fuzzers found such bugs in tens of seconds, when
 * at all; here they are found at a process's first input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "oracles/checks/check_int.h"
#include "oracles/checks/check_known_one.h"
#include "oracles/checks/visa_known_lines.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"

/* `optab_rows`: sf_visa_optab(op) is op's row, and has a name; in each sub-op table every value
 * (but the catch-all -1) and every name appears once, and sf_visa_optab_sub finds each value's own
 * row. A value written twice (a table entry off by one onto its neighbour) makes the decoder and
 * the parser take one operation for the other, which a round trip of either alone reads back the
 * same. */
static bool optab_rows(sf_verdict *v) {
  char a[96], b[96];
  for (unsigned op = 0; op < sf_visa_optab_count(); op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    if (!d || d->op != op || !d->name) { /* the name lookups (visa_parse.c, visa_gen_parse.c) read every row's */
      snprintf(a, sizeof a, "%u", op);
      snprintf(b, sizeof b, "%d%s", d ? (int)d->op : -1, d && !d->name ? " and no name" : "");
      return sf_known_fail(v, "optab_rows", "number", "opcode %s's row holds opcode %s", a, b);
    }
    for (unsigned i = 0; d->subs && i < d->num_subs; i++) {
      const sf_visa_subop *s = &d->subs[i];
      for (unsigned j = 0; j < i; j++) {
        const sf_visa_subop *t = &d->subs[j];
        bool same_value = s->value >= 0 && s->value == t->value, same_name = s->name && t->name && !strcmp(s->name, t->name);
        if (same_value || same_name) {
          snprintf(a, sizeof a, "%s (0x%02x) sub-op rows %u and %u", d->name ? d->name : "?", op, j, i);
          snprintf(b, sizeof b, "%s %d / %s %d", t->name ? t->name : "?", t->value, s->name ? s->name : "?", s->value);
          return sf_known_fail(v, "optab_rows", same_value ? "sub_value" : "sub_name", "%s share a %s", a,
                            same_value ? "value" : "name");
        }
      }
      if (s->value >= 0 && sf_visa_optab_sub(d, (uint8_t)s->value) != s) {
        snprintf(a, sizeof a, "%s (0x%02x) sub-op 0x%02x", d->name ? d->name : "?", op, (unsigned)s->value);
        return sf_known_fail(v, "optab_rows", "sub_lookup", "%s is not found as its own row%s", a, "");
      }
    }
  }
  return true;
}

/* `subop_undefined` (with `optab_rows`): every sub-op value a table without a catch-all row does not
 * define (the va, va_skl_plus, svm and LSC ops, whose sub-op is their first field) is refused, by
 * the generic decoder at the sub-op's byte and by the encoder, as invalid naming the value. The
 * generator and the parser write defined values only, so a refusal naming another field's value
 * (the one before the sub-op, say) is seen here alone. */
static bool subop_undefined(sf_verdict *v) {
  for (unsigned op = 0; op < sf_visa_optab_count(); op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    if (!d || !d->layout || !d->subs || d->layout[0] != SF_VF_SUBOP || sf_visa_optab_sub(d, 0xFF)) continue;
    for (unsigned sub = 0; sub < 256; sub++) {
      if (sf_visa_optab_sub(d, (uint8_t)sub)) continue;
      char want[48];
      snprintf(want, sizeof want, "sub-opcode 0x%02x is not defined", sub);
      const uint8_t p[2] = {(uint8_t)op, (uint8_t)sub};
      sf_visa_ginst g;
      size_t used;
      sf_status st;
      sf_status_clear(&st);
      sf_code rc = sf_visa_gen_decode(p, sizeof p, 0, SF_VISA_FORM_SPEC, &g, &used, &st);
      if (rc == SF_OK) sf_visa_ginst_free(&g);
      bool dec_ok = rc == SF_ERR_INVALID && st.pos_kind == SF_POS_BYTE && st.pos == 1 && strstr(st.msg, want);
      sf_visa_gop o = {.kind = SF_VF_SUBOP, .u = sub};
      sf_visa_ginst e = {.form = SF_VISA_FORM_SPEC, .op = (uint8_t)op, .num_ops = 1, .ops = &o};
      sf_buf b;
      sf_buf_init(&b, NULL);
      sf_status es;
      sf_status_clear(&es);
      sf_code erc = sf_visa_gen_encode(&e, &b, &es);
      sf_buf_free(&b);
      if (rc == SF_ERR_NOMEM || erc == SF_ERR_NOMEM || (dec_ok && erc == SF_ERR_INVALID && strstr(es.msg, want))) continue;
      char a[128], got[SF_STATUS_MSG_MAX + 96];
      snprintf(a, sizeof a, "%s (0x%02x) with sub-op 0x%02x, want invalid%s saying \"%s\"", d->name, op, sub,
               dec_ok ? "" : " at byte 1", want);
      snprintf(got, sizeof got, "%s %s at byte %llu (\"%s\")", dec_ok ? "the encoder said" : "the decoder said",
               sf_code_name(dec_ok ? erc : rc), dec_ok ? 0ull : (unsigned long long)st.pos, dec_ok ? es.msg : st.msg);
      return sf_known_fail(v, "subop_undefined", dec_ok ? "encode" : "decode", "%s: %s", a, got);
    }
  }
  return true;
}

/* `name_fields`: sf_visa_ginst_name_field names the field that holds a string index where the
 * row's syntax reads a name (include/samplefuzz/visa.h: fcall's callee, field 2; faddr's symbol and
 * FILE's file name, field 0) for an instruction of its row's shape, and no field for any other row,
 * for a shape one field short or long, or for another byte form. The round trips compare such a
 * field by the string it names and leave it out of field edits, so a lookup that named a field of
 * another instruction let a change there pass. */
static bool name_fields(sf_verdict *v) {
  sf_visa_gop ops[40];
  memset(ops, 0, sizeof ops);
  for (unsigned op = 0; op < sf_visa_optab_count(); op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    if (!d || !d->layout) continue;
    size_t n = strlen(d->layout);
    bool file = d->syn == SF_VSYN_SRCLOC && d->name && !strcmp(d->name, "file"); /* FILE, not LOC */
    int want = d->syn == SF_VSYN_FCALL ? 2 : d->syn == SF_VSYN_FADDR || file ? 0 : -1;
    for (int dn = -1; dn <= 1 && n + 1 < sizeof ops / sizeof ops[0]; dn++) {
      if (n == 0 && dn < 0) continue;
      for (uint8_t form = SF_VISA_FORM_SPEC; form <= SF_VISA_FORM_SPEC + 1; form++) {
        sf_visa_ginst g = {.form = form, .op = (uint8_t)op, .num_ops = (uint16_t)(n + (size_t)dn), .ops = ops};
        int got = sf_visa_ginst_name_field(&g), w = dn == 0 && form == SF_VISA_FORM_SPEC ? want : -1;
        if (got == w) continue;
        char a[96], b[64];
        snprintf(a, sizeof a, "%s (0x%02x) with %u fields (its row has %zu), byte form %u", d->name ? d->name : "?", op,
                 (unsigned)g.num_ops, n, (unsigned)form);
        snprintf(b, sizeof b, "field %d, want %d", got, w);
        return sf_known_fail(v, "name_fields", "field", "%s: the name field is %s", a, b);
      }
    }
  }
  return true;
}

/* `mnemonic_end`: ".version 4.1 / .kernel / <mnemonic>" with the text's last byte the mnemonic's.
 * The suffix scanners (bfn's function digits, dpas's four numbers, the LSC and atomic names, the
 * channel letters) walk the mnemonic token; one that looks a byte further reads past the text. A
 * refusal must name line 3; some mnemonics alone are a whole instruction (barrier), so acceptance
 * is no finding. */
static bool mnemonic_end_one(sf_verdict *v, const char *mn) {
  char text[160];
  int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n    %s", mn);
  if (n < 0 || (size_t)n >= sizeof text) return true;
  sf_isa_file f;
  sf_status st;
  sf_code rc = sf_check_visaasm_exact(text, (size_t)n, &f, &st);
  if (rc == SF_OK) sf_isa_free(&f);
  if (rc == SF_OK || rc == SF_ERR_NOMEM || (st.pos_kind == SF_POS_TEXT && st.line == 3)) return true;
  return sf_known_fail(v, "mnemonic_end", "position", "a text ending at the mnemonic '%s' is refused off its line: %s", mn, st.msg);
}

static bool mnemonic_end(sf_verdict *v) {
  static const char *const suffixed[] = {
      "bfn.xd8", "bfn.x1.sat", "bfn.xAb", "dpas.u8.s4.8.8", "dpasw.bf.hf.8.4", "dpas.tf32.tf32.8.1", "cmp.eq", "cmpn.ne",
      "cmp.ge.sat", "add.sat", "mov.sat", "dword_atomic.add", "dword_atomic.cmpxchg.16", "typed_atomic.fmax.16",
      "svm_atomic.inc.64", "lsc_load.ugm", "lsc_load.ugm.ca.ca", "lsc_store.tgm.uc.wb", "lsc_load_quad.tgm",
      "lsc_load_block2d.ugm", "lsc_atomic_icas.slm", "lsc_fence.ugm.evict.gpu", "lsc_read_state_info.tgm",
      "sample_3d.RGBA", "sample_3d.pixel_null_mask.cps.R", "gather4_3d.G", "load_lz.RGBA", "load_3d.divS.RG", "resinfo.R",
      "sampleinfo.RGBA", "sample.RGBA", "load.GA", "avs.RGBA", "sample_unorm.RG", "gather.4", "scatter.1",
      "gather4_scaled.RG", "scatter4_typed.RGBA", "gather_scaled.2", "svm_gather.4.1", "svm_scatter4scaled.RGBA",
      "qw_gather.2", "media_ld.nomod", "media_st.top", "oword_ld.mod", "raw_sends.1.2.3.4", "raw_sends_eot.1.2.3.4",
      "fence_global.E", "fence_local.EISCRL1", "lifetime.start", "nbarrier.signal", "sbarrier.wait", "va.convolve",
      "va_skl_plus.LBP_CREATION", "rt_write_3d.RTIA", "urb_write_3d", "switchjmp", "FILE", "LOC",
      "", "\t", "  \t "}; /* and a text that ends in the blanks before an instruction (the label test walks them) */
  for (size_t i = 0; i < sizeof suffixed / sizeof suffixed[0]; i++)
    if (!mnemonic_end_one(v, suffixed[i])) return false;
  for (unsigned op = 0; op < sf_visa_optab_count(); op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    if (d && d->name && !mnemonic_end_one(v, d->name)) return false;
    for (unsigned i = 0; d && d->subs && i < d->num_subs; i++)
      if (d->subs[i].name && !mnemonic_end_one(v, d->subs[i].name)) return false;
  }
  return true;
}

/* `suffix_column`: a line whose mnemonic suffix has a fault (a letter that names no channel, a
 * number out of its range, a name no mode has) is refused at a column from the suffix's first '.'
 * to the start of the fault (`bad`), in each syntax that has such a suffix. */
static bool suffix_column(sf_verdict *v) {
  static const struct {
    const char *line, *bad;
  } cases[] = {
      {"sample.RQ (8) T6 V32.0 V32.0 V32.0 V32.0", "Q"},
      {"load.RQ (8) T6 V32.0 V32.0 V32.0 V32.0", "Q"},
      {"sample_3d.RQ (M1, 16)  0x0:uw S0 T6 V32.0 V32.0", "Q"},
      {"load_lz.RQ (M1, 16)  0x0:uw T6 V32.0 V32.0", "Q"},
      {"resinfo.RQ (M1, 8)  T6 V32.0 V32.0", "Q"},
      {"gather4_scaled.RQ (M1, 16) T6 0x0:ud V32.0 V32.0", "Q"},
      {"scatter4_typed.RQ (M1, 8) T6 V32.0 V32.0 V32.0 V32.0 V32.0", "Q"},
      {"raw_sends.1.2.256.4 (M1, 16)  0x0:ud 0x2000000:ud V32.0 V32.0 V32.0", ".256"},
      {"raw_sends.1.2.3.x (M1, 16)  0x0:ud 0x2000000:ud V32.0 V32.0 V32.0", ".x"},
      {"svm_gather.5.1 (M1_NM, 8) V32.0 V32.0", ".5"},
      {"gather_scaled.3 (M1, 16) T6 0x0:ud V32.0 V32.0", ".3"},
      {"qw_gather.3 (M1, 8) T6 V32.0 V32.0", ".3"},
      {"media_ld.bogus (32,1) T6 0 V32(0,0)<0;1,0> V32(0,0)<0;1,0> V32.0", ".bogus"},
      {"fence_global.EQ", "Q"},
      {"fence_sw.E", ".E"},
      {"cmp.zz (M1, 16) P1 V32(0,0)<1;1,0> 0x0:d", ".zz"}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *line = cases[i].line;
    char text[256];
    int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=ud num_elts=64 align=GRF\n    %s\n", line);
    sf_isa_file f;
    sf_status st;
    sf_code rc = sf_check_visaasm_exact(text, (size_t)n, &f, &st);
    if (rc == SF_OK) sf_isa_free(&f);
    const char *dot = strchr(line, '.'), *bad = strstr(line, cases[i].bad);
    uint32_t lo = (uint32_t)(dot - line) + 5, hi = (uint32_t)(bad - line) + 5; /* 1-based, after four blanks */
    if (rc != SF_OK && rc != SF_ERR_NOMEM && st.pos_kind == SF_POS_TEXT && st.line == 4 && st.col >= lo && st.col <= hi)
      continue;
    char at[80];
    snprintf(at, sizeof at, "%s at %u:%u (want 4:%u..%u)", sf_code_name(rc), (unsigned)st.line, (unsigned)st.col,
             (unsigned)lo, (unsigned)hi);
    return sf_known_fail(v, "suffix_column", rc == SF_OK ? "accepted" : "position", "'%s': %s", line, at);
  }
  return true;
}

/* `string_escapes`: FILE "..." reads GenX_IR's escapes (visa/CISA.l): the simple ones, octal with
 * one to three digits, \x with one or two hex digits, each to its byte; an unknown escape, a NUL and
 * a value over 255 are refused at the backslash; a backslash before the line's end leaves the string
 * unterminated (GenX_IR's strings end on their line), refused at its opening quote. */
static bool string_escapes(sf_verdict *v) {
  static const struct {
    const char *lit;  /* as written between the quotes */
    const char *want; /* the bytes; NULL: refused at column `col` of the FILE line */
    sf_code code;
    unsigned col;
  } cases[] = {
      {"a\\x41\\102\\7z", "aAB\az", SF_OK, 0},
      {"\\x4\\x7e\\e\\?\\\\\\\"\\'\\t", "\x04~\x1b?\\\"'\t", SF_OK, 0},
      {"\\1010", "A0", SF_OK, 0},
      {"\\x414", "A4", SF_OK, 0},
      {"ab\\q", NULL, SF_ERR_SYNTAX, 13},
      {"\\x", NULL, SF_ERR_SYNTAX, 11},
      {"a\\0", NULL, SF_ERR_RANGE, 12},
      {"\\400", NULL, SF_ERR_RANGE, 11},
      {"a\\\nb", NULL, SF_ERR_SYNTAX, 10}, /* a backslash does not carry the string past its line's end */
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char text[200];
    int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n    FILE \"%s\"\n    ret (M1, 1)\n", cases[i].lit);
    sf_isa_file f;
    sf_status st;
    sf_code rc = sf_check_visaasm_exact(text, (size_t)n, &f, &st);
    const char *got = NULL;
    if (rc == SF_OK) {
      const sf_visa_kernel *k = f.num_kernels == 1 ? &f.kernels[0] : NULL;
      const sf_visa_ginst *g = k && k->num_gens == 1 ? &k->gens[0] : NULL;
      uint32_t idx = g && g->num_ops == 1 ? g->ops[0].u : UINT32_MAX;
      got = k && idx < k->num_strings ? k->strings[idx] : "(no string)";
    }
    bool good = cases[i].want ? got && !strcmp(got, cases[i].want)
                              : rc == cases[i].code && st.pos_kind == SF_POS_TEXT && st.line == 3 && st.col == cases[i].col;
    char why[SF_STATUS_MSG_MAX + 64];
    if (good) {
      if (rc == SF_OK) sf_isa_free(&f);
      continue;
    }
    if (cases[i].want)
      snprintf(why, sizeof why, "%s%s", got ? "read as another string" : "refused: ", got ? "" : st.msg);
    else
      snprintf(why, sizeof why, "%s at %u:%u, want %s at 3:%u", sf_code_name(rc), (unsigned)st.line, (unsigned)st.col,
               sf_code_name(cases[i].code), cases[i].col);
    if (rc == SF_OK) sf_isa_free(&f);
    return sf_known_fail(v, "string_escapes", cases[i].want ? "value" : "refusal", "FILE \"%s\": %s", cases[i].lit, why);
  }
  return true;
}

/* `suffix_edges`: valid lines at the edges of their suffix grammars (a bfn function of one hex digit,
 * of two, with .sat; dpas's depth and count at 1 and 8; raw_sends' fields at their largest; the
 * fence letters all given and none, the LSC data shapes, addr_add of T65535 and S65535) parse and
 * print back as written. The generated kernels print a one-digit bfn function one time in sixteen,
 * so a parser that asks for two digits was found only after some seconds, through another check's
 * reparse; their state operands number the surfaces they declare, never the largest index. */
static bool suffix_edges(sf_verdict *v) {
  static const char *const lines[] = {
      "bfn.xa (M1, 16) V32(0,0)<1> V32(0,0)<1;1,0> V32(0,0)<1;1,0> V32(0,0)<1;1,0>",
      "bfn.x0.sat (M1, 16) V32(0,0)<1> V32(0,0)<1;1,0> V32(0,0)<1;1,0> V32(0,0)<1;1,0>",
      "bfn.xff (M1, 16) V32(0,0)<1> V32(0,0)<1;1,0> V32(0,0)<1;1,0> V32(0,0)<1;1,0>",
      "dpas.u8.s4.1.1 (M1, 16) V32.0 V32.0 %null.0 V32(1,2)",
      "dpasw.bf.hf.8.8 (M1, 16) V32.0 V32.0 V32.0 V32(1,2)",
      "raw_sends_eot.15.31.31.31 (M1, 16)  0x0:ud 0x2000000:ud V32.0 V32.0 V32.0",
      "svm_scatter.1.4 (M1_NM, 8) V32.0 V32.0",
      "qw_gather.8 (M1, 8) T6 V32.0 V32.0",
      "cmp.rel6 (M1, 16) P1 V32(0,0)<1;1,0> 0x0:d",
      "fence_global.EISCRL1",
      "fence_local",
      /* LSC data shapes as IGC 1.0.12504 prints them: a vector length (x2, x2t) on the untyped
       * messages, channel letters on the quad ones, none for one element */
      "lsc_load.ugm (M1, 32)  V32:d32x2  flat[V32]:a64",
      "lsc_load.slm (M1_NM, 1)  V32:d64x2t  flat[V32]:a32",
      "lsc_load.ugm (M1, 16)  V32:d32  flat[V32]:a64",
      "lsc_store.ugm (M1_NM, 1)  flat[V32]:a64  V32:d64t",
      "lsc_atomic_iadd.slm (M1, 16)  V32:d32  flat[V32]:a32  V32  %null",
      "lsc_load_quad.ugm (M1, 32)  V32:d32.xy  flat[V32]:a32",
      "lsc_store_quad.slm (M1, 16)  flat[V32]:a32  V32:d32.xyzw",
      /* every address width, each spelled in lanes (the reader's lanes-to-code table, the printer's inverse) */
      "addr_add (M1, 16) A0(0)<2> A0(0)<4> 0x4:uw", "addr_add (M1, 16) A0(0)<8> A0(0)<16> 0x4:uw",
      "addr_add (M1, 16) A0(0)<32> A0(0)<1> 0x4:uw",
      /* the address of a state variable by its number, at the largest that fits the operand */
      "addr_add (M1_NM, 1) A0(0)<1> &T65535 0x0:uw", "addr_add (M1_NM, 1) A0(0)<1> &S65535 0x0:uw"};
  enum { NL = sizeof lines / sizeof lines[0] };
  char text[2400];
  size_t n = (size_t)snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=ud num_elts=64 align=GRF\n"
                                      ".decl A0 v_type=A num_elts=1\n");
  for (size_t i = 0; i < NL; i++) n += (size_t)snprintf(text + n, sizeof text - n, "    %s\n", lines[i]);
  n += (size_t)snprintf(text + n, sizeof text - n, "    ret (M1, 1)\n");
  sf_isa_file f;
  sf_status st;
  sf_code rc = sf_check_visaasm_exact(text, n, &f, &st);
  if (rc != SF_OK) {
    char at[40];
    snprintf(at, sizeof at, "line %u", (unsigned)st.line);
    return sf_known_fail(v, "suffix_edges", "refused", "a kernel of valid edge lines is refused at %s: %s", at, st.msg);
  }
  sf_buf out;
  sf_buf_init(&out, &st);
  const char *missing = NULL;
  if (sf_visaasm_print(&f, &out, &st) != SF_OK || !sf_buf_put(&out, "", 1)) missing = "(the kernel does not print)";
  for (size_t i = 0; i < NL && !missing; i++) {
    char want[200];
    snprintf(want, sizeof want, "    %s ", lines[i]);
    if (!strstr((const char *)out.data, want)) missing = lines[i];
  }
  sf_buf_free(&out);
  sf_isa_free(&f);
  return !missing || sf_known_fail(v, "suffix_edges", "print", "'%s' does not print back as written %s", missing, st.msg);
}

/* One VA instruction (opcode op, sub-op sub, fields after the sub-op by the text plan: surface T6,
 * sampler S0, immediates for operands and the enable mode, V32.0 for raw operands, mode bytes from
 * modes[]) in a kernel with the generators' declarations, as a file of one kernel; false when out of
 * memory. */
static bool va_file(uint8_t op, uint8_t sub, const char *plan, const uint8_t *modes, sf_isa_file *f) {
  if (!sf_known_decl_file(f)) return false;
  sf_visa_kernel *k = &f->kernels[0];
  k->gens = calloc(1, sizeof *k->gens);
  if (!k->gens) return false;
  k->num_gens = 1;
  sf_visa_ginst *g = &k->gens[0];
  g->op = op;
  g->form = SF_VISA_FORM_SPEC;
  g->ops = calloc(strlen(plan) + 1, sizeof *g->ops);
  if (!g->ops) return false;
  g->ops[0].kind = SF_VF_SUBOP, g->ops[0].u = sub;
  for (size_t i = 0; plan[i]; i++) {
    sf_visa_gop *o = &g->ops[1 + i];
    char p = plan[i];
    if (p == 'V' || p == 'M') {
      o->kind = SF_VF_VEC;
      o->v.cls = SF_VCLS_IMMEDIATE, o->v.type = p == 'M' ? SF_VT_UB : SF_VT_UD, o->v.imm = p == 'M' ? 0 : 7;
    } else if (p == 'R') {
      o->kind = SF_VF_RAW, o->r.id = SF_VISA_FIRST_USER_VAR;
    } else {
      o->kind = SF_VF_UB, o->u = p == 'T' ? SF_VISA_FIRST_USER_SURFACE : p == 'S' ? 0 : modes[i];
    }
  }
  g->num_ops = (uint16_t)(strlen(plan) + 1);
  return true;
}

/* `va_modes`: every VA sub-op of the opcode table has its operand plan under its own opcode, and
 * in every VA operation with a text form each mode byte (the conv exec size, the kernel-size bit,
 * the LBP mode, the pixel size...) is swept over 0-63 with the others at a value
 * that prints: a value the printer writes must read back as itself. The printer asks
 * sf_visa_va_mode_ok whether a byte has a name and then prints the name of its low bits, so a test
 * that lets one value too many through prints another value's name; the generated kernels draw only
 * values that test allows, and their round trip agrees with itself. A byte refused as unsupported
 * is named with its field's number. */
static bool va_modes(sf_verdict *v) {
  static const uint8_t ops[2] = {0x44, 0x4d};
  unsigned printed = 0;
  for (unsigned oi = 0; oi < 2; oi++) {
    const sf_visa_opdesc *d = sf_visa_optab(ops[oi]);
    for (unsigned si = 0; d && d->subs && si < d->num_subs; si++) {
      if (d->subs[si].value < 0) continue;
      uint8_t sub = (uint8_t)d->subs[si].value;
      const char *plan = sf_visa_va_plan(ops[oi], sub);
      if (!plan) { /* every sub-op the opcode table names has its operand plan under that opcode */
        char a[96];
        snprintf(a, sizeof a, "%s sub-op 0x%02x (%s)", d->name, (unsigned)sub, d->subs[si].name ? d->subs[si].name : "?");
        return sf_known_fail(v, "va_modes", "plan", "%s has no operand plan%s", a, "");
      }
      if (strlen(plan) > 16) continue;
      uint8_t base[16] = {0};
      for (size_t i = 0; plan[i]; i++)
        while (base[i] < 63 && !sf_visa_va_mode_ok(plan[i], base[i])) base[i]++;
      for (size_t i = 0; plan[i]; i++) {
        if (strchr("TSVMR", plan[i])) continue;
        for (unsigned val = 0; val < 64; val++) {
          uint8_t modes[16];
          memcpy(modes, base, sizeof modes);
          modes[i] = (uint8_t)val;
          sf_isa_file f, r;
          memset(&r, 0, sizeof r);
          sf_status st;
          sf_status_clear(&st);
          sf_buf out;
          sf_buf_init(&out, &st);
          bool built = va_file(ops[oi], sub, plan, modes, &f);
          const char *bad = NULL;
          sf_code pc = built ? sf_visaasm_print(&f, &out, &st) : SF_ERR_NOMEM;
          char field[32]; /* a refused mode byte is named with its field */
          snprintf(field, sizeof field, "(field %zu)", i + 1);
          if (pc == SF_UNSUPPORTED && !strstr(st.msg, field)) bad = "words";
          if (pc == SF_OK) {
            printed++;
            sf_status_clear(&st);
            if (sf_visaasm_parse((const char *)out.data, out.len, &r, &st) != SF_OK) bad = "reparse";
            else if (r.num_kernels != 1 || r.kernels[0].num_gens != 1 || r.kernels[0].gens[0].num_ops <= 1 + i ||
                     r.kernels[0].gens[0].ops[1 + i].u != val)
              bad = "value";
          }
          unsigned got = !bad || strcmp(bad, "value") || r.num_kernels != 1 || r.kernels[0].num_gens != 1 ||
                                 r.kernels[0].gens[0].num_ops <= 1 + i
                             ? 0u
                             : (unsigned)r.kernels[0].gens[0].ops[1 + i].u;
          sf_buf_free(&out);
          sf_isa_free(&f);
          sf_isa_free(&r);
          if (!bad) continue;
          char a[120], b[SF_STATUS_MSG_MAX + 40];
          snprintf(a, sizeof a, "%s sub-op 0x%02x mode '%c' (field %zu) = %u", d->name, (unsigned)sub, plan[i], i + 1, val);
          snprintf(b, sizeof b, "%s %u: %s", bad, got, st.msg);
          return sf_known_fail(v, "va_modes", bad, "%s prints, and reads back as %s", a, b);
        }
      }
    }
  }
  /* a sweep where nothing prints would pass whatever the printer did */
  return printed || sf_known_fail(v, "va_modes", "none", "no VA instruction of the sweep printed%s%s", "", "");
}

/* `line_cuts` (with `known_lines`): the text cut after each byte of a known line, the header before
 * it whole (`head` bytes), is read in a block of exactly its bytes: accepted, or refused on the
 * line's own line. The suffix and operand parsers that run after the mnemonic and the exec size
 * meet the end of the text at each of their steps, which `mnemonic_end` reaches only at the
 * mnemonic; one that looks a byte past the text reads outside the block (the fuzz builds see it). */
static bool line_cuts(sf_verdict *v, const char *text, size_t head, const char *line) {
  unsigned at_line = 1;
  for (size_t i = 0; i < head; i++) at_line += text[i] == '\n';
  for (size_t k = head; text[k] && text[k] != '\n'; k++) {
    sf_isa_file f;
    sf_status st;
    sf_code rc = sf_check_visaasm_exact(text, k, &f, &st);
    if (rc == SF_OK) sf_isa_free(&f);
    if (rc == SF_OK || rc == SF_ERR_NOMEM || (st.pos_kind == SF_POS_TEXT && st.line == at_line)) continue;
    char cut[40];
    snprintf(cut, sizeof cut, "%zu bytes", k - head);
    char msg[SF_STATUS_MSG_MAX + 80];
    snprintf(msg, sizeof msg, "line %u, its first %s: %s", at_line, cut, st.msg);
    return sf_known_fail(v, "line_cuts", "position", "IGC's line '%s' cut is refused off its line (%s)", line, msg);
  }
  return true;
}

/* `known_lines`: each line of visa_known_lines.h (lines IGC 1.0.12504 wrote, or GenX_IR prints back
 * from our .isa) parses, alone in a kernel after the shared declarations, to its opcode, field kinds
 * and leading field values (a 3D_SAMPLE line: to one instruction of the model, of its sub-op), and
 * prints back verbatim. The fuzz targets' round trips compare our printer with our parser; these
 * compare both with IGC's text, at a process's first input. */
static bool known_lines(sf_verdict *v) {
  const size_t ng = sizeof SF_VISA_KNOWN_LINES / sizeof SF_VISA_KNOWN_LINES[0];
  for (size_t i = 0; i < ng + sizeof SF_VISA_KNOWN_S3D_LINES / sizeof SF_VISA_KNOWN_S3D_LINES[0]; i++) {
    const sf_visa_known_line *t = i < ng ? &SF_VISA_KNOWN_LINES[i] : NULL;
    const sf_visa_known_s3d *t3 = i < ng ? NULL : &SF_VISA_KNOWN_S3D_LINES[i - ng];
    const char *line = t ? t->line : t3->line;
    sf_known_one k;
    sf_known_one_parse(&k, line);
    if (!k.n) continue;
    const char *bad = k.rc == SF_ERR_NOMEM ? NULL : k.rc != SF_OK ? "refused" : NULL;
    if (t) {
      const sf_visa_ginst *g = k.g && !k.f.kernels[0].num_insts ? k.g : NULL;
      if (k.rc == SF_OK && (!g || g->op != t->op || g->num_ops != t->num_ops)) bad = "opcode";
      for (unsigned j = 0, ui = 0; g && !bad && j < g->num_ops && t->kinds[j]; j++) {
        if (g->ops[j].kind != (uint8_t)t->kinds[j]) bad = "kinds";
        else if (t->kinds[j] != 'V' && t->kinds[j] != 'R' && ui < t->nu && g->ops[j].u != t->u[ui++]) bad = "value";
      }
    } else if (k.rc == SF_OK) {
      const sf_visa_kernel *kk = &k.f.kernels[0];
      if (k.f.num_kernels != 1 || kk->num_gens || kk->num_insts != 1 || kk->insts[0].family != SF_FAMILY_SAMPLE_3D ||
          kk->insts[0].s3d.op != t3->sub)
        bad = "opcode";
    }
    if (k.rc == SF_OK && !bad) {
      bool has = false;
      if (sf_known_one_emit(&k, line, &has, &k.st) != SF_OK) bad = "print";
      else if (!has) bad = "printed", snprintf(k.st.msg, sizeof k.st.msg, "printed back otherwise");
    }
    sf_known_one_free(&k);
    if (bad) return sf_known_fail(v, "known_lines", bad, "IGC's line '%s': %s", line, k.st.msg[0] ? k.st.msg : bad);
    if (!line_cuts(v, k.text, k.n - strlen(line) - 1, line)) return false;
  }
  return true;
}

/* `read_forms` (with `known_lines`): each spelling of SF_VISA_KNOWN_FORMS and SF_VISA_KNOWN_PRINTED
 * that GenX_IR's parser reads but its printer writes otherwise (a `.mod` after gather's exec size,
 * a raw_sendsc with its ffid 0 written out, a sample without its SIMD mode, channels on a strided
 * LSC load, rt_write_3d's options in any order) reads as the same instruction as the printed
 * form: the two kernels write the same `.isa` bytes. The fuzz targets read what our printer writes,
 * so these spellings reach the parser only here; each is also cut after every byte (`line_cuts`). */
static bool read_forms(sf_verdict *v) {
  static const char hdr[] = SF_VISA_KNOWN_HDR;
  const size_t nf = sizeof SF_VISA_KNOWN_FORMS / sizeof SF_VISA_KNOWN_FORMS[0];
  for (size_t i = 0; i < nf + sizeof SF_VISA_KNOWN_PRINTED / sizeof SF_VISA_KNOWN_PRINTED[0]; i++) {
    const char *const *pair = i < nf ? SF_VISA_KNOWN_FORMS[i] : SF_VISA_KNOWN_PRINTED[i - nf];
    char text[2][sizeof hdr + 160];
    sf_buf w[2];
    sf_code rc[2];
    sf_status st[2];
    size_t n0 = 0;
    for (unsigned q = 0; q < 2; q++) {
      size_t n = 0;
      sf_isa_file f;
      sf_status_clear(&st[q]);
      rc[q] = sf_known_parse(pair[q], text[q], sizeof text[q], &n, &f, &st[q]);
      if (!q) n0 = n;
      sf_buf_init(&w[q], &st[q]);
      w[q].limit = SF_ISA_CHECK_BUF_LIMIT;
      if (rc[q] == SF_OK) {
        rc[q] = sf_isa_write(&f, &w[q], &st[q]);
        sf_isa_free(&f);
      }
    }
    bool same = rc[0] == SF_OK && rc[1] == SF_OK && w[0].len == w[1].len && !memcmp(w[0].data, w[1].data, w[0].len);
    sf_buf_free(&w[0]);
    sf_buf_free(&w[1]);
    if (rc[0] == SF_ERR_NOMEM || rc[1] == SF_ERR_NOMEM) continue;
    if (rc[0] != SF_OK || rc[1] != SF_OK)
      return sf_known_fail(v, "read_forms", "refused", "GenX_IR's spelling '%s' or its printed form was refused: %s",
                        pair[0], rc[0] != SF_OK ? st[0].msg : st[1].msg);
    if (!same)
      return sf_known_fail(v, "read_forms", "differs", "GenX_IR's spelling '%s' reads as other bytes than '%s'",
                        pair[0], pair[1]);
    if (!line_cuts(v, text[0], n0 - strlen(pair[0]) - 1, pair[0])) return false;
  }
  return true;
}

/* `short_ops`: an instruction built through the API with fewer fields than its row (kernel 0's
 * only generic instruction, every opcode with a layout, none of its fields or only its first, the
 * `ops` array NULL when empty) is refused by the encoder as invalid and by the text printer as
 * unsupported, never read past its fields; a row without fields (barrier, yield) encodes and prints
 * with none. The reader and the parser always build whole instructions, so only this reaches the
 * printers' field-count tests. */
static bool short_ops(sf_verdict *v) {
  for (unsigned op = 0; op < sf_visa_optab_count(); op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    if (!d || (!d->layout && !d->subs)) continue;
    size_t full = d->layout ? strlen(d->layout) : 1; /* a sub-op table: at least the sub-op */
    for (uint16_t n = 0; n < 2 && (n < full || (n == 0 && full == 0)); n++) {
      sf_isa_file f;
      if (!va_file((uint8_t)op, 0, "", NULL, &f)) {
        sf_isa_free(&f);
        continue; /* out of memory */
      }
      sf_visa_ginst *g = &f.kernels[0].gens[0];
      g->num_ops = n;
      if (!n) {
        free(g->ops);
        g->ops = NULL;
      } else { /* its first field, of the row's first kind, value 0 */
        memset(g->ops, 0, sizeof *g->ops);
        g->ops[0].kind = (uint8_t)(d->layout ? d->layout[0] : SF_VF_SUBOP);
        if (g->ops[0].kind == SF_VF_VEC) g->ops[0].v.cls = SF_VCLS_IMMEDIATE, g->ops[0].v.type = SF_VT_UD;
      }
      bool whole = full == 0 && d->layout; /* a row without fields: its whole instruction */
      sf_status st;
      sf_status_clear(&st);
      sf_buf b;
      sf_buf_init(&b, &st);
      sf_code enc = sf_visa_gen_encode(g, &b, &st);
      sf_buf_free(&b);
      sf_status sp;
      sf_status_clear(&sp);
      sf_buf_init(&b, &sp);
      b.limit = SF_ISA_CHECK_BUF_LIMIT;
      sf_code prt = sf_visaasm_print(&f, &b, &sp);
      sf_buf_free(&b);
      sf_isa_free(&f);
      if (enc == SF_ERR_NOMEM || prt == SF_ERR_NOMEM) continue;
      bool enc_ok = whole ? enc == SF_OK : enc == SF_ERR_INVALID, prt_ok = whole ? prt == SF_OK : prt == SF_UNSUPPORTED;
      if (enc_ok && prt_ok) continue;
      char what[96];
      snprintf(what, sizeof what, "%s (0x%02x) with %u of its %zu fields", d->name ? d->name : "?", op, (unsigned)n, full);
      char got[2 * SF_STATUS_MSG_MAX + 96];
      snprintf(got, sizeof got, "encoder %s (%s), printer %s (%s); want %s", sf_code_name(enc), st.msg, sf_code_name(prt),
               sp.msg, whole ? "both to take it" : "invalid, then unsupported");
      return sf_known_fail(v, "short_ops", enc_ok ? "print" : "encode", "%s: %s", what, got);
    }
  }
  return true;
}

/* `s3d_names` (with `known_lines`): each 3D_SAMPLE sub-op of SF_VISA_KNOWN_S3D_NAMES prints under its
 * name, and the printed line reads back as that sub-op. The printer and the parser share one table
 * of IGC's extra names, so a value moved in it (7 named as 8) reads back as itself and no round trip
 * sees that IGC's `load_3d` line would now read as another operation. */
static bool s3d_names(sf_verdict *v) {
  for (size_t i = 0; i < sizeof SF_VISA_KNOWN_S3D_NAMES / sizeof SF_VISA_KNOWN_S3D_NAMES[0]; i++) {
    const sf_visa_known_s3d_name *nm = &SF_VISA_KNOWN_S3D_NAMES[i];
    sf_inst x, y;
    memset(&x, 0, sizeof x);
    x.family = SF_FAMILY_SAMPLE_3D;
    x.s3d.op = nm->op;
    char buf[256], want[48];
    sf_status st;
    sf_status_clear(&st);
    snprintf(want, sizeof want, "sub-op 0x%02x as %s", nm->op, nm->prefix);
    if (sf_visa_print(&x, NULL, buf, sizeof buf, &st) != SF_OK || strncmp(buf, nm->prefix, strlen(nm->prefix)) != 0)
      return sf_known_fail(v, "s3d_names", "print", "printed '%s', want %s", buf, want);
    sf_status_clear(&st);
    sf_code rc = sf_visa_parse(buf, strlen(buf), NULL, &y, &st);
    if (rc != SF_ERR_NOMEM && (rc != SF_OK || y.family != SF_FAMILY_SAMPLE_3D || y.s3d.op != nm->op))
      return sf_known_fail(v, "s3d_names", "read", "'%s' did not read back as %s", buf, want);
    /* our spelling of an unnamed sub-op reads its two hex digits in either case */
    static const char pre[] = "sampler_op_0x";
    if (strncmp(buf, pre, sizeof pre - 1) != 0) continue;
    for (size_t j = sizeof pre - 1; j < sizeof pre + 1; j++)
      if (buf[j] >= 'a' && buf[j] <= 'f') buf[j] = (char)(buf[j] - 'a' + 'A');
    sf_status_clear(&st);
    rc = sf_visa_parse(buf, strlen(buf), NULL, &y, &st);
    if (rc != SF_ERR_NOMEM && (rc != SF_OK || y.family != SF_FAMILY_SAMPLE_3D || y.s3d.op != nm->op))
      return sf_known_fail(v, "s3d_names", "upper", "'%s' did not read back as %s", buf, want);
  }
  return true;
}

/* `known_refusals` (with `known_lines`): each line of SF_VISA_KNOWN_REFUSED (faults in LSC, dpas,
 * rt_write_3d, addr_add, media and SVM lines: an unknown option, a field past its range, an operand
 * too many or too few, a strided load whose channels leave no default pitch; send, VME and legacy
 * lines with a count past its field or an operand of the wrong kind) is refused with its code on
 * its own line, naming what its row says, read from a block of exactly its bytes. The fuzz targets' texts come from
 * our printer, which writes none of these; a parser that takes one reads a kernel its author did
 * not write. */
static bool known_refusals(sf_verdict *v) {
  static const char hdr[] = SF_VISA_KNOWN_HDR;
  unsigned at_line = 1;
  for (const char *q = hdr; *q; q++) at_line += *q == '\n';
  for (size_t i = 0; i < sizeof SF_VISA_KNOWN_REFUSED / sizeof SF_VISA_KNOWN_REFUSED[0]; i++) {
    const sf_visa_known_refusal *r = &SF_VISA_KNOWN_REFUSED[i];
    sf_known_one k;
    sf_known_one_parse(&k, r->line);
    if (!k.n) continue;
    sf_known_one_free(&k);
    sf_code rc = k.rc;
    const sf_status st = k.st;
    if (rc == SF_ERR_NOMEM ||
        (rc == r->code && st.pos_kind == SF_POS_TEXT && st.line == at_line && (!r->word || strstr(st.msg, r->word))))
      continue;
    char got[SF_STATUS_MSG_MAX + 128];
    snprintf(got, sizeof got, "%s at %u:%u (%s), want %s on line %u%s%s", sf_code_name(rc), (unsigned)st.line,
             (unsigned)st.col, st.msg, sf_code_name(r->code), at_line, r->word ? " naming " : "", r->word ? r->word : "");
    return sf_known_fail(v, "known_refusals", rc == SF_OK ? "accepted" : "refusal", "'%s': %s", r->line, got);
  }
  return true;
}

/* `subroutine_layout` (with `known_lines`): a subroutine after the kernel's first instruction prints
 * as GenX_IR lays it out (IsaDisassembly.cpp, as visa_file_print.c reads it): a blank line,
 * `.function "name"`, a blank line, then `name:` alone. The parser reads it without the blank
 * lines, so only the text tells; IGC's own files have their one subroutine first, where no blank
 * line comes before it. */
static bool subroutine_layout(sf_verdict *v) {
  sf_known_one k;
  sf_known_one_parse(&k, "    ret (M1, 1)\n.function \"f\"\nf:\n    ret (M1, 1)");
  if (!k.n || k.rc == SF_ERR_NOMEM) {
    sf_known_one_free(&k);
    return true;
  }
  bool has = false;
  sf_code pc = k.rc == SF_OK ? sf_known_one_emit(&k, "/// $0\n\n.function \"f\"\n\nf:\n    ret (M1, 1)", &has, &k.st) : k.rc;
  sf_known_one_free(&k);
  if (pc == SF_OK && has) return true;
  return sf_known_fail(v, "subroutine_layout", pc == SF_OK ? "printed" : "refused", "a subroutine after a ret: %s%s",
                       pc == SF_OK ? "not printed as a blank line, .function \"f\", a blank line and f:" : k.st.msg, "");
}

bool sf_check_isa_lines(sf_verdict *v) {
  return optab_rows(v) && subop_undefined(v) && name_fields(v) && mnemonic_end(v) && suffix_column(v) && string_escapes(v) && suffix_edges(v) && va_modes(v) &&
         known_lines(v) && subroutine_layout(v) && read_forms(v) && short_ops(v) && known_refusals(v) && s3d_names(v) && sf_check_isa_edges(v);
}

SF_CHECK_ONCE_FN(sf_check_isa_lines)

sf_code sf_check_visaasm_exact(const char *text, size_t n, sf_isa_file *f, sf_status *st) {
  char *t = malloc(n ? n : 1);
  memset(f, 0, sizeof *f);
  sf_status_clear(st);
  if (!t) return SF_ERR_NOMEM;
  memcpy(t, text, n);
  sf_code rc = sf_visaasm_parse(t, n, f, st);
  free(t);
  return rc;
}
