/* oracles/sampler/surface.c — surfaces and formats of the reference sampler: the format table, the
 * exact conversions of D3D11.3 §3.2.3 (UNORM/SNORM/SRGB/half -> float and back), texel decode,
 * surface allocation with hard caps, the null-page map, and format snapping of border colours and
 * compare references (§7.18.9.1, §22.4.19). docs/precision-model.md "Conversions" states each step. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/sampler/sampler_int.h"

static const sf_format_info formats[SF_FMT_COUNT] = {
    [SF_FMT_R8_UNORM] = {"r8_unorm", 1, 1, 8, SF_FCLASS_UNORM},
    [SF_FMT_RG8_UNORM] = {"rg8_unorm", 2, 2, 8, SF_FCLASS_UNORM},
    [SF_FMT_RGBA8_UNORM] = {"rgba8_unorm", 4, 4, 8, SF_FCLASS_UNORM},
    [SF_FMT_R8_SRGB] = {"r8_srgb", 1, 1, 8, SF_FCLASS_SRGB},
    [SF_FMT_RG8_SRGB] = {"rg8_srgb", 2, 2, 8, SF_FCLASS_SRGB},
    [SF_FMT_RGBA8_SRGB] = {"rgba8_srgb", 4, 4, 8, SF_FCLASS_SRGB},
    [SF_FMT_RGBA8_SNORM] = {"rgba8_snorm", 4, 4, 8, SF_FCLASS_SNORM},
    [SF_FMT_R16_UNORM] = {"r16_unorm", 2, 1, 16, SF_FCLASS_UNORM},
    [SF_FMT_RGBA16_UNORM] = {"rgba16_unorm", 8, 4, 16, SF_FCLASS_UNORM},
    [SF_FMT_R16F] = {"r16f", 2, 1, 16, SF_FCLASS_FLOAT},
    [SF_FMT_RGBA16F] = {"rgba16f", 8, 4, 16, SF_FCLASS_FLOAT},
    [SF_FMT_R32F] = {"r32f", 4, 1, 32, SF_FCLASS_FLOAT},
    [SF_FMT_RG32F] = {"rg32f", 8, 2, 32, SF_FCLASS_FLOAT},
    [SF_FMT_RGBA32F] = {"rgba32f", 16, 4, 32, SF_FCLASS_FLOAT},
    [SF_FMT_D32F] = {"d32f", 4, 1, 32, SF_FCLASS_DEPTH},
    [SF_FMT_R8_UINT] = {"r8_uint", 1, 1, 8, SF_FCLASS_UINT},
    [SF_FMT_R16_UINT] = {"r16_uint", 2, 1, 16, SF_FCLASS_UINT},
    [SF_FMT_R32_UINT] = {"r32_uint", 4, 1, 32, SF_FCLASS_UINT},
    [SF_FMT_R32_SINT] = {"r32_sint", 4, 1, 32, SF_FCLASS_SINT},
    [SF_FMT_NV12] = {"nv12", 1, 3, 8, SF_FCLASS_YUV},
};

const sf_format_info *sf_format_get(unsigned fmt) { return fmt < SF_FMT_COUNT ? &formats[fmt] : NULL; }

const char *sf_surf_type_name(unsigned type) {
  static const char *const n[SF_SURF_TYPE_COUNT] = {"1d", "1d_array", "2d", "2d_array", "3d", "cube", "cube_array"};
  return type < SF_SURF_TYPE_COUNT ? n[type] : "?";
}

unsigned sf_surf_type_wrap_axes(unsigned type) {
  switch (type) {
    case SF_SURF_1D: case SF_SURF_1D_ARRAY: return 1u;
    case SF_SURF_3D: return 3u;
    case SF_SURF_CUBE: case SF_SURF_CUBE_ARRAY: return 0u;
    default: return 2u;
  }
}

/* ---- Conversions ----------------------------------------------------------------------------- */

