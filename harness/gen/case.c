/* harness/gen/case.c — reading, writing and instantiating the structured fuzz case
 * (include/samplefuzz/case.h). Every field is folded into range so that any byte
 * string is a case whose surface can be created and whose sampler state passes sf_sampler_check;
 * the number of bytes read is fixed by the layout, never by the CPU. */
#include <stdio.h>
#include <string.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/case.h"
#include "samplefuzz/gen.h"

static const sf_family sf_case_families[4] = {SF_FAMILY_SAMPLE_UNORM, SF_FAMILY_SAMPLE_3D, SF_FAMILY_AVS,
                                              SF_FAMILY_D3D};

/* Special operand values: 0, -0, 1, 0.5, +inf, -inf, quiet NaN, smallest denormal. */
static const uint32_t sf_case_specials[8] = {0x00000000u, 0x80000000u, 0x3f800000u, 0x3f000000u,
                                             0x7f800000u, 0xff800000u, 0x7fc00000u, 0x00000001u};

static uint32_t sf_f32_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static uint32_t sf_case_palette_value(uint8_t cls, uint32_t raw) {
  switch (cls % 4u) {
    case SF_CASE_PAL_RAW: return raw;
    case SF_CASE_PAL_UNIT: return sf_f32_bits(-0.5f + 2.0f * (float)(raw >> 8) / 16777216.0f);
    case SF_CASE_PAL_GRID: return sf_f32_bits((float)(int32_t)(raw % 1024u) / 32.0f - 8.0f);
    default: return sf_case_specials[raw % 8u];
  }
}

static uint32_t sf_full_chain(uint32_t w, uint32_t h, uint32_t d) {
  uint32_t m = w > h ? w : h;
  if (d > m) m = d;
  uint32_t levels = 1;
  while (m > 1) {
    m >>= 1;
    levels++;
  }
  return levels;
}

/* A width or height byte: 1-16, or from SF_CASE_WIDE_BYTE up the wide sizes (case.h); and back, to
 * the byte of the size at or below d. */
static uint32_t sf_case_dim_of(uint8_t b) {
  return b >= SF_CASE_WIDE_BYTE ? SF_CASE_WIDE_MIN + SF_CASE_WIDE_STEP * (b - SF_CASE_WIDE_BYTE) : 1u + b % SF_CASE_MAX_DIM;
}
static uint8_t sf_case_dim_byte(uint32_t d) {
  if (d < SF_CASE_WIDE_MIN) return (uint8_t)((d ? d - 1u : 0u) % SF_CASE_MAX_DIM);
  uint32_t k = (d - SF_CASE_WIDE_MIN) / SF_CASE_WIDE_STEP;
  return (uint8_t)(SF_CASE_WIDE_BYTE + (k > 0xFFu - SF_CASE_WIDE_BYTE ? 0xFFu - SF_CASE_WIDE_BYTE : k));
}

/* Folds the header bytes into a creatable surface. */
static void sf_case_fold_surface(const uint8_t *h, sf_surface_desc *d) {
  memset(d, 0, sizeof *d);
  d->format = (uint8_t)(h[4] % SF_FMT_COUNT);
  d->type = (uint8_t)(h[3] % SF_SURF_TYPE_COUNT);
  d->width = sf_case_dim_of(h[5]);
  d->height = sf_case_dim_of(h[6]);
  d->depth = 1;
  d->layers = 1;
  uint32_t extra = 1u + h[7] % SF_CASE_MAX_DEPTH;
  if (d->format == SF_FMT_NV12) {
    /* NV12: 2D, one level, even sizes (sampler.h). */
    d->type = SF_SURF_2D;
    d->width = (d->width + 1u) & ~1u;
    d->height = (d->height + 1u) & ~1u;
    d->levels = 1;
    return;
  }
  switch (d->type) {
    case SF_SURF_1D: d->height = 1; break;
    case SF_SURF_1D_ARRAY: d->height = 1; d->layers = 1u + (extra - 1u) % SF_CASE_MAX_LAYERS; break;
    case SF_SURF_2D_ARRAY: d->layers = 1u + (extra - 1u) % SF_CASE_MAX_LAYERS; break;
    case SF_SURF_3D: d->depth = extra; break;
    case SF_SURF_CUBE: d->height = d->width; break;
    case SF_SURF_CUBE_ARRAY: d->height = d->width; d->layers = 1u + (extra - 1u) % SF_CASE_MAX_LAYERS; break;
    default: break;
  }
  uint32_t full = sf_full_chain(d->width, d->height, d->type == SF_SURF_3D ? d->depth : 1);
  d->levels = 1u + h[8] % full;
}

