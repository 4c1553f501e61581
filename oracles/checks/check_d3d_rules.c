/* oracles/checks/check_d3d_rules.c — the D3D validator reports each rule it has (`validate_sees`).
 *
 * The decoder and the parser rarely produce an instruction that breaks a rule: they keep only
 * sample-family opcodes, read as many sources as the opcode takes, and most fields they fill come
 * straight from tokens that are themselves well formed. So a validator that lost a rule (an `||`
 * turned into `&&` in "comparison sampling is not defined on Texture3D") agreed with every codec.
 * Here each rule of sf_d3d_inst_validate (harness/d3d/d3d_model.c, whose rules follow Microsoft's
 * "sample (sm4 - asm)" restrictions and docs/dxbc.md) has one edit that breaks it, applied to a copy
 * of a valid instruction; the validator must report the edited copy under that rule. An edit that
 * does not apply to the instruction (a comparison rule on a `sample_l`, a scalar-source rule on an
 * instruction with no fourth source) is skipped. The validator runs in its rules-only mode (no prose),
 * and past the opcode and source-count edits one edit in SF_RULES_EVERY runs per input. */
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"

typedef bool (*rule_edit_fn)(sf_d3d_inst *w);

/* The validator in its rules-only mode (no prose unless `reasons`): *vs filled, its result returned. */
static int validate_rules(const sf_d3d_inst *w, sf_violations *vs, bool reasons) {
  vs->count = vs->total = 0;
  vs->rules_only = !reasons;
  return sf_d3d_inst_validate(w, vs);
}

/* A failed verdict on a D3D instruction (wrapped in an sf_inst for the report). */
static void fail_d3d(sf_verdict *v, const char *check, const sf_d3d_inst *d, const char *feature) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_D3D;
  in.d3d = *d;
  sf_verdict_fail(v, check, &in, feature);
}

void sf_check_d3d_rel(sf_d3d_opnd *o, uint8_t rep, uint32_t imm, uint32_t reg) {
  o->idx[0].rep = rep;
  o->idx[0].imm = imm;
  memset(&o->idx[0].rel, 0, sizeof o->idx[0].rel);
  o->idx[0].rel.type = SF_D3D_OT_TEMP;
  o->idx[0].rel.num_comp = SF_D3D_NC_4;
  o->idx[0].rel.sel_mode = SF_D3D_SEL_SELECT1;
  o->idx[0].rel.index_dim = 1;
  o->idx[0].rel.index[0] = reg;
}

/* A relative index r0.x on the resource's first index (what d3d.src.relative forbids). */
static void make_rel(sf_d3d_opnd *o) { sf_check_d3d_rel(o, SF_D3D_IDX_REL, 0, 0); }

