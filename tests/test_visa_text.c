/* test_visa_text.c — vISA text printer/parser (harness/visa/visa_*.c (the text codec)) and the kernel builders
 * (harness/visa/visa_kernel.c).
 *
 * Known answers come from two places, named at each table: the printed lines of
 * docs/visa-text.md, and lines that the real GenX_IR 12504 printed on this machine
 * (`GenX_IR t.visaasm -platform SKL -stopafter CFG -dumpcommonisa`, input shown beside each).
 * Property tests: >= 20,000 seeded random canonical instructions, print -> parse -> equal, and
 * parse(print(x)) prints identically; plus a multi-kernel .visaasm round trip. */
#include <math.h>

#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

/* ---- A kernel with the names of docs/visa-text.md ---------------------------------------------- */

static sf_visa_kernel kat_kernel(void) {
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_init(&k, "samp", &st) == SF_OK);
  SF_CHECK_EQ_U(sf_visa_kernel_add_sampler(&k, "smp", &st), 0);
  SF_CHECK_EQ_U(sf_visa_kernel_add_surface(&k, "surf", &st), 6);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "dst_u", SF_VT_UW, 128, 5, &st), 32);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "dst_f", SF_VT_F, 128, 5, &st), 33);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "dst_a", SF_VT_UW, 256, 5, &st), 34);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "U", SF_VT_F, 16, 5, &st), 35);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "V", SF_VT_F, 16, 5, &st), 36);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "X", SF_VT_F, 8, 0, &st), 37);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "XW", SF_VT_UW, 1, 0, &st), 38);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "L", SF_VT_F, 16, 5, &st), 39);
  SF_CHECK_EQ_U(sf_visa_kernel_add_addr(&k, "A0", 1, &st), 0);
  SF_CHECK_EQ_U(sf_visa_kernel_add_pred(&k, "P1", 16, &st), 1);
  SF_CHECK_EQ_U(st.code, SF_OK);
  return k;
}

static void roundtrip_line(const sf_visa_kernel *k, const char *in, const char *want, sf_inst *out) {
  sf_status st;
  sf_status_clear(&st);
  sf_inst x;
  sf_code r = sf_visa_parse(in, strlen(in), k, &x, &st);
  char eb[256];
  SF_CHECK_MSG(r == SF_OK, "parse '%s': %s", in, sf_status_format(&st, eb, sizeof eb));
  if (r != SF_OK) return;
  char buf[2048];
  r = sf_visa_print(&x, k, buf, sizeof buf, &st);
  SF_CHECK_MSG(r == SF_OK, "print: %s", sf_status_format(&st, eb, sizeof eb));
  SF_CHECK_STR(buf, want);
  /* printing is a fixed point: parse(print(x)) == x */
  sf_inst y;
  r = sf_visa_parse(buf, strlen(buf), k, &y, &st);
  SF_CHECK_MSG(r == SF_OK && sf_inst_equal(&x, &y), "reparse of '%s'", buf);
  if (out) *out = x;
}

/* docs/visa-text.md: every printed line. */
static void test_kat_reference_lines(void) {
  sf_visa_kernel k = kat_kernel();
  static const char *const lines[] = {
      "sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x3e800000:f X(0,0)<0;1,0> dst_u.0",
      "sample_3d.RGBA (M1, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0",
      "(!P1.all) sample_3d.A (M1, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0",
      "sample_3d.pixel_null_mask.cps.RGBA (M5, 8)  0x123:uw S0 T6 dst_f.0 U.0 V.0",
      "sample_3d.RGBA (M1, 16)  0x0:uw S31 TSS %r0.0 U.32 V.0",
      "avs.RGBA T6 S0 0x0:f 0x0:f 0x3dcccccd:f 0x3dcccccd:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 0x0:uw dst_a.0",
      "sample_unorm.RGBA.16-full S0 T6 r[A0(0),4]<0;1,0>:f X(0,0)<1;1,0> U(0,3)<0;1,0> U(1,2)<0;1,0> dst_u.64",
      "sample_unorm.RGBA.16-full S0 T6 (abs)X(0,0)<0;1,0> (-abs)X(0,0)<0;1,0> 0x3e800000:f 0x3f000000:f dst_u.0",
  };
  sf_inst x[8];
  for (size_t i = 0; i < 8; i++) roundtrip_line(&k, lines[i], lines[i], &x[i]);
  /* fields, per §4.1/§4.3/§3 */
  SF_CHECK_EQ_U(x[0].family, SF_FAMILY_SAMPLE_UNORM);
  SF_CHECK_EQ_U(x[0].unorm.chan_mask, 0xF);
  SF_CHECK_EQ_U(x[0].unorm.surface, 6);
  SF_CHECK_EQ_U(x[0].unorm.du.imm, 0x3e800000);
  SF_CHECK_EQ_U(x[0].unorm.dv.cls, SF_VCLS_GENERAL);
  SF_CHECK_EQ_U(x[0].unorm.dv.id, 37);
  SF_CHECK_EQ_U(x[0].unorm.dv.region.vstride, 1); /* <0;1,0> = 0x0121 */
  SF_CHECK_EQ_U(x[0].unorm.dv.region.width, 2);
  SF_CHECK_EQ_U(x[0].unorm.dv.region.hstride, 1);
  SF_CHECK_EQ_U(x[0].unorm.dst.id, 32);
  SF_CHECK_EQ_U(x[2].s3d.pred.id, 1);
  SF_CHECK_EQ_U(x[2].s3d.pred.ctrl, 2);
  SF_CHECK(x[2].s3d.pred.invert);
  SF_CHECK_EQ_U(x[2].s3d.chan_mask, 8);
  SF_CHECK_EQ_U(x[2].s3d.exec_size, 4);
  SF_CHECK(x[3].s3d.pixel_null_mask && x[3].s3d.cps && !x[3].s3d.divs);
  SF_CHECK_EQ_U(x[3].s3d.emask, 4);
  SF_CHECK_EQ_U(x[3].s3d.exec_size, 3);
  SF_CHECK_EQ_U(x[3].s3d.aoffimmi.imm, 0x123);
  SF_CHECK_EQ_U(x[3].s3d.aoffimmi.type, SF_VT_UW);
  SF_CHECK_EQ_U(x[3].s3d.num_params, 2);
  SF_CHECK_EQ_U(x[3].s3d.params[1].id, 36);
  SF_CHECK_EQ_U(x[4].s3d.sampler, 31);
  SF_CHECK_EQ_U(x[4].s3d.surface, 3);
  SF_CHECK_EQ_U(x[4].s3d.dst.id, 7);
  SF_CHECK_EQ_U(x[4].s3d.params[0].off, 32);
  SF_CHECK_EQ_U(x[5].avs.surface, 6);
  SF_CHECK_EQ_U(x[5].avs.sampler, 0);
  SF_CHECK_EQ_U(x[5].avs.group_id.type, SF_VT_UD);
  SF_CHECK_EQ_U(x[5].avs.ief_bypass.type, SF_VT_UW);
  SF_CHECK_EQ_U(x[5].avs.dst.id, 34);
  SF_CHECK_EQ_U(x[6].unorm.u.cls, SF_VCLS_INDIRECT);
  SF_CHECK_EQ_U(x[6].unorm.u.imm_off, 4);
  SF_CHECK_EQ_U(x[6].unorm.u.type, SF_VT_F);
  SF_CHECK_EQ_U(x[6].unorm.dv.row_off, 1);
  SF_CHECK_EQ_U(x[6].unorm.dv.col_off, 2);
  SF_CHECK_EQ_U(x[6].unorm.dst.off, 64);
  SF_CHECK_EQ_U(x[7].unorm.u.mod, SF_VMOD_ABS);
  SF_CHECK_EQ_U(x[7].unorm.v.mod, SF_VMOD_NEGABS);
  sf_visa_kernel_free(&k);
}

/* Lines GenX_IR 12504 printed on this machine for the inputs on the left (SKL, -stopafter CFG,
 * -dumpcommonisa; kernel declarations as in kat_kernel()). */
