/* harness/cli/cmd_replay.c — `samplefuzz replay PATH...` (README.md "The program"): runs files or
 * folders through their fuzz target's checks (the same library functions the fuzz binaries run,
 * oracles/checks/targets.c), prints a report per failure and "N passed, N failed"; exit 1 on a failure. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli_backend.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"

typedef struct sf_cli_replay_ctx {
  int verbose;
  sf_bucket_table buckets;   /* findings by bucket (printed with --backend) */
  unsigned long long known_lines[SF_CLI_MANIFEST_LINES];   /* known divergences per manifest line */
} sf_cli_replay_ctx;

static void sf_cli_replay_cb(void *ctx, const char *path, const sf_target *t, const sf_verdict *v, size_t size,
                             const sf_status *st) {
  sf_cli_replay_ctx *c = ctx;
  if (!v) {
    char buf[SF_STATUS_MSG_MAX + 64];
    fprintf(stderr, "samplefuzz replay: %s: %s\n", path, sf_status_format(st, buf, sizeof buf));
    return;
  }
  unsigned line = 0;   /* a known divergence says so in its dump (oracles/checks/check_backend.c) */
  if (v->kind == SF_VERDICT_PASS && sscanf(v->dump, "known divergence (manifest line %u)", &line) == 1 && line &&
      line < SF_CLI_MANIFEST_LINES)
    c->known_lines[line]++;
  if (v->kind == SF_VERDICT_FAIL) {
    printf("FAILED %s (%zu bytes)\n", path, size);
    fflush(stdout);
    sf_triage_report(stdout, v, t->name, path);
    sf_status bst;
    sf_bucket_table_add(&c->buckets, v, t->name, path, size, &bst);
  } else if (c->verbose) {
    printf("%-6s %s (%s, %zu bytes)%s%s\n", sf_verdict_kind_name(v->kind), path, t->name, size,
           v->reason[0] ? ": " : "", v->reason);
  }
}

static void sf_cli_replay_usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz replay [--target NAME] [--backend NAME|LIB.so [--manifest F]] [--isolate] [-v] PATH...\n"
          "Runs each file (folders recursively, in sorted order) through its fuzz target's checks.\n"
          "The target is taken from the path (a component named like a target, e.g.\n"
          "corpus/visa_bin_fuzzer/...) unless --target names it.\n"
          "  --target NAME  run every input through NAME\n"
          "  --backend B    judge implementation B (built-in name or plug-in .so, docs/backends.md) with\n"
          "                 backend_diff_fuzzer (the default target then); sets SF_BACKEND; a backend that\n"
          "                 does not load stops the replay; prints the findings by bucket\n"
          "  --manifest F   B's known divergences (default manifests/<B>.txt when it exists): matching\n"
          "                 findings are counted, not failed (docs/backends.md \"Known divergences\")\n"
          "  --isolate      run each input in a child process (an input that crashes counts as failed)\n"
          "  -v             print a line for every input, not only failures\n"
          "Prints \"N passed, N failed\"; exit status 1 when a check failed, 2 on unreadable input.\n"
          "Targets:\n");
  for (size_t i = 0; i < sf_target_count; i++) fprintf(f, "  %-20s %s\n", sf_targets[i].name, sf_targets[i].what);
}

