/* tests/test_indep_gen.h — random sampling cases for tests/test_indep.c and tests/test_meta.c:
 * a surface of any 3D-sampled format and type (small), random texel bytes (float formats mostly
 * finite values in [-4, 4]), a random sampler and a batch of 8 lanes with coordinates in [-2, 3]. */
#ifndef SF_TEST_INDEP_GEN_H
#define SF_TEST_INDEP_GEN_H

#include <string.h>

#include "samplefuzz/sampler.h"
#include "sf_test.h"

typedef struct tcase {
  sf_surface *s;
  sf_sampler sp;
  sf_sample_batch b;
} tcase;

static float t_unit(uint64_t *r) { return (float)(sf_t_rand(r) >> 40) / 16777216.0f; }

static void t_fill(sf_surface *s, uint64_t *r) {
  const sf_format_info *fi = sf_format_get(s->desc.format);
  for (size_t i = 0; i < s->size; i++) s->data[i] = (uint8_t)sf_t_rand(r);
  if (fi->cls != SF_FCLASS_FLOAT && fi->cls != SF_FCLASS_DEPTH) return;
  if (sf_t_rand(r) % 8 == 0) return;   /* raw bits: NaN, Inf, huge values now and then */
  for (size_t i = 0; i + fi->bits / 8 <= s->size; i += fi->bits / 8) {
    float f = t_unit(r) * 8.0f - 4.0f;
    if (fi->bits == 16) {
      uint16_t h = sf_float_to_half(f);
      memcpy(s->data + i, &h, 2);
    } else {
      memcpy(s->data + i, &f, 4);
    }
  }
}

/* A case; false if the surface could not be made (never, for these sizes). */
static bool t_case(uint64_t *r, tcase *c, bool allow_cube) {
  static const uint8_t fmts[] = {SF_FMT_R8_UNORM, SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_R8_SRGB, SF_FMT_RG8_SRGB,
                                 SF_FMT_RGBA8_SRGB, SF_FMT_RGBA8_SNORM, SF_FMT_R16_UNORM, SF_FMT_RGBA16_UNORM, SF_FMT_R16F,
                                 SF_FMT_RGBA16F, SF_FMT_R32F, SF_FMT_RG32F, SF_FMT_RGBA32F, SF_FMT_D32F, SF_FMT_R8_UINT,
                                 SF_FMT_R16_UINT, SF_FMT_R32_UINT, SF_FMT_R32_SINT};
  memset(c, 0, sizeof *c);
  sf_surface_desc d;
  memset(&d, 0, sizeof d);
  d.type = (uint8_t)(sf_t_rand(r) % (allow_cube ? 7u : 5u));
  d.format = fmts[sf_t_rand(r) % sizeof fmts];
  d.width = 1u + (unsigned)(sf_t_rand(r) % 9u);
  d.height = (d.type == SF_SURF_1D || d.type == SF_SURF_1D_ARRAY) ? 1u : 1u + (unsigned)(sf_t_rand(r) % 9u);
  if (d.type == SF_SURF_CUBE || d.type == SF_SURF_CUBE_ARRAY) d.height = d.width;
  d.depth = d.type == SF_SURF_3D ? 1u + (unsigned)(sf_t_rand(r) % 4u) : 1u;
  d.layers = (d.type == SF_SURF_1D_ARRAY || d.type == SF_SURF_2D_ARRAY || d.type == SF_SURF_CUBE_ARRAY) ? 1u + (unsigned)(sf_t_rand(r) % 3u) : 1u;
  unsigned m = d.width > d.height ? d.width : d.height, full = 1;
  if (d.depth > m) m = d.depth;
  while (m > 1) m >>= 1, full++;
  d.levels = 1u + (unsigned)(sf_t_rand(r) % full);
  sf_status st;
  sf_status_clear(&st);
  if (sf_surface_create(&c->s, &d, &st) != SF_OK) return false;
  t_fill(c->s, r);
  const sf_format_info *fi = sf_format_get(d.format);
  bool is_int = fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT;
  sf_sampler_default(&c->sp);
  c->sp.min_filter = is_int ? 0 : (uint8_t)(sf_t_rand(r) & 1u);
  c->sp.mag_filter = is_int ? 0 : (uint8_t)(sf_t_rand(r) & 1u);
  c->sp.mip_filter = (uint8_t)(sf_t_rand(r) % (is_int ? 2u : 3u));
  for (unsigned a = 0; a < 3; a++) c->sp.addr[a] = (uint8_t)(sf_t_rand(r) % SF_ADDR_COUNT);
  static const float borders[5] = {0.0f, 1.0f, 0.5f, -1.0f, 0.3f};
  for (unsigned ch = 0; ch < 4; ch++) c->sp.border[ch] = borders[sf_t_rand(r) % 5];
  c->sp.lod_bias = (int16_t)((int)(sf_t_rand(r) % 1024u) - 512);
  c->sp.min_lod = (uint16_t)(sf_t_rand(r) % 3u == 0 ? sf_t_rand(r) % 768u : 0u);
  c->sp.max_lod = (uint16_t)(sf_t_rand(r) % 3u == 0 ? sf_t_rand(r) % 1024u : 4095u);
  c->sp.compare = (uint8_t)(sf_t_rand(r) % 8u);
  sf_sample_batch *b = &c->b;
  b->surf = c->s;
  b->samp = &c->sp;
  b->lod_mode = (uint8_t)(sf_t_rand(r) % 4u);
  b->compare = !is_int && sf_t_rand(r) % 4u == 0;
  b->lod_query = !b->compare && sf_t_rand(r) % 10u == 0;
  b->n = 8;
  b->lanes = 0xFFu & (uint32_t)(sf_t_rand(r) % 4u == 0 ? sf_t_rand(r) : 0xFFu);
  for (unsigned l = 0; l < 8; l++) {
    b->u[l] = t_unit(r) * 5.0f - 2.0f;
    b->v[l] = t_unit(r) * 5.0f - 2.0f;
    b->r[l] = t_unit(r) * 5.0f - 2.0f;
    b->ai[l] = t_unit(r) * 3.0f;
    b->ref[l] = t_unit(r) * 1.5f - 0.25f;
    b->lod_or_bias[l] = t_unit(r) * 6.0f - 2.0f;
    float g = t_unit(r) * 0.6f;
    b->dudx[l] = g;
    b->dvdy[l] = g * t_unit(r);
    b->dudy[l] = t_unit(r) * 0.1f;
    b->dvdx[l] = t_unit(r) * 0.1f;
    b->drdx[l] = t_unit(r) * 0.2f;
    b->drdy[l] = t_unit(r) * 0.2f;
    if (sf_t_rand(r) % 3u == 0) {
      b->off_u[l] = (int8_t)((int)(sf_t_rand(r) % 16u) - 8);
      b->off_v[l] = (int8_t)((int)(sf_t_rand(r) % 16u) - 8);
      b->off_r[l] = (int8_t)((int)(sf_t_rand(r) % 16u) - 8);
    }
  }
  return true;
}

#endif
