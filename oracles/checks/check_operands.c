/* check_operands.c — `exec_operands`: the scalar sources of SAMPLE_UNORM and AVS, read again here.
 *
 * The executor reads u, v, deltaU, deltaV (and for AVS u2d, v2d and the vertical block number)
 * through one function that every backend shares (oracles/sampler/exec.c read_scalar), and the
 * independent models judge the request it built, so a wrong operand read changes every backend and
 * every model alike. This check reads each operand again from the instruction and the state with
 * its own plain code (the vISA operand rules of docs/model.md: an immediate is its type's value; a
 * general operand is element col_off of GRF row row_off of its variable, in the variable's type;
 * then the source modifier) and compares it with the first request the executor recorded. It shares
 * nothing with the executor but the state it reads. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/oracle.h"

/* Bytes per element of the types compared here (0: not compared). 64-bit integers, packed vectors,
 * bool and bfloat are left out: no valid SAMPLE_UNORM or AVS operand has them. */
static unsigned op_size(uint8_t t) {
  switch (t) {
    case SF_VT_UD: case SF_VT_D: case SF_VT_F: return 4;
    case SF_VT_UW: case SF_VT_W: case SF_VT_HF: return 2;
    case SF_VT_UB: case SF_VT_B: return 1;
    case SF_VT_DF: return 8;
    default: return 0;
  }
}

/* IEEE 754 binary16 to double, by its fields. */
static double half_value(uint16_t h) {
  int e = (h >> 10) & 0x1F;
  double m = h & 0x3FF, s = (h & 0x8000) ? -1.0 : 1.0;
  if (e == 0) return s * ldexp(m, -24);
  if (e == 31) return m ? NAN : s * INFINITY;
  return s * ldexp(1024.0 + m, e - 25);
}

/* The operand's value as the executor must see it: *val (after the modifier) and *raw (its low 32
 * bits before it). false: the operand is not one this check reads (class, type or modifier), or it
 * lies outside its variable (*outside set). */
static bool op_read(const sf_state *s, const sf_vopnd *o, float *val, uint32_t *raw, bool *outside) {
  uint8_t b[8] = {0}, t;
  *outside = false;
  if (o->cls == SF_VCLS_IMMEDIATE) {
    t = o->type & 0x0F;
    for (unsigned i = 0; i < 8; i++) b[i] = (uint8_t)(o->imm >> (8 * i));
  } else if (o->cls == SF_VCLS_GENERAL) {
    const sf_var *var = sf_state_var_c(s, o->id);
    if (!var) return false;
    t = var->type;
    unsigned n = op_size(t);
    if (!n) return false;
    uint64_t at = (uint64_t)o->row_off * s->grf_bytes + (uint64_t)o->col_off * n;
    if (at + n > var->size) {
      *outside = true;
      return false;
    }
    memcpy(b, var->bytes + at, n);
  } else {
    return false;
  }
  unsigned n = op_size(t);
  if (!n) return false;
  uint64_t u = 0;
  for (unsigned i = 0; i < n; i++) u |= (uint64_t)b[i] << (8 * i);
  *raw = (uint32_t)u;
  double d;
  switch (t) {
    case SF_VT_UD: d = (double)(uint32_t)u; break;
    case SF_VT_D: d = (double)(int32_t)(uint32_t)u; break;
    case SF_VT_UW: d = (double)(uint16_t)u; break;
    case SF_VT_W: d = (double)(int16_t)(uint16_t)u; break;
    case SF_VT_UB: d = (double)(uint8_t)u; break;
    case SF_VT_B: d = (double)(int8_t)(uint8_t)u; break;
    case SF_VT_HF: d = half_value((uint16_t)u); break;
    case SF_VT_F: {
      uint32_t w = (uint32_t)u;
      float f;
      memcpy(&f, &w, 4);
      d = f;
      break;
    }
    default: memcpy(&d, &u, 8); break; /* DF */
  }
  float f = (float)d;
  switch (o->mod) {
    case SF_VMOD_NONE: break;
    case SF_VMOD_ABS: f = fabsf(f); break;
    case SF_VMOD_NEG: f = -f; break;
    case SF_VMOD_NEGABS: f = -fabsf(f); break;
    case SF_VMOD_SAT: f = isnan(f) || f <= 0.0f ? 0.0f : f >= 1.0f ? 1.0f : f; break;
    default: return false;
  }
  *val = f;
  return true;
}

/* Bit for bit (the sign of a zero too: the abs modifier clears the sign bit, so abs(-0) is +0), any
 * NaN equal to any other. */
static bool same(float a, float b) {
  uint32_t x, y;
  memcpy(&x, &a, sizeof x);
  memcpy(&y, &b, sizeof y);
  return x == y || (isnan(a) && isnan(b));
}

/* One operand against the recorded value: true when they agree or the operand is not compared. */
static bool op_check(sf_verdict *v, const sf_inst *in, const sf_state *s, const sf_vopnd *o, const char *name,
                     float got, const uint32_t *got_raw) {
  float want = 0.0f;
  uint32_t raw = 0;
  bool outside;
  bool readable = op_read(s, o, &want, &raw, &outside);
  if (!readable && !outside) return true; /* not an operand this check reads */
  if (readable && (got_raw ? *got_raw == raw : same(want, got))) return true;
  sf_verdict_fail(v, "exec_operands", in, name);
  sf_verdict_key(v, "exec_operands %s %s", name, outside ? "outside" : "value");
  if (outside)
    sf_verdict_dumpf(v, "%s: the executor read V%u(%u,%u), which lies outside its variable\n", name, (unsigned)o->id,
                     (unsigned)o->row_off, (unsigned)o->col_off);
  else if (got_raw)
    sf_verdict_dumpf(v, "%s: the executor read 0x%08x, the operand holds 0x%08x\n", name, (unsigned)*got_raw,
                     (unsigned)raw);
  else
    sf_verdict_dumpf(v, "%s: the executor read %.9g, the operand holds %.9g (class %u, type %u, modifier %u)\n", name,
                     (double)got, (double)want, (unsigned)o->cls, (unsigned)(o->cls == SF_VCLS_IMMEDIATE ? o->type : 0),
                     (unsigned)o->mod);
  return false;
}

