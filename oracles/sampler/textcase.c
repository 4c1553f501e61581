/* oracles/sampler/textcase.c — hand-written text cases (sampler.h "Hand-written text cases",
 * docs/case-text.md): a line-oriented description of surfaces, samplers, machine state and one
 * instruction (vISA text through sf_visa_parse, D3D asm through sf_d3dasm_parse_inst), and a readable
 * report of one execution with per-lane results decoded from the dst layout of the specs. Every
 * error is reported at line:col; sizes are capped by the surface/state caps. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/sampler/sampler_int.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/visa.h"

#define TC_MAX_TOK 40

typedef struct tc_line {
  const char *tok[TC_MAX_TOK];
  uint32_t col[TC_MAX_TOK];
  unsigned n;
  char buf[1024];
  uint32_t line;
  const char *rest_after_kw;  /* the raw text after the first token (for inst / d3d) */
  uint32_t rest_col;
} tc_line;

static bool tc_split(tc_line *L, const char *p, size_t n, uint32_t line, sf_status *st) {
  L->n = 0;
  L->line = line;
  L->rest_after_kw = NULL;
  if (n >= sizeof L->buf) {
    sf_fail_text(st, SF_ERR_LIMIT, line, 1, "line longer than %zu characters", sizeof L->buf - 1);
    return false;
  }
  memcpy(L->buf, p, n);
  L->buf[n] = 0;
  char *c = strchr(L->buf, '#');
  if (c) *c = 0;
  size_t i = 0, len = strlen(L->buf);
  while (i < len) {
    while (i < len && (L->buf[i] == ' ' || L->buf[i] == '\t' || L->buf[i] == '\r')) i++;
    if (i >= len) break;
    if (L->n == 1 && !L->rest_after_kw) {
      L->rest_after_kw = p + i;
      L->rest_col = (uint32_t)i + 1;
    }
    if (L->n >= TC_MAX_TOK) {
      sf_fail_text(st, SF_ERR_LIMIT, line, (uint32_t)i + 1, "more than %u words on a line", TC_MAX_TOK);
      return false;
    }
    L->tok[L->n] = L->buf + i;
    L->col[L->n] = (uint32_t)i + 1;
    L->n++;
    while (i < len && L->buf[i] != ' ' && L->buf[i] != '\t' && L->buf[i] != '\r') i++;
    if (i < len) L->buf[i++] = 0;
  }
  return true;
}

