/* test_isa_container.c — tests for the vISA v4.1 `.isa` container reader and writer
 * (harness/visa/visa_isa_read.c, visa_isa_write.c; docs/visa-binary.md).
 *
 * Known answers:
 *   - MIN_FILE is the 138-byte file of docs/visa-binary.md (GenX_IR accepts it).
 *   - IGC_FILE is what GenX_IR 12504 wrote (`GenX_IR t1.visaasm -platform SKL -stopafter CFG
 *     -outputCisaBinaryName t1.isa`) for a kernel with one SAMPLE_UNORM and one AVS, an
 *     OutputAsmPath attribute, two inputs and all of IGC's predefined names in the string pool.
 *     Its gen-binary record (platform 0 because -stopafter ended the Gen compile, offset = end of
 *     file, size 0) is what the writer reproduces.
 *   - RET_FILE is the §2.5 kernel with one predicate P1 and the code `sample_unorm; (!P1.all) ret
 *     (M1, 1); sample_unorm`, hand-made; GenX_IR 12504 read it (-platform SKL -stopafter CFG
 *     -dumpcommonisa, rc 0) and printed `(!P1.all) ret (M1, 1)` between the two sample_unorm
 *     lines (docs/visa-binary.md, RET).
 * Errors: every truncation, bad magic, version, trailing bytes, every cap, every bounds check. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

/* docs/visa-binary.md, byte for byte. */
static const char *const MIN_FILE =
    "43 49 53 41  04 01  01 00  01 00  6b  20 00 00 00  6a 00 00 00  5a 00 00 00  00 00 00 00  00  00 00 00 00"
    "04 00 00 00  6b 00 64 00 73 00 74 00  00 00 00 00  01 00 00 00"
    "01 00 00 00 52 80 00  00 00 00 00 00 00 00 00  00 00 00 00 00 00"
    "01 02 00 00 00 01 00 00  01 03 00 00 00 01 00 00  00  00 00 00 00"
    "22 00 00 00  48 00 00 00  00 00"
    "41 0f 00 06  05 07 00 00 00 00  05 07 00 00 00 00  05 07 00 00 80 3e  05 07 00 00 00 3f  20 00 00 00 00 00";

static const char *const IGC_FILE =
    "4349534104010100040073616d702c000000f90100008b01000000000000010025020000000000000000000026000000"
    "73616d7000256e756c6c00257468726561645f7800257468726561645f79002567726f75705f69645f78002567726f75"
    "705f69645f79002567726f75705f69645f7a0025747363002572300025617267002572657476616c0025737000256670"
    "002568775f69640025737230002563723000256365300025646267300025636f6c6f720025696d706c5f6172675f6275"
    "665f70747200256c6f63616c5f69645f6275665f70747200256d7367300025736c6d0054310054320054535300256273"
    "7300257363726174636800533331004f757470757441736d5061746800736d700073757266006473745f75006473745f"
    "610058004130005031005461726765740000000000030000002000000052800000000000000000002100000052000200"
    "000000000000002200000007010000000000000000000100230000000100000100240000001000000000011e00000001"
    "0000011f0000000100000002000000010000000000000400020600000004000400670000009201000002001d00000008"
    "73616d705f6f7574250000000101410f000605070000000005070000000005070000803e002200000000002101200000"
    "000000430f00060507000000000507000000000507cdcccc3d0507cdcccc3d0507000000000500000000000500000000"
    "000005070000000000050200000000210000000000";

static const char *const RET_FILE =
    "434953410401010001006b200000009700000061000000000000000000000000040000006b0064007300740000000000"
    "010000000100000052800000000000000000000000010001000000100000000001020000000100000103000000010000"
    "0000000000480000004f0000000000410f000605070000000005070000000005070000803e05070000003f2000000000"
    "00340001c0410f000605070000000005070000000005070000803e05070000003f200000000000";

typedef struct bytes {
  uint8_t *p;
  size_t n;
} bytes;

static bytes from_hex(const char *h) {
  bytes b;
  b.n = sf_t_hex(h, NULL, 0);
  b.p = malloc(b.n ? b.n : 1);
  sf_t_hex(h, b.p, b.n);
  return b;
}

static sf_code read_bytes(const uint8_t *p, size_t n, sf_isa_file *f, sf_status *st) {
  /* an exact-size heap copy, so ASan sees any read past the end */
  uint8_t *q = malloc(n ? n : 1);
  if (n) memcpy(q, p, n);
  sf_status_clear(st);
  sf_code c = sf_isa_read(q, n, f, st);
  free(q);
  return c;
}

static void write_ok(const sf_isa_file *f, sf_buf *out) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf_init(out, &st);
  sf_code c = sf_isa_write(f, out, &st);
  char m[256];
  SF_CHECK_MSG(c == SF_OK, "%s", sf_status_format(&st, m, sizeof m));
}

