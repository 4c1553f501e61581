/* oracles/checks/check_u8_edges.c — `u8_edges`, the 8-bit paths' own tests (SAMPLE_UNORM, AVS and the
 * rect on RGBA8) at the edges that generated cases reach only by luck: a null tile's edge under the
 * taps, a rounding tie at a BORDER rect's column 0, rows past pixel index 2^32, no surface bound,
 * and RGBA8 surfaces that are not 2D. Runs in sample_diff_fuzzer, beside check_fastpath.c's checks
 * of the SIMD paths' choices. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/indep.h"
#include <xxhash.h>

/* `u8_edges`: the 8-bit paths' own tests, which generated cases reach only by luck.
 *   null_edge   a null tile whose one column or row at the edge of a block's taps is the only null
 *               texel under them (SAMPLE_UNORM 8x4 linear, or AVS 4x4 with every phase's weight on
 *               the last tap or on the first; right, left, bottom or top edge, by the case, or for AVS
 *               the block wholly below or right of the surface, its first tap row or column one
 *               past the last, or on NV12 the chroma taps reaching past the luma ones). A
 *               backend's footprint one texel short of the scalar entry's reads the tile's bytes
 *               where the scalar entry reads zero. The scalar result must change with the null tile
 *               (else the geometry missed the edge; tested once per process for each of the 11
 *               geometries), and every backend must give its bits. One input in two. With the
 *               bottom edge, SAMPLE_UNORM also runs `past`: a block just above the null tile stays
 *               on every backend's own path (ue_null_past).
 *   u8_rect_tie a point-sampled BORDER rect one ulp left of a rounding tie: every backend's rect
 *               entry gives the scalar per-block answer (column 0 the border). One input in four.
 *   u8_far_rows AVS rows past pixel index 2^32: a worked-out answer, and every backend the scalar
 *               bits. One input in eight.
 *   u8_unbound  SAMPLE_UNORM and AVS with no surface bound: SF_OK and zeros on every backend.
 *   u8_round    SAMPLE_UNORM 1/256 of a texel past a texel's centre, where the sum sits one unit
 *               below a rounding step: a worked-out value on every backend, once per thread.
 *   u8_surface  SAMPLE_UNORM and AVS on an RGBA8 surface that is not 2D (1D, 2D array, 3D or cube),
 *               or on a 2D surface of a format they do not read (any but R8, RG8, RGBA8 UNORM and
 *               NV12: sRGB, SNORM, 16- and 32-bit, depth, integer), by the case: every backend
 *               refuses them as the scalar entry does (SF_ERR_STATE).
 *   u8_state    SAMPLE_UNORM, AVS and the rect with a sampler state sf_sampler_check refuses (one
 *               field out of range, by the case): every backend refuses them with the scalar code.
 *   u8_avs_range an AVS block whose filter overshoots both ends of the range (stripes of 0 and 255
 *               under a table with lobes of -16): every value is one of the three the arithmetic
 *               gives, the clamps included, both clamps occur, and every backend gives the scalar
 *               bits. One input in two.
 * One choice per input, by a hash of its bytes. Surfaces 32x32 (tiles of SF_NULL_TILE = 8): coordinates are multiples of 1/32, exact in float. */
static _Thread_local struct {
  sf_surface *grid, *odd[4], *rows; /* rows: R8 16x64, row r holds 3r + 1 (u8_far_rows) */
  sf_surface *stripes;              /* RGBA8 32x8, columns 4i + 2 and 4i + 3 at 255, the rest 0 (u8_avs_range) */
  sf_surface *nv12;                 /* NV12 32x32 (null_edge's chroma taps) */
  sf_surface *round;                /* RGBA8 2x2, texel (0, 0) 127 in every channel, the rest 0 (u8_round) */
  sf_surface *fmt[SF_FMT_COUNT];    /* 2D 16x16 of each format SAMPLE_UNORM and AVS do not read (u8_surface) */
  unsigned nfmt;                    /* how many: fmt[0..nfmt) */
  bool ready, failed, round_done; /* round_done: u8_round has run in this thread (fixed work, the same every time) */
  bool edge_seen[11]; /* null_edge's fixture test passed for (op, edge): it is the same every time */
  sf_status why; /* the refusal, when a surface was not created */
} ue;

