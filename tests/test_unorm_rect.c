/* tests/test_unorm_rect.c — SAMPLE_UNORM over a grid of 8x4 blocks (sf_backend.sample_unorm_rect,
 * sf_sample_unorm_rect; include/samplefuzz/sampler.h, docs/simd.md "The SAMPLE_UNORM rect").
 *
 * The contract: block (i, j) of a rect equals the per-block request {u + (float)i*bu,
 * v + (float)j*bv, du, dv} (docs/precision-model.md §11), bit for bit. The reference here is the
 * scalar backend's per-block entry called block by block by this test (not the library's loop).
 * Every backend the CPU supports runs every generated grid through its rect entry and through the
 * dispatcher; a backend without a rect entry (plug-in shape) goes through the generic loop.
 * Generated grids: 2D R8/RG8/RGBA8/NV12 surfaces of odd and non-power-of-two sizes, null pages,
 * every address mode per axis, point and linear, border colours outside [0, 1] and NaN, origins
 * and steps across the edges, NaN/Inf coordinates, odd pitches, NULL planes. Outputs are prefilled
 * with a sentinel per backend: elements a backend must not write (pitch padding, NULL planes) must
 * keep it, and every other element must equal the reference. SF_RECT_CASES=N scales the count. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/sampler.h"
#include "tests/sf_test.h"

#define MAXB 4

static const sf_backend *g_be[MAXB];
static unsigned g_nbe;

static uint32_t rnd(uint64_t *s, uint32_t n) { return n ? (uint32_t)(sf_t_rand(s) % n) : 0; }
static float frand(uint64_t *s, float lo, float hi) {
  return lo + (hi - lo) * (float)(sf_t_rand(s) >> 40) * (1.0f / 16777216.0f);
}
static float special(uint64_t *s) {
  switch (rnd(s, 5)) {
    case 0: return NAN;
    case 1: return INFINITY;
    case 2: return -INFINITY;
    case 3: return 1e30f;
    default: return -0.0f;
  }
}

/* A backend shaped like an old plug-in: no rect entry (the dispatcher must loop over its blocks). */
static sf_code plugin_unorm(const sf_unorm_req *q, sf_unorm_out *o, sf_status *st) {
  return sf_backend_scalar()->sample_unorm(q, o, st);
}
static const sf_backend g_plugin = {.name = "plugin-no-rect", .sample_unorm = plugin_unorm};

/* The reference: the scalar per-block entry, block by block, into planes of `pitch`. */
static sf_code ref_rect(const sf_unorm_rect_req *q, uint16_t *planes[4], size_t pitch, sf_status *st) {
  for (uint32_t j = 0; j < q->blocks_y; j++)
    for (uint32_t i = 0; i < q->blocks_x; i++) {
      float ub = (float)i * q->bu, vb = (float)j * q->bv;
      ub = q->u + ub;
      vb = q->v + vb;
      sf_unorm_req b = {.surf = q->surf, .samp = q->samp, .u = ub, .v = vb, .du = q->du, .dv = q->dv};
      sf_unorm_out o;
      sf_code rc = sf_backend_scalar()->sample_unorm(&b, &o, st);
      if (rc != SF_OK) return rc;
      for (unsigned k = 0; k < 4; k++)
        for (unsigned y = 0; y < 4; y++)
          for (unsigned x = 0; x < 8; x++) planes[k][((size_t)j * 4 + y) * pitch + (size_t)i * 8 + x] = o.v[k][y * 8 + x];
    }
  return SF_OK;
}

static unsigned long g_grids, g_pixels, g_runs;

