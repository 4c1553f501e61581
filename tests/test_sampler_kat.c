/* tests/test_sampler_kat.c — known-answer tests of the reference sampler. Each expected value is
 * worked out by hand from the cited rule (D3D11.3 section, spec page, or docs/precision-model.md). */
#include <math.h>

#include "samplefuzz/sampler.h"
#include "tests/sf_test.h"

static float bf(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }
static uint32_t fb(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }

static sf_surface *mk(unsigned type, unsigned fmt, unsigned w, unsigned h, unsigned d, unsigned layers, unsigned levels) {
  sf_surface_desc desc = {(uint8_t)type, (uint8_t)fmt, w, h, d, layers, levels};
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_surface_create(&s, &desc, &st) != SF_OK) fprintf(stderr, "create: %s\n", st.msg);
  return s;
}

static void put1(sf_surface *s, unsigned l, unsigned sl, unsigned x, unsigned y, float v) {
  float c[4] = {v, v, v, v};
  sf_surface_store(s, l, sl, x, y, c, NULL);
}

/* One lane of a request; returns channel values. */
static sf_code one(const sf_surface *s, const sf_sampler *sp, sf_sample_batch *q, float out[4], uint32_t *nm) {
  q->surf = s;
  q->samp = sp;
  if (!q->n) q->n = 1;
  if (!q->lanes) q->lanes = 1;
  sf_sample_out o;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_sample(sf_backend_scalar(), q, &o, &st);
  for (int k = 0; k < 4; k++) out[k] = bf(o.v[k][0]);
  if (nm) *nm = o.null_mask;
  return rc;
}

/* point sampling at texel centres returns the texels (D3D11.3 §7.18.7: floor(u*size)) */
static void test_point_centres(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_RGBA8_UNORM, 4, 4, 1, 1, 1);
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 4; x++) {
      uint8_t *t = sf_surface_texel(s, 0, 0, x, y);
      t[0] = (uint8_t)(x * 40 + y); t[1] = (uint8_t)(200 - x); t[2] = (uint8_t)(y * 60); t[3] = 255;
    }
  sf_sampler sp;
  sf_sampler_default(&sp);
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 4; x++) {
      sf_sample_batch q = {0};
      q.u[0] = ((float)x + 0.5f) / 4.0f;
      q.v[0] = ((float)y + 0.5f) / 4.0f;
      q.lod_mode = SF_LOD_ZERO;
      float o[4];
      SF_CHECK(one(s, &sp, &q, o, NULL) == SF_OK);
      const uint8_t *t = sf_surface_texel(s, 0, 0, x, y);
      for (int k = 0; k < 4; k++) SF_CHECK(o[k] == (float)t[k] / 255.0f);  /* §3.2.3.5 */
    }
  sf_surface_free(s);
}

/* bilinear at exact midpoints: x = u*W - 0.5 = 0.5 -> weights 128/256 each (§7.18.8) */
static void test_bilinear_mid(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R32F, 2, 2, 1, 1, 1);
  put1(s, 0, 0, 0, 0, 1.0f); put1(s, 0, 0, 1, 0, 3.0f);
  put1(s, 0, 0, 0, 1, 5.0f); put1(s, 0, 0, 1, 1, 7.0f);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;
  sf_sample_batch q = {0};
  q.lod_mode = SF_LOD_ZERO;
  q.u[0] = 0.5f; q.v[0] = 0.25f;  /* between (0,0) and (1,0): 2.0 */
  float o[4];
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 2.0f);
  q.v[0] = 0.5f;                  /* centre of all four: (1+3+5+7)/4 = 4.0 */
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 4.0f);
  q.u[0] = 0.375f; q.v[0] = 0.25f;  /* x = 0.25 -> weight 64/256: 1 + 0.25*2 = 1.5 */
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 1.5f);
  sf_surface_free(s);
}

