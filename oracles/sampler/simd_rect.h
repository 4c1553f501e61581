/* oracles/sampler/simd_rect.h — part of the SIMD kernel template: SAMPLE_UNORM over a grid of blocks (sf_backend.sample_unorm_rect), the fast path measured against libyuv.
 * Included by simd_kernel.h only, after the lane helpers, once per vector width (SFK_W). */
/* ---- SAMPLE_UNORM over a grid of blocks (sf_backend.sample_unorm_rect) ------------------------- */

#if defined(__AVX2__)
/* The rect fast path (AVX2; also used by the AVX-512 build) for RGBA8 and R8 surfaces without null
 * pages. Pixel (X, Y) of the rect is block (X/8, Y/4)'s pixel (X%8, Y%4), whose coordinates are
 * separable: column X depends only on (u + (float)(X/8)*bu) + (float)(X%8)*du, row Y only on v, bv,
 * dv. So the column taps a, b and weights (256 - fx, fx) are computed once per call (the same
 * sfk_axis / sfk_wrap2 steps as sfk_sample_unorm, hence as scalar.c), likewise the rows. Then, per
 * output row, exactly the model's integer sum, reassociated (integer, so exact):
 *   sum = sum_taps t*wx*wy = wx0*V(a) + wx1*V(b),  V(x) = t(r0, x)*wy0 + t(r1, x)*wy1 <= 65280,
 * vertical first over the source row segment the columns use (16-bit lanes: V = (t0 << 8) +
 * (t1 - t0)*fy mod 2^16, exact because 0 <= V < 2^16), stored biased by -32768 so that pmaddwd
 * (signed) forms wx0*V(a) + wx1*V(b) - 2^23 exactly; out = (that + 2^23 + 128) >> 8. A tap of weight
 * 0, which the scalar code skips, is redirected to the other tap of its axis and adds 0. Border taps:
 * a border column reads slot 0 of the V row, which holds border*256 (= border*wy0 + border*wy1); a
 * border row reads a synthetic row of border texels. Returns false when a buffer cannot be allocated
 * (the caller then uses the block loop). */
