/* tests/ext_d3d12.c — external test of the d3d12-vkd3d implementation under test (docs/oracle-d3d12.md):
 * vkd3d 1.2 (D3D12 on Vulkan) on the Vulkan device the loader gives (lavapipe here).
 *
 *  1. Known answers, each also judged by the spec-tolerance verifier (sf_verify_sample): point
 *     sampling of a known texel, the bilinear midpoint, the border colour, sample_l on mip 1, an
 *     implicit-LOD pixel-shader quad (with the quad derivatives read back), comparison sampling.
 *  2. Generated cases: SF_EXT_D3D12_CASES (default 600) structured fuzz cases of the D3D family
 *     (harness/gen/case.c), each executed by the reference executor to get its sample request,
 *     run on D3D12, every enabled lane judged by the verifier. Counts per stage and per verdict are
 *     printed. The test fails on any lane outside the interval that is not a documented known
 *     divergence, and on any shader rejection, invalid SPIR-V, pipeline failure or lost device.
 * The SPIR-V vkd3d-shader produces is validated in-process with SPIRV-Tools when the build links it
 * (SF_HAVE_SPIRV_TOOLS, CMakeLists.txt). Without vkd3d or a Vulkan device: SF_SKIP_ALL. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "samplefuzz/backend.h"
#include "samplefuzz/case.h"
#include "samplefuzz/d3d12.h"
#include "samplefuzz/external.h"
#include "tests/sf_test.h"

#if SF_HAVE_SPIRV_TOOLS
#include <spirv-tools/libspirv.h>
static bool spv_validate(const uint32_t *w, size_t n, char *msg, size_t cap, void *user) {
  (void)user;
  spv_context ctx = spvContextCreate(SPV_ENV_VULKAN_1_0);
  spv_const_binary_t bin = {w, n};
  spv_diagnostic diag = NULL;
  spv_result_t r = spvValidate(ctx, &bin, &diag);
  if (r != SPV_SUCCESS) snprintf(msg, cap, "%s", diag && diag->error ? diag->error : "spvValidate failed");
  spvDiagnosticDestroy(diag);
  spvContextDestroy(ctx);
  return r == SPV_SUCCESS;
}
#endif

static sf_d3d12 *g_dev;

static float f32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* ---- Verdicts (shared by the known answers and the generated cases) ------------------------------ */

enum { V_ALLOWED, V_REJECTED, V_KNOWN_Q2, V_KNOWN_BORDER, V_KNOWN_MIRROR_ONCE, V_KNOWN_DREF, V_KNOWN_FTZ, V_KNOWN_COMBINED,
       V_KNOWN_LVP_CUBE_NAN, V_UNCHECKED, V_UNCHECKED_LOD, V_COUNT };
static const char *const v_names[V_COUNT] = {"allowed", "REJECTED", "known-q2-offsets-ignored", "known-border-colour",
                                             "known-mirror-once", "known-dref-clamped", "ftz-denormal-inputs",
                                             "known-combined",
                                             "known-lavapipe-cube-nan", "unchecked", "unchecked-wild-lod-inputs"};

typedef struct gen_stats {
  unsigned cases, exec_refused, by_stage[SF_D3D12_STAGE_COUNT];
  unsigned lanes, by_verdict[V_COUNT], derivs[3];
  unsigned by_op_stage[6][SF_D3D12_STAGE_COUNT];
  char reason[24][56];
  unsigned reason_n[24], nreasons;
} gen_stats;

/* Equal bits, or both NaN. */
static bool same_f(float a, float b) { return (isnan(a) && isnan(b)) || memcmp(&a, &b, 4) == 0 || (a == b); }

static unsigned op_index(uint8_t op) { return op >= SF_D3D_SAMPLE && op <= SF_D3D_SAMPLE_B ? op - SF_D3D_SAMPLE : 0; }

static bool zero_border(const float b[4]) { return b[0] == 0 && b[1] == 0 && b[2] == 0 && b[3] == 0; }

static bool has_mirror_once(const sf_sampler *s) {
  return s->addr[0] == SF_ADDR_MIRROR_ONCE || s->addr[1] == SF_ADDR_MIRROR_ONCE || s->addr[2] == SF_ADDR_MIRROR_ONCE;
}

static bool uses_border(const sf_sampler *s) {
  return s->addr[0] == SF_ADDR_BORDER || s->addr[1] == SF_ADDR_BORDER || s->addr[2] == SF_ADDR_BORDER;
}