float sf_half_to_float(uint16_t h) {
  uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31u, m = h & 0x3ffu;
  if (e == 31) return sf_u2f(s | 0x7f800000u | (m << 13));  /* Inf / NaN (payload kept) */
  if (e == 0) {
    /* zero and subnormals: m * 2^-24, exact in float32 (m = 0 gives the zero of the sign) */
    float f = (float)m * 5.9604644775390625e-8f;
    return s ? -f : f;
  }
  return sf_u2f(s | ((e + 112u) << 23) | (m << 13));
}

uint16_t sf_float_to_half(float f) {
  uint32_t x = sf_f2u(f), s = (x >> 16) & 0x8000u, e = (x >> 23) & 0xffu, m = x & 0x7fffffu;
  if (e == 255) return (uint16_t)(m ? 0x7e00u : (s | 0x7c00u));
  int32_t he = (int32_t)e - 127 + 15;
  if (he >= 31) return (uint16_t)(s | 0x7c00u);
  if (he <= 0) {
    if (he < -10) return (uint16_t)s;  /* below half the smallest subnormal: rounds to 0 */
    uint32_t mm = m | 0x800000u;       /* 24-bit significand */
    unsigned shift = (unsigned)(14 - he);  /* value = mm * 2^(e-150); subnormal unit 2^-24 */
    uint32_t q = mm >> shift, rem = mm & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) q++;
    return (uint16_t)(s | q);
  }
  uint32_t q = ((uint32_t)he << 10) | (m >> 13), rem = m & 0x1fffu;
  if (rem > 0x1000u || (rem == 0x1000u && (q & 1))) q++;  /* may carry into Inf: correct */
  return (uint16_t)(s | q);
}

/* sRGB8 -> float, D3D11.3 §3.2.3.7 ideal formula evaluated in 60-digit decimal arithmetic and
 * rounded to nearest float32 (generated offline; the table is the definition). */
static const uint32_t srgb8_table[256] = {
#include "oracles/sampler/srgb_table.inc"
};

float sf_srgb8_to_float(uint8_t c) { return sf_u2f(srgb8_table[c]); }

uint8_t sf_float_to_srgb8(float f) {
  if (!(f > 0.0f)) return 0;  /* also NaN */
  if (f >= 1.0f) return 255;
  unsigned lo = 0, hi = 255;  /* table is increasing: find the last code with value <= f */
  while (lo < hi) {
    unsigned mid = (lo + hi + 1) / 2;
    if (sf_u2f(srgb8_table[mid]) <= f) lo = mid; else hi = mid - 1;
  }
  if (lo < 255) {
    float dl = f - sf_u2f(srgb8_table[lo]), dh = sf_u2f(srgb8_table[lo + 1]) - f;
    if (dh < dl) lo++;
  }
  return (uint8_t)lo;
}

float sf_unorm_to_float(uint32_t v, unsigned bits) {
  uint32_t max = bits >= 32 ? 0xffffffffu : (1u << bits) - 1u;
  return (float)v / (float)max;  /* D3D11.3 §3.2.3.5: correctly rounded division */
}

static float snorm_to_float(int32_t v, unsigned bits) {
  int32_t max = (1 << (bits - 1)) - 1;
  if (v < -max) return -1.0f;  /* the most negative code duplicates -1 (§3.2.3.3) */
  return (float)v / (float)max;
}

/* FLOAT -> UNORM (§3.2.3.6): NaN -> 0, clamp, c*(2^n-1) + 0.5, truncate. */
static uint32_t float_to_unorm(float c, unsigned bits) {
  if (!(c > 0.0f)) return 0;
  uint32_t max = (1u << bits) - 1u;
  if (c >= 1.0f) return max;
  float s = c * (float)max + 0.5f;
  return (uint32_t)s;
}

