/* oracles/sampler/simd_kernel.h — the SIMD sampler kernels, written once with GCC/Clang vector
 * extensions and compiled three times: backend_sse2.c (4 lanes of 32 bits), backend_avx2.c (8) and
 * backend_avx512.c (16), each with its own -m flags, so every lane operation below becomes one
 * SSE2 / AVX2 / AVX-512 instruction (texel loads use hardware gathers on AVX2/AVX-512).
 *
 * Exactness: every function reproduces the scalar backend (oracles/sampler/scalar.c) operation by
 * operation, in the order docs/precision-model.md gives (D3D11.3 §7.18.6 range reduction, §7.18.7-8
 * scale and 16.8 RNE snap, §7.18.9 address modes and border, §7.18.10-11 LOD / mip, §7.18.16 filter;
 * SAMPLE_UNORM and AVS in exact integer fixed point). Float steps are the same IEEE float32
 * operations (-ffp-contract=off, no FMA intrinsics), so results are bit-identical; integer steps are
 * exact. What is not vectorized here (cube surfaces, compare ops, sRGB/SNORM/16-bit/integer formats,
 * null pages inside a SAMPLE_UNORM/AVS block) is forwarded to the scalar entry points, which keeps
 * every result identical by construction. docs/simd.md lists the split.
 *
 * The including file defines SFK_W (4, 8 or 16) before including this header. */
#ifndef SFK_W
#error "define SFK_W (lanes of 32 bits) before including simd_kernel.h"
#endif

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/sampler/sampler_int.h"

#include <emmintrin.h>
#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

typedef float sfk_vf __attribute__((vector_size(4 * SFK_W)));
typedef int32_t sfk_vi __attribute__((vector_size(4 * SFK_W)));
typedef uint32_t sfk_vu __attribute__((vector_size(4 * SFK_W)));

/* ---- Lane helpers ------------------------------------------------------------------------------ */

static inline sfk_vf sfk_ldf(const float *p) {
  sfk_vf v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline sfk_vi sfk_ldi(const int32_t *p) {
  sfk_vi v;
  memcpy(&v, p, sizeof v);
  return v;
}
static inline sfk_vi sfk_spi(int32_t x) { return (sfk_vi){0} + x; }
static inline sfk_vf sfk_spf(float x) { return (sfk_vf){0} + x; }
static inline sfk_vi sfk_seli(sfk_vi m, sfk_vi a, sfk_vi b) { return (m & a) | (~m & b); }
static inline sfk_vf sfk_self(sfk_vi m, sfk_vf a, sfk_vf b) {
  return (sfk_vf)(((sfk_vi)a & m) | ((sfk_vi)b & ~m));
}
static inline sfk_vi sfk_mini(sfk_vi a, sfk_vi b) { return sfk_seli(a < b, a, b); }
static inline sfk_vi sfk_maxi(sfk_vi a, sfk_vi b) { return sfk_seli(a > b, a, b); }
static inline bool sfk_any(sfk_vi m) {
  static const sfk_vi zero;
  return memcmp(&m, &zero, sizeof m) != 0;
}
static inline sfk_vi sfk_iota(void) {
  static const int32_t k[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  return sfk_ldi(k);
}
/* floor(a / 256) for any int32 a, without a signed shift. */
static inline sfk_vi sfk_floor8(sfk_vi a) {
  return (sfk_vi)((((sfk_vu)a + 0x80000000u) >> 8) - 0x800000u);
}

/* floorf, exactly: |x| >= 2^23, Inf and NaN are returned as they are (they are integral or NaN). */
static inline sfk_vf sfk_floor(sfk_vf x) {
  sfk_vf ax = (sfk_vf)((sfk_vi)x & 0x7fffffff);
  sfk_vi small = ax < 8388608.0f;
  sfk_vf xs = sfk_self(small, x, sfk_spf(0.0f));
  sfk_vf t = __builtin_convertvector(__builtin_convertvector(xs, sfk_vi), sfk_vf);
  t = sfk_self(t > xs, t - 1.0f, t);
  return sfk_self(small, t, x);
}

/* sf_rne_i32 (sampler_int.h) on every lane: RNE, saturating to [lo, hi], NaN -> 0. */
static inline sfk_vi sfk_rne(sfk_vf f, int32_t lo, int32_t hi) {
  sfk_vi nan = f != f;
  sfk_vf a = (sfk_vf)((sfk_vi)f & 0x7fffffff);
  sfk_vi small = a < 8388608.0f;
  sfk_vf t = a + 8388608.0f;
  t = t - 8388608.0f;
  a = sfk_self(small, t, a);
  a = sfk_self(a > 1073741824.0f, sfk_spf(1073741824.0f), a);
  a = sfk_self(nan, sfk_spf(0.0f), a);
  sfk_vi r = __builtin_convertvector(a, sfk_vi);
  r = sfk_seli(f < 0.0f, -r, r);
  r = sfk_maxi(sfk_mini(r, sfk_spi(hi)), sfk_spi(lo));
  r = sfk_seli(f <= (float)lo, sfk_spi(lo), r);
  r = sfk_seli(f >= (float)hi, sfk_spi(hi), r);
  return sfk_seli(nan, sfk_spi(0), r);
}

/* r = i mod n in [0, n) for 0 < n < 2^24 and |i| < 2^24: float quotient, one correction step. */
static inline sfk_vi sfk_mod(sfk_vi i, sfk_vi n) {
  if (!sfk_any((i < -n) | (i >= n + n))) { /* the usual case: one period away at most */
    sfk_vi m = sfk_seli(i < 0, i + n, i);
    return sfk_seli(m >= n, m - n, m);
  }
  sfk_vf q = sfk_floor(__builtin_convertvector(i, sfk_vf) / __builtin_convertvector(n, sfk_vf));
  sfk_vi m = i - __builtin_convertvector(q, sfk_vi) * n;
  m = sfk_seli(m < 0, m + n, m);
  m = sfk_seli(m >= n, m - n, m);
  return m;
}

/* Per-lane table lookups (level parameters and the like). */
static inline sfk_vi sfk_lut(const int32_t *t, sfk_vi idx) {
  sfk_vi r;
  for (unsigned j = 0; j < SFK_W; j++) r[j] = t[idx[j]];
  return r;
}

/* 32-bit loads at base + off[j] (bytes) for every lane; off must be in bounds for every lane. */
static inline sfk_vi sfk_gather32(const uint8_t *base, sfk_vi off) {
#if SFK_W == 16 && defined(__AVX512F__)
  __m512i o;
  memcpy(&o, &off, sizeof o);
  __m512i r = _mm512_i32gather_epi32(o, (const void *)base, 1);
  sfk_vi v;
  memcpy(&v, &r, sizeof v);
  return v;
#elif SFK_W == 8 && defined(__AVX2__)
  __m256i o;
  memcpy(&o, &off, sizeof o);
  __m256i r = _mm256_i32gather_epi32((const int *)(const void *)base, o, 1);
  sfk_vi v;
  memcpy(&v, &r, sizeof v);
  return v;
#else
  sfk_vi r;
  for (unsigned j = 0; j < SFK_W; j++) {
    uint32_t x;
    memcpy(&x, base + off[j], 4);
    r[j] = (int32_t)x;
  }
  return r;
#endif
}
/* 8- and 16-bit loads at base + off[j], where base[0..size) is the whole buffer. With hardware
 * gathers: a 32-bit gather at min(off, size - 4), then a per-lane shift, so no lane reads past the
 * buffer; SSE2 (no gather instruction) loads lane by lane. */
static inline sfk_vi sfk_gather_narrow(const uint8_t *base, sfk_vi off, size_t size, uint32_t mask) {
#if defined(__AVX2__)
  if (size >= 4 && size < ((size_t)1 << 31)) {
    sfk_vi o2 = sfk_mini(off, sfk_spi((int32_t)(size - 4)));
    sfk_vu w = (sfk_vu)sfk_gather32(base, o2);
    return (sfk_vi)((w >> (sfk_vu)((off - o2) * 8)) & mask);
  }
#endif
  (void)size;
  sfk_vi r;
  for (unsigned j = 0; j < SFK_W; j++)
    r[j] = (int32_t)(mask == 0xffu ? base[off[j]] : ((uint32_t)base[off[j]] | (uint32_t)base[off[j] + 1] << 8));
  return r;
}
static inline sfk_vi sfk_gather8(const uint8_t *base, sfk_vi off, size_t size) { return sfk_gather_narrow(base, off, size, 0xffu); }
/* Byte loads lane by lane (movzx + insert): measured faster than vpgatherdd for the AVS taps on
 * this machine's CPU (24 vs 19.5 Msamples/s AVX2, docs/simd.md), the lesson issue 5 reports. */
static inline sfk_vi sfk_load8_lanes(const uint8_t *base, sfk_vi off) {
  sfk_vi r;
  for (unsigned j = 0; j < SFK_W; j++) r[j] = base[off[j]];
  return r;
}
static inline sfk_vi sfk_gather16(const uint8_t *base, sfk_vi off, size_t size) { return sfk_gather_narrow(base, off, size, 0xffffu); }

/* lerp8 of scalar.c: a + w*(b - a), w = w8/256, clamped to [min(a,b), max(a,b)]; w8 = 0 gives a. */
static inline sfk_vf sfk_lerp(sfk_vf a, sfk_vf b, sfk_vi w8) {
  sfk_vf w = __builtin_convertvector(w8, sfk_vf) * 0.00390625f;
#if SF_CANARY == 10 && SFK_W == 8
  sfk_vf d = a - b;  /* canary 10: swapped operands in the AVX2 (8-lane) lerp only */
#else
  sfk_vf d = b - a;
#endif
  sfk_vf p = w * d;
  sfk_vf r = a + p;
  sfk_vi lt = a < b;
  sfk_vf lo = sfk_self(lt, a, b), hi = sfk_self(lt, b, a);
  r = sfk_self(r < lo, lo, r);
  r = sfk_self(r > hi, hi, r);
  return sfk_self(w8 == 0, a, r);
}

/* ---- 3D_SAMPLE: 1D / 1D array / 2D / 2D array / 3D, UNORM8 and FLOAT32 formats ----------------- */

typedef struct sfk_ctx {
  const sf_surface *s;
  const sf_sampler *sp;
  unsigned dims, bytes, channels;
  bool unorm8;
  bool check_null;                /* the surface has null pages somewhere (or we could not tell) */
  bool compare;                   /* PCF: each tap becomes (ref OP texel.R) ? 1 : 0 */
  unsigned cmp;                   /* sf_cmp */
  sfk_vf ref;                     /* this lane group's references (32-bit float formats: as given) */
  int32_t lw[16], lh[16], ld[16]; /* per level */
  int32_t loff[16], lrow[16], lslice[16], lnull[16], ltx[16], lty[16];
  uint32_t border[4];
} sfk_ctx;

/* Level parameters of every lane (one splat when all lanes use the same level, the usual case). */
typedef struct sfk_lv {
  sfk_vi w, h, d, off, row, slice, null, tx, ty;
} sfk_lv;

static inline void sfk_lv_get(const sfk_ctx *c, sfk_vi L, sfk_lv *o) {
  if (!sfk_any(L != L[0])) {
    int32_t l = L[0];
    o->w = sfk_spi(c->lw[l]); o->h = sfk_spi(c->lh[l]); o->d = sfk_spi(c->ld[l]);
    o->off = sfk_spi(c->loff[l]); o->row = sfk_spi(c->lrow[l]); o->slice = sfk_spi(c->lslice[l]);
    o->null = sfk_spi(c->lnull[l]); o->tx = sfk_spi(c->ltx[l]); o->ty = sfk_spi(c->lty[l]);
    return;
  }
  o->w = sfk_lut(c->lw, L); o->h = sfk_lut(c->lh, L); o->d = sfk_lut(c->ld, L);
  o->off = sfk_lut(c->loff, L); o->row = sfk_lut(c->lrow, L); o->slice = sfk_lut(c->lslice, L);
  o->null = sfk_lut(c->lnull, L); o->tx = sfk_lut(c->ltx, L); o->ty = sfk_lut(c->lty, L);
}

/* Any null page in the surface? (vector OR over the map) */
static bool sfk_has_null(const sf_surface *s) {
  const uint8_t *m = s->null_map;
  size_t n = m ? s->null_size : 0, i = 0;
  sfk_vi acc = sfk_spi(0);
  for (; i + sizeof acc <= n; i += sizeof acc) {
    sfk_vi v;
    memcpy(&v, m + i, sizeof v);
    acc |= v;
  }
  for (; i < n; i++)
    if (m[i]) return true;
  return sfk_any(acc);
}

/* sf_sampler_check's verdict without its loops: true only when the scalar check passes. The AVS tap
 * sums use SSE2 SAD: (t + 128) summed over a phase's taps must be 64 + taps*128. */
static bool sfk_sampler_ok(const sf_sampler *sp) {
  if (!sp || sp->min_filter > SF_FILTER_LINEAR || sp->mag_filter > SF_FILTER_LINEAR || sp->mip_filter > SF_MIP_LINEAR) return false;
  if (sp->addr[0] >= SF_ADDR_COUNT || sp->addr[1] >= SF_ADDR_COUNT || sp->addr[2] >= SF_ADDR_COUNT) return false;
  if (sp->lod_bias < -4096 || sp->lod_bias > 4095 || sp->min_lod > 4095 || sp->max_lod > 4095 || sp->compare > SF_CMP_ALWAYS)
    return false;
  const __m128i flip = _mm_set1_epi8((char)0x80), zero = _mm_setzero_si128();
  const __m128i want8 = _mm_set_epi32(0, 64 + 8 * 128, 0, 64 + 8 * 128), want4 = _mm_set_epi32(0, 64 + 4 * 128, 0, 64 + 4 * 128);
  const __m128i lo4 = _mm_set_epi32(0, -1, 0, -1), hi4 = _mm_set_epi32(-1, 0, -1, 0);
  __m128i bad = zero;
  const uint8_t *l = (const uint8_t *)sp->avs_luma, *c = (const uint8_t *)sp->avs_chroma;
  for (unsigned i = 0; i < sizeof sp->avs_luma; i += 16) {
    __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(l + i)), flip);
    bad = _mm_or_si128(bad, _mm_xor_si128(_mm_sad_epu8(x, zero), want8));
  }
  for (unsigned i = 0; i < sizeof sp->avs_chroma; i += 16) {
    __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(c + i)), flip);
    bad = _mm_or_si128(bad, _mm_xor_si128(_mm_sad_epu8(_mm_and_si128(x, lo4), zero), want4));
    bad = _mm_or_si128(bad, _mm_xor_si128(_mm_sad_epu8(_mm_and_si128(x, hi4), zero), want4));
  }
  return _mm_movemask_epi8(_mm_cmpeq_epi8(bad, zero)) == 0xffff;
}

