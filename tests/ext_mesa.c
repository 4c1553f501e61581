/* ext_mesa.c — external test of the Mesa oracle, label `external`.
 *
 * Each driver runs in its own child process (one gallium driver per process, see sf_mesa_open):
 *   1. the GL layer alone, with known answers: point sampling at texel centres of known textures
 *      returns exactly the stored texels (2D RGBA8, 2D-array layers, 3D slices, cube faces, float
 *      and depth formats), constant offsets move by whole texels, border texels return the border,
 *      implicit quads see exactly the derivatives they were built with;
 *   2. sf_xcheck_run over generated configurations: every lane exact or classified, none "our bug",
 *      none unexplained, and at least a third exact.
 * Lanes per driver: SF_EXT_MESA_LANES (default 4096 llvmpipe / 2048 softpipe; the 20,000 /
 * 5,000 runs are `samplefuzz xcheck`, figures in docs/oracle-mesa.md). Mesa missing -> skip (77
 * with SF_ALLOW_SKIP, else fail). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "samplefuzz/external.h"
#include "tests/sf_test.h"

#define EXT_SKIP 77

static sf_mesa *g_mesa;
static sf_mesa_driver g_driver;
static sf_status st;

static uint32_t fb(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

/* Exact, except the two conversions the drivers do differently from the correctly rounded ones:
 * UNORM c * (1/(2^n-1)) (llvmpipe, <= 1 ULP from c/(2^n-1)) and the sRGB decode (llvmpipe's
 * approximation: D3D11.3 §3.2.3.7 allows 0.5 ULP on the sRGB side, i.e. anything that re-encodes
 * to the same code). */
static double srgb_lin(double c) { return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4); }

static bool texel_close(const sf_format_info *fi, int c, const uint8_t *tx, uint32_t got, uint32_t want) {
  if (got == want) return true;
  if (c >= fi->channels) return false;
  if (fi->cls == SF_FCLASS_UNORM || (fi->cls == SF_FCLASS_SRGB && c == 3)) {
    uint32_t d = got > want ? got - want : want - got;
    return d <= 1;
  }
  if (fi->cls == SF_FCLASS_SRGB) {
    float g;
    memcpy(&g, &got, 4);
    double lo = srgb_lin(fmax(tx[c] - 0.5, 0.0) / 255.0), hi = srgb_lin(fmin(tx[c] + 0.5, 255.0) / 255.0);
    return g >= lo && g <= hi;
  }
  return false;
}

/* Samples every texel centre of level 0 of every slice with point filtering and explicit LOD 0,
 * and compares against sf_format_decode of the stored bytes (exact). */
