/* oracles/checks/check_fastpath_avs.c — the AVS blocks of `fast_path` (check_fastpath.c, which
 * calls sf_check_fast_avs with the case's sampler): `avs_clamp`, `avs_near`, `avs_edge`, `avs_span`
 * and `avs_vbn`, fixed blocks the SIMD AVS path must compute itself, giving the scalar bits, on
 * surfaces of their own with null tiles set around the blocks' taps (docs/simd.md, "What is
 * vectorized"). */
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"

typedef struct fa_fixture {
  sf_surface *edge; /* RGBA8 17x17, one texel past two null tiles (avs_clamp, avs_near) */
  sf_surface *tall; /* RGBA8 8x96 (avs_span, avs_vbn, avs_edge) */
  sf_surface *nv12; /* NV12 32x16 (avs_near's chroma planes) */
  bool ready, failed, span_done;
  sf_status why; /* the refusal, when a surface was not created */
} fa_fixture;

static _Thread_local fa_fixture fa;

static bool fa_setup(void) {
  if (fa.ready || fa.failed) return fa.ready;
  sf_status st;
  sf_status_clear(&st);
  sf_surface_desc de = {SF_SURF_2D, SF_FMT_RGBA8_UNORM, 2 * SF_NULL_TILE + 1, 2 * SF_NULL_TILE + 1, 1, 1, 1};
  sf_surface_desc dt = {SF_SURF_2D, SF_FMT_RGBA8_UNORM, 8, 96, 1, 1, 1};
  sf_surface_desc dn = {SF_SURF_2D, SF_FMT_NV12, 4 * SF_NULL_TILE, 2 * SF_NULL_TILE, 1, 1, 1};
  if (sf_surface_create(&fa.edge, &de, &st) != SF_OK || sf_surface_create(&fa.tall, &dt, &st) != SF_OK ||
      sf_surface_create(&fa.nv12, &dn, &st) != SF_OK) {
    fa.failed = true; /* the caller judges the refusal: only out of memory leaves it nothing to say */
    fa.why = st;
    return false;
  }
  static const uint8_t pat8[7] = {9, 200, 31, 77, 150, 3, 250}; /* every channel of a texel differs from the next one */
  sf_surface_fill(fa.edge, pat8, sizeof pat8);
  sf_surface_fill(fa.tall, pat8, sizeof pat8);
  sf_surface_fill(fa.nv12, pat8, sizeof pat8);
  fa.ready = true;
  return true;
}

/* `avs_clamp` (with `fast_path`): an AVS block whose taps lie wholly past the bottom edge (or the
 * right edge) of a surface reads only its last row (column): addressing clamps. On a 17x17 RGBA8
 * surface that last row is alone in its row of null tiles (tiles of SF_NULL_TILE = 8), and the tile
 * above it (left of it) is null. The SIMD AVS path hands a block to the scalar code only when a
 * null tile lies under its clamped taps (docs/simd.md), so this block must stay on the SIMD path
 * and give the scalar bits; a clamp that reached one row (column) too far inward forwards it.
 * `avs_near`: likewise a block inside the surface whose luma taps end at the last texel before the
 * null tile to its right (below it): a footprint reckoned too wide forwards it. And on a 32x16 NV12
 * surface, where the luma taps end at texel 7 and the chroma taps (4 of them, on the half-width
 * CbCr plane) at chroma texel 3, luma 7: a footprint that took the Y plane for a chroma plane (8 taps
 * at half width reach luma texel 10) forwards it. And a 4x4 block stepping a texel a pixel whose last
 * column (row) has taps ending at texel 7: a footprint reckoned over one pixel more than the block
 * (the lanes of a SIMD vector past the block's width) forwards it. `avs_edge`: on the 8x96 RGBA8
 * surface, one tile wide, a block whose 8-tap footprint ends exactly one column past the last
 * (texel 8, clamped to 7) over tile rows 0 and 1, with the tile below them (rows 16-23) null: a
 * clamp that let column 8 through reads the null map's next entry, that tile, and forwards it. */
/* Runs AVS request aq on the scalar entry and on every other backend: NULL when each gives the
 * scalar bits on its own SIMD path; else "scalar" (the scalar entry refused it), "bits" or
 * "forwarded" (handed to the scalar code), *name the backend. */
