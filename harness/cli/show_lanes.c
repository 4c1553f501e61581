/* show_lanes.c — `samplefuzz show`, the numbers: per-lane operand values as the executor reads them,
 * and the results as a block of pixels x channels with expected/actual/ULP tables and differing
 * machine-state words. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <dlfcn.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SF_HAVE_PNG
#include <png.h>
#endif

#include "harness/cli/show_int.h"


/* A scalar vISA operand's value as the executor reads it (modifiers aside), printed. */
static void show_vopnd(const char *name, const sf_vopnd *o, const sf_state *s) {
  printf("  %-10s ", name);
  if (o->cls == SF_VCLS_IMMEDIATE) {
    unsigned t = o->type & 0xFu;
    if (t == SF_VT_F) printf("immediate %g (0x%08" PRIx32 ")\n", (double)show_f32((uint32_t)o->imm), (uint32_t)o->imm);
    else printf("immediate 0x%" PRIx64 ":%s\n", o->imm, sf_vtype_name((uint8_t)t) ? sf_vtype_name((uint8_t)t) : "?");
    return;
  }
  if (o->cls != SF_VCLS_GENERAL) {
    printf("operand class %u (not a general variable)\n", o->cls);
    return;
  }
  const sf_var *v = sf_state_var_c(s, o->id);
  unsigned sz = v ? sf_vtype_size(v->type) : 0;
  uint64_t at = (uint64_t)o->row_off * s->grf_bytes + (uint64_t)o->col_off * sz;
  if (!v || sz == 0 || sz > 4 || at + sz > v->size) {
    printf("V%" PRIu32 "(%u,%u): not readable in this state\n", o->id, o->row_off, o->col_off);
    return;
  }
  uint32_t raw = 0;
  for (unsigned b = 0; b < sz; b++) raw |= (uint32_t)v->bytes[at + b] << (8 * b);
  if (v->type == SF_VT_F) printf("V%" PRIu32 "(%u,%u) = %g (0x%08" PRIx32 ")\n", o->id, o->row_off, o->col_off, (double)show_f32(raw), raw);
  else if (v->type == SF_VT_HF)
    printf("V%" PRIu32 "(%u,%u) = %g (hf 0x%04" PRIx32 ")\n", o->id, o->row_off, o->col_off, (double)sf_half_to_float((uint16_t)raw), raw);
  else printf("V%" PRIu32 "(%u,%u) = 0x%" PRIx32 ":%s\n", o->id, o->row_off, o->col_off, raw, sf_vtype_name(v->type));
}

static void show_lanes_s3d(const sf_sample_3d *in, const sf_state *s) {
  unsigned lanes = sf_exec_size_lanes(in->exec_size);
  sf_s3d_param roles[SF_S3D_MAX_PARAMS];
  unsigned nroles = sf_s3d_param_roles(in->op, roles, SF_S3D_MAX_PARAMS);
  unsigned np = in->num_params < nroles ? in->num_params : nroles;
  if (lanes == 0 || np == 0) {
    printf("per-lane parameters: none readable (exec size code %u, %u parameters)\n", in->exec_size, in->num_params);
    return;
  }
  printf("per-lane parameters (%u lanes; dispatch mask %08" PRIx32 ", emask M%u%s):\n", lanes, s->dmask,
         (in->emask & 7u) + 1u, in->emask >= 8 ? "_NM" : "");
  printf("  lane");
  for (unsigned k = 0; k < np; k++) printf(" %13s", sf_s3d_param_name(roles[k]));
  printf("\n");
  for (unsigned i = 0; i < lanes; i++) {
    printf("  %4u", i);
    for (unsigned k = 0; k < np; k++) {
      const sf_raw *p = &in->params[k];
      const sf_var *v = p->id ? sf_state_var_c(s, p->id) : NULL;
      unsigned sz = v ? sf_vtype_size(v->type) : 0;
      if (p->id == 0) {
        printf(" %13s", "0 (%null)");
        continue;
      }
      if (!v || (sz != 2 && sz != 4) || (uint64_t)p->off + (uint64_t)(i + 1) * sz > v->size) {
        printf(" %13s", "-");
        continue;
      }
      const uint8_t *e = v->bytes + p->off + (size_t)i * sz;
      uint32_t raw = sz == 2 ? (uint32_t)e[0] | (uint32_t)e[1] << 8 : sf_le32(e);
      float f = sz == 2 ? sf_half_to_float((uint16_t)raw) : show_f32(raw);
      if (roles[k] >= SF_P_OFFUVR) {   /* packed offsets (and LOD/bias): show the bits */
        char t[16];
        snprintf(t, sizeof t, "0x%08" PRIx32, raw);
        printf(" %13s", t);
      } else {
        printf(" %13.6g", (double)f);
      }
    }
    printf("\n");
  }
}

