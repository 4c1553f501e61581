/* tests/test_d3dasm.c — the D3D asm printer and parser: fxc's form (docs/dxbc.md),
 * vkd3d's forms (§3 table, and lines observed from vkd3d-compiler 1.2 on this machine),
 * D3DDisassemble listings, lossless immediates, error positions, and text round trips. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <stdio.h>

#include "harness/d3d/d3d_text_priv.h"
#include "samplefuzz/dxbc.h"
#include "tests/d3dasm_vkd3d_norm.h"
#include "tests/sf_test.h"
#include "tests/test_dxbc_gen.h"

static bool parse(const char *s, sf_d3d_inst *d) {
  sf_status st;
  sf_status_clear(&st);
  sf_code c = sf_d3dasm_parse_inst(s, strlen(s), 1, d, &st);
  SF_CHECK_MSG(c == SF_OK, "parse '%s': %s (col %u)", s, st.msg, st.col);
  return c == SF_OK;
}

static void print(const sf_d3d_inst *d, char *buf, size_t n) {
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_d3dasm_print_inst(d, buf, n, &st) == SF_OK);
}

/* text -> inst -> text is the identity on fxc's own spelling. */
static void same(const char *s) {
  sf_d3d_inst d;
  char buf[512];
  if (!parse(s, &d)) return;
  print(&d, buf, sizeof buf);
  SF_CHECK_STR(buf, s);
}

/* Lines seen in real fxc listings (docs/dxbc.md). */
static void test_fxc_forms(void) {
  same("sample_aoffimmi(-1,0,0) r0.xyzw, v1.xyxx, t0.xyzw, s0");
  same("sample_l_aoffimmi_indexable(-1,-1,0)(texture2d)(float,float,float,float) r0.z, r0.xyxx, t0.yzxw, s0, "
       "l(0.000000)");
  same("sample_c_lz_indexable(texture2d)(float,float,float,float) r10.x, r10.xyxx, t8.xxxx, s4, r10.z");
  same("sample_b_indexable(texture2d)(float,float,float,float) r1.xyzw, v1.xyxx, t5.xyzw, s5, r0.x");
  same("sample_c_lz_aoffimmi_indexable(4,4,0)(texture2darray)(float,float,float,float) r0.x, r0.xyzx, t0.xxxx, s0, "
       "cb0[0].x");
  same("sample_d o0.xyzw, r0.xyxx, t0.xyzw, s0, -|cb0[0].xyxx|, -cb0[0].zwzz");
  same("sample o0.xyzw, cb0[r1.x + 2].xyzw, t0.xyzw, s0");
  same("sample o0.xyzw, l(1.000000, 0.500000, 0.000000, 0.000000), t0.xyzw, s0");
  /* samplefuzz extensions (docs/dxbc.md): RESOURCE_DIM stride, explicit selection modes, {ext}. */
  same("sample_indexable(texture2d, stride=4)(float,float,float,float) o0.swz(xyzw), v0.mask(xy), t0.xyzw, s0.c1 {ext}");
  /* The explicit (0,0,0) offset stays (§3: fxc prints sample_aoffimmi(0,0,0)). */
  same("sample_aoffimmi(0,0,0) o0.xyzw, v0.xyxx, t0.xyzw, s0");
  /* select_1 and replicate swizzle are distinct instructions. */
  sf_d3d_inst a, b;
  if (parse("sample_c o0.x, v0.xyxx, t0.xxxx, s0, v0.x", &a) && parse("sample_c o0.x, v0.xyxx, t0.xxxx, s0, v0.xxxx", &b)) {
    SF_CHECK_EQ_U(a.src[3].sel_mode, SF_D3D_SEL_SELECT1);
    SF_CHECK_EQ_U(b.src[3].sel_mode, SF_D3D_SEL_SWIZZLE);
    SF_CHECK(!sf_d3d_inst_equal(&a, &b));
  }
  /* D3DDisassemble instruction-number / offset prefixes and trailing comments. */
  if (parse("   3  0x000000A8: sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0 // x",
            &a)) {
    char buf[512];
    print(&a, buf, sizeof buf);
    SF_CHECK_STR(buf, "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0");
  }
  /* An offset written with "0X" is a prefix too (it was read as the instruction "0X1C" once: the
   * number test stopped at the 'X'); a letter or 'y' for the "0x" is not a prefix. */
  if (parse("0X1C: sample o0.xyzw, v0.xyxx, t0.xyzw, s0", &a)) SF_CHECK_EQ_U(a.op, SF_D3D_SAMPLE);
  {
    sf_d3d_inst z;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK(sf_d3dasm_parse_inst("Ax1C: sample o0.xyzw, v0.xyxx, t0.xyzw, s0", 42, 1, &z, &st) != SF_OK);
    sf_status_clear(&st);
    SF_CHECK(sf_d3dasm_parse_inst("0y1C: sample o0.xyzw, v0.xyxx, t0.xyzw, s0", 42, 1, &z, &st) != SF_OK);
  }
  /* Modifiers and precise / sat (sat after the groups, as vkd3d prints it). */
  same("sample_b_indexable(texture2d)(float,float,float,float)_sat [precise(xy)] r0.xy, -|v0.xyxx|, t0.xyzw, s0, "
       "|r1.w|");
}

