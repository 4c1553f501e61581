/* oracles/sampler/exec.c — the executor: resolves an sf_inst's operands against an sf_state, builds
 * the sample requests, calls the backend and writes dst in the layouts of the specs:
 *   - 3D_SAMPLE (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/3D_SAMPLE.md) "Notes"): enabled channels in RGBA order, each starting in the
 *     next GRF, exec size 8/16/32, emask + predication, the pixel-null-mask GRF, dst HF/F/W/UW/D/UD;
 *     implicit derivatives from 2x2 quads of lanes; missing trailing params read 0.
 *   - SAMPLE_UNORM (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/SAMPLE_UNORM.md)): 8x4 block, 32 elements per channel, 4 output formats.
 *   - AVS (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/AVS.md) "Notes"): execMode blocks, the 16x8 second half, shuffle on/off.
 *   - D3D sample* (Microsoft's "sample (sm4 - asm)" reference, D3D11.3 §22.4.15-20): a 2x2 quad, coarse implicit
 *     derivatives, aoffimmi, the resource swizzle, the dest mask and _sat.
 * Nothing is written to the state unless the whole instruction succeeds. */
#include <string.h>

#include "oracles/sampler/sampler_int.h"

/* ---- Operand reading --------------------------------------------------------------------------- */

/* Converts one element of vISA type `type` at p (little-endian) to float. */
static sf_code elem_to_float(const uint8_t *p, uint8_t type, float *out, sf_status *st) {
  uint32_t u32 = 0;
  unsigned sz = sf_vtype_size(type);
  if (sz == 0 || sz > 4) return sf_fail(st, SF_ERR_STATE, "operand of type %s cannot be read as a scalar", sf_vtype_name(type) ? sf_vtype_name(type) : "?");
  for (unsigned b = 0; b < sz; b++) u32 |= (uint32_t)p[b] << (8 * b);
  switch (type) {
    case SF_VT_F: *out = sf_u2f(u32); break;
    case SF_VT_HF: *out = sf_half_to_float((uint16_t)u32); break;
    case SF_VT_BF: *out = sf_u2f(u32 << 16); break;
    case SF_VT_UD: *out = (float)u32; break;
    case SF_VT_D: *out = (float)(int32_t)u32; break;
    case SF_VT_UW: *out = (float)(uint16_t)u32; break;
    case SF_VT_W: *out = (float)(int16_t)u32; break;
    case SF_VT_UB: case SF_VT_BOOL: *out = (float)(uint8_t)u32; break;
    case SF_VT_B: *out = (float)(int8_t)u32; break;
    default: return sf_fail(st, SF_ERR_STATE, "operand of type %s cannot be read as a scalar", sf_vtype_name(type) ? sf_vtype_name(type) : "?");
  }
  return SF_OK;
}

/* A scalar vector operand (SAMPLE_UNORM/AVS sources, aoffimmi): value as float and as raw bits. */
static sf_code read_scalar(const sf_state *s, const sf_vopnd *o, const char *what, float *f, uint32_t *raw, sf_status *st) {
  uint8_t bytes[8] = {0};
  uint8_t type = 0; /* set by every case that reads a value; initialized so that no path reads an indeterminate byte */
  switch (o->cls) {
    case SF_VCLS_IMMEDIATE:
      type = o->type & 0xF;
      /* the type's bytes only (at most 8, sf_vtype_size's table): the bits above them, which the
       * model lets an immediate hold below bit 32, are read by nothing below */
      for (unsigned b = 0; b < sf_vtype_size(type); b++) bytes[b] = (uint8_t)(o->imm >> (8 * b));
      break;
    case SF_VCLS_GENERAL: {
      const sf_var *v = sf_state_var_c(s, o->id);
      if (!v) return sf_fail(st, SF_ERR_STATE, "%s: variable V%u is not declared in the state", what, o->id);
      type = v->type;
      /* a type's size is at most 8, bytes' size (sf_vtype_size's table); a type with none copies
       * nothing here and is refused by elem_to_float below, as any type that is not a scalar is */
      unsigned sz = sf_vtype_size(type);
      uint64_t at = (uint64_t)o->row_off * s->grf_bytes + (uint64_t)o->col_off * sz;
      if (at + sz > v->size)
        return sf_fail(st, SF_ERR_STATE, "%s: V%u(%u,%u) is outside the %u-byte variable", what, o->id, o->row_off, o->col_off, v->size);
      memcpy(bytes, v->bytes + at, sz);
      break;
    }
    case SF_VCLS_INDIRECT:
      return sf_fail(st, SF_UNSUPPORTED, "%s: indirect operands are not executed by the reference sampler", what);
    default:
      return sf_fail(st, SF_ERR_INVALID, "%s: operand class %u cannot be a scalar source", what, o->cls);
  }
  uint32_t r = 0;
  unsigned sz = sf_vtype_size(type);
  for (unsigned b = 0; b < 4 && b < sz; b++) r |= (uint32_t)bytes[b] << (8 * b);
  if (raw) *raw = r;
  float v = 0;
  sf_code rc = elem_to_float(bytes, type, &v, st);
  if (rc != SF_OK) return rc;
  switch (o->mod) {
    case SF_VMOD_NONE: break;
    /* abs clears the sign bit and -abs sets it (a zero's too), as the D3D modifiers below do */
    case SF_VMOD_ABS: v = sf_u2f(sf_f2u(v) & 0x7FFFFFFFu); break;
    case SF_VMOD_NEG: v = -v; break;
    case SF_VMOD_NEGABS: v = sf_u2f(sf_f2u(v) | 0x80000000u); break;
    case SF_VMOD_SAT: v = !(v > 0.0f) ? 0.0f : v > 1.0f ? 1.0f : v; break;
    default: return sf_fail(st, SF_ERR_INVALID, "%s: modifier %u is not allowed on a sampler source", what, o->mod);
  }
  *f = v;
  return SF_OK;
}

