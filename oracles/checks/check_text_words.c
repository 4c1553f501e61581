/* oracles/checks/check_text_words.c — `refusal_words`: what the text readers say when they refuse
 * a fixed faulty line: the code, the column and the words, once per process (isa_file_fuzzer,
 * d3dasm_fuzzer and dxbc_fuzzer call sf_check_text_words_once; isa_file also calls
 * sf_check_text_strings_once, the kernel string table at its cap).
 *
 * A refusal is what a person reads to fix a line, so its words are part of the reader's behaviour:
 *   - a word the reader quotes is quoted whole, or cut to the reader's width for that kind of word
 *     (bytes.h: SF_QUOTE_WORD 20, SF_QUOTE_MNEM 24, SF_QUOTE_NAME 40, SF_QUOTE_HEX 16), each width
 *     seen here through a word one longer than it and more;
 *   - the caps no generated line comes near: a vISA line of exactly 4,096 characters (an instruction
 *     line to sf_visa_parse, a line of a .visaasm file) reads and one more is over the limit; a
 *     D3D register with a fourth index, and a variable type code past the 16 vISA types, are refused
 *     naming what is wrong;
 *   - every decimal cap of the vISA text (each vt_unum and vt_snum with a constant bound in
 *     harness/visa/, and the AVS keywords' AVS_CNTRL_<n>/AVS_EXEC_<n>): one past it is refused at the
 *     number saying the bound, and at it, where a line can hold it, reads. The printer writes none
 *     of these values (a byte field printed from a byte cannot pass 255), so a bound one too loose
 *     reads a line it should refuse and nothing else sees it (docs/oracles.md "The text's decimal caps").
 * The fuzz targets' texts come from the printers, which write none of these, and a mutation audit of
 * the readers' refusal lines (docs/oracles.md, "Refusal words") found half of those sites unseen. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "oracles/checks/text_words_cases.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/visa.h"

static bool tw_fail(sf_verdict *v, const char *what, const char *line, sf_code rc, const sf_status *st, const char *want) {
  return sf_verdict_failf(v, "refusal_words", what, "'%.120s%s': %s at %u:%u (\"%s\"); want %s", line,
                          strlen(line) > 120 ? "..." : "", sf_code_name(rc), (unsigned)st->line, (unsigned)st->col, st->msg, want);
}

/* A pixel-shader program of `line` alone, parsed; encoded into enc when it is given. */
static sf_code tw_program(const char *line, size_t n, sf_buf *enc, sf_status *st) {
  char *t = malloc(n + 8);
  if (!t) return SF_ERR_NOMEM;
  memcpy(t, "ps_5_0\n", 7);
  memcpy(t + 7, line, n);
  t[7 + n] = '\n';
  sf_tpf_program p;
  sf_code rc = sf_d3dasm_parse_program(t, n + 8, &p, st);
  free(t);
  if (rc != SF_OK) return rc;
  if (enc) rc = sf_tpf_program_encode(&p, enc, st);
  sf_tpf_program_free(&p);
  return rc;
}

/* Reads `line` as its family does; the refusal's line is the line's own (1, or after the header; a whole
 * text's last line). */
