/* tests/test_textcase_write.c — the case text directives `bind`, `data`, `avs`, `set`, `raw`,
 * `reg x<A>[<N>]` and element values (sf_textcase_value), and the case writer sf_textcase_write
 * (sampler.h "Hand-written text cases", docs/case-text.md):
 *   1. sf_textcase_value: one row per edge of every element type's range and float form;
 *   2. each new directive lands in the sf_textcase fields it names (and a redeclared surface takes
 *      the slots bound to it along);
 *   (malformed new directives, refused at line:col, are rows of tests/test_sampler_textcase.c's table;)
 *   4. write -> parse -> write is byte-identical and the state read back equals the original, for
 *      docs/examples/ *.case and a hand-made case that uses every directive;
 *   5. a golden written text pins the format;
 *   6. the writer's refusals (NULL arguments, packed-vector variables, address registers). */
#include <dirent.h>

#include "samplefuzz/sampler.h"
#include "tests/sf_test.h"

#ifndef SF_SOURCE_DIR
#define SF_SOURCE_DIR "."
#endif

static const char *const vsample = "inst sample_lz.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0\n";

static sf_textcase *parse(const char *text, size_t len, const char *what) {
  sf_textcase *tc = NULL;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_textcase_parse(text, len, &tc, &st);
  SF_CHECK_MSG(rc == SF_OK && tc, "%s: %s at %u:%u: %s", what, sf_code_name(rc), st.line, st.col, st.msg);
  return tc;
}

/* text + the vISA instruction line, parsed */
static sf_textcase *parse_with_inst(const char *text) {
  char buf[4096];
  snprintf(buf, sizeof buf, "%s%s", text, vsample);
  return parse(buf, strlen(buf), text);
}

/* ---- 1. sf_textcase_value ------------------------------------------------------------------- */