/* FLOAT -> SNORM (§3.2.3.4): NaN -> 0, clamp to [-1,1], scale, round half away from zero. */
static int32_t float_to_snorm(float c, unsigned bits) {
  int32_t max = (1 << (bits - 1)) - 1;
  if (sf_isnan(c)) return 0;
  if (c >= 1.0f) return max;
  if (c <= -1.0f) return -max;
  float s = c * (float)max;
  return s >= 0 ? (int32_t)(s + 0.5f) : -(int32_t)(-s + 0.5f);
}

static uint32_t rd16(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8; }
static uint32_t rd32(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}
static void wr16(uint8_t *p, uint32_t v) { p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); }
static void wr32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v; p[1] = (uint8_t)(v >> 8); p[2] = (uint8_t)(v >> 16); p[3] = (uint8_t)(v >> 24);
}

void sf_format_decode(unsigned fmt, const uint8_t *t, uint32_t out[4]) {
  const uint32_t one = sf_f2u(1.0f);
  out[0] = out[1] = out[2] = 0;
  out[3] = one;
  const sf_format_info *fi = sf_format_get(fmt);
  if (!fi || !t) return;
  switch (fi->cls) {
    case SF_FCLASS_UNORM:
      for (unsigned c = 0; c < fi->channels; c++)
#if SF_CANARY == 11
        /* canary 11: 4-channel 8-bit UNORM texels decoded in BGRA order (R and B swapped) */
        out[c] = sf_f2u(sf_unorm_to_float(fi->bits == 8 ? t[fi->channels == 4 && c != 1 && c != 3 ? 2 - c : c]
                                                        : rd16(t + 2 * c), fi->bits));
#else
        out[c] = sf_f2u(sf_unorm_to_float(fi->bits == 8 ? t[c] : rd16(t + 2 * c), fi->bits));
#endif
      break;
    case SF_FCLASS_SRGB:
      for (unsigned c = 0; c < fi->channels; c++)
        out[c] = sf_f2u(c == 3 ? sf_unorm_to_float(t[c], 8) : sf_srgb8_to_float(t[c]));
      break;
    case SF_FCLASS_SNORM:
      for (unsigned c = 0; c < fi->channels; c++) out[c] = sf_f2u(snorm_to_float((int8_t)t[c], 8));
      break;
    case SF_FCLASS_FLOAT:
    case SF_FCLASS_DEPTH:
      for (unsigned c = 0; c < fi->channels; c++)
        out[c] = fi->bits == 16 ? sf_f2u(sf_half_to_float((uint16_t)rd16(t + 2 * c))) : rd32(t + 4 * c);
      break;
    case SF_FCLASS_UINT:
    case SF_FCLASS_SINT:
      out[3] = 1;
      out[0] = fi->bits == 8 ? t[0] : fi->bits == 16 ? rd16(t) : rd32(t);
      break;
    case SF_FCLASS_YUV:  /* decoded by the SAMPLE_UNORM/AVS paths, which read the planes */
      out[1] = sf_f2u(sf_unorm_to_float(t[0], 8));
      break;
  }
}

/* FLOAT -> UINT of `bits` bits (D3D11.3 §3.2.3): NaN -> 0, round to nearest even, saturate to
 * [0, 2^bits - 1]. For 32 bits, floats from 2^31 up are integral already and 2^32 up saturate. */
static uint32_t float_to_uint(float f, unsigned bits) {
  if (bits < 32) return (uint32_t)sf_rne_i32(f, 0, (int32_t)((1u << bits) - 1u));
  if (!(f > 0.0f)) return 0;
  if (f >= 4294967296.0f) return 0xffffffffu;
  if (f < 2147483648.0f) return (uint32_t)sf_rne_i32(f, 0, INT32_MAX);
  return (uint32_t)f;
}

