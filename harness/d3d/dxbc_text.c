/* dxbc_text.c — the whole DXBC container as text: the printer (docs/dxbc.md §10).
 *
 * Every chunk prints in table order. A signature chunk prints as one `.isgn`-style line per element
 * when its bytes are exactly what fxc's layout gives back (sf_dxbc_sig_decode checks that); a
 * SHDR/SHEX chunk prints as `.program FOURCC` and the program text when print -> parse -> encode
 * gives back its very bytes; every other chunk, and any of those two that do not reproduce, prints
 * as `.chunk FOURCC` hex with a `//` comment saying why. The header, offsets, sizes and checksum are
 * not printed: the parser recomputes them, which reproduces the input exactly because fxc packs the
 * chunks right after the chunk table; other layouts are refused as unsupported. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "harness/d3d/dxbc_text_priv.h"

void dxbc_bprintf(sf_buf *o, const char *fmt, ...) {
  char piece[DXBC_PIECE_MAX];
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(piece, sizeof piece, fmt, ap);
  va_end(ap);
  if (n < 0 || (size_t)n >= sizeof piece) {
    o->failed = true;
    o->code = SF_ERR_LIMIT;
    sf_fail(o->st, SF_ERR_LIMIT, "a container text piece of %d bytes is over the printer's %u", n, DXBC_PIECE_MAX - 1);
    return;
  }
  sf_buf_put(o, piece, (size_t)n);
}

static const struct {
  uint32_t fourcc;
  const char *dir;
} sig_dirs[] = {
    {SF_DXBC_ISGN, ".isgn"}, {SF_DXBC_OSGN, ".osgn"}, {SF_DXBC_FOURCC('P', 'C', 'S', 'G'), ".pcsg"},
    {SF_DXBC_FOURCC('O', 'S', 'G', '5'), ".osg5"}, {SF_DXBC_FOURCC('I', 'S', 'G', '1'), ".isg1"},
    {SF_DXBC_FOURCC('O', 'S', 'G', '1'), ".osg1"}, {SF_DXBC_FOURCC('P', 'S', 'G', '1'), ".psg1"}};

const char *dxbc_sig_directive(uint32_t fourcc) {
  for (size_t i = 0; i < sizeof sig_dirs / sizeof sig_dirs[0]; i++)
    if (sig_dirs[i].fourcc == fourcc) return sig_dirs[i].dir;
  return NULL;
}

uint32_t dxbc_sig_fourcc_of(const char *word, size_t len) {
  for (size_t i = 0; i < sizeof sig_dirs / sizeof sig_dirs[0]; i++)
    if (strlen(sig_dirs[i].dir) == len && memcmp(sig_dirs[i].dir, word, len) == 0) return sig_dirs[i].fourcc;
  return 0;
}

/* FOURCC as its four characters when they are [A-Za-z0-9_], else 0x%08x (the little-endian value). */
static void put_fourcc(sf_buf *o, uint32_t f) {
  char s[5];
  bool plain = true;
  for (unsigned i = 0; i < 4; i++) {
    s[i] = (char)((f >> (8 * i)) & 0xff);
    plain = plain && da_is_word((unsigned char)s[i]);
  }
  s[4] = 0;
  if (plain)
    dxbc_bprintf(o, "%s", s);
  else
    dxbc_bprintf(o, "0x%08x", f);
}

static void put_hex_bytes(sf_buf *o, const uint8_t *p, size_t n) {
  static const char hx[] = "0123456789abcdef";
  for (size_t i = 0; i < n; i++) {
    char t[3] = {i % 4 == 0 ? ' ' : 0, hx[p[i] >> 4], hx[p[i] & 15]};
    if (t[0]) sf_buf_put(o, t, 3);
    else sf_buf_put(o, t + 1, 2);
  }
}

#define HEX_PER_LINE 32u

static void put_chunk_hex(sf_buf *o, uint32_t fourcc, const uint8_t *p, size_t n, const char *why) {
  if (why) {
    dxbc_bprintf(o, "// ");
    put_fourcc(o, fourcc);
    dxbc_bprintf(o, " as hex: %s\n", why);
  }
  dxbc_bprintf(o, ".chunk ");
  put_fourcc(o, fourcc);
  if (n <= HEX_PER_LINE) {
    put_hex_bytes(o, p, n);
    dxbc_bprintf(o, "\n");
    return;
  }
  dxbc_bprintf(o, "  // %zu bytes\n", n);
  for (size_t at = 0; at < n; at += HEX_PER_LINE) {
    dxbc_bprintf(o, ".hex");
    put_hex_bytes(o, p + at, n - at < HEX_PER_LINE ? n - at : HEX_PER_LINE);
    dxbc_bprintf(o, "\n");
  }
}

/* The program text when it reproduces the chunk exactly; else SF_UNSUPPORTED with the reason. */
static sf_code program_text(const uint8_t *p, size_t n, sf_buf *text, sf_status *st) {
  sf_tpf_program prog, back;
  sf_tpf_program_init(&back, 0);
  sf_code c = sf_tpf_program_decode(p, n, &prog, st);
  if (c) return c;
  c = sf_d3dasm_print_program(&prog, text, st);
  sf_tpf_program_free(&prog);
  if (!c) c = sf_d3dasm_parse_program((const char *)text->data, text->len, &back, st);
  if (!c) {
    sf_buf enc;
    sf_buf_init(&enc, st);
    c = sf_tpf_program_encode(&back, &enc, st);
    if (!c && (enc.len != n || memcmp(enc.data, p, n) != 0)) {
      size_t at = 0;
      while (at < n && at < enc.len && enc.data[at] == p[at]) at++;
      c = sf_fail_byte(st, SF_UNSUPPORTED, at, "the program text does not reproduce the chunk (byte %zu differs)", at);
    }
    sf_buf_free(&enc);
  }
  sf_tpf_program_free(&back);
  return c;
}

