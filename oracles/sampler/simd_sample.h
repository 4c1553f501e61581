/* oracles/sampler/simd_sample.h — part of the SIMD kernel template: 3D_SAMPLE and D3D sample: the lane pipeline for 1D/2D/3D surfaces and arrays and cubes (cube steps in simd_cube.h), UNORM8 and FLOAT32 formats (addressing, LOD, mip and texel filtering).
 * Included by simd_kernel.h only, after the lane helpers, once per vector width (SFK_W). */
/* ---- 3D_SAMPLE: 1D / 1D array / 2D / 2D array / 3D / cube / cube array, UNORM8 and FLOAT32 ------ */

typedef struct sfk_ctx {
  const sf_surface *s;
  const sf_sampler *sp;
  unsigned dims, bytes, channels;
  bool unorm8;
  bool check_null;                /* the surface has null pages somewhere (or we could not tell) */
  bool compare;                   /* PCF: each tap becomes (ref OP texel.R) ? 1 : 0 */
  unsigned cmp;                   /* sf_cmp */
  sfk_vf ref;                     /* this lane group's references (32-bit float formats: as given) */
  int32_t lw[16], lh[16], ld[16]; /* per level */
  int32_t loff[16], lrow[16], lslice[16], lnull[16], ltx[16], lty[16];
  uint32_t border[4];
} sfk_ctx;

/* Level parameters of every lane (one splat when all lanes use the same level, the usual case). */
typedef struct sfk_lv {
  sfk_vi w, h, d, off, row, slice, null, tx, ty;
} sfk_lv;

static inline void sfk_lv_get(const sfk_ctx *c, sfk_vi L, sfk_lv *o) {
  if (!sfk_any(L != L[0])) {
    int32_t l = L[0];
    o->w = sfk_spi(c->lw[l]); o->h = sfk_spi(c->lh[l]); o->d = sfk_spi(c->ld[l]);
    o->off = sfk_spi(c->loff[l]); o->row = sfk_spi(c->lrow[l]); o->slice = sfk_spi(c->lslice[l]);
    o->null = sfk_spi(c->lnull[l]); o->tx = sfk_spi(c->ltx[l]); o->ty = sfk_spi(c->lty[l]);
    return;
  }
  o->w = sfk_lut(c->lw, L); o->h = sfk_lut(c->lh, L); o->d = sfk_lut(c->ld, L);
  o->off = sfk_lut(c->loff, L); o->row = sfk_lut(c->lrow, L); o->slice = sfk_lut(c->lslice, L);
  o->null = sfk_lut(c->lnull, L); o->tx = sfk_lut(c->ltx, L); o->ty = sfk_lut(c->lty, L);
}

/* Any null page in the surface? (vector OR over the map) */
static bool sfk_has_null(const sf_surface *s) {
  const uint8_t *m = s->null_map;
  size_t n = m ? s->null_size : 0, i = 0;
  sfk_vi acc = sfk_spi(0);
  for (; i + sizeof acc <= n; i += sizeof acc) {
    sfk_vi v;
    memcpy(&v, m + i, sizeof v);
    acc |= v;
  }
  for (; i < n; i++)
    if (m[i]) return true;
  return sfk_any(acc);
}

/* sf_sampler_check's verdict without its loops: true only when the scalar check passes. The AVS tap
 * sums use SSE2 SAD: (t + 128) summed over a phase's taps must be 64 + taps*128. */
