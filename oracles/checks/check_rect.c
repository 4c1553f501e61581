/* oracles/checks/check_rect.c — the SAMPLE_UNORM rect entry point (sf_sample_unorm_rect: the fast
 * path measured against libyuv, docs/simd.md) under sample_diff_fuzzer.
 *
 * For a SAMPLE_UNORM or AVS case (both read the same 2D r8/rg8/rgba8/nv12 surfaces), two grids of
 * 1..6 x 1..4 blocks run on the case's surface and sampler state:
 *   drawn   origin, block steps and pixel steps from the palette, the row pitch (8 * blocks_x plus
 *           0..7 spare elements) and which of the four planes are wanted from the pattern;
 *   scaler  what a video scaler asks (sf_rect_scaler): blocks side by side, a scale from 4x up to 3x
 *           down, the origin at an edge of the surface, every plane; then the same, 8 to 13 blocks
 *           across, on a wide copy of the surface (64 to 175 texels), where the kernels' widest row
 *           loops run more than once.
 * Each plane is allocated to exactly the size the contract asks for, so a store past it is an ASan
 * report, and filled with a sentinel. Checks, per grid:
 *   rect_status  every backend returns the scalar backend's status;
 *   rect_blocks  on the scalar backend, every pixel of three blocks (the first, the last, one the
 *                case picks) equals what sf_sample_unorm gives for that block's own request (the
 *                contract in include/samplefuzz/sampler.h);
 *   rect_lanes   every backend's planes equal the scalar backend's, element for element;
 *   rect_pitch   the spare elements of each row (between 8 * blocks_x and the pitch) keep the
 *                sentinel;
 *   rect_edge_blocks (the copy of 16 to 31 texels) the grid's first and last block asked of every
 *                backend's sample_unorm alone equal the scalar backend's (the RGBA8/R8 rect kernels
 *                bypass the per-block path, whose own 16-texel window a wrapped tap tests);
 *   rect_refused a grid the scalar backend refuses must hold a block whose own request it refuses
 *                with the same code: the grids are drawn within the rect's caps (at most 13 x 4
 *                blocks, a pitch of at least 8 * blocks_x), so a refusal of a grid whose every block
 *                samples is the entry point refusing valid input, which every backend would share. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"

#define SF_RECT_SENTINEL 0xA5C3u

static float sf_rect_f(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* A finite float from a palette entry, folded into [-lim, lim]. */
static float sf_rect_coord(uint32_t bits, float lim) {
  float f = sf_rect_f(bits);
  if (!(f == f) || f > 3.0e38f || f < -3.0e38f) return 0.25f;
  while (f > lim || f < -lim) f *= 0.0625f;
  return f;
}

typedef struct sf_rect_planes {
  uint16_t *v[4];
  size_t size;   /* elements per plane */
} sf_rect_planes;

/* Allocates the wanted planes, each filled from tmpl (size sentinel elements). */
static bool sf_rect_alloc(sf_rect_planes *p, unsigned want, size_t size, const uint16_t *tmpl) {
  memset(p, 0, sizeof *p);
  p->size = size;
  for (unsigned k = 0; k < 4; k++) {
    if (!(want >> k & 1u)) continue;
    p->v[k] = malloc(size * sizeof *p->v[k]);
    if (!p->v[k]) return false;
    memcpy(p->v[k], tmpl, size * sizeof *tmpl);
  }
  return true;
}

static void sf_rect_free(sf_rect_planes *p) {
  for (unsigned k = 0; k < 4; k++) free(p->v[k]);
}

static void sf_rect_fail(sf_verdict *v, const sf_case *c, const char *check, const char *feature, const sf_unorm_rect_req *r,
                         size_t pitch, unsigned want) {
  char buf[512];
  sf_verdict_fail(v, check, &c->inst, feature);
  const sf_format_info *fi = sf_format_get(c->surf.format);
  sf_verdict_key(v, "%s format=%s filter=%u", check, fi ? fi->name : "?", c->samp.mag_filter);
  sf_verdict_dumpf(v, "rect: %ux%u blocks, pitch %zu, planes %c%c%c%c, u %.9g v %.9g bu %.9g bv %.9g du %.9g dv %.9g\n",
                   r->blocks_x, r->blocks_y, pitch, want & 1 ? 'R' : '-', want & 2 ? 'G' : '-', want & 4 ? 'B' : '-',
                   want & 8 ? 'A' : '-', (double)r->u, (double)r->v, (double)r->bu, (double)r->bv, (double)r->du, (double)r->dv);
  sf_verdict_dumpf(v, "case: %s\n", sf_case_describe(c, buf, sizeof buf));
}

