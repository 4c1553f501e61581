/* d3d_parse.c — D3D asm text: the instruction parser (sf_d3dasm_parse_inst): D3DDisassemble listing
 * prefixes, mnemonic and suffix groups, operands, in fxc's, vkd3d's and samplefuzz's forms. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/d3d_text_priv.h"


/* Records the stream order of the extended tokens from the order of the groups in the text. */
static void note_group(sf_d3d_inst *d, uint8_t type) {
  for (unsigned i = 0; i < 3; i++)
    if (d->ext_order[i] == 0) {
      d->ext_order[i] = type;
      return;
    }
}

sf_code da_parse_group(tcur *c, sf_d3d_inst *d) {
  sf_code e;
  size_t start = c->pos;
  if ((e = da_expect(c, "("))) return e;
  da_skip_sp(c);
  if (da_is_digit(da_peek(c)) || da_peek(c) == '-' || da_peek(c) == '+') {
    if (d->has_aoffimmi) return c->pos = start, da_cfail(c, SF_ERR_SYNTAX, "second offset group");
    for (unsigned i = 0; i < 3; i++) {
      long v;
      da_skip_sp(c);
      if ((e = da_parse_int(c, &v, -8, 7, "offset"))) return e;
      d->aoffimmi[i] = (int8_t)v;
      da_skip_sp(c);
      if (i < 2 && (e = da_expect(c, ","))) return e;
    }
    d->has_aoffimmi = true;
    note_group(d, 1);
    return da_expect(c, ")");
  }
  /* A word list: one dimension name (optionally ",stride=N") or four return types. */
  const char *w[4];
  size_t wl[4], n = 0;
  bool stride_seen = false;
  while (1) {
    da_skip_sp(c);
    size_t s = c->pos;
    while (da_is_word(da_peek(c))) c->pos++;
    if (c->pos == s) break;
    if (n == 4) return da_cfail(c, SF_ERR_SYNTAX, "too many words in a group");
    w[n] = c->s + s;
    wl[n++] = c->pos - s;
    da_skip_sp(c);
    if (!da_accept(c, ",")) break;
    size_t sv = c->pos;
    da_skip_sp(c); /* fxc: `(structured_buffer, stride=4)` */
    if (n == 1 && !da_accept(c, "stride=")) c->pos = sv;
    else if (n == 1) {
      if (d->has_resdim) return c->pos = start, da_cfail(c, SF_ERR_SYNTAX, "second dimension group");
      uint32_t v;
      size_t at = c->pos;
      if ((e = da_parse_u32(c, &v, "stride"))) return e;
      if (v > 0xfff) return c->pos = at, da_cfail(c, SF_ERR_RANGE, "stride %u does not fit 12 bits", v);
      d->resdim_stride = (uint16_t)v;
      stride_seen = true;
      da_skip_sp(c);
      break;
    }
  }
  if ((e = da_expect(c, ")"))) return e;
  if (n == 1 || stride_seen) {
    if (d->has_resdim) {
      c->pos = start;
      return da_cfail(c, SF_ERR_SYNTAX, "second dimension group");
    }
    for (unsigned i = 0; i < N_DIM_NAMES; i++)
      if (strlen(da_dim_names[i]) == wl[0] && memcmp(da_dim_names[i], w[0], wl[0]) == 0) {
        d->resdim = (uint8_t)i, d->has_resdim = true;
        note_group(d, 2);
        return SF_OK;
      }
    if (wl[0] > 3 && wl[0] <= 5 && memcmp(w[0], "dim", 3) == 0) {
      unsigned v = 0;
      for (size_t i = 3; i < wl[0]; i++) v = v * 10 + (unsigned)(da_is_digit((unsigned char)w[0][i]) ? w[0][i] - '0' : 99);
      if (v <= 31) {
        d->resdim = (uint8_t)v, d->has_resdim = true;
        note_group(d, 2);
        return SF_OK;
      }
    }
    c->pos = start;
    return da_cfail(c, SF_ERR_SYNTAX, "unknown resource dimension '%.*s'", sf_quote_len(wl[0], SF_QUOTE_NAME), w[0]);
  }
  if (n == 4) {
    if (d->has_rettype) {
      c->pos = start;
      return da_cfail(c, SF_ERR_SYNTAX, "second return-type group");
    }
    for (unsigned k = 0; k < 4; k++) {
      int t = -1;
      for (unsigned i = 1; i < N_RT_NAMES; i++)
        if (strlen(da_rt_names[i]) == wl[k] && memcmp(da_rt_names[i], w[k], wl[k]) == 0) t = (int)i;
      if (t < 0 && wl[k] == 3 && memcmp(w[k], "int", 3) == 0) t = 3; /* vkd3d 1.2 spells sint "int" */
      if (t < 0 && wl[k] >= 3 && wl[k] <= 4 && memcmp(w[k], "rt", 2) == 0) {
        unsigned v = 0;
        for (size_t i = 2; i < wl[k]; i++) v = v * 10 + (unsigned)(da_is_digit((unsigned char)w[k][i]) ? w[k][i] - '0' : 99);
        if (v <= 15) t = (int)v;
      }
      if (t < 0) {
        c->pos = start;
        return da_cfail(c, SF_ERR_SYNTAX, "unknown return type '%.*s'", sf_quote_len(wl[k], SF_QUOTE_NAME), w[k]);
      }
      d->rettype[k] = (uint8_t)t;
    }
    d->has_rettype = true;
    note_group(d, 3);
    return SF_OK;
  }
  c->pos = start;
  return da_cfail(c, SF_ERR_SYNTAX, "a group is (u,v,w), (dimension) or (4 return types)");
}