/* Address mode of scalar.c wrap_index on every lane: in-range index, or -1 for a border texel. */
static inline sfk_vi sfk_wrap(sfk_vi i, sfk_vi n, unsigned addr) {
  switch (addr) {
    case SF_ADDR_WRAP: return sfk_mod(i, n);
    case SF_ADDR_MIRROR: {
      sfk_vi p = n + n, m = sfk_mod(i, p);
      return sfk_seli(m >= n, p - 1 - m, m);
    }
    case SF_ADDR_MIRROR_ONCE: {
      sfk_vi a = sfk_seli(i < 0, -1 - i, i);
      return sfk_seli(a >= n, n - 1, a);
    }
    case SF_ADDR_BORDER: return sfk_seli((i < 0) | (i >= n), sfk_spi(-1), i);
    default: return sfk_maxi(sfk_mini(i, n - 1), sfk_spi(0));
  }
}

/* wrap_index of i and of i + 1. WRAP and MIRROR reduce i once: (i + 1) mod p = (i mod p) + 1,
 * or 0 at p. */
static inline void sfk_wrap2(sfk_vi i, sfk_vi n, unsigned addr, sfk_vi *w0, sfk_vi *w1) {
  if (addr == SF_ADDR_WRAP) {
    sfk_vi m = sfk_mod(i, n), m1 = m + 1;
    *w0 = m;
    *w1 = sfk_seli(m1 == n, sfk_spi(0), m1);
  } else if (addr == SF_ADDR_MIRROR) {
    sfk_vi p = n + n, m = sfk_mod(i, p), m1 = m + 1;
    m1 = sfk_seli(m1 == p, sfk_spi(0), m1);
    *w0 = sfk_seli(m >= n, p - 1 - m, m);
    *w1 = sfk_seli(m1 >= n, p - 1 - m1, m1);
  } else {
    *w0 = sfk_wrap(i, n, addr);
    *w1 = sfk_wrap(i + 1, n, addr);
  }
}

/* scalar.c axis_fixed: range reduction, scale, -0.5 for linear lanes, 16.8 RNE snap, + offset. */
static inline sfk_vi sfk_axis(sfk_vf u, sfk_vi n, sfk_vi lin, sfk_vi off, unsigned addr) {
  if (addr == SF_ADDR_WRAP) {
    u = u - sfk_floor(u);
  } else if (addr == SF_ADDR_MIRROR) {
    sfk_vf t = u * 0.5f;
    t = t - sfk_floor(t);
    u = t * 2.0f;
  } else {
    u = sfk_self(u < -10.0f, sfk_spf(-10.0f), u);
    u = sfk_self(u > 10.0f, sfk_spf(10.0f), u);
  }
  sfk_vf x = u * __builtin_convertvector(n, sfk_vf);
  x = sfk_self(lin, x - 0.5f, x);
  sfk_vi X = sfk_rne(x * 256.0f, -(1 << 30), 1 << 30);
  return X + off * 256;
}

/* Fetches one tap per lane (ix/iy/iz already wrapped, -1 = border) and decodes it to float bits.
 * `fetched` marks lanes whose scalar counterpart reads this tap: they report null pages. */
static inline void sfk_fetch(const sfk_ctx *c, const sfk_lv *lv, sfk_vi slice, sfk_vi ix, sfk_vi iy, sfk_vi iz,
                             sfk_vi fetched, sfk_vf t[4], sfk_vi *nullhit) {
  sfk_vi border = (ix < 0) | (iy < 0) | (iz < 0);
  sfk_vi x = sfk_seli(border, sfk_spi(0), ix), y = sfk_seli(border, sfk_spi(0), iy);
  sfk_vi sl = c->dims == 3 ? sfk_seli(border, sfk_spi(0), iz) : slice;
  sfk_vi off = lv->off + lv->slice * sl + lv->row * y + x * (int32_t)c->bytes;
  sfk_vi isnull = sfk_spi(0);
  if (c->check_null) {
    sfk_vi tile = lv->null + (sl * lv->ty + (y >> 3)) * lv->tx + (x >> 3);
    for (unsigned j = 0; j < SFK_W; j++)
      isnull[j] = ((size_t)tile[j] < c->s->null_size && c->s->null_map[tile[j]]) ? -1 : 0;
    isnull &= ~border;
    *nullhit |= isnull & fetched;
  }
  const uint8_t *d = c->s->data;
  sfk_vi raw[4];
  if (c->unorm8) {
    sfk_vi w = c->bytes == 4 ? sfk_gather32(d, off) : c->bytes == 2 ? sfk_gather16(d, off, c->s->size) : sfk_gather8(d, off, c->s->size);
    w = sfk_seli(isnull, sfk_spi(0), w);
    for (unsigned k = 0; k < 4; k++) {
      if (k < c->channels) {
        sfk_vf f = __builtin_convertvector((sfk_vi)(((sfk_vu)w >> (8 * k)) & 255u), sfk_vf) / 255.0f;
        raw[k] = (sfk_vi)f;
      } else {
        raw[k] = (sfk_vi)sfk_spf(k == 3 ? 1.0f : 0.0f);
      }
    }
  } else {
    for (unsigned k = 0; k < 4; k++) {
      if (k < c->channels) raw[k] = sfk_seli(isnull, sfk_spi(0), sfk_gather32(d, off + (int32_t)(4 * k)));
      else raw[k] = (sfk_vi)sfk_spf(k == 3 ? 1.0f : 0.0f);
    }
  }
  for (unsigned k = 0; k < 4; k++) t[k] = (sfk_vf)sfk_seli(border, sfk_spi((int32_t)c->border[k]), raw[k]);
  if (c->compare) { /* scalar.c tap_finish: the comparison per tap, border taps included */
    sfk_vi pass;
    switch (c->cmp) {
      case SF_CMP_LESS: pass = c->ref < t[0]; break;
      case SF_CMP_EQUAL: pass = c->ref == t[0]; break;
      case SF_CMP_LESS_EQUAL: pass = c->ref <= t[0]; break;
      case SF_CMP_GREATER: pass = c->ref > t[0]; break;
      case SF_CMP_NOT_EQUAL: pass = c->ref != t[0]; break;
      case SF_CMP_GREATER_EQUAL: pass = c->ref >= t[0]; break;
      case SF_CMP_ALWAYS: pass = sfk_spi(-1); break;
      default: pass = sfk_spi(0); break;
    }
    sfk_vf r = sfk_self(pass, sfk_spf(1.0f), sfk_spf(0.0f));
    for (unsigned k = 0; k < 4; k++) t[k] = r;
  }
}

