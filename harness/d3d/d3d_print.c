/* d3d_print.c — D3D asm text: the operand and instruction printer (sf_d3dasm_print_inst), fxc's
 * spelling (suffixes `_aoffimmi`, `_indexable`, then `(u,v,w)(dim)(rt,rt,rt,rt)`; 4-letter swizzles
 * vs select_1; modifiers; relative indices) and samplefuzz's extensions for encodings fxc never
 * prints (docs/dxbc.md "text forms"). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/d3d_text_priv.h"



static void print_comps(obuf *b, unsigned nc, unsigned sel, unsigned comp, int pos, unsigned bare_nc) {
  static const char L[] = "xyzw";
  if (nc != SF_D3D_NC_4) {
    if (nc != bare_nc) da_op(b, ".c%u", nc);
    return;
  }
  if (sel == SF_D3D_SEL_MASK) {
    char m[5];
    size_t k = 0;
    for (unsigned i = 0; i < 4; i++)
      if (comp & (1u << i)) m[k++] = L[i];
    m[k] = 0;
    if (pos == POS_DST && k) da_op(b, ".%s", m);
    else da_op(b, ".mask(%s)", m);
  } else if (sel == SF_D3D_SEL_SWIZZLE) {
#if SF_CANARY == 7
    /* canary 7: copy-paste slip: the third swizzle letter is printed from the second's bits */
    char s[5] = {L[comp & 3], L[(comp >> 2) & 3], L[(comp >> 2) & 3], L[(comp >> 6) & 3], 0};
#else
    char s[5] = {L[comp & 3], L[(comp >> 2) & 3], L[(comp >> 4) & 3], L[(comp >> 6) & 3], 0};
#endif
    da_op(b, pos == POS_SRC ? ".%s" : ".swz(%s)", s);
  } else {
    da_op(b, pos == POS_SRC ? ".%c" : ".sel(%c)", L[comp & 3]);
  }
}

static void print_relop(obuf *b, const sf_d3d_relop *r) {
  const type_name *tn = da_type_by_num(r->type);
  const char *nm = da_type_name(r->type, b->sm51);
  da_op(b, "%s", nm ? nm : "?");
  for (unsigned i = 0; i < r->index_dim && i < 2; i++) da_op(b, i ? "[%u]" : "%u", r->index[i]);
  print_comps(b, r->num_comp, r->sel_mode, r->comp_bits, POS_SRC, tn ? tn->bare_nc : 0);
}

void da_print_opnd(obuf *b, const sf_d3d_opnd *o, int pos) {
  if (o->modifier & 1) da_op(b, "-");
  if (o->modifier & 2) da_op(b, "|");
  if (o->type == SF_D3D_OT_IMM32) {
    unsigned n = o->num_comp == SF_D3D_NC_1 ? 1 : 4;
    da_op(b, "l(");
    for (unsigned i = 0; i < n; i++) {
      char t[64];
      if (b->imm == 'i') snprintf(t, sizeof t, "%d", (int)(int32_t)o->imm[i]);
      else if (b->imm == 'u') snprintf(t, sizeof t, "%u", o->imm[i]);
      else da_fmt_imm(o->imm[i], t);
      da_op(b, "%s%s", i ? ", " : "", t);
    }
    da_op(b, ")");
  } else if (o->type == SF_D3D_OT_IMM64) {
    unsigned n = o->num_comp == SF_D3D_NC_1 ? 1 : 2;
    da_op(b, "d(");
    for (unsigned i = 0; i < n; i++) {
      char t[64];
      da_fmt_imm64((uint64_t)o->imm[2 * i] | ((uint64_t)o->imm[2 * i + 1] << 32), t);
      da_op(b, "%s%s", i ? ", " : "", t);
    }
    da_op(b, ")");
  } else {
    const type_name *tn = da_type_by_num(o->type);
    const char *nm = da_type_name(o->type, b->sm51);
    da_op(b, "%s", nm ? nm : "?");
    for (unsigned i = 0; i < o->index_dim && i < 3; i++) {
      const sf_d3d_index *ix = &o->idx[i];
      if (ix->rep == SF_D3D_IDX_IMM32) {
        da_op(b, i ? "[%llu]" : "%llu", (unsigned long long)ix->imm);
      } else {
        /* fxc (and vkd3d) print a relative index as `[r1.x + 0]` and an offset one as `[r1.x + 5]`;
         * the one spelling left, an offset of 0 in the offset form, is ours: `[0 + r1.x]`. */
        if (ix->rep == SF_D3D_IDX_IMM32_REL && ix->imm == 0) {
          da_op(b, "[0 + ");
          print_relop(b, &ix->rel);
          da_op(b, "]");
        } else {
          da_op(b, "[");
          print_relop(b, &ix->rel);
          da_op(b, " + %llu]", ix->rep == SF_D3D_IDX_IMM32_REL ? (unsigned long long)ix->imm : 0ull);
        }
      }
    }
    print_comps(b, o->num_comp, o->sel_mode, o->comp_bits, pos, tn && !b->dcl ? tn->bare_nc : 0);
  }
  if (o->modifier & 2) da_op(b, "|");
  if (o->min_precision) {
    const char *mp = da_minprec_names[o->min_precision & 7];
    if (mp) da_op(b, " {%s}", mp);
    else da_op(b, " {minprec%u}", o->min_precision);
  }
  if (o->nonuniform) da_op(b, " {nonuniform}");
  if (o->extended && !o->modifier && !o->min_precision && !o->nonuniform) da_op(b, " {ext}");
}