/* A D3D source operand's 4 components for one lane, when it is a plain temp/input/immediate. */
static bool show_d3d_src(const sf_d3d_opnd *o, const sf_state *s, unsigned lane, uint32_t out[4]) {
  const uint32_t *reg = NULL;
  uint32_t idx = o->index_dim >= 1 ? (uint32_t)o->idx[0].imm : 0;
  if (o->index_dim >= 1 && o->idx[0].rep != SF_D3D_IDX_IMM32) return false;
  switch (o->type) {
    case SF_D3D_OT_TEMP: if (idx < SF_D3D_MAX_TEMPS) reg = s->d3d.r[lane][idx]; break;
    case SF_D3D_OT_INPUT: if (idx < SF_D3D_MAX_INPUTS) reg = s->d3d.v[lane][idx]; break;
    case SF_D3D_OT_IMM32: reg = o->imm; break;
    default: break;
  }
  if (!reg) return false;
  for (unsigned k = 0; k < 4; k++) {
    unsigned c = k;
    if (o->type != SF_D3D_OT_IMM32 || o->num_comp == SF_D3D_NC_4) {
      if (o->sel_mode == SF_D3D_SEL_SWIZZLE) c = (o->comp_bits >> (2 * k)) & 3u;
      else if (o->sel_mode == SF_D3D_SEL_SELECT1) c = o->comp_bits & 3u;
    } else {
      c = 0;
    }
    out[k] = reg[c];
  }
  return true;
}

static void show_lanes_d3d(const sf_d3d_inst *in, const sf_state *s) {
  static const char *const names[SF_D3D_MAX_SRC] = {"address", "resource", "sampler", "src3", "src4"};
  const char *third = in->op == SF_D3D_SAMPLE_C || in->op == SF_D3D_SAMPLE_C_LZ ? "reference"
                      : in->op == SF_D3D_SAMPLE_L ? "lod" : in->op == SF_D3D_SAMPLE_B ? "bias"
                      : in->op == SF_D3D_SAMPLE_D ? "ddx" : "src3";
  printf("per-lane operands (2x2 quad: lane 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right; live %x):\n",
         s->d3d.live);
  for (unsigned k = 0; k < in->num_src && k < SF_D3D_MAX_SRC; k++) {
    if (k == 1 || k == 2) continue;   /* resource and sampler are slots, not values */
    const char *nm = k == 3 ? third : (k == 4 ? "ddy" : names[k]);
    for (unsigned l = 0; l < 4; l++) {
      uint32_t v[4];
      if (!show_d3d_src(&in->src[k], s, l, v)) {
        printf("  %-9s lane %u: (operand type %u: see the asm)\n", nm, l, in->src[k].type);
        break;
      }
      printf("  %-9s lane %u: %g %g %g %g\n", nm, l, (double)show_f32(v[0]), (double)show_f32(v[1]),
             (double)show_f32(v[2]), (double)show_f32(v[3]));
    }
  }
  if (in->has_aoffimmi) printf("  aoffimmi  (%d, %d, %d)\n", in->aoffimmi[0], in->aoffimmi[1], in->aoffimmi[2]);
}

void show_lanes(const sf_inst *in, const sf_state *s) {
  switch (in->family) {
    case SF_FAMILY_SAMPLE_3D: show_lanes_s3d(&in->s3d, s); break;
    case SF_FAMILY_SAMPLE_UNORM:
      printf("block operands (8x4 pixels; pixel (x,y) at (u + x*deltaU, v + y*deltaV)):\n");
      show_vopnd("u", &in->unorm.u, s);
      show_vopnd("v", &in->unorm.v, s);
      show_vopnd("deltaU", &in->unorm.du, s);
      show_vopnd("deltaV", &in->unorm.dv, s);
      break;
    case SF_FAMILY_AVS:
      printf("block operands:\n");
      show_vopnd("u", &in->avs.u_off, s);
      show_vopnd("v", &in->avs.v_off, s);
      show_vopnd("deltaU", &in->avs.du, s);
      show_vopnd("deltaV", &in->avs.dv, s);
      show_vopnd("u2d", &in->avs.u2d, s);
      show_vopnd("v2d", &in->avs.v2d, s);
      show_vopnd("vbn", &in->avs.vbn, s);
      show_vopnd("IEFBypass", &in->avs.ief_bypass, s);
      break;
    case SF_FAMILY_D3D: show_lanes_d3d(&in->d3d, s); break;
    default: break;
  }
}

