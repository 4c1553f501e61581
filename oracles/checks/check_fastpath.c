/* oracles/checks/check_fastpath.c — checks on the choice of a backend and on the SIMD backends'
 * own paths, which result comparisons on ordinary inputs cannot see: `dispatch` (what SF_SIMD
 * selects), `fast_path` (a request every SIMD backend vectorizes is not handed to the scalar code),
 * `request_extreme` (the float32 filters near the top of the float range) and `request_forbidden`
 * (requests the spec forbids on integer formats are refused). They run in
 * sample_diff_fuzzer. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/indep.h"

/* The runtime dispatch (sf_backend_choose, what SF_SIMD selects): a listed backend's name selects
 * that backend, an unknown name scalar with a note naming it, no name the last (best) listed one.
 * One choice per input, picked by the input's length and last byte. */
bool sf_check_dispatch(sf_verdict *v, const sf_case *c, const uint8_t *p, size_t n,
                              const sf_backend *const *be, unsigned nbe) {
  unsigned pick = (unsigned)((n + (n ? p[n - 1] : 0u)) % (nbe + 2u));
  const char *name = pick < nbe ? be[pick]->name : pick == nbe ? "sse5" : "";
  const sf_backend *want = pick < nbe ? be[pick] : pick == nbe ? sf_backend_scalar() : be[nbe - 1];
  char note[128];
  note[0] = 0;
  const sf_backend *got = sf_backend_choose(name, note, sizeof note);
  size_t wl = strlen(want->name);
  bool ok = got == want && !strncmp(note, want->name, wl) && note[wl] == ' ' &&
            (pick != nbe || strstr(note, name) != NULL);
  /* without a note buffer (NULL, whatever the capacity) the same choice, and nothing written */
  ok = ok && sf_backend_choose(name, NULL, sizeof note) == want;
  if (ok) return true;
  sf_verdict_fail(v, "dispatch", &c->inst, *name ? name : "(none)");
  sf_verdict_dumpf(v, "SF_SIMD=%s chose %s (note \"%s\"), expected %s\n", name, got ? got->name : "NULL", note,
                    want->name);
  return false;
}

/* `fast_path`: fixed requests that every SIMD backend computes itself (docs/simd.md, "What is
 * vectorized"): a linear 3D_SAMPLE batch on a 2D RGBA32F surface of one level, one SAMPLE_UNORM
 * block and one AVS block (of each size in turn, by the case) on a 2D RGBA8 surface, with the
 * sampler's LOD bias and LOD clamps at the ends of their ranges.
 * sf_backend_forwarded must not move. A fast path that stopped running
 * (its eligibility test inverted, say) gives the scalar results, the same bits: only this sees it.
 * And one request each backend forwards (an sRGB batch) must move its count, or the count read is
 * not the backend's own and the first test proves nothing. `lanes_past_n`: a 5-lane batch gives the
 * same results with the bits of lanes past n clear and set (sampler.h), on one backend per case. */
typedef struct fp_fixture {
  sf_surface *f32, *u8, *srgb;
  sf_sampler samp;
  bool ready, failed;
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
  if (sf_surface_create(&fp.f32, &d, &st) != SF_OK || sf_surface_create(&fp.u8, &d8, &st) != SF_OK ||
      sf_surface_create(&fp.srgb, &ds, &st) != SF_OK) {
    fp.failed = true; /* the caller judges the refusal: only out of memory leaves it nothing to say */
    fp.why = st;
    return false;
  }
  sf_sampler_default(&fp.samp);
  fp.samp.min_filter = fp.samp.mag_filter = SF_FILTER_LINEAR;
  /* texels 0.5 + 0.25 i (float bits 0x3f00.., 0x3f40..): a lane sampled that should not be is seen */
  static const uint8_t pat[8] = {0x00, 0x00, 0x00, 0x3f, 0x00, 0x00, 0x40, 0x3f};
  sf_surface_fill(fp.f32, pat, sizeof pat);
  fp.ready = true;
  return true;
}

