/* tests/test_robust_dxbc.c — random and mutated inputs to every DXBC / TPF / D3D-asm decoder and
 * parser (docs/fuzzing.md: sanitizers + structure-aware mutation).
 *
 * 152,000 inputs: token streams (random and mutated encodings), SHDR/SHEX programs, containers
 * (half with the checksum repaired after mutation so the deeper checks run), instruction text and
 * program text. Every input is copied into an exact-size heap buffer so ASan sees any read past the
 * end. Each call must either succeed — and then the output must re-encode / re-print to the same
 * bytes or text — or fail with an sf_status that has the returned code, a message and a position. */
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/dxbc.h"
#include "tests/sf_test.h"
#include "tests/test_dxbc_gen.h"

static unsigned g_inputs, g_accepted;

static void check_fail(sf_code c, const sf_status *st, const char *what) {
  if (c == SF_OK) return;
  SF_CHECK_MSG(st->code == c, "%s: returned %s, status says %s", what, sf_code_name(c), sf_code_name(st->code));
  SF_CHECK_MSG(st->msg[0] != 0, "%s: %s without a message", what, sf_code_name(c));
  SF_CHECK_MSG(st->pos_kind != SF_POS_NONE || c == SF_ERR_NOMEM, "%s: %s without a position (%s)", what,
               sf_code_name(c), st->msg);
}

static void mutate_bytes(uint64_t *s, uint8_t *b, size_t *n, size_t cap) {
  unsigned k = 1 + tg_r(s, 4);
  for (unsigned i = 0; i < k; i++) {
    unsigned m = tg_r(s, 6);
    if (*n == 0) m = 3;
    if (m == 0) b[tg_r(s, (unsigned)*n)] ^= (uint8_t)(1u << tg_r(s, 8));
    else if (m == 1) b[tg_r(s, (unsigned)*n)] = (uint8_t)sf_t_rand(s);
    else if (m == 2) *n = tg_r(s, (unsigned)*n + 1); /* truncate */
    else if (m == 3 && *n + 4 <= cap) {        /* insert a DWORD */
      size_t at = tg_r(s, (unsigned)*n + 1);
      memmove(b + at + 4, b + at, *n - at);
      uint32_t v = (uint32_t)sf_t_rand(s);
      memcpy(b + at, &v, 4);
      *n += 4;
    } else if (m == 4 && *n >= 4) { /* interesting DWORD values at an aligned spot */
      static const uint32_t vals[] = {0, 1, 0x7f, 0x80000000u, 0xffffffffu, 0x7f000000u, 0x01000000u, 0x00100000u};
      size_t at = tg_r(s, (unsigned)(*n / 4)) * 4;
      uint32_t v = vals[tg_r(s, 8)];
      memcpy(b + at, &v, 4);
    } else if (*n >= 8) { /* flip a bit in a length/index field region */
      size_t at = tg_r(s, (unsigned)(*n / 4)) * 4 + 3;
      if (at < *n) b[at] ^= (uint8_t)(1u << tg_r(s, 8));
    }
  }
}

static void mutate_text(uint64_t *s, char *t, size_t *n, size_t cap) {
  static const char alpha[] = "sample_cdlbzaoffimmiindexable(),.[]|-+ xyzwrvotscbl0123456789e#{}\n/:;tpf";
  unsigned k = 1 + tg_r(s, 3);
  for (unsigned i = 0; i < k; i++) {
    unsigned m = tg_r(s, 5);
    if (*n == 0) m = 1;
    if (m == 0) t[tg_r(s, (unsigned)*n)] = alpha[tg_r(s, sizeof alpha - 1)];
    else if (m == 1 && *n < cap) {
      size_t at = tg_r(s, (unsigned)*n + 1);
      memmove(t + at + 1, t + at, *n - at);
      t[at] = alpha[tg_r(s, sizeof alpha - 1)];
      (*n)++;
    } else if (m == 2 && *n) {
      size_t at = tg_r(s, (unsigned)*n);
      memmove(t + at, t + at + 1, *n - at - 1);
      (*n)--;
    } else if (m == 3) {
      *n = tg_r(s, (unsigned)*n + 1);
    } else if (*n && *n * 2 < cap) { /* duplicate a span */
      size_t a = tg_r(s, (unsigned)*n), l = 1 + tg_r(s, (unsigned)(*n - a));
      if (*n + l <= cap) {
        memmove(t + a + l, t + a, *n - a);
        *n += l;
      }
    } else if (*n) {
      t[tg_r(s, (unsigned)*n)] = (char)(1 + tg_r(s, 255));
    }
  }
}

