/* test_real_visa.c — vISA programs no one here wrote, through every codec, byte for byte
 * (the DXBC and DXIL sets are in test_real_programs.c):
 *
 * tests/data/real/visa-ocloc/            vISA kernels that IGC 1.0.12504 wrote for OpenCL image
 *                                        kernels (make.sh, SOURCES)
 * tests/data/real/visa-ocloc-functions/  -cl-opt-disable kernels with the vISA functions they call
 * tests/data/real/visa-cm/               a CM kernel in vISA 3.6 with its Gen code, from Intel's
 *                                        media driver
 *
 * An .isa file either reads and writes back byte-identically, or is refused with SF_UNSUPPORTED
 * naming what and where; never another error class. IGC 1.0.12504 wrote these files with its
 * writer's cut-short instructions (docs/visa-binary.md §6): every kernel must read in that form,
 * its instructions ending in the kernel's RET, and printing it as text is refused as unsupported
 * (the dropped source operands are not in the file). Likewise a .visaasm file parses or is refused
 * as unsupported/syntax at a line:column. Every count is printed. */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/visa.h"
#include "tests/sf_test.h"
#include "tests/real_files.h"

#define VISA_BIN_RT_MIN 36u

/* tests/data/real/visa-cm: CM kernels in vISA 3.x with their Gen code (SOURCES): the bytes read and
 * write back identically; text refuses the compiled code, and without it (sf_isa_drop_gen_code, as
 * `samplefuzz disasm` does) the kernel prints, and its text reads back and prints the same. */
static void test_visa_cm(void) {
  const char *dir = SF_SOURCE_DIR "/tests/data/real/visa-cm";
  names isa = list_dir(dir, ".isa");
  SF_CHECK_MSG(isa.n >= 1, "%zu .isa files in %s", isa.n, dir);
  char why[256];
  unsigned same = 0, texts = 0;
  for (size_t i = 0; i < isa.n; i++) {
    size_t len = 0;
    uint8_t *data = slurp_in(dir, isa.v[i], &len);
    if (!data) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_code rc = sf_isa_read(data, len, &f, &st);
    SF_CHECK_MSG(rc == SF_OK, "%s: %s", isa.v[i], sf_status_format(&st, why, sizeof why));
    if (rc != SF_OK) {
      free(data);
      continue;
    }
    SF_CHECK_MSG(f.major == 3, "%s: version %u.%u", isa.v[i], (unsigned)f.major, (unsigned)f.minor);
    sf_buf out, t1, t2;
    sf_buf_init(&out, &st);
    sf_buf_init(&t1, &st);
    sf_buf_init(&t2, &st);
    if (sf_isa_write(&f, &out, &st) == SF_OK && out.len == len && !memcmp(out.data, data, len)) same++;
    else SF_CHECK_MSG(0, "%s: written back differently: %s", isa.v[i], st.msg);
    sf_status_clear(&st);
    SF_CHECK_MSG(sf_visaasm_print(&f, &t1, &st) == SF_UNSUPPORTED && strstr(st.msg, "gen binary"), "%s: compiled code "
                 "printed or refused for another reason: %s", isa.v[i], st.msg);
    uint64_t dropped = 0;
    SF_CHECK(sf_isa_drop_gen_code(&f, &dropped) >= 1 && dropped > 0);
    SF_CHECK(sf_isa_drop_gen_code(&f, &dropped) == 0 && dropped == 0);
    sf_buf_free(&t1);
    sf_buf_init(&t1, &st);
    sf_status_clear(&st);
    sf_isa_file g;
    memset(&g, 0, sizeof g);
    if (sf_visaasm_print(&f, &t1, &st) == SF_OK && sf_visaasm_parse((const char *)t1.data, t1.len, &g, &st) == SF_OK &&
        sf_visaasm_print(&g, &t2, &st) == SF_OK && t1.len == t2.len && !memcmp(t1.data, t2.data, t1.len))
      texts++;
    else
      SF_CHECK_MSG(0, "%s: text without the compiled code: %s", isa.v[i], sf_status_format(&st, why, sizeof why));
    sf_isa_free(&g);
    sf_buf_free(&out);
    sf_buf_free(&t1);
    sf_buf_free(&t2);
    sf_isa_free(&f);
    free(data);
  }
  printf("%s: %zu CM kernel files, %u write back byte-identically, %u print and read back without their Gen code\n",
         strrchr(dir, '/') + 1, isa.n, same, texts);
  SF_CHECK_EQ_U(same, isa.n);
  SF_CHECK_EQ_U(texts, isa.n);
  free_names(&isa);
}

