/* oracles/checks/check_fastpath.c — checks on the SIMD backends' own paths, which result
 * comparisons on ordinary inputs cannot see (the choice of a backend is check_dispatch.c's): `fast_path` (a request every SIMD backend vectorizes is not handed to the scalar code;
 * with it `rect_groups`, `cube_edge`, `deep_chain` and the AVS blocks of check_fastpath_avs.c), `request_lod`, `request_extreme` (the float32
 * filters near the top of the float range), `request_cube_ties` and `request_forbidden` (requests
 * the spec forbids are refused). They run in sample_diff_fuzzer; the 8-bit paths' edges, `u8_edges`,
 * are in check_u8_edges.c. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/indep.h"

/* `fast_path`: fixed requests that every SIMD backend computes itself (docs/simd.md, "What is
 * vectorized"): a linear 3D_SAMPLE batch on a 2D RGBA32F surface of one level, one SAMPLE_UNORM
 * block and one AVS block (of each size in turn, by the case, and once more with the case's own AVS
 * coefficient tables) on a 2D RGBA8 surface, with the sampler's LOD bias and LOD clamps at the ends
 * of their ranges.
 * sf_backend_forwarded must not move. A fast path that stopped running
 * (its eligibility test inverted, say) gives the scalar results, the same bits: only this sees it.
 * And one request each backend forwards (an sRGB batch) must move its count, or the count read is
 * not the backend's own and the first test proves nothing. `lanes_past_n`: a 5-lane batch gives the
 * same results with the bits of lanes past n clear and set (sampler.h), on one backend per case. */
typedef struct fp_fixture {
  sf_surface *f32, *u8, *srgb;
  sf_surface *cube;                    /* RGBA8 cube 4x4, three levels (cube_edge) */
  sf_surface *deep;                    /* RGBA32F 16384x1, all 15 levels (deep_chain) */
  sf_surface *r8;                      /* R8 64x8 (rect_groups' R8 window) */
  sf_surface *narrow;                  /* RGBA8 4x4 (rect_groups: a window as wide as the row) */
  sf_sampler samp;
  bool ready, failed, cube_done, deep_done;
  sf_status why; /* the refusal, when a surface was not created */
} fp_fixture;

static _Thread_local fp_fixture fp;

static bool fp_setup(void) {
  if (fp.ready || fp.failed) return fp.ready;
  sf_status st;
  sf_status_clear(&st);
  sf_surface_desc d = {SF_SURF_2D, SF_FMT_RGBA32F, 8, 8, 1, 1, 1};
  sf_surface_desc d8 = {SF_SURF_2D, SF_FMT_RGBA8_UNORM, 16, 16, 1, 1, 1};
  sf_surface_desc ds = {SF_SURF_2D, SF_FMT_RGBA8_SRGB, 8, 8, 1, 1, 1};
  sf_surface_desc dc = {SF_SURF_CUBE, SF_FMT_RGBA8_UNORM, 4, 4, 1, 1, 3};
  sf_surface_desc dd = {SF_SURF_2D, SF_FMT_RGBA32F, SF_SURF_MAX_DIM, 1, 1, 1, SF_SURF_MAX_LEVELS};
  sf_surface_desc dr = {SF_SURF_2D, SF_FMT_R8_UNORM, 64, 8, 1, 1, 1};
  sf_surface_desc dw = {SF_SURF_2D, SF_FMT_RGBA8_UNORM, 4, 4, 1, 1, 1};
  if (sf_surface_create(&fp.f32, &d, &st) != SF_OK || sf_surface_create(&fp.u8, &d8, &st) != SF_OK ||
      sf_surface_create(&fp.srgb, &ds, &st) != SF_OK || sf_surface_create(&fp.cube, &dc, &st) != SF_OK ||
      sf_surface_create(&fp.deep, &dd, &st) != SF_OK ||
      sf_surface_create(&fp.r8, &dr, &st) != SF_OK || sf_surface_create(&fp.narrow, &dw, &st) != SF_OK) {
    fp.failed = true; /* the caller judges the refusal: only out of memory leaves it nothing to say */
    fp.why = st;
    return false;
  }
  sf_sampler_default(&fp.samp);
  fp.samp.min_filter = fp.samp.mag_filter = SF_FILTER_LINEAR;
  /* texels 0.5 + 0.25 i (float bits 0x3f00.., 0x3f40..): a lane sampled that should not be is seen */
  static const uint8_t pat[8] = {0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x40, 0x3f};
  sf_surface_fill(fp.f32, pat, sizeof pat);
  static const uint8_t pat8[7] = {9, 200, 31, 77, 150, 3, 250};
  sf_surface_fill(fp.u8, pat8, sizeof pat8); /* every channel of a texel differs from the next one */
  sf_surface_fill(fp.cube, pat8, sizeof pat8);
  sf_surface_fill(fp.deep, pat, sizeof pat);
  sf_surface_fill(fp.r8, pat8, sizeof pat8);
  sf_surface_fill(fp.narrow, pat8, sizeof pat8);
  fp.ready = true;
  return true;
}

static bool rect_groups(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe);
static bool cube_edge(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe);
static bool deep_chain(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe);
static bool request_all_equal(sf_verdict *v, const sf_case *c, const sf_sample_batch *q, const sf_backend *const *be,
                              unsigned nbe, const char *check, const char *what);

