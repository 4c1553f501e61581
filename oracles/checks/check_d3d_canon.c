/* oracles/checks/check_d3d_canon.c — what D3D instruction equality, the model's rules and the
 * canonical form make of the fields an operand's form does not use (`canon_clears`), and the junk
 * that fills them (sf_check_junk_d3d, which the executor's operand checks share). */
#include <string.h>

#include "oracles/checks/check_int.h"

/* Junk in the selection an operand (or a relative operand) of num_comp components does not use:
 * all of it without 4 components, the bits past a mask's 4 or a selected component's 2. Equality
 * compares these (the encoder would write them; no decoder makes them), canonicalizing clears them.
 * With J 0, the canonical form's zeros instead of junk. */
static void junk_sel(uint8_t num_comp, uint8_t *sel_mode, uint8_t *comp_bits, uint8_t J) {
  if (num_comp != SF_D3D_NC_4) *sel_mode = J ? SF_D3D_SEL_SELECT1 : 0, *comp_bits = J;
  else if (*sel_mode == SF_D3D_SEL_MASK) *comp_bits = J ? *comp_bits | 0x50 : *comp_bits & 0xF; /* past the 4-bit mask */
  else if (*sel_mode == SF_D3D_SEL_SELECT1) *comp_bits = J ? *comp_bits | 0x58 : *comp_bits & 3; /* past the 2-bit component */
}

/* Fills with junk J every field of o that equality ignores (inst.h: fields unused by the operand's
 * form): the indices past index_dim (all three of an immediate), the immediate values of a register
 * operand (and the last three of a one-value immediate), a pure relative index's immediate part, the
 * relative operand of an index without one, and a relative operand's indices past its index_dim;
 * with `sel`, the selection bits each form leaves unused too (junk_sel). J 0 writes what the
 * canonical form holds there (inst.h: canonicalizing zeroes them). */
static void junk_opnd(sf_d3d_opnd *o, bool sel, uint8_t J) {
  if (o->type == SF_D3D_OT_IMM32) {
    if (sel) o->sel_mode = J ? SF_D3D_SEL_SELECT1 : 0, o->comp_bits = J; /* an immediate has no selection */
    memset(o->idx, J, sizeof o->idx);
    if (o->num_comp == SF_D3D_NC_1) memset(&o->imm[1], J, 3 * sizeof o->imm[0]);
    return;
  }
  memset(o->imm, J, sizeof o->imm);
  if (sel) junk_sel(o->num_comp, &o->sel_mode, &o->comp_bits, J);
  for (unsigned i = 0; i < 3; i++) {
    sf_d3d_index *x = &o->idx[i];
    if (i >= o->index_dim) {
      memset(x, J, sizeof *x);
      if (J) x->rep = SF_D3D_IDX_IMM32_REL;  /* junk that reads as a relative index to whoever looks */
      continue;
    }
    bool rel = sf_d3d_idx_rel(x->rep);
    if (x->rep == SF_D3D_IDX_REL) x->imm = J * 0x01010101u;
    if (!rel) memset(&x->rel, J, sizeof x->rel);
    else {
      for (unsigned j = x->rel.index_dim; j < 2; j++) x->rel.index[j] = J * 0x01010101u;
      if (sel) junk_sel(x->rel.num_comp, &x->rel.sel_mode, &x->rel.comp_bits, J);
    }
  }
}

void sf_check_junk_d3d(sf_d3d_inst *j) {
  if (!j->has_aoffimmi) memset(j->aoffimmi, 0x5A, sizeof j->aoffimmi);
  if (!j->has_resdim) j->resdim = 0x5A, j->resdim_stride = 0x5A;
  if (!j->has_rettype) memset(j->rettype, 0x5A, sizeof j->rettype);
  junk_opnd(&j->dst, false, 0x5A);
  for (unsigned i = 0; i < SF_D3D_MAX_SRC; i++) {
    if (i < j->num_src) junk_opnd(&j->src[i], false, 0x5A);
    else memset(&j->src[i], 0x5A, sizeof j->src[i]);
  }
}

static unsigned d3d_violations(const sf_d3d_inst *d) {
  sf_inst w = sf_check_wrap_d3d(d);
  sf_violations vs;
  sf_inst_validate_rules(&w, &vs);
  return vs.total;
}

/* `canon_clears` (every decoded or parsed instruction): canonicalizing clears every field that
 * equality ignores (include/samplefuzz/inst.h: canonical instructions are hashed field by field).
 * A copy of d with junk in those fields is equal to d, breaks as many of the model's rules, and the
 * two canonical forms are the same bytes. Equality cannot see a canonicalization that left one of those fields as it was (an index
 * past index_dim, say); corpus deduplication and triage hashing do. */
/* The first byte at which two instructions differ (sizeof sf_d3d_inst when none). */
static size_t first_diff(const sf_d3d_inst *a, const sf_d3d_inst *b) {
  const uint8_t *x = (const uint8_t *)a, *y = (const uint8_t *)b;
  size_t at = 0;
  while (at < sizeof *a && x[at] == y[at]) at++;
  return at;
}

