/* oracles/sampler/textcase_write.c — a machine state and its instruction written as case text
 * (sampler.h sf_textcase_write, docs/case-text.md "Written cases"): what `samplefuzz show --case`
 * prints for a fuzz finding, so that a person can edit it and run it with `samplefuzz run`, and what
 * the textcase_fuzzer reads back to check the reader (oracles/checks/check_textcase.c).
 *
 * Nothing is lost: every value is written either as the shortest decimal that the reader converts
 * back to the same bits (sf_textcase_value, strtof) or as its bits in hex; zero texels, zero variable
 * elements and zero registers are left out because the reader starts from zeros. */
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/sampler/sampler_int.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/visa.h"

#define TW_LINE 2304u       /* the longest line written: an instruction of SF_D3DASM_MAX_INST_TEXT */
#define TW_HEX_CHUNK 16u    /* bytes per `data` / `raw` line */
#define TW_SET_CHUNK 8u     /* elements per `set` line */
#define TW_FILL_BLOCK 64u   /* the longest `fill` pattern written: one 64-byte block */

static void wl(sf_buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void wl(sf_buf *b, const char *fmt, ...) {
  char tmp[TW_LINE];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof tmp) {  /* cannot happen for the lines below; never write half a line */
    b->failed = true;
    b->code = SF_ERR_LIMIT;
    return;
  }
  sf_buf_put(b, tmp, (size_t)n);
}

static void hex(char *out, const uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) snprintf(out + 2 * i, 3, "%02x", p[i]);
  out[2 * n] = 0;
}

static bool all_zero(const uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (p[i]) return false;
  return true;
}

/* A float the reader takes through strtof (sampler border, D3D registers): the shortest decimal
 * that reads back to the same bits, else the bits. */
static void float_text(uint32_t bits, char *out, size_t n) {
  float f = sf_u2f(bits);
  for (int p = 6; p <= 9 && !sf_isnan(f); p += 3) {  /* 6 digits read back for most values, 9 for every float */
    snprintf(out, n, "%.*g", p, (double)f);
    char *e = NULL;
    float back = strtof(out, &e);
    if (!*e && sf_f2u(back) == bits) return;
  }
  snprintf(out, n, "0x%08" PRIx32, bits);
}

/* One variable element as the `var` / `set` reader takes it (sf_textcase_value). */
static void elem_text(uint8_t type, uint64_t bits, char *out, size_t n) {
  unsigned esz = sf_vtype_size(type);
  if (type == SF_VT_F || type == SF_VT_HF || type == SF_VT_BF || type == SF_VT_DF) {
    double v;
    if (type == SF_VT_DF) memcpy(&v, &bits, sizeof v);
    else if (type == SF_VT_F) v = (double)sf_u2f((uint32_t)bits);
    else if (type == SF_VT_HF) v = (double)sf_half_to_float((uint16_t)bits);
    else v = (double)sf_u2f((uint32_t)bits << 16);
    /* a short form first, then the digits that read back for every value of the type */
    const int shortp = type == SF_VT_DF ? 15 : type == SF_VT_F ? 6 : 3, longp = type == SF_VT_DF ? 17 : type == SF_VT_F ? 9 : 5;
    for (int p = shortp; p <= longp && !isnan(v); p += longp - shortp) {
      uint64_t back = 0;
      snprintf(out, n, "%.*g", p, v);
      if (!sf_textcase_value(type, out, &back) && back == bits) return;
    }
    snprintf(out, n, "0x%0*" PRIx64, (int)(2 * esz), bits);
    return;
  }
  bool is_signed = type == SF_VT_D || type == SF_VT_W || type == SF_VT_B || type == SF_VT_Q;
  if (is_signed && esz < 8 && (bits >> (8 * esz - 1) & 1u)) bits |= ~(uint64_t)0 << (8 * esz);  /* sign-extend */
  if (is_signed) snprintf(out, n, "%" PRId64, (int64_t)bits);
  else snprintf(out, n, "%" PRIu64, bits);
}

/* The slot that first holds pointer p among slots[0..n): the one whose line declares it. */
static unsigned first_slot(const void *const *slots, unsigned n, const void *p) {
  for (unsigned i = 0; i < n; i++)
    if (slots[i] == p) return i;
  return n;
}

/* `bind` lines for every slot that shares an earlier slot's object, in runs of consecutive slots. */
static void w_binds(sf_buf *b, char kind, const void *const *slots, unsigned n) {
  for (unsigned i = 0; i < n;) {
    unsigned f = slots[i] ? first_slot(slots, n, slots[i]) : i;
    if (f == i) {
      i++;
      continue;
    }
    unsigned j = i;
    while (j + 1 < n && slots[j + 1] == slots[i]) j++;
    if (j > i) wl(b, "bind %c%u-%c%u %c%u\n", kind, i, kind, j, kind, f);
    else wl(b, "bind %c%u %c%u\n", kind, i, kind, f);
    i = j + 1;
  }
}

