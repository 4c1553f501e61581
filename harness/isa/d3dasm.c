/* d3dasm.c — D3D SM4/SM5 assembly text for the sample family: the fxc-style printer and a parser
 * that accepts fxc's form, vkd3d's form and D3DDisassemble listings; plus whole-program text with
 * the common declarations (dcl_*) and ret.
 *
 * Follows reference/dxbc-format.md §3 (mnemonic suffix order `_aoffimmi`, `_indexable`, then the
 * groups `(u,v,w)(dim)(rt,rt,rt,rt)`; 4-letter source swizzles vs 1-letter select_1; bare s#;
 * modifiers -x, |x|, -|x|; relative indices `cb0[r1.x + 2]`; dcl_* lines) and §2.4 (declaration
 * tokens). Samplefuzz's extensions for encodings fxc never prints, and the lossless immediate form,
 * are documented in docs/dxbc.md. */
#include "samplefuzz/dxbc.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- Names --------------------------------------------------------------------------------- */

typedef struct type_name {
  uint8_t type;
  const char *name;
  uint8_t bare_nc;   /* num_comp of an operand written without a component suffix */
} type_name;

static const type_name type_names[] = {
    {0, "r", 0}, {1, "v", 0}, {2, "o", 0}, {3, "x", 0}, {6, "s", 0}, {7, "t", 0}, {8, "cb", 0}, {9, "icb", 0},
    {11, "vPrim", 1}, {12, "oDepth", 1}, {13, "null", 0}, {15, "oMask", 1}, {25, "vicp", 0}, {26, "vocp", 0},
    {27, "vpc", 0}, {28, "vDomain", 0}, {30, "u", 0}, {31, "g", 0}, {32, "vThreadID", 0}, {33, "vThreadGroupID", 0},
    {34, "vThreadIDInGroup", 0}, {35, "vCoverage", 1}, {36, "vThreadIDInGroupFlattened", 1},
    {37, "vGSInstanceID", 1}, {38, "oDepthGE", 1}, {39, "oDepthLE", 1}, {41, "oStencilRef", 1},
    {42, "vInnerCoverage", 1},
};

static const type_name *type_by_num(unsigned t) {
  for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
    if (type_names[i].type == t) return &type_names[i];
  return NULL;
}

static const type_name *type_by_name(const char *s, size_t n) {
  for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
    if (strlen(type_names[i].name) == n && memcmp(type_names[i].name, s, n) == 0) return &type_names[i];
  return NULL;
}

static const char *const dim_names[] = {"unknown", "buffer", "texture1d", "texture2d", "texture2dms", "texture3d",
                                        "texturecube", "texture1darray", "texture2darray", "texture2dmsarray",
                                        "texturecubearray", "raw_buffer", "structured_buffer"};
#define N_DIM_NAMES (sizeof dim_names / sizeof dim_names[0])
static const char *const rt_names[] = {NULL, "unorm", "snorm", "sint", "uint", "float", "mixed", "double",
                                       "continued", "unused"};
#define N_RT_NAMES (sizeof rt_names / sizeof rt_names[0])
static const char *const interp_names[] = {NULL, "constant", "linear", "linear centroid", "linear noperspective",
                                           "linear noperspective centroid", "linear sample",
                                           "linear noperspective sample"};
static const char *const sv_names[] = {"undefined", "position", "clip_distance", "cull_distance",
                                       "rendertarget_array_index", "viewport_array_index", "vertex_id",
                                       "primitive_id", "instance_id", "is_front_face", "sampleIndex"};
#define N_SV_NAMES (sizeof sv_names / sizeof sv_names[0])
static const char *const gflag_names[] = {"refactoringAllowed", "enableDoublePrecisionFloatOps",
                                          "forceEarlyDepthStencil", "enableRawAndStructuredBuffers",
                                          "skipOptimization", "enableMinimumPrecision", "enable11_1DoubleExtensions",
                                          "enable11_1ShaderExtensions"};
static const char *const prog_names[] = {"ps", "vs", "gs", "hs", "ds", "cs"};
static const char *const minprec_names[] = {NULL, "min16f", "min2_8f", NULL, "min16i", "min16u", NULL, NULL};

/* ---- Output buffer ------------------------------------------------------------------------- */

typedef struct obuf {
  char *s;
  size_t n, len;
  bool over;
} obuf;