static void expect_read_err(const uint8_t *p, size_t n, sf_code want, uint64_t pos) {
  sf_isa_file f;
  sf_status st;
  sf_code c = read_bytes(p, n, &f, &st);
  char m[256];
  SF_CHECK_MSG(c == want, "got %s, want %s (%s)", sf_code_name(c), sf_code_name(want), sf_status_format(&st, m, sizeof m));
  SF_CHECK_MSG(st.code == want && st.pos_kind == SF_POS_BYTE && st.pos == pos, "error at 0x%llx, want 0x%llx: %s",
               (unsigned long long)st.pos, (unsigned long long)pos, sf_status_format(&st, m, sizeof m));
  SF_CHECK(f.num_kernels == 0 && f.kernels == NULL && f.major == 0 && f.minor == 0);
  if (c == SF_OK) sf_isa_free(&f);
}

static sf_vopnd immf(uint32_t bits) {
  sf_vopnd o;
  memset(&o, 0, sizeof o);
  o.cls = SF_VCLS_IMMEDIATE;
  o.type = SF_VT_F;
  o.imm = bits;
  return o;
}

/* sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x3e800000:f 0x3f000000:f d.0 (GenX_IR's text for §2.5). */
static sf_inst min_inst(void) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_UNORM;
  in.unorm.chan_mask = 0xF;
  in.unorm.surface = 6;
  in.unorm.u = immf(0);
  in.unorm.v = immf(0);
  in.unorm.du = immf(0x3e800000u);
  in.unorm.dv = immf(0x3f000000u);
  in.unorm.dst = (sf_raw){32, 0};
  return in;
}

/* ---- known answers -------------------------------------------------------------------------- */

static void kat_min_file(void) {
  bytes b = from_hex(MIN_FILE);
  SF_CHECK_EQ_U(b.n, 138);
  sf_isa_file f;
  sf_status st;
  SF_CHECK(read_bytes(b.p, b.n, &f, &st) == SF_OK);
  SF_CHECK(f.major == 4 && f.minor == 1 && f.num_kernels == 1);
  if (f.num_kernels == 1) {
    const sf_visa_kernel *k = &f.kernels[0];
    SF_CHECK_STR(k->name, "k");
    SF_CHECK_EQ_U(k->name_len, 1);
    SF_CHECK_EQ_U(k->input_offset, 0x5a);
    SF_CHECK_EQ_U(k->num_genbins, 0);
    SF_CHECK_EQ_U(k->num_strings, 4);
    if (k->num_strings == 4) {
      SF_CHECK_STR(k->strings[0], "k");
      SF_CHECK_STR(k->strings[1], "d");
      SF_CHECK_STR(k->strings[2], "s");
      SF_CHECK_STR(k->strings[3], "t");
    }
    SF_CHECK_EQ_U(k->name_index, 0);
    SF_CHECK_EQ_U(k->num_vars, 1);
    if (k->num_vars == 1) {
      SF_CHECK_EQ_U(k->vars[0].name, 1);
      SF_CHECK_EQ_U(k->vars[0].props, 0x52);
      SF_CHECK_EQ_U(k->vars[0].num_elts, 128);
      SF_CHECK_EQ_U(k->vars[0].attr_count, 0);
    }
    SF_CHECK(k->num_addrs == 0 && k->num_preds == 0 && k->num_labels == 0);
    SF_CHECK(k->num_samplers == 1 && k->samplers && k->samplers[0].name == 2 && k->samplers[0].num_elts == 1);
    SF_CHECK(k->num_surfaces == 1 && k->surfaces && k->surfaces[0].name == 3 && k->surfaces[0].num_elts == 1);
    SF_CHECK_EQ_U(k->num_inputs, 0);
    SF_CHECK_EQ_U(k->entry, 0x48);
    SF_CHECK_EQ_U(k->num_kattrs, 0);
    SF_CHECK_EQ_U(k->code_len, 34);
    if (k->code_len == 34) SF_CHECK_MEM(k->code, 34, b.p + 0x68, 34);
    SF_CHECK_EQ_U(k->num_insts, 1);
    SF_CHECK_EQ_U(k->num_rets, 0);
    sf_inst want = min_inst();
    if (k->num_insts == 1) SF_CHECK(sf_inst_equal(&k->insts[0], &want));
  }
  sf_buf out;
  write_ok(&f, &out);
  SF_CHECK_MEM(out.data, out.len, b.p, b.n);
  sf_buf_free(&out);
  sf_isa_free(&f);
  SF_CHECK(f.kernels == NULL && f.num_kernels == 0);
  free(b.p);
}

static const char *attr_value(const sf_visa_kernel *k, const char *name, uint8_t *size) {
  for (uint32_t i = k->kattr_first; i < k->kattr_first + k->num_kattrs; i++) {
    const sf_visa_attr *a = &k->attrs[i];
    if (a->name < k->num_strings && strcmp(k->strings[a->name], name) == 0) {
      *size = a->size;
      return (const char *)k->attr_bytes + a->value_off;
    }
  }
  return NULL;
}

