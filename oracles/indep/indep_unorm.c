/* oracles/indep/indep_unorm.c — the independent model of SAMPLE_UNORM and AVS
 * (include/samplefuzz/indep.h, docs/oracles.md "The independent model"): for every pixel of a block
 * and every channel, the interval of 8.8 values (value·256) that a correct result lies in.
 *
 * A plain transcription in double precision, sharing no code with oracles/sampler or oracles/verify:
 *   - the operations: IGC's vISA documentation (intel-graphics-compiler, documentation/visa/
 *     instructions/SAMPLE_UNORM.md: an 8x4 block, pixel (x, y) at (U + x·ΔU, V + y·ΔV); AVS.md: blocks
 *     16x4, 8x4, 16x8, 4x4, ΔU/ΔV, u2d/v2d, the vertical block number: row y is source row y + 4·VBN);
 *   - the texel-space arithmetic of SAMPLE_UNORM: D3D11.3 functional spec §7.18.6 (range reduction),
 *     §7.18.7/8 (texel space, point x = u·n, linear x = u·n − 0.5, 8 bits of sub-texel fraction),
 *     §7.18.9 (address modes on the integer index), §7.18.9.1 and §3.2.3.6 (the border colour as
 *     FLOAT -> UNORM8, which allows 0.6 ULP), §7.18.16 (bilinear weights (256 − f)/256 and f/256);
 *   - what those leave open and samplefuzz fixes, docs/precision-model.md §11 and §12: level 0 and the
 *     mag filter for SAMPLE_UNORM; 2D R8/RG8/RGBA8 UNORM or NV12 (G = Y, R = Cr, B = Cb of the 2x2
 *     block, alpha 1); 8.8 output; AVS positions u + x·ΔU + x(x−1)/2·u2d (NLAS), p = u·W − 0.5 on the
 *     plane filtered (NV12 R and B: the chroma plane), 32 phases, taps i − 3 … i + 4 (8-tap luma
 *     table) or i − 1 … i + 2 (4-tap chroma table, R and B unless avs_8tap_all) clamped to the plane's
 *     edge, S1.6 coefficients summing to 64, horizontal then vertical, one rounding, clamp to
 *     [0, 255·256]; null pages read as zero bytes, missing channels as (0, 0, 0, 1).
 *
 * Freedom is widened, never guessed: the float32 evaluation of the position (u + x·du, the NLAS sum,
 * ·n, − 0.5) is a bounded error, and every 1/256 sub-texel position (SAMPLE_UNORM) or 1/32 phase
 * (AVS) that the error reaches is a candidate (rounding ties either way); the interval is the union
 * over the candidates (SAMPLE_UNORM: the bilinear sum over one texel pair is extreme at the corners
 * of its fraction range). The final rounding of the exact integer sum to 8.8 is the one the
 * precision model documents (half up; §11, §12): it is not widened. NV12
 * stores no alpha: it reads 1 everywhere, in a null tile and at the border too (the default of a
 * channel the format lacks, docs/precision-model.md §4-5).
 * Per pixel not modelled (counted as unsupported): non-finite inputs, positions so uncertain that
 * more than 4 texels (SAMPLE_UNORM: wrap/mirror beyond about 2^25 texels) or 8 phases (AVS) are
 * candidates, AVS position terms beyond 2^100 that float32 may turn into a NaN (of both signs) or
 * that lie within 2^110. Per request (SF_UNSUPPORTED): adaptive AVS, IEF, AVS tables whose phases do
 * not sum to 64, other surfaces than 2D R8/RG8/RGBA8 UNORM and NV12 (the reference refuses them
 * all). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/indep/indep_int.h"

/* The rounding error float32 arithmetic can add to a result of magnitude at most m: half an ULP
 * (2^-24 relative), plus the absolute error of the denormal range, with a little slack. */
static double ferr(double m) { return m * 0x1p-24 * (1.0 + 0x1p-16) + 0x1p-140; }

static int64_t floor_div(int64_t a, int64_t b) { return a >= 0 ? a / b : -((-a + b - 1) / b); }

/* ---- Texels ---------------------------------------------------------------------------------- */

