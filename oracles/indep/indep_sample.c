/* oracles/indep/indep_sample.c — the independent model of 3D sampling (include/samplefuzz/indep.h):
 * for each lane of a request batch, the interval every channel of a correct result lies in.
 *
 * A plain transcription of the D3D11.3 functional spec §7.18, in double precision:
 *   §7.18.6  range reduction of the coordinate (wrap: fraction; mirror: period 2)
 *   §7.18.7/8 texel space: point x = u·n, linear x = u·n - 0.5, snapped to 8 fractional bits
 *            (§3.2.4.1 / §7.18.16.1: at least 8 bits of sub-texel precision; the snap is enumerated:
 *            every 1/256 position float32 rounding of u·n can reach is a candidate)
 *   §7.18.9  address modes on the integer texel index; border colour §7.18.9.1
 *   §7.18.10/11 LOD = log2(max texel-space derivative length) + biases, clamped to [MinLOD, MaxLOD];
 *            magnify iff LOD <= 0; mip point = nearest level, mip linear = blend of two levels
 *            (the LOD is an interval of +-1/256 around the exact value, docs/precision-model.md §7)
 *   §7.18.15 comparison filtering: each tap 1 if `ref OP texel.R` (D3D convention) else 0, then
 *            filtered; replicated to RGBA (docs/precision-model.md §9)
 *   §7.18.16 filtering: bilinear / trilinear weights (256 - f)/256, f/256
 *   §7.18.7 / §7.18.12 cubes and cube arrays: indep_cube.c (face selection with near ties taking
 *            every candidate face, seamless taps across edges, the hull of three texels at a corner)
 * IGC's vISA documentation (3D_SAMPLE) gives the operations' parameters; the batch already holds
 * them (oracles/sampler/exec.c builds it), so the model starts from the batch.
 * Float32 rounding of the reference's lerps is allowed as 2^-20 of the largest tap magnitude. Not
 * modelled (SF_UNSUPPORTED): NV12, the LOD query of integer formats with linear filters, integer cube
 * surfaces; per lane: non-finite inputs, a cube direction with no major component, and on cubes the
 * LOD from derivatives (SF_LOD_GRAD / GRAD_BIAS and their LOD query: the cube LOD projects the
 * derivatives onto the face, which the model does not write yet). Channels fed by a NaN/Inf texel
 * are unchecked. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/indep/indep_int.h"

static double dmin(double a, double b) { return a < b ? a : b; }
static double dmax(double a, double b) { return a > b ? a : b; }
static int64_t floor_div256(int64_t k) { return k >= 0 ? k / 256 : -((-k + 255) / 256); }

/* §7.18.6 - §7.18.8: the candidate (index, fraction) pairs of one axis of size n. */
unsigned sf_indep_axis_cands(double u, unsigned mode, unsigned n, bool linear, double extra_err, icand *c) {
  double red_err = extra_err;
  if (mode == SF_ADDR_WRAP) {
    u = u - floor(u);
    red_err += ldexp((double)n, -23);
  } else if (mode == SF_ADDR_MIRROR) {
    double t = u * 0.5;
    t = t - floor(t);
    u = t * 2.0;
    red_err += ldexp((double)n, -22);
  } else {
    u = u < -1e6 ? -1e6 : u > 1e6 ? 1e6 : u;   /* far outside: the edge or the border either way */
  }
  double un = u * (double)n;
  double x = un - (linear ? 0.5 : 0.0);
  double t = 256.0 * (ldexp(fabs(un), -23) + ldexp(fabs(x), -23) + red_err) + 1e-9;
  double xs = x * 256.0;
  int64_t k0 = (int64_t)ceil(xs - t - 0.5), k1 = (int64_t)floor(xs + t + 0.5);
  if (k1 < k0) k1 = k0;
  if (k1 - k0 >= (int64_t)SF_IC_MAX) k1 = k0 + SF_IC_MAX - 1;
  unsigned m = 0;
  for (int64_t k = k0; k <= k1; k++) {
    int64_t i0 = floor_div256(k);
    int f = (int)(k - i0 * 256);
    if (!linear) {
      if (m && c[m - 1].i0 == i0) continue;
      f = 0;
    }
    c[m].i0 = i0;
    c[m].f = f;
    m++;
  }
  return m;
}

