/* oracles/checks/check_d3d_wrap.c — what the minimal-shader wrapper (sf_dxbc_wrap_sample,
 * docs/dxbc.md §1) must build and must refuse.
 *
 * check_d3d.c wraps every valid instruction the D3D codec targets meet (`wrap`): a refusal must be
 * one the wrapper documents (sf_d3d_wrap_beyond), and a wrapped shader must hold the instruction,
 * declare every register it names (`wrap decls`) and carry the signatures the wrapper documents
 * (`wrap signatures`). The registers at the edges of what a minimal shader declares (r127, cb15,
 * element 4095, a relative slot) come from the fuzzers only by luck, so `wrap_edges` (once per
 * process) wraps fixed instructions on each side of each edge. */
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"

/* What the minimal shader cannot declare (docs/dxbc.md §1, "Operands a minimal shader cannot
 * declare"), read from the instruction on its own: a register other than r/v/o/t/s/cb/x or an
 * immediate, r/v/o/t/s without exactly one immediate index or past r127, v31, o7, s15, cb/x without
 * two indices whose first is immediate, or past slot 15 or element 4095. The wrapper may refuse
 * only these as unsupported; before, any unsupported refusal passed, so a wrapper that refused
 * cb0[r0.x + 1] went unseen. */
static bool sf_d3d_wrap_beyond_reg(uint8_t type, uint8_t idim, const uint64_t idx[3], const bool rel[3]) {
  switch (type) {
    case SF_D3D_OT_TEMP: case SF_D3D_OT_INPUT: case SF_D3D_OT_OUTPUT: case SF_D3D_OT_RESOURCE: case SF_D3D_OT_SAMPLER: {
      uint64_t max = type == SF_D3D_OT_INPUT ? 31 : type == SF_D3D_OT_OUTPUT ? 7 : type == SF_D3D_OT_SAMPLER ? 15 : 127;
      return idim != 1 || rel[0] || idx[0] > max;
    }
    case SF_D3D_OT_CONSTANT_BUFFER: case SF_D3D_OT_INDEXABLE_TEMP:
      return idim != 2 || rel[0] || idx[0] > 15 || idx[1] + 1 + (rel[1] ? 16 : 0) > 4096;
    case SF_D3D_OT_IMM32:
      return false;
    default:
      return true;
  }
}

bool sf_d3d_wrap_beyond(const sf_d3d_inst *d) {
  for (unsigned k = 0; k <= d->num_src && k <= SF_D3D_MAX_SRC; k++) {
    const sf_d3d_opnd *o = k ? &d->src[k - 1] : &d->dst;
    uint64_t idx[3] = {0, 0, 0};
    bool rel[3] = {false, false, false};
    for (unsigned i = 0; i < o->index_dim && i < 3; i++) {
      const sf_d3d_index *ix = &o->idx[i];
      idx[i] = ix->imm;
      rel[i] = ix->rep == SF_D3D_IDX_REL || ix->rep == SF_D3D_IDX_IMM32_REL;
      uint64_t ri[3] = {ix->rel.index[0], ix->rel.index[1], 0};
      const bool none[3] = {false, false, false};
      if (rel[i] && sf_d3d_wrap_beyond_reg(ix->rel.type, ix->rel.index_dim, ri, none)) return true;
    }
    if (sf_d3d_wrap_beyond_reg(o->type, o->index_dim, idx, rel)) return true;
  }
  return false;
}

/* The signatures of a wrapped sample instruction (sf_dxbc_wrap_sample, docs/dxbc.md §2.4): one
 * ISGN element per declared input register v0..vN, TEXCOORDn on register n, float, all four
 * components present and read; one OSGN element per declared output o0..oN, SV_Targetn on register
 * n, float, all four present and written (rw mask 0: none left unwritten). Counted from the
 * program's declarations, decoded from the chunks' bytes. */
