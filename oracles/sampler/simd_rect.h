/* oracles/sampler/simd_rect.h — part of the SIMD kernel template: SAMPLE_UNORM over a grid of blocks (sf_backend.sample_unorm_rect), the fast path measured against libyuv.
 * Included by simd_kernel.h only, after the lane helpers, once per vector width (SFK_W). */
/* ---- SAMPLE_UNORM over a grid of blocks (sf_backend.sample_unorm_rect) ------------------------- */

#if defined(__AVX2__)
/* The rect paths' hardware gathers, made visible to AddressSanitizer as sfk_asan_lanes does for the
 * lane helpers: 4 bytes at base + idx[j] * scale for the 8 lanes, or only the lanes with idx >= 0
 * (the masked gathers, whose border taps are -1). Nothing outside ASan builds. */
static inline void sfk_asan_idx8(const void *base, const int32_t *idx, int32_t scale, bool masked) {
#ifdef SFK_ASAN
  for (unsigned j = 0; j < 8; j++) {
    if (masked && idx[j] < 0) continue;
    uint32_t x = 0;
    memcpy(&x, (const uint8_t *)base + (ptrdiff_t)idx[j] * scale, sizeof x);
    __asm__ volatile("" : : "r"(x));
  }
#else
  (void)base, (void)idx, (void)scale, (void)masked;
#endif
}

/* The rect fast paths (AVX2; also used by the AVX-512 build) for RGBA8 and R8 surfaces without null
 * pages (docs/simd.md "The SAMPLE_UNORM rect"). Both rest on one fact: pixel (X, Y) of the rect is
 * block (X/8, Y/4)'s pixel (X%8, Y%4), whose coordinates are separable: column X depends only on
 * (u + (float)(X/8)*bu) + (float)(X%8)*du, row Y only on v, bv, dv. So sfk_rect_axes computes, once
 * per call, every column's two taps and 8-bit fraction, and every row's, with sfk_sample_unorm's
 * own step, sfk_unorm_axis (hence as scalar.c): c0[X], c1[X] (after the address mode; -1
 * is border) and cf[X] (weights 256 - cf, cf), and r0, r1, rf per row. A tap of weight 0, which the
 * scalar code skips, is redirected to the other tap of its axis (c1 = c0 where cf = 0): it adds 0.
 * After that the kernels do no float work; they evaluate the model's integer sum
 *   sum = sum over taps of t*wx*wy,  out = (sum + 128) >> 8,
 * reassociated into two separable passes (integer arithmetic, so exact whatever the order). */
static void sfk_rect_axes(const sf_unorm_rect_req *q, int32_t *c0, int32_t *c1, int32_t *cf, int32_t *r0, int32_t *r1,
                          int32_t *rf) {
  const sf_surface *s = q->surf;
  const sf_sampler *sp = q->samp;
  const bool linear = sp->mag_filter == SF_FILTER_LINEAR;
  const int32_t n[2] = {(int32_t)s->levels[0].w, (int32_t)s->levels[0].h};
  /* a block's 8 columns (4 rows): a 16-lane load reads the 8 zeros past them, whose lanes are not stored */
  static const int32_t xs[16] = {0, 1, 2, 3, 4, 5, 6, 7};
  _Static_assert(SFK_W >= 8, "the rect's axes take a block's 8 columns in one vector");
  for (unsigned a = 0; a < 2; a++) {
    uint32_t nb = a ? q->blocks_y : q->blocks_x, per = a ? 4 : 8;
    float org = a ? q->v : q->u, step = a ? q->bv : q->bu, d = a ? q->dv : q->du;
    int32_t *o0 = a ? r0 : c0, *o1 = a ? r1 : c1, *of = a ? rf : cf;
    for (uint32_t i = 0; i < nb; i++) {
      float base = (float)i * step; /* the block's origin, as the per-block request rounds it */
      base = org + base;
      /* one vector holds a block's 8 columns or 4 rows: this path is built for 8 and 16 lanes only */
      sfk_vi t0, t1, fr;
      sfk_unorm_axis(__builtin_convertvector(sfk_ldi(xs), sfk_vf), d, base, n[a], linear, sp->addr[a], &t0, &t1, &fr);
      t1 = sfk_seli(fr == 0, t0, t1); /* weight-0 tap: redirected (adds 0) */
      for (unsigned j = 0; j < per; j++) {
        size_t at = (size_t)i * per + j;
        o0[at] = t0[j];
        o1[at] = t1[j];
        of[at] = fr[j];
      }
    }
  }
}