static const char *avs_all_equal(const sf_avs_req *aq, const sf_backend *const *be, unsigned nbe, const char **name) {
  sf_avs_out want, got;
  sf_status st;
  sf_status_clear(&st);
  if (sf_backend_scalar()->avs(aq, &want, &st) != SF_OK) return "scalar";
  for (unsigned b = 0; b < nbe; b++) {
    if (!strcmp(be[b]->name, "scalar") || !be[b]->avs) continue;
    unsigned long f0 = sf_backend_forwarded(be[b]);
    sf_status_clear(&st);
    memset(&got, 0xA5, sizeof got);
    sf_code rb = be[b]->avs(aq, &got, &st);
    *name = be[b]->name;
    if (rb != SF_OK || memcmp(got.v, want.v, sizeof want.v) != 0) return "bits";
    if (sf_backend_forwarded(be[b]) != f0) return "forwarded";
  }
  return NULL;
}

/* `avs_span` (with `fast_path`): the SIMD AVS path keeps the horizontal pass of each source row a
 * block reads in a cache of 32 rows when the block's taps span fewer than 32 rows (docs/simd.md).
 * 4x4 blocks on the 8x96 RGBA8 surface whose vertical step makes the taps span from 23 to 38 rows
 * (the 8 luma and the 4 chroma taps), none clamped, must give the scalar bits on every backend,
 * on the SIMD path: a span reckoned one row short keeps a 33-row span in the cache and writes one
 * slot past it, and a cache used past its rows reads rows never computed. `avs_vbn`: then 4x4 and
 * 16x4 blocks whose vertical block number is 1, 2, 3, 7 and 4096 (its rows start 4 * vbn rows
 * down, the last ones clamped to the bottom row): the generated cases read vbn from the machine
 * state, and values of at most 4096 (past it the SIMD path forwards the block) come only by luck. */
static bool avs_span(sf_verdict *v, const sf_case *c, const sf_sampler *samp, const sf_backend *const *be, unsigned nbe) {
  if (fa.span_done) return true; /* fixed requests: once per thread (seventeen blocks on every backend) */
  fa.span_done = true;
  sf_sampler sp = *samp;
  static const uint32_t vbn[5] = {1, 2, 3, 7, 4096};
  for (unsigned m = 0; m < 17; m++) {
    bool span = m < 12;
    sf_avs_req aq = {.surf = fa.tall, .samp = &sp, .u = 0.25f, .v = 0.1f, .du = 1.0f / 32,
                     .dv = span ? (20.0f + (float)m) / (3.0f * 96) : 1.0f / 96, .w = span || m % 2 ? 4 : 16, .h = 4,
                     .vbn = span ? 0 : vbn[m - 12]};
    const char *name = "scalar", *bad = avs_all_equal(&aq, be, nbe, &name);
    if (!bad) continue;
    const char *why = !strcmp(bad, "bits") ? "differs from the scalar entry"
                      : !strcmp(bad, "forwarded") ? "was handed to the scalar code" : "the scalar entry refused it";
    sf_verdict_fail(v, "fast_path", &c->inst, name);
    sf_verdict_key(v, "fast_path %s %s %s", name, span ? "avs_span" : "avs_vbn", bad);
    if (span)
      sf_verdict_dumpf(v, "%s: an AVS 4x4 block on an 8x96 RGBA8 surface, rows %u/288 of its height apart: %s\n", name, 20 + m, why);
    else
      sf_verdict_dumpf(v, "%s: an AVS %ux4 block on an 8x96 RGBA8 surface, vertical block number %u: %s\n", name, aq.w, aq.vbn, why);
    return false;
  }
  return true;
}

