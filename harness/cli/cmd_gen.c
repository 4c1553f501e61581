/* harness/cli/cmd_gen.c — `samplefuzz gen TARGET -n N -o DIR [--seed S]`: a seed corpus.
 * Inputs come from the instruction generator (harness/gen, SF_GEN_VALID for three in four,
 * "anything representable" for the rest) fed by a splitmix64 stream of the seed, so the same
 * command writes the same files. The first files cover every (family, op) the generator reaches
 * (names <family>-<op>-<n>), the rest are further random instructions. Per target:
 *   visa_bin_fuzzer   vISA instruction bytes (sf_visa_encode)
 *   visa_text_fuzzer  vISA text (sf_visa_print)
 *   dxbc_fuzzer       TPF tokens, and every fourth a whole DXBC shader (sf_dxbc_wrap_sample)
 *   d3dasm_fuzzer     fxc-style asm (sf_d3dasm_print_inst)
 *   sample_diff_fuzzer, pipeline_fuzzer   structured cases (include/samplefuzz/case.h): random
 *                     header, texels and generator bytes, palette mostly in [-0.5, 1.5), written
 *                     back through sf_case_write so the header holds folded (canonical) values
 *   backend_diff_fuzzer the same structured cases (sample ops of vISA and D3D); with --backend B only
 *                     the cases inside B's declared capabilities are kept (docs/backends.md)
 *   dxbc_fuzzer, d3dasm_fuzzer: three quarters instructions as above, a quarter whole programs
 *                     (sf_gen_d3d_program): bare program bodies and containers, as `.dxbc` text
 *                     for d3dasm (names d3d-program-<n>); for dxbc one in three of those is an
 *                     input of the target's generated mode instead ("SFGEN" and the generator's
 *                     draws; names d3d-gen-<n>)
 *   isa_file_fuzzer   whole .isa files (sf_isa_write): one or two kernels with the generator's
 *                     declarations (sf_gen_kernel_decls), by turns extra named declarations,
 *                     aliases (backward, forward, to %r0), inputs, a Target attribute and rets,
 *                     and 0-4 generated instructions; two in three with generic instructions of
 *                     every row that has a text form (sf_gen_visa_generic), one in four written as
 *                     .visaasm text when it has one (names isa-file-<n>[.visaasm]); one in five is
 *                     an input of the target's generated mode instead ("SFGEN" and the draws of
 *                     sf_gen_isa_file, half of them in IGC 12504's cut-short form; isa-gen-<n>) */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "harness/cli/cli_backend.h"
#include "harness/cli/cli_util.h"
#include "harness/cli/gen_case.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/case.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/gen_d3d.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/visa.h"

#define SF_GEN_MAX_FILES 100000u
#define SF_GEN_DRAW_BYTES 512u


typedef enum { SF_GEN_OUT_VISA_BIN, SF_GEN_OUT_VISA_TEXT, SF_GEN_OUT_DXBC, SF_GEN_OUT_D3DASM, SF_GEN_OUT_CASE } sf_gen_out;

/* A structured case from random bytes: family chosen by the caller, palette classes mostly "unit"
 * (coordinates in [-0.5, 1.5)), every fifth entry any class. */
bool sf_gen_case(const uint8_t *draw, size_t n, sf_family family, sf_case *c) {
  uint8_t bytes[SF_CASE_FIXED_SIZE + 256];
  size_t len = sizeof bytes < n ? sizeof bytes : n;
  memset(bytes, 0, sizeof bytes);
  memcpy(bytes, draw, len);
  bytes[0] = SF_CASE_VERSION;
  bytes[1] = (uint8_t)(family == SF_FAMILY_SAMPLE_UNORM ? 0 : family == SF_FAMILY_SAMPLE_3D ? 1 : family == SF_FAMILY_AVS ? 2 : 3);
  uint8_t *pal = bytes + SF_CASE_HEADER_SIZE + SF_CASE_PATTERN_SIZE;
  for (unsigned i = 0; i < SF_CASE_PALETTE; i++)
    if (i % 5 != 4) pal[5 * i] = SF_CASE_PAL_UNIT;
  sf_status st;
  sf_status_clear(&st);
  return sf_case_read(bytes, sizeof bytes, c, &st) == SF_OK;
}

