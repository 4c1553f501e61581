/* visa_model.c — the vISA families' row of the model's operations table (harness/model/family.h):
 * spec-rule validation, the canonical form (with the one table of don't-care bits) and a field-level
 * diff for SAMPLE_UNORM, 3D_SAMPLE and AVS; plus the op/parameter/type tables the codecs and the
 * executor share.
 *
 * Rules: IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/:
 * SAMPLE_UNORM.md, 3D_SAMPLE.md, AVS.md) and the verifier facts of docs/visa-binary.md. The D3D
 * family's row is harness/d3d/d3d_model.c. */
#include "harness/model/family.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include "samplefuzz/bytes.h"

/* ---- Don't-care bits: the one list ------------------------------------------------------------ */

const sf_dont_care sf_dont_care_bits[] = {
    {"sample_unorm channel byte bits 6-7 (sf_sample_unorm.chan_hi)",
     "IGC's reader masks the channel byte to bits 0-5 and drops the rest (docs/visa-binary.md); no "
     "consumer can observe them"},
    {"3d_sample channel byte bits 4-7 (sf_sample_3d.chan_hi)",
     "IGC's reader keeps only the RGBA mask in bits 0-3 (§4.3); the spec defines no other bits"},
    {"3d_sample op word bits 11-15 (sf_sample_3d.op_hi)",
     "IGC's reader decodes bits 0-10 only and ignores the rest (§4.3)"},
    {"avs channel byte bits 4-7 (sf_avs.chan_hi)", "IGC's reader drops the channel byte's upper bits (§4.2)"},
    {"avs cntrl bits 4-7 (sf_avs.cntrl_hi)", "IGC uses cntrl & 0xF everywhere, reader and verifier (§4.2, §8)"},
    {"avs execMode bits 4-7 (sf_avs.exec_mode_hi)", "IGC uses execMode & 0xF everywhere, reader and verifier (§4.2, §8)"},
};
const size_t sf_dont_care_count = sizeof sf_dont_care_bits / sizeof sf_dont_care_bits[0];

/* ---- Tables ---------------------------------------------------------------------------------- */

typedef struct s3d_op_info {
  uint8_t op;
  const char *name;
  uint8_t nroles;
  sf_s3d_param roles[11];
} s3d_op_info;

/* Parameter order per sub-op, from the per-op format tables of IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/3D_SAMPLE.md) (the
 * "CONDITION" tables, which define the binary operand order). The spec's summary table in "Notes"
 * disagrees for sample_po_c and sample_po_d; docs/deviations.md records the choice. */