/* Makes the surface and sampler usable by the family (sampler.h: SAMPLE_UNORM and AVS read 2D
 * r8/rg8/rgba8_unorm or nv12; NV12 is for those two only; integer formats are point sampled).
 * Idempotent, so sf_case_write's values read back unchanged. */
static void sf_case_fold_family(sf_case *c) {
  sf_surface_desc *d = &c->surf;
  if (c->family == SF_FAMILY_SAMPLE_UNORM || c->family == SF_FAMILY_AVS) {
    static const uint8_t ok[4] = {SF_FMT_R8_UNORM, SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_NV12};
    bool allowed = false;
    for (unsigned i = 0; i < 4; i++) allowed |= d->format == ok[i];
    if (!allowed) d->format = ok[d->format % 4u];
    d->type = SF_SURF_2D;
    d->depth = 1;
    d->layers = 1;
    if (d->format == SF_FMT_NV12) {
      d->width = (d->width + 1u) & ~1u;
      d->height = (d->height + 1u) & ~1u;
      d->levels = 1;
    } else {
      uint32_t full = sf_full_chain(d->width, d->height, 1);
      if (d->levels > full) d->levels = full;
    }
  } else if (d->format == SF_FMT_NV12) {
    d->format = SF_FMT_RGBA8_UNORM;
  }
  const sf_format_info *fi = sf_format_get(d->format);
  if (fi && (fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT)) {
    c->samp.min_filter = c->samp.mag_filter = SF_FILTER_POINT;
    if (c->samp.mip_filter == SF_MIP_LINEAR) c->samp.mip_filter = SF_MIP_POINT;
  }
}

/* One phase of pseudo-random taps: each outer tap in [-span, span] from a splitmix64 step of *x,
 * the centre tap what brings the phase's sum to 64. */
static void avs_random_taps(int8_t *taps, unsigned n, unsigned centre, unsigned span, uint64_t *x) {
  int sum = 0;
  for (unsigned t = 0; t < n; t++) {
    *x ^= *x >> 29;
    *x *= 0xBF58476D1CE4E5B9u;
    *x ^= *x >> 32;
    if (t == centre) continue;
    taps[t] = (int8_t)((int)(*x % (2u * span + 1u)) - (int)span);
    sum += taps[t];
  }
  taps[centre] = (int8_t)(64 - sum);
}

/* The AVS coefficient tables of a case (byte 23, bits 2-3; docs/fuzzing.md "Structured case"). Every
 * table is valid: each phase's taps are int8 and sum to 64 (sf_sampler_check). 0 keeps
 * sf_sampler_default's nearest tables, whose one tap of 64 leaves the filter's arithmetic unexercised;
 * 1 is bilinear between the two centre taps; 2 a Catmull-Rom cubic over the four centre taps
 * (negative lobes); 3 pseudo-random taps drawn from the pattern bytes, with large negative outer taps
 * and a centre tap that brings the sum to 64. */
static void sf_case_avs_tables(sf_case *c) {
  unsigned kind = (c->avs_flags >> 2) & 3u;
  if (kind == 0 || c->layout == 1) return;
  uint64_t x = 0x9E3779B97F4A7C15u;
  for (unsigned i = 0; i < SF_CASE_PATTERN_SIZE; i++) x = (x ^ c->pattern[i]) * 0x100000001B3u;
  for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
    int8_t *l = c->samp.avs_luma[p], *ch = c->samp.avs_chroma[p];
    memset(l, 0, SF_AVS_LUMA_TAPS);
    memset(ch, 0, SF_AVS_CHROMA_TAPS);
    if (kind == 1) {
      l[3] = ch[1] = (int8_t)(64 - 2 * (int)p);
      l[4] = ch[2] = (int8_t)(2 * p);
    } else if (kind == 2) {
      /* Catmull-Rom at t = p/32, in 1/64 with t^3 scaled by 32^3: weights of taps -1, 0, 1, 2 */
      int t = (int)p, t2 = t * t, t3 = t2 * t; /* t3 <= 29791 */
      int w[4] = {(-t3 + 2 * 32 * t2 - 32 * 32 * t), (3 * t3 - 5 * 32 * t2 + 2 * 32 * 32 * 32), (-3 * t3 + 4 * 32 * t2 + 32 * 32 * t),
                  (t3 - 32 * t2)};
      int sum = 0;
      for (unsigned k = 0; k < 4; k++) {
        /* w[k] / (2 * 32^3) of 64, rounded to nearest (ties away from zero) */
        int num = w[k] * 64, den = 2 * 32 * 32 * 32;
        int q = num >= 0 ? (num + den / 2) / den : -((-num + den / 2) / den);
        l[2 + k] = ch[k] = (int8_t)q;
        sum += q;
      }
      unsigned near = p < SF_AVS_PHASES / 2 ? 0u : 1u; /* the rounding remainder goes to the nearer centre tap */
      l[3 + near] = (int8_t)(l[3 + near] + 64 - sum);
      ch[1 + near] = (int8_t)(ch[1 + near] + 64 - sum);
    } else {
      avs_random_taps(l, SF_AVS_LUMA_TAPS, 3, 9, &x);    /* -9..9: the centre tap stays within 1..127 */
      avs_random_taps(ch, SF_AVS_CHROMA_TAPS, 1, 20, &x); /* -20..20: the centre tap stays within 4..124 */
    }
  }
}

