/* oracles/checks/check_dxbc_sum.c — the DXBC container checksum, recomputed by the oracle.
 *
 * The container reader verifies the checksum and the writer computes it with the codec's own
 * modified MD5 (harness/d3d/dxbc_container.c). A bug in that code is shared by both sides, so a
 * round trip agrees with itself while every real container is refused and every written one is
 * unsigned garbage to the Direct3D runtime. This file holds a second, deliberately different
 * statement of the same digest (docs/dxbc.md §1.2): a plain RFC 1321 MD5 whose sine table is
 * computed, not copied, and whose message is the padded byte string built in full, with the
 * DXBC-specific length words, before any block is compressed. It shares no code with the codec.
 *
 * Check `checksum` (in dxbc_fuzzer, on every container it reads and writes):
 *  - a container whose stored digest is right must not be refused for its checksum;
 *  - one whose stored digest is wrong (and not all zero: unsigned) must not be accepted;
 *  - a container the writer produced carries the right digest.
 * And `checksum_prefix` (every container dxbc_fuzzer reads): sf_dxbc_checksum of a prefix of it, 0 to
 * 148 bytes long, is the oracle's digest of it. And `chunk_gap` and `chunk_edge` (below), which use
 * this digest to re-sign the containers they edit. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_int.h"
#include "samplefuzz/dxbc.h"

/* RFC 1321 §3.4: T[i] = floor(2^32 * |sin(i)|), i = 1..64, computed for each digest (64 calls of
 * sin, no shared state). Every value is far enough from an integer that double precision gets the
 * floor right; tests/test_dxbc_sum.c checks the RFC's test suite. */
static void md5_sine(uint32_t t[64]) {
  for (int i = 0; i < 64; i++) t[i] = (uint32_t)floor(fabs(sin((double)(i + 1))) * 4294967296.0);
}