typedef struct u8ctx {
  const sf_surface *s;
  bool nv12;
  unsigned bytes, chans;   /* per texel; channels stored (RGBA order) */
  uint32_t w, h;           /* level 0 */
  int blo[4], bhi[4];      /* border colour codes, an interval per channel */
  bool broken;             /* a texel read fell outside the storage */
  const uint8_t *plain;    /* not NV12, no null tile on level 0, level 0 inside the storage: its
                              first byte, for reading texels without the checks (NULL otherwise) */
} u8ctx;

/* The code interval of a float border channel stored as UNORM8 (D3D11.3 §3.2.3.6: NaN -> 0, clamp
 * to [0, 1], c·255, then the nearest integer within 0.6 ULP). */
static void border_code(float f, int *lo, int *hi) {
  double c = (double)f;
  if (isnan(c)) c = 0.0;
  c = c < 0.0 ? 0.0 : c > 1.0 ? 1.0 : c;
  double x = c * 255.0;
  double l = ceil(x - 0.6 - 1e-9), h = floor(x + 0.6 + 1e-9);
  *lo = (int)(l < 0.0 ? 0.0 : l);
  *hi = (int)(h > 255.0 ? 255.0 : h);
}

static sf_code u8_setup(u8ctx *c, const sf_surface *s, const sf_sampler *sp, const char *what, sf_status *st) {
  memset(c, 0, sizeof *c);
  c->s = s;
  switch (s->desc.format) {
    case SF_FMT_R8_UNORM: c->bytes = 1, c->chans = 1; break;
    case SF_FMT_RG8_UNORM: c->bytes = 2, c->chans = 2; break;
    case SF_FMT_RGBA8_UNORM: c->bytes = 4, c->chans = 4; break;
    case SF_FMT_NV12: c->bytes = 1, c->chans = 3, c->nv12 = true; break;
    default:
      return sf_fail(st, SF_UNSUPPORTED, "indep %s: format %u is not r8/rg8/rgba8_unorm or nv12", what, s->desc.format);
  }
  if (s->desc.type != SF_SURF_2D || s->desc.levels < 1)
    return sf_fail(st, SF_UNSUPPORTED, "indep %s: surface type %u with %u levels (a 2D surface is read)", what,
                   s->desc.type, s->desc.levels);
  c->w = s->desc.width;
  c->h = s->desc.height;
  if (c->w < 1 || c->h < 1 || c->w > SF_SURF_MAX_DIM || c->h > SF_SURF_MAX_DIM || s->levels[0].w != c->w ||
      s->levels[0].h != c->h || (c->nv12 && (c->w % 2 || c->h % 2)))
    return sf_fail(st, SF_UNSUPPORTED, "indep %s: surface of %ux%u (level 0 %ux%u) is not a readable 2D surface", what,
                   c->w, c->h, s->levels[0].w, s->levels[0].h);
  const sf_level *lv = &s->levels[0];
  bool plain = !c->nv12 && s->data && lv->row_pitch >= (size_t)c->w * c->bytes &&
               lv->offset + (size_t)(c->h - 1) * lv->row_pitch + (size_t)c->w * c->bytes <= s->size;
  if (plain && s->null_map) {
    size_t tiles = (size_t)lv->tiles_x * lv->tiles_y;
    for (size_t i = 0; i < tiles && plain; i++) plain = !(lv->null_offset + i < s->null_size && s->null_map[lv->null_offset + i]);
  }
  c->plain = plain ? s->data + lv->offset : NULL;
  for (unsigned k = 0; k < 4; k++) border_code(sp->border[k], &c->blo[k], &c->bhi[k]);
  /* channels the format lacks take the defaults (0, 0, 0, 1) at the border too
   * (docs/precision-model.md §5); NV12 stores no alpha */
  for (unsigned k = c->chans; k < 4; k++) c->blo[k] = c->bhi[k] = k == 3 ? 255 : 0;
  return SF_OK;
}

