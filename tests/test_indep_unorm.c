/* tests/test_indep_unorm.c — the independent model of SAMPLE_UNORM and AVS (include/samplefuzz/indep.h,
 * oracles/indep/indep_unorm.c): answers worked by hand on tiny surfaces, the scalar reference inside
 * the intervals on thousands of random requests, and wrong results (the other tap count, a weight
 * off by one 8.8 unit, a neighbour texel) outside them; the check names itself indep_unorm /
 * indep_avs. */
#include <math.h>
#include <string.h>

#include "samplefuzz/indep.h"
#include "samplefuzz/oracle.h"
#include "oracles/indep/meta_int.h"
#include "sf_test.h"

static sf_surface *mk(unsigned fmt, unsigned w, unsigned h) {
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_meta_surface(&s, fmt, w, h, 1, NULL, &st) == SF_OK); /* a zeroed 2D surface, one level */
  return s;
}

/* Channel bytes of texel (x, y) of an 8-bit RGBA-order surface. */
static void put(sf_surface *s, unsigned x, unsigned y, const uint8_t *v, unsigned n) {
  memcpy(sf_surface_texel(s, 0, 0, x, y), v, n);
}

/* NV12: Y of (x, y); Cb, Cr of the 2x2 block holding (x, y) (layout of include/samplefuzz/sampler.h). */
static void put_y(sf_surface *s, unsigned x, unsigned y, uint8_t v) {
  s->data[s->levels[0].offset + y * s->levels[0].row_pitch + x] = v;
}
static void put_cbcr(sf_surface *s, unsigned x, unsigned y, uint8_t cb, uint8_t cr) {
  size_t o = s->nv12_uv_offset + (y / 2) * s->levels[0].row_pitch + (x / 2) * 2;
  s->data[o] = cb;
  s->data[o + 1] = cr;
}

/* NV12 4x2: Y = 1..8 row by row, chroma (Cb, Cr) = (100, 200) for the left block, (110, 210) right. */
static sf_surface *mk_nv12(void) {
  sf_surface *s = mk(SF_FMT_NV12, 4, 2);
  for (unsigned y = 0; y < 2; y++)
    for (unsigned x = 0; x < 4; x++) put_y(s, x, y, (uint8_t)(1 + y * 4 + x));
  put_cbcr(s, 0, 0, 100, 200);
  put_cbcr(s, 2, 0, 110, 210);
  return s;
}

static sf_indep_unorm_result ur;
static sf_indep_avs_result ar;

/* The model's interval for (pixel, channel) is exactly the one 8.8 value want (± the rounding). */
static bool u_exact(unsigned px, unsigned ch, double want) {
  return (ur.checked >> px & 1u) && ur.lo[ch][px] <= want && ur.hi[ch][px] >= want && ur.hi[ch][px] - ur.lo[ch][px] <= 1.0 &&
         ur.lo[ch][px] > want - 1.0 && ur.hi[ch][px] < want + 1.0;
}
static bool a_exact(unsigned px, unsigned ch, double want) {
  return (ar.checked[px / 64] >> (px % 64) & 1u) && ar.lo[ch][px] <= want && ar.hi[ch][px] >= want &&
         ar.lo[ch][px] > want - 1.0 && ar.hi[ch][px] < want + 1.0;
}
static bool u_has(unsigned px, unsigned ch, double v) { return ur.lo[ch][px] <= v && ur.hi[ch][px] >= v; }

static void unorm(const sf_surface *s, const sf_sampler *sp, float u, float v, float du, float dv) {
  sf_unorm_req q = {s, sp, u, v, du, dv};
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_indep_unorm(&q, &ur, &st) == SF_OK);
}

/* RGBA8 2x2: (0,0) = 10 20 30 40, (1,0) = 50 60 70 80, (0,1) = 90 100 110 120, (1,1) = 130 140 150 160. */
static void test_unorm_point_linear(void) {
  sf_surface *s = mk(SF_FMT_RGBA8_UNORM, 2, 2);
  static const uint8_t t[4][4] = {{10, 20, 30, 40}, {50, 60, 70, 80}, {90, 100, 110, 120}, {130, 140, 150, 160}};
  for (unsigned i = 0; i < 4; i++) put(s, i % 2, i / 2, t[i], 4);
  sf_sampler sp;
  sf_sampler_default(&sp);   /* point, clamp */
  unorm(s, &sp, 0.25f, 0.25f, 0.5f, 0.5f);   /* pixel (x, y) at texel centre (x, y), clamped beyond 1 */
  SF_CHECK(ur.checked == 0xffffffffu);
  SF_CHECK(u_exact(0, 0, 10 * 256) && u_exact(0, 3, 40 * 256));
  SF_CHECK(u_exact(1, 1, 60 * 256));          /* (1, 0) */
  SF_CHECK(u_exact(9, 2, 150 * 256));         /* (1, 1) */
  SF_CHECK(u_exact(7, 0, 50 * 256));          /* (7, 0): u = 3.75 clamps to texel 1 */
  sp.mag_filter = SF_FILTER_LINEAR;
  unorm(s, &sp, 0.5f, 0.5f, 0.0f, 0.0f);      /* x = y = 0.5: the four texels' mean */
  SF_CHECK(u_exact(0, 0, 70 * 256) && u_exact(0, 1, 80 * 256) && u_exact(31, 3, 100 * 256));
  unorm(s, &sp, 0.375f, 0.25f, 0.0f, 0.0f);   /* x = 0.25 (f = 64), y = 0 (f = 0): 10·3/4 + 50/4 = 20 */
  SF_CHECK(u_exact(0, 0, 20 * 256) && u_exact(0, 2, 40 * 256));
  unorm(s, &sp, 0.4375f, 0.25f, 0.0f, 0.0f);  /* x = 0.375 (f = 96): 10·160/256 + 50·96/256 = 25 */
  SF_CHECK(u_exact(0, 0, 25 * 256));
  /* 1/512 past the middle: 256x = 128.5 exactly, a tie of the 8-bit snap: f = 128 or 129 */
  sf_surface *s2 = mk(SF_FMT_R8_UNORM, 2, 1);
  static const uint8_t z = 0, f = 255;
  put(s2, 0, 0, &z, 1);
  put(s2, 1, 0, &f, 1);
  unorm(s2, &sp, 0.5009765625f, 0.5f, 0.0f, 0.0f);
  SF_CHECK(u_has(0, 0, 255.0 * 128) && u_has(0, 0, 255.0 * 129) && !u_has(0, 0, 255.0 * 127) && !u_has(0, 0, 255.0 * 130));
  sf_surface_free(s2);
  sf_surface_free(s);
}

