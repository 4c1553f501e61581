/* mesa_xcheck.c — the reference sampler against Mesa llvmpipe / softpipe, every difference
 * classified (docs/precision-model.md rule 7 and §5).
 *
 * Case generation: configurations (surface type, format, size, mip chain, texels, sampler state,
 * op, constant texel offset) drawn from a splitmix64 stream, each with 64 lanes of coordinates,
 * LODs, biases, gradients or 2x2 implicit quads, array layers (with exact .5 ties), cube directions
 * (with exact major-axis ties) and compare references (with exact ties). Implicit quads use
 * coordinates on a 2^-12 grid so the quad differences the driver computes equal the gradients given
 * to the reference exactly (checked against the derivatives the driver reports).
 * Classification per lane (sf_xc_class): exact (<= 1e-5), else the verifier decides whether the
 * reference is allowed (if not: our bug), whether the oracle is allowed by the spec (spec-permitted),
 * or only with its documented quirks (oracle quirk), else unexplained. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/external.h"

#define SF_XC_LANES 128u           /* lanes per configuration */
#define SF_XC_BATCHES (SF_XC_LANES / 32u)
#define SF_XC_TOL 1e-5

typedef struct sf_xc_opdef {
  const char *name;
  uint8_t lod_mode;
  bool compare, lod_query, implicit;
} sf_xc_opdef;

static const sf_xc_opdef sf_xc_ops[SF_XC_NOPS] = {
    {"sample", SF_LOD_GRAD, false, false, true},
    {"sample_b", SF_LOD_GRAD_BIAS, false, false, true},
    {"sample_l", SF_LOD_EXPLICIT, false, false, false},
    {"sample_lz", SF_LOD_ZERO, false, false, false},
    {"sample_d", SF_LOD_GRAD, false, false, false},
    {"lod", SF_LOD_GRAD, false, true, true},
    {"sample_c", SF_LOD_GRAD, true, false, true},
    {"sample_b_c", SF_LOD_GRAD_BIAS, true, false, true},
    {"sample_l_c", SF_LOD_EXPLICIT, true, false, false},
    {"sample_c_lz", SF_LOD_ZERO, true, false, false},
    {"sample_d_c", SF_LOD_GRAD, true, false, false},
};

const char *sf_xc_op_name(unsigned op) { return op < SF_XC_NOPS ? sf_xc_ops[op].name : "?"; }

const char *sf_xc_class_name(sf_xc_class c) {
  static const char *const n[SF_XC_COUNT] = {"exact", "spec-permitted difference", "oracle quirk (modelled)", "our bug",
                                             "unexplained oracle difference", "verifier rejects agreement", "unchecked"};
  return (unsigned)c < SF_XC_COUNT ? n[c] : "?";
}

const char *sf_xc_filter_name(unsigned f) {
  static const char *const n[SF_XC_NFILTERS] = {
      "min point mag point mip none",   "min point mag point mip point",   "min point mag point mip linear",
      "min point mag linear mip none",  "min point mag linear mip point",  "min point mag linear mip linear",
      "min linear mag point mip none",  "min linear mag point mip point",  "min linear mag point mip linear",
      "min linear mag linear mip none", "min linear mag linear mip point", "min linear mag linear mip linear"};
  return f < SF_XC_NFILTERS ? n[f] : "?";
}

/* ---- deterministic stream ------------------------------------------------------------------- */

static uint64_t sf_xc_next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static unsigned sf_xc_pick(uint64_t *s, unsigned n) { return n ? (unsigned)(sf_xc_next(s) % n) : 0; }
static double sf_xc_unit(uint64_t *s) { return (double)(sf_xc_next(s) >> 11) * 0x1p-53; }
static float sf_xc_range(uint64_t *s, double lo, double hi) { return (float)(lo + (hi - lo) * sf_xc_unit(s)); }
static bool sf_xc_chance(uint64_t *s, unsigned pct) { return sf_xc_pick(s, 100) < pct; }
static float sf_xc_grid(float f) { return (float)(nearbyint((double)f * 4096.0) / 4096.0); }

/* ---- configuration -------------------------------------------------------------------------- */

typedef struct sf_xc_config {
  sf_surface *surf;
  sf_sampler samp;
  unsigned op;
  int off[3];
  sf_sample_batch b[SF_XC_BATCHES];
} sf_xc_config;

