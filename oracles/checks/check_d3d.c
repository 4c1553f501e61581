/* oracles/checks/check_d3d.c — round-trip checks of the D3D SM4/SM5 codec.
 *
 * Tokens (docs/dxbc.md): decode -> encode reproduces the input tokens exactly (the
 * decoder keeps every bit the model holds and rejects the rest, dxbc.h), the canonical form is a
 * fixed point of encode -> decode, the asm text (§3) parses back to the same instruction and prints
 * identically, and wrapping the instruction into a minimal shader container (§1) reads back to the
 * same instruction. Programs: decode -> encode reproduces the chunk body. Containers: the chunks
 * written back by sf_dxbc_write read back identical, and container -> text -> container
 * (sf_dxbc_print_text / sf_dxbc_parse_text, docs/dxbc.md §10) gives back the very bytes; a container
 * the text form refuses must be refused as unsupported at a byte (a layout fxc never writes).
 * Container text (a d3dasm input starting with `.dxbc`): text -> container -> text -> container is
 * the identity on the bytes.
 * Text: parse -> print -> parse is a fixed point, and encode -> decode is the identity. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/oracle.h"



static bool sf_d3d_fail_diff(sf_verdict *v, const char *check, const sf_d3d_inst *a, const sf_d3d_inst *b,
                             const char *la, const char *lb) {
  char diff[256], feature[SF_VERDICT_NAME_MAX];
  sf_d3d_inst_diff(a, b, diff, sizeof diff);
  sf_oracle_field_feature(diff, feature, sizeof feature);
  sf_inst ia = sf_check_wrap_d3d(a), ib = sf_check_wrap_d3d(b);
  sf_verdict_fail(v, check, &ia, feature[0] ? feature : "field");
  sf_verdict_key(v, "field=%s", feature);
  sf_verdict_dumpf(v, "first difference (%s vs %s): %s\n", la, lb, diff[0] ? diff : "(sf_d3d_inst_diff empty)");
  sf_verdict_dump_inst(v, la, &ia);
  sf_verdict_dump_inst(v, lb, &ib);
  return false;
}

static void sf_dump_tokens(sf_verdict *v, const char *label, const uint32_t *t, size_t n) {
  sf_verdict_dumpf(v, "%s (%zu tokens):", label, n);
  for (size_t i = 0; i < n && i < 64; i++) sf_verdict_dumpf(v, " %08x", t[i]);
  sf_verdict_dumpf(v, "%s\n", n > 64 ? " ..." : "");
}

/* Fails v for a refusal that is a finding: check and feature name it, key is the signature's prefix
 * (the status code follows), what says who refused what. */
static void sf_d3d_refused(sf_verdict *v, const char *check, const sf_inst *in, const char *feature, const char *key,
                           const sf_status *st, const char *what) {
  char why[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, check, in, feature);
  sf_verdict_key(v, "%s code=%s", key, sf_code_name(st->code));
  sf_verdict_dumpf(v, "%s: %s\n", what, sf_status_format(st, why, sizeof why));
}

/* encode -> decode; when tok is non-NULL the encoding must equal tok[0..ntok). */
static bool sf_d3d_reencode(sf_verdict *v, const sf_d3d_inst *d, const uint32_t *tok, size_t ntok, bool must) {
  uint32_t out[SF_TPF_MAX_INST_LEN];
  size_t len = 0;
  sf_status st;
  sf_status_clear(&st);
  sf_inst in = sf_check_wrap_d3d(d);
  if (sf_tpf_encode_inst(d, out, &len, &st) != SF_OK) {
    if (!must) return true;
    sf_d3d_refused(v, "encode", &in, "refused", "encode", &st, "encoder refused");
    sf_verdict_dump_inst(v, "instruction", &in);
    return false;
  }
  if (tok && (len != ntok || memcmp(out, tok, ntok * sizeof *tok) != 0)) {
    size_t at = 0;
    while (at < len && at < ntok && out[at] == tok[at]) at++;
    sf_verdict_fail(v, "reencode", &in, len != ntok ? "length" : "tokens");
    sf_verdict_key(v, "reencode %s", len != ntok ? "length" : "tokens");
    sf_verdict_dumpf(v, "encode(decode(x)) != x: first difference at DWORD %zu\n", at);
    sf_dump_tokens(v, "input  ", tok, ntok);
    sf_dump_tokens(v, "encoded", out, len);
    sf_verdict_dump_inst(v, "decoded", &in);
    return false;
  }
  sf_d3d_inst back;
  memset(&back, 0, sizeof back);
  size_t used = 0;
  sf_status_clear(&st);
  if (sf_tpf_decode_inst(out, len, 0, &back, &used, &st) != SF_OK) {
    sf_d3d_refused(v, "redecode", &in, "refused", "redecode", &st, "decoder refused the encoder's output");
    sf_dump_tokens(v, "encoded", out, len);
    return false;
  }
  if (used != len) {
    sf_verdict_fail(v, "redecode", &in, "length");
    sf_verdict_key(v, "redecode length");
    sf_verdict_dumpf(v, "decoder consumed %zu of %zu tokens\n", used, len);
    return false;
  }
  if (!sf_d3d_inst_equal(d, &back)) {
    sf_dump_tokens(v, "encoded", out, len);
    return sf_d3d_fail_diff(v, "redecode", d, &back, "encoded", "decoded");
  }
  return true;
}

static sf_code sf_d3d_print_any(const void *d, char *buf, size_t n, sf_status *st) {
  return sf_d3dasm_print_inst((const sf_d3d_inst *)d, buf, n, st);
}

