/* oracles/checks/check_negative.c — invalid-by-construction edits of a printed instruction.
 *
 * A round trip only shows that a parser agrees with its own printer: a lexer that stopped checking
 * digit counts or overflow, or a parser that ignored what follows the last operand, still agrees.
 * This check takes a text that parses (the printer's canonical text of an instruction) and makes one
 * edit whose right answer is known without knowing the instruction:
 *
 *   trailing  " @" appended: no instruction syntax has '@', so the text must be refused;
 *   hex       one hex literal widened to 17 significant digits (>= 2^64): no field holds it;
 *   decimal   one decimal integer replaced by 2^32 = 4294967296: no decimal field holds it;
 *   channel   the last letter of a vISA channel list (".RGBA" after a mnemonic) replaced by 'Q',
 *             which names no channel;
 *   suffix    a vISA 3D sampler suffix (.pixel_null_mask, .cps, .divS) written twice: each may
 *             appear once, in that order.
 *   msuffix   the first letter of a vISA mnemonic's suffix ("fence_global.E", "max.sat") replaced
 *             by 'Q', which starts no suffix;
 *   mnemonic  (D3D texts, SF_NEG_MNEMONIC) "_qq" appended to the line's first field, the mnemonic
 *             with its groups: no SM4/SM5 instruction or declaration has that suffix; or the
 *             mnemonic's last "_word" written twice ("if_nz_nz"): each suffix may appear once, so
 *             the refusal points at the second copy's '_' (the name read so far is valid); or,
 *             a name with the word _aoffimmi without its (u,v,w) group, or one with _indexable
 *             without its groups (`group_drop`: refused within the mnemonic, the parser judges the
 *             words once it has read the groups); or,
 *             for an instruction of destinations and sources outside the sample family, ", r0.x"
 *             appended: one operand too many, a syntax error at that comma (not trailing text)
 *             whose message says how many operands the instruction takes (as many as it had).
 *   swizzle   (D3D texts) a source's 4-letter swizzle cut to 3 letters, refused at its first letter.
 *   comma     (SF_NEG_COMMAS) a top-level comma removed, or (`comma_end`) one appended after the last
 *             operand of an instruction or declaration line: refused at that comma or right after
 *             it (a declaration's optional ", space=N" must not swallow a comma no "space=" follows).
 *   addr_of   (vISA) "[256]" as the byte offset of an address of a variable ("&V36[8]", "&T6"): the
 *             offset is one byte, so out of range (SF_ERR_RANGE) at the edit, for a surface too.
 *   dotword   (vISA) ".q" appended to an operand that is a bare name ("S3", "T8", "AVS_16_FULL"): no
 *             vISA operand is a name, a dot and a letter (a raw operand's offset is digits).
 *   mdot      (vISA) ".Qq" appended to a line's mnemonic and its suffixes ("add.sat.Qq", "fcall.Qq"):
 *             no vISA mnemonic takes a suffix that starts with 'Q'.
 *   keyword   the last letter of a word of letters written right before '[' (vISA's "flat[" address
 *             and "r[" indirect operand, D3D's "icb[" and "vicp[") replaced by 'Q': those words are
 *             keywords, not names, and none ends in 'Q'.
 *
 * The parser must refuse the edited text with a text position on line 1 that points at the edit:
 * not before the start of the top-level operand holding it (an error may name the operand), and
 * not past one column after the edit (a channel or suffix edit: at the edit itself, since those
 * parts are read one by one; a doubled mnemonic word: at its second copy). Which edit an input
 * gets is a pure function of the text (a hash picks among all candidate edits), so a verdict is
 * reproducible and a campaign spreads over every literal the printer writes. One text in four is edited (by the same hash), which keeps the
 * cost to a quarter of a parse per input. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"

#define SF_NEG_CAP (SF_CHECK_FIT_CAP + 64)

static bool neg_hex(int c) { return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'f'); }
static bool neg_digit(int c) { return c >= '0' && c <= '9'; }
static bool neg_word(int c) { return neg_digit(c) || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_'; }

/* One candidate edit: replace text[at, at + len) by rep (NUL-terminated). */
typedef struct {
  const char *kind;
  size_t at, len;
  char rep[40];
  bool at_edit; /* the refusal must point at the edit itself, not anywhere in its operand */
  bool exact;   /* ... and at its first column: the part is judged as a whole (a swizzle) */
  sf_code want; /* the refusal's code, when the edit says which (SF_OK: any) */
  char says[24]; /* text the refusal's message must hold (empty: any message) */
} neg_edit;

/* Hex literal at i ("0x" + digits, not inside a word): returns its end, or 0 when there is none. */
static size_t neg_hex_at(const char *t, size_t n, size_t i) {
  if (t[i] != '0' || i + 2 >= n || (t[i + 1] | 0x20) != 'x' || !neg_hex((unsigned char)t[i + 2])) return 0;
  if (i > 0 && (neg_word((unsigned char)t[i - 1]) || t[i - 1] == '.')) return 0;
  size_t e = i + 2;
  while (e < n && neg_hex((unsigned char)t[e])) e++;
  return e;
}

/* Decimal integer at i: a digit run that is not part of a hex literal or of a number with a
 * fraction or exponent (neighbours '.', 'e'/'E' followed by digits, 'x' before). */