static void test_kat_genx_ir(void) {
  sf_visa_kernel k = kat_kernel();
  static const char *const pairs[][2] = {
      {"sample_unorm.RGBA.16-full smp surf 0.0:f 0.0:f 0.25:f X(0,0)<0;1,0> dst_u.0",
       "sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x3e800000:f X(0,0)<0;1,0> dst_u.0"},
      {"sample_unorm.RGBA.16-full smp TSS 0.0:f 0.0:f 0.25:f X(0,0)<0;1,0> dst_u.0",
       "sample_unorm.RGBA.16-full S0 TSS 0x0:f 0x0:f 0x3e800000:f X(0,0)<0;1,0> dst_u.0"},
      {"sample_unorm.RGBA.16-full smp %bss %r0(0,1)<0;1,0> (-)X(0,0)<1;1,0> (~)X(0,2)<8;8,1> X(0,0)<4;4,1> %null.0",
       "sample_unorm.RGBA.16-full S0 %bss %r0(0,1)<0;1,0> (-)X(0,0)<1;1,0> (~)X(0,2)<8;8,1> X(0,0)<4;4,1> %null.0"},
      {"sample_unorm.RGBA.16-full smp T2 r[A0(0),-4]<0;1,0>:f r[A0(0),4]<1,0>:hf 0x1234:hf -1.5:f dst_u.0",
       "sample_unorm.RGBA.16-full S0 T2 r[A0(0),-4]<0;1,0>:f r[A0(0),4]<1,0>:hf 0x1234:hf 0xbfc00000:f dst_u.0"},
      {"sample_3d.RGBA (NoMask, 16) 0x0:uw smp surf dst_f.0 U.0 V.0",
       "sample_3d.RGBA (M1_NM, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0"},
      {"(!P1.any) sample_3d.RGBA (M2_NM, 8) XW(0,0)<0;1,0> smp surf dst_f.0 U.0 V.0",
       "(!P1.any) sample_3d.RGBA (M2_NM, 8)  XW(0,0)<0;1,0> S0 T6 dst_f.0 U.0 V.0"},
      /* IGC drops .divS (docs/visa-binary.md); we keep bit 10, so ours prints it. */
      {"(P1) sample_b.pixel_null_mask.cps.RGBA (M8, 8) 2.0e-3:f smp %scratch dst_f.0 U.0 V.0",
       "(P1) sample_b.pixel_null_mask.cps.RGBA (M8, 8)  0x3b03126f:f S0 %scratch dst_f.0 U.0 V.0"},
      {"sample_c_lz.R (1) 1:ud S31 %slm dst_f.0 U.0 V.0", "sample_c_lz.R (M1, 1)  0x1:ud S31 %slm dst_f.0 U.0 V.0"},
      {"avs.RGBA surf smp 0.0:f 0.0:f 0.1:f 0.1:f 0.0:f 0:ud 0:ud AVS_8_DOWN_SAMPLE 0.0:f AVS_16x8 0:uw dst_u.0",
       "avs.RGBA T6 S0 0x0:f 0x0:f 0x3dcccccd:f 0x3dcccccd:f 0x0:f 0x0:ud 0x0:ud AVS_8_DOWN_SAMPLE 0x0:f AVS_16x8 0x0:uw "
       "dst_u.0"},
      {"avs.R T1 smp 0.0:df 0x12:v 0.1:f 0.1:f 0.0:f 0:ud 0:ud AVS_16_DOWN_SAMPLE 0.0:f AVS_16x4 0:uw dst_u.0",
       "avs.R T1 S0 0x0:df 0x12:v 0x3dcccccd:f 0x3dcccccd:f 0x0:f 0x0:ud 0x0:ud AVS_16_DOWN_SAMPLE 0x0:f AVS_16x4 0x0:uw "
       "dst_u.0"},
  };
  for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
    if (pairs[i][1]) roundtrip_line(&k, pairs[i][0], pairs[i][1], NULL);
  /* a dump line as written: 4-space indent, padding and the trailing "/// $N" comment */
  roundtrip_line(&k, "    sample_3d.RGBA (M1_NM, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0                     /// $3",
                 "sample_3d.RGBA (M1_NM, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0", NULL);
  /* Immediates as GenX_IR printed them (probe of 20 immediate spellings, -noverifyCISA). */
  static const char *const imms[][2] = {
      {"1:f", "0x1:f"},          {"-1:d", "0xffffffff:d"}, {"-1:w", "0xffffffff:w"},
      {"0x1:f", "0x1:f"},        {"-1:ud", "0xffffffff:ud"}, {"0X1F:ud", "0x1f:ud"},
      {"1.5:df", "0x3ff8000000000000:df"}, {"-2:q", "0xfffffffffffffffe:q"},
      {"0x8000000000000000:q", "0x8000000000000000:q"}, {"0.1:f", "0x3dcccccd:f"},
      {"-0.0:f", "0x80000000:f"}, {"2.0e-3:f", "0x3b03126f:f"}, {"0x1234:hf", "0x1234:hf"},
      {"0.25:f", "0x3e800000:f"}, {"0x12:v", "0x12:v"},
  };
  for (size_t i = 0; i < sizeof imms / sizeof imms[0]; i++) {
    char in[160], want[160];
    snprintf(in, sizeof in, "sample_unorm.R.16-full smp surf %s 0x0:f 0x0:f 0x0:f dst_u.0", imms[i][0]);
    snprintf(want, sizeof want, "sample_unorm.R.16-full S0 T6 %s 0x0:f 0x0:f 0x0:f dst_u.0", imms[i][1]);
    roundtrip_line(&k, in, want, NULL);
  }
  sf_visa_kernel_free(&k);
}

/* The spec pages' text forms (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/) "Text"): upper-case mnemonics and the AVS order
 * <sampler> <surface> without u2d. */
static void test_spec_forms(void) {
  sf_visa_kernel k = kat_kernel();
  roundtrip_line(&k, "SAMPLE_UNORM.RGBA.16-full smp surf 0.0:f 0.0:f 0.25:f 0.5:f dst_u.0",
                 "sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x3e800000:f 0x3f000000:f dst_u.0", NULL);
  roundtrip_line(&k, "SAMPLE_3d.rgba (M1, 16) 0x0:uw smp surf dst_f.0 U.0 V.0",
                 "sample_3d.RGBA (M1, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0", NULL);
  roundtrip_line(&k, "LOD.RG (16) 0x0:uw smp surf dst_f.0 U.0 V.0", "lod.RG (M1, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0",
                 NULL);
  roundtrip_line(&k, "(P1) SAMPLE_L_C.pixel_null_mask.R (M1, 8) 0x0:uw smp surf dst_f.0 L.0 U.0 V.0",
                 "(P1) sample_l_c.pixel_null_mask.R (M1, 8)  0x0:uw S0 T6 dst_f.0 L.0 U.0 V.0", NULL);
  /* Spec AVS order: 6 operands before cntrl -> sampler first, u2d absent (filled with 0x0:f). */
  sf_inst x;
  roundtrip_line(&k, "AVS.RGBA smp surf 0.0:f 0.0:f 0.1:f 0.1:f 0:ud 0:ud AVS_16_FULL 0.0:f AVS_16x4 0:uw dst_a.0",
                 "avs.RGBA T6 S0 0x0:f 0x0:f 0x3dcccccd:f 0x3dcccccd:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 "
                 "0x0:uw dst_a.0",
                 &x);
  SF_CHECK_EQ_U(x.avs.sampler, 0);
  SF_CHECK_EQ_U(x.avs.surface, 6);
  SF_CHECK_EQ_U(x.avs.u2d.cls, SF_VCLS_IMMEDIATE);
  SF_CHECK_EQ_U(x.avs.u2d.type, SF_VT_F);
  /* The same with a non-zero u2d in IGC order keeps it. */
  roundtrip_line(&k, "avs.RGBA surf smp 0.0:f 0.0:f 0.1:f 0.1:f 0.5:f 1:ud 2:ud 2 0.0:f 3 0:uw dst_a.0",
                 "avs.RGBA T6 S0 0x0:f 0x0:f 0x3dcccccd:f 0x3dcccccd:f 0x3f000000:f 0x1:ud 0x2:ud AVS_8_FULL 0x0:f "
                 "AVS_4x4 0x0:uw dst_a.0",
                 NULL);
  sf_visa_kernel_free(&k);
}

/* Every operand form, kernel-free spelling (visa.h: V<n>, S<n>, T<n>, P<n>, A<n>). Each line is
 * its own printed form. */
static void test_operand_forms(void) {
  static const char *const lines[] = {
      /* general: region forms of IGC's printRegion, codes without a value as #c, bits 12-15 as hi */
      "sample_unorm.R.8-downsampled S3 T7 V40(1,2)<4;4,1> V40(255,255)<8,1> V40(0,0)<1> V32(0,0)<32;16,2> V32.65535",
      "sample_unorm.G.8-full S0 %slm V40(0,0)<#9,#15> V40(0,0)<#0> V40(0,0)<#8> V40(0,0)<#15;#0,#0;hi=5> %null.0",
      "sample_unorm.B.16-downsampled S255 T255 V40(0,0)<1,0;hi=15> V40(0,0)<4;hi=1> V4294967295(0,0)<0;1,0> "
      "%msg0(0,0)<0;1,0> V31.1",
      /* modifiers, tag bits 6-7 */
      "sample_unorm.BA.16-full S0 T6 (abs)V40(0,0)<0;1,0> (-)V40(0,0)<0;1,0> (-abs)V40(0,0)<0;1,0> (~)V40(0,0)<0;1,0> V32.0",
      "sample_unorm.RA.16-full S0 T6 (sat)V40(0,0)<0;1,0> (mod6)V40(0,0)<0;1,0> (mod7)P3 (tag_hi=3)(-)0x1:ud V32.0",
      /* address, predicate, indirect, state operands */
      "sample_unorm.RGBA.16-full S0 T6 A0(0)<1> A65535(255)<32> A3(7)<#6> A1(1)<#255> V32.0",
      "sample_unorm.RGBA.16-full S0 T6 P0 P65535 r[A2(3),-32768]<0;1,0>:#0xff r[A0(0),32767]<1,0>:bf V32.0",
      "sample_unorm.RGBA.16-full S0 T6 S7(0) T6(255) %slm(1) %state2_65535(3) V32.0",
      /* immediates of every type; 64-bit for df, uq, q */
      "sample_unorm.RGBA.16-full S0 T6 0xffffffff:ud 0x7fffffff:d 0xffff:uw 0x0:w V32.0",
      "sample_unorm.RGBA.16-full S0 T6 0xff:ub 0x0:b 0xffffffffffffffff:df 0x0:bool V32.0",
      "sample_unorm.RGBA.16-full S0 T6 0x1:uq 0x12345678:uv 0x8000000000000001:q 0x3c00:hf V32.0",
      "sample_unorm.RGBA.16-full S0 T6 0x1:vf 0x1:v 0x3f80:bf 0xdeadbeefcafe:#0x16 V32.0",
      /* 3D: predicate forms, exec sizes and masks, params */
      "(!P4095.ctrl3.b12) sample_3d.RGBA (M8_NM, 32)  0x0:uw S0 T6 V32.0",
      "(P0.b12) sample_3d.ch0 (M3, #6)  0x0:uw S0 T6 V32.0 V21.0 V22.0 V23.0 V24.0 V25.0 V26.0 V27.0 V28.0 V29.0 "
      "V30.0 V31.0 %null.0 %thread_x.2 %dbg0.4 %msg0.8",
      "(!P0) sample_3d.divS.R (M1, #15)  V40(0,0)<0;1,0> S0 T6 V32.0",
      "sample_3d.cps.divS.G (M1, 2)  r[A0(0),0]<0;1,0>:uw S0 T6 V32.0 V33.0",
      "sample_3d.pixel_null_mask.divS.B (M1, 4)  P1 S0 T6 V32.0 V33.0",
      /* sub-ops IGC 12504 cannot parse: lod, sample_po*, other ops */
      "lod.R (M1, 16)  0x0:uw S0 T6 V32.0 V33.0",
      "sample_po_b.R (M1, 16)  0x0:uw S0 T6 V32.0 V33.0",
      "sample_po_l_c.R (M1, 16)  0x0:uw S0 T6 V32.0 V33.0",
      "sampler_op_0x1f.R (M1, 16)  0x0:uw S0 T6 V32.0",
      "sample+killpix.R (M1, 16)  0x0:uw S0 T6 V32.0",
      /* AVS: empty mask, exec modes 8x4/4x4, cntrl/exec codes without a name */
      "avs.ch0 T6 S0 0x0:f 0x0:f 0x0:f 0x0:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_8x4 0x0:ub V32.0",
      "avs.RGBA T6 S0 0x0:f 0x0:f 0x0:f 0x0:f 0x0:f 0x0:ud 0x0:ud AVS_CNTRL_15 0x0:f AVS_EXEC_4 0x0:ub V32.0",
      "sample_unorm.ch0.16-full S0 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0",
  };
  for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++) roundtrip_line(NULL, lines[i], lines[i], NULL);
  /* Alternative spellings that read to the same instruction. */
  roundtrip_line(NULL, "sample_unorm..16-full S0 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0",
                 "sample_unorm.ch0.16-full S0 T6 0x0:f 0x0:f 0x0:f 0x0:f V32.0", NULL);
  roundtrip_line(NULL, "sample_3d.RGBA ( NoMask , 16 ) 0x0:uw S0 T6 V32.0 // comment",
                 "sample_3d.RGBA (M1_NM, 16)  0x0:uw S0 T6 V32.0", NULL);
  roundtrip_line(NULL, "sample_unorm.R.16-full S0 T6 V40(0,0)<#0;1,0> V40(0,0)<#1;#2,#1> 0:ud 0:ud V32.0",
                 "sample_unorm.R.16-full S0 T6 V40(0,0)<1,0> V40(0,0)<0;1,0> 0x0:ud 0x0:ud V32.0", NULL);
}

