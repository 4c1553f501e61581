/* test_isa_container_kernel.c — error paths of the `.isa` container reader
 * (harness/visa/visa_isa_read.c) inside one kernel object: the string table, the declarations
 * (variables, predicates, samplers, labels, VME, inputs, attributes), the code area (entry, sizes,
 * opcodes, a cut-short RET) and the instruction cap. The objects are built field by field into a
 * one-kernel file, so each error is expected at an exact byte of that file. */
#include "tests/test_isa_container_util.h"
#include "harness/visa/visa_kernel_priv.h"

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
  /* a variable attribute count the bytes cannot hold: refused at the count's byte (34), as every
   * other count is (it named the first record's byte, 35, until 2026-11-29) */
  sf_buf_init(&o, NULL);
  obj_strings(&o);
  sf_wr_u32(&o, 1);
  sf_wr_u32(&o, 1);
  sf_buf_put(&o, "\x52\x80\0\0\0\0\0\0\0\0\xc8", 11);
  check_obj(&o, SF_ERR_TRUNCATED, 34);
  sf_buf_free(&o);
  /* an address count, and a predicate count, the bytes cannot hold: refused at the count's byte
   * (the byte after it until 2026-11-29) */
  for (unsigned which = 0; which < 2; which++) {
    sf_buf_init(&o, NULL);
    obj_strings(&o);
    sf_wr_u32(&o, 0);
    if (which) sf_wr_u16(&o, 0);
    sf_wr_u16(&o, 1000);
    sf_buf_put(&o, "\0\0\0\0\0\0\0\0", 8);
    check_obj(&o, SF_ERR_TRUNCATED, 20 + 2 * which);
    sf_buf_free(&o);
  }
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

/* The builder's cap on kernel attributes: the count is a UW in the file, so 65,535 fit and the
 * next is refused with SF_ERR_LIMIT (and the kernel keeps the ones it had). */
static void builder_attr_cap(void) {
  sf_status st;
  sf_visa_kernel k;
  SF_CHECK(sf_visa_kernel_init(&k, "caps", NULL) == SF_OK);
  bool all = true;
  for (unsigned i = 0; i < 65535u && all; i++) {
    sf_status_clear(&st);
    all = sf_visa_kernel_add_string_attr(&k, "a", "", &st) == SF_OK;
  }
  SF_CHECK_MSG(all && k.num_kattrs == 65535u, "%u kernel attributes: %s", (unsigned)k.num_kattrs, st.msg);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_string_attr(&k, "a", "", &st) == SF_ERR_LIMIT && strstr(st.msg, "too many attributes"));
  SF_CHECK(k.num_kattrs == 65535u && k.num_attrs == 65535u);
  sf_visa_kernel_free(&k);
}

/* The raw attribute builder refuses a NULL value with a non-zero size as invalid and adds nothing
 * (it had copied from NULL); a NULL value of no bytes is an empty attribute. */
static void builder_attr_null(void) {
  sf_status st;
  sf_visa_kernel k;
  SF_CHECK(sf_visa_kernel_init(&k, "nulls", NULL) == SF_OK);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_attr(&k, "A", NULL, 4, &st) == SF_ERR_INVALID && strstr(st.msg, "value is NULL"));
  SF_CHECK(k.num_attrs == 0 && k.num_kattrs == 0);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_attr(&k, "A", NULL, 0, &st) == SF_OK && k.num_kattrs == 1);
  sf_visa_kernel_free(&k);
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
  { /* and the message gives the room there is: the 34 instruction bytes of the object */
    sf_isa_file f;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK(sf_isa_read(p, b.n, &f, &st) == SF_ERR_TRUNCATED);
    SF_CHECK_MSG(strstr(st.msg, "instruction size 35 runs past the end of the kernel object (34 bytes left)") != NULL,
                 "message: %s", st.msg);
    sf_isa_free(&f);
  }
  memcpy(p, b.p, b.n);
  p[0x5e] = 0x1c; /* 28 bytes: the SAMPLE_UNORM's dst is cut off, and 6 bytes are left over */
  expect_read_err(p, b.n, SF_ERR_TRAILING, 0x68 + 0x1c);
  /* header size shorter than the object: the instructions run past it */
  memcpy(p, b.p, b.n);
  p[0x0f] = 0x69;
  expect_read_err(p, b.n, SF_ERR_TRUNCATED, 0x5e);
  /* a reserved opcode (no instruction has it), at its absolute offset */
  memcpy(p, b.p, b.n);
  p[0x68] = 0x3b;
  expect_read_err(p, b.n, SF_ERR_INVALID, 0x68);
  /* a sub-op the opcode does not define, at the sub-op's byte (va's sub-ops are 1-7) */
  memcpy(p, b.p, b.n);
  p[0x68] = 0x44;
  p[0x69] = 0x0f;
  expect_read_err(p, b.n, SF_ERR_INVALID, 0x69);
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