/* R8 4x1 = 10 20 30 40, point: each address mode at texel indices -1, -2, 4 and 9. */
static void test_unorm_address_modes(void) {
  sf_surface *s = mk(SF_FMT_R8_UNORM, 4, 1);
  for (unsigned x = 0; x < 4; x++) {
    uint8_t v = (uint8_t)(10 * (x + 1));
    put(s, x, 0, &v, 1);
  }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.border[0] = 0.2f;   /* 51 */
  static const float us[4] = {-0.125f, -0.375f, 1.125f, 2.375f};   /* x = -0.5, -1.5, 4.5, 9.5 */
  static const int want[SF_ADDR_COUNT][4] = {
      [SF_ADDR_WRAP] = {40, 30, 10, 20},  [SF_ADDR_MIRROR] = {10, 20, 40, 20}, [SF_ADDR_CLAMP] = {10, 10, 40, 40},
      [SF_ADDR_BORDER] = {51, 51, 51, 51}, [SF_ADDR_MIRROR_ONCE] = {10, 20, 40, 40}};
  for (unsigned m = 0; m < SF_ADDR_COUNT; m++) {
    sp.addr[0] = (uint8_t)m;
    sp.addr[1] = SF_ADDR_CLAMP;
    for (unsigned i = 0; i < 4; i++) {
      unorm(s, &sp, us[i], 0.5f, 0.0f, 0.0f);
      SF_CHECK_MSG(u_exact(0, 0, want[m][i] * 256), "mode %u u %g: [%g, %g]", m, (double)us[i], ur.lo[0][0], ur.hi[0][0]);
    }
  }
  /* border: channels R8 lacks take (0, 0, 0, 1); a border of 0.5 is 127.5: both codes admitted */
  sp.addr[0] = SF_ADDR_BORDER;
  sp.border[1] = sp.border[2] = sp.border[3] = 0.5f;
  unorm(s, &sp, -1.0f, 0.5f, 0.0f, 0.0f);
  SF_CHECK(u_exact(0, 0, 51 * 256) && u_exact(0, 1, 0) && u_exact(0, 2, 0) && u_exact(0, 3, 255 * 256));
  sf_surface *s4 = mk(SF_FMT_RGBA8_UNORM, 2, 2);
  unorm(s4, &sp, -1.0f, 0.5f, 0.0f, 0.0f);
  SF_CHECK(u_has(0, 1, 127 * 256) && u_has(0, 1, 128 * 256) && !u_has(0, 1, 126 * 256) && !u_has(0, 1, 129 * 256));
  sf_surface_free(s4);
  sf_surface_free(s);
}

/* NV12 4x2: Y = 1..8 row by row, chroma (Cb, Cr) = (100, 200) for the left block, (110, 210) right;
 * a null tile reads zero bytes. Unsupported inputs and surfaces. */
