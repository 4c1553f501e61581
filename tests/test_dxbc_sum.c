/* tests/test_dxbc_sum.c — the oracle's own DXBC checksum (oracles/checks/check_dxbc_sum.c) and the
 * `checksum` check built on it.
 *
 * The digest is tested against what it must agree with and shares no code with: RFC 1321's test
 * suite (plain MD5 padding), the checksums fxc stored in real containers (DXBC padding), and the
 * codec's sf_dxbc_checksum over every length from 0 to 300 bytes. The check is then driven from
 * both sides: a reader answer that refuses a right digest or accepts a wrong one, and a written
 * container whose digest is wrong, must fail; the right answers must pass. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"
#include "tests/sf_test.h"

static void hex_digest(const uint32_t h[4], char out[33]) {
  for (int i = 0; i < 16; i++) snprintf(out + 2 * i, 3, "%02x", (unsigned)(h[i / 4] >> (8 * (i % 4))) & 0xffu);
}

static void test_rfc1321_suite(void) {
  static const char *const suite[][2] = {
      {"", "d41d8cd98f00b204e9800998ecf8427e"},
      {"a", "0cc175b9c0f1b6a831c399e269772661"},
      {"abc", "900150983cd24fb0d6963f7d28e17f72"},
      {"message digest", "f96b697d7cb7938d525a2f31aaf161d0"},
      {"abcdefghijklmnopqrstuvwxyz", "c3fcd3d76192e4007dfb496cca67e13b"},
      {"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", "d174ab98d277d9f5a5611c2c9f419d9f"},
      {"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
       "57edf4a22be3c955ac49da2e2107b67a"},
  };
  for (size_t i = 0; i < sizeof suite / sizeof suite[0]; i++) {
    uint32_t h[4];
    char hex[33];
    SF_CHECK(sf_indep_md5((const uint8_t *)suite[i][0], strlen(suite[i][0]), false, h));
    hex_digest(h, hex);
    SF_CHECK_MSG(strcmp(hex, suite[i][1]) == 0, "MD5(\"%s\") = %s, want %s", suite[i][0], hex, suite[i][1]);
  }
}

/* Every length 0..300 (all the last-block cases, 55/56/63/64 included) against the codec. */
static void test_against_codec(void) {
  uint8_t buf[320];
  for (size_t i = 0; i < sizeof buf; i++) buf[i] = (uint8_t)(i * 37 + 11);
  for (size_t len = 0; len <= 300; len++) {
    uint32_t a[4], b[4];
    SF_CHECK(sf_indep_md5(buf + 20, len, true, a));
    sf_dxbc_checksum(buf, len + 20, b);
    SF_CHECK_MSG(memcmp(a, b, sizeof a) == 0, "DXBC digest of %zu bytes differs from the codec's", len);
  }
}

static uint8_t *slurp(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  uint8_t *p = malloc(SF_DXBC_MAX_SIZE);
  *n = p ? fread(p, 1, SF_DXBC_MAX_SIZE, f) : 0;
  fclose(f);
  return p;
}

/* fxc's stored checksums: the check passes the reader's acceptance, and fails a reader that
 * refuses them (what a codec whose MD5 lost a step does with every real container). */
static void test_real_containers(void) {
  const char *dir = SF_SOURCE_DIR "/tests/data/real/dxbc-vkd3d";
  DIR *d = opendir(dir);
  SF_CHECK_MSG(d != NULL, "cannot open %s", dir);
  if (!d) return;
  unsigned seen = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l < 5 || strcmp(e->d_name + l - 5, ".dxbc") != 0) continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    size_t n = 0;
    uint8_t *p = slurp(path, &n);
    SF_CHECK(p && n >= 32);
    if (!p || n < 32) {
      free(p);
      continue;
    }
    uint32_t want[4], stored[4];
    SF_CHECK(sf_indep_md5(p + 20, n - 20, true, want));
    for (int i = 0; i < 4; i++) stored[i] = sf_le32(p + 4 + 4 * i);
    SF_CHECK_MSG(memcmp(want, stored, sizeof want) == 0, "%s: digest differs from fxc's", e->d_name);
    sf_verdict v;
    sf_verdict_init(&v, "dxbc");
    SF_CHECK(sf_check_dxbc_checksum_read(p, n, SF_OK, &v));
    SF_CHECK(!sf_check_dxbc_checksum_read(p, n, SF_ERR_CHECKSUM, &v) && strcmp(v.check, "checksum") == 0);
    SF_CHECK(sf_check_dxbc_checksum_written(p, n, false, &v));
    p[n - 1] ^= 0x40; /* now the stored digest is wrong */
    sf_verdict_init(&v, "dxbc");
    SF_CHECK(sf_check_dxbc_checksum_read(p, n, SF_ERR_CHECKSUM, &v));
    SF_CHECK(!sf_check_dxbc_checksum_read(p, n, SF_OK, &v));
    SF_CHECK(!sf_check_dxbc_checksum_written(p, n, false, &v));
    free(p);
    seen++;
  }
  closedir(d);
  SF_CHECK_MSG(seen >= 10, "only %u real containers in %s", seen, dir);
}

/* Unsigned containers (all-zero digest), short inputs and other magics: no verdict either way. */
static void test_edges(void) {
  uint8_t c[64];
  memset(c, 0, sizeof c);
  memcpy(c, "DXBC", 4);
  sf_verdict v;
  sf_verdict_init(&v, "dxbc");
  SF_CHECK(sf_check_dxbc_checksum_read(c, sizeof c, SF_OK, &v));
  SF_CHECK(sf_check_dxbc_checksum_read(c, 31, SF_OK, &v));
  SF_CHECK(sf_check_dxbc_checksum_written(c, sizeof c, true, &v));
  SF_CHECK(!sf_check_dxbc_checksum_written(c, sizeof c, false, &v)); /* asked to sign, left zero */
  c[4] = 1;
  sf_verdict_init(&v, "dxbc");
  SF_CHECK(!sf_check_dxbc_checksum_written(c, sizeof c, true, &v)); /* asked to leave it zero */
  memcpy(c, "DXBD", 4);
  SF_CHECK(sf_check_dxbc_checksum_read(c, sizeof c, SF_OK, &v));
  SF_CHECK(sf_check_dxbc_checksum_read(NULL, 0, SF_OK, &v));
}

int main(void) {
  SF_RUN(test_rfc1321_suite);
  SF_RUN(test_against_codec);
  SF_RUN(test_real_containers);
  SF_RUN(test_edges);
  SF_TEST_END();
}
