/* tests/test_checks.c — the checks the fuzz targets run (oracles/), called directly as library
 * functions (the SPIRV-Tools pattern: tests and fuzzers share the oracles).
 *
 * Property tests over generated inputs (fixed seeds, sf_t_rand): valid instructions of every family
 * pass their codec checks from bytes and from text; structured cases pass sample_diff and pipeline;
 * the case layout round-trips through sf_case_write/sf_case_read. Known answers: refusals of
 * malformed inputs carry a status (empty input, truncated instruction: docs/visa-binary.md needs at
 * least the opcode byte and its fields); the target table holds the stable names of the targets. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/case.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

static void sf_t_fill(uint64_t *seed, uint8_t *p, size_t n) {
  for (size_t i = 0; i < n; i++) p[i] = (uint8_t)sf_t_rand(seed);
}

static void sf_t_report(const sf_verdict *v) {
  if (v->kind == SF_VERDICT_FAIL) sf_triage_report(stderr, v, NULL, NULL);
}

static void test_target_table(void) {
  static const char *const names[] = {"visa_bin_fuzzer", "visa_text_fuzzer", "dxbc_fuzzer",
                                      "d3dasm_fuzzer", "sample_diff_fuzzer", "pipeline_fuzzer",
                                      "isa_file_fuzzer", "textcase_fuzzer", "backend_diff_fuzzer",
                                      "manifest_fuzzer", "plugin_fuzzer"};
  SF_CHECK(sf_target_count >= 11); /* stable names never disappear; new targets may be added */
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) SF_CHECK(sf_target_find(names[i]) != NULL);
  SF_CHECK(sf_target_find("nope") == NULL);
  const sf_target *t = sf_target_from_path("/x/corpus/dxbc_fuzzer/d3d-sample-0001");
  SF_CHECK(t && strcmp(t->name, "dxbc_fuzzer") == 0);
  t = sf_target_from_path("fuzz-work/visa_text_fuzzer/artifacts/crash-1");
  SF_CHECK(t && strcmp(t->name, "visa_text_fuzzer") == 0);
  SF_CHECK(sf_target_from_path("crashes/visa_bin_fuzzerX/a") == NULL);
}

static void test_refusals_have_status(void) {
  sf_verdict v;
  /* Empty input: nothing to decode. */
  SF_CHECK(sf_check_visa_bin((const uint8_t *)"", 0, &v));
  SF_CHECK_EQ_U(v.kind, SF_VERDICT_REJECT);
  SF_CHECK(v.reason[0] != '\0');
  /* 3D_SAMPLE opcode with its fields cut off: truncated, not a crash. */
  const uint8_t cut[] = {0x6d, 0x00};
  SF_CHECK(sf_check_visa_bin(cut, sizeof cut, &v));
  SF_CHECK_EQ_U(v.kind, SF_VERDICT_REJECT);
  SF_CHECK(strstr(v.reason, "truncated") != NULL);
  SF_CHECK(sf_check_visa_text("xyzzy an instruction", 20, &v));
  SF_CHECK_EQ_U(v.kind, SF_VERDICT_REJECT);
  /* `not` is a vISA instruction outside the sample family: unsupported alone, not a syntax error */
  SF_CHECK(sf_check_visa_text("not an instruction", 18, &v));
  SF_CHECK_EQ_U(v.kind, SF_VERDICT_SKIP);
  /* An unknown mnemonic may be a D3D instruction samplefuzz does not model: refused or unsupported. */
  SF_CHECK(sf_check_d3dasm("frobnicate r0", 13, &v));
  SF_CHECK(v.kind == SF_VERDICT_REJECT || v.kind == SF_VERDICT_SKIP);
  SF_CHECK(v.reason[0] != '\0');
  SF_CHECK(sf_check_dxbc((const uint8_t *)"DXBC", 4, &v));
  SF_CHECK_EQ_U(v.kind, SF_VERDICT_REJECT);
}