static void test_unorm_nv12_null_unsupported(void) {
  sf_surface *s = mk_nv12();
  sf_sampler sp;
  sf_sampler_default(&sp);
  unorm(s, &sp, 0.125f, 0.25f, 0.25f, 0.5f);   /* pixel (x, y) at texel (x, y) for x < 4, y < 2 */
  SF_CHECK(u_exact(0, 1, 1 * 256) && u_exact(0, 0, 200 * 256) && u_exact(0, 2, 100 * 256) && u_exact(0, 3, 255 * 256));
  SF_CHECK(u_exact(8 + 3, 1, 8 * 256) && u_exact(8 + 3, 0, 210 * 256) && u_exact(8 + 3, 2, 110 * 256));
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_surface_set_null(s, 0, 0, 0, 0, true, &st) == SF_OK);
  unorm(s, &sp, 0.125f, 0.25f, 0.25f, 0.5f);
  SF_CHECK(u_exact(3, 1, 0) && u_exact(3, 0, 0) && u_exact(3, 3, 255 * 256));
  sf_surface *s8 = mk(SF_FMT_R8_UNORM, 2, 2);
  memset(s8->data, 77, s8->size);
  unorm(s8, &sp, 3e30f, 0.25f, 1e30f, 0.0f);   /* clamp far away: the edge, modelled */
  SF_CHECK(ur.checked == 0xffffffffu && u_exact(7, 0, 77 * 256));
  /* non-finite coordinates: pixels unsupported, never a pass (0·Inf is NaN) */
  unorm(s8, &sp, 0.25f, 0.25f, INFINITY, 0.0f);
  SF_CHECK(ur.checked == 0 && ur.unsupported == 0xffffffffu && ur.why[0]);
  unorm(s8, &sp, NAN, 0.25f, 0.0f, 0.0f);
  SF_CHECK(ur.checked == 0 && ur.unsupported == 0xffffffffu);
  /* wrap far away: the float32 position is too uncertain */
  sp.addr[0] = SF_ADDR_WRAP;
  unorm(s8, &sp, 3e9f, 0.25f, 0.0f, 0.0f);
  SF_CHECK(ur.checked == 0);
  sp.addr[0] = SF_ADDR_CLAMP;
  SF_CHECK(sf_surface_set_null(s8, 0, 0, 0, 0, true, &st) == SF_OK);
  unorm(s8, &sp, 0.25f, 0.25f, 0.0f, 0.0f);
  SF_CHECK(u_exact(0, 0, 0) && u_exact(0, 3, 255 * 256));
  sf_surface *s16 = mk(SF_FMT_R16_UNORM, 2, 2);
  sf_unorm_req q = {s16, &sp, 0.5f, 0.5f, 0, 0};
  SF_CHECK(sf_indep_unorm(&q, &ur, &st) == SF_UNSUPPORTED && st.msg[0]);
  q.surf = NULL;   /* unbound: zeros */
  SF_CHECK(sf_indep_unorm(&q, &ur, &st) == SF_OK && ur.checked == 0xffffffffu && ur.hi[0][0] == 0.0);
  sf_surface_free(s16);
  sf_surface_free(s8);
  sf_surface_free(s);
}

static void avs(const sf_surface *s, const sf_sampler *sp, float u, float v, float du, float dv, unsigned w, unsigned h) {
  sf_avs_req q;
  memset(&q, 0, sizeof q);
  q.surf = s;
  q.samp = sp;
  q.u = u, q.v = v, q.du = du, q.dv = dv;
  q.w = (uint8_t)w, q.h = (uint8_t)h;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_indep_avs(&q, &ar, &st) == SF_OK);
}

/* R8 8x4, texel (x, y) = 10x + y; default ("nearest") tables at texel centres reproduce the source. */
/* NV12 stores no alpha: every backend's SAMPLE_UNORM and AVS read alpha 1 in a null tile and at a
 * border tap whose border colour has alpha 0 (docs/precision-model.md §4-5), and so does the model.
 * The reference once returned 0 for both. */
static void test_nv12_alpha_is_one(void) {
  sf_surface *s = mk(SF_FMT_NV12, 8, 8);
  memset(s->data, 90, s->size);
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_surface_set_null(s, 0, 0, 0, 0, true, &st) == SF_OK);   /* tile (0, 0): the whole surface */
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.addr[0] = sp.addr[1] = SF_ADDR_BORDER;
  for (unsigned k = 0; k < 4; k++) sp.border[k] = k == 3 ? 0.0f : 0.5f;
  /* row 0: pixels 0..3 in the null tile (texels 1, 3, 5, 7), pixels 4..7 past the right edge */
  sf_unorm_req q = {s, &sp, 1.5f / 8, 0.5f / 8, 2.0f / 8, 0.0f};
  const sf_backend *be[8];
  unsigned nbe = sf_backend_list(be, 8);
  for (unsigned b = 0; b < nbe; b++) {
    sf_unorm_out o;
    sf_status_clear(&st);
    SF_CHECK(be[b]->sample_unorm && be[b]->sample_unorm(&q, &o, &st) == SF_OK);
    for (unsigned x = 0; x < 8; x++) SF_CHECK(o.v[3][x] == 255 * 256);
    SF_CHECK(o.v[1][0] == 0 && o.v[1][7] == 128 * 256);   /* Y: the null tile, the border (0.5 -> 128) */
  }
  sf_status_clear(&st);
  SF_CHECK(sf_indep_unorm(&q, &ur, &st) == SF_OK);
  for (unsigned x = 0; x < 8; x++) SF_CHECK(u_exact(x, 3, 255 * 256));
  sf_avs_req a;
  memset(&a, 0, sizeof a);
  a.surf = s, a.samp = &sp, a.u = 1.5f / 8, a.v = 0.5f / 8, a.du = 1.0f / 8, a.w = 8, a.h = 4;
  for (unsigned b = 0; b < nbe; b++) {
    sf_avs_out o;
    sf_status_clear(&st);
    SF_CHECK(be[b]->avs && be[b]->avs(&a, &o, &st) == SF_OK);
    for (unsigned p = 0; p < 32; p++) SF_CHECK(o.v[3][p] == 255 * 256);
  }
  sf_surface_free(s);
}