/* ---- Masks ------------------------------------------------------------------------------------- */

/* *mask is written on every path (0 on error), so callers never read an unset mask. */
static sf_code exec_mask(const sf_state *s, uint8_t emask, const sf_pred *p, unsigned lanes, uint32_t *mask, sf_status *st) {
  *mask = 0;
  uint32_t all = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
  uint32_t m = all;
  if (emask < 8) m = (uint32_t)(((uint64_t)s->dmask >> (4u * emask)) & all);  /* M1..M8: offset 0,4,..,28 */
  if (p && p->id) {
    if (p->id >= SF_MAX_PREDS) return sf_fail(st, SF_ERR_STATE, "predicate P%u is outside the state's %u predicates", p->id, SF_MAX_PREDS);
    if (p->ctrl == 3) return sf_fail(st, SF_ERR_INVALID, "predicate control 3 is reserved");
    uint32_t pv = s->preds[p->id] & all;
    if (p->invert) pv = ~pv & all;
    if (p->ctrl == 1) pv = pv ? all : 0;
    else if (p->ctrl == 2) pv = pv == all ? all : 0;
    m &= pv;
  }
  *mask = m;
  return SF_OK;
}

/* ---- Dst conversion ---------------------------------------------------------------------------- */

static unsigned dst_elem(uint8_t type, uint32_t bits, bool is_int, uint8_t out[4]) {
  uint32_t v;
  unsigned sz = sf_vtype_size(type);
  if (is_int) {
    if (type == SF_VT_F) v = sf_f2u((float)bits);
    else if (type == SF_VT_HF) v = sf_float_to_half((float)bits);
    else v = bits;  /* integer dst: the low bytes */
  } else {
    float f = sf_u2f(bits);
    switch (type) {
      case SF_VT_F: v = bits; break;
      case SF_VT_HF: v = sf_float_to_half(f); break;
      case SF_VT_D: v = (uint32_t)sf_rne_i32(f, INT32_MIN, INT32_MAX); break;
      case SF_VT_UD: {  /* RNE, saturate to [0, 2^32-1] without float->int overflow */
        if (!(f > 0.0f)) v = 0;
        else if (f >= 4294967296.0f) v = 0xffffffffu;
        else if (f < 2147483648.0f) v = (uint32_t)sf_rne_i32(f, 0, INT32_MAX);
        else v = (uint32_t)f;  /* integral already */
        break;
      }
      case SF_VT_W: v = (uint32_t)sf_rne_i32(f, -32768, 32767); break;
      default: v = (uint32_t)sf_rne_i32(f, 0, 65535); break;  /* UW */
    }
  }
  for (unsigned b = 0; b < sz; b++) out[b] = (uint8_t)(v >> (8 * b));
  return sz;
}

static bool dst_type_ok(uint8_t t) {
  return t == SF_VT_HF || t == SF_VT_F || t == SF_VT_W || t == SF_VT_UW || t == SF_VT_D || t == SF_VT_UD;
}

static unsigned round_up(unsigned v, unsigned a) { return (v + a - 1) / a * a; }

/* ---- 3D_SAMPLE --------------------------------------------------------------------------------- */

static void quad_derivs(const float *c, float *dx, float *dy, unsigned lanes) {
  for (unsigned q = 0; q + 3 < lanes; q += 4) {
    float ddx = c[q + 1] - c[q], ddy = c[q + 2] - c[q];
    for (unsigned k = 0; k < 4; k++) {
      dx[q + k] = ddx;
      dy[q + k] = ddy;
    }
  }
}

static int sext(uint32_t v, unsigned bits) {
  uint32_t m = 1u << (bits - 1);
  v &= (1u << bits) - 1u;
  return (int)(v ^ m) - (int)m;
}

