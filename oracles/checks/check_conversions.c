/* check_conversions.c — `conversions`, once per process in the sampler targets: the texel
 * conversions give every code back and round ties to even; with it `signed_zero`, `uint_encode`,
 * `unbound` and `format_table` (each described below). */
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "oracles/indep/indep_int.h"
#include "oracles/sampler/sampler_int.h"
#include "samplefuzz/sampler.h"

/* `conversions`: the texel conversions the executor and the border snapping share (surface.c) give
 * every code back: sRGB8 encode(decode(c)) == c for all 256 codes (and a value near a code is that
 * code), half encode(decode(h)) == h for every half that is not a NaN (a NaN comes back as
 * 0x7e00); float -> half rounds every tie between two halves to the even one and every float from
 * 65536 on to infinity (below); every SNORM8 code decodes to max(c / 127, -1). A tie or an edge
 * case turned the wrong way changes every backend alike, and the independent model's tolerance for sRGB (one code) would hide it.
 * Fixed work (about 256,000 conversions), once per process in the sampler targets. */

/* An 8-lane linear-filter batch across the 2x1 surface `s`: lane 0 at texel 0's centre, lane 7 at
 * texel 1's, lanes 1-6 evenly between them; `lanes` says which lanes run. */
static void centre_batch(sf_sample_batch *q, sf_surface *s, const sf_sampler *sm, uint32_t lanes) {
  memset(q, 0, sizeof *q);
  q->surf = s, q->samp = sm, q->n = 8, q->lanes = lanes;
  for (unsigned l = 0; l < 8; l++) q->u[l] = 0.25f + 0.5f * (float)l / 7.0f, q->v[l] = 0.5f;
}

/* `signed_zero` (with `conversions`): a linear filter between a -0 texel and a +0 texel, in both
 * orders, of a 2x1 R32F surface. At a texel's centre the result is that texel, its sign included;
 * between them it is +0, the IEEE sum of -0 and +0 under round to nearest, whichever way a backend
 * orders the weighted terms. Every backend must say so: a clamp of the filtered value to its taps
 * that turned the sign of that zero (a planted bug in the scalar lerp) changed only the scalar
 * backend, and only when a float surface held -0 next to +0, which random texel bytes rarely do. */
/* Texels tex of the 2x1 R32F surface s sampled by sm at centre_batch's eight lanes on every backend
 * of be: each lane must give want[lane] bit for bit; else the verdict, keyed by `key`. */
static bool centre_lanes(sf_verdict *v, sf_surface *s, const sf_sampler *sm, const uint32_t tex[2], const uint32_t want[8],
                         const sf_backend *const *be, unsigned nbe, const char *key) {
  memcpy(s->data, tex, 2 * sizeof *tex);
  sf_sample_batch q;
  centre_batch(&q, s, sm, 0xffu);
  for (unsigned b = 0; b < nbe; b++) {
    sf_sample_out o;
    memset(&o, 0, sizeof o);
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_sample(be[b], &q, &o, &st);
    for (unsigned l = 0; l < 8; l++) {
      if (rc == SF_OK && o.v[0][l] == want[l]) continue;
      sf_verdict_fail(v, "signed_zero", NULL, be[b]->name);
      sf_verdict_key(v, "signed_zero %s%s", be[b]->name, key);
      sf_verdict_dumpf(v, "R32F texels %08x %08x, %s filter, lane %u at u=%g: %s gave %s %08x, want %08x\n", tex[0], tex[1],
                       sm->mag_filter == SF_FILTER_POINT ? "point" : "linear", l, (double)q.u[l], be[b]->name, sf_code_name(rc),
                       o.v[0][l], want[l]);
      return false;
    }
  }
  return true;
}

