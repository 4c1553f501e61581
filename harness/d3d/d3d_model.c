/* d3d_model.c — validate / equal / canonicalize / diff for the D3D SM4/SM5 sample family
 * (sf_d3d_inst, declared in samplefuzz/inst.h): the D3D row of the model's operations table
 * (harness/model/family.h), through which sf_inst_* in harness/model/inst.c dispatch here.
 *
 * Rules follow Microsoft's "sample (sm4 - asm)" reference ("제한" restrictions: srcResource must be t#, srcSampler
 * s#, no relative addressing on either, srcAddress r#/x#/cb#/v#/immediate, dest r#/x#/o#, no
 * _aoffimmi on TextureCube, offsets are 4-bit two's complement in [-8,7]) and the token layout of
 * docs/dxbc.md (operand counts, index dimensions, component selection). */
#include <stdio.h>
#include <string.h>

#include "harness/model/family.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/bytes.h"

/* The index dimension fxc uses for an operand type in a pixel shader; -1 = no fixed rule. */
int sf_d3d_opnd_index_dim(uint8_t t) {
  switch (t) {
    case SF_D3D_OT_TEMP: case SF_D3D_OT_INPUT: case SF_D3D_OT_OUTPUT: case SF_D3D_OT_SAMPLER: case SF_D3D_OT_RESOURCE:
    case SF_D3D_OT_IMM_CONSTANT_BUFFER:
      return 1;
    case SF_D3D_OT_INDEXABLE_TEMP: case SF_D3D_OT_CONSTANT_BUFFER:
      return 2;
    case SF_D3D_OT_IMM32: case SF_D3D_OT_NULL:
      return 0;
    default:
      return -1;
  }
}

static bool has_rel(const sf_d3d_opnd *o) {
  for (unsigned i = 0; i < o->index_dim && i < 3; i++)
    if (o->idx[i].rep == SF_D3D_IDX_REL || o->idx[i].rep == SF_D3D_IDX_IMM32_REL) return true;
  return false;
}