/* rect_refused (header comment): the scalar backend refused the grid with rc; some block of it must
 * be refused with that code on its own. */
static bool sf_rect_refusal_explained(sf_verdict *v, const sf_case *c, const sf_backend *be, const sf_unorm_rect_req *r, size_t pitch,
                                      unsigned want, sf_code rc, const sf_status *st) {
  for (uint32_t j = 0; j < r->blocks_y; j++)
    for (uint32_t i = 0; i < r->blocks_x; i++) {
      sf_unorm_req q = {.surf = r->surf, .samp = r->samp, .u = r->u + (float)i * r->bu, .v = r->v + (float)j * r->bv,
                        .du = r->du, .dv = r->dv};
      sf_unorm_out bo;
      sf_status sb;
      sf_status_clear(&sb);
      if (be->sample_unorm(&q, &bo, &sb) == rc) return true;
    }
  sf_rect_fail(v, c, "rect_refused", be->name, r, pitch, want);
  sf_verdict_dumpf(v, "%s refused the grid (%s: %s), but no block's own request is refused with that code\n", be->name, sf_code_name(rc),
                   st->msg);
  return false;
}

/* rect_edge_blocks (the grid on 16 to 31 texels): the grid's first and last block, each asked of every
 * backend's sample_unorm alone, equal the scalar backend's: the rect kernels of RGBA8 and R8 do not
 * go through the per-block path, whose own fast window is what a wrapped tap tests. */
static bool sf_rect_edge_blocks(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe,
                                const sf_unorm_rect_req *r) {
  for (unsigned e = 0; e < 2; e++) {
    uint32_t i = e ? r->blocks_x - 1u : 0u, j = e ? r->blocks_y - 1u : 0u;
    sf_unorm_req q = {.surf = r->surf, .samp = r->samp, .u = r->u + (float)i * r->bu, .v = r->v + (float)j * r->bv,
                      .du = r->du, .dv = r->dv};
    sf_unorm_out ref, got;
    sf_status s0;
    sf_status_clear(&s0);
    sf_code rc0 = be[0]->sample_unorm(&q, &ref, &s0);
    for (unsigned b = 1; b < nbe; b++) {
      sf_status s1;
      sf_status_clear(&s1);
      sf_code rc1 = be[b]->sample_unorm(&q, &got, &s1);
      if (rc1 == rc0 && (rc0 != SF_OK || !memcmp(&got, &ref, sizeof ref))) continue;
      sf_rect_fail(v, c, "rect_edge_blocks", be[b]->name, r, 8u * r->blocks_x, 15u);
      snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[b]->name);
      sf_verdict_dumpf(v, "block (%u, %u) alone: %s %s, %s %s%s\n", (unsigned)i, (unsigned)j, be[0]->name, sf_code_name(rc0),
                       be[b]->name, sf_code_name(rc1), rc0 == rc1 ? ", the pixels differ" : "");
      return false;
    }
  }
  return true;
}