/* Renders one instruction in the target's input form. Returns false when this form cannot hold it
 * (e.g. an invalid instruction the printer refuses): the candidate is skipped. */
static bool sf_gen_render(sf_gen_out kind, const sf_inst *in, unsigned index, sf_buf *out) {
  sf_status st;
  sf_status_clear(&st);
  char text[2048];
  switch (kind) {
    case SF_GEN_OUT_VISA_BIN:
      return sf_visa_encode(in, out, &st) == SF_OK;
    case SF_GEN_OUT_VISA_TEXT:
      return sf_visa_print(in, NULL, text, sizeof text, &st) == SF_OK && sf_buf_put(out, text, strlen(text));
    case SF_GEN_OUT_D3DASM:
      return sf_d3dasm_print_inst(&in->d3d, text, sizeof text, &st) == SF_OK && sf_buf_put(out, text, strlen(text));
    case SF_GEN_OUT_CASE:
      return false;   /* written by the caller from the sf_case */
    case SF_GEN_OUT_DXBC: {
      if (index % 4 == 3 && sf_inst_validate(in, NULL) == 0) {
        if (sf_dxbc_wrap_sample(&in->d3d, 0, out, &st) == SF_OK) return true;
        out->len = 0;
        out->failed = false;
        sf_status_clear(&st);
      }
      uint32_t tok[SF_TPF_MAX_INST_LEN];
      size_t n = 0;
      if (sf_tpf_encode_inst(&in->d3d, tok, &n, &st) != SF_OK) return false;
      for (size_t i = 0; i < n; i++) sf_wr_u32(out, tok[i]);
      return !out->failed;
    }
  }
  return false;
}

/* One whole .isa file for isa_file_fuzzer (sf_gen_isa_file on a splitmix stream): one in six with
 * sampler instructions that need not be valid, one in eight in IGC 12504's cut-short form; one in
 * four is written as .visaasm text when it has a text form. */
static bool sf_gen_isa_file_seed(uint64_t *s, unsigned long index, sf_buf *out, bool *text) {
  *text = false;
  sf_status st;
  sf_status_clear(&st);
  uint8_t draw[2048];
  sf_cli_splitmix_fill(s, draw, sizeof draw);
  sf_fdp fd;
  sf_fdp_init(&fd, draw, sizeof draw);
  unsigned flags = (index % 6 == 5 ? (unsigned)SF_GEN_ISA_ANY_INST : 0u) | (index % 8 == 7 ? (unsigned)SF_GEN_ISA_CUT12504 : 0u);
  sf_isa_file f;
  if (sf_gen_isa_file(&fd, flags, &f, &st) != SF_OK) return false;
  if (index % 4 == 3 && sf_visaasm_print(&f, out, &st) == SF_OK) {
    sf_isa_free(&f);
    *text = true;
    return true;
  }
  out->len = 0;
  out->failed = false;
  bool ok = sf_isa_write(&f, out, &st) == SF_OK;
  sf_isa_free(&f);
  return ok;
}

/* One whole D3D program for dxbc_fuzzer or d3dasm_fuzzer (sf_gen_d3d_program: declarations and
 * instructions of the whole opcode table). dxbc: one in three as the bare program body, the rest in
 * a container (SHDR for SM4, SHEX for SM5); d3dasm: the container as `.dxbc` text. The result must
 * fit max (the target's max_len): the draw shrinks until it does, a few times at most. */
