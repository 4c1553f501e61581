/* tests/test_simd_exact.c — differential test of the SIMD backends against the scalar reference
 * (libyuv unit-test style: C vs SIMD with different sentinel fills;
 * simdjson fuzz_implementations style: all implementations, a pairwise table on mismatch).
 *
 * Generated cases (splitmix64, fixed seeds) cover every 3D_SAMPLE request shape (all surface types,
 * formats, filters, mip filters, address modes, LOD modes, compare, LOD query, lane masks, offsets,
 * null pages), SAMPLE_UNORM blocks and AVS blocks (all block shapes, random S1.6 tables, NV12),
 * with odd and non-power-of-two sizes, edge coordinates, NaN/Inf/huge/-0 values and unaligned
 * request copies. Every backend the CPU supports runs each case; its output is prefilled with its
 * own sentinel byte, and status code and every output byte must equal the scalar backend's.
 * There is no tolerance: docs/precision-model.md makes the SIMD arithmetic identical.
 * SF_SIMD=<name> restricts the comparison to scalar vs that backend (CI runs each value); a name the
 * CPU or build lacks is a skip (exit 77 with SF_ALLOW_SKIP, else a failure that says why). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/sampler.h"
#include "tests/sf_test.h"

#define MAXB 4

typedef struct bset {
  const sf_backend *b[MAXB];
  unsigned n;
} bset;

static bset g_set;  /* filled once in main; read-only afterwards */
static unsigned long g_cases[3], g_lanes;

static void pick_backends(void) {
  /* the dispatcher's list: scalar first, then the built-in SIMD backends this build and CPU have */
  const sf_backend *list[8];
  unsigned n = sf_backend_list(list, 8);
  if (n > 8) n = 8;
  static const char *const simd[3] = {"sse2", "avx2", "avx512"};
  for (unsigned i = 0; i < 3; i++)
    if (!sf_backend_find(simd[i])) printf("backend %s: skipped (not in this build, or the CPU lacks its features)\n", simd[i]);
  g_set.b[g_set.n++] = sf_backend_scalar();
  const char *force = getenv("SF_SIMD");
  if (force && *force) {
    const sf_backend *b = sf_backend_find(force);
    if (!b) SF_SKIP_ALL("SF_SIMD=%s: unknown backend or not supported by this CPU/build", force);
    if (b != sf_backend_scalar()) g_set.b[g_set.n++] = b;
  } else {
    for (unsigned i = 0; i < n && g_set.n < MAXB; i++)
      if (list[i] != sf_backend_scalar()) g_set.b[g_set.n++] = list[i];
  }
  printf("backends compared:");
  for (unsigned i = 0; i < g_set.n; i++) printf(" %s", g_set.b[i]->name);
  printf("%s\n", g_set.n == 1 ? " (scalar only: nothing to compare against)" : "");
}

/* ---- generators ---------------------------------------------------------------------------- */

static uint32_t rnd(uint64_t *s, uint32_t n) { return n ? (uint32_t)(sf_t_rand(s) % n) : 0; }
static float frand(uint64_t *s, float lo, float hi) {
  return lo + (hi - lo) * (float)(sf_t_rand(s) >> 40) * (1.0f / 16777216.0f);
}

/* A coordinate: mostly in a generous range, sometimes on texel centres/edges, sometimes special. */
static float coord(uint64_t *s, uint32_t size) {
  switch (rnd(s, 16)) {
    case 0: return NAN;
    case 1: return rnd(s, 2) ? INFINITY : -INFINITY;
    case 2: return rnd(s, 2) ? 1e30f : -3e9f;
    case 3: return -0.0f;
    case 4: return (float)((int)rnd(s, 4 * size + 1) - (int)size) / (float)size;            /* texel edges */
    case 5: return ((float)((int)rnd(s, 4 * size + 1) - (int)size) + 0.5f) / (float)size;   /* centres */
    case 6: return 1.0f + (float)rnd(s, 3) * 1e-7f;
    case 7: return frand(s, -12.0f, 12.0f);
    default: return frand(s, -1.5f, 2.5f);
  }
}

