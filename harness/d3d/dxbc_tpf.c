/* dxbc_tpf.c — TPF ("tokenized program format") encoder and decoder for the D3D SM4/SM5 sample
 * family (sample, sample_b, sample_c, sample_c_lz, sample_l, sample_d) and the walk over whole
 * SHDR/SHEX programs.
 *
 * Follows docs/dxbc.md: §2.1 opcode token, §2.2 extended opcode tokens
 * (SAMPLE_CONTROLS, RESOURCE_DIM, RESOURCE_RETURN_TYPE), §2.3 operand tokens (component selection,
 * operand type, index dimension and representations, extended operand token with modifiers).
 * Every read is bounded by the instruction's length field, which is itself bounded by the input;
 * every loop is bounded by a constant (3 extended tokens, 6 operands, 3 index dimensions). */
#include "samplefuzz/dxbc.h"
#include "harness/d3d/d3d_text_priv.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- Operand types the codec knows by name (the D3D10_SB_OPERAND_TYPE values 0-42) ----------- */

/* Types that may appear in a decoded operand; other defined types (labels, function bodies,
 * interfaces, stream, this, ...) cannot occur in a sample instruction and are SF_UNSUPPORTED. */
static bool opnd_type_supported(unsigned t) {
  switch (t) {
    case 0: case 1: case 2: case 3: case 4: case 6: case 7: case 8: case 9: case 11: case 12: case 13:
    case 15: case 25: case 26: case 27: case 28: case 30: case 31: case 32: case 33: case 34: case 35:
    case 36: case 37: case 38: case 39: case 41: case 42:
      return true;
    default:
      return false;
  }
}
#define SF_TPF_MAX_OPERAND_TYPE 42u

bool sf_tpf_is_sample_op(uint32_t opcode) {
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(opcode);
  return oi && (oi->flags & SF_TPF_F_SAMPLE);
}

/* ---- Decoding --------------------------------------------------------------------------------- */

typedef struct tdec {
  const uint32_t *tok;
  size_t end;      /* one past the last token of the instruction */
  size_t pos;
  uint64_t base;   /* DWORD offset of tok[0] */
  sf_status *st;
  bool any;        /* the generic (whole-table) path: every operand type, 64-bit immediates */
} tdec;

static bool take(tdec *d, uint32_t *v, const char *what) {
  if (d->pos >= d->end) {
    sf_fail_dword(d->st, SF_ERR_TRUNCATED, d->base + d->pos, "%s: the instruction ends (length %zu DWORDs)", what,
                  d->end);
    return false;
  }
  *v = d->tok[d->pos++];
  return true;
}

/* Checks the fields of OperandToken0 that the register operand and a relative index share. */
static sf_code check_opnd_token(tdec *d, uint64_t at, uint32_t t, const char *what) {
  unsigned nc = t & 3, sel = (t >> 2) & 3, comp = (t >> 4) & 0xff, type = (t >> 12) & 0xff, idim = (t >> 20) & 3;
  if (type > SF_TPF_MAX_OPERAND_TYPE)
    return sf_fail_dword(d->st, SF_ERR_INVALID, at, "%s: unknown operand type %u (token 0x%08x)", what, type, t);
  if (type == SF_D3D_OT_IMM64 && !d->any)
    return sf_fail_dword(d->st, SF_UNSUPPORTED, at, "%s: 64-bit immediates d(...) are not supported", what);
  if (!opnd_type_supported(type) && !d->any)
    return sf_fail_dword(d->st, SF_UNSUPPORTED, at, "%s: operand type %u cannot appear in a sample instruction", what,
                         type);
  if (nc == SF_D3D_NC_N)
    return sf_fail_dword(d->st, SF_UNSUPPORTED, at, "%s: N-component operands (num components 3) are not supported",
                         what);
  if (nc != SF_D3D_NC_4 && (sel || comp))
    return sf_fail_dword(d->st, SF_ERR_INVALID, at,
                         "%s: bits [11:2] must be 0 for a %u-component operand (token 0x%08x)", what,
                         nc == SF_D3D_NC_0 ? 0u : 1u, t);
  if (nc == SF_D3D_NC_4) {
    if (sel == 3) return sf_fail_dword(d->st, SF_ERR_INVALID, at, "%s: selection mode 3 does not exist", what);
    if (sel == SF_D3D_SEL_MASK && (comp & 0xf0))
      return sf_fail_dword(d->st, SF_ERR_INVALID, at, "%s: mask mode uses bits [7:4] only; bits [11:8] = 0x%x",
                           what, comp >> 4);
    if (sel == SF_D3D_SEL_SELECT1 && (comp & 0xfc))
      return sf_fail_dword(d->st, SF_ERR_INVALID, at, "%s: select_1 mode uses bits [5:4] only; bits [11:6] = 0x%x",
                           what, comp >> 2);
  }
  for (unsigned i = idim; i < 3; i++)
    if ((t >> (22 + 3 * i)) & 7)
      return sf_fail_dword(d->st, SF_ERR_INVALID, at,
                           "%s: index %u representation is set but the index dimension is %u", what, i, idim);
  if (type == SF_D3D_OT_IMM32 || type == SF_D3D_OT_IMM64) {
    if (idim) return sf_fail_dword(d->st, SF_ERR_INVALID, at, "%s: an immediate has index dimension %u", what, idim);
    if (nc == SF_D3D_NC_0) return sf_fail_dword(d->st, SF_ERR_INVALID, at, "%s: an immediate with 0 components", what);
    if (sel || comp)
      return sf_fail_dword(d->st, SF_ERR_INVALID, at, "%s: an immediate must have selection bits [11:2] = 0", what);
  }
  return SF_OK;
}