/* One grid through every backend: the checks of the header comment. */
static bool sf_rect_run(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe, const sf_unorm_rect_req *rp,
                        size_t pitch, unsigned want, const char *grid) {
  const sf_unorm_rect_req r = *rp;
  size_t size = (4u * r.blocks_y - 1u) * pitch + 8u * r.blocks_x;
  sf_rect_planes ref, out;
  bool ok = true;
  uint16_t *tmpl = malloc(size * sizeof *tmpl);
  memset(&ref, 0, sizeof ref);
  memset(&out, 0, sizeof out);
  if (!tmpl) goto done;   /* out of memory: not judged */
  for (size_t i = 0; i < size; i++) tmpl[i] = SF_RECT_SENTINEL;
  if (!sf_rect_alloc(&ref, want, size, tmpl) || !sf_rect_alloc(&out, want, size, tmpl)) goto done;
  sf_unorm_rect_out ro = {{ref.v[0], ref.v[1], ref.v[2], ref.v[3]}, pitch};
  sf_status st0;
  sf_status_clear(&st0);
  sf_code rc0 = sf_sample_unorm_rect(be[0], &r, &ro, &st0);
  if (rc0 != SF_OK && rc0 != SF_ERR_NOMEM) ok = sf_rect_refusal_explained(v, c, be[0], &r, pitch, want, rc0, &st0);
  if (rc0 == SF_OK) {
    /* rect_blocks and rect_pitch on the scalar backend. rect_blocks asks three blocks: the first,
     * the last and one the case picks (asking all of them doubled the cost of the check). */
    const uint32_t nb = r.blocks_x * r.blocks_y, pick = c->pattern[25] % nb;
    const uint32_t blk[3] = {0, nb - 1, pick};
    for (unsigned t = 0; t < 3 && ok; t++) {
      if ((t == 1 && nb == 1) || (t == 2 && (pick == 0 || pick == nb - 1))) continue;
      const uint32_t i = blk[t] % r.blocks_x, j = blk[t] / r.blocks_x;
      sf_unorm_req q = {.surf = r.surf, .samp = r.samp, .u = r.u + (float)i * r.bu, .v = r.v + (float)j * r.bv,
                        .du = r.du, .dv = r.dv};
      sf_unorm_out bo;
      sf_status sb;
      sf_status_clear(&sb);
      if (be[0]->sample_unorm(&q, &bo, &sb) != SF_OK) {
        sf_rect_fail(v, c, "rect_blocks", "status", &r, pitch, want);
        sf_verdict_dumpf(v, "block (%u, %u): the rect succeeded, the block request failed: %s\n", i, j, sb.msg);
        ok = false;
        break;
      }
      for (unsigned k = 0; k < 4 && ok; k++)
        for (unsigned px = 0; ref.v[k] && px < 32; px++) {
          size_t e = (size_t)(4u * j + px / 8u) * pitch + 8u * i + px % 8u;
          /* one comparison per block row; the element loop runs only to name a difference */
          if (px % 8u == 0 && !memcmp(&ref.v[k][e], &bo.v[k][px], 8 * sizeof bo.v[k][0])) {
            px += 7;
            continue;
          }
          if (ref.v[k][e] == bo.v[k][px]) continue;
          sf_rect_fail(v, c, "rect_blocks", NULL, &r, pitch, want);
          sf_verdict_dumpf(v, "block (%u, %u) pixel %u channel %c: rect %04x, per-block request %04x\n", i, j, px, "RGBA"[k],
                           ref.v[k][e], bo.v[k][px]);
          ok = false;
          break;
        }
    }
    for (unsigned k = 0; k < 4 && ok; k++)
      for (size_t row = 0; ref.v[k] && row + 1 < 4u * r.blocks_y && ok; row++)   /* the last row has no spare part */
        for (size_t e = row * pitch + 8u * r.blocks_x; e < (row + 1) * pitch; e++) {
          if (ref.v[k][e] == SF_RECT_SENTINEL) continue;
          sf_rect_fail(v, c, "rect_pitch", be[0]->name, &r, pitch, want);
          sf_verdict_dumpf(v, "%s wrote element %zu of plane %c, in the spare part of row %zu\n", be[0]->name, e, "RGBA"[k],
                           e / pitch);
          ok = false;
          break;
        }
  }
  for (unsigned b = 1; b < nbe && ok; b++) {
    for (unsigned k = 0; k < 4; k++)
      if (out.v[k]) memcpy(out.v[k], tmpl, size * sizeof *tmpl);
    sf_unorm_rect_out oo = {{out.v[0], out.v[1], out.v[2], out.v[3]}, pitch};
    sf_status st1;
    sf_status_clear(&st1);
    sf_code rc1 = sf_sample_unorm_rect(be[b], &r, &oo, &st1);
    if (rc1 != rc0) {
      sf_rect_fail(v, c, "rect_status", be[b]->name, &r, pitch, want);
      sf_verdict_dumpf(v, "%s: %s (%s), %s: %s (%s)\n", be[0]->name, sf_code_name(rc0), st0.msg, be[b]->name, sf_code_name(rc1),
                       st1.msg);
      ok = false;
      break;
    }
    if (rc0 != SF_OK) continue;   /* the planes' content is unspecified on an error */
    for (unsigned k = 0; k < 4 && ok; k++) {
      if (!out.v[k] || !memcmp(out.v[k], ref.v[k], size * sizeof *out.v[k])) continue;
      for (size_t e = 0; e < size; e++) {   /* a difference: find and name the first one */
        if (out.v[k][e] == ref.v[k][e]) continue;
        bool spare = e % pitch >= 8u * r.blocks_x;
        sf_rect_fail(v, c, spare ? "rect_pitch" : "rect_lanes", be[b]->name, &r, pitch, want);
        sf_verdict_dumpf(v, "plane %c element %zu (row %zu, column %zu): %s %04x, %s %04x%s\n", "RGBA"[k], e, e / pitch, e % pitch,
                         be[0]->name, ref.v[k][e], be[b]->name, out.v[k][e], spare ? " (spare element: must keep the sentinel)" : "");
        ok = false;
        break;
      }
    }
    if (!ok) snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[b]->name);
  }