static size_t neg_dec_at(const char *t, size_t n, size_t i) {
  if (!neg_digit((unsigned char)t[i]) || (i > 0 && (neg_digit((unsigned char)t[i - 1]) || t[i - 1] == '.'))) return 0;
  size_t e = i;
  while (e < n && neg_digit((unsigned char)t[e])) e++;
  if (e < n && (t[e] == '.' || t[e] == 'x' || t[e] == 'X')) return 0; /* a float, or "0x..." / "4x4" */
  if (e < n && (t[e] | 0x20) == 'e' && e + 1 < n && (neg_digit((unsigned char)t[e + 1]) || t[e + 1] == '-' || t[e + 1] == '+'))
    return 0;
  if (i > 0 && (t[i - 1] | 0x20) == 'x') return 0; /* the digits of a hex literal, "4x4" */
  size_t j = i; /* an exponent: "1.5e-14", "2e9" (a huge exponent is a valid float: 0 or inf) */
  if (j > 0 && (t[j - 1] == '-' || t[j - 1] == '+')) j--;
  if (j > 1 && (t[j - 1] | 0x20) == 'e' && neg_digit((unsigned char)t[j - 2])) return 0;
  return e;
}

/* vISA channel list at i: '.' after a letter, 1-4 of R, G, B, A, then no word character. Returns the
 * end of the letters, or 0. */
static size_t neg_chan_at(const char *t, size_t n, size_t i) {
  if (t[i] != '.' || i == 0 || !((t[i - 1] | 0x20) >= 'a' && (t[i - 1] | 0x20) <= 'z')) return 0;
  size_t e = i + 1;
  while (e < n && e - i <= 4 && (t[e] == 'R' || t[e] == 'G' || t[e] == 'B' || t[e] == 'A')) e++;
  if (e == i + 1 || (e < n && (neg_word((unsigned char)t[e]) || t[e] == '.'))) return 0;
  return e;
}

/* vISA 3D sampler suffix at i ('.' after a word, then one of the suffixes, then '.'): returns the
 * end of the suffix word, or 0; *w gets the suffix with its dot. */
static size_t neg_suffix_at(const char *t, size_t n, size_t i, const char **w) {
  static const char *const sfx[3] = {".pixel_null_mask", ".cps", ".divS"};
  if (t[i] != '.' || i == 0 || !neg_word((unsigned char)t[i - 1])) return 0;
  for (int k = 0; k < 3; k++) {
    size_t l = strlen(sfx[k]);
    if (i + l < n && memcmp(t + i, sfx[k], l) == 0 && t[i + l] == '.') {
      *w = sfx[k];
      return i + l;
    }
  }
  return 0;
}

/* vISA mnemonic suffixes: in a line's first field (after blanks and a "(predicate)"), a word
 * followed by '.' and a letter ("gather4_scaled.RGBA", "fence_global.E", "max.sat", "cmp.lt"), and
 * each further '.' and letter of that field ("lsc_load.ugm.ca.ca": the cache options). Writes the
 * index of each suffix's first letter to at[0..) (at most max) and returns how many. No vISA suffix
 * starts with 'Q', so writing one there must be refused, anywhere from the mnemonic's start to the
 * letter: the column a suffix error reports comes from where the parser thinks the mnemonic's name
 * ends. */
static unsigned neg_msuffixes(const char *t, size_t n, size_t *at, unsigned max) {
  size_t i = 0;
  while (i < n && (t[i] == ' ' || t[i] == '\t')) i++;
  if (i < n && t[i] == '(') {
    while (i < n && t[i] != ')') i++;
    i++;
    while (i < n && (t[i] == ' ' || t[i] == '\t')) i++;
  }
  size_t w = i;
  while (i < n && neg_word((unsigned char)t[i])) i++;
  unsigned k = 0;
  while (i > w && k < max && i + 1 < n && t[i] == '.' && ((t[i + 1] | 0x20) >= 'a' && (t[i + 1] | 0x20) <= 'z')) {
    at[k++] = ++i;
    while (i < n && neg_word((unsigned char)t[i])) i++;
  }
  return k;
}

/* Enumerates the candidate edits of t; with pick < count, fills *out with candidate number pick. */
/* The edit kinds, counted apart so that one is picked before one of its candidates. */
enum { NK_TRAILING, NK_HEX, NK_DEC, NK_SUFFIX, NK_CHAN, NK_MSUFFIX, NK_COMMA, NK_MNEMONIC, NK_SWIZZLE, NK_ADDROF, NK_KEYWORD,
       NK_DOTWORD, NK_MDOT, NK_COUNT };

/* Candidate edits of t of kind `want` (NK_COUNT: none); with pick below their count, fills *out with
 * number pick. per, when not NULL, gets the count of every kind. word_digits: a digit run right after
 * a letter or '_' ("r12", "V33") is a candidate too; off where such a word may be a name that any
 * digits keep valid (a vISA label). */
