/* oracles/checks/check_d3d_text.c — checks on what the D3D printers write, past the round trip:
 * `typed_imm` (an int or uint operand's immediate prints as integers), `text_fit` (a container
 * text printed into too small a buffer is a limit error through the caller's status) and
 * `container_sniff` (a container text is recognized as one, after blanks and comments too, and cut
 * right after its `.dxbc`) and
 * `inst_class` (what the one-instruction parser refuses, and how), `minus_zero` (no integer is
 * written as -0), `ext_empty` (an empty extended-token order is fxc's), `ext_order_rule` (an order
 * that is not the flags' is reported, and refused by the printer and the encoder). A round trip
 * cannot see either: a float spelling of an integer reads back as the same bits, and a truncated
 * text that reported success is never parsed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "harness/d3d/d3d_text_priv.h"
#include "harness/d3d/dxbc_text_priv.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"

/* `typed_imm`: a printed program writes an integer-typed immediate as integers. The opcode table
 * types each operand (f float, i int, u uint); fxc prints an i/u operand's l(...) as integers, and
 * so must the printer (docs/d3dasm.md): one that formatted it as a float would still read back as
 * the same bits, so no round trip sees the choice. Each line is looked up by its mnemonic, its
 * operands split at top-level commas, and every element of an l(...) in an i or u operand must be a
 * decimal integer (a '-' only for i). Declarations and directives are left alone. */
static bool ti_int(const char *s, size_t n, bool sign) {
  size_t i = 0;
  if (sign && i < n && s[i] == '-') i++;
  if (i == n) return false;
  for (; i < n; i++)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}

/* The immediate l(...) at s[0..n) (an operand, blanks trimmed): whether every element is an integer. */
static bool ti_imm_ok(const char *s, size_t n, bool sign) {
  if (n < 3 || s[0] != 'l' || s[1] != '(' || s[n - 1] != ')') return true; /* not a 32-bit immediate */
  size_t i = 2;
  while (i < n - 1) {
    while (i < n - 1 && s[i] == ' ') i++;
    size_t e = i;
    while (e < n - 1 && s[e] != ',') e++;
    size_t te = e;
    while (te > i && s[te - 1] == ' ') te--;
    if (!ti_int(s + i, te - i, sign)) return false;
    i = e + 1;
  }
  return true;
}

bool sf_check_d3d_typed_imms(sf_verdict *v, const char *t, size_t n) {
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(t + i, '\n', n - i);
    size_t e = nl ? (size_t)(nl - t) : n, b = i;
    i = e + 1;
    while (b < e && (t[b] == ' ' || t[b] == '\t')) b++;
    if (b == e || t[b] == '.' || t[b] == '/' || t[b] == '{' || t[b] == '}' || (e - b > 4 && !memcmp(t + b, "dcl_", 4)))
      continue;
    size_t w = b;
    while (w < e && t[w] != ' ') w++;
    size_t name_len = 0;
    const sf_tpf_opinfo *oi = sf_tpf_opinfo_by_prefix(t + b, w - b, &name_len);
    if (!oi || !oi->dst || !oi->src ||
        (!strchr(oi->dst, 'i') && !strchr(oi->dst, 'u') && !strchr(oi->src, 'i') && !strchr(oi->src, 'u')))
      continue;
    while (w < e && t[w] == ' ') w++;
    if (w < e && t[w] == '[') { /* [precise(...)] */
      while (w < e && t[w] != ']') w++;
      w++;
    }
    unsigned nd = (unsigned)strlen(oi->dst), k = 0;
    int depth = 0;
    size_t os = w;
    for (size_t q = w; q <= e; q++) {
      if (q < e && (t[q] == '(' || t[q] == '[')) depth++;
      if (q < e && (t[q] == ')' || t[q] == ']')) depth--;
      if (q < e && (t[q] != ',' || depth > 0)) continue;
      size_t a = os, z = q;
      while (a < z && t[a] == ' ') a++;
      while (z > a && t[z - 1] == ' ') z--;
      char ty = k < nd ? oi->dst[k] : (k - nd < strlen(oi->src) ? oi->src[k - nd] : 0);
      if ((ty == 'i' || ty == 'u') && !ti_imm_ok(t + a, z - a, ty == 'i')) {
        sf_verdict_fail(v, "typed_imm", NULL, ty == 'i' ? "int" : "uint");
        sf_verdict_key(v, "typed_imm %s", oi->name);
        sf_verdict_dumpf(v, "operand %u of %s is typed %s but its immediate is not printed as integers: %.*s\n", k,
                         oi->name, ty == 'i' ? "int" : "uint", (int)(e - b), t + b);
        return false;
      }
      k++;
      os = q + 1;
    }
  }
  return true;
}

/* `text_fit`: one container text in eight is printed again into a buffer one byte too small, with a
 * status of its own for the buffer: the printer must say SF_ERR_LIMIT through the caller's status,
 * never SF_OK for a text it could not finish (the buffer's own status is not the caller's). */
bool sf_check_dxbc_text_fit(sf_verdict *v, const uint8_t *p, size_t n, size_t len) {
  if (len == 0 || (XXH3_64bits(p, n) >> 44) % 8 != 3) return true;
  sf_status bst, st;
  sf_status_clear(&bst);
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &bst);
  b.limit = len - 1;
  sf_code rc = sf_dxbc_print_text(p, n, &b, &st);
  sf_buf_free(&b);
  if (rc == SF_ERR_LIMIT && st.code == SF_ERR_LIMIT) return true;
  sf_verdict_fail(v, "container_text", NULL, "fit");
  sf_verdict_key(v, "container_text fit code=%s", sf_code_name(rc));
  sf_verdict_dumpf(v, "printing a %zu-byte container text into %zu bytes gave %s (status %s), not a limit error\n", len,
                   len - 1, sf_code_name(rc), sf_code_name(st.code));
  return false;
}

