/* harness/cli/cmd_bench.c — `samplefuzz bench [--json] [--runs N] [--quick]`: throughput of the
 * sampler backends (scalar and every built-in SIMD backend the CPU supports) on fixed jobs,
 * each backend's ratio to scalar measured in the same run, the libyuv peer jobs (ARGBScale and
 * ScalePlane with kFilterBilinear, linked into this program when found: SF_HAVE_LIBYUV) against our
 * SAMPLE_UNORM blocks doing the same resize, and the codecs' instruction throughput.
 *
 * Method: each measurement repeats its job until at least `target` seconds of thread CPU time
 * (clock_gettime(CLOCK_THREAD_CPUTIME_ID)) have passed, and reports the median over --runs such
 * measurements; the peer rows interleave the runs (libyuv, then ours on every backend, per run) and
 * report the median of the per-run ratios. This file is the only place in samplefuzz that reads a
 * clock. Inputs are generated from fixed seeds, so every run does the same work. */
#define _POSIX_C_SOURCE 200809L  /* clock_gettime, CLOCK_THREAD_CPUTIME_ID */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "harness/cli/bench_backends.h"
#include "harness/cli/cli_util.h"
#include "harness/cli/bench_codec.h"
#include "harness/cli/bench_fuzz.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/inst.h"
#include "samplefuzz/sampler.h"
#include "samplefuzz/visa.h"
#ifdef SF_HAVE_LIBYUV
#include <libyuv.h>
#endif

#define BENCH_MAX_BACKENDS 4
#define BENCH_MAX_RUNS 31

typedef struct bench_opts {
  bool json;
  unsigned runs;
  double target;  /* seconds of CPU time per measurement */
  bool fuzz, fuzz_only;     /* the exec/s section (bench_fuzz.c): with the others, or alone */
  bool backends, backends_only;   /* the cases/s section (bench_backends.c) */
  unsigned cases;           /* its generated cases */
  const char *backend;      /* a plug-in added to it */
  const char *bin_dir;      /* libFuzzer builds of the targets */
  unsigned fuzz_seconds;    /* per run of a target or of the empty target */
  unsigned fuzz_rounds;     /* empty-then-target pairs per target; medians reported */
  const char *fuzz_targets; /* comma-separated subset, NULL for all */
} bench_opts;

static double cpu_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static float unit(uint64_t *s) { return (float)(sf_cli_splitmix(s) >> 40) * (1.0f / 16777216.0f); }

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return x < y ? -1 : x > y;
}

/* A job: one pass does `work` units (samples, pixels or instructions). */
typedef struct job {
  const char *name;
  const char *unit;
  double work;                 /* units per pass */
  bool (*pass)(void *ctx, const sf_backend *be, uint64_t *sink);
  void *ctx;
} job;

/* Median over runs of units/s (in millions); 0 when a pass fails. */
static double measure(const bench_opts *o, const job *j, const sf_backend *be) {
  double rates[BENCH_MAX_RUNS];
  uint64_t sink = 0;
  if (!j->pass(j->ctx, be, &sink)) return 0.0; /* warm-up, and the check that the job runs */
  for (unsigned r = 0; r < o->runs; r++) {
    double t0 = cpu_now(), t;
    unsigned long passes = 0;
    do {
      if (!j->pass(j->ctx, be, &sink)) return 0.0;
      passes++;
      t = cpu_now() - t0;
    } while (t < o->target && passes < 1000000ul);
    rates[r] = t > 0 ? (double)passes * j->work / t / 1e6 : 0.0;
  }
  qsort(rates, o->runs, sizeof rates[0], cmp_double);
  volatile uint64_t keep = sink; /* the outputs are consumed */
  (void)keep;
  return rates[o->runs / 2];
}

/* One timed run of j on be: passes until o->target seconds of CPU time; millions of units/s, or
 * 0 when a pass fails. */
static double measure_run(const bench_opts *o, const job *j, const sf_backend *be, uint64_t *sink) {
  double t0 = cpu_now(), t;
  unsigned long passes = 0;
  do {
    if (!j->pass(j->ctx, be, sink)) return 0.0;
    passes++;
    t = cpu_now() - t0;
  } while (t < o->target && passes < 1000000ul);
  return t > 0 ? (double)passes * j->work / t / 1e6 : 0.0;
}

