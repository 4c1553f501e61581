/* test_visa_bin_kat.c — known answers for the vISA v4.1 instruction codec
 * (harness/visa/visa_bin.c; docs/visa-binary.md): the documented byte examples, then one case per
 * stored field and the operand length of each class.
 *
 * Expected bytes come from docs/visa-binary.md: §4.1/§4.2/§4.3 are IGC 12504's own bytes
 * (GenX_IR from .visaasm text) or encodings GenX_IR accepted and disassembled; §3 gives the
 * predicate words, exec byte, region word and tag byte. Per-field expectations are derived from the
 * bit layouts in §3/§4 and are written out by hand (not computed by the code under test). Error
 * paths are in test_visa_bin_errors.c, random and mutated round trips in test_visa_bin_props.c. */
#include "tests/test_visa_bin_util.h"

/* Encodes `in`, compares with `want`, decodes `want` and compares with `in`. */
static void check_kat(const sf_inst *in, const char *want_hex) {
  uint8_t want[256];
  size_t n = sf_t_hex(want_hex, want, sizeof want);
  sf_buf b;
  encode_ok(in, &b);
  SF_CHECK_MEM(b.data, b.len, want, n);
  sf_buf_free(&b);
  sf_inst out;
  size_t used = 0;
  sf_status st;
  sf_status_clear(&st);
  sf_code c = sf_visa_decode(want, n, 0, &out, &used, &st);
  char m[256];
  SF_CHECK_MSG(c == SF_OK, "%s", sf_status_format(&st, m, sizeof m));
  SF_CHECK_EQ_U(used, n);
  char d[200];
  SF_CHECK_MSG(sf_inst_equal(&out, in), "%s", sf_inst_diff(&out, in, d, sizeof d));
}

/* ---- known answers: docs/visa-binary.md ------------------------------------------------------- */

static void kat_unorm_example(void) {
  sf_inst in = unorm_example();
  check_kat(&in, UNORM_EXAMPLE_HEX);
}

/* §4.1 channel bytes from text: .R.16-full 01, .GA.16-downsampled 1a, .BA.8-full 2c, .RGB.8-downsampled 37. */
static void kat_unorm_channel_bytes(void) {
  static const struct { uint8_t mask, fmt, byte; } t[] = {
      {0x1, SF_UNORM_16_FULL, 0x01}, {0xA, SF_UNORM_16_DOWNSAMPLED, 0x1a},
      {0xC, SF_UNORM_8_FULL, 0x2c},  {0x7, SF_UNORM_8_DOWNSAMPLED, 0x37}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    sf_inst in = unorm_example();
    in.unorm.chan_mask = t[i].mask;
    in.unorm.out_fmt = t[i].fmt;
    char h[160];
    snprintf(h, sizeof h, "41 %02x 00 06 05 07 00000000 05 07 00000000 05 07 0000803e 00 26000000 00 00 2101 20000000 0000",
             t[i].byte);
    check_kat(&in, h);
  }
}

static void kat_avs_example(void) {
  sf_inst in = avs_example();
  check_kat(&in, AVS_EXAMPLE_HEX);
}

/* §4.2: AVS_16_DOWN_SAMPLE ... AVS_16x8 -> cntrl byte 01 and execMode byte 02. */
static void kat_avs_cntrl_execmode(void) {
  sf_inst in = avs_example();
  in.avs.cntrl = SF_UNORM_16_DOWNSAMPLED;
  in.avs.exec_mode = SF_AVS_16x8;
  check_kat(&in, "43 0f 00 06 | 0507 00000000 | 0507 00000000 | 0507 cdcccc3d | 0507 cdcccc3d | 0507 00000000 |"
                 " 0500 00000000 | 0500 00000000 | 01 | 0507 00000000 | 02 | 0502 00000000 | 22000000 0000");
}

static void kat_s3d_example(void) {
  sf_inst in = s3d_example();
  check_kat(&in, S3D_EXAMPLE_HEX);
}