bool sf_check_container_sniff(sf_verdict *v, const char *t, size_t n) {
  static const char pre[] = "\n \t\n// a comment before the container\n  \n";
  char buf[4096];
  size_t m = n < sizeof buf - sizeof pre ? n : sizeof buf - sizeof pre;
  memcpy(buf, pre, sizeof pre - 1);
  memcpy(buf + sizeof pre - 1, t, m);
  bool plain = sf_dxbc_text_is_container(t, n), prefixed = sf_dxbc_text_is_container(buf, sizeof pre - 1 + m);
  /* and the prefixed text cut right after its `.dxbc` (the text's end is a word's end), but not
   * with one more letter run into the word */
  bool cut = true;
  if (m > 5 && !memcmp(t, ".dxbc", 5)) {
    buf[sizeof pre - 1 + 5] = 'x';
    cut = sf_dxbc_text_is_container(buf, sizeof pre - 1 + 5) && !sf_dxbc_text_is_container(buf, sizeof pre - 1 + 6);
  }
  if (plain && prefixed && cut) return true;
  const char *what = !plain ? "plain" : !prefixed ? "prefixed" : "cut";
  sf_verdict_fail(v, "container_sniff", NULL, what);
  sf_verdict_key(v, "container_sniff %s", what);
  sf_verdict_dumpf(v, "a printed container text%s is not recognized as one\n%.*s\n",
                   !plain ? "" : prefixed ? ", cut after its .dxbc (or with a letter run into it)," : ", after blank lines and a comment,",
                   (int)(m < 2000 ? m : 2000), t);
  return false;
}

/* `text_cap`: the program text parser takes a text of up to SF_D3DASM_MAX_TEXT bytes and refuses a
 * longer one as SF_ERR_LIMIT. One printed program in 2048 (by its hash) is padded with comment
 * lines to exactly the cap (it must parse) and to one byte more (it must be refused as a limit). */
/* A heap copy of t[0..n) padded to cap + 1 bytes with comment lines of up to 64 bytes (then blank
 * lines), or NULL without memory; n + 8 <= cap. */
static char *pad_with_comments(const char *t, size_t n, size_t cap) {
  char *b = malloc(cap + 1);
  if (!b) return NULL;
  memcpy(b, t, n);
  size_t i = n;
  if (i && b[i - 1] != '\n') b[i++] = '\n';
  while (i < cap + 1) {
    size_t line = cap + 1 - i < 64 ? cap + 1 - i : 64;
    if (line >= 3) {
      b[i] = b[i + 1] = '/';
      memset(b + i + 2, 'x', line - 3);
    } else {
      memset(b + i, '\n', line);
    }
    b[i + line - 1] = '\n';
    i += line;
  }
  return b;
}

bool sf_check_d3d_text_cap(sf_verdict *v, const char *t, size_t n) {
  const size_t cap = SF_D3DASM_MAX_TEXT;
  if (n + 8 > cap || XXH64(t, n, 0x5f) % 2048 != 0) return true;
  char *b = pad_with_comments(t, n, cap);
  if (!b) return true;
  sf_status st, st2;
  sf_status_clear(&st);
  sf_status_clear(&st2);
  sf_tpf_program a, o;
  sf_tpf_program_init(&a, 0);
  sf_tpf_program_init(&o, 0);
  sf_code at = sf_d3dasm_parse_program(b, cap, &a, &st), over = sf_d3dasm_parse_program(b, cap + 1, &o, &st2);
  sf_tpf_program_free(&a);
  sf_tpf_program_free(&o);
  free(b);
  if (at == SF_OK && over == SF_ERR_LIMIT) return true;
  sf_verdict_fail(v, "text_cap", NULL, at != SF_OK ? "at" : "over");
  sf_verdict_key(v, "d3d text_cap %s", at != SF_OK ? "at" : "over");
  sf_verdict_dumpf(v, "a program text padded to %zu bytes (the cap): %s (%s); to %zu bytes: %s (%s)\n", cap,
                   sf_code_name(at), st.msg, cap + 1, sf_code_name(over), st2.msg);
  return false;
}

/* `inst_class`: the one-instruction parser (sf_d3dasm_parse_inst) takes the sample family only, and
 * says which refusal it is (docs/dxbc.md §4): a known instruction outside the family is
 * SF_UNSUPPORTED, a line with no mnemonic at all a syntax error, both at the mnemonic's column. The
 * printed text t of a sample instruction is edited twice: its mnemonic replaced by "mov", then
 * removed (the line starts with the ',' of nothing). A parser that swapped the two kinds, or
 * reported either as the other, would still refuse both: only the code and the column show it. */
bool sf_check_d3d_inst_class(sf_verdict *v, const sf_inst *in, const char *t) {
  size_t n = strlen(t), i = 0, e;
  while (i < n && (t[i] == ' ' || t[i] == '\t')) i++;
  for (e = i; e < n && (t[e] == '_' || ((t[e] | 0x20) >= 'a' && (t[e] | 0x20) <= 'z') || (t[e] >= '0' && t[e] <= '9'));) e++;
  char buf[SF_D3D_TEXT_CAP + 8];
  if (e == i || n - e + i + 4 > sizeof buf) return true;
  for (unsigned k = 0; k < 2; k++) {
    const char *rep = k == 0 ? "mov" : ",";
    size_t rl = strlen(rep), len = i + rl + (n - e);
    memcpy(buf, t, i);
    memcpy(buf + i, rep, rl);
    memcpy(buf + i + rl, t + e, n - e);
    buf[len] = 0;
    sf_d3d_inst d;
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_d3dasm_parse_inst(buf, len, 1, &d, &st);
    sf_code want = k == 0 ? SF_UNSUPPORTED : SF_ERR_SYNTAX;
    if (rc == want && st.pos_kind == SF_POS_TEXT && st.line == 1 && st.col == i + 1) continue;
    sf_verdict_fail(v, "inst_class", in, k == 0 ? "mov" : "no mnemonic");
    sf_verdict_key(v, "inst_class %s %s", k == 0 ? "mov" : "none", sf_code_name(rc));
    sf_verdict_dumpf(v, "text: %s\nwant %s at 1:%zu, got %s at %u:%u (%s)\n", buf, sf_code_name(want), i + 1, sf_code_name(rc),
                     st.line, st.col, st.msg);
    return false;
  }
  return true;
}

