/* fdp.c — the fuzz-data provider (samplefuzz/gen.h).
 *
 * Folds fuzz bytes into range instead of rejecting them (docs/fuzzing.md,
 * Zydis ZYDIS_SANITIZE_ENUM; simdjson FuzzData serves zeros when the data runs out). The number of
 * bytes a call consumes is a function of the call and its arguments only — never of the byte values,
 * the CPU or the compiler — so a corpus file decodes to the same case everywhere. */
#include "samplefuzz/gen.h"

#include <string.h>

void sf_fdp_init(sf_fdp *f, const void *data, size_t len) {
  f->data = (const uint8_t *)data;
  f->len = data ? len : 0;
  f->pos = 0;
  f->overrun = 0;
}

size_t sf_fdp_left(const sf_fdp *f) { return f->len - f->pos; }

bool sf_fdp_exhausted(const sf_fdp *f) { return f->overrun != 0; }

/* Copies n bytes, zero-filling what lies past the end. */
void sf_fdp_bytes(sf_fdp *f, void *out, size_t n) {
  size_t have = f->len - f->pos;
  size_t take = n < have ? n : have;
  if (out) {
    if (take) memcpy(out, f->data + f->pos, take);
    if (n > take) memset((uint8_t *)out + take, 0, n - take);
  }
  f->pos += take;
  if (n > take) {
    size_t miss = n - take;
    f->overrun = (f->overrun > SIZE_MAX - miss) ? SIZE_MAX : f->overrun + miss;
  }
}

const uint8_t *sf_fdp_rest(sf_fdp *f, size_t *n) {
  const uint8_t *p = f->data ? f->data + f->pos : NULL;
  *n = f->len - f->pos;
  f->pos = f->len;
  return p;
}

static uint64_t rd_le(sf_fdp *f, unsigned n) {
  uint8_t b[8];
  sf_fdp_bytes(f, b, n);
  uint64_t v = 0;
  for (unsigned i = n; i-- > 0;) v = (v << 8) | b[i];
  return v;
}

uint8_t sf_fdp_u8(sf_fdp *f) { return (uint8_t)rd_le(f, 1); }
uint16_t sf_fdp_u16(sf_fdp *f) { return (uint16_t)rd_le(f, 2); }
uint32_t sf_fdp_u32(sf_fdp *f) { return (uint32_t)rd_le(f, 4); }
uint64_t sf_fdp_u64(sf_fdp *f) { return rd_le(f, 8); }

bool sf_fdp_bool(sf_fdp *f) { return (sf_fdp_u8(f) & 1u) != 0; }

bool sf_fdp_chance(sf_fdp *f, unsigned num) { return (unsigned)sf_fdp_u8(f) < num; }

uint64_t sf_fdp_range_u64(sf_fdp *f, uint64_t lo, uint64_t hi) {
  if (hi < lo) hi = lo;
  uint64_t span = hi - lo; /* the number of values minus one */
  unsigned n = span <= 0xFFu ? 1 : span <= 0xFFFFu ? 2 : span <= 0xFFFFFFFFu ? 4 : 8;
  uint64_t v = rd_le(f, n);
  if (span == UINT64_MAX) return v;
  return lo + v % (span + 1);
}

uint32_t sf_fdp_range(sf_fdp *f, uint32_t lo, uint32_t hi) {
  return (uint32_t)sf_fdp_range_u64(f, lo, hi);
}

int64_t sf_fdp_range_i64(sf_fdp *f, int64_t lo, int64_t hi) {
  if (hi < lo) hi = lo;
  /* Work in two's complement offsets from lo: defined for every pair because the span is taken
   * in uint64_t arithmetic. */
  uint64_t span = (uint64_t)hi - (uint64_t)lo;
  uint64_t off = sf_fdp_range_u64(f, 0, span);
  uint64_t u = (uint64_t)lo + off;
  /* Convert back without implementation-defined behaviour. */
  if (u <= (uint64_t)INT64_MAX) return (int64_t)u;
  return -(int64_t)(UINT64_MAX - u) - 1;
}

unsigned sf_fdp_pick(sf_fdp *f, unsigned n) {
  if (n == 0) {
    (void)sf_fdp_u8(f);
    return 0;
  }
  return (unsigned)sf_fdp_range(f, 0, n - 1);
}

uint8_t sf_fdp_pick_u8(sf_fdp *f, const uint8_t *vals, size_t n) {
  unsigned i = sf_fdp_pick(f, n > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)n);
  return n ? vals[i] : 0;
}

uint32_t sf_fdp_pick_u32(sf_fdp *f, const uint32_t *vals, size_t n) {
  unsigned i = sf_fdp_pick(f, n > 0xFFFFFFFFu ? 0xFFFFFFFFu : (unsigned)n);
  return n ? vals[i] : 0;
}

/* ---- Floats -------------------------------------------------------------------------------------
 * One class byte picks a family of interesting values; the payload (always read, so consumption is
 * constant) supplies the details. The classes are the same for the three widths, described by each
 * format's exponent and mantissa widths. */

