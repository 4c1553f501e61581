/* oracles/checks/check_d3d_gen.c — dxbc_fuzzer's generated mode (docs/oracles.md "Whole programs
 * the generator built").
 *
 * An input that starts with "SFGEN" is not tokens but the draws of the whole-program generator
 * (harness/gen/gen_d3d_program.c, sf_gen_d3d_program; one input in two with SF_GEN_D3D_TEXT_ONLY).
 * What it builds is a valid program of the opcode table, so where the program checks of dxbc excuse
 * a refusal or a `.tpf` escape as a documented limit, here each is a finding: the program must
 * decode (`gen_decode`), print (`gen_print`), print without a `.tpf` line when it was drawn
 * text-only (`gen_escape`), and pass every program check, its text reading back to its bytes
 * included (sf_check_d3d_program_strict, check_d3d.c).
 *
 * Then, for half the inputs, the program goes into a whole container with 0-4 signature chunks of every
 * layout (sf_gen_dxbc_sig: every field over its whole range, names up to 255 characters, now and
 * then 1,024 elements; now and then an empty one right after one of its kind), signed or unsigned, and the container codecs are held to the same rule
 * (`gen_container`): the writer writes it with its digest (`checksum`), the reader reads back the
 * very chunks, each signature decodes to the elements drawn, the text form prints every signature
 * as element lines (no `.chunk` hex: `sig_escape`), and the text reads back to the same bytes, with
 * any other layout of it too (`relayout`). And the reader must refuse the container with one chunk's
 * offset moved onto another chunk's (`overlap`), at the later chunk's table entry.
 *
 * One container in six ends in an empty chunk (its header ends the file). One container in five has
 * one signature repacked unlike fxc: a padding byte after its names set
 * to 0 instead of 0xab, or, with no padding, 4 bytes appended. Its elements are still there, but the
 * structured text would not give back its bytes, so the decoder must refuse it as unsupported
 * (`sig_repack`) and the text must carry it as hex and still read back to the same container.
 * Every drawn signature with elements also gets one element's reserved word set (`sig_reserved`),
 * which must be refused as unsupported at that word, and that element's name starting with a digit
 * (`sig_name_digit`), refused as unsupported at the name. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/gen_d3d.h"
#include "samplefuzz/oracle.h"

#define GEN_MAX_SIGS 4

/* A gen_container failure: what broke, a sentence, and the codec's status when there is one. */
static bool gen_fail(sf_verdict *v, const char *what, const sf_status *st, const char *msg) {
  char why[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "gen_container", NULL, what);
  sf_verdict_key(v, "gen_container %s", what);
  sf_verdict_dumpf(v, "%s", msg);
  if (st && st->code) sf_verdict_dumpf(v, ": %s", sf_status_format(st, why, sizeof why));
  sf_verdict_dumpf(v, "\n");
  return false;
}

static bool gen_same_entry(const sf_dxbc_sig_entry *a, const sf_dxbc_sig_entry *b, unsigned es) {
  return strcmp(a->name, b->name) == 0 && a->semantic_index == b->semantic_index &&
         a->system_value == b->system_value && a->component_type == b->component_type && a->reg == b->reg &&
         a->mask == b->mask && a->rw_mask == b->rw_mask && (es < 28 || a->stream == b->stream) &&
         (es < 32 || a->min_precision == b->min_precision);
}

/* Whether the container text has a `.chunk` line for a signature fourcc. */
static const char *gen_sig_escape(const char *t, size_t n) {
  for (size_t i = 0; i + 11 <= n;) {
    const char *nl = memchr(t + i, '\n', n - i);
    size_t len = (nl ? (size_t)(nl - t) : n) - i;
    if (len >= 11 && memcmp(t + i, ".chunk ", 7) == 0 &&
        sf_dxbc_sig_elem_size(SF_DXBC_FOURCC(t[i + 7], t[i + 8], t[i + 9], t[i + 10])))
      return t + i;
    i += len + 1;
  }
  return NULL;
}

/* Chunk b's offset set to chunk a's in a copy of the valid container c[0..n) with nc chunks (its
 * digest computed again, or left zero): the two chunks overlap, which the container format forbids
 * (docs/dxbc.md §1), so the reader must refuse it at the table entry of the later one of the two. */