bool sf_check_wrap_signatures(sf_verdict *v, const sf_dxbc *c, const sf_tpf_program *p, const sf_inst *in) {
  unsigned want[2] = {0, 0};
  for (size_t i = 0; i < p->count; i++) {
    const sf_tpf_item *it = &p->items[i];
    if (it->kind != SF_TPF_ITEM_OPAQUE || it->ntok < 3) continue;
    unsigned op = it->tok[0] & 0x7ff;
    if (op == SF_TPF_OP_DCL_INPUT_PS && it->tok[2] + 1 > want[0]) want[0] = it->tok[2] + 1;
    if (op == SF_TPF_OP_DCL_OUTPUT && it->tok[2] + 1 > want[1]) want[1] = it->tok[2] + 1;
  }
  static const uint32_t fourcc[2] = {SF_DXBC_ISGN, SF_DXBC_OSGN};
  static const char *const sem[2] = {"TEXCOORD", "SV_Target"};
  for (unsigned s = 0; s < 2; s++) {
    const sf_dxbc_chunk *ch = NULL;
    for (uint32_t i = 0; i < c->nchunks && !ch; i++)
      if (c->chunks[i].fourcc == fourcc[s]) ch = &c->chunks[i];
    sf_dxbc_sig sig;
    sf_status st;
    sf_status_clear(&st);
    memset(&sig, 0, sizeof sig);
    char why[512] = "";
    if (!ch) snprintf(why, sizeof why, "no %s chunk", s ? "OSGN" : "ISGN");
    else if (sf_dxbc_sig_decode(fourcc[s], ch->data, ch->size, &sig, &st) != SF_OK)
      snprintf(why, sizeof why, "%s does not decode: %.300s", s ? "OSGN" : "ISGN", st.msg);
    else if (sig.n != want[s])
      snprintf(why, sizeof why, "%s has %zu elements for %u declared registers", s ? "OSGN" : "ISGN", sig.n, want[s]);
    for (size_t k = 0; !why[0] && k < sig.n; k++) {
      const sf_dxbc_sig_entry *e = &sig.e[k];
      if (strcmp(e->name, sem[s]) || e->semantic_index != k || e->system_value || e->component_type != 3 || e->reg != k ||
          e->mask != 0xf || e->rw_mask != (s ? 0 : 0xf))
        snprintf(why, sizeof why, "%s element %zu: %.64s%u sv %u type %u r%u mask 0x%x rw 0x%x, expected %s%zu sv 0 type 3 r%zu "
                 "mask 0xf rw 0x%x", s ? "OSGN" : "ISGN", k, e->name, e->semantic_index, e->system_value,
                 e->component_type, e->reg, e->mask, e->rw_mask, sem[s], k, k, s ? 0u : 0xfu);
    }
    sf_dxbc_sig_free(&sig);
    if (why[0]) {
      sf_verdict_fail(v, "wrap", in, "signature");
      sf_verdict_key(v, "wrap signature");
      sf_verdict_dumpf(v, "the wrapped shader's signature: %s\n", why);
      return false;
    }
  }
  return true;
}

/* Whether program p declares register (type, i0, i1): i1 is the element of a cb# / x# operand,
 * checked against the declared size only when immediate (known). */
/* An operand token from its fields (docs/dxbc.md §2: components in bits 0-1, selection mode 2-3,
 * selection 4-11, register type 12-19, index dimension 20-21). */
static uint32_t opnd_token(unsigned nc, unsigned sel, unsigned bits, unsigned type, unsigned idim) {
  return (uint32_t)nc | (uint32_t)sel << 2 | (uint32_t)bits << 4 | (uint32_t)type << 12 | (uint32_t)idim << 20;
}

/* The register a declaration names, in the operand form fxc writes for it: t# and s# with no
 * components, cb#[n] as a 4-component .xyzw swizzle with two indices, v# and o# as a 4-component
 * .xyzw mask; dcl_temps and dcl_indexableTemp have no operand token. false: not that form. */
