/* samplefuzz/sampler.h — the reference sampler (the numeric oracle): surfaces and formats, sampler
 * state, machine state, the executor (sf_inst + state -> sample requests -> dst bytes) and the
 * backend table that scalar, SIMD and plug-in implementations fill in.
 *
 * Follows docs/precision-model.md and D3D11.3 §7.18; every
 * arithmetic step is written down in docs/precision-model.md.
 *
 * Layers (each usable on its own):
 *   1. sf_surface / sf_format   texel storage and decode (§3.2.3 conversions)
 *   2. sf_sampler               the SAMPLER_STATE fields that matter
 *   3. sf_state                 vISA variables, predicates, dispatch mask; D3D quad registers; the
 *                               surface (T#) and sampler (S#) bindings
 *   4. sf_exec                  resolves operands, builds sf_sample_batch / sf_unorm_req / sf_avs_req,
 *                               calls the backend, writes dst bytes in the spec layouts
 *   5. sf_backend               batches of requests in, values out. Backends never see instructions.
 *
 * Contracts: no function here aborts on bad input. Bad state gives an sf_status error (SF_ERR_STATE,
 * SF_ERR_LIMIT, SF_ERR_INVALID) or a result the precision model defines; AVS adaptive/IEF requests
 * give SF_UNSUPPORTED. Results are bit-identical across compilers and optimisation levels. */
#ifndef SAMPLEFUZZ_SAMPLER_H
#define SAMPLEFUZZ_SAMPLER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/inst.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Caps (hard limits; exceeding one is SF_ERR_LIMIT with a message) ------------------------ */
#define SF_SURF_MAX_DIM 16384u         /* width, height, depth of level 0 */
#define SF_SURF_MAX_LEVELS 15u         /* log2(16384)+1 */
#define SF_SURF_MAX_LAYERS 2048u       /* array layers (cube: faces count, i.e. 6 x cubes) */
#define SF_SURF_MAX_TEXELS (1u << 22)  /* all levels, layers and slices together */
#define SF_NULL_TILE 8u                /* null-page map granularity: 8x8 texels per (level, slice) */

#define SF_MAX_LANES 32u               /* exec size 32 */
#define SF_MAX_SURFACES 256u           /* T# / vISA surface index (ub) */
#define SF_MAX_SAMPLERS 256u           /* S# / vISA sampler index (ub) */
#define SF_MAX_VARS 64u                /* vISA general variables in one state */
#define SF_VAR_MAX_BYTES 8192u         /* bytes per variable */
#define SF_MAX_PREDS 32u               /* vISA predicate variables P0..P31 */
#define SF_MAX_ADDRS 16u               /* vISA address variables A0..A15 (16 UW elements each) */

/* ---- Surfaces and formats ------------------------------------------------------------------- */

typedef enum sf_surf_type {
  SF_SURF_1D = 0, SF_SURF_1D_ARRAY, SF_SURF_2D, SF_SURF_2D_ARRAY, SF_SURF_3D, SF_SURF_CUBE,
  SF_SURF_CUBE_ARRAY, SF_SURF_TYPE_COUNT
} sf_surf_type;

typedef enum sf_format {
  SF_FMT_R8_UNORM = 0, SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM,
  SF_FMT_R8_SRGB, SF_FMT_RG8_SRGB, SF_FMT_RGBA8_SRGB,   /* sRGB applies to R,G,B; never A */
  SF_FMT_RGBA8_SNORM,
  SF_FMT_R16_UNORM, SF_FMT_RGBA16_UNORM,
  SF_FMT_R16F, SF_FMT_RGBA16F,
  SF_FMT_R32F, SF_FMT_RG32F, SF_FMT_RGBA32F,
  SF_FMT_D32F,
  SF_FMT_R8_UINT, SF_FMT_R16_UINT, SF_FMT_R32_UINT, SF_FMT_R32_SINT,  /* point sampling only */
  SF_FMT_NV12,           /* SAMPLE_UNORM and AVS only: Y plane then interleaved CbCr at half res */
  SF_FMT_COUNT
} sf_format;