static void print_mnemonic(obuf *b, const sf_d3d_inst *d) {
  const char *name = sf_d3d_op_name(d->op);
  da_op(b, "%s", name ? name : "?");
  da_print_groups(b, d);
  if (d->sat) da_op(b, "_sat");
  if (d->precise) {
    da_op(b, " [precise(");
    for (unsigned i = 0; i < 4; i++)
      if (d->precise & (1u << i)) da_op(b, "%c", "xyzw"[i]);
    da_op(b, ")]");
  }
}

/* `_aoffimmi`, `_indexable`, then the groups in the extended tokens' stream order. */
void da_print_groups(obuf *b, const sf_d3d_inst *d) {
  if (d->has_aoffimmi) da_op(b, "_aoffimmi");
  if (d->has_resdim || d->has_rettype) da_op(b, "_indexable");
  /* The groups appear in the extended tokens' stream order (fxc's order when ext_order is empty),
   * so that a non-fxc token order survives the text form; da_print_inst refuses an order that does
   * not match the flags, and the generic path's groups come from their tokens. */
  uint8_t order[3];
  unsigned k;
  if (da_tpf_ext_order(d, order, &k, NULL) != SF_OK) return;
  for (unsigned g = 0; g < k; g++) {
    if (order[g] == 1) da_op(b, "(%d,%d,%d)", d->aoffimmi[0], d->aoffimmi[1], d->aoffimmi[2]);
    if (order[g] == 2) {
      if (d->resdim < N_DIM_NAMES) da_op(b, "(%s", da_dim_names[d->resdim]);
      else da_op(b, "(dim%u", d->resdim);
      if (d->resdim_stride) da_op(b, ", stride=%u", d->resdim_stride);
      da_op(b, ")");
    }
    if (order[g] == 3) {
      da_op(b, "(");
      for (unsigned i = 0; i < 4; i++) {
        uint8_t t = d->rettype[i];
        if (t < N_RT_NAMES && da_rt_names[t]) da_op(b, "%s%s", i ? "," : "", da_rt_names[t]);
        else da_op(b, "%srt%u", i ? "," : "", t);
      }
      da_op(b, ")");
    }
  }
}

sf_code da_print_inst(obuf *b, const sf_d3d_inst *d, sf_status *st) {
  if (b->n) b->s[0] = 0;
  /* the opcode token's fields as the encoder refuses them: printed, precise bits past the 4 would
   * be lost, and an extended-token order that is not the flags' would lose a group or print one twice */
  uint8_t order[3];
  unsigned groups;
  sf_code oc = da_tpf_inst_head(d, order, &groups, st);
  if (oc != SF_OK) return oc;
  /* an operand holds at most 3 indices and a relative index's register at most 2 (the token
   * format's; the encoder refuses more the same way): printed, the ones past them would be lost */
  for (unsigned i = 0; i <= d->num_src; i++) {
    const sf_d3d_opnd *o = i ? &d->src[i - 1] : &d->dst;
    char who[16] = "destination"; /* "source N" counts the sources from 0 */
    if (i) snprintf(who, sizeof who, "source %u", i - 1);
    if (o->index_dim > 3)
      return sf_fail(st, SF_ERR_RANGE, "%s: index dimension %u (at most 3)", who, (unsigned)o->index_dim);
    for (unsigned k = 0; o->type != SF_D3D_OT_IMM32 && k < o->index_dim; k++) {
      const sf_d3d_index *x = &o->idx[k];
      if (sf_d3d_idx_rel(x->rep) && x->rel.index_dim > 2)
        return sf_fail(st, SF_ERR_INVALID, "%s: index %u's relative register has %u indices (at most 2)", who, k,
                       (unsigned)x->rel.index_dim);
    }
  }
  print_mnemonic(b, d);
  da_op(b, " ");
  da_print_opnd(b, &d->dst, POS_DST);
  for (unsigned i = 0; i < d->num_src; i++) {
    da_op(b, ", ");
    da_print_opnd(b, &d->src[i], POS_SRC);
  }
  if (b->over) {
    b->s[0] = 0;
    return sf_fail(st, SF_ERR_LIMIT, "instruction text does not fit %zu bytes", b->n);
  }
  return SF_OK;
}

sf_code sf_d3dasm_print_inst(const sf_d3d_inst *d, char *buf, size_t n, sf_status *st) {
  if (!d || !buf || !n) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_print_inst: NULL argument");
  obuf b = {buf, n, 0, false, 0, false, false};
  return da_print_inst(&b, d, st);
}
