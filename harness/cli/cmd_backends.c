/* harness/cli/cmd_backends.c — `samplefuzz backends [--verbose] [PLUGIN.so...]`: the built-in
 * backends (reference scalar/SIMD, Mesa llvmpipe/softpipe) and the given plug-ins, each with its
 * availability and, when unavailable or refused, the reason (docs/backends.md). A Mesa driver is
 * probed in a child process (one gallium driver per process, include/samplefuzz/external.h).
 * Exit status: 0 every given plug-in loads, 1 one was refused, 2 usage. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli_backend.h"
#include "samplefuzz/backend.h"
#include "samplefuzz/child.h"

int sf_cli_backends(int argc, char **argv);

static void bits_list(char *out, size_t n, uint64_t mask, unsigned count, const char *(*name)(unsigned)) {
  size_t o = 0;
  out[0] = 0;
  uint64_t full = count >= 64 ? ~0ull : (1ull << count) - 1ull;
  if ((mask & full) == full) {
    snprintf(out, n, "all");
    return;
  }
  for (unsigned i = 0; i < count && o + 1 < n; i++)
    if (mask >> i & 1ull) {
      int k = snprintf(out + o, n - o, "%s%s", o ? "," : "", name(i));
      if (k < 0) break;
      o += (size_t)k < n - o ? (size_t)k : n - o - 1;
    }
  if (!o) snprintf(out, n, "none");
}

static const char *fmt_name(unsigned i) {
  const sf_format_info *fi = sf_format_get(i);
  return fi ? fi->name : "?";
}
static const char *op_name(unsigned i) {
  static const char *const n[] = {"grad", "grad_bias", "explicit", "zero", "compare", "lod_query", "offsets"};
  return i < 7 ? n[i] : "?";
}
static const char *filter_name(unsigned i) {
  static const char *const n[] = {"point", "linear", "mip_none", "mip_point", "mip_linear"};
  return i < 5 ? n[i] : "?";
}
static const char *addr_name(unsigned i) {
  static const char *const n[] = {"wrap", "mirror", "clamp", "border", "mirror_once"};
  return i < 5 ? n[i] : "?";
}
static const char *fam_name(unsigned i) {
  static const char *const n[] = {"sample", "sample_unorm", "avs"};
  return i < 3 ? n[i] : "?";
}

static void describe(const sf_backend_handle *h, bool verbose) {
  printf("%-12s available  %s%s%s\n", sf_backend_name(h), sf_backend_origin(h), sf_backend_version(h)[0] ? ", version " : "",
         sf_backend_version(h));
  if (!verbose) return;
  const sf_backend_caps *c = sf_backend_get_caps(h);
  const sf_backend_precision *p = sf_backend_get_precision(h);
  char buf[1024];
  bits_list(buf, sizeof buf, c->families, 3, fam_name);
  printf("    families: %s\n", buf);
  bits_list(buf, sizeof buf, c->ops, 7, op_name);
  printf("    ops:      %s\n", buf);
  bits_list(buf, sizeof buf, c->surf_types, SF_SURF_TYPE_COUNT, sf_surf_type_name);
  printf("    surfaces: %s\n", buf);
  bits_list(buf, sizeof buf, c->formats, SF_FMT_COUNT, fmt_name);
  printf("    formats:  %s\n", buf);
  bits_list(buf, sizeof buf, c->filters, 5, filter_name);
  printf("    filters:  %s\n", buf);
  bits_list(buf, sizeof buf, c->addr_modes, SF_ADDR_COUNT, addr_name);
  printf("    address:  %s; mip levels: %s\n", buf, c->max_levels ? "limited" : "any");
  unsigned sub = p->subtexel_bits ? p->subtexel_bits : 8, lod = p->lod_bits ? p->lod_bits : 8;
  printf("    precision: %u sub-texel bits, %u LOD bits, %u mip-blend bits, quirks 0x%x%s\n", sub, lod,
         p->mip_blend_bits ? p->mip_blend_bits : lod, p->quirks,
         (sub < 8 || lod < 8 || (p->mip_blend_bits && p->mip_blend_bits < 8)) ? "  (below the D3D11.3 minimum of 8)" : "");
}

typedef struct probe_job {
  const char *name;
  bool verbose;
} probe_job;
typedef struct probe_result {
  int ok;
  char why[SF_STATUS_MSG_MAX];
} probe_result;

static void probe_run(void *arg, void *out) {
  const probe_job *j = arg;
  probe_result *r = out;
  memset(r, 0, sizeof *r);
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  r->ok = sf_backend_open(j->name, &h, &st) == SF_OK;
  if (r->ok) describe(h, j->verbose);   /* the driver stays loaded until the child exits */
  snprintf(r->why, sizeof r->why, "%s", st.msg);
}

