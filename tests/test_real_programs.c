/* test_real_programs.c — programs no one here wrote, through every codec, byte for byte.
 *
 * tests/data/real/dxbc-vkd3d/   300 fxc-compiled DXBC containers from vkd3d's test suite (SOURCES)
 * tests/data/real/dxbc-vkd3d-proton/  483 more from vkd3d-proton's test suite (SM5.0/5.1, all stages)
 * tests/data/real/dxil-vkd3d-proton/  33 dxc-compiled DXIL containers from the same suite
 * tests/data/real/visa-ocloc/   vISA kernels that IGC 1.0.12504 wrote for OpenCL image kernels
 *                               (make.sh, SOURCES)
 * tests/data/real/visa-cm/      a CM kernel in vISA 3.6 with its Gen code, from Intel's media driver
 *
 * What must hold for every file, and is checked here:
 *   - DXBC: the container reads, and writing its chunks back gives the same bytes; its SHDR/SHEX
 *     program decodes and re-encodes to the same bytes. A container without a program (a root
 *     signature) is refused as SF_UNSUPPORTED saying what it is, never read as a shader.
 *   - DXBC text: printing the program and parsing it back reproduces the program's bytes for every
 *     shader (and at least the count recorded below), and the printed text has no `.tpf` escape line
 *     except in the programs listed in tpf_exceptions, each with its reason.
 *   - DXBC container text (docs/dxbc.md §10): every container (shaders and root signatures) prints
 *     as text and parses back to the identical bytes; every signature chunk prints as element lines
 *     and every SHDR/SHEX as program text (no `.chunk` hex fallback for either).
 *   - DXIL: every container reads (unsigned ones, with a zero checksum, too), prints as text that
 *     parses back to its bytes, and its program is refused as SF_UNSUPPORTED naming DXIL.
 *   - vISA: an .isa file either reads and writes back byte-identically, or is refused with
 *     SF_UNSUPPORTED naming what and where; never another error class. IGC 1.0.12504 wrote these
 *     files with its writer's cut-short instructions (docs/visa-binary.md §6): every kernel must
 *     read in that form, its instructions ending in the kernel's RET, and printing it as text is
 *     refused as unsupported (the dropped source operands are not in the file). Likewise a .visaasm file
 *     parses or is refused as unsupported/syntax at a line:column.
 * Every count is printed, so the state of "real programs in and out" is visible in the ctest log. */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/dxbc.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

/* Programs whose text may keep a `.tpf` line, and why (docs/dxbc.md §6). fxc wrote each of them
 * with one DWORD more than its operands (all five end in a constant-buffer operand); vkd3d skips
 * it, the table has no operand for it, so the instruction is kept as tokens. */
typedef struct tpf_exception { const char *file, *why; } tpf_exception;
static const tpf_exception vkd3d_tpf[] = {
    {"ps_code-L32210.dxbc", "samplepos: length 9 for 8 DWORDs of operands (o0.xy, t0.xyxx, cb0[0].x) and a zero"},
};
static const tpf_exception proton_tpf[] = {
    {"texture_feedback_sample_bias_code_dxbc-texture_feedback_sample_bias-L1.dxbc", "sample_b_cl_s: a zero after cb0[0].x"},
    {"texture_feedback_sample_code_dxbc-texture_feedback_sample-L1.dxbc", "sample_cl_s: a zero after cb0[0].x"},
    {"texture_feedback_sample_grad_code_dxbc-texture_feedback_sample_grad-L1.dxbc", "sample_d_cl_s: 0x2000 after cb0[0].x"},
    {"texture_feedback_sample_lod_code_dxbc-texture_feedback_sample_lod-L1.dxbc", "sample_l_s: a zero after cb0[0].x"},
};

/* A set of fxc-compiled containers and what was recorded for it with this tree: every count must
 * hold exactly (a drop is a regression; a rise means the recorded figure is raised). */
typedef struct dxbc_set {
  const char *dir;
  unsigned files, programs;   /* containers; those with a SHDR/SHEX program */
  const tpf_exception *tpf;   /* programs whose text keeps a `.tpf` line */
  size_t ntpf;
} dxbc_set;
static const dxbc_set dxbc_sets[] = {
    {SF_SOURCE_DIR "/tests/data/real/dxbc-vkd3d", 300, 276, vkd3d_tpf, sizeof vkd3d_tpf / sizeof vkd3d_tpf[0]},
    {SF_SOURCE_DIR "/tests/data/real/dxbc-vkd3d-proton", 483, 482, proton_tpf, sizeof proton_tpf / sizeof proton_tpf[0]},
    {SF_SOURCE_DIR "/tests/data/real/dxbc-directxtk", 173, 173, NULL, 0},
};
#define VISA_BIN_RT_MIN 36u