static uint32_t word_at(const uint8_t *p) {
  return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static uint32_t rol(uint32_t x, int s) { return (x << s) | (x >> (32 - s)); }

/* One 64-byte block, the four rounds written out as in RFC 1321 §3.4. */
static void md5_compress(uint32_t abcd[4], const uint32_t sine[64], const uint8_t *blk) {
  static const int shift[4][4] = {{7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
  uint32_t x[16];
  for (int i = 0; i < 16; i++) x[i] = word_at(blk + 4 * i);
  uint32_t a = abcd[0], b = abcd[1], c = abcd[2], d = abcd[3];
  for (int round = 0; round < 4; round++) {
    for (int step = 0; step < 16; step++) {
      int i = round * 16 + step, k;
      uint32_t fn;
      switch (round) {
      case 0: fn = (b & c) | (~b & d), k = step; break;
      case 1: fn = (b & d) | (c & ~d), k = (1 + 5 * step) % 16; break;
      case 2: fn = b ^ c ^ d, k = (5 + 3 * step) % 16; break;
      default: fn = c ^ (b | ~d), k = (7 * step) % 16; break;
      }
      uint32_t na = b + rol(a + fn + x[k] + sine[i], shift[round][step % 4]);
      a = d, d = c, c = b, b = na;
    }
  }
  abcd[0] += a, abcd[1] += b, abcd[2] += c, abcd[3] += d;
}

static void put_word(uint8_t *p, uint32_t v) {
  for (int i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* The message m[0..len) padded the DXBC way, in a buffer of its own: standard MD5 pads with 0x80,
 * zeros and a 64-bit bit count at the end. DXBC instead puts the 32-bit bit count in the word
 * before the last partial block's bytes when they leave room (fewer than 56), or in the first word
 * of an extra block, and (bits >> 2) | 1 in the last word. Returns the padded length, 0 when out of
 * memory. */
static size_t dxbc_pad(const uint8_t *m, size_t len, uint8_t **out) {
  size_t whole = len - len % 64, rest = len % 64;
  size_t total = whole + (rest < 56 ? 64 : 128);
  uint8_t *buf = calloc(total, 1);
  if (!buf) return 0;
  uint32_t bits = (uint32_t)(len * 8);
  memcpy(buf, m, whole);
  uint8_t *last = buf + total - 64;
  if (rest < 56) {
    put_word(last, bits);
    memcpy(last + 4, m + whole, rest);
    last[4 + rest] = 0x80;
  } else {
    memcpy(buf + whole, m + whole, rest);
    buf[whole + rest] = 0x80;
    put_word(last, bits);
  }
  put_word(last + 60, (bits >> 2) | 1u);
  *out = buf;
  return total;
}

bool sf_indep_md5(const uint8_t *m, size_t len, bool dxbc_padding, uint32_t out[4]) {
  uint32_t sine[64], h[4] = {0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u};
  md5_sine(sine);
  uint8_t *buf = NULL;
  size_t total;
  if (dxbc_padding) {
    total = dxbc_pad(m, len, &buf);
  } else { /* RFC 1321 §3.1-3.2, for the test suite */
    size_t rest = len % 64;
    total = len - rest + (rest < 56 ? 64 : 128);
    buf = calloc(total, 1);
    if (buf) {
      if (len) memcpy(buf, m, len);
      buf[len] = 0x80;
      uint64_t bits = (uint64_t)len * 8;
      put_word(buf + total - 8, (uint32_t)bits);
      put_word(buf + total - 4, (uint32_t)(bits >> 32));
    }
  }
  if (!buf || !total) return free(buf), false;
  for (size_t at = 0; at < total; at += 64) md5_compress(h, sine, buf + at);
  free(buf);
  memcpy(out, h, sizeof h);
  return true;
}

/* The digest a container of n bytes must carry: MD5 (DXBC padding) of bytes [20, n). */
static bool dxbc_digest(const uint8_t *p, size_t n, uint32_t out[4]) {
  return n >= 20 && sf_indep_md5(p + 20, n - 20, true, out);
}

/* checksum_prefix: the codec's public digest of the input's first k bytes, k from 0 to 148 picked by
 * the input, equals the oracle's. The reader and writer only hash whole containers (32 bytes and
 * more), so without this nothing calls sf_dxbc_checksum on the short lengths whose meaning dxbc.h
 * states: 20 bytes or fewer hash the empty message, 21 hash the one byte after the checksum field. */
static bool checksum_prefix(const uint8_t *p, size_t n, sf_verdict *v) {
  if (!p || !n) return true;
  size_t cap = n < 148 ? n : 148, k = (n + p[n - 1]) % (cap + 1);
  uint32_t got[4], want[4];
  sf_dxbc_checksum(p, k, got);
  if (!sf_indep_md5(k > 20 ? p + 20 : p, k > 20 ? k - 20 : 0, true, want)) return true; /* out of memory */
  if (!memcmp(got, want, sizeof want)) return true;
  sf_verdict_fail(v, "checksum_prefix", NULL, k > 20 ? "bytes" : "short");
  sf_verdict_key(v, "checksum_prefix %s", k > 20 ? "bytes" : "short");
  sf_verdict_dumpf(v, "sf_dxbc_checksum of the input's first %zu bytes is %08x %08x %08x %08x; the digest of bytes "
                      "[20, %zu) is %08x %08x %08x %08x (docs/dxbc.md §1.2)\n",
                   k, got[0], got[1], got[2], got[3], k > 20 ? k : (size_t)20, want[0], want[1], want[2], want[3]);
  return false;
}

bool sf_check_dxbc_checksum_read(const uint8_t *p, size_t n, sf_code read, sf_verdict *v) {
  if (!checksum_prefix(p, n, v)) return false;
  /* Only containers with a whole header and the DXBC magic reach the reader's checksum test. */
  if (!p || n < 32 || word_at(p) != SF_DXBC_MAGIC || n > SF_DXBC_MAX_SIZE) return true;
  uint32_t stored[4], want[4];
  for (int i = 0; i < 4; i++) stored[i] = word_at(p + 4 + 4 * i);
  if (!(stored[0] | stored[1] | stored[2] | stored[3])) return true; /* unsigned */
  if (!dxbc_digest(p, n, want)) return true;                          /* out of memory: no verdict */
  bool right = memcmp(stored, want, sizeof want) == 0;
  if (right && read == SF_ERR_CHECKSUM) {
    sf_verdict_fail(v, "checksum", NULL, "refused");
    sf_verdict_key(v, "checksum refused");
    sf_verdict_dumpf(v, "the reader refused a container for its checksum %08x %08x %08x %08x, which is the "
                        "container's digest (docs/dxbc.md §1.2, recomputed by the oracle)\n",
                     stored[0], stored[1], stored[2], stored[3]);
    return false;
  }
  if (!right && read == SF_OK) {
    sf_verdict_fail(v, "checksum", NULL, "accepted");
    sf_verdict_key(v, "checksum accepted");
    sf_verdict_dumpf(v, "the reader accepted a container whose checksum %08x %08x %08x %08x is not its digest "
                        "%08x %08x %08x %08x\n",
                     stored[0], stored[1], stored[2], stored[3], want[0], want[1], want[2], want[3]);
    return false;
  }
  return true;
}

bool sf_check_dxbc_checksum_written(const uint8_t *p, size_t n, bool zero, sf_verdict *v) {
  if (!p || n < 32) return true;
  uint32_t stored[4], want[4] = {0, 0, 0, 0};
  for (int i = 0; i < 4; i++) stored[i] = word_at(p + 4 + 4 * i);
  if (!zero && !dxbc_digest(p, n, want)) return true;
  if (memcmp(stored, want, sizeof want) == 0) return true;
  sf_verdict_fail(v, "checksum", NULL, "written");
  sf_verdict_key(v, "checksum written");
  sf_verdict_dumpf(v, "the writer stored checksum %08x %08x %08x %08x in a %zu-byte container; its digest is "
                      "%08x %08x %08x %08x%s\n",
                   stored[0], stored[1], stored[2], stored[3], n, want[0], want[1], want[2], want[3],
                   zero ? " (asked to leave it zero)" : "");
  return false;
}

/* Signs the edited container q[0..n) as its original p was: with its digest, or all zero when p
 * was unsigned. False when out of memory (no verdict). */
static bool resign(uint8_t *q, size_t n, const uint8_t *p) {
  uint32_t sum[4] = {0, 0, 0, 0};
  bool zero = !(word_at(p + 4) | word_at(p + 8) | word_at(p + 12) | word_at(p + 16));
  if (!zero && !dxbc_digest(q, n, sum)) return false;
  for (int i = 0; i < 4; i++) put_word(q + 4 + 4 * i, sum[i]);
  return true;
}

/* chunk_gap: a container whose chunks lie packed in table order, as fxc writes them, with four zero
 * bytes put in front of chunk k (picked by the input; its table entry and every later one moved by
 * 4, the size field and the checksum, recomputed here, updated). The format allows the gap
 * (docs/dxbc.md §1), so the reader must accept the copy; its text form cannot hold the gap, so
 * sf_dxbc_print_text must refuse it as unsupported at byte 32 + 4k, the table entry of chunk k. */
bool sf_check_dxbc_chunk_gap(sf_verdict *v, const uint8_t *p, size_t n) {
  if (!p || n < 32 || n + 4 > SF_DXBC_MAX_SIZE) return true;
  uint32_t nchunks = word_at(p + 28);
  if (nchunks == 0 || 32 + 4 * (uint64_t)nchunks > n) return true;
  uint32_t k = (uint32_t)((n / 4 + p[n - 1]) % nchunks), at = word_at(p + 32 + 4 * k);
  if (at > n) return true;
  uint8_t *q = malloc(n + 4);
  if (!q) return true;
  memcpy(q, p, at);
  memset(q + at, 0, 4);
  memcpy(q + at + 4, p + at, n - at);
  for (uint32_t i = k; i < nchunks; i++) put_word(q + 32 + 4 * i, word_at(q + 32 + 4 * i) + 4);
  put_word(q + 24, (uint32_t)(n + 4));
  if (!resign(q, n + 4, p)) return free(q), true;
  sf_dxbc c;
  memset(&c, 0, sizeof c);
  sf_status st, rst;
  sf_status_clear(&st);
  sf_status_clear(&rst);
  sf_code read = sf_dxbc_read(q, n + 4, &c, &rst);
  sf_dxbc_free(&c);
  sf_buf text;
  sf_buf_init(&text, &st);
  sf_code rc = sf_dxbc_print_text(q, n + 4, &text, &st);
  sf_buf_free(&text);
  free(q);
  uint64_t want = 32 + 4 * (uint64_t)k;
  if (read == SF_OK && rc == SF_UNSUPPORTED && st.pos_kind == SF_POS_BYTE && st.pos == want) return true;
  sf_verdict_fail(v, "chunk_gap", NULL, read != SF_OK ? "read" : "print");
  sf_verdict_key(v, "chunk_gap %s %s", read != SF_OK ? "read" : "print", sf_code_name(read != SF_OK ? read : rc));
  char why[SF_STATUS_MSG_MAX + 64];
  if (read != SF_OK)
    sf_verdict_dumpf(v, "four bytes before chunk %u of %u: the reader refused the container: %s\n", k, nchunks,
                     sf_status_format(&rst, why, sizeof why));
  else
    sf_verdict_dumpf(v, "four bytes before chunk %u of %u: the text printer gave %s (%s), want unsupported at byte "
                        "0x%llx\n", k, nchunks, sf_code_name(rc), sf_status_format(&st, why, sizeof why),
                     (unsigned long long)want);
  return false;
}

/* Reads the container p[0..n) with the word at byte `at` set to w and the checksum made right again:
 * false when that copy could not be made (no memory, or a container resign leaves alone), else
 * true with the reader's code in *rc and its status in *st. */
static bool read_edited(const uint8_t *p, size_t n, size_t at, uint32_t w, sf_code *rc, sf_status *st) {
  uint8_t *q = malloc(n);
  if (!q) return false;
  memcpy(q, p, n);
  put_word(q + at, w);
  if (!resign(q, n, p)) return free(q), false;
  sf_dxbc c;
  memset(&c, 0, sizeof c);
  sf_status_clear(st);
  *rc = sf_dxbc_read(q, n, &c, st);
  sf_dxbc_free(&c);
  free(q);
  return true;
}

/* The size case of chunk_edge, on one input in four (it re-signs the container, as the two cases
 * above do): chunk k's size set one byte past what the container has after its header must be
 * refused as out of range at the size field, with a message that gives the bytes left. */
static bool chunk_size_edge(sf_verdict *v, const uint8_t *p, size_t n, uint32_t k) {
  if (((n + p[n - 1]) & 3) != 0) return true;
  uint32_t off = word_at(p + 32 + 4 * (size_t)k);
  if ((uint64_t)off + 8 > n) return true;
  size_t left = n - off - 8;
  sf_code rc;
  sf_status st;
  if (!read_edited(p, n, (size_t)off + 4, (uint32_t)(left + 1), &rc, &st)) return true;
  char bound[48];
  snprintf(bound, sizeof bound, "(%zu bytes left)", left);
  const char *how = rc == SF_OK ? "accepted"
                    : rc != SF_ERR_RANGE || st.pos_kind != SF_POS_BYTE || st.pos != (uint64_t)off + 4 ? "refusal"
                    : !strstr(st.msg, bound) ? "message" : NULL;
  if (!how) return true;
  char why[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "chunk_edge", NULL, how);
  sf_verdict_key(v, "chunk_edge size %s", how);
  sf_verdict_dumpf(v, "chunk %u's size set to %zu, one past the %zu bytes after its header: want out of range at byte 0x%llx "
                      "with '%s' in the message, got %s\n", k, left + 1, left, (unsigned long long)off + 4, bound,
                   rc == SF_OK ? "ok" : sf_status_format(&st, why, sizeof why));
  return false;
}

/* chunk_edge: the container with one chunk's table entry (picked by the input) set to n - 7, one
 * byte past the last offset that leaves room for a chunk header, re-signed, must be refused as out
 * of range at that entry, with a message that gives the range offsets may take, up to n - 8: the
 * edge of the reader's offset test, and the bound it tells the user. Likewise the entry set one
 * byte before the end of the chunk table (the first offset a chunk may take), with the message's
 * range starting there. And (chunk_size_edge, one input in four) its size one byte past the end. */
bool sf_check_dxbc_chunk_edge(sf_verdict *v, const uint8_t *p, size_t n) {
  if (!p || n < 40 || n > SF_DXBC_MAX_SIZE) return true;
  uint32_t nchunks = word_at(p + 28);
  if (nchunks == 0 || 32 + 4 * (uint64_t)nchunks > n) return true;
  uint32_t k = (uint32_t)((n + p[n - 2]) % nchunks);
  size_t table_end = 32 + 4 * (size_t)nchunks;
  for (unsigned low = 0; low < 2; low++) {
    size_t off = low ? table_end - 1 : n - 7;
    sf_code rc;
    sf_status st;
    if (!read_edited(p, n, 32 + 4 * (size_t)k, (uint32_t)off, &rc, &st)) return true;
    char bound[32];
    if (low) snprintf(bound, sizeof bound, "[0x%zx, ", table_end);
    else snprintf(bound, sizeof bound, "0x%zx]", n - 8);
    const char *how = rc == SF_OK ? "accepted"
                      : rc != SF_ERR_RANGE || st.pos_kind != SF_POS_BYTE || st.pos != 32 + 4 * (uint64_t)k ? "refusal"
                      : !strstr(st.msg, bound) ? "message" : NULL;
    if (!how) continue;
    char why[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "chunk_edge", NULL, how);
    sf_verdict_key(v, "chunk_edge %s %s", low ? "low" : "high", how);
    sf_verdict_dumpf(v, "chunk %u of %u moved to offset 0x%zx of a %zu-byte container: want out of range at byte 0x%llx "
                        "with '%s' in the message, got %s\n", k, nchunks, off, n, (unsigned long long)(32 + 4 * (uint64_t)k),
                     bound, rc == SF_OK ? "ok" : sf_status_format(&st, why, sizeof why));
    return false;
  }
  return chunk_size_edge(v, p, n, k);
}

/* `fourcc_cut`: the `.program SHDR|SHEX` line of a printed container text with its FourCC one
 * character short must be refused as a syntax error at the FourCC's first character (line and
 * column), as a FourCC of any other length is: the parser reads a FourCC as one word, and a reader
 * that named the word's end, or took three characters, points elsewhere or reads another chunk. */
bool sf_check_dxbc_fourcc_cut(sf_verdict *v, const char *t, size_t n) {
  static const char key[] = "\n.program ";
  size_t kl = sizeof key - 1;
  const char *at = NULL;
  for (size_t i = 0; i + kl + 4 <= n && !at; i++)
    if (!memcmp(t + i, key, kl)) at = t + i + kl;
  if (!at) return true;
  size_t off = (size_t)(at - t);
  uint32_t line = 1;
  for (size_t i = 0; i < off; i++) line += t[i] == '\n';
  size_t col0 = off;
  while (col0 > 0 && t[col0 - 1] != '\n') col0--;
  char *e = malloc(n);
  if (!e) return true;
  memcpy(e, t, off + 3);   /* the FourCC's first three characters, then the rest of the text */
  memcpy(e + off + 3, t + off + 4, n - off - 4);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_check_dxbc_parse_any(NULL, e, n - 1, &st);
  free(e);
  uint32_t col = (uint32_t)(off - col0 + 1);
  if (rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == line && st.col == col) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "fourcc_cut", NULL, sf_code_name(rc));
  sf_verdict_key(v, "fourcc_cut %s", sf_code_name(rc));
  sf_verdict_dumpf(v, "the .program FourCC at %u:%u cut to three characters: want a syntax error there, got %s\n", line, col,
                   rc == SF_OK ? "a container" : sf_status_format(&st, msg, sizeof msg));
  return false;
}

/* `program_empty`: the printed container text with its first `.program` section emptied must be
 * refused as a syntax error (no shader model line) at that directive's line, column 1, in three
 * shapes: the text ends at the directive without a newline, ends with its newline, or goes on at
 * the next directive. An empty section has no line of its own; the parser names the directive's
 * (docs/dxbc.md §10). Printed texts always hold a program, so only this cut reaches that mapping. */
bool sf_check_dxbc_program_empty(sf_verdict *v, const char *t, size_t n) {
  static const char key[] = "\n.program ";
  size_t kl = sizeof key - 1, off = n;
  for (size_t i = 0; i + kl <= n && off == n; i++)
    if (!memcmp(t + i, key, kl)) off = i + 1;
  if (off == n) return true;
  size_t eol = off;
  while (eol < n && t[eol] != '\n') eol++;
  if (eol == n) return true; /* the printer ends every line */
  size_t next = n; /* the next container directive's line, if any (a program's own lines that start
                    * with a dot, `.tpf` and `.version`, are not one) */
  for (size_t i = eol; i + 1 < n && next == n; i++)
    if (t[i] == '\n' && t[i + 1] == '.' && !(n - i > 5 && !memcmp(t + i + 1, ".tpf", 4)) &&
        !(n - i > 9 && !memcmp(t + i + 1, ".version", 8)))
      next = i + 1;
  uint32_t line = 1;
  for (size_t i = 0; i < off; i++) line += t[i] == '\n';
  char *e = malloc(n);
  if (!e) return true;
  static const char *const shape[3] = {"at the end without a newline", "at the end", "before the next directive"};
  for (unsigned k = 0; k < 3; k++) {
    size_t len = k == 0 ? eol : eol + 1;
    memcpy(e, t, len);
    if (k == 2) {
      if (next == n) break;
      memcpy(e + len, t + next, n - next);
      len += n - next;
    }
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_check_dxbc_parse_any(NULL, e, len, &st);
    if (rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == line && st.col == 1) continue;
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "program_empty", NULL, sf_code_name(rc));
    sf_verdict_key(v, "program_empty %u %s", k, sf_code_name(rc));
    sf_verdict_dumpf(v, "the .program section at line %u emptied, %s: want a syntax error at %u:1, got %s\n", line, shape[k],
                     line, rc == SF_OK ? "a container" : sf_status_format(&st, msg, sizeof msg));
    free(e);
    return false;
  }
  free(e);
  return true;
}

/* `hex_lines`: a chunk printed as hex (docs/dxbc.md) continues on `.hex` lines of 32 bytes, the
 * last one holding the rest: no `.hex` line is empty or holds more. An empty one reads back as no
 * bytes, so the round trip cannot see a printer that writes one (one past the last full line). */
bool sf_check_dxbc_hex_lines(sf_verdict *v, const char *t, size_t n) {
  uint32_t line = 1;
  for (size_t i = 0; i < n; line++) {
    const char *e = memchr(t + i, '\n', n - i);
    size_t end = e ? (size_t)(e - t) : n;
    if (end - i >= 4 && !memcmp(t + i, ".hex", 4) && (end - i == 4 || t[i + 4] == ' ')) {
      size_t digits = 0;
      for (size_t k = i + 4; k < end; k++) digits += (t[k] >= '0' && t[k] <= '9') || (t[k] >= 'a' && t[k] <= 'f');
      if (digits == 0 || digits > 64) {
        sf_verdict_fail(v, "hex_lines", NULL, digits ? "long" : "empty");
        sf_verdict_key(v, "hex_lines %s", digits ? "long" : "empty");
        sf_verdict_dumpf(v, "line %u of the container text is a .hex line of %zu bytes (want 1 to 32): %.*s\n", line, digits / 2,
                         (int)(end - i > 120 ? 120 : end - i), t + i);
        return false;
      }
    }
    i = end + 1;
  }
  return true;
}