bool sf_check_fast_path(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  if (!fp_setup()) {
    if (fp.why.code == SF_ERR_NOMEM) return true;
    /* small valid 2D surfaces (RGBA32F, RGBA8, RGBA8 sRGB) and a 4x4 cube: a refusal is a finding,
     * not a reason to skip the check */
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "fast_path", &c->inst, "setup");
    sf_verdict_key(v, "fast_path setup %s", sf_code_name(fp.why.code));
    sf_verdict_dumpf(v, "a valid small 2D or cube surface was refused: %s\n", sf_status_format(&fp.why, msg, sizeof msg));
    return false;
  }
  /* the scalar backend forwards nothing; its lookup walks the whole table of built-ins */
  unsigned long scalar_fwd = sf_backend_forwarded(sf_backend_scalar());
  if (scalar_fwd != 0) {
    sf_verdict_fail(v, "fast_path", &c->inst, "scalar");
    sf_verdict_key(v, "fast_path scalar forwarded_count");
    sf_verdict_dumpf(v, "the scalar backend reports %lu forwarded requests\n", scalar_fwd);
    return false;
  }
  sf_sample_batch q;
  memset(&q, 0, sizeof q);
  q.surf = fp.f32;
  q.samp = &fp.samp;
  q.lod_mode = SF_LOD_EXPLICIT;
  q.n = 8;
  q.lanes = 0xFF;
  for (unsigned i = 0; i < 8; i++) q.u[i] = 0.1f + 0.1f * (float)i, q.v[i] = 0.9f - 0.1f * (float)i;
  /* the sampler's numeric fields at the ends of their valid ranges, picked by the case: a backend's
   * own state test that is one off at an end forwards a request it should compute */
  fp.samp.lod_bias = (int16_t)((c->pattern[27] & 1u) ? 4095 : -4096);
  fp.samp.min_lod = (uint16_t)((c->pattern[27] & 2u) ? 4095 : 0);
  fp.samp.max_lod = (uint16_t)((c->pattern[27] & 4u) ? 4095 : fp.samp.min_lod);
  /* and the mip filter, each of its three values (the last, linear, at the end of its range) */
  fp.samp.mip_filter = (uint8_t)((c->pattern[27] >> 3) % 3u);
  /* and the compare function, any of the eight (unused here, but part of the state a backend tests;
   * SF_CMP_ALWAYS at the end of its range) */
  fp.samp.compare = (uint8_t)(c->pattern[28] % 8u);
  /* taps on texels 7 to 10 of a 16-texel row: in the block fast path's 16-texel window near its
   * middle (a test of the taps' sum, not their span, would turn it away); rows 3 to 4, or (by the
   * case) 0 to 1, which a row test of `> 0` for `>= 0` would turn away */
  sf_unorm_req uq = {fp.u8, &fp.samp, 0.5f, (c->pattern[26] & 4u) ? 1.0f / 32 : 0.25f, 1.0f / 64, 1.0f / 64};
  static const uint8_t avs_w[4] = {16, 16, 8, 4}, avs_h[4] = {4, 8, 4, 4};
  unsigned size = c->pattern[26] % 4u;
  sf_avs_req aq = {.surf = fp.u8, .samp = &fp.samp, .u = 0.2f, .v = 0.3f, .du = 1.0f / 32, .dv = 1.0f / 32,
                   .w = avs_w[size], .h = avs_h[size]};
  /* `lanes_past_n`: the bits of lanes at n and above name no lane (sampler.h), so a backend gives
   * the same result with them set (one backend per case, picked by it: two small batches) */
  for (unsigned b = c->pattern[37] % (nbe ? nbe : 1u); b < nbe; b = nbe) {
    if (!be[b]->sample) continue;
    sf_sample_batch q1 = q, q2; /* 5 lanes: lane 5 lies inside the first vector of every width (4, 8, 16) */
    q1.n = 5;
    q1.lanes = 0x1Fu;
    q2 = q1;
    q2.lanes = 0xFFFFFFFFu;
    sf_sample_out o1, o2;
    sf_status s1, s2;
    sf_status_clear(&s1);
    sf_status_clear(&s2);
    sf_code a1 = be[b]->sample(&q1, &o1, &s1), a2 = be[b]->sample(&q2, &o2, &s2);
    if (a1 == a2 && (a1 != SF_OK || (!memcmp(o1.v, o2.v, sizeof o1.v) && o1.null_mask == o2.null_mask && o1.is_int == o2.is_int)))
      continue;
    sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
    sf_verdict_key(v, "fast_path %s lanes_past_n", be[b]->name);
    sf_verdict_dumpf(v, "%s: a batch of %u lanes gave %s with lanes 0x%x and %s with every bit of lanes set: the bits past n "
                        "must name no lane\n", be[b]->name, q1.n, sf_code_name(a1), q1.lanes, sf_code_name(a2));
    return false;
  }
  for (unsigned b = 0; b < nbe; b++) {
    if (!strcmp(be[b]->name, "scalar")) continue;
    sf_status st;
    sf_status_clear(&st);
    unsigned long before = sf_backend_forwarded(be[b]);
    sf_sample_out out;
    sf_unorm_out uo;
    sf_code r1 = be[b]->sample ? be[b]->sample(&q, &out, &st) : SF_OK;
    unsigned long mid = sf_backend_forwarded(be[b]), fast = sf_backend_count(be[b], SF_COUNT_UNORM_FAST);
    sf_code r2 = be[b]->sample_unorm ? be[b]->sample_unorm(&uq, &uo, &st) : SF_OK;
    unsigned long after = sf_backend_forwarded(be[b]);
    /* the SAMPLE_UNORM block (RGBA8, 1/4 texel a pixel) is one the block fast path takes (AVX2 and
     * AVX-512, docs/simd.md): a test that no longer lets it through gives the generic path's bits */
    fast = sf_backend_count(be[b], SF_COUNT_UNORM_FAST) - fast;
    unsigned want_fast = !strcmp(be[b]->name, "avx2") || !strcmp(be[b]->name, "avx512");
    if (r2 == SF_OK && be[b]->sample_unorm && fast != want_fast) {
      sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
      sf_verdict_key(v, "fast_path %s unorm_fast", be[b]->name);
      sf_verdict_dumpf(v, "%s: a SAMPLE_UNORM RGBA8 block inside the surface moved the block fast path's count by %lu, "
                          "want %u\n", be[b]->name, fast, want_fast);
      return false;
    }
    sf_avs_out ao;
    sf_code r3 = be[b]->avs ? be[b]->avs(&aq, &ao, &st) : SF_OK;
    /* and with the case's own AVS tables (valid: every case's sampler passes sf_sampler_check),
     * which the backends' own table test must take as the scalar check does */
    sf_sampler own = fp.samp;
    memcpy(own.avs_luma, c->samp.avs_luma, sizeof own.avs_luma);
    memcpy(own.avs_chroma, c->samp.avs_chroma, sizeof own.avs_chroma);
    sf_avs_req oq0 = aq;
    oq0.samp = &own;
    if (r3 == SF_OK && be[b]->avs) r3 = be[b]->avs(&oq0, &ao, &st);
    unsigned long last = sf_backend_forwarded(be[b]);
    /* an AVS block of a size no mode has (12x4, 4x8 or 8x8, by the case) is refused as the scalar
     * entry refuses it, not computed */
    static const uint8_t bad_w[3] = {12, 4, 8}, bad_h[3] = {4, 8, 8};
    sf_avs_req bq = aq;
    bq.w = bad_w[c->pattern[30] % 3u], bq.h = bad_h[c->pattern[30] % 3u];
    sf_status_clear(&st);
    sf_code r5 = be[b]->avs ? be[b]->avs(&bq, &ao, &st) : SF_ERR_INVALID;
    if (r5 != SF_ERR_INVALID) {
      sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
      sf_verdict_key(v, "fast_path %s avs_size", be[b]->name);
      sf_verdict_dumpf(v, "%s: an AVS block of %ux%u (no AVS mode) gave %s, not SF_ERR_INVALID as the scalar entry gives\n",
                       be[b]->name, bq.w, bq.h, sf_code_name(r5));
      return false;
    }
    /* an AVS block with adaptive filtering (not modeled: unsupported), or with a sampler state the
     * sampler check refuses, is refused as the scalar entry refuses it, not computed by a fast path */
    for (unsigned k = 0; k < 2; k++) {
      sf_sampler odd = fp.samp;
      if (k == 0) odd.avs_adaptive = 1;
      else odd.addr[c->pattern[31] % 2u] = SF_ADDR_COUNT;
      sf_avs_req oq = aq;
      oq.samp = &odd;
      sf_status s0;
      sf_status_clear(&s0);
      sf_code want = sf_backend_scalar()->avs(&oq, &ao, &s0);
      sf_status_clear(&st);
      sf_code got = be[b]->avs ? be[b]->avs(&oq, &ao, &st) : want;
      if (want != SF_OK && got == want) continue;
      sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
      sf_verdict_key(v, "fast_path %s avs_%s", be[b]->name, k ? "state" : "adaptive");
      sf_verdict_dumpf(v, "%s: an AVS block %s gave %s, the scalar entry %s\n", be[b]->name,
                       k ? "with an address mode out of range" : "with adaptive filtering", sf_code_name(got), sf_code_name(want));
      return false;
    }
    /* and one it hands to the scalar code (sRGB: docs/simd.md "Not done") moves its own count */
    q.surf = fp.srgb;
    sf_code r4 = be[b]->sample ? be[b]->sample(&q, &out, &st) : SF_OK;
    q.surf = fp.f32;
    unsigned long fwd = sf_backend_forwarded(be[b]);
    if (be[b]->sample && r4 == SF_OK && fwd == last) {
      sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
      sf_verdict_key(v, "fast_path %s forwarded_count", be[b]->name);
      sf_verdict_dumpf(v, "%s: an sRGB sample batch, which it hands to the scalar code, did not move its forwarded "
                          "count (%lu before and after): the count read is not this backend's\n", be[b]->name, last);
      return false;
    }
    if (r1 == SF_OK && r2 == SF_OK && r3 == SF_OK && mid == before && after == mid && last == after) continue;
    const char *what = r1 != SF_OK || mid != before ? "sample" : r2 != SF_OK || after != mid ? "sample_unorm" : "avs";
    sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
    sf_verdict_key(v, "fast_path %s %s", be[b]->name, what);
    sf_verdict_dumpf(v, "%s: a %s request it vectorizes (docs/simd.md; AVS block %ux%u) %s (%s, %s, %s)\n", be[b]->name,
                     what, aq.w, aq.h, r1 != SF_OK || r2 != SF_OK || r3 != SF_OK ? "was refused" : "was handed to the scalar code",
                     sf_code_name(r1), sf_code_name(r2), sf_code_name(r3));
    return false;
  }
  return rect_groups(v, c, be, nbe) && sf_check_fast_avs(v, c, &fp.samp, be, nbe) && cube_edge(v, c, be, nbe) &&
         deep_chain(v, c, be, nbe);
}