typedef enum sf_fmt_class {
  SF_FCLASS_UNORM, SF_FCLASS_SRGB, SF_FCLASS_SNORM, SF_FCLASS_FLOAT, SF_FCLASS_DEPTH,
  SF_FCLASS_UINT, SF_FCLASS_SINT, SF_FCLASS_YUV
} sf_fmt_class;

typedef struct sf_format_info {
  const char *name;        /* "rgba8_unorm", ... */
  uint8_t bytes;           /* bytes per texel (NV12: 1, the Y plane) */
  uint8_t channels;        /* 1..4 (NV12: 3) */
  uint8_t bits;            /* bits per channel */
  uint8_t cls;             /* sf_fmt_class */
} sf_format_info;

/* NULL for an unknown format. */
const sf_format_info *sf_format_get(unsigned fmt);
const char *sf_surf_type_name(unsigned type);
/* How many of the U, V, W address modes a surface type uses: 1 (1D, 1D array: the layer is not
 * wrapped), 2 (2D, 2D array), 3 (3D), 0 (cubes: seamless, no address mode applies). */
unsigned sf_surf_type_wrap_axes(unsigned type);

typedef struct sf_surface_desc {
  uint8_t type;            /* sf_surf_type */
  uint8_t format;          /* sf_format */
  uint32_t width, height;  /* level 0; 1D: height must be 1 */
  uint32_t depth;          /* 3D only (else 1) */
  uint32_t layers;         /* array layers; cube: number of cubes (faces = 6 x layers); else 1 */
  uint32_t levels;         /* mip levels, 1..full chain */
} sf_surface_desc;

typedef struct sf_level {
  uint32_t w, h, d;        /* dimensions of this level (d: 3D slices, else 1) */
  size_t offset;           /* byte offset of (slice/layer 0, row 0, x 0) in data */
  size_t row_pitch;        /* bytes per row */
  size_t slice_pitch;      /* bytes per slice (3D) or per layer/face (arrays, cubes) */
  size_t null_offset;      /* index of this level's first tile in null_map */
  uint32_t tiles_x, tiles_y;
} sf_level;

/* A surface owns its texel bytes and null map. Layout: for each level, for each layer (cubes:
 * layer*6+face, face order +X -X +Y -Y +Z -Z) or 3D slice, rows top to bottom, texels left to
 * right, each texel `bytes` wide, channels in RGBA order, little-endian. NV12 (2D, 1 level, even
 * width/height): the Y plane (w x h bytes) then the CbCr plane ((w/2) x (h/2) pairs Cb,Cr);
 * levels[0].row_pitch = w, chroma at nv12_uv_offset with row pitch w. */
typedef struct sf_surface {
  sf_surface_desc desc;
  uint32_t faces;          /* 6 for cubes, else 1 */
  uint32_t slices;         /* layers*faces (arrays/cubes) or 1 (3D uses levels[l].d) */
  sf_level levels[SF_SURF_MAX_LEVELS];
  size_t nv12_uv_offset;
  uint8_t *data;
  size_t size;
  uint8_t *null_map;       /* one byte per SF_NULL_TILE^2 tile per (level, slice): 1 = null page */
  size_t null_size;
} sf_surface;

/* Validates d against the caps and allocates a zero-filled surface. */
sf_code sf_surface_create(sf_surface **out, const sf_surface_desc *d, sf_status *st);
/* Frees s and its storage; a NULL s does nothing. */
void sf_surface_free(sf_surface *s);
/* Copies n bytes of pattern cyclically over the whole texel store (n may be 0: leaves zeros). */
void sf_surface_fill(sf_surface *s, const uint8_t *pattern, size_t n);
/* Pointer to a texel's bytes (NULL if out of range). slice = layer/face/3D slice. */
uint8_t *sf_surface_texel(sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y);
/* Marks the tile holding (x, y) of (level, slice) as null (texels there read as 0). */
sf_code sf_surface_set_null(sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y,
                            bool null_page, sf_status *st);