/* scalar.c sample_level on every lane: one mip level, point or linear per lane. */
static void sfk_level(const sfk_ctx *c, sfk_vi L, sfk_vi slice, sfk_vi lin, const sfk_vf crd[3], const sfk_vi off[3],
                      sfk_vi active, sfk_vf res[4], sfk_vi *nullhit) {
  sfk_lv lv;
  sfk_lv_get(c, L, &lv);
  sfk_vi n[3] = {lv.w, lv.h, lv.d};
  sfk_vi i0[3] = {sfk_spi(0), sfk_spi(0), sfk_spi(0)}, i1[3], fr[3] = {sfk_spi(0), sfk_spi(0), sfk_spi(0)};
  for (unsigned a = 0; a < 3; a++) {
    if (a < c->dims) {
      sfk_vi X = sfk_axis(crd[a], n[a], lin, off[a], c->sp->addr[a]);
      sfk_vi f = sfk_floor8(X);
      fr[a] = sfk_seli(lin, X & 255, sfk_spi(0));
      sfk_wrap2(f, n[a], c->sp->addr[a], &i0[a], &i1[a]);
    } else {
      i1[a] = i0[a];
    }
  }
  bool two[3];
  for (unsigned a = 0; a < 3; a++) two[a] = sfk_any(fr[a] != 0);
  sfk_vf t[2][2][2][4];
  for (unsigned z = 0; z < (two[2] ? 2u : 1u); z++)
    for (unsigned y = 0; y < (two[1] ? 2u : 1u); y++)
      for (unsigned x = 0; x < (two[0] ? 2u : 1u); x++) {
        sfk_vi fetched = active;
        if (x) fetched &= fr[0] != 0;
        if (y) fetched &= fr[1] != 0;
        if (z) fetched &= fr[2] != 0;
        sfk_fetch(c, &lv, slice, x ? i1[0] : i0[0], y ? i1[1] : i0[1], z ? i1[2] : i0[2], fetched, t[z][y][x], nullhit);
      }
  sfk_vf row[2][2][4], pl[2][4];
  for (unsigned z = 0; z < (two[2] ? 2u : 1u); z++) {
    for (unsigned y = 0; y < (two[1] ? 2u : 1u); y++)
      for (unsigned k = 0; k < 4; k++)
        row[z][y][k] = two[0] ? sfk_lerp(t[z][y][0][k], t[z][y][1][k], fr[0]) : t[z][y][0][k];
    for (unsigned k = 0; k < 4; k++) pl[z][k] = two[1] ? sfk_lerp(row[z][0][k], row[z][1][k], fr[1]) : row[z][0][k];
  }
  for (unsigned k = 0; k < 4; k++) res[k] = two[2] ? sfk_lerp(pl[0][k], pl[1][k], fr[2]) : pl[0][k];
}

/* The log2 thresholds of scalar.c (sf_lod_from_rho2), for the vector search below. */
static const uint32_t sfk_log2_thresholds[128] = {
#include "oracles/sampler/log2_table.inc"
};

/* sf_lod_from_rho2 on every lane: 128*e + #{j : T[j] <= m}, by a branch-free binary search. */
static inline sfk_vi sfk_lod_from_rho2(sfk_vf rho2) {
  sfk_vi b = (sfk_vi)rho2;
  sfk_vi e8 = (sfk_vi)(((sfk_vu)b >> 23) & 255u);
  sfk_vi low = (rho2 != rho2) | (b < 0) | (e8 == 0);
  sfk_vi inf = (b & 0x7fffffff) == 0x7f800000;
  sfk_vi m = (b & 0x7fffff) | 0x800000;
  sfk_vi pos = sfk_spi(0);
  for (int32_t s = 128; s >= 1; s /= 2) {
    sfk_vi idx = sfk_mini(pos + (s - 1), sfk_spi(127));
    sfk_vi t = sfk_lut((const int32_t *)(const void *)sfk_log2_thresholds, idx);
    pos = sfk_seli((pos + s <= 128) & (t <= m), pos + s, pos);
  }
  sfk_vi lod = 128 * (e8 - 127) + pos;
  lod = sfk_maxi(sfk_mini(lod, sfk_spi(SF_LOD_MAX)), sfk_spi(SF_LOD_MIN));
  lod = sfk_seli(inf, sfk_spi(SF_LOD_MAX), lod);
  return sfk_seli(low, sfk_spi(SF_LOD_MIN), lod);
}

/* Whether this backend computes the batch itself (else the scalar entry does, identically). */
static bool sfk_sample_supported(const sf_sample_batch *q) {
  const sf_surface *s = q->surf;
  if (!s) return false;
  unsigned t = s->desc.type;
  if (t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY || t >= SF_SURF_TYPE_COUNT) return false;
  if (s->size >= (size_t)1 << 30 || s->desc.levels == 0 || s->desc.levels > SF_SURF_MAX_LEVELS) return false;
  switch (s->desc.format) {
    case SF_FMT_R8_UNORM: case SF_FMT_RG8_UNORM: case SF_FMT_RGBA8_UNORM:
      return !q->compare; /* UNORM references are quantized first: forwarded */
    case SF_FMT_R32F: case SF_FMT_RG32F: case SF_FMT_RGBA32F: case SF_FMT_D32F:
      return true; /* compare too: sf_format_snap of a 32-bit float reference keeps its value */
    default:
      return false;
  }
}

static sf_code sfk_sample(const sf_sample_batch *q, sf_sample_out *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sample: NULL output");
  if (!q || !sfk_sample_supported(q)) return sf_scalar_sample(q, out, st);
  memset(out, 0, sizeof *out);
  if (!(q->n <= SF_MAX_LANES && q->lod_mode <= SF_LOD_ZERO && sfk_sampler_ok(q->samp))) {
    sf_code rc = sf_sample_check(q, st); /* the error, with the scalar backend's message */
    if (rc != SF_OK) return rc;
  }
  out->null_mask = 0xffffffffu;
  const sf_surface *s = q->surf;
  const sf_sampler *sp = q->samp;
  const sf_format_info *fi = sf_format_get(s->desc.format);
  sfk_ctx c;
  memset(&c, 0, sizeof c);
  c.s = s;
  c.sp = sp;
  c.bytes = fi->bytes;
  c.channels = fi->channels;
  c.unorm8 = fi->cls == SF_FCLASS_UNORM;
  c.compare = q->compare;
  c.cmp = sp->compare;
  unsigned type = s->desc.type, levels = s->desc.levels;
  c.dims = (type == SF_SURF_1D || type == SF_SURF_1D_ARRAY) ? 1 : type == SF_SURF_3D ? 3 : 2;
  for (unsigned l = 0; l < 16; l++) {
    const sf_level *lv = &s->levels[l < levels ? l : 0];
    c.lw[l] = (int32_t)lv->w;
    c.lh[l] = (int32_t)lv->h;
    c.ld[l] = (int32_t)lv->d;
    c.loff[l] = (int32_t)lv->offset;
    c.lrow[l] = (int32_t)lv->row_pitch;
    c.lslice[l] = (int32_t)lv->slice_pitch;
    c.lnull[l] = (int32_t)lv->null_offset;
    c.ltx[l] = (int32_t)lv->tiles_x;
    c.lty[l] = (int32_t)lv->tiles_y;
  }
  c.check_null = s->null_size > 16384 || sfk_has_null(s);
  for (unsigned k = 0; k < 4; k++) c.border[k] = sf_format_snap(s->desc.format, k, sp->border[k]);
  int32_t maxl = (int32_t)s->desc.layers - 1;
  int32_t sbias = sp->lod_bias < -4096 ? -4096 : sp->lod_bias > 4095 ? 4095 : sp->lod_bias;
  int32_t minl = sp->min_lod > 4095 ? 4095 : sp->min_lod, maxlod = sp->max_lod > 4095 ? 4095 : sp->max_lod;
  int32_t top = (int32_t)(levels - 1) * 256;
  float W0 = (float)s->levels[0].w, H0 = (float)s->levels[0].h, D0 = (float)s->levels[0].d;
  for (unsigned base = 0; base < q->n; base += SFK_W) {
    sfk_vi lane = sfk_iota() + (int32_t)base;
    sfk_vi active = (sfk_vi)((((sfk_vu){0} + q->lanes) >> (sfk_vu)lane) & 1u) != 0;
    active &= lane < (int32_t)q->n;
    if (!sfk_any(active)) continue;
    sfk_vf zf = sfk_spf(0.0f);
    sfk_vf u = sfk_self(active, sfk_ldf(q->u + base), zf);
    sfk_vf v = sfk_self(active, sfk_ldf(q->v + base), zf);
    sfk_vf r = sfk_self(active, sfk_ldf(q->r + base), zf);
    c.ref = sfk_self(active, sfk_ldf(q->ref + base), zf);
    sfk_vi slice = sfk_spi(0);
    if (type == SF_SURF_1D_ARRAY) slice = sfk_rne(v, 0, maxl);
    if (type == SF_SURF_2D_ARRAY) slice = sfk_rne(r, 0, maxl);
    /* LOD in 8.8 */
    sfk_vi lodb;
    sfk_vf lob = sfk_self(active, sfk_ldf(q->lod_or_bias + base), zf);
    if (q->lod_mode == SF_LOD_EXPLICIT) {
      lodb = sfk_rne(lob * 256.0f, SF_LOD_MIN, SF_LOD_MAX);
    } else if (q->lod_mode == SF_LOD_ZERO) {
      lodb = sfk_spi(0);
    } else {
      sfk_vf a = sfk_self(active, sfk_ldf(q->dudx + base), zf) * W0, b = sfk_self(active, sfk_ldf(q->dudy + base), zf) * W0;
      sfk_vf lx = a * a, ly = b * b;
      if (type == SF_SURF_2D || type == SF_SURF_2D_ARRAY || type == SF_SURF_3D) {
        a = sfk_self(active, sfk_ldf(q->dvdx + base), zf) * H0;
        b = sfk_self(active, sfk_ldf(q->dvdy + base), zf) * H0;
        lx = lx + a * a;
        ly = ly + b * b;
      }
      if (type == SF_SURF_3D) {
        a = sfk_self(active, sfk_ldf(q->drdx + base), zf) * D0;
        b = sfk_self(active, sfk_ldf(q->drdy + base), zf) * D0;
        lx = lx + a * a;
        ly = ly + b * b;
      }
      lx = sfk_self(lx != lx, zf, lx);
      ly = sfk_self(ly != ly, zf, ly);
      lodb = sfk_lod_from_rho2(sfk_self(lx > ly, lx, ly));
    }
    sfk_vi biased = lodb + sbias;
    if (q->lod_mode == SF_LOD_GRAD_BIAS) biased += sfk_rne(lob * 256.0f, -4096, 4096);
    sfk_vi clamped = sfk_mini(biased, sfk_spi(maxlod));
    clamped = sfk_maxi(clamped, sfk_spi(minl));
    if (q->lod_query) {
      sfk_vf o0 = __builtin_convertvector(sfk_mini(clamped, sfk_spi(top)), sfk_vf) / 256.0f;
      sfk_vf o1 = __builtin_convertvector(biased, sfk_vf) / 256.0f;
      sfk_vi r0 = sfk_seli(active, (sfk_vi)o0, sfk_spi(0)), r1 = sfk_seli(active, (sfk_vi)o1, sfk_spi(0));
      memcpy(&out->v[0][base], &r0, sizeof r0);
      memcpy(&out->v[1][base], &r1, sizeof r1);
      continue;
    }
    sfk_vi mag = clamped <= 0;
    sfk_vi lin = sfk_seli(mag, sfk_spi(sp->mag_filter == SF_FILTER_LINEAR ? -1 : 0),
                          sfk_spi(sp->min_filter == SF_FILTER_LINEAR ? -1 : 0));
    sfk_vi cpos = sfk_maxi(clamped, sfk_spi(0));
    sfk_vi l0 = sfk_spi(0), l1 = sfk_spi(0), mf = sfk_spi(0);
    if (sp->mip_filter == SF_MIP_POINT) {
      l0 = sfk_mini((cpos + 128) >> 8, sfk_spi(top / 256));
      l0 = sfk_seli(mag, sfk_spi(0), l0);
    } else if (sp->mip_filter == SF_MIP_LINEAR) {
      sfk_vi l = cpos >> 8;
      sfk_vi last = l >= (int32_t)levels - 1;
      l0 = sfk_seli(last, sfk_spi((int32_t)levels - 1), l);
      l1 = sfk_seli(last, sfk_spi(0), l + 1);
      mf = sfk_seli(last, sfk_spi(0), cpos & 255);
      l0 = sfk_seli(mag, sfk_spi(0), l0);
      l1 = sfk_seli(mag, sfk_spi(0), l1);
      mf = sfk_seli(mag, sfk_spi(0), mf);
    }
    sfk_vf crd[3] = {u, c.dims == 1 ? zf : v, r};
    sfk_vi off[3];
    for (unsigned a = 0; a < 3; a++) {
      const int8_t *o = a == 0 ? q->off_u : a == 1 ? q->off_v : q->off_r;
      for (unsigned j = 0; j < SFK_W; j++) off[a][j] = o[base + j];
      off[a] = sfk_seli(active, off[a], sfk_spi(0));
    }
    sfk_vi nullhit = sfk_spi(0);
    sfk_vf r0[4], r1[4];
    sfk_level(&c, l0, slice, lin, crd, off, active, r0, &nullhit);
    sfk_vi need1 = active & (mf != 0);
    if (sfk_any(need1)) {
      sfk_level(&c, l1, slice, lin, crd, off, need1, r1, &nullhit);
      for (unsigned k = 0; k < 4; k++) r0[k] = sfk_lerp(r0[k], r1[k], mf);
    }
    for (unsigned k = 0; k < 4; k++) {
      sfk_vi bits = (sfk_vi)r0[k];
      bits = sfk_seli((bits & 0x7fffffff) > 0x7f800000, sfk_spi((int32_t)SF_NAN_BITS), bits);
      bits = sfk_seli(active, bits, sfk_spi(0));
      memcpy(&out->v[k][base], &bits, sizeof bits);
    }
    nullhit &= active;
    for (unsigned j = 0; j < SFK_W; j++)
      if (nullhit[j]) out->null_mask &= ~(1u << (base + j));
  }
  return SF_OK;
}

