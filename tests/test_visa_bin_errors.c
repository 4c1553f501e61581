/* test_visa_bin_errors.c — error paths of the vISA v4.1 instruction codec
 * (harness/visa/visa_bin.c; docs/visa-binary.md): a cut at every byte reports the start of the
 * field it falls in, invalid operand classes, parameter counts and opcodes are refused at their
 * byte, the encoder refuses out-of-range fields without touching its output, representable spec
 * violations still decode and re-encode, and decoding stops at the instruction's end. */
#include "tests/test_visa_bin_util.h"

/* ---- error paths ---------------------------------------------------------------------------- */

/* Field layouts (sizes in order) of the KAT encodings, written from §4 by hand. */
static const uint8_t UNORM_EXAMPLE_FIELDS[] = {1, 1, 1, 1, 1, 1, 4, 1, 1, 4, 1, 1, 4, 1, 4, 1, 1, 2, 4, 2};
static const uint8_t AVS_EXAMPLE_FIELDS[] = {1, 1, 1, 1, 1, 1, 4, 1, 1, 4, 1, 1, 4, 1, 1, 4, 1, 1, 4, 1, 1, 4,
                                             1, 1, 4, 1, 1, 1, 4, 1, 1, 1, 4, 4, 2};
static const uint8_t S3D_EXAMPLE_FIELDS[] = {1, 2, 1, 2, 1, 1, 1, 4, 1, 1, 4, 2, 1, 4, 2, 4, 2};

static void check_truncations(const char *h, const uint8_t *fields, size_t nf) {
  uint8_t buf[256];
  size_t n = sf_t_hex(h, buf, sizeof buf);
  size_t total = 0;
  for (size_t i = 0; i < nf; i++) total += fields[i];
  SF_CHECK_EQ_U(total, n);
  const uint64_t base = 0x1000;
  for (size_t cut = 0; cut < n; cut++) {
    /* The field that byte `cut` belongs to starts at fstart: that is where the error must point. */
    size_t fstart = 0;
    for (size_t i = 0, s = 0; i < nf; s += fields[i], i++)
      if (cut >= s && cut < s + fields[i]) fstart = s;
    uint8_t *p = malloc(cut ? cut : 1); /* exact-size copy: ASan catches any read past it */
    memcpy(p, buf, cut);
    sf_status st;
    sf_status_clear(&st);
    sf_inst out;
    size_t used = 99;
    sf_code c = sf_visa_decode(p, cut, base, &out, &used, &st);
    SF_CHECK_MSG(c == SF_ERR_TRUNCATED, "cut at %zu: code %d", cut, (int)c);
    SF_CHECK_MSG(st.pos_kind == SF_POS_BYTE && st.pos == base + fstart, "cut at %zu: error at 0x%llx, want 0x%llx", cut,
                 (unsigned long long)st.pos, (unsigned long long)(base + fstart));
    SF_CHECK_EQ_U(used, 0);
    free(p);
  }
}

static void err_truncated_everywhere(void) {
  check_truncations(UNORM_EXAMPLE_HEX, UNORM_EXAMPLE_FIELDS, sizeof UNORM_EXAMPLE_FIELDS);
  check_truncations(AVS_EXAMPLE_HEX, AVS_EXAMPLE_FIELDS, sizeof AVS_EXAMPLE_FIELDS);
  check_truncations(S3D_EXAMPLE_HEX, S3D_EXAMPLE_FIELDS, sizeof S3D_EXAMPLE_FIELDS);
  /* 8-byte immediate and the indirect / address / state / predicate bodies. */
  static const uint8_t f_df[] = {1, 1, 1, 1, 1, 1, 8, 1, 1, 4, 1, 1, 4, 1, 1, 4, 4, 2};
  check_truncations("41 01 00 06 05 06 0000000000000000 05 07 00000000 05 07 00000000 05 07 00000000 20000000 0000",
                    f_df, sizeof f_df);
  static const uint8_t f_ind[] = {1, 1, 1, 1, 1, 2, 1, 2, 1, 2, 1, 2, 1, 1, 1, 2, 1, 1, 2, 1, 4, 2};
  check_truncations("41 01 00 06 03 0000 00 0000 07 2101 01 0000 00 01 02 0000 06 00 0000 00 20000000 0000", f_ind,
                    sizeof f_ind);
}

