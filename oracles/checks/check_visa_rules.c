/* oracles/checks/check_visa_rules.c — the vISA validator reports each rule it has (`validate_sees`).
 *
 * The vISA codecs keep whatever a field holds, and the checks compare codecs with each other, so a
 * validator that lost a rule (a reserved bit no longer flagged, a predicate control 3 accepted)
 * agreed with every codec: the invalid instruction round-trips as well as a valid one. Here each
 * rule of the vISA validator (harness/visa/visa_model.c: the vISA specification pages of
 * SAMPLE_UNORM, 3D_SAMPLE and AVS and docs/visa-binary.md) has one edit that breaks it, applied to a
 * copy of a valid instruction of a family the rule belongs to; the validator must report the copy
 * under that rule. Operand rules are applied to each scalar operand of the instruction in turn
 * (the four of SAMPLE_UNORM, aoffimmi of 3D_SAMPLE, the nine of AVS), first rebuilt as a valid
 * general or immediate operand where the rule needs that class. Rules-only validation: no prose is
 * formatted unless a check fails; one edit in SF_RULES_EVERY runs per input (check_int.h). */
#include <stdio.h>
#include <string.h>

#include "harness/visa/visa_bin_priv.h"
#include "oracles/checks/check_int.h"

#define FU (1u << SF_FAMILY_SAMPLE_UNORM)
#define F3 (1u << SF_FAMILY_SAMPLE_3D)
#define FA (1u << SF_FAMILY_AVS)

typedef bool (*visa_edit_fn)(sf_inst *w);

/* A scalar operand the operand rules edit: the operand, its one valid type, the lanes its region is
 * held to and whether the instruction is a 3D_SAMPLE (whose region codes differ). */
typedef struct vscalar {
  sf_vopnd *o;
  uint8_t type;
  unsigned lanes;
  bool s3d;
} vscalar;
typedef bool (*opnd_edit_fn)(const vscalar *s);

/* Scalar operand `at` of w (SAMPLE_UNORM has four, 3D_SAMPLE one, AVS nine); false past the last.
 * Each operand rule is applied to every one of them in turn: a rule lost for DeltaV alone is seen
 * on any AVS the rule is picked for. */
static bool scalar_at(sf_inst *w, unsigned at, vscalar *s) {
  s->lanes = 1;
  s->s3d = false;
  switch (w->family) {
    case SF_FAMILY_SAMPLE_UNORM: {
      sf_vopnd *ops[4] = {&w->unorm.u, &w->unorm.v, &w->unorm.du, &w->unorm.dv};
      s->type = SF_VT_F;
      return at < 4 && (s->o = ops[at], true);
    }
    case SF_FAMILY_SAMPLE_3D:
      s->type = SF_VT_UW;
      s->lanes = sf_exec_size_lanes(w->s3d.exec_size);
      s->s3d = true;
      return at < 1 && (s->o = &w->s3d.aoffimmi, true);
    default: {
      sf_vopnd *ops[9] = {&w->avs.u_off, &w->avs.v_off, &w->avs.du,  &w->avs.dv,        &w->avs.u2d,
                          &w->avs.v2d,   &w->avs.group_id, &w->avs.vbn, &w->avs.ief_bypass};
      s->type = at < 6 ? SF_VT_F : SF_VT_UD;
      return at < 9 && (s->o = ops[at], true);
    }
  }
}

/* The operand made a valid immediate of its type / a valid general operand V40 with a <0;1,0> region. */
static sf_vopnd *as_imm(const vscalar *s) {
  memset(s->o, 0, sizeof *s->o);
  s->o->cls = SF_VCLS_IMMEDIATE;
  s->o->type = s->type;
  return s->o;
}
static sf_vopnd *as_general(const vscalar *s) {
  memset(s->o, 0, sizeof *s->o);
  s->o->cls = SF_VCLS_GENERAL;
  s->o->id = 40;
  s->o->region = (sf_region){1, 2, 1, 0};
  return s->o;
}

static uint8_t *chan_of(sf_inst *w) {
  return w->family == SF_FAMILY_SAMPLE_UNORM ? &w->unorm.chan_mask
         : w->family == SF_FAMILY_SAMPLE_3D  ? &w->s3d.chan_mask
                                             : &w->avs.chan_mask;
}
static sf_raw *dst_of(sf_inst *w) {
  return w->family == SF_FAMILY_SAMPLE_UNORM ? &w->unorm.dst : w->family == SF_FAMILY_SAMPLE_3D ? &w->s3d.dst : &w->avs.dst;
}

/* ---- every family ---- */
static bool e_chan_zero(sf_inst *w) { return *chan_of(w) = 0, true; }
static bool e_chan_width(sf_inst *w) { return *chan_of(w) |= 0x10, true; }
static bool e_raw_null_offset(sf_inst *w) {
  sf_raw *r = w->family == SF_FAMILY_SAMPLE_3D && (w->s3d.surface & 1) ? &w->s3d.params[0] : dst_of(w);
  r->id = 0;
  r->off = 4;
  return true;
}
static bool e_dst_null(sf_inst *w) {
  sf_raw *r = dst_of(w);
  r->id = 0;
  r->off = 0;
  return true;
}
static bool e_surface_slm(sf_inst *w) {
  if (w->family == SF_FAMILY_SAMPLE_UNORM) w->unorm.surface = 0;
  else w->avs.surface = 0;
  return true;
}

