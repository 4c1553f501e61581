/* oracles/checks/check_isa_file_once.c — the text checks isa_file_fuzzer runs once per process,
 * on kernels built here (no seed holds them within the target's max_len, or they are edges of the
 * grammar no generated kernel reaches): `target_names` (the Target attribute's names and values),
 * `unknown_atomic` (atomic suffixes that name no operation, sample/load's `.ch0`), `text_edges`
 * (decimal float immediates at the largest finite magnitude, svm_gather codes with no text),
 * `va_rows` (the VA messages by IGC's numbers and fields), `version_steps` (one kernel's size
 * at each version 3.3-4.1), `info_surface` (3D_INFO with a one-letter surface), `va_name_end` (a VA mode name with more
 * after it), `pred_refused` (a predicate where
 * GenX_IR's grammar has none), `function_header` (a function's header fields text cannot carry)
 * (the caps are in check_isa_caps.c). check_isa_file.c calls the `_once` entry point. */
#include <float.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/visa.h"

/* Parses `line` as the one instruction of a kernel (line 3 of the text, after four blanks, then a
 * ret) and returns the parser's code, the kernel freed; st holds the refusal. */
static sf_code one_line_kernel(const char *line, sf_status *st) {
  char text[320];
  int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n    %s\n    ret (M1, 1)\n", line);
  sf_isa_file f;
  memset(&f, 0, sizeof f);
  sf_status_clear(st);
  sf_code rc = sf_visaasm_parse(text, (size_t)n, &f, st);
  if (rc == SF_OK) sf_isa_free(&f);
  return rc;
}

/* `version_steps` (once per process, with `target_names`): one kernel (a variable, a raw_sends, a
 * sample_3d and a load_lz) written at each version from 3.3 to 4.1 must grow by exactly the fields
 * that docs/visa-binary.md ("Versions", from IGC's ByteCodeReaderNG.cpp) says change at that
 * version: at 3.4 five header ids (string count, kernel name index, variable count, the variable's
 * name and alias index) and nine raw operands' variable ids grow from UW to UD (2 bytes each) and
 * the aoffimmi of sample_3d and of load_lz each from a UW value to an immediate operand (tag, type
 * and 4 value bytes: 4 more); at 3.5 the input count from UB to UD (3); at 3.6 raw_sends gains its
 * ffid byte (1); at 3.7 the kernel's name length becomes UW (1); at 4.0 the op of 3D_SAMPLE and of
 * 3D_LOAD (two layouts, switched apart) each becomes UW (2); 4.1 adds nothing. Writer and reader share each layout, so a layout switched at the wrong version writes
 * files that read back the same: only the sizes show it. Each file must also read back as the
 * kernel written. */
static bool version_steps(sf_verdict *v) {
  static const char body[] = "\n.kernel \"k\"\n.decl V32 v_type=G type=ud num_elts=16 align=GRF\n"
                             "    raw_sends.0.1.1.1 (M1, 16)  0x0:ud 0x2000000:ud V32.0 V32.0 V32.0\n"
                             "    sample_3d.RGBA (M1, 16)  0x0:uw S0 T6 V32.0 V32.0 V32.0\n"
                             "    load_lz.RGBA (M1, 16)  0x0:uw T6 V32.0 V32.0 V32.0\n    ret (M1, 1)\n";
  static const struct {
    const char *ver;
    unsigned step; /* bytes more than the version before */
  } vers[] = {{"3.3", 0}, {"3.4", 36}, {"3.5", 3}, {"3.6", 1}, {"3.7", 1}, {"4.0", 2}, {"4.1", 0}};
  size_t prev = 0;
  for (size_t i = 0; i < sizeof vers / sizeof vers[0]; i++) {
    char text[480];
    int n = snprintf(text, sizeof text, ".version %s%s", vers[i].ver, body);
    sf_isa_file f, r;
    memset(&f, 0, sizeof f);
    memset(&r, 0, sizeof r);
    sf_status st;
    sf_status_clear(&st);
    sf_buf out;
    sf_buf_init(&out, &st);
    const char *bad = NULL;
    char why[200] = "";
    if (sf_visaasm_parse(text, (size_t)n, &f, &st) != SF_OK) bad = "parse";
    else if (sf_isa_write(&f, &out, &st) != SF_OK) bad = "write";
    else if (sf_isa_read(out.data, out.len, &r, &st) != SF_OK) bad = "read";
    else if (!sf_isa_same_file(&f, &r, false, why, sizeof why)) bad = "same";
    else if (i && out.len != prev + vers[i].step) bad = "size";
    size_t len = out.len;
    sf_buf_free(&out);
    sf_isa_free(&f);
    sf_isa_free(&r);
    if (bad) {
      sf_verdict_fail(v, "version_steps", NULL, vers[i].ver);
      sf_verdict_key(v, "version_steps %s %s", vers[i].ver, bad);
      sf_verdict_dumpf(v, "the kernel at version %s: %s (%zu bytes, %zu at the version before, want %u more) %s %s\n",
                       vers[i].ver, bad, len, prev, vers[i].step, st.msg, why);
      return false;
    }
    prev = len;
  }
  return true;
}

/* `info_surface` (once per process, with `target_names`): a 3D_INFO line (resinfo, sampleinfo)
 * whose surface is a declared one-letter name, written right after the exec size's ')' and with
 * the printer's two blanks, reads that surface (T6). The parser tells 3D_INFO's lines from the
 * other sampler lines by the tokens after the exec size; one that stepped over a fixed number of
 * characters instead of a token misreads a one-letter name when no blank comes first, and neither
 * the printer nor IGC's dumps write such a line (they print T<n>), so no round trip reaches it. */
