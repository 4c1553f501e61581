/* tests/test_sampler_props.c — invariant (property) tests of the reference sampler over generated
 * cases (D3D11.3 §7.18.16.3 "General Texture Sampling Invariants" and the list):
 *   - a constant texture gives that constant for every op and filter;
 *   - a result lies within [min, max] of the texels it could touch;
 *   - sample_l with LOD 0 equals sample_lz; sample_b with bias 0 equals sample;
 *   - sample_d with gradients implying LOD L equals sample_l(L) (integer L: exact in 8.8);
 *   - an offset of k texels equals a coordinate shift of k/size on power-of-two sizes. */
#include <math.h>

#include "samplefuzz/sampler.h"
#include "tests/sf_test.h"

static float bf(uint32_t b) { float f; memcpy(&f, &b, 4); return f; }

static const uint8_t float_like[] = {SF_FMT_R8_UNORM, SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_R8_SRGB,
                                     SF_FMT_RGBA8_SRGB, SF_FMT_RGBA8_SNORM, SF_FMT_R16_UNORM, SF_FMT_RGBA16_UNORM,
                                     SF_FMT_R16F, SF_FMT_RGBA16F, SF_FMT_R32F, SF_FMT_RG32F, SF_FMT_RGBA32F, SF_FMT_D32F};

static uint32_t rn(uint64_t *s, uint32_t n) { return (uint32_t)(sf_t_rand(s) % n); }

static sf_surface *gen_surface(uint64_t *s, unsigned fmt, bool pow2) {
  sf_surface_desc d = {0};
  d.type = (uint8_t)rn(s, SF_SURF_TYPE_COUNT);
  d.format = (uint8_t)fmt;
  d.width = pow2 ? 1u << rn(s, 5) : 1 + rn(s, 13);
  d.height = d.type == SF_SURF_1D || d.type == SF_SURF_1D_ARRAY ? 1 : pow2 ? 1u << rn(s, 5) : 1 + rn(s, 9);
  if (d.type == SF_SURF_CUBE || d.type == SF_SURF_CUBE_ARRAY) d.height = d.width;
  d.depth = d.type == SF_SURF_3D ? (pow2 ? 1u << rn(s, 3) : 1 + rn(s, 5)) : 1;
  d.layers = (d.type == SF_SURF_1D_ARRAY || d.type == SF_SURF_2D_ARRAY || d.type == SF_SURF_CUBE_ARRAY) ? 1 + rn(s, 3) : 1;
  uint32_t m = d.width > d.height ? d.width : d.height;
  if (d.depth > m) m = d.depth;
  unsigned full = 1;
  while (m >> full) full++;
  d.levels = 1 + rn(s, full);
  sf_surface *o = NULL;
  sf_surface_create(&o, &d, NULL);
  return o;
}

static float rcoord(uint64_t *s) { return (float)((int32_t)rn(s, 513) - 128) / 128.0f; }

static void gen_batch(uint64_t *s, sf_sample_batch *q, unsigned mode) {
  memset(q, 0, sizeof *q);
  q->n = 8;
  q->lanes = 0xFF;
  q->lod_mode = (uint8_t)mode;
  for (unsigned i = 0; i < 8; i++) {
    q->u[i] = rcoord(s); q->v[i] = rcoord(s); q->r[i] = rcoord(s); q->ai[i] = (float)rn(s, 4);
    q->ref[i] = rcoord(s);
    q->lod_or_bias[i] = (float)((int32_t)rn(s, 1025) - 256) / 128.0f;
    q->dudx[i] = rcoord(s) / 4; q->dudy[i] = rcoord(s) / 4; q->dvdx[i] = rcoord(s) / 4;
    q->dvdy[i] = rcoord(s) / 4; q->drdx[i] = rcoord(s) / 4; q->drdy[i] = rcoord(s) / 4;
    q->off_u[i] = (int8_t)((int)rn(s, 16) - 8); q->off_v[i] = (int8_t)((int)rn(s, 16) - 8); q->off_r[i] = (int8_t)((int)rn(s, 16) - 8);
  }
}

