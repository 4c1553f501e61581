/* d3d_program.c — D3D asm text: whole programs (sf_d3dasm_print_program / parse_program: the
 * shader-model line, then one line per item) and the vkd3d normalization table used to compare our
 * text with vkd3d-compiler's (docs/dxbc.md). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/d3d_text_priv.h"
#include "samplefuzz/bytes.h"


static bool sb_puts(sf_buf *out, const char *s) { return sf_buf_put(out, s, strlen(s)); }

static sf_code parse_tpf_line(tcur *c, tokv *out, sf_d3d_inst *d, bool *is_inst) {
  sf_code e;
  size_t start = c->pos; /* out is empty: da_stmt_parse, the caller, empties it */
  while (!da_at_end(c)) {
    /* an instruction's length field holds 127; a customdata block's (its second token) 32 bits, so
     * only the program cap (da_tok_push) bounds it: the printer writes such a block on one line */
    if (out->n == SF_TPF_MAX_INST_LEN && (out->t[0] & 0x7ff) != SF_TPF_OP_CUSTOMDATA)
      return da_cfail(c, SF_ERR_LIMIT, ".tpf: more than %u tokens on one line", SF_TPF_MAX_INST_LEN);
    size_t tok = c->pos; /* a refusal of the token points at its start */
    da_accept(c, "0x");
    uint64_t x = 0;
    size_t nd = 0;
    while (da_is_hex(da_peek(c))) {
      int ch = da_peek(c);
      x = x * 16 + (uint64_t)(da_is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
      c->pos++;
      if (++nd > 8) {
        c->pos = tok;
        return da_cfail(c, SF_ERR_RANGE, ".tpf: token with more than 8 hex digits");
      }
    }
    if (!nd) return da_cfail(c, SF_ERR_SYNTAX, ".tpf: expected a hex token");
    if ((e = da_tok_push(c, out, (uint32_t)x))) return e;
    da_skip_sp(c);
    da_accept(c, ",");
  }
  size_t n = out->n;
  const uint32_t *t = out->t;
  if (n == 0) return da_cfail(c, SF_ERR_SYNTAX, ".tpf: no tokens");
  uint32_t op_ = t[0] & 0x7ff;
  size_t want = op_ == SF_TPF_OP_CUSTOMDATA ? (n >= 2 ? t[1] : 0) : (t[0] >> 24) & 0x7f;
  if (want != n) {
    c->pos = start;
    return da_cfail(c, SF_ERR_INVALID, ".tpf: %zu tokens but the length field says %zu", n, want);
  }
  if (sf_tpf_is_sample_op(op_)) {
    size_t used;
    sf_status tmp;
    sf_status_clear(&tmp);
    if ((e = sf_tpf_decode_inst(t, n, 0, d, &used, &tmp))) {
      c->pos = start;
      return da_cfail(c, e, ".tpf: %s (DWORD %llu)", tmp.msg, (unsigned long long)tmp.pos);
    }
    *is_inst = true;
  }
  return SF_OK;
}

sf_code da_stmt_parse(tcur *c, tokv *out, sf_d3d_inst *d, bool *is_inst) {
  *is_inst = false;
  out->n = 0;
  da_skip_listing_prefix(c);
  if (da_accept(c, ".tpf")) return parse_tpf_line(c, out, d, is_inst);
  size_t s = c->pos;
  while (da_is_word(da_peek(c))) c->pos++;
  size_t wl = c->pos - s, nl = 0;
  c->pos = s;
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_by_prefix(c->s + s, wl, &nl);
  if (!oi) {
    if (!wl) return da_cfail(c, SF_ERR_SYNTAX, "expected an instruction or a declaration");
    return da_cfail(c, SF_ERR_SYNTAX, "unknown instruction '%.*s' (not in the SM4/SM5 opcode table)",
                    sf_quote_len(wl, SF_QUOTE_NAME), c->s + s);
  }
  if (oi->flags & SF_TPF_F_SAMPLE) {
    *is_inst = true;
    /* the parser refuses sample instructions the decoder would not accept (da_parse_inst_cur) */
    return da_parse_inst_cur(c, d);
  }
  return oi->dcl ? da_dcl_parse(c, oi, nl, out) : da_gen_parse(c, oi, nl, out);
}

static const char *opname(uint32_t op) {
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
  return oi ? oi->name : "undefined";
}

