/* dxbc_container.c — the DXBC container: reader/validator, writer, the modified-MD5 checksum,
 * signature chunks, and the wrapper that turns one sample instruction into a minimal valid pixel
 * shader.
 *
 * Follows docs/dxbc.md (header, chunk table, §1.1 ISGN/OSGN, §1.2 checksum) and
 * §2.4 (the declarations a minimal pixel shader needs). The MD5 compression function is written
 * here from RFC 1321 (constants T[i] = floor(2^32 * |sin(i + 1)|), hard-coded); only the final
 * padding differs from standard MD5. */
#include "samplefuzz/dxbc.h"

#include <stdlib.h>
#include <string.h>

/* ---- Checksum (§1.2) ----------------------------------------------------------------------- */

static const uint32_t md5_t[64] = {
    0xd76aa478u, 0xe8c7b756u, 0x242070dbu, 0xc1bdceeeu, 0xf57c0fafu, 0x4787c62au, 0xa8304613u, 0xfd469501u,
    0x698098d8u, 0x8b44f7afu, 0xffff5bb1u, 0x895cd7beu, 0x6b901122u, 0xfd987193u, 0xa679438eu, 0x49b40821u,
    0xf61e2562u, 0xc040b340u, 0x265e5a51u, 0xe9b6c7aau, 0xd62f105du, 0x02441453u, 0xd8a1e681u, 0xe7d3fbc8u,
    0x21e1cde6u, 0xc33707d6u, 0xf4d50d87u, 0x455a14edu, 0xa9e3e905u, 0xfcefa3f8u, 0x676f02d9u, 0x8d2a4c8au,
    0xfffa3942u, 0x8771f681u, 0x6d9d6122u, 0xfde5380cu, 0xa4beea44u, 0x4bdecfa9u, 0xf6bb4b60u, 0xbebfbc70u,
    0x289b7ec6u, 0xeaa127fau, 0xd4ef3085u, 0x04881d05u, 0xd9d4d039u, 0xe6db99e5u, 0x1fa27cf8u, 0xc4ac5665u,
    0xf4292244u, 0x432aff97u, 0xab9423a7u, 0xfc93a039u, 0x655b59c3u, 0x8f0ccc92u, 0xffeff47du, 0x85845dd1u,
    0x6fa87e4fu, 0xfe2ce6e0u, 0xa3014314u, 0x4e0811a1u, 0xf7537e82u, 0xbd3af235u, 0x2ad7d2bbu, 0xeb86d391u,
};
static const uint8_t md5_s[64] = {7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
                                  5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20, 5, 9,  14, 20,
                                  4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
                                  6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21};

static uint32_t rotl(uint32_t x, unsigned s) { return (x << s) | (x >> (32 - s)); }

/* SF_NO_COVERAGE: 64 fixed rounds, the same branches for every block of every input. */
SF_NO_COVERAGE static void md5_block(uint32_t h[4], const uint8_t blk[64]) {
  uint32_t m[16];
  for (unsigned i = 0; i < 16; i++) m[i] = sf_le32(blk + 4 * i);
  uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
  for (unsigned i = 0; i < 64; i++) {
    uint32_t f;
    unsigned g;
    if (i < 16) {
      f = (b & c) | (~b & d);
      g = i;
    } else if (i < 32) {
      f = (d & b) | (~d & c);
      g = (5 * i + 1) & 15;
    } else if (i < 48) {
      f = b ^ c ^ d;
      g = (3 * i + 5) & 15;
    } else {
      f = c ^ (b | ~d);
      g = (7 * i) & 15;
    }
    uint32_t tmp = d;
    d = c;
    c = b;
    b = b + rotl(a + f + md5_t[i] + m[g], md5_s[i]);
    a = tmp;
  }
  h[0] += a;
  h[1] += b;
  h[2] += c;
  h[3] += d;
}

static void put_le32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v;
  p[1] = (uint8_t)(v >> 8);
  p[2] = (uint8_t)(v >> 16);
  p[3] = (uint8_t)(v >> 24);
}