static bool sf_check_signed_zero(sf_verdict *v) {
  sf_surface_desc d = {.type = SF_SURF_2D, .format = SF_FMT_R32F, .width = 2, .height = 1, .depth = 1, .layers = 1, .levels = 1};
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_surface_create(&s, &d, &st) != SF_OK) return sf_check_surface_refused(v, "signed_zero", &st);
  sf_sampler sm;
  sf_sampler_default(&sm);
  sm.min_filter = sm.mag_filter = SF_FILTER_LINEAR;
  sm.addr[0] = sm.addr[1] = SF_ADDR_CLAMP;
  const sf_backend *be[8];
  unsigned nbe = sf_backend_list(be, 8);
  if (nbe > 8) nbe = 8;
  bool ok = true;
  for (unsigned order = 0; order < 2 && ok; order++) {
    const uint32_t tex[2] = {order ? 0u : 0x80000000u, order ? 0x80000000u : 0u};
    const uint32_t want[8] = {tex[0], 0, 0, 0, 0, 0, 0, tex[1]};
    ok = centre_lanes(v, s, &sm, tex, want, be, nbe, "");
    /* and far outside the surface (u = -1e30, -300, 300, 1e30): both taps clamp to the edge texel,
     * and the coordinate's clamp to [-256, 256] before it is scaled (scalar.c axis_fixed) fixes the
     * fraction, 1/2 here, so the lerp of -0 with itself gives +0. Every backend must give the scalar
     * bits: a SIMD axis without that clamp saturates to fraction 0 and keeps -0 (a planted deletion
     * survived 60 s; sample_diff's cases rarely pair such a coordinate with a -0 edge texel). */
    static const float far[4] = {-1e30f, -300.0f, 300.0f, 1e30f};
    sf_sample_batch fq;
    memset(&fq, 0, sizeof fq);
    fq.surf = s, fq.samp = &sm, fq.n = 4, fq.lanes = 0xfu;
    for (unsigned l = 0; l < 4; l++) fq.u[l] = far[l], fq.v[l] = 0.5f;
    sf_sample_out ref;
    memset(&ref, 0, sizeof ref);
    sf_status_clear(&st);
    sf_code r0 = sf_sample(sf_backend_scalar(), &fq, &ref, &st);
    for (unsigned b = 0; b < nbe && ok; b++) {
      sf_sample_out o;
      memset(&o, 0, sizeof o);
      sf_status_clear(&st);
      sf_code rc = sf_sample(be[b], &fq, &o, &st);
      for (unsigned l = 0; l < 4 && ok; l++) {
        if (rc == r0 && (rc != SF_OK || o.v[0][l] == ref.v[0][l])) continue;
        sf_verdict_fail(v, "signed_zero", NULL, be[b]->name);
        sf_verdict_key(v, "signed_zero %s far", be[b]->name);
        sf_verdict_dumpf(v, "R32F texels %08x %08x, linear clamp, lane %u at u=%g: %s gave %s %08x, the scalar entry %s %08x\n",
                         tex[0], tex[1], l, (double)fq.u[l], be[b]->name, sf_code_name(rc), o.v[0][l], sf_code_name(r0),
                         ref.v[0][l]);
        ok = false;
      }
    }
  }
  /* and between FLT_MAX and -FLT_MAX, in both orders: b - a overflows to an infinity, and the lerp
   * must weigh the two texels instead (scalar.c lerp8, a*(1-w) + b*w): every lane between the two
   * centres (a weight strictly between 0 and 1) gives a value strictly between the texels. A lerp
   * that let the infinity through gave the clamp's edge texel (a planted bug in the scalar lerp's
   * overflow test survived 60 s: random texel bytes rarely hold two floats that far apart). */
  for (unsigned order = 0; order < 2 && ok; order++) {
    uint32_t tex[2] = {order ? 0xff7fffffu : 0x7f7fffffu, order ? 0x7f7fffffu : 0xff7fffffu};
    memcpy(s->data, tex, sizeof tex);
    sf_sample_batch q;
    centre_batch(&q, s, &sm, 0x7eu); /* lanes 1-6: between the centres */
    for (unsigned b = 0; b < nbe && ok; b++) {
      sf_sample_out o;
      memset(&o, 0, sizeof o);
      sf_status_clear(&st);
      sf_code rc = sf_sample(be[b], &q, &o, &st);
      for (unsigned l = 1; l < 7 && ok; l++) {
        float x = sf_u2f(o.v[0][l]);
        if (rc == SF_OK && x > -FLT_MAX && x < FLT_MAX) continue;
        sf_verdict_fail(v, "signed_zero", NULL, be[b]->name);
        sf_verdict_key(v, "signed_zero %s overflow", be[b]->name);
        sf_verdict_dumpf(v, "R32F texels %08x %08x, linear filter, lane %u at u=%g: %s gave %s %08x (%g), want a value "
                            "strictly between the texels\n", tex[0], tex[1], l, (double)q.u[l], be[b]->name, sf_code_name(rc),
                         o.v[0][l], (double)x);
        ok = false;
      }
    }
  }
  /* and infinities, point-sampled: +inf next to -inf, in both orders; lanes 0-3 read texel 0 and
   * lanes 4-7 texel 1, each its infinity bit for bit (D3D11.3 §3.1: a float texel's infinity is a
   * value, not a NaN). A SIMD result canonicalizer that took an infinity for a NaN (a planted `>`
   * made `>=`) survived 60 s: random texel bytes rarely hold an exact infinity. */
  sm.min_filter = sm.mag_filter = SF_FILTER_POINT;
  for (unsigned order = 0; order < 2 && ok; order++) {
    const uint32_t tex[2] = {order ? 0xff800000u : 0x7f800000u, order ? 0x7f800000u : 0xff800000u};
    const uint32_t want[8] = {tex[0], tex[0], tex[0], tex[0], tex[1], tex[1], tex[1], tex[1]};
    ok = centre_lanes(v, s, &sm, tex, want, be, nbe, " infinity");
  }
  sf_surface_free(s);
  return ok;
}