#define MAX_FILE (4u << 20)

static uint8_t *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  uint8_t *buf = malloc(MAX_FILE);
  size_t n = buf ? fread(buf, 1, MAX_FILE, f) : 0;
  fclose(f);
  *len = n;
  return buf;
}

/* dir/name, read whole; a file that cannot be read fails the test (and gives NULL). */
static uint8_t *slurp_in(const char *dir, const char *name, size_t *len) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  uint8_t *data = slurp(path, len);
  SF_CHECK_MSG(data != NULL, "%s", path);
  return data;
}

typedef struct names {
  char **v;
  size_t n;
} names;

static int cmpstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The folder's files ending in ext, sorted (readdir order is not stable). */
static names list_dir(const char *dir, const char *ext) {
  names out = {NULL, 0};
  DIR *d = opendir(dir);
  if (!d) return out;
  struct dirent *e;
  size_t cap = 0, el = strlen(ext);
  while ((e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l <= el || strcmp(e->d_name + l - el, ext) != 0) continue;
    if (out.n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nv = realloc(out.v, cap * sizeof *nv);
      if (!nv) break;
      out.v = nv;
    }
    char *copy = malloc(l + 1);
    if (!copy) break;
    memcpy(copy, e->d_name, l + 1);
    out.v[out.n++] = copy;
  }
  closedir(d);
  if (out.n) qsort(out.v, out.n, sizeof *out.v, cmpstr);
  return out;
}

static void free_names(names *n) {
  for (size_t i = 0; i < n->n; i++) free(n->v[i]);
  free(n->v);
}