static bool sfk_unorm_rect_fast(const sf_unorm_rect_req *q, const sf_unorm_rect_out *o) {
  const sf_surface *s = q->surf;
  const sf_sampler *sp = q->samp;
  const bool rgba = s->desc.format == SF_FMT_RGBA8_UNORM;
  const bool linear = sp->mag_filter == SF_FILTER_LINEAR;
  const int32_t n[2] = {(int32_t)s->levels[0].w, (int32_t)s->levels[0].h};
  const size_t NX = 8u * (size_t)q->blocks_x, NY = 4u * (size_t)q->blocks_y;
  const size_t cpp = rgba ? 4 : 1; /* channels per texel in a V row (R8: R only) */
  const size_t vlen = ((size_t)n[0] + 1) * cpp + 32; /* slot 0 = border, slot x+1 = texel x, padding */
  /* one allocation: column slots a/b, weights, row taps, V row, border row */
  size_t bytes = NX * 4 * 2 + (rgba ? NX * 16 : NX * 4) + NY * 4 * 3 + vlen * 2 + (size_t)n[0] * cpp + NX / 8 + NX * 2 + 64;
  uint8_t *mem = malloc(bytes);
  if (!mem) return false;
  int32_t *ca = (int32_t *)(void *)mem, *cb = ca + NX, *cw = cb + NX; /* cw: RGBA 4 per pixel, R8 1 */
  int32_t *ra = cw + (rgba ? NX * 4 : NX), *rb = ra + NY, *rf = rb + NY;
  uint16_t *vrow = (uint16_t *)(void *)(rf + NY);
  uint8_t *brow = (uint8_t *)(vrow + vlen);
  uint8_t *irregular = brow + (size_t)n[0] * cpp; /* per group of 8 columns: some b is not a + 1 */
  memset(irregular, 0, NX / 8);
  uint16_t *scratch = (uint16_t *)(void *)(((uintptr_t)(irregular + NX / 8) + 15) & ~(uintptr_t)15); /* NULL planes' stores */
  memset(vrow, 0, vlen * sizeof *vrow); /* slots outside the used segment are read (and discarded) by R8 gathers */
  int32_t border[4];
  sfk_u8_border(s, sp, border);
#if defined(__AVX512BW__) && defined(__AVX512VL__)
  /* AVX-512 BW/VL: per group of 8 columns, the taps are picked from a 32-element window of the V
   * row by vpermt2w (RGBA8: one window per 4 pixels, output already planar after the pack; R8: one
   * window per 8 pixels, no gathers). Groups whose taps span more than the window use the AVX2 code. */
  typedef struct sfk_pgrp {
    int16_t idx[4][16];    /* RGBA8: RG, BA of pixels 0-3, RG, BA of pixels 4-7; R8: idx[0] */
    int32_t w[2][8];       /* RGBA8: weights of pixels 0-3 twice, then 4-7 twice */
    int32_t ws[2];         /* window start (V-row element) */
    int32_t ok;
  } sfk_pgrp;
  sfk_pgrp *pg = malloc(NX / 8 * sizeof *pg);
  int32_t *wpx = malloc(NX * sizeof *wpx);
  if (!pg || !wpx) {
    free(pg);
    free(wpx);
    free(mem);
    return false;
  }
#endif
  /* column and row tables: the per-block coordinate steps of sfk_sample_unorm */
  static const int32_t xs[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  int32_t lo = INT32_MAX, hi = -1;
  for (unsigned a = 0; a < 2; a++) {
    uint32_t nb = a ? q->blocks_y : q->blocks_x, per = a ? 4 : 8;
    float org = a ? q->v : q->u, step = a ? q->bv : q->bu, d = a ? q->dv : q->du;
    for (uint32_t i = 0; i < nb; i++) {
      float base = (float)i * step;
      base = org + base;
      for (unsigned g = 0; g < per; g += SFK_W) {
        sfk_vf k = __builtin_convertvector(sfk_ldi(xs + g), sfk_vf);
        sfk_vf p = k * d;
        p = p + base;
        sfk_vi X = sfk_axis(p, sfk_spi(n[a]), sfk_spi(linear ? -1 : 0), sfk_spi(0), sp->addr[a]);
        sfk_vi i0 = sfk_floor8(X);
        sfk_vi fr = linear ? (X & 255) : sfk_spi(0);
        sfk_vi t0, t1;
        sfk_wrap2(i0, sfk_spi(n[a]), sp->addr[a], &t0, &t1);
        t1 = sfk_seli(fr == 0, t0, t1); /* weight-0 tap: redirected (adds 0) */
        unsigned cnt = per - g < SFK_W ? per - g : SFK_W;
        for (unsigned j = 0; j < cnt; j++) {
          size_t at = (size_t)i * per + g + j;
          if (a) {
            ra[at] = t0[j];
            rb[at] = t1[j];
            rf[at] = fr[j];
          } else {
            ca[at] = (t0[j] + 1) * (int32_t)cpp; /* V-row element index of the slot */
            cb[at] = (t1[j] + 1) * (int32_t)cpp;
            /* one 16-byte load at slot a also holds slot a + 1: enough when b is that slot, or when
             * b's weight is 0 (slot a + 1 then is a texel or zeroed padding, times 0) */
            if (fr[j] != 0 && cb[at] != ca[at] + (int32_t)cpp) irregular[at / 8] = 1;
            int32_t wp = (256 - fr[j]) | (fr[j] << 16);
#if defined(__AVX512BW__) && defined(__AVX512VL__)
            wpx[at] = wp;
#endif
            if (rgba) {
              /* pixel order of the kernel below: register p of a group of 8 holds pixels p, p + 4 */
              size_t grp = at & ~(size_t)7, px = at & 7;
              size_t slot = grp * 4 + (px & 3) * 8 + (px >> 2) * 4;
              for (unsigned c = 0; c < 4; c++) cw[slot + c] = wp;
            } else {
              cw[at] = wp;
            }
            for (unsigned t = 0; t < 2; t++) {
              int32_t x = t ? t1[j] : t0[j];
              if (x >= 0) {
                lo = x < lo ? x : lo;
                hi = x > hi ? x : hi;
              }
            }
          }
        }
      }
    }
  }
#if defined(__AVX512BW__) && defined(__AVX512VL__)
  for (size_t g = 0; g < NX / 8; g++) {
    sfk_pgrp *G = &pg[g];
    memset(G, 0, sizeof *G);
    G->ok = 1;
    unsigned halves = rgba ? 2 : 1, per = rgba ? 4 : 8;
    int32_t span = rgba ? 7 : 31;
    for (unsigned h = 0; h < halves; h++) {
      size_t X0 = g * 8 + h * per;
      int32_t ws = INT32_MAX, we = INT32_MIN;
      for (unsigned p = 0; p < per; p++) {
        int32_t sa = ca[X0 + p] / (int32_t)cpp, sb = cb[X0 + p] / (int32_t)cpp;
        ws = sa < ws ? sa : ws;
        ws = sb < ws ? sb : ws;
        we = sa > we ? sa : we;
        we = sb > we ? sb : we;
      }
      if (we - ws > span) {
        G->ok = 0;
        break;
      }
      G->ws[h] = ws * (int32_t)cpp;
      for (unsigned m = 0; m < 8; m++) {
        unsigned p = rgba ? (m & 3) : m;
        int32_t sa = ca[X0 + p] / (int32_t)cpp - ws, sb = cb[X0 + p] / (int32_t)cpp - ws;
        if (rgba) {
          for (unsigned v = 0; v < 2; v++) { /* v = 0: R (m < 4), G; v = 1: B, A */
            int32_t c = (int32_t)(2 * v + (m >> 2));
            G->idx[2 * h + v][2 * m] = (int16_t)(sa * 4 + c);
            G->idx[2 * h + v][2 * m + 1] = (int16_t)(sb * 4 + c);
          }
          G->w[h][m] = wpx[X0 + p];
        } else {
          G->idx[0][2 * m] = (int16_t)sa;
          G->idx[0][2 * m + 1] = (int16_t)sb;
        }
      }
    }
  }
#endif
  /* slot 0: the border column, V = border * 256, biased; the synthetic border row */
  for (size_t c = 0; c < cpp; c++) vrow[c] = (uint16_t)(((uint32_t)border[c] << 8) ^ 0x8000u);
  for (size_t x = 0; x < (size_t)n[0] * cpp; x++) brow[x] = (uint8_t)border[x % cpp];
  memset(vrow + ((size_t)n[0] + 1) * cpp, 0, 32 * sizeof(uint16_t));
  const uint8_t *plane = s->data + s->levels[0].offset;
  const size_t pitch = s->levels[0].row_pitch;
  const size_t seg0 = hi >= 0 ? (size_t)lo * cpp : 0, seg1 = hi >= 0 ? ((size_t)hi + 1) * cpp : 0; /* bytes of a row */
  const __m256i bias = _mm256_set1_epi16((short)0x8000), K = _mm256_set1_epi32((1 << 23) + 128);
  uint16_t *const P[4] = {o->v[0], o->v[1], o->v[2], o->v[3]};
  for (size_t Y = 0; Y < NY; Y++) {
    /* vertical pass: V(x) for x in [lo, hi] */
    int32_t y0 = ra[Y], y1 = rb[Y], f = rf[Y];
    const uint8_t *p0 = y0 < 0 ? brow : plane + (size_t)y0 * pitch;
    const uint8_t *p1 = y1 < 0 ? brow : plane + (size_t)y1 * pitch;
    /* V = t0*(256 - f) + t1*f: both products and the sum taken mod 2^16, exact as V < 2^16 */
    const __m256i F = _mm256_set1_epi16((short)f), G = _mm256_set1_epi16((short)(256 - f));
    uint16_t *vd = vrow + cpp;
    /* the next output row's source rows, prefetched while this one is filtered (a hint only) */
    const uint8_t *n0 = p0, *n1 = p1;
    if (Y + 1 < NY) {
      n0 = ra[Y + 1] < 0 ? brow : plane + (size_t)ra[Y + 1] * pitch;
      n1 = rb[Y + 1] < 0 ? brow : plane + (size_t)rb[Y + 1] * pitch;
    }
    size_t x = seg0;
#if defined(__AVX512BW__)
    {
      const __m512i F5 = _mm512_set1_epi16((short)f), G5 = _mm512_set1_epi16((short)(256 - f)),
                    B5 = _mm512_set1_epi16((short)0x8000);
      for (; x + 64 <= seg1; x += 64) { /* one cache line per row and step: one prefetch each */
        _mm_prefetch((const char *)(n0 + x), _MM_HINT_T0);
        _mm_prefetch((const char *)(n1 + x), _MM_HINT_T0);
        for (unsigned hh = 0; hh < 64; hh += 32) {
          __m512i t0 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p0 + x + hh)));
          __m512i t1 = _mm512_cvtepu8_epi16(_mm256_loadu_si256((const __m256i *)(const void *)(p1 + x + hh)));
          __m512i v = _mm512_add_epi16(_mm512_mullo_epi16(t0, G5), _mm512_mullo_epi16(t1, F5));
          _mm512_storeu_si512((void *)(vd + x + hh), _mm512_xor_si512(v, B5));
        }
      }
    }
