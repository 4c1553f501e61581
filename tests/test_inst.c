/* test_inst.c — the sf_inst companions: validation rules (each with the spec line it comes from),
 * canonicalization of the don't-care bits, equality/diff, and the shared tables. */
#include "samplefuzz/inst.h"

#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/visa.h"

#include "tests/sf_test.h"

static bool has_rule(const sf_violations *v, const char *rule) {
  for (unsigned i = 0; i < v->count; i++)
    if (!strcmp(v->v[i].rule, rule)) return true;
  return false;
}

static sf_vopnd imm(uint8_t type, uint32_t bits) {
  sf_vopnd v;
  memset(&v, 0, sizeof v);
  v.cls = SF_VCLS_IMMEDIATE;
  v.type = type;
  v.imm = bits;
  return v;
}

/* A valid SAMPLE_UNORM: docs/visa-binary.md's instruction (S0, T6, immediates, dst V32.0). */
static sf_inst good_unorm(void) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_UNORM;
  in.unorm.chan_mask = 0xF;
  in.unorm.surface = 6;
  in.unorm.u = imm(SF_VT_F, 0);
  in.unorm.v = imm(SF_VT_F, 0);
  in.unorm.du = imm(SF_VT_F, 0x3e800000);
  in.unorm.dv = imm(SF_VT_F, 0x3f000000);
  in.unorm.dst.id = 32;
  return in;
}

/* A valid sample_3d.RGBA (M1, 16) 0x0:uw S0 T6 V33.0 V34.0 V35.0 (docs/visa-binary.md). */
static sf_inst good_3d(void) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_3D;
  in.s3d.op = SF_S3D_SAMPLE;
  in.s3d.exec_size = 4;
  in.s3d.chan_mask = 0xF;
  in.s3d.aoffimmi = imm(SF_VT_UW, 0);
  in.s3d.surface = 6;
  in.s3d.dst.id = 33;
  in.s3d.num_params = 2;
  in.s3d.params[0].id = 35;
  in.s3d.params[1].id = 36;
  return in;
}

static sf_inst good_avs(void) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_AVS;
  in.avs.chan_mask = 0xF;
  in.avs.surface = 6;
  in.avs.u_off = imm(SF_VT_F, 0);
  in.avs.v_off = imm(SF_VT_F, 0);
  in.avs.du = imm(SF_VT_F, 0x3dcccccd);
  in.avs.dv = imm(SF_VT_F, 0x3dcccccd);
  in.avs.u2d = imm(SF_VT_F, 0);
  in.avs.group_id = imm(SF_VT_UD, 0);
  in.avs.vbn = imm(SF_VT_UD, 0);
  in.avs.v2d = imm(SF_VT_F, 0);
  in.avs.ief_bypass = imm(SF_VT_UW, 0);
  in.avs.dst.id = 34;
  return in;
}

static void valid_examples_pass(void) {
  sf_violations v;
  sf_inst a = good_unorm(), b = good_3d(), c = good_avs();
  SF_CHECK_EQ_U(sf_inst_validate(&a, &v), 0);
  SF_CHECK_EQ_U(sf_inst_validate(&b, &v), 0);
  SF_CHECK_EQ_U(sf_inst_validate(&c, &v), 0);
  SF_CHECK_EQ_U(sf_inst_validate(&a, NULL), 0);
}