static void test_value_table(void) {
  static const struct { uint8_t type; const char *text; int ok; uint64_t bits; } c[] = {
      {SF_VT_UB, "255", 1, 0xff}, {SF_VT_UB, "256", 0, 0}, {SF_VT_UB, "-128", 1, 0x80}, {SF_VT_UB, "-129", 0, 0},
      {SF_VT_UB, "0", 1, 0}, {SF_VT_UB, "0xff", 1, 0xff}, {SF_VT_UB, "0x100", 0, 0}, {SF_VT_UB, "abc", 0, 0},
      {SF_VT_B, "127", 1, 0x7f}, {SF_VT_B, "-128", 1, 0x80}, {SF_VT_B, "255", 1, 0xff}, {SF_VT_B, "256", 0, 0},
      {SF_VT_B, "-129", 0, 0}, {SF_VT_B, "-1", 1, 0xff},
      {SF_VT_UW, "65535", 1, 0xffff}, {SF_VT_UW, "65536", 0, 0}, {SF_VT_UW, "-32768", 1, 0x8000}, {SF_VT_UW, "-32769", 0, 0},
      {SF_VT_W, "32767", 1, 0x7fff}, {SF_VT_W, "-1", 1, 0xffff}, {SF_VT_W, "-32768", 1, 0x8000}, {SF_VT_W, "65536", 0, 0},
      {SF_VT_UD, "4294967295", 1, 0xffffffffu}, {SF_VT_UD, "4294967296", 0, 0}, {SF_VT_UD, "-1", 1, 0xffffffffu},
      {SF_VT_UD, "-2147483648", 1, 0x80000000u}, {SF_VT_UD, "-2147483649", 0, 0}, {SF_VT_UD, "", 0, 0},
      {SF_VT_UD, "1.5", 0, 0}, {SF_VT_UD, "0x0", 1, 0},
      {SF_VT_D, "2147483647", 1, 0x7fffffffu}, {SF_VT_D, "-2147483648", 1, 0x80000000u}, {SF_VT_D, "0x80000000", 1, 0x80000000u},
      {SF_VT_D, "-2147483649", 0, 0}, {SF_VT_D, "4294967296", 0, 0},
      {SF_VT_UQ, "18446744073709551615", 1, UINT64_MAX}, {SF_VT_UQ, "18446744073709551616", 0, 0},
      {SF_VT_UQ, "99999999999999999999", 0, 0}, {SF_VT_UQ, "-1", 1, UINT64_MAX}, {SF_VT_UQ, "0x10000000000000000", 0, 0},
      {SF_VT_Q, "-9223372036854775808", 1, 0x8000000000000000ull}, {SF_VT_Q, "9223372036854775807", 1, 0x7fffffffffffffffull},
      {SF_VT_Q, "-9223372036854775809", 0, 0}, {SF_VT_Q, "-99999999999999999999", 0, 0},
      {SF_VT_F, "0.5", 1, 0x3f000000u}, {SF_VT_F, "0x7fc00001", 1, 0x7fc00001u}, {SF_VT_F, "-0", 1, 0x80000000u},
      {SF_VT_F, "1", 1, 0x3f800000u}, {SF_VT_F, "0x1ffffffff", 0, 0}, {SF_VT_F, "abc", 0, 0}, {SF_VT_F, "1.5x", 0, 0},
      {SF_VT_F, "", 0, 0}, {SF_VT_F, "-inf", 1, 0xff800000u},
      {SF_VT_HF, "1", 1, 0x3c00}, {SF_VT_HF, "0x3c00", 1, 0x3c00}, {SF_VT_HF, "0x13c00", 0, 0}, {SF_VT_HF, "0x7e01", 1, 0x7e01},
      {SF_VT_HF, "-2", 1, 0xc000}, {SF_VT_HF, "65504", 1, 0x7bff}, {SF_VT_HF, "0.5", 1, 0x3800}, {SF_VT_HF, "x", 0, 0},
      {SF_VT_BF, "1", 1, 0x3f80}, {SF_VT_BF, "-2", 1, 0xc000}, {SF_VT_BF, "0x7fc1", 1, 0x7fc1}, {SF_VT_BF, "0x10000", 0, 0},
      /* 1.006 is float 0x3f80c49b: round-to-nearest-even to bf gives 0x3f81 (sampler.h sf_textcase_value) */
      {SF_VT_BF, "1.006", 1, 0x3f81},
      /* ties go to the even upper half: 0x3f818000 up to 0x3f82, 0x3f808000 stays 0x3f80 */
      {SF_VT_BF, "1.01171875", 1, 0x3f82}, {SF_VT_BF, "1.00390625", 1, 0x3f80}, {SF_VT_BF, "-nan", 1, 0xffc0},
      {SF_VT_DF, "0x7ff8000000000001", 1, 0x7ff8000000000001ull}, {SF_VT_DF, "0.5", 1, 0x3fe0000000000000ull},
      {SF_VT_DF, "-1", 1, 0xbff0000000000000ull}, {SF_VT_DF, "abc", 0, 0}, {SF_VT_DF, "1.5x", 0, 0}, {SF_VT_DF, "", 0, 0},
      {SF_VT_DF, "0x10000000000000000", 0, 0},
  };
  for (unsigned k = 0; k < sizeof c / sizeof c[0]; k++) {
    uint64_t bits = 0x5a5a5a5a5a5a5a5aull;
    const char *why = sf_textcase_value(c[k].type, c[k].text, &bits);
    if (c[k].ok)
      SF_CHECK_MSG(!why && bits == c[k].bits, "row %u: %s \"%s\": %s, bits 0x%" PRIx64 ", want 0x%" PRIx64, k,
                   sf_vtype_name(c[k].type), c[k].text, why ? why : "accepted", bits, c[k].bits);
    else
      SF_CHECK_MSG(why && why[0], "row %u: %s \"%s\" accepted as 0x%" PRIx64 ", want refused", k, sf_vtype_name(c[k].type),
                   c[k].text, bits);
  }
}

/* ---- 2. the new directives ------------------------------------------------------------------ */

