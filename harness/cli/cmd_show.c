/* harness/cli/cmd_show.c — `samplefuzz show FILE [--target T] [--backend NAME|LIB.so] [--lane N] [--png OUT] [--case]`:
 * explains a reproducer of any fuzz target the way a person reads it (docs/reproducers.md,
 * docs/design.md "Triage").
 *
 * For every target: the verdict of the target's checks (oracles/checks/targets.c), its signature and XXH3
 * bucket (harness/triage), the input's hex bytes, and the instruction in each syntax that applies
 * (vISA text for the vISA families, fxc-style D3D asm for D3D) with its encoded bytes.
 * For the structured-case targets (sample_diff_fuzzer, pipeline_fuzzer; include/samplefuzz/case.h):
 * the surface (type, format, size, levels), the sampler state, the per-lane operand values the
 * executor reads (coordinates, LOD/bias, reference, gradients, offsets), then the instruction is
 * executed on the scalar backend (the reference: "expected") and on the other backends ("actual":
 * every SIMD backend the CPU supports, or the one --backend names, including a plug-in library), and
 * a table of lanes x channels with expected, actual and the ULP distance is printed for every value
 * that differs. `--png OUT` writes one RGBA image: surface level 0 (slice 0), the expected block, the
 * actual block and a magnified difference map, side by side (each panel SF_SHOW_PANEL pixels square,
 * SF_SHOW_GAP pixels apart), with libpng when the build found it (SF_HAVE_PNG).
 * For backend_diff_fuzzer, first the batch the check judged (show_backend.c): per rejected lane (or
 * the lane of --lane N) its inputs, the reference's LOD, levels and texels with their weights, the
 * allowed ranges, and the configuration the implementation's value is consistent with.
 * Exit status: 0 shown (whatever the verdict), 1 the file could not be explained (unreadable case,
 * PNG error), 2 usage errors. */
#define _XOPEN_SOURCE 700   /* realpath */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SF_HAVE_PNG
#include <png.h>
#endif

#include "harness/cli/cli_backend.h"
#include "harness/cli/show_int.h"


static int show_usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz show FILE [--target T] [--backend NAME|LIB.so] [--lane N] [--png OUT] [--case]\n"
          "\n"
          "Explains a reproducer: the verdict of its target's checks with the signature and bucket, the\n"
          "hex bytes, the instruction in vISA text and/or D3D asm with its encoding. For the structured\n"
          "cases (sample_diff_fuzzer, pipeline_fuzzer) also the surface, the sampler state and the\n"
          "per-lane operands, then the results of the scalar reference (expected) against the other\n"
          "backends (actual) as a table of lanes x channels with the ULP distance of each difference.\n"
          "  --target T     the fuzz target (default: the path component corpus|crashes/<target>/)\n"
          "  --backend B    compare scalar against only B: sse2, avx2, avx512, or a plug-in library\n"
          "                 exporting %s()\n"
          "  --lane N       backend_diff_fuzzer: explain lane N of the judged batch (default: every\n"
          "                 rejected lane: its texel footprint and what the value matches)\n"
          "  --png OUT      one RGBA image, %ux%u: surface level 0 | expected | actual | difference x16\n"
          "  --case         only the case text of a sampler reproducer (sample_diff, pipeline, textcase),\n"
          "                 to edit and run with `samplefuzz run` (docs/case-text.md)\n"
          "Targets:\n",
          SF_BACKEND_PLUGIN_SYMBOL, 4 * SF_SHOW_PANEL + 3 * SF_SHOW_GAP, SF_SHOW_PANEL);
  for (size_t i = 0; i < sf_target_count; i++) fprintf(f, "  %-20s %s\n", sf_targets[i].name, sf_targets[i].what);
  fprintf(f, "Exit status: 0 shown (whatever the verdict), 1 the input could not be explained or the image\n"
             "not written, 2 usage errors.\n");
  return f == stdout ? 0 : 2;
}

