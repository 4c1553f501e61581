/* oracles/indep/meta_rel2.c — metamorphic relations on the reference sampler, second part
 * (docs/oracles.md "Metamorphic relations"):
 *   permute    lanes are independent (D3D11.3 §7.18: each request is sampled on its own): reversing
 *              the lanes of a batch reverses its results
 *   unused     components the surface type does not address (§22.4.15 "Array Resources": 1D reads u,
 *              1D array u + array index v, 2D u, v, 2D array u, v + index r, 3D u, v, r), the
 *              comparison reference without comparison, the bias/LOD operand of the gradient and
 *              LOD-zero modes, the gradients of the explicit and LOD-zero modes, and the offsets of
 *              axes that are not addressed do not change the result
 *   format     formats holding the same values sample alike (§3.2.3): UNORM8 v == UNORM16 v·257 ==
 *              float32 v/255; UNORM16 v == float32 v/65535; SNORM8 v == float32 v/127 (-128: -1);
 *              half h == float32 of the widened h; D32F == R32F; UINT 8/16/32 of the same integer
 *   cmp_compl  point sampling (§7.18.15): cmp(op) + cmp(complement(op)) == 1 for every lane, the
 *              pairs NEVER/ALWAYS, LESS/GREATER_EQUAL, EQUAL/NOT_EQUAL, LESS_EQUAL/GREATER
 *   extreme    float32 surfaces with every finite non-zero texel moved to the top binade (exponent
 *              254, sign and mantissa kept): the result still lies in the independent model's
 *              interval. Neighbours of opposite signs there make b - a overflow in a float lerp whose
 *              exact value is finite (§7.18.16 filters with the texels' values; §3.1 float rules) */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/indep/meta_int.h"

sf_code sf_meta_rel_permute(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  unsigned n = b->n > SF_MAX_LANES ? SF_MAX_LANES : b->n;
  if (n < 2) {
    sf_meta_not_applied(o, "fewer than two lanes");
    return SF_OK;
  }
  sf_sample_batch q = *b;
  q.lanes = 0;
  for (unsigned l = 0; l < n; l++) {
    unsigned k = n - 1u - l;
    q.u[k] = b->u[l], q.v[k] = b->v[l], q.r[k] = b->r[l], q.ai[k] = b->ai[l], q.ref[k] = b->ref[l];
    q.lod_or_bias[k] = b->lod_or_bias[l];
    q.dudx[k] = b->dudx[l], q.dudy[k] = b->dudy[l], q.dvdx[k] = b->dvdx[l], q.dvdy[k] = b->dvdy[l];
    q.drdx[k] = b->drdx[l], q.drdy[k] = b->drdy[l];
    q.off_u[k] = b->off_u[l], q.off_v[k] = b->off_v[l], q.off_r[k] = b->off_r[l];
    if (b->lanes >> l & 1u) q.lanes |= 1u << k;
  }
  sf_sample_out oa, ob;
  sf_code rc = sf_meta_sample(be, b, &oa, st);
  if (rc == SF_OK) rc = sf_meta_sample(be, &q, &ob, st);
  if (rc != SF_OK) {
    sf_meta_not_applied(o, "the reference refused the batch");
    return rc == SF_ERR_NOMEM ? rc : SF_OK;
  }
  o->applied = true;
  sf_sample_out rb = ob;   /* ob with its lanes put back */
  for (unsigned l = 0; l < n; l++)
    for (unsigned ch = 0; ch < 4; ch++) rb.v[ch][l] = ob.v[ch][n - 1u - l];
  sf_meta_same(&oa, &rb, b->lanes, o);
  return SF_OK;
}