static bool avs_clamp(sf_verdict *v, const sf_case *c, const sf_sampler *samp, const sf_backend *const *be, unsigned nbe) {
  sf_sampler sp = *samp;
  sf_status st;
  sf_status_clear(&st);
  /* 0: below the surface, tile (0,1) null; 1: right of it, tile (1,0) null; 2 and 3 (`avs_near`):
   * inside, the last pixel of the block at x (y) = 3.25 on the 17-texel axis, so the 8 luma taps
   * end at texel 7, the last before the null tile (1,0) ((0,1)) */
  static const char *const where[8] = {"wholly below", "wholly right of", "with taps ending at the null tile right in",
                                       "with taps ending at the null tile below in",
                                       "with luma and chroma taps ending at the null tile right in",
                                       "a texel a pixel, with taps ending at the null tile right in",
                                       "a texel a pixel, with taps ending at the null tile below in",
                                       "with taps ending one column past the right edge, the null tile below them, on"};
  const float near = 2.25f / (2 * SF_NULL_TILE + 1), half = 0.5f / (2 * SF_NULL_TILE + 1);
  for (unsigned k = 0; k < 8; k++) {
    bool right = k == 1 || k == 2 || k == 4 || k == 5;
    sf_surface *surf = k == 4 ? fa.nv12 : k == 7 ? fa.tall : fa.edge;
    uint32_t ny = k == 7 ? 2 * SF_NULL_TILE : right ? 0 : SF_NULL_TILE; /* the null tile's first texel */
    sf_surface_set_null(surf, 0, 0, right ? SF_NULL_TILE : 0, ny, true, &st);
    sf_avs_req aq = {.surf = surf, .samp = &sp, .u = right ? 3.0f : 0.1f, .v = right ? 0.1f : 3.0f, .du = 1.0f / 32,
                     .dv = 1.0f / 32, .w = 4, .h = 4};
    if (k == 2) aq.u = near, aq.du = half, aq.v = 0.1f;
    if (k == 3) aq.v = near, aq.dv = half, aq.u = 0.1f;
    if (k == 4) aq.u = 2.25f / (4 * SF_NULL_TILE), aq.du = 0.5f / (4 * SF_NULL_TILE), aq.v = 0.1f;
    /* 5 and 6: a texel a pixel from 1.25, so the last column's (row's) taps end at texel 7 and
     * the next one's, past the block, would reach the null tile: a footprint that took one pixel
     * more than the block holds (a SIMD vector wider than 4 lanes has room for it) forwards it */
    if (k == 5) aq.u = 1.25f / (2 * SF_NULL_TILE + 1), aq.du = 1.0f / (2 * SF_NULL_TILE + 1), aq.v = 0.1f;
    if (k == 6) aq.v = 1.25f / (2 * SF_NULL_TILE + 1), aq.dv = 1.0f / (2 * SF_NULL_TILE + 1), aq.u = 0.1f;
    /* 7: the last pixel at x = (17/32 + 3/32) 8 - 0.5 = 4.5, its 8 taps at texels 1 to 8; rows 1 to 4.5 */
    if (k == 7) aq.u = 17.0f / 32, aq.du = 1.0f / 32, aq.v = 2.0f / 96, aq.dv = 1.0f / 96;
    const char *name = "scalar", *bad = avs_all_equal(&aq, be, nbe, &name);
    sf_surface_set_null(surf, 0, 0, right ? SF_NULL_TILE : 0, ny, false, &st);
    if (!bad) continue;
    sf_verdict_fail(v, "fast_path", &c->inst, name);
    sf_verdict_key(v, "fast_path %s %s %s %s", name, k < 2 ? "avs_clamp" : k < 7 ? "avs_near" : "avs_edge",
                   right ? "right" : "below", bad);
    sf_verdict_dumpf(v, "%s: an AVS 4x4 block %s a %s surface, the tile next to its taps null: %s\n", name, where[k],
                     k == 4 ? "32x16 NV12" : k == 7 ? "8x96 RGBA8" : "17x17 RGBA8", !strcmp(bad, "bits") ? "differs from the scalar entry"
                     : !strcmp(bad, "forwarded") ? "was handed to the scalar code" : "the scalar entry refused it");
    return false;
  }
  return true;
}

bool sf_check_fast_avs(sf_verdict *v, const sf_case *c, const sf_sampler *samp, const sf_backend *const *be, unsigned nbe) {
  if (!fa_setup()) {
    if (fa.why.code == SF_ERR_NOMEM) return true;
    char msg[SF_STATUS_MSG_MAX + 64]; /* small valid 2D RGBA8 and NV12 surfaces: a refusal is a finding */
    sf_verdict_fail(v, "fast_path", &c->inst, "setup");
    sf_verdict_key(v, "fast_path setup avs %s", sf_code_name(fa.why.code));
    sf_verdict_dumpf(v, "a valid small 2D RGBA8 or NV12 surface was refused: %s\n", sf_status_format(&fa.why, msg, sizeof msg));
    return false;
  }
  return avs_clamp(v, c, samp, be, nbe) && avs_span(v, c, samp, be, nbe);
}