static float anyf(uint64_t *s) {
  switch (rnd(s, 12)) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return 0.0f;
    case 4: return frand(s, -40.0f, 40.0f);
    default: return frand(s, -3.0f, 3.0f);
  }
}

static void rand_sampler(uint64_t *s, sf_sampler *sp) {
  sf_sampler_default(sp);
  sp->min_filter = (uint8_t)rnd(s, 2);
  sp->mag_filter = (uint8_t)rnd(s, 2);
  sp->mip_filter = (uint8_t)rnd(s, 3);
  for (int a = 0; a < 3; a++) sp->addr[a] = (uint8_t)rnd(s, SF_ADDR_COUNT);
  for (int k = 0; k < 4; k++) sp->border[k] = rnd(s, 6) ? frand(s, -0.5f, 1.5f) : anyf(s);
  sp->lod_bias = (int16_t)(rnd(s, 3) ? 0 : (int)rnd(s, 8192) - 4096);
  sp->min_lod = (uint16_t)(rnd(s, 2) ? 0 : rnd(s, 4096));
  sp->max_lod = (uint16_t)(rnd(s, 3) ? 4095 : rnd(s, 4096));
  sp->compare = (uint8_t)rnd(s, 8);
  /* random AVS tables: random taps, the centre tap makes the sum 64 (fits in int8 by construction) */
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    int sum = 0;
    for (unsigned t = 0; t < SF_AVS_LUMA_TAPS; t++) {
      if (t == 3) continue;
      sp->avs_luma[p][t] = (int8_t)((int)rnd(s, 17) - 8);
      sum += sp->avs_luma[p][t];
    }
    sp->avs_luma[p][3] = (int8_t)(64 - sum);
    sum = 0;
    for (unsigned t = 0; t < SF_AVS_CHROMA_TAPS; t++) {
      if (t == 1) continue;
      sp->avs_chroma[p][t] = (int8_t)((int)rnd(s, 33) - 16);
      sum += sp->avs_chroma[p][t];
    }
    sp->avs_chroma[p][1] = (int8_t)(64 - sum);
  }
  sp->avs_8tap_all = rnd(s, 2);
  sp->avs_adaptive = rnd(s, 20) == 0;
  if (rnd(s, 40) == 0) sp->mip_filter = 7;  /* invalid state: every backend must report the same error */
}

static uint32_t dim(uint64_t *s) {
  static const uint32_t odd[] = {1, 2, 3, 5, 7, 8, 13, 16, 17, 31, 33, 64, 100};
  return odd[rnd(s, sizeof odd / sizeof odd[0])];
}