/* ---- scalar operands ---- */
static bool e_opnd_class(const vscalar *s) { return s->o->cls = SF_VCLS_ADDRESS, true; }
static bool e_opnd_tag(const vscalar *s) { return s->o->tag_hi = 1, true; }
static bool e_mod_invalid(const vscalar *s) { return s->o->mod = SF_VMOD_NOT + 1, true; }
static bool e_mod_not_allowed(const vscalar *s) { return s->o->mod = (s->o->type & 1) ? SF_VMOD_SAT : SF_VMOD_NOT, true; }
static bool e_mod_on_imm(const vscalar *s) { return as_imm(s)->mod = SF_VMOD_NEG, true; }
static bool e_region_vstride(const vscalar *s) { return as_general(s)->region.vstride = 8, true; }
static bool e_region_width(const vscalar *s) { return as_general(s)->region.width = s->s3d ? 0 : 7, true; }
static bool e_region_hstride(const vscalar *s) { return as_general(s)->region.hstride = s->s3d ? 0 : 5, true; }
static bool e_region_reserved(const vscalar *s) { return as_general(s)->region.hi = 2, true; }
static bool e_region_width_exec(const vscalar *s) {
  if (s->lanes >= 16) return false; /* no width code is wider than 16 lanes */
  as_general(s)->region.width = s->lanes == 1 ? 3 : 6; /* 2 lanes, 16 lanes */
  return true;
}
static bool e_null_source(const vscalar *s) { return as_general(s)->id = 0, true; }
static bool e_type_reserved(const vscalar *s) { return as_imm(s)->type |= 0x10, true; }
static bool e_imm_bool(const vscalar *s) { return as_imm(s)->type = SF_VT_BOOL, true; }
static bool e_opnd_type(const vscalar *s) { return as_imm(s)->type = SF_VT_Q, true; }
static bool e_imm_width(const vscalar *s) { return as_imm(s)->imm = (uint64_t)1 << 32, true; }
static bool e_3d_aoff_reserved(const vscalar *s) { return as_imm(s)->imm = 0x1000, true; }

/* ---- SAMPLE_UNORM ---- */
static bool e_unorm_fmt(sf_inst *w) { return w->unorm.out_fmt = 4, true; }
static bool e_unorm_predefined(sf_inst *w) { return w->unorm.surface = 1 + w->unorm.chan_mask % 5, true; }

/* ---- 3D_SAMPLE ---- */
static bool e_3d_op(sf_inst *w) { return w->s3d.op = (w->s3d.chan_mask & 1) ? 0x07 : 0x27, true; }
static bool e_3d_exec_size(sf_inst *w) {
  w->s3d.exec_size = (w->s3d.chan_mask & 1) ? 2 : 6;
  w->s3d.emask = 0;
  return true;
}
static bool e_3d_emask(sf_inst *w) {
  w->s3d.exec_size = 5;
  w->s3d.emask = (w->s3d.chan_mask & 1) ? 1 : 9;
  w->s3d.cps = false;
  return true;
}
static bool e_3d_pred_rsvd(sf_inst *w) { return w->s3d.pred.rsvd = 1, true; }
static bool e_3d_pred_ctrl(sf_inst *w) {
  w->s3d.pred.id = 1;
  w->s3d.pred.ctrl = 3;
  return true;
}
static bool e_3d_pred_no_id(sf_inst *w) {
  w->s3d.pred.id = 0;
  w->s3d.pred.ctrl = (w->s3d.chan_mask & 1) ? 1 : 0;
  w->s3d.pred.invert = !(w->s3d.chan_mask & 1);
  return true;
}
static bool e_3d_pred_id(sf_inst *w) { return w->s3d.pred.id = 0x1000, true; }
static bool e_3d_cps_op(sf_inst *w) {
  w->s3d.cps = true;
  w->s3d.op = (w->s3d.chan_mask & 1) ? SF_S3D_SAMPLE_L : SF_S3D_SAMPLE_D;
  return true;
}
static bool e_3d_cps_exec(sf_inst *w) {
  w->s3d.cps = true;
  w->s3d.exec_size = 5;
  w->s3d.emask = 0;
  return true;
}
/* none, or (by the destination's id) one more than the sub-op's parameter roles */
static bool e_3d_num_params(sf_inst *w) {
  unsigned nr = sf_s3d_param_roles(w->s3d.op, NULL, 0);
  w->s3d.num_params = (uint8_t)((w->s3d.dst.id & 1u) || nr >= SF_S3D_MAX_PARAMS ? 0 : nr + 1);
  return true;
}

/* ---- AVS ---- */
static bool e_avs_cntrl(sf_inst *w) { return w->avs.cntrl = 4, true; }
static bool e_avs_exec_mode(sf_inst *w) { return w->avs.exec_mode = 4 + (w->avs.chan_mask & 3), true; }

