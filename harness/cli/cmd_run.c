/* cmd_run.c — `samplefuzz run CASE.txt [--backend NAME|LIB.so]`: executes a hand-written text case
 * (surfaces, samplers, state and one vISA or D3D instruction; format in sampler.h and
 * docs/case-text.md) on the reference sampler and prints the surfaces, sampler states, the
 * instruction, the status and the per-lane results. A plug-in backend is a shared library of backend
 * ABI v2 (include/samplefuzz/backend.h), loaded through sf_backend_open (harness/cli/cli_backend.c).
 * Without --backend and without SF_SIMD the case runs on every backend the CPU supports: the report
 * is the scalar reference's, followed by whether every other backend produced the same status and
 * bit-identical variables and registers (docs/design.md principle 1), with the differing words if not.
 * Exit status: 0 executed (and the backends agree), 1 the case parsed but execution returned an
 * error or the backends disagree, 2 usage / file / parse errors. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli_backend.h"
#include "harness/cli/cli_util.h"
#include "samplefuzz/sampler.h"

int sf_cli_run(int argc, char **argv);

static int run_usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz run CASE.txt [--backend NAME|LIB.so]\n"
          "\n"
          "Executes a hand-written case on the reference sampler and prints per-lane results.\n"
          "A case is a text file, one directive per line ('#' comments):\n"
          "  surface T6 2d rgba8_unorm 4x4 [layers=N] [levels=N]\n"
          "  fill T6 <hex bytes> | texel T6 <level> <slice> <x> <y> r g b a | bytes T6 l s x y <hex> | null T6 l s x y\n"
          "  sampler S0 [min=|mag=|filter=point|linear] [mip=none|point|linear] [addr=wrap,clamp,...]\n"
          "             [border=r,g,b,a] [bias=F] [minlod=F] [maxlod=F] [cmp=less|...] [avs_shuffle] ...\n"
          "  var V40 f 128 = 0.5 0.25 ...     (vISA general variables: id, type, bytes, values)\n"
          "  dmask 0xFF | pred P1 0x0F | grf 32 | live 0xF | reg v0 * x y z w | reg cb0[1] * x y z w\n"
          "  inst sample_3d.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0\n"
          "  d3d sample_l r0.xyzw, v0.xyxx, t0.xyzw, s0, l(0)\n"
          "  --backend NAME   run on this backend only: scalar, sse2, avx2, avx512, llvmpipe, softpipe,\n"
          "                   or a plug-in library exporting %s() (ABI v2, docs/backends.md;\n"
          "                   v1 plug-ins load too). SF_SIMD=NAME does the same for the built-in ones.\n"
          "                   Default: the scalar reference's report, then every other supported\n"
          "                   backend runs the case and must give the same status and identical bits.\n"
          "Exit status: 0 executed (backends agree), 1 execution error or disagreement, 2 usage,\n"
          "file or parse error.\n",
          SF_BACKEND_V2_SYMBOL);
  return f == stdout ? 0 : 2;
}

/* Compares the machine state of two runs; prints the differing 32-bit words; returns their count. */
static unsigned run_state_diff(const sf_state *a, const sf_state *b, const char *na, const char *nb) {
  unsigned n = 0;
  for (unsigned i = 0; i < a->nvars; i++) {
    const sf_var *x = &a->vars[i];
    const sf_var *y = sf_state_var_c(b, x->id);
    if (!y || y->size != x->size) {
      if (n++ < 16) printf("  V%u: missing or resized in %s\n", (unsigned)x->id, nb);
      continue;
    }
    for (uint32_t off = 0; off + 4 <= x->size; off += 4) {
      uint32_t p = sf_le32(x->bytes + off), q = sf_le32(y->bytes + off);
      if (p != q && n++ < 16) printf("  V%u byte %u: %s %08x  %s %08x\n", (unsigned)x->id, (unsigned)off, na, p, nb, q);
    }
  }
  const uint32_t *ra = &a->d3d.r[0][0][0], *rb = &b->d3d.r[0][0][0];
  for (size_t k = 0; k < sizeof a->d3d.r / sizeof(uint32_t); k++)
    if (ra[k] != rb[k] && n++ < 16)
      printf("  lane %u r%u.%c: %s %08x  %s %08x\n", (unsigned)(k / (SF_D3D_MAX_TEMPS * 4)),
             (unsigned)(k / 4 % SF_D3D_MAX_TEMPS), "xyzw"[k % 4], na, ra[k], nb, rb[k]);
  const uint32_t *oa = &a->d3d.o[0][0][0], *ob = &b->d3d.o[0][0][0];
  for (size_t k = 0; k < sizeof a->d3d.o / sizeof(uint32_t); k++)
    if (oa[k] != ob[k] && n++ < 16)
      printf("  lane %u o%u.%c: %s %08x  %s %08x\n", (unsigned)(k / (SF_D3D_MAX_OUTPUTS * 4)),
             (unsigned)(k / 4 % SF_D3D_MAX_OUTPUTS), "xyzw"[k % 4], na, oa[k], nb, ob[k]);
  if (n > 16) printf("  ... %u more words differ\n", n - 16);
  return n;
}