/* Runs one grid through every backend (entry and dispatcher) and the plug-in shape; compares. */
static void check_grid(const sf_unorm_rect_req *q, size_t pitch, unsigned null_planes, const char *what) {
  size_t rows = 4u * (size_t)q->blocks_y, n = rows * pitch + 1;
  uint16_t *ref[4], *got[4];
  for (unsigned k = 0; k < 4; k++) {
    ref[k] = calloc(n, sizeof(uint16_t));
    got[k] = malloc(n * sizeof(uint16_t));
  }
  if (!ref[0] || !ref[1] || !ref[2] || !ref[3] || !got[0] || !got[1] || !got[2] || !got[3]) {
    SF_CHECK_MSG(false, "out of memory for a %zu-element grid", n);
    goto done;
  }
  sf_status st;
  sf_code want = ref_rect(q, ref, pitch, &st);
  g_grids++;
  if (want == SF_OK) g_pixels += 32ul * q->blocks_x * q->blocks_y;
  for (unsigned b = 0; b < g_nbe + 1; b++) {
    const sf_backend *be = b < g_nbe ? g_be[b] : &g_plugin;
    for (unsigned via = 0; via < 2; via++) {
      if (via == 0 && !be->sample_unorm_rect) continue;
      uint16_t sent = (uint16_t)(0xA5A5u ^ (0x3C3Cu * (b * 2 + via + 1)));
      for (unsigned k = 0; k < 4; k++)
        for (size_t e = 0; e < n; e++) got[k][e] = sent;
      sf_unorm_rect_out o = {.pitch = pitch};
      for (unsigned k = 0; k < 4; k++) o.v[k] = (null_planes >> k & 1u) ? NULL : got[k];
      sf_code rc = via == 0 ? be->sample_unorm_rect(q, &o, &st) : sf_sample_unorm_rect(be, q, &o, &st);
      g_runs++;
      SF_CHECK_MSG(rc == want, "%s: %s (%s) rc %d, per-block scalar rc %d (%s)", what, be->name, via ? "dispatch" : "entry",
                   (int)rc, (int)want, rc != SF_OK ? st.msg : "");
      if (rc != want || rc != SF_OK) continue;
      unsigned bad = 0;
      for (unsigned k = 0; k < 4; k++)
        for (size_t Y = 0; Y < rows; Y++)
          for (size_t X = 0; X < pitch; X++) {
            size_t e = Y * pitch + X;
            bool inside = X < 8u * (size_t)q->blocks_x && !(null_planes >> k & 1u);
            uint16_t exp = inside ? ref[k][e] : sent;
            if (got[k][e] != exp) {
              if (bad < 8)
                fprintf(stderr, "  %s %s (%s): channel %c pixel (%zu, %zu) [block (%zu, %zu) px %zu]: got 0x%04x, want 0x%04x%s\n",
                        what, be->name, via ? "dispatch" : "entry", "RGBA"[k], X, Y, X / 8, Y / 4, (Y % 4) * 8 + X % 8,
                        got[k][e], exp, inside ? "" : " (must stay unwritten)");
              bad++;
            }
          }
      SF_CHECK_MSG(bad == 0, "%s: %s (%s): %u elements differ from the per-block scalar reference", what, be->name,
                   via ? "dispatch" : "entry", bad);
    }
  }
done:
  for (unsigned k = 0; k < 4; k++) {
    free(ref[k]);
    free(got[k]);
  }
}

static sf_surface *make(uint64_t *s, unsigned fmt, uint32_t w, uint32_t h, bool nulls) {
  sf_surface_desc d = {.type = SF_SURF_2D, .format = (uint8_t)fmt, .width = w, .height = h, .depth = 1, .layers = 1, .levels = 1};
  sf_surface *sf = NULL;
  sf_status st;
  if (sf_surface_create(&sf, &d, &st) != SF_OK) return NULL;
  for (size_t i = 0; i < sf->size; i++) sf->data[i] = (uint8_t)sf_t_rand(s);
  if (nulls)
    for (int k = 0; k < 2; k++) (void)sf_surface_set_null(sf, 0, 0, rnd(s, w), rnd(s, h), true, &st);
  return sf;
}