static const struct {
  const char *rule;
  unsigned families;
  visa_edit_fn edit;  /* an edit of the instruction, or */
  opnd_edit_fn oedit; /* an edit of each of its scalar operands in turn */
  const char *what;
} visa_edits[] = {
    {"unorm.chan.zero", FU, e_chan_zero, NULL, "channel mask 0"},
    {"3d.chan.zero", F3, e_chan_zero, NULL, "channel mask 0"},
    {"avs.chan.zero", FA, e_chan_zero, NULL, "channel mask 0"},
    {"chan.mask.width", FU | F3 | FA, e_chan_width, NULL, "a channel mask bit 4"},
    {"raw.null_offset", FU | F3 | FA, e_raw_null_offset, NULL, "%null with offset 4"},
    {"unorm.dst.null", FU, e_dst_null, NULL, "dst %null"},
    {"avs.dst.null", FA, e_dst_null, NULL, "dst %null"},
    {"unorm.surface.slm", FU, e_surface_slm, NULL, "surface T0"},
    {"avs.surface.slm", FA, e_surface_slm, NULL, "surface T0"},
    {"opnd.class", FU | F3 | FA, NULL, e_opnd_class, "an address operand"},
    {"opnd.tag.reserved", FU | F3 | FA, NULL, e_opnd_tag, "operand tag bit 6"},
    {"opnd.mod.invalid", FU | F3 | FA, NULL, e_mod_invalid, "modifier 6"},
    {"opnd.mod.not_allowed", FU | F3 | FA, NULL, e_mod_not_allowed, "sat or (~) on a sampler source"},
    {"opnd.mod.on_immediate", FU | F3 | FA, NULL, e_mod_on_imm, "a negated immediate"},
    {"opnd.region.vstride", FU | F3 | FA, NULL, e_region_vstride, "vstride code 8"},
    {"opnd.region.width", FU | F3 | FA, NULL, e_region_width, "width code 0 or 7"},
    {"opnd.region.hstride", FU | F3 | FA, NULL, e_region_hstride, "hstride code 0 or 5"},
    {"opnd.region.reserved", FU | F3 | FA, NULL, e_region_reserved, "region bit 13"},
    {"opnd.region.width_exec", FU | F3 | FA, NULL, e_region_width_exec, "a region wider than the exec size"},
    {"opnd.null_source", FU | F3 | FA, NULL, e_null_source, "V0 read"},
    {"opnd.type.reserved", FU | F3 | FA, NULL, e_type_reserved, "type byte bit 4"},
    {"opnd.imm.bool", FU | F3 | FA, NULL, e_imm_bool, "a bool immediate"},
    {"opnd.type", FU | F3 | FA, NULL, e_opnd_type, "a q immediate"},
    {"opnd.imm.width", FU | F3 | FA, NULL, e_imm_width, "an immediate with bit 32 set"},
    {"unorm.fmt.range", FU, e_unorm_fmt, NULL, "output format 4"},
    {"unorm.surface.predefined", FU, e_unorm_predefined, NULL, "a predefined surface T1-T5"},
    {"3d.op.unknown", F3, e_3d_op, NULL, "sub-op 0x07 or 0x27"},
    {"3d.exec_size", F3, e_3d_exec_size, NULL, "exec size 4 or code 6"},
    {"3d.emask.range", F3, e_3d_emask, NULL, "SIMD32 with emask M2"},
    {"3d.pred.reserved", F3, e_3d_pred_rsvd, NULL, "predicate bit 12"},
    {"3d.pred.ctrl", F3, e_3d_pred_ctrl, NULL, "predicate control 3"},
    {"3d.pred.no_id", F3, e_3d_pred_no_id, NULL, "control or invert without a predicate"},
    {"3d.pred.id", F3, e_3d_pred_id, NULL, "predicate id 0x1000"},
    {"3d.cps.op", F3, e_3d_cps_op, NULL, "cps on sample_l or sample_d"},
    {"3d.cps.exec_size", F3, e_3d_cps_exec, NULL, "cps at SIMD32"},
    {"3d.aoffimmi.reserved", F3, NULL, e_3d_aoff_reserved, "aoffimmi bit 12"},
    {"3d.num_params", F3, e_3d_num_params, NULL, "no parameters, or one more than the sub-op has"},
    {"avs.cntrl.range", FA, e_avs_cntrl, NULL, "cntrl 4"},
    {"avs.exec_mode.range", FA, e_avs_exec_mode, NULL, "execMode 4-7"},
};

/* Edit k of w; an operand edit goes to scalar operand `at` (false past w's last, or where the edit
 * does not apply). */
static bool apply_edit(size_t k, sf_inst *w, unsigned at) {
  if (visa_edits[k].edit) return at == 0 && visa_edits[k].edit(w);
  vscalar s;
  return scalar_at(w, at, &s) && visa_edits[k].oedit(&s);
}

size_t sf_visa_rule_edit_count(void) { return sizeof visa_edits / sizeof visa_edits[0]; }

int sf_visa_rule_edit(size_t i, sf_inst *w, const char **rule) {
  if (i >= sf_visa_rule_edit_count()) return -1;
  *rule = visa_edits[i].rule;
  if ((unsigned)w->family >= 32 || !(visa_edits[i].families & (1u << w->family))) return 0;
  /* an operand edit goes to one scalar operand, picked by the destination and surface */
  unsigned at = w->family == SF_FAMILY_SAMPLE_UNORM ? (w->unorm.dst.id + w->unorm.surface) % 4
                : w->family == SF_FAMILY_AVS        ? (w->avs.dst.id + w->avs.surface) % 9
                                                    : 0;
  return apply_edit(i, w, at) ? 1 : 0;
}

void sf_visa_break_all(sf_inst *w) {
  vscalar s;
  for (unsigned i = 0; scalar_at(w, i, &s); i++) { /* a general operand V0 with every region code and tag bit wrong */
    memset(s.o, 0, sizeof *s.o);
    s.o->cls = SF_VCLS_GENERAL;
    s.o->tag_hi = 3;
    s.o->mod = SF_VMOD_SAT;
    s.o->region = (sf_region){9, 0, 0, 5};
  }
  if (w->family == SF_FAMILY_SAMPLE_UNORM) {
    w->unorm.chan_mask = 0xf0;
    w->unorm.out_fmt = 7;
    w->unorm.surface = 0;
    w->unorm.dst = (sf_raw){0, 2};
  } else if (w->family == SF_FAMILY_SAMPLE_3D) {
    w->s3d.op = 0x07;
    w->s3d.chan_mask = 0xf0;
    w->s3d.exec_size = 2;
    w->s3d.pred = (sf_pred){0x1000, 1, 3, true};
    w->s3d.cps = true;
    w->s3d.num_params = 0;
    w->s3d.dst = (sf_raw){0, 2};
  } else {
    w->avs.chan_mask = 0xf0;
    w->avs.surface = 0;
    w->avs.cntrl = 7;
    w->avs.exec_mode = 7;
    w->avs.dst = (sf_raw){0, 2};
  }
}

/* Words the reason of an edit's rule must hold, where the rule's name alone would let a wrong
 * reason pass: the emask's name is formatted from its field (M1-M8), one more than the code; the
 * AVS cntrl and execMode each name the value the edit gave (their low nibble). */