static void check_common(const sf_d3d_opnd *o, const char *name, sf_violations *out) {
  if (o->num_comp > 3) sf_violation_add(out, "d3d.opnd.num_comp", "%s: num_comp %u does not fit 2 bits", name, o->num_comp);
  else if (o->num_comp == SF_D3D_NC_N) sf_violation_add(out, "d3d.opnd.num_comp", "%s: N-component operands are not allowed", name);
  if (o->num_comp != SF_D3D_NC_4 && (o->sel_mode || o->comp_bits))
    sf_violation_add(out, "d3d.opnd.reserved", "%s: selection bits must be 0 for a %s-component operand", name,
                     o->num_comp == SF_D3D_NC_0 ? "0" : "1");
  if (o->num_comp == SF_D3D_NC_4) {
    if (o->sel_mode > 2) sf_violation_add(out, "d3d.opnd.sel_mode", "%s: selection mode %u does not exist", name, o->sel_mode);
    if (o->sel_mode == SF_D3D_SEL_MASK && (o->comp_bits & 0xf0))
      sf_violation_add(out, "d3d.opnd.reserved", "%s: mask mode uses 4 bits; bits [11:8] are reserved", name);
    if (o->sel_mode == SF_D3D_SEL_SELECT1 && (o->comp_bits & 0xfc))
      sf_violation_add(out, "d3d.opnd.reserved", "%s: select_1 mode uses 2 bits; bits [11:6] are reserved", name);
  }
  if (o->index_dim > 3) sf_violation_add(out, "d3d.opnd.index_dim", "%s: index dimension %u > 3", name, o->index_dim);
  int w = sf_d3d_opnd_index_dim(o->type);
  if (w >= 0 && o->index_dim != (unsigned)w)
    sf_violation_add(out, "d3d.opnd.index_dim", "%s: operand type %u needs %d index dimension(s), has %u", name, o->type,
                     w, o->index_dim);
  for (unsigned i = 0; i < o->index_dim && i < 3; i++) {
    const sf_d3d_index *ix = &o->idx[i];
    if (ix->rep > SF_D3D_IDX_IMM64_REL)
      sf_violation_add(out, "d3d.index.rep", "%s: index %u representation %u does not exist", name, i, ix->rep);
    else if (ix->rep == SF_D3D_IDX_IMM64 || ix->rep == SF_D3D_IDX_IMM64_REL)
      sf_violation_add(out, "d3d.index.imm64", "%s: index %u is a 64-bit immediate (not used by SM4/SM5 registers)", name, i);
    if ((ix->rep == SF_D3D_IDX_IMM32 || ix->rep == SF_D3D_IDX_IMM32_REL) && ix->imm > 0xffffffffu)
      sf_violation_add(out, "d3d.index.range", "%s: index %u value %llu does not fit 32 bits", name, i,
                       (unsigned long long)ix->imm);
    if (ix->rep == SF_D3D_IDX_REL || ix->rep == SF_D3D_IDX_IMM32_REL) {
      const sf_d3d_relop *r = &ix->rel;
      if (r->index_dim > 2)
        sf_violation_add(out, "d3d.rel.index_dim", "%s: a relative-index register has at most 2 indices", name);
      if (r->type != SF_D3D_OT_TEMP && r->type != SF_D3D_OT_INDEXABLE_TEMP && r->type != SF_D3D_OT_INPUT)
        sf_violation_add(out, "d3d.rel.type", "%s: relative index register of type %u (must be r#, x# or v#)", name,
                           r->type);
      bool one = (r->num_comp == SF_D3D_NC_4 && r->sel_mode == SF_D3D_SEL_SELECT1) || r->num_comp == SF_D3D_NC_1;
      if (!one) sf_violation_add(out, "d3d.rel.select1", "%s: a relative index must select one component", name);
      if (r->num_comp == SF_D3D_NC_4 && r->sel_mode == SF_D3D_SEL_SELECT1 && (r->comp_bits & 0xfc))
        sf_violation_add(out, "d3d.opnd.reserved", "%s: relative index: select_1 bits [11:6] are reserved", name);
    }
  }
  if (o->modifier > 3) sf_violation_add(out, "d3d.opnd.modifier", "%s: modifier %u does not exist", name, o->modifier);
  if (o->min_precision == 3 || o->min_precision > 5)
    sf_violation_add(out, "d3d.opnd.min_precision", "%s: min precision %u does not exist", name, o->min_precision);
  if (o->type == SF_D3D_OT_IMM32 && o->num_comp != SF_D3D_NC_1 && o->num_comp != SF_D3D_NC_4)
    sf_violation_add(out, "d3d.imm.num_comp", "%s: an immediate needs 1 or 4 components", name);
}

/* The fourth source by what the opcode makes of it (Microsoft's "sample_c", "sample_l", "sample_b" and
 * "sample_d (sm4 - asm)" pages name it so); the fifth is sample_d's ddy. */
static const char *src3_name(uint8_t op) {
  switch (op) {
  case SF_D3D_SAMPLE_C:
  case SF_D3D_SAMPLE_C_LZ: return "reference";
  case SF_D3D_SAMPLE_L: return "lod";
  case SF_D3D_SAMPLE_B: return "bias";
  case SF_D3D_SAMPLE_D: return "ddx";
  default: return "src3"; /* no sample opcode has a fourth source otherwise (d3d.num_src says so) */
  }
}

/* A source that is read as a float vector/scalar: address, reference, lod, bias, ddx, ddy. */
static void check_value_src(const sf_d3d_opnd *o, const char *name, bool scalar, sf_violations *out) {
  check_common(o, name, out);
  bool ok = o->type == SF_D3D_OT_TEMP || o->type == SF_D3D_OT_INDEXABLE_TEMP || o->type == SF_D3D_OT_CONSTANT_BUFFER ||
            o->type == SF_D3D_OT_INPUT || o->type == SF_D3D_OT_IMM32 || o->type == SF_D3D_OT_IMM_CONSTANT_BUFFER;
  if (!ok)
    sf_violation_add(out, "d3d.src.type", "%s: operand type %u; must be r#, x#, cb#, icb, v# or an immediate", name,
                     o->type);
  if (o->type != SF_D3D_OT_IMM32) {
    if (o->num_comp != SF_D3D_NC_4)
      sf_violation_add(out, "d3d.src.num_comp", "%s: a register source must have 4 components", name);
    else if (o->sel_mode == SF_D3D_SEL_MASK)
      sf_violation_add(out, "d3d.src.sel_mode", "%s: a source uses swizzle or select_1 mode, not mask mode", name);
    else if (scalar && o->sel_mode != SF_D3D_SEL_SELECT1)
      sf_violation_add(out, "d3d.src.scalar", "%s: a scalar source (reference, LOD or bias) selects one component (.x)", name);
  } else if (scalar && o->num_comp != SF_D3D_NC_1) {
    sf_violation_add(out, "d3d.src.scalar", "%s: a scalar immediate is l(x)", name);
  }
}