/* ---- RGBA8: horizontal pass first, once per source row ------------------------------------------
 *   sum = wy0*H(r0, X) + wy1*H(r1, X),   H(r, X) = t(r, a)*wx0 + t(r, b)*wx1  (<= 65280)
 * 1. Horizontal pass, once per source row the rect uses (a row serves every output row that reads it:
 *    about 1.5 of them in a 1.5x upscale, 1.33 in a 1.5x downscale): H of all output columns, in
 *    16-bit lanes (two pmullw and an add; the products wrap mod 2^16 but 0 <= H < 2^16, so H is
 *    exact), planar per channel, stored minus 32768 (xor 0x8000). Two such rows are kept.
 * 2. Vertical pass per output row: pmaddwd of the pairs (H(r0) - 32768, H(r1) - 32768) with
 *    (wy0, wy1) gives sum - 2^23 exactly (the weights add up to 256), out = (that + 2^23 + 128) >> 8,
 *    written straight into the output planes (they have the H rows' planar layout).
 * Taps of the horizontal pass, per group of 8 output columns:
 *  - window groups: each 128-bit lane serves 2 output pixels whose 4 taps lie within 4 consecutive
 *    texels (any upscale; downscales up to about 1.9x). The lane loads those 16 bytes and one pshufb
 *    per tap picks (and zero-extends) the 4 channels of both pixels; a 32-bit unpack and a vpermq
 *    make the result planar. The window start is pulled back to w - 4 at the right edge, so no load
 *    leaves the row.
 *  - other groups (border taps, wrap/mirror seams, larger downscales, surfaces under 4 texels
 *    wide): one vpgatherdd per tap (border lanes masked off and given the border texel).
 * A border row (r = -1) is filtered from a synthetic row of border texels: H = border*256. */
typedef struct sfk_hwin {
  uint8_t ctl[2][32]; /* pshufb controls: byte pairs (tap a, tap b) of vector 0 (quad: R|G; B|A is + 2), vector 1 (pair) */
  uint8_t wt[2][32];  /* pmaddubsw weights: byte pairs (wx0, wx1) of vector 0 (quad: both vectors), vector 1 (pair) */
  int32_t ws[4];      /* byte offset in the row of each lane's 16-byte window: vector 0 lanes 0, 1, vector 1 lanes 0, 1 */
  int32_t kind;       /* SFK_HW_QUAD, SFK_HW_PAIR or SFK_HW_GATHER */
} sfk_hwin;
enum { SFK_HW_GATHER, SFK_HW_PAIR, SFK_HW_QUAD };

/* The window of one 128-bit lane serving the `cnt` output pixels c0[0..cnt-1] (at most 4): false
 * when a tap is border or the taps span more than 4 texels. The window start is pulled back to
 * w - 4 at the right edge, so no load leaves the row. (c1 = c0 where cf = 0.) */
static bool sfk_hwin_lane(const int32_t *c0, const int32_t *c1, unsigned cnt, int32_t w, int32_t *ws) {
  int32_t lo = INT32_MAX, hi = INT32_MIN;
  for (unsigned j = 0; j < cnt; j++) {
    int32_t a = c0[j], b = c1[j];
    if (a < 0 || b < 0) return false;
    lo = a < lo ? a : lo;
    lo = b < lo ? b : lo;
    hi = a > hi ? a : hi;
    hi = b > hi ? b : hi;
  }
  if (w < 4 || hi - lo > 3) return false;
  *ws = lo < w - 4 ? lo : w - 4; /* hi <= w - 1, so hi - ws <= 3 still */
  return true;
}

/* One pixel's pshufb and pmaddubsw byte pairs for channel c in a window starting at texel ws.
 * Weights (256 - fx, fx); where fx = 0 both taps are a (c1 = c0) and the weights are (128, 128):
 * 256 does not fit a byte, and 128*t' + 128*t' = 256*t' all the same. */
static void sfk_hwin_pix(uint8_t *ctl, uint8_t *wt, int32_t a, int32_t b, int32_t fx, int32_t ws, unsigned c) {
  ctl[0] = (uint8_t)((a - ws) * 4 + (int32_t)c);
  ctl[1] = (uint8_t)((b - ws) * 4 + (int32_t)c);
  wt[0] = (uint8_t)(fx ? 256 - fx : 128);
  wt[1] = (uint8_t)(fx ? fx : 128);
}