static sf_code tc_err(sf_status *st, const tc_line *L, unsigned t, sf_code code, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static sf_code tc_err(sf_status *st, const tc_line *L, unsigned t, sf_code code, const char *fmt, ...) {
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return sf_fail_text(st, code, L->line, t < L->n ? L->col[t] : 1, "%s", msg);
}

static bool tc_u64(const char *s, uint64_t *v) {
  if (!s || !*s || *s == '-') return false;
  char *e = NULL;
  errno = 0;
  unsigned long long x = strtoull(s, &e, 0);
  if (*e || errno == ERANGE) return false;
  *v = x;
  return true;
}
static bool tc_i64(const char *s, int64_t *v) {
  if (!s || !*s) return false;
  char *e = NULL;
  errno = 0;
  long long x = strtoll(s, &e, 0);
  if (*e || errno == ERANGE) return false;
  *v = x;
  return true;
}
static bool tc_f(const char *s, float *v) {
  if (!s || !*s) return false;
  if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {  /* bit pattern */
    uint64_t b;
    if (!tc_u64(s, &b) || b > 0xffffffffu) return false;
    *v = sf_u2f((uint32_t)b);
    return true;
  }
  char *e = NULL;
  float x = strtof(s, &e);
  if (*e) return false;
  *v = x;
  return true;
}
/* "T6" / "S0" / "V40" / "P1": the number after the prefix letter. */
static bool tc_ref(const char *s, char prefix, uint64_t max, uint32_t *out) {
  uint64_t v;
  if (!s || (s[0] != prefix && s[0] != (char)(prefix + 32)) || !tc_u64(s + 1, &v) || v > max) return false;
  *out = (uint32_t)v;
  return true;
}
static int tc_hexval(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
/* Hex bytes from tokens [from, n): "0a0b" "ff" ... */
static sf_code tc_hex(const tc_line *L, unsigned from, uint8_t *out, size_t max, size_t *len, sf_status *st) {
  size_t k = 0;
  for (unsigned t = from; t < L->n; t++) {
    const char *s = L->tok[t];
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) s += 2;
    size_t sl = strlen(s);
    if (sl % 2) return tc_err(st, L, t, SF_ERR_SYNTAX, "hex bytes need an even number of digits");
    for (size_t i = 0; i < sl; i += 2) {
      int a = tc_hexval(s[i]), b = tc_hexval(s[i + 1]);
      if (a < 0 || b < 0) return tc_err(st, L, t, SF_ERR_SYNTAX, "'%s' is not hex", L->tok[t]);
      if (k >= max) return tc_err(st, L, t, SF_ERR_LIMIT, "more than %zu bytes", max);
      out[k++] = (uint8_t)(a * 16 + b);
    }
  }
  *len = k;
  return SF_OK;
}

/* Splits s at commas into at most max parts (in place in buf). Returns the count, or max+1 if more. */
static unsigned tc_commas(const char *s, char *buf, size_t bufn, char **parts, unsigned max) {
  snprintf(buf, bufn, "%s", s);
  unsigned n = 0;
  char *p = buf;
  for (;;) {
    if (n >= max) return max + 1;
    parts[n++] = p;
    char *c = strchr(p, ',');
    if (!c) break;
    *c = 0;
    p = c + 1;
  }
  return n;
}

static int tc_lookup(const char *s, const char *const *names, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (names[i] && !strcmp(s, names[i])) return (int)i;
  return -1;
}


static sf_code tc_surface(sf_textcase *tc, const tc_line *L, sf_status *st) {
  uint32_t id;
  if (L->n < 5 || !tc_ref(L->tok[1], 'T', SF_MAX_SURFACES - 1, &id))
    return tc_err(st, L, 1, SF_ERR_SYNTAX, "expected: surface T<n> <type> <format> <W>[x<H>[x<D>]] [layers=N] [levels=N]");
  const char *tn[SF_SURF_TYPE_COUNT];
  for (unsigned i = 0; i < SF_SURF_TYPE_COUNT; i++) tn[i] = sf_surf_type_name(i);
  int type = tc_lookup(L->tok[2], tn, SF_SURF_TYPE_COUNT);
  if (type < 0) return tc_err(st, L, 2, SF_ERR_SYNTAX, "unknown surface type '%s'", L->tok[2]);
  int fmt = -1;
  for (unsigned f = 0; f < SF_FMT_COUNT; f++)
    if (!strcmp(L->tok[3], sf_format_get(f)->name)) fmt = (int)f;
  if (fmt < 0) return tc_err(st, L, 3, SF_ERR_SYNTAX, "unknown format '%s'", L->tok[3]);
  sf_surface_desc d = {(uint8_t)type, (uint8_t)fmt, 1, 1, 1, 1, 1};
  unsigned long long w = 0, h = 1, dp = 1;
  char extra = 0;
  int got = sscanf(L->tok[4], "%llux%llux%llu%c", &w, &h, &dp, &extra);
  if (got < 1 || got > 3 || w == 0 || w > SF_SURF_MAX_DIM || h > SF_SURF_MAX_DIM || dp > SF_SURF_MAX_DIM)
    return tc_err(st, L, 4, SF_ERR_SYNTAX, "size '%s': expected W, WxH or WxHxD within %u", L->tok[4], SF_SURF_MAX_DIM);
  d.width = (uint32_t)w;
  d.height = (uint32_t)h;
  d.depth = (uint32_t)dp;
  for (unsigned t = 5; t < L->n; t++) {
    uint64_t v;
    if (!strncmp(L->tok[t], "layers=", 7) && tc_u64(L->tok[t] + 7, &v) && v >= 1 && v <= SF_SURF_MAX_LAYERS) d.layers = (uint32_t)v;
    else if (!strncmp(L->tok[t], "levels=", 7) && tc_u64(L->tok[t] + 7, &v) && v >= 1 && v <= SF_SURF_MAX_LEVELS) d.levels = (uint32_t)v;
    else return tc_err(st, L, t, SF_ERR_SYNTAX, "unknown or out-of-range option '%s'", L->tok[t]);
  }
  sf_surface *s = NULL;
  sf_status cst;
  sf_status_clear(&cst);
  if (sf_surface_create(&s, &d, &cst) != SF_OK) return tc_err(st, L, 1, cst.code, "%s", cst.msg);
  sf_surface *old = tc->surf[id];
  for (unsigned j = 0; old && j < SF_MAX_SURFACES; j++)  /* slots bound to it by `bind` follow it */
    if (tc->state.surfaces[j] == old) tc->state.surfaces[j] = s;
  sf_surface_free(old);
  tc->surf[id] = s;
  tc->state.surfaces[id] = s;
  return SF_OK;
}

/* bind T<a>[-T<b>] T<n> | bind S<a>[-S<b>] S<n>: slots a..b read the surface or sampler declared at n. */
static sf_code tc_bind(sf_textcase *tc, const tc_line *L, sf_status *st) {
  char kind = L->n == 3 ? L->tok[2][0] : 0;
  uint32_t a, b, n;
  char first[16];
  if (kind == 't') kind = 'T';
  if (kind == 's') kind = 'S';
  if (kind != 'T' && kind != 'S') return tc_err(st, L, 0, SF_ERR_SYNTAX, "expected: bind T<a>[-T<b>] T<n> | bind S<a>[-S<b>] S<n>");
  const char *dash = strchr(L->tok[1], '-');
  size_t fl = dash ? (size_t)(dash - L->tok[1]) : strlen(L->tok[1]);
  if (fl >= sizeof first) return tc_err(st, L, 1, SF_ERR_SYNTAX, "expected %c<a> or %c<a>-%c<b>", kind, kind, kind);
  memcpy(first, L->tok[1], fl);
  first[fl] = 0;
  if (!tc_ref(first, kind, 255, &a) || (dash ? !tc_ref(dash + 1, kind, 255, &b) : (b = a, false)) || b < a)
    return tc_err(st, L, 1, SF_ERR_SYNTAX, "expected %c<a> or %c<a>-%c<b> with a <= b < 256", kind, kind, kind);
  if (!tc_ref(L->tok[2], kind, 255, &n) || (kind == 'T' ? !tc->surf[n] : !tc->state.samplers[n] || tc->state.samplers[n] != &tc->samp[n]))
    return tc_err(st, L, 2, SF_ERR_UNDECLARED, "expected a %s declared at its own slot", kind == 'T' ? "surface" : "sampler");
  for (uint32_t i = a; i <= b; i++) {
    if (i == n) continue;
    if (kind == 'T') {
      sf_surface_free(tc->surf[i]);  /* a slot's own surface is replaced by the binding */
      tc->surf[i] = NULL;
      tc->state.surfaces[i] = tc->surf[n];
    } else {
      tc->state.samplers[i] = &tc->samp[n];
    }
  }
  return SF_OK;
}

/* `<directive> <object> <byte offset> <hex bytes>`: the bytes into dst (size bytes) from the offset. */
static sf_code tc_put_bytes(const tc_line *L, uint8_t *dst, size_t size, const char *what, sf_status *st) {
  uint64_t off;
  if (!tc_u64(L->tok[2], &off) || off >= size) return tc_err(st, L, 2, SF_ERR_RANGE, "byte offset must be below the %s's %zu bytes", what, size);
  uint8_t b[256];
  size_t n = 0;
  sf_code rc = tc_hex(L, 3, b, sizeof b, &n, st);
  if (rc != SF_OK) return rc;
  if (n > size - off) return tc_err(st, L, 3, SF_ERR_RANGE, "%zu bytes at %llu pass the %s's end (%zu bytes)", n, (unsigned long long)off, what, size);
  memcpy(dst + off, b, n);
  return SF_OK;
}

/* data T<n> <byte offset> <hex>: raw bytes of the surface's store (docs/case-text.md: the layout of
 * sampler.h, NV12's CbCr plane included). */
static sf_code tc_data(sf_textcase *tc, const tc_line *L, sf_status *st) {
  uint32_t id;
  if (L->n < 4 || !tc_ref(L->tok[1], 'T', SF_MAX_SURFACES - 1, &id) || !tc->surf[id])
    return tc_err(st, L, 1, SF_ERR_UNDECLARED, "expected: data T<n> <byte offset> <hex bytes> on a surface declared at T<n>");
  return tc_put_bytes(L, tc->surf[id]->data, tc->surf[id]->size, "surface", st);
}

static sf_code tc_texel_cmd(sf_textcase *tc, const tc_line *L, sf_status *st) {
  const char *k = L->tok[0];
  uint32_t id;
  if (L->n < 2 || !tc_ref(L->tok[1], 'T', SF_MAX_SURFACES - 1, &id) || !tc->surf[id])
    return tc_err(st, L, 1, SF_ERR_UNDECLARED, "expected a declared surface T<n>");
  sf_surface *s = tc->surf[id];
  if (!strcmp(k, "fill")) {
    uint8_t pat[256];
    size_t n = 0;
    sf_code rc = tc_hex(L, 2, pat, sizeof pat, &n, st);
    if (rc != SF_OK) return rc;
    if (n == 0) return tc_err(st, L, 1, SF_ERR_SYNTAX, "fill needs hex bytes");
    sf_surface_fill(s, pat, n);
    return SF_OK;
  }
  uint64_t a[4];
  if (L->n < 6) return tc_err(st, L, 0, SF_ERR_SYNTAX, "expected: %s T<n> <level> <slice> <x> <y> ...", k);
  for (unsigned i = 0; i < 4; i++)
    if (!tc_u64(L->tok[2 + i], &a[i]) || a[i] > SF_SURF_MAX_DIM) return tc_err(st, L, 2 + i, SF_ERR_SYNTAX, "expected a texel index");
  uint8_t *t = sf_surface_texel(s, (unsigned)a[0], (unsigned)a[1], (unsigned)a[2], (unsigned)a[3]);
  if (!t) return tc_err(st, L, 2, SF_ERR_RANGE, "texel (%llu,%llu) of level %llu slice %llu is outside the surface",
                        (unsigned long long)a[2], (unsigned long long)a[3], (unsigned long long)a[0], (unsigned long long)a[1]);
  if (!strcmp(k, "null")) return sf_surface_set_null(s, (unsigned)a[0], (unsigned)a[1], (unsigned)a[2], (unsigned)a[3], true, st);
  if (!strcmp(k, "bytes")) {
    uint8_t b[16];
    size_t n = 0;
    sf_code rc = tc_hex(L, 6, b, sizeof b, &n, st);
    if (rc != SF_OK) return rc;
    if (n != sf_format_get(s->desc.format)->bytes)
      return tc_err(st, L, 6, SF_ERR_RANGE, "%s texels have %u bytes, got %zu", sf_format_get(s->desc.format)->name,
                    sf_format_get(s->desc.format)->bytes, n);
    memcpy(t, b, n);
    return SF_OK;
  }
  float c[4] = {0, 0, 0, 1};
  for (unsigned i = 0; i < 4 && 6 + i < L->n; i++)
    if (!tc_f(L->tok[6 + i], &c[i])) return tc_err(st, L, 6 + i, SF_ERR_SYNTAX, "expected a float");
  return sf_surface_store(s, (unsigned)a[0], (unsigned)a[1], (unsigned)a[2], (unsigned)a[3], c, st);
}

static sf_code tc_sampler(sf_textcase *tc, const tc_line *L, sf_status *st) {
  uint32_t id;
  if (L->n < 2 || !tc_ref(L->tok[1], 'S', SF_MAX_SAMPLERS - 1, &id)) return tc_err(st, L, 1, SF_ERR_SYNTAX, "expected: sampler S<n> [key=value ...]");
  sf_sampler *sp = &tc->samp[id];
  sf_sampler_default(sp);
  const char *const *fl = sf_filter_names, *const *mf = sf_mip_names;
  for (unsigned t = 2; t < L->n; t++) {
    char key[32];
    const char *eq = strchr(L->tok[t], '=');
    size_t kl = eq ? (size_t)(eq - L->tok[t]) : strlen(L->tok[t]);
    if (kl >= sizeof key) return tc_err(st, L, t, SF_ERR_SYNTAX, "unknown sampler option");
    memcpy(key, L->tok[t], kl);
    key[kl] = 0;
    const char *v = eq ? eq + 1 : NULL;
    int x;
    float f;
    if (!v) {
      if (!strcmp(key, "avs_shuffle")) sp->avs_shuffle = true;
      else if (!strcmp(key, "avs_adaptive")) sp->avs_adaptive = true;
      else if (!strcmp(key, "avs_ief")) sp->avs_ief = true;
      else if (!strcmp(key, "avs_8tap_all")) sp->avs_8tap_all = true;
      else return tc_err(st, L, t, SF_ERR_SYNTAX, "unknown sampler flag '%s'", key);
    } else if (!strcmp(key, "min") || !strcmp(key, "mag")) {
      if ((x = tc_lookup(v, fl, 2)) < 0) return tc_err(st, L, t, SF_ERR_SYNTAX, "filter must be point or linear");
      if (key[1] == 'i') sp->min_filter = (uint8_t)x; else sp->mag_filter = (uint8_t)x;
    } else if (!strcmp(key, "filter")) {
      if ((x = tc_lookup(v, fl, 2)) < 0) return tc_err(st, L, t, SF_ERR_SYNTAX, "filter must be point or linear");
      sp->min_filter = sp->mag_filter = (uint8_t)x;
    } else if (!strcmp(key, "mip")) {
      if ((x = tc_lookup(v, mf, 3)) < 0) return tc_err(st, L, t, SF_ERR_SYNTAX, "mip must be none, point or linear");
      sp->mip_filter = (uint8_t)x;
    } else if (!strcmp(key, "addr")) {
      char tmp[64], *parts[3];
      unsigned np = tc_commas(v, tmp, sizeof tmp, parts, 3);
      if (np > 3) return tc_err(st, L, t, SF_ERR_SYNTAX, "addr: up to 3 modes");
      for (unsigned a = 0; a < np; a++) {
        if ((x = tc_lookup(parts[a], sf_addr_names, SF_ADDR_COUNT)) < 0)
          return tc_err(st, L, t, SF_ERR_SYNTAX, "addr: wrap, mirror, clamp, border or mirror_once");
        for (unsigned b2 = a; b2 < 3; b2++) sp->addr[b2] = (uint8_t)x;  /* the last one given repeats */
      }
    } else if (!strcmp(key, "border")) {
      char tmp[128], *parts[4];
      unsigned np = tc_commas(v, tmp, sizeof tmp, parts, 4);
      if (np > 4) return tc_err(st, L, t, SF_ERR_SYNTAX, "border: up to 4 floats r,g,b,a");
      for (unsigned a = 0; a < np; a++)
        if (!tc_f(parts[a], &sp->border[a])) return tc_err(st, L, t, SF_ERR_SYNTAX, "border: up to 4 floats r,g,b,a");
    } else if (!strcmp(key, "bias") || !strcmp(key, "minlod") || !strcmp(key, "maxlod")) {
      if (!tc_f(v, &f)) return tc_err(st, L, t, SF_ERR_SYNTAX, "%s: expected a number", key);
      int32_t q = sf_rne_i32(f * 256.0f, key[0] == 'b' ? -4096 : 0, 4095);  /* s4.8 / u4.8 */
      if (key[0] == 'b') sp->lod_bias = (int16_t)q;
      else if (key[1] == 'i') sp->min_lod = (uint16_t)q;
      else sp->max_lod = (uint16_t)q;
    } else if (!strcmp(key, "cmp")) {
      if ((x = tc_lookup(v, sf_cmp_names, SF_CMP_ALWAYS + 1)) < 0) return tc_err(st, L, t, SF_ERR_SYNTAX, "unknown compare function '%s'", v);
      sp->compare = (uint8_t)x;
    } else {
      return tc_err(st, L, t, SF_ERR_SYNTAX, "unknown sampler option '%s'", key);
    }
  }
  tc->state.samplers[id] = sp;
  return SF_OK;
}

/* avs S<n> luma|chroma <phase> <tap> ...: one phase's coefficients (S1.6, -128..127) of a declared
 * sampler; the taps not given keep their values. sf_sampler_check judges the sums when it runs. */
static sf_code tc_avs(sf_textcase *tc, const tc_line *L, sf_status *st) {
  uint32_t id;
  uint64_t ph;
  if (L->n < 5 || !tc_ref(L->tok[1], 'S', SF_MAX_SAMPLERS - 1, &id) || tc->state.samplers[id] != &tc->samp[id])
    return tc_err(st, L, 1, SF_ERR_UNDECLARED, "expected: avs S<n> luma|chroma <phase> <taps> on a sampler declared at S<n>");
  bool luma = !strcmp(L->tok[2], "luma");
  if (!luma && strcmp(L->tok[2], "chroma")) return tc_err(st, L, 2, SF_ERR_SYNTAX, "expected luma or chroma");
  if (!tc_u64(L->tok[3], &ph) || ph >= SF_AVS_PHASES) return tc_err(st, L, 3, SF_ERR_RANGE, "phase must be 0..%u", SF_AVS_PHASES - 1);
  unsigned taps = luma ? SF_AVS_LUMA_TAPS : SF_AVS_CHROMA_TAPS;
  if (L->n - 4 > taps) return tc_err(st, L, 4 + taps, SF_ERR_RANGE, "a %s phase has %u taps", L->tok[2], taps);
  int8_t *row = luma ? tc->samp[id].avs_luma[ph] : tc->samp[id].avs_chroma[ph];
  for (unsigned t = 4; t < L->n; t++) {
    int64_t v;
    if (!tc_i64(L->tok[t], &v) || v < -128 || v > 127) return tc_err(st, L, t, SF_ERR_RANGE, "a coefficient is an integer in -128..127 (S1.6)");
    row[t - 4] = (int8_t)v;
  }
  return SF_OK;
}

static int tc_type(const char *s) {
  for (unsigned t = 0; t < 16; t++)
    if (sf_vtype_name((uint8_t)t) && !strcmp(s, sf_vtype_name((uint8_t)t))) return (int)t;
  return -1;
}

const char *sf_textcase_value(uint8_t type, const char *s, uint64_t *bits) {
  unsigned esz = sf_vtype_size(type);
  bool hex = s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
  uint64_t u;
  if (type == SF_VT_F || type == SF_VT_HF || type == SF_VT_BF || type == SF_VT_DF) {
    if (hex) {  /* the element's own bits */
      if (!tc_u64(s, &u) || (esz < 8 && u >> (8 * esz))) return "a 0x bit pattern wider than the element";
      *bits = u;
      return NULL;
    }
    char *e = NULL;
    if (type == SF_VT_DF) {
      double d = strtod(s, &e);
      if (!*s || *e) return "expected a number";
      memcpy(bits, &d, sizeof d);
      return NULL;
    }
    float f = strtof(s, &e);
    if (!*s || *e) return "expected a number";
    uint32_t fb = sf_f2u(f);
    if (type == SF_VT_F) *bits = fb;
    else if (type == SF_VT_HF) *bits = sf_float_to_half(f);
    else if (sf_isnan(f)) *bits = (fb >> 16) | 0x40u;                /* bf: a quiet NaN keeps its sign */
    else *bits = (fb + 0x7FFFu + ((fb >> 16) & 1u)) >> 16;           /* bf: the upper half, rounded to nearest even */
    return NULL;
  }
  int64_t iv = 0;
  u = 0;
  if (s[0] == '-' ? !tc_i64(s, &iv) : !tc_u64(s, &u)) return "expected an integer";
  if (s[0] == '-') {
    if (esz < 8 && iv < -((int64_t)1 << (8 * esz - 1))) return "below the element's range";
    *bits = (uint64_t)iv & (esz < 8 ? ((uint64_t)1 << (8 * esz)) - 1 : ~(uint64_t)0);
  } else {
    if (esz < 8 && u >> (8 * esz)) return "above the element's range";
    *bits = u;
  }
  return NULL;
}

/* Element values from token `from` on into v, from element `first` on. */
static sf_code tc_values(sf_var *v, size_t first, const tc_line *L, unsigned from, sf_status *st) {
  unsigned esz = sf_vtype_size(v->type);
  for (unsigned t = from; t < L->n; t++) {
    size_t at = (first + (t - from)) * esz;
    if (at + esz > v->size) return tc_err(st, L, t, SF_ERR_RANGE, "more values than the %u-byte variable holds", v->size);
    uint64_t bits = 0;
    const char *why = sf_textcase_value(v->type, L->tok[t], &bits);
    if (why) return tc_err(st, L, t, SF_ERR_SYNTAX, "%s element: %s", sf_vtype_name(v->type), why);
    for (unsigned k = 0; k < esz; k++) v->bytes[at + k] = (uint8_t)(bits >> (8 * k));
  }
  return SF_OK;
}

static sf_code tc_var(sf_textcase *tc, const tc_line *L, sf_status *st) {
  uint32_t id;
  uint64_t size;
  int type;
  if (L->n < 4 || !tc_ref(L->tok[1], 'V', 0xffffffffu, &id) || id == 0)
    return tc_err(st, L, 1, SF_ERR_SYNTAX, "expected: var V<n> <type> <bytes> [= values]");
  if ((type = tc_type(L->tok[2])) < 0 || type == SF_VT_V || type == SF_VT_VF || type == SF_VT_UV)
    return tc_err(st, L, 2, SF_ERR_SYNTAX, "unknown element type '%s'", L->tok[2]);
  if (!tc_u64(L->tok[3], &size) || size == 0 || size > SF_VAR_MAX_BYTES)
    return tc_err(st, L, 3, SF_ERR_RANGE, "size must be 1..%u bytes", SF_VAR_MAX_BYTES);
  sf_status vst;
  sf_status_clear(&vst);
  if (sf_state_add_var(&tc->state, id, (uint8_t)type, (uint32_t)size, NULL, &vst) != SF_OK) return tc_err(st, L, 1, vst.code, "%s", vst.msg);
  if (L->n == 4) return SF_OK;
  if (strcmp(L->tok[4], "=")) return tc_err(st, L, 4, SF_ERR_SYNTAX, "expected '=' before the values");
  return tc_values(sf_state_var(&tc->state, id), 0, L, 5, st);
}

/* set V<n> <element index> v0 v1 ...: element values of a declared variable from an index on. */
static sf_code tc_set(sf_textcase *tc, const tc_line *L, sf_status *st) {
  uint32_t id;
  uint64_t first;
  sf_var *v = NULL;
  if (L->n < 4 || !tc_ref(L->tok[1], 'V', 0xffffffffu, &id) || !(v = sf_state_var(&tc->state, id)))
    return tc_err(st, L, 1, SF_ERR_UNDECLARED, "expected: set V<n> <element index> <values> on a declared variable");
  if (!tc_u64(L->tok[2], &first) || first >= v->size / sf_vtype_size(v->type))
    return tc_err(st, L, 2, SF_ERR_RANGE, "element index must be below the variable's %u elements", v->size / sf_vtype_size(v->type));
  return tc_values(v, (size_t)first, L, 3, st);
}

/* raw V<n> <byte offset> <hex>: raw bytes of a declared variable. */
static sf_code tc_raw(sf_textcase *tc, const tc_line *L, sf_status *st) {
  uint32_t id;
  sf_var *v = NULL;
  if (L->n < 4 || !tc_ref(L->tok[1], 'V', 0xffffffffu, &id) || !(v = sf_state_var(&tc->state, id)))
    return tc_err(st, L, 1, SF_ERR_UNDECLARED, "expected: raw V<n> <byte offset> <hex bytes> on a declared variable");
  return tc_put_bytes(L, v->bytes, v->size, "variable", st);
}

static sf_code tc_reg(sf_textcase *tc, const tc_line *L, sf_status *st) {
  if (L->n < 4) return tc_err(st, L, 0, SF_ERR_SYNTAX, "expected: reg <r|v|o><n> | x<a>[<n>] | cb<b>[<n>] <lane|*> x [y z w]");
  const char *r = L->tok[1];
  uint64_t i0 = 0, i1 = 0;
  uint32_t(*rows)[4] = NULL;
  bool shared = false;
  unsigned long long a = 0, b = 0;
  int end = -1;
  if (sscanf(r, "cb%llu[%llu]%n", &a, &b, &end) == 2 && end > 0 && r[end] == 0) {
    if (a >= SF_D3D_MAX_CB || b >= SF_D3D_MAX_CB_VEC) return tc_err(st, L, 1, SF_ERR_LIMIT, "cb index beyond the state's register file");
    i0 = a;
    i1 = b;
    shared = true;
  } else if (sscanf(r, "x%llu[%llu]%n", &a, &b, &end) == 2 && end > 0 && r[end] == 0) {
    if (a >= SF_D3D_MAX_XARR || b >= SF_D3D_MAX_XVEC) return tc_err(st, L, 1, SF_ERR_LIMIT, "x index beyond the state's register file");
    i0 = a;
    i1 = b;
  } else if ((r[0] == 'r' || r[0] == 'v' || r[0] == 'o') && tc_u64(r + 1, &i0)) {
    uint64_t cap = r[0] == 'r' ? SF_D3D_MAX_TEMPS : r[0] == 'v' ? SF_D3D_MAX_INPUTS : SF_D3D_MAX_OUTPUTS;
    if (i0 >= cap) return tc_err(st, L, 1, SF_ERR_LIMIT, "%c%llu beyond the state's register file (%llu)", r[0], (unsigned long long)i0, (unsigned long long)cap);
  } else {
    return tc_err(st, L, 1, SF_ERR_SYNTAX, "unknown register '%s'", r);
  }
  unsigned lo = 0, hi = 3;
  uint64_t lane;
  if (strcmp(L->tok[2], "*")) {
    if (!tc_u64(L->tok[2], &lane) || lane > 3) return tc_err(st, L, 2, SF_ERR_SYNTAX, "lane must be 0..3 or *");
    lo = hi = (unsigned)lane;
  }
  if (shared && lo != 0) return tc_err(st, L, 2, SF_ERR_SYNTAX, "constant buffers are shared: use *");
  uint32_t v[4] = {0, 0, 0, 0};
  if (L->n > 7) return tc_err(st, L, 7, SF_ERR_SYNTAX, "a register holds 4 values (x y z w)");
  for (unsigned k = 0; k < 4 && 3 + k < L->n; k++) {
    float f;
    if (!tc_f(L->tok[3 + k], &f)) return tc_err(st, L, 3 + k, SF_ERR_SYNTAX, "expected a float or 0x bits");
    v[k] = sf_f2u(f);
  }
  for (unsigned l = lo; l <= hi; l++) {
    if (shared) rows = &tc->state.d3d.cb[i0][i1];
    else if (r[0] == 'x') rows = &tc->state.d3d.x[l][i0][i1];
    else if (r[0] == 'r') rows = &tc->state.d3d.r[l][i0];
    else if (r[0] == 'v') rows = &tc->state.d3d.v[l][i0];
    else rows = &tc->state.d3d.o[l][i0];
    memcpy(*rows, v, sizeof v);
  }
  return SF_OK;
}

sf_code sf_textcase_parse(const char *text, size_t len, sf_textcase **out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "textcase: NULL output");
  *out = NULL;
  if (!text) return sf_fail(st, SF_ERR_INVALID, "textcase: NULL text");
  if (len > SF_TEXTCASE_MAX_BYTES) return sf_fail(st, SF_ERR_LIMIT, "textcase: %zu bytes exceed %u", len, SF_TEXTCASE_MAX_BYTES);
  sf_textcase *tc = calloc(1, sizeof *tc);
  tc_line *L = malloc(sizeof *L);
  if (!tc || !L) {
    free(tc);
    free(L);
    return sf_fail(st, SF_ERR_NOMEM, "textcase: out of memory");
  }
  sf_state_init(&tc->state);
  sf_code rc = SF_OK;
  uint32_t line = 0;
  for (size_t pos = 0; pos < len && rc == SF_OK;) {
    size_t e = pos;
    while (e < len && text[e] != '\n') e++;
    line++;
    if (!tc_split(L, text + pos, e - pos, line, st)) {
      rc = st ? st->code : SF_ERR_LIMIT;
      break;
    }
    const char *rest = L->rest_after_kw;
    size_t rest_len = rest ? (size_t)((text + e) - rest) : 0;
    for (size_t q = 0; rest && q < rest_len; q++)
      if (rest[q] == '#') { rest_len = q; break; }
    pos = e + 1;
    if (L->n == 0) continue;
    const char *k = L->tok[0];
    uint64_t v;
    uint32_t id;
    if (!strcmp(k, "surface")) rc = tc_surface(tc, L, st);
    else if (!strcmp(k, "fill") || !strcmp(k, "texel") || !strcmp(k, "bytes") || !strcmp(k, "null")) rc = tc_texel_cmd(tc, L, st);
    else if (!strcmp(k, "sampler")) rc = tc_sampler(tc, L, st);
    else if (!strcmp(k, "var")) rc = tc_var(tc, L, st);
    else if (!strcmp(k, "reg")) rc = tc_reg(tc, L, st);
    else if (!strcmp(k, "raw")) rc = tc_raw(tc, L, st);
    else if (!strcmp(k, "set")) rc = tc_set(tc, L, st);
    else if (!strcmp(k, "data")) rc = tc_data(tc, L, st);
    else if (!strcmp(k, "bind")) rc = tc_bind(tc, L, st);
    else if (!strcmp(k, "avs")) rc = tc_avs(tc, L, st);
    else if (!strcmp(k, "dmask") || !strcmp(k, "live") || !strcmp(k, "grf")) {
      if (L->n != 2 || !tc_u64(L->tok[1], &v) || v > 0xffffffffu) rc = tc_err(st, L, 1, SF_ERR_SYNTAX, "expected one number");
      else if (k[0] == 'd') tc->state.dmask = (uint32_t)v;
      else if (k[0] == 'l') tc->state.d3d.live = (uint8_t)(v & 0xF);
      else tc->state.grf_bytes = (unsigned)v;
    } else if (!strcmp(k, "pred")) {
      if (L->n != 3 || !tc_ref(L->tok[1], 'P', SF_MAX_PREDS - 1, &id) || !tc_u64(L->tok[2], &v) || v > 0xffffffffu)
        rc = tc_err(st, L, 1, SF_ERR_SYNTAX, "expected: pred P<n> <mask> (n < %u)", SF_MAX_PREDS);
      else tc->state.preds[id] = (uint32_t)v;
    } else if (!strcmp(k, "inst") || !strcmp(k, "d3d")) {
      if (tc->have_inst) {
        rc = tc_err(st, L, 0, SF_ERR_SYNTAX, "a case holds one instruction");
      } else if (!rest || rest_len == 0) {
        rc = tc_err(st, L, 0, SF_ERR_SYNTAX, "%s needs an instruction", k);
      } else {
        while (rest_len && (rest[rest_len - 1] == '\r' || rest[rest_len - 1] == ' ')) rest_len--;
        sf_status ist;
        sf_status_clear(&ist);
        if (k[0] == 'i') {
          rc = sf_visa_parse(rest, rest_len, NULL, &tc->inst, &ist);
        } else {
          rc = sf_d3dasm_parse_inst(rest, rest_len, line, &tc->inst.d3d, &ist);
          tc->inst.family = SF_FAMILY_D3D;
        }
        if (rc != SF_OK) {
          uint32_t col = ist.pos_kind == SF_POS_TEXT ? ist.col : 1;
          sf_fail_text(st, rc, line, L->rest_col + (col ? col - 1 : 0), "%s", ist.msg);
        } else {
          tc->have_inst = true;
          snprintf(tc->inst_text, sizeof tc->inst_text, "%.*s", (int)(rest_len < 500 ? rest_len : 500), rest);
        }
      }
    } else {
      rc = tc_err(st, L, 0, SF_ERR_SYNTAX, "unknown directive '%s'", k);
    }
  }
  free(L);
  if (rc == SF_OK && !tc->have_inst) rc = sf_fail_text(st, SF_ERR_SYNTAX, line ? line : 1, 1, "the case has no 'inst' or 'd3d' line");
  if (rc != SF_OK) {
    sf_textcase_free(tc);
    return rc;
  }
  *out = tc;
  return SF_OK;
}

