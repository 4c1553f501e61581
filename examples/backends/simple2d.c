/* examples/backends/simple2d.c — an example plug-in backend (ABI v2, include/samplefuzz/backend.h):
 * a plain, self-contained 2D sampler, written from the D3D11.3 functional specification §7.18
 * (texture coordinate to texel mapping §7.18.7, linear filtering §7.18.8, address modes §7.18.9,
 * mip selection §7.18.10, LOD §7.18.11). docs/backends.md walks through it.
 *
 * It declares exactly what it does: sample batches on 2D surfaces of r8/rg8/rgba8_unorm and
 * r32f/rg32f/rgba32f, point or linear min/mag filters, no/point/linear mip filtering, every address
 * mode, every LOD mode and texel offsets; no compare, no LOD query. Weights are float (no fixed-point
 * snapping), which the D3D11.3 precision rules allow.
 *
 * Built three times (examples/CMakeLists.txt): SF_EX_BUG=0 is correct; the others plant one
 * plausible, subtle bug each, so that samplefuzz can be seen finding them:
 *   1  bilinear weights truncated to 4 fraction bits (D3D11.3 §7.18.8 asks for at least 8),
 *   2  mirror addressing off by one for negative texel indices (-1 maps to 1, not 0; §7.18.9). */
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "samplefuzz/backend.h"

#ifndef SF_EX_BUG
#define SF_EX_BUG 0
#endif
#ifndef SF_EX_NAME
#define SF_EX_NAME "simple2d"
#endif

static sf_code ex_caps(void *inst, sf_backend_caps *c, sf_status *st) {
  (void)inst;
  (void)st;
  c->families = SF_BCAP_FAM_SAMPLE;
  c->ops = SF_BCAP_OP_GRAD | SF_BCAP_OP_GRAD_BIAS | SF_BCAP_OP_EXPLICIT | SF_BCAP_OP_ZERO | SF_BCAP_OP_OFFSETS;
  c->surf_types = 1u << SF_SURF_2D;
  c->formats = 1ull << SF_FMT_R8_UNORM | 1ull << SF_FMT_RG8_UNORM | 1ull << SF_FMT_RGBA8_UNORM | 1ull << SF_FMT_R32F |
               1ull << SF_FMT_RG32F | 1ull << SF_FMT_RGBA32F;
  c->filters = SF_BCAP_FILTER_ALL;
  c->addr_modes = (1u << SF_ADDR_COUNT) - 1u;
  return SF_OK;
}

static sf_code ex_precision(void *inst, sf_backend_precision *p, sf_status *st) {
  (void)inst;
  (void)st;
  p->subtexel_bits = 8;   /* what it claims: the D3D11.3 minimum */
  p->lod_bits = 8;
  p->mip_blend_bits = 8;
  return SF_OK;
}

/* Integer texel index of a float, in 64 bits and saturated to +-2^60 (NaN -> 0): no undefined
 * conversion, and every float below 2^60 in magnitude keeps its own index, so the address modes
 * wrap and mirror far coordinates exactly (a saturation at 2^20 once moved the taps of a
 * coordinate of -1.5e6 texels to other texels). */
static int64_t ex_floor(float x) {
  if (!(x == x)) return 0;
  if (x > 1152921504606846976.0f) return INT64_C(1) << 60;
  if (x < -1152921504606846976.0f) return -(INT64_C(1) << 60);
  return (int64_t)floorf(x);
}

/* Address mode for one axis: the texel index to read, or -1 for the border colour. */
static int ex_address(int64_t i, int n, unsigned mode) {
  switch (mode) {
    case SF_ADDR_WRAP: return (int)(((i % n) + n) % n);
    case SF_ADDR_MIRROR: {
#if SF_EX_BUG == 2
      if (i < 0) i = -i;                         /* BUG: should be -i - 1 */
#else
      if (i < 0) i = -i - 1;
#endif
      int t = (int)(i % (2 * n));
      return t < n ? t : 2 * n - 1 - t;
    }
    case SF_ADDR_MIRROR_ONCE: {
      if (i < 0) i = -i - 1;
      return i < n ? (int)i : n - 1;
    }
    case SF_ADDR_BORDER: return (i < 0 || i >= n) ? -1 : (int)i;
    default: return i < 0 ? 0 : i >= n ? n - 1 : (int)i;   /* clamp */
  }
}

