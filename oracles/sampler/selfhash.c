/* oracles/sampler/selfhash.c — the determinism helper (DESIGN principle 4): generates n cases from
 * a splitmix64 stream (surface type/format/size/contents/null tiles, sampler state, an instruction of
 * one of the four families, machine state), executes them with the scalar backend and hashes every
 * dst byte and status code with XXH3-64. CI compares the value across gcc/clang and -O0/-O3. Inputs
 * are built from integers only, so the generator itself cannot differ between builds. */
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "oracles/sampler/sampler_int.h"

static uint64_t rnd(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static uint32_t rn(uint64_t *s, uint32_t n) { return n ? (uint32_t)(rnd(s) % n) : 0; }

/* A coordinate-like float: mostly k/64 in [-1.5, 2.5], sometimes raw bits (NaN, Inf, huge). */
static float rcoord(uint64_t *s) {
  uint32_t k = rn(s, 16);
  if (k == 0) return sf_u2f((uint32_t)rnd(s));
  if (k == 1) return (float)((int32_t)rn(s, 4096) - 2048) / 8.0f;
  return (float)((int32_t)rn(s, 257) - 96) / 64.0f;
}
static float rsmall(uint64_t *s) { return (float)((int32_t)rn(s, 129) - 64) / 256.0f; }

static void gen_sampler(uint64_t *s, sf_sampler *sp, bool int_fmt) {
  sf_sampler_default(sp);
  sp->min_filter = (uint8_t)(int_fmt ? 0 : rn(s, 2));
  sp->mag_filter = (uint8_t)(int_fmt ? 0 : rn(s, 2));
  sp->mip_filter = (uint8_t)(int_fmt ? rn(s, 2) : rn(s, 3));
  for (int a = 0; a < 3; a++) sp->addr[a] = (uint8_t)rn(s, SF_ADDR_COUNT);
  static const float bvals[] = {0.0f, 1.0f, 0.25f, 0.5f, -0.5f, 1.5f, 0.3f, 0.7f};
  for (int k = 0; k < 4; k++) sp->border[k] = bvals[rn(s, 8)];
  sp->lod_bias = (int16_t)((int32_t)rn(s, 1025) - 512);
  sp->min_lod = (uint16_t)rn(s, 3) == 0 ? (uint16_t)rn(s, 1024) : 0;
  sp->max_lod = (uint16_t)rn(s, 3) == 0 ? (uint16_t)rn(s, 1024) : 4095;
  sp->compare = (uint8_t)rn(s, 8);
  sp->avs_shuffle = rn(s, 4) == 0;
  sp->avs_8tap_all = rn(s, 2) == 0;
  if (rn(s, 2)) { /* a smooth 8-tap / 4-tap table: bilinear-like weights, sums 64 */
    for (unsigned p = 0; p < SF_AVS_PHASES; p++) {
      memset(sp->avs_luma[p], 0, SF_AVS_LUMA_TAPS);
      memset(sp->avs_chroma[p], 0, SF_AVS_CHROMA_TAPS);
      int w = (int)(p * 2);
      sp->avs_luma[p][2] = -2; sp->avs_luma[p][5] = -2;
      sp->avs_luma[p][3] = (int8_t)(68 - w / 1); sp->avs_luma[p][4] = (int8_t)(w / 1 - 0);
      int sum = 0;
      for (unsigned t = 0; t < 8; t++) sum += sp->avs_luma[p][t];
      sp->avs_luma[p][3] = (int8_t)(sp->avs_luma[p][3] + 64 - sum);
      sp->avs_chroma[p][1] = (int8_t)(64 - w);
      sp->avs_chroma[p][2] = (int8_t)w;
    }
  }
}

static sf_surface *gen_surface(uint64_t *s, bool unorm_path) {
  sf_surface_desc d = {0};
  static const uint8_t u8f[] = {SF_FMT_R8_UNORM, SF_FMT_RG8_UNORM, SF_FMT_RGBA8_UNORM, SF_FMT_NV12};
  if (unorm_path) {
    d.type = SF_SURF_2D;
    d.format = u8f[rn(s, 4)];
    d.width = 2 + 2 * rn(s, 12);
    d.height = 2 + 2 * rn(s, 8);
  } else {
    d.type = (uint8_t)rn(s, SF_SURF_TYPE_COUNT);
    do d.format = (uint8_t)rn(s, SF_FMT_COUNT); while (d.format == SF_FMT_NV12);
    d.width = 1 + rn(s, 12);
    d.height = 1 + rn(s, 9);
  }
  d.depth = d.type == SF_SURF_3D ? 1 + rn(s, 6) : 1;
  if (d.type == SF_SURF_1D || d.type == SF_SURF_1D_ARRAY) d.height = 1;
  if (d.type == SF_SURF_CUBE || d.type == SF_SURF_CUBE_ARRAY) d.height = d.width;
  d.layers = (d.type == SF_SURF_1D_ARRAY || d.type == SF_SURF_2D_ARRAY || d.type == SF_SURF_CUBE_ARRAY) ? 1 + rn(s, 3) : 1;
  uint32_t m = d.width > d.height ? d.width : d.height;
  if (d.depth > m) m = d.depth;
  unsigned full = 1;
  while (m >> full) full++;
  d.levels = unorm_path ? 1 : 1 + rn(s, full);
  sf_surface *sf = NULL;
  if (sf_surface_create(&sf, &d, NULL) != SF_OK) return NULL;
  for (size_t i = 0; i < sf->size; i++) sf->data[i] = (uint8_t)rnd(s);
  if (rn(s, 4) == 0)
    for (size_t i = 0; i < sf->null_size; i++) sf->null_map[i] = rn(s, 3) == 0;
  return sf;
}

static void hash_status(XXH3_state_t *h, sf_code rc) {
  uint8_t b = (uint8_t)rc;
  XXH3_64bits_update(h, &b, 1);
}

static sf_vopnd imm_f(float f) {
  sf_vopnd o;
  memset(&o, 0, sizeof o);
  o.cls = SF_VCLS_IMMEDIATE;
  o.type = SF_VT_F;
  o.imm = sf_f2u(f);
  return o;
}
static sf_vopnd imm_ud(uint32_t v) {
  sf_vopnd o = imm_f(0);
  o.type = SF_VT_UD;
  o.imm = v;
  return o;
}

static const uint8_t s3d_ops[] = {SF_S3D_SAMPLE, SF_S3D_SAMPLE_B, SF_S3D_SAMPLE_L, SF_S3D_SAMPLE_C, SF_S3D_SAMPLE_D,
                                  SF_S3D_SAMPLE_B_C, SF_S3D_SAMPLE_L_C, SF_S3D_LOD, SF_S3D_SAMPLE_D_C, SF_S3D_SAMPLE_LZ,
                                  SF_S3D_SAMPLE_C_LZ, SF_S3D_SAMPLE_PO, SF_S3D_SAMPLE_PO_B, SF_S3D_SAMPLE_PO_L,
                                  SF_S3D_SAMPLE_PO_C, SF_S3D_SAMPLE_PO_D, SF_S3D_SAMPLE_PO_L_C};

static void run_case(uint64_t *s, XXH3_state_t *h) {
  unsigned fam = rn(s, 10);  /* 0-5 3D_SAMPLE, 6 SAMPLE_UNORM, 7 AVS, 8-9 D3D */
  bool u8 = fam == 6 || fam == 7;
  sf_surface *surf = gen_surface(s, u8);
  const sf_format_info *fi = surf ? sf_format_get(surf->desc.format) : NULL;
  bool int_fmt = fi && (fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT);
  sf_sampler sp;
  gen_sampler(s, &sp, int_fmt);
  sf_state *st = calloc(1, sizeof *st);
  if (!st) {
    sf_surface_free(surf);
    return;
  }
  sf_state_init(st);
  st->surfaces[6] = rn(s, 32) ? surf : NULL;
  st->samplers[0] = &sp;
  st->dmask = rn(s, 4) ? 0xffffffffu : (uint32_t)rnd(s);
  st->preds[1] = (uint32_t)rnd(s);
  uint8_t *dst = NULL;
  static const uint8_t dtypes[] = {SF_VT_F, SF_VT_HF, SF_VT_UD, SF_VT_D, SF_VT_UW, SF_VT_W};
  sf_state_add_var(st, 2, fam < 6 ? dtypes[rn(s, 6)] : SF_VT_UW, 2048, &dst, NULL);
  sf_inst in;
  memset(&in, 0, sizeof in);
  if (fam < 6) {
    in.family = SF_FAMILY_SAMPLE_3D;
    sf_sample_3d *x = &in.s3d;
    x->op = s3d_ops[rn(s, sizeof s3d_ops)];
    x->exec_size = (uint8_t)(3 + rn(s, 2));
    x->emask = (uint8_t)rn(s, 16);
    if (rn(s, 4) == 0) { x->pred.id = 1; x->pred.ctrl = (uint8_t)rn(s, 3); x->pred.invert = rn(s, 2); }
    x->chan_mask = (uint8_t)(1 + rn(s, 15));
    x->pixel_null_mask = rn(s, 2);
    x->aoffimmi = imm_ud(rn(s, 4) ? 0 : rn(s, 4096));
    x->aoffimmi.type = SF_VT_UW;
    x->surface = 6;
    x->dst.id = 2;
    unsigned nroles = sf_s3d_param_roles(x->op, NULL, 0);
    x->num_params = (uint8_t)(nroles - rn(s, 2) * rn(s, nroles));
    if (x->num_params == 0) x->num_params = 1;
    unsigned lanes = sf_exec_size_lanes(x->exec_size);
    /* quad-coherent coordinates: base + small steps so that derivatives are meaningful */
    for (unsigned k = 0; k < x->num_params; k++) {
      uint8_t *pb = NULL;
      sf_state_add_var(st, 10 + k, SF_VT_F, 128, &pb, NULL);
      x->params[k].id = 10 + k;
      float base = rcoord(s), sx = rsmall(s), sy = rsmall(s);
      for (unsigned i = 0; i < lanes && pb; i++) {
        float f = base + (float)(i & 1) * sx + (float)((i >> 1) & 1) * sy;
        uint32_t b = rn(s, 8) == 0 ? (uint32_t)rnd(s) : sf_f2u(f);
        memcpy(pb + 4 * i, &b, 4);
      }
    }
  } else if (fam == 6) {
    in.family = SF_FAMILY_SAMPLE_UNORM;
    sf_sample_unorm *x = &in.unorm;
    x->chan_mask = (uint8_t)(1 + rn(s, 15));
    x->out_fmt = (uint8_t)rn(s, 4);
    x->surface = 6;
    x->u = imm_f(rcoord(s)); x->v = imm_f(rcoord(s));
    x->du = imm_f(rsmall(s)); x->dv = imm_f(rsmall(s));
    x->dst.id = 2;
  } else if (fam == 7) {
    in.family = SF_FAMILY_AVS;
    sf_avs *x = &in.avs;
    x->chan_mask = (uint8_t)(1 + rn(s, 15));
    x->surface = 6;
    x->u_off = imm_f(rcoord(s)); x->v_off = imm_f(rcoord(s));
    x->du = imm_f(rsmall(s)); x->dv = imm_f(rsmall(s));
    x->u2d = imm_f(rn(s, 4) ? 0.0f : rsmall(s) / 16.0f); x->v2d = imm_f(rn(s, 4) ? 0.0f : rsmall(s) / 16.0f);
    x->group_id = imm_ud(0);
    x->vbn = imm_ud(rn(s, 4));
    x->cntrl = (uint8_t)rn(s, 4);
    x->exec_mode = (uint8_t)rn(s, 4);
    x->ief_bypass = imm_ud(0);
    x->ief_bypass.type = SF_VT_UB;
    x->dst.id = 2;
  } else {
    in.family = SF_FAMILY_D3D;
    sf_d3d_inst *x = &in.d3d;
    static const uint8_t dops[] = {SF_D3D_SAMPLE, SF_D3D_SAMPLE_C, SF_D3D_SAMPLE_C_LZ, SF_D3D_SAMPLE_L, SF_D3D_SAMPLE_D, SF_D3D_SAMPLE_B};
    x->op = dops[rn(s, 6)];
    x->num_src = (uint8_t)sf_d3d_op_num_src(x->op);
    x->sat = rn(s, 4) == 0;
    x->aoffimmi[0] = (int8_t)((int)rn(s, 16) - 8);
    x->aoffimmi[1] = (int8_t)((int)rn(s, 16) - 8);
    x->aoffimmi[2] = (int8_t)((int)rn(s, 16) - 8);
    x->dst.type = SF_D3D_OT_TEMP; x->dst.num_comp = SF_D3D_NC_4; x->dst.sel_mode = SF_D3D_SEL_MASK;
    x->dst.comp_bits = (uint8_t)(1 + rn(s, 15)); x->dst.index_dim = 1; x->dst.idx[0].imm = 0;
    for (unsigned k = 0; k < 5; k++) {
      sf_d3d_opnd *o = &x->src[k];
      o->type = SF_D3D_OT_TEMP; o->num_comp = SF_D3D_NC_4; o->sel_mode = SF_D3D_SEL_SWIZZLE; o->comp_bits = 0xE4;
      o->index_dim = 1; o->idx[0].imm = 1 + k;
    }
    x->src[1].type = SF_D3D_OT_RESOURCE; x->src[1].idx[0].imm = 6; x->src[1].comp_bits = (uint8_t)rnd(s);
    x->src[2].type = SF_D3D_OT_SAMPLER; x->src[2].idx[0].imm = 0;
    st->d3d.live = (uint8_t)(rn(s, 4) ? 0xF : rn(s, 16));
    for (unsigned k = 0; k < 5; k++) {
      float base[4], sx[4], sy[4];
      for (unsigned c = 0; c < 4; c++) { base[c] = rcoord(s); sx[c] = rsmall(s); sy[c] = rsmall(s); }
      for (unsigned l = 0; l < 4; l++)
        for (unsigned c = 0; c < 4; c++)
          st->d3d.r[l][1 + k][c] = sf_f2u(base[c] + (float)(l & 1) * sx[c] + (float)(l >> 1) * sy[c]);
    }
  }
  sf_status status;
  sf_status_clear(&status);
  sf_code rc = sf_exec(&in, st, sf_backend_scalar(), &status);
  hash_status(h, rc);
  if (dst) XXH3_64bits_update(h, dst, 2048);
  XXH3_64bits_update(h, st->d3d.r, sizeof st->d3d.r);
  sf_state_free(st);
  free(st);
  sf_surface_free(surf);
}

uint64_t sf_sampler_selfhash(unsigned n_cases, uint64_t seed) {
  XXH3_state_t *h = XXH3_createState();
  if (!h) return 0;
  XXH3_64bits_reset(h);
  uint64_t s = seed;
  for (unsigned i = 0; i < n_cases; i++) run_case(&s, h);
  uint64_t r = XXH3_64bits_digest(h);
  XXH3_freeState(h);
  return r;
}