SF_NO_COVERAGE static size_t neg_candidates(const char *t, size_t n, int want, size_t pick, unsigned flags,
                                            neg_edit *out, size_t *per) {
  bool word_digits = !(flags & SF_NEG_NO_WORD_DIGITS);
  size_t count = 0, mnem = 0; /* where the mnemonic starts: after the blanks and a "(predicate)" */
  while (mnem < n && (t[mnem] == ' ' || t[mnem] == '\t')) mnem++;
  if (mnem < n && t[mnem] == '(') {
    while (mnem < n && t[mnem] != ')') mnem++;
    while (mnem < n && (t[mnem] == ')' || t[mnem] == ' ' || t[mnem] == '\t')) mnem++;
  }
#define NEG_TAKE(k) ((per ? (void)per[k]++ : (void)0), want == (k) && pick == count++)
  if (NEG_TAKE(NK_TRAILING)) *out = (neg_edit){"trailing", n, 0, " @", true, false, SF_OK, ""};
  size_t ms[8];
  unsigned nms = neg_msuffixes(t, n, ms, 8);
  for (unsigned k = 0; k < nms; k++)
    if (t[ms[k]] != 'Q' && NEG_TAKE(NK_MSUFFIX)) *out = (neg_edit){"msuffix", ms[k], 1, "Q", false, false, SF_OK, ""};
  if (!(flags & SF_NEG_MNEMONIC) && mnem < n && (t[mnem] | 0x20) >= 'a' && (t[mnem] | 0x20) <= 'z') {
    /* (vISA) ".Qq" after the mnemonic and its suffixes, before the blank that ends them: no
     * mnemonic takes a suffix that starts with 'Q' (the instructions without suffixes included) */
    size_t e = mnem;
    while (e < n && neg_word((unsigned char)t[e])) e++;
    while (e + 1 < n && t[e] == '.' && neg_word((unsigned char)t[e + 1]))
      for (e++; e < n && neg_word((unsigned char)t[e]);) e++;
    if (e < n && t[e] == ' ' && NEG_TAKE(NK_MDOT)) *out = (neg_edit){"mdot", e, 0, ".Qq", false, false, SF_OK, ""};
  }
  for (size_t i = 0; i < n; i++) {
    size_t e = neg_hex_at(t, n, i);
    if (e) {
      size_t nd = e - i - 2;
      if (nd <= 16 && NEG_TAKE(NK_HEX)) { /* wider literals are not what a printer writes: left alone */
        /* "0x1", then the literal's digits left-padded with zeros to 16: 17 significant digits. */
        neg_edit ed = {"hex", i, e - i, "", false, false, SF_OK, ""};
        size_t k = 0;
        ed.rep[k++] = t[i];
        ed.rep[k++] = t[i + 1];
        ed.rep[k++] = '1';
        for (size_t z = nd; z < 16; z++) ed.rep[k++] = '0';
        for (size_t d = 0; d < nd; d++) ed.rep[k++] = t[i + 2 + d];
        ed.rep[k] = '\0';
        *out = ed;
      }
      i = e - 1;
      continue;
    }
    e = neg_dec_at(t, n, i);
    if (e && !word_digits && i > 0 && (neg_word((unsigned char)t[i - 1]) || t[i - 1] == '$' || t[i - 1] == '@')) {
      i = e - 1;
      continue;
    }
    if (e) {
      if (NEG_TAKE(NK_DEC)) *out = (neg_edit){"decimal", i, e - i, "4294967296", false, false, SF_OK, ""};
      i = e - 1;
      continue;
    }
    const char *w = NULL;
    e = neg_suffix_at(t, n, i, &w);
    if (e) {
      if (NEG_TAKE(NK_SUFFIX)) {
        *out = (neg_edit){"suffix", e, 0, "", true, false, SF_OK, ""};
        snprintf(out->rep, sizeof out->rep, "%s", w);
      }
      i = e - 1;
      continue;
    }
    e = neg_chan_at(t, n, i);
    if (e) {
      if (NEG_TAKE(NK_CHAN)) *out = (neg_edit){"channel", e - 1, 1, "Q", true, false, SF_OK, ""};
      i = e - 1;
      continue;
    }
    /* a vISA address of a variable, "&name" or "&name[bytes]": the byte offset is one byte */
    if (t[i] == '&' && i + 1 < n && (neg_word((unsigned char)t[i + 1]) || t[i + 1] == '%')) {
      size_t s = i + 1;
      while (s < n && (neg_word((unsigned char)t[s]) || t[s] == '%')) s++;
      size_t close = s;
      if (s < n && t[s] == '[') {
        close = s + 1;
        while (close < n && neg_digit((unsigned char)t[close])) close++;
        close = close < n && t[close] == ']' ? close + 1 : s;
      }
      if (NEG_TAKE(NK_ADDROF)) *out = (neg_edit){"addr_of", s, close - s, "[256]", true, false, SF_ERR_RANGE, ""};
      i = s - 1;
      continue;
    }
    /* a word of letters right before '[' ("flat[", "r[", "icb[", "vicp["): a keyword, not a name */
    if (((t[i] | 0x20) >= 'a' && (t[i] | 0x20) <= 'z') &&
        (i == 0 || !(neg_word((unsigned char)t[i - 1]) || t[i - 1] == '%' || t[i - 1] == '.' || t[i - 1] == '$'))) {
      size_t s = i;
      while (s < n && ((t[s] | 0x20) >= 'a' && (t[s] | 0x20) <= 'z')) s++;
      if (s < n && t[s] == '[' && t[s - 1] != 'Q' && NEG_TAKE(NK_KEYWORD))
        *out = (neg_edit){"keyword", s - 1, 1, "Q", false, false, SF_OK, ""};
      /* (vISA) a whole operand that is a bare name ("S3", "T8", "AVS_16_FULL"), not the
       * mnemonic: no vISA operand is a name and a dot and letters */
      if (!(flags & SF_NEG_MNEMONIC) && i > 0 && t[i - 1] == ' ') {
        size_t we = i;
        while (we < n && neg_word((unsigned char)t[we])) we++;
        if (i > mnem && (we == n || t[we] == ' ') && NEG_TAKE(NK_DOTWORD))
          *out = (neg_edit){"dotword", we, 0, ".q", true, false, SF_OK, ""};
        i = we - 1;
        continue;
      }
      i = s - 1;
    }
  }
#undef NEG_TAKE
  return count;
}