unsigned sf_d3d_inst_validate(const sf_d3d_inst *d, sf_violations *out) {
  sf_violations local;
  if (!out) { /* only the count is wanted: no reasons, and no clearing of the 8 KB entry array */
    local.count = 0;
    local.total = 0;
    local.rules_only = true;
    out = &local;
  }
  unsigned before = out->total;
  const char *name = sf_d3d_op_name(d->op);
  if (!name) {
    sf_violation_add(out, "d3d.op", "opcode 0x%x is not in the sample family", d->op);
    return out->total - before;
  }
  unsigned want = sf_d3d_op_num_src(d->op);
  if (d->num_src != want)
    sf_violation_add(out, "d3d.num_src", "%s takes %u source operands, has %u", name, want, d->num_src);
  if (d->has_aoffimmi) {
    for (unsigned c = 0; c < 3; c++)
      if (d->aoffimmi[c] < -8 || d->aoffimmi[c] > 7)
        sf_violation_add(out, "d3d.aoffimmi.range", "aoffimmi %c = %d outside [-8, 7]", "uvw"[c], d->aoffimmi[c]);
    if (d->has_resdim && (d->resdim == SF_D3D_DIM_TEXCUBE || d->resdim == SF_D3D_DIM_TEXCUBEARRAY))
      sf_violation_add(out, "d3d.aoffimmi.cube", "_aoffimmi is not allowed on TextureCube / TextureCubeArray");
  }
  if (d->has_resdim) {
    if (d->resdim == SF_D3D_DIM_UNKNOWN || d->resdim == SF_D3D_DIM_BUFFER || d->resdim == SF_D3D_DIM_TEX2DMS ||
        d->resdim == SF_D3D_DIM_TEX2DMSARRAY || d->resdim > SF_D3D_DIM_TEXCUBEARRAY)
      sf_violation_add(out, "d3d.resdim", "resource dimension %u cannot be sampled (buffer, MS and unknown cannot)",
                       d->resdim);
    if (d->resdim_stride) sf_violation_add(out, "d3d.resdim.stride", "RESOURCE_DIM stride %u must be 0 for textures", d->resdim_stride);
  }
  if (d->has_rettype)
    for (unsigned c = 0; c < 4; c++) {
      if (d->rettype[c] < 1 || d->rettype[c] > 9)
        sf_violation_add(out, "d3d.rettype", "return type %u of component %c does not exist (1-9)", d->rettype[c], "xyzw"[c]);
      else if (d->rettype[c] != 1 && d->rettype[c] != 2 && d->rettype[c] != 5)
        sf_violation_add(out, "d3d.rettype.sample", "return type %u of component %c: sampling (filtering) needs a "
                         "float-returning resource (unorm, snorm or float)", d->rettype[c], "xyzw"[c]);
    }
  if (d->has_resdim && d->resdim == SF_D3D_DIM_TEX3D && (d->op == SF_D3D_SAMPLE_C || d->op == SF_D3D_SAMPLE_C_LZ))
    sf_violation_add(out, "d3d.sample_c.dim", "comparison sampling is not defined on Texture3D (1D, 2D, cube and their "
                     "arrays only)");
  {
    bool seen[4] = {false, false, false, false}, bad = false, gap = false;
    for (unsigned i = 0; i < 3; i++) {
      uint8_t t = d->ext_order[i];
      if (t == 0) {
        gap = true;
        continue;
      }
      if (t > 3 || seen[t] || gap) bad = true;
      else seen[t] = true;
    }
    bool any = d->ext_order[0] || d->ext_order[1] || d->ext_order[2];
    if (bad || (any && (seen[1] != d->has_aoffimmi || seen[2] != d->has_resdim || seen[3] != d->has_rettype)))
      sf_violation_add(out, "d3d.ext_order", "extended-token order {%u,%u,%u} does not match the tokens present",
                       d->ext_order[0], d->ext_order[1], d->ext_order[2]);
  }
  if (d->precise > 15) sf_violation_add(out, "d3d.precise", "precise mask 0x%x does not fit 4 bits", d->precise);
  /* Destination. */
  const sf_d3d_opnd *o = &d->dst;
  check_common(o, "dst", out);
  if (o->type != SF_D3D_OT_TEMP && o->type != SF_D3D_OT_INDEXABLE_TEMP && o->type != SF_D3D_OT_OUTPUT)
    sf_violation_add(out, "d3d.dst.type", "dst: operand type %u; must be r#, x# or o#", o->type);
  if (o->num_comp != SF_D3D_NC_4 || o->sel_mode != SF_D3D_SEL_MASK)
    sf_violation_add(out, "d3d.dst.mask", "dst: must be a 4-component operand in mask mode");
  else if ((o->comp_bits & 0xf) == 0)
    sf_violation_add(out, "d3d.dst.mask", "dst: the write mask is empty");
  if (o->modifier) sf_violation_add(out, "d3d.dst.modifier", "dst: source modifiers (-, |.|) are not allowed on a destination");
  /* Sources. */
  unsigned n = d->num_src < SF_D3D_MAX_SRC ? d->num_src : SF_D3D_MAX_SRC;
  for (unsigned i = 0; i < n; i++) {
    o = &d->src[i];
    if (i == 0) {
      check_value_src(o, "address", false, out);
    } else if (i == 1 || i == 2) {
      const char *nm = i == 1 ? "resource" : "sampler";
      check_common(o, nm, out);
      uint8_t t = i == 1 ? SF_D3D_OT_RESOURCE : SF_D3D_OT_SAMPLER;
      if (o->type != t)
        sf_violation_add(out, i == 1 ? "d3d.src.resource.type" : "d3d.src.sampler.type", "%s: operand type %u; must be %s",
                         nm, o->type, i == 1 ? "t#" : "s#");
      if (has_rel(o))
        sf_violation_add(out, "d3d.src.relative", "%s: relative addressing is not allowed on t#/s#", nm);
      if (o->modifier) sf_violation_add(out, "d3d.src.modifier", "%s: modifiers are not allowed on t#/s#", nm);
      if (i == 1 && (o->num_comp != SF_D3D_NC_4 || o->sel_mode != SF_D3D_SEL_SWIZZLE))
        sf_violation_add(out, "d3d.src.resource.swizzle", "resource: must be a 4-component operand with a swizzle");
      if (i == 2 && o->num_comp != SF_D3D_NC_0)
        sf_violation_add(out, "d3d.src.sampler.num_comp", "sampler: must be a 0-component operand (bare s#)");
    } else {
      bool scalar = d->op != SF_D3D_SAMPLE_D;
      check_value_src(o, i == 3 ? src3_name(d->op) : "ddy", scalar, out);
    }
  }
  return out->total - before;
}