/* Generated grids: the property test. */
static void test_rect_generated(void) {
  static const uint32_t dims[] = {1, 2, 3, 5, 7, 8, 13, 16, 17, 31, 33, 64, 100, 161};
  static const unsigned fmts[] = {SF_FMT_RGBA8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_R8_UNORM, SF_FMT_R8_UNORM, SF_FMT_RG8_UNORM, SF_FMT_NV12};
  unsigned cases = 2500;
  const char *env = getenv("SF_RECT_CASES");
  if (env && *env) cases = (unsigned)strtoul(env, NULL, 10);
  uint64_t seed = 0x52454354u;
  for (unsigned c = 0; c < cases; c++) {
    unsigned fmt = fmts[rnd(&seed, sizeof fmts / sizeof fmts[0])];
    uint32_t w = dims[rnd(&seed, sizeof dims / sizeof dims[0])], h = dims[rnd(&seed, sizeof dims / sizeof dims[0])];
    if (fmt == SF_FMT_NV12) {
      w = (w + 1) & ~1u;
      h = (h + 1) & ~1u;
    }
    sf_surface *surf = make(&seed, fmt, w, h, rnd(&seed, 5) == 0);
    SF_CHECK(surf != NULL);
    if (!surf) continue;
    sf_sampler sp;
    sf_sampler_default(&sp);
    sp.mag_filter = (uint8_t)(rnd(&seed, 4) ? SF_FILTER_LINEAR : SF_FILTER_POINT);
    sp.min_filter = (uint8_t)rnd(&seed, 2);
    sp.addr[0] = (uint8_t)rnd(&seed, SF_ADDR_COUNT);
    sp.addr[1] = (uint8_t)rnd(&seed, SF_ADDR_COUNT);
    for (int k = 0; k < 4; k++) sp.border[k] = rnd(&seed, 8) ? frand(&seed, -0.5f, 1.5f) : NAN;
    if (rnd(&seed, 60) == 0) sp.mag_filter = 9; /* invalid state: every path must report the same error */
    sf_unorm_rect_req q = {.surf = rnd(&seed, 50) ? surf : NULL, .samp = &sp};
    q.blocks_x = 1 + rnd(&seed, 6);
    q.blocks_y = 1 + rnd(&seed, 4);
    /* a resize-like grid (the bench's shape) or arbitrary steps */
    float scale = frand(&seed, 0.3f, 3.0f);
    q.du = scale / (float)(8 * q.blocks_x);
    q.dv = frand(&seed, 0.3f, 3.0f) / (float)(4 * q.blocks_y);
    q.bu = 8.0f * q.du;
    q.bv = 4.0f * q.dv;
    q.u = frand(&seed, -1.2f, 1.2f);
    q.v = frand(&seed, -1.2f, 1.2f);
    switch (rnd(&seed, 8)) {
      case 0: q.du = -q.du; q.bu = -q.bu; break;
      case 1: q.bu = frand(&seed, -0.5f, 0.5f); q.bv = frand(&seed, -0.5f, 0.5f); break;
      case 2: q.u = (float)((int)rnd(&seed, 3 * w) - (int)w) / (float)w; q.du = 1.0f / (float)w; q.bu = 8.0f * q.du; break; /* texel edges */
      case 3: { /* one special value somewhere */
        float *f[6] = {&q.u, &q.v, &q.bu, &q.bv, &q.du, &q.dv};
        *f[rnd(&seed, 6)] = special(&seed);
        break;
      }
      case 4: q.u = frand(&seed, -12.0f, 12.0f); q.du = frand(&seed, -2.0f, 2.0f); break;
      default: break;
    }
    size_t pitch = 8u * q.blocks_x + (rnd(&seed, 2) ? 0 : rnd(&seed, 9));
    unsigned nullp = rnd(&seed, 4) == 0 ? rnd(&seed, 16) : 0;
    char what[160];
    snprintf(what, sizeof what, "grid %u (%s %ux%u, %ux%u blocks, addr %u/%u, %s, pitch %zu, null planes 0x%x)", c,
             sf_format_get(fmt)->name, w, h, q.blocks_x, q.blocks_y, sp.addr[0], sp.addr[1],
             sp.mag_filter == SF_FILTER_LINEAR ? "linear" : "point", pitch, nullp);
    check_grid(&q, pitch, nullp, what);
    sf_surface_free(surf);
  }
}

/* Resizes of the bench's shape (1.5x down and up, RGBA8 and R8) at a size ASan can afford, and the
 * shapes the RGBA8 kernel's tap tables tell apart (docs/simd.md "The SAMPLE_UNORM rect"): 2x, 1.5x
 * and non-integer upscales (4 pixels per 16-byte window), downscales up to and past 2x (2 pixels per
 * window, then gathers), 1-texel-wide, 1-row and 3-texel-wide sources (gathers: under 4 texels), odd
 * sizes, and each address mode, whose edges (clamp, wrap and mirror seams, border columns and rows)
 * change which groups qualify. */
