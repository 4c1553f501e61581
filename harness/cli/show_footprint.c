/* harness/cli/show_footprint.c — the texel footprint of one lane of a sample batch, re-derived from
 * the reference's precision model (docs/precision-model.md) for `samplefuzz show` (show_fp.h). Every
 * step is written out again here in the order of that document: the 8.8 LOD (§7), level selection,
 * range reduction, the 16.8 snap and offsets (§2), address modes on integer indices (§3), the
 * border colour snapped to the format (§5, through sf_surface_store on a scratch texel), the lerp
 * filter (§6), seamless cube taps and corners (§8) and PCF (§9). A variant changes one step on
 * purpose, so that show can say which mistake an implementation's value is consistent with. */
#include <float.h>
#include <math.h>
#include <string.h>

#include "harness/cli/show_fp.h"

unsigned fp_dims(unsigned t) {
  return t == SF_SURF_1D || t == SF_SURF_1D_ARRAY ? 1u : t == SF_SURF_3D ? 3u : 2u;
}

static bool is_cube(unsigned t) { return t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY; }

const char *fp_addr_name(unsigned m) {
  static const char *const n[] = {"wrap", "mirror", "clamp", "border", "mirror_once", "mirror reflected about texel 0"};
  return m < FP_ADDR_COUNT ? n[m] : "?";
}

static long long floor_div(long long a, long long d) { return a >= 0 ? a / d : -((-a + d - 1) / d); }

bool fp_address(unsigned mode, long long i, long long n, long long *out) {
  switch (mode) {
    case SF_ADDR_WRAP: *out = ((i % n) + n) % n; return true;
    case SF_ADDR_MIRROR:
    case FP_ADDR_MIRROR_AT0: {
      if (mode == FP_ADDR_MIRROR_AT0 && i < 0) i = -i;
      long long m = ((i % (2 * n)) + 2 * n) % (2 * n);
      *out = m < n ? m : 2 * n - 1 - m;
      return true;
    }
    case SF_ADDR_CLAMP: *out = i < 0 ? 0 : i >= n ? n - 1 : i; return true;
    case SF_ADDR_BORDER:
      *out = i;
      return i >= 0 && i < n;
    default: { /* MIRROR_ONCE */
      long long m = i < 0 ? -1 - i : i;
      *out = m >= n ? n - 1 : m;
      return true;
    }
  }
}

/* RNE(x, lo, hi) of §0: round to nearest even (the default rounding mode), saturate, NaN -> 0. */
static long long rne(double x, double lo, double hi) {
  if (isnan(x)) return 0;
  x = nearbyint(x);
  return (long long)(x < lo ? lo : x > hi ? hi : x);
}

/* ---- LOD (§7) --------------------------------------------------------------------------------- */

/* round(128 * log2(rho2)) by the table of §7.3: 128e + #{j : T[j] <= m}, T[j] = ceil(2^23 2^((j+0.5)/128)). */
static int lod8_of_rho2(float rho2) {
  if (isinf(rho2) && rho2 > 0) return 8192;
  if (!(rho2 >= FLT_MIN)) return -8192;   /* zero, negative, NaN, subnormal */
  int e2;
  float m2 = frexpf(rho2, &e2);           /* rho2 = m2 2^e2, m2 in [0.5, 1) */
  double m = ldexp((double)m2, 24);       /* the 24-bit significand */
  int e = e2 - 1, cnt = 0;
  for (int j = 0; j < 128; j++)
    if (ceil(ldexp(exp2((j + 0.5) / 128.0), 23)) <= m) cnt++;
  long long l = 128LL * e + cnt;
  return (int)(l < -8192 ? -8192 : l > 8192 ? 8192 : l);
}

/* Cube face of a direction (§8): major axis with ties Z > Y > X, sign >= 0 the positive face; the
 * face's (sc, tc) axes and its signed major axis as unit vectors. */