sf_code da_parse_inst_cur(tcur *c, sf_d3d_inst *d) {
  sf_code e;
  memset(d, 0, sizeof *d);
  da_skip_listing_prefix(c);
  size_t start = c->pos;
  while (da_is_word(da_peek(c))) c->pos++;
  const char *w = c->s + start;
  size_t wl = c->pos - start;
  /* The mnemonic from the opcode table: the longest name followed by '_' or the end of the word, so
   * "sample_c..." is never taken as "sample" + "_c". */
  size_t bl = 0;
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_by_prefix(w, wl, &bl);
  if (oi && (oi->flags & SF_TPF_F_SAMPLE)) d->op = (uint8_t)oi->op;
  else bl = 0;
  if (!bl) {
    c->pos = start;
    if (wl == 0) return da_cfail(c, SF_ERR_SYNTAX, "expected an instruction");
    return da_cfail(c, SF_UNSUPPORTED, "instruction '%.*s' is not supported (only the sample family)", sf_quote_len(wl, SF_QUOTE_NAME), w);
  }
  bool aoff_word = false, idx_word = false;
  size_t p = bl;
  while (p < wl) {
    const char *s = w + p;
    size_t left = wl - p;
    if (left >= 9 && memcmp(s, "_aoffimmi", 9) == 0 && !aoff_word) aoff_word = true, p += 9;
    else if (left >= 10 && memcmp(s, "_indexable", 10) == 0 && !idx_word) idx_word = true, p += 10;
    else if (left >= 4 && memcmp(s, "_sat", 4) == 0 && !d->sat) d->sat = true, p += 4;
    else {
      c->pos = start + p;
      return da_cfail(c, SF_ERR_SYNTAX, "unknown mnemonic suffix '%.*s'", sf_quote_len(left, SF_QUOTE_NAME), s);
    }
    if (p < wl && w[p] != '_') {
      c->pos = start + p;
      return da_cfail(c, SF_ERR_SYNTAX, "unknown mnemonic suffix");
    }
  }
  while (1) {
    if (da_peek(c) == '(') {
      if ((e = da_parse_group(c, d))) return e;
    } else if (!d->sat && da_accept(c, "_sat")) {
      d->sat = true;
    } else {
      break;
    }
  }
  if (aoff_word && !d->has_aoffimmi) return da_cfail(c, SF_ERR_SYNTAX, "_aoffimmi needs an (u,v,w) group");
  if (idx_word && !d->has_resdim && !d->has_rettype)
    return da_cfail(c, SF_ERR_SYNTAX, "_indexable needs a (dimension) or (return types) group");
  if (da_is_word(da_peek(c))) return da_cfail(c, SF_ERR_SYNTAX, "unexpected text after the mnemonic");
  da_skip_sp(c);
  if (da_accept(c, "[precise")) {
    unsigned m = 0;
    if ((e = da_expect(c, "("))) return e;
    while (1) {
      int ch = da_peek(c), v = ch == 'x' ? 0 : ch == 'y' ? 1 : ch == 'z' ? 2 : ch == 'w' ? 3 : -1;
      if (v < 0) break;
      if (m & (1u << v)) return da_cfail(c, SF_ERR_SYNTAX, "repeated letter in precise mask");
      m |= 1u << v;
      c->pos++;
    }
    if (!m) return da_cfail(c, SF_ERR_SYNTAX, "empty precise mask");
    if ((e = da_expect(c, ")]"))) return e;
    d->precise = (uint8_t)m;
    /* vkd3d 1.2 prints the groups after the precise mask: `sample_l [precise(xy)](texture3d)`. */
    while (da_peek(c) == '(')
      if ((e = da_parse_group(c, d))) return e;
    if (!d->sat && da_accept(c, "_sat")) d->sat = true;
  }
  if ((e = da_parse_opnd(c, &d->dst, POS_DST))) return e;
  unsigned n = 0;
  while (1) {
    da_skip_sp(c);
    if (!da_accept(c, ",")) break;
    if (n == SF_D3D_MAX_SRC) return da_cfail(c, SF_ERR_SYNTAX, "more than %d source operands", SF_D3D_MAX_SRC);
    if ((e = da_parse_opnd(c, &d->src[n], POS_SRC))) return e;
    n++;
  }
  d->num_src = (uint8_t)n;
  if (!da_at_end(c)) return da_cfail(c, SF_ERR_TRAILING, "unexpected text after the operands");
  /* The text names every register type of the opcode table, but a sample instruction takes only the
   * operand types the TPF decoder accepts: what the parser accepts must encode to tokens that decode
   * (a `rasterizer` or label operand parses as a register and is refused here, at the statement). */
  uint32_t t[SF_TPF_MAX_INST_LEN];
  size_t nt = 0, used = 0;
  sf_d3d_inst back;
  sf_status tmp;
  sf_status_clear(&tmp);
  if ((e = sf_tpf_encode_inst(d, t, &nt, &tmp)) || (e = sf_tpf_decode_inst(t, nt, 0, &back, &used, &tmp))) {
    c->pos = start;
    return da_cfail(c, e, "%s: %s", oi->name, tmp.msg);
  }
  return SF_OK;
}

