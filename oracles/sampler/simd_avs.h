/* oracles/sampler/simd_avs.h — part of the SIMD kernel template: AVS in exact integer fixed point.
 * Included by simd_kernel.h only, after the lane helpers, once per vector width (SFK_W). */
/* scalar.c avs_pos on a vector of pixel indices k: (base + (k d + tri(k) d2)) * n - 0.5, in 1/32. */
static inline sfk_vi sfk_avs_pos(float base, float d, float d2, sfk_vi k, int32_t n) {
  sfk_vf kk = __builtin_convertvector(k, sfk_vf);
  /* every caller's k is a pixel index, never negative: at k = 0 the product is 0 */
  sfk_vf tri = __builtin_convertvector((sfk_vi)(((sfk_vu)(k * (k - 1))) >> 1), sfk_vf);
  sfk_vf a = kk * d, b = tri * d2;
  sfk_vf p = a + b;
  p = base + p;
  sfk_vf x = p * (float)n;
  x = x - 0.5f;
  return sfk_rne(x * 32.0f, -(1 << 30), 1 << 30);
}

/* Whether a null page lies under the taps of the channels that read the plane `cp` says (NV12's
 * chroma plane, else the pixels) with the 4-tap filter (`four`) or the 8-tap one. */
static bool sfk_avs_null_under(const sf_avs_req *q, const sf_surface *s, bool cp, bool four) {
  int32_t W = (int32_t)s->desc.width, H = (int32_t)s->desc.height;
  int32_t pw = cp ? W / 2 : W, ph = cp ? H / 2 : H;
  int32_t ctr = four ? 1 : 3, nt = four ? 4 : 8;
  int32_t x0 = INT32_MAX, x1 = INT32_MIN, y0 = INT32_MAX, y1 = INT32_MIN;
  for (unsigned i = 0; i < q->w; i += SFK_W) {
    sfk_vi PX = sfk_avs_pos(q->u, q->du, q->u2d, sfk_iota() + (int32_t)i, pw);
    for (unsigned j = 0; j < SFK_W && i + j < q->w; j++) {
      int32_t ix = (int32_t)(((uint32_t)PX[j] + 0x80000000u) >> 5) - 0x4000000;
      x0 = ix < x0 ? ix : x0;
      x1 = ix > x1 ? ix : x1;
    }
  }
  for (unsigned i = 0; i < q->h; i += SFK_W) {
    sfk_vi PY = sfk_avs_pos(q->v, q->dv, q->v2d, sfk_iota() + (int32_t)(i + 4 * q->vbn), ph);
    for (unsigned j = 0; j < SFK_W && i + j < q->h; j++) {
      int32_t iy = (int32_t)(((uint32_t)PY[j] + 0x80000000u) >> 5) - 0x4000000;
      y0 = iy < y0 ? iy : y0;
      y1 = iy > y1 ? iy : y1;
    }
  }
  int64_t ax0 = (int64_t)x0 - ctr, ax1 = (int64_t)x1 - ctr + nt - 1, ay0 = (int64_t)y0 - ctr, ay1 = (int64_t)y1 - ctr + nt - 1;
  ax0 = ax0 < 0 ? 0 : ax0 >= pw ? pw - 1 : ax0;
  ax1 = ax1 < 0 ? 0 : ax1 >= pw ? pw - 1 : ax1;
  ay0 = ay0 < 0 ? 0 : ay0 >= ph ? ph - 1 : ay0;
  ay1 = ay1 < 0 ? 0 : ay1 >= ph ? ph - 1 : ay1;
  int32_t sc = cp ? 2 : 1;
  return sfk_null_in(s, (int32_t)ax0 * sc, (int32_t)ax1 * sc, (int32_t)ay0 * sc, (int32_t)ay1 * sc);
}

/* AVS (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/AVS.md); scalar.c sf_scalar_avs): separable polyphase filter, lanes = pixels of a
 * row. Column taps, phases and coefficients are computed once per block and channel; each tap is a
 * gather and a 32-bit multiply-add; the vertical sum fits in 32 bits (|sum| <= 8*128*8*128*255).
 * A vertical block number above 4096 (row indices past 2^14, whose 32-bit lane arithmetic the kernel
 * does not widen) takes the scalar path. */
