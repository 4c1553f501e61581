/* oracles/indep/indep_int.h — private helpers of the independent model (include/samplefuzz/indep.h):
 * value intervals, the texel decoders working from the raw surface bytes, and the format
 * quantization of border colours and comparison references. Nothing here is shared with
 * oracles/sampler or oracles/verify (docs/oracles.md "The independent model"). */
#ifndef SF_INDEP_INT_H
#define SF_INDEP_INT_H

#include <stdbool.h>
#include <stdint.h>

#include "samplefuzz/indep.h"

/* The formats as the model reads them: bytes per texel, channels stored, and how a channel reads. */
enum { SF_IK_UNORM, SF_IK_SRGB, SF_IK_SNORM, SF_IK_HALF, SF_IK_FLOAT, SF_IK_UINT, SF_IK_SINT, SF_IK_NONE };

typedef struct sf_ifmt {
  uint8_t bytes;     /* per texel */
  uint8_t chans;     /* channels stored, RGBA order */
  uint8_t bits;      /* per channel */
  uint8_t kind;      /* SF_IK_* */
} sf_ifmt;

/* NULL for formats the model does not sample (NV12, unknown). */
const sf_ifmt *sf_ifmt_get(unsigned fmt);

/* A tap: an interval per channel; `bad` has a bit per channel holding NaN or Inf. */
typedef struct sf_itap {
  double lo[4], hi[4];
  uint8_t bad;
} sf_itap;

/* Reads texel (x, y) of (level, slice) of s into t (exact values, lo == hi), null pages reading as
 * zero bytes. False if the texel lies outside the surface's storage (a broken surface). */
bool sf_indep_texel(const sf_surface *s, const sf_ifmt *f, unsigned level, unsigned slice, unsigned x, unsigned y,
                    sf_itap *t);

/* The interval a float c takes once stored in channel ch of format f (D3D11.3 §3.2.3 FLOAT -> format
 * conversions, with their rounding freedom): the border colour (§7.18.9.1) and the comparison
 * reference (§7.18.15). Channels the format lacks take the defaults (0, 0, 0, 1). */
void sf_indep_snap(const sf_ifmt *f, unsigned ch, float c, double *lo, double *hi, bool *bad);

/* D3D11.3 §7.18.9: address mode `mode` (SF_ADDR_*) on integer texel index i of an axis of n texels;
 * -1 for a border tap. Shared by the 3D model and the SAMPLE_UNORM model. */
int64_t sf_indep_address(int64_t i, unsigned mode, int64_t n);

#endif