/* §4.3 sample_l.R (M1,16) ... dst_f.0 L.0 U.0 V.0 (L = V37). */
static void kat_s3d_sample_l(void) {
  sf_inst in = s3d_example();
  in.s3d.op = SF_S3D_SAMPLE_L;
  in.s3d.chan_mask = 0x1;
  in.s3d.num_params = 3;
  in.s3d.params[0] = raw(37, 0);
  in.s3d.params[1] = raw(35, 0);
  in.s3d.params[2] = raw(36, 0);
  check_kat(&in, "6d 0200 04 0000 01 05 02 00000000 00 06 21000000 0000 03 25000000 0000 23000000 0000 24000000 0000");
}

/* §4.3: sample_3d.pixel_null_mask.cps -> op word 0x0300 (bytes 00 03). */
static void kat_s3d_pnm_cps(void) {
  sf_inst in = s3d_example();
  in.s3d.pixel_null_mask = true;
  in.s3d.cps = true;
  check_kat(&in, "6d 0003 04 0000 0f 05 02 00000000 00 06 21000000 0000 02 23000000 0000 24000000 0000");
}

/* §4.3: (M5, 8) -> exec byte 0x43; (NoMask,16) = M1_NM -> 0x84. */
static void kat_s3d_exec_byte(void) {
  sf_inst in = s3d_example();
  in.s3d.exec_size = 3; /* 8 */
  in.s3d.emask = 4;     /* M5 */
  check_kat(&in, "6d 0000 43 0000 0f 05 02 00000000 00 06 21000000 0000 02 23000000 0000 24000000 0000");
  in = s3d_example();
  in.s3d.emask = 8; /* M1_NM */
  check_kat(&in, "6d 0000 84 0000 0f 05 02 00000000 00 06 21000000 0000 02 23000000 0000 24000000 0000");
}

/* §3: (P1) 01 00, (!P1) 01 80, (P1.any) 01 20, (!P1.all) 01 c0. */
static void kat_s3d_pred_words(void) {
  static const struct { bool inv; uint8_t ctrl; const char *w; } t[] = {
      {false, 0, "01 00"}, {true, 0, "01 80"}, {false, 1, "01 20"}, {true, 2, "01 c0"}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    sf_inst in = s3d_example();
    in.s3d.pred.id = 1;
    in.s3d.pred.invert = t[i].inv;
    in.s3d.pred.ctrl = t[i].ctrl;
    char h[200];
    snprintf(h, sizeof h, "6d 0000 04 %s 0f 05 02 00000000 00 06 21000000 0000 02 23000000 0000 24000000 0000", t[i].w);
    check_kat(&in, h);
  }
}

/* §4.3: aoffimmi as a variable XW(0,0)<0;1,0> (XW = V42) and as the immediate 0x123:ud. */
static void kat_s3d_aoffimmi(void) {
  sf_inst in = s3d_example();
  in.s3d.aoffimmi = gen(42, 0, 0, 1, 2, 1);
  check_kat(&in, "6d 0000 04 0000 0f 00 2a000000 00 00 2101 00 06 21000000 0000 02 23000000 0000 24000000 0000");
  in = s3d_example();
  in.s3d.aoffimmi = imm(SF_VT_UD, 0x123);
  check_kat(&in, "6d 0000 04 0000 0f 05 00 23010000 00 06 21000000 0000 02 23000000 0000 24000000 0000");
}

/* ---- one test per field --------------------------------------------------------------------- */

