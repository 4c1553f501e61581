/* inst_gen.c — draws random instructions of every family from fuzz bytes (samplefuzz/gen.h).
 *
 * Two modes:
 *   - SF_GEN_VALID: the instruction satisfies sf_inst_validate() (inst.h) and only refers to the
 *     fixed declaration set sf_gen_vars / S0..S3 / T6..T9 / P1..P3 / A0..A1. It also keeps to the
 *     extra rules IGC's verifier enforces (docs/visa-binary.md: region width <= exec size,
 *     a region stays within 2 GRFs, raw operands GRF-aligned and inside their variable, sampler
 *     index declared), so GenX_IR can serve as an oracle on every such instruction.
 *   - otherwise: any instruction the model represents and the binary forms can store (operand
 *     classes 0-3, 5, 6; every region, type and modifier code; every op, exec size, emask and
 *     predicate word; every AVS cntrl/execMode nibble; 0-15 3D parameters; D3D operands of every
 *     type, component selection, index form and extended token the TPF decoder reads), for codec
 *     fuzzing: encode then decode gives the instruction back.
 * Field layouts: docs/visa-binary.md, IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/); D3D: docs/dxbc.md
 * The result is sf_inst_canonicalize()d unless SF_GEN_RAW is given. Consumption of bytes depends on
 * the bytes and flags only (DESIGN principle 2). Zero bytes choose the plain form of every optional
 * feature (no predicate, user surface, general dst, f parameters), so an exhausted input gives the
 * simplest instruction. */
#include "samplefuzz/gen.h"
#include "samplefuzz/sampler.h"

#include <string.h>

/* ---- The declaration set ---------------------------------------------------------------------- */

enum {
  V_DST_UW = 32,   /* SAMPLE_UNORM / AVS dst */
  V_DST_F = 33,    /* 3D_SAMPLE dst */
  V_PAR_F = 34,    /* 3D_SAMPLE parameters, float */
  V_PAR_HF = 35,   /* 3D_SAMPLE parameters, half */
  V_S_F = 36,      /* scalar sources of type f */
  V_S_UD = 37,     /* ... ud */
  V_S_UW = 38,     /* ... uw */
  V_S_UB = 39,     /* ... ub */
  V_DST_HF = 40,   /* 3D_SAMPLE dst of the other types the executor converts to */
  V_DST_D = 41,
  V_DST_UD = 42,
  V_DST_W = 43,
};

#define ALIGN_GRF 5u

const sf_gen_var sf_gen_vars[] = {
    {V_DST_UW, SF_VT_UW, 1024, ALIGN_GRF, "SAMPLE_UNORM and AVS dst (2048 bytes)", false},
    {V_DST_F, SF_VT_F, 512, ALIGN_GRF, "3D_SAMPLE dst (2048 bytes)", false},
    {V_PAR_F, SF_VT_F, 1024, ALIGN_GRF, "3D_SAMPLE parameters of type f (4096 bytes)", false},
    {V_PAR_HF, SF_VT_HF, 1024, ALIGN_GRF, "3D_SAMPLE parameters of type hf (2048 bytes)", false},
    {V_S_F, SF_VT_F, 64, ALIGN_GRF, "scalar sources of type f (8 GRFs)", false},
    {V_S_UD, SF_VT_UD, 64, ALIGN_GRF, "scalar sources of type ud (8 GRFs)", false},
    {V_S_UW, SF_VT_UW, 128, ALIGN_GRF, "scalar sources of type uw: aoffimmi, IEFBypass (8 GRFs)", false},
    {V_S_UB, SF_VT_UB, 256, ALIGN_GRF, "scalar sources of type ub: IEFBypass (8 GRFs)", false},
    {V_DST_HF, SF_VT_HF, 512, ALIGN_GRF, "3D_SAMPLE dst of type hf (1024 bytes)", true},
    {V_DST_D, SF_VT_D, 256, ALIGN_GRF, "3D_SAMPLE dst of type d (1024 bytes)", true},
    {V_DST_UD, SF_VT_UD, 256, ALIGN_GRF, "3D_SAMPLE dst of type ud (1024 bytes)", true},
    {V_DST_W, SF_VT_W, 512, ALIGN_GRF, "3D_SAMPLE dst of type w (1024 bytes)", true},
};
const size_t sf_gen_var_count = sizeof sf_gen_vars / sizeof sf_gen_vars[0];

static const sf_gen_var *gen_var(uint32_t id) {
  for (size_t i = 0; i < sf_gen_var_count; i++)
    if (sf_gen_vars[i].id == id) return &sf_gen_vars[i];
  return NULL;
}

static uint32_t var_bytes(uint32_t id) {
  const sf_gen_var *v = gen_var(id);
  return v ? (uint32_t)v->num_elts * sf_vtype_size(v->type) : 0;
}

/* The scalar-source variable of a type (valid mode). */
static uint32_t scalar_var_of(uint8_t type) {
  switch (type) {
    case SF_VT_F: return V_S_F;
    case SF_VT_UD: return V_S_UD;
    case SF_VT_UW: return V_S_UW;
    default: return V_S_UB;
  }
}

typedef struct gctx {
  sf_fdp *f;
  bool valid;
} gctx;

/* ---- Vector operands -------------------------------------------------------------------------- */

/* Region codes (docs/visa-binary.md): value v has code 0 for "null", 1 for 0, log2(v)+2 otherwise. */
static const uint8_t VSTRIDE_CODES[] = {1, 2, 3, 4, 5, 6, 7};  /* 0,1,2,4,8,16,32 */
static const uint8_t WIDTH_CODES[] = {2, 3, 4, 5, 6};          /* 1,2,4,8,16 */
static const uint8_t HSTRIDE_CODES[] = {1, 2, 3, 4};           /* 0,1,2,4 */