static const int face_s[6][3] = {{0, 0, -1}, {0, 0, 1}, {1, 0, 0}, {1, 0, 0}, {1, 0, 0}, {-1, 0, 0}};
static const int face_t[6][3] = {{0, -1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}, {0, -1, 0}, {0, -1, 0}};
static const int face_a[6][3] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};

static int face_of(double x, double y, double z) {
  double ax = fabs(x), ay = fabs(y), az = fabs(z);
  if (az >= ax && az >= ay) return z >= 0 ? 4 : 5;
  if (ay >= ax) return y >= 0 ? 2 : 3;
  return x >= 0 ? 0 : 1;
}

static float dotf(const int a[3], const float v[3]) {
  float r = (float)a[0] * v[0];
  r = r + (float)a[1] * v[1];
  return r + (float)a[2] * v[2];
}

static float texel_len2(const sf_sample_batch *b, unsigned lane, bool y) {
  const sf_surface *s = b->surf;
  unsigned t = s->desc.type;
  const float g[3] = {y ? b->dudy[lane] : b->dudx[lane], y ? b->dvdy[lane] : b->dvdx[lane], y ? b->drdy[lane] : b->drdx[lane]};
  float l;
  if (is_cube(t)) {
    const float d[3] = {b->u[lane], b->v[lane], b->r[lane]};
    int f = face_of(d[0], d[1], d[2]);
    float ma = dotf(face_a[f], d), sc = dotf(face_s[f], d), tc = dotf(face_t[f], d);
    float dma = dotf(face_a[f], g), dsc = dotf(face_s[f], g), dtc = dotf(face_t[f], g);
    float n = (float)s->desc.width, m2 = ma * ma;
    float ds = ((dsc * ma - sc * dma) / m2) * 0.5f, dt = ((dtc * ma - tc * dma) / m2) * 0.5f;
    float a = ds * n, c = dt * n;
    l = a * a;
    l = l + c * c;
  } else {
    const float size[3] = {(float)s->desc.width, (float)s->desc.height, (float)s->desc.depth};
    unsigned dims = fp_dims(t);
    l = 0.0f;
    for (unsigned a = 0; a < dims; a++) {
      float q = g[a] * size[a];
      l = a ? l + q * q : q * q;
    }
  }
  return isnan(l) ? 0.0f : l;
}

void fp_lod_of(const sf_sample_batch *b, unsigned lane, fp_lod *o) {
  memset(o, 0, sizeof *o);
  if (!b->surf || !b->samp || b->lod_query) return;
  const sf_sampler *sp = b->samp;
  long long lod8;
  if (b->lod_mode == SF_LOD_EXPLICIT) lod8 = rne((double)b->lod_or_bias[lane] * 256.0, -8192, 8192);
  else if (b->lod_mode == SF_LOD_ZERO) lod8 = 0;
  else {
    float lx = texel_len2(b, lane, false), ly = texel_len2(b, lane, true);
    lod8 = lod8_of_rho2(lx > ly ? lx : ly);
  }
  long long biased = lod8 + sp->lod_bias;
  if (b->lod_mode == SF_LOD_GRAD_BIAS) biased += rne((double)b->lod_or_bias[lane] * 256.0, -4096, 4096);
  long long c = biased > sp->max_lod ? sp->max_lod : biased;
  if (c < sp->min_lod) c = sp->min_lod;   /* MinLOD wins */
  o->valid = true;
  o->unclamped8 = (int)biased;
  o->clamped8 = (int)c;
  unsigned top = b->surf->desc.levels ? b->surf->desc.levels - 1 : 0;
  o->magnify = c <= 0;
  o->linear = (o->magnify ? sp->mag_filter : sp->min_filter) == SF_FILTER_LINEAR;
  if (o->magnify || sp->mip_filter == SF_MIP_NONE) return;
  if (sp->mip_filter == SF_MIP_POINT) {
    long long l = (c + 128) >> 8;
    o->la = o->lb = (unsigned)(l > top ? top : l);
    return;
  }
  long long l0 = c >> 8;
  if (l0 >= (long long)top) {
    o->la = o->lb = top;
    return;
  }
  o->la = (unsigned)l0;
  o->lb = (unsigned)l0 + 1;
  o->frac8 = (unsigned)(c & 255);
  if (!o->frac8) o->lb = o->la;
}