static size_t neg_commas(const char *t, size_t n, size_t pick, neg_edit *out);
static size_t neg_comma_end(const char *t, size_t n, neg_edit *out);
static size_t neg_field_end(const char *t, size_t n, size_t at);

/* The mnemonic edits, when the first top-level field starts with a letter after the indentation (an
 * instruction or a declaration, not a "{" row or a "}"): 0, "_qq" at the end of the field; 1, the
 * name's last "_word" (before its first group) written twice: "if_nz" -> "if_nz_nz",
 * "add_sat" -> "add_sat_sat". Every suffix of an SM4/SM5 mnemonic may appear once, and no name
 * ends in a word written twice, so both are refused. Returns the number of candidates. */
/* The group edit's span in the mnemonic t[i, end) whose name ends at name_end: the (u,v,w) group
 * when the name has the word _aoffimmi, else every group when it has _indexable (the words that
 * need them). Sets *at to the span's start and returns its end, or 0 when there is none. */
static size_t neg_group_drop(const char *t, size_t i, size_t name_end, size_t end, size_t *at) {
  bool aoff = false, idx = false;
  for (size_t k = i; k < name_end; k++) {
    if (t[k] != '_') continue;
    size_t w = k + 1;
    while (w < name_end && t[w] != '_') w++;
    if (w - k == 9 && !memcmp(t + k, "_aoffimmi", 9)) aoff = true;
    if (w - k == 10 && !memcmp(t + k, "_indexable", 10)) idx = true;
  }
  size_t first = 0, last = 0;
  for (size_t k = name_end; k < end && t[k] == '(';) {
    size_t close = k;
    while (close < end && t[close] != ')') close++;
    if (close == end) return 0;
    bool numeric = close > k + 1;
    for (size_t q = k + 1; q < close; q++)
      if (!neg_digit((unsigned char)t[q]) && t[q] != '-' && t[q] != ',') numeric = false;
    if (aoff && numeric) return *at = k, close + 1;
    if (!first) first = k;
    last = close + 1;
    k = close + 1;
  }
  if (aoff || !idx || !first) return 0;
  return *at = first, last;
}

static size_t neg_mnemonic(const char *t, size_t n, size_t pick, neg_edit *out) {
  size_t i = 0;
  while (i < n && t[i] == ' ') i++;
  if (i == n || !((t[i] | 0x20) >= 'a' && (t[i] | 0x20) <= 'z')) return 0;
  size_t end = neg_field_end(t, n, i), name_end = i, last_us = 0;
  while (name_end < end && neg_word((unsigned char)t[name_end])) {
    if (t[name_end] == '_' && name_end > i) last_us = name_end;
    name_end++;
  }
  bool dup = last_us && name_end - last_us >= 2 && name_end - last_us < sizeof out->rep;
  /* an instruction of destinations and sources outside the sample family: one operand too many */
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_by_name(t + i, name_end - i);
  bool extra = oi && !(oi->flags & SF_TPF_F_SAMPLE) && oi->dcl == SF_TPF_DCL_NONE;
  size_t g0 = 0, g1 = neg_group_drop(t, i, name_end, end, &g0);
  size_t count = 1 + (dup ? 1 : 0) + (g1 ? 1 : 0) + (extra ? 1 : 0);
  if (out && g1 && pick == 1 + (dup ? 1 : 0)) {
    *out = (neg_edit){"group_drop", g0, g1 - g0, "", false, false, SF_OK, ""};
  } else if (out && pick == 1 && dup) {
    *out = (neg_edit){"mnemonic_twice", name_end, 0, "", true, true, SF_OK, ""};
    memcpy(out->rep, t + last_us, name_end - last_us);
    out->rep[name_end - last_us] = 0;
  } else if (out && pick == count - 1 && extra) {
    /* the message says how many operands the instruction takes: as many as the printed line has */
    size_t ops = end < n ? neg_commas(t + end, n - end, (size_t)-1, NULL) + 1 : 0;
    *out = (neg_edit){"extra_operand", n, 0, ", r0.x", true, true, SF_ERR_SYNTAX, ""};
    snprintf(out->says, sizeof out->says, " %zu operand", ops);
  } else if (out) {
    *out = (neg_edit){"mnemonic", end, 0, "_qq", false, false, SF_OK, ""};
  }
  return count;
}

/* The swizzle edit (D3D texts): a 4-letter component selection after a register ("r1.xxyz",
 * "cb0[2].wzyx") whose letters are not a destination mask (x, y, z, w distinct and in that order),
 * so it belongs to a source, cut to its first 3 letters. A source selects 1 component or swizzles 4,
 * so the text must be refused, and at the selection's first letter: the parser judges a selection
 * as a whole once it has read its letters. Returns the number of candidates. */
