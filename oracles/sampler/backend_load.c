/* oracles/sampler/backend_load.c — backend ABI v2 (include/samplefuzz/backend.h): handles, the one
 * plug-in loader, the v1 adapter and the executor's v1 view of a handle (docs/backends.md).
 *
 * Loading checks, in order, each with its own message: a regular file; the ELF magic and type
 * ET_DYN (the ELF header layout of the System V gABI, "ELF Header"); dlopen (POSIX); the entry
 * symbol (v2, else v1 through the adapter); the table's ABI version, struct size and mandatory
 * entries; create and query_caps. Nothing stays loaded after a refusal. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "oracles/sampler/backend_int.h"

/* ---- the v1 adapter: a bare sf_backend table seen as ABI v2 ------------------------------------ */

static sf_code v1_caps(void *inst, sf_backend_caps *c, sf_status *st) {
  (void)inst;
  (void)st;
  sf_backend_caps_all(c);
  return SF_OK;
}

static sf_code v1_sample(void *inst, const sf_sample_batch *reqs, size_t n, sf_sample_out *outs, sf_status *st) {
  const sf_backend *b = inst;
  for (size_t i = 0; i < n; i++) {
    sf_code rc = sf_sample(b, &reqs[i], &outs[i], st);
    if (rc != SF_OK) return rc;
  }
  return SF_OK;
}

static sf_code v1_unorm(void *inst, const sf_unorm_req *q, sf_unorm_out *o, sf_status *st) {
  const sf_backend *b = inst;
  if (!b->sample_unorm) return sf_fail(st, SF_UNSUPPORTED, "%s: no SAMPLE_UNORM entry", b->name);
  return b->sample_unorm(q, o, st);
}

static sf_code v1_avs(void *inst, const sf_avs_req *q, sf_avs_out *o, sf_status *st) {
  const sf_backend *b = inst;
  if (!b->avs) return sf_fail(st, SF_UNSUPPORTED, "%s: no AVS entry", b->name);
  return b->avs(q, o, st);
}

static const sf_backend_v2 v1_adapter = {
    .struct_size = sizeof(sf_backend_v2), .abi_version = SF_BACKEND_ABI_VERSION, .name = "v1", .version = "v1",
    .thread_safe = true, .query_caps = v1_caps, .sample = v1_sample, .sample_unorm = v1_unorm, .avs = v1_avs};

/* ---- handles ------------------------------------------------------------------------------------ */

static bool name_ok(const char *s) {
  if (!s || !*s || strlen(s) >= SF_BACKEND_NAME_MAX) return false;
  for (const char *p = s; *p; p++) {
    char c = *p;
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '.' ||
          c == '+' || c == '-'))
      return false;
  }
  return true;
}

