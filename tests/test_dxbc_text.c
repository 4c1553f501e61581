/* tests/test_dxbc_text.c — the whole DXBC container as text (docs/dxbc.md §10).
 *
 * Known answers for every signature layout (ISGN/OSGN/PCSG, OSG5 with streams, ISG1/OSG1/PSG1 with
 * min precision), the hex fallback with its reason for layouts the element form cannot reproduce
 * (unshared or unpadded names, trailing bytes, non-identifier names, reserved bytes, adjacent
 * same-kind chunks, undecodable programs), containers refused as unsupported (gaps, trailing bytes),
 * malformed lines refused at line:column, and 20,000 mutated containers plus 20,000 mutated texts:
 * every container that prints must parse back to its own bytes, every refusal has a position. */
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/dxbc.h"
#include "tests/sf_test.h"

static void put32(uint8_t *p, uint32_t v) {
  for (unsigned i = 0; i < 4; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* A container from raw chunk bodies. */
static size_t make(const sf_dxbc_chunk *ch, size_t n, uint8_t *out, size_t cap) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  size_t len = 0;
  if (sf_dxbc_write(ch, n, &b, &st) == SF_OK && b.len <= cap) {
    memcpy(out, b.data, b.len);
    len = b.len;
  }
  SF_CHECK_MSG(len != 0, "make: %s", st.msg);
  sf_buf_free(&b);
  return len;
}

/* container -> text -> container must be the identity; returns the text (caller frees). */
static char *roundtrip(const uint8_t *data, size_t len, const char *what) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf t, b;
  sf_buf_init(&t, &st);
  sf_buf_init(&b, &st);
  char why[256];
  char *out = NULL;
  if (sf_dxbc_print_text(data, len, &t, &st) != SF_OK) {
    SF_CHECK_MSG(0, "%s: print: %s", what, sf_status_format(&st, why, sizeof why));
  } else {
    out = malloc(t.len + 1);
    if (out) {
      memcpy(out, t.data, t.len);
      out[t.len] = 0;
    }
    if (sf_dxbc_parse_text((const char *)t.data, t.len, &b, &st) != SF_OK)
      SF_CHECK_MSG(0, "%s: parse: %s\n%s", what, sf_status_format(&st, why, sizeof why), out ? out : "");
    else
      SF_CHECK_MEM(b.data, b.len, data, len);
  }
  sf_buf_free(&t);
  sf_buf_free(&b);
  return out;
}

static void bytes_of(const char *text, uint8_t *out, size_t *len) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  char why[256];
  *len = 0;
  if (sf_dxbc_parse_text(text, strlen(text), &b, &st) != SF_OK)
    SF_CHECK_MSG(0, "parse: %s\n%s", sf_status_format(&st, why, sizeof why), text);
  else if (b.len <= 4096) {
    memcpy(out, b.data, b.len);
    *len = b.len;
  }
  sf_buf_free(&b);
}