/* Peer rows: run r times the peer (when linked), then ours on every backend, so that a change of
 * load on a shared machine hits both sides of a ratio alike. Rates are medians over the runs; each
 * ratio is the median of the per-run ratios ours/peer. */
static void measure_peer(const bench_opts *o, const job *peer, const job *ours, const sf_backend *const *be, unsigned nbe,
                         double *peer_rate, double rate[], double ratio[]) {
  double pr[BENCH_MAX_RUNS], rr[BENCH_MAX_BACKENDS][BENCH_MAX_RUNS], qq[BENCH_MAX_BACKENDS][BENCH_MAX_RUNS];
  uint64_t sink = 0;
  bool ok[BENCH_MAX_BACKENDS];
  bool peer_ok = peer && peer->pass(peer->ctx, be[0], &sink); /* warm-ups and checks */
  for (unsigned b = 0; b < nbe; b++) ok[b] = ours->pass(ours->ctx, be[b], &sink);
  for (unsigned r = 0; r < o->runs; r++) {
    pr[r] = peer_ok ? measure_run(o, peer, be[0], &sink) : 0.0;
    for (unsigned b = 0; b < nbe; b++) {
      rr[b][r] = ok[b] ? measure_run(o, ours, be[b], &sink) : 0.0;
      qq[b][r] = pr[r] > 0 ? rr[b][r] / pr[r] : 0.0;
    }
  }
  qsort(pr, o->runs, sizeof pr[0], cmp_double);
  *peer_rate = peer ? pr[o->runs / 2] : -1.0;
  for (unsigned b = 0; b < nbe; b++) {
    qsort(rr[b], o->runs, sizeof rr[b][0], cmp_double);
    qsort(qq[b], o->runs, sizeof qq[b][0], cmp_double);
    rate[b] = rr[b][o->runs / 2];
    ratio[b] = qq[b][o->runs / 2];
  }
  volatile uint64_t keep = sink;
  (void)keep;
}

/* ---- Sampler jobs ------------------------------------------------------------------------------ */

#define SJ_BATCHES 64

typedef struct sample_job {
  sf_surface *surf;
  sf_sampler samp;
  sf_sample_batch *q; /* SJ_BATCHES batches of 32 lanes */
} sample_job;

static bool sample_pass(void *ctx, const sf_backend *be, uint64_t *sink) {
  sample_job *sj = ctx;
  sf_sample_out out;
  sf_status st;
  for (unsigned b = 0; b < SJ_BATCHES; b++) {
    if (be->sample(&sj->q[b], &out, &st) != SF_OK) return false;
    *sink += out.v[0][b & 31];
  }
  return true;
}

static bool make_surface(sf_surface **s, unsigned type, unsigned fmt, uint32_t w, uint32_t h, uint32_t d, uint32_t levels,
                         uint64_t seed) {
  sf_surface_desc desc = {.type = (uint8_t)type, .format = (uint8_t)fmt, .width = w, .height = h, .depth = d, .layers = 1, .levels = levels};
  sf_status st;
  if (sf_surface_create(s, &desc, &st) != SF_OK) {
    fprintf(stderr, "samplefuzz bench: surface %ux%ux%u: %s\n", w, h, d, st.msg);
    return false;
  }
  const sf_format_info *fi = sf_format_get(fmt);
  if (fi && fi->cls == SF_FCLASS_FLOAT && fi->bits == 32) {
    for (size_t i = 0; i + 4 <= (*s)->size; i += 4) {
      float f = unit(&seed);
      memcpy((*s)->data + i, &f, 4);
    }
  } else {
    for (size_t i = 0; i < (*s)->size; i++) (*s)->data[i] = (uint8_t)sf_cli_splitmix(&seed);
  }
  return true;
}

typedef enum sj_kind { SJ_2D_RGBA8, SJ_2D_R8, SJ_TRILINEAR, SJ_3D, SJ_CUBE, SJ_SAMPLE_C, SJ_FLOAT, SJ_COUNT } sj_kind;
static const char *const sj_names[SJ_COUNT] = {
    "2d_rgba8_bilinear", "2d_r8_bilinear", "2d_rgba8_trilinear_mips", "3d_rgba8_trilinear",
    "cube_rgba8_bilinear", "sample_c_d32f_pcf", "2d_rgba32f_bilinear"};

