/* dxbc_sig.c — signature chunks (ISGN, OSGN, PCSG, OSG5, ISG1, OSG1, PSG1): the binary codec in
 * fxc's exact layout and the one-line text form of an element (docs/dxbc.md §10).
 *
 * Layout (Microsoft's D3D11 shader reflection structures as fxc stores them; vkd3d-shader's dxbc.c
 * reads the same fields): u32 element count, u32 offset of the element table (8), then per element
 * [u32 stream (OSG5, *1)], u32 name offset (from the chunk start), u32 semantic index, u32 system
 * value (D3D_NAME), u32 component type (D3D_REGISTER_COMPONENT_TYPE), u32 register, u8 mask,
 * u8 read/write mask, u16 zero, [u32 min precision (*1)]; then the names. */
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/dxbc_text_priv.h"

const uint32_t sf_dxbc_sig_kinds[SF_DXBC_SIG_KINDS] = {
    SF_DXBC_ISGN, SF_DXBC_OSGN, SF_DXBC_FOURCC('P', 'C', 'S', 'G'), SF_DXBC_FOURCC('O', 'S', 'G', '5'),
    SF_DXBC_FOURCC('I', 'S', 'G', '1'), SF_DXBC_FOURCC('O', 'S', 'G', '1'), SF_DXBC_FOURCC('P', 'S', 'G', '1')};

unsigned sf_dxbc_sig_elem_size(uint32_t fourcc) {
  if (fourcc == SF_DXBC_ISGN || fourcc == SF_DXBC_OSGN || fourcc == SF_DXBC_FOURCC('P', 'C', 'S', 'G')) return 24;
  if (fourcc == SF_DXBC_FOURCC('O', 'S', 'G', '5')) return 28;
  if (fourcc == SF_DXBC_FOURCC('I', 'S', 'G', '1') || fourcc == SF_DXBC_FOURCC('O', 'S', 'G', '1') ||
      fourcc == SF_DXBC_FOURCC('P', 'S', 'G', '1'))
    return 32;
  return 0;
}

void sf_dxbc_sig_init(sf_dxbc_sig *s, uint32_t fourcc) {
  memset(s, 0, sizeof *s);
  s->fourcc = fourcc;
}

void sf_dxbc_sig_free(sf_dxbc_sig *s) {
  if (!s) return;
  free(s->e);
  s->e = NULL;
  s->n = s->cap = 0;
}

sf_code sf_dxbc_sig_add(sf_dxbc_sig *s, const sf_dxbc_sig_entry *e, sf_status *st) {
  if (s->n >= SF_DXBC_SIG_MAX_ELEMS)
    return sf_fail(st, SF_ERR_LIMIT, "more than %u signature elements", SF_DXBC_SIG_MAX_ELEMS);
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 8;
    sf_dxbc_sig_entry *ne = realloc(s->e, cap * sizeof *ne);
    if (!ne) return sf_fail(st, SF_ERR_NOMEM, "signature of %zu elements", cap);
    s->e = ne;
    s->cap = cap;
  }
  s->e[s->n++] = *e;
  return SF_OK;
}

static size_t name_len(const char *n) {
  const char *z = memchr(n, 0, SF_DXBC_SIG_NAME_MAX - 1);
  return z ? (size_t)(z - n) : SF_DXBC_SIG_NAME_MAX - 1;
}