static void test_signature_layouts(void) {
  const char *text =
      ".dxbc\n"
      ".isgn SV_Position 0 sv=position type=float r=0 mask=xyzw rw=none\n"
      ".isgn TEXCOORD 0 sv=none type=float r=1 mask=xy rw=xy\n"
      ".isgn TEXCOORD 1 sv=none type=float r=1 mask=zw rw=z\n"
      ".osgn SV_Target 0 sv=none type=float r=0 mask=xyzw rw=none\n"
      ".pcsg SV_TessFactor 0 sv=final_quad_edge_tessfactor type=float r=0 mask=x rw=none\n"
      ".osg5 COLOR 0 stream=1 sv=none type=uint r=0 mask=xyzw rw=yzw\n"
      ".isg1 COLOR 2 stream=0 sv=none type=sint r=3 mask=xy rw=x min=i16\n"
      ".osg1 SV_Target 0 stream=0 sv=target type=float r=0 mask=xyzw rw=none min=f16\n"
      ".psg1 P 0 stream=0 sv=17 type=9 r=0 mask=0x1f rw=0x80 min=any10\n"
      ".isgn  // no elements\n"
      ".program SHDR\n"
      "ps_4_0\n"
      "ret\n"
      ".chunk STAT 01020304 05\n"
      ".chunk 0x00000000\n";
  uint8_t c[4096];
  size_t len;
  bytes_of(text, c, &len);
  if (!len) return;
  sf_dxbc d;
  memset(&d, 0, sizeof d);
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_dxbc_read(c, len, &d, &st), SF_OK);
  SF_CHECK_EQ_U(d.nchunks, 11);
  /* ISGN: 3 elements of 24 bytes, TEXCOORD stored once (fxc shares equal names), 0xAB padding. */
  const sf_dxbc_chunk *isgn = &d.chunks[0];
  static const uint8_t isgn_want[] = {
      3, 0, 0, 0, 8, 0, 0, 0,
      0x50, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0x0f, 0x00, 0, 0,
      0x5c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0x03, 0x03, 0, 0,
      0x5c, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 1, 0, 0, 0, 0x0c, 0x04, 0, 0,
      'S', 'V', '_', 'P', 'o', 's', 'i', 't', 'i', 'o', 'n', 0,
      'T', 'E', 'X', 'C', 'O', 'O', 'R', 'D', 0, 0xab, 0xab, 0xab};
  SF_CHECK_MEM(isgn->data, isgn->size, isgn_want, sizeof isgn_want);
  SF_CHECK_EQ_U(d.chunks[3].size, 8 + 28 + 8); /* OSG5: stream DWORD first, "COLOR\0" + 2 pad */
  SF_CHECK_EQ_U(sf_le32(d.chunks[3].data + 8), 1);
  SF_CHECK_EQ_U(d.chunks[4].size, 8 + 32 + 8); /* ISG1: min precision DWORD last */
  SF_CHECK_EQ_U(sf_le32(d.chunks[4].data + 8 + 28), 4);
  SF_CHECK_EQ_U(d.chunks[6].data[8 + 24], 0x1f);
  SF_CHECK_EQ_U(d.chunks[7].size, 8);
  SF_CHECK_EQ_U(d.chunks[8].fourcc, SF_DXBC_SHDR);
  SF_CHECK_EQ_U(d.chunks[9].size, 5);
  SF_CHECK_EQ_U(d.chunks[10].fourcc, 0);
  sf_dxbc_free(&d);
  char *t = roundtrip(c, len, "layouts");
  /* The printer's own text is a fixed point, and spells the fields as documented. */
  if (t) {
    SF_CHECK(strstr(t, ".isgn TEXCOORD 1 sv=none type=float r=1 mask=zw rw=z\n") != NULL);
    SF_CHECK(strstr(t, ".osg5 COLOR 0 stream=1 sv=none type=uint r=0 mask=xyzw rw=yzw\n") != NULL);
    SF_CHECK(strstr(t, ".psg1 P 0 stream=0 sv=17 type=9 r=0 mask=0x1f rw=0x80 min=any10\n") != NULL);
    SF_CHECK(strstr(t, ".chunk STAT 01020304 05\n") != NULL);
    SF_CHECK(strstr(t, ".chunk 0x00000000\n") != NULL);
    SF_CHECK(strstr(t, ".program SHDR\nps_4_0\nret\n") != NULL);
  }
  free(t);
}

