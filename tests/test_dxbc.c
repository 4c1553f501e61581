/* tests/test_dxbc.c — known-answer and round-trip tests for the TPF codec and the DXBC container.
 *
 * Expected token sequences come from docs/dxbc.md (fxc output found in real
 * blobs); expected checksums from real fxc containers (cited at each vector). */
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/dxbc.h"
#include "tests/sf_test.h"
#include "tests/test_dxbc_gen.h"

/* ---- helpers ------------------------------------------------------------------------------- */

static bool contains(const uint8_t *h, size_t n, const char *needle) {
  size_t k = strlen(needle);
  for (size_t i = 0; i + k <= n; i++)
    if (memcmp(h + i, needle, k) == 0) return true;
  return false;
}

static void to_bytes(const uint32_t *t, size_t n, uint8_t *out) {
  for (size_t i = 0; i < n; i++) {
    out[4 * i] = (uint8_t)t[i];
    out[4 * i + 1] = (uint8_t)(t[i] >> 8);
    out[4 * i + 2] = (uint8_t)(t[i] >> 16);
    out[4 * i + 3] = (uint8_t)(t[i] >> 24);
  }
}

/* Decodes tok, checks decode length, re-encodes and compares byte for byte; prints and compares
 * with the fxc text; parses the text and re-encodes. */
static void kat(const char *text, const uint32_t *tok, size_t n) {
  sf_status st;
  sf_status_clear(&st);
  sf_d3d_inst d;
  size_t used = 0;
  sf_code c = sf_tpf_decode_inst(tok, n, 0, &d, &used, &st);
  SF_CHECK_MSG(c == SF_OK, "%s: decode: %s", text, st.msg);
  SF_CHECK_EQ_U(used, n);
  uint32_t out[SF_TPF_MAX_INST_LEN];
  size_t m = 0;
  c = sf_tpf_encode_inst(&d, out, &m, &st);
  SF_CHECK_MSG(c == SF_OK, "%s: encode: %s", text, st.msg);
  SF_CHECK_MEM(out, m * 4, tok, n * 4);
  char buf[512];
  c = sf_d3dasm_print_inst(&d, buf, sizeof buf, &st);
  SF_CHECK(c == SF_OK);
  SF_CHECK_STR(buf, text);
  sf_d3d_inst p;
  c = sf_d3dasm_parse_inst(text, strlen(text), 1, &p, &st);
  SF_CHECK_MSG(c == SF_OK, "%s: parse: %s", text, st.msg);
  char diff[160];
  SF_CHECK_MSG(sf_d3d_inst_equal(&p, &d), "%s: %s", text, sf_d3d_inst_diff(&p, &d, diff, sizeof diff));
  c = sf_tpf_encode_inst(&p, out, &m, &st);
  SF_CHECK(c == SF_OK);
  SF_CHECK_MEM(out, m * 4, tok, n * 4);
  sf_violations v;
  memset(&v, 0, sizeof v);
  SF_CHECK_MSG(sf_d3d_inst_validate(&d, &v) == 0, "%s: %s", text, v.count ? v.v[0].reason : "");
}

#define KAT(text, ...)                                         \
  do {                                                         \
    static const uint32_t t_[] = {__VA_ARGS__};                \
    kat(text, t_, sizeof t_ / sizeof t_[0]);                   \
  } while (0)

/* ---- §2.5: whole sample-family instructions as fxc emits them ------------------------------ */

static void test_kat_fxc_instructions(void) {
  /* docs/dxbc.md (fxc blobs from vkd3d tests/d3d12.c, ps_5_0) */
  KAT("sample_indexable(texture2d)(float,float,float,float) o0.xyzw, r0.xyxx, t0.xyzw, s0", 0x8b000045, 0x800000c2,
      0x00155543, 0x001020f2, 0x00000000, 0x00100046, 0x00000000, 0x00107e46, 0x00000000, 0x00106000, 0x00000000);
  /* §2.5 sample_b / sample_l (ps_4_0) */
  KAT("sample_b o0.xyzw, r0.xyxx, t0.xyzw, s0, cb0[0].x", 0x0c00004a, 0x001020f2, 0x00000000, 0x00100046, 0x00000000,
      0x00107e46, 0x00000000, 0x00106000, 0x00000000, 0x0020800a, 0x00000000, 0x00000000);
  KAT("sample_l o0.xyzw, r0.xyxx, t0.xyzw, s0, cb0[0].x", 0x0c000048, 0x001020f2, 0x00000000, 0x00100046, 0x00000000,
      0x00107e46, 0x00000000, 0x00106000, 0x00000000, 0x0020800a, 0x00000000, 0x00000000);
  /* §2.5 sample_d_indexable (ps_5_0) */
  KAT("sample_d_indexable(texture2d)(float,float,float,float) o0.xyzw, r0.xyxx, t0.xyzw, s0, cb0[0].xyxx, cb0[0].zwzz",
      0x91000049, 0x800000c2, 0x00155543, 0x001020f2, 0x00000000, 0x00100046, 0x00000000, 0x00107e46, 0x00000000,
      0x00106000, 0x00000000, 0x00208046, 0x00000000, 0x00000000, 0x00208ae6, 0x00000000, 0x00000000);
  /* §2.5 sample_c_lz (ps_4_1) */
  KAT("sample_c_lz r0.x, r0.xyzx, t0.xxxx, s0, cb0[0].x", 0x0c000047, 0x00100012, 0x00000000, 0x00100246, 0x00000000,
      0x00107006, 0x00000000, 0x00106000, 0x00000000, 0x0020800a, 0x00000000, 0x00000000);
  /* §2.5 sample_c_lz_aoffimmi_indexable: SAMPLE_CONTROLS, RESOURCE_DIM, RETURN_TYPE in fxc's order */
  KAT("sample_c_lz_aoffimmi_indexable(4,4,0)(texture2darray)(float,float,float,float) r0.x, r0.xyzx, t0.xxxx, s0, "
      "cb0[0].x",
      0x8f000047, 0x80008801, 0x80000202, 0x00155543, 0x00100012, 0x00000000, 0x00100246, 0x00000000, 0x00107006,
      0x00000000, 0x00106000, 0x00000000, 0x0020800a, 0x00000000, 0x00000000);
  /* §2.5 own generated, accepted by vkd3d: negative offsets, SM4 and SM5 */
  KAT("sample_aoffimmi(1,-1,0) o0.xyzw, v0.xyxx, t0.xyzw, s0", 0x8a000045, 0x0001e201, 0x001020f2, 0x00000000,
      0x00101046, 0x00000000, 0x00107e46, 0x00000000, 0x00106000, 0x00000000);
  KAT("sample_aoffimmi_indexable(-1,0,0)(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0", 0x8c000045,
      0x80001e01, 0x800000c2, 0x00155543, 0x001020f2, 0x00000000, 0x00101046, 0x00000000, 0x00107e46, 0x00000000,
      0x00106000, 0x00000000);
}