/* Prints the tokens, then reads the text back and requires the very same tokens. */
sf_code sf_d3dasm_print_tokens(const uint32_t *tok, size_t ntok, uint32_t version, sf_buf *out, sf_status *st) {
  if (!tok || !ntok || !out) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_print_tokens: no tokens");
  if (ntok > SF_TPF_MAX_PROGRAM_TOKENS) return sf_fail(st, SF_ERR_LIMIT, "%zu tokens, more than a program holds", ntok);
  uint32_t op = tok[0] & 0x7ff;
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
  if (!oi) return sf_fail(st, SF_UNSUPPORTED, "opcode 0x%x is not defined by SM4/SM5/SM5.1", op);
  size_t cap = ntok * 48 + 512;
  char local[4096]; /* one instruction's text: on the stack unless it is a long one (a table) */
  char *text = cap <= sizeof local ? local : malloc(cap);
  if (!text) return sf_fail(st, SF_ERR_NOMEM, "cannot allocate %zu bytes", cap);
  obuf b = {text, cap, 0, false, 0, false, false};
  char why[192] = "";
  bool ok = oi->dcl ? da_dcl_format(tok, ntok, version, &b, why, sizeof why)
                    : da_gen_format(tok, ntok, version, &b, why, sizeof why);
  if (ok && b.over) ok = false, snprintf(why, sizeof why, "text longer than %zu bytes", cap);
  if (ok) {
    sf_status tmp;
    sf_status_clear(&tmp);
    tokv v = {NULL, 0, 0};
    tcur c = {text, b.len, 0, 1, &tmp, false};
    sf_d3d_inst d;
    bool is_inst = false;
    sf_code e = da_stmt_parse(&c, &v, &d, &is_inst);
    uint32_t enc[SF_TPF_MAX_INST_LEN];
    const uint32_t *got = v.t;
    size_t ng = v.n;
    if (!e && is_inst) {
      e = sf_tpf_encode_inst(&d, enc, &ng, &tmp);
      got = enc;
    }
    if (e == SF_ERR_NOMEM) { /* out of memory while reading back is not a reason to escape */
      free(v.t);
      if (text != local) free(text);
      return sf_fail(st, SF_ERR_NOMEM, "%s (opcode 0x%x): reading the text back: %s", opname(op), op, tmp.msg);
    }
    if (e) ok = false, snprintf(why, sizeof why, "the text does not read back: %.150s", tmp.msg);
    else if (ng != ntok || memcmp(got, tok, ntok * sizeof *tok) != 0)
      ok = false, snprintf(why, sizeof why, "the text reads back to other tokens");
    free(v.t);
  }
  if (ok) sf_buf_put(out, text, b.len);
  if (text != local) free(text);
  if (!ok) return sf_fail(st, SF_UNSUPPORTED, "%s (opcode 0x%x): %s", opname(op), op, why);
  return sf_buf_code(out); /* over its limit, or out of memory */
}

sf_code sf_d3dasm_print_program(const sf_tpf_program *p, sf_buf *out, sf_status *st) {
  if (!p || !out) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_print_program: NULL argument");
  char line[SF_D3DASM_MAX_INST_TEXT]; /* the version line, or one sample instruction's text and its NUL */
  unsigned type = p->version >> 16;
  if ((p->version & 0xff00) == 0 && type < 6 && ((p->version >> 4) & 0xf) <= 9 && (p->version & 0xf) <= 9)
    snprintf(line, sizeof line, "%s_%u_%u\n", da_prog_names[type], (p->version >> 4) & 0xf, p->version & 0xf);
  else
    snprintf(line, sizeof line, ".version 0x%08x\n", p->version);
  sb_puts(out, line);
  for (size_t i = 0; i < p->count; i++) {
    const sf_tpf_item *it = &p->items[i];
    if (it->kind == SF_TPF_ITEM_SAMPLE) {
      obuf b = {line, sizeof line, 0, false, 0, (p->version & 0xff) >= 0x51, false};
      sf_code c = da_print_inst(&b, it->inst, st);
      if (c) return c;
      sb_puts(out, line);
      sb_puts(out, "\n");
      continue;
    }
    sf_status why;
    sf_status_clear(&why);
    sf_code c = it->ntok ? sf_d3dasm_print_tokens(it->tok, it->ntok, p->version, out, &why) : SF_ERR_INVALID;
    if (c && c != SF_UNSUPPORTED) return sf_fail(st, c, "item %zu: %s", i, why.msg);
    if (c) {
      /* The last resort: the exact tokens, and why the table could not express them. */
      sb_puts(out, ".tpf");
      for (size_t k = 0; k < it->ntok; k++) {
        char h[16];
        snprintf(h, sizeof h, " %08x", it->tok[k]);
        sb_puts(out, h);
      }
      snprintf(line, sizeof line, "  // not expressible in text: %s", why.msg);
      for (char *q = line; *q; q++)
        if (*q == '\n') *q = ' ';
      sb_puts(out, line);
    }
    sb_puts(out, "\n");
  }
  return sf_buf_code(out); /* over its limit, or out of memory */
}

