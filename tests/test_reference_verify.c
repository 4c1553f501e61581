/* tests/test_reference_verify.c — the reference sampler passes its own spec-tolerance verifier.
 *
 * backend_diff (oracles/checks/check_backend.c) with the scalar reference as the implementation
 * under test judges the reference's result of every lane with the verifier (oracles/verify/,
 * docs/precision-model.md): any rejection is a bug on one side or the other. Here:
 *   - 100,000 generated cases (tests/test_case_draw.h, coordinates mostly in [-0.5, 1.5)), every
 *     batch shape: plain, bias, explicit LOD, LOD zero, compare and the LOD query;
 *   - 20,000 cases whose palette keeps its random classes (huge, tiny, denormal and non-finite
 *     coordinates, LODs, biases and gradients, as a mutator makes them).
 * Each run must judge most of its cases (a run where everything is skipped proves nothing) and find
 * nothing; a finding prints its bucket, its signature and the check's report of the first case. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/backend.h"
#include "samplefuzz/case.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"
#include "tests/sf_test.h"
#include "tests/test_case_draw.h"

typedef struct bucket_count {
  uint64_t bucket;
  unsigned count;
} bucket_count;

static void run(unsigned ncases, uint64_t seed, bool raw, unsigned min_judged_pct) {
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_backend_open("scalar", &h, &st) == SF_OK, "scalar: %s", st.msg);
  if (!h) return;
  sf_verdict *v = malloc(sizeof *v);
  SF_CHECK(v != NULL);
  uint8_t bytes[SF_CASE_MAX_SIZE];
  unsigned judged = 0, skipped = 0, refused = 0, findings = 0;
  bucket_count seen[32];
  unsigned nseen = 0;
  for (unsigned i = 0; i < ncases && v; i++) {
    size_t n = sf_t_draw_case(&seed, i, raw, bytes, sizeof bytes);
    sf_check_backend_diff_with(h, bytes, n, v);
    if (v->kind == SF_VERDICT_SKIP) skipped++;
    else if (v->kind == SF_VERDICT_PASS || v->kind == SF_VERDICT_FAIL) judged++;
    else refused++;
    if (v->kind != SF_VERDICT_FAIL) continue;
    findings++;
    uint64_t b = sf_triage_bucket(v);
    unsigned k = 0;
    while (k < nseen && seen[k].bucket != b) k++;
    if (k < nseen) {
      seen[k].count++;
      continue;
    }
    if (nseen < 32) seen[nseen++] = (bucket_count){b, 1};
    char sig[SF_SIGNATURE_MAX];
    fprintf(stderr, "case %u (%s palette): bucket %016" PRIx64 " %s\n%s\n", i, raw ? "raw" : "unit", b,
            sf_triage_signature(v, sig, sizeof sig), v->dump);
  }
  for (unsigned k = 0; k < nseen; k++) fprintf(stderr, "bucket %016" PRIx64 ": %u case(s)\n", seen[k].bucket, seen[k].count);
  printf("%s palette: %u cases, %u judged, %u skipped, %u refused, %u findings in %u buckets\n", raw ? "raw" : "unit",
         ncases, judged, skipped, refused, findings, nseen);
  SF_CHECK_MSG(findings == 0, "the verifier rejected the reference in %u of %u cases", findings, ncases);
  SF_CHECK_MSG((uint64_t)judged * 100 >= (uint64_t)ncases * min_judged_pct, "only %u of %u cases judged (want %u%%)", judged,
               ncases, min_judged_pct);
  free(v);
  sf_backend_close(h);
}

static void test_reference_generated(void) { run(100000, 0x5eedfeedull, false, 60); }
static void test_reference_raw_palette(void) { run(20000, 0xbadc0ffeull, true, 40); }

int main(void) {
  SF_RUN(test_reference_generated);
  SF_RUN(test_reference_raw_palette);
  SF_TEST_END();
}
