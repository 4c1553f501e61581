/* oracles/checks/check_refusal.c — which refusals of a valid case the executor may give.
 *
 * The generator builds every case as valid, so the executor (oracles/sampler/exec.c, the same on
 * every backend) may refuse one only for a reason it documents: a register outside the state's
 * register file (SF_ERR_LIMIT), or a form the reference does not execute (SF_UNSUPPORTED). Each
 * reason is checked against the instruction here, so that an executor refusing what it should run
 * cannot hide among the right refusals: every backend would refuse alike and agree. */
#include <stdio.h>

#include "oracles/checks/check_int.h"

static bool sf_refusal_of_valid_ok(sf_code rc) {
  return rc == SF_OK || rc == SF_UNSUPPORTED || rc == SF_ERR_LIMIT;
}

/* Whether a D3D operand's register lies outside the state's register file (sampler.h's caps, written
 * out here): the only reason a D3D instruction may be refused as over a limit. */
static bool sf_d3d_opnd_outside(const sf_d3d_opnd *o) {
  uint64_t i0 = o->index_dim > 0 ? o->idx[0].imm : 0, i1 = o->index_dim > 1 ? o->idx[1].imm : 0;
  switch (o->type) {
    case SF_D3D_OT_TEMP: return i0 >= 32;
    case SF_D3D_OT_INPUT: return i0 >= 32;
    case SF_D3D_OT_OUTPUT: return i0 >= 8;
    case SF_D3D_OT_CONSTANT_BUFFER: return i0 >= 4 || i1 >= 64;
    case SF_D3D_OT_INDEXABLE_TEMP: return i0 >= 4 || i1 >= 16;
    case SF_D3D_OT_RESOURCE: return i0 >= 256;
    case SF_D3D_OT_SAMPLER: return i0 >= 256;
    default: return false;
  }
}

/* Whether d holds what the reference executor leaves unexecuted (docs/status.md, "not executed"): a relative
 * index anywhere, or an operand type outside temps, inputs, outputs, indexable temps, constant
 * buffers, 32-bit immediates, resources and samplers. */
static bool sf_d3d_unexecuted(const sf_d3d_inst *d) {
  for (unsigned k = 0; k <= d->num_src && k <= SF_D3D_MAX_SRC; k++) {
    const sf_d3d_opnd *o = k ? &d->src[k - 1] : &d->dst;
    switch (o->type) {
      case SF_D3D_OT_TEMP: case SF_D3D_OT_INPUT: case SF_D3D_OT_OUTPUT: case SF_D3D_OT_INDEXABLE_TEMP:
      case SF_D3D_OT_CONSTANT_BUFFER: case SF_D3D_OT_IMM32: case SF_D3D_OT_RESOURCE: case SF_D3D_OT_SAMPLER: break;
      default: return true;
    }
    for (unsigned i = 0; i < o->index_dim && i < 3; i++)
      if (o->idx[i].rep != SF_D3D_IDX_IMM32) return true;
  }
  return false;
}

/* Whether a vISA case holds what the reference leaves unexecuted (docs/status.md, "not executed"): an indirect
 * scalar source, or an AVS block whose sampler asks for adaptive filtering or IEF (neither is
 * publicly specified). IEF applies only when the IEFBypass operand's bit 0 is set too; a state
 * without avs_ief never does, whatever that bit holds. */
static bool sf_visa_unexecuted(const sf_case *c) {
  const sf_inst *in = &c->inst;
  const sf_vopnd *o[9] = {0};
  unsigned n = 0;
  switch (in->family) {
    case SF_FAMILY_SAMPLE_UNORM:
      o[0] = &in->unorm.u, o[1] = &in->unorm.v, o[2] = &in->unorm.du, o[3] = &in->unorm.dv, n = 4;
      break;
    case SF_FAMILY_SAMPLE_3D: o[0] = &in->s3d.aoffimmi, n = 1; break;
    case SF_FAMILY_AVS:
      if (c->samp.avs_adaptive || c->samp.avs_ief) return true;
      o[0] = &in->avs.u_off, o[1] = &in->avs.v_off, o[2] = &in->avs.du, o[3] = &in->avs.dv, o[4] = &in->avs.u2d;
      o[5] = &in->avs.group_id, o[6] = &in->avs.vbn, o[7] = &in->avs.v2d, o[8] = &in->avs.ief_bypass, n = 9;
      break;
    default: return false;
  }
  for (unsigned i = 0; i < n; i++)
    if (o[i]->cls == SF_VCLS_INDIRECT) return true;
  return false;
}

/* The executor's status rc for the case (the same on every backend): a refusal it may give is
 * recorded on v; any other is the finding `refused_valid`. A D3D instruction refused as over a
 * limit must name a register outside the state's file (`limit_reason`): the generator draws
 * indexable temps and constant-buffer vectors past it, and those refusals are right, but an
 * executor that refused every x# register would hide among them; one refused as unsupported, D3D or
 * vISA, must hold what the executor leaves alone (`unsupported_reason`). False on a finding. */
static bool refused_valid(sf_verdict *v, const sf_case *c, const char *feature, const char *key, const char *what,
                          const sf_status *rs) {
  sf_verdict_fail(v, "refused_valid", &c->inst, feature);
  sf_case_key(v, c, key);
  sf_verdict_dumpf(v, "the executor %s (%s): %s\n", what, sf_code_name(rs->code), rs->msg);
  sf_dump_case(v, c);
  return false;
}

bool sf_check_exec_refusal(sf_verdict *v, const sf_case *c, sf_code rc, const sf_status *rs) {
  if (rc == SF_ERR_LIMIT && c->inst.family == SF_FAMILY_D3D) {
    const sf_d3d_inst *d = &c->inst.d3d;
    bool outside = sf_d3d_opnd_outside(&d->dst) || d->dst.type == SF_D3D_OT_INPUT || /* not writable */
                   d->dst.type == SF_D3D_OT_CONSTANT_BUFFER;
    for (unsigned i = 0; i < d->num_src && i < SF_D3D_MAX_SRC; i++) outside |= sf_d3d_opnd_outside(&d->src[i]);
    if (!outside)
      return refused_valid(v, c, "limit_reason", "refused_valid limit_reason",
                           "refused a valid instruction as over a limit, but every register it names lies inside the "
                           "state's register file", rs);
  }
  if (rc == SF_UNSUPPORTED && c->inst.family == SF_FAMILY_D3D && !sf_d3d_unexecuted(&c->inst.d3d))
    return refused_valid(v, c, "unsupported_reason", "refused_valid unsupported_reason",
                         "called a D3D instruction unsupported, but it has no relative index and only register types "
                         "the reference executes", rs);
  if (rc == SF_UNSUPPORTED && c->inst.family != SF_FAMILY_D3D && !sf_visa_unexecuted(c))
    return refused_valid(v, c, "unsupported_reason", "refused_valid unsupported_reason",
                         "called a vISA instruction unsupported, but it has no indirect source and asks for neither AVS "
                         "adaptive filtering nor IEF", rs);
  if (!sf_refusal_of_valid_ok(rc)) return refused_valid(v, c, sf_code_name(rc), "refused_valid", "refused a valid instruction", rs);
  if (rc != SF_OK) sf_verdict_refuse(v, rs);
  return true;
}