bool sf_check_exec_operands(sf_verdict *v, const sf_inst *in, const sf_state *s, const sf_indep_rec *rec) {
  if (in->family == SF_FAMILY_SAMPLE_UNORM && rec->got_unorm) {
    const sf_sample_unorm *u = &in->unorm;
    const sf_unorm_req *q = &rec->unorm_req;
    return op_check(v, in, s, &u->u, "u", q->u, NULL) && op_check(v, in, s, &u->v, "v", q->v, NULL) &&
           op_check(v, in, s, &u->du, "deltaU", q->du, NULL) && op_check(v, in, s, &u->dv, "deltaV", q->dv, NULL);
  }
  if (in->family == SF_FAMILY_AVS && rec->got_avs) {
    const sf_avs *a = &in->avs;
    const sf_avs_req *q = &rec->avs_req;
    return op_check(v, in, s, &a->u_off, "u", q->u, NULL) && op_check(v, in, s, &a->v_off, "v", q->v, NULL) &&
           op_check(v, in, s, &a->du, "deltaU", q->du, NULL) && op_check(v, in, s, &a->dv, "deltaV", q->dv, NULL) &&
           op_check(v, in, s, &a->u2d, "u2d", q->u2d, NULL) && op_check(v, in, s, &a->v2d, "v2d", q->v2d, NULL) &&
           op_check(v, in, s, &a->vbn, "verticalBlockNumber", 0.0f, &q->vbn);
  }
  return true;
}

/* ---- exec_dst_first, exec_refusals --------------------------------------------------------------- */

/* A backend that only counts its calls and refuses each one (SF_ERR_STATE), its output filled with
 * 0xA5 first. The executor hands its sf_status to the backend unchanged (as sf_exec_recorded relies
 * on), so the counter lives in a struct whose first member is that status. */
typedef struct {
  sf_status st; /* first member */
  unsigned calls;
} refusing_ctx;

static sf_code refuse_call(void *out, size_t n, sf_status *st) {
  memset(out, 0xA5, n);
  ((refusing_ctx *)(void *)st)->calls++;
  return sf_fail(st, SF_ERR_STATE, "exec_refusals: the backend refused");
}
static sf_code refusing_sample(const sf_sample_batch *q, sf_sample_out *o, sf_status *st) { (void)q; return refuse_call(o, sizeof *o, st); }
static sf_code refusing_unorm(const sf_unorm_req *q, sf_unorm_out *o, sf_status *st) { (void)q; return refuse_call(o, sizeof *o, st); }
static sf_code refusing_avs(const sf_avs_req *q, sf_avs_out *o, sf_status *st) { (void)q; return refuse_call(o, sizeof *o, st); }

static const sf_backend refusing_backend = {"refusing", refusing_sample, refusing_unorm, refusing_avs, NULL};

/* sf_exec of in on s through the refusing backend; ctx gets the status and the call count. */
static sf_code exec_counted(const sf_inst *in, sf_state *s, refusing_ctx *ctx) {
  ctx->calls = 0;
  sf_status_clear(&ctx->st);
  return sf_exec(in, s, &refusing_backend, &ctx->st);
}

/* A hash of everything an execution may write: the variables' bytes and the D3D registers (chained
 * one-shot hashes: no allocation per input). */
static uint64_t state_hash(const sf_state *s) {
  uint64_t h = XXH3_64bits(&s->d3d, sizeof s->d3d);
  for (unsigned i = 0; i < s->nvars && i < SF_MAX_VARS; i++)
    if (s->vars[i].bytes) h = XXH3_64bits_withSeed(s->vars[i].bytes, s->vars[i].size, h);
  return h;
}

/* The verdict of an edited instruction that the executor did not refuse with `want` before any
 * backend call; `what` names the edit in check `check`, `detail` describes it. */
static bool refusal_fail(sf_verdict *v, const sf_case *c, const char *check, const char *what, const char *detail,
                         sf_code rc, const refusing_ctx *ctx, sf_code want) {
  sf_verdict_fail(v, check, &c->inst, what);
  sf_verdict_key(v, "%s %s %s calls=%u", check, what, sf_code_name(rc), ctx->calls ? 1u : 0u);
  sf_verdict_dumpf(v, "%s: the executor returned %s (%s) after %u backend call(s); want %s before any\n", detail,
                   sf_code_name(rc), ctx->st.msg, ctx->calls, sf_code_name(want));
  return false;
}

/* refused_first, and the message must hold `words` (NULL: any message); a refusal without them
 * fails as "<what> words". */
static bool refused_saying(sf_verdict *v, const sf_case *c, sf_state *s, const sf_inst *in, sf_code want,
                           const char *check, const char *what, const char *detail, const char *words) {
  refusing_ctx ctx;
  sf_code rc = exec_counted(in, s, &ctx);
  if (rc != want || ctx.calls) return refusal_fail(v, c, check, what, detail, rc, &ctx, want);
  if (!words || strstr(ctx.st.msg, words)) return true;
  char ww[64];
  snprintf(ww, sizeof ww, "%s words", what);
  return refusal_fail(v, c, check, ww, words, rc, &ctx, want);
}

static bool refused_first(sf_verdict *v, const sf_case *c, sf_state *s, const sf_inst *in, sf_code want,
                          const char *check, const char *what, const char *detail) {
  return refused_saying(v, c, s, in, want, check, what, detail, NULL);
}

/* The first variable id from `id` on that the state does not declare. */
static uint32_t free_id(const sf_state *s, uint32_t id) { while (sf_state_var_c(s, id)) id++; return id; }

static uint64_t grf_up(uint64_t v, unsigned grf) { return grf ? (v + grf - 1) / grf * grf : v; }

/* The bytes a SAMPLE_UNORM or AVS block writes to its destination, from the vISA spec (SAMPLE_UNORM
 * and AVS, "Dst", "Output Format" / "cntrl", "execMode" and the Notes): each enabled channel, in
 * R, G, B, A order, a block of the pixels in 16-bit (formats 0, 1) or 8-bit (2, 3) elements rounded
 * up to whole GRFs; the downsampled formats (1, 3) keep half the pixels of R and B. SAMPLE_UNORM
 * has 32 pixels (8x4). AVS has execMode's block (16x4, 8x4, 16x8 as two 16x4 halves, 4x4), split
 * into two runs of columns with output shuffle (16x4 only), and with 8-bit downsampling a single
 * disabled one of R and B keeps its block. 0 when the instruction is neither or its fields are
 * out of range. */