sf_code sf_case_read(const uint8_t *data, size_t len, sf_case *c, sf_status *st) {
  if (!c || (!data && len)) return sf_fail(st, SF_ERR_INVALID, "sf_case_read: NULL argument");
  memset(c, 0, sizeof *c);
  if (len > SF_CASE_MAX_SIZE) len = SF_CASE_MAX_SIZE;
  uint8_t fixed[SF_CASE_FIXED_SIZE];
  memset(fixed, 0, sizeof fixed);
  if (len) memcpy(fixed, data, len < sizeof fixed ? len : sizeof fixed);
  const uint8_t *h = fixed;
  c->version = h[0];
  c->layout = h[0] == 1 ? 1u : SF_CASE_VERSION;
  c->family = sf_case_families[h[1] % 4u];
  c->flags = (uint8_t)(h[2] & (c->layout == 1 ? SF_CASE_F_MASK_V1 : SF_CASE_F_MASK));
  sf_case_fold_surface(h, &c->surf);
  sf_sampler_default(&c->samp);
  c->samp.min_filter = h[9] & 1u;
  c->samp.mag_filter = (h[9] >> 1) & 1u;
  c->samp.mip_filter = (uint8_t)(((h[9] >> 2) & 3u) % 3u);
  c->samp.addr[0] = (uint8_t)((h[10] & 15u) % SF_ADDR_COUNT);
  c->samp.addr[1] = (uint8_t)((h[10] >> 4) % SF_ADDR_COUNT);
  c->samp.addr[2] = (uint8_t)((h[11] & 15u) % SF_ADDR_COUNT);
  c->samp.compare = (uint8_t)((h[11] >> 4) & 7u);
  c->samp.lod_bias = (int16_t)((int32_t)(sf_le16(h + 12) % 8192u) - 4096);
  c->samp.min_lod = (uint16_t)(sf_le16(h + 14) % 4096u);
  c->samp.max_lod = (uint16_t)(sf_le16(h + 16) % 4096u);
  c->dmask = sf_le32(h + 18);
  c->border_code = h[22];
  static const float border_vals[4] = {0.0f, 1.0f, 0.5f, -1.0f};
  for (unsigned i = 0; i < 4; i++) c->samp.border[i] = border_vals[(c->border_code >> (2 * i)) & 3u];
  c->avs_flags = (uint8_t)(h[23] & (c->layout == 1 ? 3u : SF_CASE_AVS_MASK));
  c->samp.avs_shuffle = (c->avs_flags & 1u) != 0;
  c->samp.avs_8tap_all = (c->avs_flags & 2u) != 0;
  memcpy(c->pattern, h + SF_CASE_HEADER_SIZE, SF_CASE_PATTERN_SIZE);
  sf_case_avs_tables(c);
  const uint8_t *pal = h + SF_CASE_HEADER_SIZE + SF_CASE_PATTERN_SIZE;
  for (unsigned i = 0; i < SF_CASE_PALETTE; i++) {
    c->pal_class[i] = (uint8_t)(pal[5 * i] % 4u);
    c->pal_raw[i] = sf_le32(pal + 5 * i + 1);
    c->palette[i] = sf_case_palette_value(c->pal_class[i], c->pal_raw[i]);
  }
  if (len > SF_CASE_FIXED_SIZE) {
    c->gen_len = len - SF_CASE_FIXED_SIZE;
    if (c->gen_len > SF_CASE_MAX_GEN) c->gen_len = SF_CASE_MAX_GEN;
    memcpy(c->gen, data + SF_CASE_FIXED_SIZE, c->gen_len);
  }
  sf_fdp f;
  sf_fdp_init(&f, c->gen, c->gen_len);
  if (sf_gen_inst(&f, c->family, SF_GEN_VALID | SF_GEN_EXEC, &c->inst) != SF_OK)
    return sf_fail(st, SF_ERR_INVALID, "sf_gen_inst refused family %d", (int)c->family);
  sf_case_fold_family(c);
  /* AVS output shuffle is not defined for 16x8 blocks (IGC's AVS documentation, Notes): the state
   * follows the instruction, so that a valid case is one the sampler executes. */
  if (c->family == SF_FAMILY_AVS && (c->inst.avs.exec_mode & 0xF) == SF_AVS_16x8) c->samp.avs_shuffle = false;
  /* Comparison sampling is not defined on integer formats (D3D11.3 §7.18.15): a compare op on one
   * samples R32_FLOAT instead, the depth-like format of the same texel size. */
  bool compare = false;
  if (c->family == SF_FAMILY_D3D) {
    compare = c->inst.d3d.op == SF_D3D_SAMPLE_C || c->inst.d3d.op == SF_D3D_SAMPLE_C_LZ;
  } else if (c->family == SF_FAMILY_SAMPLE_3D) {
    sf_s3d_param roles[SF_S3D_MAX_PARAMS];
    unsigned np = sf_s3d_param_roles(c->inst.s3d.op, roles, SF_S3D_MAX_PARAMS);
    for (unsigned k = 0; k < np && k < SF_S3D_MAX_PARAMS; k++) compare |= roles[k] == SF_P_REF;
  }
  const sf_format_info *fi = sf_format_get(c->surf.format);
  if (compare && fi && (fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT)) c->surf.format = SF_FMT_R32F;
  return SF_OK;
}

