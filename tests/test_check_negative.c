/* tests/test_check_negative.c — the negative-edit checks (oracles/checks/check_negative.c) called
 * with stand-in parsers: one that refuses exactly the edits, at them, must pass every edited text,
 * and one that accepts everything (or refuses in the wrong place) must fail every one; the edits
 * must be spread over their kinds, the rare ones included. */
#include <ctype.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "tests/sf_test.h"

/* The first hex literal of 17 or more digits in s (the `hex` edit: "0x1" and 16 more), or NULL. */
static const char *wide_hex(const char *s) {
  for (const char *h = strstr(s, "0x1"); h; h = strstr(h + 1, "0x1")) {
    size_t d = 2;
    while (isxdigit((unsigned char)h[d])) d++;
    if (d - 2 >= 17) return h;
  }
  return NULL;
}

typedef struct fake_parser {
  int mode; /* 0: refuses exactly the edits, at them; 1: accepts all; 2: refuses past the end; 3: no position */
  char seen[512];
} fake_parser;

static sf_code fake_parse(const void *ctx, const char *text, size_t n, sf_status *st) {
  fake_parser *p = (fake_parser *)(uintptr_t)ctx;
  snprintf(p->seen, sizeof p->seen, "%.*s", (int)n, text);
  if (p->mode == 1) return SF_OK;
  if (p->mode == 2) return sf_fail_text(st, SF_ERR_SYNTAX, 1, (uint32_t)n + 5, "refused");
  if (p->mode == 3) return sf_fail(st, SF_ERR_SYNTAX, "refused, nowhere");
  const char *at = strchr(p->seen, '@');
  if (!at) at = strstr(p->seen, "4294967296");
  if (!at && strstr(p->seen, "_qq")) at = p->seen;                   /* refused at the mnemonic */
  if (!at && strstr(p->seen, "_sat_sat")) at = strstr(p->seen, "_sat_sat") + 4; /* at the second copy */
  if (!at && strstr(p->seen, ".Qq")) at = strstr(p->seen, ".Qq");    /* the vISA mnemonic edit: at its dot */
  for (const char *d = strchr(p->seen, '.'); !at && d; d = strchr(d + 1, '.')) /* the swizzle edit: 3 letters */
    if (strspn(d + 1, "xyzw") == 3 && !isalnum((unsigned char)d[4])) at = d + 1;
  if (!at) at = wide_hex(p->seen);
  if (!at) return SF_OK;
  return sf_fail_text(st, SF_ERR_RANGE, 1, (uint32_t)(at - p->seen) + 1, "edit refused");
}