static void expect_err(const char *h, sf_code want, uint64_t pos) {
  uint8_t buf[256];
  size_t n = sf_t_hex(h, buf, sizeof buf);
  sf_status st;
  sf_status_clear(&st);
  sf_inst out;
  size_t used = 99;
  sf_code c = sf_visa_decode(buf, n, 0x200, &out, &used, &st);
  char m[256];
  SF_CHECK_MSG(c == want, "%s: got %d (%s)", h, (int)c, sf_status_format(&st, m, sizeof m));
  SF_CHECK_MSG(st.code == want && st.pos_kind == SF_POS_BYTE && st.pos == 0x200 + pos, "%s: status at 0x%llx, want 0x%llx",
               h, (unsigned long long)st.pos, (unsigned long long)(0x200 + pos));
  SF_CHECK(st.msg[0] != 0);
  SF_CHECK_EQ_U(used, 0);
}

/* Classes 4 (address-of) and 7 are not valid in a file: rejected at the tag byte, in every slot. */
static void err_class_4_7(void) {
  for (int cls = 4; cls <= 7; cls += 3) {
    char h[256];
    snprintf(h, sizeof h, "41 01 00 06 %02x 0000000000000000000000", cls);
    expect_err(h, SF_ERR_INVALID, 4);
    snprintf(h, sizeof h, "41 01 00 06 05 07 00000000 05 07 00000000 05 07 00000000 %02x 0000000000000000", 0x38 | cls);
    expect_err(h, SF_ERR_INVALID, 22);
    snprintf(h, sizeof h, "6d 0000 04 0000 0f %02x 0000000000000000", cls);
    expect_err(h, SF_ERR_INVALID, 7);
    snprintf(h, sizeof h,
             "43 0f 00 06 0507 00000000 0507 00000000 0507 00000000 0507 00000000 0507 00000000 0500 00000000 0500 00000000"
             " 00 0507 00000000 00 %02x 000000000000",
             0xC0 | cls);
    expect_err(h, SF_ERR_INVALID, 54);
  }
}

static void err_num_params(void) {
  expect_err("6d 0000 04 0000 0f 05 02 00000000 00 06 21000000 0000 10", SF_ERR_RANGE, 21);
  expect_err("6d 0000 04 0000 0f 05 02 00000000 00 06 21000000 0000 ff", SF_ERR_RANGE, 21);
  /* 15 is the largest accepted count: with no parameter bytes it is a truncation at the first one. */
  expect_err("6d 0000 04 0000 0f 05 02 00000000 00 06 21000000 0000 0f", SF_ERR_TRUNCATED, 22);
}

static void err_opcode(void) {
  expect_err("34 00 0000", SF_UNSUPPORTED, 0); /* RET is handled by the container reader, not here */
  expect_err("00", SF_UNSUPPORTED, 0);
  expect_err("40 00 00 00", SF_UNSUPPORTED, 0); /* legacy SAMPLE */
  expect_err("6e", SF_UNSUPPORTED, 0);          /* 3D_LOAD */
  expect_err("ff", SF_UNSUPPORTED, 0);
  expect_err("", SF_ERR_TRUNCATED, 0);
}

static void expect_enc_err(const sf_inst *in, sf_code want) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  sf_wr_u8(&b, 0xAA); /* existing content must survive a failed encode */
  sf_code c = sf_visa_encode(in, &b, &st);
  SF_CHECK_MSG(c == want, "got %d want %d", (int)c, (int)want);
  SF_CHECK(st.code == want && st.msg[0]);
  SF_CHECK_EQ_U(b.len, 1);
  sf_buf_free(&b);
}