/* A 16-lane batch on surface s at explicit LODs (the caller sets the coordinates and LODs), with
 * sampler *sp: fp.samp made trilinear, its LOD bias 0 and its clamps wide open. */
static void trilinear_batch(sf_sample_batch *q, sf_sampler *sp, sf_surface *s, uint32_t lanes) {
  *sp = fp.samp;
  sp->min_filter = sp->mag_filter = SF_FILTER_LINEAR;
  sp->mip_filter = SF_MIP_LINEAR;
  sp->lod_bias = 0;
  sp->min_lod = 0;
  sp->max_lod = 4095;
  memset(q, 0, sizeof *q);
  q->surf = s;
  q->samp = sp;
  q->lod_mode = SF_LOD_EXPLICIT;
  q->n = 16;
  q->lanes = lanes;
}

/* `deep_chain` (with `fast_path`, once per thread): a trilinear batch on a 2D RGBA32F surface of
 * SF_SURF_MAX_DIM x 1 with all SF_SURF_MAX_LEVELS levels, the longest chain a surface may have
 * (sampler.h), at explicit LODs from 0 to past the last level. The SIMD sample path computes any
 * valid chain (docs/simd.md): every backend must give the scalar entry's bits and leave its
 * forwarded count alone. The fuzzed surfaces are small, so their chains stop far short of the cap,
 * and a test of the chain length that is one off at the cap forwards this batch only. */