/* every address mode at edges and far outside (§7.18.6, §7.18.9): 1D texels 10,20,30,40 */
static void test_address_modes(void) {
  sf_surface *s = mk(SF_SURF_1D, SF_FMT_R32F, 4, 1, 1, 1, 1);
  for (unsigned x = 0; x < 4; x++) put1(s, 0, 0, x, 0, 10.0f * (float)(x + 1));
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.border[0] = 99.0f;
  /* u -> texel index i = floor(u*4):  -0.125 -> -1, 1.125 -> 4, 2.625 -> 10, -2.625 -> -11 */
  static const float us[4] = {-0.125f, 1.125f, 2.625f, -2.625f};
  static const float want[SF_ADDR_COUNT][4] = {
      /* wrap: i mod 4 = 3, 0, 2, 1 */ {40, 10, 30, 20},
      /* mirror (period 8): -1->0, 4->3, 10->2, -11->5->2 */ {10, 40, 30, 30},
      /* clamp */ {10, 40, 40, 10},
      /* border */ {99, 99, 99, 99},
      /* mirror once: -1->0, 4->3, 10->3, -11->10->3 */ {10, 40, 40, 40}};
  for (unsigned m = 0; m < SF_ADDR_COUNT; m++)
    for (unsigned k = 0; k < 4; k++) {
      sp.addr[0] = (uint8_t)m;
      sf_sample_batch q = {0};
      q.lod_mode = SF_LOD_ZERO;
      q.u[0] = us[k];
      float o[4];
      one(s, &sp, &q, o, NULL);
      SF_CHECK_MSG(o[0] == want[m][k], "mode %u u %g: got %g want %g", m, (double)us[k], (double)o[0], (double)want[m][k]);
    }
  sf_surface_free(s);
}

/* border colour: clamped to the format range and snapped (§7.18.9.1, §3.2.3.6: c*255+0.5 truncated) */
static void test_border_snap(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_RGBA8_UNORM, 2, 2, 1, 1, 1);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.addr[0] = sp.addr[1] = SF_ADDR_BORDER;
  sp.border[0] = 0.3f; sp.border[1] = 1.5f; sp.border[2] = -0.5f; sp.border[3] = 0.5f;
  sf_sample_batch q = {0};
  q.lod_mode = SF_LOD_ZERO;
  q.u[0] = -1.0f; q.v[0] = 0.5f;
  float o[4];
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 77.0f / 255.0f);   /* 0.3*255+0.5 = 77.0 -> 77 */
  SF_CHECK(o[1] == 1.0f);
  SF_CHECK(o[2] == 0.0f);
  SF_CHECK(o[3] == 128.0f / 255.0f);  /* 0.5*255+0.5 = 128 */
  sf_surface_free(s);
  /* R8: missing components take the defaults (0, 0, 1) */
  s = mk(SF_SURF_2D, SF_FMT_R8_UNORM, 2, 2, 1, 1, 1);
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 77.0f / 255.0f && o[1] == 0.0f && o[2] == 0.0f && o[3] == 1.0f);
  sf_surface_free(s);
  /* R16F: snapped to half: 0.3 -> 0x34cd = 0.300048828125 */
  s = mk(SF_SURF_2D, SF_FMT_R16F, 2, 2, 1, 1, 1);
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 0.300048828125f);
  sf_surface_free(s);
}

/* array index: round to nearest even, then clamp (§22.4.15 "Array Resources") */
static void test_array_rne(void) {
  sf_surface *s = mk(SF_SURF_2D_ARRAY, SF_FMT_R32F, 1, 1, 1, 4, 1);
  for (unsigned l = 0; l < 4; l++) put1(s, 0, l, 0, 0, (float)l);
  sf_sampler sp;
  sf_sampler_default(&sp);
  static const float r[] = {0.5f, 1.5f, 2.5f, 3.5f, -0.5f, 5.0f, 1.49f, 0.51f};
  static const float want[] = {0, 2, 2, 3, 0, 3, 1, 1};
  for (unsigned k = 0; k < 8; k++) {
    sf_sample_batch q = {0};
    q.lod_mode = SF_LOD_ZERO;
    q.u[0] = q.v[0] = 0.5f;
    q.r[0] = r[k];
    float o[4];
    one(s, &sp, &q, o, NULL);
    SF_CHECK_MSG(o[0] == want[k], "r=%g -> %g", (double)r[k], (double)o[0]);
  }
  sf_surface_free(s);
}

