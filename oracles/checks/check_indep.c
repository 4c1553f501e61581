/* oracles/checks/check_indep.c — the independent-interval check of the sampler targets
 * (docs/oracles.md "The independent model"): the reference's result for the executor's own request
 * batch, and for the request-level batch of sample_diff, must lie inside the interval that the
 * independent model (oracles/indep/, include/samplefuzz/indep.h) computes from the D3D11.3 spec.
 *
 * The executor's batch is taken, not rebuilt: sf_exec_recorded runs the instruction through a
 * recording backend that forwards every entry to the backend under test and keeps a copy of the
 * first sample batch and its result (and of the first SAMPLE_UNORM and AVS blocks with their
 * requests, for exec_writeback and indep_unorm / indep_avs). sf_backend carries no context pointer,
 * and the executor hands its sf_status pointer unchanged to the backend, so the recorder keeps its
 * context in a struct whose first member is that sf_status (a pointer to a struct converts to a
 * pointer to its first member and back, C17 6.7.2.1). The recording backend is static to this file
 * and used only by sf_exec_recorded.
 * Cost: at most SF_INDEP_CHECK_LANES lanes per batch are checked; of SAMPLE_UNORM and AVS the first
 * block of each (AVS: plus one block of at most 16x4 of the check's own, sampled by the backend). */
#include <stdatomic.h>
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
    r->unorm_req = *q;
    r->got_unorm = true;
  }
  return rc;
}

