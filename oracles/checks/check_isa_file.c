/* oracles/checks/check_isa_file.c — the whole-file `.isa` check (target isa_file_fuzzer).
 *
 * Binary (docs/visa-binary.md, the v4.1 container; docs/visa-binary.md): a file that
 * sf_isa_read accepts must be written by sf_isa_write, read back, and written again to the same
 * bytes (write(read(write(read(x)))) == write(read(x)); the first write may normalize, e.g. the
 * version and the instruction bytes, after that nothing may change).
 * Text (docs/visa-text.md; docs/visa-text.md "Files"): the whole-file text view of the
 * re-read file, sf_visaasm_print, must parse back with sf_visaasm_parse and print to identical text.
 * The printer may refuse a kernel (SF_UNSUPPORTED: labels, attributes on variables, ...;
 * SF_ERR_INVALID: a name that cannot be written unambiguously) but must say why. Every refusal of
 * the reader or writer must carry a message, and the reader's errors a byte position.
 * Generated mode: an input that starts with "SFGEN" is not a file but the draws of the whole-file
 * generator (sf_gen_isa_file, one in three in IGC 12504's cut-short form). What the generator
 * builds is valid, so the writer must take it (`gen_write`; appending it after bytes a buffer
 * already holds gives the same bytes after them, `gen_append`) and the reader too (`gen_read`), and the
 * file must read back with the declarations and instructions the generator built (`gen_same`);
 * then the written bytes are checked as above. This is where a reader that refuses or misreads
 * valid whole kernels is seen, which a round trip of what the reader accepts cannot show. */
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/gen.h"
#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/visa.h"


/* A refusal must carry a message, and format errors of the reader a position (status.h contract). */
/* The kind of a .visaasm line, for number-free signatures: "version", "kernel", "decl", "input",
 * "kernel_attr", "ret", "inst", "comment" or "blank". */
static const char *sf_isa_line_kind(const char *s, size_t n) {
  size_t i = 0;
  while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
  if (i == n) return "blank";
  const char *p = s + i;
  size_t m = n - i;
  static const char *const dirs[] = {".version", ".kernel_attr", ".kernel", ".decl", ".input"};
  for (size_t q = 0; q < sizeof dirs / sizeof dirs[0]; q++) {
    size_t l = strlen(dirs[q]);
    if (m >= l && memcmp(p, dirs[q], l) == 0) return dirs[q] + 1;
  }
  if (m >= 2 && p[0] == '/' && p[1] == '/') return "comment";
  if (m >= 3 && memcmp(p, "ret", 3) == 0) return "ret";
  const char *r = memchr(p, ')', m);
  if (p[0] == '(' && r && (size_t)(r - p) + 5 <= m && memcmp(r + 1, " ret", 4) == 0) return "ret";
  return "inst";
}

/* Line `line` (1-based) of text t[0..n): start and length; false past the end. */
static bool sf_isa_line_at(const char *t, size_t n, uint32_t line, const char **s, size_t *len) {
  size_t pos = 0;
  for (uint32_t l = 1; pos <= n; l++) {
    size_t e = pos;
    while (e < n && t[e] != '\n') e++;
    if (l == line) {
      *s = t + pos;
      *len = e - pos;
      return true;
    }
    if (e == n) break;
    pos = e + 1;
  }
  return false;
}

static void sf_isa_dump_text(sf_verdict *v, const char *label, const sf_buf *b) {
  size_t shown = b->len > 3000 ? 3000 : b->len;
  sf_verdict_dumpf(v, "--- %s (%zu bytes%s) ---\n%.*s\n", label, b->len, shown < b->len ? ", cut" : "", (int)shown,
                   (const char *)b->data);
}

/* print -> parse -> print of the file's text view. from_text: the file was parsed from .visaasm
 * text, so it has a text form, and the printer may refuse it only for size or memory (a refusal
 * "unsupported" would be the printer failing the parser's own output, e.g. calling two distinct
 * label names the same). */
/* Whether generic instructions a and b have the same opcode, form, position and bytes; x and y are
 * scratch buffers the caller reuses across instructions (one allocation per kernel, not two per
 * instruction: real kernels have thousands). */
bool sf_isa_same_ginst(const sf_visa_kernel *ka, const sf_visa_kernel *kb, const sf_visa_ginst *a,
                       const sf_visa_ginst *b, sf_buf *x, sf_buf *y) {
  if (a->op != b->op || a->form != b->form || a->at != b->at || a->num_ops != b->num_ops) return false;
  for (unsigned i = 0; i < a->num_ops; i++)
    if (a->ops[i].kind != b->ops[i].kind) return false;
  /* fcall, faddr and FILE name a function or file by a string index, and text gives the name a new
   * string (as GenX_IR does), so through text the same instruction has another index: compare the names, then
   * the bytes with the index of a put in b's place. An index past both tables names nothing (the
   * reader does not check indices, docs/visa-binary.md: cut-short bytes read in the 4.1 form can
   * hold one) and is compared as bytes, index included, like every other field. */
  int ni = sf_visa_ginst_name_field(a);
  const char *na = ni >= 0 && a->ops[ni].u < ka->num_strings ? ka->strings[a->ops[ni].u] : NULL;
  const char *nb = ni >= 0 && b->ops[ni].u < kb->num_strings ? kb->strings[b->ops[ni].u] : NULL;
  if (na || nb) {
    if (!na || !nb || strcmp(na, nb) != 0) return false;
    sf_visa_gop ops[5];
    memcpy(ops, a->ops, (size_t)a->num_ops * sizeof *ops);
    ops[ni].u = b->ops[ni].u;
    sf_visa_ginst t = *a;
    t.ops = ops;
    x->len = y->len = 0;
    return sf_visa_gen_encode(&t, x, NULL) == SF_OK && sf_visa_gen_encode(b, y, NULL) == SF_OK && x->len == y->len &&
           memcmp(x->data, y->data, x->len) == 0;
  }
  x->len = y->len = 0;
  return sf_visa_gen_encode(a, x, NULL) == SF_OK && sf_visa_gen_encode(b, y, NULL) == SF_OK && x->len == y->len &&
         memcmp(x->data, y->data, x->len) == 0;
}