static sf_code sf_d3d_parse_any(const void *ctx, const char *text, size_t n, sf_status *st) {
  (void)ctx;
  sf_d3d_inst tmp;
  memset(&tmp, 0, sizeof tmp);
  return sf_d3dasm_parse_inst(text, n, 1, &tmp, st);
}

/* print -> parse -> print (the fixpoint, checked with the fit contract), and one negative edit of the text. must: the instruction validates, so
 * printing and parsing must work. */
static bool sf_d3d_textview(sf_verdict *v, const sf_d3d_inst *d, bool must) {
  char t1[SF_D3D_TEXT_CAP];
  sf_status st;
  sf_status_clear(&st);
  sf_inst in = sf_check_wrap_d3d(d);
  if (sf_d3dasm_print_inst(d, t1, sizeof t1, &st) != SF_OK) {
    if (!must) return true;
    sf_d3d_refused(v, "print", &in, "valid", "print", &st, "a decodable instruction does not print");
    return false;
  }
  sf_d3d_inst back;
  memset(&back, 0, sizeof back);
  sf_status_clear(&st);
  if (sf_d3dasm_parse_inst(t1, strlen(t1), 1, &back, &st) != SF_OK) {
    sf_d3d_refused(v, "reparse", &in, "refused", "reparse", &st, "printed text does not parse");
    sf_verdict_dumpf(v, "text: %s\n", t1);
    return false;
  }
  if (!sf_d3d_inst_equal(d, &back)) {
    sf_verdict_dumpf(v, "text: %s\n", t1);
    return sf_d3d_fail_diff(v, "reparse", d, &back, "before print", "after parse");
  }
  return sf_check_print_fixpoint_fit(v, &in, sf_d3d_print_any, d, &back, t1) &&
         sf_check_negative_text(v, &in, sf_d3d_parse_any, NULL, t1, SF_NEG_MNEMONIC) &&
         sf_check_d3d_inst_class(v, &in, t1) && sf_check_d3d_minus_zero(v, &in, t1) &&
         sf_check_relayout_text(v, "d3dasm instruction", sf_canon_d3dasm_inst, t1);
}

/* wrap into a minimal shader -> read the container -> decode the program -> the one sample item
 * must be the instruction. SF_UNSUPPORTED from the wrapper (operands a minimal shader cannot
 * declare), a size cap or memory is not a failure; any other refusal of a valid instruction is. */
static bool sf_d3d_wrapview(sf_verdict *v, const sf_d3d_inst *d) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf out;
  sf_buf_init(&out, &st);
  out.limit = 1u << 20;
  sf_inst in = sf_check_wrap_d3d(d);
  bool ok = true;
  if (sf_dxbc_wrap_sample(d, 0, &out, &st) != SF_OK) {
    sf_buf_free(&out);
    /* registers past what the wrapper declares are unsupported; nothing else excuses a refusal (a
     * one-instruction shader is far below every size cap, so over a limit is a finding too) */
    if ((st.code == SF_UNSUPPORTED && sf_d3d_wrap_beyond(d)) || st.code == SF_ERR_NOMEM) return true;
    sf_d3d_refused(v, "wrap", &in, "refused", "wrap refused", &st, "the wrapper refused a valid instruction");
    sf_verdict_dump_inst(v, "instruction", &in);
    return false;
  }
  if (sf_d3d_wrap_beyond(d)) { /* and the converse: what it cannot declare, it must not wrap */
    sf_buf_free(&out);
    sf_verdict_fail(v, "wrap", &in, "beyond");
    sf_verdict_key(v, "wrap beyond");
    sf_verdict_dumpf(v, "the wrapper wrapped an instruction with an operand a minimal shader cannot declare (docs/dxbc.md "
                        "§1), which must be refused as unsupported\n");
    sf_verdict_dump_inst(v, "instruction", &in);
    return false;
  }
  sf_dxbc c;
  memset(&c, 0, sizeof c);
  sf_tpf_program p;
  sf_tpf_program_init(&p, 0);
  sf_status_clear(&st);
  if (sf_dxbc_read(out.data, out.len, &c, &st) != SF_OK || sf_dxbc_program(&c, &p, &st) != SF_OK) {
    sf_d3d_refused(v, "wrap", &in, "read", "wrap read", &st, "the wrapped shader does not read back");
    sf_verdict_dump_inst(v, "instruction", &in);
    ok = false;
  } else if (!sf_check_dxbc_checksum_written(out.data, out.len, false, v)) {
    ok = false;
  } else {
    const sf_d3d_inst *found = NULL;
    size_t nsample = 0;
    for (size_t i = 0; i < p.count; i++) {
      if (p.items[i].kind == SF_TPF_ITEM_SAMPLE) {
        nsample++;
        if (!found) found = p.items[i].inst;
      }
    }
    if (nsample != 1) {
      sf_verdict_fail(v, "wrap", &in, "count");
      sf_verdict_key(v, "wrap count");
      sf_verdict_dumpf(v, "the wrapped shader holds %zu sample instructions, expected 1\n", nsample);
      ok = false;
    } else if (!sf_d3d_inst_equal(d, found)) {
      ok = sf_d3d_fail_diff(v, "wrap", d, found, "wrapped", "read back");
    } else {
      ok = sf_check_wrap_signatures(v, &c, &p, &in) && sf_check_wrap_decls(v, &p, d, &in);
    }
  }
  sf_tpf_program_free(&p);
  sf_dxbc_free(&c);
  sf_buf_free(&out);
  return ok;
}