/* Bytes spanned by an operand of `lanes` elements of `esize` bytes read through region r,
 * counted from its first element (IGC's verifier: a non-ALU source stays within 2 GRFs). */
static uint32_t region_span(const sf_region *r, unsigned lanes, unsigned esize) {
  unsigned vs = sf_region_value(r->vstride), w = sf_region_value(r->width), hs = sf_region_value(r->hstride);
  if (w == 0 || w == 0xFF || vs == 0xFF || hs == 0xFF) return 0xFFFFFFFFu;
  unsigned rows = lanes / w ? lanes / w : 1;
  uint32_t last = (uint32_t)(rows - 1) * vs + (uint32_t)(w - 1) * hs; /* element index of the last read */
  return (last + 1) * esize;
}

/* A region for a source read by `lanes` lanes (valid mode: width <= lanes and, together with the
 * byte offset `start` inside its GRF, within 2 GRFs; otherwise every 4-bit code). */
static sf_region gen_region(gctx *g, unsigned lanes, unsigned esize, unsigned start) {
  sf_region r = {0, 0, 0, 0};
  if (!g->valid) {
    uint8_t sel = sf_fdp_u8(g->f);
    uint16_t w = sf_fdp_u16(g->f);
    /* Mostly legal codes, sometimes any nibble (codes 8-15, null and the reserved top nibble). */
    if (sel & 1) {
      r.vstride = (uint8_t)(w & 0xF);
      r.width = (uint8_t)((w >> 4) & 0xF);
      r.hstride = (uint8_t)((w >> 8) & 0xF);
      r.hi = (uint8_t)((w >> 12) & 0xF);
    } else {
      r.vstride = VSTRIDE_CODES[(w & 0xF) % sizeof VSTRIDE_CODES];
      r.width = WIDTH_CODES[((w >> 4) & 0xF) % sizeof WIDTH_CODES];
      r.hstride = HSTRIDE_CODES[((w >> 8) & 0xF) % sizeof HSTRIDE_CODES];
    }
    return r;
  }
  r.vstride = SF_FDP_PICK(g->f, VSTRIDE_CODES);
  r.width = SF_FDP_PICK(g->f, WIDTH_CODES);
  r.hstride = SF_FDP_PICK(g->f, HSTRIDE_CODES);
  if (sf_region_value(r.width) > lanes) r.width = 2; /* width 1 */
  if (start + region_span(&r, lanes, esize) > 2 * SF_GEN_GRF_BYTES) {
    r.vstride = 1; r.width = 2; r.hstride = 1;          /* <0;1,0>: one element */
  }
  return r;
}

/* An immediate value of a type: floats from the interesting-value classes, integers mixed. */
static uint64_t gen_imm_value(gctx *g, uint8_t type) {
  sf_fdp *f = g->f;
  switch (type & 0x0F) {
    case SF_VT_F: return sf_fdp_f32_bits(f);
    case SF_VT_HF: case SF_VT_BF: return sf_fdp_f16_bits(f);
    case SF_VT_DF: return sf_fdp_f64_bits(f);
    case SF_VT_UQ: case SF_VT_Q: return sf_fdp_u64(f);
    case SF_VT_UW: case SF_VT_W: return sf_fdp_u16(f);
    case SF_VT_UB: case SF_VT_B: case SF_VT_BOOL: return sf_fdp_u8(f);
    default: {
      /* UD, D, V, VF, UV: small values half of the time. */
      uint8_t c = sf_fdp_u8(f);
      uint32_t v = sf_fdp_u32(f);
      return (c & 1) ? (uint64_t)(v & 0xFF) : (uint64_t)v;
    }
  }
}

/* A scalar source ("S" in the grammar) whose type must be one of types[] in valid mode.
 * lanes: the exec size that reads it (1 for SAMPLE_UNORM and AVS). */