static void test_rect_resizes(void) {
  static const struct { uint32_t sw, sh, dw, dh; unsigned fmt, addr; } jobs[] = {
      {480, 270, 320, 180, SF_FMT_RGBA8_UNORM, SF_ADDR_CLAMP}, {320, 180, 480, 272, SF_FMT_RGBA8_UNORM, SF_ADDR_CLAMP},
      {480, 270, 320, 180, SF_FMT_R8_UNORM, SF_ADDR_CLAMP},    {333, 101, 96, 48, SF_FMT_RGBA8_UNORM, SF_ADDR_CLAMP},
      {64, 40, 128, 80, SF_FMT_RGBA8_UNORM, SF_ADDR_CLAMP},    {64, 40, 128, 80, SF_FMT_RGBA8_UNORM, SF_ADDR_WRAP},
      {64, 40, 96, 60, SF_FMT_RGBA8_UNORM, SF_ADDR_MIRROR},    {64, 40, 96, 60, SF_FMT_RGBA8_UNORM, SF_ADDR_BORDER},
      {37, 23, 104, 68, SF_FMT_RGBA8_UNORM, SF_ADDR_CLAMP},    {37, 23, 104, 68, SF_FMT_RGBA8_UNORM, SF_ADDR_BORDER},
      {101, 53, 64, 36, SF_FMT_RGBA8_UNORM, SF_ADDR_WRAP},     {101, 53, 64, 36, SF_FMT_RGBA8_UNORM, SF_ADDR_MIRROR},
      {200, 90, 88, 40, SF_FMT_RGBA8_UNORM, SF_ADDR_CLAMP},    {200, 90, 88, 40, SF_FMT_RGBA8_UNORM, SF_ADDR_BORDER},
      {1, 17, 16, 20, SF_FMT_RGBA8_UNORM, SF_ADDR_CLAMP},      {1, 17, 16, 20, SF_FMT_RGBA8_UNORM, SF_ADDR_BORDER},
      {29, 1, 48, 8, SF_FMT_RGBA8_UNORM, SF_ADDR_CLAMP},       {29, 1, 48, 8, SF_FMT_RGBA8_UNORM, SF_ADDR_MIRROR},
      {3, 5, 24, 12, SF_FMT_RGBA8_UNORM, SF_ADDR_WRAP},        {4, 4, 8, 8, SF_FMT_RGBA8_UNORM, SF_ADDR_CLAMP},
      {64, 40, 128, 80, SF_FMT_R8_UNORM, SF_ADDR_WRAP},        {37, 23, 104, 68, SF_FMT_R8_UNORM, SF_ADDR_BORDER},
      {1, 17, 16, 20, SF_FMT_R8_UNORM, SF_ADDR_CLAMP},         {29, 1, 48, 8, SF_FMT_R8_UNORM, SF_ADDR_MIRROR},
  };
  uint64_t seed = 0x52535a45u;
  for (unsigned k = 0; k < sizeof jobs / sizeof jobs[0]; k++) {
    sf_surface *surf = make(&seed, jobs[k].fmt, jobs[k].sw, jobs[k].sh, false);
    SF_CHECK(surf != NULL);
    if (!surf) continue;
    sf_sampler sp;
    sf_sampler_default(&sp);
    sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;
    sp.addr[0] = sp.addr[1] = (uint8_t)jobs[k].addr;
    sp.border[0] = 0.25f;
    sp.border[1] = 1.0f;
    sp.border[2] = 0.0f;
    sp.border[3] = 0.5f;
    float du = 1.0f / (float)jobs[k].dw, dv = 1.0f / (float)jobs[k].dh;
    sf_unorm_rect_req q = {.surf = surf, .samp = &sp, .u = 0.5f * du, .v = 0.5f * dv, .bu = 8.0f * du, .bv = 4.0f * dv,
                           .du = du, .dv = dv, .blocks_x = jobs[k].dw / 8, .blocks_y = jobs[k].dh / 4};
    if (jobs[k].addr == SF_ADDR_BORDER || jobs[k].addr == SF_ADDR_WRAP) { /* reach past the edges */
      q.u = -0.1f;
      q.v = -0.15f;
      q.du = 1.2f / (float)jobs[k].dw;
      q.dv = 1.3f / (float)jobs[k].dh;
      q.bu = 8.0f * q.du;
      q.bv = 4.0f * q.dv;
    }
    char what[112];
    snprintf(what, sizeof what, "resize %ux%u -> %ux%u %s addr %u", jobs[k].sw, jobs[k].sh, jobs[k].dw, jobs[k].dh,
             sf_format_get(jobs[k].fmt)->name, jobs[k].addr);
    check_grid(&q, 8u * q.blocks_x, 0, what);
    /* the same grid with an odd pitch and a NULL plane */
    check_grid(&q, 8u * q.blocks_x + 3, 0x4, what);
    sf_surface_free(surf);
  }
}

