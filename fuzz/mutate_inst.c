/* fuzz/mutate_inst.c — structure-aware mutation engine for the instruction targets (* docs/fuzzing.md). See fuzz/mutate_inst.h.
 *
 * Field values are "interesting" rather than uniform: a field's boundaries, its valid neighbours
 * (value +- 1), the first reserved value past the valid range, and a uniform pick in range. The
 * field ranges follow include/samplefuzz/inst.h (vISA: docs/visa-binary.md; D3D:
 * docs/dxbc.md). Out-of-range picks are deliberate: the encoder either refuses them
 * (the caller then falls back to byte mutation) or writes a reserved encoding the decoder must
 * refuse with a status. Bounded: no loops depend on the input beyond the codecs' own caps. */
#include "mutate_inst.h"

#include <string.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/status.h"
#include "samplefuzz/visa.h"

#define SF_MUT_COUNT(a) (sizeof(a) / sizeof((a)[0]))
#define SF_MUT_TEXT_MAX 4096u

uint32_t sf_mut_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static uint32_t sf_mut_below(uint64_t *s, uint32_t n) { return n ? sf_mut_rand(s) % n : 0; }

/* An interesting value for a field whose valid range is [lo, hi] and that can hold up to max. */
static uint32_t sf_mut_pick(uint64_t *s, uint32_t cur, uint32_t lo, uint32_t hi, uint32_t max) {
  switch (sf_mut_below(s, 7)) {
    case 0: return lo;
    case 1: return hi;
    case 2: return hi < max ? hi + 1 : max;          /* first reserved value */
    case 3: return cur < max ? cur + 1 : lo;         /* neighbours */
    case 4: return cur > 0 ? cur - 1 : hi;
    case 5: return max ? sf_mut_below(s, max) + (sf_mut_below(s, 2) ? 1u : 0u) : 0; /* anywhere */
    default: return lo + sf_mut_below(s, hi - lo + 1);
  }
}

static const uint32_t sf_mut_f32[] = {0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x3f000000u,
                                      0x7f800000u, 0xff800000u, 0x7fc00000u, 0x7f7fffffu, 0x00000001u,
                                      0x00800000u, 0x3effffffu, 0x41000000u, 0x4b000000u};
static const uint32_t sf_mut_u32[] = {0u, 1u, 2u, 3u, 4u, 7u, 8u, 15u, 16u, 31u, 32u, 33u, 255u, 256u,
                                      0x7fffu, 0x8000u, 0xffffu, 0x10000u, 0x7fffffffu, 0x80000000u,
                                      0xfffffffeu, 0xffffffffu};

static uint32_t sf_mut_word(uint64_t *s, uint32_t cur) {
  switch (sf_mut_below(s, 4)) {
    case 0: return sf_mut_f32[sf_mut_below(s, SF_MUT_COUNT(sf_mut_f32))];
    case 1: return sf_mut_u32[sf_mut_below(s, SF_MUT_COUNT(sf_mut_u32))];
    case 2: return cur ^ (1u << sf_mut_below(s, 32));
    default: return cur + (sf_mut_below(s, 2) ? 1u : 0xffffffffu);
  }
}

/* ---- vISA ---------------------------------------------------------------------------------------- */

static void sf_mut_vopnd(sf_vopnd *o, uint64_t *s) {
  switch (sf_mut_below(s, 12)) {
    case 0: o->cls = (uint8_t)sf_mut_pick(s, o->cls, 0, 5, 7); break;
    case 1: o->mod = (uint8_t)sf_mut_pick(s, o->mod, 0, 5, 7); break;
    case 2: o->tag_hi = (uint8_t)sf_mut_below(s, 4); break;
    case 3: o->type = (uint8_t)sf_mut_pick(s, o->type, 0, 15, 255); break;
    case 4: o->id = sf_mut_word(s, o->id) & (sf_mut_below(s, 2) ? 0xffffu : 0xffffffffu); break;
    case 5: o->row_off = (uint8_t)sf_mut_pick(s, o->row_off, 0, 127, 255); break;
    case 6: o->col_off = (uint8_t)sf_mut_pick(s, o->col_off, 0, 31, 255); break;
    case 7: {
      uint8_t *f[3] = {&o->region.vstride, &o->region.width, &o->region.hstride};
      uint8_t *p = f[sf_mut_below(s, 3)];
      *p = (uint8_t)sf_mut_pick(s, *p, 0, 6, 15);
      break;
    }
    case 8: o->imm = (o->imm & ~0xffffffffull) | sf_mut_word(s, (uint32_t)o->imm); break;
    case 9: o->imm_off = (int16_t)sf_mut_pick(s, (uint16_t)o->imm_off, 0, 511, 0xffff); break;
    case 10: o->addr_off = (uint8_t)sf_mut_pick(s, o->addr_off, 0, 15, 255); break;
    default: o->state_cls = (uint8_t)sf_mut_pick(s, o->state_cls, 0, 2, 255); break;
  }
}