static bool periodic(const uint8_t *p, size_t n, size_t period) {
  for (size_t i = period; i < n; i++)
    if (p[i] != p[i - period]) return false;
  return true;
}

/* The slices of level l: its 3D depth, or the surface's layers and faces. */
static unsigned level_slices(const sf_surface *s, unsigned l) {
  return s->desc.type == SF_SURF_3D ? s->levels[l].d : s->slices;
}

static void w_surface(sf_buf *b, unsigned id, const sf_surface *s) {
  const sf_surface_desc *d = &s->desc;
  const sf_format_info *fi = sf_format_get(d->format);
  char size[48], h[2 * TW_FILL_BLOCK + 1];
  if (d->depth > 1) snprintf(size, sizeof size, "%ux%ux%u", d->width, d->height, d->depth);
  else if (d->height > 1) snprintf(size, sizeof size, "%ux%u", d->width, d->height);
  else snprintf(size, sizeof size, "%u", d->width);
  wl(b, "surface T%u %s %s %s", id, sf_surf_type_name(d->type), fi->name, size);
  if (d->layers != 1) wl(b, " layers=%u", d->layers);
  if (d->levels != 1) wl(b, " levels=%u", d->levels);
  wl(b, "\n");
  /* texel bytes: nothing (zeros), one `fill` (a store that repeats one texel or one 64-byte block),
   * or a `bytes` line per non-zero texel (and `data` lines for NV12's CbCr plane) */
  size_t period = 0;
  if (!all_zero(s->data, s->size)) {
    if (periodic(s->data, s->size, fi->bytes)) period = fi->bytes;
    else if (periodic(s->data, s->size, TW_FILL_BLOCK)) period = TW_FILL_BLOCK;
    if (period > s->size) period = s->size;
    if (period) {
      hex(h, s->data, period);
      wl(b, "fill T%u %s\n", id, h);
    } else {
      for (unsigned l = 0; l < d->levels; l++) {
        const sf_level *lv = &s->levels[l];
        for (unsigned sl = 0; sl < level_slices(s, l); sl++)
          for (unsigned y = 0; y < lv->h; y++)
            for (unsigned x = 0; x < lv->w; x++) {
              const uint8_t *t = s->data + lv->offset + lv->slice_pitch * sl + lv->row_pitch * y + (size_t)x * fi->bytes;
              if (all_zero(t, fi->bytes)) continue;
              hex(h, t, fi->bytes);
              wl(b, "bytes T%u %u %u %u %u %s\n", id, l, sl, x, y, h);
            }
      }
      if (fi->cls == SF_FCLASS_YUV)
        for (size_t at = s->nv12_uv_offset; at < s->size; at += TW_HEX_CHUNK) {
          size_t n = s->size - at < TW_HEX_CHUNK ? s->size - at : TW_HEX_CHUNK;
          if (all_zero(s->data + at, n)) continue;
          hex(h, s->data + at, n);
          wl(b, "data T%u %zu %s\n", id, at, h);
        }
    }
  }
  for (unsigned l = 0; l < d->levels; l++) {
    const sf_level *lv = &s->levels[l];
    for (unsigned sl = 0; sl < level_slices(s, l); sl++)
      for (unsigned ty = 0; ty < lv->tiles_y; ty++)
        for (unsigned tx = 0; tx < lv->tiles_x; tx++) {
          size_t i = lv->null_offset + ((size_t)sl * lv->tiles_y + ty) * lv->tiles_x + tx;
          if (i < s->null_size && s->null_map[i]) wl(b, "null T%u %u %u %u %u\n", id, l, sl, tx * SF_NULL_TILE, ty * SF_NULL_TILE);
        }
  }
}