static bool e_num_src(sf_d3d_inst *w) {
  unsigned want = sf_d3d_op_num_src(w->op);
  w->num_src = (uint8_t)(want > 1 ? want - 1 : 2);
  return true;
}
static bool e_op(sf_d3d_inst *w) { return w->op = (uint8_t)SF_TPF_OP_MOV, true; }
static bool e_aoff_range(sf_d3d_inst *w) {
  w->has_aoffimmi = true;
  w->aoffimmi[(w->op + w->dst.comp_bits) % 3] = (w->dst.comp_bits & 1) ? 8 : -9;
  return true;
}
static bool e_aoff_cube(sf_d3d_inst *w) {
  w->has_aoffimmi = w->has_resdim = true;
  w->resdim = (w->dst.comp_bits & 1) ? SF_D3D_DIM_TEXCUBE : SF_D3D_DIM_TEXCUBEARRAY;
  w->aoffimmi[0] = 1;
  return true;
}
static bool e_resdim(sf_d3d_inst *w) {
  static const uint8_t bad[5] = {SF_D3D_DIM_UNKNOWN, SF_D3D_DIM_BUFFER, SF_D3D_DIM_TEX2DMS, SF_D3D_DIM_TEX2DMSARRAY, 11};
  w->has_resdim = true;
  w->resdim = bad[w->dst.comp_bits % 5];
  return true;
}
static bool e_stride(sf_d3d_inst *w) {
  w->has_resdim = true;
  w->resdim = SF_D3D_DIM_TEX2D;
  w->resdim_stride = 4;
  return true;
}
static bool e_rettype(sf_d3d_inst *w) {
  w->has_rettype = true;
  for (unsigned c = 0; c < 4; c++) w->rettype[c] = 5;
  w->rettype[w->dst.comp_bits & 3] = (w->dst.comp_bits & 4) ? 0 : 10;
  return true;
}
static bool e_rettype_sample(sf_d3d_inst *w) {
  w->has_rettype = true;
  for (unsigned c = 0; c < 4; c++) w->rettype[c] = 1;
  /* one that exists but does not filter: sint, uint, mixed, double, continued or unused (3, 4, 6-9,
   * d3d10TokenizedProgramFormat.hpp), drawn by the destination's mask */
  static const uint8_t nofilter[6] = {3, 4, 6, 7, 8, 9};
  w->rettype[w->dst.comp_bits & 3] = nofilter[w->dst.comp_bits % 6u];
  return true;
}
static bool e_sample_c_dim(sf_d3d_inst *w) {
  if (w->op != SF_D3D_SAMPLE_C && w->op != SF_D3D_SAMPLE_C_LZ) return false;
  w->has_resdim = true;
  w->resdim = SF_D3D_DIM_TEX3D;
  return true;
}
static bool e_ext_order(sf_d3d_inst *w) { return w->ext_order[0] = 4, true; }
static bool e_precise(sf_d3d_inst *w) { return w->precise = 16, true; }
static bool e_dst_type(sf_d3d_inst *w) { return w->dst.type = SF_D3D_OT_INPUT, true; }
static bool e_dst_mask(sf_d3d_inst *w) { return w->dst.comp_bits &= 0xf0, true; }
static bool e_dst_modifier(sf_d3d_inst *w) { return w->dst.modifier = 1, true; }
static bool e_src_type(sf_d3d_inst *w) { return w->src[0].type = SF_D3D_OT_OUTPUT, true; }
static bool e_res_type(sf_d3d_inst *w) { return w->src[1].type = SF_D3D_OT_TEMP, true; }
static bool e_smp_type(sf_d3d_inst *w) { return w->src[2].type = SF_D3D_OT_TEMP, true; }
static bool e_src_relative(sf_d3d_inst *w) { return make_rel(&w->src[1 + (w->dst.comp_bits & 1)]), true; }
static bool e_src_modifier(sf_d3d_inst *w) { return w->src[1 + (w->dst.comp_bits & 1)].modifier = 1, true; }
static bool e_res_swizzle(sf_d3d_inst *w) {
  w->src[1].sel_mode = SF_D3D_SEL_SELECT1;
  w->src[1].comp_bits = 0;
  return true;
}
static bool e_smp_num_comp(sf_d3d_inst *w) { return w->src[2].num_comp = SF_D3D_NC_1, true; }
static bool e_src_num_comp(sf_d3d_inst *w) {
  if (w->src[0].type == SF_D3D_OT_IMM32) return false;
  w->src[0].num_comp = SF_D3D_NC_1;
  w->src[0].sel_mode = 0;
  w->src[0].comp_bits = 0;
  return true;
}
static bool e_src_sel_mode(sf_d3d_inst *w) {
  if (w->src[0].type == SF_D3D_OT_IMM32) return false;
  w->src[0].sel_mode = SF_D3D_SEL_MASK;
  w->src[0].comp_bits = 0xf;
  return true;
}
static bool e_src_scalar(sf_d3d_inst *w) {
  if (w->num_src < 4 || w->op == SF_D3D_SAMPLE_D) return false;
  sf_d3d_opnd *o = &w->src[3];
  if (o->type == SF_D3D_OT_IMM32) {
    o->num_comp = SF_D3D_NC_4;
  } else {
    o->sel_mode = SF_D3D_SEL_SWIZZLE;
    o->comp_bits = 0xe4;
  }
  return true;
}
/* An o# register as the fourth or fifth source, which the reason must name by its role. */
static bool e_src3_type(sf_d3d_inst *w) { return w->num_src > 3 && (w->src[3].type = SF_D3D_OT_OUTPUT, true); }
static bool e_src4_type(sf_d3d_inst *w) { return w->num_src > 4 && (w->src[4].type = SF_D3D_OT_OUTPUT, true); }
static bool e_opnd_num_comp(sf_d3d_inst *w) { return w->dst.num_comp = SF_D3D_NC_N, true; }
static bool e_opnd_reserved(sf_d3d_inst *w) { return w->src[2].comp_bits = 1, true; }
static bool e_opnd_sel_mode(sf_d3d_inst *w) { return w->dst.sel_mode = 3, true; }
/* A rule with several conditions has one edit per condition. */
static bool e_opnd_num_comp4(sf_d3d_inst *w) { return w->dst.num_comp = 4, true; }
static bool e_reserved_mask(sf_d3d_inst *w) { return w->dst.comp_bits |= 0x10, true; }
static bool e_reserved_select1(sf_d3d_inst *w) {
  if (w->num_src < 4 || w->op == SF_D3D_SAMPLE_D || w->src[3].type == SF_D3D_OT_IMM32) return false;
  w->src[3].comp_bits |= 0x04; /* a scalar source is in select_1 mode: bits [11:6] reserved */
  return true;
}
static bool e_reserved_rel(sf_d3d_inst *w) {
  make_rel(&w->src[1]);
  w->src[1].idx[0].rel.comp_bits = 0x04;
  return true;
}
static bool e_dst_mask_mode(sf_d3d_inst *w) { return w->dst.sel_mode = SF_D3D_SEL_SWIZZLE, true; }
static bool e_index_imm64_rel(sf_d3d_inst *w) {
  make_rel(&w->dst);
  w->dst.idx[0].rep = SF_D3D_IDX_IMM64_REL;
  return true;
}
static bool e_index_dim_want(sf_d3d_inst *w) {
  if (w->dst.type != SF_D3D_OT_TEMP && w->dst.type != SF_D3D_OT_OUTPUT) return false;
  w->dst.index_dim = 2; /* r# and o# take one index */
  w->dst.idx[1].rep = SF_D3D_IDX_IMM32;
  w->dst.idx[1].imm = 0;
  return true;
}
static bool e_index_dim_three(sf_d3d_inst *w) {
  if (!e_index_dim_want(w)) return false;
  w->dst.index_dim = 3; /* the most the token's two bits hold: one rule, once */
  w->dst.idx[2] = w->dst.idx[1];
  return true;
}
/* on the destination, or (one instruction in two) the resource, whose relative-index test reads its indices */
static bool e_opnd_index_dim(sf_d3d_inst *w) { return (w->num_src > 1 && (w->src[0].type & 1u) ? &w->src[1] : &w->dst)->index_dim = 4, true; }
static bool e_index_rep(sf_d3d_inst *w) { return w->dst.idx[0].rep = 5, true; }
static bool e_index_imm64(sf_d3d_inst *w) { return w->dst.idx[0].rep = SF_D3D_IDX_IMM64, true; }
static bool e_index_range(sf_d3d_inst *w) {
  w->dst.idx[0].rep = SF_D3D_IDX_IMM32;
  w->dst.idx[0].imm = (uint64_t)1 << 32;
  return true;
}
/* the range test for both 32-bit forms, and for neither 64-bit one (whose own rule speaks) */
static bool e_index_range_rel(sf_d3d_inst *w) {
  make_rel(&w->dst);
  w->dst.idx[0].rep = SF_D3D_IDX_IMM32_REL;
  w->dst.idx[0].imm = (uint64_t)1 << 32;
  return true;
}
static bool e_index_imm64_big(sf_d3d_inst *w) { return w->dst.idx[0].rep = SF_D3D_IDX_IMM64, w->dst.idx[0].imm = 1ull << 32, true; }
static bool e_rel_index_dim(sf_d3d_inst *w) {
  make_rel(&w->src[1]);
  w->src[1].idx[0].rel.index_dim = 3;
  return true;
}
static bool e_rel_type(sf_d3d_inst *w) {
  make_rel(&w->src[1]);
  w->src[1].idx[0].rel.type = SF_D3D_OT_OUTPUT;
  return true;
}
static bool e_rel_select1(sf_d3d_inst *w) {
  make_rel(&w->src[1]);
  w->src[1].idx[0].rel.sel_mode = SF_D3D_SEL_SWIZZLE;
  return true;
}
static bool e_opnd_modifier(sf_d3d_inst *w) { return w->src[0].modifier = 4, true; }
static bool e_min_precision(sf_d3d_inst *w) { return w->src[0].min_precision = (w->dst.comp_bits & 1) ? 3 : 6, true; }
static bool e_imm_num_comp(sf_d3d_inst *w) {
  memset(&w->src[0], 0, sizeof w->src[0]);
  w->src[0].type = SF_D3D_OT_IMM32;
  w->src[0].num_comp = SF_D3D_NC_0;
  return true;
}
static bool e_imm_index(sf_d3d_inst *w) { return e_imm_num_comp(w), w->src[0].num_comp = SF_D3D_NC_1, w->src[0].index_dim = 1, true; }

