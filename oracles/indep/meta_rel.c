/* oracles/indep/meta_rel.c — metamorphic relations on the reference sampler (include/samplefuzz/indep.h,
 * docs/oracles.md "Metamorphic relations"): helpers, the dispatcher, and the relations of
 * coordinates and LOD. Each relation derives batches (and, where it needs one, a surface) from a
 * case's batch, runs them on a backend and compares the results bit for bit; the derived values are
 * chosen so that the relation is exact under the precision model (docs/precision-model.md §2, §7):
 * coordinates on the 1/256 grid of power-of-two surfaces, LODs and biases multiples of 1/256.
 *   offset      D3D11.3 §7.18.7 / §22.4.15: an immediate texel offset k adds k texels to the address
 *   wrap_shift  §7.18.9 WRAP: a translation by the whole surface (u + 1, v - 1) changes nothing
 *   mirror      §7.18.9 MIRROR: u and -u (off the texel edges, point filter) and u + 2 read the same
 *   mip_same    §7.18.10: when every level holds the same finite constant, the LOD does not matter
 *               (up to the sign of a zero result)
 *   bias        §7.18.11: sample_b with bias b == sample_l at (the LOD query's unclamped LOD - the
 *               sampler bias + b), both adding the sampler bias */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/indep/meta_int.h"

static const char *const rel_names[SF_META_COUNT] = {"offset", "wrap_shift", "mirror", "mip_same", "bias",
                                                     "permute", "unused", "format", "cmp_compl", "extreme"};

const char *sf_meta_rel_name(unsigned rel) { return rel < SF_META_COUNT ? rel_names[rel] : "?"; }

void sf_meta_not_applied(sf_meta_outcome *m, const char *why) {
  m->applied = false;
  snprintf(m->why, sizeof m->why, "%s", why);
}

sf_code sf_meta_sample(const sf_backend *be, const sf_sample_batch *b, sf_sample_out *o, sf_status *st) {
  memset(o, 0, sizeof *o);
  return sf_sample(be ? be : sf_backend_scalar(), b, o, st);
}

bool sf_meta_same(const sf_sample_out *a, const sf_sample_out *b, uint32_t lanes, sf_meta_outcome *m) {
  for (unsigned l = 0; l < SF_MAX_LANES; l++) {
    if (!(lanes >> l & 1u)) continue;
    for (unsigned ch = 0; ch < 4; ch++)
      if (a->v[ch][l] != b->v[ch][l] || a->is_int != b->is_int) {
        m->failed = true;
        m->lane = l;
        m->ch = ch;
        m->a = a->v[ch][l];
        m->b = b->v[ch][l];
        return false;
      }
  }
  return true;
}

unsigned sf_meta_pow2(unsigned n) {
  unsigned p = 1;
  while (p * 2u <= n) p *= 2u;
  return p;
}

float sf_meta_grid(float f, unsigned n, int *m) {
  double d = (double)f;
  double k = isfinite(d) ? fmod(trunc(d * 256.0 * (double)n), 8192.0) : 0.0;
  if (k < 0.0) k += 8192.0;
  int mm = (int)k - 4096;
  *m = mm;
  return (float)mm / (256.0f * (float)n);   /* exact: n is a power of two */
}

sf_code sf_meta_surface(sf_surface **out, unsigned fmt, unsigned w, unsigned h, unsigned levels, const sf_surface *src,
                        sf_status *st) {
  sf_surface_desc d;
  memset(&d, 0, sizeof d);
  d.type = SF_SURF_2D;
  d.format = (uint8_t)fmt;
  d.width = w;
  d.height = h;
  d.depth = 1;
  d.layers = 1;
  d.levels = levels;
  sf_code rc = sf_surface_create(out, &d, st);
  if (rc != SF_OK) return rc;
  const sf_format_info *fi = sf_format_get(fmt);
  size_t tb = fi ? fi->bytes : 1u;
  size_t n = src && src->data ? src->size : 0;
  size_t k = 0;
  for (unsigned l = 0; l < levels; l++) {
    unsigned lw = w >> l ? w >> l : 1u, lh = h >> l ? h >> l : 1u;
    for (unsigned y = 0; y < lh; y++)
      for (unsigned x = 0; x < lw; x++) {
        uint8_t *t = sf_surface_texel(*out, l, 0, x, y);
        if (!t || n < tb) continue;
        if (k + tb > n) k = 0;
        memcpy(t, src->data + k, tb);
        k += tb;
      }
  }
  return SF_OK;
}

