/* oracles/indep/indep_texel.c — the independent model's texel access: the format table, decoders
 * from the raw little-endian bytes (layout: include/samplefuzz/sampler.h, "A surface owns its texel
 * bytes"), null pages, and the FLOAT -> format quantization of border colours and comparison
 * references, all in double precision.
 *
 * Conversions (D3D11.3 functional spec):
 *   UNORM n bits  v / (2^n - 1)                                   §3.2.3.5
 *   SNORM 8 bits  -128 -> -1, else v / 127                         §3.2.3.3
 *   sRGB          c = v / 255; c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055)^2.4   §3.2.3.7
 *                 (R, G, B; alpha is UNORM)
 *   half          1 sign, 5 exponent bits (bias 15), 10 mantissa bits; subnormals, Inf, NaN   §3.1.4
 *   float32       IEEE 754 binary32                                 §3.1
 *   UINT / SINT   the integer                                       §3.2.3.1
 * Missing channels read (0, 0, 0, 1) (§7.18.17 "Default values for missing components").
 * Written independently of oracles/sampler/surface.c and oracles/verify/verify_texel.c. */
#include <math.h>
#include <string.h>

#include "oracles/indep/indep_int.h"

/* Rows follow the order of sf_format in include/samplefuzz/sampler.h (its names give the layout:
 * channels in RGBA order, `bits` per channel). */
static const sf_ifmt sf_ifmts[SF_FMT_COUNT] = {
    [SF_FMT_R8_UNORM] = {1, 1, 8, SF_IK_UNORM},     [SF_FMT_RG8_UNORM] = {2, 2, 8, SF_IK_UNORM},
    [SF_FMT_RGBA8_UNORM] = {4, 4, 8, SF_IK_UNORM},  [SF_FMT_R8_SRGB] = {1, 1, 8, SF_IK_SRGB},
    [SF_FMT_RG8_SRGB] = {2, 2, 8, SF_IK_SRGB},      [SF_FMT_RGBA8_SRGB] = {4, 4, 8, SF_IK_SRGB},
    [SF_FMT_RGBA8_SNORM] = {4, 4, 8, SF_IK_SNORM},  [SF_FMT_R16_UNORM] = {2, 1, 16, SF_IK_UNORM},
    [SF_FMT_RGBA16_UNORM] = {8, 4, 16, SF_IK_UNORM}, [SF_FMT_R16F] = {2, 1, 16, SF_IK_HALF},
    [SF_FMT_RGBA16F] = {8, 4, 16, SF_IK_HALF},      [SF_FMT_R32F] = {4, 1, 32, SF_IK_FLOAT},
    [SF_FMT_RG32F] = {8, 2, 32, SF_IK_FLOAT},       [SF_FMT_RGBA32F] = {16, 4, 32, SF_IK_FLOAT},
    [SF_FMT_D32F] = {4, 1, 32, SF_IK_FLOAT},        [SF_FMT_R8_UINT] = {1, 1, 8, SF_IK_UINT},
    [SF_FMT_R16_UINT] = {2, 1, 16, SF_IK_UINT},     [SF_FMT_R32_UINT] = {4, 1, 32, SF_IK_UINT},
    [SF_FMT_R32_SINT] = {4, 1, 32, SF_IK_SINT},     [SF_FMT_NV12] = {1, 3, 8, SF_IK_NONE},
};

const sf_ifmt *sf_ifmt_get(unsigned fmt) {
  if (fmt >= SF_FMT_COUNT || sf_ifmts[fmt].kind == SF_IK_NONE || sf_ifmts[fmt].bytes == 0) return 0;
  return &sf_ifmts[fmt];
}

static uint32_t rd_le(const uint8_t *p, unsigned n) {
  uint32_t v = 0;
  for (unsigned i = 0; i < n; i++) v |= (uint32_t)p[i] << (8 * i);
  return v;
}