done:
  if (!ok) sf_verdict_dumpf(v, "grid: %s\n", grid);
  sf_rect_free(&ref);
  sf_rect_free(&out);
  free(tmpl);
  return ok;
}

/* The scaler grid: what a video scaler asks of the rect (docs/simd.md "The SAMPLE_UNORM rect"):
 * blocks side by side (bu = 8 du, bv = 4 dv), a scale from a fourfold upscale to a threefold
 * downscale, and an origin at an edge of the surface (half a texel to a texel and a half outside it,
 * on it, or ending at the far edge), so that the kernels' window, border and edge groups meet the
 * surface's edges in every address mode. */
static void sf_rect_scaler(const sf_case *c, const sf_surface *s, uint32_t min_blocks_x, sf_unorm_rect_req *r) {
  static const float scale[8] = {0.25f, 0.5f, 0.6875f, 1.0f, 1.5f, 1.875f, 2.5f, 3.0f}; /* texels per pixel */
  static const float lead[4] = {-1.5f, -0.5f, 0.0f, 0.375f};                           /* texels before the first pixel */
  const uint8_t *p = c->pattern + 20;
  r->blocks_x = min_blocks_x + p[0] % 6u;
  r->blocks_y = 1u + p[1] % 4u;
  const float n[2] = {(float)s->levels[0].w, (float)s->levels[0].h};
  const unsigned px[2] = {8u * r->blocks_x, 4u * r->blocks_y};
  float o[2], d[2];
  for (unsigned a = 0; a < 2; a++) {
    unsigned sel = p[2 + a];
    float step = scale[sel % 8u];
    /* one origin in five ends the rect half a texel past the far edge instead */
    float off = sel / 8u % 5u == 4u ? n[a] + 0.5f - step * (float)px[a] : lead[sel / 8u % 5u % 4u];
    o[a] = off / n[a];
    d[a] = step / n[a];
  }
  r->u = o[0];
  r->v = o[1];
  r->du = d[0];
  r->dv = d[1];
  r->bu = 8.0f * d[0];
  r->bv = 4.0f * d[1];
}

/* A copy of the case's surface, w x h texels (even sizes for NV12), one level, the case's format
 * and texel bytes; NULL when the case's surface type has no such copy. */
static sf_surface *sf_rect_copy(const sf_case *c, uint32_t w, uint32_t h) {
  sf_surface_desc d = c->surf;
  d.width = w;
  d.height = h;
  const sf_format_info *fi = sf_format_get(d.format);
  if (fi && fi->cls == SF_FCLASS_YUV) d.width &= ~1u, d.height = (d.height + 1u) & ~1u;
  d.depth = d.layers = d.levels = 1;
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_surface_create(&s, &d, &st) != SF_OK) return NULL;
  if (c->layout == 1)
    sf_surface_fill(s, c->pattern, SF_CASE_PATTERN_SIZE); /* as written before layout 2 */
  else
    sf_case_fill(c, s);
  return s;
}

/* The RGBA8 rect path's groups of 8 columns, however read, on this thread (sf_backend_count). */
static unsigned long rect_windows(const sf_backend *be) {
  return sf_backend_count(be, SF_COUNT_RECT_GATHER) + sf_backend_count(be, SF_COUNT_RECT_PAIR) +
         sf_backend_count(be, SF_COUNT_RECT_QUAD);
}

