/* tests/test_case_text.c — the hand-written text case format of `samplefuzz run` (docs/case-text.md,
 * parser sf_textcase_parse in oracles/sampler/textcase.c).
 *
 * 1. Known answers for every directive: each expected field value below is worked out by hand from
 *    the directive text (the conversions are the D3D §3.2.3 ones the precision model names: UNORM8
 *    = RNE(x*255), half floats by their bit patterns, s4.8/u4.8 = RNE(x*256)).
 * 2. Every error the parser reports, with its line:col. The column is the 1-based column of the word
 *    the message is about, counted by hand in the text of each row (a comment gives the count);
 *    errors inside the instruction are the instruction parser's own column shifted by where the
 *    instruction starts on the line.
 * 3. The docs/examples/ .case files parse and, on the scalar backend, give the values worked out in
 *    their comments (tests/cli_run.sh checks the same numbers through the command on every backend). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/dxbc.h"
#include "samplefuzz/sampler.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

static const char inst_line[] = "inst sample_lz.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0\n";

static sf_textcase *parse_ok(const char *text) {
  sf_textcase *tc = NULL;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_textcase_parse(text, strlen(text), &tc, &st);
  SF_CHECK_MSG(rc == SF_OK && tc, "parse failed: %u:%u %s", st.line, st.col, st.msg);
  return rc == SF_OK ? tc : NULL;
}

static uint32_t f2u(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static float rdf(const uint8_t *p) {
  float f;
  memcpy(&f, p, 4);
  return f;
}

/* ---- 1. known answers ------------------------------------------------------------------------ */

static void test_surface_and_texels(void) {
  char text[512];
  snprintf(text, sizeof text,
           "surface T6 2d_array rgba16f 8x4 layers=3 levels=2\n"
           "surface T0 2d rgba8_unorm 2x2\n"
           "fill T0 01 02 03 04 05 06 07 08\n"          /* texel (0,0) = 01020304, (1,0) = 05060708 */
           "texel T0 0 0 1 1 1 0.5 0 1\n"                /* 1 -> ff, 0.5 -> RNE(127.5) = 80, 0, 1 -> ff */
           "bytes T0 0 0 0 1 0a0b0c0d\n"
           "null T0 0 0 1 1\n"
           "%s",
           inst_line);
  sf_textcase *tc = parse_ok(text);
  if (!tc) return;
  const sf_surface *a = tc->surf[6];
  SF_CHECK(a && tc->state.surfaces[6] == a);
  if (a) {
    SF_CHECK_EQ_U(a->desc.type, SF_SURF_2D_ARRAY);
    SF_CHECK_EQ_U(a->desc.format, SF_FMT_RGBA16F);
    SF_CHECK_EQ_U(a->desc.width, 8);
    SF_CHECK_EQ_U(a->desc.height, 4);
    SF_CHECK_EQ_U(a->desc.layers, 3);
    SF_CHECK_EQ_U(a->desc.levels, 2);
  }
  sf_surface *s = tc->surf[0];
  SF_CHECK(s != NULL);
  if (s) {
    static const uint8_t t00[4] = {1, 2, 3, 4}, t10[4] = {5, 6, 7, 8}, t01[4] = {0x0a, 0x0b, 0x0c, 0x0d},
                         t11[4] = {0xff, 0x80, 0x00, 0xff};
    SF_CHECK_MEM(sf_surface_texel(s, 0, 0, 0, 0), 4, t00, 4);
    SF_CHECK_MEM(sf_surface_texel(s, 0, 0, 1, 0), 4, t10, 4);
    SF_CHECK_MEM(sf_surface_texel(s, 0, 0, 0, 1), 4, t01, 4);
    SF_CHECK_MEM(sf_surface_texel(s, 0, 0, 1, 1), 4, t11, 4);
    SF_CHECK(s->null_map && s->null_map[0] == 1);   /* the one 8x8 tile of level 0 */
  }
  SF_CHECK(tc->have_inst && tc->inst.family == SF_FAMILY_SAMPLE_3D && tc->inst.s3d.op == SF_S3D_SAMPLE_LZ);
  sf_textcase_free(tc);
}