static bool deep_chain(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  if (fp.deep_done) return true;
  fp.deep_done = true;
  sf_sampler sp;
  sf_sample_batch q;
  trilinear_batch(&q, &sp, fp.deep, 0xFFFFu);
  for (unsigned l = 0; l < q.n; l++) {
    q.u[l] = 0.03f + 0.061f * (float)l;
    q.lod_or_bias[l] = 0.95f * (float)l; /* 0 to 14.25: every level, the last one's LOD past it */
  }
  sf_sample_out want, got;
  sf_status st;
  sf_status_clear(&st);
  const char *name = "scalar", *bad = NULL;
  if (sf_backend_scalar()->sample(&q, &want, &st) != SF_OK) bad = "scalar";
  for (unsigned b = 0; !bad && b < nbe; b++) {
    if (!strcmp(be[b]->name, "scalar") || !be[b]->sample) continue;
    unsigned long f0 = sf_backend_forwarded(be[b]);
    sf_status_clear(&st);
    memset(&got, 0xA5, sizeof got);
    name = be[b]->name;
    if (be[b]->sample(&q, &got, &st) != SF_OK || !sf_out_equal(&want, &got, q.n)) bad = "bits";
    else if (sf_backend_forwarded(be[b]) != f0) bad = "forwarded";
  }
  if (!bad) return true;
  sf_verdict_fail(v, "fast_path", &c->inst, name);
  sf_verdict_key(v, "fast_path %s deep_chain %s", name, bad);
  sf_verdict_dumpf(v, "%s: a trilinear batch on a %ux1 RGBA32F surface of %u levels %s\n", name, SF_SURF_MAX_DIM,
                   SF_SURF_MAX_LEVELS,
                   !strcmp(bad, "bits") ? "differs from the scalar entry"
                   : !strcmp(bad, "forwarded") ? "was handed to the scalar code" : "was refused by the scalar entry");
  return false;
}

/* `cube_edge` (with `fast_path`, once per thread): a trilinear batch on the 4x4 cube of three
 * levels whose directions put every lane's bilinear footprint across the right or bottom edge of
 * its face, on each level, with half the lanes left out of the lane mask and the LODs mixed so that
 * some lanes have a second level and others (LOD 0, 1 or 2) do not. The SIMD cube path remaps the
 * taps that cross an edge only for the lanes it computes; the others must keep their taps in the
 * face (the fuzz builds' fetch stops on a tap outside its level, simd.md), and every computed lane
 * must equal the scalar backend's bits. Then the same directions with gradients on every lane: each
 * face's projection of the derivatives (the LOD) must give the scalar bits too. Then footprints
 * across a corner of each face, whose fourth tap is the average of the other three. Generated cases
 * reach this mix only by luck. */
static bool cube_edge(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  if (fp.cube_done || nbe < 2) return true;
  fp.cube_done = true;
  sf_sampler sp;
  sf_sample_batch q;
  trilinear_batch(&q, &sp, fp.cube, 0x5A5Au); /* every vector width (4, 8, 16) holds lanes in and out of the mask */
  static const float lod[4] = {0.5f, 0.0f, 1.5f, 2.0f};
  for (unsigned l = 0; l < q.n; l++) {
    float e = 0.999f - 0.0001f * (float)l; /* the face coordinate next to 1: the second tap is column N */
    unsigned f = l % 6u;                   /* each face in turn, the footprint past its s = 1 or t = 1 edge */
    float a = (f & 1u) ? -1.0f : 1.0f, b = (l & 2u) ? e : 0.25f, d = (l & 2u) ? 0.25f : e;
    float x = 0, y = 0, z = 0;
    switch (f / 2u) { /* +X: s = -z, t = -y; +Y: s = x, t = z; +Z: s = x, t = -y (signs per face) */
      case 0: x = a, z = -a * b, y = -d; break;
      case 1: y = a, x = b, z = a * d; break;
      default: z = a, x = a * b, y = -d; break;
    }
    q.u[l] = x, q.v[l] = y, q.r[l] = z;
    q.lod_or_bias[l] = lod[(l / 2u + l) % 4u];
  }
  if (!request_all_equal(v, c, &q, be, nbe, "fast_path", "cube edge lanes")) return false;
  /* The same directions with gradients, every lane in the mask: the LOD comes from the derivatives
   * projected on each lane's face (§7.18.11), a table of six rows, and lands between the levels. A
   * row with one sign or one axis wrong moves the LOD of that face's lanes only. */
  q.lod_mode = SF_LOD_GRAD;
  q.lanes = 0xFFFFu;
  for (unsigned l = 0; l < q.n; l++) {
    float k = 0.2f + 0.05f * (float)(l % 5u);
    q.dudx[l] = k, q.dvdx[l] = -0.5f * k, q.drdx[l] = 0.75f * k;
    q.dudy[l] = -0.25f * k, q.dvdy[l] = 0.6f * k, q.drdy[l] = 0.4f * k;
  }
  if (!request_all_equal(v, c, &q, be, nbe, "fast_path", "cube gradient lanes")) return false;
  /* And each lane's footprint across a corner of its face (both face coordinates next to -1 or 1,
   * the four corners in turn, on each face): the tap past both edges lies on no face and is the
   * average of the other three (D3D11.3 §7.18.12, docs/precision-model.md), which the SIMD path computes for each
   * of the four taps that can be the corner. The footprints above cross one edge only. */
  q.lod_mode = SF_LOD_EXPLICIT;
  q.lanes = 0xFFFFu;
  for (unsigned l = 0; l < q.n; l++) {
    float e = 0.999f - 0.0001f * (float)l;
    unsigned f = l % 6u, k = (l / 6u + l) % 4u;
    float a = (f & 1u) ? -1.0f : 1.0f, b = (k & 1u) ? e : -e, d = (k & 2u) ? e : -e;
    float x = 0, y = 0, z = 0;
    switch (f / 2u) {
      case 0: x = a, z = -a * b, y = -d; break;
      case 1: y = a, x = b, z = a * d; break;
      default: z = a, x = a * b, y = -d; break;
    }
    q.u[l] = x, q.v[l] = y, q.r[l] = z;
    q.lod_or_bias[l] = lod[l % 4u];
  }
  return request_all_equal(v, c, &q, be, nbe, "fast_path", "cube corner lanes");
}