sf_code sf_d3dasm_parse_inst(const char *text, size_t len, uint32_t line, sf_d3d_inst *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_parse_inst: out is NULL");
  memset(out, 0, sizeof *out);
  if (!text && len) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_parse_inst: text is NULL with length %zu", len);
  if (!text) text = "";
  if (len > SF_D3DASM_MAX_TEXT) return sf_fail_text(st, SF_ERR_LIMIT, line, 1, "text longer than %u bytes", SF_D3DASM_MAX_TEXT);
  /* One line; what follows its line end may only be blank lines (as for the vISA parser). */
  size_t line_len = len;
  for (size_t i = 0; i < len && line_len == len; i++) {
    if (text[i] == '\0') return sf_fail_text(st, SF_ERR_SYNTAX, line, (uint32_t)(i + 1), "NUL byte in instruction text");
    if (text[i] != '\n') continue;
    line_len = i;
    uint32_t ln = line, col = 0;
    for (size_t j = i; j < len; j++, col++) {
      if (text[j] == '\n') ln++, col = 0;
      else if (text[j] != ' ' && text[j] != '\t' && text[j] != '\r')
        return sf_fail_text(st, SF_ERR_SYNTAX, ln, col, "one instruction per line: more text after it");
    }
  }
  tcur c = {text, line_len, 0, line, st, false};
  return da_parse_inst_cur(&c, out);
}