static void test_sampler(void) {
  char text[512];
  snprintf(text, sizeof text,
           "sampler S3 min=linear mag=point mip=linear addr=wrap,border border=1,0.5 bias=-1.5 minlod=0.25 "
           "maxlod=2 cmp=greater_equal avs_shuffle avs_8tap_all\n"
           "sampler S4 filter=linear addr=mirror_once\n%s",
           inst_line);
  sf_textcase *tc = parse_ok(text);
  if (!tc) return;
  const sf_sampler *s = tc->state.samplers[3];
  SF_CHECK(s == &tc->samp[3]);
  if (s) {
    SF_CHECK_EQ_U(s->min_filter, SF_FILTER_LINEAR);
    SF_CHECK_EQ_U(s->mag_filter, SF_FILTER_POINT);
    SF_CHECK_EQ_U(s->mip_filter, SF_MIP_LINEAR);
    SF_CHECK_EQ_U(s->addr[0], SF_ADDR_WRAP);
    SF_CHECK_EQ_U(s->addr[1], SF_ADDR_BORDER);
    SF_CHECK_EQ_U(s->addr[2], SF_ADDR_BORDER);   /* the last mode given repeats */
    SF_CHECK(s->border[0] == 1.0f && s->border[1] == 0.5f && s->border[2] == 0.0f && s->border[3] == 0.0f);
    SF_CHECK(s->lod_bias == -384);                /* -1.5 * 256 */
    SF_CHECK_EQ_U(s->min_lod, 64);                /* 0.25 * 256 */
    SF_CHECK_EQ_U(s->max_lod, 512);               /* 2 * 256 */
    SF_CHECK_EQ_U(s->compare, SF_CMP_GREATER_EQUAL);
    SF_CHECK(s->avs_shuffle && s->avs_8tap_all && !s->avs_adaptive && !s->avs_ief);
  }
  const sf_sampler *t = tc->state.samplers[4];
  SF_CHECK(t && t->min_filter == SF_FILTER_LINEAR && t->mag_filter == SF_FILTER_LINEAR);
  SF_CHECK(t && t->addr[0] == SF_ADDR_MIRROR_ONCE && t->addr[1] == SF_ADDR_MIRROR_ONCE && t->addr[2] == SF_ADDR_MIRROR_ONCE);
  SF_CHECK(tc->state.samplers[0] == NULL);   /* only declared samplers are bound */
  sf_textcase_free(tc);
}

static void test_state(void) {
  char text[512];
  snprintf(text, sizeof text,
           "var V40 hf 8 = 1 -2 0.5\n"      /* 3c00 c000 3800 0000 */
           "var V41 d 8 = -1 0x10\n"        /* ffffffff 00000010 */
           "var V42 f 4 = 0x3f800000\n"     /* floats may be bit patterns: 1.0 */
           "dmask 0xF0F0\n"
           "pred P3 0x5\n"
           "grf 64\n"
           "live 0x9\n"
           "reg v2 1 0.5 0x3f800000\n"
           "reg r7 * 2 3 4 5\n"
           "reg cb1[3] * -2 0 0 7\n"
           "%s",
           inst_line);
  sf_textcase *tc = parse_ok(text);
  if (!tc) return;
  const sf_var *v = sf_state_var_c(&tc->state, 40);
  static const uint8_t hf[8] = {0x00, 0x3c, 0x00, 0xc0, 0x00, 0x38, 0x00, 0x00};
  SF_CHECK(v && v->type == SF_VT_HF && v->size == 8);
  if (v) SF_CHECK_MEM(v->bytes, v->size, hf, 8);
  v = sf_state_var_c(&tc->state, 41);
  static const uint8_t d[8] = {0xff, 0xff, 0xff, 0xff, 0x10, 0, 0, 0};
  SF_CHECK(v && v->type == SF_VT_D);
  if (v) SF_CHECK_MEM(v->bytes, v->size, d, 8);
  v = sf_state_var_c(&tc->state, 42);
  SF_CHECK(v && rdf(v->bytes) == 1.0f);
  SF_CHECK_EQ_U(tc->state.dmask, 0xF0F0);
  SF_CHECK_EQ_U(tc->state.preds[3], 5);
  SF_CHECK_EQ_U(tc->state.grf_bytes, 64);
  SF_CHECK_EQ_U(tc->state.d3d.live, 9);
  SF_CHECK_EQ_U(tc->state.d3d.v[1][2][0], f2u(0.5f));
  SF_CHECK_EQ_U(tc->state.d3d.v[1][2][1], 0x3f800000u);
  SF_CHECK_EQ_U(tc->state.d3d.v[0][2][0], 0);   /* only lane 1 */
  for (unsigned l = 0; l < 4; l++) SF_CHECK_EQ_U(tc->state.d3d.r[l][7][3], f2u(5.0f));
  /* constant buffers are shared by the quad (a regression: cb<b>[<n>] used to be refused as an
   * unknown register because the parser wanted a character after the ']') */
  SF_CHECK_EQ_U(tc->state.d3d.cb[1][3][0], f2u(-2.0f));
  SF_CHECK_EQ_U(tc->state.d3d.cb[1][3][3], f2u(7.0f));
  SF_CHECK_EQ_U(tc->state.d3d.cb[1][2][0], 0);
  sf_textcase_free(tc);
}

