/* bytes.c — bounds-checked reader and capped writer (see samplefuzz/bytes.h). */
#include "samplefuzz/bytes.h"

#include <stdlib.h>
#include <string.h>

/* Under AddressSanitizer the unused tail of an sf_buf, [len, cap), is poisoned
 * (harness/model/asan_tail.h): a reader that runs past the logical end of a buffer it was handed
 * (printed text, encoded bytes) is reported even though the bytes are inside the allocation.
 * Without it such reads are invisible to the fuzz targets, which mostly read what the library
 * itself wrote. */
#include "harness/model/asan_tail.h"

void sf_reader_init(sf_reader *r, const void *data, size_t len, uint64_t base, sf_status *st) {
  r->data = (const uint8_t *)data;
  r->len = data ? len : 0;
  r->pos = 0;
  r->base = base;
  r->failed = false;
  r->st = st;
}

size_t sf_reader_left(const sf_reader *r) { return r->failed ? 0 : r->len - r->pos; }

/* SF_NO_COVERAGE: its test is a position against a length (bytes.h); the callers see r->failed. */
SF_NO_COVERAGE static const uint8_t *take(sf_reader *r, size_t n, const char *what) {
  if (r->failed) return NULL;
  if (r->len - r->pos < n) {
    sf_fail_byte(r->st, SF_ERR_TRUNCATED, r->base + r->pos, "%s: need %zu byte%s, %zu left", what ? what : "field",
                 n, n == 1 ? "" : "s", r->len - r->pos);
    r->failed = true;
    return NULL;
  }
  const uint8_t *p = r->data + r->pos;
  r->pos += n;
  return p;
}

uint8_t sf_rd_u8(sf_reader *r, const char *what) {
  const uint8_t *p = take(r, 1, what);
  return p ? p[0] : 0;
}
uint16_t sf_rd_u16(sf_reader *r, const char *what) {
  const uint8_t *p = take(r, 2, what);
  return p ? sf_le16(p) : 0;
}
uint32_t sf_rd_u32(sf_reader *r, const char *what) {
  const uint8_t *p = take(r, 4, what);
  return p ? sf_le32(p) : 0;
}
uint64_t sf_rd_u64(sf_reader *r, const char *what) {
  const uint8_t *p = take(r, 8, what);
  return p ? ((uint64_t)sf_le32(p) | ((uint64_t)sf_le32(p + 4) << 32)) : 0;
}
bool sf_rd_bytes(sf_reader *r, void *out, size_t n, const char *what) {
  const uint8_t *p = take(r, n, what);
  if (!p) return false;
  if (out && n) memcpy(out, p, n);
  return true;
}

void sf_buf_init(sf_buf *b, sf_status *st) {
  memset(b, 0, sizeof *b);
  b->st = st;
}

void sf_buf_free(sf_buf *b) {
  free(b->data);
  b->data = NULL;
  b->len = b->cap = b->open = 0;
}

SF_NO_COVERAGE bool sf_buf_put(sf_buf *b, const void *p, size_t n) {
  if (b->failed) return false;
  size_t limit = b->limit ? b->limit : SF_BUF_DEFAULT_LIMIT;
  if (n > limit - b->len) {
    b->failed = true;
    b->code = SF_ERR_LIMIT;
    sf_fail_byte(b->st, SF_ERR_LIMIT, b->len, "output would exceed %zu bytes", limit);
    return false;
  }
  if (n == 0) return true; /* nothing to append; data may still be NULL, and NULL + 0 is undefined (C17 6.5.6) */
  if (b->len + n > b->cap) {
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n) cap *= 2;
    uint8_t *d = realloc(b->data, cap);
    if (!d) {
      b->failed = true;
      b->code = SF_ERR_NOMEM;
      sf_fail(b->st, SF_ERR_NOMEM, "cannot grow output buffer to %zu bytes", cap);
      return false;
    }
    b->data = d;
    b->cap = cap;
    b->open = cap; /* the new block is all addressable; the lines below poison what is past len + n */
  }
  /* Only the bytes between the old mark and the new end change state, so a write costs O(n) (plus
   * what a caller dropped by lowering len), not O(capacity): re-marking the whole spare tail at
   * every put made a 4 MiB program written word by word quadratic under ASan. */
  size_t end = b->len + n;
  if (end > b->open) /* never past the block: a capacity reckoned short must leave ASan's redzone armed */
    SF_TAIL_USED(b->data + b->open, (end < b->cap ? end : b->cap) - b->open);
  else if (end < b->open)
    SF_TAIL_FREE(b->data + end, b->open - end); /* a caller lowered len to drop what it wrote */
  b->open = end;
  if (n <= 8) { /* the writers' fields and the printers' short pieces: a loop, not a libc call */
    const uint8_t *s = p;
    for (size_t i = 0; i < n; i++) b->data[b->len + i] = s[i];
  } else {
    memcpy(b->data + b->len, p, n);
  }
  b->len += n;
  return true;
}

bool sf_wr_u8(sf_buf *b, uint8_t v) { return sf_buf_put(b, &v, 1); }
bool sf_wr_u16(sf_buf *b, uint16_t v) {
  uint8_t t[2] = {(uint8_t)v, (uint8_t)(v >> 8)};
  return sf_buf_put(b, t, 2);
}
bool sf_wr_u32(sf_buf *b, uint32_t v) {
  uint8_t t[4] = {(uint8_t)v, (uint8_t)(v >> 8), (uint8_t)(v >> 16), (uint8_t)(v >> 24)};
  return sf_buf_put(b, t, 4);
}
bool sf_wr_u64(sf_buf *b, uint64_t v) { /* one put: a refused write appends nothing */
  uint8_t t[8];
  for (unsigned i = 0; i < 8; i++) t[i] = (uint8_t)(v >> (8 * i));
  return sf_buf_put(b, t, 8);
}

bool sf_buf_patch_u32(sf_buf *b, size_t at, uint32_t v) {
  if (b->failed || b->len < 4 || at > b->len - 4) return false; /* at + 4 <= len, without overflow */
  b->data[at] = (uint8_t)v;
  b->data[at + 1] = (uint8_t)(v >> 8);
  b->data[at + 2] = (uint8_t)(v >> 16);
  b->data[at + 3] = (uint8_t)(v >> 24);
  return true;
}