/* Checks the table and builds the handle. inst_v1: a v1 table (adapter) or NULL. */
static sf_code handle_make(const sf_backend_v2 *t, const sf_backend *v1, const char *what, const char *origin,
                           sf_backend_handle **out, sf_status *st) {
  *out = NULL;
  if (!t) return sf_fail(st, SF_ERR_INVALID, "%s: the entry returned no table (NULL)", what);
  if (t->abi_version != SF_BACKEND_ABI_VERSION)
    return sf_fail(st, SF_ERR_INVALID, "%s: ABI version %u, this samplefuzz speaks ABI version %u (rebuild against include/samplefuzz/backend.h)",
                   what, t->abi_version, SF_BACKEND_ABI_VERSION);
  if (t->struct_size < SF_BACKEND_V2_MIN_SIZE || t->struct_size > sizeof(sf_backend_v2))
    return sf_fail(st, SF_ERR_INVALID, "%s: struct_size %u, expected %zu for ABI version %u (%s)", what, t->struct_size,
                   sizeof(sf_backend_v2), SF_BACKEND_ABI_VERSION,
                   t->struct_size > sizeof(sf_backend_v2) ? "built against a newer header" : "truncated or not set");
  if (!name_ok(t->name))
    return sf_fail(st, SF_ERR_INVALID, "%s: missing or bad name (1-%u characters of [A-Za-z0-9_.+-])", what,
                   SF_BACKEND_NAME_MAX - 1);
  if (!t->query_caps) return sf_fail(st, SF_ERR_INVALID, "%s: missing mandatory entry point 'query_caps'", what);
  if (!t->sample) return sf_fail(st, SF_ERR_INVALID, "%s: missing mandatory entry point 'sample'", what);
  sf_backend_handle *h = calloc(1, sizeof *h);
  if (!h) return sf_fail(st, SF_ERR_NOMEM, "%s: out of memory", what);
  memcpy(&h->t, t, t->struct_size);   /* fields past a shorter struct stay NULL */
  h->v1 = v1;
  h->slot = -1;
  snprintf(h->name, sizeof h->name, "%s", v1 ? v1->name : t->name);
  snprintf(h->version, sizeof h->version, "%s", t->version ? t->version : "");
  snprintf(h->origin, sizeof h->origin, "%s", origin);
  pthread_mutex_init(&h->mu, NULL);
  if (v1) {
    h->inst = (void *)v1;   /* the adapter's instance is the v1 table (never written) */
  } else if (h->t.create) {
    sf_status cst;
    sf_status_clear(&cst);
    sf_code rc = h->t.create(&h->inst, &cst);
    if (rc != SF_OK) {
      pthread_mutex_destroy(&h->mu);
      free(h);
      return sf_fail(st, rc == SF_UNSUPPORTED ? SF_UNSUPPORTED : SF_ERR_INVALID, "%s: %s: %s", what,
                     rc == SF_UNSUPPORTED ? "unavailable" : "create failed", cst.msg[0] ? cst.msg : sf_code_name(rc));
    }
  }
  sf_status qst;
  sf_status_clear(&qst);
  sf_code rc = h->t.query_caps(h->inst, &h->caps, &qst);
  if (rc == SF_OK && h->t.query_precision) rc = h->t.query_precision(h->inst, &h->prec, &qst);
  if (rc != SF_OK) {
    sf_fail(st, SF_ERR_INVALID, "%s: capability/precision query failed: %s", what, qst.msg[0] ? qst.msg : sf_code_name(rc));
    h->dl = NULL;
    sf_backend_close(h);
    return st ? st->code : SF_ERR_INVALID;
  }
  *out = h;
  return SF_OK;
}

sf_code sf_backend_wrap(const sf_backend_v2 *t, const char *origin, sf_backend_handle **out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_backend_wrap: NULL argument");
  return handle_make(t, NULL, t && t->name ? t->name : "backend", origin ? origin : "built-in", out, st);
}

sf_code sf_backend_wrap_v1(const sf_backend *b, const char *origin, sf_backend_handle **out, sf_status *st) {
  if (!b || !b->name) return sf_fail(st, SF_ERR_INVALID, "%s: v1 table without a name", origin);
  if (!b->sample) return sf_fail(st, SF_ERR_INVALID, "%s: v1 table without a sample entry", origin);
  return handle_make(&v1_adapter, b, b->name, origin, out, st);
}

void sf_backend_close(sf_backend_handle *h) {
  if (!h) return;
  sf_backend_view_release(h);
  if (!h->v1 && h->t.destroy) h->t.destroy(h->inst);
  pthread_mutex_destroy(&h->mu);
  if (h->dl) dlclose(h->dl);
  free(h);
}

/* ---- the loader --------------------------------------------------------------------------------- */

static sf_code check_elf(const char *path, sf_status *st) {
  struct stat sb;
  if (stat(path, &sb) != 0) return sf_fail(st, SF_ERR_IO, "%s: %s", path, strerror(errno));
  if (!S_ISREG(sb.st_mode)) return sf_fail(st, SF_ERR_IO, "%s: not a regular file", path);
  FILE *f = fopen(path, "rb");
  if (!f) return sf_fail(st, SF_ERR_IO, "%s: %s", path, strerror(errno));
  unsigned char hdr[18] = {0};
  size_t got = fread(hdr, 1, sizeof hdr, f);
  fclose(f);
  if (got < 4 || memcmp(hdr, "\177ELF", 4) != 0)
    return sf_fail(st, SF_ERR_INVALID, "%s: not an ELF shared object (byte 0: %02x %02x %02x %02x, expected 7f 45 4c 46)",
                   path, hdr[0], hdr[1], hdr[2], hdr[3]);
  if (got < sizeof hdr) return sf_fail(st, SF_ERR_INVALID, "%s: truncated ELF header (%zu bytes)", path, got);
  unsigned type = hdr[5] == 2 ? (unsigned)hdr[16] << 8 | hdr[17] : (unsigned)hdr[17] << 8 | hdr[16];
  if (type != 3)   /* ET_DYN */
    return sf_fail(st, SF_ERR_INVALID, "%s: ELF type %u at byte 16, not a shared object (ET_DYN = 3)", path, type);
  return SF_OK;
}