static void why_of(const sf_status *st, char *why, size_t n) {
  char tmp[SF_STATUS_MSG_MAX + 64];
  snprintf(why, n, "%s", sf_status_format(st, tmp, sizeof tmp));
  for (char *q = why; *q; q++)
    if (*q == '\n' || *q == '\r') *q = ' ';
}

sf_code sf_dxbc_print_text(const uint8_t *data, size_t len, sf_buf *out, sf_status *st) {
  if (!out || (len && !data)) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_print_text: NULL argument");
  sf_dxbc c; /* sf_dxbc_read clears it first */
  sf_code rc = sf_dxbc_read(data, len, &c, st);
  if (rc) {
    sf_dxbc_free(&c);
    return rc;
  }
  /* fxc's layout: chunk i starts right where chunk i-1 ends, the first right after the table, the
   * last ends the file. That is what sf_dxbc_write recomputes; anything else cannot round-trip. */
  size_t expect = 32 + 4 * (size_t)c.nchunks;
  for (uint32_t i = 0; i < c.nchunks && !rc; i++) {
    if (c.chunks[i].offset != expect)
      rc = sf_fail_byte(st, SF_UNSUPPORTED, 32 + 4 * (uint64_t)i, "chunk %u starts at byte 0x%x, not right after the "
                        "previous one at 0x%zx (fxc packs chunks contiguously in table order)", i,
                        c.chunks[i].offset, expect);
    expect = (size_t)c.chunks[i].offset + 8 + c.chunks[i].size;
  }
  if (!rc && expect != len)
    rc = sf_fail_byte(st, SF_UNSUPPORTED, expect, "%zu bytes after the last chunk (fxc writes none)", len - expect);
  if (rc) {
    sf_dxbc_free(&c);
    return rc;
  }
  dxbc_bprintf(out, ".dxbc%s  // %u chunk%s, %zu bytes\n", c.zero_checksum ? " unsigned" : "", c.nchunks,
               c.nchunks == 1 ? "" : "s", len);
  uint32_t open_sig = 0; /* fourcc of the signature whose element lines were printed last */
  for (uint32_t i = 0; i < c.nchunks && !out->failed; i++) {
    const sf_dxbc_chunk *ch = &c.chunks[i];
    const char *dir = dxbc_sig_directive(ch->fourcc);
    char why[SF_STATUS_MSG_MAX + 96];
    sf_status cst;
    sf_status_clear(&cst);
    uint32_t was_open = open_sig;
    open_sig = 0;
    if (dir) {
      sf_dxbc_sig sig;
      sf_code sc = sf_dxbc_sig_decode(ch->fourcc, ch->data, ch->size, &sig, &cst);
      if (sc == SF_ERR_NOMEM) { /* out of memory is not a reason to print the chunk as hex */
        sf_dxbc_sig_free(&sig);
        sf_dxbc_free(&c);
        return sf_fail(st, SF_ERR_NOMEM, "chunk %u (%s): %s", (unsigned)i, dir, cst.msg);
      }
      if (!sc && sig.n && was_open == ch->fourcc) {
        snprintf(why, sizeof why, "its element lines would join those of the %s chunk just before", dir);
      } else if (!sc) {
        if (!sig.n) dxbc_bprintf(out, "%s  // no elements\n", dir);
        for (size_t k = 0; k < sig.n; k++) {
          dxbc_bprintf(out, "%s", dir);
          dxbc_sig_print_entry(out, ch->fourcc, &sig.e[k]);
          dxbc_bprintf(out, "\n");
        }
        if (sig.n) open_sig = ch->fourcc;
        sf_dxbc_sig_free(&sig);
        continue;
      } else {
        why_of(&cst, why, sizeof why);
      }
      sf_dxbc_sig_free(&sig);
      put_chunk_hex(out, ch->fourcc, ch->data, ch->size, why);
      continue;
    }
    if (ch->fourcc == SF_DXBC_SHDR || ch->fourcc == SF_DXBC_SHEX) {
      sf_buf text;
      sf_buf_init(&text, &cst);
      text.limit = SF_D3DASM_MAX_TEXT;
      sf_code pc = program_text(ch->data, ch->size, &text, &cst);
      if (pc == SF_ERR_NOMEM) {
        sf_buf_free(&text);
        sf_dxbc_free(&c);
        return sf_fail(st, SF_ERR_NOMEM, "chunk %u (program): %s", (unsigned)i, cst.msg);
      }
      if (pc == SF_OK) {
        dxbc_bprintf(out, ".program %s\n", ch->fourcc == SF_DXBC_SHDR ? "SHDR" : "SHEX");
        sf_buf_put(out, text.data, text.len);
        if (text.len && text.data[text.len - 1] != '\n') dxbc_bprintf(out, "\n");
      } else {
        why_of(&cst, why, sizeof why);
        put_chunk_hex(out, ch->fourcc, ch->data, ch->size, why);
      }
      sf_buf_free(&text);
      continue;
    }
    put_chunk_hex(out, ch->fourcc, ch->data, ch->size, NULL);
  }
  sf_dxbc_free(&c);
  if (out->failed) return st && st->code ? st->code : sf_fail(st, sf_buf_code(out), "text output exceeds its cap");
  return SF_OK;
}