static const uint8_t sf_xc_color_formats[] = {
    SF_FMT_R8_UNORM,    SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_R8_SRGB, SF_FMT_RG8_SRGB,
    SF_FMT_RGBA8_SRGB,  SF_FMT_RGBA8_SNORM, SF_FMT_R16_UNORM, SF_FMT_RGBA16_UNORM, SF_FMT_R16F,
    SF_FMT_RGBA16F,     SF_FMT_R32F,      SF_FMT_RG32F,       SF_FMT_RGBA32F};

/* A border value that every path represents exactly for the format (so border lanes compare
 * exactly); out-of-range values test the clamp. */
static float sf_xc_border_value(uint64_t *s, const sf_format_info *fi) {
  switch (sf_xc_pick(s, 6)) {
    case 0: return 0.0f;
    case 1: return 1.0f;
    case 2: return fi->cls == SF_FCLASS_FLOAT || fi->cls == SF_FCLASS_DEPTH ? 1.5f : 1.25f;
    case 3: return -0.5f;
    default: break;
  }
  if (fi->cls == SF_FCLASS_SNORM) return (float)((int)sf_xc_pick(s, 255) - 127) / 127.0f;
  if (fi->cls == SF_FCLASS_FLOAT || fi->cls == SF_FCLASS_DEPTH) return (float)((int)sf_xc_pick(s, 512) - 256) / 128.0f;
  if (fi->bits == 16) return (float)sf_xc_pick(s, 65536) / 65535.0f;
  if (fi->cls == SF_FCLASS_SRGB) return 0.0f; /* sRGB snapping of arbitrary borders is covered by the verifier */
  return (float)sf_xc_pick(s, 256) / 255.0f;
}

/* The surface type cycles with the configuration index so every type is covered early. */
static sf_code sf_xc_make_surface(uint64_t *s, unsigned ci, bool compare, sf_surface **out, sf_status *st) {
  sf_surface_desc d;
  memset(&d, 0, sizeof d);
  static const uint8_t types_c[] = {SF_SURF_1D, SF_SURF_1D_ARRAY, SF_SURF_2D, SF_SURF_2D, SF_SURF_2D_ARRAY, SF_SURF_CUBE,
                                    SF_SURF_CUBE_ARRAY};
  static const uint8_t types[] = {SF_SURF_1D,       SF_SURF_1D_ARRAY, SF_SURF_2D,   SF_SURF_2D,        SF_SURF_2D,
                                  SF_SURF_2D_ARRAY, SF_SURF_3D,       SF_SURF_CUBE, SF_SURF_CUBE_ARRAY};
  d.type = compare ? types_c[ci % sizeof types_c] : types[ci % sizeof types];
  d.format = compare ? SF_FMT_D32F : sf_xc_color_formats[sf_xc_pick(s, sizeof sf_xc_color_formats)];
  static const uint32_t dims[] = {1, 2, 3, 4, 5, 7, 8, 12, 16, 17, 32};
  d.width = dims[sf_xc_pick(s, sizeof dims / sizeof dims[0])];
  d.height = dims[sf_xc_pick(s, sizeof dims / sizeof dims[0])];
  d.depth = 1;
  d.layers = 1;
  switch (d.type) {
    case SF_SURF_1D: d.height = 1; break;
    case SF_SURF_1D_ARRAY: d.height = 1; d.layers = 1 + sf_xc_pick(s, 5); break;
    case SF_SURF_2D_ARRAY: d.layers = 1 + sf_xc_pick(s, 5); break;
    case SF_SURF_3D: d.depth = 1 + sf_xc_pick(s, 8); if (d.width > 16) d.width = 16; if (d.height > 16) d.height = 16; break;
    case SF_SURF_CUBE: d.height = d.width; break;
    case SF_SURF_CUBE_ARRAY: d.height = d.width; d.layers = 1 + sf_xc_pick(s, 3); break;
    default: break;
  }
  uint32_t m = d.width > d.height ? d.width : d.height;
  if (d.type == SF_SURF_3D && d.depth > m) m = d.depth;
  unsigned full = 1;
  while ((m >> full) > 0) full++;
  d.levels = 1 + sf_xc_pick(s, full);
  sf_code rc = sf_surface_create(out, &d, st);
  if (rc != SF_OK) return rc;
  sf_surface *sf = *out;
  const sf_format_info *fi = sf_format_get(d.format);
  for (unsigned l = 0; l < d.levels; l++) {
    const sf_level *lv = &sf->levels[l];
    unsigned nz = d.type == SF_SURF_3D ? lv->d : sf->slices;
    for (unsigned z = 0; z < nz; z++)
      for (unsigned y = 0; y < lv->h; y++)
        for (unsigned x = 0; x < lv->w; x++) {
          if (fi->cls == SF_FCLASS_FLOAT || fi->cls == SF_FCLASS_DEPTH) {
            float v[4];
            for (int c = 0; c < 4; c++)
              v[c] = fi->cls == SF_FCLASS_DEPTH ? (float)sf_xc_pick(s, 9) / 8.0f : sf_xc_range(s, -2.0, 2.0);
            if (sf_surface_store(sf, l, z, x, y, v, st) != SF_OK) return st ? st->code : SF_ERR_STATE;
          } else {
            uint8_t *t = sf_surface_texel(sf, l, z, x, y);
            if (!t) return sf_fail(st, SF_ERR_STATE, "xcheck: texel (%u,%u,%u,%u) out of range", l, z, x, y);
            for (unsigned k = 0; k < fi->bytes; k++) t[k] = (uint8_t)sf_xc_next(s);
          }
        }
  }
  return SF_OK;
}

