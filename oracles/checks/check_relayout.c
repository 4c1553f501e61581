/* oracles/checks/check_relayout.c — the same text with another layout must mean the same thing.
 *
 * A printer writes one layout: single spaces, no comments, no blank lines, no indentation other than
 * its own. A round trip through its parser therefore never exercises the lexer's handling of the
 * layout a person (or another tool) writes, and a lexer that lost its comment skipping inside a
 * multi-line statement, or took a tab for the end of a token, still agrees with its printer.
 *
 * This check (`relayout`) rewrites a printed text without touching a token: every run of blanks
 * outside quotes becomes one to three spaces or tabs, lines get indentation (a few blanks, now and
 * then 64 or more: a scan that bounds itself by the column, not by the token, stops early), trailing blanks and
 * trailing `//` comments (whose text is punctuation the lexers care about: braces, commas,
 * parentheses, quotes), blank lines and whole-line comments appear between lines (inside
 * multi-line statements too), a D3D immediate constant buffer breaks lines between its values, lines of blanks may follow a last line that had no line end (a
 * one-instruction text too), and one text in eight uses CR LF line ends. The parser must accept
 * the result and it must mean what the printed text meant: the caller's canon function turns a text
 * into its canonical form (reprinted text, or written bytes), and that must equal the canonical
 * form of the printed text. The edits are drawn from a hash of the text, so a verdict is
 * reproducible; sf_check_relayout_every says which texts get it in the byte-driven modes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/inst.h"
#include "samplefuzz/visa.h"

static uint64_t rl_next(uint64_t *s) { /* splitmix64 */
  uint64_t z = (*s += 0x9e3779b97f4a7c15u);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
  return z ^ (z >> 31);
}

static unsigned rl_pick(uint64_t *s, unsigned n) { return (unsigned)(rl_next(s) % n); }

static void rl_blanks(sf_buf *b, uint64_t *s, unsigned lo, unsigned hi) {
  unsigned k = lo + rl_pick(s, hi - lo + 1);
  for (unsigned i = 0; i < k; i++) sf_buf_put(b, rl_pick(s, 3) ? " " : "\t", 1);
}

/* What a comment says: the characters a lexer that forgot it was in a comment would trip over. */
static const char *const rl_comment[] = {"}", "{ {", "} }", ",", "(", ")", "\"", "[0]", "// again", ";", "#", "x"};

static void rl_comment_text(sf_buf *b, uint64_t *s) {
  sf_buf_put(b, "//", 2);
  if (rl_pick(s, 2)) sf_buf_put(b, " ", 1);
  const char *c = rl_comment[rl_pick(s, sizeof rl_comment / sizeof rl_comment[0])];
  sf_buf_put(b, c, strlen(c));
}

static void rl_eol(sf_buf *b, bool crlf) { sf_buf_put(b, crlf ? "\r\n" : "\n", crlf ? 2 : 1); }

/* Writes the relayout of t[0..n) into out. A line that already holds "//" gets no trailing comment
 * (its own comment is kept as printed). With SF_RELAYOUT_INNER (the D3D assembly, whose grammar
 * lets blanks separate any two tokens), blanks may also appear where the printer writes none: after
 * '(' and before ')' and ',' of an instruction or declaration line (not inside '[...]', whose
 * `[precise(xy)]` is one token, nor in an operand's suffix group such as `.swz(xwyw)`, and not on
 * the container's '.' lines). SF_RELAYOUT_PROGRAM does the same in a container text, but only on the
 * lines of its `.program` sections (from a `.program` line to the next section line; `.tpf` and
 * `.version` lines belong to the program): a program printed inside a container is read by the
 * same statement parser as one printed alone. With SF_RELAYOUT_TIGHT (vISA text, whose lexer needs
 * no blank where a token ends at ')'), the blanks between a ')' and the name after it (a letter,
 * '_' or '%': `(M1, 16)V33(0,0)<1>`, `(P1)add`) are dropped one time in two on instruction lines:
 * a parser that looks ahead a fixed number of characters past the ')' instead of a token misreads
 * the name, which shows when it is a single letter (the generator's short names). */
void sf_relayout(const char *t, size_t n, uint64_t seed, sf_buf *out) { sf_relayout_opts(t, n, seed, 0, out); }