/* The tables of one group of 8 output columns. A quad group (upscales of about 1.5x or more): lane l
 * holds pixels 4l .. 4l + 3; one pshufb per channel pair gives the byte pairs of R R R R G G G G (or
 * B B B B A A A A) of those pixels, and after the pmaddubsw a vpermq makes R 0-7 | G 0-7. A pair
 * group (other upscales, downscales up to about 1.9x): vector v, lane l holds pixels 4l + 2v and
 * 4l + 2v + 1 as R R G G B B A A; a 32-bit unpack of the two vectors and a vpermq make them
 * planar. Otherwise a gather group. */
static void sfk_hwin_build(sfk_hwin *g, const int32_t *c0, const int32_t *c1, const int32_t *cf, int32_t w) {
  memset(g, 0, sizeof *g);
  int32_t ws[4];
  if (sfk_hwin_lane(c0, c1, 4, w, &ws[0]) && sfk_hwin_lane(c0 + 4, c1 + 4, 4, w, &ws[1])) {
    for (unsigned l = 0; l < 2; l++) {
      g->ws[l] = ws[l] * 4;
      for (unsigned k = 0; k < 8; k++) { /* pair k: channel k / 4 (R or G), pixel 4l + k % 4 */
        unsigned j = 4 * l + k % 4;
        sfk_hwin_pix(&g->ctl[0][16 * l + 2 * k], &g->wt[0][16 * l + 2 * k], c0[j], c1[j], cf[j], ws[l], k / 4);
      }
    }
    g->kind = SFK_HW_QUAD;
    return;
  }
  for (unsigned v = 0; v < 2; v++)
    for (unsigned l = 0; l < 2; l++) {
      unsigned j0 = 4 * l + 2 * v;
      if (!sfk_hwin_lane(c0 + j0, c1 + j0, 2, w, &ws[2 * v + l])) return; /* a gather group */
    }
  for (unsigned v = 0; v < 2; v++)
    for (unsigned l = 0; l < 2; l++) {
      int32_t s = ws[2 * v + l];
      g->ws[2 * v + l] = s * 4;
      for (unsigned k = 0; k < 8; k++) { /* pair k: channel k / 2, pixel 4l + 2v + k % 2 */
        unsigned j = 4 * l + 2 * v + k % 2;
        sfk_hwin_pix(&g->ctl[v][16 * l + 2 * k], &g->wt[v][16 * l + 2 * k], c0[j], c1[j], cf[j], s, k / 2);
      }
    }
  g->kind = SFK_HW_PAIR;
}

/* The horizontal pass of one source row `row` (w texels; a real row or the border row): H - 32768
 * of every output column into the planes h[0..3]. bpix: the border texel as RGBA bytes. (Filtering
 * two rows per call, sharing the tables' loads, measured slower.)
 * Window groups: the window bytes are biased to t - 128 (xor 0x80, signed bytes), and pmaddubsw of
 * the byte pairs (wx0, wx1) (unsigned) and (ta - 128, tb - 128) (signed) gives
 * wx0*ta + wx1*tb - 128*256 = H - 32768 exactly: it lies in [-32768, 32512], so the instruction's
 * saturation never applies. */