static bool tile_null(const sf_surface *s, uint32_t x, uint32_t y) {
  if (!s->null_map) return false;
  const sf_level *lv = &s->levels[0];
  size_t i = lv->null_offset + (size_t)(y / SF_NULL_TILE) * lv->tiles_x + x / SF_NULL_TILE;
  return i < s->null_size && s->null_map[i] != 0;
}

static int byte_at(u8ctx *c, size_t off) {
  if (!c->s->data || off >= c->s->size) {
    c->broken = true;
    return 0;
  }
  return c->s->data[off];
}

/* Channel k of texel (x, y) (inside the surface) as a code interval. Layout (include/samplefuzz/
 * sampler.h): level 0 at levels[0].offset, rows of row_pitch bytes, channels in RGBA order; NV12:
 * the Y plane, then CbCr pairs for each 2x2 block at nv12_uv_offset with the same row pitch. A texel
 * in a null tile reads as zero bytes (docs/precision-model.md §4); a channel not stored keeps its
 * default (NV12 alpha: 1). */
static void texel(u8ctx *c, uint32_t x, uint32_t y, unsigned k, int *lo, int *hi) {
  const sf_level *lv = &c->s->levels[0];
  bool nul = tile_null(c->s, x, y);
  int v;
  if (k >= c->chans) {
    v = k == 3 ? 255 : 0;
  } else if (c->nv12) {
    if (nul) v = 0;
    else if (k == 1) v = byte_at(c, lv->offset + (size_t)y * lv->row_pitch + x);
    else v = byte_at(c, c->s->nv12_uv_offset + (size_t)(y / 2) * lv->row_pitch + (size_t)(x / 2) * 2 + (k == 0 ? 1 : 0));
  } else {
    v = nul ? 0 : byte_at(c, lv->offset + (size_t)y * lv->row_pitch + (size_t)x * c->bytes + k);
  }
  *lo = *hi = v;
}

/* The four channels of texel (x, y), as texel() gives them one by one. */
static void texel4(u8ctx *c, uint32_t x, uint32_t y, int lo[4], int hi[4]) {
  if (c->nv12 || tile_null(c->s, x, y)) {
    for (unsigned k = 0; k < 4; k++) texel(c, x, y, k, &lo[k], &hi[k]);
    return;
  }
  const sf_level *lv = &c->s->levels[0];
  size_t off = lv->offset + (size_t)y * lv->row_pitch + (size_t)x * c->bytes;
  for (unsigned k = 0; k < 4; k++) lo[k] = hi[k] = k < c->chans ? byte_at(c, off + k) : k == 3 ? 255 : 0;
}

/* ---- SAMPLE_UNORM ---------------------------------------------------------------------------- */

#define UG_MAX 8u          /* texel indices per axis (a range of at most 4 texels of 1/256 positions) */
#define UG_SPAN (4 * 256)  /* widest candidate range, in 1/256 texel */

typedef struct ugroup {
  int64_t i0;    /* texel index before the address mode */
  int flo, fhi;  /* the 1/256 fractions reachable with it (linear) */
} ugroup;

/* The candidate (texel, fraction range) groups of one axis of pixel index x: coordinate base + x·d
 * on an axis of n texels. 0 when the position is too uncertain to model (why set). */