static double half_value(uint32_t h) {
  int e = (int)((h >> 10) & 31u);
  double m = (double)(h & 1023u);
  double mag;
  if (e == 0) mag = ldexp(m, -24);                       /* subnormal: m * 2^-14 * 2^-10 */
  else if (e == 31) mag = (h & 1023u) ? NAN : INFINITY;
  else mag = ldexp(1024.0 + m, e - 25);                   /* (1 + m/1024) * 2^(e-15) */
  return (h & 0x8000u) ? -mag : mag;
}

static double srgb_value(uint32_t v) {
  double c = (double)v / 255.0;
  return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
}

static bool tile_is_null(const sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y) {
  if (!s->null_map) return false;
  const sf_level *lv = &s->levels[level];
  size_t tiles = (size_t)lv->tiles_x * lv->tiles_y;
  size_t i = lv->null_offset + (size_t)slice * tiles + (size_t)(y / SF_NULL_TILE) * lv->tiles_x + x / SF_NULL_TILE;
  return i < s->null_size && s->null_map[i] != 0;
}

bool sf_indep_texel(const sf_surface *s, const sf_ifmt *f, unsigned level, unsigned slice, unsigned x, unsigned y,
                    sf_itap *t) {
  static const double defaults[4] = {0.0, 0.0, 0.0, 1.0};
  const sf_level *lv = &s->levels[level];
  size_t off = lv->offset + (size_t)slice * lv->slice_pitch + (size_t)y * lv->row_pitch + (size_t)x * f->bytes;
  if (!s->data || off + f->bytes > s->size) return false;
  uint8_t raw[16];
  if (tile_is_null(s, level, slice, x, y)) memset(raw, 0, sizeof raw);
  else memcpy(raw, s->data + off, f->bytes);
  t->bad = 0;
  unsigned cb = f->bits / 8u;
  for (unsigned ch = 0; ch < 4; ch++) {
    double val = defaults[ch];
    if (ch < f->chans) {
      uint32_t v = rd_le(raw + ch * cb, cb);
      switch (f->kind) {
        case SF_IK_UNORM: val = (double)v / (double)((1ull << f->bits) - 1u); break;
        case SF_IK_SRGB: val = ch == 3 ? (double)v / 255.0 : srgb_value(v); break;
        case SF_IK_SNORM: {
          int sv = v >= 128u ? (int)v - 256 : (int)v;
          val = sv == -128 ? -1.0 : (double)sv / 127.0;
          break;
        }
        case SF_IK_HALF: val = half_value(v); break;
        case SF_IK_FLOAT: {
          float fv;
          memcpy(&fv, &v, 4);
          val = (double)fv;
          break;
        }
        case SF_IK_UINT: val = (double)v; break;
        case SF_IK_SINT: val = (double)(int32_t)v; break;
        default: break;
      }
    }
    if (!isfinite(val)) t->bad |= (uint8_t)(1u << ch);
    t->lo[ch] = t->hi[ch] = val;
  }
  return true;
}

/* FLOAT -> format for one channel, as an interval: clamp to the format's range, then the nearest
 * representable value with the format's rounding freedom (UNORM/SNORM: D3D11.3 §3.2.3.4/§3.2.3.6 round
 * to nearest; half: round to nearest, overflow may reach Inf; float32: exact; integers: §3.2.3.1). */