/* The name of source i of d as the reasons give it: the fourth by what the opcode makes of it
 * (Microsoft's sample_c, sample_l, sample_b and sample_d pages), the fifth sample_d's ddy. */
static const char *source_role(const sf_d3d_inst *d, unsigned i) {
  if (i == 4) return "ddy";
  switch (d->op) {
  case SF_D3D_SAMPLE_C:
  case SF_D3D_SAMPLE_C_LZ: return "reference";
  case SF_D3D_SAMPLE_L: return "lod";
  case SF_D3D_SAMPLE_B: return "bias";
  default: return "ddx";
  }
}

/* who: the operand whose name the violation's reason must start with ("name: ..."), where the edit
 * touches one operand the model names ("@N": source N by its role; NULL: not checked); says: words the reason must hold, where
 * one rule has reasons that tell two faults apart, or that name what the operand must be (NULL: not
 * checked); total: how many violations
 * the edited copy of a valid instruction has in all, where that does not depend on the instruction
 * (0: not checked). A model that reported a fault twice, or under a second rule that does not hold
 * (an index dimension of 3 also read as "> 3"), still reported the edited rule. */
static const struct {
  const char *rule;
  rule_edit_fn edit;
  const char *what;
  const char *who;
  const char *says;
  unsigned total;
} rule_edits[] = {
    {"d3d.num_src", e_num_src, "source count one short of the opcode's", NULL, NULL, 0},
    {"d3d.op", e_op, "opcode set to mov", NULL, NULL, 1},
    {"d3d.aoffimmi.range", e_aoff_range, "an offset outside [-8, 7]", NULL, NULL, 0},
    {"d3d.aoffimmi.cube", e_aoff_cube, "_aoffimmi on a cube dimension", NULL, NULL, 0},
    {"d3d.resdim", e_resdim, "a dimension that cannot be sampled", NULL, NULL, 0},
    {"d3d.resdim.stride", e_stride, "a RESOURCE_DIM stride on a texture", NULL, NULL, 0},
    {"d3d.rettype", e_rettype, "a return type outside 1-9", NULL, NULL, 0},
    {"d3d.rettype.sample", e_rettype_sample, "a return type that does not filter", NULL, NULL, 0},
    {"d3d.sample_c.dim", e_sample_c_dim, "comparison on Texture3D", NULL, NULL, 0},
    {"d3d.ext_order", e_ext_order, "an extended-token type 4", NULL, NULL, 1},
    {"d3d.precise", e_precise, "a precise mask of 5 bits", NULL, NULL, 1},
    {"d3d.dst.type", e_dst_type, "dst a v# register", "dst", NULL, 0},
    {"d3d.dst.mask", e_dst_mask, "an empty write mask", NULL, NULL, 1},
    {"d3d.dst.modifier", e_dst_modifier, "a negated dst", NULL, NULL, 1},
    {"d3d.src.type", e_src_type, "address an o# register", "address", NULL, 0},
    {"d3d.src.type", e_src3_type, "the fourth source an o# register", "@3", NULL, 0},
    {"d3d.src.type", e_src4_type, "the fifth source an o# register", "@4", NULL, 0},
    {"d3d.src.resource.type", e_res_type, "resource an r# register", "resource", "must be t#", 1},
    {"d3d.src.sampler.type", e_smp_type, "sampler an r# register", "sampler", "must be s#", 1},
    {"d3d.src.relative", e_src_relative, "t# or s# indexed by r0.x", NULL, NULL, 1},
    {"d3d.src.modifier", e_src_modifier, "a negated t# or s#", NULL, NULL, 1},
    {"d3d.src.resource.swizzle", e_res_swizzle, "resource in select_1 mode", "resource", NULL, 1},
    {"d3d.src.sampler.num_comp", e_smp_num_comp, "a 1-component sampler", "sampler", NULL, 1},
    {"d3d.src.num_comp", e_src_num_comp, "a 1-component address register", NULL, NULL, 1},
    {"d3d.src.sel_mode", e_src_sel_mode, "address in mask mode", NULL, NULL, 1},
    {"d3d.src.scalar", e_src_scalar, "a swizzled reference, LOD or bias", "@3", NULL, 1},
    {"d3d.opnd.num_comp", e_opnd_num_comp, "an N-component dst", "dst", "N-component", 3},
    {"d3d.opnd.reserved", e_opnd_reserved, "selection bits on a 0-component sampler", "sampler", NULL, 1},
    {"d3d.opnd.sel_mode", e_opnd_sel_mode, "selection mode 3 on dst", "dst", NULL, 2},
    {"d3d.opnd.num_comp", e_opnd_num_comp4, "a num_comp of 4 (past 2 bits)", NULL, "does not fit 2 bits", 3},
    {"d3d.opnd.reserved", e_reserved_mask, "mask-mode bits [11:8] on dst", NULL, NULL, 1},
    {"d3d.opnd.reserved", e_reserved_select1, "select_1 bits [11:6] on a reference, LOD or bias", NULL, NULL, 1},
    {"d3d.opnd.reserved", e_reserved_rel, "select_1 bits [11:6] on a relative index", NULL, NULL, 2},
    {"d3d.dst.mask", e_dst_mask_mode, "dst in swizzle mode", NULL, NULL, 1},
    {"d3d.index.imm64", e_index_imm64_rel, "a 64-bit immediate plus relative index on dst", NULL, NULL, 1},
    {"d3d.opnd.index_dim", e_index_dim_want, "two indices on r# or o#", NULL, NULL, 1},
    {"d3d.opnd.index_dim", e_index_dim_three, "three indices on r# or o#", NULL, "has 3", 1},
    {"d3d.opnd.index_dim", e_opnd_index_dim, "index dimension 4 on dst or the resource", NULL, NULL, 2},
    {"d3d.opnd.index_dim", e_imm_index, "an index on an immediate address (type IMM32 takes none)", NULL, NULL, 0},
    {"d3d.index.rep", e_index_rep, "index representation 5 on dst", NULL, NULL, 1},
    {"d3d.index.imm64", e_index_imm64, "a 64-bit immediate index on dst", NULL, NULL, 1},
    {"d3d.index.range", e_index_range, "a 32-bit index of 2^32", NULL, NULL, 1},
    {"d3d.index.range", e_index_range_rel, "a 32-bit index of 2^32 plus a relative one", NULL, NULL, 1},
    {"d3d.index.imm64", e_index_imm64_big, "a 64-bit immediate index of 2^32 on dst", NULL, NULL, 1},
    {"d3d.rel.index_dim", e_rel_index_dim, "a relative-index register with 3 indices", NULL, NULL, 2},
    {"d3d.rel.type", e_rel_type, "a relative index in an o# register", NULL, NULL, 2},
    {"d3d.rel.select1", e_rel_select1, "a swizzled relative index", NULL, NULL, 2},
    {"d3d.opnd.modifier", e_opnd_modifier, "modifier 4 on address", NULL, NULL, 1},
    {"d3d.opnd.min_precision", e_min_precision, "a min precision that does not exist", NULL, NULL, 1},
    {"d3d.imm.num_comp", e_imm_num_comp, "a 0-component immediate address", NULL, NULL, 1},
};