/* ---- §2.3: operand encodings ------------------------------------------------------------------ */

static void test_kat_operands(void) {
  /* An explicit (0,0,0) SAMPLE_CONTROLS token is kept and printed (§3: fxc prints sample_aoffimmi(0,0,0)). */
  KAT("sample_aoffimmi(0,0,0) o0.xyzw, v0.xyxx, t0.xyzw, s0", 0x8a000045, 0x00000001, 0x001020f2, 0x00000000,
      0x00101046, 0x00000000, 0x00107e46, 0x00000000, 0x00106000, 0x00000000);
  /* Modifiers: extended operand token 0x41 (-), 0x81 (|.|), 0xc1 (-|.|), §2.3. r0.x select_1 = 0x0010000a. */
  KAT("sample_b r0.xy, r0.xyxx, t0.xyzw, s0, -r0.x", 0x0c00004a, 0x00100032, 0x00000000, 0x00100046, 0x00000000,
      0x00107e46, 0x00000000, 0x00106000, 0x00000000, 0x8010000a, 0x00000041, 0x00000000);
  KAT("sample_b r0.xy, |r0.xyxx|, t0.xyzw, s0, -|r0.x|", 0x0d00004a, 0x00100032, 0x00000000, 0x80100046, 0x00000081,
      0x00000000, 0x00107e46, 0x00000000, 0x00106000, 0x00000000, 0x8010000a, 0x000000c1, 0x00000000);
  /* Immediates l(x) = 00004001 x and l(a,b,c,d) = 00004002 a b c d (§2.3); 0.5f = 0x3f000000. */
  KAT("sample_l o0.xyzw, l(0.500000, 0.250000, 0.000000, 1.000000), t1.xyzw, s2, l(2.000000)", 0x0e000048, 0x001020f2,
      0x00000000, 0x00004002, 0x3f000000, 0x3e800000, 0x00000000, 0x3f800000, 0x00107e46, 0x00000001, 0x00106000,
      0x00000002, 0x00004001, 0x40000000);
  /* Indexable temp x1[3] (type 3, 2-D: 0x0020_3___) and input v2 as address. */
  KAT("sample x1[3].xyzw, v2.xyxx, t0.yzxw, s0", 0x0a000045, 0x002030f2, 0x00000001, 0x00000003, 0x00101046,
      0x00000002, 0x00107c96 /* t0.yzxw: swizzle 1|2<<2|0<<4|3<<6 = 0xc9 */, 0x00000000, 0x00106000, 0x00000000);
  /* Relative indexing cb0[r1.x + 2]: index 1 representation 3 (imm32 + relative) = bits [27:25] = 3, then the
   * immediate 2, then the nested operand r1.x (0x0010000a, 1). */
  KAT("sample o0.xyzw, cb0[r1.x + 2].xyzw, t0.xyzw, s0", 0x0c000045, 0x001020f2, 0x00000000, 0x06208e46, 0x00000000,
      0x00000002, 0x0010000a, 0x00000001, 0x00107e46, 0x00000000, 0x00106000, 0x00000000);
  /* Pure relative (representation 2): no immediate DWORD; fxc prints it `x0[r2.y + 0]` (its listing of
   * DirectXTK's PostProcess_PSDownScale4x4 says `cb0[r1.x + 0]` over such an index). */
  KAT("sample o0.xyzw, x0[r2.y + 0].xyxx, t0.xyzw, s0", 0x0b000045, 0x001020f2, 0x00000000, 0x04203046, 0x00000000,
      0x0010001a, 0x00000002, 0x00107e46, 0x00000000, 0x00106000, 0x00000000);
  /* Representation 3 with offset 0 (fxc does not write it): our spelling `[0 + r2.y]`. */
  KAT("sample o0.xyzw, x0[0 + r2.y].xyxx, t0.xyzw, s0", 0x0c000045, 0x001020f2, 0x00000000, 0x06203046, 0x00000000,
      0x00000000, 0x0010001a, 0x00000002, 0x00107e46, 0x00000000, 0x00106000, 0x00000000);
  /* select_1 .x differs from replicate swizzle .xxxx (§2.3: 0x...0a vs 0x...06). */
  KAT("sample_c o0.x, v0.xyxx, t0.xxxx, s0, v0.z", 0x0b000046, 0x00102012, 0x00000000, 0x00101046, 0x00000000,
      0x00107006, 0x00000000, 0x00106000, 0x00000000, 0x0010102a, 0x00000000);
  KAT("sample_c o0.x, v0.zzzz, t0.xxxx, s0, v0.z", 0x0b000046, 0x00102012, 0x00000000, 0x00101aa6, 0x00000000,
      0x00107006, 0x00000000, 0x00106000, 0x00000000, 0x0010102a, 0x00000000);
}

/* ---- Error handling ------------------------------------------------------------------------------ */