/* ---- equal / canonicalize / diff ------------------------------------------------------------ */

static void canon_relop(sf_d3d_relop *r) {
  if (r->num_comp != SF_D3D_NC_4) {
    r->sel_mode = 0;
    r->comp_bits = 0;
  } else if (r->sel_mode == SF_D3D_SEL_MASK) {
    r->comp_bits &= 0xf;
  } else if (r->sel_mode == SF_D3D_SEL_SELECT1) {
    r->comp_bits &= 3;
  }
  for (unsigned i = r->index_dim; i < 2; i++) r->index[i] = 0;
}

static void canon_opnd(sf_d3d_opnd *o) {
  if (o->num_comp != SF_D3D_NC_4) {
    o->sel_mode = 0;
    o->comp_bits = 0;
  } else if (o->sel_mode == SF_D3D_SEL_MASK) {
    o->comp_bits &= 0xf;
  } else if (o->sel_mode == SF_D3D_SEL_SELECT1) {
    o->comp_bits &= 3;
  }
  o->extended = o->modifier || o->min_precision || o->nonuniform;
  if (o->type == SF_D3D_OT_IMM32) {
    o->sel_mode = 0;
    o->comp_bits = 0;
    o->index_dim = 0;
    if (o->num_comp == SF_D3D_NC_1) o->imm[1] = o->imm[2] = o->imm[3] = 0;
  } else {
    memset(o->imm, 0, sizeof o->imm);
  }
  for (unsigned i = 0; i < 3; i++) {
    sf_d3d_index *ix = &o->idx[i];
    if (i >= o->index_dim || o->type == SF_D3D_OT_IMM32) {
      memset(ix, 0, sizeof *ix);
      continue;
    }
    bool rel = sf_d3d_idx_rel(ix->rep);
    if (ix->rep == SF_D3D_IDX_REL) ix->imm = 0;
    if (!rel) memset(&ix->rel, 0, sizeof ix->rel);
    else canon_relop(&ix->rel);
  }
}