size_t sf_d3d_rule_edit_count(void) { return sizeof rule_edits / sizeof rule_edits[0]; }

int sf_d3d_rule_edit(size_t i, sf_d3d_inst *w, const char **rule) {
  if (i >= sf_d3d_rule_edit_count()) return -1;
  *rule = rule_edits[i].rule;
  return rule_edits[i].edit(w) ? 1 : 0;
}

/* Edit k of d must be reported under its rule (an edit that does not apply passes), and, where the
 * edit touches one named operand, with a reason that names it (a model that swapped the names of
 * the resource and the sampler in its reasons still reported every rule). */
static bool rule_seen(sf_verdict *v, const sf_d3d_inst *d, size_t k) {
  sf_d3d_inst w = *d;
  if (!rule_edits[k].edit(&w)) return true;
  sf_violations vs;
  const char *who = rule_edits[k].who, *says = rule_edits[k].says;
  if (who && who[0] == '@') who = source_role(&w, (unsigned)(who[1] - '0')); /* "@3": source 3 by its role */
  validate_rules(&w, &vs, who || says); /* the reasons are formatted only when one is read */
  size_t wl = who ? strlen(who) : 0;
  bool misnamed = false;
  for (unsigned i = 0; i < vs.count; i++) {
    if (strcmp(vs.v[i].rule, rule_edits[k].rule) != 0) continue;
    if ((!who || (!strncmp(vs.v[i].reason, who, wl) && vs.v[i].reason[wl] == ':')) && (!says || strstr(vs.v[i].reason, says))) {
      if (!rule_edits[k].total || vs.total == rule_edits[k].total) return true;
      fail_d3d(v, "validate_sees", &w, "total");
      sf_verdict_key(v, "validate_sees %s total", rule_edits[k].rule);
      sf_verdict_dumpf(v, "%s: reported under %s, with %u violations in all (want %u)\n", rule_edits[k].what,
                       rule_edits[k].rule, vs.total, rule_edits[k].total);
      return false;
    }
    misnamed = true;
  }
  if (misnamed) {
    fail_d3d(v, "validate_sees", &w, "name");
    sf_verdict_key(v, "validate_sees %s name", rule_edits[k].rule);
    sf_verdict_dumpf(v, "%s: reported under %s, but no reason %s%s%s%s%s\n", rule_edits[k].what, rule_edits[k].rule,
                     who ? "names " : "", who ? who : "", who && says ? " and " : "", says ? "says " : "", says ? says : "");
    return false;
  }
  fail_d3d(v, "validate_sees", &w, rule_edits[k].rule);
  sf_verdict_key(v, "validate_sees %s", rule_edits[k].rule);
  sf_verdict_dumpf(v, "%s: the edited instruction is not reported under %s (%u violations)\n", rule_edits[k].what,
                   rule_edits[k].rule, vs.total);
  return false;
}