static size_t neg_swizzles(const char *t, size_t n, size_t pick, neg_edit *out) {
  size_t count = 0;
  for (size_t i = 1; i + 5 <= n; i++) {
    if (t[i] != '.' || !(neg_word((unsigned char)t[i - 1]) || t[i - 1] == ']')) continue;
    int lv[4], k = 0;
    while (k < 4 && i + 1 + (size_t)k < n) {
      char ch = t[i + 1 + (size_t)k];
      int x = ch == 'x' ? 0 : ch == 'y' ? 1 : ch == 'z' ? 2 : ch == 'w' ? 3 : -1;
      if (x < 0) break;
      lv[k++] = x;
    }
    size_t e = i + 1 + (size_t)k;
    if (k != 4 || (e < n && neg_word((unsigned char)t[e]))) continue;
    if (lv[0] < lv[1] && lv[1] < lv[2] && lv[2] < lv[3]) continue; /* .xyzw: a mask as well */
    if (out && pick == count) {
      *out = (neg_edit){"swizzle", i + 1, 4, "", true, true, SF_OK, ""};
      memcpy(out->rep, t + i + 1, 3);
      out->rep[3] = 0;
    }
    count++;
    i = e - 1;
  }
  return count;
}

/* Adds the number of candidate edits of each kind in t to per[]. */
static void neg_count(const char *t, size_t n, unsigned flags, size_t per[NK_COUNT]) {
  size_t here[NK_COUNT] = {0};
  neg_edit scratch;
  neg_candidates(t, n, NK_COUNT, 0, flags, &scratch, here);
  if (flags & SF_NEG_COMMAS) here[NK_COMMA] = neg_commas(t, n, (size_t)-1, &scratch) + neg_comma_end(t, n, NULL);
  if (flags & SF_NEG_MNEMONIC) here[NK_MNEMONIC] = neg_mnemonic(t, n, 0, NULL);
  if (flags & SF_NEG_MNEMONIC) here[NK_SWIZZLE] = neg_swizzles(t, n, (size_t)-1, NULL);
  for (int k = 0; k < NK_COUNT; k++) per[k] += here[k];
}

/* Fills *out with candidate j of kind k of t (j below that kind's count). */
static void neg_fill(const char *t, size_t n, unsigned flags, int k, size_t j, neg_edit *out) {
  neg_edit scratch;
  if (k == NK_COMMA && j < neg_commas(t, n, (size_t)-1, &scratch)) neg_commas(t, n, j, out);
  else if (k == NK_COMMA) neg_comma_end(t, n, out);
  else if (k == NK_MNEMONIC) neg_mnemonic(t, n, j, out);
  else if (k == NK_SWIZZLE) neg_swizzles(t, n, j, out);
  else neg_candidates(t, n, k, j, flags, out, NULL);
}

/* A kind among those with candidates (per[k] != 0), picked by h alike, and one of its candidates. */
static int neg_kind_first(const size_t per[NK_COUNT], uint64_t h, size_t *j) {
  unsigned kinds = 0;
  for (int k = 0; k < NK_COUNT; k++) kinds += per[k] != 0;
  unsigned r = (unsigned)(h % kinds);
  int k = 0;
  while (per[k] == 0 || r-- > 0) k++;
  *j = (size_t)((h >> 24) % per[k]);
  return k;
}

/* Picks one edit of t by h. Half the time any candidate, each alike (the literals, which are most of
 * them, find the lexers' bounds); half the time a kind first, among those t has, then one of that
 * kind, so that a rare kind (a channel list, a suffix) is not drowned by the literals of a long line. */
static void neg_pick(const char *t, size_t n, uint64_t h, unsigned flags, neg_edit *out) {
  size_t per[NK_COUNT] = {0};
  neg_count(t, n, flags, per);
  size_t total = 0;
  for (int k = 0; k < NK_COUNT; k++) total += per[k]; /* at least the trailing edit */
  int k = 0;
  size_t j;
  if ((h >> 40) & 1) {
    j = (size_t)(h % total);
    while (j >= per[k]) j -= per[k++];
  } else {
    k = neg_kind_first(per, h, &j);
  }
  neg_fill(t, n, flags, k, j, out);
}

/* Start of the top-level operand that holds position at: the character after the last ' ' or ','
 * before it that is outside every (), [], {} and <> group. */
static size_t neg_field_start(const char *t, size_t at) {
  size_t start = 0;
  int depth = 0;
  for (size_t i = 0; i < at; i++) {
    char c = t[i];
    if (c == '(' || c == '[' || c == '{' || c == '<') depth++;
    else if ((c == ')' || c == ']' || c == '}' || c == '>') && depth > 0) depth--;
    else if ((c == ' ' || c == ',') && depth == 0) start = i + 1;
  }
  return start;
}