/* ---- SAMPLE_UNORM and AVS: exact integer blocks ---------------------------------------------- */

/* The 8-bit paths' surface test (scalar.c u8_setup): anything else goes to the scalar entry, which
 * reports the error. */
static bool sfk_u8_ok(const sf_surface *s, const sf_sampler *sp) {
  if (!s || !sp || s->desc.type != SF_SURF_2D || s->desc.levels == 0) return false;
  if (s->size >= (size_t)1 << 30) return false;
  switch (s->desc.format) {
    case SF_FMT_R8_UNORM: case SF_FMT_RG8_UNORM: case SF_FMT_RGBA8_UNORM: case SF_FMT_NV12: return true;
    default: return false;
  }
}

/* scalar.c u8_setup's border: 8-bit quantization of the clamped border colour. */
static void sfk_u8_border(const sf_surface *s, const sf_sampler *sp, int32_t b[4]) {
  const sf_format_info *fi = sf_format_get(s->desc.format);
  for (int k = 0; k < 4; k++) {
    float f = sp->border[k];
    uint32_t q = !(f > 0.0f) ? 0u : f >= 1.0f ? 255u : (uint32_t)(f * 255.0f + 0.5f);
    b[k] = (int32_t)q;
  }
  if (s->desc.format != SF_FMT_NV12)
    for (unsigned k = fi->channels; k < 4; k++) b[k] = k == 3 ? 255 : 0;
}

/* Any null tile in the full-resolution texel rectangle [x0,x1] x [y0,y1] of level 0? */
static bool sfk_null_in(const sf_surface *s, int32_t x0, int32_t x1, int32_t y0, int32_t y1) {
  if (!s->null_size) return false;
  const sf_level *lv = &s->levels[0];
  for (int32_t ty = y0 / (int32_t)SF_NULL_TILE; ty <= y1 / (int32_t)SF_NULL_TILE; ty++)
    for (int32_t tx = x0 / (int32_t)SF_NULL_TILE; tx <= x1 / (int32_t)SF_NULL_TILE; tx++) {
      size_t t = lv->null_offset + (size_t)ty * lv->tiles_x + (size_t)tx;
      if (t < s->null_size && s->null_map[t]) return true;
    }
  return false;
}

/* Channel addressing of the 8-bit paths: value of channel k at plane texel (x, y) is
 * data[base + y*pitch + x*step], or the constant `cst` when the channel is absent. */
typedef struct sfk_chan {
  int32_t base, pitch, step;
  int32_t cst;  /* >= 0: absent channel with this value */
} sfk_chan;

static void sfk_chan_setup(const sf_surface *s, unsigned k, bool chroma_plane, sfk_chan *ch) {
  const sf_format_info *fi = sf_format_get(s->desc.format);
  memset(ch, 0, sizeof *ch);
  ch->cst = -1;
  if (s->desc.format == SF_FMT_NV12) {
    int32_t w = (int32_t)s->desc.width;
    if (k == 3) { ch->cst = 255; return; }
    if (k == 1) { ch->base = 0; ch->pitch = w; ch->step = 1; return; }
    ch->base = (int32_t)s->nv12_uv_offset + (k == 0 ? 1 : 0);
    ch->pitch = w;
    ch->step = 2;
    (void)chroma_plane;
    return;
  }
  if (k >= fi->channels) { ch->cst = k == 3 ? 255 : 0; return; }
  ch->base = (int32_t)s->levels[0].offset + (int32_t)k;
  ch->pitch = (int32_t)s->levels[0].row_pitch;
  ch->step = fi->bytes;
}

#if defined(__AVX2__)
/* The block fast path (AVX2; also used by the AVX-512 build) for RGBA8 and R8 when every tap with
 * a non-zero weight is inside the surface and the block's 8 columns read at most 16 consecutive
 * texels (downscales up to ~1.9x, any upscale): per output row, the two source rows are read as one
 * 16-texel segment each (plain loads, no gathers), the taps are picked by permutes, and the filter is
 * the same integer sum as the generic path: h = t0*wx0 + t1*wx1 (pmaddwd), sum = h0*wy0 + h1*wy1,
 * out = (sum + 128) >> 8. Taps whose weight is 0 are redirected to the other tap (they add 0, as the
 * scalar path's skipped taps do). Returns false when the block does not qualify. */