static const char *edit_says(const char *rule, const sf_inst *w, char buf[24]) {
  if (strcmp(rule, "avs.cntrl.range") == 0) return snprintf(buf, 24, "cntrl %u ", w->avs.cntrl & 15u), buf;
  if (strcmp(rule, "avs.exec_mode.range") == 0) return snprintf(buf, 24, "execMode %u ", w->avs.exec_mode & 15u), buf;
  return strcmp(rule, "3d.emask.range") == 0 ? "emask M2" : NULL;
}

static unsigned rules_pick(const sf_inst *in) {
  unsigned h = in->family;
  if (in->family == SF_FAMILY_SAMPLE_UNORM) h = h * 31 + in->unorm.chan_mask * 7 + in->unorm.surface + in->unorm.dst.id;
  else if (in->family == SF_FAMILY_SAMPLE_3D)
    h = h * 31 + in->s3d.op * 7 + in->s3d.chan_mask * 3 + in->s3d.surface + in->s3d.dst.id + in->s3d.num_params;
  else h = h * 31 + in->avs.chan_mask * 7 + in->avs.surface + in->avs.dst.id + in->avs.exec_mode;
  return (h ^ (h >> 3)) % SF_RULES_EVERY;
}

/* Edit k, on scalar operand `at` for an operand edit, applied to a copy of in must be reported
 * under its rule (and with its words); true when it was, or when the edit does not apply. */
static bool edit_seen(sf_verdict *v, const sf_inst *in, size_t k, unsigned at) {
  sf_inst w = *in;
  if (!apply_edit(k, &w, at)) return true;
  sf_violations vs;
  char sbuf[24];
  const char *says = edit_says(visa_edits[k].rule, &w, sbuf);
  if (says) sf_inst_validate(&w, &vs); /* the reasons are formatted only when one is read */
  else sf_inst_validate_rules(&w, &vs);
  bool seen = false, named = false;
  for (unsigned i = 0; i < vs.count && !seen; i++)
    if (strcmp(vs.v[i].rule, visa_edits[k].rule) == 0) named = true, seen = !says || strstr(vs.v[i].reason, says);
  if (seen) return true;
  sf_verdict_fail(v, "validate_sees", &w, visa_edits[k].rule);
  sf_verdict_key(v, "validate_sees %s%s", visa_edits[k].rule, named ? " words" : "");
  if (named)
    sf_verdict_dumpf(v, "%s: reported under %s, but the reason does not say '%s'\n", visa_edits[k].what, visa_edits[k].rule,
                     says);
  else
    sf_verdict_dumpf(v, "%s (scalar operand %u): the edited instruction is not reported under %s (%u violations)\n",
                     visa_edits[k].what, at, visa_edits[k].rule, vs.total);
  return false;
}

bool sf_check_visa_rules_seen(sf_verdict *v, const sf_inst *in) {
  if (in->family != SF_FAMILY_SAMPLE_UNORM && in->family != SF_FAMILY_SAMPLE_3D && in->family != SF_FAMILY_AVS)
    return true;
  unsigned fam = 1u << in->family;
  /* One edit in SF_RULES_EVERY per input, picked by fields of the instruction: the table costs a
   * quarter of its whole, and a campaign's inputs still run every edit many times over. */
  unsigned sel = rules_pick(in);
  unsigned nscalars = in->family == SF_FAMILY_SAMPLE_UNORM ? 4 : in->family == SF_FAMILY_AVS ? 9 : 1;
  for (size_t k = sel; k < sf_visa_rule_edit_count(); k += SF_RULES_EVERY) {
    if (!(visa_edits[k].families & fam)) continue;
    unsigned n = visa_edits[k].edit ? 1 : nscalars; /* an operand edit, on each scalar operand */
    for (unsigned at = 0; at < n; at++)
      if (!edit_seen(v, in, k, at)) return false;
  }
  if (sel != 0) return true;
  /* And, on the same share of inputs, the list's cap (check_d3d_rules.c). */
  sf_inst w = *in;
  sf_visa_break_all(&w);
  return sf_check_violation_cap(v, &w);
}

/* ---- encode_fits -------------------------------------------------------------------------------- */

/* The encoder refuses a field that does not fit its bits (harness/visa/visa_bin.c). A decoded
 * instruction never holds such a field, so only an edit reaches those tests. One input in two (by
 * the input's last byte) edits one of the instruction's own packed fields (below); the others edit
 * one vector operand of the instruction (picked by the byte's other bits), which gets its class,
 * modifier, tag bits 6-7 or (a variable's) region nibble one past its width, and sf_visa_encode must
 * refuse with SF_ERR_RANGE naming that operand and the width (docs/visa-binary.md §3). Without the test the encoder writes the
 * low bits and the instruction comes back different. */
/* The sampler instructions' own packed fields and their widths (docs/visa-binary.md §4: the channel
 * byte, the AVS cntrl and execMode bytes, the 3D op word, exec byte and predicate word), each read
 * or written through the instruction w. */
typedef struct fit_field {
  const char *name;
  unsigned bits;
} fit_field;
static const fit_field unorm_fields[3] = {{"sample_unorm.chan_mask", 4}, {"sample_unorm.out_fmt", 2}, {"sample_unorm.chan_hi", 2}};
static const fit_field avs_fields[6] = {{"avs.chan_mask", 4}, {"avs.chan_hi", 4},   {"avs.cntrl", 4},
                                        {"avs.cntrl_hi", 4},  {"avs.exec_mode", 4}, {"avs.exec_mode_hi", 4}};
static const fit_field s3d_fields[8] = {{"sample_3d.op_hi", 5},   {"sample_3d.exec_size", 4}, {"sample_3d.emask", 4},
                                        {"sample_3d.pred.id", 12}, {"sample_3d.pred.rsvd", 1}, {"sample_3d.pred.ctrl", 2},
                                        {"sample_3d.chan_mask", 4}, {"sample_3d.chan_hi", 4}};