/* Every 3D sub-op byte prints and reads back; the named ones use their names. */
static void test_every_subop(void) {
  char buf[512];
  sf_status st;
  for (unsigned op = 0; op < 256; op++) {
    sf_inst x;
    memset(&x, 0, sizeof x);
    x.family = SF_FAMILY_SAMPLE_3D;
    x.s3d.op = (uint8_t)op;
    x.s3d.chan_mask = 1;
    x.s3d.exec_size = 4;
    x.s3d.aoffimmi.cls = SF_VCLS_IMMEDIATE;
    x.s3d.aoffimmi.type = SF_VT_UW;
    x.s3d.surface = 6;
    x.s3d.dst.id = 32;
    x.s3d.num_params = 1;
    x.s3d.params[0].id = 33;
    sf_status_clear(&st);
    SF_CHECK(sf_visa_print(&x, NULL, buf, sizeof buf, &st) == SF_OK);
    const char *nm = sf_s3d_op_name((uint8_t)op);
    if (nm) {
      SF_CHECK_MSG(strncmp(buf, nm, strlen(nm)) == 0 && buf[strlen(nm)] == '.', "op %u: %s", op, buf);
    }
    sf_inst y;
    SF_CHECK_MSG(sf_visa_parse(buf, strlen(buf), NULL, &y, &st) == SF_OK && sf_inst_equal(&x, &y), "op 0x%x: %s", op,
                 buf);
  }
  /* spelled-out expectations (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/3D_SAMPLE.md) op table; our spelling for the rest) */
  static const struct {
    uint8_t op;
    const char *prefix;
  } names[] = {{0, "sample_3d."}, {9, "lod."}, {0x14, "sample_d_c."}, {0x19, "sample_c_lz."}, {0x20, "sample_po."},
               {0x26, "sample_po_l_c."}, {7, "load_3d."}, {12, "sample+killpix."}, {0x0d, "sampler_op_0x0d."},
               {0xff, "sampler_op_0xff."}};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    sf_inst x;
    memset(&x, 0, sizeof x);
    x.family = SF_FAMILY_SAMPLE_3D;
    x.s3d.op = names[i].op;
    SF_CHECK(sf_visa_print(&x, NULL, buf, sizeof buf, &st) == SF_OK);
    SF_CHECK_MSG(strncmp(buf, names[i].prefix, strlen(names[i].prefix)) == 0, "%s vs %s", buf, names[i].prefix);
  }
}

/* ---- Errors ----------------------------------------------------------------------------------- */

typedef struct err_case {
  const char *text;
  sf_code code;
  uint32_t col;
  const char *msg; /* a substring of the message */
} err_case;

