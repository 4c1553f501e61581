/* test_isa_container_header.c — error paths of the `.isa` container reader and writer
 * (harness/visa/visa_isa_read.c, visa_isa_write.c) outside the kernel object: a cut at every byte of
 * the three known files, bad magic and version, trailing bytes and holes, header fields out of
 * range, the file-size cap, and every check of the writer. Errors carry the byte position of the
 * field at fault, and a failed read or write leaves nothing behind. */
#include "tests/test_isa_container_util.h"

/* ---- errors: header ------------------------------------------------------------------------- */

static void err_truncated_everywhere(void) {
  const char *files[] = {MIN_FILE, IGC_FILE, RET_FILE};
  for (size_t fi = 0; fi < 3; fi++) {
    bytes b = from_hex(files[fi]);
    for (size_t cut = 0; cut < b.n; cut++) {
      sf_isa_file f;
      sf_status st;
      sf_code c = read_bytes(b.p, cut, &f, &st);
      SF_CHECK_MSG(c == SF_ERR_TRUNCATED, "file %zu cut at %zu: %s", fi, cut, sf_code_name(c));
      SF_CHECK_MSG(st.pos_kind == SF_POS_BYTE && st.pos <= cut, "file %zu cut at %zu: error at 0x%llx", fi, cut,
                   (unsigned long long)st.pos);
      SF_CHECK(f.kernels == NULL);
      if (sf_t_failed_checks > 20) break;
    }
    free(b.p);
  }
}

static void err_magic_version(void) {
  bytes b = from_hex(MIN_FILE);
  b.p[0] = 'X';
  expect_read_err(b.p, b.n, SF_ERR_INVALID, 0);
  b.p[0] = 'C';
  /* 3.0 (its execution masks), 4.2 and later, and anything before 3 are not modeled */
  static const uint8_t bad[][2] = {{3, 0}, {4, 2}, {5, 1}, {2, 9}, {0, 0}};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    b.p[4] = bad[i][0];
    b.p[5] = bad[i][1];
    expect_read_err(b.p, b.n, SF_UNSUPPORTED, 4);
  }
  /* 3.7 and 4.0 store this file's fields (no sampler op) as 4.1 does: read, and written back with
   * their version */
  static const uint8_t good[][2] = {{3, 7}, {4, 0}};
  for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
    b.p[4] = good[i][0];
    b.p[5] = good[i][1];
    sf_isa_file f;
    sf_status st;
    SF_CHECK(read_bytes(b.p, b.n, &f, &st) == SF_OK);
    SF_CHECK(f.major == good[i][0] && f.minor == good[i][1]);
    sf_buf out;
    write_ok(&f, &out);
    SF_CHECK(out.len == b.n && !memcmp(out.data, b.p, b.n));
    sf_buf_free(&out);
    sf_isa_free(&f);
  }
  free(b.p);
}