static uint64_t block_bytes(const sf_inst *in, const sf_state *s) {
  unsigned grf = s->grf_bytes, fmt, mask, px, runs = 1, halves = 1;
  bool keep_rb = false;
  if (in->family == SF_FAMILY_SAMPLE_3D) {
    /* 3D_SAMPLE (vISA 3D_SAMPLE, "Dst" and "Pixel Null Mask"): each enabled channel a block of the
     * exec size's lanes in the destination's element type (HF, W, UW: 2 bytes; F, D, UD: 4), rounded
     * up to whole GRFs, then with the pixel null mask one more GRF that holds it */
    const sf_var *dv = sf_state_var_c(s, in->s3d.dst.id);
    unsigned code = in->s3d.exec_size, esz = 0, nch = 0;
    if (!dv || code < 3 || code > 5) return 0;
    if (dv->type == SF_VT_HF || dv->type == SF_VT_W || dv->type == SF_VT_UW) esz = 2;
    else if (dv->type == SF_VT_F || dv->type == SF_VT_D || dv->type == SF_VT_UD) esz = 4;
    for (unsigned k = 0; k < 4; k++) nch += in->s3d.chan_mask >> k & 1u;
    if (!esz || in->s3d.chan_mask > 15u) return 0;
    return grf_up((uint64_t)(1u << code) * esz, grf) * nch + (in->s3d.pixel_null_mask ? grf : 0u);
  }
  if (in->family == SF_FAMILY_SAMPLE_UNORM) {
    fmt = in->unorm.out_fmt, mask = in->unorm.chan_mask & 15u, px = 32;
  } else if (in->family == SF_FAMILY_AVS) {
    static const unsigned w[4] = {16, 8, 16, 4};
    unsigned mode = in->avs.exec_mode & 15u;
    fmt = in->avs.cntrl & 15u, mask = in->avs.chan_mask & 15u;
    const sf_sampler *smp = s->samplers[in->avs.sampler]; /* a byte: every value is a slot */
    if (mode > 3 || !smp) return 0;
    px = w[mode] * 4, halves = mode == 2 ? 2 : 1, runs = smp->avs_shuffle && mode == 0 ? 2 : 1;
    keep_rb = fmt == 3;
  } else {
    return 0;
  }
  if (fmt > 3) return 0;
  unsigned esz = fmt < 2 ? 2 : 1;
  bool ds = fmt == 1 || fmt == 3;
  if (keep_rb && ((mask & 1u) != 0) != ((mask & 4u) != 0)) mask |= 5u;
  uint64_t need = 0;
  for (unsigned k = 0; k < 4; k++) {
    if (!(mask >> k & 1u)) continue;
    unsigned n = px / runs;
    if (ds && (k == 0 || k == 2)) n /= 2;
    need += grf_up((uint64_t)n * esz, grf) * runs * halves;
  }
  return need;
}

/* (9) `dst_exact`: the case's block or 3D_SAMPLE (which reaches the backend as it is) with its destination
 * moved so that exactly the bytes it writes remain in the variable still reaches the backend, and
 * one byte later it is refused as a state error before any call: the executor's size test is the
 * spec's, not merely large enough. */
static bool dst_exact(sf_verdict *v, const sf_case *c, sf_state *s) {
  sf_inst in = c->inst;
  sf_raw *d = in.family == SF_FAMILY_AVS ? &in.avs.dst : in.family == SF_FAMILY_SAMPLE_3D ? &in.s3d.dst : &in.unorm.dst;
  const sf_var *dv = d->id ? sf_state_var_c(s, d->id) : NULL;
  uint64_t need = block_bytes(&in, s);
  if (!dv || !need || need > dv->size || dv->size - need > 0xFFFEu) return true;
  d->off = (uint16_t)(dv->size - need);
  refusing_ctx ctx;
  sf_code rc = exec_counted(&in, s, &ctx);
  if (rc != SF_ERR_STATE || !ctx.calls) {
    sf_verdict_fail(v, "exec_refusals", &c->inst, "dst_exact");
    sf_verdict_key(v, "exec_refusals dst_exact %s", sf_code_name(rc));
    sf_verdict_dumpf(v, "the destination V%u+%u leaves exactly the %llu bytes the block writes, yet the executor returned "
                     "%s (%s) after %u backend call(s)\n", (unsigned)d->id, (unsigned)d->off, (unsigned long long)need,
                     sf_code_name(rc), ctx.st.msg, ctx.calls);
    return false;
  }
  d->off++;
  return refused_first(v, c, s, &in, SF_ERR_STATE, "exec_refusals", "dst_short",
                       "a destination one byte short of the bytes the block writes");
}

/* `exec_refusals`: (1) for every family, with the refusing backend, the executor returns the
 * backend's refusal and, as sampler.h promises, leaves the state as it was (and a SAMPLE_UNORM or AVS
 * block, which always asks the backend, does not succeed without a call); (2) a 3D_SAMPLE with
 * predicate control 3 (reserved; the validator refuses it, so no valid case has it) is refused as
 * invalid, and (2b) one with an exec size of 1, 2 or 4 lanes or a size code past 32 lanes likewise,
 * and (2c) one with a sub-op no message has, with a message that names it; (2d) one whose predicate
 * is one past the state's as a state error; (2e) one with 15 and 16 parameters as invalid, the
 * reason the sub-op's count, then the field's range; (3) a D3D address read one vector past a
 * constant buffer (cb<i>[SF_D3D_MAX_CB_VEC]), or (3b) one past any register file it reads (the
 * buffer past the state's, temps, inputs, an indexable temp's array and vector, outputs), as outside
 * the register file; (4) a D3D instruction whose resource or sampler operand (picked by the case) is
 * a temp register as invalid; (5) any instruction with every sampler slot of the state unbound as a
 * state error; (6) a D3D resource or sampler index one past the state's slots (the other one in
 * range) as over the limit; (7) a SAMPLE_UNORM, AVS or 3D_SAMPLE whose destination (or (7b) a
 * 3D_SAMPLE parameter) is an undeclared variable, or a block's that starts past its variable's end,
 * as a state error; (8) a 3D_SAMPLE whose
 * aoffimmi is indirect as unsupported or of class 4 as invalid, (8b) or in a variable the state does
 * not declare as a state error; (10) a SAMPLE_UNORM or AVS scalar source (any of AVS's nine) of an
 * 8-byte type as a state error; (11) a SAMPLE_UNORM or AVS block with a channel mask of 0, an output
 * format or cntrl past 3 or an AVS execMode past 3 as invalid; (12) a D3D instruction with one
 * source fewer than its opcode takes as invalid, and (12b) one whose address is a 1- or 0-component
 * register likewise, (12c) one whose opcode is outside the sample family likewise, naming it, (12d)
 * one whose address register is in mask mode likewise, (12f) one whose reference, LOD or bias does
 * not select one component likewise (naming which of the three it is), (12g) one whose address
 * register has an index more or fewer than its file takes likewise, (12h) one whose destination is
 * in swizzle mode or of 1 or 0 components likewise, (12i) one whose resource or sampler has no index
 * likewise, (12e) the instruction with junk in the fields its operands do not use must still reach
 * the backend. All but (12e) are refusals before any backend call. (9) is `dst_exact` above. */