static inline void sfk_hpass_rgba(const uint8_t *row, const sfk_hwin *gt, const int32_t *c0, const int32_t *c1, const int32_t *cf,
                                  size_t NX, int32_t bpix, uint16_t *const h[4]) {
  const __m256i bias = _mm256_set1_epi16((short)0x8000), w256 = _mm256_set1_epi16(256);
  const __m256i b80 = _mm256_set1_epi8((char)0x80), two = _mm256_set1_epi8(2);
  for (size_t X = 0; X < NX; X += 8) {
    const sfk_hwin *g = &gt[X / 8];
    __m256i rg, ba;
    if (g->kind == SFK_HW_QUAD) {
      const __m256i wt = _mm256_loadu_si256((const __m256i *)(const void *)g->wt[0]);
      const __m256i c = _mm256_loadu_si256((const __m256i *)(const void *)g->ctl[0]), c2 = _mm256_add_epi8(c, two);
      const int32_t s0 = g->ws[0], s1 = g->ws[1];
      __m256i win = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(row + s0))),
                                            _mm_loadu_si128((const __m128i *)(const void *)(row + s1)), 1);
      win = _mm256_xor_si256(win, b80);
      /* R 0-3 G 0-3 | R 4-7 G 4-7 (and B, A) */
      rg = _mm256_permute4x64_epi64(_mm256_maddubs_epi16(wt, _mm256_shuffle_epi8(win, c)), 0xD8);
      ba = _mm256_permute4x64_epi64(_mm256_maddubs_epi16(wt, _mm256_shuffle_epi8(win, c2)), 0xD8);
    } else if (g->kind == SFK_HW_PAIR) {
      const __m256i wt0 = _mm256_loadu_si256((const __m256i *)(const void *)g->wt[0]);
      const __m256i wt1 = _mm256_loadu_si256((const __m256i *)(const void *)g->wt[1]);
      const __m256i ct0 = _mm256_loadu_si256((const __m256i *)(const void *)g->ctl[0]);
      const __m256i ct1 = _mm256_loadu_si256((const __m256i *)(const void *)g->ctl[1]);
      const int32_t s0 = g->ws[0], s1 = g->ws[1], s2 = g->ws[2], s3 = g->ws[3];
      __m256i w0 = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(row + s0))),
                                           _mm_loadu_si128((const __m128i *)(const void *)(row + s1)), 1);
      __m256i w1 = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)(row + s2))),
                                           _mm_loadu_si128((const __m128i *)(const void *)(row + s3)), 1);
      __m256i h0 = _mm256_maddubs_epi16(wt0, _mm256_shuffle_epi8(_mm256_xor_si256(w0, b80), ct0));
      __m256i h1 = _mm256_maddubs_epi16(wt1, _mm256_shuffle_epi8(_mm256_xor_si256(w1, b80), ct1));
      /* dwords (channel pairs of 2 pixels): R01 G01 B01 A01 | R45 ... and R23 ... | R67 ... */
      rg = _mm256_permute4x64_epi64(_mm256_unpacklo_epi32(h0, h1), 0xD8);
      ba = _mm256_permute4x64_epi64(_mm256_unpackhi_epi32(h0, h1), 0xD8);
    } else {
      /* one texel per pixel and tap (border lanes: masked off, given the border texel) */
      const __m256i A = _mm256_loadu_si256((const __m256i *)(const void *)(c0 + X));
      const __m256i B = _mm256_loadu_si256((const __m256i *)(const void *)(c1 + X));
      const __m256i F = _mm256_loadu_si256((const __m256i *)(const void *)(cf + X));
      const __m256i bp = _mm256_set1_epi32(bpix), none = _mm256_set1_epi32(-1);
      const __m256i ma = _mm256_cmpgt_epi32(A, none), mb = _mm256_cmpgt_epi32(B, none);
      /* per lane (pixels 0-3 | 4-7): words R R R R G G G G, and B B B B A A A A, zero-extended (ZB: a
       * control byte with bit 7 set, for which pshufb writes 0) */
      enum { ZB = -128 };
      const __m256i lo = _mm256_setr_epi8(0, ZB, 4, ZB, 8, ZB, 12, ZB, 1, ZB, 5, ZB, 9, ZB, 13, ZB, 0, ZB, 4, ZB, 8, ZB, 12, ZB, 1,
                                          ZB, 5, ZB, 9, ZB, 13, ZB);
      const __m256i hi = _mm256_setr_epi8(2, ZB, 6, ZB, 10, ZB, 14, ZB, 3, ZB, 7, ZB, 11, ZB, 15, ZB, 2, ZB, 6, ZB, 10, ZB, 14,
                                          ZB, 3, ZB, 7, ZB, 11, ZB, 15, ZB);
      const __m256i w1 = _mm256_packus_epi32(F, F), w0 = _mm256_sub_epi16(w256, w1); /* fx of pixels 0-3 0-3 | 4-7 4-7 */
      sfk_asan_idx8(row, c0 + X, 4, true);
      sfk_asan_idx8(row, c1 + X, 4, true);
      __m256i ta = _mm256_mask_i32gather_epi32(bp, (const int *)(const void *)row, A, ma, 4);
      __m256i tb = _mm256_mask_i32gather_epi32(bp, (const int *)(const void *)row, B, mb, 4);
      __m256i hrg = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_shuffle_epi8(ta, lo), w0), _mm256_mullo_epi16(_mm256_shuffle_epi8(tb, lo), w1));
      __m256i hba = _mm256_add_epi16(_mm256_mullo_epi16(_mm256_shuffle_epi8(ta, hi), w0), _mm256_mullo_epi16(_mm256_shuffle_epi8(tb, hi), w1));
      rg = _mm256_permute4x64_epi64(_mm256_xor_si256(hrg, bias), 0xD8);
      ba = _mm256_permute4x64_epi64(_mm256_xor_si256(hba, bias), 0xD8);
    }
    _mm_storeu_si128((__m128i *)(void *)(h[0] + X), _mm256_castsi256_si128(rg));
    _mm_storeu_si128((__m128i *)(void *)(h[1] + X), _mm256_extracti128_si256(rg, 1));
    _mm_storeu_si128((__m128i *)(void *)(h[2] + X), _mm256_castsi256_si128(ba));
    _mm_storeu_si128((__m128i *)(void *)(h[3] + X), _mm256_extracti128_si256(ba, 1));
  }
}