static void kat_igc_file(void) {
  bytes b = from_hex(IGC_FILE);
  SF_CHECK_EQ_U(b.n, 549);
  sf_isa_file f;
  sf_status st;
  char m[256];
  SF_CHECK_MSG(read_bytes(b.p, b.n, &f, &st) == SF_OK, "%s", sf_status_format(&st, m, sizeof m));
  SF_CHECK(f.num_kernels == 1);
  if (f.num_kernels == 1) {
    const sf_visa_kernel *k = &f.kernels[0];
    SF_CHECK_STR(k->name, "samp");
    SF_CHECK(k->num_genbins == 1 && k->genbins[0].platform == 0 && k->genbins[0].offset == 549 && k->genbins[0].size == 0);
    SF_CHECK_EQ_U(k->num_strings, 0x26);
    SF_CHECK_EQ_U(k->num_vars, 3);
    SF_CHECK(k->num_addrs == 1 && k->num_preds == 1 && k->num_samplers == 1 && k->num_surfaces == 1);
    SF_CHECK_EQ_U(k->num_inputs, 2);
    if (k->num_inputs == 2) {
      SF_CHECK(k->inputs[0].kind == 1 && k->inputs[0].index == 0 && k->inputs[0].offset == 0 && k->inputs[0].size == 4);
      SF_CHECK(k->inputs[1].kind == 2 && k->inputs[1].index == 6 && k->inputs[1].offset == 4 && k->inputs[1].size == 4);
    }
    SF_CHECK_EQ_U(k->num_kattrs, 2);
    uint8_t sz = 0;
    const char *v = attr_value(k, "OutputAsmPath", &sz);
    SF_CHECK(v && sz == 8 && memcmp(v, "samp_out", 8) == 0);
    v = attr_value(k, "Target", &sz);
    SF_CHECK(v && sz == 1 && v[0] == 1);
    SF_CHECK_EQ_U(k->num_insts, 2);
    if (k->num_insts == 2) {
      SF_CHECK(k->insts[0].family == SF_FAMILY_SAMPLE_UNORM);
      SF_CHECK(k->insts[1].family == SF_FAMILY_AVS);
      SF_CHECK_EQ_U(k->insts[1].avs.du.imm, 0x3dcccccd);
    }
  }
  sf_buf out;
  write_ok(&f, &out);
  SF_CHECK_MEM(out.data, out.len, b.p, b.n);
  sf_buf_free(&out);
  sf_isa_free(&f);
  free(b.p);
}

static void kat_ret_file(void) {
  bytes b = from_hex(RET_FILE);
  SF_CHECK_EQ_U(b.n, 183);
  sf_isa_file f;
  sf_status st;
  char m[256];
  SF_CHECK_MSG(read_bytes(b.p, b.n, &f, &st) == SF_OK, "%s", sf_status_format(&st, m, sizeof m));
  if (f.num_kernels == 1) {
    const sf_visa_kernel *k = &f.kernels[0];
    SF_CHECK_EQ_U(k->num_preds, 1);
    SF_CHECK_EQ_U(k->num_insts, 2);
    SF_CHECK_EQ_U(k->num_rets, 1);
    if (k->num_rets == 1) {
      const sf_visa_ret *r = &k->rets[0];
      SF_CHECK_EQ_U(r->before, 1);
      SF_CHECK_EQ_U(r->exec_size, 0);
      SF_CHECK_EQ_U(r->emask, 0);
      SF_CHECK(r->pred.id == 1 && r->pred.ctrl == 2 && r->pred.invert && r->pred.rsvd == 0);
    }
  }
  sf_buf out;
  write_ok(&f, &out);
  SF_CHECK_MEM(out.data, out.len, b.p, b.n);
  sf_buf_free(&out);
  sf_isa_free(&f);
  free(b.p);
}

