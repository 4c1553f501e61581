/* tests/test_sampler_exec.c — the executor's layouts and operand handling, worked out by hand from
 * IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/3D_SAMPLE.md) "Notes" (channel blocks, masks, pixel null mask, dst types), the D3D quad
 * rules (D3D11.3 §22.4.15: coarse derivatives, resource swizzle, dest mask, _sat), IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/AVS.md)
 * "Notes" (shuffle, downsampling) and docs/precision-model.md §13 (programmable offsets), plus the
 * cube seamless rule (§7.18.12). */
#include <math.h>

#include "samplefuzz/sampler.h"
#include "tests/sf_test.h"

static uint32_t fb(float f) { uint32_t b; memcpy(&b, &f, 4); return b; }
static float rdf(const uint8_t *p) { float f; memcpy(&f, p, 4); return f; }

static sf_surface *mk(unsigned type, unsigned fmt, unsigned w, unsigned h, unsigned layers, unsigned levels) {
  sf_surface_desc d = {(uint8_t)type, (uint8_t)fmt, w, h, 1, layers, levels};
  sf_surface *s = NULL;
  sf_surface_create(&s, &d, NULL);
  return s;
}

static void setf(uint8_t *var, unsigned i, float f) { memcpy(var + 4 * i, &f, 4); }

static sf_inst s3d(uint8_t op, uint8_t exec, uint8_t chans, uint8_t nparams) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_3D;
  in.s3d.op = op;
  in.s3d.exec_size = exec;
  in.s3d.chan_mask = chans;
  in.s3d.aoffimmi.cls = SF_VCLS_IMMEDIATE;
  in.s3d.aoffimmi.type = SF_VT_UW;
  in.s3d.surface = 6;
  in.s3d.dst.id = 2;
  in.s3d.num_params = nparams;
  for (unsigned k = 0; k < nparams; k++) in.s3d.params[k].id = 10 + k;
  return in;
}

/* 4x1 R32F texels 10,20,30,40; RGBA32F variant for channel order */
static void test_s3d_layout(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_RGBA32F, 4, 1, 1, 1);
  for (unsigned x = 0; x < 4; x++) {
    float c[4] = {(float)x, 10.0f + (float)x, 20.0f + (float)x, 30.0f + (float)x};
    sf_surface_store(s, 0, 0, x, 0, c, NULL);
  }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sf_state st;
  sf_state_init(&st);
  st.surfaces[6] = s;
  st.samplers[0] = &sp;
  uint8_t *dst, *pu, *pv;
  sf_state_add_var(&st, 2, SF_VT_F, 1024, &dst, NULL);
  sf_state_add_var(&st, 10, SF_VT_F, 64, &pu, NULL);
  sf_state_add_var(&st, 11, SF_VT_F, 64, &pv, NULL);
  for (unsigned i = 0; i < 16; i++) { setf(pu, i, ((float)(i % 4) + 0.5f) / 4.0f); setf(pv, i, 0.5f); }
  /* SIMD16, channels G and A: G block at 0 (64 bytes = 2 GRFs), A block at 64 */
  sf_inst in = s3d(SF_S3D_SAMPLE_LZ, 4, 0xA, 2);
  memset(dst, 0xEE, 1024);
  sf_status status;
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  for (unsigned i = 0; i < 16; i++) {
    SF_CHECK(rdf(dst + 4 * i) == 10.0f + (float)(i % 4));
    SF_CHECK(rdf(dst + 64 + 4 * i) == 30.0f + (float)(i % 4));
  }
  SF_CHECK(dst[128] == 0xEE);  /* nothing past the two blocks */
  /* emask M5 (offset 16) with dmask bits 16..31 = 0x00F0 -> lanes 4-7 only; predicate P1 inverted */
  memset(dst, 0xEE, 1024);
  st.dmask = 0x00F00000u;
  in = s3d(SF_S3D_SAMPLE_LZ, 3, 0x1, 2);
  in.s3d.emask = 4;
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  for (unsigned i = 0; i < 8; i++) {
    bool on = i >= 4;
    SF_CHECK_MSG(on ? rdf(dst + 4 * i) == (float)(i % 4) : dst[4 * i] == 0xEE, "lane %u", i);
  }
  st.dmask = 0xffffffffu;
  st.preds[1] = 0x0F;
  in.s3d.emask = 8;          /* M1_NM: every lane */
  in.s3d.pred.id = 1;
  in.s3d.pred.invert = true; /* lanes 4-7 */
  memset(dst, 0xEE, 1024);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(dst[0] == 0xEE && rdf(dst + 16) == 0.0f && rdf(dst + 20) == 1.0f);
  in.s3d.pred.ctrl = 1;      /* .any of ~0x0F over 8 lanes: some set -> all lanes */
  memset(dst, 0xEE, 1024);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(rdf(dst) == 0.0f);
  in.s3d.pred.ctrl = 2;      /* .all: not all set -> no lane */
  memset(dst, 0xEE, 1024);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(dst[0] == 0xEE && dst[28] == 0xEE);
  /* HF dst: 8 lanes x 2 bytes = 16 -> each channel block one 32-byte GRF; 1.0 = 0x3c00 */
  sf_state_add_var(&st, 2, SF_VT_HF, 256, &dst, NULL);
  in = s3d(SF_S3D_SAMPLE_LZ, 3, 0x3, 2);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(dst[2] == 0x00 && dst[3] == 0x3c);            /* lane 1 R = 1.0 */
  SF_CHECK(dst[32 + 2] == 0x80 && dst[32 + 3] == 0x49);  /* lane 1 G = 11.0 = 0x4980 */
  /* UW dst: RNE with saturation: 11.0 -> 11 */
  sf_state_add_var(&st, 2, SF_VT_UW, 256, &dst, NULL);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(dst[32 + 2] == 11 && dst[32 + 3] == 0);
  /* parameter type mismatch (F and HF mixed) is a state error, dst untouched */
  sf_state_add_var(&st, 11, SF_VT_HF, 64, NULL, NULL);
  memset(dst, 0x55, 256);
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_ERR_STATE);
  SF_CHECK(dst[0] == 0x55);
  sf_state_free(&st);
  sf_surface_free(s);
}