static void test_visa_ocloc(void) {
  const char *dir = SF_SOURCE_DIR "/tests/data/real/visa-ocloc";
  names isa = list_dir(dir, ".isa"), txt = list_dir(dir, ".visaasm");
  SF_CHECK_MSG(isa.n >= 36, "%zu .isa files in %s", isa.n, dir);
  unsigned rt = 0, unsupported = 0, txt_ok = 0, txt_refused = 0, txt_same = 0;
  char why[256];
  for (size_t i = 0; i < isa.n; i++) {
    size_t len = 0;
    uint8_t *data = slurp_in(dir, isa.v[i], &len);
    if (!data) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_code rc = sf_isa_read(data, len, &f, &st);
    if (rc == SF_OK) {
      for (uint32_t k = 0; k < f.num_kernels; k++) {
        const sf_visa_kernel *kk = &f.kernels[k];
        SF_CHECK_MSG(kk->num_gens > 0 && kk->num_insts == 0 && kk->num_rets == 0, "%s: kernel %u: %u generic, %u"
                     " sampler, %u ret", isa.v[i], (unsigned)k, (unsigned)kk->num_gens, (unsigned)kk->num_insts,
                     (unsigned)kk->num_rets);
        if (kk->num_gens) {
          const sf_visa_ginst *last = &kk->gens[kk->num_gens - 1];
          SF_CHECK_MSG(last->form == SF_VISA_FORM_IGC12504 && last->op == 0x34, "%s: the last instruction is 0x%02x",
                       isa.v[i], (unsigned)last->op);
        }
      }
      sf_buf txt_out;
      sf_buf_init(&txt_out, &st);
      sf_status_clear(&st);
      SF_CHECK_MSG(sf_visaasm_print(&f, &txt_out, &st) == SF_UNSUPPORTED, "%s: printing the cut-short form is not "
                   "refused: %s", isa.v[i], sf_status_format(&st, why, sizeof why));
      sf_buf_free(&txt_out);
      sf_status_clear(&st);
      sf_buf out;
      sf_buf_init(&out, &st);
      rc = sf_isa_write(&f, &out, &st);
      SF_CHECK_MSG(rc == SF_OK, "%s: write: %s", isa.v[i], sf_status_format(&st, why, sizeof why));
      if (rc == SF_OK) SF_CHECK_MEM(out.data, out.len, data, len);
      if (rc == SF_OK && out.len == len && !memcmp(out.data, data, len)) rt++;
      sf_buf_free(&out);
    } else {
      SF_CHECK_MSG(rc == SF_UNSUPPORTED, "%s: refused as %s, not unsupported: %s", isa.v[i], sf_code_name(rc),
                   sf_status_format(&st, why, sizeof why));
      unsupported++;
    }
    sf_isa_free(&f);
    free(data);
  }
  for (size_t i = 0; i < txt.n; i++) {
    size_t len = 0;
    uint8_t *data = slurp_in(dir, txt.v[i], &len);
    if (!data) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_code rc = sf_visaasm_parse((const char *)data, len, &f, &st);
    if (rc == SF_OK) {
      txt_ok++;
      /* IGC's own text, read and printed again, directly and through .isa bytes, is IGC's text
       * line for line (only trailing blanks differ: IGC pads some attribute lines). */
      sf_isa_file g;
      memset(&g, 0, sizeof g);
      sf_buf bin, t1, t2;
      sf_buf_init(&bin, &st);
      sf_buf_init(&t1, &st);
      sf_buf_init(&t2, &st);
      sf_status_clear(&st);
      rc = sf_visaasm_print(&f, &t1, &st);
      SF_CHECK_MSG(rc == SF_OK, "%s: the parsed text does not print: %s", txt.v[i], sf_status_format(&st, why, sizeof why));
      if (rc == SF_OK) {
        long d = sf_t_first_line_diff((const char *)data, len, (const char *)t1.data, t1.len);
        SF_CHECK_MSG(d < 0, "%s: printed text differs from IGC's at line %ld", txt.v[i], d);
        if (d < 0) txt_same++;
      }
      rc = sf_isa_write(&f, &bin, &st);
      if (rc == SF_OK) rc = sf_isa_read(bin.data, bin.len, &g, &st);
      if (rc == SF_OK) rc = sf_visaasm_print(&g, &t2, &st);
      SF_CHECK_MSG(rc == SF_OK, "%s: text -> .isa -> text: %s", txt.v[i], sf_status_format(&st, why, sizeof why));
      if (rc == SF_OK)
        SF_CHECK_MSG(t1.len == t2.len && memcmp(t1.data, t2.data, t1.len) == 0, "%s: text -> .isa -> text differs"
                     " from text -> text at line %ld", txt.v[i],
                     sf_t_first_line_diff((const char *)t1.data, t1.len, (const char *)t2.data, t2.len));
      sf_isa_free(&g);
      sf_buf_free(&bin);
      sf_buf_free(&t1);
      sf_buf_free(&t2);
    } else {
      SF_CHECK_MSG(st.pos_kind == SF_POS_TEXT, "%s: error without a line:column: %s", txt.v[i],
                   sf_status_format(&st, why, sizeof why));
      txt_refused++;
    }
    sf_isa_free(&f);
    free(data);
  }
  printf("visa-ocloc: %zu .isa: %u round-trip byte-identical, %u refused as unsupported; %zu .visaasm: %u parse,"
         " %u refused, %u print back as IGC's text\n", isa.n, rt, unsupported, txt.n, txt_ok, txt_refused, txt_same);
  SF_CHECK_MSG(txt.n >= 36 && txt_same == txt.n, "%u of %zu .visaasm files print back as IGC's text", txt_same, txt.n);
  SF_CHECK_MSG(rt >= VISA_BIN_RT_MIN, "vISA round trips fell to %u (recorded %u)", rt, VISA_BIN_RT_MIN);
  free_names(&isa);
  free_names(&txt);
}