/* RET encodings, each written and read back: exec byte and predicate word as in §3. */
static void ret_positions_and_bytes(void) {
  bytes b = from_hex(MIN_FILE);
  sf_isa_file f;
  sf_status st;
  SF_CHECK(read_bytes(b.p, b.n, &f, &st) == SF_OK);
  sf_visa_kernel *k = &f.kernels[0];
  /* three instructions, RETs at the start, in the middle (two in a row) and at the end */
  sf_inst *ni = realloc(k->insts, 3 * sizeof *ni);
  SF_CHECK(ni != NULL);
  if (!ni) return;
  k->insts = ni;
  k->insts[1] = k->insts[0];
  k->insts[1].unorm.chan_mask = 1;
  k->insts[2] = k->insts[0];
  k->insts[2].unorm.chan_mask = 2;
  k->num_insts = 3;
  k->rets = calloc(4, sizeof *k->rets);
  k->num_rets = 4;
  k->rets[0] = (sf_visa_ret){0, 0, 0, {0, 0, 0, false}};           /* ret (1)           34 00 0000 */
  k->rets[1] = (sf_visa_ret){2, 3, 4, {1, 0, 2, true}};            /* (!P1.all) ret (M5, 8)  34 43 01c0 */
  k->rets[2] = (sf_visa_ret){2, 4, 8, {1, 0, 1, false}};           /* (P1.any) ret (M1_NM, 16) 34 84 0120 */
  k->rets[3] = (sf_visa_ret){3, 0xF, 0xF, {0xFFF, 1, 3, true}};    /* every bit set     34 ff ffff */
  sf_buf out;
  write_ok(&f, &out);
  uint8_t want[512];
  size_t wn = sf_t_hex("34 00 0000", want, sizeof want);
  size_t n0 = 34;
  uint8_t i0[34];
  memcpy(i0, b.p + 0x68, 34);
  SF_CHECK(out.len == 138 + 3 * 34 - 34 + 16);
  /* instruction area = RET, I0, I1, RET, RET, I2, RET */
  size_t code_at = out.len - (3 * n0 + 16);
  const uint8_t *c = out.data + code_at;
  SF_CHECK_MEM(c, 4, want, wn);
  SF_CHECK_MEM(c + 4, 34, i0, 34);
  SF_CHECK_EQ_U(c[4 + 34 + 1], 0x01); /* I1 channel byte */
  wn = sf_t_hex("34 43 01 c0 34 84 01 20", want, sizeof want);
  SF_CHECK_MEM(c + 4 + 68, 8, want, wn);
  SF_CHECK_EQ_U(c[4 + 68 + 8 + 1], 0x02); /* I2 channel byte */
  wn = sf_t_hex("34 ff ff ff", want, sizeof want);
  SF_CHECK_MEM(c + 4 + 68 + 8 + 34, 4, want, wn);
  /* header fields follow: kernel size and instruction size */
  SF_CHECK_EQ_U(sf_le32(out.data + 0x0f), 0x48 + 3 * 34 + 16);
  SF_CHECK_EQ_U(sf_le32(out.data + 0x5e), 3 * 34 + 16);
  /* read back: same RETs, same instructions; written again: same bytes */
  sf_isa_file g;
  SF_CHECK(read_bytes(out.data, out.len, &g, &st) == SF_OK);
  if (g.num_kernels == 1) {
    const sf_visa_kernel *kg = &g.kernels[0];
    SF_CHECK_EQ_U(kg->num_rets, 4);
    SF_CHECK_EQ_U(kg->num_insts, 3);
    for (uint32_t i = 0; i < 4 && i < kg->num_rets; i++) {
      const sf_visa_ret *x = &kg->rets[i], *y = &k->rets[i];
      SF_CHECK(x->before == y->before && x->exec_size == y->exec_size && x->emask == y->emask && x->pred.id == y->pred.id &&
               x->pred.rsvd == y->pred.rsvd && x->pred.ctrl == y->pred.ctrl && x->pred.invert == y->pred.invert);
    }
    for (uint32_t i = 0; i < 3 && i < kg->num_insts; i++) SF_CHECK(sf_inst_equal(&kg->insts[i], &k->insts[i]));
    sf_buf out2;
    write_ok(&g, &out2);
    SF_CHECK_MEM(out2.data, out2.len, out.data, out.len);
    sf_buf_free(&out2);
  }
  sf_isa_free(&g);
  sf_buf_free(&out);
  sf_isa_free(&f);
  free(b.p);
}

/* Several kernels: offsets are laid out back to back after the header, each kernel reads back. */
static void multi_kernel_roundtrip(void) {
  bytes b = from_hex(MIN_FILE);
  bytes g = from_hex(IGC_FILE);
  sf_isa_file f1, f2;
  sf_status st;
  SF_CHECK(read_bytes(b.p, b.n, &f1, &st) == SF_OK);
  SF_CHECK(read_bytes(g.p, g.n, &f2, &st) == SF_OK);
  /* a file with kernels: min, igc, min (moved, not copied: each kernel is freed once) */
  sf_isa_file f3;
  sf_isa_file f1b;
  SF_CHECK(read_bytes(b.p, b.n, &f1b, &st) == SF_OK);
  memset(&f3, 0, sizeof f3);
  f3.num_kernels = 3;
  f3.kernels = calloc(3, sizeof *f3.kernels);
  f3.kernels[0] = f1.kernels[0];
  f3.kernels[1] = f2.kernels[0];
  f3.kernels[2] = f1b.kernels[0];
  free(f1.kernels);
  free(f2.kernels);
  free(f1b.kernels);
  sf_buf out;
  write_ok(&f3, &out);
  /* header: 12 + per kernel (2 + name + 4*3 + 2*2 + 1 + 9*genbins) */
  uint64_t hsize = 12 + (19 + 1) + (19 + 4 + 9) + (19 + 1);
  SF_CHECK_EQ_U(out.len, hsize + 106 + (549 - 44) + 106);
  sf_isa_file r;
  SF_CHECK(read_bytes(out.data, out.len, &r, &st) == SF_OK);
  SF_CHECK_EQ_U(r.num_kernels, 3);
  if (r.num_kernels == 3) {
    SF_CHECK_STR(r.kernels[0].name, "k");
    SF_CHECK_STR(r.kernels[1].name, "samp");
    SF_CHECK_STR(r.kernels[2].name, "k");
    SF_CHECK_EQ_U(r.kernels[1].num_insts, 2);
    SF_CHECK_EQ_U(r.kernels[1].genbins[0].offset, out.len);
    /* the object of kernel 0 is byte-identical to the one of the §2.5 file */
    SF_CHECK_EQ_U(sf_le32(out.data + 8 + 2 + 1), hsize);
    SF_CHECK_MEM(out.data + hsize, 106, b.p + 0x20, 106);
    SF_CHECK_EQ_U(r.kernels[0].input_offset, hsize + 0x3a);
    sf_buf out2;
    write_ok(&r, &out2);
    SF_CHECK_MEM(out2.data, out2.len, out.data, out.len);
    sf_buf_free(&out2);
  }
  sf_isa_free(&r);
  sf_isa_free(&f3);
  sf_buf_free(&out);
  free(b.p);
  free(g.p);
}

