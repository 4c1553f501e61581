/* samplefuzz/indep.h — the independent reference model and the metamorphic relations
 * (docs/oracles.md "The independent model").
 *
 * The independent model (oracles/indep/indep_*.c) is a plain double-precision transcription of the
 * D3D11.3 functional spec §7.18 (addressing §7.18.6-9, LOD §7.18.10-11, filtering §7.18.16,
 * comparison §7.18.15, border §7.18.9.1) and of the texel conversions of §3.2.3, with its own
 * decoders reading the raw surface bytes. It shares no code with the reference sampler (exec.c,
 * scalar.c, surface.c, the SIMD kernels) nor with the verifier: it reads only the public fields of
 * sf_surface / sf_sampler / sf_sample_batch. For every requested lane and channel it gives an
 * interval [lo, hi] that a result must lie in: the spec's freedom (LOD within 1/256, the 8-bit
 * sub-texel snap of the coordinates, float32 rounding of the lerps, the format's quantization of
 * border colours and comparison references) is widened into the interval, never guessed.
 * Cubes and cube arrays (oracles/indep/indep_cube.c): face selection, seamless filtering across
 * edges and corners (§7.18.7 / §7.18.12), with explicit LOD or LOD zero.
 * What it does not model is reported per lane as unsupported (never as a pass): lanes with
 * non-finite inputs, cube lanes whose LOD comes from derivatives, integer cube surfaces, NaN/Inf
 * texels in a channel (that channel is unchecked). */
#ifndef SAMPLEFUZZ_INDEP_H
#define SAMPLEFUZZ_INDEP_H

#include <stdbool.h>
#include <stdint.h>

#include "samplefuzz/sampler.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SF_INDEP_WHY_MAX 120

typedef struct sf_indep_result {
  double lo[4][SF_MAX_LANES], hi[4][SF_MAX_LANES];  /* the interval per channel and lane */
  uint8_t free_ch[SF_MAX_LANES];  /* bit per channel: unchecked (NaN/Inf texels, NaN border) */
  uint32_t checked;        /* lanes with an interval */
  uint32_t unsupported;    /* requested lanes the model does not cover (see why) */
  bool is_int;             /* integer format: the values are uint32 (UINT) or int32 (SINT) bits */
  bool is_signed;          /* SINT */
  bool unbound;            /* no surface: every value must be 0 (D3D11.3 §7.18.17) */
  char why[SF_INDEP_WHY_MAX];   /* the first unsupported lane's reason, with the lane */
} sf_indep_result;

/* Computes the intervals for the lanes `lanes & b->lanes` of batch b (lanes >= b->n are ignored).
 * SF_OK with r filled (lanes it cannot cover are counted in r->unsupported), SF_UNSUPPORTED when no
 * lane is covered for a reason of the whole batch (an integer cube surface, NV12), SF_ERR_STATE for
 * a request the spec forbids, which an implementation must refuse (a comparison or, but for the LOD
 * query, a filter other than point on an integer format), SF_ERR_INVALID for a NULL argument. */
sf_code sf_indep_sample(const sf_sample_batch *b, uint32_t lanes, sf_indep_result *r, sf_status *st);

/* The first lane/channel of out (lanes in r->checked) outside its interval: true and *lane, *ch set;
 * false when every checked value is inside. */
bool sf_indep_violation(const sf_indep_result *r, const sf_sample_out *out, unsigned *lane, unsigned *ch);

/* The texel (x, y) of (level, slice) of s, read by the model's own decoders from the raw bytes,
 * against the interval each channel of rgba takes once stored in s's format (D3D11.3 §3.2.3, with
 * its rounding freedom). Returns 4 when every channel lies inside, the first channel outside (0..3)
 * with *got, *lo and *hi set, or -1 when the model does not read the format or the texel (nothing is
 * judged); channels whose stored value is NaN are not judged either. */
int sf_indep_stored(const sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y, const float rgba[4],
                    double *got, double *lo, double *hi);

/* ---- SAMPLE_UNORM and AVS (oracles/indep/indep_unorm.c) --------------------------------------- */

/* The same kind of model for the two 8-bit block operations: IGC's vISA documentation
 * (SAMPLE_UNORM, AVS) for the operations, D3D11.3 §7.18.6-9 / §7.18.16 for SAMPLE_UNORM's texel
 * space (its own address modes, the 8-bit sub-texel snap, the border colour as FLOAT -> UNORM8
 * within 0.6 ULP), and docs/precision-model.md §11 / §12 for what samplefuzz fixes where those are
 * silent (NV12's channels, the AVS position formula, 32 phases, the edge clamp, the R/B 4-tap rule,
 * one rounding). Results are intervals in the 8.8 units of sf_unorm_out / sf_avs_out (value·256).
 * Widened, never guessed: the float32 evaluation of positions (every 1/256 sub-texel position or
 * 1/32 phase its error can reach is a candidate, ties either way); the final rounding of the exact
 * sum is the documented half up. NV12's alpha, which the format does not store, is 1 everywhere: in a null tile and at the
 * border too (docs/precision-model.md §4-5).
 * Pixels not covered (non-finite inputs, positions too uncertain) are counted as unsupported. */