static void test_negative_edits(void) {
  unsigned kinds[6] = {0, 0, 0, 0, 0, 0}, judged = 0;
  char text[256];
  for (unsigned i = 0; i < 600; i++) {
    unsigned flags = i < 300 ? 0 : SF_NEG_MNEMONIC;
    snprintf(text, sizeof text, "sample_l_sat r%u.zw, l(1.5e-14, 0x%x, %u), t%u.xyyx, s%u, x2[r0.x + %u].x", i % 7,
             i * 2654435761u, i, i % 128, i % 16, i);
    bool edited = false; /* one text in four gets an edit (check_negative.c); mode 0 tells which */
    for (int mode = 0; mode < 4; mode++) {
      fake_parser p = {mode, ""};
      sf_verdict v;
      sf_verdict_init(&v, "contracts");
      bool ok = sf_check_negative_text(&v, NULL, fake_parse, &p, text, flags);
      if (mode == 0) edited = p.seen[0] != '\0';
      SF_CHECK_MSG(ok == (mode == 0 || !edited), "text %u mode %d: %s", i, mode, p.seen);
      SF_CHECK_MSG(edited == (p.seen[0] != '\0'), "text %u mode %d: edited only sometimes", i, mode);
      if (!ok) SF_CHECK_STR(v.check, "negative");
      if (mode != 0 || !edited) continue;
      judged++;
      SF_CHECK_MSG(strstr(p.seen, "e-4294967296") == NULL, "an exponent was edited: %s", p.seen);
      SF_CHECK_MSG(strcmp(p.seen, text) != 0, "no edit made: %s", p.seen);
      const char *qq = strstr(p.seen, "_qq"), *twice = strstr(p.seen, "_sat_sat");
      SF_CHECK_MSG(!qq || (flags && qq == p.seen + 12 && qq[3] == ' '), "the mnemonic edit misplaced: %s", p.seen);
      SF_CHECK_MSG(!twice || (flags && twice == p.seen + 8 && twice[8] == ' '), "the suffix edit misplaced: %s", p.seen);
      const char *mdot = strstr(p.seen, ".Qq");
      SF_CHECK_MSG(!mdot || (!flags && mdot == p.seen + 12 && mdot[3] == ' '), "the vISA mnemonic edit misplaced: %s", p.seen);
      const char *sw = strstr(p.seen, ".xyy,");
      SF_CHECK_MSG(!sw || flags, "the swizzle edit without the D3D flag: %s", p.seen);
      kinds[strchr(p.seen, '@') ? 0 : strstr(p.seen, "4294967296") ? 2 : qq ? 3 : twice ? 4 : sw ? 5 : 1]++;
    }
  }
  SF_CHECK_MSG(judged >= 80 && judged <= 240, "%u of 600 texts edited (one in four expected)", judged);
  SF_CHECK_MSG(kinds[0] > 0 && kinds[1] > 0 && kinds[2] > 0 && kinds[3] > 0 && kinds[4] > 0 && kinds[5] > 0,
               "edits by kind: trailing %u, hex %u, decimal %u, mnemonic %u, suffix twice %u, swizzle %u", kinds[0],
               kinds[1], kinds[2], kinds[3], kinds[4], kinds[5]);
  fake_parser p = {1, ""};
  sf_verdict v;
  sf_verdict_init(&v, "contracts");
  /* Multi-line and empty texts are not judged. */
  p.mode = 1;
  SF_CHECK(sf_check_negative_text(&v, NULL, fake_parse, &p, "sample r0\nsample r1", SF_NEG_MNEMONIC));
  SF_CHECK(sf_check_negative_text(&v, NULL, fake_parse, &p, "", SF_NEG_MNEMONIC));
}

/* The vISA keyword and bare-name edits: "flat[" made "flaQ[", ".q" after a bare operand name (never
 * after the mnemonic, nor in a D3D text). A parser that reads any word before '[' as flat, or takes
 * "T8.q" for another operand, must be caught; one that refuses at the edit must not. */
static sf_code fake_parse_visa(const void *ctx, const char *text, size_t n, sf_status *st) {
  fake_parser *p = (fake_parser *)(uintptr_t)ctx;
  snprintf(p->seen, sizeof p->seen, "%.*s", (int)n, text);
  if (p->mode == 1) return SF_OK;
  const char *at = strstr(p->seen, "flaQ[");
  if (!at) at = strstr(p->seen, ".q");
  if (!at && strstr(p->seen, ".Q (")) at = strstr(p->seen, ".Q (") + 1;
  if (!at && strstr(p->seen, ".Qq (")) at = strstr(p->seen, ".Qq (");
  if (!at && strstr(p->seen, "_qq")) at = p->seen + 5;
  if (!at && strstr(p->seen, "_3d_3d")) at = strstr(p->seen, "_3d_3d") + 3;
  if (!at) at = strchr(p->seen, '@');
  if (!at) at = strstr(p->seen, "4294967296");
  if (!at) at = wide_hex(p->seen);
  if (!at) return SF_OK;
  return sf_fail_text(st, SF_ERR_SYNTAX, 1, (uint32_t)(at - p->seen) + 1, "edit refused");
}

/* A multi-line parser stand-in: refuses the known edits at their line and column (mode 0), or
 * accepts everything (mode 1); records whether the text it saw was edited, and the edited line. */
typedef struct fake_lines {
  int mode;
  const char *orig;
  bool edited;
  char line[512];
} fake_lines;

static sf_code fake_parse_lines(const void *ctx, const char *text, size_t n, sf_status *st) {
  fake_lines *p = (fake_lines *)(uintptr_t)ctx;
  p->edited = strlen(p->orig) != n || memcmp(p->orig, text, n) != 0;
  const char *marks[] = {"flaQ[", ".q", ".Q", "@", "4294967296"};
  const char *at = NULL;
  for (unsigned k = 0; k < 5 && !at; k++) at = strstr(text, marks[k]);
  if (!at) at = wide_hex(text);
  if (!at) return SF_OK;
  if (at[0] == '.' && at[1] == 'Q') at++;
  uint32_t line = 1;
  const char *ls = text;
  for (const char *q = text; q < at; q++)
    if (*q == '\n') line++, ls = q + 1;
  const char *le = strchr(ls, '\n');
  snprintf(p->line, sizeof p->line, "%.*s", (int)(le ? le - ls : (ptrdiff_t)strlen(ls)), ls);
  if (p->mode == 1) return SF_OK;
  return sf_fail_text(st, SF_ERR_SYNTAX, line, (uint32_t)(at - ls) + 1, "edit refused");
}

