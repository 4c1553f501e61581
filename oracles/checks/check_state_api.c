/* check_state_api.c — the sampler's fixed-work contracts, once per process in the sampler targets:
 * `state_api` (the machine state's variable table keeps its contract, below), `surface_api`
 * (every texel of every surface type has its own bytes), `sampler_nulls` (a NULL argument is
 * refused) and `state_defaults` (sf_state_init and sf_sampler_default give their contracts), at the
 * end of the file. The texel conversions' checks are check_conversions.c's.
 *
 * `state_api`:
 *
 * Every case builds its state the same way (sf_state_init, one sf_state_add_var per variable,
 * sf_state_free), so the paths a case never takes are invisible to the sampler targets: a variable
 * re-declared with another size, a state filled again after sf_state_free, the caps and the bad
 * arguments of sf_state_add_var (include/samplefuzz/sampler.h). A library user takes them all.
 * This check walks those paths with fixed values and judges each result: a lookup that scans past
 * the live variables finds stale ones after a free, a re-declaration that does not zero its bytes
 * hands old data to the next instruction, a cap tested one off lets a 65th variable in. The work
 * is fixed, so it runs once per process, on the first input of a sampler target
 * (sf_check_state_api_once), and costs a few microseconds. */
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/sampler.h"

typedef struct {
  sf_verdict *v;
  bool ok;
} sapi;

static void finding(sapi *a, const char *what, const char *detail) {
  if (!a->ok) return;
  a->ok = false;
  sf_verdict_fail(a->v, "state_api", NULL, what);
  sf_verdict_key(a->v, "state_api %s", what);
  sf_verdict_dumpf(a->v, "%s: %s\n", what, detail);
}

/* Declares V<id> and fills its bytes with `fill`; a finding (named what) unless that succeeds with
 * `size` zero bytes first. */
static sf_var *declare_t(sapi *a, sf_state *s, uint32_t id, uint8_t type, uint32_t size, uint8_t fill, const char *what) {
  uint8_t *b = NULL;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_state_add_var(s, id, type, size, &b, &st);
  sf_var *v = sf_state_var(s, id);
  char d[SF_STATUS_MSG_MAX + 96];
  if (rc != SF_OK || !b || !v || v->bytes != b || v->size != size || v->id != id) {
    snprintf(d, sizeof d, "V%u (type %u) of %u bytes: %s (%s), storage %s, lookup %s", (unsigned)id, (unsigned)type, (unsigned)size,
             sf_code_name(rc), st.msg, b ? "given" : "not given", !v ? "finds nothing" : v->bytes != b ? "finds other storage" : "finds another size");
    finding(a, what, d);
    return NULL;
  }
  for (uint32_t i = 0; i < size; i++)
    if (b[i]) {
      snprintf(d, sizeof d, "V%u of %u bytes: byte %u is 0x%02x, not 0", (unsigned)id, (unsigned)size, (unsigned)i, b[i]);
      finding(a, what, d);
      return NULL;
    }
  memset(b, fill, size);
  return v;
}

static sf_var *declare(sapi *a, sf_state *s, uint32_t id, uint32_t size, uint8_t fill, const char *what) {
  return declare_t(a, s, id, SF_VT_UD, size, fill, what);
}

/* sf_state_add_var with a bad argument: want code `want`, no storage, and the table unchanged. */
static void refused(sapi *a, sf_state *s, uint32_t id, uint8_t type, uint32_t size, sf_code want, const char *what) {
  uint8_t *b = (uint8_t *)s; /* any non-NULL value: a refusal must set it to NULL */
  unsigned n = s->nvars;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_state_add_var(s, id, type, size, &b, &st);
  if (rc == want && !b && s->nvars == n) return;
  char d[SF_STATUS_MSG_MAX + 96];
  snprintf(d, sizeof d, "gave %s (%s), storage %s, %u variables before and %u after; want %s", sf_code_name(rc), st.msg,
           b ? "not NULL" : "NULL", n, s->nvars, sf_code_name(want));
  finding(a, what, d);
}

static void lookups_none(sapi *a, const sf_state *s, const uint32_t *ids, unsigned n, const char *what) {
  for (unsigned i = 0; i < n; i++)
    if (sf_state_var_c(s, ids[i])) {
      char d[96];
      snprintf(d, sizeof d, "V%u is found, %u variables live", (unsigned)ids[i], s->nvars);
      finding(a, what, d);
    }
}