/* cube faces: major axis, ties Z > Y > X (§7.18.12, docs/precision-model.md) */
static void test_cube_faces(void) {
  sf_surface *s = mk(SF_SURF_CUBE, SF_FMT_R32F, 1, 1, 1, 1, 1);
  for (unsigned f = 0; f < 6; f++) put1(s, 0, f, 0, 0, (float)f);
  sf_sampler sp;
  sf_sampler_default(&sp);
  static const float dir[][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1},
                                 {1, 1, 1}, {1, 1, 0}, {-1, 1, -1}, {1, -1, 0}, {-2, 2, 0}, {0.5f, 0, -0.5f}};
  static const float want[] = {0, 1, 2, 3, 4, 5, 4, 2, 5, 3, 2, 5};
  for (unsigned k = 0; k < sizeof want / sizeof want[0]; k++) {
    sf_sample_batch q = {0};
    q.lod_mode = SF_LOD_ZERO;
    q.u[0] = dir[k][0]; q.v[0] = dir[k][1]; q.r[0] = dir[k][2];
    float o[4];
    one(s, &sp, &q, o, NULL);
    SF_CHECK_MSG(o[0] == want[k], "dir %u -> face %g, want %g", k, (double)o[0], (double)want[k]);
  }
  sf_surface_free(s);
}

static sf_surface *mip_ladder(void) {  /* 16x16, 5 levels, level l holds the value l */
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R32F, 16, 16, 1, 1, 5);
  for (unsigned l = 0; l < 5; l++)
    for (unsigned y = 0; y < (16u >> l); y++)
      for (unsigned x = 0; x < (16u >> l); x++) put1(s, l, 0, x, y, (float)l);
  return s;
}

/* LOD from gradients at powers of two: rho = |dudx|*16 = 2^k -> LOD k (§7.18.11) */
static void test_lod_gradients(void) {
  sf_surface *s = mip_ladder();
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.mip_filter = SF_MIP_POINT;
  for (int k = 0; k <= 4; k++) {
    sf_sample_batch q = {0};
    q.lod_mode = SF_LOD_GRAD;
    q.u[0] = q.v[0] = 0.5f;
    q.dudx[0] = ldexpf(1.0f, k) / 16.0f;  /* exact powers of two */
    q.dvdy[0] = q.dudx[0];
    float o[4];
    one(s, &sp, &q, o, NULL);
    SF_CHECK_MSG(o[0] == (float)k, "k=%d got level %g", k, (double)o[0]);
    q.lod_query = true;
    one(s, &sp, &q, o, NULL);
    SF_CHECK(o[0] == (float)k && o[1] == (float)k);
  }
  /* rho = sqrt(2)*16 on a diagonal gradient (1/16,1/16): |d| = sqrt(2) -> LOD 0.5 = 128/256 */
  sf_sample_batch q = {0};
  q.lod_mode = SF_LOD_GRAD;
  q.lod_query = true;
  q.dudx[0] = 1.0f / 16.0f; q.dvdx[0] = 1.0f / 16.0f;
  float o[4];
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[1] == 0.5f);
  sf_surface_free(s);
}

/* min/max LOD and bias clamping (§7.18.11): clamped = max(MinLOD, min(MaxLOD, lod + bias)) */
static void test_lod_clamp(void) {
  sf_surface *s = mip_ladder();
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.mip_filter = SF_MIP_POINT;
  struct { float lod; int16_t bias; uint16_t mn, mx; float level, qr, qg; } c[] = {
      {3.0f, 0, 0, 384, 2, 1.5f, 3.0f},      /* max 1.5: point mip rounds 1.5 -> 2 (int(lod+0.5)) */
      {1.0f, 256, 0, 4095, 2, 2.0f, 2.0f},   /* sampler bias +1 */
      {0.0f, 0, 768, 256, 3, 3.0f, 0.0f},    /* MinLOD 3 > MaxLOD 1: MinLOD wins */
      {9.0f, 0, 0, 4095, 4, 4.0f, 9.0f},     /* beyond the chain: last level; R clamped to levels-1 */
      {-2.0f, -256, 0, 4095, 0, 0.0f, -3.0f} /* negative: magnify, level 0 */
  };
  for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
    sp.lod_bias = c[k].bias; sp.min_lod = c[k].mn; sp.max_lod = c[k].mx;
    sf_sample_batch q = {0};
    q.lod_mode = SF_LOD_EXPLICIT;
    q.u[0] = q.v[0] = 0.5f;
    q.lod_or_bias[0] = c[k].lod;
    float o[4];
    one(s, &sp, &q, o, NULL);
    SF_CHECK_MSG(o[0] == c[k].level, "case %u: level %g want %g", k, (double)o[0], (double)c[k].level);
    q.lod_query = true;  /* the LOD op: R = clamped, G = unclamped (biased) */
    one(s, &sp, &q, o, NULL);
    SF_CHECK_MSG(o[0] == c[k].qr && o[1] == c[k].qg && o[2] == 0 && o[3] == 0, "case %u: lod op R %g G %g", k, (double)o[0], (double)o[1]);
  }
  sf_surface_free(s);
}