void sf_indep_snap(const sf_ifmt *f, unsigned ch, float cf, double *lo, double *hi, bool *bad) {
  static const double defaults[4] = {0.0, 0.0, 0.0, 1.0};
  double c = (double)cf;
  *bad = false;
  if (ch >= f->chans) {
    *lo = *hi = defaults[ch];
    return;
  }
  if (isnan(c) && (f->kind == SF_IK_HALF || f->kind == SF_IK_FLOAT)) {
    *bad = true;
    *lo = -INFINITY;
    *hi = INFINITY;
    return;
  }
  const double eps = 1e-9;
  switch (f->kind) {
    case SF_IK_UNORM: case SF_IK_SRGB: case SF_IK_SNORM: {
      bool sn = f->kind == SF_IK_SNORM;
      double mn = sn ? -1.0 : 0.0;
      if (isnan(c)) c = 0.0;                                 /* NaN -> 0 (§3.2.3.4, §3.2.3.6) */
      c = c < mn ? mn : c > 1.0 ? 1.0 : c;
      if (f->kind == SF_IK_SRGB && ch < 3) {                 /* the nearest code: within half the */
        *lo = fmax(0.0, c - 0.0046 - eps);                   /* largest gap between codes (at 1.0) */
        *hi = fmin(1.0, c + 0.0046 + eps);
        return;
      }
      /* round to nearest: the codes k with |c·M - k| <= 1/2 (either on a tie) */
      double m = sn ? 127.0 : (double)((1ull << f->bits) - 1u), x = c * m;
      *lo = ceil(x - 0.5 - eps) / m;
      *hi = floor(x + 0.5 + eps) / m;
      return;
    }
    case SF_IK_HALF: {
      double a = fabs(c);
      if (isinf(c)) {
        *lo = *hi = c;
        *bad = true;
        return;
      }
      double err = a * ldexp(1.0, -11) + ldexp(1.0, -25);
      *lo = c - err;
      *hi = c + err;
      if (a >= 65504.0) {  /* may overflow to Inf */
        if (c > 0) *hi = INFINITY;
        else *lo = -INFINITY;
        *bad = true;
      }
      return;
    }
    case SF_IK_FLOAT:
      if (isinf(c)) *bad = true;
      *lo = *hi = c;
      return;
    case SF_IK_UINT: case SF_IK_SINT: {
      double mn = f->kind == SF_IK_UINT ? 0.0 : -2147483648.0;
      double mx = f->kind == SF_IK_UINT ? (double)((1ull << f->bits) - 1u) : 2147483647.0;
      if (isnan(c)) c = 0.0;
      c = c < mn ? mn : c > mx ? mx : c;
      *lo = floor(c);
      *hi = ceil(c);
      return;
    }
    default:
      *bad = true;
      *lo = -INFINITY;
      *hi = INFINITY;
      return;
  }
}

int sf_indep_stored(const sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y, const float rgba[4],
                    double *got, double *lo, double *hi) {
  const sf_ifmt *f = s ? sf_ifmt_get(s->desc.format) : NULL;
  sf_itap t;
  if (!f || level >= s->desc.levels || !sf_indep_texel(s, f, level, slice, x, y, &t)) return -1;
  for (unsigned ch = 0; ch < 4; ch++) {
    double l, h;
    bool bad;
    sf_indep_snap(f, ch, rgba[ch], &l, &h, &bad);
    if (bad || (t.bad >> ch & 1u)) continue;
    if (f->kind == SF_IK_UNORM || f->kind == SF_IK_SNORM || (f->kind == SF_IK_SRGB && ch == 3)) {   /* sRGB alpha is UNORM */
      /* D3D11.3 §3.2.3.5/§3.2.3.6 allow the float -> integer-scale step of a store a 0.6-unit
       * tolerance (the snap above rounds exactly, as the filters' results need): an encoder that
       * scales in float32, as the reference does, lands a few thousandths past a tie. */
      double m = f->kind == SF_IK_SNORM ? 127.0 : (double)((1ull << f->bits) - 1u);
      double xs = (double)rgba[ch] * m;
      if (ch < f->chans && isfinite(xs) && fabs(xs) <= m) {
        l = fmin(l, ceil(xs - 0.6 - 1e-9) / m);
        h = fmax(h, floor(xs + 0.6 + 1e-9) / m);
      }
    }
    if (!(t.lo[ch] >= l && t.lo[ch] <= h)) {
      *got = t.lo[ch];
      *lo = l;
      *hi = h;
      return (int)ch;
    }
  }
  return 4;
}