/* `minus_zero`: fxc never writes an integer as "-0" (an offset "(0,-1,0)", an integer immediate),
 * and neither may the printers: "-0" reads back as 0, so only the text shows it. A float may be
 * -0.000000, so a "-0" followed by a digit, '.', 'x' or an exponent is left alone. */
bool sf_check_d3d_minus_zero(sf_verdict *v, const sf_inst *in, const char *t) {
  for (const char *q = strstr(t, "-0"); q; q = strstr(q + 1, "-0")) {
    char prev = q > t ? q[-1] : ' ', next = q[2];
    bool word_before = prev == '_' || prev == '.' || ((prev | 0x20) >= 'a' && (prev | 0x20) <= 'z') || (prev >= '0' && prev <= '9');
    bool number_goes_on = next == '.' || next == 'x' || next == 'e' || next == 'E' || (next >= '0' && next <= '9');
    if (word_before || number_goes_on) continue;
    sf_verdict_fail(v, "minus_zero", in, "print");
    sf_verdict_key(v, "minus_zero");
    sf_verdict_dumpf(v, "an integer printed as -0 at column %zu: %s\n", (size_t)(q - t) + 1, t);
    return false;
  }
  return true;
}

/* `ext_empty`: an instruction whose extended-token order is left empty (ext_order all 0, what a
 * caller that builds one through the API may do; dxbc.h) is spelled in fxc's order, aoffimmi,
 * resource dimension, return type: so the encoder writes canon's tokens and the printer canon's
 * text for a copy of the canonical instruction canon with its order cleared. Decoded, parsed and
 * canonical instructions always carry an order, so only this reaches the empty one. */
bool sf_check_d3d_ext_empty(sf_verdict *v, const sf_d3d_inst *canon) {
  if (!canon->has_aoffimmi && !canon->has_resdim && !canon->has_rettype) return true;
  sf_d3d_inst bare = *canon;
  memset(bare.ext_order, 0, sizeof bare.ext_order);
  uint32_t a[SF_TPF_MAX_INST_LEN], b[SF_TPF_MAX_INST_LEN];
  size_t na = 0, nb = 0;
  sf_status sa, sb;
  sf_status_clear(&sa);
  sf_status_clear(&sb);
  sf_code ra = sf_tpf_encode_inst(canon, a, &na, &sa), rb = sf_tpf_encode_inst(&bare, b, &nb, &sb);
  const char *bad = ra != rb ? "encode status" : ra == SF_OK && (na != nb || memcmp(a, b, na * sizeof *a)) ? "tokens" : NULL;
  static char ta[SF_D3DASM_MAX_INST_TEXT], tb[SF_D3DASM_MAX_INST_TEXT];
  if (!bad) {
    sf_status_clear(&sa);
    sf_status_clear(&sb);
    ra = sf_d3dasm_print_inst(canon, ta, sizeof ta, &sa);
    rb = sf_d3dasm_print_inst(&bare, tb, sizeof tb, &sb);
    bad = ra != rb ? "print status" : ra == SF_OK && strcmp(ta, tb) ? "text" : NULL;
  }
  if (!bad) return true;
  static sf_inst in; /* the instruction for the report */
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_D3D;
  in.d3d = *canon;
  sf_verdict_fail(v, "ext_empty", &in, bad);
  sf_verdict_key(v, "ext_empty %s", bad);
  sf_verdict_dumpf(v, "the instruction with its extended-token order left empty (fxc's order) gives other %s than with the "
                      "order {%u,%u,%u}: %s / %s\n", bad, canon->ext_order[0], canon->ext_order[1], canon->ext_order[2],
                   sf_code_name(ra), sf_code_name(rb));
  if (!strcmp(bad, "text")) sf_verdict_dumpf(v, "ordered: %s\nempty:   %s\n", ta, tb);
  return false;
}

/* `double_suffix`: fxc writes each value of a double immediate with an `l` after it
 * (`d(1.500000l, -2.250000l)`, docs/dxbc.md §3); samplefuzz's printer writes none, so only fxc's
 * listings reach the parser's acceptance of it. A printed program with a `d(` operand, given the
 * suffix after every decimal value (raw 0x values take none), must encode to the program's bytes
 * p[0..pn). */
bool sf_check_d3d_double_suffix(sf_verdict *v, const char *t, size_t n, const uint8_t *p, size_t pn) {
  const char *first = NULL;
  for (size_t i = 0; i + 1 < n && !first; i++)
    if (t[i] == 'd' && t[i + 1] == '(' && (i == 0 || t[i - 1] == ' ' || t[i - 1] == ',')) first = t + i;
  if (!first) return true;
  char *e = malloc(2 * n + 1);
  if (!e) return true;
  size_t m = 0;
  bool in = false, hex = false, digits = false;
  for (size_t i = 0; i < n; i++) {
    char ch = t[i];
    if (!in && ch == 'd' && i + 1 < n && t[i + 1] == '(' && (i == 0 || t[i - 1] == ' ' || t[i - 1] == ',')) {
      in = true, hex = digits = false;
      e[m++] = 'd', e[m++] = '(';
      i++;
      continue;
    }
    if (in && (ch == ',' || ch == ')')) {
      if (digits && !hex) e[m++] = 'l';
      hex = digits = false;
      in = ch == ',';
    } else if (in && ch == 'x') {
      hex = true;
    } else if (in && ch >= '0' && ch <= '9') {
      digits = true;
    }
    e[m++] = ch;
  }
  sf_buf out;
  sf_status st;
  sf_status_clear(&st);
  sf_buf_init(&out, &st);
  sf_code rc = sf_canon_d3dasm_program(NULL, e, m, &out, &st);
  bool ok = rc == SF_OK && out.len == pn && memcmp(out.data, p, pn) == 0;
  if (!ok) {
    const char *le = memchr(first, '\n', (size_t)(t + n - first));
    sf_verdict_fail(v, "double_suffix", NULL, rc == SF_OK ? "bytes" : "parse");
    sf_verdict_key(v, "double_suffix %s", rc == SF_OK ? "bytes" : sf_code_name(rc));
    sf_verdict_dumpf(v, "a program whose double immediates carry fxc's 'l' suffix %s: %s\nfirst line with d(: %.*s\n",
                     rc == SF_OK ? "encodes to other bytes" : "does not parse", st.msg,
                     (int)(le ? le - first : 80), first);
  }
  sf_buf_free(&out);
  free(e);
  return ok;
}