/* vkd3d's spellings (reference §3 table; lines printed by vkd3d-compiler 1.2 here). */
static void test_vkd3d_forms(void) {
  sf_d3d_inst d;
  char buf[512];
  if (parse("sample(-1,0,0)(texture2d) o0.xyzw, v0.xyxx, t0.xyzw, s0", &d)) {
    SF_CHECK(d.has_aoffimmi && d.aoffimmi[0] == -1 && d.has_resdim && d.resdim == SF_D3D_DIM_TEX2D && !d.has_rettype);
    print(&d, buf, sizeof buf);
    SF_CHECK_STR(buf, "sample_aoffimmi_indexable(-1,0,0)(texture2d) o0.xyzw, v0.xyxx, t0.xyzw, s0");
  }
  if (parse("sample_indexable(texture2d)(-1,0,0) o0.xyzw, v0.xyxx, t0.xyzw, s0", &d)) { /* vkd3d 1.6 */
    SF_CHECK(d.has_aoffimmi && d.has_resdim);
    SF_CHECK(d.ext_order[0] == 2 && d.ext_order[1] == 1); /* group order = token order */
  }
  if (parse("sample_b_sat r0.xy, -|v0.xyxx|, t0.xyzw, s0, l(-5.00000000e-01)", &d)) {
    SF_CHECK(d.sat);
    SF_CHECK_EQ_U(d.src[3].imm[0], 0xbf000000u);
    SF_CHECK_EQ_U(d.src[0].modifier, 3);
  }
  if (parse("sample_l [precise(xy)](texture3d)(uint,uint,uint,uint) r0.xy, v0.xyzx, t0.xyzw, s0, r0.w", &d))
    SF_CHECK(d.precise == 3 && d.resdim == SF_D3D_DIM_TEX3D && d.rettype[0] == 4);
  if (parse("sample(1,2,3)(texture3d)_sat o0.xyzw, v0.xyzx, t0.xyzw, s0", &d)) SF_CHECK(d.sat && d.aoffimmi[2] == 3);
  if (parse("sample_c(-8,-6,-7)(texture2darray)(int,int,int,int) r1.x, cb0[r0.z + 6].yzxy, t3.x, s0, -|r5.w|", &d))
    SF_CHECK(d.rettype[0] == 3 && d.src[0].idx[1].rep == SF_D3D_IDX_IMM32_REL && d.src[0].idx[1].imm == 6);
  if (parse("sample o0.xyzw, l(inf, nan, -0.00000000e+00, 1.40129846e-45), t1.xyzw, s0", &d)) {
    SF_CHECK_EQ_U(d.src[0].imm[0], 0x7f800000u);
    SF_CHECK(((d.src[0].imm[1] >> 23) & 0xff) == 0xff && (d.src[0].imm[1] & 0x7fffff));
    SF_CHECK_EQ_U(d.src[0].imm[2], 0x80000000u);
    SF_CHECK_EQ_U(d.src[0].imm[3], 1);
  }
  /* MSVC special spellings in fxc listings (§3). */
  if (parse("sample o0.xyzw, l(1.#INF00, -1.#INF00, -1.#IND00, 1.#QNAN0), t1.xyzw, s0", &d)) {
    SF_CHECK_EQ_U(d.src[0].imm[0], 0x7f800000u);
    SF_CHECK_EQ_U(d.src[0].imm[1], 0xff800000u);
    SF_CHECK_EQ_U(d.src[0].imm[2], 0xffc00000u);
    SF_CHECK_EQ_U(d.src[0].imm[3], 0x7fc00000u);
  }
  /* Integers are raw bits (fxc prints l(0), l(2) for integer operands); hex is raw bits. */
  if (parse("sample o0.xyzw, l(2,-1,0x3f800000,0), t1.xyzw, s0", &d)) {
    SF_CHECK_EQ_U(d.src[0].imm[0], 2);
    SF_CHECK_EQ_U(d.src[0].imm[1], 0xffffffffu);
    SF_CHECK_EQ_U(d.src[0].imm[2], 0x3f800000u);
  }
  /* The vkd3d normalization makes both sides of ext_vkd3d comparable. */
  sf_d3d_inst ours, theirs;
  if (parse("sample_c_aoffimmi_indexable(0,0,0)(texture2d)(float,float,float,float) r0.x, x0[r1.x].xyxx, t0.xxxx, s0, "
            "v0.z {min16f}",
            &ours) &&
      parse("sample_c(texture2d) r0.x, x0[r1.x + 0].xyxx, t0.x, s0, v0.z", &theirs)) {
    sf_d3dasm_normalize_vkd3d(&ours);
    sf_d3dasm_normalize_vkd3d(&theirs);
    char x[512], y[512];
    print(&ours, x, sizeof x);
    print(&theirs, y, sizeof y);
    SF_CHECK_STR(x, y);
  }
}

/* Lossless immediates: every bit pattern prints to text that parses back to the same bits; values
 * that fxc's %f renders exactly keep fxc's spelling. */
