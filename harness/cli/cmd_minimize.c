/* harness/cli/cmd_minimize.c — `samplefuzz minimize FILE` (the simdjson
 * minimize-and-verify pattern, docs/fuzzing.md).
 *
 * 1. Replays FILE (in a child process) and takes its bucket id: it must fail.
 * 2. Runs the target's libFuzzer binary with -minimize_crash=1 (or afl-tmin with --afl) into a
 *    temporary file, then -cleanse_crash=1 on the result (libFuzzer only).
 * 3. Replays each result and keeps it only if it fails in the same bucket (the bucket id is a hash
 *    of the symbolic signature and decoded fields, never of the bytes, so it survives shrinking).
 * The result goes to -o OUT (default FILE.min). Once the bug is fixed, copy it into
 * crashes/<target>/ so ctest replays it. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/cli/cli_util.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"

/* Replays path through t in a child; returns true and the bucket when it fails. */
static bool sf_min_bucket(const sf_target *t, const char *path, uint64_t *bucket, char *sig, size_t nsig,
                          size_t *size) {
  sf_cli_file f;
  if (!sf_cli_read_file(path, &f, "minimize")) return false;
  sf_verdict *v = malloc(sizeof *v);
  bool failed = false;
  if (v) {
    failed = sf_replay_isolated(t, f.data, f.len, v) == SF_VERDICT_FAIL;
    if (failed) {
      *bucket = sf_triage_bucket(v);
      sf_triage_signature(v, sig, nsig);
    }
  }
  *size = f.len;
  free(v);
  sf_cli_file_free(&f);
  return failed;
}

static int sf_min_run(char *const argv[], bool quiet) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    if (quiet) {
      FILE *n = freopen("/dev/null", "w", stdout);
      FILE *e = freopen("/dev/null", "w", stderr);
      (void)n;
      (void)e;
    }
    execvp(argv[0], argv);
    _exit(127);
  }
  if (pid < 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128;
}

