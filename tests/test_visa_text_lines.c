/* test_visa_text_lines.c — single instruction lines through the vISA text parser and printer
 * (harness/visa/visa_*.c, the text codec): known answers, every operand spelling, every 3D sub-op
 * byte, and the parse/print errors with their line:col.
 *
 * Known answers come from two places, named at each table: the printed lines of
 * docs/visa-text.md, and lines that the real GenX_IR 12504 printed on this machine
 * (`GenX_IR t.visaasm -platform SKL -stopafter CFG -dumpcommonisa`, input shown beside each).
 * The other parts of the text codec's tests are test_visa_text_file.c (whole .visaasm files),
 * test_visa_text_names.c (kernel builders and declared names) and test_visa_text_props.c
 * (seeded random and mutated inputs). */
#include "oracles/checks/visa_known_lines.h"
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
  /* tag_hi's number with leading zeros, up to the ten digits of every decimal field: the word in
   * parentheses is read to its ')', whatever its length */
  roundtrip_line(&k, "sample_unorm.R.16-full S0 T6 (tag_hi=0000000003)(-)0x1:ud 0x0:f 0x0:f 0x0:f dst_u.0",
                 "sample_unorm.R.16-full S0 T6 (tag_hi=3)(-)0x1:ud 0x0:f 0x0:f 0x0:f dst_u.0", NULL);
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
  /* spelled-out expectations, shared with the fuzz targets' `s3d_names` (visa_known_lines.h) */
  for (size_t i = 0; i < sizeof SF_VISA_KNOWN_S3D_NAMES / sizeof SF_VISA_KNOWN_S3D_NAMES[0]; i++) {
    const sf_visa_known_s3d_name *nm = &SF_VISA_KNOWN_S3D_NAMES[i];
    sf_inst x;
    memset(&x, 0, sizeof x);
    x.family = SF_FAMILY_SAMPLE_3D;
    x.s3d.op = nm->op;
    SF_CHECK(sf_visa_print(&x, NULL, buf, sizeof buf, &st) == SF_OK);
    SF_CHECK_MSG(strncmp(buf, nm->prefix, strlen(nm->prefix)) == 0, "%s vs %s", buf, nm->prefix);
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
      /* a vISA instruction without a text form here: unsupported, naming it, not a syntax error */
      {"raw_send.1 (M1, 16) 0x0 0x0 V33.0 V34.0", SF_UNSUPPORTED, 1, "'raw_send' (vISA opcode 0x5d)"},
      {"gather4_3d.R (M1, 16) 0x0:uw S0 T6 V33.0 V34.0", SF_UNSUPPORTED, 1, "no text form"},
      /* one with a text form in kernels, but not a sample-family instruction */
      {"media_ld.nomod (32,1) T6 0 0x0:ud 0x0:ud V33.0", SF_UNSUPPORTED, 1, "not a sample-family instruction"},
      {"va.minmax T6 0x0:f 0x0:f VA_MIN_ENABLE V33.0", SF_UNSUPPORTED, 1, "'va' (vISA opcode 0x44) is not a sample-family"},
      /* LSC: by operation (lsc_load, a sub-op row) and by row (lsc_fence), both read by whole kernels;
       * an lsc_ word that is neither names nothing */
      {"lsc_load.ugm (M1, 16) V33:u32 flat[V34]:a64", SF_UNSUPPORTED, 1, "'lsc_load' (vISA opcode 0x89) is not a sample-family"},
      {"lsc_fence.ugm.none.group", SF_UNSUPPORTED, 1, "'lsc_fence' (vISA opcode 0x8b) is not a sample-family"},
      {"lsc_loadx.ugm (M1, 16) V33:u32 flat[V34]:a64", SF_ERR_SYNTAX, 1, "unknown instruction"},
      {"add (M1, 16) V33(0,0)<1> V33(0,0)<1;1,0> 0x1:d", SF_UNSUPPORTED, 1, "not a sample-family instruction"},
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
      /* a '#' code past its bound: at the code's first character after the '#', in the same words,
       * decimal or hex */
      {"sample_3d.R (M1, #16) 0x0:uw S0 T6 dst_f.0", SF_ERR_RANGE, 19, "execution size must be at most 15"},
      {"sample_3d.R (M1, #0x10) 0x0:uw S0 T6 dst_f.0", SF_ERR_RANGE, 19, "execution size must be at most 15"},
      {"sample_3d.R (M1, 16) 0x0:#256 S0 T6 dst_f.0", SF_ERR_RANGE, 27, "type must be at most 255"},
      {"sample_3d.R (M1, 16) 0x0:#0x100 S0 T6 dst_f.0", SF_ERR_RANGE, 27, "type must be at most 255"},
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
  /* an execution size code or an emask past 4 bits, each alone */
  for (int which = 0; which < 2; which++) {
    memset(&x, 0, sizeof x);
    x.family = SF_FAMILY_SAMPLE_3D;
    x.s3d.num_params = 1;
    x.s3d.exec_size = which ? 4 : 16;
    x.s3d.emask = which ? 16 : 0;
    sf_status_clear(&st);
    SF_CHECK_MSG(sf_visa_print(&x, NULL, buf, sizeof buf, &st) == SF_ERR_INVALID && strstr(st.msg, "4 bits"), "%s", st.msg);
  }
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

int main(void) {
  SF_RUN(test_kat_reference_lines);
  SF_RUN(test_kat_genx_ir);
  SF_RUN(test_spec_forms);
  SF_RUN(test_operand_forms);
  SF_RUN(test_every_subop);
  SF_RUN(test_errors);
  SF_TEST_END();
}