/* Every operand of d broken every way check_common knows, and the instruction-level fields too:
 * more violations than sf_violations holds (the unit test checks that). */
void sf_d3d_break_all(sf_d3d_inst *w) {
  w->num_src = SF_D3D_MAX_SRC;
  w->has_aoffimmi = w->has_resdim = w->has_rettype = true;
  w->aoffimmi[0] = w->aoffimmi[1] = w->aoffimmi[2] = 9;
  w->resdim = SF_D3D_DIM_TEX2DMS;
  w->resdim_stride = 1;
  memset(w->rettype, 0, sizeof w->rettype);
  w->ext_order[0] = 4;
  w->precise = 16;
  for (unsigned i = 0; i <= SF_D3D_MAX_SRC; i++) {
    sf_d3d_opnd *o = i ? &w->src[i - 1] : &w->dst;
    o->type = 99;
    o->num_comp = SF_D3D_NC_N;
    o->comp_bits = 0xff;
    o->index_dim = 3;
    for (unsigned k = 0; k < 3; k++) o->idx[k].rep = 7;
    o->modifier = 5;
    o->min_precision = 7;
  }
}

/* `validate_appends`: sf_d3d_inst_validate appends to the list it is given (inst.h) and returns
 * the number of violations it added. Every other caller hands it an empty list, where "added" and
 * "in all" are the same number; here the broken instruction is validated twice onto one list. */
static bool validate_appends(sf_verdict *v, const sf_d3d_inst *w) {
  sf_violations vs;
  unsigned first = validate_rules(w, &vs, false), total = vs.total;
  unsigned again = sf_d3d_inst_validate(w, &vs);
  if (first == total && again == first && vs.total == 2 * total) return true;
  fail_d3d(v, "validate_appends", w, "count");
  sf_verdict_key(v, "validate_appends");
  sf_verdict_dumpf(v, "validated onto an empty list: returned %u of %u; again onto the same list: returned %u, %u in all "
                      "(want %u added, %u in all)\n", first, total, again, vs.total, total, 2 * total);
  return false;
}

bool sf_check_violation_cap(sf_verdict *v, const sf_inst *w) {
  sf_violations vs;
  sf_inst_validate_rules(w, &vs);
  unsigned want = vs.total < SF_MAX_VIOLATIONS ? vs.total : SF_MAX_VIOLATIONS;
  bool ok = vs.count == want;
  for (unsigned i = 0; ok && i < vs.count; i++) ok = vs.v[i].rule != NULL;
  if (ok) return true;
  sf_verdict_fail(v, "validate_cap", w, "count");
  sf_verdict_key(v, "validate_cap");
  sf_verdict_dumpf(v, "an instruction with %u violations stored %u of them (the list holds %u)\n", vs.total, vs.count,
                   (unsigned)SF_MAX_VIOLATIONS);
  return false;
}

/* `rel_select`: the other side of the rules' edits. A valid instruction's first relative index
 * that selects one component of a 4-component register (r1.x) stays valid selecting any of the four:
 * bits [5:4] are the component, and only bits [11:6] are reserved. An instruction without one,
 * whose address is a temp register rN, is asked the same with the address made x0[r1.c + N], and
 * with r1 a 1-component register (the other form the rule takes); few valid instructions hold a
 * relative index of their own. */
static bool rel_made(sf_verdict *v, const sf_d3d_inst *d) {
  if (d->num_src < 1 || d->src[0].type != SF_D3D_OT_TEMP || d->src[0].index_dim != 1) return true;
  for (uint8_t c = 0; c < 5; c++) {
    sf_d3d_inst w = *d;
    sf_d3d_opnd *o = &w.src[0];
    o->type = SF_D3D_OT_INDEXABLE_TEMP;
    o->index_dim = 2;
    o->idx[1] = o->idx[0];
    memset(&o->idx[0], 0, sizeof o->idx[0]);
    o->idx[0].rep = SF_D3D_IDX_IMM32;
    sf_d3d_relop *r = &o->idx[1].rel;
    memset(r, 0, sizeof *r);
    o->idx[1].rep = SF_D3D_IDX_IMM32_REL;
    r->type = SF_D3D_OT_TEMP, r->index_dim = 1, r->index[0] = 1;
    if (c < 4) r->num_comp = SF_D3D_NC_4, r->sel_mode = SF_D3D_SEL_SELECT1, r->comp_bits = c;
    else r->num_comp = SF_D3D_NC_1;
    sf_violations vs;
    if (validate_rules(&w, &vs, false) == 0) continue;
    fail_d3d(v, "rel_select", &w, vs.count ? vs.v[0].rule : "?");
    sf_verdict_key(v, "rel_select made %s", vs.count ? vs.v[0].rule : "?");
    sf_verdict_dumpf(v, "a valid instruction whose address is made x0[r1%s + N] is refused: %s\n",
                     c < 4 ? (const char *[]){".x", ".y", ".z", ".w"}[c] : " (1 component)", vs.count ? vs.v[0].reason : "?");
    return false;
  }
  return true;
}
static bool rel_select(sf_verdict *v, const sf_d3d_inst *d) {
  const sf_d3d_opnd *ops[1 + SF_D3D_MAX_SRC];
  unsigned no = 0;
  ops[no++] = &d->dst;
  for (unsigned i = 0; i < d->num_src && i < SF_D3D_MAX_SRC; i++) ops[no++] = &d->src[i];
  for (unsigned k = 0; k < no; k++)
    for (unsigned i = 0; i < ops[k]->index_dim && i < 3; i++) {
      const sf_d3d_index *ix = &ops[k]->idx[i];
      if ((ix->rep != SF_D3D_IDX_REL && ix->rep != SF_D3D_IDX_IMM32_REL) || ix->rel.num_comp != SF_D3D_NC_4 ||
          ix->rel.sel_mode != SF_D3D_SEL_SELECT1)
        continue;
      for (uint8_t c = 0; c < 4; c++) {
        sf_d3d_inst w = *d;
        sf_d3d_opnd *o = k ? &w.src[k - 1] : &w.dst;
        o->idx[i].rel.comp_bits = c;
        sf_violations vs;
        if (validate_rules(&w, &vs, false) == 0) continue;
        fail_d3d(v, "rel_select", &w, vs.count ? vs.v[0].rule : "?");
        sf_verdict_key(v, "rel_select %s", vs.count ? vs.v[0].rule : "?");
        sf_verdict_dumpf(v, "a valid instruction's relative index selecting .%c is refused: %s\n", "xyzw"[c],
                         vs.count ? vs.v[0].reason : "?");
        return false;
      }
      return true;
    }
  return rel_made(v, d);
}

