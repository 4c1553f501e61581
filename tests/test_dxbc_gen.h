/* tests/test_dxbc_gen.h — deterministic generator of sample-family instructions for the DXBC /
 * D3D-asm tests (round trips, robustness, the vkd3d external test).
 *
 * Generated instructions are valid by construction (sf_d3d_inst_validate finds nothing) unless
 * `wild` is set, in which case encodings fxc never emits are mixed in (explicit selection modes,
 * empty extended operand tokens, min precision, ext-token order, precise, _sat, odd dimensions). */
#ifndef TEST_DXBC_GEN_H
#define TEST_DXBC_GEN_H

#include <string.h>

#include "samplefuzz/dxbc.h"
#include "tests/sf_test.h"

typedef struct tg_opts {
  bool wild;       /* include non-fxc encodings (still decodable) */
  bool sm5;        /* emit RESOURCE_DIM + RETURN_TYPE (the _indexable form) */
  uint8_t dim;     /* resource dimension the shader declares (SF_D3D_DIM_*) */
} tg_opts;

static inline unsigned tg_r(uint64_t *s, unsigned n) { return (unsigned)(sf_t_rand(s) % n); }

static inline uint8_t tg_swz(uint64_t *s) { return (uint8_t)tg_r(s, 256); }

static inline void tg_reg(uint64_t *s, sf_d3d_opnd *o, uint8_t type) {
  o->type = type;
  if (type == SF_D3D_OT_CONSTANT_BUFFER || type == SF_D3D_OT_INDEXABLE_TEMP) {
    o->index_dim = 2;
    o->idx[0].imm = tg_r(s, 3);
    o->idx[1].imm = tg_r(s, 8);
    if (tg_r(s, 5) == 0) {
      /* cb0[r1.x + 2] / x0[r2.y + 1] / pure relative [r1.x] */
      o->idx[1].rep = tg_r(s, 4) ? SF_D3D_IDX_IMM32_REL : SF_D3D_IDX_REL;
      if (o->idx[1].rep == SF_D3D_IDX_REL) o->idx[1].imm = 0;
      sf_d3d_relop *r = &o->idx[1].rel;
      r->type = SF_D3D_OT_TEMP;
      r->num_comp = SF_D3D_NC_4;
      r->sel_mode = SF_D3D_SEL_SELECT1;
      r->comp_bits = (uint8_t)tg_r(s, 4);
      r->index_dim = 1;
      r->index[0] = tg_r(s, 4);
    }
  } else {
    o->index_dim = 1;
    o->idx[0].imm = type == SF_D3D_OT_INPUT ? tg_r(s, 4) : type == SF_D3D_OT_OUTPUT ? tg_r(s, 4) : tg_r(s, 8);
  }
}

static inline uint32_t tg_float(uint64_t *s) {
  static const float pool[] = {0.0f, 1.0f, 0.5f, -0.25f, 2.0f, 0.1f, 1e-10f, 3.14159274f, -7.5f, 100.0f, 0.333333343f};
  float f = pool[tg_r(s, sizeof pool / sizeof pool[0])];
  uint32_t b;
  memcpy(&b, &f, 4);
  return b;
}

/* A float source: address (vector) or ref/lod/bias (scalar) or ddx/ddy (vector). */
static inline void tg_value_src(uint64_t *s, sf_d3d_opnd *o, bool scalar, const tg_opts *g) {
  memset(o, 0, sizeof *o);
  unsigned k = tg_r(s, 10);
  if (k == 0) {
    o->type = SF_D3D_OT_IMM32;
    o->num_comp = scalar ? SF_D3D_NC_1 : SF_D3D_NC_4;
    for (unsigned i = 0; i < (scalar ? 1u : 4u); i++) o->imm[i] = tg_float(s);
    if (g->wild && tg_r(s, 4) == 0) o->imm[0] = (uint32_t)sf_t_rand(s);
  } else {
    static const uint8_t types[] = {SF_D3D_OT_TEMP, SF_D3D_OT_INPUT, SF_D3D_OT_CONSTANT_BUFFER, SF_D3D_OT_INDEXABLE_TEMP,
                                    SF_D3D_OT_TEMP, SF_D3D_OT_INPUT};
    tg_reg(s, o, types[tg_r(s, sizeof types)]);
    o->num_comp = SF_D3D_NC_4;
    if (scalar) {
      o->sel_mode = SF_D3D_SEL_SELECT1;
      o->comp_bits = (uint8_t)tg_r(s, 4);
    } else {
      o->sel_mode = SF_D3D_SEL_SWIZZLE;
      o->comp_bits = tg_swz(s);
      if (tg_r(s, 3) == 0) o->comp_bits = 0x44; /* .xyxx, fxc's 2-D coordinate */
    }
  }
  unsigned m = tg_r(s, 8);
  if (m < 3) {
    o->modifier = (uint8_t)(m + 1);
    o->extended = true;
  }
  if (g->wild && tg_r(s, 10) == 0) {
    o->extended = true;
    static const uint8_t mp[] = {0, 1, 2, 4, 5};
    o->min_precision = mp[tg_r(s, 5)];
  }
}

