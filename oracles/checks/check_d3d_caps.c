/* oracles/checks/check_d3d_caps.c — the D3D codecs' caps, once per process (the container's and
 * the signature's in dxbc, the program's in d3dasm; include/samplefuzz/dxbc.h), each at the cap
 * and one past it:
 *   - `container_caps`: SF_DXBC_MAX_CHUNKS (64) chunks and SF_DXBC_MAX_SIZE (16 MiB) bytes, in the
 *     writer, the reader and the container text parser; a container at a cap is written, reads
 *     back with its chunks and goes through its text to the same bytes; one past is refused as over
 *     the limit, by the reader at the field that says so;
 *   - `program_caps`: SF_TPF_MAX_ITEMS (2^18) instructions in a program built through the API, a
 *     program of SF_TPF_MAX_PROGRAM_TOKENS tokens and one more refused by the encoder, and a
 *     statement of more than 2^19 DWORDs (an immediate constant buffer) read from text;
 *   - `sig_caps`: SF_DXBC_SIG_MAX_ELEMS (1,024) signature elements added, one more refused;
 *   - `container_layout`: bytes after the last chunk or between two, which the reader takes and
 *     the printer refuses (it writes only fxc's packed layout).
 *   - `hex_reason`: a chunk the container printer writes as hex carries the whole reason, however
 *     long (the comment's buffer once held 96 bytes less than a reason can take).
 *   - `sig_name_end`: a signature name whose NUL lies just past the chunk is truncated, not read
 *     on into the bytes after it.
 * No seed holds such a program, container or signature within the targets' max_len, and a cap one
 * off in either direction changes nothing any other check sees. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"

#define CC_FOURCC 0x5a5a5a5au /* "ZZZZ": a chunk no reader interprets */

/* Writes n empty chunks (n <= 65) into out; the writer's code. */
static sf_code write_empty(size_t n, sf_buf *out, sf_status *st) {
  sf_dxbc_chunk ch[SF_DXBC_MAX_CHUNKS + 1];
  memset(ch, 0, sizeof ch);
  for (size_t i = 0; i < n; i++) ch[i].fourcc = CC_FOURCC;
  return sf_dxbc_write(ch, n, out, st);
}

/* The chunk count: 64 written, read (64 chunks) and through the text to the same bytes; 65 refused
 * by the writer, by the reader at the count (byte 28) and by the text parser at the 65th chunk's
 * line. NULL, or what went wrong (*st: its status). */