static bool info_surface(sf_verdict *v) {
  static const char *const lines[4] = {"resinfo.R (M1, 8)a V32.0 V32.0", "resinfo.R (M1, 8)  a V32.0 V32.0",
                                       "sampleinfo.RG (M1, 8)a V32.0", "sampleinfo.RG (M1, 8)  a V32.0"};
  for (unsigned q = 0; q < 4; q++) {
    char text[320];
    int n = snprintf(text, sizeof text,
                     ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=ud num_elts=16 align=GRF\n"
                     ".decl T6 v_type=T num_elts=1 v_name=a\n    %s\n    ret (M1, 1)\n", lines[q]);
    sf_isa_file f;
    sf_status st;
    sf_code rc = sf_check_visaasm_exact(text, (size_t)n, &f, &st);
    const sf_visa_kernel *k = rc == SF_OK && f.num_kernels == 1 ? &f.kernels[0] : NULL;
    const sf_visa_ginst *g = k && k->num_gens == 1 ? &k->gens[0] : NULL;
    bool good = g && g->op == 0x70 && g->num_ops > 3 && g->ops[3].u == SF_VISA_FIRST_USER_SURFACE;
    unsigned got = g && g->num_ops > 3 ? (unsigned)g->ops[3].u : 0;
    if (rc == SF_OK) sf_isa_free(&f);
    if (good) continue;
    sf_verdict_fail(v, "info_surface", NULL, q & 1 ? "spaced" : "tight");
    sf_verdict_key(v, "info_surface %s %s", q < 2 ? "resinfo" : "sampleinfo", q & 1 ? "spaced" : "tight");
    sf_verdict_dumpf(v, "'%s' (surface a declared as T6): %s at %u:%u (%s), surface %u; want T6\n", lines[q], sf_code_name(rc),
                     (unsigned)st.line, (unsigned)st.col, st.msg, got);
    return false;
  }
  return true;
}

/* `unknown_atomic` (once per process, with `target_names`): an atomic instruction whose op suffix
 * names no atomic operation (one longer than every name, one of the gaps 13-15, one past the last)
 * is refused as a syntax error on its line; the name table is searched to its end, never past it
 * (under ASan a search one entry too far is a finding). So is sample/load with `.ch0`, our spelling
 * of an empty channel mask, which those two have no text for. Then `text_edges` below. */
static bool text_edges(sf_verdict *v);
static bool va_rows(sf_verdict *v);
static bool pred_refused(sf_verdict *v);
static bool va_name_end(sf_verdict *v);
static bool unknown_atomics(sf_verdict *v) {
  /* and (`dpas_suffix`) dpas/dpasw suffixes one past their ranges (systolic depth 1, 2, 4 or 8,
   * repeat count 1-8), refused at the suffix (its first '.') before any operand is read */
  enum { NLINES = 11 };
  static const char *const lines[NLINES] = {
      "dword_atomic.nosuchop (M1, 8) T6 V0.0 V0.0 V0.0 V0.0", "typed_atomic.fsubb (M1, 8) T6 V0.0 V0.0 V0.0 V0.0 V0.0 V0.0 V0.0",
      "svm_atomic.fmaxx (M1, 8) V0.0 V0.0 V0.0 V0.0", "dword_atomic.x (M1, 8) T6 V0.0 V0.0 V0.0 V0.0",
      "sample.ch0 (8) T6 T6 V0.0 V0.0 V0.0 V0.0", "load.ch0 (8) T6 V0.0 V0.0 V0.0 V0.0",
      "dpas.u8.s4.8.9 (M1, 16) V0.0 V0.0 %null.0 V0(1,2)", "dpas.u8.s4.8.0 (M1, 16) V0.0 V0.0 %null.0 V0(1,2)",
      "dpas.u8.s4.3.1 (M1, 16) V0.0 V0.0 %null.0 V0(1,2)", "dpasw.bf.hf.0.8 (M1, 16) V0.0 V0.0 %null.0 V0(1,2)",
      "dpas.tf32.tf32.8.9 (M1, 16) V0.0 V0.0 %null.0 V0(1,2)"};
  for (unsigned q = 0; q < NLINES; q++) {
    sf_status st;
    sf_code rc = one_line_kernel(lines[q], &st);
    bool dpas = q >= 6;
    unsigned dot = (unsigned)(strchr(lines[q], '.') - lines[q]) + 5; /* the line is indented by four blanks */
    if (rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == 3 && (!dpas || st.col == dot)) continue;
    if (dpas) {
      sf_verdict_fail(v, "dpas_suffix", NULL, "refusal");
      sf_verdict_key(v, "dpas_suffix %s", sf_code_name(rc));
      sf_verdict_dumpf(v, "'%s' gave %s at %u:%u, want a syntax error at 3:%u: %s\n", lines[q], sf_code_name(rc),
                       (unsigned)st.line, (unsigned)st.col, dot, st.msg);
      return false;
    }
    sf_verdict_fail(v, "unknown_atomic", NULL, "refusal");
    sf_verdict_key(v, "unknown_atomic %s", sf_code_name(rc));
    sf_verdict_dumpf(v, "'%s' gave %s at line %u, want a syntax error on line 3: %s\n", lines[q], sf_code_name(rc),
                     (unsigned)st.line, st.msg);
    return false;
  }
  return text_edges(v);
}

/* `text_edges` (once per process, with `unknown_atomic`): decimal float immediates at the largest
 * finite magnitude of their type (+-FLT_MAX as :f, +-DBL_MAX as :df) read as exactly those bits,
 * decimal integers at the ends of :uq, :q, :ud and :d (and 2^64 - 6, where the digit loop's
 * overflow test is closest) read as theirs, and one past each end is refused as out of range, an
 * oword count that is not a power of two is out of range at its first digit, a suffix oword_st or
 * oword_ld does not take is refused at its '.', a bfn function past its byte is out of range at its
 * first digit with the digits in the message, an unknown VA operation is refused at its first
 * character with its name quoted, a switchjmp written (M1, 8) reads as GenX_IR reads it, exec byte
 * 0, and prints as (M1, 1),
 * and an svm_gather whose block-size code (3) or block-count code (4) is one past what its text can
 * say, or an svm_gather4scaled whose channel mask is 16 or 0, or a dpas with tf32 against another
 * precision or a dpasw with tf32, is refused by the printer as unsupported, not printed as a suffix
 * the parser refuses. */