static unsigned unorm_axis(double base, double d, unsigned x, uint32_t n, unsigned mode, bool linear, ugroup *g,
                           const char **why) {
  double a = (double)x * d, p = base + a;
  if (!isfinite(p) || !isfinite(a)) {
    *why = "non-finite coordinate";
    return 0;
  }
  /* float32: fl(x·d), then fl(u + that) */
  double e = ferr(fabs(a)) + ferr(fabs(p) + ferr(fabs(a))) + fabs(p) * 0x1p-50;
  double pl = p - e, ph = p + e, m;
  bool periodic = mode == SF_ADDR_WRAP || mode == SF_ADDR_MIRROR;
  if (periodic) {
    /* §7.18.6: the reduction to [0, 1) (wrap) or [0, 2) (mirror) moves the position by whole
     * periods (n or 2n texels, which the address mode maps alike) and adds at most 2^-24; the
     * scaling then works on a value of at most 1 or 2 */
    pl -= 0x1p-24;
    ph += 0x1p-24;
    m = (mode == SF_ADDR_WRAP ? 1.0 : 2.0) * (double)n;
  } else {
    /* clamp, border, mirror once: far positions read the edge or the border alike */
    pl = pl < -256.0 ? -256.0 : pl > 256.0 ? 256.0 : pl;
    ph = ph < -256.0 ? -256.0 : ph > 256.0 ? 256.0 : ph;
    m = fmax(fabs(pl), fabs(ph)) * (double)n;
  }
  double xl = pl * (double)n - ferr(m), xh = ph * (double)n + ferr(m);
  if (linear) {
    xl = xl - 0.5 - ferr(m + 0.5);
    xh = xh - 0.5 + ferr(m + 0.5);
  }
  if (fabs(xl) > 0x1p40 || fabs(xh) > 0x1p40) {
    *why = "coordinate beyond 2^40 texels";
    return 0;
  }
  /* the 8-bit snap: round to nearest, a tie either way (§7.18.16.1) */
  int64_t kl = (int64_t)ceil(xl * 256.0 - 0.5 - 0x1p-30), kh = (int64_t)floor(xh * 256.0 + 0.5 + 0x1p-30);
  if (!periodic) {
    /* indices >= n read like n, indices <= -n - 1 like -n - 1 (clamp, border, mirror once) */
    int64_t lo = -256 * ((int64_t)n + 2), hi = 256 * (int64_t)n;
    kl = kl < lo ? lo : kl > hi ? hi : kl;
    kh = kh < lo ? lo : kh > hi ? hi : kh;
  }
  if (kh < kl) kh = kl;
  if (kh - kl > UG_SPAN) {
    *why = "coordinate too uncertain (float32 position error above 4 texels)";
    return 0;
  }
  unsigned ng = 0;
  for (int64_t i0 = floor_div(kl, 256); i0 <= floor_div(kh, 256) && ng < UG_MAX; i0++) {
    int64_t fl = kl - 256 * i0, fh = kh - 256 * i0;
    g[ng].i0 = i0;
    g[ng].flo = linear ? (int)(fl < 0 ? 0 : fl) : 0;
    g[ng].fhi = linear ? (int)(fh > 255 ? 255 : fh) : 0;
    ng++;
  }
  return ng;
}

/* Tap (ix, iy) of channel k: the addressed texel or the border colour. */
static void unorm_tap(u8ctx *c, const sf_sampler *sp, int64_t ix, int64_t iy, unsigned k, int *lo, int *hi) {
  int64_t ax = sf_indep_address(ix, sp->addr[0], c->w), ay = sf_indep_address(iy, sp->addr[1], c->h);
  if (ax < 0 || ay < 0) {
    *lo = c->blo[k];
    *hi = c->bhi[k];
    return;
  }
  texel(c, (uint32_t)ax, (uint32_t)ay, k, lo, hi);
}

static void why_px(char *why, const char *what, unsigned x, unsigned y, const char *reason) {
  if (!why[0]) snprintf(why, SF_INDEP_WHY_MAX, "%s pixel (%u, %u): %s", what, x, y, reason);
}