static void test_d3d_inst(void) {
  sf_textcase *tc = parse_ok("d3d sample_l r0.xyzw, v0.xyxx, t0.xyzw, s1, r1.x\n");
  if (!tc) return;
  SF_CHECK(tc->inst.family == SF_FAMILY_D3D && tc->inst.d3d.op == SF_D3D_SAMPLE_L);
  SF_CHECK_STR(tc->inst_text, "sample_l r0.xyzw, v0.xyxx, t0.xyzw, s1, r1.x");
  sf_textcase_free(tc);
}

/* ---- 2. every error with its line:col ------------------------------------------------------- */

typedef struct err_case {
  const char *text;
  sf_code code;
  uint32_t line, col;
} err_case;

static void check_err(unsigned k, const char *text, sf_code code, uint32_t line, uint32_t col) {
  sf_textcase *tc = NULL;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_textcase_parse(text, strlen(text), &tc, &st);
  SF_CHECK_MSG(rc == code && st.pos_kind == SF_POS_TEXT && st.line == line && st.col == col && st.msg[0],
               "error case %u: %s at %u:%u (%s), want %s at %u:%u", k, sf_code_name(rc), st.line, st.col, st.msg,
               sf_code_name(code), line, col);
  SF_CHECK(tc == NULL);
  sf_textcase_free(tc);
}

#define S2 "surface T6 2d r8_unorm 4x4\n"   /* line 1 of the cases that need a surface */

