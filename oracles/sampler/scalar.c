/* oracles/sampler/scalar.c — the scalar backend: the reference arithmetic of every sampler op,
 * composed of small address, fetch, filter, LOD and mip functions (the softpipe sp_tex_sample.c
 * shape). It follows docs/precision-model.md step by step: D3D11.3 §7.18.6 range reduction, §7.18.7-8
 * scale and 16.8 snap, §7.18.9 address modes and border, §7.18.10-11 LOD and mip selection, §7.18.12
 * cube faces and corners, §7.18.15 / §22.4.19 PCF; SAMPLE_UNORM (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/SAMPLE_UNORM.md)) and AVS
 * (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/AVS.md), docs/precision-model.md) in integer fixed point. */
#include <math.h>
#include <string.h>

#include "oracles/sampler/sampler_int.h"

/* ---- LOD: log2 by thresholds ---------------------------------------------------------------- */

/* T[j] = ceil(2^23 * 2^((j + 0.5) / 128)), j = 0..127 (generated offline with 60-digit decimals):
 * a significand m (1.23 fixed, [2^23, 2^24)) has round(128 * log2(m / 2^23)) = #{j : T[j] <= m}. */
static const uint32_t log2_thresholds[128] = {
#include "oracles/sampler/log2_table.inc"
};

int32_t sf_lod_from_rho2(float rho2) {
  uint32_t b = sf_f2u(rho2);
  if (sf_isnan(rho2) || (b & 0x80000000u) || (b & 0x7f800000u) == 0) return SF_LOD_MIN; /* NaN, <=0, subnormal */
  int32_t e = (int32_t)((b >> 23) & 0xffu) - 127;
  uint32_t m = (b & 0x7fffffu) | 0x800000u;
  unsigned lo = 0, hi = 128;  /* count thresholds <= m by binary search */
  while (lo < hi) {
    unsigned mid = (lo + hi) / 2;
    if (log2_thresholds[mid] <= m) lo = mid + 1; else hi = mid;
  }
  /* LOD = log2(sqrt(rho2)) = 0.5 * log2(rho2): 8.8 value = 128*e + round(128*log2(m)). A normal
   * rho2 has e in [-126, 127] and lo in [0, 128], so the value lies in [-16128, 16384]: inside
   * [SF_LOD_MIN, SF_LOD_MAX], its top the largest float's; +inf (e = 128, m = 2^23, lo = 0) gives
   * 16384 = SF_LOD_MAX too (conversions' lod_log2 reads all three). */
  return 128 * e + (int32_t)lo;
}

/* ---- Address --------------------------------------------------------------------------------- */

/* §7.18.6 range reduction (exact in float32), then §7.18.7/8 scale and snap to 16.8 (RNE,
 * saturating, NaN -> 0), then the integer texel offset. Returns the 16.8 coordinate. */
static int32_t axis_fixed(float u, uint32_t n, bool linear, int off, unsigned addr) {
  if (addr == SF_ADDR_WRAP) {
    u = u - floorf(u);
  } else if (addr == SF_ADDR_MIRROR) {
    float t = u * 0.5f;
    t = t - floorf(t);
    u = t * 2.0f;
  } else if (u < -256.0f) {   /* |u·n| <= 2^22 keeps the 16.8 value in range; 256·n - 32 >= n: an */
    u = -256.0f;               /* offset of up to 32 texels cannot bring a clamped u back inside */
  } else if (u > 256.0f) {
    u = 256.0f;
  }
  float x = u * (float)n;
  if (linear) x = x - 0.5f;
  int32_t X = sf_rne_i32(x * 256.0f, -(1 << 30), 1 << 30);
  return X + off * 256;
}

/* §7.18.9: integer texel index -> in-range index, or -1 for a border texel. */
static int32_t wrap_index(int32_t i, int32_t n, unsigned addr) {
  switch (addr) {
    case SF_ADDR_WRAP: {
      int32_t m = i % n;
      return m < 0 ? m + n : m;
    }
    case SF_ADDR_MIRROR: {
      int32_t p = 2 * n, m = i % p;
      if (m < 0) m += p;
      return m >= n ? p - 1 - m : m;
    }
    case SF_ADDR_MIRROR_ONCE:
#if SF_CANARY == 9
      if (i < 0) i = -i;  /* canary 9: mirror addressing off by one (mirrors about texel 0, not its edge) */
#else
      if (i < 0) i = -1 - i;
#endif
      return i >= n ? n - 1 : i;
    case SF_ADDR_BORDER:
      return i < 0 || i >= n ? -1 : i;
    default: /* CLAMP */
      return i < 0 ? 0 : i >= n ? n - 1 : i;
  }
}

/* ---- Fetch ------------------------------------------------------------------------------------ */

typedef struct lane_ctx {
  const sf_surface *s;
  const sf_sampler *sp;
  const sf_format_info *fi;
  bool compare, is_int;
  float ref;               /* quantized to the format (§22.4.19) */
  uint32_t border[4];      /* snapped (§7.18.9.1) */
  bool null_hit;
} lane_ctx;