bool sf_check_state_api(sf_verdict *v) {
  sapi a = {v, true};
  sf_state s;
  sf_state_init(&s);
  static const uint32_t ids[3] = {5, 6, 7};
  for (unsigned i = 0; i < 3; i++) declare(&a, &s, ids[i], 4u << i, (uint8_t)(0xA0 + i), "declare");
  if (a.ok && s.nvars != 3) finding(&a, "declare", "three variables declared, nvars is not 3");
  /* Re-declared: the same entry, the new size, zero bytes again. */
  sf_var *re = sf_state_var(&s, 6);
  if (a.ok && declare(&a, &s, 6, 16, 0xB6, "redeclare") != re) finding(&a, "redeclare", "V6 moved to another entry");
  if (a.ok && s.nvars != 3) finding(&a, "redeclare", "a re-declaration changed the number of variables");
  /* Bad arguments: nothing declared, the storage pointer cleared. */
  if (a.ok) refused(&a, &s, 0, SF_VT_UD, 4, SF_ERR_INVALID, "id 0");
  if (a.ok) refused(&a, &s, 8, SF_VT_BF + 1, 4, SF_ERR_INVALID, "type past BF");
  /* Every type up to BF has a size, and is declared (ids 40 on, freed below with the rest). */
  for (uint8_t t = 0; a.ok && t <= SF_VT_BF; t++) declare_t(&a, &s, 40u + t, t, 8, 0xE0, "every type");
  if (a.ok) refused(&a, &s, 8, SF_VT_UD, 0, SF_ERR_LIMIT, "size 0");
  if (a.ok) declare(&a, &s, 9, SF_VAR_MAX_BYTES, 0xE9, "size at the cap"); /* all its bytes written */
  if (a.ok) refused(&a, &s, 8, SF_VT_UD, SF_VAR_MAX_BYTES + 1, SF_ERR_LIMIT, "size past the cap");
  if (a.ok && !sf_state_var(&s, 6)) finding(&a, "size past the cap", "a refused declaration of V8 lost V6");
  if (a.ok && (sf_state_var(NULL, 6) || sf_state_var(&s, 0))) finding(&a, "lookup", "a NULL state or id 0 finds a variable");
  /* Freed: nothing is found; filled again, the first entry is used. */
  sf_state_free(&s);
  if (a.ok && s.nvars != 0) finding(&a, "free", "variables left after sf_state_free");
  if (a.ok) lookups_none(&a, &s, ids, 3, "free");
  sf_var *again = a.ok ? declare(&a, &s, 6, 8, 0xC6, "reuse") : NULL;
  if (a.ok && (again != &s.vars[0] || s.nvars != 1)) finding(&a, "reuse", "V6 declared after sf_state_free is not the one live variable");
  if (a.ok) lookups_none(&a, &s, (const uint32_t[]){5, 7}, 2, "reuse");
  /* The cap: SF_MAX_VARS variables, and one more refused. */
  for (uint32_t id = 100; a.ok && s.nvars < SF_MAX_VARS; id++) declare(&a, &s, id, 4, 0xD0, "cap");
  if (a.ok) refused(&a, &s, 99, SF_VT_UD, 4, SF_ERR_LIMIT, "variable past the cap");
  if (a.ok && (!sf_state_var(&s, 6) || !sf_state_var(&s, 100 + SF_MAX_VARS - 2)))
    finding(&a, "cap", "a variable of a full table is not found");
  sf_state_free(&s);
  return a.ok;
}

SF_CHECK_ONCE_FN(sf_check_state_api)

/* A small valid surface the check builds was not created: out of memory leaves the check nothing
 * to say (true); any other refusal is a finding of `check` (false). */
bool sf_check_surface_refused(sf_verdict *v, const char *check, const sf_status *st) {
  if (st->code == SF_ERR_NOMEM) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, check, NULL, "surface_refused");
  sf_verdict_key(v, "%s surface_refused %s", check, sf_code_name(st->code));
  sf_verdict_dumpf(v, "a valid surface the check needs was refused: %s\n", sf_status_format(st, msg, sizeof msg));
  return false;
}


/* `surface_api`: the surface descriptions sf_surface_create refuses (each with its code), the
 * store's documented layout (sa_layout, sa_nv12_layout), and texel addressing of every surface type
 * (surface.c). On a small surface of each type,
 * with mips, every (level, slice, x, y) the description allows has its own texel inside the
 * store: a distinct value written through sf_surface_texel into each reads back from each; one step
 * past the level count, the slice count (layers x 6 for cubes, the level's depth for 3D, computed
 * here from the description), the width or the height gives NULL and is refused by
 * sf_surface_store. A range test that takes one type's slice count for another's (a 2D array's
 * layer 1 out of range, a 3D level's slices counted as layers) reads or writes another texel, which
 * no sampling target can tell when every layer holds the same bytes. Once per process. */
static unsigned sa_mip(unsigned d, unsigned l) { return d >> l ? d >> l : 1; }

/* The store's layout is part of the API (sampler.h: levels in order, each level's slices, rows top
 * to bottom, packed; 4-byte texels here, every description below is R32_UINT), for the callers that
 * fill or upload the bytes themselves; computed here from the description alone. */
static bool sa_layout(const sf_surface *s, const sf_surface_desc *d, bool one_d, bool cube, char *detail, size_t dn) {
  /* the face and slice counts a caller walks the store by (sampler.h) */
  uint32_t faces = cube ? 6u : 1u, slices = d->type == SF_SURF_3D ? 1u : d->layers * faces;
  if (s->faces != faces || s->slices != slices) {
    snprintf(detail, dn, "type %u: %u faces, %u slices; want %u, %u", (unsigned)d->type, (unsigned)s->faces,
             (unsigned)s->slices, (unsigned)faces, (unsigned)slices);
    return false;
  }
  size_t off = 0, tiles = 0;
  for (unsigned l = 0; l < d->levels; l++) {
    const sf_level *lv = &s->levels[l];
    unsigned w = sa_mip(d->width, l), h = one_d ? 1 : sa_mip(d->height, l);
    unsigned dep = d->type == SF_SURF_3D ? sa_mip(d->depth, l) : 1;
    size_t ns = d->type == SF_SURF_3D ? dep : slices, row = (size_t)w * 4, slice = row * h;
    if (lv->w != w || lv->h != h || lv->d != dep || lv->offset != off || lv->row_pitch != row || lv->slice_pitch != slice) {
      snprintf(detail, dn, "type %u level %u: %ux%ux%u at byte %zu, pitches %zu/%zu; want %ux%ux%u at %zu, %zu/%zu", (unsigned)d->type,
               l, (unsigned)lv->w, (unsigned)lv->h, (unsigned)lv->d, lv->offset, lv->row_pitch, lv->slice_pitch, w, h, dep, off, row,
               slice);
      return false;
    }
    /* the null map's layout (sampler.h): each level's tiles of SF_NULL_TILE^2 texels, per slice, after
     * the previous levels' (every reader of a null page indexes the map by these fields alike) */
    size_t tx = (w + SF_NULL_TILE - 1) / SF_NULL_TILE, ty = (h + SF_NULL_TILE - 1) / SF_NULL_TILE;
    if (lv->tiles_x != tx || lv->tiles_y != ty || lv->null_offset != tiles) {
      snprintf(detail, dn, "type %u level %u: %zux%zu null tiles from map index %zu; want %zux%zu from %zu", (unsigned)d->type, l,
               (size_t)lv->tiles_x, (size_t)lv->tiles_y, lv->null_offset, tx, ty, tiles);
      return false;
    }
    off += slice * ns;
    tiles += tx * ty * ns;
  }
  if (s->size == off && s->null_size == tiles) return true;
  snprintf(detail, dn, "type %u: a store of %zu bytes and a null map of %zu tiles; its levels hold %zu and %zu", (unsigned)d->type,
           s->size, s->null_size, off, tiles);
  return false;
}