static void sf_mut_raw(sf_raw *r, uint64_t *s) {
  if (sf_mut_below(s, 2)) r->id = sf_mut_word(s, r->id) & 0xffffu;
  else r->off = (uint16_t)sf_mut_pick(s, r->off, 0, 32 * 127, 0xffff);
}

static const uint8_t sf_mut_s3d_ops[] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a,
                                         0x0b, 0x0c, 0x0d, 0x10, 0x14, 0x18, 0x19, 0x1a, 0x1b, 0x1f, 0x20,
                                         0x21, 0x22, 0x23, 0x24, 0x25, 0x26, 0x27, 0x3f, 0xff};

static void sf_mut_s3d(sf_sample_3d *x, uint64_t *s) {
  switch (sf_mut_below(s, 17)) {
    case 0: case 1: x->op = sf_mut_s3d_ops[sf_mut_below(s, SF_MUT_COUNT(sf_mut_s3d_ops))]; break;
    case 2: x->exec_size = (uint8_t)sf_mut_pick(s, x->exec_size, 0, 5, 15); break;
    case 3: x->emask = (uint8_t)sf_mut_pick(s, x->emask, 0, 15, 15); break;
    case 4: x->chan_mask = (uint8_t)sf_mut_pick(s, x->chan_mask, 0, 15, 15); break;
    case 5: x->pixel_null_mask = !x->pixel_null_mask; break;
    case 6: x->cps = !x->cps; break;
    case 7: x->divs = !x->divs; break;
    case 8: x->sampler = (uint8_t)sf_mut_pick(s, x->sampler, 0, 31, 255); break;
    case 9: x->surface = (uint8_t)sf_mut_pick(s, x->surface, 0, 15, 255); break;
    case 10: x->num_params = (uint8_t)sf_mut_pick(s, x->num_params, 1, SF_S3D_MAX_PARAMS, SF_S3D_MAX_PARAMS); break;
    case 11: case 12: sf_mut_raw(&x->params[sf_mut_below(s, SF_S3D_MAX_PARAMS)], s); break;
    case 13: sf_mut_raw(&x->dst, s); break;
    case 14:
      switch (sf_mut_below(s, 4)) {
        case 0: x->pred.ctrl = (uint8_t)sf_mut_pick(s, x->pred.ctrl, 0, 2, 3); break;
        case 1: x->pred.id = (uint16_t)sf_mut_pick(s, x->pred.id, 0, 3, 0x0fff); break;
        case 2: x->pred.invert = !x->pred.invert; break;
        default: x->pred.rsvd = !x->pred.rsvd; break;
      }
      break;
    case 15: x->op_hi = (uint8_t)sf_mut_below(s, 32); break;
    default: sf_mut_vopnd(&x->aoffimmi, s); break;
  }
}

static void sf_mut_unorm(sf_sample_unorm *x, uint64_t *s) {
  sf_vopnd *ops[4] = {&x->u, &x->v, &x->du, &x->dv};
  switch (sf_mut_below(s, 8)) {
    case 0: x->chan_mask = (uint8_t)sf_mut_pick(s, x->chan_mask, 0, 15, 15); break;
    case 1: x->out_fmt = (uint8_t)sf_mut_pick(s, x->out_fmt, 0, 3, 3); break;
    case 2: x->chan_hi = (uint8_t)sf_mut_below(s, 4); break;
    case 3: x->sampler = (uint8_t)sf_mut_pick(s, x->sampler, 0, 31, 255); break;
    case 4: x->surface = (uint8_t)sf_mut_pick(s, x->surface, 0, 15, 255); break;
    case 5: sf_mut_raw(&x->dst, s); break;
    default: sf_mut_vopnd(ops[sf_mut_below(s, 4)], s); break;
  }
}

