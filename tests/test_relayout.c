/* tests/test_relayout.c — check `relayout` (oracles/checks/check_relayout.c): a printed text with
 * other blanks, comments, blank lines and line ends must mean what it meant.
 *
 * Both sides. Every edit the rewrite makes must be one the languages allow: whole programs from the
 * D3D program generator and whole .isa files from the vISA file generator, printed and relaid out
 * with many seeds, read back to the printed text (a rewrite that broke a token would make every
 * campaign report noise). And the check must fail when the parser is wrong about layout: a canon
 * function that keeps the layout (so any rewrite differs) and one that refuses must both fail it,
 * and so must the real d3dasm parser on a text whose comment it is given no chance to skip. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/gen_d3d.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

#define N_PROGRAMS 300u
#define N_LAYOUTS 6u

static void fill(uint64_t seed, uint8_t *buf, size_t n) {
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 7;
  for (size_t i = 0; i < n; i++) buf[i] = (uint8_t)sf_t_rand(&s);
}

/* Relays text out with N_LAYOUTS seeds; canon of each must be want. Returns how many differed. */
static unsigned layouts(const char *what, sf_check_canon_fn canon, const char *text, size_t n, const void *want,
                        size_t want_len, unsigned *changed) {
  unsigned bad = 0;
  for (uint64_t seed = 1; seed <= N_LAYOUTS; seed++) {
    sf_status st;
    sf_status_clear(&st);
    sf_buf r, got;
    sf_buf_init(&r, &st);
    sf_buf_init(&got, &st);
    sf_relayout(text, n, seed * 0x51ed27u, &r);
    *changed += r.len != n || memcmp(r.data, text, n) != 0;
    sf_code rc = canon(NULL, (const char *)r.data, r.len, &got, &st);
    if (rc != SF_OK || got.len != want_len || memcmp(got.data, want, want_len) != 0) {
      if (bad++ == 0)
        fprintf(stderr, "%s: relayout seed %llu: %s\n--- printed\n%.*s\n--- relaid out\n%.*s\n", what,
                (unsigned long long)seed, rc ? st.msg : "reads as something else", (int)n, text, (int)r.len,
                (const char *)r.data);
    }
    sf_buf_free(&r);
    sf_buf_free(&got);
  }
  return bad;
}

static void test_d3d_programs(void) {
  unsigned printed = 0, bad = 0, changed = 0;
  static uint8_t in[2000];
  for (uint64_t seed = 0; seed < N_PROGRAMS; seed++) {
    fill(seed, in, sizeof in);
    sf_status st;
    sf_status_clear(&st);
    sf_fdp f;
    sf_fdp_init(&f, in, sizeof in);
    sf_buf bytes, text;
    sf_buf_init(&bytes, &st);
    sf_buf_init(&text, &st);
    sf_tpf_program p;
    sf_tpf_program_init(&p, 0);
    if (sf_gen_d3d_program(&f, seed % 2 ? SF_GEN_D3D_TEXT_ONLY : 0u, &bytes, &st) == SF_OK &&
        sf_tpf_program_decode(bytes.data, bytes.len, &p, &st) == SF_OK && sf_d3dasm_print_program(&p, &text, &st) == SF_OK) {
      printed++;
      bad += layouts("d3dasm", sf_canon_d3dasm_program, (const char *)text.data, text.len, bytes.data, bytes.len, &changed);
    }
    sf_tpf_program_free(&p);
    sf_buf_free(&bytes);
    sf_buf_free(&text);
  }
  SF_CHECK_MSG(printed >= N_PROGRAMS * 9 / 10, "only %u of %u generated programs printed", printed, N_PROGRAMS);
  SF_CHECK_MSG(bad == 0, "%u of %u relaid-out programs did not read back", bad, printed * N_LAYOUTS);
  SF_CHECK(changed >= printed * N_LAYOUTS * 9 / 10);
}