/* sf_check_negative_lines spreads its edits over the kinds of the whole text: the one "flat[" of a
 * 30-line text is edited about as often as any other kind, not once in 30 lines' worth. */
static void test_negative_lines_kinds(void) {
  unsigned judged = 0, keyword = 0;
  static char text[4096];
  for (unsigned i = 0; i < 800; i++) {
    size_t o = 0;
    for (unsigned l = 0; l < 30; l++) {
      if (l == 17)
        o += (size_t)snprintf(text + o, sizeof text - o,
                              "    lsc_load_block2d.ugm (M1, 16)  V52:d32.8x16tn  flat[V50, V51, V52, V51, V47, V48]\n");
      else
        o += (size_t)snprintf(text + o, sizeof text - o, "    add (M1, 16) V%u(0,0)<1> V33(0,0)<1;1,0> 0x%x:d\n", 40 + l,
                              i * 7919u + l);
    }
    for (int mode = 0; mode < 2; mode++) {
      fake_lines p = {mode, text, false, ""};
      sf_verdict v;
      sf_verdict_init(&v, "contracts");
      bool ok = sf_check_negative_lines(&v, fake_parse_lines, &p, text, o, NULL, SF_NEG_NO_WORD_DIGITS);
      SF_CHECK_MSG(ok == (mode == 0 || !p.edited), "text %u mode %d: %s (%s)", i, mode, ok ? "passed" : "failed",
                   p.line);
      if (mode == 0 && p.edited) {
        judged++;
        keyword += strstr(p.line, "flaQ[") != NULL;
      }
    }
  }
  SF_CHECK_MSG(judged >= 120 && judged <= 300 && keyword >= 6, "%u of 800 texts edited, %u of them at flat", judged, keyword);
}

static void test_negative_visa_words(void) {
  unsigned keyword = 0, dotword = 0, mdot = 0, judged = 0;
  char text[256];
  for (unsigned i = 0; i < 800; i++) {
    unsigned flags = i < 600 ? 0 : SF_NEG_MNEMONIC;
    snprintf(text, sizeof text, "(P%u) sample_3d.R (M1, 16) 0x%x:uw S%u T%u flat[V33]:a64 V34.%u", i % 5 + 1, i, i % 4,
             i % 9 + 6, i * 32);
    for (int mode = 0; mode < 2; mode++) {
      fake_parser p = {mode, ""};
      sf_verdict v;
      sf_verdict_init(&v, "contracts");
      bool ok = sf_check_negative_text(&v, NULL, fake_parse_visa, &p, text, flags);
      bool edited = strcmp(p.seen, text) != 0 && p.seen[0];
      SF_CHECK_MSG(ok == (mode == 0 || !edited), "text %u mode %d: %s", i, mode, p.seen);
      if (mode != 0 || !edited) continue;
      judged++;
      const char *q = strstr(p.seen, ".q");
      SF_CHECK_MSG(!q || (!flags && (q[2] == ' ' || q[2] == '\0') && q[-1] != 'd'),
                   "the bare-name edit misplaced or in a D3D text: %s", p.seen);
      SF_CHECK_MSG(!strstr(p.seen, "Q[") || strstr(p.seen, "flaQ["), "the keyword edit misplaced: %s", p.seen);
      keyword += strstr(p.seen, "flaQ[") != NULL;
      dotword += q != NULL;
      const char *md = strstr(p.seen, ".Qq");
      SF_CHECK_MSG(!md || (!flags && !strncmp(md - 11, "sample_3d.R.Qq (", 16)), "the mnemonic dot edit misplaced: %s", p.seen);
      mdot += md != NULL;
    }
  }
  SF_CHECK_MSG(judged >= 100 && keyword > 0 && dotword > 0 && mdot > 0, "edited %u: keyword %u, bare name %u, mnemonic %u", judged,
               keyword, dotword, mdot);
}

int main(void) {
  SF_RUN(test_negative_edits);
  SF_RUN(test_negative_visa_words);
  SF_RUN(test_negative_lines_kinds);
  SF_TEST_END();
}