/* PCF: each tap compared (ref < texel for LESS), then filtered (§7.18.15, §22.4.19) */
static void test_pcf(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_D32F, 2, 2, 1, 1, 1);
  put1(s, 0, 0, 0, 0, 0.2f); put1(s, 0, 0, 1, 0, 0.4f);
  put1(s, 0, 0, 0, 1, 0.6f); put1(s, 0, 0, 1, 1, 0.8f);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.compare = SF_CMP_LESS;
  sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;
  sf_sample_batch q = {0};
  q.lod_mode = SF_LOD_ZERO;
  q.compare = true;
  q.u[0] = 0.5f; q.v[0] = 0.5f;
  q.ref[0] = 0.5f;   /* pattern 0,0 / 1,1 -> 0.5 */
  float o[4];
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 0.5f && o[3] == 0.5f);
  q.ref[0] = 0.1f;   /* all pass -> 1 */
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 1.0f);
  q.ref[0] = 0.3f;   /* 0,1 / 1,1 -> 0.75 */
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 0.75f);
  sp.compare = SF_CMP_NEVER;
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 0.0f);
  sp.compare = SF_CMP_GREATER_EQUAL;  /* ref 0.3 >= 0.2 only: 0.25 */
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == 0.25f);
  sf_surface_free(s);
}

/* sRGB decode: D3D11.3 §3.2.3.7; 0 and 1 exact, 10 -> 10/255/12.92, 188 -> ((188/255+0.055)/1.055)^2.4 */
static void test_srgb(void) {
  SF_CHECK(sf_srgb8_to_float(0) == 0.0f);
  SF_CHECK(sf_srgb8_to_float(255) == 1.0f);
  SF_CHECK(fabs((double)sf_srgb8_to_float(10) - 10.0 / 255.0 / 12.92) < 1e-9);
  SF_CHECK(fabs((double)sf_srgb8_to_float(188) - pow((188.0 / 255.0 + 0.055) / 1.055, 2.4)) < 3e-8);
  for (unsigned c = 0; c < 256; c++) SF_CHECK(sf_float_to_srgb8(sf_srgb8_to_float((uint8_t)c)) == (uint8_t)c);  /* round trip */
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_RGBA8_SRGB, 1, 1, 1, 1, 1);
  uint8_t *t = sf_surface_texel(s, 0, 0, 0, 0);
  t[0] = 188; t[1] = 10; t[2] = 255; t[3] = 188;
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch q = {0};
  q.lod_mode = SF_LOD_ZERO;
  q.u[0] = q.v[0] = 0.5f;
  float o[4];
  one(s, &sp, &q, o, NULL);
  SF_CHECK(o[0] == sf_srgb8_to_float(188) && o[1] == sf_srgb8_to_float(10) && o[2] == 1.0f);
  SF_CHECK(o[3] == 188.0f / 255.0f);  /* alpha is linear UNORM */
  sf_surface_free(s);
}

/* ---- executor KATs ---- */

static sf_vopnd immf(float f) {
  sf_vopnd o;
  memset(&o, 0, sizeof o);
  o.cls = SF_VCLS_IMMEDIATE; o.type = SF_VT_F; o.imm = fb(f);
  return o;
}

/* SAMPLE_UNORM: at aligned positions the 16-bit output is the 8-bit value << 8 (CA in
 * docs/precision-model.md); 8-bit output is the value itself */
