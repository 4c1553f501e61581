/* tests/test_indep.c — the independent model (include/samplefuzz/indep.h): known answers worked by
 * hand from the D3D11.3 spec, the reference inside the model's intervals over thousands of generated
 * cases, and the check failing on planted wrong results. */
#include <math.h>
#include <string.h>

#include "samplefuzz/indep.h"
#include "samplefuzz/oracle.h"
#include "test_indep_gen.h"

static sf_surface *mk(unsigned type, unsigned fmt, unsigned w, unsigned h, unsigned levels) {
  sf_surface_desc d;
  memset(&d, 0, sizeof d);
  d.type = (uint8_t)type;
  d.format = (uint8_t)fmt;
  d.width = w;
  d.height = h;
  d.depth = 1;
  d.layers = 1;
  d.levels = levels;
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_surface_create(&s, &d, &st) == SF_OK);
  return s;
}

static void batch1(sf_sample_batch *b, const sf_surface *s, const sf_sampler *sp, float u, float v) {
  memset(b, 0, sizeof *b);
  b->surf = s;
  b->samp = sp;
  b->lod_mode = SF_LOD_ZERO;
  b->n = 8;
  b->lanes = 1;
  b->u[0] = u;
  b->v[0] = v;
}

static sf_indep_result res;

static void iv(const sf_sample_batch *b) {
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_indep_sample(b, 0xffffffffu, &res, &st) == SF_OK);
  SF_CHECK(res.checked & 1u);
}

/* RGBA8 2x1: texel 0 = (0, 255, 10, 255), texel 1 = (255, 0, 20, 255). */
static void test_known_point_linear(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_RGBA8_UNORM, 2, 1, 1);
  static const uint8_t t0[4] = {0, 255, 10, 255}, t1[4] = {255, 0, 20, 255};
  memcpy(sf_surface_texel(s, 0, 0, 0, 0), t0, 4);
  memcpy(sf_surface_texel(s, 0, 0, 1, 0), t1, 4);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch b;
  batch1(&b, s, &sp, 0.25f, 0.5f);   /* point, texel centre of texel 0 */
  iv(&b);
  SF_CHECK(res.lo[0][0] <= 0.0 && res.hi[0][0] >= 0.0 && res.hi[0][0] < 1e-6);
  SF_CHECK(fabs(res.lo[2][0] - 10.0 / 255) < 1e-6 && fabs(res.hi[2][0] - 10.0 / 255) < 1e-6);
  sp.mag_filter = SF_FILTER_LINEAR;
  sp.addr[0] = SF_ADDR_CLAMP;
  batch1(&b, s, &sp, 0.5f, 0.5f);    /* linear, halfway: the average, §7.18.8 */
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 0.5) < 1e-5 && fabs(res.hi[0][0] - 0.5) < 1e-5);
  SF_CHECK(fabs(res.lo[2][0] - 15.0 / 255) < 1e-5 && fabs(res.hi[2][0] - 15.0 / 255) < 1e-5);
  batch1(&b, s, &sp, 0.375f, 0.5f);  /* x = 0.25: 3/4 of texel 0 */
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 0.25) < 1e-5 && fabs(res.hi[0][0] - 0.25) < 1e-5);
  sp.addr[0] = SF_ADDR_WRAP;         /* wrap at u = 0: between texel 1 and texel 0 */
  batch1(&b, s, &sp, 0.0f, 0.5f);
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 0.5) < 1e-5 && fabs(res.hi[0][0] - 0.5) < 1e-5);
  sp.addr[0] = SF_ADDR_BORDER;       /* border 0.3 on UNORM8: 77/255 (§7.18.9.1), within half a step */
  sp.mag_filter = SF_FILTER_POINT;
  sp.border[0] = 0.3f;
  batch1(&b, s, &sp, 1.5f, 0.5f);
  iv(&b);
  SF_CHECK(res.lo[0][0] <= 77.0 / 255 && res.hi[0][0] >= 77.0 / 255 && res.hi[0][0] - res.lo[0][0] < 0.01 / 255);
  SF_CHECK(fabs(res.lo[3][0]) < 1e-6 && fabs(res.hi[3][0]) < 1e-6);   /* border alpha 0 */
  sf_surface_free(s);
}