static bool ue_setup(void) {
  if (ue.ready || ue.failed) return ue.ready;
  sf_status st;
  sf_status_clear(&st);
  static const sf_surface_desc d[9] = {
      {SF_SURF_2D, SF_FMT_RGBA8_UNORM, 32, 32, 1, 1, 1},     {SF_SURF_1D, SF_FMT_RGBA8_UNORM, 16, 1, 1, 1, 1},
      {SF_SURF_2D_ARRAY, SF_FMT_RGBA8_UNORM, 16, 16, 1, 2, 1}, {SF_SURF_3D, SF_FMT_RGBA8_UNORM, 16, 16, 2, 1, 1},
      {SF_SURF_CUBE, SF_FMT_RGBA8_UNORM, 16, 16, 1, 1, 1},     {SF_SURF_2D, SF_FMT_R8_UNORM, 16, 64, 1, 1, 1},
      {SF_SURF_2D, SF_FMT_RGBA8_UNORM, 32, 8, 1, 1, 1},        {SF_SURF_2D, SF_FMT_NV12, 32, 32, 1, 1, 1},
      {SF_SURF_2D, SF_FMT_RGBA8_UNORM, 2, 2, 1, 1, 1}};
  sf_surface **s[9] = {&ue.grid, &ue.odd[0], &ue.odd[1], &ue.odd[2], &ue.odd[3], &ue.rows, &ue.stripes, &ue.nv12, &ue.round};
  for (unsigned i = 0; i < 9; i++)
    if (sf_surface_create(s[i], &d[i], &st) != SF_OK) {
      for (unsigned j = 0; j < i; j++) sf_surface_free(*s[j]), *s[j] = NULL;
      ue.failed = true;
      ue.why = st;
      return false;
    }
  /* every byte non-zero and different from its neighbours: a texel read where a null one should be is seen */
  uint8_t pat[61];
  for (unsigned i = 0; i < sizeof pat; i++) pat[i] = (uint8_t)(17u + 37u * i);
  for (unsigned i = 0; i < 8; i++)
    if (i < 5 || i == 7) sf_surface_fill(*s[i], pat, sizeof pat);
  for (unsigned f = 0; f < SF_FMT_COUNT; f++) {
    if (f == SF_FMT_R8_UNORM || f == SF_FMT_RG8_UNORM || f == SF_FMT_RGBA8_UNORM || f == SF_FMT_NV12) continue;
    const sf_surface_desc fd = {SF_SURF_2D, (sf_format)f, 16, 16, 1, 1, 1};
    if (sf_surface_create(&ue.fmt[ue.nfmt], &fd, &st) != SF_OK) {
      for (unsigned j = 0; j < ue.nfmt; j++) sf_surface_free(ue.fmt[j]), ue.fmt[j] = NULL;
      for (unsigned j = 0; j < 9; j++) sf_surface_free(*s[j]), *s[j] = NULL;
      ue.nfmt = 0;
      ue.failed = true;
      ue.why = st;
      return false;
    }
    sf_surface_fill(ue.fmt[ue.nfmt++], pat, sizeof pat);
  }
  memset(ue.round->data + ue.round->levels[0].offset, 127, 4);
  for (unsigned y = 0; y < 64; y++)
    memset(ue.rows->data + ue.rows->levels[0].offset + y * ue.rows->levels[0].row_pitch, (int)(3 * y + 1), 16);
  for (unsigned y = 0; y < 8; y++)
    for (unsigned x = 0; x < 32; x++)
      memset(ue.stripes->data + ue.stripes->levels[0].offset + y * ue.stripes->levels[0].row_pitch + 4 * x,
             x / 2 % 2 ? 255 : 0, 4);
  ue.ready = true;
  return true;
}

static bool ue_fail(sf_verdict *v, const sf_case *c, const char *be, const char *key, const char *fmt, const char *a,
                    const char *b) {
  sf_verdict_fail(v, "u8_edges", &c->inst, be);
  sf_verdict_key(v, "u8_edges %s %s", be, key);
  sf_verdict_dumpf(v, fmt, a, b);
  return false;
}

/* The null_edge geometry for (edge, avs): every phase's AVS weight on the last tap (right, bottom)
 * or the first (left, top, below), and the block's origin. `below` (AVS only) puts the whole 4x4
 * block under a 32-row surface, its taps' first row exactly one past the last: a backend that
 * clamps that row to the surface only when it lies beyond the row past the end tests no tile row
 * for null pages, and reads row 31 of the null tile (0,3) where the scalar entry reads zeros.
 * AVS 4x4, du = dv = 1/32: pixel k's taps start at floor((u + k/32) * 32 - 0.5) - 3, 8 of them
 * (the 4-tap channels 0 and 2 lie inside). u = 2/32: the last tap of pixel 3 is column 8;
 * u = 11/32: the first tap of pixel 0 is column 7. SAMPLE_UNORM 8x4 linear: pixel k's taps are
 * floor((u + k/32) * 32 - 0.5) and the next, with weight 1/2: u = 1/32 reaches column 8 (pixel 7),
 * u = 8/32 starts at column 7; rows alike with v = 5/32 (row 8, pixel row 3) and v = 8/32.
 * `chroma` (AVS on NV12, the 8-tap table on every channel, u = v = 0): pixel 3's luma taps end at
 * column floor(3 - 0.5) + 4 = 6, its chroma taps at chroma column floor(1.5 - 0.5) + 4 = 5, which
 * is luma column 10: only the chroma channels (R and B) reach the null tile (1,0). */