/* The documented vkd3d 1.2 divergences (docs/oracle-d3d12.md §4), each as a change of the request that
 * reproduces what vkd3d actually asks Vulkan for. */
enum { T_Q2, T_BORDER, T_MIRROR_ONCE, T_DREF_CLAMP, T_FTZ, T_COUNT };
static bool denorm(float f) { return f != 0 && fabsf(f) < 1.17549435e-38f; }
static float ftz(float f) { return denorm(f) ? copysignf(0.0f, f) : f; }

static bool transform_applies(unsigned t, const sf_sample_batch *b, uint8_t op, unsigned l) {
  switch (t) {
    case T_Q2: return (op == SF_D3D_SAMPLE_C || op == SF_D3D_SAMPLE_C_LZ) && (b->off_u[l] || b->off_v[l] || b->off_r[l]);
    case T_BORDER: return uses_border(b->samp) && !zero_border(b->samp->border);
    case T_MIRROR_ONCE: return has_mirror_once(b->samp);
    case T_FTZ:
      return denorm(b->u[l]) || denorm(b->v[l]) || denorm(b->r[l]) || denorm(b->ai[l]) ||
             ((op == SF_D3D_SAMPLE_C || op == SF_D3D_SAMPLE_C_LZ) && denorm(b->ref[l]));
    default: {
      const sf_format_info *fi = sf_format_get(b->surf->desc.format);
      bool fixed = fi && (fi->cls == SF_FCLASS_UNORM || fi->cls == SF_FCLASS_SRGB || fi->cls == SF_FCLASS_SNORM);
      return (op == SF_D3D_SAMPLE_C || op == SF_D3D_SAMPLE_C_LZ) && fixed && !(b->ref[l] >= 0 && b->ref[l] <= 1);
    }
  }
}
static void transform(unsigned t, sf_sample_batch *z, sf_sampler *s2, unsigned l) {
  switch (t) {
    case T_Q2: /* Q2 (docs/dxbc.md): vkd3d 1.2 drops the offsets of sample_c / sample_c_lz */
      z->off_u[l] = z->off_v[l] = z->off_r[l] = 0;
      break;
    case T_BORDER: /* D3D12_SAMPLER_DESC.BorderColor ignored ("Ignoring border color"): transparent black */
      memset(s2->border, 0, sizeof s2->border);
      break;
    case T_MIRROR_ONCE: /* "Unhandled address mode 0x5": measured to behave as wrap */
      for (unsigned i = 0; i < 3; i++)
        if (s2->addr[i] == SF_ADDR_MIRROR_ONCE) s2->addr[i] = SF_ADDR_WRAP;
      break;
    case T_FTZ: /* D3D11.3 §3.1 float rules let float32 denormals be flushed: coordinates and Dref read as 0 */
      z->u[l] = ftz(z->u[l]), z->v[l] = ftz(z->v[l]), z->r[l] = ftz(z->r[l]), z->ai[l] = ftz(z->ai[l]);
      z->ref[l] = ftz(z->ref[l]);
      break;
    default: /* Vulkan "Depth Compare Operation": Dref clamped to [0, 1] on fixed-point formats */
      z->ref[l] = z->ref[l] > 1 ? 1.0f : z->ref[l] >= 0 ? z->ref[l] : 0.0f;
      break;
  }
}

/* LOD inputs the verifier does not yet treat as implementation-defined: non-finite gradients, LOD or
 * bias, and gradients beyond 2^16 (whose squares overflow in a float rho computation), mirroring the
 * verifier's own rule for coordinates (include/samplefuzz/external.h). */
static bool wild(float f) { return !(f >= -65536.0f && f <= 65536.0f); }
static bool wild_lod_inputs(const sf_sample_batch *b, unsigned l) {
  bool grads = b->lod_mode == SF_LOD_GRAD || b->lod_mode == SF_LOD_GRAD_BIAS;
  bool lod = b->lod_mode == SF_LOD_EXPLICIT || b->lod_mode == SF_LOD_GRAD_BIAS;
  if (lod && wild(b->lod_or_bias[l])) return true;
  return grads && (wild(b->dudx[l]) || wild(b->dvdx[l]) || wild(b->drdx[l]) || wild(b->dudy[l]) || wild(b->dvdy[l]) ||
                   wild(b->drdy[l]));
}