static bool sfk_unorm_fast(const sf_surface *s, int32_t cx[2][8], int32_t cy[2][8], const int32_t fx[8], const int32_t fy[8],
                           sf_unorm_out *out) {
  const int32_t w = (int32_t)s->levels[0].w, span = 16;
  const bool rgba = s->desc.format == SF_FMT_RGBA8_UNORM;
  int32_t i0[8], i1[8], r0[4], r1[4], wp[8], lo = INT32_MAX, hi = -1;
  for (unsigned x = 0; x < 8; x++) {
    int32_t a = cx[0][x], b = fx[x] ? cx[1][x] : a;
    if (a < 0 || b < 0) return false;
    lo = a < lo ? a : lo;
    lo = b < lo ? b : lo;
    hi = a > hi ? a : hi;
    hi = b > hi ? b : hi;
    i0[x] = a;
    i1[x] = b;
    wp[x] = (256 - fx[x]) | (fx[x] << 16);
  }
  for (unsigned y = 0; y < 4; y++) {
    r0[y] = cy[0][y];
    r1[y] = fy[y] ? cy[1][y] : r0[y];
    if (r0[y] < 0 || r1[y] < 0) return false;
  }
  if (w < span || hi - lo >= span) return false;
  int32_t seg = lo < w - span ? lo : w - span;
  for (unsigned x = 0; x < 8; x++) {
    i0[x] -= seg;
    i1[x] -= seg;
  }
  const size_t pitch = s->levels[0].row_pitch;
  const uint8_t *base = s->data + s->levels[0].offset + (size_t)seg * (rgba ? 4u : 1u);
  const __m256i W = _mm256_loadu_si256((const __m256i *)(const void *)wp), zero = _mm256_setzero_si256();
  const __m256i r128 = _mm256_set1_epi32(128);
  if (rgba) {
    const __m256i I0 = _mm256_loadu_si256((const __m256i *)(const void *)i0), I1 = _mm256_loadu_si256((const __m256i *)(const void *)i1);
    const __m256i seven = _mm256_set1_epi32(7);
    const __m256i m0 = _mm256_cmpgt_epi32(I0, seven), m1 = _mm256_cmpgt_epi32(I1, seven);
    const __m256i shuf = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10,
                                          14, 3, 7, 11, 15);
    for (unsigned y = 0; y < 4; y++) {
      __m256i h[2][4];
      for (unsigned t = 0; t < 2; t++) {
        const uint8_t *p = base + (size_t)(t ? r1[y] : r0[y]) * pitch;
        __m256i L = _mm256_loadu_si256((const __m256i *)(const void *)p), H = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
        __m256i t0 = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(L, I0), _mm256_permutevar8x32_epi32(H, I0), m0);
        __m256i t1 = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(L, I1), _mm256_permutevar8x32_epi32(H, I1), m1);
        __m256i s0 = _mm256_shuffle_epi8(t0, shuf), s1 = _mm256_shuffle_epi8(t1, shuf);
        __m256i rg = _mm256_unpacklo_epi8(s0, s1), ba = _mm256_unpackhi_epi8(s0, s1);
        h[t][0] = _mm256_madd_epi16(_mm256_unpacklo_epi8(rg, zero), W);
        h[t][1] = _mm256_madd_epi16(_mm256_unpackhi_epi8(rg, zero), W);
        h[t][2] = _mm256_madd_epi16(_mm256_unpacklo_epi8(ba, zero), W);
        h[t][3] = _mm256_madd_epi16(_mm256_unpackhi_epi8(ba, zero), W);
      }
      const __m256i wy0 = _mm256_set1_epi32(256 - fy[y]), wy1 = _mm256_set1_epi32(fy[y]);
      __m256i res[4];
      for (unsigned k = 0; k < 4; k++) {
        __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(h[0][k], wy0), _mm256_mullo_epi32(h[1][k], wy1));
        res[k] = _mm256_srli_epi32(_mm256_add_epi32(sum, r128), 8);
      }
      for (unsigned k = 0; k < 4; k += 2) {
        __m256i pk = _mm256_permute4x64_epi64(_mm256_packus_epi32(res[k], res[k + 1]), 0xD8);
        _mm_storeu_si128((__m128i *)(void *)&out->v[k][y * 8], _mm256_castsi256_si128(pk));
        _mm_storeu_si128((__m128i *)(void *)&out->v[k + 1][y * 8], _mm256_extracti128_si256(pk, 1));
      }
    }
  } else {
    uint8_t b0[16] = {0}, b1[16] = {0};
    for (unsigned x = 0; x < 8; x++) {
      b0[x] = (uint8_t)i0[x];
      b1[x] = (uint8_t)i1[x];
    }
    const __m128i I0 = _mm_loadu_si128((const __m128i *)(const void *)b0), I1 = _mm_loadu_si128((const __m128i *)(const void *)b1);
    for (unsigned y = 0; y < 4; y++) {
      __m256i h[2];
      for (unsigned t = 0; t < 2; t++) {
        const uint8_t *p = base + (size_t)(t ? r1[y] : r0[y]) * pitch;
        __m128i L = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i pr = _mm_unpacklo_epi8(_mm_shuffle_epi8(L, I0), _mm_shuffle_epi8(L, I1));
        h[t] = _mm256_madd_epi16(_mm256_cvtepu8_epi16(pr), W);
      }
      __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(h[0], _mm256_set1_epi32(256 - fy[y])),
                                     _mm256_mullo_epi32(h[1], _mm256_set1_epi32(fy[y])));
      __m256i res = _mm256_srli_epi32(_mm256_add_epi32(sum, r128), 8);
      __m256i pk = _mm256_permute4x64_epi64(_mm256_packus_epi32(res, res), 0xD8);
      _mm_storeu_si128((__m128i *)(void *)&out->v[0][y * 8], _mm256_castsi256_si128(pk));
      _mm_storeu_si128((__m128i *)(void *)&out->v[1][y * 8], _mm_setzero_si128());
      _mm_storeu_si128((__m128i *)(void *)&out->v[2][y * 8], _mm_setzero_si128());
      _mm_storeu_si128((__m128i *)(void *)&out->v[3][y * 8], _mm_set1_epi16((short)65280));
    }
  }
  return true;
}
#endif

/* SAMPLE_UNORM (spec/visa-SAMPLE_UNORM.md; scalar.c sf_scalar_sample_unorm): pixel (x, y) of the
 * 8x4 block samples (u + x du, v + y dv). Coordinates are separable, so the 8 column and 4 row
 * addresses and 8-bit weights are computed once per block; the 32 pixels x 4 channels then filter in
 * 32-bit integers: sum = sum over taps of t * wx * wy, out = (sum + 128) >> 8 (exact). */