static void test_errors(void) {
  static const err_case c[] = {
      /* surface: "surface"@1 "T6"@9 "2d"@12 "r8_unorm"@15 size@24 options@28 */
      {"surface T6 2d r8_unorm\n", SF_ERR_SYNTAX, 1, 9},                /* too few words: about T<n> */
      {"surface X6 2d r8_unorm 4x4\n", SF_ERR_SYNTAX, 1, 9},
      {"surface T256 2d r8_unorm 4x4\n", SF_ERR_SYNTAX, 1, 9},          /* T0..T255 */
      {"surface T6 4d r8_unorm 4x4\n", SF_ERR_SYNTAX, 1, 12},
      {"surface T6 2d rgb9 4x4\n", SF_ERR_SYNTAX, 1, 15},
      {"surface T6 2d r8_unorm 0x4\n", SF_ERR_SYNTAX, 1, 24},           /* width 0 */
      {"surface T6 2d r8_unorm 4x4x4x4\n", SF_ERR_SYNTAX, 1, 24},
      {"surface T6 2d r8_unorm 4x4 mips=2\n", SF_ERR_SYNTAX, 1, 28},
      {"surface T6 2d r8_unorm 4x4 levels=16\n", SF_ERR_SYNTAX, 1, 28}, /* 1..15 */
      {"surface T6 2d r8_unorm 4x4 layers=0\n", SF_ERR_SYNTAX, 1, 28},
      /* fill / texel / bytes / null (line 2): "fill"@1 "T6"@6 bytes@9; "texel"@1 "T6"@7 l@10 s@12 x@14 y@16 v@18 */
      {S2 "fill T6 0\n", SF_ERR_SYNTAX, 2, 9},                          /* odd number of hex digits */
      {S2 "fill T6 zz\n", SF_ERR_SYNTAX, 2, 9},
      {S2 "fill T6 00 0x1g\n", SF_ERR_SYNTAX, 2, 12},                   /* "0x1g"@12 */
      {S2 "fill T6\n", SF_ERR_SYNTAX, 2, 6},                            /* no bytes: about T6 */
      {S2 "fill T7 00\n", SF_ERR_UNDECLARED, 2, 6},
      {"fill T6 00\n", SF_ERR_UNDECLARED, 1, 6},                        /* before any surface */
      {S2 "texel T6 0 0 0\n", SF_ERR_SYNTAX, 2, 1},
      {S2 "texel T6 0 0 x 0\n", SF_ERR_SYNTAX, 2, 14},
      {S2 "texel T6 0 0 0 -1 1\n", SF_ERR_SYNTAX, 2, 16},
      {S2 "texel T6 0 0 0 0 abc\n", SF_ERR_SYNTAX, 2, 18},
      {S2 "texel T6 0 0 0 0 1 2 3 nan-ish\n", SF_ERR_SYNTAX, 2, 24},    /* "1"@18 "2"@20 "3"@22 */
      {S2 "texel T6 1 0 0 0 1\n", SF_ERR_RANGE, 2, 10},                 /* level 1 of a 1-level surface */
      {S2 "texel T6 0 0 4 0 1\n", SF_ERR_RANGE, 2, 10},                 /* x = 4 of a 4-wide level */
      {S2 "bytes T6 0 0 0 0 0102\n", SF_ERR_RANGE, 2, 18},              /* r8 texels have 1 byte */
      {S2 "bytes T6 0 0 0 0\n", SF_ERR_RANGE, 2, 1},                    /* no bytes at all: 0 of 1 */
      {S2 "null T9 0 0 0 0\n", SF_ERR_UNDECLARED, 2, 6},
      {S2 "null T6 0 9 0 0\n", SF_ERR_RANGE, 2, 9},                     /* slice 9: "null"@1 "T6"@6 "0"@9 */
      /* sampler: "sampler"@1 "S0"@9 options from @12 */
      {"sampler Q0\n", SF_ERR_SYNTAX, 1, 9},
      {"sampler\n", SF_ERR_SYNTAX, 1, 1},
      {"sampler S0 avs_magic\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 min=cubic\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 mag=\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 filter=bilinear\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 mip=linearx\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 addr=wrap,wrap,wrap,wrap\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 filter=point addr=wrap,nope\n", SF_ERR_SYNTAX, 1, 25},   /* "filter=point"@12..23 */
      {"sampler S0 border=1,2,3,4,5\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 border=1,x\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 bias=abc\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 maxlod=\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 cmp=lessish\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 foo=1\n", SF_ERR_SYNTAX, 1, 12},
      {"sampler S0 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=1\n", SF_ERR_SYNTAX, 1, 12},   /* 40-letter key */
      /* var: "var"@1 "V40"@5 type@9 size@11 (or @12 after "ud") "="@13 values@15 */
      {"var V0 f 4\n", SF_ERR_SYNTAX, 1, 5},                            /* V0 is %null */
      {"var V40 f\n", SF_ERR_SYNTAX, 1, 5},
      {"var V40 vf 4\n", SF_ERR_SYNTAX, 1, 9},                          /* packed vector types: no */
      {"var V40 zz 4\n", SF_ERR_SYNTAX, 1, 9},
      {"var V40 f 0\n", SF_ERR_RANGE, 1, 11},
      {"var V40 f 8193\n", SF_ERR_RANGE, 1, 11},                        /* SF_VAR_MAX_BYTES = 8192 */
      {"var V40 f 8 : 1\n", SF_ERR_SYNTAX, 1, 13},
      {"var V40 f 8 = 1 zz\n", SF_ERR_SYNTAX, 1, 17},
      {"var V40 f 8 = 1 2 3\n", SF_ERR_RANGE, 1, 19},                   /* a third float in 8 bytes */
      {"var V40 ud 8 = 1 2.5\n", SF_ERR_SYNTAX, 1, 18},
      /* reg: "reg"@1 register@5 lane@8 (after "r1") values@10 */
      {"reg r1 *\n", SF_ERR_SYNTAX, 1, 1},
      {"reg x1 * 1\n", SF_ERR_SYNTAX, 1, 5},
      {"reg r32 * 1\n", SF_ERR_LIMIT, 1, 5},                            /* r0..r31 */
      {"reg v32 * 1\n", SF_ERR_LIMIT, 1, 5},
      {"reg o8 * 1\n", SF_ERR_LIMIT, 1, 5},                             /* o0..o7 */
      {"reg r1 4 1\n", SF_ERR_SYNTAX, 1, 8},
      {"reg r1 * 1 q\n", SF_ERR_SYNTAX, 1, 12},
      /* one-number directives: "dmask"@1 value@7, "pred"@1 "P1"@6 */
      {"dmask\n", SF_ERR_SYNTAX, 1, 1},
      {"dmask 0x100000000\n", SF_ERR_SYNTAX, 1, 7},
      {"live 1 2\n", SF_ERR_SYNTAX, 1, 6},
      {"grf x\n", SF_ERR_SYNTAX, 1, 5},
      {"pred P32 1\n", SF_ERR_SYNTAX, 1, 6},                            /* P0..P31 */
      {"pred P1\n", SF_ERR_SYNTAX, 1, 6},
      /* instruction lines and the file as a whole */
      {"inst\n", SF_ERR_SYNTAX, 1, 1},
      {"d3d   # only a comment\n", SF_ERR_SYNTAX, 1, 1},
      {"bogus T6\n", SF_ERR_SYNTAX, 1, 1},
      {"# a comment\n\n  \t\nvar V40 f 32\n", SF_ERR_SYNTAX, 4, 1},      /* no instruction: last line */
      {"# c\r\n\r\nbogus\r\n", SF_ERR_SYNTAX, 3, 1},                    /* CRLF lines count once */
      {"   sampler S0 min=x\n", SF_ERR_SYNTAX, 1, 15},                   /* leading blanks count */
      {"\tsampler S0 min=x\n", SF_ERR_SYNTAX, 1, 13},
  };
  for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) check_err(k, c[k].text, c[k].code, c[k].line, c[k].col);

  /* two instructions: the second line, about its first word */
  char two[256];
  snprintf(two, sizeof two, "%s%s", inst_line, inst_line);
  check_err(100, two, SF_ERR_SYNTAX, 2, 1);
  /* a line longer than 1023 characters: its column 1 */
  char *longl = malloc(1200);
  if (longl) {
    memset(longl, 'a', 1100);
    memcpy(longl + 1100, "\n", 2);
    check_err(101, longl, SF_ERR_LIMIT, 1, 1);
    free(longl);
  }
  /* 41 words on a line (the cap is 40): "sampler" then 40 times " x"; word k >= 1 starts at
   * column 7 + 2k, so the 41st word (k = 40) is at column 87 */
  char words[200] = "sampler";
  for (unsigned i = 1; i < 41; i++) strcat(words, " x");
  strcat(words, "\n");
  check_err(102, words, SF_ERR_LIMIT, 1, 87);
  /* 65 variables: the state holds 64 (SF_MAX_VARS); line 65, about the variable ("V" at column 5) */
  char *vars = malloc(65 * 24 + 1);
  if (vars) {
    vars[0] = 0;
    for (unsigned i = 0; i < 65; i++) sprintf(vars + strlen(vars), "var V%u f 4\n", 100 + i);
    check_err(103, vars, SF_ERR_LIMIT, 65, 5);
    free(vars);
  }
  /* a surface the sampler's caps refuse: 1D with height 4 (1D needs height 1), about "T6" */
  check_err(104, "surface T6 1d r8_unorm 4x4\n", SF_ERR_INVALID, 1, 9);
  check_err(105, "surface T6 2d r8_unorm 16384x16384\n", SF_ERR_LIMIT, 1, 9);   /* 2^28 > 2^22 texels */

  /* Errors inside the instruction: the instruction parser's column, shifted to where the
   * instruction starts (column 6 after "inst ", 7 after a leading blank, 5 after "d3d "). */
  static const char *const bad_visa[] = {"sample_lz.Q (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0",
                                         "sample_lz.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0 junk",
                                         "sample_lz.R (M1, 7) 0x0:uw S0 T6 V40.0 V32.0 V33.0"};
  for (unsigned i = 0; i < 3; i++) {
    sf_inst in;
    sf_status ist;
    sf_status_clear(&ist);
    sf_code want = sf_visa_parse(bad_visa[i], strlen(bad_visa[i]), NULL, &in, &ist);
    SF_CHECK_MSG(want != SF_OK && ist.pos_kind == SF_POS_TEXT, "vISA text %u should not parse", i);
    char line[256];
    snprintf(line, sizeof line, "# one\ninst %s\n", bad_visa[i]);
    check_err(110 + i, line, want, 2, 6 + ist.col - 1);
    snprintf(line, sizeof line, " inst %s\n", bad_visa[i]);
    check_err(120 + i, line, want, 1, 7 + ist.col - 1);
  }
  static const char bad_d3d[] = "sample r0.qq, v0.xyxx, t0.xyzw, s0";   /* not a component mask */
  sf_d3d_inst d;
  sf_status dst;
  sf_status_clear(&dst);
  sf_code want = sf_d3dasm_parse_inst(bad_d3d, strlen(bad_d3d), 1, &d, &dst);
  SF_CHECK(want != SF_OK && dst.pos_kind == SF_POS_TEXT);
  check_err(130, "d3d sample r0.qq, v0.xyxx, t0.xyzw, s0\n", want, 1, 5 + dst.col - 1);
}