static uint32_t show_rd(const uint8_t *p, unsigned sz) {
  uint32_t v = 0;
  for (unsigned b = 0; b < sz; b++) v |= (uint32_t)p[b] << (8 * b);
  return v;
}

static unsigned show_round_up(unsigned v, unsigned a) { return a ? (v + a - 1) / a * a : v; }

/* Extracts the dst values of in from state s; false when the layout has no block view. */
bool show_extract(const sf_inst *in, const sf_state *s, show_block *b) {
  memset(b, 0, sizeof *b);
  snprintf(b->unit, sizeof b->unit, "pixel");
  if (in->family == SF_FAMILY_SAMPLE_3D) {
    const sf_sample_3d *q = &in->s3d;
    unsigned lanes = sf_exec_size_lanes(q->exec_size);
    const sf_var *v = q->dst.id ? sf_state_var_c(s, q->dst.id) : NULL;
    if (!v || lanes < 8 || lanes > 32) return false;
    unsigned tsz = sf_vtype_size(v->type);
    if (tsz != 2 && tsz != 4) return false;
    unsigned blk = show_round_up(lanes * tsz, s->grf_bytes);
    b->w = 8;
    b->h = lanes / 8;
    b->kind = v->type == SF_VT_F ? SF_SHOW_F32 : v->type == SF_VT_HF ? SF_SHOW_F16
              : (v->type == SF_VT_W || v->type == SF_VT_D) ? SF_SHOW_SINT : SF_SHOW_INT;
    snprintf(b->unit, sizeof b->unit, "lane");
    /* lanes the instruction writes: emask over the dispatch mask, then the predicate (as the
     * executor does); the others keep the variable's old bytes and are not results */
    uint32_t all = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u, mask = all;
    if (q->emask < 8) mask = (uint32_t)(((uint64_t)s->dmask >> (4u * q->emask)) & all);
    if (q->pred.id && q->pred.id < SF_MAX_PREDS && q->pred.ctrl < 3) {
      uint32_t pv = s->preds[q->pred.id] & all;
      if (q->pred.invert) pv = ~pv & all;
      if (q->pred.ctrl == 1) pv = pv ? all : 0;
      else if (q->pred.ctrl == 2) pv = pv == all ? all : 0;
      mask &= pv;
    }
    unsigned blkno = 0;
    for (unsigned k = 0; k < 4; k++) {
      if (!((q->chan_mask >> k) & 1u)) continue;
      for (unsigned i = 0; i < lanes; i++) {
        uint64_t at = (uint64_t)q->dst.off + (uint64_t)blkno * blk + (uint64_t)i * tsz;
        if (at + tsz > v->size || !((mask >> i) & 1u)) continue;
        b->bits[k][i] = show_rd(v->bytes + at, tsz);
        b->have[k][i] = true;
      }
      blkno++;
    }
    return true;
  }
  if (in->family == SF_FAMILY_SAMPLE_UNORM) {
    const sf_sample_unorm *q = &in->unorm;
    const sf_var *v = q->dst.id ? sf_state_var_c(s, q->dst.id) : NULL;
    if (!v || q->out_fmt > 3) return false;
    unsigned esz = q->out_fmt < 2 ? 2 : 1;
    bool ds = q->out_fmt == SF_UNORM_16_DOWNSAMPLED || q->out_fmt == SF_UNORM_8_DOWNSAMPLED;
    unsigned full = show_round_up(32 * esz, s->grf_bytes), half = show_round_up(16 * esz, s->grf_bytes);
    b->w = 8;
    b->h = 4;
    b->kind = esz == 2 ? SF_SHOW_FX88 : SF_SHOW_U8;
    uint64_t at = q->dst.off;
    for (unsigned k = 0; k < 4; k++) {
      if (!((q->chan_mask >> k) & 1u)) continue;
      bool hf = ds && (k == 0 || k == 2);
      unsigned e = 0;
      for (unsigned px = 0; px < 32; px++) {
        if (hf && (px & 1u)) continue;
        uint64_t p = at + (uint64_t)e * esz;
        if (p + esz <= v->size) {
          b->bits[k][px] = show_rd(v->bytes + p, esz);
          b->have[k][px] = true;
        }
        e++;
      }
      at += hf ? half : full;
    }
    return true;
  }
  if (in->family == SF_FAMILY_AVS) {
    /* Mirrors the executor's layout (oracles/sampler/exec.c, IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/AVS.md) "Notes"). */
    const sf_avs *q = &in->avs;
    const sf_var *v = q->dst.id ? sf_state_var_c(s, q->dst.id) : NULL;
    const sf_sampler *smp = s->samplers[q->sampler];
    unsigned mode = q->exec_mode & 0xFu, cntrl = q->cntrl & 0xFu;
    static const uint8_t bw[4] = {16, 8, 16, 4}, bh[4] = {4, 4, 8, 4};
    if (!v || !smp || mode > 3 || cntrl > 3) return false;
    unsigned w = bw[mode], h = bh[mode], esz = cntrl < 2 ? 2 : 1;
    bool ds = cntrl == 1 || cntrl == 3;
    unsigned halves = mode == SF_AVS_16x8 ? 2 : 1, npx = w * (h > 4 ? 4 : h);
    bool shuffle = smp->avs_shuffle && mode == SF_AVS_16x4;
    unsigned groups = shuffle ? 2 : 1, gpx = npx / groups;
    bool slot[4], wr[4];
    for (unsigned k = 0; k < 4; k++) slot[k] = wr[k] = (q->chan_mask >> k) & 1u;
    if (cntrl == 3 && slot[0] != slot[2]) slot[0] = slot[2] = true;
    b->w = w;
    b->h = h;
    b->kind = esz == 2 ? SF_SHOW_FX88 : SF_SHOW_U8;
    uint64_t at = q->dst.off;
    for (unsigned hh = 0; hh < halves; hh++)
      for (unsigned g = 0; g < groups; g++)
        for (unsigned k = 0; k < 4; k++) {
          if (!slot[k]) continue;
          unsigned ne = (ds && (k == 0 || k == 2)) ? gpx / 2 : gpx;
          if (wr[k]) {
            unsigned e = 0;
            for (unsigned y = 0; y < 4 && y < h; y++)
              for (unsigned x = 0; x < w; x++) {
                if (shuffle && x / 8 != g) continue;
                if (ds && (k == 0 || k == 2) && (x & 1u)) continue;
                unsigned px = (hh * 4 + y) * w + x;
                uint64_t p = at + (uint64_t)e * esz;
                if (px < SF_SHOW_MAX_PX && p + esz <= v->size) {
                  b->bits[k][px] = show_rd(v->bytes + p, esz);
                  b->have[k][px] = true;
                }
                e++;
              }
          }
          at += show_round_up(ne * esz, s->grf_bytes);
        }
    return true;
  }
  if (in->family == SF_FAMILY_D3D) {
    const sf_d3d_opnd *d = &in->d3d.dst;
    uint32_t idx = d->index_dim >= 1 ? (uint32_t)d->idx[0].imm : 0;
    bool temp = d->type == SF_D3D_OT_TEMP && idx < SF_D3D_MAX_TEMPS;
    bool outp = d->type == SF_D3D_OT_OUTPUT && idx < SF_D3D_MAX_OUTPUTS;
    if (!temp && !outp) return false;
    unsigned wmask = d->sel_mode == SF_D3D_SEL_MASK ? (d->comp_bits & 0xFu) : 0xFu;
    b->w = 2;
    b->h = 2;
    b->kind = SF_SHOW_F32;
    snprintf(b->unit, sizeof b->unit, "lane");
    for (unsigned l = 0; l < 4; l++)
      for (unsigned k = 0; k < 4; k++) {
        if (!((wmask >> k) & 1u) || !((s->d3d.live >> l) & 1u)) continue;   /* helper lanes do not write */
        b->bits[k][l] = temp ? s->d3d.r[l][idx][k] : s->d3d.o[l][idx][k];
        b->have[k][l] = true;
      }
    return true;
  }
  return false;
}