static void ue_geometry(unsigned edge, bool avs, sf_sampler *sp, float *u, float *vv) {
  sf_sampler_default(sp);
  sp->min_filter = sp->mag_filter = SF_FILTER_LINEAR;
  bool last = edge == 0 || edge == 2 || edge == 6;
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    memset(sp->avs_luma[p], 0, sizeof sp->avs_luma[p]);
    memset(sp->avs_chroma[p], 0, sizeof sp->avs_chroma[p]);
    sp->avs_luma[p][last ? SF_AVS_LUMA_TAPS - 1 : 0] = 64;
    sp->avs_chroma[p][last ? SF_AVS_CHROMA_TAPS - 1 : 0] = 64;
  }
  static const float lo = 2.0f / 32, hi = 11.0f / 32, ulo = 1.0f / 32, uhi = 8.0f / 32, vlo = 5.0f / 32;
  if (edge >= 4) { /* below (beyond): AVS with the 8-tap table on every channel, row (column) 0's
                     * first tap at floor(35.5 - 0.5) - 3 = 32, one past the last: all clamp to 31 */
    sp->avs_8tap_all = true;
    *u = edge == 4 ? lo : edge == 5 ? 35.5f / 32 : 0.0f, *vv = edge == 4 ? 35.5f / 32 : edge == 5 ? lo : 0.0f;
    return;
  }
  switch (edge) {
    case 0: *u = avs ? lo : ulo, *vv = avs ? lo : ulo; break;
    case 1: *u = avs ? hi : uhi, *vv = avs ? lo : ulo; break;
    case 2: *u = avs ? lo : ulo, *vv = avs ? lo : vlo; break;
    default: *u = avs ? lo : ulo, *vv = avs ? hi : uhi; break;
  }
}

/* null_edge's `past` (SAMPLE_UNORM, with the bottom edge's null tile (0,1) set): a block whose pixel
 * row 3 has taps ending at row 7, the last before the tile (v = 3.75/32: row k's taps are 3 + k and
 * 4 + k). The SIMD path computes the taps of 8 rows for the block's 4 (docs/simd.md); a null-page
 * test over all 8 sees the tile and hands the block to the scalar code, the same bits. So every
 * backend must give the scalar bits and leave its forwarded count alone. */
static bool ue_null_past(sf_verdict *v, const sf_case *c, sf_surface *g, const sf_sampler *sp,
                         const sf_backend *const *be, unsigned nbe) {
  sf_unorm_req pq = {g, sp, 1.0f / 32, 3.75f / 32, 1.0f / 32, 1.0f / 32};
  sf_unorm_out want, got;
  sf_status st;
  sf_status_clear(&st);
  if (sf_backend_scalar()->sample_unorm(&pq, &want, &st) != SF_OK)
    return ue_fail(v, c, "scalar", "null_edge past scalar", "scalar %s: a SAMPLE_UNORM block above a null tile was %s\n",
                   sf_code_name(st.code), "refused");
  for (unsigned b = 0; b < nbe; b++) {
    if (!be[b]->sample_unorm || !strcmp(be[b]->name, "scalar")) continue;
    unsigned long f0 = sf_backend_forwarded(be[b]);
    sf_status_clear(&st);
    memset(&got, 0xA5, sizeof got);
    sf_code rb = be[b]->sample_unorm(&pq, &got, &st);
    const char *bad = rb != SF_OK || memcmp(want.v, got.v, sizeof want.v) ? "bits"
                      : sf_backend_forwarded(be[b]) != f0 ? "forwarded" : NULL;
    if (!bad) continue;
    char key[48];
    snprintf(key, sizeof key, "null_edge sample_unorm past %s", bad);
    return ue_fail(v, c, be[b]->name, key, "sample_unorm, a block whose last row's taps end at the row above a null "
                   "tile, %s (%s)\n", !strcmp(bad, "bits") ? "differs from the scalar entry" : "was handed to the scalar code",
                   sf_code_name(rb));
  }
  return true;
}

/* null_edge (see above): the fixture test once per geometry, then every backend against the scalar
 * entry with the null tile set. */
