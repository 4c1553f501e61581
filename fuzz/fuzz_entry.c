/* fuzz/fuzz_entry.c — the one entry shared by every fuzz target and every engine (* docs/fuzzing.md, §3.3).
 *
 *   libfuzzer / afl / oss: LLVMFuzzerTestOneInput runs the target's checks; a failed verdict prints
 *       the report (the symbolic `Assertion failure:` line first, see harness/triage/signature.c)
 *       and abort()s, which every engine records as a crash.
 *   replay (SF_FUZZ_REPLAY_MAIN, the default build and what ctest uses): main() runs files and
 *       folders through the same checks, prints a report per failure and "N passed, N failed", and
 *       returns 1 on a failure instead of aborting.
 * The bytes an input is read with never depend on the CPU: the checks read the whole input first. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "samplefuzz/d3d12.h"
#include "samplefuzz/external.h"

/* abort() from a macro, so the stack's top frame stays the caller's (ClusterFuzz, §3.5). */
#define SF_FUZZ_ABORT() abort()

static const sf_target *sf_fuzz_checked_target(void) {
  const sf_target *t = sf_fuzz_target();
  if (!t) {
    fprintf(stderr, "fuzz entry: target \"%s\" is not in the library's table (oracles/checks/targets.c)\n",
            sf_fuzz_target_name());
    SF_FUZZ_ABORT();
  }
  return t;
}

/* The target's one-time set-up (backend_diff opens $SF_BACKEND): a failure ends the process before
 * any input runs, with the message, so a campaign never fuzzes a backend that did not load. */
static void sf_fuzz_init_target(const sf_target *t) {
  if (!t->init) return;
  sf_mesa_backends_register();   /* SF_BACKEND=llvmpipe|softpipe (oracles/impl/mesa_backend.c) */
  sf_d3d12_backends_register();  /* SF_BACKEND=d3d12-vkd3d (oracles/impl/d3d12_backend.c; dlopen()ed) */
  sf_status st;
  sf_status_clear(&st);
  if (t->init(&st) != SF_OK) {
    char buf[SF_STATUS_MSG_MAX + 64];
    fprintf(stderr, "%s: cannot start: %s\n", t->name, sf_status_format(&st, buf, sizeof buf));
    exit(2);
  }
}

#ifdef SF_FUZZ_WARM_AT_INIT
/* AFL++ (SF_FUZZ_ENGINE=afl): the checks that run once per process (the caps, the fixed lines,
 * api_nulls: about a second for isa_file_fuzzer without sanitizers, docs/fuzzing.md "AFL++") run
 * here, on an empty input, before the deferred forkserver starts, so every child inherits them done.
 * Run on the first real input instead, they made afl-fuzz's dry run time out at its 1,000 ms and
 * would be paid again by every child the forkserver restarts. A failure is reported as on any input. */
static void sf_fuzz_warm(const sf_target *t) {
  static sf_verdict warm;
  static const uint8_t none[1] = {0};
  if (sf_target_run(t, none, 0, &warm) == SF_VERDICT_FAIL) {
    sf_triage_report(stderr, &warm, t->name, NULL);
    SF_FUZZ_ABORT();
  }
}
#endif

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  const sf_target *t = sf_fuzz_checked_target();
  sf_fuzz_init_target(t);
#ifdef SF_FUZZ_WARM_AT_INIT
  sf_fuzz_warm(t);
#endif
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const sf_target *t = sf_fuzz_checked_target();
  /* One verdict for the process, not a 7 KiB allocation per input (under ASan every allocation is
   * filled and quarantined). Every engine calls this entry from one thread at a time. */
  static sf_verdict verdict;
  sf_verdict *v = &verdict;
  if (sf_target_run(t, data, size, v) == SF_VERDICT_FAIL) {
    sf_triage_report(stderr, v, t->name, NULL);
    SF_FUZZ_ABORT();
  }
  return 0;
}

#ifdef SF_FUZZ_REPLAY_MAIN
typedef struct sf_fuzz_replay_ctx {
  int verbose;
} sf_fuzz_replay_ctx;

static void sf_fuzz_replay_cb(void *ctx, const char *path, const sf_target *t, const sf_verdict *v, size_t size,
                              const sf_status *st) {
  const sf_fuzz_replay_ctx *c = ctx;
  if (!v) {
    char buf[SF_STATUS_MSG_MAX + 64];
    fprintf(stderr, "%s: %s\n", path, sf_status_format(st, buf, sizeof buf));
    return;
  }
  if (v->kind == SF_VERDICT_FAIL) {
    fprintf(stderr, "FAILED: %s (%zu bytes)\n", path, size);
    sf_triage_report(stderr, v, t->name, path);
  } else if (c->verbose) {
    fprintf(stderr, "%s: %s (%zu bytes)%s%s\n", path, sf_verdict_kind_name(v->kind), size,
            v->reason[0] ? ": " : "", v->reason);
  }
}

int main(int argc, char **argv) {
  sf_fuzz_replay_ctx ctx = {0};
  const sf_target *t = sf_fuzz_checked_target();
  sf_fuzz_init_target(t);
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      printf("usage: %s [-v] FILE|DIR...\n"
             "Replay build of the %s fuzz target (%s).\n"
             "Runs every file (folders recursively, sorted) through the target's checks, prints a report\n"
             "for each failure and \"N passed, N failed\"; exit status 1 on a failure, 2 on unreadable input.\n"
             "Options starting with '-' other than -v are ignored, so libFuzzer command lines replay too.\n",
             argv[0], t->name, t->what);
      return 0;
    }
    if (strcmp(argv[i], "-v") == 0) ctx.verbose = 1;
  }
  sf_replay_stats stats;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_replay_paths(argc - 1, argv + 1, t, 0, sf_fuzz_replay_cb, &ctx, &stats, &st);
  if (rc != SF_OK) {
    char buf[SF_STATUS_MSG_MAX + 64];
    fprintf(stderr, "%s: %s\n", t->name, sf_status_format(&st, buf, sizeof buf));
  }
  printf("%u passed, %u failed (%u refused with a status, %u unsupported, %u unreadable)\n",
         stats.passed + stats.rejected + stats.skipped, stats.failed, stats.rejected, stats.skipped, stats.errors);
  if (stats.failed) return 1;
  return (stats.errors || rc != SF_OK) ? 2 : 0;
}
#endif