bool sf_check_negative_text(sf_verdict *v, const sf_inst *report, sf_check_parse_fn parse, const void *ctx,
                            const char *text, unsigned flags) {
  size_t n = strlen(text);
  if (n == 0 || n + 40 > SF_NEG_CAP || memchr(text, '\n', n)) return true;
  uint64_t h = XXH3_64bits(text, n); /* whether and which edit this input gets */
  if ((h >> 56) % SF_NEG_EVERY != 0) return true;
  neg_edit ed;
  neg_pick(text, n, h, flags & SF_NEG_MNEMONIC, &ed);
  char buf[SF_NEG_CAP];
  size_t rl = strlen(ed.rep);
  memcpy(buf, text, ed.at);
  memcpy(buf + ed.at, ed.rep, rl);
  memcpy(buf + ed.at + rl, text + ed.at + ed.len, n - ed.at - ed.len);
  size_t m = n - ed.len + rl;
  buf[m] = '\0';
  size_t lo = neg_field_start(text, ed.at) + 1;           /* 1-based columns */
  size_t hi = ed.at + rl + 1;                             /* one past the edit */
  if (ed.at_edit) lo = ed.at + 1;
  if (ed.exact) hi = ed.at + 1;
  if (!strcmp(ed.kind, "group_drop")) hi = neg_field_end(text, n, ed.at) - ed.len + 1; /* the mnemonic's end */
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = parse(ctx, buf, m, &st);
  const char *how = NULL;
  if (rc == SF_OK) how = "accepted";
  else if (st.pos_kind != SF_POS_TEXT || st.line != 1 || st.col < lo || st.col > hi) how = "position";
  else if (ed.want != SF_OK && rc != ed.want) how = "code";
  else if (ed.says[0] && !strstr(st.msg, ed.says)) how = "message";
  if (!how) return true;
  sf_verdict_fail(v, "negative", report, ed.kind);
  sf_verdict_key(v, "negative %s %s", ed.kind, how);
  if (rc == SF_OK)
    sf_verdict_dumpf(v, "an invalid edit (%s) of a printed instruction was accepted\n", ed.kind);
  else if (!strcmp(how, "message"))
    sf_verdict_dumpf(v, "an invalid edit (%s) was refused at the edit, but the message \"%s\" does not say \"%s\"\n",
                     ed.kind, st.msg, ed.says);
  else
    sf_verdict_dumpf(v, "an invalid edit (%s) was refused with %s at %s%u:%u, outside columns %zu..%zu: \"%s\"\n",
                     ed.kind, sf_code_name(rc), st.pos_kind == SF_POS_TEXT ? "" : "(no text position) ",
                     (unsigned)st.line, (unsigned)st.col, lo, hi, st.msg);
  sf_verdict_dumpf(v, "printed: %s\nedited:  %s\n", text, buf);
  return false;
}

/* ---- Whole texts: one edit on one line ------------------------------------------------------ */

/* Top-level commas of t[0..n) (outside every group) as candidate edits: the comma is removed. A
 * comma that ends the line is left alone: it separates what continues on the next line (the rows of
 * an immediate constant buffer), where the parser rightly reports its absence. */
static size_t neg_commas(const char *t, size_t n, size_t pick, neg_edit *out) {
  size_t count = 0;
  int depth = 0;
  while (n && (t[n - 1] == ' ' || t[n - 1] == ',')) n--;
  for (size_t i = 0; i < n; i++) {
    char c = t[i];
    if (c == '(' || c == '[' || c == '{' || c == '<') depth++;
    else if ((c == ')' || c == ']' || c == '}' || c == '>') && depth > 0) depth--;
    else if (c == ',' && depth == 0 && pick == count++) *out = (neg_edit){"comma", i, 1, "", false, false, SF_OK, ""};
  }
  return count;
}

/* `comma_end`: a comma after the last operand of an instruction or declaration line (one that
 * starts with a name and does not already end in a comma, as an immediate constant buffer's rows
 * do): no operand follows it, a declaration's optional ", space=N" included, so the line is refused
 * there. Returns the number of candidates (0 or 1). */
static size_t neg_comma_end(const char *t, size_t n, neg_edit *out) {
  size_t lead = 0;
  while (lead < n && t[lead] == ' ') lead++;
  while (n && t[n - 1] == ' ') n--;
  if (lead >= n || !((t[lead] | 0x20) >= 'a' && (t[lead] | 0x20) <= 'z') || t[n - 1] == ',') return 0;
  if (out) *out = (neg_edit){"comma_end", n, 0, ",", true, false, SF_OK, ""};
  return 1;
}

/* End of the top-level field that starts at or after `at` (skipping spaces first). */
static size_t neg_field_end(const char *t, size_t n, size_t at) {
  size_t i = at;
  while (i < n && t[i] == ' ') i++;
  int depth = 0;
  for (; i < n; i++) {
    char c = t[i];
    if (c == '(' || c == '[' || c == '{' || c == '<') depth++;
    else if ((c == ')' || c == ']' || c == '}' || c == '>') && depth > 0) depth--;
    else if ((c == ' ' || c == ',') && depth == 0) break;
  }
  return i;
}

/* How much of a line may be edited (0: none): not a directive (first non-space '.'), no quoted
 * string; a comment ("//", as IGC's " /// $<id>" after each instruction) and the blanks before it
 * are left out, so that the trailing edit lands before the comment, not inside it. Label lines are
 * left alone. */
static size_t neg_line_len(const char *l, size_t len) {
  size_t i = 0;
  while (i < len && (l[i] == ' ' || l[i] == '\t')) i++;
  if (i == len || l[i] == '.') return 0;
  for (size_t k = i; k < len; k++) {
    if (l[k] == '"') return 0;
    if (l[k] == '/' && k + 1 < len && l[k + 1] == '/') len = k;
  }
  while (len > i && (l[len - 1] == ' ' || l[len - 1] == '\t' || l[len - 1] == '\r')) len--;
  /* a label line ("L1:") holds a name, not literals, and nothing may follow it */
  return len > i && l[len - 1] != ':' ? len : 0;
}