static void test_dxbc_set(const dxbc_set *set) {
  const char *dir = set->dir;
  names files = list_dir(dir, ".dxbc");
  SF_CHECK_MSG(files.n == set->files, "%zu files in %s (recorded %u)", files.n, dir, set->files);
  unsigned programs = 0, no_program = 0, bin_rt = 0, text_rt = 0, text_print_fail = 0, text_parse_fail = 0;
  unsigned text_no_tpf = 0;
  for (size_t i = 0; i < files.n; i++) {
    size_t len = 0;
    uint8_t *data = slurp_in(dir, files.v[i], &len);
    if (!data) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_dxbc c;
    memset(&c, 0, sizeof c);
    char why[256];
    sf_code rc = sf_dxbc_read(data, len, &c, &st);
    SF_CHECK_MSG(rc == SF_OK, "%s: %s", files.v[i], sf_status_format(&st, why, sizeof why));
    if (rc == SF_OK) {
      /* the container, chunk for chunk */
      sf_buf out;
      sf_buf_init(&out, &st);
      rc = sf_dxbc_write_ex(c.chunks, c.nchunks, c.zero_checksum ? SF_DXBC_WRITE_ZERO_CHECKSUM : 0, &out, &st);
      SF_CHECK_MSG(rc == SF_OK, "%s: write: %s", files.v[i], sf_status_format(&st, why, sizeof why));
      if (rc == SF_OK) SF_CHECK_MEM(out.data, out.len, data, len);
      sf_buf_free(&out);

      const sf_dxbc_chunk *prog = sf_dxbc_find(&c, 0x52444853u /* SHDR */);
      if (!prog) prog = sf_dxbc_find(&c, 0x58454853u /* SHEX */);
      if (!prog) {
        no_program++;
        sf_tpf_program p;
        sf_status_clear(&st);
        SF_CHECK_MSG(sf_dxbc_program(&c, &p, &st) == SF_UNSUPPORTED && strstr(st.msg, "root signature"),
                     "%s: a root-signature container is not refused as unsupported: %s", files.v[i],
                     sf_status_format(&st, why, sizeof why));
        sf_tpf_program_free(&p);
      } else {
        programs++;
        sf_tpf_program p;
        sf_status_clear(&st);
        rc = sf_tpf_program_decode(prog->data, prog->size, &p, &st);
        SF_CHECK_MSG(rc == SF_OK, "%s: decode: %s", files.v[i], sf_status_format(&st, why, sizeof why));
        if (rc == SF_OK) {
          sf_buf enc;
          sf_buf_init(&enc, &st);
          if (sf_tpf_program_encode(&p, &enc, &st) == SF_OK && enc.len == prog->size &&
              memcmp(enc.data, prog->data, enc.len) == 0)
            bin_rt++;
          else
            SF_CHECK_MSG(0, "%s: program re-encode differs", files.v[i]);
          sf_buf_free(&enc);

          /* the text view */
          sf_buf text;
          sf_buf_init(&text, &st);
          sf_status_clear(&st);
          if (sf_d3dasm_print_program(&p, &text, &st) != SF_OK) {
            text_print_fail++;
          } else {
            sf_tpf_program q;
            sf_status_clear(&st);
            /* No `.tpf` escape line, except in the listed programs (each with its reason). */
            bool has_tpf = false;
            for (size_t k = 0; k + 4 <= text.len && !has_tpf; k++)
              has_tpf = memcmp(text.data + k, ".tpf", 4) == 0 && (k == 0 || text.data[k - 1] == '\n');
            bool excused = false;
            for (size_t k = 0; k < set->ntpf; k++)
              if (strcmp(files.v[i], set->tpf[k].file) == 0) excused = true;
            if (!has_tpf) text_no_tpf++;
            else SF_CHECK_MSG(excused, "%s: the printed program has a .tpf line", files.v[i]);
            if (sf_d3dasm_parse_program((const char *)text.data, text.len, &q, &st) != SF_OK) {
              text_parse_fail++;
            } else {
              sf_buf enc2;
              sf_buf_init(&enc2, &st);
              if (sf_tpf_program_encode(&q, &enc2, &st) == SF_OK && enc2.len == prog->size &&
                  memcmp(enc2.data, prog->data, enc2.len) == 0)
                text_rt++;
              else
                SF_CHECK_MSG(0, "%s: print -> parse -> encode differs", files.v[i]);
              sf_buf_free(&enc2);
              sf_tpf_program_free(&q);
            }
          }
          sf_buf_free(&text);
        }
        sf_tpf_program_free(&p);
      }
    }
    sf_dxbc_free(&c);
    free(data);
  }
  printf("%s: %zu files: %u programs (%u re-encode byte-identical), %u without a program;"
         " text: %u round-trip, %u without any .tpf line, %u print refused, %u parse refused\n",
         strrchr(dir, '/') + 1, files.n, programs, bin_rt, no_program, text_rt, text_no_tpf, text_print_fail,
         text_parse_fail);
  SF_CHECK_EQ_U(programs, set->programs);
  SF_CHECK_EQ_U(bin_rt, programs);
  SF_CHECK_EQ_U(text_rt, programs);
  SF_CHECK_EQ_U(text_no_tpf + set->ntpf, programs);
  free_names(&files);
}