static void unorm_rules(void) {
  sf_violations v;
  sf_inst in = good_unorm();
  in.unorm.chan_mask = 0; /* spec: "0000" is not allowed */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "unorm.chan.zero"));
  in = good_unorm();
  in.unorm.surface = 0; /* §8: surface != 0 */
  SF_CHECK(sf_inst_validate(&in, &v) >= 1 && has_rule(&v, "unorm.surface.slm"));
  in = good_unorm();
  in.unorm.du = imm(SF_VT_UD, 1); /* spec: DeltaU must have type F */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "opnd.type"));
  in = good_unorm();
  in.unorm.u.cls = SF_VCLS_STATE; /* §8: U..dV must be general, indirect or immediate */
  SF_CHECK(sf_inst_validate(&in, &v) >= 1 && has_rule(&v, "opnd.class"));
  in = good_unorm();
  in.unorm.v.mod = SF_VMOD_NEG; /* §8: modifiers only on general or indirect */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "opnd.mod.on_immediate"));
  in = good_unorm();
  in.unorm.u.cls = SF_VCLS_GENERAL;
  in.unorm.u.id = 40;
  in.unorm.u.region = (sf_region){1, 0, 1, 0}; /* width code 0 (null) is illegal */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "opnd.region.width"));
  in.unorm.u.region = (sf_region){1, 2, 1, 0}; /* <0;1,0> */
  SF_CHECK_EQ_U(sf_inst_validate(&in, &v), 0);
  /* <8;8,1>: IGC's verifier, "Execution size must be greater than width"; SAMPLE_UNORM's scalars
   * have exec size 1 (found by ext_genx_ir_accept's accept/reject check on 147 instructions). */
  in.unorm.u.region = (sf_region){5, 5, 2, 0};
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "opnd.region.width_exec"));
}

static void s3d_rules(void) {
  sf_violations v;
  sf_inst in = good_3d();
  in.s3d.exec_size = 2; /* 4 lanes: spec allows 8, 16, 32 */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "3d.exec_size"));
  in = good_3d();
  in.s3d.emask = 5; /* M6 with 16 lanes: 20 + 16 > 32 (§8) */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "3d.emask.range"));
  in = good_3d();
  in.s3d.num_params = 0; /* spec: NumParams in [1,15] */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "3d.num_params"));
  in = good_3d();
  in.s3d.num_params = 5; /* sample takes at most u v r ai */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "3d.num_params"));
  in = good_3d();
  in.s3d.op = 0x07; /* load_3d is not a sample op of the spec */
  SF_CHECK(sf_inst_validate(&in, &v) >= 1 && has_rule(&v, "3d.op.unknown"));
  in = good_3d();
  in.s3d.aoffimmi.imm = 0x1000; /* aoffimmi bits 15..12 reserved */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "3d.aoffimmi.reserved"));
  in = good_3d();
  in.s3d.cps = true;
  in.s3d.op = SF_S3D_SAMPLE_L; /* cps only for sample, _b, _c, _b_c, LOD */
  in.s3d.num_params = 3;
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "3d.cps.op"));
  in = good_3d();
  in.s3d.pred.rsvd = 1;
  in.s3d.pred.id = 1;
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "3d.pred.reserved"));
  in = good_3d();
  in.s3d.aoffimmi.cls = SF_VCLS_GENERAL; /* a <16;16,1> aoffimmi fits SIMD16, not SIMD8 */
  in.s3d.aoffimmi.id = 40;
  in.s3d.aoffimmi.region = (sf_region){6, 6, 2, 0};
  SF_CHECK_EQ_U(sf_inst_validate(&in, &v), 0);
  in.s3d.exec_size = 3;
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "opnd.region.width_exec"));
  in = good_3d();
  in.s3d.chan_mask = 0;
  in.s3d.exec_size = 7;
  in.s3d.num_params = 0;
  SF_CHECK_EQ_U(sf_inst_validate(&in, &v), 3); /* every broken rule is reported */
}

static void avs_rules(void) {
  sf_violations v;
  sf_inst in = good_avs();
  in.avs.cntrl = 4;
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "avs.cntrl.range"));
  in = good_avs();
  in.avs.exec_mode = 5;
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "avs.exec_mode.range"));
  in = good_avs();
  in.avs.group_id = imm(SF_VT_F, 0); /* spec: groupID must have type UD */
  SF_CHECK(sf_inst_validate(&in, &v) == 1 && has_rule(&v, "opnd.type"));
  in = good_avs();
  in.avs.cntrl_hi = 1; /* IGC uses cntrl & 0xF: not a violation, a don't-care bit */
  SF_CHECK_EQ_U(sf_inst_validate(&in, &v), 0);
}