static sf_code exec_s3d(const sf_sample_3d *in, sf_state *s, const sf_backend *be, sf_status *st) {
  unsigned lanes = sf_exec_size_lanes(in->exec_size);
  if (lanes < 8 || lanes > 32) return sf_fail(st, SF_ERR_INVALID, "3d_sample: exec size code %u (only 8, 16, 32 lanes)", in->exec_size);
  if (!sf_s3d_op_known(in->op)) return sf_fail(st, SF_ERR_INVALID, "3d_sample: unknown sub-op 0x%02x", in->op);
  if ((in->chan_mask & 0xF) == 0) return sf_fail(st, SF_ERR_INVALID, "3d_sample: channel mask 0 (at least one channel)");
  if (in->chan_mask > 0xF)
    return sf_fail(st, SF_ERR_INVALID, "3d_sample: channel mask 0x%x has bits past the four channels", (unsigned)in->chan_mask);
  sf_s3d_param roles[SF_S3D_MAX_PARAMS];
  unsigned nroles = sf_s3d_param_roles(in->op, roles, SF_S3D_MAX_PARAMS);
  if (in->num_params < 1 || in->num_params > SF_S3D_MAX_PARAMS)
    return sf_fail(st, SF_ERR_INVALID, "3d_sample: NumParams %u outside [1,15]", in->num_params);
  if (in->num_params > nroles)
    return sf_fail(st, SF_ERR_INVALID, "3d_sample: %s takes at most %u parameters, got %u", sf_s3d_op_name(in->op), nroles, in->num_params);
  const sf_sampler *samp = s->samplers[in->sampler];
  if (!samp) return sf_fail(st, SF_ERR_STATE, "3d_sample: sampler S%u is not bound", in->sampler);
  uint32_t mask;
  sf_code rc = exec_mask(s, in->emask, &in->pred, lanes, &mask, st);
  if (rc != SF_OK) return rc;

  static const sf_sample_batch zero_batch;
  sf_sample_batch q = zero_batch;
  q.surf = s->surfaces[in->surface];
  q.samp = samp;
  q.n = lanes;
  q.lanes = mask;
  /* aoffimmi: U bits 8-11, V 4-7, R 0-3 (4-bit two's complement) */
  float af;
  uint32_t araw = 0;
#if SF_CANARY == 13 /* canary: a valid operand class refused as invalid by every backend alike */
  if (in->aoffimmi.cls == SF_VCLS_GENERAL) return sf_fail(st, SF_ERR_INVALID, "3d_sample: aoffimmi operand class 0");
#endif
  if (in->aoffimmi.cls == SF_VCLS_IMMEDIATE || in->aoffimmi.cls == SF_VCLS_GENERAL) {
    rc = read_scalar(s, &in->aoffimmi, "3d_sample aoffimmi", &af, &araw, st);
    if (rc != SF_OK) return rc;
  } else if (in->aoffimmi.cls == SF_VCLS_INDIRECT) {  /* valid, like any indirect scalar: not executed */
    return sf_fail(st, SF_UNSUPPORTED, "3d_sample aoffimmi: indirect operands are not executed by the reference sampler");
  } else {
    return sf_fail(st, SF_ERR_INVALID, "3d_sample: aoffimmi operand class %u", in->aoffimmi.cls);
  }
  int aoff[3] = {sext(araw >> 8, 4), sext(araw >> 4, 4), sext(araw, 4)};
  /* parameters */
  uint8_t ptype = 0xFF;
  float pv[SF_S3D_MAX_PARAMS][SF_MAX_LANES];
  uint32_t praw[SF_S3D_MAX_PARAMS][SF_MAX_LANES];
  memset(pv, 0, sizeof pv);
  memset(praw, 0, sizeof praw);
  for (unsigned k = 0; k < in->num_params; k++) {
    const sf_raw *p = &in->params[k];
    if (p->id == 0) continue;  /* %null reads 0 */
    const sf_var *v = sf_state_var_c(s, p->id);
    if (!v) return sf_fail(st, SF_ERR_STATE, "3d_sample: parameter %u (%s): V%u is not declared", k, sf_s3d_param_name(roles[k]), p->id);
    if (v->type != SF_VT_F && v->type != SF_VT_HF)
      return sf_fail(st, SF_ERR_STATE, "3d_sample: parameter %u (%s): V%u has type %s (must be F or HF)", k, sf_s3d_param_name(roles[k]), p->id, sf_vtype_name(v->type));
    if (ptype != 0xFF && v->type != ptype)
      return sf_fail(st, SF_ERR_STATE, "3d_sample: parameter %u: all parameters must have the same type (F or HF)", k);
    ptype = v->type;
    unsigned sz = sf_vtype_size(v->type);
    if ((uint64_t)p->off + (uint64_t)lanes * sz > v->size)
      return sf_fail(st, SF_ERR_STATE, "3d_sample: parameter %u: V%u+%u with %u lanes exceeds the %u-byte variable", k, p->id, p->off, lanes, v->size);
    for (unsigned i = 0; i < lanes; i++) {
      const uint8_t *e = v->bytes + p->off + (size_t)i * sz;
      praw[k][i] = sz == 2 ? (uint32_t)e[0] | (uint32_t)e[1] << 8 : (uint32_t)e[0] | (uint32_t)e[1] << 8 | (uint32_t)e[2] << 16 | (uint32_t)e[3] << 24;
      pv[k][i] = sz == 2 ? sf_half_to_float((uint16_t)praw[k][i]) : sf_u2f(praw[k][i]);
    }
  }
  bool have_po = false, have_grad = false;
  bool have_lod_part = false, have_bias_part = false;
  float lodp[SF_MAX_LANES]; /* lanes [0, lanes) written by the role that sets have_*_part */
  for (unsigned k = 0; k < nroles; k++) {
    const float *src = pv[k];  /* k >= num_params: zeros (missing trailing params read 0) */
    float *dstv = NULL;
    switch (roles[k]) {
      case SF_P_U: dstv = q.u; break;
      case SF_P_V: dstv = q.v; break;
      case SF_P_R: dstv = q.r; break;
      case SF_P_AI: dstv = q.ai; break;
      case SF_P_REF: dstv = q.ref; break;
      case SF_P_BIAS: case SF_P_LOD: dstv = q.lod_or_bias; break;
      case SF_P_DUDX: dstv = q.dudx; have_grad = true; break;
      case SF_P_DUDY: dstv = q.dudy; break;
      case SF_P_DVDX: dstv = q.dvdx; break;
      case SF_P_DVDY: dstv = q.dvdy; break;
      case SF_P_DRDX: dstv = q.drdx; break;
      case SF_P_DRDY: dstv = q.drdy; break;
      default: {
        /* programmable offsets (model choice, docs/precision-model.md "Programmable offsets"):
         * the element's bits: U [5:0], V [11:6], R [17:12] (6-bit two's complement); the
         * LOD/bias of the combined forms is bits [31:18] as s5.8 fixed point */
        have_po = true;
        for (unsigned i = 0; i < lanes; i++) {
          uint32_t b = praw[k][i];
          q.off_u[i] = (int8_t)sext(b, 6);
          q.off_v[i] = (int8_t)sext(b >> 6, 6);
          q.off_r[i] = (roles[k] == SF_P_OFFUV_R || roles[k] == SF_P_LOD_OFFUV) ? 0 : (int8_t)sext(b >> 12, 6);
          lodp[i] = (float)sext(b >> 18, 14) / 256.0f;
        }
        if (roles[k] == SF_P_BIAS_OFFUVR) have_bias_part = true;
        if (roles[k] == SF_P_LOD_OFFUVR || roles[k] == SF_P_LOD_OFFUV) have_lod_part = true;
        break;
      }
    }
    if (dstv) memcpy(dstv, src, sizeof(float) * lanes);
  }
  if (have_lod_part || have_bias_part) memcpy(q.lod_or_bias, lodp, sizeof(float) * lanes);
  if (!have_po)
    for (unsigned i = 0; i < lanes; i++) {
      q.off_u[i] = (int8_t)aoff[0];
      q.off_v[i] = (int8_t)aoff[1];
      q.off_r[i] = (int8_t)aoff[2];
    }
  switch (in->op) {
    case SF_S3D_SAMPLE_L: case SF_S3D_SAMPLE_L_C: case SF_S3D_SAMPLE_PO_L: case SF_S3D_SAMPLE_PO_L_C:
      q.lod_mode = SF_LOD_EXPLICIT; break;
    case SF_S3D_SAMPLE_LZ: case SF_S3D_SAMPLE_C_LZ: q.lod_mode = SF_LOD_ZERO; break;
    case SF_S3D_SAMPLE_D: case SF_S3D_SAMPLE_D_C: case SF_S3D_SAMPLE_PO_D: q.lod_mode = SF_LOD_GRAD; break;
    case SF_S3D_SAMPLE_B: case SF_S3D_SAMPLE_B_C: case SF_S3D_SAMPLE_PO_B: q.lod_mode = SF_LOD_GRAD_BIAS; break;
    default: q.lod_mode = SF_LOD_GRAD; break;
  }
  (void)have_grad;
#if SF_CANARY == 8
  /* canary 8: derivative-LOD ops add a +1 LOD step to the bound sampler's bias in place instead of
   * to the lanes, so the change leaks into every later run that shares the sampler */
  if (q.lod_mode == SF_LOD_GRAD || q.lod_mode == SF_LOD_GRAD_BIAS)
    ((sf_sampler *)samp)->lod_bias = (int16_t)(samp->lod_bias > 4095 - 256 ? 4095 : samp->lod_bias + 256);
#endif
  bool explicit_grad = in->op == SF_S3D_SAMPLE_D || in->op == SF_S3D_SAMPLE_D_C || in->op == SF_S3D_SAMPLE_PO_D;
  if ((q.lod_mode == SF_LOD_GRAD || q.lod_mode == SF_LOD_GRAD_BIAS) && !explicit_grad) {
    quad_derivs(q.u, q.dudx, q.dudy, lanes);
    quad_derivs(q.v, q.dvdx, q.dvdy, lanes);
    quad_derivs(q.r, q.drdx, q.drdy, lanes);
  }
  q.compare = in->op == SF_S3D_SAMPLE_C || in->op == SF_S3D_SAMPLE_B_C || in->op == SF_S3D_SAMPLE_L_C ||
              in->op == SF_S3D_SAMPLE_D_C || in->op == SF_S3D_SAMPLE_C_LZ || in->op == SF_S3D_SAMPLE_PO_C ||
              in->op == SF_S3D_SAMPLE_PO_L_C;
  q.lod_query = in->op == SF_S3D_LOD;

  /* dst checks before anything runs */
  sf_var *dv = NULL;
  unsigned tsz = 4, blk = 0, nch = 0;
  for (unsigned k = 0; k < 4; k++) nch += (in->chan_mask >> k) & 1u;
  if (in->dst.id != 0) {
    dv = sf_state_var(s, in->dst.id);
    if (!dv) return sf_fail(st, SF_ERR_STATE, "3d_sample: dst V%u is not declared", in->dst.id);
    if (!dst_type_ok(dv->type)) return sf_fail(st, SF_ERR_STATE, "3d_sample: dst V%u has type %s (must be HF, F, W, UW, D or UD)", in->dst.id, sf_vtype_name(dv->type));
    tsz = sf_vtype_size(dv->type);
    blk = round_up(lanes * tsz, s->grf_bytes);
    uint64_t need = (uint64_t)in->dst.off + (uint64_t)blk * nch + (in->pixel_null_mask ? s->grf_bytes : 0);
    if (need > dv->size)
      return sf_fail(st, SF_ERR_STATE, "3d_sample: dst V%u+%u needs %llu bytes, the variable has %u", in->dst.id, in->dst.off, (unsigned long long)need, dv->size);
  }
  sf_sample_out out;
  rc = (be->sample ? be->sample : sf_scalar_sample)(&q, &out, st);
  if (rc != SF_OK) return rc;
  if (!dv) return SF_OK;
  unsigned b = 0;
  for (unsigned k = 0; k < 4; k++) {
    if (!((in->chan_mask >> k) & 1u)) continue;
    uint8_t *base = dv->bytes + in->dst.off + (size_t)b * blk;
    for (unsigned i = 0; i < lanes; i++)
      if (mask >> i & 1u) dst_elem(dv->type, out.v[k][i], out.is_int, base + (size_t)i * tsz);
    b++;
  }
  if (in->pixel_null_mask) {
    uint32_t all = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u;
    uint32_t nm = (out.null_mask | ~mask) & all;  /* disabled pixels sourced nothing: 1 */
    uint8_t *p = dv->bytes + in->dst.off + (size_t)b * blk;
    for (unsigned k = 0; k < 4; k++) p[k] = (uint8_t)(nm >> (8 * k));
  }
  return SF_OK;
}

