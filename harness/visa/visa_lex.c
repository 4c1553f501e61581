/* visa_lex.c — vISA text: the lexer (a cursor over one line with positioned errors) and the operand
 * parsers (types, regions, vector operands, raw operands, channel masks, exec sizes, predicates,
 * AVS keywords). Errors carry line:column. */
#include <errno.h>
#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_chars.h"
#include "harness/visa/visa_text_priv.h"
#include "samplefuzz/bytes.h"


sf_code vt_perr(cur *c, sf_code code, size_t at, const char *fmt, ...) {
  if (c->err != SF_OK) return c->err;
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  c->err = code;
  uint64_t col = (uint64_t)at + 1;
  sf_fail_text(c->st, code, c->line, col > UINT32_MAX ? UINT32_MAX : (uint32_t)col, "%s", msg);
  return code;
}

/* The scans below walk a pointer to the line's end: an equality test of two pointers is not traced
 * in a fuzz build, where `i < n` is a traced comparison per character. */
void vt_ws(cur *c) {
  const char *p = c->s + c->i, *e = c->s + c->n;
  while (p != e && sf_visa_cc_is(*p, SF_VC_WS)) p++;
  c->i = (size_t)(p - c->s);
}

/* SF_NO_COVERAGE: a position against a length (bytes.h); callers compare the character. */
SF_NO_COVERAGE char vt_peek(cur *c) { return c->i < c->n ? c->s[c->i] : 0; }

SF_NO_COVERAGE char vt_peek2(cur *c) { return c->i + 1 < c->n ? c->s[c->i + 1] : 0; }

/* At the end of the line, or at a // comment. */
bool vt_at_end(cur *c) {
  vt_ws(c);
  return c->i >= c->n || (c->s[c->i] == '/' && vt_peek2(c) == '/');
}

/* Describes what is at the cursor for error messages. */
const char *vt_here(cur *c, char *buf, size_t n) {
  if (vt_at_end(c)) return "end of line";
  size_t j = c->i, m = 0;
  while (j < c->n && m < 12 && c->s[j] != ' ' && c->s[j] != '\t') j++, m++;
  snprintf(buf, n, "'%.*s'", (int)m, c->s + c->i);
  return buf;
}

bool vt_count_token(cur *c) {
  if (++c->tokens > MAX_TOKENS) {
    vt_perr(c, SF_ERR_LIMIT, c->i, "more than %u tokens on one line", MAX_TOKENS);
    return false;
  }
  return true;
}

static bool accept(cur *c, char ch) {
  vt_ws(c);
  if (vt_peek(c) == ch) {
    c->i++;
    return true;
  }
  return false;
}

bool vt_expect(cur *c, char ch, const char *what) {
  if (c->err) return false;
  if (accept(c, ch)) return true;
  char b[32];
  vt_perr(c, SF_ERR_SYNTAX, c->i, "expected '%c'%s%s, found %s", ch, *what ? " " : "", what, vt_here(c, b, sizeof b));
  return false;
}

static bool id_start(char ch) { return sf_visa_cc_is(ch, SF_VC_ALPHA | SF_VC_PCT); }

bool vt_id_char(char ch) { return sf_visa_cc_is(ch, SF_VC_ALPHA | SF_VC_PCT | SF_VC_DIGIT); }

/* An identifier (names may start with % for IGC's predefined ones). */
bool vt_ident(cur *c, const char **s, size_t *n, size_t *at, const char *what) {
  if (c->err) return false;
  vt_ws(c);
  *at = c->i;
  if (!id_start(vt_peek(c))) {
    char b[32];
    vt_perr(c, SF_ERR_SYNTAX, c->i, "expected %s, found %s", what, vt_here(c, b, sizeof b));
    return false;
  }
  const char *p = c->s + c->i, *e = c->n - c->i > SF_VISA_MAX_NAME ? p + SF_VISA_MAX_NAME + 1 : c->s + c->n;
  while (p != e && vt_id_char(*p)) p++;
  size_t j = (size_t)(p - c->s);
  if (j - c->i > SF_VISA_MAX_NAME) {
    vt_perr(c, SF_ERR_LIMIT, c->i, "name longer than %u bytes", SF_VISA_MAX_NAME);
    return false;
  }
  *s = c->s + c->i;
  *n = j - c->i;
  c->i = j;
  return vt_count_token(c);
}