static bool gen_overlap(sf_verdict *v, const uint8_t *c, size_t n, unsigned nc, unsigned pick, bool zero) {
  if (nc < 2 || n < 32 + 4 * (size_t)nc) return true;
  unsigned a = pick % nc, b = (a + 1 + (pick / nc) % (nc - 1)) % nc, later = a > b ? a : b;
  uint8_t *m = malloc(n);
  if (!m) return true;
  memcpy(m, c, n);
  memcpy(m + 32 + 4 * b, c + 32 + 4 * a, 4);
  if (!zero) {
    uint32_t sum[4];
    sf_dxbc_checksum(m, n, sum);
    for (unsigned i = 0; i < 16; i++) m[4 + i] = (uint8_t)(sum[i / 4] >> (8 * (i % 4)));
  }
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc r;
  memset(&r, 0, sizeof r);
  sf_code rc = sf_dxbc_read(m, n, &r, &st);
  sf_dxbc_free(&r);
  free(m);
  if (rc == SF_ERR_INVALID && st.pos_kind == SF_POS_BYTE && st.pos == 32 + 4 * (uint64_t)later) return true;
  char line[160];
  snprintf(line, sizeof line, "chunk %u moved onto chunk %u of %u: the reader %s", b, a, nc,
           rc == SF_OK ? "accepted the overlap" : "refused elsewhere");
  return gen_fail(v, "overlap", rc == SF_OK ? NULL : &st, line);
}

/* The checks on a container of drawn chunks (see the top of the file): chunks[0..nc) as given to
 * the writer, sig[0..ns) the signatures drawn and body[0..ns) their encodings; body[repacked] was
 * packed unlike fxc, by 4 bytes appended at byte `appended` when that is not 0. */
/* The decoder's refusal as the printer's comment gives it: formatted, line breaks as spaces. */
static void repack_why_of(const sf_status *st, char *why, size_t n) {
  sf_status_format(st, why, n);
  for (char *q = why; *q; q++)
    if (*q == '\n' || *q == '\r') *q = ' ';
}

/* Whether a line of t[0..n) ends in `mark` followed by `tail` and the line's end. */
static bool text_has_line_end(const char *t, size_t n, const char *mark, const char *tail) {
  size_t ml = strlen(mark), tl = strlen(tail);
  for (size_t i = 0; i + ml + tl < n; i++)
    if (t[i] == mark[0] && !memcmp(t + i, mark, ml) && !memcmp(t + i + ml, tail, tl) && t[i + ml + tl] == '\n') return true;
  return false;
}

