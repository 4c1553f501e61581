/* d3d_decl_parse.c — D3D asm text: the parser of declarations (the forms d3d_decl.c prints, which
 * are fxc's; also vkd3d's `dcl_constantBuffer`, `comparisonMode` and `int` return-type spellings). Token layouts as in
 * d3d_decl.c. Every error carries the line:column of the offending character. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/d3d_text_priv.h"

extern const char *const da_domain_names[];
extern const char *const da_part_names[];
extern const char *const da_outprim_names[];
extern const char *const da_sampler_modes[];

static sf_code comma(tcur *c) {
  da_skip_sp(c);
  sf_code e = da_expect(c, ",");
  da_skip_sp(c);
  return e;
}

static sf_code word_of(tcur *c, const char *const *names, size_t count, unsigned *v, const char *what) {
  da_skip_sp(c);
  size_t s = c->pos;
  while (da_is_word(da_peek(c))) c->pos++;
  if (!da_name_index(names, count, c->s + s, c->pos - s, v)) {
    c->pos = s;
    return da_cfail(c, SF_ERR_SYNTAX, "expected %s", what);
  }
  return SF_OK;
}

static sf_code rettypes(tcur *c, uint32_t *rt) {
  sf_code e;
  da_skip_sp(c);
  if ((e = da_expect(c, "("))) return e;
  *rt = 0;
  for (unsigned i = 0; i < 4; i++) {
    unsigned k;
    da_skip_sp(c);
    /* vkd3d's listings spell sint "int" here too (its one data-type table), as in an instruction's
     * return-type group (d3d_parse.c) */
    if (c->pos + 3 <= c->len && !memcmp(c->s + c->pos, "int", 3) && !da_is_word(da_peek_at(c, 3)))
      c->pos += 3, k = 3;
    else if ((e = word_of(c, da_rt_names, N_RT_NAMES, &k, "a return type (float, uint, ...)"))) return e;
    *rt |= k << (4 * i);
    da_skip_sp(c);
    if ((e = da_expect(c, i < 3 ? "," : ")"))) return e;
  }
  return SF_OK;
}

/* A declaration operand: `T0[lo:hi]` (SM5.1 range, swizzle xyzw, upper `*` = unbounded) or an
 * instruction operand. */
static sf_code dopnd(tcur *c, sf_d3d_opnd *o) {
  da_skip_sp(c);
  size_t s = c->pos;
  while (da_is_alpha(da_peek(c))) c->pos++;
  const type_name *tn = da_type_by_name(c->s + s, c->pos - s);
  if (tn && da_is_digit(da_peek(c))) {
    uint32_t id;
    sf_code e = da_parse_u32(c, &id, "register");
    if (e) return e;
    size_t q = c->pos;
    if (da_peek(c) == '[') {
      while (q < c->len && c->s[q] != ']' && c->s[q] != ':') q++;
      if (q < c->len && c->s[q] == ':') {
        uint32_t lo, hi = 0xffffffffu;
        c->pos++;
        if ((e = da_parse_u32(c, &lo, "range start")) || (e = da_expect(c, ":"))) return e;
        if (!da_accept(c, "*") && (e = da_parse_u32(c, &hi, "range end"))) return e;
        if ((e = da_expect(c, "]"))) return e;
        memset(o, 0, sizeof *o);
        o->type = tn->type;
        o->num_comp = SF_D3D_NC_4, o->sel_mode = SF_D3D_SEL_SWIZZLE, o->comp_bits = 0xe4;
        o->index_dim = 3;
        o->idx[0].imm = id, o->idx[1].imm = lo, o->idx[2].imm = hi;
        return SF_OK;
      }
    }
  }
  c->pos = s;
  c->dcl = true;
  sf_code e = da_parse_gopnd(c, o, POS_DST);
  c->dcl = false;
  return e;
}

/* `, space=N` (SM5.1), optional. */
static sf_code space(tcur *c, tokv *out) {
  size_t save = c->pos;
  da_skip_sp(c);
  if (!da_accept(c, ",")) {
    c->pos = save;
    return SF_OK;
  }
  da_skip_sp(c);
  if (!da_accept(c, "space=")) {
    c->pos = save;
    return SF_OK;
  }
  uint32_t v;
  sf_code e = da_parse_u32(c, &v, "register space");
  return e ? e : da_tok_push(c, out, v);
}

