/* oracles/sampler/backend_registry.c — backend ABI v2 (include/samplefuzz/backend.h): capability
 * sets, the registry (sf_backend_open: built-ins by name, providers, plug-ins by path) and the
 * executor's v1 view of a v2 handle (docs/backends.md).
 *
 * The v1 view: the executor calls a v1 table's entries without a context pointer, so a v2 handle
 * gets one of SF_VIEW_SLOTS fixed trampoline tables while it is open. The slot array and the
 * provider list are the registry's only mutable state, guarded by one mutex. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "oracles/sampler/backend_int.h"

/* ---- capabilities -------------------------------------------------------------------------------- */

void sf_backend_caps_all(sf_backend_caps *c) {
  memset(c, 0, sizeof *c);
  c->families = SF_BCAP_FAM_SAMPLE | SF_BCAP_FAM_UNORM | SF_BCAP_FAM_AVS;
  c->ops = SF_BCAP_OP_ALL;
  c->surf_types = (1u << SF_SURF_TYPE_COUNT) - 1u;
  c->formats = (1ull << SF_FMT_COUNT) - 1ull;
  c->filters = SF_BCAP_FILTER_ALL;
  c->addr_modes = (1u << SF_ADDR_COUNT) - 1u;
}

static const char *addr_name(unsigned a) {
  static const char *const n[] = {"wrap", "mirror", "clamp", "border", "mirror_once"};
  return a < SF_ADDR_COUNT ? n[a] : "?";
}

static bool deny(char *why, size_t n, const char *what, const char *val) {
  if (why && n) snprintf(why, n, "%s %s", what, val);
  return false;
}

bool sf_backend_caps_allow(const sf_backend_caps *c, const sf_sample_batch *b, char *why, size_t n) {
  static const char *const lod_ops[] = {"sample (gradients)", "sample_b (gradients + bias)", "sample_l (explicit LOD)",
                                        "sample_lz (LOD zero)"};
  if (why && n) why[0] = 0;
  if (!(c->families & SF_BCAP_FAM_SAMPLE)) return deny(why, n, "family", "sample");
  if (b->lod_mode <= SF_LOD_ZERO && !(c->ops & (1u << b->lod_mode))) return deny(why, n, "op", lod_ops[b->lod_mode]);
  if (b->compare && !(c->ops & SF_BCAP_OP_COMPARE)) return deny(why, n, "op", "compare");
  if (b->lod_query && !(c->ops & SF_BCAP_OP_LOD_QUERY)) return deny(why, n, "op", "lod query");
  if (!(c->ops & SF_BCAP_OP_OFFSETS))
    for (unsigned l = 0; l < b->n && l < SF_MAX_LANES; l++)
      if ((b->lanes >> l & 1u) && (b->off_u[l] || b->off_v[l] || b->off_r[l])) return deny(why, n, "op", "texel offsets");
  if (b->surf) {
    const sf_surface_desc *d = &b->surf->desc;
    const sf_format_info *fi = sf_format_get(d->format);
    if (d->type >= 32 || !(c->surf_types & (1u << d->type))) return deny(why, n, "surface type", sf_surf_type_name(d->type));
    if (d->format >= 64 || !(c->formats & (1ull << d->format))) return deny(why, n, "format", fi ? fi->name : "?");
    if (c->max_levels && d->levels > c->max_levels) return deny(why, n, "mip levels above", "the declared maximum");
  }
  if (b->samp) {
    const sf_sampler *s = b->samp;
    for (unsigned k = 0; k < 2; k++) {
      unsigned f = k ? s->mag_filter : s->min_filter;
      if (!(c->filters & (f == SF_FILTER_LINEAR ? SF_BCAP_FILTER_LINEAR : SF_BCAP_FILTER_POINT)))
        return deny(why, n, k ? "mag filter" : "min filter", f == SF_FILTER_LINEAR ? "linear" : "point");
    }
    static const unsigned mipbit[3] = {SF_BCAP_MIP_NONE, SF_BCAP_MIP_POINT, SF_BCAP_MIP_LINEAR};
    static const char *const mipname[3] = {"none", "point", "linear"};
    if (s->mip_filter < 3 && !(c->filters & mipbit[s->mip_filter])) return deny(why, n, "mip filter", mipname[s->mip_filter]);
    for (unsigned a = 0; a < 3; a++)
      if (s->addr[a] >= 32 || !(c->addr_modes & (1u << s->addr[a]))) return deny(why, n, "address mode", addr_name(s->addr[a]));
  }
  return true;
}

/* ---- registry ------------------------------------------------------------------------------------- */

#define SF_MAX_PROVIDERS 8u
#define SF_VIEW_SLOTS 16u

static pthread_mutex_t reg_mu = PTHREAD_MUTEX_INITIALIZER;
static sf_backend_provider providers[SF_MAX_PROVIDERS];
static unsigned nproviders;

static const char *const reference_names[] = {"scalar", "sse2", "avx2", "avx512"};

void sf_backend_provider_add(const sf_backend_provider *p) {
  if (!p || !p->name || !p->open) return;
  pthread_mutex_lock(&reg_mu);
  bool dup = false;
  for (unsigned i = 0; i < nproviders; i++) dup |= !strcmp(providers[i].name, p->name);
  if (!dup && nproviders < SF_MAX_PROVIDERS) providers[nproviders++] = *p;
  pthread_mutex_unlock(&reg_mu);
}