static void sf_mut_avs(sf_avs *x, uint64_t *s) {
  sf_vopnd *ops[9] = {&x->u_off, &x->v_off, &x->du, &x->dv, &x->u2d, &x->group_id, &x->vbn, &x->v2d, &x->ief_bypass};
  switch (sf_mut_below(s, 11)) {
    case 0: x->chan_mask = (uint8_t)sf_mut_pick(s, x->chan_mask, 0, 15, 15); break;
    case 1: x->chan_hi = (uint8_t)sf_mut_below(s, 16); break;
    case 2: x->cntrl = (uint8_t)sf_mut_pick(s, x->cntrl, 0, 3, 15); break;
    case 3: x->cntrl_hi = (uint8_t)sf_mut_below(s, 16); break;
    case 4: x->exec_mode = (uint8_t)sf_mut_pick(s, x->exec_mode, 0, 3, 15); break;
    case 5: x->exec_mode_hi = (uint8_t)sf_mut_below(s, 16); break;
    case 6: x->sampler = (uint8_t)sf_mut_pick(s, x->sampler, 0, 31, 255); break;
    case 7: x->surface = (uint8_t)sf_mut_pick(s, x->surface, 0, 15, 255); break;
    case 8: sf_mut_raw(&x->dst, s); break;
    default: sf_mut_vopnd(ops[sf_mut_below(s, 9)], s); break;
  }
}

/* ---- D3D ----------------------------------------------------------------------------------------- */

static const uint8_t sf_mut_d3d_ops[] = {SF_D3D_SAMPLE, SF_D3D_SAMPLE_C, SF_D3D_SAMPLE_C_LZ, SF_D3D_SAMPLE_L,
                                         SF_D3D_SAMPLE_D, SF_D3D_SAMPLE_B, 0x44, 0x4b, 0x6d, 0x6e, 0x8f, 0xff};
static const uint8_t sf_mut_d3d_types[] = {SF_D3D_OT_TEMP, SF_D3D_OT_INPUT, SF_D3D_OT_OUTPUT,
                                           SF_D3D_OT_INDEXABLE_TEMP, SF_D3D_OT_IMM32, SF_D3D_OT_IMM64,
                                           SF_D3D_OT_SAMPLER, SF_D3D_OT_RESOURCE, SF_D3D_OT_CONSTANT_BUFFER,
                                           SF_D3D_OT_IMM_CONSTANT_BUFFER, SF_D3D_OT_NULL, 10, 12, 14, 0xff};

static void sf_mut_d3d_opnd(sf_d3d_opnd *o, uint64_t *s) {
  switch (sf_mut_below(s, 12)) {
    case 0: case 1: o->type = sf_mut_d3d_types[sf_mut_below(s, SF_MUT_COUNT(sf_mut_d3d_types))]; break;
    case 2: o->num_comp = (uint8_t)sf_mut_below(s, 4); break;
    case 3: o->sel_mode = (uint8_t)sf_mut_pick(s, o->sel_mode, 0, 2, 3); break;
    case 4: {
      static const uint8_t comps[] = {0x00, 0x01, 0x03, 0x07, 0x0f, 0x08, 0xe4, 0x1b, 0x00, 0x55, 0xaa, 0xff};
      o->comp_bits = sf_mut_below(s, 2) ? comps[sf_mut_below(s, SF_MUT_COUNT(comps))]
                                         : (uint8_t)(o->comp_bits ^ (1u << sf_mut_below(s, 8)));
      break;
    }
    case 5: o->index_dim = (uint8_t)sf_mut_pick(s, o->index_dim, 0, 3, 3); break;
    case 6: case 7: {
      sf_d3d_index *ix = &o->idx[sf_mut_below(s, 3)];
      switch (sf_mut_below(s, 4)) {
        case 0: ix->rep = (uint8_t)sf_mut_pick(s, ix->rep, 0, 4, 7); break;
        case 1: ix->imm = sf_mut_word(s, (uint32_t)ix->imm); break;
        case 2: ix->rel.type = sf_mut_d3d_types[sf_mut_below(s, SF_MUT_COUNT(sf_mut_d3d_types))]; break;
        default: ix->rel.comp_bits = (uint8_t)sf_mut_below(s, 256); break;
      }
      break;
    }
    case 8: o->extended = !o->extended; break;
    case 9: o->modifier = (uint8_t)sf_mut_pick(s, o->modifier, 0, 3, 3); break;
    case 10: if (sf_mut_below(s, 2)) o->min_precision = (uint8_t)sf_mut_pick(s, o->min_precision, 0, 5, 7);
             else o->nonuniform = !o->nonuniform;
             break;
    default: {
      unsigned k = sf_mut_below(s, 4);
      o->imm[k] = sf_mut_word(s, o->imm[k]);
      break;
    }
  }
}

