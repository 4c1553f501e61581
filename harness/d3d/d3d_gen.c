/* d3d_gen.c — D3D asm text for every instruction of the opcode table (d3d_optab.c) that is not a
 * declaration: the printer and parser of fxc's form, driven by the table row alone.
 *
 *   mnemonic [_aoffimmi] [_indexable] [(u,v,w)] [(dim)] [(rt,rt,rt,rt)] [_z|_nz] [_rcpFloat|_uint]
 *            [_uglobal][_ugroup][_g][_t] [_sat] [ [precise(xy)]]  dst, ..., src, ...
 *
 * Opcode-token control fields (Microsoft's d3d11TokenizedProgramFormat.hpp): bit 18 test boolean
 * (_z = 0, _nz = 1), bit 13 saturate, [22:19] precise mask, [12:11] resinfo return type, bit 11
 * sampleinfo return type, [14:11] sync flags (threads in group 11, tgsm 12, uav group 13, uav
 * global 14). Extended opcode tokens as for the sample family (docs/dxbc.md §2). l(...) values print
 * as integers for the integer operands of the row (the row's type letters), else in the lossless
 * float form (docs/dxbc.md §4). Anything the row cannot express makes the printer give up with a
 * reason (the program printer then writes `.tpf`). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/d3d_text_priv.h"

#define MAX_OPNDS 8u

sf_code da_tok_push(tcur *c, tokv *v, uint32_t x) {
  if (v->n == v->cap) {
    size_t cap = v->cap ? v->cap * 2 : 64;
    if (cap > SF_TPF_MAX_PROGRAM_TOKENS) return da_cfail(c, SF_ERR_LIMIT, "statement longer than %u DWORDs", SF_TPF_MAX_PROGRAM_TOKENS);
    uint32_t *t = realloc(v->t, cap * sizeof *t);
    if (!t) return da_cfail(c, SF_ERR_NOMEM, "cannot grow the token list to %zu DWORDs", cap);
    v->t = t;
    v->cap = cap;
  }
  v->t[v->n++] = x;
  return SF_OK;
}

sf_code da_put_opnd(tcur *c, tokv *v, const sf_d3d_opnd *o) {
  uint32_t t[32];
  size_t n = 0;
  sf_status tmp;
  sf_status_clear(&tmp);
  sf_code e = da_tpf_enc_opnd(o, t, 32, &n, &tmp);
  if (e) return da_cfail(c, e, "operand: %s", tmp.msg);
  for (size_t i = 0; i < n; i++)
    if ((e = da_tok_push(c, v, t[i]))) return e;
  return SF_OK;
}

static bool why_(char *why, size_t n, const char *fmt, unsigned a, unsigned b) {
  if (why && n) snprintf(why, n, fmt, a, b);
  return false;
}

/* Extended opcode tokens into x's has_aoffimmi/resdim/rettype and ext_order; false on anything
 * else (reserved bits, unknown or repeated types). */
static bool dec_ext(const uint32_t *t, size_t n, size_t *pos, sf_d3d_inst *x, char *why, size_t whyn) {
  bool more = t[0] >> 31;
  unsigned k = 0;
  while (more) {
    if (*pos >= n || k == 3) return why_(why, whyn, "extended opcode token chain runs past the instruction (%u/%u)", k, 3);
    uint32_t e = t[(*pos)++];
    unsigned type = e & 0x3f;
    more = e >> 31;
    if (type == 1 && !x->has_aoffimmi && !(e & 0x7fe001c0u)) {
      x->has_aoffimmi = true;
      for (unsigned i = 0; i < 3; i++) {
        unsigned v = (e >> (9 + 4 * i)) & 0xf;
        x->aoffimmi[i] = (int8_t)((v & 8) ? (int)v - 16 : (int)v);
      }
    } else if (type == 2 && !x->has_resdim && !(e & 0x7f800000u)) {
      x->has_resdim = true;
      x->resdim = (uint8_t)((e >> 6) & 0x1f);
      x->resdim_stride = (uint16_t)((e >> 11) & 0xfff);
    } else if (type == 3 && !x->has_rettype && !(e & 0x7fc00000u)) {
      x->has_rettype = true;
      for (unsigned i = 0; i < 4; i++) x->rettype[i] = (uint8_t)((e >> (6 + 4 * i)) & 0xf);
    } else {
      return why_(why, whyn, "extended opcode token of type %u with reserved bits or repeated (token %u)", type, k);
    }
    x->ext_order[k++] = (uint8_t)type;
  }
  return true;
}