static void expect_dec(const uint32_t *t, size_t n, sf_code want, uint64_t pos, const char *why) {
  sf_status st;
  sf_status_clear(&st);
  sf_d3d_inst d;
  size_t used;
  sf_code c = sf_tpf_decode_inst(t, n, 0, &d, &used, &st);
  SF_CHECK_MSG(c == want, "%s: got %s (%s), want %s", why, sf_code_name(c), st.msg, sf_code_name(want));
  if (c != SF_OK) {
    SF_CHECK_MSG(st.pos_kind == SF_POS_DWORD && st.pos == pos, "%s: position %llu, want %llu (%s)", why,
                 (unsigned long long)st.pos, (unsigned long long)pos, st.msg);
    SF_CHECK(st.msg[0] != 0);
  }
}

static void test_token_errors(void) {
  uint32_t good[] = {0x8a000045, 0x0001e201, 0x001020f2, 0x00000000, 0x00101046, 0x00000000,
                     0x00107e46, 0x00000000, 0x00106000, 0x00000000};
  uint32_t t[16];
  expect_dec(good, 10, SF_OK, 0, "good");
  expect_dec(good, 9, SF_ERR_TRUNCATED, 0, "length overruns the input");
  expect_dec(good, 0, SF_ERR_TRUNCATED, 0, "no input");
  expect_dec(NULL, 0, SF_ERR_TRUNCATED, 0, "no input, NULL");
  { /* a NULL token pointer with tokens claimed is a NULL argument (it read as "no input" until 2026-11-29) */
    sf_status st;
    sf_status_clear(&st);
    sf_d3d_inst d;
    size_t used = 7;
    SF_CHECK(sf_tpf_decode_inst(NULL, 10, 0, &d, &used, &st) == SF_ERR_INVALID);
    SF_CHECK_EQ_U(used, 0);
  }
  memcpy(t, good, sizeof good);
  t[0] &= 0x80ffffffu;
  expect_dec(t, 10, SF_ERR_INVALID, 0, "length 0");
  memcpy(t, good, sizeof good);
  t[0] = (t[0] & 0x80ffffffu) | (9u << 24);
  expect_dec(t, 10, SF_ERR_TRUNCATED, 9, "length one short: the sampler index is missing");
  memcpy(t, good, sizeof good);
  t[4] = (t[4] & ~0x000ff000u) | (50u << 12);
  expect_dec(t, 10, SF_ERR_INVALID, 4, "unknown operand type 50");
  memcpy(t, good, sizeof good);
  t[4] = (t[4] & ~0x000ff000u) | (17u << 12);
  expect_dec(t, 10, SF_UNSUPPORTED, 4, "function-body operand type");
  memcpy(t, good, sizeof good);
  t[4] |= 5u << 22;
  expect_dec(t, 10, SF_ERR_INVALID, 4, "index representation 5");
  memcpy(t, good, sizeof good);
  t[4] |= 1u << 22;
  expect_dec(t, 10, SF_UNSUPPORTED, 4, "imm64 index");
  memcpy(t, good, sizeof good);
  t[1] |= 0x80000000u; /* chain continues into the dst operand token (type 0x32 & 0x3f = 50: unknown) */
  expect_dec(t, 10, SF_ERR_INVALID, 2, "chain runs into operands");
  {
    uint32_t u[] = {0x82000045, 0x80000001}; /* length 2: opcode + one ext token whose chain never ends */
    expect_dec(u, 2, SF_ERR_INVALID, 2, "extended-token chain never ends");
  }
  memcpy(t, good, sizeof good);
  t[1] |= 0x40u; /* SAMPLE_CONTROLS reserved bit 6 */
  expect_dec(t, 10, SF_ERR_INVALID, 1, "reserved bits in SAMPLE_CONTROLS");
  memcpy(t, good, sizeof good);
  t[0] |= 1u << 11;
  expect_dec(t, 10, SF_ERR_INVALID, 0, "reserved opcode control bit");
  memcpy(t, good, sizeof good);
  t[2] |= 3u << 2; /* selection mode 3 */
  expect_dec(t, 10, SF_ERR_INVALID, 2, "selection mode 3");
  memcpy(t, good, sizeof good);
  t[8] |= 0x10; /* 0-component sampler with component bits */
  expect_dec(t, 10, SF_ERR_INVALID, 8, "junk component bits on s0");
  memcpy(t, good, sizeof good);
  t[0] = (t[0] & ~0x7ffu) | 0x36; /* mov is not ours */
  expect_dec(t, 10, SF_ERR_INVALID, 0, "not a sample op");
  {
    /* Duplicate SAMPLE_CONTROLS token. */
    uint32_t u[] = {0x8b000045, 0x80000001, 0x00000001, 0x001020f2, 0, 0x00101046, 0, 0x00107e46, 0, 0x00106000, 0};
    expect_dec(u, 11, SF_ERR_INVALID, 2, "duplicate SAMPLE_CONTROLS");
  }
  {
    /* Extended operand token with an unknown modifier (4). */
    uint32_t u[] = {0x0b000045, 0x001020f2, 0, 0x80101046, 0x00000101, 0, 0x00107e46, 0, 0x00106000, 0, 0};
    u[0] = 0x0a000045;
    expect_dec(u, 10, SF_ERR_INVALID, 4, "modifier 4");
  }
  {
    /* Six source operands. */
    uint32_t u[32] = {0};
    size_t n = 0;
    u[n++] = 0;
    u[n++] = 0x00100012, u[n++] = 0;
    for (int i = 0; i < 6; i++) u[n++] = 0x0010000a, u[n++] = 0;
    u[0] = 0x45 | ((uint32_t)n << 24);
    expect_dec(u, n, SF_ERR_INVALID, 13, "six sources");
  }
}

/* ---- Properties ------------------------------------------------------------------------------ */

/* tokens -> inst -> tokens over generated instructions, and over random mutations of them: any
 * token sequence the decoder accepts must re-encode to exactly the same tokens. */