/* Signature bytes the element form cannot reproduce print as hex with the reason. */
static void test_signature_fallbacks(void) {
  uint8_t sig[128], c[1024];
  static const char *const reason[] = {"not fxc's packing", "after the names", "not an identifier",
                                       "reserved bytes", "not packed as fxc", "element table at offset"};
  for (unsigned k = 0; k < 6; k++) {
    /* two elements named "A": fxc shares the string */
    memset(sig, 0, sizeof sig);
    size_t n = 8 + 48 + 4;
    put32(sig, 2);
    put32(sig + 8, 56 + 0);
    put32(sig + 32, 56 + 0);
    memcpy(sig + 56, "A\0\xab\xab", 4);
    if (k == 0) { put32(sig + 32, 58); memcpy(sig + 56, "A\0A\0", 4); }      /* not shared */
    if (k == 1) { memcpy(sig + 60, "\xab\xab\xab\xab", 4); n += 4; }         /* trailing bytes */
    if (k == 2) memcpy(sig + 56, "-\0\xab\xab", 4);                          /* not an identifier */
    if (k == 3) sig[8 + 22] = 1;                                             /* reserved */
    if (k == 4) memcpy(sig + 56, "A\0\0\0", 4);                              /* zero padding */
    put32(sig + 4, k == 5 ? 12 : 8);                                         /* table offset */
    sf_dxbc_chunk ch[2] = {{SF_DXBC_ISGN, 0, (uint32_t)n, sig}, {SF_DXBC_OSGN, 0, 8, (const uint8_t *)"\0\0\0\0\x08\0\0\0"}};
    size_t len = make(ch, 2, c, sizeof c);
    char *t = roundtrip(c, len, reason[k]);
    SF_CHECK_MSG(t && strstr(t, "// ISGN as hex: ") && strstr(t, reason[k]) && strstr(t, "\n.chunk ISGN "),
                 "case %u: %s", k, t ? t : "");
    SF_CHECK_MSG(t && strstr(t, "\n.osgn  // no elements\n"), "%s", t ? t : "");
    free(t);
  }
  /* Two non-empty ISGN chunks in a row: the second stays hex (its lines would join the first). */
  uint8_t one[32];
  memset(one, 0, sizeof one);
  put32(one, 1);
  put32(one + 4, 8);
  put32(one + 8, 32);
  memcpy(one + 32 - 0, "", 0);
  uint8_t body[36];
  memcpy(body, one, 32);
  memcpy(body + 32, "B\0\xab\xab", 4);
  sf_dxbc_chunk two[3] = {{SF_DXBC_ISGN, 0, 36, body}, {SF_DXBC_ISGN, 0, 36, body}, {SF_DXBC_ISGN, 0, 8, (const uint8_t *)"\0\0\0\0\x08\0\0\0"}};
  size_t len = make(two, 3, c, sizeof c);
  char *t = roundtrip(c, len, "adjacent");
  SF_CHECK_MSG(t && strstr(t, ".isgn B 0") && strstr(t, "would join") && strstr(t, ".isgn  // no elements"), "%s",
               t ? t : "");
  free(t);
  /* A program chunk that does not decode is hex, with the decoder's reason. */
  static const uint8_t badprog[] = {0x40, 0, 0, 0, 3, 0, 0, 0, 0xff, 0xff, 0xff, 0xff};
  sf_dxbc_chunk p = {SF_DXBC_SHDR, 0, sizeof badprog, badprog};
  len = make(&p, 1, c, sizeof c);
  t = roundtrip(c, len, "bad program");
  SF_CHECK_MSG(t && strstr(t, "// SHDR as hex: ") && strstr(t, "\n.chunk SHDR 40000000"), "%s", t ? t : "");
  free(t);
  /* A long chunk wraps into .hex lines. */
  uint8_t big[100];
  for (unsigned i = 0; i < sizeof big; i++) big[i] = (uint8_t)i;
  sf_dxbc_chunk b = {SF_DXBC_FOURCC('R', 'D', 'E', 'F'), 0, sizeof big, big};
  len = make(&b, 1, c, sizeof c);
  t = roundtrip(c, len, "long");
  SF_CHECK_MSG(t && strstr(t, ".chunk RDEF  // 100 bytes\n.hex 00010203 ") && strstr(t, "\n.hex 60616263\n"), "%s",
               t ? t : "");
  free(t);
  /* No chunks at all. */
  len = make(NULL, 0, c, sizeof c);
  t = roundtrip(c, len, "empty");
  free(t);
}

static void fix_sum(uint8_t *b, size_t n) {
  uint32_t s[4];
  sf_dxbc_checksum(b, n, s);
  for (unsigned i = 0; i < 4; i++) put32(b + 4 + 4 * i, s[i]);
}