static void canonical_clears_dont_care(void) {
  sf_inst a = good_avs(), b = good_avs();
  b.avs.cntrl_hi = 0xA;
  b.avs.exec_mode_hi = 0x3;
  b.avs.chan_hi = 0xF;
  SF_CHECK(!sf_inst_equal(&a, &b));
  char buf[128];
  sf_inst_diff(&a, &b, buf, sizeof buf);
  SF_CHECK_STR(buf, "avs.chan_hi: 0x0 vs 0xf");
  sf_inst_canonicalize(&b);
  SF_CHECK(sf_inst_equal(&a, &b));
  sf_inst c = good_3d();
  c.s3d.op_hi = 0x1F;
  c.s3d.chan_hi = 0x3;
  c.s3d.params[9].id = 77; /* beyond num_params: not part of the instruction */
  sf_inst_canonicalize(&c);
  sf_inst d = good_3d();
  SF_CHECK(sf_inst_equal(&c, &d));
  SF_CHECK_EQ_U(c.s3d.params[9].id, 0);
  SF_CHECK(sf_dont_care_count == 6);
}

static void canonical_zeroes_unused_fields(void) {
  sf_inst a = good_unorm();
  a.unorm.u.row_off = 3; /* an immediate has no row offset */
  a.unorm.u.imm = 0x100000000ull; /* F immediate is 32-bit */
  sf_inst b = good_unorm();
  SF_CHECK(sf_inst_equal(&a, &b) == false);
  sf_inst_canonicalize(&a);
  SF_CHECK(sf_inst_equal(&a, &b));
  SF_CHECK_EQ_U(a.unorm.u.row_off, 0);
  sf_inst_canonicalize(&a); /* idempotent */
  SF_CHECK(sf_inst_equal(&a, &b));
}

static void tables(void) {
  SF_CHECK_STR(sf_s3d_op_name(SF_S3D_SAMPLE), "sample_3d");
  SF_CHECK_STR(sf_s3d_op_name(SF_S3D_LOD), "lod");
  SF_CHECK_STR(sf_s3d_op_name(SF_S3D_SAMPLE_PO_L_C), "sample_po_l_c");
  SF_CHECK(sf_s3d_op_name(0x07) == NULL);
  sf_s3d_param roles[16];
  SF_CHECK_EQ_U(sf_s3d_param_roles(SF_S3D_SAMPLE_D_C, roles, 16), 11);
  SF_CHECK(roles[0] == SF_P_REF && roles[10] == SF_P_AI);
  SF_CHECK_EQ_U(sf_s3d_param_roles(SF_S3D_SAMPLE_B, roles, 16), 5);
  SF_CHECK(roles[0] == SF_P_BIAS);
  SF_CHECK_EQ_U(sf_exec_size_lanes(4), 16);
  SF_CHECK_EQ_U(sf_exec_size_lanes(6), 0);
  SF_CHECK_EQ_U(sf_region_value(1), 0);
  SF_CHECK_EQ_U(sf_region_value(2), 1);
  SF_CHECK_EQ_U(sf_region_value(7), 32);
  SF_CHECK_EQ_U(sf_region_value(8), 0xFF);
  SF_CHECK_STR(sf_vtype_name(SF_VT_HF), "hf");
  SF_CHECK_EQ_U(sf_vtype_size(SF_VT_DF), 8);
  SF_CHECK_STR(sf_d3d_op_name(SF_D3D_SAMPLE_C_LZ), "sample_c_lz");
  SF_CHECK_EQ_U(sf_d3d_op_num_src(SF_D3D_SAMPLE_D), 5);
}