static sf_code w_sampler(sf_buf *b, unsigned id, const sf_sampler *sp, sf_status *st) {
  if (sp->min_filter > SF_FILTER_LINEAR || sp->mag_filter > SF_FILTER_LINEAR || sp->mip_filter > SF_MIP_LINEAR ||
      sp->addr[0] >= SF_ADDR_COUNT || sp->addr[1] >= SF_ADDR_COUNT || sp->addr[2] >= SF_ADDR_COUNT ||
      sp->compare > SF_CMP_ALWAYS || sp->lod_bias < -4096 || sp->lod_bias > 4095 || sp->min_lod > 4095 || sp->max_lod > 4095)
    return sf_fail(st, SF_ERR_INVALID, "textcase write: sampler S%u has a field outside its range (sf_sampler_check)", id);
  char bc[4][24];
  for (unsigned c = 0; c < 4; c++) float_text(sf_f2u(sp->border[c]), bc[c], sizeof bc[c]);
  wl(b, "sampler S%u min=%s mag=%s mip=%s addr=%s,%s,%s border=%s,%s,%s,%s bias=%.9g minlod=%.9g maxlod=%.9g cmp=%s%s%s%s%s\n", id,
     sf_filter_names[sp->min_filter], sf_filter_names[sp->mag_filter], sf_mip_names[sp->mip_filter],
     sf_addr_names[sp->addr[0]], sf_addr_names[sp->addr[1]], sf_addr_names[sp->addr[2]], bc[0], bc[1], bc[2], bc[3],
     sp->lod_bias / 256.0, sp->min_lod / 256.0, sp->max_lod / 256.0, sf_cmp_names[sp->compare],
     sp->avs_shuffle ? " avs_shuffle" : "", sp->avs_adaptive ? " avs_adaptive" : "", sp->avs_ief ? " avs_ief" : "",
     sp->avs_8tap_all ? " avs_8tap_all" : "");
  sf_sampler def;
  sf_sampler_default(&def);
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    const int8_t *l = sp->avs_luma[p], *c = sp->avs_chroma[p];
    if (memcmp(l, def.avs_luma[p], SF_AVS_LUMA_TAPS))
      wl(b, "avs S%u luma %u %d %d %d %d %d %d %d %d\n", id, p, l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7]);
    if (memcmp(c, def.avs_chroma[p], SF_AVS_CHROMA_TAPS)) wl(b, "avs S%u chroma %u %d %d %d %d\n", id, p, c[0], c[1], c[2], c[3]);
  }
  return SF_OK;
}

static sf_code w_var(sf_buf *b, const sf_var *v, sf_status *st) {
  if (v->type == SF_VT_V || v->type == SF_VT_VF || v->type == SF_VT_UV || !sf_vtype_name(v->type))
    return sf_fail(st, SF_UNSUPPORTED, "textcase write: variable V%u of type %s: the case text declares no packed-vector variable "
                   "(oracles/sampler/textcase_write.c)", v->id, sf_vtype_name(v->type) ? sf_vtype_name(v->type) : "?");
  unsigned esz = sf_vtype_size(v->type), nel = v->size / esz;
  wl(b, "var V%u %s %u\n", v->id, sf_vtype_name(v->type), v->size);
  for (unsigned e = 0; e < nel; e += TW_SET_CHUNK) {
    unsigned n = nel - e < TW_SET_CHUNK ? nel - e : TW_SET_CHUNK;
    if (all_zero(v->bytes + (size_t)e * esz, (size_t)n * esz)) continue;
    wl(b, "set V%u %u", v->id, e);
    for (unsigned k = 0; k < n; k++) {
      uint64_t bits = 0;
      const uint8_t *p = v->bytes + (size_t)(e + k) * esz;
      for (unsigned i = 0; i < esz; i++) bits |= (uint64_t)p[i] << (8 * i);
      char t[40];
      elem_text(v->type, bits, t, sizeof t);
      wl(b, " %s", t);
    }
    wl(b, "\n");
  }
  size_t tail = (size_t)nel * esz;  /* bytes past the last whole element */
  if (tail < v->size && !all_zero(v->bytes + tail, v->size - tail)) {
    char h[2 * 8 + 1];
    hex(h, v->bytes + tail, v->size - tail);
    wl(b, "raw V%u %zu %s\n", v->id, tail, h);
  }
  return SF_OK;
}

static void w_row(sf_buf *b, const char *name, const char *lane, const uint32_t r[4]) {
  char t[4][24];
  for (unsigned c = 0; c < 4; c++) float_text(r[c], t[c], sizeof t[c]);
  wl(b, "reg %s %s %s %s %s %s\n", name, lane, t[0], t[1], t[2], t[3]);
}

/* One D3D register of the quad: `*` when the four lanes hold the same row, else a line per lane. */
static void w_quad_reg(sf_buf *b, const char *name, const uint32_t *l0, const uint32_t *l1, const uint32_t *l2, const uint32_t *l3) {
  const uint32_t *lanes[4] = {l0, l1, l2, l3};
  bool same = !memcmp(l0, l1, 16) && !memcmp(l0, l2, 16) && !memcmp(l0, l3, 16);
  if (same) {
    if (!all_zero((const uint8_t *)l0, 16)) w_row(b, name, "*", l0);
    return;
  }
  for (unsigned l = 0; l < 4; l++)
    if (!all_zero((const uint8_t *)lanes[l], 16)) w_row(b, name, l == 0 ? "0" : l == 1 ? "1" : l == 2 ? "2" : "3", lanes[l]);
}