static void empty_file(void) {
  /* zero kernels is representable: header only */
  sf_isa_file f;
  memset(&f, 0, sizeof f);
  sf_buf out;
  write_ok(&f, &out);
  uint8_t want[16];
  size_t n = sf_t_hex("43495341 04 01 0000 0000 0000", want, sizeof want);
  SF_CHECK_MEM(out.data, out.len, want, n);
  sf_isa_file r;
  sf_status st;
  SF_CHECK(read_bytes(out.data, out.len, &r, &st) == SF_OK);
  SF_CHECK(r.num_kernels == 0);
  sf_isa_free(&r);
  sf_buf_free(&out);
}

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
  b.p[4] = 3;
  b.p[5] = 7;
  expect_read_err(b.p, b.n, SF_UNSUPPORTED, 4);
  b.p[4] = 4;
  b.p[5] = 0;
  expect_read_err(b.p, b.n, SF_UNSUPPORTED, 4);
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
  /* file-scope variables, functions */
  memcpy(p, b.p, b.n);
  p[0x1c] = 1;
  expect_read_err(p, b.n, SF_UNSUPPORTED, 0x1c);
  memcpy(p, b.p, b.n);
  p[0x1e] = 1;
  expect_read_err(p, b.n, SF_UNSUPPORTED, 0x1c);
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

/* ---- errors: kernel object ------------------------------------------------------------------ */

/* Builds a file with one kernel "k" whose object bytes are obj[0..n). */
static void one_kernel_file(const uint8_t *obj, size_t n, sf_buf *out) {
  sf_buf_init(out, NULL);
  out->limit = (size_t)SF_ISA_MAX_FILE;
  sf_buf_put(out, "CISA", 4);
  sf_wr_u8(out, 4);
  sf_wr_u8(out, 1);
  sf_wr_u16(out, 1);
  sf_wr_u16(out, 1);
  sf_wr_u8(out, 'k');
  sf_wr_u32(out, 0x20);
  sf_wr_u32(out, (uint32_t)n);
  sf_wr_u32(out, 0);
  sf_wr_u32(out, 0);
  sf_wr_u8(out, 0);
  sf_wr_u32(out, 0);
  sf_buf_put(out, obj, n);
}

/* The §2.5 kernel object in pieces: strings + name_index, declarations, then size/entry/attrs/code. */
static void obj_strings(sf_buf *o) {
  sf_wr_u32(o, 4);
  sf_buf_put(o, "k\0d\0s\0t\0", 8);
  sf_wr_u32(o, 0);
}
static void obj_var(sf_buf *o, uint8_t attrs) {
  sf_wr_u32(o, 1);
  sf_wr_u8(o, 0x52);
  sf_wr_u16(o, 128);
  sf_wr_u32(o, 0);
  sf_wr_u16(o, 0);
  sf_wr_u8(o, 0);
  sf_wr_u8(o, attrs);
  for (unsigned i = 0; i < attrs; i++) {
    sf_wr_u32(o, 2);
    sf_wr_u8(o, 1);
    sf_wr_u8(o, (uint8_t)i);
  }
}
static void obj_states(sf_buf *o) {
  static const uint8_t s[] = {1, 2, 0, 0, 0, 1, 0, 0, 1, 3, 0, 0, 0, 1, 0, 0, 0};
  sf_buf_put(o, s, sizeof s); /* sampler, surface, vme_count 0 */
}
static void obj_code(sf_buf *o, const uint8_t *code, size_t n) {
  sf_wr_u32(o, (uint32_t)n);
  sf_wr_u32(o, (uint32_t)(o->len + 4 + 2));
  sf_wr_u16(o, 0);
  sf_buf_put(o, code, n);
}
static const uint8_t SU[34] = {0x41, 0x0f, 0x00, 0x06, 5, 7, 0, 0, 0, 0, 5, 7, 0, 0, 0, 0, 5, 7,
                               0,    0,    0x80, 0x3e, 5, 7, 0, 0, 0, 0x3f, 0x20, 0, 0, 0, 0, 0};

static void std_obj(sf_buf *o) {
  sf_buf_init(o, NULL);
  o->limit = (size_t)SF_ISA_MAX_FILE;
  obj_strings(o);
  sf_wr_u32(o, 1);
  obj_var(o, 0);
  sf_wr_u16(o, 0); sf_wr_u16(o, 0); sf_wr_u16(o, 0);
  obj_states(o);
  sf_wr_u32(o, 0);
  obj_code(o, SU, sizeof SU);
}

static void check_obj(const sf_buf *o, sf_code want, uint64_t obj_pos) {
  sf_buf f;
  one_kernel_file(o->data, o->len, &f);
  expect_read_err(f.data, f.len, want, 0x20 + obj_pos);
  sf_buf_free(&f);
}

static void std_obj_is_min_file(void) {
  sf_buf o, f;
  std_obj(&o);
  one_kernel_file(o.data, o.len, &f);
  bytes b = from_hex(MIN_FILE);
  /* same as §2.5 except the informational input_offset */
  SF_CHECK_EQ_U(f.len, b.n);
  if (f.len == b.n) {
    SF_CHECK_MEM(f.data, 0x13, b.p, 0x13);
    SF_CHECK_MEM(f.data + 0x17, b.n - 0x17, b.p + 0x17, b.n - 0x17);
  }
  free(b.p);
  sf_buf_free(&f);
  sf_buf_free(&o);
}