/* ---- SAMPLE_UNORM ------------------------------------------------------------------------------ */

static sf_var *raw_dst(sf_state *s, const sf_raw *d, uint64_t need, const char *what, sf_status *st, sf_code *rc) {
  *rc = SF_OK;
  if (d->id == 0) return NULL;
  sf_var *v = sf_state_var(s, d->id);
  if (!v) {
    *rc = sf_fail(st, SF_ERR_STATE, "%s: dst V%u is not declared", what, d->id);
    return NULL;
  }
  if ((uint64_t)d->off + need > v->size) {
    *rc = sf_fail(st, SF_ERR_STATE, "%s: dst V%u+%u needs %llu bytes, the variable has %u", what, d->id, d->off,
                  (unsigned long long)need, v->size);
    return NULL;
  }
  return v;
}

static void put_px(uint8_t *p, unsigned esz, uint16_t v16) {
  if (esz == 2) {
    p[0] = (uint8_t)v16;
    p[1] = (uint8_t)(v16 >> 8);
  } else {
    uint32_t v8 = ((uint32_t)v16 + 128u) >> 8;  /* 8.8 -> 8 bits, rounded half up */
    p[0] = (uint8_t)(v8 > 255 ? 255 : v8);
  }
}

static sf_code exec_unorm(const sf_sample_unorm *in, sf_state *s, const sf_backend *be, sf_status *st) {
  if ((in->chan_mask & 0xF) == 0) return sf_fail(st, SF_ERR_INVALID, "sample_unorm: channel mask 0 (at least one channel)");
  if (in->chan_mask > 0xF)
    return sf_fail(st, SF_ERR_INVALID, "sample_unorm: channel mask 0x%x has bits past the four channels", (unsigned)in->chan_mask);
  if (in->out_fmt > 3) return sf_fail(st, SF_ERR_INVALID, "sample_unorm: output format %u", in->out_fmt);
  sf_unorm_req q = {.surf = s->surfaces[in->surface], .samp = s->samplers[in->sampler]};
  if (!q.samp) return sf_fail(st, SF_ERR_STATE, "sample_unorm: sampler S%u is not bound", in->sampler);
  sf_code rc;
  if ((rc = read_scalar(s, &in->u, "sample_unorm u", &q.u, NULL, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->v, "sample_unorm v", &q.v, NULL, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->du, "sample_unorm deltaU", &q.du, NULL, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->dv, "sample_unorm deltaV", &q.dv, NULL, st)) != SF_OK) return rc;
  unsigned esz = in->out_fmt < 2 ? 2 : 1;
  bool ds = in->out_fmt == SF_UNORM_16_DOWNSAMPLED || in->out_fmt == SF_UNORM_8_DOWNSAMPLED;
  unsigned blkfull = round_up(32 * esz, s->grf_bytes), blkhalf = round_up(16 * esz, s->grf_bytes);
  uint64_t need = 0;
  for (unsigned k = 0; k < 4; k++)
    if ((in->chan_mask >> k) & 1u) need += (ds && (k == 0 || k == 2)) ? blkhalf : blkfull;
  sf_var *dv = raw_dst(s, &in->dst, need, "sample_unorm", st, &rc);
  if (rc != SF_OK) return rc;
  sf_unorm_out out;
  rc = (be->sample_unorm ? be->sample_unorm : sf_scalar_sample_unorm)(&q, &out, st);
  if (rc != SF_OK || !dv) return rc;
  size_t at = in->dst.off;
  for (unsigned k = 0; k < 4; k++) {
    if (!((in->chan_mask >> k) & 1u)) continue;
    bool half = ds && (k == 0 || k == 2);
    unsigned e = 0;
    for (unsigned px = 0; px < 32; px++) {
      if (half && (px & 1)) continue;  /* chroma downsampled: even pixels of R and B only */
      put_px(dv->bytes + at + (size_t)e * esz, esz, out.v[k][px]);
      e++;
    }
    at += half ? blkhalf : blkfull;
  }
  return SF_OK;
}