static bool sf_isa_respell_align(sf_verdict *v, const sf_isa_file *h, const char *t, size_t n);

/* Whether the printer's message says an instruction's fields do not have its row's shape (the
 * "syntax class" and "not a vector operand" refusals of harness/visa/visa_gen_print.c), or refuses
 * any generic instruction (sf_isa_gen_inst_refusal): the generator builds only fields text holds. */
static bool sf_isa_shape_refusal(const char *m) {
  size_t n = strlen(m);
  return sf_check_has_word(m, n, "syntax class") || sf_check_has_word(m, n, "not a vector operand") || sf_isa_gen_inst_refusal(m);
}

/* sf_visaasm_parse as a negative check's parser: the file read is only for its status. */
static sf_code sf_isa_parse_text_any(const void *ctx, const char *text, size_t n, sf_status *st) {
  (void)ctx;
  sf_isa_file f;
  memset(&f, 0, sizeof f);
  sf_code c = sf_visaasm_parse(text, n, &f, st);
  sf_isa_free(&f);
  return c;
}

/* A kernel that declares as many samplers (31) or surfaces (250, T6..T255) as text can declare:
 * one more declaration line, right after the last of its kind in the printed text, must be refused
 * by the parser as over the limit, at that line (the caps of sf_visa_kernel_declare). */
static bool sf_isa_cap_edit(sf_verdict *v, const sf_isa_file *g, const char *t, size_t n) {
  if (g->num_kernels != 1) return true;
  const sf_visa_kernel *k = &g->kernels[0];
  bool smp = k->num_samplers == 31, srf = SF_VISA_FIRST_USER_SURFACE + (unsigned)k->num_surfaces == 256;
  if (!smp && !srf) return true;
  const char *key = srf ? ".decl T" : ".decl S";
  size_t after = 0;
  uint32_t line = 1, at_line = 0;
  for (size_t i = 0; i < n;) {
    const char *e = memchr(t + i, '\n', n - i);
    size_t end = e ? (size_t)(e - t) + 1 : n;
    if (end - i > 7 && !memcmp(t + i, key, 7)) after = end, at_line = line + 1;
    line++;
    i = end;
  }
  if (!at_line) return true;
  char extra[64];
  int xl = snprintf(extra, sizeof extra, srf ? ".decl T256 v_type=T num_elts=1 v_name=cap_t\n"
                                             : ".decl S31 v_type=S num_elts=1 v_name=cap_s\n");
  char *e = malloc(n + (size_t)xl);
  if (!e) return true; /* no memory for the edit: nothing learned, nothing wrong */
  memcpy(e, t, after);
  memcpy(e + after, extra, (size_t)xl);
  memcpy(e + after + (size_t)xl, t + after, n - after);
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file h;
  memset(&h, 0, sizeof h);
  sf_code c = sf_visaasm_parse(e, n + (size_t)xl, &h, &st);
  sf_isa_free(&h);
  free(e);
  if (c == SF_ERR_LIMIT && st.pos_kind == SF_POS_TEXT && st.line == at_line) return true;
  sf_verdict_fail(v, "cap_edit", NULL, srf ? "surface" : "sampler");
  sf_verdict_key(v, "cap_edit %s %s", srf ? "surface" : "sampler", c == SF_OK ? "accepted" : sf_code_name(c));
  sf_verdict_dumpf(v, "one %s declaration past text's cap (%s) at line %u: %s, line %u: %s\n", srf ? "surface" : "sampler",
                   srf ? "250" : "31", (unsigned)at_line, c == SF_OK ? "accepted" : sf_code_name(c), (unsigned)st.line,
                   st.msg);
  return false;
}

/* `attr_cap`: a string attribute holds at most 255 bytes (its length is a byte in the binary form).
 * In half the inputs (by the text's length) a `.kernel_attr` line with a value of exactly 255 bytes
 * (every other one) or 256 bytes is added after the first `.kernel` line of the printed text: the
 * first must read, the second must be refused as out of range at that line. */