static void test_errors(void) {
  sf_visa_kernel k = kat_kernel();
  static const err_case cases[] = {
      {"sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x0:f 0x0:f", SF_ERR_SYNTAX, 56, "expected the destination"},
      {"sample_3d.RGBA (M1, 3) 0x0:uw S0 T6 dst_f.0", SF_ERR_RANGE, 21, "execution size"},
      {"sample_3d.RGBA (M9, 16) 0x0:uw S0 T6 dst_f.0", SF_ERR_SYNTAX, 17, "execution mask"},
      {"sample_3d.AR (M1, 16) 0x0:uw S0 T6 dst_f.0", SF_ERR_SYNTAX, 12, "R, G, B, A order"},
      {"sample_3d.RGBX (M1, 16) 0x0:uw S0 T6 dst_f.0", SF_ERR_SYNTAX, 14, "not a channel"},
      {"sample_3d.cps.pixel_null_mask.R (M1, 16) 0x0:uw S0 T6 dst_f.0", SF_ERR_SYNTAX, 15, "order"},
      {"sample_unorm.RGBA.16-full nosuch T6 0x0:f 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_UNDECLARED, 27, "not declared"},
      {"sample_unorm.RGBA.16-full X T6 0x0:f 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_UNDECLARED, 27, "general variable"},
      {"sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x0:f 0x0:f smp.0", SF_ERR_UNDECLARED, 57, "a sampler"},
      {"sample_unorm.RGBA.16-full S0 T6 1.0 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_SYNTAX, 36, "':<type>'"},
      {"sample_unorm.RGBA.16-full S0 T6 1.0:d 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_SYNTAX, 33, ":f or :df"},
      {"sample_unorm.RGBA.16-full S0 T6 1.0:zz 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_SYNTAX, 37, "not a type"},
      {"sample_unorm.RGBA.16-full S0 T6 0x100000000:ud 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_RANGE, 33, "32 bits"},
      {"sample_unorm.RGBA.16-full S0 T6 1e39:f 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_RANGE, 33, "does not fit"},
      {"sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x0:f 0x0:f dst_u.65536", SF_ERR_RANGE, 63, "at most 65535"},
      {"sample_unorm.RGBA.16-full S0 T6 X(0,0)<3;1,0> 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_RANGE, 40, "region value"},
      {"sample_unorm.RGBA.16-full S0 T6 X(0,256)<0;1,0> 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_RANGE, 37, "at most 255"},
      {"sample_unorm.RGBA.16-full S0 T6 X 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_SYNTAX, 34, "(row,col)"},
      {"sample_unorm.RGBA.16-full S0 T6 X(0,0) 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_SYNTAX, 40, "region"},
      {"sample_unorm.RGBA.16-full S0 T6 (neg)X(0,0)<0;1,0> 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_SYNTAX, 33, "modifier"},
      {"sample_unorm.RGBA S0 T6 0x0:f 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_SYNTAX, 18, ".<format>"},
      {"sample_unorm.RGBA.12-full S0 T6 0x0:f 0x0:f 0x0:f 0x0:f dst_u.0", SF_ERR_SYNTAX, 19, "output format"},
      {"sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x0:f 0x0:f dst_u", SF_ERR_SYNTAX, 62, "byte offset"},
      {"sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x0:f 0x0:f dst_u.0 extra", SF_ERR_SYNTAX, 65, "end of instruction"},
      {"sample_9d.RGBA (M1, 16) 0x0:uw S0 T6 dst_f.0", SF_ERR_SYNTAX, 1, "unknown instruction"},
      {"(P1) avs.RGBA T6 S0 0x0:f 0x0:f 0x0:f 0x0:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 0x0:uw dst_a.0",
       SF_ERR_SYNTAX, 1, "only 3D_SAMPLE"},
      {"(P9) sample_3d.R (M1, 16) 0x0:uw S0 T6 dst_f.0", SF_OK, 0, NULL},
      {"(P4096) sample_3d.R (M1, 16) 0x0:uw S0 T6 dst_f.0", SF_ERR_RANGE, 2, "4095"},
      {"(X) sample_3d.R (M1, 16) 0x0:uw S0 T6 dst_f.0", SF_ERR_UNDECLARED, 2, "general variable"},
      {"(P1.some) sample_3d.R (M1, 16) 0x0:uw S0 T6 dst_f.0", SF_ERR_SYNTAX, 5, ".any or .all"},
      {"avs.RGBA T6 S0 0x0:f 0x0:f 0x0:f 0x0:f 0x0:f 0x0:ud 0x0:ud AVS_9x9 0x0:f AVS_16x4 0x0:uw dst_a.0", SF_ERR_SYNTAX,
       60, "AVS_16_FULL"},
      {"avs.RGBA T6 S0 0x0:f 0x0:f 0x0:f 0x0:f 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 0x0:uw dst_a.0", SF_ERR_SYNTAX, 47,
       "found 5"},
      {"avs.RGBA T6 S0 0x0:f 0x0:f 0x0:f 0x0:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x2 0x0:uw dst_a.0", SF_ERR_SYNTAX,
       78, "exec mode"},
      {"sample_3d.R (M1, 16) 0x0:uw S0 T6 dst_f.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0 U.0",
       SF_ERR_RANGE, 103, "at most 15"},
      {"sample_3d.R (M1, 16) 0x0:uw S256 T6 dst_f.0", SF_ERR_RANGE, 29, "does not fit a byte"},
      {"sample_3d.R (M1, 16) -0x1:uw S0 T6 dst_f.0", SF_ERR_SYNTAX, 22, "cannot be negative"},
      {"sample_3d.R (M1, 16) r[X(0),0]<0;1,0>:uw S0 T6 dst_f.0", SF_ERR_UNDECLARED, 24, "address"},
      {"sample_3d.R (M1, 16) A0(0)<3> S0 T6 dst_f.0", SF_ERR_RANGE, 28, "address width"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const err_case *e = &cases[i];
    sf_status st;
    sf_status_clear(&st);
    sf_inst x;
    sf_code r = sf_visa_parse(e->text, strlen(e->text), &k, &x, &st);
    if (e->code == SF_OK) {
      SF_CHECK_MSG(r == SF_OK, "'%s' should parse (P<n> needs no declaration)", e->text);
      continue;
    }
    char b[256];
    SF_CHECK_MSG(r == e->code && st.code == e->code && st.pos_kind == SF_POS_TEXT && st.line == 1 && st.col == e->col &&
                     strstr(st.msg, e->msg),
                 "case %zu '%s': want %s at 1:%u ('%s'), got %s", i, e->text, sf_code_name(e->code), e->col, e->msg,
                 sf_status_format(&st, b, sizeof b));
  }
  /* Caps: a line longer than 4096 characters, and a multi-line string. */
  char *big = malloc(5000);
  memset(big, ' ', 5000);
  memcpy(big, "sample_3d.R", 11);
  sf_status st;
  sf_status_clear(&st);
  sf_inst x;
  SF_CHECK(sf_visa_parse(big, 5000, &k, &x, &st) == SF_ERR_LIMIT);
  free(big);
  sf_status_clear(&st);
  const char *two = "sample_3d.R (M1, 16) 0x0:uw S0 T6 dst_f.0\nsample_3d.R (M1, 16) 0x0:uw S0 T6 dst_f.0";
  SF_CHECK(sf_visa_parse(two, strlen(two), &k, &x, &st) == SF_ERR_SYNTAX && st.line == 2);
  /* Printer errors: fields that no text can hold. */
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_3D;
  x.s3d.num_params = 16;
  char buf[256];
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, NULL, buf, sizeof buf, &st) == SF_ERR_INVALID && buf[0] == 0);
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_UNORM;
  x.unorm.u.cls = SF_VCLS_ADDROF;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, NULL, buf, sizeof buf, &st) == SF_ERR_INVALID);
  x.unorm.u.cls = SF_VCLS_IMMEDIATE;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, NULL, buf, 20, &st) == SF_ERR_LIMIT);
  sf_visa_kernel_free(&k);
}

/* ---- Builders ---------------------------------------------------------------------------------- */

static void test_builders(void) {
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_init(&k, "kern", &st) == SF_OK);
  SF_CHECK_STR(k.strings[k.name_index], "kern");
  /* ids: vars from 32, samplers from 0, surfaces from 6, predicates from 1, addresses from 0 (§2.3) */
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "a", SF_VT_F, 16, 5, &st), 32);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "b", SF_VT_UW, 1, 0, &st), 33);
  SF_CHECK_EQ_U(sf_visa_kernel_add_sampler(&k, "s0", &st), 0);
  SF_CHECK_EQ_U(sf_visa_kernel_add_surface(&k, "t0", &st), 6);
  SF_CHECK_EQ_U(sf_visa_kernel_add_surface(&k, "t1", &st), 7);
  SF_CHECK_EQ_U(sf_visa_kernel_add_pred(&k, "p", 16, &st), 1);
  SF_CHECK_EQ_U(sf_visa_kernel_add_addr(&k, "ad", 2, &st), 0);
  SF_CHECK_EQ_U(k.vars[0].props, 0x57); /* F | GRF << 4 */
  SF_CHECK_STR(sf_visa_var_name(&k, 33), "b");
  SF_CHECK_STR(sf_visa_var_name(&k, 7), "%r0");
  SF_CHECK_STR(sf_visa_var_name(NULL, 0), "%null");
  SF_CHECK(sf_visa_var_name(&k, 34) == NULL);
  SF_CHECK(sf_visa_var_name(&k, 25) == NULL);
  SF_CHECK(sf_visa_kernel_add_string_attr(&k, "OutputAsmPath", "kout", &st) == SF_OK);
  SF_CHECK_EQ_U(k.num_kattrs, 1);
  SF_CHECK_EQ_U(k.attrs[0].size, 4);
  SF_CHECK(memcmp(k.attr_bytes + k.attrs[0].value_off, "kout", 4) == 0);
  SF_CHECK_EQ_U(st.code, SF_OK);
  /* rejected: duplicate names, bad identifiers, zero elements, too many samplers */
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "s0", SF_VT_F, 1, 0, &st) == -1 && st.code == SF_ERR_INVALID);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "9x", SF_VT_F, 1, 0, &st) == -1 && st.code == SF_ERR_INVALID);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "%r9", SF_VT_F, 1, 0, &st) == -1 && st.code == SF_ERR_INVALID);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "z", SF_VT_F, 0, 0, &st) == -1 && st.code == SF_ERR_RANGE);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "z", 16, 1, 0, &st) == -1 && st.code == SF_ERR_RANGE);
  for (int i = 1; i < 31; i++) {
    char nm[8];
    snprintf(nm, sizeof nm, "s%d", i);
    SF_CHECK_EQ_U(sf_visa_kernel_add_sampler(&k, nm, &st), (unsigned)i);
  }
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_sampler(&k, "s31", &st) == -1 && st.code == SF_ERR_LIMIT);
  sf_status_clear(&st);
  char longv[300];
  memset(longv, 'x', sizeof longv - 1);
  longv[sizeof longv - 1] = 0;
  SF_CHECK(sf_visa_kernel_add_string_attr(&k, "Long", longv, &st) == SF_ERR_RANGE);
  sf_inst d3d;
  memset(&d3d, 0, sizeof d3d);
  d3d.family = SF_FAMILY_D3D;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_inst(&k, &d3d, &st) == SF_ERR_INVALID);
  sf_visa_kernel_free(&k);
  SF_CHECK(k.strings == NULL && k.num_vars == 0);
  sf_visa_kernel_free(&k); /* idempotent */
}

/* ---- Property tests ---------------------------------------------------------------------------- */

static uint32_t rn(uint64_t *s, uint32_t n) { return (uint32_t)(sf_t_rand(s) % n); }

static uint32_t rand_var(uint64_t *s) {
  switch (rn(s, 4)) {
    case 0: return rn(s, 32);
    case 1: return 32 + rn(s, 12);
    case 2: return (uint32_t)sf_t_rand(s);
    default: return 32 + rn(s, 4);
  }
}

static uint8_t rand_code(uint64_t *s) { return rn(s, 4) ? (uint8_t)(1 + rn(s, 7)) : (uint8_t)rn(s, 16); }

static sf_region rand_region(uint64_t *s) {
  sf_region r = {rand_code(s), rand_code(s), rand_code(s), rn(s, 8) ? 0 : (uint8_t)rn(s, 16)};
  if (rn(s, 4) == 0) r.vstride = 0;
  if (rn(s, 8) == 0) r.width = 0;
  return r;
}

static void rand_vopnd(uint64_t *s, sf_vopnd *v) {
  static const uint8_t classes[] = {0, 0, 0, 5, 5, 5, 1, 2, 3, 6};
  memset(v, 0, sizeof *v);
  v->cls = classes[rn(s, sizeof classes)];
  v->mod = rn(s, 3) ? 0 : (uint8_t)rn(s, 8);
  v->tag_hi = rn(s, 6) ? 0 : (uint8_t)rn(s, 4);
  v->id = rand_var(s);
  v->row_off = (uint8_t)sf_t_rand(s);
  v->col_off = (uint8_t)sf_t_rand(s);
  v->addr_off = (uint8_t)sf_t_rand(s);
  v->width = rn(s, 3) ? (uint8_t)rn(s, 6) : (uint8_t)sf_t_rand(s);
  v->state_cls = rn(s, 3) ? (uint8_t)rn(s, 2) : (uint8_t)sf_t_rand(s);
  v->imm_off = (int16_t)(uint16_t)sf_t_rand(s);
  v->type = rn(s, 5) ? (uint8_t)rn(s, 16) : (uint8_t)sf_t_rand(s);
  v->region = rand_region(s);
  v->imm = rn(s, 2) ? sf_t_rand(s) : rn(s, 4);
}

static void rand_raw(uint64_t *s, sf_raw *r) {
  r->id = rand_var(s);
  r->off = rn(s, 2) ? (uint16_t)(rn(s, 8) * 32) : (uint16_t)sf_t_rand(s);
}

