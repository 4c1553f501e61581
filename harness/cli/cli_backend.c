/* harness/cli/cli_backend.c — `--backend NAME|LIB.so` for run, show and replay through the library's
 * loader and registry (include/samplefuzz/backend.h, docs/backends.md). */
#define _XOPEN_SOURCE 700   /* realpath, setenv */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "harness/cli/cli_backend.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/d3d12.h"
#include "samplefuzz/external.h"

/* The built-in implementations under test: Mesa llvmpipe / softpipe through EGL, and the D3D12 stack
 * (vkd3d on a Vulkan device). Each loads its libraries on open, so listing them costs nothing. */
void sf_cli_backends_register(void) {
  sf_mesa_backends_register();
  sf_d3d12_backends_register();
}

const sf_backend *sf_cli_backend_open(const char *cmd, const char *spec, sf_backend_handle **h) {
  sf_cli_backends_register();
  sf_status st;
  sf_status_clear(&st);
  *h = NULL;
  if (sf_backend_open(spec, h, &st) != SF_OK) {
    fprintf(stderr, "samplefuzz %s: backend refused: %s\n", cmd, st.msg);
    return NULL;
  }
  const sf_backend *be = sf_backend_v1_view(*h);
  if (!be) {
    fprintf(stderr, "samplefuzz %s: %s: no executor view left\n", cmd, sf_backend_name(*h));
    sf_backend_close(*h);
    *h = NULL;
  }
  return be;
}

bool sf_cli_backend_manifest(const char *cmd, const char *name, const char *manifest) {
  char path[PATH_MAX];
  if (!manifest) {
#ifdef SF_SOURCE_DIR
    snprintf(path, sizeof path, "%s/manifests/%s.txt", SF_SOURCE_DIR, name);
    if (access(path, R_OK) != 0) return true;   /* none: every finding is reported */
    manifest = path;
#else
    return true;
#endif
  }
  sf_manifest *m = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_manifest_load(manifest, &m, &st) != SF_OK) {
    fprintf(stderr, "samplefuzz %s: %s\n", cmd, st.msg);
    return false;
  }
  printf("samplefuzz %s: known divergences of %s: %u entr%s from %s\n", cmd, name, sf_manifest_size(m),
         sf_manifest_size(m) == 1 ? "y" : "ies", manifest);
  sf_manifest_free(m);
  char abs[PATH_MAX];
  setenv("SF_MANIFEST", realpath(manifest, abs) ? abs : manifest, 1);
  return true;
}

void sf_cli_manifest_summary(void) {
  sf_backend_diff_stats bs;
  sf_check_backend_stats(&bs);
  const sf_manifest *m = sf_check_backend_manifest();
  if (!m) return;
  printf("known divergences: %llu finding(s) matched the manifest\n", bs.known);
  for (unsigned i = 0; i < sf_manifest_size(m); i++) {
    sf_manifest_info info;
    if (sf_manifest_entry_info(m, i, &info) && info.hits)
      printf("  line %u x%llu: %s -- %s [%s]\n", info.line, info.hits, info.pattern, info.reason, info.link);
  }
}
