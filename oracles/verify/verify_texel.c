/* verify_texel.c — the verifier's texel-level rules, each as an interval: texel decode (the
 * formulas of D3D11.3 §3.2.3, independent of the reference sampler's), the border colour, address
 * modes (§7.18.9), cube-face selection (§7.18.12) and depth comparison. verify.c composes them. */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/verify/verify_int.h"

/* ---- texel decode (independent of the reference's: formulas of D3D11.3 §3.2.3) ---------------- */

double sf_v_srgb(double c) { return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4); }

double sf_v_half(uint16_t h) {
  int e = (h >> 10) & 31, m = h & 1023;
  double v = e == 0 ? ldexp(m, -24) : e == 31 ? (m ? NAN : INFINITY) : ldexp(m + 1024, e - 25);
  return (h & 0x8000) ? -v : v;
}

/* Decodes a texel to per-channel intervals (sRGB: the 0.5-ULP allowance on the sRGB side). */
void sf_v_decode(unsigned fmt, const sf_format_info *fi, const uint8_t *t, uint32_t quirks, sf_vival *o) {
  double v[4] = {0, 0, 0, 1}, slack[4] = {0, 0, 0, 0};
  for (unsigned c = 0; c < fi->channels && c < 4; c++) {
    switch (fmt) {
      case SF_FMT_R8_UNORM: case SF_FMT_RG8_UNORM: case SF_FMT_RGBA8_UNORM: v[c] = t[c] / 255.0; break;
      case SF_FMT_R8_SRGB: case SF_FMT_RG8_SRGB: case SF_FMT_RGBA8_SRGB:
        if (c == 3) { v[c] = t[c] / 255.0; break; }
        v[c] = sf_v_srgb(t[c] / 255.0);
        slack[c] = fmax(sf_v_srgb(fmin(t[c] + 0.5, 255.0) / 255.0) - v[c], v[c] - sf_v_srgb(fmax(t[c] - 0.5, 0.0) / 255.0));
        break;
      case SF_FMT_RGBA8_SNORM: v[c] = fmax((int8_t)t[c] / 127.0, -1.0); break;
      case SF_FMT_R16_UNORM: case SF_FMT_RGBA16_UNORM: v[c] = (t[2 * c] | t[2 * c + 1] << 8) / 65535.0; break;
      case SF_FMT_R16F: case SF_FMT_RGBA16F: v[c] = sf_v_half((uint16_t)(t[2 * c] | t[2 * c + 1] << 8)); break;
      default: { /* 32-bit float formats incl. D32F */
        uint32_t u = (uint32_t)t[4 * c] | (uint32_t)t[4 * c + 1] << 8 | (uint32_t)t[4 * c + 2] << 16 | (uint32_t)t[4 * c + 3] << 24;
        float f;
        memcpy(&f, &u, 4);
        v[c] = f;
        break;
      }
    }
  }
  for (int c = 0; c < 4; c++) {
    double e = slack[c] + fabs(v[c]) * 0x1p-23;
    o->lo[c] = v[c] - e;
    o->hi[c] = v[c] + e;
    if ((quirks & SF_QUIRK_SNORM_NO_CLAMP) && fmt == SF_FMT_RGBA8_SNORM && (int8_t)t[c] == -128) o->lo[c] = -128.0 / 127.0 - e;
  }
}

void sf_v_border(const sf_vctx *x, sf_vival *o) {
  const sf_format_info *fi = x->fi;
  double lsb = fi->cls == SF_FCLASS_UNORM || fi->cls == SF_FCLASS_SRGB ? 1.0 / ((1u << fi->bits) - 1)
               : fi->cls == SF_FCLASS_SNORM ? 1.0 / ((1u << (fi->bits - 1)) - 1) : 0.0;
  double lo = fi->cls == SF_FCLASS_SNORM ? -1.0 : 0.0;
  bool clamp = fi->cls == SF_FCLASS_UNORM || fi->cls == SF_FCLASS_SRGB || fi->cls == SF_FCLASS_SNORM;
  static const double def[4] = {0, 0, 0, 1};
  for (unsigned c = 0; c < 4; c++) {
    double b = x->b->samp->border[c];
    if (isnan(b)) b = 0;
    if (clamp) b = fmin(fmax(b, lo), 1.0);
    double e = lsb + fabs(b) * 0x1p-23;
    o->lo[c] = b - e;
    o->hi[c] = b + e;
    if (clamp) {
      o->lo[c] = fmax(o->lo[c], lo);
      o->hi[c] = fmin(o->hi[c], 1.0);
    }
    if (c >= fi->channels) { /* missing component: the format default (D3D) or the border (GL) */
      o->lo[c] = fmin(o->lo[c], def[c]);
      o->hi[c] = fmax(o->hi[c], def[c]);
    }
  }
}