static bool gen_container_check(const sf_dxbc_chunk *chunks, unsigned nc, const sf_dxbc_sig *sig, const sf_buf *body,
                                unsigned ns, int repacked, size_t appended, bool zero, unsigned pick, sf_verdict *v) {
  char why[SF_STATUS_MSG_MAX + 64] = ""; /* the repacked signature's refusal, which its hex comment must give whole */
  sf_status st;
  sf_status_clear(&st);
  sf_buf cont, text, back;
  sf_buf_init(&cont, &st);
  sf_buf_init(&text, &st);
  sf_buf_init(&back, &st);
  cont.limit = back.limit = SF_DXBC_MAX_SIZE;
  text.limit = SF_RELAYOUT_MAX;
  sf_dxbc c;
  memset(&c, 0, sizeof c);
  bool ok = true;
  if (sf_dxbc_write_ex(chunks, nc, zero ? SF_DXBC_WRITE_ZERO_CHECKSUM : 0, &cont, &st) != SF_OK) {
    ok = st.code == SF_ERR_LIMIT || gen_fail(v, "write", &st, "the writer refused a container of drawn chunks");
    goto done;
  }
  if (!sf_check_dxbc_checksum_written(cont.data, cont.len, zero, v)) {
    ok = false;
    goto done;
  }
  { /* the writer appends: after bytes a buffer already holds, it writes the same container (its
     * offsets and checksum count from the container's start, not the buffer's) */
    sf_buf a;
    sf_buf_init(&a, &st);
    a.limit = SF_DXBC_MAX_SIZE + 3;
    bool same = sf_buf_put(&a, "dxb", 3) &&
                sf_dxbc_write_ex(chunks, nc, zero ? SF_DXBC_WRITE_ZERO_CHECKSUM : 0, &a, &st) == SF_OK &&
                a.len == cont.len + 3 && memcmp(a.data + 3, cont.data, cont.len) == 0;
    sf_buf_free(&a);
    if (!same) {
      ok = gen_fail(v, "append", NULL, "the writer, after 3 bytes, does not append the container it writes into an empty buffer");
      goto done;
    }
  }
  if (sf_dxbc_read(cont.data, cont.len, &c, &st) != SF_OK) {
    ok = gen_fail(v, "read", &st, "the reader refused a container the writer wrote");
    goto done;
  }
  { /* `d3d9_magic`: the same bytes behind a Direct3D 9 version token (vs or ps 1.x-3.x, picked) are
     * shader bytecode outside the model, refused as unsupported at byte 0; behind a magic that is
     * neither, as invalid */
    static const uint32_t tok[4] = {0xFFFE0101u, 0xFFFF0200u, 0xFFFE0300u, 0xFFFF0300u};
    uint32_t keep = sf_le32(cont.data), m = pick & 4 ? 0x43425844u ^ 0x01000000u : tok[pick & 3];
    sf_dxbc x;
    memset(&x, 0, sizeof x);
    sf_status s9;
    sf_status_clear(&s9);
    cont.data[0] = (uint8_t)m, cont.data[1] = (uint8_t)(m >> 8), cont.data[2] = (uint8_t)(m >> 16), cont.data[3] = (uint8_t)(m >> 24);
    sf_code rc = sf_dxbc_read(cont.data, cont.len, &x, &s9);
    if (rc == SF_OK) sf_dxbc_free(&x);
    cont.data[0] = (uint8_t)keep, cont.data[1] = (uint8_t)(keep >> 8), cont.data[2] = (uint8_t)(keep >> 16),
    cont.data[3] = (uint8_t)(keep >> 24);
    sf_code want = pick & 4 ? SF_ERR_INVALID : SF_UNSUPPORTED;
    if (rc != want || s9.pos_kind != SF_POS_BYTE || s9.pos != 0) {
      ok = gen_fail(v, "d3d9_magic", &s9, pick & 4 ? "a container behind a bad magic is not refused as invalid at byte 0"
                                                   : "a container behind a Direct3D 9 version token is not refused as "
                                                     "unsupported at byte 0");
      goto done;
    }
  }
  for (unsigned i = 0; ok && i < nc; i++) {
    const sf_dxbc_chunk *a = &chunks[i], *b = i < c.nchunks ? &c.chunks[i] : NULL;
    if (!b || a->fourcc != b->fourcc || a->size != b->size || (a->size && memcmp(a->data, b->data, a->size)))
      ok = gen_fail(v, "chunks", NULL, "the chunks read back are not the chunks written");
  }
  for (unsigned i = 0; ok && i < ns; i++) {
    sf_dxbc_sig d;
    unsigned es = sf_dxbc_sig_elem_size(sig[i].fourcc);
    if ((int)i == repacked) {
      sf_code rc = sf_dxbc_sig_decode(sig[i].fourcc, body[i].data, body[i].len, &d, &st);
      if (rc == SF_OK) sf_dxbc_sig_free(&d);
      if (rc != SF_UNSUPPORTED)
        ok = gen_fail(v, "sig_repack", rc ? &st : NULL, rc ? "a signature packed unlike fxc is refused, but not as unsupported"
                                                          : "a signature packed unlike fxc decodes as if its text could give it back");
      else if (appended && (st.pos_kind != SF_POS_BYTE || st.pos != appended || !strstr(st.msg, "4 bytes after")))
        ok = gen_fail(v, "sig_repack", &st, "4 bytes appended to a signature are not named as such at the first of them");
      else
        repack_why_of(&st, why, sizeof why);
      continue;
    }
    if (sf_dxbc_sig_decode(sig[i].fourcc, body[i].data, body[i].len, &d, &st) != SF_OK) {
      ok = gen_fail(v, "sig_decode", &st, "a signature chunk the encoder wrote does not decode");
      break;
    }
    for (size_t e = 0; ok && e < sig[i].n; e++)
      if (d.n != sig[i].n || !gen_same_entry(&sig[i].e[e], &d.e[e], es))
        ok = gen_fail(v, "sig_same", NULL, "a signature decodes to other elements");
    sf_dxbc_sig_free(&d);
  }
  if (!ok || !(ok = gen_overlap(v, cont.data, cont.len, nc, pick, zero))) goto done;
  if (sf_dxbc_print_text(cont.data, cont.len, &text, &st) != SF_OK) {
    ok = st.code == SF_ERR_LIMIT || gen_fail(v, "print", &st, "the container does not print as text");
    goto done;
  }
  const char *t = (const char *)text.data, *esc = repacked < 0 ? gen_sig_escape(t, text.len) : NULL;
  if (why[0] && !text_has_line_end(t, text.len, " as hex: ", why)) {
    ok = gen_fail(v, "sig_repack", NULL, "the hex chunk's comment does not give the decoder's whole reason");
  } else if (esc) {
    const char *e = memchr(esc, '\n', text.len - (size_t)(esc - t));
    char line[200];
    snprintf(line, sizeof line, "a drawn signature printed as hex: %.*s", (int)((e ? e : t + text.len) - esc), esc);
    ok = gen_fail(v, "sig_escape", NULL, line);
  } else if (sf_dxbc_parse_text(t, text.len, &back, &st) != SF_OK) {
    ok = gen_fail(v, "parse", &st, "the printed container text does not parse");
  } else if (back.len != cont.len || memcmp(back.data, cont.data, cont.len) != 0) {
    ok = gen_fail(v, "text_bytes", NULL, "container -> text -> container gives other bytes");
  } else {
    ok = sf_check_relayout(v, "container", sf_canon_dxbc_text, NULL, t, text.len, cont.data, cont.len);
  }
done:
  sf_dxbc_free(&c);
  sf_buf_free(&cont);
  sf_buf_free(&text);
  sf_buf_free(&back);
  return ok;
}