/* Sets field k of w's family to value x (every field is at most 16 bits wide). */
static void fit_set(sf_inst *w, unsigned k, uint32_t x) {
  if (w->family == SF_FAMILY_SAMPLE_UNORM) {
    uint8_t *f[3] = {&w->unorm.chan_mask, &w->unorm.out_fmt, &w->unorm.chan_hi};
    *f[k] = (uint8_t)x;
  } else if (w->family == SF_FAMILY_AVS) {
    uint8_t *f[6] = {&w->avs.chan_mask, &w->avs.chan_hi, &w->avs.cntrl, &w->avs.cntrl_hi, &w->avs.exec_mode, &w->avs.exec_mode_hi};
    *f[k] = (uint8_t)x;
  } else if (k == 3) {
    w->s3d.pred.id = (uint16_t)x;
  } else {
    uint8_t *f[8] = {&w->s3d.op_hi, &w->s3d.exec_size, &w->s3d.emask, NULL, &w->s3d.pred.rsvd, &w->s3d.pred.ctrl,
                     &w->s3d.chan_mask, &w->s3d.chan_hi};
    *f[k] = (uint8_t)x;
  }
}

static sf_code fit_encode(const sf_inst *w, sf_status *st) {
  sf_buf out;
  sf_status_clear(st);
  sf_buf_init(&out, st);
  sf_code rc = sf_visa_encode(w, &out, st);
  sf_buf_free(&out);
  return rc;
}

/* One packed field of the instruction (picked): its largest value encodes when the instruction
 * does, and one more is refused as out of range, naming the field. */
static bool encode_fits_field(sf_verdict *v, const sf_inst *in, uint8_t pick) {
  const fit_field *t = in->family == SF_FAMILY_SAMPLE_UNORM ? unorm_fields : in->family == SF_FAMILY_AVS ? avs_fields : s3d_fields;
  unsigned n = in->family == SF_FAMILY_SAMPLE_UNORM ? 3u : in->family == SF_FAMILY_AVS ? 6u : 8u, k = (pick >> 1) % n;
  sf_status st;
  if (fit_encode(in, &st) != SF_OK) return true; /* the instruction itself does not encode: nothing to compare */
  sf_inst w = *in;
  fit_set(&w, k, (1u << t[k].bits) - 1u);
  sf_code at_max = fit_encode(&w, &st);
  fit_set(&w, k, 1u << t[k].bits);
  sf_code past = fit_encode(&w, &st);
  size_t nl = strlen(t[k].name);
  if (at_max == SF_OK && past == SF_ERR_RANGE && strncmp(st.msg, t[k].name, nl) == 0 && (st.msg[nl] == ' ' || st.msg[nl] == ':'))
    return true;
  sf_verdict_fail(v, "encode_fits", in, t[k].name);
  sf_verdict_key(v, "encode_fits %s %s %s", t[k].name, sf_code_name(at_max), sf_code_name(past));
  sf_verdict_dumpf(v, "%s (%u bits): %u gave %s, %u gave %s (%s); want the first encoded and the second out of range, naming "
                      "the field\n", t[k].name, t[k].bits, (1u << t[k].bits) - 1u, sf_code_name(at_max), 1u << t[k].bits,
                   sf_code_name(past), st.msg);
  return false;
}

bool sf_check_encode_fits(sf_verdict *v, const sf_inst *in, uint8_t pick) {
  if ((in->family == SF_FAMILY_SAMPLE_UNORM || in->family == SF_FAMILY_AVS || in->family == SF_FAMILY_SAMPLE_3D) && (pick & 1u))
    return encode_fits_field(v, in, pick); /* one input in two: a field of the instruction's own */
  sf_inst w = *in;
  sf_vopnd *op = NULL;
  const char *name = NULL;
  switch (w.family) {
    case SF_FAMILY_SAMPLE_UNORM: {
      sf_vopnd *ops[4] = {&w.unorm.u, &w.unorm.v, &w.unorm.du, &w.unorm.dv};
      static const char *const names[4] = {"sample_unorm.u", "sample_unorm.v", "sample_unorm.du", "sample_unorm.dv"};
      op = ops[(pick >> 1) % 4], name = names[(pick >> 1) % 4];
      break;
    }
    case SF_FAMILY_AVS: {
      sf_vopnd *ops[9] = {&w.avs.u_off, &w.avs.v_off, &w.avs.du,  &w.avs.dv,        &w.avs.u2d,
                          &w.avs.group_id, &w.avs.vbn, &w.avs.v2d, &w.avs.ief_bypass};
      static const char *const names[9] = {"avs.u_off", "avs.v_off", "avs.du",  "avs.dv",        "avs.u2d",
                                           "avs.group_id", "avs.vbn", "avs.v2d", "avs.ief_bypass"};
      op = ops[(pick >> 1) % 9], name = names[(pick >> 1) % 9];
      break;
    }
    case SF_FAMILY_SAMPLE_3D: op = &w.s3d.aoffimmi, name = "sample_3d.aoffimmi"; break;
    default: return true;
  }
  /* one of the operand's packed fields (docs/visa-binary.md §3: the tag byte's class, modifier and
   * tag bits; a variable's region nibbles), one past its width; its largest value must encode too,
   * but for the class, whose 7 is no class at all */
  static const fit_field opf[7] = {{"class", 3},          {"modifier", 3},      {"tag bits 6-7", 2},     {"region vstride", 4},
                                   {"region width", 4},   {"region hstride", 4}, {"region bits 12-15", 4}};
  bool region = op->cls == SF_VCLS_GENERAL || op->cls == SF_VCLS_INDIRECT;
  unsigned k = (unsigned)(pick >> 4) % (region ? 7u : 3u);
  uint8_t *f[7] = {&op->cls, &op->mod, &op->tag_hi, &op->region.vstride, &op->region.width, &op->region.hstride, &op->region.hi};
  sf_status st;
  sf_code at_max = SF_OK;
  if (k != 0 && fit_encode(in, &st) == SF_OK) {
    *f[k] = (uint8_t)((1u << opf[k].bits) - 1u);
    at_max = fit_encode(&w, &st);
  }
  char want[96];
  snprintf(want, sizeof want, "%s = 0x%x does not fit in %u bits", name, 1u << opf[k].bits, opf[k].bits);
  *f[k] = (uint8_t)(1u << opf[k].bits);
  sf_code rc = fit_encode(&w, &st);
  if (at_max == SF_OK && rc == SF_ERR_RANGE && strstr(st.msg, want)) return true;
  sf_verdict_fail(v, "encode_fits", in, name);
  sf_verdict_key(v, "encode_fits %s %s %s %s", name, opf[k].name, sf_code_name(at_max), sf_code_name(rc));
  sf_verdict_dumpf(v, "%s with its %s %u (%u bits): the encoder gave %s (%s), and %s at %u; want out of range saying \"%s\"\n",
                   name, opf[k].name, 1u << opf[k].bits, opf[k].bits, sf_code_name(rc), st.msg, sf_code_name(at_max),
                   (1u << opf[k].bits) - 1u, want);
  return false;
}