/* Canonicalizing keeps the meaning (docs/oracles.md "The canonical form keeps the meaning"): an
 * instruction the decoder or the parser produced differs from its canonical form only in how it
 * was spelled in tokens (an extended operand token with nothing in it, the order of the extended
 * opcode tokens). Equality compares meaning, so this is: d with those two spellings taken from the
 * canonical form equals the canonical form. Without it, a canonicalization that dropped a
 * relative index's register passed: the canonical form's own round trip agreed with itself. */
static bool sf_d3d_canon_keeps(sf_verdict *v, const sf_d3d_inst *d, const sf_d3d_inst *canon) {
  sf_d3d_inst m = *d;
  memcpy(m.ext_order, canon->ext_order, sizeof m.ext_order);
  m.dst.extended = canon->dst.extended;
  for (unsigned i = 0; i < SF_D3D_MAX_SRC; i++) m.src[i].extended = canon->src[i].extended;
  if (sf_d3d_inst_equal(&m, canon)) return true;
  return sf_d3d_fail_diff(v, "canon_meaning", &m, canon, "decoded", "canonical");
}

/* Every view of one decoded instruction. tok: its exact tokens (NULL if it came from text). */
static bool sf_d3d_views(sf_verdict *v, const sf_d3d_inst *d, const uint32_t *tok, size_t ntok) {
  bool valid = sf_d3d_inst_validate(d, NULL) == 0;
  if (!sf_d3d_reencode(v, d, tok, ntok, true)) return false;
  sf_d3d_inst canon = *d;
  sf_d3d_inst_canonicalize(&canon);
  sf_d3d_inst canon2 = canon;
  sf_d3d_inst_canonicalize(&canon2);
  if (!sf_d3d_inst_equal(&canon, &canon2)) return sf_d3d_fail_diff(v, "canonicalize", &canon, &canon2, "once", "twice");
  if (!sf_d3d_canon_keeps(v, d, &canon) || !sf_check_d3d_ext_empty(v, &canon)) return false;
  if (!sf_check_d3d_rules_seen(v, d, valid)) return false;
  /* canon equal to d: its round trip is the one just checked (encode is a function of the instruction) */
  if (!sf_d3d_inst_equal(d, &canon) && !sf_d3d_reencode(v, &canon, NULL, 0, valid)) return false;
  /* dxbc.h promises parse(print(x)) == x for every instruction the decoder accepts. */
  if (!sf_d3d_textview(v, d, true)) return false;
  if (valid && !sf_d3d_wrapview(v, d)) return false;
  return true;
}

bool sf_check_d3d_views(const sf_d3d_inst *d, sf_verdict *v) {
  return sf_d3d_views(v, d, NULL, 0);
}

static bool sf_fail_readback_escape(sf_verdict *v, const char *line, const char *end) {
  const char *nl = memchr(line, '\n', (size_t)(end - line));
  size_t len = (nl ? (size_t)(nl - line) : (size_t)(end - line));
  sf_verdict_fail(v, "program_text", NULL, "escape_readback");
  sf_verdict_key(v, "program_text escape_readback");
  sf_verdict_dumpf(v, "an instruction printed as an escape because its text did not read back:\n%.*s\n",
                   (int)(len < 600 ? len : 600), line);
  return false;
}

static sf_code sf_d3d_parse_program_any(const void *ctx, const char *text, size_t n, sf_status *st) {
  (void)ctx;
  sf_tpf_program tmp;
  sf_tpf_program_init(&tmp, 0);
  sf_code rc = sf_d3dasm_parse_program(text, n, &tmp, st);
  sf_tpf_program_free(&tmp);
  return rc;
}

/* print -> parse -> encode of prog, whose exact bytes are p[0..n) (`program_text`). Returns 1 when
 * the text reads back to those bytes (the text is left in *text), 0 when only the text cap stopped
 * the print, and -1 after a failure, recorded in v. */
static int sf_d3d_program_roundtrip(sf_verdict *v, const sf_tpf_program *prog, const uint8_t *p, size_t n,
                                    sf_buf *text) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf enc;
  sf_buf_init(text, &st);
  sf_buf_init(&enc, &st);
  text->limit = SF_D3DASM_MAX_TEXT;
  enc.limit = n + 4096;
  sf_tpf_program back;
  sf_tpf_program_init(&back, 0);
  const char *broke = NULL;
  int r = 1;
  if (sf_d3dasm_print_program(prog, text, &st) != SF_OK) {
    /* a size refusal must be the output buffer's: with no practical cap the program prints */
    sf_buf big;
    sf_buf_init(&big, NULL);
    big.limit = (size_t)1 << 28;
    if (st.code != SF_ERR_LIMIT || sf_d3dasm_print_program(prog, &big, &st) != SF_OK) broke = "print";
    sf_buf_free(&big);
    r = 0;
  } else if (sf_d3dasm_parse_program((const char *)text->data, text->len, &back, &st) != SF_OK) {
    broke = "parse";
  } else if (sf_tpf_program_encode(&back, &enc, &st) != SF_OK || enc.len != n || memcmp(enc.data, p, n) != 0) {
    broke = "bytes";
  }
  if (broke) {
    char why[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "program_text", NULL, broke);
    sf_verdict_key(v, "program_text %s code=%s", broke, sf_code_name(st.code));
    sf_verdict_dumpf(v, "a program that decodes and encodes back to its bytes does not %s as text: %s\n%.*s\n",
                     strcmp(broke, "bytes") == 0 ? "read back to them" : broke,
                     st.code ? sf_status_format(&st, why, sizeof why) : "other bytes",
                     (int)(text->len < 4000 ? text->len : 4000), text->data ? (const char *)text->data : "");
    sf_verdict_dump_hex(v, "program", p, n);
    r = -1;
  }
  sf_tpf_program_free(&back);
  sf_buf_free(&enc);
  return r;
}