static bool sample_job_init(sample_job *sj, sj_kind kind) {
  memset(sj, 0, sizeof *sj);
  uint64_t seed = 0x42454e43u + kind;
  unsigned type = SF_SURF_2D, fmt = SF_FMT_RGBA8_UNORM;
  uint32_t w = 512, h = 512, d = 1, levels = 1;
  switch (kind) {
    case SJ_2D_R8: fmt = SF_FMT_R8_UNORM; break;
    case SJ_TRILINEAR: levels = 10; break;
    case SJ_3D: type = SF_SURF_3D; w = h = d = 64; break;
    case SJ_CUBE: type = SF_SURF_CUBE; w = h = 128; break;
    case SJ_SAMPLE_C: fmt = SF_FMT_D32F; w = h = 256; break;
    case SJ_FLOAT: fmt = SF_FMT_RGBA32F; w = h = 256; break;
    default: break;
  }
  if (!make_surface(&sj->surf, type, fmt, w, h, d, levels, seed)) return false;
  sf_sampler_default(&sj->samp);
  sj->samp.min_filter = sj->samp.mag_filter = SF_FILTER_LINEAR;
  sj->samp.addr[0] = SF_ADDR_WRAP;
  sj->samp.addr[1] = SF_ADDR_MIRROR;
  sj->samp.addr[2] = SF_ADDR_CLAMP;
  if (kind == SJ_TRILINEAR || kind == SJ_3D) sj->samp.mip_filter = SF_MIP_LINEAR;
  if (kind == SJ_SAMPLE_C) sj->samp.compare = SF_CMP_LESS_EQUAL;
  sj->q = calloc(SJ_BATCHES, sizeof *sj->q);
  if (!sj->q) return false;
  for (unsigned b = 0; b < SJ_BATCHES; b++) {
    sf_sample_batch *q = &sj->q[b];
    q->surf = sj->surf;
    q->samp = &sj->samp;
    q->n = SF_MAX_LANES;
    q->lanes = 0xffffffffu;
    q->compare = kind == SJ_SAMPLE_C;
    q->lod_mode = (kind == SJ_TRILINEAR || kind == SJ_3D) ? SF_LOD_GRAD : SF_LOD_ZERO;
    for (unsigned i = 0; i < SF_MAX_LANES; i++) {
      q->u[i] = unit(&seed) * 1.2f - 0.1f;
      q->v[i] = unit(&seed) * 1.2f - 0.1f;
      q->r[i] = unit(&seed);
      q->ref[i] = unit(&seed);
      if (kind == SJ_CUBE) {
        q->u[i] = unit(&seed) * 2.0f - 1.0f;
        q->v[i] = unit(&seed) * 2.0f - 1.0f;
        q->r[i] = unit(&seed) * 2.0f - 1.0f;
      }
      /* derivatives for LOD 0.5 .. 3.5 (trilinear with a fraction) */
      float g = (1.0f + 7.0f * unit(&seed)) * 1.5f / (float)w;
      q->dudx[i] = g;
      q->dvdy[i] = g;
      q->drdx[i] = kind == SJ_3D ? g * 0.5f : 0.0f;
    }
  }
  return true;
}

static void sample_job_free(sample_job *sj) {
  sf_surface_free(sj->surf);
  free(sj->q);
}

/* SAMPLE_UNORM and AVS jobs: a whole surface walked in blocks. */
typedef struct block_job {
  sf_surface *surf;
  sf_sampler samp;
  uint32_t ow, oh;   /* output size: blocks cover it */
  bool avs;
  uint16_t *planes[4]; /* rect jobs: the destination planes (NULL = channel not wanted) */
} block_job;

static bool unorm_pass(void *ctx, const sf_backend *be, uint64_t *sink) {
  block_job *bj = ctx;
  sf_unorm_out out;
  sf_status st;
  float du = 1.0f / (float)bj->ow, dv = 1.0f / (float)bj->oh;
  for (uint32_t y = 0; y < bj->oh; y += 4)
    for (uint32_t x = 0; x < bj->ow; x += 8) {
      sf_unorm_req q = {.surf = bj->surf, .samp = &bj->samp, .u = ((float)x + 0.5f) * du, .v = ((float)y + 0.5f) * dv, .du = du, .dv = dv};
      if (be->sample_unorm(&q, &out, &st) != SF_OK) return false;
      *sink += out.v[1][x & 31];
    }
  return true;
}

/* The same resize as one sf_sample_unorm_rect call: block (i, j) starts at (0.5 du + i 8du,
 * 0.5 dv + j 4dv), pixel steps du, dv; the planes are the 2D destination. */
