/* oracles/sampler/sampler_int.h — private helpers of the reference sampler shared by the scalar
 * backend, the executor and the SIMD backends: bit casts, the exact float -> fixed conversion (RNE,
 * saturating, NaN -> 0; D3D11.3 §3.2.4.1), the log2 threshold table for LOD (docs/precision-model.md
 * "LOD"), format helpers. Everything here is pure and deterministic. */
#ifndef SF_SAMPLER_INT_H
#define SF_SAMPLER_INT_H

#include <stdint.h>
#include <string.h>

#include "samplefuzz/sampler.h"

#define SF_NAN_BITS 0x7fc00000u

/* The sampler state's value names, as sf_sampler_describe prints them and the case text
 * (docs/case-text.md) reads and writes them: indexed by sf_filter, sf_mipfilter, sf_addr, sf_cmp. */
extern const char *const sf_filter_names[SF_FILTER_LINEAR + 1];
extern const char *const sf_mip_names[SF_MIP_LINEAR + 1];
extern const char *const sf_addr_names[SF_ADDR_COUNT];
extern const char *const sf_cmp_names[SF_CMP_ALWAYS + 1];
/* The unclamped LOD range in 8.8 fixed point. D3D11.3 §7.18.11 asks that an LOD saturated to the
 * internal range never comes back, after MipLODBias and srcLODBias (each at most 16 octaves), into the
 * range that selects a mip (at most 14 here): any range beyond +-46 does. +-64 is also exactly the
 * range of log2(sqrt(rho2)) for a finite float rho2, so an overflowing rho2 (inf) saturates there. */
#define SF_LOD_MIN (-64 * 256)
#define SF_LOD_MAX (64 * 256)

static inline uint32_t sf_f2u(float f) {
  uint32_t u;
  memcpy(&u, &f, sizeof u);
  return u;
}
static inline float sf_u2f(uint32_t u) {
  float f;
  memcpy(&f, &u, sizeof f);
  return f;
}
static inline int sf_isnan(float f) { return (sf_f2u(f) & 0x7fffffffu) > 0x7f800000u; }
/* Canonical NaN: every NaN leaving the sampler is 0x7fc00000 (payloads depend on operand order). */
static inline uint32_t sf_canon(uint32_t bits) {
  return (bits & 0x7fffffffu) > 0x7f800000u ? SF_NAN_BITS : bits;
}

/* Round-to-nearest-even of f to an integer, saturated to [lo, hi]; NaN -> 0. Exact: values with
 * |f| >= 2^23 are integers already; below, the 2^23 addition rounds by the current (default, RNE)
 * mode, which DESIGN fixes (no fast-math, no FTZ). */
static inline int32_t sf_rne_i32(float f, int32_t lo, int32_t hi) {
  if (sf_isnan(f)) return 0;
  if (f <= (float)lo) return lo;
  if (f >= (float)hi) return hi;
  float a = f < 0 ? -f : f;
  if (a < 8388608.0f) {
    float t = a + 8388608.0f;  /* FLT_EVAL_METHOD 0: rounded to float32 here */
    a = t - 8388608.0f;
  }
  int32_t r = (int32_t)a;
  r = f < 0 ? -r : r;
  return r < lo ? lo : r > hi ? hi : r;
}

/* floor(a / 2^s) for signed a (no implementation-defined shifts). */
static inline int32_t sf_floor_shift(int32_t a, unsigned s) {
  int64_t d = (int64_t)1 << s;
  int64_t q = (int64_t)a / d;
  if ((int64_t)a % d != 0 && a < 0) q--;
  return (int32_t)q;
}
static inline int64_t sf_floor_shift64(int64_t a, unsigned s) {
  int64_t d = (int64_t)1 << s;
  int64_t q = a / d;
  if (a % d != 0 && a < 0) q--;
  return q;
}

/* 8.8 LOD of sqrt(rho2) (the texel-space derivative length squared), by the threshold table. */
int32_t sf_lod_from_rho2(float rho2);

/* Snaps a float to what format fmt stores for channel c (border colour, compare reference):
 * clamp to the format range and round to its precision (docs/precision-model.md "Border"). Returns
 * 32-bit value bits (float bits, or integer bits for UINT/SINT formats). */
uint32_t sf_format_snap(unsigned fmt, unsigned c, float f);

/* The scalar backend's entries (also the fallback for NULL entries of other backends). */
/* Texel (i, j) of cube face f (size N), possibly one texel outside the face, mapped through its
 * texel-centre direction (exact integers) onto the face it lies on; false for a corner (both indices
 * outside). scalar.c; the SIMD backends call it for the lanes whose footprint leaves the face. */
bool sf_cube_neighbour(unsigned f, int32_t i, int32_t j, int32_t N, unsigned *fo, uint32_t *io, uint32_t *jo);
sf_code sf_scalar_sample(const sf_sample_batch *req, sf_sample_out *out, sf_status *st);
sf_code sf_scalar_sample_unorm(const sf_unorm_req *req, sf_unorm_out *out, sf_status *st);
sf_code sf_scalar_avs(const sf_avs_req *req, sf_avs_out *out, sf_status *st);

/* Checks that a batch's surface/sampler/op combination is executable (shared by every backend,
 * so all report the same errors). */
sf_code sf_sample_check(const sf_sample_batch *req, sf_status *st);

#endif