/* A program body that re-encodes exactly (p[0..n)): its text must read back to the same bytes, no
 * instruction may be escaped for a text that did not read back (`escape_readback`), and one invalid
 * edit of one of its lines, and a version token widened past 32 bits, must be refused on that line
 * (`negative_line`). */
/* strict: SF_D3D_STRICT_* (sf_check_d3d_program_strict). */
static bool sf_d3d_program_text(sf_verdict *v, const sf_tpf_program *prog, const uint8_t *p, size_t n, unsigned strict) {
  sf_buf text;
  int r = sf_d3d_program_roundtrip(v, prog, p, n, &text);
  bool ok = r >= 0;
  if (ok && r == 0 && strict) { /* the printer refused for size: not an excuse for a generated program */
    sf_verdict_fail(v, "gen_print", NULL, "limit");
    sf_verdict_key(v, "gen_print");
    sf_verdict_dumpf(v, "the printer refused a generated program of %zu bytes for its size\n", n);
    ok = false;
  }
  if (ok && (strict & SF_D3D_STRICT_NO_TPF) && text.len && sf_d3d_has_tpf_line((const char *)text.data, text.len)) {
    sf_verdict_fail(v, "gen_escape", NULL, "tpf");
    sf_verdict_key(v, "gen_escape");
    sf_verdict_dumpf(v, "a program drawn text-only printed with a .tpf line:\n%.*s\n",
                     (int)(text.len < 4000 ? text.len : 4000), (const char *)text.data);
    ok = false;
  }
  if (ok && r > 0 && text.len) ok = sf_check_d3d_sm51_case(v, (const char *)text.data, text.len, prog->version);
  if (ok && r > 0 && text.len) {
    const char *t = (const char *)text.data, *esc = sf_d3d_readback_escape(t, text.len);
    /* The first line (shader model or .version, outside the line edits) replaced by a version token
     * of nine hex digits (>= 2^32): refused on line 1, at or after its "0x". */
    char ver[24];
    snprintf(ver, sizeof ver, ".version 0x1%08x", (unsigned)prog->version);
    /* A shader model that has a name (program type 0-5 ps vs gs hs ds cs, major and minor 0-9, the
     * reserved bits 8-15 clear) is printed by name, as fxc writes it, never as a `.version` escape. */
    uint32_t pv = prog->version;
    if (!esc && text.len > 9 && !memcmp(t, ".version ", 9) && (pv >> 16) < 6 && !(pv & 0xff00) && ((pv >> 4) & 0xf) <= 9 &&
        (pv & 0xf) <= 9) {
      sf_verdict_fail(v, "version_escape", NULL, "named");
      sf_verdict_key(v, "version_escape");
      sf_verdict_dumpf(v, "version token 0x%08x has a shader model name but printed as: %.*s\n", (unsigned)pv,
                       (int)(memchr(t, '\n', text.len) ? (const char *)memchr(t, '\n', text.len) - t : 40), t);
      ok = false;
    } else {
      ok = esc ? sf_fail_readback_escape(v, esc, t + text.len)
               : sf_check_d3d_typed_imms(v, t, text.len) && sf_check_d3d_text_cap(v, t, text.len) &&
                     sf_check_d3d_double_suffix(v, t, text.len, p, n) &&
                     sf_check_negative_lines(v, sf_d3d_parse_program_any, NULL, t, text.len, NULL, SF_NEG_COMMAS | SF_NEG_MNEMONIC) &&
                     sf_check_group_drop(v, sf_d3d_parse_program_any, NULL, t, text.len) &&
                     sf_check_eof_cut(v, sf_d3d_parse_program_any, NULL, t, text.len) &&
                     sf_check_negative_first_line(v, sf_d3d_parse_program_any, NULL, t, text.len, ver, 10, 21);
    }
    if (ok && sf_check_relayout_every(t, text.len, strict ? 2u : SF_RELAYOUT_EVERY))
      ok = sf_check_relayout(v, "d3dasm", sf_canon_d3dasm_program, NULL, t, text.len, p, n);
  }
  sf_buf_free(&text);
  return ok;
}

/* The opcode table against the token format's own list (docs/oracles.md "The opcode table has no
 * holes"): d3d11TokenizedProgramFormat.hpp defines every opcode value 0x00-0xea but the four it
 * names RESERVED (0x6b, 0x70, 0xd1, 0xda), so an instruction of a program with any other value in
 * that range must find its row, and the row must say the same value. Without this, a table that
 * lost or moved a row went unseen: the decoder keeps the instruction's tokens, the printer writes
 * them as a `.tpf` escape, and every round trip agrees with itself. The same header fixes the
 * opcode-token control fields a row may claim: the test boolean (bit 18, _z/_nz) belongs to breakc,
 * callc, continuec, discard, if and retc only; the resinfo, sampleinfo and sync fields to their one
 * opcode each; and the opcodes from 0x71 (HS_DECLS) on are the D3D11 ones. A row that claims
 * another field prints and parses that field consistently, so only this list can tell. An
 * instruction outside the sample family must also have no family name and a family source count
 * of 0 (inst.h), which the family's own instructions never ask. */
static bool sf_d3d_optab_flags_ok(uint32_t op, unsigned flags) {
  bool test = op == 0x03 || op == 0x05 || op == 0x08 || op == 0x0d || op == 0x1f || op == 0x3f;
  return !(flags & SF_TPF_F_TEST) == !test && !(flags & SF_TPF_F_RESINFO) == (op != 0x3d) &&
         !(flags & SF_TPF_F_SAMPLEINFO) == (op != 0x6f) && !(flags & SF_TPF_F_SYNC) == (op != 0xbe) &&
         !(flags & SF_TPF_F_SM5) == (op < 0x71);
}