static bool cmp_pass(unsigned op, float ref, float t) {
  switch (op) {
    case SF_CMP_LESS: return ref < t;
    case SF_CMP_EQUAL: return ref == t;
    case SF_CMP_LESS_EQUAL: return ref <= t;
    case SF_CMP_GREATER: return ref > t;
    case SF_CMP_NOT_EQUAL: return ref != t;
    case SF_CMP_GREATER_EQUAL: return ref >= t;
    case SF_CMP_ALWAYS: return true;
    default: return false;
  }
}

/* Applies the compare step to a texel's values (PCF: each tap compared, then filtered). */
static void tap_finish(const lane_ctx *c, uint32_t v[4]) {
  if (!c->compare) return;
  uint32_t r = cmp_pass(c->sp->compare, c->ref, sf_u2f(v[0])) ? sf_f2u(1.0f) : 0u;
  v[0] = v[1] = v[2] = v[3] = r;
}

static void fetch_border(const lane_ctx *c, uint32_t v[4]) {
  memcpy(v, c->border, sizeof c->border);
  tap_finish(c, v);
}

/* Texel (x, y) of (level, slice), all in range. Null tiles read as all-zero bytes. */
static void fetch(lane_ctx *c, unsigned level, unsigned slice, uint32_t x, uint32_t y, uint32_t v[4]) {
  const sf_level *lv = &c->s->levels[level];
  size_t tile = lv->null_offset + ((size_t)slice * lv->tiles_y + y / SF_NULL_TILE) * lv->tiles_x + x / SF_NULL_TILE;
  static const uint8_t zeros[16];
  const uint8_t *p;
  if (tile < c->s->null_size && c->s->null_map[tile]) {
    c->null_hit = true;
    p = zeros;
  } else {
    p = c->s->data + lv->offset + lv->slice_pitch * slice + lv->row_pitch * y + (size_t)x * c->fi->bytes;
  }
  sf_format_decode(c->s->desc.format, p, v);
  tap_finish(c, v);
}

/* ---- Filter ----------------------------------------------------------------------------------- */

/* a + w*(b - a) with w = w8/256; w8 = 0 returns a (b unread). When b - a overflows (finite a and b
 * of opposite signs near the float range), a*(1-w) + b*w. The result lies in [min(a,b), max(a,b)]
 * without a clamp (docs/precision-model.md §6): w8 <= 255, so the addend is at most 255/256 of
 * b - a even after its two roundings, the exact sum stops short of b, and rounding to nearest
 * cannot pass a representable b; the overflow form sums a negative and a positive part, each no
 * larger than its end. NaN stays NaN, as a clamp by comparisons would leave it. */
static float lerp8(float a, float b, uint32_t w8) {
  if (w8 == 0) return a;
  float w = (float)w8 * 0.00390625f;
  float d = b - a;
  float r = a + w * d;
  if ((sf_f2u(d) & 0x7fffffffu) == 0x7f800000u && (sf_f2u(a) & 0x7f800000u) != 0x7f800000u &&
      (sf_f2u(b) & 0x7f800000u) != 0x7f800000u)
    r = a * (1.0f - w) + b * w;
  return r;
}

static void lerp4(float out[4], const float a[4], const float b[4], uint32_t w8) {
  for (int k = 0; k < 4; k++) out[k] = lerp8(a[k], b[k], w8);
}

static void bits_to_f4(float f[4], const uint32_t v[4]) {
  for (int k = 0; k < 4; k++) f[k] = sf_u2f(v[k]);
}

/* One level of a 1D/2D/3D/array surface. coords are normalized (u, v, w); dims says how many
 * axes are addressed (1, 2, 3); slice is the array layer. Result as floats or int bits. */
typedef struct level_coord {
  float u, v, w;
  int off[3];
  unsigned dims;
  unsigned slice;
} level_coord;

static void sample_level(lane_ctx *c, unsigned level, const level_coord *lc, bool linear, float res[4], uint32_t resi[4]) {
  const sf_level *lv = &c->s->levels[level];
  uint32_t n[3] = {lv->w, lv->h, lv->d};
  float crd[3] = {lc->u, lc->v, lc->w};
  int32_t i0[3] = {0, 0, 0};
  uint32_t fr[3] = {0, 0, 0};
  unsigned taps[3] = {1, 1, 1};
  for (unsigned a = 0; a < lc->dims; a++) {
    int32_t X = axis_fixed(crd[a], n[a], linear, lc->off[a], c->sp->addr[a]);
    i0[a] = sf_floor_shift(X, 8);
    if (linear) {
      fr[a] = (uint32_t)(X - i0[a] * 256);
      taps[a] = fr[a] ? 2 : 1;
    }
  }
  float t[2][2][2][4];
  uint32_t ti[4] = {0, 0, 0, 0};
  for (unsigned z = 0; z < taps[2]; z++)
    for (unsigned y = 0; y < taps[1]; y++)
      for (unsigned x = 0; x < taps[0]; x++) {
        int32_t ix = wrap_index(i0[0] + (int32_t)x, (int32_t)n[0], c->sp->addr[0]);
        int32_t iy = lc->dims >= 2 ? wrap_index(i0[1] + (int32_t)y, (int32_t)n[1], c->sp->addr[1]) : 0;
        int32_t iz = lc->dims >= 3 ? wrap_index(i0[2] + (int32_t)z, (int32_t)n[2], c->sp->addr[2]) : 0;
        uint32_t v[4];
        if (ix < 0 || iy < 0 || iz < 0) fetch_border(c, v);
        else fetch(c, level, lc->dims >= 3 ? (unsigned)iz : lc->slice, (uint32_t)ix, (uint32_t)iy, v);
        if (x == 0 && y == 0 && z == 0) memcpy(ti, v, sizeof ti);
        bits_to_f4(t[z][y][x], v);
      }
  if (c->is_int && !c->compare) {  /* integer formats: point only (checked), bits as they are */
    memcpy(resi, ti, sizeof ti);
    return;
  }
  float row[2][2][4], pl[2][4];
  for (unsigned z = 0; z < taps[2]; z++) {
    for (unsigned y = 0; y < taps[1]; y++) lerp4(row[z][y], t[z][y][0], t[z][y][taps[0] - 1], fr[0]);
    lerp4(pl[z], row[z][0], row[z][taps[1] - 1], fr[1]);
  }
  lerp4(res, pl[0], pl[taps[2] - 1], fr[2]);
}