/* The end of a statement that may span lines (the immediate constant buffer's braces). */
static size_t stmt_end(const char *text, size_t len, size_t pos, uint32_t *lines) {
  int depth = 0;
  bool opened = false;
  size_t i = pos;
  for (; i < len; i++) {
    char ch = text[i];
    if (ch == '{') depth++, opened = true;
    else if (ch == '}') depth--;
    else if (da_comment_at(text, len, i)) {
      while (i < len && text[i] != '\n') i++;
    }
    if (i >= len) break;
    if (text[i] == '\n') {
      if (!opened || depth <= 0) break;
      (*lines)++;
    }
  }
  return i;
}

sf_code sf_d3dasm_parse_program(const char *text, size_t len, sf_tpf_program *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_parse_program: out is NULL");
  sf_tpf_program_init(out, 0);
  if (!text && len) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_parse_program: text is NULL with length %zu", len);
  if (!text) text = "";
  if (len > SF_D3DASM_MAX_TEXT) return sf_fail_text(st, SF_ERR_LIMIT, 1, 1, "text longer than %u bytes", SF_D3DASM_MAX_TEXT);
  bool have_version = false;
  uint32_t line = 0;
  size_t pos = 0;
  sf_code e = SF_OK;
  tokv v = {NULL, 0, 0};
  while (pos < len && !e) {
    line++;
    size_t end = sf_line_end(text, pos, len);
    tcur c = {text + pos, end - pos, 0, line, st, false};
    da_skip_listing_prefix(&c);
    uint32_t extra = 0;
    if (have_version && c.len - c.pos >= 27 && memcmp(c.s + c.pos, "dcl_immediateConstantBuffer", 27) == 0) {
      end = stmt_end(text, len, pos, &extra); /* the statement spans lines until its braces close */
      c.len = end - pos;
    }
    const char *nul = c.len && !e ? memchr(c.s, 0, c.len) : NULL;
    if (nul) {
      c.pos = (size_t)(nul - c.s);
      e = da_cfail(&c, SF_ERR_SYNTAX, "NUL byte in text");
    }
    if (e) break;
    line += extra;
    pos = end < len ? end + 1 : end;
    if (da_at_end(&c)) continue;
    if (!have_version) {
      if (da_accept(&c, ".version")) {
        da_skip_sp(&c);
        if (!da_accept(&c, "0x")) {
          e = da_cfail(&c, SF_ERR_SYNTAX, "expected 0x<version token>");
          break;
        }
        uint64_t x = 0;
        size_t nd = 0, start = c.pos;
        while (da_is_hex(da_peek(&c)) && nd < 9) {
          int ch = da_peek(&c);
          x = x * 16 + (uint64_t)(da_is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
          c.pos++;
          nd++;
        }
        if (!nd || nd > 8) {
          c.pos = start + (nd ? 8 : 0); /* at the first digit too many */
          e = da_cfail(&c, SF_ERR_SYNTAX, "expected 1-8 hex digits");
          break;
        }
        out->version = (uint32_t)x;
      } else {
        unsigned type = 6;
        for (unsigned i = 0; i < 6; i++)
          if (c.len - c.pos >= 3 && memcmp(c.s + c.pos, da_prog_names[i], 2) == 0 && c.s[c.pos + 2] == '_') type = i;
        if (type == 6) {
          e = da_cfail(&c, SF_ERR_SYNTAX, "expected the shader model line (ps_5_0, vs_4_0, ...)");
          break;
        }
        c.pos += 3;
        int ma = da_peek(&c), mi = da_peek_at(&c, 2);
        if (!da_is_digit(ma) || da_peek_at(&c, 1) != '_' || !da_is_digit(mi)) {
          e = da_cfail(&c, SF_ERR_SYNTAX, "expected <major>_<minor>");
          break;
        }
        c.pos += 3;
        out->version = (type << 16) | ((uint32_t)(ma - '0') << 4) | (uint32_t)(mi - '0');
      }
      if (!da_at_end(&c)) {
        e = da_cfail(&c, SF_ERR_TRAILING, "unexpected text after the shader model");
        break;
      }
      have_version = true;
      continue;
    }
    sf_d3d_inst d;
    bool is_inst = false;
    e = da_stmt_parse(&c, &v, &d, &is_inst);
    if (!e) e = is_inst ? sf_tpf_program_add_inst(out, &d, st) : sf_tpf_program_add_tokens(out, v.t, v.n, st);
  }
  free(v.t);
  if (!e && !have_version) e = sf_fail_text(st, SF_ERR_SYNTAX, line ? line : 1, 1, "no shader model line (ps_5_0, ...)");
  if (e) sf_tpf_program_free(out);
  return e;
}