static sf_code dec_relop(tdec *d, sf_d3d_relop *r) {
  uint64_t at = d->base + d->pos;
  uint32_t t;
  if (!take(d, &t, "relative-index operand")) return d->st ? d->st->code : SF_ERR_TRUNCATED;
  sf_code c = check_opnd_token(d, at, t, "relative-index operand");
  if (c) return c;
  unsigned type = (t >> 12) & 0xff, idim = (t >> 20) & 3;
  if (type == SF_D3D_OT_IMM32 || type == SF_D3D_OT_IMM64)
    return sf_fail_dword(d->st, SF_ERR_INVALID, at, "relative-index operand: an immediate cannot be a relative index");
  if (t >> 31)
    return sf_fail_dword(d->st, SF_UNSUPPORTED, at,
                         "relative-index operand: extended operand tokens (modifiers) on an index are not supported");
  if (idim > 2)
    return sf_fail_dword(d->st, SF_UNSUPPORTED, at, "relative-index operand: index dimension 3 is not supported");
  for (unsigned i = 0; i < idim; i++)
    if ((t >> (22 + 3 * i)) & 7)
      return sf_fail_dword(d->st, SF_UNSUPPORTED, at,
                           "relative-index operand: its index %u is not imm32 (nested relative addressing or imm64)", i);
  memset(r, 0, sizeof *r);
  r->num_comp = (uint8_t)(t & 3);
  r->sel_mode = (uint8_t)((t >> 2) & 3);
  r->comp_bits = (uint8_t)((t >> 4) & 0xff);
  r->type = (uint8_t)type;
  r->index_dim = (uint8_t)idim;
  for (unsigned i = 0; i < idim; i++)
    if (!take(d, &r->index[i], "relative-index operand index")) return d->st ? d->st->code : SF_ERR_TRUNCATED;
  return SF_OK;
}

static sf_code dec_opnd(tdec *d, sf_d3d_opnd *o, const char *what) {
  uint64_t at = d->base + d->pos;
  uint32_t t;
  memset(o, 0, sizeof *o);
  if (!take(d, &t, what)) return d->st ? d->st->code : SF_ERR_TRUNCATED;
  sf_code c = check_opnd_token(d, at, t, what);
  if (c) return c;
  o->num_comp = (uint8_t)(t & 3);
  o->sel_mode = (uint8_t)((t >> 2) & 3);
  o->comp_bits = (uint8_t)((t >> 4) & 0xff);
  o->type = (uint8_t)((t >> 12) & 0xff);
  o->index_dim = (uint8_t)((t >> 20) & 3);
  if (t >> 31) {
    uint64_t xat = d->base + d->pos;
    uint32_t x;
    if (!take(d, &x, "extended operand token")) return d->st ? d->st->code : SF_ERR_TRUNCATED;
    unsigned xt = x & 0x3f;
    if (xt == 0)
      return sf_fail_dword(d->st, SF_UNSUPPORTED, xat, "%s: EMPTY extended operand token (type 0) is not supported",
                           what);
    if (xt != 1)
      return sf_fail_dword(d->st, SF_ERR_INVALID, xat, "%s: unknown extended operand token type %u", what, xt);
    if (x >> 31)
      return sf_fail_dword(d->st, SF_UNSUPPORTED, xat, "%s: chained extended operand tokens are not supported", what);
    if (x & 0x7ffc0000u)
      return sf_fail_dword(d->st, SF_ERR_INVALID, xat, "%s: reserved bits [30:18] of the extended operand token: 0x%x",
                           what, (x >> 18) & 0x1fff);
    unsigned mod = (x >> 6) & 0xff;
    if (mod > 3) return sf_fail_dword(d->st, SF_ERR_INVALID, xat, "%s: operand modifier %u does not exist", what, mod);
    o->extended = true;
    o->modifier = (uint8_t)mod;
    o->min_precision = (uint8_t)((x >> 14) & 7);
    o->nonuniform = (x >> 17) & 1;
  }
  if (o->type == SF_D3D_OT_IMM32 || o->type == SF_D3D_OT_IMM64) {
    /* imm64: one double (2 DWORDs) or two doubles (4 DWORDs, the xy / zw pairs), as fxc writes d(a, b). */
    unsigned n = o->type == SF_D3D_OT_IMM64 ? (o->num_comp == SF_D3D_NC_1 ? 2 : 4) : (o->num_comp == SF_D3D_NC_1 ? 1 : 4);
    for (unsigned i = 0; i < n; i++)
      if (!take(d, &o->imm[i], "immediate value")) return d->st ? d->st->code : SF_ERR_TRUNCATED;
    return SF_OK;
  }
  for (unsigned i = 0; i < o->index_dim; i++) {
    unsigned rep = (t >> (22 + 3 * i)) & 7;
    sf_d3d_index *ix = &o->idx[i];
    ix->rep = (uint8_t)rep;
    if (rep == SF_D3D_IDX_IMM64 || rep == SF_D3D_IDX_IMM64_REL)
      return sf_fail_dword(d->st, SF_UNSUPPORTED, at, "%s: index %u uses a 64-bit immediate (representation %u)", what,
                           i, rep);
    if (rep > SF_D3D_IDX_IMM64_REL)
      return sf_fail_dword(d->st, SF_ERR_INVALID, at, "%s: index %u has representation %u (valid: 0-4)", what, i, rep);
    if (rep == SF_D3D_IDX_IMM32 || rep == SF_D3D_IDX_IMM32_REL) {
      uint32_t v;
      if (!take(d, &v, "operand index")) return d->st ? d->st->code : SF_ERR_TRUNCATED;
      ix->imm = v;
    }
    if (rep == SF_D3D_IDX_REL || rep == SF_D3D_IDX_IMM32_REL) {
      c = dec_relop(d, &ix->rel);
      if (c) return c;
    }
  }
  return SF_OK;
}