/* ---- coordinates (§2) -------------------------------------------------------------------------- */

/* Base index and 8-bit fraction of one axis of n texels. reduce: the range reduction of the axis's
 * own mode (the reference); else the coordinate as given (a variant addresses the raw index). */
static void axis_fixed(float u, unsigned mode, bool reduce, unsigned n, bool linear, int off, long long *i0, unsigned *f) {
  float c = u;
  double lim = 0x1p30;
  if (reduce && mode == SF_ADDR_WRAP) c = c - floorf(c);
  else if (reduce && mode == SF_ADDR_MIRROR) {
    float t = c * 0.5f;
    t = t - floorf(t);
    c = t * 2.0f;
  } else if (reduce) c = fminf(fmaxf(c, -256.0f), 256.0f);
  else lim = 0x1p40;
  float x = c * (float)n;
  if (linear) x = x - 0.5f;
  long long X = rne((double)x * 256.0, -lim, lim) + (long long)off * 256;
  *i0 = floor_div(X, 256);
  *f = (unsigned)(X - *i0 * 256);
}

static unsigned level_dim(const sf_surface *s, unsigned level, unsigned axis) {
  const sf_level *lv = &s->levels[level];
  return axis == 0 ? lv->w : axis == 1 ? lv->h : lv->d;
}

/* The format-snapped value of rgba (the border colour, a compare reference): stored into a scratch
 * texel of the format and decoded back, which is the conversion of §5. */
static void snap_to_format(unsigned fmt, const float in[4], float out[4]) {
  sf_surface_desc d = {.type = SF_SURF_2D, .format = (uint8_t)fmt, .width = 1, .height = 1, .depth = 1, .layers = 1, .levels = 1};
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  memcpy(out, in, 4 * sizeof(float));
  if (sf_surface_create(&s, &d, &st) != SF_OK) return;
  float v[4];
  for (int k = 0; k < 4; k++) v[k] = isnan(in[k]) ? 0.0f : in[k];
  uint32_t bits[4];
  if (sf_surface_store(s, 0, 0, 0, 0, v, &st) == SF_OK) {
    sf_format_decode(fmt, sf_surface_texel(s, 0, 0, 0, 0), bits);
    memcpy(out, bits, sizeof bits);
  }
  sf_surface_free(s);
}

static void fetch(const sf_surface *s, unsigned level, unsigned slice, long long x, long long y, float out[4]) {
  uint8_t *p = sf_surface_texel((sf_surface *)s, level, slice, (unsigned)x, (unsigned)y);
  uint32_t bits[4] = {0, 0, 0, 0x3f800000u};
  if (p) sf_format_decode(s->desc.format, p, bits);
  memcpy(out, bits, sizeof bits);
}

/* Seamless neighbour (§8): the texel-centre direction of (i, j) on `face`, in integers, re-projected
 * onto the face it selects. */
static void cube_neighbour(long long n, int face, long long i, long long j, int *f2, long long *i2, long long *j2) {
  long long sc = 2 * i + 1 - n, tc = 2 * j + 1 - n, d[3];
  for (int a = 0; a < 3; a++) d[a] = n * face_a[face][a] + sc * face_s[face][a] + tc * face_t[face][a];
  int f = face_of((double)d[0], (double)d[1], (double)d[2]);
  long long ma = 0, s2 = 0, t2 = 0;
  for (int a = 0; a < 3; a++) {
    ma += d[a] * face_a[f][a];
    s2 += d[a] * face_s[f][a];
    t2 += d[a] * face_t[f][a];
  }
  *f2 = f;
  *i2 = floor_div((s2 + ma) * n, 2 * ma);
  *j2 = floor_div((t2 + ma) * n, 2 * ma);
  if (*i2 < 0) *i2 = 0;
  if (*i2 >= n) *i2 = n - 1;
  if (*j2 < 0) *j2 = 0;
  if (*j2 >= n) *j2 = n - 1;
}