/* Opens a built-in in a child (Mesa cannot open two drivers in one process); returns whether it is
 * available and the reason in why. */
static bool probe_child(const char *name, bool verbose, char *why, size_t n) {
  probe_job job = {name, verbose};
  probe_result r;
  int detail = 0;
  sf_child_fate fate = sf_child_call(probe_run, &job, &r, sizeof r, 120, &detail);
  if (fate == SF_CHILD_RETURNED) {
    r.why[sizeof r.why - 1] = '\0';
    snprintf(why, n, "%s", r.why);
    return r.ok;
  }
  if (fate == SF_CHILD_NOT_RUN) snprintf(why, n, "%s: cannot probe it (fork failed)", name);
  else snprintf(why, n, "%s: unavailable: the probe died (%s %d)", name, fate == SF_CHILD_SIGNALED ? "signal" : "status", detail);
  return false;
}

int sf_cli_backends(int argc, char **argv) {
  bool verbose = false;
  int first = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      printf("usage: samplefuzz backends [-v] [PLUGIN.so|NAME...]\n"
             "Lists the built-in backends (reference: scalar, sse2, avx2, avx512; Mesa: llvmpipe, softpipe) and\n"
             "the given plug-ins (backend ABI v2, docs/backends.md), each available or with the reason it is\n"
             "not. -v adds capabilities and the precision profile. Exit status 1 when a given plug-in is refused.\n");
      return 0;
    }
    if (!strcmp(argv[i], "-v") || !strcmp(argv[i], "--verbose")) {
      verbose = true;
      first = i + 1;
    } else if (argv[i][0] == '-') {
      fprintf(stderr, "samplefuzz backends: unknown option '%s'\n", argv[i]);
      return 2;
    } else {
      break;
    }
  }
  sf_cli_backends_register();
  const char *names[16];
  unsigned nn = sf_backend_builtin_names(names, 16);
  if (nn > 16) nn = 16;
  printf("built-in:\n");
  for (unsigned i = 0; i < nn; i++) {
    char why[SF_STATUS_MSG_MAX];
    bool builtin_ref = i < 4;
    if (builtin_ref) {
      sf_backend_handle *h = NULL;
      sf_status st;
      sf_status_clear(&st);
      if (sf_backend_open(names[i], &h, &st) == SF_OK) describe(h, verbose);
      else printf("%s\n", st.msg);
      sf_backend_close(h);
      continue;
    }
    fflush(stdout);
    if (!probe_child(names[i], verbose, why, sizeof why)) printf("%s\n", why);
  }
  int rc = 0;
  if (first < argc) printf("plug-ins:\n");
  for (int i = first; i < argc; i++) {
    sf_backend_handle *h = NULL;
    sf_status st;
    sf_status_clear(&st);
    if (sf_backend_open(argv[i], &h, &st) == SF_OK) {
      describe(h, verbose);
      sf_backend_close(h);
    } else {
      printf("%-12s refused: %s\n", argv[i], st.msg);
      rc = 1;
    }
  }
  return rc;
}