void sf_d3d_inst_canonicalize(sf_d3d_inst *d) {
  if (!d->has_aoffimmi) memset(d->aoffimmi, 0, sizeof d->aoffimmi);
  if (!d->has_resdim) {
    d->resdim = 0;
    d->resdim_stride = 0;
  }
  if (!d->has_rettype) memset(d->rettype, 0, sizeof d->rettype);
  unsigned k = 0;
  memset(d->ext_order, 0, sizeof d->ext_order);
  if (d->has_aoffimmi) d->ext_order[k++] = 1;
  if (d->has_resdim) d->ext_order[k++] = 2;
  if (d->has_rettype) d->ext_order[k++] = 3;
  canon_opnd(&d->dst);
  for (unsigned i = 0; i < SF_D3D_MAX_SRC; i++) {
    if (i < d->num_src) canon_opnd(&d->src[i]);
    else memset(&d->src[i], 0, sizeof d->src[i]);
  }
}

/* Field-by-field comparison that writes the first difference; used by equal (buf == NULL) and diff.
 * Field paths are formatted only when a difference can still be reported into buf: equality, the
 * passing path of every check, formats nothing. */
typedef struct dctx {
  char *buf;
  size_t n;
  bool differ;
} dctx;

SF_NO_COVERAGE static bool cmpf(dctx *c, const char *path, unsigned long long a, unsigned long long b) {
  if (c->differ) return false;
  if (a == b) return true;
  c->differ = true;
  if (c->buf && c->n) snprintf(c->buf, c->n, "%s: %llu vs %llu", path, a, b);
  return false;
}

#define CMP(path, fa, fb) cmpf(c, path, (unsigned long long)(fa), (unsigned long long)(fb))

