/* tests/test_meta.c — the metamorphic relations (include/samplefuzz/indep.h): each holds on the
 * reference (scalar and the selected backend) over thousands of generated cases, and each fails on a
 * backend with a planted bug that breaks exactly what it relates. */
#include <math.h>
#include <string.h>

#include "samplefuzz/indep.h"
#include "samplefuzz/oracle.h"
#include "test_indep_gen.h"

static void test_relations_hold(void) {
  const sf_backend *bes[2] = {sf_backend_scalar(), sf_backend_select()};
  for (unsigned k = 0; k < 2; k++) {
    uint64_t r = 4242 + k;
    unsigned applied[SF_META_COUNT] = {0};
    for (unsigned i = 0; i < (k ? 1000u : 3000u); i++) {
      tcase c;
      if (!t_case(&r, &c, true)) continue;
      for (unsigned rel = 0; rel < SF_META_COUNT; rel++) {
        sf_meta_outcome o;
        sf_status st;
        sf_status_clear(&st);
        SF_CHECK(sf_meta_run(bes[k], rel, &c.b, &o, &st) == SF_OK);
        applied[rel] += o.applied;
        SF_CHECK_MSG(!o.failed, "%s on %s, case %u: lane %u ch %u %08x vs %08x (fmt %u type %u filters %u%u%u lod %u)",
                     sf_meta_rel_name(rel), bes[k]->name, i, o.lane, o.ch, o.a, o.b, c.s->desc.format, c.s->desc.type,
                     c.sp.min_filter, c.sp.mag_filter, c.sp.mip_filter, c.b.lod_mode);
      }
      sf_surface_free(c.s);
    }
    printf("%s:", bes[k]->name);
    for (unsigned rel = 0; rel < SF_META_COUNT; rel++) {
      printf(" %s %u", sf_meta_rel_name(rel), applied[rel]);
      SF_CHECK(applied[rel] >= (k ? 30u : 100u));
    }
    printf("\n");
  }
}

/* ---- planted bugs: the scalar backend with one wrong rule each ---------------------------------- */

static void flip(sf_sample_out *o, unsigned l) { o->v[0][l] ^= 1u; }

static sf_code run(const sf_sample_batch *q, sf_sample_out *o, sf_status *st) { return sf_backend_scalar()->sample(q, o, st); }

#define PLANT(name, cond)                                                            \
  static sf_code name(const sf_sample_batch *q, sf_sample_out *o, sf_status *st) {   \
    sf_code rc = run(q, o, st);                                                      \
    for (unsigned l = 0; l < q->n && rc == SF_OK; l++)                               \
      if (cond) flip(o, l);                                                          \
    return rc;                                                                       \
  }

PLANT(p_offset, q->off_u[l] != 0 || q->off_v[l] != 0)
PLANT(p_wrap, ((long)floorf(q->u[l])) & 1)   /* odd periods read differently */
PLANT(p_mirror, q->u[l] < 0.0f)
PLANT(p_mip, q->lod_mode == SF_LOD_EXPLICIT)
PLANT(p_bias, q->lod_mode == SF_LOD_GRAD_BIAS)
PLANT(p_permute, l == 0)
PLANT(p_unused, isnan(q->r[l]) || isnan(q->ai[l]))
PLANT(p_format, q->surf && (q->surf->desc.format == SF_FMT_R16_UNORM || q->surf->desc.format == SF_FMT_RGBA16_UNORM || q->surf->desc.format == SF_FMT_R32F || q->surf->desc.format == SF_FMT_RGBA32F))

static sf_code p_cmp(const sf_sample_batch *q, sf_sample_out *o, sf_status *st) {
  sf_code rc = run(q, o, st);
  if (rc == SF_OK && q->compare)
    for (unsigned l = 0; l < q->n; l++) o->v[0][l] = 0x3f800000u;   /* always 1.0 */
  return rc;
}

/* a filter that loses huge values (as one whose b - a overflows would): results of magnitude 2^120
 * and more read as 0 */
static sf_code p_extreme(const sf_sample_batch *q, sf_sample_out *o, sf_status *st) {
  sf_code rc = run(q, o, st);
  for (unsigned l = 0; l < q->n && rc == SF_OK; l++)
    for (unsigned ch = 0; ch < 4; ch++) {
      uint32_t e = o->v[ch][l] >> 23 & 0xffu;
      if (!o->is_int && e >= 247u && e != 255u) o->v[ch][l] = 0;
    }
  return rc;
}

static void test_relations_fail_on_planted_bugs(void) {
  static const sf_backend planted[SF_META_COUNT] = {
      {"p_offset", p_offset, NULL, NULL, NULL}, {"p_wrap", p_wrap, NULL, NULL, NULL},
      {"p_mirror", p_mirror, NULL, NULL, NULL}, {"p_mip", p_mip, NULL, NULL, NULL},
      {"p_bias", p_bias, NULL, NULL, NULL},     {"p_permute", p_permute, NULL, NULL, NULL},
      {"p_unused", p_unused, NULL, NULL, NULL}, {"p_format", p_format, NULL, NULL, NULL},
      {"p_cmp", p_cmp, NULL, NULL, NULL},       {"p_extreme", p_extreme, NULL, NULL, NULL}};
  for (unsigned rel = 0; rel < SF_META_COUNT; rel++) {
    uint64_t r = 99;
    unsigned applied = 0, failed = 0;
    for (unsigned i = 0; i < 300; i++) {
      tcase c;
      if (!t_case(&r, &c, true)) continue;
      sf_meta_outcome o;
      sf_status st;
      sf_status_clear(&st);
      SF_CHECK(sf_meta_run(&planted[rel], rel, &c.b, &o, &st) == SF_OK);
      applied += o.applied;
      failed += o.failed;
      /* and through the check the targets call: its own check name */
      if (o.failed && failed == 1) {
        static sf_verdict v;
        static sf_indep_stats stats;
        char want[SF_VERDICT_NAME_MAX];
        sf_verdict_init(&v, "diff");
        SF_CHECK(!sf_check_meta_batch(&v, NULL, &planted[rel], &c.b, 1u << rel, &stats));
        snprintf(want, sizeof want, "meta_%s", sf_meta_rel_name(rel));
        SF_CHECK_STR(v.check, want);
      }
      sf_surface_free(c.s);
    }
    printf("%-10s planted bug: applied %u, broken %u\n", sf_meta_rel_name(rel), applied, failed);
    SF_CHECK_MSG(failed >= 10, "relation %s", sf_meta_rel_name(rel));
  }
}

int main(void) {
  SF_RUN(test_relations_hold);
  SF_RUN(test_relations_fail_on_planted_bugs);
  SF_TEST_END();
}