int64_t sf_indep_address(int64_t i, unsigned mode, int64_t n) {
  switch (mode) {
    case SF_ADDR_WRAP: return ((i % n) + n) % n;
    case SF_ADDR_MIRROR: {
      int64_t m = ((i % (2 * n)) + 2 * n) % (2 * n);
      return m < n ? m : 2 * n - 1 - m;
    }
    case SF_ADDR_CLAMP: return i < 0 ? 0 : i >= n ? n - 1 : i;
    case SF_ADDR_MIRROR_ONCE: {
      int64_t m = i < 0 ? -1 - i : i;
      return m >= n ? n - 1 : m;
    }
    default: return (i < 0 || i >= n) ? -1 : i;   /* border */
  }
}

static unsigned lvl_size(uint32_t n0, unsigned level) {
  uint32_t n = n0 >> level;
  return n ? n : 1u;
}

static void tap_finish(ictx *c, sf_itap *t);

/* One tap (already offset): addressed, fetched or the border. */
static void fetch(ictx *c, unsigned level, unsigned slice, const int64_t idx[3], const unsigned n[3], sf_itap *t) {
  int64_t a[3] = {0, 0, 0};
  bool border = false;
  for (unsigned ax = 0; ax < c->dims; ax++) {
    a[ax] = sf_indep_address(idx[ax], c->sp->addr[ax], n[ax]);
    if (a[ax] < 0) border = true;
  }
  if (border) {
    *t = c->border;
    tap_finish(c, t);
  } else {
    sf_indep_fetch_texel(c, level, c->type == SF_SURF_3D ? (unsigned)a[2] : slice, (unsigned)a[0], (unsigned)a[1], t);
  }
}

void sf_indep_fetch_texel(ictx *c, unsigned level, unsigned slice, unsigned x, unsigned y, sf_itap *t) {
  if (!sf_indep_texel(c->s, c->f, level, slice, x, y, t)) {
    c->broken = true;
    memset(t, 0, sizeof *t);
  }
  tap_finish(c, t);
}

/* A fetched tap (a texel or the border): turned into a 0/1 interval for comparison filtering, and
 * counted in the lane's NaN/Inf channels and magnitudes. */
static void tap_finish(ictx *c, sf_itap *t) {
  if (c->compare) {
    /* §7.18.15, D3D convention: pass when `ref OP texel` */
    double tl = t->lo[0], th = t->hi[0], rl = c->ref_lo, rh = c->ref_hi;
    bool can_t = false, can_f = false;
    switch (c->sp->compare) {
      case SF_CMP_NEVER: can_f = true; break;
      case SF_CMP_ALWAYS: can_t = true; break;
      case SF_CMP_LESS: can_t = rl < th; can_f = rh >= tl; break;
      case SF_CMP_LESS_EQUAL: can_t = rl <= th; can_f = rh > tl; break;
      case SF_CMP_GREATER: can_t = rh > tl; can_f = rl <= th; break;
      case SF_CMP_GREATER_EQUAL: can_t = rh >= tl; can_f = rl < th; break;
      case SF_CMP_EQUAL: can_t = rl <= th && tl <= rh; can_f = !(rl == rh && tl == th && rl == tl); break;
      default: can_t = !(rl == rh && tl == th && rl == tl); can_f = rl <= th && tl <= rh; break;  /* NOT_EQUAL */
    }
    uint8_t bad = (t->bad & 1u) ? 0xF : 0;
    for (unsigned ch = 0; ch < 4; ch++) {
      t->lo[ch] = can_f ? 0.0 : 1.0;
      t->hi[ch] = can_t ? 1.0 : 0.0;
    }
    t->bad = bad;
  }
  c->bad |= t->bad;
  for (unsigned ch = 0; ch < 4; ch++) {
    if (t->bad >> ch & 1u) continue;
    c->absmax[ch] = dmax(c->absmax[ch], dmax(fabs(t->lo[ch]), fabs(t->hi[ch])));
    c->tmin[ch] = dmin(c->tmin[ch], t->lo[ch]);
    c->tmax[ch] = dmax(c->tmax[ch], t->hi[ch]);
  }
}