static void test_immediates(void) {
  uint64_t seed = 12345;
  char buf[512];
  sf_d3d_inst d;
  if (!parse("sample_l o0.xyzw, v0.xyxx, t0.xyzw, s0, l(0.000000)", &d)) return;
  static const uint32_t specials[] = {0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x00800000,
                                      0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000, 0xffc00000,
                                      0x7f800001, 0x7fffffff, 0xffffffff, 0x3f800000, 0x3dcccccd, 0x2edbe6ff,
                                      0x4b800000, 0x4b800001, 0x5f000000, 0x3eaaaaab};
  unsigned n = 0, fails = 0;
  for (unsigned i = 0; i < 300000 + sizeof specials / 4; i++) {
    uint32_t bits = i < sizeof specials / 4 ? specials[i] : (uint32_t)sf_t_rand(&seed);
    if (i >= sizeof specials / 4 && (i & 3) == 0) bits &= 0x807fffffu; /* many denormals too */
    d.src[3].imm[0] = bits;
    print(&d, buf, sizeof buf);
    sf_d3d_inst e;
    sf_status st;
    sf_status_clear(&st);
    if (sf_d3dasm_parse_inst(buf, strlen(buf), 1, &e, &st) != SF_OK || e.src[3].imm[0] != bits) {
      if (fails++ < 5) SF_CHECK_MSG(0, "immediate 0x%08x printed as '%s' did not read back (%s)", bits, buf, st.msg);
    }
    n++;
  }
  SF_CHECK_EQ_U(fails, 0);
  SF_CHECK(n > 300000);
  /* fxc spelling where exact. */
  d.src[3].imm[0] = 0x3f000000;
  print(&d, buf, sizeof buf);
  SF_CHECK(strstr(buf, "l(0.500000)") != NULL);
  d.src[3].imm[0] = 0x2edbe6ff; /* 1e-10: fxc's %f would print 0.000000 */
  print(&d, buf, sizeof buf);
  SF_CHECK(strstr(buf, "l(1e-10)") != NULL);
  d.src[3].imm[0] = 0x7fc00001; /* NaN payloads print as raw bits */
  print(&d, buf, sizeof buf);
  SF_CHECK(strstr(buf, "l(0x7fc00001)") != NULL);
}

static void expect_err(const char *s, sf_code want, uint32_t col) {
  sf_d3d_inst d;
  sf_status st;
  sf_status_clear(&st);
  sf_code c = sf_d3dasm_parse_inst(s, strlen(s), 7, &d, &st);
  SF_CHECK_MSG(c == want, "'%s': got %s (%s), want %s", s, sf_code_name(c), st.msg, sf_code_name(want));
  if (c) SF_CHECK_MSG(st.pos_kind == SF_POS_TEXT && st.line == 7 && st.col == col && st.msg[0],
                      "'%s': at %u:%u, want 7:%u (%s)", s, st.line, st.col, col, st.msg);
}

static void test_text_errors(void) {
  /* columns are 1-based and point at the offending character */
  expect_err("sample o0.xyzw, q0.xyxx, t0.xyzw, s0", SF_ERR_SYNTAX, 17);
  expect_err("sample o0.xyzw, v0.xy, t0.xyzw, s0", SF_ERR_SYNTAX, 20);
  expect_err("sample_aoffimmi(8,0,0) o0.xyzw, v0.xyxx, t0.xyzw, s0", SF_ERR_RANGE, 17);
  expect_err("sample_aoffimmi o0.xyzw, v0.xyxx, t0.xyzw, s0", SF_ERR_SYNTAX, 16);
  expect_err("sample o0.xyzw, v0.xyxx, t0.xyzw, s0 junk", SF_ERR_TRAILING, 38);
  expect_err("mov r0.x, r1.x", SF_UNSUPPORTED, 1);
  expect_err("sample_indexable(texture9d) o0.xyzw, v0.xyxx, t0.xyzw, s0", SF_ERR_SYNTAX, 17);
  /* a group given twice is refused at the second group's '(' (the offset and stride forms once
   * pointed inside it) */
  expect_err("sample_aoffimmi(1,1,1)(1,1,1) o0.xyzw, v0.xyxx, t0.xyzw, s0", SF_ERR_SYNTAX, 23);
  expect_err("sample_indexable(buffer, stride=4)(buffer, stride=4) o0.xyzw, v0.xyxx, t0.xyzw, s0", SF_ERR_SYNTAX, 35);
  expect_err("sample o0.xz.y, v0.xyxx, t0.xyzw, s0", SF_ERR_TRAILING, 13);
  expect_err("sample o0.zx, v0.xyxx, t0.xyzw, s0", SF_ERR_SYNTAX, 11);
  expect_err("sample o0.xyzw, l(1.0, 2.0), t0.xyzw, s0", SF_ERR_SYNTAX, 28);
  expect_err("sample o0.xyzw, l(99999999999), t0.xyzw, s0", SF_ERR_RANGE, 19);
  expect_err("sample o0.xyzw, d(1.0), t0.xyzw, s0", SF_UNSUPPORTED, 17);
  expect_err("sample o0.xyzw, v4294967296.x, t0.xyzw, s0", SF_ERR_RANGE, 18);
  expect_err("sample o0.xyzw, |v0.xyxx, t0.xyzw, s0", SF_ERR_SYNTAX, 25);
  expect_err("sample o0.xyzw, v0.xyxx, t0.xyzw, s0, r0.x, r0.x, r0.x, r0.x", SF_ERR_SYNTAX, 50);
  expect_err("", SF_ERR_SYNTAX, 1);
  expect_err("sample_c_lz_foo o0.x, v0.xyxx, t0.xxxx, s0, v0.z", SF_ERR_SYNTAX, 12);
  /* One instruction per line: a newline inside is an error at its column. */
  { /* a second line with text is refused where that text starts; blank lines after the one line are fine */
    sf_d3d_inst d;
    sf_status st;
    sf_status_clear(&st);
    const char *two = "sample o0.xyzw, v0.xyxx,\n t0.xyzw, s0";
    SF_CHECK(sf_d3dasm_parse_inst(two, strlen(two), 7, &d, &st) == SF_ERR_SYNTAX && st.line == 8 && st.col == 2);
    const char *blank = "sample o0.xyzw, v0.xyxx, t0.xyzw, s0\r\n \t\n\n";
    SF_CHECK_MSG(sf_d3dasm_parse_inst(blank, strlen(blank), 7, &d, &st) == SF_OK, "%s", st.msg);
  }
}