/* Known answers. Texel-centre positions return t << 8 (docs/precision-model.md §11: a texel-aligned
 * sample returns t << 8, Intel's own test); R8's G, B are 0 and A is 255 << 8 (missing channels read
 * (0, 0, 0, 1)). Computed by hand from the model, not from the code. */
static void test_rect_known(void) {
  uint64_t seed = 0x4b4e4f57u;
  for (unsigned f = 0; f < 2; f++) {
    unsigned fmt = f ? SF_FMT_R8_UNORM : SF_FMT_RGBA8_UNORM;
    sf_surface *surf = make(&seed, fmt, 32, 8, false);
    SF_CHECK(surf != NULL);
    if (!surf) continue;
    sf_sampler sp;
    sf_sampler_default(&sp);
    sp.mag_filter = SF_FILTER_LINEAR;
    float du = 1.0f / 32.0f, dv = 1.0f / 8.0f; /* powers of two: every position exact */
    sf_unorm_rect_req q = {.surf = surf, .samp = &sp, .u = 0.5f * du, .v = 0.5f * dv, .bu = 8 * du, .bv = 4 * dv,
                           .du = du, .dv = dv, .blocks_x = 4, .blocks_y = 2};
    for (unsigned b = 0; b < g_nbe; b++) {
      uint16_t planes[4][8 * 32];
      sf_unorm_rect_out o = {.v = {planes[0], planes[1], planes[2], planes[3]}, .pitch = 32};
      sf_status st;
      SF_CHECK(sf_sample_unorm_rect(g_be[b], &q, &o, &st) == SF_OK);
      unsigned bad = 0;
      for (unsigned y = 0; y < 8; y++)
        for (unsigned x = 0; x < 32; x++)
          for (unsigned k = 0; k < 4; k++) {
            unsigned t = f ? (k == 0 ? surf->data[y * 32 + x] : k == 3 ? 255u : 0u) : surf->data[(y * 32 + x) * 4 + k];
            if (planes[k][y * 32 + x] != (uint16_t)(t << 8)) bad++;
          }
      SF_CHECK_MSG(bad == 0, "%s %s: %u texel-centre elements are not t << 8", g_be[b]->name, sf_format_get(fmt)->name, bad);
    }
    sf_surface_free(surf);
  }
}

/* Errors: the same code from every backend and from the dispatcher. */
static void test_rect_errors(void) {
  uint64_t seed = 0x4552524fu;
  sf_surface *surf = make(&seed, SF_FMT_RGBA8_UNORM, 16, 16, false);
  sf_surface *r16 = NULL;
  sf_surface_desc d16 = {.type = SF_SURF_2D, .format = SF_FMT_R16_UNORM, .width = 8, .height = 8, .depth = 1, .layers = 1, .levels = 1};
  sf_status st;
  SF_CHECK(surf && sf_surface_create(&r16, &d16, &st) == SF_OK);
  if (!surf || !r16) goto out;
  sf_sampler sp;
  sf_sampler_default(&sp);
  uint16_t buf[4][64];
  sf_unorm_rect_req q = {.surf = surf, .samp = &sp, .du = 0.1f, .dv = 0.1f, .bu = 0.8f, .bv = 0.4f, .blocks_x = 1, .blocks_y = 2};
  sf_unorm_rect_out o = {.v = {buf[0], buf[1], buf[2], buf[3]}, .pitch = 8};
  for (unsigned b = 0; b < g_nbe + 1; b++) {
    const sf_backend *be = b < g_nbe ? g_be[b] : &g_plugin;
    SF_CHECK(sf_sample_unorm_rect(be, NULL, &o, &st) == SF_ERR_INVALID);
    SF_CHECK(sf_sample_unorm_rect(be, &q, NULL, &st) == SF_ERR_INVALID);
    sf_unorm_rect_out narrow = o;
    narrow.pitch = 7; /* below 8 * blocks_x */
    sf_status_clear(&st); /* the first recorded error wins: start clean */
    SF_CHECK(sf_sample_unorm_rect(be, &q, &narrow, &st) == SF_ERR_INVALID);
    SF_CHECK(strstr(st.msg, "pitch") != NULL);
    sf_unorm_rect_req big = q;
    big.blocks_y = SF_UNORM_RECT_MAX_BLOCKS + 1;
    SF_CHECK(sf_sample_unorm_rect(be, &big, &o, &st) == SF_ERR_LIMIT);
    sf_unorm_rect_req wrong = q;
    wrong.surf = r16;
    SF_CHECK(sf_sample_unorm_rect(be, &wrong, &o, &st) == SF_ERR_STATE);
    sf_unorm_rect_req nos = q;
    nos.samp = NULL;
    SF_CHECK(sf_sample_unorm_rect(be, &nos, &o, &st) == SF_ERR_STATE);
    /* an empty grid writes nothing */
    memset(buf, 0x5a, sizeof buf);
    sf_unorm_rect_req empty = q;
    empty.blocks_x = 0;
    SF_CHECK(sf_sample_unorm_rect(be, &empty, &o, &st) == SF_OK);
    SF_CHECK(buf[0][0] == 0x5a5a && buf[3][63] == 0x5a5a);
    /* unbound surface: every element 0 (the per-block result) */
    sf_unorm_rect_req unb = q;
    unb.surf = NULL;
    SF_CHECK(sf_sample_unorm_rect(be, &unb, &o, &st) == SF_OK);
    SF_CHECK(buf[0][0] == 0 && buf[3][63] == 0);
    if (be->sample_unorm_rect) SF_CHECK(be->sample_unorm_rect(&q, &narrow, &st) == SF_ERR_INVALID);
  }
out:
  sf_surface_free(surf);
  sf_surface_free(r16);
}

