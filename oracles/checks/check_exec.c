/* oracles/checks/check_exec.c — check `exec_batch`: the sample batch the executor hands to the
 * backend, against a second reading of the instruction written here from the specs.
 *
 * Every backend, the independent model and the verifier start from the batch the executor builds
 * (oracles/sampler/exec.c): a wrong lane mask, a lost comparison flag or a parameter routed to the
 * wrong coordinate changes every backend alike and passes every differential check. This check
 * re-derives, from the instruction and the machine state before execution:
 *
 *   - vISA 3D_SAMPLE (vISA spec, 3D_SAMPLE and "Execution mask" / "Predication"): lanes = 2^ExecSize
 *     (8, 16 or 32); the execution mask M1..M8 takes 4*k bits up from the dispatch mask, the _NM
 *     forms take every lane; a predicate P<n> (n > 0) masks it per lane, inverted by '!', and
 *     .any / .all turn it into all-or-nothing. The sub-op decides comparison, LOD source and the
 *     LOD query (the table below). Parameters U, V, R, AI and REF are the 32-bit F or 16-bit HF
 *     elements of their raw operand, lane after lane; missing trailing ones read 0; so are the
 *     gradient operands of the sample_d forms. The other derivative ops take coarse quad differences
 *     of U, V and R (docs/precision-model.md).
 *   - D3D sample family (D3D11.3 §22.4.15-20): 4 lanes, the live ones; sample_c and sample_c_lz
 *     compare; sample_l explicit LOD, sample_c_lz LOD 0, sample_b bias, the rest derivatives. The
 *     address, reference, LOD, bias and sample_d gradients are read from the register files through
 *     the operand's swizzle and modifiers; the immediate offsets are the instruction's; the other
 *     derivative ops take the quad's coarse differences as for vISA.
 *
 * Written as tables and plain loops on purpose: the executor uses switch statements and its own
 * helpers (sf_state_var_c, exec_mask), none of which is called here. */
#include <math.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/sampler.h"

typedef struct exec_op_sem {
  uint8_t op;
  uint8_t lod_mode;  /* sf_lod_mode */
  bool compare, lod_query;
  bool grads;        /* the gradients are operands (sample_d forms); else quad differences */
} exec_op_sem;

/* op, LOD source, compare, LOD query, gradient operands */
static const exec_op_sem s3d_sem[] = {
    {SF_S3D_SAMPLE, SF_LOD_GRAD, false, false, false},
    {SF_S3D_SAMPLE_B, SF_LOD_GRAD_BIAS, false, false, false},
    {SF_S3D_SAMPLE_L, SF_LOD_EXPLICIT, false, false, false},
    {SF_S3D_SAMPLE_C, SF_LOD_GRAD, true, false, false},
    {SF_S3D_SAMPLE_D, SF_LOD_GRAD, false, false, true},
    {SF_S3D_SAMPLE_B_C, SF_LOD_GRAD_BIAS, true, false, false},
    {SF_S3D_SAMPLE_L_C, SF_LOD_EXPLICIT, true, false, false},
    {SF_S3D_LOD, SF_LOD_GRAD, false, true, false},
    {SF_S3D_SAMPLE_D_C, SF_LOD_GRAD, true, false, true},
    {SF_S3D_SAMPLE_LZ, SF_LOD_ZERO, false, false, false},
    {SF_S3D_SAMPLE_C_LZ, SF_LOD_ZERO, true, false, false},
    {SF_S3D_SAMPLE_PO, SF_LOD_GRAD, false, false, false},
    {SF_S3D_SAMPLE_PO_B, SF_LOD_GRAD_BIAS, false, false, false},
    {SF_S3D_SAMPLE_PO_L, SF_LOD_EXPLICIT, false, false, false},
    {SF_S3D_SAMPLE_PO_C, SF_LOD_GRAD, true, false, false},
    {SF_S3D_SAMPLE_PO_D, SF_LOD_GRAD, false, false, true},
    {SF_S3D_SAMPLE_PO_L_C, SF_LOD_EXPLICIT, true, false, false},
};

/* op, LOD source, compare, LOD query, gradient operands */
static const exec_op_sem d3d_sem[] = {
    {SF_D3D_SAMPLE, SF_LOD_GRAD, false, false, false},
    {SF_D3D_SAMPLE_C, SF_LOD_GRAD, true, false, false},
    {SF_D3D_SAMPLE_C_LZ, SF_LOD_ZERO, true, false, false},
    {SF_D3D_SAMPLE_L, SF_LOD_EXPLICIT, false, false, false},
    {SF_D3D_SAMPLE_D, SF_LOD_GRAD, false, false, true},
    {SF_D3D_SAMPLE_B, SF_LOD_GRAD_BIAS, false, false, false},
};

static const exec_op_sem *exec_sem(const exec_op_sem *t, size_t n, uint8_t op) {
  for (size_t i = 0; i < n; i++)
    if (t[i].op == op) return &t[i];
  return NULL;
}

static const sf_var *exec_find_var(const sf_state *s, uint32_t id) {
  for (unsigned i = 0; i < s->nvars && i < SF_MAX_VARS; i++)
    if (s->vars[i].id == id) return &s->vars[i];
  return NULL;
}

/* Fails v with check `check` (exec_batch or exec_writeback) and feature `field`: key "<check>
 * <field>", the message after `lead`, and the instruction. */
static bool check_vfail(sf_verdict *v, const sf_inst *in, const char *check, const char *field, const char *lead,
                        const char *fmt, va_list ap) {
  char msg[512];
  vsnprintf(msg, sizeof msg, fmt, ap);
  sf_verdict_fail(v, check, in, field);
  sf_verdict_key(v, "%s %s", check, field);
  sf_verdict_dumpf(v, "%s%s\n", lead, msg);
  sf_verdict_dump_inst(v, "instruction", in);
  return false;
}