static const char *chunk_count(sf_status *st) {
  const char *bad = NULL;
  sf_buf w, t, back;
  sf_buf_init(&w, NULL);
  sf_buf_init(&t, NULL);
  sf_buf_init(&back, NULL);
  sf_status_clear(st);
  sf_code rc = write_empty(SF_DXBC_MAX_CHUNKS, &w, st);
  sf_dxbc c;
  memset(&c, 0, sizeof c);
  if (rc == SF_OK) {
    rc = sf_dxbc_read(w.data, w.len, &c, st);
    if (rc != SF_OK || c.nchunks != SF_DXBC_MAX_CHUNKS) bad = "read 64";
    sf_dxbc_free(&c);
  } else if (rc != SF_ERR_NOMEM) {
    bad = "write 64";
  }
  if (!bad && rc == SF_OK) {
    rc = sf_dxbc_print_text(w.data, w.len, &t, st);
    if (rc == SF_OK) rc = sf_dxbc_parse_text((const char *)t.data, t.len, &back, st);
    if (rc == SF_OK && (back.len != w.len || memcmp(back.data, w.data, w.len))) bad = "text 64";
    else if (rc != SF_OK && rc != SF_ERR_NOMEM) bad = "text 64";
  }
  /* the text with one chunk line more, as the printer writes an empty chunk of that fourcc */
  if (!bad && rc == SF_OK && t.len && t.data[t.len - 1] == '\n') {
    static const char more[] = ".chunk ZZZZ\n";
    size_t lines = 0;
    for (size_t i = 0; i < t.len; i++) lines += t.data[i] == '\n';
    sf_buf_free(&back);
    sf_buf_init(&back, NULL);
    sf_status_clear(st);
    rc = !sf_buf_put(&t, more, sizeof more - 1) ? SF_ERR_NOMEM : sf_dxbc_parse_text((const char *)t.data, t.len, &back, st);
    if (rc != SF_ERR_NOMEM && (rc != SF_ERR_LIMIT || st->pos_kind != SF_POS_TEXT || st->line != lines + 1)) bad = "text 65";
  }
  if (!bad) {
    sf_buf_free(&w);
    sf_buf_init(&w, NULL);
    sf_status_clear(st);
    rc = write_empty(SF_DXBC_MAX_CHUNKS + 1, &w, st);
    if (rc != SF_ERR_LIMIT && rc != SF_ERR_NOMEM) bad = "write 65";
  }
  /* a container of 65 empty chunks built here, unsigned (an all-zero checksum) */
  if (!bad) {
    const uint32_t n = SF_DXBC_MAX_CHUNKS + 1, total = 32 + 4 * n + 8 * n;
    sf_buf_free(&w);
    sf_buf_init(&w, NULL);
    bool ok = sf_wr_u32(&w, SF_DXBC_MAGIC);
    for (unsigned i = 0; i < 4; i++) ok = ok && sf_wr_u32(&w, 0);
    ok = ok && sf_wr_u32(&w, 1) && sf_wr_u32(&w, total) && sf_wr_u32(&w, n);
    for (uint32_t i = 0; i < n; i++) ok = ok && sf_wr_u32(&w, 32 + 4 * n + 8 * i);
    for (uint32_t i = 0; i < n; i++) ok = ok && sf_wr_u32(&w, CC_FOURCC) && sf_wr_u32(&w, 0);
    if (ok) {
      sf_status_clear(st);
      rc = sf_dxbc_read(w.data, w.len, &c, st);
      sf_dxbc_free(&c);
      if (rc != SF_ERR_LIMIT || st->pos_kind != SF_POS_BYTE || st->pos != 28) bad = "read 65";
    }
  }
  sf_buf_free(&w);
  sf_buf_free(&t);
  sf_buf_free(&back);
  return bad;
}

/* The container's size: one chunk that makes it exactly 16 MiB is written and reads back (both
 * unsigned: the checksum over 16 MiB is not what this checks); one byte more is refused by the
 * writer, and 16 MiB + 1 bytes by the reader at byte 0, before anything else is read. */
static const char *container_size(sf_status *st) {
  const size_t cap = SF_DXBC_MAX_SIZE, body = cap - 32 - 4 - 8;
  uint8_t *data = calloc(body + 1, 1);
  if (!data) return NULL;
  const char *bad = NULL;
  sf_dxbc_chunk ch = {CC_FOURCC, 0, (uint32_t)body, data};
  sf_buf w;
  sf_buf_init(&w, NULL);
  sf_status_clear(st);
  sf_code rc = sf_dxbc_write_ex(&ch, 1, SF_DXBC_WRITE_ZERO_CHECKSUM, &w, st);
  if (rc == SF_OK) {
    sf_dxbc c;
    memset(&c, 0, sizeof c);
    rc = w.len == cap ? sf_dxbc_read(w.data, w.len, &c, st) : SF_ERR_INVALID;
    if (rc == SF_OK && (c.nchunks != 1 || c.chunks[0].size != body)) bad = "read 16 MiB";
    else if (rc != SF_OK && rc != SF_ERR_NOMEM) bad = "read 16 MiB";
    sf_dxbc_free(&c);
    /* and one byte more, given to the reader */
    if (!bad && rc == SF_OK && sf_wr_u8(&w, 0)) {
      sf_status_clear(st);
      rc = sf_dxbc_read(w.data, w.len, &c, st);
      sf_dxbc_free(&c);
      if (rc != SF_ERR_NOMEM && (rc != SF_ERR_LIMIT || st->pos_kind != SF_POS_BYTE || st->pos != 0)) bad = "read 16 MiB + 1";
    }
  } else if (rc != SF_ERR_NOMEM) {
    bad = "write 16 MiB";
  }
  sf_buf_free(&w);
  if (!bad) {
    ch.size = (uint32_t)body + 1;
    sf_buf_init(&w, NULL);
    sf_status_clear(st);
    rc = sf_dxbc_write_ex(&ch, 1, SF_DXBC_WRITE_ZERO_CHECKSUM, &w, st);
    sf_buf_free(&w);
    if (rc != SF_ERR_LIMIT && rc != SF_ERR_NOMEM) bad = "write 16 MiB + 1";
  }
  free(data);
  return bad;
}

