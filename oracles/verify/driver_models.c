/* driver_models.c — documented models of Mesa llvmpipe's and softpipe's known approximations
 * (docs/precision-model.md).
 *
 * These are not samplers. They are the pieces of the two drivers that differ from the D3D11.3 §7.18
 * rules, written out so the verifier can tell "the oracle did its documented thing" from "someone is
 * wrong": the LOD formulas (llvmpipe: 0.5 * fastlog2 of the squared Euclidean length, softpipe:
 * table log2 of the max-abs rho) and a list of structural quirks with their sources. */
#include <math.h>
#include <string.h>

#include "samplefuzz/external.h"

uint32_t sf_driver_quirks(sf_mesa_driver d) {
  if (d == SF_MESA_SOFTPIPE)
    return SF_QUIRK_MAXABS_RHO | SF_QUIRK_TABLE_LOG2 | SF_QUIRK_QUAD_LOD | SF_QUIRK_GRAD_NO_BIAS |
           SF_QUIRK_COMPARE_AFTER_FILTER | SF_QUIRK_LAYER_HALF_UP | SF_QUIRK_CUBE_TIE_XYZ |
           SF_QUIRK_CUBE_CORNER_CLAMP | SF_QUIRK_FLOAT_WEIGHTS | SF_QUIRK_BORDER_UNSNAPPED | SF_QUIRK_CUBE_RAW_RHO |
           SF_QUIRK_SNORM_NO_CLAMP | SF_QUIRK_CUBE_LOD_UNMODELLED;
  return SF_QUIRK_FAST_LOG2 | SF_QUIRK_QUAD_LOD | SF_QUIRK_FLOAT_WEIGHTS | SF_QUIRK_BORDER_UNSNAPPED |
         SF_QUIRK_CUBE_LOD_UNMODELLED;
}

typedef struct sf_quirk_doc {
  uint32_t bit;
  const char *name, *source;
} sf_quirk_doc;

static const sf_quirk_doc sf_quirk_docs[] = {
    {SF_QUIRK_FAST_LOG2, "fast_log2", "llvmpipe lp_bld_sample.c lp_build_lod_selector -> lp_build_fast_log2 (semantics §4.2, §5.2: |err| <= 0.043)"},
    {SF_QUIRK_QUAD_LOD, "quad_lod", "llvmpipe lp_build_rho per quad unless GALLIVM_PERF=no_quad_lod; softpipe compute_lambda per quad (§5.3)"},
    {SF_QUIRK_MAXABS_RHO, "maxabs_rho", "softpipe sp_tex_sample.c compute_lambda_*: rho = max(|d/dx|,|d/dy|)*size per axis (§4.1)"},
    {SF_QUIRK_TABLE_LOG2, "table_log2", "softpipe: util_fast_log2, 256-entry table log2(1 + i/256) (§4.1)"},
    {SF_QUIRK_GRAD_NO_BIAS, "grad_no_bias", "softpipe: textureGrad ignores GL_TEXTURE_LOD_BIAS (measured, §5.2 row 'textureGrad + sampler bias')"},
    {SF_QUIRK_COMPARE_AFTER_FILTER, "compare_after_filter", "softpipe sample_compare runs after the mip filter: no PCF (§4.1, §5.2)"},
    {SF_QUIRK_LAYER_HALF_UP, "layer_half_up", "softpipe coord_to_layer = floor(a + 0.5) (§4.1; VK allows it)"},
    {SF_QUIRK_CUBE_TIE_XYZ, "cube_tie_xyz", "softpipe convert_cube breaks |x|=|y|=|z| ties X first (§5.2 cube-tie row)"},
    {SF_QUIRK_CUBE_CORNER_CLAMP, "cube_corner_clamp", "softpipe get_texel_cube_seamless: corners 'cheat' by clamping (§4.1)"},
    {SF_QUIRK_FLOAT_WEIGHTS, "float_weights", "both drivers weight with float fractions, not an 8-bit snapped fraction (§4.1, §4.2 SoA path)"},
    {SF_QUIRK_BORDER_UNSNAPPED, "border_unsnapped", "GL border colour is clamped to the UNORM/SNORM range but not snapped (§5.3)"},
    {SF_QUIRK_CUBE_RAW_RHO, "cube_raw_rho", "softpipe compute_lambda_cube: rho = max-abs of the direction derivatives * size/2, no projection (measured by xcheck: LOD up to ~1.3 below the projected bound)"},
    {SF_QUIRK_CUBE_LOD_UNMODELLED, "cube_lod_unmodelled", "llvmpipe lp_build_cube_lookup / softpipe compute_lambda_cube derivative handling; measured by xcheck (seed 11: 3 of 16384 llvmpipe lanes, shadow cube array with |major| > 1); not modelled, lanes reported unchecked"},
    {SF_QUIRK_SNORM_NO_CLAMP, "snorm_no_clamp", "softpipe texel decode: SNORM8 -128 -> -128/127 = -1.00787 (measured by xcheck; D3D11.3 §3.2.3.4 says -1)"},
};