/* Mirror: u = -0.25 on a 2-wide surface reads texel 0 (index -1 -> 0); u = 1.25 reads texel 1. */
static void test_known_mirror(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R8_UNORM, 2, 1, 1);
  sf_surface_texel(s, 0, 0, 0, 0)[0] = 51;
  sf_surface_texel(s, 0, 0, 1, 0)[0] = 204;
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.addr[0] = SF_ADDR_MIRROR;
  sf_sample_batch b;
  batch1(&b, s, &sp, -0.25f, 0.5f);
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 0.2) < 1e-6 && fabs(res.hi[0][0] - 0.2) < 1e-6);
  batch1(&b, s, &sp, 1.25f, 0.5f);
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 0.8) < 1e-6);
  batch1(&b, s, &sp, -0.75f, 0.5f);   /* index -2 -> 1 */
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 0.8) < 1e-6);
  SF_CHECK(fabs(res.lo[1][0]) < 1e-5 && fabs(res.lo[3][0] - 1.0) < 1e-5);   /* missing channels (0, 0, 0, 1) */
  sf_surface_free(s);
}

/* Half and snorm decoders against values worked by hand (IEEE 754 binary16; §3.2.3.3). */
static void test_known_decoders(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_RGBA16F, 1, 1, 1);
  static const uint8_t h[8] = {0x00, 0x3c, 0x00, 0xc0, 0x01, 0x00, 0xff, 0x7b};   /* 1, -2, 2^-24, 65504 */
  memcpy(sf_surface_texel(s, 0, 0, 0, 0), h, 8);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch b;
  batch1(&b, s, &sp, 0.5f, 0.5f);
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 1.0) < 1e-5 && fabs(res.hi[1][0] + 2.0) < 1e-5);
  SF_CHECK(res.lo[2][0] <= ldexp(1.0, -24) && res.hi[2][0] >= ldexp(1.0, -24) && res.hi[2][0] < 1e-6);
  SF_CHECK(fabs(res.lo[3][0] - 65504.0) < 0.1);
  sf_surface_free(s);
  s = mk(SF_SURF_2D, SF_FMT_RGBA8_SNORM, 1, 1, 1);
  static const uint8_t sn[4] = {0x80, 0x81, 0x7f, 0x00};   /* -128 -> -1, -127 -> -1, 127 -> 1, 0 */
  memcpy(sf_surface_texel(s, 0, 0, 0, 0), sn, 4);
  batch1(&b, s, &sp, 0.5f, 0.5f);
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] + 1.0) < 1e-6 && fabs(res.lo[1][0] + 1.0) < 1e-6 && fabs(res.lo[2][0] - 1.0) < 1e-6);
  sf_surface_free(s);
}

/* LOD (§7.18.11): a 8x8 surface with 4 levels, each level a constant 0, 1/255, 2/255, 3/255; dudx =
 * 2/8 -> rho = 2 -> LOD 1; explicit 2.4 with mip point -> level 2; mip linear at 1.5 -> 1.5/255. */
static void test_known_lod(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R8_UNORM, 8, 8, 4);
  for (unsigned l = 0; l < 4; l++)
    for (unsigned y = 0; y < s->levels[l].h; y++)
      for (unsigned x = 0; x < s->levels[l].w; x++) sf_surface_texel(s, l, 0, x, y)[0] = (uint8_t)l;
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.mip_filter = SF_MIP_POINT;
  sf_sample_batch b;
  batch1(&b, s, &sp, 0.5f, 0.5f);
  b.lod_mode = SF_LOD_GRAD;
  b.dudx[0] = 0.25f;
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 1.0 / 255) < 1e-6 && fabs(res.hi[0][0] - 1.0 / 255) < 1e-6);
  b.lod_mode = SF_LOD_EXPLICIT;
  b.lod_or_bias[0] = 2.4f;
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 2.0 / 255) < 1e-6 && fabs(res.hi[0][0] - 2.0 / 255) < 1e-6);
  sp.mip_filter = SF_MIP_LINEAR;
  b.lod_or_bias[0] = 1.5f;
  iv(&b);
  SF_CHECK(res.lo[0][0] <= 1.5 / 255 && res.hi[0][0] >= 1.5 / 255 && res.hi[0][0] - res.lo[0][0] < 0.02 / 255);
  sp.max_lod = 256;   /* MaxLOD 1 clamps the explicit 3.0 to level 1 */
  b.lod_or_bias[0] = 3.0f;
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 1.0 / 255) < 1e-6 && fabs(res.hi[0][0] - 1.0 / 255) < 1e-6);
  b.lod_query = true;   /* LOD query: R clamped 1, G unclamped 3 */
  iv(&b);
  SF_CHECK(res.lo[0][0] <= 1.0 && res.hi[0][0] >= 1.0 && res.lo[1][0] <= 3.0 && res.hi[1][0] >= 3.0);
  sf_surface_free(s);
}