static void test_avs_default_table(void) {
  sf_surface *s = mk(SF_FMT_R8_UNORM, 8, 4);
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 8; x++) {
      uint8_t v = (uint8_t)(10 * x + y);
      put(s, x, y, &v, 1);
    }
  sf_sampler sp;
  sf_sampler_default(&sp);
  avs(s, &sp, 0.5f / 8, 0.5f / 4, 1.0f / 8, 1.0f / 4, 8, 4);
  bool all = true;
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 8; x++) all &= a_exact(y * 8 + x, 0, (10 * x + y) * 256.0) && a_exact(y * 8 + x, 3, 255 * 256.0);
  SF_CHECK(all);
  /* phase 24 (3/4 of a texel past a centre) takes the next texel; 16x8 rows 4-7 clamp to row 3 */
  avs(s, &sp, (0.5f + 0.75f) / 8, 0.5f / 4, 1.0f / 8, 1.0f / 4, 16, 8);
  SF_CHECK(a_exact(0, 0, 10 * 256.0) && a_exact(16 * 7 + 15, 0, 73 * 256.0));
  sf_surface_free(s);
}

/* RGBA8 8x1, R = G = 8x: luma table a box of 8 taps of 8, chroma "nearest". At pixel 0 (position 0,
 * phase 0) G averages texels -3..4 clamped: (0·4 + 8 + 16 + 24 + 32)/8 = 10; R (4-tap) is texel 0 =
 * 0, or 10 with avs_8tap_all. A wrong tap count is outside the interval. */
static void test_avs_custom_table_taps(void) {
  sf_surface *s = mk(SF_FMT_RGBA8_UNORM, 8, 1);
  for (unsigned x = 0; x < 8; x++) {
    uint8_t v[4] = {(uint8_t)(8 * x), (uint8_t)(8 * x), 0, 255};
    put(s, x, 0, v, 4);
  }
  sf_sampler sp;
  sf_sampler_default(&sp);
  for (unsigned p = 0; p < SF_AVS_PHASES; p++)
    for (unsigned t = 0; t < SF_AVS_LUMA_TAPS; t++) sp.avs_luma[p][t] = 8;
  avs(s, &sp, 0.5f / 8, 0.5f, 0.0f, 0.0f, 4, 4);
  SF_CHECK(a_exact(0, 1, 10 * 256.0) && a_exact(0, 0, 0.0));
  SF_CHECK(!(ar.lo[0][0] <= 10 * 256.0 && ar.hi[0][0] >= 10 * 256.0));   /* R with 8 taps: outside */
  sp.avs_8tap_all = true;
  avs(s, &sp, 0.5f / 8, 0.5f, 0.0f, 0.0f, 4, 4);
  SF_CHECK(a_exact(0, 0, 10 * 256.0) && !(ar.lo[0][0] <= 0.0 && ar.hi[0][0] >= 0.0));
  /* the scalar reference agrees with the hand-worked values */
  sf_avs_req q;
  memset(&q, 0, sizeof q);
  q.surf = s, q.samp = &sp, q.u = 0.5f / 8, q.v = 0.5f, q.w = 4, q.h = 4;
  sf_avs_out out;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_backend_scalar()->avs(&q, &out, &st) == SF_OK && out.v[0][0] == 10 * 256 && out.v[1][0] == 10 * 256);
  sp.avs_8tap_all = false;
  SF_CHECK(sf_backend_scalar()->avs(&q, &out, &st) == SF_OK && out.v[0][0] == 0 && out.v[1][0] == 10 * 256);
  /* negative lobes: a sharpening table clamps the output to [0, 255·256] */
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    static const int8_t sharp[8] = {0, 0, -32, 64, 64, -32, 0, 0};
    memcpy(sp.avs_luma[p], sharp, 8);
  }
  uint8_t hi[4] = {255, 255, 255, 255};
  put(s, 1, 0, hi, 4);   /* G: 0, 255, 16, ...: at position 0.5 (phase 16) taps -1..2 weigh -32, 64, 64, -32 */
  avs(s, &sp, 1.0f / 8, 0.5f, 0.0f, 0.0f, 4, 4);   /* p = 0.5: i = 0, phase 16 */
  /* horizontal: -32·0 + 64·0 + 64·255 - 32·16 = 15808; vertical rows all row 0: ·64 -> V = 1011712; /16 = 63232 */
  SF_CHECK(a_exact(0, 1, 63232.0));
  sf_surface_free(s);
}

/* NV12 4x2: R and B are filtered on the 2x1 chroma plane at its own positions. */
static void test_avs_nv12(void) {
  sf_surface *s = mk_nv12();
  sf_sampler sp;
  sf_sampler_default(&sp);
  avs(s, &sp, 0.125f, 0.25f, 0.25f, 0.5f, 4, 4);
  /* Y plane: position x, phase 0; chroma plane (2 wide): x/2 - 0.25 -> texels 0, 0, 1, 1 */
  static const int cr[4] = {200, 200, 210, 210}, cb[4] = {100, 100, 110, 110};
  bool all = true;
  for (unsigned x = 0; x < 4; x++)
    all &= a_exact(x, 1, (1 + x) * 256.0) && a_exact(x, 0, cr[x] * 256.0) && a_exact(x, 2, cb[x] * 256.0) &&
           a_exact(4 + x, 1, (5 + x) * 256.0) && a_exact(x, 3, 255 * 256.0);
  SF_CHECK(all);
  /* refusals: adaptive, IEF, a table that does not sum to 64 */
  sf_avs_req q;
  memset(&q, 0, sizeof q);
  q.surf = s, q.samp = &sp, q.w = 16, q.h = 4;
  sf_status st;
  sf_status_clear(&st);
  sp.avs_adaptive = true;
  SF_CHECK(sf_indep_avs(&q, &ar, &st) == SF_UNSUPPORTED);
  sp.avs_adaptive = false;
  q.ief = true;
  SF_CHECK(sf_indep_avs(&q, &ar, &st) == SF_UNSUPPORTED);
  q.ief = false;
  sp.avs_luma[5][0] = 1;
  SF_CHECK(sf_indep_avs(&q, &ar, &st) == SF_UNSUPPORTED);
  sp.avs_luma[5][0] = 0;
  q.h = 3;
  SF_CHECK(sf_indep_avs(&q, &ar, &st) == SF_UNSUPPORTED);
  q.h = 4;
  q.u = NAN;
  SF_CHECK(sf_indep_avs(&q, &ar, &st) == SF_OK && ar.checked[0] == 0 && ar.unsupported[0] == 0xffffffffffffffffull);
  sf_surface_free(s);
}

