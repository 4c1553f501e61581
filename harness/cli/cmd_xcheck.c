/* cmd_xcheck.c — `samplefuzz xcheck --oracle llvmpipe|softpipe [-n N] [--seed S] [--repro DIR]`
 *: N generated lanes through the reference sampler and Mesa, every difference
 * classified by the spec-tolerance verifier (oracles/impl/mesa_xcheck.c), agreement tables per
 * op, format, filter and surface type. Exit status: 0 all explained, 1 on "our bug" (or an
 * unexplained oracle difference, or the verifier rejecting an exact agreement), 2 on usage or
 * environment errors (Mesa missing). The elapsed time is measured only to print cases/s. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "harness/cli/cli_util.h"
#include "samplefuzz/external.h"

int sf_cli_xcheck(int argc, char **argv);

static int sf_xc_usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz xcheck --oracle llvmpipe|softpipe [-n N] [--seed S] [--repro DIR] [-v]\n"
          "\n"
          "Cross-checks the reference sampler against Mesa's software rasterizers (headless EGL).\n"
          "Generates N lanes (default 2048) in configurations of 128 (surface type, format, sampler\n"
          "state, op, offsets), samples them with the scalar reference and with the oracle, and\n"
          "classifies every difference: spec-permitted, oracle quirk (modelled), our bug, unexplained.\n"
          "  --oracle NAME   llvmpipe or softpipe (one per process)\n"
          "  -n N            lanes to run (1..100000000)\n"
          "  --seed S        generator seed (decimal or 0x hex; default 1)\n"
          "  --repro DIR     write a text reproducer per failing lane into DIR (at most 16)\n"
          "  -v              print one line per non-exact lane (at most 200)\n"
          "Exit status: 0 no failure, 1 our bug / unexplained difference, 2 usage or environment error.\n");
  return f == stdout ? 0 : 2;
}

static bool sf_xc_parse_u64(const char *s, uint64_t *out) {
  if (!s || !*s) return false;
  char *end = NULL;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (errno || !end || *end || s[0] == '-') return false;
  *out = v;
  return true;
}

int sf_cli_xcheck(int argc, char **argv) {
  sf_xcheck_opts o;
  memset(&o, 0, sizeof o);
  o.n = 2048;
  o.seed = 1;
  bool have_oracle = false, verbose = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) return sf_xc_usage(stdout);
    if (!strcmp(a, "-v")) {
      verbose = true;
      continue;
    }
    if (i + 1 >= argc) {
      fprintf(stderr, "samplefuzz xcheck: %s needs a value (or is unknown)\n", a);
      return sf_xc_usage(stderr);
    }
    const char *v = argv[++i];
    uint64_t u;
    if (!strcmp(a, "--oracle")) {
      if (!sf_mesa_driver_parse(v, &o.driver)) {
        fprintf(stderr, "samplefuzz xcheck: unknown oracle '%s' (llvmpipe or softpipe)\n", v);
        return 2;
      }
      have_oracle = true;
    } else if (!strcmp(a, "-n")) {
      if (!sf_xc_parse_u64(v, &u) || u == 0 || u > 100000000u) {
        fprintf(stderr, "samplefuzz xcheck: -n wants 1..100000000, got '%s'\n", v);
        return 2;
      }
      o.n = (unsigned)u;
    } else if (!strcmp(a, "--seed")) {
      if (!sf_xc_parse_u64(v, &u)) {
        fprintf(stderr, "samplefuzz xcheck: --seed wants an unsigned integer, got '%s'\n", v);
        return 2;
      }
      o.seed = u;
    } else if (!strcmp(a, "--repro")) {
      o.repro_dir = v;
    } else {
      fprintf(stderr, "samplefuzz xcheck: unknown option '%s'\n", a);
      return sf_xc_usage(stderr);
    }
  }
  if (!have_oracle) {
    fprintf(stderr, "samplefuzz xcheck: --oracle llvmpipe|softpipe is required\n");
    return 2;
  }
  if (o.repro_dir && !sf_cli_mkdirs(o.repro_dir)) {
    fprintf(stderr, "samplefuzz xcheck: %s: %s\n", o.repro_dir, strerror(errno));
    return 2;
  }
  if (verbose) {
    o.log = stdout;
    o.max_log = 200;
  }
  sf_status st;
  sf_status_clear(&st);
  char msg[256];
  sf_mesa *m = NULL;
  if (sf_mesa_open(&m, o.driver, &st) != SF_OK) {
    fprintf(stderr, "samplefuzz xcheck: %s\n", sf_status_format(&st, msg, sizeof msg));
    return 2;
  }
  const sf_mesa_info *mi = sf_mesa_get_info(m);
  printf("oracle: %s | GL %s | reference backend: scalar\n", mi->renderer, mi->version);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  sf_xcheck_stats *s = calloc(1, sizeof *s);
  if (!s) {
    sf_mesa_close(m);
    fprintf(stderr, "samplefuzz xcheck: out of memory\n");
    return 2;
  }
  sf_code rc = sf_xcheck_run(m, &o, s, &st);
  clock_gettime(CLOCK_MONOTONIC, &t1);
  sf_mesa_close(m);
  if (rc != SF_OK) {
    fprintf(stderr, "samplefuzz xcheck: %s\n", sf_status_format(&st, msg, sizeof msg));
    free(s);
    return 2;
  }
  sf_xcheck_print(s, stdout);
  double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
  printf("\nthroughput: %.0f lanes/s (%.2f s, JIT of each configuration included)\n", secs > 0 ? (double)s->lanes / secs : 0.0,
         secs);
  if (s->repro_written) printf("reproducers: %u written to %s\n", s->repro_written, o.repro_dir);
  bool failed = sf_xcheck_failed(s);
  printf("%s\n", failed ? "FAIL: differences not explained by the spec or the modelled quirks" : "OK: every difference explained");
  free(s);
  return failed ? 1 : 0;
}