/* The vertical pass of one output row and plane: d[X] = (wy0*H0 + wy1*H1 + 128) >> 8, from the
 * biased rows a = H0 - 32768, b = H1 - 32768 (pmaddwd gives sum - 2^23). The unpacks and the pack
 * work within 128-bit lanes, so the output keeps the rows' order. (Non-temporal stores to the
 * output planes measured slower here, also for 16 MB outputs.) */
static void sfk_vpass(const uint16_t *a, const uint16_t *b, uint16_t *d, size_t NX, int32_t f) {
#if SF_CANARY == 14 /* canary: the vertical pass of the AVX2 rect weighs the lower row by the upper row's weight */
  const int32_t wp = (256 - f) | ((256 - f) << 16);
#else
  const int32_t wp = (256 - f) | (f << 16);
#endif
  size_t X = 0;
#if defined(__AVX512BW__)
  {
    const __m512i W = _mm512_set1_epi32(wp), K = _mm512_set1_epi32((1 << 23) + 128);
    for (; X + 32 <= NX; X += 32) {
      __m512i h0 = _mm512_loadu_si512((const void *)(a + X)), h1 = _mm512_loadu_si512((const void *)(b + X));
      __m512i l = _mm512_srli_epi32(_mm512_add_epi32(_mm512_madd_epi16(_mm512_unpacklo_epi16(h0, h1), W), K), 8);
      __m512i h = _mm512_srli_epi32(_mm512_add_epi32(_mm512_madd_epi16(_mm512_unpackhi_epi16(h0, h1), W), K), 8);
      _mm512_storeu_si512((void *)(d + X), _mm512_packus_epi32(l, h));
    }
  }
#endif
  const __m256i W = _mm256_set1_epi32(wp), K = _mm256_set1_epi32((1 << 23) + 128);
  for (; X + 16 <= NX; X += 16) {
    __m256i h0 = _mm256_loadu_si256((const __m256i *)(const void *)(a + X));
    __m256i h1 = _mm256_loadu_si256((const __m256i *)(const void *)(b + X));
    __m256i l = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpacklo_epi16(h0, h1), W), K), 8);
    __m256i h = _mm256_srli_epi32(_mm256_add_epi32(_mm256_madd_epi16(_mm256_unpackhi_epi16(h0, h1), W), K), 8);
    _mm256_storeu_si256((__m256i *)(void *)(d + X), _mm256_packus_epi32(l, h));
  }
  if (X < NX) { /* NX is a multiple of 8: one group of 8 at most */
    const __m128i W4 = _mm256_castsi256_si128(W), K4 = _mm256_castsi256_si128(K);
    __m128i h0 = _mm_loadu_si128((const __m128i *)(const void *)(a + X)), h1 = _mm_loadu_si128((const __m128i *)(const void *)(b + X));
    __m128i l = _mm_srli_epi32(_mm_add_epi32(_mm_madd_epi16(_mm_unpacklo_epi16(h0, h1), W4), K4), 8);
    __m128i h = _mm_srli_epi32(_mm_add_epi32(_mm_madd_epi16(_mm_unpackhi_epi16(h0, h1), W4), K4), 8);
    _mm_storeu_si128((__m128i *)(void *)(d + X), _mm_packus_epi32(l, h));
  }
}

/* RGBA8 rect (above). Returns false when a buffer cannot be allocated (the caller then uses the
 * block loop). */