#endif
    for (; x + 32 <= seg1; x += 32) {
      _mm_prefetch((const char *)(n0 + x), _MM_HINT_T0);
      _mm_prefetch((const char *)(n1 + x), _MM_HINT_T0);
      __m256i a0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p0 + x)));
      __m256i a1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p1 + x)));
      __m256i b0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p0 + x + 16)));
      __m256i b1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p1 + x + 16)));
      __m256i va = _mm256_add_epi16(_mm256_mullo_epi16(a0, G), _mm256_mullo_epi16(a1, F));
      __m256i vb = _mm256_add_epi16(_mm256_mullo_epi16(b0, G), _mm256_mullo_epi16(b1, F));
      _mm256_storeu_si256((__m256i *)(void *)(vd + x), _mm256_xor_si256(va, bias));
      _mm256_storeu_si256((__m256i *)(void *)(vd + x + 16), _mm256_xor_si256(vb, bias));
    }
    for (; x + 16 <= seg1; x += 16) {
      __m256i t0 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p0 + x)));
      __m256i t1 = _mm256_cvtepu8_epi16(_mm_loadu_si128((const __m128i *)(const void *)(p1 + x)));
#if SF_CANARY == 14 /* canary: the 16-wide vertical pass of the AVX2 rect weighs the lower row by the upper row's weight */
      __m256i v = _mm256_add_epi16(_mm256_mullo_epi16(t0, G), _mm256_mullo_epi16(t1, G));