#if SF_CANARY == 5
/* canary 5: sign-extension slip: the 4-bit aoffimmi offset is read as unsigned (-1 decodes as 15) */
static int8_t sext4(uint32_t v) { return (int8_t)(v & 0xf); }
#else
static int8_t sext4(uint32_t v) { return (int8_t)((v & 8) ? (int)(v & 0xf) - 16 : (int)(v & 0xf)); }
#endif

sf_code sf_tpf_decode_inst(const uint32_t *tok, size_t ntok, uint64_t base, sf_d3d_inst *out, size_t *used,
                           sf_status *st) {
  if (used) *used = 0;
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_tpf_decode_inst: out is NULL");
  memset(out, 0, sizeof *out);
  if (!tok && ntok) return sf_fail(st, SF_ERR_INVALID, "sf_tpf_decode_inst: tok is NULL with %zu DWORDs", ntok);
  if (ntok == 0) return sf_fail_dword(st, SF_ERR_TRUNCATED, base, "opcode token: no input");
  uint32_t t0 = tok[0];
  uint32_t op = t0 & 0x7ff;
  if (!sf_tpf_is_sample_op(op))
    return sf_fail_dword(st, SF_ERR_INVALID, base, "opcode 0x%x is not a sample-family instruction (0x45-0x4a)", op);
  size_t len = (t0 >> 24) & 0x7f;
  if (len == 0) return sf_fail_dword(st, SF_ERR_INVALID, base, "%s: instruction length field is 0", sf_d3d_op_name((uint8_t)op));
  if (len > ntok)
    return sf_fail_dword(st, SF_ERR_TRUNCATED, base, "%s: instruction length %zu overruns the input (%zu DWORDs left)",
                         sf_d3d_op_name((uint8_t)op), len, ntok);
  uint32_t rsvd = t0 & 0x0087d800u;  /* [12:11], [18:14], [23] */
  if (rsvd)
    return sf_fail_dword(st, SF_ERR_INVALID, base, "%s: reserved opcode control bits set (0x%08x)",
                         sf_d3d_op_name((uint8_t)op), rsvd);
  out->op = (uint8_t)op;
  out->sat = (t0 >> 13) & 1;
  out->precise = (uint8_t)((t0 >> 19) & 0xf);

  tdec d = {tok, len, 1, base, st, false};
  bool more = t0 >> 31;
  unsigned next = 0;
  while (more) {
    uint64_t at = base + d.pos;
    if (d.pos >= len)
      return sf_fail_dword(st, SF_ERR_INVALID, at,
                           "extended opcode token chain does not end inside the instruction (length %zu)", len);
    uint32_t x = tok[d.pos++];
    unsigned type = x & 0x3f;
    more = x >> 31;
    switch (type) {
      case 1:
        if (out->has_aoffimmi)
          return sf_fail_dword(st, SF_ERR_INVALID, at, "second SAMPLE_CONTROLS extended token");
        if (x & 0x7fe001c0u)
          return sf_fail_dword(st, SF_ERR_INVALID, at, "SAMPLE_CONTROLS: reserved bits [8:6]/[30:21] set (0x%08x)",
                               x & 0x7fe001c0u);
        out->has_aoffimmi = true;
        out->aoffimmi[0] = sext4(x >> 9);
        out->aoffimmi[1] = sext4(x >> 13);
        out->aoffimmi[2] = sext4(x >> 17);
        break;
      case 2:
        if (out->has_resdim) return sf_fail_dword(st, SF_ERR_INVALID, at, "second RESOURCE_DIM extended token");
        if (x & 0x7f800000u)
          return sf_fail_dword(st, SF_ERR_INVALID, at, "RESOURCE_DIM: reserved bits [30:23] set (0x%08x)",
                               x & 0x7f800000u);
        out->has_resdim = true;
        out->resdim = (uint8_t)((x >> 6) & 0x1f);
        out->resdim_stride = (uint16_t)((x >> 11) & 0xfff);
        break;
      case 3:
        if (out->has_rettype)
          return sf_fail_dword(st, SF_ERR_INVALID, at, "second RESOURCE_RETURN_TYPE extended token");
        if (x & 0x7fc00000u)
          return sf_fail_dword(st, SF_ERR_INVALID, at, "RESOURCE_RETURN_TYPE: reserved bits [30:22] set (0x%08x)",
                               x & 0x7fc00000u);
        out->has_rettype = true;
        for (unsigned i = 0; i < 4; i++) out->rettype[i] = (uint8_t)((x >> (6 + 4 * i)) & 0xf);
        break;
      case 0:
        return sf_fail_dword(st, SF_UNSUPPORTED, at, "EMPTY extended opcode token (type 0) is not supported");
      default:
        return sf_fail_dword(st, SF_ERR_INVALID, at, "unknown extended opcode token type %u", type);
    }
    out->ext_order[next++] = (uint8_t)type;  /* at most 3: a fourth would be a duplicate */
  }
  if (d.pos >= len)
    return sf_fail_dword(st, SF_ERR_INVALID, base + d.pos, "%s: no destination operand (length %zu)",
                         sf_d3d_op_name((uint8_t)op), len);
  sf_code c = dec_opnd(&d, &out->dst, "destination");
  if (c) return c;
  unsigned n = 0;
  while (d.pos < len) {
    if (n == SF_D3D_MAX_SRC)
      return sf_fail_dword(st, SF_ERR_INVALID, base + d.pos, "more than %d source operands", SF_D3D_MAX_SRC);
    static const char *const names[SF_D3D_MAX_SRC] = {"source 0 (address)", "source 1 (resource)",
                                                      "source 2 (sampler)", "source 3", "source 4"};
    c = dec_opnd(&d, &out->src[n], names[n]);
    if (c) return c;
    n++;
  }
  out->num_src = (uint8_t)n;
  if (used) *used = len;
  return SF_OK;
}