static void err_strings(void) {
  sf_buf o;
  /* string_count over the cap (the bytes are there: 65537 empty strings) */
  sf_buf_init(&o, NULL);
  o.limit = (size_t)SF_ISA_MAX_FILE;
  sf_wr_u32(&o, SF_ISA_MAX_STRINGS + 1);
  for (uint32_t i = 0; i <= SF_ISA_MAX_STRINGS + 16; i++) sf_wr_u8(&o, 0);
  check_obj(&o, SF_ERR_LIMIT, 0);
  sf_buf_free(&o);
  /* more strings than bytes */
  sf_buf_init(&o, NULL);
  sf_wr_u32(&o, 100);
  sf_buf_put(&o, "a\0b\0", 4);
  check_obj(&o, SF_ERR_TRUNCATED, 0);
  sf_buf_free(&o);
  /* a string without its NUL */
  sf_buf_init(&o, NULL);
  sf_wr_u32(&o, 2);
  sf_buf_put(&o, "a\0bcd", 5);
  check_obj(&o, SF_ERR_TRUNCATED, 6);
  sf_buf_free(&o);
  /* name_index out of range */
  sf_buf_init(&o, NULL);
  sf_wr_u32(&o, 4);
  sf_buf_put(&o, "k\0d\0s\0t\0", 8);
  sf_wr_u32(&o, 4);
  sf_wr_u32(&o, 0);
  check_obj(&o, SF_ERR_RANGE, 12);
  sf_buf_free(&o);
}

static void err_decls(void) {
  sf_buf o;
  /* variable_count over the cap */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, SF_ISA_MAX_VARS + 1);
  check_obj(&o, SF_ERR_LIMIT, 16);
  sf_buf_free(&o);
  /* a variable count the bytes cannot hold */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 1000);
  obj_var(&o, 0);
  check_obj(&o, SF_ERR_TRUNCATED, 16);
  sf_buf_free(&o);
  /* a variable name that is not a string */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 1);
  sf_wr_u32(&o, 9);
  sf_buf_put(&o, "\x52\x80\0\0\0\0\0\0\0\0\0", 11);
  check_obj(&o, SF_ERR_RANGE, 20);
  sf_buf_free(&o);
  /* an attribute name that is not a string */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 1);
  sf_wr_u32(&o, 1);
  sf_buf_put(&o, "\x52\x80\0\0\0\0\0\0\0\0\x01", 11);
  sf_wr_u32(&o, 77);
  sf_wr_u8(&o, 0);
  check_obj(&o, SF_ERR_RANGE, 35);
  sf_buf_free(&o);
  /* a label with attributes */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 0);
  sf_wr_u16(&o, 0);
  sf_wr_u16(&o, 0);
  sf_wr_u16(&o, 1);
  sf_wr_u32(&o, 1);
  sf_wr_u8(&o, 0);
  sf_wr_u8(&o, 1);
  sf_wr_u32(&o, 1);
  sf_wr_u8(&o, 0);
  obj_states(&o);
  check_obj(&o, SF_UNSUPPORTED, 31);
  sf_buf_free(&o);
  /* num_elements 0 (found by fuzzing the reader: such a file printed `num_elts=0`, which the text
   * parser refuses). Refused for every declaration kind at the num_elements field: a variable
   * (name at 20, bit_properties at 24, num_elements at 25) ... */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 1);
  sf_buf_put(&o, "\x01\0\0\0\x52\0\0\0\0\0\0\0\0\0\0", 15);
  check_obj(&o, SF_ERR_RANGE, 25);
  sf_buf_free(&o);
  /* ... a predicate (variable_count 0, address_count 0, predicate_count 1, name at 24) ... */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 0);
  sf_wr_u16(&o, 0);
  sf_wr_u16(&o, 1);
  sf_wr_u32(&o, 1);
  sf_wr_u16(&o, 0);
  sf_wr_u8(&o, 0);
  check_obj(&o, SF_ERR_RANGE, 28);
  sf_buf_free(&o);
  /* ... and a sampler (no labels; sampler_count at 26, name at 27, num_elements at 31). */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 0);
  sf_wr_u16(&o, 0); sf_wr_u16(&o, 0); sf_wr_u16(&o, 0);
  sf_buf_put(&o, "\x01\x02\0\0\0\0\0\0", 8);
  check_obj(&o, SF_ERR_RANGE, 31);
  sf_buf_free(&o);
  /* VME variables */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 0);
  sf_wr_u16(&o, 0); sf_wr_u16(&o, 0); sf_wr_u16(&o, 0);
  sf_wr_u8(&o, 0);
  sf_wr_u8(&o, 0);
  sf_wr_u8(&o, 1);
  sf_wr_u32(&o, 0);
  check_obj(&o, SF_UNSUPPORTED, 28);
  sf_buf_free(&o);
  /* num_inputs over the cap */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 0);
  sf_wr_u16(&o, 0); sf_wr_u16(&o, 0); sf_wr_u16(&o, 0);
  sf_wr_u8(&o, 0); sf_wr_u8(&o, 0); sf_wr_u8(&o, 0);
  sf_wr_u32(&o, SF_ISA_MAX_VARS + 1);
  check_obj(&o, SF_ERR_LIMIT, 29);
  sf_buf_free(&o);
  /* too many attributes in one kernel: 258 variables with 255 attributes each */
  sf_buf_init(&o, NULL);
  o.limit = (size_t)SF_ISA_MAX_FILE;
  obj_strings(&o);
  sf_wr_u32(&o, 258);
  for (int i = 0; i < 258; i++) obj_var(&o, 255);
  sf_wr_u16(&o, 0); sf_wr_u16(&o, 0); sf_wr_u16(&o, 0);
  obj_states(&o);
  sf_wr_u32(&o, 0);
  obj_code(&o, SU, sizeof SU);
  /* attribute number 65536 (0-based) starts inside variable 256 at attribute 256*255 + ... */
  uint64_t var_bytes = 15 + 255 * 6;
  uint64_t first_over = 16 + 4; /* after strings, name_index, variable_count */
  uint32_t idx = SF_ISA_MAX_ATTRS;           /* the attribute that does not fit */
  uint32_t v = idx / 255, a = idx % 255;
  first_over += v * var_bytes + 15 + (uint64_t)a * 6;
  check_obj(&o, SF_ERR_LIMIT, first_over);
  sf_buf_free(&o);
}