/* NV12 (sampler.h): the Y plane (w x h bytes, row pitch w) at byte 0, then the CbCr plane, (w/2) x
 * (h/2) pairs with row pitch w, and nothing after it. Every reader of the chroma (the scalar and
 * SIMD SAMPLE_UNORM paths, the independent model) takes its offset from the surface, so an offset
 * inside the Y plane reads luma as chroma alike everywhere; only the layout shows it. */
static bool sa_nv12_layout(char *detail, size_t dn) {
  const sf_surface_desc d = {SF_SURF_2D, SF_FMT_NV12, 6, 4, 1, 1, 1};
  sf_status st;
  sf_status_clear(&st);
  sf_surface *s = NULL;
  if (sf_surface_create(&s, &d, &st) != SF_OK || !s) {
    snprintf(detail, dn, "a 6x4 NV12 surface: %s", st.msg);
    return false;
  }
  bool ok = s->levels[0].offset == 0 && s->levels[0].row_pitch == 6 && s->nv12_uv_offset == 24 && s->size == 36;
  if (!ok)
    snprintf(detail, dn, "a 6x4 NV12 surface: Y at byte %zu pitch %zu, CbCr at %zu, %zu bytes; want 0, 6, 24, 36",
             s->levels[0].offset, s->levels[0].row_pitch, s->nv12_uv_offset, s->size);
  sf_surface_free(s);
  return ok;
}