/* `read_zeros` (every valid decoded or parsed instruction): inst.h promises that the fields an
 * operand's form does not use are zero after decode or parse, so a valid instruction as read is
 * its own canonical form, but for the extended tokens' order and an operand's extended token that
 * says nothing (kept as the tokens had them). A reader
 * that left junk there (an index's relative operand, say) agreed with every round trip, which
 * compare with equality. */
static bool read_zeros(sf_verdict *v, const sf_d3d_inst *d) {
  sf_d3d_inst c;
  memcpy(&c, d, sizeof c);
  sf_d3d_inst_canonicalize(&c);
  memcpy(c.ext_order, d->ext_order, sizeof c.ext_order);
  c.dst.extended = d->dst.extended; /* an extended operand token that says nothing, as the tokens had it */
  for (unsigned i = 0; i < d->num_src && i < SF_D3D_MAX_SRC; i++) c.src[i].extended = d->src[i].extended;
  if (memcmp(&c, d, sizeof c) == 0) return true;
  size_t at = first_diff(d, &c);
  sf_verdict_fail(v, "read_zeros", NULL, "d3d");
  sf_verdict_key(v, "read_zeros");
  sf_verdict_dumpf(v, "a valid instruction as read differs from its canonical form at byte %zu of sf_d3d_inst (op %u): "
                   "a field its form does not use is not zero\n", at, (unsigned)d->op);
  return false;
}

/* `canon_ext` (with `read_zeros`): an extended operand token is a spelling; what it carries is
 * the modifier, the minimum precision and nonuniform. So the canonical form has one on an operand
 * exactly when one of those is set, and a copy of d with every operand spelled the other way (a
 * token that says nothing, or none under a set field, as an API caller may build) has the same
 * canonical bytes. A canonicalization that kept the spelling hashed one instruction two ways. */
static bool ext_says(const sf_d3d_opnd *o) { return o->modifier || o->min_precision || o->nonuniform; }

static bool canon_ext(sf_verdict *v, const sf_d3d_inst *d) {
  sf_d3d_inst a = *d, b = *d;
  unsigned n = d->num_src < SF_D3D_MAX_SRC ? d->num_src : SF_D3D_MAX_SRC;
  for (unsigned i = 0; i <= n; i++) {
    sf_d3d_opnd *o = i ? &b.src[i - 1] : &b.dst;
    o->extended = !ext_says(o);
  }
  sf_d3d_inst_canonicalize(&a);
  sf_d3d_inst_canonicalize(&b);
  const char *why = memcmp(&a, &b, sizeof a) ? "the other spelling of the extended operand tokens canonicalizes to other bytes"
                                             : NULL;
  for (unsigned i = 0; i <= n && !why; i++) {
    const sf_d3d_opnd *o = i ? &a.src[i - 1] : &a.dst;
    if (o->extended != ext_says(o))
      why = "a canonical operand's extended token does not match its modifier, minimum precision and nonuniform";
  }
  if (!why) return true;
  sf_verdict_fail(v, "canon_ext", NULL, "d3d");
  sf_verdict_key(v, "canon_ext");
  sf_verdict_dumpf(v, "%s (op %u, first differing byte %zu of sf_d3d_inst)\n", why, (unsigned)d->op, first_diff(&a, &b));
  return false;
}

bool sf_check_d3d_canon_clears(sf_verdict *v, const sf_d3d_inst *d, bool valid) {
  if ((valid && !read_zeros(v, d)) || !canon_ext(v, d)) return false;
  sf_d3d_inst a, j;
  memcpy(&a, d, sizeof a);
  memcpy(&j, d, sizeof j);
  sf_check_junk_d3d(&j);
  const char *why = NULL;
  if (!sf_d3d_inst_equal(&a, &j)) {
    why = "equality compares a field that only junk (a field the operand's form does not use) changed";
  } else if (d3d_violations(&a) != d3d_violations(&j)) {
    why = "the model's rules (sf_inst_validate) read a field that the operand's form does not use";
  } else {
    /* the selection bits no form uses, which only canonicalizing clears */
    junk_opnd(&j.dst, true, 0x5A);
    for (unsigned i = 0; i < j.num_src && i < SF_D3D_MAX_SRC; i++) junk_opnd(&j.src[i], true, 0x5A);
    sf_d3d_inst_canonicalize(&a);
    sf_d3d_inst_canonicalize(&j);
    if (memcmp(&a, &j, sizeof a) != 0) why = "the canonical form keeps a field that the operand's form does not use";
    /* and holds zeros there, not merely the same value for any junk */
    sf_d3d_inst z = a;
    junk_opnd(&z.dst, true, 0);
    for (unsigned i = 0; i < z.num_src && i < SF_D3D_MAX_SRC; i++) junk_opnd(&z.src[i], true, 0);
    if (!why && memcmp(&a, &z, sizeof a) != 0) {
      why = "the canonical form holds a value other than 0 in a field that the operand's form does not use";
      j = z;
    }
  }
  if (!why) return true;
  size_t at = first_diff(&a, &j);
  sf_verdict_fail(v, "canon_clears", NULL, "d3d");
  sf_verdict_key(v, "canon_clears");
  sf_verdict_dumpf(v, "%s (first differing byte %zu of sf_d3d_inst, op %u)\n", why, at, (unsigned)d->op);
  return false;
}