static void test_directives(void) {
  sf_textcase *tc = parse_with_inst(
      "surface T6 2d r8_unorm 4x2\n"
      "surface T0 2d r8_unorm 2x1\n"
      "surface T8 2d r8_unorm 1\n"
      "bind T7-T9 T6\n"            /* T8's own surface is replaced by the binding */
      "bind T1 T0\n"
      "data T6 3 aabb\n"
      "data T6 7 0xcc\n"
      "sampler S0\n"
      "bind S1-S3 S0\n"
      "avs S0 luma 5 1 2 3 4 5 6 7 -8\n"
      "avs S0 chroma 31 -128 127\n"  /* taps 2, 3 keep the default (64 on tap 2 for phases 16-31) */
      "var V40 ub 8\n"
      "set V40 2 255 -1 0x10\n"
      "raw V40 6 dead\n"
      "var V41 f 8 = 1\n"
      "set V41 1 0.5\n"
      "reg x3[15] * 1 2 3 0x7fc00001\n"
      "reg x0[1] 2 -0\n"
      "surface T0 2d r8_unorm 3x1\n");  /* redeclared: T1 follows it */
  if (!tc) return;
  const sf_state *s = &tc->state;
  SF_CHECK(tc->surf[6] != NULL && tc->surf[7] == NULL && tc->surf[8] == NULL && tc->surf[9] == NULL);
  SF_CHECK(s->surfaces[6] == tc->surf[6] && s->surfaces[7] == tc->surf[6] && s->surfaces[8] == tc->surf[6] &&
           s->surfaces[9] == tc->surf[6]);
  SF_CHECK(s->surfaces[10] == NULL && s->surfaces[5] == NULL && s->surfaces[2] == NULL);
  SF_CHECK(tc->surf[0] != NULL && s->surfaces[0] == tc->surf[0] && s->surfaces[1] == tc->surf[0] && tc->surf[1] == NULL);
  if (tc->surf[0]) SF_CHECK_EQ_U(tc->surf[0]->desc.width, 3);
  if (tc->surf[6]) {
    static const uint8_t want[8] = {0, 0, 0, 0xaa, 0xbb, 0, 0, 0xcc};
    SF_CHECK_MEM(tc->surf[6]->data, tc->surf[6]->size, want, sizeof want);
  }
  SF_CHECK(s->samplers[0] == &tc->samp[0] && s->samplers[1] == &tc->samp[0] && s->samplers[2] == &tc->samp[0] &&
           s->samplers[3] == &tc->samp[0] && s->samplers[4] == NULL);
  static const int8_t luma[8] = {1, 2, 3, 4, 5, 6, 7, -8}, chroma[4] = {-128, 127, 64, 0};
  SF_CHECK_MEM(tc->samp[0].avs_luma[5], 8, luma, 8);
  SF_CHECK_MEM(tc->samp[0].avs_chroma[31], 4, chroma, 4);
  sf_sampler def;
  sf_sampler_default(&def);
  SF_CHECK_MEM(tc->samp[0].avs_luma[4], 8, def.avs_luma[4], 8);
  const sf_var *v = sf_state_var_c(s, 40);
  SF_CHECK(v && v->type == SF_VT_UB && v->size == 8);
  if (v) {
    static const uint8_t want[8] = {0, 0, 0xff, 0xff, 0x10, 0, 0xde, 0xad};
    SF_CHECK_MEM(v->bytes, v->size, want, sizeof want);
  }
  v = sf_state_var_c(s, 41);
  SF_CHECK(v && v->size == 8);
  if (v) {
    static const uint8_t want[8] = {0x00, 0x00, 0x80, 0x3f, 0x00, 0x00, 0x00, 0x3f};  /* 1.0f, 0.5f */
    SF_CHECK_MEM(v->bytes, v->size, want, sizeof want);
  }
  for (unsigned l = 0; l < 4; l++) {
    SF_CHECK(s->d3d.x[l][3][15][0] == 0x3f800000u && s->d3d.x[l][3][15][1] == 0x40000000u &&
             s->d3d.x[l][3][15][2] == 0x40400000u && s->d3d.x[l][3][15][3] == 0x7fc00001u);
    SF_CHECK_EQ_U(s->d3d.x[l][0][1][0], l == 2 ? 0x80000000u : 0);
  }
  sf_textcase_free(tc);
}

