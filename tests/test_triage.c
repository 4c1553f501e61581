/* tests/test_triage.c — signatures, bucket ids and bucket tables (harness/triage, docs/design.md "Triage").
 *
 * Known answers: the XXH3-64 of the empty input (0x2d06800538d394c2) is xxHash's published sanity
 * value; the signature strings follow the `<oracle>-<check>-<family>-<op>[-<feature>]` rule. Property:
 * the bucket depends only on the symbolic fields and the key, never on the dump (which holds the
 * input bytes and numbers), so minimizing an input keeps its bucket. */
#include <string.h>
#include <xxhash.h>

#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"
#include "tests/sf_test.h"

static sf_inst sf_t_s3d(uint8_t op) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_3D;
  in.s3d.op = op;
  return in;
}

static void test_xxh3_known_answer(void) {
  /* xxHash's documented test vector: XXH3_64bits("", 0) with the default secret. */
  SF_CHECK_EQ_U(XXH3_64bits("", 0), 0x2d06800538d394c2ull);
}

static void test_signature_format(void) {
  sf_verdict v;
  sf_inst in = sf_t_s3d(SF_S3D_SAMPLE_L);
  char sig[SF_SIGNATURE_MAX];
  sf_verdict_init(&v, "visa_bin");
  SF_CHECK_STR(sf_triage_signature(&v, sig, sizeof sig), "visa_bin-pass");
  sf_verdict_fail(&v, "reencode", &in, "bytes");
  /* sf_s3d_op_name(0x02) is "sample_l" (inst.h table, IGC spelling). */
  SF_CHECK_STR(sf_triage_signature(&v, sig, sizeof sig), "visa_bin-reencode-sample_3d-sample_l-bytes");
  /* Only the first failure is kept. */
  sf_inst other = sf_t_s3d(SF_S3D_SAMPLE);
  sf_verdict_fail(&v, "redecode", &other, NULL);
  SF_CHECK_STR(sf_triage_signature(&v, sig, sizeof sig), "visa_bin-reencode-sample_3d-sample_l-bytes");
  /* No feature: no trailing dash. Names with '-' are folded to '_' so the fields stay separable. */
  sf_verdict w;
  sf_verdict_init(&w, "my-oracle");
  sf_verdict_fail(&w, "a-b", NULL, NULL);
  SF_CHECK_STR(sf_triage_signature(&w, sig, sizeof sig), "my_oracle-a_b-none-none");
  /* An op outside the table is "unknown" (never a number). */
  sf_inst odd = sf_t_s3d(0x7f);
  sf_verdict_init(&w, "visa_bin");
  sf_verdict_fail(&w, "decode", &odd, NULL);
  SF_CHECK_STR(sf_triage_signature(&w, sig, sizeof sig), "visa_bin-decode-sample_3d-unknown");
}

static void test_bucket_ignores_dump(void) {
  sf_inst in = sf_t_s3d(SF_S3D_SAMPLE_C);
  sf_verdict a, b;
  sf_verdict_init(&a, "visa_bin");
  sf_verdict_fail(&a, "redecode", &in, "params.off");
  sf_verdict_key(&a, "field=%s", "s3d.params.off");
  b = a;
  sf_verdict_dumpf(&a, "input: 6d 03 00 ...\n");
  sf_verdict_dumpf(&b, "input: 6d 03 00 11 22 33 44 55 (a longer, unminimized input)\n");
  SF_CHECK_EQ_U(sf_triage_bucket(&a), sf_triage_bucket(&b));
  /* The id is XXH3-64 of "signature\nkey": recompute it independently. */
  const char *text = "visa_bin-redecode-sample_3d-sample_c-params.off\nfield=s3d.params.off";
  SF_CHECK_EQ_U(sf_triage_bucket(&a), XXH3_64bits(text, strlen(text)));
  /* A different key or a different op gives a different bucket. */
  sf_verdict c = a;
  sf_verdict_key(&c, "field=%s", "s3d.dst.off");
  SF_CHECK(sf_triage_bucket(&c) != sf_triage_bucket(&a));
  sf_inst in2 = sf_t_s3d(SF_S3D_SAMPLE_B);
  sf_verdict d;
  sf_verdict_init(&d, "visa_bin");
  sf_verdict_fail(&d, "redecode", &in2, "params.off");
  sf_verdict_key(&d, "field=%s", "s3d.params.off");
  SF_CHECK(sf_triage_bucket(&d) != sf_triage_bucket(&a));
}

static void test_field_feature(void) {
  char f[SF_VERDICT_NAME_MAX];
  SF_CHECK_STR(sf_oracle_field_feature("s3d.params[2].off: 32 vs 0", f, sizeof f), "s3d.params.off");
  SF_CHECK_STR(sf_oracle_field_feature("unorm.u.region.vstride: 1 vs 2", f, sizeof f), "unorm.u.region.vstride");
  SF_CHECK_STR(sf_oracle_field_feature("", f, sizeof f), "");
  SF_CHECK_STR(sf_oracle_field_feature("d3d.src[1].idx[0].imm: 3 vs 4", f, sizeof f), "d3d.src.idx.imm");
  char tiny[4];
  SF_CHECK_STR(sf_oracle_field_feature("abcdef", tiny, sizeof tiny), "abc");
}

