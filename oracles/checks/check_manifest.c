/* oracles/checks/check_manifest.c — the manifest_fuzzer target: the known-divergence manifest reader
 * (oracles/checks/manifest.c, docs/backends.md "Known divergences").
 *
 * Checks:
 *   position   a refusal names "manifest <name>:L:C:" with L a line of the input (or one past it) and
 *              C >= 1;
 *   entries    an accepted manifest has at most SF_MANIFEST_MAX_ENTRIES entries, each with a signature
 *              glob, a reason and a link, on strictly increasing lines within the input;
 *   shift      the same text after one comment line reads the same way one line lower: the same
 *              entries (lines + 1) or the same refusal (line + 1, same column and words);
 *   selfmatch  an entry whose glob has no wildcard and no condition matches a finding whose signature
 *              is that glob, at that entry or an earlier one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/oracle.h"

#define SF_MANIFEST_NAME "(input)"

/* "manifest (input):L:C: rest" -> L, C and a pointer to the rest; false if the message lacks it. */
static bool sf_msg_position(const char *msg, unsigned long *line, unsigned long *col, const char **rest) {
  const char *p = strstr(msg, "manifest " SF_MANIFEST_NAME ":");
  if (!p) return false;
  p += strlen("manifest " SF_MANIFEST_NAME ":");
  char *e;
  *line = strtoul(p, &e, 10);
  if (e == p || *e != ':') return false;
  p = e + 1;
  *col = strtoul(p, &e, 10);
  if (e == p || *e != ':') return false;
  *rest = e + 1;
  return true;
}

static unsigned long sf_count_lines(const uint8_t *p, size_t n) {
  unsigned long lines = 1;
  for (size_t i = 0; i < n; i++) lines += p[i] == '\n';
  return lines;
}

bool sf_check_manifest(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "manifest");
  sf_status st, st2;
  sf_status_clear(&st);
  sf_status_clear(&st2);
  sf_manifest *m = NULL, *m2 = NULL;
  char *shifted = malloc(n + 3);
  if (!shifted) {
    sf_fail(&st, SF_ERR_NOMEM, "manifest: out of memory");
    sf_verdict_refuse(v, &st);
    return true;
  }
  memcpy(shifted, "#\n", 2);
  if (n) memcpy(shifted + 2, p, n);
  sf_code rc = sf_manifest_parse((const char *)p, n, SF_MANIFEST_NAME, &m, &st);
  sf_code rc2 = sf_manifest_parse(shifted, n + 2, SF_MANIFEST_NAME, &m2, &st2);
  bool shift = n + 2 <= SF_MANIFEST_MAX_BYTES;   /* else the shifted copy is over the cap: no shift check */
  unsigned long lines = sf_count_lines(p, n);
  bool ok = true;
  if (rc != SF_OK) {
    unsigned long l = 0, c = 0, l2 = 0, c2 = 0;
    const char *r = NULL, *r2 = NULL;
    bool has = sf_msg_position(st.msg, &l, &c, &r);
    /* a size cap is about the whole input (no line); every other refusal has a position */
    bool size_cap = rc == SF_ERR_LIMIT && strstr(st.msg, "-byte cap");
    if (!size_cap && (!has || l < 1 || l > lines + 1 || c < 1)) {
      sf_verdict_fail(v, "position", NULL, NULL);
      sf_verdict_dumpf(v, "refusal without a position in the input's %lu line(s): %s\n", lines, st.msg);
      ok = false;
    } else if (!size_cap && shift && (rc2 == SF_OK || !sf_msg_position(st2.msg, &l2, &c2, &r2) || l2 != l + 1 || c2 != c ||
                             strcmp(r, r2) != 0)) {
      sf_verdict_fail(v, "shift", NULL, "refusal");
      sf_verdict_dumpf(v, "refusal: %s\nafter one more line first: %s\n", st.msg, rc2 == SF_OK ? "(accepted)" : st2.msg);
      ok = false;
    }
    if (ok) sf_verdict_refuse(v, &st);
    goto done;
  }
  if (shift && (rc2 != SF_OK || sf_manifest_size(m2) != sf_manifest_size(m))) {
    sf_verdict_fail(v, "shift", NULL, "accepted");
    sf_verdict_dumpf(v, "%u entries; after one more line first: %s\n", sf_manifest_size(m), rc2 == SF_OK ? "other count" : st2.msg);
    ok = false;
    goto done;
  }
  unsigned last = 0;
  for (unsigned i = 0; i < sf_manifest_size(m) && ok; i++) {
    sf_manifest_info a, b;
    if (!sf_manifest_entry_info(m, i, &a) || !a.pattern[0] || !a.reason[0] ||
        !a.link[0] || a.line <= last || a.line > lines || i >= SF_MANIFEST_MAX_ENTRIES) {
      sf_verdict_fail(v, "entries", NULL, NULL);
      sf_verdict_dumpf(v, "entry %u (line %u, after line %u of %lu) is incomplete or out of place\n", i, a.line, last, lines);
      ok = false;
      break;
    }
    if (shift && (!sf_manifest_entry_info(m2, i, &b) || b.line != a.line + 1)) {
      sf_verdict_fail(v, "shift", NULL, "entry");
      sf_verdict_dumpf(v, "entry %u: line %u does not read one line lower after one more line first\n", i, a.line);
      ok = false;
      break;
    }
    if (shift && (strcmp(a.pattern, b.pattern) || strcmp(a.reason, b.reason) || strcmp(a.link, b.link))) {
      sf_verdict_fail(v, "shift", NULL, "entry");
      sf_verdict_dumpf(v, "entry %u: line %u '%s' reads as line %u '%s' one line lower\n", i, a.line, a.pattern, b.line, b.pattern);
      ok = false;
      break;
    }
    last = a.line;
  }
  /* selfmatch: a literal glob without conditions matches its own signature, there or earlier */
  for (unsigned i = 0; i < sf_manifest_size(m) && ok; i++) {
    sf_manifest_info a;
    sf_manifest_entry_info(m, i, &a);
    if (a.nconditions || strpbrk(a.pattern, "*?[\\")) continue;
    sf_finding_facts f = {.signature = a.pattern};
    int k = sf_manifest_match(m, &f);
    if (k < 0 || k > (int)i) {
      sf_verdict_fail(v, "selfmatch", NULL, NULL);
      sf_verdict_dumpf(v, "entry %u (line %u) '%s' does not match its own signature (matched: %d)\n", i, a.line, a.pattern, k);
      ok = false;
    }
  }
done:
  sf_manifest_free(m);
  sf_manifest_free(m2);
  free(shifted);
  return ok;
}