static void format_encode(unsigned fmt, uint8_t *t, const float rgba[4]) {
  const sf_format_info *fi = sf_format_get(fmt);
  if (!fi) return;
  switch (fi->cls) {
    case SF_FCLASS_UNORM:
      for (unsigned c = 0; c < fi->channels; c++) {
        uint32_t q = float_to_unorm(rgba[c], fi->bits);
        if (fi->bits == 8) t[c] = (uint8_t)q; else wr16(t + 2 * c, q);
      }
      break;
    case SF_FCLASS_SRGB:
      for (unsigned c = 0; c < fi->channels; c++)
        t[c] = c == 3 ? (uint8_t)float_to_unorm(rgba[c], 8) : sf_float_to_srgb8(rgba[c]);
      break;
    case SF_FCLASS_SNORM:
      for (unsigned c = 0; c < fi->channels; c++) t[c] = (uint8_t)(int8_t)float_to_snorm(rgba[c], 8);
      break;
    case SF_FCLASS_FLOAT:
    case SF_FCLASS_DEPTH:
      for (unsigned c = 0; c < fi->channels; c++) {
        if (fi->bits == 16) wr16(t + 2 * c, sf_float_to_half(rgba[c]));
        else wr32(t + 4 * c, sf_f2u(rgba[c]));
      }
      break;
    case SF_FCLASS_UINT: {
      uint32_t q = float_to_uint(rgba[0], fi->bits);
      if (fi->bits == 8) t[0] = (uint8_t)q; else if (fi->bits == 16) wr16(t, q); else wr32(t, q);
      break;
    }
    case SF_FCLASS_SINT:
      wr32(t, (uint32_t)sf_rne_i32(rgba[0], INT32_MIN, INT32_MAX));
      break;
    case SF_FCLASS_YUV:
      t[0] = (uint8_t)float_to_unorm(rgba[1], 8);
      break;
  }
}

uint32_t sf_format_snap(unsigned fmt, unsigned c, float f) {
  const sf_format_info *fi = sf_format_get(fmt);
  if (!fi) return 0;
  if (c >= fi->channels || fi->cls == SF_FCLASS_YUV) {
    /* missing components take the format defaults (0,0,0,1) */
    bool is_int = fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT;
    return c == 3 ? (is_int ? 1u : sf_f2u(1.0f)) : 0u;
  }
  switch (fi->cls) {
    case SF_FCLASS_UNORM: return sf_f2u(sf_unorm_to_float(float_to_unorm(f, fi->bits), fi->bits));
    case SF_FCLASS_SRGB:
      return sf_f2u(c == 3 ? sf_unorm_to_float(float_to_unorm(f, 8), 8) : sf_srgb8_to_float(sf_float_to_srgb8(f)));
    case SF_FCLASS_SNORM: return sf_f2u(snorm_to_float(float_to_snorm(f, 8), 8));
    case SF_FCLASS_FLOAT:
    case SF_FCLASS_DEPTH:
      return sf_canon(fi->bits == 16 ? sf_f2u(sf_half_to_float(sf_float_to_half(f))) : sf_f2u(f));
    case SF_FCLASS_UINT: return float_to_uint(f, fi->bits);
    case SF_FCLASS_SINT: return (uint32_t)sf_rne_i32(f, INT32_MIN, INT32_MAX);
  }
  return 0;
}

/* ---- Surfaces -------------------------------------------------------------------------------- */

static uint32_t mip_dim(uint32_t d, unsigned l) {
  uint32_t v = d >> l;
  return v ? v : 1;
}