static sf_surface *rand_surface(uint64_t *s, unsigned type, unsigned fmt) {
  sf_surface_desc d = {.type = (uint8_t)type, .format = (uint8_t)fmt, .width = dim(s), .height = 1, .depth = 1, .layers = 1, .levels = 1};
  if (type != SF_SURF_1D && type != SF_SURF_1D_ARRAY) d.height = dim(s);
  if (type == SF_SURF_CUBE || type == SF_SURF_CUBE_ARRAY) d.height = d.width;
  if (type == SF_SURF_3D) d.depth = dim(s) % 9 + 1;
  if (type == SF_SURF_1D_ARRAY || type == SF_SURF_2D_ARRAY) d.layers = rnd(s, 5) + 1;
  if (type == SF_SURF_CUBE_ARRAY) d.layers = rnd(s, 3) + 1;
  if (fmt == SF_FMT_NV12) {
    d.width = (d.width + 1) & ~1u;
    d.height = (d.height + 1) & ~1u;
  }
  uint32_t m = d.width > d.height ? d.width : d.height;
  if (d.depth > m) m = d.depth;
  unsigned full = 1;
  while ((m >> full) != 0) full++;
  d.levels = fmt == SF_FMT_NV12 ? 1 : rnd(s, full) + 1;
  sf_surface *sf = NULL;
  sf_status st;
  if (sf_surface_create(&sf, &d, &st) != SF_OK) return NULL;
  for (size_t i = 0; i < sf->size; i++) sf->data[i] = (uint8_t)sf_t_rand(s);
  /* float formats: mostly sane values, some NaN/Inf/denormal bit patterns stay from the noise */
  const sf_format_info *fi = sf_format_get(fmt);
  if (fi && fi->cls == SF_FCLASS_FLOAT && fi->bits == 32 && rnd(s, 4))
    for (size_t i = 0; i + 4 <= sf->size; i += 4) {
      float f = frand(s, -4.0f, 4.0f);
      memcpy(sf->data + i, &f, 4);
    }
  if (rnd(s, 4) == 0) { /* null pages */
    for (int k = 0; k < 3; k++) {
      unsigned l = rnd(s, d.levels);
      unsigned sl = rnd(s, sf->slices ? sf->slices : 1);
      (void)sf_surface_set_null(sf, l, sl, rnd(s, sf->levels[l].w), rnd(s, sf->levels[l].h), true, &st);
    }
  }
  return sf;
}

/* ---- comparison ------------------------------------------------------------------------------ */

static const char *chan = "RGBA";

/* Runs `run` for every backend with a per-backend sentinel and compares to backend 0 (scalar). */
#define COMPARE_OUTPUTS(OUT_T, CALL, NAME, DESCR)                                                     \
  do {                                                                                                \
    OUT_T outs[MAXB];                                                                                 \
    sf_code rcs[MAXB];                                                                                \
    for (unsigned b = 0; b < g_set.n; b++) {                                                          \
      memset(&outs[b], 0xA5 ^ (int)(b * 0x3C), sizeof outs[b]);                                      \
      sf_status st_;                                                                                  \
      const sf_backend *be_ = g_set.b[b];                                                             \
      OUT_T *out_ = &outs[b];                                                                         \
      rcs[b] = CALL;                                                                                  \
    }                                                                                                 \
    for (unsigned b = 1; b < g_set.n; b++) {                                                          \
      bool same = rcs[b] == rcs[0] && (rcs[0] != SF_OK || memcmp(&outs[b], &outs[0], sizeof outs[0]) == 0); \
      SF_CHECK_MSG(same, "%s: %s differs from scalar (rc %d vs %d) on %s", NAME, g_set.b[b]->name, (int)rcs[b], \
                   (int)rcs[0], DESCR);                                                               \
      if (!same && rcs[0] == SF_OK && rcs[b] == SF_OK) diff_table(NAME, outs, sizeof outs[0]);        \
    }                                                                                                 \
  } while (0)

/* The pairwise table: every differing 16/32-bit element, one column per backend. */
static void diff_table_generic(const char *name, const void *base, size_t stride, unsigned elem, unsigned per_chan) {
  const uint8_t *p = base;
  size_t n = stride / elem;
  unsigned shown = 0;
  fprintf(stderr, "  %s: element      ", name);
  for (unsigned b = 0; b < g_set.n; b++) fprintf(stderr, " %12s", g_set.b[b]->name);
  fprintf(stderr, "\n");
  for (size_t i = 0; i < n && shown < 24; i++) {
    uint32_t v0 = 0;
    memcpy(&v0, p + i * elem, elem);
    bool differ = false;
    for (unsigned b = 1; b < g_set.n; b++) {
      uint32_t v = 0;
      memcpy(&v, p + b * stride + i * elem, elem);
      differ |= v != v0;
    }
    if (!differ) continue;
    shown++;
    if (i / per_chan < 4) fprintf(stderr, "  lane/pixel %3zu ch %c", i % per_chan, chan[i / per_chan]);
    else fprintf(stderr, "  word %3zu          ", i);
    for (unsigned b = 0; b < g_set.n; b++) {
      uint32_t v = 0;
      memcpy(&v, p + b * stride + i * elem, elem);
      fprintf(stderr, " %12.8x", v);
    }
    fprintf(stderr, "\n");
  }
}
#define diff_table(NAME, OUTS, STRIDE)                                                              \
  diff_table_generic(NAME, OUTS, STRIDE, sizeof(OUTS[0].v[0][0]), (unsigned)(sizeof(OUTS[0].v[0]) / sizeof(OUTS[0].v[0][0])))

