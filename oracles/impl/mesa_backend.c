/* oracles/impl/mesa_backend.c — Mesa llvmpipe and softpipe as ABI v2 backends (include/samplefuzz/
 * backend.h), so that `--backend llvmpipe` and SF_BACKEND=softpipe judge them like any plug-in
 * (docs/backends.md; the GL mapping and its limits are in docs/oracle-mesa.md).
 *
 * create opens the driver (sf_mesa_open: SF_UNSUPPORTED with the reason when libEGL/libGL or the
 * driver are missing). Capabilities: the sample family on every surface type and the float-valued
 * formats (GL cannot express integer or NV12 sampling here); a batch GL cannot express
 * (sf_mesa_supports) returns SF_UNSUPPORTED and is skipped. Batches are drawn with explicit LODs or
 * gradients (implicit = false). Precision: the spec minima plus the driver's documented quirks
 * (sf_driver_quirks). Contexts are current on the creating thread: not thread-safe. */
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/backend.h"
#include "samplefuzz/external.h"

static sf_code mb_create(sf_mesa_driver d, void **inst, sf_status *st) {
  sf_mesa *m = NULL;
  sf_code rc = sf_mesa_open(&m, d, st);
  if (rc != SF_OK) return rc;
  *inst = m;
  return SF_OK;
}
static sf_code mb_create_llvmpipe(void **inst, sf_status *st) { return mb_create(SF_MESA_LLVMPIPE, inst, st); }
static sf_code mb_create_softpipe(void **inst, sf_status *st) { return mb_create(SF_MESA_SOFTPIPE, inst, st); }
static void mb_destroy(void *inst) { sf_mesa_close(inst); }

static sf_code mb_caps(void *inst, sf_backend_caps *c, sf_status *st) {
  (void)st;
  const sf_mesa_info *mi = sf_mesa_get_info(inst);
  sf_backend_caps_all(c);
  c->families = SF_BCAP_FAM_SAMPLE;
  if (!mi->query_lod) c->ops &= ~(uint32_t)SF_BCAP_OP_LOD_QUERY;
  if (!mi->cube_array) c->surf_types &= ~(1u << SF_SURF_CUBE_ARRAY);
  c->formats &= ~(1ull << SF_FMT_R8_UINT | 1ull << SF_FMT_R16_UINT | 1ull << SF_FMT_R32_UINT | 1ull << SF_FMT_R32_SINT |
                  1ull << SF_FMT_NV12);
  return SF_OK;
}

static sf_code mb_precision(void *inst, sf_backend_precision *p, sf_status *st) {
  (void)st;
  p->quirks = sf_driver_quirks(sf_mesa_get_info(inst)->driver);
  return SF_OK;
}

static sf_code mb_sample(void *inst, const sf_sample_batch *reqs, size_t n, sf_sample_out *outs, sf_status *st) {
  char why[160];
  for (size_t i = 0; i < n; i++)
    if (!sf_mesa_supports(inst, &reqs[i], false, why, sizeof why))
      return sf_fail(st, SF_UNSUPPORTED, "%s: %s", sf_mesa_driver_name(sf_mesa_get_info(inst)->driver), why);
  for (size_t i = 0; i < n; i++) {   /* one call per batch: sf_mesa_sample needs one sampler state per call */
    sf_code rc = sf_mesa_sample(inst, &reqs[i], 1, false, &outs[i], NULL, st);
    if (rc != SF_OK) return rc;
  }
  return SF_OK;
}

static const sf_backend_v2 mb_llvmpipe = {
    .struct_size = sizeof(sf_backend_v2), .abi_version = SF_BACKEND_ABI_VERSION, .name = "llvmpipe",
    .version = "Mesa (EGL surfaceless, oracles/impl)", .create = mb_create_llvmpipe, .destroy = mb_destroy,
    .query_caps = mb_caps, .query_precision = mb_precision, .sample = mb_sample};
static const sf_backend_v2 mb_softpipe = {
    .struct_size = sizeof(sf_backend_v2), .abi_version = SF_BACKEND_ABI_VERSION, .name = "softpipe",
    .version = "Mesa (EGL surfaceless, oracles/impl)", .create = mb_create_softpipe, .destroy = mb_destroy,
    .query_caps = mb_caps, .query_precision = mb_precision, .sample = mb_sample};

static sf_code mb_open_llvmpipe(sf_backend_handle **out, sf_status *st) {
  return sf_backend_wrap(&mb_llvmpipe, "built-in (Mesa llvmpipe, oracles/impl/mesa_backend.c)", out, st);
}
static sf_code mb_open_softpipe(sf_backend_handle **out, sf_status *st) {
  return sf_backend_wrap(&mb_softpipe, "built-in (Mesa softpipe, oracles/impl/mesa_backend.c)", out, st);
}

void sf_mesa_backends_register(void) {
  static const sf_backend_provider lp = {"llvmpipe", mb_open_llvmpipe}, sp = {"softpipe", mb_open_softpipe};
  sf_backend_provider_add(&lp);
  sf_backend_provider_add(&sp);
}