/* A derived 2D case on a power-of-two copy of b's surface: LOD zero, the given sampler. */
typedef struct meta2d {
  sf_surface *s;
  sf_sampler sp;
  sf_sample_batch q;
  unsigned w, h;
  int mu[SF_MAX_LANES], mv[SF_MAX_LANES];
} meta2d;

static sf_code meta2d_make(meta2d *d, const sf_sample_batch *b, unsigned levels, sf_meta_outcome *o, sf_status *st) {
  memset(d, 0, sizeof *d);
  const sf_format_info *fi = b->surf ? sf_format_get(b->surf->desc.format) : NULL;
  if (!fi || fi->cls == SF_FCLASS_YUV) {
    sf_meta_not_applied(o, "no surface, or NV12");
    return SF_OK;
  }
  d->w = sf_meta_pow2(b->surf->desc.width ? b->surf->desc.width : 1u);
  d->h = sf_meta_pow2(b->surf->desc.height ? b->surf->desc.height : 1u);
  if (levels > 1) {
    unsigned full = 1, m = d->w > d->h ? d->w : d->h;
    while (m > 1) m >>= 1, full++;
    levels = full;
  }
  sf_code rc = sf_meta_surface(&d->s, b->surf->desc.format, d->w, d->h, levels, b->surf, st);
  if (rc != SF_OK) return rc;
  d->sp = *b->samp;
  if (fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT) {
    d->sp.min_filter = d->sp.mag_filter = SF_FILTER_POINT;
    if (d->sp.mip_filter == SF_MIP_LINEAR) d->sp.mip_filter = SF_MIP_POINT;
  }
  memset(&d->q, 0, sizeof d->q);
  d->q.surf = d->s;
  d->q.samp = &d->sp;
  d->q.lod_mode = SF_LOD_ZERO;
  d->q.n = b->n > SF_MAX_LANES ? SF_MAX_LANES : b->n;
  d->q.lanes = b->lanes & (d->q.n >= 32 ? 0xffffffffu : (1u << d->q.n) - 1u);
  for (unsigned l = 0; l < d->q.n; l++) {
    d->q.u[l] = sf_meta_grid(b->u[l], d->w, &d->mu[l]);
    d->q.v[l] = sf_meta_grid(b->v[l], d->h, &d->mv[l]);
  }
  o->applied = true;
  return SF_OK;
}

/* Samples a and b and compares them bit for bit; with signless_zero, -0 and +0 compare equal. */
static sf_code run_pair_z(const sf_backend *be, const sf_sample_batch *a, const sf_sample_batch *b, sf_meta_outcome *o,
                          bool signless_zero, sf_status *st) {
  sf_sample_out oa, ob;
  sf_code rc = sf_meta_sample(be, a, &oa, st);
  if (rc == SF_OK) rc = sf_meta_sample(be, b, &ob, st);
  if (rc != SF_OK) {
    sf_meta_not_applied(o, "the reference refused a derived batch");
    return rc == SF_ERR_NOMEM ? rc : SF_OK;
  }
  if (signless_zero)
    for (unsigned l = 0; l < SF_MAX_LANES; l++)
      for (unsigned ch = 0; ch < 4; ch++) {
        if (!oa.is_int && oa.v[ch][l] == 0x80000000u) oa.v[ch][l] = 0;
        if (!ob.is_int && ob.v[ch][l] == 0x80000000u) ob.v[ch][l] = 0;
      }
  sf_meta_same(&oa, &ob, a->lanes, o);
  return SF_OK;
}

static sf_code run_pair(const sf_backend *be, const sf_sample_batch *a, const sf_sample_batch *b, sf_meta_outcome *o,
                        sf_status *st) {
  return run_pair_z(be, a, b, o, false, st);
}