void sf_textcase_free(sf_textcase *tc) {
  if (!tc) return;
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++) sf_surface_free(tc->surf[i]);
  sf_state_free(&tc->state);
  free(tc);
}

/* ---- Report ------------------------------------------------------------------------------------ */

static void rp(sf_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void rp(sf_buf *b, const char *fmt, ...) {
  char tmp[512];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n > 0) sf_buf_put(b, tmp, (size_t)n < sizeof tmp ? (size_t)n : sizeof tmp - 1);
}

static void rp_elem(sf_buf *b, const uint8_t *p, uint8_t type) {
  uint32_t v = 0;
  unsigned sz = sf_vtype_size(type);
  for (unsigned k = 0; k < sz && k < 4; k++) v |= (uint32_t)p[k] << (8 * k);
  switch (type) {
    case SF_VT_F: rp(b, " %12.6g", (double)sf_u2f(v)); break;
    case SF_VT_HF: rp(b, " %12.6g", (double)sf_half_to_float((uint16_t)v)); break;
    case SF_VT_D: rp(b, " %12d", (int32_t)v); break;
    case SF_VT_W: rp(b, " %12d", (int16_t)v); break;
    case SF_VT_B: rp(b, " %12d", (int8_t)v); break;
    default: rp(b, " %12u", v); break;
  }
}