void sf_mut_d3d(sf_d3d_inst *d, uint64_t *s) {
  switch (sf_mut_below(s, 16)) {
    case 0: d->op = sf_mut_d3d_ops[sf_mut_below(s, SF_MUT_COUNT(sf_mut_d3d_ops))]; break;
    case 1: d->sat = !d->sat; break;
    case 2: d->has_aoffimmi = !d->has_aoffimmi; break;
    case 3: {
      static const int8_t offs[] = {-8, -7, -1, 0, 1, 6, 7};
      d->has_aoffimmi = true;
      d->aoffimmi[sf_mut_below(s, 3)] = offs[sf_mut_below(s, SF_MUT_COUNT(offs))];
      break;
    }
    case 4: d->has_resdim = !d->has_resdim; break;
    case 5: d->resdim = (uint8_t)sf_mut_pick(s, d->resdim, 0, SF_D3D_DIM_TEXCUBEARRAY, 31);
            if (sf_mut_below(s, 2)) d->has_resdim = true;
            break;
    case 6: d->resdim_stride = (uint16_t)sf_mut_pick(s, d->resdim_stride, 0, 2048, 0xffff); break;
    case 7: d->has_rettype = !d->has_rettype; break;
    case 8: d->rettype[sf_mut_below(s, 4)] = (uint8_t)sf_mut_pick(s, 5, 1, 9, 15); break;
    case 9: {
      static const uint8_t orders[][3] = {{0, 0, 0}, {1, 2, 3}, {3, 2, 1}, {2, 1, 3}, {1, 3, 2}, {2, 3, 1}, {3, 1, 2}};
      memcpy(d->ext_order, orders[sf_mut_below(s, SF_MUT_COUNT(orders))], 3);
      break;
    }
    case 10: d->num_src = (uint8_t)sf_mut_pick(s, d->num_src, 3, SF_D3D_MAX_SRC, SF_D3D_MAX_SRC); break;
    case 11: d->precise = (uint8_t)sf_mut_pick(s, d->precise, 0, 15, 15); break;
    case 12: sf_mut_d3d_opnd(&d->dst, s); break;
    default: sf_mut_d3d_opnd(&d->src[sf_mut_below(s, SF_D3D_MAX_SRC)], s); break;
  }
}

void sf_mut_inst(sf_inst *in, uint64_t *s) {
  switch (in->family) {
    case SF_FAMILY_SAMPLE_3D: sf_mut_s3d(&in->s3d, s); break;
    case SF_FAMILY_SAMPLE_UNORM: sf_mut_unorm(&in->unorm, s); break;
    case SF_FAMILY_AVS: sf_mut_avs(&in->avs, s); break;
    case SF_FAMILY_D3D: sf_mut_d3d(&in->d3d, s); break;
    default: break;
  }
}

/* ---- Formats ------------------------------------------------------------------------------------- */

sf_mut_format sf_mut_format_from_name(const char *name) {
  static const struct { const char *name; sf_mut_format fmt; } names[] = {
      {"visa_bin", SF_MUT_VISA_BIN}, {"visa_text", SF_MUT_VISA_TEXT}, {"dxbc", SF_MUT_DXBC}, {"d3dasm", SF_MUT_D3DASM}};
  if (!name) return SF_MUT_NONE;
  for (size_t i = 0; i < SF_MUT_COUNT(names); i++) {
    size_t n = strlen(names[i].name);
    if (strncmp(name, names[i].name, n) == 0 && (name[n] == 0 || strcmp(name + n, "_fuzzer") == 0))
      return names[i].fmt;
  }
  return SF_MUT_NONE;
}