bool sf_check_surface_api(sf_verdict *v) {
  static const sf_surface_desc ds[] = {
      {SF_SURF_1D, SF_FMT_R32_UINT, 5, 1, 1, 1, 3},       {SF_SURF_1D_ARRAY, SF_FMT_R32_UINT, 6, 1, 1, 2, 2},
      {SF_SURF_2D, SF_FMT_R32_UINT, 5, 3, 1, 1, 3},       {SF_SURF_2D_ARRAY, SF_FMT_R32_UINT, 4, 6, 1, 2, 3},
      {SF_SURF_3D, SF_FMT_R32_UINT, 4, 2, 5, 1, 3},       {SF_SURF_CUBE, SF_FMT_R32_UINT, 4, 4, 1, 1, 2},
      {SF_SURF_CUBE_ARRAY, SF_FMT_R32_UINT, 2, 2, 1, 2, 2}};
  const char *what = NULL;
  char detail[SF_STATUS_MSG_MAX + 160] = "";
  /* descriptions sf_surface_create must refuse (sampler.h: validated against the caps), and how */
  static const struct {
    sf_surface_desc d;
    sf_code want;
    const char *why;
  } bad[] = {
      {{SF_SURF_TYPE_COUNT, SF_FMT_R8_UNORM, 4, 4, 1, 1, 1}, SF_ERR_INVALID, "an unknown type"},
      {{SF_SURF_2D, SF_FMT_COUNT, 4, 4, 1, 1, 1}, SF_ERR_INVALID, "an unknown format"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 0, 4, 1, 1, 1}, SF_ERR_INVALID, "width 0"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 4, 0, 1, 1, 1}, SF_ERR_INVALID, "height 0"},
      {{SF_SURF_3D, SF_FMT_R8_UNORM, 4, 4, 0, 1, 1}, SF_ERR_INVALID, "depth 0"},
      {{SF_SURF_2D_ARRAY, SF_FMT_R8_UNORM, 4, 4, 1, 0, 1}, SF_ERR_INVALID, "no layer"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 4, 4, 1, 1, 0}, SF_ERR_INVALID, "no level"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, SF_SURF_MAX_DIM + 1, 1, 1, 1, 1}, SF_ERR_LIMIT, "a width past the cap"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 1, SF_SURF_MAX_DIM + 1, 1, 1, 1}, SF_ERR_LIMIT, "a height past the cap"},
      {{SF_SURF_3D, SF_FMT_R8_UNORM, 1, 1, SF_SURF_MAX_DIM + 1, 1, 1}, SF_ERR_LIMIT, "a depth past the cap"},
      {{SF_SURF_1D, SF_FMT_R8_UNORM, 4, 2, 1, 1, 1}, SF_ERR_INVALID, "a 1D surface of height 2"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 4, 4, 2, 1, 1}, SF_ERR_INVALID, "depth 2 on a 2D surface"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 4, 4, 1, 2, 1}, SF_ERR_INVALID, "layers on a 2D surface"},
      {{SF_SURF_CUBE, SF_FMT_R8_UNORM, 4, 2, 1, 1, 1}, SF_ERR_INVALID, "a cube that is not square"},
      {{SF_SURF_CUBE_ARRAY, SF_FMT_R8_UNORM, 2, 2, 1, SF_SURF_MAX_LAYERS / 6 + 1, 1}, SF_ERR_LIMIT, "cube faces past the layer cap"},
      {{SF_SURF_2D_ARRAY, SF_FMT_R8_UNORM, 1, 1, 1, SF_SURF_MAX_LAYERS + 1, 1}, SF_ERR_LIMIT, "a 2D array one layer past the cap"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 4, 4, 1, 1, 4}, SF_ERR_INVALID, "a level past the full chain"},
      {{SF_SURF_2D, SF_FMT_NV12, 5, 4, 1, 1, 1}, SF_ERR_INVALID, "an NV12 surface of odd width"},
      {{SF_SURF_2D_ARRAY, SF_FMT_NV12, 4, 4, 1, 2, 1}, SF_ERR_INVALID, "an NV12 array"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 4096, 2048, 1, 1, 1}, SF_ERR_LIMIT, "more texels than the cap"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0] && !what; i++) {
    sf_status st;
    sf_status_clear(&st);
    sf_surface *s = (sf_surface *)&bad[i]; /* any non-NULL value: a refusal must set it to NULL */
    sf_code rc = sf_surface_create(&s, &bad[i].d, &st);
    if (rc != bad[i].want || s != NULL) {
      what = "refusal";
      snprintf(detail, sizeof detail, "%s: %s%s (want %s)", bad[i].why, sf_code_name(rc), s ? ", surface returned" : "",
               sf_code_name(bad[i].want));
      if (rc == SF_OK) sf_surface_free(s);
    }
  }
  /* descriptions at the caps that sf_surface_create must take (a refusal of a valid surface is a
   * finding): the full chain of SF_SURF_MAX_LEVELS levels on the largest dimension of each type
   * that the texel cap leaves room for, a level 0 of exactly the texel cap, and arrays at the layer
   * cap */
  static const struct {
    sf_surface_desc d;
    const char *why;
  } good[] = {
      {{SF_SURF_1D, SF_FMT_R8_UNORM, SF_SURF_MAX_DIM, 1, 1, 1, SF_SURF_MAX_LEVELS}, "a 1D surface of the largest width, full chain"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 1, SF_SURF_MAX_DIM, 1, 1, SF_SURF_MAX_LEVELS}, "a 2D surface of the largest height, full chain"},
      {{SF_SURF_3D, SF_FMT_R8_UNORM, 1, 1, SF_SURF_MAX_DIM, 1, SF_SURF_MAX_LEVELS}, "a 3D surface of the largest depth, full chain"},
      {{SF_SURF_2D, SF_FMT_R8_UNORM, 2048, 2048, 1, 1, 1}, "a 2048x2048 level of exactly the texel cap"},
      {{SF_SURF_2D_ARRAY, SF_FMT_R8_UNORM, 1, 1, 1, SF_SURF_MAX_LAYERS, 1}, "a 2D array of exactly the layer cap"},
      {{SF_SURF_CUBE_ARRAY, SF_FMT_R8_UNORM, 1, 1, 1, SF_SURF_MAX_LAYERS / 6, 1}, "a cube array of the most cubes the layer cap holds"},
  };
  for (size_t i = 0; i < sizeof good / sizeof good[0] && !what; i++) {
    sf_status st;
    sf_status_clear(&st);
    sf_surface *s = NULL;
    if (sf_surface_create(&s, &good[i].d, &st) != SF_OK || !s) {
      what = "cap_refused";
      snprintf(detail, sizeof detail, "%s: %s", good[i].why, st.msg);
    }
    /* a level past a full chain, and far past it, has no texel: the level array ends there */
    static const unsigned beyond[2] = {SF_SURF_MAX_LEVELS, 255};
    float one[4] = {1, 1, 1, 1};
    for (unsigned e = 0; e < 2 && !what && good[i].d.levels == SF_SURF_MAX_LEVELS; e++) {
      sf_status_clear(&st);
      if (!sf_surface_texel(s, beyond[e], 0, 0, 0) && sf_surface_store(s, beyond[e], 0, 0, 0, one, &st) == SF_ERR_RANGE) continue;
      what = "past_range";
      snprintf(detail, sizeof detail, "%s: level %u (past its %u levels) is addressed", good[i].why, beyond[e], SF_SURF_MAX_LEVELS);
    }
    sf_surface_free(s);
  }
  if (!what && !sa_nv12_layout(detail, sizeof detail)) what = "layout";
  for (size_t i = 0; i < sizeof ds / sizeof ds[0] && !what; i++) {
    const sf_surface_desc *d = &ds[i];
    sf_status st;
    sf_status_clear(&st);
    sf_surface *s = NULL;
    if (sf_surface_create(&s, d, &st) != SF_OK || !s) {
      what = "create";
      snprintf(detail, sizeof detail, "type %u: %s", (unsigned)d->type, st.msg);
      break;
    }
    bool cube = d->type == SF_SURF_CUBE || d->type == SF_SURF_CUBE_ARRAY;
    bool one_d = d->type == SF_SURF_1D || d->type == SF_SURF_1D_ARRAY;
    if (!sa_layout(s, d, one_d, cube, detail, sizeof detail)) what = "layout";
    uint32_t k = 0;
    for (int pass = 0; pass < 2 && !what; pass++) {
      k = 0;
      for (unsigned l = 0; l < d->levels && !what; l++) {
        unsigned w = sa_mip(d->width, l), h = one_d ? 1 : sa_mip(d->height, l);
        unsigned ns = d->type == SF_SURF_3D ? sa_mip(d->depth, l) : d->layers * (cube ? 6u : 1u);
        for (unsigned z = 0; z < ns && !what; z++)
          for (unsigned y = 0; y < h && !what; y++)
            for (unsigned x = 0; x < w && !what; x++, k++) {
              uint8_t *t = sf_surface_texel(s, l, z, x, y);
              uint32_t got = 0;
              if (!t || t < s->data || t + 4 > s->data + s->size) what = "in_range";
              else if (pass == 0) memcpy(t, &k, 4);
              else if (memcpy(&got, t, 4), got != k) what = "distinct";
              if (what) snprintf(detail, sizeof detail, "type %u level %u slice %u (%u,%u)%s", (unsigned)d->type, l, z, x, y,
                                 t ? " shares its bytes with another texel" : " has no texel");
            }
        float one[4] = {1, 1, 1, 1};
        const unsigned past[4][4] = {{l, ns, 0, 0}, {l, 0, w, 0}, {l, 0, 0, h}, {d->levels, 0, 0, 0}};
        for (unsigned e = 0; e < 4 && !what && pass == 1; e++) {
          if (e == 3 && l + 1 != d->levels) continue;
          sf_status_clear(&st);
          if (sf_surface_texel(s, past[e][0], past[e][1], past[e][2], past[e][3]) ||
              sf_surface_store(s, past[e][0], past[e][1], past[e][2], past[e][3], one, &st) != SF_ERR_RANGE) {
            what = "past_range";
            snprintf(detail, sizeof detail, "type %u level %u slice %u (%u,%u) is one past the %s but is addressed",
                     (unsigned)d->type, past[e][0], past[e][1], past[e][2], past[e][3],
                     e == 0 ? "slices" : e == 1 ? "width" : e == 2 ? "height" : "levels");
          }
        }
      }
    }
    /* sf_surface_describe (what every failure dump of a surface prints) counts the null tiles:
     * none, then the one tile just made null, whose byte is 1 (sampler.h: what a backend reads) */
    char db[200];
    for (unsigned k2 = 0; k2 < 2 && !what; k2++) {
      sf_status_clear(&st);
      if (k2 && sf_surface_set_null(s, 0, 0, 0, 0, true, &st) != SF_OK) break;
      if (!strstr(sf_surface_describe(s, db, sizeof db), k2 ? "null_tiles=1" : "null_tiles=0") ||
          s->null_map[s->levels[0].null_offset] != k2) {
        what = "describe";
        snprintf(detail, sizeof detail, "type %u with %u null tiles (first byte %u) is described as \"%s\"", (unsigned)d->type,
                 k2, s->null_map[s->levels[0].null_offset], db);
      }
    }
    sf_surface_free(s);
  }
  /* the type names and address axes every report and manifest match uses, from the check's own
   * table, and "?" and no format for values past the last (a name table read one past its end) */
  static const char *const tn[SF_SURF_TYPE_COUNT] = {"1d", "1d_array", "2d", "2d_array", "3d", "cube", "cube_array"};
  static const unsigned axes[SF_SURF_TYPE_COUNT] = {1, 1, 2, 2, 3, 0, 0};
  for (unsigned t = 0; t <= SF_SURF_TYPE_COUNT + 1u && !what; t++) {
    const char *want = t < SF_SURF_TYPE_COUNT ? tn[t] : "?", *got = sf_surf_type_name(t);
    if (!got || strcmp(got, want) != 0 || (t < SF_SURF_TYPE_COUNT && sf_surf_type_wrap_axes(t) != axes[t])) {
      what = "names";
      snprintf(detail, sizeof detail, "surface type %u is named \"%s\" with %u address axes; want \"%s\"%s", t, got ? got : "(null)",
               sf_surf_type_wrap_axes(t), want, t < SF_SURF_TYPE_COUNT ? " and the axes of its kind" : "");
    }
  }
  if (!what && (sf_format_get(SF_FMT_COUNT) || sf_format_get(255u))) {
    what = "names";
    snprintf(detail, sizeof detail, "sf_format_get gives a format for a value past the last");
  }
  if (!what) return true;
  return sf_verdict_failf(v, "surface_api", what, "%s", detail);
}