static unsigned judge(const sf_sample_batch *b, uint8_t op, unsigned l, const uint32_t r4[4], sf_verify_result *vr) {
  sf_verify_params p;
  sf_verify_params_spec(&p);
  sf_verify_kind k = sf_verify_sample(b, l, r4, &p, vr);
  if (k == SF_VERIFY_ALLOWED) return V_ALLOWED;
  if (k == SF_VERIFY_REJECTED && wild_lod_inputs(b, l)) return V_UNCHECKED_LOD;
  if (k == SF_VERIFY_UNCHECKED) return V_UNCHECKED;
  /* lavapipe (docs/oracle-d3d12.md D8): linear cube sampling with a direction whose components are
   * all denormal or zero (not all zero) returns NaN even from fixed-point formats. */
  unsigned t = b->surf ? b->surf->desc.type : 0;
  if ((t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY) && (isnan(f32(r4[0])) || isnan(f32(r4[1])))) {
    const float dir[3] = {b->u[l], b->v[l], b->r[l]};
    bool tiny = true, zero = true;
    for (unsigned i = 0; i < 3; i++) {
      tiny = tiny && fabsf(dir[i]) < 1.17549435e-38f;
      zero = zero && dir[i] == 0;
    }
    if (tiny && !zero) return V_KNOWN_LVP_CUBE_NAN;
  }
  /* A cube direction that flushes to (0, 0, 0) has no defined face (cube addressing selects the face by the
   * major axis): implementation-defined once denormals may be flushed. */
  if ((t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY) && transform_applies(T_FTZ, b, op, l) && ftz(b->u[l]) == 0 &&
      ftz(b->v[l]) == 0 && ftz(b->r[l]) == 0)
    return V_KNOWN_FTZ;
  /* Every combination of the applicable changes (at most 2^5). */
  unsigned app = 0;
  for (unsigned i = 0; i < T_COUNT; i++)
    if (transform_applies(i, b, op, l)) app |= 1u << i;
  for (unsigned m = 1; m < (1u << T_COUNT); m++) {
    if ((m & app) != m) continue;
    sf_sampler s2 = *b->samp;
    sf_sample_batch z = *b;
    z.samp = &s2;
    unsigned single = T_COUNT, nbits = 0;
    for (unsigned i = 0; i < T_COUNT; i++)
      if (m >> i & 1u) {
        transform(i, &z, &s2, l);
        single = i;
        nbits++;
      }
    sf_verify_result tmp;
    if (sf_verify_sample(&z, l, r4, &p, &tmp) == SF_VERIFY_ALLOWED) return nbits == 1 ? V_KNOWN_Q2 + single : V_KNOWN_COMBINED;
  }
  return V_REJECTED;
}

/* ---- 1. Known answers ------------------------------------------------------------------------ */

typedef struct known {
  sf_surface *s;
  sf_sampler samp;
  sf_sample_batch b;
} known;

static void known_init(known *k, unsigned type, unsigned fmt, unsigned w, unsigned h, unsigned levels) {
  memset(k, 0, sizeof *k);
  sf_surface_desc d = {(uint8_t)type, (uint8_t)fmt, w, h, 1, 1, levels};
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_surface_create(&k->s, &d, &st), SF_OK);
  sf_sampler_default(&k->samp);
  k->b.surf = k->s;
  k->b.samp = &k->samp;
  k->b.n = 4;
  k->b.lanes = 0xF;
}

static void store(known *k, unsigned level, unsigned x, unsigned y, float r, float g, float b, float a) {
  sf_status st;
  sf_status_clear(&st);
  const float c[4] = {r, g, b, a};
  SF_CHECK_EQ_U(sf_surface_store(k->s, level, 0, x, y, c, &st), SF_OK);
}

/* Runs op on k's batch, checks lane 0..3 channel 0..3 against want (NaN: don't care) within tol,
 * and that the verifier allows every lane. */
static void known_run(known *k, uint8_t op, const float want[4][4], float tol, sf_d3d12_result *res) {
  sf_d3d12_req q = {op, &k->b};
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_d3d12_run(g_dev, &q, 1, res, &st), SF_OK);
  SF_CHECK_MSG(res->stage == SF_D3D12_STAGE_RAN, "stage %s: %s", sf_d3d12_stage_name(res->stage), res->why);
  if (res->stage != SF_D3D12_STAGE_RAN) return;
  sf_verify_params p;
  sf_verify_params_spec(&p);
  for (unsigned l = 0; l < 4; l++) {
    uint32_t r4[4] = {res->out.v[0][l], res->out.v[1][l], res->out.v[2][l], res->out.v[3][l]};
    for (unsigned c = 0; c < 4; c++)
      if (!isnan(want[l][c]))
        SF_CHECK_MSG(fabsf(f32(r4[c]) - want[l][c]) <= tol, "lane %u ch %u: got %.9g want %.9g", l, c, f32(r4[c]),
                     want[l][c]);
    sf_verify_result vr;
    sf_verify_kind kind = sf_verify_sample(&k->b, l, r4, &p, &vr);
    SF_CHECK_MSG(kind == SF_VERIFY_ALLOWED, "lane %u: verifier %s: %s", l, sf_verify_kind_name(kind), vr.why);
  }
}