static bool ue_null_edge(sf_verdict *v, const sf_case *c, unsigned pick, const sf_backend *const *be, unsigned nbe) {
  bool avs = pick & 4u;
  /* AVS, on half of its inputs: the block wholly below or right of the surface, or NV12's chroma
   * taps (see ue_geometry) */
  unsigned edge = avs && (pick >> 12 & 1u) ? 4u + (pick >> 13) % 3u : pick & 3u; /* right, left, bottom, top, below, beyond, chroma */
  static const char *const edges[7] = {"right", "left", "bottom", "top", "below", "beyond", "chroma"};
  /* the null tile: (1,0) right of the taps, (0,1) below, the bottom row's (0,3) for `below`, the
   * last column's (3,0) for `beyond`, else (0,0) */
  unsigned tx = edge == 0 || edge == 6 ? 1u : edge == 5 ? 3u : 0u, ty = edge == 2 ? 1u : edge == 4 ? 3u : 0u;
  sf_surface *g = edge == 6 ? ue.nv12 : ue.grid;
  sf_sampler sp;
  float u = 0, vv = 0;
  ue_geometry(edge, avs, &sp, &u, &vv);
  sf_status st;
  sf_status_clear(&st);
  sf_unorm_req uq = {g, &sp, u, vv, 1.0f / 32, 1.0f / 32};
  sf_avs_req aq = {.surf = g, .samp = &sp, .u = u, .v = vv, .du = 1.0f / 32, .dv = 1.0f / 32, .w = 4, .h = 4};
  sf_unorm_out u0, u1, ub;
  sf_avs_out a0, a1, ab;
  const sf_backend *sc = sf_backend_scalar();
  unsigned conf = edge >= 4 ? 4u + edge : (avs ? 4u : 0u) + edge;
  sf_code r0 = ue.edge_seen[conf] ? SF_OK : avs ? sc->avs(&aq, &a0, &st) : sc->sample_unorm(&uq, &u0, &st);
  sf_surface_set_null(g, 0, 0, tx * SF_NULL_TILE, ty * SF_NULL_TILE, true, &st);
  sf_code r1 = avs ? sc->avs(&aq, &a1, &st) : sc->sample_unorm(&uq, &u1, &st);
  bool ok = true;
  size_t cmp = avs ? 16u * sizeof a0.v[0][0] : sizeof u0.v[0];
  bool moved = ue.edge_seen[conf];
  for (unsigned k = 0; k < 4 && !moved && r0 == SF_OK && r1 == SF_OK; k++)
    moved |= avs ? memcmp(a0.v[k], a1.v[k], cmp) != 0 : memcmp(u0.v[k], u1.v[k], cmp) != 0;
  ue.edge_seen[conf] = moved;
  if (r0 != SF_OK || r1 != SF_OK || !moved) {
    ok = ue_fail(v, c, "scalar", "null_edge fixture", "scalar %s, %s edge: the null tile changed nothing under its taps\n",
                 avs ? "avs" : "sample_unorm", edges[edge]);
  }
  for (unsigned b = 0; b < nbe && ok; b++) {
    sf_status bs;
    sf_status_clear(&bs);
    memset(&ub, 0xA5, sizeof ub);
    memset(&ab, 0xA5, sizeof ab);
    sf_code rb = avs ? (be[b]->avs ? be[b]->avs(&aq, &ab, &bs) : r1)
                     : (be[b]->sample_unorm ? be[b]->sample_unorm(&uq, &ub, &bs) : r1);
    bool same = rb == r1;
    for (unsigned k = 0; k < 4 && same && rb == SF_OK; k++)
      same = avs ? !memcmp(a1.v[k], ab.v[k], cmp) : !memcmp(u1.v[k], ub.v[k], cmp);
    if (!same) {
      char key[48];
      snprintf(key, sizeof key, "null_edge %s", avs ? "avs" : "sample_unorm");
      ok = ue_fail(v, c, be[b]->name, key, "%s with a null tile at the %s edge of its taps differs from the scalar entry\n",
                   avs ? "avs" : "sample_unorm", edges[edge]);
    }
  }
  if (ok && !avs && edge == 2) ok = ue_null_past(v, c, g, &sp, be, nbe);
  sf_surface_set_null(g, 0, 0, tx * SF_NULL_TILE, ty * SF_NULL_TILE, false, &st);
  return ok;
}

/* u8_rect_tie: a point-sampled, BORDER-addressed SAMPLE_UNORM rect whose first column lies at
 * x = u*32 = -0x1.000002p-9, one ulp left of the -1/512 where 256x rounds to -0.5's even
 * neighbour: 256x rounds to -1, so column 0 is the border colour, not texel 0. Every backend's
 * rect entry must give the scalar per-block answer there (a rect axis that moved x by one ulp
 * read texel 0). */