static void ex_texel(const sf_surface *s, unsigned level, int x, int y, const float border[4], float out[4], bool *null_hit) {
  static const float dflt[4] = {0, 0, 0, 1};
  memcpy(out, dflt, sizeof dflt);
  if (x < 0 || y < 0) {
    memcpy(out, border, 4 * sizeof(float));
    return;
  }
  const sf_level *lv = &s->levels[level];
  size_t tile = lv->null_offset + (size_t)(y / SF_NULL_TILE) * lv->tiles_x + (size_t)x / SF_NULL_TILE;
  bool null_page = tile < s->null_size && s->null_map[tile];
  *null_hit |= null_page;
  unsigned fmt = s->desc.format;
  unsigned ch = fmt == SF_FMT_R8_UNORM || fmt == SF_FMT_R32F ? 1 : fmt == SF_FMT_RG8_UNORM || fmt == SF_FMT_RG32F ? 2 : 4;
  bool f32 = fmt == SF_FMT_R32F || fmt == SF_FMT_RG32F || fmt == SF_FMT_RGBA32F;
  const uint8_t *p = s->data + lv->offset + lv->row_pitch * (size_t)y + (size_t)x * ch * (f32 ? 4u : 1u);
  for (unsigned k = 0; k < ch; k++) {
    if (null_page) out[k] = 0.0f;
    else if (f32) memcpy(&out[k], p + 4 * k, 4);
    else out[k] = (float)p[k] / 255.0f;
  }
}

/* a + f*(b - a); when b - a overflows (finite a and b of opposite signs near the float range),
 * a*(1 - f) + b*f, which cannot. */
static float ex_lerp(float a, float b, float f) {
  float d = b - a;
  if (isinf(d) && isfinite(a) && isfinite(b)) return a * (1.0f - f) + b * f;
  return a + f * d;
}

static void ex_level(const sf_sample_batch *q, unsigned i, unsigned level, bool linear, float out[4], bool *null_hit) {
  const sf_surface *s = q->surf;
  const sf_sampler *sp = q->samp;
  const sf_level *lv = &s->levels[level];
  int w = (int)lv->w, h = (int)lv->h;
  float border[4];
  bool f32 = s->desc.format == SF_FMT_R32F || s->desc.format == SF_FMT_RG32F || s->desc.format == SF_FMT_RGBA32F;
  for (unsigned k = 0; k < 4; k++) border[k] = f32 ? sp->border[k] : fminf(fmaxf(sp->border[k], 0.0f), 1.0f);
  float x = q->u[i] * (float)w, y = q->v[i] * (float)h;
  if (!linear) {
    int tx = ex_address(ex_floor(x) + q->off_u[i], w, sp->addr[0]);
    int ty = ex_address(ex_floor(y) + q->off_v[i], h, sp->addr[1]);
    ex_texel(s, level, tx < 0 || ty < 0 ? -1 : tx, ty < 0 ? -1 : ty, border, out, null_hit);
    return;
  }
  x -= 0.5f;
  y -= 0.5f;
  int64_t x0 = ex_floor(x), y0 = ex_floor(y);
  float fx = x - floorf(x), fy = y - floorf(y);
  if (!(fx == fx) || fx < 0.0f || fx >= 1.0f) fx = 0.0f;
  if (!(fy == fy) || fy < 0.0f || fy >= 1.0f) fy = 0.0f;
#if SF_EX_BUG == 1
  fx = floorf(fx * 16.0f) / 16.0f;   /* BUG: 4 fraction bits */
  fy = floorf(fy * 16.0f) / 16.0f;
#endif
  float t[4][4];
  for (unsigned j = 0; j < 4; j++) {
    int tx = ex_address(x0 + (int64_t)(j & 1u) + q->off_u[i], w, sp->addr[0]);
    int ty = ex_address(y0 + (int64_t)(j >> 1) + q->off_v[i], h, sp->addr[1]);
    ex_texel(s, level, tx < 0 || ty < 0 ? -1 : tx, ty < 0 ? -1 : ty, border, t[j], null_hit);
  }
  for (unsigned k = 0; k < 4; k++) {
    float top = ex_lerp(t[0][k], t[1][k], fx);
    float bot = ex_lerp(t[2][k], t[3][k], fx);
    out[k] = ex_lerp(top, bot, fy);
  }
}