static void op(obuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void op(obuf *b, const char *fmt, ...) {
  if (b->over) return;
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(b->s + b->len, b->n - b->len, fmt, ap);
  va_end(ap);
  if (k < 0 || (size_t)k >= b->n - b->len) {
    b->over = true;
    return;
  }
  b->len += (size_t)k;
}

/* ---- Immediates: the lossless form --------------------------------------------------------- */

/* fxc's %f when it reads back to the same bits (and is short), else the shortest %.Ng that does;
 * non-finite values (and anything else that fails) as raw hex bits 0xXXXXXXXX. */
static void fmt_imm(uint32_t bits, char out[64]) {
  float f;
  memcpy(&f, &bits, 4);
  if (isfinite(f)) {
    char t[64];
    snprintf(t, sizeof t, "%f", (double)f);
    float g = strtof(t, NULL);
    uint32_t gb;
    memcpy(&gb, &g, 4);
    if (gb == bits && strlen(t) <= 24) {
      snprintf(out, 64, "%s", t);
      return;
    }
    for (int p = 1; p <= 9; p++) {
      snprintf(t, sizeof t, "%.*g", p, (double)f);
      g = strtof(t, NULL);
      memcpy(&gb, &g, 4);
      if (gb == bits) {
        if (!strpbrk(t, ".e")) {
          size_t l = strlen(t);
          if (l + 3 < sizeof t) memcpy(t + l, ".0", 3);
        }
        snprintf(out, 64, "%s", t);
        return;
      }
    }
  }
  snprintf(out, 64, "0x%08x", bits);
}

/* ---- Operand printer ----------------------------------------------------------------------- */

enum { POS_DST, POS_SRC };

static void print_comps(obuf *b, unsigned nc, unsigned sel, unsigned comp, int pos, unsigned bare_nc) {
  static const char L[] = "xyzw";
  if (nc != SF_D3D_NC_4) {
    if (nc != bare_nc) op(b, ".c%u", nc);
    return;
  }
  if (sel == SF_D3D_SEL_MASK) {
    char m[5];
    size_t k = 0;
    for (unsigned i = 0; i < 4; i++)
      if (comp & (1u << i)) m[k++] = L[i];
    m[k] = 0;
    if (pos == POS_DST && k) op(b, ".%s", m);
    else op(b, ".mask(%s)", m);
  } else if (sel == SF_D3D_SEL_SWIZZLE) {
#if SF_CANARY == 7
    /* canary 7: copy-paste slip: the third swizzle letter is printed from the second's bits */
    char s[5] = {L[comp & 3], L[(comp >> 2) & 3], L[(comp >> 2) & 3], L[(comp >> 6) & 3], 0};
#else
    char s[5] = {L[comp & 3], L[(comp >> 2) & 3], L[(comp >> 4) & 3], L[(comp >> 6) & 3], 0};
#endif
    op(b, pos == POS_SRC ? ".%s" : ".swz(%s)", s);
  } else {
    op(b, pos == POS_SRC ? ".%c" : ".sel(%c)", L[comp & 3]);
  }
}

static void print_relop(obuf *b, const sf_d3d_relop *r) {
  const type_name *tn = type_by_num(r->type);
  op(b, "%s", tn ? tn->name : "?");
  for (unsigned i = 0; i < r->index_dim && i < 2; i++) op(b, i ? "[%u]" : "%u", r->index[i]);
  print_comps(b, r->num_comp, r->sel_mode, r->comp_bits, POS_SRC, tn ? tn->bare_nc : 0);
}

static void print_opnd(obuf *b, const sf_d3d_opnd *o, int pos) {
  if (o->modifier & 1) op(b, "-");
  if (o->modifier & 2) op(b, "|");
  if (o->type == SF_D3D_OT_IMM32) {
    unsigned n = o->num_comp == SF_D3D_NC_1 ? 1 : 4;
    op(b, "l(");
    for (unsigned i = 0; i < n; i++) {
      char t[64];
      fmt_imm(o->imm[i], t);
      op(b, "%s%s", i ? ", " : "", t);
    }
    op(b, ")");
  } else {
    const type_name *tn = type_by_num(o->type);
    op(b, "%s", tn ? tn->name : "?");
    for (unsigned i = 0; i < o->index_dim && i < 3; i++) {
      const sf_d3d_index *ix = &o->idx[i];
      if (ix->rep == SF_D3D_IDX_IMM32) {
        op(b, i ? "[%llu]" : "%llu", (unsigned long long)ix->imm);
      } else {
        op(b, "[");
        print_relop(b, &ix->rel);
        if (ix->rep == SF_D3D_IDX_IMM32_REL) op(b, " + %llu", (unsigned long long)ix->imm);
        op(b, "]");
      }
    }
    print_comps(b, o->num_comp, o->sel_mode, o->comp_bits, pos, tn ? tn->bare_nc : 0);
  }
  if (o->modifier & 2) op(b, "|");
  if (o->min_precision) {
    const char *mp = minprec_names[o->min_precision & 7];
    if (mp) op(b, " {%s}", mp);
    else op(b, " {minprec%u}", o->min_precision);
  }
  if (o->nonuniform) op(b, " {nonuniform}");
  if (o->extended && !o->modifier && !o->min_precision && !o->nonuniform) op(b, " {ext}");
}

static void print_mnemonic(obuf *b, const sf_d3d_inst *d) {
  const char *name = sf_d3d_op_name(d->op);
  op(b, "%s", name ? name : "?");
  if (d->has_aoffimmi) op(b, "_aoffimmi");
  if (d->has_resdim || d->has_rettype) op(b, "_indexable");
  /* The groups appear in the extended tokens' stream order (fxc's order when ext_order is empty),
   * so that a non-fxc token order survives the text form. */
  uint8_t order[3] = {0, 0, 0};
  unsigned k = 0;
  if (d->ext_order[0] || d->ext_order[1] || d->ext_order[2]) {
    for (unsigned i = 0; i < 3; i++)
      if (d->ext_order[i] >= 1 && d->ext_order[i] <= 3) order[k++] = d->ext_order[i];
  } else {
    if (d->has_aoffimmi) order[k++] = 1;
    if (d->has_resdim) order[k++] = 2;
    if (d->has_rettype) order[k++] = 3;
  }
  for (unsigned g = 0; g < k; g++) {
    if (order[g] == 1 && d->has_aoffimmi) op(b, "(%d,%d,%d)", d->aoffimmi[0], d->aoffimmi[1], d->aoffimmi[2]);
    if (order[g] == 2 && d->has_resdim) {
      if (d->resdim < N_DIM_NAMES) op(b, "(%s", dim_names[d->resdim]);
      else op(b, "(dim%u", d->resdim);
      if (d->resdim_stride) op(b, ",stride=%u", d->resdim_stride);
      op(b, ")");
    }
    if (order[g] == 3 && d->has_rettype) {
      op(b, "(");
      for (unsigned i = 0; i < 4; i++) {
        uint8_t t = d->rettype[i];
        if (t < N_RT_NAMES && rt_names[t]) op(b, "%s%s", i ? "," : "", rt_names[t]);
        else op(b, "%srt%u", i ? "," : "", t);
      }
      op(b, ")");
    }
  }
  if (d->sat) op(b, "_sat");
  if (d->precise) {
    op(b, " [precise(");
    for (unsigned i = 0; i < 4; i++)
      if (d->precise & (1u << i)) op(b, "%c", "xyzw"[i]);
    op(b, ")]");
  }
}

sf_code sf_d3dasm_print_inst(const sf_d3d_inst *d, char *buf, size_t n, sf_status *st) {
  if (!d || !buf || !n) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_print_inst: NULL argument");
  buf[0] = 0;
  if (!sf_d3d_op_name(d->op)) return sf_fail(st, SF_ERR_INVALID, "opcode 0x%x is not a sample-family instruction", d->op);
  if (d->num_src > SF_D3D_MAX_SRC) return sf_fail(st, SF_ERR_RANGE, "num_src %u > %d", d->num_src, SF_D3D_MAX_SRC);
  obuf b = {buf, n, 0, false};
  print_mnemonic(&b, d);
  op(&b, " ");
  print_opnd(&b, &d->dst, POS_DST);
  for (unsigned i = 0; i < d->num_src; i++) {
    op(&b, ", ");
    print_opnd(&b, &d->src[i], POS_SRC);
  }
  if (b.over) {
    buf[0] = 0;
    return sf_fail(st, SF_ERR_LIMIT, "instruction text does not fit %zu bytes", n);
  }
  return SF_OK;
}

/* ---- Text cursor --------------------------------------------------------------------------- */

typedef struct tcur {
  const char *s;
  size_t len, pos;
  uint32_t line;
  sf_status *st;
} tcur;

static int peek(const tcur *c) { return c->pos < c->len ? (unsigned char)c->s[c->pos] : -1; }
static int peek_at(const tcur *c, size_t k) { return c->pos + k < c->len ? (unsigned char)c->s[c->pos + k] : -1; }
static bool is_sp(int ch) { return ch == ' ' || ch == '\t' || ch == '\r'; }
static bool is_digit(int ch) { return ch >= '0' && ch <= '9'; }
static bool is_alpha(int ch) { return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z'); }
static bool is_word(int ch) { return is_alpha(ch) || is_digit(ch) || ch == '_'; }
static bool is_hex(int ch) { return is_digit(ch) || (ch >= 'a' && ch <= 'f') || (ch >= 'A' && ch <= 'F'); }
static void skip_sp(tcur *c) {
  while (is_sp(peek(c))) c->pos++;
}
static sf_code cfail(tcur *c, sf_code code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static sf_code cfail(tcur *c, sf_code code, const char *fmt, ...) {
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return sf_fail_text(c->st, code, c->line, (uint32_t)(c->pos + 1), "%s", msg);
}
static bool accept(tcur *c, const char *lit) {
  size_t n = strlen(lit);
  if (c->len - c->pos >= n && memcmp(c->s + c->pos, lit, n) == 0) {
    c->pos += n;
    return true;
  }
  return false;
}
static sf_code expect(tcur *c, const char *lit) {
  if (accept(c, lit)) return SF_OK;
  return cfail(c, SF_ERR_SYNTAX, "expected '%s'", lit);
}
static bool at_end(tcur *c) {
  skip_sp(c);
  return c->pos >= c->len || (peek(c) == '/' && peek_at(c, 1) == '/');
}

/* Unsigned decimal integer (no sign), at most 0xffffffff. */
static sf_code parse_u32(tcur *c, uint32_t *v, const char *what) {
  if (!is_digit(peek(c))) return cfail(c, SF_ERR_SYNTAX, "expected %s (a decimal number)", what);
  uint64_t x = 0;
  size_t start = c->pos;
  while (is_digit(peek(c))) {
    x = x * 10 + (uint64_t)(peek(c) - '0');
    c->pos++;
    if (x > 0xffffffffu) {
      c->pos = start;
      return cfail(c, SF_ERR_RANGE, "%s does not fit 32 bits", what);
    }
  }
  *v = (uint32_t)x;
  return SF_OK;
}

static sf_code parse_int(tcur *c, long *v, long lo, long hi, const char *what) {
  bool neg = accept(c, "-");
  if (!neg) accept(c, "+");
  uint32_t u;
  size_t start = c->pos;
  sf_code r = parse_u32(c, &u, what);
  if (r) return r;
  long x = neg ? -(long)u : (long)u;
  if (x < lo || x > hi) {
    c->pos = start;
    return cfail(c, SF_ERR_RANGE, "%s %ld is outside [%ld, %ld]", what, x, lo, hi);
  }
  *v = x;
  return SF_OK;
}

/* One immediate value: hex bits, decimal integer, float, or an MSVC special spelling. */
static sf_code parse_imm(tcur *c, uint32_t *bits) {
  size_t start = c->pos;
  static const struct { const char *s; uint32_t b; } specials[] = {
      {"1.#INF00", 0x7f800000u}, {"-1.#INF00", 0xff800000u}, {"1.#QNAN0", 0x7fc00000u}, {"-1.#QNAN0", 0xffc00000u},
      {"-1.#IND00", 0xffc00000u}, {"1.#IND00", 0x7fc00000u}};
  for (size_t i = 0; i < sizeof specials / sizeof specials[0]; i++)
    if (accept(c, specials[i].s)) {
      *bits = specials[i].b;
      return SF_OK;
    }
  if (peek(c) == '0' && (peek_at(c, 1) == 'x' || peek_at(c, 1) == 'X')) {
    c->pos += 2;
    uint64_t x = 0;
    size_t nd = 0;
    while (is_hex(peek(c))) {
      int ch = peek(c);
      x = x * 16 + (uint64_t)(is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
      c->pos++;
      if (++nd > 8) {
        c->pos = start;
        return cfail(c, SF_ERR_RANGE, "hex immediate has more than 8 digits");
      }
    }
    if (!nd) return cfail(c, SF_ERR_SYNTAX, "expected hex digits after 0x");
    *bits = (uint32_t)x;
    return SF_OK;
  }
  /* Scan the extent of a number: sign, digits, '.', exponent; or inf/nan words. */
  size_t p = c->pos;
  if (p < c->len && (c->s[p] == '-' || c->s[p] == '+')) p++;
  bool isfloat = false;
  size_t q = p;
  while (q < c->len && (is_digit((unsigned char)c->s[q]) || c->s[q] == '.')) {
    if (c->s[q] == '.') isfloat = true;
    q++;
  }
  if (q == p) {
    /* inf / nan spelled out */
    size_t w = p;
    while (w < c->len && is_alpha((unsigned char)c->s[w])) w++;
    if ((w - p == 3 && (strncmp(c->s + p, "inf", 3) == 0 || strncmp(c->s + p, "nan", 3) == 0))) {
      float f = strncmp(c->s + p, "inf", 3) == 0 ? INFINITY : NAN;
      if (c->s[c->pos] == '-') f = -f;
      memcpy(bits, &f, 4);
      c->pos = w;
      return SF_OK;
    }
    return cfail(c, SF_ERR_SYNTAX, "expected an immediate value");
  }
  if (q < c->len && (c->s[q] == 'e' || c->s[q] == 'E')) {
    size_t e = q + 1;
    if (e < c->len && (c->s[e] == '-' || c->s[e] == '+')) e++;
    if (e < c->len && is_digit((unsigned char)c->s[e])) {
      while (e < c->len && is_digit((unsigned char)c->s[e])) e++;
      q = e;
      isfloat = true;
    }
  }
  if (q - c->pos > 400) return cfail(c, SF_ERR_LIMIT, "immediate longer than 400 characters");
  char tmp[416];
  memcpy(tmp, c->s + c->pos, q - c->pos);
  tmp[q - c->pos] = 0;
  if (isfloat) {
    char *end = NULL;
    errno = 0;
    float f = strtof(tmp, &end);
    if (!end || (size_t)(end - tmp) != q - c->pos) return cfail(c, SF_ERR_SYNTAX, "bad float immediate '%s'", tmp);
    memcpy(bits, &f, 4);
  } else {
    char *end = NULL;
    errno = 0;
    long long v = strtoll(tmp, &end, 10);
    if (!end || *end || errno == ERANGE || v < -2147483648LL || v > 4294967295LL)
      return cfail(c, SF_ERR_RANGE, "integer immediate '%s' does not fit 32 bits", tmp);
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
  if (!accept(c, ".")) return SF_OK;
  int kind = -1; /* explicit: 0 mask, 1 swizzle, 2 select1 */
  bool paren = false;
  if (accept(c, "c0") || accept(c, "c1")) {
    *nc = (uint8_t)(c->s[c->pos - 1] - '0');
    return SF_OK;
  }
  if (accept(c, "mask(")) kind = 0, paren = true;
  else if (accept(c, "swz(")) kind = 1, paren = true;
  else if (accept(c, "sel(")) kind = 2, paren = true;
  size_t start = c->pos;
  int lv[4];
  size_t k = 0;
  while (1) {
    int ch = peek(c), v = ch == 'x' ? 0 : ch == 'y' ? 1 : ch == 'z' ? 2 : ch == 'w' ? 3 : -1;
    if (v < 0) break;
    if (k == 4) return cfail(c, SF_ERR_SYNTAX, "more than 4 component letters");
    lv[k++] = v;
    c->pos++;
  }
  if (paren && !accept(c, ")")) return cfail(c, SF_ERR_SYNTAX, "expected ')' after component letters");
  if (is_word(peek(c))) return cfail(c, SF_ERR_SYNTAX, "component letters must be x, y, z, w");
  if (kind < 0) {
    if (k == 0) {
      c->pos = start;
      return cfail(c, SF_ERR_SYNTAX, "expected component letters after '.'");
    }
    kind = pos == POS_DST ? 0 : (k == 1 ? 2 : k == 4 ? 1 : -1);
    if (kind < 0) {
      c->pos = start;
      return cfail(c, SF_ERR_SYNTAX, "a source selects 1 component (.x) or a 4-letter swizzle (.xyxx), not %zu", k);
    }
  }
  *nc = SF_D3D_NC_4;
  *sel = (uint8_t)kind;
  if (kind == 0) {
    unsigned m = 0;
    for (size_t i = 0; i < k; i++) {
      if (i && lv[i] <= lv[i - 1]) {
        c->pos = start;
        return cfail(c, SF_ERR_SYNTAX, "mask letters must be distinct and in xyzw order");
      }
      m |= 1u << lv[i];
    }
    *comp = (uint8_t)m;
  } else if (kind == 1) {
    if (k != 4) {
      c->pos = start;
      return cfail(c, SF_ERR_SYNTAX, "a swizzle has 4 letters");
    }
    *comp = (uint8_t)(lv[0] | (lv[1] << 2) | (lv[2] << 4) | (lv[3] << 6));
  } else {
    if (k != 1) {
      c->pos = start;
      return cfail(c, SF_ERR_SYNTAX, "select_1 takes 1 letter");
    }
    *comp = (uint8_t)lv[0];
  }
  return SF_OK;
}

static sf_code parse_regname(tcur *c, const type_name **tn) {
  size_t start = c->pos;
  while (is_alpha(peek(c))) c->pos++;
  if (c->pos == start) return cfail(c, SF_ERR_SYNTAX, "expected a register or l(...)");
  *tn = type_by_name(c->s + start, c->pos - start);
  if (!*tn) {
    size_t n = c->pos - start;
    c->pos = start;
    return cfail(c, SF_ERR_SYNTAX, "unknown register '%.*s'", (int)(n > 40 ? 40 : n), c->s + start);
  }
  return SF_OK;
}

static sf_code parse_relop(tcur *c, sf_d3d_relop *r) {
  memset(r, 0, sizeof *r);
  const type_name *tn;
  sf_code e = parse_regname(c, &tn);
  if (e) return e;
  r->type = tn->type;
  if (is_digit(peek(c))) {
    if ((e = parse_u32(c, &r->index[0], "register index"))) return e;
    r->index_dim = 1;
    if (peek(c) == '[') {
      c->pos++;
      skip_sp(c);
      if ((e = parse_u32(c, &r->index[1], "register index"))) return e;
      skip_sp(c);
      if ((e = expect(c, "]"))) return e;
      r->index_dim = 2;
    }
  }
  return parse_comps(c, POS_SRC, tn->bare_nc, &r->num_comp, &r->sel_mode, &r->comp_bits);
}

/* `[` index `]`: an integer, a register (+ integer), or integer + register. */
static sf_code parse_bracket(tcur *c, sf_d3d_index *ix) {
  sf_code e;
  memset(ix, 0, sizeof *ix);
  if ((e = expect(c, "["))) return e;
  skip_sp(c);
  if (is_digit(peek(c))) {
    uint32_t v;
    if ((e = parse_u32(c, &v, "index"))) return e;
    ix->imm = v;
    skip_sp(c);
    if (accept(c, "+")) {
      skip_sp(c);
      if ((e = parse_relop(c, &ix->rel))) return e;
      ix->rep = SF_D3D_IDX_IMM32_REL;
    } else {
      ix->rep = SF_D3D_IDX_IMM32;
    }
  } else {
    if ((e = parse_relop(c, &ix->rel))) return e;
    skip_sp(c);
    if (accept(c, "+")) {
      skip_sp(c);
      uint32_t v;
      if ((e = parse_u32(c, &v, "index offset"))) return e;
      ix->imm = v;
      ix->rep = SF_D3D_IDX_IMM32_REL;
    } else {
      ix->rep = SF_D3D_IDX_REL;
    }
  }
  skip_sp(c);
  return expect(c, "]");
}

static sf_code parse_opnd(tcur *c, sf_d3d_opnd *o, int pos) {
  sf_code e;
  memset(o, 0, sizeof *o);
  skip_sp(c);
  bool neg = accept(c, "-");
  bool abs_ = accept(c, "|");
  if (peek(c) == 'd' && peek_at(c, 1) == '(') return cfail(c, SF_UNSUPPORTED, "64-bit immediates d(...) are not supported");
  if (accept(c, "l(")) {
    o->type = SF_D3D_OT_IMM32;
    unsigned n = 0;
    while (1) {
      skip_sp(c);
      if (n == 4) return cfail(c, SF_ERR_SYNTAX, "an immediate has 1 or 4 values");
      if ((e = parse_imm(c, &o->imm[n]))) return e;
      n++;
      skip_sp(c);
      if (accept(c, ")")) break;
      if ((e = expect(c, ","))) return e;
    }
    if (n != 1 && n != 4) return cfail(c, SF_ERR_SYNTAX, "an immediate has 1 or 4 values, not %u", n);
    o->num_comp = n == 1 ? SF_D3D_NC_1 : SF_D3D_NC_4;
  } else {
    const type_name *tn;
    if ((e = parse_regname(c, &tn))) return e;
    o->type = tn->type;
    unsigned k = 0;
    if (is_digit(peek(c))) {
      uint32_t v;
      if ((e = parse_u32(c, &v, "register index"))) return e;
      o->idx[0].imm = v;
      o->idx[0].rep = SF_D3D_IDX_IMM32;
      k = 1;
    }
    while (peek(c) == '[') {
      if (k == 3) return cfail(c, SF_ERR_SYNTAX, "more than 3 indices");
      if ((e = parse_bracket(c, &o->idx[k]))) return e;
      k++;
    }
    o->index_dim = (uint8_t)k;
    if ((e = parse_comps(c, pos, tn->bare_nc, &o->num_comp, &o->sel_mode, &o->comp_bits))) return e;
  }
  if (abs_ && (e = expect(c, "|"))) return e;
  o->modifier = (uint8_t)((neg ? 1 : 0) | (abs_ ? 2 : 0));
  while (1) {
    size_t save = c->pos;
    skip_sp(c);
    if (!accept(c, "{")) {
      c->pos = save;
      break;
    }
    bool found = false;
    for (unsigned i = 1; i < 8 && !found; i++)
      if (minprec_names[i] && accept(c, minprec_names[i])) o->min_precision = (uint8_t)i, found = true;
    if (!found && accept(c, "minprec")) {
      long v;
      if ((e = parse_int(c, &v, 0, 7, "min precision"))) return e;
      o->min_precision = (uint8_t)v;
      found = true;
    }
    if (!found && accept(c, "nonuniform")) o->nonuniform = true, found = true;
    if (!found && accept(c, "ext")) found = true;
    if (!found) return cfail(c, SF_ERR_SYNTAX, "unknown operand annotation");
    if ((e = expect(c, "}"))) return e;
    o->extended = true;
  }
  if (o->modifier) o->extended = true;
  return SF_OK;
}

/* Skips `   12  0x000000A8: ` (D3DDisassemble instruction numbers / byte offsets). */
static void skip_listing_prefix(tcur *c) {
  skip_sp(c);
  size_t save = c->pos;
  if (is_digit(peek(c)) && !(peek(c) == '0' && peek_at(c, 1) == 'x')) {
    while (is_digit(peek(c))) c->pos++;
    if (!is_sp(peek(c)) && peek(c) != ':') {
      c->pos = save;
      return;
    }
    accept(c, ":");
    skip_sp(c);
  }
  save = c->pos;
  if (peek(c) == '0' && (peek_at(c, 1) == 'x' || peek_at(c, 1) == 'X')) {
    c->pos += 2;
    while (is_hex(peek(c))) c->pos++;
    if (!accept(c, ":")) {
      c->pos = save;
      return;
    }
    skip_sp(c);
  }
}

/* Records the stream order of the extended tokens from the order of the groups in the text. */
static void note_group(sf_d3d_inst *d, uint8_t type) {
  for (unsigned i = 0; i < 3; i++)
    if (d->ext_order[i] == 0) {
      d->ext_order[i] = type;
      return;
    }
}

static sf_code parse_group(tcur *c, sf_d3d_inst *d) {
  sf_code e;
  size_t start = c->pos;
  if ((e = expect(c, "("))) return e;
  skip_sp(c);
  if (is_digit(peek(c)) || peek(c) == '-' || peek(c) == '+') {
    if (d->has_aoffimmi) return cfail(c, SF_ERR_SYNTAX, "second offset group");
    for (unsigned i = 0; i < 3; i++) {
      long v;
      skip_sp(c);
      if ((e = parse_int(c, &v, -8, 7, "offset"))) return e;
      d->aoffimmi[i] = (int8_t)v;
      skip_sp(c);
      if (i < 2 && (e = expect(c, ","))) return e;
    }
    d->has_aoffimmi = true;
    note_group(d, 1);
    return expect(c, ")");
  }
  /* A word list: one dimension name (optionally ",stride=N") or four return types. */
  const char *w[4];
  size_t wl[4], n = 0;
  bool stride_seen = false;
  while (1) {
    skip_sp(c);
    size_t s = c->pos;
    while (is_word(peek(c))) c->pos++;
    if (c->pos == s) break;
    if (n == 4) return cfail(c, SF_ERR_SYNTAX, "too many words in a group");
    w[n] = c->s + s;
    wl[n++] = c->pos - s;
    skip_sp(c);
    if (!accept(c, ",")) break;
    if (n == 1 && accept(c, "stride=")) {
      if (d->has_resdim) return cfail(c, SF_ERR_SYNTAX, "second dimension group");
      uint32_t v;
      if ((e = parse_u32(c, &v, "stride"))) return e;
      if (v > 0xfff) return cfail(c, SF_ERR_RANGE, "stride %u does not fit 12 bits", v);
      d->resdim_stride = (uint16_t)v;
      stride_seen = true;
      skip_sp(c);
      break;
    }
  }
  if ((e = expect(c, ")"))) return e;
  if (n == 1 || stride_seen) {
    if (d->has_resdim) {
      c->pos = start;
      return cfail(c, SF_ERR_SYNTAX, "second dimension group");
    }
    for (unsigned i = 0; i < N_DIM_NAMES; i++)
      if (strlen(dim_names[i]) == wl[0] && memcmp(dim_names[i], w[0], wl[0]) == 0) {
        d->resdim = (uint8_t)i, d->has_resdim = true;
        note_group(d, 2);
        return SF_OK;
      }
    if (wl[0] > 3 && wl[0] <= 5 && memcmp(w[0], "dim", 3) == 0) {
      unsigned v = 0;
      for (size_t i = 3; i < wl[0]; i++) v = v * 10 + (unsigned)(is_digit((unsigned char)w[0][i]) ? w[0][i] - '0' : 99);
      if (v <= 31) {
        d->resdim = (uint8_t)v, d->has_resdim = true;
        note_group(d, 2);
        return SF_OK;
      }
    }
    c->pos = start;
    return cfail(c, SF_ERR_SYNTAX, "unknown resource dimension '%.*s'", (int)(wl[0] > 40 ? 40 : wl[0]), w[0]);
  }
  if (n == 4) {
    if (d->has_rettype) {
      c->pos = start;
      return cfail(c, SF_ERR_SYNTAX, "second return-type group");
    }
    for (unsigned k = 0; k < 4; k++) {
      int t = -1;
      for (unsigned i = 1; i < N_RT_NAMES; i++)
        if (strlen(rt_names[i]) == wl[k] && memcmp(rt_names[i], w[k], wl[k]) == 0) t = (int)i;
      if (t < 0 && wl[k] == 3 && memcmp(w[k], "int", 3) == 0) t = 3; /* vkd3d 1.2 spells sint "int" */
      if (t < 0 && wl[k] >= 3 && wl[k] <= 4 && memcmp(w[k], "rt", 2) == 0) {
        unsigned v = 0;
        for (size_t i = 2; i < wl[k]; i++) v = v * 10 + (unsigned)(is_digit((unsigned char)w[k][i]) ? w[k][i] - '0' : 99);
        if (v <= 15) t = (int)v;
      }
      if (t < 0) {
        c->pos = start;
        return cfail(c, SF_ERR_SYNTAX, "unknown return type '%.*s'", (int)(wl[k] > 40 ? 40 : wl[k]), w[k]);
      }
      d->rettype[k] = (uint8_t)t;
    }
    d->has_rettype = true;
    note_group(d, 3);
    return SF_OK;
  }
  c->pos = start;
  return cfail(c, SF_ERR_SYNTAX, "a group is (u,v,w), (dimension) or (4 return types)");
}

static sf_code parse_inst_cur(tcur *c, sf_d3d_inst *d) {
  sf_code e;
  memset(d, 0, sizeof *d);
  skip_listing_prefix(c);
  size_t start = c->pos;
  while (is_word(peek(c))) c->pos++;
  const char *w = c->s + start;
  size_t wl = c->pos - start;
  static const struct { const char *n; uint8_t op; } bases[] = {
      {"sample_c_lz", SF_D3D_SAMPLE_C_LZ}, {"sample_c", SF_D3D_SAMPLE_C}, {"sample_b", SF_D3D_SAMPLE_B},
      {"sample_l", SF_D3D_SAMPLE_L},       {"sample_d", SF_D3D_SAMPLE_D}, {"sample", SF_D3D_SAMPLE}};
  size_t bl = 0;
  for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
    size_t n = strlen(bases[i].n);
    if (wl >= n && memcmp(w, bases[i].n, n) == 0 && (wl == n || w[n] == '_')) {
      /* "sample_c..." must not be taken as "sample" + "_c": longest names are tried first. */
      d->op = bases[i].op;
      bl = n;
      break;
    }
  }
  if (!bl) {
    c->pos = start;
    if (wl == 0) return cfail(c, SF_ERR_SYNTAX, "expected an instruction");
    return cfail(c, SF_UNSUPPORTED, "instruction '%.*s' is not supported (only the sample family)", (int)(wl > 40 ? 40 : wl), w);
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
      return cfail(c, SF_ERR_SYNTAX, "unknown mnemonic suffix '%.*s'", (int)(left > 40 ? 40 : left), s);
    }
    if (p < wl && w[p] != '_') {
      c->pos = start + p;
      return cfail(c, SF_ERR_SYNTAX, "unknown mnemonic suffix");
    }
  }
  while (1) {
    if (peek(c) == '(') {
      if ((e = parse_group(c, d))) return e;
    } else if (!d->sat && accept(c, "_sat")) {
      d->sat = true;
    } else {
      break;
    }
  }
  if (aoff_word && !d->has_aoffimmi) return cfail(c, SF_ERR_SYNTAX, "_aoffimmi needs an (u,v,w) group");
  if (idx_word && !d->has_resdim && !d->has_rettype)
    return cfail(c, SF_ERR_SYNTAX, "_indexable needs a (dimension) or (return types) group");
  if (is_word(peek(c))) return cfail(c, SF_ERR_SYNTAX, "unexpected text after the mnemonic");
  skip_sp(c);
  if (accept(c, "[precise")) {
    unsigned m = 0;
    if ((e = expect(c, "("))) return e;
    while (1) {
      int ch = peek(c), v = ch == 'x' ? 0 : ch == 'y' ? 1 : ch == 'z' ? 2 : ch == 'w' ? 3 : -1;
      if (v < 0) break;
      if (m & (1u << v)) return cfail(c, SF_ERR_SYNTAX, "repeated letter in precise mask");
      m |= 1u << v;
      c->pos++;
    }
    if (!m) return cfail(c, SF_ERR_SYNTAX, "empty precise mask");
    if ((e = expect(c, ")]"))) return e;
    d->precise = (uint8_t)m;
    /* vkd3d 1.2 prints the groups after the precise mask: `sample_l [precise(xy)](texture3d)`. */
    while (peek(c) == '(')
      if ((e = parse_group(c, d))) return e;
    if (!d->sat && accept(c, "_sat")) d->sat = true;
  }
  if ((e = parse_opnd(c, &d->dst, POS_DST))) return e;
  unsigned n = 0;
  while (1) {
    skip_sp(c);
    if (!accept(c, ",")) break;
    if (n == SF_D3D_MAX_SRC) return cfail(c, SF_ERR_SYNTAX, "more than %d source operands", SF_D3D_MAX_SRC);
    if ((e = parse_opnd(c, &d->src[n], POS_SRC))) return e;
    n++;
  }
  d->num_src = (uint8_t)n;
  if (!at_end(c)) return cfail(c, SF_ERR_TRAILING, "unexpected text after the operands");
  return SF_OK;
}

sf_code sf_d3dasm_parse_inst(const char *text, size_t len, uint32_t line, sf_d3d_inst *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_parse_inst: out is NULL");
  memset(out, 0, sizeof *out);
  if (!text) len = 0;
  if (len > SF_D3DASM_MAX_TEXT) return sf_fail_text(st, SF_ERR_LIMIT, line, 1, "text longer than %u bytes", SF_D3DASM_MAX_TEXT);
  for (size_t i = 0; i < len; i++)
    if (text[i] == '\n' || text[i] == '\0')
      return sf_fail_text(st, SF_ERR_SYNTAX, line, (uint32_t)(i + 1), "one instruction per line");
  tcur c = {text, len, 0, line, st};
  return parse_inst_cur(&c, out);
}

/* ---- Declarations and other opaque instructions (§2.4) -------------------------------------- */

/* Encodes a simple operand (imm32 indices, no modifiers) for a declaration. */
static bool dcl_opnd_tokens(const sf_d3d_opnd *o, uint32_t *t, size_t *n, size_t cap) {
  if (o->type == SF_D3D_OT_IMM32 || o->extended || o->index_dim > 3) return false;
  if (*n + 1 + o->index_dim > cap) return false;
  t[(*n)++] = (uint32_t)o->num_comp | ((uint32_t)o->sel_mode << 2) | ((uint32_t)o->comp_bits << 4) |
              ((uint32_t)o->type << 12) | ((uint32_t)o->index_dim << 20);
  for (unsigned i = 0; i < o->index_dim; i++) {
    if (o->idx[i].rep != SF_D3D_IDX_IMM32) return false;
    t[(*n)++] = (uint32_t)o->idx[i].imm;
  }
  return true;
}

/* Decodes a simple operand of a declaration; false if it is not simple. */
static bool dcl_opnd_decode(const uint32_t *t, size_t n, size_t *pos, sf_d3d_opnd *o) {
  memset(o, 0, sizeof *o);
  if (*pos >= n) return false;
  uint32_t x = t[(*pos)++];
  if (x >> 22) return false; /* non-imm32 representations or extended */
  o->num_comp = (uint8_t)(x & 3);
  o->sel_mode = (uint8_t)((x >> 2) & 3);
  o->comp_bits = (uint8_t)((x >> 4) & 0xff);
  o->type = (uint8_t)((x >> 12) & 0xff);
  o->index_dim = (uint8_t)((x >> 20) & 3);
  if (!type_by_num(o->type) || o->num_comp == 3 || o->type == SF_D3D_OT_IMM32) return false;
  if (o->num_comp != SF_D3D_NC_4 && (o->sel_mode || o->comp_bits)) return false;
  if (o->num_comp == SF_D3D_NC_4 && (o->sel_mode == 3 || (o->sel_mode == 0 && (o->comp_bits & 0xf0)) ||
                                     (o->sel_mode == 2 && (o->comp_bits & 0xfc))))
    return false;
  for (unsigned i = 0; i < o->index_dim; i++) {
    if (*pos >= n) return false;
    o->idx[i].imm = t[(*pos)++];
  }
  return true;
}

static bool name_index(const char *const *names, size_t count, const char *s, size_t len, unsigned *out) {
  for (size_t i = 0; i < count; i++)
    if (names[i] && strlen(names[i]) == len && memcmp(names[i], s, len) == 0) {
      *out = (unsigned)i;
      return true;
    }
  return false;
}

/* Formats the tokens of a declaration / ret; false when the instruction is not one of ours. */
static bool dcl_format(const uint32_t *t, size_t n, obuf *b) {
  if (n == 0) return false;
  uint32_t op_ = t[0] & 0x7ff, ctl = (t[0] >> 11) & 0x1fff;
  size_t len = (t[0] >> 24) & 0x7f;
  if (op_ == SF_TPF_OP_CUSTOMDATA || len != n || (t[0] >> 31)) return false;
  size_t pos = 1;
  sf_d3d_opnd o;
  switch (op_) {
    case SF_TPF_OP_RET:
      if (n != 1 || ctl) return false;
      op(b, "ret");
      return true;
    case SF_TPF_OP_DCL_GLOBAL_FLAGS: {
      if (n != 1 || (ctl >> 8)) return false;
      op(b, "dcl_globalFlags");
      bool first = true;
      for (unsigned i = 0; i < 8; i++)
        if (ctl & (1u << i)) {
          op(b, "%s%s", first ? " " : " | ", gflag_names[i]);
          first = false;
        }
      return true;
    }
    case SF_TPF_OP_DCL_TEMPS:
      if (n != 2 || ctl) return false;
      op(b, "dcl_temps %u", t[1]);
      return true;
    case SF_TPF_OP_DCL_SAMPLER: {
      static const char *const modes[] = {"mode_default", "mode_comparison", "mode_mono"};
      if (n != 3 || ctl > 2 || !dcl_opnd_decode(t, n, &pos, &o) || o.type != SF_D3D_OT_SAMPLER) return false;
      op(b, "dcl_sampler ");
      print_opnd(b, &o, POS_DST);
      op(b, ", %s", modes[ctl]);
      return true;
    }
    case SF_TPF_OP_DCL_RESOURCE: {
      unsigned dim = ctl & 0x1f, ms = (ctl >> 5) & 0x7f;
      if (n != 4 || (ctl >> 12) || dim == 0 || dim > 10 || (t[3] >> 16)) return false;
      if (!dcl_opnd_decode(t, n, &pos, &o) || o.type != SF_D3D_OT_RESOURCE) return false;
      bool is_ms = dim == SF_D3D_DIM_TEX2DMS || dim == SF_D3D_DIM_TEX2DMSARRAY;
      if (ms && !is_ms) return false;
      op(b, "dcl_resource_%s", dim_names[dim]);
      if (is_ms) op(b, "(%u)", ms);
      op(b, " (");
      for (unsigned i = 0; i < 4; i++) {
        unsigned r = (t[3] >> (4 * i)) & 0xf;
        if (r == 0 || r >= N_RT_NAMES) return false;
        op(b, "%s%s", i ? "," : "", rt_names[r]);
      }
      op(b, ") ");
      print_opnd(b, &o, POS_DST);
      return true;
    }
    case SF_TPF_OP_DCL_CONSTANT_BUFFER:
      if (n != 4 || ctl > 1 || !dcl_opnd_decode(t, n, &pos, &o) || o.type != SF_D3D_OT_CONSTANT_BUFFER ||
          o.index_dim != 2)
        return false;
      op(b, "dcl_constantbuffer cb%llu[%llu], %s", (unsigned long long)o.idx[0].imm, (unsigned long long)o.idx[1].imm,
         ctl ? "dynamicIndexed" : "immediateIndexed");
      return true;
    case SF_TPF_OP_DCL_INDEXABLE_TEMP:
      if (n != 4 || ctl) return false;
      op(b, "dcl_indexableTemp x%u[%u], %u", t[1], t[2], t[3]);
      return true;
    case SF_TPF_OP_DCL_INPUT: case SF_TPF_OP_DCL_OUTPUT: case 0x60: case 0x61: case SF_TPF_OP_DCL_OUTPUT_SIV:
    case SF_TPF_OP_DCL_INPUT_PS: case SF_TPF_OP_DCL_INPUT_PS_SGV: case SF_TPF_OP_DCL_INPUT_PS_SIV: {
      bool ps = op_ == SF_TPF_OP_DCL_INPUT_PS || op_ == SF_TPF_OP_DCL_INPUT_PS_SGV || op_ == SF_TPF_OP_DCL_INPUT_PS_SIV;
      bool sv = op_ == 0x60 || op_ == 0x61 || op_ == SF_TPF_OP_DCL_OUTPUT_SIV || op_ == SF_TPF_OP_DCL_INPUT_PS_SGV ||
                op_ == SF_TPF_OP_DCL_INPUT_PS_SIV;
      const char *nm = op_ == SF_TPF_OP_DCL_INPUT ? "dcl_input" : op_ == SF_TPF_OP_DCL_OUTPUT ? "dcl_output"
                       : op_ == 0x60 ? "dcl_input_sgv" : op_ == 0x61 ? "dcl_input_siv"
                       : op_ == SF_TPF_OP_DCL_OUTPUT_SIV ? "dcl_output_siv" : op_ == SF_TPF_OP_DCL_INPUT_PS ? "dcl_input_ps"
                       : op_ == SF_TPF_OP_DCL_INPUT_PS_SGV ? "dcl_input_ps_sgv" : "dcl_input_ps_siv";
      if (n != (sv ? 4u : 3u)) return false;
      if (ps ? (ctl == 0 || ctl > 7) : ctl != 0) return false;
      if (!dcl_opnd_decode(t, n, &pos, &o)) return false;
      op(b, "%s ", nm);
      if (ps) op(b, "%s ", interp_names[ctl]);
      print_opnd(b, &o, POS_DST);
      if (sv) {
        if (t[3] >= N_SV_NAMES) return false;
        op(b, ", %s", sv_names[t[3]]);
      }
      return true;
    }
    default:
      return false;
  }
}

/* Parses a declaration / ret line into tokens. */
static sf_code dcl_parse(tcur *c, uint32_t *t, size_t *n, size_t cap) {
  sf_code e;
  size_t start = c->pos;
  while (is_word(peek(c))) c->pos++;
  const char *w = c->s + start;
  size_t wl = c->pos - start;
  *n = 0;
#define WORD(lit) (wl == strlen(lit) && memcmp(w, lit, wl) == 0)
  sf_d3d_opnd o;
  if (WORD("ret")) {
    t[(*n)++] = 0x0100003eu;
  } else if (WORD("dcl_globalFlags")) {
    uint32_t f = 0;
    skip_sp(c);
    while (is_alpha(peek(c))) {
      size_t s = c->pos;
      while (is_word(peek(c))) c->pos++;
      unsigned k;
      if (!name_index(gflag_names, 8, c->s + s, c->pos - s, &k)) {
        c->pos = s;
        return cfail(c, SF_ERR_SYNTAX, "unknown global flag");
      }
      f |= 1u << k;
      skip_sp(c);
      if (!accept(c, "|")) break;
      skip_sp(c);
    }
    t[(*n)++] = 0x0100006au | (f << 11);
  } else if (WORD("dcl_temps")) {
    skip_sp(c);
    uint32_t v;
    if ((e = parse_u32(c, &v, "temp count"))) return e;
    t[(*n)++] = 0x02000068u;
    t[(*n)++] = v;
  } else if (WORD("dcl_indexableTemp")) {
    uint32_t x, size, comps;
    skip_sp(c);
    if ((e = expect(c, "x")) || (e = parse_u32(c, &x, "register")) || (e = expect(c, "[")) ||
        (e = parse_u32(c, &size, "size")) || (e = expect(c, "]")))
      return e;
    skip_sp(c);
    if ((e = expect(c, ","))) return e;
    skip_sp(c);
    if ((e = parse_u32(c, &comps, "component count"))) return e;
    t[(*n)++] = 0x04000069u;
    t[(*n)++] = x;
    t[(*n)++] = size;
    t[(*n)++] = comps;
  } else if (WORD("dcl_sampler")) {
    if ((e = parse_opnd(c, &o, POS_DST))) return e;
    skip_sp(c);
    unsigned mode = 0;
    if (accept(c, ",")) {
      skip_sp(c);
      if (accept(c, "mode_default")) mode = 0;
      else if (accept(c, "mode_comparison") || accept(c, "comparisonMode")) mode = 1;
      else if (accept(c, "mode_mono")) mode = 2;
      else return cfail(c, SF_ERR_SYNTAX, "expected mode_default, mode_comparison or mode_mono");
    }
    t[(*n)++] = 0x0300005au | (mode << 11);
    if (!dcl_opnd_tokens(&o, t, n, cap)) return cfail(c, SF_ERR_SYNTAX, "bad sampler operand");
  } else if (WORD("dcl_constantbuffer") || WORD("dcl_constantBuffer")) { /* the latter: vkd3d's spelling */
    skip_sp(c);
    uint32_t slot, size;
    if (!accept(c, "cb") && !accept(c, "CB")) return cfail(c, SF_ERR_SYNTAX, "expected cb#[size]");
    if ((e = parse_u32(c, &slot, "slot")) || (e = expect(c, "[")) || (e = parse_u32(c, &size, "size")) ||
        (e = expect(c, "]")))
      return e;
    skip_sp(c);
    unsigned dyn = 0;
    if (accept(c, ",")) {
      skip_sp(c);
      if (accept(c, "immediateIndexed")) dyn = 0;
      else if (accept(c, "dynamicIndexed")) dyn = 1;
      else return cfail(c, SF_ERR_SYNTAX, "expected immediateIndexed or dynamicIndexed");
    }
    t[(*n)++] = 0x04000059u | (dyn << 11);
    t[(*n)++] = 0x00208e46u;
    t[(*n)++] = slot;
    t[(*n)++] = size;
  } else if (wl > 13 && memcmp(w, "dcl_resource_", 13) == 0) {
    unsigned dim;
    if (!name_index(dim_names, 11, w + 13, wl - 13, &dim) || dim == 0) {
      c->pos = start + 13;
      return cfail(c, SF_ERR_SYNTAX, "unknown resource dimension");
    }
    uint32_t ms = 0;
    bool is_ms = dim == SF_D3D_DIM_TEX2DMS || dim == SF_D3D_DIM_TEX2DMSARRAY;
    if (is_ms && accept(c, "(")) {
      if ((e = parse_u32(c, &ms, "sample count")) || (e = expect(c, ")"))) return e;
      if (ms > 127) return cfail(c, SF_ERR_RANGE, "sample count %u > 127", ms);
    }
    skip_sp(c);
    if ((e = expect(c, "("))) return e;
    uint32_t rt = 0;
    for (unsigned i = 0; i < 4; i++) {
      skip_sp(c);
      size_t s = c->pos;
      while (is_word(peek(c))) c->pos++;
      unsigned k;
      if (!name_index(rt_names, N_RT_NAMES, c->s + s, c->pos - s, &k)) {
        c->pos = s;
        return cfail(c, SF_ERR_SYNTAX, "unknown return type");
      }
      rt |= k << (4 * i);
      skip_sp(c);
      if ((e = expect(c, i < 3 ? "," : ")"))) return e;
    }
    if ((e = parse_opnd(c, &o, POS_DST))) return e;
    t[(*n)++] = 0x04000058u | (dim << 11) | (ms << 16);
    if (!dcl_opnd_tokens(&o, t, n, cap) || o.type != SF_D3D_OT_RESOURCE)
      return cfail(c, SF_ERR_SYNTAX, "bad resource operand");
    t[(*n)++] = rt;
  } else {
    static const struct { const char *nm; uint32_t op; bool ps, sv; } io[] = {
        {"dcl_input", 0x5f, false, false},        {"dcl_output", 0x65, false, false},
        {"dcl_input_sgv", 0x60, false, true},     {"dcl_input_siv", 0x61, false, true},
        {"dcl_output_siv", 0x67, false, true},    {"dcl_input_ps", 0x62, true, false},
        {"dcl_input_ps_sgv", 0x63, true, true},   {"dcl_input_ps_siv", 0x64, true, true}};
    size_t k = 0;
    while (k < sizeof io / sizeof io[0] && !(strlen(io[k].nm) == wl && memcmp(io[k].nm, w, wl) == 0)) k++;
    if (k == sizeof io / sizeof io[0]) {
      c->pos = start;
      return cfail(c, SF_UNSUPPORTED, "statement '%.*s' is not supported in text (use .tpf tokens)",
                   (int)(wl > 40 ? 40 : wl), w);
    }
    unsigned interp = 0;
    if (io[k].ps) {
      skip_sp(c);
      /* Longest interpolation name first. */
      for (unsigned i = 7; i >= 1 && !interp; i--) {
        size_t save = c->pos;
        if (accept(c, interp_names[i]) && is_sp(peek(c))) interp = i;
        else c->pos = save;
      }
      if (!interp) return cfail(c, SF_ERR_SYNTAX, "expected an interpolation mode (constant, linear, ...)");
    }
    if ((e = parse_opnd(c, &o, POS_DST))) return e;
    t[(*n)++] = ((io[k].sv ? 4u : 3u) << 24) | io[k].op | (interp << 11);
    if (!dcl_opnd_tokens(&o, t, n, cap)) return cfail(c, SF_ERR_SYNTAX, "bad register operand");
    if (io[k].sv) {
      skip_sp(c);
      if ((e = expect(c, ","))) return e;
      skip_sp(c);
      size_t s = c->pos;
      while (is_word(peek(c))) c->pos++;
      unsigned v;
      if (!name_index(sv_names, N_SV_NAMES, c->s + s, c->pos - s, &v)) {
        c->pos = s;
        return cfail(c, SF_ERR_SYNTAX, "unknown system value");
      }
      t[(*n)++] = v;
    }
  }
#undef WORD
  if (!at_end(c)) return cfail(c, SF_ERR_TRAILING, "unexpected text after the declaration");
  /* The length field always matches the tokens written (operands may carry more indices). */
  t[0] = (t[0] & 0x80ffffffu) | ((uint32_t)*n << 24);
  return SF_OK;
}

/* ---- Programs ------------------------------------------------------------------------------ */

static bool sb_puts(sf_buf *out, const char *s) { return sf_buf_put(out, s, strlen(s)); }

sf_code sf_d3dasm_print_program(const sf_tpf_program *p, sf_buf *out, sf_status *st) {
  if (!p || !out) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_print_program: NULL argument");
  char line[1024];
  unsigned type = p->version >> 16;
  if ((p->version & 0xff00) == 0 && type < 6 && ((p->version >> 4) & 0xf) <= 9 && (p->version & 0xf) <= 9)
    snprintf(line, sizeof line, "%s_%u_%u\n", prog_names[type], (p->version >> 4) & 0xf, p->version & 0xf);
  else
    snprintf(line, sizeof line, ".version 0x%08x\n", p->version);
  sb_puts(out, line);
  for (size_t i = 0; i < p->count; i++) {
    const sf_tpf_item *it = &p->items[i];
    if (it->kind == SF_TPF_ITEM_SAMPLE) {
      sf_code c = sf_d3dasm_print_inst(&it->inst, line, sizeof line - 1, st);
      if (c) return c;
      sb_puts(out, line);
      sb_puts(out, "\n");
      continue;
    }
    obuf b = {line, sizeof line, 0, false};
    bool ok = dcl_format(it->tok, it->ntok, &b) && !b.over;
    if (ok) {
      /* Only keep the friendly form when it reads back to the very same tokens. */
      uint32_t t[8];
      size_t n = 0;
      sf_status tmp;
      sf_status_clear(&tmp);
      tcur c = {line, b.len, 0, 1, &tmp};
      ok = dcl_parse(&c, t, &n, 8) == SF_OK && n == it->ntok && memcmp(t, it->tok, n * sizeof *t) == 0;
    }
    if (ok) {
      sb_puts(out, line);
    } else {
      sb_puts(out, ".tpf");
      for (size_t k = 0; k < it->ntok; k++) {
        char h[16];
        snprintf(h, sizeof h, " %08x", it->tok[k]);
        sb_puts(out, h);
      }
      snprintf(line, sizeof line, "  // opcode 0x%x", it->ntok ? it->tok[0] & 0x7ff : 0);
      sb_puts(out, line);
    }
    sb_puts(out, "\n");
  }
  return out->failed ? (st && st->code ? st->code : SF_ERR_LIMIT) : SF_OK;
}

static sf_code parse_tpf_line(tcur *c, sf_tpf_program *p) {
  sf_code e;
  uint32_t t[SF_TPF_MAX_INST_LEN + 1];
  size_t n = 0;
  size_t start = c->pos;
  while (!at_end(c)) {
    if (n == SF_TPF_MAX_INST_LEN) return cfail(c, SF_ERR_LIMIT, ".tpf: more than %u tokens on one line", SF_TPF_MAX_INST_LEN);
    accept(c, "0x");
    uint64_t x = 0;
    size_t nd = 0;
    while (is_hex(peek(c))) {
      int ch = peek(c);
      x = x * 16 + (uint64_t)(is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
      c->pos++;
      if (++nd > 8) return cfail(c, SF_ERR_RANGE, ".tpf: token with more than 8 hex digits");
    }
    if (!nd) return cfail(c, SF_ERR_SYNTAX, ".tpf: expected a hex token");
    t[n++] = (uint32_t)x;
    skip_sp(c);
    accept(c, ",");
  }
  if (n == 0) return cfail(c, SF_ERR_SYNTAX, ".tpf: no tokens");
  uint32_t op_ = t[0] & 0x7ff;
  size_t want = op_ == SF_TPF_OP_CUSTOMDATA ? (n >= 2 ? t[1] : 0) : (t[0] >> 24) & 0x7f;
  if (want != n) {
    c->pos = start;
    return cfail(c, SF_ERR_INVALID, ".tpf: %zu tokens but the length field says %zu", n, want);
  }
  if (sf_tpf_is_sample_op(op_)) {
    sf_d3d_inst d;
    size_t used;
    sf_status tmp;
    sf_status_clear(&tmp);
    if ((e = sf_tpf_decode_inst(t, n, 0, &d, &used, &tmp))) {
      c->pos = start;
      return cfail(c, e, ".tpf: %s (DWORD %llu)", tmp.msg, (unsigned long long)tmp.pos);
    }
    return sf_tpf_program_add_inst(p, &d, c->st);
  }
  return sf_tpf_program_add_tokens(p, t, n, c->st);
}

sf_code sf_d3dasm_parse_program(const char *text, size_t len, sf_tpf_program *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_d3dasm_parse_program: out is NULL");
  sf_tpf_program_init(out, 0);
  if (!text) len = 0;
  if (len > SF_D3DASM_MAX_TEXT) return sf_fail_text(st, SF_ERR_LIMIT, 1, 1, "text longer than %u bytes", SF_D3DASM_MAX_TEXT);
  bool have_version = false;
  uint32_t line = 0;
  size_t pos = 0;
  sf_code e = SF_OK;
  while (pos < len && !e) {
    line++;
    size_t end = pos;
    while (end < len && text[end] != '\n') end++;
    tcur c = {text + pos, end - pos, 0, line, st};
    size_t next = end < len ? end + 1 : end;
    for (size_t i = 0; i < c.len; i++)
      if (c.s[i] == '\0') {
        c.pos = i;
        e = cfail(&c, SF_ERR_SYNTAX, "NUL byte in text");
      }
    if (e) break;
    pos = next;
    skip_listing_prefix(&c);
    if (at_end(&c)) continue;
    if (!have_version) {
      if (accept(&c, ".version")) {
        skip_sp(&c);
        uint32_t v;
        if (!accept(&c, "0x")) {
          e = cfail(&c, SF_ERR_SYNTAX, "expected 0x<version token>");
          break;
        }
        uint64_t x = 0;
        size_t nd = 0;
        while (is_hex(peek(&c)) && nd < 9) {
          int ch = peek(&c);
          x = x * 16 + (uint64_t)(is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
          c.pos++;
          nd++;
        }
        if (!nd || nd > 8) {
          e = cfail(&c, SF_ERR_SYNTAX, "expected 1-8 hex digits");
          break;
        }
        v = (uint32_t)x;
        out->version = v;
      } else {
        unsigned type = 6;
        for (unsigned i = 0; i < 6; i++)
          if (c.len - c.pos >= 3 && memcmp(c.s + c.pos, prog_names[i], 2) == 0 && c.s[c.pos + 2] == '_') type = i;
        if (type == 6) {
          e = cfail(&c, SF_ERR_SYNTAX, "expected the shader model line (ps_5_0, vs_4_0, ...)");
          break;
        }
        c.pos += 3;
        int ma = peek(&c), mi = peek_at(&c, 2);
        if (!is_digit(ma) || peek_at(&c, 1) != '_' || !is_digit(mi)) {
          e = cfail(&c, SF_ERR_SYNTAX, "expected <major>_<minor>");
          break;
        }
        c.pos += 3;
        out->version = (type << 16) | ((uint32_t)(ma - '0') << 4) | (uint32_t)(mi - '0');
      }
      if (!at_end(&c)) {
        e = cfail(&c, SF_ERR_TRAILING, "unexpected text after the shader model");
        break;
      }
      have_version = true;
      continue;
    }
    if (accept(&c, ".tpf")) {
      e = parse_tpf_line(&c, out);
    } else if (c.len - c.pos >= 6 && memcmp(c.s + c.pos, "sample", 6) == 0) {
      sf_d3d_inst d;
      e = parse_inst_cur(&c, &d);
      if (!e) e = sf_tpf_program_add_inst(out, &d, st);
    } else {
      uint32_t t[8];
      size_t n = 0;
      e = dcl_parse(&c, t, &n, 8);
      if (!e) e = sf_tpf_program_add_tokens(out, t, n, st);
    }
  }
  if (!e && !have_version) e = sf_fail_text(st, SF_ERR_SYNTAX, line ? line : 1, 1, "no shader model line (ps_5_0, ...)");
  if (e) sf_tpf_program_free(out);
  return e;
}

/* ---- vkd3d normalization (docs/dxbc.md "vkd3d normalization table") ------------------------ */

static void norm_opnd(sf_d3d_opnd *o) {
  if (o->num_comp == SF_D3D_NC_4 && o->sel_mode == SF_D3D_SEL_SWIZZLE) {
    unsigned a = o->comp_bits & 3;
    if (((o->comp_bits >> 2) & 3) == a && ((o->comp_bits >> 4) & 3) == a && ((o->comp_bits >> 6) & 3) == a) {
      o->sel_mode = SF_D3D_SEL_SELECT1; /* N4: .xxxx prints as .x */
      o->comp_bits = (uint8_t)a;
    }
  }
  o->min_precision = 0; /* N7 */
  if (o->type == SF_D3D_OT_IMM32)
    for (unsigned i = 0; i < 4; i++)
      if ((o->imm[i] & 0x7f800000u) == 0x7f800000u && (o->imm[i] & 0x007fffffu)) o->imm[i] = 0x7fc00000u; /* N6 */
  for (unsigned i = 0; i < o->index_dim && i < 3; i++)
    if (o->idx[i].rep == SF_D3D_IDX_REL) {
      o->idx[i].rep = SF_D3D_IDX_IMM32_REL; /* N5: [r1.x] prints as [r1.x + 0] */
      o->idx[i].imm = 0;
    }
}

void sf_d3dasm_normalize_vkd3d(sf_d3d_inst *d) {
  if (d->has_aoffimmi && !d->aoffimmi[0] && !d->aoffimmi[1] && !d->aoffimmi[2]) d->has_aoffimmi = false; /* N2 */
  if (d->has_rettype && d->rettype[0] == 5 && d->rettype[1] == 5 && d->rettype[2] == 5 && d->rettype[3] == 5)
    d->has_rettype = false; /* N3 */
  memset(d->ext_order, 0, sizeof d->ext_order); /* N8 */
  norm_opnd(&d->dst);
  for (unsigned i = 0; i < d->num_src && i < SF_D3D_MAX_SRC; i++) norm_opnd(&d->src[i]);
  sf_d3d_inst_canonicalize(d);
}