static void describe_surface(const sf_surface *s, const sf_sampler *sp, char *buf, size_t n) {
  char a[200], b[300];
  snprintf(buf, n, "%s | %s", s ? sf_surface_describe(s, a, sizeof a) : "unbound", sf_sampler_describe(sp, b, sizeof b));
}

/* ---- tests ------------------------------------------------------------------------------------ */

static const unsigned sample_formats[] = {
    SF_FMT_R8_UNORM, SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_R8_SRGB, SF_FMT_RG8_SRGB, SF_FMT_RGBA8_SRGB,
    SF_FMT_RGBA8_SNORM, SF_FMT_R16_UNORM, SF_FMT_RGBA16_UNORM, SF_FMT_R16F, SF_FMT_RGBA16F, SF_FMT_R32F,
    SF_FMT_RG32F, SF_FMT_RGBA32F, SF_FMT_D32F, SF_FMT_R8_UINT, SF_FMT_R16_UINT, SF_FMT_R32_UINT, SF_FMT_R32_SINT,
    SF_FMT_NV12};

static unsigned long cases_budget(unsigned long dflt) {
  const char *e = getenv("SF_SIMD_CASES");
  if (e && *e) {
    unsigned long v = strtoul(e, NULL, 10);
    if (v) return v;
  }
  return dflt;
}

