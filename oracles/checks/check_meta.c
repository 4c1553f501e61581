/* oracles/checks/check_meta.c — the metamorphic relations as checks of the sampler targets
 * (docs/oracles.md "Metamorphic relations"; the relations are in oracles/indep/meta_*.c). Each
 * relation is its own check name, `meta_<relation>`, so triage buckets them apart. A relation that
 * does not apply to a case (no partner format, no surface, ...) is skipped silently; a refusal by the
 * reference of a derived batch is not a finding (the derived case may leave what the op allows). */
#include <stdio.h>
#include <string.h>

#include "samplefuzz/indep.h"
#include "samplefuzz/oracle.h"

bool sf_check_meta_batch(sf_verdict *v, const sf_inst *in, const sf_backend *be, const sf_sample_batch *b,
                         uint32_t relations, sf_indep_stats *stats) {
  for (unsigned rel = 0; rel < SF_META_COUNT; rel++) {
    if (!(relations >> rel & 1u)) continue;
    sf_meta_outcome o;
    sf_status st;
    sf_status_clear(&st);
    if (sf_meta_run(be, rel, b, &o, &st) != SF_OK || !o.applied) continue;
    stats->relations_applied++;
    if (!o.failed) continue;
    char check[SF_VERDICT_NAME_MAX];
    snprintf(check, sizeof check, "meta_%s", sf_meta_rel_name(rel));
    const sf_format_info *fi = b->surf ? sf_format_get(b->surf->desc.format) : NULL;
    sf_verdict_fail(v, check, in, fi ? fi->name : "unbound");
    sf_verdict_key(v, "meta %s format=%s type=%s lodmode=%u", sf_meta_rel_name(rel), fi ? fi->name : "none",
                   b->surf ? sf_surf_type_name(b->surf->desc.type) : "none", b->lod_mode);
    snprintf(v->backends, sizeof v->backends, "%s", be ? be->name : "scalar");
    sf_verdict_dumpf(v, "relation %s broken at lane %u channel %c: %08x vs %08x\n", sf_meta_rel_name(rel), o.lane,
                     "rgba"[o.ch], o.a, o.b);
    char buf[512];
    if (b->surf) sf_verdict_dumpf(v, "surface: %s\n", sf_surface_describe(b->surf, buf, sizeof buf));
    if (b->samp) sf_verdict_dumpf(v, "sampler: %s\n", sf_sampler_describe(b->samp, buf, sizeof buf));
    return false;
  }
  return true;
}