unsigned sf_backend_builtin_names(const char **out, unsigned max) {
  unsigned n = 0;
  for (unsigned i = 0; i < sizeof reference_names / sizeof reference_names[0]; i++, n++)
    if (out && n < max) out[n] = reference_names[i];
  pthread_mutex_lock(&reg_mu);
  for (unsigned i = 0; i < nproviders; i++, n++)
    if (out && n < max) out[n] = providers[i].name;
  pthread_mutex_unlock(&reg_mu);
  return n;
}

static bool is_path(const char *s) {
  size_t l = strlen(s);
  return strchr(s, '/') || (l > 3 && !strcmp(s + l - 3, ".so")) || strstr(s, ".so.");
}

sf_code sf_backend_open(const char *spec, sf_backend_handle **out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_backend_open: NULL argument");
  *out = NULL;
  if (!spec || !*spec) return sf_fail(st, SF_ERR_INVALID, "backend: empty name");
  if (is_path(spec)) return sf_backend_load(spec, out, st);
  for (unsigned i = 0; i < sizeof reference_names / sizeof reference_names[0]; i++) {
    if (strcmp(spec, reference_names[i])) continue;
    const sf_backend *b = sf_backend_find(spec);
    if (!b) {
#ifdef SF_X86
      return sf_fail(st, SF_UNSUPPORTED, "%s: unavailable: not supported by this CPU", spec);
#else
      return sf_fail(st, SF_UNSUPPORTED, "%s: unavailable: x86 only", spec);
#endif
    }
    return sf_backend_wrap_v1(b, "built-in reference", out, st);
  }
  sf_backend_provider p = {0};
  pthread_mutex_lock(&reg_mu);
  for (unsigned i = 0; i < nproviders; i++)
    if (!strcmp(providers[i].name, spec)) p = providers[i];
  pthread_mutex_unlock(&reg_mu);
  if (p.open) return p.open(out, st);
  return sf_fail(st, SF_UNSUPPORTED, "%s: unknown backend (built-ins: scalar sse2 avx2 avx512%s; a plug-in is a path to a .so)",
                 spec, nproviders ? " and the registered providers" : "");
}

/* ---- the v1 view -------------------------------------------------------------------------------------- */

static sf_backend_handle *slots[SF_VIEW_SLOTS];
static sf_backend views[SF_VIEW_SLOTS];

#define SF_VIEW_FNS(N)                                                                                             \
  static sf_code view_sample_##N(const sf_sample_batch *q, sf_sample_out *o, sf_status *st) {                      \
    return sf_backend_sample(slots[N], q, 1, o, st);                                                               \
  }                                                                                                                \
  static sf_code view_unorm_##N(const sf_unorm_req *q, sf_unorm_out *o, sf_status *st) {                           \
    return sf_backend_call_unorm(slots[N], q, o, st);                                                              \
  }                                                                                                                \
  static sf_code view_avs_##N(const sf_avs_req *q, sf_avs_out *o, sf_status *st) {                                 \
    return sf_backend_call_avs(slots[N], q, o, st);                                                                \
  }
SF_VIEW_FNS(0) SF_VIEW_FNS(1) SF_VIEW_FNS(2) SF_VIEW_FNS(3) SF_VIEW_FNS(4) SF_VIEW_FNS(5) SF_VIEW_FNS(6)
SF_VIEW_FNS(7) SF_VIEW_FNS(8) SF_VIEW_FNS(9) SF_VIEW_FNS(10) SF_VIEW_FNS(11) SF_VIEW_FNS(12) SF_VIEW_FNS(13)
SF_VIEW_FNS(14) SF_VIEW_FNS(15)

#define SF_VIEW_ROW(N) {view_sample_##N, view_unorm_##N, view_avs_##N}
static const struct {
  sf_code (*sample)(const sf_sample_batch *, sf_sample_out *, sf_status *);
  sf_code (*unorm)(const sf_unorm_req *, sf_unorm_out *, sf_status *);
  sf_code (*avs)(const sf_avs_req *, sf_avs_out *, sf_status *);
} view_fns[SF_VIEW_SLOTS] = {SF_VIEW_ROW(0),  SF_VIEW_ROW(1),  SF_VIEW_ROW(2),  SF_VIEW_ROW(3),
                             SF_VIEW_ROW(4),  SF_VIEW_ROW(5),  SF_VIEW_ROW(6),  SF_VIEW_ROW(7),
                             SF_VIEW_ROW(8),  SF_VIEW_ROW(9),  SF_VIEW_ROW(10), SF_VIEW_ROW(11),
                             SF_VIEW_ROW(12), SF_VIEW_ROW(13), SF_VIEW_ROW(14), SF_VIEW_ROW(15)};

const sf_backend *sf_backend_v1_view(sf_backend_handle *h) {
  if (!h) return NULL;
  if (h->v1) return h->v1;
  pthread_mutex_lock(&reg_mu);
  if (h->slot < 0)
    for (unsigned i = 0; i < SF_VIEW_SLOTS; i++)
      if (!slots[i]) {
        slots[i] = h;
        h->slot = (int)i;
        /* unorm/avs always set: a missing entry is SF_UNSUPPORTED, never the scalar fallback */
        views[i] = (sf_backend){h->name, view_fns[i].sample, view_fns[i].unorm, view_fns[i].avs, NULL};
        break;
      }
  const sf_backend *v = h->slot >= 0 ? &views[h->slot] : NULL;
  pthread_mutex_unlock(&reg_mu);
  return v;
}

void sf_backend_view_release(sf_backend_handle *h) {
  pthread_mutex_lock(&reg_mu);
  if (h->slot >= 0 && slots[h->slot] == h) slots[h->slot] = NULL;
  h->slot = -1;
  pthread_mutex_unlock(&reg_mu);
}
