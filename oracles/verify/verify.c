/* verify.c — the spec-tolerance verifier sf_verify_sample.
 *
 * Decides whether one lane's result is a result the sampling rules allow, in the VK-GL-CTS style
 * described in docs/precision-model.md (rules 1-6), on the D3D11.3 §7.18 pipeline:
 *   LOD      an interval: explicit LOD +- 2^-lod_bits, or log2 of the VK rho bounds
 *            [max component, sqrt2 * sum] (§7.18.11), plus bias, then the min/max-LOD clamp (MinLOD
 *            wins); magnification iff the clamped LOD <= 0 (both sides tried when the interval
 *            straddles 0); nearest mip: levels ceil(d+0.5)-1 .. floor(d+0.5); linear mip: every
 *            level pair and fraction interval the LOD interval reaches (§7.18.10).
 *   texels   per axis the unnormalized coordinate interval u*size (-0.5 for linear) +- 2^-subtexel
 *            + float error; nearest: every texel whose cell meets it; linear: every base texel with
 *            its weight interval (§7.18.7-8). Offsets in texel space of the level, then the address
 *            mode per texel (§7.18.9); border colour as an interval (clamped, snapped or not).
 *   layers   RNE then clamp; floor(a+0.5) also at exact .5 ties when allowed (§3 table).
 *   cubes    major axis Z > Y > X, every tied face when allowed, with and without the float32
 *            denormal flush (§3.1; a direction that flushes to zero is unchecked); seamless
 *            neighbour texels by re-projecting the texel centre; a corner's missing texel is any
 *            value in the hull of its three real neighbours (average, split and clamp are all
 *            inside; under PCF the hull of their comparison results) (§7.18.12). The LOD
 *            projection is bounded as float32 evaluates it; where float32 cannot (ma^2 underflows,
 *            a product overflows) every LOD is allowed.
 *   colour   a filter output is multilinear in the weights and monotone in each texel value, so its
 *            per-channel range over a box of weights is reached at the box's vertices: the result
 *            must lie in [min, max] over vertices (texel lows / highs) +- the colour threshold.
 *   PCF      each tap's comparison is {0}, {1} or [0,1] (reference/texel ties), filtered like a
 *            colour: the hull of every consistent 0/1 pattern (rule 4).
 * The check is sound (never rejects a result the rules allow under the stated precision) and looser
 * than CTS's joint-channel search: channels are bounded independently. */
#include <float.h>
#include <stdarg.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/verify/verify_int.h"

const char *sf_verify_kind_name(sf_verify_kind k) {
  switch (k) {
    case SF_VERIFY_ALLOWED: return "allowed";
    case SF_VERIFY_REJECTED: return "rejected";
    default: return "unchecked";
  }
}

void sf_verify_params_spec(sf_verify_params *p) {
  memset(p, 0, sizeof *p);
  p->subtexel_bits = 8;
  p->lod_bits = 8;
  p->color_ulp = 1.0f;
  p->float_rel = 1.0f / (1 << 20);
  p->abs_eps = 1e-6f;
  p->rho_bounds = true;
  p->layer_ties = true;
  p->cube_ties = true;
  p->quirks = 0;
  p->driver = SF_MESA_LLVMPIPE;
}

void sf_verify_params_driver(sf_verify_params *p, sf_mesa_driver d) {
  sf_verify_params_spec(p);
  p->quirks = sf_driver_quirks(d);
  p->driver = d;
}

/* ---- evaluation of one (layer, face, level configuration) -------------------------------------- */

typedef struct sf_vlevel {
  unsigned dims;           /* axes filtered (1..3) */
  sf_vaxis ax[3];
} sf_vlevel;

static unsigned sf_v_dims(unsigned type) {
  switch (type) {
    case SF_SURF_1D: case SF_SURF_1D_ARRAY: return 1;
    case SF_SURF_3D: return 3;
    default: return 2;
  }
}

/* Builds the axis candidates of a level for face coords (s, t, r) (normalized). */
static void sf_v_level(const sf_vctx *x, unsigned level, bool linear, const double st[3], sf_vlevel *L) {
  const sf_surface *s = x->s;
  L->dims = sf_v_dims(s->desc.type);
  const uint32_t size0[3] = {s->desc.width, s->desc.height, s->desc.depth};
  const int off[3] = {x->b->off_u[x->lane], x->b->off_v[x->lane], x->b->off_r[x->lane]};
  bool cube = s->desc.type == SF_SURF_CUBE || s->desc.type == SF_SURF_CUBE_ARRAY;
  for (unsigned a = 0; a < L->dims; a++) {
    double n = sf_v_dim(cube ? size0[0] : size0[a], level);
    sf_v_axis(x, st[a] * n, linear, cube ? 0 : off[a], &L->ax[a]);
  }
}