static void test_sample_unorm_aligned(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_RGBA8_UNORM, 8, 4, 1, 1, 1);
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 8; x++) {
      uint8_t *t = sf_surface_texel(s, 0, 0, x, y);
      t[0] = (uint8_t)(x * 31 + y); t[1] = (uint8_t)(y * 50); t[2] = 7; t[3] = (uint8_t)(255 - x);
    }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;  /* aligned: weights (256,0): exact either way */
  for (unsigned fmt = 0; fmt < 4; fmt += 2) {
    sf_state st;
    sf_state_init(&st);
    st.surfaces[6] = s;
    st.samplers[0] = &sp;
    uint8_t *dst = NULL;
    sf_state_add_var(&st, 2, SF_VT_UW, 512, &dst, NULL);
    sf_inst in;
    memset(&in, 0, sizeof in);
    in.family = SF_FAMILY_SAMPLE_UNORM;
    in.unorm.chan_mask = 0xB;  /* R, G, A */
    in.unorm.out_fmt = (uint8_t)fmt;
    in.unorm.surface = 6;
    in.unorm.u = immf(0.5f / 8.0f); in.unorm.v = immf(0.5f / 4.0f);
    in.unorm.du = immf(1.0f / 8.0f); in.unorm.dv = immf(1.0f / 4.0f);
    in.unorm.dst.id = 2;
    sf_status status;
    sf_status_clear(&status);
    SF_CHECK(sf_exec(&in, &st, sf_backend_scalar(), &status) == SF_OK);
    static const unsigned ch[3] = {0, 1, 3};
    unsigned esz = fmt == 0 ? 2 : 1, blk = 32 * esz;
    for (unsigned c = 0; c < 3; c++)
      for (unsigned px = 0; px < 32; px++) {
        unsigned want = sf_surface_texel(s, 0, 0, px % 8, px / 8)[ch[c]];
        const uint8_t *p = dst + c * blk + px * esz;
        unsigned got = esz == 2 ? (unsigned)(p[0] | p[1] << 8) : p[0];
        SF_CHECK_MSG(got == (esz == 2 ? want << 8 : want), "fmt %u ch %u px %u: %u vs %u", fmt, ch[c], px, got, want);
      }
    sf_state_free(&st);
  }
  sf_surface_free(s);
}

/* AVS with the "nearest" table (centre tap 64) reproduces the source at texel centres
 * (docs/precision-model.md; precision-model.md "AVS") */
static void test_avs_nearest(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_NV12, 16, 8, 1, 1, 1);
  for (size_t i = 0; i < s->size; i++) s->data[i] = (uint8_t)(i * 37 + 11);
  sf_sampler sp;
  sf_sampler_default(&sp);  /* nearest tables */
  sf_state st;
  sf_state_init(&st);
  st.surfaces[6] = s;
  st.samplers[0] = &sp;
  uint8_t *dst = NULL;
  sf_state_add_var(&st, 2, SF_VT_UW, 2048, &dst, NULL);
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_AVS;
  in.avs.chan_mask = 0x2;  /* G = Y */
  in.avs.surface = 6;
  in.avs.u_off = immf(0.5f / 16.0f); in.avs.v_off = immf(0.5f / 8.0f);
  in.avs.du = immf(1.0f / 16.0f); in.avs.dv = immf(1.0f / 8.0f);
  in.avs.u2d = immf(0); in.avs.v2d = immf(0);
  in.avs.group_id = immf(0); in.avs.vbn = immf(0); in.avs.ief_bypass = immf(0);
  in.avs.exec_mode = SF_AVS_16x8;
  in.avs.cntrl = 0;
  in.avs.dst.id = 2;
  sf_status status;
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, sf_backend_scalar(), &status) == SF_OK);
  for (unsigned y = 0; y < 8; y++)
    for (unsigned x = 0; x < 16; x++) {
      const uint8_t *p = dst + ((y / 4) * 64 + (y % 4) * 16 + x) * 2;  /* halves of 64 pixels */
      unsigned got = (unsigned)(p[0] | p[1] << 8), want = (unsigned)s->data[y * 16 + x] << 8;
      SF_CHECK_MSG(got == want, "(%u,%u) %u vs %u", x, y, got, want);
    }
  /* IEF and adaptive are not modelled: SF_UNSUPPORTED, never a guess */
  sp.avs_ief = true;
  in.avs.ief_bypass.imm = 1;
  SF_CHECK(sf_exec(&in, &st, sf_backend_scalar(), &status) == SF_UNSUPPORTED);
  sp.avs_ief = false;
  sp.avs_adaptive = true;
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, sf_backend_scalar(), &status) == SF_UNSUPPORTED);
  sf_state_free(&st);
  sf_surface_free(s);
}