/* Layouts fxc never writes cannot round-trip through recomputed offsets: refused, with the byte. */
static void test_unsupported_layouts(void) {
  uint8_t c[256];
  sf_dxbc_chunk ch[2] = {{SF_DXBC_FOURCC('A', 'A', 'A', 'A'), 0, 4, (const uint8_t *)"1234"},
                         {SF_DXBC_FOURCC('B', 'B', 'B', 'B'), 0, 4, (const uint8_t *)"5678"}};
  size_t len = make(ch, 2, c, sizeof c);
  /* a gap of 4 bytes before chunk 1 */
  uint8_t g[256];
  memcpy(g, c, 52);
  memset(g + 52, 0, 4);
  memcpy(g + 56, c + 52, len - 52);
  put32(g + 36, 56);
  put32(g + 24, (uint32_t)len + 4);
  fix_sum(g, len + 4);
  sf_status st;
  sf_status_clear(&st);
  sf_buf t;
  sf_buf_init(&t, &st);
  SF_CHECK_EQ_U(sf_dxbc_print_text(g, len + 4, &t, &st), SF_UNSUPPORTED);
  SF_CHECK(st.pos_kind == SF_POS_BYTE && st.pos == 36 && strstr(st.msg, "contiguously"));
  /* chunks in the table out of file order */
  memcpy(g, c, len);
  put32(g + 32, 52);
  put32(g + 36, 40);
  fix_sum(g, len);
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_dxbc_print_text(g, len, &t, &st), SF_UNSUPPORTED);
  SF_CHECK(st.pos_kind == SF_POS_BYTE && st.pos == 32);
  /* bytes after the last chunk */
  memcpy(g, c, len);
  memset(g + len, 0xab, 4);
  put32(g + 24, (uint32_t)len + 4);
  fix_sum(g, len + 4);
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_dxbc_print_text(g, len + 4, &t, &st), SF_UNSUPPORTED);
  SF_CHECK(st.pos_kind == SF_POS_BYTE && st.pos == len && strstr(st.msg, "after the last chunk"));
  sf_buf_free(&t);
}

static void bad_n(const char *text, size_t n, uint32_t line, uint32_t col, const char *needle) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  char why[256];
  sf_code c = sf_dxbc_parse_text(text, n, &b, &st);
  SF_CHECK_MSG(c != SF_OK && st.pos_kind == SF_POS_TEXT && st.line == line && st.col == col &&
                   strstr(st.msg, needle) != NULL,
               "want %u:%u '%s', got %s for:\n%s", line, col, needle, sf_status_format(&st, why, sizeof why), text);
  sf_buf_free(&b);
}

static void bad(const char *text, uint32_t line, uint32_t col, const char *needle) {
  bad_n(text, strlen(text), line, col, needle);
}