/* ---- Cube ------------------------------------------------------------------------------------- */

/* Face selection with ties Z > Y > X (§7.18.12 / VK); face order +X -X +Y -Y +Z -Z. Returns
 * the face and writes sc, tc, ma (= |major|) by the standard table. */
static unsigned cube_face(float x, float y, float z, float *sc, float *tc, float *ma) {
  float ax = fabsf(x), ay = fabsf(y), az = fabsf(z);
  if (az >= ay && az >= ax) {
    *ma = az;
    if (z >= 0) { *sc = x; *tc = -y; return 4; }
    *sc = -x; *tc = -y; return 5;
  }
  if (ay >= ax) {
    *ma = ay;
    if (y >= 0) { *sc = x; *tc = z; return 2; }
    *sc = x; *tc = -z; return 3;
  }
  *ma = ax;
  if (x >= 0) { *sc = -z; *tc = -y; return 0; }
  *sc = z; *tc = -y; return 1;
}

/* Integer version for neighbour lookups (no ties occur there). */
static unsigned cube_face_i(int64_t x, int64_t y, int64_t z, int64_t *sc, int64_t *tc, int64_t *ma) {
  int64_t ax = x < 0 ? -x : x, ay = y < 0 ? -y : y, az = z < 0 ? -z : z;
  if (az >= ay && az >= ax) {
    *ma = az;
    if (z >= 0) { *sc = x; *tc = -y; return 4; }
    *sc = -x; *tc = -y; return 5;
  }
  if (ay >= ax) {
    *ma = ay;
    if (y >= 0) { *sc = x; *tc = z; return 2; }
    *sc = x; *tc = -z; return 3;
  }
  *ma = ax;
  if (x >= 0) { *sc = -z; *tc = -y; return 0; }
  *sc = z; *tc = -y; return 1;
}

/* Texel (i, j) of face f (size N), possibly one texel outside the face: maps it through the
 * texel-centre direction (integer arithmetic, exact) onto the face it lies on. Returns false for a
 * corner (both indices outside). */
bool sf_cube_neighbour(unsigned f, int32_t i, int32_t j, int32_t N, unsigned *fo, uint32_t *io, uint32_t *jo) {
  bool oi = i < 0 || i >= N, oj = j < 0 || j >= N;
  if (oi && oj) return false;
  if (!oi && !oj) {
    *fo = f; *io = (uint32_t)i; *jo = (uint32_t)j;
    return true;
  }
  int64_t sc = 2 * (int64_t)i + 1 - N, tc = 2 * (int64_t)j + 1 - N, M = N, x, y, z;
  switch (f) {
    case 0: x = M; y = -tc; z = -sc; break;
    case 1: x = -M; y = -tc; z = sc; break;
    case 2: x = sc; y = M; z = tc; break;
    case 3: x = sc; y = -M; z = -tc; break;
    case 4: x = sc; y = -tc; z = M; break;
    default: x = -sc; y = -tc; z = -M; break;
  }
  int64_t s2, t2, m2;
  *fo = cube_face_i(x, y, z, &s2, &t2, &m2);
  int64_t a = (s2 + m2) * N / (2 * m2), b = (t2 + m2) * N / (2 * m2);
  *io = (uint32_t)(a < 0 ? 0 : a >= N ? N - 1 : a);
  *jo = (uint32_t)(b < 0 ? 0 : b >= N ? N - 1 : b);
  return true;
}