/* Evaluates a configuration: returns true if the result fits one combination. */
static bool sf_v_eval(sf_vctx *x, unsigned layer, int face, const sf_vcfg *cfg, const double st[3]) {
  sf_vlevel L[2];
  unsigned nl = cfg->la == cfg->lb ? 1 : 2;
  sf_v_level(x, cfg->la, cfg->linear, st, &L[0]);
  if (nl == 2) sf_v_level(x, cfg->lb, cfg->linear, st, &L[1]);
  unsigned dims = L[0].dims;
  /* Enumerate base-texel combinations (index per axis per level). */
  unsigned radix[6], ncomb = 1, nvar = 0;
  for (unsigned l = 0; l < nl; l++)
    for (unsigned a = 0; a < dims; a++) {
      radix[l * 3 + a] = L[l].ax[a].n ? L[l].ax[a].n : 1;
      ncomb *= radix[l * 3 + a];
    }
  (void)nvar;
  const unsigned ncorner = 1u << dims;
  for (unsigned comb = 0; comb < ncomb; comb++) {
    unsigned sel[2][3] = {{0, 0, 0}, {0, 0, 0}}, rem = comb;
    for (unsigned l = 0; l < nl; l++)
      for (unsigned a = 0; a < dims; a++) {
        sel[l][a] = rem % radix[l * 3 + a];
        rem /= radix[l * 3 + a];
      }
    /* Texel intervals of each level's corners. */
    sf_vival tex[2][8];
    for (unsigned l = 0; l < nl; l++) {
      unsigned level = l ? cfg->lb : cfg->la;
      for (unsigned c = 0; c < (cfg->linear ? ncorner : 1u); c++) {
        long long idx[3] = {0, 0, 0};
        for (unsigned a = 0; a < dims; a++) idx[a] = (long long)L[l].ax[a].base[sel[l][a]] + ((c >> a) & 1u);
        sf_v_texel(x, level, layer, face, idx[0], idx[1], idx[2], &tex[l][c]);
      }
    }
    /* Variables: weights per axis per level (linear), then t. Vertex enumeration. */
    double wl[7], wh[7];
    unsigned nv = 0;
    if (cfg->linear)
      for (unsigned l = 0; l < nl; l++)
        for (unsigned a = 0; a < dims; a++) {
          wl[nv] = L[l].ax[a].wlo[sel[l][a]];
          wh[nv] = L[l].ax[a].whi[sel[l][a]];
          nv++;
        }
    wl[nv] = nl == 2 ? cfg->tlo : 0.0;
    wh[nv] = nl == 2 ? cfg->thi : 0.0;
    nv++;
    double mn[4] = {INFINITY, INFINITY, INFINITY, INFINITY}, mx[4] = {-INFINITY, -INFINITY, -INFINITY, -INFINITY};
    for (unsigned vert = 0; vert < (1u << nv); vert++) {
      bool skip = false;
      double w[7];
      for (unsigned v = 0; v < nv; v++) {
        bool hi = (vert >> v) & 1u;
        if (hi && wl[v] == wh[v]) skip = true; /* degenerate variable: one vertex only */
        w[v] = hi ? wh[v] : wl[v];
      }
      if (skip) continue;
      double lo4[4] = {0, 0, 0, 0}, hi4[4] = {0, 0, 0, 0};
      for (unsigned l = 0; l < nl; l++) {
        double lw = nl == 2 ? (l ? w[nv - 1] : 1.0 - w[nv - 1]) : 1.0;
        for (unsigned c = 0; c < (cfg->linear ? ncorner : 1u); c++) {
          double cw = lw;
          if (cfg->linear)
            for (unsigned a = 0; a < dims; a++) {
              double wa = w[l * dims + a];
              cw *= ((c >> a) & 1u) ? wa : 1.0 - wa;
            }
          if (cw == 0.0) continue;
          for (int k = 0; k < 4; k++) {
            lo4[k] += cw * tex[l][c].lo[k];
            hi4[k] += cw * tex[l][c].hi[k];
          }
        }
      }
      for (int k = 0; k < 4; k++) {
        mn[k] = fmin(mn[k], lo4[k]);
        mx[k] = fmax(mx[k], hi4[k]);
      }
    }
    /* Compare-after-filter: the filtered depth decides one comparison. */
    if (x->mode == SF_VM_DEPTH) {
      double lo, hi;
      sf_v_compare(x, mn[0], mx[0], &lo, &hi);
      mn[0] = lo;
      mx[0] = hi;
      for (int k = 1; k < 4; k++) mn[k] = mx[k] = x->res[k];
      /* Exactly 0 or 1 is the only outcome of a single comparison. */
      if (x->res[0] != 0.0 && x->res[0] != 1.0) {
        mn[0] = mx[0] = x->res[0] + 1.0; /* force a miss */
      }
    }
    bool single = !cfg->linear && nl == 1;
    /* Float filtering rounds relative to its operands, not to its result: a + w*(b - a) loses the
     * low bits of the largest texel when the result cancels. The relative tolerance scales with the
     * largest texel magnitude of the footprint. */
    double mag[4] = {0, 0, 0, 0};
    for (unsigned l = 0; l < nl; l++)
      for (unsigned c = 0; c < (cfg->linear ? ncorner : 1u); c++)
        for (int k = 0; k < 4; k++) {
          double a = fabs(tex[l][c].lo[k]), z = fabs(tex[l][c].hi[k]);
          if (isfinite(a)) mag[k] = fmax(mag[k], a);   /* an infinite texel: no finite bound to scale */
          if (isfinite(z)) mag[k] = fmax(mag[k], z);
        }
    double dist = 0.0;
    for (unsigned k = 0; k < x->nch; k++) {
      double thr = x->p->abs_eps;
      if (x->mode == SF_VM_COLOR && (x->fi->cls == SF_FCLASS_FLOAT || x->fi->cls == SF_FCLASS_DEPTH)) {
        thr += x->p->float_rel * fmax(mag[k], fmax(fabs(mn[k]), fabs(mx[k])));
      } else if (!single) {
        thr += x->mode == SF_VM_COLOR ? x->thr_fixed : ldexp(1.0, -8);
      }
      if (single && x->mode == SF_VM_COLOR) thr += fmax(fabs(mn[k]), fabs(mx[k])) * 0x1p-22;
      double r = x->res[k];
      double d = r < mn[k] - thr ? mn[k] - thr - r : r > mx[k] + thr ? r - mx[k] - thr : 0.0;
      if (isnan(r)) d = INFINITY;
      dist = fmax(dist, d);
    }
    if (dist == 0.0) return true;
    if (dist < x->best_dist) {
      x->best_dist = dist;
      for (int k = 0; k < 4; k++) x->best_lo[k] = mn[k], x->best_hi[k] = mx[k];
      snprintf(x->best_what, sizeof x->best_what, "level %u%s%u t[%.4f,%.4f] layer %u face %d %s", cfg->la,
               nl == 2 ? "+" : "/", cfg->lb, cfg->tlo, cfg->thi, layer, face, cfg->linear ? "linear" : "point");
    }
  }
  return false;
}