static sf_code tw_read(unsigned family, const char *line, size_t n, sf_status *st, uint32_t *at_line) {
  sf_status_clear(st);
  *at_line = 1;
  if (family == TW_D3D_LINE) {
    sf_d3d_inst d;
    return sf_d3dasm_parse_inst(line, n, 1, &d, st);
  }
  if (family == TW_D3D_PROGRAM) {
    *at_line = 2;
    return tw_program(line, n, NULL, st);
  }
  if (family == TW_D3D_WHOLE) { /* a whole text as it is, in a block of exactly its bytes (ASan sees past them) */
    char *t = malloc(n ? n : 1);
    if (!t) return SF_ERR_NOMEM;
    memcpy(t, line, n);
    sf_tpf_program p;
    sf_code rc = sf_d3dasm_parse_program(t, n, &p, st);
    free(t);
    if (rc == SF_OK) sf_tpf_program_free(&p);
    return rc;
  }
  if (family == TW_DXBC_TEXT || family == TW_DXBC_WHOLE) {
    size_t hn = family == TW_DXBC_TEXT ? 6 : 0, len = hn + n + (hn != 0); /* a whole text as it is, no newline added */
    *at_line = family == TW_DXBC_TEXT ? 2 : 1;
    char *t = malloc(len ? len : 1);
    if (!t) return SF_ERR_NOMEM;
    memcpy(t, ".dxbc\n", hn);
    memcpy(t + hn, line, n);
    if (hn) t[hn + n] = '\n';
    sf_buf b;
    sf_buf_init(&b, NULL);
    sf_code rc = sf_dxbc_parse_text(t, len, &b, st);
    sf_buf_free(&b);
    free(t);
    return rc;
  }
  if (family == TW_VISA_LINE) {
    sf_inst in;
    return sf_visa_parse(line, n, NULL, &in, st);
  }
  /* a whole text: the line alone; a known line: after the header of visa_known_lines.h */
  const char *hdr = family == TW_VISA_KNOWN ? SF_VISA_KNOWN_HDR : TW_HDR;
  size_t hn = family == TW_VISA_WHOLE ? 0 : strlen(hdr);
  size_t len = hn + n + (hn != 0); /* a whole text as it is, in a block of exactly its bytes (ASan sees past them) */
  char *t = malloc(len ? len : 1);
  if (!t) return SF_ERR_NOMEM;
  memcpy(t, hdr, hn);
  memcpy(t + hn, line, n);
  if (hn) t[hn + n] = '\n';
  sf_isa_file f;
  sf_code rc = sf_visaasm_parse(t, len, &f, st);
  if (rc == SF_OK) sf_isa_free(&f);
  free(t);
  for (size_t i = 0; i < hn; i++) *at_line += hdr[i] == '\n';
  for (size_t i = 0; family == TW_VISA_WHOLE && i < n; i++) *at_line += line[i] == '\n'; /* a whole text: its last line */
  return rc;
}

static bool tw_words(sf_verdict *v) {
  for (size_t i = 0; i < sizeof tw_cases / sizeof tw_cases[0]; i++) {
    const tw_case *c = &tw_cases[i];
    sf_status st;
    uint32_t at_line;
    sf_code rc = tw_read(c->family, c->line, strlen(c->line), &st, &at_line);
    if (rc == SF_ERR_NOMEM) continue;
    if (c->code == SF_OK ? rc == SF_OK
                         : rc == c->code && st.pos_kind == SF_POS_TEXT && st.line == at_line && st.col == c->col &&
                               strstr(st.msg, c->words))
      continue;
    char want[160];
    if (c->code == SF_OK) snprintf(want, sizeof want, "it to read");
    else snprintf(want, sizeof want, "%s at %u:%u saying \"%s\"", sf_code_name(c->code), (unsigned)at_line, (unsigned)c->col, c->words);
    return tw_fail(v, rc == SF_OK ? "accepted" : "words", c->line, rc, &st, want);
  }
  return true;
}

/* A NUL byte inside a line is refused at its own column, by the D3D and the vISA line readers and
 * by the .visaasm file reader. */
static bool tw_nul(sf_verdict *v) {
  static const char d3d[] = "sample r0\0.xyzw, r1.xyzw, t0.xyzw, s0", visa[] = "sample_3d.R (M1, 16)\0 0x0:uw S0 T6 V32.0 V32.0",
                    file[] = "    ret (M1, 1)\0", dxbc[] = ".isgn\0", prog[] = "mov r0.x\0, r1.x";
  static const struct {
    unsigned family;
    const char *line;
    size_t n;
  } c[] = {{TW_D3D_LINE, d3d, sizeof d3d - 1}, {TW_VISA_LINE, visa, sizeof visa - 1}, {TW_VISA_FILE, file, sizeof file - 1},
                {TW_DXBC_TEXT, dxbc, sizeof dxbc - 1}, {TW_D3D_PROGRAM, prog, sizeof prog - 1}};
  for (unsigned q = 0; q < sizeof c / sizeof c[0]; q++) {
    sf_status st;
    uint32_t at_line;
    const char *line = c[q].line;
    uint32_t col = (uint32_t)strlen(line) + 1;
    sf_code rc = tw_read(c[q].family, line, c[q].n, &st, &at_line);
    if (rc == SF_ERR_NOMEM || (rc == SF_ERR_SYNTAX && st.line == at_line && st.col == col && strstr(st.msg, "NUL byte"))) continue;
    char want[64];
    snprintf(want, sizeof want, "a syntax error at %u:%u about the NUL byte", (unsigned)at_line, (unsigned)col);
    return tw_fail(v, "nul", line, rc, &st, want);
  }
  /* only dcl_immediateConstantBuffer's braces carry a statement onto the next lines: another line's
   * brace is refused on its own line, and the NUL byte on the next line is never reached */
  static const char brace[] = "mov r0.x, {\n\0}";
  sf_status st;
  uint32_t at_line;
  sf_code rc = tw_read(TW_D3D_PROGRAM, brace, sizeof brace - 1, &st, &at_line);
  if (rc == SF_ERR_NOMEM || (rc == SF_ERR_SYNTAX && st.line == at_line && st.col == 11 && strstr(st.msg, "expected a register")))
    return true;
  return tw_fail(v, "brace", brace, rc, &st, "a syntax error at 2:11 at the brace, expected a register");
}