bool da_gen_format(const uint32_t *t, size_t n, uint32_t version, obuf *b, char *why, size_t whyn) {
  uint32_t op = t[0] & 0x7ff, ctl = (t[0] >> 11) & 0x1fff;
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
  if (!oi || oi->dcl) return why_(why, whyn, "opcode 0x%x is not an instruction of the table (%u)", op, 0);
  if (((t[0] >> 24) & 0x7f) != n) return why_(why, whyn, "length field %u != %u DWORDs", (t[0] >> 24) & 0x7f, (unsigned)n);
  unsigned nd = sf_tpf_opinfo_ndst(oi), ns = sf_tpf_opinfo_nsrc(oi);
  uint32_t known = 0;
  if (nd) known |= (1u << 2) | (0xfu << 8); /* _sat, precise */
  if (oi->flags & SF_TPF_F_TEST) known |= 1u << 7;
  if (oi->flags & SF_TPF_F_RESINFO) known |= 3u;
  if (oi->flags & SF_TPF_F_SAMPLEINFO) known |= 1u;
  if (oi->flags & SF_TPF_F_SYNC) known |= 0xfu;
  if (ctl & ~known) return why_(why, whyn, "opcode-token control bits 0x%x (of 0x%x) have no mnemonic suffix", ctl & ~known, ctl);
  if ((oi->flags & SF_TPF_F_RESINFO) && (ctl & 3) == 3) return why_(why, whyn, "resinfo return type %u is undefined (%u)", 3, 0);
  sf_d3d_inst x;
  memset(&x, 0, sizeof x);
  size_t pos = 1;
  if (!dec_ext(t, n, &pos, &x, why, whyn)) return false;
  sf_d3d_opnd o[MAX_OPNDS];
  unsigned k = 0;
  while (pos < n) {
    if (k == MAX_OPNDS) return why_(why, whyn, "more than %u operands (%u)", MAX_OPNDS, k);
    sf_status tmp;
    sf_status_clear(&tmp);
    if (da_tpf_dec_opnd(t, n, &pos, &o[k], &tmp)) {
      if (why && whyn) snprintf(why, whyn, "operand %u: %s (DWORD %llu)", k, tmp.msg, (unsigned long long)tmp.pos);
      return false;
    }
    k++;
  }
  if (k != nd + ns) return why_(why, whyn, "%u operands, the table says %u", k, nd + ns);
  da_op(b, "%s", oi->name);
  da_print_groups(b, &x);
  if (oi->flags & SF_TPF_F_TEST) da_op(b, (ctl >> 7) & 1 ? "_nz" : "_z");
  if ((oi->flags & SF_TPF_F_RESINFO) && (ctl & 3)) da_op(b, (ctl & 3) == 1 ? "_rcpFloat" : "_uint");
  if ((oi->flags & SF_TPF_F_SAMPLEINFO) && (ctl & 1)) da_op(b, "_uint");
  if (oi->flags & SF_TPF_F_SYNC) {
    if (ctl & 8) da_op(b, "_uglobal");
    if (ctl & 4) da_op(b, "_ugroup");
    if (ctl & 2) da_op(b, "_g");
    if (ctl & 1) da_op(b, "_t");
  }
  if (nd && (ctl & 4)) da_op(b, "_sat");
  if (nd && (ctl >> 8)) {
    da_op(b, " [precise(");
    for (unsigned i = 0; i < 4; i++)
      if ((ctl >> 8) & (1u << i)) da_op(b, "%c", "xyzw"[i]);
    da_op(b, ")]");
  }
  b->sm51 = (version & 0xff) >= 0x51;
  for (unsigned i = 0; i < k; i++) {
    char ty = i < nd ? oi->dst[i] : oi->src[i - nd];
    b->imm = ty == 'i' || ty == 'u' ? ty : 0;
    da_op(b, i ? ", " : " ");
    da_print_opnd(b, &o[i], i < nd ? POS_DST : POS_SRC);
  }
  b->imm = 0;
  return true;
}

/* Mnemonic suffixes after the row's name (any order; each at most once) and the groups. */
static sf_code parse_suffixes(tcur *c, const sf_tpf_opinfo *oi, sf_d3d_inst *x, uint32_t *ctl) {
  sf_code e;
  bool aoff = false, idx = false, test = false, rt = false;
  unsigned nd = sf_tpf_opinfo_ndst(oi);
  while (1) {
    if (da_peek(c) == '(') {
      if ((e = da_parse_group(c, x))) return e;
      continue;
    }
    if (da_peek(c) != '_') break;
    size_t s = c->pos;
    c->pos++;
    while (da_is_alpha(da_peek(c)) || da_is_digit(da_peek(c))) c->pos++;
    const char *w = c->s + s;
    size_t l = c->pos - s;
#define IS(lit) (l == sizeof(lit) - 1 && memcmp(w, lit, l) == 0)
    uint32_t bit = 0;
    if (IS("_aoffimmi") && !aoff) aoff = true;
    else if (IS("_indexable") && !idx) idx = true;
    else if ((IS("_z") || IS("_nz")) && (oi->flags & SF_TPF_F_TEST) && !test) test = true, bit = IS("_nz") ? 1u << 7 : 0;
    else if ((IS("_uint") || IS("_rcpFloat")) && (oi->flags & SF_TPF_F_RESINFO) && !rt) rt = true, bit = IS("_uint") ? 2 : 1;
    else if (IS("_uint") && (oi->flags & SF_TPF_F_SAMPLEINFO) && !rt) rt = true, bit = 1;
    else if (IS("_uglobal") && (oi->flags & SF_TPF_F_SYNC) && !(*ctl & 8)) bit = 8;
    else if (IS("_ugroup") && (oi->flags & SF_TPF_F_SYNC) && !(*ctl & 4)) bit = 4;
    else if (IS("_g") && (oi->flags & SF_TPF_F_SYNC) && !(*ctl & 2)) bit = 2;
    else if (IS("_t") && (oi->flags & SF_TPF_F_SYNC) && !(*ctl & 1)) bit = 1;
    else if (IS("_sat") && nd && !(*ctl & 4)) bit = 4;
    else {
      c->pos = s;
      return da_cfail(c, SF_ERR_SYNTAX, "unknown or repeated suffix '%.*s' for %s", sf_quote_len(l, SF_QUOTE_NAME), w, oi->name);
    }
#undef IS
    *ctl |= bit;
  }
  if ((oi->flags & SF_TPF_F_TEST) && !test) return da_cfail(c, SF_ERR_SYNTAX, "%s needs _z or _nz", oi->name);
  if (aoff && !x->has_aoffimmi) return da_cfail(c, SF_ERR_SYNTAX, "_aoffimmi needs an (u,v,w) group");
  if (idx && !x->has_resdim && !x->has_rettype)
    return da_cfail(c, SF_ERR_SYNTAX, "_indexable needs a (dimension) or (return types) group");
  if (!aoff && x->has_aoffimmi) return da_cfail(c, SF_ERR_SYNTAX, "an (u,v,w) group needs _aoffimmi");
  if (!idx && (x->has_resdim || x->has_rettype)) return da_cfail(c, SF_ERR_SYNTAX, "a (dim)/(types) group needs _indexable");
  return SF_OK;
}