/* A random instruction with every field in its full stored range, don't-care bits included. */
static void rand_inst(uint64_t *s, sf_inst *x) {
  memset(x, 0, sizeof *x);
  switch (rn(s, 3)) {
    case 0: {
      sf_sample_unorm *u = &x->unorm;
      x->family = SF_FAMILY_SAMPLE_UNORM;
      u->chan_mask = (uint8_t)rn(s, 16);
      u->out_fmt = (uint8_t)rn(s, 4);
      u->chan_hi = (uint8_t)rn(s, 4);
      u->sampler = (uint8_t)sf_t_rand(s);
      u->surface = (uint8_t)sf_t_rand(s);
      rand_vopnd(s, &u->u); rand_vopnd(s, &u->v); rand_vopnd(s, &u->du); rand_vopnd(s, &u->dv);
      rand_raw(s, &u->dst);
      break;
    }
    case 1: {
      sf_sample_3d *t = &x->s3d;
      x->family = SF_FAMILY_SAMPLE_3D;
      t->op = rn(s, 2) ? (uint8_t)rn(s, 0x28) : (uint8_t)sf_t_rand(s);
      t->pixel_null_mask = rn(s, 2);
      t->cps = rn(s, 2);
      t->divs = rn(s, 2);
      t->op_hi = (uint8_t)rn(s, 32);
      t->exec_size = rn(s, 4) ? (uint8_t)rn(s, 6) : (uint8_t)rn(s, 16);
      t->emask = (uint8_t)rn(s, 16);
      if (rn(s, 2)) {
        t->pred.id = (uint16_t)rn(s, 4096);
        t->pred.rsvd = (uint8_t)rn(s, 2);
        t->pred.ctrl = (uint8_t)rn(s, 4);
        t->pred.invert = rn(s, 2);
      }
      t->chan_mask = (uint8_t)rn(s, 16);
      t->chan_hi = (uint8_t)rn(s, 16);
      rand_vopnd(s, &t->aoffimmi);
      t->sampler = (uint8_t)sf_t_rand(s);
      t->surface = (uint8_t)sf_t_rand(s);
      rand_raw(s, &t->dst);
      t->num_params = (uint8_t)rn(s, 16);
      for (unsigned i = 0; i < SF_S3D_MAX_PARAMS; i++) rand_raw(s, &t->params[i]);
      break;
    }
    default: {
      sf_avs *a = &x->avs;
      x->family = SF_FAMILY_AVS;
      a->chan_mask = (uint8_t)rn(s, 16);
      a->chan_hi = (uint8_t)rn(s, 16);
      a->sampler = (uint8_t)sf_t_rand(s);
      a->surface = (uint8_t)sf_t_rand(s);
      rand_vopnd(s, &a->u_off); rand_vopnd(s, &a->v_off); rand_vopnd(s, &a->du); rand_vopnd(s, &a->dv);
      rand_vopnd(s, &a->u2d); rand_vopnd(s, &a->group_id); rand_vopnd(s, &a->vbn);
      a->cntrl = (uint8_t)rn(s, 16);
      a->cntrl_hi = (uint8_t)rn(s, 16);
      rand_vopnd(s, &a->v2d);
      a->exec_mode = (uint8_t)rn(s, 16);
      a->exec_mode_hi = (uint8_t)rn(s, 16);
      rand_vopnd(s, &a->ief_bypass);
      rand_raw(s, &a->dst);
      break;
    }
  }
}

/* A kernel whose names never shadow the V<n>/S<n>/T<n>/P<n>/A<n> spellings. */
static sf_visa_kernel prop_kernel(void) {
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  sf_visa_kernel_init(&k, "prop", &st);
  static const char *const vars[] = {"dst", "coord_u", "coord_v", "lod", "ref", "$tmp", "@x", "_y"};
  for (size_t i = 0; i < 8; i++) sf_visa_kernel_add_var(&k, vars[i], (uint8_t)i, (uint16_t)(16 + i), 5, &st);
  sf_visa_kernel_add_sampler(&k, "smp", &st);
  sf_visa_kernel_add_surface(&k, "tex", &st);
  sf_visa_kernel_add_pred(&k, "flag", 16, &st);
  sf_visa_kernel_add_addr(&k, "addr", 1, &st);
  SF_CHECK_EQ_U(st.code, SF_OK);
  return k;
}

static void property_run(const sf_visa_kernel *k, uint64_t seed, unsigned n) {
  uint64_t s = seed;
  char a[2048], b[2048], eb[256];
  unsigned fails = 0;
  for (unsigned i = 0; i < n && fails < 5; i++) {
    sf_inst raw, x, y;
    rand_inst(&s, &raw);
    x = raw;
    sf_inst_canonicalize(&x);
    sf_status st;
    sf_status_clear(&st);
    if (sf_visa_print(&x, k, a, sizeof a, &st) != SF_OK) {
      fails++;
      SF_CHECK_MSG(0, "print #%u: %s", i, sf_status_format(&st, eb, sizeof eb));
      continue;
    }
    /* the don't-care bits of the raw instruction do not reach the text */
    SF_CHECK(sf_visa_print(&raw, k, b, sizeof b, &st) == SF_OK && strcmp(a, b) == 0);
    if (sf_visa_parse(a, strlen(a), k, &y, &st) != SF_OK) {
      fails++;
      SF_CHECK_MSG(0, "parse #%u '%s': %s", i, a, sf_status_format(&st, eb, sizeof eb));
      continue;
    }
    if (!sf_inst_equal(&x, &y)) {
      fails++;
      SF_CHECK_MSG(0, "#%u '%s' reads back different: %s", i, a, sf_inst_diff(&x, &y, eb, sizeof eb));
      continue;
    }
    SF_CHECK(sf_visa_print(&y, k, b, sizeof b, &st) == SF_OK && strcmp(a, b) == 0);
  }
}

static void test_property_no_kernel(void) { property_run(NULL, 0x5eed0001ull, 20000); }

static void test_property_kernel(void) {
  sf_visa_kernel k = prop_kernel();
  property_run(&k, 0x5eed0002ull, 6000);
  sf_visa_kernel_free(&k);
}

/* Decimal float immediates read exactly: %.9g of random float bits reads back bit-exact (and
 * %.17g for df). */
static void test_float_literals(void) {
  uint64_t s = 0xf10a7ull;
  char line[200], eb[200];
  for (int i = 0; i < 3000; i++) {
    uint32_t bits = (uint32_t)sf_t_rand(&s);
    float f;
    memcpy(&f, &bits, 4);
    if (!isfinite(f)) continue;
    snprintf(line, sizeof line, "sample_unorm.R.16-full S0 T6 %.9e:f 0x0:f 0x0:f 0x0:f V32.0", (double)f);
    sf_inst x;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK_MSG(sf_visa_parse(line, strlen(line), NULL, &x, &st) == SF_OK && x.unorm.u.imm == bits, "%s: %s", line,
                 sf_status_format(&st, eb, sizeof eb));
    uint64_t dbits = sf_t_rand(&s);
    double d;
    memcpy(&d, &dbits, 8);
    if (!isfinite(d)) continue;
    snprintf(line, sizeof line, "sample_unorm.R.16-full S0 T6 %.17e:df 0x0:f 0x0:f 0x0:f V32.0", d);
    sf_status_clear(&st);
    SF_CHECK_MSG(sf_visa_parse(line, strlen(line), NULL, &x, &st) == SF_OK && x.unorm.u.imm == dbits, "%s", line);
  }
}

/* ---- Whole files ------------------------------------------------------------------------------- */

static const char *str_of(const sf_visa_kernel *k, uint32_t i) { return i < k->num_strings ? k->strings[i] : "?"; }

/* Same kernel by content (names compared as strings; string-table order may differ). */
static bool same_kernel(const sf_visa_kernel *a, const sf_visa_kernel *b) {
  if (strcmp(a->name, b->name) || a->num_vars != b->num_vars || a->num_samplers != b->num_samplers ||
      a->num_surfaces != b->num_surfaces || a->num_preds != b->num_preds || a->num_addrs != b->num_addrs ||
      a->num_inputs != b->num_inputs || a->num_kattrs != b->num_kattrs || a->num_insts != b->num_insts)
    return false;
  for (uint32_t i = 0; i < a->num_vars; i++) {
    const sf_visa_var *x = &a->vars[i], *y = &b->vars[i];
    if (strcmp(str_of(a, x->name), str_of(b, y->name)) || x->props != y->props || x->num_elts != y->num_elts ||
        x->alias_index != y->alias_index || x->alias_offset != y->alias_offset)
      return false;
  }
#define SAME_SYMS(arr, n)                                                                              \
  for (uint32_t i = 0; i < a->n; i++)                                                                 \
    if (strcmp(str_of(a, a->arr[i].name), str_of(b, b->arr[i].name)) || a->arr[i].num_elts != b->arr[i].num_elts) \
      return false;
  SAME_SYMS(samplers, num_samplers)
  SAME_SYMS(surfaces, num_surfaces)
  SAME_SYMS(preds, num_preds)
  SAME_SYMS(addrs, num_addrs)
#undef SAME_SYMS
  for (uint32_t i = 0; i < a->num_inputs; i++)
    if (a->inputs[i].kind != b->inputs[i].kind || a->inputs[i].index != b->inputs[i].index ||
        a->inputs[i].offset != b->inputs[i].offset || a->inputs[i].size != b->inputs[i].size)
      return false;
  for (uint32_t i = 0; i < a->num_kattrs; i++) {
    const sf_visa_attr *x = &a->attrs[a->kattr_first + i], *y = &b->attrs[b->kattr_first + i];
    if (strcmp(str_of(a, x->name), str_of(b, y->name)) || x->size != y->size ||
        (x->size && memcmp(a->attr_bytes + x->value_off, b->attr_bytes + y->value_off, x->size)))
      return false;
  }
  for (uint32_t i = 0; i < a->num_insts; i++)
    if (!sf_inst_equal(&a->insts[i], &b->insts[i])) return false;
  if (a->num_rets != b->num_rets) return false;
  for (uint32_t i = 0; i < a->num_rets; i++) {
    const sf_visa_ret *x = &a->rets[i], *y = &b->rets[i];
    if (x->before != y->before || x->exec_size != y->exec_size || x->emask != y->emask || x->pred.id != y->pred.id ||
        x->pred.ctrl != y->pred.ctrl || x->pred.invert != y->pred.invert || x->pred.rsvd != y->pred.rsvd)
      return false;
  }
  return true;
}

