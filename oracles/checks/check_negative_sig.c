/* oracles/checks/check_negative_sig.c — `negative_sigmask` and `sig_name_cap`: invalid edits of the
 * signature element lines of a DXBC container text (the rest of the negative edits, and the rules
 * they share, are in check_negative.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"

/* ---- Signature lines of a container text: a component mask with a letter twice ------------- */

/* The letter masks of signature element lines (" mask=" or " rw=" then x, y, z or w): how many
 * there are, and where the pick-th one's first letter is (offset and 1-based line). */
static size_t sigmask_find(const char *text, size_t n, size_t pick, size_t *at, uint32_t *line_of) {
  size_t seen = 0;
  uint32_t line = 1;
  for (size_t i = 0; i < n; i++) {
    if (text[i] == '\n') {
      line++;
      continue;
    }
    size_t kl = i + 6 <= n && !memcmp(text + i, " mask=", 6) ? 6 : i + 4 <= n && !memcmp(text + i, " rw=", 4) ? 4 : 0;
    if (!kl || i + kl >= n || !text[i + kl] || !strchr("xyzw", text[i + kl])) continue;
    if (seen++ == pick) {
      *at = i + kl;
      *line_of = line;
    }
  }
  return seen;
}

/* `sig_name_cap`: a semantic name holds at most SF_DXBC_SIG_NAME_MAX - 1 bytes (its buffer keeps the
 * NUL). The name of one signature element line is replaced by exactly that many letters (the text
 * must read) or by one more (refused as over the limit, at the name, naming the cap less its NUL). One text in SF_NEG_EVERY
 * with a signature element line; h picks the line and the length. */
static bool sig_name_cap(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *text, size_t n, uint64_t h) {
  size_t count = sigmask_find(text, n, (size_t)-1, NULL, NULL), at = 0;
  if (!count) return true;
  uint32_t line = 0;
  sigmask_find(text, n, (size_t)((h >> 12) % count), &at, &line);
  size_t ls = at;
  while (ls > 0 && text[ls - 1] != '\n') ls--;
  size_t ns = ls; /* ".isgn NAME 0 ...": the name after the first blank */
  while (ns < at && text[ns] != ' ') ns++;
  while (ns < at && text[ns] == ' ') ns++;
  size_t ne = ns;
  while (ne < at && text[ne] != ' ') ne++;
  if (ne == ns || ne >= at) return true;
  bool over = (h >> 30) & 1;
  size_t len = SF_DXBC_SIG_NAME_MAX - (over ? 0u : 1u), m = n - (ne - ns) + len;
  char *buf = malloc(m);
  if (!buf) return true; /* no memory for the edit: nothing learned */
  memcpy(buf, text, ns);
  memset(buf + ns, 'N', len);
  memcpy(buf + ns + len, text + ne, n - ne);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = parse(ctx, buf, m, &st);
  free(buf);
  size_t col = ns - ls + 1;
  char cap[24]; /* the refusal names the longest name that reads */
  snprintf(cap, sizeof cap, "%u", SF_DXBC_SIG_NAME_MAX - 1);
  bool good = over ? rc == SF_ERR_LIMIT && st.pos_kind == SF_POS_TEXT && st.line == line && st.col == col && strstr(st.msg, cap)
                   : rc == SF_OK;
  if (good) return true;
  sf_verdict_fail(v, "sig_name_cap", NULL, over ? "over" : "at");
  sf_verdict_key(v, "sig_name_cap %s %s", over ? "over" : "at", sf_code_name(rc));
  sf_verdict_dumpf(v, "a signature element's name of %zu bytes (line %u, column %zu; the cap is %u with its NUL) gave %s at %u:%u: %s\n",
                   len, (unsigned)line, col, SF_DXBC_SIG_NAME_MAX, sf_code_name(rc), (unsigned)st.line, (unsigned)st.col, st.msg);
  return false;
}

bool sf_check_negative_sigmask(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *text, size_t n) {
  /* The candidates: every " mask=" and " rw=" value of a signature element line (".isgn ...", the
   * form dxbc_sig.c prints) that is written as letters. Its first letter is written twice
   * ("mask=xxyz"): the letters must be x, y, z, w in that order, each once, and the parser reads
   * them one by one, so it must refuse the edit at the repeated letter. One text in SF_NEG_EVERY. */
  uint64_t h = XXH3_64bits(text, n);
  if ((h >> 44) % SF_NEG_EVERY == 1 && !sig_name_cap(v, parse, ctx, text, n, h)) return false;
  if ((h >> 52) % SF_NEG_EVERY != 0) return true;
  size_t count = sigmask_find(text, n, (size_t)-1, NULL, NULL), at = 0;
  if (!count) return true;
  uint32_t pick_line = 0;
  sigmask_find(text, n, (size_t)((h >> 8) % count), &at, &pick_line);
  /* Every other text: the field's name is changed instead ("mask=" -> "qask=", "rw=" -> "qw="), which
   * names no field of an element: refused at the name, and the refusal must read well (a message
   * naming the chunk). */
  bool key = (h >> 20) & 1;
  size_t kat = at;
  while (kat > 0 && text[kat - 1] != ' ') kat--;
  char *buf = malloc(n + 1);
  if (!buf) return true; /* no memory for the edit: nothing learned, nothing wrong */
  size_t m = n;
  if (key) {
    memcpy(buf, text, n);
    buf[kat] = 'q';
  } else {
    memcpy(buf, text, at + 1);
    memcpy(buf + at + 1, text + at, n - at);
    m = n + 1;
  }
  size_t col = 1;
  for (size_t i = key ? kat : at; i > 0 && text[i - 1] != '\n'; i--) col++;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = parse(ctx, buf, m, &st);
  const char *how = rc == SF_OK ? "accepted"
                    : (st.pos_kind != SF_POS_TEXT || st.line != pick_line || st.col < col || st.col > col + (key ? 0 : 1))
                        ? "position"
                        : NULL;
  bool ok = how ? false : sf_check_refusal_at(v, key ? "negative_sigkey" : "negative_sigmask", &st, NULL, buf, m, true);
  free(buf);
  if (!how) return ok;
  sf_verdict_fail(v, "negative_sigmask", NULL, how);
  sf_verdict_key(v, "negative %s %s", key ? "sigkey" : "sigmask", how);
  sf_verdict_dumpf(v, "a signature %s (line %u, column %zu) was %s%s%s\n",
                   key ? "field with an unknown name" : "mask with its first letter twice", (unsigned)pick_line,
                   key ? col : col + 1, rc == SF_OK ? "accepted" : "refused elsewhere: ", rc == SF_OK ? "" : sf_code_name(rc),
                   rc == SF_OK ? "" : st.msg);
  return false;
}