static bool sfk_sampler_ok(const sf_sampler *sp) {
  if (!sp || sp->min_filter > SF_FILTER_LINEAR || sp->mag_filter > SF_FILTER_LINEAR || sp->mip_filter > SF_MIP_LINEAR) return false;
  if (sp->addr[0] >= SF_ADDR_COUNT || sp->addr[1] >= SF_ADDR_COUNT || sp->addr[2] >= SF_ADDR_COUNT) return false;
  if (sp->lod_bias < -4096 || sp->lod_bias > 4095 || sp->min_lod > 4095 || sp->max_lod > 4095 || sp->compare > SF_CMP_ALWAYS)
    return false;
  const __m128i flip = _mm_set1_epi8((char)0x80), zero = _mm_setzero_si128();
  const __m128i want8 = _mm_set_epi32(0, 64 + 8 * 128, 0, 64 + 8 * 128), want4 = _mm_set_epi32(0, 64 + 4 * 128, 0, 64 + 4 * 128);
  const __m128i lo4 = _mm_set_epi32(0, -1, 0, -1), hi4 = _mm_set_epi32(-1, 0, -1, 0);
  __m128i bad = zero;
  const uint8_t *l = (const uint8_t *)sp->avs_luma, *c = (const uint8_t *)sp->avs_chroma;
  for (unsigned i = 0; i < sizeof sp->avs_luma; i += 16) {
    __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(l + i)), flip);
    bad = _mm_or_si128(bad, _mm_xor_si128(_mm_sad_epu8(x, zero), want8));
  }
  for (unsigned i = 0; i < sizeof sp->avs_chroma; i += 16) {
    __m128i x = _mm_xor_si128(_mm_loadu_si128((const __m128i *)(const void *)(c + i)), flip);
    bad = _mm_or_si128(bad, _mm_xor_si128(_mm_sad_epu8(_mm_and_si128(x, lo4), zero), want4));
    bad = _mm_or_si128(bad, _mm_xor_si128(_mm_sad_epu8(_mm_and_si128(x, hi4), zero), want4));
  }
  return _mm_movemask_epi8(_mm_cmpeq_epi8(bad, zero)) == 0xffff;
}

/* Address mode of scalar.c wrap_index on every lane for the modes that need no reduction (WRAP and
 * MIRROR are reduced once for both taps in sfk_wrap2): in-range index, or -1 for a border texel. */
static inline sfk_vi sfk_wrap(sfk_vi i, sfk_vi n, unsigned addr) {
  switch (addr) {
    case SF_ADDR_MIRROR_ONCE: {
      sfk_vi a = sfk_seli(i < 0, -1 - i, i);
      return sfk_seli(a >= n, n - 1, a);
    }
    case SF_ADDR_BORDER: return sfk_seli((i < 0) | (i >= n), sfk_spi(-1), i);
    default: return sfk_maxi(sfk_mini(i, n - 1), sfk_spi(0));
  }
}

/* wrap_index of i and of i + 1. WRAP and MIRROR reduce i once: (i + 1) mod p = (i mod p) + 1,
 * or 0 at p. */
static inline void sfk_wrap2(sfk_vi i, sfk_vi n, unsigned addr, sfk_vi *w0, sfk_vi *w1) {
  if (addr == SF_ADDR_WRAP) {
    sfk_vi m = sfk_mod(i, n), m1 = m + 1;
    *w0 = m;
    *w1 = sfk_seli(m1 == n, sfk_spi(0), m1);
  } else if (addr == SF_ADDR_MIRROR) {
    sfk_vi p = n + n, m = sfk_mod(i, p), m1 = m + 1;
    m1 = sfk_seli(m1 == p, sfk_spi(0), m1);
    *w0 = sfk_seli(m >= n, p - 1 - m, m);
    *w1 = sfk_seli(m1 >= n, p - 1 - m1, m1);
  } else {
    *w0 = sfk_wrap(i, n, addr);
    *w1 = sfk_wrap(i + 1, n, addr);
  }
}

/* scalar.c axis_fixed: range reduction, scale, -0.5 for linear lanes, 16.8 RNE snap, + offset. */
static inline sfk_vi sfk_axis(sfk_vf u, sfk_vi n, sfk_vi lin, sfk_vi off, unsigned addr) {
  if (addr == SF_ADDR_WRAP) {
    u = u - sfk_floor(u);
  } else if (addr == SF_ADDR_MIRROR) {
    sfk_vf t = u * 0.5f;
    t = t - sfk_floor(t);
    u = t * 2.0f;
  } else {
    u = sfk_self(u < -256.0f, sfk_spf(-256.0f), u);   /* as scalar.c axis_fixed */
    u = sfk_self(u > 256.0f, sfk_spf(256.0f), u);
  }
  sfk_vf x = u * __builtin_convertvector(n, sfk_vf);
  x = sfk_self(lin, x - 0.5f, x);
  sfk_vi X = sfk_rne(x * 256.0f, -(1 << 30), 1 << 30);
  return X + off * 256;
}