/* An unsigned decimal number <= max. */
/* The value of a hex digit of either case, or -1. */
int vt_hexval(char h) {
  if (vt_is_digit(h)) return h - '0';
  if ((h | 0x20) >= 'a' && (h | 0x20) <= 'f') return (h | 0x20) - 'a' + 10;
  return -1;
}

bool vt_unum(cur *c, uint64_t max, uint64_t *out, const char *what) {
  if (c->err) return false;
  vt_ws(c);
  size_t at = c->i;
  if (!vt_is_digit(vt_peek(c))) {
    char b[32];
    vt_perr(c, SF_ERR_SYNTAX, c->i, "expected %s (a decimal number), found %s", what, vt_here(c, b, sizeof b));
    return false;
  }
  uint64_t v = 0;
  bool over = false;
  while (c->i < c->n && vt_is_digit(c->s[c->i])) {
    unsigned d = (unsigned)(c->s[c->i] - '0');
    if (v > (UINT64_MAX - d) / 10) over = true;
    else v = v * 10 + d;
    c->i++;
  }
  if (over || v > max) {
    vt_perr(c, SF_ERR_RANGE, at, "%s must be at most %llu", what, (unsigned long long)max);
    return false;
  }
  *out = v;
  return vt_count_token(c);
}

/* A signed decimal number in [min, max]. */
bool vt_snum(cur *c, int64_t min, int64_t max, int64_t *out, const char *what) {
  vt_ws(c);
  size_t at = c->i;
  bool neg = accept(c, '-');
  uint64_t m;
  if (!vt_unum(c, (uint64_t)INT64_MAX, &m, what)) return false;
  int64_t v = neg ? -(int64_t)m : (int64_t)m;
  if (v < min || v > max) {
    vt_perr(c, SF_ERR_RANGE, at, "%s must be in [%lld, %lld]", what, (long long)min, (long long)max);
    return false;
  }
  *out = v;
  return true;
}

/* "#<code>" with code <= max (decimal or 0x hex). A code past max is reported at its first
 * character after the '#', in the same words, whichever radix it is written in. */
