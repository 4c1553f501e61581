/* d3d_lex.c — D3D asm text: the cursor (positioned errors, line:column), numbers, immediates,
 * component selections, register names, relative and bracketed indices, and operands. */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/d3d_text_priv.h"
#include "samplefuzz/bytes.h"


/* SF_NO_COVERAGE: a position against a length (bytes.h); callers compare the byte it returns. */
SF_NO_COVERAGE int da_peek(const tcur *c) { return c->pos < c->len ? (unsigned char)c->s[c->pos] : -1; }

SF_NO_COVERAGE int da_peek_at(const tcur *c, size_t k) { return c->pos + k < c->len ? (unsigned char)c->s[c->pos + k] : -1; }

bool da_is_sp(int ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }

bool da_is_digit(int ch) { return ch >= '0' && ch <= '9'; }

bool da_is_alpha(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }

bool da_is_word(int ch) { return da_is_alpha(ch) || da_is_digit(ch) || ch == '_'; }

bool da_is_hex(int ch) { return da_is_digit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'); }

void da_skip_sp(tcur *c) {
  while (da_is_sp(da_peek(c))) c->pos++;
}

sf_code da_cfail(tcur *c, sf_code code, const char *fmt, ...) {
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  /* A statement may span lines (dcl_immediateConstantBuffer): count the newlines before pos. */
  uint32_t line = c->line;
  size_t col0 = 0;
  for (size_t i = 0; i < c->pos && i < c->len; i++)
    if (c->s[i] == '\n') line++, col0 = i + 1;
  return sf_fail_text(c->st, code, line, (uint32_t)(c->pos - col0 + 1), "%s", msg);
}

bool da_accept(tcur *c, const char *lit) {
  size_t n = strlen(lit);
  if (c->len - c->pos >= n && memcmp(c->s + c->pos, lit, n) == 0) {
    c->pos += n;
    return true;
  }
  return false;
}

bool da_accept_words(tcur *c, const char *lit) {
  size_t i = c->pos;
  for (const char *l = lit; *l; l++) {
    if (*l == ' ') {
      if (i >= c->len || !da_is_sp((unsigned char)c->s[i])) return false;
      while (i < c->len && da_is_sp((unsigned char)c->s[i])) i++;
    } else if (i >= c->len || c->s[i++] != *l) {
      return false;
    }
  }
  c->pos = i;
  return true;
}

sf_code da_expect(tcur *c, const char *lit) {
  if (da_accept(c, lit)) return SF_OK;
  return da_cfail(c, SF_ERR_SYNTAX, "expected '%s'", lit);
}

bool da_at_end(tcur *c) {
  da_skip_sp(c);
  return c->pos >= c->len || da_comment_at(c->s, c->len, c->pos);
}

bool da_comment_at(const char *s, size_t len, size_t i) { return i + 1 < len && s[i] == '/' && s[i + 1] == '/'; }

/* Unsigned decimal integer (no sign), at most 0xffffffff. */
sf_code da_parse_u32(tcur *c, uint32_t *v, const char *what) {
  if (!da_is_digit(da_peek(c))) return da_cfail(c, SF_ERR_SYNTAX, "expected %s (a decimal number)", what);
  uint64_t x = 0;
  size_t start = c->pos;
  while (da_is_digit(da_peek(c))) {
    x = x * 10 + (uint64_t)(da_peek(c) - '0');
    c->pos++;
    if (x > 0xffffffffu) {
      c->pos = start;
      return da_cfail(c, SF_ERR_RANGE, "%s does not fit 32 bits", what);
    }
  }
  *v = (uint32_t)x;
  return SF_OK;
}

sf_code da_parse_int(tcur *c, long *v, long lo, long hi, const char *what) {
  bool neg = da_accept(c, "-");
  if (!neg) da_accept(c, "+");
  uint32_t u = 0;
  size_t start = c->pos;
  sf_code r = da_parse_u32(c, &u, what);
  if (r) return r;
  long x = neg ? -(long)u : (long)u;
  if (x < lo || x > hi) {
    c->pos = start;
    return da_cfail(c, SF_ERR_RANGE, "%s %ld is outside [%ld, %ld]", what, x, lo, hi);
  }
  *v = x;
  return SF_OK;
}

/* One immediate value: hex bits, decimal integer, float, or an MSVC special spelling. */
sf_code da_parse_imm(tcur *c, uint32_t *bits) {
  size_t start = c->pos;
  static const struct { const char *s; uint32_t b; } specials[] = {
      {"1.#INF00", 0x7f800000u}, {"-1.#INF00", 0xff800000u}, {"1.#QNAN0", 0x7fc00000u}, {"-1.#QNAN0", 0xffc00000u},
      {"-1.#IND00", 0xffc00000u}, {"1.#IND00", 0x7fc00000u}};
  int first = da_peek(c); /* every special spelling starts with '1' or '-': the others skip the list */
  for (size_t i = 0; (first == '1' || first == '-') && i < sizeof specials / sizeof specials[0]; i++)
    if (da_accept(c, specials[i].s)) {
      *bits = specials[i].b;
      return SF_OK;
    }
  if (da_peek(c) == '0' && (da_peek_at(c, 1) == 'x' || da_peek_at(c, 1) == 'X')) {
    c->pos += 2;
    uint64_t x = 0;
    size_t nd = 0;
    while (da_is_hex(da_peek(c))) {
      int ch = da_peek(c);
      x = x * 16 + (uint64_t)(da_is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
      c->pos++;
      if (++nd > 8) {
        c->pos = start;
        return da_cfail(c, SF_ERR_RANGE, "hex immediate has more than 8 digits");
      }
    }
    if (!nd) return da_cfail(c, SF_ERR_SYNTAX, "expected hex digits after 0x");
    *bits = (uint32_t)x;
    return SF_OK;
  }
  /* Scan the extent of a number: sign, digits, '.', exponent; or inf/nan words. */
  size_t p = c->pos;
  if (p < c->len && (c->s[p] == '-' || c->s[p] == '+')) p++;
  bool isfloat = false;
  size_t q = p;
  while (q < c->len && (da_is_digit((unsigned char)c->s[q]) || c->s[q] == '.')) {
    if (c->s[q] == '.') isfloat = true;
    q++;
  }
  if (q == p) {
    /* inf / nan spelled out */
    size_t w = p;
    while (w < c->len && da_is_alpha((unsigned char)c->s[w])) w++;
    if ((w - p == 3 && (strncmp(c->s + p, "inf", 3) == 0 || strncmp(c->s + p, "nan", 3) == 0))) {
      float f = strncmp(c->s + p, "inf", 3) == 0 ? INFINITY : NAN;
      if (c->s[c->pos] == '-') f = -f;
      memcpy(bits, &f, sizeof f);
      c->pos = w;
      return SF_OK;
    }
    return da_cfail(c, SF_ERR_SYNTAX, "expected an immediate value");
  }
  if (q < c->len && (c->s[q] == 'e' || c->s[q] == 'E')) {
    size_t e = q + 1;
    if (e < c->len && (c->s[e] == '-' || c->s[e] == '+')) e++;
    if (e < c->len && da_is_digit((unsigned char)c->s[e])) {
      while (e < c->len && da_is_digit((unsigned char)c->s[e])) e++;
      q = e;
      isfloat = true;
    }
  }
  if (q - c->pos > 400) return da_cfail(c, SF_ERR_LIMIT, "immediate longer than 400 characters");
  char tmp[416];
  memcpy(tmp, c->s + c->pos, q - c->pos);
  tmp[q - c->pos] = 0;
  if (isfloat) {
    char *end = NULL;
    errno = 0;
    float f = strtof(tmp, &end);
    if (!end || (size_t)(end - tmp) != q - c->pos) return da_cfail(c, SF_ERR_SYNTAX, "bad float immediate '%s'", tmp);
    memcpy(bits, &f, sizeof f);
  } else {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(tmp, &end, 10);
    if (!end || *end || errno == ERANGE || v < -2147483648LL || v > 4294967295LL)
      return da_cfail(c, SF_ERR_RANGE, "integer immediate '%s' does not fit 32 bits", tmp);
    *bits = (uint32_t)(int64_t)v;
  }
  c->pos = q;
  return SF_OK;
}

/* Component suffix after a register: `.xyzw`-letters (meaning by position) or the explicit forms
 * .mask(..) .swz(....) .sel(.) .c0 .c1; nothing = the type's bare component count. */
static sf_code parse_comps(tcur *c, int pos, unsigned bare_nc, uint8_t *nc, uint8_t *sel, uint8_t *comp) {
  *nc = (uint8_t)bare_nc;
  *sel = 0;
  *comp = 0;
  if (!da_accept(c, ".")) return SF_OK;
  int kind = -1; /* explicit: 0 mask, 1 swizzle, 2 select1 */
  bool paren = false;
  if (da_accept(c, "c0") || da_accept(c, "c1")) {
    *nc = (uint8_t)(c->s[c->pos - 1] - '0');
    return SF_OK;
  }
  if (da_accept(c, "mask(")) kind = 0, paren = true;
  else if (da_accept(c, "swz(")) kind = 1, paren = true;
  else if (da_accept(c, "sel(")) kind = 2, paren = true;
  size_t start = c->pos;
  int lv[4];
  size_t k = 0;
  while (1) {
    int ch = da_peek(c), v = ch == 'x' ? 0 : ch == 'y' ? 1 : ch == 'z' ? 2 : ch == 'w' ? 3 : -1;
    if (v < 0) break;
    if (k == 4) return da_cfail(c, SF_ERR_SYNTAX, "more than 4 component letters");
    lv[k++] = v;
    c->pos++;
  }
  if (paren && !da_accept(c, ")")) return da_cfail(c, SF_ERR_SYNTAX, "expected ')' after component letters");
  if (da_is_word(da_peek(c))) return da_cfail(c, SF_ERR_SYNTAX, "component letters must be x, y, z, w");
  if (kind < 0) {
    if (k == 0) {
      c->pos = start;
      return da_cfail(c, SF_ERR_SYNTAX, "expected component letters after '.'");
    }
    kind = pos == POS_DST ? 0 : (k == 1 ? 2 : k == 4 ? 1 : -1);
    if (kind < 0) {
      c->pos = start;
      return da_cfail(c, SF_ERR_SYNTAX, "a source selects 1 component (.x) or a 4-letter swizzle (.xyxx), not %zu", k);
    }
  }
  *nc = SF_D3D_NC_4;
  *sel = (uint8_t)kind;
  if (kind == 0) {
    unsigned m = 0;
    for (size_t i = 0; i < k; i++) {
      if (i && lv[i] <= lv[i - 1]) {
        c->pos = start;
        return da_cfail(c, SF_ERR_SYNTAX, "mask letters must be distinct and in xyzw order");
      }
      m |= 1u << lv[i];
    }
    *comp = (uint8_t)m;
  } else if (kind == 1) {
    if (k != 4) {
      c->pos = start;
      return da_cfail(c, SF_ERR_SYNTAX, "a swizzle has 4 letters");
    }
    *comp = (uint8_t)(lv[0] | (lv[1] << 2) | (lv[2] << 4) | (lv[3] << 6));
  } else {
    if (k != 1) {
      c->pos = start;
      return da_cfail(c, SF_ERR_SYNTAX, "select_1 takes 1 letter");
    }
    *comp = (uint8_t)lv[0];
  }
  return SF_OK;
}

static sf_code parse_regname(tcur *c, const type_name **tn) {
  size_t start = c->pos;
  while (da_is_alpha(da_peek(c))) c->pos++;
  if (c->pos == start) return da_cfail(c, SF_ERR_SYNTAX, "expected a register or l(...)");
  *tn = da_type_by_name(c->s + start, c->pos - start);
  if (!*tn) {
    size_t n = c->pos - start;
    c->pos = start;
    return da_cfail(c, SF_ERR_SYNTAX, "unknown register '%.*s'", sf_quote_len(n, SF_QUOTE_NAME), c->s + start);
  }
  return SF_OK;
}

static sf_code parse_relop(tcur *c, sf_d3d_relop *r) {
  memset(r, 0, sizeof *r);
  const type_name *tn;
  sf_code e = parse_regname(c, &tn);
  if (e) return e;
  r->type = tn->type;
  if (da_is_digit(da_peek(c))) {
    if ((e = da_parse_u32(c, &r->index[0], "register index"))) return e;
    r->index_dim = 1;
    if (da_peek(c) == '[') {
      c->pos++;
      da_skip_sp(c);
      if ((e = da_parse_u32(c, &r->index[1], "register index"))) return e;
      da_skip_sp(c);
      if ((e = da_expect(c, "]"))) return e;
      r->index_dim = 2;
    }
  }
  return parse_comps(c, POS_SRC, tn->bare_nc, &r->num_comp, &r->sel_mode, &r->comp_bits);
}

/* `[` index `]`: an integer, a register (+ integer), or integer + register. fxc writes a relative
 * index (representation 2) as `[r1.x + 0]` and one with an offset (3) as `[r1.x + 5]`, so a
 * register + 0 is representation 2; integer + register is always 3 (our `[0 + r1.x]`). */
static sf_code parse_bracket(tcur *c, sf_d3d_index *ix) {
  sf_code e;
  memset(ix, 0, sizeof *ix);
  if ((e = da_expect(c, "["))) return e;
  da_skip_sp(c);
  if (da_is_digit(da_peek(c))) {
    uint32_t v;
    if ((e = da_parse_u32(c, &v, "index"))) return e;
    ix->imm = v;
    da_skip_sp(c);
    if (da_accept(c, "+")) {
      da_skip_sp(c);
      if ((e = parse_relop(c, &ix->rel))) return e;
      ix->rep = SF_D3D_IDX_IMM32_REL;
    } else {
      ix->rep = SF_D3D_IDX_IMM32;
    }
  } else {
    if ((e = parse_relop(c, &ix->rel))) return e;
    da_skip_sp(c);
    if (da_accept(c, "+")) {
      da_skip_sp(c);
      uint32_t v;
      if ((e = da_parse_u32(c, &v, "index offset"))) return e;
      ix->imm = v;
      ix->rep = v ? SF_D3D_IDX_IMM32_REL : SF_D3D_IDX_REL;
    } else {
      ix->rep = SF_D3D_IDX_REL;
    }
  }
  da_skip_sp(c);
  return da_expect(c, "]");
}

sf_code da_parse_opnd(tcur *c, sf_d3d_opnd *o, int pos) {
  sf_code e;
  memset(o, 0, sizeof *o);
  da_skip_sp(c);
  bool neg = da_accept(c, "-");
  bool abs_ = da_accept(c, "|");
  if (da_peek(c) == 'd' && da_peek_at(c, 1) == '(') return da_cfail(c, SF_UNSUPPORTED, "64-bit immediates d(...) are not supported");
  if (da_accept(c, "l(")) {
    o->type = SF_D3D_OT_IMM32;
    unsigned n = 0;
    while (1) {
      da_skip_sp(c);
      if (n == 4) return da_cfail(c, SF_ERR_SYNTAX, "an immediate has 1 or 4 values");
      if ((e = da_parse_imm(c, &o->imm[n]))) return e;
      n++;
      da_skip_sp(c);
      if (da_accept(c, ")")) break;
      if ((e = da_expect(c, ","))) return e;
    }
    if (n != 1 && n != 4) return da_cfail(c, SF_ERR_SYNTAX, "an immediate has 1 or 4 values, not %u", n);
    o->num_comp = n == 1 ? SF_D3D_NC_1 : SF_D3D_NC_4;
  } else {
    const type_name *tn;
    if ((e = parse_regname(c, &tn))) return e;
    o->type = tn->type;
    unsigned k = 0;
    if (da_is_digit(da_peek(c))) {
      uint32_t v;
      if ((e = da_parse_u32(c, &v, "register index"))) return e;
      o->idx[0].imm = v;
      o->idx[0].rep = SF_D3D_IDX_IMM32;
      k = 1;
    }
    while (da_peek(c) == '[') {
      if (k == 3) return da_cfail(c, SF_ERR_SYNTAX, "more than 3 indices");
      if ((e = parse_bracket(c, &o->idx[k]))) return e;
      k++;
    }
    o->index_dim = (uint8_t)k;
    /* In a declaration a bare register has 0 components (fxc: dcl_input vPrim, vOutputControlPointID). */
    if ((e = parse_comps(c, pos, c->dcl ? 0 : tn->bare_nc, &o->num_comp, &o->sel_mode, &o->comp_bits))) return e;
  }
  if (abs_ && (e = da_expect(c, "|"))) return e;
  o->modifier = (uint8_t)((neg ? 1 : 0) | (abs_ ? 2 : 0));
  while (1) {
    size_t save = c->pos;
    da_skip_sp(c);
    if (!da_accept(c, "{")) {
      c->pos = save;
      break;
    }
    bool found = false;
    for (unsigned i = 1; i < 8 && !found; i++)
      if (da_minprec_names[i] && da_accept(c, da_minprec_names[i])) o->min_precision = (uint8_t)i, found = true;
    if (!found && da_accept(c, "minprec")) {
      long v;
      if ((e = da_parse_int(c, &v, 0, 7, "min precision"))) return e;
      o->min_precision = (uint8_t)v;
      found = true;
    }
    if (!found && da_accept(c, "nonuniform")) o->nonuniform = true, found = true;
    if (!found && da_accept(c, "ext")) found = true;
    if (!found) return da_cfail(c, SF_ERR_SYNTAX, "unknown operand annotation");
    if ((e = da_expect(c, "}"))) return e;
    o->extended = true;
  }
  if (o->modifier) o->extended = true;
  return SF_OK;
}

/* Skips `   12  0x000000A8: ` (D3DDisassemble instruction numbers / byte offsets; the offset's "0x"
 * in either case). */
void da_skip_listing_prefix(tcur *c) {
  da_skip_sp(c);
  size_t save = c->pos;
  if (da_is_digit(da_peek(c)) && !(da_peek(c) == '0' && (da_peek_at(c, 1) == 'x' || da_peek_at(c, 1) == 'X'))) {
    while (da_is_digit(da_peek(c))) c->pos++;
    if (!da_is_sp(da_peek(c)) && da_peek(c) != ':') {
      c->pos = save;
      return;
    }
    da_accept(c, ":");
    da_skip_sp(c);
  }
  save = c->pos;
  if (da_peek(c) == '0' && (da_peek_at(c, 1) == 'x' || da_peek_at(c, 1) == 'X')) {
    c->pos += 2;
    while (da_is_hex(da_peek(c))) c->pos++;
    if (!da_accept(c, ":")) {
      c->pos = save;
      return;
    }
    da_skip_sp(c);
  }
}

/* An operand of any instruction of the table: also d(a[, b]) 64-bit immediates (strtod, or raw
 * 0x<16 hex digits>; fxc's trailing 'l' is accepted). */
sf_code da_parse_gopnd(tcur *c, sf_d3d_opnd *o, int pos) {
  da_skip_sp(c);
  if (!(da_peek(c) == 'd' && da_peek_at(c, 1) == '(')) return da_parse_opnd(c, o, pos);
  memset(o, 0, sizeof *o);
  c->pos += 2;
  o->type = SF_D3D_OT_IMM64;
  unsigned n = 0;
  while (1) {
    da_skip_sp(c);
    if (n == 2) return da_cfail(c, SF_ERR_SYNTAX, "d(...) holds 1 or 2 values");
    uint64_t bits = 0;
    if (da_peek(c) == '0' && (da_peek_at(c, 1) == 'x' || da_peek_at(c, 1) == 'X')) {
      c->pos += 2;
      size_t nd = 0;
      while (da_is_hex(da_peek(c))) {
        int ch = da_peek(c);
        if (++nd > 16) return da_cfail(c, SF_ERR_RANGE, "hex immediate has more than 16 digits");
        bits = bits * 16 + (uint64_t)(da_is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
        c->pos++;
      }
      if (!nd) return da_cfail(c, SF_ERR_SYNTAX, "expected hex digits after 0x");
    } else {
      size_t s = c->pos;
      while (c->pos < c->len && (da_is_digit(da_peek(c)) || strchr("+-.eE", da_peek(c)))) c->pos++;
      if (c->pos == s || c->pos - s > 400) {
        c->pos = s;
        return da_cfail(c, SF_ERR_SYNTAX, "expected a double value");
      }
      char tmp[416];
      memcpy(tmp, c->s + s, c->pos - s);
      tmp[c->pos - s] = 0;
      char *end = NULL;
      double f = strtod(tmp, &end);
      if (!end || *end) {
        c->pos = s;
        return da_cfail(c, SF_ERR_SYNTAX, "bad double value '%s'", tmp);
      }
      memcpy(&bits, &f, sizeof bits);
      da_accept(c, "l");
    }
    o->imm[2 * n] = (uint32_t)bits;
    o->imm[2 * n + 1] = (uint32_t)(bits >> 32);
    n++;
    da_skip_sp(c);
    if (da_accept(c, ")")) break;
    sf_code e = da_expect(c, ",");
    if (e) return e;
  }
  o->num_comp = n == 1 ? SF_D3D_NC_1 : SF_D3D_NC_4;
  return SF_OK;
}