int sf_cli_replay(int argc, char **argv) {
  sf_cli_replay_ctx ctx = {0};
  const sf_target *forced = NULL;
  unsigned flags = 0;
  const char *bname = NULL, *manifest = NULL;
  char **paths = argv + 1;
  int npaths = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      sf_cli_replay_usage(stdout);
      return 0;
    } else if (strcmp(a, "-v") == 0 || strcmp(a, "--verbose") == 0) {
      ctx.verbose = 1;
    } else if (strcmp(a, "--isolate") == 0) {
      flags |= SF_REPLAY_ISOLATE;
    } else if (strcmp(a, "--backend") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "samplefuzz replay: --backend needs a name or a path\n");
        return 2;
      }
      bname = argv[++i];
    } else if (strcmp(a, "--manifest") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "samplefuzz replay: --manifest needs a file\n");
        return 2;
      }
      manifest = argv[++i];
    } else if (strcmp(a, "--target") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "samplefuzz replay: --target needs a name\n");
        return 2;
      }
      forced = sf_target_find(argv[++i]);
      if (!forced) {
        fprintf(stderr, "samplefuzz replay: unknown target '%s' (see --help)\n", argv[i]);
        return 2;
      }
    } else if (a[0] == '-' && a[1] != '\0') {
      fprintf(stderr, "samplefuzz replay: unknown option '%s' (see --help)\n", a);
      return 2;
    } else {
      paths[npaths++] = argv[i];
    }
  }
  if (npaths == 0) {
    sf_cli_replay_usage(stderr);
    return 2;
  }
  sf_replay_stats stats;
  sf_status st;
  sf_status_clear(&st);
  if (manifest && !bname) {
    fprintf(stderr, "samplefuzz replay: --manifest goes with --backend (see --help)\n");
    return 2;
  }
  if (bname) {
    char name[256];   /* probed in a child: --isolate forks later (cli_backend.h) */
    if (!sf_cli_backend_probe("replay", bname, name, sizeof name, NULL, 0)) {
      fprintf(stderr, "samplefuzz replay: backend refused, nothing replayed\n");
      return 2;
    }
    if (!sf_cli_backend_manifest("replay", name, manifest)) return 2;
    setenv("SF_BACKEND", bname, 1);
    if (!forced) forced = sf_target_find("backend_diff_fuzzer");
    /* with --isolate each input runs in a child that opens the backend itself: the parent must not
     * initialize a driver before forking (cli_backend.h) */
    if (forced && forced->init && !(flags & SF_REPLAY_ISOLATE) && forced->init(&st) != SF_OK) {
      fprintf(stderr, "samplefuzz replay: backend refused, nothing replayed: %s\n", st.msg);
      return 2;
    }
  }
  sf_bucket_table_init(&ctx.buckets);
  sf_code rc = sf_replay_paths(npaths, paths, forced, flags, sf_cli_replay_cb, &ctx, &stats, &st);
  if (rc != SF_OK) {
    char buf[SF_STATUS_MSG_MAX + 64];
    fprintf(stderr, "samplefuzz replay: %s\n", sf_status_format(&st, buf, sizeof buf));
  }
  printf("%u passed, %u failed (%u refused with a status, %u unsupported, %u unreadable)\n",
         stats.passed + stats.rejected + stats.skipped, stats.failed, stats.rejected, stats.skipped, stats.errors);
  sf_indep_totals it;
  sf_indep_totals_get(&it);
  if (it.lanes_checked + it.lanes_unsupported + it.unorm_blocks + it.unorm_unsupported_blocks + it.avs_blocks +
      it.avs_unsupported_blocks)
    printf("independent model: %llu lanes judged, %llu not modelled (%llu batches refused); %llu relations applied; "
           "sample_unorm %llu blocks (%llu not modelled), %llu pixels judged, %llu not; avs %llu blocks (%llu not "
           "modelled), %llu pixels judged, %llu not\n",
           it.lanes_checked, it.lanes_unsupported, it.unsupported_batches, it.relations_applied, it.unorm_blocks,
           it.unorm_unsupported_blocks, it.unorm_px_checked, it.unorm_px_unsupported, it.avs_blocks,
           it.avs_unsupported_blocks, it.avs_px_checked, it.avs_px_unsupported);
  if (bname) {
    printf("backend %s: %u cases run, %u skipped (outside its capabilities or unsupported), %u refused by the "
           "reference, %u findings in %zu buckets\n",
           bname, stats.passed + stats.rejected + stats.skipped + stats.failed, stats.skipped, stats.rejected, stats.failed,
           ctx.buckets.n);
    sf_bucket_table_sort(&ctx.buckets);
    if (ctx.buckets.n) sf_bucket_table_print(stdout, &ctx.buckets);
    sf_cli_manifest_summary(ctx.known_lines, SF_CLI_MANIFEST_LINES);
  }
  sf_bucket_table_free(&ctx.buckets);
  if (stats.failed) return 1;
  return (stats.errors || rc != SF_OK) ? 2 : 0;
}