static bool hash_code(cur *c, uint64_t max, uint64_t *out, const char *what) {
  vt_ws(c);
  if (!vt_expect(c, '#', what)) return false;
  size_t at = c->i;
  uint64_t v = 0;
  if (vt_peek(c) == '0' && (vt_peek2(c) == 'x' || vt_peek2(c) == 'X')) {
    c->i += 2;
    size_t d0 = c->i;
    while (c->i < c->n && c->i - d0 < 8) {
      char h = c->s[c->i];
      unsigned d;
      if (vt_is_digit(h)) d = (unsigned)(h - '0');
      else if (h >= 'a' && h <= 'f') d = (unsigned)(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') d = (unsigned)(h - 'A' + 10);
      else break;
      v = v * 16 + d;
      c->i++;
    }
    if (c->i == d0) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected hex digits after #0x"), false;
    if (v > max) return vt_perr(c, SF_ERR_RANGE, at, "%s must be at most %llu", what, (unsigned long long)max), false;
  } else if (!vt_unum(c, max, &v, what)) {
    return false;
  }
  *out = v;
  return true;
}

bool vt_p_type(cur *c, uint8_t *type) {
  vt_ws(c);
  if (vt_peek(c) == '#') {
    uint64_t v;
    if (!hash_code(c, 255, &v, "type")) return false;
    *type = (uint8_t)v;
    return true;
  }
  const char *s;
  size_t n, at;
  if (!vt_ident(c, &s, &n, &at, "a type (ud, d, uw, w, ub, b, df, f, v, vf, bool, uq, uv, q, hf, bf)")) return false;
  for (uint8_t t = 0; t < 16; t++)
    if (vt_ieq(s, n, sf_vtype_name(t))) {
      *type = t;
      return true;
    }
  vt_perr(c, SF_ERR_SYNTAX, at, "'%.*s' is not a type: expected ud, d, uw, w, ub, b, df, f, v, vf, bool, uq, uv, q, hf or bf",
       sf_quote_len(n, SF_QUOTE_WORD), s);
  return false;
}

static bool p_region_elem(cur *c, uint8_t *code) {
  vt_ws(c);
  uint64_t v;
  if (vt_peek(c) == '#') {
    if (!hash_code(c, 15, &v, "region")) return false;
    *code = (uint8_t)v;
    return true;
  }
  size_t at = c->i;
  if (!vt_unum(c, 32, &v, "region value")) return false;
#if SF_CANARY == 4
  /* canary 4: a typo in the region value table: 32 parses as the code of 16 */
  static const uint8_t codes[33] = {1, 2, 3, 0, 4, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 6,
                                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6};
#else
  static const uint8_t codes[33] = {1, 2, 3, 0, 4, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 6,
                                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7};
#endif
  if (!codes[v]) {
    vt_perr(c, SF_ERR_RANGE, at, "region value %llu is not 0, 1, 2, 4, 8, 16 or 32", (unsigned long long)v);
    return false;
  }
  *code = codes[v];
  return true;
}

static bool p_region_hi(cur *c, sf_region *r) {
  /* called after ';' when "hi=" follows */
  c->i += 3;
  uint64_t v;
  if (!vt_unum(c, 15, &v, "region bits 12-15")) return false;
  r->hi = (uint8_t)v;
  return true;
}

static bool next_is(cur *c, const char *lit) {
  vt_ws(c);
  size_t l = strlen(lit);
  return c->i + l <= c->n && memcmp(c->s + c->i, lit, l) == 0;
}

static bool p_region(cur *c, sf_region *r) {
  memset(r, 0, sizeof *r);
  if (!vt_expect(c, '<', "to start a region <vs;w,hs>")) return false;
  uint8_t a, b, h;
  if (!p_region_elem(c, &a)) return false;
  if (accept(c, ';')) {
    if (next_is(c, "hi=")) {
      r->hstride = a;
      if (!p_region_hi(c, r)) return false;
    } else {
      if (!p_region_elem(c, &b) || !vt_expect(c, ',', "between region width and horizontal stride") ||
          !p_region_elem(c, &h))
        return false;
      r->vstride = a;
      r->width = b;
      r->hstride = h;
      if (accept(c, ';')) {
        if (!next_is(c, "hi=")) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected hi=<n> or '>' in a region"), false;
        if (!p_region_hi(c, r)) return false;
      }
    }
  } else if (accept(c, ',')) {
    if (!p_region_elem(c, &h)) return false;
    r->width = a;
    r->hstride = h;
    if (accept(c, ';')) {
      if (!next_is(c, "hi=")) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected hi=<n> or '>' in a region"), false;
      if (!p_region_hi(c, r)) return false;
    }
  } else {
    r->hstride = a;
  }
  return vt_expect(c, '>', "to end the region");
}

sf_code vt_name_error(cur *c, res_t r, size_t at, const char *s, size_t n, sf_visa_symkind other,
                          const char *expected) {
  int w = sf_quote_len(n, SF_QUOTE_NAME);
  if (r == RES_WRONG_KIND)
    return vt_perr(c, SF_ERR_UNDECLARED, at, "'%.*s' is %s, expected %s", w, s, vt_kind_name(other), expected);
  return vt_perr(c, SF_ERR_UNDECLARED, at, "'%.*s' is not declared: expected %s", w, s, expected);
}

/* Immediate: [-]digits[.digits][e[+-]digits] or 0xHEX, then :type. */
static bool p_imm(cur *c, sf_vopnd *v) {
  vt_ws(c);
  size_t at = c->i;
  bool neg = false;
  if (vt_peek(c) == '-') {
    neg = true;
    c->i++;
  }
  bool isfloat = false;
  uint64_t mag = 0;
  bool over = false;
  size_t d0;
  if (vt_peek(c) == '0' && (vt_peek2(c) == 'x' || vt_peek2(c) == 'X')) {
    c->i += 2;
    d0 = c->i;
    while (c->i < c->n) {
      char h = c->s[c->i];
      unsigned d;
      if (vt_is_digit(h)) d = (unsigned)(h - '0');
      else if (h >= 'a' && h <= 'f') d = (unsigned)(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') d = (unsigned)(h - 'A' + 10);
      else break;
      if (mag >> 60) over = true;
      mag = (mag << 4) | d;
      c->i++;
    }
    if (c->i == d0) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected hex digits after 0x"), false;
    if (neg) return vt_perr(c, SF_ERR_SYNTAX, at, "a hex immediate cannot be negative"), false;
  } else {
    d0 = c->i;
    if (!vt_is_digit(vt_peek(c))) {
      char b[32];
      return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected a number after '-', found %s", vt_here(c, b, sizeof b)), false;
    }
    while (c->i < c->n && vt_is_digit(c->s[c->i])) {
      unsigned d = (unsigned)(c->s[c->i] - '0');
      if (mag > (UINT64_MAX - d) / 10) over = true;
      else mag = mag * 10 + d;
      c->i++;
    }
    if (vt_peek(c) == '.') {
      isfloat = true;
      c->i++;
      if (!vt_is_digit(vt_peek(c))) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected digits after the decimal point"), false;
      while (c->i < c->n && vt_is_digit(c->s[c->i])) c->i++;
    }
    if (vt_peek(c) == 'e' || vt_peek(c) == 'E') {
      isfloat = true;
      c->i++;
      if (vt_peek(c) == '+' || vt_peek(c) == '-') c->i++;
      if (!vt_is_digit(vt_peek(c))) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected digits in the exponent"), false;
      while (c->i < c->n && vt_is_digit(c->s[c->i])) c->i++;
    }
  }
  size_t lit_end = c->i;
  if (!vt_count_token(c)) return false;
  if (vt_peek(c) != ':')
    return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected ':<type>' after the immediate (IGC immediates need a type)"), false;
  c->i++;
  uint8_t type;
  if (!vt_p_type(c, &type)) return false;
  v->cls = SF_VCLS_IMMEDIATE;
  v->type = type;
  uint8_t t = type & 0x0F;
  bool wide = sf_vtype_size(t) == 8;
  if (isfloat) {
    if (type != SF_VT_F && type != SF_VT_DF)
      return vt_perr(c, SF_ERR_SYNTAX, at, "a decimal float needs type :f or :df (write hf, bf and integers in hex)"), false;
    char tmp[72];
    size_t len = lit_end - at;
    if (len >= sizeof tmp) return vt_perr(c, SF_ERR_LIMIT, at, "float literal longer than %zu characters", sizeof tmp - 1), false;
    memcpy(tmp, c->s + at, len);
    tmp[len] = 0;
    errno = 0;
    if (type == SF_VT_F) {
      float f = strtof(tmp, NULL);
      if (f > FLT_MAX || f < -FLT_MAX) return vt_perr(c, SF_ERR_RANGE, at, "float literal does not fit type f"), false;
      uint32_t bits;
      memcpy(&bits, &f, sizeof bits);
      v->imm = bits;
    } else {
      double d = strtod(tmp, NULL);
      if (d > DBL_MAX || d < -DBL_MAX) return vt_perr(c, SF_ERR_RANGE, at, "float literal does not fit type df"), false;
      uint64_t bits;
      memcpy(&bits, &d, sizeof bits);
      v->imm = bits;
    }
    return true;
  }
  uint64_t lim = wide ? UINT64_MAX : UINT32_MAX;
  if (over || mag > lim || (neg && mag > (wide ? (1ull << 63) : (1ull << 31))))
    return vt_perr(c, SF_ERR_RANGE, at, "immediate does not fit %u bits", wide ? 64u : 32u), false;
  uint64_t val = neg ? (uint64_t)0 - mag : mag;
  v->imm = wide ? val : (val & 0xFFFFFFFFull);
  return true;
}

/* A vector operand (docs/visa-binary.md): general, address, predicate, indirect,
 * immediate or state, with optional (tag_hi=N) and modifier prefixes. */
bool vt_p_vopnd(cur *c, sf_vopnd *v, const char *what) {
  memset(v, 0, sizeof *v);
  if (c->err) return false;
  bool have_mod = false, have_tag = false;
  for (;;) {
    vt_ws(c);
    if (vt_peek(c) != '(') break;
    size_t at = c->i;
    size_t j = c->i + 1;
    while (j < c->n && c->s[j] != ')') j++; /* the word in parentheses (a cur holds one line) */
    if (j >= c->n || c->s[j] != ')')
      return vt_perr(c, SF_ERR_SYNTAX, at, "expected a modifier (abs), (-), (-abs), (~) before %s", what), false;
    const char *w = c->s + c->i + 1;
    size_t wn = j - c->i - 1;
    static const char *const mods[8] = {"", "abs", "-", "-abs", "sat", "~", "mod6", "mod7"};
    int m = -1;
    for (int q = 1; q < 8; q++)
      if (strlen(mods[q]) == wn && memcmp(mods[q], w, wn) == 0) m = q;
    if (m > 0 && !have_mod) {
      v->mod = (uint8_t)m;
      have_mod = true;
    } else if (!have_tag && !have_mod && wn >= 8 && memcmp(w, "tag_hi=", 7) == 0) {
      uint32_t t;
      if (!vt_dec_u32(w + 7, wn - 7, &t) || t > 3)
        return vt_perr(c, SF_ERR_RANGE, at, "tag_hi must be 0-3 (tag byte bits 6-7)"), false;
      v->tag_hi = (uint8_t)t;
      have_tag = true;
    } else {
      return vt_perr(c, SF_ERR_SYNTAX, at, "'(%.*s)' is not a modifier: expected (abs), (-), (-abs) or (~) before %s",
                  (int)wn, w, what), false;
    }
    c->i = j + 1;
    if (!vt_count_token(c)) return false;
  }
  vt_ws(c);
  char ch = vt_peek(c);
  if (ch == '-' || vt_is_digit(ch)) return p_imm(c, v);
  if (vt_at_end(c)) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected %s, found end of line", what), false;
  if (ch == 'r' && vt_peek2(c) == '[') {
    size_t at0 = c->i;
    c->i += 2;
    const char *s;
    size_t n, at;
    if (!vt_ident(c, &s, &n, &at, "an address variable in r[...]")) return false;
    uint32_t id;
    sf_visa_symkind other = SF_SYM_NONE;
    res_t r = vt_resolve_sym(c->k, s, n, SF_SYM_ADDR, "A", &id, &other);
    if (r != RES_OK) return vt_name_error(c, r, at, s, n, other, "an address variable (A<n>)"), false;
    if (id > 0xFFFF) return vt_perr(c, SF_ERR_RANGE, at, "address id must be at most 65535"), false;
    uint64_t off;
    int64_t imm;
    if (!vt_expect(c, '(', "after the address variable") || !vt_unum(c, 255, &off, "address offset") ||
        !vt_expect(c, ')', "after the address offset") || !vt_expect(c, ',', "before the immediate byte offset") ||
        !vt_snum(c, INT16_MIN, INT16_MAX, &imm, "indirect byte offset") || !vt_expect(c, ']', "to close r[...]"))
      return false;
    v->cls = SF_VCLS_INDIRECT;
    v->id = id;
    v->addr_off = (uint8_t)off;
    v->imm_off = (int16_t)imm;
    if (!p_region(c, &v->region)) return false;
    if (!vt_expect(c, ':', "and a type after an indirect operand")) return false;
    (void)at0;
    return vt_p_type(c, &v->type);
  }
  const char *s;
  size_t n, at;
  if (!vt_ident(c, &s, &n, &at, what)) return false;
  if (vt_peek(c) == '(') { /* directly after the name: a blank ends the operand */
    c->i++;
    uint64_t a;
    if (!vt_unum(c, 255, &a, "offset")) return false;
    if (accept(c, ',')) {
      uint64_t b;
      if (!vt_unum(c, 255, &b, "column offset") || !vt_expect(c, ')', "after (row,col)")) return false;
      uint32_t id;
      sf_visa_symkind other = SF_SYM_NONE;
      res_t r = vt_resolve_var(c->k, s, n, &id, &other);
      if (r != RES_OK) return vt_name_error(c, r, at, s, n, other, "a general variable"), false;
      v->cls = SF_VCLS_GENERAL;
      v->id = id;
      v->row_off = (uint8_t)a;
      v->col_off = (uint8_t)b;
      return p_region(c, &v->region);
    }
    if (!vt_expect(c, ')', "after the offset")) return false;
    if (vt_peek(c) == '<') {
      uint32_t id;
      sf_visa_symkind other = SF_SYM_NONE;
      res_t r = vt_resolve_sym(c->k, s, n, SF_SYM_ADDR, "A", &id, &other);
      if (r != RES_OK) return vt_name_error(c, r, at, s, n, other, "an address variable (A<n>)"), false;
      if (id > 0xFFFF) return vt_perr(c, SF_ERR_RANGE, at, "address id must be at most 65535"), false;
      c->i++;
      vt_ws(c);
      uint64_t wcode;
      if (vt_peek(c) == '#') {
        if (!hash_code(c, 255, &wcode, "address width")) return false;
      } else {
        size_t wat = c->i;
        uint64_t lanes;
        if (!vt_unum(c, 32, &lanes, "address width")) return false;
        static const int8_t lc[33] = {-1, 0,  1,  -1, 2,  -1, -1, -1, 3,  -1, -1, -1, -1, -1, -1, -1, 4,
                                      -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 5};
        if (lc[lanes] < 0) return vt_perr(c, SF_ERR_RANGE, wat, "address width must be 1, 2, 4, 8, 16 or 32"), false;
        wcode = (uint64_t)lc[lanes];
      }
      if (!vt_expect(c, '>', "after the address width")) return false;
      v->cls = SF_VCLS_ADDRESS;
      v->id = id;
      v->addr_off = (uint8_t)a;
      v->width = (uint8_t)wcode;
      return true;
    }
    uint32_t idx, cls;
    sf_visa_symkind other = SF_SYM_NONE;
    res_t r = vt_resolve_state(c->k, s, n, true, &idx, &cls, &other);
    if (r != RES_OK) return vt_name_error(c, r, at, s, n, other, "a sampler or surface"), false;
    if (idx > 0xFFFF || cls > 255) return vt_perr(c, SF_ERR_RANGE, at, "state id must be at most 65535"), false;
    v->cls = SF_VCLS_STATE;
    v->state_cls = (uint8_t)cls;
    v->id = idx;
    v->addr_off = (uint8_t)a;
    return true;
  }
  uint32_t id;
  sf_visa_symkind other = SF_SYM_NONE;
  res_t r = vt_resolve_sym(c->k, s, n, SF_SYM_PRED, "P", &id, &other);
  if (r == RES_WRONG_KIND && other == SF_SYM_VAR)
    return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected (row,col)<region> after general variable '%.*s'",
                sf_quote_len(n, SF_QUOTE_NAME), s), false;
  if (r != RES_OK) return vt_name_error(c, r, at, s, n, other, what), false;
  if (id > 0xFFFF) return vt_perr(c, SF_ERR_RANGE, at, "predicate operand must be at most 65535"), false;
  v->cls = SF_VCLS_PREDICATE;
  v->id = id;
  return true;
}

/* A raw operand: a general variable (or %null), then '.' and a byte offset, which LSC's text may
 * leave out (need_off false: offset 0). */
bool vt_p_raw_opt(cur *c, sf_raw *out, const char *what, bool need_off) {
  const char *s;
  size_t n, at;
  if (!vt_ident(c, &s, &n, &at, what)) return false;
  uint32_t id;
  sf_visa_symkind other = SF_SYM_NONE;
  res_t r = vt_resolve_var(c->k, s, n, &id, &other);
  if (r != RES_OK) return vt_name_error(c, r, at, s, n, other, "a general variable for a raw operand"), false;
  out->id = id;
  out->off = 0;
  if (vt_peek(c) != '.') {
    if (!need_off) return true;
    return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected '.<byte offset>' after raw operand '%.*s'", sf_quote_len(n, SF_QUOTE_NAME), s),
           false;
  }
  c->i++;
  if (!vt_is_digit(vt_peek(c))) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected a byte offset after '.'"), false;
  uint64_t off;
  if (!vt_unum(c, 0xFFFF, &off, "raw operand offset")) return false;
  out->off = (uint16_t)off;
  return true;
}

bool vt_p_raw(cur *c, sf_raw *out, const char *what) { return vt_p_raw_opt(c, out, what, true); }

/* Sampler or surface slot of an instruction (UB index). */
bool vt_p_state_slot(cur *c, uint8_t *out, const char *what) {
  const char *s;
  size_t n, at;
  if (!vt_ident(c, &s, &n, &at, what)) return false;
  uint32_t idx, cls;
  sf_visa_symkind other = SF_SYM_NONE;
  res_t r = vt_resolve_state(c->k, s, n, false, &idx, &cls, &other);
  if (r != RES_OK) return vt_name_error(c, r, at, s, n, other, what), false;
  if (idx > 255) return vt_perr(c, SF_ERR_RANGE, at, "%s index %u does not fit a byte", what, (unsigned)idx), false;
  *out = (uint8_t)idx;
  return true;
}

/* Channel letters in RGBA order (either case), "ch0" (ours) or empty for mask 0. */
bool vt_p_chan(cur *c, const char *s, size_t n, size_t at, uint8_t *mask) {
  *mask = 0;
  if (n == 0 || vt_ieq(s, n, "ch0")) return true;
  static const char letters[4] = {'r', 'g', 'b', 'a'};
  int last = -1;
  for (size_t i = 0; i < n; i++) {
    char ch = s[i];
    if (ch >= 'A' && ch <= 'Z') ch = (char)(ch - 'A' + 'a');
    int q = -1;
    for (int j = 0; j < 4; j++)
      if (letters[j] == ch) q = j;
    if (q < 0)
      return vt_perr(c, SF_ERR_SYNTAX, at + i, "'%c' is not a channel: expected R, G, B, A (in that order) or ch0", s[i]),
             false;
    if (q <= last)
      return vt_perr(c, SF_ERR_SYNTAX, at + i, "channels must be in R, G, B, A order without repeats"), false;
    last = q;
    *mask |= (uint8_t)(1u << q);
  }
  return true;
}

/* ( [emask ,] size ) — IGC: size 1,2,4,8,16,32; emask M1..M8, M1_NM..M8_NM, NoMask (= M1_NM). */
bool vt_p_exec(cur *c, uint8_t *size, uint8_t *emask) {
  if (!vt_expect(c, '(', "to start the execution size (M1, 16)")) return false;
  *emask = 0;
  vt_ws(c);
  if (id_start(vt_peek(c))) {
    const char *s;
    size_t n, at;
    if (!vt_ident(c, &s, &n, &at, "an execution mask")) return false;
    int m = -1;
    for (int q = 0; q < 16; q++)
      if (vt_ieq(s, n, vt_emask_names[q])) m = q;
    if (vt_ieq(s, n, "NoMask")) m = 8;
    if (m < 0)
      return vt_perr(c, SF_ERR_SYNTAX, at, "'%.*s' is not an execution mask: expected M1..M8, M1_NM..M8_NM or NoMask",
                  sf_quote_len(n, SF_QUOTE_WORD), s), false;
    *emask = (uint8_t)m;
    if (!vt_expect(c, ',', "after the execution mask")) return false;
  }
  vt_ws(c);
  if (vt_peek(c) == '#') {
    uint64_t v;
    if (!hash_code(c, 15, &v, "execution size")) return false;
    *size = (uint8_t)v;
  } else {
    size_t at = c->i;
    uint64_t v;
    if (!vt_unum(c, 32, &v, "execution size")) return false;
    int code = -1;
#if SF_CANARY == 12
    for (int q = 0; q < 5; q++)  /* canary 12: loop bound off by one: execution size 32 is refused */
#else
    for (int q = 0; q <= 5; q++)
#endif
      if (v == (1u << q)) code = q;
    if (code < 0) return vt_perr(c, SF_ERR_RANGE, at, "execution size must be 1, 2, 4, 8, 16 or 32"), false;
    *size = (uint8_t)code;
  }
  return vt_expect(c, ')', "after the execution size");
}

/* ( [!] P [.any|.all|.ctrl3] [.b12] ) */
bool vt_p_pred(cur *c, sf_pred *p) {
  memset(p, 0, sizeof *p);
  if (!vt_expect(c, '(', "to start a predicate")) return false;
  if (accept(c, '!')) p->invert = true;
  const char *s;
  size_t n, at;
  if (!vt_ident(c, &s, &n, &at, "a predicate variable")) return false;
  uint32_t id;
  sf_visa_symkind other = SF_SYM_NONE;
  res_t r = vt_resolve_sym(c->k, s, n, SF_SYM_PRED, "P", &id, &other);
  if (r != RES_OK) return vt_name_error(c, r, at, s, n, other, "a predicate variable (P<n>)"), false;
  if (id > 0xFFF) return vt_perr(c, SF_ERR_RANGE, at, "predicate id must be at most 4095 (12 bits)"), false;
  p->id = (uint16_t)id;
  bool had_ctrl = false;
  while (vt_peek(c) == '.') {
    c->i++;
    const char *w;
    size_t wn, wat;
    if (!vt_ident(c, &w, &wn, &wat, "a predicate control (.any or .all)")) return false;
    if (!had_ctrl && !p->rsvd && vt_ieq(w, wn, "any")) p->ctrl = 1, had_ctrl = true;
    else if (!had_ctrl && !p->rsvd && vt_ieq(w, wn, "all")) p->ctrl = 2, had_ctrl = true;
    else if (!had_ctrl && !p->rsvd && vt_ieq(w, wn, "ctrl3")) p->ctrl = 3, had_ctrl = true;
    else if (!p->rsvd && vt_ieq(w, wn, "b12")) p->rsvd = 1;
    else
      return vt_perr(c, SF_ERR_SYNTAX, wat, "expected .any or .all after the predicate, found '%.*s'",
                  sf_quote_len(wn, SF_QUOTE_WORD), w), false;
  }
  return vt_expect(c, ')', "to close the predicate");
}

/* AVS output control / exec mode keywords (or a bare number 0-15). */
int vt_avs_keyword(const char *s, size_t n, bool exec) {
  const char *const *names = exec ? vt_exec_mode_names : vt_cntrl_names;
  for (int q = 0; q < 4; q++)
    if (vt_ieq(s, n, names[q])) return q;
  const char *pre = exec ? "AVS_EXEC_" : "AVS_CNTRL_";
  size_t pl = strlen(pre);
  uint32_t v;
  if (n > pl && vt_ieq(s, pl, pre) && vt_dec_u32(s + pl, n - pl, &v) && v <= 15) return (int)v;
  return -1;
}

/* Is the cursor at an AVS control/exec keyword (not an operand)? */
bool vt_at_avs_keyword(cur *c, bool exec) {
  vt_ws(c);
  size_t j = c->i;
  if (j < c->n && vt_is_digit(c->s[j])) {
    while (j < c->n && vt_is_digit(c->s[j])) j++;
    return j >= c->n || c->s[j] == ' ' || c->s[j] == '\t';
  }
  while (j < c->n && vt_id_char(c->s[j])) j++;
  if (j < c->n && c->s[j] == '(') return false;
  return vt_avs_keyword(c->s + c->i, j - c->i, exec) >= 0;
}

bool vt_p_avs_keyword(cur *c, uint8_t *out, bool exec) {
  vt_ws(c);
  const char *what = exec ? "an AVS exec mode (AVS_16x4, AVS_8x4, AVS_16x8, AVS_4x4)"
                          : "an AVS output control (AVS_16_FULL, AVS_16_DOWN_SAMPLE, AVS_8_FULL, AVS_8_DOWN_SAMPLE)";
  if (vt_is_digit(vt_peek(c))) {
    uint64_t v;
    if (!vt_unum(c, 15, &v, what)) return false;
    *out = (uint8_t)v;
    return true;
  }
  const char *s;
  size_t n, at;
  if (!vt_ident(c, &s, &n, &at, what)) return false;
  int q = vt_avs_keyword(s, n, exec);
  if (q < 0) return vt_perr(c, SF_ERR_SYNTAX, at, "expected %s, found '%.*s'", what, sf_quote_len(n, SF_QUOTE_MNEM), s), false;
  *out = (uint8_t)q;
  return true;
}