static void test_sample_diff(void) {
  uint64_t seed = 0x53494d44u;
  unsigned long budget = cases_budget(100000);
  unsigned long done = 0;
  for (unsigned round = 0; done < budget; round++) {
    /* hot formats and 2D surfaces twice as often as the rest */
    unsigned fmt = rnd(&seed, 3) ? sample_formats[rnd(&seed, sizeof sample_formats / sizeof sample_formats[0])]
                                 : (rnd(&seed, 2) ? SF_FMT_RGBA8_UNORM : SF_FMT_R8_UNORM);
    unsigned type = rnd(&seed, 3) ? rnd(&seed, SF_SURF_TYPE_COUNT) : SF_SURF_2D;
    sf_surface *surf = rand_surface(&seed, type, fmt);
    if (!surf) continue;
    sf_sampler sp;
    rand_sampler(&seed, &sp);
    uint32_t size = surf->desc.width;
    for (unsigned rep = 0; rep < 40 && done < budget; rep++, done++) {
      /* the request is copied to an odd offset of a byte buffer and back: unaligned source copies */
      sf_sample_batch q;
      memset(&q, 0, sizeof q);
      q.surf = rnd(&seed, 50) ? surf : NULL;
      q.samp = &sp;
      q.lod_mode = (uint8_t)rnd(&seed, 4);
      if (rnd(&seed, 60) == 0) q.lod_mode = 9;  /* invalid */
      q.compare = rnd(&seed, 5) == 0;
      q.lod_query = rnd(&seed, 12) == 0;
      q.n = rnd(&seed, 8) ? 1 + rnd(&seed, SF_MAX_LANES) : (rnd(&seed, 2) ? 8u : 16u);
      if (rnd(&seed, 100) == 0) q.n = 33;  /* over the cap */
      q.lanes = rnd(&seed, 3) ? 0xffffffffu : (uint32_t)sf_t_rand(&seed);
      for (unsigned i = 0; i < SF_MAX_LANES; i++) {
        q.u[i] = coord(&seed, size);
        q.v[i] = coord(&seed, surf->desc.height);
        q.r[i] = type == SF_SURF_2D_ARRAY ? (float)rnd(&seed, 8) - 1.5f + (rnd(&seed, 2) ? 0.5f : 0.0f) : coord(&seed, surf->desc.depth);
        if (type == SF_SURF_1D_ARRAY) q.v[i] = (float)rnd(&seed, 8) - 1.5f + (rnd(&seed, 2) ? 0.5f : 0.3f);
        q.ai[i] = frand(&seed, -1.0f, 4.0f);
        q.ref[i] = rnd(&seed, 8) ? frand(&seed, -0.2f, 1.2f) : anyf(&seed);
        q.lod_or_bias[i] = rnd(&seed, 10) ? frand(&seed, -3.0f, 9.0f) : anyf(&seed);
        float g = rnd(&seed, 2) ? 1.0f / (float)size : frand(&seed, 0.0f, 2.0f);
        q.dudx[i] = rnd(&seed, 12) ? g * frand(&seed, -4.0f, 4.0f) : anyf(&seed);
        q.dudy[i] = rnd(&seed, 12) ? g * frand(&seed, -4.0f, 4.0f) : anyf(&seed);
        q.dvdx[i] = g * frand(&seed, -4.0f, 4.0f);
        q.dvdy[i] = rnd(&seed, 12) ? g * frand(&seed, -4.0f, 4.0f) : anyf(&seed);
        q.drdx[i] = g * frand(&seed, -2.0f, 2.0f);
        q.drdy[i] = g * frand(&seed, -2.0f, 2.0f);
        q.off_u[i] = (int8_t)(rnd(&seed, 3) ? 0 : (int)rnd(&seed, 16) - 8);
        q.off_v[i] = (int8_t)(rnd(&seed, 3) ? 0 : (int)rnd(&seed, 16) - 8);
        q.off_r[i] = (int8_t)(rnd(&seed, 3) ? 0 : (int)rnd(&seed, 16) - 8);
        if (rnd(&seed, 200) == 0) q.off_u[i] = (int8_t)(rnd(&seed, 2) ? 127 : -128);
        /* compare references equal to stored texels, so the EQUAL/LESS_EQUAL/... edges are hit */
        const sf_format_info *fi = sf_format_get(fmt);
        if (q.compare && fi && fi->bits == 32 && surf->size >= 4 && rnd(&seed, 2)) {
          size_t at = (size_t)rnd(&seed, (uint32_t)(surf->size / 4)) * 4;
          memcpy(&q.ref[i], surf->data + at, 4);
        }
      }
      uint8_t raw[sizeof q + 8];
      size_t at = 1 + rnd(&seed, 7);
      memcpy(raw + at, &q, sizeof q);
      sf_sample_batch qq;
      memcpy(&qq, raw + at, sizeof qq);
      char descr[600];
      describe_surface(q.surf, &sp, descr, sizeof descr);
      COMPARE_OUTPUTS(sf_sample_out, be_->sample(&qq, out_, &st_), "sample", descr);
      g_lanes += q.n <= SF_MAX_LANES ? q.n : 0;
    }
    sf_surface_free(surf);
    if (sf_t_failed_checks > 20) break;
  }
  g_cases[0] = done;
}