static sf_code rec_avs(const sf_avs_req *q, sf_avs_out *o, sf_status *st) {
  sf_indep_rec *r = rec_of(st);
  const sf_backend *be = r->inner;
  sf_code rc = (be->avs ? be->avs : sf_backend_scalar()->avs)(q, o, st);
  if (rc == SF_OK && !r->got_avs) {
    r->avs_req = *q;
    r->avs = *o;
    r->got_avs = true;
  }
  return rc;
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
  if (rc == SF_ERR_STATE) {   /* a request the spec forbids, and the implementation answered it */
    const sf_format_info *fi = b->surf ? sf_format_get(b->surf->desc.format) : NULL;
    sf_verdict_fail(v, "indep_refuses", in, fi ? fi->name : "unbound");
    sf_verdict_key(v, "indep_refuses %s cmp=%d lodq=%d", where, b->compare, b->lod_query);
    sf_verdict_dumpf(v, "%s batch: the implementation answered a request the independent model refuses: %s\n", where,
                     st.msg);
    char buf[512];
    if (b->surf) sf_verdict_dumpf(v, "surface: %s\n", sf_surface_describe(b->surf, buf, sizeof buf));
    if (b->samp) sf_verdict_dumpf(v, "sampler: %s\n", sf_sampler_describe(b->samp, buf, sizeof buf));
    return false;
  }
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

/* ---- SAMPLE_UNORM and AVS blocks: `indep_unorm`, `indep_avs` ----------------------------------- */

/* sf_indep_totals, field by field, as atomics (the libFuzzer fork mode and `replay --jobs` run
 * checks on several threads). */
#define SF_INDEP_FIELDS(X)                                                                                             \
  X(lanes_checked) X(lanes_unsupported) X(unsupported_batches) X(relations_applied) X(unorm_blocks)                     \
  X(unorm_unsupported_blocks) X(unorm_px_checked) X(unorm_px_unsupported) X(avs_blocks) X(avs_unsupported_blocks)    \
  X(avs_px_checked) X(avs_px_unsupported)
#define SF_X(f) static atomic_ullong tot_##f;
SF_INDEP_FIELDS(SF_X)
#undef SF_X

void sf_indep_stats_flush(const sf_indep_stats *s) {
#define SF_X(f) if (s->f) atomic_fetch_add_explicit(&tot_##f, s->f, memory_order_relaxed);
  SF_INDEP_FIELDS(SF_X)
#undef SF_X
}

void sf_indep_totals_get(sf_indep_totals *t) {
#define SF_X(f) t->f = atomic_load(&tot_##f);
  SF_INDEP_FIELDS(SF_X)
#undef SF_X
}

static unsigned popcount64(uint64_t x) {
  unsigned n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

static const char *fmt_name(const sf_surface *s) {
  const sf_format_info *fi = s ? sf_format_get(s->desc.format) : NULL;
  return fi ? fi->name : s ? "unknown" : "unbound";
}

static bool check_unorm_block(sf_verdict *v, const sf_inst *in, const sf_unorm_req *q, const sf_unorm_out *out,
                              sf_indep_stats *stats) {
  sf_indep_unorm_result *r = &stats->unorm_scratch;
  sf_status st;
  sf_status_clear(&st);
  if (sf_indep_unorm(q, r, &st) != SF_OK) {
    stats->unorm_unsupported_blocks++;
    return true;
  }
  unsigned nc = popcount64(r->checked), nu = popcount64(r->unsupported);
  stats->unorm_blocks++;
  stats->unorm_px_checked += nc;
  stats->unorm_px_unsupported += nu;
  unsigned px, ch;
  if (!sf_indep_unorm_violation(r, out, &px, &ch)) return true;
  const sf_sampler *sp = q->samp;
  sf_verdict_fail(v, "indep_unorm", in, fmt_name(q->surf));
  sf_verdict_key(v, "indep unorm format=%s filter=%u addr=%u,%u", fmt_name(q->surf), sp ? sp->mag_filter : 0,
                 sp ? sp->addr[0] : 0, sp ? sp->addr[1] : 0);
  uint16_t g = out->v[ch][px];
  sf_verdict_dumpf(v, "sample_unorm block: pixel (%u, %u) channel %c = 0x%04x (%.4f in 8.8) is outside the independent "
                   "interval [%.4f, %.4f]\n", px % 8, px / 8, "rgba"[ch], g, g / 256.0, r->lo[ch][px] / 256.0,
                   r->hi[ch][px] / 256.0);
  sf_verdict_dumpf(v, "request: u %.9g v %.9g du %.9g dv %.9g (pixel (x, y) at u + x*du, v + y*dv)\n", (double)q->u,
                   (double)q->v, (double)q->du, (double)q->dv);
  char buf[512];
  if (q->surf) sf_verdict_dumpf(v, "surface: %s\n", sf_surface_describe(q->surf, buf, sizeof buf));
  if (sp) sf_verdict_dumpf(v, "sampler: %s\n", sf_sampler_describe(sp, buf, sizeof buf));
  return false;
}

/* `table` names the request: "case" (as the executor made it) or "own" (the check's table below at
 * the check's positions). */
static bool check_avs_block(sf_verdict *v, const sf_inst *in, const sf_avs_req *q, const sf_avs_out *out,
                            const char *table, sf_indep_stats *stats) {
  sf_indep_avs_result *r = &stats->avs_scratch;
  sf_status st;
  sf_status_clear(&st);
  if (sf_indep_avs(q, r, &st) != SF_OK) {
    stats->avs_unsupported_blocks++;
    return true;
  }
  unsigned nc = popcount64(r->checked[0]) + popcount64(r->checked[1]);
  unsigned nu = popcount64(r->unsupported[0]) + popcount64(r->unsupported[1]);
  stats->avs_blocks++;
  stats->avs_px_checked += nc;
  stats->avs_px_unsupported += nu;
  unsigned px, ch;
  if (!sf_indep_avs_violation(r, out, &px, &ch)) return true;
  const sf_sampler *sp = q->samp;
  sf_verdict_fail(v, "indep_avs", in, fmt_name(q->surf));
  sf_verdict_key(v, "indep avs format=%s table=%s taps8all=%d block=%ux%u", fmt_name(q->surf), table,
                 sp ? sp->avs_8tap_all : 0, q->w, q->h);
  uint16_t g = out->v[ch][px];
  unsigned w = q->w ? q->w : 1;
  const char *what = table[0] == 'c' ? "the executor's request" : "the check's table and positions";
  sf_verdict_dumpf(v, "avs block (%s): pixel (%u, %u) channel %c = 0x%04x (%.4f in 8.8) is outside the independent "
                   "interval [%.4f, %.4f]\n", what, px % w, px / w, "rgba"[ch], g, g / 256.0, r->lo[ch][px] / 256.0,
                   r->hi[ch][px] / 256.0);
  sf_verdict_dumpf(v, "request: u %.9g v %.9g du %.9g dv %.9g u2d %.9g v2d %.9g vbn %u block %ux%u ief %d\n",
                   (double)q->u, (double)q->v, (double)q->du, (double)q->dv, (double)q->u2d, (double)q->v2d, q->vbn,
                   q->w, q->h, q->ief);
  char buf[512];
  if (q->surf) sf_verdict_dumpf(v, "surface: %s\n", sf_surface_describe(q->surf, buf, sizeof buf));
  if (sp) sf_verdict_dumpf(v, "sampler: %s\n", sf_sampler_describe(sp, buf, sizeof buf));
  if (table[0] == 'o')
    sf_verdict_dumpf(v, "own table (phase p): luma {1, -1, -4, 68-2p, 4+2p, -4, -1, 1}, chroma {-2, 66-2p, 2+2p, -2}\n");
  return false;
}

/* The check's own AVS coefficients (S1.6, every phase summing to 64): chroma a bilinear between its
 * centre taps with -2 lobes, luma a bilinear between its centre taps sharpened with lobes of -4, -1
 * and +1. With them a 4-tap and an 8-tap reading, or two neighbouring phases, differ on any
 * neighbourhood that is not constant, unlike with the "nearest" tables of the generated cases. */
static void own_avs_table(sf_sampler *s) {
  for (int p = 0; p < (int)SF_AVS_PHASES; p++) {
    static const int8_t lobes[SF_AVS_LUMA_TAPS] = {1, -1, -4, 0, 0, -4, -1, 1};
    for (unsigned t = 0; t < SF_AVS_LUMA_TAPS; t++) s->avs_luma[p][t] = lobes[t];
    s->avs_luma[p][3] = (int8_t)(68 - 2 * p);
    s->avs_luma[p][4] = (int8_t)(4 + 2 * p);
    s->avs_chroma[p][0] = -2;
    s->avs_chroma[p][1] = (int8_t)(66 - 2 * p);
    s->avs_chroma[p][2] = (int8_t)(2 + 2 * p);
    s->avs_chroma[p][3] = -2;
  }
}

/* Samples q on be and, when `model`, judges the block; a refusal (other than out of memory) is a
 * finding: the recorded request was accepted, and q differs from it only in a valid table, finite
 * positions and the height (at most 4 rows of the same width). Every other
 * backend of be_all[0..nbe) samples q too and must give be's block bit for bit (`avs_own_lanes`):
 * AVS is exact integer arithmetic on every backend (docs/precision-model.md §12). */
static bool check_avs_derived(sf_verdict *v, const sf_inst *in, const sf_backend *be, const sf_avs_req *q,
                              const char *table, bool model, const sf_backend *const *be_all, unsigned nbe,
                              sf_indep_stats *stats) {
  sf_avs_out out, other;
  sf_status st;
  sf_status_clear(&st);
  memset(&out, 0, sizeof out);
  sf_code own = (be->avs ? be->avs : sf_backend_scalar()->avs)(q, &out, &st);
  if (own == SF_ERR_NOMEM) return true;
  if (own != SF_OK) { /* the recorded request, valid, with a valid table and finite positions */
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "avs_own_lanes", in, "refused");
    sf_verdict_key(v, "avs_own_lanes %s refused %s", table, sf_code_name(own));
    sf_verdict_dumpf(v, "%s: the backend %s, which accepted the case's AVS block, refused the same block with the check's "
                     "own table and positions: %s\n", table, be->name, sf_status_format(&st, msg, sizeof msg));
    return false;
  }
  if (model && !check_avs_block(v, in, q, &out, table, stats)) return false;
  for (unsigned i = 0; i < nbe; i++) {
    const sf_backend *b = be_all[i];
    if (b == be) continue;
    sf_status_clear(&st);
    memset(&other, 0, sizeof other);
    sf_code rc = (b->avs ? b->avs : sf_backend_scalar()->avs)(q, &other, &st);
    unsigned px = 0, ch = 0;
    bool same = rc == SF_OK;
    for (ch = 0; same && ch < 4; ch++)
      for (px = 0; same && px < q->w * q->h; px++) same = other.v[ch][px] == out.v[ch][px];
    if (same) continue;
    char buf[512];
    sf_verdict_fail(v, "avs_own_lanes", in, b->name);
    sf_verdict_key(v, "avs_own_lanes table=%s format=%s", table, fmt_name(q->surf));
    snprintf(v->backends, sizeof v->backends, "%s,%s", be->name, b->name);
    if (rc != SF_OK)
      sf_verdict_dumpf(v, "the check's own AVS request (%s): %s refused it (%s), %s sampled it\n", table, b->name,
                       sf_code_name(rc), be->name);
    else
      sf_verdict_dumpf(v, "the check's own AVS request (%s): pixel (%u, %u) channel %c: %s 0x%04x, %s 0x%04x\n", table,
                       (px - 1) % q->w, (px - 1) / q->w, "rgba"[ch - 1], be->name, out.v[ch - 1][px - 1], b->name,
                       other.v[ch - 1][px - 1]);
    sf_verdict_dumpf(v, "request: u %.9g v %.9g du %.9g dv %.9g block %ux%u\n", (double)q->u, (double)q->v,
                     (double)q->du, (double)q->dv, q->w, q->h);
    if (q->surf) sf_verdict_dumpf(v, "surface: %s\n", sf_surface_describe(q->surf, buf, sizeof buf));
    return false;
  }
  return true;
}

bool sf_check_indep_unorm(sf_verdict *v, const sf_inst *in, const sf_indep_rec *rec, const sf_backend *const *be,
                          unsigned nbe, sf_indep_stats *stats) {
  if (rec->got_unorm && !check_unorm_block(v, in, &rec->unorm_req, &rec->unorm, stats)) return false;
  if (!rec->got_avs) return true;
  if (!check_avs_block(v, in, &rec->avs_req, &rec->avs, "case", stats)) return false;
  if (!rec->avs_req.samp || !rec->avs_req.surf || !rec->inner) return true;
  /* The generated cases have the "nearest" tables (where 4 and 8 taps read the same texel) and their
   * positions often lie far outside the surface or are not finite: the backend that computed the
   * recorded block also samples the case's surface with the check's own table at positions of its
   * own, in the recorded block's width and at most 4 rows (bounds the cost):
   *   own       crossing the surface with a phase changing from pixel to pixel
   *             (u = 0.13/W + 0.61x/W, v = 0.29/H + 0.83y/H);
   *   null_edge the block at the null page the generator made (SF_CASE_F_NULL_TILE, one of the
   *             first 8x8 tiles, sf_case_null_tile): the first column's taps starting one texel
   *             past the tile's left edge plus 9, the rows at the tile's top or (surfaces of odd
   *             width plus height) from about 4.8 texels down, inside the tile, so that the outer
   *             taps reach into the tile: a kernel that tests a narrower footprint than its taps'
   *             for null pages (or one whose row box lost its extent) reads the tile as data. With
   *             other backends to compare, it is judged by them alone: the model costs more than
   *             all of them (the case's own block on a null tile goes to the model already). */
  sf_sampler own = *rec->avs_req.samp;
  own_avs_table(&own);
  sf_avs_req q = rec->avs_req;
  q.samp = &own;
  float w = (float)rec->avs_req.surf->desc.width, h = (float)rec->avs_req.surf->desc.height;
  q.u = 0.13f / w, q.du = 0.61f / w, q.u2d = 0.0f;
  q.v = 0.29f / h, q.dv = 0.83f / h, q.v2d = 0.0f;
  q.vbn = 0;
  if (q.h > 4) q.h = 4;
  if (!check_avs_derived(v, in, rec->inner, &q, "own", true, be, nbe, stats)) return false;
  const sf_surface *s = rec->avs_req.surf;
  const sf_level *lv = &s->levels[0];
  unsigned tile = 64;   /* the first null one of the first 8x8 tiles, as ty * 8 + tx */
  for (unsigned i = 0; i < 64 && tile == 64; i++) {
    size_t t = lv->null_offset + (size_t)(i / 8) * lv->tiles_x + i % 8;
    if (i / 8 < lv->tiles_y && i % 8 < lv->tiles_x && t < s->null_size && s->null_map[t]) tile = i;
  }
  if (tile == 64) return true;
  unsigned tx = tile % 8, ty = tile / 8;
  q.u = ((float)(tx * SF_NULL_TILE) + 10.1f) / w, q.du = 0.61f / w;
  q.v = ((float)(ty * SF_NULL_TILE) + ((s->desc.width + s->desc.height) & 1u ? 5.3f : 1.8f)) / h, q.dv = 0.83f / h;
  return check_avs_derived(v, in, rec->inner, &q, "null_edge", nbe == 0, be, nbe, stats);
}