static inline void tg_inst(uint64_t *s, sf_d3d_inst *d, const tg_opts *g) {
  static const uint8_t ops[] = {SF_D3D_SAMPLE, SF_D3D_SAMPLE_B, SF_D3D_SAMPLE_C, SF_D3D_SAMPLE_C_LZ, SF_D3D_SAMPLE_L,
                                SF_D3D_SAMPLE_D};
  memset(d, 0, sizeof *d);
  d->op = ops[tg_r(s, 6)];
  while (g->dim == SF_D3D_DIM_TEX3D && (d->op == SF_D3D_SAMPLE_C || d->op == SF_D3D_SAMPLE_C_LZ))
    d->op = ops[tg_r(s, 6)]; /* comparison sampling is not defined on Texture3D (d3d.sample_c.dim) */
  bool cube = g->dim == SF_D3D_DIM_TEXCUBE || g->dim == SF_D3D_DIM_TEXCUBEARRAY;
  if (!cube && tg_r(s, 2)) {
    d->has_aoffimmi = true;
    if (tg_r(s, 6))
      for (unsigned i = 0; i < 3; i++) d->aoffimmi[i] = (int8_t)((int)tg_r(s, 16) - 8);
  }
  if (g->sm5) {
    d->has_resdim = true;
    d->resdim = g->dim;
    d->has_rettype = true;
    /* Sampling needs a float-returning resource: float, unorm or snorm (validate rule d3d.rettype.sample). */
    static const uint8_t rts[] = {5, 5, 5, 1, 2};
    uint8_t rt = rts[tg_r(s, sizeof rts)];
    for (unsigned i = 0; i < 4; i++) d->rettype[i] = rt;
  }
  unsigned k = 0;
  if (d->has_aoffimmi) d->ext_order[k++] = 1;
  if (d->has_resdim) d->ext_order[k++] = 2;
  if (d->has_rettype) d->ext_order[k++] = 3;
  if (g->wild) {
    if (tg_r(s, 8) == 0 && k > 1) {
      uint8_t t = d->ext_order[0];
      d->ext_order[0] = d->ext_order[k - 1];
      d->ext_order[k - 1] = t;
    }
    if (tg_r(s, 8) == 0) d->sat = true;
    if (tg_r(s, 8) == 0) d->precise = (uint8_t)(1 + tg_r(s, 15));
  }
  /* dst */
  static const uint8_t dtypes[] = {SF_D3D_OT_TEMP, SF_D3D_OT_OUTPUT, SF_D3D_OT_INDEXABLE_TEMP, SF_D3D_OT_TEMP};
  tg_reg(s, &d->dst, dtypes[tg_r(s, 4)]);
  d->dst.num_comp = SF_D3D_NC_4;
  d->dst.sel_mode = SF_D3D_SEL_MASK;
  d->dst.comp_bits = (uint8_t)(1 + tg_r(s, 15));
  /* address, resource, sampler */
  tg_value_src(s, &d->src[0], false, g);
  tg_reg(s, &d->src[1], SF_D3D_OT_RESOURCE);
  d->src[1].num_comp = SF_D3D_NC_4;
  d->src[1].sel_mode = SF_D3D_SEL_SWIZZLE;
  d->src[1].comp_bits = tg_r(s, 2) ? 0xe4 : tg_swz(s);
  tg_reg(s, &d->src[2], SF_D3D_OT_SAMPLER);
  d->src[2].idx[0].imm = tg_r(s, 4);
  d->num_src = (uint8_t)sf_d3d_op_num_src(d->op);
  if (d->op == SF_D3D_SAMPLE_D) {
    tg_value_src(s, &d->src[3], false, g);
    tg_value_src(s, &d->src[4], false, g);
  } else if (d->num_src == 4) {
    tg_value_src(s, &d->src[3], true, g);
  }
  if (g->wild && tg_r(s, 10) == 0) {
    /* Explicit, non-fxc selection modes still round-trip. */
    sf_d3d_opnd *o = &d->src[0];
    if (o->type != SF_D3D_OT_IMM32) {
      o->sel_mode = SF_D3D_SEL_MASK;
      o->comp_bits = (uint8_t)tg_r(s, 16);
    }
  }
  if (g->wild && tg_r(s, 20) == 0) {
    d->dst.extended = true; /* an empty extended operand token */
  }
}

static inline uint8_t tg_dim(uint64_t *s) {
  static const uint8_t dims[] = {SF_D3D_DIM_TEX1D,      SF_D3D_DIM_TEX2D,      SF_D3D_DIM_TEX3D,
                                 SF_D3D_DIM_TEXCUBE,    SF_D3D_DIM_TEX1DARRAY, SF_D3D_DIM_TEX2DARRAY,
                                 SF_D3D_DIM_TEXCUBEARRAY, SF_D3D_DIM_TEX2D};
  return dims[tg_r(s, sizeof dims)];
}

#endif