static void test_unorm_diff(void) {
  uint64_t seed = 0x554e4f52u;
  unsigned long budget = cases_budget(100000) / 2;
  unsigned long done = 0;
  static const unsigned fmts[] = {SF_FMT_R8_UNORM, SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_NV12, SF_FMT_RGBA8_UNORM,
                                  SF_FMT_R32F};
  while (done < budget) {
    unsigned fmt = fmts[rnd(&seed, sizeof fmts / sizeof fmts[0])];
    sf_surface *surf = rand_surface(&seed, rnd(&seed, 10) ? SF_SURF_2D : SF_SURF_2D_ARRAY, fmt);
    if (!surf) continue;
    sf_sampler sp;
    rand_sampler(&seed, &sp);
    for (unsigned rep = 0; rep < 40 && done < budget; rep++, done++) {
      sf_unorm_req q = {.surf = rnd(&seed, 40) ? surf : NULL, .samp = rnd(&seed, 80) ? &sp : NULL};
      float w = (float)surf->desc.width, h = (float)surf->desc.height;
      switch (rnd(&seed, 4)) {
        case 0: /* texel-aligned downscale-like steps */
          q.u = (float)rnd(&seed, (uint32_t)w + 4) / w - 2.0f / w;
          q.v = (float)rnd(&seed, (uint32_t)h + 4) / h - 2.0f / h;
          q.du = (float)(1 + rnd(&seed, 3)) / (2.0f * w);
          q.dv = (float)(1 + rnd(&seed, 3)) / (2.0f * h);
          break;
        case 1:
          q.u = coord(&seed, surf->desc.width);
          q.v = coord(&seed, surf->desc.height);
          q.du = anyf(&seed) * 0.1f;
          q.dv = anyf(&seed) * 0.1f;
          break;
        default:
          q.u = frand(&seed, -0.3f, 1.2f);
          q.v = frand(&seed, -0.3f, 1.2f);
          q.du = frand(&seed, -0.1f, 0.1f);
          q.dv = frand(&seed, -0.1f, 0.1f);
          break;
      }
      char descr[600];
      describe_surface(q.surf, &sp, descr, sizeof descr);
      COMPARE_OUTPUTS(sf_unorm_out, be_->sample_unorm(&q, out_, &st_), "sample_unorm", descr);
    }
    sf_surface_free(surf);
    if (sf_t_failed_checks > 20) break;
  }
  g_cases[1] = done;
}

static void test_avs_diff(void) {
  uint64_t seed = 0x41565321u;
  unsigned long budget = cases_budget(100000) / 2;
  unsigned long done = 0;
  static const unsigned fmts[] = {SF_FMT_R8_UNORM, SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_NV12, SF_FMT_NV12,
                                  SF_FMT_R16F};
  static const uint8_t bw[] = {16, 8, 16, 4, 5}, bh[] = {4, 4, 8, 4, 4};
  while (done < budget) {
    unsigned fmt = fmts[rnd(&seed, sizeof fmts / sizeof fmts[0])];
    sf_surface *surf = rand_surface(&seed, SF_SURF_2D, fmt);
    if (!surf) continue;
    sf_sampler sp;
    rand_sampler(&seed, &sp);
    for (unsigned rep = 0; rep < 20 && done < budget; rep++, done++) {
      unsigned m = rnd(&seed, 30) ? rnd(&seed, 4) : 4;
      sf_avs_req q = {.surf = rnd(&seed, 40) ? surf : NULL, .samp = &sp, .w = bw[m], .h = bh[m]};
      q.u = rnd(&seed, 8) ? frand(&seed, -0.3f, 1.2f) : coord(&seed, surf->desc.width);
      q.v = rnd(&seed, 8) ? frand(&seed, -0.3f, 1.2f) : coord(&seed, surf->desc.height);
      q.du = rnd(&seed, 8) ? frand(&seed, -0.05f, 0.1f) : anyf(&seed);
      q.dv = frand(&seed, -0.05f, 0.1f);
      q.u2d = rnd(&seed, 3) ? 0.0f : frand(&seed, -0.002f, 0.002f);
      q.v2d = rnd(&seed, 3) ? 0.0f : frand(&seed, -0.002f, 0.002f);
      /* any UD block number is valid: past 4096 the SIMD kernels hand the block to scalar */
      q.vbn = rnd(&seed, 4) ? rnd(&seed, 3) : rnd(&seed, 6) ? rnd(&seed, 5000) : 0xFFFFFFFFu - rnd(&seed, 1u << 31);
      q.ief = rnd(&seed, 25) == 0;
      char descr[600];
      describe_surface(q.surf, &sp, descr, sizeof descr);
      COMPARE_OUTPUTS(sf_avs_out, be_->avs(&q, out_, &st_), "avs", descr);
    }
    sf_surface_free(surf);
    if (sf_t_failed_checks > 20) break;
  }
  g_cases[2] = done;
}