/* The interval of one level filtered with `filter` (§7.18.16), the union over the snap candidates
 * and array-layer candidates. */
static void level_iv(ictx *c, const ilane *ln, unsigned level, unsigned filter, double lo[4], double hi[4]) {
  if (c->cube) {
    sf_indep_cube_level(c, ln, level, filter, lo, hi);
    return;
  }
  const sf_surface_desc *d = &c->s->desc;
  unsigned n[3] = {lvl_size(d->width, level), c->dims >= 2 ? lvl_size(d->height, level) : 1u,
                   c->dims >= 3 ? lvl_size(d->depth, level) : 1u};
  bool linear = filter == SF_FILTER_LINEAR;
  icand cand[3][SF_IC_MAX];
  unsigned nc[3] = {1, 1, 1};
  for (unsigned ax = 0; ax < 3; ax++) cand[ax][0].i0 = 0, cand[ax][0].f = 0;
  for (unsigned ax = 0; ax < c->dims; ax++) nc[ax] = sf_indep_axis_cands(ln->c[ax], c->sp->addr[ax], n[ax], linear, 0.0, cand[ax]);
  /* array layer: round to nearest, clamped to [0, layers - 1] (§7.18.7 "Array index"); a tie takes
   * either neighbour */
  unsigned layers[2], nl = 1;
  layers[0] = 0;
  if (c->type == SF_SURF_1D_ARRAY || c->type == SF_SURF_2D_ARRAY) {
    double a = ln->layer < -1e6 ? -1e6 : ln->layer > 1e6 ? 1e6 : ln->layer;
    double lmax = (double)(d->layers ? d->layers - 1 : 0);
    double r0 = floor(a + 0.5), r1 = ceil(a - 0.5);
    r0 = r0 < 0 ? 0 : r0 > lmax ? lmax : r0;
    r1 = r1 < 0 ? 0 : r1 > lmax ? lmax : r1;
    layers[0] = (unsigned)r0;
    if (r1 != r0) layers[nl++] = (unsigned)r1;
  }
  for (unsigned ch = 0; ch < 4; ch++) lo[ch] = INFINITY, hi[ch] = -INFINITY;
  for (unsigned il = 0; il < nl; il++)
    for (unsigned a = 0; a < nc[0]; a++)
      for (unsigned b = 0; b < nc[1]; b++)
        for (unsigned e = 0; e < nc[2]; e++) {
          const icand *q[3] = {&cand[0][a], &cand[1][b], &cand[2][e]};
          double slo[4] = {0, 0, 0, 0}, shi[4] = {0, 0, 0, 0};
          unsigned corners = linear ? 1u << c->dims : 1u;
          for (unsigned k = 0; k < corners; k++) {
            double w = 1.0;
            int64_t idx[3] = {0, 0, 0};
            for (unsigned ax = 0; ax < c->dims; ax++) {
              unsigned hi1 = (k >> ax) & 1u;
              if (linear) w *= hi1 ? q[ax]->f / 256.0 : (256 - q[ax]->f) / 256.0;
              idx[ax] = q[ax]->i0 + (int64_t)hi1 + ln->off[ax];
            }
            if (w == 0.0) continue;   /* a zero-weight tap is not fetched (§7.18.16.3) */
            sf_itap t;
            fetch(c, level, layers[il], idx, n, &t);
            for (unsigned ch = 0; ch < 4; ch++) {
              slo[ch] += w * t.lo[ch];
              shi[ch] += w * t.hi[ch];
            }
          }
          for (unsigned ch = 0; ch < 4; ch++) {
            lo[ch] = dmin(lo[ch], slo[ch]);
            hi[ch] = dmax(hi[ch], shi[ch]);
          }
        }
}