static bool sf_isa_attr_cap(sf_verdict *v, const char *t, size_t n) {
  if (n % 4 > 1) return true;
  bool over = n % 4 == 0;
  const char *k = NULL;
  for (size_t i = 0; i + 8 <= n && !k; i++)
    if ((i == 0 || t[i - 1] == '\n') && memcmp(t + i, ".kernel ", 8) == 0) k = t + i;
  const char *eol = k ? memchr(k, '\n', (size_t)(t + n - k)) : NULL;
  if (!eol) return true;
  size_t after = (size_t)(eol - t) + 1, vl = over ? 256 : 255;
  uint32_t at_line = 1;
  for (size_t i = 0; i < after; i++) at_line += t[i] == '\n';
  char extra[300];
  memcpy(extra, ".kernel_attr SfCap=\"", 20);
  memset(extra + 20, 'x', vl);
  memcpy(extra + 20 + vl, "\"\n", 2);
  size_t xl = 22 + vl;
  char *e = malloc(n + xl);
  if (!e) return true; /* no memory for the edit: nothing learned, nothing wrong */
  memcpy(e, t, after);
  memcpy(e + after, extra, xl);
  memcpy(e + after + xl, t + after, n - after);
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file h;
  memset(&h, 0, sizeof h);
  sf_code c = sf_visaasm_parse(e, n + xl, &h, &st);
  sf_isa_free(&h);
  free(e);
  bool good = over ? c == SF_ERR_RANGE && st.pos_kind == SF_POS_TEXT && st.line == at_line : c == SF_OK;
  if (good || (!over && (c == SF_ERR_LIMIT || c == SF_ERR_NOMEM))) return true;
  sf_verdict_fail(v, "attr_cap", NULL, over ? "256" : "255");
  sf_verdict_key(v, "attr_cap %s %s", over ? "256" : "255", c == SF_OK ? "accepted" : sf_code_name(c));
  sf_verdict_dumpf(v, "a .kernel_attr string of %zu bytes at line %u: %s (line %u: %s); 255 bytes must read, 256 must be "
                   "refused as out of range\n", vl, (unsigned)at_line, c == SF_OK ? "accepted" : sf_code_name(c),
                   (unsigned)st.line, st.msg);
  return false;
}