static bool exec_refusals(sf_verdict *v, const sf_case *c, sf_state *s) {
  refusing_ctx ctx;
  uint64_t before = state_hash(s);
  sf_code rc = exec_counted(&c->inst, s, &ctx);
  uint64_t after = state_hash(s);
  unsigned calls0 = ctx.calls; /* the instruction passed every check made before the backend */
  /* SAMPLE_UNORM and AVS always ask the backend for their block: success without a call is a result
   * no sampler computed */
  if (rc == SF_OK && !ctx.calls && (c->inst.family == SF_FAMILY_SAMPLE_UNORM || c->inst.family == SF_FAMILY_AVS))
    return refusal_fail(v, c, "exec_refusals", "no_backend_call", "a block instruction with a refusing backend", rc, &ctx,
                        SF_ERR_STATE);
  if (ctx.calls && (rc != SF_ERR_STATE || after != before)) {
    const char *what = rc != SF_ERR_STATE ? "backend_error_status" : "backend_error_state";
    sf_verdict_fail(v, "exec_refusals", &c->inst, what);
    sf_verdict_key(v, "exec_refusals %s %s", what, sf_code_name(rc));
    sf_verdict_dumpf(v, "%s: the executor returned %s (%s) after %u backend call(s)%s\n", what, sf_code_name(rc),
                     ctx.st.msg, ctx.calls, after != before ? "; the state changed though the backend refused" : "");
    return false;
  }
  /* (5) every sampler slot unbound: refused as a state error before any backend call */
  const sf_sampler *keep[SF_MAX_SAMPLERS];
  memcpy(keep, s->samplers, sizeof keep);
  memset(s->samplers, 0, sizeof s->samplers);
  rc = exec_counted(&c->inst, s, &ctx);
  memcpy(s->samplers, keep, sizeof keep);
  if (rc != SF_ERR_STATE || ctx.calls)
    return refusal_fail(v, c, "exec_refusals", "unbound_sampler", "every sampler slot unbound", rc, &ctx, SF_ERR_STATE);
  sf_inst in = c->inst;
  if (in.family == SF_FAMILY_SAMPLE_3D) {
    in.s3d.pred.id = 1;
    in.s3d.pred.ctrl = 3;
    if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "pred_ctrl_3", "predicate control 3")) return false;
    /* (2d) a predicate one past the state's (P<SF_MAX_PREDS>) as a state error */
    in = c->inst;
    in.s3d.pred.id = SF_MAX_PREDS;
    in.s3d.pred.ctrl = 0;
    if (!refused_first(v, c, s, &in, SF_ERR_STATE, "exec_refusals", "pred_past", "a predicate one past the state's")) return false;
    /* (2e) NumParams past what the sub-op takes (each one takes fewer than 15) and past 15, each as
     * invalid with its own reason: the sub-op's count, then the field's range */
    for (unsigned np = SF_S3D_MAX_PARAMS; np <= SF_S3D_MAX_PARAMS + 1u; np++) {
      in = c->inst;
      if (sf_s3d_param_roles(in.s3d.op, NULL, 0) >= SF_S3D_MAX_PARAMS) break;
      in.s3d.num_params = (uint8_t)np;
      refusing_ctx ctx2;
      sf_code r2 = exec_counted(&in, s, &ctx2);
      const char *why = np == SF_S3D_MAX_PARAMS ? "takes at most" : "outside [1,15]";
      if (r2 != SF_ERR_INVALID || ctx2.calls || !strstr(ctx2.st.msg, why))
        return refusal_fail(v, c, "exec_refusals", np == SF_S3D_MAX_PARAMS ? "params_op" : "params_range",
                            np == SF_S3D_MAX_PARAMS ? "15 parameters, more than the sub-op takes (the refusal must say so)"
                                                    : "16 parameters, past the field's range (the refusal must say so)",
                            r2, &ctx2, SF_ERR_INVALID);
    }
    /* (2b) an exec size the 3D sampler messages do not have: 1, 2 or 4 lanes, or a size code past
     * 32 lanes (vISA 3D_SAMPLE: SIMD8, SIMD16 and, where the platform has it, SIMD32) */
    in = c->inst;
    in.s3d.exec_size = (uint8_t)(c->pattern[18] % 3u);
    if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "exec_small", "an exec size of 1, 2 or 4 lanes"))
      return false;
    in.s3d.exec_size = (uint8_t)(6u + c->pattern[18] % 10u);
    if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "exec_code", "an exec size code past 32 lanes"))
      return false;
    /* (2c) a sub-op no 3D sampler message has, the message naming it (the first unknown one from a
     * value the case picks) */
    in = c->inst;
    unsigned op = c->pattern[19];
    for (unsigned k = 0; k < 256 && sf_s3d_op_known((uint8_t)op); k++) op = (op + 1) & 0xFFu;
    if (!sf_s3d_op_known((uint8_t)op)) {
      in.s3d.op = (uint8_t)op;
      refusing_ctx ctx2;
      sf_code r2 = exec_counted(&in, s, &ctx2);
      char name[24], detail[80];
      snprintf(name, sizeof name, "sub-op 0x%02x", op);
      snprintf(detail, sizeof detail, "an unknown %s (the refusal must name it)", name);
      if (r2 != SF_ERR_INVALID || ctx2.calls || !strstr(ctx2.st.msg, name))
        return refusal_fail(v, c, "exec_refusals", "unknown_subop", detail, r2, &ctx2, SF_ERR_INVALID);
    }
    /* (8) an aoffimmi that is an indirect operand (valid, not executed: unsupported) or of operand
     * class 4 (no vISA operand has it: invalid), when the instruction as it is reaches the backend */
    if (!calls0) return true;
    if (!dst_exact(v, c, s)) return false;
    in = c->inst;
    if ((c->pattern[18] & 24u) == 16u) { /* (7) the destination, or (7b) a parameter, an undeclared variable */
      unsigned k = 0, par = (c->pattern[18] & 32u) != 0; /* the parameter: the first that is not %null */
      while (k < in.s3d.num_params && !in.s3d.params[k].id) k++;
      if ((par = par && k < in.s3d.num_params)) in.s3d.params[k].id = free_id(s, 1);
      else in.s3d.dst.id = free_id(s, 1), in.s3d.dst.off = 0;
      return refused_first(v, c, s, &in, SF_ERR_STATE, "exec_refusals", par ? "param_undeclared" : "dst_undeclared", par ? "an undeclared parameter variable" : "an undeclared destination variable");
    }
    if (c->pattern[18] & 8u) {  /* (8b) a general-variable aoffimmi the state does not declare: a state error */
      memset(&in.s3d.aoffimmi, 0, sizeof in.s3d.aoffimmi);
      in.s3d.aoffimmi.cls = SF_VCLS_GENERAL;
      in.s3d.aoffimmi.id = free_id(s, 0xFFF0u);
      return refused_first(v, c, s, &in, SF_ERR_STATE, "exec_refusals", "aoffimmi_undeclared", "an aoffimmi in an undeclared variable");
    }
    bool ind = c->pattern[18] & 4u;
    in.s3d.aoffimmi.cls = ind ? (uint8_t)SF_VCLS_INDIRECT : 4u;
    return refused_first(v, c, s, &in, ind ? SF_UNSUPPORTED : SF_ERR_INVALID, "exec_refusals",
                         ind ? "aoffimmi_indirect" : "aoffimmi_class", ind ? "an indirect aoffimmi" : "an aoffimmi of class 4");
  }
  if ((in.family == SF_FAMILY_SAMPLE_UNORM || in.family == SF_FAMILY_AVS) && calls0 && !dst_exact(v, c, s)) return false;
  if ((in.family == SF_FAMILY_SAMPLE_UNORM || in.family == SF_FAMILY_AVS) && calls0) {
    /* (10) a scalar source (u, v, deltaU or deltaV; or any of AVS's nine, picked by the case) given
     * an 8-byte type (DF, Q or UQ), which the scalar reads (4 bytes at most) do not take, as a state
     * error; an executor that reads the eight bytes first shifts a 32-bit word past its width
     * (UBSan), and one that skipped a source it does not use (groupID) never looked at it */
    static const uint8_t wide[3] = {SF_VT_DF, SF_VT_Q, SF_VT_UQ};
    bool avs = in.family == SF_FAMILY_AVS;
    sf_vopnd *srcs[9] = {avs ? &in.avs.u_off : &in.unorm.u, avs ? &in.avs.v_off : &in.unorm.v,
                         avs ? &in.avs.du : &in.unorm.du, avs ? &in.avs.dv : &in.unorm.dv, &in.avs.u2d, &in.avs.v2d,
                         &in.avs.group_id, &in.avs.vbn, &in.avs.ief_bypass};
    sf_vopnd *o = srcs[avs ? c->pattern[19] % 9u : c->pattern[19] & 3u];
    memset(o, 0, sizeof *o);
    o->cls = SF_VCLS_IMMEDIATE;
    o->type = wide[(c->pattern[19] >> 2) % 3u];
    o->imm = 0x3FF0000000000000ull; /* 1.0 as a double */
    if (!refused_first(v, c, s, &in, SF_ERR_STATE, "exec_refusals", "scalar_wide", "a scalar source of an 8-byte type"))
      return false;
    in = c->inst;
    /* (11) a block field out of its range, picked by the case: a channel mask of 0 (at least one
     * channel) or with a bit past the four channels, an output format (SAMPLE_UNORM) or cntrl (AVS) of 4-15, or an AVS execMode of 4-15,
     * as invalid (vISA SAMPLE_UNORM and AVS: the fields' values); the validator refuses them, so no
     * generated case has one, and the executor must not hand such a block to a backend */
    unsigned pick = c->pattern[21] % (avs ? 3u : 2u), big = 4u + (c->pattern[21] >> 4) % 12u;
    static const char *const what[3] = {"chan_mask_0", "format_range", "exec_mode_range"};
    static const char *const detail[3] = {"a channel mask of 0 or with a bit past the four channels",
                                          "an output format or cntrl past 3", "an execMode past 3"};
    uint8_t *cm = avs ? &in.avs.chan_mask : &in.unorm.chan_mask;
    if (pick == 0) *cm = (c->pattern[21] & 8u) ? (uint8_t)(*cm & 0xF0u) : (uint8_t)(*cm | (0x10u << ((c->pattern[21] >> 5) & 3u)));
    else if (pick == 1 && avs) in.avs.cntrl = (uint8_t)((in.avs.cntrl & 0xF0u) | big);
    else if (pick == 1) in.unorm.out_fmt = (uint8_t)big;
    else in.avs.exec_mode = (uint8_t)((in.avs.exec_mode & 0xF0u) | big);
    if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", what[pick], detail[pick])) return false;
    in = c->inst;
  }
  if (in.family == SF_FAMILY_SAMPLE_UNORM || in.family == SF_FAMILY_AVS) {
    /* (7) the block's destination outside the state: an undeclared variable, or (when the block
     * writes a channel) the case's variable from one byte past its end */
    bool avs = in.family == SF_FAMILY_AVS;
    sf_raw *d = avs ? &in.avs.dst : &in.unorm.dst;
    unsigned mask = (avs ? in.avs.chan_mask : in.unorm.chan_mask) & 15u;
    const sf_var *dv = sf_state_var_c(s, d->id);
    bool past = (c->pattern[18] & 2u) && dv && mask && dv->size <= 0xFFFFu;
    if (past) {
      d->off = (uint16_t)dv->size;
    } else {
      d->id = free_id(s, 1), d->off = 0;
    }
    return refused_first(v, c, s, &in, SF_ERR_STATE, "exec_refusals", past ? "dst_past_end" : "dst_undeclared",
                         past ? "a destination that starts one byte past its variable" : "an undeclared destination variable");
  }
  if (in.family != SF_FAMILY_D3D) return true;
  /* (12) one source fewer than the opcode takes (the operands themselves left in place), as
   * invalid: an executor that does not count them reads the missing one from a stale slot */
  if (calls0 && in.d3d.num_src > 0) {
    in.d3d.num_src--;
    if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "src_missing", "one source fewer than the opcode takes"))
      return false;
    in = c->inst;
  }
  /* (12c) an opcode outside the sample family (the table's sf_d3d_op_num_src is 0 for it: mov, or
   * a value no shader model defines, by the case), the operands as they are, as invalid, the
   * message naming the opcode: an executor that went on would sample with whatever it is */
  if (calls0) {
    in.d3d.op = (uint8_t)((c->pattern[21] & 1u) ? SF_TPF_OP_MOV : 0xFFu);
    refusing_ctx ctx3;
    sf_code r3 = exec_counted(&in, s, &ctx3);
    char name[16];
    snprintf(name, sizeof name, "0x%02x", in.d3d.op);
    if (r3 != SF_ERR_INVALID || ctx3.calls || !strstr(ctx3.st.msg, name))
      return refusal_fail(v, c, "exec_refusals", "unknown_op", "an opcode outside the sample family (the refusal must name it)",
                          r3, &ctx3, SF_ERR_INVALID);
    in = c->inst;
  }
  /* (12b) the address a register of 1 or 0 components, by the case (the model's d3d.src.num_comp), as
   * invalid, naming the count: an executor that reads it anyway makes up its other components */
  bool one = (c->pattern[21] >> 1) & 1u;
  if (calls0 && in.d3d.src[0].type != SF_D3D_OT_IMM32) {
    in.d3d.src[0].num_comp = one ? SF_D3D_NC_1 : SF_D3D_NC_0, in.d3d.src[0].sel_mode = 0, in.d3d.src[0].comp_bits = 0;
    if (!refused_saying(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "src_one_comp", "an address register of 1 or 0 components",
                        one ? "(this one has 1)" : "(this one has 0)"))
      return false;
    in = c->inst;
  }
  /* (12d) the address register in mask mode (the model's d3d.src.sel_mode), as invalid: a mask says
   * what a destination writes, and an executor that read the register anyway gave it a meaning */
  if (calls0 && in.d3d.src[0].type != SF_D3D_OT_IMM32) {
    in.d3d.src[0].sel_mode = SF_D3D_SEL_MASK, in.d3d.src[0].comp_bits = 0xF;
    if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "src_mask_mode", "an address register in mask mode"))
      return false;
    in = c->inst;
  }
  /* (12h) the destination in swizzle mode, then of 1 or 0 components (not (12b)'s count), as invalid
   * (the model's d3d.dst.mask), naming the count: an executor that wrote it made up its components */
  if (calls0 && in.d3d.dst.type != SF_D3D_OT_NULL) {
    in.d3d.dst.sel_mode = SF_D3D_SEL_SWIZZLE, in.d3d.dst.comp_bits = 0xE4;
    if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "dst_swizzle", "a destination in swizzle mode"))
      return false;
    in = c->inst;
    in.d3d.dst.num_comp = one ? SF_D3D_NC_0 : SF_D3D_NC_1, in.d3d.dst.sel_mode = 0, in.d3d.dst.comp_bits = 0;
    if (!refused_saying(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "dst_one_comp", "a destination of 1 or 0 components",
                        one ? "(this one has 0)" : "(this one has 1)"))
      return false;
    in = c->inst;
  }
  /* (12f) the reference, LOD or bias (source 3 of all but sample_d) in swizzle mode, or an
   * immediate one with four components (the model's d3d.src.scalar), as invalid: an executor that
   * took one of its components made up which one */
  if (calls0 && in.d3d.num_src >= 4 && in.d3d.op != SF_D3D_SAMPLE_D) {
    sf_d3d_opnd *x = &in.d3d.src[3];
    if (x->type == SF_D3D_OT_IMM32) {
      x->num_comp = SF_D3D_NC_4;
      for (unsigned k = 1; k < 4; k++) x->imm[k] = x->imm[0] ^ (0x00400000u << k);
    } else {
      x->sel_mode = SF_D3D_SEL_SWIZZLE, x->comp_bits = (uint8_t)(x->comp_bits & 3u) * 0x55u;
    }
    /* the message names the source by what it is to this instruction */
    const char *word = in.d3d.op == SF_D3D_SAMPLE_L ? "its LOD" : in.d3d.op == SF_D3D_SAMPLE_B ? "its bias" : "its reference value";
    if (!refused_saying(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "scalar_swizzle",
                        "a reference, LOD or bias that does not select one component", word))
      return false;
    in = c->inst;
  }
  /* (12i) the resource or the sampler (by the case) with no index (the model's d3d.opnd.index_dim),
   * as invalid: an executor that went on would read the slot of an index the operand does not hold */
  if (calls0) {
    in.d3d.src[1 + (c->pattern[22] & 1u)].index_dim = 0;
    if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "slot_no_index", "a resource or sampler with no index"))
      return false;
    in = c->inst;
  }
  /* (12g) the address register with an index more or fewer than its file takes (the model's d3d.opnd.index_dim:
   * two for cb# and x#, one for r# and v#), then with four (past the three an operand holds), as invalid: an
   * executor that read it anyway made up the missing index, dropped the extra one or read past the three */
  uint8_t at = in.d3d.src[0].type, dim0 = in.d3d.src[0].index_dim;
  for (unsigned w = 0; w < 2 && calls0 && (at == SF_D3D_OT_TEMP || at == SF_D3D_OT_INPUT || at == SF_D3D_OT_CONSTANT_BUFFER ||
                                           at == SF_D3D_OT_INDEXABLE_TEMP) && dim0 >= 1 && dim0 <= 2; w++) {
    sf_d3d_opnd *x = &in.d3d.src[0];
    x->index_dim = (uint8_t)(w ? 4u : 3u - dim0);
    x->idx[1].rep = SF_D3D_IDX_IMM32, x->idx[1].imm = 0;
    if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", "src_index_dim",
                       "an address register with an index more or fewer than its file takes"))
      return false;
    in = c->inst;
  }
  /* (12e) junk in every field the operands' forms do not use (sf_check_junk_d3d): the executor reads
   * only what the form uses, so the instruction still reaches the backend (one that looked at an
   * index past index_dim took it for relative indexing and refused the instruction as unsupported) */
  if (calls0) {
    sf_check_junk_d3d(&in.d3d);
    refusing_ctx cj;
    sf_code rj = exec_counted(&in, s, &cj);
    if (!cj.calls) {
      sf_verdict_fail(v, "exec_refusals", &c->inst, "unused_junk");
      sf_verdict_key(v, "exec_refusals unused_junk %s", sf_code_name(rj));
      sf_verdict_dumpf(v, "the instruction with junk in the fields its operands do not use was refused with %s (%s) before "
                          "the backend, which the instruction itself reaches\n", sf_code_name(rj), cj.st.msg);
      return false;
    }
    in = c->inst;
  }
  sf_d3d_opnd *a = &in.d3d.src[0];
  uint8_t sel = a->sel_mode, bits = a->comp_bits, nc = a->num_comp;
  if (sel != SF_D3D_SEL_SWIZZLE && sel != SF_D3D_SEL_SELECT1) /* an immediate address: read the register as .xyzw */
    sel = SF_D3D_SEL_SWIZZLE, bits = 0xE4, nc = SF_D3D_NC_4;
  memset(a, 0, sizeof *a);
  a->type = SF_D3D_OT_CONSTANT_BUFFER, a->num_comp = nc, a->sel_mode = sel, a->comp_bits = bits;
  a->index_dim = 2;
  a->idx[0].rep = a->idx[1].rep = SF_D3D_IDX_IMM32;
  a->idx[0].imm = c->pattern[17] % SF_D3D_MAX_CB;
  a->idx[1].imm = SF_D3D_MAX_CB_VEC;
  if (!refused_first(v, c, s, &in, SF_ERR_LIMIT, "exec_refusals", "cb_past_end",
                     "the address read one vector past a constant buffer"))
    return false;
  /* (3b) every register file read one past its end, the other index in range: the buffer past the
   * state's, a temp, an input, an indexable temp's array and its vector, an output */
  static const struct {
    uint8_t type, dim;
    uint32_t i0, i1;
    const char *what;
  } past[6] = {
      {SF_D3D_OT_CONSTANT_BUFFER, 2, SF_D3D_MAX_CB, 0, "cb_index_past"},
      {SF_D3D_OT_TEMP, 1, SF_D3D_MAX_TEMPS, 0, "temp_past"},
      {SF_D3D_OT_INPUT, 1, SF_D3D_MAX_INPUTS, 0, "input_past"},
      {SF_D3D_OT_INDEXABLE_TEMP, 2, SF_D3D_MAX_XARR, 0, "xarr_past"},
      {SF_D3D_OT_INDEXABLE_TEMP, 2, 0, SF_D3D_MAX_XVEC, "xvec_past"},
      {SF_D3D_OT_OUTPUT, 1, SF_D3D_MAX_OUTPUTS, 0, "output_past"},
  };
  for (unsigned q = 0; q < 6; q++) {
    a->type = past[q].type, a->index_dim = past[q].dim;
    a->idx[0].imm = past[q].i0 ? past[q].i0 : c->pattern[17] % 4u;
    a->idx[1].imm = past[q].i1 ? past[q].i1 : c->pattern[17] % 4u;
    if (!refused_first(v, c, s, &in, SF_ERR_LIMIT, "exec_refusals", past[q].what, "a source register one past its file"))
      return false;
  }
  in = c->inst;
  bool smp = c->pattern[18] & 1u;
  in.d3d.src[smp ? 2 : 1].type = SF_D3D_OT_TEMP; /* r<n> where t<n> or s<n> must stand, the rest kept */
  if (!refused_first(v, c, s, &in, SF_ERR_INVALID, "exec_refusals", smp ? "sampler_type" : "resource_type",
                     smp ? "a temp register as the sampler" : "a temp register as the resource"))
    return false;
  /* (6) a resource or sampler index one past the state's slots, the other operand kept in range */
  in = c->inst;
  bool sidx = c->pattern[19] & 1u;
  sf_d3d_opnd *o = &in.d3d.src[sidx ? 2 : 1];
  if (o->index_dim < 1 || o->idx[0].rep != SF_D3D_IDX_IMM32) return true;
  /* (7) the resource or the sampler indexed by a register (t[r0.x + n]), the other one immediate:
   * the executor runs no dynamic index (SF_UNSUPPORTED), whichever of the two carries it */
  o->idx[0].rep = SF_D3D_IDX_IMM32_REL;
  o->idx[0].rel.type = SF_D3D_OT_TEMP;
  o->idx[0].rel.index_dim = 1;
  if (!refused_first(v, c, s, &in, SF_UNSUPPORTED, "exec_refusals", sidx ? "sampler_dynamic" : "resource_dynamic",
                     sidx ? "a sampler indexed by a register" : "a resource indexed by a register"))
    return false;
  o->idx[0] = c->inst.d3d.src[sidx ? 2 : 1].idx[0];
  o->idx[0].imm = sidx ? SF_MAX_SAMPLERS : SF_MAX_SURFACES;
  return refused_first(v, c, s, &in, SF_ERR_LIMIT, "exec_refusals", sidx ? "sampler_slot" : "resource_slot",
                       sidx ? "a sampler index one past the state's slots" : "a resource index one past the state's slots");
}