static void sf_xc_make_sampler(uint64_t *s, const sf_surface *surf, sf_sampler *sp) {
  sf_sampler_default(sp);
  const sf_format_info *fi = sf_format_get(surf->desc.format);
  sp->min_filter = (uint8_t)sf_xc_pick(s, 2);
  sp->mag_filter = (uint8_t)sf_xc_pick(s, 2);
  sp->mip_filter = (uint8_t)sf_xc_pick(s, 3);
  for (int a = 0; a < 3; a++) sp->addr[a] = (uint8_t)sf_xc_pick(s, SF_ADDR_COUNT);
  for (int c = 0; c < 4; c++) sp->border[c] = sf_xc_border_value(s, fi);
  sp->lod_bias = sf_xc_chance(s, 50) ? (int16_t)((int)sf_xc_pick(s, 1025) - 512) : 0;
  unsigned top = (surf->desc.levels) * 256u;
  sp->min_lod = sf_xc_chance(s, 30) ? (uint16_t)sf_xc_pick(s, top + 1) : 0;
  sp->max_lod = sf_xc_chance(s, 30) ? (uint16_t)(sp->min_lod + sf_xc_pick(s, top + 1)) : 4095;
  if (sp->max_lod > 4095) sp->max_lod = 4095;
  sp->compare = (uint8_t)sf_xc_pick(s, 8);
}

