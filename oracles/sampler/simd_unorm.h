/* oracles/sampler/simd_unorm.h — part of the SIMD kernel template: SAMPLE_UNORM blocks in exact integer fixed point.
 * Included by simd_kernel.h only, after the lane helpers, once per vector width (SFK_W). */
/* ---- SAMPLE_UNORM and AVS: exact integer blocks ---------------------------------------------- */

/* The 8-bit paths' surface test (scalar.c u8_setup): anything else goes to the scalar entry, which
 * reports the error. */
static bool sfk_u8_ok(const sf_surface *s, const sf_sampler *sp) {
  if (!s || !sp || s->desc.type != SF_SURF_2D || s->desc.levels == 0) return false;
  switch (s->desc.format) {
    case SF_FMT_R8_UNORM: case SF_FMT_RG8_UNORM: case SF_FMT_RGBA8_UNORM: case SF_FMT_NV12: return true;
    default: return false;
  }
}

/* scalar.c u8_setup's border: 8-bit quantization of the clamped border colour. */
static void sfk_u8_border(const sf_surface *s, const sf_sampler *sp, int32_t b[4]) {
  const sf_format_info *fi = sf_format_get(s->desc.format);
  for (int k = 0; k < 4; k++) {
    float f = sp->border[k];
    uint32_t q = !(f > 0.0f) ? 0u : f >= 1.0f ? 255u : (uint32_t)(f * 255.0f + 0.5f);
    b[k] = (int32_t)q;
  }
  for (unsigned k = fi->channels; k < 4; k++) b[k] = k == 3 ? 255 : 0;
}

/* Any null tile in the full-resolution texel rectangle [x0,x1] x [y0,y1] of level 0? */
static bool sfk_null_in(const sf_surface *s, int32_t x0, int32_t x1, int32_t y0, int32_t y1) {
  if (!s->null_size) return false;
  const sf_level *lv = &s->levels[0];
  for (int32_t ty = y0 / (int32_t)SF_NULL_TILE; ty <= y1 / (int32_t)SF_NULL_TILE; ty++)
    for (int32_t tx = x0 / (int32_t)SF_NULL_TILE; tx <= x1 / (int32_t)SF_NULL_TILE; tx++) {
      size_t t = lv->null_offset + (size_t)ty * lv->tiles_x + (size_t)tx;
      if (t < s->null_size && s->null_map[t]) return true;
    }
  return false;
}

/* Channel addressing of the 8-bit paths: value of channel k at plane texel (x, y) is
 * data[base + y*pitch + x*step], or the constant `cst` when the channel is absent. */
typedef struct sfk_chan {
  int32_t base, pitch, step;
  int32_t cst;  /* >= 0: absent channel with this value */
} sfk_chan;

static void sfk_chan_setup(const sf_surface *s, unsigned k, bool chroma_plane, sfk_chan *ch) {
  const sf_format_info *fi = sf_format_get(s->desc.format);
  memset(ch, 0, sizeof *ch);
  ch->cst = -1;
  if (s->desc.format == SF_FMT_NV12) {
    int32_t w = (int32_t)s->desc.width;
    if (k == 3) { ch->cst = 255; return; }
    if (k == 1) { ch->base = 0; ch->pitch = w; ch->step = 1; return; }
    ch->base = (int32_t)s->nv12_uv_offset + (k == 0 ? 1 : 0);
    ch->pitch = w;
    ch->step = 2;
    (void)chroma_plane;
    return;
  }
  if (k >= fi->channels) { ch->cst = k == 3 ? 255 : 0; return; }
  ch->base = (int32_t)s->levels[0].offset + (int32_t)k;
  ch->pitch = (int32_t)s->levels[0].row_pitch;
  ch->step = fi->bytes;
}

#if defined(__AVX2__)
/* The block fast path (AVX2; also used by the AVX-512 build) for RGBA8 and R8 when every tap with
 * a non-zero weight is inside the surface and the block's 8 columns read at most 16 consecutive
 * texels (downscales up to ~1.9x, any upscale): per output row, the two source rows are read as one
 * 16-texel segment each (plain loads, no gathers), the taps are picked by permutes, and the filter is
 * the same integer sum as the generic path: h = t0*wx0 + t1*wx1 (pmaddwd), sum = h0*wy0 + h1*wy1,
 * out = (sum + 128) >> 8. Taps whose weight is 0 are redirected to the other tap (they add 0, as the
 * scalar path's skipped taps do). Returns false when the block does not qualify. */