static void test_errors(void) {
  bad(".chunk ABCD 00\n", 1, 1, "starts with .dxbc");
  bad("// c\nps_5_0\n", 2, 1, "starts with .dxbc");
  bad(".dxbc\n.dxbc\n", 2, 1, "second .dxbc");
  bad(".dxbc x\n", 1, 7, "only `unsigned` may follow");
  bad(".dxbc unsigned x\n", 1, 16, "only `unsigned` may follow");
  bad(".dxbc\n.chunk AB 00\n", 2, 8, "FOURCC");
  bad(".dxbc\n.chunk 0x1234 00\n", 2, 8, "0x and 8 hex digits");
  bad(".dxbc\n.chunk ABCD 0011 2\n", 2, 18, "odd number of hex digits");
  bad(".dxbc\n.chunk ABCD 00 zz\n", 2, 16, "expected hex bytes");
  bad(".dxbc\n.hex 00\n", 2, 1, "none open");
  bad(".dxbc\n.isgn A 0 sv=none type=float r=0 mask=x rw=x\n.hex 00\n", 3, 1, "none open");
  bad(".dxbc\n.program SHDX\n", 2, 10, "SHDR or SHEX");
  bad(".dxbc\n.program SHDR\nps_4_0\nret\nfoo r0\n", 5, 1, "");
  bad(".dxbc\n.program SHDR\nret\n", 3, 1, "shader model");
  bad(".dxbc\n.isgn A 0 sv=none type=float r=0 mask=x\n", 2, 40, "missing field rw=");
  bad(".dxbc\n.isgn A 0 sv=none type=float r=0 mask=x rw=x stream=0\n", 2, 46, "expected a field");
  bad(".dxbc\n.isgn A 0 sv=none sv=none type=float r=0 mask=x rw=x\n", 2, 19, "given twice");
  bad(".dxbc\n.isgn A 0 sv=nonesuch type=float r=0 mask=x rw=x\n", 2, 14, "unknown system value");
  bad(".dxbc\n.isgn A 0 sv=none type=float r=0 mask=yx rw=x\n", 2, 40, "in that order");
  bad(".dxbc\n.isgn A 0 sv=none type=float r=0 mask=0x100 rw=x\n", 2, 39, "does not fit a byte");
  bad(".dxbc\n.isgn 9A 0 sv=none type=float r=0 mask=x rw=x\n", 2, 7, "semantic name");
  bad(".dxbc\n.isgn A x\n", 2, 9, "semantic index");
  bad(".dxbc\n.isgn A 4294967296\n", 2, 9, "32 bits");
  bad(".dxbc\n.osg5 A 0 sv=none type=float r=0 mask=x rw=x\n", 2, 45, "missing field stream=");
  bad(".dxbc\n.isg1 A 0 stream=0 sv=none type=float r=0 mask=x rw=x min=half\n", 2, 59, "unknown min precision");
  bad(".dxbc\n.isgn\tA 0 sv=none type=float r=0 mask=x rw=x\nsample r0\n", 3, 1, "follows a .program line");
  bad_n(".dxbc\n.chunk AAAA\n\x00\n", 20, 3, 1, "NUL");
  char many[64 * 16 + 16] = ".dxbc\n";
  for (unsigned i = 0; i < 65; i++) strcat(many, ".chunk ABCD\n");
  bad(many, 66, 1, "more than 64 chunks");
  /* Comments, blank lines, CRLF and indentation are fine. */
  uint8_t c[256];
  size_t len;
  bytes_of("// header\r\n\r\n  .dxbc // x\r\n\t.isgn A 0 sv=0 type=0x3 r=0 mask=1 rw=none // y\r\n.chunk ABCD\r\n.hex 01\r\n"
           ".hex 02 // z\r\n",
           c, &len);
  SF_CHECK_EQ_U(len, 32 + 8 + 8 + 8 + 24 + 4 + 8 + 2);
}