/* container -> text -> container, byte for byte, for every file of the set. */
static void test_dxbc_set_container_text(const dxbc_set *set) {
  const char *dir = set->dir;
  names files = list_dir(dir, ".dxbc");
  unsigned rt = 0, print_fail = 0, parse_fail = 0, sig_lines = 0, programs = 0, hex_chunks = 0, fallbacks = 0;
  char why[256];
  for (size_t i = 0; i < files.n; i++) {
    size_t len = 0;
    uint8_t *data = slurp_in(dir, files.v[i], &len);
    if (!data) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_buf text, back;
    sf_buf_init(&text, &st);
    sf_buf_init(&back, &st);
    if (sf_dxbc_print_text(data, len, &text, &st) != SF_OK) {
      print_fail++;
      SF_CHECK_MSG(0, "%s: print: %s", files.v[i], sf_status_format(&st, why, sizeof why));
    } else {
      for (size_t k = 0, e; k < text.len; k = e + 1) {
        const char *l = (const char *)text.data + k;
        for (e = k; e < text.len && text.data[e] != '\n'; e++) {}
        size_t n = e - k;
        if (n > 6 && (!memcmp(l, ".isgn ", 6) || !memcmp(l, ".osgn ", 6) || !memcmp(l, ".pcsg ", 6) ||
                      !memcmp(l, ".osg5 ", 6)))
          sig_lines++;
        if (n >= 8 && !memcmp(l, ".program", 8)) programs++;
        if (n >= 6 && !memcmp(l, ".chunk", 6)) hex_chunks++;
        bool fb = false;
        for (size_t q = 0; n >= 3 && !memcmp(l, "// ", 3) && q + 9 <= n && !fb; q++) fb = !memcmp(l + q, " as hex: ", 9);
        if (fb) {
          fallbacks++;
          SF_CHECK_MSG(0, "%s: a signature or program fell back to hex: %.*s", files.v[i], (int)n, l);
        }
      }
      sf_status_clear(&st);
      if (sf_dxbc_parse_text((const char *)text.data, text.len, &back, &st) != SF_OK) {
        parse_fail++;
        SF_CHECK_MSG(0, "%s: parse: %s", files.v[i], sf_status_format(&st, why, sizeof why));
      } else if (back.len == len && memcmp(back.data, data, len) == 0) {
        rt++;
      } else {
        SF_CHECK_MSG(0, "%s: container -> text -> container differs", files.v[i]);
        SF_CHECK_MEM(back.data, back.len, data, len);
      }
    }
    sf_buf_free(&text);
    sf_buf_free(&back);
    free(data);
  }
  printf("%s container text: %zu containers: %u byte-identical, %u print refused, %u parse refused; "
         "%u signature element lines, %u programs as text, %u chunks as hex (RDEF, STAT, SFI0, RTS0), %u hex "
         "fallbacks\n",
         strrchr(dir, '/') + 1, files.n, rt, print_fail, parse_fail, sig_lines, programs, hex_chunks, fallbacks);
  SF_CHECK_EQ_U(rt, files.n);
  SF_CHECK_EQ_U(programs, set->programs);
  SF_CHECK_EQ_U(fallbacks, 0);
  free_names(&files);
}


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

/* Formats outside the model are refused as unsupported, saying what they are (never "invalid"). */
static void test_other_formats_unsupported(void) {
  sf_status st;
  sf_dxbc c;
  char why[256];
  /* Direct3D 9 bytecode: ps_3_0 and vs_2_0 version tokens, then an END token. */
  const uint8_t ps3[] = {0x00, 0x03, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00};
  const uint8_t vs2[] = {0x00, 0x02, 0xfe, 0xff, 0xff, 0xff, 0x00, 0x00};
  const uint8_t fx2[] = {0x01, 0x09, 0xff, 0xfe, 0x00, 0x00, 0x00, 0x00};
  const struct { const uint8_t *p; size_t n; const char *what; } raw[] = {
      {ps3, sizeof ps3, "shader model 3.0 pixel shader"},
      {vs2, sizeof vs2, "shader model 2.0 vertex shader"},
      {fx2, sizeof fx2, "fx_2_0"}};
  for (size_t i = 0; i < sizeof raw / sizeof raw[0]; i++) {
    sf_status_clear(&st);
    memset(&c, 0, sizeof c);
    SF_CHECK_EQ_U(sf_dxbc_read(raw[i].p, raw[i].n, &c, &st), SF_UNSUPPORTED);
    SF_CHECK_MSG(strstr(st.msg, raw[i].what) != NULL, "%s", sf_status_format(&st, why, sizeof why));
    sf_dxbc_free(&c);
  }
  /* Containers of another kind: DXIL (shader model 6) and an effect (FX10). */
  const uint8_t body[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  const struct { uint32_t fourcc; const char *what; } kinds[] = {
      {SF_DXBC_FOURCC('D', 'X', 'I', 'L'), "DXIL"}, {SF_DXBC_FOURCC('F', 'X', '1', '0'), "effect"}};
  for (size_t i = 0; i < sizeof kinds / sizeof kinds[0]; i++) {
    sf_dxbc_chunk ch = {kinds[i].fourcc, 0, sizeof body, body};
    sf_buf b;
    sf_status_clear(&st);
    sf_buf_init(&b, &st);
    SF_CHECK_EQ_U(sf_dxbc_write(&ch, 1, &b, &st), SF_OK);
    memset(&c, 0, sizeof c);
    SF_CHECK_EQ_U(sf_dxbc_read(b.data, b.len, &c, &st), SF_OK);
    sf_tpf_program p;
    sf_status_clear(&st);
    SF_CHECK_EQ_U(sf_dxbc_program(&c, &p, &st), SF_UNSUPPORTED);
    SF_CHECK_MSG(strstr(st.msg, kinds[i].what) != NULL, "%s", sf_status_format(&st, why, sizeof why));
    sf_tpf_program_free(&p);
    sf_dxbc_free(&c);
    sf_buf_free(&b);
  }
  /* Still invalid: a container with neither a program nor a known other kind. */
  sf_dxbc_chunk junk = {SF_DXBC_FOURCC('J', 'U', 'N', 'K'), 0, sizeof body, body};
  sf_buf b;
  sf_status_clear(&st);
  sf_buf_init(&b, &st);
  SF_CHECK_EQ_U(sf_dxbc_write(&junk, 1, &b, &st), SF_OK);
  memset(&c, 0, sizeof c);
  SF_CHECK_EQ_U(sf_dxbc_read(b.data, b.len, &c, &st), SF_OK);
  sf_tpf_program p;
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_dxbc_program(&c, &p, &st), SF_ERR_INVALID);
  sf_tpf_program_free(&p);
  sf_dxbc_free(&c);
  sf_buf_free(&b);
}