static void err_code_area(void) {
  bytes b = from_hex(MIN_FILE);
  uint8_t *p = malloc(b.n);
  /* entry not right after the attribute table */
  memcpy(p, b.p, b.n);
  p[0x62] = 0x47;
  expect_read_err(p, b.n, SF_ERR_INVALID, 0x62);
  memcpy(p, b.p, b.n);
  p[0x62] = 0x49;
  expect_read_err(p, b.n, SF_ERR_INVALID, 0x62);
  /* instruction size larger / smaller than what the kernel object holds */
  memcpy(p, b.p, b.n);
  p[0x5e] = 0x23;
  expect_read_err(p, b.n, SF_ERR_TRUNCATED, 0x5e);
  memcpy(p, b.p, b.n);
  p[0x5e] = 0x1c; /* 28 bytes: the SAMPLE_UNORM's dst is cut off, and 6 bytes are left over */
  expect_read_err(p, b.n, SF_ERR_TRAILING, 0x68 + 0x1c);
  /* header size shorter than the object: the instructions run past it */
  memcpy(p, b.p, b.n);
  p[0x0f] = 0x69;
  expect_read_err(p, b.n, SF_ERR_TRUNCATED, 0x5e);
  /* an opcode whose layout the table does not model, at its absolute offset */
  memcpy(p, b.p, b.n);
  p[0x68] = 0x44; /* va: sub-op dependent layouts */
  expect_read_err(p, b.n, SF_UNSUPPORTED, 0x68);
  /* an opcode vISA 4.1 does not define */
  memcpy(p, b.p, b.n);
  p[0x68] = 0xA0;
  expect_read_err(p, b.n, SF_ERR_INVALID, 0x68);
  /* errors inside an instruction carry absolute offsets: class 7 in U's tag */
  memcpy(p, b.p, b.n);
  p[0x6c] = 0x07;
  expect_read_err(p, b.n, SF_ERR_INVALID, 0x6c);
  free(p);
  /* RET cut short at the end of the code */
  sf_buf o;
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 1);
  obj_var(&o, 0);
  sf_wr_u16(&o, 0); sf_wr_u16(&o, 0); sf_wr_u16(&o, 0);
  obj_states(&o);
  sf_wr_u32(&o, 0);
  /* (a lone opcode byte: "34 00 00" would read in IGC 12504's cut-short form, RET being "34 00"
   * there and the last byte the unwritten tail, docs/visa-binary.md §6) */
  uint8_t code[35];
  memcpy(code, SU, 34);
  code[34] = 0x34;
  obj_code(&o, code, 35);
  check_obj(&o, SF_ERR_TRUNCATED, 0x48 + 34 + 1);
  sf_buf_free(&o);
  free(b.p);
}