/* `container_layout`: the container printer writes only fxc's layout, the chunks packed in table
 * order from the table's end to the file's end, because the text's parser rebuilds that layout. A
 * valid (unsigned) container of two 4-byte chunks read and printed; then the same with 4 bytes
 * after its last chunk, and with 4 bytes between its chunks, each read by sf_dxbc_read (its size
 * and offsets agree) and refused by the printer as unsupported at the byte where the gap starts,
 * naming it. A printer that wrote either would give a text that reads back as other bytes. */
static const char *container_layout(sf_status *st) {
  static const uint8_t body[4] = {1, 2, 3, 4};
  sf_dxbc_chunk ch[2] = {{CC_FOURCC, 0, 4, body}, {CC_FOURCC, 0, 4, body}};
  const char *bad = NULL;
  for (unsigned q = 0; q < 3 && !bad; q++) {
    sf_buf w;
    sf_buf_init(&w, NULL);
    sf_status_clear(st);
    sf_code rc = sf_dxbc_write_ex(ch, 2, SF_DXBC_WRITE_ZERO_CHECKSUM, &w, st);
    /* packed: the table's end at 40, chunk 0 at 40..52, chunk 1 at 52..64 */
    size_t gap = q == 1 ? 64 : 52;
    if (rc == SF_OK && w.len == 64 && q && sf_wr_u32(&w, 0)) {
      if (q == 2) { /* chunk 1 moved 4 bytes on: its offset in the table, and its bytes */
        memmove(w.data + 56, w.data + 52, 12);
        memset(w.data + 52, 0, 4);
        w.data[36] = 56;
      }
      w.data[24] = 68; /* the total size */
    }
    sf_buf t;
    sf_buf_init(&t, NULL);
    sf_dxbc c;
    memset(&c, 0, sizeof c);
    if (rc == SF_OK) rc = sf_dxbc_read(w.data, w.len, &c, st);
    sf_dxbc_free(&c);
    if (rc == SF_OK) {
      sf_status_clear(st);
      rc = sf_dxbc_print_text(w.data, w.len, &t, st);
      if (rc == SF_ERR_NOMEM) {
      } else if (!q ? rc != SF_OK
                    : rc != SF_UNSUPPORTED || st->pos_kind != SF_POS_BYTE || st->pos != (q == 2 ? 32 + 4 : gap) ||
                          !strstr(st->msg, q == 1 ? "4 bytes after the last chunk" : "chunk 1 starts at byte 0x38")) {
        bad = q == 0 ? "packed" : q == 1 ? "bytes after the last chunk" : "bytes between chunks";
      }
    } else if (rc != SF_ERR_NOMEM) {
      bad = "read";
    }
    sf_buf_free(&t);
    sf_buf_free(&w);
  }
  return bad;
}

/* `hex_reason`: a program chunk the printer cannot write as text is written as hex after a comment
 * `// SHEX as hex: <why>`, the why the program decoder's status formatted whole. A sample whose
 * sampler is indexed by r1.x + 2, the relative register's own index made a 64-bit immediate (its
 * representation bits, token 9), is a program the decoder refuses as unsupported, with one of its
 * longest messages: 108 characters formatted, more than a comment buffer cut to 96 bytes holds. */