static sf_code rel_offset(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  meta2d d;
  sf_code rc = meta2d_make(&d, b, 1, o, st);
  if (rc != SF_OK || !o->applied) return rc;
  sf_sample_batch q2 = d.q;
  for (unsigned l = 0; l < d.q.n; l++) {
    int ku = b->off_u[l], kv = b->off_v[l];
    if (ku == 0 && kv == 0) ku = 1 + (int)(l % 3u);
    d.q.off_u[l] = (int8_t)ku;
    d.q.off_v[l] = (int8_t)kv;
    q2.u[l] = (float)(d.mu[l] + 256 * ku) / (256.0f * (float)d.w);
    q2.v[l] = (float)(d.mv[l] + 256 * kv) / (256.0f * (float)d.h);
  }
  rc = run_pair(be, &d.q, &q2, o, st);
  sf_surface_free(d.s);
  return rc;
}

static sf_code rel_wrap(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  meta2d d;
  sf_code rc = meta2d_make(&d, b, 1, o, st);
  if (rc != SF_OK || !o->applied) return rc;
  d.sp.addr[0] = d.sp.addr[1] = d.sp.addr[2] = SF_ADDR_WRAP;
  sf_sample_batch q2 = d.q;
  for (unsigned l = 0; l < d.q.n; l++) {
    q2.u[l] = d.q.u[l] + 1.0f;   /* exact: |u| < 16 on a 1/(256 w) grid */
    q2.v[l] = d.q.v[l] - 1.0f;
  }
  rc = run_pair(be, &d.q, &q2, o, st);
  sf_surface_free(d.s);
  return rc;
}

static sf_code rel_mirror(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  meta2d d;
  sf_code rc = meta2d_make(&d, b, 1, o, st);
  if (rc != SF_OK || !o->applied) return rc;
  d.sp.addr[0] = d.sp.addr[1] = d.sp.addr[2] = SF_ADDR_MIRROR;
  d.sp.min_filter = d.sp.mag_filter = SF_FILTER_POINT;
  sf_sample_batch q2 = d.q, q3 = d.q;
  for (unsigned l = 0; l < d.q.n; l++) {
    /* off the texel edges (m not a multiple of 256): floor(-x) = -1 - floor(x), which MIRROR maps
     * back to floor(x) */
    int mu = d.mu[l] | 1, mv = d.mv[l] | 1;
    d.q.u[l] = (float)mu / (256.0f * (float)d.w);
    d.q.v[l] = (float)mv / (256.0f * (float)d.h);
    q2.u[l] = -d.q.u[l];
    q2.v[l] = -d.q.v[l];
    q3.u[l] = d.q.u[l] + 2.0f;
    q3.v[l] = d.q.v[l] - 2.0f;
  }
  rc = run_pair(be, &d.q, &q2, o, st);
  if (rc == SF_OK && o->applied && !o->failed) rc = run_pair(be, &d.q, &q3, o, st);
  sf_surface_free(d.s);
  return rc;
}

