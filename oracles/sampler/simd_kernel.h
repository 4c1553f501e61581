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
 * exact. What is not vectorized here (compare ops on UNORM, sRGB/SNORM/16-bit/integer formats,
 * null pages inside a SAMPLE_UNORM/AVS block) is forwarded to the scalar entry points, which keeps
 * every result identical by construction. docs/simd.md lists the split.
 *
 * The including file defines SFK_W (4, 8 or 16) before including this header. This header holds the
 * lane helpers; the operations are in simd_sample.h, simd_unorm.h, simd_rect.h and simd_avs.h. */
#ifndef SFK_W
#error "define SFK_W (lanes of 32 bits) before including simd_kernel.h"
#endif

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/sampler/sampler_int.h"

#include <emmintrin.h>
#if defined(__AVX2__) || defined(__AVX512F__)
#include <immintrin.h>
#endif

/* The kernels address a surface's bytes with 32-bit lane offsets (gathers, window loads). A surface
 * comes from sf_surface_create, which caps it at SF_SURF_MAX_TEXELS texels of at most 16 bytes, so
 * every byte offset stays far below 2^30; raising the cap past that needs 64-bit offsets here. */
_Static_assert((uint64_t)SF_SURF_MAX_TEXELS * 16u < (1u << 30), "SIMD byte offsets are 32-bit: see simd_kernel.h");

/* Requests this backend hands to the scalar code (SFK_FWD), on this thread: sf_backend_forwarded
 * reports it, so that a check can see a fast path that stopped running (results alone cannot). */
static _Thread_local unsigned long sfk_forwarded;
#define SFK_FWD(call) (sfk_forwarded++, (call))
/* The SAMPLE_UNORM rect's groups of 8 columns by kind (simd_rect.h: RGBA8 gather, pair, quad, and
 * R8 window), the SAMPLE_UNORM blocks the block fast path computed (simd_unorm.h) and the source
 * rows the RGBA8 rect's horizontal pass filtered, on this thread; with sfk_forwarded, what
 * sf_backend_count reports (which: a sf_backend_counter). */
static _Thread_local unsigned long sfk_rect_groups[4], sfk_unorm_fast_blocks, sfk_rect_hrows;
static inline unsigned long sfk_count(unsigned which) {
  return which == 0 ? sfk_forwarded : which <= 4 ? sfk_rect_groups[which - 1] : which == 5 ? sfk_unorm_fast_blocks
                                                                                  : which == 6 ? sfk_rect_hrows : 0;
}

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

/* sf_rne_i32 (sampler_int.h) on every lane: RNE, saturating to [lo, hi], NaN -> 0. For
 * -2^30 <= lo <= hi <= 2^30, what every caller passes: the magnitude is capped at 2^30 before the
 * conversion, so one min/max after it saturates both ends (a lane at or past hi rounds to at least
 * hi, or was capped at 2^30 >= hi). */
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

/* AddressSanitizer does not instrument the hardware gathers (_mm256/_mm512_i32gather): a lane past
 * its buffer reads there unseen, or faults only at a page edge. In ASan builds every lane's bytes are
 * also read with an ordinary load first, which ASan checks, so that such a read is reported where
 * the gather makes it. Other builds compile this to nothing. */
#if defined(__SANITIZE_ADDRESS__)
#define SFK_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SFK_ASAN 1
#endif
#endif
static inline void sfk_asan_lanes(const uint8_t *base, sfk_vi off, unsigned bytes) {
#ifdef SFK_ASAN
  /* byte by byte through a volatile pointer: each load is checked, whatever `bytes` is (a memcpy of
   * a constant size into a 4-byte temporary was folded to the temporary's width, so a probe of 5
   * bytes read 4 unseen) */
  for (unsigned j = 0; j < SFK_W; j++) {
    const volatile uint8_t *p = base + off[j];
    uint32_t x = 0;
    for (unsigned b = 0; b < bytes; b++) x ^= (uint32_t)p[b] << (8 * (b & 3));
    __asm__ volatile("" : : "r"(x));
  }
#else
  (void)base, (void)off, (void)bytes;
#endif
}

/* 32-bit loads at base + off[j] (bytes) for every lane; off must be in bounds for every lane. */
static inline sfk_vi sfk_gather32(const uint8_t *base, sfk_vi off) {
#if SFK_W == 16 && defined(__AVX512F__)
  sfk_asan_lanes(base, off, 4);
  __m512i o;
  memcpy(&o, &off, sizeof o);
  __m512i r = _mm512_i32gather_epi32(o, (const void *)base, 1);
  sfk_vi v;
  memcpy(&v, &r, sizeof v);
  return v;
#elif SFK_W == 8 && defined(__AVX2__)
  sfk_asan_lanes(base, off, 4);
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
    memcpy(&x, base + off[j], sizeof x);
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
 * this machine's CPU (24 vs 19.5 Msamples/s AVX2, docs/simd.md), as docs/simd.md reports. */
static inline sfk_vi sfk_load8_lanes(const uint8_t *base, sfk_vi off) {
  sfk_vi r;
  for (unsigned j = 0; j < SFK_W; j++) r[j] = base[off[j]];
  return r;
}
static inline sfk_vi sfk_gather16(const uint8_t *base, sfk_vi off, size_t size) { return sfk_gather_narrow(base, off, size, 0xffffu); }

/* lerp8 of scalar.c: a + w*(b - a), w = w8/256 (w8 <= 255); w8 = 0 gives a; a*(1-w) + b*w where
 * b - a overflows. The result lies in [min(a,b), max(a,b)] without a clamp (scalar.c lerp8). */
static inline sfk_vf sfk_lerp(sfk_vf a, sfk_vf b, sfk_vi w8) {
  sfk_vf w = __builtin_convertvector(w8, sfk_vf) * 0.00390625f;
#if SF_CANARY == 10 && SFK_W == 8
  sfk_vf d = a - b;  /* canary 10: swapped operands in the AVX2 (8-lane) lerp only */
#else
  sfk_vf d = b - a;
#endif
  sfk_vf p = w * d;
  sfk_vf r = a + p;
  /* b - a overflowed with a and b finite: a*(1-w) + b*w, as scalar.c */
  sfk_vi ovf = (((sfk_vi)d & 0x7fffffff) == 0x7f800000) & (((sfk_vi)a & 0x7f800000) != 0x7f800000) &
               (((sfk_vi)b & 0x7f800000) != 0x7f800000);
  r = sfk_self(ovf, a * (1.0f - w) + b * w, r);
  return sfk_self(w8 == 0, a, r);
}

/* ---- The operations, one header each (in this order: later ones use earlier ones) -------------- */
#include "oracles/sampler/simd_sample.h"
#include "oracles/sampler/simd_unorm.h"
#include "oracles/sampler/simd_rect.h"
#include "oracles/sampler/simd_avs.h"