sf_code sf_indep_unorm(const sf_unorm_req *q, sf_indep_unorm_result *r, sf_status *st) {
  if (!q || !r) return sf_fail(st, SF_ERR_INVALID, "indep sample_unorm: NULL argument");
  memset(r, 0, sizeof *r);
  const sf_sampler *sp = q->samp;
  if (!sp) return sf_fail(st, SF_UNSUPPORTED, "indep sample_unorm: no sampler state (the reference refuses it)");
  if (!q->surf) {   /* unbound: every channel reads 0 (D3D11.3 §7.18.17) */
    r->checked = 0xffffffffu;
    return SF_OK;
  }
  if (sp->mag_filter > SF_FILTER_LINEAR || sp->addr[0] >= SF_ADDR_COUNT || sp->addr[1] >= SF_ADDR_COUNT)
    return sf_fail(st, SF_UNSUPPORTED, "indep sample_unorm: sampler state out of range (the reference refuses it)");
  u8ctx c;
  sf_code rc = u8_setup(&c, q->surf, sp, "sample_unorm", st);
  if (rc != SF_OK) return rc;
  bool linear = sp->mag_filter == SF_FILTER_LINEAR;   /* no LOD: magnification, level 0 */
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 8; x++) {
      unsigned px = y * 8 + x;
      ugroup gx[UG_MAX], gy[UG_MAX];
      const char *why = NULL;
      unsigned nx = unorm_axis((double)q->u, (double)q->du, x, c.w, sp->addr[0], linear, gx, &why);
      unsigned ny = nx ? unorm_axis((double)q->v, (double)q->dv, y, c.h, sp->addr[1], linear, gy, &why) : 0;
      if (!nx || !ny) {
        r->unsupported |= 1u << px;
        why_px(r->why, "sample_unorm", x, y, why);
        continue;
      }
      c.broken = false;
      for (unsigned k = 0; k < 4; k++) {
        double smin = INFINITY, smax = -INFINITY;
        for (unsigned a = 0; a < nx; a++)
          for (unsigned b = 0; b < ny; b++) {
            int tlo[2][2], thi[2][2];   /* [ty][tx] */
            for (unsigned ty = 0; ty < (linear ? 2u : 1u); ty++)
              for (unsigned tx = 0; tx < (linear ? 2u : 1u); tx++)
                unorm_tap(&c, sp, gx[a].i0 + tx, gy[b].i0 + ty, k, &tlo[ty][tx], &thi[ty][tx]);
            if (!linear) {
              smin = fmin(smin, 65536.0 * tlo[0][0]);
              smax = fmax(smax, 65536.0 * thi[0][0]);
              continue;
            }
            /* Σ t·wx·wy is bilinear in (fx, fy): its extremes over the fraction ranges are at the corners */
            int fxs[2] = {gx[a].flo, gx[a].fhi}, fys[2] = {gy[b].flo, gy[b].fhi};
            for (unsigned cx = 0; cx < 2; cx++)
              for (unsigned cy = 0; cy < 2; cy++) {
                double lo = 0.0, hi = 0.0;
                for (unsigned ty = 0; ty < 2; ty++)
                  for (unsigned tx = 0; tx < 2; tx++) {
                    double w = (double)(tx ? fxs[cx] : 256 - fxs[cx]) * (double)(ty ? fys[cy] : 256 - fys[cy]);
                    lo += w * tlo[ty][tx];
                    hi += w * thi[ty][tx];
                  }
                smin = fmin(smin, lo);
                smax = fmax(smax, hi);
              }
          }
        /* the sum is value·2^16 (an integer); the 8.8 result is rounded half up, the choice
         * docs/precision-model.md §11 documents (monotone, so the extremes round to the extremes) */
        r->lo[k][px] = floor((smin + 128.0) / 256.0);
        r->hi[k][px] = floor((smax + 128.0) / 256.0);
      }
      if (c.broken) {
        r->unsupported |= 1u << px;
        why_px(r->why, "sample_unorm", x, y, "texel outside the surface's storage");
      } else {
        r->checked |= 1u << px;
      }
    }
  return SF_OK;
}

bool sf_indep_unorm_violation(const sf_indep_unorm_result *r, const sf_unorm_out *out, unsigned *px, unsigned *ch) {
  for (unsigned p = 0; p < 32; p++) {
    if (!(r->checked >> p & 1u)) continue;
    for (unsigned k = 0; k < 4; k++) {
      double g = (double)out->v[k][p];
      if (g >= r->lo[k][p] && g <= r->hi[k][p]) continue;
      *px = p;
      *ch = k;
      return true;
    }
  }
  return false;
}

/* ---- AVS --------------------------------------------------------------------------------------- */

#define AC_MAX 8u     /* phase positions per axis */
#define AC_PAIRS 16u  /* (horizontal, vertical) candidate pairs per pixel */

typedef struct acand {
  int64_t i;   /* integer texel position: the taps are i - ctr ... i - ctr + ntap - 1 */
  int ph;      /* phase, 1/32 texel */
} acand;