static bool exec_fail(sf_verdict *v, const sf_inst *in, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool exec_fail(sf_verdict *v, const sf_inst *in, const char *field, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  check_vfail(v, in, "exec_batch", field, "the executor's batch disagrees with the instruction: ", fmt, ap);
  va_end(ap);
  return false;
}

/* The lane mask of a 3D_SAMPLE with `lanes` lanes. */
static uint32_t exec_s3d_mask(const sf_sample_3d *s3, const sf_state *s, unsigned lanes) {
  uint32_t all = lanes == 32 ? 0xFFFFFFFFu : (1u << lanes) - 1u;
  uint32_t m = s3->emask >= 8 ? all : (uint32_t)((uint64_t)s->dmask >> (4u * s3->emask)) & all;
  if (s3->pred.id == 0 || s3->pred.id >= SF_MAX_PREDS) return m;
  uint32_t p = s->preds[s3->pred.id] & all;
  if (s3->pred.invert) p = all & ~p;
  static const char ctl_any = 1, ctl_all = 2;
  if (s3->pred.ctrl == ctl_any) p = p != 0 ? all : 0;
  if (s3->pred.ctrl == ctl_all) p = p == all ? all : 0;
  return m & p;
}

/* Param k's element in lane i: its raw bits (16 for HF, 32 for F) and its 32-bit float value (0
 * when the operand is %null or missing). */
static bool exec_param2(const sf_sample_3d *s3, const sf_state *s, unsigned k, unsigned i, uint32_t *bits, uint32_t *raw) {
  *bits = *raw = 0;
  if (k >= s3->num_params || s3->params[k].id == 0) return true;
  const sf_var *var = exec_find_var(s, s3->params[k].id);
  if (!var) return false;
  unsigned size = var->type == SF_VT_HF ? 2u : 4u;
  size_t at = (size_t)s3->params[k].off + (size_t)i * size;
  if (at + size > var->size) return false;
  const uint8_t *e = var->bytes + at;
  if (size == 4) {
    *raw = *bits = (uint32_t)e[0] | (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 | (uint32_t)e[3] << 24;
  } else {
    *raw = (uint32_t)e[0] | (uint32_t)e[1] << 8;
    float f = sf_half_to_float((uint16_t)*raw);
    memcpy(bits, &f, 4);
  }
  return true;
}

static bool exec_param(const sf_sample_3d *s3, const sf_state *s, unsigned k, unsigned i, uint32_t *bits) {
  uint32_t raw;
  return exec_param2(s3, s, k, i, bits, &raw);
}

/* The low 4 bytes (at most the element's size) of the aoffimmi scalar: an immediate, or the element
 * of a general variable at row_off GRFs plus col_off elements. False when the executor cannot read
 * it (it refuses those itself). */
static bool exec_aoffimmi_raw(const sf_sample_3d *s3, const sf_state *s, uint32_t *raw) {
  const sf_vopnd *o = &s3->aoffimmi;
  uint8_t bytes[8] = {0};
  unsigned size;
  if (o->cls == SF_VCLS_IMMEDIATE) {
    size = sf_vtype_size(o->type & 0xF);
    for (unsigned b = 0; b < 8; b++) bytes[b] = (uint8_t)(o->imm >> (8 * b));
  } else if (o->cls == SF_VCLS_GENERAL) {
    const sf_var *var = exec_find_var(s, o->id);
    if (!var) return false;
    size = sf_vtype_size(var->type);
    uint64_t at = (uint64_t)o->row_off * s->grf_bytes + (uint64_t)o->col_off * size;
    if (size == 0 || size > 8 || at + size > var->size) return false;
    memcpy(bytes, var->bytes + at, size);
  } else {
    return false;
  }
  *raw = 0;
  for (unsigned b = 0; b < size && b < 4; b++) *raw |= (uint32_t)bytes[b] << (8 * b);
  return true;
}

/* The low `bits` bits of v as two's complement. */
static int exec_signed(uint32_t v, unsigned bits) {
  uint32_t m = (1u << bits) - 1u;
  v &= m;
  return v >> (bits - 1) ? (int)v - (int)(m + 1u) : (int)v;
}

/* The texel offsets of every lane: from a programmable-offset parameter of the sample_po forms
 * (docs/precision-model.md §13: U bits 5:0, V 11:6, R 17:12, six-bit two's complement; OffUV_R and
 * LodOffUV carry no R; the combined forms' LOD or bias is bits 31:18 as signed 5.8 fixed point),
 * otherwise the aoffimmi scalar (U bits 11:8, V 7:4, R 3:0, four-bit two's complement) in every
 * lane. */
static bool exec_check_offsets(sf_verdict *v, const sf_inst *in, const sf_state *s, const sf_sample_batch *b,
                               const sf_s3d_param *roles, unsigned nroles, unsigned lanes) {
  const sf_sample_3d *s3 = &in->s3d;
  int po = -1;
  for (unsigned k = 0; k < nroles; k++)
    if (roles[k] == SF_P_OFFUVR || roles[k] == SF_P_BIAS_OFFUVR || roles[k] == SF_P_LOD_OFFUVR ||
        roles[k] == SF_P_OFFUV_R || roles[k] == SF_P_OFFUVR_R || roles[k] == SF_P_LOD_OFFUV)
      po = (int)k;
  uint32_t araw = 0;
  if (po < 0 && !exec_aoffimmi_raw(s3, s, &araw)) return true;
  for (unsigned i = 0; i < lanes; i++) {
    int want[3] = {exec_signed(araw >> 8, 4), exec_signed(araw >> 4, 4), exec_signed(araw, 4)};
    bool lod_part = false;
    float lod = 0.0f;
    if (po >= 0) {
      uint32_t bits, e;
      if (!exec_param2(s3, s, (unsigned)po, i, &bits, &e)) return true;
      sf_s3d_param r = roles[po];
      want[0] = exec_signed(e, 6);
      want[1] = exec_signed(e >> 6, 6);
      want[2] = r == SF_P_OFFUV_R || r == SF_P_LOD_OFFUV ? 0 : exec_signed(e >> 12, 6);
      lod_part = r == SF_P_BIAS_OFFUVR || r == SF_P_LOD_OFFUVR || r == SF_P_LOD_OFFUV;
      lod = (float)exec_signed(e >> 18, 14) / 256.0f;
    }
    if (b->off_u[i] != want[0] || b->off_v[i] != want[1] || b->off_r[i] != want[2])
      return exec_fail(v, in, po >= 0 ? "po offsets" : "aoffimmi", "lane %u: offsets (%d, %d, %d), the batch has (%d, %d, %d)", i,
                       want[0], want[1], want[2], b->off_u[i], b->off_v[i], b->off_r[i]);
    if (lod_part && !(b->lod_or_bias[i] == lod))
      return exec_fail(v, in, "po lod/bias", "lane %u: LOD or bias %.9g from the offset parameter, the batch has %.9g", i,
                       (double)lod, (double)b->lod_or_bias[i]);
  }
  return true;
}

static bool exec_check_s3d(sf_verdict *v, const sf_inst *in, const sf_state *s, const sf_sample_batch *b) {
  const sf_sample_3d *s3 = &in->s3d;
  const exec_op_sem *sem = exec_sem(s3d_sem, sizeof s3d_sem / sizeof s3d_sem[0], s3->op);
  if (!sem) return exec_fail(v, in, "op", "sub-op 0x%02x is not a sampling op, yet it was executed", s3->op);
  unsigned lanes = s3->exec_size == 3 ? 8u : s3->exec_size == 4 ? 16u : s3->exec_size == 5 ? 32u : 0u;
  if (b->n != lanes) return exec_fail(v, in, "lanes", "exec size code %u: %u lanes, the batch has %u", s3->exec_size, lanes, b->n);
  uint32_t mask = exec_s3d_mask(s3, s, lanes);
  if (b->lanes != mask)
    return exec_fail(v, in, "mask", "emask %u, predicate P%u ctrl %u%s: mask 0x%08x, the batch has 0x%08x", s3->emask,
                     (unsigned)s3->pred.id, (unsigned)s3->pred.ctrl, s3->pred.invert ? " inverted" : "", mask, b->lanes);
  if (b->compare != sem->compare || b->lod_query != sem->lod_query || b->lod_mode != sem->lod_mode)
    return exec_fail(v, in, "mode", "sub-op 0x%02x: compare %d, LOD query %d, LOD mode %u; the batch has %d, %d, %u",
                     s3->op, sem->compare, sem->lod_query, sem->lod_mode, b->compare, b->lod_query, b->lod_mode);
  if (b->surf != s->surfaces[s3->surface % SF_MAX_SURFACES] || b->samp != s->samplers[s3->sampler % SF_MAX_SAMPLERS])
    return exec_fail(v, in, "binding", "the batch's surface or sampler is not T%u / S%u", s3->surface, s3->sampler);
  sf_s3d_param roles[SF_S3D_MAX_PARAMS];
  unsigned nroles = sf_s3d_param_roles(s3->op, roles, SF_S3D_MAX_PARAMS);
  bool combined = false; /* a parameter carrying offsets and the LOD/bias together */
  for (unsigned k = 0; k < nroles; k++)
    combined |= roles[k] == SF_P_LOD_OFFUV || roles[k] == SF_P_LOD_OFFUVR || roles[k] == SF_P_BIAS_OFFUVR;
  float coord[3][SF_MAX_LANES]; /* U, V, R as the operands give them (0 without an operand) */
  memset(coord, 0, sizeof coord);
  for (unsigned k = 0; k < nroles; k++) {
    const float *field;
    int axis = -1;
    switch (roles[k]) {
      case SF_P_U: field = b->u, axis = 0; break;
      case SF_P_V: field = b->v, axis = 1; break;
      case SF_P_R: field = b->r, axis = 2; break;
      case SF_P_AI: field = b->ai; break;
      case SF_P_REF: field = b->ref; break;
      case SF_P_LOD: case SF_P_BIAS: field = combined ? NULL : b->lod_or_bias; break;
      case SF_P_DUDX: field = b->dudx; break;
      case SF_P_DUDY: field = b->dudy; break;
      case SF_P_DVDX: field = b->dvdx; break;
      case SF_P_DVDY: field = b->dvdy; break;
      case SF_P_DRDX: field = b->drdx; break;
      case SF_P_DRDY: field = b->drdy; break;
      default: field = NULL; break;
    }
    if (!field) continue;
    for (unsigned i = 0; i < lanes; i++) {
      uint32_t want, got;
      if (!exec_param(s3, s, k, i, &want)) return true; /* the executor refuses such operands */
      if (axis >= 0) memcpy(&coord[axis][i], &want, 4);
      memcpy(&got, &field[i], 4);
      if (want != got)
        return exec_fail(v, in, sf_s3d_param_name(roles[k]), "parameter %u (%s), lane %u: 0x%08x, the batch has 0x%08x", k,
                           sf_s3d_param_name(roles[k]), i, want, got);
    }
  }
  if (!exec_check_offsets(v, in, s, b, roles, nroles, lanes)) return false;
  /* Derivative ops without gradient operands: coarse quad differences (docs/precision-model.md),
   * lanes 4q..4q+3 a 2x2 quad (top-left, top-right, bottom-left, bottom-right), shared by the quad. */
  if ((sem->lod_mode == SF_LOD_GRAD || sem->lod_mode == SF_LOD_GRAD_BIAS) && !sem->grads) {
    const float *dx[3] = {b->dudx, b->dvdx, b->drdx}, *dy[3] = {b->dudy, b->dvdy, b->drdy};
    static const char *const names[3] = {"ddx/ddy u", "ddx/ddy v", "ddx/ddy r"};
    for (unsigned a = 0; a < 3; a++)
      for (unsigned i = 0; i < lanes; i++) {
        unsigned q = i & ~3u;
        float wx = coord[a][q + 1] - coord[a][q], wy = coord[a][q + 2] - coord[a][q];
        uint32_t bx, by, gx, gy;
        memcpy(&bx, &wx, 4);
        memcpy(&by, &wy, 4);
        memcpy(&gx, &dx[a][i], 4);
        memcpy(&gy, &dy[a][i], 4);
        if (bx != gx || by != gy)
          return exec_fail(v, in, names[a], "lane %u (quad %u): 0x%08x / 0x%08x, the batch has 0x%08x / 0x%08x", i, q / 4u,
                           bx, by, gx, gy);
      }
  }
  return true;
}

/* Component c of the D3D source operand o in lane l, as D3D11.3 §22.3.4 (swizzle and select-1),
 * §22.3.5 (source modifiers: abs, then negate) and the register files of the machine state give it.
 * False for an operand the executor does not read (relative indexing, an index outside the state):
 * the executor refuses those itself. */
static bool exec_d3d_comp(const sf_state *s, const sf_d3d_opnd *o, unsigned l, unsigned c, float *out) {
  uint32_t bits;
  if (o->type == SF_D3D_OT_IMM32) {
    bits = o->imm[o->num_comp == SF_D3D_NC_1 ? 0 : c];
  } else {
    for (unsigned d = 0; d < o->index_dim && d < 3; d++)
      if (o->idx[d].rep != SF_D3D_IDX_IMM32) return false;
    uint64_t i0 = o->index_dim > 0 ? o->idx[0].imm : 0, i1 = o->index_dim > 1 ? o->idx[1].imm : 0;
    const uint32_t *reg = NULL;
    const sf_d3d_regs *f = &s->d3d;
    if (o->type == SF_D3D_OT_TEMP && i0 < SF_D3D_MAX_TEMPS) reg = f->r[l][i0];
    else if (o->type == SF_D3D_OT_INPUT && i0 < SF_D3D_MAX_INPUTS) reg = f->v[l][i0];
    else if (o->type == SF_D3D_OT_OUTPUT && i0 < SF_D3D_MAX_OUTPUTS) reg = f->o[l][i0];
    else if (o->type == SF_D3D_OT_CONSTANT_BUFFER && i0 < SF_D3D_MAX_CB && i1 < SF_D3D_MAX_CB_VEC) reg = f->cb[i0][i1];
    else if (o->type == SF_D3D_OT_INDEXABLE_TEMP && i0 < SF_D3D_MAX_XARR && i1 < SF_D3D_MAX_XVEC) reg = f->x[l][i0][i1];
    if (!reg) return false;
    unsigned comp = c;
    if (o->num_comp == SF_D3D_NC_1) comp = 0;
    else if (o->sel_mode == SF_D3D_SEL_SWIZZLE) comp = (o->comp_bits >> (2 * c)) & 3u;
    else if (o->sel_mode == SF_D3D_SEL_SELECT1) comp = o->comp_bits & 3u;
    bits = reg[comp];
  }
  if (o->modifier & 2) bits &= 0x7FFFFFFFu;
  if (o->modifier & 1) bits ^= 0x80000000u;
  memcpy(out, &bits, 4);
  return true;
}

/* Equal as values: +0 and -0 alike, any NaN like any NaN (the sign of a zero or a NaN coordinate
 * does not change a sample; the executor's abs keeps it). */
static bool exec_same(float a, float b) { return a == b || (a != a && b != b); }

static bool exec_d3d_params(sf_verdict *v, const sf_inst *in, const sf_state *s, const sf_sample_batch *b,
                            const exec_op_sem *sem) {
  const sf_d3d_inst *d = &in->d3d;
  bool cube_array = b->surf && b->surf->desc.type == SF_SURF_CUBE_ARRAY;
  float a[4][4], x3[4][4], y4[4][4];
  memset(x3, 0, sizeof x3);
  memset(y4, 0, sizeof y4);
  for (unsigned l = 0; l < 4; l++)
    for (unsigned c = 0; c < 4; c++) {
      if (!exec_d3d_comp(s, &d->src[0], l, c, &a[l][c])) return true;
      if (d->num_src > 3 && !exec_d3d_comp(s, &d->src[3], l, c, &x3[l][c])) return true;
      if (d->num_src > 4 && !exec_d3d_comp(s, &d->src[4], l, c, &y4[l][c])) return true;
    }
  /* field, expected value per lane: the address (xyz, w the cube array's index, D3D11.3 §22.4.15),
   * the offsets, then the fourth source: reference, LOD or bias in x, or the x gradients of
   * sample_d with the y gradients in the fifth source. */
  for (unsigned l = 0; l < 4; l++) {
    struct {
      const char *name;
      float want, got;
    } f[] = {{"u", a[l][0], b->u[l]},
             {"v", a[l][1], b->v[l]},
             {"r", a[l][2], b->r[l]},
             {"ai", cube_array ? a[l][3] : 0.0f, b->ai[l]},
             {"aoffimmi u", (float)d->aoffimmi[0], (float)b->off_u[l]},
             {"aoffimmi v", (float)d->aoffimmi[1], (float)b->off_v[l]},
             {"aoffimmi w", (float)d->aoffimmi[2], (float)b->off_r[l]},
             {"ref", sem->compare ? x3[l][0] : b->ref[l], b->ref[l]},
             {"lod/bias", sem->lod_mode == SF_LOD_EXPLICIT || sem->lod_mode == SF_LOD_GRAD_BIAS ? x3[l][0] : b->lod_or_bias[l],
              b->lod_or_bias[l]},
             {"ddx u", sem->grads ? x3[l][0] : a[1][0] - a[0][0], b->dudx[l]},
             {"ddx v", sem->grads ? x3[l][1] : a[1][1] - a[0][1], b->dvdx[l]},
             {"ddx r", sem->grads ? x3[l][2] : a[1][2] - a[0][2], b->drdx[l]},
             {"ddy u", sem->grads ? y4[l][0] : a[2][0] - a[0][0], b->dudy[l]},
             {"ddy v", sem->grads ? y4[l][1] : a[2][1] - a[0][1], b->dvdy[l]},
             {"ddy r", sem->grads ? y4[l][2] : a[2][2] - a[0][2], b->drdy[l]}};
    for (size_t k = 0; k < sizeof f / sizeof f[0]; k++)
      if (!exec_same(f[k].want, f[k].got))
        return exec_fail(v, in, f[k].name, "%s, lane %u: %.9g, the batch has %.9g", f[k].name, l, (double)f[k].want,
                         (double)f[k].got);
  }
  return true;
}

static bool exec_check_d3d(sf_verdict *v, const sf_inst *in, const sf_state *s, const sf_sample_batch *b) {
  const sf_d3d_inst *d = &in->d3d;
  const exec_op_sem *sem = exec_sem(d3d_sem, sizeof d3d_sem / sizeof d3d_sem[0], d->op);
  if (!sem) return exec_fail(v, in, "op", "opcode 0x%02x is not a sampling op, yet it was executed", d->op);
  if (b->n != 4) return exec_fail(v, in, "lanes", "D3D: 4 lanes, the batch has %u", b->n);
  if (b->lanes != (s->d3d.live & 0xFu))
    return exec_fail(v, in, "mask", "live lanes 0x%x, the batch has 0x%x", s->d3d.live & 0xFu, b->lanes);
  if (b->compare != sem->compare || b->lod_query != sem->lod_query || b->lod_mode != sem->lod_mode)
    return exec_fail(v, in, "mode", "opcode 0x%02x: compare %d, LOD query %d, LOD mode %u; the batch has %d, %d, %u",
                     d->op, sem->compare, sem->lod_query, sem->lod_mode, b->compare, b->lod_query, b->lod_mode);
  if (d->num_src >= 3 && d->src[1].index_dim >= 1 && d->src[2].index_dim >= 1 && d->src[1].idx[0].imm < SF_MAX_SURFACES &&
      d->src[2].idx[0].imm < SF_MAX_SAMPLERS &&
      (b->surf != s->surfaces[d->src[1].idx[0].imm] || b->samp != s->samplers[d->src[2].idx[0].imm]))
    return exec_fail(v, in, "binding", "the batch's resource or sampler is not t%u / s%u", (unsigned)d->src[1].idx[0].imm,
                     (unsigned)d->src[2].idx[0].imm);
  return exec_d3d_params(v, in, s, b, sem);
}

bool sf_check_exec_batch(sf_verdict *v, const sf_inst *in, const sf_state *before, const sf_sample_batch *b) {
  if (in->family == SF_FAMILY_SAMPLE_3D) return exec_check_s3d(v, in, before, b);
  if (in->family == SF_FAMILY_D3D) return exec_check_d3d(v, in, before, b);
  return true; /* SAMPLE_UNORM and AVS do not go through sample batches */
}

/* ---- exec_writeback: where the D3D result lands ----------------------------------------------
 *
 * The backends return the sampled values and the executor writes them into the destination; every
 * backend shares that write, so a lost store, a wrong write mask or swizzle, or a saturate that
 * clamps wrongly changes all of them alike. D3D11.3 §22.4.15 (sample) and §16.9 (result
 * modifiers): for each live lane of the batch and each component k in the destination's write mask
 * (all four without one), dst.k = result[swizzle of the resource operand, component k], clamped to
 * [0, 1] by _sat (NaN -> 0) unless the format returns integers. Nothing else in the register file
 * changes. Indices are immediate here: the executor refuses relative indexing. */
static uint32_t *wb_reg(sf_d3d_regs *r, const sf_d3d_opnd *o, unsigned lane) {
  uint64_t i0 = o->index_dim > 0 ? o->idx[0].imm : 0, i1 = o->index_dim > 1 ? o->idx[1].imm : 0;
  if (o->type == SF_D3D_OT_TEMP && i0 < SF_D3D_MAX_TEMPS) return r->r[lane][i0];
  if (o->type == SF_D3D_OT_OUTPUT && i0 < SF_D3D_MAX_OUTPUTS) return r->o[lane][i0];
  if (o->type == SF_D3D_OT_INDEXABLE_TEMP && i0 < SF_D3D_MAX_XARR && i1 < SF_D3D_MAX_XVEC) return r->x[lane][i0][i1];
  return NULL;
}

static uint32_t wb_saturate(uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  if (f != f || f <= 0.0f) f = 0.0f; /* NaN and -0 give +0 */
  else if (f >= 1.0f) f = 1.0f;
  memcpy(&bits, &f, sizeof bits);
  return bits;
}

/* ---- exec_writeback: where the vISA 3D_SAMPLE result lands ---------------------------------------
 *
 * vISA spec, 3D_SAMPLE "Dst": the enabled channels, in R, G, B, A order, each fill one block of
 * ExecSize elements of the destination variable's type, starting at the raw operand's offset; a
 * block is rounded up to whole GRFs. With .pixel_null_mask, the GRF after the last block starts
 * with the 32-bit mask of lanes whose texels all came from null pages (lanes the execution mask
 * disabled count as 1). Only the enabled lanes are written. The value conversion to the
 * destination's type (docs/precision-model.md "Destination types"): F keeps the 32 bits; HF rounds
 * to nearest even (overflow to infinity, NaN to 0x7e00); W, UW, D, UD round to nearest even and
 * saturate, NaN to 0. An integer result (UINT/SINT formats) converts its unsigned value to F or HF
 * and is truncated to the low bytes otherwise. Written again here in double arithmetic with libm's
 * nearbyint and frexp, not with the sampler's conversion helpers. */
static uint16_t wb_half(float f) {
  uint32_t x;
  memcpy(&x, &f, sizeof x);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000u);
  if (f != f) return 0x7e00;
  double a = fabs((double)f);
  if (a >= 65520.0) return (uint16_t)(sign | 0x7c00u); /* 65504 is the largest; 65520 rounds up */
  if (a < 0x1p-14) return (uint16_t)(sign | (uint16_t)nearbyint(a * 0x1p24)); /* subnormal steps */
  int e;
  (void)frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
  double q = nearbyint(ldexp(a, 11 - e)); /* 11 significant bits: 1024..2048 */
  int he = e - 1 + 15;
  if (q >= 2048.0) {
    q /= 2.0;
    he++;
  }
  if (he >= 31) return (uint16_t)(sign | 0x7c00u);
  return (uint16_t)(sign | (unsigned)he << 10 | ((unsigned)q - 1024u));
}

static uint32_t wb_round_sat(float f, double lo, double hi) {
  if (f != f) return 0;
  double d = nearbyint((double)f);
  if (d < lo) d = lo;
  if (d > hi) d = hi;
  return d < 0 ? (uint32_t)(int64_t)d : (uint32_t)d;
}

/* The element bytes of one result value in a destination of vISA type `type`; returns the size. */
static unsigned wb_visa_elem(uint8_t type, uint32_t bits, bool is_int, uint8_t out[4]) {
  uint32_t w;
  float f;
  if (is_int) {
    f = (float)bits;
    if (type == SF_VT_F) memcpy(&w, &f, sizeof w);
    else if (type == SF_VT_HF) w = wb_half(f);
    else w = bits;
  } else {
    memcpy(&f, &bits, sizeof f);
    switch (type) {
      case SF_VT_F: w = bits; break;
      case SF_VT_HF: w = wb_half(f); break;
      case SF_VT_D: w = wb_round_sat(f, -2147483648.0, 2147483647.0); break;
      case SF_VT_UD: w = wb_round_sat(f, 0.0, 4294967295.0); break;
      case SF_VT_W: w = wb_round_sat(f, -32768.0, 32767.0); break;
      default: w = wb_round_sat(f, 0.0, 65535.0); break; /* UW */
    }
  }
  unsigned sz = sf_vtype_size(type); /* the destination types are 2 or 4 bytes (the executor refuses others) */
  for (unsigned i = 0; i < sz && i < 4; i++) out[i] = (uint8_t)(w >> (8 * i));
  return sz;
}

static bool wb_fail(sf_verdict *v, const sf_inst *in, const char *field, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool wb_fail(sf_verdict *v, const sf_inst *in, const char *field, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  check_vfail(v, in, "exec_writeback", field, "", fmt, ap);
  va_end(ap);
  return false;
}

/* The vISA destinations: every variable keeps its id, type and size; every one but the destination
 * its bytes; the destination holds what fill writes into a copy of its bytes before execution
 * (fill returns false when the result does not fit). describe names the instruction's layout in a
 * failure report; nothing is formatted while the check passes. */
typedef bool (*wb_fill_fn)(const void *ctx, const sf_state *before, const sf_var *x, uint8_t *want);
typedef void (*wb_describe_fn)(const void *ctx, const sf_var *x, char *out, size_t n);

static const char *wb_field(char out[32], const char *fam, const char *what) {
  snprintf(out, 32, "%s %s", fam, what);
  return out;
}

static bool wb_visa_vars(sf_verdict *v, const sf_inst *in, const sf_state *before, const sf_state *after,
                         const sf_raw *dst, const char *fam, wb_fill_fn fill, wb_describe_fn describe, const void *ctx) {
  char field[32];
  if (before->nvars != after->nvars)
    return wb_fail(v, in, wb_field(field, fam, "vars"), "%u variables before, %u after", before->nvars, after->nvars);
  for (unsigned j = 0; j < before->nvars; j++) {
    const sf_var *x = &before->vars[j], *y = &after->vars[j];
    if (x->id != y->id || x->type != y->type || x->size != y->size)
      return wb_fail(v, in, wb_field(field, fam, "vars"), "variable %u was V%u (%u bytes), is V%u (%u bytes)", j, x->id,
                     x->size, y->id, y->size);
    if (x->id != dst->id || dst->id == 0) {
      if (x->size && memcmp(x->bytes, y->bytes, x->size) != 0)
        return wb_fail(v, in, wb_field(field, fam, "other"), "V%u, which is not the destination, changed", x->id);
      continue;
    }
    uint8_t *want = malloc(x->size ? x->size : 1);
    if (!want) return true; /* nothing judged without memory */
    memcpy(want, x->bytes, x->size);
    if (!fill(ctx, before, x, want)) {
      free(want);
      return wb_fail(v, in, wb_field(field, fam, "bounds"), "the result does not fit V%u (%u bytes) from offset %u",
                     x->id, x->size, dst->off);
    }
    size_t bad = 0;
    while (bad < x->size && want[bad] == y->bytes[bad]) bad++;
    unsigned got = bad < x->size ? y->bytes[bad] : 0, exp = bad < x->size ? want[bad] : 0;
    free(want);
    if (bad < x->size) {
      char detail[96];
      describe(ctx, x, detail, sizeof detail);
      return wb_fail(v, in, wb_field(field, fam, "dst"), "V%u after execution is not the one the result gives: byte %zu "
                     "is 0x%02x, expected 0x%02x (%s)", x->id, bad, got, exp, detail);
    }
  }
  return true;
}

typedef struct wb3d {
  const sf_sample_3d *s;
  const sf_sample_batch *b;
  const sf_sample_out *out;
} wb3d;

static void wb_describe_3d(const void *ctx, const sf_var *x, char *out, size_t n) {
  const wb3d *c = ctx;
  snprintf(out, n, "type %s, %u lanes, channels 0x%x", sf_vtype_name(x->type), c->b->n, c->s->chan_mask);
}

static bool wb_fill_3d(const void *ctx, const sf_state *before, const sf_var *x, uint8_t *want) {
  const wb3d *c = ctx;
  const sf_sample_3d *s = c->s;
  const sf_sample_batch *b = c->b;
  unsigned tsz = sf_vtype_size(x->type);
  unsigned lanes = b->n, grf = before->grf_bytes ? before->grf_bytes : 32u;
  size_t blk = ((size_t)lanes * tsz + grf - 1) / grf * grf, at = s->dst.off;
  bool inside = true;
  for (unsigned k = 0; k < 4; k++) {
    if (!(s->chan_mask >> k & 1u)) continue;
    for (unsigned l = 0; l < lanes && l < SF_MAX_LANES; l++) {
      if (!(b->lanes >> l & 1u)) continue;
      uint8_t e[4];
      unsigned n = wb_visa_elem(x->type, c->out->v[k][l], c->out->is_int, e);
      if (at + (size_t)l * tsz + n > x->size) inside = false;
      else memcpy(want + at + (size_t)l * tsz, e, n);
    }
    at += blk;
  }
  if (s->pixel_null_mask) {
    uint32_t all = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    uint32_t nm = (c->out->null_mask | ~b->lanes) & all;
    if (at + 4 > x->size) inside = false;
    else
      for (unsigned i = 0; i < 4; i++) want[at + i] = (uint8_t)(nm >> (8 * i));
  }
  return inside;
}

static bool wb_d3d(sf_verdict *v, const sf_inst *in, const sf_state *before, const sf_state *after,
                   const sf_sample_batch *b, const sf_sample_out *out) {
  const sf_d3d_inst *d = &in->d3d;
  sf_d3d_regs *want = malloc(sizeof *want);
  if (!want) return true; /* nothing judged without memory */
  *want = before->d3d;
  bool written = true;
  if (d->dst.type != SF_D3D_OT_NULL) {
    const sf_d3d_opnd *res = &d->src[1];
    unsigned mask = d->dst.sel_mode == SF_D3D_SEL_MASK ? (d->dst.comp_bits & 0xFu) : 0xFu;
    for (unsigned l = 0; l < 4 && l < b->n; l++) {
      if (!(b->lanes >> l & 1u)) continue;
      uint32_t *dst = wb_reg(want, &d->dst, l);
      if (!dst) {
        written = false; /* the executor wrote a destination outside the register file */
        break;
      }
      for (unsigned k = 0; k < 4; k++) {
        if (!(mask >> k & 1u)) continue;
        unsigned from = res->sel_mode == SF_D3D_SEL_SWIZZLE ? (res->comp_bits >> (2 * k)) & 3u : k;
        uint32_t val = out->v[from][l];
        dst[k] = d->sat && !out->is_int ? wb_saturate(val) : val;
      }
    }
  }
  const uint32_t *g = &after->d3d.r[0][0][0], *w = &want->r[0][0][0];
  size_t words = offsetof(sf_d3d_regs, live) / sizeof(uint32_t), bad = 0;
  while (written && bad < words && g[bad] == w[bad]) bad++;
  if (written && bad == words) {
    free(want);
    return true;
  }
  sf_verdict_fail(v, "exec_writeback", in, "d3d");
  sf_verdict_key(v, "exec_writeback d3d sat=%d mask=%s", d->sat ? 1 : 0,
                 d->dst.sel_mode == SF_D3D_SEL_MASK ? "mask" : "all");
  if (!written)
    sf_verdict_dumpf(v, "a destination outside the register file was written\n");
  else
    sf_verdict_dumpf(v, "the register file after execution is not the one the result gives: 32-bit word %zu is "
                        "0x%08x, expected 0x%08x\n", bad, (unsigned)g[bad], (unsigned)w[bad]);
  free(want);
  return false;
}

/* ---- exec_writeback: where the vISA SAMPLE_UNORM result lands -----------------------------------
 *
 * vISA spec, SAMPLE_UNORM "Dst" and "Output Format": the enabled channels, in R, G, B, A order, each
 * fill one block holding the 32 pixels of the 8x4 block in row order (pixel y*8+x), starting at the
 * raw operand's offset; each block is rounded up to whole GRFs. The 16-bit formats store the 8.8
 * value as a word; the 8-bit ones store it rounded to a byte, (v + 128) / 256 at most 255. The
 * downsampled formats keep the even pixels of R and B only (16 elements in a block of half the
 * size). V0 as destination writes nothing. */
typedef struct wbunorm {
  const sf_sample_unorm *u;
  const sf_unorm_out *out;
} wbunorm;

static void wb_describe_unorm(const void *ctx, const sf_var *x, char *out, size_t n) {
  const sf_sample_unorm *u = ((const wbunorm *)ctx)->u;
  (void)x;
  snprintf(out, n, "format %u, channels 0x%x", u->out_fmt, u->chan_mask);
}

static bool wb_fill_unorm(const void *ctx, const sf_state *before, const sf_var *x, uint8_t *want) {
  const sf_sample_unorm *u = ((const wbunorm *)ctx)->u;
  const sf_unorm_out *out = ((const wbunorm *)ctx)->out;
  bool wide = u->out_fmt == SF_UNORM_16_FULL || u->out_fmt == SF_UNORM_16_DOWNSAMPLED;
  bool down = u->out_fmt == SF_UNORM_16_DOWNSAMPLED || u->out_fmt == SF_UNORM_8_DOWNSAMPLED;
  unsigned grf = before->grf_bytes ? before->grf_bytes : 32u, esz = wide ? 2u : 1u;
  size_t at = u->dst.off;
  for (unsigned k = 0; k < 4; k++) {
    if (!(u->chan_mask >> k & 1u)) continue;
    bool even_only = down && (k == 0 || k == 2);
    unsigned elems = even_only ? 16u : 32u;
    for (unsigned e = 0; e < elems; e++) {
      uint16_t val = out->v[k][even_only ? 2 * e : e];
      size_t p = at + (size_t)e * esz;
      if (p + esz > x->size) return false;
      if (wide) want[p] = (uint8_t)(val & 0xff), want[p + 1] = (uint8_t)(val >> 8);
      else want[p] = (uint8_t)((val + 128u) / 256u > 255u ? 255u : (val + 128u) / 256u);
    }
    at += ((size_t)elems * esz + grf - 1) / grf * grf;
  }
  return true;
}

/* ---- exec_writeback: where the vISA AVS result lands --------------------------------------------
 *
 * vISA spec, AVS "execMode", "cntrl" and the Notes on <dst>: the block is 16x4, 8x4, 16x8 or 4x4
 * pixels (execMode 0-3), pixel p = row * width + column. Without output shuffle the enabled channels
 * follow each other in R, G, B, A order, each over the pixels of rows 0-3, and for 16x8 the same
 * again over rows 4-7. With output shuffle (16x4 only) the first R, G, B, A run holds columns 0-7
 * of every row and the second columns 8-15. Each run fills whole GRFs. cntrl 0 and 1 store 16-bit
 * elements, 2 and 3 bytes (the 8.8 value rounded, (v + 128) / 256, at most 255); 1 and 3 keep only
 * the even pixels of R and B. With cntrl 3, a single disabled one of R and B keeps its run, unwritten.
 * Counted pixel by pixel here, not from the executor's block sizes. */
typedef struct wbavs {
  const sf_avs *a;
  bool shuffle;
  const sf_avs_out *out;
} wbavs;

static void wb_describe_avs(const void *ctx, const sf_var *x, char *out, size_t n) {
  const wbavs *c = ctx;
  (void)x;
  snprintf(out, n, "execMode %u, cntrl %u, channels 0x%x, shuffle %d", c->a->exec_mode & 0xFu, c->a->cntrl & 0xFu,
           c->a->chan_mask, c->shuffle ? 1 : 0);
}

static bool wb_fill_avs(const void *ctx, const sf_state *before, const sf_var *x, uint8_t *want) {
  const wbavs *c = ctx;
  static const unsigned widths[4] = {16, 8, 16, 4}, heights[4] = {4, 4, 8, 4};
  unsigned mode = c->a->exec_mode & 0xFu, cntrl = c->a->cntrl & 0xFu;
  if (mode > 3 || cntrl > 3) return true; /* refused by the executor: nothing written, checked elsewhere */
  unsigned w = widths[mode], h = heights[mode], grf = before->grf_bytes ? before->grf_bytes : 32u;
  bool bytes = cntrl >= 2, down = cntrl == 1 || cntrl == 3;
  unsigned esz = bytes ? 1u : 2u, runs = c->shuffle ? 2u : h / 4u;
  bool on[4], kept[4];
  for (unsigned k = 0; k < 4; k++) on[k] = kept[k] = (c->a->chan_mask >> k) & 1u;
  if (cntrl == 3 && on[0] != on[2]) kept[0] = kept[2] = true;
  size_t at = c->a->dst.off;
  for (unsigned r = 0; r < runs; r++)
    for (unsigned k = 0; k < 4; k++) {
      if (!kept[k]) continue;
      size_t n = 0;
      for (unsigned row = c->shuffle ? 0 : 4 * r; row < (c->shuffle ? 4u : 4 * r + 4); row++)
        for (unsigned col = 0; col < w; col++) {
          if (c->shuffle && col / 8 != r) continue;
          unsigned p = row * w + col;
          if (down && (k == 0 || k == 2) && (p & 1u)) continue;
          if (on[k]) {
            uint16_t val = c->out->v[k][p];
            size_t pos = at + n * esz;
            if (pos + esz > x->size) return false;
            if (bytes) want[pos] = (uint8_t)((val + 128u) / 256u > 255u ? 255u : (val + 128u) / 256u);
            else want[pos] = (uint8_t)val, want[pos + 1] = (uint8_t)(val >> 8);
          }
          n++;
        }
      at += (n * esz + grf - 1) / grf * grf;
    }
  return true;
}

bool sf_check_exec_writeback(sf_verdict *v, const sf_inst *in, const sf_state *before, const sf_state *after,
                             const sf_indep_rec *rec) {
  if (in->family == SF_FAMILY_SAMPLE_3D && rec->got) {
    wb3d c = {&in->s3d, &rec->batch, &rec->out};
    return wb_visa_vars(v, in, before, after, &in->s3d.dst, "3d", wb_fill_3d, wb_describe_3d, &c);
  }
  if (in->family == SF_FAMILY_D3D && rec->got) return wb_d3d(v, in, before, after, &rec->batch, &rec->out);
  if (in->family == SF_FAMILY_SAMPLE_UNORM && rec->got_unorm) {
    wbunorm c = {&in->unorm, &rec->unorm};
    return wb_visa_vars(v, in, before, after, &in->unorm.dst, "unorm", wb_fill_unorm, wb_describe_unorm, &c);
  }
  if (in->family == SF_FAMILY_AVS && rec->got_avs) {
    const sf_sampler *sp = before->samplers[in->avs.sampler]; /* a uint8_t index: SF_MAX_SAMPLERS is 256 */
    wbavs c = {&in->avs, sp && sp->avs_shuffle && (in->avs.exec_mode & 0xFu) == 0, &rec->avs};
    return wb_visa_vars(v, in, before, after, &in->avs.dst, "avs", wb_fill_avs, wb_describe_avs, &c);
  }
  return true;
}
