/* samplefuzz/external.h — external numeric oracles and the spec-tolerance verifier.
 *
 * Three layers, each usable on its own:
 *   1. sf_mesa_*     Mesa llvmpipe / softpipe through a headless EGL surfaceless OpenGL context. The
 *                    same sf_sample_batch the reference backends consume is turned into draws that
 *                    sample with texture / textureLod / textureGrad / texture*Offset / the shadow forms
 *                    / textureQueryLod (docs/oracle-mesa.md has the GL mapping table). libEGL and libGL
 *                    are dlopen()ed: nothing links against them, and a machine without Mesa gets
 *                    SF_UNSUPPORTED with a message.
 *   2. sf_verify_*   the spec-tolerance verifier, VK-GL-CTS style (docs/precision-model.md):
 *                    given one lane of a request and a result, decide whether the D3D11.3 §7.18 /
 *                    Vulkan "Image Operations" rules allow that result, and if not, say why. It is
 *                    public API for users checking their own sampler, driver or emulator.
 *   3. sf_driver_*   documented models of the oracles' known approximations (§5.3): llvmpipe's fast
 *                    log2, softpipe's max-abs rho and table log2, compare-after-filter, layer and
 *                    cube-tie rules. The verifier takes them as "quirks" to decide whether a
 *                    difference is an oracle quirk rather than a spec violation.
 *
 * Conventions shared with sampler.h: a request is one lane of an sf_sample_batch; results are four
 * 32-bit values (float bits). The array layer is read where the reference executor puts it: v for
 * 1D arrays, r for 2D arrays, ai for cube arrays (oracles/sampler/scalar.c sample_lane). */
#ifndef SAMPLEFUZZ_EXTERNAL_H
#define SAMPLEFUZZ_EXTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/sampler.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- 1. Mesa oracle ---------------------------------------------------------------------------- */

typedef enum sf_mesa_driver { SF_MESA_LLVMPIPE = 0, SF_MESA_SOFTPIPE = 1 } sf_mesa_driver;

typedef struct sf_mesa sf_mesa;

typedef struct sf_mesa_info {
  sf_mesa_driver driver;
  char renderer[96];       /* GL_RENDERER, e.g. "llvmpipe (LLVM 15.0.6, 256 bits)" */
  char version[96];        /* GL_VERSION */
  int gl_major, gl_minor;  /* context version obtained (4.5 on llvmpipe, 3.3 on softpipe) */
  bool query_lod;          /* textureQueryLod usable (GL 4.0 / ARB_texture_query_lod) */
  bool cube_array;         /* GL 4.0 / ARB_texture_cube_map_array */
  bool mirror_clamp;       /* GL 4.4 / ARB_texture_mirror_clamp_to_edge / EXT_texture_mirror_clamp */
  bool srgb_r8, srgb_rg8;  /* EXT_texture_sRGB_R8 / EXT_texture_sRGB_RG8 */
  int min_offset, max_offset;  /* GL_MIN/MAX_PROGRAM_TEXEL_OFFSET */
} sf_mesa_info;

/* Opens a context on one driver. Side effects on the process environment (documented, needed by
 * Mesa, which reads them when the display is initialised): GALLIUM_DRIVER is set to the driver's
 * name, LIBGL_ALWAYS_SOFTWARE=1, and GALLIVM_PERF=no_aos_sampling unless GALLIVM_PERF is already set
 * (llvmpipe's 8-bit AoS fast path uses 8-bit weights and 16-bit lerps: up to ~2 LSB8 off, §5.3).
 * One gallium driver per process: the EGL display is initialised once and never terminated
 * (terminating unloads the driver, which LeakSanitizer then reports), so after llvmpipe was opened a
 * softpipe open gives SF_UNSUPPORTED naming the renderer it got; run each driver in its own process
 * (tests/ext_mesa.c forks). Contexts are current on the calling thread; use one sf_mesa per thread.
 * SF_UNSUPPORTED when libEGL/libGL or the driver are missing. */
sf_code sf_mesa_open(sf_mesa **out, sf_mesa_driver driver, sf_status *st);
void sf_mesa_close(sf_mesa *m);
const sf_mesa_info *sf_mesa_get_info(const sf_mesa *m);
/* "llvmpipe" / "softpipe" <-> enum; parse returns false for an unknown name. */
const char *sf_mesa_driver_name(sf_mesa_driver d);
bool sf_mesa_driver_parse(const char *name, sf_mesa_driver *out);

/* Registers llvmpipe and softpipe as named backends of the registry (include/samplefuzz/backend.h,
 * oracles/impl/mesa_backend.c): sf_backend_open("llvmpipe") then opens the driver. Idempotent. */
void sf_mesa_backends_register(void);