static unsigned sf_case_family_index(sf_family f) {
  for (unsigned i = 0; i < 4; i++)
    if (sf_case_families[i] == f) return i;
  return 0;
}

sf_code sf_case_write(const sf_case *c, uint8_t *out, size_t cap, size_t *len, sf_status *st) {
  size_t gen_len = c->gen_len > SF_CASE_MAX_GEN ? SF_CASE_MAX_GEN : c->gen_len;
  size_t need = SF_CASE_FIXED_SIZE + gen_len;
  if (cap < need) return sf_fail(st, SF_ERR_LIMIT, "case needs %zu bytes, buffer holds %zu", need, cap);
  memset(out, 0, need);
  uint8_t *h = out;
  const sf_surface_desc *d = &c->surf;
  h[0] = (uint8_t)(c->layout == 1 ? 1u : SF_CASE_VERSION);
  h[1] = (uint8_t)sf_case_family_index(c->family);
  h[2] = (uint8_t)(c->flags & (c->layout == 1 ? SF_CASE_F_MASK_V1 : SF_CASE_F_MASK));
  h[3] = d->type;
  h[4] = d->format;
  h[5] = sf_case_dim_byte(d->width);
  h[6] = sf_case_dim_byte(d->height);
  uint32_t extra = d->type == SF_SURF_3D ? d->depth : d->layers;
  h[7] = (uint8_t)((extra ? extra - 1u : 0u) % SF_CASE_MAX_DEPTH);
  h[8] = (uint8_t)(d->levels ? d->levels - 1u : 0u);
  h[9] = (uint8_t)((c->samp.min_filter & 1u) | ((c->samp.mag_filter & 1u) << 1) | ((c->samp.mip_filter % 3u) << 2));
  h[10] = (uint8_t)((c->samp.addr[0] % SF_ADDR_COUNT) | ((c->samp.addr[1] % SF_ADDR_COUNT) << 4));
  h[11] = (uint8_t)((c->samp.addr[2] % SF_ADDR_COUNT) | ((c->samp.compare & 7u) << 4));
  uint16_t bias = (uint16_t)((int32_t)c->samp.lod_bias + 4096);
  h[12] = (uint8_t)bias;
  h[13] = (uint8_t)(bias >> 8);
  h[14] = (uint8_t)c->samp.min_lod;
  h[15] = (uint8_t)(c->samp.min_lod >> 8);
  h[16] = (uint8_t)c->samp.max_lod;
  h[17] = (uint8_t)(c->samp.max_lod >> 8);
  for (unsigned i = 0; i < 4; i++) h[18 + i] = (uint8_t)(c->dmask >> (8 * i));
  h[22] = c->border_code;
  h[23] = (uint8_t)(c->avs_flags & (c->layout == 1 ? 3u : SF_CASE_AVS_MASK));
  memcpy(h + SF_CASE_HEADER_SIZE, c->pattern, SF_CASE_PATTERN_SIZE);
  uint8_t *pal = h + SF_CASE_HEADER_SIZE + SF_CASE_PATTERN_SIZE;
  for (unsigned i = 0; i < SF_CASE_PALETTE; i++) {
    pal[5 * i] = (uint8_t)(c->pal_class[i] % 4u);
    for (unsigned b = 0; b < 4; b++) pal[5 * i + 1 + b] = (uint8_t)(c->pal_raw[i] >> (8 * b));
  }
  memcpy(out + SF_CASE_FIXED_SIZE, c->gen, gen_len);
  *len = need;
  return SF_OK;
}