static void test_dxbc_sets(void) {
  for (size_t i = 0; i < sizeof dxbc_sets / sizeof dxbc_sets[0]; i++) {
    test_dxbc_set(&dxbc_sets[i]);
    test_dxbc_set_container_text(&dxbc_sets[i]);
  }
}

/* fxc's own listings (the .asm files of tests/data/real/dxbc-directxtk: the disassembly fxc wrote beside each
 * program): every one parses, and its program encodes to the container's bytes, except where fxc
 * printed a float with 6 decimals that is not the stored value. There every differing DWORD must
 * be such a float: within 1e-6 of the stored one, relative. */
static bool near_float(uint32_t a, uint32_t b) {
  float fa, fb;
  memcpy(&fa, &a, 4);
  memcpy(&fb, &b, 4);
  if (!(fa == fa) || !(fb == fb) || fa - fa != 0.0f || fb - fb != 0.0f) return false; /* NaN or infinite */
  float m = fabsf(fb) > 1.0f ? fabsf(fb) : 1.0f;
  return fabsf(fa - fb) <= 1e-6f * m;
}

static void test_fxc_listings(void) {
  const char *dir = SF_SOURCE_DIR "/tests/data/real/dxbc-directxtk";
  names files = list_dir(dir, ".asm");
  SF_CHECK_EQ_U(files.n, 173);
  unsigned parsed = 0, exact = 0, rounded = 0;
  char why[256];
  for (size_t i = 0; i < files.n; i++) {
    size_t tn = 0, bn = 0;
    uint8_t *text = slurp_in(dir, files.v[i], &tn);
    char bin_name[512];
    snprintf(bin_name, sizeof bin_name, "%.*s.dxbc", (int)(strlen(files.v[i]) - 4), files.v[i]);
    uint8_t *bin = slurp_in(dir, bin_name, &bn);
    sf_status st;
    sf_status_clear(&st);
    sf_dxbc c;
    memset(&c, 0, sizeof c);
    sf_tpf_program q;
    memset(&q, 0, sizeof q);
    const sf_dxbc_chunk *prog = NULL;
    if (text && bin && sf_dxbc_read(bin, bn, &c, &st) == SF_OK) {
      prog = sf_dxbc_find(&c, 0x52444853u /* SHDR */);
      if (!prog) prog = sf_dxbc_find(&c, 0x58454853u /* SHEX */);
    }
    SF_CHECK_MSG(prog != NULL, "%s: no program", bin_name);
    sf_status_clear(&st);
    sf_code rc = prog ? sf_d3dasm_parse_program((const char *)text, tn, &q, &st) : SF_ERR_INVALID;
    SF_CHECK_MSG(rc == SF_OK, "%s: fxc's listing does not parse: %s", files.v[i], sf_status_format(&st, why, sizeof why));
    if (rc == SF_OK) {
      parsed++;
      sf_buf e;
      sf_buf_init(&e, &st);
      if (sf_tpf_program_encode(&q, &e, &st) == SF_OK && e.len == prog->size) {
        unsigned far = 0, diff = 0;
        for (size_t k = 0; k + 4 <= e.len; k += 4) {
          uint32_t a, b;
          memcpy(&a, e.data + k, 4);
          memcpy(&b, prog->data + k, 4);
          if (a != b) diff++, far += !near_float(a, b);
        }
        if (!diff) exact++;
        else if (!far) rounded++;
        SF_CHECK_MSG(far == 0, "%s: %u DWORDs differ from fxc's program, %u of them not a rounded float", files.v[i], diff,
                     far);
      } else {
        SF_CHECK_MSG(0, "%s: the listing encodes to %zu bytes, fxc's program has %u", files.v[i], e.len,
                     (unsigned)prog->size);
      }
      sf_buf_free(&e);
      sf_tpf_program_free(&q);
    }
    sf_dxbc_free(&c);
    free(text);
    free(bin);
  }
  printf("fxc listings (DirectXTK): %zu: %u parse, %u encode to fxc's program exactly, %u but for floats fxc printed"
         " with 6 decimals\n", files.n, parsed, exact, rounded);
  SF_CHECK_EQ_U(exact, 163);
  SF_CHECK_EQ_U(rounded, 10);
  free_names(&files);
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

/* DXIL containers: read (signed or unsigned), text round trip, program refused as unsupported. */
static void test_dxil_proton(void) {
  const char *dir = SF_SOURCE_DIR "/tests/data/real/dxil-vkd3d-proton";
  names files = list_dir(dir, ".dxbc");
  SF_CHECK_EQ_U(files.n, 33);
  unsigned read_ok = 0, unsigned_n = 0, rt = 0, refused = 0;
  char why[256];
  for (size_t i = 0; i < files.n; i++) {
    size_t len = 0;
    uint8_t *data = slurp_in(dir, files.v[i], &len);
    if (!data) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_dxbc c;
    memset(&c, 0, sizeof c);
    if (sf_dxbc_read(data, len, &c, &st) == SF_OK) {
      read_ok++;
      unsigned_n += c.zero_checksum;
      sf_buf out;
      sf_buf_init(&out, &st);
      if (sf_dxbc_write_ex(c.chunks, c.nchunks, c.zero_checksum ? SF_DXBC_WRITE_ZERO_CHECKSUM : 0, &out, &st) == SF_OK)
        SF_CHECK_MEM(out.data, out.len, data, len);
      else
        SF_CHECK_MSG(0, "%s: write: %s", files.v[i], sf_status_format(&st, why, sizeof why));
      sf_buf_free(&out);
      sf_tpf_program p;
      sf_status_clear(&st);
      if (sf_dxbc_program(&c, &p, &st) == SF_UNSUPPORTED && strstr(st.msg, "DXIL")) refused++;
      else SF_CHECK_MSG(0, "%s: the DXIL program is not refused as unsupported: %s", files.v[i],
                        sf_status_format(&st, why, sizeof why));
      sf_tpf_program_free(&p);
    } else {
      SF_CHECK_MSG(0, "%s: read: %s", files.v[i], sf_status_format(&st, why, sizeof why));
    }
    sf_dxbc_free(&c);
    sf_buf text, back;
    sf_status_clear(&st);
    sf_buf_init(&text, &st);
    sf_buf_init(&back, &st);
    if (sf_dxbc_print_text(data, len, &text, &st) == SF_OK &&
        sf_dxbc_parse_text((const char *)text.data, text.len, &back, &st) == SF_OK && back.len == len &&
        memcmp(back.data, data, len) == 0)
      rt++;
    else
      SF_CHECK_MSG(0, "%s: container -> text -> container: %s", files.v[i], sf_status_format(&st, why, sizeof why));
    sf_buf_free(&text);
    sf_buf_free(&back);
    free(data);
  }
  printf("dxil-vkd3d-proton: %zu containers: %u read (%u unsigned), %u text round trips, %u programs refused as "
         "unsupported DXIL\n", files.n, read_ok, unsigned_n, rt, refused);
  SF_CHECK_EQ_U(read_ok, files.n);
  SF_CHECK_EQ_U(unsigned_n, 1);
  SF_CHECK_EQ_U(rt, files.n);
  SF_CHECK_EQ_U(refused, files.n);
  free_names(&files);
}

int main(void) {
  SF_RUN(test_other_formats_unsupported);
  SF_RUN(test_dxbc_sets);
  SF_RUN(test_fxc_listings);
  SF_RUN(test_dxil_proton);
  SF_RUN(test_visa_ocloc);
  SF_RUN(test_visa_cm);
  SF_RUN(test_visa_functions);
  SF_RUN(test_visa_function_join);
  SF_TEST_END();
}