/* Far positions: terms of the NLAS sum near 2^100 whose magnitudes add up beyond it (found by a
 * stress run: the model once took such a pixel to the wrong edge), one term beyond 2^110 (the
 * edge of its sign whatever float32 does), and terms beyond 2^100 of both signs (not modelled). */
/* A known answer past k = 2^32 (VBN of 2^30 and up), where the reference takes k(k-1)/2 in double
 * and rounds it to float32 (scalar.c avs_pos, docs/precision-model.md): for k = 4·1073741856, that
 * value and k(k+1)/2 round to neighbouring floats, and with these v and v2d the row position
 * p·64 - 0.5 lands just below row 8 (PY = 255 in 1/32 texels: row 7, phase 31) with k(k-1)/2 and at
 * row 8 (PY = 256) with k(k+1)/2. The independent model allows both (float rounding), and the
 * SIMD backends hand such blocks to the scalar code, so only a value worked out here sees the
 * formula. Every phase weighs tap 3 (the centre) 64, so a pixel reads its row's texel: row r holds
 * 3r + 1, and pixel (0, 0) must be row 7's 22, not row 8's 25 (8.8: x256). The search that found v
 * and v2d computed both forms in float32 with round-to-nearest-even. */
static void test_avs_position_past_2_32(void) {
  sf_surface *s = mk(SF_FMT_R8_UNORM, 16, 64);
  for (unsigned y = 0; y < 64; y++)
    for (unsigned x = 0; x < 16; x++) put_y(s, x, y, (uint8_t)(3 * y + 1));
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.avs_8tap_all = true;
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    memset(sp.avs_luma[p], 0, SF_AVS_LUMA_TAPS);
    sp.avs_luma[p][3] = 64;
  }
  sf_avs_req q;
  memset(&q, 0, sizeof q);
  q.surf = s, q.samp = &sp, q.w = 16, q.h = 4;
  q.u = 0.5f, q.du = 0.0f, q.u2d = 0.0f;
  q.v = -0x1.e64294p-3f, q.dv = 0.0f, q.v2d = 0x1.7ae148p-65f, q.vbn = 1073741856u;
  sf_avs_out out;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_backend_scalar()->avs(&q, &out, &st) == SF_OK);
  SF_CHECK_MSG(out.v[0][0] == 22 * 256, "pixel (0, 0) = 0x%04x, want row 7 (22 << 8 = 0x1600)", out.v[0][0]);
  sf_surface_free(s);
}

static void test_avs_far_positions(void) {
  sf_surface *s = mk(SF_FMT_R8_UNORM, 4, 5);
  for (size_t i = 0; i < s->size; i++) s->data[i] = (uint8_t)(i * 37 + 11);
  sf_sampler sp;
  sf_sampler_default(&sp);
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    static const int8_t ch[4] = {-6, 40, 34, -4};
    memcpy(sp.avs_chroma[p], ch, 4);
  }
  sf_avs_req q;
  memset(&q, 0, sizeof q);
  q.surf = s, q.samp = &sp, q.w = 4, q.h = 4;
  q.u = -0x1.9d2018p-19f, q.du = 0x1.d4f38p-5f, q.u2d = 0x1.920f8p-31f;
  q.v = -0x1.6ccb56p+96f, q.dv = -0x1.0c0dfcp-3f, q.v2d = 0x1.0d5146p+41f, q.vbn = 253989317u;
  sf_avs_out out;
  sf_status st;
  sf_status_clear(&st);
  unsigned px, ch;
  SF_CHECK(sf_backend_scalar()->avs(&q, &out, &st) == SF_OK && sf_indep_avs(&q, &ar, &st) == SF_OK);
  SF_CHECK(ar.checked[0] == 0xffffull && !sf_indep_avs_violation(&ar, &out, &px, &ch));
  q.v = 0x1p120f, q.v2d = 0.0f, q.vbn = 0;   /* beyond the bottom edge: row 4 */
  SF_CHECK(sf_backend_scalar()->avs(&q, &out, &st) == SF_OK && sf_indep_avs(&q, &ar, &st) == SF_OK);
  SF_CHECK(ar.checked[0] == 0xffffull && !sf_indep_avs_violation(&ar, &out, &px, &ch));
  q.v = 0x1p120f, q.dv = -0x1p120f;          /* rows 1-3: 2^120 - y·2^120, not modelled */
  SF_CHECK(sf_indep_avs(&q, &ar, &st) == SF_OK && ar.checked[0] == 0xfull && ar.unsupported[0] == 0xfff0ull);
  sf_surface_free(s);
}