static void lanes_at(known *k, float u, float v) {
  for (unsigned l = 0; l < 4; l++) k->b.u[l] = u, k->b.v[l] = v;
}

static void test_point_texel(void) {
  known k;
  known_init(&k, SF_SURF_2D, SF_FMT_RGBA8_UNORM, 4, 4, 1);
  store(&k, 0, 2, 1, 1.0f, 0.0f, 128.0f / 255.0f, 64.0f / 255.0f);
  k.b.lod_mode = SF_LOD_EXPLICIT;
  lanes_at(&k, 2.5f / 4, 1.5f / 4); /* centre of texel (2, 1) */
  const float w[4] = {1.0f, 0.0f, 128.0f / 255.0f, 64.0f / 255.0f};
  const float want[4][4] = {{w[0], w[1], w[2], w[3]}, {w[0], w[1], w[2], w[3]}, {w[0], w[1], w[2], w[3]}, {w[0], w[1], w[2], w[3]}};
  sf_d3d12_result r;
  known_run(&k, SF_D3D_SAMPLE_L, want, 1e-6f, &r);
  sf_surface_free(k.s);
}

static void test_bilinear_mid(void) {
  known k;
  known_init(&k, SF_SURF_2D, SF_FMT_R32F, 2, 1, 1);
  store(&k, 0, 0, 0, 0.25f, 0, 0, 1);
  store(&k, 0, 1, 0, 0.75f, 0, 0, 1);
  k.samp.min_filter = k.samp.mag_filter = SF_FILTER_LINEAR;
  k.b.lod_mode = SF_LOD_EXPLICIT;
  lanes_at(&k, 0.5f, 0.5f); /* halfway between the two texel centres */
  const float want[4][4] = {{0.5f, 0, 0, 1}, {0.5f, 0, 0, 1}, {0.5f, 0, 0, 1}, {0.5f, 0, 0, 1}};
  sf_d3d12_result r;
  known_run(&k, SF_D3D_SAMPLE_L, want, 1.0f / 256, &r);
  sf_surface_free(k.s);
}

/* Border addressing with a transparent-black border (the only colour vkd3d 1.2 honours; any other
 * D3D12_SAMPLER_DESC.BorderColor is ignored: docs/oracle-d3d12.md, checked below as a known divergence). */
static void test_border(void) {
  known k;
  known_init(&k, SF_SURF_2D, SF_FMT_RGBA8_UNORM, 4, 4, 1);
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 4; x++) store(&k, 0, x, y, 1, 1, 1, 1);
  for (unsigned i = 0; i < 3; i++) k.samp.addr[i] = SF_ADDR_BORDER;
  k.b.lod_mode = SF_LOD_EXPLICIT;
  lanes_at(&k, -0.75f, 1.5f);
  const float want[4][4] = {{0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}};
  sf_d3d12_result r;
  known_run(&k, SF_D3D_SAMPLE_L, want, 0, &r);
  /* Opaque white requested: vkd3d 1.2 still returns transparent black (the known divergence). */
  for (unsigned c = 0; c < 4; c++) k.samp.border[c] = 1.0f;
  sf_d3d12_req q = {SF_D3D_SAMPLE_L, &k.b};
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_d3d12_run(g_dev, &q, 1, &r, &st), SF_OK);
  SF_CHECK_EQ_U(r.stage, SF_D3D12_STAGE_RAN);
  for (unsigned l = 0; l < 4; l++) {
    uint32_t r4[4] = {r.out.v[0][l], r.out.v[1][l], r.out.v[2][l], r.out.v[3][l]};
    sf_verify_result vr;
    unsigned v = judge(&k.b, SF_D3D_SAMPLE_L, l, r4, &vr);
    SF_CHECK_MSG(v == V_KNOWN_BORDER || v == V_ALLOWED, "lane %u: %s", l, v_names[v]);
  }
  sf_surface_free(k.s);
}