static void test_roundtrip_tokens(void) {
  uint64_t seed = 0x5eed0001;
  unsigned accepted = 0, mutated_ok = 0;
  for (unsigned it = 0; it < 20000; it++) {
    tg_opts g = {(it & 1) != 0, (it & 2) != 0, 0};
    g.dim = tg_dim(&seed);
    sf_d3d_inst d;
    tg_inst(&seed, &d, &g);
    sf_status st;
    sf_status_clear(&st);
    uint32_t t[SF_TPF_MAX_INST_LEN], u[SF_TPF_MAX_INST_LEN];
    size_t n = 0, m = 0, used = 0;
    sf_code c = sf_tpf_encode_inst(&d, t, &n, &st);
    SF_CHECK_MSG(c == SF_OK, "encode: %s", st.msg);
    if (c) continue;
    sf_d3d_inst e;
    c = sf_tpf_decode_inst(t, n, 0, &e, &used, &st);
    SF_CHECK_MSG(c == SF_OK, "decode: %s", st.msg);
    if (c) continue;
    char diff[160];
    SF_CHECK_MSG(sf_d3d_inst_equal(&d, &e), "inst differs: %s", sf_d3d_inst_diff(&d, &e, diff, sizeof diff));
    c = sf_tpf_encode_inst(&e, u, &m, &st);
    SF_CHECK(c == SF_OK);
    SF_CHECK_MEM(u, m * 4, t, n * 4);
    if (!g.wild) {
      sf_violations v;
      memset(&v, 0, sizeof v);
      SF_CHECK_MSG(sf_d3d_inst_validate(&d, &v) == 0, "generated instruction invalid: %s", v.count ? v.v[0].reason : "");
    }
    accepted++;
    /* Mutations: flip 1-3 random bits of the token stream. */
    for (unsigned k = 0; k < 10; k++) {
      uint32_t w[SF_TPF_MAX_INST_LEN];
      memcpy(w, t, n * 4);
      unsigned flips = 1 + tg_r(&seed, 3);
      for (unsigned f = 0; f < flips; f++) w[tg_r(&seed, (unsigned)n)] ^= 1u << tg_r(&seed, 32);
      sf_status_clear(&st);
      c = sf_tpf_decode_inst(w, n, 0, &e, &used, &st);
      if (c != SF_OK) {
        SF_CHECK(st.code == c && st.pos_kind == SF_POS_DWORD && st.msg[0]);
        continue;
      }
      c = sf_tpf_encode_inst(&e, u, &m, &st);
      SF_CHECK_MSG(c == SF_OK, "re-encode of an accepted mutation: %s", st.msg);
      SF_CHECK_EQ_U(m, used);
      SF_CHECK_MEM(u, m * 4, w, used * 4);
      mutated_ok++;
    }
  }
  SF_CHECK(accepted == 20000);
  SF_CHECK(mutated_ok > 10000); /* the property was exercised on many accepted mutants */
  /* An N-component operand (num components 3), which the decoder refuses as unsupported, is refused
   * the same way by the encoder, in the destination, a source and a relative index alike (it used to
   * be written, as tokens its own decoder refused). */
  for (unsigned where = 0; where < 3; where++) {
    tg_opts g = {false, false, 0};
    g.dim = tg_dim(&seed);
    sf_d3d_inst d;
    tg_inst(&seed, &d, &g);
    sf_d3d_opnd *o = where == 0 ? &d.dst : &d.src[0];
    if (where == 2) {
      o->type = SF_D3D_OT_TEMP;
      o->index_dim = 1;
      o->idx[0].rep = SF_D3D_IDX_REL;
      o->idx[0].imm = 0;
      memset(&o->idx[0].rel, 0, sizeof o->idx[0].rel);
      o->idx[0].rel.type = SF_D3D_OT_TEMP;
      o->idx[0].rel.index_dim = 1;
      o->idx[0].rel.num_comp = SF_D3D_NC_N;
    } else {
      o->num_comp = SF_D3D_NC_N;
      o->sel_mode = 0;
      o->comp_bits = 0;
    }
    sf_status st;
    sf_status_clear(&st);
    uint32_t t[SF_TPF_MAX_INST_LEN];
    size_t n = 0;
    sf_code c = sf_tpf_encode_inst(&d, t, &n, &st);
    SF_CHECK_MSG(c == SF_UNSUPPORTED && strstr(st.msg, "N-component"), "N-component operand %u: %s (%s)", where,
                 sf_code_name(c), st.msg);
  }
}

/* Validation spots the spec violations of Microsoft's "sample (sm4 - asm)" reference. */
static bool has_rule(const sf_violations *v, const char *rule) {
  for (unsigned i = 0; i < v->count; i++)
    if (strcmp(v->v[i].rule, rule) == 0) return true;
  return false;
}