static bool text_edges(sf_verdict *v) {
  enum { NLIM = 14 };
  static const struct {
    const char *imm, *type;
    uint64_t bits; /* what it reads as; ~0 with `over`: refused as out of range */
    bool over;
  } lim[NLIM] = {{"3.4028234663852886e+38:f", "f", 0x7F7FFFFFull, false},
                 {"-3.4028234663852886e+38:f", "f", 0xFF7FFFFFull, false},
                 {"1.7976931348623157e+308:df", "df", 0x7FEFFFFFFFFFFFFFull, false},
                 {"-1.7976931348623157e+308:df", "df", 0xFFEFFFFFFFFFFFFFull, false},
                 {"18446744073709551615:uq", "uq", UINT64_MAX, false},
                 {"18446744073709551610:uq", "uq", UINT64_MAX - 5u, false},
                 {"18446744073709551616:uq", "uq", 0, true},
                 {"-9223372036854775808:q", "q", 0x8000000000000000ull, false},
                 {"-9223372036854775809:q", "q", 0, true},
                 {"4294967295:ud", "ud", 0xFFFFFFFFull, false},
                 {"4294967296:ud", "ud", 0, true},
                 {"-2147483648:d", "d", 0x80000000ull, false},
                 {"-2147483649:d", "d", 0, true},
                 {"99999999999999999999:uq", "uq", 0, true}};
  const char *bad = NULL;
  char text[320];
  sf_status st;
  for (unsigned q = 0; q < NLIM && !bad; q++) {
    int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=%s num_elts=1\n"
                     "    mov (M1, 1) V32(0,0)<1> %s\n    ret (M1, 1)\n", lim[q].type, lim[q].imm);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_status_clear(&st);
    sf_code rc = sf_visaasm_parse(text, (size_t)n, &f, &st);
    if (rc != SF_OK) {
      if (!lim[q].over || rc != SF_ERR_RANGE || st.line != 4) bad = lim[q].imm;
      continue;
    }
    const sf_visa_kernel *k = &f.kernels[0];
    if (lim[q].over || k->num_gens < 1 || k->gens[0].num_ops < 4 || k->gens[0].ops[3].v.imm != lim[q].bits) bad = lim[q].imm;
    sf_isa_free(&f);
  }
  if (bad) {
    sf_verdict_fail(v, "text_edges", NULL, "imm_max");
    sf_verdict_key(v, "text_edges imm_max");
    sf_verdict_dumpf(v, "the immediate %s does not read as its type's bits at the edge of its range, or is not refused as "
                     "out of range one past it: %s\n", bad, st.msg);
    return false;
  }
  /* an oword count that is not a power of two (the grammar's number reads up to 16) is out of
   * range at its first digit; oword_ld takes `.mod` or nothing after its name and oword_st nothing
   * (GenX_IR's grammar), refused as syntax at the '.' */
  static const struct {
    const char *line;
    sf_code want;
    char at; /* the column: of this character, after the 4 blanks (1-based); 0 for a line that reads */
  } ow[6] = {{"oword_ld (3) T6 0x10:ud V32.0", SF_ERR_RANGE, '3'},
             {"oword_ld_unaligned (12) T6 0x10:ud V32.0", SF_ERR_RANGE, '1'},
             {"oword_ld (6) T6 0x10:ud V32.0", SF_ERR_RANGE, '6'},
             {"oword_st.mod (2) T6 0x10:ud V32.0", SF_ERR_SYNTAX, '.'},
             {"oword_ld.q (2) T6 0x10:ud V32.0", SF_ERR_SYNTAX, '.'},
             {"oword_ld.mod (2) T6 0x10:ud V32.0", SF_OK, 0}};
  for (unsigned q = 0; q < 6; q++) {
    int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=ud num_elts=64\n    %s\n"
                     "    ret (M1, 1)\n", ow[q].line);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_status_clear(&st);
    sf_code rc = sf_visaasm_parse(text, (size_t)n, &f, &st);
    if (rc == SF_OK) sf_isa_free(&f);
    unsigned col = ow[q].at ? (unsigned)(strchr(ow[q].line, ow[q].at) - ow[q].line) + 4 + 1 : 0;
    if (rc == ow[q].want && (rc == SF_OK || (st.pos_kind == SF_POS_TEXT && st.line == 4 && st.col == col))) continue;
    sf_verdict_fail(v, "text_edges", NULL, "oword");
    sf_verdict_key(v, "text_edges oword %s", sf_code_name(rc));
    sf_verdict_dumpf(v, "'%s' gave %s at %u:%u (%s); want %s at 4:%u\n", ow[q].line, sf_code_name(rc), (unsigned)st.line,
                     (unsigned)st.col, st.msg, sf_code_name(ow[q].want), col);
    return false;
  }
  /* Messages that quote the text: a bfn function past its byte is out of range at its first hex
   * digit, and an unknown VA operation is a syntax error at its first character, each quoting what
   * was written (a function of 14 digits exactly those, not the characters after them); a raw operand without its byte offset names the variable, cut to its first 40
   * characters, and a word that is not a type is quoted cut to 20 (docs/visa-text.md, "Errors").
   * The reader of a message looks for what it quotes in the line. */
#define SF_LONG41 "A2345678901234567890123456789012345678901"
  static const struct {
    const char *line, *quote;
    sf_code want;
    unsigned col; /* 1-based, the 4 blanks before the line counted; 0: just past the line's end */
    const char *key;
  } msg[6] = {{"bfn.x1ff (M1, 16) V32(0,0)<1> V32(0,0)<1;1,0> V32(0,0)<1;1,0> V32(0,0)<1;1,0>", "0x1ff", SF_ERR_RANGE, 10, "bfn"},
              {"bfn.xAbC.sat (M1, 16) V32(0,0)<1> V32(0,0)<1;1,0> V32(0,0)<1;1,0> V32(0,0)<1;1,0>", "0xAbC", SF_ERR_RANGE, 10,
               "bfn"},
              {"bfn.x000000000001ff.sat (M1, 16) V32(0,0)<1> V32(0,0)<1;1,0> V32(0,0)<1;1,0> V32(0,0)<1;1,0>",
               "0x000000000001ff does", SF_ERR_RANGE, 10, "bfn"},
              {"va_skl_plus.HDC_NOPE T6 S0 0x0:f 0x0:f VA_Y16_FORMAT T6 0x0:uw 0x0:uw", "'HDC_NOPE'", SF_ERR_SYNTAX, 17, "va_op"},
              {"svm_gather.4.1 (M1, 8) V32.0 " SF_LONG41, "'A234567890123456789012345678901234567890'", SF_ERR_SYNTAX, 0,
               "raw_name"},
              {"mov (M1, 1) V32(0,0)<1> 0x1:abcdefghijklmnopqrstu", "'abcdefghijklmnopqrst'", SF_ERR_SYNTAX, 33, "type_name"}};
  for (unsigned q = 0; q < 6; q++) {
    int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=ud num_elts=64\n"
                     ".decl " SF_LONG41 " v_type=G type=ud num_elts=64\n    %s\n    ret (M1, 1)\n", msg[q].line);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_status_clear(&st);
    sf_code rc = sf_visaasm_parse(text, (size_t)n, &f, &st);
    if (rc == SF_OK) sf_isa_free(&f);
    unsigned col = msg[q].col ? msg[q].col : 4 + (unsigned)strlen(msg[q].line) + 1;
    if (rc == msg[q].want && st.pos_kind == SF_POS_TEXT && st.line == 5 && st.col == col && strstr(st.msg, msg[q].quote))
      continue;
    sf_verdict_fail(v, "text_edges", NULL, msg[q].key);
    sf_verdict_key(v, "text_edges %s %s", msg[q].key, sf_code_name(rc));
    sf_verdict_dumpf(v, "'%s' gave %s at %u:%u (%s); want %s at 5:%u, quoting %s\n", msg[q].line, sf_code_name(rc),
                     (unsigned)st.line, (unsigned)st.col, st.msg, sf_code_name(msg[q].want), col, msg[q].quote);
    return false;
  }