static void report_s3d(sf_textcase *tc, sf_buf *b) {
  const sf_sample_3d *x = &tc->inst.s3d;
  const sf_var *v = sf_state_var_c(&tc->state, x->dst.id);
  unsigned lanes = sf_exec_size_lanes(x->exec_size);
  if (!v || lanes == 0) return;
  unsigned tsz = sf_vtype_size(v->type), g = tc->state.grf_bytes;
  unsigned blk = (lanes * tsz + g - 1) / g * g, c = 0;
  rp(b, "lane %12s %12s %12s %12s\n", (x->chan_mask & 1) ? "R" : "-", (x->chan_mask & 2) ? "G" : "-",
     (x->chan_mask & 4) ? "B" : "-", (x->chan_mask & 8) ? "A" : "-");
  for (unsigned i = 0; i < lanes; i++) {
    rp(b, "%4u", i);
    c = 0;
    for (unsigned k = 0; k < 4; k++) {
      if (!((x->chan_mask >> k) & 1u)) {
        rp(b, " %12s", "-");
        continue;
      }
      size_t at = (size_t)x->dst.off + (size_t)c * blk + (size_t)i * tsz;
      if (at + tsz <= v->size) rp_elem(b, v->bytes + at, v->type);
      c++;
    }
    rp(b, "\n");
  }
  if (x->pixel_null_mask) {
    size_t at = (size_t)x->dst.off + (size_t)c * blk;
    if (at + 4 <= v->size) rp(b, "pixel null mask: 0x%08x\n", sf_le32(v->bytes + at));
  }
}