/* implicit derivatives: quad (u0, u0+d, u0, u0+d) on a 16-wide 5-level ladder -> LOD log2(16 d) */
static void test_s3d_quad_lod(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R32F, 16, 16, 1, 5);
  for (unsigned l = 0; l < 5; l++)
    for (unsigned y = 0; y < (16u >> l); y++)
      for (unsigned x = 0; x < (16u >> l); x++) {
        float c[4] = {(float)l, 0, 0, 0};
        sf_surface_store(s, l, 0, x, y, c, NULL);
      }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.mip_filter = SF_MIP_POINT;
  sf_state st;
  sf_state_init(&st);
  st.surfaces[6] = s;
  st.samplers[0] = &sp;
  uint8_t *dst, *pu, *pv, *pb;
  sf_state_add_var(&st, 2, SF_VT_F, 256, &dst, NULL);
  sf_state_add_var(&st, 10, SF_VT_F, 32, &pb, NULL);
  sf_state_add_var(&st, 11, SF_VT_F, 32, &pu, NULL);
  sf_state_add_var(&st, 12, SF_VT_F, 32, &pv, NULL);
  /* quad 0: du = 4/16 -> LOD 2; quad 1: du = 1/16, dv = 8/16 along y -> LOD 3 */
  float u[8] = {0.1f, 0.1f + 0.25f, 0.1f, 0.1f + 0.25f, 0.2f, 0.2f + 0.0625f, 0.2f, 0.2f + 0.0625f};
  float v[8] = {0.3f, 0.3f, 0.3f, 0.3f, 0.1f, 0.1f, 0.6f, 0.6f};
  for (unsigned i = 0; i < 8; i++) { setf(pu, i, u[i]); setf(pv, i, v[i]); setf(pb, i, 0.0f); }
  sf_inst in = s3d(SF_S3D_SAMPLE, 3, 0x1, 2);
  in.s3d.params[0].id = 11; in.s3d.params[1].id = 12;
  sf_status status;
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  for (unsigned i = 0; i < 8; i++) SF_CHECK_MSG(rdf(dst + 4 * i) == (i < 4 ? 2.0f : 3.0f), "lane %u: %g", i, (double)rdf(dst + 4 * i));
  /* sample_b with bias -1 (param 0) -> 1 and 2 */
  for (unsigned i = 0; i < 8; i++) setf(pb, i, -1.0f);
  in = s3d(SF_S3D_SAMPLE_B, 3, 0x1, 3);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  for (unsigned i = 0; i < 8; i++) SF_CHECK(rdf(dst + 4 * i) == (i < 4 ? 1.0f : 2.0f));
  /* the LOD op: R clamped, G unclamped */
  in = s3d(SF_S3D_LOD, 3, 0x3, 2);
  in.s3d.params[0].id = 11; in.s3d.params[1].id = 12;
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(rdf(dst) == 2.0f && rdf(dst + 32) == 2.0f && rdf(dst + 16) == 3.0f && rdf(dst + 32 + 16) == 3.0f);
  sf_state_free(&st);
  sf_surface_free(s);
}

