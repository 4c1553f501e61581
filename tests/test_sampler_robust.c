/* tests/test_sampler_robust.c — every bad state gives a defined result or a clear error, never a
 * crash (run under ASan+UBSan): instructions with every field drawn at random (op codes, exec sizes,
 * masks, operand classes, variable ids and offsets, register indices), random bindings, random
 * surface bytes including NaN/Inf, random sampler states (also invalid ones). Checks: sf_exec returns
 * a known code, an error carries a message, and an error leaves the state's bytes unchanged. */
#include "samplefuzz/sampler.h"
#include "tests/sf_test.h"

static uint32_t rn(uint64_t *s, uint32_t n) { return (uint32_t)(sf_t_rand(s) % n); }

static sf_vopnd rvop(uint64_t *s) {
  sf_vopnd o;
  memset(&o, 0, sizeof o);
  bool wild = rn(s, 8) == 0;
  o.cls = (uint8_t)(wild ? rn(s, 8) : rn(s, 2) ? SF_VCLS_IMMEDIATE : SF_VCLS_GENERAL);
  o.mod = (uint8_t)(wild ? rn(s, 7) : 0);
  o.type = (uint8_t)(wild ? rn(s, 20) : SF_VT_F);
  o.id = wild ? rn(s, 24) : 1 + rn(s, 12);
  o.row_off = (uint8_t)(wild ? rn(s, 80) : 0);
  o.col_off = (uint8_t)(wild ? rn(s, 40) : rn(s, 4));
  o.imm = sf_t_rand(s);
  return o;
}

static void rstate(uint64_t *s, sf_state *st, sf_surface **surfs, sf_sampler *samps) {
  sf_state_init(st);
  if (rn(s, 32) == 0) st->grf_bytes = rn(s, 100);
  else st->grf_bytes = rn(s, 2) ? 32 : 64;
  st->dmask = (uint32_t)sf_t_rand(s);
  for (unsigned p = 0; p < SF_MAX_PREDS; p++) st->preds[p] = (uint32_t)sf_t_rand(s);
  for (unsigned k = 0; k < 12; k++) {
    static const uint8_t types[] = {SF_VT_F, SF_VT_HF, SF_VT_UD, SF_VT_D, SF_VT_UW, SF_VT_W, SF_VT_UB, SF_VT_B};
    uint8_t *b = NULL;
    uint8_t ty = rn(s, 2) ? SF_VT_F : types[rn(s, 8)];
    uint32_t id = rn(s, 16) ? 1 + k : rn(s, 30), size = rn(s, 2) ? 600 : 1 + rn(s, 600);
    if (sf_state_add_var(st, id, ty, size, &b, NULL) == SF_OK)
      for (uint32_t i = 0; i < size; i++) b[i] = (uint8_t)sf_t_rand(s);
  }
  for (unsigned k = 0; k < 3; k++) {
    st->surfaces[rn(s, 2) ? 6 : rn(s, 256)] = surfs[k];
    st->samplers[k] = &samps[k];
    if (rn(s, 8) == 0) st->samplers[k] = NULL;
  }
  st->d3d.live = (uint8_t)rn(s, 16);
  for (unsigned l = 0; l < 4; l++)
    for (unsigned r = 0; r < 8; r++)
      for (unsigned c = 0; c < 4; c++) {
        st->d3d.r[l][r][c] = (uint32_t)sf_t_rand(s);
        st->d3d.v[l][r][c] = (uint32_t)sf_t_rand(s);
      }
}