const char *sf_case_describe(const sf_case *c, char *buf, size_t n) {
  const sf_format_info *fi = sf_format_get(c->surf.format);
  static const char *const addr[] = {"wrap", "mirror", "clamp", "border", "mirror_once"};
  static const char *const avs_tables[] = {"nearest", "bilinear", "catmull-rom", "pseudo-random"};
  snprintf(buf, n,
           "%s %s %ux%ux%u layers %u levels %u; filter %s/%s mip %u; addr %s,%s,%s; compare %u; bias %d min %u max %u "
           "(s4.8/u4.8); dmask %08x%s%s%s; avs%s%s tables %s",
           sf_surf_type_name(c->surf.type), fi ? fi->name : "?", c->surf.width, c->surf.height, c->surf.depth,
           c->surf.layers, c->surf.levels, c->samp.min_filter ? "linear" : "point",
           c->samp.mag_filter ? "linear" : "point", c->samp.mip_filter, addr[c->samp.addr[0] % 5],
           addr[c->samp.addr[1] % 5], addr[c->samp.addr[2] % 5], c->samp.compare, c->samp.lod_bias, c->samp.min_lod,
           c->samp.max_lod, (unsigned)c->dmask, (c->flags & SF_CASE_F_CONSTANT) ? "; constant texture" : "",
           (c->flags & SF_CASE_F_NULL_TILE) ? "; null tile" : "", (c->flags & SF_CASE_F_GRF64) ? "; 64-byte GRFs" : "",
           (c->avs_flags & 1u) ? " shuffle" : "",
           (c->avs_flags & 2u) ? " 8-tap" : "", avs_tables[(c->avs_flags >> 2) & 3u]);
  return buf;
}

/* Fills a variable's elements from the palette, cyclically, in its element type. A loop of fixed
 * shape per variable of the fixed declaration set (sf_gen_vars), so SF_NO_COVERAGE as the register
 * fill below; the half conversion it calls (surface.c) stays instrumented. */
SF_NO_COVERAGE static void sf_case_fill_var(const sf_case *c, uint8_t *bytes, uint32_t size, uint8_t type, uint32_t salt) {
  unsigned es = sf_vtype_size(type);
  if (es == 0) es = 4;
  /* Layout 2 turns the sequence by 3 every 16 elements: in layout 1 element k + 16 repeated element
   * k, so an operand read one 64-byte GRF (16 dwords) away from its place read the same values. */
  uint32_t turn = c->layout == 1 ? 0u : 3u;
  for (uint32_t i = 0, k = 0; i + es <= size; i += es, k++) {
    uint32_t v = c->palette[(k * 5u + (k >> 4) * turn + salt) % SF_CASE_PALETTE];
    uint8_t tmp[8] = {0};
    switch (type) {
      case SF_VT_HF: {
        float f;
        memcpy(&f, &v, 4);
        uint16_t h = sf_float_to_half(f);
        memcpy(tmp, &h, 2);
        break;
      }
      case SF_VT_DF: {
        float f;
        memcpy(&f, &v, 4);
        double d = (double)f;
        memcpy(tmp, &d, 8);
        break;
      }
      default:
        for (unsigned b = 0; b < 4; b++) tmp[b] = (uint8_t)(v >> (8 * b));
        break;
    }
    for (unsigned b = 0; b < es; b++) bytes[i + b] = tmp[b]; /* not memcpy: a libc call per element when es is not known */
  }
}

/* Layout 2's register file: entry (ch + 4 n + n / 4 + salt) of the palette for channel ch of
 * register number n, the salt set by the file, the lane and the constant buffer. Within a lane the
 * four channels of four registers in a row are 16 different entries, and register n + 4 is register n
 * turned by one channel. Layout 1's formulas had exact repeats a wrong index could hide behind: r4
 * was r0, v(n).y was v(n+3).x, and cb(b+1)[n] was cb(b)[n+1] (b + n is symmetric, so cb2[5] and
 * cb5[2] held the same values). */
SF_NO_COVERAGE static uint32_t case_reg2(const sf_case *c, unsigned n, unsigned ch, unsigned salt) {
  return c->palette[(ch + 4u * n + n / 4u + salt) % SF_CASE_PALETTE];
}