/* Each case sets one field of a base instruction and states the bytes expected at `off`. The base
 * instructions use immediates of type F (6 bytes), so the offsets are fixed:
 *   UNORM: 41 ch smp surf | U@4 V@10 dU@16 dV@22 (6 each) | dst@28 (id 4, off 2) = 34 bytes
 *   AVS:   43 ch smp surf | u@4 v@10 du@16 dv@22 u2d@28 gid@34 vbn@40 | cntrl@46 | v2d@47 |
 *          execMode@53 | ief@54 | dst@60 = 66 bytes
 *   3D:    6d op@1(2) exec@3 pred@4(2) ch@6 | aoffimmi@7 (6) | smp@13 surf@14 | dst@15 | n@21 |
 *          params@22, 28, ... */
typedef void (*setter)(sf_inst *);
typedef struct field_case {
  const char *name;
  sf_family fam;
  setter set;
  size_t off;
  const char *bytes;
} field_case;

/* A distinctive general operand: V0x04030201(5,6)<1;2,4> hi=0xC, tag: mod (-abs), tag_hi 2.
 * tag = 0 | 3<<3 | 2<<6 = 0x98; region = 0xC ^ ... = vs 3 | w 4<<4 | hs 5<<8 | 0xC<<12 = 0xC543. */
static sf_vopnd distinct_gen(void) {
  sf_vopnd o = gen(0x04030201u, 5, 6, 3, 4, 5);
  o.mod = SF_VMOD_NEGABS;
  o.tag_hi = 2;
  o.region.hi = 0xC;
  return o;
}
#define DISTINCT_GEN_HEX "98 01020304 05 06 43c5"

#define SETTER(nm, stmt) \
  static void nm(sf_inst *i) { stmt; }

SETTER(u_chan_mask, i->unorm.chan_mask = 0xA)
SETTER(u_out_fmt, i->unorm.out_fmt = 3)
SETTER(u_chan_hi, i->unorm.chan_hi = 2)
SETTER(u_sampler, i->unorm.sampler = 0x1f)
SETTER(u_surface, i->unorm.surface = 0xfe)
SETTER(u_u, i->unorm.u = distinct_gen())
SETTER(u_v, i->unorm.v = distinct_gen())
SETTER(u_du, i->unorm.du = distinct_gen())
SETTER(u_dv, i->unorm.dv = distinct_gen())
SETTER(u_dst_id, i->unorm.dst.id = 0xA1B2C3D4u)
SETTER(u_dst_off, i->unorm.dst.off = 0xBEEF)

SETTER(a_chan_mask, i->avs.chan_mask = 0x9)
SETTER(a_chan_hi, i->avs.chan_hi = 0xF)
SETTER(a_sampler, i->avs.sampler = 0x1f)
SETTER(a_surface, i->avs.surface = 0x07)
SETTER(a_u_off, i->avs.u_off = distinct_gen())
SETTER(a_v_off, i->avs.v_off = distinct_gen())
SETTER(a_du, i->avs.du = distinct_gen())
SETTER(a_dv, i->avs.dv = distinct_gen())
SETTER(a_u2d, i->avs.u2d = distinct_gen())
SETTER(a_group_id, i->avs.group_id = distinct_gen())
SETTER(a_vbn, i->avs.vbn = distinct_gen())
SETTER(a_cntrl, i->avs.cntrl = 3)
SETTER(a_cntrl_hi, i->avs.cntrl_hi = 1)
SETTER(a_v2d, i->avs.v2d = distinct_gen())
SETTER(a_exec_mode, i->avs.exec_mode = 3)
SETTER(a_exec_mode_hi, i->avs.exec_mode_hi = 0xA)
SETTER(a_ief, i->avs.ief_bypass = distinct_gen())
SETTER(a_dst_id, i->avs.dst.id = 0x11223344u)
SETTER(a_dst_off, i->avs.dst.off = 0x0102)