/* null-page mask: bit per pixel, 0 when a null tile sourced a texel (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/3D_SAMPLE.md) Notes) */
static void test_null_mask(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R8_UNORM, 16, 16, 1, 1, 1);
  memset(s->data, 200, s->size);
  SF_CHECK(sf_surface_set_null(s, 0, 0, 9, 1, true, NULL) == SF_OK);  /* tile x 8-15, y 0-7 */
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_state st;
  sf_state_init(&st);
  st.surfaces[6] = s;
  st.samplers[0] = &sp;
  uint8_t *dst = NULL, *pu = NULL, *pv = NULL;
  sf_state_add_var(&st, 2, SF_VT_F, 256, &dst, NULL);
  sf_state_add_var(&st, 10, SF_VT_F, 32, &pu, NULL);
  sf_state_add_var(&st, 11, SF_VT_F, 32, &pv, NULL);
  for (unsigned i = 0; i < 8; i++) {
    float u = ((float)(i * 2) + 0.5f) / 16.0f, v = i < 4 ? 0.1f : 0.9f;  /* lanes 4-7 in rows >= 8 */
    memcpy(pu + 4 * i, &u, 4);
    memcpy(pv + 4 * i, &v, 4);
  }
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_3D;
  in.s3d.op = SF_S3D_SAMPLE_LZ;
  in.s3d.exec_size = 3;
  in.s3d.chan_mask = 1;
  in.s3d.pixel_null_mask = true;
  in.s3d.aoffimmi.cls = SF_VCLS_IMMEDIATE; in.s3d.aoffimmi.type = SF_VT_UW;
  in.s3d.surface = 6;
  in.s3d.dst.id = 2;
  in.s3d.num_params = 2;
  in.s3d.params[0].id = 10; in.s3d.params[1].id = 11;
  sf_status status;
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, sf_backend_scalar(), &status) == SF_OK);
  /* lanes 0-3 have u texels 0,2,4,6 (rows 1): not null; lanes 4-7 texels 8..14 row 14: not null
   * either (tile rows 8-15 are fine) -> all 1 */
  uint32_t nm = (uint32_t)dst[32] | (uint32_t)dst[33] << 8 | (uint32_t)dst[34] << 16 | (uint32_t)dst[35] << 24;
  SF_CHECK_EQ_U(nm, 0xFFu);
  for (unsigned i = 0; i < 8; i++) {
    float v = 0.1f;
    memcpy(pv + 4 * i, &v, 4);  /* all in rows 0-7: lanes with u texel >= 8 (lanes 4-7) hit the null tile */
  }
  SF_CHECK(sf_exec(&in, &st, sf_backend_scalar(), &status) == SF_OK);
  nm = (uint32_t)dst[32] | (uint32_t)dst[33] << 8;
  SF_CHECK_EQ_U(nm, 0x0Fu);
  float r4;
  memcpy(&r4, dst + 16, 4);
  SF_CHECK(r4 == 0.0f);  /* null pages read 0 */
  sf_state_free(&st);
  sf_surface_free(s);
}

