/* tests/test_backends.c — backend ABI v2 (include/samplefuzz/backend.h, docs/backends.md): the
 * loader refuses bad plug-ins with a clear message; the registry opens the built-ins; the example
 * plug-ins (examples/backends/) are judged by backend_diff on the same deterministic cases: the
 * correct one gives no finding, each buggy one is found and its findings bucket apart from the
 * other's; a crashing plug-in becomes a `crash` finding with SF_BACKEND_ISOLATE=1. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/backend.h"
#include "samplefuzz/case.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"
#include "tests/sf_test.h"
#include "tests/test_case_draw.h"

#ifndef SF_BINARY_DIR
#define SF_BINARY_DIR "."
#endif
#define PLUGIN(name) SF_BINARY_DIR "/examples/backends/libsf_" name ".so"

static void expect_refused(const char *path, const char *needle) {
  sf_backend_handle *h = (sf_backend_handle *)1;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_backend_load(path, &h, &st);
  SF_CHECK_MSG(rc != SF_OK && h == NULL, "%s loaded", path);
  SF_CHECK_MSG(strstr(st.msg, needle) != NULL, "%s: message '%s' lacks '%s'", path, st.msg, needle);
  if (rc == SF_OK) sf_backend_close(h);
}

static void test_load_errors(void) {
  expect_refused(PLUGIN("broken_abi"), "ABI version 1, this samplefuzz speaks ABI version 2");
  expect_refused(PLUGIN("broken_size"), "struct_size 12");
  expect_refused(PLUGIN("broken_nosym"), "missing entry symbol");
  expect_refused(PLUGIN("broken_noentry"), "missing mandatory entry point 'sample'");
  expect_refused(SF_BINARY_DIR, "not a regular file");
  expect_refused(SF_BINARY_DIR "/no-such-plugin.so", "No such file");
  char text[1024];
  snprintf(text, sizeof text, "%s/test_backends_not_elf.so", SF_BINARY_DIR);
  FILE *f = fopen(text, "w");
  SF_CHECK(f != NULL);
  if (f) {
    fputs("#!/bin/sh\necho not a plug-in\n", f);
    fclose(f);
    expect_refused(text, "not an ELF shared object");
    remove(text);
  }
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_backend_open("no_such_backend", &h, &st) == SF_UNSUPPORTED && strstr(st.msg, "unknown backend"));
}

static void test_registry(void) {
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_backend_open("scalar", &h, &st) == SF_OK);
  if (!h) return;
  SF_CHECK_STR(sf_backend_name(h), "scalar");
  SF_CHECK(sf_backend_v1_view(h) == sf_backend_scalar());   /* built-ins keep their own table */
  SF_CHECK(sf_backend_get_caps(h)->formats == (1ull << SF_FMT_COUNT) - 1ull);
  sf_backend_close(h);
  const char *names[16];
  SF_CHECK(sf_backend_builtin_names(names, 16) >= 4);
  /* a v2 plug-in gets a v1 view the executor can call */
  SF_CHECK(sf_backend_load(PLUGIN("simple2d"), &h, &st) == SF_OK);
  if (!h) return;
  const sf_backend *v = sf_backend_v1_view(h);
  SF_CHECK(v && !strcmp(v->name, "simple2d") && v->sample);
  sf_backend_caps c = *sf_backend_get_caps(h);
  SF_CHECK(c.surf_types == 1u << SF_SURF_2D && !(c.ops & SF_BCAP_OP_COMPARE));
  sf_backend_close(h);
}

typedef struct run_result {
  unsigned judged, skipped, findings, blamed_reference;
  uint64_t buckets[64];
  unsigned nbuckets;
  bool mirror_seen, inside_linear_seen;
} run_result;