static void centres_exact(unsigned type, unsigned fmt, unsigned w, unsigned h, unsigned d, unsigned layers) {
  sf_surface_desc desc = {(uint8_t)type, (uint8_t)fmt, w, h, d, layers, 1};
  sf_surface *s = NULL;
  SF_CHECK(sf_surface_create(&s, &desc, &st) == SF_OK);
  if (!s) return;
  const sf_format_info *fi = sf_format_get(fmt);
  uint64_t seed = 0x51ull + fmt * 7 + type;
  for (unsigned z = 0; z < (type == SF_SURF_3D ? d : s->slices); z++)
    for (unsigned y = 0; y < h; y++)
      for (unsigned x = 0; x < w; x++) {
        if (fi->cls == SF_FCLASS_FLOAT || fi->cls == SF_FCLASS_DEPTH) {
          float v[4];
          for (int c = 0; c < 4; c++) v[c] = (float)(sf_t_rand(&seed) % 1000) / 999.0f;
          sf_surface_store(s, 0, z, x, y, v, &st);
        } else {
          uint8_t *t = sf_surface_texel(s, 0, z, x, y);
          for (unsigned k = 0; k < fi->bytes; k++) t[k] = (uint8_t)sf_t_rand(&seed);
        }
      }
  sf_sampler sp;
  sf_sampler_default(&sp);
  static sf_sample_batch b[64];
  static sf_sample_out o[64];
  unsigned nb = 0, nslices = type == SF_SURF_3D ? d : s->slices;
  bool cube = type == SF_SURF_CUBE || type == SF_SURF_CUBE_ARRAY;
  /* lanes: (slice, x, y) in order */
  unsigned total = nslices * w * h, lane = 0;
  for (unsigned i = 0; i < total && nb < 64; i++) {
    if (lane == 0) {
      memset(&b[nb], 0, sizeof b[nb]);
      b[nb].surf = s;
      b[nb].samp = &sp;
      b[nb].lod_mode = SF_LOD_ZERO;
      b[nb].n = 32;
    }
    unsigned z = i / (w * h), y = (i / w) % h, x = i % w;
    sf_sample_batch *q = &b[nb];
    float su = ((float)x + 0.5f) / (float)w, sv = ((float)y + 0.5f) / (float)h;
    if (cube) {
      /* direction hitting the centre of texel (x, y) of face z % 6 (VK/GL face table) */
      static const float axis[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
      static const float sv_[6][3] = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {-1, 0, 0}};
      static const float tv_[6][3] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};
      unsigned f = z % 6;
      float sc = 2 * su - 1, tc = 2 * sv - 1, dir[3];
      for (int a = 0; a < 3; a++) dir[a] = axis[f][a] + sc * sv_[f][a] + tc * tv_[f][a];
      q->u[lane] = dir[0], q->v[lane] = dir[1], q->r[lane] = dir[2];
      q->ai[lane] = (float)(z / 6);
    } else {
      q->u[lane] = su;
      q->v[lane] = type == SF_SURF_1D_ARRAY ? (float)z : sv;
      q->r[lane] = type == SF_SURF_2D_ARRAY ? (float)z : type == SF_SURF_3D ? ((float)z + 0.5f) / (float)d : 0.0f;
    }
    q->lanes |= 1u << lane;
    if (++lane == 32) lane = 0, nb++;
  }
  if (lane) nb++;
  char why[160] = "";
  if (!sf_mesa_supports(g_mesa, &b[0], false, why, sizeof why)) {
    SF_CHECK_MSG(0, "%s %s not supported: %s", sf_surf_type_name(type), fi->name, why);
    sf_surface_free(s);
    return;
  }
  sf_code rc = sf_mesa_sample(g_mesa, b, nb, false, o, NULL, &st);
  SF_CHECK_MSG(rc == SF_OK, "%s", st.msg);
  unsigned bad = 0;
  for (unsigned i = 0; rc == SF_OK && i < total && i < 64 * 32; i++) {
    unsigned z = i / (w * h), y = (i / w) % h, x = i % w;
    uint32_t want[4];
    const uint8_t *tx = sf_surface_texel(s, 0, z, x, y);
    sf_format_decode(fmt, tx, want);
    for (int c = 0; c < 4; c++)
      if (!texel_close(fi, c, tx, o[i / 32].v[c][i % 32], want[c]) && bad++ < 4)
        SF_CHECK_MSG(0, "%s %s slice %u texel (%u,%u) ch %d: got %08x want %08x", sf_surf_type_name(type), fi->name, z, x,
                     y, c, o[i / 32].v[c][i % 32], want[c]);
  }
  sf_surface_free(s);
}

static void test_gl_texel_centres(void) {
  centres_exact(SF_SURF_2D, SF_FMT_RGBA8_UNORM, 8, 4, 1, 1);
  centres_exact(SF_SURF_2D, SF_FMT_RGBA8_SRGB, 4, 4, 1, 1);
  centres_exact(SF_SURF_2D, SF_FMT_RGBA16F, 4, 3, 1, 1);
  centres_exact(SF_SURF_2D, SF_FMT_RG32F, 5, 3, 1, 1);
  centres_exact(SF_SURF_2D, SF_FMT_D32F, 4, 4, 1, 1);
  centres_exact(SF_SURF_1D, SF_FMT_R16_UNORM, 16, 1, 1, 1);
  centres_exact(SF_SURF_1D_ARRAY, SF_FMT_R8_UNORM, 8, 1, 1, 3);
  centres_exact(SF_SURF_2D_ARRAY, SF_FMT_RGBA8_UNORM, 4, 4, 1, 3);
  centres_exact(SF_SURF_3D, SF_FMT_R32F, 4, 4, 3, 1);
  centres_exact(SF_SURF_CUBE, SF_FMT_RGBA8_UNORM, 4, 4, 1, 1);
  centres_exact(SF_SURF_CUBE_ARRAY, SF_FMT_R32F, 2, 2, 1, 2);
}