static sf_code sfk_sample_unorm(const sf_unorm_req *q, sf_unorm_out *out, sf_status *st) {
  if (!q || !out || !sfk_u8_ok(q->surf, q->samp)) return sf_scalar_sample_unorm(q, out, st);
  if (!sfk_sampler_ok(q->samp)) return sf_scalar_sample_unorm(q, out, st);
  const sf_surface *s = q->surf;
  const sf_sampler *sp = q->samp;
  bool nv12 = s->desc.format == SF_FMT_NV12;
  bool linear = sp->mag_filter == SF_FILTER_LINEAR;
  int32_t n[2] = {(int32_t)s->levels[0].w, (int32_t)s->levels[0].h};
  /* columns (8) and rows (4): tap indices (wrapped, -1 = border) and 8-bit fractions */
  int32_t cx[2][8], cy[2][8], fx[8], fy[8];
  {
    static const int32_t xs[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    for (unsigned a = 0; a < 2; a++) {
      float base = a ? q->v : q->u, d = a ? q->dv : q->du;
      for (unsigned g = 0; g < 8; g += SFK_W) {
        sfk_vf k = __builtin_convertvector(sfk_ldi(xs + g), sfk_vf);
        sfk_vf p = k * d;
        p = p + base;
        sfk_vi X = sfk_axis(p, sfk_spi(n[a]), sfk_spi(linear ? -1 : 0), sfk_spi(0), sp->addr[a]);
        sfk_vi i0 = sfk_floor8(X);
        sfk_vi fr = linear ? (X & 255) : sfk_spi(0);
        sfk_vi t0, t1;
        sfk_wrap2(i0, sfk_spi(n[a]), sp->addr[a], &t0, &t1);
        int32_t *o0 = a ? cy[0] : cx[0], *o1 = a ? cy[1] : cx[1], *of = a ? fy : fx;
        unsigned cnt = 8 - g < SFK_W ? 8 - g : SFK_W;
        memcpy(o0 + g, &t0, cnt * 4);
        memcpy(o1 + g, &t1, cnt * 4);
        memcpy(of + g, &fr, cnt * 4);
      }
    }
  }
  /* null pages anywhere under the taps: the scalar path handles them (rare; fuzz cases) */
  if (s->null_size) {
    int32_t x0 = INT32_MAX, x1 = -1, y0 = INT32_MAX, y1 = -1;
    for (unsigned i = 0; i < 8; i++)
      for (unsigned t = 0; t < 2; t++) {
        if (cx[t][i] >= 0) { x0 = cx[t][i] < x0 ? cx[t][i] : x0; x1 = cx[t][i] > x1 ? cx[t][i] : x1; }
        if (i < 4 && cy[t][i] >= 0) { y0 = cy[t][i] < y0 ? cy[t][i] : y0; y1 = cy[t][i] > y1 ? cy[t][i] : y1; }
      }
    if (x1 >= 0 && y1 >= 0 && sfk_null_in(s, x0, x1, y0, y1)) return sf_scalar_sample_unorm(q, out, st);
  }
#if defined(__AVX2__)
  /* writes every element itself (no memset: `rep stos` of 256 bytes was 10% of a block here) */
  if ((s->desc.format == SF_FMT_RGBA8_UNORM || s->desc.format == SF_FMT_R8_UNORM) && sfk_unorm_fast(s, cx, cy, fx, fy, out))
    return SF_OK;
#endif
  memset(out, 0, sizeof *out);
  int32_t border[4];
  sfk_u8_border(s, sp, border);
  /* per-pixel vectors (pixel p = y*8 + x), built from the column/row tables */
  int32_t px[2][32], py[2][32], pwx[32], pwy[32];
  for (unsigned p = 0; p < 32; p++) {
    px[0][p] = cx[0][p & 7];
    px[1][p] = cx[1][p & 7];
    pwx[p] = fx[p & 7];
    py[0][p] = cy[0][p >> 3];
    py[1][p] = cy[1][p >> 3];
    pwy[p] = fy[p >> 3];
  }
  const uint8_t *d = s->data;
  bool rgba = s->desc.format == SF_FMT_RGBA8_UNORM;
  sfk_chan ch[4];
  for (unsigned k = 0; k < 4; k++) sfk_chan_setup(s, k, false, &ch[k]);
  for (unsigned p = 0; p < 32; p += SFK_W) {
    sfk_vi wx1 = sfk_ldi(pwx + p), wy1 = sfk_ldi(pwy + p);
    sfk_vi wx0 = 256 - wx1, wy0 = 256 - wy1;
    sfk_vi X[2] = {sfk_ldi(px[0] + p), sfk_ldi(px[1] + p)}, Y[2] = {sfk_ldi(py[0] + p), sfk_ldi(py[1] + p)};
    sfk_vi sum[4] = {sfk_spi(0), sfk_spi(0), sfk_spi(0), sfk_spi(0)};
    for (unsigned ty = 0; ty < 2; ty++)
      for (unsigned tx = 0; tx < 2; tx++) {
        sfk_vi w = (tx ? wx1 : wx0) * (ty ? wy1 : wy0);
        sfk_vi bd = (X[tx] < 0) | (Y[ty] < 0);
        sfk_vi xx = sfk_seli(bd, sfk_spi(0), X[tx]), yy = sfk_seli(bd, sfk_spi(0), Y[ty]);
        if (rgba) {
          sfk_vi word = sfk_gather32(d, ch[0].base + yy * ch[0].pitch + xx * 4);
          for (unsigned k = 0; k < 4; k++) {
            sfk_vi t = sfk_seli(bd, sfk_spi(border[k]), (word >> (8 * k)) & 255);
            sum[k] += t * w;
          }
        } else {
          for (unsigned k = 0; k < 4; k++) {
            sfk_vi t;
            if (ch[k].cst >= 0) {
              t = sfk_spi(ch[k].cst);
            } else if (nv12 && k != 1) {
              t = sfk_gather8(d, ch[k].base + (yy >> 1) * ch[k].pitch + (xx >> 1) * ch[k].step, s->size);
            } else {
              t = sfk_gather8(d, ch[k].base + yy * ch[k].pitch + xx * ch[k].step, s->size);
            }
            t = sfk_seli(bd, sfk_spi(border[k]), t);
            sum[k] += t * w;
          }
        }
      }
    for (unsigned k = 0; k < 4; k++) {
      sfk_vi r = (sfk_vi)(((sfk_vu)sum[k] + 128u) >> 8);
      for (unsigned j = 0; j < SFK_W; j++) out->v[k][p + j] = (uint16_t)r[j];
    }
  }
  return SF_OK;
}

/* ---- SAMPLE_UNORM over a grid of blocks (sf_backend.sample_unorm_rect) ------------------------- */

#if defined(__AVX2__)
/* The rect fast path (AVX2; also used by the AVX-512 build) for RGBA8 and R8 surfaces without null
 * pages. Pixel (X, Y) of the rect is block (X/8, Y/4)'s pixel (X%8, Y%4), whose coordinates are
 * separable: column X depends only on (u + (float)(X/8)*bu) + (float)(X%8)*du, row Y only on v, bv,
 * dv. So the column taps a, b and weights (256 - fx, fx) are computed once per call (the same
 * sfk_axis / sfk_wrap2 steps as sfk_sample_unorm, hence as scalar.c), likewise the rows. Then, per
 * output row, exactly the model's integer sum, reassociated (integer, so exact):
 *   sum = sum_taps t*wx*wy = wx0*V(a) + wx1*V(b),  V(x) = t(r0, x)*wy0 + t(r1, x)*wy1 <= 65280,
 * vertical first over the source row segment the columns use (16-bit lanes: V = (t0 << 8) +
 * (t1 - t0)*fy mod 2^16, exact because 0 <= V < 2^16), stored biased by -32768 so that pmaddwd
 * (signed) forms wx0*V(a) + wx1*V(b) - 2^23 exactly; out = (that + 2^23 + 128) >> 8. A tap of weight
 * 0, which the scalar code skips, is redirected to the other tap of its axis and adds 0. Border taps:
 * a border column reads slot 0 of the V row, which holds border*256 (= border*wy0 + border*wy1); a
 * border row reads a synthetic row of border texels. Returns false when a buffer cannot be allocated
 * (the caller then uses the block loop). */
static bool sfk_unorm_rect_fast(const sf_unorm_rect_req *q, const sf_unorm_rect_out *o) {
  const sf_surface *s = q->surf;
  const sf_sampler *sp = q->samp;
  const bool rgba = s->desc.format == SF_FMT_RGBA8_UNORM;
  const bool linear = sp->mag_filter == SF_FILTER_LINEAR;
  const int32_t n[2] = {(int32_t)s->levels[0].w, (int32_t)s->levels[0].h};
  const size_t NX = 8u * (size_t)q->blocks_x, NY = 4u * (size_t)q->blocks_y;
  const size_t cpp = rgba ? 4 : 1; /* channels per texel in a V row (R8: R only) */
  const size_t vlen = ((size_t)n[0] + 1) * cpp + 32; /* slot 0 = border, slot x+1 = texel x, padding */
  /* one allocation: column slots a/b, weights, row taps, V row, border row */
  size_t bytes = NX * 4 * 2 + (rgba ? NX * 16 : NX * 4) + NY * 4 * 3 + vlen * 2 + (size_t)n[0] * cpp + NX / 8 + NX * 2 + 64;
  uint8_t *mem = malloc(bytes);
  if (!mem) return false;
  int32_t *ca = (int32_t *)(void *)mem, *cb = ca + NX, *cw = cb + NX; /* cw: RGBA 4 per pixel, R8 1 */
  int32_t *ra = cw + (rgba ? NX * 4 : NX), *rb = ra + NY, *rf = rb + NY;
  uint16_t *vrow = (uint16_t *)(void *)(rf + NY);
  uint8_t *brow = (uint8_t *)(vrow + vlen);
  uint8_t *irregular = brow + (size_t)n[0] * cpp; /* per group of 8 columns: some b is not a + 1 */
  memset(irregular, 0, NX / 8);
  uint16_t *scratch = (uint16_t *)(void *)(((uintptr_t)(irregular + NX / 8) + 15) & ~(uintptr_t)15); /* NULL planes' stores */
  memset(vrow, 0, vlen * sizeof *vrow); /* slots outside the used segment are read (and discarded) by R8 gathers */
  int32_t border[4];
  sfk_u8_border(s, sp, border);
#if defined(__AVX512BW__) && defined(__AVX512VL__)
  /* AVX-512 BW/VL: per group of 8 columns, the taps are picked from a 32-element window of the V
   * row by vpermt2w (RGBA8: one window per 4 pixels, output already planar after the pack; R8: one
   * window per 8 pixels, no gathers). Groups whose taps span more than the window use the AVX2 code. */
  typedef struct sfk_pgrp {
    int16_t idx[4][16];    /* RGBA8: RG, BA of pixels 0-3, RG, BA of pixels 4-7; R8: idx[0] */
    int32_t w[2][8];       /* RGBA8: weights of pixels 0-3 twice, then 4-7 twice */
    int32_t ws[2];         /* window start (V-row element) */
    int32_t ok;
  } sfk_pgrp;
  sfk_pgrp *pg = malloc(NX / 8 * sizeof *pg);
  int32_t *wpx = malloc(NX * sizeof *wpx);
  if (!pg || !wpx) {
    free(pg);
    free(wpx);
    free(mem);
    return false;
  }
#endif
  /* column and row tables: the per-block coordinate steps of sfk_sample_unorm */
  static const int32_t xs[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  int32_t lo = INT32_MAX, hi = -1;
  for (unsigned a = 0; a < 2; a++) {
    uint32_t nb = a ? q->blocks_y : q->blocks_x, per = a ? 4 : 8;
    float org = a ? q->v : q->u, step = a ? q->bv : q->bu, d = a ? q->dv : q->du;
    for (uint32_t i = 0; i < nb; i++) {
      float base = (float)i * step;
      base = org + base;
      for (unsigned g = 0; g < per; g += SFK_W) {
        sfk_vf k = __builtin_convertvector(sfk_ldi(xs + g), sfk_vf);
        sfk_vf p = k * d;
        p = p + base;
        sfk_vi X = sfk_axis(p, sfk_spi(n[a]), sfk_spi(linear ? -1 : 0), sfk_spi(0), sp->addr[a]);
        sfk_vi i0 = sfk_floor8(X);
        sfk_vi fr = linear ? (X & 255) : sfk_spi(0);
        sfk_vi t0, t1;
        sfk_wrap2(i0, sfk_spi(n[a]), sp->addr[a], &t0, &t1);
        t1 = sfk_seli(fr == 0, t0, t1); /* weight-0 tap: redirected (adds 0) */
        unsigned cnt = per - g < SFK_W ? per - g : SFK_W;
        for (unsigned j = 0; j < cnt; j++) {
          size_t at = (size_t)i * per + g + j;
          if (a) {
            ra[at] = t0[j];
            rb[at] = t1[j];
            rf[at] = fr[j];
          } else {
            ca[at] = (t0[j] + 1) * (int32_t)cpp; /* V-row element index of the slot */
            cb[at] = (t1[j] + 1) * (int32_t)cpp;
            /* one 16-byte load at slot a also holds slot a + 1: enough when b is that slot, or when
             * b's weight is 0 (slot a + 1 then is a texel or zeroed padding, times 0) */
            if (fr[j] != 0 && cb[at] != ca[at] + (int32_t)cpp) irregular[at / 8] = 1;
            int32_t wp = (256 - fr[j]) | (fr[j] << 16);
#if defined(__AVX512BW__) && defined(__AVX512VL__)
            wpx[at] = wp;
#endif
            if (rgba) {
              /* pixel order of the kernel below: register p of a group of 8 holds pixels p, p + 4 */
              size_t grp = at & ~(size_t)7, px = at & 7;
              size_t slot = grp * 4 + (px & 3) * 8 + (px >> 2) * 4;
              for (unsigned c = 0; c < 4; c++) cw[slot + c] = wp;
            } else {
              cw[at] = wp;
            }
            for (unsigned t = 0; t < 2; t++) {
              int32_t x = t ? t1[j] : t0[j];
              if (x >= 0) {
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
              }
            }
          }
        }
      }
    }
  }
#if defined(__AVX512BW__) && defined(__AVX512VL__)
  for (size_t g = 0; g < NX / 8; g++) {
    sfk_pgrp *G = &pg[g];
    memset(G, 0, sizeof *G);
    G->ok = 1;
    unsigned halves = rgba ? 2 : 1, per = rgba ? 4 : 8;
    int32_t span = rgba ? 7 : 31;
    for (unsigned h = 0; h < halves; h++) {
      size_t X0 = g * 8 + h * per;
      int32_t ws = INT32_MAX, we = INT32_MIN;
      for (unsigned p = 0; p < per; p++) {
        int32_t sa = ca[X0 + p] / (int32_t)cpp, sb = cb[X0 + p] / (int32_t)cpp;
        ws = sa < ws ? sa : ws;
        ws = sb < ws ? sb : ws;
        we = sa > we ? sa : we;
        we = sb > we ? sb : we;
      }
      if (we - ws > span) {
        G->ok = 0;
        break;
      }
      G->ws[h] = ws * (int32_t)cpp;
      for (unsigned m = 0; m < 8; m++) {
        unsigned p = rgba ? (m & 3) : m;
        int32_t sa = ca[X0 + p] / (int32_t)cpp - ws, sb = cb[X0 + p] / (int32_t)cpp - ws;
        if (rgba) {
          for (unsigned v = 0; v < 2; v++) { /* v = 0: R (m < 4), G; v = 1: B, A */
            int32_t c = (int32_t)(2 * v + (m >> 2));
            G->idx[2 * h + v][2 * m] = (int16_t)(sa * 4 + c);
            G->idx[2 * h + v][2 * m + 1] = (int16_t)(sb * 4 + c);
          }
          G->w[h][m] = wpx[X0 + p];
        } else {
          G->idx[0][2 * m] = (int16_t)sa;
          G->idx[0][2 * m + 1] = (int16_t)sb;
        }
      }
    }
  }
#endif
  /* slot 0: the border column, V = border * 256, biased; the synthetic border row */
  for (size_t c = 0; c < cpp; c++) vrow[c] = (uint16_t)(((uint32_t)border[c] << 8) ^ 0x8000u);
  for (size_t x = 0; x < (size_t)n[0] * cpp; x++) brow[x] = (uint8_t)border[x % cpp];
  memset(vrow + ((size_t)n[0] + 1) * cpp, 0, 32 * sizeof(uint16_t));
  const uint8_t *plane = s->data + s->levels[0].offset;
  const size_t pitch = s->levels[0].row_pitch;
  const size_t seg0 = hi >= 0 ? (size_t)lo * cpp : 0, seg1 = hi >= 0 ? ((size_t)hi + 1) * cpp : 0; /* bytes of a row */
  const __m256i bias = _mm256_set1_epi16((short)0x8000), K = _mm256_set1_epi32((1 << 23) + 128);
  uint16_t *const P[4] = {o->v[0], o->v[1], o->v[2], o->v[3]};
  for (size_t Y = 0; Y < NY; Y++) {
    /* vertical pass: V(x) for x in [lo, hi] */
    int32_t y0 = ra[Y], y1 = rb[Y], f = rf[Y];
    const uint8_t *p0 = y0 < 0 ? brow : plane + (size_t)y0 * pitch;
    const uint8_t *p1 = y1 < 0 ? brow : plane + (size_t)y1 * pitch;
    /* V = t0*(256 - f) + t1*f: both products and the sum taken mod 2^16, exact as V < 2^16 */
    const __m256i F = _mm256_set1_epi16((short)f), G = _mm256_set1_epi16((short)(256 - f));
    uint16_t *vd = vrow + cpp;
    /* the next output row's source rows, prefetched while this one is filtered (a hint only) */
    const uint8_t *n0 = p0, *n1 = p1;
    if (Y + 1 < NY) {
      n0 = ra[Y + 1] < 0 ? brow : plane + (size_t)ra[Y + 1] * pitch;
      n1 = rb[Y + 1] < 0 ? brow : plane + (size_t)rb[Y + 1] * pitch;
    }
    size_t x = seg0;
#if defined(__AVX512BW__)
    {
      const __m512i F5 = _mm512_set1_epi16((short)f), G5 = _mm512_set1_epi16((short)(256 - f)),
                    B5 = _mm512_set1_epi16((short)0x8000);
      for (; x + 64 <= seg1; x += 64) { /* one cache line per row and step: one prefetch each */
        _mm_prefetch((const char *)(n0 + x), _MM_HINT_T0);
        _mm_prefetch((const char *)(n1 + x), _MM_HINT_T0);
        for (unsigned hh = 0; hh < 64; hh += 32) {
          __m512i t0 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p0 + x + hh)));
          __m512i t1 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p1 + x + hh)));
          __m512i v = _mm512_add_epi16(_mm512_mullo_epi16(t0, G5), _mm512_mullo_epi16(t1, F5));
          _mm512_storeu_si512((void *)(vd + x + hh), _mm512_xor_si512(v, B5));
        }
      }
    }