#undef SF_LONG41
  /* a switchjmp's exec size is read and dropped, as GenX_IR's builder does (docs/visa-text.md): a
   * text that says (M1, 8) reads as exec byte 0 and prints back as (M1, 1) */
  {
    static const char sj[] = ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=ud num_elts=64\n"
                             "    switchjmp (M1, 8) V32(0,0)<0;1,0> (L0)\nL0:\n    ret (M1, 1)\n";
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_status_clear(&st);
    sf_code rc = sf_visaasm_parse(sj, sizeof sj - 1, &f, &st);
    const char *got = rc == SF_OK || rc == SF_ERR_NOMEM ? NULL : "the parse";
    if (rc == SF_OK) {
      sf_buf out;
      sf_buf_init(&out, &st);
      sf_code pc = sf_visaasm_print(&f, &out, &st);
      if (pc == SF_ERR_NOMEM) got = NULL;
      else {
        bool found = false;
        for (size_t i = 0; pc == SF_OK && out.data && i + 18 <= out.len && !found; i++)
          found = !memcmp(out.data + i, "switchjmp (M1, 1) ", 18);
        if (!found) got = "the print";
      }
      sf_buf_free(&out);
      sf_isa_free(&f);
    }
    if (got) {
      sf_verdict_fail(v, "text_edges", NULL, "switchjmp_exec");
      sf_verdict_key(v, "text_edges switchjmp_exec");
      sf_verdict_dumpf(v, "a switchjmp written (M1, 8) must read with exec byte 0 and print as (M1, 1); %s failed: %s\n", got,
                       st.msg);
      return false;
    }
  }
  /* Fields no text can say, set on a parsed instruction; the printer must refuse each as unsupported:
   * svm_gather's block-size code 3 and block-count code 4, svm_gather4scaled's channel mask 16 and 0
   * (1-15 print), and dpas with tf32 against another precision and dpasw with tf32 at all (GenX_IR
   * reads tf32 only as dpas.tf32.tf32; precision codes bf 9, hf 10, tf32 12; depth 8, count 8 / depth
   * 4, count 3). */
  static const struct {
    const char *line, *key, *what;
    unsigned field;
    uint32_t value;
  } unsay[6] = {
      {"svm_gather.4.1 (M1, 8) V32.0 V32.0", "svm_codes", "svm_gather with block size code 3", 3, 3},
      {"svm_gather.4.1 (M1, 8) V32.0 V32.0", "svm_codes", "svm_gather with block count code 4", 4, 4},
      {"svm_gather4scaled.RGB (M1, 16) 0x0:ud V32.0 V32.0", "svm_codes", "svm_gather4scaled with channel mask 16", 3, 16},
      {"svm_gather4scaled.RGB (M1, 16) 0x0:ud V32.0 V32.0", "svm_codes", "svm_gather4scaled with channel mask 0", 3, 0},
      {"dpas.u8.s4.8.8 (M1, 16) V32.0 V32.0 %null.0 V32(1,2)", "dpas_tf32", "dpas with tf32 and bf", 5, 0x0808090Cu},
      {"dpasw.bf.hf.4.3 (M1, 16) V32.0 V32.0 %null.0 V32(1,2)", "dpas_tf32", "dpasw with tf32.tf32", 5, 0x03040C0Cu}};
  for (unsigned q = 0; q < 6; q++) {
    int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n.decl V32 v_type=G type=ud num_elts=64\n"
                     "    %s\n    ret (M1, 1)\n", unsay[q].line);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_status_clear(&st);
    if (sf_visaasm_parse(text, (size_t)n, &f, &st) != SF_OK || f.kernels[0].num_gens < 1 ||
        f.kernels[0].gens[0].num_ops <= unsay[q].field) {
      bad = "the parse";
    } else {
      f.kernels[0].gens[0].ops[unsay[q].field].u = unsay[q].value;
      sf_buf out;
      sf_buf_init(&out, &st);
      if (sf_visaasm_print(&f, &out, &st) != SF_UNSUPPORTED) bad = "the print";
      sf_buf_free(&out);
    }
    sf_isa_free(&f);
    if (!bad) continue;
    sf_verdict_fail(v, "text_edges", NULL, unsay[q].key);
    sf_verdict_key(v, "text_edges %s", unsay[q].key);
    sf_verdict_dumpf(v, "%s: want the printer's refusal as unsupported, got %s wrong (%s)\n", unsay[q].what, bad, st.msg);
    return false;
  }
  return va_rows(v) && va_name_end(v) && pred_refused(v);
}

/* `va_name_end` (once per process, after `va_rows`): a VA message's mode name with more after it
 * (`VA_Y16_FORMAT.q`) is refused as a syntax error where the name ends, at the '.', saying a blank
 * must follow that name (a later step that refuses the '.' for its own reason is the same place), and the line
 * without the edit reads. The negative edits' `dotword` makes this edit too, but it picks one of a
 * whole text's bare names, and a VA mode name is seldom the one. A word that is no name at all is
 * refused with the list of the names its place takes, all of them. */