/* R8 4x1 row 10,20,30,40 (/255): offset +1 at texel 1's centre reads texel 2; BORDER past the edge
 * reads the border; an implicit quad sees its own differences as derivatives. */
static void test_gl_offsets_border_derivs(void) {
  sf_surface_desc desc = {SF_SURF_2D, SF_FMT_R8_UNORM, 4, 1, 1, 1, 1};
  sf_surface *s = NULL;
  SF_CHECK(sf_surface_create(&s, &desc, &st) == SF_OK);
  if (!s) return;
  for (unsigned x = 0; x < 4; x++) *sf_surface_texel(s, 0, 0, x, 0) = (uint8_t)(10 * (x + 1));
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.addr[0] = SF_ADDR_BORDER;
  sp.border[0] = 1.0f;
  sf_sample_batch b;
  memset(&b, 0, sizeof b);
  b.surf = s;
  b.samp = &sp;
  b.lod_mode = SF_LOD_EXPLICIT;
  b.n = 2;
  b.lanes = 3;
  b.u[0] = 1.5f / 4, b.v[0] = 0.5f, b.off_u[0] = 1;
  b.u[1] = 3.5f / 4, b.v[1] = 0.5f, b.off_u[1] = 1; /* texel 4: border */
  sf_sample_out o;
  SF_CHECK_MSG(sf_mesa_sample(g_mesa, &b, 1, false, &o, NULL, &st) == SF_OK, "%s", st.msg);
  SF_CHECK(o.v[0][0] - fb(30.0f / 255.0f) + 1u <= 2u); /* within 1 ULP (UNORM decode, see texel_close) */
  SF_CHECK_EQ_U(o.v[0][1], fb(1.0f));
  /* Per-lane offsets: every lane of two batches at texel 1's centre, lane k with U offset k - 8,
   * the second batch also with a V offset (CLAMP on one row: no effect). 32 distinct triples, more
   * than one program selects from, so the draw takes two passes; each lane must read its own texel. */
  sp.addr[1] = SF_ADDR_CLAMP;
  sf_sample_batch bb[2];
  memset(bb, 0, sizeof bb);
  for (unsigned j = 0; j < 2; j++) {
    bb[j].surf = s;
    bb[j].samp = &sp;
    bb[j].lod_mode = SF_LOD_EXPLICIT;
    bb[j].n = 16;
    bb[j].lanes = 0xFFFFu;
    for (unsigned k = 0; k < 16; k++) {
      bb[j].u[k] = 1.5f / 4, bb[j].v[k] = 0.5f;
      bb[j].off_u[k] = (int8_t)((int)k - 8);
      bb[j].off_v[k] = (int8_t)j;
    }
  }
  sf_sample_out oo[2];
  SF_CHECK_MSG(sf_mesa_sample(g_mesa, bb, 2, false, oo, NULL, &st) == SF_OK, "%s", st.msg);
  for (unsigned j = 0; j < 2; j++)
    for (unsigned k = 0; k < 16; k++) {
      int t = 1 + (int)k - 8;   /* the texel lane k reads */
      float want = t < 0 || t > 3 ? 1.0f : (float)(10 * (t + 1)) / 255.0f;
      SF_CHECK_MSG(oo[j].v[0][k] - fb(want) + 1u <= 2u, "batch %u lane %u (offset %d): %08x, want %08x", j, k,
                   (int)k - 8, oo[j].v[0][k], fb(want));
    }
  /* implicit quad: lanes at u = 0.25 + k*0.125 (x) and v + 0.5 (y) */
  memset(&b, 0, sizeof b);
  b.surf = s;
  b.samp = &sp;
  b.lod_mode = SF_LOD_GRAD;
  b.n = 4;
  b.lanes = 0xF;
  for (unsigned k = 0; k < 4; k++) {
    b.u[k] = 0.25f + 0.125f * (float)(k & 1u);
    b.v[k] = 0.5f + 0.5f * (float)(k >> 1);
  }
  sf_mesa_derivs dv;
  SF_CHECK_MSG(sf_mesa_sample(g_mesa, &b, 1, true, &o, &dv, &st) == SF_OK, "%s", st.msg);
  for (unsigned k = 0; k < 4; k++) {
    SF_CHECK(dv.dx[0][k] == 0.125f && dv.dx[1][k] == 0.0f);
    SF_CHECK(dv.dy[0][k] == 0.0f && dv.dy[1][k] == 0.5f);
  }
  /* bad requests are refused with a message, never drawn */
  b.n = 3; /* not whole quads */
  char why[160] = "";
  SF_CHECK(!sf_mesa_supports(g_mesa, &b, true, why, sizeof why) && why[0]);
  SF_CHECK(sf_mesa_sample(g_mesa, &b, 1, true, &o, NULL, &st) == SF_UNSUPPORTED);
  sf_status_clear(&st);
  b.surf = NULL;
  SF_CHECK(!sf_mesa_supports(g_mesa, &b, false, why, sizeof why));
  sf_surface_free(s);
}