static bool ue_rect_tie(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  sf_sampler pt;
  sf_sampler_default(&pt);
  pt.min_filter = pt.mag_filter = SF_FILTER_POINT;
  pt.addr[0] = pt.addr[1] = SF_ADDR_BORDER;
  for (unsigned k = 0; k < 4; k++) pt.border[k] = 1.0f;
  sf_unorm_req tq = {ue.grid, &pt, -0x1.000002p-14f, 0.5f, 1.0f / 32, 1.0f / 32};
  sf_unorm_rect_req rq = {.surf = ue.grid, .samp = &pt, .u = tq.u, .v = tq.v, .du = tq.du, .dv = tq.dv, .blocks_x = 1,
                          .blocks_y = 1};
  sf_status st;
  sf_status_clear(&st);
  sf_unorm_out u0;
  sf_code rt = sf_backend_scalar()->sample_unorm(&tq, &u0, &st);
  if (rt != SF_OK || u0.v[0][0] != 0xFF00u)
    return ue_fail(v, c, "scalar", "u8_rect_tie fixture", "scalar sample_unorm at the tie gave %s, column 0 %s the border\n",
                   sf_code_name(rt), rt == SF_OK ? "not" : "unknown");
  for (unsigned b = 0; b < nbe; b++) {
    uint16_t pl[4][32];
    memset(pl, 0xA5, sizeof pl);
    sf_unorm_rect_out ro = {{pl[0], pl[1], pl[2], pl[3]}, 8};
    sf_status bs;
    sf_status_clear(&bs);
    sf_code rr = sf_sample_unorm_rect(be[b], &rq, &ro, &bs);
    bool same = rr == SF_OK && !memcmp(pl, u0.v, sizeof pl);
    if (same) continue;
    return ue_fail(v, c, be[b]->name, "u8_rect_tie", "a point-sampled BORDER rect one ulp left of a rounding tie: %s, %s the "
                   "scalar per-block answer\n", sf_code_name(rr), rr == SF_OK ? "not" : "unknown");
  }
  return true;
}

/* u8_far_rows: a known answer for AVS rows past pixel index 2^32 (vertical block number 2^30 and
 * up), where the reference takes k(k-1)/2 in double and rounds it to float32 (docs/precision-model.md).
 * For k = 4 * 1073741856 that value and k(k+1)/2 round to neighbouring floats, and with this v and
 * v2d the row position lands just below row 8 (row 7, phase 31) with k(k-1)/2 and on row 8 with
 * k(k+1)/2. Every phase weighs the centre tap 64, so pixel (0, 0) reads its row's texel: row 7's
 * 22, not row 8's 25. The spec-interval oracles allow both (float rounding) and the SIMD backends
 * hand such blocks to the scalar code, so only a worked-out value sees the formula; every backend
 * must then give the scalar bits. The same input as test_indep_unorm's
 * test_avs_position_past_2_32 (how v and v2d were found is told there). */
static bool ue_far_rows(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.avs_8tap_all = true;
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    memset(sp.avs_luma[p], 0, sizeof sp.avs_luma[p]);
    sp.avs_luma[p][3] = 64;
  }
  sf_avs_req q = {.surf = ue.rows, .samp = &sp, .w = 16, .h = 4, .u = 0.5f, .v = -0x1.e64294p-3f,
                  .v2d = 0x1.7ae148p-65f, .vbn = 1073741856u};
  sf_status st;
  sf_status_clear(&st);
  sf_avs_out ref, out;
  sf_code r = sf_backend_scalar()->avs(&q, &ref, &st);
  if (r != SF_OK || ref.v[0][0] != 22 * 256)
    return ue_fail(v, c, "scalar", "u8_far_rows", "AVS pixel (0, 0) past pixel index 2^32 gave %s, %s row 7's texel (22)\n",
                   sf_code_name(r), r == SF_OK ? "not" : "unknown");
  for (unsigned b = 0; b < nbe; b++) {
    if (!be[b]->avs) continue;
    memset(&out, 0xA5, sizeof out);
    r = be[b]->avs(&q, &out, &st);
    bool same = r == SF_OK;
    for (unsigned k = 0; k < 4 && same; k++) same = !memcmp(ref.v[k], out.v[k], sizeof ref.v[k]);
    if (!same)
      return ue_fail(v, c, be[b]->name, "u8_far_rows", "AVS past pixel index 2^32: %s, %s the scalar entry's bits\n",
                     sf_code_name(r), r == SF_OK ? "not" : "unknown");
  }
  return true;
}

/* u8_unbound: no surface bound reads zeros (SF_OK), on every backend as in the scalar entry. */
static bool ue_unbound(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  sf_sampler sp;
  float u = 0, vv = 0;
  ue_geometry(0, true, &sp, &u, &vv);
  sf_unorm_req uq = {NULL, &sp, u, vv, 1.0f / 32, 1.0f / 32};
  sf_avs_req aq = {.surf = NULL, .samp = &sp, .u = u, .v = vv, .du = 1.0f / 32, .dv = 1.0f / 32, .w = 4, .h = 4};
  sf_unorm_out ub;
  sf_avs_out ab;
  for (unsigned b = 0; b < nbe; b++) {
    sf_status bs;
    sf_status_clear(&bs);
    memset(&ub, 0xA5, sizeof ub);
    memset(&ab, 0xA5, sizeof ab);
    sf_code ru = be[b]->sample_unorm ? be[b]->sample_unorm(&uq, &ub, &bs) : SF_OK;
    sf_code ra = be[b]->avs ? be[b]->avs(&aq, &ab, &bs) : SF_OK;
    bool zero = true;
    for (unsigned k = 0; k < 4; k++)
      for (unsigned i = 0; i < 32; i++) zero = zero && ub.v[k][i] == 0 && (i >= 16 || ab.v[k][i] == 0);
    if (ru == SF_OK && ra == SF_OK && zero) continue;
    char key[48];
    snprintf(key, sizeof key, "u8_unbound %s", ru != SF_OK || ra != SF_OK ? "refused" : "nonzero");
    return ue_fail(v, c, be[b]->name, key, "SAMPLE_UNORM gave %s and AVS %s with no surface bound; want SF_OK and zeros, "
                   "as the scalar entry gives\n", sf_code_name(ru), sf_code_name(ra));
  }
  return true;
}