static const char multi_file[] =
    ".version 4.1\n"
    "// two kernels, every directive\n"
    ".kernel \"samp\"\n"
    ".kernel_attr OutputAsmPath=\"samp_out\"\n"
    ".kernel_attr Target=\"3d\"\n"
    ".decl smp v_type=S num_elts=1\n"
    ".decl surf v_type=T num_elts=1\n"
    ".decl dst_u v_type=G type=uw num_elts=128 align=GRF\n"
    ".decl al v_type=G type=ud num_elts=16 alias=<dst_u, 64>\n"
    ".decl X v_type=G type=f num_elts=8 align=dword\n"
    ".decl dst_f v_type=G type=f num_elts=128 align=GRF\n"
    ".decl U v_type=G type=f num_elts=16 align=GRF\n"
    ".decl V v_type=G type=f num_elts=16 align=wordx64\n"
    ".decl A0 v_type=A num_elts=1\n"
    ".decl P1 v_type=P num_elts=16\n"
    ".input smp offset=0 size=4\n"
    ".input surf offset=4 size=4\n"
    ".input X offset=32 size=32 kind=2\n"
    "sample_unorm.RGBA.16-full smp surf 0.0:f 0.0:f 0.25:f X(0,0)<0;1,0> dst_u.0   // sampler\n"
    "sample_3d.RGBA (NoMask, 16) 0x0:uw smp surf dst_f.0 U.0 V.0\n"
    "(!P1.all) sample_l.R (M1, 16) 0x0:uw smp surf dst_f.0 U.0 V.0\n"
    "avs.RGBA surf smp 0.0:f 0.0:f 0.1:f 0.1:f 0.0:f 0:ud 0:ud AVS_16_FULL 0.0:f AVS_16x4 0:uw dst_u.0\n"
    "ret (1)\n"
    "(!P1.any) ret (M5_NM, 1)\n"
    "\n"
    ".kernel second_one\n"
    ".decl d v_type=G type=hf num_elts=64\n"
    ".decl s1 v_type=S num_elts=1\n"
    ".decl s2 v_type=S num_elts=2\n"
    ".kernel_attr SimdSize=16\n"
    ".kernel_attr Blob=#00ff22\n"
    "ret (M1, 1)\n"
    "lod.RG (M1, 8) 0x0:uw s2 T1 d.0 d.32\n"
    "sample_po_c.R (M1, 8) 0x0:uw S1 T7 d.0 d.32\n"
    "ret (M1, 1)\n";

static void test_file_roundtrip(void) {
  sf_isa_file f1, f2;
  sf_status st;
  sf_status_clear(&st);
  char eb[256];
  SF_CHECK_MSG(sf_visaasm_parse(multi_file, strlen(multi_file), &f1, &st) == SF_OK, "%s",
               sf_status_format(&st, eb, sizeof eb));
  SF_CHECK_EQ_U(f1.num_kernels, 2);
  SF_CHECK_EQ_U(f1.major, 4);
  SF_CHECK_EQ_U(f1.minor, 1);
  if (f1.num_kernels != 2) return;
  const sf_visa_kernel *k0 = &f1.kernels[0], *k1 = &f1.kernels[1];
  SF_CHECK_STR(k0->name, "samp");
  SF_CHECK_EQ_U(k0->num_insts, 4);
  SF_CHECK_EQ_U(k0->vars[1].alias_index, 32);
  SF_CHECK_EQ_U(k0->vars[1].alias_offset, 64);
  SF_CHECK_EQ_U(k0->vars[2].props, 0x27); /* f, dword */
  SF_CHECK_EQ_U(k0->vars[5].props, 0x97); /* f, wordx64 */
  SF_CHECK_EQ_U(k0->inputs[0].kind, 1);
  SF_CHECK_EQ_U(k0->inputs[1].kind, 2);
  SF_CHECK_EQ_U(k0->inputs[1].index, 6);
  SF_CHECK_EQ_U(k0->inputs[2].kind, 0x10);
  SF_CHECK_EQ_U(k0->inputs[2].index, 34);
  SF_CHECK_EQ_U(k0->num_kattrs, 2);
  SF_CHECK_EQ_U(k0->attrs[1].size, 1); /* Target="3d" is the int 1 */
  SF_CHECK_EQ_U(k0->attr_bytes[k0->attrs[1].value_off], 1);
  SF_CHECK_EQ_U(k0->insts[2].s3d.op, SF_S3D_SAMPLE_L);
  SF_CHECK_EQ_U(k0->insts[3].avs.surface, 6);
  SF_CHECK_STR(k1->name, "second_one");
  SF_CHECK_EQ_U(k1->num_samplers, 2);
  SF_CHECK_EQ_U(k1->samplers[1].num_elts, 2);
  SF_CHECK_EQ_U(k1->insts[0].s3d.sampler, 1);
  SF_CHECK_EQ_U(k1->insts[0].s3d.surface, 1);
  SF_CHECK_EQ_U(k1->insts[1].s3d.op, SF_S3D_SAMPLE_PO_C);
  SF_CHECK_EQ_U(k1->attrs[1].size, 3);
  SF_CHECK_EQ_U(k0->num_rets, 2);
  SF_CHECK_EQ_U(k1->num_rets, 2);
  if (k0->num_rets == 2 && k1->num_rets == 2) {
    SF_CHECK_EQ_U(k0->rets[0].before, 4);
    SF_CHECK_EQ_U(k0->rets[1].emask, 12);
    SF_CHECK_EQ_U(k0->rets[1].pred.ctrl, 1);
    SF_CHECK(k0->rets[1].pred.invert);
    SF_CHECK_EQ_U(k1->rets[0].before, 0);
    SF_CHECK_EQ_U(k1->rets[1].before, 2);
  }

  sf_buf b;
  sf_buf_init(&b, &st);
  SF_CHECK_MSG(sf_visaasm_print(&f1, &b, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_visaasm_parse((const char *)b.data, b.len, &f2, &st) == SF_OK, "%s",
               sf_status_format(&st, eb, sizeof eb));
  SF_CHECK_EQ_U(f2.num_kernels, 2);
  for (uint32_t i = 0; i < 2 && i < f2.num_kernels; i++)
    SF_CHECK_MSG(same_kernel(&f1.kernels[i], &f2.kernels[i]), "kernel %u differs after print/parse", i);
  /* printing again gives the same text */
  sf_buf b2;
  sf_buf_init(&b2, &st);
  SF_CHECK(sf_visaasm_print(&f2, &b2, &st) == SF_OK);
  SF_CHECK_MEM(b.data, b.len, b2.data, b2.len);
  /* IGC's layout: header order, padding to column 80, " /// $N" */
  char *t = calloc(b.len + 1, 1);
  if (!t) return;
  memcpy(t, b.data, b.len);
  static const char head[] = ".version 4.1\n.kernel \"samp\"\n\n/// VISA Predefined Variables\n// .decl V0 v_type=G v_name=%null\n";
  SF_CHECK(strncmp(t, head, strlen(head)) == 0);
  SF_CHECK(strstr(t, "// .decl T5 v_type=T v_name=%scratch\n\n.decl dst_u v_type=G type=uw num_elts=128 align=GRF\n"));
  SF_CHECK(strstr(t, ".decl al v_type=G type=ud num_elts=16 alias=<dst_u, 64>\n"));
  SF_CHECK(strstr(t, ".decl S0 v_type=S num_elts=1 v_name=smp\n.decl T6 v_type=T num_elts=1 v_name=surf\n"));
  SF_CHECK(strstr(t, ".input S0 offset=0 size=4\n.input T6 offset=4 size=4\n.input X offset=32 size=32 kind=2\n"));
  SF_CHECK(strstr(t, ".kernel_attr Target=\"3d\"\n    sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x3e800000:f "
                     "X(0,0)<0;1,0> dst_u.0 /// $0\n"));
  /* the line GenX_IR printed for this instruction (probe of the file header comment), as $1 */
  SF_CHECK(strstr(t, "\n    sample_3d.RGBA (M1_NM, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0                     /// $1\n"));
  SF_CHECK(strstr(t, ".kernel_attr SimdSize=16\n.kernel_attr Blob=#00ff22\n    ret (M1, 1)     "));
  SF_CHECK(strstr(t, "    (!P1.any) ret (M5_NM, 1)                                                     /// $5\n"));
  if (getenv("SF_SHOW")) fputs(t, stdout);
  free(t);
  sf_buf_free(&b);
  sf_buf_free(&b2);
  for (uint32_t i = 0; i < f1.num_kernels; i++) sf_visa_kernel_free(&f1.kernels[i]);
  free(f1.kernels);
  for (uint32_t i = 0; i < f2.num_kernels; i++) sf_visa_kernel_free(&f2.kernels[i]);
  free(f2.kernels);
}

/* Big kernels stay linear (names are hashed): 20,000 declarations and 20,000 instructions. */
static void test_file_scale(void) {
  sf_buf b;
  sf_status st;
  sf_status_clear(&st);
  sf_buf_init(&b, &st);
  char line[160];
  const char *head = ".version 4.1\n.kernel big\n.decl smp v_type=S num_elts=1\n.decl tex v_type=T num_elts=1\n";
  sf_buf_put(&b, head, strlen(head));
  for (int i = 0; i < 20000; i++) {
    snprintf(line, sizeof line, ".decl v%d v_type=G type=f num_elts=16 align=GRF\n", i);
    sf_buf_put(&b, line, strlen(line));
  }
  for (int i = 0; i < 20000; i++) {
    snprintf(line, sizeof line, "sample_3d.R (M1, 16) 0x0:uw smp tex v%d.0 v%d.0 v%d.0\n", i, (i * 7) % 20000,
             (i * 13) % 20000);
    sf_buf_put(&b, line, strlen(line));
  }
  sf_isa_file f;
  char eb[256];
  SF_CHECK_MSG(sf_visaasm_parse((const char *)b.data, b.len, &f, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  if (st.code == SF_OK) {
    SF_CHECK_EQ_U(f.kernels[0].num_vars, 20000);
    SF_CHECK_EQ_U(f.kernels[0].num_insts, 20000);
    SF_CHECK_EQ_U(f.kernels[0].insts[19999].s3d.dst.id, 32 + 19999);
    sf_buf o;
    sf_buf_init(&o, &st);
    SF_CHECK(sf_visaasm_print(&f, &o, &st) == SF_OK);
    sf_buf_free(&o);
    sf_visa_kernel_free(&f.kernels[0]);
    free(f.kernels);
  }
  sf_buf_free(&b);
}

/* A GenX_IR 12504 dump as written (from the probe in the file header comment): the header's last
 * line runs into the first instruction, and lines end in "/// $N". */
static void test_file_igc_dump(void) {
  static const char dump[] =
      ".version 4.1\n.kernel \"k2\"\n\n/// VISA Predefined Variables\n// .decl V0 v_type=G v_name=%null\n\n"
      ".decl dst_u v_type=G type=uw num_elts=128 align=GRF\n.decl X v_type=G type=f num_elts=8 align=dword\n"
      ".decl S0 v_type=S num_elts=1 v_name=smp\n.decl S1 v_type=S num_elts=1 v_name=smp2\n"
      ".decl T6 v_type=T num_elts=1 v_name=surf\n.input S0 offset=0 size=4\n.input T6 offset=4 size=4\n"
      ".input X offset=32 size=32\n"
      ".kernel_attr Target=\"3d\"    sample_unorm.RGBA.16-full S1 T6 0x0:f 0x0:f 0x3e800000:f X(0,0)<0;1,0> dst_u.0 /// $0\n"
      "    ret (M1, 1)                                                                  /// $1\n";
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  char eb[256];
  SF_CHECK_MSG(sf_visaasm_parse(dump, strlen(dump), &f, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  if (st.code != SF_OK) return;
  SF_CHECK_EQ_U(f.num_kernels, 1);
  SF_CHECK_EQ_U(f.kernels[0].num_samplers, 2);
  SF_CHECK_STR(f.kernels[0].strings[f.kernels[0].samplers[1].name], "smp2");
  SF_CHECK_EQ_U(f.kernels[0].num_insts, 1);
  SF_CHECK_EQ_U(f.kernels[0].insts[0].unorm.sampler, 1);
  SF_CHECK_EQ_U(f.kernels[0].num_rets, 1);
  sf_visa_kernel_free(&f.kernels[0]);
  free(f.kernels);
}

static void file_err(const char *text, sf_code code, uint32_t line, uint32_t col, const char *msg) {
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  char eb[256];
  sf_code r = sf_visaasm_parse(text, strlen(text), &f, &st);
  SF_CHECK_MSG(r == code && st.line == line && st.col == col && strstr(st.msg, msg) && f.num_kernels == 0 &&
                   f.kernels == NULL,
               "want %s at %u:%u '%s', got %s", sf_code_name(code), line, col, msg, sf_status_format(&st, eb, sizeof eb));
}

static void test_file_errors(void) {
  file_err("", SF_ERR_SYNTAX, 1, 1, ".version");
  file_err(".kernel k\n", SF_ERR_SYNTAX, 1, 1, ".version");
  file_err(".version 4.1\n.decl x v_type=G type=f num_elts=1\n", SF_ERR_SYNTAX, 2, 1, ".kernel");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G num_elts=1\n", SF_ERR_SYNTAX, 3, 28, "type=");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=Q num_elts=1\n", SF_ERR_SYNTAX, 3, 16, "G, S, T, P or A");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=0\n", SF_ERR_RANGE, 3, 34, "at least 1");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=70000\n", SF_ERR_RANGE, 3, 34, "65535");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1\n.decl x v_type=S\n", SF_ERR_SYNTAX, 4, 7,
           "already declared");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 align=huge\n", SF_ERR_SYNTAX, 3, 42,
           "not an alignment");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 alias=<y, 0>\n", SF_ERR_UNDECLARED, 3, 43,
           "not declared");
  file_err(".version 4.1\n.kernel k\n.input nope offset=0 size=4\n", SF_ERR_UNDECLARED, 3, 8, "not declared");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=P num_elts=1\n.input x offset=0 size=4\n", SF_ERR_UNDECLARED, 4, 8,
           "predicate");
  file_err(".version 4.1\n.kernel k\n.frobnicate\n", SF_ERR_SYNTAX, 3, 1, "unknown directive");
  file_err(".version 4.1\n.kernel k\n\n// fine\nsample_3d.R (M1, 16) 0x0:uw S0 T6 nope.0\n", SF_ERR_UNDECLARED, 5, 35,
           "not declared");
  file_err(".version 4.1\n.kernel k\n.kernel_attr A=\"x\"  avs.R\n", SF_ERR_SYNTAX, 3, 26, "expected a surface");
  file_err(".version 4.1\n.version 4.1\n", SF_ERR_SYNTAX, 2, 1, "only once");
  file_err(".version 4.1\n.kernel \"unterminated\n", SF_ERR_SYNTAX, 2, 9, "unterminated");
  file_err(".version 4.1\n.kernel k\n.decl S3 v_type=S num_elts=1 v_name=s\n", SF_ERR_SYNTAX, 3, 7, "S0");
}