/* Requests outside what GL expresses are refused with a reason; NaN/Inf inputs are drawn without
 * incident (what the driver returns for them is implementation-defined and not checked). */
static void test_gl_bad_requests(void) {
  sf_surface_desc desc = {SF_SURF_CUBE, SF_FMT_RGBA8_UNORM, 4, 4, 1, 1, 2};
  sf_surface *s = NULL;
  SF_CHECK(sf_surface_create(&s, &desc, &st) == SF_OK);
  if (!s) return;
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch b;
  memset(&b, 0, sizeof b);
  b.surf = s;
  b.samp = &sp;
  b.lod_mode = SF_LOD_EXPLICIT;
  b.n = 8;
  b.lanes = 0xFF;
  char why[160];
  sf_sample_out o[2];
  b.off_u[3] = 1; /* offsets on a cube */
  why[0] = 0;
  SF_CHECK(!sf_mesa_supports(g_mesa, &b, false, why, sizeof why) && strstr(why, "cube"));
  SF_CHECK(sf_mesa_sample(g_mesa, &b, 1, false, o, NULL, &st) == SF_UNSUPPORTED);
  sf_status_clear(&st);
  b.off_u[3] = 0;
  b.n = 40; /* more lanes than a batch holds */
  SF_CHECK(!sf_mesa_supports(g_mesa, &b, false, why, sizeof why));
  b.n = 8;
  b.lod_mode = 9; /* unknown LOD mode */
  SF_CHECK(!sf_mesa_supports(g_mesa, &b, false, why, sizeof why));
  b.lod_mode = SF_LOD_EXPLICIT;
  b.compare = true; /* compare on a colour format */
  SF_CHECK(!sf_mesa_supports(g_mesa, &b, false, why, sizeof why) && strstr(why, "depth"));
  b.compare = false;
  sf_sample_batch two[2] = {b, b};
  sf_sampler other = sp;
  two[1].samp = &other; /* batches of one call must share the sampler */
  SF_CHECK(sf_mesa_sample(g_mesa, two, 2, false, o, NULL, &st) == SF_ERR_INVALID);
  sf_status_clear(&st);
  for (unsigned i = 0; i < 8; i++) {
    b.u[i] = i & 1 ? NAN : INFINITY;
    b.v[i] = -INFINITY;
    b.r[i] = 1e30f;
    b.lod_or_bias[i] = i & 2 ? NAN : 1e30f;
  }
  SF_CHECK_MSG(sf_mesa_sample(g_mesa, &b, 1, false, o, NULL, &st) == SF_OK, "%s", st.msg);
  SF_CHECK(sf_mesa_sample(NULL, &b, 1, false, o, NULL, &st) == SF_ERR_INVALID);
  sf_status_clear(&st);
  sf_surface_free(s);
  /* A depth format on a 3D texture is not a GL texture (INVALID_OPERATION at upload): refused
   * as unsupported before any GL call. A 10-minute llvmpipe campaign found it as a `status`
   * finding ("GL error 0x502 uploading d32f"). */
  sf_surface_desc d3 = {SF_SURF_3D, SF_FMT_D32F, 4, 4, 2, 1, 1};
  s = NULL;
  SF_CHECK(sf_surface_create(&s, &d3, &st) == SF_OK);
  if (!s) return;
  b.surf = s;
  for (unsigned i = 0; i < 8; i++) b.u[i] = b.v[i] = b.r[i] = 0.5f, b.lod_or_bias[i] = 0.0f;
  why[0] = 0;
  SF_CHECK(!sf_mesa_supports(g_mesa, &b, false, why, sizeof why) && strstr(why, "3D"));
  SF_CHECK(sf_mesa_sample(g_mesa, &b, 1, false, o, NULL, &st) == SF_UNSUPPORTED);
  sf_status_clear(&st);
  sf_surface_free(s);
}