static void gen_scalar(gctx *g, const uint8_t *types, size_t ntypes, unsigned lanes, sf_vopnd *o) {
  sf_fdp *f = g->f;
  memset(o, 0, sizeof *o);
  if (!g->valid) {
    /* Any class a file can hold: 0-3, 5, 6 (4 and 7 are not file classes, inst.h). */
    static const uint8_t CLASSES[] = {SF_VCLS_GENERAL, SF_VCLS_INDIRECT, SF_VCLS_IMMEDIATE, SF_VCLS_GENERAL,
                                      SF_VCLS_IMMEDIATE, SF_VCLS_ADDRESS, SF_VCLS_PREDICATE, SF_VCLS_STATE};
    uint8_t tag = sf_fdp_u8(f);
    o->cls = CLASSES[tag & 7];
    o->mod = (uint8_t)((tag >> 3) & 7);
    o->tag_hi = (uint8_t)(tag >> 6);
    switch (o->cls) {
      case SF_VCLS_GENERAL:
        o->id = sf_fdp_bool(f) ? sf_fdp_u32(f) : sf_fdp_range(f, 0, 48);
        o->row_off = sf_fdp_u8(f);
        o->col_off = sf_fdp_u8(f);
        o->region = gen_region(g, lanes, 4, 0);
        break;
      case SF_VCLS_ADDRESS:
        o->id = sf_fdp_u16(f);
        o->addr_off = sf_fdp_u8(f);
        o->width = sf_fdp_u8(f);
        break;
      case SF_VCLS_PREDICATE:
        o->id = sf_fdp_u16(f);
        break;
      case SF_VCLS_INDIRECT:
        o->id = sf_fdp_u16(f);
        o->addr_off = sf_fdp_u8(f);
        o->imm_off = (int16_t)sf_fdp_range_i64(f, INT16_MIN, INT16_MAX);
        o->type = sf_fdp_u8(f);
        o->region = gen_region(g, lanes, 4, 0);
        break;
      case SF_VCLS_IMMEDIATE:
        o->type = sf_fdp_bool(f) ? sf_fdp_u8(f) : (uint8_t)sf_fdp_range(f, 0, 15);
        o->imm = gen_imm_value(g, o->type);
        /* Types other than DF/UQ/Q store 4 bytes. */
        if (sf_vtype_size(o->type & 0x0F) != 8) o->imm &= 0xFFFFFFFFull;
        break;
      default: /* STATE */
        o->state_cls = sf_fdp_u8(f);
        o->id = sf_fdp_u16(f);
        o->addr_off = sf_fdp_u8(f);
        break;
    }
    return;
  }
  uint8_t type = sf_fdp_pick_u8(f, types, ntypes);
  unsigned cls = sf_fdp_pick(f, 3);
  uint8_t m = sf_fdp_u8(f);
  uint8_t mod = m < 160 ? SF_VMOD_NONE : (uint8_t)(SF_VMOD_ABS + m % 3u);
  unsigned esize = sf_vtype_size(type);
  if (cls == 0) {
    o->cls = SF_VCLS_GENERAL;
    o->mod = mod;
    o->id = scalar_var_of(type);
    unsigned rows = var_bytes(o->id) / SF_GEN_GRF_BYTES;
    o->row_off = (uint8_t)sf_fdp_range(f, 0, rows - 1);
    o->col_off = (uint8_t)sf_fdp_range(f, 0, SF_GEN_GRF_BYTES / esize - 1);
    /* The region may not leave the variable: the last row gets a one-GRF budget. */
    unsigned start = o->col_off * esize;
    if ((unsigned)o->row_off + 1 >= rows) start += SF_GEN_GRF_BYTES;
    o->region = gen_region(g, lanes, esize, start);
  } else if (cls == 1) {
    o->cls = SF_VCLS_INDIRECT;
    o->mod = mod;
    o->id = sf_fdp_range(f, 0, SF_GEN_NUM_ADDRS - 1);  /* A0, A1 (one element each) */
    o->addr_off = 0;
    o->imm_off = (int16_t)(sf_fdp_range(f, 0, 15) * esize);
    o->type = type;
    o->region = gen_region(g, lanes, esize, 0);
  } else {
    o->cls = SF_VCLS_IMMEDIATE;
    o->type = type;
    o->imm = gen_imm_value(g, type);
  }
}

/* A raw operand of the valid declaration set: GRF-aligned offset in [0, max_grf] GRFs. */
static void gen_raw_valid(gctx *g, uint32_t id, uint32_t need_bytes, sf_raw *r) {
  uint32_t grfs = var_bytes(id) / SF_GEN_GRF_BYTES;
  uint32_t need = (need_bytes + SF_GEN_GRF_BYTES - 1) / SF_GEN_GRF_BYTES;
  uint32_t max = grfs > need ? grfs - need : 0;
  r->id = id;
  r->off = (uint16_t)(sf_fdp_range(g->f, 0, max) * SF_GEN_GRF_BYTES);
}

static void gen_raw_any(gctx *g, sf_raw *r) {
  uint8_t c = sf_fdp_u8(g->f);
  if (c < 16) {
    r->id = 0;   /* %null */
    r->off = (c & 1) ? sf_fdp_u16(g->f) : 0;
    if (!(c & 1)) (void)sf_fdp_u16(g->f);
  } else if (c < 200) {
    r->id = sf_fdp_range(g->f, 32, 47);
    r->off = (uint16_t)(sf_fdp_u8(g->f) * 32u);
    (void)sf_fdp_u8(g->f);
  } else {
    r->id = sf_fdp_u32(g->f);
    r->off = sf_fdp_u16(g->f);
  }
}

static uint8_t popcount4(uint8_t m) {
  return (uint8_t)((m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1));
}

/* ---- SAMPLE_UNORM ----------------------------------------------------------------------------- */

static const uint8_t T_F[] = {SF_VT_F};
static const uint8_t T_UD[] = {SF_VT_UD};
static const uint8_t T_UW[] = {SF_VT_UW};
static const uint8_t T_IEF[] = {SF_VT_UB, SF_VT_UW, SF_VT_UD};

static void gen_unorm(gctx *g, sf_sample_unorm *u) {
  sf_fdp *f = g->f;
  memset(u, 0, sizeof *u);
  uint8_t ch = sf_fdp_u8(f);
  u->chan_mask = ch & 0x0F;
  u->out_fmt = (ch >> 4) & 3;
  u->chan_hi = (uint8_t)(ch >> 6);
  if (g->valid) {
    if (u->chan_mask == 0) u->chan_mask = (uint8_t)(1u + (ch >> 4) % 15u); /* fold 0 into 1..15 */
    u->chan_hi = 0;
    u->sampler = (uint8_t)sf_fdp_range(f, 0, SF_GEN_NUM_SAMPLERS - 1);
    u->surface = (uint8_t)sf_fdp_range(f, 6, 6 + SF_GEN_NUM_SURFACES - 1);
  } else {
    u->sampler = sf_fdp_u8(f);
    u->surface = sf_fdp_u8(f);
  }
  gen_scalar(g, T_F, 1, 1, &u->u);
  gen_scalar(g, T_F, 1, 1, &u->v);
  gen_scalar(g, T_F, 1, 1, &u->du);
  gen_scalar(g, T_F, 1, 1, &u->dv);
  if (g->valid) {
    /* 32 pixels per enabled channel, 2 bytes each (1 for the 8-bit formats). */
    uint32_t need = 32u * popcount4(u->chan_mask) * (u->out_fmt >= 2 ? 1u : 2u);
    gen_raw_valid(g, V_DST_UW, need, &u->dst);
  } else {
    gen_raw_any(g, &u->dst);
  }
}

/* ---- 3D_SAMPLE -------------------------------------------------------------------------------- */