static void rinst(uint64_t *s, sf_inst *in) {
  memset(in, 0, sizeof *in);
  in->family = (sf_family)(rn(s, 32) == 0 ? rn(s, 7) : 1 + rn(s, 4));
  switch (in->family) {
    case SF_FAMILY_SAMPLE_3D: {
      sf_sample_3d *x = &in->s3d;
      static const uint8_t ops[] = {0, 1, 2, 3, 4, 5, 6, 9, 0x14, 0x18, 0x19, 0x20, 0x21, 0x22, 0x23, 0x24, 0x26};
      x->op = (uint8_t)(rn(s, 8) ? ops[rn(s, sizeof ops)] : rn(s, 256));
      x->pixel_null_mask = rn(s, 2);
      x->exec_size = (uint8_t)(rn(s, 8) ? 3 + rn(s, 3) : rn(s, 8));
      x->emask = (uint8_t)rn(s, 16);
      x->pred.id = (uint16_t)(rn(s, 2) ? 0 : rn(s, 40));
      x->pred.ctrl = (uint8_t)rn(s, 4);
      x->pred.invert = rn(s, 2);
      x->chan_mask = (uint8_t)(rn(s, 16) ? 1 + rn(s, 15) : 0);
      x->aoffimmi = rvop(s);
      if (rn(s, 2)) { x->aoffimmi.cls = SF_VCLS_IMMEDIATE; x->aoffimmi.type = SF_VT_UW; }
      x->sampler = (uint8_t)(rn(s, 16) ? rn(s, 3) : rn(s, 256));
      x->surface = (uint8_t)(rn(s, 2) ? 6 : rn(s, 256));
      x->dst.id = rn(s, 16) ? rn(s, 13) : rn(s, 30);
      x->dst.off = (uint16_t)(rn(s, 2) ? 0 : rn(s, 700));
      x->num_params = (uint8_t)(rn(s, 8) ? 1 + rn(s, 6) : rn(s, 18));
      for (unsigned k = 0; k < SF_S3D_MAX_PARAMS; k++) {
        x->params[k].id = rn(s, 16) ? 1 + rn(s, 12) : rn(s, 30);
        x->params[k].off = (uint16_t)(rn(s, 2) ? 0 : rn(s, 700));
      }
      break;
    }
    case SF_FAMILY_SAMPLE_UNORM: {
      sf_sample_unorm *x = &in->unorm;
      x->chan_mask = (uint8_t)(rn(s, 16) ? 1 + rn(s, 15) : 0);
      x->out_fmt = (uint8_t)rn(s, 4 + (rn(s, 8) == 0));
      x->sampler = (uint8_t)rn(s, 3);
      x->surface = (uint8_t)(rn(s, 2) ? 6 : rn(s, 256));
      x->u = rvop(s); x->v = rvop(s); x->du = rvop(s); x->dv = rvop(s);
      x->dst.id = rn(s, 16) ? rn(s, 13) : rn(s, 30);
      x->dst.off = (uint16_t)(rn(s, 2) ? 0 : rn(s, 700));
      break;
    }
    case SF_FAMILY_AVS: {
      sf_avs *x = &in->avs;
      x->chan_mask = (uint8_t)(rn(s, 16) ? 1 + rn(s, 15) : 0);
      x->sampler = (uint8_t)rn(s, 3);
      x->surface = (uint8_t)(rn(s, 2) ? 6 : rn(s, 256));
      x->u_off = rvop(s); x->v_off = rvop(s); x->du = rvop(s); x->dv = rvop(s); x->u2d = rvop(s);
      x->group_id = rvop(s); x->vbn = rvop(s); x->v2d = rvop(s); x->ief_bypass = rvop(s);
      x->cntrl = (uint8_t)(rn(s, 16) ? rn(s, 4) : rn(s, 256));
      x->exec_mode = (uint8_t)(rn(s, 16) ? rn(s, 4) : rn(s, 256));
      x->dst.id = rn(s, 16) ? rn(s, 13) : rn(s, 30);
      x->dst.off = (uint16_t)(rn(s, 2) ? 0 : rn(s, 700));
      break;
    }
    case SF_FAMILY_D3D: {
      sf_d3d_inst *x = &in->d3d;
      x->op = (uint8_t)(rn(s, 16) ? 0x45 + rn(s, 6) : rn(s, 256));
      x->sat = rn(s, 2);
      for (int k = 0; k < 3; k++) x->aoffimmi[k] = (int8_t)((int)rn(s, 16) - 8);
      x->num_src = (uint8_t)(rn(s, 16) ? sf_d3d_op_num_src(x->op) : rn(s, 6));
      sf_d3d_opnd *ops[6] = {&x->dst, &x->src[0], &x->src[1], &x->src[2], &x->src[3], &x->src[4]};
      for (unsigned k = 0; k < 6; k++) {
        sf_d3d_opnd *o = ops[k];
        static const uint8_t rtypes[] = {SF_D3D_OT_TEMP, SF_D3D_OT_INPUT, SF_D3D_OT_IMM32, SF_D3D_OT_CONSTANT_BUFFER, SF_D3D_OT_INDEXABLE_TEMP};
        o->type = (uint8_t)(rn(s, 16) ? rtypes[rn(s, 5)] : rn(s, 14));
        o->num_comp = (uint8_t)rn(s, 4);
        o->sel_mode = (uint8_t)rn(s, 4);
        o->comp_bits = (uint8_t)sf_t_rand(s);
        o->index_dim = (uint8_t)rn(s, 4);
        for (unsigned d = 0; d < 3; d++) {
          o->idx[d].rep = (uint8_t)(rn(s, 16) ? 0 : rn(s, 5));
          o->idx[d].imm = rn(s, 16) ? rn(s, 4) : rn(s, 2) ? rn(s, 100) : sf_t_rand(s);
        }
        o->modifier = (uint8_t)rn(s, 4);
        for (unsigned c = 0; c < 4; c++) o->imm[c] = (uint32_t)sf_t_rand(s);
      }
      x->dst.type = SF_D3D_OT_TEMP;
      if (rn(s, 8)) { x->src[1].type = SF_D3D_OT_RESOURCE; x->src[1].idx[0].imm = 6; x->src[1].idx[0].rep = 0; x->src[1].index_dim = 1; }
      if (rn(s, 8)) { x->src[2].type = SF_D3D_OT_SAMPLER; x->src[2].idx[0].imm = 0; x->src[2].idx[0].rep = 0; x->src[2].index_dim = 1; }
      break;
    }
    default:
      break;
  }
}