sf_code sf_backend_load(const char *path, sf_backend_handle **out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_backend_load: NULL argument");
  *out = NULL;
  if (!path || !*path) return sf_fail(st, SF_ERR_INVALID, "sf_backend_load: empty path");
  sf_code rc = check_elf(path, st);
  if (rc != SF_OK) return rc;
  void *dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!dl) {
    const char *e = dlerror();
    return sf_fail(st, SF_ERR_INVALID, "%s: dlopen failed: %s", path, e ? e : "unknown error");
  }
  char origin[SF_BACKEND_ORIGIN_MAX];
  void *sym = dlsym(dl, SF_BACKEND_V2_SYMBOL);
  if (sym) {
    const sf_backend_v2 *(*get)(void);
    memcpy(&get, &sym, sizeof get);   /* object pointer -> function pointer (POSIX dlsym idiom) */
    snprintf(origin, sizeof origin, "plug-in ABI v2: %s", path);
    rc = handle_make(get(), NULL, path, origin, out, st);
  } else if ((sym = dlsym(dl, SF_BACKEND_PLUGIN_SYMBOL)) != NULL) {
    const sf_backend *(*get)(void);
    memcpy(&get, &sym, sizeof get);
    snprintf(origin, sizeof origin, "plug-in ABI v1 (adapter: all sample capabilities, spec precision): %s", path);
    rc = sf_backend_wrap_v1(get(), origin, out, st);
  } else {
    rc = sf_fail(st, SF_ERR_INVALID, "%s: missing entry symbol: exports neither %s() (ABI v2) nor %s() (ABI v1)", path,
                 SF_BACKEND_V2_SYMBOL, SF_BACKEND_PLUGIN_SYMBOL);
  }
  if (rc != SF_OK) {
    dlclose(dl);
    return rc;
  }
  (*out)->dl = dl;
  return SF_OK;
}

/* ---- accessors and calls -------------------------------------------------------------------------- */

const char *sf_backend_name(const sf_backend_handle *h) { return h ? h->name : "?"; }
const char *sf_backend_version(const sf_backend_handle *h) { return h ? h->version : ""; }
const char *sf_backend_origin(const sf_backend_handle *h) { return h ? h->origin : ""; }
const sf_backend_caps *sf_backend_get_caps(const sf_backend_handle *h) { return h ? &h->caps : NULL; }
const sf_backend_precision *sf_backend_get_precision(const sf_backend_handle *h) { return h ? &h->prec : NULL; }

sf_code sf_backend_sample(sf_backend_handle *h, const sf_sample_batch *reqs, size_t n, sf_sample_out *outs, sf_status *st) {
  if (!h || (!reqs && n) || (!outs && n)) return sf_fail(st, SF_ERR_INVALID, "sf_backend_sample: NULL argument");
  for (size_t i = 0; i < n; i++) {
    memset(&outs[i], 0, sizeof outs[i]);
    sf_code rc = sf_sample_check(&reqs[i], st);
    if (rc != SF_OK) return rc;
  }
  if (h->t.thread_safe) return h->t.sample(h->inst, reqs, n, outs, st);
  pthread_mutex_lock(&h->mu);
  sf_code rc = h->t.sample(h->inst, reqs, n, outs, st);
  pthread_mutex_unlock(&h->mu);
  return rc;
}

sf_code sf_backend_call_unorm(sf_backend_handle *h, const sf_unorm_req *q, sf_unorm_out *o, sf_status *st) {
  if (!h->t.sample_unorm) return sf_fail(st, SF_UNSUPPORTED, "backend %s: no SAMPLE_UNORM entry", h->name);
  pthread_mutex_lock(&h->mu);
  sf_code rc = h->t.sample_unorm(h->inst, q, o, st);
  pthread_mutex_unlock(&h->mu);
  return rc;
}

sf_code sf_backend_call_avs(sf_backend_handle *h, const sf_avs_req *q, sf_avs_out *o, sf_status *st) {
  if (!h->t.avs) return sf_fail(st, SF_UNSUPPORTED, "backend %s: no AVS entry", h->name);
  pthread_mutex_lock(&h->mu);
  sf_code rc = h->t.avs(h->inst, q, o, st);
  pthread_mutex_unlock(&h->mu);
  return rc;
}
