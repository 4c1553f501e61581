/* harness/cli/bench_backends.c — the backends section of `samplefuzz bench`: cases per second of
 * every implementation in the fuzz loop (backend_diff: the case's batch on the reference and on the
 * implementation, both judged by the verifier), the way `samplefuzz fuzz --backend B` runs it.
 *
 * The same N generated cases (`samplefuzz gen backend_diff_fuzzer`'s draw, seed 1, vISA 3D_SAMPLE
 * and D3D alternating) go through sf_check_backend_diff_with for each backend: scalar and the SIMD
 * backends, the providers' built-ins (llvmpipe, softpipe, d3d12-vkd3d) and any --backend plug-in.
 * Two passes: the first (cold) includes what an implementation builds on first use (shader and
 * pipeline compilation, JIT), the second (warm) is the steady rate a campaign sees. Wall-clock time,
 * since drivers run threads of their own. Each backend runs in a child process with its manifest
 * (manifests/<name>.txt): findings it lists are counted as known. A backend that does not open is
 * listed with the reason. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness/cli/bench_backends.h"
#include "harness/cli/cli_backend.h"
#include "harness/cli/cli_util.h"
#include "harness/cli/gen_case.h"
#include "samplefuzz/backend.h"
#include "samplefuzz/case.h"
#include "samplefuzz/child.h"
#include "samplefuzz/oracle.h"

#define BB_MAX 16u
#define BB_DRAW 512u

static double bb_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}


typedef struct bb_cases {
  uint8_t (*bytes)[SF_CASE_MAX_SIZE];
  size_t *len;
  unsigned n;
} bb_cases;

static bool bb_cases_make(bb_cases *cs, unsigned n) {
  cs->bytes = malloc((size_t)n * sizeof *cs->bytes);
  cs->len = malloc((size_t)n * sizeof *cs->len);
  cs->n = 0;
  sf_case *c = malloc(sizeof *c);
  if (!cs->bytes || !cs->len || !c) {
    free(c);
    return false;
  }
  uint64_t s = 1;
  uint8_t draw[BB_DRAW];
  for (unsigned d = 0; cs->n < n && d < 64u * n; d++) {
    sf_cli_splitmix_fill(&s, draw, sizeof draw);
    sf_status st;
    sf_status_clear(&st);
    if (!sf_gen_case(draw, sizeof draw, d % 2 ? SF_FAMILY_SAMPLE_3D : SF_FAMILY_D3D, c) ||
        sf_case_write(c, cs->bytes[cs->n], SF_CASE_MAX_SIZE, &cs->len[cs->n], &st) != SF_OK)
      continue;
    cs->n++;
  }
  free(c);
  return cs->n == n;
}

typedef struct bb_result {
  char name[64];
  char why[256];      /* non-empty: the backend did not open */
  double cold, warm;  /* cases per second */
  unsigned judged, skipped, findings, known;
} bb_result;

/* In the child: the backend as `fuzz --backend` runs it (SF_BACKEND, its manifest as SF_MANIFEST),
 * through sf_check_backend_diff. */
static void bb_run(const char *spec, const bb_cases *cs, bb_result *r) {
  memset(r, 0, sizeof *r);
  snprintf(r->name, sizeof r->name, "%s", spec);
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_backend_open(spec, &h, &st) != SF_OK) {
    snprintf(r->why, sizeof r->why, "%s", st.msg);
    return;
  }
  snprintf(r->name, sizeof r->name, "%s", sf_backend_name(h));
  sf_backend_close(h);
  if (!sf_cli_backend_manifest("bench", r->name, NULL)) {
    snprintf(r->why, sizeof r->why, "its manifest does not parse");
    return;
  }
  setenv("SF_BACKEND", spec, 1);
  sf_status_clear(&st);
  if (sf_check_backend_init(&st) != SF_OK) {
    snprintf(r->why, sizeof r->why, "%s", st.msg);
    return;
  }
  sf_verdict *v = malloc(sizeof *v);
  if (!v) {
    snprintf(r->why, sizeof r->why, "out of memory");
    return;
  }
  for (int pass = 0; pass < 2; pass++) {
    double t0 = bb_now();
    for (unsigned i = 0; i < cs->n; i++) {
      sf_check_backend_diff(cs->bytes[i], cs->len[i], v);
      if (pass) continue;
      if (v->kind == SF_VERDICT_SKIP || v->kind == SF_VERDICT_REJECT) r->skipped++;
      else r->judged++;
      if (v->kind == SF_VERDICT_FAIL) r->findings++;
    }
    double dt = bb_now() - t0;
    double rate = dt > 0 ? cs->n / dt : 0.0;
    if (pass) r->warm = rate;
    else r->cold = rate;
  }
  sf_backend_diff_stats bs;
  sf_check_backend_stats(&bs);
  r->known = (unsigned)(bs.known / 2);   /* both passes counted */
  free(v);
}