/* `exec_dst_first`: the executor checks a D3D destination register on every live lane before the
 * backend runs (oracles/sampler/exec.c exec_d3d), so an instruction that cannot write its result
 * costs no sampling and reports the destination, whatever the backend would say of the request. Its
 * write-back checks the register again with the same message, so a pre-check that skips lanes is
 * invisible in the status alone. The case's instruction with an unwritable destination (an input
 * register, or a temp past the register file), under a live mask from the case's bytes (one lane
 * alone included), must be refused with SF_ERR_LIMIT and no backend call. */
bool sf_check_exec_dst_first(sf_verdict *v, const sf_case *c, sf_state *s) {
  if (!exec_refusals(v, c, s)) return false;
  if (c->inst.family != SF_FAMILY_D3D) return true;
  sf_inst in = c->inst;
  sf_d3d_opnd *d = &in.d3d.dst;
  bool temp = c->pattern[17] & 1u;
  memset(d, 0, sizeof *d);
  d->type = temp ? SF_D3D_OT_TEMP : SF_D3D_OT_INPUT;
  d->num_comp = SF_D3D_NC_4;
  d->sel_mode = SF_D3D_SEL_MASK;
  d->comp_bits = 0xF;
  d->index_dim = 1;
  d->idx[0].rep = SF_D3D_IDX_IMM32;
  d->idx[0].imm = temp ? SF_D3D_MAX_TEMPS : 0;
  uint32_t live = s->d3d.live;
  unsigned m = c->pattern[17] >> 1 & 0xFu;
  s->d3d.live = m ? m : 1u;   /* never no lane: then no register is checked */
  refusing_ctx ctx;
  sf_code rc = exec_counted(&in, s, &ctx);
  s->d3d.live = live;
  if (rc == SF_ERR_LIMIT && ctx.calls == 0) return true;
  char detail[96];
  snprintf(detail, sizeof detail, "destination %s%u (unwritable), live lanes 0x%x", temp ? "r" : "v",
           temp ? SF_D3D_MAX_TEMPS : 0u, m ? m : 1u);
  return refusal_fail(v, c, "exec_dst_first", temp ? "temp" : "input", detail, rc, &ctx, SF_ERR_LIMIT);
}