/* ---- 3. the shipped examples ---------------------------------------------------------------- */

static sf_textcase *load_example(const char *name) {
  char path[1024];
  snprintf(path, sizeof path, "%s/docs/examples/%s", SF_SOURCE_DIR, name);
  FILE *f = fopen(path, "rb");
  SF_CHECK_MSG(f != NULL, "cannot open %s", path);
  if (!f) return NULL;
  static char buf[1 << 16];
  size_t n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = 0;
  sf_textcase *tc = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_textcase_parse(buf, n, &tc, &st) == SF_OK, "%s:%u:%u: %s", name, st.line, st.col, st.msg);
  if (!tc) return NULL;
  sf_buf rep;
  sf_buf_init(&rep, NULL);
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_textcase_run(tc, sf_backend_scalar(), &rep, &st) == SF_OK, "%s: %s", name, st.msg);
  sf_buf_free(&rep);
  return tc;
}

static void test_examples(void) {
  /* bilinear_r32f.case: texels 2 4 / 6 10 (its comment works the lanes out) */
  sf_textcase *tc = load_example("bilinear_r32f.case");
  if (tc) {
    const sf_var *v = sf_state_var_c(&tc->state, 40);
    static const float want[8] = {5.5f, 3.0f, 4.0f, 10.0f, 2.5f, 2.0f, 2.0f, 2.0f};
    SF_CHECK(v != NULL);
    for (unsigned l = 0; v && l < 8; l++) SF_CHECK_MSG(rdf(v->bytes + 4 * l) == want[l], "bilinear lane %u: %g", l, (double)rdf(v->bytes + 4 * l));
    sf_textcase_free(tc);
  }
  /* wrap_point_r8.case: R block then G, B, A blocks of 8 floats (32-byte GRFs) */
  tc = load_example("wrap_point_r8.case");
  if (tc) {
    const sf_var *v = sf_state_var_c(&tc->state, 40);
    static const float r[8] = {51.0f / 255.0f, 0.0f, 1.0f, 102.0f / 255.0f, 1.0f, 0.0f, 0.0f, 0.0f};
    SF_CHECK(v != NULL);
    for (unsigned l = 0; v && l < 8; l++) {
      SF_CHECK_MSG(rdf(v->bytes + 4 * l) == r[l], "wrap lane %u R %g", l, (double)rdf(v->bytes + 4 * l));
      SF_CHECK(rdf(v->bytes + 96 + 4 * l) == 1.0f);   /* A: the fourth 32-byte block */
    }
    sf_textcase_free(tc);
  }
  /* sample_unorm_aligned.case: R 0x1000/0x5000 and G 0x2000/0x6000 alternating (value << 8) */
  tc = load_example("sample_unorm_aligned.case");
  if (tc) {
    const sf_var *v = sf_state_var_c(&tc->state, 40);
    SF_CHECK(v != NULL);
    for (unsigned px = 0; v && px < 32; px++) {
      unsigned r = v->bytes[2 * px] | v->bytes[2 * px + 1] << 8;
      unsigned g = v->bytes[64 + 2 * px] | v->bytes[64 + 2 * px + 1] << 8;
      SF_CHECK_EQ_U(r, (px & 1) ? 0x5000u : 0x1000u);
      SF_CHECK_EQ_U(g, (px & 1) ? 0x6000u : 0x2000u);
    }
    sf_textcase_free(tc);
  }
  /* d3d_pcf.case: r0.x = 0 1 1 0 */
  tc = load_example("d3d_pcf.case");
  if (tc) {
    static const float want[4] = {0.0f, 1.0f, 1.0f, 0.0f};
    for (unsigned l = 0; l < 4; l++) SF_CHECK(rdf((const uint8_t *)&tc->state.d3d.r[l][0][0]) == want[l]);
    sf_textcase_free(tc);
  }
}

int main(void) {
  SF_RUN(test_surface_and_texels);
  SF_RUN(test_sampler);
  SF_RUN(test_state);
  SF_RUN(test_d3d_inst);
  SF_RUN(test_errors);
  SF_RUN(test_examples);
  SF_TEST_END();
}