SF_NO_COVERAGE static void case_fill_d3d_regs2(const sf_case *c, sf_d3d_regs *r) {
  for (unsigned lane = 0; lane < 4; lane++) {
    for (unsigned reg = 0; reg < SF_D3D_MAX_TEMPS; reg++)
      for (unsigned ch = 0; ch < 4; ch++) r->r[lane][reg][ch] = case_reg2(c, reg, ch, lane * 5u);
    for (unsigned reg = 0; reg < SF_D3D_MAX_INPUTS; reg++)
      for (unsigned ch = 0; ch < 4; ch++) r->v[lane][reg][ch] = case_reg2(c, reg, ch, lane * 5u + 2u);
    for (unsigned a = 0; a < SF_D3D_MAX_XARR; a++)
      for (unsigned reg = 0; reg < SF_D3D_MAX_XVEC; reg++)
        for (unsigned ch = 0; ch < 4; ch++) r->x[lane][a][reg][ch] = case_reg2(c, reg, ch, lane * 5u + a * 9u + 6u);
  }
  for (unsigned b = 0; b < SF_D3D_MAX_CB; b++)
    for (unsigned reg = 0; reg < SF_D3D_MAX_CB_VEC; reg++)
      for (unsigned ch = 0; ch < 4; ch++) r->cb[b][reg][ch] = case_reg2(c, reg, ch, b * 9u + 11u);
}

/* The D3D register file from the case's palette: fixed loops over every register, the same
 * branches for every case, so left out of SanitizerCoverage (bytes.h SF_NO_COVERAGE); instrumented,
 * they were a third of sample_diff's comparison callbacks. */
SF_NO_COVERAGE static void case_fill_d3d_regs(const sf_case *c, sf_d3d_regs *r) {
  if (c->layout != 1) {
    case_fill_d3d_regs2(c, r);
    return;
  }
  for (unsigned lane = 0; lane < 4; lane++) {
    for (unsigned reg = 0; reg < SF_D3D_MAX_TEMPS; reg++)
      for (unsigned ch = 0; ch < 4; ch++) r->r[lane][reg][ch] = c->palette[(lane * 3u + reg * 4u + ch) % SF_CASE_PALETTE];
    for (unsigned reg = 0; reg < SF_D3D_MAX_INPUTS; reg++)
      for (unsigned ch = 0; ch < 4; ch++) r->v[lane][reg][ch] = c->palette[(lane * 5u + reg + ch * 3u) % SF_CASE_PALETTE];
    for (unsigned a = 0; a < SF_D3D_MAX_XARR; a++)
      for (unsigned reg = 0; reg < SF_D3D_MAX_XVEC; reg++)
        for (unsigned ch = 0; ch < 4; ch++)
          r->x[lane][a][reg][ch] = c->palette[(lane + a + reg * 2u + ch) % SF_CASE_PALETTE];
  }
  for (unsigned b = 0; b < SF_D3D_MAX_CB; b++)
    for (unsigned reg = 0; reg < SF_D3D_MAX_CB_VEC; reg++)
      for (unsigned ch = 0; ch < 4; ch++) r->cb[b][reg][ch] = c->palette[(b + reg + ch * 7u) % SF_CASE_PALETTE];
}

void sf_case_null_tile(const sf_case *c, const sf_surface *s, unsigned *tx, unsigned *ty) {
  unsigned t = c->pattern[SF_CASE_NULL_TILE_BYTE];
  const sf_level *lv = &s->levels[0];
  *tx = (t & 0x80u) && lv->tiles_x ? (t & 7u) % lv->tiles_x : 0;
  *ty = (t & 0x80u) && lv->tiles_y ? (t >> 3 & 7u) % lv->tiles_y : 0;
}

/* The case format's texel size, the period of a constant fill (1 when it does not divide the pattern). */
static unsigned case_texel_bytes(const sf_case *c) {
  const sf_format_info *fi = sf_format_get(c->surf.format);
  return fi && fi->bytes && SF_CASE_PATTERN_SIZE % fi->bytes == 0 ? fi->bytes : 1;
}