/* `rect_caps` (once per process, with the first rect case): a grid of SF_UNORM_RECT_MAX_BLOCKS
 * blocks along one axis and 1 along the other is taken by every backend, the R plane equal to the
 * scalar backend's, and the AVX2 and AVX-512 backends take their RGBA8 rect path for it (its window
 * counters move: the block loop gives the same bits, so only they show a path that stopped
 * running); one block more along either axis is refused as over the limit. The cases' grids stay
 * far inside the cap, so no other check sees it one off. */
static bool rect_caps(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe) {
  static atomic_flag done = ATOMIC_FLAG_INIT;
  if (atomic_flag_test_and_set(&done)) return true;
  sf_surface_desc d = {SF_SURF_2D, SF_FMT_RGBA8_UNORM, 16, 16, 1, 1, 1};
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_surface_create(&s, &d, &st) != SF_OK) return true; /* no memory: nothing to judge */
  static const uint8_t pat[5] = {9, 200, 31, 77, 150};
  sf_surface_fill(s, pat, sizeof pat);
  sf_sampler samp;
  sf_sampler_default(&samp);
  samp.min_filter = samp.mag_filter = SF_FILTER_LINEAR;
  const size_t n = (size_t)8 * 4 * SF_UNORM_RECT_MAX_BLOCKS; /* elements of one plane, either shape */
  uint16_t *ref = malloc(n * sizeof *ref), *got = malloc(n * sizeof *got);
  const char *bad = NULL;
  unsigned at = 0;
  for (unsigned shape = 0; shape < 2 && ref && got && !bad; shape++) {
    sf_unorm_rect_req r;
    memset(&r, 0, sizeof r);
    r.surf = s, r.samp = &samp;
    r.u = 0.01f, r.v = 0.02f, r.bu = 0.001f, r.bv = 0.002f, r.du = 0.0001f, r.dv = 0.0002f;
    r.blocks_x = shape ? 1u : SF_UNORM_RECT_MAX_BLOCKS;
    r.blocks_y = shape ? SF_UNORM_RECT_MAX_BLOCKS : 1u;
    sf_unorm_rect_out o;
    memset(&o, 0, sizeof o);
    o.pitch = 8u * (size_t)r.blocks_x;
    for (unsigned b = 0; b < nbe && !bad; b++) {
      o.v[0] = b ? got : ref;
      sf_status_clear(&st);
      unsigned long before = rect_windows(be[b]);
      sf_code rc = sf_sample_unorm_rect(be[b], &r, &o, &st);
      if (rc == SF_ERR_NOMEM) continue;
      if (rc != SF_OK) bad = "at the cap", at = b;
      else if (b && memcmp(ref, got, n * sizeof *got)) bad = "planes differ", at = b;
      /* the AVX2 and AVX-512 backends take their RGBA8 rect path here (a tight pitch, a clamped
         sampler, no null page): its windows count (sampler.h), the block loop's do not */
      else if (!strncmp(be[b]->name, "avx", 3) && rect_windows(be[b]) == before) bad = "the rect path not taken", at = b;
      if (bad) break;
      /* one block more along this axis */
      sf_unorm_rect_req over = r;
      if (shape) over.blocks_y++;
      else over.blocks_x++;
      sf_unorm_rect_out oo = o;
      oo.pitch = 8u * (size_t)over.blocks_x;
      sf_status_clear(&st);
      rc = sf_sample_unorm_rect(be[b], &over, &oo, &st);
      if (rc != SF_ERR_LIMIT) bad = "one past the cap", at = b;
    }
  }
  free(ref);
  free(got);
  sf_surface_free(s);
  if (!bad) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "rect_caps", &c->inst, be[at]->name);
  sf_verdict_key(v, "rect_caps %s %s", be[at]->name, bad);
  sf_verdict_dumpf(v, "%s: a rect of %u blocks along one axis (the cap) or one more: %s: %s\n", be[at]->name,
                   SF_UNORM_RECT_MAX_BLOCKS, bad, sf_status_format(&st, msg, sizeof msg));
  return false;
}