/* ---- tokens --------------------------------------------------------------------------------- */

static void one_tokens(const uint32_t *src, size_t n) {
  uint32_t *t = malloc(n ? n * 4 : 1);
  if (n) memcpy(t, src, n * 4);
  sf_status st;
  sf_status_clear(&st);
  sf_d3d_inst d;
  size_t used = 0;
  sf_code c = sf_tpf_decode_inst(t, n, 0, &d, &used, &st);
  g_inputs++;
  check_fail(c, &st, "sf_tpf_decode_inst");
  if (c == SF_OK) {
    g_accepted++;
    uint32_t out[SF_TPF_MAX_INST_LEN];
    size_t m = 0;
    c = sf_tpf_encode_inst(&d, out, &m, &st);
    SF_CHECK_MSG(c == SF_OK, "re-encode of accepted tokens: %s", st.msg);
    SF_CHECK_EQ_U(m, used);
    if (c == SF_OK && m == used) SF_CHECK_MEM(out, m * 4, t, used * 4);
    char buf[1024];
    c = sf_d3dasm_print_inst(&d, buf, sizeof buf, &st);
    SF_CHECK_MSG(c == SF_OK, "print of accepted tokens: %s", st.msg);
    sf_d3d_inst e;
    if (c == SF_OK) {
      c = sf_d3dasm_parse_inst(buf, strlen(buf), 1, &e, &st);
      SF_CHECK_MSG(c == SF_OK, "parse(print(x)) failed for '%s': %s", buf, st.msg);
      char diff[160];
      if (c == SF_OK) SF_CHECK_MSG(sf_d3d_inst_equal(&d, &e), "'%s': %s", buf, sf_d3d_inst_diff(&d, &e, diff, sizeof diff));
    }
    sf_violations v;
    memset(&v, 0, sizeof v);
    sf_d3d_inst_validate(&d, &v); /* must not crash; any result */
    sf_d3d_inst_canonicalize(&d);
  }
  free(t);
}

static void test_tokens(void) {
  uint64_t seed = 0x70b0;
  for (unsigned i = 0; i < 20000; i++) {
    uint32_t t[64];
    size_t n = tg_r(&seed, 40);
    for (size_t k = 0; k < n; k++) t[k] = (uint32_t)sf_t_rand(&seed);
    if (n && tg_r(&seed, 4)) t[0] = (t[0] & 0x80ffd800u) | (0x45 + tg_r(&seed, 6)) | ((uint32_t)(1 + tg_r(&seed, (unsigned)n)) << 24);
    if (n > 2 && tg_r(&seed, 2)) /* plausible operand tokens: low type values */
      for (size_t k = 1; k < n; k++) t[k] &= 0x8fffffffu & ~(0xf0u << 12);
    one_tokens(t, n);
  }
  for (unsigned i = 0; i < 40000; i++) {
    tg_opts g = {true, (i & 1) != 0, tg_dim(&seed)};
    sf_d3d_inst d;
    tg_inst(&seed, &d, &g);
    uint32_t t[SF_TPF_MAX_INST_LEN + 8];
    size_t n = 0;
    if (sf_tpf_encode_inst(&d, t, &n, NULL) != SF_OK) continue;
    size_t nb = n * 4;
    mutate_bytes(&seed, (uint8_t *)t, &nb, sizeof t);
    one_tokens(t, nb / 4);
  }
}

/* ---- programs and containers ------------------------------------------------------------------ */

static void one_program(const uint8_t *src, size_t n) {
  uint8_t *b = malloc(n ? n : 1);
  if (n) memcpy(b, src, n);
  sf_status st;
  sf_status_clear(&st);
  sf_tpf_program p, q;
  sf_code c = sf_tpf_program_decode(b, n, &p, &st);
  g_inputs++;
  check_fail(c, &st, "sf_tpf_program_decode");
  if (c == SF_OK) {
    g_accepted++;
    sf_buf out, text, again;
    sf_buf_init(&out, &st);
    sf_buf_init(&text, &st);
    sf_buf_init(&again, &st);
    SF_CHECK(sf_tpf_program_encode(&p, &out, &st) == SF_OK);
    SF_CHECK_MEM(out.data, out.len, b, n);
    c = sf_d3dasm_print_program(&p, &text, &st);
    SF_CHECK_MSG(c == SF_OK, "print program: %s", st.msg);
    if (c == SF_OK) {
      c = sf_d3dasm_parse_program((const char *)text.data, text.len, &q, &st);
      SF_CHECK_MSG(c == SF_OK, "parse(print(program)) %u:%u: %s", st.line, st.col, st.msg);
      if (c == SF_OK) {
        SF_CHECK(sf_tpf_program_encode(&q, &again, &st) == SF_OK);
        SF_CHECK_MEM(again.data, again.len, b, n);
        sf_tpf_program_free(&q);
      }
    }
    sf_buf_free(&out);
    sf_buf_free(&text);
    sf_buf_free(&again);
    sf_tpf_program_free(&p);
  }
  free(b);
}

