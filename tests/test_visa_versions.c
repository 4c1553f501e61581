/* test_visa_versions.c — vISA .isa files of versions 3.1 to 4.0 (docs/visa-binary.md "Versions").
 *
 * IGC's reader (ByteCodeReaderNG.cpp) reads some fields by the file's version: ids UW before 3.4,
 * the input count UB before 3.5, name lengths UB before 3.7, the 3D sampler op one byte before 4.0,
 * and older layouts of aoffimmi, wait, raw_sends, file, lifetime and the typed gather/scatter. The
 * codec keeps every field in its 4.1 form and converts at the byte level, so:
 *   - known bytes: each older layout, encoded by hand here, decodes to the 4.1 fields and encodes
 *     back to the same bytes; a 4.1 field an older version cannot hold is refused as SF_ERR_RANGE;
 *   - real kernels: every .visaasm text IGC wrote (tests/data/real/visa-ocloc*), written at each
 *     version, reads back to the same text (but the .version line) and writes back the same bytes;
 *   - generated files (sf_gen_isa_file) the same, over many seeds. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_bin_priv.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

static const unsigned versions[] = {SF_VISA_V(3, 1), SF_VISA_V(3, 2), SF_VISA_V(3, 3), SF_VISA_V(3, 4),
                                    SF_VISA_V(3, 5), SF_VISA_V(3, 6), SF_VISA_V(3, 7), SF_VISA_V(4, 0)};
#define NVER (sizeof versions / sizeof versions[0])

/* ---- Known bytes ---------------------------------------------------------------------------------- */

static void gen_roundtrip(const char *what, unsigned ver, const uint8_t *bytes, size_t n, const sf_visa_gop *want,
                          unsigned nwant) {
  sf_status st;
  sf_status_clear(&st);
  sf_visa_ginst g;
  size_t used = 0;
  char m[256];
  sf_code c = sf_visa_gen_decode_ver(bytes, n, 0, SF_VISA_FORM_SPEC, ver, &g, &used, &st);
  SF_CHECK_MSG(c == SF_OK && used == n, "%s: decode: %s (used %zu of %zu)", what, sf_status_format(&st, m, sizeof m), used,
               n);
  if (c != SF_OK) return;
  SF_CHECK_MSG(g.num_ops == nwant, "%s: %u fields, want %u", what, (unsigned)g.num_ops, nwant);
  for (unsigned i = 0; i < nwant && i < g.num_ops; i++) {
    const sf_visa_gop *a = &g.ops[i], *b = &want[i];
    SF_CHECK_MSG(a->kind == b->kind && a->u == b->u && a->r.id == b->r.id && a->r.off == b->r.off &&
                     a->v.cls == b->v.cls && a->v.type == b->v.type && a->v.imm == b->v.imm && a->v.id == b->v.id,
                 "%s: field %u: kind '%c' u 0x%x, want '%c' 0x%x", what, i, a->kind, (unsigned)a->u, b->kind,
                 (unsigned)b->u);
  }
  sf_buf out;
  sf_buf_init(&out, &st);
  c = sf_visa_gen_encode_ver(&g, ver, &out, &st);
  SF_CHECK_MSG(c == SF_OK, "%s: encode: %s", what, sf_status_format(&st, m, sizeof m));
  if (c == SF_OK) SF_CHECK_MEM(out.data, out.len, bytes, n);
  sf_buf_free(&out);
  sf_visa_ginst_free(&g);
}

static sf_visa_gop f_u(char k, uint32_t u) {
  sf_visa_gop o;
  memset(&o, 0, sizeof o);
  o.kind = (uint8_t)k;
  o.u = u;
  return o;
}

static sf_visa_gop f_raw(uint32_t id, uint16_t off) {
  sf_visa_gop o = f_u('R', 0);
  o.r.id = id;
  o.r.off = off;
  return o;
}

static sf_visa_gop f_imm(uint8_t type, uint32_t v) {
  sf_visa_gop o = f_u('V', 0);
  o.v.cls = SF_VCLS_IMMEDIATE;
  o.v.type = type;
  o.v.imm = v;
  return o;
}

#define N(a) (sizeof a / sizeof a[0])