static void test_mip1(void) {
  known k;
  known_init(&k, SF_SURF_2D, SF_FMT_R16F, 4, 4, 3);
  for (unsigned y = 0; y < 2; y++)
    for (unsigned x = 0; x < 2; x++) store(&k, 1, x, y, 0.125f * (float)(1 + x + 2 * y), 0, 0, 1);
  k.samp.mip_filter = SF_MIP_POINT;
  k.b.lod_mode = SF_LOD_EXPLICIT;
  lanes_at(&k, 0.75f, 0.25f); /* level 1 texel (1, 0) */
  for (unsigned l = 0; l < 4; l++) k.b.lod_or_bias[l] = 1.0f;
  const float want[4][4] = {{0.25f, 0, 0, 1}, {0.25f, 0, 0, 1}, {0.25f, 0, 0, 1}, {0.25f, 0, 0, 1}};
  sf_d3d12_result r;
  known_run(&k, SF_D3D_SAMPLE_L, want, 0, &r);
  sf_surface_free(k.s);
}

/* A pixel-shader quad whose coordinates step 2 texels per pixel on an 8x8 texture: LOD 1, so the
 * point-sampled result comes from level 1; the derivatives read back must be the quad differences. */
static void test_implicit_quad(void) {
  known k;
  known_init(&k, SF_SURF_2D, SF_FMT_R32F, 8, 8, 4);
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 4; x++) store(&k, 1, x, y, (float)(10 + x + 4 * y), 0, 0, 1);
  k.samp.mip_filter = SF_MIP_POINT;
  k.b.lod_mode = SF_LOD_GRAD;
  const float du = 2.0f / 8;
  for (unsigned l = 0; l < 4; l++) {
    k.b.u[l] = 1.0f / 8 + du * (float)(l & 1);
    k.b.v[l] = 1.0f / 8 + du * (float)(l >> 1);
    k.b.dudx[l] = du, k.b.dvdy[l] = du;
  }
  /* level 1 (4x4): u = 1/8 -> x 0.5 -> texel 0; u = 3/8 -> 1.5 -> texel 1 */
  const float want[4][4] = {{10, 0, 0, 1}, {11, 0, 0, 1}, {14, 0, 0, 1}, {15, 0, 0, 1}};
  sf_d3d12_result r;
  known_run(&k, SF_D3D_SAMPLE, want, 0, &r);
  SF_CHECK(r.derivs);
  for (unsigned l = 0; l < 4 && r.derivs; l++) {
    SF_CHECK_MSG(r.dx[0][l] == du && r.dx[1][l] == 0, "lane %u ddx (%g, %g)", l, r.dx[0][l], r.dx[1][l]);
    SF_CHECK_MSG(r.dy[0][l] == 0 && r.dy[1][l] == du, "lane %u ddy (%g, %g)", l, r.dy[0][l], r.dy[1][l]);
  }
  sf_surface_free(k.s);
}

static void test_compare(void) {
  known k;
  known_init(&k, SF_SURF_2D, SF_FMT_D32F, 2, 2, 1);
  for (unsigned y = 0; y < 2; y++)
    for (unsigned x = 0; x < 2; x++) store(&k, 0, x, y, 0.5f, 0, 0, 1);
  k.samp.compare = SF_CMP_LESS; /* passes when ref < texel */
  k.b.compare = true;
  k.b.lod_mode = SF_LOD_ZERO;
  lanes_at(&k, 0.25f, 0.25f);
  const float refs[4] = {0.25f, 0.75f, 0.5f, 0.0f};
  for (unsigned l = 0; l < 4; l++) k.b.ref[l] = refs[l];
  const float want[4][4] = {{1, NAN, NAN, NAN}, {0, NAN, NAN, NAN}, {0, NAN, NAN, NAN}, {1, NAN, NAN, NAN}};
  sf_d3d12_result r;
  known_run(&k, SF_D3D_SAMPLE_C_LZ, want, 0, &r);
  sf_surface_free(k.s);
}