/* A single-level 2D surface of w x h texels, zero-filled; NULL (and a failed check) if it cannot be made. */
static sf_surface *plain_2d(unsigned fmt, uint32_t w, uint32_t h) {
  sf_surface_desc d = {.type = SF_SURF_2D, .format = fmt, .width = w, .height = h, .depth = 1, .layers = 1, .levels = 1};
  sf_surface *s = NULL;
  sf_status st;
  SF_CHECK(sf_surface_create(&s, &d, &st) == SF_OK);
  return s;
}

/* Known answer through every backend: a 2x1 RGBA8 surface sampled bilinearly at the midpoint gives
 * the exact float lerp of the two texels (0 and 255 -> 0 + 0.5*(1 - 0) = 0.5: D3D11.3 §7.18.8 with
 * weight 128/256), and SAMPLE_UNORM at the same spot gives (0*128 + 255*128)*256/65536 ... = 0x7f80
 * (8.8 fixed point of 127.5: IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/SAMPLE_UNORM.md) output, precision model rounding). */
static void test_known_midpoint(void) {
  sf_status st;
  sf_surface *s = plain_2d(SF_FMT_RGBA8_UNORM, 2, 1);
  if (!s) return;
  memset(s->data + 4, 255, 4);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;
  for (unsigned b = 0; b < g_set.n; b++) {
    sf_sample_batch q;
    memset(&q, 0, sizeof q);
    q.surf = s;
    q.samp = &sp;
    q.lod_mode = SF_LOD_ZERO;
    q.n = 8;
    q.lanes = 0xff;
    for (unsigned i = 0; i < 8; i++) q.u[i] = q.v[i] = 0.5f;
    sf_sample_out o;
    SF_CHECK(g_set.b[b]->sample(&q, &o, &st) == SF_OK);
    for (unsigned i = 0; i < 8; i++) SF_CHECK_EQ_U(o.v[0][i], 0x3f000000u);
    sf_unorm_req uq = {.surf = s, .samp = &sp, .u = 0.5f, .v = 0.5f, .du = 0.0f, .dv = 0.0f};
    sf_unorm_out uo;
    SF_CHECK(g_set.b[b]->sample_unorm(&uq, &uo, &st) == SF_OK);
    SF_CHECK_EQ_U(uo.v[0][31], 0x7f80u);
  }
  sf_surface_free(s);
}

/* Every 8-bit UNORM code decodes exactly as sf_unorm_to_float(v, 8) (D3D11.3 §3.2.3.5: v / 255,
 * correctly rounded) in every backend: a 256x1 R8 surface point-sampled at each texel centre. */
static void test_unorm8_decode_exhaustive(void) {
  sf_status st;
  sf_surface *s = plain_2d(SF_FMT_R8_UNORM, 256, 1);
  if (!s) return;
  for (unsigned i = 0; i < 256; i++) s->data[i] = (uint8_t)i;
  sf_sampler sp;
  sf_sampler_default(&sp);
  for (unsigned b = 0; b < g_set.n; b++)
    for (unsigned base = 0; base < 256; base += SF_MAX_LANES) {
      sf_sample_batch q;
      memset(&q, 0, sizeof q);
      q.surf = s;
      q.samp = &sp;
      q.lod_mode = SF_LOD_ZERO;
      q.n = SF_MAX_LANES;
      q.lanes = 0xffffffffu;
      for (unsigned i = 0; i < SF_MAX_LANES; i++) q.u[i] = ((float)(base + i) + 0.5f) / 256.0f;
      sf_sample_out o;
      SF_CHECK(g_set.b[b]->sample(&q, &o, &st) == SF_OK);
      for (unsigned i = 0; i < SF_MAX_LANES; i++) {
        float want = sf_unorm_to_float(base + i, 8);
        uint32_t wb;
        memcpy(&wb, &want, 4);
        SF_CHECK_MSG(o.v[0][i] == wb, "%s: code %u -> 0x%08x, want 0x%08x", g_set.b[b]->name, base + i, o.v[0][i], wb);
      }
    }
  sf_surface_free(s);
}