static bool sfk_unorm_fast(const sf_surface *s, int32_t cx[2][8], int32_t cy[2][8], const int32_t fx[8], const int32_t fy[8],
                           sf_unorm_out *out) {
  const int32_t w = (int32_t)s->levels[0].w, span = 16;
  const bool rgba = s->desc.format == SF_FMT_RGBA8_UNORM;
  int32_t i0[8], i1[8], r0[4], r1[4], wp[8], lo = INT32_MAX, hi = -1;
  for (unsigned x = 0; x < 8; x++) {
    int32_t a = cx[0][x], b = fx[x] ? cx[1][x] : a;
    if (a < 0 || b < 0) return false;
    lo = a < lo ? a : lo;
    lo = b < lo ? b : lo;
    hi = a > hi ? a : hi;
    hi = b > hi ? b : hi;
    i0[x] = a;
    i1[x] = b;
    wp[x] = (256 - fx[x]) | (fx[x] << 16);
  }
  for (unsigned y = 0; y < 4; y++) {
    r0[y] = cy[0][y];
    r1[y] = fy[y] ? cy[1][y] : r0[y];
    if (r0[y] < 0 || r1[y] < 0) return false;
  }
  if (w < span || hi - lo >= span) return false;
  int32_t seg = lo < w - span ? lo : w - span;
  for (unsigned x = 0; x < 8; x++) {
    i0[x] -= seg;
    i1[x] -= seg;
  }
  const size_t pitch = s->levels[0].row_pitch;
  const uint8_t *base = s->data + s->levels[0].offset + (size_t)seg * (rgba ? 4u : 1u);
  const __m256i W = _mm256_loadu_si256((const __m256i *)(const void *)wp), zero = _mm256_setzero_si256();
  const __m256i r128 = _mm256_set1_epi32(128);
  if (rgba) {
    const __m256i I0 = _mm256_loadu_si256((const __m256i *)(const void *)i0), I1 = _mm256_loadu_si256((const __m256i *)(const void *)i1);
    const __m256i seven = _mm256_set1_epi32(7);
    const __m256i m0 = _mm256_cmpgt_epi32(I0, seven), m1 = _mm256_cmpgt_epi32(I1, seven);
    const __m256i shuf = _mm256_setr_epi8(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15, 0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10,
                                          14, 3, 7, 11, 15);
    for (unsigned y = 0; y < 4; y++) {
      __m256i h[2][4];
      for (unsigned t = 0; t < 2; t++) {
        const uint8_t *p = base + (size_t)(t ? r1[y] : r0[y]) * pitch;
        __m256i L = _mm256_loadu_si256((const __m256i *)(const void *)p), H = _mm256_loadu_si256((const __m256i *)(const void *)(p + 32));
        __m256i t0 = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(L, I0), _mm256_permutevar8x32_epi32(H, I0), m0);
        __m256i t1 = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(L, I1), _mm256_permutevar8x32_epi32(H, I1), m1);
        __m256i s0 = _mm256_shuffle_epi8(t0, shuf), s1 = _mm256_shuffle_epi8(t1, shuf);
        __m256i rg = _mm256_unpacklo_epi8(s0, s1), ba = _mm256_unpackhi_epi8(s0, s1);
        h[t][0] = _mm256_madd_epi16(_mm256_unpacklo_epi8(rg, zero), W);
        h[t][1] = _mm256_madd_epi16(_mm256_unpackhi_epi8(rg, zero), W);
        h[t][2] = _mm256_madd_epi16(_mm256_unpacklo_epi8(ba, zero), W);
        h[t][3] = _mm256_madd_epi16(_mm256_unpackhi_epi8(ba, zero), W);
      }
      const __m256i wy0 = _mm256_set1_epi32(256 - fy[y]), wy1 = _mm256_set1_epi32(fy[y]);
      __m256i res[4];
      for (unsigned k = 0; k < 4; k++) {
        __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(h[0][k], wy0), _mm256_mullo_epi32(h[1][k], wy1));
        res[k] = _mm256_srli_epi32(_mm256_add_epi32(sum, r128), 8);
      }
      for (unsigned k = 0; k < 4; k += 2) {
        __m256i pk = _mm256_permute4x64_epi64(_mm256_packus_epi32(res[k], res[k + 1]), 0xD8);
        _mm_storeu_si128((__m128i *)(void *)&out->v[k][y * 8], _mm256_castsi256_si128(pk));
        _mm_storeu_si128((__m128i *)(void *)&out->v[k + 1][y * 8], _mm256_extracti128_si256(pk, 1));
      }
    }
  } else {
    uint8_t b0[16] = {0}, b1[16] = {0};
    for (unsigned x = 0; x < 8; x++) {
      b0[x] = (uint8_t)i0[x];
      b1[x] = (uint8_t)i1[x];
    }
    const __m128i I0 = _mm_loadu_si128((const __m128i *)(const void *)b0), I1 = _mm_loadu_si128((const __m128i *)(const void *)b1);
    for (unsigned y = 0; y < 4; y++) {
      __m256i h[2];
      for (unsigned t = 0; t < 2; t++) {
        const uint8_t *p = base + (size_t)(t ? r1[y] : r0[y]) * pitch;
        __m128i L = _mm_loadu_si128((const __m128i *)(const void *)p);
        __m128i pr = _mm_unpacklo_epi8(_mm_shuffle_epi8(L, I0), _mm_shuffle_epi8(L, I1));
        h[t] = _mm256_madd_epi16(_mm256_cvtepu8_epi16(pr), W);
      }
      __m256i sum = _mm256_add_epi32(_mm256_mullo_epi32(h[0], _mm256_set1_epi32(256 - fy[y])),
                                     _mm256_mullo_epi32(h[1], _mm256_set1_epi32(fy[y])));
      __m256i res = _mm256_srli_epi32(_mm256_add_epi32(sum, r128), 8);
      __m256i pk = _mm256_permute4x64_epi64(_mm256_packus_epi32(res, res), 0xD8);
      _mm_storeu_si128((__m128i *)(void *)&out->v[0][y * 8], _mm256_castsi256_si128(pk));
      _mm_storeu_si128((__m128i *)(void *)&out->v[1][y * 8], _mm_setzero_si128());
      _mm_storeu_si128((__m128i *)(void *)&out->v[2][y * 8], _mm_setzero_si128());
      _mm_storeu_si128((__m128i *)(void *)&out->v[3][y * 8], _mm_set1_epi16((short)65280));
    }
  }
  return true;
}
#endif