/* ---- random requests ------------------------------------------------------------------------- */

static float r_unit(uint64_t *r) { return (float)(sf_t_rand(r) >> 40) / 16777216.0f; }

static float r_coord(uint64_t *r, bool delta) {
  switch (sf_t_rand(r) % 10) {
    case 0: return (float)(int)(sf_t_rand(r) % 64) / 32.0f - 1.0f;            /* 1/32 grid */
    case 1: return (float)(int)(sf_t_rand(r) % 2048) / 512.0f - 2.0f;         /* ties of the snap */
    case 2: return delta ? 0.0f : r_unit(r) * 600.0f - 300.0f;                /* far */
    case 3: return delta ? r_unit(r) * 0.02f : r_unit(r);
    case 4: {                                                                  /* raw bits, rarely */
      uint32_t b = (uint32_t)sf_t_rand(r);
      float f;
      memcpy(&f, &b, 4);
      return sf_t_rand(r) % 4 ? 0.5f : f;
    }
    default: return delta ? r_unit(r) * 0.5f - 0.25f : r_unit(r) * 3.0f - 1.0f;
  }
}

static sf_surface *r_surface(uint64_t *r) {
  static const uint8_t fmts[4] = {SF_FMT_R8_UNORM, SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_NV12};
  unsigned fmt = fmts[sf_t_rand(r) % 4];
  unsigned w = 1 + (unsigned)(sf_t_rand(r) % 17), h = 1 + (unsigned)(sf_t_rand(r) % 17);
  if (fmt == SF_FMT_NV12) w = (w + 1) & ~1u, h = (h + 1) & ~1u;
  sf_surface *s = mk(fmt, w, h);
  if (!s) return NULL;
  for (size_t i = 0; i < s->size; i++) s->data[i] = (uint8_t)sf_t_rand(r);
  if (sf_t_rand(r) % 4 == 0) {
    sf_status st;
    sf_status_clear(&st);
    sf_surface_set_null(s, 0, 0, (unsigned)(sf_t_rand(r) % w), (unsigned)(sf_t_rand(r) % h), true, &st);
  }
  return s;
}

static void r_sampler(uint64_t *r, sf_sampler *sp) {
  sf_sampler_default(sp);
  sp->mag_filter = (uint8_t)(sf_t_rand(r) % 2);
  sp->addr[0] = (uint8_t)(sf_t_rand(r) % SF_ADDR_COUNT);
  sp->addr[1] = (uint8_t)(sf_t_rand(r) % SF_ADDR_COUNT);
  for (unsigned k = 0; k < 4; k++) sp->border[k] = r_unit(r) * 1.4f - 0.2f;
  sp->avs_8tap_all = sf_t_rand(r) % 3 == 0;
  if (sf_t_rand(r) % 4 == 0) return;   /* the "nearest" tables */
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    int sum = 0;
    for (unsigned t = 0; t < SF_AVS_LUMA_TAPS; t++)
      if (t != 3) sum += sp->avs_luma[p][t] = (int8_t)((int)(sf_t_rand(r) % 17) - 8);
    sp->avs_luma[p][3] = (int8_t)(64 - sum);
    sum = 0;
    for (unsigned t = 0; t < SF_AVS_CHROMA_TAPS; t++)
      if (t != 1) sum += sp->avs_chroma[p][t] = (int8_t)((int)(sf_t_rand(r) % 33) - 16);
    sp->avs_chroma[p][1] = (int8_t)(64 - sum);
  }
}