/* ---- LOD ------------------------------------------------------------------------------------- */

/* log2 of the rho bounds for one lane (before bias). Cubes: derivatives projected on the major face
 * of the lane's direction, scaled by 0.5 * face size. Returns false if not computable. */
static bool sf_v_lod_bounds(const sf_vctx *x, unsigned lane, double *lo, double *hi) {
  const sf_sample_batch *b = x->b;
  const sf_surface *s = x->s;
  unsigned t = s->desc.type;
  double dx[3] = {b->dudx[lane], b->dvdx[lane], b->drdx[lane]};
  double dy[3] = {b->dudy[lane], b->dvdy[lane], b->drdy[lane]};
  double size[3] = {s->desc.width, s->desc.height, s->desc.depth};
  unsigned n = sf_v_dims(t);
  if (t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY) {
    double d[3] = {b->u[lane], b->v[lane], b->r[lane]}, ss, tt;
    int f = sf_v_cube_face(d, -1, &ss, &tt);
    double ma = d[f >> 1] * sf_v_face_axis[f][f >> 1];
    double sc = d[0] * sf_v_face_s[f][0] + d[1] * sf_v_face_s[f][1] + d[2] * sf_v_face_s[f][2];
    double tc = d[0] * sf_v_face_t[f][0] + d[1] * sf_v_face_t[f][1] + d[2] * sf_v_face_t[f][2];
    if (!(fabs(ma) > 0)) return false;
    double rl = 0, rh = 0;
    bool known = true;
    for (int k = 0; k < 2; k++) {
      const double *q = k ? dy : dx;
      for (int a = 0; a < 3; a++)
        if (!isfinite(q[a])) return false;   /* non-finite gradients are unchecked */
      double dma = q[f >> 1] * sf_v_face_axis[f][f >> 1];
      double dsc = q[0] * sf_v_face_s[f][0] + q[1] * sf_v_face_s[f][1] + q[2] * sf_v_face_s[f][2];
      double dtc = q[0] * sf_v_face_t[f][0] + q[1] * sf_v_face_t[f][1] + q[2] * sf_v_face_t[f][2];
      double slo, shi, tlo, thi;
      /* §7.18.11: (AxisMajor*d' - TC'*dMajor) / AxisMajor^2, times 0.5 * face size */
      if (!sf_v_cube_deriv(ma, sc, dsc, dma, size[0], &slo, &shi) || !sf_v_cube_deriv(ma, tc, dtc, dma, size[0], &tlo, &thi)) {
        known = false;
        break;
      }
      rl = fmax(rl, fmax(slo, tlo));
      rh = fmax(rh, (shi + thi) * SF_V_SQRT2);
    }
    if (!known || !isfinite(rh)) {
      /* float32 cannot evaluate the projection (a tiny major axis or a huge gradient): Inf or NaN
       * reach the LOD, which the rules then leave undetermined. Every LOD is allowed. */
      *lo = -INFINITY;
      *hi = INFINITY;
      return true;
    }
    *lo = rl > 0 ? log2(rl) : -INFINITY;
    *hi = rh > 0 ? log2(rh) : -INFINITY;
    return true;
  }
  double rl = 0, rh = 0, re = 0;
  for (int k = 0; k < 2; k++) {
    double *q = k ? dy : dx, mxc = 0, sum = 0, sq = 0;
    for (unsigned a = 0; a < n; a++) {
      double m = fabs(q[a] * size[a]);
      if (!isfinite(m)) return false;   /* fmax would drop a NaN: non-finite gradients are unchecked */
      mxc = fmax(mxc, m);
      sum += m;
      sq += m * m;
    }
    rl = fmax(rl, mxc);
    rh = fmax(rh, sum * SF_V_SQRT2);
    re = fmax(re, sqrt(sq));
  }
  if (!isfinite(rh)) return false;
  if (x->p->rho_bounds) {
    *lo = rl > 0 ? log2(rl) : -INFINITY;
    *hi = rh > 0 ? log2(rh) : -INFINITY;
  } else {
    *lo = *hi = re > 0 ? log2(re) : -INFINITY;
  }
  return true;
}