/* `sig_layout`: fxc's packing of a signature chunk computed here, apart from the encoder: an 8-byte
 * header, the elements, then each distinct name once in element order with its NUL, then 0xab up
 * to a multiple of 4; each element's name offset points at its name. The decoder judges a chunk by
 * re-encoding it, so an encoder that packs unlike fxc would agree with itself; this does not. */
static bool sig_layout(const sf_dxbc_sig *s, const sf_buf *b, char *why, size_t wn) {
  size_t es = sf_dxbc_sig_elem_size(s->fourcc), names = 8 + s->n * es, at = names;
  for (size_t i = 0; i < s->n; i++) {
    bool seen = false;
    for (size_t j = 0; j < i && !seen; j++) seen = strcmp(s->e[i].name, s->e[j].name) == 0;
    if (!seen) at += strlen(s->e[i].name) + 1;
  }
  size_t want = (at + 3) & ~(size_t)3;
  if (b->len != want) return snprintf(why, wn, "%zu bytes for %zu elements whose names take %zu: want %zu", b->len, s->n,
                                      at - names, want), false;
  for (size_t i = 0; i < s->n; i++) {
    size_t off = sf_le32(b->data + 8 + i * es + (es >= 28 ? 4 : 0)), nl = strlen(s->e[i].name) + 1;
    if (off < names || off > want || want - off < nl || memcmp(b->data + off, s->e[i].name, nl) != 0)
      return snprintf(why, wn, "element %zu's name offset %zu does not point at its %zu-byte name", i, off, nl - 1), false;
  }
  for (; at < want; at++)
    if (b->data[at] != 0xab) return snprintf(why, wn, "padding byte %zu is 0x%02x, not 0xab", at, b->data[at]), false;
  return true;
}

/* `sig_reserved`: element e's reserved word (the two bytes after its masks, which fxc writes 0) set
 * non-zero must be refused as unsupported at its first byte: every element's text line would
 * print without it. */