/* ---- Encoding --------------------------------------------------------------------------------- */

typedef struct tenc {
  uint32_t *out;
  size_t n;
  sf_status *st;
  bool failed;     /* the output was full (put); an operand refusal returns its code at once instead */
  bool any;        /* the generic path: 64-bit immediates allowed */
  size_t cap;      /* output capacity in DWORDs */
} tenc;

static void put(tenc *e, uint32_t v) {
  if (e->failed) return;
  if (e->n >= (e->cap ? e->cap : SF_TPF_MAX_INST_LEN)) {
    e->failed = true;
    sf_fail(e->st, SF_ERR_LIMIT, "instruction longer than %zu DWORDs", e->cap ? e->cap : (size_t)SF_TPF_MAX_INST_LEN);
    return;
  }
  e->out[e->n++] = v;
}

static sf_code enc_common(tenc *e, const char *what, unsigned type, unsigned nc, unsigned sel, unsigned comp,
                          unsigned idim) {
  if (type > SF_TPF_MAX_OPERAND_TYPE)
    return sf_fail(e->st, SF_ERR_INVALID, "%s: unknown operand type %u", what, type);
  if (type == SF_D3D_OT_IMM64 && !e->any)
    return sf_fail(e->st, SF_UNSUPPORTED, "%s: 64-bit immediates are not supported", what);
  if (nc == SF_D3D_NC_N) /* the decoder refuses them so: the encoder writes nothing it cannot read back */
    return sf_fail(e->st, SF_UNSUPPORTED, "%s: N-component operands (num components 3) are not supported", what);
  if (nc > 3 || sel > 3 || comp > 0xff || idim > 3)
    return sf_fail(e->st, SF_ERR_RANGE, "%s: num_comp/sel_mode/index_dim out of range", what);
  return SF_OK;
}