/* ---- null_param ----------------------------------------------------------------------------------- */

/* A backend that keeps the first batch it is given and refuses it (the executor then stops there
 * and writes nothing); its SAMPLE_UNORM and AVS entries are the refusing backend's, so the context
 * starts with a refusing_ctx (whose first member is the status the executor hands on). */
typedef struct {
  refusing_ctx r; /* first member */
  bool got;
  sf_sample_batch q;
} keeping_ctx;

static sf_code keeping_sample(const sf_sample_batch *q, sf_sample_out *o, sf_status *st) {
  keeping_ctx *k = (keeping_ctx *)(void *)st;
  if (!k->got) k->q = *q, k->got = true;
  return refuse_call(o, sizeof *o, st);
}

static const sf_backend keeping_backend = {"keeping", keeping_sample, refusing_unorm, refusing_avs, NULL};

/* Whether two batches ask the same thing: every field, the floats by their bits. */
static bool batch_same(const sf_sample_batch *a, const sf_sample_batch *b) {
  return a->surf == b->surf && a->samp == b->samp && a->lod_mode == b->lod_mode && a->compare == b->compare &&
         a->lod_query == b->lod_query && a->lanes == b->lanes && a->n == b->n && !memcmp(a->u, b->u, sizeof a->u) &&
         !memcmp(a->v, b->v, sizeof a->v) && !memcmp(a->r, b->r, sizeof a->r) && !memcmp(a->ai, b->ai, sizeof a->ai) &&
         !memcmp(a->ref, b->ref, sizeof a->ref) && !memcmp(a->lod_or_bias, b->lod_or_bias, sizeof a->lod_or_bias) &&
         !memcmp(a->dudx, b->dudx, sizeof a->dudx) && !memcmp(a->dudy, b->dudy, sizeof a->dudy) &&
         !memcmp(a->dvdx, b->dvdx, sizeof a->dvdx) && !memcmp(a->dvdy, b->dvdy, sizeof a->dvdy) &&
         !memcmp(a->drdx, b->drdx, sizeof a->drdx) && !memcmp(a->drdy, b->drdy, sizeof a->drdy) &&
         !memcmp(a->off_u, b->off_u, sizeof a->off_u) && !memcmp(a->off_v, b->off_v, sizeof a->off_v) &&
         !memcmp(a->off_r, b->off_r, sizeof a->off_r);
}