/* Fills lanes of the configuration's batches for its op. */
static void sf_xc_make_lanes(uint64_t *s, sf_xc_config *c) {
  const sf_xc_opdef *op = &sf_xc_ops[c->op];
  const sf_surface *surf = c->surf;
  unsigned t = surf->desc.type;
  bool cube = t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY;
  double levels = surf->desc.levels;
  double sz[3] = {surf->desc.width, surf->desc.height, surf->desc.depth};
  double wide = sf_xc_chance(s, 30) ? 3.0 : 0.25;
  for (unsigned bi = 0; bi < SF_XC_BATCHES; bi++) {
    sf_sample_batch *b = &c->b[bi];
    memset(b, 0, sizeof *b);
    b->surf = surf;
    b->samp = &c->samp;
    b->lod_mode = op->lod_mode;
    b->compare = op->compare;
    b->lod_query = op->lod_query;
    b->n = 32;
    b->lanes = 0xFFFFFFFFu;
    for (unsigned q = 0; q < 8; q++) {
      /* a base position and, for quads, derivatives */
      float p[3], dx[3] = {0, 0, 0}, dy[3] = {0, 0, 0};
      for (int a = 0; a < 3; a++) p[a] = sf_xc_range(s, -wide, 1.0 + wide);
      if (cube) {
        for (int a = 0; a < 3; a++) p[a] = sf_xc_range(s, -1.0, 1.0);
        if (sf_xc_chance(s, 25)) { /* exact major-axis tie */
          unsigned a0 = sf_xc_pick(s, 3), a1 = (a0 + 1 + sf_xc_pick(s, 2)) % 3;
          p[a1] = sf_xc_chance(s, 50) ? p[a0] : -p[a0];
          if (fabsf(p[a0]) < 0.5f) p[a0] = p[a1] = p[a0] < 0 ? -0.75f : 0.75f;
          unsigned a2 = 3 - a0 - a1;
          p[a2] = p[a2] * 0.5f;
        }
      }
      double lam = sf_xc_range(s, -2.0, levels + 1.0);
      for (int a = 0; a < 3; a++) {
        double scale = cube ? sz[0] / 2.0 : sz[a];
        dx[a] = (float)(ldexp(1.0, 0) * exp2(lam) / scale * sf_xc_range(s, -1.0, 1.0));
        dy[a] = (float)(exp2(lam) / scale * sf_xc_range(s, -1.0, 1.0));
      }
      if (op->implicit) {
        for (int a = 0; a < 3; a++) {
          p[a] = sf_xc_grid(p[a]);
          dx[a] = sf_xc_grid(dx[a]);
          dy[a] = sf_xc_grid(dy[a]);
        }
      }
      float layer = sf_xc_chance(s, 25) ? (float)sf_xc_pick(s, surf->desc.layers + 1) - 0.5f
                                        : sf_xc_range(s, -1.0, surf->desc.layers + 0.5);
      if (op->implicit) layer = sf_xc_grid(layer);
      for (unsigned k = 0; k < 4; k++) {
        unsigned i = q * 4 + k;
        float fx = op->implicit ? (float)(k & 1u) : 0.0f, fy = op->implicit ? (float)(k >> 1) : 0.0f;
        float crd[3];
        if (op->implicit) {
          for (int a = 0; a < 3; a++) crd[a] = p[a] + fx * dx[a] + fy * dy[a];
        } else {
          for (int a = 0; a < 3; a++) crd[a] = cube ? p[a] : sf_xc_range(s, -wide, 1.0 + wide);
          if (cube && k) /* fresh directions per lane, with ties sometimes */
            for (int a = 0; a < 3; a++) crd[a] = sf_xc_range(s, -1.0, 1.0);
        }
        b->u[i] = crd[0];
        b->v[i] = crd[1];
        b->r[i] = crd[2];
        if (t == SF_SURF_1D_ARRAY) b->v[i] = layer;
        if (t == SF_SURF_2D_ARRAY) b->r[i] = layer;
        if (t == SF_SURF_CUBE_ARRAY) b->ai[i] = layer;
        if (!op->implicit) {
          /* per-lane gradients / LOD / bias */
          double l2 = sf_xc_range(s, -2.0, levels + 1.0);
          for (int a = 0; a < 3; a++) {
            double scale = cube ? sz[0] / 2.0 : sz[a];
            dx[a] = (float)(exp2(l2) / scale * sf_xc_range(s, -1.0, 1.0));
            dy[a] = (float)(exp2(l2) / scale * sf_xc_range(s, -1.0, 1.0));
          }
        }
        b->dudx[i] = dx[0];
        b->dvdx[i] = dx[1];
        b->drdx[i] = dx[2];
        b->dudy[i] = dy[0];
        b->dvdy[i] = dy[1];
        b->drdy[i] = dy[2];
        if (op->lod_mode == SF_LOD_EXPLICIT) b->lod_or_bias[i] = sf_xc_range(s, -1.5, levels + 0.5);
        if (op->lod_mode == SF_LOD_GRAD_BIAS) b->lod_or_bias[i] = sf_xc_range(s, -2.0, 2.0);
        if (op->compare) {
          b->ref[i] = sf_xc_chance(s, 30) ? (float)sf_xc_pick(s, 9) / 8.0f : sf_xc_range(s, -0.1, 1.1);
        }
        b->off_u[i] = (int8_t)c->off[0];
        b->off_v[i] = (int8_t)c->off[1];
        b->off_r[i] = (int8_t)c->off[2];
      }
    }
  }
}

/* ---- classification -------------------------------------------------------------------------- */

static unsigned sf_xc_filter_index(const sf_sampler *sp) {
  return (unsigned)(sp->min_filter & 1u) * 6u + (unsigned)(sp->mag_filter & 1u) * 3u + (sp->mip_filter % 3u);
}

static void sf_xc_lane_vals(const sf_sample_out *o, unsigned lane, uint32_t v[4]) {
  for (int c = 0; c < 4; c++) v[c] = o->v[c][lane];
}