static const char *hex_reason(sf_status *st) {
  static const char line[] = "sample r0.xyzw, v0.xyxx, t0.xyzw, s[r1.x + 2]";
  sf_d3d_inst d;
  uint32_t tok[2 + SF_TPF_MAX_INST_LEN];
  size_t n = 0;
  sf_status_clear(st);
  if (sf_d3dasm_parse_inst(line, sizeof line - 1, 1, &d, st) != SF_OK || sf_tpf_encode_inst(&d, tok + 2, &n, st) != SF_OK ||
      n != 11 || ((tok[2 + 9] >> 12) & 0xff) != SF_D3D_OT_TEMP || ((tok[2 + 9] >> 20) & 3) != 1)
    return "setup";
  tok[2 + 9] |= 1u << 22; /* the relative register's index 0: a 64-bit immediate */
  tok[0] = 0x50u, tok[1] = (uint32_t)(n + 2);
  uint8_t body[4 * (2 + SF_TPF_MAX_INST_LEN)];
  for (size_t i = 0; i < 4 * (n + 2); i++) body[i] = (uint8_t)(tok[i / 4] >> (8 * (i % 4)));
  sf_tpf_program prog;
  sf_status dst;
  sf_status_clear(&dst);
  if (sf_tpf_program_decode(body, 4 * (n + 2), &prog, &dst) == SF_OK) {
    sf_tpf_program_free(&prog);
    return "setup: the program decodes";
  }
  char want[SF_STATUS_MSG_MAX + 96], got[SF_STATUS_MSG_MAX + 128];
  sf_status_format(&dst, want, sizeof want);
  if (strlen(want) < 100 || !strstr(want, "nested relative addressing")) return "setup: the decoder's reason";
  snprintf(got, sizeof got, "// SHEX as hex: %s\n", want);
  sf_dxbc_chunk ch = {SF_DXBC_SHEX, 0, (uint32_t)(4 * (n + 2)), body};
  sf_buf w, t;
  sf_buf_init(&w, NULL);
  sf_buf_init(&t, NULL);
  sf_code rc = sf_dxbc_write_ex(&ch, 1, SF_DXBC_WRITE_ZERO_CHECKSUM, &w, st);
  if (rc == SF_OK) rc = sf_dxbc_print_text(w.data, w.len, &t, st);
  const char *bad = NULL;
  if (rc == SF_OK && (!sf_buf_put(&t, "", 1) || !strstr((const char *)t.data, got))) bad = t.failed ? NULL : "reason cut";
  else if (rc != SF_OK && rc != SF_ERR_NOMEM) bad = "print";
  sf_buf_free(&w);
  sf_buf_free(&t);
  return bad;
}

/* Programs: SF_TPF_MAX_ITEMS `ret`s added one by one, and the next refused as over the limit; a
 * comment block of SF_TPF_MAX_PROGRAM_TOKENS - 2 tokens and a `ret` after it (a program one token
 * past the cap: each item alone is within it) refused by the encoder as over the limit; and an
 * immediate constant buffer of 131,073 four-value entries (a statement of 524,294 DWORDs, past
 * 2^19, so its token list grows to 2^20) read from text, whole. */
static const char *program_caps(sf_status *st) {
  const char *bad = NULL;
  sf_tpf_program p;
  sf_tpf_program_init(&p, 0x50u); /* ps_5_0 */
  const uint32_t ret = SF_TPF_OP_RET;
  sf_code rc = SF_OK;
  for (uint32_t i = 0; i < SF_TPF_MAX_ITEMS && rc == SF_OK; i++) rc = sf_tpf_program_add_tokens(&p, &ret, 1, st);
  if (rc == SF_OK) {
    sf_status_clear(st);
    rc = sf_tpf_program_add_tokens(&p, &ret, 1, st);
    if (rc != SF_ERR_LIMIT || p.count != SF_TPF_MAX_ITEMS) bad = "items";
    rc = SF_OK;
  } else if (rc != SF_ERR_NOMEM) {
    bad = "items at the cap";
  }
  sf_tpf_program_free(&p);
  const size_t n = SF_TPF_MAX_PROGRAM_TOKENS - 2;
  uint32_t *body = bad ? NULL : calloc(n, sizeof *body);
  if (body) {
    body[0] = SF_TPF_OP_CUSTOMDATA, body[1] = (uint32_t)n; /* a comment block of n DWORDs */
    sf_tpf_program_init(&p, 0x50u);
    sf_status_clear(st);
    rc = sf_tpf_program_add_tokens(&p, body, n, st);
    if (rc == SF_OK) rc = sf_tpf_program_add_tokens(&p, &ret, 1, st);
    free(body);
    if (rc == SF_OK) {
      sf_buf w;
      sf_buf_init(&w, NULL);
      sf_status_clear(st);
      rc = sf_tpf_program_encode(&p, &w, st);
      sf_buf_free(&w);
      if (rc != SF_ERR_LIMIT && rc != SF_ERR_NOMEM) bad = "encode past the cap";
    } else if (rc != SF_ERR_NOMEM) {
      bad = "build past the cap";
    }
    sf_tpf_program_free(&p);
  }
  if (!bad) {
    enum { ENTRIES = 131073 };
    static const char head[] = "ps_5_0\ndcl_immediateConstantBuffer { ", entry[] = "{0,0,0,0},", tail[] = "{0,0,0,0} }\nret\n";
    sf_buf t;
    sf_buf_init(&t, NULL);
    bool ok = sf_buf_put(&t, head, sizeof head - 1);
    for (unsigned i = 0; ok && i + 1 < ENTRIES; i++) ok = sf_buf_put(&t, entry, sizeof entry - 1);
    ok = ok && sf_buf_put(&t, tail, sizeof tail - 1);
    sf_status_clear(st);
    rc = ok ? sf_d3dasm_parse_program((const char *)t.data, t.len, &p, st) : SF_ERR_NOMEM;
    /* the declaration: its opcode token, its length, then the values */
    if (rc == SF_OK && (p.count != 2 || p.items[0].kind != SF_TPF_ITEM_OPAQUE || p.items[0].ntok != 2 + 4u * ENTRIES))
      bad = "icb length";
    else if (rc != SF_OK && rc != SF_ERR_NOMEM)
      bad = "icb";
    if (rc == SF_OK) sf_tpf_program_free(&p);
    sf_buf_free(&t);
  }
  return bad;
}