/* Forms drawn by mapping: compare on R32_FLOAT and R16_UNORM (uploaded as the depth format with the
 * same bits) and explicit gradients with a bias (scaled by 2^bias). Point filtering, so GL must give
 * what the scalar reference gives, lane for lane, within the 1 ULP of UNORM decoding (texel_close). */
static void ref_equal(const sf_sample_batch *b, const char *what) {
  sf_sample_out got, want;
  SF_CHECK_MSG(sf_mesa_sample(g_mesa, b, 1, false, &got, NULL, &st) == SF_OK, "%s: %s", what, st.msg);
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_sample(sf_backend_scalar(), b, &want, &st) == SF_OK, "%s: %s", what, st.msg);
  sf_status_clear(&st);
  for (unsigned i = 0; i < b->n; i++)
    SF_CHECK_MSG(got.v[0][i] - want.v[0][i] + 1u <= 2u, "%s lane %u: GL 0x%08x, reference 0x%08x", what, i,
                 (unsigned)got.v[0][i], (unsigned)want.v[0][i]);
}

static void test_gl_mapped_forms(void) {
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch b;
  memset(&b, 0, sizeof b);
  b.samp = &sp;
  b.lod_mode = SF_LOD_ZERO;
  b.compare = true;
  b.n = 8;
  b.lanes = 0xFF;
  /* R32F: texels 0.25, 0.75, 1.0, 0.0; references on both sides and outside [0, 1] (a float depth
   * format does not clamp the reference) */
  sf_surface_desc d = {SF_SURF_2D, SF_FMT_R32F, 4, 1, 1, 1, 1};
  sf_surface *s = NULL;
  SF_CHECK(sf_surface_create(&s, &d, &st) == SF_OK);
  if (!s) return;
  const float tx[4] = {0.25f, 0.75f, 1.0f, 0.0f};
  for (unsigned x = 0; x < 4; x++) memcpy(sf_surface_texel(s, 0, 0, x, 0), &tx[x], 4);
  b.surf = s;
  const float refs[8] = {0.5f, 0.5f, 1.5f, -2.0f, 0.25f, 0.8f, 3.0f, -0.5f};
  for (unsigned i = 0; i < 8; i++) {
    b.u[i] = ((float)(i & 3u) + 0.5f) / 4.0f;
    b.v[i] = 0.5f;
    b.ref[i] = refs[i];
  }
  char why[160] = "";
  SF_CHECK_MSG(sf_mesa_supports(g_mesa, &b, false, why, sizeof why), "%s", why);
  for (unsigned c = SF_CMP_LESS; c <= SF_CMP_GREATER_EQUAL; c++) {
    sp.compare = (uint8_t)c;
    ref_equal(&b, "r32f compare");
  }
  /* GL clamps depth texels to [0, 1] where D3D compares the stored float: refused, with the texel */
  const float big = 2.0f;
  memcpy(sf_surface_texel(s, 0, 0, 2, 0), &big, 4);
  why[0] = 0;
  SF_CHECK_MSG(!sf_mesa_supports(g_mesa, &b, false, why, sizeof why) && strstr(why, "(2, 0, 0)"), "%s", why);
  sf_surface_free(s);
  /* R16_UNORM: texels 0, 0x8000, 0xFFFF, 0x4000 */
  d.format = SF_FMT_R16_UNORM;
  s = NULL;
  SF_CHECK(sf_surface_create(&s, &d, &st) == SF_OK);
  if (!s) return;
  const uint16_t t16[4] = {0, 0x8000, 0xFFFF, 0x4000};
  for (unsigned x = 0; x < 4; x++) memcpy(sf_surface_texel(s, 0, 0, x, 0), &t16[x], 2);
  b.surf = s;
  for (unsigned i = 0; i < 8; i++) b.ref[i] = i < 4 ? 0.5f : 0.25f;
  sp.compare = SF_CMP_LESS_EQUAL;
  ref_equal(&b, "r16_unorm compare");
  sf_surface_free(s);
  /* Other colour formats still have no GL comparison. */
  d.format = SF_FMT_RGBA8_UNORM;
  s = NULL;
  SF_CHECK(sf_surface_create(&s, &d, &st) == SF_OK);
  if (!s) return;
  b.surf = s;
  why[0] = 0;
  SF_CHECK(!sf_mesa_supports(g_mesa, &b, false, why, sizeof why) && strstr(why, "depth"));
  sf_surface_free(s);
  /* Explicit gradients with a bias: 8x8, 4 levels, each level one value; point mips. */
  sf_surface_desc dm = {SF_SURF_2D, SF_FMT_R8_UNORM, 8, 8, 1, 1, 4};
  s = NULL;
  SF_CHECK(sf_surface_create(&s, &dm, &st) == SF_OK);
  if (!s) return;
  for (unsigned l = 0; l < 4; l++) {
    unsigned w = 8u >> l;
    for (unsigned y = 0; y < w; y++)
      for (unsigned x = 0; x < w; x++) *sf_surface_texel(s, l, 0, x, y) = (uint8_t)(40 * (l + 1));
  }
  memset(&b, 0, sizeof b);
  sf_sampler_default(&sp);
  sp.mip_filter = SF_MIP_POINT;
  b.surf = s;
  b.samp = &sp;
  b.lod_mode = SF_LOD_GRAD_BIAS;
  b.n = 8;
  b.lanes = 0xFF;
  const float bias[8] = {0.0f, 1.0f, 2.0f, 3.0f, -1.0f, 1.25f, 2.75f, 0.25f}; /* no .5 tie */
  for (unsigned i = 0; i < 8; i++) {
    b.u[i] = b.v[i] = 0.3f;
    b.dudx[i] = b.dvdy[i] = 1.0f / 8.0f; /* one texel of level 0: LOD 0 before the bias */
    b.lod_or_bias[i] = bias[i];
  }
  why[0] = 0;
  SF_CHECK_MSG(sf_mesa_supports(g_mesa, &b, false, why, sizeof why), "%s", why);
  ref_equal(&b, "gradients with a bias");
  b.lod_or_bias[5] = NAN; /* a non-finite bias cannot be folded: refused */
  SF_CHECK(!sf_mesa_supports(g_mesa, &b, false, why, sizeof why) && strstr(why, "bias"));
  sf_surface_free(s);
}