/* Kernels built with -cl-opt-disable (tests/data/real/visa-ocloc-functions): IGC 12504 calls a
 * vISA function from some of them (fcall), so their .isa holds kernels and functions. Every .isa
 * reads and writes back byte for byte, functions included; the text of a kernel that lists
 * functions (.funcdecl) and a function's own text (.global_function, the -f<N>.visaasm files) are
 * refused as unsupported at their line; every other .visaasm parses and prints back as IGC's. */
static bool has_line(const uint8_t *d, size_t n, const char *prefix) {
  size_t pl = strlen(prefix);
  for (size_t i = 0; i + pl <= n; i++)
    if ((i == 0 || d[i - 1] == '\n') && memcmp(d + i, prefix, pl) == 0) return true;
  return false;
}

static void test_visa_functions(void) {
  const char *dir = SF_SOURCE_DIR "/tests/data/real/visa-ocloc-functions";
  names isa = list_dir(dir, ".isa"), txt = list_dir(dir, ".visaasm");
  SF_CHECK_MSG(isa.n >= 16, "%zu .isa files in %s", isa.n, dir);
  unsigned rt = 0, with_fn = 0, fns = 0, txt_same = 0, txt_calls = 0, txt_fn = 0;
  char why[256];
  for (size_t i = 0; i < isa.n; i++) {
    size_t len = 0;
    uint8_t *data = slurp_in(dir, isa.v[i], &len);
    if (!data) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_code rc = sf_isa_read(data, len, &f, &st);
    SF_CHECK_MSG(rc == SF_OK, "%s: %s", isa.v[i], sf_status_format(&st, why, sizeof why));
    if (rc == SF_OK) {
      with_fn += f.num_functions > 0;
      fns += f.num_functions;
      for (uint32_t k = 0; k < f.num_functions; k++)
        SF_CHECK_MSG(f.functions[k].is_function && f.functions[k].num_gens > 0 && f.functions[k].gens[f.functions[k].num_gens - 1].op == 0x68,
                     "%s: function %u does not end in fret", isa.v[i], (unsigned)k);
      sf_buf out;
      sf_buf_init(&out, &st);
      rc = sf_isa_write(&f, &out, &st);
      SF_CHECK_MSG(rc == SF_OK, "%s: write: %s", isa.v[i], sf_status_format(&st, why, sizeof why));
      if (rc == SF_OK) SF_CHECK_MEM(out.data, out.len, data, len);
      rt += rc == SF_OK && out.len == len && !memcmp(out.data, data, len);
      sf_buf_free(&out);
      sf_buf txt_out;
      sf_buf_init(&txt_out, &st);
      sf_status_clear(&st);
      /* IGC's own .isa files are in its cut-short form: no text (docs/visa-binary.md section 6.2) */
      SF_CHECK_MSG(sf_visaasm_print(&f, &txt_out, &st) == SF_UNSUPPORTED, "%s: printing is not refused", isa.v[i]);
      sf_buf_free(&txt_out);
    }
    sf_isa_free(&f);
    free(data);
  }
  for (size_t i = 0; i < txt.n; i++) {
    size_t len = 0;
    uint8_t *data = slurp_in(dir, txt.v[i], &len);
    if (!data) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    bool calls = has_line(data, len, ".funcdecl "), is_fn = has_line(data, len, ".global_function ");
    sf_code rc = sf_visaasm_parse((const char *)data, len, &f, &st);
    SF_CHECK_MSG(rc == SF_OK, "%s: %s", txt.v[i], sf_status_format(&st, why, sizeof why));
    txt_calls += calls;
    txt_fn += is_fn;
    if (rc == SF_OK) SF_CHECK_MSG(f.num_functions == (is_fn ? 1u : 0u), "%s: %u functions", txt.v[i], (unsigned)f.num_functions);
    sf_buf t;
    sf_buf_init(&t, &st);
    if (rc == SF_OK && sf_visaasm_print(&f, &t, &st) == SF_OK) {
      long d = sf_t_first_line_diff((const char *)data, len, (const char *)t.data, t.len);
      SF_CHECK_MSG(d < 0, "%s: printed text differs from IGC's at line %ld", txt.v[i], d);
      txt_same += d < 0;
    } else if (rc == SF_OK) {
      SF_CHECK_MSG(0, "%s: print: %s", txt.v[i], sf_status_format(&st, why, sizeof why));
    }
    sf_buf_free(&t);
    sf_isa_free(&f);
    free(data);
  }
  printf("visa-ocloc-functions: %zu .isa round-trip byte-identical: %u (%u with %u functions); %zu .visaasm (%u kernels"
         " listing functions, %u functions' own texts): %u print back as IGC's text\n", isa.n, rt, with_fn, fns, txt.n,
         txt_calls, txt_fn, txt_same);
  SF_CHECK_EQ_U(txt_same, txt.n);
  SF_CHECK_MSG(txt_calls >= 8 && txt_fn >= 10, "%u kernel texts with .funcdecl, %u function texts", txt_calls, txt_fn);
  SF_CHECK_EQ_U(rt, isa.n);
  SF_CHECK_MSG(with_fn >= 8 && fns >= 10, "%u files with %u functions", with_fn, fns);
  free_names(&isa);
  free_names(&txt);
}

