/* examples/backends/broken/broken.c — plug-ins that must be refused at load (test fixtures for
 * tests/cli_backends.sh and docs/backends.md "Load errors"), one per SF_BROKEN value:
 *   1  wrong ABI version            2  wrong struct size
 *   3  no entry symbol              4  a mandatory entry point (sample) missing
 *   5  crashes in its sample call (for SF_BACKEND_ISOLATE=1) */
#include <stddef.h>
#include <string.h>

#include "samplefuzz/backend.h"

__attribute__((unused)) static sf_code br_caps(void *inst, sf_backend_caps *c, sf_status *st) {
  (void)inst;
  (void)st;
  memset(c, 0xff, sizeof *c);   /* claims everything (plug-ins do not link libsamplefuzz) */
  c->max_levels = 0;
  return SF_OK;
}

__attribute__((unused)) static sf_code br_sample(void *inst, const sf_sample_batch *reqs, size_t n, sf_sample_out *outs, sf_status *st) {
  (void)inst;
  (void)st;
  (void)outs;
#if SF_BROKEN == 5
  volatile int *p = NULL;
  if (n && reqs[0].n) return (sf_code)*p;   /* a NULL dereference, on purpose */
#else
  (void)reqs;
  (void)n;
#endif
  return SF_OK;
}

#if SF_BROKEN != 3
static const sf_backend_v2 br_table = {
#if SF_BROKEN == 2
    .struct_size = 12,
#else
    .struct_size = sizeof(sf_backend_v2),
#endif
#if SF_BROKEN == 1
    .abi_version = 1,
#else
    .abi_version = SF_BACKEND_ABI_VERSION,
#endif
    .name = "broken",
    .version = "0",
    .query_caps = br_caps,
#if SF_BROKEN != 4
    .sample = br_sample,
#endif
};

const sf_backend_v2 *sf_backend_v2_plugin(void);
const sf_backend_v2 *sf_backend_v2_plugin(void) { return &br_table; }
#else
int sf_not_a_backend(void);
int sf_not_a_backend(void) { return 0; }   /* a symbol, but not the entry point */
#endif