static bool sf_gen_d3d_program_file(uint64_t *s, unsigned long index, bool text, size_t max, sf_buf *out) {
  for (size_t draw_len = 2048; draw_len >= 64; draw_len /= 2) {
    uint8_t draw[2048];
    sf_cli_splitmix_fill(s, draw, sizeof draw);
    sf_status st;
    sf_status_clear(&st);
    sf_fdp fd;
    sf_fdp_init(&fd, draw, draw_len);
    sf_buf prog, box;
    sf_buf_init(&prog, &st);
    sf_buf_init(&box, &st);
    prog.limit = box.limit = 1u << 20;
    bool ok = sf_gen_d3d_program(&fd, 0, &prog, &st) == SF_OK && prog.len >= 8;
    out->len = 0;
    out->failed = false;
    if (ok && !text && index % 3 == 0) {
      ok = sf_buf_put(out, prog.data, prog.len);
    } else if (ok) {
      uint32_t major = (sf_le32(prog.data) >> 4) & 0xf;
      sf_dxbc_chunk ch = {major >= 5 ? SF_DXBC_SHEX : SF_DXBC_SHDR, 0, (uint32_t)prog.len, prog.data};
      ok = sf_dxbc_write(&ch, 1, text ? &box : out, &st) == SF_OK;
      if (ok && text) ok = sf_dxbc_print_text(box.data, box.len, out, &st) == SF_OK;
    }
    sf_buf_free(&prog);
    sf_buf_free(&box);
    if (ok && out->len <= max) return true;
  }
  return false;
}

static void sf_gen_usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz gen TARGET -n N -o DIR [--seed S] [--backend NAME|LIB.so]\n"
          "Writes N seed inputs for TARGET into DIR (created if needed): first one per (family, op) the\n"
          "generator reaches, then further random instructions. Same seed, same files (default seed 1).\n"
          "Targets: visa_bin_fuzzer, visa_text_fuzzer, dxbc_fuzzer, d3dasm_fuzzer, sample_diff_fuzzer,\n"
          "pipeline_fuzzer, isa_file_fuzzer, backend_diff_fuzzer.\n"
          "--backend B (backend_diff_fuzzer): keep only cases inside B's declared capabilities.\n");
}