/* Encodes rgba (float) into one texel with the format's FLOAT -> format conversion (D3D §3.2.3);
 * integer formats take rgba[i] converted with RNE and saturation. NV12: the texel's Y byte takes
 * rgba[1] (G, the channel the samplers return Y in) as UNORM8; the CbCr plane is not written. */
sf_code sf_surface_store(sf_surface *s, unsigned level, unsigned slice, unsigned x, unsigned y,
                         const float rgba[4], sf_status *st);

/* Decodes one texel to 4 x 32-bit values: float bits for float/unorm/snorm/srgb/depth formats,
 * integer bits for UINT/SINT. Missing channels read (0, 0, 0, 1) (1 as integer for int formats). */
void sf_format_decode(unsigned fmt, const uint8_t *texel, uint32_t out[4]);

/* Exact conversions used everywhere (docs/precision-model.md "Conversions"). */
float sf_half_to_float(uint16_t h);
uint16_t sf_float_to_half(float f);      /* RNE, overflow to Inf, NaN -> 0x7e00 */
float sf_srgb8_to_float(uint8_t c);      /* table, D3D §3.2.3.7 */
uint8_t sf_float_to_srgb8(float f);      /* nearest table entry (ties to the lower code); clamps */
float sf_unorm_to_float(uint32_t v, unsigned bits);  /* v / (2^bits - 1), correctly rounded; bits 1..32 */

/* ---- Sampler state (the SAMPLER_STATE fields that matter) ----------------------------------- */

typedef enum sf_filter { SF_FILTER_POINT = 0, SF_FILTER_LINEAR = 1 } sf_filter;
typedef enum sf_mipfilter { SF_MIP_NONE = 0, SF_MIP_POINT = 1, SF_MIP_LINEAR = 2 } sf_mipfilter;
typedef enum sf_addr {
  SF_ADDR_WRAP = 0, SF_ADDR_MIRROR, SF_ADDR_CLAMP, SF_ADDR_BORDER, SF_ADDR_MIRROR_ONCE, SF_ADDR_COUNT
} sf_addr;
/* D3D convention: the comparison passes when `ref OP texel`. (Intel's prefilter op is inverted:
 * drivers program the negated/swapped op; see docs/precision-model.md.) */
typedef enum sf_cmp {
  SF_CMP_NEVER = 0, SF_CMP_LESS, SF_CMP_EQUAL, SF_CMP_LESS_EQUAL, SF_CMP_GREATER, SF_CMP_NOT_EQUAL,
  SF_CMP_GREATER_EQUAL, SF_CMP_ALWAYS
} sf_cmp;

#define SF_AVS_PHASES 32u
#define SF_AVS_LUMA_TAPS 8u
#define SF_AVS_CHROMA_TAPS 4u

typedef struct sf_sampler {
  uint8_t min_filter, mag_filter;  /* sf_filter */
  uint8_t mip_filter;              /* sf_mipfilter */
  uint8_t addr[3];                 /* U, V, W: sf_addr */
  float border[4];                 /* RGBA, clamped and snapped to the format when used */
  int16_t lod_bias;                /* s4.8: [-4096, 4095] = [-16, 15.996] */
  uint16_t min_lod, max_lod;       /* u4.8: [0, 4095] */
  uint8_t compare;                 /* sf_cmp, used by the *_c ops */
  /* AVS (SAMPLER_STATE_8X8_AVS): S1.6 coefficients, each phase's taps sum to 64. */
  int8_t avs_luma[SF_AVS_PHASES][SF_AVS_LUMA_TAPS];
  int8_t avs_chroma[SF_AVS_PHASES][SF_AVS_CHROMA_TAPS];
  bool avs_shuffle;                /* output shuffle */
  bool avs_adaptive;               /* adaptive filtering requested -> SF_UNSUPPORTED */
  bool avs_ief;                    /* IEF enabled in the state (applies when IEFBypass bit0 = 1) */
  bool avs_8tap_all;               /* 8-tap luma table for all channels (else R,B use chroma 4-tap) */
} sf_sampler;

/* Point/point/none, clamp, border 0, no bias, min 0 max 15.996, NEVER; AVS "nearest" tables: 64 on
 * the nearer of the two centre taps (luma tap 3 for phases 0-15 and tap 4 for 16-31, chroma tap 1
 * and tap 2), 0 on the others. A NULL s does nothing. */
