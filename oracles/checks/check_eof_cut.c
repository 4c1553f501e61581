/* oracles/checks/check_eof_cut.c — `eof_cut`: a text that parses, cut short, in a buffer of exactly
 * the bytes kept.
 *
 * Every text a printer writes ends with a newline, and the fuzzers' own inputs seldom end inside a
 * label or right after a keyword, so a scanner that reads one byte past the end of its text (a
 * loop bound written `<=`, a look-ahead of two) never meets the end there. This check cuts the
 * text at one of four kinds of places, picked by the text's hash:
 *   label   right after a label line's ':' (vISA), one time in two when the text has labels;
 *   bracket right after a word that a '[' follows ("flat[", "r[", "icb[", "x0["), where a scanner
 *           loops over a keyword's letters, one time in two of the rest when there is one;
 *   mnemonic right after an instruction's name that suffixes follow ("svm_block_ld" of
 *           "svm_block_ld.4.1", "sample" of "sample_l.RGBA", after a "(P1)" predicate), where a
 *           suffix reader looks at the byte after the name, one time in two of the rest;
 *   line    at the end of any line, or (one time in two) right after any word inside it.
 * The kept bytes are copied into a heap buffer of exactly that size, so under ASan a read past them
 * is a heap-buffer-overflow. The parser must also give what it gives with a newline after the cut:
 * the same code and, on a refusal, the same line and column, or the end of the text in both (the end
 * of the last line without the newline; that column or the start of the next line with it).
 * One text in SF_NEG_EVERY (check_int.h). */
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "oracles/checks/check_int.h"

static bool eof_word(int c) {
  return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_';
}

/* Whether line t[0, l) is a label line (its last non-blank character a ':'). */
static bool eof_label_line(const char *t, size_t l) {
  while (l && (t[l - 1] == ' ' || t[l - 1] == '\t' || t[l - 1] == '\r')) l--;
  return l > 1 && t[l - 1] == ':';
}

/* Whether position p of line [ls, le) ends a word; with bracket, a word that a '[' follows. */
static bool eof_word_end(const char *t, size_t ls, size_t le, size_t p, bool bracket) {
  return p > ls && p < le && eof_word((unsigned char)t[p - 1]) && !eof_word((unsigned char)t[p]) &&
         (!bracket || t[p] == '[');
}

/* Whether line [ls, le) starts (after blanks and a parenthesized predicate) with a name that a '.'
 * follows; *cut gets the '.''s position. */
static bool eof_mnemonic(const char *t, size_t ls, size_t le, size_t *cut) {
  size_t p = ls;
  while (p < le && (t[p] == ' ' || t[p] == '\t')) p++;
  if (p < le && t[p] == '(') {
    while (p < le && t[p] != ')') p++;
    while (p < le && (t[p] == ')' || t[p] == ' ' || t[p] == '\t')) p++;
  }
  size_t w = p;
  while (p < le && eof_word((unsigned char)t[p])) p++;
  if (p == w || p >= le || t[p] != '.') return false;
  if (cut) *cut = p;
  return true;
}

/* The number of cut places in line [ls, le); with pick below it, *cut gets place number pick. */
static size_t eof_places(const char *t, size_t ls, size_t le, bool bracket, size_t pick, size_t *cut) {
  size_t k = 0;
  for (size_t p = ls + 1; p < le; p++)
    if (eof_word_end(t, ls, le, p, bracket) && k++ == pick) *cut = p;
  return k;
}