/* `uint_encode` (with `conversions`): FLOAT -> UINT as a UINT surface stores it (sf_surface_store;
 * D3D11.3 §3.2.3: NaN -> 0, round to nearest even, saturate), at the edges of each width: the
 * halves around 0, the largest value and one past it, and for 32 bits 2^31 (the first float the
 * conversion cannot take through a signed 32-bit integer) and the floats either side of it and
 * of 2^32; and an NV12 store. Every backend reads these bytes alike (a border colour, a texel written by the state),
 * so a wrong edge shows only here. */
static bool sf_check_uint_encode(sf_verdict *v) {
  static const struct {
    uint8_t fmt;
    float f;
    uint32_t want;
  } t[] = {
      {SF_FMT_R8_UINT, 0.5f, 0},          {SF_FMT_R8_UINT, 1.5f, 2},          {SF_FMT_R8_UINT, 254.5f, 254},
      {SF_FMT_R8_UINT, 255.0f, 255},      {SF_FMT_R8_UINT, 256.0f, 255},      {SF_FMT_R8_UINT, -1.0f, 0},
      {SF_FMT_R16_UINT, 65534.5f, 65534}, {SF_FMT_R16_UINT, 65535.5f, 65535}, {SF_FMT_R16_UINT, 1e9f, 65535},
      {SF_FMT_R32_UINT, 2.5f, 2},         {SF_FMT_R32_UINT, 2147483520.0f, 2147483520u},
      {SF_FMT_R32_UINT, 2147483648.0f, 2147483648u},     {SF_FMT_R32_UINT, 2147483904.0f, 2147483904u},
      {SF_FMT_R32_UINT, 4294967040.0f, 4294967040u},     {SF_FMT_R32_UINT, 4294967296.0f, 4294967295u},
      {SF_FMT_R32_UINT, -0.0f, 0},        {SF_FMT_R32_UINT, NAN, 0},          {SF_FMT_R32_UINT, INFINITY, 4294967295u},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    sf_surface_desc d = {.type = SF_SURF_2D, .format = t[i].fmt, .width = 1, .height = 1, .depth = 1, .layers = 1, .levels = 1};
    sf_surface *s = NULL;
    sf_status st;
    sf_status_clear(&st);
    if (sf_surface_create(&s, &d, &st) != SF_OK) return sf_check_surface_refused(v, "uint_encode", &st);
    const float rgba[4] = {t[i].f, 0, 0, 1};
    sf_code rc = sf_surface_store(s, 0, 0, 0, 0, rgba, &st);
    uint32_t got = 0;
    for (size_t b = 0; b < s->size && b < 4; b++) got |= (uint32_t)s->data[b] << (8 * b);
    sf_surface_free(s);
    if (rc == SF_OK && got == t[i].want) continue;
    sf_verdict_fail(v, "uint_encode", NULL, "value");
    sf_verdict_key(v, "uint_encode format %u", (unsigned)t[i].fmt);
    sf_verdict_dumpf(v, "format %u: the float %a stored as %u (%s), want %u\n", (unsigned)t[i].fmt, (double)t[i].f, got,
                     sf_code_name(rc), t[i].want);
    return false;
  }
  /* and an NV12 texel (the smallest surface, 2x2): the Y byte of texel (1, 1) takes G as UNORM8
   * (sf_surface_store, sampler.h) and no other byte of the surface changes */
  sf_surface_desc d = {.type = SF_SURF_2D, .format = SF_FMT_NV12, .width = 2, .height = 2, .depth = 1, .layers = 1, .levels = 1};
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_surface_create(&s, &d, &st) != SF_OK) return sf_check_surface_refused(v, "uint_encode", &st);
  memset(s->data, 0xA5, s->size);
  static const float yuv[4] = {0.9f, 0.2f, 0.1f, 1.0f};
  sf_code rc = sf_surface_store(s, 0, 0, 1, 1, yuv, &st);
  const uint8_t *y = sf_surface_texel(s, 0, 0, 1, 1);
  size_t at = y ? (size_t)(y - s->data) : s->size, other = 0;
  for (size_t b = 0; b < s->size; b++) other += b != at && s->data[b] != 0xA5;
  bool ok = rc == SF_OK && y && *y == 51 && other == 0;
  unsigned got = y ? *y : 0;
  /* and the texel decodes back the way it was stored: G the Y byte as UNORM8, (0, Y, 0, 1) */
  uint32_t dec[4] = {0, 0, 0, 0};
  if (y) sf_format_decode(SF_FMT_NV12, y, dec);
  const bool dec_ok = dec[0] == 0 && dec[1] == sf_f2u(51.0f / 255.0f) && dec[2] == 0 && dec[3] == sf_f2u(1.0f);
  sf_surface_free(s);
  if (ok && dec_ok) return true;
  sf_verdict_fail(v, "uint_encode", NULL, "nv12");
  sf_verdict_key(v, "uint_encode nv12%s", ok ? " decode" : "");
  sf_verdict_dumpf(v, "NV12: (0.9, 0.2, 0.1, 1) stored at texel (1, 1) gave %s, Y %u (want 51, G as UNORM8), %zu other bytes changed; "
                      "decoded as %08x %08x %08x %08x (want 0, 51/255, 0, 1)\n",
                   sf_code_name(rc), got, other, dec[0], dec[1], dec[2], dec[3]);
  return false;
}