static const uint8_t S3D_OPS[] = {
    SF_S3D_SAMPLE,      SF_S3D_SAMPLE_B,  SF_S3D_SAMPLE_L,     SF_S3D_SAMPLE_C,    SF_S3D_SAMPLE_D,
    SF_S3D_SAMPLE_B_C,  SF_S3D_SAMPLE_L_C, SF_S3D_LOD,         SF_S3D_SAMPLE_D_C,  SF_S3D_SAMPLE_LZ,
    SF_S3D_SAMPLE_C_LZ, SF_S3D_SAMPLE_PO, SF_S3D_SAMPLE_PO_B,  SF_S3D_SAMPLE_PO_L, SF_S3D_SAMPLE_PO_C,
    SF_S3D_SAMPLE_PO_D, SF_S3D_SAMPLE_PO_L_C};

static bool cps_op(uint8_t op) {
  return op == SF_S3D_SAMPLE || op == SF_S3D_SAMPLE_B || op == SF_S3D_SAMPLE_C || op == SF_S3D_SAMPLE_B_C ||
         op == SF_S3D_LOD;
}

static void gen_3d(gctx *g, sf_sample_3d *s) {
  sf_fdp *f = g->f;
  memset(s, 0, sizeof *s);
  uint16_t opw = sf_fdp_u16(f);
  uint8_t ex = sf_fdp_u8(f);
  uint16_t pw = sf_fdp_u16(f);
  uint8_t ch = sf_fdp_u8(f);
  if (g->valid) {
    s->op = S3D_OPS[(opw & 0xFF) % sizeof S3D_OPS];
    /* Exec size 8, 16 or 32; the emask keeps lanes + 4 * (emask & 7) <= 32. */
    static const uint8_t EXEC[] = {3, 4, 5};
    s->exec_size = EXEC[(ex & 0x0F) % 3u];
    unsigned lanes = sf_exec_size_lanes(s->exec_size);
    unsigned max_m = (32u - lanes) / 4u;               /* 6, 4 or 0 */
    s->emask = (uint8_t)(((ex >> 4) & 7u) % (max_m + 1u)) | (uint8_t)(ex & 0x80 ? 8 : 0);
    s->pixel_null_mask = (opw >> 8) & 1;
    s->cps = (opw >> 9) & 1;
    if (s->cps && (!cps_op(s->op) || lanes == 32)) s->cps = false;
    s->divs = (opw >> 10) & 1;
    /* A quarter of the instructions are predicated, by P1..P3 (zero bytes: none). */
    if ((pw & 3) == 3) {
      s->pred.id = (uint16_t)(1u + ((pw >> 2) & 0xFF) % SF_GEN_NUM_PREDS);
      s->pred.ctrl = (uint8_t)(((pw >> 10) & 3u) % 3u);
      s->pred.invert = (pw >> 15) & 1;
    }
    s->chan_mask = ch & 0x0F;
    if (s->chan_mask == 0) s->chan_mask = (uint8_t)(1u + (ch >> 4) % 15u);
    gen_scalar(g, T_UW, 1, lanes, &s->aoffimmi);
    if (s->aoffimmi.cls == SF_VCLS_IMMEDIATE) s->aoffimmi.imm &= 0x0FFF;
    /* S0..S3, sometimes the bindless S31; T6..T9, sometimes a predefined surface T1..T5. */
    uint8_t sc = sf_fdp_u8(f);
    s->sampler = sc >= 240 ? 31 : (uint8_t)(sc % SF_GEN_NUM_SAMPLERS);
    uint8_t tc = sf_fdp_u8(f);
    s->surface = tc >= 236 ? (uint8_t)(1 + tc % 5u) : (uint8_t)(6 + tc % SF_GEN_NUM_SURFACES);
    unsigned nroles = sf_s3d_param_roles(s->op, NULL, 0);
    s->num_params = (uint8_t)sf_fdp_range(f, 1, nroles);
    bool half = sf_fdp_u8(f) >= 192;  /* a quarter use hf parameters */
    uint32_t esz = half ? 2u : 4u;
    uint8_t dc = sf_fdp_u8(f);
    if (dc >= 248) {
      s->dst.id = 0;  /* %null.0 */
      s->dst.off = 0;
      (void)sf_fdp_u8(f);
    } else {
      /* The executor's dst range (docs/precision-model.md §14): each enabled channel a block of
       * lanes elements of the dst variable's type (not the parameters') rounded up to the GRF, and
       * one more GRF for the pixel null mask. A case's state may have 64-byte GRFs, so the range is
       * sized for those: it then fits either way. */
      /* Mostly f; one case in about eleven another type the executor converts the result to (docs/precision-model.md
       * "Destination types"): hf, d, ud, w or uw. */
      static const uint32_t other[5] = {V_DST_HF, V_DST_D, V_DST_UD, V_DST_W, V_DST_UW};
      uint32_t dv = dc >= 224 ? other[dc % 5] : V_DST_F;
      uint32_t blk = (lanes * sf_vtype_size(gen_var(dv)->type) + 63u) & ~63u;
      uint32_t need = popcount4(s->chan_mask) * blk + (s->pixel_null_mask ? 64u : 0u);
      gen_raw_valid(g, dv, need, &s->dst);
    }
    for (unsigned i = 0; i < s->num_params; i++) gen_raw_valid(g, half ? V_PAR_HF : V_PAR_F, lanes * esz, &s->params[i]);
    return;
  }
  /* Any: known ops most of the time, any 8-bit op otherwise. */
  s->op = (opw & 0x8000u) ? (uint8_t)(opw & 0xFF) : S3D_OPS[(opw & 0xFF) % sizeof S3D_OPS];
  s->pixel_null_mask = (opw >> 8) & 1;
  s->cps = (opw >> 9) & 1;
  s->divs = (opw >> 10) & 1;
  s->op_hi = (uint8_t)((opw >> 11) & 0x1F);
  s->exec_size = ex & 0x0F;
  s->emask = (uint8_t)(ex >> 4);
  s->pred.id = pw & 0x0FFF;
  s->pred.rsvd = (pw >> 12) & 1;
  s->pred.ctrl = (uint8_t)((pw >> 13) & 3);
  s->pred.invert = (pw >> 15) & 1;
  s->chan_mask = ch & 0x0F;
  s->chan_hi = (uint8_t)(ch >> 4);
  gen_scalar(g, T_UW, 1, sf_exec_size_lanes(s->exec_size) ? sf_exec_size_lanes(s->exec_size) : 1, &s->aoffimmi);
  s->sampler = sf_fdp_u8(f);
  s->surface = sf_fdp_u8(f);
  gen_raw_any(g, &s->dst);
  s->num_params = (uint8_t)sf_fdp_range(f, 0, SF_S3D_MAX_PARAMS);
  for (unsigned i = 0; i < s->num_params; i++) gen_raw_any(g, &s->params[i]);
}