static bool sf_d3d_optab_row(sf_verdict *v, const sf_tpf_program *prog) {
  for (size_t i = 0; i < prog->count; i++) {
    const sf_tpf_item *it = &prog->items[i];
    if (it->kind != SF_TPF_ITEM_OPAQUE || !it->ntok) continue;
    uint32_t op = it->tok[0] & 0x7ff;
    if (op >= SF_TPF_NUM_OPCODES || op == 0x6b || op == 0x70 || op == 0xd1 || op == 0xda) continue;
    const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
    /* and an opcode outside the sample family has no family name and no family source count
     * (inst.h): sf_inst's D3D side holds only that family */
    bool family = oi && (oi->flags & SF_TPF_F_SAMPLE);
    bool outside_ok = family || (!sf_d3d_op_name((uint8_t)op) && !sf_d3d_op_num_src((uint8_t)op));
    if (oi && oi->op == op && sf_d3d_optab_flags_ok(op, oi->flags) && outside_ok) continue;
    const char *what = !oi ? "missing" : oi->op != op ? "value" : !outside_ok ? "family" : "flags";
    sf_verdict_fail(v, "optab_row", NULL, what);
    sf_verdict_key(v, "optab_row %s 0x%x", what, op);
    if (!outside_ok) {
      const char *nm = sf_d3d_op_name((uint8_t)op);
      sf_verdict_dumpf(v, "instruction %zu: opcode 0x%x is outside the sample family, but sf_d3d_op_name gives '%s' and "
                       "sf_d3d_op_num_src %u (want NULL and 0)\n", i, op, nm ? nm : "(null)", sf_d3d_op_num_src((uint8_t)op));
      return false;
    }
    sf_verdict_dumpf(v, "instruction %zu: opcode 0x%x is defined by the token format, but the opcode table %s\n", i,
                     op, !oi ? "has no row for it" : oi->op != op ? "gives its row another value"
                                                                  : "gives its row control fields it does not have");
    return false;
  }
  return true;
}

bool sf_check_d3d_program_strict(const uint8_t *p, size_t n, sf_verdict *v, const char *what, unsigned strict) {
  sf_tpf_program prog;
  sf_tpf_program_init(&prog, 0);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_tpf_program_decode(p, n, &prog, &st);
  if (rc != SF_OK) {
    sf_tpf_program_free(&prog);
    if (strict) {
      char msg[SF_STATUS_MSG_MAX + 64];
      sf_verdict_fail(v, "gen_decode", NULL, sf_code_name(st.code));
      sf_verdict_key(v, "gen_decode code=%s", sf_code_name(st.code));
      sf_verdict_dumpf(v, "sf_tpf_program_decode refused a generated program: %s\n", sf_status_format(&st, msg, sizeof msg));
      return false;
    }
    if (!sf_check_refusal_code(v, what, rc, &st) || !sf_check_refusal_at(v, what, &st, NULL, p, n, true)) return false;
    sf_verdict_refuse(v, &st);
    return true;
  }
  bool ok = sf_d3d_optab_row(v, &prog) && sf_check_d3d_alloc_fail("dxbc", p, n, SF_D3D_ALLOC_PROGRAM, v);
  sf_buf out;
  sf_status_clear(&st);
  sf_buf_init(&out, &st);
  out.limit = SF_DXBC_MAX_SIZE;
  if (ok && (sf_tpf_program_encode(&prog, &out, &st) != SF_OK || out.len != n || memcmp(out.data, p, n) != 0)) {
    sf_verdict_fail(v, "reencode", NULL, "program");
    sf_verdict_key(v, "reencode program");
    sf_verdict_dump_hex(v, "input  ", p, n);
    sf_verdict_dump_hex(v, "encoded", out.data ? out.data : p, out.data ? out.len : 0);
    ok = false;
  }
  sf_buf_free(&out);
  if (ok) ok = sf_d3d_program_text(v, &prog, p, n, strict);
  for (size_t i = 0; ok && i < prog.count; i++) {
    if (prog.items[i].kind == SF_TPF_ITEM_SAMPLE) ok = sf_d3d_views(v, prog.items[i].inst, NULL, 0);
  }
  sf_tpf_program_free(&prog);
  return ok;
}

static bool sf_check_d3d_program(const uint8_t *p, size_t n, sf_verdict *v, const char *what) {
  return sf_check_d3d_program_strict(p, n, v, what, 0);
}

/* The printer's choice for program chunks (docs/oracles.md "Contracts every codec target checks"):
 * a SHDR/SHEX chunk whose program decodes and encodes back to its bytes has an fxc-style text that
 * must read back to the same bytes, so the container printer must show it as `.program`, not as a
 * hex escape. The check runs that program text round trip itself: a failure of it is a finding of
 * its own (only the text cap excuses one), and a hex escape of a program that passed it is a finding
 * of the container printer. Returns how many chunks the container text must show as `.program`, or
 * -1 after a failure (recorded in v). */