/* ---- one level ------------------------------------------------------------------------------------ */

typedef struct lvl_ctx {
  const sf_sample_batch *b;
  unsigned lane, layer;
  int face;
  float st[2];              /* cube face coordinates */
  const fp_variant *v;
  float border[4], cref;    /* snapped border colour, snapped compare reference */
} lvl_ctx;

static float cmp_of(const lvl_ctx *x, float t) {
  float r = x->cref;
  switch (x->b->samp->compare & 7u) {
    case SF_CMP_NEVER: return 0.0f;
    case SF_CMP_LESS: return r < t ? 1.0f : 0.0f;
    case SF_CMP_EQUAL: return r == t ? 1.0f : 0.0f;
    case SF_CMP_LESS_EQUAL: return r <= t ? 1.0f : 0.0f;
    case SF_CMP_GREATER: return r > t ? 1.0f : 0.0f;
    case SF_CMP_NOT_EQUAL: return r != t ? 1.0f : 0.0f;
    case SF_CMP_GREATER_EQUAL: return r >= t ? 1.0f : 0.0f;
    default: return 1.0f;
  }
}

static float lerp(float a, float b, unsigned f) {
  if (!f) return a;
  float w = (float)f * 0x1p-8f;
  float r = a + w * (b - a);
  float lo = a < b ? a : b, hi = a < b ? b : a;
  return r < lo ? lo : r > hi ? hi : r;
}

/* Evaluates one level with 2^dims corners (linear) or one (point); appends the taps of non-zero
 * weight (times mw) to r and writes the level's filtered value. */
