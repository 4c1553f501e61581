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

/* ---- Shared by the 3D model (indep_sample.c) and its cube part (indep_cube.c) ------------------ */

#define SF_IC_MAX 6u   /* snap candidates per axis (float32 rounding reaches at most 2 or 3) */

typedef struct icand {
  int64_t i0;  /* texel index (before the address mode and the offset) */
  int f;       /* 1/256 fraction, linear only */
} icand;

/* The state of one batch and, per lane, what its taps met. */
typedef struct ictx {
  const sf_surface *s;
  const sf_sampler *sp;
  const sf_ifmt *f;
  unsigned type, dims;  /* dims: addressed axes (1D: 1, 2D: 2, 3D: 3; cubes: 3, the direction) */
  bool compare, cube;
  double ref_lo, ref_hi;
  sf_itap border;
  /* per lane */
  uint8_t bad;          /* channels that met NaN/Inf */
  double absmax[4], tmin[4], tmax[4];
  bool broken;
} ictx;

typedef struct ilane {
  double c[3];          /* u, v, r (cubes: the direction x, y, z) */
  double layer;         /* array coordinate (cube arrays: the cube index) */
  int off[3];
} ilane;

/* D3D11.3 §7.18.6 - §7.18.8: the candidate (index, fraction) pairs of one axis of size n for the
 * normalized coordinate u; extra_err (texels) widens the float32 error allowed for u·n (the cube
 * face coordinate's own rounding). Returns how many (<= SF_IC_MAX). */
unsigned sf_indep_axis_cands(double u, unsigned mode, unsigned n, bool linear, double extra_err, icand *c);

/* Texel (x, y) of (level, slice), read, turned into 0/1 for comparison filtering, and counted in the
 * lane's state (c->bad, magnitudes; c->broken when outside the storage). */
void sf_indep_fetch_texel(ictx *c, unsigned level, unsigned slice, unsigned x, unsigned y, sf_itap *t);

/* Cubes (indep_cube.c, D3D11.3 §7.18.7 / §7.18.12 TextureCube): the interval of one level of lane ln
 * filtered with `filter`, the union over the candidate faces, snap positions and cubes. */
void sf_indep_cube_level(ictx *c, const ilane *ln, unsigned level, unsigned filter, double lo[4], double hi[4]);
/* False when the direction selects no face (zero, or its major component below FLT_MIN). */
bool sf_indep_cube_dir_ok(const double d[3]);

#endif