/* Runs the case again on every other backend and compares with the reference run in ref. */
static bool run_agreement(const sf_cli_file *f, const sf_textcase *ref, sf_code ref_rc) {
  const sf_backend *list[8];
  unsigned nb = sf_backend_list(list, 8), agree = 1;
  bool ok = true;
  printf("\nbackends (expected = scalar):\n");
  for (unsigned i = 0; i < nb; i++) {
    if (!strcmp(list[i]->name, "scalar")) continue;
    sf_status st, es;
    sf_status_clear(&st);
    sf_status_clear(&es);
    sf_textcase *tc = NULL;
    if (sf_textcase_parse((const char *)f->data, f->len, &tc, &st) != SF_OK) {   /* parsed once already */
      printf("  %-8s could not re-parse the case: %s\n", list[i]->name, st.msg);
      ok = false;
      continue;
    }
    sf_buf out;
    sf_buf_init(&out, NULL);
    sf_code rc = sf_textcase_run(tc, list[i], &out, &es);
    sf_buf_free(&out);
    if (rc != ref_rc) {
      printf("  %-8s DIFFERS: status %s, scalar %s\n", list[i]->name, sf_code_name(rc), sf_code_name(ref_rc));
      ok = false;
    } else if (run_state_diff(&ref->state, &tc->state, "scalar", list[i]->name) != 0) {
      printf("  %-8s DIFFERS (words above)\n", list[i]->name);
      ok = false;
    } else {
      printf("  %-8s same status, bit-identical results\n", list[i]->name);
      agree++;
    }
    sf_textcase_free(tc);
  }
  if (ok) printf("all %u backends agree\n", agree);
  else printf("the backends DISAGREE\n");
  return ok;
}

int sf_cli_run(int argc, char **argv) {
  const char *path = NULL, *bname = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) return run_usage(stdout);
    if (!strcmp(argv[i], "--backend")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "samplefuzz run: --backend needs a name\n");
        return 2;
      }
      bname = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "samplefuzz run: unknown option '%s'\n", argv[i]);
      return run_usage(stderr);
    } else if (path) {
      fprintf(stderr, "samplefuzz run: one case file at a time\n");
      return 2;
    } else {
      path = argv[i];
    }
  }
  if (!path) return run_usage(stderr);
  sf_backend_handle *handle = NULL;
  const sf_backend *be = NULL;
  bool all = false;
  if (bname) {
    if (!(be = sf_cli_backend_open("run", bname, &handle))) return 2;
  } else if (getenv("SF_SIMD") && getenv("SF_SIMD")[0]) {
    be = sf_backend_select();
  } else {
    be = sf_backend_scalar();   /* the reference; every other backend is compared with it below */
    all = true;
  }
  sf_cli_file f;
  if (!sf_cli_read_file(path, &f, "run")) {
    sf_backend_close(handle);
    return 2;
  }
  sf_status st;
  sf_status_clear(&st);
  sf_textcase *tc = NULL;
  int rc = 2;
  if (sf_textcase_parse((const char *)f.data, f.len, &tc, &st) != SF_OK) {
    char buf[256];
    fprintf(stderr, "samplefuzz run: %s:%s\n", path, sf_cli_status_suffix(&st, buf, sizeof buf));
  } else {
    sf_buf out;
    sf_buf_init(&out, NULL);
    sf_status es;
    sf_status_clear(&es);
    sf_code ec = sf_textcase_run(tc, be, &out, &es);
    if (!bname && !all) printf("backend choice: %s\n", sf_backend_note());
    fwrite(out.data ? (const void *)out.data : (const void *)"", 1, out.len, stdout);
    if (ec != SF_OK) fprintf(stderr, "samplefuzz run: %s: execution: %s\n", path, es.msg);
    rc = ec == SF_OK ? 0 : 1;
    if (all && !run_agreement(&f, tc, ec)) rc = 1;
    sf_buf_free(&out);
    sf_textcase_free(tc);
  }
  sf_cli_file_free(&f);
  sf_backend_close(handle);
  return rc;
}