/* ---- addressing -------------------------------------------------------------------------------- */

/* Applies an address mode to integer texel index i in [0, n). Returns false for a border texel. */
bool sf_v_addr(unsigned mode, long long i, long long n, long long *out) {
  switch (mode) {
    case SF_ADDR_WRAP: *out = ((i % n) + n) % n; return true;
    case SF_ADDR_MIRROR: {
      long long m = ((i % (2 * n)) + 2 * n) % (2 * n);
      *out = m < n ? m : 2 * n - 1 - m;
      return true;
    }
    case SF_ADDR_CLAMP: *out = i < 0 ? 0 : i >= n ? n - 1 : i; return true;
    case SF_ADDR_BORDER:
      if (i < 0 || i >= n) return false;
      *out = i;
      return true;
    default: { /* MIRROR_ONCE */
      long long m = i < 0 ? -1 - i : i;
      *out = m >= n ? n - 1 : m;
      return true;
    }
  }
}

unsigned sf_v_dim(uint32_t d0, unsigned level) {
  uint32_t d = level < 32 ? d0 >> level : 0;
  return d ? d : 1;
}

/* Raw texel interval at (level, slice, x, y, z) with all indices in range. */
void sf_v_fetch_raw(const sf_vctx *x, unsigned level, unsigned slice, unsigned i, unsigned j, unsigned k,
                           sf_vival *o) {
  const sf_level *lv = &x->s->levels[level];
  size_t off = lv->offset + (size_t)(x->s->desc.type == SF_SURF_3D ? k : slice) * lv->slice_pitch +
               (size_t)j * lv->row_pitch + (size_t)i * x->fi->bytes;
  if (off + x->fi->bytes > x->s->size || !x->s->data) {
    for (int c = 0; c < 4; c++) o->lo[c] = -INFINITY, o->hi[c] = INFINITY;
    return;
  }
  sf_v_decode(x->s->desc.format, x->fi, x->s->data + off, x->p->quirks, o);
}

/* Cube face basis (VK/GL table): direction = ma*axis + sc*S + tc*T for face coords (sc, tc). */
const double sf_v_face_axis[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
const double sf_v_face_s[6][3] = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {-1, 0, 0}};
const double sf_v_face_t[6][3] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};

/* Face and (s, t) in [0,1] of a direction, major axis chosen with the tie order z > y > x unless
 * forced (face >= 0). */
int sf_v_cube_face(const double d[3], int forced, double *s, double *t) {
  double ax = fabs(d[0]), ay = fabs(d[1]), az = fabs(d[2]);
  int f;
  if (forced >= 0) f = forced;
  else if (az >= ax && az >= ay) f = d[2] < 0 ? 5 : 4;
  else if (ay >= ax) f = d[1] < 0 ? 3 : 2;
  else f = d[0] < 0 ? 1 : 0;
  double ma = fabs(d[f >> 1]);
  double sc = d[0] * sf_v_face_s[f][0] + d[1] * sf_v_face_s[f][1] + d[2] * sf_v_face_s[f][2];
  double tc = d[0] * sf_v_face_t[f][0] + d[1] * sf_v_face_t[f][1] + d[2] * sf_v_face_t[f][2];
  *s = ma > 0 ? 0.5 * sc / ma + 0.5 : 0.5;
  *t = ma > 0 ? 0.5 * tc / ma + 0.5 : 0.5;
  return f;
}

/* ---- cube directions and derivatives under the float32 rules ---------------------------------- */

#define SF_V_FLT_TINY 0x1p-126   /* FLT_MIN: float32 values below it are denormal (flushed, §3.1) */