static sf_code enc_opnd(tenc *e, const sf_d3d_opnd *o, const char *what) {
  sf_code c = enc_common(e, what, o->type, o->num_comp, o->sel_mode, o->comp_bits, o->index_dim);
  if (c) return c;
  bool imm = o->type == SF_D3D_OT_IMM32 || o->type == SF_D3D_OT_IMM64;
  if (imm && (o->index_dim || o->num_comp == SF_D3D_NC_0 || o->num_comp == SF_D3D_NC_N))
    return sf_fail(e->st, SF_ERR_INVALID, "%s: an immediate needs 1 or 4 components and no index", what);
  if (o->modifier > 3 || o->min_precision > 7)
    return sf_fail(e->st, SF_ERR_RANGE, "%s: modifier/min_precision out of range", what);
  bool ext = o->extended || o->modifier || o->min_precision || o->nonuniform;
  uint32_t t = (uint32_t)o->num_comp | ((uint32_t)o->sel_mode << 2) | ((uint32_t)o->comp_bits << 4) |
               ((uint32_t)o->type << 12) | ((uint32_t)o->index_dim << 20) | ((uint32_t)ext << 31);
  for (unsigned i = 0; i < o->index_dim && !imm; i++) {
    unsigned rep = o->idx[i].rep;
    if (rep == SF_D3D_IDX_IMM64 || rep == SF_D3D_IDX_IMM64_REL)
      return sf_fail(e->st, SF_UNSUPPORTED, "%s: 64-bit immediate indices are not supported", what);
    if (rep > SF_D3D_IDX_IMM64_REL)
      return sf_fail(e->st, SF_ERR_INVALID, "%s: index %u representation %u does not exist", what, i, rep);
    if (o->idx[i].imm > 0xffffffffu)
      return sf_fail(e->st, SF_ERR_RANGE, "%s: index %u does not fit 32 bits", what, i);
    t |= (uint32_t)rep << (22 + 3 * i);
  }
  put(e, t);
  if (ext)
    put(e, 1u | ((uint32_t)o->modifier << 6) | ((uint32_t)o->min_precision << 14) | ((uint32_t)o->nonuniform << 17));
  if (imm) {
    unsigned n = o->type == SF_D3D_OT_IMM64 ? (o->num_comp == SF_D3D_NC_1 ? 2 : 4) : (o->num_comp == SF_D3D_NC_1 ? 1 : 4);
    for (unsigned i = 0; i < n; i++) put(e, o->imm[i]);
    return e->failed ? SF_ERR_LIMIT : SF_OK;
  }
  for (unsigned i = 0; i < o->index_dim; i++) {
    const sf_d3d_index *ix = &o->idx[i];
    if (ix->rep == SF_D3D_IDX_IMM32 || ix->rep == SF_D3D_IDX_IMM32_REL) put(e, (uint32_t)ix->imm);
    if (ix->rep == SF_D3D_IDX_REL || ix->rep == SF_D3D_IDX_IMM32_REL) {
      const sf_d3d_relop *r = &ix->rel;
      c = enc_common(e, "relative-index operand", r->type, r->num_comp, r->sel_mode, r->comp_bits, r->index_dim);
      if (c) return c;
      if (r->index_dim > 2 || r->type == SF_D3D_OT_IMM32 || r->type == SF_D3D_OT_IMM64)
        return sf_fail(e->st, SF_ERR_INVALID, "%s: relative-index operand must be a register with at most 2 "
                                                         "immediate indices", what);
      put(e, (uint32_t)r->num_comp | ((uint32_t)r->sel_mode << 2) | ((uint32_t)r->comp_bits << 4) |
                 ((uint32_t)r->type << 12) | ((uint32_t)r->index_dim << 20));
      for (unsigned k = 0; k < r->index_dim; k++) put(e, r->index[k]);
    }
  }
  return e->failed ? SF_ERR_LIMIT : SF_OK;
}

/* The order of an instruction's extended tokens (d3d_text_priv.h): ext_order when it names any,
 * then it must be a list of distinct types 1-3 without a gap that matches the has_* flags (the
 * model's d3d.ext_order), else fxc's order of the flags set. */
sf_code da_tpf_ext_order(const sf_d3d_inst *d, uint8_t order[3], unsigned *count, sf_status *st) {
  unsigned k = 0;
  memset(order, 0, 3);
  *count = 0;
  if (d->ext_order[0] || d->ext_order[1] || d->ext_order[2]) {
    bool seen[4] = {false, false, false, false};
    for (unsigned i = 0; i < 3; i++) {
      uint8_t t = d->ext_order[i];
      if (t == 0) continue;
      if (t > 3 || seen[t] || (i > 0 && d->ext_order[i - 1] == 0))
        return sf_fail(st, SF_ERR_INVALID, "ext_order {%u,%u,%u} is not a list of distinct types 1-3", d->ext_order[0],
                       d->ext_order[1], d->ext_order[2]);
      seen[t] = true;
      order[k++] = t;
    }
    if (seen[1] != d->has_aoffimmi || seen[2] != d->has_resdim || seen[3] != d->has_rettype)
      return sf_fail(st, SF_ERR_INVALID, "ext_order {%u,%u,%u} does not match the has_aoffimmi/has_resdim/has_rettype "
                                         "flags", d->ext_order[0], d->ext_order[1], d->ext_order[2]);
  } else {
    if (d->has_aoffimmi) order[k++] = 1;
    if (d->has_resdim) order[k++] = 2;
    if (d->has_rettype) order[k++] = 3;
  }
  *count = k;
  return SF_OK;
}