/* The first `.tpf` escape line of an fxc-style text whose reason is that the instruction's own text
 * did not read back (d3d_program.c, sf_d3dasm_print_tokens), or NULL. The printer escapes such an
 * instruction so that a disassembly still round-trips, but the reason is a disagreement between its
 * format and its parser, never a layout text cannot express: without this, a parser that refused
 * every generic instruction passed every check, its instructions printed as escapes. */
const char *sf_d3d_readback_escape(const char *t, size_t n) {
  static const char *const why[2] = {"the text does not read back", "the text reads back to other tokens"};
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(t + i, '\n', n - i);
    size_t len = (nl ? (size_t)(nl - t) : n) - i;
    if (len > 5 && memcmp(t + i, ".tpf ", 5) == 0)
      for (int w = 0; w < 2; w++) {
        size_t wl = strlen(why[w]);
        for (size_t k = i; k + wl <= i + len; k++)
          if (t[k] == why[w][0] && memcmp(t + k, why[w], wl) == 0) return t + i;
      }
    i += len + 1;
  }
  return NULL;
}

/* Whether the text has a `.tpf` line (an instruction written as raw tokens). */
bool sf_d3d_has_tpf_line(const char *t, size_t n) {
  for (size_t i = 0; i + 4 <= n; i++)
    if ((i == 0 || t[i - 1] == '\n') && memcmp(t + i, ".tpf", 4) == 0) return true;
  return false;
}

/* `imm_width` (once per process, in the D3D codec targets): an immediate prints as %f when that text
 * reads back to its bits and has at most 24 characters, else as the shortest %g that does
 * (d3d_text_names.c). At the edge, for a float and a double: 24 characters of %f, and one more
 * digit, which takes %g. Both texts read back the same, so no round trip sees where the edge is. */
bool sf_check_d3d_imm_width(sf_verdict *v) {
  static const struct {
    uint64_t bits;
    bool dbl;
    const char *want;
  } cases[4] = {{0x5bb1a2bcu, false, "99999998430674944.000000"},
                {0x5d5e0b6bu, false, "1e+18"},
                {0x4345ee2a2eb5a5c4u, true, "12345678901234568.000000"},
                {0x437b69b4ba630f35u, true, "1.2345678901234568e+17"}};
  for (unsigned q = 0; q < 4; q++) {
    char out[64];
    if (cases[q].dbl) da_fmt_imm64(cases[q].bits, out);
    else da_fmt_imm((uint32_t)cases[q].bits, out);
    if (!strcmp(out, cases[q].want)) continue;
    sf_verdict_fail(v, "imm_width", NULL, cases[q].dbl ? "double" : "float");
    sf_verdict_key(v, "imm_width %s", cases[q].dbl ? "double" : "float");
    sf_verdict_dumpf(v, "the %s of bits 0x%llx prints as '%s', want '%s'\n", cases[q].dbl ? "double" : "float",
                     (unsigned long long)cases[q].bits, out, cases[q].want);
    return false;
  }
  return true;
}

/* `d3d_line_cuts` (once per process, with `imm_width`): fxc-style lines that reach the immediate,
 * register, suffix and declaration scanners, each after a shader-model line and a dcl_temps, first whole (it must
 * parse: a refusal is a finding), then cut after each of its bytes and read in a block of exactly
 * the bytes kept: accepted, or refused on line 3 and the program left empty (dxbc.h; a dcl_temps
 * before it makes one item to drop). A number, a swizzle or a keyword at the very end
 * of the text is where a scanner that looks one byte further reads past it; the fuzzers' texts end
 * there only by luck (eof_cut picks one place in SF_NEG_EVERY texts). */
static const char *const d3d_cut_lines[] = {
    "sample o0.xyzw, l(1.000000, 0.500000, -0.00000000e+00, 1.40129846e-45), t0.xyzw, s0",
    "sample_b_sat r0.xy, -|v0.xyxx|, t0.xyzw, s0, l(-5.00000000e-01)",
    "sample o0.xyzw, l(inf, nan, -inf, 1e-10), t1.xyzw, s0",
    "sample o0.xyzw, l(1.#INF00, -1.#INF00, -1.#IND00, 1.#QNAN0), t1.xyzw, s0",
    "sample o0.xyzw, l(2,-1,0x3f800000,0), t1.xyzw, s0",
    "sample_l o0.xyzw, v0.xyxx, t0.xyzw, s0, l(1E+2)",
    "sample_aoffimmi(-1,0,1) r0.xyzw, v0.xyxx, t0.xyzw, s0",
    "sample_c_lz r0.x, v0.xyxx, t0.xxxx, s0, cb0[2].x",
    "sample_d o0.xyzw, v0.xyxx, t0.xyzw, s1, v1.xyxx, v1.zwzz",
    "sample_indexable(texture2d)(float,float,float,float) r0.xyzw, v0.xyxx, t0.xyzw, s0",
    "dcl_resource_texture2d (float,float,float,float) t0",
    "dcl_sampler s0, mode_comparison",
    "dcl_constantbuffer CB0[1], immediateIndexed",
    "dcl_input_ps linear v0.xy",
    "dcl_temps 2",
};