/* Mutated text (byte flips, inserted operator characters, truncation) never crashes the parsers;
 * whatever they accept prints, and reads back to the same instruction. */
static void test_mutations(void) {
  static const char *const seeds[] = {
      "sample_unorm.RGBA.16-full S0 T6 r[A0(0),4]<0;1,0>:f V40(0,0)<1;1,0> (-abs)V41(0,3)<0;1,0> 0.5:f V32.64",
      "(!P1.all) sample_d_c.pixel_null_mask.cps.RG (M5_NM, 8)  0x123:uw S31 TSS %r0.0 V32.32 V33.0 V34.0",
      "avs.RGBA T6 S0 0x0:f 0x0:f 0x3dcccccd:f 0x3dcccccd:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 0x0:uw V34.0",
      "AVS.RGBA S0 T6 0.0:f 0.0:f 0.1:f 0.1:f 0:ud 0:ud AVS_16_FULL 0.0:f AVS_16x4 0:uw V34.0",
  };
  static const char inject[] = "()<>[];,.:#-!~ 0123456789xAPSTVr%e";
  uint64_t s = 0xabcdefull;
  char line[256], out[2048], eb[256];
  unsigned accepted = 0;
  for (unsigned i = 0; i < 20000; i++) {
    const char *seed = seeds[rn(&s, 4)];
    size_t n = strlen(seed);
    memcpy(line, seed, n);
    unsigned edits = 1 + rn(&s, 3);
    for (unsigned e = 0; e < edits; e++) {
      size_t at = rn(&s, (uint32_t)n);
      switch (rn(&s, 4)) {
        case 0: line[at] = inject[rn(&s, sizeof inject - 1)]; break;
        case 1: line[at] = (char)sf_t_rand(&s); break;
        case 2: n = at; break;
        default:
          if (n + 1 < sizeof line) {
            memmove(line + at + 1, line + at, n - at);
            line[at] = inject[rn(&s, sizeof inject - 1)];
            n++;
          }
          break;
      }
      if (n == 0) break;
    }
    sf_inst x, y;
    sf_status st;
    sf_status_clear(&st);
    sf_code r = sf_visa_parse(line, n, NULL, &x, &st);
    if (r != SF_OK) {
      SF_CHECK(st.code == r && st.pos_kind == SF_POS_TEXT && st.line >= 1 && st.col >= 1 && st.msg[0]);
      continue;
    }
    accepted++;
    SF_CHECK_MSG(sf_visa_print(&x, NULL, out, sizeof out, &st) == SF_OK, "%.*s: %s", (int)n, line,
                 sf_status_format(&st, eb, sizeof eb));
    SF_CHECK(sf_visa_parse(out, strlen(out), NULL, &y, &st) == SF_OK && sf_inst_equal(&x, &y));
  }
  SF_CHECK(accepted > 100); /* the mutations do reach the accepting paths */
  /* whole files: truncations of the multi-kernel file at every byte */
  for (size_t cut = 0; cut < sizeof multi_file - 1; cut += 3) {
    sf_isa_file f;
    sf_status st;
    sf_status_clear(&st);
    if (sf_visaasm_parse(multi_file, cut, &f, &st) == SF_OK) {
      sf_buf b;
      sf_buf_init(&b, &st);
      SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_OK);
      sf_buf_free(&b);
      for (uint32_t i = 0; i < f.num_kernels; i++) sf_visa_kernel_free(&f.kernels[i]);
      free(f.kernels);
    } else {
      SF_CHECK(st.pos_kind == SF_POS_TEXT && f.kernels == NULL);
    }
  }
}

/* The printer refuses names that would read back as something else. */
static void test_name_collisions(void) {
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  sf_visa_kernel_init(&k, "c", &st);
  sf_visa_kernel_add_var(&k, "V40", SF_VT_F, 1, 0, &st); /* V32 is named "V40" */
  sf_visa_kernel_add_pred(&k, "P7", 1, &st);            /* P1 is named "P7" */
  sf_inst x;
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_UNORM;
  x.unorm.u.cls = x.unorm.v.cls = x.unorm.du.cls = x.unorm.dv.cls = SF_VCLS_IMMEDIATE;
  x.unorm.surface = 6;
  x.unorm.dst.id = 32;
  char buf[512];
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK);
  SF_CHECK(strstr(buf, " V40.0") != NULL); /* var 32 by its name */
  x.unorm.dst.id = 40;                       /* undeclared: V40 would read back as var 32 */
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_ERR_INVALID);
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_3D;
  x.s3d.pred.id = 7; /* P7 names predicate 1 */
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_ERR_INVALID);
  x.s3d.pred.id = 1;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK && strncmp(buf, "(P1) ", 5) == 0);
  sf_visa_kernel_free(&k);
}

/* Alias targets resolve with the whole kernel's declarations, as the printer checks names
 * (regressions of isa_file_fuzzer crashes isa-text-self-alias-undeclared, -alias-name-V40-shadowed,
 * -alias-predef-V7-vs-r0, -alias-predef-V3-vs-group_id_x). Expected ids: variables are numbered
 * V32, V33, ... in declaration order (docs/visa-binary.md); %r0 is predefined V7 and %group_id_x V3
 * (the predefined table of visa_kernel.c, IGC's order). */