sf_code sf_dxbc_sig_encode(const sf_dxbc_sig *s, sf_buf *out, sf_status *st) {
  unsigned es = sf_dxbc_sig_elem_size(s->fourcc);
  if (!es) return sf_fail(st, SF_ERR_INVALID, "fourcc 0x%08x is not a signature chunk", s->fourcc);
  if (s->n > SF_DXBC_SIG_MAX_ELEMS) return sf_fail(st, SF_ERR_LIMIT, "%zu signature elements", s->n);
  /* a name without its NUL would be written without one (a chunk the reader refuses), and compared
   * past its array: refused first, before anything is written */
  for (size_t i = 0; i < s->n; i++)
    if (!memchr(s->e[i].name, 0, SF_DXBC_SIG_NAME_MAX))
      return sf_fail(st, SF_ERR_INVALID, "element %zu: the name has no NUL in its %u bytes", i, SF_DXBC_SIG_NAME_MAX);
  size_t base = out->len;
  sf_wr_u32(out, (uint32_t)s->n);
  sf_wr_u32(out, 8);
  uint32_t *offs = malloc((s->n ? s->n : 1) * sizeof *offs);
  if (!offs) return sf_fail(st, SF_ERR_NOMEM, "signature name offsets");
  uint64_t next = 8 + (uint64_t)es * s->n;
  for (size_t i = 0; i < s->n; i++) {
    offs[i] = (uint32_t)next;
    bool shared = false;
    for (size_t j = 0; j < i && !shared; j++)
      if (strcmp(s->e[i].name, s->e[j].name) == 0) offs[i] = offs[j], shared = true;
    if (!shared) next += name_len(s->e[i].name) + 1;
  }
  for (size_t i = 0; i < s->n; i++) {
    const sf_dxbc_sig_entry *e = &s->e[i];
    if (es >= 28) sf_wr_u32(out, e->stream);
    sf_wr_u32(out, offs[i]);
    sf_wr_u32(out, e->semantic_index);
    sf_wr_u32(out, e->system_value);
    sf_wr_u32(out, e->component_type);
    sf_wr_u32(out, e->reg);
    sf_wr_u8(out, e->mask);
    sf_wr_u8(out, e->rw_mask);
    sf_wr_u16(out, 0);
    if (es == 32) sf_wr_u32(out, e->min_precision);
  }
  for (size_t i = 0; i < s->n; i++)
    if (offs[i] == out->len - base) sf_buf_put(out, s->e[i].name, name_len(s->e[i].name) + 1);
  free(offs);
  while ((out->len - base) % 4 && !out->failed) sf_wr_u8(out, 0xab);
  return sf_buf_code(out);
}

static bool is_ident(const char *s) {
  if (!(da_is_alpha((unsigned char)s[0]) || s[0] == '_')) return false;
  for (size_t i = 1; s[i]; i++)
    if (!da_is_word((unsigned char)s[i])) return false;
  return true;
}