static void err_trailing(void) {
  bytes b = from_hex(MIN_FILE);
  uint8_t *p = malloc(b.n + 3);
  memcpy(p, b.p, b.n);
  p[b.n] = 0;
  expect_read_err(p, b.n + 1, SF_ERR_TRAILING, b.n);
  memcpy(p + b.n, "abc", 3);
  expect_read_err(p, b.n + 3, SF_ERR_TRAILING, b.n);
  /* a hole between the header and the kernel object */
  uint8_t *q = malloc(b.n + 4);
  memcpy(q, b.p, 0x20);
  memset(q + 0x20, 0xEE, 4);
  memcpy(q + 0x24, b.p + 0x20, b.n - 0x20);
  q[0x0b] = 0x24; /* kernel offset */
  expect_read_err(q, b.n + 4, SF_ERR_TRAILING, 0x20);
  /* the same with the hole filled by a gen binary: accepted, and written back with its bytes after
   * the kernel object (where IGC puts them) */
  uint8_t *r = malloc(b.n + 4 + 9);
  memcpy(r, b.p, 0x1b);
  r[0x1b] = 1;                                                /* num_gen_binaries */
  uint8_t rec[9] = {5, 0x29, 0, 0, 0, 4, 0, 0, 0};            /* SKL, offset 0x29, size 4 */
  memcpy(r + 0x1c, rec, 9);
  memcpy(r + 0x25, b.p + 0x1c, 4);                            /* filescope vars, functions */
  memset(r + 0x29, 0xEE, 4);
  memcpy(r + 0x2d, b.p + 0x20, b.n - 0x20);
  r[0x0b] = 0x2d;
  sf_isa_file f;
  sf_status st;
  SF_CHECK(read_bytes(r, b.n + 13, &f, &st) == SF_OK);
  if (f.num_kernels == 1) {
    SF_CHECK(f.kernels[0].num_genbins == 1 && f.kernels[0].genbins[0].size == 4 && f.kernels[0].genbins[0].offset == 0x29);
    sf_buf out;
    write_ok(&f, &out);
    SF_CHECK_EQ_U(out.len, b.n + 13); /* record and bytes kept */
    SF_CHECK_EQ_U(out.data[0x1c], 5);
    SF_CHECK_EQ_U(sf_le32(out.data + 0x1d), out.len - 4);
    SF_CHECK_EQ_U(sf_le32(out.data + 0x21), 4);
    SF_CHECK(out.len >= 4 && !memcmp(out.data + out.len - 4, "\xEE\xEE\xEE\xEE", 4));
    sf_buf_free(&out);
  }
  sf_isa_free(&f);
  free(r);
  free(q);
  free(p);
  free(b.p);
}

static void err_header_fields(void) {
  bytes b = from_hex(MIN_FILE);
  uint8_t *p = malloc(b.n);
  /* kernel object overlapping the header */
  memcpy(p, b.p, b.n);
  p[0x0b] = 0x10;
  expect_read_err(p, b.n, SF_ERR_INVALID, 0x10);
  /* kernel object past the end of the file */
  memcpy(p, b.p, b.n);
  p[0x0f] = 0x6b;
  expect_read_err(p, b.n, SF_ERR_TRUNCATED, 0x0b);
  memcpy(p, b.p, b.n);
  p[0x0e] = 0xff; /* offset 0xff000020 */
  expect_read_err(p, b.n, SF_ERR_TRUNCATED, 0x0b);
  /* relocation symbols */
  memcpy(p, b.p, b.n);
  p[0x19] = 1;
  expect_read_err(p, b.n, SF_UNSUPPORTED, 0x17);
  /* file-scope variables (unsupported); a function count of 1 over the kernel object's bytes: the
   * entry read from them (linkage 0x20, name_len 0 at 0x21) has an object offset (at 0x23) past
   * the end of the file */
  memcpy(p, b.p, b.n);
  p[0x1c] = 1;
  expect_read_err(p, b.n, SF_UNSUPPORTED, 0x1c);
  memcpy(p, b.p, b.n);
  p[0x1e] = 1;
  expect_read_err(p, b.n, SF_ERR_TRUNCATED, 0x23);
  /* num_kernels over the cap, and more kernels than the bytes can describe */
  memcpy(p, b.p, b.n);
  p[6] = 0x01;
  p[7] = 0x10; /* 4097 */
  expect_read_err(p, b.n, SF_ERR_LIMIT, 6);
  p[6] = 0x00;
  p[7] = 0x10; /* 4096: allowed, but 4096 entries do not fit in 130 bytes */
  expect_read_err(p, b.n, SF_ERR_TRUNCATED, 6);
  /* a kernel name with a NUL byte */
  memcpy(p, b.p, b.n);
  p[0x0a] = 0;
  expect_read_err(p, b.n, SF_ERR_INVALID, 0x0a);
  free(p);
  /* a gen binary past the end of the file */
  bytes g = from_hex(IGC_FILE);
  g.p[0x20] = 0x26; /* record at 0x1f: offset 0x226 = len + 1 */
  expect_read_err(g.p, g.n, SF_ERR_TRUNCATED, 0x1f);
  free(g.p);
  free(b.p);
}