/* The `.tpf` escape line of the program printer says why, in the words the instruction printer
 * refuses with: fxc's samplepos with a 9-DWORD length (check_d3d_names.c `escape_reason`) is written
 * as its tokens (SF_CHECK_SAMPLEPOS9_TOKENS) with "// not expressible in text: ...4 operands, the table
 * says 3". */
static bool tw_escape_words(sf_verdict *v) {
  static const uint32_t tok[9] = SF_CHECK_SAMPLEPOS9_TOKENS;
  sf_tpf_program p;
  sf_tpf_program_init(&p, 0x00000050u);
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  sf_code rc = sf_tpf_program_add_tokens(&p, tok, 9, &st);
  if (rc == SF_OK) rc = sf_d3dasm_print_program(&p, &b, &st);
  bool ok = rc == SF_ERR_NOMEM || rc == SF_OK;
  if (rc == SF_OK) {
    char *t = malloc(b.len + 1);
    if (t) {
      memcpy(t, b.data, b.len);
      t[b.len] = 0;
      const char *e = strstr(t, ".tpf 0900006e 00102032 00000000 00107046");
      const char *why = e ? strstr(e, "// not expressible in text: ") : NULL;
      const char *eol = e ? strchr(e, '\n') : NULL;
      const char *words = why ? strstr(why, "4 operands, the table says 3") : NULL;
      ok = words && (!eol || words < eol);
      if (!ok) tw_fail(v, "escape", t, rc, &st, "a .tpf line whose comment says \"4 operands, the table says 3\"");
      free(t);
    }
  } else {
    tw_fail(v, "escape", "samplepos, 9 DWORDs", rc, &st, "the program to print, with a .tpf escape");
  }
  sf_buf_free(&b);
  sf_tpf_program_free(&p);
  return ok;
}

/* A line of exactly TW_LINE_MAX characters, `head` padded with blanks before a // comment of x's
 * (nothing the reader must take apart), and the same line one x longer. */
static bool tw_line_length(sf_verdict *v, unsigned family, const char *head) {
  size_t n = TW_LINE_MAX + 1;
  char *line = malloc(n + 1);
  if (!line) return true;
  size_t h = strlen(head);
  memcpy(line, head, h);
  memset(line + h, ' ', 8);
  memcpy(line + h + 8, "//", 2);
  memset(line + h + 10, 'x', n - h - 10);
  line[n] = 0;
  bool ok = true;
  for (unsigned over = 0; over < 2 && ok; over++) {
    sf_status st;
    uint32_t at_line;
    sf_code rc = tw_read(family, line, TW_LINE_MAX + over, &st, &at_line);
    if (rc == SF_ERR_NOMEM) continue;
    /* one over: the single-line reader points at the line's start, the file reader at the first byte past the cap */
    uint32_t col = family == TW_VISA_LINE ? 1 : TW_LINE_MAX + 1;
    if (over ? rc == SF_ERR_LIMIT && st.line == at_line && st.col == col && strstr(st.msg, "line longer than 4096")
             : rc == SF_OK)
      continue;
    char want[96] = "a line of 4,096 characters to read";
    if (over) snprintf(want, sizeof want, "over the limit at %u:%u (a line of 4,097 characters)", (unsigned)at_line, (unsigned)col);
    ok = tw_fail(v, over ? "line_over" : "line_at_cap", line, rc, &st, want);
  }
  free(line);
  return ok;
}