void sf_relayout_opts(const char *t, size_t n, uint64_t seed, unsigned opts, sf_buf *out) {
  uint64_t s = seed;
  bool crlf = rl_pick(&s, 8) == 0;
  bool in_program = !(opts & SF_RELAYOUT_PROGRAM);
  bool in_icb = false; /* the rows of a dcl_immediateConstantBuffer (D3D assembly) */
  for (size_t i = 0; i < n;) {
    const char *nl = memchr(t + i, '\n', n - i);
    size_t len = (nl ? (size_t)(nl - t) : n) - i, end = len;
    while (end && (t[i + end - 1] == '\r' || t[i + end - 1] == ' ' || t[i + end - 1] == '\t')) end--;
    unsigned indent = rl_pick(&s, 16);   /* 1-4 blanks, or now and then a deep 64-80 */
    if (indent < 2) rl_blanks(out, &s, 1, 4);
    else if (indent == 2) rl_blanks(out, &s, 64, 80);
    bool quoted = false, comment = false;
    size_t first = 0;
    while (first < end && (t[i + first] == ' ' || t[i + first] == '\t')) first++;
    if ((opts & SF_RELAYOUT_PROGRAM) && first < end && t[i + first] == '.') {
      const char *w = t + i + first;
      size_t left = end - first;
      bool prog = left >= 8 && !memcmp(w, ".program", 8), own = (left >= 4 && !memcmp(w, ".tpf", 4)) ||
                                                               (left >= 8 && !memcmp(w, ".version", 8));
      if (!own) in_program = prog;
    }
    bool inner = (opts & (SF_RELAYOUT_INNER | SF_RELAYOUT_PROGRAM)) && in_program && first < end && t[i + first] != '.';
    bool tight = (opts & SF_RELAYOUT_TIGHT) && first < end && t[i + first] != '.';
    if (inner && end - first >= 27 && !memcmp(t + i + first, "dcl_immediateConstantBuffer", 27)) in_icb = true;
    bool icb_line = inner && in_icb;
    unsigned bracket = 0;
    bool suffix = false;
    for (size_t k = 0; k < end;) {
      char ch = t[i + k];
      if (!quoted && !comment && ch == '/' && k + 1 < end && t[i + k + 1] == '/') comment = true;
      if (!comment && ch == '"') quoted = !quoted;
      if (!quoted && !comment && (ch == ' ' || ch == '\t')) {
        char before = k ? t[i + k - 1] : 0;
        while (k < end && (t[i + k] == ' ' || t[i + k] == '\t')) k++;
        char after = k < end ? t[i + k] : 0;
        if (tight && before == ')' && (after == '_' || after == '%' || ((after | 0x20) >= 'a' && (after | 0x20) <= 'z')) &&
            rl_pick(&s, 2))
          continue; /* `(M1, 16)V33`: the name right after the ')' */
        if (icb_line && (before == ',' || before == '{') && rl_pick(&s, 3) == 0) {
          /* an immediate constant buffer spans lines anywhere blanks may be: a line end (and now
           * and then a comment line) between its values */
          rl_eol(out, crlf);
          if (rl_pick(&s, 2)) rl_comment_text(out, &s), rl_eol(out, crlf);
          rl_blanks(out, &s, 0, 3);
          continue;
        }
        if (rl_pick(&s, 2)) rl_blanks(out, &s, 1, 3);
        else sf_buf_put(out, " ", 1);
        continue;
      }
      bool live = inner && !quoted && !comment;
      if (live && ch == '[') bracket++;
      if (live && ch == ']' && bracket) bracket--;
      if (live && ch == '(' && !suffix) { /* an operand suffix group (`.swz(xwyw)`, `.sel(...)`) is one token */
        size_t b = k;
        while (b > 0 && t[i + b - 1] >= 'a' && t[i + b - 1] <= 'z') b--;
        suffix = b < k && b > 0 && t[i + b - 1] == '.';
      }
      bool spaced = live && !bracket && !suffix;
      if (spaced && (ch == ')' || ch == ',') && rl_pick(&s, 2)) rl_blanks(out, &s, 1, 2);
      sf_buf_put(out, &ch, 1);
      if (spaced && ch == '(' && rl_pick(&s, 2)) rl_blanks(out, &s, 1, 2);
      if (live && ch == ')') suffix = false;
      k++;
    }
    if (icb_line && end >= 2 && t[i + end - 1] == '}' && (t[i + end - 2] == ' ' || t[i + end - 2] == '}'))
      in_icb = false; /* `... } }`: the buffer's last row */
    if (rl_pick(&s, 4) == 0) rl_blanks(out, &s, 1, 3);
    if (!comment && !quoted && rl_pick(&s, 4) == 0) {
      rl_blanks(out, &s, 1, 2);
      rl_comment_text(out, &s);
    }
    if (!nl) { /* the last line: its missing line end kept, or lines of blanks after it */
      if (rl_pick(&s, 3) == 0) {
        rl_eol(out, crlf);
        rl_blanks(out, &s, 0, 3);
        if (rl_pick(&s, 2)) rl_eol(out, crlf);
      }
      break;
    }
    rl_eol(out, crlf);
    switch (rl_pick(&s, 10)) {
    case 0: rl_eol(out, crlf); break; /* a blank line */
    case 1:
      rl_blanks(out, &s, 0, 3);
      rl_comment_text(out, &s);
      rl_eol(out, crlf);
      break;
    default: break;
    }
    i += len + 1;
  }
}

bool sf_check_relayout_every(const char *text, size_t n, unsigned every) {
  return every <= 1 || (XXH3_64bits(text, n) >> 40) % every == 0;
}