static void report_var(sf_textcase *tc, sf_buf *b, uint32_t id, size_t off, size_t n) {
  const sf_var *v = sf_state_var_c(&tc->state, id);
  if (!v) return;
  unsigned tsz = sf_vtype_size(v->type);
  if (tsz == 0) return;
  rp(b, "dst V%u (%s, bytes %zu..%zu):\n", id, sf_vtype_name(v->type), off, off + n);
  for (size_t at = off, e = 0; at + tsz <= v->size && at < off + n; at += tsz, e++) {
    if (e % 8 == 0) rp(b, "  [%4zu]", e);
    rp_elem(b, v->bytes + at, v->type);
    if (e % 8 == 7) rp(b, "\n");
  }
  rp(b, "\n");
}

/* A slot that shares an earlier slot's object (`bind`): one line for the run of such slots from *i
 * on, *i moved to the run's last slot; returns how many slots the line covers (0: *i is its own). */
static unsigned report_alias(sf_buf *b, char kind, const void *const *slots, unsigned n, unsigned *i) {
  unsigned f = 0;
  while (slots[f] != slots[*i]) f++;
  if (f == *i) return 0;
  unsigned j = *i;
  while (j + 1 < n && slots[j + 1] == slots[*i]) j++;
  if (j > *i) rp(b, "%s %c%u-%c%u: bound to %c%u\n", kind == 'T' ? "surfaces" : "samplers", kind, *i, kind, j, kind, f);
  else rp(b, "%s %c%u: bound to %c%u\n", kind == 'T' ? "surface" : "sampler", kind, *i, kind, f);
  unsigned covered = j - *i + 1;
  *i = j;
  return covered;
}