#endif
    for (; x + 32 <= seg1; x += 32) {
      _mm_prefetch((const char *)(n0 + x), _MM_HINT_T0);
      _mm_prefetch((const char *)(n1 + x), _MM_HINT_T0);
      __m256i a0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p0 + x)));
      __m256i a1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p1 + x)));
      __m256i b0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p0 + x + 16)));
      __m256i b1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p1 + x + 16)));
      __m256i va = _mm256_add_epi16(_mm256_mullo_epi16(a0, G), _mm256_mullo_epi16(a1, F));
      __m256i vb = _mm256_add_epi16(_mm256_mullo_epi16(b0, G), _mm256_mullo_epi16(b1, F));
      _mm256_storeu_si256((__m256i *)(void *)(vd + x), _mm256_xor_si256(va, bias));
      _mm256_storeu_si256((__m256i *)(void *)(vd + x + 16), _mm256_xor_si256(vb, bias));
    }
    for (; x + 16 <= seg1; x += 16) {
      __m256i t0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p0 + x)));
      __m256i t1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p1 + x)));
      __m256i v = _mm256_add_epi16(_mm256_mullo_epi16(t0, G), _mm256_mullo_epi16(t1, F));
      _mm256_storeu_si256((__m256i *)(void *)(vd + x), _mm256_xor_si256(v, bias));
    }
    for (; x < seg1; x++) {
      uint32_t v = ((uint32_t)p0[x] << 8) + (uint32_t)((int32_t)p1[x] - (int32_t)p0[x]) * (uint32_t)f;
      vd[x] = (uint16_t)((v & 0xffffu) ^ 0x8000u);
    }
    /* horizontal pass: 8 output pixels per step */
    const size_t row = Y * o->pitch;
    uint16_t *const d0 = P[0] ? P[0] + row : scratch, *const d1 = P[1] ? P[1] + row : scratch;
    uint16_t *const d2 = P[2] ? P[2] + row : scratch, *const d3 = P[3] ? P[3] + row : scratch;
    if (rgba) {
      const __m256i pairs = _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4,
                                             5, 12, 13, 6, 7, 14, 15);
      for (size_t X = 0; X < NX; X += 8) {
        __m256i r[4];
#if defined(__AVX512BW__) && defined(__AVX512VL__)
        const sfk_pgrp *pgx = &pg[X / 8];
        if (pgx->ok) {
          __m256i hv[2][2];
          for (unsigned h = 0; h < 2; h++) {
            const uint16_t *wv = vrow + pgx->ws[h];
            __m256i A = _mm256_loadu_si256((const __m256i *)(const void *)wv);
            __m256i B = _mm256_loadu_si256((const __m256i *)(const void *)(wv + 16));
            __m256i W = _mm256_loadu_si256((const __m256i *)(const void *)pgx->w[h]);
            for (unsigned v = 0; v < 2; v++) {
              __m256i I = _mm256_loadu_si256((const __m256i *)(const void *)pgx->idx[2 * h + v]);
              __m256i m = _mm256_madd_epi16(_mm256_permutex2var_epi16(A, I, B), W);
              hv[v][h] = _mm256_srli_epi32(_mm256_add_epi32(m, K), 8);
            }
          }
          /* dwords: R (or B) of pixels 0-3 | G (or A) of 0-3; the pack puts pixels 4-7 after them */
          __m256i rg = _mm256_packus_epi32(hv[0][0], hv[0][1]), ba = _mm256_packus_epi32(hv[1][0], hv[1][1]);
          _mm_storeu_si128((__m128i *)(void *)(d0 + X), _mm256_castsi256_si128(rg));
          _mm_storeu_si128((__m128i *)(void *)(d1 + X), _mm256_extracti128_si256(rg, 1));
          _mm_storeu_si128((__m128i *)(void *)(d2 + X), _mm256_castsi256_si128(ba));
          _mm_storeu_si128((__m128i *)(void *)(d3 + X), _mm256_extracti128_si256(ba, 1));
          continue;
        }
#endif
        if (!irregular[X / 8]) {
          /* both taps of a pixel from one 16-byte load, paired per channel by one pshufb */
          for (unsigned p = 0; p < 4; p++) {
            __m256i t = _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(vrow + ca[X + p]))),
                _mm_loadu_si128((const __m128i *)(const void *)(vrow + ca[X + p + 4])), 1);
            __m256i m = _mm256_madd_epi16(_mm256_shuffle_epi8(t, pairs),
                                          _mm256_loadu_si256((const __m256i *)(const void *)(cw + X * 4 + p * 8)));
            r[p] = _mm256_srli_epi32(_mm256_add_epi32(m, K), 8);
          }
        } else {
          /* edges (clamp, wrap, mirror, border on the right): each tap loaded on its own */
          for (unsigned p = 0; p < 4; p++) {
            __m128i l = _mm_unpacklo_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(vrow + ca[X + p])),
                                           _mm_loadl_epi64((const __m128i *)(const void *)(vrow + cb[X + p])));
            __m128i h = _mm_unpacklo_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(vrow + ca[X + p + 4])),
                                           _mm_loadl_epi64((const __m128i *)(const void *)(vrow + cb[X + p + 4])));
            __m256i m = _mm256_madd_epi16(_mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1),
                                          _mm256_loadu_si256((const __m256i *)(const void *)(cw + X * 4 + p * 8)));
            r[p] = _mm256_srli_epi32(_mm256_add_epi32(m, K), 8);
          }
        }
        /* r[p] = pixel p (low lane) and p + 4 (high lane), RGBA 32-bit: transpose to planes */
        __m256i a = _mm256_packus_epi32(r[0], r[1]), b = _mm256_packus_epi32(r[2], r[3]);
        __m256i c = _mm256_unpacklo_epi16(a, b), d = _mm256_unpackhi_epi16(a, b);
        __m256i rg = _mm256_permute4x64_epi64(_mm256_unpacklo_epi16(c, d), 0xD8);
        __m256i ba = _mm256_permute4x64_epi64(_mm256_unpackhi_epi16(c, d), 0xD8);
        _mm_storeu_si128((__m128i *)(void *)(d0 + X), _mm256_castsi256_si128(rg));
        _mm_storeu_si128((__m128i *)(void *)(d1 + X), _mm256_extracti128_si256(rg, 1));
        _mm_storeu_si128((__m128i *)(void *)(d2 + X), _mm256_castsi256_si128(ba));
        _mm_storeu_si128((__m128i *)(void *)(d3 + X), _mm256_extracti128_si256(ba, 1));
      }
    } else {
      const __m128i zero = _mm_setzero_si128(), alpha = _mm_set1_epi16((short)65280);
      for (size_t X = 0; X < NX; X += 8) {
        if (P[0]) {
          __m256i A = _mm256_loadu_si256((const __m256i *)(const void *)(ca + X));
          const int32_t *Bp = cb + X;
          __m256i pr;
#if defined(__AVX512BW__) && defined(__AVX512VL__)
          const sfk_pgrp *pgx = &pg[X / 8];
          if (pgx->ok) {
            const uint16_t *wv = vrow + pgx->ws[0];
            pr = _mm256_permutex2var_epi16(_mm256_loadu_si256((const __m256i *)(const void *)wv),
                                           _mm256_loadu_si256((const __m256i *)(const void *)pgx->idx[0]),
                                           _mm256_loadu_si256((const __m256i *)(const void *)(wv + 16)));
          } else
#endif
          {
          pr = _mm256_i32gather_epi32((const int *)(const void *)vrow, A, 2); /* slots a, a + 1 */
          if (irregular[X / 8]) {
            __m256i B = _mm256_loadu_si256((const __m256i *)(const void *)Bp);
            __m256i gb = _mm256_i32gather_epi32((const int *)(const void *)vrow, B, 2);
            pr = _mm256_blend_epi16(pr, _mm256_slli_epi32(gb, 16), 0xAA);
          }
          }
          __m256i m = _mm256_madd_epi16(pr, _mm256_loadu_si256((const __m256i *)(const void *)(cw + X)));
          __m256i res = _mm256_srli_epi32(_mm256_add_epi32(m, K), 8);
          __m256i pk = _mm256_permute4x64_epi64(_mm256_packus_epi32(res, res), 0x08);
          _mm_storeu_si128((__m128i *)(void *)(d0 + X), _mm256_castsi256_si128(pk));
        }
        if (P[1]) _mm_storeu_si128((__m128i *)(void *)(d1 + X), zero);
        if (P[2]) _mm_storeu_si128((__m128i *)(void *)(d2 + X), zero);
        if (P[3]) _mm_storeu_si128((__m128i *)(void *)(d3 + X), alpha);
      }
    }
  }