static bool sfk_unorm_rect_rgba(const sf_unorm_rect_req *q, const sf_unorm_rect_out *o) {
  const sf_surface *s = q->surf;
  const int32_t w = (int32_t)s->levels[0].w;
  const size_t NX = 8u * (size_t)q->blocks_x, NY = 4u * (size_t)q->blocks_y;
  /* one allocation: the group tables, 2 x 4 H planes, column and row taps, the border row */
  const size_t hplane = (NX + 31) & ~(size_t)31;
  size_t bytes = NX / 8 * sizeof(sfk_hwin) + 8 * hplane * sizeof(uint16_t) + NX * 4 * 3 + NY * 4 * 3 + (size_t)w * 4 + 64;
  uint8_t *mem = malloc(bytes);
  if (!mem) return false;
  sfk_hwin *gt = (sfk_hwin *)(void *)(((uintptr_t)mem + 63) & ~(uintptr_t)63);
  uint16_t *hbuf = (uint16_t *)(void *)(gt + NX / 8);
  int32_t *c0 = (int32_t *)(void *)(hbuf + 8 * hplane), *c1 = c0 + NX, *cf = c1 + NX;
  int32_t *r0 = cf + NX, *r1 = r0 + NY, *rf = r1 + NY;
  uint8_t *brow = (uint8_t *)(rf + NY);
  sfk_rect_axes(q, c0, c1, cf, r0, r1, rf);
  for (size_t g = 0; g < NX / 8; g++) {
    sfk_hwin_build(&gt[g], c0 + 8 * g, c1 + 8 * g, cf + 8 * g, w);
    sfk_rect_groups[gt[g].kind]++; /* SFK_HW_GATHER, _PAIR, _QUAD: sf_backend_count's order */
  }
  int32_t border[4];
  sfk_u8_border(s, q->samp, border);
  const int32_t bpix = (int32_t)((uint32_t)border[0] | (uint32_t)border[1] << 8 | (uint32_t)border[2] << 16 | (uint32_t)border[3] << 24);
  for (size_t x = 0; x < (size_t)w * 4; x++) brow[x] = (uint8_t)border[x % 4];
  uint16_t *H[2][4];
  for (unsigned k = 0; k < 8; k++) H[k / 4][k % 4] = hbuf + k * hplane;
  const uint8_t *plane = s->data + s->levels[0].offset;
  const size_t pitch = s->levels[0].row_pitch;
  /* Two H slots. An output row's two source rows are filtered into them unless already there; then
   * its vertical pass. (Alternating the two passes by chunks of 64 to 1024 columns measured slower:
   * the vertical pass then reloads H words that were just stored, as 16-byte stores.) */
  int32_t key[2] = {INT32_MIN, INT32_MIN}; /* the source row each slot holds (-1: the border row) */
  for (size_t Y = 0; Y < NY; Y++) {
    const int32_t k[2] = {r0[Y], r1[Y]};
    unsigned sl[2], nnew = 0, zs[2] = {0, 1};
    const uint8_t *rows[2] = {brow, brow};
    for (unsigned t = 0; t < 2; t++) {
      if (key[0] == k[t]) {
        sl[t] = 0;
      } else if (key[1] == k[t]) {
        sl[t] = 1;
      } else {
        /* a free slot: not the one holding the other row of this output row */
        unsigned z = t ? 1 - sl[0] : key[0] == k[1] ? 1 : 0;
        rows[nnew] = k[t] < 0 ? brow : plane + (size_t)k[t] * pitch;
        zs[nnew++] = z;
        key[z] = k[t];
        sl[t] = z;
      }
    }
    for (unsigned j = 0; j < nnew; j++) sfk_hpass_rgba(rows[j], gt, c0, c1, cf, NX, bpix, H[zs[j]]);
    sfk_rect_hrows += nnew; /* SF_COUNT_RECT_HROWS */
    for (unsigned c = 0; c < 4; c++)
      if (o->v[c]) sfk_vpass(H[sl[0]][c], H[sl[1]][c], o->v[c] + Y * o->pitch, NX, rf[Y]);
  }
  free(mem);
  return true;
}

/* ---- R8: vertical pass first, once per output row ------------------------------------------------
 *   sum = wx0*V(a) + wx1*V(b),   V(x) = t(r0, x)*wy0 + t(r1, x)*wy1  (<= 65280)
 * 1. Vertical pass over the source row segment the columns use (16-bit lanes: V = t0*(256 - fy) +
 *    t1*fy mod 2^16, exact because 0 <= V < 2^16), stored minus 32768 (xor 0x8000) in a V row whose
 *    slot 0 is the border column (border*256 = border*wy0 + border*wy1); slot x + 1 is texel x. A
 *    border row reads a synthetic row of border texels.
 * 2. Horizontal pass, 8 output pixels per step: pmaddwd of the pairs (V(a) - 32768, V(b) - 32768)
 *    with (wx0, wx1) gives sum - 2^23 exactly; out = (that + 2^23 + 128) >> 8. The pairs: one
 *    vpgatherdd at a gives (V(a), V(a + 1)), edge groups use a second gather; AVX-512 (BW+VL) picks
 *    them with one vpermt2w from a 32-element window of the V row (no gathers). */