SF_NO_COVERAGE static void diff_relop(dctx *c, const char *p, const sf_d3d_relop *a, const sf_d3d_relop *b) {
  char path[128] = "";
  p = p ? p : "";
#define RF(f)                                                        \
  if (c->buf && !c->differ) snprintf(path, sizeof path, "%.80s.rel." #f, p); \
  CMP(path, a->f, b->f);
  RF(type) RF(num_comp) RF(sel_mode) RF(comp_bits) RF(index_dim)
#undef RF
  for (unsigned i = 0; i < a->index_dim && i < 2; i++) {
    if (c->buf && !c->differ) snprintf(path, sizeof path, "%.80s.rel.index[%u]", p, i);
    CMP(path, a->index[i], b->index[i]);
  }
}

SF_NO_COVERAGE static void diff_opnd(dctx *c, const char *p, const sf_d3d_opnd *a, const sf_d3d_opnd *b) {
  char path[96] = "";
#define OF(f)                                                  \
  if (c->buf && !c->differ) snprintf(path, sizeof path, "%s." #f, p); \
  CMP(path, a->f, b->f);
  OF(type) OF(num_comp) OF(sel_mode) OF(comp_bits) OF(index_dim) OF(extended) OF(modifier) OF(min_precision)
  OF(nonuniform)
#undef OF
  if (a->type == SF_D3D_OT_IMM32) {
    unsigned n = a->num_comp == SF_D3D_NC_1 ? 1 : 4;
    for (unsigned i = 0; i < n; i++) {
      if (c->buf && !c->differ) snprintf(path, sizeof path, "%s.imm[%u]", p, i);
      CMP(path, a->imm[i], b->imm[i]);
    }
    return;
  }
  for (unsigned i = 0; i < a->index_dim && i < 3; i++) {
    const sf_d3d_index *x = &a->idx[i], *y = &b->idx[i];
    if (c->buf && !c->differ) snprintf(path, sizeof path, "%s.idx[%u].rep", p, i);
    CMP(path, x->rep, y->rep);
    if (x->rep != SF_D3D_IDX_REL) {
      if (c->buf && !c->differ) snprintf(path, sizeof path, "%s.idx[%u].imm", p, i);
      CMP(path, x->imm, y->imm);
    }
    if (sf_d3d_idx_rel(x->rep)) {
      if (c->buf && !c->differ) snprintf(path, sizeof path, "%s.idx[%u]", p, i);
      diff_relop(c, path, &x->rel, &y->rel);
    }
  }
}

SF_NO_COVERAGE static void diff_inst(dctx *c, const sf_d3d_inst *a, const sf_d3d_inst *b) {
  CMP("d3d.op", a->op, b->op);
  CMP("d3d.sat", a->sat, b->sat);
  CMP("d3d.precise", a->precise, b->precise);
  CMP("d3d.has_aoffimmi", a->has_aoffimmi, b->has_aoffimmi);
  if (a->has_aoffimmi)
    for (unsigned i = 0; i < 3; i++) CMP("d3d.aoffimmi", (long long)a->aoffimmi[i], (long long)b->aoffimmi[i]);
  CMP("d3d.has_resdim", a->has_resdim, b->has_resdim);
  if (a->has_resdim) {
    CMP("d3d.resdim", a->resdim, b->resdim);
    CMP("d3d.resdim_stride", a->resdim_stride, b->resdim_stride);
  }
  CMP("d3d.has_rettype", a->has_rettype, b->has_rettype);
  if (a->has_rettype)
    for (unsigned i = 0; i < 4; i++) CMP("d3d.rettype", a->rettype[i], b->rettype[i]);
  for (unsigned i = 0; i < 3; i++) CMP("d3d.ext_order", a->ext_order[i], b->ext_order[i]);
  CMP("d3d.num_src", a->num_src, b->num_src);
  diff_opnd(c, "d3d.dst", &a->dst, &b->dst);
  for (unsigned i = 0; i < a->num_src && i < SF_D3D_MAX_SRC; i++) {
    char p[24] = "";
    if (c->buf && !c->differ) snprintf(p, sizeof p, "d3d.src[%u]", i);
    diff_opnd(c, p, &a->src[i], &b->src[i]);
  }
}

SF_NO_COVERAGE bool sf_d3d_inst_equal(const sf_d3d_inst *a, const sf_d3d_inst *b) {
  dctx c = {NULL, 0, false};
  diff_inst(&c, a, b);
  return !c.differ;
}

SF_NO_COVERAGE const char *sf_d3d_inst_diff(const sf_d3d_inst *a, const sf_d3d_inst *b, char *buf, size_t n) {
  if (!n) buf = NULL; /* a buffer of no bytes is no buffer (inst.h) */
  if (buf) buf[0] = '\0';
  /* a first pass without the buffer: equal instructions (the common case) cost no formatting */
  dctx c = {NULL, 0, false};
  diff_inst(&c, a, b);
  if (!c.differ || !buf) return c.differ ? "?" : buf ? buf : "";
  c = (dctx){buf, n, false};
  diff_inst(&c, a, b);
  return buf;
}

/* Names and source counts come from the opcode table (d3d_optab.c); only its sample-family rows
 * are sf_d3d_inst opcodes. */
const char *sf_d3d_op_name(uint8_t op) {
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
  return oi && (oi->flags & SF_TPF_F_SAMPLE) ? oi->name : NULL;
}

unsigned sf_d3d_op_num_src(uint8_t op) {
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
  return oi && (oi->flags & SF_TPF_F_SAMPLE) ? sf_tpf_opinfo_nsrc(oi) : 0;
}

/* ---- The family's operations (harness/model/family.h) ----------------------------------------- */

static unsigned d3d_validate(const sf_inst *in, sf_violations *out) { return sf_d3d_inst_validate(&in->d3d, out); }

static void d3d_canonicalize(sf_inst *in) { sf_d3d_inst_canonicalize(&in->d3d); }

SF_NO_COVERAGE static const char *d3d_diff(const sf_inst *a, const sf_inst *b, char *buf, size_t n) {
  if (!buf || !n) return sf_d3d_inst_equal(&a->d3d, &b->d3d) ? "" : "?";
  char tmp[160];
  const char *r = sf_d3d_inst_diff(&a->d3d, &b->d3d, tmp, sizeof tmp);
  if (!r[0]) return "";
  snprintf(buf, n, "d3d.%s", r);
  return buf;
}

const sf_family_ops sf_d3d_family_ops = {"D3D", d3d_validate, d3d_canonicalize, d3d_diff};