static const s3d_op_info s3d_ops[] = {
    {SF_S3D_SAMPLE, "sample_3d", 4, {SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_B, "sample_b", 5, {SF_P_BIAS, SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_L, "sample_l", 5, {SF_P_LOD, SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_C, "sample_c", 5, {SF_P_REF, SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_D, "sample_d", 10,
     {SF_P_U, SF_P_DUDX, SF_P_DUDY, SF_P_V, SF_P_DVDX, SF_P_DVDY, SF_P_R, SF_P_DRDX, SF_P_DRDY, SF_P_AI}},
    {SF_S3D_SAMPLE_B_C, "sample_b_c", 6, {SF_P_REF, SF_P_BIAS, SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_L_C, "sample_l_c", 6, {SF_P_REF, SF_P_LOD, SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_LOD, "lod", 4, {SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_D_C, "sample_d_c", 11,
     {SF_P_REF, SF_P_U, SF_P_DUDX, SF_P_DUDY, SF_P_V, SF_P_DVDX, SF_P_DVDY, SF_P_R, SF_P_DRDX, SF_P_DRDY, SF_P_AI}},
    {SF_S3D_SAMPLE_LZ, "sample_lz", 4, {SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_C_LZ, "sample_c_lz", 5, {SF_P_REF, SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_PO, "sample_po", 5, {SF_P_U, SF_P_V, SF_P_R, SF_P_OFFUVR, SF_P_AI}},
    {SF_S3D_SAMPLE_PO_B, "sample_po_b", 5, {SF_P_BIAS_OFFUVR, SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_PO_L, "sample_po_l", 5, {SF_P_LOD_OFFUVR, SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
    {SF_S3D_SAMPLE_PO_C, "sample_po_c", 6, {SF_P_REF, SF_P_U, SF_P_V, SF_P_R, SF_P_OFFUV_R, SF_P_AI}},
    {SF_S3D_SAMPLE_PO_D, "sample_po_d", 11,
     {SF_P_U, SF_P_DUDX, SF_P_DUDY, SF_P_V, SF_P_DVDX, SF_P_DVDY, SF_P_R, SF_P_OFFUVR_R, SF_P_DRDX, SF_P_DRDY, SF_P_AI}},
    {SF_S3D_SAMPLE_PO_L_C, "sample_po_l_c", 6, {SF_P_REF, SF_P_LOD_OFFUV, SF_P_U, SF_P_V, SF_P_R, SF_P_AI}},
};
#define S3D_OP_COUNT (sizeof s3d_ops / sizeof s3d_ops[0])

static const s3d_op_info *s3d_info(uint8_t op) {
  for (size_t i = 0; i < S3D_OP_COUNT; i++)
    if (s3d_ops[i].op == op) return &s3d_ops[i];
  return NULL;
}

const char *sf_s3d_op_name(uint8_t op) {
  const s3d_op_info *i = s3d_info(op);
  return i ? i->name : NULL;
}

bool sf_s3d_op_known(uint8_t op) { return s3d_info(op) != NULL; }

bool sf_s3d_op_at(size_t i, uint8_t *op, const char **name) {
  if (i >= S3D_OP_COUNT) return false;
  *op = s3d_ops[i].op;
  *name = s3d_ops[i].name;
  return true;
}

unsigned sf_s3d_param_roles(uint8_t op, sf_s3d_param *roles, unsigned max) {
  const s3d_op_info *i = s3d_info(op);
  if (!i) return 0;
  for (unsigned k = 0; roles && k < i->nroles && k < max; k++) roles[k] = i->roles[k];
  return i->nroles;
}

const char *sf_s3d_param_name(sf_s3d_param p) {
  static const char *const names[] = {"u",    "v",    "r",    "ai",     "ref",        "bias",       "lod",
                                      "dudx", "dudy", "dvdx", "dvdy",   "drdx",       "drdy",       "offuvr",
                                      "bias_offuvr", "lod_offuvr", "offuv_r", "offuvr_r", "lod_offuv"};
  return (unsigned)p < sizeof names / sizeof names[0] ? names[p] : "?";
}

unsigned sf_exec_size_lanes(uint8_t code) { return code <= 5 ? 1u << code : 0; }

unsigned sf_region_value(uint8_t code) {
  if (code == 0) return 0;
  if (code <= 7) return code == 1 ? 0 : 1u << (code - 2);
  return 0xFF;
}

unsigned sf_vtype_size(uint8_t type) {
  static const uint8_t sz[16] = {4, 4, 2, 2, 1, 1, 8, 4, 4, 4, 1, 8, 4, 8, 2, 2};
  return type < 16 ? sz[type] : 0;
}

const char *sf_vtype_name(uint8_t type) {
  static const char *const names[16] = {"ud", "d",    "uw", "w",  "ub", "b", "df", "f",
                                        "v",  "vf",   "bool", "uq", "uv", "q", "hf", "bf"};
  return type < 16 ? names[type] : NULL;
}

/* ---- Validation ------------------------------------------------------------------------------ */


typedef struct vctx {
  sf_violations *out;
  sf_violations local;  /* used when the caller passes NULL, so the count is still right */
} vctx;

static sf_violations *vout(vctx *c) { return c->out ? c->out : &c->local; }

/* Checks a region word (docs/visa-binary.md: width != 0 and in {1,2,4,8,16}, hstride in {0,1,2,4},
 * vstride in {0,...,32}, and exec_size >= width; codes 8-15 do not exist; bits 12-15 are reserved).
 * lanes is the instruction's exec size: 1 for SAMPLE_UNORM and AVS, which have none. */
static void check_region(vctx *c, const char *opname, const sf_region *r, unsigned lanes) {
  sf_violations *o = vout(c);
  if (r->vstride > 7) sf_violation_add(o, "opnd.region.vstride", "%s: vstride code %u is not a region code (0-7)", opname, r->vstride);
  if (r->width == 0 || r->width == 1 || r->width > 6)
    sf_violation_add(o, "opnd.region.width", "%s: width code %u: width must be 1, 2, 4, 8 or 16", opname, r->width);
  if (r->hstride == 0 || r->hstride > 4)
    sf_violation_add(o, "opnd.region.hstride", "%s: hstride code %u: hstride must be 0, 1, 2 or 4", opname, r->hstride);
  if (r->hi) sf_violation_add(o, "opnd.region.reserved", "%s: region bits 12-15 are reserved (0x%x)", opname, r->hi);
  unsigned w = sf_region_value(r->width);
  if (r->width >= 2 && r->width <= 6 && lanes && w > lanes)
    sf_violation_add(o, "opnd.region.width_exec", "%s: region width %u exceeds the exec size %u", opname, w, lanes);
}

/* A "scalar" operand of SAMPLE_UNORM/AVS/aoffimmi: class general, indirect or immediate
 * (§8 verifier); modifiers only on general/indirect, and never sat or (~) on a sampler operand. */
static void check_scalar(vctx *c, const char *opname, const sf_vopnd *v, unsigned lanes, const uint8_t *types,
                         unsigned ntypes, const char *type_desc) {
  sf_violations *o = vout(c);
  if (v->cls != SF_VCLS_GENERAL && v->cls != SF_VCLS_INDIRECT && v->cls != SF_VCLS_IMMEDIATE) {
    sf_violation_add(o, "opnd.class", "%s: operand class %u is not general, indirect or immediate", opname, v->cls);
    return;
  }
  if (v->tag_hi) sf_violation_add(o, "opnd.tag.reserved", "%s: operand tag bits 6-7 are reserved (0x%x)", opname, v->tag_hi);
  if (v->mod > SF_VMOD_NOT)
    sf_violation_add(o, "opnd.mod.invalid", "%s: modifier code %u does not exist", opname, v->mod);
  else if (v->mod == SF_VMOD_SAT || v->mod == SF_VMOD_NOT)
    sf_violation_add(o, "opnd.mod.not_allowed", "%s: %s is not allowed on a source of a sampler instruction", opname,
                     v->mod == SF_VMOD_SAT ? "sat" : "(~)");
  else if (v->mod != SF_VMOD_NONE && v->cls == SF_VCLS_IMMEDIATE)
    sf_violation_add(o, "opnd.mod.on_immediate", "%s: a modifier is only allowed on general or indirect operands", opname);
  if (v->cls == SF_VCLS_GENERAL || v->cls == SF_VCLS_INDIRECT) check_region(c, opname, &v->region, lanes);
  if (v->cls == SF_VCLS_GENERAL && v->id == 0)
    sf_violation_add(o, "opnd.null_source", "%s: %%null (V0) cannot be read", opname);
  if (v->cls == SF_VCLS_INDIRECT || v->cls == SF_VCLS_IMMEDIATE) {
    uint8_t t = v->type & 0x0F;
    if (v->type & 0xF0)
      sf_violation_add(o, "opnd.type.reserved", "%s: type byte bits 4-7 are reserved (0x%02x)", opname, v->type);
    if (v->cls == SF_VCLS_IMMEDIATE && t == SF_VT_BOOL)
      sf_violation_add(o, "opnd.imm.bool", "%s: an immediate may not have type bool", opname);
    bool ok = false;
    for (unsigned i = 0; i < ntypes; i++) ok |= (types[i] == t);
    if (!ok)
      sf_violation_add(o, "opnd.type", "%s: type %s, must be %s", opname, sf_vtype_name(t) ? sf_vtype_name(t) : "?",
                       type_desc);
    if (v->cls == SF_VCLS_IMMEDIATE && sf_vtype_size(t) < 8 && (v->imm >> 32) != 0)
      sf_violation_add(o, "opnd.imm.width", "%s: immediate of type %s has bits above 32 set", opname,
                       sf_vtype_name(t) ? sf_vtype_name(t) : "?");
  }
}

/* docs/visa-binary.md parse-time rule: %null raw operands must have offset 0. */
static void check_raw(vctx *c, const char *opname, const sf_raw *r) {
  if (r->id == 0 && r->off != 0)
    sf_violation_add(vout(c), "raw.null_offset", "%s: %%null raw operand must have offset 0", opname);
}

static void check_chan(vctx *c, const char *rule, uint8_t mask) {
  if ((mask & 0x0F) == 0)
    sf_violation_add(vout(c), rule, "channel mask is 0: at least one of R, G, B, A must be enabled");
  if (mask & 0xF0) sf_violation_add(vout(c), "chan.mask.width", "channel mask field holds 0x%x (4 bits only)", mask);
}

static const uint8_t T_F[] = {SF_VT_F};
static const uint8_t T_UD[] = {SF_VT_UD};
static const uint8_t T_IEF[] = {SF_VT_UB, SF_VT_UW, SF_VT_UD};
static const uint8_t T_UW[] = {SF_VT_UW};

static void validate_unorm(vctx *c, const sf_sample_unorm *u) {
  sf_violations *o = vout(c);
  check_chan(c, "unorm.chan.zero", u->chan_mask);
  if (u->out_fmt > 3) sf_violation_add(o, "unorm.fmt.range", "output format %u does not exist (0-3)", u->out_fmt);
  if (u->surface == 0) sf_violation_add(o, "unorm.surface.slm", "surface T0 (%%slm) cannot be sampled");
  else if (u->surface < 6)
    sf_violation_add(o, "unorm.surface.predefined", "surface T%u is predefined; SAMPLE_UNORM needs a user surface (T6+)",
                     u->surface);
  check_scalar(c, "U_offset", &u->u, 1, T_F, 1, "f");
  check_scalar(c, "V_offset", &u->v, 1, T_F, 1, "f");
  check_scalar(c, "DeltaU", &u->du, 1, T_F, 1, "f");
  check_scalar(c, "DeltaV", &u->dv, 1, T_F, 1, "f");
  check_raw(c, "dst", &u->dst);
  if (u->dst.id == 0) sf_violation_add(o, "unorm.dst.null", "dst is %%null: SAMPLE_UNORM must write a general variable");
}

static void validate_3d(vctx *c, const sf_sample_3d *s) {
  sf_violations *o = vout(c);
  const s3d_op_info *info = s3d_info(s->op);
  if (!info) sf_violation_add(o, "3d.op.unknown", "sub-op 0x%02x is not a 3D_SAMPLE operation of the spec", s->op);
  check_chan(c, "3d.chan.zero", s->chan_mask);
  unsigned lanes = sf_exec_size_lanes(s->exec_size);
  if (lanes != 8 && lanes != 16 && lanes != 32)
    sf_violation_add(o, "3d.exec_size", "exec size code %u (%u lanes): must be 8, 16 or 32", s->exec_size, lanes);
  if (lanes && lanes + (s->emask & 7u) * 4u > 32u)
    sf_violation_add(o, "3d.emask.range", "emask M%u%s with exec size %u reaches past lane 32", (s->emask & 7u) + 1,
                     (s->emask & 8) ? "_NM" : "", lanes);
  if (s->pred.rsvd) sf_violation_add(o, "3d.pred.reserved", "predicate word bit 12 is reserved");
  if (s->pred.ctrl > 2) sf_violation_add(o, "3d.pred.ctrl", "predicate control 3 does not exist (none, .any, .all)");
  if (s->pred.id == 0 && (s->pred.ctrl || s->pred.invert))
    sf_violation_add(o, "3d.pred.no_id", "predicate control or invert bits set without a predicate (id 0)");
  if (s->pred.id > 0x0FFF) sf_violation_add(o, "3d.pred.id", "predicate id %u does not fit 12 bits", s->pred.id);
  if (s->cps) {
    bool op_ok = s->op == SF_S3D_SAMPLE || s->op == SF_S3D_SAMPLE_B || s->op == SF_S3D_SAMPLE_C ||
                 s->op == SF_S3D_SAMPLE_B_C || s->op == SF_S3D_LOD;
    if (!op_ok) sf_violation_add(o, "3d.cps.op", "cps is only available for sample, sample_b, sample_c, sample_b_c and lod");
    if (lanes != 8 && lanes != 16) sf_violation_add(o, "3d.cps.exec_size", "cps requires exec size 8 or 16");
  }
  check_scalar(c, "aoffimmi", &s->aoffimmi, lanes ? lanes : 1, T_UW, 1, "uw");
  if (s->aoffimmi.cls == SF_VCLS_IMMEDIATE && (s->aoffimmi.imm & ~(uint64_t)0x0FFF))
    sf_violation_add(o, "3d.aoffimmi.reserved", "aoffimmi bits 12 and up are reserved (value 0x%llx)",
                     (unsigned long long)s->aoffimmi.imm);
  if (s->num_params < 1 || (info && s->num_params > info->nroles) || s->num_params > SF_S3D_MAX_PARAMS)
    sf_violation_add(o, "3d.num_params", "NumParams %u outside [1, %u] for %s", s->num_params,
                     info ? info->nroles : SF_S3D_MAX_PARAMS, info ? info->name : "this op");
  check_raw(c, "dst", &s->dst);
  unsigned n = s->num_params < SF_S3D_MAX_PARAMS ? s->num_params : SF_S3D_MAX_PARAMS;
  for (unsigned i = 0; i < n; i++) {
    char nm[24];
    snprintf(nm, sizeof nm, "param %u", i);
    check_raw(c, nm, &s->params[i]);
  }
}

static void validate_avs(vctx *c, const sf_avs *a) {
  sf_violations *o = vout(c);
  check_chan(c, "avs.chan.zero", a->chan_mask);
  if (a->surface == 0) sf_violation_add(o, "avs.surface.slm", "surface T0 (%%slm) cannot be sampled");
  if ((a->cntrl & 0x0F) > 3) sf_violation_add(o, "avs.cntrl.range", "cntrl %u is not an output format (0-3)", a->cntrl & 0x0F);
  if ((a->exec_mode & 0x0F) > 3)
    sf_violation_add(o, "avs.exec_mode.range", "execMode %u is not 16x4, 8x4, 16x8 or 4x4", a->exec_mode & 0x0F);
  check_scalar(c, "U_offset", &a->u_off, 1, T_F, 1, "f");
  check_scalar(c, "V_offset", &a->v_off, 1, T_F, 1, "f");
  check_scalar(c, "DeltaU", &a->du, 1, T_F, 1, "f");
  check_scalar(c, "DeltaV", &a->dv, 1, T_F, 1, "f");
  check_scalar(c, "u2d", &a->u2d, 1, T_F, 1, "f");
  check_scalar(c, "groupID", &a->group_id, 1, T_UD, 1, "ud");
  check_scalar(c, "verticalBlockNumber", &a->vbn, 1, T_UD, 1, "ud");
  check_scalar(c, "v2d", &a->v2d, 1, T_F, 1, "f");
  /* The spec says UB; IGC's descriptor says UW|UD and its own example uses 0:uw (docs/visa-binary.md). */
  check_scalar(c, "IEFBypass", &a->ief_bypass, 1, T_IEF, 3, "ub, uw or ud");
  check_raw(c, "dst", &a->dst);
  if (a->dst.id == 0) sf_violation_add(o, "avs.dst.null", "dst is %%null: AVS must write a general variable");
}

/* Through sf_inst_validate / sf_inst_validate_rules (inst.c), which reset out's counts and pick
 * whether reasons are formatted; nothing here clears the 8 KB entry arrays. */
static unsigned visa_validate(const sf_inst *in, sf_violations *out) {
  vctx c;
  c.out = out;
  c.local.count = 0;
  c.local.total = 0;
  c.local.rules_only = true;
  switch (in->family) {
    case SF_FAMILY_SAMPLE_UNORM: validate_unorm(&c, &in->unorm); break;
    case SF_FAMILY_SAMPLE_3D: validate_3d(&c, &in->s3d); break;
    case SF_FAMILY_AVS: validate_avs(&c, &in->avs); break;
    default: sf_violation_add(vout(&c), "family", "instruction family %d is not one of the four", (int)in->family); break;
  }
  return vout(&c)->total;
}

/* ---- Canonical form -------------------------------------------------------------------------- */

static void canon_vopnd(sf_vopnd *v) {
  sf_vopnd k;
  memset(&k, 0, sizeof k);
  k.cls = v->cls;
  k.mod = v->mod;
  k.tag_hi = v->tag_hi;
  switch (v->cls) {
    case SF_VCLS_GENERAL:
      k.id = v->id; k.row_off = v->row_off; k.col_off = v->col_off; k.region = v->region;
      break;
    case SF_VCLS_ADDRESS:
      k.id = v->id & 0xFFFF; k.addr_off = v->addr_off; k.width = v->width;
      break;
    case SF_VCLS_PREDICATE:
      k.id = v->id & 0xFFFF;
      break;
    case SF_VCLS_INDIRECT:
      k.id = v->id & 0xFFFF; k.addr_off = v->addr_off; k.imm_off = v->imm_off; k.type = v->type; k.region = v->region;
      break;
    case SF_VCLS_IMMEDIATE:
      k.type = v->type;
      k.imm = sf_vtype_size(v->type & 0x0F) == 8 ? v->imm : (v->imm & 0xFFFFFFFFull);
      break;
    case SF_VCLS_STATE:
      k.state_cls = v->state_cls; k.id = v->id & 0xFFFF; k.addr_off = v->addr_off;
      break;
    default:
      k = *v;  /* not representable in a file; keep as is */
      break;
  }
  *v = k;
}

static void visa_canonicalize(sf_inst *in) {
  switch (in->family) {
    case SF_FAMILY_SAMPLE_UNORM: {
      sf_sample_unorm *u = &in->unorm;
      u->chan_hi = 0;
      canon_vopnd(&u->u); canon_vopnd(&u->v); canon_vopnd(&u->du); canon_vopnd(&u->dv);
      break;
    }
    case SF_FAMILY_SAMPLE_3D: {
      sf_sample_3d *s = &in->s3d;
      s->op_hi = 0;
      s->chan_hi = 0;
      canon_vopnd(&s->aoffimmi);
      for (unsigned i = s->num_params; i < SF_S3D_MAX_PARAMS; i++) s->params[i] = (sf_raw){0, 0};
      break;
    }
    case SF_FAMILY_AVS: {
      sf_avs *a = &in->avs;
      a->chan_hi = 0; a->cntrl_hi = 0; a->exec_mode_hi = 0;
      canon_vopnd(&a->u_off); canon_vopnd(&a->v_off); canon_vopnd(&a->du); canon_vopnd(&a->dv);
      canon_vopnd(&a->u2d); canon_vopnd(&a->group_id); canon_vopnd(&a->vbn); canon_vopnd(&a->v2d);
      canon_vopnd(&a->ief_bypass);
      break;
    }
    default: break;
  }
}

/* ---- Equality and diff ----------------------------------------------------------------------- */

typedef struct dctx {
  char *buf;
  size_t n;
  bool differs;
} dctx;

SF_NO_COVERAGE static void dnote(dctx *d, const char *field, unsigned long long a, unsigned long long b) {
  if (d->differs || a == b) return;
  d->differs = true;
  if (d->buf && d->n) snprintf(d->buf, d->n, "%s: 0x%llx vs 0x%llx", field, a, b);
}

#define DF(d, name, a, b) dnote((d), (name), (unsigned long long)(a), (unsigned long long)(b))

SF_NO_COVERAGE static void diff_vopnd(dctx *d, const char *nm, const sf_vopnd *a, const sf_vopnd *b) {
  char f[64] = "";
  /* the field's name is formatted only when a difference is to be reported (never on equality) */
#define VF(field)                                                  \
  do {                                                             \
    if (d->buf && !d->differs) snprintf(f, sizeof f, "%s.%s", nm, #field); \
    DF(d, f, a->field, b->field);                                  \
  } while (0)
  VF(cls); VF(mod); VF(tag_hi);
  if (a->cls != b->cls) return;
  switch (a->cls) {
    case SF_VCLS_GENERAL:
      VF(id); VF(row_off); VF(col_off); VF(region.vstride); VF(region.width); VF(region.hstride); VF(region.hi);
      break;
    case SF_VCLS_ADDRESS: VF(id); VF(addr_off); VF(width); break;
    case SF_VCLS_PREDICATE: VF(id); break;
    case SF_VCLS_INDIRECT:
      VF(id); VF(addr_off); VF(imm_off); VF(type); VF(region.vstride); VF(region.width); VF(region.hstride); VF(region.hi);
      break;
    case SF_VCLS_IMMEDIATE: VF(type); VF(imm); break;
    case SF_VCLS_STATE: VF(state_cls); VF(id); VF(addr_off); break;
    default:
      VF(id); VF(row_off); VF(col_off); VF(addr_off); VF(width); VF(state_cls); VF(imm_off); VF(type); VF(imm);
      VF(region.vstride); VF(region.width); VF(region.hstride); VF(region.hi);
      break;
  }
#undef VF
}

SF_NO_COVERAGE static void diff_raw(dctx *d, const char *nm, const sf_raw *a, const sf_raw *b) {
  char f[48] = "";
  if (d->buf && !d->differs) snprintf(f, sizeof f, "%s.id", nm);
  DF(d, f, a->id, b->id);
  if (d->buf && !d->differs) snprintf(f, sizeof f, "%s.off", nm);
  DF(d, f, a->off, b->off);
}

SF_NO_COVERAGE static void diff_inst(dctx *d, const sf_inst *a, const sf_inst *b) {
  DF(d, "family", a->family, b->family);
  if (a->family != b->family) return;
  switch (a->family) {
    case SF_FAMILY_SAMPLE_UNORM: {
      const sf_sample_unorm *x = &a->unorm, *y = &b->unorm;
      DF(d, "unorm.chan_mask", x->chan_mask, y->chan_mask);
      DF(d, "unorm.out_fmt", x->out_fmt, y->out_fmt);
      DF(d, "unorm.chan_hi", x->chan_hi, y->chan_hi);
      DF(d, "unorm.sampler", x->sampler, y->sampler);
      DF(d, "unorm.surface", x->surface, y->surface);
      diff_vopnd(d, "unorm.u", &x->u, &y->u);
      diff_vopnd(d, "unorm.v", &x->v, &y->v);
      diff_vopnd(d, "unorm.du", &x->du, &y->du);
      diff_vopnd(d, "unorm.dv", &x->dv, &y->dv);
      diff_raw(d, "unorm.dst", &x->dst, &y->dst);
      break;
    }
    case SF_FAMILY_SAMPLE_3D: {
      const sf_sample_3d *x = &a->s3d, *y = &b->s3d;
      DF(d, "s3d.op", x->op, y->op);
      DF(d, "s3d.pixel_null_mask", x->pixel_null_mask, y->pixel_null_mask);
      DF(d, "s3d.cps", x->cps, y->cps);
      DF(d, "s3d.divs", x->divs, y->divs);
      DF(d, "s3d.op_hi", x->op_hi, y->op_hi);
      DF(d, "s3d.exec_size", x->exec_size, y->exec_size);
      DF(d, "s3d.emask", x->emask, y->emask);
      DF(d, "s3d.pred.id", x->pred.id, y->pred.id);
      DF(d, "s3d.pred.rsvd", x->pred.rsvd, y->pred.rsvd);
      DF(d, "s3d.pred.ctrl", x->pred.ctrl, y->pred.ctrl);
      DF(d, "s3d.pred.invert", x->pred.invert, y->pred.invert);
      DF(d, "s3d.chan_mask", x->chan_mask, y->chan_mask);
      DF(d, "s3d.chan_hi", x->chan_hi, y->chan_hi);
      diff_vopnd(d, "s3d.aoffimmi", &x->aoffimmi, &y->aoffimmi);
      DF(d, "s3d.sampler", x->sampler, y->sampler);
      DF(d, "s3d.surface", x->surface, y->surface);
      diff_raw(d, "s3d.dst", &x->dst, &y->dst);
      DF(d, "s3d.num_params", x->num_params, y->num_params);
      unsigned n = x->num_params < SF_S3D_MAX_PARAMS ? x->num_params : SF_S3D_MAX_PARAMS;
      for (unsigned i = 0; i < n; i++) {
        char f[32] = "";
        if (d->buf && !d->differs) snprintf(f, sizeof f, "s3d.params[%u]", i);
        diff_raw(d, f, &x->params[i], &y->params[i]);
      }
      break;
    }
    case SF_FAMILY_AVS: {
      const sf_avs *x = &a->avs, *y = &b->avs;
      DF(d, "avs.chan_mask", x->chan_mask, y->chan_mask);
      DF(d, "avs.chan_hi", x->chan_hi, y->chan_hi);
      DF(d, "avs.sampler", x->sampler, y->sampler);
      DF(d, "avs.surface", x->surface, y->surface);
      diff_vopnd(d, "avs.u_off", &x->u_off, &y->u_off);
      diff_vopnd(d, "avs.v_off", &x->v_off, &y->v_off);
      diff_vopnd(d, "avs.du", &x->du, &y->du);
      diff_vopnd(d, "avs.dv", &x->dv, &y->dv);
      diff_vopnd(d, "avs.u2d", &x->u2d, &y->u2d);
      diff_vopnd(d, "avs.group_id", &x->group_id, &y->group_id);
      diff_vopnd(d, "avs.vbn", &x->vbn, &y->vbn);
      DF(d, "avs.cntrl", x->cntrl, y->cntrl);
      DF(d, "avs.cntrl_hi", x->cntrl_hi, y->cntrl_hi);
      diff_vopnd(d, "avs.v2d", &x->v2d, &y->v2d);
      DF(d, "avs.exec_mode", x->exec_mode, y->exec_mode);
      DF(d, "avs.exec_mode_hi", x->exec_mode_hi, y->exec_mode_hi);
      diff_vopnd(d, "avs.ief_bypass", &x->ief_bypass, &y->ief_bypass);
      diff_raw(d, "avs.dst", &x->dst, &y->dst);
      break;
    }
    default: break;
  }
}

SF_NO_COVERAGE static const char *visa_diff(const sf_inst *a, const sf_inst *b, char *buf, size_t n) {
  /* sf_inst_diff, its only caller, hands it no buffer or one of n > 0 bytes, already cleared; a
   * first pass without the buffer: equal instructions (the common case) cost no formatting */
  dctx d = {NULL, 0, false};
  diff_inst(&d, a, b);
  if (!d.differs || !buf) return d.differs ? "?" : "";
  d = (dctx){buf, n, false};
  diff_inst(&d, a, b);
  return buf;
}

const sf_family_ops sf_visa_family_ops = {"vISA", visa_validate, visa_canonicalize, visa_diff};