sf_code sf_meta_rel_unused(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  if (!b->surf) {
    sf_meta_not_applied(o, "no surface");
    return SF_OK;
  }
  unsigned t = b->surf->desc.type;
  bool cube = t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY;
  sf_sample_batch q = *b;
  const float junk = NAN;
  for (unsigned l = 0; l < SF_MAX_LANES; l++) {
    if (t == SF_SURF_1D) q.v[l] = junk;
    if (t == SF_SURF_1D || t == SF_SURF_1D_ARRAY || t == SF_SURF_2D) q.r[l] = junk;
    if (t != SF_SURF_CUBE_ARRAY) q.ai[l] = junk;
    if (!b->compare) q.ref[l] = junk;
    if (b->lod_mode == SF_LOD_GRAD || b->lod_mode == SF_LOD_ZERO) q.lod_or_bias[l] = junk;
    if (b->lod_mode == SF_LOD_EXPLICIT || b->lod_mode == SF_LOD_ZERO) {
      q.dudx[l] = q.dudy[l] = q.dvdx[l] = q.dvdy[l] = q.drdx[l] = q.drdy[l] = junk;
    } else if (!cube) {
      if (t == SF_SURF_1D || t == SF_SURF_1D_ARRAY) q.dvdx[l] = q.dvdy[l] = junk;
      if (t != SF_SURF_3D) q.drdx[l] = q.drdy[l] = junk;
    }
    if (cube) q.off_u[l] = q.off_v[l] = q.off_r[l] = 5;   /* offsets are ignored on cubes (§22.4.15) */
    if (t == SF_SURF_1D || t == SF_SURF_1D_ARRAY) q.off_v[l] = -3;
    if (t != SF_SURF_3D && !cube) q.off_r[l] = 6;
  }
  sf_sample_out oa, ob;
  sf_code rc = sf_meta_sample(be, b, &oa, st);
  if (rc == SF_OK) rc = sf_meta_sample(be, &q, &ob, st);
  if (rc != SF_OK) {
    sf_meta_not_applied(o, "the reference refused the batch");
    return rc == SF_ERR_NOMEM ? rc : SF_OK;
  }
  o->applied = true;
  sf_meta_same(&oa, &ob, b->lanes, o);
  return SF_OK;
}

/* ---- format ------------------------------------------------------------------------------------- */

static float half_to_f(uint32_t h) {
  int e = (int)((h >> 10) & 31u);
  float m = (float)(h & 1023u);
  float mag = e == 0 ? ldexpf(m, -24) : e == 31 ? ((h & 1023u) ? NAN : INFINITY) : ldexpf(1024.0f + m, e - 25);
  return (h & 0x8000u) ? -mag : mag;
}