#define D3D_CUT_HEAD "ps_5_0\ndcl_temps 1\n"

/* What is wrong with the text's first k bytes: NULL when they are read or refused as they should
 * be, else "position" (refused off line 3) or "nonempty" (the refused program kept items). */
static const char *d3d_cut_one(const char *text, size_t k, sf_status *st) {
  char *t = malloc(k ? k : 1);
  sf_status_clear(st);
  if (!t) return NULL;
  memcpy(t, text, k);
  sf_tpf_program prog;
  sf_code rc = sf_d3dasm_parse_program(t, k, &prog, st);
  free(t);
  /* a refusal leaves the program empty (dxbc.h), whatever it read before the error */
  bool empty = rc == SF_OK || (!prog.items && !prog.store && !prog.count);
  sf_tpf_program_free(&prog);
  if (rc == SF_OK || rc == SF_ERR_NOMEM) return NULL;
  if (!(st->pos_kind == SF_POS_TEXT && st->line == 3)) return "position";
  return empty ? NULL : "nonempty";
}

static bool sf_check_d3d_line_cuts(sf_verdict *v) {
  for (size_t i = 0; i < sizeof d3d_cut_lines / sizeof d3d_cut_lines[0]; i++) {
    char text[256];
    int n = snprintf(text, sizeof text, "%s%s", D3D_CUT_HEAD, d3d_cut_lines[i]);
    if (n < 0 || (size_t)n >= sizeof text) continue;
    sf_status st;
    bool whole = !d3d_cut_one(text, (size_t)n, &st) && st.code == SF_OK;
    if (st.code == SF_ERR_NOMEM) continue;
    for (size_t k = sizeof D3D_CUT_HEAD - 1; whole && k < (size_t)n; k++) {
      const char *bad = d3d_cut_one(text, k, &st);
      if (!bad) continue;
      sf_verdict_fail(v, "line_cuts", NULL, "d3d");
      sf_verdict_key(v, "line_cuts d3d %s", bad);
      sf_verdict_dumpf(v, "the line '%s' cut after %zu bytes: %s at line %u: %s\n", d3d_cut_lines[i], k - (sizeof D3D_CUT_HEAD - 1),
                       *bad == 'p' ? "refused off its line 3" : "refused, the program left holding items", (unsigned)st.line,
                       st.msg);
      return false;
    }
    if (whole) continue;
    sf_verdict_fail(v, "line_cuts", NULL, "d3d");
    sf_verdict_key(v, "line_cuts d3d refused");
    sf_verdict_dumpf(v, "the valid line '%s' is refused: %s\n", d3d_cut_lines[i], st.msg);
    return false;
  }
  return true;
}

/* `text_caps` (once per process, with `imm_width`): each D3D text parser at SF_D3DASM_MAX_TEXT: the
 * container text of a wrapped sample instruction, padded with comment lines to exactly the cap,
 * reads back to the container's bytes, and one byte more is refused as over the limit at 1:1; the
 * program text of the same shader likewise (`text_cap` pads the fuzzers' printed programs, one in
 * 2048); the one-instruction parser with the instruction and a trailing comment. A cap tested one off refuses a text of exactly the cap, which no
 * fuzzer input reaches (they are capped far below it). */
static bool sf_check_d3d_text_caps(sf_verdict *v) {
  static const char line[] = "sample r0.xyzw, v0.xyxx, t0.xyzw, s0";
  const size_t cap = SF_D3DASM_MAX_TEXT;
  sf_d3d_inst d;
  sf_status st;
  sf_status_clear(&st);
  sf_buf box, text, back;
  sf_buf_init(&box, &st);
  sf_buf_init(&text, &st);
  sf_buf_init(&back, &st);
  const char *what = NULL;
  sf_code at = SF_OK, over = SF_OK;
  if (sf_d3dasm_parse_inst(line, sizeof line - 1, 1, &d, &st) != SF_OK || sf_dxbc_wrap_sample(&d, 0, &box, &st) != SF_OK ||
      sf_dxbc_print_text(box.data, box.len, &text, &st) != SF_OK) {
    what = "template";
  } else {
    char *b = text.len + 8 <= cap ? pad_with_comments((const char *)text.data, text.len, cap) : NULL;
    sf_status s2;
    sf_status_clear(&s2);
    if (b) {
      sf_buf over_out;
      sf_buf_init(&over_out, &s2);
      at = sf_dxbc_parse_text(b, cap, &back, &st);
      over = sf_dxbc_parse_text(b, cap + 1, &over_out, &s2);
      sf_buf_free(&over_out);
      if (at == SF_OK && (back.len != box.len || memcmp(back.data, box.data, box.len))) what = "container_bytes";
      else if (at != SF_OK && at != SF_ERR_NOMEM) what = "container_at";
      else if (over != SF_ERR_LIMIT || s2.line != 1 || s2.col != 1) what = "container_over";
      free(b);
    }
    sf_tpf_program prog, pa, po;
    sf_tpf_program_init(&prog, 0);
    sf_tpf_program_init(&pa, 0);
    sf_tpf_program_init(&po, 0);
    sf_buf ptext;
    sf_buf_init(&ptext, &st);
    if (!what && sf_dxbc_wrap_program(&d, 0, &prog, &st) == SF_OK && sf_d3dasm_print_program(&prog, &ptext, &st) == SF_OK &&
        (b = ptext.len + 8 <= cap ? pad_with_comments((const char *)ptext.data, ptext.len, cap) : NULL)) {
      sf_status_clear(&st);
      sf_status_clear(&s2);
      at = sf_d3dasm_parse_program(b, cap, &pa, &st);
      over = sf_d3dasm_parse_program(b, cap + 1, &po, &s2);
      if (at != SF_OK && at != SF_ERR_NOMEM) what = "program_at";
      else if (over != SF_ERR_LIMIT || s2.line != 1 || s2.col != 1) what = "program_over";
      free(b);
    }
    sf_buf_free(&ptext);
    sf_tpf_program_free(&prog);
    sf_tpf_program_free(&pa);
    sf_tpf_program_free(&po);
    b = what ? NULL : pad_with_comments(line, sizeof line - 1, cap);
    if (b) { /* one line: the instruction, then a comment to the cap (its last byte a newline) */
      b[sizeof line - 1] = ' ';
      b[sizeof line] = b[sizeof line + 1] = '/';
      memset(b + sizeof line + 2, 'x', cap - sizeof line - 3);
      b[cap - 1] = b[cap] = '\n';
      sf_d3d_inst e;
      sf_status_clear(&st);
      sf_status_clear(&s2);
      at = sf_d3dasm_parse_inst(b, cap, 1, &e, &st);
      over = sf_d3dasm_parse_inst(b, cap + 1, 1, &e, &s2);
      if (at != SF_OK && at != SF_ERR_NOMEM) what = "inst_at";
      else if (over != SF_ERR_LIMIT || s2.line != 1 || s2.col != 1) what = "inst_over";
      free(b);
    }
    if (what && at == SF_OK) st = s2; /* the refusal to show is the over-the-cap call's */
  }
  sf_buf_free(&box);
  sf_buf_free(&text);
  sf_buf_free(&back);
  if (!what) return true;
  sf_verdict_fail(v, "text_caps", NULL, what);
  sf_verdict_key(v, "d3d text_caps %s", what);
  sf_verdict_dumpf(v, "a text of exactly %zu bytes (the cap) gave %s, of one byte more %s: %s\n", cap, sf_code_name(at),
                   sf_code_name(over), st.msg);
  return false;
}