static void test_mutants(void) {
  static const uint8_t seed_text[] =
      ".dxbc\n.isgn SV_Position 0 sv=position type=float r=0 mask=xyzw rw=none\n"
      ".isgn TEXCOORD 0 sv=none type=float r=1 mask=xy rw=xy\n.osgn SV_Target 0 sv=none type=float r=0 mask=xyzw "
      "rw=none\n.osg5 C 0 stream=2 sv=none type=uint r=0 mask=x rw=x\n.psg1 P 0 stream=0 sv=none type=float r=0 "
      "mask=x rw=x min=f16\n.program SHEX\nps_5_0\ndcl_output o0.xyzw\nmov o0.xyzw, l(1.000000, 0, 0, 0)\nret\n"
      ".chunk SFI0 02000000 00000000\n";
  uint8_t seed[1024];
  size_t slen;
  bytes_of((const char *)seed_text, seed, &slen);
  if (!slen) return;
  uint64_t rs = 0x5eedu;
  unsigned printed = 0, bytes_in = 0, texts_ok = 0;
  for (unsigned it = 0; it < 20000; it++) {
    size_t n = slen;
    uint8_t *m = malloc(slen + 8);
    memcpy(m, seed, slen);
    unsigned k = 1 + (unsigned)(sf_t_rand(&rs) % 3);
    for (unsigned j = 0; j < k; j++) {
      size_t at = 32 + (size_t)(sf_t_rand(&rs) % (slen - 32));
      m[at] = (it & 1) ? (uint8_t)sf_t_rand(&rs) : (uint8_t)(m[at] ^ (1u << (sf_t_rand(&rs) % 8)));
    }
    fix_sum(m, n);
    uint8_t *exact = malloc(n);
    memcpy(exact, m, n);
    free(m);
    sf_status st;
    sf_status_clear(&st);
    sf_buf t, b;
    sf_buf_init(&t, &st);
    sf_buf_init(&b, &st);
    bytes_in++;
    if (sf_dxbc_print_text(exact, n, &t, &st) == SF_OK) {
      printed++;
      sf_status_clear(&st);
      char why[256];
      if (sf_dxbc_parse_text((const char *)t.data, t.len, &b, &st) != SF_OK)
        SF_CHECK_MSG(0, "mutant %u: parse: %s", it, sf_status_format(&st, why, sizeof why));
      else
        SF_CHECK_MEM(b.data, b.len, exact, n);
    } else {
      SF_CHECK_MSG(st.msg[0] && st.pos_kind != SF_POS_NONE, "mutant %u refused without a position", it);
    }
    /* mutate the text too: it parses or is refused at a line:column */
    if (t.len) {
      char *tx = malloc(t.len);
      memcpy(tx, t.data, t.len);
      size_t at = (size_t)(sf_t_rand(&rs) % t.len);
      static const char alphabet[] = " .\n/x0aZ=_-9";
      tx[at] = alphabet[sf_t_rand(&rs) % (sizeof alphabet - 1)];
      sf_buf_free(&b);
      sf_buf_init(&b, &st);
      sf_status_clear(&st);
      if (sf_dxbc_parse_text(tx, t.len, &b, &st) == SF_OK) texts_ok++;
      else SF_CHECK_MSG(st.msg[0] && (st.pos_kind == SF_POS_TEXT || st.code == SF_ERR_LIMIT), "text mutant %u: %s", it,
                        st.msg);
      free(tx);
    }
    sf_buf_free(&t);
    sf_buf_free(&b);
    free(exact);
  }
  printf("mutants: %u containers, %u printed and parsed back byte-identical; %u mutated texts accepted\n", bytes_in,
         printed, texts_ok);
  SF_CHECK(printed > 1000);
}

/* Elements that name overlapping parts of one string (element i at the name's i-th letter): fxc's
 * packing writes each name apart, 20 kB for 40 elements of a 200-letter string in a 1,172-byte
 * chunk. The decoder must refuse the chunk as unsupported within it, at the first element whose
 * offset differs, not as over a limit at a byte past the chunk (as it did while its re-encoding had
 * a limit of the chunk's length + 4096). */
static void test_signature_overlap(void) {
  enum { N = 40, L = 200 };
  uint8_t sig[8 + 24 * N + L + 4];
  size_t names = 8 + 24 * N, len = (names + L + 1 + 3) & ~(size_t)3;
  memset(sig, 0, sizeof sig);
  put32(sig, N);
  put32(sig + 4, 8);
  for (unsigned i = 0; i < N; i++) {
    put32(sig + 8 + 24 * i, (uint32_t)(names + i));
    put32(sig + 8 + 24 * i + 16, i);  /* register i */
    sig[8 + 24 * i + 20] = 1;         /* mask x */
  }
  memset(sig + names, 'A', L);
  for (size_t k = names + L + 1; k < len; k++) sig[k] = 0xab;
  sf_dxbc_sig d;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_dxbc_sig_decode(SF_DXBC_ISGN, sig, len, &d, &st);
  if (rc == SF_OK) sf_dxbc_sig_free(&d);
  SF_CHECK_MSG(rc == SF_UNSUPPORTED && st.pos_kind == SF_POS_BYTE && st.pos == 8 + 24 && strstr(st.msg, "not fxc's packing (element 1)"),
               "%s at %llu: %s", sf_code_name(rc), (unsigned long long)st.pos, st.msg);
}

int main(void) {
  SF_RUN(test_signature_layouts);
  SF_RUN(test_signature_fallbacks);
  SF_RUN(test_signature_overlap);
  SF_RUN(test_unsupported_layouts);
  SF_RUN(test_errors);
  SF_RUN(test_mutants);
  SF_TEST_END();
}