/* Valid generated vISA instructions pass the binary and the text checks. */
static void test_visa_generated(void) {
  uint64_t seed = 0x5eed0001;
  uint8_t draw[384];
  unsigned fails = 0, passes = 0;
  for (unsigned i = 0; i < 1500 && fails < 3; i++) {
    sf_t_fill(&seed, draw, sizeof draw);
    sf_fdp f;
    sf_fdp_init(&f, draw, sizeof draw);
    static const sf_family fam[3] = {SF_FAMILY_SAMPLE_UNORM, SF_FAMILY_SAMPLE_3D, SF_FAMILY_AVS};
    sf_inst in;
    memset(&in, 0, sizeof in);
    SF_CHECK_EQ_U(sf_gen_inst(&f, fam[i % 3], SF_GEN_VALID, &in), SF_OK);
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    SF_CHECK_EQ_U(sf_visa_encode(&in, &b, &st), SF_OK);
    sf_verdict v;
    SF_CHECK(sf_check_visa_bin(b.data, b.len, &v));
    SF_CHECK_EQ_U(v.kind, SF_VERDICT_PASS);
    fails += v.kind == SF_VERDICT_FAIL;
    sf_t_report(&v);
    sf_buf_free(&b);
    char text[2048];
    SF_CHECK_EQ_U(sf_visa_print(&in, NULL, text, sizeof text, &st), SF_OK);
    SF_CHECK(sf_check_visa_text(text, strlen(text), &v));
    SF_CHECK_EQ_U(v.kind, SF_VERDICT_PASS);
    fails += v.kind == SF_VERDICT_FAIL;
    sf_t_report(&v);
    SF_CHECK(sf_check_inst_views(&in, &v));
    passes += v.kind == SF_VERDICT_PASS;
  }
  SF_CHECK_EQ_U(fails, 0);
  SF_CHECK_EQ_U(passes, 1500);
}

/* Valid generated D3D instructions pass the token, container and asm checks. */
static void test_d3d_generated(void) {
  uint64_t seed = 0x5eed0002;
  uint8_t draw[384];
  unsigned fails = 0;
  for (unsigned i = 0; i < 1000 && fails < 3; i++) {
    sf_t_fill(&seed, draw, sizeof draw);
    sf_fdp f;
    sf_fdp_init(&f, draw, sizeof draw);
    sf_inst in;
    memset(&in, 0, sizeof in);
    SF_CHECK_EQ_U(sf_gen_inst(&f, SF_FAMILY_D3D, SF_GEN_VALID, &in), SF_OK);
    uint32_t tok[SF_TPF_MAX_INST_LEN];
    size_t n = 0;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK_EQ_U(sf_tpf_encode_inst(&in.d3d, tok, &n, &st), SF_OK);
    uint8_t bytes[SF_TPF_MAX_INST_LEN * 4];
    for (size_t k = 0; k < n; k++)
      for (unsigned b = 0; b < 4; b++) bytes[4 * k + b] = (uint8_t)(tok[k] >> (8 * b));
    sf_verdict v;
    SF_CHECK(sf_check_dxbc(bytes, 4 * n, &v));
    fails += v.kind == SF_VERDICT_FAIL;
    sf_t_report(&v);
    sf_buf wrapped;
    sf_buf_init(&wrapped, &st);
    if (sf_dxbc_wrap_sample(&in.d3d, 0, &wrapped, &st) == SF_OK) {
      SF_CHECK(sf_check_dxbc(wrapped.data, wrapped.len, &v));
      fails += v.kind == SF_VERDICT_FAIL;
      sf_t_report(&v);
    }
    sf_buf_free(&wrapped);
    char text[2048];
    sf_status_clear(&st);
    SF_CHECK_EQ_U(sf_d3dasm_print_inst(&in.d3d, text, sizeof text, &st), SF_OK);
    SF_CHECK(sf_check_d3dasm(text, strlen(text), &v));
    fails += v.kind == SF_VERDICT_FAIL;
    sf_t_report(&v);
  }
  SF_CHECK_EQ_U(fails, 0);
}