static void test_dump_is_capped(void) {
  sf_verdict v;
  sf_verdict_init(&v, "x");
  uint8_t bytes[600];
  for (size_t i = 0; i < sizeof bytes; i++) bytes[i] = (uint8_t)i;
  for (int i = 0; i < 200; i++) sf_verdict_dump_hex(&v, "block", bytes, sizeof bytes);
  SF_CHECK(v.dump_len < sizeof v.dump);
  SF_CHECK_EQ_U(strlen(v.dump), v.dump_len);
  SF_CHECK(strstr(v.dump, "block (600 bytes):\n    00 01 02") == v.dump);
}

static void test_bucket_table(void) {
  sf_bucket_table t;
  sf_status st;
  sf_status_clear(&st);
  sf_bucket_table_init(&t);
  sf_inst l = sf_t_s3d(SF_S3D_SAMPLE_L), c = sf_t_s3d(SF_S3D_SAMPLE_C);
  sf_verdict a, b;
  sf_verdict_init(&a, "visa_bin");
  sf_verdict_fail(&a, "reencode", &l, "bytes");
  sf_verdict_init(&b, "diff");
  sf_verdict_fail(&b, "lanes", &c, "compare");
  /* Three reproducers of a, two of b; the smallest path per bucket is kept (ties: first by name). */
  SF_CHECK_EQ_U(sf_bucket_table_add(&t, &a, "visa_bin_fuzzer", "crash-3", 30, &st), SF_OK);
  SF_CHECK_EQ_U(sf_bucket_table_add(&t, &b, "sample_diff_fuzzer", "d-big", 90, &st), SF_OK);
  SF_CHECK_EQ_U(sf_bucket_table_add(&t, &a, "visa_bin_fuzzer", "crash-2", 12, &st), SF_OK);
  SF_CHECK_EQ_U(sf_bucket_table_add(&t, &a, "visa_bin_fuzzer", "crash-1", 12, &st), SF_OK);
  SF_CHECK_EQ_U(sf_bucket_table_add(&t, &b, "sample_diff_fuzzer", "d-small", 40, &st), SF_OK);
  SF_CHECK_EQ_U(t.n, 2);
  sf_bucket_table_sort(&t);
  SF_CHECK_EQ_U(t.b[0].count, 3);
  SF_CHECK_STR(t.b[0].signature, "visa_bin-reencode-sample_3d-sample_l-bytes");
  SF_CHECK_STR(t.b[0].smallest, "crash-1");
  SF_CHECK_EQ_U(t.b[0].smallest_size, 12);
  SF_CHECK_EQ_U(t.b[1].count, 2);
  SF_CHECK_STR(t.b[1].smallest, "d-small");
  SF_CHECK_EQ_U(t.b[0].id, sf_triage_bucket(&a));
  sf_bucket_table_free(&t);
}

static void test_report_first_line(void) {
  sf_verdict v;
  sf_inst in = sf_t_s3d(SF_S3D_LOD);
  sf_verdict_init(&v, "visa_text");
  sf_verdict_fail(&v, "fixpoint", &in, "text");
  sf_verdict_dumpf(&v, "first:  x\nsecond: y\n");
  FILE *f = tmpfile();
  SF_CHECK(f != NULL);
  if (!f) return;
  sf_triage_report(f, &v, "visa_text_fuzzer", "some/file");
  rewind(f);
  char line[256] = {0};
  SF_CHECK(fgets(line, sizeof line, f) != NULL);
  SF_CHECK_STR(line, "Assertion failure: visa_text-fixpoint-sample_3d-lod-text\n");
  /* The report carries the bucket id and the dump. */
  char all[4096] = {0};
  size_t n = fread(all, 1, sizeof all - 1, f);
  all[n] = '\0';
  char want[64];
  snprintf(want, sizeof want, "bucket:   %016llx", (unsigned long long)sf_triage_bucket(&v));
  SF_CHECK(strstr(all, want) != NULL);
  SF_CHECK(strstr(all, "second: y") != NULL);
  SF_CHECK(strstr(all, "cpu:      ") != NULL);
  fclose(f);
}

int main(void) {
  SF_RUN(test_xxh3_known_answer);
  SF_RUN(test_signature_format);
  SF_RUN(test_bucket_ignores_dump);
  SF_RUN(test_field_feature);
  SF_RUN(test_dump_is_capped);
  SF_RUN(test_bucket_table);
  SF_RUN(test_report_first_line);
  SF_TEST_END();
}