/* One axis of a SAMPLE_UNORM footprint (here and in the rect, simd_rect.h): the positions
 * base + k d for the lanes' column or row numbers k, as 8.8 addresses (sfk_axis), their two taps
 * after the address mode (-1 = border) and their 8-bit fractions (0 when the filter is point). */
static inline void sfk_unorm_axis(sfk_vf k, float d, float base, int32_t n, bool linear, unsigned addr, sfk_vi *t0,
                                  sfk_vi *t1, sfk_vi *fr) {
  sfk_vf p = k * d;
  p = p + base;
  sfk_vi X = sfk_axis(p, sfk_spi(n), sfk_spi(linear ? -1 : 0), sfk_spi(0), addr);
  *fr = linear ? (X & 255) : sfk_spi(0);
  sfk_wrap2(sfk_floor8(X), sfk_spi(n), addr, t0, t1);
}

/* SAMPLE_UNORM (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/SAMPLE_UNORM.md); scalar.c sf_scalar_sample_unorm): pixel (x, y) of the
 * 8x4 block samples (u + x du, v + y dv). Coordinates are separable, so the 8 column and 4 row
 * addresses and 8-bit weights are computed once per block; the 32 pixels x 4 channels then filter in
 * 32-bit integers: sum = sum over taps of t * wx * wy, out = (sum + 128) >> 8 (exact). */