/* A copy of the case's state in *zs, st cleared; false (nothing kept) when the copy failed. */
static bool clone_state(const sf_case_env *env, sf_state *zs, sf_status *st) {
  sf_status_clear(st);
  if (sf_case_state_clone(env, zs, st) == SF_OK) return true;
  sf_state_free(zs);
  return false;
}

/* `null_param` (3D_SAMPLE cases that run, one in four by the case's bytes): a parameter made %null
 * reads 0 in every lane (vISA 3D_SAMPLE: a %null raw operand; sampler.h), so the executor's first
 * batch must be the one it builds with that parameter pointing at a new variable of zeros of the
 * same type. The valid generator gives every parameter a variable, so without this a %null
 * parameter refused, or read as something else, by the executor every backend shares went unseen. */
bool sf_check_null_param(sf_verdict *v, const sf_case *c, sf_case_env *env) {
  const sf_inst *in = &c->inst;
  if (in->family != SF_FAMILY_SAMPLE_3D || !in->s3d.num_params || (c->pattern[22] & 3u)) return true;
  unsigned k = c->pattern[22] >> 2 & 0xFu;
  k %= in->s3d.num_params;
  const sf_var *pv = in->s3d.params[k].id ? sf_state_var_c(&env->state, in->s3d.params[k].id) : NULL;
  if (!pv || (pv->type != SF_VT_F && pv->type != SF_VT_HF)) return true;
  sf_state zs;
  sf_status st;
  if (!clone_state(env, &zs, &st)) return true; /* out of memory: nothing to judge */
  uint32_t zid = 1;
  while (zid < 0xFFFFu && sf_state_var_c(&zs, zid)) zid++;
  bool ok = true;
  if (sf_state_add_var(&zs, zid, pv->type, pv->size, NULL, &st) == SF_OK) {
    sf_inst a = *in, b = *in;
    a.s3d.params[k] = (sf_raw){0, 0};
    b.s3d.params[k] = (sf_raw){zid, 0};
    keeping_ctx ka, kb;
    memset(&ka, 0, sizeof ka);
    memset(&kb, 0, sizeof kb);
    sf_code ra = sf_exec(&a, &zs, &keeping_backend, &ka.r.st);
    sf_code rb = sf_exec(&b, &zs, &keeping_backend, &kb.r.st);
    if (!kb.got) {
      ok = true; /* the variable of zeros was refused: nothing to compare (the lanes checks judge the case) */
    } else if (!ka.got || !batch_same(&ka.q, &kb.q)) {
      sf_verdict_fail(v, "null_param", in, ka.got ? "batch" : "refused");
      sf_verdict_key(v, "null_param %s", ka.got ? "batch" : sf_code_name(ra));
      if (ka.got)
        sf_verdict_dumpf(v, "3D_SAMPLE parameter %u made %%null built another batch than the parameter on V%u, a variable "
                         "of zeros\n", k, (unsigned)zid);
      else
        sf_verdict_dumpf(v, "3D_SAMPLE parameter %u made %%null was refused before any batch: %s (%s); on V%u, a variable "
                         "of zeros, it built one (%s)\n", k, sf_code_name(ra), ka.r.st.msg, (unsigned)zid, sf_code_name(rb));
      ok = false;
    }
  }
  sf_state_free(&zs);
  return ok;
}