static void test_validate(void) {
  uint64_t seed = 7;
  tg_opts g = {false, true, SF_D3D_DIM_TEX2D};
  sf_d3d_inst d, e;
  tg_inst(&seed, &d, &g);
  d.has_aoffimmi = true;
  d.ext_order[0] = 1, d.ext_order[1] = 2, d.ext_order[2] = 3;
  sf_violations v;
  memset(&v, 0, sizeof v);
  SF_CHECK_EQ_U(sf_d3d_inst_validate(&d, &v), 0);
#define EXPECT_RULE(mut, rule)                       \
  do {                                               \
    e = d;                                           \
    mut;                                             \
    memset(&v, 0, sizeof v);                         \
    sf_d3d_inst_validate(&e, &v);                    \
    SF_CHECK_MSG(has_rule(&v, rule), "%s", rule);    \
  } while (0)
  EXPECT_RULE(e.aoffimmi[0] = 8, "d3d.aoffimmi.range");
  EXPECT_RULE(e.aoffimmi[2] = -9, "d3d.aoffimmi.range");
  EXPECT_RULE(e.resdim = SF_D3D_DIM_TEXCUBE, "d3d.aoffimmi.cube");
  EXPECT_RULE(e.resdim = SF_D3D_DIM_BUFFER, "d3d.resdim");
  EXPECT_RULE(e.dst.comp_bits = 0, "d3d.dst.mask");
  EXPECT_RULE(e.dst.type = SF_D3D_OT_INPUT, "d3d.dst.type");
  EXPECT_RULE(e.dst.modifier = 1, "d3d.dst.modifier");
  EXPECT_RULE(e.src[1].type = SF_D3D_OT_TEMP, "d3d.src.resource.type");
  EXPECT_RULE(e.src[2].type = SF_D3D_OT_RESOURCE, "d3d.src.sampler.type");
  EXPECT_RULE((e.src[1].idx[0].rep = SF_D3D_IDX_IMM32_REL, e.src[1].idx[0].rel.type = 0,
               e.src[1].idx[0].rel.num_comp = 2, e.src[1].idx[0].rel.sel_mode = 2, e.src[1].idx[0].rel.index_dim = 1),
              "d3d.src.relative");
  EXPECT_RULE(e.src[0].type = SF_D3D_OT_SAMPLER, "d3d.src.type");
  EXPECT_RULE(e.num_src = 2, "d3d.num_src");
  EXPECT_RULE((e.src[0].type = SF_D3D_OT_TEMP, e.src[0].num_comp = SF_D3D_NC_4, e.src[0].index_dim = 1,
               e.src[0].sel_mode = SF_D3D_SEL_MASK), "d3d.src.sel_mode");
  EXPECT_RULE(e.src[2].num_comp = SF_D3D_NC_4, "d3d.src.sampler.num_comp");
  EXPECT_RULE(e.rettype[1] = 0, "d3d.rettype");
  EXPECT_RULE(e.ext_order[0] = 2, "d3d.ext_order");
  EXPECT_RULE((e.dst.num_comp = SF_D3D_NC_1, e.dst.sel_mode = 0, e.dst.comp_bits = 0x3), "d3d.dst.mask");
  EXPECT_RULE(e.dst.index_dim = 3, "d3d.opnd.index_dim");
  EXPECT_RULE(e.op = 0x36, "d3d.op");
#undef EXPECT_RULE
  /* canonicalize is idempotent and keeps equality; diff names the field. */
  e = d;
  e.resdim_stride = 0;
  e.has_resdim = false;
  e.resdim = 9;
  sf_d3d_inst f = e;
  sf_d3d_inst_canonicalize(&f);
  SF_CHECK_EQ_U(f.resdim, 0);
  sf_d3d_inst h = f;
  sf_d3d_inst_canonicalize(&h);
  SF_CHECK(sf_d3d_inst_equal(&f, &h));
  char buf[160];
  e = d;
  e.src[1].idx[0].imm += 1;
  SF_CHECK(!sf_d3d_inst_equal(&d, &e));
  SF_CHECK(strstr(sf_d3d_inst_diff(&d, &e, buf, sizeof buf), "src[1].idx[0].imm") != NULL);
  SF_CHECK_STR(sf_d3d_inst_diff(&d, &d, buf, sizeof buf), "");
}

/* ---- Container ---------------------------------------------------------------------------------- */

/* A real fxc container (ps_5_0, RDEF + ISGN + OSGN + SHEX + STAT, 620 bytes): the mipmap blit pixel
 * shader embedded as a DWORD array in DuckStation's src/util/d3d12_device.cpp (s_mipmap_blit_ps). */
static const uint32_t blob_blit[] = {
    0x43425844, 0x25500f77, 0x71f24271, 0x5f83f8b8, 0x3f405943, 0x00000001, 0x0000026c, 0x00000005, 0x00000034,
    0x000000f0, 0x00000124, 0x00000158, 0x000001d0, 0x46454452, 0x000000b4, 0x00000000, 0x00000000, 0x00000002,
    0x0000003c, 0xffff0500, 0x00008100, 0x0000008b, 0x31314452, 0x0000003c, 0x00000018, 0x00000020, 0x00000028,
    0x00000024, 0x0000000c, 0x00000000, 0x0000007c, 0x00000003, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000001, 0x00000001, 0x00000085, 0x00000002, 0x00000005, 0x00000004, 0xffffffff, 0x00000000, 0x00000001,
    0x0000000d, 0x706d6173, 0x73735f30, 0x6d617300, 0x4d003070, 0x6f726369, 0x74666f73, 0x29522820, 0x534c4820,
    0x6853204c, 0x72656461, 0x6d6f4320, 0x656c6970, 0x30312072, 0xab00312e, 0x4e475349, 0x0000002c, 0x00000001,
    0x00000008, 0x00000020, 0x00000000, 0x00000000, 0x00000003, 0x00000000, 0x00000303, 0x43584554, 0x44524f4f,
    0xababab00, 0x4e47534f, 0x0000002c, 0x00000001, 0x00000008, 0x00000020, 0x00000000, 0x00000000, 0x00000003,
    0x00000000, 0x0000000f, 0x545f5653, 0x65677261, 0xabab0074, 0x58454853, 0x00000070, 0x00000050, 0x0000001c,
    0x0100086a, 0x0300005a, 0x00106000, 0x00000000, 0x04001858, 0x00107000, 0x00000000, 0x00005555, 0x03001062,
    0x00101032, 0x00000000, 0x03000065, 0x001020f2, 0x00000000, 0x8b000045, 0x800000c2, 0x00155543, 0x001020f2,
    0x00000000, 0x00101046, 0x00000000, 0x00107e46, 0x00000000, 0x00106000, 0x00000000, 0x0100003e, 0x54415453,
    0x00000094, 0x00000002, 0x00000000, 0x00000000, 0x00000002, 0x00000000, 0x00000000, 0x00000000, 0x00000001,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000001, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
    0x00000000, 0x00000000};

/* fxc containers from vkd3d tests/d3d12.c (execute_indirect_multi_dispatch_root_descriptors, cs_5_0, 172 bytes;
 * command_list_initial_pipeline_state, ps_5_0, 180 bytes). */
static const uint32_t blob_cs[] = {
    0x43425844, 0x9de05180, 0xc4ce6696, 0x888b971b, 0x17d7d33f, 0x00000001, 0x000000ac, 0x00000003, 0x0000002c,
    0x0000003c, 0x0000004c, 0x4e475349, 0x00000008, 0x00000000, 0x00000008, 0x4e47534f, 0x00000008, 0x00000000,
    0x00000008, 0x58454853, 0x00000058, 0x00050050, 0x00000016, 0x0100086a, 0x0400009e, 0x0011e000, 0x00000000,
    0x00000004, 0x0400009b, 0x00000001, 0x00000001, 0x00000001, 0x0a0000ad, 0x0011e000, 0x00000000, 0x00004002,
    0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00004001, 0x00000001, 0x0100003e};
