/* tests/test_visa_bin_util.h — what the tests/test_visa_bin_*.c files share: operand
 * constructors, the three instructions of docs/visa-binary.md's examples with their bytes, a
 * minimal base instruction per family, and an encode that must succeed. */
#ifndef TEST_VISA_BIN_UTIL_H
#define TEST_VISA_BIN_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

/* An immediate operand of the given type and bits. */
static inline sf_vopnd imm(uint8_t type, uint64_t v) {
  sf_vopnd o;
  memset(&o, 0, sizeof o);
  o.cls = SF_VCLS_IMMEDIATE;
  o.type = type;
  o.imm = v;
  return o;
}

/* General operand V<id>(row,col)<vs;w,hs> with region codes as stored. */
static inline sf_vopnd gen(uint32_t id, uint8_t row, uint8_t col, uint8_t vs, uint8_t w, uint8_t hs) {
  sf_vopnd o;
  memset(&o, 0, sizeof o);
  o.cls = SF_VCLS_GENERAL;
  o.id = id;
  o.row_off = row;
  o.col_off = col;
  o.region.vstride = vs;
  o.region.width = w;
  o.region.hstride = hs;
  return o;
}

static inline sf_raw raw(uint32_t id, uint16_t off) { return (sf_raw){id, off}; }

#define F_BITS 0x00000000u
#define F_025 0x3e800000u
#define F_01 0x3dcccccdu

/* sample_unorm.RGBA.16-full S0 T6 0.0:f 0.0:f 0.25:f X(0,0)<0;1,0> dst_u.0 (X = V38, dst_u = V32). */
static inline sf_inst unorm_example(void) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_UNORM;
  in.unorm.chan_mask = 0xF;
  in.unorm.sampler = 0;
  in.unorm.surface = 6;
  in.unorm.u = imm(SF_VT_F, 0);
  in.unorm.v = imm(SF_VT_F, 0);
  in.unorm.du = imm(SF_VT_F, F_025);
  in.unorm.dv = gen(38, 0, 0, 1, 2, 1); /* <0;1,0>: vstride code 1 (0), width code 2 (1), hstride code 1 (0) */
  in.unorm.dst = raw(32, 0);
  return in;
}
static const char *const UNORM_EXAMPLE_HEX =
    "41 0f 00 06 05 07 00000000 05 07 00000000 05 07 0000803e 00 26000000 00 00 2101 20000000 0000";

/* avs.RGBA surf smp 0.0:f 0.0:f 0.1:f 0.1:f 0.0:f 0:ud 0:ud AVS_16_FULL 0.0:f AVS_16x4 0:uw dst_a.0 */
static inline sf_inst avs_example(void) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_AVS;
  sf_avs *a = &in.avs;
  a->chan_mask = 0xF;
  a->sampler = 0;
  a->surface = 6;
  a->u_off = imm(SF_VT_F, 0);
  a->v_off = imm(SF_VT_F, 0);
  a->du = imm(SF_VT_F, F_01);
  a->dv = imm(SF_VT_F, F_01);
  a->u2d = imm(SF_VT_F, 0);
  a->group_id = imm(SF_VT_UD, 0);
  a->vbn = imm(SF_VT_UD, 0);
  a->cntrl = 0;
  a->v2d = imm(SF_VT_F, 0);
  a->exec_mode = 0;
  a->ief_bypass = imm(SF_VT_UW, 0);
  a->dst = raw(34, 0);
  return in;
}
static const char *const AVS_EXAMPLE_HEX =
    "43 0f 00 06 | 0507 00000000 | 0507 00000000 | 0507 cdcccc3d | 0507 cdcccc3d | 0507 00000000 | 0500 00000000 |"
    " 0500 00000000 | 00 | 0507 00000000 | 00 | 0502 00000000 | 22000000 0000";

/* sample_3d.RGBA (M1,16) 0x0:uw S0 T6 dst_f.0 U.0 V.0 (dst_f = V33, U = V35, V = V36). */
static inline sf_inst s3d_example(void) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_3D;
  sf_sample_3d *s = &in.s3d;
  s->op = SF_S3D_SAMPLE;
  s->exec_size = 4; /* 16 */
  s->emask = 0;
  s->chan_mask = 0xF;
  s->aoffimmi = imm(SF_VT_UW, 0);
  s->sampler = 0;
  s->surface = 6;
  s->dst = raw(33, 0);
  s->num_params = 2;
  s->params[0] = raw(35, 0);
  s->params[1] = raw(36, 0);
  return in;
}
static const char *const S3D_EXAMPLE_HEX =
    "6d 0000 04 0000 0f 05 02 00000000 00 06 21000000 0000 02 23000000 0000 24000000 0000";

static inline void encode_ok(const sf_inst *in, sf_buf *b) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf_init(b, &st);
  sf_code c = sf_visa_encode(in, b, &st);
  char m[256];
  SF_CHECK_MSG(c == SF_OK, "%s", sf_status_format(&st, m, sizeof m));
}

/* The base instruction of a family: one channel, T6, immediates of type F (6 bytes each), dst V32
 * and (3D) one parameter V33, so field offsets within its encoding are fixed. */
static inline sf_inst base_of(sf_family f) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = f;
  if (f == SF_FAMILY_SAMPLE_UNORM) {
    sf_sample_unorm *u = &in.unorm;
    u->chan_mask = 1;
    u->surface = 6;
    u->u = u->v = u->du = u->dv = imm(SF_VT_F, 0);
    u->dst = raw(32, 0);
  } else if (f == SF_FAMILY_AVS) {
    sf_avs *a = &in.avs;
    a->chan_mask = 1;
    a->surface = 6;
    a->u_off = a->v_off = a->du = a->dv = a->u2d = a->group_id = a->vbn = a->v2d = a->ief_bypass = imm(SF_VT_F, 0);
    a->dst = raw(32, 0);
  } else {
    sf_sample_3d *s = &in.s3d;
    s->chan_mask = 1;
    s->exec_size = 4;
    s->surface = 6;
    s->aoffimmi = imm(SF_VT_F, 0);
    s->dst = raw(32, 0);
    s->num_params = 1;
    s->params[0] = raw(33, 0);
  }
  return in;
}

/* An operand of class `cls` with every other field zero. */
static inline sf_vopnd vo(uint8_t cls) {
  sf_vopnd o;
  memset(&o, 0, sizeof o);
  o.cls = cls;
  return o;
}

#endif