/* A kernel's string table holds SF_ISA_MAX_STRINGS strings; each FILE line adds one, as does each
 * new label a jump names and each callee an fcall names (as GenX_IR adds them). A text whose FILE lines
 * fill the table but one, and whose fcall's callee then takes the last string (index 65535, which
 * the fcall's 16-bit field holds), reads; after it, one more FILE line, jump to a new label or
 * fcall is refused at its string, over the limit. The header's own strings (the kernel's name, V40's)
 * are counted from the header read alone, so the check does not depend on how many it has. Its own
 * once-per-process check (`refusal_words strings_*`), run by isa_file only: four texts of 850 KB. */
static bool sf_check_text_strings(sf_verdict *v) {
  static const char hdr[] = TW_HDR, file_line[] = "    FILE \"f\"\n", last[] = "    fcall (M1, 1) g 0 0\n";
  static const struct {
    const char *line;
    uint32_t col;
  } over[] = {{"    FILE \"f\"", 10}, {"    jmp (M1, 1) Lnew", 17}, {"    fcall (M1, 1) h 0 0", 19}};
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file f;
  if (sf_visaasm_parse(hdr, sizeof hdr - 1, &f, &st) != SF_OK) return tw_fail(v, "strings_header", hdr, st.code, &st, "the header to read");
  uint32_t s0 = f.num_kernels ? f.kernels[0].num_strings : 0;
  sf_isa_free(&f);
  if (s0 == 0 || s0 >= SF_ISA_MAX_STRINGS) return tw_fail(v, "strings_header", hdr, SF_OK, &st, "a kernel with a few strings");
  size_t files = SF_ISA_MAX_STRINGS - s0 - 1, ln = sizeof file_line - 1, hn = sizeof hdr - 1, full = hn + files * ln + sizeof last - 1;
  char *t = malloc(full + 32);
  if (!t) return true;
  memcpy(t, hdr, hn);
  for (size_t i = 0; i < files; i++) memcpy(t + hn + i * ln, file_line, ln);
  memcpy(t + hn + files * ln, last, sizeof last - 1);
  uint32_t line = 3 + (uint32_t)files + 2; /* the header's three lines, the FILE lines, the fcall, then one more */
  bool ok = true;
  for (unsigned q = 0; q <= sizeof over / sizeof over[0] && ok; q++) {
    size_t n = full;
    if (q) {
      n += strlen(over[q - 1].line);
      memcpy(t + full, over[q - 1].line, n - full);
    }
    sf_status_clear(&st);
    sf_code rc = sf_visaasm_parse(t, n, &f, &st);
    if (rc == SF_OK) sf_isa_free(&f);
    if (rc == SF_ERR_NOMEM) continue;
    if (q ? rc == SF_ERR_LIMIT && st.pos_kind == SF_POS_TEXT && st.line == line && st.col == over[q - 1].col &&
                strstr(st.msg, "string table is full")
          : rc == SF_OK)
      continue;
    char want[96] = "a kernel whose strings fill its table to read";
    if (q) snprintf(want, sizeof want, "over the limit at %u:%u (\"string table is full\")", (unsigned)line, (unsigned)over[q - 1].col);
    ok = tw_fail(v, q ? "strings_over" : "strings_at_cap", q ? over[q - 1].line : "    fcall (M1, 1) g 0 0 (its callee the last string)", rc, &st, want);
  }
  free(t);
  return ok;
}

/* vkd3d-compiler 1.2's spellings of five instructions (its trace listings; sint is "int" there) read as the very program
 * fxc's spelling reads as: the same encoded tokens. Our printer writes fxc's, so only a text from
 * elsewhere holds these. */