static void iv_union(double lo[4], double hi[4], const double l2[4], const double h2[4]) {
  for (unsigned ch = 0; ch < 4; ch++) lo[ch] = dmin(lo[ch], l2[ch]), hi[ch] = dmax(hi[ch], h2[ch]);
}

/* The saturation of the LOD before the bias: +-64 octaves, the range of log2(sqrt(rho2)) for a
 * finite float32 rho2 (D3D11.3 §7.18.11 asks for a range no bias brings back; docs/precision-model.md). */
#define SF_I_LOD_SAT 64.0

/* §7.18.11: the LOD interval [lo, hi] of one lane before the bias, or false for a non-finite
 * gradient. */
static bool lane_lod(const ictx *c, const sf_sample_batch *b, unsigned l, double *lo, double *hi) {
  const sf_surface_desc *d = &c->s->desc;
  if (b->lod_mode == SF_LOD_ZERO) {
    *lo = *hi = 0.0;
    return true;
  }
  if (b->lod_mode == SF_LOD_EXPLICIT) {
    double x = (double)b->lod_or_bias[l];
    if (!isfinite(x)) return false;
    x = x < -SF_I_LOD_SAT ? -SF_I_LOD_SAT : x > SF_I_LOD_SAT ? SF_I_LOD_SAT : x;
    *lo = x - 0.5 / 256 - 1e-9;
    *hi = x + 0.5 / 256 + 1e-9;
    return true;
  }
  const float *gx[3] = {b->dudx, b->dvdx, b->drdx}, *gy[3] = {b->dudy, b->dvdy, b->drdy};
  double size[3] = {(double)d->width, (double)d->height, (double)d->depth};
  double lx = 0.0, ly = 0.0;
  for (unsigned ax = 0; ax < c->dims; ax++) {
    double x = (double)gx[ax][l], y = (double)gy[ax][l];
    if (!isfinite(x) || !isfinite(y)) return false;
    lx += (x * size[ax]) * (x * size[ax]);
    ly += (y * size[ax]) * (y * size[ax]);
  }
  double rho2 = dmax(lx, ly);
  double lod = rho2 > 0.0 ? 0.5 * log2(rho2) : -SF_I_LOD_SAT;
  lod = lod < -SF_I_LOD_SAT ? -SF_I_LOD_SAT : lod > SF_I_LOD_SAT ? SF_I_LOD_SAT : lod;
  *lo = lod - 0.5 / 256 - 1e-6;
  *hi = lod + 0.5 / 256 + 1e-6;
  /* below 2^-126 a float32 rho2 is denormal, which the reference's LOD treats as 0 */
  if (*lo < -63.0 + 1e-6) *lo = -SF_I_LOD_SAT;
  if (*hi > SF_I_LOD_SAT) *hi = SF_I_LOD_SAT;
  return true;
}

static bool finite_inputs(const ictx *c, const sf_sample_batch *b, unsigned l) {
  double in[6] = {b->u[l], c->dims >= 2 || c->type == SF_SURF_1D_ARRAY ? b->v[l] : 0.0,
                  c->dims >= 3 || c->type == SF_SURF_2D_ARRAY ? b->r[l] : 0.0,
                  b->lod_mode == SF_LOD_GRAD_BIAS || b->lod_mode == SF_LOD_EXPLICIT ? b->lod_or_bias[l] : 0.0,
                  c->compare ? b->ref[l] : 0.0, c->type == SF_SURF_CUBE_ARRAY ? b->ai[l] : 0.0};
  for (unsigned i = 0; i < 6; i++)
    if (!isfinite(in[i])) return false;
  return true;
}