/* bad states: a defined result or a clear error, never a crash */
static void test_bad_states(void) {
  sf_sampler sp;
  sf_sampler_default(&sp);
  float o[4];
  sf_sample_batch q = {0};
  q.lod_mode = SF_LOD_ZERO;
  SF_CHECK(one(NULL, &sp, &q, o, NULL) == SF_OK && o[0] == 0 && o[3] == 0);  /* unbound: 0 (§7.18.17) */
  SF_CHECK(one(NULL, NULL, &q, o, NULL) == SF_ERR_STATE);
  sf_surface_desc big = {SF_SURF_2D, SF_FMT_R8_UNORM, 16384, 16384, 1, 1, 1};
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_surface_create(&s, &big, &st) == SF_ERR_LIMIT && s == NULL);
  sf_surface_desc bad = {SF_SURF_CUBE, SF_FMT_R8_UNORM, 4, 2, 1, 1, 1};
  SF_CHECK(sf_surface_create(&s, &bad, NULL) == SF_ERR_INVALID);
  s = mk(SF_SURF_2D, SF_FMT_NV12, 4, 4, 1, 1, 1);
  SF_CHECK(one(s, &sp, &q, o, NULL) == SF_ERR_STATE);  /* nv12 is for SAMPLE_UNORM/AVS */
  sf_surface_free(s);
  s = mk(SF_SURF_2D, SF_FMT_R32_UINT, 4, 4, 1, 1, 1);
  sp.min_filter = SF_FILTER_LINEAR;
  SF_CHECK(one(s, &sp, &q, o, NULL) == SF_ERR_STATE);  /* integer formats: point only */
  sp.min_filter = SF_FILTER_POINT;
  q.compare = true;
  SF_CHECK(one(s, &sp, &q, o, NULL) == SF_ERR_STATE);
  sf_surface_free(s);
  /* NaN / Inf everywhere: coordinates snap to 0 (NaN) or saturate; LOD NaN -> minimum */
  s = mk(SF_SURF_CUBE_ARRAY, SF_FMT_RGBA16F, 4, 4, 1, 2, 3);
  for (size_t i = 0; i < s->size; i += 2) { s->data[i] = 0x00; s->data[i + 1] = (uint8_t)(i & 2 ? 0x7c : 0x7e); }
  sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;
  sp.mip_filter = SF_MIP_LINEAR;
  q.compare = false;
  q.lod_mode = SF_LOD_GRAD;
  float specials[] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 1e38f};
  for (unsigned a = 0; a < 6; a++)
    for (unsigned b = 0; b < 6; b++) {
      q.u[0] = specials[a]; q.v[0] = specials[b]; q.r[0] = specials[(a + b) % 6]; q.ai[0] = specials[b];
      q.dudx[0] = specials[(a + 1) % 6]; q.dvdy[0] = specials[(b + 2) % 6];
      SF_CHECK(one(s, &sp, &q, o, NULL) == SF_OK);
      for (int k = 0; k < 4; k++) {
        uint32_t bits = fb(o[k]);
        SF_CHECK(!((bits & 0x7fffffffu) > 0x7f800000u) || bits == 0x7fc00000u);  /* NaN is canonical */
      }
    }
  sf_surface_free(s);
  /* executor: dst too small, undeclared params, bad exec size */
  sf_state stt;
  sf_state_init(&stt);
  stt.samplers[0] = &sp;
  uint8_t *dst = NULL;
  sf_state_add_var(&stt, 2, SF_VT_F, 16, &dst, NULL);
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_3D;
  in.s3d.op = SF_S3D_SAMPLE_LZ;
  in.s3d.exec_size = 3;
  in.s3d.chan_mask = 1;
  in.s3d.aoffimmi.cls = SF_VCLS_IMMEDIATE;
  in.s3d.dst.id = 2;
  in.s3d.num_params = 1;
  in.s3d.params[0].id = 0;
  sf_status_clear(&st);
  SF_CHECK(sf_exec(&in, &stt, NULL, &st) == SF_ERR_STATE);  /* 8 lanes x 4 bytes > 16 */
  in.s3d.params[0].id = 77;
  sf_state_add_var(&stt, 2, SF_VT_F, 64, &dst, NULL);
  sf_status_clear(&st);
  SF_CHECK(sf_exec(&in, &stt, NULL, &st) == SF_ERR_STATE);
  in.s3d.params[0].id = 0;
  in.s3d.exec_size = 6;
  SF_CHECK(sf_exec(&in, &stt, NULL, &st) == SF_ERR_INVALID);
  in.s3d.exec_size = 3;
  sf_status_clear(&st);
  SF_CHECK(sf_exec(&in, &stt, NULL, &st) == SF_OK);  /* unbound surface, %null params: zeros */
  sf_state_free(&stt);
}

int main(void) {
  SF_RUN(test_point_centres);
  SF_RUN(test_bilinear_mid);
  SF_RUN(test_address_modes);
  SF_RUN(test_border_snap);
  SF_RUN(test_array_rne);
  SF_RUN(test_cube_faces);
  SF_RUN(test_lod_gradients);
  SF_RUN(test_lod_clamp);
  SF_RUN(test_pcf);
  SF_RUN(test_srgb);
  SF_RUN(test_sample_unorm_aligned);
  SF_RUN(test_avs_nearest);
  SF_RUN(test_null_mask);
  SF_RUN(test_bad_states);
  SF_TEST_END();
}