/* A signature element with a name and a component mask (read and written), every other field 0. */
static sf_dxbc_sig_entry sig_entry(const char *name, uint8_t mask) {
  sf_dxbc_sig_entry e;
  memset(&e, 0, sizeof e);
  snprintf(e.name, sizeof e.name, "%s", name);
  e.mask = e.rw_mask = mask;
  return e;
}

/* Signatures: SF_DXBC_SIG_MAX_ELEMS elements added through the API, encoded and decoded back with
 * that many; one more refused as over the limit, by the adder and by the encoder. */
static const char *sig_caps(sf_status *st) {
  sf_dxbc_sig s, back;
  sf_dxbc_sig_init(&s, SF_DXBC_ISGN);
  sf_dxbc_sig_init(&back, 0);
  sf_dxbc_sig_entry e = sig_entry("A", 1);
  const char *bad = NULL;
  sf_code rc = SF_OK;
  for (unsigned i = 0; i < SF_DXBC_SIG_MAX_ELEMS && rc == SF_OK; i++) {
    e.reg = i;
    sf_status_clear(st);
    rc = sf_dxbc_sig_add(&s, &e, st);
  }
  if (rc == SF_OK) {
    sf_buf w;
    sf_buf_init(&w, NULL);
    rc = sf_dxbc_sig_encode(&s, &w, st);
    if (rc == SF_OK) rc = sf_dxbc_sig_decode(s.fourcc, w.data, w.len, &back, st);
    if (rc == SF_OK && back.n != SF_DXBC_SIG_MAX_ELEMS) bad = "round trip count";
    else if (rc != SF_OK && rc != SF_ERR_NOMEM) bad = "round trip";
    sf_buf_free(&w);
    sf_status_clear(st);
    if (!bad && rc == SF_OK && (sf_dxbc_sig_add(&s, &e, st) != SF_ERR_LIMIT || s.n != SF_DXBC_SIG_MAX_ELEMS)) bad = "add past the cap";
    /* the encoder too refuses one more, given a signature built by hand (its fields are open),
     * writing nothing */
    sf_dxbc_sig_entry *more = bad ? NULL : calloc(SF_DXBC_SIG_MAX_ELEMS + 1, sizeof *more);
    if (more) {
      sf_dxbc_sig big = {SF_DXBC_ISGN, more, SF_DXBC_SIG_MAX_ELEMS + 1, SF_DXBC_SIG_MAX_ELEMS + 1};
      sf_buf_init(&w, NULL);
      sf_status_clear(st);
      if (sf_dxbc_sig_encode(&big, &w, st) != SF_ERR_LIMIT || w.len) bad = "encode past the cap";
      sf_buf_free(&w);
      free(more);
    }
  } else if (rc != SF_ERR_NOMEM) {
    bad = "add at the cap";
  }
  sf_dxbc_sig_free(&s);
  sf_dxbc_sig_free(&back);
  return bad;
}

/* A signature whose last name ends exactly at the chunk's end, its NUL the next byte in memory
 * (as in a container, where the next chunk follows): the decoder must look for the NUL within the
 * chunk only and refuse the name as truncated at its first byte. */