/* The value as a float in [0, 1]-ish display units and as text. */
double show_value(const show_block *b, uint32_t bits) {
  switch (b->kind) {
    case SF_SHOW_F32: return (double)show_f32(bits);
    case SF_SHOW_F16: return (double)sf_half_to_float((uint16_t)bits);
    case SF_SHOW_SINT: return (double)(int32_t)bits;
    case SF_SHOW_FX88: return (double)bits / 65280.0;   /* 8.8: 255.0 = 0xff00 */
    case SF_SHOW_U8: return (double)bits / 255.0;
    default: return (double)bits;
  }
}

void show_fmt(const show_block *b, uint32_t bits, char *buf, size_t n) {
  switch (b->kind) {
    case SF_SHOW_F32: snprintf(buf, n, "%.9g (%08" PRIx32 ")", (double)show_f32(bits), bits); break;
    case SF_SHOW_F16: snprintf(buf, n, "%.5g (hf %04" PRIx32 ")", (double)sf_half_to_float((uint16_t)bits), bits); break;
    case SF_SHOW_SINT: snprintf(buf, n, "%" PRId32, (int32_t)bits); break;
    case SF_SHOW_FX88: snprintf(buf, n, "%.4f (8.8 %04" PRIx32 ")", (double)bits / 256.0, bits); break;
    default: snprintf(buf, n, "%" PRIu32, bits); break;
  }
}