static bool va_name_end(sf_verdict *v) {
  static const char *const lines[3] = {
      "va_skl_plus.HDC_MIN_MAX_FILTER T6 S0 0x0:f 0x0:f VA_Y16_FORMAT%s VA_MIN_ENABLE T6 0x0:uw 0x0:uw",
      "va_skl_plus.HDC_MIN_MAX_FILTER T6 S0 0x0:f 0x0:f VA_Y16_FORMAT VA_MIN_ENABLE%s T6 0x0:uw 0x0:uw",
      "va_skl_plus.HDC_CONVOLVE_1D_H T6 S0 0x0:f 0x0:f VA_Y16_FORMAT%s T6 0x0:uw 0x0:uw"};
  for (unsigned q = 0; q < 6; q++) {
    bool edit = q & 1;
    char line[160];
    snprintf(line, sizeof line, lines[q / 2], edit ? ".q" : "");
    sf_status st;
    sf_code rc = one_line_kernel(line, &st);
    if (rc == SF_ERR_NOMEM) return true;
    unsigned dot = (unsigned)(strstr(line, ".q") ? strstr(line, ".q") - line : 0) + 5; /* four blanks before the line */
    if (edit ? rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == 3 && st.col == dot &&
                   strstr(st.msg, q < 2 || q > 3 ? "a blank after VA_Y16_FORMAT" : "a blank after VA_MIN_ENABLE")
             : rc == SF_OK)
      continue;
    sf_verdict_fail(v, "va_name_end", NULL, edit ? "refusal" : "read");
    sf_verdict_key(v, "va_name_end %s %s", edit ? "refusal" : "read", sf_code_name(rc));
    char want[48] = "it read";
    if (edit) snprintf(want, sizeof want, "a syntax error at 3:%u", dot);
    sf_verdict_dumpf(v, "'%s' gave %s at %u:%u, want %s: %s\n", line, sf_code_name(rc), (unsigned)st.line,
                     (unsigned)st.col, want, st.msg);
    return false;
  }
  /* A word that is no mode name is refused with every name the place takes, the first among them. */
  static const struct {
    const char *line, *list;
  } lists[2] = {{"va.convolve T6 S0 0x0:f 0x0:f VA_ED_64x4 15x15 V33.0",
                 "(VA_CONV_16x4, VA_CONV_INVALID, VA_CONV_16x1, VA_CONV_1x1)"},
                {"va.convolve T6 S0 0x0:f 0x0:f VA_CONV_16x4 V33.0", "(15x15, 31x31)"}};
  for (unsigned q = 0; q < 2; q++) {
    sf_status st;
    sf_code rc = one_line_kernel(lists[q].line, &st);
    if (rc == SF_ERR_NOMEM) return true;
    if (rc == SF_ERR_SYNTAX && strstr(st.msg, lists[q].list)) continue;
    sf_verdict_fail(v, "va_name_end", NULL, "list");
    sf_verdict_key(v, "va_name_end list %s", sf_code_name(rc));
    sf_verdict_dumpf(v, "'%s' gave %s, want a syntax error naming %s: %s\n", lists[q].line, sf_code_name(rc),
                     lists[q].list, st.msg);
    return false;
  }
  return true;
}

/* `pred_refused` (once per process, after `va_rows`): a predicate before an instruction whose
 * GenX_IR grammar rule has none (CISA.y: cmp, movs, fences, barrier, addr_add, the oword, media and
 * SVM block messages, dpas, lifetime, wait, the barriers, fcvt, LOC, the media-era gather, sample
 * and VME messages) is refused as a syntax error at the predicate; each line reads without it. And
 * `(P1) min`, which GenX_IR's grammar reads and whose predicate it drops (FMINMAX has no predicate
 * field), reads as the bytes of `min` alone. */
static bool pred_refused(sf_verdict *v) {
  static const char hdr[] = ".version 4.1\n.kernel \"k\"\n.decl V0046 v_type=G type=d num_elts=16 align=hword\n"
                            ".decl V0047 v_type=G type=d num_elts=16 align=hword\n.decl V0049 v_type=G type=d num_elts=16 align=hword\n"
                            ".decl V0050 v_type=G type=uw num_elts=16 align=hword\n.decl V0055 v_type=G type=f num_elts=16 align=hword\n"
                            ".decl V0057 v_type=G type=f num_elts=16 align=hword\n.decl A0 v_type=A num_elts=16\n"
                            ".decl P1 v_type=P num_elts=32\n.decl S0 v_type=S num_elts=1 v_name=smp\n.decl T6 v_type=T num_elts=1 v_name=img\n";
  static const char *const lines[19] = {
      "cmp.eq (M1_NM, 16) P1 V0046(0,0)<0;1,0> 0x0:d", "movs (M1_NM, 1) T6(0) 0x0:ud", "fence_global.E", "barrier",
      "addr_add (M1_NM, 1) A0(0)<1> &V0046[8] V0050(0,0)<0;1,0>", "oword_ld (2) T6 0x10:ud V0046.0",
      "media_ld.nomod (32,1) T6 0 V0047(0,0)<0;1,0> V0049(0,0)<0;1,0> V0046.0", "svm_block_ld (4) V0050(0,0)<0;1,0> V0046.0",
      "dpas.u8.s4.8.8 (M1, 16) V0046.0 V0047.0 %null.0 V0049(1,2)", "lifetime.start V0046", "wait V0050(0,0)<0;1,0>",
      "sbarrier.signal", "nbarrier.signal 0x1:ud 0x10:ud", "fcvt (M1, 16) V0057(0,0)<1> V0055(0,0)<1;1,0>", "LOC 3",
      "gather.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0", "sample.R (8) S0 T6 V0046.0 V0047.0 %null.0 V0047.0",
      "vme_sic T6  V0046.0 V0047.0 V0049.0", "min (M1, 16) V0046(0,0)<1> V0046(0,0)<1;1,0> 0x1:d"};
  char text[1200];
  uint8_t plain[512];
  size_t plain_n = 0;
  for (unsigned q = 0; q < 19; q++) {
    for (unsigned pred = 0; pred < 2; pred++) {
      int n = snprintf(text, sizeof text, "%s    %s%s\n    ret (M1, 1)\n", hdr, pred ? "(P1) " : "", lines[q]);
      sf_isa_file f;
      memset(&f, 0, sizeof f);
      sf_status st;
      sf_status_clear(&st);
      sf_code rc = sf_visaasm_parse(text, (size_t)n, &f, &st);
      sf_buf b;
      sf_buf_init(&b, &st);
      bool minmax = q == 18, ok;
      if (!pred || minmax) { /* reads; min with the predicate as the same bytes as without */
        ok = rc == SF_OK && sf_isa_write(&f, &b, &st) == SF_OK && b.len <= sizeof plain;
        if (ok && !pred) memcpy(plain, b.data, b.len), plain_n = b.len;
        if (ok && pred) ok = b.len == plain_n && !memcmp(b.data, plain, plain_n);
      } else {
        ok = rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == 13 && st.col == 5; /* the 12 header lines, then it */
      }
      sf_buf_free(&b);
      if (rc == SF_OK) sf_isa_free(&f);
      if (ok) continue;
      sf_verdict_fail(v, "pred_refused", NULL, pred ? (minmax ? "min_pred" : "accepted") : "valid_line");
      sf_verdict_key(v, "pred_refused %s", pred ? (minmax ? "min_pred" : "accepted") : "valid_line");
      sf_verdict_dumpf(v, "'%s%s' gave %s at %u:%u (%s)\n", pred ? "(P1) " : "", lines[q], sf_code_name(rc), (unsigned)st.line,
                       (unsigned)st.col, st.msg);
      return false;
    }
  }
  return true;
}

