/* d3d_decl.c — D3D asm text: the printer of declarations (every SF_TPF_DCL_* layout of the opcode
 * table, d3d_optab.c) in fxc's spelling; d3d_decl_parse.c reads them back.
 *
 * Token layouts: Microsoft's d3d11TokenizedProgramFormat.hpp (declaration fields of the opcode
 * token, the operand and the DWORDs after it), cross-checked with vkd3d-shader's
 * libs/vkd3d-shader/tpf.c (shader_sm4_read_dcl_* / shader_sm5_read_dcl_*); SM5.1 adds a register
 * range (3-D operand `T0[lo:hi]`) and a register space DWORD (`, space=N`). docs/dxbc.md §6 lists
 * the forms. A layout the printer cannot express returns false with the reason (the program
 * printer then writes `.tpf`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/d3d_text_priv.h"

const char *const da_domain_names[] = {NULL, "domain_isoline", "domain_tri", "domain_quad"};
const char *const da_part_names[] = {NULL, "partitioning_integer", "partitioning_pow2", "partitioning_fractional_odd",
                                     "partitioning_fractional_even"};
const char *const da_outprim_names[] = {NULL, "output_point", "output_line", "output_triangle_cw",
                                        "output_triangle_ccw"};
const char *const da_sampler_modes[] = {"mode_default", "mode_comparison", "mode_mono"};

typedef struct dctx {
  const uint32_t *t;
  size_t n, pos;
  obuf *b;
  char *why;
  size_t whyn;
  bool sm51;
} dctx;

static bool no(dctx *d, const char *fmt, unsigned a) {
  if (d->why && d->whyn) snprintf(d->why, d->whyn, fmt, a);
  return false;
}

static bool dword(dctx *d, uint32_t *v) {
  if (d->pos >= d->n) return no(d, "the declaration ends early (%u DWORDs)", (unsigned)d->n);
  *v = d->t[d->pos++];
  return true;
}

static bool opnd(dctx *d, sf_d3d_opnd *o) {
  sf_status tmp;
  sf_status_clear(&tmp);
  if (da_tpf_dec_opnd(d->t, d->n, &d->pos, o, &tmp)) {
    if (d->why && d->whyn) snprintf(d->why, d->whyn, "operand: %s", tmp.msg);
    return false;
  }
  return true;
}

static bool plain_indices(const sf_d3d_opnd *o) {
  if (o->extended) return false;
  for (unsigned i = 0; i < o->index_dim; i++)
    if (o->idx[i].rep != SF_D3D_IDX_IMM32) return false;
  return true;
}

/* A declaration operand: SM5.1's range form `T0[lo:hi]` (3 immediate indices, the xyzw swizzle
 * fxc writes), else the instruction form. */
static bool print_dopnd(dctx *d, const sf_d3d_opnd *o) {
  if (o->index_dim == 3 && plain_indices(o) && o->num_comp == SF_D3D_NC_4 && o->sel_mode == SF_D3D_SEL_SWIZZLE &&
      o->comp_bits == 0xe4) {
    const char *nm = da_type_name(o->type, d->sm51);
    if (!nm) return no(d, "operand type %u has no name", o->type);
    da_op(d->b, "%s%u[%u:", nm, (unsigned)o->idx[0].imm, (unsigned)o->idx[1].imm);
    if (o->idx[2].imm == 0xffffffffu) da_op(d->b, "*]");
    else da_op(d->b, "%u]", (unsigned)o->idx[2].imm);
    return true;
  }
  if (o->type == SF_D3D_OT_IMM32 || o->type == SF_D3D_OT_IMM64) return no(d, "an immediate as declaration operand (%u)", o->type);
  d->b->dcl = true;
  da_print_opnd(d->b, o, POS_DST);
  d->b->dcl = false;
  return true;
}

static bool rettypes(dctx *d, uint32_t v) {
  if (v >> 16) return no(d, "return-type DWORD bits [31:16] = 0x%x", v >> 16);
  da_op(d->b, " (");
  for (unsigned i = 0; i < 4; i++) {
    unsigned r = (v >> (4 * i)) & 0xf;
    if (r == 0 || r >= N_RT_NAMES) return no(d, "return type %u has no name", r);
    da_op(d->b, "%s%s", i ? "," : "", da_rt_names[r]);
  }
  da_op(d->b, ") ");
  return true;
}