/* Equality sees every encoded bit: both codecs are lossless (encode(decode(x)) == x), so two
 * encodings that differ and both decode hold two different instructions, and sf_inst_equal must say
 * so. An equality that skips a field would hide every codec bug in that field from the round-trip
 * checks (a planted one that ignored vISA row_off passed every fuzz target and every test). */
static uint64_t eq_mix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

static void equality_sees_every_encoded_bit(void) {
  static const sf_family fams[4] = {SF_FAMILY_SAMPLE_UNORM, SF_FAMILY_SAMPLE_3D, SF_FAMILY_AVS, SF_FAMILY_D3D};
  uint64_t seed = 0xe9a1b17u;
  unsigned judged[4] = {0};
  for (unsigned t = 0; t < 4 * 120; t++) {
    unsigned fi = t % 4;
    uint8_t rnd[512];
    for (size_t i = 0; i < sizeof rnd; i++) rnd[i] = (uint8_t)eq_mix(&seed);
    sf_fdp f;
    sf_fdp_init(&f, rnd, sizeof rnd);
    sf_inst in;
    if (sf_gen_inst(&f, fams[fi], SF_GEN_VALID | SF_GEN_RAW, &in) != SF_OK) continue;
    sf_status st;
    if (fams[fi] == SF_FAMILY_D3D) {
      uint32_t tok[SF_TPF_MAX_INST_LEN], flip[SF_TPF_MAX_INST_LEN];
      size_t n = 0, used = 0;
      sf_d3d_inst a, b;
      if (sf_tpf_encode_inst(&in.d3d, tok, &n, &st) != SF_OK ||
          sf_tpf_decode_inst(tok, n, 0, &a, &used, &st) != SF_OK || used != n)
        continue;
      for (size_t bit = 0; bit < n * 32; bit++) {
        memcpy(flip, tok, n * sizeof *tok);
        flip[bit / 32] ^= 1u << (bit % 32);
        if (sf_tpf_decode_inst(flip, n, 0, &b, &used, &st) != SF_OK || used != n) continue;
        judged[fi]++;
        SF_CHECK_MSG(!sf_d3d_inst_equal(&a, &b), "D3D token %zu bit %zu: different tokens, equal instructions",
                     bit / 32, bit % 32);
      }
      continue;
    }
    sf_buf enc;
    sf_buf_init(&enc, &st);
    sf_inst a, b;
    size_t used = 0;
    if (sf_visa_encode(&in, &enc, &st) == SF_OK && sf_visa_decode(enc.data, enc.len, 0, &a, &used, &st) == SF_OK &&
        used == enc.len) {
      uint8_t *flip = malloc(enc.len);
      for (size_t bit = 0; flip && bit < enc.len * 8; bit++) {
        memcpy(flip, enc.data, enc.len);
        flip[bit / 8] ^= (uint8_t)(1u << (bit % 8));
        if (sf_visa_decode(flip, enc.len, 0, &b, &used, &st) != SF_OK || used != enc.len) continue;
        judged[fi]++;
        SF_CHECK_MSG(!sf_inst_equal(&a, &b), "%s byte %zu bit %zu: different bytes, equal instructions",
                     sf_family_tag(a.family), bit / 8, bit % 8);
      }
      free(flip);
    }
    sf_buf_free(&enc);
  }
  for (unsigned fi = 0; fi < 4; fi++) SF_CHECK_MSG(judged[fi] >= 1000, "family %u: only %u flips judged", fi, judged[fi]);
}

/* Instructions of two families are never equal, whatever their fields hold (all zero here, which
 * the families' own comparisons would call equal). */
