/* tests/test_gen_dxbc_sig.c — the signature generator (harness/gen/gen_dxbc_sig.c): what it draws is
 * valid, so every chunk must encode, decode to the same elements and print as element lines of the
 * container text that read back to the same bytes; and it must reach what it promises (every
 * layout, masks on both sides of the letter/number edge, 255-character names, repeated names, the
 * element cap). Also the generated mode of dxbc_fuzzer on inputs that draw containers. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/gen_d3d.h"
#include "samplefuzz/oracle.h"
#include "tests/sf_test.h"

#define N_SEEDS 3000u

/* Whether the text (not NUL-terminated) holds a `.chunk` line: a signature escaped as hex. */
static bool has_chunk_line(const sf_buf *t) {
  for (size_t i = 0; i + 6 <= t->len; i++)
    if ((i == 0 || t->data[i - 1] == '\n') && memcmp(t->data + i, ".chunk", 6) == 0) return true;
  return false;
}

static void test_roundtrip(void) {
  static uint8_t in[1200];
  unsigned at_cap = 0, long_name = 0, numeric_mask = 0, letter_mask = 0, shared = 0, bad = 0;
  for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
    uint64_t s = seed * 0x9e3779b97f4a7c15ull + 3;
    for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)sf_t_rand(&s);
    if (seed % 100 == 0) in[0] = in[1] = 0xff; /* the element cap (drawn one time in 4,096) */
    sf_fdp f;
    sf_fdp_init(&f, in, sizeof in);
    sf_status st;
    sf_status_clear(&st);
    uint32_t fourcc = sf_dxbc_sig_kinds[seed % SF_DXBC_SIG_KINDS];
    sf_dxbc_sig sig, back;
    sf_buf body, cont, text, again;
    sf_buf_init(&body, &st);
    sf_buf_init(&cont, &st);
    sf_buf_init(&text, &st);
    sf_buf_init(&again, &st);
    SF_CHECK(sf_gen_dxbc_sig(&f, fourcc, &sig, &st) == SF_OK);
    SF_CHECK(sf_dxbc_sig_encode(&sig, &body, &st) == SF_OK);
    bool same = sf_dxbc_sig_decode(fourcc, body.data, body.len, &back, &st) == SF_OK && back.n == sig.n;
    for (size_t i = 0; same && i < sig.n; i++) same = memcmp(&sig.e[i], &back.e[i], sizeof sig.e[i]) == 0;
    at_cap += sig.n == SF_DXBC_SIG_MAX_ELEMS;
    for (size_t i = 0; i < sig.n; i++) {
      long_name += strlen(sig.e[i].name) == SF_DXBC_SIG_NAME_MAX - 1;
      numeric_mask += sig.e[i].mask > 0xf;
      letter_mask += sig.e[i].mask && sig.e[i].mask <= 0xf;
      shared += i && strcmp(sig.e[i].name, sig.e[i - 1].name) == 0;
    }
    sf_dxbc_chunk ch = {fourcc, 0, (uint32_t)body.len, body.data};
    bool text_ok = sf_dxbc_write(&ch, 1, &cont, &st) == SF_OK && sf_dxbc_print_text(cont.data, cont.len, &text, &st) == SF_OK &&
                   !has_chunk_line(&text) &&
                   sf_dxbc_parse_text((const char *)text.data, text.len, &again, &st) == SF_OK && again.len == cont.len &&
                   memcmp(again.data, cont.data, cont.len) == 0;
    if ((!same || !text_ok) && bad++ < 3) fprintf(stderr, "seed %llu: %s (%s)\n", (unsigned long long)seed, same ? "text" : "decode", st.msg);
    sf_dxbc_sig_free(&sig);
    sf_dxbc_sig_free(&back);
    sf_buf_free(&body);
    sf_buf_free(&cont);
    sf_buf_free(&text);
    sf_buf_free(&again);
  }
  SF_CHECK_MSG(bad == 0, "%u of %u signatures did not round-trip", bad, N_SEEDS);
  SF_CHECK(at_cap > 0 && long_name > 0 && numeric_mask > 0 && letter_mask > 0 && shared > 0);
  fprintf(stderr, "signatures: %u at the cap, %u 255-character names, %u masks as numbers, %u as letters, %u repeated names\n",
          at_cap, long_name, numeric_mask, letter_mask, shared);
}

/* dxbc_fuzzer's generated mode passes on inputs long enough to draw containers, and a wrong fourcc
 * or NULL is refused by the generator. */
static void test_target(void) {
  static uint8_t in[4005];
  memcpy(in, "SFGEN", 5);
  unsigned failed = 0;
  for (uint64_t seed = 0; seed < 300; seed++) {
    uint64_t s = seed + 77;
    for (size_t i = 5; i < sizeof in; i++) in[i] = (uint8_t)sf_t_rand(&s);
    sf_verdict v;
    if (!sf_check_dxbc(in, sizeof in, &v) && failed++ < 3) fprintf(stderr, "seed %llu: %s %s\n", (unsigned long long)seed, v.check, v.key);
  }
  SF_CHECK_MSG(failed == 0, "%u of 300 generated inputs failed", failed);
  sf_status st;
  sf_status_clear(&st);
  sf_fdp f;
  sf_fdp_init(&f, in, 8);
  sf_dxbc_sig sig;
  SF_CHECK(sf_gen_dxbc_sig(&f, SF_DXBC_SHEX, &sig, &st) == SF_ERR_INVALID && st.msg[0]);
  SF_CHECK(sf_gen_dxbc_sig(NULL, SF_DXBC_ISGN, &sig, &st) == SF_ERR_INVALID);
}

/* The encoder refuses an entry whose name fills its array without a NUL, naming it, and writes
 * nothing: before 2026-11-30 it wrote the 256 bytes with no NUL (a chunk its own reader refuses)
 * and compared the name with strcmp past its array. */
static void test_unterminated_name(void) {
  static sf_dxbc_sig_entry e[2];
  memset(e, 0, sizeof e);
  strcpy(e[0].name, "POSITION");
  memset(e[1].name, 'N', sizeof e[1].name);
  for (unsigned k = 0; k < 2; k++) e[k].component_type = 3, e[k].mask = e[k].rw_mask = 0xF;
  sf_dxbc_sig sig = {SF_DXBC_ISGN, e, 2, 2};
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  SF_CHECK(sf_dxbc_sig_encode(&sig, &b, &st) == SF_ERR_INVALID);
  SF_CHECK(strstr(st.msg, "element 1") != NULL);
  SF_CHECK(b.len == 0);
  e[1].name[SF_DXBC_SIG_NAME_MAX - 1] = 0; /* 255 bytes and the NUL: the longest name, written */
  sf_status_clear(&st);
  SF_CHECK(sf_dxbc_sig_encode(&sig, &b, &st) == SF_OK);
  sf_buf_free(&b);
}

int main(void) {
  SF_RUN(test_roundtrip);
  SF_RUN(test_target);
  SF_RUN(test_unterminated_name);
  SF_TEST_END();
}