static float ex_lod(const sf_sample_batch *q, unsigned i) {
  const sf_surface *s = q->surf;
  float lod = 0.0f;
  if (q->lod_mode == SF_LOD_EXPLICIT) {
    lod = q->lod_or_bias[i];
  } else if (q->lod_mode != SF_LOD_ZERO) {
    float w = (float)s->desc.width, h = (float)s->desc.height;
    float ax = q->dudx[i] * w, ay = q->dvdx[i] * h, bx = q->dudy[i] * w, by = q->dvdy[i] * h;
    float rho = fmaxf(sqrtf(ax * ax + ay * ay), sqrtf(bx * bx + by * by));
    lod = log2f(rho);
    if (q->lod_mode == SF_LOD_GRAD_BIAS) lod += q->lod_or_bias[i];
  }
  if (!(lod == lod)) lod = 0.0f;
  lod += (float)q->samp->lod_bias / 256.0f;
  float mn = (float)q->samp->min_lod / 256.0f, mx = (float)q->samp->max_lod / 256.0f;
  if (lod > mx) lod = mx;
  if (lod < mn) lod = mn;   /* MinLOD wins */
  return lod;
}

static void ex_lane(const sf_sample_batch *q, unsigned i, sf_sample_out *o) {
  const sf_sampler *sp = q->samp;
  float lod = ex_lod(q, i);
  bool mag = lod <= 0.0f;
  bool linear = (mag ? sp->mag_filter : sp->min_filter) == SF_FILTER_LINEAR;
  unsigned top = q->surf->desc.levels - 1, l0 = 0, l1 = 0;
  float f = 0.0f;
  if (!mag && sp->mip_filter == SF_MIP_POINT) {
    float l = floorf(lod + 0.5f);
    l0 = l >= (float)top ? top : (unsigned)l;
  } else if (!mag && sp->mip_filter == SF_MIP_LINEAR) {
    float l = floorf(lod);
    if (l >= (float)top) {
      l0 = top;
    } else {
      l0 = (unsigned)l;
      l1 = l0 + 1;
      f = lod - l;
    }
  }
  float a[4], b[4] = {0, 0, 0, 0};
  bool null_hit = false;
  ex_level(q, i, l0, linear, a, &null_hit);
  if (f > 0.0f) ex_level(q, i, l1, linear, b, &null_hit);
  for (unsigned k = 0; k < 4; k++) {
    float r = f > 0.0f ? ex_lerp(a[k], b[k], f) : a[k];
    memcpy(&o->v[k][i], &r, 4);
  }
  if (null_hit) o->null_mask &= ~(1u << i);
}

static sf_code ex_sample(void *inst, const sf_sample_batch *reqs, size_t n, sf_sample_out *outs, sf_status *st) {
  (void)inst;
  (void)st;
  for (size_t b = 0; b < n; b++) {
    const sf_sample_batch *q = &reqs[b];
    sf_sample_out *o = &outs[b];
    o->null_mask = 0xffffffffu;
    if (!q->surf) continue;   /* unbound surface: zeros (D3D11.3 §7.18.17) */
    for (unsigned i = 0; i < q->n; i++)
      if (q->lanes >> i & 1u) ex_lane(q, i, o);
  }
  return SF_OK;
}

static const sf_backend_v2 ex_table = {
    .struct_size = sizeof(sf_backend_v2),
    .abi_version = SF_BACKEND_ABI_VERSION,
    .name = SF_EX_NAME,
    .version = "1.0 (examples/backends/simple2d.c)",
    .thread_safe = true,
    .query_caps = ex_caps,
    .query_precision = ex_precision,
    .sample = ex_sample,
};

const sf_backend_v2 *sf_backend_v2_plugin(void);
const sf_backend_v2 *sf_backend_v2_plugin(void) { return &ex_table; }