bool sf_check_fast_path(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  if (!fp_setup()) {
    if (fp.why.code == SF_ERR_NOMEM) return true;
    /* three small valid 2D surfaces (RGBA32F, RGBA8, RGBA8 sRGB): a refusal is a finding, not a
     * reason to skip the check */
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "fast_path", &c->inst, "setup");
    sf_verdict_key(v, "fast_path setup %s", sf_code_name(fp.why.code));
    sf_verdict_dumpf(v, "a valid 8x8 or 16x16 2D surface was refused: %s\n", sf_status_format(&fp.why, msg, sizeof msg));
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
  sf_unorm_req uq = {fp.u8, &fp.samp, 0.25f, 0.25f, 1.0f / 64, 1.0f / 64};
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
    unsigned long mid = sf_backend_forwarded(be[b]);
    sf_code r2 = be[b]->sample_unorm ? be[b]->sample_unorm(&uq, &uo, &st) : SF_OK;
    unsigned long after = sf_backend_forwarded(be[b]);
    sf_avs_out ao;
    sf_code r3 = be[b]->avs ? be[b]->avs(&aq, &ao, &st) : SF_OK;
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
  return true;
}

/* `request_lod`: a LOD query from gradients whose rho^2 lies at the top of its binade (2 - 2^-k,
 * k = 1..23: the mantissas past the last threshold of the LOD table, where a binary search that
 * runs one step too far leaves the table) and across binades, on every backend, bit for bit the
 * scalar answer. Generated gradients come from the palette's short values (grid steps, unit
 * values), whose squares seldom reach those mantissas. */
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
  float w = (float)fp.f32->levels[0].w;
  for (unsigned i = 0; i < SF_MAX_LANES; i++) {
    float rho2 = i < 23 ? 2.0f - ldexpf(1.0f, -(int)(i + 1)) : ldexpf(1.0f + (float)(i - 23) / 9.0f, (int)i - 28);
    q.u[i] = q.v[i] = 0.5f;
    q.dudx[i] = sqrtf(rho2) / w;
    if (c->pattern[29] & 1u) q.dvdy[i] = q.dudx[i], q.dudx[i] = 0; /* the other axis, by the case */
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
    sf_verdict_dumpf(v, "a LOD query from gradients at the top of their binade: %s -> %s, %s -> %s\n", be[0]->name,
                     sf_code_name(rc0), be[i]->name, sf_code_name(rc));
    if (rc == rc0) sf_dump_out_diff(v, &ref, &out, q.n, be[0]->name, be[i]->name);
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
  sf_sample_out ref, out;
  memset(&ref, 0, sizeof ref);
  sf_status st0;
  sf_status_clear(&st0);
  sf_code rc0 = sf_sample(be[0], &q, &ref, &st0);
  bool ok = true;
  for (unsigned i = 1; i < nbe && ok; i++) {
    memset(&out, 0xA5, sizeof out);   /* the sentinel of the request check (check_sample.c) */
    sf_status_clear(&st);
    sf_code rc = sf_sample(be[i], &q, &out, &st);
    if (rc == rc0 && (rc != SF_OK || sf_out_equal(&ref, &out, q.n))) continue;
    ok = false;
    sf_verdict_fail(v, "request_extreme", &c->inst, be[i]->name);
    sf_case_key(v, c, "request extreme");
    snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[i]->name);
    sf_verdict_dumpf(v, "on the top-binade surface: %s -> %s, %s -> %s\n", be[0]->name, sf_code_name(rc0), be[i]->name,
                     sf_code_name(rc));
    if (rc == rc0) sf_dump_out_diff(v, &ref, &out, q.n, be[0]->name, be[i]->name);
    sf_dump_case(v, c);
  }
  sf_surface_free(s);
  return ok;
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
 *   sampler    no sampler state: want SF_ERR_STATE. */
bool sf_check_request_forbidden(sf_verdict *v, const sf_case *c, const sf_sample_batch *b, const sf_backend *const *be,
                                unsigned nbe) {
  if (!b->surf || !b->samp) return true;
  sf_sampler sp = *b->samp;
  sf_sample_batch q = *b;
  q.samp = &sp;
  unsigned pick = c->pattern[24] % 6u;
  static const char *const what[6] = {"compare", "linear mag", "linear mip", "lod mode", "lanes", "sampler"};
  static const sf_code want[6] = {SF_ERR_STATE, SF_ERR_STATE, SF_ERR_STATE, SF_ERR_INVALID, SF_ERR_LIMIT, SF_ERR_STATE};
  sf_status st;
  sf_status_clear(&st);
  switch (pick) {
    case 0: q.compare = true; break;
    case 1: q.lod_query = false, sp.mag_filter = SF_FILTER_LINEAR; break;
    case 2: q.lod_query = false, sp.mip_filter = SF_MIP_LINEAR; break;
    case 3: q.lod_mode = (uint8_t)(SF_LOD_ZERO + 1u + c->pattern[25] % 8u); break;
    case 4: q.n = SF_MAX_LANES + 1u; break;
    default: q.samp = NULL; break;
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