/* ---- 4. write -> parse -> write ------------------------------------------------------------- */

static unsigned slot_of(const void *const *slots, unsigned n, const void *p) {
  for (unsigned i = 0; i < n; i++)
    if (slots[i] == p) return i;
  return n;
}

/* Two surface descriptions, field by field: the struct has padding after its two byte fields,
 * which a description built field by field leaves as it found it (memcmp saw it under gcc -O0). */
static bool same_desc(const sf_surface_desc *x, const sf_surface_desc *y) {
  return x->type == y->type && x->format == y->format && x->width == y->width && x->height == y->height &&
         x->depth == y->depth && x->layers == y->layers && x->levels == y->levels;
}

/* a and b hold the same case, field by field; what names the case in failure messages. */
static void check_same(const sf_textcase *ta, const sf_textcase *tb, const char *what) {
  const sf_state *a = &ta->state, *b = &tb->state;
  const void *sa[SF_MAX_SURFACES], *sb[SF_MAX_SURFACES], *pa[SF_MAX_SAMPLERS], *pb[SF_MAX_SAMPLERS];
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++) sa[i] = a->surfaces[i], sb[i] = b->surfaces[i];
  for (unsigned i = 0; i < SF_MAX_SAMPLERS; i++) pa[i] = a->samplers[i], pb[i] = b->samplers[i];
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++) {
    const sf_surface *x = a->surfaces[i], *y = b->surfaces[i];
    SF_CHECK_MSG(!x == !y, "%s: T%u bound in one state only", what, i);
    if (!x || !y) continue;
    SF_CHECK_MSG(slot_of(sa, SF_MAX_SURFACES, x) == slot_of(sb, SF_MAX_SURFACES, y), "%s: T%u shares another slot", what, i);
    SF_CHECK_MSG(same_desc(&x->desc, &y->desc) && x->size == y->size && x->null_size == y->null_size &&
                     !memcmp(x->data, y->data, x->size) && !memcmp(x->null_map, y->null_map, x->null_size),
                 "%s: surface T%u (description, texel bytes or null pages)", what, i);
  }
  for (unsigned i = 0; i < SF_MAX_SAMPLERS; i++) {
    const sf_sampler *x = a->samplers[i], *y = b->samplers[i];
    SF_CHECK_MSG(!x == !y, "%s: S%u bound in one state only", what, i);
    if (!x || !y) continue;
    SF_CHECK_MSG(slot_of(pa, SF_MAX_SAMPLERS, x) == slot_of(pb, SF_MAX_SAMPLERS, y), "%s: S%u shares another slot", what, i);
    SF_CHECK_MSG(x->min_filter == y->min_filter && x->mag_filter == y->mag_filter && x->mip_filter == y->mip_filter &&
                     !memcmp(x->addr, y->addr, sizeof x->addr) && !memcmp(x->border, y->border, sizeof x->border) &&
                     x->lod_bias == y->lod_bias && x->min_lod == y->min_lod && x->max_lod == y->max_lod &&
                     x->compare == y->compare && !memcmp(x->avs_luma, y->avs_luma, sizeof x->avs_luma) &&
                     !memcmp(x->avs_chroma, y->avs_chroma, sizeof x->avs_chroma) && x->avs_shuffle == y->avs_shuffle &&
                     x->avs_adaptive == y->avs_adaptive && x->avs_ief == y->avs_ief && x->avs_8tap_all == y->avs_8tap_all,
                 "%s: sampler S%u", what, i);
  }
  SF_CHECK_MSG(a->grf_bytes == b->grf_bytes && a->dmask == b->dmask && !memcmp(a->preds, b->preds, sizeof a->preds) &&
                   !memcmp(a->addrs, b->addrs, sizeof a->addrs), "%s: grf, dmask, preds or addrs", what);
  SF_CHECK_MSG(a->nvars == b->nvars, "%s: %u variables against %u", what, a->nvars, b->nvars);
  for (unsigned i = 0; i < a->nvars && i < SF_MAX_VARS; i++) {
    const sf_var *x = &a->vars[i], *y = i < b->nvars ? &b->vars[i] : NULL;
    SF_CHECK_MSG(y && x->id == y->id && x->type == y->type && x->size == y->size && !memcmp(x->bytes, y->bytes, x->size),
                 "%s: variable V%u", what, x->id);
  }
  const sf_d3d_regs *q = &a->d3d, *r = &b->d3d;
  SF_CHECK_MSG(!memcmp(q->r, r->r, sizeof q->r) && !memcmp(q->v, r->v, sizeof q->v) && !memcmp(q->o, r->o, sizeof q->o) &&
                   !memcmp(q->x, r->x, sizeof q->x) && !memcmp(q->cb, r->cb, sizeof q->cb) && q->live == r->live,
               "%s: D3D registers or live mask", what);
  SF_CHECK_MSG(ta->have_inst == tb->have_inst && sf_inst_equal(&ta->inst, &tb->inst), "%s: instruction", what);
}