static const uint32_t blob_ps[] = {
    0x43425844, 0x2f09e5ff, 0xaa135d5e, 0x7860f4b5, 0x5c7b8cbc, 0x00000001, 0x000000b4, 0x00000003, 0x0000002c,
    0x0000003c, 0x00000070, 0x4e475349, 0x00000008, 0x00000000, 0x00000008, 0x4e47534f, 0x0000002c, 0x00000001,
    0x00000008, 0x00000020, 0x00000000, 0x00000000, 0x00000003, 0x00000000, 0x0000000f, 0x545f5653, 0x65677261,
    0xabab0074, 0x58454853, 0x0000003c, 0x00000050, 0x0000000f, 0x0100086a, 0x03000065, 0x001020f2, 0x00000000,
    0x08000036, 0x001020f2, 0x00000000, 0x00004002, 0x00000000, 0x3e800000, 0x3f000000, 0x3f800000, 0x0100003e};

static void check_blob(const uint32_t *w, size_t nw) {
  uint8_t *b = malloc(nw * 4);
  to_bytes(w, nw, b);
  uint32_t sum[4];
  sf_dxbc_checksum(b, nw * 4, sum);
  SF_CHECK_MEM(sum, 16, w + 1, 16);
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc c;
  SF_CHECK_MSG(sf_dxbc_read(b, nw * 4, &c, &st) == SF_OK, "%s", st.msg);
  /* container -> container: byte-identical, checksum included */
  sf_buf out;
  sf_buf_init(&out, &st);
  SF_CHECK(sf_dxbc_write(c.chunks, c.nchunks, &out, &st) == SF_OK);
  SF_CHECK_MEM(out.data, out.len, b, nw * 4);
  /* program -> program */
  sf_tpf_program p;
  SF_CHECK_MSG(sf_dxbc_program(&c, &p, &st) == SF_OK, "%s", st.msg);
  sf_buf code;
  sf_buf_init(&code, &st);
  SF_CHECK(sf_tpf_program_encode(&p, &code, &st) == SF_OK);
  const sf_dxbc_chunk *ch = sf_dxbc_find(&c, SF_DXBC_SHEX);
  SF_CHECK(ch != NULL);
  if (ch) SF_CHECK_MEM(code.data, code.len, ch->data, ch->size);
  sf_buf_free(&code);
  sf_tpf_program_free(&p);
  sf_buf_free(&out);
  sf_dxbc_free(&c);
  free(b);
}

static void test_kat_real_containers(void) {
  check_blob(blob_blit, sizeof blob_blit / 4);
  check_blob(blob_cs, sizeof blob_cs / 4);
  check_blob(blob_ps, sizeof blob_ps / 4);
  /* The blit shader's program: 6 opaque declarations/ret around one decoded sample instruction. */
  uint8_t b[sizeof blob_blit];
  to_bytes(blob_blit, sizeof blob_blit / 4, b);
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc c;
  sf_tpf_program p;
  SF_CHECK(sf_dxbc_read(b, sizeof b, &c, &st) == SF_OK);
  SF_CHECK(sf_dxbc_program(&c, &p, &st) == SF_OK);
  SF_CHECK_EQ_U(p.version, 0x50);
  SF_CHECK_EQ_U(p.count, 7);
  if (p.count == 7) {
    SF_CHECK(p.items[5].kind == SF_TPF_ITEM_SAMPLE);
    SF_CHECK(p.items[5].inst->has_resdim && p.items[5].inst->resdim == SF_D3D_DIM_TEX2D);
  }
  sf_tpf_program_free(&p);
  sf_dxbc_free(&c);
}

/* docs/dxbc.md: the annotated 268-byte ps_4_0 container and its checksum. */
static void test_kat_annotated_container(void) {
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc_sig_elem in = {"TEXCOORD", 0, 0, 3, 0, 0xf, 0xf}, outp = {"SV_Target", 0, 0, 3, 0, 0xf, 0};
  sf_buf isgn, osgn, out;
  sf_buf_init(&isgn, &st);
  sf_buf_init(&osgn, &st);
  sf_buf_init(&out, &st);
  SF_CHECK(sf_dxbc_write_signature(&in, 1, &isgn, &st) == SF_OK);
  SF_CHECK(sf_dxbc_write_signature(&outp, 1, &osgn, &st) == SF_OK);
  SF_CHECK_EQ_U(isgn.len, 44);
  SF_CHECK_EQ_U(osgn.len, 44);
  static const uint32_t shdr[] = {0x00000040, 0x0000001c, 0x0300005a, 0x00106000, 0x00000000, 0x04001858, 0x00107000,
                                  0x00000000, 0x00005555, 0x03001062, 0x001010f2, 0x00000000, 0x03000065, 0x001020f2,
                                  0x00000000, 0x02000068, 0x00000001, 0x8a000045, 0x0001e201, 0x001020f2, 0x00000000,
                                  0x00101046, 0x00000000, 0x00107e46, 0x00000000, 0x00106000, 0x00000000, 0x0100003e};
  uint8_t code[sizeof shdr];
  to_bytes(shdr, sizeof shdr / 4, code);
  sf_dxbc_chunk ch[3] = {{SF_DXBC_ISGN, 0, (uint32_t)isgn.len, isgn.data},
                         {SF_DXBC_OSGN, 0, (uint32_t)osgn.len, osgn.data},
                         {SF_DXBC_SHDR, 0, sizeof code, code}};
  SF_CHECK(sf_dxbc_write(ch, 3, &out, &st) == SF_OK);
  SF_CHECK_EQ_U(out.len, 268);
  static const uint32_t want[4] = {0x7140c853, 0x2ea2fa1b, 0x3e02c90f, 0x5f5aa322};
  if (out.len >= 20) SF_CHECK_EQ_U(sf_le32(out.data + 4), want[0]);
  if (out.len >= 20) SF_CHECK_EQ_U(sf_le32(out.data + 16), want[3]);
  /* The chunk table: offsets 0x2c, 0x60, 0x94. */
  if (out.len >= 44) {
    SF_CHECK_EQ_U(sf_le32(out.data + 32), 0x2c);
    SF_CHECK_EQ_U(sf_le32(out.data + 36), 0x60);
    SF_CHECK_EQ_U(sf_le32(out.data + 40), 0x94);
  }
  sf_buf_free(&isgn);
  sf_buf_free(&osgn);
  sf_buf_free(&out);
}