static void test_xcheck(void) {
  sf_xcheck_opts o;
  memset(&o, 0, sizeof o);
  o.driver = g_driver;
  o.seed = 20261122u;
  o.n = g_driver == SF_MESA_LLVMPIPE ? 4096 : 2048;
  const char *env = getenv("SF_EXT_MESA_LANES");
  if (env && atoi(env) > 0) o.n = (unsigned)atoi(env);
  o.log = stderr;
  o.max_log = 20;
  static sf_xcheck_stats s;
  sf_code rc = sf_xcheck_run(g_mesa, &o, &s, &st);
  SF_CHECK_MSG(rc == SF_OK, "%s", st.msg);
  sf_xcheck_print(&s, stdout);
  SF_CHECK(s.lanes >= o.n);
  SF_CHECK_EQ_U(s.by_class[SF_XC_OURBUG], 0);
  SF_CHECK_EQ_U(s.by_class[SF_XC_UNEXPLAINED], 0);
  SF_CHECK_EQ_U(s.by_class[SF_XC_VERIFIER], 0);
  SF_CHECK_EQ_U(s.derivs_mismatch, 0);
  SF_CHECK(!sf_xcheck_failed(&s));
  SF_CHECK(s.by_class[SF_XC_EXACT] * 3 >= s.lanes);
  /* the driver float model reproduces the oracle (measured 99.9 % llvmpipe, 97.8 % softpipe) */
  SF_CHECK(s.model_lanes * 3 >= s.lanes);
  SF_CHECK_MSG(s.model_exact * 100 >= s.model_lanes * (g_driver == SF_MESA_LLVMPIPE ? 98 : 90), "model-exact %llu of %llu",
               (unsigned long long)s.model_exact, (unsigned long long)s.model_lanes);
  /* every surface type was exercised */
  for (unsigned t = 0; t < SF_SURF_TYPE_COUNT; t++) {
    uint64_t n = 0;
    for (unsigned k = 0; k < SF_XC_COUNT; k++) n += s.by_surf[t][k];
    SF_CHECK_MSG(n > 0, "surface type %s never generated", sf_surf_type_name(t));
  }
}