static void known_bytes(void) {
  /* wait before 3.1: the opcode alone, kept as a UW immediate mask of 0 */
  static const uint8_t wait30[] = {0x5b};
  sf_visa_gop wait_f[] = {f_imm(SF_VT_UW, 0)};
  gen_roundtrip("wait 3.0", SF_VISA_V(3, 0), wait30, sizeof wait30, wait_f, N(wait_f));
  /* file and lifetime before 3.4: UW indices */
  static const uint8_t file33[] = {0x51, 0x34, 0x12};
  sf_visa_gop file_f[] = {f_u('d', 0x1234)};
  gen_roundtrip("file 3.3", SF_VISA_V(3, 3), file33, sizeof file33, file_f, N(file_f));
  static const uint8_t life33[] = {0x7b, 0x05, 0x34, 0x12};
  sf_visa_gop life_f[] = {f_u('b', 5), f_u('d', 0x1234)};
  gen_roundtrip("lifetime 3.3", SF_VISA_V(3, 3), life33, sizeof life33, life_f, N(life_f));
  /* raw_sends before 3.6: no ffid byte (kept as 0) */
  static const uint8_t sends35[] = {0x7a, 0x00, 0x03, 0x00, 0x00, 0x01, 0x01, 0x01,
                                    0x05, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x02,
                                    0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x00, 0x00, 0x00, 0x00, 0x00,
                                    0x22, 0x00, 0x00, 0x00, 0x00, 0x00};
  sf_visa_gop sends_f[] = {f_u('b', 0), f_u('E', 3), f_u('P', 0), f_u('b', 1), f_u('b', 1), f_u('b', 1), f_u('b', 0),
                           f_imm(SF_VT_UD, 0xc), f_imm(SF_VT_UD, 0x02000000), f_raw(0x20, 0), f_raw(0x21, 0),
                           f_raw(0x22, 0)};
  gen_roundtrip("raw_sends 3.5", SF_VISA_V(3, 5), sends35, sizeof sends35, sends_f, N(sends_f));
  /* gather4_typed before 3.2: inverted mask, exec byte (size code 0), surface, u v r msg with UW ids;
   * kept as 4.1: exec size code 3 (8 lanes), no predicate, the mask inverted back, a null LOD */
  static const uint8_t typed31[] = {0x4b, 0x0e, 0x10, 0x06, 0x30, 0x00, 0x00, 0x00, 0x31, 0x00, 0x00, 0x00,
                                    0x32, 0x00, 0x00, 0x00, 0x33, 0x00, 0x20, 0x00};
  sf_visa_gop typed_f[] = {f_u('E', 0x13), f_u('P', 0), f_u('b', 0xf1), f_u('b', 6), f_raw(0x30, 0),
                           f_raw(0x31, 0), f_raw(0x32, 0), f_raw(0, 0), f_raw(0x33, 0x20)};
  gen_roundtrip("gather4_typed 3.1", SF_VISA_V(3, 1), typed31, sizeof typed31, typed_f, N(typed_f));
  /* load_3d before 3.4 (and 4.0): op byte (bits 0-4 op, 5 pixel null mask), aoffimmi a UW value */
  static const uint8_t load33[] = {0x6e, 0x25, 0x03, 0x00, 0x00, 0x0f, 0x02, 0x01, 0x07, 0x40, 0x00, 0x00, 0x00,
                                   0x02, 0x41, 0x00, 0x00, 0x00, 0x42, 0x00, 0x00, 0x00};
  sf_visa_gop load_f[] = {f_u('w', 0x105), f_u('E', 3), f_u('P', 0), f_u('b', 0xf), f_imm(SF_VT_UW, 0x102),
                          f_u('b', 7), f_raw(0x40, 0), f_u('n', 2), f_raw(0x41, 0), f_raw(0x42, 0)};
  gen_roundtrip("load_3d 3.3", SF_VISA_V(3, 3), load33, sizeof load33, load_f, N(load_f));

  /* 3d_sample through the sampler codec, 3.3: op byte 0x20 (op 0, pixel null mask), UW aoffimmi */
  static const uint8_t s3d33[] = {0x6d, 0x20, 0x03, 0x00, 0x00, 0x0f, 0x34, 0x12, 0x00, 0x01,
                                  0x40, 0x00, 0x00, 0x00, 0x02, 0x41, 0x00, 0x00, 0x00, 0x42, 0x00, 0x00, 0x00};
  sf_status st;
  sf_status_clear(&st);
  sf_inst in;
  size_t used = 0;
  char m[256];
  sf_code c = sf_visa_decode_ver(s3d33, sizeof s3d33, 0, SF_VISA_V(3, 3), &in, &used, &st);
  SF_CHECK_MSG(c == SF_OK && used == sizeof s3d33, "3d_sample 3.3: %s", sf_status_format(&st, m, sizeof m));
  SF_CHECK(in.s3d.op == 0 && in.s3d.pixel_null_mask && !in.s3d.cps && in.s3d.aoffimmi.cls == SF_VCLS_IMMEDIATE &&
           in.s3d.aoffimmi.type == SF_VT_UW && in.s3d.aoffimmi.imm == 0x1234 && in.s3d.dst.id == 0x40 &&
           in.s3d.num_params == 2 && in.s3d.params[1].id == 0x42);
  sf_buf out;
  sf_buf_init(&out, &st);
  SF_CHECK(sf_visa_encode_ver(&in, SF_VISA_V(3, 3), &out, &st) == SF_OK);
  SF_CHECK_MEM(out.data, out.len, s3d33, sizeof s3d33);
  /* what 3.3 cannot hold: a sub-op over 31, an aoffimmi that is not a UW immediate, an id over 65535 */
  sf_inst bad = in;
  bad.s3d.op = 0x20;
  out.len = 0;
  SF_CHECK(sf_visa_encode_ver(&bad, SF_VISA_V(3, 3), &out, &st) == SF_ERR_RANGE && out.len == 0);
  SF_CHECK(sf_visa_encode_ver(&bad, SF_VISA_V(4, 0), &out, &st) == SF_OK);
  bad = in;
  bad.s3d.aoffimmi.type = SF_VT_W;
  out.len = 0;
  SF_CHECK(sf_visa_encode_ver(&bad, SF_VISA_V(3, 3), &out, &st) == SF_ERR_RANGE && out.len == 0);
  bad = in;
  bad.s3d.params[0].id = 0x10000;
  SF_CHECK(sf_visa_encode_ver(&bad, SF_VISA_V(3, 3), &out, &st) == SF_ERR_RANGE && out.len == 0);
  SF_CHECK(sf_visa_encode_ver(&bad, SF_VISA_V(3, 4), &out, &st) == SF_OK);
  sf_buf_free(&out);

  /* generic fields an older version cannot hold */
  sf_visa_ginst g = {SF_VISA_FORM_SPEC, 0, 0x5b, 1, NULL};
  sf_visa_gop w1[] = {f_imm(SF_VT_UW, 1)};
  g.ops = w1;
  sf_buf_init(&out, &st);
  SF_CHECK(sf_visa_gen_encode_ver(&g, SF_VISA_V(3, 0), &out, &st) == SF_ERR_RANGE && out.len == 0);
  SF_CHECK(sf_visa_gen_encode_ver(&g, SF_VISA_V(3, 1), &out, &st) == SF_OK);
  sends_f[6].u = 1; /* an ffid */
  g = (sf_visa_ginst){SF_VISA_FORM_SPEC, 0, 0x7a, (uint16_t)N(sends_f), sends_f};
  out.len = 0;
  SF_CHECK(sf_visa_gen_encode_ver(&g, SF_VISA_V(3, 5), &out, &st) == SF_ERR_RANGE && out.len == 0);
  typed_f[1].u = 1; /* a predicate */
  g = (sf_visa_ginst){SF_VISA_FORM_SPEC, 0, 0x4b, (uint16_t)N(typed_f), typed_f};
  SF_CHECK(sf_visa_gen_encode_ver(&g, SF_VISA_V(3, 1), &out, &st) == SF_ERR_RANGE && out.len == 0);
  SF_CHECK(sf_visa_gen_encode_ver(&g, SF_VISA_V(3, 2), &out, &st) == SF_OK);
  load_f[0].u = 0x120; /* sub-op 0x20 */
  g = (sf_visa_ginst){SF_VISA_FORM_SPEC, 0, 0x6e, (uint16_t)N(load_f), load_f};
  out.len = 0;
  SF_CHECK(sf_visa_gen_encode_ver(&g, SF_VISA_V(3, 3), &out, &st) == SF_ERR_RANGE && out.len == 0);
  sf_buf_free(&out);
  /* gather4_typed before 3.2 with an exec size other than 8 lanes: refused at the exec byte */
  uint8_t typed_bad[sizeof typed31];
  memcpy(typed_bad, typed31, sizeof typed31);
  typed_bad[2] = 0x11;
  sf_visa_ginst gg;
  sf_status_clear(&st);
  c = sf_visa_gen_decode_ver(typed_bad, sizeof typed_bad, 0x100, SF_VISA_FORM_SPEC, SF_VISA_V(3, 1), &gg, &used, &st);
  SF_CHECK_MSG(c == SF_ERR_INVALID && st.pos == 0x102, "%s at 0x%llx", sf_code_name(c), (unsigned long long)st.pos);
}