/* Every (face, s, t) a direction may select: the major axis by the tie order Z > Y > X, every tied
 * face when ties are allowed, and the same again for the direction with its denormal components
 * flushed to zero (D3D11.3 §3.1 flushes float32 denormals; keeping them is not rejected either: a
 * minor component below FLT_MIN over a major one just above it moves s or t by up to 1/2). Returns
 * 0 when the major component is itself zero or denormal: the direction is zero after the flush and
 * the result undefined. */
unsigned sf_v_cube_cands(const double d[3], bool ties, int faces[SF_V_MAX_FACES], double st[SF_V_MAX_FACES][3]) {
  double m = fmax(fabs(d[0]), fmax(fabs(d[1]), fabs(d[2])));
  if (!(m >= SF_V_FLT_TINY)) return 0;
  double fl[3];
  bool flushed = false;
  for (int a = 0; a < 3; a++) {
    fl[a] = fabs(d[a]) < SF_V_FLT_TINY ? copysign(0.0, d[a]) : d[a];
    flushed |= fl[a] != d[a];
  }
  unsigned n = 0;
  for (int v = 0; v < (flushed ? 2 : 1); v++) {
    const double *dv = v ? fl : d;
    unsigned first = n;
    faces[n] = sf_v_cube_face(dv, -1, &st[n][0], &st[n][1]);
    st[n][2] = 0;
    n++;
    if (!ties) continue;
    for (int a = 0; a < 3; a++) {
      int f = dv[a] < 0 ? 2 * a + 1 : 2 * a;
      if (fabs(dv[a]) != m || f == faces[first]) continue;
      faces[n] = sf_v_cube_face(dv, f, &st[n][0], &st[n][1]);
      st[n][2] = 0;
      n++;
    }
  }
  return n;
}

/* One projected cube derivative (D3D11.3 §7.18.11) in texels of a face of size N:
 * |(ma*dsc - sc*dma) / ma^2 * 0.5 * N| as the interval [lo, hi] a float32 evaluation of that
 * formula may give: each product and the difference round (relative 2^-24 of the products, which
 * matters when they cancel), inputs, products and the quotient below FLT_MIN may flush to zero
 * (absolute). Returns false when float32 cannot evaluate it at all: ma^2 below FLT_MIN (the
 * divisor flushes to 0, giving Inf or NaN) or a product beyond the float range (Inf - Inf is NaN).
 * The LOD is then undetermined by the rules. */
bool sf_v_cube_deriv(double ma, double sc, double dsc, double dma, double N, double *lo, double *hi) {
  double m2 = ma * ma, a = ma * dsc, b = sc * dma;
  if (!(m2 >= SF_V_FLT_TINY) || !(fabs(a) < 0x1p127) || !(fabs(b) < 0x1p127)) return false;
  double num = a - b;
  double err = 0x1p-23 * (fabs(a) + fabs(b)) + SF_V_FLT_TINY * (fabs(ma) + fabs(dma) + fabs(sc) + 4.0);
  double v = fabs(num) / m2 * 0.5 * N;
  double e = (err / m2 * 0.5 + SF_V_FLT_TINY) * N + v * 0x1p-20;
  *lo = fmax(v - e, 0.0);
  *hi = v + e;
  return true;
}

/* A texel of a cube face at (i, j), possibly one step outside the face: seamless neighbour by
 * re-projecting the texel centre direction. */
void sf_v_fetch_cube_in(const sf_vctx *x, unsigned level, unsigned layer, int face, long long i, long long j,
                               sf_vival *o) {
  unsigned n = sf_v_dim(x->s->desc.width, level);
  if (i >= 0 && j >= 0 && i < (long long)n && j < (long long)n) {
    sf_v_fetch_raw(x, level, layer * 6u + (unsigned)face, (unsigned)i, (unsigned)j, 0, o);
    return;
  }
  double sc = 2.0 * ((double)i + 0.5) / n - 1.0, tc = 2.0 * ((double)j + 0.5) / n - 1.0;
  double d[3];
  for (int a = 0; a < 3; a++) d[a] = sf_v_face_axis[face][a] + sc * sf_v_face_s[face][a] + tc * sf_v_face_t[face][a];
  double s, t;
  int f2 = sf_v_cube_face(d, -1, &s, &t);
  long long i2 = (long long)floor(s * n), j2 = (long long)floor(t * n);
  if (i2 < 0) i2 = 0;
  if (j2 < 0) j2 = 0;
  if (i2 >= (long long)n) i2 = n - 1;
  if (j2 >= (long long)n) j2 = n - 1;
  sf_v_fetch_raw(x, level, layer * 6u + (unsigned)f2, (unsigned)i2, (unsigned)j2, 0, o);
}