/* Fetches one tap per lane (ix/iy/iz already wrapped, -1 = border) and decodes it to float bits.
 * `fetched` marks lanes whose scalar counterpart reads this tap: they report null pages. */
static inline void sfk_fetch(const sfk_ctx *c, const sfk_lv *lv, sfk_vi slice, sfk_vi ix, sfk_vi iy, sfk_vi iz,
                             sfk_vi fetched, sfk_vf t[4], sfk_vi *nullhit) {
  sfk_vi border = (ix < 0) | (iy < 0) | (iz < 0);
  sfk_vi x = sfk_seli(border, sfk_spi(0), ix), y = sfk_seli(border, sfk_spi(0), iy);
  sfk_vi sl = c->dims == 3 ? sfk_seli(border, sfk_spi(0), iz) : slice;
#ifdef SFK_ASAN
  /* every lane's tap lies in its level, lanes whose result is not used too: a tap one past the
   * level's last column reads the next row, face or level, memory AddressSanitizer sees as valid.
   * The fuzz builds stop there (the release build does not test) */
  for (unsigned j = 0; j < SFK_W; j++)
    if (!border[j] && (x[j] >= lv->w[j] || y[j] >= lv->h[j] || (c->dims == 3 && sl[j] >= lv->d[j]))) {
      fprintf(stderr, "sfk_fetch: lane %u reads texel (%d, %d, %d) outside its %dx%dx%d level\n", j, x[j], y[j], sl[j], lv->w[j],
              lv->h[j], lv->d[j]);
      abort();
    }
#endif
  sfk_vi off = lv->off + lv->slice * sl + lv->row * y + x * (int32_t)c->bytes;
  sfk_vi isnull = sfk_spi(0);
  if (c->check_null) {
    sfk_vi tile = lv->null + (sl * lv->ty + (y >> 3)) * lv->tx + (x >> 3);
    for (unsigned j = 0; j < SFK_W; j++)
      isnull[j] = ((size_t)tile[j] < c->s->null_size && c->s->null_map[tile[j]]) ? -1 : 0;
    isnull &= ~border;
    *nullhit |= isnull & fetched;
  }
  const uint8_t *d = c->s->data;
  sfk_vi raw[4];
  if (c->unorm8) {
    sfk_vi w = c->bytes == 4 ? sfk_gather32(d, off) : c->bytes == 2 ? sfk_gather16(d, off, c->s->size) : sfk_gather8(d, off, c->s->size);
    w = sfk_seli(isnull, sfk_spi(0), w);
    for (unsigned k = 0; k < 4; k++) {
      if (k < c->channels) {
        sfk_vf f = __builtin_convertvector((sfk_vi)(((sfk_vu)w >> (8 * k)) & 255u), sfk_vf) / 255.0f;
        raw[k] = (sfk_vi)f;
      } else {
        raw[k] = (sfk_vi)sfk_spf(k == 3 ? 1.0f : 0.0f);
      }
    }
  } else {
    for (unsigned k = 0; k < 4; k++) {
      if (k < c->channels) raw[k] = sfk_seli(isnull, sfk_spi(0), sfk_gather32(d, off + (int32_t)(4 * k)));
      else raw[k] = (sfk_vi)sfk_spf(k == 3 ? 1.0f : 0.0f);
    }
  }
  for (unsigned k = 0; k < 4; k++) t[k] = (sfk_vf)sfk_seli(border, sfk_spi((int32_t)c->border[k]), raw[k]);
  if (c->compare) { /* scalar.c tap_finish: the comparison per tap, border taps included */
    sfk_vi pass;
    switch (c->cmp) {
      case SF_CMP_LESS: pass = c->ref < t[0]; break;
      case SF_CMP_EQUAL: pass = c->ref == t[0]; break;
      case SF_CMP_LESS_EQUAL: pass = c->ref <= t[0]; break;
      case SF_CMP_GREATER: pass = c->ref > t[0]; break;
      case SF_CMP_NOT_EQUAL: pass = c->ref != t[0]; break;
      case SF_CMP_GREATER_EQUAL: pass = c->ref >= t[0]; break;
      case SF_CMP_ALWAYS: pass = sfk_spi(-1); break;
      default: pass = sfk_spi(0); break;
    }
    sfk_vf r = sfk_self(pass, sfk_spf(1.0f), sfk_spf(0.0f));
    for (unsigned k = 0; k < 4; k++) t[k] = r;
  }
}