/* The LOD before the biases may saturate to the implementation's internal range (D3D11.3 §7.18.11):
 * any range whose ends, moved by both biases (at most 32 octaves), still select the last or the first
 * mip of the largest surface (14 octaves) will do, so every range beyond +-SF_V_LOD_SAT is allowed:
 * an interval reaching past it may end anywhere from there on (a float32 rho2 overflows to infinity
 * or flushes to zero there, and the saturated value is the implementation's). */
#define SF_V_LOD_SAT 48.0
static void sf_v_lod_saturate(double *lo, double *hi) {
  if (*hi > SF_V_LOD_SAT) {   /* rho2 may also overflow to infinity: any end beyond the range */
    *lo = fmin(*lo, SF_V_LOD_SAT);
    *hi = INFINITY;
  }
  if (*lo < -SF_V_LOD_SAT) {   /* ... or a tiny rho2 flush to zero: -infinity, saturated anywhere below */
    *hi = fmax(*hi, -SF_V_LOD_SAT);
    *lo = -INFINITY;
  }
}

/* The unclamped, biased LOD interval of the lane. */
static bool sf_v_lod(const sf_vctx *x, double *lo, double *hi, char *why, size_t n) {
  const sf_sample_batch *b = x->b;
  const sf_verify_params *p = x->p;
  unsigned lane = x->lane;
  int lb = b->samp->lod_bias < -4096 ? -4096 : b->samp->lod_bias > 4095 ? 4095 : b->samp->lod_bias;
  double sb = lb / 256.0;   /* MipLODBias: [-16, 15.99] (D3D11.3 §7.18.11) */
  double e = ldexp(1.0, -(int)p->lod_bits);
  if (b->lod_mode == SF_LOD_EXPLICIT || b->lod_mode == SF_LOD_ZERO) {
    double l = b->lod_mode == SF_LOD_ZERO ? 0.0 : b->lod_or_bias[lane];
    if (!isfinite(l)) {
      snprintf(why, n, "non-finite explicit LOD");
      return false;
    }
    double l0 = l - e, l1 = l + e;
    sf_v_lod_saturate(&l0, &l1);
    *lo = l0 + sb;
    *hi = l1 + sb;
    return true;
  }
  double l0, l1;
  bool modelled = false;
  uint32_t q = p->quirks;
  bool cube = x->s->desc.type == SF_SURF_CUBE || x->s->desc.type == SF_SURF_CUBE_ARRAY;
  if ((q & (SF_QUIRK_FAST_LOG2 | SF_QUIRK_TABLE_LOG2)) && (!cube || (q & SF_QUIRK_CUBE_RAW_RHO))) {
    float fl;
    if (sf_driver_lod(p->driver, b, lane, &fl)) {
      /* table index rounding vs truncation: 1/256 of an octave either way */
      double we = (q & SF_QUIRK_TABLE_LOG2) ? 0.006 : 1e-4;
      l0 = fl - we;
      l1 = fl + we;
      modelled = true;
    }
  }
  if (!modelled) {
    if (!sf_v_lod_bounds(x, lane, &l0, &l1)) {
      snprintf(why, n, "derivatives not finite");
      return false;
    }
    if (q & (SF_QUIRK_FAST_LOG2 | SF_QUIRK_TABLE_LOG2)) {
      l0 -= 0.06;
      l1 += 0.06;
    }
    sf_v_lod_saturate(&l0, &l1);
  }
  double bias_lo = 0, bias_hi = 0;
  if (b->lod_mode == SF_LOD_GRAD_BIAS) {
    /* D3D11.3 §22.4.16 sample_b: srcLODBias outside [-16, 15.99] gives undefined results. */
    double sbias = b->lod_or_bias[lane];
    if (!(sbias >= -16.0 && sbias < 16.0)) {
      snprintf(why, n, "srcLODBias %g outside [-16, 15.99] (undefined, D3D11.3 §22.4.16)", sbias);
      return false;
    }
    bias_lo = bias_hi = sbias;
    if (q & SF_QUIRK_QUAD_LOD) {
      unsigned q0 = lane & ~3u;
      for (unsigned k = q0; k < q0 + 4 && k < b->n; k++) {
        bias_lo = fmin(bias_lo, b->lod_or_bias[k]);
        bias_hi = fmax(bias_hi, b->lod_or_bias[k]);
      }
    }
    if (!isfinite(bias_lo) || !isfinite(bias_hi)) {
      snprintf(why, n, "non-finite bias");
      return false;
    }
  }
  double sblo = sb, sbhi = sb;
  if ((q & SF_QUIRK_GRAD_NO_BIAS) && p->explicit_grads && b->lod_mode == SF_LOD_GRAD) sblo = sbhi = 0.0;
  *lo = l0 + bias_lo + sblo - e;
  *hi = l1 + bias_hi + sbhi + e;
  return true;
}