static bool tw_d3d_aliases(sf_verdict *v) {
  static const char *const pairs[][2] = {{"dcl_constantBuffer cb0[4], immediateIndexed", "dcl_constantbuffer cb0[4], immediateIndexed"},
                                         {"dcl_index_range o0.xyzw 2", "dcl_indexrange o0.xyzw 2"},
                                         {"sample_pos r0.xy, t0.xyzw, r1.x", "samplepos r0.xy, t0.xyzw, r1.x"},
                                         {"dcl_resource_texture2d (int,int,int,int) t0", "dcl_resource_texture2d (sint,sint,sint,sint) t0"},
                                         {"sample_indexable(texture2d)(int,int,int,int) r0.xyzw, v0.xyxx, t0.xyzw, s0",
                                          "sample_indexable(texture2d)(sint,sint,sint,sint) r0.xyzw, v0.xyxx, t0.xyzw, s0"}};
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
    sf_status st;
    sf_status_clear(&st);
    sf_buf a, b;
    sf_buf_init(&a, &st);
    sf_buf_init(&b, &st);
    sf_code ra = tw_program(pairs[i][0], strlen(pairs[i][0]), &a, &st),
            rb = ra == SF_OK ? tw_program(pairs[i][1], strlen(pairs[i][1]), &b, &st) : SF_OK;
    bool same = ra == SF_OK && rb == SF_OK && a.len == b.len && memcmp(a.data, b.data, a.len) == 0;
    sf_buf_free(&a);
    sf_buf_free(&b);
    if (same || ra == SF_ERR_NOMEM || rb == SF_ERR_NOMEM) continue;
    char want[120];
    snprintf(want, sizeof want, "the tokens of '%s'", pairs[i][1]);
    return tw_fail(v, "alias", pairs[i][0], ra != SF_OK ? ra : rb, &st, want);
  }
  return true;
}

/* An SM5.1 constant-buffer declaration (CB0[0:0][4], space 0) with one DWORD more than its fields:
 * the printer refuses it naming the DWORD left over; and the SM5.0 form of the declaration in an
 * SM5.1 program, with its fields alone and with one DWORD more. */
static bool tw_d3d_cb_tail(sf_verdict *v) {
  static const uint32_t tok[8] = {0x08000059u, 0x00308e46u, 0, 0, 0, 4, 0, 0};
  sf_status st;
  sf_code rc = sf_check_print_tokens(tok, 8, 0x51u, &st);
  if (rc != SF_ERR_NOMEM && !(rc == SF_UNSUPPORTED && strstr(st.msg, "1 DWORDs after the declaration's fields")))
    return tw_fail(v, "cb_tail", "dcl_constantbuffer CB0[0:0][4], immediateIndexed, space=0 and one DWORD more", rc, &st,
                   "unsupported, naming the DWORD after the declaration's fields");
  /* the SM5.0 form (cb0[4], two indices) in an SM5.1 program: printed in its own syntax when it
   * ends with its fields, refused naming the DWORD when one more follows */
  static const uint32_t old_cb[5] = {0x04000059u, 0x00208e46u, 0, 4, 0};
  for (unsigned n = 4; n <= 5; n++) {
    uint32_t t[5];
    memcpy(t, old_cb, sizeof t);
    t[0] = (t[0] & ~(0x7fu << 24)) | n << 24;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    rc = sf_d3dasm_print_tokens(t, n, 0x51u, &b, &st);
    bool ok = rc == SF_ERR_NOMEM ||
              (n == 4 ? rc == SF_OK && b.len >= 43 && !memcmp(b.data, "dcl_constantbuffer CB0[4], immediateIndexed", 43)
                      : rc == SF_UNSUPPORTED && strstr(st.msg, "an SM5.0 constant buffer followed by 1 more DWORDs"));
    sf_buf_free(&b);
    if (!ok)
      return tw_fail(v, "cb_tail", n == 4 ? "dcl_constantbuffer cb0[4] in an SM5.1 program" : "the same and one DWORD more",
                     rc, &st, n == 4 ? "dcl_constantbuffer CB0[4], immediateIndexed" : "unsupported, naming the DWORD left over");
  }
  return true;
}

bool sf_check_text_words(sf_verdict *v) {
  return tw_words(v) && tw_nul(v) && tw_escape_words(v) && tw_line_length(v, TW_VISA_LINE, "sample_3d.R (M1, 16)  0x0:uw S0 T6 V32.0 V32.0") &&
         tw_line_length(v, TW_VISA_FILE, "    ret (M1, 1)") && tw_d3d_aliases(v) && tw_d3d_cb_tail(v);
}

SF_CHECK_ONCE_FN(sf_check_text_words)
SF_CHECK_ONCE_FN(sf_check_text_strings)