/* `rect_groups` (with `fast_path`): the SAMPLE_UNORM rect's horizontal pass reads a group of 8
 * output columns through one 16-byte window per four pixels (quad) when four pixels' taps lie
 * within 4 texels, one per two (pair) when two pixels' do, and texel by texel (gather) otherwise
 * (docs/simd.md "The SAMPLE_UNORM rect"). On the 16x16 RGBA8 surface, a linear rect of one block at
 * half a texel a pixel (2x up) must take quad groups and one at 1.5 texels a pixel (1.5x down) pair
 * groups and one at 3 texels a pixel (3x down) gather groups, and the 2x one moved left so that
 * its first taps are texels 0 and 1 quad groups too (a window that starts at texel 0 is a window),
 * and on a 4x4 surface one at 0.375 texels a pixel whose taps stay on texels 0-3 quad groups too (a
 * window as wide as the row is a window), on every backend that counts rect
 * groups at all (sf_backend_count): a group built as a gather instead gives the same bits, slower,
 * so only the counts see it. And every backend's planes equal the scalar backend's (the surface
 * holds a pattern whose channels differ): a kind of group wrong in one channel gives other bits. */
/* One 8x4 block of a rect on `surf` from (u, 0.25), `du` apart across and 1/64 down (normalized). */
static sf_unorm_rect_req rect_block(sf_surface *surf, float u, float du) {
  sf_unorm_rect_req rq = {.surf = surf, .samp = &fp.samp, .u = u, .v = 0.25f, .bu = 8 * du, .bv = 4.0f / 64, .du = du,
                          .dv = 1.0f / 64, .blocks_x = 1, .blocks_y = 1};
  return rq;
}

/* `rq` on `be` into `out`, with how far each of the backend's counters moved in `delta`. */
static sf_code rect_counted(const sf_backend *be, const sf_unorm_rect_req *rq, const sf_unorm_rect_out *out,
                            unsigned long delta[SF_COUNT_COUNT]) {
  for (unsigned q = 0; q < SF_COUNT_COUNT; q++) delta[q] = sf_backend_count(be, (sf_backend_counter)q);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_sample_unorm_rect(be, rq, out, &st);
  for (unsigned q = 0; q < SF_COUNT_COUNT; q++) delta[q] = sf_backend_count(be, (sf_backend_counter)q) - delta[q];
  return rc;
}