/* The next line of text[*i, n) that may be edited (in the section, when one is named): its start and
 * length (whole line) and 1-based number; false at the end. *no and *in carry the walk's state. */
static bool neg_next_line(const char *text, size_t n, const char *section, size_t sl, size_t *i, uint32_t *no,
                          bool *in, size_t *at, size_t *len) {
  while (*i < n) {
    const char *nl = memchr(text + *i, '\n', n - *i);
    size_t l = (nl ? (size_t)(nl - text) : n) - *i, s = *i;
    ++*no;
    *i += l + 1;
    if (section && l && text[s] == '.') *in = l >= sl && memcmp(text + s, section, sl) == 0;
    else if (*in && l + 40 <= SF_NEG_CAP && neg_line_len(text + s, l)) {
      *at = s, *len = l;
      return true;
    }
  }
  return false;
}

bool sf_check_negative_lines(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *text, size_t n,
                             const char *section, unsigned flags) {
  if (n == 0 || n > SF_NEG_LINES_MAX) return true;
  uint64_t h = XXH3_64bits(text, n);
  if ((h >> 56) % SF_NEG_EVERY != 0) return true;
  size_t sl = section ? strlen(section) : 0, lines = 0, pick_at = 0, pick_len = 0, at, len;
  uint32_t pick_no = 0;
  neg_edit ed;
  if ((h >> 55) & 1) {
    /* A line first (the hash picks among the editable lines), then an edit of it (neg_pick). */
    size_t i = 0;
    uint32_t no = 0;
    bool in = section == NULL;
    while (neg_next_line(text, n, section, sl, &i, &no, &in, &at, &len)) lines++;
    if (lines == 0) return true;
    size_t want = (size_t)(h % lines), k = 0;
    i = 0, no = 0, in = section == NULL;
    while (neg_next_line(text, n, section, sl, &i, &no, &in, &at, &len) && k++ != want) {}
    pick_at = at, pick_len = len, pick_no = no;
    neg_pick(text + pick_at, neg_line_len(text + pick_at, pick_len), h >> 8, flags, &ed);
  } else {
    /* A kind first, among those the whole text has, then one of its candidates, wherever it is: a
     * kind found on a few lines of a long text ("flat[" of a 2D block load) is picked as often as
     * one on every line. */
    size_t per[NK_COUNT] = {0}, i = 0;
    uint32_t no = 0;
    bool in = section == NULL;
    while (neg_next_line(text, n, section, sl, &i, &no, &in, &at, &len)) {
      neg_count(text + at, neg_line_len(text + at, len), flags, per);
      lines++;
    }
    if (lines == 0) return true;
    size_t j;
    int k = neg_kind_first(per, h >> 8, &j);
    i = 0, no = 0, in = section == NULL;
    while (neg_next_line(text, n, section, sl, &i, &no, &in, &at, &len)) {
      size_t here[NK_COUNT] = {0};
      size_t el = neg_line_len(text + at, len);
      neg_count(text + at, el, flags, here);
      if (j < here[k]) {
        pick_at = at, pick_len = len, pick_no = no;
        neg_fill(text + at, el, flags, k, j, &ed);
        break;
      }
      j -= here[k];
    }
    if (!pick_no) return true; /* not reached: the second walk sees the first one's candidates */
  }
  const char *line = text + pick_at;
  len = neg_line_len(line, pick_len);
  size_t rl = strlen(ed.rep), m = n - ed.len + rl;
  char *buf = malloc(m + 1);
  if (!buf) return true;
  at = pick_at + ed.at;
  memcpy(buf, text, at);
  memcpy(buf + at, ed.rep, rl);
  memcpy(buf + at + rl, text + at + ed.len, n - at - ed.len);
  buf[m] = '\0';
  size_t lo = neg_field_start(line, ed.at) + 1, hi = ed.at + rl + 1; /* 1-based columns of the line */
  if (ed.at_edit) lo = ed.at + 1;
  if (ed.exact) hi = ed.at + 1;
  if (!strcmp(ed.kind, "comma")) hi = neg_field_end(line, len, ed.at + 1) + 1;
  if (!strcmp(ed.kind, "group_drop")) hi = neg_field_end(line, len, ed.at) - ed.len + 1; /* the mnemonic's end */
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = parse(ctx, buf, m, &st);
  const char *how = NULL;
  if (rc == SF_OK) how = "accepted";
  else if (st.pos_kind != SF_POS_TEXT || st.line != pick_no || st.col < lo || st.col > hi) how = "position";
  else if (ed.want != SF_OK && rc != ed.want) how = "code";
  else if (ed.says[0] && !strstr(st.msg, ed.says)) how = "message";
  if (how) {
    sf_verdict_fail(v, "negative_line", NULL, ed.kind);
    sf_verdict_key(v, "negative_line %s %s", ed.kind, how);
    if (rc == SF_OK)
      sf_verdict_dumpf(v, "an invalid edit (%s) of line %u of a printed text was accepted\n", ed.kind, (unsigned)pick_no);
    else if (!strcmp(how, "message"))
      sf_verdict_dumpf(v, "an invalid edit (%s) of line %u was refused at the edit, but the message \"%s\" does not say "
                          "\"%s\"\n", ed.kind, (unsigned)pick_no, st.msg, ed.says);
    else
      sf_verdict_dumpf(v, "an invalid edit (%s) of line %u was refused with %s at %s%u:%u, outside %u:%zu..%zu: \"%s\"\n",
                       ed.kind, (unsigned)pick_no, sf_code_name(rc), st.pos_kind == SF_POS_TEXT ? "" : "(no text position) ",
                       (unsigned)st.line, (unsigned)st.col, (unsigned)pick_no, lo, hi, st.msg);
    sf_verdict_dumpf(v, "printed: %.*s\n", (int)pick_len, line);
    size_t el = len - ed.len + rl;
    sf_verdict_dumpf(v, "edited:  %.*s\n", (int)el, buf + pick_at);
  }
  free(buf);
  return how == NULL;
}