/* ---- null_dst --------------------------------------------------------------------------------------- */

/* `null_dst` (SAMPLE_UNORM, AVS and 3D_SAMPLE cases that run, one in four by the case's bytes): the
 * destination made %null (variable 0, offset 0: the message writes nothing, as a prefetch does) runs
 * on the scalar backend as the case does and leaves every variable and register as it was. The
 * generator always names a destination variable, so only this asks (an executor that looked %null
 * up as a variable refused it as undeclared). */
bool sf_check_null_dst(sf_verdict *v, const sf_case *c, sf_case_env *env) {
  const sf_inst *in = &c->inst;
  if (c->pattern[23] & 3u) return true;
  sf_inst a = *in;
  sf_raw *d = in->family == SF_FAMILY_SAMPLE_UNORM ? &a.unorm.dst
              : in->family == SF_FAMILY_AVS         ? &a.avs.dst
              : in->family == SF_FAMILY_SAMPLE_3D   ? &a.s3d.dst
                                                     : NULL;
  if (!d || (d->id == 0 && d->off == 0)) return true;
  *d = (sf_raw){0, 0};
  sf_state zs;
  sf_status st;
  if (!clone_state(env, &zs, &st)) return true; /* out of memory: nothing to judge */
  uint64_t before = state_hash(&zs);
  sf_code rc = sf_exec(&a, &zs, sf_backend_scalar(), &st);
  bool same = state_hash(&zs) == before;
  sf_state_free(&zs);
  if (rc == SF_ERR_NOMEM || (rc == SF_OK && same)) return true;
  sf_verdict_fail(v, "null_dst", in, rc == SF_OK ? "wrote" : "refused");
  sf_verdict_key(v, "null_dst %s", rc == SF_OK ? "wrote" : sf_code_name(rc));
  sf_verdict_dumpf(v, "the case with its destination made %%null %s: %s (%s)\n",
                   rc == SF_OK ? "changed the state" : "was refused", sf_code_name(rc), st.msg);
  return false;
}