void sf_sampler_default(sf_sampler *s);
/* Checks enum fields and AVS tap sums; SF_ERR_INVALID with the field name. */
sf_code sf_sampler_check(const sf_sampler *s, sf_status *st);

/* ---- Machine state --------------------------------------------------------------------------- */

typedef struct sf_var {
  uint32_t id;             /* vISA general variable id; 0 = %null (never stored here) */
  uint8_t type;            /* sf_vtype of its elements */
  uint32_t size;           /* bytes, <= SF_VAR_MAX_BYTES */
  uint8_t *bytes;          /* owned by the state */
} sf_var;

/* D3D register file caps (per lane). */
#define SF_D3D_MAX_TEMPS 32u
#define SF_D3D_MAX_INPUTS 32u
#define SF_D3D_MAX_OUTPUTS 8u
#define SF_D3D_MAX_CB 4u
#define SF_D3D_MAX_CB_VEC 64u
#define SF_D3D_MAX_XARR 4u
#define SF_D3D_MAX_XVEC 16u

/* The D3D quad: 4 lanes in the 2x2 layout lane 0 top-left, 1 top-right, 2 bottom-left,
 * 3 bottom-right (the layout vISA uses for each group of 4 lanes too). */
typedef struct sf_d3d_regs {
  uint32_t r[4][SF_D3D_MAX_TEMPS][4];
  uint32_t v[4][SF_D3D_MAX_INPUTS][4];
  uint32_t o[4][SF_D3D_MAX_OUTPUTS][4];
  uint32_t x[4][SF_D3D_MAX_XARR][SF_D3D_MAX_XVEC][4];
  uint32_t cb[SF_D3D_MAX_CB][SF_D3D_MAX_CB_VEC][4];  /* shared by the quad */
  uint8_t live;            /* bit per lane: 1 = lane writes its result (0 = helper lane) */
} sf_d3d_regs;

typedef struct sf_state {
  /* bindings (not owned) */
  const sf_surface *surfaces[SF_MAX_SURFACES];
  const sf_sampler *samplers[SF_MAX_SAMPLERS];
  /* vISA */
  unsigned grf_bytes;      /* 32 (default) or 64 */
  uint32_t dmask;          /* dispatch mask, bit per lane */
  uint32_t preds[SF_MAX_PREDS];  /* predicate variable values, bit per lane */
  uint16_t addrs[SF_MAX_ADDRS][16];  /* reserved: indirect operands are SF_UNSUPPORTED for now */
  unsigned nvars;
  sf_var vars[SF_MAX_VARS];
  /* D3D */
  sf_d3d_regs d3d;
} sf_state;

/* Zeroes st and sets grf_bytes = 32, dmask = all lanes, d3d.live = 0xF. Does not allocate. A NULL
 * st does nothing, here and in sf_state_free. */
void sf_state_init(sf_state *st);
/* Frees the variable storage (bindings are not owned). The state then holds no variable and may be
 * filled again; its bindings and other fields are kept. */
void sf_state_free(sf_state *st);
/* Declares (or re-declares) variable id with `size` zero bytes of element type `type`.
 * Returns its storage through *bytes (may be NULL); on failure *bytes is NULL. SF_ERR_LIMIT past
 * the caps. */
sf_code sf_state_add_var(sf_state *st, uint32_t id, uint8_t type, uint32_t size, uint8_t **bytes,
                         sf_status *status);
sf_var *sf_state_var(sf_state *st, uint32_t id);            /* NULL if not declared */
const sf_var *sf_state_var_c(const sf_state *st, uint32_t id);

/* ---- Requests (what backends see) ------------------------------------------------------------ */

/* How the LOD of a 3D request is obtained. */
typedef enum sf_lod_mode {
  SF_LOD_GRAD = 0,     /* from dudx.. per lane (implicit-derivative ops: the executor fills the quad's
                          coarse differences, identical for the 4 lanes of a quad) */
  SF_LOD_GRAD_BIAS,    /* gradients + lod_or_bias[] as bias */
  SF_LOD_EXPLICIT,     /* lod_or_bias[] is the LOD */
  SF_LOD_ZERO          /* LOD 0 (then sampler bias and clamps) */
} sf_lod_mode;