static void set_why(sf_indep_result *r, unsigned lane, const char *what) {
  if (!r->why[0]) snprintf(r->why, sizeof r->why, "lane %u: %s", lane, what);
}

/* One lane: the LOD interval, the levels and filters it can select (§7.18.10), their union. */
static void lane_iv(ictx *c, const sf_sample_batch *b, unsigned l, sf_indep_result *r) {
  const sf_sampler *sp = c->sp;
  double L0, L1;
  if (c->cube && (b->lod_mode == SF_LOD_GRAD || b->lod_mode == SF_LOD_GRAD_BIAS)) {
    /* the cube LOD from derivatives (the derivatives projected onto the selected face, §7.18.11)
     * is not written yet: such lanes stay unchecked rather than guessed (docs/oracles.md) */
    r->unsupported |= 1u << l;
    set_why(r, l, "cube LOD from derivatives is not modelled");
    return;
  }
  if (!finite_inputs(c, b, l) || !lane_lod(c, b, l, &L0, &L1)) {
    r->unsupported |= 1u << l;
    set_why(r, l, "non-finite coordinate, gradient, LOD, bias or reference");
    return;
  }
  if (c->cube) {
    const double dir[3] = {b->u[l], b->v[l], b->r[l]};
    if (!sf_indep_cube_dir_ok(dir)) {
      r->unsupported |= 1u << l;
      set_why(r, l, "cube direction with no major component (zero or below FLT_MIN)");
      return;
    }
  }
  double bias = sp->lod_bias / 256.0;
  if (b->lod_mode == SF_LOD_GRAD_BIAS) {
    double lb = (double)b->lod_or_bias[l];
    lb = lb < -16.0 ? -16.0 : lb > 16.0 ? 16.0 : lb;
    L0 += lb - 0.5 / 256;
    L1 += lb + 0.5 / 256;
  }
  double B0 = L0 + bias, B1 = L1 + bias;
  double mn = sp->min_lod / 256.0, mx = sp->max_lod / 256.0;
  double C0 = dmax(mn, dmin(mx, B0)), C1 = dmax(mn, dmin(mx, B1));
  unsigned last = c->s->desc.levels ? c->s->desc.levels - 1u : 0u;
  ilane ln;
  ln.c[0] = b->u[l];
  ln.c[1] = b->v[l];
  ln.c[2] = b->r[l];
  ln.layer = c->type == SF_SURF_1D_ARRAY ? b->v[l] : c->type == SF_SURF_CUBE_ARRAY ? b->ai[l] : b->r[l];
  ln.off[0] = b->off_u[l];
  ln.off[1] = b->off_v[l];
  ln.off[2] = b->off_r[l];
  if (b->lod_query) {   /* docs/precision-model.md §7.8: R clamped (to the mip range), G unclamped */
    r->lo[0][l] = dmin(C0, (double)last) - 1e-9;
    r->hi[0][l] = dmin(C1, (double)last) + 1e-9;
    r->lo[1][l] = B0 - 1e-9;
    r->hi[1][l] = B1 + 1e-9;
    for (unsigned ch = 2; ch < 4; ch++) r->lo[ch][l] = r->hi[ch][l] = 0.0;
    r->checked |= 1u << l;
    return;
  }
  c->bad = 0;
  c->broken = false;
  for (unsigned ch = 0; ch < 4; ch++) c->absmax[ch] = 0.0, c->tmin[ch] = INFINITY, c->tmax[ch] = -INFINITY;
  if (c->compare) {
    bool bad = false;
    sf_indep_snap(c->f, 0, b->ref[l], &c->ref_lo, &c->ref_hi, &bad);
    if (bad) {
      r->unsupported |= 1u << l;
      set_why(r, l, "comparison reference beyond the format's range");
      return;
    }
  }
  double lo[4], hi[4], l2[4], h2[4];
  for (unsigned ch = 0; ch < 4; ch++) lo[ch] = INFINITY, hi[ch] = -INFINITY;
  if (C0 <= 0.0) {   /* magnification: the mag filter on level 0 */
    level_iv(c, &ln, 0, sp->mag_filter, l2, h2);
    iv_union(lo, hi, l2, h2);
  }
  if (C1 > 0.0) {
    double m0 = dmax(C0, 0.0);
    if (sp->mip_filter == SF_MIP_NONE) {
      level_iv(c, &ln, 0, sp->min_filter, l2, h2);
      iv_union(lo, hi, l2, h2);
    } else if (sp->mip_filter == SF_MIP_POINT) {
      for (double q = floor(m0 + 0.5); q <= floor(C1 + 0.5) && q <= 40.0; q += 1.0) {
        unsigned lv = q > (double)last ? last : (unsigned)q;
        level_iv(c, &ln, lv, sp->min_filter, l2, h2);
        iv_union(lo, hi, l2, h2);
      }
    } else {
      for (double q = floor(m0); q <= floor(C1) && q <= 40.0; q += 1.0) {
        if (q >= (double)last) {
          level_iv(c, &ln, last, sp->min_filter, l2, h2);
          iv_union(lo, hi, l2, h2);
          continue;
        }
        double f0 = dmax(m0, q) - q, f1 = dmin(C1, q + 1.0) - q;
        double al[4], ah[4];
        level_iv(c, &ln, (unsigned)q, sp->min_filter, al, ah);
        level_iv(c, &ln, (unsigned)q + 1u, sp->min_filter, l2, h2);
        /* a + f·(b - a) is multilinear in (a, b, f): its extremes over the box are at corners */
        for (unsigned ch = 0; ch < 4; ch++)
          for (unsigned k = 0; k < 8; k++) {
            double a = k & 1u ? ah[ch] : al[ch], bb = k & 2u ? h2[ch] : l2[ch], f = k & 4u ? f1 : f0;
            double v = a + f * (bb - a);
            lo[ch] = dmin(lo[ch], v);
            hi[ch] = dmax(hi[ch], v);
          }
      }
    }
  }
  if (c->broken) {
    r->unsupported |= 1u << l;
    set_why(r, l, "a texel lies outside the surface's storage");
    return;
  }
  bool is_int = c->f->kind == SF_IK_UINT || c->f->kind == SF_IK_SINT;
  for (unsigned ch = 0; ch < 4; ch++) {
    if (c->bad >> ch & 1u) {
      r->free_ch[l] |= (uint8_t)(1u << ch);
      lo[ch] = -INFINITY;
      hi[ch] = INFINITY;
    } else if (!is_int) {
      double tol = ldexp(c->absmax[ch], -20) + 1e-40;
      lo[ch] -= tol;
      hi[ch] += tol;
    }
    r->lo[ch][l] = lo[ch];
    r->hi[ch][l] = hi[ch];
  }
  r->checked |= 1u << l;
}