static bool unorm_rect_pass(void *ctx, const sf_backend *be, uint64_t *sink) {
  block_job *bj = ctx;
  sf_status st;
  float du = 1.0f / (float)bj->ow, dv = 1.0f / (float)bj->oh;
  sf_unorm_rect_req q = {.surf = bj->surf, .samp = &bj->samp, .u = 0.5f * du, .v = 0.5f * dv, .bu = 8.0f * du, .bv = 4.0f * dv,
                         .du = du, .dv = dv, .blocks_x = bj->ow / 8, .blocks_y = bj->oh / 4};
  sf_unorm_rect_out o = {.v = {bj->planes[0], bj->planes[1], bj->planes[2], bj->planes[3]}, .pitch = bj->ow};
  if (sf_sample_unorm_rect(be, &q, &o, &st) != SF_OK) return false;
  *sink += bj->planes[0][(size_t)bj->ow * (bj->oh / 2) + bj->ow / 2];
  return true;
}

static bool rect_planes(block_job *bj, unsigned nplanes) {
  for (unsigned k = 0; k < nplanes; k++)
    if (!(bj->planes[k] = calloc((size_t)bj->ow * bj->oh, sizeof(uint16_t)))) return false;
  return true;
}
static void rect_planes_free(block_job *bj) {
  for (unsigned k = 0; k < 4; k++) {
    free(bj->planes[k]);
    bj->planes[k] = NULL;
  }
}

static bool avs_pass(void *ctx, const sf_backend *be, uint64_t *sink) {
  block_job *bj = ctx;
  sf_avs_out out;
  sf_status st;
  float du = 1.0f / (float)bj->ow, dv = 1.0f / (float)bj->oh;
  for (uint32_t y = 0; y < bj->oh; y += 4)
    for (uint32_t x = 0; x < bj->ow; x += 16) {
      sf_avs_req q = {.surf = bj->surf, .samp = &bj->samp, .u = (float)x * du, .v = 0.0f, .du = du, .dv = dv, .vbn = y / 4, .w = 16, .h = 4};
      if (be->avs(&q, &out, &st) != SF_OK) return false;
      *sink += out.v[1][x & 63];
    }
  return true;
}

/* Lanczos-like 8-tap / 4-tap S1.6 tables summing to 64 in every phase (a smooth kernel; the exact
 * shape does not change the cost). */
static void avs_tables(sf_sampler *sp) {
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    int f = (int)p * 2; /* 0..62 in 1/64 */
    int8_t l[8] = {0, -2, 8, (int8_t)(56 - f * 3 / 4), (int8_t)(8 + f * 3 / 4), -2, 0, 0};
    int s = 0;
    for (int t = 0; t < 8; t++) s += l[t];
    l[3] = (int8_t)(l[3] + 64 - s);
    memcpy(sp->avs_luma[p], l, 8);
    int8_t c[4] = {0, (int8_t)(64 - f), (int8_t)f, 0};
    memcpy(sp->avs_chroma[p], c, 4);
  }
}

/* ---- libyuv peers -------------------------------------------------------------------------------- */

typedef struct peer_job {
  uint32_t sw, sh, dw, dh;
  bool plane;           /* 8-bit plane (ScalePlane) instead of ARGB */
  uint8_t *src, *dst;
  block_job ours;       /* the same resize by SAMPLE_UNORM blocks (one sf_sample_unorm_rect call) */
} peer_job;

#ifdef SF_HAVE_LIBYUV
static bool libyuv_pass(void *ctx, const sf_backend *be, uint64_t *sink) {
  (void)be;
  peer_job *p = ctx;
  if (p->plane) {
    ScalePlane(p->src, (int)p->sw, (int)p->sw, (int)p->sh, p->dst, (int)p->dw, (int)p->dw, (int)p->dh, kFilterBilinear);
  } else {
    if (ARGBScale(p->src, (int)p->sw * 4, (int)p->sw, (int)p->sh, p->dst, (int)p->dw * 4, (int)p->dw, (int)p->dh,
                  kFilterBilinear) != 0)
      return false;
  }
  *sink += p->dst[(p->dw / 2) & 255];
  return true;
}
#endif