/* A batch of up to 32 lanes of the same op on the same surface and sampler, structure of arrays so
 * a SIMD backend can load 4/8/16 lanes per register. Inputs are float32 (HF widened exactly). */
typedef struct sf_sample_batch {
  const sf_surface *surf;  /* NULL = unbound: every lane returns 0 (D3D §7.18.17) */
  const sf_sampler *samp;
  uint8_t lod_mode;        /* sf_lod_mode */
  bool compare;            /* PCF with ref[] (sf_sampler.compare) */
  bool lod_query;          /* LOD op: out R = clamped LOD, G = unclamped (biased) LOD, B = A = 0 */
  uint32_t lanes;          /* bit per lane to compute (others are left 0); bits at n and above name no lane */
  unsigned n;              /* lanes in the arrays, <= SF_MAX_LANES */
  float u[SF_MAX_LANES], v[SF_MAX_LANES], r[SF_MAX_LANES], ai[SF_MAX_LANES];
  float ref[SF_MAX_LANES];
  float lod_or_bias[SF_MAX_LANES];
  float dudx[SF_MAX_LANES], dudy[SF_MAX_LANES];
  float dvdx[SF_MAX_LANES], dvdy[SF_MAX_LANES];
  float drdx[SF_MAX_LANES], drdy[SF_MAX_LANES];
  int8_t off_u[SF_MAX_LANES], off_v[SF_MAX_LANES], off_r[SF_MAX_LANES];  /* texel offsets */
} sf_sample_batch;

typedef struct sf_sample_out {
  /* 32-bit values per channel and lane: float bits, or integer bits for UINT/SINT formats */
  uint32_t v[4][SF_MAX_LANES];
  uint32_t null_mask;      /* bit per lane: 1 unless a null page was the source of a weighted texel */
  bool is_int;             /* the values are integers (UINT/SINT format) */
} sf_sample_out;

/* SAMPLE_UNORM: one 8x4 block. Output is 8.8 fixed point per channel and pixel (pixel = y*8+x). */
typedef struct sf_unorm_req {
  const sf_surface *surf;
  const sf_sampler *samp;
  float u, v, du, dv;
} sf_unorm_req;
typedef struct sf_unorm_out {
  uint16_t v[4][32];
} sf_unorm_out;

/* SAMPLE_UNORM over a grid of blocks_x x blocks_y 8x4 blocks (one call for a whole resize). Block
 * (i, j) is exactly the per-block request {surf, samp, u + (float)i * bu, v + (float)j * bv, du, dv}
 * (one multiply, one add, each rounded to float32), so every pixel equals what sample_unorm gives
 * for its block. Output pixel (x, y) of block (i, j) is element (X, Y) = (8i + x, 4j + y) of the
 * rect: channel k is written at out->v[k][Y * out->pitch + X] (8.8 fixed point, as sf_unorm_out);
 * a NULL plane is not written. Caps: blocks_x, blocks_y <= SF_UNORM_RECT_MAX_BLOCKS; 8 * blocks_x
 * <= pitch <= SF_UNORM_RECT_MAX_PITCH; each non-NULL plane must hold (4 * blocks_y - 1) * pitch +
 * 8 * blocks_x elements (the caller's buffer: not checkable here). An empty grid within the caps
 * writes nothing and returns SF_OK. */
#define SF_UNORM_RECT_MAX_BLOCKS 8192u
#define SF_UNORM_RECT_MAX_PITCH ((size_t)1 << 40)
typedef struct sf_unorm_rect_req {
  const sf_surface *surf;
  const sf_sampler *samp;
  float u, v;              /* origin of block (0, 0) */
  float bu, bv;            /* block origin step per block column / row */
  float du, dv;            /* pixel step inside a block (sf_unorm_req.du/dv) */
  uint32_t blocks_x, blocks_y;
} sf_unorm_rect_req;
typedef struct sf_unorm_rect_out {
  uint16_t *v[4];          /* channel planes R, G, B, A (NULL = not wanted) */
  size_t pitch;            /* elements per rect row in every plane */
} sf_unorm_rect_out;