SETTER(s_op, i->s3d.op = SF_S3D_SAMPLE_D_C)
SETTER(s_pnm, i->s3d.pixel_null_mask = true)
SETTER(s_cps, i->s3d.cps = true)
SETTER(s_divs, i->s3d.divs = true)
SETTER(s_op_hi, i->s3d.op_hi = 0x1f)
SETTER(s_exec_size, i->s3d.exec_size = 5)
SETTER(s_emask, i->s3d.emask = 0xF)
SETTER(s_pred_id, i->s3d.pred.id = 0xABC)
SETTER(s_pred_rsvd, i->s3d.pred.rsvd = 1)
SETTER(s_pred_ctrl, i->s3d.pred.ctrl = 3)
SETTER(s_pred_invert, i->s3d.pred.invert = true)
SETTER(s_chan_mask, i->s3d.chan_mask = 0x6)
SETTER(s_chan_hi, i->s3d.chan_hi = 0x5)
SETTER(s_aoffimmi, i->s3d.aoffimmi = distinct_gen())
SETTER(s_sampler, i->s3d.sampler = 0x1f)
SETTER(s_surface, i->s3d.surface = 0x03)
SETTER(s_dst_id, i->s3d.dst.id = 0xCAFEF00Du)
SETTER(s_dst_off, i->s3d.dst.off = 0x1000)
SETTER(s_num_params_0, i->s3d.num_params = 0)
SETTER(s_num_params_15, { i->s3d.num_params = 15; for (unsigned k = 0; k < 15; k++) i->s3d.params[k] = raw(40 + k, (uint16_t)(k * 32)); })
SETTER(s_param0_id, i->s3d.params[0].id = 0x00FFEE01u)
SETTER(s_param0_off, i->s3d.params[0].off = 0x0020)

/* Vector-operand class fields, on UNORM's U (offset 4). Total lengths per §3 table. */
SETTER(v_gen_id, { i->unorm.u = gen(0x12345678u, 0, 0, 1, 2, 1); })
SETTER(v_gen_row, { i->unorm.u = gen(32, 0x7f, 0, 1, 2, 1); })
SETTER(v_gen_col, { i->unorm.u = gen(32, 0, 0x33, 1, 2, 1); })
SETTER(v_gen_vstride, { i->unorm.u = gen(32, 0, 0, 7, 0, 0); })
SETTER(v_gen_width, { i->unorm.u = gen(32, 0, 0, 0, 6, 0); })
SETTER(v_gen_hstride, { i->unorm.u = gen(32, 0, 0, 0, 0, 4); })
SETTER(v_gen_region_hi, { i->unorm.u = gen(32, 0, 0, 0, 0, 0); i->unorm.u.region.hi = 0xF; })
SETTER(v_mod_abs, { i->unorm.u = gen(32, 0, 0, 1, 2, 1); i->unorm.u.mod = SF_VMOD_ABS; })
SETTER(v_mod_neg, { i->unorm.u = gen(32, 0, 0, 1, 2, 1); i->unorm.u.mod = SF_VMOD_NEG; })
SETTER(v_mod_sat, { i->unorm.u = gen(32, 0, 0, 1, 2, 1); i->unorm.u.mod = SF_VMOD_SAT; })
SETTER(v_mod_not, { i->unorm.u = gen(32, 0, 0, 1, 2, 1); i->unorm.u.mod = SF_VMOD_NOT; })
SETTER(v_mod_7, { i->unorm.u = gen(32, 0, 0, 1, 2, 1); i->unorm.u.mod = 7; })
SETTER(v_tag_hi, { i->unorm.u = imm(SF_VT_F, 0); i->unorm.u.tag_hi = 3; })
SETTER(v_addr, { i->unorm.u = vo(SF_VCLS_ADDRESS); i->unorm.u.id = 0xBEEF; i->unorm.u.addr_off = 0x12; i->unorm.u.width = 0x34; })
SETTER(v_pred, { i->unorm.u = vo(SF_VCLS_PREDICATE); i->unorm.u.id = 0xC005; })
SETTER(v_ind, {
  sf_vopnd o = vo(SF_VCLS_INDIRECT);
  o.id = 0x0102; o.addr_off = 0x03; o.imm_off = -2; o.type = 0x17; o.region.vstride = 1; o.region.width = 2; o.region.hstride = 3;
  o.region.hi = 0x9; o.mod = SF_VMOD_NEG;
  i->unorm.u = o;
})
SETTER(v_imm_f, i->unorm.u = imm(SF_VT_F, 0x3f800000u))
SETTER(v_imm_type_hi, i->unorm.u = imm(0xF7, 0x1))
SETTER(v_imm_df, i->unorm.u = imm(SF_VT_DF, 0x3ff0000000000001ull))
SETTER(v_imm_uq, i->unorm.u = imm(SF_VT_UQ, 0x8877665544332211ull))
SETTER(v_imm_q, i->unorm.u = imm(SF_VT_Q, 0xFFFFFFFFFFFFFFFEull))
SETTER(v_imm_df_type_hi, i->unorm.u = imm(0x16, 0x0102030405060708ull))
SETTER(v_state, { i->unorm.u = vo(SF_VCLS_STATE); i->unorm.u.state_cls = 1; i->unorm.u.id = 0x0203; i->unorm.u.addr_off = 0x44; })
SETTER(v_state_cls_odd, { i->unorm.u = vo(SF_VCLS_STATE); i->unorm.u.state_cls = 0x9; })