/* PCF (D3D11.3 §7.18.15): a tap's depth becomes its comparison result, {0}, {1} or [0, 1]. */
static void sf_v_pcf(const sf_vctx *x, sf_vival *o) {
  if (x->mode != SF_VM_PCF) return;
  double lo, hi;
  sf_v_compare(x, o->lo[0], o->hi[0], &lo, &hi);
  o->lo[0] = lo;
  o->hi[0] = hi;
}

/* A cube tap, compared when in PCF mode. A corner's missing texel takes the weight of the three
 * real ones (§7.18.12): any value in their hull. Under PCF the texels are compared before they are
 * filtered, so the hull is of the three comparison results, not of the depths (a NaN depth compares
 * false, yet a depth hull would skip it). */
void sf_v_fetch_cube(const sf_vctx *x, unsigned level, unsigned layer, int face, long long i, long long j,
                            sf_vival *o) {
  long long n = sf_v_dim(x->s->desc.width, level);
  bool out_i = i < 0 || i >= n, out_j = j < 0 || j >= n;
  if (!(out_i && out_j)) {
    sf_v_fetch_cube_in(x, level, layer, face, i, j, o);
    sf_v_pcf(x, o);
    return;
  }
  long long ci = i < 0 ? 0 : n - 1, cj = j < 0 ? 0 : n - 1;
  sf_vival a, b2, c;
  sf_v_fetch_cube_in(x, level, layer, face, ci, cj, &a);
  sf_v_fetch_cube_in(x, level, layer, face, i, cj, &b2);
  sf_v_fetch_cube_in(x, level, layer, face, ci, j, &c);
  sf_v_pcf(x, &a);
  sf_v_pcf(x, &b2);
  sf_v_pcf(x, &c);
  for (int k = 0; k < 4; k++) {
    o->lo[k] = fmin(a.lo[k], fmin(b2.lo[k], c.lo[k]));
    o->hi[k] = fmax(a.hi[k], fmax(b2.hi[k], c.hi[k]));
  }
}

/* The reference value of a comparison as up to two intervals. D3D11.3 §22.4.19 (sample_c) first
 * quantises it to the surface format and clamps it to the format's range; Vulkan clamps it to [0, 1]
 * for UNORM formats only and does not quantise. Both readings are allowed: the reference as given
 * (within float rounding) and the quantised, clamped one (within half a step of the format). */
static unsigned sf_v_compare_refs(const sf_vctx *x, double r, double lo[2], double hi[2]) {
  const sf_format_info *fi = x->fi;
  double e = fabs(r) * 0x1p-23;
  lo[0] = r - e;
  hi[0] = r + e;
  double q = r, step = 0.0;
  switch (fi->cls) {
    case SF_FCLASS_UNORM: q = fmin(fmax(r, 0.0), 1.0); step = 1.0 / (double)((1ull << fi->bits) - 1); break;
    case SF_FCLASS_SRGB: q = fmin(fmax(r, 0.0), 1.0); step = 0.0091; break;   /* the widest sRGB8 step (255 -> 254) */
    case SF_FCLASS_SNORM: q = fmin(fmax(r, -1.0), 1.0); step = 1.0 / (double)((1ull << (fi->bits - 1)) - 1); break;
    default:
      if (fi->bits == 16) step = fmax(fabs(r) * 0x1p-10, 0x1p-24);   /* half: 11 significant bits */
      break;
  }
  if (q == r && step == 0.0) return 1;
  lo[1] = q - step * 0.5 - fabs(q) * 0x1p-23;
  hi[1] = q + step * 0.5 + fabs(q) * 0x1p-23;
  return 2;
}