/* resi: the raw bits of the point-sampled texel, for integer formats (point filters only; checked) */
static void sample_cube_level(lane_ctx *c, unsigned level, unsigned face, float s, float t, unsigned layer, bool linear,
                              float res[4], uint32_t resi[4]) {
  int32_t N = (int32_t)c->s->levels[level].w;
  float cs[2] = {s, t};
  int32_t i0[2];
  uint32_t fr[2] = {0, 0};
  for (int a = 0; a < 2; a++) {
    float u = cs[a];
    if (!(u >= 0.0f)) u = 0.0f;  /* also NaN */
    if (u > 1.0f) u = 1.0f;
    float x = u * (float)N;
    if (linear) x = x - 0.5f;
    int32_t X = sf_rne_i32(x * 256.0f, -(1 << 30), 1 << 30);
    i0[a] = sf_floor_shift(X, 8);
    if (linear) fr[a] = (uint32_t)(X - i0[a] * 256);
    else if (i0[a] >= N) i0[a] = N - 1;
  }
  unsigned tx = fr[0] ? 2 : 1, ty = fr[1] ? 2 : 1;
  float t4[2][2][4];
  int corner = -1;
  for (unsigned y = 0; y < ty; y++)
    for (unsigned x = 0; x < tx; x++) {
      unsigned fo;
      uint32_t io, jo, v[4] = {0, 0, 0, 0};
      if (sf_cube_neighbour(face, i0[0] + (int32_t)x, i0[1] + (int32_t)y, N, &fo, &io, &jo))
        fetch(c, level, layer * 6 + fo, io, jo, v);
      else
        corner = (int)(y * 2 + x);
      if (x == 0 && y == 0) memcpy(resi, v, sizeof v);
      bits_to_f4(t4[y][x], v);
    }
  if (c->is_int && !c->compare) return; /* integer formats: the texel's bits as they are (resi) */
  if (corner >= 0) {  /* §7.18.12: the missing corner texel is the average of the three real ones */
    float *m = t4[corner / 2][corner % 2];
    const float *o[3];
    int k = 0;
    for (int q = 0; q < 4; q++)
      if (q != corner) o[k++] = t4[q / 2][q % 2];
    for (int ch = 0; ch < 4; ch++) {
      float a = o[0][ch], b = o[1][ch], d = o[2][ch];
      float lo = a < b ? a : b, hi = a < b ? b : a;
      lo = d < lo ? d : lo;
      hi = d > hi ? d : hi;
      float avg = (a == b && b == d) ? a : (a + b + d) / 3.0f;
      if (avg < lo) avg = lo;
      if (avg > hi) avg = hi;
      m[ch] = avg;
    }
  }
  float row[2][4];
  for (unsigned y = 0; y < ty; y++) lerp4(row[y], t4[y][0], t4[y][tx - 1], fr[0]);
  lerp4(res, row[0], row[ty - 1], fr[1]);
}

/* ---- LOD --------------------------------------------------------------------------------------- */

static float sq(float a) { return a * a; }

/* Texel-space squared derivative lengths (§7.18.11), fixed operation order. */
static float rho2_plain(const sf_sample_batch *q, unsigned i, const sf_surface *s) {
  float W = (float)s->levels[0].w, H = (float)s->levels[0].h, D = (float)s->levels[0].d;
  unsigned t = s->desc.type;
  float lx = sq(q->dudx[i] * W), ly = sq(q->dudy[i] * W);
  if (t == SF_SURF_2D || t == SF_SURF_2D_ARRAY || t == SF_SURF_3D) {
    lx = lx + sq(q->dvdx[i] * H);
    ly = ly + sq(q->dvdy[i] * H);
  }
  if (t == SF_SURF_3D) {
    lx = lx + sq(q->drdx[i] * D);
    ly = ly + sq(q->drdy[i] * D);
  }
  if (sf_isnan(lx)) lx = 0.0f;
  if (sf_isnan(ly)) ly = 0.0f;
  return lx > ly ? lx : ly;
}

/* Cube: derivatives projected on the major face: ds = 0.5 (dsc |ma| - sc d|ma|) / ma^2 (§7.18.11). */
static void cube_proj(unsigned face, float dx, float dy, float dz, float *dsc, float *dtc, float *dma) {
  switch (face) {
    case 0: *dsc = -dz; *dtc = -dy; *dma = dx; break;
    case 1: *dsc = dz; *dtc = -dy; *dma = -dx; break;
    case 2: *dsc = dx; *dtc = dz; *dma = dy; break;
    case 3: *dsc = dx; *dtc = -dz; *dma = -dy; break;
    case 4: *dsc = dx; *dtc = -dy; *dma = dz; break;
    default: *dsc = -dx; *dtc = -dy; *dma = -dz; break;
  }
}

static float rho2_cube(const sf_sample_batch *q, unsigned i, const sf_surface *s, unsigned face, float sc, float tc, float ma) {
  float N = (float)s->levels[0].w, m2 = ma * ma;
  float d[2][3] = {{q->dudx[i], q->dvdx[i], q->drdx[i]}, {q->dudy[i], q->dvdy[i], q->drdy[i]}};
  float len[2];
  for (int k = 0; k < 2; k++) {
    float dsc, dtc, dma;
    cube_proj(face, d[k][0], d[k][1], d[k][2], &dsc, &dtc, &dma);
    float ds = ((dsc * ma - sc * dma) / m2) * 0.5f;
    float dt = ((dtc * ma - tc * dma) / m2) * 0.5f;
    len[k] = sq(ds * N) + sq(dt * N);
    if (sf_isnan(len[k])) len[k] = 0.0f;
  }
  return len[0] > len[1] ? len[0] : len[1];
}

/* ---- The request ------------------------------------------------------------------------------ */