/* `rettype_all`: every return-type value is judged by its own rule: 0 and 10 do not exist
 * (d3d.rettype), 3, 4 and 6-9 exist but do not filter (d3d.rettype.sample), one component at a time
 * in an otherwise valid instruction (the edit table draws one value per input). One input in
 * SF_RULES_EVERY, as the table's edits. */
static bool rettype_all(sf_verdict *v, const sf_d3d_inst *d) {
  static const uint8_t vals[8] = {0, 3, 4, 6, 7, 8, 9, 10};
  for (unsigned k = 0; k < 8; k++) {
    sf_d3d_inst w = *d;
    w.has_rettype = true;
    for (unsigned c = 0; c < 4; c++) w.rettype[c] = 1;
    w.rettype[k & 3] = vals[k];
    const char *want = vals[k] == 0 || vals[k] == 10 ? "d3d.rettype" : "d3d.rettype.sample";
    sf_violations vs;
    validate_rules(&w, &vs, false);
    bool seen = false;
    for (unsigned i = 0; i < vs.count; i++) seen = seen || strcmp(vs.v[i].rule, want) == 0;
    if (seen) continue;
    fail_d3d(v, "rettype_all", &w, want);
    sf_verdict_key(v, "rettype_all %u", (unsigned)vals[k]);
    sf_verdict_dumpf(v, "return type %u on component %c is not reported under %s (%u violations, first %s)\n", (unsigned)vals[k],
                     "xyzw"[k & 3], want, vs.total, vs.count ? vs.v[0].rule : "none");
    return false;
  }
  return true;
}

/* `enc_range`: the encoder refuses, as out of range, an operand field past what its token bits hold
 * (dxbc.h), rather than writing it cut: the destination's component count, selection mode or index
 * dimension one past its 2-bit field, its modifier past the four that exist (0-3: the extended
 * token's field is wider, but a decoder refuses 4) or its minimum precision past its 3-bit field
 * (the decoder never makes one, so only API use reaches the test). One field per input, picked by
 * the instruction. */
static bool enc_range(sf_verdict *v, const sf_d3d_inst *d) {
  static const char *const names[5] = {"num_comp 4", "sel_mode 4", "index_dim 4", "modifier 4", "min_precision 8"};
  unsigned f = (unsigned)(d->op + d->dst.comp_bits + d->src[0].comp_bits) % 5u;
  sf_d3d_inst w;
  memcpy(&w, d, sizeof w);
  if (f == 0) w.dst.num_comp = 4;
  else if (f == 1) w.dst.sel_mode = 4;
  else if (f == 2) w.dst.index_dim = 4;
  else if (f == 3) w.dst.modifier = 4;
  else w.dst.min_precision = 8;
  uint32_t out[SF_TPF_MAX_INST_LEN];
  size_t len = 0;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_tpf_encode_inst(&w, out, &len, &st);
  if (rc == SF_ERR_RANGE) return true;
  sf_verdict_fail(v, "enc_range", NULL, names[f]);
  sf_verdict_key(v, "enc_range %s %s", names[f], sf_code_name(rc));
  sf_verdict_dumpf(v, "the encoder given a destination with %s returned %s (%s), not out of range\n", names[f],
                   sf_code_name(rc), st.msg);
  return false;
}

/* `imm_index` (once per process): an immediate operand carries no index, so a decoder given an
 * immediate whose operand token has an index dimension must refuse it as invalid at that token
 * (a decoder that read on would take the next tokens for indices). The tokens of a sample with an
 * immediate address (`sample r0.xyzw, l(...), t0.xyzw, s0`, encoded here) have the immediate's
 * token at dword 3: its index dimension is set to 1, then 2. The encoder side below. */