/* AVS: up to 16x8 pixels. Output is 8.8 fixed point per channel and pixel (pixel = y*16+x for
 * 16-wide modes, y*w+x otherwise, w = block width). */
typedef struct sf_avs_req {
  const sf_surface *surf;
  const sf_sampler *samp;
  float u, v, du, dv, u2d, v2d;
  uint32_t vbn;            /* vertical block number: rows start at 4*vbn */
  uint8_t w, h;            /* 16x4, 8x4, 16x8, 4x4 */
  bool ief;                /* IEF requested (state avs_ief and IEFBypass bit0 = 1) */
} sf_avs_req;
typedef struct sf_avs_out {
  uint16_t v[4][128];
} sf_avs_out;

/* ---- Backends -------------------------------------------------------------------------------- */

/* A backend. Every entry returns SF_OK or an error in st; out is fully written on SF_OK; a NULL
 * request or output is refused with SF_ERR_INVALID, as the dispatching entry points do. A backend
 * may leave an entry NULL: the dispatcher then uses the scalar one. Must be reentrant. */
typedef struct sf_backend {
  const char *name;        /* "scalar", "sse2", "avx2", "avx512", or a plug-in's name */
  sf_code (*sample)(const sf_sample_batch *req, sf_sample_out *out, sf_status *st);
  sf_code (*sample_unorm)(const sf_unorm_req *req, sf_unorm_out *out, sf_status *st);
  sf_code (*avs)(const sf_avs_req *req, sf_avs_out *out, sf_status *st);
  /* Appended: SAMPLE_UNORM over a grid of blocks. NULL: sf_sample_unorm_rect loops over this
   * backend's sample_unorm (or the scalar one), block by block. On an error the planes' content is
   * unspecified. Results must equal the per-block entry's, bit for bit. */
  sf_code (*sample_unorm_rect)(const sf_unorm_rect_req *req, const sf_unorm_rect_out *out, sf_status *st);
} sf_backend;

#define SF_BACKEND_PLUGIN_SYMBOL "sf_backend_plugin"  /* `const sf_backend *sf_backend_plugin(void)` */

const sf_backend *sf_backend_scalar(void);
/* Registered backends the CPU supports, scalar first (SIMD backends register themselves through
 * sf_backend_builtin_*; a backend whose CPU feature is missing is not listed). Returns the count. */
unsigned sf_backend_list(const sf_backend **out, unsigned max);
/* Finds a listed backend by name; NULL if unknown or not supported by this CPU. */
const sf_backend *sf_backend_find(const char *name);
/* The runtime choice, made once: SF_SIMD=scalar|sse2|avx2|avx512 forces one (an unknown or
 * unsupported name falls back to scalar, and the reason is available from sf_backend_note()),
 * else the best supported backend. Thread-safe after the first call. */
const sf_backend *sf_backend_select(void);
const char *sf_backend_note(void);
/* The choice sf_backend_select makes, for a given SF_SIMD value (NULL or "" = none), without the
 * environment or the once-only state; writes the note (as sf_backend_note gives it) to note[cap]
 * (nothing when note is NULL or cap is 0). */
const sf_backend *sf_backend_choose(const char *name, char *note, size_t cap);
/* How many requests built-in SIMD backend be has handed to the scalar code on this thread (what it
 * does not vectorize, docs/simd.md); 0 for the scalar backend and plugins. For checks that a fast
 * path still runs: its results alone cannot show that. */