static sf_code sfk_sample_unorm(const sf_unorm_req *q, sf_unorm_out *out, sf_status *st) {
  if (!q || !out || !sfk_u8_ok(q->surf, q->samp)) return SFK_FWD(sf_scalar_sample_unorm(q, out, st));
  if (!sfk_sampler_ok(q->samp)) return SFK_FWD(sf_scalar_sample_unorm(q, out, st));
  const sf_surface *s = q->surf;
  const sf_sampler *sp = q->samp;
  bool nv12 = s->desc.format == SF_FMT_NV12;
  bool linear = sp->mag_filter == SF_FILTER_LINEAR;
  int32_t n[2] = {(int32_t)s->levels[0].w, (int32_t)s->levels[0].h};
  /* columns (8) and rows (4): tap indices (wrapped, -1 = border) and 8-bit fractions */
  int32_t cx[2][8], cy[2][8], fx[8], fy[8];
  {
    static const int32_t xs[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    for (unsigned a = 0; a < 2; a++) {
      float base = a ? q->v : q->u, d = a ? q->dv : q->du;
      for (unsigned g = 0; g < 8; g += SFK_W) {
        sfk_vi t0, t1, fr;
        sfk_unorm_axis(__builtin_convertvector(sfk_ldi(xs + g), sfk_vf), d, base, n[a], linear, sp->addr[a], &t0, &t1, &fr);
        int32_t *o0 = a ? cy[0] : cx[0], *o1 = a ? cy[1] : cx[1], *of = a ? fy : fx;
        unsigned cnt = 8 - g < SFK_W ? 8 - g : SFK_W;
        memcpy(o0 + g, &t0, cnt * 4);
        memcpy(o1 + g, &t1, cnt * 4);
        memcpy(of + g, &fr, cnt * 4);
      }
    }
  }
  /* null pages anywhere under the taps: the scalar path handles them (rare; fuzz cases) */
  if (s->null_size) {
    int32_t x0 = INT32_MAX, x1 = -1, y0 = INT32_MAX, y1 = -1;
    for (unsigned i = 0; i < 8; i++)
      for (unsigned t = 0; t < 2; t++) {
        if (cx[t][i] >= 0) { x0 = cx[t][i] < x0 ? cx[t][i] : x0; x1 = cx[t][i] > x1 ? cx[t][i] : x1; }
        if (i < 4 && cy[t][i] >= 0) { y0 = cy[t][i] < y0 ? cy[t][i] : y0; y1 = cy[t][i] > y1 ? cy[t][i] : y1; }
      }
    if (x1 >= 0 && y1 >= 0 && sfk_null_in(s, x0, x1, y0, y1)) return SFK_FWD(sf_scalar_sample_unorm(q, out, st));
  }
#if defined(__AVX2__)
  /* writes every element itself (no memset: `rep stos` of 256 bytes was 10% of a block here) */
  if ((s->desc.format == SF_FMT_RGBA8_UNORM || s->desc.format == SF_FMT_R8_UNORM) && sfk_unorm_fast(s, cx, cy, fx, fy, out)) {
    sfk_unorm_fast_blocks++; /* SF_COUNT_UNORM_FAST */
    return SF_OK;
  }
#endif
  memset(out, 0, sizeof *out);
  int32_t border[4];
  sfk_u8_border(s, sp, border);
  /* per-pixel vectors (pixel p = y*8 + x), built from the column/row tables */
  int32_t px[2][32], py[2][32], pwx[32], pwy[32];
  for (unsigned p = 0; p < 32; p++) {
    px[0][p] = cx[0][p & 7];
    px[1][p] = cx[1][p & 7];
    pwx[p] = fx[p & 7];
    py[0][p] = cy[0][p >> 3];
    py[1][p] = cy[1][p >> 3];
    pwy[p] = fy[p >> 3];
  }
  const uint8_t *d = s->data;
  bool rgba = s->desc.format == SF_FMT_RGBA8_UNORM;
  sfk_chan ch[4];
  for (unsigned k = 0; k < 4; k++) sfk_chan_setup(s, k, false, &ch[k]);
  for (unsigned p = 0; p < 32; p += SFK_W) {
    sfk_vi wx1 = sfk_ldi(pwx + p), wy1 = sfk_ldi(pwy + p);
    sfk_vi wx0 = 256 - wx1, wy0 = 256 - wy1;
    sfk_vi X[2] = {sfk_ldi(px[0] + p), sfk_ldi(px[1] + p)}, Y[2] = {sfk_ldi(py[0] + p), sfk_ldi(py[1] + p)};
    sfk_vi sum[4] = {sfk_spi(0), sfk_spi(0), sfk_spi(0), sfk_spi(0)};
    for (unsigned ty = 0; ty < 2; ty++)
      for (unsigned tx = 0; tx < 2; tx++) {
        sfk_vi w = (tx ? wx1 : wx0) * (ty ? wy1 : wy0);
        sfk_vi bd = (X[tx] < 0) | (Y[ty] < 0);
        sfk_vi xx = sfk_seli(bd, sfk_spi(0), X[tx]), yy = sfk_seli(bd, sfk_spi(0), Y[ty]);
        if (rgba) {
          sfk_vi word = sfk_gather32(d, ch[0].base + yy * ch[0].pitch + xx * 4);
          for (unsigned k = 0; k < 4; k++) {
            sfk_vi t = sfk_seli(bd, sfk_spi(border[k]), (word >> (8 * k)) & 255);
            sum[k] += t * w;
          }
        } else {
          for (unsigned k = 0; k < 4; k++) {
            sfk_vi t;
            if (ch[k].cst >= 0) {
              t = sfk_spi(ch[k].cst);
            } else if (nv12 && k != 1) {
              t = sfk_gather8(d, ch[k].base + (yy >> 1) * ch[k].pitch + (xx >> 1) * ch[k].step, s->size);
            } else {
              t = sfk_gather8(d, ch[k].base + yy * ch[k].pitch + xx * ch[k].step, s->size);
            }
            t = sfk_seli(bd, sfk_spi(border[k]), t);
            sum[k] += t * w;
          }
        }
      }
    for (unsigned k = 0; k < 4; k++) {
      sfk_vi r = (sfk_vi)(((sfk_vu)sum[k] + 128u) >> 8);
      for (unsigned j = 0; j < SFK_W; j++) out->v[k][p + j] = (uint16_t)r[j];
    }
  }
  return SF_OK;
}