sf_code sf_indep_sample(const sf_sample_batch *b, uint32_t lanes, sf_indep_result *r, sf_status *st) {
  if (!b || !r) return sf_fail(st, SF_ERR_INVALID, "indep: NULL argument");
  memset(r, 0, sizeof *r);
  unsigned n = b->n > SF_MAX_LANES ? SF_MAX_LANES : b->n;
  uint32_t want = lanes & b->lanes & (n >= 32 ? 0xffffffffu : (1u << n) - 1u);
  if (!b->surf) {   /* unbound: every lane reads 0 (D3D11.3 §7.18.17) */
    r->unbound = true;
    r->checked = want;
    return SF_OK;
  }
  if (!b->samp) return sf_fail(st, SF_ERR_INVALID, "indep: NULL sampler");
  ictx c;
  memset(&c, 0, sizeof c);
  c.s = b->surf;
  c.sp = b->samp;
  c.type = b->surf->desc.type;
  c.compare = b->compare;
  c.f = sf_ifmt_get(b->surf->desc.format);
  if (!c.f) return sf_fail(st, SF_UNSUPPORTED, "indep: format %u is not sampled by 3D requests", b->surf->desc.format);
  switch (c.type) {
    case SF_SURF_1D: case SF_SURF_1D_ARRAY: c.dims = 1; break;
    case SF_SURF_2D: case SF_SURF_2D_ARRAY: c.dims = 2; break;
    case SF_SURF_3D: c.dims = 3; break;
    case SF_SURF_CUBE: case SF_SURF_CUBE_ARRAY: c.dims = 3; c.cube = true; break;
    default: return sf_fail(st, SF_UNSUPPORTED, "indep: surface type %u", c.type);
  }
  for (unsigned ax = 0; ax < 3; ax++)
    if (c.sp->addr[ax] >= SF_ADDR_COUNT) return sf_fail(st, SF_UNSUPPORTED, "indep: address mode %u", c.sp->addr[ax]);
  /* Integer texels have no comparison and no filtering (D3D11.3 §7.18.15 compares float values;
   * integer formats are not filterable, §19.1 format support): such a request is invalid, and an
   * implementation must refuse it. The LOD query reads no texel: it takes any filter. */
  bool is_int = c.f->kind == SF_IK_UINT || c.f->kind == SF_IK_SINT;
  if (is_int && b->compare)
    return sf_fail(st, SF_ERR_STATE, "indep: a comparison on integer format %u must be refused", b->surf->desc.format);
  if (is_int && !b->lod_query &&
      (c.sp->min_filter != SF_FILTER_POINT || c.sp->mag_filter != SF_FILTER_POINT || c.sp->mip_filter == SF_MIP_LINEAR))
    return sf_fail(st, SF_ERR_STATE, "indep: integer format %u filtered (min %u mag %u mip %u) must be refused",
                   b->surf->desc.format, c.sp->min_filter, c.sp->mag_filter, c.sp->mip_filter);
  if (is_int && b->lod_query &&
      (c.sp->min_filter != SF_FILTER_POINT || c.sp->mag_filter != SF_FILTER_POINT || c.sp->mip_filter == SF_MIP_LINEAR))
    return sf_fail(st, SF_UNSUPPORTED, "indep: the LOD query of a filtered integer format");
  if (b->surf->desc.levels < 1 || b->surf->desc.levels > SF_SURF_MAX_LEVELS)
    return sf_fail(st, SF_UNSUPPORTED, "indep: %u mip levels", b->surf->desc.levels);
  r->is_int = is_int && !b->lod_query;
  r->is_signed = c.f->kind == SF_IK_SINT;
  for (unsigned ch = 0; ch < 4; ch++) {
    bool bad = false;
    sf_indep_snap(c.f, ch, c.sp->border[ch], &c.border.lo[ch], &c.border.hi[ch], &bad);
    if (bad) c.border.bad |= (uint8_t)(1u << ch);
  }
  for (unsigned l = 0; l < n; l++)
    if (want >> l & 1u) lane_iv(&c, b, l, r);
  return SF_OK;
}

bool sf_indep_violation(const sf_indep_result *r, const sf_sample_out *out, unsigned *lane, unsigned *ch) {
  for (unsigned l = 0; l < SF_MAX_LANES; l++) {
    if (!(r->checked >> l & 1u)) continue;
    for (unsigned k = 0; k < 4; k++) {
      uint32_t bits = out->v[k][l];
      bool bad;
      if (r->unbound) {
        bad = bits != 0u && bits != 0x80000000u;
      } else if (r->free_ch[l] >> k & 1u) {
        continue;
      } else if (r->is_int != out->is_int) {
        bad = true;
      } else {
        double x;
        if (r->is_int) {
          x = r->is_signed ? (double)(int32_t)bits : (double)bits;
        } else {
          float f;
          memcpy(&f, &bits, 4);
          x = (double)f;
        }
        bad = !(x >= r->lo[k][l] && x <= r->hi[k][l]);   /* NaN is outside */
      }
      if (bad) {
        *lane = l;
        *ch = k;
        return true;
      }
    }
  }
  return false;
}