/* The scalar reference lies inside the intervals; planted wrong results do not. */
static void test_reference_inside_and_planted(void) {
  uint64_t r = 4242;
  unsigned long ublocks = 0, upx = 0, uunsup = 0, ablocks = 0, apx = 0, aunsup = 0;
  unsigned long uplant = 0, ucaught = 0, aplant = 0, acaught = 0, tapdiff = 0, tapcaught = 0;
  unsigned fails = 0;
  for (unsigned i = 0; i < 3000; i++) {
    sf_surface *s = r_surface(&r);
    if (!s) continue;
    sf_sampler sp;
    r_sampler(&r, &sp);
    sf_status st;
    sf_status_clear(&st);
    /* SAMPLE_UNORM */
    sf_unorm_req uq = {s, &sp, r_coord(&r, false), r_coord(&r, false), r_coord(&r, true), r_coord(&r, true)};
    sf_unorm_out uo;
    if (sf_backend_scalar()->sample_unorm(&uq, &uo, &st) == SF_OK && sf_indep_unorm(&uq, &ur, &st) == SF_OK) {
      ublocks++;
      for (unsigned p = 0; p < 32; p++) upx += ur.checked >> p & 1u, uunsup += ur.unsupported >> p & 1u;
      unsigned px, ch;
      if (sf_indep_unorm_violation(&ur, &uo, &px, &ch) && fails++ < 5)
        SF_CHECK_MSG(0, "sample_unorm case %u pixel %u ch %u: %u not in [%g, %g] "
                     "(u %a v %a du %a dv %a fmt %u %ux%u filter %u addr %u,%u)",
                     i, px, ch, uo.v[ch][px], ur.lo[ch][px], ur.hi[ch][px], (double)uq.u, (double)uq.v, (double)uq.du,
                     (double)uq.dv, s->desc.format, s->desc.width, s->desc.height, sp.mag_filter, sp.addr[0], sp.addr[1]);
      /* planted: one 8.8 unit more (or less at the top) on a checked pixel */
      for (unsigned p = 0; p < 32; p++)
        if (ur.checked >> p & 1u) {
          unsigned k = (unsigned)(sf_t_rand(&r) % 4);
          sf_unorm_out bad = uo;
          bad.v[k][p] = (uint16_t)(bad.v[k][p] < 65280 ? bad.v[k][p] + 1 : bad.v[k][p] - 1);
          uplant++;
          ucaught += sf_indep_unorm_violation(&ur, &bad, &px, &ch);
          break;
        }
    }
    /* AVS */
    static const uint8_t shapes[4][2] = {{16, 4}, {8, 4}, {16, 8}, {4, 4}};
    const uint8_t *sh = shapes[sf_t_rand(&r) % 4];
    sf_avs_req aq;
    memset(&aq, 0, sizeof aq);
    aq.surf = s, aq.samp = &sp, aq.w = sh[0], aq.h = sh[1];
    aq.u = r_coord(&r, false), aq.v = r_coord(&r, false), aq.du = r_coord(&r, true), aq.dv = r_coord(&r, true);
    aq.u2d = sf_t_rand(&r) % 3 ? 0.0f : r_coord(&r, true) * 0.01f;
    aq.v2d = sf_t_rand(&r) % 3 ? 0.0f : r_coord(&r, true) * 0.01f;
    aq.vbn = sf_t_rand(&r) % 3 ? (uint32_t)(sf_t_rand(&r) % 4) : (uint32_t)sf_t_rand(&r);
    sf_avs_out ao;
    if (sf_backend_scalar()->avs(&aq, &ao, &st) == SF_OK && sf_indep_avs(&aq, &ar, &st) == SF_OK) {
      ablocks++;
      for (unsigned p = 0; p < 128; p++)
        apx += ar.checked[p / 64] >> (p % 64) & 1u, aunsup += ar.unsupported[p / 64] >> (p % 64) & 1u;
      unsigned px, ch;
      if (sf_indep_avs_violation(&ar, &ao, &px, &ch) && fails++ < 5)
        SF_CHECK_MSG(0, "avs case %u pixel %u ch %u: %u not in [%g, %g] "
                     "(u %a v %a du %a dv %a u2d %a v2d %a vbn %u fmt %u %ux%u)",
                     i, px, ch, ao.v[ch][px], ar.lo[ch][px], ar.hi[ch][px], (double)aq.u, (double)aq.v, (double)aq.du,
                     (double)aq.dv, (double)aq.u2d, (double)aq.v2d, aq.vbn, s->desc.format, s->desc.width, s->desc.height);
      for (unsigned p = 0; p < 128; p++)
        if (ar.checked[p / 64] >> (p % 64) & 1u) {
          unsigned k = (unsigned)(sf_t_rand(&r) % 4);
          sf_avs_out bad = ao;
          bad.v[k][p] = (uint16_t)(bad.v[k][p] < 65280 ? bad.v[k][p] + 1 : bad.v[k][p] - 1);
          aplant++;
          acaught += sf_indep_avs_violation(&ar, &bad, &px, &ch);
          break;
        }
      /* the wrong tap count for R and B: the reference's result with avs_8tap_all flipped */
      sf_sampler flip = sp;
      flip.avs_8tap_all = !sp.avs_8tap_all;
      sf_avs_req fq = aq;
      fq.samp = &flip;
      sf_avs_out fo;
      if (sf_backend_scalar()->avs(&fq, &fo, &st) == SF_OK) {
        bool differ = false;
        for (unsigned p = 0; p < 128; p++)
          if (ar.checked[p / 64] >> (p % 64) & 1u) differ |= fo.v[0][p] != ao.v[0][p] || fo.v[2][p] != ao.v[2][p];
        if (differ) {
          tapdiff++;
          tapcaught += sf_indep_avs_violation(&ar, &fo, &px, &ch);
        }
      }
    }
    sf_surface_free(s);
  }
  printf("sample_unorm: %lu blocks, %lu pixels checked, %lu unsupported; planted +-1 (8.8): %lu, caught %lu\n", ublocks,
         upx, uunsup, uplant, ucaught);
  printf("avs: %lu blocks, %lu pixels checked, %lu unsupported; planted +-1: %lu, caught %lu; wrong tap count: %lu "
         "blocks differ, caught %lu\n", ablocks, apx, aunsup, aplant, acaught, tapdiff, tapcaught);
  SF_CHECK(fails == 0);
  SF_CHECK(ublocks > 2500 && upx > 32 * 2000);
  SF_CHECK(ablocks > 2500 && apx > 32 * 2000);
  SF_CHECK(ucaught * 10 >= uplant * 9);   /* all but ties of the final rounding and uncertain positions */
  SF_CHECK(acaught * 10 >= aplant * 9);
  SF_CHECK(tapdiff > 500 && tapcaught * 100 >= tapdiff * 99);
}

/* The counters and verdict of the two check tests (large: static, zeroed by each test). */
static sf_indep_stats stats;
static sf_verdict v;