/* The candidate (texel, phase) pairs of the pixel with index k along one axis (x, or y + 4·VBN) on a
 * plane of n texels filtered with ntap taps around ctr. 0 when not modelled (why set). */
static unsigned avs_axis(double base, double d, double d2, uint64_t k, uint32_t n, unsigned ntap, unsigned ctr,
                         acand *c, const char **why) {
  double kk = (double)k, a = kk * d, t = kk * (kk - 1.0) * 0.5, b = t * d2;
  if (!isfinite(base) || !isfinite(d) || !isfinite(d2)) {
    *why = "non-finite position input";
    return 0;
  }
  /* positions whose taps all clamp to one edge read alike (the phases' taps sum to 64): the range
   * is kept within the first such position on either side */
  double lo_lim = 32.0 * ((double)ctr + 1.0 - (double)ntap), hi_lim = 32.0 * ((double)n - 1.0 + (double)ctr);
  double m1 = fabs(a) + fabs(b);
  if (fmax(fabs(base), fmax(fabs(a), fabs(b))) > 0x1p100) {
    /* float32 may overflow on the way (below, sums stay under 2^102 and products under 2^116);
     * when every term is below 2^100 or above 2^110 and the large ones have one sign, the position
     * lies beyond the plane on that side whatever the rounding (an overflow gives the infinity of
     * that sign, never a NaN) */
    const double terms[3] = {base, a, b};
    int sgn = 0;
    for (unsigned i = 0; i < 3; i++) {
      double m = fabs(terms[i]);
      if (m <= 0x1p100) continue;
      int s = terms[i] > 0.0 ? 1 : -1;
      if (m <= 0x1p110 || (sgn && s != sgn)) {
        *why = "position terms beyond 2^100 of both signs or near float32 overflow";
        return 0;
      }
      sgn = s;
    }
    int64_t q = (int64_t)(sgn > 0 ? hi_lim : lo_lim);
    c[0].i = floor_div(q, 32);
    c[0].ph = (int)(q - 32 * c[0].i);
    return 1;
  }
  double p = base + a + b;
  /* float32: (float)k and (float)(k(k-1)/2) (inexact from 2^24), the two products, their sum, then
   * base + sum: each at most half an ULP of its result */
  double e = ferr(2.0 * m1) + ferr(m1 * (1.0 + 0x1p-20)) + ferr(m1) + ferr(fabs(base) + 2.0 * m1) +
             (fabs(base) + m1) * 0x1p-50;
  double pl = p - e, ph = p + e;
  double mx = fmax(fabs(pl), fabs(ph)) * (double)n;
  double xl = pl * (double)n - ferr(mx) - 0.5 - ferr(mx + 0.5);
  double xh = ph * (double)n + ferr(mx) - 0.5 + ferr(mx + 0.5);
  double ql = ceil(xl * 32.0 - 0.5 - 0x1p-30), qh = floor(xh * 32.0 + 0.5 + 0x1p-30);
  ql = ql < lo_lim ? lo_lim : ql > hi_lim ? hi_lim : ql;
  qh = qh < lo_lim ? lo_lim : qh > hi_lim ? hi_lim : qh;
  if (qh < ql) qh = ql;
  if (qh - ql + 1.0 > (double)AC_MAX) {
    *why = "position too uncertain (float32 error above 8 phases)";
    return 0;
  }
  unsigned nc = 0;
  for (int64_t q = (int64_t)ql; q <= (int64_t)qh; q++) {
    c[nc].i = floor_div(q, 32);
    c[nc].ph = (int)(q - 32 * c[nc].i);
    nc++;
  }
  return nc;
}

static uint32_t clamp_idx(int64_t i, uint32_t n) { return i < 0 ? 0u : i >= (int64_t)n ? n - 1u : (uint32_t)i; }

