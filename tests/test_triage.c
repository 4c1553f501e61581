/* tests/test_triage.c — signatures, bucket ids and bucket tables (harness/triage, docs/design.md "Triage").
 *
 * Known answers: the XXH3-64 of the empty input (0x2d06800538d394c2) is xxHash's published sanity
 * value; the signature strings follow the `<oracle>-<check>-<family>-<op>[-<feature>]` rule. Property:
 * the bucket depends only on the symbolic fields and the key, never on the dump (which holds the
 * input bytes and numbers), so minimizing an input keeps its bucket. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
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

/* sf_verdict_failf: the check's failure with key "<check> <what>" and the detail on one dump line;
 * a second failure leaves check, key and dump as the first left them. */
static void test_failf_keeps_first(void) {
  sf_verdict v;
  char sig[SF_SIGNATURE_MAX];
  sf_verdict_init(&v, "dxbc");
  SF_CHECK(!sf_verdict_failf(&v, "sig_names", "length", "name %s of %d bytes", "TEXCOORD", 8));
  SF_CHECK_STR(sf_triage_signature(&v, sig, sizeof sig), "dxbc-sig_names-none-none-length");
  SF_CHECK_STR(v.key, "sig_names length");
  SF_CHECK_STR(v.dump, "name TEXCOORD of 8 bytes\n");
  SF_CHECK(!sf_verdict_failf(&v, "token_refusals", "count", "later %u", 2u));
  SF_CHECK_STR(sf_triage_signature(&v, sig, sizeof sig), "dxbc-sig_names-none-none-length");
  SF_CHECK_STR(v.key, "sig_names length");
  SF_CHECK_STR(v.dump, "name TEXCOORD of 8 bytes\n");
  /* After a failure through sf_verdict_fail, the key set with it stays too. */
  sf_verdict w;
  sf_verdict_init(&w, "x");
  sf_verdict_fail(&w, "first", NULL, "a");
  sf_verdict_key(&w, "first a");
  sf_verdict_failf(&w, "second", "b", "detail");
  SF_CHECK_STR(w.key, "first a");
  SF_CHECK_EQ_U(w.dump_len, 0);
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

/* ---- Isolated replay warms each target's once-per-process checks in the parent (replay.c) ----- */

/* A test target with a "once check" of its own: `once_ran` is this process's copy of the flag that
 * SF_CHECK_ONCE_FN keeps. The verdict says whether the check ran in the process that judged the
 * input ("cold") or was inherited done from the parent ("warm"). */
static bool sf_t_once_ran;
static int sf_t_once_mode;   /* 0: the once check holds; 1: it fails; 2: it fails only in pid sf_t_pid */
static pid_t sf_t_pid;

static bool sf_t_once_target(const uint8_t *p, size_t n, sf_verdict *v) {
  (void)p;
  sf_verdict_init(v, "t_once");
  bool cold = !sf_t_once_ran;
  sf_t_once_ran = true;
  if (cold && (sf_t_once_mode == 1 || (sf_t_once_mode == 2 && getpid() == sf_t_pid)))
    return sf_verdict_fail(v, "once", NULL, NULL);
  if (n == 0) return true;   /* the empty input passes unless the once check failed */
  return sf_verdict_fail(v, "input", NULL, cold ? "cold" : "warm");
}

typedef struct sf_t_seen {
  unsigned n, cold, warm, once, parent;
} sf_t_seen;

static void sf_t_seen_cb(void *ctx, const char *path, const sf_target *t, const sf_verdict *v, size_t size,
                         const sf_status *st) {
  (void)t, (void)size, (void)st;
  sf_t_seen *s = ctx;
  if (!v) return;
  s->n++;
  if (strstr(path, "the empty input")) s->parent++;
  if (strcmp(v->check, "once") == 0) s->once++;
  if (strcmp(v->feature, "cold") == 0) s->cold++;
  if (strcmp(v->feature, "warm") == 0) s->warm++;
}

static sf_t_seen sf_t_replay_dir(const char *dir, int mode) {
  static const sf_target t = {"t_once_fuzzer", sf_t_once_target, 64, "test", NULL};
  sf_t_once_mode = mode;
  sf_t_once_ran = false;
  sf_t_pid = getpid();
  sf_t_seen seen;
  memset(&seen, 0, sizeof seen);
  sf_replay_stats stats;
  sf_status st;
  sf_status_clear(&st);
  char *paths[1] = {(char *)dir};
  SF_CHECK(sf_replay_paths(1, paths, &t, SF_REPLAY_ISOLATE, sf_t_seen_cb, &seen, &stats, &st) == SF_OK);
  SF_CHECK_EQ_U(stats.failed, seen.n);
  return seen;
}

static void test_replay_warm(void) {
  char dir[] = "/tmp/sf-test-triage.XXXXXX";
  SF_CHECK(mkdtemp(dir) != NULL);
  char path[sizeof dir + 8];
  for (int i = 0; i < 3; i++) {
    snprintf(path, sizeof path, "%s/in%d", dir, i);
    FILE *f = fopen(path, "wb");
    SF_CHECK(f != NULL);
    if (!f) return;
    fputs("abc", f);
    fclose(f);
  }
  /* The once check holds: it runs in the parent, every input's child inherits it done. */
  sf_t_seen s = sf_t_replay_dir(dir, 0);
  SF_CHECK_EQ_U(s.n, 3);
  SF_CHECK_EQ_U(s.warm, 3);
  /* SF_REPLAY_COLD: every child runs it, as before the warm-up. */
  setenv("SF_REPLAY_COLD", "1", 1);
  s = sf_t_replay_dir(dir, 0);
  unsetenv("SF_REPLAY_COLD");
  SF_CHECK_EQ_U(s.cold, 3);
  /* The once check fails: the parent stays cold and every input reports the failure. */
  s = sf_t_replay_dir(dir, 1);
  SF_CHECK_EQ_U(s.n, 3);
  SF_CHECK_EQ_U(s.once, 3);
  /* It holds in the child but fails in the parent: the failure is reported once, as the empty
   * input's, and the inputs run warm (the parent's flag is set). Nothing is lost. */
  s = sf_t_replay_dir(dir, 2);
  SF_CHECK_EQ_U(s.n, 4);
  SF_CHECK_EQ_U(s.parent, 1);
  SF_CHECK_EQ_U(s.once, 1);
  SF_CHECK_EQ_U(s.warm, 3);
  for (int i = 0; i < 3; i++) {
    snprintf(path, sizeof path, "%s/in%d", dir, i);
    remove(path);
  }
  rmdir(dir);
}

int main(void) {
  SF_RUN(test_xxh3_known_answer);
  SF_RUN(test_signature_format);
  SF_RUN(test_bucket_ignores_dump);
  SF_RUN(test_failf_keeps_first);
  SF_RUN(test_field_feature);
  SF_RUN(test_dump_is_capped);
  SF_RUN(test_bucket_table);
  SF_RUN(test_report_first_line);
  SF_RUN(test_replay_warm);
  SF_TEST_END();
}