static bool sf_min_exists(const char *p) {
  struct stat sb;
  return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

int sf_cli_minimize(int argc, char **argv) {
  const char *file = NULL, *out = NULL, *bin_dir = NULL;
  const sf_target *t = NULL;
  bool afl = false, verbose = false;
  long runs = 20000;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      printf("usage: samplefuzz minimize FILE [-o OUT] [--target NAME] [--bin-dir DIR] [--runs N] [--afl] [-v]\n"
             "Shrinks a failing reproducer with the target's libFuzzer binary (-minimize_crash, then\n"
             "-cleanse_crash) or with afl-tmin (--afl, on an AFL++ build), and keeps a result only when it\n"
             "still fails in the same bucket. Writes OUT (default FILE.min). Binaries: --bin-dir, else\n"
             "$SF_FUZZ_BIN_DIR, else <dir of samplefuzz>/fuzz. Exit 0 when OUT was written.\n");
      return 0;
    } else if (strcmp(a, "-o") == 0 && val) {
      out = argv[++i];
    } else if (strcmp(a, "--target") == 0 && val) {
      t = sf_target_find(argv[++i]);
      if (!t) {
        fprintf(stderr, "samplefuzz minimize: unknown target '%s'\n", val);
        return 2;
      }
    } else if (strcmp(a, "--bin-dir") == 0 && val) {
      bin_dir = argv[++i];
    } else if (strcmp(a, "--runs") == 0 && val) {
      runs = strtol(argv[++i], NULL, 10);
      if (runs < 1 || runs > 100000000) runs = 20000;
    } else if (strcmp(a, "--afl") == 0) {
      afl = true;
    } else if (strcmp(a, "-v") == 0) {
      verbose = true;
    } else if (a[0] == '-') {
      fprintf(stderr, "samplefuzz minimize: unknown option or missing value: '%s'\n", a);
      return 2;
    } else {
      file = a;
    }
  }
  if (!file) {
    fprintf(stderr, "samplefuzz minimize: no FILE given (see --help)\n");
    return 2;
  }
  if (!t) t = sf_target_from_path(file);
  if (!t) {
    fprintf(stderr, "samplefuzz minimize: %s: no target named in the path (use --target)\n", file);
    return 2;
  }
  char outbuf[1200], binbuf[1200], self[1024];
  if (!out) {
    snprintf(outbuf, sizeof outbuf, "%.1000s.min", file);
    out = outbuf;
  }
  if (!bin_dir) bin_dir = getenv("SF_FUZZ_BIN_DIR");
  if (!bin_dir) {
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    if (k > 0) {
      self[k] = '\0';
      char *slash = strrchr(self, '/');
      if (slash) {
        snprintf(slash, sizeof self - (size_t)(slash - self), "/fuzz");
        bin_dir = self;
      }
    }
  }
  snprintf(binbuf, sizeof binbuf, "%.1000s/%s", bin_dir ? bin_dir : ".", t->name);
  uint64_t bucket = 0, b2 = 0;
  char sig[SF_SIGNATURE_MAX], sig2[SF_SIGNATURE_MAX];
  size_t size = 0, size2 = 0;
  if (!sf_min_bucket(t, file, &bucket, sig, sizeof sig, &size)) {
    fprintf(stderr, "samplefuzz minimize: %s does not fail under %s: nothing to minimize\n", file, t->name);
    return 1;
  }
  printf("input:   %s (%zu bytes), bucket %016" PRIx64 " %s\n", file, size, bucket, sig);
  if (!sf_min_exists(binbuf)) {
    fprintf(stderr, "samplefuzz minimize: no fuzz binary at %s (build with -DSF_FUZZ_ENGINE=%s or pass --bin-dir)\n",
            binbuf, afl ? "afl" : "libfuzzer");
    return 2;
  }
  char tmp1[1300], tmp2[1300], arg_runs[64], arg_out[1400], arg_out2[1400];
  snprintf(tmp1, sizeof tmp1, "%.1100s.min-tmp", out);
  snprintf(tmp2, sizeof tmp2, "%.1100s.cleanse-tmp", out);
  int rc;
  if (afl) {
    char *av[] = {"afl-tmin", "-i", (char *)file, "-o", tmp1, "--", binbuf, NULL};
    setenv("AFL_QUIET", "1", 1);
    rc = sf_min_run(av, !verbose);
  } else {
    snprintf(arg_runs, sizeof arg_runs, "-runs=%ld", runs);
    snprintf(arg_out, sizeof arg_out, "-exact_artifact_path=%s", tmp1);
    char *av[] = {binbuf, "-minimize_crash=1", arg_runs, arg_out, (char *)file, NULL};
    rc = sf_min_run(av, !verbose);
  }
  const char *best = file;
  size_t best_size = size;
  if (sf_min_exists(tmp1) && sf_min_bucket(t, tmp1, &b2, sig2, sizeof sig2, &size2)) {
    if (b2 == bucket && size2 <= best_size) {
      best = tmp1;
      best_size = size2;
    } else if (b2 != bucket) {
      printf("minimized input moved to bucket %016" PRIx64 " %s: discarded\n", b2, sig2);
    }
  } else {
    printf("minimizer (exit %d) produced no failing input: keeping the original\n", rc);
  }
  if (!afl) {
    snprintf(arg_out2, sizeof arg_out2, "-exact_artifact_path=%s", tmp2);
    char *av[] = {binbuf, "-cleanse_crash=1", arg_out2, (char *)best, NULL};
    sf_min_run(av, !verbose);
    if (sf_min_exists(tmp2) && sf_min_bucket(t, tmp2, &b2, sig2, sizeof sig2, &size2) && b2 == bucket) best = tmp2;
  }
  sf_cli_file f;
  if (!sf_cli_read_file(best, &f, "minimize")) return 2;
  bool ok = sf_cli_write_file(out, f.data, f.len, "minimize");
  sf_cli_file_free(&f);
  unlink(tmp1);
  unlink(tmp2);
  if (!ok) return 2;
  if (!sf_min_bucket(t, out, &b2, sig2, sizeof sig2, &size2) || b2 != bucket) {
    fprintf(stderr, "samplefuzz minimize: %s does not reproduce bucket %016" PRIx64 "\n", out, bucket);
    return 1;
  }
  printf("output:  %s (%zu bytes), bucket %016" PRIx64 " (same)\n", out, size2, b2);
  return 0;
}