sf_code sf_sample_check(const sf_sample_batch *q, sf_status *st) {
  if (!q) return sf_fail(st, SF_ERR_INVALID, "sample: NULL request");
  if (q->n > SF_MAX_LANES) return sf_fail(st, SF_ERR_LIMIT, "sample: %u lanes exceed the %u-lane cap", q->n, SF_MAX_LANES);
  if (q->lod_mode > SF_LOD_ZERO) return sf_fail(st, SF_ERR_INVALID, "sample: unknown LOD mode %u", q->lod_mode);
  if (!q->samp) return sf_fail(st, SF_ERR_STATE, "sample: no sampler state bound");
  if (sf_sampler_check(q->samp, st) != SF_OK) return st ? st->code : SF_ERR_INVALID;
  if (!q->surf) return SF_OK;  /* unbound surface: defined result 0 */
  const sf_format_info *fi = sf_format_get(q->surf->desc.format);
  if (!fi || q->surf->desc.type >= SF_SURF_TYPE_COUNT || q->surf->desc.levels == 0 ||
      q->surf->desc.levels > SF_SURF_MAX_LEVELS)
    return sf_fail(st, SF_ERR_STATE, "sample: malformed surface");
  if (fi->cls == SF_FCLASS_YUV)
    return sf_fail(st, SF_ERR_STATE, "sample: %s surfaces are for SAMPLE_UNORM and AVS only", fi->name);
  bool is_int = fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT;
  if (is_int && q->compare) return sf_fail(st, SF_ERR_STATE, "sample: compare op on integer format %s", fi->name);
  if (is_int && !q->lod_query &&
      (q->samp->min_filter != SF_FILTER_POINT || q->samp->mag_filter != SF_FILTER_POINT || q->samp->mip_filter == SF_MIP_LINEAR))
    return sf_fail(st, SF_ERR_STATE, "sample: integer format %s can only be point sampled", fi->name);
  return SF_OK;
}

static void sample_lane(const sf_sample_batch *q, unsigned i, sf_sample_out *out) {
  const sf_surface *s = q->surf;
  const sf_sampler *sp = q->samp;
  lane_ctx c = {.s = s, .sp = sp, .fi = sf_format_get(s->desc.format), .compare = q->compare};
  c.is_int = c.fi->cls == SF_FCLASS_UINT || c.fi->cls == SF_FCLASS_SINT;
  for (unsigned k = 0; k < 4; k++) c.border[k] = sf_format_snap(s->desc.format, k, sp->border[k]);
  if (c.compare) c.ref = sf_u2f(sf_format_snap(s->desc.format, 0, q->ref[i]));
  unsigned type = s->desc.type, levels = s->desc.levels;
  bool cube = type == SF_SURF_CUBE || type == SF_SURF_CUBE_ARRAY;
  /* coordinates and array layer (RNE, clamp: §22.4.15 / §5.3.8.1) */
  level_coord lc = {.u = q->u[i], .v = q->v[i], .w = q->r[i], .dims = 2, .slice = 0};
  lc.off[0] = q->off_u[i];
  lc.off[1] = q->off_v[i];
  lc.off[2] = q->off_r[i];
  int32_t maxl = (int32_t)s->desc.layers - 1;
  switch (type) {
    case SF_SURF_1D: lc.dims = 1; break;
    case SF_SURF_1D_ARRAY: lc.dims = 1; lc.slice = (unsigned)sf_rne_i32(q->v[i], 0, maxl); break;
    case SF_SURF_2D: break;
    case SF_SURF_2D_ARRAY: lc.slice = (unsigned)sf_rne_i32(q->r[i], 0, maxl); break;
    case SF_SURF_3D: lc.dims = 3; break;
    default: break;
  }
  unsigned face = 0, layer = 0;
  float sc = 0, tc = 0, ma = 0, fs = 0, ft = 0;
  if (cube) {
    face = cube_face(q->u[i], q->v[i], q->r[i], &sc, &tc, &ma);
    fs = (sc / ma) * 0.5f + 0.5f;
    ft = (tc / ma) * 0.5f + 0.5f;
    if (type == SF_SURF_CUBE_ARRAY) layer = (unsigned)sf_rne_i32(q->ai[i], 0, maxl);
  }
  /* LOD (§7.18.11) in 8.8 fixed point */
  int32_t base;
  switch (q->lod_mode) {
    case SF_LOD_EXPLICIT: base = sf_rne_i32(q->lod_or_bias[i] * 256.0f, SF_LOD_MIN, SF_LOD_MAX); break;
    case SF_LOD_ZERO: base = 0; break;
    default: base = sf_lod_from_rho2(cube ? rho2_cube(q, i, s, face, sc, tc, ma) : rho2_plain(q, i, s)); break;
  }
  /* the sampler's bias (s4.8) and LOD range (u4.8) are in range: sf_sample_check refused it otherwise */
  int32_t biased = base + sp->lod_bias;
  if (q->lod_mode == SF_LOD_GRAD_BIAS) biased += sf_rne_i32(q->lod_or_bias[i] * 256.0f, -4096, 4096);
  int32_t minl = sp->min_lod, maxlod = sp->max_lod;
  int32_t clamped = biased > maxlod ? maxlod : biased;
  clamped = clamped < minl ? minl : clamped;  /* MinLOD wins over MaxLOD */
  int32_t top = (int32_t)(levels - 1) * 256;
  if (q->lod_query) {
    int32_t r = clamped > top ? top : clamped;
    out->v[0][i] = sf_f2u((float)r / 256.0f);
    out->v[1][i] = sf_f2u((float)biased / 256.0f); /* v[2] and v[3] stay 0 (sf_scalar_sample cleared out) */
    return;
  }
  /* mip selection (§7.18.10): magnify iff clamped LOD <= 0 */
  bool mag = clamped <= 0;
  bool linear = (mag ? sp->mag_filter : sp->min_filter) == SF_FILTER_LINEAR;
  unsigned l0 = 0, l1 = 0;
  uint32_t mf = 0;
  if (!mag && sp->mip_filter == SF_MIP_POINT) {
    int32_t l = (clamped + 128) >> 8;  /* clamped > 0: no negative shift */
    l0 = (unsigned)(l > top / 256 ? top / 256 : l);
  } else if (!mag && sp->mip_filter == SF_MIP_LINEAR) {
    int32_t l = clamped >> 8;
    if (l >= (int32_t)levels - 1) {
      l0 = levels - 1;
    } else {
      l0 = (unsigned)l;
      l1 = l0 + 1;
      mf = (uint32_t)(clamped & 255);
    }
  }
  float r0[4] = {0, 0, 0, 0}, r1[4] = {0, 0, 0, 0}, res[4];
  uint32_t ri[4] = {0, 0, 0, 0};
  if (cube) sample_cube_level(&c, l0, face, fs, ft, layer, linear, r0, ri);
  else sample_level(&c, l0, &lc, linear, r0, ri);
  if (mf) {
    if (cube) sample_cube_level(&c, l1, face, fs, ft, layer, linear, r1, ri);
    else sample_level(&c, l1, &lc, linear, r1, ri);
  }
  lerp4(res, r0, r1, mf);
  for (int k = 0; k < 4; k++) out->v[k][i] = (c.is_int && !c.compare) ? ri[k] : sf_canon(sf_f2u(res[k]));
  if (c.null_hit) out->null_mask &= ~(1u << i);
}