sf_code sf_textcase_run(sf_textcase *tc, const sf_backend *be, sf_buf *b, sf_status *st) {
  if (!tc || !b) return sf_fail(st, SF_ERR_INVALID, "textcase: NULL argument");
  if (!be) be = sf_backend_select();
  char tmp[256];
  rp(b, "backend: %s\n", be->name ? be->name : "?");
  const void *slots[SF_MAX_SURFACES > SF_MAX_SAMPLERS ? SF_MAX_SURFACES : SF_MAX_SAMPLERS];
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++) slots[i] = tc->state.surfaces[i];
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++)
    if (slots[i] && report_alias(b, 'T', slots, SF_MAX_SURFACES, &i) == 0)
      rp(b, "surface T%u: %s\n", i, sf_surface_describe(tc->state.surfaces[i], tmp, sizeof tmp));
  for (unsigned i = 0; i < SF_MAX_SAMPLERS; i++) slots[i] = tc->state.samplers[i];
  for (unsigned i = 0; i < SF_MAX_SAMPLERS; i++)
    if (slots[i] && report_alias(b, 'S', slots, SF_MAX_SAMPLERS, &i) == 0)
      rp(b, "sampler S%u: %s\n", i, sf_sampler_describe(tc->state.samplers[i], tmp, sizeof tmp));
  rp(b, "instruction: %s\n", tc->inst_text);
  sf_status es;
  sf_status_clear(&es);
  sf_code rc = sf_exec(&tc->inst, &tc->state, be, &es);
  if (rc != SF_OK) {
    rp(b, "status: %s: %s\n", sf_code_name(rc), es.msg);
    if (st) *st = es;
    return rc;
  }
  rp(b, "status: ok\n");
  switch (tc->inst.family) {
    case SF_FAMILY_SAMPLE_3D: report_s3d(tc, b); break;
    case SF_FAMILY_SAMPLE_UNORM: report_var(tc, b, tc->inst.unorm.dst.id, tc->inst.unorm.dst.off, 4 * 64); break;
    case SF_FAMILY_AVS: report_var(tc, b, tc->inst.avs.dst.id, tc->inst.avs.dst.off, 4 * 256); break;
    case SF_FAMILY_D3D: {
      const sf_d3d_opnd *d = &tc->inst.d3d.dst;
      uint64_t i0 = d->index_dim ? d->idx[0].imm : 0;
      const char *nm = d->type == SF_D3D_OT_OUTPUT ? "o" : "r";
      rp(b, "lane %12s %12s %12s %12s   (%s%llu after the instruction)\n", "x", "y", "z", "w", nm, (unsigned long long)i0);
      for (unsigned l = 0; l < 4; l++) {
        const uint32_t *r = NULL;
        if (d->type == SF_D3D_OT_TEMP && i0 < SF_D3D_MAX_TEMPS) r = tc->state.d3d.r[l][i0];
        if (d->type == SF_D3D_OT_OUTPUT && i0 < SF_D3D_MAX_OUTPUTS) r = tc->state.d3d.o[l][i0];
        if (!r) break;
        rp(b, "%4u %12.6g %12.6g %12.6g %12.6g%s\n", l, (double)sf_u2f(r[0]), (double)sf_u2f(r[1]), (double)sf_u2f(r[2]),
           (double)sf_u2f(r[3]), (tc->state.d3d.live >> l & 1u) ? "" : "   (helper lane: not written)");
      }
      break;
    }
    default: break;
  }
  return SF_OK;
}
