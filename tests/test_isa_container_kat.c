/* test_isa_container_kat.c — the vISA v4.1 `.isa` container reader and writer
 * (harness/visa/visa_isa_read.c, visa_isa_write.c; docs/visa-binary.md) on known files: the §2.5
 * file, a file GenX_IR wrote and a file with RET each read with the expected fields and write back
 * byte for byte; RET encodings, several kernels and an empty file round-trip; and 6,000 mutants of
 * the three files never crash and, when read, write back stably. The files themselves are described
 * in tests/test_isa_container_util.h; the error paths are in test_isa_container_header.c and
 * test_isa_container_kernel.c. */
#include "tests/test_isa_container_util.h"

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
  SF_RUN(prop_mutated_files);
  SF_TEST_END();
}