bool sf_check_relayout(sf_verdict *v, const char *what, sf_check_canon_fn canon, const void *ctx, const char *text,
                       size_t n, const void *want, size_t want_len) {
  if (!text || n == 0 || n > SF_RELAYOUT_MAX) return true;
  sf_status st;
  sf_status_clear(&st);
  sf_buf edited, got;
  sf_buf_init(&edited, &st);
  sf_buf_init(&got, &st);
  edited.limit = 2 * n + 4096 + n / 2;
  unsigned opts = canon == sf_canon_d3dasm_program || canon == sf_canon_d3dasm_inst ? SF_RELAYOUT_INNER
                  : canon == sf_canon_dxbc_text                                      ? SF_RELAYOUT_PROGRAM
                  : canon == sf_canon_visaasm || canon == sf_canon_visa_inst         ? SF_RELAYOUT_TIGHT
                                                                                     : 0u;
  sf_relayout_opts(text, n, XXH3_64bits(text, n), opts, &edited);
  if (edited.failed) { /* out of memory: no verdict */
    sf_buf_free(&edited);
    return true;
  }
  got.limit = want_len + 4096;
  sf_code rc = canon(ctx, (const char *)edited.data, edited.len, &got, &st);
  const char *how = NULL;
  if (rc == SF_ERR_NOMEM) how = NULL;
  else if (rc != SF_OK) how = "refused";
  else if (got.len != want_len || memcmp(got.data, want, want_len) != 0) how = "differs";
  if (how) {
    char why[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "relayout", NULL, how);
    sf_verdict_key(v, "relayout %s %s", what, how);
    if (rc != SF_OK)
      sf_verdict_dumpf(v, "the %s parser refused a printed text with another layout (blanks, comments, line ends%s): %s\n",
                       what, opts & SF_RELAYOUT_TIGHT ? ", no blank after a ')'" : opts ? ", blanks inside parentheses" : "",
                       sf_status_format(&st, why, sizeof why));
    else
      sf_verdict_dumpf(v, "a printed %s text with another layout (blanks, comments, line ends) reads as something "
                          "else (%zu bytes of canonical form, want %zu)\n",
                       what, got.len, want_len);
    sf_verdict_dumpf(v, "printed:\n%.*s\nrelaid out:\n%.*s\n", (int)(n < 3000 ? n : 3000), text,
                     (int)(edited.len < 4000 ? edited.len : 4000), (const char *)edited.data);
  }
  sf_buf_free(&edited);
  sf_buf_free(&got);
  return how == NULL;
}

/* ---- The canonical forms of the three text languages ---------------------------------------- */

/* A d3dasm program's canonical form is its token bytes, not its reprint: as strict (text that reads
 * back as the same tokens), and cheaper than printing, which is most of a program's check time. */

sf_code sf_canon_d3dasm_program(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st) {
  (void)ctx;
  sf_tpf_program p;
  sf_tpf_program_init(&p, 0);
  sf_code rc = sf_d3dasm_parse_program(text, n, &p, st);
  if (!rc) rc = sf_tpf_program_encode(&p, out, st);
  sf_tpf_program_free(&p);
  return rc;
}

sf_code sf_canon_dxbc_text(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st) {
  (void)ctx;
  return sf_dxbc_parse_text(text, n, out, st);
}

sf_code sf_canon_visaasm(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st) {
  (void)ctx;
  sf_isa_file f;
  memset(&f, 0, sizeof f);
  sf_code rc = sf_visaasm_parse(text, n, &f, st);
  if (!rc) rc = sf_visaasm_print(&f, out, st);
  sf_isa_free(&f);
  return rc;
}

/* One instruction's text (the single-instruction views of d3dasm_fuzzer, dxbc_fuzzer and the vISA
 * targets): parse, then print into a buffer of the printers' size. */
#define SF_RELAYOUT_INST_CAP 4096

sf_code sf_canon_d3dasm_inst(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st) {
  (void)ctx;
  sf_d3d_inst d;
  memset(&d, 0, sizeof d);
  char t[SF_RELAYOUT_INST_CAP];
  sf_code rc = sf_d3dasm_parse_inst(text, n, 1, &d, st);
  if (!rc) rc = sf_d3dasm_print_inst(&d, t, sizeof t, st);
  if (!rc) sf_buf_put(out, t, strlen(t));
  return rc;
}

sf_code sf_canon_visa_inst(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st) {
  (void)ctx;
  sf_inst in;
  memset(&in, 0, sizeof in);
  char t[SF_RELAYOUT_INST_CAP];
  sf_code rc = sf_visa_parse(text, n, NULL, &in, st);
  if (!rc) {
    sf_inst_canonicalize(&in);
    rc = sf_visa_print(&in, NULL, t, sizeof t, st);
  }
  if (!rc) sf_buf_put(out, t, strlen(t));
  return rc;
}

bool sf_check_relayout_text(sf_verdict *v, const char *what, sf_check_canon_fn canon, const char *text) {
  size_t n = strlen(text);
  return !sf_check_relayout_every(text, n, SF_RELAYOUT_EVERY) || sf_check_relayout(v, what, canon, NULL, text, n, text, n);
}