static long sf_dxbc_text_programs(const sf_dxbc *c, sf_verdict *v) {
  long count = 0;
  for (uint32_t i = 0; i < c->nchunks && count >= 0; i++) {
    const sf_dxbc_chunk *ch = &c->chunks[i];
    if (ch->fourcc != SF_DXBC_SHDR && ch->fourcc != SF_DXBC_SHEX) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_tpf_program prog;
    sf_tpf_program_init(&prog, 0);
    sf_buf enc, text;
    sf_buf_init(&enc, &st);
    sf_buf_init(&text, &st);
    enc.limit = (size_t)ch->size + 4096;
    if (sf_tpf_program_decode(ch->data, ch->size, &prog, &st) == SF_OK && sf_tpf_program_encode(&prog, &enc, &st) == SF_OK &&
        enc.len == ch->size && memcmp(enc.data, ch->data, ch->size) == 0) {
      int r = sf_d3d_program_roundtrip(v, &prog, ch->data, ch->size, &text);
      if (r < 0) sf_verdict_dumpf(v, "(chunk %u of the container)\n", i);
      count = r < 0 ? -1 : count + r;
    }
    sf_tpf_program_free(&prog);
    sf_buf_free(&enc);
    sf_buf_free(&text);
  }
  return count;
}

/* sf_dxbc_text_programs of p[0..n), read here unless the caller has already read it. A container
 * the printer printed reads (the printer reads it first), so a failed read expects nothing. */
static long sf_dxbc_text_programs_of(const uint8_t *p, size_t n, const sf_dxbc *read, sf_verdict *v) {
  if (read) return sf_dxbc_text_programs(read, v);
  sf_dxbc c;
  memset(&c, 0, sizeof c);
  sf_status st;
  sf_status_clear(&st);
  long want = sf_dxbc_read(p, n, &c, &st) == SF_OK ? sf_dxbc_text_programs(&c, v) : 0;
  sf_dxbc_free(&c);
  return want;
}

/* How many chunks of the container p[0..n) are SHDR or SHEX, read from its chunk table (bounds
 * checked; a printed container has a well-formed one). */
static long sf_count_program_chunks(const uint8_t *p, size_t n) {
  if (n < 32) return 0;
  uint64_t count = sf_le32(p + 28), k = 0;
  if (count > (n - 32) / 4) count = (n - 32) / 4;
  for (uint64_t i = 0; i < count; i++) {
    uint64_t off = sf_le32(p + 32 + 4 * i);
    if (off <= n - 4) {
      uint32_t cc = sf_le32(p + off);
      k += cc == SF_DXBC_SHDR || cc == SF_DXBC_SHEX;
    }
  }
  return (long)k;
}

/* Lines of the container text that start with `.program `. */
static long sf_count_program_lines(const char *t, size_t n) {
  long k = 0;
  for (size_t i = 0; i + 9 <= n; i++)
    if ((i == 0 || t[i - 1] == '\n') && memcmp(t + i, ".program ", 9) == 0) k++;
  return k;
}

sf_code sf_check_dxbc_parse_any(const void *ctx, const char *text, size_t n, sf_status *st) {
  (void)ctx;
  sf_buf out;
  sf_buf_init(&out, st);
  out.limit = SF_DXBC_MAX_SIZE + 4096;
  sf_code rc = sf_dxbc_parse_text(text, n, &out, st);
  sf_buf_free(&out);
  return rc;
}

/* container -> text -> container must give back p[0..n). refusal_ok: a print refusal (unsupported
 * layout, at a byte) is acceptable; otherwise the container came from our own writer and must print. */