/* u8_round: a worked-out SAMPLE_UNORM answer at the edge of its rounding. On the 2x2 RGBA8 surface
 * whose texel (0, 0) is 127 (the rest 0), u = v = 129/512 puts every pixel 1/256 of a texel past
 * texel 0's centre (du = dv = 0): the weights are 255 x 255 for it and 255, 255 and 1 for the others,
 * so each channel's sum is 127 x 65025 = 8258175 in units of 2^-16, one below a multiple of 256 after
 * the half-up bias of 128, and the 8.8 result is (8258175 + 128) >> 8 = 32258 (0x7e02). A sum off
 * by one unit of 2^-16 (a start value of 1, a bias of 129) gives 32259; on ordinary cases such an
 * error shows one sum in 256, where a generated case with odd fractions meets it. Every backend
 * must give the worked-out value in every lane and channel. */
static bool ue_round(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  if (ue.round_done) return true; /* a fixed request: once per thread */
  ue.round_done = true;
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;
  sp.addr[0] = sp.addr[1] = SF_ADDR_CLAMP;
  const uint32_t want = (127u * 255u * 255u + 128u) >> 8;
  sf_unorm_req uq = {ue.round, &sp, 129.0f / 512, 129.0f / 512, 0.0f, 0.0f};
  for (unsigned b = 0; b < nbe; b++) {
    if (!be[b]->sample_unorm) continue;
    sf_unorm_out o;
    memset(&o, 0xA5, sizeof o);
    sf_status bs;
    sf_status_clear(&bs);
    sf_code r = be[b]->sample_unorm(&uq, &o, &bs);
    unsigned bad = 32 * 4;
    for (unsigned i = 0; r == SF_OK && bad == 32 * 4 && i < 32 * 4; i++)
      if (o.v[i / 32][i % 32] != want) bad = i;
    if (r == SF_OK && bad == 32 * 4) continue;
    char got[64];
    snprintf(got, sizeof got, "%s, channel %u lane %u 0x%04x", sf_code_name(r), bad / 32 % 4, bad % 32,
             r == SF_OK ? (unsigned)o.v[bad / 32 % 4][bad % 32] : 0u);
    return ue_fail(v, c, be[b]->name, "u8_round", "SAMPLE_UNORM 1/256 of a texel past a 127 texel's centre: %s; want 0x%s in "
                   "every lane and channel, (127 x 255 x 255 + 128) >> 8\n", got, "7e02");
  }
  return true;
}

/* u8_surface: an RGBA8 surface that is not 2D (1D, 2D array, 3D or cube: `o` 0-3), or a 2D surface
 * of a format SAMPLE_UNORM and AVS do not read (`o` 4 on: ue.fmt[o - 4]), is refused by every
 * backend's SAMPLE_UNORM and AVS, as by the scalar entry (SF_ERR_STATE). */
static bool ue_surface(sf_verdict *v, const sf_case *c, unsigned o, const sf_backend *const *be, unsigned nbe) {
  static const char *const kinds[4] = {"1d", "2d_array", "3d", "cube"};
  const sf_surface *surf = o < 4 ? ue.odd[o] : ue.fmt[o - 4];
  sf_sampler sp;
  float u = 0, vv = 0;
  ue_geometry(0, true, &sp, &u, &vv);
  sf_unorm_req uq = {surf, &sp, u, vv, 1.0f / 32, 1.0f / 32};
  sf_avs_req aq = {.surf = surf, .samp = &sp, .u = u, .v = vv, .du = 1.0f / 32, .dv = 1.0f / 32, .w = 4, .h = 4};
  sf_unorm_out ub;
  sf_avs_out ab;
  for (unsigned b = 0; b < nbe; b++) {
    sf_status bs;
    sf_status_clear(&bs);
    sf_code ru = be[b]->sample_unorm ? be[b]->sample_unorm(&uq, &ub, &bs) : SF_ERR_STATE;
    sf_code ra = be[b]->avs ? be[b]->avs(&aq, &ab, &bs) : SF_ERR_STATE;
    if (ru == SF_ERR_STATE && ra == SF_ERR_STATE) continue;
    const sf_format_info *fi = sf_format_get(surf->desc.format);
    const char *name = o < 4 ? kinds[o] : fi ? fi->name : "?";
    char key[48], what[64], got[64];
    snprintf(key, sizeof key, "u8_surface %s", name);
    snprintf(what, sizeof what, o < 4 ? "an RGBA8 surface that is not 2D (%s)" : "a 2D %s surface", name);
    snprintf(got, sizeof got, "%s and %s", sf_code_name(ru), sf_code_name(ra));
    return ue_fail(v, c, be[b]->name, key, "SAMPLE_UNORM and AVS on %s gave %s; want SF_ERR_STATE from both, as the "
                   "scalar entry refuses them\n", what, got);
  }
  return true;
}