/* What the opcode token holds, which the encoder and the printer both refuse to lose
 * (d3d_text_priv.h): a sample-family opcode, the source count, the 4 precise bits, and the
 * extended tokens' order. */
sf_code da_tpf_inst_head(const sf_d3d_inst *d, uint8_t order[3], unsigned *count, sf_status *st) {
  *count = 0;
  if (!sf_tpf_is_sample_op(d->op))
    return sf_fail(st, SF_ERR_INVALID, "opcode 0x%x is not a sample-family instruction", d->op);
  if (d->num_src > SF_D3D_MAX_SRC) return sf_fail(st, SF_ERR_RANGE, "num_src %u > %d", d->num_src, SF_D3D_MAX_SRC);
  if (d->precise > 15) return sf_fail(st, SF_ERR_RANGE, "precise mask 0x%x does not fit 4 bits", d->precise);
  return da_tpf_ext_order(d, order, count, st);
}

sf_code sf_tpf_encode_inst(const sf_d3d_inst *d, uint32_t out[SF_TPF_MAX_INST_LEN], size_t *len, sf_status *st) {
  if (len) *len = 0;
  if (!d || !out) return sf_fail(st, SF_ERR_INVALID, "sf_tpf_encode_inst: NULL argument");
  /* the opcode token's fields, and the extended tokens in stream order */
  uint8_t order[3];
  unsigned k;
  sf_code oc = da_tpf_inst_head(d, order, &k, st);
  if (oc != SF_OK) return oc;
  tenc e = {out, 0, st, false, false, 0};
  put(&e, 0);  /* opcode token, patched below */
  for (unsigned i = 0; i < k; i++) {
    uint32_t x = order[i];
    if (order[i] == 1) {
      for (unsigned c = 0; c < 3; c++) {
        if (d->aoffimmi[c] < -8 || d->aoffimmi[c] > 7)
          return sf_fail(st, SF_ERR_RANGE, "aoffimmi %c offset %d is outside [-8, 7]", "uvw"[c], d->aoffimmi[c]);
        x |= ((uint32_t)d->aoffimmi[c] & 0xf) << (9 + 4 * c);
      }
    } else if (order[i] == 2) {
      if (d->resdim > 31 || d->resdim_stride > 0xfff)
        return sf_fail(st, SF_ERR_RANGE, "RESOURCE_DIM %u / stride %u do not fit their fields", d->resdim,
                       d->resdim_stride);
      x |= ((uint32_t)d->resdim << 6) | ((uint32_t)d->resdim_stride << 11);
    } else {
      for (unsigned c = 0; c < 4; c++) {
        if (d->rettype[c] > 15) return sf_fail(st, SF_ERR_RANGE, "return type %u does not fit 4 bits", d->rettype[c]);
        x |= (uint32_t)d->rettype[c] << (6 + 4 * c);
      }
    }
    if (i + 1 < k) x |= 0x80000000u;
    put(&e, x);
  }
  sf_code c = enc_opnd(&e, &d->dst, "destination");
  for (unsigned i = 0; i < d->num_src && !c; i++) c = enc_opnd(&e, &d->src[i], "source");
  if (c) return c;
  if (e.failed) return st && st->code ? st->code : SF_ERR_LIMIT;
  out[0] = (uint32_t)d->op | ((uint32_t)d->sat << 13) | ((uint32_t)d->precise << 19) | ((uint32_t)e.n << 24) |
           ((uint32_t)(k > 0) << 31);
  if (len) *len = e.n;
  return SF_OK;
}

/* ---- The generic path (d3d_text_priv.h): one operand of any instruction of the opcode table ---- */

sf_code da_tpf_dec_opnd(const uint32_t *tok, size_t end, size_t *pos, sf_d3d_opnd *o, sf_status *st) {
  tdec d = {tok, end, *pos, 0, st, true};
  sf_code c = dec_opnd(&d, o, "operand");
  *pos = d.pos;
  return c;
}

sf_code da_tpf_enc_opnd(const sf_d3d_opnd *o, uint32_t *out, size_t cap, size_t *n, sf_status *st) {
  tenc e = {out, *n, st, false, true, cap};
  sf_code c = enc_opnd(&e, o, "operand");
  *n = e.n;
  if (!c && e.failed) c = st && st->code ? st->code : SF_ERR_LIMIT;
  return c;
}