/* ---- Whole files: real kernels and generated ones --------------------------------------------- */


/* The text after the first line (.version). */
static const char *after_version(const sf_buf *t, size_t *n) {
  const char *p = memchr(t->data, '\n', t->len);
  size_t skip = p ? (size_t)(p - (const char *)t->data) + 1 : t->len;
  *n = t->len - skip;
  return (const char *)t->data + skip;
}

typedef struct vstats {
  unsigned written[NVER], refused[NVER];
} vstats;

/* f (version 4.1) written at every version: refused as SF_ERR_RANGE, or read back to f's text
 * (but the .version line) and written back to the same bytes. */
static void each_version(const char *name, sf_isa_file *f, vstats *vs) {
  sf_status st;
  sf_status_clear(&st);
  char m[256];
  /* the 4.1 text through .isa bytes (the binary form has no .funcdecl lines to keep) */
  sf_buf t41, b41;
  sf_buf_init(&t41, &st);
  sf_buf_init(&b41, &st);
  f->major = 4;
  f->minor = 1;
  sf_isa_file h;
  memset(&h, 0, sizeof h);
  bool printable = sf_isa_write(f, &b41, &st) == SF_OK && sf_isa_read(b41.data, b41.len, &h, &st) == SF_OK &&
                   sf_visaasm_print(&h, &t41, &st) == SF_OK;
  sf_isa_free(&h);
  sf_buf_free(&b41);
  for (unsigned v = 0; v < NVER; v++) {
    f->major = (uint8_t)(versions[v] >> 8);
    f->minor = (uint8_t)versions[v];
    sf_buf b1, b2, tv;
    sf_buf_init(&b1, &st);
    sf_buf_init(&b2, &st);
    sf_buf_init(&tv, &st);
    sf_status_clear(&st);
    sf_code c = sf_isa_write(f, &b1, &st);
    if (c != SF_OK) {
      SF_CHECK_MSG(c == SF_ERR_RANGE, "%s at %u.%u: %s", name, versions[v] >> 8, versions[v] & 0xFF,
                   sf_status_format(&st, m, sizeof m));
      vs->refused[v]++;
    } else {
      vs->written[v]++;
      sf_isa_file g;
      c = sf_isa_read(b1.data, b1.len, &g, &st);
      SF_CHECK_MSG(c == SF_OK, "%s at %u.%u: read back: %s", name, versions[v] >> 8, versions[v] & 0xFF,
                   sf_status_format(&st, m, sizeof m));
      if (c == SF_OK) {
        SF_CHECK(g.major == f->major && g.minor == f->minor);
        SF_CHECK_MSG(sf_isa_write(&g, &b2, &st) == SF_OK && b2.len == b1.len && !memcmp(b1.data, b2.data, b1.len),
                     "%s at %u.%u: not written back byte for byte", name, versions[v] >> 8, versions[v] & 0xFF);
        if (printable) {
          c = sf_visaasm_print(&g, &tv, &st);
          SF_CHECK_MSG(c == SF_OK, "%s at %u.%u: print: %s", name, versions[v] >> 8, versions[v] & 0xFF,
                       sf_status_format(&st, m, sizeof m));
          size_t n41, nv;
          const char *a = after_version(&t41, &n41), *b = after_version(&tv, &nv);
          if (c == SF_OK)
            SF_CHECK_MSG(sf_t_first_line_diff(a, n41, b, nv) < 0, "%s at %u.%u: text differs from 4.1's at line %ld", name,
                         versions[v] >> 8, versions[v] & 0xFF, sf_t_first_line_diff(a, n41, b, nv) + 1);
        }
        sf_isa_free(&g);
      }
    }
    sf_buf_free(&b1);
    sf_buf_free(&b2);
    sf_buf_free(&tv);
  }
  f->major = 4;
  f->minor = 1;
  sf_buf_free(&t41);
}