unsigned long sf_backend_forwarded(const sf_backend *be);
/* What a built-in SIMD backend counts on this thread, for checks that a fast path still takes the
 * way it was built for (its results are the same bits either way): the requests it forwards to the
 * scalar code (sf_backend_forwarded), and the SAMPLE_UNORM rect's groups of 8 output columns by how
 * the horizontal pass reads their texels (docs/simd.md "The SAMPLE_UNORM rect"): a per-texel
 * gather, or one 16-byte window per two pixels (pair) or per four (quad); and the R8 rect's groups
 * of 8 columns whose 16 taps one permute picks from a window of 32 V-row slots (AVX-512 BW/VL only;
 * the others gather); and the SAMPLE_UNORM 8x4 blocks the block fast path computed (AVX2 and
 * AVX-512: docs/simd.md "The SAMPLE_UNORM block fast path"); and the source rows the RGBA8 rect's
 * horizontal pass filtered (each once while it stays in one of the two row slots). 0 for the scalar
 * backend, plug-ins, a counter past the last, and backends without that path (the RGBA8 rect
 * windows are AVX2's). */
typedef enum sf_backend_counter {
  SF_COUNT_FORWARDED,
  SF_COUNT_RECT_GATHER,
  SF_COUNT_RECT_PAIR,
  SF_COUNT_RECT_QUAD,
  SF_COUNT_RECT_R8_WINDOW,
  SF_COUNT_UNORM_FAST,
  SF_COUNT_RECT_HROWS,
  SF_COUNT_COUNT
} sf_backend_counter;
unsigned long sf_backend_count(const sf_backend *be, sf_backend_counter which);

/* SAMPLE_UNORM rect through backend be (NULL = sf_backend_select()): checks the request's shape
 * (NULL pointers, caps, pitch: SF_ERR_INVALID / SF_ERR_LIMIT), then be->sample_unorm_rect, or the
 * generic block loop when that entry is NULL. */
sf_code sf_sample_unorm_rect(const sf_backend *be, const sf_unorm_rect_req *req, const sf_unorm_rect_out *out,
                             sf_status *st);
/* The generic block loop: block (i, j) through the per-block entry fn (NULL = scalar), copied into
 * the planes. Checks the shape as sf_sample_unorm_rect does. Plug-ins may use it as their entry. */
sf_code sf_unorm_rect_by_blocks(sf_code (*fn)(const sf_unorm_req *req, sf_unorm_out *out, sf_status *st),
                                const sf_unorm_rect_req *req, const sf_unorm_rect_out *out, sf_status *st);

/* ---- The executor ---------------------------------------------------------------------------- */

/* Executes one instruction on st with backend be (NULL = sf_backend_select()). Writes the dst bytes
 * into st's variables (vISA) or registers (D3D). On error, st is not modified. */
sf_code sf_exec(const sf_inst *in, sf_state *st, const sf_backend *be, sf_status *status);

/* Running the whole pipeline for one lane batch without an instruction (tests, SIMD diffing):
 * validates the request against the caps and calls be->sample (or the scalar one). */
sf_code sf_sample(const sf_backend *be, const sf_sample_batch *req, sf_sample_out *out,
                  sf_status *st);

/* Determinism helper: runs n_cases generated cases (surfaces, samplers, ops, coordinates from a
 * splitmix64 stream seeded with seed) through the executor with the scalar backend and returns an
 * XXH3-64 over every dst byte and status code. Same value on every compiler/optimisation level. */
uint64_t sf_sampler_selfhash(unsigned n_cases, uint64_t seed);

/* Writes a readable summary of a surface / sampler into buf (always NUL-terminated); a NULL surface
 * is "(unbound)". */
const char *sf_surface_describe(const sf_surface *s, char *buf, size_t n);
const char *sf_sampler_describe(const sf_sampler *s, char *buf, size_t n);

/* ---- Hand-written text cases (`samplefuzz run`, docs/case-text.md) ---------------------------- */