static const field_case FIELD_CASES[] = {
    /* SAMPLE_UNORM */
    {"unorm.chan_mask", SF_FAMILY_SAMPLE_UNORM, u_chan_mask, 0, "41 0a"},
    {"unorm.out_fmt", SF_FAMILY_SAMPLE_UNORM, u_out_fmt, 1, "31"},
    {"unorm.chan_hi", SF_FAMILY_SAMPLE_UNORM, u_chan_hi, 1, "81"},
    {"unorm.sampler", SF_FAMILY_SAMPLE_UNORM, u_sampler, 2, "1f 06"},
    {"unorm.surface", SF_FAMILY_SAMPLE_UNORM, u_surface, 2, "00 fe"},
    {"unorm.u", SF_FAMILY_SAMPLE_UNORM, u_u, 4, DISTINCT_GEN_HEX " 05 07"},
    {"unorm.v", SF_FAMILY_SAMPLE_UNORM, u_v, 10, DISTINCT_GEN_HEX " 05 07"},
    {"unorm.du", SF_FAMILY_SAMPLE_UNORM, u_du, 16, DISTINCT_GEN_HEX " 05 07"},
    {"unorm.dv", SF_FAMILY_SAMPLE_UNORM, u_dv, 22, DISTINCT_GEN_HEX " 20000000 0000"},
    {"unorm.dst.id", SF_FAMILY_SAMPLE_UNORM, u_dst_id, 28, "d4c3b2a1 0000"},
    {"unorm.dst.off", SF_FAMILY_SAMPLE_UNORM, u_dst_off, 28, "20000000 efbe"},
    /* AVS */
    {"avs.chan_mask", SF_FAMILY_AVS, a_chan_mask, 0, "43 09"},
    {"avs.chan_hi", SF_FAMILY_AVS, a_chan_hi, 1, "f1"},
    {"avs.sampler", SF_FAMILY_AVS, a_sampler, 2, "1f 06"},
    {"avs.surface", SF_FAMILY_AVS, a_surface, 2, "00 07"},
    {"avs.u_off", SF_FAMILY_AVS, a_u_off, 4, DISTINCT_GEN_HEX " 05 07"},
    {"avs.v_off", SF_FAMILY_AVS, a_v_off, 10, DISTINCT_GEN_HEX " 05 07"},
    {"avs.du", SF_FAMILY_AVS, a_du, 16, DISTINCT_GEN_HEX " 05 07"},
    {"avs.dv", SF_FAMILY_AVS, a_dv, 22, DISTINCT_GEN_HEX " 05 07"},
    {"avs.u2d", SF_FAMILY_AVS, a_u2d, 28, DISTINCT_GEN_HEX " 05 07"},
    {"avs.group_id", SF_FAMILY_AVS, a_group_id, 34, DISTINCT_GEN_HEX " 05 07"},
    {"avs.vbn", SF_FAMILY_AVS, a_vbn, 40, DISTINCT_GEN_HEX " 00 05"},
    {"avs.cntrl", SF_FAMILY_AVS, a_cntrl, 46, "03 05"},
    {"avs.cntrl_hi", SF_FAMILY_AVS, a_cntrl_hi, 46, "10 05"},
    {"avs.v2d", SF_FAMILY_AVS, a_v2d, 47, DISTINCT_GEN_HEX " 00 05"},
    {"avs.exec_mode", SF_FAMILY_AVS, a_exec_mode, 53, "03 05"},
    {"avs.exec_mode_hi", SF_FAMILY_AVS, a_exec_mode_hi, 53, "a0 05"},
    {"avs.ief_bypass", SF_FAMILY_AVS, a_ief, 54, DISTINCT_GEN_HEX " 20000000"},
    {"avs.dst.id", SF_FAMILY_AVS, a_dst_id, 60, "44332211 0000"},
    {"avs.dst.off", SF_FAMILY_AVS, a_dst_off, 60, "20000000 0201"},
    /* 3D_SAMPLE */
    {"s3d.op", SF_FAMILY_SAMPLE_3D, s_op, 0, "6d 14 00 04"},
    {"s3d.pixel_null_mask", SF_FAMILY_SAMPLE_3D, s_pnm, 1, "00 01"},
    {"s3d.cps", SF_FAMILY_SAMPLE_3D, s_cps, 1, "00 02"},
    {"s3d.divs", SF_FAMILY_SAMPLE_3D, s_divs, 1, "00 04"},
    {"s3d.op_hi", SF_FAMILY_SAMPLE_3D, s_op_hi, 1, "00 f8"},
    {"s3d.exec_size", SF_FAMILY_SAMPLE_3D, s_exec_size, 3, "05"},
    {"s3d.emask", SF_FAMILY_SAMPLE_3D, s_emask, 3, "f4"},
    {"s3d.pred.id", SF_FAMILY_SAMPLE_3D, s_pred_id, 4, "bc 0a"},
    {"s3d.pred.rsvd", SF_FAMILY_SAMPLE_3D, s_pred_rsvd, 4, "00 10"},
    {"s3d.pred.ctrl", SF_FAMILY_SAMPLE_3D, s_pred_ctrl, 4, "00 60"},
    {"s3d.pred.invert", SF_FAMILY_SAMPLE_3D, s_pred_invert, 4, "00 80"},
    {"s3d.chan_mask", SF_FAMILY_SAMPLE_3D, s_chan_mask, 6, "06"},
    {"s3d.chan_hi", SF_FAMILY_SAMPLE_3D, s_chan_hi, 6, "51"},
    {"s3d.aoffimmi", SF_FAMILY_SAMPLE_3D, s_aoffimmi, 7, DISTINCT_GEN_HEX " 00 06"},
    {"s3d.sampler", SF_FAMILY_SAMPLE_3D, s_sampler, 13, "1f 06"},
    {"s3d.surface", SF_FAMILY_SAMPLE_3D, s_surface, 13, "00 03"},
    {"s3d.dst.id", SF_FAMILY_SAMPLE_3D, s_dst_id, 15, "0df0feca 0000"},
    {"s3d.dst.off", SF_FAMILY_SAMPLE_3D, s_dst_off, 15, "20000000 0010"},
    {"s3d.num_params=0", SF_FAMILY_SAMPLE_3D, s_num_params_0, 21, "00"},
    {"s3d.num_params=15", SF_FAMILY_SAMPLE_3D, s_num_params_15, 21,
     "0f 28000000 0000 29000000 2000 2a000000 4000 2b000000 6000 2c000000 8000 2d000000 a000 2e000000 c000"
     " 2f000000 e000 30000000 0001 31000000 2001 32000000 4001 33000000 6001 34000000 8001 35000000 a001"
     " 36000000 c001"},
    {"s3d.params[0].id", SF_FAMILY_SAMPLE_3D, s_param0_id, 21, "01 01eeff00 0000"},
    {"s3d.params[0].off", SF_FAMILY_SAMPLE_3D, s_param0_off, 21, "01 21000000 2000"},
    /* vector-operand fields, on SAMPLE_UNORM's U operand (tag at offset 4) */
    {"vec.general.id", SF_FAMILY_SAMPLE_UNORM, v_gen_id, 4, "00 78563412 00 00 2101 05"},
    {"vec.general.row_off", SF_FAMILY_SAMPLE_UNORM, v_gen_row, 4, "00 20000000 7f 00 2101 05"},
    {"vec.general.col_off", SF_FAMILY_SAMPLE_UNORM, v_gen_col, 4, "00 20000000 00 33 2101 05"},
    {"vec.general.region.vstride", SF_FAMILY_SAMPLE_UNORM, v_gen_vstride, 4, "00 20000000 00 00 0700 05"},
    {"vec.general.region.width", SF_FAMILY_SAMPLE_UNORM, v_gen_width, 4, "00 20000000 00 00 6000 05"},
    {"vec.general.region.hstride", SF_FAMILY_SAMPLE_UNORM, v_gen_hstride, 4, "00 20000000 00 00 0004 05"},
    {"vec.general.region.hi", SF_FAMILY_SAMPLE_UNORM, v_gen_region_hi, 4, "00 20000000 00 00 00f0 05"},
    {"vec.mod.abs", SF_FAMILY_SAMPLE_UNORM, v_mod_abs, 4, "08 20000000"},
    {"vec.mod.neg", SF_FAMILY_SAMPLE_UNORM, v_mod_neg, 4, "10 20000000"},
    {"vec.mod.sat", SF_FAMILY_SAMPLE_UNORM, v_mod_sat, 4, "20 20000000"},
    {"vec.mod.not", SF_FAMILY_SAMPLE_UNORM, v_mod_not, 4, "28 20000000"},
    {"vec.mod.7", SF_FAMILY_SAMPLE_UNORM, v_mod_7, 4, "38 20000000"},
    {"vec.tag_hi", SF_FAMILY_SAMPLE_UNORM, v_tag_hi, 4, "c5 07 00000000 05"},
    {"vec.address", SF_FAMILY_SAMPLE_UNORM, v_addr, 4, "01 efbe 12 34 05 07"},
    {"vec.predicate", SF_FAMILY_SAMPLE_UNORM, v_pred, 4, "02 05c0 05 07"},
    {"vec.indirect", SF_FAMILY_SAMPLE_UNORM, v_ind, 4, "13 0201 03 feff 17 2193 05 07"},
    {"vec.imm.f", SF_FAMILY_SAMPLE_UNORM, v_imm_f, 4, "05 07 0000803f 05"},
    {"vec.imm.type_hi", SF_FAMILY_SAMPLE_UNORM, v_imm_type_hi, 4, "05 f7 01000000 05"},
    {"vec.imm.df", SF_FAMILY_SAMPLE_UNORM, v_imm_df, 4, "05 06 01000000 0000f03f 05 07"},
    {"vec.imm.uq", SF_FAMILY_SAMPLE_UNORM, v_imm_uq, 4, "05 0b 11223344 55667788 05 07"},
    {"vec.imm.q", SF_FAMILY_SAMPLE_UNORM, v_imm_q, 4, "05 0d feffffff ffffffff 05 07"},
    {"vec.imm.df.type_hi", SF_FAMILY_SAMPLE_UNORM, v_imm_df_type_hi, 4, "05 16 08070605 04030201 05 07"},
    {"vec.state", SF_FAMILY_SAMPLE_UNORM, v_state, 4, "06 01 0302 44 05 07"},
    {"vec.state.cls", SF_FAMILY_SAMPLE_UNORM, v_state_cls_odd, 4, "06 09 0000 00 05 07"},
};