static bool decl_operand_ok(unsigned op, uint32_t tok) {
  switch (op) {
    case 0x58: return tok == opnd_token(SF_D3D_NC_0, 0, 0, SF_D3D_OT_RESOURCE, 1);
    case 0x5a: return tok == opnd_token(SF_D3D_NC_0, 0, 0, SF_D3D_OT_SAMPLER, 1);
    case 0x59: return tok == opnd_token(SF_D3D_NC_4, SF_D3D_SEL_SWIZZLE, 0xe4, SF_D3D_OT_CONSTANT_BUFFER, 2);
    case 0x5f: case 0x62: return tok == opnd_token(SF_D3D_NC_4, SF_D3D_SEL_MASK, 0xf, SF_D3D_OT_INPUT, 1);
    case 0x65: return tok == opnd_token(SF_D3D_NC_4, SF_D3D_SEL_MASK, 0xf, SF_D3D_OT_OUTPUT, 1);
    default: return true;
  }
}

static bool wrap_declared(const sf_tpf_program *p, unsigned type, uint64_t i0, uint64_t i1, bool i1_known, bool cmp) {
  for (size_t i = 0; i < p->count; i++) {
    const sf_tpf_item *it = &p->items[i];
    if (it->kind != SF_TPF_ITEM_OPAQUE || it->ntok < 2) continue;
    const uint32_t *t = it->tok;
    unsigned op = t[0] & 0x7ff;
    if (!decl_operand_ok(op, t[1])) continue; /* declared in a form no runtime reads as that register */
    switch (type) {
      case SF_D3D_OT_TEMP: if (op == 0x68 && t[1] > i0) return true; break;
      case SF_D3D_OT_INPUT: if ((op == 0x62 || op == 0x5f) && it->ntok >= 3 && t[2] == i0) return true; break;
      case SF_D3D_OT_OUTPUT: if (op == 0x65 && it->ntok >= 3 && t[2] == i0) return true; break;
      case SF_D3D_OT_RESOURCE: if (op == 0x58 && it->ntok >= 3 && t[2] == i0) return true; break;
      case SF_D3D_OT_SAMPLER: /* mode_comparison (1, bits 11-14) for sample_c and sample_c_lz, mode_default else */
        if (op == 0x5a && it->ntok >= 3 && t[2] == i0 && (t[0] >> 11 & 0xf) == (cmp ? 1u : 0u)) return true;
        break;
      case SF_D3D_OT_CONSTANT_BUFFER:
        if (op == 0x59 && it->ntok >= 4 && t[2] == i0 && (!i1_known || t[3] > i1)) return true;
        break;
      case SF_D3D_OT_INDEXABLE_TEMP:
        if (op == 0x69 && it->ntok >= 3 && t[1] == i0 && (!i1_known || t[2] > i1)) return true;
        break;
      default: return true; /* immediates: nothing to declare */
    }
  }
  return false;
}

/* `wrap decls`: the wrapped shader declares every register its sample instruction names, the
 * registers of relative indices too (dcl_temps, dcl_input_ps, dcl_output, dcl_resource,
 * dcl_sampler, dcl_constantbuffer and dcl_indexableTemp large enough for an immediate element),
 * each with the operand fxc writes for it (decl_operand_ok), and the sampler in the mode its
 * instruction needs (a comparison sampler for sample_c and sample_c_lz only), as a runtime that
 * validates the shader requires. Worked out from the instruction here, apart
 * from the wrapper's own bookkeeping: a wrapper that left a declaration out still read back. */