static bool sf_check_dxbc_text_bytes(const uint8_t *p, size_t n, sf_verdict *v, bool refusal_ok, const sf_dxbc *read) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf text, back;
  sf_buf_init(&text, &st);
  sf_buf_init(&back, &st);
  text.limit = SF_D3DASM_MAX_TEXT;
  back.limit = SF_DXBC_MAX_SIZE + 4096;
  bool ok = true;
  long want = 0, got = 0, all = 0;
  char why[SF_STATUS_MSG_MAX + 64];
  if (sf_dxbc_print_text(p, n, &text, &st) != SF_OK) {
    if (!refusal_ok || st.code != SF_UNSUPPORTED || st.pos_kind != SF_POS_BYTE) {
      sf_verdict_fail(v, "container_text", NULL, "print");
      sf_verdict_key(v, "container_text print code=%s", sf_code_name(st.code));
      sf_verdict_dumpf(v, "a readable container does not print as text: %s\n", sf_status_format(&st, why, sizeof why));
      sf_verdict_dump_hex(v, "container", p, n);
      ok = false;
    }
  } else if ((got = sf_count_program_lines((const char *)text.data, text.len)) != (all = sf_count_program_chunks(p, n)) &&
             (want = sf_dxbc_text_programs_of(p, n, read, v)) < 0) {
    /* When every program chunk shows as `.program`, the parse and the byte comparison below are
     * those programs' text round trips. Only when some chunk was escaped does the check run them
     * itself (sf_dxbc_text_programs: one more print, parse and encode of each program) to tell a
     * program without a text form from a printer that escaped one with a text form. */
    ok = false;
  } else if (got != all && got != want) {
    sf_verdict_fail(v, "container_text", NULL, "program_escaped");
    sf_verdict_key(v, "container_text program_escaped");
    sf_verdict_dumpf(v, "%ld program chunk(s) have a text form that reads back exactly, but the container text shows "
                     "%ld as .program\n%.*s\n", want, got, (int)(text.len < 4000 ? text.len : 4000), (const char *)text.data);
    ok = false;
  } else if (!sf_check_container_sniff(v, (const char *)text.data, text.len)) {
    ok = false;
  } else if (sf_dxbc_parse_text((const char *)text.data, text.len, &back, &st) != SF_OK) {
    sf_verdict_fail(v, "container_text", NULL, "parse");
    sf_verdict_key(v, "container_text parse code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "the printed container text does not parse: %s\n%.*s\n", sf_status_format(&st, why, sizeof why),
                     (int)(text.len < 4000 ? text.len : 4000), (const char *)text.data);
    ok = false;
  } else if (back.len != n || memcmp(back.data, p, n) != 0) {
    size_t at = 0;
    while (at < n && at < back.len && back.data[at] == p[at]) at++;
    sf_verdict_fail(v, "container_text", NULL, "bytes");
    sf_verdict_key(v, "container_text bytes");
    sf_verdict_dumpf(v, "container -> text -> container differs at byte %zu (%zu vs %zu bytes)\n%.*s\n", at, n,
                     back.len, (int)(text.len < 4000 ? text.len : 4000), (const char *)text.data);
    sf_verdict_dump_hex(v, "input  ", p, n);
    sf_verdict_dump_hex(v, "rebuilt", back.data, back.len);
    ok = false;
  } else if (got && sf_d3d_readback_escape((const char *)text.data, text.len)) {
    ok = sf_fail_readback_escape(v, sf_d3d_readback_escape((const char *)text.data, text.len),
                                 (const char *)text.data + text.len);
  } else if (got) {
    /* One invalid edit on one line of a program section must be refused there (check_negative.c):
     * the whole-program parser (generic instructions, declarations) gets what the single-instruction
     * views get. */
    ok = sf_check_negative_lines(v, sf_check_dxbc_parse_any, NULL, (const char *)text.data, text.len, ".program ", SF_NEG_COMMAS | SF_NEG_MNEMONIC);
  }
  if (ok && back.len) ok = sf_check_negative_sigmask(v, sf_check_dxbc_parse_any, NULL, (const char *)text.data, text.len);
  if (ok && back.len)
    ok = sf_check_dxbc_text_fit(v, p, n, text.len) && sf_check_dxbc_chunk_gap(v, p, n) && sf_check_dxbc_chunk_edge(v, p, n) &&
         sf_check_dxbc_fourcc_cut(v, (const char *)text.data, text.len) &&
         sf_check_dxbc_program_empty(v, (const char *)text.data, text.len) &&
         sf_check_dxbc_hex_lines(v, (const char *)text.data, text.len);
  if (ok && back.len && sf_check_relayout_every((const char *)text.data, text.len, SF_RELAYOUT_EVERY)) /* check_relayout.c */
    ok = sf_check_relayout(v, "container", sf_canon_dxbc_text, NULL, (const char *)text.data, text.len, p, n);
  sf_buf_free(&text);
  sf_buf_free(&back);
  return ok;
}

/* Container text: parse it (a refusal must have a line:column); the container must then go
 * container -> text -> container identically. */
static bool sf_check_dxbc_text(const char *text, size_t n, sf_verdict *v) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf bytes;
  sf_buf_init(&bytes, &st);
  bytes.limit = SF_DXBC_MAX_SIZE + 4096;
  bool ok;
  sf_code rc = sf_dxbc_parse_text(text, n, &bytes, &st);
  if (rc != SF_OK) {
    ok = sf_check_refusal_code(v, "container text", rc, &st) &&
         sf_check_refusal_at(v, "container text", &st, NULL, text, n, true);
    if (ok) sf_verdict_refuse(v, &st);
  } else {
    ok = sf_check_d3d_alloc_fail("d3dasm", (const uint8_t *)text, n, SF_D3D_ALLOC_CONTAINER_TEXT, v) &&
         sf_check_dxbc_text_bytes(bytes.data, bytes.len, v, false, NULL);
  }
  sf_buf_free(&bytes);
  return ok;
}

static bool sf_check_dxbc_container(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_dxbc c;
  memset(&c, 0, sizeof c);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_dxbc_read(p, n, &c, &st);
  if (!sf_check_dxbc_checksum_read(p, n, rc, v)) return sf_dxbc_free(&c), false; /* check_dxbc_sum.c */
  if (rc != SF_OK) {
    sf_dxbc_free(&c);
    if (!sf_check_refusal_code(v, "container", rc, &st) || !sf_check_refusal_at(v, "container", &st, NULL, p, n, true))
      return false;
    sf_verdict_refuse(v, &st);
    return true;
  }
  if (!sf_check_d3d_alloc_fail("dxbc", p, n, SF_D3D_ALLOC_CONTAINER, v)) {
    sf_dxbc_free(&c);
    return false;
  }
  bool ok = true;
  /* Write the chunks back and read them again: same chunks, same order, same bytes. */
  sf_buf out;
  sf_status_clear(&st);
  sf_buf_init(&out, &st);
  out.limit = SF_DXBC_MAX_SIZE + 4096;
  sf_dxbc c2;
  memset(&c2, 0, sizeof c2);
  if (sf_dxbc_write_ex(c.chunks, c.nchunks, c.zero_checksum ? SF_DXBC_WRITE_ZERO_CHECKSUM : 0, &out, &st) != SF_OK ||
      sf_dxbc_read(out.data, out.len, &c2, &st) != SF_OK) {
    char why[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "rewrite", NULL, "container");
    sf_verdict_key(v, "rewrite container code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "the chunks of a valid container do not write and read back: %s\n",
                     sf_status_format(&st, why, sizeof why));
    ok = false;
  } else if (!sf_check_dxbc_checksum_written(out.data, out.len, c.zero_checksum, v)) {
    ok = false;
  } else if (c2.nchunks != c.nchunks) {
    sf_verdict_fail(v, "rewrite", NULL, "count");
    sf_verdict_key(v, "rewrite count");
    sf_verdict_dumpf(v, "%u chunks read, %u after rewriting\n", c.nchunks, c2.nchunks);
    ok = false;
  } else {
    for (uint32_t i = 0; i < c.nchunks && ok; i++) {
      const sf_dxbc_chunk *a = &c.chunks[i], *b = &c2.chunks[i];
      if (a->fourcc != b->fourcc || a->size != b->size || (a->size && memcmp(a->data, b->data, a->size) != 0)) {
        sf_verdict_fail(v, "rewrite", NULL, "chunk");
        sf_verdict_key(v, "rewrite chunk");
        sf_verdict_dumpf(v, "chunk %u differs after rewriting (fourcc %08x size %u vs %08x size %u)\n", i,
                         a->fourcc, a->size, b->fourcc, b->size);
        ok = false;
      }
    }
  }
  sf_dxbc_free(&c2);
  sf_buf_free(&out);
  /* The shader program inside, when there is one. */
  if (ok) {
    const sf_dxbc_chunk *shader = sf_dxbc_find(&c, SF_DXBC_SHEX);
    if (!shader) shader = sf_dxbc_find(&c, SF_DXBC_SHDR);
    if (shader) {
      sf_verdict inner;
      sf_verdict_init(&inner, "dxbc");
      ok = sf_check_d3d_program(shader->data, shader->size, &inner, "program");
      if (inner.kind == SF_VERDICT_FAIL) {
        *v = inner;
        snprintf(v->oracle, sizeof v->oracle, "dxbc");
      }
    }
  }
  if (ok) ok = sf_check_dxbc_text_bytes(p, n, v, true, &c);
  sf_dxbc_free(&c);
  return ok;
}