sf_code sf_scalar_sample(const sf_sample_batch *q, sf_sample_out *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sample: NULL output");
  memset(out, 0, sizeof *out);
  sf_code rc = sf_sample_check(q, st);
  if (rc != SF_OK) return rc;
  out->null_mask = 0xffffffffu;
  if (!q->surf) return SF_OK;
  const sf_format_info *fi = sf_format_get(q->surf->desc.format);
  out->is_int = !q->compare && !q->lod_query && (fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT);
  for (unsigned i = 0; i < q->n; i++)
    if (q->lanes >> i & 1u) sample_lane(q, i, out);
  return SF_OK;
}

/* ---- SAMPLE_UNORM and AVS: 8-bit integer paths --------------------------------------------- */

typedef struct u8_ctx {
  const sf_surface *s;
  const sf_sampler *sp;
  const sf_format_info *fi;
  uint8_t border[4];
  bool nv12;
} u8_ctx;

static sf_code u8_setup(u8_ctx *c, const sf_surface *s, const sf_sampler *sp, const char *what, sf_status *st) {
  if (!sp) return sf_fail(st, SF_ERR_STATE, "%s: no sampler state bound", what);
  if (sf_sampler_check(sp, st) != SF_OK) return st ? st->code : SF_ERR_INVALID;
  if (!s) return SF_OK;
  const sf_format_info *fi = sf_format_get(s->desc.format);
  if (!fi || s->desc.type != SF_SURF_2D || s->desc.levels == 0 ||
      !(s->desc.format == SF_FMT_R8_UNORM || s->desc.format == SF_FMT_RG8_UNORM || s->desc.format == SF_FMT_RGBA8_UNORM ||
        s->desc.format == SF_FMT_NV12))
    return sf_fail(st, SF_ERR_STATE, "%s: needs a 2D r8/rg8/rgba8_unorm or nv12 surface (got %s %s)", what,
                   sf_surf_type_name(s->desc.type), fi ? fi->name : "?");
  c->s = s;
  c->sp = sp;
  c->fi = fi;
  c->nv12 = s->desc.format == SF_FMT_NV12;
  for (int k = 0; k < 4; k++) {
    float b = sp->border[k];
    uint32_t q = !(b > 0.0f) ? 0u : b >= 1.0f ? 255u : (uint32_t)(b * 255.0f + 0.5f);
    c->border[k] = (uint8_t)q;
  }
  /* channels the format does not store read (0, 0, 0, 1) at the border too (NV12: alpha) */
  for (unsigned k = fi->channels; k < 4; k++) c->border[k] = k == 3 ? 255 : 0;
  return SF_OK;
}

static bool u8_null(const sf_surface *s, uint32_t x, uint32_t y) {
  const sf_level *lv = &s->levels[0];
  size_t tile = lv->null_offset + (size_t)(y / SF_NULL_TILE) * lv->tiles_x + x / SF_NULL_TILE;
  return tile < s->null_size && s->null_map[tile];
}