static const char *sig_name_end(sf_status *st) {
  sf_dxbc_sig s, back;
  sf_dxbc_sig_init(&s, SF_DXBC_ISGN);
  sf_dxbc_sig_init(&back, 0);
  sf_dxbc_sig_entry e = sig_entry("POSITION", 15);
  const char *bad = NULL;
  sf_buf w;
  sf_buf_init(&w, NULL);
  sf_code rc = sf_dxbc_sig_add(&s, &e, st);
  if (rc == SF_OK) rc = sf_dxbc_sig_encode(&s, &w, st);
  if (rc == SF_OK) {
    size_t name = sf_le32(w.data + 8), nul = name + 8; /* the table's one element, its name's NUL */
    sf_status_clear(st);
    rc = sf_dxbc_sig_decode(s.fourcc, w.data, nul, &back, st);
    if (rc != SF_ERR_NOMEM && (rc != SF_ERR_TRUNCATED || st->pos != name || !strstr(st->msg, "name has no NUL")))
      bad = "a name whose NUL lies past the chunk";
    sf_dxbc_sig_free(&back);
  } else if (rc != SF_ERR_NOMEM) {
    bad = "a one-element signature";
  }
  sf_buf_free(&w);
  sf_dxbc_sig_free(&s);
  return bad;
}

/* The binary caps run in dxbc, the program's (whose icb is text) in d3dasm: each a few tenths of a
 * second at a process's start, which one target pays; a mutant of either codec is run by both. */
static bool sf_check_d3d_caps(sf_verdict *v) {
  static const struct {
    const char *check, *target;
    const char *(*run)(sf_status *st);
  } parts[7] = {{"container_caps", "dxbc", chunk_count}, {"container_caps", "dxbc", container_size},
                {"program_caps", "d3dasm", program_caps}, {"sig_caps", "dxbc", sig_caps},
                {"container_layout", "dxbc", container_layout}, {"hex_reason", "dxbc", hex_reason},
                {"sig_name_end", "dxbc", sig_name_end}};
  for (unsigned q = 0; q < 7; q++) {
    if (strcmp(v->oracle, parts[q].target) != 0) continue;
    sf_status st;
    sf_status_clear(&st);
    const char *bad = parts[q].run(&st);
    if (!bad) continue;
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, parts[q].check, NULL, bad);
    sf_verdict_key(v, "%s %s", parts[q].check, bad);
    sf_verdict_dumpf(v, "%s at its cap or one past: %s wrong: %s\n", parts[q].check, bad, sf_status_format(&st, msg, sizeof msg));
    return false;
  }
  return true;
}

SF_CHECK_ONCE_FN(sf_check_d3d_caps)

/* `version_digits`' printer side (called by it, check_d3d_names.c): a version the shader model line
 * can say (each digit 0-9, a type with a name: ps to cs) is printed as that line, not as
 * `.version`, and any other (a digit of 10, type 6, a bit in 8-15) as `.version`; the reader reads
 * every such line (d3d_program.c). */
bool sf_check_version_lines(sf_verdict *v) {
  static const struct { uint32_t version; const char *line; } named[] = {
      {0x00099u, "ps_9_9\n"}, {0x10090u, "vs_9_0\n"}, {0x50009u, "cs_0_9\n"}, {0x2009au, ".version 0x0002009a\n"},
      {0x000a0u, ".version 0x000000a0\n"}, {0x60050u, ".version 0x00060050\n"}, {0x10150u, ".version 0x00010150\n"}};
  for (unsigned q = 0; q < sizeof named / sizeof named[0]; q++) {
    sf_tpf_program p;
    sf_tpf_program_init(&p, named[q].version);
    sf_status st;
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_code rc = sf_d3dasm_print_program(&p, &b, &st);
    size_t n = strlen(named[q].line);
    bool ok = rc == SF_OK && b.len == n && memcmp(b.data, named[q].line, n) == 0;
    char d[SF_STATUS_MSG_MAX + 160];
    if (!ok)
      snprintf(d, sizeof d, "an empty program of version 0x%x printed: %s (%s), %zu bytes '%.*s', want '%.*s'",
               (unsigned)named[q].version, sf_code_name(rc), st.msg, b.len, (int)(b.len < 40 ? b.len : 40),
               b.data ? (const char *)b.data : "", (int)n - 1, named[q].line);
    sf_buf_free(&b);
    sf_tpf_program_free(&p);
    if (!ok) return sf_verdict_failf(v, "version_digits", "print", "%s", d);
  }
  return true;
}