#else
      __m256i v = _mm256_add_epi16(_mm256_mullo_epi16(t0, G), _mm256_mullo_epi16(t1, F));
#endif
      _mm256_storeu_si256((__m256i *)(void *)(vd + x), _mm256_xor_si256(v, bias));
    }
    for (; x < seg1; x++) {
      uint32_t v = ((uint32_t)p0[x] << 8) + (uint32_t)((int32_t)p1[x] - (int32_t)p0[x]) * (uint32_t)f;
      vd[x] = (uint16_t)((v & 0xffffu) ^ 0x8000u);
    }
    /* horizontal pass: 8 output pixels per step */
    const size_t row = Y * o->pitch;
    uint16_t *const d0 = P[0] ? P[0] + row : scratch, *const d1 = P[1] ? P[1] + row : scratch;
    uint16_t *const d2 = P[2] ? P[2] + row : scratch, *const d3 = P[3] ? P[3] + row : scratch;
    if (rgba) {
      const __m256i pairs = _mm256_setr_epi8(0, 1, 8, 9, 2, 3, 10, 11, 4, 5, 12, 13, 6, 7, 14, 15, 0, 1, 8, 9, 2, 3, 10, 11, 4,
                                             5, 12, 13, 6, 7, 14, 15);
      for (size_t X = 0; X < NX; X += 8) {
        __m256i r[4];
#if defined(__AVX512BW__) && defined(__AVX512VL__)
        const sfk_pgrp *pgx = &pg[X / 8];
        if (pgx->ok) {
          __m256i hv[2][2];
          for (unsigned h = 0; h < 2; h++) {
            const uint16_t *wv = vrow + pgx->ws[h];
            __m256i A = _mm256_loadu_si256((const __m256i *)(const void *)wv);
            __m256i B = _mm256_loadu_si256((const __m256i *)(const void *)(wv + 16));
            __m256i W = _mm256_loadu_si256((const __m256i *)(const void *)pgx->w[h]);
            for (unsigned v = 0; v < 2; v++) {
              __m256i I = _mm256_loadu_si256((const __m256i *)(const void *)pgx->idx[2 * h + v]);
              __m256i m = _mm256_madd_epi16(_mm256_permutex2var_epi16(A, I, B), W);
              hv[v][h] = _mm256_srli_epi32(_mm256_add_epi32(m, K), 8);
            }
          }
          /* dwords: R (or B) of pixels 0-3 | G (or A) of 0-3; the pack puts pixels 4-7 after them */
          __m256i rg = _mm256_packus_epi32(hv[0][0], hv[0][1]), ba = _mm256_packus_epi32(hv[1][0], hv[1][1]);
          _mm_storeu_si128((__m128i *)(void *)(d0 + X), _mm256_castsi256_si128(rg));
          _mm_storeu_si128((__m128i *)(void *)(d1 + X), _mm256_extracti128_si256(rg, 1));
          _mm_storeu_si128((__m128i *)(void *)(d2 + X), _mm256_castsi256_si128(ba));
          _mm_storeu_si128((__m128i *)(void *)(d3 + X), _mm256_extracti128_si256(ba, 1));
          continue;
        }
#endif
        if (!irregular[X / 8]) {
          /* both taps of a pixel from one 16-byte load, paired per channel by one pshufb */
          for (unsigned p = 0; p < 4; p++) {
            __m256i t = _mm256_inserti128_si256(
                _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(vrow + ca[X + p]))),
                _mm_loadu_si128((const __m128i *)(const void *)(vrow + ca[X + p + 4])), 1);
            __m256i m = _mm256_madd_epi16(_mm256_shuffle_epi8(t, pairs),
                                          _mm256_loadu_si256((const __m256i *)(const void *)(cw + X * 4 + p * 8)));
            r[p] = _mm256_srli_epi32(_mm256_add_epi32(m, K), 8);
          }
        } else {
          /* edges (clamp, wrap, mirror, border on the right): each tap loaded on its own */
          for (unsigned p = 0; p < 4; p++) {
            __m128i l = _mm_unpacklo_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(vrow + ca[X + p])),
                                           _mm_loadl_epi64((const __m128i *)(const void *)(vrow + cb[X + p])));
            __m128i h = _mm_unpacklo_epi16(_mm_loadl_epi64((const __m128i *)(const void *)(vrow + ca[X + p + 4])),
                                           _mm_loadl_epi64((const __m128i *)(const void *)(vrow + cb[X + p + 4])));
            __m256i m = _mm256_madd_epi16(_mm256_inserti128_si256(_mm256_castsi128_si256(l), h, 1),
                                          _mm256_loadu_si256((const __m256i *)(const void *)(cw + X * 4 + p * 8)));
            r[p] = _mm256_srli_epi32(_mm256_add_epi32(m, K), 8);
          }
        }
        /* r[p] = pixel p (low lane) and p + 4 (high lane), RGBA 32-bit: transpose to planes */
        __m256i a = _mm256_packus_epi32(r[0], r[1]), b = _mm256_packus_epi32(r[2], r[3]);
        __m256i c = _mm256_unpacklo_epi16(a, b), d = _mm256_unpackhi_epi16(a, b);
        __m256i rg = _mm256_permute4x64_epi64(_mm256_unpacklo_epi16(c, d), 0xD8);
        __m256i ba = _mm256_permute4x64_epi64(_mm256_unpackhi_epi16(c, d), 0xD8);
        _mm_storeu_si128((__m128i *)(void *)(d0 + X), _mm256_castsi256_si128(rg));
        _mm_storeu_si128((__m128i *)(void *)(d1 + X), _mm256_extracti128_si256(rg, 1));
        _mm_storeu_si128((__m128i *)(void *)(d2 + X), _mm256_castsi256_si128(ba));
        _mm_storeu_si128((__m128i *)(void *)(d3 + X), _mm256_extracti128_si256(ba, 1));
      }
    } else {
      const __m128i zero = _mm_setzero_si128(), alpha = _mm_set1_epi16((short)65280);
      for (size_t X = 0; X < NX; X += 8) {
        if (P[0]) {
          __m256i A = _mm256_loadu_si256((const __m256i *)(const void *)(ca + X));
          const int32_t *Bp = cb + X;
          __m256i pr;
#if defined(__AVX512BW__) && defined(__AVX512VL__)
          const sfk_pgrp *pgx = &pg[X / 8];
          if (pgx->ok) {
            const uint16_t *wv = vrow + pgx->ws[0];
            pr = _mm256_permutex2var_epi16(_mm256_loadu_si256((const __m256i *)(const void *)wv),
                                           _mm256_loadu_si256((const __m256i *)(const void *)pgx->idx[0]),
                                           _mm256_loadu_si256((const __m256i *)(const void *)(wv + 16)));
          } else
#endif
          {
          pr = _mm256_i32gather_epi32((const int *)(const void *)vrow, A, 2); /* slots a, a + 1 */
          if (irregular[X / 8]) {
            __m256i B = _mm256_loadu_si256((const __m256i *)(const void *)Bp);
            __m256i gb = _mm256_i32gather_epi32((const int *)(const void *)vrow, B, 2);
            pr = _mm256_blend_epi16(pr, _mm256_slli_epi32(gb, 16), 0xAA);
          }
          }
          __m256i m = _mm256_madd_epi16(pr, _mm256_loadu_si256((const __m256i *)(const void *)(cw + X)));
          __m256i res = _mm256_srli_epi32(_mm256_add_epi32(m, K), 8);
          __m256i pk = _mm256_permute4x64_epi64(_mm256_packus_epi32(res, res), 0x08);
          _mm_storeu_si128((__m128i *)(void *)(d0 + X), _mm256_castsi256_si128(pk));
        }
        if (P[1]) _mm_storeu_si128((__m128i *)(void *)(d1 + X), zero);
        if (P[2]) _mm_storeu_si128((__m128i *)(void *)(d2 + X), zero);
        if (P[3]) _mm_storeu_si128((__m128i *)(void *)(d3 + X), alpha);
      }
    }
  }