/* `unbound` (with `conversions`): a request with no surface bound (sf_sample_batch.surf NULL) is
 * defined: every lane returns 0 (D3D11.3 §7.18.17), on every backend, through sf_sample and through
 * the backend's own entry. The generated cases bind every slot, so nothing else asks. */
static bool sf_check_unbound(sf_verdict *v) {
  sf_sampler sm;
  sf_sampler_default(&sm);
  const sf_backend *be[8];
  unsigned nbe = sf_backend_list(be, 8);
  if (nbe > 8) nbe = 8;
  sf_sample_batch q;
  memset(&q, 0, sizeof q);
  q.samp = &sm, q.n = 8, q.lanes = 0xffu;
  for (unsigned l = 0; l < 8; l++) q.u[l] = 0.125f * (float)l, q.v[l] = 0.5f;
  for (unsigned b = 0; b < nbe; b++) {
    for (unsigned way = 0; way < (be[b]->sample ? 2u : 1u); way++) {
      sf_sample_out o;
      memset(&o, 0xA5, sizeof o);
      sf_status st;
      sf_status_clear(&st);
      sf_code rc = way ? be[b]->sample(&q, &o, &st) : sf_sample(be[b], &q, &o, &st);
      bool zero = rc == SF_OK;
      for (unsigned k = 0; k < 4 && zero; k++)
        for (unsigned l = 0; l < 8 && zero; l++) zero = o.v[k][l] == 0;
      if (zero) continue;
      sf_verdict_fail(v, "unbound", NULL, be[b]->name);
      sf_verdict_key(v, "unbound %s", be[b]->name);
      sf_verdict_dumpf(v, "%s (%s) with no surface bound gave %s (%s), want SF_OK and 0 in every lane\n", be[b]->name,
                       way ? "its sample entry" : "sf_sample", sf_code_name(rc), st.msg);
      return false;
    }
  }
  return true;
}