static void gen_sampler(uint64_t *s, sf_sampler *sp, bool allow_border) {
  sf_sampler_default(sp);
  sp->min_filter = (uint8_t)rn(s, 2); sp->mag_filter = (uint8_t)rn(s, 2); sp->mip_filter = (uint8_t)rn(s, 3);
  for (int a = 0; a < 3; a++) {
    do sp->addr[a] = (uint8_t)rn(s, SF_ADDR_COUNT); while (!allow_border && sp->addr[a] == SF_ADDR_BORDER);
  }
  sp->lod_bias = (int16_t)((int32_t)rn(s, 2049) - 1024);
  sp->min_lod = (uint16_t)(rn(s, 2) ? 0 : rn(s, 1024));
  sp->max_lod = (uint16_t)(rn(s, 2) ? 4095 : rn(s, 1024));
  sp->compare = (uint8_t)rn(s, 8);
  for (int k = 0; k < 4; k++) sp->border[k] = rcoord(s);
}

static bool same_bits(const sf_sample_out *a, const sf_sample_out *b, unsigned n) {
  for (unsigned k = 0; k < 4; k++)
    for (unsigned i = 0; i < n; i++)
      if (a->v[k][i] != b->v[k][i]) return false;
  return true;
}

static void test_constant_texture(void) {
  uint64_t s = 11;
  for (unsigned it = 0; it < 3000; it++) {
    unsigned fmt = float_like[rn(&s, sizeof float_like)];
    sf_surface *surf = gen_surface(&s, fmt, false);
    if (!surf) continue;
    float c[4] = {rcoord(&s), rcoord(&s), rcoord(&s), rcoord(&s)};
    sf_surface_store(surf, 0, 0, 0, 0, c, NULL);
    const sf_format_info *fi = sf_format_get(fmt);
    uint8_t texel[16];
    memcpy(texel, sf_surface_texel(surf, 0, 0, 0, 0), fi->bytes);
    sf_surface_fill(surf, texel, fi->bytes);
    uint32_t want[4];
    sf_format_decode(fmt, texel, want);
    sf_sampler sp;
    gen_sampler(&s, &sp, false);
    sf_sample_batch q;
    gen_batch(&s, &q, rn(&s, 4));
    q.surf = surf;
    q.samp = &sp;
    sf_sample_out o;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK_MSG(sf_sample(sf_backend_scalar(), &q, &o, &st) == SF_OK, "%s", st.msg);
    for (unsigned i = 0; i < 8; i++)
      for (unsigned k = 0; k < 4; k++)
        SF_CHECK_MSG(o.v[k][i] == want[k], "it %u fmt %s type %u lane %u ch %u: %08x vs %08x", it, fi->name,
                     surf->desc.type, i, k, o.v[k][i], want[k]);
    /* compare ops on a constant texture: a constant 0 or 1 */
    q.compare = true;
    SF_CHECK(sf_sample(sf_backend_scalar(), &q, &o, &st) == SF_OK);
    for (unsigned i = 0; i < 8; i++) SF_CHECK(bf(o.v[0][i]) == 0.0f || bf(o.v[0][i]) == 1.0f);
    sf_surface_free(surf);
  }
}

