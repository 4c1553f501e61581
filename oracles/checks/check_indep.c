/* oracles/checks/check_indep.c — the independent-interval check of the sampler targets
 * (docs/oracles.md "The independent model"): the reference's result for the executor's own request
 * batch, and for the request-level batch of sample_diff, must lie inside the interval that the
 * independent model (oracles/indep/, include/samplefuzz/indep.h) computes from the D3D11.3 spec.
 *
 * The executor's batch is taken, not rebuilt: sf_exec_recorded runs the instruction through a
 * recording backend that forwards every entry to the backend under test and keeps a copy of the
 * first sample batch and its result (and of the first SAMPLE_UNORM block, for exec_writeback). sf_backend carries no context pointer, and the executor hands
 * its sf_status pointer unchanged to the backend, so the recorder keeps its context in a struct whose
 * first member is that sf_status (a pointer to a struct converts to a pointer to its first member and
 * back, C17 6.7.2.1). The recording backend is static to this file and used only by sf_exec_recorded.
 * Cost: at most SF_INDEP_CHECK_LANES lanes per batch are checked. */
#include <stdio.h>
#include <string.h>

#include "samplefuzz/indep.h"
#include "samplefuzz/oracle.h"

static sf_indep_rec *rec_of(sf_status *st) { return (sf_indep_rec *)(void *)st; }

static sf_code rec_sample(const sf_sample_batch *q, sf_sample_out *o, sf_status *st) {
  sf_indep_rec *r = rec_of(st);
  const sf_backend *be = r->inner;
  sf_code rc = (be->sample ? be->sample : sf_backend_scalar()->sample)(q, o, st);
  if (rc == SF_OK && !r->got) {
    r->batch = *q;
    r->out = *o;
    r->got = true;
  }
  return rc;
}

static sf_code rec_unorm(const sf_unorm_req *q, sf_unorm_out *o, sf_status *st) {
  sf_indep_rec *r = rec_of(st);
  const sf_backend *be = r->inner;
  sf_code rc = (be->sample_unorm ? be->sample_unorm : sf_backend_scalar()->sample_unorm)(q, o, st);
  if (rc == SF_OK && !r->got_unorm) {
    r->unorm = *o;
    r->got_unorm = true;
  }
  return rc;
}

static sf_code rec_avs(const sf_avs_req *q, sf_avs_out *o, sf_status *st) {
  const sf_backend *be = rec_of(st)->inner;
  return (be->avs ? be->avs : sf_backend_scalar()->avs)(q, o, st);
}

static const sf_backend rec_backend = {"recorder", rec_sample, rec_unorm, rec_avs, NULL};

sf_code sf_exec_recorded(const sf_inst *in, sf_state *s, const sf_backend *be, sf_indep_rec *rec, sf_status *status) {
  memset(rec, 0, sizeof *rec);
  sf_status_clear(&rec->st);
  rec->inner = be ? be : sf_backend_select();
  sf_code rc = sf_exec(in, s, &rec_backend, &rec->st);
  if (status) *status = rec->st;
  return rc;
}

static float bits_f(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

bool sf_check_indep_batch(sf_verdict *v, const sf_inst *in, const sf_sample_batch *b, const sf_sample_out *out,
                          const char *where, sf_indep_stats *stats) {
  /* the first SF_INDEP_CHECK_LANES requested lanes */
  uint32_t lanes = 0;
  unsigned k = 0;
  for (unsigned l = 0; l < b->n && l < SF_MAX_LANES && k < SF_INDEP_CHECK_LANES; l++)
    if (b->lanes >> l & 1u) lanes |= 1u << l, k++;
  sf_indep_result *r = &stats->scratch;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_indep_sample(b, lanes, r, &st);
  if (rc != SF_OK) {
    stats->unsupported_batches++;
    return true;
  }
  for (unsigned l = 0; l < SF_MAX_LANES; l++) {
    stats->lanes_checked += r->checked >> l & 1u;
    stats->lanes_unsupported += r->unsupported >> l & 1u;
  }
  unsigned lane, ch;
  if (!sf_indep_violation(r, out, &lane, &ch)) return true;
  const sf_format_info *fi = b->surf ? sf_format_get(b->surf->desc.format) : NULL;
  sf_verdict_fail(v, "indep_interval", in, fi ? fi->name : "unbound");
  sf_verdict_key(v, "indep %s format=%s type=%s filter=%u%u%u lodmode=%u cmp=%d lodq=%d", where, fi ? fi->name : "none",
                 b->surf ? sf_surf_type_name(b->surf->desc.type) : "none", b->samp ? b->samp->min_filter : 0,
                 b->samp ? b->samp->mag_filter : 0, b->samp ? b->samp->mip_filter : 0, b->lod_mode, b->compare,
                 b->lod_query);
  uint32_t bits = out->v[ch][lane];
  sf_verdict_dumpf(v, "%s batch: lane %u channel %c = %08x (%.9g%s) is outside the independent interval [%.9g, %.9g]\n",
                   where, lane, "rgba"[ch], bits, out->is_int ? (double)bits : (double)bits_f(bits),
                   out->is_int ? ", integer" : "", r->lo[ch][lane], r->hi[ch][lane]);
  sf_verdict_dumpf(v, "lane inputs: u %.9g v %.9g r %.9g ai %.9g ref %.9g lod/bias %.9g off %d,%d,%d\n",
                   (double)b->u[lane], (double)b->v[lane], (double)b->r[lane], (double)b->ai[lane], (double)b->ref[lane],
                   (double)b->lod_or_bias[lane], b->off_u[lane], b->off_v[lane], b->off_r[lane]);
  sf_verdict_dumpf(v, "gradients: dudx %.9g dudy %.9g dvdx %.9g dvdy %.9g drdx %.9g drdy %.9g; lod mode %u compare %d lod query %d\n",
                   (double)b->dudx[lane], (double)b->dudy[lane], (double)b->dvdx[lane], (double)b->dvdy[lane],
                   (double)b->drdx[lane], (double)b->drdy[lane], b->lod_mode, b->compare, b->lod_query);
  char buf[512];
  if (b->surf) sf_verdict_dumpf(v, "surface: %s\n", sf_surface_describe(b->surf, buf, sizeof buf));
  if (b->samp) sf_verdict_dumpf(v, "sampler: %s\n", sf_sampler_describe(b->samp, buf, sizeof buf));
  return false;
}