static bool imm_index(sf_verdict *v) {
  static const char text[] = "sample r0.xyzw, l(0.5, 0.25, 0, 0), t0.xyzw, s0";
  sf_d3d_inst d;
  sf_status st;
  sf_status_clear(&st);
  uint32_t tok[SF_TPF_MAX_INST_LEN];
  size_t n = 0;
  if (sf_d3dasm_parse_inst(text, sizeof text - 1, 1, &d, &st) != SF_OK || sf_tpf_encode_inst(&d, tok, &n, &st) != SF_OK ||
      n < 8 || ((tok[3] >> 12) & 0xff) != SF_D3D_OT_IMM32)
    return sf_verdict_fail(v, "imm_index", NULL, "setup"), sf_verdict_key(v, "imm_index setup"),
           sf_verdict_dumpf(v, "\"%s\" does not parse and encode with its immediate at dword 3: %s\n", text, st.msg), false;
  for (uint32_t dim = 1; dim <= 2; dim++) {
    uint32_t e[SF_TPF_MAX_INST_LEN];
    memcpy(e, tok, n * sizeof *tok);
    e[3] |= dim << 20;
    sf_d3d_inst out;
    size_t used = 0;
    sf_status_clear(&st);
    sf_code rc = sf_tpf_decode_inst(e, n, 0, &out, &used, &st);
    if (rc == SF_ERR_INVALID && st.pos_kind == SF_POS_DWORD && st.pos == 3) continue;
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "imm_index", NULL, "decode");
    sf_verdict_key(v, "imm_index %s", sf_code_name(rc));
    sf_verdict_dumpf(v, "an immediate operand token with index dimension %u: want invalid at dword 3, got %s\n", dim,
                     rc == SF_OK ? "an instruction" : sf_status_format(&st, msg, sizeof msg));
    return false;
  }
  /* and the encoder, given that immediate with an index dimension of 1, or with no components
   * (num_comp 0: the two forms that exist are 1 and 4), refuses it as invalid rather than write a
   * token the decoder refuses */
  for (unsigned k = 0; k < 2; k++) {
    sf_d3d_inst w = d;
    if (k) w.src[0].num_comp = SF_D3D_NC_0;
    else w.src[0].index_dim = 1;
    size_t wn = 0;
    sf_status_clear(&st);
    sf_code rc = sf_tpf_encode_inst(&w, tok, &wn, &st);
    if (rc == SF_ERR_INVALID && strstr(st.msg, "an immediate needs 1 or 4 components and no index")) continue;
    sf_verdict_fail(v, "imm_index", NULL, "encode");
    sf_verdict_key(v, "imm_index encode %s %s", k ? "nc0" : "index", sf_code_name(rc));
    sf_verdict_dumpf(v, "the encoder given an immediate source with %s: %s (%s), want invalid\n",
                     k ? "0 components" : "index dimension 1", sf_code_name(rc), st.msg);
    return false;
  }
  return true;
}
static SF_CHECK_ONCE_FN(imm_index)

/* `validate_accepts`: a value at the edge of what a rule allows, set on an otherwise valid
 * instruction, is reported under no rule (the rules' edits above are the other side): min
 * precision 1, 2, 4 and 5 (3, 6 and 7 do not exist) and modifier 3 (-|x|) on the first source.
 * One value per input, by the instruction's hash h. */
static bool valid_edges(sf_verdict *v, const sf_d3d_inst *d, unsigned h) {
  static const uint8_t minp[4] = {1, 2, 4, 5};
  sf_d3d_inst w = *d;
  unsigned k = h % 5u;
  w.src[0].extended = true;
  if (k < 4) w.src[0].min_precision = minp[k];
  else w.src[0].modifier = 3;
  sf_violations vs;
  validate_rules(&w, &vs, false);
  if (vs.total == 0) return true;
  fail_d3d(v, "validate_accepts", &w, vs.count ? vs.v[0].rule : "rule");
  sf_verdict_key(v, "validate_accepts %s", vs.count ? vs.v[0].rule : "rule");
  sf_verdict_dumpf(v, "a valid instruction with %s %u on its first source is reported under %s (%u violations)\n",
                   k < 4 ? "min precision" : "modifier", k < 4 ? minp[k] : 3u, vs.count ? vs.v[0].rule : "?", vs.total);
  return false;
}

/* `opnd_sees` (every decoded or parsed instruction): equality tells d from a copy with one compared
 * field of one operand changed by one bit, for every field the operand's form compares (the
 * diff's list: type, component count, selection mode and bits, index dimension, the extended
 * token's four fields; an immediate's values; each used index's representation, its immediate part
 * unless it is purely relative, and a relative index's register, selection and indices). The
 * operand is picked by fields of the instruction. An equality that skipped a field lets every round
 * trip that changes it pass (`canon_clears` checks the other side: the fields it must not compare). */
static bool opnd_sees(sf_verdict *v, const sf_d3d_inst *d) {
  unsigned nops = 1u + (d->num_src < SF_D3D_MAX_SRC ? d->num_src : SF_D3D_MAX_SRC);
  unsigned at = (d->op * 7u + d->src[0].type * 3u + d->dst.comp_bits + d->num_src) % nops;
  const sf_d3d_opnd *o = at ? &d->src[at - 1] : &d->dst;
  static const char *const top[9] = {"type", "num_comp", "sel_mode", "comp_bits", "index_dim", "extended", "modifier",
                                     "min_precision", "nonuniform"};
  static const char *const idx[9] = {"rep", "imm", "rel.type", "rel.num_comp", "rel.sel_mode", "rel.comp_bits",
                                     "rel.index_dim", "rel.index[0]", "rel.index[1]"};
  for (unsigned e = 0; e < 9 + 4 + 3 * 9; e++) {
    sf_d3d_inst y = *d;
    sf_d3d_opnd *x = at ? &y.src[at - 1] : &y.dst;
    const char *what = NULL;
    unsigned i = 0;
    if (e < 9) {
      switch (e) {
        case 0: x->type ^= 1; break;
        case 1: x->num_comp ^= 1; break;
        case 2: x->sel_mode ^= 1; break;
        case 3: x->comp_bits ^= 1; break;
        case 4: x->index_dim ^= 1; break;
        case 5: x->extended = !x->extended; break;
        case 6: x->modifier ^= 1; break;
        case 7: x->min_precision ^= 1; break;
        default: x->nonuniform = !x->nonuniform; break;
      }
      what = top[e];
    } else if (e < 13) { /* an immediate's values: one, or four */
      i = e - 9;
      if (o->type != SF_D3D_OT_IMM32 || i >= (o->num_comp == SF_D3D_NC_1 ? 1u : 4u)) continue;
      x->imm[i] ^= 1;
      what = "imm";
    } else {
      i = (e - 13) / 9;
      unsigned f = (e - 13) % 9;
      const sf_d3d_index *ix = &o->idx[i];
      bool rel = sf_d3d_idx_rel(ix->rep);
      if (o->type == SF_D3D_OT_IMM32 || i >= o->index_dim || (f == 1 && ix->rep == SF_D3D_IDX_REL) || (f >= 2 && !rel) ||
          (f >= 7 && f - 7 >= ix->rel.index_dim))
        continue;
      sf_d3d_index *w = &x->idx[i];
      switch (f) {
        case 0: w->rep ^= 1; break;
        case 1: w->imm ^= 1; break;
        case 2: w->rel.type ^= 1; break;
        case 3: w->rel.num_comp ^= 1; break;
        case 4: w->rel.sel_mode ^= 1; break;
        case 5: w->rel.comp_bits ^= 1; break;
        case 6: w->rel.index_dim ^= 1; break;
        default: w->rel.index[f - 7] ^= 1; break;
      }
      what = idx[f];
    }
    if (!sf_d3d_inst_equal(d, &y)) continue;
    fail_d3d(v, "opnd_sees", d, what);
    sf_verdict_key(v, "opnd_sees %s", what);
    sf_verdict_dumpf(v, "%s%u with its %s changed by one bit (index %u) is equal to the instruction\n", at ? "source " : "destination",
                     at ? at - 1 : 0, what, i);
    return false;
  }
  return true;
}