static void w_d3d(sf_buf *b, const sf_d3d_regs *q) {
  char name[32];
  for (unsigned i = 0; i < SF_D3D_MAX_TEMPS; i++) {
    snprintf(name, sizeof name, "r%u", i);
    w_quad_reg(b, name, q->r[0][i], q->r[1][i], q->r[2][i], q->r[3][i]);
  }
  for (unsigned i = 0; i < SF_D3D_MAX_INPUTS; i++) {
    snprintf(name, sizeof name, "v%u", i);
    w_quad_reg(b, name, q->v[0][i], q->v[1][i], q->v[2][i], q->v[3][i]);
  }
  for (unsigned i = 0; i < SF_D3D_MAX_OUTPUTS; i++) {
    snprintf(name, sizeof name, "o%u", i);
    w_quad_reg(b, name, q->o[0][i], q->o[1][i], q->o[2][i], q->o[3][i]);
  }
  for (unsigned a = 0; a < SF_D3D_MAX_XARR; a++)
    for (unsigned i = 0; i < SF_D3D_MAX_XVEC; i++) {
      snprintf(name, sizeof name, "x%u[%u]", a, i);
      w_quad_reg(b, name, q->x[0][a][i], q->x[1][a][i], q->x[2][a][i], q->x[3][a][i]);
    }
  for (unsigned c = 0; c < SF_D3D_MAX_CB; c++)
    for (unsigned i = 0; i < SF_D3D_MAX_CB_VEC; i++) {
      snprintf(name, sizeof name, "cb%u[%u]", c, i);
      if (!all_zero((const uint8_t *)q->cb[c][i], 16)) w_row(b, name, "*", q->cb[c][i]);
    }
}

sf_code sf_textcase_write(const sf_state *s, const sf_inst *in, sf_buf *b, sf_status *st) {
  if (!s || !in || !b) return sf_fail(st, SF_ERR_INVALID, "textcase write: NULL argument");
  for (unsigned a = 0; a < SF_MAX_ADDRS; a++)
    for (unsigned i = 0; i < 16; i++)
      if (s->addrs[a][i])
        return sf_fail(st, SF_UNSUPPORTED, "textcase write: address register A%u holds values; the case text has no "
                       "address registers (oracles/sampler/textcase_write.c)", a);
  size_t start = b->len;
  wl(b, "# written by samplefuzz (docs/case-text.md); run with: samplefuzz run FILE\n");
  const void *surf[SF_MAX_SURFACES], *samp[SF_MAX_SAMPLERS];
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++) surf[i] = s->surfaces[i];
  for (unsigned i = 0; i < SF_MAX_SAMPLERS; i++) samp[i] = s->samplers[i];
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++)
    if (surf[i] && first_slot(surf, SF_MAX_SURFACES, surf[i]) == i) w_surface(b, i, s->surfaces[i]);
  w_binds(b, 'T', surf, SF_MAX_SURFACES);
  for (unsigned i = 0; i < SF_MAX_SAMPLERS; i++)
    if (samp[i] && first_slot(samp, SF_MAX_SAMPLERS, samp[i]) == i) {
      sf_code rc = w_sampler(b, i, s->samplers[i], st);
      if (rc != SF_OK) return rc;
    }
  w_binds(b, 'S', samp, SF_MAX_SAMPLERS);
  wl(b, "grf %u\ndmask 0x%08" PRIx32 "\n", s->grf_bytes, s->dmask);
  for (unsigned p = 0; p < SF_MAX_PREDS; p++)
    if (s->preds[p]) wl(b, "pred P%u 0x%08" PRIx32 "\n", p, s->preds[p]);
  for (unsigned i = 0; i < s->nvars && i < SF_MAX_VARS; i++) {
    sf_code rc = w_var(b, &s->vars[i], st);
    if (rc != SF_OK) return rc;
  }
  if (s->d3d.live != 0xF) wl(b, "live 0x%x\n", (unsigned)s->d3d.live);
  w_d3d(b, &s->d3d);
  char text[SF_D3DASM_MAX_INST_TEXT];
  sf_status ps;
  sf_status_clear(&ps);
  sf_code rc = in->family == SF_FAMILY_D3D ? sf_d3dasm_print_inst(&in->d3d, text, sizeof text, &ps)
                                           : sf_visa_print(in, NULL, text, sizeof text, &ps);
  if (rc != SF_OK) return sf_fail(st, rc, "textcase write: the instruction does not print: %s", ps.msg);
  wl(b, "%s %s\n", in->family == SF_FAMILY_D3D ? "d3d" : "inst", text);
  if (b->failed) return sf_fail(st, sf_buf_code(b), "textcase write: the output buffer failed after %zu bytes", b->len);
  if (b->len - start > SF_TEXTCASE_MAX_BYTES)
    return sf_fail(st, SF_ERR_LIMIT, "textcase write: %zu bytes of case text pass the reader's %u", b->len - start, SF_TEXTCASE_MAX_BYTES);
  return SF_OK;
}