/* sf_case_write(sf_case_read(x)) reads back to the same case and writes the same bytes. */
static void test_case_roundtrip(void) {
  uint64_t seed = 0x5eed0003;
  uint8_t in[SF_CASE_MAX_SIZE], w1[SF_CASE_MAX_SIZE], w2[SF_CASE_MAX_SIZE];
  sf_case *a = malloc(sizeof *a), *b = malloc(sizeof *b);
  SF_CHECK(a && b);
  if (!a || !b) {
    free(a);
    free(b);
    return;
  }
  for (unsigned i = 0; i < 2000; i++) {
    size_t n = (size_t)(sf_t_rand(&seed) % (SF_CASE_FIXED_SIZE + 300));
    sf_t_fill(&seed, in, n);
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK_EQ_U(sf_case_read(in, n, a, &st), SF_OK);
    size_t l1 = 0, l2 = 0;
    SF_CHECK_EQ_U(sf_case_write(a, w1, sizeof w1, &l1, &st), SF_OK);
    SF_CHECK_EQ_U(sf_case_read(w1, l1, b, &st), SF_OK);
    SF_CHECK_EQ_U(sf_case_write(b, w2, sizeof w2, &l2, &st), SF_OK);
    SF_CHECK_MEM(w1, l1, w2, l2);
    SF_CHECK(memcmp(&a->surf, &b->surf, sizeof a->surf) == 0);
    SF_CHECK(memcmp(&a->samp, &b->samp, sizeof a->samp) == 0);
    SF_CHECK(sf_inst_equal(&a->inst, &b->inst));
    SF_CHECK(memcmp(a->palette, b->palette, sizeof a->palette) == 0);
    /* The folded surface is always creatable. */
    sf_surface *s = NULL;
    SF_CHECK_EQ_U(sf_surface_create(&s, &a->surf, &st), SF_OK);
    sf_surface_free(s);
    SF_CHECK_EQ_U(sf_sampler_check(&a->samp, &st), SF_OK);
    if (sf_t_failed_checks) break;
  }
  /* The empty input is a case too (all fields zero-folded). */
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_case_read(NULL, 0, a, &st), SF_OK);
  SF_CHECK_EQ_U(a->surf.width, 1);
  free(a);
  free(b);
}

/* Layouts 1 and 2 of the case (include/samplefuzz/case.h): version 1 keeps the nearest AVS tables
 * and the cyclic fill, so older reproducers keep their meaning; layout 2 reads byte 23's table bits
 * (known answers of the bilinear and Catmull-Rom tables) and rotates the pattern per 64-byte block,
 * so the rows of a 16-texel RGBA8 surface differ while every texel is still one of the pattern's. */