/* One text for a kernel and the functions it calls: IGC's kernel text, then each function's text
 * without its .version line (GenX_IR reads that join as one file). It parses into one kernel and
 * its functions, writes as .isa and reads back to the same text, and prints as the join. */
static void test_visa_function_join(void) {
  const char *dir = SF_SOURCE_DIR "/tests/data/real/visa-ocloc-functions";
  names txt = list_dir(dir, ".visaasm");
  unsigned joined = 0, fns = 0;
  char why[256];
  for (size_t i = 0; i < txt.n; i++) {
    const char *dash = strrchr(txt.v[i], '-');
    if (dash && dash[1] == 'f' && dash[2] >= '0' && dash[2] <= '9') continue; /* a function's own text */
    size_t kn = 0;
    uint8_t *k = slurp_in(dir, txt.v[i], &kn);
    if (!k) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_buf join;
    sf_buf_init(&join, &st);
    join.limit = 1u << 24;
    sf_buf_put(&join, k, kn);
    unsigned nf = 0;
    for (; nf < 8; nf++) {
      char name[600];
      size_t fl = 0;
      snprintf(name, sizeof name, "%.*s-f%u.visaasm", (int)(strlen(txt.v[i]) - 8), txt.v[i], nf);
      bool listed = false;
      for (size_t q = 0; q < txt.n && !listed; q++) listed = strcmp(txt.v[q], name) == 0;
      if (!listed) break;
      uint8_t *fx = slurp_in(dir, name, &fl);
      if (!fx) break;
      const uint8_t *body = memchr(fx, '\n', fl);
      if (body) sf_buf_put(&join, body, fl - (size_t)(body - fx)); /* its newline makes the blank line */
      free(fx);
    }
    free(k);
    if (!nf) {
      sf_buf_free(&join);
      continue;
    }
    sf_isa_file f, g;
    memset(&f, 0, sizeof f);
    memset(&g, 0, sizeof g);
    sf_buf t, bin, t2;
    sf_buf_init(&t, &st);
    sf_buf_init(&bin, &st);
    sf_buf_init(&t2, &st);
    sf_code rc = sf_visaasm_parse((const char *)join.data, join.len, &f, &st);
    if (rc == SF_OK) rc = sf_visaasm_print(&f, &t, &st);
    SF_CHECK_MSG(rc == SF_OK, "%s + %u functions: %s", txt.v[i], nf, sf_status_format(&st, why, sizeof why));
    if (rc == SF_OK) {
      SF_CHECK_EQ_U(f.num_kernels, 1);
      SF_CHECK_EQ_U(f.num_functions, nf);
      long d = sf_t_first_line_diff((const char *)join.data, join.len, (const char *)t.data, t.len);
      SF_CHECK_MSG(d < 0, "%s + %u functions: printed text differs from the join at line %ld", txt.v[i], nf, d);
      rc = sf_isa_write(&f, &bin, &st);
      if (rc == SF_OK) rc = sf_isa_read(bin.data, bin.len, &g, &st);
      if (rc == SF_OK) rc = sf_visaasm_print(&g, &t2, &st);
      SF_CHECK_MSG(rc == SF_OK, "%s: through .isa: %s", txt.v[i], sf_status_format(&st, why, sizeof why));
      if (rc == SF_OK) {
        SF_CHECK_EQ_U(g.num_functions, nf);
        long d2 = sf_t_first_line_diff((const char *)t.data, t.len, (const char *)t2.data, t2.len);
        SF_CHECK_MSG(d2 < 0, "%s: the text of the written .isa differs at line %ld", txt.v[i], d2);
        joined += d < 0 && d2 < 0;
        fns += nf;
      }
    }
    sf_isa_free(&f);
    sf_isa_free(&g);
    sf_buf_free(&t);
    sf_buf_free(&t2);
    sf_buf_free(&bin);
    sf_buf_free(&join);
  }
  printf("visa-ocloc-functions: %u kernels with their %u functions as one text: print back, and through .isa\n", joined,
         fns);
  SF_CHECK_MSG(joined >= 8 && fns >= 10, "%u joined kernels, %u functions", joined, fns);
  free_names(&txt);
}

int main(void) {
  SF_RUN(test_visa_ocloc);
  SF_RUN(test_visa_cm);
  SF_RUN(test_visa_functions);
  SF_RUN(test_visa_function_join);
  SF_TEST_END();
}