/* The same backend through the ABI v2 registry (oracles/impl/d3d12_backend.c). */
static void test_backend_v2(void) {
  sf_d3d12_backends_register();
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_backend_open("d3d12-vkd3d", &h, &st) == SF_OK, "%s", st.msg);
  if (!h) return;
  known k;
  known_init(&k, SF_SURF_2D, SF_FMT_RGBA8_UNORM, 4, 4, 1);
  store(&k, 0, 1, 3, 0.0f, 1.0f, 0.0f, 1.0f);
  k.b.lod_mode = SF_LOD_ZERO;
  lanes_at(&k, 1.5f / 4, 3.5f / 4);
  sf_sample_out out;
  SF_CHECK_MSG(sf_backend_sample(h, &k.b, 1, &out, &st) == SF_OK, "%s", st.msg);
  for (unsigned l = 0; l < 4; l++) SF_CHECK(f32(out.v[0][l]) == 0.0f && f32(out.v[1][l]) == 1.0f && f32(out.v[3][l]) == 1.0f);
  k.b.lod_query = true;
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_backend_sample(h, &k.b, 1, &out, &st), SF_UNSUPPORTED);
  sf_backend_close(h);
  sf_surface_free(k.s);
}

/* The known vkd3d 1.2 defects are detected before any call (they would abort the process). */
static void test_known_detected(void) {
  known k;
  sf_surface_desc d = {SF_SURF_CUBE, SF_FMT_RGBA8_UNORM, 4, 4, 1, 1, 1};
  memset(&k, 0, sizeof k);
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_surface_create(&k.s, &d, &st), SF_OK);
  sf_sampler_default(&k.samp);
  k.b.surf = k.s, k.b.samp = &k.samp, k.b.n = 4, k.b.lanes = 0xF, k.b.lod_mode = SF_LOD_GRAD;
  sf_d3d12_req q = {SF_D3D_SAMPLE_D, &k.b};
  char why[256];
  SF_CHECK_EQ_U(sf_d3d12_classify(&q, why, sizeof why), SF_D3D12_STAGE_KNOWN);
  q.op = SF_D3D_SAMPLE_L;
  SF_CHECK_EQ_U(sf_d3d12_classify(&q, why, sizeof why), SF_D3D12_STAGE_RAN);
  /* Bad requests are stages with a reason, never a crash or a GPU call. */
  sf_d3d12_result r;
  k.samp.addr[0] = 9;
  SF_CHECK_EQ_U(sf_d3d12_run(g_dev, &q, 1, &r, &st), SF_OK);
  SF_CHECK_MSG(r.stage == SF_D3D12_STAGE_UNSUPPORTED && strstr(r.why, "sampler"), "%s", r.why);
  k.samp.addr[0] = SF_ADDR_CLAMP;
  k.b.n = 0;
  SF_CHECK_EQ_U(sf_d3d12_run(g_dev, &q, 1, &r, &st), SF_OK);
  SF_CHECK_EQ_U(r.stage, SF_D3D12_STAGE_UNSUPPORTED);
  q.op = 0x30;
  k.b.n = 4;
  SF_CHECK_EQ_U(sf_d3d12_classify(&q, why, sizeof why), SF_D3D12_STAGE_UNSUPPORTED);
  SF_CHECK_EQ_U(sf_d3d12_run(g_dev, NULL, 1, &r, &st), SF_ERR_INVALID);
  sf_surface_free(k.s);
}

/* ---- 2. Generated cases ---------------------------------------------------------------------- */

/* The reference executor builds the request; a backend that records it gives it to us. The slot is
 * thread-local: the executor's backend entry has no user pointer. */
static _Thread_local sf_sample_batch *g_capture;
static _Thread_local bool g_captured;
static sf_code capture_sample(const sf_sample_batch *req, sf_sample_out *out, sf_status *st) {
  if (g_capture) *g_capture = *req;
  g_captured = true;
  return sf_backend_scalar()->sample(req, out, st);
}

