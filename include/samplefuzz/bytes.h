/* samplefuzz/bytes.h — bounds-checked little-endian reader and a capped growable writer.
 *
 * Every binary decoder reads through sf_reader: a read past the end records SF_ERR_TRUNCATED at the
 * offset where the field starts, returns 0, and makes every later read fail too, so a decoder can
 * read a whole record and check once. sf_buf refuses to grow past its cap (SF_ERR_LIMIT). */
#ifndef SAMPLEFUZZ_BYTES_H
#define SAMPLEFUZZ_BYTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* For a fuzz build: leave a function out of SanitizerCoverage (edge counters and comparison
 * tracing; ASan and UBSan still apply). Only where the branches and comparisons give the fuzzer
 * nothing to steer by, and the tracing costs a call per comparison on every input:
 *   - fixed-shape arithmetic, such as a checksum's rounds;
 *   - leaf writers of output (a text printer's append and number formatting, sf_buf_put), whose
 *     branches are the same for every input; the printers' logic above them stays instrumented;
 *   - the oracles' own equality and diff of two instructions, where a new edge is a failure
 *     already reported, and the text scan of the negative edits;
 *   - the bounds test of a reader's take and of the lexers' one-character peeks, which compares a
 *     position with a length, never an input byte with anything (they run on every byte read).
 * The decoders, parsers and readers' logic, which sees the input, is never marked. */
/* noinline: SanitizerCoverage runs after inlining, so a marked function inlined into an instrumented
 * caller would be instrumented as the caller's code. */
#if defined(__clang__) && __clang_major__ >= 13
#define SF_NO_COVERAGE __attribute__((no_sanitize("coverage"), noinline))
#else
#define SF_NO_COVERAGE
#endif

/* The index of the '\n' that ends the line starting at pos in t[0..len), or len: the text readers'
 * line split, with memchr rather than a loop that tests (and, in a fuzz build, traces) every byte. */
static inline size_t sf_line_end(const char *t, size_t pos, size_t len) {
  const char *nl = pos < len ? (const char *)memchr(t + pos, '\n', len - pos) : NULL;
  return nl ? (size_t)(nl - t) : len;
}

/* How many bytes of an offending word of n bytes a refusal quotes ('%.*s'): all of it, or its first
 * cap. The text readers name their caps (SF_QUOTE_*), so one word is quoted alike wherever it is. */
#define SF_QUOTE_WORD 20u /* a directive, attribute key, mnemonic suffix or other short word */
#define SF_QUOTE_MNEM 24u /* a vISA mnemonic or the word where one was expected */
#define SF_QUOTE_NAME 40u /* a name, a register, an operand, a D3D word */
#define SF_QUOTE_HEX 16u  /* the digits of a hex number too large for its field */
static inline int sf_quote_len(size_t n, unsigned cap) { return (int)(n > cap ? cap : n); }

typedef struct sf_reader {
  const uint8_t *data;
  size_t len;
  size_t pos;
  uint64_t base;   /* added to pos in error messages (absolute file offset of data[0]) */
  bool failed;
  sf_status *st;
} sf_reader;

void sf_reader_init(sf_reader *r, const void *data, size_t len, uint64_t base, sf_status *st);
size_t sf_reader_left(const sf_reader *r);
uint8_t sf_rd_u8(sf_reader *r, const char *what);
uint16_t sf_rd_u16(sf_reader *r, const char *what);
uint32_t sf_rd_u32(sf_reader *r, const char *what);
uint64_t sf_rd_u64(sf_reader *r, const char *what);
/* Copies n bytes into out (out may be NULL to skip).
 * A read past the end fails the reader (every later read fails too, sf_reader_left is 0) with
 * SF_ERR_TRUNCATED at byte base + pos and the message "<what>: need <n> byte(s), <left> left". */
bool sf_rd_bytes(sf_reader *r, void *out, size_t n, const char *what);

typedef struct sf_buf {
  uint8_t *data;
  size_t len, cap;
  size_t limit;   /* hard cap on len; 0 means SF_BUF_DEFAULT_LIMIT */
  size_t open;    /* under ASan, [0, open) is unpoisoned and [open, cap) poisoned; sf_buf_put keeps
                   * open == len after each write, touching only the bytes between the two */
  bool failed;
  sf_code code;   /* why it failed (SF_ERR_LIMIT, SF_ERR_NOMEM); meaningful only when failed */
  sf_status *st;
} sf_buf;

/* SF_OK, or why the buffer failed: a writer's result without a status to consult. */
static inline sf_code sf_buf_code(const sf_buf *b) { return b->failed ? b->code : SF_OK; }

#define SF_BUF_DEFAULT_LIMIT ((size_t)64 << 20)

void sf_buf_init(sf_buf *b, sf_status *st);
/* Releases the bytes and leaves an empty buffer (same status and limit), which may be written again. */
void sf_buf_free(sf_buf *b);
/* Each write appends all its bytes or none: one that would pass the cap fails the buffer, records
 * SF_ERR_LIMIT at the length reached, and leaves data[0..len) as it was. */
bool sf_buf_put(sf_buf *b, const void *p, size_t n);
bool sf_wr_u8(sf_buf *b, uint8_t v);
bool sf_wr_u16(sf_buf *b, uint16_t v);
bool sf_wr_u32(sf_buf *b, uint32_t v);
bool sf_wr_u64(sf_buf *b, uint64_t v);
/* Overwrites 4 bytes at an earlier position (for sizes and offsets patched after the fact). */
bool sf_buf_patch_u32(sf_buf *b, size_t at, uint32_t v);

static inline uint16_t sf_le16(const uint8_t *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static inline uint32_t sf_le32(const uint8_t *p) {
  return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

#ifdef __cplusplus
}
#endif
#endif