/* One sampler field out of range (check_int.h): request_state's and u8_state's broken state. */
const char *sf_check_break_sampler(sf_sampler *sp, unsigned pick, unsigned n) {
  switch (pick % 9u) {
    case 0: sp->min_filter = SF_FILTER_LINEAR + 1; return "min_filter";
    case 1: sp->mip_filter = SF_MIP_LINEAR + 1; return "mip_filter";
    case 2: sp->addr[n % 3] = SF_ADDR_COUNT; return "addr";
    case 3: sp->lod_bias = 4096; return "lod_bias"; /* s4.8: at most 4095 */
    case 4: sp->avs_luma[n % SF_AVS_PHASES][0]++; return "avs_luma";
    case 5: sp->avs_chroma[SF_AVS_PHASES - 1 - n % SF_AVS_PHASES][1]--; return "avs_chroma";
    case 6: sp->min_lod = 4096; return "min_lod"; /* u4.8: at most 4095 */
    case 7: sp->max_lod = 4096; return "max_lod";
    default: sp->compare = SF_CMP_ALWAYS + 1; return "compare";
  }
}

/* u8_state: a sampler state sf_sampler_check refuses (one field out of its range, by the input) is
 * refused by every backend's SAMPLE_UNORM, AVS and rect entries with the scalar entry's code. Each
 * SIMD entry tests the state its own way (simd_sample.h sfk_sampler_ok) before its fast path; one
 * that skipped the test would answer where the scalar entry refuses. */
static bool ue_state(sf_verdict *v, const sf_case *c, unsigned pick, const sf_backend *const *be, unsigned nbe) {
  sf_sampler sp;
  float u = 0, vv = 0;
  ue_geometry(0, false, &sp, &u, &vv);
  const char *field = sf_check_break_sampler(&sp, pick, pick / 9u);
  sf_unorm_req uq = {ue.grid, &sp, u, vv, 1.0f / 32, 1.0f / 32};
  sf_avs_req aq = {.surf = ue.grid, .samp = &sp, .u = u, .v = vv, .du = 1.0f / 32, .dv = 1.0f / 32, .w = 4, .h = 4};
  sf_unorm_rect_req rq = {.surf = ue.grid, .samp = &sp, .u = u, .v = vv, .bu = 8.0f / 32, .bv = 4.0f / 32,
                          .du = 1.0f / 32, .dv = 1.0f / 32, .blocks_x = 1, .blocks_y = 1};
  uint16_t plane[32];
  sf_unorm_rect_out ro = {{plane, NULL, NULL, NULL}, 8};
  sf_unorm_out ub;
  sf_avs_out ab;
  sf_code want[3] = {SF_OK, SF_OK, SF_OK};
  for (unsigned b = 0; b < nbe; b++) {
    sf_status bs;
    sf_status_clear(&bs);
    sf_code got[3] = {be[b]->sample_unorm ? be[b]->sample_unorm(&uq, &ub, &bs) : want[0],
                      be[b]->avs ? be[b]->avs(&aq, &ab, &bs) : want[1], sf_sample_unorm_rect(be[b], &rq, &ro, &bs)};
    if (b == 0) memcpy(want, got, sizeof want);
    if (got[0] == want[0] && got[1] == want[1] && got[2] == want[2] && want[0] != SF_OK && want[1] != SF_OK &&
        want[2] != SF_OK)
      continue;
    char key[48], codes[96];
    snprintf(key, sizeof key, "u8_state %s", field);
    snprintf(codes, sizeof codes, "%s, %s and %s", sf_code_name(got[0]), sf_code_name(got[1]), sf_code_name(got[2]));
    return ue_fail(v, c, be[b]->name, key, "SAMPLE_UNORM, AVS and the rect with the sampler's %s out of range gave %s; "
                   "want the scalar entry's refusal from each\n", field, codes);
  }
  return true;
}