static unsigned sf_mut_rounds(uint64_t *s) { return sf_mut_below(s, 4) == 0 ? 2u : 1u; }

static size_t sf_mut_emit(const void *p, size_t len, uint8_t *out, size_t max) {
  if (len == 0 || len > max) return 0;
  memmove(out, p, len);
  return len;
}

static size_t sf_mut_textlen(const char *t, size_t cap) {
  const char *z = memchr(t, 0, cap);
  return z ? (size_t)(z - t) : 0;
}

static size_t sf_mut_visa_bin(const uint8_t *data, size_t size, uint8_t *out, size_t max, uint64_t *s) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  size_t used = 0;
  sf_status st;
  sf_status_clear(&st);
  if (sf_visa_decode(data, size, 0, &in, &used, &st) != SF_OK) return 0;
  for (unsigned i = sf_mut_rounds(s); i > 0; i--) sf_mut_inst(&in, s);
  sf_buf b;
  sf_buf_init(&b, &st);
  b.limit = max;
  size_t len = 0;
  if (sf_visa_encode(&in, &b, &st) == SF_OK && !b.failed) len = sf_mut_emit(b.data, b.len, out, max);
  sf_buf_free(&b);
  return len;
}

static size_t sf_mut_visa_text(const uint8_t *data, size_t size, uint8_t *out, size_t max, uint64_t *s) {
  if (size > SF_MUT_TEXT_MAX) size = SF_MUT_TEXT_MAX;
  sf_inst in;
  memset(&in, 0, sizeof in);
  sf_status st;
  sf_status_clear(&st);
  if (sf_visa_parse((const char *)data, size, NULL, &in, &st) != SF_OK) return 0;
  for (unsigned i = sf_mut_rounds(s); i > 0; i--) sf_mut_inst(&in, s);
  char text[SF_MUT_TEXT_MAX];
  if (sf_visa_print(&in, NULL, text, sizeof text, &st) != SF_OK) return 0;
  return sf_mut_emit(text, sf_mut_textlen(text, sizeof text), out, max);
}

static size_t sf_mut_d3dasm(const uint8_t *data, size_t size, uint8_t *out, size_t max, uint64_t *s) {
  if (size > SF_MUT_TEXT_MAX) size = SF_MUT_TEXT_MAX;
  sf_d3d_inst d;
  memset(&d, 0, sizeof d);
  sf_status st;
  sf_status_clear(&st);
  if (sf_d3dasm_parse_inst((const char *)data, size, 1, &d, &st) != SF_OK) return 0;
  for (unsigned i = sf_mut_rounds(s); i > 0; i--) sf_mut_d3d(&d, s);
  char text[SF_MUT_TEXT_MAX];
  if (sf_d3dasm_print_inst(&d, text, sizeof text, &st) != SF_OK) return 0;
  return sf_mut_emit(text, sf_mut_textlen(text, sizeof text), out, max);
}

/* Mutates one sample instruction of a decoded program (chosen at random); false if it has none. */
static bool sf_mut_program(sf_tpf_program *p, uint64_t *s) {
  size_t nsample = 0;
  for (size_t i = 0; i < p->count; i++) nsample += p->items[i].kind == SF_TPF_ITEM_SAMPLE;
  if (nsample == 0) return false;
  size_t pick = sf_mut_below(s, (uint32_t)(nsample > 0xffffffffu ? 0xffffffffu : nsample));
  for (size_t i = 0; i < p->count; i++) {
    if (p->items[i].kind != SF_TPF_ITEM_SAMPLE) continue;
    if (pick-- == 0) {
      for (unsigned r = sf_mut_rounds(s); r > 0; r--) sf_mut_d3d(p->items[i].inst, s);
      return true;
    }
  }
  return false;
}

/* Decodes a SHDR/SHEX body, mutates it, and appends the re-encoded body to b. */
static bool sf_mut_program_bytes(const uint8_t *data, size_t size, sf_buf *b, uint64_t *s) {
  sf_status st;
  sf_status_clear(&st);
  sf_tpf_program p;
  sf_tpf_program_init(&p, 0);
  bool ok = sf_tpf_program_decode(data, size, &p, &st) == SF_OK && sf_mut_program(&p, s) &&
            sf_tpf_program_encode(&p, b, &st) == SF_OK && !b->failed;
  sf_tpf_program_free(&p);
  return ok;
}