static bool rect_groups(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  /* the fourth: first taps at texel 0.1; the fifth, on the 4x4 surface: pixels at texels 0.25 + 0.375 j */
  static const float step[5] = {0.5f / 16, 1.5f / 16, 3.0f / 16, 0.5f / 16, 0.375f / 4};
  static const float start[5] = {0.1f, 0.1f, 0.1f, 0.6f / 16, 0.75f / 4};
  static const sf_backend_counter want[5] = {SF_COUNT_RECT_QUAD, SF_COUNT_RECT_PAIR, SF_COUNT_RECT_GATHER, SF_COUNT_RECT_QUAD,
                                             SF_COUNT_RECT_QUAD};
  static const char *const kind[5] = {"quad", "pair", "gather", "quad", "quad"};
  sf_surface *const surf[5] = {fp.u8, fp.u8, fp.u8, fp.u8, fp.narrow};
  uint16_t plane[4][32], ref[5][4][32];
  sf_unorm_rect_out ro = {{plane[0], plane[1], plane[2], plane[3]}, 8};
  unsigned long d[SF_COUNT_COUNT];
  bool have[5];
  for (unsigned k = 0; k < 5; k++) { /* the scalar backend's planes */
    sf_unorm_rect_req rq = rect_block(surf[k], start[k], step[k]);
    sf_unorm_rect_out rr = {{ref[k][0], ref[k][1], ref[k][2], ref[k][3]}, 8};
    have[k] = rect_counted(sf_backend_scalar(), &rq, &rr, d) == SF_OK;
  }
  for (unsigned b = 0; b < nbe; b++) {
    /* a counter past the last counts nothing (sampler.h), whatever ran before */
    unsigned long past = sf_backend_count(be[b], SF_COUNT_COUNT) | sf_backend_count(be[b], (sf_backend_counter)255);
    if (past) {
      sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
      sf_verdict_key(v, "fast_path %s rect_groups past_last", be[b]->name);
      sf_verdict_dumpf(v, "%s: sf_backend_count past the last counter gave %lu, want 0\n", be[b]->name, past);
      return false;
    }
    if (!be[b]->sample_unorm_rect) continue;
    for (unsigned k = 0; k < 5; k++) {
      sf_unorm_rect_req rq = rect_block(surf[k], start[k], step[k]);
      sf_code rc = rect_counted(be[b], &rq, &ro, d);
      unsigned long moved = 0;
      for (unsigned q = SF_COUNT_RECT_GATHER; q <= SF_COUNT_RECT_QUAD; q++) moved += d[q];
      /* the values too, against the scalar backend's: a kind of group that is built but wrong in
       * one channel gives other bits */
      bool same = rc != SF_OK || !have[k] || memcmp(ref[k], plane, sizeof plane) == 0;
      if (rc != SF_OK || (same && (!moved || d[want[k]] == moved))) continue; /* no rect groups: not this path */
      sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
      sf_verdict_key(v, "fast_path %s rect_groups %s%s", be[b]->name, kind[k], same ? "" : " bits");
      if (!same)
        sf_verdict_dumpf(v, "%s: a linear RGBA8 rect at %g texels a pixel from u=%g differs from the scalar backend's\n",
                         be[b]->name, (double)(step[k] * (float)surf[k]->desc.width), (double)start[k]);
      else
        sf_verdict_dumpf(v, "%s: a linear RGBA8 rect at %g texels a pixel from u=%g built %lu gather, %lu pair and %lu quad "
                            "groups; want every one %s\n", be[b]->name, (double)(step[k] * (float)surf[k]->desc.width), (double)start[k],
                         d[SF_COUNT_RECT_GATHER], d[SF_COUNT_RECT_PAIR], d[SF_COUNT_RECT_QUAD], kind[k]);
      return false;
    }
  }
  /* `rect_hrows`: the RGBA8 rect filters each source row once while it stays in one of its two row
   * slots. One block at half a texel a pixel scanning up from v = 10.75/16 reads rows (10, 11), (9,
   * 10), (9, 10), (8, 9): four passes on a backend that took that path (its groups moved), where a
   * slot choice that evicts a row the output row still needs filters some twice; the scalar bits. */
  sf_unorm_rect_req hq = rect_block(fp.u8, 0.1f, 0.5f / 16);
  hq.v = 10.75f / 16, hq.dv = -0.5f / 16;
  uint16_t href[4][32];
  sf_unorm_rect_out hro = {{href[0], href[1], href[2], href[3]}, 8};
  bool hhave = rect_counted(sf_backend_scalar(), &hq, &hro, d) == SF_OK;
  for (unsigned b = 0; b < nbe && hhave; b++) {
    if (!be[b]->sample_unorm_rect) continue;
    sf_code rc = rect_counted(be[b], &hq, &ro, d);
    bool same = rc == SF_OK && memcmp(href, plane, sizeof plane) == 0;
    unsigned long want_rows = d[SF_COUNT_RECT_GATHER] + d[SF_COUNT_RECT_PAIR] + d[SF_COUNT_RECT_QUAD] ? 4u : 0u;
    if (same && d[SF_COUNT_RECT_HROWS] == want_rows) continue;
    sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
    sf_verdict_key(v, "fast_path %s rect_groups hrows%s", be[b]->name, same ? "" : " bits");
    sf_verdict_dumpf(v, "%s: a linear RGBA8 rect scanning up over source rows 8-11: %s, %lu horizontal passes (want %lu, "
                        "and the scalar backend's planes)\n", be[b]->name, sf_code_name(rc), d[SF_COUNT_RECT_HROWS], want_rows);
    return false;
  }
  /* The R8 rect (AVX-512 BW/VL): a group of 8 columns whose taps span at most 32 V-row slots is
   * read by one permute from that window, a wider one by gathers. One block at 30/7 texels a pixel
   * from texel 0.5 spans exactly 32 slots (taps 0 to 31): one window group on every backend that
   * counts them; at 31/7 it spans 33: none. The scalar backend's bits on all. */
  for (unsigned span = 0; span < 2; span++) {
    sf_unorm_rect_req r8q = rect_block(fp.r8, 1.0f / 64, (30.0f + (float)span) / 7 / 64);
    uint16_t r8ref[4][32];
    sf_unorm_rect_out r8o = {{r8ref[0], r8ref[1], r8ref[2], r8ref[3]}, 8};
    bool r8have = rect_counted(sf_backend_scalar(), &r8q, &r8o, d) == SF_OK;
    for (unsigned b = 0; b < nbe && r8have; b++) {
      if (!be[b]->sample_unorm_rect) continue;
      sf_code rc = rect_counted(be[b], &r8q, &ro, d);
      unsigned long moved = d[SF_COUNT_RECT_R8_WINDOW];
      bool same = rc == SF_OK && memcmp(r8ref, plane, sizeof plane) == 0;
      bool one = span == 0 && strcmp(be[b]->name, "avx512") == 0; /* one window group wanted */
      if (same && moved == (one ? 1u : 0u)) continue;
      sf_verdict_fail(v, "fast_path", &c->inst, be[b]->name);
      sf_verdict_key(v, "fast_path %s rect_groups r8_window %u%s", be[b]->name, 32 + span, same ? "" : " bits");
      sf_verdict_dumpf(v, "%s: a linear R8 rect whose 8 columns' taps span %u slots: %s, %lu window groups (want %u, and "
                          "the scalar backend's planes)\n", be[b]->name, 32 + span, sf_code_name(rc), moved, one ? 1u : 0u);
      return false;
    }
  }
  return true;
}

/* `request_lod`: a LOD query from gradients whose rho^2 lies at the top of its binade (2 - 2^-k,
 * k = 1..23: the mantissas past the last threshold of the LOD table, where a binary search that
 * runs one step too far leaves the table) and across binades (the first of them 2^-4 exactly, a
 * mantissa below the table's first threshold, where the search must count none), on every
 * backend, bit for bit the
 * scalar answer. Generated gradients come from the palette's short values (grid steps, unit
 * values), whose squares seldom reach those mantissas. In half the cases one lane, picked by the
 * case, is off: it must come back 0 in both results (sampler.h: lanes not computed are left 0),
 * which the request batches, always all eight lanes on, never ask of a LOD query. */