static void test_within_hull(void) {
  uint64_t s = 12;
  for (unsigned it = 0; it < 3000; it++) {
    unsigned fmt = float_like[rn(&s, sizeof float_like)];
    sf_surface *surf = gen_surface(&s, fmt, false);
    if (!surf) continue;
    const sf_format_info *fi = sf_format_get(fmt);
    for (size_t i = 0; i < surf->size; i++) surf->data[i] = (uint8_t)sf_t_rand(&s);
    if (fi->bits >= 16 && fi->cls != SF_FCLASS_UNORM)  /* keep float texels finite: values in [-2, 2] */
      for (unsigned l = 0; l < surf->desc.levels; l++) {
        unsigned ns = surf->desc.type == SF_SURF_3D ? surf->levels[l].d : surf->slices;
        for (unsigned z = 0; z < ns; z++)
          for (unsigned y = 0; y < surf->levels[l].h; y++)
            for (unsigned x = 0; x < surf->levels[l].w; x++) {
              float c[4] = {rcoord(&s), rcoord(&s), rcoord(&s), rcoord(&s)};
              sf_surface_store(surf, l, z, x, y, c, NULL);
            }
      }
    /* bounds: every texel of every level, plus the snapped border colour */
    float lo[4] = {INFINITY, INFINITY, INFINITY, INFINITY}, hi[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
    sf_sampler sp;
    gen_sampler(&s, &sp, true);
    for (unsigned l = 0; l < surf->desc.levels; l++) {
      unsigned ns = surf->desc.type == SF_SURF_3D ? surf->levels[l].d : surf->slices;
      for (unsigned z = 0; z < ns; z++)
        for (unsigned y = 0; y < surf->levels[l].h; y++)
          for (unsigned x = 0; x < surf->levels[l].w; x++) {
            uint32_t v[4];
            sf_format_decode(fmt, sf_surface_texel(surf, l, z, x, y), v);
            for (int k = 0; k < 4; k++) {
              lo[k] = fminf(lo[k], bf(v[k]));
              hi[k] = fmaxf(hi[k], bf(v[k]));
            }
          }
    }
    /* the border colour as the format snaps it: sample far outside with BORDER, point, lod 0 */
    {
      sf_sampler bs = sp;
      bs.addr[0] = bs.addr[1] = bs.addr[2] = SF_ADDR_BORDER;
      bs.min_filter = bs.mag_filter = SF_FILTER_POINT;
      sf_sample_batch b = {0};
      b.n = 1; b.lanes = 1; b.lod_mode = SF_LOD_ZERO; b.u[0] = -5; b.v[0] = -5; b.r[0] = -5;
      b.surf = surf; b.samp = &bs;
      sf_sample_out o;
      sf_sample(sf_backend_scalar(), &b, &o, NULL);
      bool cube = surf->desc.type == SF_SURF_CUBE || surf->desc.type == SF_SURF_CUBE_ARRAY;
      if (!cube)
        for (int k = 0; k < 4; k++) {
          lo[k] = fminf(lo[k], bf(o.v[k][0]));
          hi[k] = fmaxf(hi[k], bf(o.v[k][0]));
        }
    }
    sf_sample_batch q;
    gen_batch(&s, &q, rn(&s, 4));
    q.surf = surf;
    q.samp = &sp;
    sf_sample_out o;
    SF_CHECK(sf_sample(sf_backend_scalar(), &q, &o, NULL) == SF_OK);
    for (unsigned i = 0; i < 8; i++)
      for (unsigned k = 0; k < 4; k++) {
        float v = bf(o.v[k][i]);
        SF_CHECK_MSG(v >= lo[k] && v <= hi[k], "it %u fmt %s lane %u ch %u: %g outside [%g, %g]", it, fi->name, i, k,
                     (double)v, (double)lo[k], (double)hi[k]);
      }
    sf_surface_free(surf);
  }
}

static void test_equivalent_ops(void) {
  uint64_t s = 13;
  for (unsigned it = 0; it < 2000; it++) {
    unsigned fmt = float_like[rn(&s, sizeof float_like)];
    sf_surface *surf = gen_surface(&s, fmt, false);
    if (!surf) continue;
    for (size_t i = 0; i < surf->size; i++) surf->data[i] = (uint8_t)sf_t_rand(&s);
    sf_sampler sp;
    gen_sampler(&s, &sp, true);
    sf_sample_batch a, b;
    gen_batch(&s, &a, SF_LOD_EXPLICIT);
    a.surf = surf; a.samp = &sp;
    a.compare = rn(&s, 3) == 0;
    b = a;
    for (unsigned i = 0; i < 8; i++) a.lod_or_bias[i] = 0.0f;
    b.lod_mode = SF_LOD_ZERO;
    sf_sample_out oa, ob;
    SF_CHECK(sf_sample(sf_backend_scalar(), &a, &oa, NULL) == SF_OK);
    SF_CHECK(sf_sample(sf_backend_scalar(), &b, &ob, NULL) == SF_OK);
    SF_CHECK_MSG(same_bits(&oa, &ob, 8), "sample_l(0) != sample_lz, it %u", it);
    /* sample_b with bias 0 == sample */
    a.lod_mode = SF_LOD_GRAD_BIAS;
    b = a;
    b.lod_mode = SF_LOD_GRAD;
    for (unsigned i = 0; i < 8; i++) b.lod_or_bias[i] = 12.5f;  /* ignored by GRAD */
    SF_CHECK(sf_sample(sf_backend_scalar(), &a, &oa, NULL) == SF_OK);
    SF_CHECK(sf_sample(sf_backend_scalar(), &b, &ob, NULL) == SF_OK);
    SF_CHECK_MSG(same_bits(&oa, &ob, 8), "sample_b(0) != sample, it %u", it);
    sf_surface_free(surf);
  }
}

static void test_grad_equals_lod(void) {
  uint64_t s = 14;
  for (unsigned it = 0; it < 2000; it++) {
    unsigned fmt = float_like[rn(&s, sizeof float_like)];
    sf_surface *surf = NULL;
    sf_surface_desc d = {SF_SURF_2D, (uint8_t)fmt, 1u << rn(&s, 6), 0, 1, 1, 1};
    d.height = d.width;
    unsigned full = 1;
    while (d.width >> full) full++;
    d.levels = full;
    if (sf_surface_create(&surf, &d, NULL) != SF_OK) continue;
    for (size_t i = 0; i < surf->size; i++) surf->data[i] = (uint8_t)sf_t_rand(&s);
    sf_sampler sp;
    gen_sampler(&s, &sp, true);
    sf_sample_batch a, b;
    gen_batch(&s, &a, SF_LOD_GRAD);
    a.surf = surf; a.samp = &sp;
    b = a;
    b.lod_mode = SF_LOD_EXPLICIT;
    for (unsigned i = 0; i < 8; i++) {
      int L = (int)rn(&s, 9) - 2;  /* gradient 2^L / size along u or v: LOD exactly L */
      float g = ldexpf(1.0f, L) / (float)d.width;
      a.dudx[i] = a.dudy[i] = a.dvdx[i] = a.dvdy[i] = 0;
      if (rn(&s, 2)) a.dudx[i] = rn(&s, 2) ? g : -g; else a.dvdy[i] = g;
      b.lod_or_bias[i] = (float)L;
    }
    sf_sample_out oa, ob;
    SF_CHECK(sf_sample(sf_backend_scalar(), &a, &oa, NULL) == SF_OK);
    SF_CHECK(sf_sample(sf_backend_scalar(), &b, &ob, NULL) == SF_OK);
    SF_CHECK_MSG(same_bits(&oa, &ob, 8), "sample_d != sample_l, it %u", it);
    sf_surface_free(surf);
  }
}

static void test_offset_is_shift(void) {
  uint64_t s = 15;
  for (unsigned it = 0; it < 2000; it++) {
    unsigned fmt = float_like[rn(&s, sizeof float_like)];
    sf_surface *surf = gen_surface(&s, fmt, true);
    if (!surf) continue;
    unsigned t = surf->desc.type;
    if (t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY) { sf_surface_free(surf); continue; }  /* offsets undefined on cubes */
    for (size_t i = 0; i < surf->size; i++) surf->data[i] = (uint8_t)sf_t_rand(&s);
    sf_sampler sp;
    gen_sampler(&s, &sp, false);
    sp.addr[0] = sp.addr[1] = sp.addr[2] = SF_ADDR_WRAP;
    sp.mip_filter = SF_MIP_NONE;  /* one level: the shift is k/size of level 0 */
    sf_sample_batch a, b;
    gen_batch(&s, &a, SF_LOD_ZERO);
    a.surf = surf; a.samp = &sp;
    b = a;
    float W = (float)surf->levels[0].w, H = (float)surf->levels[0].h, D = (float)surf->levels[0].d;
    for (unsigned i = 0; i < 8; i++) {
      a.u[i] = (float)rn(&s, 1024) / 256.0f; a.v[i] = (float)rn(&s, 1024) / 256.0f; a.r[i] = (float)rn(&s, 1024) / 256.0f;
      b.u[i] = a.u[i] + (float)a.off_u[i] / W;
      b.v[i] = (t == SF_SURF_1D_ARRAY) ? a.v[i] : a.v[i] + (float)a.off_v[i] / H;
      b.r[i] = (t == SF_SURF_3D) ? a.r[i] + (float)a.off_r[i] / D : a.r[i];
      if (t == SF_SURF_1D_ARRAY) b.v[i] = a.v[i] = (float)rn(&s, 3);
      if (t == SF_SURF_2D_ARRAY) b.r[i] = a.r[i] = (float)rn(&s, 3);
      b.off_u[i] = b.off_v[i] = b.off_r[i] = 0;
    }
    sf_sample_out oa, ob;
    SF_CHECK(sf_sample(sf_backend_scalar(), &a, &oa, NULL) == SF_OK);
    SF_CHECK(sf_sample(sf_backend_scalar(), &b, &ob, NULL) == SF_OK);
    SF_CHECK_MSG(same_bits(&oa, &ob, 8), "offset != shift, it %u type %u", it, t);
    sf_surface_free(surf);
  }
}

int main(void) {
  SF_RUN(test_constant_texture);
  SF_RUN(test_within_hull);
  SF_RUN(test_equivalent_ops);
  SF_RUN(test_grad_equals_lod);
  SF_RUN(test_offset_is_shift);
  SF_TEST_END();
}