/* Comparison (§7.18.15): D32F texel 0.5, LESS: ref 0.25 < 0.5 -> 1; ref 0.75 -> 0. */
static void test_known_compare(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_D32F, 1, 1, 1);
  float h = 0.5f;
  memcpy(sf_surface_texel(s, 0, 0, 0, 0), &h, 4);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.compare = SF_CMP_LESS;
  sf_sample_batch b;
  batch1(&b, s, &sp, 0.5f, 0.5f);
  b.compare = true;
  b.ref[0] = 0.25f;
  iv(&b);
  SF_CHECK(res.lo[0][0] > 0.99 && res.lo[3][0] > 0.99);
  b.ref[0] = 0.75f;
  iv(&b);
  SF_CHECK(res.hi[0][0] < 0.01);
  sf_surface_free(s);
}

/* Null pages read as zero bytes; cubes are SF_UNSUPPORTED, never a pass. */
static void test_null_and_unsupported(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R8_UNORM, 16, 16, 1);
  sf_surface_fill(s, (const uint8_t[]){200}, 1);
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_surface_set_null(s, 0, 0, 9, 9, true, &st) == SF_OK);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch b;
  batch1(&b, s, &sp, 9.5f / 16, 9.5f / 16);
  iv(&b);
  SF_CHECK(res.hi[0][0] < 1e-6);
  batch1(&b, s, &sp, 1.5f / 16, 9.5f / 16);
  iv(&b);
  SF_CHECK(res.lo[0][0] > 0.7);
  sf_surface_free(s);
  s = mk(SF_SURF_2D, SF_FMT_NV12, 16, 16, 1);   /* NV12 is not modelled */
  batch1(&b, s, &sp, 0.5f, 0.5f);
  SF_CHECK(sf_indep_sample(&b, 1, &res, &st) == SF_UNSUPPORTED);
  sf_surface_free(s);
}

/* An integer cube, point-sampled, reads the texel's bits on every backend, inside the model's
 * interval. Every backend returned 0 until 2026-11-28 (scalar.c's cube path never set the integer
 * result, and the SIMD backends forward integer formats to it); the cube model found it. */
static void test_integer_cube(void) {
  sf_surface *s = mk(SF_SURF_CUBE, SF_FMT_R32_UINT, 4, 4, 1);
  sf_surface_fill(s, (const uint8_t[]){7}, 1);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch b;
  batch1(&b, s, &sp, 0.5f, 0.25f);
  b.r[0] = -1.0f; /* direction (0.5, 0.25, -1): face -Z */
  iv(&b);
  SF_CHECK(res.is_int && res.lo[0][0] == (double)0x07070707u && res.hi[0][0] == (double)0x07070707u);
  const sf_backend *be[8];
  unsigned nb = sf_backend_list(be, 8);
  for (unsigned i = 0; i < nb; i++) {
    sf_sample_out out;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK(sf_sample(be[i], &b, &out, &st) == SF_OK);
    SF_CHECK_MSG(out.is_int && out.v[0][0] == 0x07070707u && out.v[3][0] == 1u, "%s: (0x%x, 0x%x, 0x%x, 0x%x)",
                 be[i]->name, (unsigned)out.v[0][0], (unsigned)out.v[1][0], (unsigned)out.v[2][0], (unsigned)out.v[3][0]);
    unsigned lane, ch;
    SF_CHECK(!sf_indep_violation(&res, &out, &lane, &ch));
  }
  sf_surface_free(s);
}

/* The scalar reference lies in the model's intervals over 4000 generated cases; most lanes are
 * covered. */
static void test_reference_inside(void) {
  uint64_t r = 12345;
  unsigned long checked = 0, unsup = 0, batches = 0, skipped_batches = 0;
  for (unsigned i = 0; i < 4000; i++) {
    tcase c;
    if (!t_case(&r, &c, true)) continue;
    sf_sample_out out;
    memset(&out, 0, sizeof out);
    sf_status st;
    sf_status_clear(&st);
    if (sf_sample(sf_backend_scalar(), &c.b, &out, &st) == SF_OK) {
      batches++;
      sf_status_clear(&st);
      if (sf_indep_sample(&c.b, 0xffffffffu, &res, &st) != SF_OK) {
        skipped_batches++;
      } else {
        unsigned lane, ch;
        for (unsigned l = 0; l < 32; l++) checked += res.checked >> l & 1u, unsup += res.unsupported >> l & 1u;
        if (sf_indep_violation(&res, &out, &lane, &ch)) {
          float f;
          memcpy(&f, &out.v[ch][lane], 4);
          SF_CHECK_MSG(0, "case %u: lane %u ch %u = %08x (%.9g) outside [%.9g, %.9g] fmt %u type %u lodmode %u cmp %d",
                       i, lane, ch, out.v[ch][lane], (double)f, res.lo[ch][lane], res.hi[ch][lane], c.s->desc.format,
                       c.s->desc.type, c.b.lod_mode, c.b.compare);
        }
      }
    }
    sf_surface_free(c.s);
  }
  printf("reference inside: %lu batches, %lu not modelled (integer cubes), %lu lanes checked, %lu lanes not modelled\n", batches,
         skipped_batches, checked, unsup);
  SF_CHECK(checked > 15000);
}