static void run_plugin(const char *path, unsigned ncases, run_result *r) {
  memset(r, 0, sizeof *r);
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_backend_load(path, &h, &st) == SF_OK, "%s: %s", path, st.msg);
  if (!h) return;
  sf_verdict *v = malloc(sizeof *v);
  uint8_t bytes[SF_CASE_MAX_SIZE];
  uint64_t seed = 0x5eedba5eull;
  for (unsigned i = 0; i < ncases && v; i++) {
    size_t n = sf_t_draw_case(&seed, i, false, bytes, sizeof bytes);
    sf_check_backend_diff_with(h, bytes, n, v);
    if (v->kind == SF_VERDICT_SKIP) r->skipped++;
    if (v->kind == SF_VERDICT_PASS || v->kind == SF_VERDICT_FAIL) r->judged++;
    if (v->kind != SF_VERDICT_FAIL) continue;
    r->findings++;
    if (strncmp(v->feature, "implementation", 14) != 0) {
      r->blamed_reference++;
      char sig[SF_SIGNATURE_MAX];
      fprintf(stderr, "%s: not blamed on the implementation: %s\n", path, sf_triage_signature(v, sig, sizeof sig));
    }
    if (strstr(v->feature, ".mirror")) r->mirror_seen = true;
    if (strstr(v->feature, "linear.inside")) r->inside_linear_seen = true;
    uint64_t b = sf_triage_bucket(v);
    bool have = false;
    for (unsigned k = 0; k < r->nbuckets; k++) have |= r->buckets[k] == b;
    if (!have && r->nbuckets < 64) r->buckets[r->nbuckets++] = b;
  }
  free(v);
  sf_backend_close(h);
  printf("%s: %u cases, %u judged, %u skipped, %u findings in %u buckets\n", path, ncases, r->judged, r->skipped,
         r->findings, r->nbuckets);
}

static void test_plugins_judged(void) {
  enum { N = 5000 };
  run_result good, bil, mir;
  run_plugin(PLUGIN("simple2d"), N, &good);
  run_plugin(PLUGIN("bilinear4"), N, &bil);
  run_plugin(PLUGIN("mirror_neg"), N, &mir);
  SF_CHECK_MSG(good.judged >= 100, "only %u cases inside the capabilities", good.judged);
  SF_CHECK_EQ_U(good.findings, 0);
  SF_CHECK(bil.findings > 0 && bil.blamed_reference == 0 && bil.inside_linear_seen);
  SF_CHECK(mir.findings > 0 && mir.blamed_reference == 0 && mir.mirror_seen);
  /* the two bugs never share a bucket */
  for (unsigned i = 0; i < bil.nbuckets; i++)
    for (unsigned k = 0; k < mir.nbuckets; k++) SF_CHECK(bil.buckets[i] != mir.buckets[k]);
}

/* The correct example on the input where AFL++ found it wrong (a linear batch 1.5e6 texels left of
 * a mirrored 46-texel row: it saturated texel indices at 2^20, which moved its taps to other
 * texels): no finding now. (The ctest replay of crashes/ judges the reference alone.) */
static void test_simple2d_far_coordinate(void) {
#ifndef SF_SOURCE_DIR
#define SF_SOURCE_DIR "."
#endif
  FILE *f = fopen(SF_SOURCE_DIR "/crashes/backend_diff_fuzzer/simple2d-far-mirror-coordinate", "rb");
  SF_CHECK(f != NULL);
  if (!f) return;
  uint8_t bytes[SF_CASE_MAX_SIZE];
  size_t n = fread(bytes, 1, sizeof bytes, f);
  fclose(f);
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_backend_load(PLUGIN("simple2d"), &h, &st) == SF_OK, "%s", st.msg);
  if (!h) return;
  sf_verdict *v = malloc(sizeof *v);
  if (v) {
    sf_check_backend_diff_with(h, bytes, n, v);
    SF_CHECK_MSG(v->kind == SF_VERDICT_PASS, "verdict %d: %s", (int)v->kind, v->dump);
  }
  free(v);
  sf_backend_close(h);
}

static void test_crash_isolated(void) {
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_backend_load(PLUGIN("broken_crash"), &h, &st) == SF_OK);
  if (!h) return;
  setenv("SF_BACKEND_ISOLATE", "1", 1);
  sf_verdict *v = malloc(sizeof *v);
  uint8_t bytes[SF_CASE_MAX_SIZE];
  uint64_t seed = 7;
  bool crashed = false;
  for (unsigned i = 0; i < 40 && v && !crashed; i++) {
    size_t n = sf_t_draw_case(&seed, i, false, bytes, sizeof bytes);
    sf_check_backend_diff_with(h, bytes, n, v);
    crashed = v->kind == SF_VERDICT_FAIL && !strcmp(v->check, "crash");
    SF_CHECK(v->kind != SF_VERDICT_PASS);   /* never a silent pass */
  }
  unsetenv("SF_BACKEND_ISOLATE");
  SF_CHECK(crashed);
  if (crashed) SF_CHECK(strstr(v->key, "impl=broken") != NULL);
  free(v);
  sf_backend_close(h);
}

int main(void) {
  SF_RUN(test_load_errors);
  SF_RUN(test_registry);
  SF_RUN(test_plugins_judged);
  SF_RUN(test_simple2d_far_coordinate);
  SF_RUN(test_crash_isolated);
  SF_TEST_END();
}