/* ---- AVS -------------------------------------------------------------------------------------- */

static void gen_avs(gctx *g, sf_avs *a) {
  sf_fdp *f = g->f;
  memset(a, 0, sizeof *a);
  uint8_t ch = sf_fdp_u8(f);
  uint8_t cn = sf_fdp_u8(f);
  uint8_t em = sf_fdp_u8(f);
  a->chan_mask = ch & 0x0F;
  a->chan_hi = (uint8_t)(ch >> 4);
  if (g->valid) {
    if (a->chan_mask == 0) a->chan_mask = (uint8_t)(1u + (ch >> 4) % 15u);
    a->chan_hi = 0;
    a->cntrl = cn & 3;
    a->exec_mode = em & 3;
    a->sampler = (uint8_t)sf_fdp_range(f, 0, SF_GEN_NUM_SAMPLERS - 1);
    uint8_t tc = sf_fdp_u8(f);
    a->surface = tc >= 224 ? (uint8_t)(1 + tc % 5u) : (uint8_t)(6 + tc % SF_GEN_NUM_SURFACES);
  } else {
    a->cntrl = cn & 0x0F;
    a->cntrl_hi = (uint8_t)(cn >> 4);
    a->exec_mode = em & 0x0F;
    a->exec_mode_hi = (uint8_t)(em >> 4);
    a->sampler = sf_fdp_u8(f);
    a->surface = sf_fdp_u8(f);
  }
  gen_scalar(g, T_F, 1, 1, &a->u_off);
  gen_scalar(g, T_F, 1, 1, &a->v_off);
  gen_scalar(g, T_F, 1, 1, &a->du);
  gen_scalar(g, T_F, 1, 1, &a->dv);
  gen_scalar(g, T_F, 1, 1, &a->u2d);
  gen_scalar(g, T_UD, 1, 1, &a->group_id);
  gen_scalar(g, T_UD, 1, 1, &a->vbn);
  /* Any UD block number is valid, but past 4096 the rows lie far below any surface (the taps clamp
   * to its last row) and the SIMD kernels hand the block to the scalar code: seven in eight large
   * immediates are folded to a block near the top. */
  if (g->valid && a->vbn.cls == SF_VCLS_IMMEDIATE && a->vbn.imm > 4096 && (a->vbn.imm & 7u) != 0) a->vbn.imm %= 64u;
  gen_scalar(g, T_F, 1, 1, &a->v2d);
  gen_scalar(g, T_IEF, 3, 1, &a->ief_bypass);
  if (g->valid) {
    /* The executor's dst range (docs/precision-model.md, AVS): a slot per enabled channel (and,
     * with 8-bit chroma downsampling, one for a lone disabled R or B), each written per half (16x8
     * is two 16x4 halves) and per shuffle group (the sampler may shuffle 16x4 into two), every
     * part rounded up to the GRF. Sized for two groups and 64-byte GRFs, the most it can take. */
    static const uint32_t PIXELS[] = {64, 32, 128, 16};
    uint32_t px = PIXELS[a->exec_mode & 3], halves = px == 128 ? 2u : 1u, esz = a->cntrl >= 2 ? 1u : 2u;
    uint32_t part = ((px / halves / 2u) * esz + 63u) & ~63u;
    uint32_t slots = popcount4(a->chan_mask) + (a->cntrl == 3 && (a->chan_mask & 1u) != ((a->chan_mask >> 2) & 1u));
    uint32_t need = slots * halves * 2u * part;
    gen_raw_valid(g, V_DST_UW, need, &a->dst);
  } else {
    gen_raw_any(g, &a->dst);
  }
}

/* ---- D3D sample family (docs/dxbc.md, Microsoft's "sample (sm4 - asm)" reference) --------------- */

static const uint8_t D3D_OPS[] = {SF_D3D_SAMPLE,   SF_D3D_SAMPLE_C, SF_D3D_SAMPLE_C_LZ,
                                  SF_D3D_SAMPLE_L, SF_D3D_SAMPLE_D, SF_D3D_SAMPLE_B};
/* Texture dimensions sample* can read (not buffers, not multisampled). */
static const uint8_t D3D_DIMS[] = {SF_D3D_DIM_TEX1D,      SF_D3D_DIM_TEX2D,      SF_D3D_DIM_TEX3D,
                                   SF_D3D_DIM_TEXCUBE,    SF_D3D_DIM_TEX1DARRAY, SF_D3D_DIM_TEX2DARRAY,
                                   SF_D3D_DIM_TEXCUBEARRAY};

static void d3d_reg(sf_d3d_opnd *o, uint8_t type, uint32_t index) {
  o->type = type;
  o->index_dim = 1;
  o->idx[0].rep = SF_D3D_IDX_IMM32;
  o->idx[0].imm = index;
}