/* aoffimmi (U bits 8-11, V 4-7) vs sample_po OffUVR (U 5:0, V 11:6): both move by texels */
static void test_offsets(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_R32F, 8, 8, 1, 1);
  for (unsigned y = 0; y < 8; y++)
    for (unsigned x = 0; x < 8; x++) {
      float c[4] = {(float)(y * 8 + x), 0, 0, 0};
      sf_surface_store(s, 0, 0, x, y, c, NULL);
    }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.addr[0] = sp.addr[1] = SF_ADDR_WRAP;
  sf_state st;
  sf_state_init(&st);
  st.surfaces[6] = s;
  st.samplers[0] = &sp;
  uint8_t *dst, *pu, *pv, *po;
  sf_state_add_var(&st, 2, SF_VT_F, 256, &dst, NULL);
  sf_state_add_var(&st, 10, SF_VT_F, 32, &pu, NULL);
  sf_state_add_var(&st, 11, SF_VT_F, 32, &pv, NULL);
  sf_state_add_var(&st, 12, SF_VT_F, 32, NULL, NULL);
  sf_state_add_var(&st, 13, SF_VT_F, 32, &po, NULL);
  for (unsigned i = 0; i < 8; i++) { setf(pu, i, 2.5f / 8.0f); setf(pv, i, 3.5f / 8.0f); }  /* texel (2,3) */
  sf_inst in = s3d(SF_S3D_SAMPLE_LZ, 3, 0x1, 2);
  in.s3d.aoffimmi.imm = (uint64_t)((0x3u << 8) | (0xFu << 4));  /* U +3, V -1 -> (5, 2) = 21 */
  sf_status status;
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(rdf(dst) == 21.0f);
  in.s3d.aoffimmi.imm = 0x8u << 8;  /* U -8 wraps to the same column: (2, 3) = 26 */
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(rdf(dst) == 26.0f);
  /* sample_po: u v r OffUVR ai; U = -2 (0x3E), V = +4 -> (0, 7) = 56 */
  uint32_t bits = 0x3Eu | (4u << 6);
  for (unsigned i = 0; i < 8; i++) memcpy(po + 4 * i, &bits, 4);
  in = s3d(SF_S3D_SAMPLE_PO, 3, 0x1, 4);
  in.s3d.params[2].id = 12;
  in.s3d.params[3].id = 13;
  in.s3d.aoffimmi.imm = 0x3u << 8;  /* ignored: programmable offsets replace aoffimmi */
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK_MSG(rdf(dst) == 56.0f, "%g", (double)rdf(dst));
  sf_state_free(&st);
  sf_surface_free(s);
}