bool sf_check_wrap_decls(sf_verdict *v, const sf_tpf_program *p, const sf_d3d_inst *d, const sf_inst *in) {
  /* and no more than that of the numbered files: dcl_temps counts exactly the temps up to the
   * highest one named, and the highest v# and o# declared are ones the instruction names (a
   * wrapper that read a source slot past num_src declared what the instruction does not use) */
  long long top[3] = {-1, -1, -1}; /* r#, v#, o# named by the instruction */
  for (unsigned k = 0; k < d->num_src + 1u && k <= SF_D3D_MAX_SRC; k++) {
    const sf_d3d_opnd *o = k ? &d->src[k - 1] : &d->dst;
    for (unsigned i = 0; i < 4; i++) { /* the operand's relative-index registers (i < 3), then itself */
      unsigned type;
      long long i0;
      if (i == 3) {
        type = o->type, i0 = o->index_dim ? (long long)o->idx[0].imm : -1;
      } else if (i < o->index_dim && (o->idx[i].rep == SF_D3D_IDX_REL || o->idx[i].rep == SF_D3D_IDX_IMM32_REL)) {
        const sf_d3d_relop *r = &o->idx[i].rel;
        type = r->type, i0 = r->index_dim ? (long long)r->index[0] : -1;
      } else {
        continue;
      }
      int f = type == SF_D3D_OT_TEMP ? 0 : type == SF_D3D_OT_INPUT ? 1 : type == SF_D3D_OT_OUTPUT ? 2 : -1;
      if (f >= 0 && i0 > top[f]) top[f] = i0;
    }
  }
  long long got[3] = {-1, -1, -1};
  for (size_t i = 0; i < p->count; i++) {
    const sf_tpf_item *it = &p->items[i];
    if (it->kind != SF_TPF_ITEM_OPAQUE || it->ntok < 2) continue;
    unsigned op = it->tok[0] & 0x7ff;
    if (op == 0x68) got[0] = (long long)it->tok[1] - 1;
    int f = op == 0x62 || op == 0x5f ? 1 : op == 0x65 ? 2 : -1;
    if (f > 0 && it->ntok >= 3 && (long long)it->tok[2] > got[f]) got[f] = (long long)it->tok[2];
  }
  for (unsigned f = 0; f < 3; f++) {
    if (got[f] == top[f]) continue;
    static const char *const file[3] = {"r", "v", "o"};
    sf_verdict_fail(v, "wrap", in, "extra_decls");
    sf_verdict_key(v, "wrap extra_decls %s", file[f]);
    sf_verdict_dumpf(v, "the wrapped shader declares %s# up to %lld, the instruction names them up to %lld\n", file[f],
                     got[f], top[f]);
    return false;
  }
  bool cmp = d->op == SF_D3D_SAMPLE_C || d->op == SF_D3D_SAMPLE_C_LZ; /* wants a comparison sampler */
  for (unsigned k = 0; k <= d->num_src && k <= SF_D3D_MAX_SRC; k++) {
    const sf_d3d_opnd *o = k ? &d->src[k - 1] : &d->dst;
    for (unsigned i = 0; i <= o->index_dim && i <= 3; i++) {
      unsigned type;
      uint64_t i0, i1 = 0;
      bool known = true;
      if (i == o->index_dim) { /* the operand itself */
        type = o->type;
        i0 = o->index_dim ? o->idx[0].imm : 0;
        if (o->index_dim >= 2) i1 = o->idx[1].imm, known = o->idx[1].rep == SF_D3D_IDX_IMM32;
      } else if (o->idx[i].rep == SF_D3D_IDX_REL || o->idx[i].rep == SF_D3D_IDX_IMM32_REL) { /* a relative index's register */
        const sf_d3d_relop *r = &o->idx[i].rel;
        type = r->type, i0 = r->index_dim ? r->index[0] : 0, i1 = r->index_dim >= 2 ? r->index[1] : 0;
      } else {
        continue;
      }
      if (wrap_declared(p, type, i0, i1, known, cmp)) continue;
      sf_verdict_fail(v, "wrap", in, "decls");
      sf_verdict_key(v, "wrap decls");
      sf_verdict_dumpf(v, "the wrapped shader does not declare register type %u index %llu (element %llu%s) of operand %u, or not with the operand token fxc writes for it\n",
                       type, (unsigned long long)i0, (unsigned long long)i1, known ? "" : ", relative", k);
      return false;
    }
  }
  return true;
}