sf_code sf_surface_create(sf_surface **out, const sf_surface_desc *d, sf_status *st) {
  if (!out || !d) return sf_fail(st, SF_ERR_INVALID, "surface: NULL argument");
  *out = NULL;
  const sf_format_info *fi = sf_format_get(d->format);
  if (!fi) return sf_fail(st, SF_ERR_INVALID, "surface: unknown format %u", d->format);
  if (d->type >= SF_SURF_TYPE_COUNT) return sf_fail(st, SF_ERR_INVALID, "surface: unknown type %u", d->type);
  uint32_t w = d->width, h = d->height, dp = d->depth, layers = d->layers;
  if (w == 0 || h == 0 || dp == 0 || layers == 0 || d->levels == 0)
    return sf_fail(st, SF_ERR_INVALID, "surface: width, height, depth, layers and levels must be >= 1");
  if (w > SF_SURF_MAX_DIM || h > SF_SURF_MAX_DIM || dp > SF_SURF_MAX_DIM)
    return sf_fail(st, SF_ERR_LIMIT, "surface: %ux%ux%u exceeds the %u dimension cap", w, h, dp, SF_SURF_MAX_DIM);
  bool is1d = d->type == SF_SURF_1D || d->type == SF_SURF_1D_ARRAY;
  bool isarr = d->type == SF_SURF_1D_ARRAY || d->type == SF_SURF_2D_ARRAY || d->type == SF_SURF_CUBE_ARRAY;
  bool iscube = d->type == SF_SURF_CUBE || d->type == SF_SURF_CUBE_ARRAY;
  if (is1d && h != 1) return sf_fail(st, SF_ERR_INVALID, "surface: 1D surfaces have height 1 (got %u)", h);
  if (d->type != SF_SURF_3D && dp != 1) return sf_fail(st, SF_ERR_INVALID, "surface: depth %u on a non-3D surface", dp);
  if (!isarr && layers != 1) return sf_fail(st, SF_ERR_INVALID, "surface: %u layers on a non-array surface", layers);
  if (iscube && w != h) return sf_fail(st, SF_ERR_INVALID, "surface: cube faces must be square (%ux%u)", w, h);
  uint32_t faces = iscube ? 6 : 1;
  if ((uint64_t)layers * faces > SF_SURF_MAX_LAYERS)
    return sf_fail(st, SF_ERR_LIMIT, "surface: %u layers x %u faces exceeds the %u layer cap", layers, faces, SF_SURF_MAX_LAYERS);
  uint32_t maxd = w > h ? w : h;
  if (d->type == SF_SURF_3D && dp > maxd) maxd = dp;
  unsigned full = 1;
  while ((maxd >> full) > 0 && full < 32) full++;
  if (d->levels > full || d->levels > SF_SURF_MAX_LEVELS)
    return sf_fail(st, SF_ERR_INVALID, "surface: %u levels but the full chain of %u has %u", d->levels, maxd, full);
  if (fi->cls == SF_FCLASS_YUV && (d->type != SF_SURF_2D || d->levels != 1 || (w & 1) || (h & 1)))
    return sf_fail(st, SF_ERR_INVALID, "surface: nv12 needs a 2D surface with one level and even width and height");
  sf_surface *s = calloc(1, sizeof *s);
  if (!s) return sf_fail(st, SF_ERR_NOMEM, "surface: out of memory");
  s->desc = *d;
  s->faces = faces;
  s->slices = layers * faces;
  uint64_t texels = 0, bytes = 0, tiles = 0;
  for (unsigned l = 0; l < d->levels; l++) {
    sf_level *lv = &s->levels[l];
    lv->w = mip_dim(w, l);
    lv->h = is1d ? 1 : mip_dim(h, l);
    lv->d = d->type == SF_SURF_3D ? mip_dim(dp, l) : 1;
    uint64_t nslices = d->type == SF_SURF_3D ? lv->d : s->slices;
    lv->row_pitch = (size_t)lv->w * fi->bytes;
    lv->slice_pitch = lv->row_pitch * lv->h;
    lv->offset = (size_t)bytes;
    lv->tiles_x = (lv->w + SF_NULL_TILE - 1) / SF_NULL_TILE;
    lv->tiles_y = (lv->h + SF_NULL_TILE - 1) / SF_NULL_TILE;
    lv->null_offset = (size_t)tiles;
    texels += (uint64_t)lv->w * lv->h * nslices;
    bytes += (uint64_t)lv->slice_pitch * nslices;
    tiles += (uint64_t)lv->tiles_x * lv->tiles_y * nslices;
    if (texels > SF_SURF_MAX_TEXELS) {
      free(s);
      return sf_fail(st, SF_ERR_LIMIT, "surface: more than %u texels", SF_SURF_MAX_TEXELS);
    }
  }
  if (fi->cls == SF_FCLASS_YUV) {
    s->nv12_uv_offset = (size_t)bytes;
    bytes += (uint64_t)w * (h / 2);  /* (w/2) x (h/2) CbCr pairs, row pitch w */
  }
  s->size = (size_t)bytes;
  s->null_size = (size_t)tiles;
  s->data = calloc(s->size ? s->size : 1, 1);
  s->null_map = calloc(s->null_size ? s->null_size : 1, 1);
  if (!s->data || !s->null_map) {
    sf_surface_free(s);
    return sf_fail(st, SF_ERR_NOMEM, "surface: out of memory for %zu bytes", (size_t)bytes);
  }
  *out = s;
  return SF_OK;
}