bool sf_check_request_lod(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  if (nbe < 2 || !fp_setup()) return true;
  sf_sample_batch q;
  memset(&q, 0, sizeof q);
  q.surf = fp.f32;
  q.samp = &fp.samp;
  q.lod_mode = SF_LOD_GRAD;
  q.lod_query = true;
  q.n = SF_MAX_LANES;
  q.lanes = 0xFFFFFFFFu;
  if (c->pattern[30] & 1u) q.lanes &= ~(1u << (c->pattern[30] >> 1) % SF_MAX_LANES);
  /* one case in two, a bias per lane on top of the gradients (sample_b's mode), -2.5 to +2.5 in
   * steps of 0.625: the query's biased LOD carries it (a SIMD kernel that dropped the per-lane
   * bias survived 60 s of sample_diff, whose sample_b cases rarely reach a mip level it moves) */
  bool bias = (c->pattern[29] & 2u) != 0;
  if (bias) q.lod_mode = SF_LOD_GRAD_BIAS;
  float w = (float)fp.f32->levels[0].w;
  for (unsigned i = 0; i < SF_MAX_LANES; i++) {
    float rho2 = i < 23 ? 2.0f - ldexpf(1.0f, -(int)(i + 1)) : ldexpf(1.0f + (float)(i - 23) / 9.0f, (int)i - 27);
    q.u[i] = q.v[i] = 0.5f;
    q.dudx[i] = sqrtf(rho2) / w;
    if (c->pattern[29] & 1u) q.dvdy[i] = q.dudx[i], q.dudx[i] = 0; /* the other axis, by the case */
    if (bias) q.lod_or_bias[i] = (float)((int)(i % 9u) - 4) * 0.625f;
  }
  sf_sample_out ref, out;
  memset(&ref, 0, sizeof ref);
  sf_status st0, st;
  sf_status_clear(&st0);
  sf_code rc0 = sf_sample(be[0], &q, &ref, &st0);
  for (unsigned i = 1; i < nbe; i++) {
    memset(&out, 0xA5, sizeof out);
    sf_status_clear(&st);
    sf_code rc = sf_sample(be[i], &q, &out, &st);
    if (rc == rc0 && (rc != SF_OK || sf_out_equal(&ref, &out, q.n))) continue;
    sf_verdict_fail(v, "request_lod", &c->inst, be[i]->name);
    sf_verdict_key(v, "request_lod %s", be[i]->name);
    snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[i]->name);
    sf_verdict_dumpf(v, "a LOD query from gradients at the top of their binade%s: %s -> %s, %s -> %s\n",
                     bias ? " with a bias per lane" : "", be[0]->name, sf_code_name(rc0), be[i]->name, sf_code_name(rc));
    if (rc == rc0) sf_dump_out_diff(v, &ref, &out, q.n, be[0]->name, be[i]->name);
    return false;
  }
  return true;
}

/* Batch q on every backend, bit for bit the same as on the first (be[0]); a difference fails
 * `check` with `what` in the report. */
static bool request_all_equal(sf_verdict *v, const sf_case *c, const sf_sample_batch *q, const sf_backend *const *be,
                              unsigned nbe, const char *check, const char *what) {
  sf_sample_out ref, out;
  memset(&ref, 0, sizeof ref);
  sf_status st0, st;
  sf_status_clear(&st0);
  sf_code rc0 = sf_sample(be[0], q, &ref, &st0);
  for (unsigned i = 1; i < nbe; i++) {
    memset(&out, 0xA5, sizeof out);   /* the sentinel of the request check (check_sample.c) */
    sf_status_clear(&st);
    sf_code rc = sf_sample(be[i], q, &out, &st);
    if (rc == rc0 && (rc != SF_OK || sf_out_equal(&ref, &out, q->n))) continue;
    sf_verdict_fail(v, check, &c->inst, be[i]->name);
    sf_case_key(v, c, what);
    snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[i]->name);
    sf_verdict_dumpf(v, "%s: %s -> %s, %s -> %s\n", what, be[0]->name, sf_code_name(rc0), be[i]->name, sf_code_name(rc));
    if (rc == rc0) sf_dump_out_diff(v, &ref, &out, q->n, be[0]->name, be[i]->name);
    sf_dump_case(v, c);
    return false;
  }
  return true;
}

/* request_extreme: one float32 case in two, the request batch on the case's surface with every
 * finite non-zero texel moved to the top binade (sf_meta_extreme_surface) runs on every backend, bit
 * for bit the same as on the first. There opposite signs overflow b - a in the lerps and three
 * negative corner texels overflow a cube corner's sum: each backend's own overflow and clamp code
 * runs, which texel values from the fuzzer's bytes reach only by luck. */
bool sf_check_request_extreme(sf_verdict *v, const sf_case *c, const sf_sample_batch *b, const sf_backend *const *be,
                              unsigned nbe) {
  if (nbe < 2 || !b->surf || (c->pattern[41] & 1u)) return true;
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_meta_extreme_surface(b->surf, &s, &st) != SF_OK) return true;   /* not float32, or no memory */
  sf_sample_batch q = *b;
  q.surf = s;
  bool ok = request_all_equal(v, c, &q, be, nbe, "request_extreme", "request extreme");
  sf_surface_free(s);
  return ok;
}

/* request_cube_ties: on a cube surface, the request batch with every lane's direction rewritten so
 * that two or all three of its components have the same magnitude (|x| = |y| > |z|, |x| = |z|, |y| =
 * |z|, |x| = |y| = |z|, all zero, signs from the case), or a zero is the major axis as the others are
 * NaN, which loses every comparison ((0, 0, NaN), (0, NaN, NaN)), on every backend, bit for bit.
 * The face of a tie is a choice of the sampler (Z over Y over X here, as Vulkan's table and
 * D3D11.3 §7.18.12 order them), and since both faces hold texels of that edge the spec-interval
 * oracles accept either; only the backends' agreement sees a face picked the other way. Directions
 * from the fuzzer's float bytes are ties only by luck. */