static void refresh_sum(uint8_t *b, size_t n) {
  uint32_t s[4];
  sf_dxbc_checksum(b, n, s);
  for (int i = 0; i < 4; i++) {
    b[4 + 4 * i] = (uint8_t)s[i];
    b[5 + 4 * i] = (uint8_t)(s[i] >> 8);
    b[6 + 4 * i] = (uint8_t)(s[i] >> 16);
    b[7 + 4 * i] = (uint8_t)(s[i] >> 24);
  }
}

static void put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

static void expect_read(const uint8_t *b, size_t n, sf_code want, uint64_t pos, const char *why) {
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc c;
  sf_code r = sf_dxbc_read(b, n, &c, &st);
  SF_CHECK_MSG(r == want, "%s: got %s (%s)", why, sf_code_name(r), st.msg);
  if (r) SF_CHECK_MSG(st.pos_kind == SF_POS_BYTE && st.pos == pos, "%s: pos %llu want %llu: %s", why,
                      (unsigned long long)st.pos, (unsigned long long)pos, st.msg);
  sf_dxbc_free(&c);
}

static void test_container_errors(void) {
  const size_t n = sizeof blob_ps;
  uint8_t g[sizeof blob_ps], b[sizeof blob_ps];
  to_bytes(blob_ps, n / 4, g);
  expect_read(g, n, SF_OK, 0, "good");
  expect_read(g, 0, SF_ERR_TRUNCATED, 0, "empty");
  expect_read(g, 20, SF_ERR_TRUNCATED, 20, "header cut");
  memcpy(b, g, n), b[0] = 'X';
  expect_read(b, n, SF_ERR_INVALID, 0, "magic");
  memcpy(b, g, n), b[100] ^= 1;
  expect_read(b, n, SF_ERR_CHECKSUM, 4, "checksum");
  /* One zero word is a wrong checksum; all four zero is an unsigned container (docs/dxbc.md §1.2):
   * it reads, says so, and writes back and prints and parses to the same bytes. */
  memcpy(b, g, n), put32(b + 8, 0);
  expect_read(b, n, SF_ERR_CHECKSUM, 4, "one zero checksum word");
  memcpy(b, g, n), memset(b + 4, 0, 16);
  {
    sf_status st;
    sf_status_clear(&st);
    sf_dxbc c;
    SF_CHECK_EQ_U(sf_dxbc_read(b, n, &c, &st), SF_OK);
    SF_CHECK(c.zero_checksum);
    sf_buf w, t, back;
    sf_buf_init(&w, &st);
    sf_buf_init(&t, &st);
    sf_buf_init(&back, &st);
    SF_CHECK_EQ_U(sf_dxbc_write_ex(c.chunks, c.nchunks, SF_DXBC_WRITE_ZERO_CHECKSUM, &w, &st), SF_OK);
    SF_CHECK_MEM(w.data, w.len, b, n);
    sf_buf_free(&w);
    sf_buf_init(&w, &st);
    SF_CHECK_EQ_U(sf_dxbc_write(c.chunks, c.nchunks, &w, &st), SF_OK); /* signed again: the original */
    SF_CHECK_MEM(w.data, w.len, g, n);
    SF_CHECK_EQ_U(sf_dxbc_print_text(b, n, &t, &st), SF_OK);
    SF_CHECK(t.len > 15 && memcmp(t.data, ".dxbc unsigned ", 15) == 0);
    SF_CHECK_EQ_U(sf_dxbc_parse_text((const char *)t.data, t.len, &back, &st), SF_OK);
    SF_CHECK_MEM(back.data, back.len, b, n);
    sf_buf_free(&w);
    sf_buf_free(&t);
    sf_buf_free(&back);
    sf_dxbc_free(&c);
    sf_status_clear(&st);
    SF_CHECK_EQ_U(sf_dxbc_write_ex(NULL, 0, 4u, &w, &st), SF_ERR_INVALID); /* unknown flag */
    sf_buf_free(&w);
  }
  memcpy(b, g, n), put32(b + 20, 2), refresh_sum(b, n);
  expect_read(b, n, SF_ERR_INVALID, 20, "version");
  memcpy(b, g, n), put32(b + 24, (uint32_t)n + 4), refresh_sum(b, n);
  expect_read(b, n, SF_ERR_INVALID, 24, "total size");
  memcpy(b, g, n), put32(b + 28, 40), refresh_sum(b, n);
  expect_read(b, n, SF_ERR_TRUNCATED, 32, "chunk table past the end");
  memcpy(b, g, n), put32(b + 32, 0x10000), refresh_sum(b, n);
  expect_read(b, n, SF_ERR_RANGE, 32, "chunk offset out of range");
  memcpy(b, g, n), put32(b + 32, 8), refresh_sum(b, n);
  expect_read(b, n, SF_ERR_RANGE, 32, "chunk inside the header");
  memcpy(b, g, n), put32(b + 0x2c + 4, 0x1000), refresh_sum(b, n);
  expect_read(b, n, SF_ERR_RANGE, 0x2c + 4, "chunk size out of range");
  memcpy(b, g, n), put32(b + 36, 0x2c), refresh_sum(b, n);
  expect_read(b, n, SF_ERR_INVALID, 36, "overlapping chunks");
  memcpy(b, g, n), put32(b + 0x2c + 4, 12), refresh_sum(b, n); /* ISGN grows into OSGN */
  expect_read(b, n, SF_ERR_INVALID, 36, "chunk grows into the next");
}