/* Derivatives the driver actually saw (implicit-derivative draws), per lane: dFdx and dFdy of the
 * (u, v, r) coordinate. */
typedef struct sf_mesa_derivs {
  float dx[3][SF_MAX_LANES], dy[3][SF_MAX_LANES];
} sf_mesa_derivs;

#define SF_MESA_MAX_BATCHES 65536u  /* batches per sf_mesa_sample call */

/* Samples nb batches in as few draws as possible. All batches must share surf, samp, lod_mode,
 * compare and lod_query (one shader and one sampler state = one JIT variant); lanes with different
 * offset triples are drawn with one shader per distinct triple.
 *   implicit = false: each lane is drawn as its own 2x2 quad with identical inputs and uses
 *     textureLod / textureGrad (SF_LOD_EXPLICIT, SF_LOD_ZERO, SF_LOD_GRAD).
 *   implicit = true:  lanes 4q..4q+3 form quad q in the D3D layout (0 TL, 1 TR, 2 BL, 3 BR) and the
 *     driver derives the LOD from the quad's coordinate differences (texture(), texture(.., bias),
 *     textureQueryLod). n must be a multiple of 4 and all lanes of a quad enabled. The gradient
 *     fields are ignored; `derivs` (may be NULL) receives what the driver computed.
 * Results: compare -> the scalar replicated in RGBA; lod_query -> GL's (x, y, 0, 0) (x = the
 * level-of-detail that selects the mip level, y = the unclamped biased lambda'; docs/oracle-mesa.md
 * "LOD query"). Requests GL cannot express give SF_UNSUPPORTED naming the feature (offsets on cubes,
 * sample_b_c-style shadow+bias on arrays, textureGrad with a per-lane bias, integer/NV12 formats, ...). */
sf_code sf_mesa_sample(sf_mesa *m, const sf_sample_batch *batches, size_t nb, bool implicit,
                       sf_sample_out *outs, sf_mesa_derivs *derivs, sf_status *st);

/* Whether a batch is expressible in GL on this context (same checks as sf_mesa_sample, without
 * drawing). On false, why (may be NULL) holds the reason. */
bool sf_mesa_supports(const sf_mesa *m, const sf_sample_batch *b, bool implicit, char *why, size_t n);

/* ---- 3. Driver models (oracles/verify/driver_models.c) ---------------------------------------- */

/* Quirk bits: each names one documented difference between an oracle and the D3D/vISA rules.
 * FLOAT_WEIGHTS, BORDER_UNSNAPPED and CUBE_CORNER_CLAMP are informational (already inside the
 * spec tolerance); the others change what sf_verify_sample accepts when set in params.quirks. */
enum {
  SF_QUIRK_FAST_LOG2 = 1u << 0,       /* llvmpipe: lambda = 0.5*fastlog2(max(|dX|^2,|dY|^2)),
                                         fastlog2(x) = exponent + mantissa - 1 (|err| <= 0.043) */
  SF_QUIRK_QUAD_LOD = 1u << 1,        /* LOD (incl. per-lane bias) shared per 2x2 quad */
  SF_QUIRK_MAXABS_RHO = 1u << 2,      /* softpipe: rho = max over axes of max(|d/dx|,|d/dy|)*size */
  SF_QUIRK_TABLE_LOG2 = 1u << 3,      /* softpipe: util_fast_log2, 256-entry table */
  SF_QUIRK_GRAD_NO_BIAS = 1u << 4,    /* softpipe: textureGrad ignores the sampler LOD bias */
  SF_QUIRK_COMPARE_AFTER_FILTER = 1u << 5,  /* softpipe: shadow compare on the filtered depth */
  SF_QUIRK_LAYER_HALF_UP = 1u << 6,   /* softpipe: layer = floor(a + 0.5) (VK-allowed alternative) */
  SF_QUIRK_CUBE_TIE_XYZ = 1u << 7,    /* softpipe: cube major-axis ties broken X, then Y, then Z */
  SF_QUIRK_CUBE_CORNER_CLAMP = 1u << 8,  /* softpipe: seamless corner texel approximated by clamping */
  SF_QUIRK_FLOAT_WEIGHTS = 1u << 9,   /* weights from float fractions, no 8-bit snap (both drivers) */
  SF_QUIRK_BORDER_UNSNAPPED = 1u << 10, /* border colour clamped but not snapped to the format */
  SF_QUIRK_CUBE_RAW_RHO = 1u << 11,   /* softpipe: cube rho from the unprojected direction derivatives:
                                         max-abs over x,y,z times size/2, table log2 */
  SF_QUIRK_SNORM_NO_CLAMP = 1u << 12, /* softpipe: SNORM8 -128 reads -128/127 (not clamped to -1) */
  SF_QUIRK_CUBE_LOD_UNMODELLED = 1u << 13  /* both: cube LOD from derivatives deviates from the
                                         projected formula beyond the VK rho bounds on some lanes
                                         (measured up to ~2 levels for llvmpipe with |major| > 1);
                                         not modelled: such lanes are UNCHECKED in quirk mode */
};