static bool space(dctx *d, const sf_tpf_opinfo *oi) {
  if (!d->sm51 || !(oi->flags & SF_TPF_F_SM51SPACE)) return true;
  uint32_t v;
  if (!dword(d, &v)) return false;
  da_op(d->b, ", space=%u", v);
  return true;
}

static bool ctl_name(dctx *d, const char *const *names, size_t count, unsigned v) {
  if (v >= count || !names[v]) return no(d, "value %u has no name", v);
  da_op(d->b, " %s", names[v]);
  return true;
}

static bool icb(dctx *d, uint32_t cls) {
  if (cls != 3) return no(d, "customdata class %u is not an immediate constant buffer", cls);
  if (d->n < 2 || d->t[1] != d->n) return no(d, "customdata length DWORD does not match (%u)", (unsigned)d->n);
  size_t nv = d->n - 2;
  /* fxc's layout: `dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0},` then one row per line. */
  da_op(d->b, "dcl_immediateConstantBuffer {");
  for (size_t i = 0; i < nv; i++) {
    if (i % 4 == 0) da_op(d->b, i ? "},\n                              { " : " { ");
    else da_op(d->b, ", ");
    uint32_t v = d->t[2 + i];
    char s[64];
    if (v < 0x00800000u) snprintf(s, sizeof s, "%u", v); /* integers (and denormals) as fxc's integer form */
    else da_fmt_imm(v, s);
    da_op(d->b, "%s", s);
  }
  da_op(d->b, nv ? "} }" : " }");
  return true;
}