static sf_code push_u32(tcur *c, tokv *out, const char *what) {
  uint32_t v;
  sf_code e = da_parse_u32(c, &v, what);
  return e ? e : da_tok_push(c, out, v);
}

/* Blanks, line ends and `//` comments between the values of a statement that spans lines. */
static void icb_ws(tcur *c) {
  while (c->pos < c->len) {
    if (da_is_sp(da_peek(c)) || da_peek(c) == '\n') c->pos++;
    else if (da_comment_at(c->s, c->len, c->pos))
      while (c->pos < c->len && da_peek(c) != '\n') c->pos++;
    else break;
  }
}

/* fxc's immediate constant buffer: `{ { a, b, c, d }, ... }` over any number of lines, with
 * comments where blanks may be. */
static sf_code icb(tcur *c, tokv *out) {
  sf_code e;
  if ((e = da_tok_push(c, out, 0x35u | (3u << 11))) || (e = da_tok_push(c, out, 0))) return e;
#define WS() icb_ws(c)
  WS();
  if ((e = da_expect(c, "{"))) return e;
  WS();
  if (!da_accept(c, "}")) {
    while (1) {
      WS();
      if ((e = da_expect(c, "{"))) return e;
      for (unsigned k = 0;; k++) {
        WS();
        if (k == 4) return da_cfail(c, SF_ERR_SYNTAX, "an immediate constant buffer row holds at most 4 values");
        /* one value, read as l(...) reads each of its values, on a cursor over the value's text alone */
        size_t s = c->pos;
        while (c->pos < c->len && !strchr(",}\n", c->s[c->pos])) c->pos++;
        size_t l = c->pos - s;
        while (l && da_is_sp((unsigned char)c->s[s + l - 1])) l--;
        if (l == 0 || l > 80) {
          c->pos = s;
          return da_cfail(c, SF_ERR_SYNTAX, "expected a value");
        }
        tcur v = {c->s + s, l, 0, c->line, NULL, false}; /* its own refusal is not kept: the buffer's is below */
        uint32_t bits = 0;
        if (da_parse_imm(&v, &bits) || (da_skip_sp(&v), v.pos != l)) {
          c->pos = s + v.pos;
          return da_cfail(c, SF_ERR_SYNTAX, "bad value in the immediate constant buffer");
        }
        if ((e = da_tok_push(c, out, bits))) return e;
        WS();
        if (da_accept(c, "}")) break;
        if ((e = da_expect(c, ","))) return e;
      }
      WS();
      if (da_accept(c, "}")) break;
      if ((e = da_expect(c, ","))) return e;
    }
  }
#undef WS
  out->t[1] = (uint32_t)out->n;
  return SF_OK;
}