/* Channel k (0..3) of texel (x, y), in range; NV12: G = Y, R = Cr, B = Cb of the 2x2 block. */
static uint32_t u8_texel(const u8_ctx *c, uint32_t x, uint32_t y, unsigned k) {
  const sf_surface *s = c->s;
  /* a null tile reads zero bytes; a channel not stored (NV12: alpha) keeps its default */
  if (u8_null(s, x, y)) return k == 3 && c->fi->channels < 4 ? 255 : 0;
  if (c->nv12) {
    if (k == 3) return 255;
    if (k == 1) return s->data[(size_t)y * s->desc.width + x];
    size_t uv = s->nv12_uv_offset + (size_t)(y / 2) * s->desc.width + (size_t)(x / 2) * 2;
    return s->data[uv + (k == 0 ? 1 : 0)];
  }
  if (k >= c->fi->channels) return k == 3 ? 255 : 0;
  return s->data[s->levels[0].offset + s->levels[0].row_pitch * y + (size_t)x * c->fi->bytes + k];
}

/* All four channels of texel (x, y), in range, as u8_texel gives them one by one. t points to the
 * whole array, not its first element, so that UBSan's array-bounds check sees every index. */
static void u8_texel4(const u8_ctx *c, uint32_t x, uint32_t y, uint32_t (*t)[4]) {
  const sf_surface *s = c->s;
  if (c->nv12 || u8_null(s, x, y)) {
    for (unsigned k = 0; k < 4; k++) (*t)[k] = u8_texel(c, x, y, k);
    return;
  }
  const uint8_t *p = s->data + s->levels[0].offset + s->levels[0].row_pitch * y + (size_t)x * c->fi->bytes;
  for (unsigned k = 0; k < 4; k++) (*t)[k] = k < c->fi->channels ? p[k] : k == 3 ? 255 : 0;
}

sf_code sf_scalar_sample_unorm(const sf_unorm_req *q, sf_unorm_out *out, sf_status *st) {
  if (!q || !out) return sf_fail(st, SF_ERR_INVALID, "sample_unorm: NULL argument");
  memset(out, 0, sizeof *out);
  u8_ctx c = {0};
  sf_code rc = u8_setup(&c, q->surf, q->samp, "sample_unorm", st);
  if (rc != SF_OK || !q->surf) return rc;
  /* no LOD: magnification, level 0, the sampler's mag filter */
  bool linear = q->samp->mag_filter == SF_FILTER_LINEAR;
  uint32_t n[2] = {q->surf->levels[0].w, q->surf->levels[0].h};
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 8; x++) {
      float pc[2] = {q->u + (float)x * q->du, q->v + (float)y * q->dv};
      int32_t i0[2];
      uint32_t fr[2] = {0, 0};
      for (int a = 0; a < 2; a++) {
        int32_t X = axis_fixed(pc[a], n[a], linear, 0, q->samp->addr[a]);
        i0[a] = sf_floor_shift(X, 8);
        if (linear) fr[a] = (uint32_t)(X - i0[a] * 256);
      }
      uint64_t sum[4] = {0, 0, 0, 0};
      for (unsigned ty = 0; ty < 2; ty++)
        for (unsigned tx = 0; tx < 2; tx++) {
          uint32_t wx = tx ? fr[0] : 256 - fr[0], wy = ty ? fr[1] : 256 - fr[1];
          if (wx == 0 || wy == 0) continue;
          int32_t ix = wrap_index(i0[0] + (int32_t)tx, (int32_t)n[0], q->samp->addr[0]);
          int32_t iy = wrap_index(i0[1] + (int32_t)ty, (int32_t)n[1], q->samp->addr[1]);
          uint32_t t[4];
          if (ix < 0 || iy < 0)
            for (unsigned k = 0; k < 4; k++) t[k] = c.border[k];
          else
            u8_texel4(&c, (uint32_t)ix, (uint32_t)iy, &t);
          for (unsigned k = 0; k < 4; k++) sum[k] += (uint64_t)t[k] * wx * wy;
        }
      /* sum = value * 2^16: 8.8 result rounded half up */
      for (unsigned k = 0; k < 4; k++) out->v[k][y * 8 + x] = (uint16_t)((sum[k] + 128) >> 8);
    }
  return SF_OK;
}

/* AVS: separable polyphase filter. Position of pixel (x, y): u + x*du + (x(x-1)/2)*u2d (NLAS,
 * the model's choice), source texel position p = u*W - 0.5 quantised to 1/32 (5-bit phase, RNE);
 * taps clamp to the edge; horizontal pass first, exact integer sums, one rounding at the end. */
/* k is the pixel's index along the axis: x, or y + 4 * verticalBlockNumber, where the block number
 * is any UD value (so k < 2^34 + 8). k(k-1)/2 is exact in 64 bits below k = 2^32; above, it is taken
 * in double and rounded to float (both are deterministic; such blocks lie far outside any surface,
 * where the taps clamp to the edge). */
static int32_t avs_pos(float base, float d, float d2, uint64_t k, uint32_t n) {
  float kk = (float)k;
  float tri = k < (1ull << 32) ? (float)(k * (k ? k - 1 : 0) / 2) : (float)((double)k * (double)(k - 1) * 0.5);
  float p = base + (kk * d + tri * d2);
  float x = p * (float)n - 0.5f;
  return sf_rne_i32(x * 32.0f, -(1 << 30), 1 << 30);
}

