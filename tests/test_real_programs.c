/* test_real_programs.c — programs no one here wrote, through every codec, byte for byte.
 *
 * tests/data/real/dxbc-vkd3d/   300 fxc-compiled DXBC containers from vkd3d's test suite (SOURCES)
 * tests/data/real/dxbc-vkd3d-proton/  483 more from vkd3d-proton's test suite (SM5.0/5.1, all stages)
 * tests/data/real/dxil-vkd3d-proton/  33 dxc-compiled DXIL containers from the same suite
 * (the vISA sets are in test_real_visa.c)
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
 * Every count is printed, so the state of "real programs in and out" is visible in the ctest log. */
#include <dirent.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/dxbc.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"
#include "tests/real_files.h"

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
  SF_TEST_END();
}