static sf_code write_case(const sf_textcase *tc, sf_buf *out, const char *what) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf_init(out, NULL);
  sf_code rc = sf_textcase_write(&tc->state, &tc->inst, out, &st);
  SF_CHECK_MSG(rc == SF_OK, "%s: write: %s: %s", what, sf_code_name(rc), st.msg);
  return rc;
}

static void round_trip(const char *text, size_t len, const char *what) {
  sf_textcase *t0 = parse(text, len, what), *t1 = NULL;
  sf_buf w1, w2;
  sf_buf_init(&w1, NULL);
  sf_buf_init(&w2, NULL);
  if (t0 && write_case(t0, &w1, what) == SF_OK) {
    t1 = parse((const char *)w1.data, w1.len, what);
    if (!t1) fprintf(stderr, "%s: written text:\n%.*s\n", what, (int)w1.len, (const char *)w1.data);
  }
  if (t1) {
    check_same(t0, t1, what);
    if (write_case(t1, &w2, what) == SF_OK) {
      SF_CHECK_MSG(w1.len == w2.len && !memcmp(w1.data, w2.data, w1.len), "%s: second text differs from line %ld", what,
                   sf_t_first_line_diff((const char *)w1.data, w1.len, (const char *)w2.data, w2.len));
    }
  }
  sf_buf_free(&w1);
  sf_buf_free(&w2);
  sf_textcase_free(t0);
  sf_textcase_free(t1);
}

static void test_round_trip_examples(void) {
  const char *dir = SF_SOURCE_DIR "/docs/examples";
  DIR *d = opendir(dir);
  SF_CHECK_MSG(d != NULL, "cannot open %s", dir);
  if (!d) return;
  unsigned n = 0;
  static char buf[1 << 16];
  for (struct dirent *e; (e = readdir(d)) != NULL;) {
    size_t nl = strlen(e->d_name);
    if (nl < 6 || strcmp(e->d_name + nl - 5, ".case")) continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *f = fopen(path, "rb");
    SF_CHECK_MSG(f != NULL, "cannot open %s", path);
    if (!f) continue;
    size_t len = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    round_trip(buf, len, e->d_name);
    n++;
  }
  closedir(d);
  SF_CHECK_MSG(n >= 4, "%u .case files in %s, want the 4 shipped", n, dir);
}