/* `statement_cap` (once per process, in d3dasm_fuzzer only: about a second under the sanitizers): one statement of the program text holds at most
 * SF_TPF_MAX_PROGRAM_TOKENS DWORDs, and only an immediate constant buffer can pass that (a `.tpf` line
 * is capped far below it). A buffer of 2^18 rows of four values (2^20 values and its two header DWORDs,
 * 2.6 MB of text, under the text cap) is refused as over the limit at the value that passes the cap,
 * in the text: row 2^18 - 1, value 2 (0-based), the column after it. Without the statement's cap the
 * program's own refusal has no position in the text. */
bool sf_check_d3d_statement_cap(sf_verdict *v) {
  static const char head[] = "ps_5_0\ndcl_immediateConstantBuffer {", row[] = "{0,0,0,0},";
  const size_t rows = (size_t)SF_TPF_MAX_PROGRAM_TOKENS / 4, hn = sizeof head - 1, rn = sizeof row - 1;
  size_t n = hn + rows * rn + 1;
  char *t = malloc(n);
  if (!t) return true;
  memcpy(t, head, hn);
  for (size_t i = 0; i < rows; i++) memcpy(t + hn + i * rn, row, rn);
  t[n - 2] = '}'; /* the last row's comma closes the buffer */
  t[n - 1] = '\n';
  sf_status st;
  sf_status_clear(&st);
  sf_tpf_program p;
  sf_code rc = sf_d3dasm_parse_program(t, n, &p, &st);
  free(t);
  if (rc == SF_OK) sf_tpf_program_free(&p);
  if (rc == SF_ERR_NOMEM) return true;
  /* the DWORD past the cap is value 2^20 - 2: the last row's third value; its column counts from 1 on line 2 */
  const uint32_t col = (uint32_t)(hn - 7 + (rows - 1) * rn + 1 + 2 * 2 + 1) + 1;
  if (rc == SF_ERR_LIMIT && st.pos_kind == SF_POS_TEXT && st.line == 2 && st.col == col && strstr(st.msg, "statement longer than"))
    return true;
  sf_verdict_fail(v, "statement_cap", NULL, "icb");
  sf_verdict_key(v, "d3d statement_cap");
  sf_verdict_dumpf(v, "an immediate constant buffer of %zu values gave %s at %u:%u (\"%s\"), want a limit at 2:%u saying "
                   "the statement is longer than %u DWORDs\n", rows * 4, sf_code_name(rc), (unsigned)st.line, (unsigned)st.col,
                   st.msg, (unsigned)col, SF_TPF_MAX_PROGRAM_TOKENS);
  return false;
}

/* `word_ends` (once per process, with `imm_width`): a keyword that runs into the next token, or
 * ends the text, is no keyword: each line is refused as a syntax error at the keyword's column (a
 * keyword test that took a prefix would read `linearv0` as `linear v0`). */
static bool sf_check_d3d_word_ends(sf_verdict *v) {
  static const struct {
    const char *text;
    unsigned col;
  } cases[] = {
      {"ps_5_0\ndcl_input_ps linearv0.xy", 14},   {"ps_5_0\ndcl_input_ps constantv0.x", 14},
      {"ps_5_0\ndcl_input_ps linear", 14},        {"ps_5_0\ndcl_sampler s0, mode_defaultx", 17},
      {"ps_5_0\nsample_lr0.xyzw, v0.xyxx, t0.xyzw, s0, l(0)", 7},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sf_tpf_program prog;
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_d3dasm_parse_program(cases[i].text, strlen(cases[i].text), &prog, &st);
    sf_tpf_program_free(&prog);
    if (rc == SF_ERR_NOMEM || (rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == 2 && st.col == cases[i].col))
      continue;
    sf_verdict_fail(v, "word_ends", NULL, "d3d");
    sf_verdict_key(v, "word_ends d3d");
    sf_verdict_dumpf(v, "'%s' gave %s at %u:%u (%s); want a syntax error at 2:%u\n", cases[i].text + 7, sf_code_name(rc),
                     (unsigned)st.line, (unsigned)st.col, st.msg, cases[i].col);
    return false;
  }
  return true;
}

