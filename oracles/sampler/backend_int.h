/* oracles/sampler/backend_int.h — private to the backend ABI v2 files of oracles/sampler
 * (backend_load.c: handles and the loader; backend_registry.c: capabilities, the registry, views). */
#ifndef SF_BACKEND_INT_H
#define SF_BACKEND_INT_H

#include <pthread.h>

#include "oracles/sampler/sampler_int.h"
#include "samplefuzz/backend.h"

#define SF_BACKEND_NAME_MAX 48u
#define SF_BACKEND_ORIGIN_MAX 600u
/* The ABI-2 table as first published: every field up to and including avs. */
#define SF_BACKEND_V2_MIN_SIZE (offsetof(sf_backend_v2, avs) + sizeof(void (*)(void)))

struct sf_backend_handle {
  sf_backend_v2 t;            /* the plug-in's table (a shorter struct_size leaves the rest NULL) */
  void *inst;                 /* create()'s instance, or the v1 table for the adapter */
  void *dl;                   /* dlopen handle, NULL for built-ins */
  const sf_backend *v1;       /* built-in reference backends and v1 plug-ins: the v1 table */
  int slot;                   /* v1 view slot of a v2 handle, -1 = none */
  sf_backend_caps caps;
  sf_backend_precision prec;
  char name[SF_BACKEND_NAME_MAX];
  char version[96];
  char origin[SF_BACKEND_ORIGIN_MAX];
  pthread_mutex_t mu;         /* serializes calls unless t.thread_safe */
};

sf_code sf_backend_wrap_v1(const sf_backend *b, const char *origin, sf_backend_handle **out, sf_status *st);
void sf_backend_view_release(sf_backend_handle *h);
sf_code sf_backend_call_unorm(sf_backend_handle *h, const sf_unorm_req *q, sf_unorm_out *o, sf_status *st);
sf_code sf_backend_call_avs(sf_backend_handle *h, const sf_avs_req *q, sf_avs_out *o, sf_status *st);

#endif
