/* oracles/checks/check_dispatch.c — the choice of a backend, in sample_diff_fuzzer: `dispatch`
 * (what SF_SIMD selects) and `backend_note` (the note that reports the choice, read first). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"

/* The runtime dispatch (sf_backend_choose, what SF_SIMD selects): a listed backend's name selects
 * that backend, an unknown name scalar with a note naming it, no name the last (best) listed one.
 * One choice per input, picked by the input's length and last byte. */
bool sf_check_dispatch(sf_verdict *v, const sf_case *c, const uint8_t *p, size_t n, const sf_backend *const *be,
                       unsigned nbe) {
  unsigned pick = (unsigned)((n + (n ? p[n - 1] : 0u)) % (nbe + 2u));
  const char *name = pick < nbe ? be[pick]->name : pick == nbe ? "sse5" : "";
  const sf_backend *want = pick < nbe ? be[pick] : pick == nbe ? sf_backend_scalar() : be[nbe - 1];
  char note[128];
  note[0] = 0;
  const sf_backend *got = sf_backend_choose(name, note, sizeof note);
  size_t wl = strlen(want->name);
  bool ok = got == want && !strncmp(note, want->name, wl) && note[wl] == ' ' &&
            (pick != nbe || strstr(note, name) != NULL);
  /* without a note buffer (NULL, whatever the capacity) the same choice, and nothing written */
  ok = ok && sf_backend_choose(name, NULL, sizeof note) == want;
  if (ok) return true;
  sf_verdict_fail(v, "dispatch", &c->inst, *name ? name : "(none)");
  sf_verdict_dumpf(v, "SF_SIMD=%s chose %s (note \"%s\"), expected %s\n", name, got ? got->name : "NULL", note,
                    want->name);
  return false;
}

/* `backend_note` (once per process, before any other check): sf_backend_note() read before
 * anything has selected a backend makes the choice (sampler.h: the choice is made once, and the
 * note gives its reason) and reports the backend sf_backend_select() returns, as sf_backend_choose
 * words it for this process's SF_SIMD. A note read first that were empty, or named another
 * backend, would misreport every campaign's `samplefuzz run` and `bench` header. */
static bool sf_check_backend_note(sf_verdict *v) {
  const char *first = sf_backend_note();
  char note[128]; /* a copy: the note may live in the buffer the choice fills */
  snprintf(note, sizeof note, "%s", first ? first : "(NULL)");
  const sf_backend *sel = sf_backend_select();
  char want[128];
  want[0] = 0;
  const sf_backend *again = sf_backend_choose(getenv("SF_SIMD"), want, sizeof want);
  if (first && sel && again == sel && !strcmp(note, want)) return true;
  sf_verdict_fail(v, "backend_note", NULL, sel ? sel->name : "NULL");
  sf_verdict_key(v, "backend_note %s", *note ? "differs" : "empty");
  sf_verdict_dumpf(v, "sf_backend_note() read first gave \"%s\"; sf_backend_select() then gave %s; want \"%s\" (%s)\n",
                   note, sel ? sel->name : "NULL", want, again ? again->name : "NULL");
  return false;
}

SF_CHECK_ONCE_FN(sf_check_backend_note)