/* A case written by hand: surfaces, samplers, machine state and one instruction (vISA text or
 * fxc-style D3D asm). One directive per line, '#' starts a comment:
 *   surface T6 2d rgba8_unorm 4x4 [layers=N] [levels=N]     (W, WxH or WxHxD; types as
 *                                                             sf_surf_type_name, formats as sf_format_info.name)
 *   fill T6 <hex bytes>                  pattern repeated over all texel bytes
 *   texel T6 <level> <slice> <x> <y> <r> <g> <b> <a>   floats, stored with the format's conversion
 *   bytes T6 <level> <slice> <x> <y> <hex bytes>        raw texel bytes
 *   data T6 <byte offset> <hex bytes>    raw bytes of the store (layout above; NV12's CbCr plane)
 *   null T6 <level> <slice> <x> <y>      marks the 8x8 tile holding (x, y) as a null page
 *   bind T7[-T9] T6 | bind S1[-S3] S0    slots that read the surface / sampler declared at T6 / S0
 *   sampler S0 [min=point|linear] [mag=..] [mip=none|point|linear] [addr=U[,V[,W]]]
 *              [border=r,g,b,a] [bias=F] [minlod=F] [maxlod=F] [cmp=less|...]
 *              [avs_shuffle] [avs_adaptive] [avs_ief] [avs_8tap_all]
 *   avs S0 luma|chroma <phase> <tap0> ...  one phase's AVS coefficients (S1.6 integers)
 *   var V40 <type> <bytes> [= v0 v1 ...]  element values by type (sf_textcase_value)
 *   set V40 <element> v0 v1 ...           element values from an index on
 *   raw V40 <byte offset> <hex bytes>     raw bytes of a variable
 *   dmask 0xFFFF | pred P1 0x0F | grf 32|64 | live 0xF (D3D lanes that write)
 *   reg <r|v|o><N> <lane 0-3|*> x y z w    D3D register values (floats, or 0x.. bits)
 *   reg x<A>[<N>] <lane 0-3|*> x y z w  |  reg cb<B>[<N>] * x y z w
 *   inst <one vISA instruction line>  |  d3d <one D3D sample* instruction line>
 * Errors are SF_ERR_SYNTAX / SF_ERR_RANGE / SF_ERR_LIMIT at line:col. */
#define SF_TEXTCASE_MAX_BYTES (1u << 20)
#define SF_TEXTCASE_MAX_TEXT 512u

typedef struct sf_textcase {
  sf_state state;
  sf_surface *surf[SF_MAX_SURFACES];   /* owned; bound into state.surfaces */
  sf_sampler samp[SF_MAX_SAMPLERS];    /* storage of the declared samplers */
  bool have_inst;
  sf_inst inst;
  char inst_text[SF_TEXTCASE_MAX_TEXT];
} sf_textcase;

/* Parses a text case into a new heap object (*out; NULL on error). */
sf_code sf_textcase_parse(const char *text, size_t len, sf_textcase **out, sf_status *st);
void sf_textcase_free(sf_textcase *tc);
/* Executes the case's instruction with be (NULL = sf_backend_select()) and appends a readable
 * report to report: surfaces, samplers, the instruction, the status, and per-lane / per-pixel
 * results decoded from dst. The execution status is returned (the report is written either way). */
sf_code sf_textcase_run(sf_textcase *tc, const sf_backend *be, sf_buf *report, sf_status *st);
/* One element value of a `var` / `set` line as the element's bits: integers (decimal or 0x; a
 * negative value is two's complement) within the element's signed or unsigned range; f / hf / bf / df
 * as decimals (read as a float, or a double for df, with round-to-nearest-even, then rounded to
 * nearest even again for hf and bf) or as 0x followed by the element's own bits.
 * Returns NULL, or the reason s is refused. */
const char *sf_textcase_value(uint8_t type, const char *s, uint64_t *bits);
/* Writes a machine state and its instruction as case text that sf_textcase_parse reads back to the
 * same state (oracles/sampler/textcase_write.c, docs/case-text.md "Written cases"): every bound
 * surface slot with its description, texel bytes and null pages (a slot that shares an earlier
 * slot's object as a `bind` line), every bound sampler slot with every field, the AVS rows that
 * differ from sf_sampler_default's, the GRF size, dispatch mask, predicates, variables, D3D registers
 * and the instruction (vISA text with context-free names or D3D asm). SF_UNSUPPORTED for what the
 * case text cannot hold (address registers, a variable of type v / vf / uv). */
sf_code sf_textcase_write(const sf_state *s, const sf_inst *in, sf_buf *out, sf_status *st);

#ifdef __cplusplus
}
#endif
#endif