/* The real fxc program of test_dxbc.c's blit shader as D3DDisassemble prints it (comment blocks,
 * instruction numbers and byte offsets), parsed and re-encoded: the SHEX chunk body of the blob. */
static void test_listing(void) {
  static const char listing[] =
      "//\n"
      "// Generated by Microsoft (R) D3D Shader Disassembler\n"
      "//\n"
      "//\n"
      "// Input signature:\n"
      "//\n"
      "// Name                 Index   Mask Register SysValue  Format   Used\n"
      "// -------------------- ----- ------ -------- -------- ------- ------\n"
      "// TEXCOORD                 0   xy          0     NONE   float   xy\n"
      "//\n"
      "ps_5_0\n"
      "dcl_globalFlags refactoringAllowed\n"
      "dcl_sampler s0, mode_default\n"
      "dcl_resource_texture2d (float,float,float,float) t0\n"
      "dcl_input_ps linear v0.xy\n"
      "dcl_output o0.xyzw\n"
      "   0  0x00000090: sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0\n"
      "   1  0x000000BC: ret \r\n"
      "// Approximately 2 instruction slots used\n";
  /* SHEX body of the fxc blob (DuckStation s_mipmap_blit_ps, see test_dxbc.c). */
  static const uint32_t shex[] = {0x00000050, 0x0000001c, 0x0100086a, 0x0300005a, 0x00106000, 0x00000000, 0x04001858,
                                  0x00107000, 0x00000000, 0x00005555, 0x03001062, 0x00101032, 0x00000000, 0x03000065,
                                  0x001020f2, 0x00000000, 0x8b000045, 0x800000c2, 0x00155543, 0x001020f2, 0x00000000,
                                  0x00101046, 0x00000000, 0x00107e46, 0x00000000, 0x00106000, 0x00000000, 0x0100003e};
  uint8_t want[sizeof shex];
  for (size_t i = 0; i < sizeof shex / 4; i++)
    for (int k = 0; k < 4; k++) want[4 * i + k] = (uint8_t)(shex[i] >> (8 * k));
  sf_status st;
  sf_status_clear(&st);
  sf_tpf_program p;
  sf_code c = sf_d3dasm_parse_program(listing, strlen(listing), &p, &st);
  SF_CHECK_MSG(c == SF_OK, "%u:%u: %s", st.line, st.col, st.msg);
  if (c) return;
  sf_buf b;
  sf_buf_init(&b, &st);
  SF_CHECK(sf_tpf_program_encode(&p, &b, &st) == SF_OK);
  SF_CHECK_MEM(b.data, b.len, want, sizeof want);
  /* And the printer gives fxc's text back (without the comments). */
  sf_buf t;
  sf_buf_init(&t, &st);
  sf_tpf_program q;
  SF_CHECK(sf_tpf_program_decode(want, sizeof want, &q, &st) == SF_OK);
  SF_CHECK(sf_d3dasm_print_program(&q, &t, &st) == SF_OK);
  sf_wr_u8(&t, 0);
  SF_CHECK_STR((const char *)t.data,
               "ps_5_0\n"
               "dcl_globalFlags refactoringAllowed\n"
               "dcl_sampler s0, mode_default\n"
               "dcl_resource_texture2d (float,float,float,float) t0\n"
               "dcl_input_ps linear v0.xy\n"
               "dcl_output o0.xyzw\n"
               "sample_indexable(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0\n"
               "ret\n");
  sf_buf_free(&t);
  sf_buf_free(&b);
  sf_tpf_program_free(&p);
  sf_tpf_program_free(&q);
}

/* vkd3d-compiler 1.2's trace listing of a shader (copied from VKD3D_SHADER_DEBUG=trace output on
 * this machine, prefixes removed): its declaration spellings parse to the §2.4 tokens. */