sf_code da_dcl_parse(tcur *c, const sf_tpf_opinfo *oi, size_t name_len, tokv *out) {
  sf_code e;
  size_t wstart = c->pos;
  c->pos += name_len;
  out->n = 0;
  if (oi->dcl == SF_TPF_DCL_CUSTOMDATA) {
    if ((e = icb(c, out))) return e;
    if (!da_at_end(c)) return da_cfail(c, SF_ERR_TRAILING, "unexpected text after the declaration");
    return SF_OK;
  }
  uint32_t ctl = 0;
  if ((e = da_tok_push(c, out, oi->op))) return e;
  /* Mnemonic suffixes: dimension (+ sample count), _glc / _rov / _opc. */
  if (oi->dcl == SF_TPF_DCL_RESOURCE || oi->dcl == SF_TPF_DCL_UAV_TYPED) {
    if (!da_accept(c, "_")) return da_cfail(c, SF_ERR_SYNTAX, "expected _<dimension>");
    size_t s = c->pos;
    while (da_is_alpha(da_peek(c)) || da_is_digit(da_peek(c))) c->pos++;
    unsigned dim;
    if (!da_name_index(da_dim_names, 11, c->s + s, c->pos - s, &dim) || dim == 0) {
      c->pos = s;
      return da_cfail(c, SF_ERR_SYNTAX, "unknown resource dimension");
    }
    ctl |= dim;
    if (oi->dcl == SF_TPF_DCL_RESOURCE && (dim == SF_D3D_DIM_TEX2DMS || dim == SF_D3D_DIM_TEX2DMSARRAY) &&
        da_accept(c, "(")) {
      uint32_t ms;
      da_skip_sp(c); /* blanks separate tokens inside the group, as in every other group */
      size_t ms_at = c->pos;
      if ((e = da_parse_u32(c, &ms, "sample count"))) return e;
      if (ms > 127) { /* at the number, as the other out-of-range numbers are */
        c->pos = ms_at;
        return da_cfail(c, SF_ERR_RANGE, "sample count %u > 127", ms);
      }
      da_skip_sp(c);
      if ((e = da_expect(c, ")"))) return e;
      ctl |= ms << 5;
    }
  }
  if (oi->dcl == SF_TPF_DCL_UAV_TYPED || oi->dcl == SF_TPF_DCL_UAV_RAW || oi->dcl == SF_TPF_DCL_UAV_STRUCTURED) {
    /* each flag once: a repeated one is left unread, and refused below as an unknown suffix */
    while (1) {
      if (!(ctl & 0x20) && da_accept(c, "_glc")) ctl |= 0x20;
      else if (!(ctl & 0x40) && da_accept(c, "_rov")) ctl |= 0x40;
      else if (oi->dcl == SF_TPF_DCL_UAV_STRUCTURED && !(ctl & 0x1000) && da_accept(c, "_opc")) ctl |= 0x1000;
      else break;
    }
  }
  if (da_is_word(da_peek(c))) return da_cfail(c, SF_ERR_SYNTAX, "unknown suffix of %s", oi->name);
  da_skip_sp(c);
  sf_d3d_opnd o;
  unsigned k;
  switch (oi->dcl) {
    case SF_TPF_DCL_RESOURCE: case SF_TPF_DCL_UAV_TYPED: {
      uint32_t rt;
      if ((e = rettypes(c, &rt)) || (e = dopnd(c, &o)) || (e = da_put_opnd(c, out, &o)) ||
          (e = da_tok_push(c, out, rt)) || (e = space(c, out)))
        return e;
      break;
    }
    case SF_TPF_DCL_CONSTANT_BUFFER: {
      if (!da_accept(c, "cb") && !da_accept(c, "CB")) return da_cfail(c, SF_ERR_SYNTAX, "expected cb#[size]");
      uint32_t id, a, lo = 0, hi = 0, size = 0;
      if ((e = da_parse_u32(c, &id, "slot")) || (e = da_expect(c, "[")) || (e = da_parse_u32(c, &a, "size"))) return e;
      bool range = da_accept(c, ":");
      if (range) {
        lo = a, hi = 0xffffffffu;
        if (!da_accept(c, "*") && (e = da_parse_u32(c, &hi, "range end"))) return e;
        if ((e = da_expect(c, "]")) || (e = da_expect(c, "[")) || (e = da_parse_u32(c, &size, "size"))) return e;
      }
      if ((e = da_expect(c, "]"))) return e;
      memset(&o, 0, sizeof o);
      o.type = SF_D3D_OT_CONSTANT_BUFFER, o.num_comp = SF_D3D_NC_4, o.sel_mode = SF_D3D_SEL_SWIZZLE, o.comp_bits = 0xe4;
      o.idx[0].imm = id;
      o.index_dim = range ? 3 : 2;
      o.idx[1].imm = range ? lo : a;
      o.idx[2].imm = hi;
      if ((e = da_put_opnd(c, out, &o))) return e;
      if (range && (e = da_tok_push(c, out, size))) return e;
      size_t save = c->pos;
      da_skip_sp(c);
      if (da_accept(c, ",")) {
        da_skip_sp(c);
        if (da_accept(c, "dynamicIndexed")) ctl = 1;
        else if (!da_accept(c, "immediateIndexed")) c->pos = save;
      }
      if (range && (e = space(c, out))) return e;
      break;
    }
    case SF_TPF_DCL_SAMPLER:
      if ((e = dopnd(c, &o)) || (e = da_put_opnd(c, out, &o))) return e;
      {
        size_t save = c->pos;
        da_skip_sp(c);
        if (da_accept(c, ",")) {
          da_skip_sp(c);
          if (da_accept(c, "comparisonMode")) {
            ctl = 1; /* vkd3d's spelling */
          } else {
            if ((e = word_of(c, da_sampler_modes, 3, &k, "mode_default, mode_comparison or mode_mono"))) return e;
            ctl = k;
          }
        } else {
          c->pos = save;
        }
      }
      if ((e = space(c, out))) return e;
      break;
    case SF_TPF_DCL_INDEX_RANGE:
      if ((e = dopnd(c, &o)) || (e = da_put_opnd(c, out, &o))) return e;
      da_skip_sp(c);
      da_accept(c, ",");
      da_skip_sp(c);
      if ((e = push_u32(c, out, "register count"))) return e;
      break;
    case SF_TPF_DCL_GS_TOPOLOGY:
      if ((e = word_of(c, da_topo_names, da_n_topo_names, &k, "an output topology (trianglestrip, ...)"))) return e;
      ctl = k;
      break;
    case SF_TPF_DCL_GS_PRIMITIVE:
      if (da_accept(c, "patch")) {
        long p;
        if ((e = da_parse_int(c, &p, 1, 32, "control points"))) return e;
        ctl = (uint32_t)p + 7;
      } else {
        if ((e = word_of(c, da_prim_names, da_n_prim_names, &k, "an input primitive (point, triangle, patchN ...)"))) return e;
        ctl = k;
      }
      break;
    case SF_TPF_DCL_CONTROL_POINTS: {
      long p;
      if ((e = da_parse_int(c, &p, 0, 63, "control point count"))) return e;
      ctl = (uint32_t)p;
      break;
    }
    case SF_TPF_DCL_TESS_DOMAIN:
      if ((e = word_of(c, da_domain_names, 4, &k, "domain_isoline, domain_tri or domain_quad"))) return e;
      ctl = k;
      break;
    case SF_TPF_DCL_TESS_PARTITIONING:
      if ((e = word_of(c, da_part_names, 5, &k, "a partitioning (partitioning_integer, ...)"))) return e;
      ctl = k;
      break;
    case SF_TPF_DCL_TESS_OUTPUT_PRIMITIVE:
      if ((e = word_of(c, da_outprim_names, 5, &k, "an output primitive (output_triangle_cw, ...)"))) return e;
      ctl = k;
      break;
    case SF_TPF_DCL_COUNT:
      if ((e = push_u32(c, out, "count"))) return e;
      break;
    case SF_TPF_DCL_FLOAT: {
      da_skip_sp(c);
      size_t at = c->pos; /* a refusal points at the operand, not past it */
      if ((e = da_parse_opnd(c, &o, POS_SRC))) return e;
      if (o.type != SF_D3D_OT_IMM32 || o.num_comp != SF_D3D_NC_1 || o.modifier)
        return c->pos = at, da_cfail(c, SF_ERR_SYNTAX, "expected l(<float>), one component without a modifier");
      if ((e = da_tok_push(c, out, o.imm[0]))) return e;
      break;
    }
    case SF_TPF_DCL_INPUT_PS: case SF_TPF_DCL_INPUT_PS_SV:
      /* Longest interpolation name first. */
      for (unsigned i = 7; i >= 1 && !ctl; i--) {
        size_t save = c->pos;
        if (da_accept_words(c, da_interp_names[i]) && da_is_sp(da_peek(c))) ctl = i;
        else c->pos = save;
      }
      if (!ctl) return da_cfail(c, SF_ERR_SYNTAX, "expected an interpolation mode (constant, linear, ...)");
      /* fall through */
    case SF_TPF_DCL_OPERAND: case SF_TPF_DCL_OPERAND_SV:
      if ((e = dopnd(c, &o)) || (e = da_put_opnd(c, out, &o))) return e;
      if (oi->dcl == SF_TPF_DCL_OPERAND_SV || oi->dcl == SF_TPF_DCL_INPUT_PS_SV) {
        if ((e = comma(c)) || (e = word_of(c, da_sv_names, N_SV_NAMES, &k, "a system value (position, ...)")) ||
            (e = da_tok_push(c, out, k)))
          return e;
      }
      break;
    case SF_TPF_DCL_INDEXABLE_TEMP:
      if ((e = da_expect(c, "x")) || (e = push_u32(c, out, "register")) || (e = da_expect(c, "[")) ||
          (e = push_u32(c, out, "size")) || (e = da_expect(c, "]")) || (e = comma(c)) ||
          (e = push_u32(c, out, "component count")))
        return e;
      break;
    case SF_TPF_DCL_GLOBAL_FLAGS:
      while (da_is_alpha(da_peek(c))) {
        size_t s = c->pos;
        while (da_is_word(da_peek(c))) c->pos++;
        if (!da_name_index(da_gflag_names, 8, c->s + s, c->pos - s, &k)) {
          c->pos = s;
          return da_cfail(c, SF_ERR_SYNTAX, "unknown global flag");
        }
        ctl |= 1u << k;
        da_skip_sp(c);
        if (!da_accept(c, "|")) break;
        da_skip_sp(c);
      }
      break;
    case SF_TPF_DCL_FUNCTION_BODY:
      if ((e = da_expect(c, "fb")) || (e = push_u32(c, out, "function body"))) return e;
      break;
    case SF_TPF_DCL_FUNCTION_TABLE: {
      if ((e = da_expect(c, "ft")) || (e = push_u32(c, out, "function table"))) return e;
      da_skip_sp(c);
      if ((e = da_expect(c, "=")) || (da_skip_sp(c), e = da_expect(c, "{"))) return e;
      size_t at = out->n;
      if ((e = da_tok_push(c, out, 0))) return e;
      da_skip_sp(c);
      while (!da_accept(c, "}")) {
        if (out->n > at + 1 && (e = comma(c))) return e;
        if ((e = da_expect(c, "fb")) || (e = push_u32(c, out, "function body"))) return e;
        da_skip_sp(c);
      }
      out->t[at] = (uint32_t)(out->n - at - 1);
      break;
    }
    case SF_TPF_DCL_THREAD_GROUP:
      if ((e = push_u32(c, out, "x")) || (e = comma(c)) || (e = push_u32(c, out, "y")) || (e = comma(c)) ||
          (e = push_u32(c, out, "z")))
        return e;
      break;
    case SF_TPF_DCL_UAV_RAW: case SF_TPF_DCL_UAV_STRUCTURED: case SF_TPF_DCL_TGSM_RAW:
    case SF_TPF_DCL_TGSM_STRUCTURED: case SF_TPF_DCL_RESOURCE_RAW: case SF_TPF_DCL_RESOURCE_STRUCTURED:
      if ((e = dopnd(c, &o)) || (e = da_put_opnd(c, out, &o))) return e;
      if (oi->dcl != SF_TPF_DCL_UAV_RAW && oi->dcl != SF_TPF_DCL_RESOURCE_RAW &&
          ((e = comma(c)) || (e = push_u32(c, out, "size / stride"))))
        return e;
      if (oi->dcl == SF_TPF_DCL_TGSM_STRUCTURED && ((e = comma(c)) || (e = push_u32(c, out, "count")))) return e;
      if ((e = space(c, out))) return e;
      break;
    default:
      c->pos = wstart;
      return da_cfail(c, SF_UNSUPPORTED, "%s is not expressed in text (write its tokens as .tpf)", oi->name);
  }
  if (!da_at_end(c)) return da_cfail(c, SF_ERR_TRAILING, "unexpected text after the declaration");
  if (out->n > SF_TPF_MAX_INST_LEN) return da_cfail(c, SF_ERR_LIMIT, "declaration of %zu DWORDs", out->n);
  out->t[0] = oi->op | (ctl << 11) | ((uint32_t)out->n << 24);
  return SF_OK;
}