static void test_alias_scope(void) {
  static const char text[] =
      ".version 4.1\n"
      ".kernel k\n"
      ".decl $32 v_type=G type=f num_elts=8 alias=<$32, 0>\n" /* self alias: V32 -> V32 */
      ".decl a v_type=G type=f num_elts=8 alias=<V7, 4>\n"    /* forward: "V7" is declared below (V35) */
      ".decl b v_type=G type=f num_elts=8 alias=<%r0, 0>\n"   /* predefined V7 */
      ".decl V7 v_type=G type=ud num_elts=64\n"
      ".decl c v_type=G type=f num_elts=8 alias=<%group_id_x, 2>\n"
      ".decl d v_type=G type=f num_elts=8 alias=<V40, 0>\n"   /* "V40" is declared below (V39), not V40 */
      ".decl e v_type=G type=f num_elts=8 alias=<V99, 0>\n"   /* no declaration named V99: id 99 */
      ".decl V40 v_type=G type=f num_elts=8\n";
  sf_isa_file f, g;
  sf_status st;
  sf_status_clear(&st);
  char eb[256];
  SF_CHECK_MSG(sf_visaasm_parse(text, strlen(text), &f, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  if (f.num_kernels != 1) return;
  const sf_visa_kernel *k = &f.kernels[0];
  SF_CHECK_EQ_U(k->num_vars, 8);
  static const uint32_t want_alias[8] = {32, 35, 7, 0, 3, 39, 99, 0};
  static const uint16_t want_off[8] = {0, 4, 0, 0, 2, 0, 0, 0};
  for (uint32_t i = 0; i < 8 && i < k->num_vars; i++) {
    SF_CHECK_MSG(k->vars[i].alias_index == want_alias[i] && k->vars[i].alias_offset == want_off[i],
                 "var %u: alias %u+%u, want %u+%u", i, k->vars[i].alias_index, k->vars[i].alias_offset, want_alias[i],
                 want_off[i]);
  }
  sf_buf b1, b2;
  sf_buf_init(&b1, &st);
  sf_buf_init(&b2, &st);
  SF_CHECK(sf_visaasm_print(&f, &b1, &st) == SF_OK);
  SF_CHECK(sf_buf_put(&b1, "", 1)); /* NUL for strstr */
  const char *t1 = (const char *)b1.data;
  SF_CHECK(strstr(t1, ".decl $32 v_type=G type=f num_elts=8 alias=<$32, 0>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl a v_type=G type=f num_elts=8 alias=<V7, 4>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl b v_type=G type=f num_elts=8 alias=<%r0, 0>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl c v_type=G type=f num_elts=8 alias=<%group_id_x, 2>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl d v_type=G type=f num_elts=8 alias=<V40, 0>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl e v_type=G type=f num_elts=8 alias=<V99, 0>\n") != NULL);
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_visaasm_parse(t1, b1.len - 1, &g, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  SF_CHECK(sf_visaasm_print(&g, &b2, &st) == SF_OK);
  SF_CHECK_MEM(b1.data, b1.len - 1, b2.data, b2.len);
  sf_isa_free(&g);
  /* an alias to V40 (undeclared id) while a variable is named "V40" has no spelling: refused */
  sf_visa_kernel *km = &f.kernels[0];
  km->vars[6].alias_index = 40;
  sf_buf b3;
  sf_buf_init(&b3, &st);
  sf_status_clear(&st);
  SF_CHECK(sf_visaasm_print(&f, &b3, &st) == SF_ERR_INVALID && strstr(st.msg, "V40") != NULL);
  sf_buf_free(&b1);
  sf_buf_free(&b2);
  sf_buf_free(&b3);
  sf_isa_free(&f);
  /* an undeclared alias target is still an error at the name's line:col */
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 alias=<y, 0>\n.decl z v_type=P num_elts=1\n",
           SF_ERR_UNDECLARED, 3, 43, "not declared");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 alias=<z, 0>\n.decl z v_type=P num_elts=1\n",
           SF_ERR_UNDECLARED, 3, 43, "predicate");
  /* each kernel resolves with its own names: 'y' of the second kernel is not visible in the first */
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 alias=<y, 0>\n.kernel k2\n"
           ".decl y v_type=G type=f num_elts=1\n",
           SF_ERR_UNDECLARED, 3, 43, "not declared");
}

/* Predicate-class operands and instruction predicates print as P<id> when that reads back, else by
 * the declared name, else the printer refuses (regressions of isa_file_fuzzer crashes
 * isa-text-pred-operand-P0-reparses-as-P1 and -name-collides-with-sampler-P7). */
static void test_pred_operand_names(void) {
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  sf_visa_kernel_init(&k, "p", &st);
  SF_CHECK(sf_visa_kernel_add_pred(&k, "P0", 1, &st) == 1);          /* P1 is named "P0" */
  SF_CHECK(sf_visa_kernel_add_pred(&k, "flag", 1, &st) == 2);        /* P2 is named "flag" */
  SF_CHECK(sf_visa_kernel_add_pred(&k, "AVS_8_FULL", 1, &st) == 3);  /* P3: a name AVS reads as a keyword */
  SF_CHECK(sf_visa_kernel_add_sampler(&k, "P7", &st) == 0);          /* sampler S0 is named "P7" */
  SF_CHECK(sf_visa_kernel_add_var(&k, "P2", SF_VT_F, 1, 0, &st) == 32);
  SF_CHECK(sf_visa_kernel_add_var(&k, "P3", SF_VT_F, 1, 0, &st) == 33);
  SF_CHECK(sf_visa_kernel_add_surface(&k, "surf", &st) == 6);
  sf_inst x;
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_AVS;
  sf_vopnd *ops[] = {&x.avs.u_off, &x.avs.v_off, &x.avs.du, &x.avs.dv, &x.avs.u2d, &x.avs.group_id, &x.avs.vbn,
                     &x.avs.v2d, &x.avs.ief_bypass};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) ops[i]->cls = SF_VCLS_IMMEDIATE;
  x.avs.surface = 6;
  x.avs.dst.id = 32;
  x.avs.u_off.cls = SF_VCLS_PREDICATE;
  static const struct {
    uint16_t id;
    const char *want; /* NULL: refused */
  } cases[] = {{1, " P1 "},    /* "P1" is no declared name: the fallback reads back */
               {2, " flag "},  /* "P2" is a variable: the declared name */
               {0, NULL},      /* "P0" names P1, and P0 has no declaration */
               {7, NULL},      /* "P7" is a sampler, P7 is not declared */
               {3, NULL},      /* "P3" is a variable and "AVS_8_FULL" would end the operand list */
               {9, " P9 "}};
  char buf[512], eb[256];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    x.avs.u_off.id = cases[i].id;
    sf_status_clear(&st);
    sf_code r = sf_visa_print(&x, &k, buf, sizeof buf, &st);
    if (!cases[i].want) {
      SF_CHECK_MSG(r == SF_ERR_INVALID && st.msg[0], "P%u: %s", cases[i].id, sf_status_format(&st, eb, sizeof eb));
      continue;
    }
    SF_CHECK_MSG(r == SF_OK && strstr(buf, cases[i].want), "P%u: %s", cases[i].id, buf);
    sf_inst y;
    SF_CHECK_MSG(sf_visa_parse(buf, strlen(buf), &k, &y, &st) == SF_OK && sf_inst_equal(&x, &y), "%s: %s", buf,
                 sf_status_format(&st, eb, sizeof eb));
  }
  /* the instruction predicate of 3D_SAMPLE uses the same rule */
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_3D;
  x.s3d.aoffimmi.cls = SF_VCLS_IMMEDIATE;
  x.s3d.surface = 6;
  x.s3d.dst.id = 32;
  x.s3d.pred.id = 2;
  x.s3d.pred.invert = 1;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK && strncmp(buf, "(!flag) ", 8) == 0);
  sf_inst y;
  SF_CHECK(sf_visa_parse(buf, strlen(buf), &k, &y, &st) == SF_OK && sf_inst_equal(&x, &y));
  x.s3d.pred.id = 3; /* in the predicate slot a keyword-like name would read, but the rule is one for both */
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_ERR_INVALID);
  sf_visa_kernel_free(&k);
  /* samplers, surfaces and addresses whose S<n> / T<n> / A<n> is another symbol's name print by
   * their declared names (the same rule) */
  sf_visa_kernel_init(&k, "q", &st);
  SF_CHECK(sf_visa_kernel_add_sampler(&k, "smp", &st) == 0);
  SF_CHECK(sf_visa_kernel_add_surface(&k, "img", &st) == 6);
  SF_CHECK(sf_visa_kernel_add_addr(&k, "ad", 1, &st) == 0);
  SF_CHECK(sf_visa_kernel_add_var(&k, "S0", SF_VT_F, 8, 0, &st) == 32);
  SF_CHECK(sf_visa_kernel_add_var(&k, "T6", SF_VT_F, 8, 0, &st) == 33);
  SF_CHECK(sf_visa_kernel_add_var(&k, "A0", SF_VT_F, 8, 0, &st) == 34);
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_UNORM;
  x.unorm.sampler = 0;
  x.unorm.surface = 6;
  x.unorm.u.cls = SF_VCLS_ADDRESS;
  x.unorm.v.cls = SF_VCLS_STATE;
  x.unorm.v.state_cls = 1;
  x.unorm.du.cls = SF_VCLS_INDIRECT;
  x.unorm.dv.cls = SF_VCLS_IMMEDIATE;
  x.unorm.dst.id = 32;
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  SF_CHECK_MSG(strncmp(buf, "sample_unorm.ch0.16-full smp img ad(0)<1> smp(0) r[ad(0),0]", 59) == 0, "%s", buf);
  SF_CHECK(sf_visa_parse(buf, strlen(buf), &k, &y, &st) == SF_OK && sf_inst_equal(&x, &y));
  x.unorm.sampler = 1; /* "S1" is free: the fallback spelling is kept */
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK && strncmp(buf, "sample_unorm.ch0.16-full S1 img", 31) == 0);
  sf_visa_kernel_free(&k);
}

int main(void) {
  SF_RUN(test_kat_reference_lines);
  SF_RUN(test_kat_genx_ir);
  SF_RUN(test_spec_forms);
  SF_RUN(test_operand_forms);
  SF_RUN(test_every_subop);
  SF_RUN(test_errors);
  SF_RUN(test_builders);
  SF_RUN(test_property_no_kernel);
  SF_RUN(test_property_kernel);
  SF_RUN(test_float_literals);
  SF_RUN(test_file_roundtrip);
  SF_RUN(test_file_igc_dump);
  SF_RUN(test_file_scale);
  SF_RUN(test_file_errors);
  SF_RUN(test_name_collisions);
  SF_RUN(test_alias_scope);
  SF_RUN(test_pred_operand_names);
  SF_RUN(test_mutations);
  SF_TEST_END();
}