static uint64_t show_dist(const show_block *b, uint32_t x, uint32_t y) {
  switch (b->kind) {
    case SF_SHOW_F32: return show_ulp32(x, y);
    case SF_SHOW_F16: return show_ulp16((uint16_t)x, (uint16_t)y);
    case SF_SHOW_SINT: {
      int64_t d = (int64_t)(int32_t)x - (int64_t)(int32_t)y;
      return (uint64_t)(d < 0 ? -d : d);
    }
    default: return x > y ? (uint64_t)x - y : (uint64_t)y - x;
  }
}

/* Prints the lanes x channels table of the differences; returns how many values differ. */
unsigned show_diff_table(const show_block *e, const show_block *a, const char *ename, const char *aname) {
  unsigned n = e->w * e->h, diffs = 0, rows = 0;
  for (unsigned i = 0; i < n && i < SF_SHOW_MAX_PX; i++)
    for (unsigned k = 0; k < 4; k++)
      if (e->have[k][i] && e->bits[k][i] != a->bits[k][i]) diffs++;
  if (!diffs) return 0;
  printf("  %-5s ch  %-28s %-28s %s\n", e->unit, ename, aname,
         e->kind == SF_SHOW_F32 || e->kind == SF_SHOW_F16 ? "ULP distance" : "distance");
  for (unsigned i = 0; i < n && i < SF_SHOW_MAX_PX; i++)
    for (unsigned k = 0; k < 4; k++) {
      if (!e->have[k][i] || e->bits[k][i] == a->bits[k][i]) continue;
      if (rows++ >= SF_SHOW_MAX_ROWS) continue;
      char xe[48], xa[48];
      show_fmt(e, e->bits[k][i], xe, sizeof xe);
      show_fmt(a, a->bits[k][i], xa, sizeof xa);
      uint64_t d = show_dist(e, e->bits[k][i], a->bits[k][i]);
      if (d == UINT64_MAX) printf("  %5u  %c  %-28s %-28s NaN\n", i, "rgba"[k], xe, xa);
      else printf("  %5u  %c  %-28s %-28s %" PRIu64 "\n", i, "rgba"[k], xe, xa, d);
    }
  if (rows > SF_SHOW_MAX_ROWS) printf("  ... %u more\n", rows - SF_SHOW_MAX_ROWS);
  return diffs;
}

/* Lists the 32-bit words of variables and D3D registers that differ (layouts without a block view). */
unsigned show_state_words(const sf_state *x, const sf_state *y, const char *nx, const char *ny) {
  unsigned n = 0;
  for (unsigned i = 0; i < x->nvars; i++) {
    const sf_var *a = &x->vars[i];
    const sf_var *b = sf_state_var_c(y, a->id);
    if (!b || b->size != a->size) continue;
    for (uint32_t off = 0; off + 4 <= a->size; off += 4) {
      uint32_t p = sf_le32(a->bytes + off), q = sf_le32(b->bytes + off);
      if (p == q) continue;
      if (n == 0) printf("  raw 32-bit words that differ:\n");
      if (n++ < 32) printf("  V%" PRIu32 " byte %5" PRIu32 ": %s %08" PRIx32 "  %s %08" PRIx32 "\n", a->id, off, nx, p, ny, q);
    }
  }
  for (unsigned l = 0; l < 4; l++)
    for (unsigned r = 0; r < SF_D3D_MAX_TEMPS; r++)
      for (unsigned k = 0; k < 4; k++)
        if (x->d3d.r[l][r][k] != y->d3d.r[l][r][k] && (n ? 1 : printf("  raw 32-bit words that differ:\n")) && n++ < 32)
          printf("  lane %u r%u.%c: %s %08" PRIx32 "  %s %08" PRIx32 "\n", l, r, "xyzw"[k], nx, x->d3d.r[l][r][k], ny,
                 y->d3d.r[l][r][k]);
  if (n > 32) printf("  ... %u more words\n", n - 32);
  return n;
}