static void test_random_everything(void) {
  uint64_t s = 77;
  unsigned ok = 0, err = 0;
  for (unsigned it = 0; it < 20000; it++) {
    sf_surface *surfs[3] = {NULL, NULL, NULL};
    sf_sampler samps[3];
    for (unsigned k = 0; k < 3; k++) {
      sf_surface_desc d = {(uint8_t)rn(&s, 8), (uint8_t)rn(&s, SF_FMT_COUNT + 1), 1 + rn(&s, 9), 1 + rn(&s, 9),
                           1 + rn(&s, 3), 1 + rn(&s, 3), 1 + rn(&s, 4)};
      if (sf_surface_create(&surfs[k], &d, NULL) == SF_OK) {
        for (size_t i = 0; i < surfs[k]->size; i++) surfs[k]->data[i] = (uint8_t)sf_t_rand(&s);
        for (size_t i = 0; i < surfs[k]->null_size; i++) surfs[k]->null_map[i] = rn(&s, 4) == 0;
      }
      sf_sampler_default(&samps[k]);
      unsigned w = rn(&s, 16) == 0;  /* sometimes an invalid state */
      samps[k].min_filter = (uint8_t)rn(&s, 2 + w);
      samps[k].mag_filter = (uint8_t)rn(&s, 2);
      samps[k].mip_filter = (uint8_t)rn(&s, 3 + w);
      for (int a = 0; a < 3; a++) samps[k].addr[a] = (uint8_t)rn(&s, 5 + w);
      samps[k].lod_bias = (int16_t)((int)rn(&s, 8192 + 800 * w) - 4096);
      samps[k].min_lod = (uint16_t)rn(&s, 4096 + 900 * w);
      samps[k].max_lod = (uint16_t)rn(&s, 4096 + 900 * w);
      samps[k].compare = (uint8_t)rn(&s, 8 + w);
      uint32_t bb = (uint32_t)sf_t_rand(&s);
      memcpy(&samps[k].border[0], &bb, 4);
      samps[k].avs_shuffle = rn(&s, 2);
      samps[k].avs_adaptive = rn(&s, 8) == 0;
      samps[k].avs_ief = rn(&s, 2);
      if (w) samps[k].avs_luma[rn(&s, 32)][rn(&s, 8)] = (int8_t)sf_t_rand(&s);
    }
    sf_state *st = malloc(sizeof *st), *copy = malloc(sizeof *st);
    rstate(&s, st, surfs, samps);
    sf_inst in;
    rinst(&s, &in);
    /* snapshot the variables and registers */
    uint8_t snap[SF_MAX_VARS][600];
    for (unsigned v = 0; v < st->nvars; v++) memcpy(snap[v], st->vars[v].bytes, st->vars[v].size);
    memcpy(copy, st, sizeof *st);
    sf_status status;
    sf_status_clear(&status);
    sf_code rc = sf_exec(&in, st, sf_backend_scalar(), &status);
    SF_CHECK(rc <= SF_UNSUPPORTED);
    if (rc == SF_OK) {
      ok++;
    } else {
      err++;
      if (getenv("SF_ROBUST_DEBUG")) fprintf(stderr, "E %s\n", status.msg);
      SF_CHECK_MSG(status.code == rc && status.msg[0] != 0, "it %u: code %d without a message", it, (int)rc);
      for (unsigned v = 0; v < st->nvars; v++) SF_CHECK(memcmp(snap[v], st->vars[v].bytes, st->vars[v].size) == 0);
      SF_CHECK(memcmp(&copy->d3d, &st->d3d, sizeof st->d3d) == 0);
    }
    sf_state_free(st);
    free(st);
    free(copy);
    for (unsigned k = 0; k < 3; k++) sf_surface_free(surfs[k]);
  }
  printf("random instructions: %u executed, %u rejected with an error\n", ok, err);
  SF_CHECK(ok > 1000 && err > 1000);  /* both paths exercised */
}

/* A refused declaration hands back no storage: *bytes is NULL on every failure (sampler.h). */
static void test_add_var_refusals(void) {
  sf_state st;
  sf_state_init(&st);
  static const struct { uint32_t id; uint8_t type; uint32_t size; } bad[] = {
      {0, SF_VT_F, 64}, {40, 0xEE, 64}, {40, SF_VT_F, 0}, {40, SF_VT_F, SF_VAR_MAX_BYTES + 1}};
  for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    uint8_t marker = 0, *bytes = &marker;
    sf_status status;
    sf_status_clear(&status);
    SF_CHECK(sf_state_add_var(&st, bad[i].id, bad[i].type, bad[i].size, &bytes, &status) != SF_OK);
    SF_CHECK_MSG(bytes == NULL, "refusal %u left *bytes set", i);
  }
  SF_CHECK(sf_state_add_var(NULL, 40, SF_VT_F, 64, NULL, NULL) != SF_OK);
  sf_state_free(&st);
}

int main(void) {
  SF_RUN(test_random_everything);
  SF_RUN(test_add_var_refusals);
  SF_TEST_END();
}