/* ---- Programs ---------------------------------------------------------------------------------- */

void sf_tpf_program_init(sf_tpf_program *p, uint32_t version) {
  memset(p, 0, sizeof *p);
  p->version = version;
}

/* A block of the program's store. Most programs fit in the first block; a block is never moved or
 * resized, only chained, so items keep pointing into it. */
struct sf_tpf_store {
  sf_tpf_store *next;
  size_t used, cap;                 /* in bytes of data[] */
  _Alignas(max_align_t) unsigned char data[];
};
/* Blocks double from 1 KiB to 16 KiB: a typical program fits in the first one or two, and under
 * ASan every block is filled and quarantined, so a first block much larger than the program costs. */
#define SF_TPF_STORE_FIRST 1024u
#define SF_TPF_STORE_BLOCK 16384u

static void *store_alloc(sf_tpf_program *p, size_t bytes, sf_status *st) {
  bytes = (bytes + 15u) & ~(size_t)15u;
  sf_tpf_store *b = p->store;
  if (!b || b->cap - b->used < bytes) {
    size_t cap = !b ? SF_TPF_STORE_FIRST : b->cap < SF_TPF_STORE_BLOCK ? b->cap * 2 : SF_TPF_STORE_BLOCK;
    if (cap < bytes) cap = bytes;
    sf_tpf_store *nb = malloc(sizeof *nb + cap);
    if (!nb) {
      sf_fail(st, SF_ERR_NOMEM, "cannot allocate %zu bytes for the program's instructions", cap);
      return NULL;
    }
    nb->used = 0;
    nb->cap = cap;
    nb->next = b;
    p->store = b = nb;
  }
  void *at = b->data + b->used;
  b->used += bytes;
  return at;
}

void sf_tpf_program_free(sf_tpf_program *p) {
  if (!p) return;
  for (sf_tpf_store *b = p->store, *next; b; b = next) {
    next = b->next;
    free(b);
  }
  p->store = NULL;
  free(p->items);
  p->items = NULL;
  p->count = p->cap = 0;
}

static sf_tpf_item *new_item(sf_tpf_program *p, sf_status *st) {
  if (p->count >= SF_TPF_MAX_ITEMS) {
    sf_fail(st, SF_ERR_LIMIT, "program has more than %u instructions", SF_TPF_MAX_ITEMS);
    return NULL;
  }
  if (p->count == p->cap) {
    size_t cap = p->cap ? p->cap * 2 : 64;
    sf_tpf_item *it = realloc(p->items, cap * sizeof *it);
    if (!it) {
      sf_fail(st, SF_ERR_NOMEM, "cannot grow the instruction list to %zu items", cap);
      return NULL;
    }
    p->items = it;
    p->cap = cap;
  }
  sf_tpf_item *it = &p->items[p->count];
  memset(it, 0, sizeof *it);
  return it;
}

sf_code sf_tpf_program_add_inst(sf_tpf_program *p, const sf_d3d_inst *d, sf_status *st) {
  sf_d3d_inst *copy = store_alloc(p, sizeof *copy, st);
  if (!copy) return st ? st->code : SF_ERR_NOMEM;
  sf_tpf_item *it = new_item(p, st);
  if (!it) return st ? st->code : SF_ERR_LIMIT;
  *copy = *d;
  it->kind = SF_TPF_ITEM_SAMPLE;
  it->inst = copy;
  p->count++;
  return SF_OK;
}

sf_code sf_tpf_program_add_tokens(sf_tpf_program *p, const uint32_t *tok, size_t ntok, sf_status *st) {
  if (ntok == 0 || ntok > SF_TPF_MAX_PROGRAM_TOKENS - 2) /* a program's version and length tokens come first */
    return sf_fail(st, SF_ERR_RANGE, "opaque instruction of %zu tokens (a program holds at most %u after its version and "
                   "length)", ntok, SF_TPF_MAX_PROGRAM_TOKENS - 2);
  uint32_t *copy = store_alloc(p, ntok * sizeof *copy, st);
  if (!copy) return st ? st->code : SF_ERR_NOMEM;
  sf_tpf_item *it = new_item(p, st);
  if (!it) return st ? st->code : SF_ERR_LIMIT;
  memcpy(copy, tok, ntok * sizeof *copy);
  it->kind = SF_TPF_ITEM_OPAQUE;
  it->tok = copy;
  it->ntok = ntok;
  p->count++;
  return SF_OK;
}