/* ---- AVS ----------------------------------------------------------------------------------------- */

static sf_code exec_avs(const sf_avs *in, sf_state *s, const sf_backend *be, sf_status *st) {
  if ((in->chan_mask & 0xF) == 0) return sf_fail(st, SF_ERR_INVALID, "avs: channel mask 0 (at least one channel)");
  if (in->chan_mask > 0xF)
    return sf_fail(st, SF_ERR_INVALID, "avs: channel mask 0x%x has bits past the four channels", (unsigned)in->chan_mask);
  unsigned mode = in->exec_mode & 0xF, cntrl = in->cntrl & 0xF;
  static const uint8_t bw[4] = {16, 8, 16, 4}, bh[4] = {4, 4, 8, 4};
  if (mode > 3) return sf_fail(st, SF_ERR_INVALID, "avs: execMode %u (0 16x4, 1 8x4, 2 16x8, 3 4x4)", mode);
  if (cntrl > 3) return sf_fail(st, SF_ERR_INVALID, "avs: cntrl %u (0..3)", cntrl);
  sf_avs_req q = {.surf = s->surfaces[in->surface], .samp = s->samplers[in->sampler], .w = bw[mode], .h = bh[mode]};
  if (!q.samp) return sf_fail(st, SF_ERR_STATE, "avs: sampler S%u is not bound", in->sampler);
  if (q.samp->avs_shuffle && mode == SF_AVS_16x8)
    return sf_fail(st, SF_ERR_INVALID, "avs: output shuffle is not supported with 16x8 (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/AVS.md) Notes)");
  sf_code rc;
  float f;
  uint32_t raw;
  if ((rc = read_scalar(s, &in->u_off, "avs u", &q.u, NULL, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->v_off, "avs v", &q.v, NULL, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->du, "avs deltaU", &q.du, NULL, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->dv, "avs deltaV", &q.dv, NULL, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->u2d, "avs u2d", &q.u2d, NULL, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->v2d, "avs v2d", &q.v2d, NULL, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->group_id, "avs groupID", &f, &raw, st)) != SF_OK) return rc;
  if ((rc = read_scalar(s, &in->vbn, "avs verticalBlockNumber", &f, &raw, st)) != SF_OK) return rc;
  q.vbn = raw;
  if ((rc = read_scalar(s, &in->ief_bypass, "avs IEFBypass", &f, &raw, st)) != SF_OK) return rc;
  q.ief = q.samp->avs_ief && (raw & 1u);  /* "Enables IEFBypass if bit 0 is zero" */

  unsigned esz = cntrl < 2 ? 2 : 1;
  bool ds = cntrl == 1 || cntrl == 3;
  unsigned halves = mode == SF_AVS_16x8 ? 2 : 1, npx = (unsigned)q.w * (q.h > 4 ? 4 : q.h);  /* pixels per half */
  bool shuffle = q.samp->avs_shuffle && mode == SF_AVS_16x4;
  unsigned groups = shuffle ? 2 : 1, gpx = npx / groups;
  /* which channel slots exist: disabled channels are skipped, except that with 8-bit chroma
   * downsampling a single disabled one of R/B keeps its slot (not written) */
  bool slot[4], wr[4];
  for (unsigned k = 0; k < 4; k++) slot[k] = wr[k] = (in->chan_mask >> k) & 1u;
  if (cntrl == 3 && (slot[0] != slot[2])) slot[0] = slot[2] = true;
  unsigned blk[4];
  uint64_t need = 0;
  for (unsigned k = 0; k < 4; k++) {
    unsigned ne = (ds && (k == 0 || k == 2)) ? gpx / 2 : gpx;
    blk[k] = round_up(ne * esz, s->grf_bytes);
    if (slot[k]) need += (uint64_t)blk[k] * groups * halves;
  }
  sf_var *dv = raw_dst(s, &in->dst, need, "avs", st, &rc);
  if (rc != SF_OK) return rc;
  sf_avs_out out;
  rc = (be->avs ? be->avs : sf_scalar_avs)(&q, &out, st);
  if (rc != SF_OK || !dv) return rc;
  size_t at = in->dst.off;
  for (unsigned h = 0; h < halves; h++)
    for (unsigned g = 0; g < groups; g++)
      for (unsigned k = 0; k < 4; k++) {
        if (!slot[k]) continue;
        if (wr[k]) {
          unsigned e = 0;
          for (unsigned y = 0; y < 4 && y < q.h; y++)
            for (unsigned x = 0; x < q.w; x++) {
              if (shuffle && (x / 8) != g) continue;  /* shuffle: 8-pixel column groups */
              if (ds && (k == 0 || k == 2) && (x & 1)) continue;
              unsigned px = (h * 4 + y) * q.w + x;
              put_px(dv->bytes + at + (size_t)e * esz, esz, out.v[k][px]);
              e++;
            }
        }
        at += blk[k];
      }
  return SF_OK;
}