/* `wrap_edges`: valid sample instructions (each validates) at the edges of what the wrapper declares:
 * on the inside, each must be wrapped; past it, refused as unsupported; and sf_d3d_wrap_beyond, the
 * rule the `wrap` check excuses refusals by, must say the same of each. */
static bool sf_check_d3d_wrap_edges(sf_verdict *v) {
  static const struct {
    const char *line;
    bool beyond;
  } cases[] = {
      {"sample r127.xyzw, v31.xyxx, t127.xyzw, s15", false},
      {"sample o7.xyzw, cb15[4095].xyxx, t0.xyzw, s0", false},
      {"sample r0.xyzw, cb0[r1.x + 4079].xyxx, t0.xyzw, s0", false},
      {"sample r0.xyzw, x15[4095].xyxx, t0.xyzw, s0", false},
      {"sample r0.xyzw, x0[r127.x + 4079].xyxx, t0.xyzw, s0", false},
      {"sample r0.xyzw, x0[x1[2].x + 3].xyxx, t0.xyzw, s0", false},
      {"sample r128.xyzw, v0.xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, v32.xyxx, t0.xyzw, s0", true},
      {"sample o8.xyzw, v0.xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, v0.xyxx, t128.xyzw, s0", true},
      {"sample r0.xyzw, v0.xyxx, t0.xyzw, s16", true},
      {"sample r0.xyzw, cb16[0].xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, cb0[4096].xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, cb0[r1.x + 4080].xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, cb[r0.x + 1][2].xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, x[r0.x + 1][2].xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, cb0[r128.x + 0].xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, cb0[v32.x + 0].xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, x16[0].xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, icb[0].xyxx, t0.xyzw, s0", true},
      {"sample r0.xyzw, v[r1.x + 0].xyxx, t0.xyzw, s0", true},
      {"sample o[r1.x + 0].xyzw, v0.xyxx, t0.xyzw, s0", true},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sf_d3d_inst d;
    sf_status st;
    sf_status_clear(&st);
    const char *what = NULL;
    char detail[SF_STATUS_MSG_MAX + 64] = "";
    if (sf_d3dasm_parse_inst(cases[i].line, strlen(cases[i].line), 1, &d, &st) != SF_OK || sf_d3d_inst_validate(&d, NULL)) {
      what = "template";
      snprintf(detail, sizeof detail, "does not parse to a valid instruction: %s", st.msg[0] ? st.msg : "it breaks a rule");
    } else if (sf_d3d_wrap_beyond(&d) != cases[i].beyond) {
      what = "rule";
      snprintf(detail, sizeof detail, "the check's own rule calls it %s the wrapper's limits", cases[i].beyond ? "inside" : "past");
    } else {
      sf_buf out;
      sf_buf_init(&out, &st);
      sf_code rc = sf_dxbc_wrap_sample(&d, 0, &out, &st);
      sf_buf_free(&out);
      if (rc != SF_ERR_NOMEM && rc != (cases[i].beyond ? SF_UNSUPPORTED : SF_OK)) {
        what = cases[i].beyond ? "wrapped" : "refused";
        snprintf(detail, sizeof detail, "wrapped: %s%s%s", sf_code_name(rc), st.msg[0] ? ", " : "", st.msg);
      }
    }
    if (!what) continue;
    return sf_verdict_failf(v, "wrap_edges", what, "'%s' (%s the minimal shader's limits, docs/dxbc.md §1) %s",
                            cases[i].line, cases[i].beyond ? "past" : "inside", detail);
  }
  /* the resource dimension asked of the wrapper: TextureCubeArray (10, the last sample* reads) is
   * declared, 11 (a raw buffer) and 255 are refused as out of range naming the value, from the
   * argument and from the instruction's own RESOURCE_DIM token alike; the declaration's 5-bit field
   * would otherwise take the value's low bits or spill into the token's other fields */
  static const char line[] = "sample r0.xyzw, v0.xyxx, t0.xyzw, s0";
  static const uint8_t dims[] = {10, 11, 255};
  sf_d3d_inst d;
  sf_status st;
  sf_status_clear(&st);
  if (sf_d3dasm_parse_inst(line, sizeof line - 1, 1, &d, &st) != SF_OK) {
    sf_verdict_fail(v, "wrap_edges", NULL, "dim_template");
    sf_verdict_key(v, "wrap_edges dim_template");
    sf_verdict_dumpf(v, "'%s' does not parse: %s\n", line, st.msg);
    return false;
  }
  for (unsigned i = 0; i < 2 * sizeof dims; i++) {
    uint8_t dim = dims[i % sizeof dims];
    bool own = i >= sizeof dims; /* the dimension from the instruction's token, not the argument */
    sf_d3d_inst w = d;
    if (own) w.has_resdim = true, w.resdim = dim;
    sf_buf out;
    sf_status_clear(&st);
    sf_buf_init(&out, &st);
    sf_code rc = sf_dxbc_wrap_sample(&w, own ? 0 : dim, &out, &st);
    sf_buf_free(&out);
    char num[8];
    snprintf(num, sizeof num, "%u", dim);
    bool ok = rc == SF_ERR_NOMEM || (dim <= SF_D3D_DIM_TEXCUBEARRAY ? rc == SF_OK : rc == SF_ERR_RANGE && strstr(st.msg, num));
    if (ok) continue;
    sf_verdict_fail(v, "wrap_edges", NULL, "dim");
    sf_verdict_key(v, "wrap_edges dim %s", dim <= SF_D3D_DIM_TEXCUBEARRAY ? "inside" : "past");
    sf_verdict_dumpf(v, "'%s' wrapped with resource dimension %u (%s): %s%s%s; want %s\n", line, dim,
                     own ? "its RESOURCE_DIM token" : "the argument", sf_code_name(rc), st.msg[0] ? ", " : "", st.msg,
                     dim <= SF_D3D_DIM_TEXCUBEARRAY ? "success" : "out of range, naming the dimension");
    return false;
  }
  /* with no dimension asked (0), the wrapper takes the instruction's RESOURCE_DIM only when it has
   * the token and it names one: a dimension left in the field without the token (has_resdim false),
   * or a token of 0 (unknown), gives Texture2D, the same bytes as asking for it */
  for (unsigned k = 0; k < 2; k++) {
    sf_d3d_inst w = d;
    w.has_resdim = k == 1, w.resdim = k ? 0 : SF_D3D_DIM_TEX3D;
    sf_buf a, b;
    sf_status_clear(&st);
    sf_buf_init(&a, &st);
    sf_buf_init(&b, &st);
    sf_code ra = sf_dxbc_wrap_sample(&w, 0, &a, &st), rb = sf_dxbc_wrap_sample(&w, SF_D3D_DIM_TEX2D, &b, &st);
    bool ok = ra == SF_ERR_NOMEM || rb == SF_ERR_NOMEM ||
              (ra == SF_OK && rb == SF_OK && a.len == b.len && memcmp(a.data, b.data, a.len) == 0);
    sf_buf_free(&a);
    sf_buf_free(&b);
    if (!ok)
      return sf_verdict_failf(v, "wrap_edges", "dim_default", "'%s' with %s, wrapped with no dimension asked: %s / %s with "
                              "Texture2D asked, or the bytes differ; want Texture2D's bytes", line,
                              k ? "a RESOURCE_DIM token of 0" : "resdim 3D left without its token", sf_code_name(ra),
                              sf_code_name(rb));
  }
  return true;
}

SF_CHECK_ONCE_FN(sf_check_d3d_wrap_edges)