static bool sig_reserved(const sf_dxbc_sig *sig, const sf_buf *body, unsigned e, sf_verdict *v) {
  unsigned es = sf_dxbc_sig_elem_size(sig->fourcc);
  size_t at = 8 + (size_t)e * es + (es >= 28 ? 4 : 0) + 22; /* after the stream word of the 28- and 32-byte forms */
  if (at + 2 > body->len) return gen_fail(v, "sig_reserved", NULL, "an element lies past its signature's body");
  uint8_t *copy = malloc(body->len);
  if (!copy) return true;
  memcpy(copy, body->data, body->len);
  copy[at + (e & 1)] = (uint8_t)(1u << (e % 8));
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc_sig d;
  sf_code rc = sf_dxbc_sig_decode(sig->fourcc, copy, body->len, &d, &st);
  free(copy);
  if (rc == SF_OK) sf_dxbc_sig_free(&d);
  if (rc != SF_UNSUPPORTED || st.pos_kind != SF_POS_BYTE || st.pos != at)
    return gen_fail(v, "sig_reserved", rc ? &st : NULL, "an element with a reserved byte set is not refused as unsupported "
                                                        "at the reserved word");
  /* `sig_name_digit`: the same element's name starting with a digit (the rest is still word
   * characters) is no identifier, so no `.isgn` line could carry it: refused as unsupported at the
   * name's offset, the message saying why. */
  size_t name = sf_le32(body->data + 8 + (size_t)e * es + (es >= 28 ? 4 : 0));
  if (name >= body->len || !(copy = malloc(body->len))) return true; /* the body's own decode (gen_container) read it */
  memcpy(copy, body->data, body->len);
  copy[name] = (uint8_t)('0' + e % 10);
  sf_status_clear(&st);
  rc = sf_dxbc_sig_decode(sig->fourcc, copy, body->len, &d, &st);
  free(copy);
  if (rc == SF_OK) sf_dxbc_sig_free(&d);
  if (rc != SF_UNSUPPORTED || st.pos_kind != SF_POS_BYTE || st.pos != name || !strstr(st.msg, "not an identifier"))
    return gen_fail(v, "sig_name_digit", rc ? &st : NULL, "an element whose name starts with a digit is not refused as "
                                                          "unsupported at its name, as no identifier");
  return true;
}

/* Draws a container's chunks: 0-4 signatures and a program chunk, at a drawn place. The program is
 * the generated one (prog[0..n)) one time in four, else the smallest pixel shader (ps_4_0, ret):
 * the generated program's own text round trip has been checked already, and printing and parsing
 * it again for every container would cost more than the signatures. */