/* The first line of a whole text is left alone above (a directive, or a shader model line, holds no
 * literal the edits could widen): the caller gives the invalid line to put in its place. Cheap on a
 * right parser, which stops at line 1. */
bool sf_check_negative_first_line(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *text, size_t n,
                                  const char *line, unsigned lo, unsigned hi) {
  const char *nl = memchr(text, '\n', n);
  size_t rest = nl ? n - (size_t)(nl - text) : 0, ll = strlen(line), m = ll + rest;
  char *buf = malloc(m + 1);
  if (!buf) return true;
  memcpy(buf, line, ll);
  if (rest) memcpy(buf + ll, nl, rest);
  buf[m] = '\0';
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = parse(ctx, buf, m, &st);
  free(buf);
  if (rc != SF_OK && st.pos_kind == SF_POS_TEXT && st.line == 1 && st.col >= lo && st.col <= hi) return true;
  sf_verdict_fail(v, "negative_line", NULL, "first");
  sf_verdict_key(v, "negative_line first %s", rc == SF_OK ? "accepted" : "position");
  sf_verdict_dumpf(v, "the first line replaced by \"%s\" was %s: %s at %u:%u (want 1:%u..%u) \"%s\"\n", line,
                   rc == SF_OK ? "accepted" : "refused elsewhere", sf_code_name(rc), (unsigned)st.line,
                   (unsigned)st.col, lo, hi, st.msg);
  return false;
}

/* The group_drop span of line t[0, n) (see neg_group_drop), with *fend the end of its mnemonic. */
static size_t neg_line_group(const char *t, size_t n, size_t *at, size_t *fend) {
  size_t i = 0;
  while (i < n && t[i] == ' ') i++;
  if (i == n || !((t[i] | 0x20) >= 'a' && (t[i] | 0x20) <= 'z')) return 0;
  size_t end = neg_field_end(t, n, i), name_end = i;
  while (name_end < end && neg_word((unsigned char)t[name_end])) name_end++;
  *fend = end;
  return neg_group_drop(t, i, name_end, end, at);
}

bool sf_check_group_drop(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *t, size_t n) {
  const char *nl = memchr(t, '\n', n);
  if (!nl || n > SF_NEG_LINES_MAX) return true;
  size_t first = (size_t)(nl - t) + 1, count = 0, at = 0, len = 0, g0 = 0, g1 = 0, fend = 0;
  uint32_t no = 0;
  for (int pass = 0; pass < 2; pass++) {
    size_t k = 0, want = pass ? (size_t)(XXH3_64bits(t, n) % count) : (size_t)-1;
    uint32_t line = 1;
    for (size_t i = first; i < n && !(pass && no);) {
      const char *e = memchr(t + i, '\n', n - i);
      size_t l = (e ? (size_t)(e - t) : n) - i;
      line++;
      size_t end = l + 2 + first <= SF_NEG_CAP ? neg_line_group(t + i, l, &g0, &fend) : 0;
      if (end && k++ == want) at = i, len = l, no = line, g1 = end;
      i += l + 1;
    }
    if (!pass && (count = k) == 0) return true;
  }
  char buf[SF_NEG_CAP];
  size_t m = 0;
  memcpy(buf, t, first);
  m = first;
  memcpy(buf + m, t + at, g0);
  m += g0;
  memcpy(buf + m, t + at + g1, len - g1);
  m += len - g1;
  buf[m++] = '\n';
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = parse(ctx, buf, m, &st);
  size_t lo = 1, hi = fend - (g1 - g0) + 1;
  while (lo <= len && t[at + lo - 1] == ' ') lo++;
  if (rc != SF_OK && st.pos_kind == SF_POS_TEXT && st.line == 2 && st.col >= lo && st.col <= hi) return true;
  sf_verdict_fail(v, "group_drop", NULL, rc == SF_OK ? "accepted" : "position");
  sf_verdict_key(v, "group_drop %s", rc == SF_OK ? "accepted" : "position");
  sf_verdict_dumpf(v, "line %u without the groups its mnemonic's _aoffimmi or _indexable needs was %s", (unsigned)no,
                   rc == SF_OK ? "accepted" : "refused");
  if (rc != SF_OK)
    sf_verdict_dumpf(v, " at %s%u:%u, outside 2:%zu..%zu: \"%s\"", st.pos_kind == SF_POS_TEXT ? "" : "(no text position) ",
                     (unsigned)st.line, (unsigned)st.col, lo, hi, st.msg);
  sf_verdict_dumpf(v, "\nprinted: %.*s\nedited:  %.*s\n", (int)len, t + at, (int)(m - first - 1), buf + first);
  return false;
}