/* sf_check_indep_unorm names its failures indep_unorm / indep_avs and counts what it judged. */
static void test_check_names(void) {
  memset(&stats, 0, sizeof stats);
  sf_surface *s = mk(SF_FMT_R8_UNORM, 2, 2);
  memset(s->data, 100, s->size);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_indep_rec rec = {.inner = sf_backend_scalar()};
  sf_status st;
  sf_status_clear(&st);
  rec.unorm_req = (sf_unorm_req){s, &sp, 0.3f, 0.3f, 0.01f, 0.02f};
  SF_CHECK(sf_backend_scalar()->sample_unorm(&rec.unorm_req, &rec.unorm, &st) == SF_OK);
  rec.got_unorm = true;
  rec.avs_req.surf = s, rec.avs_req.samp = &sp, rec.avs_req.w = 8, rec.avs_req.h = 4;
  rec.avs_req.u = 0.1f, rec.avs_req.du = 0.05f, rec.avs_req.v = 0.2f, rec.avs_req.dv = 0.1f;
  SF_CHECK(sf_backend_scalar()->avs(&rec.avs_req, &rec.avs, &st) == SF_OK);
  rec.got_avs = true;
  sf_verdict_init(&v, "diff");
  SF_CHECK(sf_check_indep_unorm(&v, NULL, &rec, NULL, 0, &stats));
  SF_CHECK(stats.unorm_blocks == 1 && stats.unorm_px_checked == 32 && stats.avs_blocks == 2 && stats.avs_px_checked == 64);
  uint16_t keep = rec.unorm.v[0][5];
  rec.unorm.v[0][5] = 99 * 256;   /* a neighbour code where every texel is 100 */
  SF_CHECK(!sf_check_indep_unorm(&v, NULL, &rec, NULL, 0, &stats));
  SF_CHECK_STR(v.check, "indep_unorm");
  rec.unorm.v[0][5] = keep;
  rec.avs.v[3][31] = 0;
  sf_verdict_init(&v, "diff");
  SF_CHECK(!sf_check_indep_unorm(&v, NULL, &rec, NULL, 0, &stats));
  SF_CHECK_STR(v.check, "indep_avs");
  SF_CHECK(strstr(v.key, "table=case") != NULL && strstr(v.dump, "pixel (7, 3) channel a") != NULL);
  sf_surface_free(s);
}

/* A backend whose AVS differs from the scalar one in one bit of pixel 0, red. */
static sf_code off_by_one_avs(const sf_avs_req *q, sf_avs_out *o, sf_status *st) {
  sf_code rc = sf_backend_scalar()->avs(q, o, st);
  o->v[0][0] ^= 1;
  return rc;
}

/* Every other backend samples the check's own AVS requests (own, and null_edge on a surface with a
 * null tile) to the recording backend's bits; a backend that differs is `avs_own_lanes`. */
static void test_avs_own_other_backends(void) {
  memset(&stats, 0, sizeof stats);
  sf_surface *s = mk(SF_FMT_RGBA8_UNORM, 32, 16);
  for (size_t i = 0; i < s->size; i++) s->data[i] = (uint8_t)(i * 37 + 11);
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_surface_set_null(s, 0, 0, 0, 0, true, &st) == SF_OK);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_indep_rec rec = {.inner = sf_backend_scalar()};
  rec.avs_req.surf = s, rec.avs_req.samp = &sp, rec.avs_req.w = 16, rec.avs_req.h = 4;
  rec.avs_req.u = 0.1f, rec.avs_req.du = 0.02f, rec.avs_req.v = 0.2f, rec.avs_req.dv = 0.05f;
  SF_CHECK(sf_backend_scalar()->avs(&rec.avs_req, &rec.avs, &st) == SF_OK);
  rec.got_avs = true;
  const sf_backend *all[17];
  unsigned n = sf_backend_list(all, 16);
  sf_verdict_init(&v, "diff");
  SF_CHECK(sf_check_indep_unorm(&v, NULL, &rec, all, n, &stats));
  SF_CHECK(stats.avs_blocks == 2); /* the case's block and own; null_edge is judged by the backends */
  sf_indep_stats alone;
  memset(&alone, 0, sizeof alone);
  SF_CHECK(sf_check_indep_unorm(&v, NULL, &rec, NULL, 0, &alone) && alone.avs_blocks == 3); /* no others: the model */
  static const sf_backend bad = {"off_by_one", NULL, NULL, off_by_one_avs, NULL};
  all[n++] = &bad;
  sf_verdict_init(&v, "diff");
  SF_CHECK(!sf_check_indep_unorm(&v, NULL, &rec, all, n, &stats));
  SF_CHECK_STR(v.check, "avs_own_lanes");
  SF_CHECK(strstr(v.key, "table=own") != NULL && strstr(v.dump, "off_by_one 0x") != NULL);
  sf_surface_free(s);
}

int main(void) {
  SF_RUN(test_avs_position_past_2_32);
  SF_RUN(test_unorm_point_linear);
  SF_RUN(test_unorm_address_modes);
  SF_RUN(test_unorm_nv12_null_unsupported);
  SF_RUN(test_nv12_alpha_is_one);
  SF_RUN(test_avs_default_table);
  SF_RUN(test_avs_custom_table_taps);
  SF_RUN(test_avs_nv12);
  SF_RUN(test_avs_far_positions);
  SF_RUN(test_reference_inside_and_planted);
  SF_RUN(test_check_names);
  SF_RUN(test_avs_own_other_backends);
  SF_TEST_END();
}