void sf_case_fill(const sf_case *c, sf_surface *s) {
  if (!c || !s || !s->data) return;
  unsigned tb = case_texel_bytes(c);
  if (c->flags & SF_CASE_F_CONSTANT) {
    sf_surface_fill(s, c->pattern, tb);
    return;
  }
  if (c->layout == 1) {
    sf_surface_fill(s, c->pattern, SF_CASE_PATTERN_SIZE);
    return;
  }
  /* Layout 2: block b of 64 bytes is the pattern rotated by a whole number of texels, taken from a
   * multiplicative hash of b (block 0 is the pattern itself). A plain cyclic copy made every row of a
   * surface whose row pitch is a multiple of 64 bytes (16 RGBA8 texels, 4 RGBA32F) the same row,
   * and likewise every slice and array layer: vertical, depth and layer selection went unseen. */
  const size_t n = SF_CASE_PATTERN_SIZE;
  for (size_t off = 0, b = 0; off < s->size; off += n, b++) {
    size_t rot = (size_t)((((uint32_t)b * 0x9E3779B1u) >> 16) % (n / tb)) * tb;
    size_t len = s->size - off < n ? s->size - off : n;
    size_t first = n - rot < len ? n - rot : len;
    memcpy(s->data + off, c->pattern + rot, first);
    if (len > first) memcpy(s->data + off + first, c->pattern, len - first);
  }
}

/* A D3D t# / s# operand's slot, UINT32_MAX when it has no immediate one below cap. */
static uint32_t d3d_slot(const sf_d3d_opnd *o, uint32_t cap) {
  return o->index_dim >= 1 && o->idx[0].rep == SF_D3D_IDX_IMM32 && o->idx[0].imm < cap ? (uint32_t)o->idx[0].imm
                                                                                         : UINT32_MAX;
}

/* The slots the instruction names (UINT32_MAX: none, e.g. a D3D operand indexed at run time). */
static void case_slots(const sf_inst *in, uint32_t *surface, uint32_t *sampler) {
  *surface = *sampler = UINT32_MAX;
  switch (in->family) {
    case SF_FAMILY_SAMPLE_UNORM: *surface = in->unorm.surface, *sampler = in->unorm.sampler; break;
    case SF_FAMILY_SAMPLE_3D: *surface = in->s3d.surface, *sampler = in->s3d.sampler; break;
    case SF_FAMILY_AVS: *surface = in->avs.surface, *sampler = in->avs.sampler; break;
    case SF_FAMILY_D3D:
      if (in->d3d.num_src >= 3) {
        *surface = d3d_slot(&in->d3d.src[1], SF_MAX_SURFACES);
        *sampler = d3d_slot(&in->d3d.src[2], SF_MAX_SAMPLERS);
      }
      break;
    default: break;
  }
}

/* Binds the slots (sf_case_env in case.h). The decoy sampler stays valid for the surface's format:
 * integer formats keep point filtering, and the compare function and the AVS shuffle are the case's. */
static sf_code case_bind(const sf_case *c, sf_case_env *env, sf_status *st) {
  const sf_surface *surf = env->surface;
  const sf_sampler *samp = &env->sampler;
  if (c->layout != 1) {
    if (sf_surface_create(&env->decoy, &c->surf, st) != SF_OK) return st ? st->code : SF_ERR_INVALID;
    uint8_t pat[SF_CASE_PATTERN_SIZE];
    for (unsigned i = 0; i < SF_CASE_PATTERN_SIZE; i++) pat[i] = (uint8_t)~c->pattern[i];
    sf_surface_fill(env->decoy, pat, (c->flags & SF_CASE_F_CONSTANT) ? case_texel_bytes(c) : SF_CASE_PATTERN_SIZE);
    const sf_format_info *fi = sf_format_get(c->surf.format);
    sf_sampler *d = &env->decoy_sampler;
    *d = c->samp;
    for (unsigned a = 0; a < 3; a++) d->addr[a] = (uint8_t)((d->addr[a] + 1u) % SF_ADDR_COUNT);
    for (unsigned k = 0; k < 4; k++) d->border[k] = d->border[k] == 0.0f ? 0.25f : -d->border[k];
    d->lod_bias = (int16_t)(d->lod_bias <= 3839 ? d->lod_bias + 256 : d->lod_bias - 256);
    if (!fi || (fi->cls != SF_FCLASS_UINT && fi->cls != SF_FCLASS_SINT)) {
      d->min_filter ^= 1u;
      d->mag_filter ^= 1u;
    }
    d->avs_8tap_all = !d->avs_8tap_all;
    for (unsigned p = 0; p < SF_AVS_PHASES; p++) { /* the luma and chroma tables mirrored */
      for (unsigned t = 0; t < SF_AVS_LUMA_TAPS; t++) d->avs_luma[p][t] = c->samp.avs_luma[SF_AVS_PHASES - 1 - p][SF_AVS_LUMA_TAPS - 1 - t];
      for (unsigned t = 0; t < SF_AVS_CHROMA_TAPS; t++) d->avs_chroma[p][t] = c->samp.avs_chroma[SF_AVS_PHASES - 1 - p][SF_AVS_CHROMA_TAPS - 1 - t];
    }
    if (sf_sampler_check(d, st) != SF_OK) return st ? st->code : SF_ERR_INVALID;
    surf = env->decoy;
    samp = d;
  }
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++) env->state.surfaces[i] = surf;
  for (unsigned i = 0; i < SF_MAX_SAMPLERS; i++) env->state.samplers[i] = samp;
  uint32_t ts, ss;
  case_slots(&c->inst, &ts, &ss);
  if (ts < SF_MAX_SURFACES) env->state.surfaces[ts] = env->surface;
  if (ss < SF_MAX_SAMPLERS) env->state.samplers[ss] = &env->sampler;
  return SF_OK;
}

