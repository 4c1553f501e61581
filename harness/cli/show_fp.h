/* show_fp.h — private to harness/cli: the texel footprint of one lane of a sample batch, re-derived
 * for `samplefuzz show` on backend_diff_fuzzer inputs (show_footprint.c computes it, show_backend.c
 * prints it and names the configuration an implementation's value is consistent with).
 *
 * The re-derivation follows the reference's precision model (docs/precision-model.md §2-§9: 8.8
 * fixed-point LOD, 16.8 fixed-point coordinates, the address modes on integer indices, the lerp
 * filter, seamless cube taps, PCF) step by step. It shares no code with the reference sampler or the
 * verifier: it is an explanation, and show prints whether it reproduces the reference's value. A
 * variant (fp_variant) changes one thing on purpose (a level, a filter, one axis's address mode, the
 * weight precision) so that an implementation's wrong value can be matched to what it did. */
#ifndef SF_SHOW_FP_H
#define SF_SHOW_FP_H

#include <stdbool.h>
#include <stdint.h>

#include "samplefuzz/sampler.h"

#define FP_MAX_TAPS 32u      /* 2 levels x 8 corners (3D linear), plus the cube corners' helpers */

/* Address modes of a variant: the five of sf_addr, and one classic mistake. */
enum {
  FP_ADDR_MIRROR_AT0 = SF_ADDR_COUNT,   /* mirror with a negative index i read as -i (reflected about the
                                           centre of texel 0 instead of its edge) */
  FP_ADDR_COUNT
};

typedef struct fp_variant {
  int level;          /* -1: the levels the LOD selects; else this level alone, no mip blend */
  int filter;         /* -1: the filter the LOD selects (mag or min); else SF_FILTER_POINT / LINEAR */
  unsigned axes;      /* bit per axis (1 u, 2 v, 4 r) addressed with addr_mode instead of the
                         sampler's mode, from the unreduced coordinate; 0: none */
  unsigned addr_mode; /* sf_addr or FP_ADDR_* */
  unsigned wbits;     /* 0 or 8: weights to 8 fraction bits (the spec); 1..7: truncated to that many */
} fp_variant;

typedef struct fp_tap {
  unsigned level, slice;   /* slice: array layer, cube layer*6+face, or 3D z */
  int face;                /* cube face 0..5, else -1 */
  long long raw[3];        /* integer index before addressing (cubes: on the sampled face) */
  long long x[3];          /* after addressing (cubes: on `face`) */
  unsigned dims;
  bool border;             /* the border colour */
  bool corner;             /* cube corner: the average of three texels */
  float val[4];            /* decoded texel value (the border colour snapped to the format) */
  float cmp;               /* compare: the tap's 0/1 outcome */
  double weight;           /* product of the tap's filter weights and the mip weight */
} fp_tap;

typedef struct fp_lod {
  bool valid;              /* false for non-finite LODs and the LOD query */
  int unclamped8, clamped8;   /* 8.8: biased, then clamped by MinLOD/MaxLOD */
  bool magnify;
  unsigned la, lb;         /* levels (equal: no blend) */
  unsigned frac8;          /* blend weight of lb, in 1/256 */
  bool linear;             /* the image filter used */
} fp_lod;

typedef struct fp_result {
  fp_lod lod;              /* the configuration actually evaluated */
  unsigned layer;          /* array layer / cube index */
  int face;                /* cube face selected, or -1 */
  float value[4];
  unsigned ntap;
  fp_tap tap[FP_MAX_TAPS];
} fp_result;

/* The reference's LOD and level selection for lane `lane` (docs/precision-model.md §7). */
void fp_lod_of(const sf_sample_batch *b, unsigned lane, fp_lod *out);
/* Evaluates lane `lane` of b under variant v (NULL: the reference's own configuration). The batch's
 * surface must be writable scratch-free: texels are read, never written. False when the lane is not
 * explainable this way (LOD query, unbound surface, integer formats, non-finite LOD). */
bool fp_eval(const sf_sample_batch *b, unsigned lane, const fp_variant *v, fp_result *r);
/* The address mode's name ("wrap", ..., "mirror reflected about texel 0"). */
const char *fp_addr_name(unsigned mode);
/* The addressed index of raw index i on an axis of n texels; false for the border. */
bool fp_address(unsigned mode, long long i, long long n, long long *out);
/* Texel-space reach of an axis at `level` when the coordinate may move by +-eps texels (the
 * verifier's sub-texel allowance): the addressed indices a tap may read (sorted, at most max, the
 * count returned) and whether the border colour is one of them. Not for cubes. */
unsigned fp_axis_reach(const sf_sample_batch *b, unsigned lane, unsigned axis, unsigned level, bool linear, double eps,
                       long long *idx, unsigned max, bool *border);
unsigned fp_dims(unsigned surf_type);

#endif
