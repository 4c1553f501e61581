/* harness/cli/cli_backend.c — `--backend NAME|LIB.so` for run, show and replay through the library's
 * loader and registry (include/samplefuzz/backend.h, docs/backends.md). */
#include <stdio.h>

#include "harness/cli/cli_backend.h"
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