/* ---- D3D --------------------------------------------------------------------------------------- */

static uint32_t *d3d_reg(sf_state *s, const sf_d3d_opnd *o, unsigned lane, bool write, const char *what, sf_status *st, sf_code *rc) {
  *rc = SF_OK;
  for (unsigned d = 0; d < o->index_dim && d < 3; d++)
    if (o->idx[d].rep != SF_D3D_IDX_IMM32) {
      *rc = sf_fail(st, SF_UNSUPPORTED, "%s: relative register indexing is not executed by the reference sampler", what);
      return NULL;
    }
  /* a register's index count is the model's (d3d.opnd.index_dim): cb# and x# take two, r#, o#
   * and v# one; read with another, an index would be made up or dropped */
  int want = sf_d3d_opnd_index_dim(o->type);
  if (want > 0 && o->index_dim != (unsigned)want) {
    *rc = sf_fail(st, SF_ERR_INVALID, "%s: operand type %u takes %d index(es), has %u", what, o->type, want, o->index_dim);
    return NULL;
  }
  bool two = want == 2;
  uint64_t i0 = o->idx[0].imm, i1 = two ? o->idx[1].imm : 0;
  sf_d3d_regs *r = &s->d3d;
  switch (o->type) {
    case SF_D3D_OT_TEMP:
      if (i0 < SF_D3D_MAX_TEMPS) return r->r[lane][i0];
      break;
    case SF_D3D_OT_OUTPUT:
      if (i0 < SF_D3D_MAX_OUTPUTS) return r->o[lane][i0];
      break;
    case SF_D3D_OT_INPUT:
      if (!write && i0 < SF_D3D_MAX_INPUTS) return r->v[lane][i0];
      break;
    case SF_D3D_OT_CONSTANT_BUFFER:
      if (!write && i0 < SF_D3D_MAX_CB && i1 < SF_D3D_MAX_CB_VEC) return r->cb[i0][i1];
      break;
    case SF_D3D_OT_INDEXABLE_TEMP:
      if (i0 < SF_D3D_MAX_XARR && i1 < SF_D3D_MAX_XVEC) return r->x[lane][i0][i1];
      break;
    default:
      *rc = sf_fail(st, SF_UNSUPPORTED, "%s: operand type %u is not executed by the reference sampler", what, o->type);
      return NULL;
  }
  *rc = sf_fail(st, SF_ERR_LIMIT, "%s: register index [%llu][%llu] of type %u is outside the state's register file", what,
                (unsigned long long)i0, (unsigned long long)i1, o->type);
  return NULL;
}