/* ---- id_fits ------------------------------------------------------------------------------------ */

/* `id_fits` (once per process, with `encode_fits`): the encoder's widths that encode_fits does not
 * reach, the ones set by a value or a version rather than a tag bit (docs/visa-binary.md §3-4). An
 * address, predicate, state or indirect operand's id is a UW, and so is a variable's id and a raw
 * operand's before vISA 3.4 (a UD from 3.4); a 32-bit immediate holds 32 bits and a 64-bit one all
 * 64. Before 4.0 a 3D_SAMPLE's op is one byte (a 5-bit sub-op, no op_hi); before 3.4 its aoffimmi is
 * a UW value, not an operand: a UW immediate without modifier or tag bits. One AVS (nine vector
 * operands and a raw one) and one 3D_SAMPLE, one field set a row at a time, encoded at the row's
 * version: at the edge it is written and, where `back`, decodes back equal; one past it is refused
 * as out of range with the row's words. A decoder never makes a value past what it reads, so only
 * API use reaches these tests. And the output buffer's two refusals (id_buffers). */
typedef struct id_row {
  bool s3d;           /* on the 3D_SAMPLE (else the AVS) */
  unsigned ver;
  void (*set)(sf_inst *w, bool past);
  bool back;          /* the decoder reads the edge value back */
  const char *words;  /* the refusal one past the edge; NULL: a row of the edge alone */
  const char *what;
} id_row;

static void id_vec(sf_vopnd *o, uint8_t cls, uint8_t type, uint64_t x) {
  memset(o, 0, sizeof *o);
  o->cls = cls;
  o->type = type;
  if (cls == SF_VCLS_IMMEDIATE) o->imm = x;
  else o->id = (uint32_t)x;
}
static uint64_t id_uw(bool past) { return past ? 0x10000u : 0xFFFFu; }
static void r_addr(sf_inst *w, bool past) { id_vec(&w->avs.u_off, SF_VCLS_ADDRESS, 0, id_uw(past)); }
static void r_pred(sf_inst *w, bool past) { id_vec(&w->avs.v_off, SF_VCLS_PREDICATE, 0, id_uw(past)); }
static void r_state(sf_inst *w, bool past) { id_vec(&w->avs.du, SF_VCLS_STATE, 0, id_uw(past)); }
static void r_ind(sf_inst *w, bool past) { id_vec(&w->avs.dv, SF_VCLS_INDIRECT, SF_VT_UD, id_uw(past)); }
static void r_gen(sf_inst *w, bool past) { id_vec(&w->avs.u2d, SF_VCLS_GENERAL, 0, id_uw(past)); }
static void r_gen34(sf_inst *w, bool past) { (void)past, id_vec(&w->avs.u2d, SF_VCLS_GENERAL, 0, 0x10000u); }
static void r_imm32(sf_inst *w, bool past) {
  id_vec(&w->avs.group_id, SF_VCLS_IMMEDIATE, SF_VT_UD, past ? 0x100000000u : 0xFFFFFFFFu);
}
static void r_imm64(sf_inst *w, bool past) { (void)past, id_vec(&w->avs.vbn, SF_VCLS_IMMEDIATE, SF_VT_Q, ~(uint64_t)0); }
static void r_raw(sf_inst *w, bool past) { w->avs.dst.id = (uint32_t)id_uw(past); }
static void r_raw34(sf_inst *w, bool past) { (void)past, w->avs.dst.id = 0x10000u; }
static void r_op(sf_inst *w, bool past) { w->s3d.op = (uint8_t)(past ? 32 : 31); }
static void r_op_hi(sf_inst *w, bool past) { w->s3d.op_hi = past; }
static void r_op_hi40(sf_inst *w, bool past) { (void)past, w->s3d.op_hi = 1; }
static void r_dst(sf_inst *w, bool past) { w->s3d.dst.id = (uint32_t)id_uw(past); }
static void r_param0(sf_inst *w, bool past) { w->s3d.params[0].id = (uint32_t)id_uw(past); }
static void r_unused(sf_inst *w, bool past) { (void)past, w->s3d.params[w->s3d.num_params].id = 0x10000u; }
static void r_nparams(sf_inst *w, bool past) { w->s3d.num_params = (uint8_t)(past ? SF_S3D_MAX_PARAMS + 1 : SF_S3D_MAX_PARAMS); }
static void r_aoff(sf_inst *w, bool past) { w->s3d.aoffimmi.imm = id_uw(past); }
static void r_aoff_mod(sf_inst *w, bool past) { w->s3d.aoffimmi.mod = past; }
static void r_aoff_tag(sf_inst *w, bool past) { w->s3d.aoffimmi.tag_hi = past; }
static void r_aoff_type(sf_inst *w, bool past) { w->s3d.aoffimmi.type = past ? SF_VT_UD : SF_VT_UW; }
static void r_aoff_cls(sf_inst *w, bool past) {
  if (past) id_vec(&w->s3d.aoffimmi, SF_VCLS_GENERAL, 0, 40);
}
static void r_aoff34(sf_inst *w, bool past) { (void)past, id_vec(&w->s3d.aoffimmi, SF_VCLS_GENERAL, 0, 40); }