static void test_vkd3d_listing(void) {
  static const char listing[] = "ps_4_0\n"
                                "dcl_constantBuffer cb0[19], dynamicIndexed\n"
                                "dcl_sampler s0, comparisonMode\n"
                                "dcl_sampler s1\n"
                                "dcl_resource_texture2d(float,float,float,float) t0\n"
                                "dcl_output o0.xyzw\n"
                                "dcl_temps 2\n"
                                "dcl_indexableTemp x1[4], 4\n"
                                "sample_c_lz o0.x, cb0[r1.x + 2].xyzx, t0.x, s0, x1[3].z\n"
                                "ret\n";
  /* §2.4: cb (bit 11 dynamicIndexed), sampler mode in [14:11], resource dim 3 + return type 0x5555,
   * output, temps, indexable temp (x#, size, components), ret. */
  static const uint32_t want[][5] = {{4, 0x04000859, 0x00208e46, 0, 19}, {3, 0x0300085a, 0x00106000, 0, 0},
                                     {3, 0x0300005a, 0x00106000, 1, 0},  {4, 0x04001858, 0x00107000, 0, 0x5555},
                                     {3, 0x03000065, 0x001020f2, 0, 0},  {2, 0x02000068, 2, 0, 0},
                                     {4, 0x04000069, 1, 4, 4}};
  sf_status st;
  sf_status_clear(&st);
  sf_tpf_program p;
  sf_code c = sf_d3dasm_parse_program(listing, strlen(listing), &p, &st);
  SF_CHECK_MSG(c == SF_OK, "%u:%u %s", st.line, st.col, st.msg);
  if (c) return;
  SF_CHECK_EQ_U(p.version, 0x40);
  SF_CHECK_EQ_U(p.count, 9);
  for (size_t i = 0; i < 7 && i < p.count; i++) {
    SF_CHECK(p.items[i].kind == SF_TPF_ITEM_OPAQUE);
    SF_CHECK_MEM(p.items[i].tok, p.items[i].ntok * 4, &want[i][1], want[i][0] * 4);
  }
  if (p.count == 9) {
    SF_CHECK(p.items[7].kind == SF_TPF_ITEM_SAMPLE && p.items[7].inst->op == SF_D3D_SAMPLE_C_LZ);
    SF_CHECK(p.items[8].kind == SF_TPF_ITEM_OPAQUE && p.items[8].tok[0] == 0x0100003e);
  }
  sf_tpf_program_free(&p);
  /* More §2.4 declarations, both directions: mode_mono is mode 2 in [14:11] (0x0300105a); the MS
   * sample count sits in [22:16]; dcl_temps 1 = 02000068 00000001. */
  static const char more[] = "ps_5_0\ndcl_sampler s2, mode_mono\n"
                             "dcl_resource_texture2dms(4) (float,float,float,float) t1\ndcl_temps 1\n";
  static const uint32_t mt[] = {0x00000050, 0x0000000c, 0x0300105a, 0x00106000, 0x00000002, 0x04042058,
                                0x00107000, 0x00000001, 0x00005555, 0x02000068, 0x00000001, 0x0100003e};
  static const char more_ret[] = "ret\n";
  char text[256];
  snprintf(text, sizeof text, "%s%s", more, more_ret);
  sf_status_clear(&st);
  c = sf_d3dasm_parse_program(text, strlen(text), &p, &st);
  SF_CHECK_MSG(c == SF_OK, "%u:%u %s", st.line, st.col, st.msg);
  if (c) return;
  sf_buf b, t;
  sf_buf_init(&b, &st);
  sf_buf_init(&t, &st);
  SF_CHECK(sf_tpf_program_encode(&p, &b, &st) == SF_OK);
  uint8_t wb[sizeof mt];
  for (size_t i = 0; i < sizeof mt / 4; i++)
    for (int k = 0; k < 4; k++) wb[4 * i + k] = (uint8_t)(mt[i] >> (8 * k));
  SF_CHECK_MEM(b.data, b.len, wb, sizeof wb);
  SF_CHECK(sf_d3dasm_print_program(&p, &t, &st) == SF_OK);
  sf_wr_u8(&t, 0);
  SF_CHECK_STR((const char *)t.data, text);
  sf_buf_free(&b);
  sf_buf_free(&t);
  sf_tpf_program_free(&p);
}