/* `print_sizes` (once per process, with `imm_width`): sf_d3dasm_print_inst writes into a buffer of
 * the caller's size, NUL-terminated, and a text that does not fit is SF_ERR_LIMIT (dxbc.h). The
 * sample lines of `d3d_line_cuts` and two ending in a relative index (whose " + N]" is written
 * through vsnprintf, the rest by the printer's own formatting) are printed into blocks of exactly 1 to L + 1 bytes, L the text's
 * length: each short one refused as over the limit, the one of L + 1 the same text. The fuzzers
 * print into one large buffer, so a text that fills a buffer exactly is never met there. */
static bool sf_check_d3d_print_sizes(sf_verdict *v) {
  /* and two whose last piece, a relative index's " + N]", is written through vsnprintf */
  static const char *const more[2] = {"sample r0.xyzw, v0.xyxx, t0.xyzw, s[r1.x + 2]", "sample r0.xyzw, v0.xyxx, t0.xyzw, s0[r1.x + 2]"};
  for (size_t i = 0; i < 12; i++) {
    const char *line = i < 10 ? d3d_cut_lines[i] : more[i - 10];
    sf_d3d_inst d;
    sf_status st;
    sf_status_clear(&st);
    char full[512];
    if (sf_d3dasm_parse_inst(line, strlen(line), 1, &d, &st) != SF_OK || sf_d3dasm_print_inst(&d, full, sizeof full, &st) != SF_OK)
      continue; /* d3d_line_cuts reports a line that does not parse */
    size_t len = strlen(full);
    for (size_t n = 1; n <= len + 1; n++) {
      char *b = malloc(n);
      if (!b) return true;
      sf_status_clear(&st);
      sf_code rc = sf_d3dasm_print_inst(&d, b, n, &st);
      bool ok = n <= len ? rc == SF_ERR_LIMIT : rc == SF_OK && !strcmp(b, full);
      free(b);
      if (ok) continue;
      sf_verdict_fail(v, "print_sizes", NULL, "d3d");
      sf_verdict_key(v, "print_sizes d3d %s", n <= len ? "short" : "exact");
      sf_verdict_dumpf(v, "'%s' (%zu characters) printed into a buffer of %zu bytes gave %s, want %s\n", full, len, n,
                       sf_code_name(rc), n <= len ? "SF_ERR_LIMIT" : "SF_OK and the same text");
      return false;
    }
  }
  return true;
}

/* `piece_cap` (once per process, with `print_sizes`): the container printer formats each piece of
 * its text on the stack (dxbc_text_priv.h DXBC_PIECE_MAX). No piece comes near the bound, so no
 * container reaches the refusal; here an empty piece and then one of the longest size append whole, and one byte more
 * fails the buffer with SF_ERR_LIMIT, saying so, and keeps what came before. */
static bool sf_check_dxbc_piece_cap(sf_verdict *v) {
  static char word[DXBC_PIECE_MAX + 1];
  memset(word, 'w', DXBC_PIECE_MAX);
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  dxbc_bprintf(&b, "%s", ""); /* an empty piece appends nothing and is no failure */
  dxbc_bprintf(&b, "%.*s", (int)DXBC_PIECE_MAX - 1, word);
  bool whole = sf_buf_code(&b) == SF_OK && b.len == DXBC_PIECE_MAX - 1 && b.data[b.len - 1] == 'w';
  dxbc_bprintf(&b, "%.*s", (int)DXBC_PIECE_MAX, word);
  bool refused = sf_buf_code(&b) == SF_ERR_LIMIT && st.code == SF_ERR_LIMIT && b.len == DXBC_PIECE_MAX - 1 &&
                 strstr(st.msg, "piece of 512 bytes is over the printer's 511") != NULL;
  size_t kept = b.len;
  sf_buf_free(&b);
  if (whole && refused) return true;
  if (!whole)
    return sf_verdict_failf(v, "piece_cap", "at", "an empty piece and one of %u bytes were not appended whole: %s (%s)",
                            DXBC_PIECE_MAX - 1, sf_code_name(st.code), st.msg);
  return sf_verdict_failf(v, "piece_cap", "over", "a container text piece of %u bytes: %s (%s), %zu bytes kept; want SF_ERR_LIMIT "
                          "saying so and the %u before it kept", DXBC_PIECE_MAX, sf_code_name(st.code), st.msg, kept, DXBC_PIECE_MAX - 1);
}

/* `ext_order_rule` (once per process, with `imm_width`): the model (sf_inst_validate) reports
 * d3d.ext_order for a sample instruction whose extended-token order names a token it does not hold
 * or leaves out one it holds, in any one of the three kinds (aoffimmi 1, resource dimension 2,
 * return type 3) or in two of them (one kind alone in the order, the others' slots 0), and not for
 * the order fxc writes; the printer and the encoder refuse the same orders as invalid (written,
 * a group would be lost) and take fxc's. An order that is off in one kind only is what a hand edit
 * or a decoder slip makes; no generated instruction has one. */