static bool sfk_unorm_rect_r8(const sf_unorm_rect_req *q, const sf_unorm_rect_out *o) {
  const sf_surface *s = q->surf;
  const int32_t n0 = (int32_t)s->levels[0].w;
  const size_t NX = 8u * (size_t)q->blocks_x, NY = 4u * (size_t)q->blocks_y;
  const size_t vlen = (size_t)n0 + 1 + 32; /* slot 0 = border, slot x+1 = texel x, padding */
  /* one allocation: column taps and slots, weights, row taps, V row, border row */
  size_t bytes = NX * 4 * 6 + NY * 4 * 3 + vlen * 2 + (size_t)n0 + NX / 8;
  uint8_t *mem = malloc(bytes);
  if (!mem) return false;
  int32_t *c0 = (int32_t *)(void *)mem, *c1 = c0 + NX, *cf = c1 + NX, *ca = cf + NX, *cb = ca + NX, *cw = cb + NX;
  int32_t *ra = cw + NX, *rb = ra + NY, *rf = rb + NY;
  uint16_t *vrow = (uint16_t *)(void *)(rf + NY);
  uint8_t *brow = (uint8_t *)(vrow + vlen);
  uint8_t *irregular = brow + (size_t)n0; /* per group of 8 columns: some b is not a + 1 */
  memset(irregular, 0, NX / 8);
  memset(vrow, 0, vlen * sizeof *vrow); /* slots outside the used segment are read (and discarded) by the gathers */
  int32_t border[4];
  sfk_u8_border(s, q->samp, border);
  sfk_rect_axes(q, c0, c1, cf, ra, rb, rf);
  int32_t lo = INT32_MAX, hi = -1;
  for (size_t X = 0; X < NX; X++) {
    ca[X] = c0[X] + 1; /* V-row slot of the tap */
    cb[X] = c1[X] + 1;
    /* one 32-bit gather at slot a also holds slot a + 1: enough when b is that slot, or when b's
     * weight is 0 (slot a + 1 then is a texel or zeroed padding, times 0) */
    if (cf[X] != 0 && cb[X] != ca[X] + 1) irregular[X / 8] = 1;
    cw[X] = (256 - cf[X]) | (cf[X] << 16);
    for (unsigned t = 0; t < 2; t++) {
      int32_t x = t ? c1[X] : c0[X];
      if (x >= 0) {
        lo = x < lo ? x : lo;
        hi = x > hi ? x : hi;
      }
    }
  }
#if defined(__AVX512BW__) && defined(__AVX512VL__)
  /* AVX-512 BW/VL: per group of 8 columns, the 16 taps picked by one vpermt2w from a 32-element
   * window of the V row. Groups whose taps span more than the window use the gathers. */
  typedef struct sfk_pgrp {
    int16_t idx[16];
    int32_t ws; /* window start (V-row slot) */
    int32_t ok;
  } sfk_pgrp;
  sfk_pgrp *pg = malloc(NX / 8 * sizeof *pg);
  if (!pg) {
    free(mem);
    return false;
  }
  for (size_t g = 0; g < NX / 8; g++) {
    sfk_pgrp *G = &pg[g];
    memset(G, 0, sizeof *G);
    int32_t ws = INT32_MAX, we = INT32_MIN;
    for (unsigned p = 0; p < 8; p++) {
      int32_t sa = ca[g * 8 + p], sb = cb[g * 8 + p];
      ws = sa < ws ? sa : ws;
      ws = sb < ws ? sb : ws;
      we = sa > we ? sa : we;
      we = sb > we ? sb : we;
    }
    if (we - ws > 31) continue;
    G->ok = 1;
    G->ws = ws;
    for (unsigned p = 0; p < 8; p++) {
      G->idx[2 * p] = (int16_t)(ca[g * 8 + p] - ws);
      G->idx[2 * p + 1] = (int16_t)(cb[g * 8 + p] - ws);
    }
  }
  /* SF_COUNT_RECT_R8_WINDOW: the groups the pass below reads by the permute, counted from the flag
   * it tests (a group planned but not flagged would take the gathers, with the same bits) */
  for (size_t g = 0; g < NX / 8; g++) sfk_rect_groups[3] += (unsigned long)pg[g].ok;
#endif
  /* slot 0: the border column, V = border * 256, biased; the synthetic border row */
  vrow[0] = (uint16_t)(((uint32_t)border[0] << 8) ^ 0x8000u);
  memset(brow, border[0], (size_t)n0);
  const uint8_t *plane = s->data + s->levels[0].offset;
  const size_t pitch = s->levels[0].row_pitch;
  const size_t seg0 = hi >= 0 ? (size_t)lo : 0, seg1 = hi >= 0 ? (size_t)hi + 1 : 0; /* bytes of a row */
  const __m256i bias = _mm256_set1_epi16((short)0x8000), K = _mm256_set1_epi32((1 << 23) + 128);
  uint16_t *const P[4] = {o->v[0], o->v[1], o->v[2], o->v[3]};
  for (size_t Y = 0; Y < NY; Y++) {
    /* vertical pass: V(x) for x in [lo, hi] */
    int32_t y0 = ra[Y], y1 = rb[Y], f = rf[Y];
    const uint8_t *p0 = y0 < 0 ? brow : plane + (size_t)y0 * pitch;
    const uint8_t *p1 = y1 < 0 ? brow : plane + (size_t)y1 * pitch;
    /* V = t0*(256 - f) + t1*f: both products and the sum taken mod 2^16, exact as V < 2^16 */
    const __m256i F = _mm256_set1_epi16((short)f), G = _mm256_set1_epi16((short)(256 - f));
    uint16_t *vd = vrow + 1;
    /* the next output row's source rows, prefetched while this one is filtered (a hint only) */
    const uint8_t *n0p = p0, *n1p = p1;
    if (Y + 1 < NY) {
      n0p = ra[Y + 1] < 0 ? brow : plane + (size_t)ra[Y + 1] * pitch;
      n1p = rb[Y + 1] < 0 ? brow : plane + (size_t)rb[Y + 1] * pitch;
    }
    size_t x = seg0;
#if defined(__AVX512BW__)
    {
      const __m512i F5 = _mm512_set1_epi16((short)f), G5 = _mm512_set1_epi16((short)(256 - f)),
                    B5 = _mm512_set1_epi16((short)0x8000);
      for (; x + 64 <= seg1; x += 64) { /* one cache line per row and step: one prefetch each */
        _mm_prefetch((const char *)(n0p + x), _MM_HINT_T0);
        _mm_prefetch((const char *)(n1p + x), _MM_HINT_T0);
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
      _mm_prefetch((const char *)(n0p + x), _MM_HINT_T0);
      _mm_prefetch((const char *)(n1p + x), _MM_HINT_T0);
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
    /* a NULL plane is not written (each store below tests its plane) */
    uint16_t *const d0 = P[0] ? P[0] + row : NULL, *const d1 = P[1] ? P[1] + row : NULL;
    uint16_t *const d2 = P[2] ? P[2] + row : NULL, *const d3 = P[3] ? P[3] + row : NULL;
    const __m128i zero = _mm_setzero_si128(), alpha = _mm_set1_epi16((short)65280);
    for (size_t X = 0; X < NX; X += 8) {
      if (P[0]) {
        __m256i pr;
#if defined(__AVX512BW__) && defined(__AVX512VL__)
        const sfk_pgrp *pgx = &pg[X / 8];
        if (pgx->ok) {
          const uint16_t *wv = vrow + pgx->ws;
          pr = _mm256_permutex2var_epi16(_mm256_loadu_si256((const __m256i *)(const void *)wv),
                                         _mm256_loadu_si256((const __m256i *)(const void *)pgx->idx),
                                         _mm256_loadu_si256((const __m256i *)(const void *)(wv + 16)));
        } else
#endif
        {
          /* slots a, a + 1 */
          sfk_asan_idx8(vrow, ca + X, 2, false);
          pr = _mm256_i32gather_epi32((const int *)(const void *)vrow, _mm256_loadu_si256((const __m256i *)(const void *)(ca + X)), 2);
          if (irregular[X / 8]) {
            sfk_asan_idx8(vrow, cb + X, 2, false);
            __m256i B = _mm256_loadu_si256((const __m256i *)(const void *)(cb + X));
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
#if defined(__AVX512BW__) && defined(__AVX512VL__)
  free(pg);
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
      q->blocks_y <= SF_UNORM_RECT_MAX_BLOCKS && o->pitch >= 8u * (size_t)q->blocks_x && o->pitch <= SF_UNORM_RECT_MAX_PITCH &&
      sfk_u8_ok(q->surf, q->samp) && sfk_sampler_ok(q->samp) &&
      (q->surf->desc.format == SF_FMT_RGBA8_UNORM || q->surf->desc.format == SF_FMT_R8_UNORM) &&
      q->surf->levels[0].w >= 1 && !sfk_has_null(q->surf) &&
      (q->surf->desc.format == SF_FMT_RGBA8_UNORM ? sfk_unorm_rect_rgba(q, o) : sfk_unorm_rect_r8(q, o)))
    return SF_OK;
#endif
  return sf_unorm_rect_by_blocks(sfk_sample_unorm, q, o, st);
}