typedef struct fmt_desc {
  unsigned ebits, mbits; /* exponent and mantissa widths */
} fmt_desc;

static uint64_t make_float(fmt_desc d, uint64_t sign, uint64_t exp, uint64_t man) {
  uint64_t mmask = (d.mbits == 64) ? UINT64_MAX : ((uint64_t)1 << d.mbits) - 1;
  uint64_t emask = ((uint64_t)1 << d.ebits) - 1;
  return ((sign & 1) << (d.ebits + d.mbits)) | ((exp & emask) << d.mbits) | (man & mmask);
}

/* Classes, by class byte % 16. */
static uint64_t float_class(fmt_desc d, uint8_t cls, uint64_t payload) {
  uint64_t emax = ((uint64_t)1 << d.ebits) - 1;  /* all-ones exponent */
  uint64_t bias = emax >> 1;
  uint64_t mmask = ((uint64_t)1 << d.mbits) - 1;
  uint64_t sign = (payload >> 63) & 1;            /* top payload bit */
  uint64_t quiet = (uint64_t)1 << (d.mbits - 1);
  switch (cls % 16u) {
    case 0: return make_float(d, sign, 0, 0);                          /* +-0 */
    case 1: return make_float(d, sign, bias, 0);                       /* +-1 */
    case 2: return make_float(d, sign, emax, 0);                       /* +-inf */
    case 3: return make_float(d, sign, emax, quiet | (payload & (quiet - 1))); /* quiet NaN */
    case 4: {                                                         /* signalling NaN */
      uint64_t m = payload & (quiet - 1);
      if (m == 0) m = 1;
      return make_float(d, sign, emax, m);
    }
    case 5: {                                                         /* denormal, nonzero */
      uint64_t m = payload & mmask;
      if (m == 0) m = 1;
      return make_float(d, sign, 0, m);
    }
    case 6: return make_float(d, sign, 1, 0);                          /* smallest normal */
    case 7: return make_float(d, sign, emax - 1, mmask);               /* largest finite */
    case 8: case 9: {                                                  /* small integer 0..255 */
      uint64_t k = payload & 0xFF;
      if (k == 0) return make_float(d, sign, 0, 0);
      unsigned e = 0;
      while ((k >> (e + 1)) != 0) e++;                                 /* floor(log2 k), k <= 255 */
      uint64_t frac = (k & ~((uint64_t)1 << e)) << (d.mbits - e);      /* d.mbits >= 10 > e */
      return make_float(d, sign & (cls & 1), bias + e, frac);
    }
    case 10: case 11: case 12: {                                       /* [0,1): k/256, 8-bit fraction */
      uint64_t k = payload & 0xFF;
      if (k == 0) return 0;
      unsigned e = 0;
      while ((k >> (e + 1)) != 0) e++;
      uint64_t frac = (k & ~((uint64_t)1 << e)) << (d.mbits - e);
      return make_float(d, 0, bias + e - 8, frac);                     /* k * 2^-8 */
    }
    case 13: {                                                         /* near 1: 1 +- a few ulps */
      uint64_t one = make_float(d, 0, bias, 0);
      uint64_t k = payload & 7;
      return (payload & 8) ? one + k : one - k;
    }
    default: {                                                         /* raw bits */
      unsigned w = 1 + d.ebits + d.mbits;
      return w >= 64 ? payload : payload & (((uint64_t)1 << w) - 1);
    }
  }
}

uint32_t sf_fdp_f32_bits(sf_fdp *f) {
  uint8_t cls = sf_fdp_u8(f);
  uint64_t p = sf_fdp_u32(f);
  /* Put the sign source in bit 63 as float_class expects, keep the raw bits low. */
  uint64_t payload = p | ((p >> 31) << 63);
  return (uint32_t)float_class((fmt_desc){8, 23}, cls, payload);
}

float sf_fdp_f32(sf_fdp *f) {
  uint32_t b = sf_fdp_f32_bits(f);
  float x;
  memcpy(&x, &b, sizeof x);
  return x;
}

float sf_fdp_f32_in(sf_fdp *f, float lo, float hi) {
  uint32_t v = sf_fdp_u32(f) & 0xFFFFFFu;
  if (!(hi > lo)) return lo;
  float t = (float)v / 16777215.0f;      /* exact: v < 2^24 */
  float x = lo * (1.0f - t) + hi * t;    /* a convex combination: no overflow for finite ends */
  if (x < lo) x = lo;
  if (x > hi) x = hi;
  return x;
}

uint16_t sf_fdp_f16_bits(sf_fdp *f) {
  uint8_t cls = sf_fdp_u8(f);
  uint64_t p = sf_fdp_u16(f);
  uint64_t payload = p | ((p >> 15) << 63);
  return (uint16_t)float_class((fmt_desc){5, 10}, cls, payload);
}

uint64_t sf_fdp_f64_bits(sf_fdp *f) {
  uint8_t cls = sf_fdp_u8(f);
  uint64_t p = sf_fdp_u64(f);
  return float_class((fmt_desc){11, 52}, cls, p);
}