static void eval_level(const lvl_ctx *x, unsigned level, bool linear, double mw, fp_result *r, float out[4]) {
  const sf_sample_batch *b = x->b;
  const sf_surface *s = b->surf;
  unsigned t = s->desc.type, lane = x->lane;
  bool cube = is_cube(t);
  unsigned dims = fp_dims(t);
  const float co[3] = {b->u[lane], b->v[lane], b->r[lane]};
  const int off[3] = {b->off_u[lane], b->off_v[lane], b->off_r[lane]};
  long long i0[3] = {0, 0, 0};
  unsigned f[3] = {0, 0, 0};
  for (unsigned a = 0; a < dims; a++) {
    unsigned n = cube ? s->levels[level].w : level_dim(s, level, a);
    bool var = x->v && (x->v->axes >> a & 1u) && !cube;
    axis_fixed(cube ? x->st[a] : co[a], b->samp->addr[a], !var && !cube, n, linear, cube ? 0 : off[a], &i0[a], &f[a]);
    if (x->v && x->v->wbits >= 1 && x->v->wbits < 8) f[a] &= ~((1u << (8 - x->v->wbits)) - 1u);
  }
  float tv[8][4];
  unsigned ncorner = linear ? 1u << dims : 1u;
  for (unsigned c = 0; c < ncorner; c++) {
    fp_tap tp;
    memset(&tp, 0, sizeof tp);
    tp.level = level;
    tp.dims = dims;
    tp.face = x->face;
    double w = mw;
    for (unsigned a = 0; a < dims; a++) {
      unsigned bit = (c >> a) & 1u;
      tp.raw[a] = i0[a] + bit;
      if (linear) w *= bit ? f[a] / 256.0 : (256 - f[a]) / 256.0;
    }
    tp.weight = w;
    if (cube) {
      long long n = s->levels[level].w;
      bool oi = tp.raw[0] < 0 || tp.raw[0] >= n, oj = tp.raw[1] < 0 || tp.raw[1] >= n;
      tp.x[0] = tp.raw[0];
      tp.x[1] = tp.raw[1];
      if (oi && oj) {   /* the corner: the average of the footprint's three other taps */
        tp.corner = true;
        long long io = tp.raw[0] == i0[0] ? i0[0] + 1 : i0[0], jo = tp.raw[1] == i0[1] ? i0[1] + 1 : i0[1];
        const long long q[3][2] = {{io, tp.raw[1]}, {tp.raw[0], jo}, {io, jo}};
        float v3[3][4];
        for (int k = 0; k < 3; k++) {
          int f2 = x->face;
          long long a2 = q[k][0], b2 = q[k][1];
          if (a2 < 0 || a2 >= n || b2 < 0 || b2 >= n) cube_neighbour(n, x->face, q[k][0], q[k][1], &f2, &a2, &b2);
          fetch(s, level, x->layer * 6u + (unsigned)f2, a2, b2, v3[k]);
        }
        for (int k = 0; k < 4; k++) {
          float sum = v3[0][k] + v3[1][k];
          sum = sum + v3[2][k];
          float avg = sum / 3.0f, lo = fminf(v3[0][k], fminf(v3[1][k], v3[2][k])), hi = fmaxf(v3[0][k], fmaxf(v3[1][k], v3[2][k]));
          tp.val[k] = avg < lo ? lo : avg > hi ? hi : avg;
        }
        tp.slice = x->layer * 6u + (unsigned)x->face;
      } else {
        int f2 = x->face;
        long long a2 = tp.raw[0], b2 = tp.raw[1];
        if (oi || oj) cube_neighbour(n, x->face, tp.raw[0], tp.raw[1], &f2, &a2, &b2);
        tp.face = f2;
        tp.x[0] = a2;
        tp.x[1] = b2;
        tp.slice = x->layer * 6u + (unsigned)f2;
        fetch(s, level, tp.slice, a2, b2, tp.val);
      }
    } else {
      for (unsigned a = 0; a < dims; a++) {
        unsigned mode = x->v && (x->v->axes >> a & 1u) ? x->v->addr_mode : b->samp->addr[a];
        tp.border |= !fp_address(mode, tp.raw[a], level_dim(s, level, a), &tp.x[a]);
      }
      tp.slice = t == SF_SURF_3D ? (unsigned)tp.x[2] : x->layer;
      if (tp.border) memcpy(tp.val, x->border, sizeof tp.val);
      else fetch(s, level, tp.slice, tp.x[0], dims > 1 ? tp.x[1] : 0, tp.val);
    }
    tp.cmp = b->compare ? cmp_of(x, tp.val[0]) : 0.0f;
    for (int k = 0; k < 4; k++) tv[c][k] = b->compare ? tp.cmp : tp.val[k];
    if (tp.weight != 0.0 && r->ntap < FP_MAX_TAPS) r->tap[r->ntap++] = tp;
  }
  for (int k = 0; k < 4; k++) {
    if (!linear) {
      out[k] = tv[0][k];
      continue;
    }
    float p[2];
    for (unsigned z = 0; z < (dims == 3 ? 2u : 1u); z++) {
      unsigned o = z * 4u;
      if (dims == 1) p[z] = lerp(tv[0][k], tv[1][k], f[0]);
      else p[z] = lerp(lerp(tv[o][k], tv[o + 1][k], f[0]), lerp(tv[o + 2][k], tv[o + 3][k], f[0]), f[1]);
    }
    out[k] = dims == 3 ? lerp(p[0], p[1], f[2]) : p[0];
  }
}