#if defined(__AVX512BW__) && defined(__AVX512VL__)
  free(pg);
  free(wpx);
#endif
  free(mem);
  return true;
}
#endif

/* sf_backend.sample_unorm_rect: the fast path when the request qualifies (RGBA8/R8, a valid
 * sampler, no null page anywhere in the surface), else the block loop over sfk_sample_unorm, which
 * forwards what it does not vectorize to the scalar code. Either way, bit-identical to the scalar
 * backend's block loop. */
static sf_code sfk_sample_unorm_rect(const sf_unorm_rect_req *q, const sf_unorm_rect_out *o, sf_status *st) {
#if defined(__AVX2__)
  if (q && o && q->blocks_x && q->blocks_y && q->blocks_x <= SF_UNORM_RECT_MAX_BLOCKS &&
      q->blocks_y <= SF_UNORM_RECT_MAX_BLOCKS && o->pitch >= 8u * (size_t)q->blocks_x && o->pitch <= ((size_t)1 << 40) &&
      sfk_u8_ok(q->surf, q->samp) && sfk_sampler_ok(q->samp) &&
      (q->surf->desc.format == SF_FMT_RGBA8_UNORM || q->surf->desc.format == SF_FMT_R8_UNORM) &&
      q->surf->levels[0].w >= 1 && !sfk_has_null(q->surf) && sfk_unorm_rect_fast(q, o))
    return SF_OK;
#endif
  return sf_unorm_rect_by_blocks(sfk_sample_unorm, q, o, st);
}

/* scalar.c avs_pos on a vector of pixel indices k: (base + (k d + tri(k) d2)) * n - 0.5, in 1/32. */
static inline sfk_vi sfk_avs_pos(float base, float d, float d2, sfk_vi k, int32_t n) {
  sfk_vf kk = __builtin_convertvector(k, sfk_vf);
  sfk_vi km1 = sfk_seli(k > 0, k - 1, sfk_spi(0));
  sfk_vf tri = __builtin_convertvector((sfk_vi)(((sfk_vu)(k * km1)) >> 1), sfk_vf);
  sfk_vf a = kk * d, b = tri * d2;
  sfk_vf p = a + b;
  p = base + p;
  sfk_vf x = p * (float)n;
  x = x - 0.5f;
  return sfk_rne(x * 32.0f, -(1 << 30), 1 << 30);
}

/* AVS (spec/visa-AVS.md; scalar.c sf_scalar_avs): separable polyphase filter, lanes = pixels of a
 * row. Column taps, phases and coefficients are computed once per block and channel; each tap is a
 * gather and a 32-bit multiply-add; the vertical sum fits in 32 bits (|sum| <= 8*128*8*128*255). */
static sf_code sfk_avs(const sf_avs_req *q, sf_avs_out *out, sf_status *st) {
  if (!q || !out || !sfk_u8_ok(q->surf, q->samp) || q->ief || q->vbn > 4096) return sf_scalar_avs(q, out, st);
  if (!((q->w == 16 && (q->h == 4 || q->h == 8)) || (q->w == 8 && q->h == 4) || (q->w == 4 && q->h == 4)))
    return sf_scalar_avs(q, out, st);
  const sf_sampler *sp = q->samp;
  if (sp->avs_adaptive || !sfk_sampler_ok(sp)) return sf_scalar_avs(q, out, st);
  const sf_surface *s = q->surf;
  bool nv12 = s->desc.format == SF_FMT_NV12;
  int32_t W = (int32_t)s->desc.width, H = (int32_t)s->desc.height;
  /* null pages under the footprint: scalar path */
  if (s->null_size) {
    for (unsigned k = 0; k < 4; k++) {
      bool cp = nv12 && (k == 0 || k == 2);
      bool four = (k == 0 || k == 2) && !sp->avs_8tap_all;
      int32_t ctr = four ? 1 : 3, nt = four ? 4 : 8;
      int32_t pw = cp ? W / 2 : W, ph = cp ? H / 2 : H;
      int32_t x0 = INT32_MAX, x1 = INT32_MIN, y0 = INT32_MAX, y1 = INT32_MIN;
      for (unsigned i = 0; i < q->w; i += SFK_W) {
        sfk_vi PX = sfk_avs_pos(q->u, q->du, q->u2d, sfk_iota() + (int32_t)i, pw);
        for (unsigned j = 0; j < SFK_W && i + j < q->w; j++) {
          int32_t ix = (int32_t)(((uint32_t)PX[j] + 0x80000000u) >> 5) - 0x4000000;
          x0 = ix < x0 ? ix : x0;
          x1 = ix > x1 ? ix : x1;
        }
      }
      for (unsigned i = 0; i < q->h; i += SFK_W) {
        sfk_vi PY = sfk_avs_pos(q->v, q->dv, q->v2d, sfk_iota() + (int32_t)(i + 4 * q->vbn), ph);
        for (unsigned j = 0; j < SFK_W && i + j < q->h; j++) {
          int32_t iy = (int32_t)(((uint32_t)PY[j] + 0x80000000u) >> 5) - 0x4000000;
          y0 = iy < y0 ? iy : y0;
          y1 = iy > y1 ? iy : y1;
        }
      }
      int64_t ax0 = (int64_t)x0 - ctr, ax1 = (int64_t)x1 - ctr + nt - 1, ay0 = (int64_t)y0 - ctr, ay1 = (int64_t)y1 - ctr + nt - 1;
      ax0 = ax0 < 0 ? 0 : ax0 >= pw ? pw - 1 : ax0;
      ax1 = ax1 < 0 ? 0 : ax1 >= pw ? pw - 1 : ax1;
      ay0 = ay0 < 0 ? 0 : ay0 >= ph ? ph - 1 : ay0;
      ay1 = ay1 < 0 ? 0 : ay1 >= ph ? ph - 1 : ay1;
      int32_t sc = cp ? 2 : 1;
      if (sfk_null_in(s, (int32_t)ax0 * sc, (int32_t)ax1 * sc, (int32_t)ay0 * sc, (int32_t)ay1 * sc))
        return sf_scalar_avs(q, out, st);
    }
  }
  memset(out, 0, sizeof *out);
  const uint8_t *d = s->data;
  for (unsigned k = 0; k < 4; k++) {
    bool cp = nv12 && (k == 0 || k == 2);
    bool four = (k == 0 || k == 2) && !sp->avs_8tap_all;
    unsigned ntap = four ? SF_AVS_CHROMA_TAPS : SF_AVS_LUMA_TAPS;
    int32_t ctr = four ? 1 : 3;
    int32_t pw = cp ? W / 2 : W, ph = cp ? H / 2 : H;
    sfk_chan ch;
    sfk_chan_setup(s, k, cp, &ch);
    for (unsigned x0 = 0; x0 < q->w; x0 += SFK_W) {
      sfk_vi xi = sfk_iota() + (int32_t)x0;
      sfk_vi PX = sfk_avs_pos(q->u, q->du, q->u2d, xi, pw);
      sfk_vi ix = (sfk_vi)((((sfk_vu)PX + 0x80000000u) >> 5) - 0x4000000u);
      sfk_vi phx = PX & 31;
      sfk_vi colo[8], cf[8];
      for (unsigned tx = 0; tx < ntap; tx++) {
        sfk_vi xx = ix - ctr + (int32_t)tx;
        xx = sfk_maxi(sfk_mini(xx, sfk_spi(pw - 1)), sfk_spi(0));
        colo[tx] = ch.base + xx * ch.step;
        for (unsigned j = 0; j < SFK_W; j++)
          cf[tx][j] = four ? sp->avs_chroma[phx[j]][tx] : sp->avs_luma[phx[j]][tx];
      }
      /* The horizontal pass of a source row is the same for every output row that reads it:
       * it is computed once per (row, column group) and kept (rows of one block span < 32 when
       * the vertical step is sane; otherwise each output row computes its own). */
      int32_t iys[8];
      unsigned phys[8];
      int32_t rmin = INT32_MAX, rmax = INT32_MIN;
      for (unsigned y = 0; y < q->h; y++) {
        int32_t PY = sfk_avs_pos(q->v, q->dv, q->v2d, sfk_spi((int32_t)(y + 4 * q->vbn)), ph)[0];
        iys[y] = (int32_t)(((uint32_t)PY + 0x80000000u) >> 5) - 0x4000000;
        phys[y] = (unsigned)(PY & 31);
        for (unsigned ty = 0; ty < ntap; ty += ntap - 1) {
          int64_t yy = (int64_t)iys[y] - ctr + ty;
          int32_t ry = (int32_t)(yy < 0 ? 0 : yy >= ph ? ph - 1 : yy);
          rmin = ry < rmin ? ry : rmin;
          rmax = ry > rmax ? ry : rmax;
        }
      }
      bool cache = (int64_t)rmax - rmin < 32;
      sfk_vi hc[32];
      uint32_t have = 0;
      for (unsigned y = 0; y < q->h; y++) {
        int32_t iy = iys[y];
        unsigned phy = phys[y];
        sfk_vi vsum = sfk_spi(0);
        for (unsigned ty = 0; ty < ntap; ty++) {
          int64_t yy = (int64_t)iy - ctr + ty;
          int32_t ry = (int32_t)(yy < 0 ? 0 : yy >= ph ? ph - 1 : yy);
          sfk_vi hsum = sfk_spi(0);
          unsigned slot = cache ? (unsigned)(ry - rmin) : 0;
          if (cache && (have >> slot & 1u)) {
            hsum = hc[slot];
          } else {
            if (ch.cst >= 0) {
              for (unsigned tx = 0; tx < ntap; tx++) hsum += cf[tx] * ch.cst;
            } else {
              int32_t rowoff = ry * ch.pitch;
              for (unsigned tx = 0; tx < ntap; tx++) hsum += cf[tx] * sfk_load8_lanes(d, colo[tx] + rowoff);
            }
            if (cache) {
              hc[slot] = hsum;
              have |= 1u << slot;
            }
          }
          int32_t cfv = four ? sp->avs_chroma[phy][ty] : sp->avs_luma[phy][ty];
          vsum += hsum * cfv;
        }
        /* floor((vsum + 8) / 16) without a signed shift, clamped to [0, 255 << 8] */
        sfk_vi v = (sfk_vi)((((sfk_vu)vsum + 8u + 0x80000000u) >> 4) - 0x8000000u);
        v = sfk_maxi(sfk_mini(v, sfk_spi(65280)), sfk_spi(0));
        for (unsigned j = 0; j < SFK_W && x0 + j < q->w; j++) out->v[k][y * q->w + x0 + j] = (uint16_t)v[j];
      }
    }
  }
  return SF_OK;
}