bool sf_check_rect(sf_verdict *v, const sf_case *c, const sf_case_env *env, const sf_backend *const *be, unsigned nbe) {
  if ((c->inst.family != SF_FAMILY_SAMPLE_UNORM && c->inst.family != SF_FAMILY_AVS) || nbe == 0 || !env->surface) return true;
  if (!rect_caps(v, c, be, nbe)) return false;
  /* the drawn grid: origin, steps and size from the case's palette and pattern */
  sf_unorm_rect_req r;
  memset(&r, 0, sizeof r);
  r.surf = env->surface;
  r.samp = &env->sampler;
  r.blocks_x = 1u + c->pattern[3] % 6u;
  r.blocks_y = 1u + c->pattern[4] % 4u;
  r.u = sf_rect_coord(c->palette[0], 4.0f);
  r.v = sf_rect_coord(c->palette[1], 4.0f);
  r.bu = sf_rect_coord(c->palette[2], 1.0f);
  r.bv = sf_rect_coord(c->palette[3], 1.0f);
  r.du = sf_rect_coord(c->palette[4], 0.25f);
  r.dv = sf_rect_coord(c->palette[5], 0.25f);
  size_t pitch = 8u * r.blocks_x + c->pattern[5] % 8u;
  unsigned want = c->pattern[6] & 15u;
  if (!want) want = 15u;
  if (!sf_rect_run(v, c, be, nbe, &r, pitch, want, "drawn")) return false;
  /* the scaler grid, with every plane and a pitch of its own */
  if (env->surface->levels[0].w == 0 || env->surface->levels[0].h == 0) return true;
  sf_rect_scaler(c, env->surface, 1u, &r);
  if (!sf_rect_run(v, c, be, nbe, &r, 8u * r.blocks_x + c->pattern[24] % 8u, 15u, "scaler")) return false;
  /* The scaler grid again on a wide copy of the case's surface (64 to 175 texels): the cases'
   * surfaces are at most 48 texels wide, so a kernel's widest loops (32 and 64 bytes of a row per
   * step) and their tails after an unaligned start ran only on the widest RGBA8 cases; a scaler
   * reads rows this wide. */
  sf_surface *wide = sf_rect_copy(c, 64u + (c->pattern[26] % 4u) * 37u, 1u + c->pattern[27] % 12u);
  if (!wide) return true; /* the case's surface type has no such copy */
  r.surf = wide;
  /* and 8 to 13 blocks across (64 to 104 pixels): an output row of 48 pixels or fewer ran the
   * AVX-512 vertical pass's 32-column step once, at column 0, where an index that went the wrong
   * way read the right words (a planted 'a + X' -> 'a - X' there survived 60 s) */
  sf_rect_scaler(c, wide, 8u, &r);
  bool ok = sf_rect_run(v, c, be, nbe, &r, 8u * r.blocks_x + c->pattern[28] % 8u, 15u, "scaler, wide surface");
  sf_surface_free(wide);
  if (!ok) return false;
  /* And on a copy 16 to 31 texels wide, U in wrap mode one time in two, where the per-block AVX2
   * kernel's 16-texel window (it needs 16 texels, and then starts at the lowest tap or at w - 16)
   * meets a right tap that wrapped past the right edge to texel 0, left of every left tap: the
   * window's bounds must count it (a planted bug that dropped the right taps from them survived
   * 60 s of sample_diff_fuzzer; the cases' own surfaces rarely pair those widths with wrap, an
   * upscale and the right edge). */
  sf_surface *narrow = sf_rect_copy(c, 16u + c->pattern[31] % 16u, 1u + c->pattern[29] % 6u);
  if (!narrow) return true;
  sf_sampler wrap = env->sampler; /* whatever the case's mode */
  if (c->pattern[30] & 0x80u) wrap.addr[0] = SF_ADDR_WRAP;
  r.surf = narrow;
  r.samp = &wrap;
  sf_rect_scaler(c, narrow, 1u, &r);
  ok = sf_rect_run(v, c, be, nbe, &r, 8u * r.blocks_x + c->pattern[30] % 8u, 15u, "scaler, 16 to 31 texels") &&
       sf_rect_edge_blocks(v, c, be, nbe, &r);
  sf_surface_free(narrow);
  return ok;
}