/* The comparison can fail: a rect entry that flips one element is reported. */
static sf_code broken_rect(const sf_unorm_rect_req *q, const sf_unorm_rect_out *o, sf_status *st) {
  sf_code rc = sf_backend_scalar()->sample_unorm_rect(q, o, st);
  if (rc == SF_OK && o->v[1] && q->blocks_x && q->blocks_y) o->v[1][o->pitch * 3 + 5] ^= 1;
  return rc;
}
static void test_rect_detects_breakage(void) {
  uint64_t seed = 0x42524b4eu;
  sf_surface *surf = make(&seed, SF_FMT_RGBA8_UNORM, 16, 16, false);
  SF_CHECK(surf != NULL);
  if (!surf) return;
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.mag_filter = SF_FILTER_LINEAR;
  sf_backend broken = {.name = "broken", .sample_unorm = plugin_unorm, .sample_unorm_rect = broken_rect};
  sf_unorm_rect_req q = {.surf = surf, .samp = &sp, .u = 0.01f, .v = 0.02f, .du = 0.05f, .dv = 0.07f, .bu = 0.4f, .bv = 0.28f,
                         .blocks_x = 2, .blocks_y = 1};
  uint16_t ref[4][16 * 4], got[4][16 * 4];
  uint16_t *rp[4] = {ref[0], ref[1], ref[2], ref[3]};
  sf_unorm_rect_out o = {.v = {got[0], got[1], got[2], got[3]}, .pitch = 16};
  sf_status st;
  SF_CHECK(ref_rect(&q, rp, 16, &st) == SF_OK);
  SF_CHECK(sf_sample_unorm_rect(&broken, &q, &o, &st) == SF_OK);
  SF_CHECK(memcmp(ref, got, sizeof ref) != 0);
  SF_CHECK(got[1][3 * 16 + 5] == (ref[1][3 * 16 + 5] ^ 1));
  sf_surface_free(surf);
}

int main(void) {
  g_nbe = sf_backend_list(g_be, MAXB);
  if (g_nbe > MAXB) g_nbe = MAXB;
  const char *force = getenv("SF_SIMD");
  if (force && *force) { /* scalar plus the forced backend (CI runs one value at a time) */
    const sf_backend *b = sf_backend_find(force);
    if (!b) SF_SKIP_ALL("SF_SIMD=%s: unknown backend or not supported by this CPU/build", force);
    g_be[0] = sf_backend_scalar();
    g_nbe = 1;
    if (b != g_be[0]) g_be[g_nbe++] = b;
  }
  printf("backends:");
  for (unsigned b = 0; b < g_nbe; b++) printf(" %s%s", g_be[b]->name, g_be[b]->sample_unorm_rect ? "" : "(no rect entry)");
  printf(" + %s\n", g_plugin.name);
  SF_RUN(test_rect_known);
  SF_RUN(test_rect_errors);
  SF_RUN(test_rect_detects_breakage);
  SF_RUN(test_rect_resizes);
  SF_RUN(test_rect_generated);
  printf("compared %lu grids (%lu pixels x 4 channels each run), %lu backend runs\n", g_grids, g_pixels, g_runs);
  SF_TEST_END();
}