sf_code sf_tpf_program_decode(const uint8_t *data, size_t len, sf_tpf_program *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_tpf_program_decode: out is NULL");
  sf_tpf_program_init(out, 0);
  if (!data && len) return sf_fail(st, SF_ERR_INVALID, "sf_tpf_program_decode: data is NULL with length %zu", len);
  if (len % 4)
    return sf_fail_dword(st, SF_ERR_TRUNCATED, len / 4, "program size %zu bytes is not a whole number of DWORDs", len);
  size_t n = len / 4;
  if (n < 2) return sf_fail_dword(st, SF_ERR_TRUNCATED, n, "program header: need the version and length tokens");
  if (n > SF_TPF_MAX_PROGRAM_TOKENS)
    return sf_fail_dword(st, SF_ERR_LIMIT, 0, "program of %zu DWORDs exceeds the cap %u", n, SF_TPF_MAX_PROGRAM_TOKENS);
  uint32_t *tok = malloc(n * sizeof *tok);
  if (!tok) return sf_fail(st, SF_ERR_NOMEM, "cannot allocate %zu tokens", n);
  for (size_t i = 0; i < n; i++) tok[i] = sf_le32(data + 4 * i);
  sf_code c = SF_OK;
  out->version = tok[0];
  size_t plen = tok[1];
  if (plen < 2) {
    c = sf_fail_dword(st, SF_ERR_INVALID, 1, "length token %zu is smaller than the 2 header tokens", plen);
    goto done;
  }
  if (plen > n) {
    c = sf_fail_dword(st, SF_ERR_TRUNCATED, 1, "length token says %zu DWORDs, the chunk holds %zu", plen, n);
    goto done;
  }
  if (plen < n) {
    c = sf_fail_dword(st, SF_ERR_TRAILING, plen, "%zu DWORDs after the program end (length token %zu)", n - plen, plen);
    goto done;
  }
  size_t pos = 2;
  while (pos < plen) {
    uint32_t t = tok[pos];
    uint32_t op = t & 0x7ff;
    size_t il;
    if (op == SF_TPF_OP_CUSTOMDATA) {
      if (plen - pos < 2) {
        c = sf_fail_dword(st, SF_ERR_TRUNCATED, pos, "customdata: the length DWORD is missing");
        goto done;
      }
      il = tok[pos + 1];
      if (il < 2) {
        c = sf_fail_dword(st, SF_ERR_INVALID, pos + 1, "customdata length %zu is smaller than its 2 header DWORDs", il);
        goto done;
      }
    } else {
      il = (t >> 24) & 0x7f;
      if (il == 0) {
        c = sf_fail_dword(st, SF_ERR_INVALID, pos, "opcode 0x%x: instruction length field is 0", op);
        goto done;
      }
    }
    if (il > plen - pos) {
      c = sf_fail_dword(st, SF_ERR_TRUNCATED, pos, "opcode 0x%x: length %zu overruns the program (%zu DWORDs left)", op,
                        il, plen - pos);
      goto done;
    }
    if (sf_tpf_is_sample_op(op)) {
      sf_d3d_inst d;
      size_t used = 0;
      c = sf_tpf_decode_inst(tok + pos, il, pos, &d, &used, st);
      if (!c) c = sf_tpf_program_add_inst(out, &d, st);
    } else {
      c = sf_tpf_program_add_tokens(out, tok + pos, il, st);
    }
    if (c) goto done;
    pos += il;
  }
done:
  free(tok);
  if (c) sf_tpf_program_free(out);
  return c;
}

sf_code sf_tpf_program_encode(const sf_tpf_program *p, sf_buf *out, sf_status *st) {
  if (!p || !out) return sf_fail(st, SF_ERR_INVALID, "sf_tpf_program_encode: NULL argument");
  size_t start = out->len;
  if (!sf_wr_u32(out, p->version) || !sf_wr_u32(out, 0)) return sf_buf_code(out);
  size_t total = 2;
  for (size_t i = 0; i < p->count; i++) {
    const sf_tpf_item *it = &p->items[i];
    uint32_t buf[SF_TPF_MAX_INST_LEN];
    const uint32_t *w = buf;
    size_t n = 0;
    if (it->kind == SF_TPF_ITEM_SAMPLE) {
      sf_code c = sf_tpf_encode_inst(it->inst, buf, &n, st);
      if (c) return c;
    } else if (it->kind == SF_TPF_ITEM_OPAQUE) {
      w = it->tok;
      n = it->ntok;
      if (!w || n == 0) return sf_fail(st, SF_ERR_INVALID, "item %zu: empty opaque instruction", i);
    } else {
      return sf_fail(st, SF_ERR_INVALID, "item %zu: unknown kind %d", i, (int)it->kind);
    }
    if (n > SF_TPF_MAX_PROGRAM_TOKENS - total)
      return sf_fail(st, SF_ERR_LIMIT, "program exceeds %u DWORDs", SF_TPF_MAX_PROGRAM_TOKENS);
    for (size_t k = 0; k < n; k++)
      if (!sf_wr_u32(out, w[k])) return sf_buf_code(out);
    total += n;
  }
  sf_buf_patch_u32(out, start + 4, (uint32_t)total);
  return SF_OK;
}