static void test_case_layouts(void) {
  uint8_t in[SF_CASE_FIXED_SIZE];
  sf_case *c = calloc(1, sizeof *c);
  SF_CHECK(c != NULL);
  if (!c) return;
  sf_status st;
  sf_status_clear(&st);
  for (unsigned i = 0; i < sizeof in; i++) in[i] = (uint8_t)(i * 37u + 11u);
  in[0] = 1;
  in[23] = 0x0F;
  SF_CHECK_EQ_U(sf_case_read(in, sizeof in, c, &st), SF_OK);
  SF_CHECK_EQ_U(c->layout, 1);
  SF_CHECK_EQ_U(c->avs_flags, 3);
  SF_CHECK_EQ_U((unsigned)c->samp.avs_luma[31][4], 64);
  uint8_t w[SF_CASE_MAX_SIZE];
  size_t wl = 0;
  SF_CHECK_EQ_U(sf_case_write(c, w, sizeof w, &wl, &st), SF_OK);
  SF_CHECK_EQ_U(w[0], 1);
  SF_CHECK_EQ_U(w[23], 3);
  in[0] = 2;
  in[23] = 0x04; /* bilinear */
  SF_CHECK_EQ_U(sf_case_read(in, sizeof in, c, &st), SF_OK);
  SF_CHECK_EQ_U(c->layout, 2);
  SF_CHECK_EQ_U((unsigned)c->samp.avs_luma[5][3], 54);
  SF_CHECK_EQ_U((unsigned)c->samp.avs_luma[5][4], 10);
  SF_CHECK_EQ_U((unsigned)c->samp.avs_chroma[5][2], 10);
  in[23] = 0x08; /* Catmull-Rom: phase 0 is the centre tap, phase 16 is (-1, 9, 9, -1)/16 */
  SF_CHECK_EQ_U(sf_case_read(in, sizeof in, c, &st), SF_OK);
  SF_CHECK_EQ_U((unsigned)c->samp.avs_luma[0][3], 64);
  static const int8_t half[4] = {-4, 36, 36, -4};
  SF_CHECK(memcmp(&c->samp.avs_luma[16][2], half, 4) == 0 && memcmp(c->samp.avs_chroma[16], half, 4) == 0);
  SF_CHECK_EQ_U(sf_sampler_check(&c->samp, &st), SF_OK);
  in[23] = 0x0C; /* pseudo-random: valid, and not the nearest table */
  SF_CHECK_EQ_U(sf_case_read(in, sizeof in, c, &st), SF_OK);
  SF_CHECK_EQ_U(sf_sampler_check(&c->samp, &st), SF_OK);
  bool other = false;
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) other |= c->samp.avs_luma[p][0] != 0 || c->samp.avs_chroma[p][3] != 0;
  SF_CHECK(other);
  SF_CHECK_EQ_U(sf_case_write(c, w, sizeof w, &wl, &st), SF_OK);
  SF_CHECK_EQ_U(w[0], 2);
  SF_CHECK_EQ_U(w[23], 0x0C);
  /* the fill of a 16x16 RGBA8 surface (64-byte rows) in each layout */
  for (unsigned layout = 1; layout <= 2; layout++) {
    in[0] = (uint8_t)layout;
    SF_CHECK_EQ_U(sf_case_read(in, sizeof in, c, &st), SF_OK);
    c->flags = 0;
    sf_surface_desc d = {.type = SF_SURF_2D, .format = SF_FMT_RGBA8_UNORM, .width = 16, .height = 16, .depth = 1, .layers = 1, .levels = 1};
    c->surf = d;
    sf_surface *s = NULL;
    SF_CHECK_EQ_U(sf_surface_create(&s, &d, &st), SF_OK);
    if (!s) break;
    sf_case_fill(c, s);
    SF_CHECK(memcmp(s->data, c->pattern, 64) == 0);
    unsigned same = 0;
    for (unsigned y = 1; y < 16; y++) same += memcmp(s->data, s->data + 64 * y, 64) == 0;
    SF_CHECK_EQ_U(same, layout == 1 ? 15u : same);
    if (layout == 2) SF_CHECK(same < 4);
    bool texels_from_pattern = true;
    for (size_t t = 0; t + 4 <= s->size; t += 4) {
      bool found = false;
      for (unsigned k = 0; k < 64; k += 4) found |= memcmp(s->data + t, c->pattern + k, 4) == 0;
      texels_from_pattern &= found;
    }
    SF_CHECK(texels_from_pattern);
    sf_surface_free(s);
  }
  /* 64-byte GRFs (flag bit 2, layout 2 only), the register file and the decoy bindings */
  in[2] = 4;
  in[0] = 1;
  SF_CHECK_EQ_U(sf_case_read(in, sizeof in, c, &st), SF_OK);
  SF_CHECK_EQ_U(c->flags & SF_CASE_F_GRF64, 0);
  in[0] = 2;
  SF_CHECK_EQ_U(sf_case_read(in, sizeof in, c, &st), SF_OK);
  SF_CHECK_EQ_U(c->flags & SF_CASE_F_GRF64, SF_CASE_F_GRF64);
  for (unsigned k = 0; k < SF_CASE_PALETTE; k++) c->palette[k] = 1000u + k;
  sf_case_env *env = calloc(1, sizeof *env);
  SF_CHECK(env != NULL);
  if (env && sf_case_env_build(c, env, &st) == SF_OK) {
    SF_CHECK_EQ_U(env->state.grf_bytes, 64);
    const sf_d3d_regs *r = &env->state.d3d;
    unsigned seen = 0;
    for (unsigned reg = 0; reg < 4; reg++)
      for (unsigned ch = 0; ch < 4; ch++) seen |= 1u << (r->r[1][reg][ch] - 1000u);
    SF_CHECK_EQ_U(seen, 0xFFFFu); /* r0..r3 of a lane: sixteen different entries */
    SF_CHECK(r->r[0][4][0] != r->r[0][0][0]);
    SF_CHECK(r->cb[2][3][0] != r->cb[3][2][0]);
    SF_CHECK(r->cb[1][0][0] != r->cb[0][1][0]);
    SF_CHECK(r->v[0][0][1] != r->v[0][3][0]);
    /* the decoys: every slot but the instruction's holds another surface and sampler */
    unsigned real = 0;
    for (unsigned i = 0; i < SF_MAX_SURFACES; i++) real += env->state.surfaces[i] == env->surface;
    SF_CHECK(real <= 1 && env->decoy != NULL && env->state.surfaces[(c->inst.family == SF_FAMILY_D3D) ? 0 : 255] != NULL);
    SF_CHECK(memcmp(&env->decoy_sampler, &env->sampler, sizeof env->sampler) != 0);
    SF_CHECK_EQ_U(sf_sampler_check(&env->decoy_sampler, &st), SF_OK);
  } else {
    SF_CHECK(!"sf_case_env_build refused a layout-2 case");
  }
  if (env) sf_case_env_free(env);
  free(env);
  free(c);
}