int sf_cli_gen(int argc, char **argv) {
  const char *target = NULL, *outdir = NULL, *bname = NULL;
  unsigned long n = 32;
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *val = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      sf_gen_usage(stdout);
      return 0;
    } else if (strcmp(a, "-n") == 0 && val) {
      char *end = NULL;
      n = strtoul(val, &end, 10);
      i++;
      if (!end || *end || n == 0 || n > SF_GEN_MAX_FILES) {
        fprintf(stderr, "samplefuzz gen: -n must be 1..%u\n", SF_GEN_MAX_FILES);
        return 2;
      }
    } else if (strcmp(a, "-o") == 0 && val) {
      outdir = val;
      i++;
    } else if (strcmp(a, "--backend") == 0 && val) {
      bname = val;
      i++;
    } else if (strcmp(a, "--seed") == 0 && val) {
      seed = strtoull(val, NULL, 0);
      i++;
    } else if (a[0] == '-') {
      fprintf(stderr, "samplefuzz gen: unknown option or missing value: '%s' (see --help)\n", a);
      return 2;
    } else if (!target) {
      target = a;
    } else {
      fprintf(stderr, "samplefuzz gen: more than one target given\n");
      return 2;
    }
  }
  if (!target || !outdir) {
    sf_gen_usage(stderr);
    return 2;
  }
  if (strcmp(target, "isa_file_fuzzer") == 0) {
    if (!sf_cli_mkdirs(outdir)) {
      fprintf(stderr, "samplefuzz gen: %s: %s\n", outdir, strerror(errno));
      return 2;
    }
    uint64_t s = seed;
    unsigned long written = 0;
    for (unsigned long i = 0; i < n; i++) {
      sf_status st;
      sf_status_clear(&st);
      sf_buf out;
      sf_buf_init(&out, &st);
      out.limit = 1u << 20;
      bool text = false, genmode = i % 5 == 4;
      if (genmode) { /* the target's generated mode: "SFGEN", then the generator's draws */
        uint8_t draw[1536];
        sf_cli_splitmix_fill(&s, draw, sizeof draw);
        draw[0] = i % 10 == 4 ? 0x20 : 0xc0; /* the first draw picks the cut-short form below 85 */
        sf_buf_put(&out, "SFGEN", 5);
        sf_buf_put(&out, draw, sizeof draw);
      } else if (!sf_gen_isa_file_seed(&s, i, &out, &text)) {
        sf_buf_free(&out);
        continue;
      }
      char path[1200];
      snprintf(path, sizeof path, "%s/isa-%s-%04lu%s", outdir, genmode ? "gen" : "file", i, text ? ".visaasm" : "");
      bool ok = sf_cli_write_file(path, out.data, out.len, "gen");
      sf_buf_free(&out);
      if (!ok) return 1;
      written++;
    }
    printf("samplefuzz gen: wrote %lu input(s) for %s into %s\n", written, target, outdir);
    return written == n ? 0 : 1;
  }
  sf_gen_out kind;
  sf_family fams[3];
  size_t nfam;
  if (strcmp(target, "visa_bin_fuzzer") == 0 || strcmp(target, "visa_text_fuzzer") == 0) {
    kind = target[5] == 'b' ? SF_GEN_OUT_VISA_BIN : SF_GEN_OUT_VISA_TEXT;
    fams[0] = SF_FAMILY_SAMPLE_UNORM;
    fams[1] = SF_FAMILY_SAMPLE_3D;
    fams[2] = SF_FAMILY_AVS;
    nfam = 3;
  } else if (strcmp(target, "dxbc_fuzzer") == 0 || strcmp(target, "d3dasm_fuzzer") == 0) {
    kind = target[1] == 'x' ? SF_GEN_OUT_DXBC : SF_GEN_OUT_D3DASM;
    fams[0] = SF_FAMILY_D3D;
    nfam = 1;
  } else if (strcmp(target, "sample_diff_fuzzer") == 0 || strcmp(target, "pipeline_fuzzer") == 0) {
    kind = SF_GEN_OUT_CASE;
    fams[0] = SF_FAMILY_SAMPLE_3D;
    fams[1] = SF_FAMILY_D3D;
    fams[2] = (target[0] == 's') ? SF_FAMILY_SAMPLE_UNORM : SF_FAMILY_AVS;
    nfam = 3;
  } else if (strcmp(target, "backend_diff_fuzzer") == 0) {
    kind = SF_GEN_OUT_CASE;
    fams[0] = SF_FAMILY_SAMPLE_3D;
    fams[1] = SF_FAMILY_D3D;
    fams[2] = SF_FAMILY_SAMPLE_3D;
    nfam = 3;
  } else {
    fprintf(stderr, "samplefuzz gen: target '%s' has no generator here (see --help)\n", target);
    return 2;
  }
  sf_backend_handle *iut = NULL;
  if (bname && (strcmp(target, "backend_diff_fuzzer") != 0 || !sf_cli_backend_open("gen", bname, &iut))) {
    if (!iut) fprintf(stderr, "samplefuzz gen: --backend %s: only for backend_diff_fuzzer, with a backend that loads\n", bname);
    return 2;
  }
  if (!sf_cli_mkdirs(outdir)) {
    fprintf(stderr, "samplefuzz gen: %s: %s\n", outdir, strerror(errno));
    sf_backend_close(iut);
    return 2;
  }
  sf_verdict *gv = iut ? malloc(sizeof *gv) : NULL;
  /* Pass 1 keeps the first candidate of each (family, op); pass 2 fills up to n from another stream. */
  char seen[64][SF_VERDICT_NAME_MAX * 2 + 2];
  size_t nseen = 0;
  unsigned long written = 0;
  uint64_t state = seed;
  const unsigned long max_draws = n * 64 + 1024;
  uint8_t draw[SF_GEN_DRAW_BYTES];
  /* dxbc and d3dasm: a quarter of the seeds are whole programs (below), the rest instructions */
  const bool d3d_prog = kind == SF_GEN_OUT_DXBC || kind == SF_GEN_OUT_D3DASM;
  const unsigned long n_inst = d3d_prog ? n - n / 4 : n;
  for (int pass = 0; pass < 2 && written < n_inst; pass++) {
    uint64_t s = pass ? state ^ 0x5eed5eed5eed5eedull : state;   /* pass 2 draws a different stream */
    for (unsigned long d = 0; d < max_draws && written < n_inst; d++) {
      sf_cli_splitmix_fill(&s, draw, sizeof draw);
      sf_inst in;
      memset(&in, 0, sizeof in);
      sf_case *cs = NULL;
      if (kind == SF_GEN_OUT_CASE) {
        /* every fourth sample_diff case also exercises the other vISA families */
        sf_family fam = fams[d % nfam];
        if (d % 8 == 7 && fams[2] != SF_FAMILY_SAMPLE_3D) fam = SF_FAMILY_AVS;
        if (d % 8 == 5 && fams[2] != SF_FAMILY_SAMPLE_3D) fam = SF_FAMILY_SAMPLE_UNORM;
        cs = malloc(sizeof *cs);
        if (!cs || !sf_gen_case(draw, sizeof draw, fam, cs)) {
          free(cs);
          continue;
        }
        in = cs->inst;
      } else {
        sf_fdp f;
        sf_fdp_init(&f, draw, sizeof draw);
        unsigned flags = (d % 4 == 3) ? 0u : (unsigned)SF_GEN_VALID;
        if (sf_gen_inst(&f, fams[d % nfam], flags, &in) != SF_OK) continue;
      }
      char key[sizeof seen[0]];
      snprintf(key, sizeof key, "%s-%s", sf_family_tag(in.family), sf_inst_op_tag(&in));
      bool fresh = true;
      for (size_t k = 0; k < nseen; k++) fresh &= strcmp(seen[k], key) != 0;
      if (pass == 0 && !fresh) {
        free(cs);
        continue;
      }
      sf_status st;
      sf_status_clear(&st);
      sf_buf out;
      sf_buf_init(&out, &st);
      out.limit = 1u << 20;
      bool rendered;
      if (cs) {
        uint8_t cb[SF_CASE_MAX_SIZE];
        size_t clen = 0;
        rendered = sf_case_write(cs, cb, sizeof cb, &clen, &st) == SF_OK && sf_buf_put(&out, cb, clen);
        /* --backend: a case outside the backend's capabilities would only be skipped */
        if (rendered && gv && (sf_check_backend_diff_with(iut, cb, clen, gv), gv->kind == SF_VERDICT_SKIP)) rendered = false;
        free(cs);
        cs = NULL;
      } else {
        rendered = sf_gen_render(kind, &in, (unsigned)d, &out);
      }
      if (!rendered || out.len == 0) {
        sf_buf_free(&out);
        continue;
      }
      if (pass == 0 && nseen < 64) snprintf(seen[nseen++], sizeof seen[0], "%s", key);
      char path[1200];
      snprintf(path, sizeof path, "%s/%s-%04lu", outdir, key, written);
      bool ok = sf_cli_write_file(path, out.data, out.len, "gen");
      sf_buf_free(&out);
      if (!ok) {
        free(gv);
        sf_backend_close(iut);
        return 1;
      }
      written++;
    }
  }
  free(gv);
  sf_backend_close(iut);
  uint64_t ps = state ^ 0xd3d0d3d0d3d0d3d0ull;
  for (unsigned long i = 0; d3d_prog && written < n && i < 4 * n; i++) {
    sf_status st;
    sf_status_clear(&st);
    sf_buf out;
    sf_buf_init(&out, &st);
    out.limit = 1u << 20;
    bool genmode = kind == SF_GEN_OUT_DXBC && i % 3 == 2;
    if (genmode) { /* dxbc's generated mode: "SFGEN", then the program generator's draws */
      uint8_t gdraw[1024];
      sf_cli_splitmix_fill(&ps, gdraw, sizeof gdraw);
      gdraw[0] = (uint8_t)(i % 2); /* the first draw's low bit: text-only */
      sf_buf_put(&out, "SFGEN", 5);
      sf_buf_put(&out, gdraw, sizeof gdraw);
    } else if (!sf_gen_d3d_program_file(&ps, i, kind == SF_GEN_OUT_D3DASM, kind == SF_GEN_OUT_D3DASM ? 1024 : 4096,
                                        &out)) {
      sf_buf_free(&out);
      continue;
    }
    char path[1200];
    snprintf(path, sizeof path, "%s/d3d-%s-%04lu", outdir, genmode ? "gen" : "program", written);
    bool ok = sf_cli_write_file(path, out.data, out.len, "gen");
    sf_buf_free(&out);
    if (!ok) return 1;
    written++;
  }
  printf("samplefuzz gen: wrote %lu input(s) for %s into %s (%zu family/op combinations)\n", written, target, outdir,
         nseen);
  return written == n ? 0 : 1;
}