static void test_visaasm_files(void) {
  unsigned printed = 0, bad = 0, changed = 0;
  static uint8_t in[1500];
  for (uint64_t seed = 0; seed < N_PROGRAMS; seed++) {
    fill(seed + 1000, in, sizeof in);
    sf_status st;
    sf_status_clear(&st);
    sf_fdp f;
    sf_fdp_init(&f, in, sizeof in);
    sf_isa_file g;
    sf_buf text;
    sf_buf_init(&text, &st);
    if (sf_gen_isa_file(&f, 0, &g, &st) == SF_OK) {
      if (sf_visaasm_print(&g, &text, &st) == SF_OK) {
        printed++;
        bad += layouts("visaasm", sf_canon_visaasm, (const char *)text.data, text.len, text.data, text.len, &changed);
      }
      sf_isa_free(&g);
    }
    sf_buf_free(&text);
  }
  SF_CHECK_MSG(printed >= 20, "only %u of %u generated files printed", printed, N_PROGRAMS);
  SF_CHECK_MSG(bad == 0, "%u of %u relaid-out files did not read back", bad, printed * N_LAYOUTS);
}

static sf_code canon_keep_layout(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st) {
  (void)ctx, (void)st;
  sf_buf_put(out, text, n);
  return SF_OK;
}

static sf_code canon_refuse(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st) {
  (void)ctx, (void)text, (void)n, (void)out;
  return sf_fail_text(st, SF_ERR_SYNTAX, 1, 1, "refused");
}

/* The check fails a parser that gets layout wrong, and names itself. */
static void test_fails(void) {
  const char *t = "ps_4_0\ndcl_immediateConstantBuffer { { 1, 2, 3, 4},\n"
                  "                              { 5, 6, 7, 8} }\ndcl_output o0.xyzw\nret\n";
  size_t n = strlen(t);
  sf_verdict v;
  sf_verdict_init(&v, "relayout");
  sf_status st;
  sf_status_clear(&st);
  sf_buf want, got;
  sf_buf_init(&want, &st);
  SF_CHECK_MSG(sf_canon_d3dasm_program(NULL, t, n, &want, &st) == SF_OK, "%s", st.msg);
  SF_CHECK(sf_check_relayout(&v, "d3dasm", sf_canon_d3dasm_program, NULL, t, n, want.data, want.len));
  SF_CHECK(!sf_check_relayout(&v, "d3dasm", canon_keep_layout, NULL, t, n, t, n) && !strcmp(v.check, "relayout"));
  sf_verdict_init(&v, "relayout");
  SF_CHECK(!sf_check_relayout(&v, "d3dasm", canon_refuse, NULL, t, n, t, n) && !strcmp(v.check, "relayout"));
  /* The comment lines the rewrite puts inside the constant buffer: the real parser skips them. */
  const char *c = "ps_4_0\ndcl_immediateConstantBuffer { { 1, 2, 3, 4},\n// } {\n  { 5, 6, 7, 8} } // ,\n"
                  "dcl_output o0.xyzw\nret\n";
  sf_buf_init(&got, &st);
  SF_CHECK_MSG(sf_canon_d3dasm_program(NULL, c, strlen(c), &got, &st) == SF_OK && got.len == want.len &&
                   memcmp(got.data, want.data, want.len) == 0,
               "%s", st.msg);
  sf_buf_free(&got);
  sf_buf_free(&want);
  /* A multi-word interpolation mode with other blanks between its words. */
  const char *p = "ps_5_0\ndcl_input_ps_siv linear noperspective v0.xy, position\nret\n";
  const char *q = "ps_5_0\ndcl_input_ps_siv linear\t  noperspective v0.xy, position\nret\n";
  sf_buf_init(&want, &st);
  sf_buf_init(&got, &st);
  SF_CHECK_MSG(sf_canon_d3dasm_program(NULL, p, strlen(p), &want, &st) == SF_OK &&
                   sf_canon_d3dasm_program(NULL, q, strlen(q), &got, &st) == SF_OK && got.len == want.len &&
                   memcmp(got.data, want.data, got.len) == 0,
               "%s", st.msg);
  sf_buf_free(&got);
  sf_buf_free(&want);
  SF_CHECK(sf_check_relayout(&v, "d3dasm", canon_refuse, NULL, "", 0, "", 0)); /* nothing to rewrite */
}

int main(void) {
  SF_RUN(test_d3d_programs);
  SF_RUN(test_visaasm_files);
  SF_RUN(test_fails);
  SF_TEST_END();
}