sf_code sf_dxbc_sig_decode(uint32_t fourcc, const uint8_t *data, size_t len, sf_dxbc_sig *out, sf_status *st) {
  sf_dxbc_sig_init(out, fourcc);
  unsigned es = sf_dxbc_sig_elem_size(fourcc);
  if (!es) return sf_fail_byte(st, SF_ERR_INVALID, 0, "fourcc 0x%08x is not a signature chunk", fourcc);
  if (len < 8) return sf_fail_byte(st, SF_ERR_TRUNCATED, 0, "%zu bytes, shorter than the 8-byte header", len);
  uint32_t n = sf_le32(data), table = sf_le32(data + 4);
  if (table != 8) return sf_fail_byte(st, SF_UNSUPPORTED, 4, "element table at offset %u, fxc writes 8", table);
  if (n > SF_DXBC_SIG_MAX_ELEMS)
    return sf_fail_byte(st, SF_ERR_LIMIT, 0, "%u elements exceed the cap %u", n, SF_DXBC_SIG_MAX_ELEMS);
  if ((uint64_t)8 + (uint64_t)n * es > len)
    return sf_fail_byte(st, SF_ERR_TRUNCATED, 0, "%u elements of %u bytes run past the %zu-byte chunk", n, es, len);
  sf_code c = SF_OK;
  for (uint32_t i = 0; i < n && !c; i++) {
    const uint8_t *p = data + 8 + (size_t)i * es;
    sf_dxbc_sig_entry e;
    memset(&e, 0, sizeof e);
    size_t at = 8 + (size_t)i * es;
    if (es >= 28) e.stream = sf_le32(p), p += 4, at += 4;
    uint32_t name = sf_le32(p);
    e.semantic_index = sf_le32(p + 4);
    e.system_value = sf_le32(p + 8);
    e.component_type = sf_le32(p + 12);
    e.reg = sf_le32(p + 16);
    e.mask = p[20];
    e.rw_mask = p[21];
    if (es == 32) e.min_precision = sf_le32(p + 24);
    if (sf_le16(p + 22))
      return sf_dxbc_sig_free(out), sf_fail_byte(st, SF_UNSUPPORTED, at + 22, "element %u: reserved bytes 0x%04x "
                                                 "are not zero", i, sf_le16(p + 22));
    if (name >= len)
      return sf_dxbc_sig_free(out), sf_fail_byte(st, SF_ERR_RANGE, at, "element %u: name offset %u is outside the "
                                                 "%zu-byte chunk", i, name, len);
    const uint8_t *nul = memchr(data + name, 0, len - name);
    if (!nul) return sf_dxbc_sig_free(out), sf_fail_byte(st, SF_ERR_TRUNCATED, name, "element %u: name has no NUL", i);
    size_t nl = (size_t)(nul - (data + name));
    if (nl >= SF_DXBC_SIG_NAME_MAX)
      return sf_dxbc_sig_free(out), sf_fail_byte(st, SF_UNSUPPORTED, name, "element %u: name of %zu bytes exceeds %u",
                                                 i, nl, SF_DXBC_SIG_NAME_MAX - 1);
    memcpy(e.name, data + name, nl);
    if (!is_ident(e.name))
      return sf_dxbc_sig_free(out), sf_fail_byte(st, SF_UNSUPPORTED, name, "element %u: semantic name is not an "
                                                 "identifier", i);
    c = sf_dxbc_sig_add(out, &e, st);
  }
  if (c) return sf_dxbc_sig_free(out), c;
  /* The structured form is exact only if fxc's layout gives back these very bytes. The re-encoding
   * has no limit of its own: the element and name caps bound it (1,024 elements of at most 32 bytes
   * and 256-byte names), and it may be far longer than the chunk (elements naming overlapping parts
   * of one string, which fxc's packing writes apart), which is a difference like any other, refused
   * below at its first byte. */
  sf_buf b;
  sf_buf_init(&b, st);
  c = sf_dxbc_sig_encode(out, &b, st);
  if (!c && (b.len != len || memcmp(b.data, data, len) != 0)) {
    size_t at = 0;
    while (at < b.len && at < len && b.data[at] == data[at]) at++;
    size_t names = 8 + (size_t)n * es;
    if (at < names)
      c = sf_fail_byte(st, SF_UNSUPPORTED, at, "name offsets are not fxc's packing (element %zu)",
                       (at - 8) / es);
    else if (at >= b.len)
      c = sf_fail_byte(st, SF_UNSUPPORTED, at, "%zu bytes after the names and padding", len - b.len);
    else if (at >= len)
      c = sf_fail_byte(st, SF_UNSUPPORTED, at, "chunk ends %zu bytes before fxc's padding would", b.len - len);
    else
      c = sf_fail_byte(st, SF_UNSUPPORTED, at, "name strings or padding are not packed as fxc packs them");
  }
  sf_buf_free(&b);
  if (c) sf_dxbc_sig_free(out);
  return c;
}

/* ---- Text of one element ----------------------------------------------------------------- */

typedef struct named {
  uint32_t v;
  const char *s;
} named;

/* D3D_NAME values (d3dcommon.h); others print as numbers. */
static const named sv_names[] = {
    {0, "none"}, {1, "position"}, {2, "clip_distance"}, {3, "cull_distance"}, {4, "render_target_array_index"},
    {5, "viewport_array_index"}, {6, "vertex_id"}, {7, "primitive_id"}, {8, "instance_id"}, {9, "is_front_face"},
    {10, "sample_index"}, {11, "final_quad_edge_tessfactor"}, {12, "final_quad_inside_tessfactor"},
    {13, "final_tri_edge_tessfactor"}, {14, "final_tri_inside_tessfactor"}, {15, "final_line_detail_tessfactor"},
    {16, "final_line_density_tessfactor"}, {64, "target"}, {65, "depth"}, {66, "coverage"},
    {67, "depth_greater_equal"}, {68, "depth_less_equal"}, {69, "stencil_ref"}, {70, "inner_coverage"}};
/* D3D_REGISTER_COMPONENT_TYPE. */
static const named type_names[] = {{0, "unknown"}, {1, "uint"}, {2, "sint"}, {3, "float"}};
/* D3D_MIN_PRECISION. */
static const named prec_names[] = {{0, "default"}, {1, "f16"},    {2, "f2_8"},  {4, "i16"},
                                   {5, "u16"},     {0xf0, "any16"}, {0xf1, "any10"}};
