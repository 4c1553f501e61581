/* harness/cli/cmd_fuzz_backend.c — `samplefuzz fuzz --backend NAME|LIB.so` (docs/backends.md): the
 * implementation under test is opened once here (a backend that does not load stops the campaign
 * before any engine starts, with the loader's message), then passed to the engines as
 * SF_BACKEND (an absolute path for plug-ins), which backend_diff_fuzzer reads at start-up, with its
 * known-divergence manifest as SF_MANIFEST. After the campaign the corpus is replayed through the same
 * check to count cases judged, skipped and known, and the manifest entries that matched. */
#define _XOPEN_SOURCE 700   /* realpath, setenv */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli_backend.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"

bool sf_fuzz_backend_setup(const char *spec, const char *manifest);
void sf_fuzz_backend_summary(const char *workdir);

bool sf_fuzz_backend_setup(const char *spec, const char *manifest) {
  /* probed in a child: the campaign's triage forks isolated children later (cli_backend.h) */
  char name[256], origin[512];
  if (!sf_cli_backend_probe("fuzz", spec, name, sizeof name, origin, sizeof origin)) {
    fprintf(stderr, "samplefuzz fuzz: the campaign does not start\n");
    return false;
  }
  printf("samplefuzz fuzz: implementation under test %s (%s)\n", name, origin);
  if (!sf_cli_backend_manifest("fuzz", name, manifest)) return false;
  char abs[PATH_MAX];
  const char *val = (strchr(spec, '/') || strstr(spec, ".so")) && realpath(spec, abs) ? abs : spec;
  setenv("SF_BACKEND", val, 1);
  return true;
}

/* Keeps the reason of the first case the reference refused (REJECT), for the summary. */
static void first_refusal_cb(void *ctx, const char *path, const sf_target *t, const sf_verdict *v, size_t size,
                             const sf_status *st) {
  (void)path, (void)t, (void)size, (void)st;
  char *first = ctx;
  if (v && v->kind == SF_VERDICT_REJECT && !first[0]) snprintf(first, sizeof v->reason, "%s", v->reason);
}

void sf_fuzz_backend_summary(const char *workdir) {
  char dir[PATH_MAX];
  snprintf(dir, sizeof dir, "%.3000s/backend_diff_fuzzer/corpus", workdir);
  char *p[1] = {dir};
  sf_replay_stats s;
  sf_status st;
  sf_status_clear(&st);
  char first[SF_STATUS_MSG_MAX + 64] = "";   /* as sf_verdict.reason */
  if (sf_replay_paths(1, p, sf_target_find("backend_diff_fuzzer"), 0, first_refusal_cb, first, &s, &st) != SF_OK) return;
  sf_backend_diff_stats bs;
  sf_check_backend_stats(&bs);
  unsigned all = s.passed + s.rejected + s.skipped + s.failed;
  printf("backend %s: corpus of %u case(s): %u judged (%u with a finding, %llu known divergence(s)), %u skipped (outside its "
         "capabilities or unsupported), %u refused by the reference\n",
         getenv("SF_BACKEND") ? getenv("SF_BACKEND") : "?", all, s.passed + s.failed, s.failed, bs.known, s.skipped, s.rejected);
  if (s.rejected && first[0]) printf("  the first refusal: %s\n", first);
  sf_cli_manifest_summary(NULL, 0);
}