static bool sf_v_cmp_op(unsigned op, double rr, double t) {
  switch (op & 7u) {
    case SF_CMP_NEVER: return false;
    case SF_CMP_LESS: return rr < t;
    case SF_CMP_EQUAL: return rr == t;
    case SF_CMP_LESS_EQUAL: return rr <= t;
    case SF_CMP_GREATER: return rr > t;
    case SF_CMP_NOT_EQUAL: return rr != t;
    case SF_CMP_GREATER_EQUAL: return rr >= t;
    default: return true;
  }
}

/* Comparison of the reference against a depth interval [dlo, dhi]: {0}, {1} or [0, 1]. Every
 * outcome of a reference in one of its intervals against a depth in [dlo, dhi] is possible: the
 * ends of both and the ties (a reference equal to a depth) are probed. */
void sf_v_compare(const sf_vctx *x, double dlo, double dhi, double *olo, double *ohi) {
  double rlo[2], rhi[2];
  unsigned nr = sf_v_compare_refs(x, x->b->ref[x->lane], rlo, rhi);
  unsigned op = x->b->samp->compare;
  bool can_t = false, can_f = false;
  for (unsigned k = 0; k < nr; k++) {
    double mid = fmin(fmax(0.5 * (rlo[k] + rhi[k]), dlo), dhi);
    const double ts[3] = {dlo, dhi, mid};
    for (int a = 0; a < 3; a++) {
      const double rs[3] = {rlo[k], rhi[k], fmin(fmax(ts[a], rlo[k]), rhi[k])};
      for (int c = 0; c < 3; c++) {
        if (sf_v_cmp_op(op, rs[c], ts[a])) can_t = true;
        else can_f = true;
      }
    }
    /* EQUAL / NOT_EQUAL where both are nondegenerate and overlap: either way. */
    if ((dlo < dhi || rlo[k] < rhi[k]) && rlo[k] <= dhi && rhi[k] >= dlo &&
        ((op & 7u) == SF_CMP_EQUAL || (op & 7u) == SF_CMP_NOT_EQUAL))
      can_t = can_f = true;
  }
  *olo = can_f ? 0.0 : 1.0;
  *ohi = can_t ? 1.0 : 0.0;
}

/* The value of texel (i, j, k) at level after address modes (and PCF when in that mode). */
void sf_v_texel(const sf_vctx *x, unsigned level, unsigned layer, int face, long long i, long long j,
                       long long k, sf_vival *o) {
  const sf_surface *s = x->s;
  unsigned t = s->desc.type;
  if (t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY) {
    sf_v_fetch_cube(x, level, layer, face, i, j, o);   /* compared there (PCF) */
    return;
  }
  long long w = sf_v_dim(s->desc.width, level), h = sf_v_dim(s->desc.height, level);
  long long d = t == SF_SURF_3D ? sf_v_dim(s->desc.depth, level) : 1;
  long long ii = 0, jj = 0, kk = 0;
  const uint8_t *am = x->b->samp->addr;
  bool border = !sf_v_addr(am[0], i, w, &ii);
  if (t != SF_SURF_1D && t != SF_SURF_1D_ARRAY) border |= !sf_v_addr(am[1], j, h, &jj);
  if (t == SF_SURF_3D) border |= !sf_v_addr(am[2], k, d, &kk);
  if (border) sf_v_border(x, o);
  else sf_v_fetch_raw(x, level, layer, (unsigned)ii, (unsigned)jj, (unsigned)kk, o);
  sf_v_pcf(x, o);
}

/* Per-axis candidates at one level. coord: the unnormalized coordinate (already *size). */
void sf_v_axis(const sf_vctx *x, double coord, bool linear, int off, sf_vaxis *ax) {
  double c = linear ? coord - 0.5 : coord;
  double eps = ldexp(1.0, -(int)x->p->subtexel_bits) + fabs(coord) * 0x1p-21;
  double lo = c - eps, hi = c + eps;
  long long b0 = (long long)floor(lo), b1 = (long long)floor(hi);
  ax->n = 0;
  for (long long bb = b0; bb <= b1 && ax->n < SF_V_MAX_CAND; bb++) {
    unsigned k = ax->n++;
    ax->base[k] = (int)(bb + off);
    if (linear) {
      ax->wlo[k] = fmax(lo - (double)bb, 0.0);
      ax->whi[k] = fmin(hi - (double)bb, 1.0);
    } else {
      ax->wlo[k] = ax->whi[k] = 0.0;
    }
  }
}