bool sf_check_dxbc(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "dxbc");
  if (!sf_check_api_nulls_once(v) || !sf_check_d3d_names_once(v) || !sf_check_d3d_program_cap_once(v) ||
      !sf_check_d3d_tokens_once(v) || !sf_check_d3d_text_fixed_once(v) ||
      !sf_check_d3d_wrap_edges_once(v) || !sf_check_d3d_caps_once(v) || !sf_check_text_words_once(v) ||
      !sf_check_d3d_alloc_long_once(v))
    return false;
  if (n > SF_CHECK_MAX_BIN) n = SF_CHECK_MAX_BIN;
  if (!sf_check_model_core(v, p, n)) return false;
  if (n >= 5 && memcmp(p, "SFGEN", 5) == 0) return sf_check_dxbc_gen(p + 5, n - 5, v); /* check_d3d_gen.c */
  if (n >= 4 && sf_le32(p) == SF_DXBC_MAGIC) return sf_check_dxbc_container(p, n, v);
  /* A program body: the length token (DWORD 1) equals the size. */
  if (n >= 8 && (n % 4) == 0 && (uint64_t)sf_le32(p + 4) * 4 == n) {
    bool ok = sf_check_d3d_program(p, n, v, "program");
    snprintf(v->oracle, sizeof v->oracle, "dxbc");
    return ok;
  }
  /* One instruction's tokens (little-endian DWORDs; a trailing partial DWORD is ignored). */
  size_t ntok = n / 4;
  uint32_t tok[SF_CHECK_MAX_BIN / 4];
  for (size_t i = 0; i < ntok; i++) tok[i] = sf_le32(p + 4 * i);
  sf_d3d_inst d;
  memset(&d, 0, sizeof d);
  size_t used = (size_t)-1; /* dxbc.h: 0 after a refusal, which this value is not */
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_tpf_decode_inst(tok, ntok, 0, &d, &used, &st);
  if (rc != SF_OK) {
    if (!sf_check_refusal_code(v, "decode", rc, &st) || !sf_check_refusal_at(v, "decode", &st, NULL, tok, ntok * 4, true) ||
        !sf_check_used_zero(v, "decode", used, &st))
      return false;
    sf_verdict_refuse(v, &st);
    return true;
  }
  if (used == 0 || used > ntok) {
    sf_inst in = sf_check_wrap_d3d(&d);
    sf_verdict_fail(v, "decode", &in, "length");
    sf_verdict_key(v, "decode length");
    sf_verdict_dumpf(v, "decoder reports %zu tokens used of %zu\n", used, ntok);
    return false;
  }
  sf_inst wrapped = sf_check_wrap_d3d(&d);
  if (!sf_check_model_inst(v, &wrapped, sf_check_draw(p, n))) return false;
  return sf_d3d_views(v, &d, tok, used);
}

bool sf_check_d3dasm(const char *text, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "d3dasm");
  if (!sf_check_api_nulls_once(v) || !sf_check_d3d_names_once(v) || !sf_check_d3d_program_cap_once(v) ||
      !sf_check_d3d_tokens_once(v) || !sf_check_d3d_text_fixed_once(v) ||
      !sf_check_d3d_wrap_edges_once(v) || !sf_check_d3d_caps_once(v) || !sf_check_text_words_once(v) ||
      !sf_check_d3d_alloc_long_once(v) || !sf_check_d3d_statement_cap_once(v))
    return false;
  if (n > SF_CHECK_MAX_TEXT) n = SF_CHECK_MAX_TEXT;
  sf_d3d_inst d;
  memset(&d, 0, sizeof d);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_d3dasm_parse_inst(text, n, 1, &d, &st);
  if (rc != SF_OK) {
    if (!sf_check_refusal_code(v, "parse", rc, &st) || !sf_check_refusal_at(v, "parse", &st, NULL, text, n, true))
      return false;
    if (sf_dxbc_text_is_container(text, n)) return sf_check_dxbc_text(text, n, v);
    sf_verdict_refuse(v, &st);
    return true;
  }
  return sf_d3d_views(v, &d, NULL, 0);
}