sf_code sf_indep_avs(const sf_avs_req *q, sf_indep_avs_result *r, sf_status *st) {
  if (!q || !r) return sf_fail(st, SF_ERR_INVALID, "indep avs: NULL argument");
  memset(r, 0, sizeof *r);
  if (!((q->w == 16 && (q->h == 4 || q->h == 8)) || (q->w == 8 && q->h == 4) || (q->w == 4 && q->h == 4)))
    return sf_fail(st, SF_UNSUPPORTED, "indep avs: block %ux%u is not 16x4, 8x4, 16x8 or 4x4", q->w, q->h);
  r->w = q->w;
  r->h = q->h;
  const sf_sampler *sp = q->samp;
  if (!sp) return sf_fail(st, SF_UNSUPPORTED, "indep avs: no sampler state (the reference refuses it)");
  if (sp->avs_adaptive)
    return sf_fail(st, SF_UNSUPPORTED, "indep avs: adaptive filtering is not publicly specified");
  if (q->ief) return sf_fail(st, SF_UNSUPPORTED, "indep avs: IEF (image enhancement) is not publicly specified");
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    int sl = 0, sc = 0;
    for (unsigned t = 0; t < SF_AVS_LUMA_TAPS; t++) sl += sp->avs_luma[p][t];
    for (unsigned t = 0; t < SF_AVS_CHROMA_TAPS; t++) sc += sp->avs_chroma[p][t];
    if (sl != 64 || sc != 64)
      return sf_fail(st, SF_UNSUPPORTED, "indep avs: phase %u's taps sum to %d / %d, not 64 (S1.6 1.0)", p, sl, sc);
  }
  unsigned npx = (unsigned)q->w * q->h;
  if (!q->surf) {   /* unbound: every channel reads 0 */
    for (unsigned p = 0; p < npx; p++) r->checked[p / 64] |= 1ull << (p % 64);
    return SF_OK;
  }
  u8ctx c;
  sf_code rc = u8_setup(&c, q->surf, sp, "avs", st);
  if (rc != SF_OK) return rc;
  bool bad[128];
  memset(bad, 0, sizeof bad);
  /* channels filtered alike share their taps: G and A (8 taps on the full plane); R and B (4 taps
   * unless avs_8tap_all; NV12: on the chroma plane); all four when that makes no difference */
  bool rb_four = !sp->avs_8tap_all;
  unsigned groups = (!c.nv12 && !rb_four) ? 1u : 2u;
  for (unsigned gi = 0; gi < groups; gi++) {
    unsigned mask = groups == 1 ? 0xFu : gi == 0 ? 0xAu : 0x5u;   /* bit per channel */
    bool rb = gi == 1;
    bool chroma_plane = c.nv12 && rb;                 /* NV12 R, B: the W/2 x H/2 CbCr plane */
    bool four = rb && rb_four;                        /* R, B: the 4-tap chroma table */
    unsigned ntap = four ? SF_AVS_CHROMA_TAPS : SF_AVS_LUMA_TAPS, ctr = four ? 1u : 3u;
    uint32_t pw = chroma_plane ? c.w / 2 : c.w, phh = chroma_plane ? c.h / 2 : c.h;
    for (unsigned y = 0; y < q->h; y++)
      for (unsigned x = 0; x < q->w; x++) {
        unsigned px = y * q->w + x;
        if (bad[px]) continue;
        acand cx[AC_MAX], cy[AC_MAX];
        const char *why = NULL;
        unsigned nx = avs_axis((double)q->u, (double)q->du, (double)q->u2d, x, pw, ntap, ctr, cx, &why);
        unsigned ny = nx ? avs_axis((double)q->v, (double)q->dv, (double)q->v2d, (uint64_t)y + 4u * (uint64_t)q->vbn,
                                    phh, ntap, ctr, cy, &why)
                         : 0;
        if (nx && ny && nx * ny > AC_PAIRS) why = "position too uncertain (too many phase pairs)", nx = 0;
        if (!nx || !ny) {
          bad[px] = true;
          why_px(r->why, "avs", x, y, why);
          continue;
        }
        c.broken = false;
        int64_t vmin[4] = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX};
        int64_t vmax[4] = {INT64_MIN, INT64_MIN, INT64_MIN, INT64_MIN};
        for (unsigned a = 0; a < nx; a++)
          for (unsigned b = 0; b < ny; b++) {
            const int8_t *cfx = four ? sp->avs_chroma[cx[a].ph] : sp->avs_luma[cx[a].ph];
            const int8_t *cfy = four ? sp->avs_chroma[cy[b].ph] : sp->avs_luma[cy[b].ph];
            /* separable: the horizontal sums of each row (intervals), then the vertical sum */
            int64_t lo[4] = {0, 0, 0, 0}, hi[4] = {0, 0, 0, 0};
            uint32_t rxs[SF_AVS_LUMA_TAPS];
            for (unsigned tx = 0; tx < ntap; tx++) rxs[tx] = clamp_idx(cx[a].i - (int64_t)ctr + tx, pw);
            for (unsigned ty = 0; ty < ntap; ty++) {
              int64_t cv = cfy[ty];
              if (cv == 0) continue;
              uint32_t ry = clamp_idx(cy[b].i - (int64_t)ctr + ty, phh);
              int64_t hl[4] = {0, 0, 0, 0}, hh[4] = {0, 0, 0, 0};
              for (unsigned tx = 0; tx < ntap; tx++) {
                int64_t cf = cfx[tx];
                if (cf == 0) continue;
                int tl[4], th[4];
                if (c.plain) {
                  const uint8_t *t = c.plain + (size_t)ry * c.s->levels[0].row_pitch + (size_t)rxs[tx] * c.bytes;
                  for (unsigned k = 0; k < 4; k++) tl[k] = th[k] = k < c.chans ? t[k] : k == 3 ? 255 : 0;
                } else {
                  /* chroma plane texel (rx, ry) is the CbCr pair of the full-resolution 2x2 block (2rx, 2ry) */
                  texel4(&c, chroma_plane ? rxs[tx] * 2 : rxs[tx], chroma_plane ? ry * 2 : ry, tl, th);
                }
                for (unsigned k = 0; k < 4; k++) {
                  hl[k] += cf * (cf > 0 ? tl[k] : th[k]);
                  hh[k] += cf * (cf > 0 ? th[k] : tl[k]);
                }
              }
              for (unsigned k = 0; k < 4; k++) {
                lo[k] += cv * (cv > 0 ? hl[k] : hh[k]);
                hi[k] += cv * (cv > 0 ? hh[k] : hl[k]);
              }
            }
            for (unsigned k = 0; k < 4; k++) {
              vmin[k] = lo[k] < vmin[k] ? lo[k] : vmin[k];
              vmax[k] = hi[k] > vmax[k] ? hi[k] : vmax[k];
            }
          }
        if (c.broken) {
          bad[px] = true;
          why_px(r->why, "avs", x, y, "texel outside the surface's storage");
          continue;
        }
        /* V = value·4096 (two S1.6 passes, an integer); the 8.8 result is V/16 rounded half up (the
         * one rounding docs/precision-model.md §12 documents) and clamped to [0, 255·256] */
        for (unsigned k = 0; k < 4; k++) {
          if (!(mask >> k & 1u)) continue;
          double lo = floor(((double)vmin[k] + 8.0) / 16.0), hi = floor(((double)vmax[k] + 8.0) / 16.0);
          r->lo[k][px] = lo < 0.0 ? 0.0 : lo > 65280.0 ? 65280.0 : lo;
          r->hi[k][px] = hi < 0.0 ? 0.0 : hi > 65280.0 ? 65280.0 : hi;
        }
      }
  }
  for (unsigned p = 0; p < npx; p++) {
    if (bad[p]) r->unsupported[p / 64] |= 1ull << (p % 64);
    else r->checked[p / 64] |= 1ull << (p % 64);
  }
  return SF_OK;
}

bool sf_indep_avs_violation(const sf_indep_avs_result *r, const sf_avs_out *out, unsigned *px, unsigned *ch) {
  for (unsigned p = 0; p < 128; p++) {
    if (!(r->checked[p / 64] >> (p % 64) & 1u)) continue;
    for (unsigned k = 0; k < 4; k++) {
      double g = (double)out->v[k][p];
      if (g >= r->lo[k][p] && g <= r->hi[k][p]) continue;
      *px = p;
      *ch = k;
      return true;
    }
  }
  return false;
}