typedef struct bb_job {
  const char *spec;
  const bb_cases *cs;
} bb_job;

static void bb_child(void *arg, void *out) {
  const bb_job *j = arg;
  if (!freopen("/dev/null", "w", stdout)) return;   /* the manifest's line must not enter the table */
  bb_run(j->spec, j->cs, out);
}

/* Each backend in a child process (sf_child_call): one Mesa driver per process (llvmpipe,
 * softpipe), and a backend that crashes costs only its row. */
static void bb_run_isolated(const char *spec, const bb_cases *cs, bb_result *r) {
  bb_job job = {spec, cs};
  int detail = 0;
  sf_child_fate fate = sf_child_call(bb_child, &job, r, sizeof *r, 0, &detail);
  if (fate == SF_CHILD_RETURNED) return;
  memset(r, 0, sizeof *r);
  snprintf(r->name, sizeof r->name, "%s", spec);
  if (fate == SF_CHILD_NOT_RUN) snprintf(r->why, sizeof r->why, "fork failed");
  else if (fate == SF_CHILD_SIGNALED) snprintf(r->why, sizeof r->why, "the benchmark process died (signal %d)", detail);
  else snprintf(r->why, sizeof r->why, "the benchmark process exited with status %d", detail);
}

/* Cases judged per second in the warm pass: skipped cases cost little, so case/s alone flatters a
 * backend that refuses much. */
static double bb_judged_rate(const bb_result *r, unsigned ncases) {
  return ncases ? r->warm * (double)r->judged / (double)ncases : 0.0;
}

int sf_bench_backends(FILE *out, bool json, unsigned ncases, const char *extra) {
  sf_cli_backends_register();
  bb_cases cs;
  if (!bb_cases_make(&cs, ncases)) {
    fprintf(stderr, "samplefuzz bench: could not generate %u backend_diff cases\n", ncases);
    free(cs.bytes);
    free(cs.len);
    return 1;
  }
  const char *names[BB_MAX];
  unsigned nn = sf_backend_builtin_names(names, BB_MAX - 1);
  if (nn > BB_MAX - 1) nn = BB_MAX - 1;
  bool extra_listed = false; /* --backend naming a built-in measures it once */
  for (unsigned i = 0; extra && i < nn; i++) extra_listed |= !strcmp(names[i], extra);
  if (extra && !extra_listed) names[nn++] = extra;
  bb_result *res = calloc(nn, sizeof *res);
  int rc = 0;
  if (!res) {
    free(cs.bytes);
    free(cs.len);
    return 1;
  }
  for (unsigned i = 0; i < nn; i++) bb_run_isolated(names[i], &cs, &res[i]);
  if (json) {
    fprintf(out, "  \"backend_diff\": {\"cases\": %u, \"backends\": [\n", cs.n);
    for (unsigned i = 0; i < nn; i++) {
      const bb_result *r = &res[i];
      if (r->why[0])
        fprintf(out, "    {\"backend\": \"%s\", \"available\": false, \"why\": \"%s\"}", r->name, r->why);
      else
        fprintf(out,
                "    {\"backend\": \"%s\", \"available\": true, \"cold_cases_s\": %.1f, \"warm_cases_s\": %.1f, \"judged\": %u, "
                "\"warm_judged_s\": %.1f, \"skipped\": %u, \"findings\": %u, \"known\": %u}",
                r->name, r->cold, r->warm, r->judged, bb_judged_rate(r, cs.n), r->skipped, r->findings, r->known);
      fprintf(out, "%s\n", i + 1 < nn ? "," : "");
    }
    fprintf(out, "  ]}");
  } else {
    fprintf(out,
            "\n%-14s %12s %12s %8s %10s %8s %8s   (backend_diff: %u generated cases, wall clock; cold = first pass;\n"
            "%-14s %12s %12s %8s %10s   Mesa's on-disk shader cache still serves it unless MESA_SHADER_CACHE_DISABLE=true)\n",
            "backend", "cold case/s", "warm case/s", "judged", "judged/s", "skipped", "findings", cs.n, "", "", "", "", "(warm)");
    for (unsigned i = 0; i < nn; i++) {
      const bb_result *r = &res[i];
      if (r->why[0]) fprintf(out, "%-14s unavailable: %s\n", r->name, r->why);
      else
        fprintf(out, "%-14s %12.1f %12.1f %8u %10.1f %8u %8u%s\n", r->name, r->cold, r->warm, r->judged,
                bb_judged_rate(r, cs.n), r->skipped, r->findings, r->known ? " (+known)" : "");
    }
  }
  for (unsigned i = 0; i < nn; i++)
    if (extra && i == nn - 1 && res[i].why[0]) rc = 1;   /* the plug-in asked for did not open */
  free(res);
  free(cs.bytes);
  free(cs.len);
  return rc;
}
