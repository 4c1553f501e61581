/* cmd_run.c — `samplefuzz run CASE.txt [--backend NAME|LIB.so]`: executes a hand-written text case
 * (surfaces, samplers, state and one vISA or D3D instruction; format in sampler.h and
 * docs/case-text.md) on the reference sampler and prints the surfaces, sampler states, the
 * instruction, the status and the per-lane results. A plug-in backend is a shared library exporting
 * `const sf_backend *sf_backend_plugin(void)` (SF_BACKEND_PLUGIN_SYMBOL). Exit status: 0 executed,
 * 1 the case parsed but execution returned an error, 2 usage / file / parse errors. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

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
          "  --backend NAME   scalar, sse2, avx2, avx512 (default: SF_SIMD or the best supported), or a\n"
          "                   plug-in library exporting %s()\n"
          "Exit status: 0 executed, 1 execution error (printed), 2 usage, file or parse error.\n",
          SF_BACKEND_PLUGIN_SYMBOL);
  return f == stdout ? 0 : 2;
}

static const sf_backend *run_load_plugin(const char *path, void **handle) {
  *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!*handle) {
    fprintf(stderr, "samplefuzz run: %s: %s\n", path, dlerror());
    return NULL;
  }
  void *sym = dlsym(*handle, SF_BACKEND_PLUGIN_SYMBOL);
  if (!sym) {
    fprintf(stderr, "samplefuzz run: %s: no symbol %s\n", path, SF_BACKEND_PLUGIN_SYMBOL);
    return NULL;
  }
  const sf_backend *(*get)(void);
  memcpy(&get, &sym, sizeof get);  /* object pointer -> function pointer (POSIX dlsym idiom) */
  const sf_backend *b = get();
  if (!b || !b->name) fprintf(stderr, "samplefuzz run: %s: %s() returned no backend\n", path, SF_BACKEND_PLUGIN_SYMBOL);
  return b && b->name ? b : NULL;
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
  void *handle = NULL;
  const sf_backend *be = NULL;
  if (bname) {
    if (strchr(bname, '/') || sf_cli_has_ext(bname, ".so")) be = run_load_plugin(bname, &handle);
    else if (!(be = sf_backend_find(bname))) fprintf(stderr, "samplefuzz run: backend '%s' is unknown or not supported by this CPU\n", bname);
    if (!be) {
      if (handle) dlclose(handle);
      return 2;
    }
  } else {
    be = sf_backend_select();
  }
  sf_cli_file f;
  if (!sf_cli_read_file(path, &f, "run")) {
    if (handle) dlclose(handle);
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
    if (!bname) printf("backend choice: %s\n", sf_backend_note());
    fwrite(out.data ? (const void *)out.data : (const void *)"", 1, out.len, stdout);
    if (ec != SF_OK) fprintf(stderr, "samplefuzz run: %s: execution: %s\n", path, es.msg);
    rc = ec == SF_OK ? 0 : 1;
    sf_buf_free(&out);
    sf_textcase_free(tc);
  }
  sf_cli_file_free(&f);
  if (handle) dlclose(handle);
  return rc;
}
