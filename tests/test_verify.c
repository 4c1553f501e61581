/* test_verify.c — unit tests of the spec-tolerance verifier sf_verify_sample and the driver models
 * (accepts known-good results, rejects results perturbed by one texel, one
 * LOD step, or the wrong face). Expected values are worked by hand from D3D11.3 §7.18 as cited per
 * test; the property test runs the scalar reference (an independent implementation) through the
 * verifier. No Mesa needed. */
#include <math.h>
#include <string.h>

#include "samplefuzz/external.h"
#include "tests/sf_test.h"

static sf_status st;

static uint32_t fb(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* A surface whose texel (level, slice, x, y) has R = f(level, slice, x, y), G = 0, B = 0, A = 1. */
typedef float (*texel_fn)(unsigned l, unsigned z, unsigned x, unsigned y);

static sf_surface *make_surface(unsigned type, unsigned fmt, unsigned w, unsigned h, unsigned d, unsigned layers,
                                unsigned levels, texel_fn f) {
  sf_surface_desc desc = {(uint8_t)type, (uint8_t)fmt, w, h, d, layers, levels};
  sf_surface *s = NULL;
  if (sf_surface_create(&s, &desc, &st) != SF_OK) return NULL;
  for (unsigned l = 0; l < levels; l++) {
    unsigned nz = type == SF_SURF_3D ? s->levels[l].d : s->slices;
    for (unsigned z = 0; z < nz; z++)
      for (unsigned y = 0; y < s->levels[l].h; y++)
        for (unsigned x = 0; x < s->levels[l].w; x++) {
          float v[4] = {f(l, z, x, y), 0.0f, 0.0f, 1.0f};
          sf_surface_store(s, l, z, x, y, v, &st);
        }
  }
  return s;
}

static void batch1(sf_sample_batch *b, const sf_surface *s, const sf_sampler *sp, unsigned mode) {
  memset(b, 0, sizeof *b);
  b->surf = s;
  b->samp = sp;
  b->lod_mode = (uint8_t)mode;
  b->n = 1;
  b->lanes = 1;
}

static sf_verify_kind check(const sf_sample_batch *b, float r, float g, float bb, float a, const sf_verify_params *p) {
  uint32_t res[4] = {fb(r), fb(g), fb(bb), fb(a)};
  sf_verify_result out;
  sf_verify_kind k = sf_verify_sample(b, 0, res, p, &out);
  if (getenv("SF_TEST_VERBOSE")) fprintf(stderr, "  %s: %s\n", sf_verify_kind_name(k), out.why);
  return k;
}

/* R8_UNORM 4x4, texel (x, y) = (4y + x) * 16 / 255 (exactly representable codes). */
static float ramp(unsigned l, unsigned z, unsigned x, unsigned y) {
  (void)l, (void)z;
  return (float)((4 * y + x) * 16) / 255.0f;
}

static void test_point_texel_centre(void) {
  /* §7.18.7: point sampling at a texel centre (u = (i + 0.5) / 4) returns exactly that texel. */
  sf_surface *s = make_surface(SF_SURF_2D, SF_FMT_R8_UNORM, 4, 4, 1, 1, 1, ramp);
  SF_CHECK(s != NULL);
  if (!s) return;
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_verify_params p;
  sf_verify_params_spec(&p);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_ZERO);
  b.u[0] = 2.5f / 4;
  b.v[0] = 1.5f / 4;
  float want = (4 * 1 + 2) * 16 / 255.0f;
  SF_CHECK_EQ_U(check(&b, want, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  /* one texel to the right (x = 3): 112/255 — rejected */
  SF_CHECK_EQ_U(check(&b, (4 * 1 + 3) * 16 / 255.0f, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  /* wrong G/A channels: rejected */
  SF_CHECK_EQ_U(check(&b, want, 0, 0, 0, &p), SF_VERIFY_REJECTED);
  /* at an exact texel boundary (u = 2/4) both neighbours are allowed (coordinate tolerance, §3 rule 1) */
  b.u[0] = 2.0f / 4;
  SF_CHECK_EQ_U(check(&b, (4 * 1 + 1) * 16 / 255.0f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, (4 * 1 + 2) * 16 / 255.0f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, (4 * 1 + 3) * 16 / 255.0f, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  sf_surface_free(s);
}

static void test_bilinear(void) {
  /* §7.18.8: linear at u = 0.5, v = 1.5/4 on a 4-wide row: x = 0.5*4 - 0.5 = 1.5 -> texels 1 and 2
   * with weight 0.5 each, v exactly on row 1 (weight 0): texels (4+1)*16 = 80 and (4+2)*16 = 96,
   * (80 + 96)/2 / 255 = 88/255. */
  sf_surface *s = make_surface(SF_SURF_2D, SF_FMT_R8_UNORM, 4, 4, 1, 1, 1, ramp);
  if (!s) { SF_CHECK(s != NULL); return; }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;
  sf_verify_params p;
  sf_verify_params_spec(&p);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_ZERO);
  b.u[0] = 0.5f;
  b.v[0] = 1.5f / 4;
  SF_CHECK_EQ_U(check(&b, 88.0f / 255, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  /* weight 1/256 off (the 8-bit subtexel step) is still allowed: 88/255 + 16/255/256 */
  SF_CHECK_EQ_U(check(&b, 88.0f / 255 + 16.0f / 255 / 256, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  /* the unfiltered texel 1 (weight 0) is 8 LSB off: rejected; so is texel 2 */
  SF_CHECK_EQ_U(check(&b, 80.0f / 255, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  SF_CHECK_EQ_U(check(&b, 96.0f / 255, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  /* a result outside [min, max] of the texels: rejected */
  SF_CHECK_EQ_U(check(&b, 120.0f / 255, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  sf_surface_free(s);
}

/* Level L holds R = L / 4 everywhere. */
static float by_level(unsigned l, unsigned z, unsigned x, unsigned y) {
  (void)z, (void)x, (void)y;
  return (float)l / 4.0f;
}

static void test_mip_selection(void) {
  /* §7.18.10: 16x16 with 5 levels. */
  sf_surface *s = make_surface(SF_SURF_2D, SF_FMT_R32F, 16, 16, 1, 1, 5, by_level);
  if (!s) { SF_CHECK(s != NULL); return; }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.mip_filter = SF_MIP_POINT;
  sf_verify_params p;
  sf_verify_params_spec(&p);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_EXPLICIT);
  b.u[0] = b.v[0] = 0.3f;
  b.lod_or_bias[0] = 1.0f; /* level 1 */
  SF_CHECK_EQ_U(check(&b, 0.25f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.5f, 0, 0, 1, &p), SF_VERIFY_REJECTED); /* one LOD step off */
  b.lod_or_bias[0] = 1.5f; /* exact tie: ceil(d+0.5)-1 = 1 or floor(d+0.5) = 2 (VK both allowed) */
  SF_CHECK_EQ_U(check(&b, 0.25f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.5f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.75f, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  /* sampler bias +1 (s4.8 = 256) moves LOD 1.0 to level 2 */
  b.lod_or_bias[0] = 1.0f;
  sp.lod_bias = 256;
  SF_CHECK_EQ_U(check(&b, 0.5f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.25f, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  /* max LOD 1.0 (u4.8 = 256) clamps it back to level 1 */
  sp.max_lod = 256;
  SF_CHECK_EQ_U(check(&b, 0.25f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.5f, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  /* linear mip at LOD 1.25: 0.75 * 0.25 + 0.25 * 0.5 = 0.3125; t = 0.5 gives 0.375: rejected */
  sp.lod_bias = 0;
  sp.max_lod = 4095;
  sp.mip_filter = SF_MIP_LINEAR;
  b.lod_or_bias[0] = 1.25f;
  SF_CHECK_EQ_U(check(&b, 0.3125f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.375f, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  sf_surface_free(s);
}

static void test_gradient_lod(void) {
  /* §7.18.11: dudx = 4/16 -> texel-space length 4 -> LOD 2; the VK rho bounds allow [2, 2.5],
   * so with a point mip filter levels 2 and 3 are reachable, level 1 is not. */
  sf_surface *s = make_surface(SF_SURF_2D, SF_FMT_R32F, 16, 16, 1, 1, 5, by_level);
  if (!s) { SF_CHECK(s != NULL); return; }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.mip_filter = SF_MIP_POINT;
  sf_verify_params p;
  sf_verify_params_spec(&p);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_GRAD);
  b.u[0] = b.v[0] = 0.3f;
  b.dudx[0] = 4.0f / 16;
  SF_CHECK_EQ_U(check(&b, 0.5f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.75f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.25f, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  /* the LOD op: G (unclamped) in [2, 2.5]; 3.0 is rejected */
  b.lod_query = true;
  sp.mip_filter = SF_MIP_LINEAR;
  SF_CHECK_EQ_U(check(&b, 2.0f, 2.0f, 0, 0, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 2.0f, 3.0f, 0, 0, &p), SF_VERIFY_REJECTED);
  /* R is the min/max-clamped LOD: max LOD 1 -> R = 1 */
  sp.max_lod = 256;
  SF_CHECK_EQ_U(check(&b, 1.0f, 2.0f, 0, 0, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 2.0f, 2.0f, 0, 0, &p), SF_VERIFY_REJECTED);
  sf_surface_free(s);
}

/* Cube faces (slice = face) hold R = face / 8. */
static float by_slice(unsigned l, unsigned z, unsigned x, unsigned y) {
  (void)l, (void)x, (void)y;
  return (float)z / 8.0f;
}

static void test_cube_faces(void) {
  /* §7.18.12 / VK face selection: (1, 0.2, 0.3) -> +X (face 0); (-0.1, 0.2, -0.9) -> -Z (face 5). */
  sf_surface *s = make_surface(SF_SURF_CUBE, SF_FMT_R32F, 4, 4, 1, 1, 1, by_slice);
  if (!s) { SF_CHECK(s != NULL); return; }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_verify_params p;
  sf_verify_params_spec(&p);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_ZERO);
  b.u[0] = 1.0f, b.v[0] = 0.2f, b.r[0] = 0.3f;
  SF_CHECK_EQ_U(check(&b, 0.0f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 2.0f / 8, 0, 0, 1, &p), SF_VERIFY_REJECTED); /* wrong face (+Y) */
  b.u[0] = -0.1f, b.v[0] = 0.2f, b.r[0] = -0.9f;
  SF_CHECK_EQ_U(check(&b, 5.0f / 8, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 4.0f / 8, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  /* |x| = |y| tie: D3D picks Y (Z > Y > X), softpipe X; a tied direction lies on the shared edge,
   * so under the coordinate tolerance both faces' edge texels are reachable either way; a third
   * face (+Z) is not. */
  b.u[0] = 0.7f, b.v[0] = 0.7f, b.r[0] = 0.1f;
  SF_CHECK_EQ_U(check(&b, 2.0f / 8, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.0f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 4.0f / 8, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  /* away from the edge only the major face is reachable: (0.7, 0.3, 0.1) -> +X */
  b.u[0] = 0.7f, b.v[0] = 0.3f, b.r[0] = 0.1f;
  SF_CHECK_EQ_U(check(&b, 0.0f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 2.0f / 8, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  sf_surface_free(s);
}

static void test_layers(void) {
  /* §22.4.15: array index RNE then clamp. 2D array of 3 layers, R = layer / 8 (r holds the layer). */
  sf_surface *s = make_surface(SF_SURF_2D_ARRAY, SF_FMT_R32F, 2, 2, 1, 3, 1, by_slice);
  if (!s) { SF_CHECK(s != NULL); return; }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_verify_params p;
  sf_verify_params_spec(&p);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_ZERO);
  b.u[0] = b.v[0] = 0.25f;
  b.r[0] = 1.2f;
  SF_CHECK_EQ_U(check(&b, 1.0f / 8, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 2.0f / 8, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  b.r[0] = 0.5f; /* tie: RNE -> 0, floor(a + 0.5) -> 1 */
  SF_CHECK_EQ_U(check(&b, 0.0f, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 1.0f / 8, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  p.layer_ties = false;
  SF_CHECK_EQ_U(check(&b, 1.0f / 8, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  b.r[0] = 7.0f; /* clamped to the last layer */
  SF_CHECK_EQ_U(check(&b, 2.0f / 8, 0, 0, 1, &p), SF_VERIFY_ALLOWED);
  sf_surface_free(s);
}

/* D32F 2x2: 0.2 0.4 / 0.6 0.8 */
static float depth4(unsigned l, unsigned z, unsigned x, unsigned y) {
  (void)l, (void)z;
  return 0.2f + 0.2f * (float)(x + 2 * y);
}

static void test_pcf(void) {
  /* §22.4.19: linear at the centre (weights 0.5, 0.5), ref 0.5, LESS_EQUAL (pass when ref <= texel):
   * taps 0, 0, 1, 1 -> 0.5. Compare-after-filter (softpipe) gives cmp(0.5 <= 0.5) = 1. */
  sf_surface *s = make_surface(SF_SURF_2D, SF_FMT_D32F, 2, 2, 1, 1, 1, depth4);
  if (!s) { SF_CHECK(s != NULL); return; }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;
  sp.compare = SF_CMP_LESS_EQUAL;
  sf_verify_params p;
  sf_verify_params_spec(&p);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_ZERO);
  b.compare = true;
  b.u[0] = b.v[0] = 0.5f;
  b.ref[0] = 0.5f;
  SF_CHECK_EQ_U(check(&b, 0.5f, 0.5f, 0.5f, 0.5f, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.75f, 0, 0, 0, &p), SF_VERIFY_REJECTED);
  SF_CHECK_EQ_U(check(&b, 1.0f, 0, 0, 0, &p), SF_VERIFY_REJECTED);
  p.quirks = SF_QUIRK_COMPARE_AFTER_FILTER;
  SF_CHECK_EQ_U(check(&b, 1.0f, 0, 0, 0, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.5f, 0, 0, 0, &p), SF_VERIFY_REJECTED); /* a single compare is 0 or 1 */
  /* the float models: llvmpipe filters the 0/1 taps (0.5), softpipe compares the filtered depth (1) */
  float mo[4];
  SF_CHECK(sf_driver_model_sample(SF_MESA_LLVMPIPE, &b, 0, false, mo) && mo[0] == 0.5f);
  SF_CHECK(sf_driver_model_sample(SF_MESA_SOFTPIPE, &b, 0, false, mo) && mo[0] == 1.0f);
  sf_surface_free(s);
}

static void test_border_and_unbound(void) {
  /* §7.18.9.1: BORDER, u = -0.5 -> border colour, clamped and snapped (0.25 -> 64/255 in UNORM8). */
  sf_surface *s = make_surface(SF_SURF_2D, SF_FMT_RGBA8_UNORM, 4, 4, 1, 1, 1, ramp);
  if (!s) { SF_CHECK(s != NULL); return; }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.addr[0] = sp.addr[1] = SF_ADDR_BORDER;
  sp.border[0] = 0.25f, sp.border[1] = 1.5f, sp.border[2] = -1.0f, sp.border[3] = 0.5f;
  sf_verify_params p;
  sf_verify_params_spec(&p);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_ZERO);
  b.u[0] = -0.5f;
  b.v[0] = 0.5f;
  SF_CHECK_EQ_U(check(&b, 64.0f / 255, 1.0f, 0.0f, 128.0f / 255, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0.25f, 1.0f, 0.0f, 0.5f, &p), SF_VERIFY_ALLOWED); /* unsnapped: within 1 LSB */
  SF_CHECK_EQ_U(check(&b, 0.25f, 1.5f, 0.0f, 0.5f, &p), SF_VERIFY_REJECTED); /* not clamped */
  SF_CHECK_EQ_U(check(&b, 0.0f, 0.0f, 0.0f, 0.0f, &p), SF_VERIFY_REJECTED);
  /* §7.18.17: unbound slot returns 0 */
  b.surf = NULL;
  SF_CHECK_EQ_U(check(&b, 0, 0, 0, 0, &p), SF_VERIFY_ALLOWED);
  SF_CHECK_EQ_U(check(&b, 0, 0, 0, 1, &p), SF_VERIFY_REJECTED);
  sf_surface_free(s);
}

static void test_unchecked(void) {
  sf_surface *s = make_surface(SF_SURF_2D, SF_FMT_R32_UINT, 2, 2, 1, 1, 1, ramp);
  if (!s) { SF_CHECK(s != NULL); return; }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_ZERO);
  SF_CHECK_EQ_U(check(&b, 0, 0, 0, 1, NULL), SF_VERIFY_UNCHECKED); /* integer format */
  sf_surface_free(s);
  s = make_surface(SF_SURF_2D, SF_FMT_R8_UNORM, 2, 2, 1, 1, 1, ramp);
  if (!s) { SF_CHECK(s != NULL); return; }
  batch1(&b, s, &sp, SF_LOD_ZERO);
  b.u[0] = NAN;
  SF_CHECK_EQ_U(check(&b, 0, 0, 0, 1, NULL), SF_VERIFY_UNCHECKED); /* NaN coordinate */
  b.u[0] = 1e30f;
  SF_CHECK_EQ_U(check(&b, 0, 0, 0, 1, NULL), SF_VERIFY_UNCHECKED); /* beyond the 2^16 texel range */
  /* lane out of range and NULL inputs are UNCHECKED, never a crash */
  uint32_t res[4] = {0, 0, 0, 0};
  SF_CHECK_EQ_U(sf_verify_sample(&b, 5, res, NULL, NULL), SF_VERIFY_UNCHECKED);
  SF_CHECK_EQ_U(sf_verify_sample(NULL, 0, res, NULL, NULL), SF_VERIFY_UNCHECKED);
  SF_CHECK_EQ_U(sf_verify_sample(&b, 0, NULL, NULL, NULL), SF_VERIFY_UNCHECKED);
  sf_surface_free(s);
}

static void test_driver_models(void) {
  /* lp_build_fast_log2: x = m 2^e -> e + m - 1 */
  SF_CHECK(sf_driver_fast_log2(1.0f) == 0.0f);
  SF_CHECK(sf_driver_fast_log2(2.0f) == 1.0f);
  SF_CHECK(sf_driver_fast_log2(3.0f) == 1.5f);   /* 2^1 * 1.5 -> 1 + 0.5 */
  SF_CHECK(sf_driver_fast_log2(0.75f) == -0.5f); /* 2^-1 * 1.5 -> -1 + 0.5 */
  /* util_fast_log2: e + log2(1 + i/256), i = top 8 mantissa bits: 3 = 2 * 1.5 -> 1 + log2(1.5) */
  SF_CHECK(fabsf(sf_driver_table_log2(3.0f) - (1.0f + (float)log2(1.5))) < 1e-6f);
  SF_CHECK(sf_driver_table_log2(4.0f) == 2.0f);
  /* the max error of fast_log2 over [1, 2) is 0.0861 (at m = 1/ln 2): worst LOD error 0.043 */
  float worst = 0;
  for (int i = 0; i < 4096; i++) {
    float x = 1.0f + (float)i / 4096.0f;
    float e = fabsf(sf_driver_fast_log2(x) - (float)log2(x));
    if (e > worst) worst = e;
  }
  SF_CHECK(worst > 0.085f && worst < 0.087f);
  /* driver LOD of a 2D lane: dudx = 4/16 on 16x16 -> llvmpipe 0.5*fastlog2(16) = 2, softpipe 2 */
  sf_surface *s = make_surface(SF_SURF_2D, SF_FMT_R32F, 16, 16, 1, 1, 1, by_level);
  if (!s) { SF_CHECK(s != NULL); return; }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch b;
  batch1(&b, s, &sp, SF_LOD_GRAD);
  b.dudx[0] = 0.25f;
  b.dvdy[0] = 0.125f;
  float l = -1;
  SF_CHECK(sf_driver_lod(SF_MESA_LLVMPIPE, &b, 0, &l) && l == 2.0f);
  SF_CHECK(sf_driver_lod(SF_MESA_SOFTPIPE, &b, 0, &l) && l == 2.0f);
  /* diagonal derivative (3, 4)/16: Euclidean 5 -> llvmpipe 0.5*fastlog2(25) = 0.5*(4 + 25/16 - 1);
   * softpipe max-abs 4 -> 2 */
  b.dudx[0] = 3.0f / 16, b.dvdx[0] = 4.0f / 16, b.dvdy[0] = 0;
  SF_CHECK(sf_driver_lod(SF_MESA_LLVMPIPE, &b, 0, &l) && l == 0.5f * (4.0f + 25.0f / 16.0f - 1.0f));
  SF_CHECK(sf_driver_lod(SF_MESA_SOFTPIPE, &b, 0, &l) && l == 2.0f);
  SF_CHECK(strcmp(sf_driver_quirk_name(SF_QUIRK_COMPARE_AFTER_FILTER), "compare_after_filter") == 0);
  /* float model, explicit LOD 1 with linear mip: level 1 of by_level is 0.25 everywhere */
  sf_sampler lin;
  sf_sampler_default(&lin);
  lin.min_filter = lin.mag_filter = SF_FILTER_LINEAR;
  lin.mip_filter = SF_MIP_LINEAR;
  sf_surface *m5 = make_surface(SF_SURF_2D, SF_FMT_R32F, 16, 16, 1, 1, 5, by_level);
  if (!m5) { SF_CHECK(m5 != NULL); sf_surface_free(s); return; }
  sf_sample_batch e;
  batch1(&e, m5, &lin, SF_LOD_EXPLICIT);
  e.u[0] = 0.3f, e.v[0] = 0.6f, e.lod_or_bias[0] = 1.5f; /* halfway between levels 1 and 2: 0.375 */
  float mo[4];
  SF_CHECK(sf_driver_model_sample(SF_MESA_LLVMPIPE, &e, 0, false, mo) && mo[0] == 0.375f && mo[3] == 1.0f);
  e.lod_or_bias[0] = -1.0f; /* magnification: level 0 */
  SF_CHECK(sf_driver_model_sample(SF_MESA_SOFTPIPE, &e, 0, false, mo) && mo[0] == 0.0f);
  /* not modelled: the LOD query and cubes */
  e.lod_query = true;
  SF_CHECK(!sf_driver_model_sample(SF_MESA_LLVMPIPE, &e, 0, false, mo));
  sf_surface_free(m5);
  SF_CHECK((sf_driver_quirks(SF_MESA_SOFTPIPE) & SF_QUIRK_COMPARE_AFTER_FILTER) != 0);
  SF_CHECK((sf_driver_quirks(SF_MESA_LLVMPIPE) & SF_QUIRK_COMPARE_AFTER_FILTER) == 0);
  sf_surface_free(s);
}

/* Property: the scalar reference (an independent implementation of the same rules) is always
 * allowed by the spec verifier, over random surfaces, samplers, ops and coordinates. */
static void test_reference_is_allowed(void) {
  uint64_t seed = 0x7e51f1ull;
  static const uint8_t fmts[] = {SF_FMT_R8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_RGBA8_SRGB, SF_FMT_RGBA8_SNORM,
                                 SF_FMT_R16_UNORM, SF_FMT_RGBA16F, SF_FMT_R32F, SF_FMT_D32F};
  unsigned lanes = 0, allowed = 0, rejected = 0;
  for (unsigned iter = 0; iter < 300; iter++) {
    unsigned type = (unsigned)(sf_t_rand(&seed) % SF_SURF_TYPE_COUNT);
    unsigned fmt = fmts[sf_t_rand(&seed) % sizeof fmts];
    unsigned w = 1 + (unsigned)(sf_t_rand(&seed) % 12), h = 1 + (unsigned)(sf_t_rand(&seed) % 12);
    unsigned d = type == SF_SURF_3D ? 1 + (unsigned)(sf_t_rand(&seed) % 5) : 1;
    if (type == SF_SURF_1D || type == SF_SURF_1D_ARRAY) h = 1;
    if (type == SF_SURF_CUBE || type == SF_SURF_CUBE_ARRAY) h = w;
    unsigned layers = (type == SF_SURF_1D_ARRAY || type == SF_SURF_2D_ARRAY || type == SF_SURF_CUBE_ARRAY)
                          ? 1 + (unsigned)(sf_t_rand(&seed) % 3) : 1;
    unsigned levels = 1 + (unsigned)(sf_t_rand(&seed) % 4);
    sf_surface_desc desc = {(uint8_t)type, (uint8_t)fmt, w, h, d, layers, levels};
    sf_surface *s = NULL;
    if (sf_surface_create(&s, &desc, &st) != SF_OK) {
      levels = 1;
      desc.levels = 1;
      if (sf_surface_create(&s, &desc, &st) != SF_OK) continue;
    }
    for (size_t i = 0; i < s->size; i++) s->data[i] = (uint8_t)sf_t_rand(&seed);
    if (fmt == SF_FMT_RGBA16F || fmt == SF_FMT_R32F || fmt == SF_FMT_D32F) { /* finite values */
      for (unsigned l = 0; l < levels; l++) {
        unsigned nz = type == SF_SURF_3D ? s->levels[l].d : s->slices;
        for (unsigned z = 0; z < nz; z++)
          for (unsigned y = 0; y < s->levels[l].h; y++)
            for (unsigned x = 0; x < s->levels[l].w; x++) {
              float v[4];
              for (int c = 0; c < 4; c++) v[c] = (float)(sf_t_rand(&seed) % 2001) / 1000.0f - (fmt == SF_FMT_D32F ? -0.0f : 1.0f);
              if (fmt == SF_FMT_D32F) v[0] = (float)(sf_t_rand(&seed) % 1001) / 1000.0f;
              sf_surface_store(s, l, z, x, y, v, &st);
            }
      }
    }
    sf_sampler sp;
    sf_sampler_default(&sp);
    sp.min_filter = (uint8_t)(sf_t_rand(&seed) % 2);
    sp.mag_filter = (uint8_t)(sf_t_rand(&seed) % 2);
    sp.mip_filter = (uint8_t)(sf_t_rand(&seed) % 3);
    for (int a = 0; a < 3; a++) sp.addr[a] = (uint8_t)(sf_t_rand(&seed) % SF_ADDR_COUNT);
    for (int c = 0; c < 4; c++) sp.border[c] = (float)(sf_t_rand(&seed) % 5) * 0.375f - 0.5f;
    sp.lod_bias = (int16_t)((int)(sf_t_rand(&seed) % 1025) - 512);
    sp.compare = (uint8_t)(sf_t_rand(&seed) % 8);
    sf_sample_batch b;
    memset(&b, 0, sizeof b);
    b.surf = s;
    b.samp = &sp;
    b.lod_mode = (uint8_t)(sf_t_rand(&seed) % 4);
    b.compare = fmt == SF_FMT_D32F && type != SF_SURF_3D && (sf_t_rand(&seed) & 1);
    b.n = 32;
    b.lanes = 0xFFFFFFFFu;
    for (unsigned i = 0; i < 32; i++) {
      float *crd[4] = {&b.u[i], &b.v[i], &b.r[i], &b.ai[i]};
      for (int a = 0; a < 4; a++) *crd[a] = (float)((int)(sf_t_rand(&seed) % 4001) - 1000) / 2000.0f;
      if (type == SF_SURF_1D_ARRAY) b.v[i] = (float)(sf_t_rand(&seed) % 9) * 0.5f - 0.5f;
      if (type == SF_SURF_2D_ARRAY) b.r[i] = (float)(sf_t_rand(&seed) % 9) * 0.5f - 0.5f;
      if (type == SF_SURF_CUBE_ARRAY) b.ai[i] = (float)(sf_t_rand(&seed) % 9) * 0.5f - 0.5f;
      b.lod_or_bias[i] = (float)((int)(sf_t_rand(&seed) % 1000) - 300) / 200.0f;
      float g = (float)(1u << (sf_t_rand(&seed) % 6)) / 16.0f;
      b.dudx[i] = g * (float)((int)(sf_t_rand(&seed) % 200) - 100) / 100.0f;
      b.dvdy[i] = g * (float)((int)(sf_t_rand(&seed) % 200) - 100) / 100.0f;
      b.drdx[i] = g * (float)((int)(sf_t_rand(&seed) % 200) - 100) / 100.0f;
      b.ref[i] = (float)(sf_t_rand(&seed) % 1001) / 1000.0f;
      if (type != SF_SURF_CUBE && type != SF_SURF_CUBE_ARRAY && iter % 3 == 0) {
        b.off_u[i] = (int8_t)((int)(sf_t_rand(&seed) % 16) - 8);
        b.off_v[i] = (int8_t)((int)(sf_t_rand(&seed) % 16) - 8);
      }
    }
    sf_sample_out out;
    if (sf_sample(sf_backend_scalar(), &b, &out, &st) != SF_OK) {
      sf_surface_free(s);
      continue;
    }
    sf_verify_params p;
    sf_verify_params_spec(&p);
    for (unsigned i = 0; i < 32; i++) {
      uint32_t res[4] = {out.v[0][i], out.v[1][i], out.v[2][i], out.v[3][i]};
      sf_verify_result vr;
      sf_verify_kind k = sf_verify_sample(&b, i, res, &p, &vr);
      lanes++;
      if (k == SF_VERIFY_ALLOWED) {
        allowed++;
        /* sensitivity: every texel and border value here is within [-1.5, 1.5]; +2.5 is outside */
        if (!b.lod_query) {
          float f;
          memcpy(&f, &res[0], 4);
          res[0] = fb(f + 2.5f);
          SF_CHECK_EQ_U(sf_verify_sample(&b, i, res, &p, NULL), SF_VERIFY_REJECTED);
        }
      }
      if (k == SF_VERIFY_REJECTED) {
        rejected++;
        char d1[160], d2[200];
        SF_CHECK_MSG(0, "iter %u lane %u: %s | %s | op mode %u cmp %d: %s", iter, i, sf_surface_describe(s, d1, sizeof d1),
                     sf_sampler_describe(&sp, d2, sizeof d2), b.lod_mode, b.compare, vr.why);
      }
    }
    sf_surface_free(s);
  }
  printf("reference through the verifier: %u lanes, %u allowed, %u rejected\n", lanes, allowed, rejected);
  SF_CHECK(lanes > 5000);
  SF_CHECK(allowed > lanes * 9 / 10);
}

/* Robustness: arbitrary bit patterns in every request field (NaN, Inf, huge values, out-of-range
 * enums and offsets) and arbitrary results never crash or trip ASan/UBSan; every answer is one of
 * the three kinds with a non-empty reason. */
static void test_garbage_requests(void) {
  uint64_t seed = 0x9a7ba9eull;
  sf_surface *surfs[3] = {
      make_surface(SF_SURF_2D_ARRAY, SF_FMT_RGBA8_UNORM, 5, 3, 1, 2, 3, ramp),
      make_surface(SF_SURF_CUBE_ARRAY, SF_FMT_D32F, 4, 4, 1, 2, 2, depth4),
      make_surface(SF_SURF_3D, SF_FMT_RGBA16F, 4, 2, 3, 1, 2, by_level),
  };
  for (int i = 0; i < 3; i++) SF_CHECK(surfs[i] != NULL);
  unsigned kinds[3] = {0, 0, 0};
  for (unsigned iter = 0; iter < 3000; iter++) {
    sf_sampler sp;
    uint8_t *raw = (uint8_t *)&sp;
    for (size_t i = 0; i < sizeof sp; i++) raw[i] = (uint8_t)sf_t_rand(&seed);
    for (int c = 0; c < 4; c++) { /* keep the border a float pattern, any pattern */
      uint32_t u = (uint32_t)sf_t_rand(&seed);
      memcpy(&sp.border[c], &u, 4);
    }
    sp.avs_shuffle = sp.avs_adaptive = sp.avs_ief = sp.avs_8tap_all = false;
    if (iter % 2) { /* half of the time valid enums, so the deep paths run */
      sp.min_filter &= 1, sp.mag_filter &= 1, sp.mip_filter %= 3;
      for (int a = 0; a < 3; a++) sp.addr[a] %= SF_ADDR_COUNT;
    }
    sf_sample_batch b;
    uint8_t *rb = (uint8_t *)&b;
    for (size_t i = 0; i < sizeof b; i++) rb[i] = (uint8_t)sf_t_rand(&seed);
    b.surf = (iter % 7 == 0) ? NULL : surfs[iter % 3];
    b.samp = &sp;
    b.n = (unsigned)(sf_t_rand(&seed) % 40);
    b.lod_mode %= 5;
    b.compare = (sf_t_rand(&seed) & 1) != 0; /* bools must hold 0/1 (anything else is UB in C) */
    b.lod_query = (sf_t_rand(&seed) % 5) == 0;
    if (iter % 3 == 0) /* moderate values too */
      for (unsigned i = 0; i < SF_MAX_LANES; i++) {
        b.u[i] = (float)((int)(sf_t_rand(&seed) % 2000) - 1000) / 300.0f;
        b.v[i] = (float)((int)(sf_t_rand(&seed) % 2000) - 1000) / 300.0f;
        b.r[i] = (float)((int)(sf_t_rand(&seed) % 2000) - 1000) / 300.0f;
        b.ai[i] = (float)((int)(sf_t_rand(&seed) % 2000) - 1000) / 300.0f;
        b.lod_or_bias[i] = (float)((int)(sf_t_rand(&seed) % 2000) - 1000) / 100.0f;
      }
    uint32_t res[4];
    for (int c = 0; c < 4; c++) res[c] = (uint32_t)sf_t_rand(&seed);
    sf_verify_params p;
    sf_verify_params_spec(&p);
    p.quirks = (uint32_t)sf_t_rand(&seed);
    p.driver = (sf_mesa_driver)(sf_t_rand(&seed) & 1);
    sf_verify_result out;
    unsigned lane = (unsigned)(sf_t_rand(&seed) % 34);
    sf_verify_kind k = sf_verify_sample(&b, lane, res, &p, &out);
    SF_CHECK(k == SF_VERIFY_ALLOWED || k == SF_VERIFY_REJECTED || k == SF_VERIFY_UNCHECKED);
    SF_CHECK(out.why[0] != 0);
    if (k <= SF_VERIFY_UNCHECKED) kinds[k]++;
  }
  /* all three answers occur */
  SF_CHECK(kinds[SF_VERIFY_ALLOWED] > 0 && kinds[SF_VERIFY_REJECTED] > 0 && kinds[SF_VERIFY_UNCHECKED] > 0);
  for (int i = 0; i < 3; i++) sf_surface_free(surfs[i]);
}

int main(void) {
  SF_RUN(test_point_texel_centre);
  SF_RUN(test_bilinear);
  SF_RUN(test_mip_selection);
  SF_RUN(test_gradient_lod);
  SF_RUN(test_cube_faces);
  SF_RUN(test_layers);
  SF_RUN(test_pcf);
  SF_RUN(test_border_and_unbound);
  SF_RUN(test_unchecked);
  SF_RUN(test_driver_models);
  SF_RUN(test_reference_is_allowed);
  SF_RUN(test_garbage_requests);
  SF_TEST_END();
}