/* scalar.c sample_level on every lane: one mip level, point or linear per lane. */
static void sfk_level(const sfk_ctx *c, sfk_vi L, sfk_vi slice, sfk_vi lin, const sfk_vf crd[3], const sfk_vi off[3],
                      sfk_vi active, sfk_vf res[4], sfk_vi *nullhit) {
  sfk_lv lv;
  sfk_lv_get(c, L, &lv);
  sfk_vi n[3] = {lv.w, lv.h, lv.d};
  sfk_vi i0[3] = {sfk_spi(0), sfk_spi(0), sfk_spi(0)}, i1[3], fr[3] = {sfk_spi(0), sfk_spi(0), sfk_spi(0)};
  for (unsigned a = 0; a < 3; a++) {
    if (a < c->dims) {
      sfk_vi X = sfk_axis(crd[a], n[a], lin, off[a], c->sp->addr[a]);
      sfk_vi f = sfk_floor8(X);
      fr[a] = sfk_seli(lin, X & 255, sfk_spi(0));
      sfk_wrap2(f, n[a], c->sp->addr[a], &i0[a], &i1[a]);
    } else {
      i1[a] = i0[a];
    }
  }
  bool two[3];
  for (unsigned a = 0; a < 3; a++) two[a] = sfk_any(fr[a] != 0);
  sfk_vf t[2][2][2][4];
  for (unsigned z = 0; z < (two[2] ? 2u : 1u); z++)
    for (unsigned y = 0; y < (two[1] ? 2u : 1u); y++)
      for (unsigned x = 0; x < (two[0] ? 2u : 1u); x++) {
        sfk_vi fetched = active;
        if (x) fetched &= fr[0] != 0;
        if (y) fetched &= fr[1] != 0;
        if (z) fetched &= fr[2] != 0;
        sfk_fetch(c, &lv, slice, x ? i1[0] : i0[0], y ? i1[1] : i0[1], z ? i1[2] : i0[2], fetched, t[z][y][x], nullhit);
      }
  sfk_vf row[2][2][4], pl[2][4];
  for (unsigned z = 0; z < (two[2] ? 2u : 1u); z++) {
    for (unsigned y = 0; y < (two[1] ? 2u : 1u); y++)
      for (unsigned k = 0; k < 4; k++)
        row[z][y][k] = two[0] ? sfk_lerp(t[z][y][0][k], t[z][y][1][k], fr[0]) : t[z][y][0][k];
    for (unsigned k = 0; k < 4; k++) pl[z][k] = two[1] ? sfk_lerp(row[z][0][k], row[z][1][k], fr[1]) : row[z][0][k];
  }
  for (unsigned k = 0; k < 4; k++) res[k] = two[2] ? sfk_lerp(pl[0][k], pl[1][k], fr[2]) : pl[0][k];
}

/* The log2 thresholds of scalar.c (sf_lod_from_rho2), for the vector search below. */
static const uint32_t sfk_log2_thresholds[128] = {
#include "oracles/sampler/log2_table.inc"
};

/* sf_lod_from_rho2 on every lane: 128*e + #{j : T[j] <= m}, by a branch-free binary search. */
static inline sfk_vi sfk_lod_from_rho2(sfk_vf rho2) {
  sfk_vi b = (sfk_vi)rho2;
  sfk_vi e8 = (sfk_vi)(((sfk_vu)b >> 23) & 255u);
  sfk_vi low = (rho2 != rho2) | (b < 0) | (e8 == 0);
  sfk_vi m = (b & 0x7fffff) | 0x800000;
  sfk_vi pos = sfk_spi(0);
  for (int32_t s = 128; s >= 1; s /= 2) {
    sfk_vi idx = sfk_mini(pos + (s - 1), sfk_spi(127));
    sfk_vi t = sfk_lut((const int32_t *)(const void *)sfk_log2_thresholds, idx);
    pos = sfk_seli((pos + s <= 128) & (t <= m), pos + s, pos);
  }
  /* in [-16128, 16384] for a normal rho2 or +inf, within [SF_LOD_MIN, SF_LOD_MAX] (scalar.c) */
  return sfk_seli(low, sfk_spi(SF_LOD_MIN), 128 * (e8 - 127) + pos);
}