/* u8_avs_range: AVS over stripes two texels wide (0, 0, 255, 255, ...), every row alike, with every
 * phase's taps {-16, 48, 48, -16} on the centre four (luma taps 2-5, chroma 0-3). Each row's sum,
 * in 1/64, is -8160 (the centre on the dark pair), +8160 twice (on an edge) or 24480 (on the bright
 * pair), the vertical pass multiplies it by 64, and the 8.8 result is floor((sum * 64 + 8) / 16)
 * clamped to [0, 65280] (docs/precision-model.md §12): 0, 32640 or 65280 exactly. Pixels one texel
 * apart (du = 1/32) meet all four sums. The generated cases' tables overshoot rarely and on noise,
 * where the independent model's interval allows a value off by one at 0; a clamp that gave 1 or
 * 65281 in the scalar entry alone survived 60 s of sample_diff_fuzzer. */
static bool ue_avs_range(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.avs_8tap_all = c->pattern[7] & 1u; /* channels 0 and 2 through the 4-tap table or the 8-tap one */
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    static const int8_t luma[SF_AVS_LUMA_TAPS] = {0, 0, -16, 48, 48, -16, 0, 0}, chroma[SF_AVS_CHROMA_TAPS] = {-16, 48, 48, -16};
    memcpy(sp.avs_luma[p], luma, sizeof luma);
    memcpy(sp.avs_chroma[p], chroma, sizeof chroma);
  }
  sf_avs_req q = {.surf = ue.stripes, .samp = &sp, .u = (4.0f + (float)(c->pattern[8] % 32u) / 32.0f) / 32.0f,
                  .v = 0.5f, .du = 1.0f / 32, .dv = 1.0f / 32, .w = 16, .h = 4};
  sf_status st;
  sf_status_clear(&st);
  sf_avs_out ref, out;
  sf_code r = sf_backend_scalar()->avs(&q, &ref, &st);
  unsigned seen = 0, bad = 0;
  for (unsigned k = 0; k < 4 && r == SF_OK; k++)
    for (unsigned i = 0; i < 64; i++) {
      uint16_t x = ref.v[k][i];
      seen |= x == 0 ? 1u : x == 65280 ? 2u : 0u;
      bad += x != 0 && x != 32640 && x != 65280;
    }
  if (r != SF_OK || bad || seen != 3u) {
    char got[96];
    snprintf(got, sizeof got, "%s, %u values not 0, 32640 or 65280, clamps seen 0x%x", sf_code_name(r), bad, seen);
    return ue_fail(v, c, "scalar", "u8_avs_range", "AVS over 0/255 stripes with lobes of -16 (%s): %s; want only those "
                   "three values and both clamps\n", sp.avs_8tap_all ? "8-tap" : "4-tap chroma", got);
  }
  for (unsigned b = 0; b < nbe; b++) {
    if (!be[b]->avs) continue;
    memset(&out, 0xA5, sizeof out);
    sf_status_clear(&st);
    r = be[b]->avs(&q, &out, &st);
    bool same = r == SF_OK;
    for (unsigned k = 0; k < 4 && same; k++) same = !memcmp(ref.v[k], out.v[k], sizeof ref.v[k]);
    if (!same)
      return ue_fail(v, c, be[b]->name, "u8_avs_range", "AVS over 0/255 stripes with lobes of -16: %s, %s the scalar "
                     "entry's bits\n", sf_code_name(r), r == SF_OK ? "not" : "unknown");
  }
  return true;
}

bool sf_check_u8_edges(sf_verdict *v, const sf_case *c, const uint8_t *in, size_t n, const sf_backend *const *be,
                       unsigned nbe) {
  if (!ue_setup()) { /* small valid surfaces: only out of memory leaves nothing to say */
    if (ue.why.code == SF_ERR_NOMEM) return true;
    char msg[SF_STATUS_MSG_MAX + 64];
    return ue_fail(v, c, "scalar", "setup", "a valid 32x32 or 16x16 RGBA8 surface was refused: %s%s\n",
                   sf_status_format(&ue.why, msg, sizeof msg), "");
  }
  /* the choice from the input's bytes: many inputs generate the same pattern */
  unsigned pick = (unsigned)(XXH3_64bits(in, n) >> 32);
  /* null_edge on one input in two (each runs the scalar code up to 5 times), the rect tie on one in four */
  if (((pick >> 5) & 1u) && !ue_null_edge(v, c, pick, be, nbe)) return false;
  if (((pick >> 6) & 3u) == 0 && !ue_rect_tie(v, c, be, nbe)) return false;
  if (((pick >> 8) & 7u) == 0 && !ue_far_rows(v, c, be, nbe)) return false; /* one input in eight */
  if (((pick >> 11) & 1u) && !ue_avs_range(v, c, be, nbe)) return false;
  return ue_unbound(v, c, be, nbe) && ue_round(v, c, be, nbe) && ue_surface(v, c, (pick >> 3) % (4u + ue.nfmt), be, nbe) &&
         ue_state(v, c, (pick >> 13) % 27u, be, nbe);
}