static void one_container(const uint8_t *src, size_t n) {
  uint8_t *b = malloc(n ? n : 1);
  if (n) memcpy(b, src, n);
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc c;
  sf_code r = sf_dxbc_read(b, n, &c, &st);
  g_inputs++;
  check_fail(r, &st, "sf_dxbc_read");
  if (r == SF_OK) {
    g_accepted++;
    sf_tpf_program p;
    sf_status_clear(&st);
    r = sf_dxbc_program(&c, &p, &st);
    check_fail(r, &st, "sf_dxbc_program");
    if (r == SF_OK) {
      sf_buf text;
      sf_buf_init(&text, &st);
      SF_CHECK(sf_d3dasm_print_program(&p, &text, &st) == SF_OK);
      sf_buf_free(&text);
      sf_tpf_program_free(&p);
    }
  }
  sf_dxbc_free(&c);
  free(b);
}

static void fix_sum(uint8_t *b, size_t n) {
  if (n < 20) return;
  uint32_t s[4];
  sf_dxbc_checksum(b, n, s);
  for (int i = 0; i < 4; i++)
    for (int k = 0; k < 4; k++) b[4 + 4 * i + k] = (uint8_t)(s[i] >> (8 * k));
}

static void test_programs_and_containers(void) {
  uint64_t seed = 0xc0c0;
  for (unsigned i = 0; i < 20000; i++) {
    tg_opts g = {(i & 3) == 0, (i & 1) != 0, tg_dim(&seed)};
    sf_d3d_inst d;
    tg_inst(&seed, &d, &g);
    sf_buf con;
    sf_buf_init(&con, NULL);
    if (sf_dxbc_wrap_sample(&d, g.dim, &con, NULL) != SF_OK) {
      sf_buf_free(&con);
      continue;
    }
    uint8_t b[2048];
    if (con.len + 64 > sizeof b) {
      sf_buf_free(&con);
      continue;
    }
    /* the program chunk (third chunk) */
    size_t off = sf_le32(con.data + 40) + 8, len = sf_le32(con.data + sf_le32(con.data + 40) + 4);
    memcpy(b, con.data + off, len);
    size_t n = len;
    if (i & 1) mutate_bytes(&seed, b, &n, sizeof b);
    one_program(b, n);
    memcpy(b, con.data, con.len);
    n = con.len;
    mutate_bytes(&seed, b, &n, sizeof b);
    if (i & 1) fix_sum(b, n);
    one_container(b, n);
    sf_buf_free(&con);
  }
  /* pure random bytes, sometimes with a plausible header */
  for (unsigned i = 0; i < 10000; i++) {
    uint8_t b[512];
    size_t n = tg_r(&seed, 300);
    for (size_t k = 0; k < n; k++) b[k] = (uint8_t)sf_t_rand(&seed);
    if (n >= 32 && (i & 1)) {
      memcpy(b, "DXBC", 4);
      uint32_t v = 1, sz = (uint32_t)n, cnt = tg_r(&seed, 5);
      memcpy(b + 20, &v, 4), memcpy(b + 24, &sz, 4), memcpy(b + 28, &cnt, 4);
      for (uint32_t k = 0; k < cnt && 32 + 4 * k + 4 <= n; k++) {
        uint32_t o = 32 + 4 * cnt + tg_r(&seed, 64);
        memcpy(b + 32 + 4 * k, &o, 4);
      }
      fix_sum(b, n);
    }
    one_container(b, n);
    one_program(b, n);
  }
}

/* ---- text ----------------------------------------------------------------------------------- */