void sf_dxbc_checksum(const uint8_t *data, size_t len, uint32_t out[4]) {
  uint32_t h[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
  const uint8_t *p = (data && len > 20) ? data + 20 : data;
  size_t n = (data && len > 20) ? len - 20 : 0;
  size_t full = n / 64 * 64, r = n - full;
  for (size_t i = 0; i < full; i += 64) md5_block(h, p + i);
  uint32_t bits = (uint32_t)(n * 8);
  uint32_t magic = (bits >> 2) | 1;
  uint8_t blk[64];
  memset(blk, 0, sizeof blk);
  if (r < 56) {
    put_le32(blk, bits);
    if (r) memcpy(blk + 4, p + full, r);
    blk[4 + r] = 0x80;
    put_le32(blk + 60, magic);
    md5_block(h, blk);
  } else {
    memcpy(blk, p + full, r);
    blk[r] = 0x80;
    md5_block(h, blk);
    memset(blk, 0, sizeof blk);
    put_le32(blk, bits);
    put_le32(blk + 60, magic);
    md5_block(h, blk);
  }
  for (unsigned i = 0; i < 4; i++) out[i] = h[i];
}

/* ---- Reader -------------------------------------------------------------------------------- */

void sf_dxbc_free(sf_dxbc *c) {
  if (!c) return;
  free(c->bytes);
  free(c->chunks);
  memset(c, 0, sizeof *c);
}

sf_code sf_dxbc_read(const uint8_t *data, size_t len, sf_dxbc *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_read: out is NULL");
  memset(out, 0, sizeof *out);
  if (!data && len) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_read: data is NULL with length %zu", len);
  if (len > SF_DXBC_MAX_SIZE)
    return sf_fail_byte(st, SF_ERR_LIMIT, 0, "container of %zu bytes exceeds the cap %u", len, SF_DXBC_MAX_SIZE);
  sf_reader r;
  sf_reader_init(&r, data, len, 0, st);
  uint32_t magic = sf_rd_u32(&r, "magic");
  if (r.failed) return SF_ERR_TRUNCATED;
  if (magic != SF_DXBC_MAGIC) {
    /* Formats outside the model get "unsupported", not "invalid": they are valid, just not ours. */
    unsigned hi = magic >> 16, major = (magic >> 8) & 0xFF, minor = magic & 0xFF;
    if ((hi == 0xFFFF || hi == 0xFFFE) && major >= 1 && major <= 3)
      return sf_fail_byte(st, SF_UNSUPPORTED, 0,
                          "a shader model %u.%u %s token stream (Direct3D 9 bytecode, no DXBC container): "
                          "samplefuzz models shader models 4 and 5",
                          major, minor, hi == 0xFFFF ? "pixel shader" : "vertex shader");
    if (magic == 0xFEFF0901u)
      return sf_fail_byte(st, SF_UNSUPPORTED, 0, "a Direct3D 9 effect (fx_2_0) binary: not modelled");
    return sf_fail_byte(st, SF_ERR_INVALID, 0, "bad magic 0x%08x (want 'DXBC')", magic);
  }
  uint32_t sum[4];
  for (unsigned i = 0; i < 4; i++) sum[i] = sf_rd_u32(&r, "checksum");
  uint32_t version = sf_rd_u32(&r, "version");
  uint32_t total = sf_rd_u32(&r, "total size");
  uint32_t n = sf_rd_u32(&r, "chunk count");
  if (r.failed) return SF_ERR_TRUNCATED;
  uint32_t want[4];
  sf_dxbc_checksum(data, len, want);
  /* All zero: an unsigned container. DXC leaves the digest zero when it does not validate the
   * shader (docs/dxbc.md §1.2); the format has no other way to say "no checksum". */
  bool zero = !(sum[0] | sum[1] | sum[2] | sum[3]);
  if (!zero && memcmp(want, sum, sizeof want) != 0)
    return sf_fail_byte(st, SF_ERR_CHECKSUM, 4, "checksum %08x %08x %08x %08x, computed %08x %08x %08x %08x", sum[0],
                        sum[1], sum[2], sum[3], want[0], want[1], want[2], want[3]);
  if (version != 1) return sf_fail_byte(st, SF_ERR_INVALID, 20, "container version 0x%08x (want 1.0)", version);
  if (total != len)
    return sf_fail_byte(st, SF_ERR_INVALID, 24, "total size field %u does not match the %zu bytes given", total, len);
  if (n > SF_DXBC_MAX_CHUNKS)
    return sf_fail_byte(st, SF_ERR_LIMIT, 28, "%u chunks exceed the cap %u", n, SF_DXBC_MAX_CHUNKS);
  size_t table_end = 32 + 4 * (size_t)n;
  if (table_end > len)
    return sf_fail_byte(st, SF_ERR_TRUNCATED, 32, "chunk table of %u entries runs past the end (%zu bytes)", n, len);
  out->bytes = malloc(len ? len : 1);
  out->chunks = calloc(n ? n : 1, sizeof *out->chunks);
  if (!out->bytes || !out->chunks) {
    sf_dxbc_free(out);
    return sf_fail(st, SF_ERR_NOMEM, "cannot copy a %zu-byte container", len);
  }
  memcpy(out->bytes, data, len);
  out->len = len;
  memcpy(out->checksum, sum, sizeof sum);
  out->zero_checksum = zero;
  for (uint32_t i = 0; i < n; i++) {
    size_t at = 32 + 4 * (size_t)i;
    uint32_t off = sf_le32(data + at);
    if (off < table_end || off > len || len - off < 8) {
      sf_dxbc_free(out);
      return sf_fail_byte(st, SF_ERR_RANGE, at, "chunk %u offset 0x%x is outside [0x%zx, 0x%zx]", i, off, table_end,
                          len >= 8 ? len - 8 : 0);
    }
    uint32_t size = sf_le32(data + off + 4);
    if (size > len - off - 8) {
      sf_dxbc_free(out);
      return sf_fail_byte(st, SF_ERR_RANGE, (uint64_t)off + 4, "chunk %u size %u runs past the end (%zu bytes left)", i,
                          size, len - off - 8);
    }
    out->chunks[i].fourcc = sf_le32(data + off);
    out->chunks[i].offset = off;
    out->chunks[i].size = size;
    out->chunks[i].data = out->bytes + off + 8;
  }
  out->nchunks = n;
  /* Overlap: compare every pair (n <= 64). */
  for (uint32_t i = 0; i < n; i++)
    for (uint32_t j = i + 1; j < n; j++) {
      uint64_t a0 = out->chunks[i].offset, a1 = a0 + 8 + out->chunks[i].size;
      uint64_t b0 = out->chunks[j].offset, b1 = b0 + 8 + out->chunks[j].size;
      if (a0 < b1 && b0 < a1) {
        sf_dxbc_free(out);
        return sf_fail_byte(st, SF_ERR_INVALID, 32 + 4 * (uint64_t)j,
                            "chunk %u [0x%llx, 0x%llx) overlaps chunk %u [0x%llx, 0x%llx)", j, (unsigned long long)b0,
                            (unsigned long long)b1, i, (unsigned long long)a0, (unsigned long long)a1);
      }
    }
  return SF_OK;
}

const sf_dxbc_chunk *sf_dxbc_find(const sf_dxbc *c, uint32_t fourcc) {
  if (!c) return NULL;
  for (uint32_t i = 0; i < c->nchunks; i++)
    if (c->chunks[i].fourcc == fourcc) return &c->chunks[i];
  return NULL;
}

sf_code sf_dxbc_program(const sf_dxbc *c, sf_tpf_program *out, sf_status *st) {
  const sf_dxbc_chunk *ch = sf_dxbc_find(c, SF_DXBC_SHEX);
  if (!ch) ch = sf_dxbc_find(c, SF_DXBC_SHDR);
  if (!ch) {
    if (out) sf_tpf_program_init(out, 0);
    /* A valid container of another kind is unsupported, with what it is; anything else is invalid. */
    if (sf_dxbc_find(c, SF_DXBC_FOURCC('D', 'X', 'I', 'L')))
      return sf_fail_byte(st, SF_UNSUPPORTED, 28, "a DXIL program (shader model 6, LLVM bitcode): samplefuzz models "
                                                  "the SM4/SM5 token format (SHDR/SHEX)");
    if (sf_dxbc_find(c, SF_DXBC_FOURCC('F', 'X', '1', '0')))
      return sf_fail_byte(st, SF_UNSUPPORTED, 28, "an effect (fx_4/fx_5, FX10 chunk): not modelled; its shaders are "
                                                  "separate containers inside it");
    if (sf_dxbc_find(c, SF_DXBC_FOURCC('R', 'T', 'S', '0')))
      return sf_fail_byte(st, SF_UNSUPPORTED, 28, "a root signature (RTS0 chunk): a container without a shader "
                                                  "program");
    return sf_fail_byte(st, SF_ERR_INVALID, 28, "container has no SHDR or SHEX chunk");
  }
  return sf_tpf_program_decode(ch->data, ch->size, out, st);
}

/* ---- Writer -------------------------------------------------------------------------------- */

sf_code sf_dxbc_write(const sf_dxbc_chunk *chunks, size_t n, sf_buf *out, sf_status *st) {
  return sf_dxbc_write_ex(chunks, n, 0, out, st);
}

sf_code sf_dxbc_write_ex(const sf_dxbc_chunk *chunks, size_t n, unsigned flags, sf_buf *out, sf_status *st) {
  if (!out || (n && !chunks)) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_write: NULL argument");
  if (flags & ~SF_DXBC_WRITE_ZERO_CHECKSUM) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_write: unknown flags 0x%x", flags);
  if (n > SF_DXBC_MAX_CHUNKS) return sf_fail(st, SF_ERR_LIMIT, "%zu chunks exceed the cap %u", n, SF_DXBC_MAX_CHUNKS);
  uint64_t total = 32 + 4 * (uint64_t)n;
  for (size_t i = 0; i < n; i++) {
    if (chunks[i].size && !chunks[i].data) return sf_fail(st, SF_ERR_INVALID, "chunk %zu has no data", i);
    total += 8 + (uint64_t)chunks[i].size;
  }
  if (total > SF_DXBC_MAX_SIZE)
    return sf_fail(st, SF_ERR_LIMIT, "container of %llu bytes exceeds the cap %u", (unsigned long long)total,
                   SF_DXBC_MAX_SIZE);
  size_t start = out->len;
  sf_wr_u32(out, SF_DXBC_MAGIC);
  for (unsigned i = 0; i < 4; i++) sf_wr_u32(out, 0);
  sf_wr_u32(out, 1);
  sf_wr_u32(out, (uint32_t)total);
  sf_wr_u32(out, (uint32_t)n);
  uint32_t off = (uint32_t)(32 + 4 * n);
  for (size_t i = 0; i < n; i++) {
    sf_wr_u32(out, off);
#if SF_CANARY == 6
    off += chunks[i].size;  /* canary 6: the offset table forgets each chunk's 8-byte header */
#else
    off += 8 + chunks[i].size;
#endif
  }
  for (size_t i = 0; i < n; i++) {
    sf_wr_u32(out, chunks[i].fourcc);
    sf_wr_u32(out, chunks[i].size);
    sf_buf_put(out, chunks[i].data, chunks[i].size);
  }
  if (out->failed) return sf_buf_code(out);
  if (flags & SF_DXBC_WRITE_ZERO_CHECKSUM) return SF_OK;
  uint32_t sum[4];
  sf_dxbc_checksum(out->data + start, out->len - start, sum);
  for (unsigned i = 0; i < 4; i++) sf_buf_patch_u32(out, start + 4 + 4 * i, sum[i]);
  return SF_OK;
}

sf_code sf_dxbc_write_signature(const sf_dxbc_sig_elem *e, size_t n, sf_buf *out, sf_status *st) {
  if (!out || (n && !e)) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_write_signature: NULL argument");
  if (n > 64) return sf_fail(st, SF_ERR_LIMIT, "%zu signature elements exceed 64", n);
  /* An ISGN/OSGN body is the 24-byte layout of the general signature writer (dxbc_sig.c), which
   * the dxbc target fuzzes; this is the short form its callers (the asm command, the D3D12 backend)
   * fill in. */
  sf_dxbc_sig sig;
  sf_dxbc_sig_init(&sig, sf_dxbc_sig_kinds[0]);
  sf_code c = SF_OK;
  for (size_t i = 0; i < n && !c; i++) {
    sf_dxbc_sig_entry x;
    memset(&x, 0, sizeof x);
    size_t len = e[i].name ? strlen(e[i].name) : 0;
    if (!e[i].name || len >= sizeof x.name) {
      c = sf_fail(st, SF_ERR_INVALID, "signature element %zu: the name is missing or longer than %zu bytes", i,
                  sizeof x.name - 1);
      break;
    }
    memcpy(x.name, e[i].name, len + 1);
    x.semantic_index = e[i].semantic_index;
    x.system_value = e[i].system_value;
    x.component_type = e[i].component_type;
    x.reg = e[i].reg;
    x.mask = e[i].mask;
    x.rw_mask = e[i].rw_mask;
    c = sf_dxbc_sig_add(&sig, &x, st);
  }
  if (!c) c = sf_dxbc_sig_encode(&sig, out, st);
  sf_dxbc_sig_free(&sig);
  return c;
}

/* ---- Minimal pixel shader around one sample instruction (§2.4) ----------------------------- */

typedef struct wrap_use {
  int max_r, max_v, max_o, max_t, max_s;   /* highest index used, -1 = none */
  int max_cb_slot;
  uint32_t cb_size[16];
  bool cb_dyn[16];
  uint32_t x_size[16];
  bool x_used[16];
} wrap_use;

static void upd(int *m, uint64_t v) {
  if ((int64_t)v > *m) *m = (int)v;
}

static sf_code use_reg(wrap_use *u, uint8_t type, uint8_t idim, const uint64_t idx[3], const bool rel[3], sf_status *st) {
  switch (type) {
    case SF_D3D_OT_TEMP: case SF_D3D_OT_INPUT: case SF_D3D_OT_OUTPUT: case SF_D3D_OT_RESOURCE: case SF_D3D_OT_SAMPLER:
      if (idim != 1 || rel[0])
        return sf_fail(st, SF_UNSUPPORTED, "wrap: operand type %u needs exactly one immediate index", type);
      if (idx[0] > 127) return sf_fail(st, SF_UNSUPPORTED, "wrap: register index %llu > 127", (unsigned long long)idx[0]);
      if (type == SF_D3D_OT_TEMP) upd(&u->max_r, idx[0]);
      if (type == SF_D3D_OT_INPUT) {
        if (idx[0] > 31) return sf_fail(st, SF_UNSUPPORTED, "wrap: input v%llu > v31", (unsigned long long)idx[0]);
        upd(&u->max_v, idx[0]);
      }
      if (type == SF_D3D_OT_OUTPUT) {
        if (idx[0] > 7) return sf_fail(st, SF_UNSUPPORTED, "wrap: output o%llu > o7", (unsigned long long)idx[0]);
        upd(&u->max_o, idx[0]);
      }
      if (type == SF_D3D_OT_RESOURCE) upd(&u->max_t, idx[0]);
      if (type == SF_D3D_OT_SAMPLER) {
        if (idx[0] > 15) return sf_fail(st, SF_UNSUPPORTED, "wrap: sampler s%llu > s15", (unsigned long long)idx[0]);
        upd(&u->max_s, idx[0]);
      }
      return SF_OK;
    case SF_D3D_OT_CONSTANT_BUFFER:
    case SF_D3D_OT_INDEXABLE_TEMP: {
      if (idim != 2 || rel[0]) return sf_fail(st, SF_UNSUPPORTED, "wrap: cb#/x# need two indices, the first immediate");
      if (idx[0] > 15) return sf_fail(st, SF_UNSUPPORTED, "wrap: cb/x slot %llu > 15", (unsigned long long)idx[0]);
      uint64_t need = idx[1] + 1 + (rel[1] ? 16 : 0);
      if (need > 4096)
        return sf_fail(st, SF_UNSUPPORTED, "wrap: cb/x element %llu%s needs %llu elements, more than 4096", (unsigned long long)idx[1],
                       rel[1] ? " (+ a relative index, 16 more)" : "", (unsigned long long)need);
      unsigned s = (unsigned)idx[0];
      if (type == SF_D3D_OT_CONSTANT_BUFFER) {
        upd(&u->max_cb_slot, s);
        if (need > u->cb_size[s]) u->cb_size[s] = (uint32_t)need;
        if (rel[1]) u->cb_dyn[s] = true;
      } else {
        u->x_used[s] = true;
        if (need > u->x_size[s]) u->x_size[s] = (uint32_t)need;
      }
      return SF_OK;
    }
    case SF_D3D_OT_IMM32:
      return SF_OK;
    default:
      return sf_fail(st, SF_UNSUPPORTED, "wrap: operand type %u cannot be declared by the minimal shader", type);
  }
}

static sf_code use_opnd(wrap_use *u, const sf_d3d_opnd *o, sf_status *st) {
  uint64_t idx[3] = {0, 0, 0};
  bool rel[3] = {false, false, false};
  for (unsigned i = 0; i < o->index_dim && i < 3; i++) {
    idx[i] = o->idx[i].imm;
    rel[i] = o->idx[i].rep == SF_D3D_IDX_REL || o->idx[i].rep == SF_D3D_IDX_IMM32_REL;
    if (rel[i]) {
      const sf_d3d_relop *r = &o->idx[i].rel;
      uint64_t ri[3] = {r->index[0], r->index[1], 0};
      bool rr[3] = {false, false, false};
      sf_code c = use_reg(u, r->type, r->index_dim, ri, rr, st);
      if (c) return c;
    }
  }
  return use_reg(u, o->type, o->index_dim, idx, rel, st);
}

static sf_code add_toks(sf_tpf_program *p, sf_status *st, size_t n, const uint32_t *t) {
  return sf_tpf_program_add_tokens(p, t, n, st);
}

sf_code sf_dxbc_wrap_program(const sf_d3d_inst *d, uint8_t dim, sf_tpf_program *out, sf_status *st) {
  if (!d || !out) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_wrap_program: NULL argument");
  if (d->num_src > SF_D3D_MAX_SRC) return sf_fail(st, SF_ERR_RANGE, "wrap: num_src %u > %d", d->num_src, SF_D3D_MAX_SRC);
  bool sm5 = d->has_resdim || d->has_rettype;
  sf_tpf_program_init(out, sm5 ? 0x00000050u : 0x00000040u);
  if (!dim) dim = d->has_resdim && d->resdim ? d->resdim : SF_D3D_DIM_TEX2D;
  if (dim > SF_D3D_DIM_TEXCUBEARRAY) return sf_fail(st, SF_ERR_RANGE, "wrap: resource dimension %u", dim);
  wrap_use u;
  memset(&u, 0, sizeof u);
  u.max_r = u.max_v = u.max_o = u.max_t = u.max_s = u.max_cb_slot = -1;
  sf_code c = use_opnd(&u, &d->dst, st);
  for (unsigned i = 0; i < d->num_src && !c; i++) c = use_opnd(&u, &d->src[i], st);
  if (c) return c;
  uint32_t rt = 0x5555;
  if (d->has_rettype) rt = d->rettype[0] | (d->rettype[1] << 4) | (d->rettype[2] << 8) | ((uint32_t)d->rettype[3] << 12);
  bool cmp = d->op == SF_D3D_SAMPLE_C || d->op == SF_D3D_SAMPLE_C_LZ;
  if (sm5 && !c) c = add_toks(out, st, 1, (const uint32_t[]){0x0100086au});
  for (int s = 0; s <= u.max_cb_slot && !c; s++)
    if (u.cb_size[s])
      c = add_toks(out, st, 4,
                   (const uint32_t[]){0x04000059u | (u.cb_dyn[s] ? 0x800u : 0), 0x00208e46u, (uint32_t)s, u.cb_size[s]});
  for (int s = 0; s <= u.max_s && !c; s++)
    c = add_toks(out, st, 3, (const uint32_t[]){0x0300005au | (cmp ? 0x800u : 0), 0x00106000u, (uint32_t)s});
  for (int t = 0; t <= u.max_t && !c; t++)
    c = add_toks(out, st, 4, (const uint32_t[]){0x04000058u | ((uint32_t)dim << 11), 0x00107000u, (uint32_t)t, rt});
  for (int v = 0; v <= u.max_v && !c; v++)
    c = add_toks(out, st, 3, (const uint32_t[]){0x03001062u, 0x001010f2u, (uint32_t)v});
  for (int o = 0; o <= u.max_o && !c; o++)
    c = add_toks(out, st, 3, (const uint32_t[]){0x03000065u, 0x001020f2u, (uint32_t)o});
  if (u.max_r >= 0 && !c) c = add_toks(out, st, 2, (const uint32_t[]){0x02000068u, (uint32_t)(u.max_r + 1)});
  for (unsigned x = 0; x < 16 && !c; x++)
    if (u.x_used[x]) c = add_toks(out, st, 4, (const uint32_t[]){0x04000069u, x, u.x_size[x], 4});
  if (!c) c = sf_tpf_program_add_inst(out, d, st);
  if (!c) c = add_toks(out, st, 1, (const uint32_t[]){0x0100003eu});
  if (c) sf_tpf_program_free(out);
  return c;
}

sf_code sf_dxbc_wrap_sample(const sf_d3d_inst *d, uint8_t dim, sf_buf *out, sf_status *st) {
  if (!d || !out) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_wrap_sample: NULL argument");
  sf_tpf_program p;
  sf_code c = sf_dxbc_wrap_program(d, dim, &p, st);
  if (c) return c;
  /* Signatures follow the declarations: TEXCOORDn for v0..vN, SV_Targetn for o0..oN. */
  int max_v = -1, max_o = -1;
  for (size_t i = 0; i < p.count; i++) {
    const sf_tpf_item *it = &p.items[i];
    if (it->kind != SF_TPF_ITEM_OPAQUE || it->ntok != 3) continue;
    if ((it->tok[0] & 0x7ff) == SF_TPF_OP_DCL_INPUT_PS) max_v = (int)it->tok[2];
    if ((it->tok[0] & 0x7ff) == SF_TPF_OP_DCL_OUTPUT) max_o = (int)it->tok[2];
  }
  sf_dxbc_sig_elem in[32], outs[8];
  for (int v = 0; v <= max_v; v++)
    in[v] = (sf_dxbc_sig_elem){"TEXCOORD", (uint32_t)v, 0, 3, (uint32_t)v, 0xf, 0xf};
  for (int o = 0; o <= max_o; o++)
    outs[o] = (sf_dxbc_sig_elem){"SV_Target", (uint32_t)o, 0, 3, (uint32_t)o, 0xf, 0};
  sf_buf isgn, osgn, code;
  sf_buf_init(&isgn, st);
  sf_buf_init(&osgn, st);
  sf_buf_init(&code, st);
  c = sf_dxbc_write_signature(in, (size_t)(max_v + 1), &isgn, st);
  if (!c) c = sf_dxbc_write_signature(outs, (size_t)(max_o + 1), &osgn, st);
  if (!c) c = sf_tpf_program_encode(&p, &code, st);
  if (!c) {
    sf_dxbc_chunk ch[3] = {
        {SF_DXBC_ISGN, 0, (uint32_t)isgn.len, isgn.data},
        {SF_DXBC_OSGN, 0, (uint32_t)osgn.len, osgn.data},
        {(p.version & 0xf0) >= 0x50 ? SF_DXBC_SHEX : SF_DXBC_SHDR, 0, (uint32_t)code.len, code.data},
    };
    c = sf_dxbc_write(ch, 3, out, st);
  }
  sf_buf_free(&isgn);
  sf_buf_free(&osgn);
  sf_buf_free(&code);
  sf_tpf_program_free(&p);
  return c;
}