int sf_cli_show(int argc, char **argv) {
  const char *path = NULL, *tname = NULL, *png = NULL, *bname = NULL, *lane_s = NULL;
  bool as_case = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) return show_usage(stdout);
    if (!strcmp(a, "--case")) {
      as_case = true;
      continue;
    }
    if (!strcmp(a, "--target") || !strcmp(a, "--png") || !strcmp(a, "--backend") || !strcmp(a, "--lane")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "samplefuzz show: %s needs a value\n", a);
        return 2;
      }
      const char **dst = !strcmp(a, "--target") ? &tname : !strcmp(a, "--png") ? &png : !strcmp(a, "--lane") ? &lane_s : &bname;
      *dst = argv[++i];
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "samplefuzz show: unknown option '%s'\n", a);
      return show_usage(stderr);
    } else if (path) {
      fprintf(stderr, "samplefuzz show: one file at a time\n");
      return 2;
    } else {
      path = a;
    }
  }
  if (!path) return show_usage(stderr);
  int lane_sel = -1;
  if (lane_s) {
    char *end = NULL;
    long l = strtol(lane_s, &end, 10);
    if (!*lane_s || *end || l < 0 || l >= (long)SF_MAX_LANES) {
      fprintf(stderr, "samplefuzz show: --lane wants a lane number 0..%u, not '%s'\n", SF_MAX_LANES - 1, lane_s);
      return 2;
    }
    lane_sel = (int)l;
  }
  const sf_target *t = tname ? sf_target_find(tname) : sf_target_from_path(path);
  if (!t && !tname) {   /* a relative name inside corpus/<target>/: look at the absolute path */
    char *abs = realpath(path, NULL);
    if (abs) t = sf_target_from_path(abs);
    free(abs);
  }
  if (!t) {
    if (tname) fprintf(stderr, "samplefuzz show: unknown target '%s' (see --help)\n", tname);
    else fprintf(stderr, "samplefuzz show: %s: cannot tell the target from the path; pass --target (see --help)\n", path);
    return 2;
  }
  bool is_case = !strcmp(t->name, "sample_diff_fuzzer") || !strcmp(t->name, "pipeline_fuzzer") ||
                 !strcmp(t->name, "backend_diff_fuzzer");
  if (png && !is_case) {
    fprintf(stderr, "samplefuzz show: --png: %s inputs have no surface (only sample_diff_fuzzer and pipeline_fuzzer)\n",
            t->name);
    return 2;
  }
  if (as_case) {
    sf_cli_file cf;
    if (!sf_cli_read_file(path, &cf, "show")) return 1;
    int crc = sf_show_case(t, cf.data, cf.len > t->max_len ? t->max_len : cf.len);
    sf_cli_file_free(&cf);
    return crc;
  }
  sf_backend_handle *handle = NULL;
  const sf_backend *forced = NULL;
  if (bname) {
    if (!(forced = sf_cli_backend_open("show", bname, &handle))) return 2;
    setenv("SF_BACKEND", bname, 1);   /* backend_diff_fuzzer judges this implementation */
  }
  sf_cli_file f;
  if (!sf_cli_read_file(path, &f, "show")) {
    sf_backend_close(handle);
    return 1;
  }
  size_t len = f.len > t->max_len ? t->max_len : f.len;
  sf_verdict *v = malloc(sizeof *v);
  int rc = 1;
  if (v) {
    sf_target_run(t, f.data, len, v);
    char sig[SF_SIGNATURE_MAX];
    printf("file:      %s (%zu bytes%s)\n", path, f.len, len < f.len ? ", truncated to the target's maximum" : "");
    printf("target:    %s — %s\n", t->name, t->what);
    printf("verdict:   %s%s%s\n", sf_verdict_kind_name(v->kind), v->reason[0] ? ": " : "", v->reason);
    if (v->kind == SF_VERDICT_FAIL) {
      printf("signature: Assertion failure: %s\n", sf_triage_signature(v, sig, sizeof sig));
      printf("bucket:    %016" PRIx64 "\n", sf_triage_bucket(v));
      printf("key:       %s\n", v->key[0] ? v->key : "(none)");
    }
    printf("backends:  %s (selected: %s)\n", v->backends[0] ? v->backends : "(codec check)", sf_backend_select()->name);
    show_hex("input", f.data, len, 512);
    if (v->dump_len) printf("check report:\n%s%s", v->dump, v->dump[v->dump_len - 1] == '\n' ? "" : "\n");
    bool bdiff = !strcmp(t->name, "backend_diff_fuzzer");
    if (bdiff) {
      show_backend_batch(f.data, len, handle, lane_sel);
      printf("the case as an instruction (what sample_diff_fuzzer would run; backend_diff judged the batch above):\n");
    }
    if (is_case) rc = show_case(f.data, len, forced, png);
    else {
      show_codec(t, f.data, len);
      rc = 0;
    }
    free(v);
  } else {
    fprintf(stderr, "samplefuzz show: out of memory\n");
  }
  sf_cli_file_free(&f);
  sf_backend_close(handle);
  return rc;
}