/* `format_table` (with `conversions`): every format's sf_format_get row (bytes per texel, channels,
 * bits per channel, class) is the independent model's own row (oracles/indep/indep_texel.c, from
 * the format names and the D3D11.3 conversions). A bits field matters to the shared code only where
 * it picks a path (8 or 16 bits), so a wrong width elsewhere (a 33-bit RG32F channel, a planted bug
 * that survived 60 s) changes no sampled value, only what the public table tells a user. */
static bool sf_check_format_table(sf_verdict *v) {
  for (unsigned f = 0; f < SF_FMT_COUNT; f++) {
    const sf_format_info *fi = sf_format_get(f);
    const sf_ifmt *m = sf_ifmt_get(f);
    if (!m) continue; /* NV12: no independent texel format (the model decodes its planes itself) */
    static const uint8_t cls_of[] = {[SF_IK_UNORM] = SF_FCLASS_UNORM, [SF_IK_SNORM] = SF_FCLASS_SNORM,
                                     [SF_IK_SRGB] = SF_FCLASS_SRGB,   [SF_IK_HALF] = SF_FCLASS_FLOAT,
                                     [SF_IK_FLOAT] = SF_FCLASS_FLOAT, [SF_IK_UINT] = SF_FCLASS_UINT,
                                     [SF_IK_SINT] = SF_FCLASS_SINT};
    unsigned want_cls = f == SF_FMT_D32F ? SF_FCLASS_DEPTH : m->kind < sizeof cls_of ? cls_of[m->kind] : 255u;
    if (fi && fi->bytes == m->bytes && fi->channels == m->chans && fi->bits == m->bits && fi->cls == want_cls) continue;
    sf_verdict_fail(v, "format_table", NULL, fi ? fi->name : "NULL");
    sf_verdict_key(v, "format_table %u", f);
    if (fi)
      sf_verdict_dumpf(v, "format %u (%s): %u bytes, %u channels, %u bits, class %u; the independent table says %u, %u, %u, "
                          "class %u\n", f, fi->name, fi->bytes, fi->channels, fi->bits, fi->cls, m->bytes, m->chans,
                       m->bits, want_cls);
    else
      sf_verdict_dumpf(v, "format %u: sf_format_get gives NULL for a format the independent table has\n", f);
    return false;
  }
  return true;
}