/* A D3D register's component count as the refusals name it (SF_D3D_NC_*; 4 is never refused). */
static const char *nc_name(uint8_t nc) { return nc == SF_D3D_NC_0 ? "0" : nc == SF_D3D_NC_1 ? "1" : nc == SF_D3D_NC_4 ? "4" : "N"; }

/* Reads a source operand of lane `lane` as 4 floats after swizzle and modifier. */
static sf_code d3d_src(sf_state *s, const sf_d3d_opnd *o, unsigned lane, float out[4], const char *what, sf_status *st) {
  uint32_t v[4];
  if (o->type == SF_D3D_OT_IMM32) {
    for (unsigned k = 0; k < 4; k++) v[k] = o->num_comp == SF_D3D_NC_1 ? o->imm[0] : o->imm[k];
  } else {
    /* a register the sample instructions read is a 4-component one (the model's d3d.src.num_comp):
     * there is no meaning to give a 0- or 1-component register here */
    if (o->num_comp != SF_D3D_NC_4)
      return sf_fail(st, SF_ERR_INVALID, "%s: a register source must have 4 components (this one has %s)", what,
                     nc_name(o->num_comp));
    /* a source selects by swizzle or select_1 (the model's d3d.src.sel_mode); a mask says which
     * components a destination writes, not which a source reads */
    if (o->sel_mode != SF_D3D_SEL_SWIZZLE && o->sel_mode != SF_D3D_SEL_SELECT1)
      return sf_fail(st, SF_ERR_INVALID, "%s: a register source selects by swizzle or select_1 (this one has selection mode %u)",
                     what, (unsigned)o->sel_mode);
    sf_code rc;
    const uint32_t *r = d3d_reg(s, o, lane, false, what, st, &rc);
    if (!r) return rc;
    uint32_t sel[4];
    for (unsigned k = 0; k < 4; k++)
      sel[k] = o->sel_mode == SF_D3D_SEL_SWIZZLE ? (o->comp_bits >> (2 * k)) & 3u : o->comp_bits & 3u;
    for (unsigned k = 0; k < 4; k++) v[k] = r[sel[k]];
  }
  for (unsigned k = 0; k < 4; k++) { /* the modifiers work on the sign bit: abs clears it (-0 and a NaN's too), neg flips it */
    uint32_t bits = v[k];
    if (o->modifier & 2) bits &= 0x7FFFFFFFu;
    if (o->modifier & 1) bits ^= 0x80000000u;
    out[k] = sf_u2f(bits);
  }
  return SF_OK;
}