static void err_inst_cap(void) {
  /* 65537 RETs (4 bytes each): over the instruction cap */
  sf_buf o;
  sf_buf_init(&o, NULL);
  o.limit = (size_t)SF_ISA_MAX_FILE;
  obj_strings(&o);
  sf_wr_u32(&o, 1);
  obj_var(&o, 0);
  sf_wr_u16(&o, 0); sf_wr_u16(&o, 0); sf_wr_u16(&o, 0);
  obj_states(&o);
  sf_wr_u32(&o, 0);
  size_t n = ((size_t)SF_ISA_MAX_INSTS + 1) * 4;
  uint8_t *code = calloc(n, 1);
  for (size_t i = 0; i < n; i += 4) code[i] = 0x34;
  obj_code(&o, code, n);
  check_obj(&o, SF_ERR_LIMIT, 0x48 + (uint64_t)SF_ISA_MAX_INSTS * 4);
  sf_buf_free(&o);
  /* 65537 small 3D_SAMPLEs: predicate-class aoffimmi, no params (19 bytes each) */
  static const uint8_t s3d[19] = {0x6d, 0, 0, 4, 0, 0, 1, 2, 0, 0, 0, 6, 0x20, 0, 0, 0, 0, 0, 0};
  n = ((size_t)SF_ISA_MAX_INSTS + 1) * 19;
  uint8_t *c2 = realloc(code, n);
  SF_CHECK(c2 != NULL);
  if (!c2) {
    free(code);
    return;
  }
  code = c2;
  for (size_t i = 0; i < n; i += 19) memcpy(code + i, s3d, 19);
  sf_buf_init(&o, NULL);
  o.limit = (size_t)SF_ISA_MAX_FILE;
  obj_strings(&o);
  sf_wr_u32(&o, 1);
  obj_var(&o, 0);
  sf_wr_u16(&o, 0); sf_wr_u16(&o, 0); sf_wr_u16(&o, 0);
  obj_states(&o);
  sf_wr_u32(&o, 0);
  obj_code(&o, code, n);
  check_obj(&o, SF_ERR_LIMIT, 0x48 + (uint64_t)SF_ISA_MAX_INSTS * 19);
  sf_buf_free(&o);
  /* exactly at the cap is fine */
  n = (size_t)SF_ISA_MAX_INSTS * 19;
  sf_buf_init(&o, NULL);
  o.limit = (size_t)SF_ISA_MAX_FILE;
  obj_strings(&o);
  sf_wr_u32(&o, 1);
  obj_var(&o, 0);
  sf_wr_u16(&o, 0); sf_wr_u16(&o, 0); sf_wr_u16(&o, 0);
  obj_states(&o);
  sf_wr_u32(&o, 0);
  obj_code(&o, code, n);
  sf_buf f;
  one_kernel_file(o.data, o.len, &f);
  sf_isa_file r;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_isa_read(f.data, f.len, &r, &st) == SF_OK);
  if (r.num_kernels == 1) SF_CHECK_EQ_U(r.kernels[0].num_insts, SF_ISA_MAX_INSTS);
  sf_isa_free(&r);
  sf_buf_free(&f);
  sf_buf_free(&o);
  free(code);
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

/* ---- property: mutated containers ----------------------------------------------------------- */

/* Mutants of the three known files: never a crash (ASan/UBSan), every error positioned inside the
 * input, and whatever reads back writes a file that reads back to the same bytes again. */
static void prop_mutated_files(void) {
  const char *files[] = {MIN_FILE, IGC_FILE, RET_FILE};
  bytes src[3];
  for (int i = 0; i < 3; i++) src[i] = from_hex(files[i]);
  uint64_t s = 0x15a0001;
  int ok = 0, errs = 0;
  const int N = 6000;
  for (int it = 0; it < N; it++) {
    const bytes *b = &src[it % 3];
    uint8_t buf[700];
    size_t len = b->n;
    memcpy(buf, b->p, len);
    unsigned nm = 1 + (unsigned)(sf_t_rand(&s) % 3);
    for (unsigned m = 0; m < nm; m++) {
      uint64_t r = sf_t_rand(&s);
      size_t at = (size_t)(r >> 8) % len;
      switch (r % 4) {
        case 0: buf[at] ^= (uint8_t)(1u << (r >> 40 & 7)); break;
        case 1: buf[at] = (uint8_t)(r >> 32); break;
        case 2: /* hit the instruction area, where most mutants stay readable */
          at = len - 1 - (size_t)(r >> 20) % 40;
          buf[at] = (uint8_t)(r >> 32);
          break;
        default: if (len > 1) len--; break;
      }
    }
    sf_isa_file f;
    sf_status st;
    sf_code c = read_bytes(buf, len, &f, &st);
    if (c != SF_OK) {
      errs++;
      SF_CHECK(st.code == c && st.msg[0]);
      SF_CHECK(st.pos_kind != SF_POS_BYTE || st.pos <= len);
      SF_CHECK(f.kernels == NULL);
      continue;
    }
    ok++;
    sf_buf w1;
    write_ok(&f, &w1);
    sf_isa_file g;
    SF_CHECK(read_bytes(w1.data, w1.len, &g, &st) == SF_OK);
    sf_buf w2;
    write_ok(&g, &w2);
    SF_CHECK_MEM(w2.data, w2.len, w1.data, w1.len);
    sf_buf_free(&w1);
    sf_buf_free(&w2);
    sf_isa_free(&g);
    sf_isa_free(&f);
    if (sf_t_failed_checks > 20) break;
  }
  printf("mutated containers: %d inputs, %d read and rewrote stably, %d rejected\n", N, ok, errs);
  SF_CHECK(ok > N / 10 && errs > N / 10);
  for (int i = 0; i < 3; i++) free(src[i].p);
}

int main(void) {
  SF_RUN(kat_min_file);
  SF_RUN(kat_igc_file);
  SF_RUN(kat_ret_file);
  SF_RUN(ret_positions_and_bytes);
  SF_RUN(multi_kernel_roundtrip);
  SF_RUN(empty_file);
  SF_RUN(std_obj_is_min_file);
  SF_RUN(err_truncated_everywhere);
  SF_RUN(err_magic_version);
  SF_RUN(err_trailing);
  SF_RUN(err_header_fields);
  SF_RUN(err_file_cap);
  SF_RUN(err_strings);
  SF_RUN(err_decls);
  SF_RUN(err_code_area);
  SF_RUN(err_inst_cap);
  SF_RUN(err_writer);
  SF_RUN(prop_mutated_files);
  SF_TEST_END();
}