/* `va_rows` (once per process, after `text_edges`): the video-analytics messages, which have no text
 * and which no generated kernel holds, by the check's own copy of IGC 12504's sub-op numbers, names
 * and fields (ISA_VA_Sub_Opcode, ByteCodeReaderNG's ISA_VA case and the VAPlusSubOpcodeDesc table
 * it reads VA_SKL_PLUS by: b byte, V vector operand, R raw operand): each instruction, built with
 * those fields, encodes, decodes from its bytes to the same fields under that name, and one byte
 * short is refused as truncated. A sub-op number or field kind wrong in visa_optab.c is otherwise
 * seen by no fuzz input. */
static bool va_rows(sf_verdict *v) {
  static const struct {
    uint8_t op, sub;
    const char *name, *kinds;
  } rows[23] = {
      {0x44, 0x01, "va_convolve_2d", "bbVVbR"},      {0x44, 0x02, "va_minmax", "bVVVR"},
      {0x44, 0x03, "va_minmaxfilter", "bbVVbbVR"},   {0x44, 0x04, "va_erode", "bbVVbR"},
      {0x44, 0x05, "va_dilate", "bbVVbR"},           {0x44, 0x06, "va_boolcentroid", "bVVVVR"},
      {0x44, 0x07, "va_centroid", "bVVVR"},          {0x4d, 0x08, "va_convolve_1d_v", "bbVVbR"},
      {0x4d, 0x09, "va_convolve_1d_h", "bbVVbR"},    {0x4d, 0x0a, "va_convolve_1pixel", "bbVVbRR"},
      {0x4d, 0x0b, "va_floodfill", "bRVVVR"},        {0x4d, 0x0c, "va_lbpcreation", "bVVbR"},
      {0x4d, 0x0d, "va_lbpcorrelation", "bVVVR"},    {0x4d, 0x0f, "va_correlationsearch", "bVVVVVVVVR"},
      {0x4d, 0x10, "va_hdc_convolve_2d", "bbVVbbVV"}, {0x4d, 0x11, "va_hdc_minmaxfilter", "bbVVbbbVV"},
      {0x4d, 0x12, "va_hdc_erode", "bbVVbVV"},       {0x4d, 0x13, "va_hdc_dilate", "bbVVbVV"},
      {0x4d, 0x14, "va_hdc_lbpcorrelation", "bVVVbVV"}, {0x4d, 0x15, "va_hdc_lbpcreation", "bVVbbVV"},
      {0x4d, 0x16, "va_hdc_convolve_1d_h", "bbVVbbVV"}, {0x4d, 0x17, "va_hdc_convolve_1d_v", "bbVVbbVV"},
      {0x4d, 0x18, "va_hdc_convolve_1pixel", "bbVVbRbVV"},
  };
  for (unsigned i = 0; i < 23; i++) {
    sf_visa_gop ops[12];
    unsigned n = 0;
    memset(ops, 0, sizeof ops);
    ops[n].kind = SF_VF_SUBOP, ops[n++].u = rows[i].sub;
    for (const char *k = rows[i].kinds; *k && n < 12; k++, n++) {
      ops[n].kind = (uint8_t)*k;
      if (*k == SF_VF_UB) ops[n].u = n;
      else if (*k == SF_VF_RAW) ops[n].r.id = 32 + n, ops[n].r.off = (uint16_t)n;
      else ops[n].v.cls = SF_VCLS_IMMEDIATE, ops[n].v.type = SF_VT_UD, ops[n].v.imm = n;
    }
    sf_visa_ginst g = {.op = rows[i].op, .num_ops = (uint16_t)n, .ops = ops, .form = SF_VISA_FORM_SPEC}, d;
    memset(&d, 0, sizeof d);
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    size_t used = 0;
    const char *bad = NULL;
    if (sf_visa_gen_encode(&g, &b, &st) != SF_OK) bad = "encode";
    else if (sf_visa_gen_decode(b.data, b.len, 0, SF_VISA_FORM_SPEC, &d, &used, &st) != SF_OK || used != b.len) bad = "decode";
    else if (d.num_ops != n || d.ops[0].u != rows[i].sub || d.ops[n - 1].kind != ops[n - 1].kind) bad = "fields";
    sf_visa_ginst_free(&d);
    const sf_visa_subop *row = sf_visa_optab_sub(sf_visa_optab(rows[i].op), rows[i].sub);
    if (!bad && (!row || strcmp(row->name, rows[i].name))) bad = "name";
    if (!bad && (sf_visa_gen_decode(b.data, b.len - 1, 0, SF_VISA_FORM_SPEC, &d, &used, &st) != SF_ERR_TRUNCATED))
      bad = "one byte short", sf_visa_ginst_free(&d);
    sf_buf_free(&b);
    if (!bad) continue;
    sf_verdict_fail(v, "va_rows", NULL, bad);
    sf_verdict_key(v, "va_rows %s", bad);
    sf_verdict_dumpf(v, "%s (opcode 0x%02x sub-op 0x%02x, fields %s): %s: %s\n", rows[i].name, rows[i].op, rows[i].sub,
                     rows[i].kinds, bad, st.msg);
    return false;
  }
  /* and `form_version`: IGC 12504's cut-short form exists only in vISA 4.1 files (visa.h), so a ret
   * decoded in that form at 3.6 is refused as invalid, with a message that names 3.6 */
  static const uint8_t ret[2] = {0x34, 0x00};
  sf_visa_ginst d;
  memset(&d, 0, sizeof d);
  sf_status st;
  sf_status_clear(&st);
  size_t used = 0;
  sf_code rc = sf_visa_gen_decode_ver(ret, sizeof ret, 0, SF_VISA_FORM_IGC12504, SF_VISA_V(3, 6), &d, &used, &st);
  sf_visa_ginst_free(&d);
  if (rc == SF_ERR_INVALID && strstr(st.msg, " 3.6")) return true;
  sf_verdict_fail(v, "va_rows", NULL, "form_version");
  sf_verdict_key(v, "va_rows form_version %s", sf_code_name(rc));
  sf_verdict_dumpf(v, "a ret in IGC 12504's cut-short form at vISA 3.6: %s (%s); want invalid, naming 3.6\n",
                   sf_code_name(rc), st.msg);
  return false;
}