static uint32_t enc_ext(const sf_d3d_inst *x, unsigned type) {
  uint32_t e = type;
  if (type == 1)
    for (unsigned i = 0; i < 3; i++) e |= ((uint32_t)x->aoffimmi[i] & 0xf) << (9 + 4 * i);
  else if (type == 2)
    e |= ((uint32_t)x->resdim << 6) | ((uint32_t)x->resdim_stride << 11);
  else
    for (unsigned i = 0; i < 4; i++) e |= (uint32_t)(x->rettype[i] & 0xf) << (6 + 4 * i);
  return e;
}

sf_code da_gen_parse(tcur *c, const sf_tpf_opinfo *oi, size_t name_len, tokv *out) {
  sf_code e;
  sf_d3d_inst x;
  memset(&x, 0, sizeof x);
  uint32_t ctl = 0;
  c->pos += name_len;
  if ((e = parse_suffixes(c, oi, &x, &ctl))) return e;
  if (da_is_word(da_peek(c))) return da_cfail(c, SF_ERR_SYNTAX, "unexpected text after the mnemonic");
  unsigned nd = sf_tpf_opinfo_ndst(oi), ns = sf_tpf_opinfo_nsrc(oi);
  da_skip_sp(c);
  if (da_accept(c, "[precise(")) {
    if (!nd) return da_cfail(c, SF_ERR_SYNTAX, "%s has no destination to be precise", oi->name);
    unsigned m = 0;
    while (1) {
      int ch = da_peek(c), v = ch == 'x' ? 0 : ch == 'y' ? 1 : ch == 'z' ? 2 : ch == 'w' ? 3 : -1;
      if (v < 0) break;
      if (m & (1u << v)) return da_cfail(c, SF_ERR_SYNTAX, "repeated letter in precise mask");
      m |= 1u << v;
      c->pos++;
    }
    if (!m) return da_cfail(c, SF_ERR_SYNTAX, "empty precise mask");
    if ((e = da_expect(c, ")]"))) return e;
    ctl |= m << 8;
  }
  size_t start = out->n;
  if ((e = da_tok_push(c, out, 0))) return e;
  unsigned next = 0;
  uint8_t order[3];
  for (unsigned i = 0; i < 3; i++)
    if (x.ext_order[i]) order[next++] = x.ext_order[i];
  for (unsigned i = 0; i < next; i++)
    if ((e = da_tok_push(c, out, enc_ext(&x, order[i]) | (i + 1 < next ? 0x80000000u : 0)))) return e;
  for (unsigned i = 0; i < nd + ns; i++) {
    da_skip_sp(c);
    if (i && (e = da_expect(c, ","))) return e;
    sf_d3d_opnd o;
    if ((e = da_parse_gopnd(c, &o, i < nd ? POS_DST : POS_SRC))) return e;
    if ((e = da_put_opnd(c, out, &o))) return e;
  }
  if (!da_at_end(c)) {
    if (da_peek(c) == ',') return da_cfail(c, SF_ERR_SYNTAX, "%s takes %u operands", oi->name, nd + ns);
    return da_cfail(c, SF_ERR_TRAILING, "unexpected text after the operands");
  }
  size_t len = out->n - start;
  if (len > SF_TPF_MAX_INST_LEN) return da_cfail(c, SF_ERR_LIMIT, "instruction of %zu DWORDs (the length field holds 127)", len);
  out->t[start] = oi->op | (ctl << 11) | ((uint32_t)len << 24) | (next ? 0x80000000u : 0);
  return SF_OK;
}