/* A modifier (neg, abs, -abs) on a source: needs an extended operand token. The byte drawn, which
 * the caller may read further. */
static uint8_t d3d_modifier(sf_fdp *f, sf_d3d_opnd *o) {
  uint8_t m = sf_fdp_u8(f);
  if (m >= 192) {
    o->extended = true;
    o->modifier = (uint8_t)(1 + m % 3u);
  }
  return m;
}

/* A float-vector source (the address, ddx, ddy): r#, v#, x#[n], cb#[n] (maybe relatively indexed)
 * or l(a,b,c,d). scalar: one component (ref/lod/bias): select_1, or l(x). */
static void d3d_src_valid(sf_fdp *f, bool scalar, sf_d3d_opnd *o) {
  memset(o, 0, sizeof *o);
  unsigned kind = sf_fdp_pick(f, 5);
  uint8_t sw = sf_fdp_u8(f);
  if (kind == 4) {  /* immediate */
    o->type = SF_D3D_OT_IMM32;
    o->num_comp = scalar ? SF_D3D_NC_1 : SF_D3D_NC_4;
    for (unsigned i = 0; i < (scalar ? 1u : 4u); i++) o->imm[i] = sf_fdp_f32_bits(f);
    return;
  }
  static const uint8_t TYPES[] = {SF_D3D_OT_TEMP, SF_D3D_OT_INPUT, SF_D3D_OT_INDEXABLE_TEMP, SF_D3D_OT_CONSTANT_BUFFER};
  uint8_t type = TYPES[kind];
  uint32_t reg = sf_fdp_range(f, 0, 31);
  d3d_reg(o, type, reg);
  if (type == SF_D3D_OT_INDEXABLE_TEMP || type == SF_D3D_OT_CONSTANT_BUFFER) {
    o->index_dim = 2;
    if (type == SF_D3D_OT_CONSTANT_BUFFER) o->idx[0].imm = reg % 14u; /* cb0..cb13 */
    o->idx[1].rep = SF_D3D_IDX_IMM32;
    o->idx[1].imm = sf_fdp_range(f, 0, 255);
    if (sf_fdp_u8(f) >= 208) {  /* [r#.c + n] */
      o->idx[1].rep = SF_D3D_IDX_IMM32_REL;
      sf_d3d_relop *r = &o->idx[1].rel;
      r->type = SF_D3D_OT_TEMP;
      r->num_comp = SF_D3D_NC_4;
      r->sel_mode = SF_D3D_SEL_SELECT1;
      r->comp_bits = (uint8_t)(sw & 3);
      r->index_dim = 1;
      r->index[0] = sf_fdp_range(f, 0, 31);
    }
  }
  o->num_comp = SF_D3D_NC_4;
  uint8_t m = d3d_modifier(f, o);
  /* a vector source in select_1 mode (`r1.y`: the component replicated) is valid too, one time in
   * eight (the modifier byte's range below its modifiers: no new draw, so older inputs keep their
   * other fields) */
  if (scalar || (m >= 160 && m < 192)) {
    o->sel_mode = SF_D3D_SEL_SELECT1;
    o->comp_bits = (uint8_t)(sw & 3);
  } else {
    o->sel_mode = SF_D3D_SEL_SWIZZLE;
    o->comp_bits = sw;
  }
}

static void d3d_valid(sf_fdp *f, sf_d3d_inst *d) {
  d->op = SF_FDP_PICK(f, D3D_OPS);
  d->num_src = (uint8_t)sf_d3d_op_num_src(d->op);
  uint8_t fl = sf_fdp_u8(f);
  d->sat = fl & 1;
  d->precise = (uint8_t)(sf_fdp_u8(f) >= 224 ? sf_fdp_range(f, 1, 15) : 0); /* [precise(...)] (SM5) */
  d->has_resdim = (fl >> 1) & 1;
  d->has_rettype = d->has_resdim && ((fl >> 2) & 3) != 0;  /* fxc pairs them; alone now and then */
  d->has_aoffimmi = (fl >> 4) & 1;
  d->resdim = SF_FDP_PICK(f, D3D_DIMS);
  if (!d->has_resdim) d->resdim = 0;
  for (unsigned i = 0; i < 3; i++) d->aoffimmi[i] = (int8_t)sf_fdp_range_i64(f, -8, 7);
  /* _aoffimmi is not allowed on TextureCube (spec "제한"); cube arrays likewise. */
  if (d->has_resdim && (d->resdim == SF_D3D_DIM_TEXCUBE || d->resdim == SF_D3D_DIM_TEXCUBEARRAY))
    d->has_aoffimmi = false;
  if (!d->has_aoffimmi) memset(d->aoffimmi, 0, sizeof d->aoffimmi);
  /* Comparison sampling is defined on 1D, 2D, cube and their arrays, not on Texture3D. */
  if ((d->op == SF_D3D_SAMPLE_C || d->op == SF_D3D_SAMPLE_C_LZ) && d->resdim == SF_D3D_DIM_TEX3D)
    d->resdim = SF_D3D_DIM_TEX2D;
  /* Sampling filters, so the resource returns unorm (1), snorm (2) or float (5); mostly float x4. */
  static const uint8_t RT[] = {5, 1, 2};
  uint8_t rt = sf_fdp_u8(f);
  for (unsigned i = 0; i < 4; i++) d->rettype[i] = d->has_rettype ? (rt & 0x80 ? 5 : RT[((rt >> (2 * i)) & 3) % 3u]) : 0;
  unsigned k = 0;
  if (d->has_aoffimmi) d->ext_order[k++] = 1;
  if (d->has_resdim) d->ext_order[k++] = 2;
  if (d->has_rettype) d->ext_order[k++] = 3;
  /* dst: r# or o# with a non-empty write mask. */
  sf_d3d_opnd *o = &d->dst;
  uint8_t dc = sf_fdp_u8(f);
  d3d_reg(o, (dc & 1) ? SF_D3D_OT_OUTPUT : SF_D3D_OT_TEMP, sf_fdp_range(f, 0, (dc & 1) ? 7 : 31));
  o->num_comp = SF_D3D_NC_4;
  o->sel_mode = SF_D3D_SEL_MASK;
  o->comp_bits = (uint8_t)((dc >> 4) ? (dc >> 4) : 0xF);
  d3d_src_valid(f, false, &d->src[0]);
  /* t#: swizzled, s#: no components; no relative addressing on either. */
  o = &d->src[1];
  memset(o, 0, sizeof *o);
  d3d_reg(o, SF_D3D_OT_RESOURCE, sf_fdp_range(f, 0, 127));
  o->num_comp = SF_D3D_NC_4;
  o->sel_mode = SF_D3D_SEL_SWIZZLE;
  o->comp_bits = sf_fdp_u8(f);
  o = &d->src[2];
  memset(o, 0, sizeof *o);
  d3d_reg(o, SF_D3D_OT_SAMPLER, sf_fdp_range(f, 0, 15));
  o->num_comp = SF_D3D_NC_0;
  for (unsigned i = 3; i < d->num_src; i++) d3d_src_valid(f, d->op != SF_D3D_SAMPLE_D, &d->src[i]);
}