/* `attr_then_inst` (once per process, with `target_names`): GenX_IR 12504's dump writes the first
 * instruction on the line of the last `.kernel_attr` (`.kernel_attr Target="3d"    ret (M1, 1)`,
 * a newline it leaves out); that instruction is read, not dropped with the rest of the line. */
static bool attr_then_inst(sf_verdict *v) {
  /* with a value, and with none (the name alone, or with its '=': GenX_IR's grammar reads both) */
  static const char *const attrs[3] = {"Target=\"3d\"", "Foo", "Foo="};
  for (unsigned q = 0; q < 3; q++) {
    char text[128];
    int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n.kernel_attr %s    ret (M1, 1)\n", attrs[q]);
    sf_isa_file f;
    sf_status st;
    sf_code rc = sf_check_visaasm_exact(text, (size_t)n, &f, &st);
    const sf_visa_kernel *k = rc == SF_OK && f.num_kernels == 1 ? &f.kernels[0] : NULL;
    bool ok = k && k->num_rets == 1 && k->num_kattrs == 1 && k->attrs && k->attrs[k->kattr_first].size == (q ? 0 : 1);
    uint32_t rets = k ? k->num_rets : 0;
    sf_isa_free(&f);
    if (ok) continue;
    sf_verdict_fail(v, "attr_then_inst", NULL, rc == SF_OK ? "dropped" : "refused");
    sf_verdict_key(v, "attr_then_inst %s", rc == SF_OK ? "dropped" : "refused");
    sf_verdict_dumpf(v, "an instruction on the line of '.kernel_attr %s' (GenX_IR's dump) gave %s with %u ret instructions, want 1 "
                        "and the attribute: %s\n", attrs[q], sf_code_name(rc), (unsigned)rets, st.msg);
    return false;
  }
  return true;
}

/* `ident_edges` (once per process, with `target_names`): what the printers take for a name they may
 * write (sf_visa_ident_ok, visa_kernel_priv.h: [A-Za-z_$@][A-Za-z0-9_$@]*, at most SF_VISA_MAX_NAME
 * bytes, the parser's own cap): a name of exactly the cap is one, one byte
 * more is not (the parser would refuse the text the printer wrote), nor an empty name or one that
 * starts with a digit. */
static bool ident_edges(sf_verdict *v) {
  char *name = malloc(SF_VISA_MAX_NAME + 2);
  if (!name) return true;
  memset(name, 'a', SF_VISA_MAX_NAME + 1);
  name[SF_VISA_MAX_NAME + 1] = 0;
  static const char *const what[5] = {"a name of the cap", "a name one byte past the cap", "an empty name",
                                      "a name that starts with a digit", "\"_a1\""};
  bool got[5] = {sf_visa_ident_ok(name, SF_VISA_MAX_NAME), sf_visa_ident_ok(name, SF_VISA_MAX_NAME + 1),
                 sf_visa_ident_ok(name, 0), sf_visa_ident_ok("1a", 2), sf_visa_ident_ok("_a1", 3)};
  static const bool want[5] = {true, false, false, false, true};
  free(name);
  for (unsigned i = 0; i < 5; i++) {
    if (got[i] == want[i]) continue;
    sf_verdict_fail(v, "ident_edges", NULL, want[i] ? "refused" : "taken");
    sf_verdict_key(v, "ident_edges %u", i);
    sf_verdict_dumpf(v, "sf_visa_ident_ok takes %s as %s\n", what[i], got[i] ? "a name it may print" : "no name");
    return false;
  }
  return true;
}

/* `function_header` (once per process, with `target_names`): a function's header bytes for its
 * linkage, argument size and return size are 0 in every file IGC wrote, and text has no place for
 * other values (docs/visa-text.md, "vISA functions"): a file whose function holds any one of them
 * alone non-zero is refused by the printer as unsupported, the message naming the function; with
 * all three 0 it prints. A refusal tested on the fields together passes when it looks at one. */
static bool function_header(sf_verdict *v) {
  static const char text[] = ".version 4.1\n.kernel \"k\"\n    ret (M1, 1)\n\n.global_function \"f\"\n    ret (M1, 1)\n";
  static const char *const field[4] = {"none", "linkage", "argument size", "return size"};
  for (unsigned q = 0; q < 4; q++) {
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_status st;
    sf_status_clear(&st);
    sf_buf out;
    sf_buf_init(&out, &st);
    sf_code rc = sf_visaasm_parse(text, sizeof text - 1, &f, &st);
    const char *bad = rc != SF_OK || f.num_functions != 1 ? "parse" : NULL;
    if (!bad) {
      sf_visa_kernel *k = &f.functions[0];
      if (q == 1) k->linkage = 1;
      if (q == 2) k->arg_size = 1;
      if (q == 3) k->ret_size = 1;
      sf_status_clear(&st);
      rc = sf_visaasm_print(&f, &out, &st);
      if (q == 0 ? rc != SF_OK : rc != SF_UNSUPPORTED || !strstr(st.msg, "function 'f'")) bad = q ? "taken" : "refused";
    }
    sf_buf_free(&out);
    sf_isa_free(&f);
    if (!bad) continue;
    sf_verdict_fail(v, "function_header", NULL, bad);
    sf_verdict_key(v, "function_header %s %s", field[q], bad);
    sf_verdict_dumpf(v, "a function with %s%s non-zero in its header: %s (want %s): %s\n", field[q], q ? " alone" : " of the fields",
                     sf_code_name(rc), q ? "unsupported, naming function 'f'" : "printed", st.msg);
    return false;
  }
  return true;
}