static bool ext_order_rule(sf_verdict *v) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_D3D;
  sf_status st;
  sf_status_clear(&st);
  static const char line[] = "sample_aoffimmi_indexable(-1,0,0)(texture2d)(float,float,float,float) r0.xyzw, v0.xyxx, t0.xyzw, s0";
  if (sf_d3dasm_parse_inst(line, sizeof line - 1, 1, &in.d3d, &st) != SF_OK || !in.d3d.has_aoffimmi || !in.d3d.has_resdim ||
      !in.d3d.has_rettype)
    return sf_verdict_failf(v, "ext_order", "base", "the base line of ext_order_rule does not read with all three tokens");
  sf_violations out;
  for (unsigned k = 0; k < 7; k++) { /* k 0: fxc's order; 1-3: kind k dropped from it; 4-6: kind k - 3 alone in it */
    sf_inst e = in;
    uint8_t ord[3] = {1, 2, 3};
    unsigned n = 0;
    for (unsigned q = 0; q < 3; q++)
      if (k < 4 ? ord[q] != k : ord[q] == k - 3) e.d3d.ext_order[n++] = ord[q];
    while (n < 3) e.d3d.ext_order[n++] = 0;
    sf_inst_validate(&e, &out);
    bool flagged = false;
    for (unsigned q = 0; q < out.count; q++) flagged = flagged || !strcmp(out.v[q].rule, "d3d.ext_order");
    char txt[256], d[200];
    uint32_t tok[SF_TPF_MAX_INST_LEN];
    size_t len;
    sf_code pc = sf_d3dasm_print_inst(&e.d3d, txt, sizeof txt, &st), ec = sf_tpf_encode_inst(&e.d3d, tok, &len, &st);
    sf_code want = k ? SF_ERR_INVALID : SF_OK;
    if (flagged == (k != 0) && pc == want && ec == want) continue;
    snprintf(d, sizeof d, "extended-token order {%u,%u,%u} with all three tokens present: d3d.ext_order %s, printed %s, "
             "encoded %s", e.d3d.ext_order[0], e.d3d.ext_order[1], e.d3d.ext_order[2], flagged ? "reported" : "not reported",
             sf_code_name(pc), sf_code_name(ec));
    return sf_verdict_failf(v, "ext_order", flagged != (k != 0) ? (k ? "missed" : "false") : pc != want ? "printed" : "encoded",
                            "%s", d);
  }
  return true;
}

/* `d3d_known_lines` (once per process, with `imm_width`): declarations in fxc's own spelling
 * (docs/dxbc.md's declaration table), each alone after its shader model line, read, encoded,
 * decoded and printed back verbatim. The round trips compare the printer with the parser, which
 * reads more spellings than fxc writes; these say which one the printer must write: the SM5.1
 * register ranges `T0[0:3]` and `S0[0:*]`, with the space, beside the SM5.0 forms, and not for an
 * operand of three indices one of which is relative (the API takes one; a range would drop it). */
static bool sf_check_d3d_known_lines(sf_verdict *v) {
  static const struct {
    const char *model;
    const char *line;
  } known[] = {
      {"ps_5_0", "dcl_resource_texture2d (float,float,float,float) t0"},
      {"ps_5_0", "dcl_sampler s0, mode_comparison"},
      {"ps_5_0", "dcl_constantbuffer CB0[4], immediateIndexed"},
      {"ps_5_1", "dcl_resource_texture2d (float,float,float,float) T0[0:3], space=1"},
      {"ps_5_1", "dcl_sampler S0[0:*], mode_default, space=0"},
      {"ps_5_1", "dcl_constantbuffer CB0[0:0][4], dynamicIndexed, space=0"},
      {"ps_5_1", "dcl_uav_typed_texture2d (uint,uint,uint,uint) U1[6:8], space=0"},
      {"ps_5_1", "dcl_uav_structured U0[0:0], 16, space=0"},
      /* three indices with a relative one are no range: the instruction form, which keeps r1.x */
      {"ps_5_1", "dcl_resource_texture2d (float,float,float,float) T0[r1.x + 5][7].swz(xyzw), space=0"},
  };
  for (size_t i = 0; i < sizeof known / sizeof known[0]; i++) {
    char text[160];
    int tn = snprintf(text, sizeof text, "%s\n%s\n", known[i].model, known[i].line);
    if (tn < 0 || (size_t)tn >= sizeof text) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_tpf_program prog, back;
    memset(&back, 0, sizeof back);
    sf_buf enc, out;
    sf_buf_init(&enc, &st);
    sf_buf_init(&out, &st);
    sf_code rc = sf_d3dasm_parse_program(text, (size_t)tn, &prog, &st);
    if (rc == SF_OK) rc = sf_tpf_program_encode(&prog, &enc, &st);
    if (rc == SF_OK) rc = sf_tpf_program_decode(enc.data, enc.len, &back, &st);
    if (rc == SF_OK) rc = sf_d3dasm_print_program(&back, &out, &st);
    bool same = rc == SF_OK && out.len == (size_t)tn && !memcmp(out.data, text, (size_t)tn);
    char got[160];
    snprintf(got, sizeof got, "%.*s", rc == SF_OK ? (int)(out.len < 150 ? out.len : 150) : 0,
             rc == SF_OK ? (const char *)out.data : "");
    sf_tpf_program_free(&prog);
    if (rc == SF_OK) sf_tpf_program_free(&back);
    sf_buf_free(&enc);
    sf_buf_free(&out);
    if (same || rc == SF_ERR_NOMEM) continue;
    if (rc != SF_OK)
      return sf_verdict_failf(v, "d3d_known_lines", "refused", "%s '%s': %s (%s)", known[i].model, known[i].line,
                              sf_code_name(rc), st.msg);
    return sf_verdict_failf(v, "d3d_known_lines", "printed", "%s '%s' printed back as '%s'", known[i].model, known[i].line, got);
  }
  return true;
}

static bool sf_check_d3d_text_fixed(sf_verdict *v) {
  return sf_check_d3d_imm_width(v) && sf_check_d3d_known_lines(v) && ext_order_rule(v) && sf_check_d3d_line_cuts(v) && sf_check_d3d_text_caps(v) && sf_check_d3d_word_ends(v) &&
         sf_check_d3d_print_sizes(v) && sf_check_dxbc_piece_cap(v);
}

SF_CHECK_ONCE_FN(sf_check_d3d_text_fixed)
SF_CHECK_ONCE_FN(sf_check_d3d_statement_cap)