static bool peer_init(peer_job *p, uint32_t sw, uint32_t sh, uint32_t dw, uint32_t dh, bool plane) {
  memset(p, 0, sizeof *p);
  p->sw = sw;
  p->sh = sh;
  p->dw = dw;
  p->dh = dh;
  p->plane = plane;
  unsigned bpp = plane ? 1 : 4;
  if (!make_surface(&p->ours.surf, SF_SURF_2D, plane ? SF_FMT_R8_UNORM : SF_FMT_RGBA8_UNORM, sw, sh, 1, 1, 0x59555620u + sw))
    return false;
  sf_sampler_default(&p->ours.samp);
  p->ours.samp.min_filter = p->ours.samp.mag_filter = SF_FILTER_LINEAR;
  p->ours.ow = dw;
  p->ours.oh = dh;
  /* the destination: 8.8 planes, R only for the 8-bit plane job (libyuv writes one plane there) */
  if (!rect_planes(&p->ours, plane ? 1 : 4)) return false;
  p->src = malloc((size_t)sw * sh * bpp);
  p->dst = malloc((size_t)dw * dh * bpp);
  if (!p->src || !p->dst) return false;
  memcpy(p->src, p->ours.surf->data + p->ours.surf->levels[0].offset, (size_t)sw * sh * bpp);
  return true;
}

static void peer_free(peer_job *p) {
  sf_surface_free(p->ours.surf);
  rect_planes_free(&p->ours);
  free(p->src);
  free(p->dst);
}

/* ---- Output ----------------------------------------------------------------------------------------- */

static void usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz bench [--json] [--runs N] [--quick] [--fuzz|--fuzz-only] [--bin-dir DIR]\n"
          "                        [--fuzz-seconds S] [--fuzz-rounds R] [--fuzz-targets T,...]\n"
          "                        [--backends|--backends-only] [--cases N] [--backend B]\n"
          "  Measures Msamples/s of the sampler backends (scalar and the SIMD backends this CPU supports)\n"
          "  on fixed sampling jobs with each backend's ratio to scalar, our SAMPLE_UNORM resize against\n"
          "  libyuv ARGBScale/ScalePlane (kFilterBilinear) when libyuv is linked, and codec throughput.\n"
          "  Median of N runs (default 5) of thread CPU time; --quick uses 3 shorter runs.\n"
          "  --fuzz adds the exec/s section: every fuzz target against an empty libFuzzer target built\n"
          "  with the same flags, S seconds each (default 10) on the target's seed corpus, back to back,\n"
          "  with the ratio; --fuzz-only runs that section alone. --fuzz-rounds R repeats each pair R\n"
          "  times and reports the medians (default 1); --fuzz-targets limits it to the targets named.\n"
          "  Every run is pinned to one CPU ($SF_BENCH_CPU, else the first allowed). Binaries: --bin-dir, else\n"
          "  $SF_FUZZ_BIN_DIR, else build-fuzz/fuzz in the source tree (bash scripts/fuzz.sh builds it).\n"
          "  --backends adds the cases/s section: backend_diff (the fuzz loop of `fuzz --backend`) on N\n"
          "  generated cases (--cases, default 2000) for every built-in backend (reference, SIMD,\n"
          "  llvmpipe, softpipe, d3d12-vkd3d) and --backend B, cold and warm, wall clock;\n"
          "  --backends-only runs that section alone.\n");
}

/* A whole number in 1..max for option `name`; prints the refusal. */
static bool opt_uint(const char *name, const char *arg, unsigned long max, unsigned *out) {
  char *end = NULL;
  unsigned long v = strtoul(arg, &end, 10);
  if (!end || *end || v < 1 || v > max || arg[0] == '-') {
    fprintf(stderr, "samplefuzz bench: %s wants 1..%lu, got '%s'\n", name, max, arg);
    return false;
  }
  *out = (unsigned)v;
  return true;
}