/* ---- the caps are inclusive ------------------------------------------------------------------ */

/* A kernel with exactly SF_ISA_MAX_STRINGS strings, SF_ISA_MAX_VARS variables or as many inputs
 * (the input cap is the variable cap) is written and read back whole: a cap refuses what is over
 * it, not what is at it. */
static void at_caps(void) {
  for (int which = 0; which < 3; which++) {
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    f.major = 4;
    f.minor = 1;
    f.kernels = calloc(1, sizeof *f.kernels);
    SF_CHECK(f.kernels != NULL);
    if (!f.kernels) return;
    f.num_kernels = 1;
    sf_visa_kernel *k = &f.kernels[0];
    SF_CHECK(sf_visa_kernel_init(k, "caps", NULL) == SF_OK);
    if (which == 0) {
      char **s = realloc(k->strings, SF_ISA_MAX_STRINGS * sizeof *s);
      SF_CHECK(s != NULL);
      if (!s) return;
      k->strings = s;
      for (uint32_t i = k->num_strings; i < SF_ISA_MAX_STRINGS; i++) s[k->num_strings++] = calloc(1, 1);
    } else if (which == 1) {
      k->vars = calloc(SF_ISA_MAX_VARS, sizeof *k->vars);
      SF_CHECK(k->vars != NULL);
      if (!k->vars) return;
      k->num_vars = SF_ISA_MAX_VARS;
      for (uint32_t i = 0; i < SF_ISA_MAX_VARS; i++) k->vars[i].num_elts = 1; /* named like the kernel */
    } else {
      k->inputs = calloc(SF_ISA_MAX_VARS, sizeof *k->inputs);
      SF_CHECK(k->inputs != NULL);
      if (!k->inputs) return;
      k->num_inputs = SF_ISA_MAX_VARS;
    }
    sf_status st;
    sf_status_clear(&st);
    sf_buf w;
    sf_buf_init(&w, &st);
    w.limit = (size_t)SF_ISA_MAX_FILE;
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_code c = sf_isa_write(&f, &w, &st);
    if (c != SF_OK) fprintf(stderr, "at_caps %d: write: %s\n", which, sf_status_format(&st, msg, sizeof msg));
    SF_CHECK(c == SF_OK);
    sf_isa_file g;
    sf_status_clear(&st);
    c = c == SF_OK ? sf_isa_read(w.data, w.len, &g, &st) : SF_ERR_INVALID;
    if (c != SF_OK) fprintf(stderr, "at_caps %d: read: %s\n", which, sf_status_format(&st, msg, sizeof msg));
    SF_CHECK(c == SF_OK);
    if (c == SF_OK) {
      SF_CHECK(g.num_kernels == 1 && g.kernels[0].num_strings == k->num_strings &&
               g.kernels[0].num_vars == k->num_vars && g.kernels[0].num_inputs == k->num_inputs);
      sf_isa_free(&g);
    }
    sf_buf_free(&w);
    sf_isa_free(&f);
  }
}

int main(void) {
  SF_RUN(std_obj_is_min_file);
  SF_RUN(err_strings);
  SF_RUN(err_decls);
  SF_RUN(err_code_area);
  SF_RUN(err_inst_cap);
  SF_RUN(at_caps);
  SF_RUN(builder_attr_cap);
  SF_RUN(builder_attr_null);
  SF_TEST_END();
}
