/* oracles/sampler/state.c — sampler state (the Intel SAMPLER_STATE fields that matter: filters,
 * TCX/TCY/TCZ address modes, border colour, s4.8 bias, u4.8 min/max LOD, shadow function, the AVS
 * 8x8 coefficient tables and switches; docs/precision-model.md) and the machine
 * state (vISA variables, predicates, dispatch mask; the D3D quad registers). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/sampler/sampler_int.h"

void sf_sampler_default(sf_sampler *s) {
  if (!s) return;
  memset(s, 0, sizeof *s);
  s->addr[0] = s->addr[1] = s->addr[2] = SF_ADDR_CLAMP;
  s->max_lod = 4095;
  /* "nearest" AVS tables: all weight on the nearer of the two centre taps */
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    s->avs_luma[p][p < SF_AVS_PHASES / 2 ? 3 : 4] = 64;
    s->avs_chroma[p][p < SF_AVS_PHASES / 2 ? 1 : 2] = 64;
  }
}

sf_code sf_sampler_check(const sf_sampler *s, sf_status *st) {
  if (!s) return sf_fail(st, SF_ERR_STATE, "sampler: no sampler state");
  if (s->min_filter > SF_FILTER_LINEAR || s->mag_filter > SF_FILTER_LINEAR)
    return sf_fail(st, SF_ERR_INVALID, "sampler: min/mag filter %u/%u (0 point, 1 linear)", s->min_filter, s->mag_filter);
  if (s->mip_filter > SF_MIP_LINEAR) return sf_fail(st, SF_ERR_INVALID, "sampler: mip filter %u (0 none, 1 point, 2 linear)", s->mip_filter);
  for (int a = 0; a < 3; a++)
    if (s->addr[a] >= SF_ADDR_COUNT) return sf_fail(st, SF_ERR_INVALID, "sampler: address mode %c = %u", "UVW"[a], s->addr[a]);
  if (s->lod_bias < -4096 || s->lod_bias > 4095) return sf_fail(st, SF_ERR_INVALID, "sampler: lod_bias %d outside s4.8", s->lod_bias);
  if (s->min_lod > 4095 || s->max_lod > 4095)
    return sf_fail(st, SF_ERR_INVALID, "sampler: min/max LOD %u/%u outside u4.8", s->min_lod, s->max_lod);
  if (s->compare > SF_CMP_ALWAYS) return sf_fail(st, SF_ERR_INVALID, "sampler: compare function %u", s->compare);
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    int sl = 0, sc = 0;
    for (unsigned t = 0; t < SF_AVS_LUMA_TAPS; t++) sl += s->avs_luma[p][t];
    for (unsigned t = 0; t < SF_AVS_CHROMA_TAPS; t++) sc += s->avs_chroma[p][t];
    if (sl != 64 || sc != 64)
      return sf_fail(st, SF_ERR_INVALID, "sampler: AVS phase %u taps sum to %d (luma) / %d (chroma), must be 64", p, sl, sc);
  }
  return SF_OK;
}

const char *const sf_filter_names[SF_FILTER_LINEAR + 1] = {"point", "linear"};
const char *const sf_mip_names[SF_MIP_LINEAR + 1] = {"none", "point", "linear"};
const char *const sf_addr_names[SF_ADDR_COUNT] = {"wrap", "mirror", "clamp", "border", "mirror_once"};
const char *const sf_cmp_names[SF_CMP_ALWAYS + 1] = {"never", "less", "equal", "less_equal", "greater", "not_equal", "greater_equal", "always"};

const char *sf_sampler_describe(const sf_sampler *s, char *buf, size_t n) {
  const char *const *fl = sf_filter_names, *const *mf = sf_mip_names, *const *am = sf_addr_names, *const *cf = sf_cmp_names;
  const unsigned fl_n = SF_FILTER_LINEAR + 1, mf_n = SF_MIP_LINEAR + 1, am_n = SF_ADDR_COUNT, cf_n = SF_CMP_ALWAYS + 1;
  if (!buf || n == 0) return "";
  if (!s) {
    snprintf(buf, n, "(unbound)");
    return buf;
  }
#define SF_NAME(t, v) ((unsigned)(v) < t##_n ? t[v] : "?")
  snprintf(buf, n, "min=%s mag=%s mip=%s addr=%s,%s,%s border=(%g,%g,%g,%g) bias=%d/256 lod=[%u,%u]/256 cmp=%s%s%s%s",
           SF_NAME(fl, s->min_filter), SF_NAME(fl, s->mag_filter), SF_NAME(mf, s->mip_filter), SF_NAME(am, s->addr[0]),
           SF_NAME(am, s->addr[1]), SF_NAME(am, s->addr[2]), (double)s->border[0], (double)s->border[1],
           (double)s->border[2], (double)s->border[3], s->lod_bias, s->min_lod, s->max_lod, SF_NAME(cf, s->compare),
           s->avs_shuffle ? " avs_shuffle" : "", s->avs_adaptive ? " avs_adaptive" : "", s->avs_ief ? " avs_ief" : "");
#undef SF_NAME
  return buf;
}

void sf_state_init(sf_state *st) {
  if (!st) return;
  memset(st, 0, sizeof *st);
  st->grf_bytes = 32;
  st->dmask = 0xffffffffu;
  st->d3d.live = 0xf;
}

void sf_state_free(sf_state *st) {
  if (!st) return;
  for (unsigned i = 0; i < st->nvars && i < SF_MAX_VARS; i++) {
    free(st->vars[i].bytes);
    st->vars[i].bytes = NULL;
  }
  st->nvars = 0;
}

sf_var *sf_state_var(sf_state *st, uint32_t id) {
  if (!st || id == 0) return NULL;
  for (unsigned i = 0; i < st->nvars && i < SF_MAX_VARS; i++)
    if (st->vars[i].id == id) return &st->vars[i];
  return NULL;
}

const sf_var *sf_state_var_c(const sf_state *st, uint32_t id) { return sf_state_var((sf_state *)st, id); }

sf_code sf_state_add_var(sf_state *st, uint32_t id, uint8_t type, uint32_t size, uint8_t **bytes, sf_status *status) {
  if (bytes) *bytes = NULL;
  if (!st) return sf_fail(status, SF_ERR_INVALID, "state: NULL");
  if (id == 0) return sf_fail(status, SF_ERR_INVALID, "state: variable id 0 is %%null");
  if (type > SF_VT_BF) return sf_fail(status, SF_ERR_INVALID, "state: variable type %u", type);   /* every type up to BF has a size */
  if (size == 0 || size > SF_VAR_MAX_BYTES)
    return sf_fail(status, SF_ERR_LIMIT, "state: variable V%u of %u bytes (1..%u)", id, size, SF_VAR_MAX_BYTES);
  sf_var *v = sf_state_var(st, id);
  if (!v) {
    if (st->nvars >= SF_MAX_VARS) return sf_fail(status, SF_ERR_LIMIT, "state: more than %u variables", SF_MAX_VARS);
    v = &st->vars[st->nvars];
    memset(v, 0, sizeof *v);
    v->id = id;
  }
  uint8_t *b = calloc(size, 1);
  if (!b) return sf_fail(status, SF_ERR_NOMEM, "state: out of memory");
  if (v == &st->vars[st->nvars]) st->nvars++;
  free(v->bytes);
  v->bytes = b;
  v->size = size;
  v->type = type;
  if (bytes) *bytes = b;
  return SF_OK;
}