void sf_surface_free(sf_surface *s) {
  if (!s) return;
  free(s->data);
  free(s->null_map);
  free(s);
}

void sf_surface_fill(sf_surface *s, const uint8_t *pattern, size_t n) {
  if (!s || !pattern || n == 0) return;
  for (size_t i = 0; i < s->size; i++) s->data[i] = pattern[i % n];
}

static bool texel_in_range(const sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y) {
  if (!s || level >= s->desc.levels) return false;
  const sf_level *lv = &s->levels[level];
  unsigned ns = s->desc.type == SF_SURF_3D ? lv->d : s->slices;
  return slice < ns && x < lv->w && y < lv->h;
}

uint8_t *sf_surface_texel(sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y) {
  if (!texel_in_range(s, level, slice, x, y)) return NULL;
  const sf_level *lv = &s->levels[level];
  return s->data + lv->offset + lv->slice_pitch * slice + lv->row_pitch * y + (size_t)x * sf_format_get(s->desc.format)->bytes;
}

sf_code sf_surface_set_null(sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y, bool null_page,
                            sf_status *st) {
  if (!texel_in_range(s, level, slice, x, y))
    return sf_fail(st, SF_ERR_RANGE, "surface: texel (%u,%u) of level %u slice %u is outside the surface", x, y, level, slice);
  const sf_level *lv = &s->levels[level];
  size_t i = lv->null_offset + ((size_t)slice * lv->tiles_y + y / SF_NULL_TILE) * lv->tiles_x + x / SF_NULL_TILE;
  s->null_map[i] = null_page ? 1 : 0;
  return SF_OK;
}

sf_code sf_surface_store(sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y, const float rgba[4],
                         sf_status *st) {
  uint8_t *t = sf_surface_texel(s, level, slice, x, y);
  if (!t || !rgba)
    return sf_fail(st, SF_ERR_RANGE, "surface: texel (%u,%u) of level %u slice %u is outside the surface", x, y, level, slice);
  format_encode(s->desc.format, t, rgba);
  return SF_OK;
}

const char *sf_surface_describe(const sf_surface *s, char *buf, size_t n) {
  if (!buf || n == 0) return "";
  if (!s) {
    snprintf(buf, n, "(unbound)");
    return buf;
  }
  const sf_format_info *fi = sf_format_get(s->desc.format);
  size_t nulls = 0;
  for (size_t i = 0; i < s->null_size; i++) nulls += s->null_map[i] != 0;
  snprintf(buf, n, "%s %s %ux%ux%u layers=%u levels=%u null_tiles=%zu", sf_surf_type_name(s->desc.type),
           fi ? fi->name : "?", s->desc.width, s->desc.height, s->desc.depth, s->desc.layers, s->desc.levels, nulls);
  return buf;
}
