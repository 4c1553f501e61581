/* harness/cli/cmd_triage.c — `samplefuzz triage DIR...` (docs/design.md "Triage"): replays reproducers,
 * each in its own child process (a sanitizer crash is a finding, not the end of the triage), and
 * prints one row per bucket: XXH3-64 id, count, symbolic signature, smallest reproducer.
 * Inputs that no longer fail are counted apart ("fixed or not reproducible"). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"

typedef struct sf_cli_triage_ctx {
  sf_bucket_table table;
  unsigned passing;
  int verbose;
  sf_code err;
  sf_status st;
} sf_cli_triage_ctx;

static void sf_cli_triage_cb(void *ctx, const char *path, const sf_target *t, const sf_verdict *v, size_t size,
                             const sf_status *st) {
  sf_cli_triage_ctx *c = ctx;
  if (!v) {
    char buf[SF_STATUS_MSG_MAX + 64];
    fprintf(stderr, "samplefuzz triage: %s: %s\n", path, sf_status_format(st, buf, sizeof buf));
    return;
  }
  if (v->kind != SF_VERDICT_FAIL) {
    c->passing++;
    if (c->verbose) printf("passes: %s\n", path);
    return;
  }
  if (c->verbose) {
    char sig[SF_SIGNATURE_MAX];
    printf("%016" PRIx64 " %s %s\n", sf_triage_bucket(v), sf_triage_signature(v, sig, sizeof sig), path);
  }
  if (c->err == SF_OK) c->err = sf_bucket_table_add(&c->table, v, t->name, path, size, &c->st);
}

int sf_cli_triage(int argc, char **argv) {
  sf_cli_triage_ctx ctx;
  memset(&ctx, 0, sizeof ctx);
  const sf_target *forced = NULL;
  unsigned flags = SF_REPLAY_ISOLATE;
  char **paths = argv + 1;
  int npaths = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      printf("usage: samplefuzz triage [--target NAME] [--in-process] [-v] DIR|FILE...\n"
             "Replays every reproducer and prints one row per bucket: the XXH3-64 bucket id (of the\n"
             "symbolic signature and the decoded fields that matter, never of the raw bytes), the count,\n"
             "the signature and the smallest reproducer. Each input runs in a child process unless\n"
             "--in-process is given, so inputs that crash the process are bucketed as <target>-crash-*.\n"
             "The target is taken from the path (a component named like a target) unless --target.\n"
             "A target's once-per-process checks run once, in this process, before its first child\n"
             "(set SF_REPLAY_COLD=1 to run them in every child instead).\n");
      return 0;
    } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
      ctx.verbose = 1;
    } else if (strcmp(a, "--in-process") == 0) {
      flags &= ~(unsigned)SF_REPLAY_ISOLATE;
    } else if (strcmp(a, "--target") == 0) {
      if (i + 1 >= argc || !(forced = sf_target_find(argv[i + 1]))) {
        fprintf(stderr, "samplefuzz triage: --target needs a known target name (see samplefuzz replay --help)\n");
        return 2;
      }
      i++;
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "samplefuzz triage: unknown option '%s' (see --help)\n", a);
      return 2;
    } else {
      paths[npaths++] = argv[i];
    }
  }
  if (npaths == 0) {
    fprintf(stderr, "samplefuzz triage: no folders given (see --help)\n");
    return 2;
  }
  sf_bucket_table_init(&ctx.table);
  sf_status_clear(&ctx.st);
  sf_replay_stats stats;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_replay_paths(npaths, paths, forced, flags, sf_cli_triage_cb, &ctx, &stats, &st);
  int status = 0;
  if (rc != SF_OK || ctx.err != SF_OK) {
    char buf[SF_STATUS_MSG_MAX + 64];
    fprintf(stderr, "samplefuzz triage: %s\n", sf_status_format(rc != SF_OK ? &st : &ctx.st, buf, sizeof buf));
    status = 2;
  }
  sf_bucket_table_sort(&ctx.table);
  sf_bucket_table_print(stdout, &ctx.table);
  printf("%zu bucket(s) from %u failing input(s); %u input(s) pass (fixed or not reproducible); %u unreadable\n",
         ctx.table.n, stats.failed, ctx.passing, stats.errors);
  sf_bucket_table_free(&ctx.table);
  if (!status && stats.errors) status = 2;
  return status;
}