/* Every directive, with values the writer must keep bit for bit (NaNs, -0, infinities, payloads). */
static const char every[] =
    "surface T0 2d rgba8_unorm 8x8\n"
    "data T0 0 01020304\n"
    "data T0 252 ffeeddcc\n"
    "texel T0 0 0 3 2 0.5 1 0 1\n"
    "null T0 0 0 0 0\n"
    "surface T3 2d r32f 2x2 levels=2\n"
    "bytes T3 0 0 1 0 0100c0ff\n"
    "texel T3 1 0 0 0 -0\n"
    "surface T9 2d nv12 16x8\n"
    "data T9 0 11\n"
    "data T9 128 8081\n"
    "data T9 191 7f\n"
    "surface T4 3d r8_uint 2x2x2\n"
    "fill T4 05\n"
    "bind T1-T2 T0\n"
    "bind T5 T3\n"
    "bind T7 T0\n"
    "bind T8 T9\n"                          /* a lower slot bound to a higher one */
    "sampler S0 filter=linear mip=point addr=border,wrap,mirror_once border=nan,-0,inf,-inf cmp=less bias=-1.5 minlod=0.25 maxlod=8\n"
    "avs S0 luma 0 -2 4 -8 70 4 -4 0 0\n"
    "avs S0 chroma 31 10 22 22 10\n"
    "sampler S2 avs_shuffle avs_8tap_all avs_ief avs_adaptive border=0x7fc00123,1e-45,0.1,3.4028235e38\n"
    "bind S1 S0\n"
    "bind S3-S4 S2\n"
    "grf 64\n"
    "dmask 0xff\n"
    "pred P1 0x0f\n"
    "pred P31 0x80000000\n"
    "var V32 f 32 = 0.5 nan -0 inf -inf 0x7fc00001 1e-45 3.4028235e38\n"
    "var V33 hf 8 = 1 0x7e01 -0 0xfc00\n"
    "var V34 df 16 = 0.1 0x7ff8000000000001\n"
    "var V35 ub 4 = 255 -128 0 1\n"
    "var V36 q 16 = -9223372036854775808 9223372036854775807\n"
    "var V37 uq 8 = 18446744073709551615\n"
    "var V38 bf 4 = 1 0x7fc1\n"
    "var V39 w 4 = -32768 32767\n"
    "var V41 f 6\n"
    "set V41 0 1.5\n"
    "raw V41 4 abcd\n"
    "var V42 d 64\n"
    "set V42 7 -1 2 3\n"
    "var V40 f 128\n"
    "live 0x5\n"
    "reg r0 * 1 2 3 4\n"
    "reg r1 0 nan -0 inf -inf\n"
    "reg r1 2 0x7fc00001\n"
    "reg v0 1 0.5\n"
    "reg o7 3 1 1 1 1\n"
    "reg x0[0] * 1 2 3 4\n"
    "reg x3[15] 2 -0 0 0 0x7fc00002\n"
    "reg cb0[0] * 1 2 3 4\n"
    "reg cb3[63] * nan 0 0 1e-40\n"
    "inst sample_lz.R (M1, 8) 0x0:uw S0 T0 V40.0 V32.0 V33.0\n";

static void test_round_trip_every_directive(void) {
  round_trip(every, sizeof every - 1, "every directive");
  /* the same case with a D3D instruction */
  char d3d[sizeof every + 64];
  size_t cut = (size_t)(strstr(every, "inst ") - every);
  snprintf(d3d, sizeof d3d, "%.*sd3d sample_l r0.xyzw, v0.xyxx, t3.xyzw, s1, r1.x\n", (int)cut, every);
  round_trip(d3d, strlen(d3d), "every directive, d3d");
}

/* ---- 5. golden text ------------------------------------------------------------------------- */