static int run_driver(sf_mesa_driver d) {
  g_driver = d;
  sf_status_clear(&st);
  sf_code rc = sf_mesa_open(&g_mesa, d, &st);
  if (rc == SF_UNSUPPORTED) {
    fprintf(stderr, "%s: %s\n", sf_mesa_driver_name(d), st.msg);
    return EXT_SKIP;
  }
  if (rc != SF_OK) {
    fprintf(stderr, "%s: %s\n", sf_mesa_driver_name(d), st.msg);
    return 1;
  }
  printf("== %s: %s\n", sf_mesa_driver_name(d), sf_mesa_get_info(g_mesa)->renderer);
  SF_RUN(test_gl_texel_centres);
  SF_RUN(test_gl_offsets_border_derivs);
  SF_RUN(test_gl_bad_requests);
  SF_RUN(test_gl_mapped_forms);
  SF_RUN(test_xcheck);
  sf_mesa_close(g_mesa);
  printf("%s: %d passed, %d failed\n", sf_mesa_driver_name(d), sf_t_passed, sf_t_failed);
  fflush(stdout);
  return sf_t_failed ? 1 : 0;
}

static int child_status[2];

static void test_llvmpipe(void) { SF_CHECK_EQ_U(child_status[0], 0); }
static void test_softpipe(void) { SF_CHECK_EQ_U(child_status[1], 0); }

int main(void) {
  const sf_mesa_driver drivers[2] = {SF_MESA_LLVMPIPE, SF_MESA_SOFTPIPE};
  for (int i = 0; i < 2; i++) {
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
      perror("fork");
      return 1;
    }
    if (pid == 0) exit(run_driver(drivers[i])); /* exit, not _exit: LeakSanitizer runs at exit */
    int ws = 0;
    if (waitpid(pid, &ws, 0) < 0) {
      perror("waitpid");
      return 1;
    }
    child_status[i] = WIFEXITED(ws) ? WEXITSTATUS(ws) : 128 + (WIFSIGNALED(ws) ? WTERMSIG(ws) : 0);
  }
  if (child_status[0] == EXT_SKIP && child_status[1] == EXT_SKIP) SF_SKIP_ALL("Mesa (libEGL + llvmpipe/softpipe) not available");
  SF_RUN(test_llvmpipe);
  SF_RUN(test_softpipe);
  SF_TEST_END();
}