/* D3D quad: coarse derivatives, resource swizzle, write mask, _sat; helper lanes do not write */
static void test_d3d(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_RGBA32F, 16, 16, 1, 5);
  for (unsigned l = 0; l < 5; l++)
    for (unsigned y = 0; y < (16u >> l); y++)
      for (unsigned x = 0; x < (16u >> l); x++) {
        float c[4] = {(float)l, 2.0f, -3.0f, 0.25f};
        sf_surface_store(s, l, 0, x, y, c, NULL);
      }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.mip_filter = SF_MIP_POINT;
  sf_state st;
  sf_state_init(&st);
  st.surfaces[3] = s;
  st.samplers[1] = &sp;
  st.d3d.live = 0x7;  /* lane 3 is a helper */
  /* v0.xy: quad with ddx = (2/16, 0), ddy = (0, 2/16) -> LOD 1 */
  float base[2] = {0.3f, 0.4f};
  for (unsigned l = 0; l < 4; l++) {
    st.d3d.v[l][0][0] = fb(base[0] + (float)(l & 1) * 0.125f);
    st.d3d.v[l][0][1] = fb(base[1] + (float)(l >> 1) * 0.125f);
    st.d3d.r[l][5][0] = fb(-7.0f);
    st.d3d.r[l][5][1] = fb(-7.0f);
  }
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_D3D;
  sf_d3d_inst *x = &in.d3d;
  x->op = SF_D3D_SAMPLE;
  x->num_src = 3;
  x->sat = true;
  x->dst.type = SF_D3D_OT_TEMP; x->dst.num_comp = SF_D3D_NC_4; x->dst.sel_mode = SF_D3D_SEL_MASK;
  x->dst.comp_bits = 0x3; x->dst.index_dim = 1; x->dst.idx[0].imm = 5;   /* r5.xy */
  x->src[0].type = SF_D3D_OT_INPUT; x->src[0].num_comp = SF_D3D_NC_4; x->src[0].sel_mode = SF_D3D_SEL_SWIZZLE;
  x->src[0].comp_bits = 0xE4; x->src[0].index_dim = 1;                    /* v0.xyzw */
  x->src[1].type = SF_D3D_OT_RESOURCE; x->src[1].num_comp = SF_D3D_NC_4; x->src[1].sel_mode = SF_D3D_SEL_SWIZZLE;
  x->src[1].comp_bits = (uint8_t)(3 | 0 << 2); x->src[1].index_dim = 1; x->src[1].idx[0].imm = 3;  /* t3.wx.. */
  x->src[2].type = SF_D3D_OT_SAMPLER; x->src[2].num_comp = SF_D3D_NC_0; x->src[2].index_dim = 1; x->src[2].idx[0].imm = 1;
  sf_status status;
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  /* r5.x = sat(w) = 0.25, r5.y = sat(x) = sat(1.0 level) = 1 */
  for (unsigned l = 0; l < 3; l++) {
    SF_CHECK_MSG(st.d3d.r[l][5][0] == fb(0.25f) && st.d3d.r[l][5][1] == fb(1.0f), "lane %u", l);
  }
  SF_CHECK(st.d3d.r[3][5][0] == fb(-7.0f));  /* helper lane untouched */
  /* no _sat, swizzle .x into .y: LOD 1 -> 1.0 (and level 0 for a tiny quad) */
  x->sat = false;
  x->src[1].comp_bits = 0;  /* .xxxx */
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(st.d3d.r[0][5][1] == fb(1.0f));
  /* sample_l with lod from r6.x = 3, cb-sourced coordinates are fine too */
  x->op = SF_D3D_SAMPLE_L;
  x->num_src = 4;
  x->src[3].type = SF_D3D_OT_TEMP; x->src[3].num_comp = SF_D3D_NC_4; x->src[3].sel_mode = SF_D3D_SEL_SELECT1;
  x->src[3].comp_bits = 0; x->src[3].index_dim = 1; x->src[3].idx[0].imm = 6;
  for (unsigned l = 0; l < 4; l++) st.d3d.r[l][6][0] = fb(3.0f);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(st.d3d.r[2][5][1] == fb(3.0f));
  /* relative indexing is not executed: SF_UNSUPPORTED, registers unchanged */
  x->src[3].idx[0].rep = SF_D3D_IDX_REL;
  st.d3d.r[0][5][1] = fb(-1.0f);
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_UNSUPPORTED);
  SF_CHECK(st.d3d.r[0][5][1] == fb(-1.0f));
  sf_state_free(&st);
  sf_surface_free(s);
}

/* seamless cube: bilinear at the +X face's left edge mixes in the +Z face (sampler-semantics §2.1.11) */
static void test_cube_seamless(void) {
  sf_surface *s = mk(SF_SURF_CUBE, SF_FMT_R32F, 2, 2, 1, 1);
  for (unsigned f = 0; f < 6; f++)
    for (unsigned y = 0; y < 2; y++)
      for (unsigned xx = 0; xx < 2; xx++) {
        float c[4] = {(float)(f * 10), 0, 0, 0};
        sf_surface_store(s, 0, f, xx, y, c, NULL);
      }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.min_filter = sp.mag_filter = SF_FILTER_LINEAR;
  sf_sample_batch q = {0};
  q.n = 1; q.lanes = 1; q.lod_mode = SF_LOD_ZERO;
  q.surf = s; q.samp = &sp;
  /* +X face, s = 0 (sc = -z = -1 -> z = 1): texel space x = -0.5 -> taps -1 (on +Z) and 0, 50/50;
   * t = 0.5 (y = 0): taps rows 0 and 1 of each face. Expected (0 + 40) / 2 = 20 */
  q.u[0] = 1.0f; q.v[0] = 0.0f; q.r[0] = 1.0f - 1.0f / 1024.0f;
  sf_sample_out o;
  SF_CHECK(sf_sample(NULL, &q, &o, NULL) == SF_OK);
  float r;
  memcpy(&r, &o.v[0][0], 4);
  SF_CHECK_MSG(fabsf(r - 20.0f) < 0.2f, "edge mix %g", (double)r);  /* s slightly inside the face */
  /* corner of +X (s = 0, t = 0): taps (-1,-1) corner = avg of three real texels (0, 40, 20) */
  q.u[0] = 1.0f; q.v[0] = 1.0f; q.r[0] = 1.0f;  /* tie x = y = z: Z wins -> +Z face corner */
  SF_CHECK(sf_sample(NULL, &q, &o, NULL) == SF_OK);
  memcpy(&r, &o.v[0][0], 4);
  /* +Z face, sc = x = 1 -> s = 1, tc = -y = -1 -> t = 0: footprint +Z(1,0), +X(0,0), +Y(1,1)-ish and
   * the missing corner = their average, so the result is the average of 40, 0, 20 = 20 */
  SF_CHECK_MSG(fabsf(r - 20.0f) < 1e-5f, "corner %g", (double)r);
  sf_surface_free(s);
}