/* Instructions samplefuzz cannot print by name keep their tokens (.tpf) and round-trip. */
static void test_opaque_and_dcls(void) {
  /* cs_5_0 program of a vkd3d test blob: dcl_uav_raw, dcl_thread_group, store_raw, ret. */
  static const uint32_t cs[] = {0x00050050, 0x00000016, 0x0100086a, 0x0400009e, 0x0011e000, 0x00000000, 0x00000004,
                                0x0400009b, 0x00000001, 0x00000001, 0x00000001, 0x0a0000ad, 0x0011e000, 0x00000000,
                                0x00004002, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00004001, 0x00000001,
                                0x0100003e};
  /* dcls §2.4 (constant buffer, comparison sampler, siv input, temps, indexable temp, customdata). */
  static const uint32_t ps[] = {0x00000041, 0x0000001c, 0x04000059, 0x00208e46, 0x00000000, 0x00000001, 0x0300085a,
                                0x00106000, 0x00000000, 0x04002064, 0x00101032, 0x00000000, 0x00000001, 0x02000068,
                                0x00000007, 0x04000069, 0x00000000, 0x00000004, 0x00000004, 0x00000035, 0x00000003,
                                0x12345678, 0x05004858, 0x00107000, 0x00000002, 0x00005555, 0x00000000, 0x0100003e};
  const uint32_t *progs[2] = {cs, ps};
  size_t lens[2] = {sizeof cs / 4, sizeof ps / 4};
  for (int k = 0; k < 2; k++) {
    uint8_t bytes[256];
    for (size_t i = 0; i < lens[k]; i++)
      for (int j = 0; j < 4; j++) bytes[4 * i + j] = (uint8_t)(progs[k][i] >> (8 * j));
    sf_status st;
    sf_status_clear(&st);
    sf_tpf_program p, q;
    sf_code c = sf_tpf_program_decode(bytes, lens[k] * 4, &p, &st);
    if (k == 1) {
      /* ps: the last dcl_resource has a length (5) with a stray DWORD: kept opaque. */
      SF_CHECK_MSG(c == SF_OK, "%s", st.msg);
    }
    if (c) continue;
    sf_buf t, b;
    sf_buf_init(&t, &st);
    sf_buf_init(&b, &st);
    SF_CHECK(sf_d3dasm_print_program(&p, &t, &st) == SF_OK);
    c = sf_d3dasm_parse_program((const char *)t.data, t.len, &q, &st);
    SF_CHECK_MSG(c == SF_OK, "%u:%u %s", st.line, st.col, st.msg);
    if (!c) {
      SF_CHECK(sf_tpf_program_encode(&q, &b, &st) == SF_OK);
      SF_CHECK_MEM(b.data, b.len, bytes, lens[k] * 4);
      sf_tpf_program_free(&q);
    }
    sf_wr_u8(&t, 0);
    if (k == 1) {
      const char *txt = (const char *)t.data;
      SF_CHECK(strstr(txt, "ps_4_1\n") != NULL);
      SF_CHECK(strstr(txt, "dcl_constantbuffer CB0[1], immediateIndexed\n") != NULL);
      SF_CHECK(strstr(txt, "dcl_sampler s0, mode_comparison\n") != NULL);
      SF_CHECK(strstr(txt, "dcl_input_ps_siv linear noperspective v0.xy, position\n") != NULL);
      SF_CHECK(strstr(txt, "dcl_temps 7\n") != NULL);
      SF_CHECK(strstr(txt, "dcl_indexableTemp x0[4], 4\n") != NULL);
      SF_CHECK(strstr(txt, ".tpf 00000035 00000003 12345678") != NULL);
      SF_CHECK(strstr(txt, ".tpf 05004858 00107000 00000002 00005555 00000000") != NULL);
    } else {
      /* every instruction of the cs program is in the opcode table: no .tpf line */
      const char *txt = (const char *)t.data;
      SF_CHECK(strstr(txt, ".tpf") == NULL);
      SF_CHECK(strstr(txt, "dcl_uav_structured u0, 4\n") != NULL);
      SF_CHECK(strstr(txt, "dcl_thread_group 1, 1, 1\n") != NULL);
      SF_CHECK(strstr(txt, "atomic_iadd u0, l(0, 0, 0, 0), l(1)\n") != NULL);
    }
    sf_buf_free(&t);
    sf_buf_free(&b);
    sf_tpf_program_free(&p);
  }
  /* Program-level errors carry line:column. */
  static const struct { const char *text; sf_code code; uint32_t line, col; } bad[] = {
      {"// only comments\n\n", SF_ERR_SYNTAX, 2, 1},
      {"ps_5_0\nmovv r0.x, r1.x\n", SF_ERR_SYNTAX, 2, 1},
      {"ps_5_0\nmov r0.x\n", SF_ERR_SYNTAX, 2, 9},
      {"ps_5_0\n.tpf 0200003e\n", SF_ERR_INVALID, 2, 5},
      {"xs_5_0\n", SF_ERR_SYNTAX, 1, 1},
      {"ps_5_0\ndcl_temps\n", SF_ERR_SYNTAX, 2, 10},
      {"ps_5_0\ndcl_resource_texture2d (float,float,float) t0\n", SF_ERR_SYNTAX, 2, 42},
      {"ps_4_0\nsample o0.xyzw, v0.xyxx, t0.xyzw\nsample o0.xyzw, v0.xyxx, t0.xyzw, s0 s1\n", SF_ERR_TRAILING, 3, 38},
      /* a UAV flag written twice (once each; the parser took the second as a no-op) */
      {"cs_5_0\ndcl_uav_structured_opc_opc u0, 108\n", SF_ERR_SYNTAX, 2, 23},
      {"cs_5_0\ndcl_uav_raw_glc_glc u0\n", SF_ERR_SYNTAX, 2, 16},
      /* a sample count past 127 at its number (it pointed past the group's ')') */
      {"ps_5_0\ndcl_resource_texture2dms(128) (float,float,float,float) t0\n", SF_ERR_RANGE, 2, 26},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    sf_status st;
    sf_status_clear(&st);
    sf_tpf_program p;
    sf_code c = sf_d3dasm_parse_program(bad[i].text, strlen(bad[i].text), &p, &st);
    SF_CHECK_MSG(c == bad[i].code && st.line == bad[i].line && st.col == bad[i].col,
                 "bad[%zu]: got %s at %u:%u (%s)", i, sf_code_name(c), st.line, st.col, st.msg);
    sf_tpf_program_free(&p);
  }
}