_Static_assert(SF_S3D_MAX_PARAMS == 15, "id_fits' parameter-count row says 15");
#define UW16(name) name " = 0x10000 does not fit in 16 bits"
#define OLD_AOFF "sample_3d.aoffimmi: before vISA 3.4 it is a UW value"
static const id_row id_rows[] = {
    {false, SF_VISA_V(4, 1), r_addr, true, UW16("avs.u_off"), "an address operand's id"},
    {false, SF_VISA_V(4, 1), r_pred, true, UW16("avs.v_off"), "a predicate operand's id"},
    {false, SF_VISA_V(4, 1), r_state, true, UW16("avs.du"), "a state operand's id"},
    {false, SF_VISA_V(4, 1), r_ind, true, UW16("avs.dv"), "an indirect operand's id"},
    {false, SF_VISA_V(3, 3), r_gen, true, UW16("avs.u2d"), "a variable's id before 3.4"},
    {false, SF_VISA_V(3, 4), r_gen34, true, NULL, "a variable's id of 17 bits in 3.4"},
    {false, SF_VISA_V(4, 1), r_imm32, true, "avs.group_id = 0x100000000 does not fit in 32 bits", "a 32-bit immediate"},
    {false, SF_VISA_V(4, 1), r_imm64, true, NULL, "a 64-bit immediate of all ones"},
    {false, SF_VISA_V(3, 3), r_raw, true, UW16("avs.dst"), "a raw operand's id before 3.4"},
    {false, SF_VISA_V(3, 4), r_raw34, true, NULL, "a raw operand's id of 17 bits in 3.4"},
    {true, SF_VISA_V(3, 3), r_op, false, "sample_3d.op (before vISA 4.0) = 0x20 does not fit in 5 bits", "the op before 4.0"},
    {true, SF_VISA_V(3, 3), r_op_hi, true, "sample_3d.op_hi (before vISA 4.0) = 0x1 does not fit in 0 bits", "op_hi before 4.0"},
    {true, SF_VISA_V(4, 0), r_op_hi40, true, NULL, "op_hi 1 in 4.0"},
    {true, SF_VISA_V(3, 3), r_dst, true, UW16("sample_3d.dst"), "the destination's id before 3.4"},
    {true, SF_VISA_V(3, 3), r_param0, true, UW16("sample_3d.param"), "parameter 0's id before 3.4"},
    {true, SF_VISA_V(3, 3), r_unused, false, NULL, "an unused parameter slot's id before 3.4"},
    {true, SF_VISA_V(4, 1), r_nparams, false, "sample_3d.num_params = 16 exceeds 15", "the parameter count"},
    {true, SF_VISA_V(3, 3), r_aoff, true, OLD_AOFF, "aoffimmi's value before 3.4"},
    {true, SF_VISA_V(3, 3), r_aoff_mod, true, OLD_AOFF, "aoffimmi's modifier before 3.4"},
    {true, SF_VISA_V(3, 3), r_aoff_tag, true, OLD_AOFF, "aoffimmi's tag bits before 3.4"},
    {true, SF_VISA_V(3, 3), r_aoff_type, true, OLD_AOFF, "aoffimmi's type before 3.4"},
    {true, SF_VISA_V(3, 3), r_aoff_cls, true, OLD_AOFF, "aoffimmi's class before 3.4"},
    {true, SF_VISA_V(3, 4), r_aoff34, true, NULL, "aoffimmi a variable in 3.4"},
};

/* The instruction of a row's family, parsed once. */
static bool id_base(sf_inst *avs, sf_inst *s3d, sf_status *st, const char **line) {
  static const char a[] =
      "avs.RGBA T6 S0 0x0:f 0x0:f 0x3dcccccd:f 0x3dcccccd:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 0x0:uw V40.0";
  static const char t[] = "sample_3d.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0";
  *line = a;
  if (sf_visa_parse(a, sizeof a - 1, NULL, avs, st) != SF_OK || avs->family != SF_FAMILY_AVS) return false;
  *line = t;
  return sf_visa_parse(t, sizeof t - 1, NULL, s3d, st) == SF_OK && s3d->family == SF_FAMILY_SAMPLE_3D &&
         s3d->s3d.num_params == 2 && s3d->s3d.aoffimmi.cls == SF_VCLS_IMMEDIATE && s3d->s3d.aoffimmi.type == SF_VT_UW;
}

/* The output buffer: one already failed (by an allocation, say) is refused as over the limit with
 * "already failed", whatever its own code; one that fills up inside the instruction keeps none of
 * it (its length as before, failed). NULL, or what went wrong. */
static const char *id_buffers(const sf_inst *avs, sf_status *st) {
  sf_buf b;
  sf_buf_init(&b, NULL);
  b.failed = true, b.code = SF_ERR_NOMEM;
  sf_status_clear(st);
  sf_code rc = sf_visa_encode(avs, &b, st);
  const char *bad = rc != SF_ERR_LIMIT || !strstr(st->msg, "already failed") || b.len ? "an already failed buffer" : NULL;
  sf_buf_free(&b);
  if (bad) return bad;
  sf_buf_init(&b, NULL);
  sf_status_clear(st);
  rc = sf_visa_encode(avs, &b, st);
  size_t full = b.len;
  sf_buf_free(&b);
  if (rc != SF_OK) return rc == SF_ERR_NOMEM ? NULL : "the AVS";
  sf_buf_init(&b, NULL);
  rc = sf_wr_u16(&b, 0x1234) && sf_wr_u8(&b, 0x56) ? SF_OK : SF_ERR_NOMEM;
  b.limit = 3 + full - 1;
  if (rc == SF_OK) rc = sf_visa_encode(avs, &b, st);
  if (rc != SF_ERR_NOMEM && (rc != SF_ERR_LIMIT || b.len != 3 || !b.failed)) bad = "a buffer one byte short";
  sf_buf_free(&b);
  return bad;
}