/* Structured cases: every backend agrees and the invariants hold; the pipeline views agree. */
static void test_sample_diff_and_pipeline(void) {
  uint64_t seed = 0x5eed0004;
  uint8_t in[SF_CASE_FIXED_SIZE + 200];
  unsigned fails = 0, ran = 0;
  for (unsigned i = 0; i < 400 && fails < 3; i++) {
    sf_t_fill(&seed, in, sizeof in);
    in[1] = (uint8_t)i;   /* cycle the families */
    uint8_t *pal = in + SF_CASE_HEADER_SIZE + SF_CASE_PATTERN_SIZE;
    for (unsigned k = 0; k < SF_CASE_PALETTE; k++) pal[5 * k] = (k % 5 == 4) ? pal[5 * k] : SF_CASE_PAL_UNIT;
    sf_verdict *v = malloc(sizeof *v);
    if (!v) return;
    SF_CHECK(sf_check_sample_diff(in, sizeof in, v));
    fails += v->kind == SF_VERDICT_FAIL;
    ran += v->kind == SF_VERDICT_PASS;
    sf_t_report(v);
    SF_CHECK(sf_check_pipeline(in, sizeof in, v));
    fails += v->kind == SF_VERDICT_FAIL;
    sf_t_report(v);
    free(v);
  }
  SF_CHECK_EQ_U(fails, 0);
  /* Most cases must actually execute (not only be refused): guards against a check that passes
   * because nothing runs. */
  SF_CHECK_MSG(ran >= 100, "only %u of 400 cases executed", ran);
}

/* Replay: in-process and isolated runs give the same verdict; counts add up. */
static void test_replay(void) {
  char dir[] = "/tmp/sf_test_checks_XXXXXX";
  SF_CHECK(mkdtemp(dir) != NULL);
  char sub[64], path[96];
  snprintf(sub, sizeof sub, "%s/visa_text_fuzzer", dir);
  SF_CHECK(mkdir(sub, 0777) == 0);
  const char *inputs[3] = {"garbage", "", "sample_3d.RGBA (M1, 16) S0 T6 %null.0 V34.0"};
  for (int i = 0; i < 3; i++) {
    snprintf(path, sizeof path, "%s/in%d", sub, i);
    FILE *f = fopen(path, "wb");
    SF_CHECK(f != NULL);
    if (f) {
      fputs(inputs[i], f);
      fclose(f);
    }
  }
  sf_replay_stats stats;
  sf_status st;
  sf_status_clear(&st);
  char *paths[1] = {dir};
  SF_CHECK_EQ_U(sf_replay_paths(1, paths, NULL, 0, NULL, NULL, &stats, &st), SF_OK);
  SF_CHECK_EQ_U(stats.passed + stats.rejected + stats.skipped + stats.failed, 3);
  SF_CHECK_EQ_U(stats.failed, 0);
  SF_CHECK_EQ_U(stats.errors, 0);
  sf_replay_stats iso;
  SF_CHECK_EQ_U(sf_replay_paths(1, paths, NULL, SF_REPLAY_ISOLATE, NULL, NULL, &iso, &st), SF_OK);
  SF_CHECK(memcmp(&stats, &iso, sizeof stats) == 0);
  for (int i = 0; i < 3; i++) {
    snprintf(path, sizeof path, "%s/in%d", sub, i);
    unlink(path);
  }
  rmdir(sub);
  rmdir(dir);
}

int main(void) {
  SF_RUN(test_target_table);
  SF_RUN(test_refusals_have_status);
  SF_RUN(test_visa_generated);
  SF_RUN(test_d3d_generated);
  SF_RUN(test_case_roundtrip);
  SF_RUN(test_case_layouts);
  SF_RUN(test_sample_diff_and_pipeline);
  SF_RUN(test_replay);
  SF_TEST_END();
}