/* Operand types a sample instruction can carry in the token format (D3D10_SB_OPERAND_TYPE values
 * that are registers or immediates; labels, function bodies, interfaces and 64-bit immediates
 * cannot occur there). */
static const uint8_t D3D_ANY_TYPES[] = {0, 1, 2, 3, 4, 6, 7, 8, 9, 11, 12, 13, 15, 25, 26, 27, 28,
                                        30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 41, 42};

/* Component count and selection drawn from one byte: every legal combination (docs/dxbc.md:
 * 0- and 1-component operands select nothing; 4-component ones mask, swizzle or select one). */
static void d3d_comp_any(sf_fdp *f, uint8_t *nc, uint8_t *sel, uint8_t *bits) {
  uint8_t c = sf_fdp_u8(f);
  uint8_t b = sf_fdp_u8(f);
  *nc = (uint8_t)(c % 3u);
  *sel = 0;
  *bits = 0;
  if (*nc == SF_D3D_NC_4) {
    *sel = (uint8_t)((c >> 2) % 3u);
    *bits = *sel == SF_D3D_SEL_MASK ? (uint8_t)(b & 0xF) : *sel == SF_D3D_SEL_SELECT1 ? (uint8_t)(b & 3) : b;
  }
}

/* Any operand the token format can hold and the TPF decoder reads back (relative indices are one
 * level deep, with imm32 indices). */
static void d3d_opnd_any(sf_fdp *f, sf_d3d_opnd *o) {
  memset(o, 0, sizeof *o);
  o->type = SF_FDP_PICK(f, D3D_ANY_TYPES);
  d3d_comp_any(f, &o->num_comp, &o->sel_mode, &o->comp_bits);
  uint8_t x = sf_fdp_u8(f);
  if (x & 1) {
    o->extended = true;
    o->modifier = (uint8_t)((x >> 1) & 3);
    o->min_precision = (uint8_t)((x >> 3) & 7);
    o->nonuniform = (x >> 6) & 1;
  }
  uint8_t dim = sf_fdp_u8(f);
  if (o->type == SF_D3D_OT_IMM32) {
    o->num_comp = (dim & 1) ? SF_D3D_NC_1 : SF_D3D_NC_4;
    o->sel_mode = 0;
    o->comp_bits = 0;
    for (unsigned i = 0; i < 4; i++) {
      uint32_t v = sf_fdp_f32_bits(f);
      o->imm[i] = (o->num_comp == SF_D3D_NC_4 || i == 0) ? v : 0;
    }
    return;
  }
  o->index_dim = (uint8_t)(dim & 3);
  static const uint8_t REPS[] = {SF_D3D_IDX_IMM32, SF_D3D_IDX_IMM32, SF_D3D_IDX_REL, SF_D3D_IDX_IMM32_REL};
  for (unsigned i = 0; i < o->index_dim; i++) {
    sf_d3d_index *ix = &o->idx[i];
    ix->rep = SF_FDP_PICK(f, REPS);
    uint32_t v = sf_fdp_bool(f) ? sf_fdp_u32(f) : sf_fdp_range(f, 0, 15);
    if (ix->rep != SF_D3D_IDX_REL) ix->imm = v;
    if (ix->rep == SF_D3D_IDX_REL || ix->rep == SF_D3D_IDX_IMM32_REL) {
      sf_d3d_relop *r = &ix->rel;
      r->type = SF_FDP_PICK(f, D3D_ANY_TYPES);
      if (r->type == SF_D3D_OT_IMM32) r->type = SF_D3D_OT_TEMP;  /* an immediate cannot index */
      d3d_comp_any(f, &r->num_comp, &r->sel_mode, &r->comp_bits);
      r->index_dim = (uint8_t)sf_fdp_range(f, 0, 2);
      for (unsigned j = 0; j < r->index_dim; j++) r->index[j] = sf_fdp_range(f, 0, 255);
    }
  }
}