/* The sampler printer's widths (harness/visa/visa_print.c), with id_fits' instructions: a general
 * source's region nibbles (AVS u2d), the 3D_SAMPLE's exec size code and emask, each at 15 printed
 * and read back equal, and at 16 refused as invalid with nothing printed. print_refuses (visa_bin,
 * per input) draws such values too, but a field at exactly 16 only one draw in many. NULL, or what
 * went wrong (the row in *what). */
static const char *print_fits(const sf_inst *avs, const sf_inst *s3d, const char **what, sf_status *st) {
  static const char *const names[6] = {"region.vstride", "region.width", "region.hstride", "region.hi", "exec_size", "emask"};
  for (unsigned f = 0; f < 6; f++) {
    for (unsigned past = 0; past < 2; past++) {
      sf_inst w = f < 4 ? *avs : *s3d, back;
      uint8_t x = (uint8_t)(past ? 16u : 15u);
      if (f < 4) {
        id_vec(&w.avs.u2d, SF_VCLS_GENERAL, 0, 40);
        uint8_t *nib[4] = {&w.avs.u2d.region.vstride, &w.avs.u2d.region.width, &w.avs.u2d.region.hstride, &w.avs.u2d.region.hi};
        *nib[f] = x;
      } else if (f == 4) {
        w.s3d.exec_size = x;
      } else {
        w.s3d.emask = x;
      }
      *what = names[f];
      char t[2048]; /* a sampler instruction's line is at most a few hundred bytes */
      memset(t, 'x', 8);
      sf_status_clear(st);
      sf_code rc = sf_visa_print(&w, NULL, t, sizeof t, st);
      if (past) {
        if (rc != SF_ERR_INVALID || t[0] != 0) return "one past its 4 bits, not refused as invalid with nothing printed";
        continue;
      }
      if (rc != SF_OK) return "at 15, refused";
      sf_status_clear(st);
      if (sf_visa_parse(t, strlen(t), NULL, &back, st) != SF_OK) return "at 15, printed as a line that does not parse";
      if (!sf_inst_equal(&w, &back)) return "at 15, printed as a line that reads back as another instruction";
    }
  }
  return NULL;
}

static bool sf_check_id_fits(sf_verdict *v) {
  sf_inst avs, s3d;
  sf_status st;
  sf_status_clear(&st);
  const char *line = NULL;
  if (!id_base(&avs, &s3d, &st, &line)) {
    sf_verdict_fail(v, "id_fits", NULL, "setup");
    sf_verdict_key(v, "id_fits setup");
    sf_verdict_dumpf(v, "\"%s\" does not parse as the instruction the rows edit: %s\n", line, st.msg);
    return false;
  }
  const char *what = NULL, *bad = print_fits(&avs, &s3d, &what, &st);
  if (bad && st.code != SF_ERR_NOMEM) {
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "id_fits", NULL, "print_fits");
    sf_verdict_key(v, "id_fits print %s", what);
    sf_verdict_dumpf(v, "the sampler printer, %s %s (%s)\n", what, bad, sf_status_format(&st, msg, sizeof msg));
    return false;
  }
  bad = id_buffers(&avs, &st);
  if (bad) {
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "id_fits", NULL, "buffer");
    sf_verdict_key(v, "id_fits %s", bad);
    sf_verdict_dumpf(v, "the AVS encoded into %s: %s; want over the limit, nothing written\n", bad, sf_status_format(&st, msg, sizeof msg));
    return false;
  }
  for (size_t k = 0; k < sizeof id_rows / sizeof id_rows[0]; k++) {
    const id_row *r = &id_rows[k];
    for (unsigned past = 0; past < (r->words ? 2u : 1u); past++) {
      sf_inst w = r->s3d ? s3d : avs, back;
      r->set(&w, past);
      sf_buf b;
      sf_status_clear(&st);
      sf_buf_init(&b, &st);
      sf_code rc = sf_visa_encode_ver(&w, r->ver, &b, &st), brc = SF_OK;
      const char *why = NULL;
      if (rc == SF_ERR_NOMEM) {
        /* out of memory: nothing to judge */
      } else if (past) why = rc != SF_ERR_RANGE ? "the wrong code" : !strstr(st.msg, r->words) ? "a message without the row's words" : NULL;
      else if (rc != SF_OK) why = "a refusal";
      else if (r->back && (brc = sf_visa_decode_ver(b.data, b.len, 0, r->ver, &back, NULL, &st)) != SF_OK)
        why = "bytes the decoder refuses";
      else if (r->back && !sf_inst_equal(&w, &back)) why = "bytes that decode to another instruction";
      sf_buf_free(&b);
      if (!why) continue;
      char msg[SF_STATUS_MSG_MAX + 64];
      sf_verdict_fail(v, "id_fits", NULL, r->what);
      sf_verdict_key(v, "id_fits %s %s", r->what, past ? "past" : "edge");
      sf_verdict_dumpf(v, "%s %s, in vISA %u.%u: %s (%s); want %s\n", r->what, past ? "one past its edge" : "at its edge",
                       r->ver >> 8, r->ver & 0xff, why, rc || brc ? sf_status_format(&st, msg, sizeof msg) : "written",
                       past ? r->words : "written and read back equal");
      return false;
    }
  }
  return true;
}

SF_CHECK_ONCE_FN(sf_check_id_fits)
