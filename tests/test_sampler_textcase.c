/* tests/test_sampler_textcase.c — the hand-written text case format (sampler.h, docs/case-text.md):
 * a known case executed end to end (expected values worked out from docs/precision-model.md), errors
 * at line:col for malformed directives, and a mutation property: random edits of a valid case either
 * parse and run (any status) or fail with a positioned message — never a crash (ASan+UBSan). */
#include "oracles/checks/textcase_errors.h"
#include "samplefuzz/sampler.h"
#include "tests/sf_test.h"

static const char *good =
    "# bilinear on a 2x2 r32f, one SIMD8 sample_lz\n"
    "surface T6 2d r32f 2x2\n"
    "texel T6 0 0 0 0 1\n"
    "texel T6 0 0 1 0 3\n"
    "texel T6 0 0 0 1 5\n"
    "texel T6 0 0 1 1 7\n"
    "sampler S0 filter=linear addr=clamp\n"
    "var V32 f 32 = 0.5 0.25 0.75 0.5 0 0 0 0\n"
    "var V33 f 32 = 0.5 0.25 0.25 0.75 0 0 0 0\n"
    "var V40 f 128\n"
    "inst sample_lz.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0   # comment\n";

static float rdf(const uint8_t *p) { float f; memcpy(&f, p, 4); return f; }

static void test_known_case(void) {
  sf_textcase *tc = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_textcase_parse(good, strlen(good), &tc, &st) == SF_OK, "%s", st.msg);
  if (!tc) return;
  sf_buf rep;
  sf_buf_init(&rep, NULL);
  SF_CHECK(sf_textcase_run(tc, sf_backend_scalar(), &rep, &st) == SF_OK);
  const sf_var *v = sf_state_var_c(&tc->state, 40);
  SF_CHECK(v != NULL);
  if (v) {
    /* (0.5,0.5): centre of the four = 4; (0.25,0.25): texel (0,0) = 1; (0.75,0.25): 3; (0.5,0.75):
     * between rows 1 and ... x = 0.5 -> (5+7)/2 = 6 at y = 1 (texel row 1 exactly) */
    SF_CHECK(rdf(v->bytes) == 4.0f);
    SF_CHECK(rdf(v->bytes + 4) == 1.0f);
    SF_CHECK(rdf(v->bytes + 8) == 3.0f);
    SF_CHECK(rdf(v->bytes + 12) == 6.0f);
  }
  bool found = false;
  for (size_t i = 0; i + 10 <= rep.len && !found; i++) found = memcmp(rep.data + i, "status: ok", 10) == 0;
  SF_CHECK(found);
  sf_buf_free(&rep);
  sf_textcase_free(tc);
}

static void test_errors(void) {
  const sf_textcase_error *c = sf_textcase_errors;
  for (unsigned k = 0; k < sizeof sf_textcase_errors / sizeof sf_textcase_errors[0]; k++) {
    sf_textcase *tc = NULL;
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_textcase_parse(c[k].text, strlen(c[k].text), &tc, &st);
    SF_CHECK_MSG(rc == c[k].code && st.pos_kind == SF_POS_TEXT && st.line == c[k].line && st.col == c[k].col,
                 "case %u: %s at %u:%u (%s), want %s at %u:%u", k, sf_code_name(rc), st.line, st.col, st.msg,
                 sf_code_name(c[k].code), c[k].line, c[k].col);
    SF_CHECK(tc == NULL);
    sf_textcase_free(tc);
  }
}

static void test_mutations(void) {
  uint64_t s = 5;
  size_t n = strlen(good);
  char buf[1024];
  unsigned parsed = 0;
  for (unsigned it = 0; it < 3000; it++) {
    memcpy(buf, good, n);
    size_t len = n;
    unsigned edits = 1 + (unsigned)(sf_t_rand(&s) % 4);
    for (unsigned e = 0; e < edits; e++) {
      size_t at = (size_t)(sf_t_rand(&s) % len);
      static const char alphabet[] = " \n#0123456789.-xT6SV=,abcdefghijklmnopqrstuvwyz()<>:";
      switch (sf_t_rand(&s) % 3) {
        case 0: buf[at] = alphabet[sf_t_rand(&s) % (sizeof alphabet - 1)]; break;
        case 1: memmove(buf + at, buf + at + 1, len - at - 1); len--; break;
        default:
          if (len + 1 < sizeof buf) {
            memmove(buf + at + 1, buf + at, len - at);
            buf[at] = alphabet[sf_t_rand(&s) % (sizeof alphabet - 1)];
            len++;
          }
      }
    }
    sf_textcase *tc = NULL;
    sf_status st;
    sf_status_clear(&st);
    if (sf_textcase_parse(buf, len, &tc, &st) == SF_OK) {
      parsed++;
      sf_buf rep;
      sf_buf_init(&rep, NULL);
      sf_textcase_run(tc, sf_backend_scalar(), &rep, &st);
      SF_CHECK(rep.len > 0);
      sf_buf_free(&rep);
      sf_textcase_free(tc);
    } else {
      SF_CHECK(st.msg[0] != 0 && st.pos_kind == SF_POS_TEXT && st.line >= 1);
    }
  }
  SF_CHECK(parsed > 100);
}

int main(void) {
  SF_RUN(test_known_case);
  SF_RUN(test_errors);
  SF_RUN(test_mutations);
  SF_TEST_END();
}