static void test_golden(void) {
  static const char in[] =
      "surface T6 2d r8_unorm 2x1\n"
      "bytes T6 0 0 0 0 33\n"
      "bytes T6 0 0 1 0 ff\n"
      "sampler S0 filter=linear addr=clamp\n"
      "var V32 f 8 = 0.5 -2\n"
      "inst sample_lz.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0\n";
  /* 2 bytes repeat with the 64-byte block period, so the texels are one `fill` (textcase_write.c);
   * the instruction is sf_visa_print's, two blanks after the execution size */
  static const char want[] =
      "# written by samplefuzz (docs/case-text.md); run with: samplefuzz run FILE\n"
      "surface T6 2d r8_unorm 2\n"
      "fill T6 33ff\n"
      "sampler S0 min=linear mag=linear mip=none addr=clamp,clamp,clamp border=0,0,0,0 bias=0 minlod=0 "
      "maxlod=15.9960938 cmp=never\n"
      "grf 32\n"
      "dmask 0xffffffff\n"
      "var V32 f 8\n"
      "set V32 0 0.5 -2\n"
      "inst sample_lz.R (M1, 8)  0x0:uw S0 T6 V40.0 V32.0 V33.0\n";
  sf_textcase *tc = parse(in, sizeof in - 1, "golden");
  if (!tc) return;
  sf_buf w;
  if (write_case(tc, &w, "golden") == SF_OK) {
    SF_CHECK_MSG(w.len == sizeof want - 1 && !memcmp(w.data, want, w.len), "got:\n%.*s\nwant:\n%s(first difference on line %ld)",
                 (int)w.len, (const char *)w.data, want, sf_t_first_line_diff((const char *)w.data, w.len, want, sizeof want - 1));
  }
  sf_buf_free(&w);
  sf_textcase_free(tc);
}

/* ---- 6. refusals ---------------------------------------------------------------------------- */

static void test_write_refusals(void) {
  sf_textcase *tc = parse_with_inst("");
  if (!tc) return;
  sf_buf out;
  sf_buf_init(&out, NULL);
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_textcase_write(NULL, &tc->inst, &out, &st), SF_ERR_INVALID);
  SF_CHECK_EQ_U(sf_textcase_write(&tc->state, NULL, &out, &st), SF_ERR_INVALID);
  SF_CHECK_EQ_U(sf_textcase_write(&tc->state, &tc->inst, NULL, &st), SF_ERR_INVALID);
  static const uint8_t packed[] = {SF_VT_V, SF_VT_VF, SF_VT_UV};
  for (unsigned k = 0; k < sizeof packed; k++) {
    sf_state s;
    sf_state_init(&s);
    SF_CHECK(sf_state_add_var(&s, 7, SF_VT_F, 4, NULL, &st) == SF_OK);
    SF_CHECK(sf_state_add_var(&s, 5, packed[k], 8, NULL, &st) == SF_OK);
    sf_status_clear(&st);
    sf_buf_free(&out);
    SF_CHECK_MSG(sf_textcase_write(&s, &tc->inst, &out, &st) == SF_UNSUPPORTED && st.code == SF_UNSUPPORTED && st.msg[0],
                 "type %s: %s: %s", sf_vtype_name(packed[k]), sf_code_name(st.code), st.msg);
    sf_state_free(&s);
  }
  static const unsigned at[][2] = {{0, 0}, {15, 15}};
  for (unsigned k = 0; k < 2; k++) {
    sf_state s;
    sf_state_init(&s);
    s.addrs[at[k][0]][at[k][1]] = 1;
    sf_status_clear(&st);
    sf_buf_free(&out);
    SF_CHECK_MSG(sf_textcase_write(&s, &tc->inst, &out, &st) == SF_UNSUPPORTED && st.msg[0], "A%u[%u]: %s: %s", at[k][0],
                 at[k][1], sf_code_name(st.code), st.msg);
  }
  /* the same empty state without the address value is written */
  sf_state s;
  sf_state_init(&s);
  sf_buf_free(&out);
  SF_CHECK(sf_textcase_write(&s, &tc->inst, &out, &st) == SF_OK && out.len > 0);
  sf_buf_free(&out);
  sf_textcase_free(tc);
}

int main(void) {
  SF_RUN(test_value_table);
  SF_RUN(test_directives);
  SF_RUN(test_round_trip_examples);
  SF_RUN(test_round_trip_every_directive);
  SF_RUN(test_golden);
  SF_RUN(test_write_refusals);
  SF_TEST_END();
}