typedef struct sf_indep_unorm_result {
  double lo[4][32], hi[4][32];  /* per channel and pixel (y*8+x), 8.8 units */
  uint32_t checked;             /* bit per pixel with an interval */
  uint32_t unsupported;         /* bit per pixel the model does not cover (see why) */
  char why[SF_INDEP_WHY_MAX];   /* the first unsupported pixel's reason */
} sf_indep_unorm_result;

typedef struct sf_indep_avs_result {
  double lo[4][128], hi[4][128];  /* per channel and pixel (y*w+x), 8.8 units */
  uint64_t checked[2];            /* bit per pixel p: word p/64, bit p%64 */
  uint64_t unsupported[2];
  unsigned w, h;                  /* the block */
  char why[SF_INDEP_WHY_MAX];
} sf_indep_avs_result;

/* The intervals of the 8x4 block of q. SF_OK with r filled (an unbound surface: every value 0);
 * SF_UNSUPPORTED for what the reference refuses (no sampler, a sampler field out of range, a surface
 * that is not 2D r8/rg8/rgba8_unorm or nv12); SF_ERR_INVALID for a NULL argument. */
sf_code sf_indep_unorm(const sf_unorm_req *q, sf_indep_unorm_result *r, sf_status *st);
/* The intervals of the AVS block of q (q->w x q->h pixels). SF_UNSUPPORTED also for adaptive
 * filtering, IEF, a table whose phases do not sum to 64 and a block shape AVS does not have. */
sf_code sf_indep_avs(const sf_avs_req *q, sf_indep_avs_result *r, sf_status *st);
/* The first checked pixel / channel of out outside its interval: true with *px, *ch set. */
bool sf_indep_unorm_violation(const sf_indep_unorm_result *r, const sf_unorm_out *out, unsigned *px, unsigned *ch);
bool sf_indep_avs_violation(const sf_indep_avs_result *r, const sf_avs_out *out, unsigned *px, unsigned *ch);

/* ---- Metamorphic relations (oracles/indep/meta_*.c) ------------------------------------------- */

typedef enum sf_meta_rel {
  SF_META_OFFSET = 0,    /* an immediate offset k equals the coordinate shifted by k texels */
  SF_META_WRAP_SHIFT,    /* wrap: u + 1 (whole-surface translation) gives the same result */
  SF_META_MIRROR,        /* mirror: -u gives the same result (point filter, off-grid u); u + 2 too */
  SF_META_MIP_SAME,      /* every level the same constant: the result does not depend on the LOD */
  SF_META_BIAS,          /* sample_b(bias b) == sample_l(LOD query's unclamped LOD + b) */
  SF_META_PERMUTE,       /* a permutation of the lanes permutes the results */
  SF_META_UNUSED,        /* components the surface type / op does not read do not matter */
  SF_META_FORMAT,        /* R8/RGBA8 UNORM == R16/RGBA16 UNORM with v*257 == R32F/RGBA32F of v/255;
                            R16F/RGBA16F == R32F/RGBA32F of the widened half */
  SF_META_CMP_COMPL,     /* point sampling: cmp(op) + cmp(complement of op) == 1 */
  SF_META_EXTREME,       /* float32 texels moved to the top binade: the result stays in the
                            independent model's interval (no overflow in the filter) */
  SF_META_COUNT
} sf_meta_rel;

const char *sf_meta_rel_name(unsigned rel);   /* "offset", "wrap_shift", ...; "?" if unknown */

typedef struct sf_meta_outcome {
  bool applied;            /* the relation applied to this case (else why says why not) */
  bool failed;             /* the relation was broken */
  unsigned lane, ch;       /* first broken lane / channel */
  uint32_t a, b;           /* the two values that should agree (for CMP_COMPL: the two terms) */
  char why[SF_INDEP_WHY_MAX];
} sf_meta_outcome;

/* Runs relation rel on backend be (NULL: the scalar one) with a case derived from b (its surface
 * format and contents, sampler, coordinates and offsets; the relation builds its own surfaces and
 * batches where it needs them). Returns SF_OK with *o filled, or an error of the backend or of a
 * surface allocation (then o->applied is false). */
sf_code sf_meta_run(const sf_backend *be, unsigned rel, const sf_sample_batch *b, sf_meta_outcome *o,
                    sf_status *st);

/* The surface of relation `extreme`: a copy of src (layout, null tiles) whose float32 texels are
 * moved to the top binade (every finite non-zero channel gets exponent 254, sign and mantissa kept).
 * SF_UNSUPPORTED for a surface whose format is not float32; *out is freed with sf_surface_free. */
sf_code sf_meta_extreme_surface(const sf_surface *src, sf_surface **out, sf_status *st);

#ifdef __cplusplus
}
#endif
#endif