/* text -> inst -> text, and inst -> text -> inst, over generated instructions including the
 * encodings only samplefuzz's extension syntax can express. */
static void test_roundtrip_text(void) {
  uint64_t seed = 0xa5a5;
  unsigned n = 0;
  for (unsigned i = 0; i < 30000; i++) {
    tg_opts g = {(i & 1) != 0, (i & 2) != 0, tg_dim(&seed)};
    sf_d3d_inst d, e;
    tg_inst(&seed, &d, &g);
    char a[512], b[512];
    print(&d, a, sizeof a);
    sf_status st;
    sf_status_clear(&st);
    sf_code c = sf_d3dasm_parse_inst(a, strlen(a), 1, &e, &st);
    SF_CHECK_MSG(c == SF_OK, "'%s': %s at col %u", a, st.msg, st.col);
    if (c) continue;
    char diff[160];
    SF_CHECK_MSG(sf_d3d_inst_equal(&d, &e), "'%s': %s", a, sf_d3d_inst_diff(&d, &e, diff, sizeof diff));
    print(&e, b, sizeof b);
    SF_CHECK_STR(b, a);
    n++;
  }
  SF_CHECK_EQ_U(n, 30000);
}

/* The printers' append (da_op) writes %s %u %d %c %% itself: the same bytes and the same overflow
 * verdict as snprintf, for every format kind the printers use, NULL strings and full buffers. */
static void test_da_op_as_snprintf(void) {
  static const char *const fmts[] = {"%s", "%u", ", %u", "%s%s", "x%u[%u], %u", "%c", "%d", "%%u%d", "",
                                     "lit", "%s ", "dcl %s%u[%u:", "%08x", "%.*s"};
  static const char *const strs[] = {"a", "", NULL, "texture2d", "0123456789abcdef"};
  uint64_t s = 7;
  unsigned bad = 0;
  for (unsigned it = 0; it < 40000; it++) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    unsigned r = (unsigned)(s >> 33);
    const char *f = fmts[r % 14], *s1 = strs[(r >> 4) % 5], *s2 = strs[(r >> 7) % 5];
    unsigned u = (r >> 3) * ((r & 1) ? 1u : 7919u), cap = (r >> 11) % 24, pre = (r >> 16) % 4;
    int d = (int)(r ^ 0x5a5a5a5au), c = 'A' + (int)((r >> 20) % 26);
    if (pre > cap) pre = cap;
    char got[64], ref[256];
    memset(got, '#', sizeof got);
    obuf o = {got, cap, pre, false, 0, false, false};
    int k;
    if (!strcmp(f, "%s")) da_op(&o, f, s1), k = snprintf(ref, sizeof ref, f, s1 ? s1 : "(null)");
    else if (!strcmp(f, "%s%s") || !strcmp(f, "%s ")) da_op(&o, f, s1, s2), k = snprintf(ref, sizeof ref, "%s%s", s1 ? s1 : "(null)", !strcmp(f, "%s ") ? " " : s2 ? s2 : "(null)");
    else if (!strcmp(f, "dcl %s%u[%u:")) da_op(&o, f, s2 ? s2 : "", u, u + 1), k = snprintf(ref, sizeof ref, f, s2 ? s2 : "", u, u + 1);
    else if (!strcmp(f, "%c")) da_op(&o, f, c), k = snprintf(ref, sizeof ref, f, c);
    else if (!strcmp(f, "%d") || !strcmp(f, "%%u%d")) da_op(&o, f, d), k = snprintf(ref, sizeof ref, f, d);
    else if (!strcmp(f, "%.*s")) da_op(&o, f, 3, "abcdef"), k = snprintf(ref, sizeof ref, f, 3, "abcdef");
    else da_op(&o, f, u, u * 3, u / 7), k = snprintf(ref, sizeof ref, f, u, u * 3, u / 7);
    bool over = (size_t)k >= cap - pre;
    if (o.over != over || (!over && (o.len != pre + (size_t)k || memcmp(got + pre, ref, (size_t)k + 1) != 0))) {
      if (bad++ < 3) SF_CHECK_MSG(false, "da_op(\"%s\") into %u bytes after %u: over %d (want %d), '%.*s' (want '%s')", f, cap, pre,
                               o.over, over, (int)(o.len - pre), got + pre, ref);
    }
  }
  SF_CHECK_EQ_U(bad, 0);
}