static size_t sf_mut_dxbc(const uint8_t *data, size_t size, uint8_t *out, size_t max, uint64_t *s) {
  sf_status st;
  sf_status_clear(&st);
  size_t len = 0;
  if (size >= 4 && sf_le32(data) == SF_DXBC_MAGIC) {
    /* Container: mutate the program chunk, then rewrite every chunk (fresh offsets and checksum). */
    sf_dxbc c;
    memset(&c, 0, sizeof c);
    if (sf_dxbc_read(data, size, &c, &st) == SF_OK && c.nchunks > 0 && c.nchunks <= 64) {
      sf_dxbc_chunk chunks[64];
      memcpy(chunks, c.chunks, c.nchunks * sizeof chunks[0]);
      size_t prog = c.nchunks;
      for (size_t i = 0; i < c.nchunks && prog == c.nchunks; i++)
        if (chunks[i].fourcc == SF_DXBC_SHDR || chunks[i].fourcc == SF_DXBC_SHEX) prog = i;
      sf_buf body;
      sf_buf_init(&body, &st);
      body.limit = max;
      if (prog < c.nchunks && sf_mut_program_bytes(chunks[prog].data, chunks[prog].size, &body, s)) {
        chunks[prog].data = body.data;
        chunks[prog].size = (uint32_t)body.len;
        sf_buf whole;
        sf_buf_init(&whole, &st);
        whole.limit = max;
        if (sf_dxbc_write(chunks, c.nchunks, &whole, &st) == SF_OK && !whole.failed)
          len = sf_mut_emit(whole.data, whole.len, out, max);
        sf_buf_free(&whole);
      }
      sf_buf_free(&body);
    }
    sf_dxbc_free(&c);
    return len;
  }
  if (size >= 8 && size % 4 == 0 && (uint64_t)sf_le32(data + 4) * 4 == size) {
    sf_buf body;
    sf_buf_init(&body, &st);
    body.limit = max;
    if (sf_mut_program_bytes(data, size, &body, s)) len = sf_mut_emit(body.data, body.len, out, max);
    sf_buf_free(&body);
    return len;
  }
  /* One instruction's tokens. */
  uint32_t tok[SF_TPF_MAX_INST_LEN];
  size_t ntok = size / 4 < SF_TPF_MAX_INST_LEN ? size / 4 : SF_TPF_MAX_INST_LEN;
  for (size_t i = 0; i < ntok; i++) tok[i] = sf_le32(data + 4 * i);
  sf_d3d_inst d;
  memset(&d, 0, sizeof d);
  size_t used = 0;
  if (ntok == 0 || sf_tpf_decode_inst(tok, ntok, 0, &d, &used, &st) != SF_OK) return 0;
  for (unsigned r = sf_mut_rounds(s); r > 0; r--) sf_mut_d3d(&d, s);
  size_t n = 0;
  if (sf_tpf_encode_inst(&d, tok, &n, &st) != SF_OK || n == 0 || n > SF_TPF_MAX_INST_LEN) return 0;
  uint8_t bytes[4 * SF_TPF_MAX_INST_LEN];
  for (size_t i = 0; i < n; i++) {
    bytes[4 * i] = (uint8_t)tok[i];
    bytes[4 * i + 1] = (uint8_t)(tok[i] >> 8);
    bytes[4 * i + 2] = (uint8_t)(tok[i] >> 16);
    bytes[4 * i + 3] = (uint8_t)(tok[i] >> 24);
  }
  return sf_mut_emit(bytes, 4 * n, out, max);
}

size_t sf_mut_structured(sf_mut_format fmt, const uint8_t *data, size_t size, uint8_t *out, size_t max,
                         uint64_t seed) {
  if (!data || !out || size == 0 || max == 0) return 0;
  uint64_t s = seed;
  switch (fmt) {
    case SF_MUT_VISA_BIN: return sf_mut_visa_bin(data, size, out, max, &s);
    case SF_MUT_VISA_TEXT: return sf_mut_visa_text(data, size, out, max, &s);
    case SF_MUT_DXBC: return sf_mut_dxbc(data, size, out, max, &s);
    case SF_MUT_D3DASM: return sf_mut_d3dasm(data, size, out, max, &s);
    default: return 0;
  }
}