static void one_text_inst(const char *src, size_t n) {
  char *t = malloc(n ? n : 1);
  if (n) memcpy(t, src, n);
  sf_status st;
  sf_status_clear(&st);
  sf_d3d_inst d, e;
  sf_code c = sf_d3dasm_parse_inst(t, n, 3, &d, &st);
  g_inputs++;
  check_fail(c, &st, "sf_d3dasm_parse_inst");
  if (c == SF_OK) {
    g_accepted++;
    char buf[1024];
    c = sf_d3dasm_print_inst(&d, buf, sizeof buf, &st);
    SF_CHECK_MSG(c == SF_OK, "print: %s", st.msg);
    if (c == SF_OK) {
      c = sf_d3dasm_parse_inst(buf, strlen(buf), 1, &e, &st);
      SF_CHECK_MSG(c == SF_OK, "parse(print(parse(x))) for '%s': %s", buf, st.msg);
      char diff[160];
      if (c == SF_OK) SF_CHECK_MSG(sf_d3d_inst_equal(&d, &e), "'%s': %s", buf, sf_d3d_inst_diff(&d, &e, diff, sizeof diff));
      uint32_t tok[SF_TPF_MAX_INST_LEN];
      size_t m;
      sf_status_clear(&st);
      c = sf_tpf_encode_inst(&d, tok, &m, &st); /* may fail (e.g. too many operands): with a status */
      if (c) SF_CHECK(st.code == c && st.msg[0]);
    }
  }
  free(t);
}

static void one_text_program(const char *src, size_t n) {
  char *t = malloc(n ? n : 1);
  if (n) memcpy(t, src, n);
  sf_status st;
  sf_status_clear(&st);
  sf_tpf_program p;
  sf_code c = sf_d3dasm_parse_program(t, n, &p, &st);
  g_inputs++;
  check_fail(c, &st, "sf_d3dasm_parse_program");
  if (c == SF_OK) {
    g_accepted++;
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_status_clear(&st);
    c = sf_tpf_program_encode(&p, &b, &st);
    if (c) SF_CHECK(st.code == c && st.msg[0]);
    if (c == SF_OK) {
      /* What the parser accepts encodes to a program the decoder accepts and re-encodes unchanged. */
      sf_tpf_program q;
      sf_buf b2;
      sf_buf_init(&b2, &st);
      sf_status_clear(&st);
      c = sf_tpf_program_decode(b.data, b.len, &q, &st);
      SF_CHECK_MSG(c == SF_OK, "decode(encode(parse(text))) failed: %s at DWORD %llu", st.msg, (unsigned long long)st.pos);
      if (c == SF_OK) {
        SF_CHECK(sf_tpf_program_encode(&q, &b2, &st) == SF_OK);
        SF_CHECK_MEM(b2.data, b2.len, b.data, b.len);
        sf_tpf_program_free(&q);
      }
      sf_buf_free(&b2);
    }
    sf_buf_free(&b);
    sf_tpf_program_free(&p);
  }
  free(t);
}

static void test_text(void) {
  uint64_t seed = 0x7e47;
  for (unsigned i = 0; i < 40000; i++) {
    tg_opts g = {(i & 1) != 0, (i & 2) != 0, tg_dim(&seed)};
    sf_d3d_inst d;
    tg_inst(&seed, &d, &g);
    char buf[1024];
    if (sf_d3dasm_print_inst(&d, buf, 512, NULL) != SF_OK) continue;
    size_t n = strlen(buf);
    mutate_text(&seed, buf, &n, sizeof buf);
    one_text_inst(buf, n);
  }
  for (unsigned i = 0; i < 12000; i++) {
    tg_opts g = {(i & 1) != 0, (i & 2) != 0, tg_dim(&seed)};
    sf_d3d_inst d;
    tg_inst(&seed, &d, &g);
    sf_tpf_program p;
    if (sf_dxbc_wrap_program(&d, g.dim, &p, NULL) != SF_OK) continue;
    sf_buf t;
    sf_buf_init(&t, NULL);
    sf_d3dasm_print_program(&p, &t, NULL);
    sf_tpf_program_free(&p);
    char buf[4096];
    size_t n = t.len < 2048 ? t.len : 2048;
    memcpy(buf, t.data, n);
    sf_buf_free(&t);
    mutate_text(&seed, buf, &n, sizeof buf);
    if (i % 7 == 0 && n + 40 < sizeof buf) { /* a .tpf line with random tokens */
      n += (size_t)snprintf(buf + n, sizeof buf - n, "\n.tpf %08x %08x %08x", (uint32_t)sf_t_rand(&seed),
                            (uint32_t)sf_t_rand(&seed), (uint32_t)sf_t_rand(&seed));
    }
    one_text_program(buf, n);
  }
}

int main(void) {
  SF_RUN(test_tokens);
  SF_RUN(test_programs_and_containers);
  SF_RUN(test_text);
  printf("%u inputs, %u accepted\n", g_inputs, g_accepted);
  if (g_inputs < 100000) {
    fprintf(stderr, "too few inputs: %u\n", g_inputs);
    return 1;
  }
  SF_TEST_END();
}