#define NN(a) (sizeof(a) / sizeof((a)[0]))

static void put_named(sf_buf *o, const char *key, const named *t, size_t n, uint32_t v) {
  for (size_t i = 0; i < n; i++)
    if (t[i].v == v) {
      dxbc_bprintf(o, " %s=%s", key, t[i].s);
      return;
    }
  dxbc_bprintf(o, " %s=%u", key, v);
}

static void put_mask(sf_buf *o, const char *key, uint8_t m) {
  if (m == 0) {
    dxbc_bprintf(o, " %s=none", key);
  } else if (m > 0xf) {
    dxbc_bprintf(o, " %s=0x%02x", key, m);
  } else {
    char s[5];
    size_t k = 0;
    for (unsigned i = 0; i < 4; i++)
      if (m & (1u << i)) s[k++] = "xyzw"[i];
    s[k] = 0;
    dxbc_bprintf(o, " %s=%s", key, s);
  }
}

void dxbc_sig_print_entry(sf_buf *o, uint32_t fourcc, const sf_dxbc_sig_entry *e) {
  unsigned es = sf_dxbc_sig_elem_size(fourcc);
  dxbc_bprintf(o, " %s %u", e->name, e->semantic_index);
  if (es >= 28) dxbc_bprintf(o, " stream=%u", e->stream);
  put_named(o, "sv", sv_names, NN(sv_names), e->system_value);
  put_named(o, "type", type_names, NN(type_names), e->component_type);
  dxbc_bprintf(o, " r=%u", e->reg);
  put_mask(o, "mask", e->mask);
  put_mask(o, "rw", e->rw_mask);
  if (es == 32) put_named(o, "min", prec_names, NN(prec_names), e->min_precision);
}