static void err_file_cap(void) {
  size_t n = (size_t)SF_ISA_MAX_FILE + 1;
  uint8_t *p = calloc(n, 1);
  SF_CHECK(p != NULL);
  if (!p) return;
  memcpy(p, "CISA", 4);
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_isa_read(p, n, &f, &st) == SF_ERR_LIMIT);
  SF_CHECK(st.code == SF_ERR_LIMIT && st.pos == 0);
  free(p);
}

/* ---- errors: writer ------------------------------------------------------------------------- */

static void expect_write_err(const sf_isa_file *f, sf_code want) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf out;
  sf_buf_init(&out, &st);
  sf_wr_u8(&out, 0x5A);
  sf_code c = sf_isa_write(f, &out, &st);
  SF_CHECK_MSG(c == want, "got %s want %s: %s", sf_code_name(c), sf_code_name(want), st.msg);
  SF_CHECK(st.code == want && st.msg[0]);
  SF_CHECK_EQ_U(out.len, 1); /* nothing appended on failure */
  sf_buf_free(&out);
}

static void err_writer(void) {
  bytes b = from_hex(MIN_FILE);
  sf_isa_file f;
  sf_status st;
  SF_CHECK(read_bytes(b.p, b.n, &f, &st) == SF_OK);
  sf_visa_kernel *k = &f.kernels[0];
  k->name_index = 4;
  expect_write_err(&f, SF_ERR_RANGE);
  k->name_index = 0;
  k->samplers[0].name = 99;
  expect_write_err(&f, SF_ERR_RANGE);
  k->samplers[0].name = 2;
  k->vars[0].attr_count = 1; /* no attrs[] behind it */
  expect_write_err(&f, SF_ERR_RANGE);
  k->vars[0].attr_count = 0;
  k->insts[0].unorm.chan_mask = 0x10;
  expect_write_err(&f, SF_ERR_RANGE);
  k->insts[0].unorm.chan_mask = 0xF;
  k->rets = calloc(2, sizeof *k->rets);
  k->num_rets = 2;
  k->rets[0].before = 1;
  k->rets[1].before = 0; /* out of order */
  expect_write_err(&f, SF_ERR_INVALID);
  k->rets[1].before = 2; /* past the end */
  expect_write_err(&f, SF_ERR_INVALID);
  k->rets[1].before = 1;
  k->rets[1].pred.id = 0x1000;
  expect_write_err(&f, SF_ERR_RANGE);
  k->rets[1].pred.id = 0;
  k->num_kattrs = 1; /* attrs[] is empty */
  expect_write_err(&f, SF_ERR_RANGE);
  k->num_kattrs = 0;
  k->name_len = 3; /* "k" has 1 byte */
  expect_write_err(&f, SF_ERR_INVALID);
  k->name_len = 0;
  expect_write_err(&f, SF_ERR_INVALID);
  k->name_len = 1;
  f.num_kernels = SF_ISA_MAX_KERNELS + 1;
  expect_write_err(&f, SF_ERR_LIMIT);
  f.num_kernels = 1;
  /* with everything restored the kernel writes, RETs included */
  sf_buf out;
  write_ok(&f, &out);
  SF_CHECK_EQ_U(out.len, 138 + 8);
  sf_buf_free(&out);
  /* an output limit: a failed write leaves the buffer as it was */
  sf_status_clear(&st);
  sf_buf_init(&out, &st);
  out.limit = 100;
  SF_CHECK(sf_isa_write(&f, &out, &st) == SF_ERR_LIMIT);
  SF_CHECK_EQ_U(out.len, 0);
  sf_buf_free(&out);
  sf_isa_free(&f);
  free(b.p);
}

int main(void) {
  SF_RUN(err_truncated_everywhere);
  SF_RUN(err_magic_version);
  SF_RUN(err_trailing);
  SF_RUN(err_header_fields);
  SF_RUN(err_file_cap);
  SF_RUN(err_writer);
  SF_TEST_END();
}