static void fields_each(void) {
  for (size_t i = 0; i < sizeof FIELD_CASES / sizeof FIELD_CASES[0]; i++) {
    const field_case *fc = &FIELD_CASES[i];
    sf_t_current = fc->name;
    sf_inst in = base_of(fc->fam);
    fc->set(&in);
    uint8_t want[256];
    size_t n = sf_t_hex(fc->bytes, want, sizeof want);
    sf_buf b;
    encode_ok(&in, &b);
    SF_CHECK_MSG(b.len >= fc->off + n, "%s: encoding has %zu bytes", fc->name, b.len);
    if (b.len >= fc->off + n) SF_CHECK_MEM(b.data + fc->off, n, want, n);
    /* The base must differ in those bytes, so the case really tests the field. */
    sf_inst base = base_of(fc->fam);
    sf_buf bb;
    encode_ok(&base, &bb);
    SF_CHECK_MSG(bb.len < fc->off + n || memcmp(bb.data + fc->off, want, n) != 0, "%s: the base already has these bytes",
                 fc->name);
    sf_buf_free(&bb);
    sf_inst out;
    size_t used = 0;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK(sf_visa_decode(b.data, b.len, 0, &out, &used, &st) == SF_OK);
    SF_CHECK_EQ_U(used, b.len);
    char d[200];
    SF_CHECK_MSG(sf_inst_equal(&out, &in), "%s: %s", fc->name, sf_inst_diff(&out, &in, d, sizeof d));
    sf_buf_free(&b);
  }
  sf_t_current = "fields_each";
}