/* A number: decimal or 0x hex, at most 32 bits. */
static sf_code parse_num(tcur *c, uint32_t *v, const char *what) {
  if (da_peek(c) == '0' && (da_peek_at(c, 1) == 'x' || da_peek_at(c, 1) == 'X')) {
    c->pos += 2;
    uint64_t x = 0;
    size_t nd = 0, start = c->pos;
    while (da_is_hex(da_peek(c))) {
      int ch = da_peek(c);
      x = x * 16 + (uint64_t)(da_is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
      c->pos++;
      if (++nd > 8) {
        c->pos = start;
        return da_cfail(c, SF_ERR_RANGE, "%s does not fit 32 bits", what);
      }
    }
    if (!nd) return da_cfail(c, SF_ERR_SYNTAX, "expected hex digits for %s", what);
    *v = (uint32_t)x;
    return SF_OK;
  }
  return da_parse_u32(c, v, what);
}

static sf_code parse_named(tcur *c, const named *t, size_t n, uint32_t *v, const char *what) {
  if (da_is_digit(da_peek(c))) return parse_num(c, v, what);
  size_t s = c->pos;
  while (da_is_word(da_peek(c))) c->pos++;
  for (size_t i = 0; i < n; i++)
    if (strlen(t[i].s) == c->pos - s && memcmp(c->s + s, t[i].s, c->pos - s) == 0) {
      *v = t[i].v;
      return SF_OK;
    }
  c->pos = s;
  return da_cfail(c, SF_ERR_SYNTAX, "unknown %s (a name of docs/dxbc.md §10 or a number)", what);
}

static sf_code parse_mask(tcur *c, uint8_t *m, const char *what) {
  uint32_t v = 0;
  size_t s = c->pos;
  if (da_is_digit(da_peek(c))) {
    sf_code r = parse_num(c, &v, what);
    if (r) return r;
    if (v > 0xff) {
      c->pos = s;
      return da_cfail(c, SF_ERR_RANGE, "%s 0x%x does not fit a byte", what, v);
    }
  } else if (da_accept(c, "none")) {
    v = 0;
  } else {
    int last = -1;
    while (da_is_word(da_peek(c))) {
      const char *p = strchr("xyzw", da_peek(c));
      if (!p || (int)(p - "xyzw") <= last)
        return da_cfail(c, SF_ERR_SYNTAX, "%s: components are x, y, z, w in that order, each once", what);
      last = (int)(p - "xyzw");
      v |= 1u << last;
      c->pos++;
    }
    if (!v) return da_cfail(c, SF_ERR_SYNTAX, "expected %s (xyzw letters, none, or a number)", what);
  }
  if (da_is_word(da_peek(c))) return da_cfail(c, SF_ERR_SYNTAX, "unexpected character in %s", what);
  *m = (uint8_t)v;
  return SF_OK;
}

sf_code dxbc_sig_parse_entry(tcur *c, uint32_t fourcc, sf_dxbc_sig_entry *e) {
  unsigned es = sf_dxbc_sig_elem_size(fourcc);
  memset(e, 0, sizeof *e);
  da_skip_sp(c);
  size_t s = c->pos;
  if (!(da_is_alpha(da_peek(c)) || da_peek(c) == '_'))
    return da_cfail(c, SF_ERR_SYNTAX, "expected a semantic name (an identifier)");
  while (da_is_word(da_peek(c))) c->pos++;
  if (c->pos - s >= SF_DXBC_SIG_NAME_MAX) {
    c->pos = s;
    return da_cfail(c, SF_ERR_LIMIT, "semantic name longer than %u bytes", SF_DXBC_SIG_NAME_MAX - 1);
  }
  memcpy(e->name, c->s + s, c->pos - s);
  if (!da_is_sp(da_peek(c))) return da_cfail(c, SF_ERR_SYNTAX, "expected a space and the semantic index");
  da_skip_sp(c);
  sf_code r = parse_num(c, &e->semantic_index, "semantic index");
  if (r) return r;
  /* key=value fields, any order, each exactly once; all required. */
  static const char *const keys[] = {"stream", "sv", "type", "r", "mask", "rw", "min"};
  bool need[7] = {es >= 28, true, true, true, true, true, es == 32}, seen[7] = {false};
  while (!da_at_end(c)) {
    size_t k0 = c->pos;
    while (da_is_word(da_peek(c))) c->pos++;
    size_t kl = c->pos - k0;
    int k = -1;
    for (int i = 0; i < 7; i++)
      if (strlen(keys[i]) == kl && memcmp(c->s + k0, keys[i], kl) == 0) k = i;
    if (k < 0 || !need[k]) {
      c->pos = k0;
      return da_cfail(c, SF_ERR_SYNTAX, "expected a field of a %c%c%c%c element (%s)", (char)(fourcc & 0xff),
                      (char)((fourcc >> 8) & 0xff), (char)((fourcc >> 16) & 0xff), (char)(fourcc >> 24),
                      es == 24 ? "sv= type= r= mask= rw=" : es == 28 ? "stream= sv= type= r= mask= rw="
                                                                      : "stream= sv= type= r= mask= rw= min=");
    }
    if (seen[k]) {
      c->pos = k0;
      return da_cfail(c, SF_ERR_SYNTAX, "field %s= given twice", keys[k]);
    }
    seen[k] = true;
    if ((r = da_expect(c, "="))) return r;
    switch (k) {
      case 0: r = parse_num(c, &e->stream, "stream"); break;
      case 1: r = parse_named(c, sv_names, NN(sv_names), &e->system_value, "system value"); break;
      case 2: r = parse_named(c, type_names, NN(type_names), &e->component_type, "component type"); break;
      case 3: r = parse_num(c, &e->reg, "register"); break;
      case 4: r = parse_mask(c, &e->mask, "mask"); break;
      case 5: r = parse_mask(c, &e->rw_mask, "rw mask"); break;
      default: r = parse_named(c, prec_names, NN(prec_names), &e->min_precision, "min precision"); break;
    }
    if (r) return r;
    if (!da_is_sp(da_peek(c)) && !da_at_end(c)) return da_cfail(c, SF_ERR_SYNTAX, "expected a space between fields");
  }
  for (int i = 0; i < 7; i++)
    if (need[i] && !seen[i]) return da_cfail(c, SF_ERR_SYNTAX, "missing field %s=", keys[i]);
  return SF_OK;
}