static void put_le(uint8_t *p, uint32_t v, unsigned n) {
  for (unsigned i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}

/* The partner format of fmt and the conversion of one channel's bits; false if fmt has none. */
static bool partner(unsigned fmt, unsigned *to) {
  switch (fmt) {
    case SF_FMT_R8_UNORM: *to = SF_FMT_R16_UNORM; return true;
    case SF_FMT_RGBA8_UNORM: *to = SF_FMT_RGBA16_UNORM; return true;
    case SF_FMT_RG8_UNORM: *to = SF_FMT_RG32F; return true;
    case SF_FMT_R16_UNORM: *to = SF_FMT_R32F; return true;
    case SF_FMT_RGBA16_UNORM: *to = SF_FMT_RGBA32F; return true;
    case SF_FMT_RGBA8_SNORM: *to = SF_FMT_RGBA32F; return true;
    case SF_FMT_R16F: *to = SF_FMT_R32F; return true;
    case SF_FMT_RGBA16F: *to = SF_FMT_RGBA32F; return true;
    case SF_FMT_D32F: *to = SF_FMT_R32F; return true;
    case SF_FMT_R32F: *to = SF_FMT_D32F; return true;
    case SF_FMT_R8_UINT: *to = SF_FMT_R16_UINT; return true;
    case SF_FMT_R16_UINT: *to = SF_FMT_R32_UINT; return true;
    default: return false;
  }
}

static void convert_texel(unsigned from, unsigned to, const uint8_t *src, uint8_t *dst) {
  const sf_format_info *fa = sf_format_get(from), *fb = sf_format_get(to);
  unsigned ca = fa->bits / 8u, cb = fb->bits / 8u;
  for (unsigned ch = 0; ch < fa->channels && ch < fb->channels; ch++) {
    uint32_t v = 0;
    for (unsigned i = 0; i < ca; i++) v |= (uint32_t)src[ch * ca + i] << (8 * i);
    uint32_t w = v;
    float f = 0.0f;
    bool as_float = fb->cls == SF_FCLASS_FLOAT || fb->cls == SF_FCLASS_DEPTH;
    if (fa->cls == SF_FCLASS_UNORM && fb->cls == SF_FCLASS_UNORM) w = v * 257u;
    else if (fa->cls == SF_FCLASS_UNORM) f = (float)v / (float)((1u << fa->bits) - 1u);   /* one rounding */
    else if (fa->cls == SF_FCLASS_SNORM) f = v == 0x80u ? -1.0f : (float)(int8_t)(uint8_t)v / 127.0f;
    else if (fa->cls == SF_FCLASS_FLOAT && fa->bits == 16) f = half_to_f(v);
    else if (fa->cls == SF_FCLASS_FLOAT || fa->cls == SF_FCLASS_DEPTH) memcpy(&f, &v, 4);
    if (as_float && !(fa->cls == SF_FCLASS_FLOAT && fa->bits == 32) && fa->cls != SF_FCLASS_DEPTH) memcpy(&w, &f, 4);
    put_le(dst + ch * cb, w, cb);
  }
}

sf_code sf_meta_rel_format(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  unsigned to;
  if (!b->surf || !partner(b->surf->desc.format, &to)) {
    sf_meta_not_applied(o, "no partner format");
    return SF_OK;
  }
  unsigned from = b->surf->desc.format;
  sf_surface *sa = NULL, *sb = NULL;
  sf_surface_desc d = b->surf->desc;
  sf_code rc = sf_surface_create(&sa, &d, st);
  d.format = (uint8_t)to;
  if (rc == SF_OK) rc = sf_surface_create(&sb, &d, st);
  if (rc != SF_OK) {
    sf_surface_free(sa);
    return rc;
  }
  for (unsigned l = 0; l < d.levels; l++) {
    unsigned slices = d.type == SF_SURF_3D ? sa->levels[l].d : sa->slices;
    for (unsigned s = 0; s < slices; s++)
      for (unsigned y = 0; y < sa->levels[l].h; y++)
        for (unsigned x = 0; x < sa->levels[l].w; x++) {
          const uint8_t *t = sf_surface_texel((sf_surface *)b->surf, l, s, x, y);
          uint8_t *ta = sf_surface_texel(sa, l, s, x, y), *tb = sf_surface_texel(sb, l, s, x, y);
          if (!t || !ta || !tb) continue;
          memcpy(ta, t, sf_format_get(from)->bytes);
          convert_texel(from, to, t, tb);
        }
  }
  sf_sampler sp = *b->samp;
  static const float exact_border[4] = {0.0f, 1.0f, 0.0f, 1.0f};   /* the same in every format */
  memcpy(sp.border, exact_border, sizeof exact_border);
  sf_sample_batch qa = *b, qb = *b;
  qa.surf = sa;
  qb.surf = sb;
  qa.samp = qb.samp = &sp;
  qa.compare = qb.compare = false;   /* the reference is quantized to each format: not comparable */
  o->applied = true;
  sf_sample_out oa, ob;
  rc = sf_meta_sample(be, &qa, &oa, st);
  if (rc == SF_OK) rc = sf_meta_sample(be, &qb, &ob, st);
  if (rc == SF_OK) sf_meta_same(&oa, &ob, qa.lanes, o);
  else sf_meta_not_applied(o, "the reference refused a derived batch");
  sf_surface_free(sa);
  sf_surface_free(sb);
  return rc == SF_ERR_NOMEM ? rc : SF_OK;
}

/* ---- cmp_compl ---------------------------------------------------------------------------------- */

static unsigned complement(unsigned op) {
  static const unsigned c[8] = {SF_CMP_ALWAYS, SF_CMP_GREATER_EQUAL, SF_CMP_NOT_EQUAL, SF_CMP_GREATER,
                                SF_CMP_LESS_EQUAL, SF_CMP_EQUAL, SF_CMP_LESS, SF_CMP_NEVER};
  return c[op & 7u];
}

static bool any_nan_r(const sf_surface *s) {
  for (unsigned l = 0; l < s->desc.levels; l++) {
    unsigned slices = s->desc.type == SF_SURF_3D ? s->levels[l].d : s->slices;
    for (unsigned sl = 0; sl < slices; sl++)
      for (unsigned y = 0; y < s->levels[l].h; y++)
        for (unsigned x = 0; x < s->levels[l].w; x++) {
          const uint8_t *t = sf_surface_texel((sf_surface *)s, l, sl, x, y);
          uint32_t d[4];
          if (!t) continue;
          sf_format_decode(s->desc.format, t, d);
          if ((d[0] & 0x7fffffffu) > 0x7f800000u) return true;
        }
  }
  return false;
}

sf_code sf_meta_rel_cmp(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  const sf_format_info *fi = b->surf ? sf_format_get(b->surf->desc.format) : NULL;
  if (!fi || fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT || fi->cls == SF_FCLASS_YUV) {
    sf_meta_not_applied(o, "no float-valued surface");
    return SF_OK;
  }
  sf_sampler sa = *b->samp, sb;
  sa.min_filter = sa.mag_filter = SF_FILTER_POINT;
  if (sa.mip_filter == SF_MIP_LINEAR) sa.mip_filter = SF_MIP_POINT;
  if (isnan(sa.border[0])) sa.border[0] = 0.0f;
  if (any_nan_r(b->surf)) sa.compare = (uint8_t)((sa.compare & 1u) ? SF_CMP_EQUAL : SF_CMP_NEVER);  /* NaN-safe pairs */
  sb = sa;
  sb.compare = (uint8_t)complement(sa.compare);
  sf_sample_batch qa = *b, qb = *b;
  qa.samp = &sa;
  qb.samp = &sb;
  qa.compare = qb.compare = true;
  qa.lod_query = qb.lod_query = false;
  qa.lanes = 0;
  for (unsigned l = 0; l < b->n && l < SF_MAX_LANES; l++)
    if ((b->lanes >> l & 1u) && !isnan(b->ref[l])) qa.lanes |= 1u << l;
  qb.lanes = qa.lanes;
  sf_sample_out oa, ob;
  sf_code rc = sf_meta_sample(be, &qa, &oa, st);
  if (rc == SF_OK) rc = sf_meta_sample(be, &qb, &ob, st);
  if (rc != SF_OK) {
    sf_meta_not_applied(o, "the reference refused the comparison");
    return rc == SF_ERR_NOMEM ? rc : SF_OK;
  }
  o->applied = true;
  for (unsigned l = 0; l < SF_MAX_LANES; l++) {
    if (!(qa.lanes >> l & 1u)) continue;
    for (unsigned ch = 0; ch < 4; ch++) {
      float x, y;
      memcpy(&x, &oa.v[ch][l], 4);
      memcpy(&y, &ob.v[ch][l], 4);
      if (x + y != 1.0f) {
        o->failed = true;
        o->lane = l;
        o->ch = ch;
        o->a = oa.v[ch][l];
        o->b = ob.v[ch][l];
        return SF_OK;
      }
    }
  }
  return SF_OK;
}

/* ---- extreme ------------------------------------------------------------------------------------ */

/* Every channel of a float32 format is one little-endian word: move each finite non-zero one to the
 * top binade. Zeros, infinities and NaNs stay (the model leaves NaN/Inf channels unchecked). */
static void to_top_binade(uint8_t *p, size_t n) {
  for (size_t i = 0; i + 4 <= n; i += 4) {
    uint32_t w = (uint32_t)p[i] | (uint32_t)p[i + 1] << 8 | (uint32_t)p[i + 2] << 16 | (uint32_t)p[i + 3] << 24;
    if ((w & 0x7f800000u) == 0x7f800000u || (w & 0x7fffffffu) == 0) continue;
    put_le(p + i, (w & 0x807fffffu) | 254u << 23, 4);
  }
}

sf_code sf_meta_extreme_surface(const sf_surface *src, sf_surface **out, sf_status *st) {
  *out = NULL;
  const sf_format_info *fi = src ? sf_format_get(src->desc.format) : NULL;
  if (!fi || fi->bits != 32 || (fi->cls != SF_FCLASS_FLOAT && fi->cls != SF_FCLASS_DEPTH))
    return sf_fail(st, SF_UNSUPPORTED, "meta extreme: not a float32 surface");
  sf_surface *s = NULL;
  sf_code rc = sf_surface_create(&s, &src->desc, st);
  if (rc != SF_OK) return rc;
  if (s->size != src->size || s->null_size != src->null_size) {
    sf_surface_free(s);
    return sf_fail(st, SF_ERR_INVALID, "meta extreme: a copy of the surface has another layout");
  }
  memcpy(s->data, src->data, s->size);
  if (s->null_size) memcpy(s->null_map, src->null_map, s->null_size);
  to_top_binade(s->data, s->size);
  *out = s;
  return SF_OK;
}

sf_code sf_meta_rel_extreme(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st) {
  sf_surface *s = NULL;
  sf_status fst;
  sf_status_clear(&fst);
  sf_code rc = sf_meta_extreme_surface(b->surf, &s, &fst);
  if (rc == SF_UNSUPPORTED) {
    sf_meta_not_applied(o, "no float32 surface");
    return SF_OK;
  }
  if (rc != SF_OK) return sf_fail(st, rc, "%s", fst.msg);
  sf_sample_batch q = *b;
  q.surf = s;
  sf_sample_out out;
  sf_indep_result r;
  rc = sf_meta_sample(be, &q, &out, st);
  if (rc == SF_OK) rc = sf_indep_sample(&q, q.lanes, &r, st);
  if (rc != SF_OK) {
    sf_surface_free(s);
    sf_meta_not_applied(o, "the reference or the model refused the batch");
    return rc == SF_ERR_NOMEM ? rc : SF_OK;
  }
  o->applied = r.checked != 0;
  unsigned lane, ch;
  if (o->applied && sf_indep_violation(&r, &out, &lane, &ch)) {
    float got, bound;
    memcpy(&got, &out.v[ch][lane], 4);
    bound = (float)(got < r.lo[ch][lane] ? r.lo[ch][lane] : r.hi[ch][lane]);
    o->failed = true;
    o->lane = lane;
    o->ch = ch;
    o->a = out.v[ch][lane];
    memcpy(&o->b, &bound, 4);
  }
  sf_surface_free(s);
  return SF_OK;
}