/* Operand lengths per class (§3 table): general 9, address 5, predicate 3, indirect 9, immediate
 * 6 (10 for DF/UQ/Q), state 5. Measured as the growth of an UNORM encoding over the 34-byte base. */
static void vec_lengths(void) {
  static const struct { uint8_t cls, type; size_t len; } t[] = {
      {SF_VCLS_GENERAL, 0, 9}, {SF_VCLS_ADDRESS, 0, 5}, {SF_VCLS_PREDICATE, 0, 3}, {SF_VCLS_INDIRECT, 0, 9},
      {SF_VCLS_IMMEDIATE, SF_VT_F, 6}, {SF_VCLS_IMMEDIATE, SF_VT_DF, 10}, {SF_VCLS_IMMEDIATE, SF_VT_UQ, 10},
      {SF_VCLS_IMMEDIATE, SF_VT_Q, 10}, {SF_VCLS_IMMEDIATE, SF_VT_HF, 6}, {SF_VCLS_STATE, 0, 5}};
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    sf_inst in = base_of(SF_FAMILY_SAMPLE_UNORM);
    in.unorm.dv = vo(t[i].cls);
    in.unorm.dv.type = t[i].type;
    sf_buf b;
    encode_ok(&in, &b);
    SF_CHECK_EQ_U(b.len, 34 - 6 + t[i].len);
    sf_buf_free(&b);
  }
}

int main(void) {
  SF_RUN(kat_unorm_example);
  SF_RUN(kat_unorm_channel_bytes);
  SF_RUN(kat_avs_example);
  SF_RUN(kat_avs_cntrl_execmode);
  SF_RUN(kat_s3d_example);
  SF_RUN(kat_s3d_sample_l);
  SF_RUN(kat_s3d_pnm_cps);
  SF_RUN(kat_s3d_exec_byte);
  SF_RUN(kat_s3d_pred_words);
  SF_RUN(kat_s3d_aoffimmi);
  SF_RUN(fields_each);
  SF_RUN(vec_lengths);
  SF_TEST_END();
}