bool sf_check_eof_cut(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *t, size_t n) {
  if (n > SF_NEG_LINES_MAX) return true;
  uint64_t h = XXH3_64bits(t, n);
  if ((h >> 40) % SF_NEG_EVERY != 3u) return true;
  enum { K_LABEL, K_BRACKET, K_MNEM, K_LINE };
  static const char *const kinds[4] = {"label", "bracket", "mnemonic", "line"};
  size_t count[4] = {0, 0, 0, 0};
  for (size_t i = 0; i < n;) {
    const char *e = memchr(t + i, '\n', n - i);
    size_t le = e ? (size_t)(e - t) : n;
    count[K_LABEL] += eof_label_line(t + i, le - i);
    count[K_BRACKET] += eof_places(t, i, le, true, (size_t)-1, NULL) != 0;
    count[K_MNEM] += eof_mnemonic(t, i, le, NULL);
    count[K_LINE]++;
    i = le + 1;
  }
  int kind = count[K_LABEL] && (h & 1u)           ? K_LABEL
             : count[K_BRACKET] && ((h >> 1) & 1u) ? K_BRACKET
             : count[K_MNEM] && ((h >> 32) & 1u)   ? K_MNEM
                                                   : K_LINE;
  size_t want = (size_t)((h >> 2) % (count[kind] ? count[kind] : 1)), k = 0, cut = 0;
  uint32_t no = 0, line = 0;
  bool mid = false;
  for (size_t i = 0; i < n && !no;) {
    const char *e = memchr(t + i, '\n', n - i);
    size_t le = e ? (size_t)(e - t) : n;
    line++;
    size_t places = kind == K_LINE ? 0 : kind == K_BRACKET ? eof_places(t, i, le, true, (size_t)-1, NULL) : 1;
    bool here = kind == K_LINE    ? true
                : kind == K_LABEL ? eof_label_line(t + i, le - i)
                : kind == K_MNEM  ? eof_mnemonic(t, i, le, NULL)
                                  : places != 0;
    if (here && k++ == want) {
      no = line, cut = le;
      if (kind == K_MNEM) {
        eof_mnemonic(t, i, le, &cut);
        mid = true;
      } else if (kind == K_BRACKET) {
        eof_places(t, i, le, true, (size_t)((h >> 24) % places), &cut);
        mid = true;
      } else if (kind == K_LINE && ((h >> 24) & 1u)) {
        size_t words = eof_places(t, i, le, false, (size_t)-1, NULL);
        if (words) eof_places(t, i, le, false, (size_t)((h >> 28) % words), &cut), mid = true;
      }
    }
    i = le + 1;
  }
  if (!no || cut == 0) return true;
  char *a = malloc(cut), *b = malloc(cut + 1); /* exactly the cut: ASan sees a read past it */
  if (!a || !b) {
    free(a);
    free(b);
    return true; /* no memory for the copies: nothing learned */
  }
  memcpy(a, t, cut);
  memcpy(b, t, cut);
  b[cut] = '\n';
  sf_status sa, sb;
  sf_status_clear(&sa);
  sf_status_clear(&sb);
  sf_code ra = parse(ctx, a, cut, &sa), rb = parse(ctx, b, cut + 1, &sb);
  free(a);
  free(b);
  size_t ll = cut; /* the start of the cut line */
  while (ll && t[ll - 1] != '\n') ll--;
  bool at_end = sa.pos_kind == SF_POS_TEXT && sb.pos_kind == SF_POS_TEXT && sa.line == no && sa.col == cut - ll + 1 &&
                ((sb.line == no + 1 && sb.col == 1) || (sb.line == no && sb.col == sa.col));
  if (ra == rb && (ra == SF_OK || at_end || (sa.pos_kind == sb.pos_kind && sa.line == sb.line && sa.col == sb.col)))
    return true;
  sf_verdict_fail(v, "eof_cut", NULL, kinds[kind]);
  sf_verdict_key(v, "eof_cut %s %s/%s", kinds[kind], sf_code_name(ra), sf_code_name(rb));
  sf_verdict_dumpf(v, "the text cut after %s of line %u (%s) gives %s at %u:%u (%s) without a newline there, %s at %u:%u (%s) "
                   "with one\n", mid ? "a word" : "the end", (unsigned)no, kinds[kind], sf_code_name(ra), (unsigned)sa.line,
                   (unsigned)sa.col, sa.msg, sf_code_name(rb), (unsigned)sb.line, (unsigned)sb.col, sb.msg);
  return false;
}