static int sf_isa_hexval(char c) {
  return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* `attr_form`: a `.kernel_attr` value printed as `#hex` (the project's escape) must hold a byte
 * that a string cannot carry (docs/visa-text.md: printable values print as strings, the rest as
 * #hex): a control byte, one past 0x7e, or a '"'; or be a Target whose two bytes spell cm, 3d or
 * cs, which in quotes would read back as IGC's one-byte code. An integer attribute of IGC's (SimdSize,
 * SLMSize, ...) of 4 bytes prints as its decimal, never as #hex, and no other attribute prints as a
 * decimal (a 4-byte string would read back as the same bytes from either). A printer that escapes a plain value
 * writes text that reads back as the same bytes, so no round trip sees it; IGC's tools print such
 * a value as a string. */
static bool sf_isa_attr_form(sf_verdict *v, const char *t, size_t n) {
  for (size_t i = 0; i + 13 <= n; i++) {
    if ((i && t[i - 1] != '\n') || memcmp(t + i, ".kernel_attr ", 13) != 0) continue;
    size_t a = i + 13, e = a;
    while (e < n && t[e] != '\n') e++;
    const char *eq = memchr(t + a, '=', e - a);
    if (!eq || eq + 1 >= t + e) continue;
    size_t nl = (size_t)(eq - (t + a));
    bool integer = false; /* one of IGC's integer attributes */
    for (size_t q = 0; q < vt_int_attrs_count; q++)
      integer = integer || (strlen(vt_int_attrs[q]) == nl && memcmp(t + a, vt_int_attrs[q], nl) == 0);
    if (eq[1] >= '0' && eq[1] <= '9' && !integer) { /* a decimal: IGC's integer attributes only */
      sf_verdict_fail(v, "attr_form", NULL, "decimal");
      sf_verdict_key(v, "attr_form decimal");
      sf_verdict_dumpf(v, "an attribute that is not one of IGC's integer attributes printed as a decimal: %.*s\n",
                       (int)((e - i) > 300 ? 300 : e - i), t + i);
      return false;
    }
    if (eq[1] != '#') continue;
    uint8_t b[256];
    size_t nb = 0;
    bool plain = true;
    for (const char *q = eq + 2; q + 1 < t + e && nb < sizeof b; q += 2) {
      int hi = sf_isa_hexval(q[0]), lo = hi < 0 ? -1 : sf_isa_hexval(q[1]);
      if (lo < 0) break;
      b[nb] = (uint8_t)(hi * 16 + lo);
      plain = plain && b[nb] >= 0x20 && b[nb] <= 0x7e && b[nb] != '"';
      nb++;
    }
    bool target = nl == 6 && memcmp(t + a, "Target", 6) == 0;
    if (target && nb == 2 && (!memcmp(b, "cm", 2) || !memcmp(b, "3d", 2) || !memcmp(b, "cs", 2))) continue;
    if (integer && nb == 4) { /* IGC's integer attributes print their 4 bytes as a decimal */
      sf_verdict_fail(v, "attr_form", NULL, "integer");
      sf_verdict_key(v, "attr_form integer");
      sf_verdict_dumpf(v, "an integer attribute of 4 bytes printed as #hex, not as its decimal: %.*s\n",
                       (int)((e - i) > 300 ? 300 : e - i), t + i);
      return false;
    }
    if (!nb || !plain) continue;
    sf_verdict_fail(v, "attr_form", NULL, target ? "Target" : "string");
    sf_verdict_key(v, "attr_form %s", target ? "Target" : "string");
    sf_verdict_dumpf(v, "a value of %zu printable bytes printed as #hex, not as a string: %.*s\n", nb,
                     (int)((e - i) > 300 ? 300 : e - i), t + i);
    return false;
  }
  return true;
}

/* Whether some kernel or function declares a name that is the fallback spelling (docs/visa-text.md,
 * "Names") of a symbol it does not declare: P<n> past its predicates, S<n> past its samplers, T<n>
 * past its surfaces, A<n> past its addresses, V<n> past its variables. Only then can a symbol an
 * instruction names have neither a declaration nor a spelling of its own, which the printer refuses
 * as SF_ERR_INVALID (the generator builds such kernels: gi_shadow). Declared names that merely
 * swap spellings among declared symbols leave every symbol its declared name. */
static bool sf_isa_orphan_spelling(const sf_visa_kernel *k, const char *s) {
  if (!s || !s[0] || !strchr("VPSTA", s[0]) || !s[1]) return false;
  uint64_t n = 0;
  for (const char *p = s + 1; *p; p++) {
    if (*p < '0' || *p > '9' || n > 100000) return false;
    n = n * 10 + (uint64_t)(*p - '0');
  }
  switch (s[0]) {
    case 'P': return n == 0 || n > k->num_preds;
    case 'S': return n >= k->num_samplers;
    case 'T': return n >= SF_VISA_FIRST_USER_SURFACE + (uint64_t)k->num_surfaces;
    case 'A': return n >= k->num_addrs;
    default: return n >= SF_VISA_FIRST_USER_VAR + (uint64_t)k->num_vars;
  }
}

static bool sf_isa_has_orphan_spellings(const sf_isa_file *g) {
  for (uint32_t o = 0; o < (uint32_t)g->num_kernels + g->num_functions; o++) {
    const sf_visa_kernel *k = o < g->num_kernels ? &g->kernels[o] : &g->functions[o - g->num_kernels];
    const sf_visa_sym *sets[4] = {k->preds, k->samplers, k->surfaces, k->addrs};
    const uint32_t counts[4] = {k->num_preds, k->num_samplers, k->num_surfaces, k->num_addrs};
    for (uint32_t i = 0; k->vars && i < k->num_vars; i++)
      if (k->vars[i].name < k->num_strings && sf_isa_orphan_spelling(k, k->strings[k->vars[i].name])) return true;
    for (unsigned q = 0; q < 4; q++)
      for (uint32_t i = 0; sets[q] && i < counts[q]; i++)
        if (sets[q][i].name < k->num_strings && sf_isa_orphan_spelling(k, k->strings[sets[q][i].name])) return true;
  }
  return false;
}

static bool sf_isa_check_text(const sf_isa_file *g, sf_verdict *v, bool from_text, bool generated,
                              unsigned relayout_every) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf t1, t2;
  sf_buf_init(&t1, &st);
  sf_buf_init(&t2, &st);
  t1.limit = t2.limit = SF_ISA_CHECK_BUF_LIMIT;
  sf_isa_file h;
  memset(&h, 0, sizeof h);
  bool ok = true;
  sf_status_clear(&st);
  if (sf_visaasm_print(g, &t1, &st) != SF_OK) {
    /* Not every kernel has a text form (docs/visa-text.md): a refusal with a reason is fine, unless
     * the kernel came from text. */
    /* generated: a shape refusal is never right, and a name refusal (SF_ERR_INVALID) only when a
     * declared name is the spelling of an undeclared symbol */
    bool gen_wrong = generated && (sf_isa_shape_refusal(st.msg) || (st.code == SF_ERR_INVALID && !sf_isa_has_orphan_spellings(g)));
    /* the declaration caps of text (31 samplers, T6..T255): a refusal that claims one must have a
     * kernel past it */
    if (strstr(st.msg, "text declares at most")) {
      bool over = false;
      for (uint32_t o = 0; o < (uint32_t)g->num_kernels + g->num_functions && !over; o++) {
        const sf_visa_kernel *k = o < g->num_kernels ? &g->kernels[o] : &g->functions[o - g->num_kernels];
        over = k->num_samplers > 31 || SF_VISA_FIRST_USER_SURFACE + (unsigned)k->num_surfaces > 256;
      }
      if (!over) gen_wrong = true;
    }
    /* a size refusal must be the output buffer's: printed into a buffer with no practical cap, a
     * kernel from text or the generator prints (the printer's own line buffers fit any valid line) */
    bool limit_wrong = false;
    if (st.code == SF_ERR_LIMIT && (from_text || generated)) {
      sf_status st2;
      sf_status_clear(&st2);
      sf_buf big;
      sf_buf_init(&big, &st2);
      big.limit = (size_t)1 << 28;
      limit_wrong = sf_visaasm_print(g, &big, &st2) == SF_ERR_LIMIT;
      sf_buf_free(&big);
    }
    if (((from_text || gen_wrong) && st.code != SF_ERR_LIMIT && st.code != SF_ERR_NOMEM) || limit_wrong) {
      char msg[SF_STATUS_MSG_MAX + 64];
      sf_verdict_fail(v, from_text ? "text_print" : "gen_print", NULL, sf_code_name(st.code));
      sf_verdict_key(v, "%s refused code=%s", from_text ? "text_print" : "gen_print", sf_code_name(st.code));
      sf_verdict_dumpf(v, "sf_visaasm_print refused a file that sf_visaasm_parse read or the generator built "
                       "(through .isa and back): %s\n",
                       sf_status_format(&st, msg, sizeof msg));
      ok = false;
      goto done;
    }
    ok = sf_check_refusal_at(v, "visaasm_print", &st, NULL, NULL, 0, false) && sf_check_isa_refusal_names(g, &st, v);
    if (ok) snprintf(v->reason, sizeof v->reason, "binary checks passed; no text view: %s: %s",
                     sf_code_name(st.code), st.msg);
    goto done;
  }
  sf_status_clear(&st);
  if (sf_visaasm_parse((const char *)t1.data, t1.len, &h, &st) != SF_OK) {
    const char *ls = "";
    size_t ln = 0;
    const char *kind = st.pos_kind == SF_POS_TEXT && sf_isa_line_at((const char *)t1.data, t1.len, st.line, &ls, &ln)
                           ? sf_isa_line_kind(ls, ln)
                           : "unknown";
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "text_reparse", NULL, kind);
    sf_verdict_key(v, "line=%s code=%s", kind, sf_code_name(st.code));
    sf_verdict_dumpf(v, "the printed text does not parse: %s\nline: %.*s\n", sf_status_format(&st, msg, sizeof msg),
                     (int)(ln > 300 ? 300 : ln), ls);
    sf_isa_dump_text(v, "printed", &t1);
    ok = false;
    goto done;
  }
  /* The printer refuses what text cannot carry (docs/visa-text.md), so text that it wrote must read
   * back as the same kernels, not only as text that prints the same again: two labels printed
   * under one name, say, read back as one label and print the same text. */
  {
    char why[320];
    if (!sf_isa_same_file(g, &h, true, why, sizeof why)) {
      ok = sf_verdict_fail(v, "text_same", NULL, "kernel");
      sf_verdict_key(v, "text_same");
      sf_verdict_dumpf(v, "the printed text reads back as a different file: %s\n", why);
      sf_isa_dump_text(v, "printed", &t1);
      goto done;
    }
    if (!(ok = sf_isa_funcdecls_listed(v, g, &h))) {
      sf_isa_dump_text(v, "printed", &t1);
      goto done;
    }
  }
  sf_status_clear(&st);
  if (sf_visaasm_print(&h, &t2, &st) != SF_OK) {
    sf_verdict_fail(v, "text_reprint", NULL, sf_code_name(st.code));
    sf_verdict_key(v, "code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "the parsed text does not print again: %s: %s\n", sf_code_name(st.code), st.msg);
    sf_isa_dump_text(v, "printed", &t1);
    ok = false;
    goto done;
  }
  if (t1.len != t2.len || memcmp(t1.data, t2.data, t1.len) != 0) {
    const char *a = (const char *)t1.data, *b = (const char *)t2.data;
    uint32_t line = 1;
    size_t i = 0, ls = 0;
    while (i < t1.len && i < t2.len && a[i] == b[i]) {
      if (a[i] == '\n') line++, ls = i + 1;
      i++;
    }
    size_t ea = ls, eb = ls;
    while (ea < t1.len && a[ea] != '\n') ea++;
    while (eb < t2.len && b[eb] != '\n') eb++;
    const char *kind = sf_isa_line_kind(a + ls, ea - ls);
    sf_verdict_fail(v, "text_fixpoint", NULL, kind);
    sf_verdict_key(v, "line=%s", kind);
    sf_verdict_dumpf(v, "print(parse(print(x))) differs from print(x) at line %u:\n  first : %.*s\n  second: %.*s\n",
                     (unsigned)line, (int)((ea - ls) > 300 ? 300 : ea - ls), a + ls, (int)((eb - ls) > 300 ? 300 : eb - ls),
                     b + ls);
    sf_isa_dump_text(v, "first print", &t1);
    ok = false;
  }
  /* One invalid edit of one instruction line of the printed text (check_negative.c): the whole-file
   * parser, the generic instructions' parser among it, must refuse it at the edit. */
  if (ok) ok = sf_check_negative_lines(v, sf_isa_parse_text_any, NULL, (const char *)t1.data, t1.len, NULL, SF_NEG_NO_WORD_DIGITS);
  if (ok) ok = sf_check_eof_cut(v, sf_isa_parse_text_any, NULL, (const char *)t1.data, t1.len);
  if (ok) ok = sf_isa_cap_edit(v, g, (const char *)t1.data, t1.len) && sf_isa_text_ids(v, (const char *)t1.data, t1.len) &&
               sf_isa_genx_spellings(v, (const char *)t1.data, t1.len) && sf_check_visa_minus_zero(v, NULL, (const char *)t1.data, t1.len);
  if (ok) { /* one text in four (check_isa_file_edit.c) */
    uint64_t ht = XXH3_64bits(t1.data, t1.len);
    if ((ht >> 61) % 4 == 1) ok = sf_isa_decl_drop(v, (const char *)t1.data, t1.len, ht);
  }
  if (ok) ok = sf_isa_attr_cap(v, (const char *)t1.data, t1.len) && sf_isa_attr_form(v, (const char *)t1.data, t1.len);
  if (ok) ok = sf_isa_respell_align(v, &h, (const char *)t1.data, t1.len);
  if (ok && sf_check_relayout_every((const char *)t1.data, t1.len, relayout_every)) /* check_relayout.c */
    ok = sf_check_relayout(v, "visaasm", sf_canon_visaasm, NULL, (const char *)t1.data, t1.len, t1.data, t1.len);
done:
  sf_isa_free(&h);
  sf_buf_free(&t1);
  sf_buf_free(&t2);
  return ok;
}

/* `align_respell`: the parser's other spellings of a declaration's alignment (docs/visa-text.md):
 * GRFx2, wordx32 and wordx64 as 2GRF, 32word and 64word, and every other name as align_<n>. The
 * printed text t[0..n) with every `align=` respelled must read back as the same file h. One input in
 * four, by the text's length. */
static const char *sf_isa_find_align(const char *t, size_t n) { /* " align=" in t[0..n) (not memmem: libFuzzer hooks it) */
  for (size_t i = 0; i + 7 <= n; i++)
    if (t[i] == ' ' && !memcmp(t + i, " align=", 7)) return t + i;
  return NULL;
}

static bool sf_isa_respell_align(sf_verdict *v, const sf_isa_file *h, const char *t, size_t n) {
  static const char *const name[10] = {"byte", "word", "dword", "qword", "oword", "GRF", "GRFx2", "hword", "wordx32", "wordx64"};
  static const char *const other[10] = {"align_0", "align_1", "align_2", "align_3", "align_4",
                                        "align_5", "2GRF",    "align_7", "32word",  "64word"};
  if ((n & 3) != 1 || !sf_isa_find_align(t, n)) return true;
  sf_status st;
  sf_status_clear(&st);
  sf_buf r;
  sf_buf_init(&r, &st);
  r.limit = SF_ISA_CHECK_BUF_LIMIT * 2;
  size_t i = 0;
  while (i < n) {
    const char *a = sf_isa_find_align(t + i, n - i);
    size_t upto = a ? (size_t)(a - t) + 7 : n;
    sf_buf_put(&r, t + i, upto - i);
    i = upto;
    if (!a) break;
    size_t e = i;
    while (e < n && t[e] != ' ' && t[e] != '\n') e++;
    int q = -1;
    for (int k = 0; k < 10 && q < 0; k++)
      if (strlen(name[k]) == e - i && !memcmp(t + i, name[k], e - i)) q = k;
    const char *w = q >= 0 ? other[q] : NULL;
    sf_buf_put(&r, w ? w : t + i, w ? strlen(w) : e - i);
    i = e;
  }
  sf_isa_file x;
  memset(&x, 0, sizeof x);
  char why[320] = "";
  bool ok = !r.failed && sf_visaasm_parse((const char *)r.data, r.len, &x, &st) == SF_OK &&
            sf_isa_same_file(h, &x, true, why, sizeof why);
  if (!ok && r.failed) ok = true; /* the respelled text outgrew the cap: nothing to compare */
  if (!ok) {
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "align_respell", NULL, st.code ? sf_code_name(st.code) : "differs");
    sf_verdict_key(v, "align_respell %s", st.code ? sf_code_name(st.code) : "differs");
    sf_verdict_dumpf(v, "the printed text with its alignments respelled (2GRF, 32word, 64word, align_<n>) %s: %s\n",
                     st.code ? "does not parse" : "reads back as another file", st.code ? sf_status_format(&st, msg, sizeof msg) : why);
  }
  sf_isa_free(&x);
  sf_buf_free(&r);
  return ok;
}

/* Whether the input is a whole .visaasm file (IGC's text dump starts with ".version"). */
static bool sf_isa_is_text(const uint8_t *p, size_t n) {
  size_t i = 0;
  while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' || p[i] == '\n')) i++;
  return n - i >= 8 && !memcmp(p + i, ".version", 8);
}

/* generated: the file came from the generator in its spec form (not IGC 12504's cut-short one, which
 * has no text form). Its instructions are built from their rows' layouts, so the printer may refuse
 * them for a value text cannot write (labels, masks, scales: docs/visa-text.md) but never say that
 * their fields do not match their syntax class (`gen_print`). */
static bool sf_isa_check_bytes(const uint8_t *p, size_t n, sf_verdict *v, unsigned relayout_every, bool generated) {
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file f, g;
  memset(&f, 0, sizeof f);
  memset(&g, 0, sizeof g);
  sf_buf w1, w2;
  sf_buf_init(&w1, &st);
  sf_buf_init(&w2, &st);
  w1.limit = w2.limit = SF_ISA_CHECK_BUF_LIMIT;
  bool ok = true;
  /* A whole .visaasm file: parsed (a refusal needs a message and a line:column), then checked as
   * the .isa it writes, and its text view as below: every generic instruction's printer and parser. */
  bool text = sf_isa_is_text(p, n);
  sf_code rc = text ? sf_visaasm_parse((const char *)p, n, &f, &st) : sf_isa_read(p, n, &f, &st);
  if (rc != SF_OK) {
    const char *what = text ? "visaasm_parse" : "isa_read";
    if ((ok = sf_check_refusal_code(v, what, rc, &st) && sf_check_refusal_at(v, what, &st, NULL, p, n, true)))
      sf_verdict_refuse(v, &st);
    goto done;
  }
  if (!(ok = sf_isa_gops_zero(v, &f, text ? "visaasm_parse" : "isa_read"))) goto done;
  sf_status_clear(&st);
  sf_code wc = sf_isa_write(&f, &w1, &st);
  if (wc == SF_ERR_RANGE && text && (f.major != 4 || f.minor != 1) && strstr(st.msg, "vISA")) {
    /* A text may name an older version (.version 3.3) that cannot hold a field it writes; the
     * writer says which, and the same file at 4.1 must write. The rest is checked at 4.1. */
    f.major = 4;
    f.minor = 1;
    sf_status_clear(&st);
    w1.len = 0;
    wc = sf_isa_write(&f, &w1, &st);
  }
  if (wc != SF_OK) {
    /* What the reader (or the text parser) accepted, the writer must write: the only excuse is
     * size (a kernel the writer cannot hold within the buffer cap) or memory. */
    if (st.code != SF_ERR_LIMIT && st.code != SF_ERR_NOMEM) {
      char msg[SF_STATUS_MSG_MAX + 64];
      sf_verdict_fail(v, "write", NULL, sf_code_name(st.code));
      sf_verdict_key(v, "write refused code=%s", sf_code_name(st.code));
      sf_verdict_dumpf(v, "sf_isa_write refused a file %s accepted: %s\n", text ? "sf_visaasm_parse" : "sf_isa_read",
                       sf_status_format(&st, msg, sizeof msg));
      ok = false;
    } else if ((ok = sf_check_refusal_at(v, "isa_write", &st, NULL, NULL, 0, false))) {
      sf_verdict_refuse(v, &st);
    }
    goto done;
  }
  sf_status_clear(&st);
  if (sf_isa_read(w1.data, w1.len, &g, &st) != SF_OK) {
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "reread", NULL, sf_code_name(st.code));
    sf_verdict_key(v, "code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "sf_isa_read refused what sf_isa_write wrote: %s\n", sf_status_format(&st, msg, sizeof msg));
    sf_verdict_dump_hex(v, "written", w1.data, w1.len);
    ok = false;
    goto done;
  }
  { /* nothing lost: what was written reads back as what was read (write_fixpoint below cannot see a
     * loss that repeats, such as a field cut to the width of an older version) */
    char why[320];
    if (!sf_isa_same_file(&f, &g, false, why, sizeof why)) {
      sf_verdict_fail(v, "reread_same", NULL, text ? "text" : "binary");
      sf_verdict_key(v, "reread_same %s", text ? "text" : "binary");
      sf_verdict_dumpf(v, "read(write(x)) differs from x (vISA %u.%u): %s\n", f.major, f.minor, why);
      ok = false;
      goto done;
    }
  }
  if (!sf_check_isa_alloc_fail(p, n, text, &f, v)) {
    ok = false;
    goto done;
  }
  sf_status_clear(&st);
  if (sf_isa_write(&g, &w2, &st) != SF_OK) {
    sf_verdict_fail(v, "rewrite", NULL, sf_code_name(st.code));
    sf_verdict_key(v, "code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "sf_isa_write refused a file it wrote and read back: %s: %s\n", sf_code_name(st.code), st.msg);
    ok = false;
    goto done;
  }
  if (w1.len != w2.len || memcmp(w1.data, w2.data, w1.len) != 0) {
    size_t i = 0;
    while (i < w1.len && i < w2.len && w1.data[i] == w2.data[i]) i++;
    sf_verdict_fail(v, "write_fixpoint", NULL, w1.len != w2.len ? "length" : "bytes");
    sf_verdict_key(v, "%s", w1.len != w2.len ? "length" : "bytes");
    sf_verdict_dumpf(v, "write(read(write(read(x)))) differs from write(read(x)) at byte %zu (%zu vs %zu bytes)\n", i,
                     w1.len, w2.len);
    sf_verdict_dump_hex(v, "first write", w1.data, w1.len);
    sf_verdict_dump_hex(v, "second write", w2.data, w2.len);
    ok = false;
    goto done;
  }
  ok = sf_check_isa_write_refuses(&f, p, n, v) && sf_check_isa_file_edits(&g, w1.data, w1.len, p, n, v) && sf_check_isa_name_index(&g, v) &&
       sf_isa_check_text(&g, v, text, generated, relayout_every) && sf_isa_gen_drop(v, &f);
done:
  sf_isa_free(&f);
  sf_isa_free(&g);
  sf_buf_free(&w1);
  sf_buf_free(&w2);
  return ok;
}

/* ---- Generated mode ---------------------------------------------------------------------------- */

#define SF_ISA_GEN_MAGIC "SFGEN"

static bool sf_isa_check_gen(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_status st;
  sf_status_clear(&st);
  sf_fdp fd;
  sf_fdp_init(&fd, p, n);
  unsigned flags = sf_fdp_chance(&fd, 85) ? (unsigned)SF_GEN_ISA_CUT12504 : 0u;
  sf_isa_file f, g;
  memset(&g, 0, sizeof g);
  sf_buf w;
  sf_buf_init(&w, &st);
  w.limit = SF_ISA_CHECK_BUF_LIMIT;
  bool ok = true;
  char msg[SF_STATUS_MSG_MAX + 64];
  if (sf_gen_isa_file(&fd, flags, &f, &st) != SF_OK) {
    if (st.code == SF_ERR_NOMEM) return sf_verdict_refuse(v, &st), true;
    sf_verdict_fail(v, "gen", NULL, sf_code_name(st.code));
    sf_verdict_key(v, "generator code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "sf_gen_isa_file failed: %s\n", sf_status_format(&st, msg, sizeof msg));
    return false;
  }
  if (sf_isa_write(&f, &w, &st) != SF_OK) {
    if (st.code == SF_ERR_NOMEM || st.code == SF_ERR_LIMIT) {
      sf_verdict_refuse(v, &st);
    } else {
      ok = sf_verdict_fail(v, "gen_write", NULL, sf_code_name(st.code));
      sf_verdict_key(v, "%s code=%s", flags ? "cut" : "spec", sf_code_name(st.code));
      sf_verdict_dumpf(v, "sf_isa_write refused a generated file: %s\n", sf_status_format(&st, msg, sizeof msg));
    }
    goto done;
  }
  { /* the writer appends: after bytes a buffer already holds, it writes the same file */
    sf_buf a;
    sf_buf_init(&a, &st);
    a.limit = SF_ISA_CHECK_BUF_LIMIT + 3;
    bool same = sf_buf_put(&a, "isa", 3) && sf_isa_write(&f, &a, &st) == SF_OK && a.len == w.len + 3 &&
                memcmp(a.data + 3, w.data, w.len) == 0;
    sf_buf_free(&a);
    if (!same) {
      ok = sf_verdict_fail(v, "gen_append", NULL, flags ? "cut" : "spec");
      sf_verdict_key(v, "%s", flags ? "cut" : "spec");
      sf_verdict_dumpf(v, "sf_isa_write after 3 bytes does not append the %zu bytes it writes into an empty buffer\n",
                       w.len);
      goto done;
    }
    /* `gen_limit`: with room for one byte less, it says so (over the limit) and leaves what the
     * buffer held before */
    sf_status sl;
    sf_status_clear(&sl);
    sf_buf_init(&a, &sl);
    a.limit = w.len + 2;
    sf_code lc = sf_buf_put(&a, "isa", 3) ? sf_isa_write(&f, &a, &sl) : SF_ERR_NOMEM;
    bool kept = a.len == 3 && !memcmp(a.data, "isa", 3);
    sf_buf_free(&a);
    if (lc != SF_ERR_NOMEM && (lc != SF_ERR_LIMIT || !kept)) {
      ok = sf_verdict_fail(v, "gen_limit", NULL, sf_code_name(lc));
      sf_verdict_key(v, "gen_limit %s%s", sf_code_name(lc), kept ? "" : " lost");
      sf_verdict_dumpf(v, "sf_isa_write of a %zu-byte file after 3 bytes, into a buffer capped at %zu: %s (%s), %s; want "
                       "over the limit, the 3 bytes kept\n", w.len, w.len + 2, sf_code_name(lc), sl.msg,
                       kept ? "the 3 bytes kept" : "the buffer's bytes changed");
      goto done;
    }
  }
  sf_status_clear(&st);
  if (sf_isa_read(w.data, w.len, &g, &st) != SF_OK) {
    ok = sf_verdict_fail(v, "gen_read", NULL, sf_code_name(st.code));
    sf_verdict_key(v, "%s code=%s", flags ? "cut" : "spec", sf_code_name(st.code));
    sf_verdict_dumpf(v, "sf_isa_read refused the file written from a generated one: %s\n",
                     sf_status_format(&st, msg, sizeof msg));
    sf_verdict_dump_hex(v, "written", w.data, w.len);
    goto done;
  }
  if (g.num_kernels != f.num_kernels || g.num_functions != f.num_functions) {
    ok = sf_verdict_fail(v, "gen_same", NULL, "kernels");
    sf_verdict_key(v, "kernels");
    sf_verdict_dumpf(v, "%u kernels and %u functions built, %u and %u read back\n", f.num_kernels, f.num_functions,
                     g.num_kernels, g.num_functions);
    goto done;
  }
  {
    char why[320];
    if (!sf_isa_same_file(&f, &g, false, why, sizeof why)) {
      ok = sf_verdict_fail(v, "gen_same", NULL, flags ? "cut" : "spec");
      sf_verdict_key(v, "%s", flags ? "cut" : "spec");
      sf_verdict_dumpf(v, "read back differs from the generated file: %s\n", why);
      sf_verdict_dump_hex(v, "written", w.data, w.len);
    }
  }
  if (ok) ok = sf_isa_check_bytes(w.data, w.len, v, 2, flags == 0); /* relayout on one generated text in two */
done:
  sf_isa_free(&f);
  sf_isa_free(&g);
  sf_buf_free(&w);
  return ok;
}

bool sf_check_isa_file(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "isa_file");
  /* the caps last: their 64 MiB texts are most of the once checks' time (seconds under ASan), and a
   * failing cheaper check is reported that much sooner */
  if (!sf_check_api_nulls_once(v) || !sf_check_target_names_once(v) || !sf_check_isa_lines_once(v) ||
      !sf_check_text_words_once(v) || !sf_check_text_strings_once(v) ||
      !sf_check_isa_alloc_text_once(v) || !sf_check_caps_once(v))
    return false;
  size_t m = sizeof SF_ISA_GEN_MAGIC - 1;
  if (n >= m && memcmp(p, SF_ISA_GEN_MAGIC, m) == 0) return sf_isa_check_gen(p + m, n - m, v);
  return sf_isa_check_bytes(p, n, v, SF_RELAYOUT_EVERY, false);
}