/* Any UD verticalBlockNumber is valid AVS input: a block far below the surface (here 4 * (2^32 - 1)
 * rows down) runs and reads the clamped last rows, the same as a block 4,000 rows down, in every
 * backend (the SIMD kernels hand blocks past 4096 to the scalar code). */
static void test_avs_far_block(void) {
  sf_status st;
  sf_surface *s = plain_2d(SF_FMT_RGBA8_UNORM, 16, 8);
  if (!s) return;
  for (size_t i = 0; i < s->size; i++) s->data[i] = (uint8_t)(i * 37u + 11u);
  sf_sampler sp;
  sf_sampler_default(&sp);
  for (unsigned b = 0; b < g_set.n; b++) {
    sf_avs_req q = {.surf = s, .samp = &sp, .u = 0.1f, .v = 0.5f, .du = 1.0f / 16, .dv = 1.0f / 8, .w = 16, .h = 4};
    sf_avs_out far, near;
    q.vbn = 0xFFFFFFFFu;
    SF_CHECK_MSG(g_set.b[b]->avs(&q, &far, &st) == SF_OK, "%s: %s", g_set.b[b]->name, st.msg);
    q.vbn = 1000;
    SF_CHECK_MSG(g_set.b[b]->avs(&q, &near, &st) == SF_OK, "%s: %s", g_set.b[b]->name, st.msg);
    SF_CHECK_MSG(memcmp(&far, &near, sizeof far) == 0, "%s: a block 2^34 rows down differs from one 4,000 rows down",
                 g_set.b[b]->name);
  }
  sf_surface_free(s);
}

/* The differential must be able to fail: a deliberately wrong "backend" is caught. */
static sf_code broken_unorm(const sf_unorm_req *q, sf_unorm_out *o, sf_status *st) {
  sf_code rc = sf_backend_scalar()->sample_unorm(q, o, st);
  if (rc == SF_OK) o->v[2][17] ^= 1;
  return rc;
}
static void test_detects_difference(void) {
  sf_status st;
  sf_surface *s = plain_2d(SF_FMT_RGBA8_UNORM, 9, 5);
  if (!s) return;
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_unorm_req q = {.surf = s, .samp = &sp, .u = 0.1f, .v = 0.2f, .du = 0.05f, .dv = 0.1f};
  sf_unorm_out a, b;
  memset(&a, 0x11, sizeof a);
  memset(&b, 0x22, sizeof b);
  SF_CHECK(sf_backend_scalar()->sample_unorm(&q, &a, &st) == SF_OK);
  SF_CHECK(broken_unorm(&q, &b, &st) == SF_OK);
  SF_CHECK(memcmp(&a, &b, sizeof a) != 0);
  sf_surface_free(s);
}

int main(void) {
  pick_backends();
  SF_RUN(test_known_midpoint);
  SF_RUN(test_avs_far_block);
  SF_RUN(test_detects_difference);
  SF_RUN(test_unorm8_decode_exhaustive);
  SF_RUN(test_sample_diff);
  SF_RUN(test_unorm_diff);
  SF_RUN(test_avs_diff);
  printf("cases: %lu sample batches (%lu lanes), %lu SAMPLE_UNORM blocks, %lu AVS blocks = %lu, each through %u backend(s)\n",
         g_cases[0], g_lanes, g_cases[1], g_cases[2], g_cases[0] + g_cases[1] + g_cases[2], g_set.n);
  SF_TEST_END();
}