static double sf_xc_f(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static void sf_xc_repro(const sf_xcheck_opts *o, sf_xcheck_stats *s, const sf_xc_config *c, unsigned ci, unsigned bi,
                        unsigned lane, sf_xc_class cls, const uint32_t ref[4], const uint32_t ora[4],
                        const sf_verify_result *vr, const sf_verify_result *vm, const sf_verify_result *vq) {
  unsigned cap = o->max_repro ? o->max_repro : 16;
  if (!o->repro_dir || s->repro_written >= cap) return;
  char path[512];
  snprintf(path, sizeof path, "%s/xcheck-%s-%llx-%u-%u.txt", o->repro_dir, sf_mesa_driver_name(o->driver),
           (unsigned long long)o->seed, ci, bi * 32 + lane);
  FILE *f = fopen(path, "w");
  if (!f) return;
  s->repro_written++;
  const sf_sample_batch *b = &c->b[bi];
  char d1[256], d2[256];
  fprintf(f, "# samplefuzz xcheck reproducer (text; replay with: samplefuzz xcheck --oracle %s --seed %llu -n %u)\n",
          sf_mesa_driver_name(o->driver), (unsigned long long)o->seed, (ci + 1) * SF_XC_LANES);
  fprintf(f, "class: %s\nconfig: %u\nop: %s\nsurface: %s\nsampler: %s\noffset: %d %d %d\n", sf_xc_class_name(cls), ci,
          sf_xc_op_name(c->op), sf_surface_describe(c->surf, d1, sizeof d1), sf_sampler_describe(&c->samp, d2, sizeof d2),
          c->off[0], c->off[1], c->off[2]);
  fprintf(f, "lane: %u u=%a v=%a r=%a ai=%a ref=%a lod_or_bias=%a\n", lane, b->u[lane], b->v[lane], b->r[lane], b->ai[lane],
          b->ref[lane], b->lod_or_bias[lane]);
  fprintf(f, "grad: dx=(%a %a %a) dy=(%a %a %a)\n", b->dudx[lane], b->dvdx[lane], b->drdx[lane], b->dudy[lane],
          b->dvdy[lane], b->drdy[lane]);
  fprintf(f, "reference: %.9g %.9g %.9g %.9g\n", sf_xc_f(ref[0]), sf_xc_f(ref[1]), sf_xc_f(ref[2]), sf_xc_f(ref[3]));
  fprintf(f, "oracle:    %.9g %.9g %.9g %.9g\n", sf_xc_f(ora[0]), sf_xc_f(ora[1]), sf_xc_f(ora[2]), sf_xc_f(ora[3]));
  fprintf(f, "verify(reference, spec): %s: %s\n", sf_verify_kind_name(vr->kind), vr->why);
  if (vm) fprintf(f, "verify(oracle, spec): %s: %s\n", sf_verify_kind_name(vm->kind), vm->why);
  if (vq) fprintf(f, "verify(oracle, quirks): %s: %s\n", sf_verify_kind_name(vq->kind), vq->why);
  fprintf(f, "surface bytes (%zu):", c->surf->size);
  for (size_t i = 0; i < c->surf->size && i < 4096; i++) fprintf(f, "%s%02x", i % 32 ? "" : "\n", c->surf->data[i]);
  fprintf(f, "\n");
  fclose(f);
}

static void sf_xc_count(sf_xcheck_stats *s, const sf_xc_config *c, sf_xc_class cls) {
  s->lanes++;
  s->by_class[cls]++;
  s->by_op[c->op][cls]++;
  if (c->surf->desc.format < SF_FMT_COUNT) s->by_format[c->surf->desc.format][cls]++;
  s->by_filter[sf_xc_filter_index(&c->samp)][cls]++;
  if (c->surf->desc.type < SF_SURF_TYPE_COUNT) s->by_surf[c->surf->desc.type][cls]++;
}

static sf_code sf_xc_run_config(sf_mesa *m, const sf_xcheck_opts *o, sf_xcheck_stats *s, sf_xc_config *c, unsigned ci,
                                unsigned *logged, sf_status *st) {
  const sf_xc_opdef *op = &sf_xc_ops[c->op];
  sf_sample_out ref[SF_XC_BATCHES], ora[SF_XC_BATCHES];
  sf_mesa_derivs dv[SF_XC_BATCHES];
  for (unsigned bi = 0; bi < SF_XC_BATCHES; bi++) {
    sf_code rc = sf_sample(sf_backend_scalar(), &c->b[bi], &ref[bi], st);
    if (rc != SF_OK) return rc;
  }
  sf_code rc = sf_mesa_sample(m, c->b, SF_XC_BATCHES, op->implicit, ora, op->implicit ? dv : NULL, st);
  if (rc != SF_OK) return rc;
  sf_verify_params spec, quirk;
  sf_verify_params_spec(&spec);
  sf_verify_params_driver(&quirk, o->driver);
  spec.explicit_grads = quirk.explicit_grads = !op->implicit;
  unsigned nch = op->compare ? 1 : op->lod_query ? 2 : 4;
  FILE *log = (FILE *)o->log;
  unsigned maxlog = o->max_log ? o->max_log : 50;
  for (unsigned bi = 0; bi < SF_XC_BATCHES; bi++) {
    const sf_sample_batch *b = &c->b[bi];
    for (unsigned lane = 0; lane < b->n; lane++) {
      uint32_t rv[4], ov[4];
      sf_xc_lane_vals(&ref[bi], lane, rv);
      sf_xc_lane_vals(&ora[bi], lane, ov);
      bool dmis = false;
      if (op->implicit) {
        const float want_x[3] = {b->dudx[lane], b->dvdx[lane], b->drdx[lane]};
        const float want_y[3] = {b->dudy[lane], b->dvdy[lane], b->drdy[lane]};
        unsigned na = c->surf->desc.type == SF_SURF_1D || c->surf->desc.type == SF_SURF_1D_ARRAY ? 1
                      : c->surf->desc.type == SF_SURF_2D || c->surf->desc.type == SF_SURF_2D_ARRAY ? 2 : 3;
        for (unsigned a = 0; a < na; a++)
          if (dv[bi].dx[a][lane] != want_x[a] || dv[bi].dy[a][lane] != want_y[a]) dmis = true;
        if (dmis) s->derivs_mismatch++;
      }
      double diff = 0.0;
      for (unsigned k = 0; k < nch; k++) {
        double a = sf_xc_f(rv[k]), bb = sf_xc_f(ov[k]);
        if (isnan(a) && isnan(bb)) continue;
        double d = fabs(a - bb);
        if (isnan(d)) d = INFINITY;
        if (d > diff) diff = d;
      }
      if (isfinite(diff) && diff > s->max_diff) s->max_diff = diff;
      float mres[4];
      if (sf_driver_model_sample(o->driver, b, lane, !op->implicit, mres)) {
        s->model_lanes++;
        double md = 0.0;
        for (unsigned k = 0; k < nch; k++) {
          double dd = fabs((double)mres[k] - sf_xc_f(ov[k]));
          if (!(dd <= md)) md = dd; /* NaN counts as a miss */
        }
        if (md <= SF_XC_TOL) {
          s->model_exact++;
          if (diff > SF_XC_TOL) s->model_exact_nonexact++;
        }
      }
      sf_verify_result vr, vm, vq;
      sf_verify_kind kr = sf_verify_sample(b, lane, rv, &spec, &vr);
      sf_xc_class cls;
      bool have_m = false, have_q = false;
      if (diff <= SF_XC_TOL) {
        cls = kr == SF_VERIFY_REJECTED ? SF_XC_VERIFIER : SF_XC_EXACT;
      } else if (kr == SF_VERIFY_REJECTED) {
        cls = SF_XC_OURBUG;
      } else {
        sf_verify_kind km = sf_verify_sample(b, lane, ov, &spec, &vm);
        have_m = true;
        if (km == SF_VERIFY_ALLOWED && kr == SF_VERIFY_ALLOWED) {
          cls = SF_XC_SPEC;
          s->spec_diff[diff <= 1.0 / 255.0 ? 0 : diff <= 1.0 / 16.0 ? 1 : 2]++;
        } else {
          sf_verify_kind kq = sf_verify_sample(b, lane, ov, &quirk, &vq);
          have_q = true;
          if (kq == SF_VERIFY_ALLOWED && kr == SF_VERIFY_ALLOWED) {
            cls = SF_XC_QUIRK;
            /* Which quirk explains it: the first single bit that suffices on top of the spec. */
            bool single = false;
            for (unsigned qb = 0; qb < 16 && !single; qb++) {
              if (!(quirk.quirks & (1u << qb))) continue;
              sf_verify_params one = spec;
              one.quirks = 1u << qb;
              one.driver = o->driver;
              if (sf_verify_sample(b, lane, ov, &one, NULL) == SF_VERIFY_ALLOWED) {
                s->by_quirk[qb]++;
                single = true;
              }
            }
            if (!single) s->quirk_combined++;
          }
          else if (kr == SF_VERIFY_UNCHECKED || km == SF_VERIFY_UNCHECKED || kq == SF_VERIFY_UNCHECKED) cls = SF_XC_UNCHECKED;
          else cls = SF_XC_UNEXPLAINED;
        }
      }
      if (dmis && cls == SF_XC_EXACT) cls = SF_XC_EXACT; /* counted separately in derivs_mismatch */
      sf_xc_count(s, c, cls);
      if (cls != SF_XC_EXACT && log && *logged < maxlog) {
        (*logged)++;
        fprintf(log, "config %u %s %s %s lane %u: %s: ref (%.7g %.7g %.7g %.7g) oracle (%.7g %.7g %.7g %.7g) | ref: %s%s%s\n", ci,
                sf_xc_op_name(c->op), sf_surf_type_name(c->surf->desc.type), sf_format_get(c->surf->desc.format)->name,
                bi * 32 + lane, sf_xc_class_name(cls), sf_xc_f(rv[0]), sf_xc_f(rv[1]), sf_xc_f(rv[2]), sf_xc_f(rv[3]),
                sf_xc_f(ov[0]), sf_xc_f(ov[1]), sf_xc_f(ov[2]), sf_xc_f(ov[3]), vr.why,
                have_q ? " | oracle+quirks: " : have_m ? " | oracle: " : "", have_q ? vq.why : have_m ? vm.why : "");
      }
      if (cls == SF_XC_OURBUG || cls == SF_XC_UNEXPLAINED || cls == SF_XC_VERIFIER)
        sf_xc_repro(o, s, c, ci, bi, lane, cls, rv, ov, &vr, have_m ? &vm : NULL, have_q ? &vq : NULL);
    }
  }
  return SF_OK;
}

sf_code sf_xcheck_run(sf_mesa *m, const sf_xcheck_opts *o, sf_xcheck_stats *s, sf_status *st) {
  if (!m || !o || !s) return sf_fail(st, SF_ERR_INVALID, "xcheck: NULL argument");
  memset(s, 0, sizeof *s);
  if (o->n > 100000000u) return sf_fail(st, SF_ERR_LIMIT, "xcheck: %u lanes (max 100000000)", o->n);
  unsigned nconf = (o->n + SF_XC_LANES - 1) / SF_XC_LANES;
  unsigned logged = 0;
  for (unsigned ci = 0; ci < nconf; ci++) {
    uint64_t rs = o->seed ^ (0x5851f42d4c957f2dull * (ci + 1));
    sf_xc_next(&rs);
    sf_xc_config c;
    memset(&c, 0, sizeof c);
    bool compare = sf_xc_chance(&rs, 20);
    sf_code rc = sf_xc_make_surface(&rs, ci, compare, &c.surf, st);
    if (rc != SF_OK) return rc;
    sf_xc_make_sampler(&rs, c.surf, &c.samp);
    unsigned t = c.surf->desc.type;
    if (t != SF_SURF_CUBE && t != SF_SURF_CUBE_ARRAY && sf_xc_chance(&rs, 30))
      for (int a = 0; a < 3; a++) c.off[a] = (int)sf_xc_pick(&rs, 16) - 8;
    /* An op drawn uniformly among those GL can express for this configuration (offsets dropped
     * when they are what makes the op inexpressible). */
    unsigned cand[SF_XC_NOPS], ncand = 0;
    int keep[3] = {c.off[0], c.off[1], c.off[2]};
    bool ok = false;
    char why[160];
    for (unsigned opi = 0; opi < SF_XC_NOPS; opi++) {
      if (sf_xc_ops[opi].compare != compare) continue;
      c.op = opi;
      uint64_t ls = rs;
      sf_xc_make_lanes(&ls, &c);
      if (sf_mesa_supports(m, &c.b[0], sf_xc_ops[opi].implicit, why, sizeof why)) cand[ncand++] = opi;
    }
    if (ncand == 0 && (keep[0] || keep[1] || keep[2])) {
      memset(c.off, 0, sizeof c.off);
      for (unsigned opi = 0; opi < SF_XC_NOPS; opi++) {
        if (sf_xc_ops[opi].compare != compare) continue;
        c.op = opi;
        uint64_t ls = rs;
        sf_xc_make_lanes(&ls, &c);
        if (sf_mesa_supports(m, &c.b[0], sf_xc_ops[opi].implicit, why, sizeof why)) cand[ncand++] = opi;
      }
    }
    if (ncand) {
      c.op = cand[sf_xc_pick(&rs, ncand)];
      sf_xc_make_lanes(&rs, &c);
      ok = true;
    }
    if (!ok) {
      s->skipped_configs++;
      sf_surface_free(c.surf);
      continue;
    }
    s->configs++;
    rc = sf_xc_run_config(m, o, s, &c, ci, &logged, st);
    sf_surface_free(c.surf);
    if (rc != SF_OK) return rc;
  }
  return SF_OK;
}

bool sf_xcheck_failed(const sf_xcheck_stats *s) {
  return !s || s->by_class[SF_XC_OURBUG] || s->by_class[SF_XC_UNEXPLAINED] || s->by_class[SF_XC_VERIFIER] ||
         s->derivs_mismatch;
}

static void sf_xc_row(FILE *f, const char *name, const uint64_t c[SF_XC_COUNT]) {
  uint64_t tot = 0;
  for (unsigned k = 0; k < SF_XC_COUNT; k++) tot += c[k];
  if (!tot) return;
  fprintf(f, "  %-34s %7llu", name, (unsigned long long)tot);
  for (unsigned k = 0; k < SF_XC_COUNT; k++) fprintf(f, " %8llu", (unsigned long long)c[k]);
  fprintf(f, "\n");
}

static void sf_xc_head(FILE *f, const char *what) {
  fprintf(f, "\n  %-34s %7s %8s %8s %8s %8s %8s %8s %8s\n", what, "lanes", "exact", "spec", "quirk", "ourbug", "unexpl",
          "verifier", "unchkd");
}

void sf_xcheck_print(const sf_xcheck_stats *s, void *fp) {
  FILE *f = (FILE *)fp;
  if (!s || !f) return;
  fprintf(f, "lanes %llu in %llu configurations (%llu configurations not expressible in GL, skipped)\n",
          (unsigned long long)s->lanes, (unsigned long long)s->configs, (unsigned long long)s->skipped_configs);
  for (unsigned k = 0; k < SF_XC_COUNT; k++)
    fprintf(f, "  %-32s %llu\n", sf_xc_class_name((sf_xc_class)k), (unsigned long long)s->by_class[k]);
  fprintf(f, "  implicit-derivative mismatches   %llu\n  largest |reference - oracle|     %.6g\n",
          (unsigned long long)s->derivs_mismatch, s->max_diff);
  fprintf(f, "  driver float model: %llu lanes modelled, %llu equal the oracle within 1e-5 (%llu of them where the reference differs)\n",
          (unsigned long long)s->model_lanes, (unsigned long long)s->model_exact, (unsigned long long)s->model_exact_nonexact);
  fprintf(f, "  spec-permitted lanes by difference: <= 1/255: %llu, <= 1/16: %llu, larger: %llu\n",
          (unsigned long long)s->spec_diff[0], (unsigned long long)s->spec_diff[1], (unsigned long long)s->spec_diff[2]);
  fprintf(f, "  oracle-quirk lanes by the quirk that explains them:\n");
  for (unsigned q = 0; q < 16; q++)
    if (s->by_quirk[q]) fprintf(f, "    %-22s %8llu   %s\n", sf_driver_quirk_name(1u << q), (unsigned long long)s->by_quirk[q],
                                sf_driver_quirk_source(1u << q));
  if (s->quirk_combined) fprintf(f, "    %-22s %8llu\n", "(several together)", (unsigned long long)s->quirk_combined);
  sf_xc_head(f, "op");
  for (unsigned i = 0; i < SF_XC_NOPS; i++) sf_xc_row(f, sf_xc_op_name(i), s->by_op[i]);
  sf_xc_head(f, "format");
  for (unsigned i = 0; i < SF_FMT_COUNT; i++) {
    const sf_format_info *fi = sf_format_get(i);
    if (fi) sf_xc_row(f, fi->name, s->by_format[i]);
  }
  sf_xc_head(f, "filter");
  for (unsigned i = 0; i < SF_XC_NFILTERS; i++) sf_xc_row(f, sf_xc_filter_name(i), s->by_filter[i]);
  sf_xc_head(f, "surface");
  for (unsigned i = 0; i < SF_SURF_TYPE_COUNT; i++) sf_xc_row(f, sf_surf_type_name(i), s->by_surf[i]);
}