bool fp_eval(const sf_sample_batch *b, unsigned lane, const fp_variant *v, fp_result *r) {
  memset(r, 0, sizeof *r);
  r->face = -1;
  if (!b->surf || !b->samp || b->lod_query || lane >= b->n) return false;
  const sf_surface *s = b->surf;
  const sf_format_info *fi = sf_format_get(s->desc.format);
  if (!fi || fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT || fi->cls == SF_FCLASS_YUV) return false;
  unsigned t = s->desc.type;
  const float in[4] = {b->u[lane], b->v[lane], b->r[lane], b->ai[lane]};
  for (int k = 0; k < 4; k++)
    if (!isfinite(in[k])) return false;
  fp_lod_of(b, lane, &r->lod);
  if (!r->lod.valid) return false;
  lvl_ctx x = {.b = b, .lane = lane, .face = -1, .v = v};
  snap_to_format(s->desc.format, b->samp->border, x.border);
  if (b->compare) {
    const float rf[4] = {b->ref[lane], b->ref[lane], b->ref[lane], b->ref[lane]};
    float q[4];
    snap_to_format(s->desc.format, rf, q);
    x.cref = q[0];
  }
  /* layer (§2): RNE(a, 0, layers - 1) of v (1D arrays), r (2D arrays) or ai (cube arrays) */
  if (t == SF_SURF_1D_ARRAY || t == SF_SURF_2D_ARRAY || t == SF_SURF_CUBE_ARRAY) {
    float a = t == SF_SURF_1D_ARRAY ? in[1] : t == SF_SURF_2D_ARRAY ? in[2] : in[3];
    x.layer = (unsigned)rne(a, 0, s->desc.layers ? s->desc.layers - 1 : 0);
  }
  if (is_cube(t)) {
    const float d[3] = {in[0], in[1], in[2]};
    x.face = face_of(d[0], d[1], d[2]);
    float ma = fabsf(dotf(face_a[x.face], d));
    for (int k = 0; k < 2; k++) {
      float c = dotf(k ? face_t[x.face] : face_s[x.face], d);
      float q = (c / ma) * 0.5f + 0.5f;
      x.st[k] = isnan(q) ? 0.0f : q < 0.0f ? 0.0f : q > 1.0f ? 1.0f : q;
    }
  }
  r->layer = x.layer;
  r->face = x.face;
  fp_lod L = r->lod;
  if (v && v->level >= 0) {
    unsigned top = s->desc.levels ? s->desc.levels - 1 : 0;
    L.la = L.lb = (unsigned)v->level > top ? top : (unsigned)v->level;
    L.frac8 = 0;
  }
  if (v && v->filter >= 0) L.linear = v->filter == SF_FILTER_LINEAR;
  r->lod = L;
  float a4[4], b4[4];
  double fw = L.frac8 / 256.0;
  eval_level(&x, L.la, L.linear, L.la == L.lb ? 1.0 : 1.0 - fw, r, a4);
  if (L.la != L.lb) {
    eval_level(&x, L.lb, L.linear, fw, r, b4);
    for (int k = 0; k < 4; k++) a4[k] = lerp(a4[k], b4[k], L.frac8);
  }
  memcpy(r->value, a4, sizeof a4);
  return true;
}

unsigned fp_axis_reach(const sf_sample_batch *b, unsigned lane, unsigned axis, unsigned level, bool linear, double eps,
                       long long *idx, unsigned max, bool *border) {
  const sf_surface *s = b->surf;
  *border = false;
  if (is_cube(s->desc.type) || axis >= fp_dims(s->desc.type)) return 0;
  const float co[3] = {b->u[lane], b->v[lane], b->r[lane]};
  const int off[3] = {b->off_u[lane], b->off_v[lane], b->off_r[lane]};
  unsigned n = level_dim(s, level, axis);
  double x = (double)co[axis] * n - (linear ? 0.5 : 0.0) + off[axis];
  double e = eps + fabs(x) * 0x1p-21;
  long long lo = (long long)floor(x - e), hi = (long long)floor(x + e) + (linear ? 1 : 0);
  unsigned cnt = 0;
  for (long long i = lo; i <= hi && i - lo < 64; i++) {
    long long a;
    if (!fp_address(b->samp->addr[axis], i, n, &a)) {
      *border = true;
      continue;
    }
    unsigned k = 0;
    while (k < cnt && idx[k] < a) k++;
    if (k < cnt && idx[k] == a) continue;
    if (cnt == max) continue;
    memmove(&idx[k + 1], &idx[k], (cnt - k) * sizeof *idx);
    idx[k] = a;
    cnt++;
  }
  return cnt;
}