const char *sf_driver_quirk_name(uint32_t bit) {
  for (size_t i = 0; i < sizeof sf_quirk_docs / sizeof sf_quirk_docs[0]; i++)
    if (sf_quirk_docs[i].bit == bit) return sf_quirk_docs[i].name;
  return "unknown";
}

const char *sf_driver_quirk_source(uint32_t bit) {
  for (size_t i = 0; i < sizeof sf_quirk_docs / sizeof sf_quirk_docs[0]; i++)
    if (sf_quirk_docs[i].bit == bit) return sf_quirk_docs[i].source;
  return "";
}

static uint32_t sf_f2u(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}
static float sf_u2f(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* lp_build_fast_log2: x = m * 2^e with m in [1, 2): log2(x) ~ e + (m - 1). Non-positive, denormal,
 * infinite and NaN inputs follow the bit arithmetic like the driver (no special cases); callers
 * only pass finite positive values. */
float sf_driver_fast_log2(float x) {
  uint32_t u = sf_f2u(x);
  int e = (int)((u >> 23) & 0xFFu) - 127;
  float m = sf_u2f((u & 0x007FFFFFu) | 0x3F800000u);
  return (float)e + (m - 1.0f);
}

/* util_fast_log2: exponent + log2(1 + i/256), i = the top 8 mantissa bits (truncated). */
float sf_driver_table_log2(float x) {
  uint32_t u = sf_f2u(x);
  int e = (int)((u >> 23) & 0xFFu) - 127;
  unsigned i = (unsigned)((u & 0x007FFFFFu) >> (23 - 8));
  return (float)e + (float)log2(1.0 + (double)i / 256.0);
}

/* Axis sizes used for LOD scaling and how many axes take part. */
static unsigned sf_driver_axes(const sf_surface *s, float size[3]) {
  size[0] = (float)s->desc.width;
  size[1] = (float)s->desc.height;
  size[2] = (float)s->desc.depth;
  switch (s->desc.type) {
    case SF_SURF_1D:
    case SF_SURF_1D_ARRAY: return 1;
    case SF_SURF_2D:
    case SF_SURF_2D_ARRAY: return 2;
    case SF_SURF_3D: return 3;
    default: return 0; /* cubes: not modelled */
  }
}

bool sf_driver_lod(sf_mesa_driver d, const sf_sample_batch *b, unsigned lane, float *lod) {
  if (!b || !b->surf || lane >= SF_MAX_LANES || !lod) return false;
  float size[3];
  unsigned n = sf_driver_axes(b->surf, size);
  const float dx[3] = {b->dudx[lane], b->dvdx[lane], b->drdx[lane]};
  const float dy[3] = {b->dudy[lane], b->dvdy[lane], b->drdy[lane]};
  if (n == 0 && d == SF_MESA_SOFTPIPE) {
    /* compute_lambda_cube: the direction's own differences, max-abs, times half the face size. */
    float rho = 0.0f;
    for (unsigned a = 0; a < 3; a++) {
      if (!isfinite(dx[a]) || !isfinite(dy[a])) return false;
      float ax = fabsf(dx[a]), ay = fabsf(dy[a]);
      float m = ax > ay ? ax : ay;
      if (m > rho) rho = m;
    }
    rho = rho * (float)b->surf->desc.width / 2.0f;
    if (!(rho > 0.0f) || !isfinite(rho)) return false;
    *lod = sf_driver_table_log2(rho);
    return true;
  }
  if (n == 0) return false;
  for (unsigned a = 0; a < n; a++)
    if (!isfinite(dx[a]) || !isfinite(dy[a])) return false;
  if (d == SF_MESA_LLVMPIPE) {
    /* lp_build_rho: scaled derivatives, squared lengths, max, then 0.5 * fastlog2. */
    float lx = 0.0f, ly = 0.0f;
    for (unsigned a = 0; a < n; a++) {
      float sx = dx[a] * size[a], sy = dy[a] * size[a];
      lx += sx * sx;
      ly += sy * sy;
    }
    float rho2 = lx > ly ? lx : ly;
    if (!(rho2 > 0.0f) || !isfinite(rho2)) return false;
    *lod = 0.5f * sf_driver_fast_log2(rho2);
    return true;
  }
  float rho = 0.0f;
  for (unsigned a = 0; a < n; a++) {
    float ax = fabsf(dx[a]), ay = fabsf(dy[a]);
    float m = (ax > ay ? ax : ay) * size[a];
    if (m > rho) rho = m;
  }
  if (!(rho > 0.0f) || !isfinite(rho)) return false;
  *lod = sf_driver_table_log2(rho);
  return true;
}

/* ---- Float models of the drivers' sampling path (1D, 1D array, 2D, 2D array, 3D) ------------------
 * What a driver computes in float, following GL 4.5 §8.14-8.15 as llvmpipe's SoA path and softpipe
 * implement it (docs/precision-model.md): LOD from sf_driver_lod (+ biases, min/max
 * clamp), magnification iff LOD <= 0, nearest mip ceil(lod + 0.5) - 1, linear mip floor + float
 * fraction; per axis x = u*size (- 0.5 for linear), floor, float fraction as the weight, offsets,
 * address mode on the integer index; lerp a + w*(b - a) in x, then y, then z, then between levels;
 * border colour clamped to the format range, not snapped; layers RNE (llvmpipe) or floor(a+0.5)
 * (softpipe); PCF per tap (llvmpipe) or one comparison after filtering (softpipe). The model is a
 * hypothesis measured against the drivers by xcheck (docs/oracle-mesa.md "model-exact"). */

static long long sf_dm_wrap(unsigned mode, long long i, long long n, bool *border) {
  *border = false;
  switch (mode) {
    case SF_ADDR_WRAP: return ((i % n) + n) % n;
    case SF_ADDR_MIRROR: {
      long long m = ((i % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
    }
    case SF_ADDR_CLAMP: return i < 0 ? 0 : i >= n ? n - 1 : i;
    case SF_ADDR_BORDER:
      if (i < 0 || i >= n) *border = true;
      return i < 0 ? 0 : i >= n ? n - 1 : i;
    default: {
      long long m = i < 0 ? -1 - i : i;
      return m >= n ? n - 1 : m;
    }
  }
}

static bool sf_dm_cmp(unsigned op, float ref, float t) {
  switch (op & 7u) {
    case SF_CMP_LESS: return ref < t;
    case SF_CMP_EQUAL: return ref == t;
    case SF_CMP_LESS_EQUAL: return ref <= t;
    case SF_CMP_GREATER: return ref > t;
    case SF_CMP_NOT_EQUAL: return ref != t;
    case SF_CMP_GREATER_EQUAL: return ref >= t;
    case SF_CMP_ALWAYS: return true;
    default: return false;
  }
}

typedef struct sf_dm_ctx {
  sf_mesa_driver d;
  const sf_sample_batch *b;
  unsigned lane;
  const sf_format_info *fi;
  bool pcf;                /* compare per tap */
} sf_dm_ctx;

static void sf_dm_texel(const sf_dm_ctx *c, unsigned level, unsigned slice, const long long idx[3], float v[4]) {
  const sf_surface *s = c->b->surf;
  const sf_sampler *sp = c->b->samp;
  const sf_level *lv = &s->levels[level];
  const long long n[3] = {lv->w, lv->h, lv->d};
  unsigned dims = s->desc.type == SF_SURF_3D ? 3 : (s->desc.type == SF_SURF_1D || s->desc.type == SF_SURF_1D_ARRAY) ? 1 : 2;
  long long w[3] = {0, 0, 0};
  bool border = false;
  for (unsigned a = 0; a < dims; a++) {
    bool bd;
    w[a] = sf_dm_wrap(sp->addr[a], idx[a], n[a] ? n[a] : 1, &bd);
    border |= bd;
  }
  if (border) {
    bool clamp01 = c->fi->cls == SF_FCLASS_UNORM || c->fi->cls == SF_FCLASS_SRGB || c->fi->cls == SF_FCLASS_DEPTH;
    for (unsigned k = 0; k < 4; k++) {
      float bv = sp->border[k];
      if (clamp01) bv = bv < 0.0f ? 0.0f : bv > 1.0f ? 1.0f : bv;
      if (c->fi->cls == SF_FCLASS_SNORM) bv = bv < -1.0f ? -1.0f : bv > 1.0f ? 1.0f : bv;
      v[k] = k < c->fi->channels ? bv : (k == 3 ? 1.0f : 0.0f);
    }
    if (c->fi->cls == SF_FCLASS_DEPTH) v[1] = v[2] = 0.0f, v[3] = 1.0f;
  } else {
    size_t off = lv->offset + (size_t)(dims == 3 ? (unsigned)w[2] : slice) * lv->slice_pitch + (size_t)w[1] * lv->row_pitch +
                 (size_t)w[0] * c->fi->bytes;
    uint32_t u[4] = {0, 0, 0, 0};
    if (off + c->fi->bytes <= s->size) sf_format_decode(s->desc.format, s->data + off, u);
    for (int k = 0; k < 4; k++) memcpy(&v[k], &u[k], 4);
    /* SF_QUIRK_SNORM_NO_CLAMP: softpipe reads SNORM8 -128 as -128/127 */
    if (c->d == SF_MESA_SOFTPIPE && s->desc.format == SF_FMT_RGBA8_SNORM && off + 4 <= s->size)
      for (int k = 0; k < 4; k++)
        if (s->data[off + (size_t)k] == 0x80) v[k] = -128.0f / 127.0f;
  }
  if (c->pcf) {
    float r = sf_dm_cmp(sp->compare, c->b->ref[c->lane], v[0]) ? 1.0f : 0.0f;
    v[0] = v[1] = v[2] = v[3] = r;
  }
}

static float sf_dm_lerp(float a, float b, float w) { return a + w * (b - a); }

static void sf_dm_level(const sf_dm_ctx *c, unsigned level, unsigned slice, bool linear, float out[4]) {
  const sf_sample_batch *b = c->b;
  const sf_surface *s = b->surf;
  const sf_level *lv = &s->levels[level];
  unsigned dims = s->desc.type == SF_SURF_3D ? 3 : (s->desc.type == SF_SURF_1D || s->desc.type == SF_SURF_1D_ARRAY) ? 1 : 2;
  const float crd[3] = {b->u[c->lane], b->v[c->lane], b->r[c->lane]};
  const int off[3] = {b->off_u[c->lane], b->off_v[c->lane], b->off_r[c->lane]};
  const uint32_t n[3] = {lv->w, lv->h, lv->d};
  long long i0[3] = {0, 0, 0};
  float wt[3] = {0, 0, 0};
  for (unsigned a = 0; a < dims; a++) {
    float x = crd[a] * (float)n[a];
    if (linear) x = x - 0.5f;
    float f = floorf(x);
    i0[a] = (long long)f + off[a];
    wt[a] = linear ? x - f : 0.0f;
  }
  float t[2][2][2][4];
  for (unsigned z = 0; z < (dims >= 3 && linear ? 2u : 1u); z++)
    for (unsigned y = 0; y < (dims >= 2 && linear ? 2u : 1u); y++)
      for (unsigned x = 0; x < (linear ? 2u : 1u); x++) {
        long long idx[3] = {i0[0] + x, i0[1] + y, i0[2] + z};
        sf_dm_texel(c, level, slice, idx, t[z][y][x]);
      }
  if (!linear) {
    memcpy(out, t[0][0][0], sizeof(float) * 4);
    return;
  }
  for (int k = 0; k < 4; k++) {
    float p[2];
    for (unsigned z = 0; z < (dims >= 3 ? 2u : 1u); z++) {
      float r0 = sf_dm_lerp(t[z][0][0][k], t[z][0][1][k], wt[0]);
      p[z] = dims >= 2 ? sf_dm_lerp(r0, sf_dm_lerp(t[z][1][0][k], t[z][1][1][k], wt[0]), wt[1]) : r0;
    }
    out[k] = dims >= 3 ? sf_dm_lerp(p[0], p[1], wt[2]) : p[0];
  }
}

bool sf_driver_model_sample(sf_mesa_driver d, const sf_sample_batch *b, unsigned lane, bool explicit_grads, float out[4]) {
  if (!b || !b->surf || !b->samp || !out || lane >= SF_MAX_LANES || lane >= b->n || b->lod_query) return false;
  const sf_surface *s = b->surf;
  unsigned t = s->desc.type;
  if (t != SF_SURF_1D && t != SF_SURF_1D_ARRAY && t != SF_SURF_2D && t != SF_SURF_2D_ARRAY && t != SF_SURF_3D) return false;
  const sf_format_info *fi = sf_format_get(s->desc.format);
  if (!fi || fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT || fi->cls == SF_FCLASS_YUV) return false;
  /* llvmpipe decodes sRGB with its own approximation (lp_bld_format_srgb.c), within the D3D
   * allowance but not the exact table: not modelled. */
  if (fi->cls == SF_FCLASS_SRGB && d == SF_MESA_LLVMPIPE) return false;
  if (s->desc.levels == 0 || s->desc.levels > SF_SURF_MAX_LEVELS) return false;
  const sf_sampler *sp = b->samp;
  if (sp->min_filter > 1 || sp->mag_filter > 1 || sp->mip_filter > 2) return false;
  for (int a = 0; a < 3; a++)
    if (sp->addr[a] >= SF_ADDR_COUNT) return false;
  const float crd[4] = {b->u[lane], b->v[lane], b->r[lane], b->lod_or_bias[lane]};
  for (int a = 0; a < 4; a++)
    if (!isfinite(crd[a]) || fabsf(crd[a]) > 65536.0f) return false;
  /* layer */
  unsigned slice = 0;
  if (t == SF_SURF_1D_ARRAY || t == SF_SURF_2D_ARRAY) {
    float a = t == SF_SURF_1D_ARRAY ? b->v[lane] : b->r[lane];
    float l = d == SF_MESA_SOFTPIPE ? floorf(a + 0.5f) : nearbyintf(a);
    float top = (float)(s->desc.layers ? s->desc.layers - 1 : 0);
    l = l < 0.0f ? 0.0f : l > top ? top : l;
    slice = (unsigned)l;
  }
  /* LOD */
  float bias = (float)sp->lod_bias / 256.0f, lod;
  switch (b->lod_mode) {
    case SF_LOD_EXPLICIT: lod = b->lod_or_bias[lane] + bias; break;
    case SF_LOD_ZERO: lod = bias; break;
    default: {
      float l0;
      if (!sf_driver_lod(d, b, lane, &l0)) return false;
      lod = l0;
      if (b->lod_mode == SF_LOD_GRAD_BIAS) lod += b->lod_or_bias[lane];
      if (!(d == SF_MESA_SOFTPIPE && explicit_grads && b->lod_mode == SF_LOD_GRAD)) lod += bias;
      break;
    }
  }
  float mn = (float)sp->min_lod / 256.0f, mx = (float)sp->max_lod / 256.0f;
  if (lod > mx) lod = mx;
  if (lod < mn) lod = mn;
  bool mag = !(lod > 0.0f);
  bool linear = (mag ? sp->mag_filter : sp->min_filter) == SF_FILTER_LINEAR;
  unsigned last = s->desc.levels - 1, l0 = 0, l1 = 0;
  float frac = 0.0f;
  if (!mag && sp->mip_filter == SF_MIP_POINT) {
    float lv = lod > 0.5f ? ceilf(lod + 0.5f) - 1.0f : 0.0f;
    l0 = lv > (float)last ? last : (unsigned)lv;
  } else if (!mag && sp->mip_filter == SF_MIP_LINEAR) {
    float f = floorf(lod);
    if (f >= (float)last) {
      l0 = last;
    } else {
      l0 = (unsigned)f;
      l1 = l0 + 1;
      frac = lod - f;
    }
  }
  sf_dm_ctx c = {d, b, lane, fi, b->compare && d == SF_MESA_LLVMPIPE};
  float r0[4], r1[4];
  sf_dm_level(&c, l0, slice, linear, r0);
  if (frac > 0.0f) {
    sf_dm_level(&c, l1, slice, linear, r1);
    for (int k = 0; k < 4; k++) r0[k] = sf_dm_lerp(r0[k], r1[k], frac);
  }
  if (b->compare && d == SF_MESA_SOFTPIPE) {
    float r = sf_dm_cmp(sp->compare, b->ref[lane], r0[0]) ? 1.0f : 0.0f;
    r0[0] = r0[1] = r0[2] = r0[3] = r;
  }
  if (b->compare) r0[1] = r0[2] = r0[3] = r0[0];
  memcpy(out, r0, sizeof r0);
  return true;
}