enum { SFK_AVS_ROW_CACHE = 32 }; /* source rows the row cache holds: one bit each in a uint32_t */
static sf_code sfk_avs(const sf_avs_req *q, sf_avs_out *out, sf_status *st) {
  if (!q || !out || !sfk_u8_ok(q->surf, q->samp) || q->ief || q->vbn > 4096) return SFK_FWD(sf_scalar_avs(q, out, st));
  if (!((q->w == 16 && (q->h == 4 || q->h == 8)) || (q->w == 8 && q->h == 4) || (q->w == 4 && q->h == 4)))
    return SFK_FWD(sf_scalar_avs(q, out, st));
  const sf_sampler *sp = q->samp;
  if (sp->avs_adaptive || !sfk_sampler_ok(sp)) return SFK_FWD(sf_scalar_avs(q, out, st));
  const sf_surface *s = q->surf;
  bool nv12 = s->desc.format == SF_FMT_NV12;
  int32_t W = (int32_t)s->desc.width, H = (int32_t)s->desc.height;
  /* null pages under the footprint: scalar path. Channels 0 and 2 have the same taps (NV12's chroma
   * plane; the 4-tap filter unless avs_8tap_all), as 1 and 3 do (the 8-tap filter on the pixels) */
  if (s->null_size && (sfk_avs_null_under(q, s, nv12, !sp->avs_8tap_all) || sfk_avs_null_under(q, s, false, false)))
    return SFK_FWD(sf_scalar_avs(q, out, st));
  memset(out, 0, sizeof *out);
  const uint8_t *d = s->data;
  for (unsigned k = 0; k < 4; k++) {
    bool cp = nv12 && (k == 0 || k == 2);
    bool four = (k == 0 || k == 2) && !sp->avs_8tap_all;
    unsigned ntap = four ? SF_AVS_CHROMA_TAPS : SF_AVS_LUMA_TAPS;
    int32_t ctr = four ? 1 : 3;
    int32_t pw = cp ? W / 2 : W, ph = cp ? H / 2 : H;
    sfk_chan ch;
    sfk_chan_setup(s, k, cp, &ch);
    for (unsigned x0 = 0; x0 < q->w; x0 += SFK_W) {
      sfk_vi xi = sfk_iota() + (int32_t)x0;
      sfk_vi PX = sfk_avs_pos(q->u, q->du, q->u2d, xi, pw);
      sfk_vi ix = (sfk_vi)((((sfk_vu)PX + 0x80000000u) >> 5) - 0x4000000u);
      sfk_vi phx = PX & 31;
      sfk_vi colo[8], cf[8];
      for (unsigned tx = 0; tx < ntap; tx++) {
        sfk_vi xx = ix - ctr + (int32_t)tx;
        xx = sfk_maxi(sfk_mini(xx, sfk_spi(pw - 1)), sfk_spi(0));
        colo[tx] = ch.base + xx * ch.step;
        for (unsigned j = 0; j < SFK_W; j++)
          cf[tx][j] = four ? sp->avs_chroma[phx[j]][tx] : sp->avs_luma[phx[j]][tx];
      }
      /* The horizontal pass of a source row is the same for every output row that reads it:
       * it is computed once per (row, column group) and kept (rows of one block span fewer than
       * SFK_AVS_ROW_CACHE when the vertical step is sane; otherwise each output row computes its own). */
      int32_t iys[8];
      unsigned phys[8];
      int32_t rmin = INT32_MAX, rmax = INT32_MIN;
      for (unsigned y = 0; y < q->h; y++) {
        int32_t PY = sfk_avs_pos(q->v, q->dv, q->v2d, sfk_spi((int32_t)(y + 4 * q->vbn)), ph)[0];
        iys[y] = (int32_t)(((uint32_t)PY + 0x80000000u) >> 5) - 0x4000000;
        phys[y] = (unsigned)(PY & 31);
        for (unsigned ty = 0; ty < ntap; ty += ntap - 1) {
          int64_t yy = (int64_t)iys[y] - ctr + ty;
          int32_t ry = (int32_t)(yy < 0 ? 0 : yy >= ph ? ph - 1 : yy);
          rmin = ry < rmin ? ry : rmin;
          rmax = ry > rmax ? ry : rmax;
        }
      }
      bool cache = (int64_t)rmax - rmin < SFK_AVS_ROW_CACHE;
      sfk_vi hc[SFK_AVS_ROW_CACHE];
      uint32_t have = 0;
      for (unsigned y = 0; y < q->h; y++) {
        int32_t iy = iys[y];
        unsigned phy = phys[y];
        sfk_vi vsum = sfk_spi(0);
        for (unsigned ty = 0; ty < ntap; ty++) {
          int64_t yy = (int64_t)iy - ctr + ty;
          int32_t ry = (int32_t)(yy < 0 ? 0 : yy >= ph ? ph - 1 : yy);
          sfk_vi hsum = sfk_spi(0);
          unsigned slot = cache ? (unsigned)(ry - rmin) : 0;
          if (cache && (have >> slot & 1u)) {
            hsum = hc[slot];
          } else {
            if (ch.cst >= 0) {
              for (unsigned tx = 0; tx < ntap; tx++) hsum += cf[tx] * ch.cst;
            } else {
              int32_t rowoff = ry * ch.pitch;
              for (unsigned tx = 0; tx < ntap; tx++) hsum += cf[tx] * sfk_load8_lanes(d, colo[tx] + rowoff);
            }
            if (cache) {
              hc[slot] = hsum;
              have |= 1u << slot;
            }
          }
          int32_t cfv = four ? sp->avs_chroma[phy][ty] : sp->avs_luma[phy][ty];
          vsum += hsum * cfv;
        }
        /* floor((vsum + 8) / 16) without a signed shift, clamped to [0, 255 << 8] */
        sfk_vi v = (sfk_vi)((((sfk_vu)vsum + 8u + 0x80000000u) >> 4) - 0x8000000u);
        v = sfk_maxi(sfk_mini(v, sfk_spi(65280)), sfk_spi(0));
        for (unsigned j = 0; j < SFK_W && x0 + j < q->w; j++) out->v[k][y * q->w + x0 + j] = (uint16_t)v[j];
      }
    }
  }
  return SF_OK;
}