static void run_generated(unsigned n, uint64_t seed, gen_stats *gs, double *secs) {
  memset(gs, 0, sizeof *gs);
  unsigned logged = 0;
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  sf_backend capture = {"capture", capture_sample, NULL, NULL, NULL};
  for (unsigned i = 0; i < n; i++) {
    uint8_t bytes[SF_CASE_MAX_SIZE];
    for (size_t j = 0; j < sizeof bytes; j++) bytes[j] = (uint8_t)(sf_t_rand(&seed) >> 56);
    bytes[1] = 3; /* family index 3: SF_FAMILY_D3D (case.h header) */
    sf_case *c = calloc(1, sizeof *c);
    sf_status st;
    sf_status_clear(&st);
    if (!c || sf_case_read(bytes, sizeof bytes, c, &st) != SF_OK || c->family != SF_FAMILY_D3D) {
      free(c);
      gs->exec_refused++;
      continue;
    }
    gs->cases++;
    sf_case_env env;
    memset(&env, 0, sizeof env);
    sf_sample_batch b;
    memset(&b, 0, sizeof b);
    g_capture = &b;
    g_captured = false;
    if (sf_case_env_build(c, &env, &st) != SF_OK || sf_exec(&c->inst, &env.state, &capture, &st) != SF_OK || !g_captured) {
      gs->exec_refused++;
      g_capture = NULL;
      sf_case_env_free(&env);
      free(c);
      continue;
    }
    g_capture = NULL;
    uint8_t op = c->inst.d3d.op;
    sf_d3d12_req q = {op, &b};
    sf_d3d12_result res;
    sf_status_clear(&st);
    SF_CHECK_EQ_U(sf_d3d12_run(g_dev, &q, 1, &res, &st), SF_OK);
    gs->by_stage[res.stage]++;
    if (res.stage == SF_D3D12_STAGE_KNOWN || res.stage == SF_D3D12_STAGE_UNSUPPORTED) {
      /* tally the reasons by their first words (up to the first "(" or ";") */
      char key[56];
      size_t kl = strcspn(res.why, "(;");
      snprintf(key, sizeof key, "%.*s", (int)(kl < sizeof key - 1 ? kl : sizeof key - 1), res.why);
      unsigned r = 0;
      while (r < gs->nreasons && strcmp(gs->reason[r], key)) r++;
      if (r == gs->nreasons && r < 24) snprintf(gs->reason[gs->nreasons++], sizeof gs->reason[0], "%s", key);
      if (r < 24) gs->reason_n[r]++;
    }
    gs->by_op_stage[op_index(op)][res.stage]++;
    char desc[256];
    if (res.stage >= SF_D3D12_STAGE_SHADER_REJECTED) {
      SF_CHECK_MSG(false, "case %u (%s): stage %s: %s", i, sf_case_describe(c, desc, sizeof desc),
                   sf_d3d12_stage_name(res.stage), res.why);
    }
    if (res.stage == SF_D3D12_STAGE_RAN) {
      for (unsigned l = 0; l < b.n; l++) {
        if (!(b.lanes >> l & 1u)) continue;
        uint32_t r4[4] = {res.out.v[0][l], res.out.v[1][l], res.out.v[2][l], res.out.v[3][l]};
        sf_verify_result vr;
        unsigned v = judge(&b, op, l, r4, &vr);
        gs->lanes++;
        gs->by_verdict[v]++;
        if (res.derivs) {
          /* What the device's deriv_rtx/rty_coarse gave: the quad's coarse differences (what the
           * reference uses), the fine per-row/per-column differences (SPIR-V allows coarse to be
           * computed as fine), or neither. */
          unsigned q0 = l & ~3u, x0 = q0 + (l & 2u), y0 = q0 + (l & 1u);
          const float *cu[2] = {b.u, b.v};
          bool coarse = true, fine = true;
          for (unsigned a = 0; a < 2; a++) {
            coarse = coarse && same_f(res.dx[a][l], a ? b.dvdx[l] : b.dudx[l]) && same_f(res.dy[a][l], a ? b.dvdy[l] : b.dudy[l]);
            fine = fine && same_f(res.dx[a][l], cu[a][x0 + 1] - cu[a][x0]) && same_f(res.dy[a][l], cu[a][y0 + 2] - cu[a][y0]);
          }
          gs->derivs[coarse ? 0 : fine ? 1 : 2]++;
          if (!coarse && !fine && gs->derivs[2] <= 3)
            printf("  derivatives neither coarse nor fine: case %u lane %u: device ddx (%g, %g) ddy (%g, %g)\n", i, l,
                   res.dx[0][l], res.dx[1][l], res.dy[0][l], res.dy[1][l]);
        }
        if (v == V_REJECTED || (v != V_ALLOWED && v != V_UNCHECKED && logged < 6)) {
          if (logged < 40)
            printf("  %s lane %u inputs: %s uvr (%.9g %.9g %.9g %.9g) x %.9g grad (%g %g %g / %g %g %g) off (%d %d %d) border (%g %g %g %g)\n",
                   v_names[v], l, sf_d3d_op_name(op), b.u[l], b.v[l], b.r[l], b.ai[l], (op == SF_D3D_SAMPLE_C || op == SF_D3D_SAMPLE_C_LZ) ? b.ref[l] : b.lod_or_bias[l],
                   b.dudx[l], b.dvdx[l], b.drdx[l], b.dudy[l], b.dvdy[l], b.drdy[l], b.off_u[l], b.off_v[l], b.off_r[l],
                   b.samp->border[0], b.samp->border[1], b.samp->border[2], b.samp->border[3]);
          if (logged++ < 40)
            printf("  %s case %u lane %u [%s]: got (%.9g %.9g %.9g %.9g) allowed [%.9g, %.9g] (ch0): %s\n", v_names[v], i,
                   l, sf_case_describe(c, desc, sizeof desc), f32(r4[0]), f32(r4[1]), f32(r4[2]), f32(r4[3]), vr.lo[0],
                   vr.hi[0], vr.why);
        }
        SF_CHECK_MSG(v != V_REJECTED, "case %u lane %u rejected", i, l);
      }
    }
    sf_case_env_free(&env);
    free(c);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  *secs = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
}

static void test_generated(void) {
  const char *e = getenv("SF_EXT_D3D12_CASES");
  unsigned n = e ? (unsigned)strtoul(e, NULL, 10) : 600u;
  const char *se = getenv("SF_EXT_D3D12_SEED");
  uint64_t seed = se ? strtoull(se, NULL, 0) : 20261124u;
  gen_stats gs;
  double secs;
  run_generated(n, seed, &gs, &secs);
  printf("generated: %u cases (seed %llu), %u not executable by the reference, %.2f s, %.1f cases/s\n", gs.cases,
         (unsigned long long)seed, gs.exec_refused, secs, secs > 0 ? (double)gs.cases / secs : 0.0);
  static const char *const ops[6] = {"sample", "sample_c", "sample_c_lz", "sample_l", "sample_d", "sample_b"};
  printf("  %-12s", "stage");
  for (unsigned o = 0; o < 6; o++) printf(" %11s", ops[o]);
  printf(" %8s\n", "total");
  for (unsigned s = 0; s < SF_D3D12_STAGE_COUNT; s++) {
    printf("  %-12s", sf_d3d12_stage_name((sf_d3d12_stage)s));
    for (unsigned o = 0; o < 6; o++) printf(" %11u", gs.by_op_stage[o][s]);
    printf(" %8u\n", gs.by_stage[s]);
  }
  for (unsigned r = 0; r < gs.nreasons; r++) printf("  %5u x %s\n", gs.reason_n[r], gs.reason[r]);
  printf("  lanes judged: %u;", gs.lanes);
  for (unsigned v = 0; v < V_COUNT; v++) printf(" %s %u;", v_names[v], gs.by_verdict[v]);
  printf("\n  implicit lanes' deriv_rtx/rty_coarse: %u = coarse quad differences, %u = fine differences only, %u neither\n",
         gs.derivs[0], gs.derivs[1], gs.derivs[2]);
  sf_d3d12_stats ds;
  sf_d3d12_get_stats(g_dev, &ds);
  printf("  device: %llu requests, %llu shaders compiled, %llu pipelines, %llu submissions\n",
         (unsigned long long)ds.requests, (unsigned long long)ds.shaders_compiled,
         (unsigned long long)ds.pipelines_created, (unsigned long long)ds.submissions);
  SF_CHECK(n == 0 || gs.by_stage[SF_D3D12_STAGE_RAN] > 0);
}

int main(void) {
  sf_d3d12_opts o;
  memset(&o, 0, sizeof o);
#if SF_HAVE_SPIRV_TOOLS
  o.validate = spv_validate;
#endif
  sf_status st;
  sf_status_clear(&st);
  sf_code c = sf_d3d12_open(&g_dev, &o, &st);
  if (c == SF_UNSUPPORTED) SF_SKIP_ALL("%s", st.msg);
  if (c != SF_OK) {
    fprintf(stderr, "sf_d3d12_open: %s\n", st.msg);
    return 1;
  }
  const sf_d3d12_info *info = sf_d3d12_get_info(g_dev);
  printf("d3d12-vkd3d: device %s, SPIR-V validator %s\n", info->device, info->validator);
  SF_RUN(test_known_detected);
  SF_RUN(test_point_texel);
  SF_RUN(test_bilinear_mid);
  SF_RUN(test_border);
  SF_RUN(test_mip1);
  SF_RUN(test_implicit_quad);
  SF_RUN(test_compare);
  SF_RUN(test_backend_v2);
  SF_RUN(test_generated);
  sf_d3d12_close(g_dev);
  SF_TEST_END();
}