#if defined(__AVX512BW__) && defined(__AVX512VL__)
  free(pg);
  free(wpx);
#endif
  free(mem);
  return true;
}
#endif

/* sf_backend.sample_unorm_rect: the fast path when the request qualifies (RGBA8/R8, a valid
 * sampler, no null page anywhere in the surface), else the block loop over sfk_sample_unorm, which
 * forwards what it does not vectorize to the scalar code. Either way, bit-identical to the scalar
 * backend's block loop. */
static sf_code sfk_sample_unorm_rect(const sf_unorm_rect_req *q, const sf_unorm_rect_out *o, sf_status *st) {
#if defined(__AVX2__)
  if (q && o && q->blocks_x && q->blocks_y && q->blocks_x <= SF_UNORM_RECT_MAX_BLOCKS &&
      q->blocks_y <= SF_UNORM_RECT_MAX_BLOCKS && o->pitch >= 8u * (size_t)q->blocks_x && o->pitch <= ((size_t)1 << 40) &&
      sfk_u8_ok(q->surf, q->samp) && sfk_sampler_ok(q->samp) &&
      (q->surf->desc.format == SF_FMT_RGBA8_UNORM || q->surf->desc.format == SF_FMT_R8_UNORM) &&
      q->surf->levels[0].w >= 1 && !sfk_has_null(q->surf) && sfk_unorm_rect_fast(q, o))
    return SF_OK;
#endif
  return sf_unorm_rect_by_blocks(sfk_sample_unorm, q, o, st);
}