bool da_dcl_format(const uint32_t *t, size_t n, uint32_t version, obuf *b, char *why, size_t whyn) {
  dctx dd = {t, n, 1, b, why, whyn, (version & 0xff) >= 0x51}, *d = &dd;
  uint32_t op = t[0] & 0x7ff, ctl = (t[0] >> 11) & 0x1fff;
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
  if (!oi || !oi->dcl) return no(d, "opcode 0x%x is not a declaration", op);
  if (oi->dcl == SF_TPF_DCL_CUSTOMDATA) return icb(d, t[0] >> 11);
  if (((t[0] >> 24) & 0x7f) != n) return no(d, "length field %u does not match", (t[0] >> 24) & 0x7f);
  if (t[0] >> 31) return no(d, "extended opcode token on a declaration (0x%x)", t[0]);
  b->sm51 = d->sm51;
  sf_d3d_opnd o;
  uint32_t v = 0, w = 0, x = 0;
  bool ok = true;
  switch (oi->dcl) {
    case SF_TPF_DCL_RESOURCE: {
      unsigned dim = ctl & 0x1f, ms = (ctl >> 5) & 0x7f;
      if ((ctl >> 12) || dim == 0 || dim > 10) return no(d, "resource control field 0x%x", ctl);
      bool is_ms = dim == SF_D3D_DIM_TEX2DMS || dim == SF_D3D_DIM_TEX2DMSARRAY;
      if (ms && !is_ms) return no(d, "sample count %u on a single-sample dimension", ms);
      da_op(b, "dcl_resource_%s", da_dim_names[dim]);
      if (is_ms) da_op(b, "(%u)", ms);
      ok = opnd(d, &o) && dword(d, &v) && rettypes(d, v) && print_dopnd(d, &o) && space(d, oi);
      break;
    }
    case SF_TPF_DCL_CONSTANT_BUFFER:
      if (ctl > 1) return no(d, "constant-buffer control field 0x%x", ctl);
      if (!opnd(d, &o)) return false;
      if (!plain_indices(&o) || o.num_comp != SF_D3D_NC_4 || o.sel_mode != SF_D3D_SEL_SWIZZLE || o.comp_bits != 0xe4 ||
          o.type != SF_D3D_OT_CONSTANT_BUFFER || (o.index_dim != 2 && o.index_dim != 3))
        return no(d, "constant-buffer operand is not cb#[size] / CB#[lo:hi] (index dimension %u)", o.index_dim);
      if (o.index_dim == 2) {
        /* fxc writes the declaration's register upper case in every model (`dcl_constantbuffer
         * CB0[14], immediateIndexed`; DirectXTK's listings), the operands lower case (cb0[3]) */
        da_op(b, "dcl_constantbuffer CB%u[%u]", (unsigned)o.idx[0].imm, (unsigned)o.idx[1].imm);
      } else {
        if (!dword(d, &v)) return false;
        da_op(b, "dcl_constantbuffer %s%u[%u:", da_type_name(8, d->sm51), (unsigned)o.idx[0].imm, (unsigned)o.idx[1].imm);
        if (o.idx[2].imm == 0xffffffffu) da_op(b, "*][%u]", v);
        else da_op(b, "%u][%u]", (unsigned)o.idx[2].imm, v);
      }
      da_op(b, ", %s", ctl ? "dynamicIndexed" : "immediateIndexed");
      ok = o.index_dim == 2 || space(d, oi);
      if (o.index_dim == 2 && d->sm51 && d->pos < d->n) ok = no(d, "an SM5.0 constant buffer followed by %u more DWORDs", (unsigned)(d->n - d->pos));
      break;
    case SF_TPF_DCL_SAMPLER:
      if (ctl > 2) return no(d, "sampler mode %u", ctl);
      da_op(b, "dcl_sampler ");
      ok = opnd(d, &o) && print_dopnd(d, &o);
      da_op(b, ", %s", da_sampler_modes[ctl]);
      ok = ok && space(d, oi);
      break;
    case SF_TPF_DCL_INDEX_RANGE:
      if (ctl) return no(d, "control field 0x%x", ctl);
      da_op(b, "%s ", oi->name);
      ok = opnd(d, &o) && print_dopnd(d, &o) && dword(d, &v);
      da_op(b, " %u", v);
      break;
    case SF_TPF_DCL_GS_TOPOLOGY: case SF_TPF_DCL_GS_PRIMITIVE: case SF_TPF_DCL_CONTROL_POINTS:
    case SF_TPF_DCL_TESS_DOMAIN: case SF_TPF_DCL_TESS_PARTITIONING: case SF_TPF_DCL_TESS_OUTPUT_PRIMITIVE:
      if (ctl >> 6) return no(d, "control field 0x%x", ctl);
      da_op(b, "%s", oi->name);
      if (oi->dcl == SF_TPF_DCL_CONTROL_POINTS) da_op(b, " %u", ctl);
      else if (oi->dcl == SF_TPF_DCL_GS_PRIMITIVE && ctl >= 8 && ctl <= 39) da_op(b, " patch%u", ctl - 7);
      else if (oi->dcl == SF_TPF_DCL_GS_PRIMITIVE) ok = ctl_name(d, da_prim_names, da_n_prim_names, ctl);
      else if (oi->dcl == SF_TPF_DCL_GS_TOPOLOGY) ok = ctl_name(d, da_topo_names, da_n_topo_names, ctl);
      else if (oi->dcl == SF_TPF_DCL_TESS_DOMAIN) ok = ctl_name(d, da_domain_names, 4, ctl);
      else if (oi->dcl == SF_TPF_DCL_TESS_PARTITIONING) ok = ctl_name(d, da_part_names, 5, ctl);
      else ok = ctl_name(d, da_outprim_names, 5, ctl);
      break;
    case SF_TPF_DCL_COUNT: case SF_TPF_DCL_FLOAT:
      if (ctl) return no(d, "control field 0x%x", ctl);
      ok = dword(d, &v);
      if (oi->dcl == SF_TPF_DCL_COUNT) {
        da_op(b, "%s %u", oi->name, v);
      } else {
        char s[64];
        da_fmt_imm(v, s);
        da_op(b, "%s l(%s)", oi->name, s);
      }
      break;
    case SF_TPF_DCL_OPERAND: case SF_TPF_DCL_OPERAND_SV: case SF_TPF_DCL_INPUT_PS: case SF_TPF_DCL_INPUT_PS_SV: {
      bool ps = oi->dcl == SF_TPF_DCL_INPUT_PS || oi->dcl == SF_TPF_DCL_INPUT_PS_SV;
      bool sv = oi->dcl == SF_TPF_DCL_OPERAND_SV || oi->dcl == SF_TPF_DCL_INPUT_PS_SV;
      if (ps ? (ctl == 0 || ctl > 7) : ctl != 0) return no(d, "control field 0x%x", ctl);
      da_op(b, "%s ", oi->name);
      if (ps) da_op(b, "%s ", da_interp_names[ctl]);
      ok = opnd(d, &o) && print_dopnd(d, &o);
      if (ok && sv) {
        ok = dword(d, &v);
        if (ok && v >= N_SV_NAMES) ok = no(d, "system value %u has no name", v);
        if (ok) da_op(b, ", %s", da_sv_names[v]);
      }
      break;
    }
    case SF_TPF_DCL_INDEXABLE_TEMP:
      if (ctl) return no(d, "control field 0x%x", ctl);
      ok = dword(d, &v) && dword(d, &w) && dword(d, &x);
      da_op(b, "dcl_indexableTemp x%u[%u], %u", v, w, x);
      break;
    case SF_TPF_DCL_GLOBAL_FLAGS: {
      if (ctl >> 8) return no(d, "global flags 0x%x have no names", ctl);
      da_op(b, "dcl_globalFlags");
      bool first = true;
      for (unsigned i = 0; i < 8; i++)
        if (ctl & (1u << i)) {
          da_op(b, "%s%s", first ? " " : " | ", da_gflag_names[i]);
          first = false;
        }
      break;
    }
    case SF_TPF_DCL_FUNCTION_BODY:
      if (ctl) return no(d, "control field 0x%x", ctl);
      ok = dword(d, &v);
      da_op(b, "dcl_function_body fb%u", v);
      break;
    case SF_TPF_DCL_FUNCTION_TABLE:
      if (ctl) return no(d, "control field 0x%x", ctl);
      ok = dword(d, &v) && dword(d, &w);
      if (ok && w != n - 3) return no(d, "function table count %u does not match the length", w);
      da_op(b, "dcl_function_table ft%u = {", v);
      for (uint32_t i = 0; ok && i < w; i++) {
        ok = dword(d, &x);
        da_op(b, "%sfb%u", i ? ", " : "", x);
      }
      da_op(b, "}");
      break;
    case SF_TPF_DCL_THREAD_GROUP:
      if (ctl) return no(d, "control field 0x%x", ctl);
      ok = dword(d, &v) && dword(d, &w) && dword(d, &x);
      da_op(b, "dcl_thread_group %u, %u, %u", v, w, x);
      break;
    case SF_TPF_DCL_UAV_TYPED: case SF_TPF_DCL_UAV_RAW: case SF_TPF_DCL_UAV_STRUCTURED: {
      unsigned dim = ctl & 0x1f;
      uint32_t allowed = 0x60 | (oi->dcl == SF_TPF_DCL_UAV_TYPED ? 0x1f : 0) |
                         (oi->dcl == SF_TPF_DCL_UAV_STRUCTURED ? 0x1000 : 0);
      if (ctl & ~allowed) return no(d, "UAV control field 0x%x", ctl);
      if (oi->dcl == SF_TPF_DCL_UAV_TYPED && (dim == 0 || dim > 10)) return no(d, "UAV dimension %u", dim);
      da_op(b, "%s", oi->name);
      if (oi->dcl == SF_TPF_DCL_UAV_TYPED) da_op(b, "_%s", da_dim_names[dim]);
      if (ctl & 0x20) da_op(b, "_glc");
      if (ctl & 0x40) da_op(b, "_rov");
      if (ctl & 0x1000) da_op(b, "_opc");
      if (!opnd(d, &o)) return false;
      if (oi->dcl == SF_TPF_DCL_UAV_TYPED) ok = dword(d, &v) && rettypes(d, v);
      else da_op(b, " ");
      ok = ok && print_dopnd(d, &o);
      if (ok && oi->dcl == SF_TPF_DCL_UAV_STRUCTURED && (ok = dword(d, &v))) da_op(b, ", %u", v);
      ok = ok && space(d, oi);
      break;
    }
    case SF_TPF_DCL_TGSM_RAW: case SF_TPF_DCL_TGSM_STRUCTURED: case SF_TPF_DCL_RESOURCE_RAW:
    case SF_TPF_DCL_RESOURCE_STRUCTURED:
      if (ctl) return no(d, "control field 0x%x", ctl);
      da_op(b, "%s ", oi->name);
      ok = opnd(d, &o) && print_dopnd(d, &o);
      if (ok && oi->dcl != SF_TPF_DCL_RESOURCE_RAW && (ok = dword(d, &v))) da_op(b, ", %u", v);
      if (ok && oi->dcl == SF_TPF_DCL_TGSM_STRUCTURED && (ok = dword(d, &v))) da_op(b, ", %u", v);
      ok = ok && space(d, oi);
      break;
    default:
      return no(d, "opcode 0x%x is not expressed in text (interfaces and interface calls)", op);
  }
  if (ok && d->pos != n) return no(d, "%u DWORDs after the declaration's fields", (unsigned)(n - d->pos));
  return ok;
}