/* AVS layouts: shuffle (16x4: left 8 columns of all rows, then right), chroma downsampled */
static void test_avs_layouts(void) {
  sf_surface *s = mk(SF_SURF_2D, SF_FMT_RGBA8_UNORM, 16, 4, 1, 1);
  for (unsigned y = 0; y < 4; y++)
    for (unsigned x = 0; x < 16; x++) {
      uint8_t *t = sf_surface_texel(s, 0, 0, x, y);
      t[0] = (uint8_t)(y * 16 + x); t[1] = (uint8_t)(100 + y * 16 + x); t[2] = 7; t[3] = 9;
    }
  sf_sampler sp;
  sf_sampler_default(&sp);
  sp.avs_shuffle = true;
  sf_state st;
  sf_state_init(&st);
  st.surfaces[6] = s;
  st.samplers[0] = &sp;
  uint8_t *dst;
  sf_state_add_var(&st, 2, SF_VT_UB, 1024, &dst, NULL);
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_AVS;
  sf_avs *a = &in.avs;
  a->chan_mask = 0x3;
  a->surface = 6;
  a->u_off.cls = a->v_off.cls = a->du.cls = a->dv.cls = a->u2d.cls = a->v2d.cls = SF_VCLS_IMMEDIATE;
  a->group_id.cls = a->vbn.cls = a->ief_bypass.cls = SF_VCLS_IMMEDIATE;
  a->u_off.type = a->v_off.type = a->du.type = a->dv.type = a->u2d.type = a->v2d.type = SF_VT_F;
  a->group_id.type = a->vbn.type = SF_VT_UD;
  a->ief_bypass.type = SF_VT_UB;
  a->u_off.imm = fb(0.5f / 16.0f); a->v_off.imm = fb(0.5f / 4.0f);
  a->du.imm = fb(1.0f / 16.0f); a->dv.imm = fb(1.0f / 4.0f);
  a->exec_mode = SF_AVS_16x4;
  a->cntrl = 2;  /* 8-bit full */
  a->dst.id = 2;
  sf_status status;
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  /* group 0: R = 32 bytes (rows 0..3 x columns 0..7), G 32 bytes; group 1: R right half, G right half */
  SF_CHECK(dst[0] == 0 && dst[7] == 7 && dst[8] == 16 && dst[31] == 55);
  SF_CHECK(dst[32] == 100 && dst[32 + 8] == 116);
  SF_CHECK(dst[64] == 8 && dst[64 + 8] == 24 && dst[96] == 108);
  /* 16-bit chroma downsampled, no shuffle, R and G: R has the 32 even pixels, G all 64 */
  sp.avs_shuffle = false;
  a->cntrl = 1;
  sf_state_add_var(&st, 2, SF_VT_UW, 1024, &dst, NULL);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_OK);
  SF_CHECK(dst[2] == 0 && dst[3] == 2 && dst[16] == 0 && dst[17] == 16);  /* R[1] = pixel 2, R[8] = pixel 16 */
  SF_CHECK(dst[64 + 3] == 101);                                          /* G[1] = pixel 1 (101) << 8 */
  /* 16x8 with shuffle is not supported; state untouched */
  sp.avs_shuffle = true;
  a->exec_mode = SF_AVS_16x8;
  memset(dst, 0x5A, 1024);
  sf_status_clear(&status);
  SF_CHECK(sf_exec(&in, &st, NULL, &status) == SF_ERR_INVALID);
  SF_CHECK(dst[0] == 0x5A);
  sf_state_free(&st);
  sf_surface_free(s);
}

int main(void) {
  SF_RUN(test_s3d_layout);
  SF_RUN(test_s3d_quad_lod);
  SF_RUN(test_offsets);
  SF_RUN(test_d3d);
  SF_RUN(test_cube_seamless);
  SF_RUN(test_avs_layouts);
  SF_TEST_END();
}