static sf_code exec_d3d(const sf_d3d_inst *in, sf_state *s, const sf_backend *be, sf_status *st) {
  unsigned need = sf_d3d_op_num_src(in->op);
  if (!need) return sf_fail(st, SF_ERR_INVALID, "d3d: unknown opcode 0x%02x", in->op);
  if (in->num_src < need) return sf_fail(st, SF_ERR_INVALID, "d3d: %s needs %u sources, got %u", sf_d3d_op_name(in->op), need, in->num_src);
  const sf_d3d_opnd *res = &in->src[1], *smp = &in->src[2];
  if (res->type != SF_D3D_OT_RESOURCE || smp->type != SF_D3D_OT_SAMPLER || res->index_dim < 1 || smp->index_dim < 1)
    return sf_fail(st, SF_ERR_INVALID, "d3d: %s needs a t# resource and an s# sampler", sf_d3d_op_name(in->op));
  if (res->idx[0].rep != SF_D3D_IDX_IMM32 || smp->idx[0].rep != SF_D3D_IDX_IMM32)
    return sf_fail(st, SF_UNSUPPORTED, "d3d: dynamically indexed resources/samplers are not executed");
  uint64_t ti = res->idx[0].imm, si = smp->idx[0].imm;
  if (ti >= SF_MAX_SURFACES || si >= SF_MAX_SAMPLERS)
    return sf_fail(st, SF_ERR_LIMIT, "d3d: t%llu / s%llu outside the state's %u slots", (unsigned long long)ti, (unsigned long long)si, SF_MAX_SURFACES);
  static const sf_sample_batch zero_batch;
  sf_sample_batch q = zero_batch;
  q.surf = s->surfaces[ti];
  q.samp = s->samplers[si];
  if (!q.samp) return sf_fail(st, SF_ERR_STATE, "d3d: sampler s%llu is not bound", (unsigned long long)si);
  q.n = 4;
  q.lanes = s->d3d.live & 0xFu;
  unsigned type = q.surf ? q.surf->desc.type : SF_SURF_2D;
  float a[4][4], x3[4][4], dx[4][4], dy[4][4];
  memset(x3, 0, sizeof x3);
  memset(dx, 0, sizeof dx);
  memset(dy, 0, sizeof dy);
  /* the reference, LOD or bias (a fourth source other than sample_d's ddx) is one value: a register
   * that selects one component (`r1.x`) or a one-component immediate (the model's d3d.src.scalar;
   * Microsoft's "sample_c (sm4 - asm)": a register with a single component selected). A swizzle or
   * l(a,b,c,d) there is refused rather than given a meaning by taking its first component. */
  if (need >= 4 && in->op != SF_D3D_SAMPLE_D) {
    const sf_d3d_opnd *x = &in->src[3];
    if (x->type == SF_D3D_OT_IMM32 ? x->num_comp != SF_D3D_NC_1 : x->sel_mode != SF_D3D_SEL_SELECT1)
      return sf_fail(st, SF_ERR_INVALID, "d3d %s: its %s must select one component (r#.x or l(x))", sf_d3d_op_name(in->op),
                     in->op == SF_D3D_SAMPLE_L ? "LOD" : in->op == SF_D3D_SAMPLE_B ? "bias" : "reference value");
  }
  sf_code rc;
  for (unsigned l = 0; l < 4; l++) {
    if ((rc = d3d_src(s, &in->src[0], l, a[l], "d3d address", st)) != SF_OK) return rc;
    if (need >= 4 && (rc = d3d_src(s, &in->src[3], l, in->op == SF_D3D_SAMPLE_D ? dx[l] : x3[l], "d3d source 3", st)) != SF_OK) return rc;
    if (need >= 5 && (rc = d3d_src(s, &in->src[4], l, dy[l], "d3d source 4", st)) != SF_OK) return rc;
  }
  /* coordinates by resource dimension (D3D11.3 §22.4.15 "Array Resources") */
  for (unsigned l = 0; l < 4; l++) {
    q.u[l] = a[l][0];
    q.v[l] = a[l][1];
    q.r[l] = a[l][2];
    q.ai[l] = type == SF_SURF_CUBE_ARRAY ? a[l][3] : 0.0f;
    q.off_u[l] = in->aoffimmi[0];
    q.off_v[l] = in->aoffimmi[1];
    q.off_r[l] = in->aoffimmi[2];
    q.ref[l] = x3[l][0];
    q.lod_or_bias[l] = x3[l][0];
  }
  switch (in->op) {
    case SF_D3D_SAMPLE_L: q.lod_mode = SF_LOD_EXPLICIT; break;
    case SF_D3D_SAMPLE_C_LZ: q.lod_mode = SF_LOD_ZERO; q.compare = true; break;
    case SF_D3D_SAMPLE_B: q.lod_mode = SF_LOD_GRAD_BIAS; break;
    case SF_D3D_SAMPLE_C: q.lod_mode = SF_LOD_GRAD; q.compare = true; break;
    default: q.lod_mode = SF_LOD_GRAD; break;
  }
  if (in->op == SF_D3D_SAMPLE_D) {
    for (unsigned l = 0; l < 4; l++) {
      q.dudx[l] = dx[l][0]; q.dvdx[l] = dx[l][1]; q.drdx[l] = dx[l][2];
      q.dudy[l] = dy[l][0]; q.dvdy[l] = dy[l][1]; q.drdy[l] = dy[l][2];
    }
  } else {
    quad_derivs(q.u, q.dudx, q.dudy, 4);
    quad_derivs(q.v, q.dvdx, q.dvdy, 4);
    quad_derivs(q.r, q.drdx, q.drdy, 4);
  }
  /* dst: checked before the backend runs; a destination is a 4-component register in mask mode (the
   * model's d3d.dst.mask): an executor that wrote one in another mode made up which components */
  if (in->dst.type != SF_D3D_OT_NULL) {
    if (in->dst.num_comp != SF_D3D_NC_4)
      return sf_fail(st, SF_ERR_INVALID, "d3d dst: a destination must have 4 components (this one has %s)",
                     nc_name(in->dst.num_comp));
    if (in->dst.sel_mode != SF_D3D_SEL_MASK)
      return sf_fail(st, SF_ERR_INVALID, "d3d dst: a destination selects by mask (this one has selection mode %u)",
                     (unsigned)in->dst.sel_mode);
    for (unsigned l = 0; l < 4; l++) {
      if (!(q.lanes >> l & 1u)) continue;
      if (!d3d_reg(s, &in->dst, l, true, "d3d dst", st, &rc)) return rc;
    }
  }
  sf_sample_out out;
  rc = (be->sample ? be->sample : sf_scalar_sample)(&q, &out, st);
  if (rc != SF_OK || in->dst.type == SF_D3D_OT_NULL) return rc;
  uint32_t sw[4] = {0, 1, 2, 3};
  if (res->sel_mode == SF_D3D_SEL_SWIZZLE)
    for (unsigned k = 0; k < 4; k++) sw[k] = (res->comp_bits >> (2 * k)) & 3u;
  unsigned wmask = in->dst.comp_bits & 0xFu; /* mask mode: checked above */
  for (unsigned l = 0; l < 4; l++) {
    if (!(q.lanes >> l & 1u)) continue;
    uint32_t *d = d3d_reg(s, &in->dst, l, true, "d3d dst", st, &rc);
    if (!d) return rc;
    for (unsigned k = 0; k < 4; k++) {
      if (!(wmask >> k & 1u)) continue;
      uint32_t v = out.v[sw[k]][l];
      if (in->sat && !out.is_int) {
        float f = sf_u2f(v);
        v = sf_f2u(!(f > 0.0f) ? 0.0f : f > 1.0f ? 1.0f : f);
      }
      d[k] = v;
    }
  }
  return SF_OK;
}

/* ---- Entry ----------------------------------------------------------------------------------- */

sf_code sf_exec(const sf_inst *in, sf_state *s, const sf_backend *be, sf_status *status) {
  if (!in || !s) return sf_fail(status, SF_ERR_INVALID, "exec: NULL instruction or state");
  if (s->grf_bytes != 32 && s->grf_bytes != 64) return sf_fail(status, SF_ERR_STATE, "exec: GRF size %u (32 or 64)", s->grf_bytes);
  if (!be) be = sf_backend_select();
  switch (in->family) {
    case SF_FAMILY_SAMPLE_3D: return exec_s3d(&in->s3d, s, be, status);
    case SF_FAMILY_SAMPLE_UNORM: return exec_unorm(&in->unorm, s, be, status);
    case SF_FAMILY_AVS: return exec_avs(&in->avs, s, be, status);
    case SF_FAMILY_D3D: return exec_d3d(&in->d3d, s, be, status);
    default: return sf_fail(status, SF_ERR_INVALID, "exec: unknown instruction family %d", (int)in->family);
  }
}