/* `inst_sees` (with `opnd_sees`): the same for the instruction's own fields the diff compares: the
 * opcode, saturate, precise mask, each extended token's presence and, when present, its values,
 * the extended-token order and the source count. */
static bool inst_sees(sf_verdict *v, const sf_d3d_inst *d) {
  static const char *const names[19] = {"op", "sat", "precise", "has_aoffimmi", "aoffimmi[0]", "aoffimmi[1]", "aoffimmi[2]",
                                        "has_resdim", "resdim", "resdim_stride", "has_rettype", "rettype[0]", "rettype[1]",
                                        "rettype[2]", "rettype[3]", "ext_order[0]", "ext_order[1]", "ext_order[2]", "num_src"};
  for (unsigned e = 0; e < 19; e++) {
    if ((e >= 4 && e <= 6 && !d->has_aoffimmi) || ((e == 8 || e == 9) && !d->has_resdim) || (e >= 11 && e <= 14 && !d->has_rettype))
      continue;
    sf_d3d_inst y = *d;
    switch (e) {
      case 0: y.op ^= 1; break;
      case 1: y.sat = !y.sat; break;
      case 2: y.precise ^= 1; break;
      case 3: y.has_aoffimmi = !y.has_aoffimmi; break;
      case 4: case 5: case 6: y.aoffimmi[e - 4] ^= 1; break;
      case 7: y.has_resdim = !y.has_resdim; break;
      case 8: y.resdim ^= 1; break;
      case 9: y.resdim_stride ^= 1; break;
      case 10: y.has_rettype = !y.has_rettype; break;
      case 11: case 12: case 13: case 14: y.rettype[e - 11] ^= 1; break;
      case 15: case 16: case 17: y.ext_order[e - 15] ^= 1; break;
      default: y.num_src = (uint8_t)(y.num_src ? y.num_src - 1 : 1); break; /* within the array either way */
    }
    if (!sf_d3d_inst_equal(d, &y)) continue;
    fail_d3d(v, "inst_sees", d, names[e]);
    sf_verdict_key(v, "inst_sees %s", names[e]);
    sf_verdict_dumpf(v, "the instruction with its %s changed by one bit is equal to it\n", names[e]);
    return false;
  }
  return true;
}

bool sf_check_d3d_rules_seen(sf_verdict *v, const sf_d3d_inst *d, bool valid) {
  /* the equality probes on one instruction in four, picked by its fields: about forty comparisons
   * each, a tenth of d3dasm's time when run on every one */
  bool probe = ((d->op ^ d->dst.comp_bits ^ d->src[0].comp_bits ^ d->src[0].type) & 3u) == 0;
  if (!sf_check_d3d_canon_clears(v, d, valid) || (probe && (!opnd_sees(v, d) || !inst_sees(v, d))) || !enc_range(v, d) || !imm_index_once(v))
    return false;
  /* The opcode and source-count edits (the table's first two) hold for any decoded instruction. */
  if (!rule_seen(v, d, 0) || !rule_seen(v, d, 1)) return false;
  /* The others assume an otherwise valid instruction (an invalid one may already break their rule
   * another way). One in SF_RULES_EVERY per input, picked by fields of the instruction: a quarter
   * of the table's cost, and a campaign still runs every edit many times over. */
  if (!valid) return true;
  unsigned h = d->op * 31u + d->dst.comp_bits * 7u + d->src[0].comp_bits + d->src[1].type + (unsigned)d->src[1].idx[0].imm;
  if (!rel_select(v, d) || !valid_edges(v, d, h ^ (h >> 7))) return false;
  unsigned sel = (h ^ (h >> 3)) % SF_RULES_EVERY;
  for (size_t k = 2 + sel; k < sf_d3d_rule_edit_count(); k += SF_RULES_EVERY)
    if (!rule_seen(v, d, k)) return false;
  if (sel != 0) return true;
  /* eight validations: on the same share of inputs as the rest of the table */
  if (!rettype_all(v, d)) return false;
  /* And, on the same share of inputs, the list's cap: more violations than it holds. */
  sf_inst w;
  memset(&w, 0, sizeof w);
  w.family = SF_FAMILY_D3D;
  w.d3d = *d;
  sf_d3d_break_all(&w.d3d);
  return sf_check_violation_cap(v, &w) && validate_appends(v, &w.d3d);
}