static void err_encode_ranges(void) {
  sf_inst in = base_of(SF_FAMILY_SAMPLE_UNORM);
  in.unorm.chan_mask = 0x10;
  expect_enc_err(&in, SF_ERR_RANGE);
  in = base_of(SF_FAMILY_SAMPLE_UNORM);
  in.unorm.out_fmt = 4;
  expect_enc_err(&in, SF_ERR_RANGE);
  in = base_of(SF_FAMILY_SAMPLE_UNORM);
  in.unorm.u = vo(SF_VCLS_ADDROF);
  expect_enc_err(&in, SF_ERR_INVALID);
  in = base_of(SF_FAMILY_SAMPLE_UNORM);
  in.unorm.v = vo(7);
  expect_enc_err(&in, SF_ERR_INVALID);
  in = base_of(SF_FAMILY_SAMPLE_UNORM);
  in.unorm.du = imm(SF_VT_F, 0x100000000ull);
  expect_enc_err(&in, SF_ERR_RANGE);
  in = base_of(SF_FAMILY_SAMPLE_UNORM);
  in.unorm.dv = vo(SF_VCLS_STATE);
  in.unorm.dv.id = 0x10000;
  expect_enc_err(&in, SF_ERR_RANGE);
  in = base_of(SF_FAMILY_SAMPLE_UNORM);
  in.unorm.dv = gen(32, 0, 0, 16, 1, 1);
  expect_enc_err(&in, SF_ERR_RANGE);
  in = base_of(SF_FAMILY_SAMPLE_3D);
  in.s3d.num_params = 16;
  expect_enc_err(&in, SF_ERR_RANGE);
  in = base_of(SF_FAMILY_SAMPLE_3D);
  in.s3d.pred.id = 0x1000;
  expect_enc_err(&in, SF_ERR_RANGE);
  in = base_of(SF_FAMILY_SAMPLE_3D);
  in.s3d.op_hi = 0x20;
  expect_enc_err(&in, SF_ERR_RANGE);
  in = base_of(SF_FAMILY_AVS);
  in.avs.exec_mode_hi = 0x10;
  expect_enc_err(&in, SF_ERR_RANGE);
  in = base_of(SF_FAMILY_AVS);
  in.avs.ief_bypass.mod = 8;
  expect_enc_err(&in, SF_ERR_RANGE);
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_D3D;
  expect_enc_err(&in, SF_ERR_INVALID);
  in.family = SF_FAMILY_NONE;
  expect_enc_err(&in, SF_ERR_INVALID);
}

/* Spec violations that are representable decode fine (validation is sf_inst_validate's job). */
static void representable_violations_decode(void) {
  static const char *const ok[] = {
      "41 00 00 00 05 07 00000000 05 07 00000000 05 07 00000000 05 07 00000000 00000000 0000", /* mask 0, T0 */
      "6d ff ff 0f ffff ff 05 02 00000000 ff ff 21000000 0000 00",                          /* all op/exec/pred bits, 0 params */
      ("43 ff ff 00 0507 00000000 0507 00000000 0507 00000000 0507 00000000 0507 00000000 0500 00000000 0500 00000000"
       " ff 0507 00000000 ff 0502 00000000 22000000 0000"), /* cntrl/execMode 0xff */
      "41 0f 00 06 00 ffffffff ff ff ffff 05 07 00000000 05 07 00000000 05 07 00000000 ffffffff ffff", /* all region bits */
  };
  for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
    uint8_t buf[256];
    size_t n = sf_t_hex(ok[i], buf, sizeof buf);
    sf_inst out;
    size_t used = 0;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK_MSG(sf_visa_decode(buf, n, 0, &out, &used, &st) == SF_OK, "case %zu: %s", i, st.msg);
    SF_CHECK_EQ_U(used, n);
    sf_buf b;
    encode_ok(&out, &b);
    SF_CHECK_MEM(b.data, b.len, buf, n);
    sf_buf_free(&b);
  }
}

/* Decoding stops at the instruction's end: trailing bytes are the caller's business. */
static void decode_reports_length(void) {
  uint8_t buf[256];
  size_t n = sf_t_hex(UNORM_EXAMPLE_HEX, buf, sizeof buf);
  size_t m = sf_t_hex(S3D_EXAMPLE_HEX, buf + n, sizeof buf - n);
  sf_inst out;
  size_t used = 0;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_decode(buf, n + m, 0, &out, &used, &st) == SF_OK);
  SF_CHECK_EQ_U(used, n);
  SF_CHECK(out.family == SF_FAMILY_SAMPLE_UNORM);
  SF_CHECK(sf_visa_decode(buf + n, m, n, &out, &used, &st) == SF_OK);
  SF_CHECK_EQ_U(used, m);
  SF_CHECK(out.family == SF_FAMILY_SAMPLE_3D);
}

int main(void) {
  SF_RUN(err_truncated_everywhere);
  SF_RUN(err_class_4_7);
  SF_RUN(err_num_params);
  SF_RUN(err_opcode);
  SF_RUN(err_encode_ranges);
  SF_RUN(representable_violations_decode);
  SF_RUN(decode_reports_length);
  SF_TEST_END();
}