/* `sym_elts` (once per process, with `target_names`): a sampler's and a surface's element count
 * (a sampler array S0[3], as `.decl S0 v_type=S num_elts=3`) reads into the declaration, the first
 * of each kind too, and prints back. The generator declares every sampler and surface with one
 * element and IGC's kernels seldom declare arrays, so the fuzz inputs almost never hold another
 * count; a reader that kept the count for all but index 0 writes files that agree with themselves. */
static bool sym_elts(sf_verdict *v) {
  static const char text[] = ".version 4.1\n.kernel \"k\"\n.decl S0 v_type=S num_elts=3 v_name=a\n"
                             ".decl S1 v_type=S num_elts=2 v_name=b\n.decl T6 v_type=T num_elts=4 v_name=c\n"
                             ".decl T7 v_type=T num_elts=5 v_name=d\n    ret (M1, 1)\n";
  static const char *const lines[4] = {".decl S0 v_type=S num_elts=3 v_name=a", ".decl S1 v_type=S num_elts=2 v_name=b",
                                       ".decl T6 v_type=T num_elts=4 v_name=c", ".decl T7 v_type=T num_elts=5 v_name=d"};
  sf_isa_file f;
  sf_status st;
  sf_buf out;
  sf_buf_init(&out, NULL);
  sf_code rc = sf_check_visaasm_exact(text, sizeof text - 1, &f, &st);
  const sf_visa_kernel *k = rc == SF_OK && f.num_kernels == 1 ? &f.kernels[0] : NULL;
  char got[80] = "no kernel";
  const char *bad = NULL;
  if (!k || k->num_samplers != 2 || k->num_surfaces != 2) {
    bad = "parse";
    if (k) snprintf(got, sizeof got, "%u samplers, %u surfaces", (unsigned)k->num_samplers, (unsigned)k->num_surfaces);
  } else {
    snprintf(got, sizeof got, "S0 %u, S1 %u, T6 %u, T7 %u elements", (unsigned)k->samplers[0].num_elts,
             (unsigned)k->samplers[1].num_elts, (unsigned)k->surfaces[0].num_elts, (unsigned)k->surfaces[1].num_elts);
    if (k->samplers[0].num_elts != 3 || k->samplers[1].num_elts != 2 || k->surfaces[0].num_elts != 4 ||
        k->surfaces[1].num_elts != 5)
      bad = "count";
    else if (sf_visaasm_print(&f, &out, &st) != SF_OK)
      bad = "print";
    else
      for (unsigned q = 0; q < 4 && !bad; q++)
        if (!sf_check_has_word((const char *)out.data, out.len, lines[q])) bad = "printed", snprintf(got, sizeof got, "no '%s'", lines[q]);
  }
  sf_buf_free(&out);
  if (rc == SF_OK) sf_isa_free(&f);
  if (!bad) return true;
  sf_verdict_fail(v, "sym_elts", NULL, bad);
  sf_verdict_key(v, "sym_elts %s", bad);
  sf_verdict_dumpf(v, "samplers S0[3] S1[2] and surfaces T6[4] T7[5] declared in text: %s (%s; %s)\n", bad, got,
                   rc == SF_OK ? "read" : st.msg);
  return false;
}

/* `target_names` (once per process): the Target kernel attribute's names read as the values IGC
 * gives them (VISATarget in IGC's visa_igc_common_header.h: VISA_CM 0, VISA_3D 1, VISA_CS 2), one
 * byte, and print back as those names. Parser and printer share one table, so a round trip cannot
 * see a name read as another value, or kept as its letters. */
static bool sf_check_target_names(sf_verdict *v) {
  static const char *const names[3] = {"cm", "3d", "cs"};
  for (unsigned q = 0; q < 3; q++) {
    char text[128], want[40];
    int n = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n.kernel_attr Target=\"%s\"\n    ret (M1, 1)\n", names[q]);
    snprintf(want, sizeof want, ".kernel_attr Target=\"%s\"", names[q]);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_status st;
    sf_status_clear(&st);
    sf_buf out;
    sf_buf_init(&out, &st);
    const char *bad = NULL;
    if (sf_visaasm_parse(text, (size_t)n, &f, &st) != SF_OK || f.num_kernels != 1) {
      bad = "parse";
    } else {
      const sf_visa_kernel *k = &f.kernels[0];
      const sf_visa_attr *a = NULL;
      for (uint32_t i = 0; i < k->num_attrs && !a; i++)
        if (k->attrs[i].name < k->num_strings && !strcmp(k->strings[k->attrs[i].name], "Target")) a = &k->attrs[i];
      if (!a || a->size != 1 || a->value_off >= k->attr_bytes_len || k->attr_bytes[a->value_off] != q) bad = "value";
      else if (sf_visaasm_print(&f, &out, &st) != SF_OK || !sf_check_has_word((const char *)out.data, out.len, want))
        bad = "print";
    }
    sf_buf_free(&out);
    sf_isa_free(&f);
    if (bad) {
      sf_verdict_fail(v, "target_names", NULL, bad);
      sf_verdict_key(v, "target_names %s", bad);
      sf_verdict_dumpf(v, "Target=\"%s\" does not %s (want the one-byte value %u, printed by that name): %s\n", names[q],
                       !strcmp(bad, "parse") ? "parse" : !strcmp(bad, "value") ? "read as its value" : "print back",
                       q, st.msg);
      return false;
    }
  }
  return attr_then_inst(v) && unknown_atomics(v) && ident_edges(v) && version_steps(v) && info_surface(v) &&
         function_header(v) && sym_elts(v);
}

SF_CHECK_ONCE_FN(sf_check_target_names)

bool sf_isa_gen_inst_refusal(const char *msg) {
  size_t w = 0;
  while (msg[w] && msg[w] != ':' && msg[w] != ' ' && msg[w] != '\'') w++;
  if (!w || msg[w] != ':' || strstr(msg, "a modifier or tag bits on the address of a variable")) return false;
  if (w > 4 && !memcmp(msg + w - 4, ".tgm", 4)) w -= 4; /* the typed LSC printer names its sub-op with .tgm */
  for (unsigned op = 0; op < sf_visa_optab_count(); op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    if (!d || !d->layout) continue;
    if (!d->subs && strlen(d->name) == w && !memcmp(d->name, msg, w)) return true;
    for (unsigned q = 0; d->subs && q < d->num_subs; q++)
      if (strlen(d->subs[q].name) == w && !memcmp(d->subs[q].name, msg, w)) return true;
  }
  return false;
}