static double sf_v_clamp_lod(const sf_sampler *s, double l) {
  double mn = s->min_lod / 256.0, mx = s->max_lod / 256.0;
  if (l > mx) l = mx;
  if (l < mn) l = mn; /* MinLOD wins over MaxLOD */
  return l;
}

/* Level configurations reachable from the clamped LOD interval [lo, hi]. */
static unsigned sf_v_configs(const sf_vctx *x, double lo, double hi, sf_vcfg *c) {
  const sf_sampler *s = x->b->samp;
  unsigned top = x->s->desc.levels ? x->s->desc.levels - 1 : 0;
  unsigned n = 0;
  if (lo <= 0.0) c[n++] = (sf_vcfg){0, 0, 0, 0, s->mag_filter == SF_FILTER_LINEAR};
  if (hi > 0.0) {
    bool lin = s->min_filter == SF_FILTER_LINEAR;
    double dlo = fmax(lo, 0.0), dhi = hi;
    if (s->mip_filter == SF_MIP_NONE) {
      c[n++] = (sf_vcfg){0, 0, 0, 0, lin};
    } else if (s->mip_filter == SF_MIP_POINT) {
      long long l0 = (long long)ceil(dlo + 0.5) - 1, l1 = (long long)floor(dhi + 0.5);
      if (l0 < 0) l0 = 0;
      for (long long L = l0; L <= l1 && n < SF_V_MAX_CFG; L++) {
        unsigned lv = L > (long long)top ? top : (unsigned)L;
        if (n && c[n - 1].la == lv && c[n - 1].lb == lv && c[n - 1].linear == lin) continue;
        c[n++] = (sf_vcfg){lv, lv, 0, 0, lin};
      }
    } else {
      long long l0 = (long long)floor(dlo), l1 = (long long)floor(dhi);
      for (long long L = l0; L <= l1 && n < SF_V_MAX_CFG; L++) {
        if (L >= (long long)top) {
          c[n++] = (sf_vcfg){top, top, 0, 0, lin};
          break;
        }
        double tl = fmax(dlo - (double)L, 0.0), th = fmin(dhi - (double)L, 1.0);
        c[n++] = (sf_vcfg){(unsigned)L, (unsigned)L + 1, tl, th, lin};
      }
    }
  }
  return n;
}