static bool gen_container(sf_fdp *fd, const uint8_t *prog, size_t n, sf_verdict *v) {
  static const uint8_t tiny[12] = {0x40, 0, 0, 0, 3, 0, 0, 0, 0x3e, 0, 0, 0x01};
  if (sf_fdp_chance(fd, 192)) prog = tiny, n = sizeof tiny; /* also when the bytes have run out */
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc_sig sig[GEN_MAX_SIGS];
  sf_buf body[GEN_MAX_SIGS];
  sf_dxbc_chunk chunks[GEN_MAX_SIGS + 2];
  unsigned ns = sf_fdp_range(fd, 0, GEN_MAX_SIGS), at = sf_fdp_range(fd, 0, ns), made = 0, nc = 0;
  bool zero = sf_fdp_chance(fd, 64), ok = true;
  uint32_t prev = 0;
  for (; made < ns && ok; made++) {
    /* Two non-empty signatures of one kind in a row print as one (docs/dxbc.md §10), so the second
     * would be hex by design. After a non-empty one the same kind comes again one time in two as an
     * empty signature (a bare directive line, a chunk of its own: the reader closes the open one
     * first), else another kind is drawn; after an empty one any kind may follow. */
    unsigned ki = sf_fdp_pick(fd, SF_DXBC_SIG_KINDS);
    bool empty = false;
    if (made && sig[made - 1].n && sf_dxbc_sig_kinds[ki] == prev) {
      if (sf_fdp_bool(fd)) empty = true;
      else ki = (ki + 1 + sf_fdp_pick(fd, SF_DXBC_SIG_KINDS - 1)) % SF_DXBC_SIG_KINDS;
    }
    prev = sf_dxbc_sig_kinds[ki];
    sf_buf_init(&body[made], &st);
    body[made].limit = SF_DXBC_MAX_SIZE;
    if (empty) sf_dxbc_sig_init(&sig[made], prev);
    if ((!empty && sf_gen_dxbc_sig(fd, prev, &sig[made], &st)) || sf_dxbc_sig_encode(&sig[made], &body[made], &st))
      ok = gen_fail(v, "sig_encode", &st, "a drawn signature does not encode");
    char why[160];
    if (ok && !sig_layout(&sig[made], &body[made], why, sizeof why)) ok = gen_fail(v, "sig_layout", NULL, why);
    if (ok) { /* the encoder appends: after 1-3 bytes already in the buffer, the same body (its padding too) */
      sf_buf again;
      sf_buf_init(&again, &st);
      again.limit = SF_DXBC_MAX_SIZE + 4;
      size_t pre = 1 + made % 3;
      sf_buf_put(&again, "\x01\x02\x03", pre);
      if (sf_dxbc_sig_encode(&sig[made], &again, &st) != SF_OK || again.len != pre + body[made].len ||
          memcmp(again.data + pre, body[made].data, body[made].len) != 0)
        ok = gen_fail(v, "sig_append", &st, "a signature encoded after other bytes differs from its body");
      sf_buf_free(&again);
    }
    if (ok && sig[made].n) ok = sig_reserved(&sig[made], &body[made], sf_fdp_pick(fd, (unsigned)sig[made].n), v);
  }
  if (ok) {
    for (unsigned i = 0; i <= ns; i++) {
      if (i == at)
        chunks[nc++] = (sf_dxbc_chunk){(prog[0] >> 4) >= 5 ? SF_DXBC_SHEX : SF_DXBC_SHDR, 0, (uint32_t)n, prog};
      if (i < ns) chunks[nc++] = (sf_dxbc_chunk){sig[i].fourcc, 0, (uint32_t)body[i].len, body[i].data};
    }
    /* Now and then an empty chunk last, its 8-byte header ending the file: a reader that wants a
     * byte past a chunk's header refuses it. */
    static const uint8_t none[1] = {0};
    if (sf_fdp_chance(fd, 40)) chunks[nc++] = (sf_dxbc_chunk){SF_DXBC_FOURCC('S', 'F', 'E', '0'), 0, 0, none};
    int repacked = -1;
    size_t appended = 0;
    if (ns && sf_fdp_chance(fd, 51)) {
      repacked = (int)sf_fdp_pick(fd, ns);
      sf_buf *b = &body[repacked];
      /* A padding byte set to 0 (only padding is 0xab), or, one time in two and whenever there is no
       * padding, 4 bytes appended: the refusal must then say so, at the first of them. */
      if (b->len > 8 && b->data[b->len - 1] == 0xab && sf_fdp_bool(fd)) b->data[b->len - 1] = 0;
      else appended = b->len, ok = sf_buf_put(b, "\0\0\0\0", 4) || gen_fail(v, "sig_encode", &st, "4 more bytes do not fit");
      chunks[repacked + (at <= (unsigned)repacked)].size = (uint32_t)b->len;
      chunks[repacked + (at <= (unsigned)repacked)].data = b->data;
    }
    if (ok) ok = gen_container_check(chunks, nc, sig, body, ns, repacked, appended, zero, sf_fdp_range(fd, 0, 255), v);
  }
  for (unsigned i = 0; i < made; i++) sf_dxbc_sig_free(&sig[i]), sf_buf_free(&body[i]);
  return ok;
}

bool sf_check_dxbc_gen(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_status st;
  sf_status_clear(&st);
  sf_fdp fd;
  sf_fdp_init(&fd, p, n);
  unsigned flags = sf_fdp_bool(&fd) ? (unsigned)SF_GEN_D3D_TEXT_ONLY : 0u;
  sf_buf prog;
  sf_buf_init(&prog, &st);
  prog.limit = SF_CHECK_MAX_BIN;
  bool ok = true;
  if (sf_gen_d3d_program(&fd, flags, &prog, &st) == SF_OK) {
    ok = sf_check_d3d_program_strict(prog.data, prog.len, v, "program",
                                     SF_D3D_STRICT | (flags ? (unsigned)SF_D3D_STRICT_NO_TPF : 0u));
    snprintf(v->oracle, sizeof v->oracle, "dxbc");
    if (ok && prog.len >= 8 && sf_fdp_chance(&fd, 128)) ok = gen_container(&fd, prog.data, prog.len, v);
  } else if (st.code == SF_ERR_LIMIT || st.code == SF_ERR_NOMEM) {
    sf_verdict_refuse(v, &st); /* a program longer than the target's input cap: nothing to judge */
  } else {
    char msg[SF_STATUS_MSG_MAX + 64];
    ok = sf_verdict_fail(v, "gen", NULL, sf_code_name(st.code));
    sf_verdict_key(v, "gen code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "sf_gen_d3d_program failed: %s\n", sf_status_format(&st, msg, sizeof msg));
  }
  sf_buf_free(&prog);
  return ok;
}