/* The quirk set of a driver (the bits above). */
uint32_t sf_driver_quirks(sf_mesa_driver d);
/* Short name and source citation of one quirk bit ("unknown" / "" for other values). */
const char *sf_driver_quirk_name(uint32_t bit);
const char *sf_driver_quirk_source(uint32_t bit);

/* llvmpipe's lp_build_fast_log2: exponent + (mantissa in [1,2)) - 1, for x > 0 finite. */
float sf_driver_fast_log2(float x);
/* softpipe's util_fast_log2 (256-entry table of log2(1 + i/256), index = top 8 mantissa bits). */
float sf_driver_table_log2(float x);

/* The un-biased, un-clamped LOD a driver computes from per-lane gradients (texel-space scaling by
 * the level-0 size of each axis). Cubes are modelled for softpipe only (SF_QUIRK_CUBE_RAW_RHO).
 * Returns false when not modelled (the verifier then uses the spec bounds). */
bool sf_driver_lod(sf_mesa_driver d, const sf_sample_batch *b, unsigned lane, float *lod);

/* A float model of the driver's whole sampling path for one lane (1D, 1D array, 2D, 2D array, 3D;
 * not cubes, not the LOD query, not integer/NV12 formats): the GL 4.5 float pipeline with the
 * driver's LOD formula and structural quirks (driver_models.c documents each step). Returns false
 * when not modelled. It is a hypothesis, measured by xcheck ("model-exact" lanes), not a proof. */
bool sf_driver_model_sample(sf_mesa_driver d, const sf_sample_batch *b, unsigned lane, bool explicit_grads,
                            float out[4]);

/* ---- 2. Spec-tolerance verifier (oracles/verify/verify.c) ----------------------------------- */

/* Precision the verifier allows. sf_verify_params_spec() gives the D3D11.3 minima (§3 table):
 * 8 subtexel bits, 8 LOD fraction bits, the VK rho bounds for derivative LODs, a 1-LSB colour
 * threshold for filtered fixed-point results (2^-20 relative for float formats), and both tie rules
 * that D3D and VK allow between them (RNE or floor(a+0.5) layers at exact .5; every tied cube face). */
typedef struct sf_verify_params {
  unsigned subtexel_bits;    /* coordinate uncertainty 2^-bits texel (plus float error of u*size) */
  unsigned lod_bits;         /* LOD uncertainty 2^-bits */
  float color_ulp;           /* colour threshold in units of the format's LSB (fixed point) */
  float float_rel;           /* float formats: relative threshold (times max |texel|) */
  float abs_eps;             /* absolute floor of every threshold */
  bool rho_bounds;           /* derivative LODs: accept any rho in [max comp, sqrt2 * sum] (VK) */
  bool layer_ties;           /* accept floor(a+0.5) as well as RNE at exact .5 ties */
  bool cube_ties;            /* accept every face whose |axis| ties the major one */
  uint32_t quirks;           /* SF_QUIRK_* of the implementation under test (0 = pure spec) */
  bool explicit_grads;       /* SF_LOD_GRAD lanes were application gradients (textureGrad/sample_d),
                                not quad differences: SF_QUIRK_GRAD_NO_BIAS applies to them */
  sf_mesa_driver driver;     /* whose LOD model SF_QUIRK_FAST_LOG2 / MAXABS_RHO mean */
} sf_verify_params;

void sf_verify_params_spec(sf_verify_params *p);
/* Spec parameters plus a driver's quirks (used to classify oracle differences). */
void sf_verify_params_driver(sf_verify_params *p, sf_mesa_driver d);

typedef enum sf_verify_kind {
  SF_VERIFY_ALLOWED = 0,     /* inside the set of results the rules allow */
  SF_VERIFY_REJECTED,        /* outside it; why says which check failed and the nearest bound */
  SF_VERIFY_UNCHECKED        /* not decided: NaN/Inf inputs, coordinates beyond +-2^16, integer or
                                NV12 formats, NaN results from float formats, a lane out of range,
                                and (with SF_QUIRK_CUBE_LOD_UNMODELLED) cube derivative LODs */
} sf_verify_kind;

typedef struct sf_verify_result {
  sf_verify_kind kind;
  char why[256];             /* REJECTED/UNCHECKED: the reason; ALLOWED: the configuration matched */
  float lod_lo, lod_hi;      /* the clamped LOD interval the check used (NaN when not applicable) */
  float lo[4], hi[4];        /* the closest allowed per-channel range found (diagnostics) */
} sf_verify_result;