static sf_verify_kind sf_v_done(sf_verify_result *o, sf_verify_kind k, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static sf_verify_kind sf_v_done(sf_verify_result *o, sf_verify_kind k, const char *fmt, ...) {
  o->kind = k;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(o->why, sizeof o->why, fmt, ap);
  va_end(ap);
  return k;
}

/* LOD op: R = clamped LOD, G = unclamped biased LOD. R is checked only with a linear mip filter
 * (D3D: undefined with point mip), against the min/max clamp with or without the level range. */
static sf_verify_kind sf_v_lod_query(sf_vctx *x, double lo, double hi, sf_verify_result *o) {
  double e = 1e-5;
  double g = x->res[1], r = x->res[0];
  if (!(g >= lo - e && g <= hi + e))
    return sf_v_done(o, SF_VERIFY_REJECTED, "LOD query G (unclamped) %.6f outside [%.6f, %.6f]", g, lo, hi);
  if (x->b->samp->mip_filter != SF_MIP_LINEAR)
    return sf_v_done(o, SF_VERIFY_ALLOWED, "G within [%.6f, %.6f]; R not checked (mip filter not linear)", lo, hi);
  double clo = sf_v_clamp_lod(x->b->samp, lo), chi = sf_v_clamp_lod(x->b->samp, hi);
  double top = x->s->desc.levels ? x->s->desc.levels - 1 : 0;
  double rlo = fmin(clo, fmin(fmax(clo, 0.0), top)), rhi = fmax(chi, fmin(fmax(chi, 0.0), top));
  if (!(r >= rlo - e && r <= rhi + e))
    return sf_v_done(o, SF_VERIFY_REJECTED, "LOD query R (clamped) %.6f outside [%.6f, %.6f]", r, rlo, rhi);
  if (x->res[2] != 0.0 || x->res[3] != 0.0)
    return sf_v_done(o, SF_VERIFY_REJECTED, "LOD query B/A must be 0 (got %g, %g)", x->res[2], x->res[3]);
  return sf_v_done(o, SF_VERIFY_ALLOWED, "R in [%.6f, %.6f], G in [%.6f, %.6f]", rlo, rhi, lo, hi);
}

sf_verify_kind sf_verify_sample(const sf_sample_batch *b, unsigned lane, const uint32_t result[4],
                                const sf_verify_params *p, sf_verify_result *out) {
  sf_verify_result dummy;
  sf_verify_result *o = out ? out : &dummy;
  memset(o, 0, sizeof *o);
  o->lod_lo = o->lod_hi = NAN;
  sf_verify_params defp;
  if (!p) {
    sf_verify_params_spec(&defp);
    p = &defp;
  }
  if (!b || !result || lane >= SF_MAX_LANES || lane >= b->n)
    return sf_v_done(o, SF_VERIFY_UNCHECKED, "no batch/result or lane out of range");
  sf_vctx x;
  memset(&x, 0, sizeof x);
  x.b = b;
  x.lane = lane;
  x.p = p;
  x.s = b->surf;
  x.best_dist = INFINITY;
  for (int k = 0; k < 4; k++) {
    float f;
    memcpy(&f, &result[k], 4);
    x.res[k] = f;
  }
  if (!b->surf) {
    for (int k = 0; k < 4; k++)
      if (x.res[k] != 0.0) return sf_v_done(o, SF_VERIFY_REJECTED, "unbound surface must return 0 (channel %d = %g)", k, x.res[k]);
    return sf_v_done(o, SF_VERIFY_ALLOWED, "unbound surface: 0");
  }
  if (!b->samp) return sf_v_done(o, SF_VERIFY_UNCHECKED, "no sampler state");
  const sf_surface *s = b->surf;
  x.fi = sf_format_get(s->desc.format);
  if (!x.fi || s->desc.type >= SF_SURF_TYPE_COUNT || s->desc.levels == 0 || s->desc.levels > SF_SURF_MAX_LEVELS)
    return sf_v_done(o, SF_VERIFY_UNCHECKED, "surface descriptor not checkable");
  if (x.fi->cls == SF_FCLASS_UINT || x.fi->cls == SF_FCLASS_SINT || x.fi->cls == SF_FCLASS_YUV)
    return sf_v_done(o, SF_VERIFY_UNCHECKED, "format %s is outside the verifier (integer/YUV)", x.fi->name);
  if (b->samp->min_filter > 1 || b->samp->mag_filter > 1 || b->samp->mip_filter > 2 ||
      b->samp->addr[0] >= SF_ADDR_COUNT || b->samp->addr[1] >= SF_ADDR_COUNT || b->samp->addr[2] >= SF_ADDR_COUNT)
    return sf_v_done(o, SF_VERIFY_UNCHECKED, "sampler state has out-of-range enums");
  const float in[4] = {b->u[lane], b->v[lane], b->r[lane], b->ai[lane]};
  unsigned t = s->desc.type;
  /* Coordinates in use: u; v unless 1D; r for 2D arrays (layer), 3D and cubes; ai for cube arrays. */
  const bool used[4] = {true, t != SF_SURF_1D, t == SF_SURF_2D_ARRAY || t == SF_SURF_3D || t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY,
                        t == SF_SURF_CUBE_ARRAY};
  for (int k = 0; k < 4; k++) {
    if (used[k] && !isfinite(in[k])) return sf_v_done(o, SF_VERIFY_UNCHECKED, "non-finite coordinate (implementation-defined)");
    /* D3D11.3 §7.18.16.1 guarantees a texel-space range of 2^16 only; beyond it (and to keep every
     * integer conversion below in range) the verifier does not judge. */
    if (used[k] && fabs(in[k]) > 65536.0)
      return sf_v_done(o, SF_VERIFY_UNCHECKED, "coordinate %g beyond the +-2^16 range the verifier judges", in[k]);
  }
  if (b->compare && !isfinite(b->ref[lane])) return sf_v_done(o, SF_VERIFY_UNCHECKED, "non-finite reference");

  char why[128] = "";
  double lo, hi;
  if (!sf_v_lod(&x, &lo, &hi, why, sizeof why)) return sf_v_done(o, SF_VERIFY_UNCHECKED, "%s", why);
  if (b->lod_query) {
    sf_verify_kind k = sf_v_lod_query(&x, lo, hi, o);
    bool cubeq = s->desc.type == SF_SURF_CUBE || s->desc.type == SF_SURF_CUBE_ARRAY;
    if (k == SF_VERIFY_REJECTED && cubeq && (p->quirks & SF_QUIRK_CUBE_LOD_UNMODELLED)) o->kind = k = SF_VERIFY_UNCHECKED;
    return k;
  }
  double clo = sf_v_clamp_lod(b->samp, lo), chi = sf_v_clamp_lod(b->samp, hi);
  o->lod_lo = (float)clo;
  o->lod_hi = (float)chi;

  /* Mode and thresholds. */
  if (b->compare) {
    x.mode = (p->quirks & SF_QUIRK_COMPARE_AFTER_FILTER) ? SF_VM_DEPTH : SF_VM_PCF;
    x.nch = 1;
  } else {
    x.mode = SF_VM_COLOR;
    x.nch = 4;
  }
  for (int k = 0; k < 4; k++)
    if (isnan(x.res[k]) && k < (int)x.nch) {
      if (x.fi->cls == SF_FCLASS_FLOAT || x.fi->cls == SF_FCLASS_DEPTH)
        return sf_v_done(o, SF_VERIFY_UNCHECKED, "NaN result from a float format (payloads implementation-defined)");
      return sf_v_done(o, SF_VERIFY_REJECTED, "NaN in channel %d from a %s surface", k, x.fi->name);
    }
  unsigned bits = x.fi->bits ? x.fi->bits : 8;
  if (x.fi->cls == SF_FCLASS_SNORM) bits -= 1;
  x.thr_fixed = p->color_ulp / (double)((1ull << (bits > 24 ? 24 : bits)) - 1);

  /* Layers. */
  unsigned nlayers = t == SF_SURF_1D_ARRAY || t == SF_SURF_2D_ARRAY || t == SF_SURF_CUBE_ARRAY ? s->desc.layers : 1;
  unsigned layer_c[2], nlay = 1;
  layer_c[0] = 0;
  if (nlayers > 1 || t == SF_SURF_1D_ARRAY || t == SF_SURF_2D_ARRAY || t == SF_SURF_CUBE_ARRAY) {
    /* The layer coordinate: v for 1D arrays, r for 2D arrays, ai for cube arrays (sampler.h lanes). */
    double a = t == SF_SURF_1D_ARRAY ? in[1] : t == SF_SURF_2D_ARRAY ? in[2] : in[3];
    double r = nearbyint(a); /* RNE under the default rounding mode */
    double lc[2] = {r, floor(a + 0.5)};
    unsigned nc = (p->layer_ties || (p->quirks & SF_QUIRK_LAYER_HALF_UP)) ? 2 : 1;
    nlay = 0;
    for (unsigned k = 0; k < nc; k++) {
      double v = fmin(fmax(lc[k], 0.0), (double)(nlayers ? nlayers - 1 : 0));
      unsigned lv = (unsigned)v;
      if (nlay && layer_c[0] == lv) continue;
      layer_c[nlay++] = lv;
    }
  }
  /* Faces and face coordinates. */
  int faces[SF_V_MAX_FACES];
  double stc[SF_V_MAX_FACES][3];
  unsigned nface = 1;
  bool cube = t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY;
  if (cube) {
    const double d[3] = {in[0], in[1], in[2]};
    nface = sf_v_cube_cands(d, p->cube_ties || (p->quirks & SF_QUIRK_CUBE_TIE_XYZ), faces, stc);
    if (!nface) return sf_v_done(o, SF_VERIFY_UNCHECKED, "zero cube direction (after the float32 denormal flush, D3D11.3 §3.1)");
  } else {
    faces[0] = -1;
    stc[0][0] = in[0];
    stc[0][1] = in[1];
    stc[0][2] = in[2];
  }
  sf_vcfg cfg[SF_V_MAX_CFG + 1];
  unsigned ncfg = sf_v_configs(&x, clo, chi, cfg);
  for (unsigned li = 0; li < nlay; li++)
    for (unsigned fi = 0; fi < nface; fi++)
      for (unsigned ci = 0; ci < ncfg; ci++)
        if (sf_v_eval(&x, layer_c[li], faces[fi], &cfg[ci], stc[fi]))
          return sf_v_done(o, SF_VERIFY_ALLOWED, "matches level %u%s%u (%s) layer %u face %d, LOD [%.4f, %.4f]",
                           cfg[ci].la, cfg[ci].la == cfg[ci].lb ? "" : "+", cfg[ci].la == cfg[ci].lb ? 0 : cfg[ci].lb,
                           cfg[ci].linear ? "linear" : "point", layer_c[li], faces[fi], clo, chi);
  for (int k = 0; k < 4; k++) {
    o->lo[k] = (float)x.best_lo[k];
    o->hi[k] = (float)x.best_hi[k];
  }
  if (cube && (p->quirks & SF_QUIRK_CUBE_LOD_UNMODELLED) && (b->lod_mode == SF_LOD_GRAD || b->lod_mode == SF_LOD_GRAD_BIAS))
    return sf_v_done(o, SF_VERIFY_UNCHECKED, "cube LOD from derivatives: the driver's approximation is not modelled (closest %s, off by %.3g)",
                     x.best_what, x.best_dist);
  return sf_v_done(o, SF_VERIFY_REJECTED,
                   "result (%.6g, %.6g, %.6g, %.6g) outside every reachable range; LOD [%.4f, %.4f]; "
                   "closest: %s, off by %.3g",
                   x.res[0], x.res[1], x.res[2], x.res[3], clo, chi, x.best_what, x.best_dist);
}