sf_code sf_scalar_avs(const sf_avs_req *q, sf_avs_out *out, sf_status *st) {
  if (!q || !out) return sf_fail(st, SF_ERR_INVALID, "avs: NULL argument");
  memset(out, 0, sizeof *out);
  if (!((q->w == 16 && (q->h == 4 || q->h == 8)) || (q->w == 8 && q->h == 4) || (q->w == 4 && q->h == 4)))
    return sf_fail(st, SF_ERR_INVALID, "avs: block %ux%u is not 16x4, 8x4, 16x8 or 4x4", q->w, q->h);
  u8_ctx c = {0};
  sf_code rc = u8_setup(&c, q->surf, q->samp, "avs", st);
  if (rc != SF_OK) return rc;
  if (q->samp->avs_adaptive)
    return sf_fail(st, SF_UNSUPPORTED, "avs: adaptive filtering is not publicly specified; samplefuzz does not model it");
  if (q->ief)
    return sf_fail(st, SF_UNSUPPORTED, "avs: IEF (image enhancement) is not publicly specified; samplefuzz does not model it");
  if (!q->surf) return SF_OK;
  uint32_t W = q->surf->desc.width, H = q->surf->desc.height;
  for (unsigned k = 0; k < 4; k++) {
    bool chroma_plane = c.nv12 && (k == 0 || k == 2);
    bool four = (k == 0 || k == 2) && !q->samp->avs_8tap_all;
    unsigned ntap = four ? SF_AVS_CHROMA_TAPS : SF_AVS_LUMA_TAPS, ctr = four ? 1 : 3;
    uint32_t pw = chroma_plane ? W / 2 : W, ph = chroma_plane ? H / 2 : H;
    /* a pixel column's first tap column and phase depend on x alone, a pixel row's on y alone */
    int64_t col0[16], row0[8];
    unsigned phx[16], phy[8];
    for (unsigned x = 0; x < q->w; x++) {
      int32_t PX = avs_pos(q->u, q->du, q->u2d, x, pw), ix = sf_floor_shift(PX, 5);
      col0[x] = (int64_t)ix - ctr;
      phx[x] = (unsigned)(PX - ix * 32);
    }
    for (unsigned y = 0; y < q->h; y++) {
      int32_t PY = avs_pos(q->v, q->dv, q->v2d, (uint64_t)y + 4u * (uint64_t)q->vbn, ph), iy = sf_floor_shift(PY, 5);
      row0[y] = (int64_t)iy - ctr;
      phy[y] = (unsigned)(PY - iy * 32);
    }
    /* Horizontal pass: the sums of every pixel column on each source row the block reads, once per
     * row (neighbouring pixel rows share most of their taps' rows). Exact integers, so the order
     * changes nothing. */
    uint32_t rows[8 * SF_AVS_LUMA_TAPS];
    int64_t hsum[8 * SF_AVS_LUMA_TAPS][16];
    unsigned slot[8][SF_AVS_LUMA_TAPS], nrows = 0;
    for (unsigned y = 0; y < q->h; y++)
      for (unsigned ty = 0; ty < ntap; ty++) {
        int64_t yy = row0[y] + ty;
        uint32_t ry = (uint32_t)(yy < 0 ? 0 : yy >= (int64_t)ph ? ph - 1 : yy);
        unsigned r = 0;
        while (r < nrows && rows[r] != ry) r++;
        slot[y][ty] = r;
        if (r < nrows) continue;
        rows[nrows++] = ry;
        for (unsigned x = 0; x < q->w; x++) {
          int64_t sum = 0;
          for (unsigned tx = 0; tx < ntap; tx++) {
            int64_t xx = col0[x] + tx;
            uint32_t rx = (uint32_t)(xx < 0 ? 0 : xx >= (int64_t)pw ? pw - 1 : xx);
            /* chroma plane texel (rx, ry) is the full-res texel (2rx, 2ry) of the NV12 decode */
            uint32_t t = chroma_plane ? u8_texel(&c, rx * 2, ry * 2, k) : u8_texel(&c, rx, ry, k);
            int32_t cf = four ? q->samp->avs_chroma[phx[x]][tx] : q->samp->avs_luma[phx[x]][tx];
            sum += (int64_t)cf * t;
          }
          hsum[r][x] = sum;
        }
      }
    /* vertical pass */
    for (unsigned y = 0; y < q->h; y++)
      for (unsigned x = 0; x < q->w; x++) {
        int64_t vsum = 0;
        for (unsigned ty = 0; ty < ntap; ty++) {
          int32_t cfv = four ? q->samp->avs_chroma[phy[y]][ty] : q->samp->avs_luma[phy[y]][ty];
          vsum += (int64_t)cfv * hsum[slot[y][ty]][x];
        }
        /* vsum = value * 4096; 8.8 = value * 256: floor((vsum + 8) / 16), clamped to [0, 255<<8] */
        int64_t v = sf_floor_shift64(vsum + 8, 4);
        out->v[k][y * q->w + x] = (uint16_t)(v < 0 ? 0 : v > 65280 ? 65280 : v);
      }
  }
  return SF_OK;
}