static void equality_sees_family(void) {
  static const sf_family fams[4] = {SF_FAMILY_SAMPLE_UNORM, SF_FAMILY_SAMPLE_3D, SF_FAMILY_AVS, SF_FAMILY_D3D};
  for (unsigned i = 0; i < 4; i++)
    for (unsigned j = 0; j < 4; j++) {
      sf_inst a, b;
      memset(&a, 0, sizeof a);
      memset(&b, 0, sizeof b);
      a.family = fams[i];
      b.family = fams[j];
      SF_CHECK_MSG(sf_inst_equal(&a, &b) == (i == j), "families %u and %u", i, j);
      /* without a buffer the diff still says whether they differ: "" only when equal (it said ""
       * for every two instructions of one family, differing or not, until 2026-11-29) */
      SF_CHECK_MSG((sf_inst_diff(&a, &b, NULL, 0)[0] == 0) == (i == j), "diff, no buffer: families %u and %u", i, j);
      if (i == j) {
        b.family = fams[i];
        if (fams[i] == SF_FAMILY_D3D) b.d3d.sat = true;
        else if (fams[i] == SF_FAMILY_SAMPLE_UNORM) b.unorm.dst.off = 1;
        else if (fams[i] == SF_FAMILY_SAMPLE_3D) b.s3d.dst.off = 1;
        else b.avs.dst.off = 1;
        SF_CHECK_MSG(sf_inst_diff(&a, &b, NULL, 0)[0] != 0, "diff, no buffer: family %u, one field changed", i);
        /* a buffer of no bytes is no buffer: a fixed answer, nothing written (2026-12-05) */
        char nb[2] = "x";
        const char *r = sf_inst_diff(&a, &b, nb, 0);
        SF_CHECK_MSG(r != nb && r[0] != 0 && nb[0] == 'x', "diff, a buffer of 0 bytes: family %u", i);
        if (fams[i] == SF_FAMILY_D3D) { /* said "" for two different instructions without a buffer */
          SF_CHECK(sf_d3d_inst_diff(&a.d3d, &b.d3d, NULL, 64)[0] != 0);
          SF_CHECK(sf_d3d_inst_diff(&a.d3d, &b.d3d, nb, 0)[0] != 0 && nb[0] == 'x');
          SF_CHECK_STR(sf_d3d_inst_diff(&a.d3d, &a.d3d, NULL, 64), "");
        }
      }
    }
}

/* A buffer records why it failed, so a writer's result does not depend on the caller's status: a
 * write past the cap fails with SF_ERR_LIMIT, appends nothing, and later writes fail alike. */
static void buffer_records_why(void) {
  for (int with_status = 0; with_status < 2; with_status++) {
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, with_status ? &st : NULL);
    b.limit = 6;
    SF_CHECK(sf_buf_put(&b, "abcd", 4));
    SF_CHECK_EQ_U(sf_buf_code(&b), SF_OK);
    SF_CHECK(!sf_buf_put(&b, "efg", 3));
    SF_CHECK_EQ_U(b.len, 4);
    SF_CHECK_EQ_U(sf_buf_code(&b), SF_ERR_LIMIT);
    SF_CHECK(!sf_wr_u8(&b, 1));
    SF_CHECK_EQ_U(sf_buf_code(&b), SF_ERR_LIMIT);
    if (with_status) SF_CHECK_EQ_U(st.code, SF_ERR_LIMIT);
    sf_buf_free(&b);
    /* A writer into a buffer too small for one instruction reports the buffer's reason. */
    sf_inst in = good_3d();
    sf_buf_init(&b, with_status ? &st : NULL);
    b.limit = 3;
    sf_status_clear(&st);
    SF_CHECK_EQ_U(sf_visa_encode(&in, &b, with_status ? &st : NULL), SF_ERR_LIMIT);
    SF_CHECK_EQ_U(b.len, 0);
    sf_buf_free(&b);
  }
}

int main(void) {
  SF_RUN(buffer_records_why);
  SF_RUN(valid_examples_pass);
  SF_RUN(unorm_rules);
  SF_RUN(s3d_rules);
  SF_RUN(avs_rules);
  SF_RUN(canonical_clears_dont_care);
  SF_RUN(canonical_zeroes_unused_fields);
  SF_RUN(tables);
  SF_RUN(equality_sees_every_encoded_bit);
  SF_RUN(equality_sees_family);
  SF_TEST_END();
}