SF_CHECK_ONCE_FN(sf_check_surface_api)

/* `sampler_nulls`: the sampler's public entry points refuse a NULL pointer argument with
 * SF_ERR_INVALID (sampler.h), as api_nulls asks of the codecs, but take a NULL backend as the
 * selected one, and the rect entry refuses a grid one block past its cap on either axis with
 * SF_ERR_LIMIT; and every listed backend's own entries (sample, sample_unorm, avs) refuse a NULL
 * request or output the same way; the void entries sampler.h lets take NULL (the frees, the
 * initializers) return without touching it. Each call passes exactly one NULL and
 * otherwise valid arguments (a one-block rect on a 16x4 RGBA8 surface, a valid sample batch, a
 * generated instruction and a state), so that a broken guard runs on into the work: a crash under
 * the sanitizers, or another code. No case passes NULL, so nothing else sees these guards. Once per
 * process. */
#define SF_MAX_BACKENDS_CHECKED 16u /* more than the built-in backends */

bool sf_check_sampler_nulls(sf_verdict *v) {
  sf_status st;
  sf_status_clear(&st);
  sf_surface *s = NULL;
  sf_surface_desc d = {SF_SURF_2D, SF_FMT_RGBA8_UNORM, 16, 4, 1, 1, 1};
  if (sf_surface_create(&s, &d, &st) != SF_OK) return sf_check_surface_refused(v, "sampler_nulls", &st);
  sf_sampler smp;
  sf_sampler_default(&smp);
  uint16_t plane[4][8 * 4];
  sf_unorm_rect_req q = {s, &smp, 0.1f, 0.2f, 0.5f, 0.5f, 1.0f / 16, 1.0f / 4, 1, 1};
  sf_unorm_rect_out o = {{plane[0], plane[1], plane[2], plane[3]}, 8};
  sf_sample_batch b;
  memset(&b, 0, sizeof b);
  b.surf = s, b.samp = &smp, b.n = 1, b.lanes = 1, b.lod_mode = SF_LOD_ZERO;
  static sf_sample_out out; /* 10 KiB: not on the stack */
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_UNORM;
  sf_state state;
  sf_state_init(&state);
  const char *what = NULL;
  sf_code rc = SF_OK;
  const sf_backend *be = sf_backend_scalar();
  sf_code want = SF_ERR_INVALID;
#define SN_CALL(name, expr)                                    \
  do {                                                        \
    if (!what) {                                              \
      sf_status_clear(&st);                                   \
      rc = (expr);                                            \
      if (rc != want) what = name;                            \
    }                                                         \
  } while (0)
  SN_CALL("sf_sample_unorm_rect(NULL request)", sf_sample_unorm_rect(be, NULL, &o, &st));
  SN_CALL("sf_sample_unorm_rect(NULL output)", sf_sample_unorm_rect(be, &q, NULL, &st));
  SN_CALL("sf_unorm_rect_by_blocks(NULL request)", sf_unorm_rect_by_blocks(NULL, NULL, &o, &st));
  SN_CALL("sf_unorm_rect_by_blocks(NULL output)", sf_unorm_rect_by_blocks(NULL, &q, NULL, &st));
  SN_CALL("sf_sample(NULL request)", sf_sample(be, NULL, &out, &st));
  SN_CALL("sf_sample(NULL output)", sf_sample(be, &b, NULL, &st));
  SN_CALL("sf_exec(NULL instruction)", sf_exec(NULL, &state, be, &st));
  SN_CALL("sf_exec(NULL state)", sf_exec(&in, NULL, be, &st));
  SN_CALL("sf_surface_create(NULL out)", sf_surface_create(NULL, &d, &st));
  sf_surface *t = NULL;
  SN_CALL("sf_surface_create(NULL description)", sf_surface_create(&t, NULL, &st));
  /* the fill: a NULL surface is left alone (no crash), a NULL pattern leaves the texels as they are */
  static const uint8_t pat[4] = {1, 2, 3, 4};
  sf_surface_fill(NULL, pat, sizeof pat);
  /* and the void entries that sampler.h says take NULL and do nothing (a crash is the finding) */
  sf_surface_free(NULL);
  sf_sampler_default(NULL);
  sf_state_init(NULL);
  sf_state_free(NULL);
  /* the descriptions with no buffer, or none of it to write in, give "" (sampler.h); a NULL
   * surface is "(unbound)", written over what the buffer held */
  char dbuf[4] = "xyz", ubuf[16] = "junk junk junk.";
  if (!what && (strcmp(sf_sampler_describe(&smp, NULL, 16), "") != 0 || strcmp(sf_surface_describe(s, NULL, 16), "") != 0 ||
                strcmp(sf_sampler_describe(&smp, dbuf, 0), "") != 0 || strcmp(sf_surface_describe(s, dbuf, 0), "") != 0 ||
                strcmp(dbuf, "xyz") != 0))
    what = "sf_sampler_describe / sf_surface_describe (no buffer)", rc = SF_OK;
  if (!what && strcmp(sf_surface_describe(NULL, ubuf, sizeof ubuf), "(unbound)") != 0)
    what = "sf_surface_describe (NULL surface: \"(unbound)\")", rc = SF_OK;
  if (!what) {
    memset(s->data, 0x5A, s->size);
    sf_surface_fill(s, NULL, sizeof pat);
    for (size_t i = 0; i < s->size && !what; i++)
      if (s->data[i] != 0x5A) what = "sf_surface_fill(NULL pattern)", rc = SF_OK;
  }
  /* a NULL backend is the selected one (sampler.h): the same valid calls succeed */
  want = SF_OK;
  SN_CALL("sf_sample(NULL backend: the selected one)", sf_sample(NULL, &b, &out, &st));
  SN_CALL("sf_sample_unorm_rect(NULL backend: the selected one)", sf_sample_unorm_rect(NULL, &q, &o, &st));
  /* and a rect one block past the cap on either axis, the other axis in it, is over the limit */
  want = SF_ERR_LIMIT;
  sf_unorm_rect_out none = {{NULL, NULL, NULL, NULL}, 8u * (SF_UNORM_RECT_MAX_BLOCKS + 1u)};
  sf_unorm_rect_req wide = q, tall = q;
  wide.blocks_x = SF_UNORM_RECT_MAX_BLOCKS + 1u;
  tall.blocks_y = SF_UNORM_RECT_MAX_BLOCKS + 1u;
  SN_CALL("sf_sample_unorm_rect(blocks_x past the cap)", sf_sample_unorm_rect(be, &wide, &none, &st));
  SN_CALL("sf_sample_unorm_rect(blocks_y past the cap)", sf_sample_unorm_rect(be, &tall, &none, &st));
  /* and a pitch one past its cap (a 1x1 grid, no plane wanted, so nothing is written); at the cap
   * it is done, through the dispatcher here and each listed backend's own entry below */
  sf_unorm_rect_req grid1 = q;
  sf_unorm_rect_out far = {{NULL, NULL, NULL, NULL}, SF_UNORM_RECT_MAX_PITCH + 1}, at_cap = far;
  at_cap.pitch = SF_UNORM_RECT_MAX_PITCH;
  SN_CALL("sf_sample_unorm_rect(pitch past the cap)", sf_sample_unorm_rect(be, &grid1, &far, &st));
  want = SF_OK;
  SN_CALL("sf_sample_unorm_rect(pitch at the cap)", sf_sample_unorm_rect(be, &grid1, &at_cap, &st));
  /* every listed backend's own entries refuse a NULL request or output, as the dispatcher does
   * (a SIMD entry forwards such a call to the scalar one, whose guard must hold) */
  want = SF_ERR_INVALID;
  const sf_backend *bes[SF_MAX_BACKENDS_CHECKED];
  unsigned nbe = sf_backend_list(bes, SF_MAX_BACKENDS_CHECKED);
  sf_unorm_req uq = {s, &smp, 0.1f, 0.2f, 1.0f / 16, 1.0f / 4};
  static sf_unorm_out uo;
  sf_avs_req aq;
  memset(&aq, 0, sizeof aq);
  aq.surf = s, aq.samp = &smp, aq.u = 0.1f, aq.v = 0.2f, aq.du = 1.0f / 16, aq.dv = 1.0f / 4, aq.w = 16, aq.h = 4;
  static sf_avs_out ao;
  static char entry[96];
  for (unsigned i = 0; i < nbe && i < SF_MAX_BACKENDS_CHECKED && !what; i++) {
    const sf_backend *e = bes[i];
#define SN_ENTRY(fn, args)                                          \
  do {                                                              \
    snprintf(entry, sizeof entry, "%s's %s(%s)", e->name, #fn, args); \
    SN_CALL(entry, e->fn);                                          \
  } while (0)
    if (e->sample) {
      SN_ENTRY(sample(NULL, &out, &st), "NULL request");
      SN_ENTRY(sample(&b, NULL, &st), "NULL output");
    }
    if (e->sample_unorm) {
      SN_ENTRY(sample_unorm(NULL, &uo, &st), "NULL request");
      SN_ENTRY(sample_unorm(&uq, NULL, &st), "NULL output");
    }
    if (e->avs) {
      SN_ENTRY(avs(NULL, &ao, &st), "NULL request");
      SN_ENTRY(avs(&aq, NULL, &st), "NULL output");
    }
    if (e->sample_unorm_rect) {
      want = SF_ERR_LIMIT;
      SN_ENTRY(sample_unorm_rect(&grid1, &far, &st), "pitch past the cap");
      want = SF_OK;
      SN_ENTRY(sample_unorm_rect(&grid1, &at_cap, &st), "pitch at the cap");
      want = SF_ERR_INVALID;
    }
#undef SN_ENTRY
  }
#undef SN_CALL
  /* sf_backend_list counts every backend and writes at most max of them: none through NULL, and
   * nothing past out[max - 1]; the first is the scalar one (the targets' reference), and each
   * listed backend is the one sf_backend_find gives for its name */
  if (!what) {
    const sf_backend *list[SF_MAX_BACKENDS_CHECKED + 1];
    unsigned all = sf_backend_list(NULL, 0), counted = sf_backend_list(NULL, SF_MAX_BACKENDS_CHECKED);
    for (unsigned i = 0; i <= SF_MAX_BACKENDS_CHECKED; i++) list[i] = (const sf_backend *)&list[i];
    unsigned one = sf_backend_list(list, 1);
    bool kept = true;
    for (unsigned i = 1; i <= SF_MAX_BACKENDS_CHECKED; i++) kept = kept && list[i] == (const sf_backend *)&list[i];
    const char *lost = NULL; /* a listed backend that sf_backend_find does not give for its name */
    for (unsigned i = 0; i < nbe && i < SF_MAX_BACKENDS_CHECKED && !lost; i++)
      if (sf_backend_find(bes[i]->name) != bes[i]) lost = bes[i]->name;
    bool scalar_first = nbe && bes[0] == sf_backend_scalar();
    bool counts_ok = all && counted == all && one == all && kept && list[0] != (const sf_backend *)&list[0];
    if (lost || !scalar_first || !counts_ok) {
      what = "sf_backend_list(out, max)";
      rc = SF_OK;
      want = SF_OK;
      if (!counts_ok)
        snprintf(st.msg, sizeof st.msg, "counts %u (NULL, 0), %u (NULL, %u), %u (out, 1); %s", all, counted, SF_MAX_BACKENDS_CHECKED,
                 one, kept ? "out[0] not written" : "wrote past out[0]");
      else
        snprintf(st.msg, sizeof st.msg, "%u backends listed, first '%s'; %s%s", nbe, nbe ? bes[0]->name : "",
                 lost ? "not found by name: " : "the first is not the scalar backend", lost ? lost : "");
    }
  }
  sf_surface_free(t);
  sf_state_free(&state);
  sf_surface_free(s);
  if (!what) return true;
  sf_verdict_fail(v, "sampler_nulls", NULL, what);
  sf_verdict_key(v, "sampler_nulls %s", what);
  if (!strncmp(what, "sf_surface_fill", 15))
    sf_verdict_dumpf(v, "%s changed the surface's texels\n", what);
  else
    sf_verdict_dumpf(v, "%s returned %s (%s); want %s\n", what, sf_code_name(rc), st.msg, sf_code_name(want));
  return false;
}

SF_CHECK_ONCE_FN(sf_check_sampler_nulls)

/* state_defaults: sf_state_init gives what its contract says (samplefuzz/sampler.h): everything
 * zero but grf_bytes 32, every dispatch lane and every D3D lane live; and so does
 * sf_sampler_default (its fields, and the nearest AVS tables). The cases set their own values, so
 * no run sees these defaults; the case language's defaults are these. Once per process. */
bool sf_check_state_defaults(sf_verdict *v) {
  static sf_state s; /* once per process: no other thread runs it */
  memset(&s, 0xA5, sizeof s);
  sf_state_init(&s);
  if (s.grf_bytes == 32 && s.dmask == 0xFFFFFFFFu && s.d3d.live == 0xF && s.nvars == 0 && !s.surfaces[0] &&
      !s.samplers[0] && !s.preds[0]) {
    /* and sf_sampler_default (sampler.h): the nearest AVS tables put 64 on the nearer centre tap */
    sf_sampler d;
    memset(&d, 0xA5, sizeof d);
    sf_sampler_default(&d);
    bool ok = d.min_filter == SF_FILTER_POINT && d.mag_filter == SF_FILTER_POINT && d.mip_filter == SF_MIP_NONE &&
              d.addr[0] == SF_ADDR_CLAMP && d.addr[1] == SF_ADDR_CLAMP && d.addr[2] == SF_ADDR_CLAMP && d.lod_bias == 0 &&
              d.min_lod == 0 && d.max_lod == 4095 && d.compare == SF_CMP_NEVER && !d.avs_shuffle && !d.avs_adaptive &&
              !d.avs_ief && !d.avs_8tap_all;
    for (unsigned k = 0; k < 4; k++) ok = ok && d.border[k] == 0.0f;
    /* and sf_sampler_describe (every failure dump's sampler line) gives each field its own value */
    char db[256];
    sf_sampler e = d;
    e.border[0] = 0.25f, e.border[1] = 0.5f, e.border[2] = 0.75f, e.border[3] = 1.0f;
    e.lod_bias = 3, e.min_lod = 1, e.max_lod = 7;
    sf_sampler_describe(&e, db, sizeof db);
    ok = ok && strstr(db, "border=(0.25,0.5,0.75,1) bias=3/256 lod=[1,7]/256");
    /* and names every value of every enumerated field by its own name (one past each table as
     * "?"), each field its own value, so that a dump's sampler line says what ran */
    static const char *const fn[] = {"point", "linear", "?"}, *const mn[] = {"none", "point", "linear", "?"};
    static const char *const an[] = {"wrap", "mirror", "clamp", "border", "mirror_once", "?"};
    static const char *const cn[] = {"never", "less", "equal", "less_equal", "greater", "not_equal", "greater_equal", "always", "?"};
    for (unsigned k = 0; k < 9 && ok; k++) {
      sf_sampler g = d;
      g.min_filter = (uint8_t)(k % 3), g.mag_filter = (uint8_t)((k + 1) % 3), g.mip_filter = (uint8_t)(k % 4);
      for (unsigned j = 0; j < 3; j++) g.addr[j] = (uint8_t)((k + j) % 6);
      g.compare = (uint8_t)k;
      char head[96], tail[24];
      int hn = snprintf(head, sizeof head, "min=%s mag=%s mip=%s addr=%s,%s,%s border=", fn[k % 3], fn[(k + 1) % 3],
                        mn[k % 4], an[k % 6], an[(k + 1) % 6], an[(k + 2) % 6]);
      int tn = snprintf(tail, sizeof tail, " cmp=%s", cn[k]);
      size_t dn = strlen(sf_sampler_describe(&g, db, sizeof db));
      ok = strncmp(db, head, (size_t)hn) == 0 && dn >= (size_t)tn && strcmp(db + dn - (size_t)tn, tail) == 0;
    }
    for (unsigned p = 0; p < SF_AVS_PHASES && ok; p++) {
      unsigned lt = p < SF_AVS_PHASES / 2 ? 3 : 4, ct = p < SF_AVS_PHASES / 2 ? 1 : 2;
      for (unsigned t = 0; t < SF_AVS_LUMA_TAPS; t++) ok = ok && d.avs_luma[p][t] == (t == lt ? 64 : 0);
      for (unsigned t = 0; t < SF_AVS_CHROMA_TAPS; t++) ok = ok && d.avs_chroma[p][t] == (t == ct ? 64 : 0);
      /* and sf_sampler_check reads every phase: phase p's luma, then its chroma, one tap off 64 in
       * sum, refused naming the phase */
      for (unsigned w = 0; w < 2 && ok; w++) {
        sf_sampler f = d;
        if (w) f.avs_chroma[p][0]++;
        else f.avs_luma[p][0]++;
        sf_status cs;
        sf_status_clear(&cs);
        char want[40];
        snprintf(want, sizeof want, "AVS phase %u taps", p);
        ok = sf_sampler_check(&f, &cs) == SF_ERR_INVALID && strstr(cs.msg, want);
      }
    }
    if (ok) return true;
    sf_verdict_fail(v, "state_defaults", NULL, "sampler");
    sf_verdict_key(v, "state_defaults sampler");
    char buf[256];
    sf_verdict_dumpf(v, "sf_sampler_default: %s (or its AVS tables are not the nearest ones, or sf_sampler_check "
                     "took one of its phases with a tap off 64 in sum; or the last description, of border "
                     "(0.25,0.5,0.75,1), bias 3, lod [1,7] or of the enumerated fields' values, is: %s)\n", sf_sampler_describe(&d, buf, sizeof buf), db);
    return false;
  }
  sf_verdict_fail(v, "state_defaults", NULL, "init");
  sf_verdict_key(v, "state_defaults");
  sf_verdict_dumpf(v, "sf_state_init: grf %u, dmask 0x%x, live 0x%x, %u variables\n", s.grf_bytes, (unsigned)s.dmask,
                   (unsigned)s.d3d.live, s.nvars);
  return false;
}

SF_CHECK_ONCE_FN(sf_check_state_defaults)