/* Decides whether result[4] (float bits; compare ops: channel 0) is an allowed outcome of lane
 * `lane` of batch b. Implicit-derivative lanes are checked with their gradient fields (the
 * executor's quad differences). SF_VERIFY_UNCHECKED is never an error: the caller decides. Never
 * aborts; b->surf NULL means an unbound surface (result must be 0). */
sf_verify_kind sf_verify_sample(const sf_sample_batch *b, unsigned lane, const uint32_t result[4],
                                const sf_verify_params *p, sf_verify_result *out);

/* Human-readable name of a kind ("allowed", "rejected", "unchecked"). */
const char *sf_verify_kind_name(sf_verify_kind k);

/* ---- 4. Cross-check runner (oracles/impl/mesa_xcheck.c) ------------------------------------ */

/* How one lane's difference between the reference (scalar backend) and the oracle is classified. */
typedef enum sf_xc_class {
  SF_XC_EXACT = 0,         /* |reference - oracle| <= 1e-5 on every compared channel */
  SF_XC_SPEC,              /* differs; both results are allowed by the spec rules */
  SF_XC_QUIRK,             /* differs; the oracle's result is allowed only with its modelled quirks */
  SF_XC_OURBUG,            /* the reference's result is rejected by the verifier: our bug */
  SF_XC_UNEXPLAINED,       /* differs; the oracle's result is outside even the quirk model */
  SF_XC_VERIFIER,          /* the two agree exactly but the verifier rejects them: verifier bug */
  SF_XC_UNCHECKED,         /* differs, and the verifier cannot decide (implementation-defined) */
  SF_XC_COUNT
} sf_xc_class;

#define SF_XC_NOPS 11u     /* sample, sample_b, sample_l, sample_lz, sample_d, lod, sample_c, ... */
#define SF_XC_NFILTERS 12u /* min x mag x mip */

typedef struct sf_xcheck_opts {
  sf_mesa_driver driver;
  uint64_t seed;
  unsigned n;              /* lanes (cases) to run; rounded up to whole configurations of 128 lanes */
  const char *repro_dir;   /* where a reproducer is written per failing lane (NULL: none) */
  unsigned max_repro;      /* cap on reproducer files (0: 16) */
  void *log;               /* FILE * for one line per non-exact lane (NULL: silent) */
  unsigned max_log;        /* cap on logged lines (0: 50) */
} sf_xcheck_opts;

typedef struct sf_xcheck_stats {
  uint64_t lanes, configs, skipped_configs;
  uint64_t by_class[SF_XC_COUNT];
  uint64_t by_op[SF_XC_NOPS][SF_XC_COUNT];
  uint64_t by_format[SF_FMT_COUNT][SF_XC_COUNT];
  uint64_t by_filter[SF_XC_NFILTERS][SF_XC_COUNT];
  uint64_t by_surf[SF_SURF_TYPE_COUNT][SF_XC_COUNT];
  uint64_t derivs_mismatch;    /* implicit quads whose driver derivatives differ from the request */
  uint64_t by_quirk[16];       /* SF_XC_QUIRK lanes explained by quirk bit i alone */
  uint64_t quirk_combined;     /* SF_XC_QUIRK lanes that need several quirks together */
  uint64_t spec_diff[3];       /* SF_XC_SPEC lanes by size of the difference: <= 1/255, <= 1/16, more */
  uint64_t model_lanes;        /* lanes sf_driver_model_sample models */
  uint64_t model_exact;        /* ... of which the oracle equals the model within 1e-5 */
  uint64_t model_exact_nonexact; /* model-exact lanes where the reference differs from the oracle */
  unsigned repro_written;
  double max_diff;             /* largest |reference - oracle| seen (finite values) */
} sf_xcheck_stats;

/* Generates opts->n lanes in configurations (surface type, format, size, sampler state, op, offsets)
 * drawn from a splitmix64 stream seeded with opts->seed, runs each through the scalar reference and
 * the oracle m, and classifies every lane. Deterministic for a seed and driver. Errors (GL failures,
 * allocation) are returned; differences are counted, never errors. */
sf_code sf_xcheck_run(sf_mesa *m, const sf_xcheck_opts *opts, sf_xcheck_stats *stats, sf_status *st);
/* True when any lane is OURBUG, UNEXPLAINED or VERIFIER, or a derivative mismatch was seen. */
bool sf_xcheck_failed(const sf_xcheck_stats *s);
/* Writes the agreement tables (per class, op, format, filter, surface type) to f (a FILE *). */
void sf_xcheck_print(const sf_xcheck_stats *s, void *f);
const char *sf_xc_class_name(sf_xc_class c);
const char *sf_xc_op_name(unsigned op);
const char *sf_xc_filter_name(unsigned f);

#ifdef __cplusplus
}
#endif
#endif