#include "oracles/sampler/simd_cube.h"

/* Whether this backend computes the batch itself (else the scalar entry does, identically). */
static bool sfk_sample_supported(const sf_sample_batch *q) {
  const sf_surface *s = q->surf;
  if (!s) return false;
  unsigned t = s->desc.type;
  if (t >= SF_SURF_TYPE_COUNT) return false;
  if (s->desc.levels == 0 || s->desc.levels > SF_SURF_MAX_LEVELS) return false; /* sizes: simd_kernel.h */
  switch (s->desc.format) {
    case SF_FMT_R8_UNORM: case SF_FMT_RG8_UNORM: case SF_FMT_RGBA8_UNORM:
      return !q->compare; /* UNORM references are quantized first: forwarded */
    case SF_FMT_R32F: case SF_FMT_RG32F: case SF_FMT_RGBA32F: case SF_FMT_D32F:
      return true; /* compare too: sf_format_snap of a 32-bit float reference keeps its value */
    default:
      return false;
  }
}

static sf_code sfk_sample(const sf_sample_batch *q, sf_sample_out *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sample: NULL output");
  if (!q || !sfk_sample_supported(q)) return SFK_FWD(sf_scalar_sample(q, out, st));
  memset(out, 0, sizeof *out);
  if (!(q->n <= SF_MAX_LANES && q->lod_mode <= SF_LOD_ZERO && sfk_sampler_ok(q->samp))) {
    sf_code rc = sf_sample_check(q, st); /* the error, with the scalar backend's message */
    if (rc != SF_OK) return rc;
  }
  out->null_mask = 0xffffffffu;
  const sf_surface *s = q->surf;
  const sf_sampler *sp = q->samp;
  const sf_format_info *fi = sf_format_get(s->desc.format);
  sfk_ctx c;
  memset(&c, 0, sizeof c);
  c.s = s;
  c.sp = sp;
  c.bytes = fi->bytes;
  c.channels = fi->channels;
  c.unorm8 = fi->cls == SF_FCLASS_UNORM;
  c.compare = q->compare;
  c.cmp = sp->compare;
  unsigned type = s->desc.type, levels = s->desc.levels;
  bool cube = type == SF_SURF_CUBE || type == SF_SURF_CUBE_ARRAY;
  c.dims = (type == SF_SURF_1D || type == SF_SURF_1D_ARRAY) ? 1 : type == SF_SURF_3D ? 3 : 2; /* cube: 2 (faces are slices) */
  for (unsigned l = 0; l < 16; l++) {
    const sf_level *lv = &s->levels[l < levels ? l : 0];
    c.lw[l] = (int32_t)lv->w;
    c.lh[l] = (int32_t)lv->h;
    c.ld[l] = (int32_t)lv->d;
    c.loff[l] = (int32_t)lv->offset;
    c.lrow[l] = (int32_t)lv->row_pitch;
    c.lslice[l] = (int32_t)lv->slice_pitch;
    c.lnull[l] = (int32_t)lv->null_offset;
    c.ltx[l] = (int32_t)lv->tiles_x;
    c.lty[l] = (int32_t)lv->tiles_y;
  }
  c.check_null = s->null_size > 16384 || sfk_has_null(s);
  for (unsigned k = 0; k < 4; k++) c.border[k] = sf_format_snap(s->desc.format, k, sp->border[k]);
  int32_t maxl = (int32_t)s->desc.layers - 1;
  /* the sampler's bias (s4.8) and LOD range (u4.8) are in range: sfk_sampler_ok, or the scalar check, refused it otherwise */
  int32_t sbias = sp->lod_bias, minl = sp->min_lod, maxlod = sp->max_lod;
  int32_t top = (int32_t)(levels - 1) * 256;
  float W0 = (float)s->levels[0].w, H0 = (float)s->levels[0].h, D0 = (float)s->levels[0].d;
  for (unsigned base = 0; base < q->n; base += SFK_W) {
    sfk_vi lane = sfk_iota() + (int32_t)base;
    sfk_vi active = (sfk_vi)((((sfk_vu){0} + q->lanes) >> (sfk_vu)lane) & 1u) != 0;
    active &= lane < (int32_t)q->n;
    if (!sfk_any(active)) continue;
    sfk_vf zf = sfk_spf(0.0f);
    sfk_vf u = sfk_self(active, sfk_ldf(q->u + base), zf);
    sfk_vf v = sfk_self(active, sfk_ldf(q->v + base), zf);
    sfk_vf r = sfk_self(active, sfk_ldf(q->r + base), zf);
    c.ref = sfk_self(active, sfk_ldf(q->ref + base), zf);
    sfk_vi slice = sfk_spi(0);
    if (type == SF_SURF_1D_ARRAY) slice = sfk_rne(v, 0, maxl);
    if (type == SF_SURF_2D_ARRAY) slice = sfk_rne(r, 0, maxl);
    /* cubes (scalar.c sample_lane): face, (sc, tc, ma) and the face coordinates; slice = 6 * layer */
    sfk_vi face = sfk_spi(0);
    sfk_vf sc = zf, tc = zf, ma = zf, fs = zf, ft = zf;
    if (cube) {
      sfk_cube_face(u, v, r, &face, &sc, &tc, &ma);
      fs = (sc / ma) * 0.5f + 0.5f;
      ft = (tc / ma) * 0.5f + 0.5f;
      if (type == SF_SURF_CUBE_ARRAY) slice = sfk_rne(sfk_self(active, sfk_ldf(q->ai + base), zf), 0, maxl) * 6;
    }
    /* LOD in 8.8 */
    sfk_vi lodb;
    sfk_vf lob = sfk_self(active, sfk_ldf(q->lod_or_bias + base), zf);
    if (q->lod_mode == SF_LOD_EXPLICIT) {
      lodb = sfk_rne(lob * 256.0f, SF_LOD_MIN, SF_LOD_MAX);
    } else if (q->lod_mode == SF_LOD_ZERO) {
      lodb = sfk_spi(0);
    } else if (cube) {
      sfk_vf dx[3] = {sfk_self(active, sfk_ldf(q->dudx + base), zf), sfk_self(active, sfk_ldf(q->dvdx + base), zf),
                      sfk_self(active, sfk_ldf(q->drdx + base), zf)};
      sfk_vf dy[3] = {sfk_self(active, sfk_ldf(q->dudy + base), zf), sfk_self(active, sfk_ldf(q->dvdy + base), zf),
                      sfk_self(active, sfk_ldf(q->drdy + base), zf)};
      lodb = sfk_lod_from_rho2(sfk_cube_rho2(face, sc, tc, ma, W0, dx, dy));
    } else {
      sfk_vf a = sfk_self(active, sfk_ldf(q->dudx + base), zf) * W0, b = sfk_self(active, sfk_ldf(q->dudy + base), zf) * W0;
      sfk_vf lx = a * a, ly = b * b;
      if (type == SF_SURF_2D || type == SF_SURF_2D_ARRAY || type == SF_SURF_3D) {
        a = sfk_self(active, sfk_ldf(q->dvdx + base), zf) * H0;
        b = sfk_self(active, sfk_ldf(q->dvdy + base), zf) * H0;
        lx = lx + a * a;
        ly = ly + b * b;
      }
      if (type == SF_SURF_3D) {
        a = sfk_self(active, sfk_ldf(q->drdx + base), zf) * D0;
        b = sfk_self(active, sfk_ldf(q->drdy + base), zf) * D0;
        lx = lx + a * a;
        ly = ly + b * b;
      }
      /* a NaN sum counts as 0: ly's is made 0 here, and lx's loses the comparison, as 0 would */
      ly = sfk_self(ly != ly, zf, ly);
      lodb = sfk_lod_from_rho2(sfk_self(lx > ly, lx, ly));
    }
    sfk_vi biased = lodb + sbias;
    if (q->lod_mode == SF_LOD_GRAD_BIAS) biased += sfk_rne(lob * 256.0f, -4096, 4096);
    sfk_vi clamped = sfk_mini(biased, sfk_spi(maxlod));
    clamped = sfk_maxi(clamped, sfk_spi(minl));
    if (q->lod_query) {
      sfk_vf o0 = __builtin_convertvector(sfk_mini(clamped, sfk_spi(top)), sfk_vf) / 256.0f;
      sfk_vf o1 = __builtin_convertvector(biased, sfk_vf) / 256.0f;
      sfk_vi r0 = sfk_seli(active, (sfk_vi)o0, sfk_spi(0)), r1 = sfk_seli(active, (sfk_vi)o1, sfk_spi(0));
      memcpy(&out->v[0][base], &r0, sizeof r0);
      memcpy(&out->v[1][base], &r1, sizeof r1);
      continue;
    }
    sfk_vi mag = clamped <= 0;
    sfk_vi lin = sfk_seli(mag, sfk_spi(sp->mag_filter == SF_FILTER_LINEAR ? -1 : 0),
                          sfk_spi(sp->min_filter == SF_FILTER_LINEAR ? -1 : 0));
    /* A magnified lane (clamped <= 0) has cpos 0, so both branches below give it level 0 and weight 0
     * (and a second level that need1 leaves unread) with no select of their own. */
    sfk_vi cpos = sfk_maxi(clamped, sfk_spi(0));
    sfk_vi l0 = sfk_spi(0), l1 = sfk_spi(0), mf = sfk_spi(0);
    if (sp->mip_filter == SF_MIP_POINT) {
      l0 = sfk_mini((cpos + 128) >> 8, sfk_spi(top / 256));
    } else if (sp->mip_filter == SF_MIP_LINEAR) {
      sfk_vi l = cpos >> 8;
      sfk_vi last = l >= (int32_t)levels - 1;
      l0 = sfk_seli(last, sfk_spi((int32_t)levels - 1), l);
      l1 = sfk_seli(last, sfk_spi(0), l + 1);
      mf = sfk_seli(last, sfk_spi(0), cpos & 255);
    }
    sfk_vf crd[3] = {u, c.dims == 1 ? zf : v, r};
    sfk_vi off[3];
    for (unsigned a = 0; a < 3; a++) {
      const int8_t *o = a == 0 ? q->off_u : a == 1 ? q->off_v : q->off_r;
      for (unsigned j = 0; j < SFK_W; j++) off[a][j] = o[base + j];
      off[a] = sfk_seli(active, off[a], sfk_spi(0));
    }
    sfk_vi nullhit = sfk_spi(0);
    sfk_vf r0[4], r1[4];
    if (cube) sfk_cube_level(&c, l0, slice, face, fs, ft, lin, active, r0, &nullhit);
    else sfk_level(&c, l0, slice, lin, crd, off, active, r0, &nullhit);
    sfk_vi need1 = active & (mf != 0);
    if (sfk_any(need1)) {
      if (cube) sfk_cube_level(&c, l1, slice, face, fs, ft, lin, need1, r1, &nullhit);
      else sfk_level(&c, l1, slice, lin, crd, off, need1, r1, &nullhit);
      for (unsigned k = 0; k < 4; k++) r0[k] = sfk_lerp(r0[k], r1[k], mf);
    }
    for (unsigned k = 0; k < 4; k++) {
      sfk_vi bits = (sfk_vi)r0[k];
      bits = sfk_seli((bits & 0x7fffffff) > 0x7f800000, sfk_spi((int32_t)SF_NAN_BITS), bits);
      bits = sfk_seli(active, bits, sfk_spi(0));
      memcpy(&out->v[k][base], &bits, sizeof bits);
    }
    nullhit &= active;
    for (unsigned j = 0; j < SFK_W; j++)
      if (nullhit[j]) out->null_mask &= ~(1u << (base + j));
  }
  return SF_OK;
}