static void expect_prog(const uint32_t *t, size_t nt, size_t nbytes, sf_code want, uint64_t pos, const char *why) {
  uint8_t b[256];
  to_bytes(t, nt, b);
  sf_status st;
  sf_status_clear(&st);
  sf_tpf_program p;
  sf_code r = sf_tpf_program_decode(b, nbytes, &p, &st);
  SF_CHECK_MSG(r == want, "%s: got %s (%s)", why, sf_code_name(r), st.msg);
  if (r) SF_CHECK_MSG(st.pos_kind == SF_POS_DWORD && st.pos == pos, "%s: pos %llu want %llu: %s", why,
                      (unsigned long long)st.pos, (unsigned long long)pos, st.msg);
  sf_tpf_program_free(&p);
}

static void test_program_errors(void) {
  uint32_t t[] = {0x00000040, 0x00000005, 0x02000068, 0x00000001, 0x0100003e};
  expect_prog(t, 5, 20, SF_OK, 0, "good");
  expect_prog(t, 5, 19, SF_ERR_TRUNCATED, 4, "not whole DWORDs");
  expect_prog(t, 5, 4, SF_ERR_TRUNCATED, 1, "no length token");
  t[1] = 6;
  expect_prog(t, 5, 20, SF_ERR_TRUNCATED, 1, "length token past the chunk");
  t[1] = 4;
  expect_prog(t, 5, 20, SF_ERR_TRAILING, 4, "trailing DWORD");
  t[1] = 1;
  expect_prog(t, 5, 20, SF_ERR_INVALID, 1, "length token 1");
  t[1] = 5;
  t[2] = 0x04000068;
  expect_prog(t, 5, 20, SF_ERR_TRUNCATED, 2, "instruction overruns");
  t[2] = 0x00000068;
  expect_prog(t, 5, 20, SF_ERR_INVALID, 2, "instruction length 0");
  t[2] = 0x00000035;
  t[3] = 1;
  expect_prog(t, 5, 20, SF_ERR_INVALID, 3, "customdata length 1");
  t[3] = 9;
  expect_prog(t, 5, 20, SF_ERR_TRUNCATED, 2, "customdata overruns");
  t[3] = 2;
  expect_prog(t, 5, 20, SF_OK, 0, "customdata of 2 DWORDs");
  /* A sample instruction inside a program reports its own DWORD position. */
  uint32_t s[] = {0x00000040, 0x0000000c, 0x8a000045, 0x0001e241, 0x001020f2, 0x00000000, 0x00101046, 0x00000000,
                  0x00107e46, 0x00000000, 0x00106000, 0x00000000};
  expect_prog(s, 12, 48, SF_ERR_INVALID, 3, "reserved bits in an embedded sample");
}

/* Wrap -> read -> rewrite is byte-identical; program decode/encode and text print/parse agree. */
static void test_roundtrip_containers(void) {
  uint64_t seed = 99;
  unsigned ok = 0;
  for (unsigned it = 0; it < 2000; it++) {
    tg_opts g = {(it % 3) == 0, (it & 1) != 0, 0};
    g.dim = tg_dim(&seed);
    sf_d3d_inst d;
    tg_inst(&seed, &d, &g);
    sf_status st;
    sf_status_clear(&st);
    sf_buf out;
    sf_buf_init(&out, &st);
    sf_code c = sf_dxbc_wrap_sample(&d, g.dim, &out, &st);
    SF_CHECK_MSG(c == SF_OK, "wrap: %s", st.msg);
    if (c) {
      sf_buf_free(&out);
      continue;
    }
    sf_dxbc con;
    c = sf_dxbc_read(out.data, out.len, &con, &st);
    SF_CHECK_MSG(c == SF_OK, "read: %s", st.msg);
    sf_buf again;
    sf_buf_init(&again, &st);
    SF_CHECK(sf_dxbc_write(con.chunks, con.nchunks, &again, &st) == SF_OK);
    SF_CHECK_MEM(again.data, again.len, out.data, out.len);
    sf_tpf_program p, q;
    c = sf_dxbc_program(&con, &p, &st);
    SF_CHECK_MSG(c == SF_OK, "program: %s", st.msg);
    if (!c) {
      /* program -> text -> program -> bytes */
      sf_buf text, code;
      sf_buf_init(&text, &st);
      sf_buf_init(&code, &st);
      SF_CHECK(sf_d3dasm_print_program(&p, &text, &st) == SF_OK);
      c = sf_d3dasm_parse_program((const char *)text.data, text.len, &q, &st);
      SF_CHECK_MSG(c == SF_OK, "parse program: %s", st.msg);
      if (!c) {
        SF_CHECK(sf_tpf_program_encode(&q, &code, &st) == SF_OK);
        const sf_dxbc_chunk *ch = sf_dxbc_find(&con, d.has_resdim ? SF_DXBC_SHEX : SF_DXBC_SHDR);
        SF_CHECK(ch != NULL);
        if (ch) SF_CHECK_MEM(code.data, code.len, ch->data, ch->size);
        /* Every declaration printed in its fxc form, none as .tpf. */
        SF_CHECK(!contains(text.data, text.len, ".tpf"));
        sf_tpf_program_free(&q);
      }
      sf_buf_free(&text);
      sf_buf_free(&code);
      sf_tpf_program_free(&p);
      ok++;
    }
    sf_buf_free(&again);
    sf_dxbc_free(&con);
    sf_buf_free(&out);
  }
  SF_CHECK_EQ_U(ok, 2000);
}

int main(void) {
  SF_RUN(test_kat_fxc_instructions);
  SF_RUN(test_kat_operands);
  SF_RUN(test_token_errors);
  SF_RUN(test_roundtrip_tokens);
  SF_RUN(test_validate);
  SF_RUN(test_kat_real_containers);
  SF_RUN(test_kat_annotated_container);
  SF_RUN(test_container_errors);
  SF_RUN(test_program_errors);
  SF_RUN(test_roundtrip_containers);
  SF_TEST_END();
}