bool sf_check_conversions(sf_verdict *v) {
  if (!sf_check_signed_zero(v) || !sf_check_uint_encode(v) || !sf_check_unbound(v) || !sf_check_format_table(v))
    return false;
  const char *what = NULL;
  unsigned code = 0, got = 0;
  for (unsigned c = 0; c < 256 && !what; c++) {
    unsigned back = sf_float_to_srgb8(sf_srgb8_to_float((uint8_t)c));
    if (back != c) what = "srgb8", code = c, got = back;
  }
  /* between codes c and c+1, a tenth of the gap from either is that code in linear and sRGB space
   * alike; the smallest subnormal is code 0 (a search that started at code 1 gave 1) */
  for (unsigned c = 0; c < 255 && !what; c++) {
    float a = sf_srgb8_to_float((uint8_t)c), b = sf_srgb8_to_float((uint8_t)(c + 1)), gap = b - a;
    float lo = c ? a + 0.1f * gap : nextafterf(0.0f, 1.0f), hi = b - 0.1f * gap;
    unsigned r = sf_float_to_srgb8(lo), q = sf_float_to_srgb8(hi);
    if (r != c) what = "srgb8_above", code = c, got = r;
    else if (q != c + 1) what = "srgb8_below", code = c + 1, got = q;
  }
  for (unsigned h = 0; h < 65536 && !what; h++) {
    bool nan = (h & 0x7c00u) == 0x7c00u && (h & 0x3ffu);
    unsigned back = sf_float_to_half(sf_half_to_float((uint16_t)h)), want = nan ? 0x7e00u : h;
    if (back != want) what = "half", code = h, got = back;
  }
  /* Between two neighbouring halves of one sign (the largest finite one and 65536, which rounds to
   * infinity): the float midpoint rounds to the even one, and the floats just below and above it to
   * the nearer one. The midpoint of two halves needs 12 significant bits (2^-25 steps among the
   * subnormals), so it is exact in float32: the ties of both the normal and the subnormal path. */
  float mid_f = 0;
  for (unsigned h = 0; h < 0x7c00u && !what; h++) {
    for (unsigned sign = 0; sign <= 0x8000u && !what; sign += 0x8000u) {
      float a = sf_half_to_float((uint16_t)(sign | h));
      float b = h == 0x7bffu ? (sign ? -65536.0f : 65536.0f) : sf_half_to_float((uint16_t)(sign | (h + 1)));
      float m = (a + b) * 0.5f;
      unsigned even = sign | ((h & 1u) ? h + 1 : h);
      unsigned r = sf_float_to_half(m), lo = sf_float_to_half(nextafterf(m, a)), hi = sf_float_to_half(nextafterf(m, b));
      if (r != even) what = "half_tie", code = sign | h, got = r, mid_f = m;
      else if (lo != (sign | h)) what = "half_below_tie", code = sign | h, got = lo, mid_f = nextafterf(m, a);
      else if (hi != (sign | (h + 1))) what = "half_above_tie", code = sign | h, got = hi, mid_f = nextafterf(m, b);
    }
  }
  /* and every float from 65536 on, the first power of two past the largest half, to infinity of
   * its sign: at the bottom of that binade, inside it with significand bits, at its top, past it */
  static const float big[] = {65536.0f, 65600.0f, 98304.0f, 131071.9921875f, 131072.0f, 1.0e30f, FLT_MAX};
  for (unsigned k = 0; k < 2 * (sizeof big / sizeof big[0]) && !what; k++) {
    float f = k & 1u ? -big[k / 2] : big[k / 2];
    unsigned want = k & 1u ? 0xfc00u : 0x7c00u, r = sf_float_to_half(f);
    if (r != want) what = "half_overflow", code = want, got = r, mid_f = f;
  }
  /* SNORM8 (D3D11.3 §3.2.3.3): code c decodes to c / 127 correctly rounded, and the most negative
   * code, -128, to -1 as -127 does; every code of each channel of an RGBA8_SNORM texel */
  for (unsigned c = 0; c < 256 && !what; c++) {
    const uint8_t texel[4] = {(uint8_t)c, (uint8_t)(c ^ 0x80u), (uint8_t)~c, (uint8_t)(c + 1u)};
    uint32_t out[4];
    sf_format_decode(SF_FMT_RGBA8_SNORM, texel, out);
    for (unsigned k = 0; k < 4 && !what; k++) {
      int32_t sc = (int8_t)texel[k];
      float want = sc <= -127 ? -1.0f : (float)sc / 127.0f, f;
      memcpy(&f, &out[k], sizeof f);
      if (memcmp(&f, &want, sizeof f)) what = "snorm8", code = texel[k], got = out[k];
    }
  }
  /* UNORM of every width the header allows (1 to 32 bits): 0 is 0, the largest code 1, and half
   * of the largest code (rounded down) just below 0.5 from 8 bits on; at 32 bits the largest
   * code is 0xffffffff (a shift by 32 would be undefined) */
  for (unsigned bits = 1; bits <= 32 && !what; bits++) {
    uint32_t max = bits == 32 ? 0xffffffffu : (1u << bits) - 1u;
    float z = sf_unorm_to_float(0, bits), one = sf_unorm_to_float(max, bits), half = sf_unorm_to_float(max / 2u, bits);
    if (z != 0.0f || one != 1.0f || (bits >= 8 && !(half <= 0.5f && half > 0.49f))) {
      what = "unorm_width", code = bits;
      memcpy(&got, &one, sizeof got);
    }
  }
  /* The LOD of rho2 (sf_lod_from_rho2, docs/precision-model.md §7 "log2 by a table"): 128 * log2(rho2)
   * rounded half up, i.e. 128 * e + round(128 * log2(m / 2^23)) for rho2 = m * 2^(e - 23). Around
   * each of the 128 points where the rounded value steps (2^23 * 2^((j + 0.5) / 128), computed here
   * in double, not read from the table), each mantissa from two below to one above, at three
   * exponents, against log2 in double: every such point lies at least 0.0023 of a mantissa step from
   * the nearest mantissa (checked with 60-digit decimals), far beyond double's rounding error. */
  for (unsigned j = 0; j < 128 && !what; j++) {
    double t = ceil(8388608.0 * exp2((j + 0.5) / 128.0));
    for (int dm = -2; dm <= 1 && !what; dm++) {
      double m = t + dm;
      if (m < 8388608.0 || m >= 16777216.0) continue;
      for (int e = -3; e <= 5 && !what; e += 4) {
        uint32_t bits = (uint32_t)(127 + e) << 23 | ((uint32_t)m - 0x800000u);
        float rho2;
        memcpy(&rho2, &bits, sizeof rho2);
        int32_t want = 128 * e + (int32_t)floor(128.0 * log2(m / 8388608.0) + 0.5), lod = sf_lod_from_rho2(rho2);
        if (lod != want) what = "lod_log2", code = bits, got = (uint32_t)lod, mid_f = (float)want;
      }
    }
  }
  /* and the inputs with no logarithm of their own: NaN, zeros, negatives and subnormals (the least,
   * the greatest, and ones with an odd or one-bit significand) give the least LOD, +inf the
   * greatest; the least and greatest normals give 128 * e and 128 * e + 128 (2 - 2^-23 rounds up
   * to 2 at 1/128 steps) */
  static const struct {
    uint32_t bits;
    int32_t want;
  } special[] = {{0x00000000u, SF_LOD_MIN}, {0x80000000u, SF_LOD_MIN}, {0x00000001u, SF_LOD_MIN},
                 {0x00000002u, SF_LOD_MIN}, {0x00400001u, SF_LOD_MIN}, {0x007FFFFFu, SF_LOD_MIN},
                 {0x807FFFFFu, SF_LOD_MIN}, {0xBF800000u, SF_LOD_MIN}, {0xFF800000u, SF_LOD_MIN},
                 {0x7FC00000u, SF_LOD_MIN}, {0x7F800001u, SF_LOD_MIN}, {0xFFC00000u, SF_LOD_MIN},
                 {0x7F800000u, SF_LOD_MAX}, {0x00800000u, -128 * 126}, {0x7F7FFFFFu, 128 * 128}};
  for (unsigned k = 0; k < sizeof special / sizeof special[0] && !what; k++) {
    float rho2;
    memcpy(&rho2, &special[k].bits, sizeof rho2);
    int32_t lod = sf_lod_from_rho2(rho2);
    if (lod != special[k].want) what = "lod_log2", code = special[k].bits, got = (uint32_t)lod, mid_f = (float)special[k].want;
  }
  if (!what) return true;
  sf_verdict_fail(v, "conversions", NULL, what);
  sf_verdict_key(v, "conversions %s", what);
  if (!strcmp(what, "half_overflow"))
    sf_verdict_dumpf(v, "half_overflow: the float %a rounds to half 0x%x, want 0x%x (infinity)\n", (double)mid_f, got, code);
  else if (!strncmp(what, "half_", 5))
    sf_verdict_dumpf(v, "%s: the float %a after half 0x%x rounds to half 0x%x\n", what, (double)mid_f, code, got);
  else if (!strcmp(what, "lod_log2"))
    sf_verdict_dumpf(v, "rho2 with the bits 0x%08x: the LOD is %d/256, want %d/256 (128 * log2(rho2), rounded)\n", code,
                     (int)got, (int)mid_f);
  else if (!strcmp(what, "unorm_width"))
    sf_verdict_dumpf(v, "unorm of %u bits: 0, the largest code or half of it decodes wrong (the largest code gives 0x%08x)\n",
                     code, got);
  else if (!strcmp(what, "snorm8"))
    sf_verdict_dumpf(v, "snorm8 code 0x%x decodes to the float bits 0x%08x, want max(c / 127, -1)\n", code, got);
  else
    sf_verdict_dumpf(v, "%s code 0x%x decodes and encodes back to 0x%x\n", what, code, got);
  return false;
}

SF_CHECK_ONCE_FN(sf_check_conversions)