int sf_cli_bench(int argc, char **argv) {
  bench_opts o = {.json = false, .runs = 5, .target = 0.12, .fuzz_seconds = 10, .fuzz_rounds = 1, .cases = 2000};
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) {
      usage(stdout);
      return 0;
    } else if (!strcmp(argv[i], "--json")) {
      o.json = true;
    } else if (!strcmp(argv[i], "--quick")) {
      o.runs = 3;
      o.target = 0.03;
    } else if (!strcmp(argv[i], "--runs") && i + 1 < argc) {
      if (!opt_uint("--runs", argv[++i], BENCH_MAX_RUNS, &o.runs)) return 2;
    } else if (!strcmp(argv[i], "--fuzz")) {
      o.fuzz = true;
    } else if (!strcmp(argv[i], "--fuzz-only")) {
      o.fuzz = o.fuzz_only = true;
    } else if (!strcmp(argv[i], "--backends")) {
      o.backends = true;
    } else if (!strcmp(argv[i], "--backends-only")) {
      o.backends = o.backends_only = true;
    } else if (!strcmp(argv[i], "--backend") && i + 1 < argc) {
      o.backend = argv[++i];
      o.backends = true;
    } else if (!strcmp(argv[i], "--cases") && i + 1 < argc) {
      if (!opt_uint("--cases", argv[++i], 100000, &o.cases)) return 2;
    } else if (!strcmp(argv[i], "--bin-dir") && i + 1 < argc) {
      o.bin_dir = argv[++i];
    } else if (!strcmp(argv[i], "--fuzz-seconds") && i + 1 < argc) {
      if (!opt_uint("--fuzz-seconds", argv[++i], 3600, &o.fuzz_seconds)) return 2;
    } else if (!strcmp(argv[i], "--fuzz-rounds") && i + 1 < argc) {
      if (!opt_uint("--fuzz-rounds", argv[++i], 99, &o.fuzz_rounds)) return 2;
    } else if (!strcmp(argv[i], "--fuzz-targets") && i + 1 < argc) {
      o.fuzz_targets = argv[++i];
    } else {
      fprintf(stderr, "samplefuzz bench: unknown argument '%s'\n", argv[i]);
      usage(stderr);
      return 2;
    }
  }
  if (o.fuzz_targets && !sf_bench_fuzz_names_ok(o.fuzz_targets, stderr)) return 2;
  if (o.backends_only && o.fuzz_only) {
    fprintf(stderr, "samplefuzz bench: --backends-only and --fuzz-only exclude each other\n");
    return 2;
  }
  if (o.fuzz_only || o.backends_only) {
    if (o.json) printf("{\n");
    int frc = o.fuzz_only ? sf_bench_fuzz(stdout, o.json, o.bin_dir, o.fuzz_seconds, o.fuzz_targets, o.fuzz_rounds)
                          : sf_bench_backends(stdout, o.json, o.cases, o.backend);
    if (o.json) printf("\n}\n");
    return frc;
  }

  /* backends: scalar plus every built-in SIMD backend the CPU supports (the dispatcher's list) */
  const sf_backend *be[BENCH_MAX_BACKENDS];
  unsigned nbe = sf_backend_list(be, BENCH_MAX_BACKENDS);
  if (nbe > BENCH_MAX_BACKENDS) nbe = BENCH_MAX_BACKENDS;
  if (nbe == 0 || be[0] != sf_backend_scalar()) {
    be[0] = sf_backend_scalar();
    nbe = nbe ? nbe : 1;
  }
  const sf_backend *sel = sf_backend_select();
  FILE *out = stdout;
  if (o.json) {
    fprintf(out, "{\n  \"backend_in_use\": \"%s\",\n  \"backend_note\": \"%s\",\n  \"runs\": %u,\n  \"backends\": [", sel->name,
            sf_backend_note(), o.runs);
    for (unsigned b = 0; b < nbe; b++) fprintf(out, "%s\"%s\"", b ? ", " : "", be[b]->name);
    fprintf(out, "],\n  \"sampler\": [\n");
  } else {
    fprintf(out, "samplefuzz bench: backend in use: %s; median of %u runs, thread CPU time\n", sf_backend_note(), o.runs);
    fprintf(out, "\n%-26s %-10s", "sampler job", "unit");
    for (unsigned b = 0; b < nbe; b++) fprintf(out, " %10s %7s", be[b]->name, "x");
    fprintf(out, "\n");
  }
  int rc = 0;

  /* sampler jobs, then SAMPLE_UNORM and AVS */
  for (unsigned k = 0; k < SJ_COUNT + 3; k++) {
    sample_job sj;
    block_job bj;
    job j = {.unit = "Msamples/s"};
    bool ok;
    if (k < SJ_COUNT) {
      ok = sample_job_init(&sj, (sj_kind)k);
      j.name = sj_names[k];
      j.work = SJ_BATCHES * SF_MAX_LANES;
      j.pass = sample_pass;
      j.ctx = &sj;
    } else {
      memset(&bj, 0, sizeof bj);
      bj.avs = k == SJ_COUNT + 1;
      bool rect = k == SJ_COUNT + 2;
      ok = make_surface(&bj.surf, SF_SURF_2D, bj.avs ? SF_FMT_NV12 : SF_FMT_RGBA8_UNORM, 1920, 1080, 1, 1, 0x554e4f52u + k);
      sf_sampler_default(&bj.samp);
      bj.samp.min_filter = bj.samp.mag_filter = SF_FILTER_LINEAR;
      if (bj.avs) avs_tables(&bj.samp);
      bj.ow = 1280;
      bj.oh = 720;
      j.name = bj.avs ? "avs_nv12_16x4" : rect ? "sample_unorm_rect_rgba8" : "sample_unorm_rgba8";
      j.work = 1280.0 * 720.0;
      j.pass = bj.avs ? avs_pass : rect ? unorm_rect_pass : unorm_pass;
      if (ok && rect) ok = rect_planes(&bj, 4);
      j.ctx = &bj;
    }
    if (!ok) {
      if (k >= SJ_COUNT) {
        sf_surface_free(bj.surf);
        rect_planes_free(&bj);
      }
      rc = 1;
      continue;
    }
    double rate[BENCH_MAX_BACKENDS];
    for (unsigned b = 0; b < nbe; b++) rate[b] = measure(&o, &j, be[b]);
    if (o.json) {
      fprintf(out, "    {\"job\": \"%s\", \"unit\": \"%s\", \"results\": [", j.name, j.unit);
      for (unsigned b = 0; b < nbe; b++)
        fprintf(out, "%s{\"backend\": \"%s\", \"rate\": %.3f, \"ratio_to_scalar\": %.3f}", b ? ", " : "", be[b]->name, rate[b],
                rate[0] > 0 ? rate[b] / rate[0] : 0.0);
      fprintf(out, "]}%s\n", k + 1 < SJ_COUNT + 3 ? "," : "");
    } else {
      fprintf(out, "%-26s %-10s", j.name, j.unit);
      for (unsigned b = 0; b < nbe; b++) fprintf(out, " %10.2f %6.2fx", rate[b], rate[0] > 0 ? rate[b] / rate[0] : 0.0);
      fprintf(out, "\n");
    }
    for (unsigned b = 0; b < nbe; b++)
      if (rate[b] <= 0) {
        fprintf(stderr, "samplefuzz bench: job %s failed on backend %s\n", j.name, be[b]->name);
        rc = 1;
      }
    if (k < SJ_COUNT) {
      sample_job_free(&sj);
    } else {
      sf_surface_free(bj.surf);
      rect_planes_free(&bj);
    }
  }

  /* peers: our SAMPLE_UNORM resize vs libyuv */
  static const struct {
    const char *name;
    uint32_t sw, sh, dw, dh;
    bool plane;
    const char *peer;
  } peers[3] = {
      {"argb_1920x1080_to_1280x720", 1920, 1080, 1280, 720, false, "ARGBScale(kFilterBilinear)"},
      {"argb_1280x720_to_1920x1080", 1280, 720, 1920, 1080, false, "ARGBScale(kFilterBilinear)"},
      {"plane8_1920x1080_to_1280x720", 1920, 1080, 1280, 720, true, "ScalePlane(kFilterBilinear)"},
  };
  if (o.json) fprintf(out, "  ],\n  \"peers\": [\n");
  else fprintf(out, "\n%-30s %-28s %10s %10s %8s   (Mpix/s; ours = SAMPLE_UNORM blocks, one rect call; ratio = median of interleaved runs)\n", "peer job", "peer", "peer", "ours", "ratio");
  for (unsigned k = 0; k < 3; k++) {
    peer_job p;
    if (!peer_init(&p, peers[k].sw, peers[k].sh, peers[k].dw, peers[k].dh, peers[k].plane)) {
      peer_free(&p);
      rc = 1;
      continue;
    }
    job ours = {.name = peers[k].name, .unit = "Mpix/s", .work = (double)p.dw * p.dh, .pass = unorm_rect_pass, .ctx = &p.ours};
    double yuv = -1.0;
    const job *peerp = NULL;
#ifdef SF_HAVE_LIBYUV
    job peer = {.name = peers[k].name, .unit = "Mpix/s", .work = (double)p.dw * p.dh, .pass = libyuv_pass, .ctx = &p};
    peerp = &peer;
#endif
    double r[BENCH_MAX_BACKENDS], q[BENCH_MAX_BACKENDS];
    measure_peer(&o, peerp, &ours, be, nbe, &yuv, r, q);
    double best = 0.0, best_q = 0.0;
    const char *best_name = be[0]->name;
    for (unsigned b = 0; b < nbe; b++) {
      if (r[b] > best) {
        best = r[b];
        best_q = q[b];
        best_name = be[b]->name;
      }
    }
    if (o.json) {
      fprintf(out, "    {\"job\": \"%s\", \"peer\": \"%s\", \"peer_mpix_s\": %.3f, \"ours\": [", peers[k].name, peers[k].peer, yuv);
      for (unsigned b = 0; b < nbe; b++)
        fprintf(out, "%s{\"backend\": \"%s\", \"mpix_s\": %.3f, \"ratio_to_peer\": %.3f}", b ? ", " : "", be[b]->name, r[b],
                yuv > 0 ? q[b] : 0.0);
      fprintf(out, "]}%s\n", k + 1 < 3 ? "," : "");
    } else if (yuv > 0) {
      fprintf(out, "%-30s %-28s %10.1f %10.1f %7.3fx  (best: %s; per backend:", peers[k].name, peers[k].peer, yuv, best,
              best_q, best_name);
      for (unsigned b = 0; b < nbe; b++) fprintf(out, " %s %.3fx", be[b]->name, q[b]);
      fprintf(out, ")\n");
    } else {
      fprintf(out, "%-30s %-28s %10s %10.1f %8s  (libyuv not linked in this build)\n", peers[k].name, peers[k].peer, "-", best, "-");
    }
    peer_free(&p);
  }

  /* codecs */
  codec_job *cj = malloc(sizeof *cj);
  if (o.json) fprintf(out, "  ],\n  \"codecs\": [\n");
  else fprintf(out, "\n%-30s %14s   (instructions/s, %u-instruction sets of generated valid instructions)\n", "codec job", "Minst/s", CJ_INSTS);
  if (cj && codec_init(cj)) {
    struct {
      const char *name;
      bool (*pass)(void *, const sf_backend *, uint64_t *);
      unsigned n;
    } cjobs[8] = {
        {"visa_encode", cj_encode, cj->n},    {"visa_decode", cj_decode, cj->n},
        {"visa_print", cj_print, cj->n},      {"visa_parse", cj_parse, cj->n},
        {"dxbc_tpf_encode", cj_tpf_encode, cj->nd3d}, {"dxbc_tpf_decode", cj_tpf_decode, cj->nd3d},
        {"d3dasm_print", cj_d3d_print, cj->nd3d},     {"d3dasm_parse", cj_d3d_parse, cj->nd3d},
    };
    for (unsigned k = 0; k < 8; k++) {
      job j = {.name = cjobs[k].name, .unit = "Minst/s", .work = cjobs[k].n, .pass = cjobs[k].pass, .ctx = cj};
      double r = cjobs[k].n ? measure(&o, &j, be[0]) : 0.0;
      if (r <= 0) {
        fprintf(stderr, "samplefuzz bench: codec job %s failed (%u instructions)\n", cjobs[k].name, cjobs[k].n);
        rc = 1;
      }
      if (o.json) fprintf(out, "    {\"job\": \"%s\", \"instructions\": %u, \"minst_s\": %.4f}%s\n", cjobs[k].name, cjobs[k].n, r, k < 7 ? "," : "");
      else fprintf(out, "%-30s %14.3f\n", cjobs[k].name, r);
    }
    codec_free(cj);
  } else {
    fprintf(stderr, "samplefuzz bench: could not prepare the codec inputs\n");
    if (cj) codec_free(cj);
    rc = 1;
  }
  free(cj);
  if (o.json) fprintf(out, "  ]%s\n", o.fuzz || o.backends ? "," : "");
  if (o.backends && sf_bench_backends(out, o.json, o.cases, o.backend)) rc = 1;
  if (o.json && o.backends) fprintf(out, "%s\n", o.fuzz ? "," : "");
  if (o.fuzz && sf_bench_fuzz(out, o.json, o.bin_dir, o.fuzz_seconds, o.fuzz_targets, o.fuzz_rounds)) rc = 1;
  if (o.json) fprintf(out, "%s}\n", o.fuzz ? "\n" : "");
  return rc;
}