static void real_texts(const char *dir, vstats *vs, unsigned *files) {
  DIR *d = opendir(dir);
  SF_CHECK_MSG(d != NULL, "%s", dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l < 9 || strcmp(e->d_name + l - 8, ".visaasm")) continue;
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
    FILE *fp = fopen(path, "rb");
    if (!fp) continue;
    static char buf[1 << 20];
    size_t n = fread(buf, 1, sizeof buf, fp);
    fclose(fp);
    sf_isa_file f;
    sf_status st;
    sf_status_clear(&st);
    if (sf_visaasm_parse(buf, n, &f, &st) != SF_OK) continue; /* test_real_programs counts these */
    (*files)++;
    each_version(e->d_name, &f, vs);
    sf_isa_free(&f);
  }
  closedir(d);
}

static void print_stats(const char *what, unsigned files, const vstats *vs) {
  printf("%s: %u files;", what, files);
  for (unsigned v = 0; v < NVER; v++)
    printf(" %u.%u %u/%u", versions[v] >> 8, versions[v] & 0xFF, vs->written[v], vs->written[v] + vs->refused[v]);
  printf(" (written and read back / tried)\n");
}

static void real_kernels(void) {
  vstats vs;
  memset(&vs, 0, sizeof vs);
  unsigned files = 0;
  real_texts(SF_SOURCE_DIR "/tests/data/real/visa-ocloc", &vs, &files);
  real_texts(SF_SOURCE_DIR "/tests/data/real/visa-ocloc-functions", &vs, &files);
  print_stats("real .visaasm at each version", files, &vs);
  SF_CHECK(files >= 257);
  /* From 3.4 on, only the sampler op byte before 4.0 can refuse, and IGC's sub-ops are all < 32 */
  for (unsigned v = 0; v < NVER; v++)
    if (versions[v] >= SF_VISA_V(3, 4)) SF_CHECK_MSG(vs.refused[v] == 0, "%u refused at %u.%u", vs.refused[v],
                                                     versions[v] >> 8, versions[v] & 0xFF);
}

static void generated_files(void) {
  vstats vs;
  memset(&vs, 0, sizeof vs);
  unsigned files = 0;
  for (unsigned seed = 0; seed < 300; seed++) {
    uint8_t data[512];
    uint32_t x = seed * 2654435761u + 12345u;
    for (size_t i = 0; i < sizeof data; i++) {
      x ^= x << 13;
      x ^= x >> 17;
      x ^= x << 5;
      data[i] = (uint8_t)x;
    }
    sf_fdp fdp;
    sf_fdp_init(&fdp, data, sizeof data);
    sf_isa_file f;
    sf_status st;
    sf_status_clear(&st);
    if (sf_gen_isa_file(&fdp, 0, &f, &st) != SF_OK) continue;
    files++;
    char name[32];
    snprintf(name, sizeof name, "generated seed %u", seed);
    each_version(name, &f, &vs);
    sf_isa_free(&f);
  }
  print_stats("generated files at each version", files, &vs);
  SF_CHECK(files >= 250);
  for (unsigned v = 0; v < NVER; v++) SF_CHECK(vs.written[v] > 0);
}

int main(void) {
  SF_RUN(known_bytes);
  SF_RUN(real_kernels);
  SF_RUN(generated_files);
  SF_TEST_END();
}