static sf_code rel_mip_same(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  meta2d d;
  sf_code rc = meta2d_make(&d, b, 2, o, st);
  if (rc != SF_OK || !o->applied) return rc;
  /* every texel of every level: the first texel of level 0 */
  uint8_t t0[16];
  const sf_format_info *fi = sf_format_get(d.s->desc.format);
  uint8_t *p0 = sf_surface_texel(d.s, 0, 0, 0, 0);
  if (p0 && fi) {
    memcpy(t0, p0, fi->bytes);
    /* An infinite or NaN texel makes the LOD matter: a filter weight of exactly 0 times infinity is
     * NaN, and which weights are 0 depends on the LOD. */
    uint32_t dec[4];
    sf_format_decode(d.s->desc.format, t0, dec);
    if (fi->cls == SF_FCLASS_FLOAT || fi->cls == SF_FCLASS_DEPTH)
      for (unsigned k = 0; k < 4; k++)
        if ((dec[k] & 0x7f800000u) == 0x7f800000u) {
          sf_surface_free(d.s);
          sf_meta_not_applied(o, "the constant texel is infinite or NaN");
          return SF_OK;
        }
    for (unsigned l = 0; l < d.s->desc.levels; l++)
      for (unsigned y = 0; y < d.s->levels[l].h; y++)
        for (unsigned x = 0; x < d.s->levels[l].w; x++) {
          uint8_t *t = sf_surface_texel(d.s, l, 0, x, y);
          if (t) memcpy(t, t0, fi->bytes);
        }
  }
  for (unsigned a = 0; a < 3; a++)
    if (d.sp.addr[a] == SF_ADDR_BORDER) d.sp.addr[a] = SF_ADDR_CLAMP;
  sf_sample_batch q2 = d.q;
  d.q.lod_mode = SF_LOD_EXPLICIT;
  q2.lod_mode = SF_LOD_GRAD;
  for (unsigned l = 0; l < d.q.n; l++) {
    float x = b->lod_or_bias[l];
    d.q.lod_or_bias[l] = isfinite(x) ? x : (float)l;
    q2.dudx[l] = b->dudx[l];
    q2.dvdy[l] = b->dvdy[l];
    q2.dudy[l] = b->dudy[l];
    q2.dvdx[l] = b->dvdx[l];
  }
  /* The sign of a zero result is left open: a level blend written a + t(b - a) turns -0 into +0
   * where a single level keeps -0. Zeros compare equal here. */
  rc = run_pair_z(be, &d.q, &q2, o, true, st);
  sf_surface_free(d.s);
  return rc;
}

static sf_code rel_bias(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  if (!b->surf || !b->samp) {
    sf_meta_not_applied(o, "no surface");
    return SF_OK;
  }
  sf_sample_batch qa = *b, qb = *b, qc = *b;
  qa.lod_mode = SF_LOD_GRAD;
  qa.lod_query = true;
  qa.compare = false;
  sf_sample_out oa;
  sf_code rc = sf_meta_sample(be, &qa, &oa, st);
  if (rc != SF_OK) {
    sf_meta_not_applied(o, "the reference refused the LOD query");
    return rc == SF_ERR_NOMEM ? rc : SF_OK;
  }
  qb.lod_mode = SF_LOD_GRAD_BIAS;
  qb.lod_query = false;
  qc.lod_mode = SF_LOD_EXPLICIT;
  qc.lod_query = false;
  for (unsigned l = 0; l < qa.n && l < SF_MAX_LANES; l++) {
    float bias = b->lod_or_bias[l];
    float beta = isfinite(bias) ? (float)((int)(fmodf(bias, 4.0f) * 4.0f)) / 4.0f : 0.25f;   /* j/4 in (-4, 4) */
    float g;
    memcpy(&g, &oa.v[1][l], 4);   /* the unclamped (biased) LOD: k/256 */
    qb.lod_or_bias[l] = beta;
    qc.lod_or_bias[l] = g - (float)b->samp->lod_bias / 256.0f + beta;   /* exact: multiples of 1/256, |x| < 64 */
  }
  o->applied = true;
  return run_pair(be, &qb, &qc, o, st);
}

sf_code sf_meta_run(const sf_backend *be, unsigned rel, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  if (!b || !o) return sf_fail(st, SF_ERR_INVALID, "meta: NULL argument");
  memset(o, 0, sizeof *o);
  switch (rel) {
    case SF_META_OFFSET: return rel_offset(be, b, o, st);
    case SF_META_WRAP_SHIFT: return rel_wrap(be, b, o, st);
    case SF_META_MIRROR: return rel_mirror(be, b, o, st);
    case SF_META_MIP_SAME: return rel_mip_same(be, b, o, st);
    case SF_META_BIAS: return rel_bias(be, b, o, st);
    case SF_META_PERMUTE: return sf_meta_rel_permute(be, b, o, st);
    case SF_META_UNUSED: return sf_meta_rel_unused(be, b, o, st);
    case SF_META_FORMAT: return sf_meta_rel_format(be, b, o, st);
    case SF_META_CMP_COMPL: return sf_meta_rel_cmp(be, b, o, st);
    case SF_META_EXTREME: return sf_meta_rel_extreme(be, b, o, st);
    default: return sf_fail(st, SF_ERR_INVALID, "meta: unknown relation %u", rel);
  }
}