sf_code sf_case_env_build(const sf_case *c, sf_case_env *env, sf_status *st) {
  memset(env, 0, sizeof *env);
  sf_state_init(&env->state);
  if (sf_surface_create(&env->surface, &c->surf, st) != SF_OK) return st ? st->code : SF_ERR_INVALID;
  sf_case_fill(c, env->surface);
  if (c->flags & SF_CASE_F_NULL_TILE) {
    unsigned tx, ty;
    sf_case_null_tile(c, env->surface, &tx, &ty);
    if (sf_surface_set_null(env->surface, 0, 0, tx * SF_NULL_TILE, ty * SF_NULL_TILE, true, st) != SF_OK)
      return st ? st->code : SF_ERR_INVALID;
  }
  env->sampler = c->samp;
  if (sf_sampler_check(&env->sampler, st) != SF_OK) return st ? st->code : SF_ERR_INVALID;
  if (case_bind(c, env, st) != SF_OK) return st ? st->code : SF_ERR_INVALID;
  env->state.dmask = c->dmask;
  if (c->flags & SF_CASE_F_GRF64) env->state.grf_bytes = 64;
  for (unsigned p = 0; p < SF_MAX_PREDS; p++) env->state.preds[p] = c->palette[p % SF_CASE_PALETTE];
  for (size_t i = 0; i < sf_gen_var_count; i++) {
    const sf_gen_var *gv = &sf_gen_vars[i];
    if (gv->on_demand && !(c->inst.family == SF_FAMILY_SAMPLE_3D && c->inst.s3d.dst.id == gv->id)) continue;
    uint32_t size = (uint32_t)gv->num_elts * (sf_vtype_size(gv->type) ? sf_vtype_size(gv->type) : 4u);
    /* The generator places operands in 32-byte GRF rows; with 64-byte GRFs the same row offsets
     * reach twice as far, so each variable is declared with twice the elements. */
    if (c->flags & SF_CASE_F_GRF64) size *= 2u;
    if (size > SF_VAR_MAX_BYTES) size = SF_VAR_MAX_BYTES;
    uint8_t *bytes = NULL;
    if (sf_state_add_var(&env->state, gv->id, gv->type, size, &bytes, st) != SF_OK) return st ? st->code : SF_ERR_LIMIT;
    if (bytes) sf_case_fill_var(c, bytes, size, gv->type, (uint32_t)i);
  }
  case_fill_d3d_regs(c, &env->state.d3d);
  sf_d3d_regs *r = &env->state.d3d;
  r->live = (uint8_t)(0x0Fu & (c->dmask | (c->dmask >> 4) | 1u));
  return SF_OK;
}

sf_code sf_case_state_clone(const sf_case_env *env, sf_state *dst, sf_status *st) {
  const sf_state *src = &env->state;
  sf_state_init(dst);
  memcpy(dst->surfaces, src->surfaces, sizeof dst->surfaces);
  memcpy(dst->samplers, src->samplers, sizeof dst->samplers);
  dst->grf_bytes = src->grf_bytes;
  dst->dmask = src->dmask;
  memcpy(dst->preds, src->preds, sizeof dst->preds);
  memcpy(dst->addrs, src->addrs, sizeof dst->addrs);
  dst->d3d = src->d3d;
  for (unsigned i = 0; i < src->nvars; i++) {
    const sf_var *v = &src->vars[i];
    uint8_t *bytes = NULL;
    if (sf_state_add_var(dst, v->id, v->type, v->size, &bytes, st) != SF_OK) return st ? st->code : SF_ERR_LIMIT;
    if (bytes && v->bytes && v->size) memcpy(bytes, v->bytes, v->size);
  }
  return SF_OK;
}

void sf_case_env_free(sf_case_env *env) {
  sf_state_free(&env->state);
  sf_surface_free(env->surface);
  env->surface = NULL;
  sf_surface_free(env->decoy);
  env->decoy = NULL;
}