/* One operand at its longest: -|...| around the longest register name, three relative indices of
 * the longest relative register (two immediate indices and a .mask(xyzw) each) plus an offset of
 * 2^32 - 1, a mask, and both flags of the extended token. */
static void longest_opnd(sf_d3d_opnd *o) {
  memset(o, 0, sizeof *o);
  o->type = 36; /* vThreadIDInGroupFlattened */
  o->num_comp = SF_D3D_NC_4, o->sel_mode = SF_D3D_SEL_MASK, o->comp_bits = 0xf, o->index_dim = 3;
  for (int i = 0; i < 3; i++) {
    o->idx[i].rep = SF_D3D_IDX_IMM32_REL, o->idx[i].imm = 0xffffffffu;
    sf_d3d_relop *r = &o->idx[i].rel;
    r->type = 36, r->num_comp = SF_D3D_NC_4, r->sel_mode = SF_D3D_SEL_MASK, r->comp_bits = 0xf, r->index_dim = 2;
    r->index[0] = r->index[1] = 0xffffffffu;
  }
  o->extended = true, o->modifier = 3, o->min_precision = 7, o->nonuniform = true;
}

/* The longest instruction text: it fits SF_D3DASM_MAX_INST_TEXT, and a program holding it prints
 * as text (not as a hex chunk or a .tpf escape) that reads back to the same tokens. The program
 * printer once held each instruction in a 1,024-byte line and refused such a program as too long. */
static void test_longest(void) {
  sf_d3d_inst d;
  memset(&d, 0, sizeof d);
  d.op = SF_D3D_SAMPLE_D, d.sat = true, d.has_aoffimmi = true, d.has_resdim = true, d.has_rettype = true;
  d.aoffimmi[0] = d.aoffimmi[1] = d.aoffimmi[2] = -8;
  d.resdim = SF_D3D_DIM_TEX2DMSARRAY, d.resdim_stride = 0xfff, d.precise = 15, d.num_src = 5;
  for (int i = 0; i < 4; i++) d.rettype[i] = 8; /* continued */
  for (int i = 0; i < 3; i++) d.ext_order[i] = (uint8_t)(i + 1);
  longest_opnd(&d.dst);
  for (int i = 0; i < 5; i++) longest_opnd(&d.src[i]);
  uint32_t tok[SF_TPF_MAX_INST_LEN + 2];
  size_t ntok = 0;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_tpf_encode_inst(&d, tok + 1, &ntok, &st) == SF_OK);
  static char line[SF_D3DASM_MAX_INST_TEXT];
  print(&d, line, sizeof line);
  size_t len = strlen(line);
  SF_CHECK_MSG(len > 1800 && len < SF_D3DASM_MAX_INST_TEXT, "longest instruction text: %zu bytes", len);
  /* a ps_5_0 program body: the instruction, then ret */
  uint8_t body[4 * (SF_TPF_MAX_INST_LEN + 4)];
  uint32_t words[SF_TPF_MAX_INST_LEN + 4];
  size_t nw = 0;
  words[nw++] = 0x50u; /* ps_5_0 */
  words[nw++] = 0;     /* length, below */
  memcpy(words + nw, tok + 1, ntok * 4);
  nw += ntok;
  words[nw++] = 0x3eu | (1u << 24); /* ret */
  words[1] = (uint32_t)nw;
  for (size_t i = 0; i < nw; i++)
    for (int b = 0; b < 4; b++) body[4 * i + b] = (uint8_t)(words[i] >> (8 * b));
  sf_tpf_program prog, back;
  sf_tpf_program_init(&prog, 0);
  sf_tpf_program_init(&back, 0);
  sf_buf text, enc;
  sf_buf_init(&text, &st);
  sf_buf_init(&enc, &st);
  SF_CHECK(sf_tpf_program_decode(body, 4 * nw, &prog, &st) == SF_OK);
  sf_code rc = sf_d3dasm_print_program(&prog, &text, &st);
  SF_CHECK_MSG(rc == SF_OK, "print_program: %s", st.msg);
  if (rc == SF_OK) {
    bool found = false; /* the instruction's line, as sf_d3dasm_print_inst printed it */
    for (size_t i = 0; i + len <= text.len && !found; i++) found = !memcmp(text.data + i, line, len);
    SF_CHECK(found);
    SF_CHECK(sf_d3dasm_parse_program((const char *)text.data, text.len, &back, &st) == SF_OK);
    SF_CHECK(sf_tpf_program_encode(&back, &enc, &st) == SF_OK && enc.len == 4 * nw && !memcmp(enc.data, body, enc.len));
  }
  sf_buf_free(&text);
  sf_buf_free(&enc);
  sf_tpf_program_free(&prog);
  sf_tpf_program_free(&back);
}

int main(void) {
  SF_RUN(test_da_op_as_snprintf);
  SF_RUN(test_fxc_forms);
  SF_RUN(test_vkd3d_forms);
  SF_RUN(test_immediates);
  SF_RUN(test_text_errors);
  SF_RUN(test_listing);
  SF_RUN(test_vkd3d_listing);
  SF_RUN(test_opaque_and_dcls);
  SF_RUN(test_roundtrip_text);
  SF_RUN(test_longest);
  SF_TEST_END();
}