/* A planted wrong result: one float ulp-scale change far above the tolerance, or a neighbour texel,
 * is a violation. */
static void test_planted_wrong_result(void) {
  uint64_t r = 777;
  unsigned planted = 0, caught = 0;
  for (unsigned i = 0; i < 500; i++) {
    tcase c;
    if (!t_case(&r, &c, false)) continue;
    sf_sample_out out;
    memset(&out, 0, sizeof out);
    sf_status st;
    sf_status_clear(&st);
    if (sf_sample(sf_backend_scalar(), &c.b, &out, &st) == SF_OK &&
        sf_indep_sample(&c.b, 0xffffffffu, &res, &st) == SF_OK && (res.checked & 1u) && !(res.free_ch[0] & 1u)) {
      if (out.is_int) out.v[0][0] += 1u;
      else {
        float f;
        memcpy(&f, &out.v[0][0], 4);
        f = f + 0.01f + fabsf(f) * 0.01f;
        memcpy(&out.v[0][0], &f, 4);
      }
      planted++;
      unsigned lane, ch;
      if (sf_indep_violation(&res, &out, &lane, &ch) && lane == 0 && ch == 0) caught++;
    }
    sf_surface_free(c.s);
  }
  printf("planted wrong results: %u, caught %u\n", planted, caught);
  SF_CHECK(planted > 100);
  SF_CHECK(caught * 10 >= planted * 9);   /* all but wide intervals (huge float texels, compare ties) */
}

/* The check function the targets call names the check `indep_interval`. */
static void test_check_names_violation(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R8_UNORM, 2, 2, 1);
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_sample_batch b;
  batch1(&b, s, &sp, 0.5f, 0.5f);
  sf_sample_out out;
  memset(&out, 0, sizeof out);
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_sample(NULL, &b, &out, &st) == SF_OK);
  static sf_verdict v;
  static sf_indep_stats stats;
  sf_verdict_init(&v, "diff");
  SF_CHECK(sf_check_indep_batch(&v, NULL, &b, &out, "request", &stats));
  SF_CHECK(stats.lanes_checked == 1);
  out.v[0][0] = 0x3f000000u;   /* 0.5 where every texel is 0 */
  SF_CHECK(!sf_check_indep_batch(&v, NULL, &b, &out, "request", &stats));
  SF_CHECK_STR(v.check, "indep_interval");
  sf_surface_free(s);
}

/* Found by the independent model in the fuzz loop (crashes/sample_diff_fuzzer/
 * indep-clamp-offset-far-coordinate): CLAMP with u = 22.59375 on a 2-wide surface and an offset of
 * -26 texels is texel 1 (x = 44.69 - 26 = 18.69, clamped, §7.18.9); the reference used to bound u to
 * [-10, 10] before the offset and read texel 0. */
static void test_reference_far_coordinate_with_offset(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R8_UNORM, 2, 1, 1);
  sf_surface_texel(s, 0, 0, 0, 0)[0] = 10;
  sf_surface_texel(s, 0, 0, 1, 0)[0] = 250;
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.mag_filter = SF_FILTER_LINEAR;
  sf_sample_batch b;
  batch1(&b, s, &sp, 22.59375f, 0.5f);
  b.off_u[0] = -26;
  iv(&b);
  SF_CHECK(fabs(res.lo[0][0] - 250.0 / 255) < 1e-5 && fabs(res.hi[0][0] - 250.0 / 255) < 1e-5);
  const sf_backend *be[8];
  unsigned nbe = sf_backend_list(be, 8);
  for (unsigned i = 0; i < nbe; i++) {
    sf_sample_out out;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK(sf_sample(be[i], &b, &out, &st) == SF_OK);
    unsigned lane, ch;
    SF_CHECK_MSG(!sf_indep_violation(&res, &out, &lane, &ch), "%s: %08x", be[i]->name, out.v[0][0]);
  }
  sf_surface_free(s);
}

int main(void) {
  SF_RUN(test_known_point_linear);
  SF_RUN(test_known_mirror);
  SF_RUN(test_known_decoders);
  SF_RUN(test_known_lod);
  SF_RUN(test_known_compare);
  SF_RUN(test_null_and_unsupported);
  SF_RUN(test_integer_cube);
  SF_RUN(test_reference_inside);
  SF_RUN(test_planted_wrong_result);
  SF_RUN(test_check_names_violation);
  SF_RUN(test_reference_far_coordinate_with_offset);
  SF_TEST_END();
}