static void d3d_any(sf_fdp *f, sf_d3d_inst *d) {
  uint8_t ob = sf_fdp_u8(f);
  d->op = D3D_OPS[ob % sizeof D3D_OPS];
  d->num_src = (uint8_t)sf_d3d_op_num_src(d->op);
  uint8_t fl = sf_fdp_u8(f);
  d->sat = fl & 1;
  d->precise = (uint8_t)(fl >> 4);
  d->has_aoffimmi = (fl >> 1) & 1;
  d->has_resdim = (fl >> 2) & 1;
  d->has_rettype = (fl >> 3) & 1;
  for (unsigned i = 0; i < 3; i++) d->aoffimmi[i] = d->has_aoffimmi ? (int8_t)sf_fdp_range_i64(f, -8, 7) : 0;
  d->resdim = d->has_resdim ? (uint8_t)sf_fdp_range(f, 0, 31) : 0;
  d->resdim_stride = d->has_resdim ? (uint16_t)sf_fdp_range(f, 0, 0xFFF) : 0;
  uint16_t rt = sf_fdp_u16(f);
  for (unsigned i = 0; i < 4; i++) d->rettype[i] = d->has_rettype ? (uint8_t)((rt >> (4 * i)) & 0xF) : 0;
  /* The present extended tokens in one of the 6 orders. */
  uint8_t present[3];
  unsigned n = 0;
  if (d->has_aoffimmi) present[n++] = 1;
  if (d->has_resdim) present[n++] = 2;
  if (d->has_rettype) present[n++] = 3;
  unsigned perm = sf_fdp_pick(f, 6);
  for (unsigned i = 0; i < n; i++) {
    unsigned j = i + perm % (n - i);
    perm /= (n - i);
    uint8_t t = present[i]; present[i] = present[j]; present[j] = t;
    d->ext_order[i] = present[i];
  }
  d3d_opnd_any(f, &d->dst);
  for (unsigned i = 0; i < d->num_src; i++) d3d_opnd_any(f, &d->src[i]);
}

static void gen_d3d(sf_fdp *f, bool valid, sf_d3d_inst *d) {
  memset(d, 0, sizeof *d);
  if (valid) d3d_valid(f, d);
  else d3d_any(f, d);
}

/* ---- Entry ------------------------------------------------------------------------------------ */

/* ---- SF_GEN_EXEC: fold a valid instruction into what the reference executes ---------------------- */

/* An indirect scalar becomes an immediate of its type (modifiers dropped, as immediates take none):
 * float types get a small value from the offset, integer types the offset's low 12 bits (aoffimmi's
 * bits 12 and up are reserved). */
static void exec_fold_vopnd(sf_vopnd *o) {
  if (o->cls != SF_VCLS_INDIRECT) return;
  uint8_t type = o->type & 0x0F;
  int16_t off = o->imm_off;
  memset(o, 0, sizeof *o);
  o->cls = SF_VCLS_IMMEDIATE;
  o->type = type;
  if (type == SF_VT_F) {
    float v = (float)off / 64.0f;
    uint32_t bits;
    memcpy(&bits, &v, 4);
    o->imm = bits;
  } else {
    o->imm = (uint16_t)off & 0x0FFFu;
  }
}

static void exec_fold_d3d_src(sf_d3d_opnd *o) {
  if (o->type != SF_D3D_OT_CONSTANT_BUFFER && o->type != SF_D3D_OT_INDEXABLE_TEMP) return;
  bool cb = o->type == SF_D3D_OT_CONSTANT_BUFFER;
  o->idx[0].imm %= cb ? SF_D3D_MAX_CB : SF_D3D_MAX_XARR;
  if (o->idx[1].rep == SF_D3D_IDX_IMM32_REL) {  /* relative indexing is not executed */
    o->idx[1].rep = SF_D3D_IDX_IMM32;
    memset(&o->idx[1].rel, 0, sizeof o->idx[1].rel);
  }
  o->idx[1].imm %= cb ? SF_D3D_MAX_CB_VEC : SF_D3D_MAX_XVEC;
}

static void exec_fold(sf_inst *in) {
  switch (in->family) {
    case SF_FAMILY_SAMPLE_UNORM:
      exec_fold_vopnd(&in->unorm.u); exec_fold_vopnd(&in->unorm.v);
      exec_fold_vopnd(&in->unorm.du); exec_fold_vopnd(&in->unorm.dv);
      break;
    case SF_FAMILY_SAMPLE_3D: exec_fold_vopnd(&in->s3d.aoffimmi); break;
    case SF_FAMILY_AVS: {
      sf_avs *a = &in->avs;
      sf_vopnd *ops[] = {&a->u_off, &a->v_off, &a->du, &a->dv, &a->u2d, &a->group_id, &a->vbn, &a->v2d, &a->ief_bypass};
      for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) exec_fold_vopnd(ops[i]);
      break;
    }
    case SF_FAMILY_D3D:
      for (unsigned i = 0; i < in->d3d.num_src && i < SF_D3D_MAX_SRC; i++) exec_fold_d3d_src(&in->d3d.src[i]);
      break;
    default: break;
  }
}

sf_code sf_gen_inst(sf_fdp *f, sf_family family, unsigned flags, sf_inst *out) {
  memset(out, 0, sizeof *out);
  if ((unsigned)family > (unsigned)SF_FAMILY_D3D) return SF_ERR_INVALID;
  if (family == SF_FAMILY_NONE) family = (sf_family)(SF_FAMILY_SAMPLE_UNORM + sf_fdp_pick(f, 4));
  gctx g = {f, (flags & SF_GEN_VALID) != 0};
  out->family = family;
  switch (family) {
    case SF_FAMILY_SAMPLE_UNORM: gen_unorm(&g, &out->unorm); break;
    case SF_FAMILY_SAMPLE_3D: gen_3d(&g, &out->s3d); break;
    case SF_FAMILY_AVS: gen_avs(&g, &out->avs); break;
    default: gen_d3d(f, g.valid, &out->d3d); break;
  }
  if ((flags & SF_GEN_EXEC) && g.valid) exec_fold(out);
  if (!(flags & SF_GEN_RAW)) sf_inst_canonicalize(out);
  return SF_OK;
}