bool sf_check_request_cube_ties(sf_verdict *v, const sf_case *c, const sf_sample_batch *b, const sf_backend *const *be,
                                unsigned nbe) {
  if (nbe < 2 || !b->surf || (b->surf->desc.type != SF_SURF_CUBE && b->surf->desc.type != SF_SURF_CUBE_ARRAY))
    return true;
  sf_sample_batch q = *b;
  for (unsigned l = 0; l < q.n && l < SF_MAX_LANES; l++) {
    float x = fabsf(q.u[l]), y = fabsf(q.v[l]), z = fabsf(q.r[l]);
    float big = fmaxf(x, fmaxf(y, z)), small = fminf(x, fminf(y, z));
    if (!(big > 0.0f && big <= 0x1p100f)) big = 1.0f;
    if (!(small < big)) small = big * 0.5f;
    unsigned sg = l * 5u + c->pattern[31], tie = (l + c->pattern[30]) % 7u;
    float z0 = sg & 1u ? -0.0f : 0.0f, z1 = sg & 2u ? -0.0f : 0.0f;
    float a0 = sg & 1u ? -big : big, a1 = sg & 2u ? -big : big, a2 = sg & 4u ? -big : big, m = sg & 8u ? -small : small;
    switch (tie) {
      case 0: q.u[l] = a0, q.v[l] = a1, q.r[l] = m; break;
      case 1: q.u[l] = a0, q.v[l] = m, q.r[l] = a2; break;
      case 2: q.u[l] = m, q.v[l] = a1, q.r[l] = a2; break;
      case 3: q.u[l] = a0, q.v[l] = a1, q.r[l] = a2; break;
      case 4: /* all three zero, signs from the case: a tie at 0, where the sign test picks +Z or -Z */
        q.u[l] = z0, q.v[l] = z1, q.r[l] = sg & 4u ? -0.0f : 0.0f;
        break;
      case 5: q.u[l] = z0, q.v[l] = z1, q.r[l] = NAN; break; /* z loses every compare: Y major at 0, +Y or -Y */
      default: q.u[l] = z0, q.v[l] = NAN, q.r[l] = NAN; break; /* X major at 0: +X or -X */
    }
  }
  return request_all_equal(v, c, &q, be, nbe, "request_cube_ties", "request cube ties");
}

/* request_forbidden: the case's batch turned into a request every backend's entry point must
 * refuse, which the generated cases never make (their ops and states are drawn valid), so the
 * refusals of sf_sample_check are reached only here. Picked by the case:
 *   compare, linear mag, linear mip  a comparison or a linear filter (not a LOD query) on a surface
 *        the independent model says holds integer texels: forbidden by the spec, which the model
 *        decides from its own format table (sf_indep_sample with no lane: its whole-batch rules
 *        alone, SF_ERR_STATE); want SF_ERR_STATE;
 *   lod mode   a LOD mode past SF_LOD_ZERO: want SF_ERR_INVALID;
 *   lanes      one lane more than SF_MAX_LANES: want SF_ERR_LIMIT;
 *   sampler    no sampler state: want SF_ERR_STATE;
 *   surface    a copy of the surface with no mip level, one level past SF_SURF_MAX_LEVELS, a type
 *              past the last or an unknown format (what sf_surface_create never makes, but a
 *              caller's own struct can hold): want SF_ERR_STATE, on every backend's own entry. */
bool sf_check_request_forbidden(sf_verdict *v, const sf_case *c, const sf_sample_batch *b, const sf_backend *const *be,
                                unsigned nbe) {
  if (!b->surf || !b->samp) return true;
  sf_sampler sp = *b->samp;
  sf_sample_batch q = *b;
  q.samp = &sp;
  unsigned pick = c->pattern[24] % 7u;
  static const char *const what[7] = {"compare", "linear mag", "linear mip", "lod mode", "lanes", "sampler", "surface"};
  static const sf_code want[7] = {SF_ERR_STATE, SF_ERR_STATE, SF_ERR_STATE, SF_ERR_INVALID, SF_ERR_LIMIT, SF_ERR_STATE,
                                  SF_ERR_STATE};
  sf_surface bad = *b->surf; /* a copy whose description no surface can have (sf_surface_create refuses it) */
  sf_status st;
  sf_status_clear(&st);
  switch (pick) {
    case 0: q.compare = true; break;
    case 1: q.lod_query = false, sp.mag_filter = SF_FILTER_LINEAR; break;
    case 2: q.lod_query = false, sp.mip_filter = SF_MIP_LINEAR; break;
    case 3: q.lod_mode = (uint8_t)(SF_LOD_ZERO + 1u + c->pattern[25] % 8u); break;
    case 4: q.n = SF_MAX_LANES + 1u; break;
    case 5: q.samp = NULL; break;
    default:
      switch (c->pattern[25] % 4u) {
        case 0: bad.desc.levels = 0; break;
        case 1: bad.desc.levels = SF_SURF_MAX_LEVELS + 1u; break;
        case 2: bad.desc.type = SF_SURF_TYPE_COUNT; break;
        default: bad.desc.format = SF_FMT_COUNT; break;
      }
      q.surf = &bad;
      break;
  }
  if (pick < 3) {
    sf_indep_result r;
    if (sf_indep_sample(&q, 0, &r, &st) != SF_ERR_STATE) return true;   /* allowed, or not modelled */
  }
  for (unsigned i = 0; i < nbe; i++) {
    sf_sample_out out;
    sf_status bst;
    sf_status_clear(&bst);
    sf_code rc = (be[i]->sample ? be[i]->sample : sf_backend_scalar()->sample)(&q, &out, &bst);
    if (rc == want[pick]) continue;
    sf_verdict_fail(v, "request_forbidden", &c->inst, be[i]->name);
    sf_case_key(v, c, what[pick]);
    snprintf(v->backends, sizeof v->backends, "%s", be[i]->name);
    sf_verdict_dumpf(v, "a request every backend must refuse (%s%s%s): %s -> %s (%s), want %s\n", what[pick],
                     pick < 3 ? "; the model: " : "", st.msg, be[i]->name, sf_code_name(rc), bst.msg,
                     sf_code_name(want[pick]));
    sf_dump_case(v, c);
    return false;
  }
  return true;
}
