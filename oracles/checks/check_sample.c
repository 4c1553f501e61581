/* oracles/checks/check_sample.c — differential and invariant checks of the reference sampler
 * (docs/design.md principle 1: every SIMD backend equals the scalar one bit for bit).
 *
 * sample_diff: one structured case (include/samplefuzz/case.h) is executed with every backend the
 * CPU supports (sf_backend_list: scalar first). Statuses must agree ("all error or none", simdjson
 * fuzz_implementations pattern) and every variable byte and D3D register must be identical; on a
 * mismatch the report names the backends, the variable/register, and the differing lanes and
 * channels with both values. Then, at the request level (sf_sample), every backend must equal the
 * scalar one and three invariants must hold (docs/precision-model.md, D3D11.3 §7.18):
 *   constant  a surface whose texels all hold one value returns that value (point/linear, any mip);
 *   hull      a filtered result lies within the per-channel [min, max] of all texels, plus the
 *             border colour when an address mode is border, plus 0 with a null tile;
 *   lod0      an explicit LOD of 0 equals the LOD-zero mode.
 * Float results are compared with a tolerance only in the invariants (1e-6 relative), never between
 * backends. NaN/Inf texels and compare/LOD-query requests are outside the invariants.
 * pipeline: the case's instruction goes through its family's codec views (sf_check_inst_views),
 * and the generated, the byte-decoded and the text-parsed forms execute to identical states. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/case.h"
#include "samplefuzz/dxbc.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/sampler.h"
#include "samplefuzz/visa.h"

#define SF_MAX_BACKENDS 8u

static float sf_bits_f(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

void sf_case_key(sf_verdict *v, const sf_case *c, const char *what) {
  const sf_format_info *fi = sf_format_get(c->surf.format);
  sf_verdict_key(v, "%s format=%s type=%s filter=%u%u%u", what, fi ? fi->name : "?", sf_surf_type_name(c->surf.type),
                 c->samp.min_filter, c->samp.mag_filter, c->samp.mip_filter);
}

void sf_dump_case(sf_verdict *v, const sf_case *c) {
  char buf[512];
  sf_verdict_dumpf(v, "case: %s\n", sf_case_describe(c, buf, sizeof buf));
  sf_verdict_dump_inst(v, "instruction", &c->inst);
  sf_verdict_dumpf(v, "palette:");
  for (unsigned i = 0; i < SF_CASE_PALETTE; i++) sf_verdict_dumpf(v, " %08x", c->palette[i]);
  sf_verdict_dumpf(v, "\n");
}

/* Compares two machine states; on a difference fills v and returns false. */
static bool sf_compare_states(sf_verdict *v, const sf_case *c, const sf_state *a, const sf_state *b, const char *na,
                              const char *nb, const char *check) {
  for (unsigned i = 0; i < a->nvars; i++) {
    const sf_var *va = &a->vars[i];
    const sf_var *vb = sf_state_var_c(b, va->id);
    if (!vb || vb->size != va->size) {
      sf_verdict_fail(v, check, &c->inst, "vars");
      sf_case_key(v, c, "vars");
      sf_verdict_dumpf(v, "variable V%u is missing or resized in %s\n", va->id, nb);
      return false;
    }
    if (memcmp(va->bytes, vb->bytes, va->size) == 0) continue;
    sf_verdict_fail(v, check, &c->inst, "dst");
    sf_case_key(v, c, "dst");
    sf_verdict_dumpf(v, "variable V%u (%s, %u bytes) differs between %s and %s; 32-bit words that differ:\n", va->id,
                     sf_vtype_name(va->type) ? sf_vtype_name(va->type) : "?", va->size, na, nb);
    unsigned shown = 0;
    for (uint32_t off = 0; off + 4 <= va->size && shown < 16; off += 4) {
      uint32_t x = sf_le32(va->bytes + off), y = sf_le32(vb->bytes + off);
      if (x == y) continue;
      sf_verdict_dumpf(v, "  byte %5u (GRF %u, word %u): %s %08x (%g)  %s %08x (%g)\n", off, off / 32u, (off % 32u) / 4u,
                       na, x, (double)sf_bits_f(x), nb, y, (double)sf_bits_f(y));
      shown++;
    }
    sf_dump_case(v, c);
    return false;
  }
  if (memcmp(&a->d3d, &b->d3d, sizeof a->d3d) != 0) {
    sf_verdict_fail(v, check, &c->inst, "regs");
    sf_case_key(v, c, "regs");
    sf_verdict_dumpf(v, "D3D registers differ between %s and %s (lane, register, channel):\n", na, nb);
    unsigned shown = 0;
    for (unsigned l = 0; l < 4; l++)
      for (unsigned r = 0; r < SF_D3D_MAX_TEMPS; r++)
        for (unsigned ch = 0; ch < 4 && shown < 16; ch++)
          if (a->d3d.r[l][r][ch] != b->d3d.r[l][r][ch]) {
            sf_verdict_dumpf(v, "  lane %u r%u.%c: %s %08x (%g)  %s %08x (%g)\n", l, r, "xyzw"[ch], na, a->d3d.r[l][r][ch],
                             (double)sf_bits_f(a->d3d.r[l][r][ch]), nb, b->d3d.r[l][r][ch],
                             (double)sf_bits_f(b->d3d.r[l][r][ch]));
            shown++;
          }
    for (unsigned l = 0; l < 4; l++)
      for (unsigned r = 0; r < SF_D3D_MAX_OUTPUTS; r++)
        for (unsigned ch = 0; ch < 4 && shown < 16; ch++)
          if (a->d3d.o[l][r][ch] != b->d3d.o[l][r][ch]) {
            sf_verdict_dumpf(v, "  lane %u o%u.%c: %s %08x  %s %08x\n", l, r, "xyzw"[ch], na, a->d3d.o[l][r][ch], nb,
                             b->d3d.o[l][r][ch]);
            shown++;
          }
    sf_dump_case(v, c);
    return false;
  }
  return true;
}

/* ---- request level ---------------------------------------------------------------------------- */

static void sf_build_batch(const sf_case *c, const sf_case_env *env, sf_sample_batch *b) {
  memset(b, 0, sizeof *b);
  b->surf = env->surface;
  b->samp = &env->sampler;
  b->lod_mode = (uint8_t)((c->pal_raw[15] >> 29) & 3u);
  b->lanes = 0xFFu;
  b->n = 8;
  for (unsigned l = 0; l < 8; l++) {
    const uint32_t *p = c->palette;
    b->u[l] = sf_bits_f(p[l % 16]);
    b->v[l] = sf_bits_f(p[(l + 3) % 16]);
    b->r[l] = sf_bits_f(p[(l + 6) % 16]);
    b->ai[l] = sf_bits_f(p[(l + 9) % 16]);
    b->lod_or_bias[l] = sf_bits_f(p[(l + 12) % 16]);
    b->dudx[l] = sf_bits_f(p[(l + 1) % 16]) * 0.125f;
    b->dvdy[l] = sf_bits_f(p[(l + 2) % 16]) * 0.125f;
    b->dudy[l] = sf_bits_f(p[(l + 4) % 16]) * 0.0625f;
    b->dvdx[l] = sf_bits_f(p[(l + 5) % 16]) * 0.0625f;
    b->drdx[l] = sf_bits_f(p[(l + 7) % 16]) * 0.125f;
    b->drdy[l] = sf_bits_f(p[(l + 8) % 16]) * 0.125f;
    unsigned o = c->pattern[l];
    b->off_u[l] = (int8_t)((int)((o >> 4) ^ 8u) - 8);   /* two 4-bit two's complement offsets, [-8, 7] */
    b->off_v[l] = (int8_t)((int)((o & 15u) ^ 8u) - 8);
    b->off_r[l] = 0;
  }
}

bool sf_out_equal(const sf_sample_out *a, const sf_sample_out *b, unsigned n) {
  if (a->is_int != b->is_int || a->null_mask != b->null_mask) return false;
  for (unsigned ch = 0; ch < 4; ch++)
    for (unsigned l = 0; l < n; l++)
      if (a->v[ch][l] != b->v[ch][l]) return false;
  return true;
}

void sf_dump_out_diff(sf_verdict *v, const sf_sample_out *a, const sf_sample_out *b, unsigned n, const char *na,
                             const char *nb) {
  sf_verdict_dumpf(v, "lane ch  %-22s %-22s\n", na, nb);
  for (unsigned l = 0; l < n; l++)
    for (unsigned ch = 0; ch < 4; ch++)
      if (a->v[ch][l] != b->v[ch][l])
        sf_verdict_dumpf(v, "%4u  %c  %08x %-13g %08x %-13g\n", l, "rgba"[ch], a->v[ch][l], (double)sf_bits_f(a->v[ch][l]),
                         b->v[ch][l], (double)sf_bits_f(b->v[ch][l]));
  if (a->null_mask != b->null_mask) sf_verdict_dumpf(v, "null_mask %08x vs %08x\n", a->null_mask, b->null_mask);
}

static bool sf_float_class(unsigned cls) {
  return cls == SF_FCLASS_UNORM || cls == SF_FCLASS_SRGB || cls == SF_FCLASS_SNORM || cls == SF_FCLASS_FLOAT ||
         cls == SF_FCLASS_DEPTH;
}

static bool sf_within(float x, float lo, float hi) {
  float tol_lo = 1e-6f * (fabsf(lo) > 1.0f ? fabsf(lo) : 1.0f);
  float tol_hi = 1e-6f * (fabsf(hi) > 1.0f ? fabsf(hi) : 1.0f);
  return x >= lo - tol_lo && x <= hi + tol_hi;
}

/* Per-channel [min, max] over every texel of the surface; false if a texel is NaN/Inf. */
static bool sf_surface_hull(sf_surface *s, float lo[4], float hi[4]) {
  const sf_format_info *fi = sf_format_get(s->desc.format);
  if (!fi) return false;
  for (unsigned ch = 0; ch < 4; ch++) lo[ch] = INFINITY, hi[ch] = -INFINITY;
  for (unsigned l = 0; l < s->desc.levels && l < SF_SURF_MAX_LEVELS; l++) {
    const sf_level *lv = &s->levels[l];
    unsigned slices = s->desc.type == SF_SURF_3D ? lv->d : s->slices;
    for (unsigned sl = 0; sl < slices; sl++)
      for (unsigned y = 0; y < lv->h; y++)
        for (unsigned x = 0; x < lv->w; x++) {
          const uint8_t *t = sf_surface_texel(s, l, sl, x, y);
          if (!t) return false;
          uint32_t d[4];
          sf_format_decode(s->desc.format, t, d);
          for (unsigned ch = 0; ch < 4; ch++) {
            float f = sf_bits_f(d[ch]);
            if (!isfinite(f)) return false;
            if (f < lo[ch]) lo[ch] = f;
            if (f > hi[ch]) hi[ch] = f;
          }
        }
  }
  return true;
}

/* The metamorphic relations run on one input: at most one, chosen by the case's bytes, so that every
 * relation runs on a tenth of the inputs and the cost per input stays bounded (docs/oracles.md). */
static uint32_t sf_meta_hash(const sf_case *c) {
  return c->pal_raw[13] ^ ((uint32_t)c->pattern[9] << 8) ^ ((uint32_t)c->pattern[17] << 16);
}
static uint32_t sf_meta_pick(const sf_case *c) { return 1u << (sf_meta_hash(c) % SF_META_COUNT); }
/* ... on one backend, also chosen by the case's bytes: the derived batches are compared with nothing
 * but the relation, so each backend's own code (the SIMD filters, cube corners) is held to it. */
static unsigned sf_meta_backend(const sf_case *c, unsigned nbe) {
  return nbe ? (sf_meta_hash(c) / SF_META_COUNT + c->pattern[33]) % nbe : 0;
}

/* request_state: the case's batch with a sampler state that sf_sampler_check refuses (one field out
 * of its range, picked by the case: sf_check_break_sampler) must be refused by every backend's own
 * entry point, with the same code. sf_sample checks a request before it calls a backend, but the
 * entry points are public (sf_backend's table) and each SIMD one has a fast test of its own
 * (simd_sample.h sfk_sampler_ok): a fast path that took a broken state would answer where the scalar
 * path refuses. check_u8_edges.c's u8_state asks the same of SAMPLE_UNORM, AVS and the rect. */
static bool sf_check_request_state(sf_verdict *v, const sf_case *c, const sf_sample_batch *b,
                                   const sf_backend *const *be, unsigned nbe) {
  sf_sampler bad = *b->samp;
  unsigned pick = (unsigned)(c->surf.width + 3u * c->surf.height + 7u * b->n + c->samp.addr[0]) % 9u;
  const char *field = sf_check_break_sampler(&bad, pick, b->n);
  sf_sample_batch bb = *b;
  bb.samp = &bad;
  sf_code first = SF_OK;
  for (unsigned i = 0; i < nbe; i++) {
    sf_sample_out out;
    sf_status st;
    sf_status_clear(&st);
    memset(&out, 0, sizeof out);
    sf_code rc = (be[i]->sample ? be[i]->sample : sf_backend_scalar()->sample)(&bb, &out, &st);
    if (i == 0) first = rc;
    if (rc != SF_OK && rc == first) continue;
    sf_verdict_fail(v, "request_state", &c->inst, be[i]->name);
    sf_case_key(v, c, "request state");
    snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[i]->name);
    sf_verdict_dumpf(v, "a sampler state sf_sampler_check refuses (%s out of range): %s -> %s, %s -> %s\n", field,
                     be[0]->name, sf_code_name(first), be[i]->name, sf_code_name(rc));
    sf_dump_case(v, c);
    return false;
  }
  return true;
}

/* state_refusal: sf_state_add_var with a declaration it must refuse (picked by the case: id 0, a
 * type beyond BF, zero bytes, one byte over SF_VAR_MAX_BYTES) returns an error, leaves *bytes NULL
 * (include/samplefuzz/sampler.h) and leaves the case's variables as they were. A caller that frees or
 * writes through *bytes after a refusal relies on it. No allocation: every pick is refused before. */
static bool sf_check_state_refusal(sf_verdict *v, const sf_case *c, sf_case_env *env) {
  static const char *const what[4] = {"id 0", "type 16", "0 bytes", "SF_VAR_MAX_BYTES + 1 bytes"};
  unsigned pick = c->pattern[27] % 4u;
  uint32_t id = pick == 0 ? 0u : 0xFFFFFF00u, size = pick == 2 ? 0u : pick == 3 ? SF_VAR_MAX_BYTES + 1u : 16u;
  uint8_t type = pick == 1 ? 16u : SF_VT_F;
  unsigned nvars = env->state.nvars;
  uint8_t dummy = 0, *bytes = &dummy;
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_state_add_var(&env->state, id, type, size, &bytes, &st);
  if (rc != SF_OK && bytes == NULL && env->state.nvars == nvars) return true;
  sf_verdict_fail(v, "state_refusal", &c->inst, what[pick]);
  sf_verdict_key(v, "state_refusal %s", what[pick]);
  sf_verdict_dumpf(v, "sf_state_add_var(%s): %s (%s), *bytes %s, %u variables before, %u after\n", what[pick], sf_code_name(rc),
                   st.msg, bytes ? "left set" : "NULL", nvars, env->state.nvars);
  return false;
}

static bool sf_check_requests(sf_verdict *v, const sf_case *c, sf_case_env *env, const sf_backend *const *be,
                              unsigned nbe, sf_indep_stats *stats) {
  const sf_format_info *fi = sf_format_get(c->surf.format);
  if (!fi || fi->cls == SF_FCLASS_YUV) return true;   /* NV12 is for SAMPLE_UNORM/AVS only */
  sf_sample_batch b;
  sf_build_batch(c, env, &b);
  sf_sample_out ref, out;
  sf_status st0, st1;
  sf_status_clear(&st0);
  memset(&ref, 0, sizeof ref);
  sf_code rc0 = sf_sample(be[0], &b, &ref, &st0);
  for (unsigned i = 1; i < nbe; i++) {
    sf_status_clear(&st1);
    memset(&out, 0xA5, sizeof out);   /* a sentinel unlike the reference's zero fill (libyuv) */
    sf_code rc1 = sf_sample(be[i], &b, &out, &st1);
    if (rc1 != rc0) {
      sf_verdict_fail(v, "request_status", &c->inst, be[i]->name);
      sf_case_key(v, c, "request status");
      snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[i]->name);
      sf_verdict_dumpf(v, "sf_sample: %s -> %s, %s -> %s (%s)\n", be[0]->name, sf_code_name(rc0), be[i]->name,
                       sf_code_name(rc1), rc1 ? st1.msg : st0.msg);
      sf_dump_case(v, c);
      return false;
    }
    if (rc0 == SF_OK && !sf_out_equal(&ref, &out, b.n)) {
      sf_verdict_fail(v, "request_lanes", &c->inst, be[i]->name);
      sf_case_key(v, c, "request lanes");
      snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[i]->name);
      sf_verdict_dumpf(v, "sf_sample results differ (lod mode %u):\n", b.lod_mode);
      sf_dump_out_diff(v, &ref, &out, b.n, be[0]->name, be[i]->name);
      sf_dump_case(v, c);
      return false;
    }
  }
  if (b.samp && (!sf_check_request_state(v, c, &b, be, nbe) || !sf_check_request_forbidden(v, c, &b, be, nbe)))
    return false;
  if (rc0 == SF_OK && (!sf_check_request_extreme(v, c, &b, be, nbe) || !sf_check_request_cube_ties(v, c, &b, be, nbe)))
    return false;
  /* the independent interval and the metamorphic relations on the request batch */
  if (rc0 == SF_OK) {
    if (!sf_check_indep_batch(v, &c->inst, &b, &ref, "request", stats)) {
      snprintf(v->backends, sizeof v->backends, "%s", be[0]->name);
      sf_dump_case(v, c);
      return false;
    }
    if (!sf_check_meta_batch(v, &c->inst, be[sf_meta_backend(c, nbe)], &b, sf_meta_pick(c), stats)) {
      sf_dump_case(v, c);   /* the check named the backend */
      return false;
    }
  }
  if (rc0 != SF_OK || !sf_float_class(fi->cls) || ref.is_int) return true;
  /* lod0: explicit LOD 0 == LOD zero. */
  {
    sf_sample_batch b2 = b, b3 = b;
    b2.lod_mode = SF_LOD_EXPLICIT;
    for (unsigned l = 0; l < b2.n; l++) b2.lod_or_bias[l] = 0.0f;
    b3.lod_mode = SF_LOD_ZERO;
    sf_sample_out o2, o3;
    memset(&o2, 0, sizeof o2);
    memset(&o3, 0, sizeof o3);
    sf_status_clear(&st1);
    if (sf_sample(be[0], &b2, &o2, &st1) == SF_OK && sf_sample(be[0], &b3, &o3, &st1) == SF_OK &&
        !sf_out_equal(&o2, &o3, b2.n)) {
      sf_verdict_fail(v, "invariant", &c->inst, "lod0");
      sf_case_key(v, c, "lod0");
      snprintf(v->backends, sizeof v->backends, "%s", be[0]->name);
      sf_verdict_dumpf(v, "explicit LOD 0 and the LOD-zero mode differ:\n");
      sf_dump_out_diff(v, &o2, &o3, b2.n, "explicit 0", "lod zero");
      sf_dump_case(v, c);
      return false;
    }
  }
  /* hull / constant (the hull of a constant surface is the constant itself). */
  float lo[4], hi[4];
  if (!sf_surface_hull(env->surface, lo, hi)) return true;
  bool border = false;
  for (unsigned a = 0; a < 3; a++) border |= c->samp.addr[a] == SF_ADDR_BORDER;
  if (border) return true;   /* the border colour is snapped to the format: outside this invariant */
  if (c->flags & SF_CASE_F_NULL_TILE)
    for (unsigned ch = 0; ch < 4; ch++) {
      if (lo[ch] > 0.0f) lo[ch] = 0.0f;
      if (hi[ch] < 0.0f) hi[ch] = 0.0f;
    }
  for (unsigned l = 0; l < b.n; l++) {
    if (!((b.lanes >> l) & 1u)) continue;
    for (unsigned ch = 0; ch < 4; ch++) {
      float x = sf_bits_f(ref.v[ch][l]);
      if (sf_within(x, lo[ch], hi[ch])) continue;
      bool constant = lo[ch] == hi[ch];
      sf_verdict_fail(v, "invariant", &c->inst, constant ? "constant" : "hull");
      sf_case_key(v, c, constant ? "constant" : "hull");
      snprintf(v->backends, sizeof v->backends, "%s", be[0]->name);
      sf_verdict_dumpf(v, "lane %u channel %c = %g (%08x) is outside the texels' [%g, %g] (lod mode %u, u %g v %g)\n", l,
                       "rgba"[ch], (double)x, ref.v[ch][l], (double)lo[ch], (double)hi[ch], b.lod_mode, (double)b.u[l],
                       (double)b.v[l]);
      sf_dump_case(v, c);
      return false;
    }
  }
  return true;
}

/* How the executor may refuse a generated (valid) case: a documented gap (SF_UNSUPPORTED) or a limit
 * of the machine state or a value too large for it (SF_ERR_LIMIT). Anything else says a valid
 * instruction is not valid: the model and the executor disagree, and every backend agreeing does not
 * make it right. A state error (SF_ERR_STATE: a binding or variable the state lacks, an operand
 * outside its variable) is one too: the case builder declares and binds everything the instruction
 * it generated names (sf_case_env_build), so the executor and the builder disagree. (It was allowed
 * until seed 8088's mutant refused a scalar operand at the very end of its variable as outside it.) */
bool sf_check_case_env(sf_verdict *v, const uint8_t *p, size_t n, sf_case *c, sf_case_env *env) {
  sf_status st;
  sf_status_clear(&st);
  if (sf_case_read(p, n, c, &st) != SF_OK) {
    sf_verdict_refuse(v, &st);
    return false;
  }
  sf_status_clear(&st);
  sf_code rc = sf_case_env_build(c, env, &st);
  if (rc == SF_OK) return true;
  if (rc == SF_ERR_NOMEM || rc == SF_ERR_LIMIT) {
    sf_verdict_refuse(v, &st);
    return false;
  }
  char why[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "env_refused", &c->inst, sf_code_name(rc));
  sf_case_key(v, c, "env_refused");
  sf_verdict_dumpf(v, "the case's surface, sampler or state was refused: %s\n", sf_status_format(&st, why, sizeof why));
  sf_dump_case(v, c);
  return false;
}

/* Check `gen_invalid`: the generator builds the case's instruction as valid, so the model's rules
 * (sf_inst_validate) must accept it; a rule that refuses it would make every codec and backend refuse
 * a valid instruction alike, which no differential check sees. Run by sample_diff and pipeline. */
static bool sf_check_gen_valid(sf_verdict *v, const sf_case *c) {
  if (sf_inst_validate(&c->inst, NULL) == 0) return true;
  sf_violations vio;
  sf_inst_validate(&c->inst, &vio);
  sf_verdict_fail(v, "gen_invalid", &c->inst, vio.count ? vio.v[0].rule : "?");
  sf_case_key(v, c, "gen_invalid");
  sf_verdict_dumpf(v, "the generator's valid instruction breaks rule %s: %s\n", vio.count ? vio.v[0].rule : "?",
                   vio.count ? vio.v[0].reason : "");
  sf_dump_case(v, c);
  return false;
}

/* Check `exec_refused`: the case's instruction is valid and its environment binds every surface and
 * sampler slot and declares every variable the generator names, sized for the operands it draws, so
 * the executor must run it. The refusals allowed are the documented ones: SF_UNSUPPORTED (indirect
 * operands, relative indexing, AVS IEF), SF_ERR_LIMIT (the executor's caps, such as a D3D register
 * index outside the state's register file) and SF_ERR_NOMEM. Anything else (a state error, an invalid operand) refuses a valid
 * input, which every backend would do alike. */
static bool sf_check_exec_ran(sf_verdict *v, const sf_case *c, sf_code rc, const sf_status *st, const char *backend) {
  if (rc == SF_OK || rc == SF_UNSUPPORTED || rc == SF_ERR_LIMIT || rc == SF_ERR_NOMEM) return true;
  char why[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "exec_refused", &c->inst, sf_code_name(rc));
  sf_case_key(v, c, "exec_refused");
  snprintf(v->backends, sizeof v->backends, "%s", backend);
  sf_verdict_dumpf(v, "the executor refused a valid generated case: %s\n", sf_status_format(st, why, sizeof why));
  sf_dump_case(v, c);
  return false;
}

/* The working set of one sampler-target input: about 250 KiB of case, environment, one state per
 * backend, recorder and statistics. Allocated once per thread and reused, not allocated (and, under
 * ASan, filled and quarantined) for every input: that churn was a fifth of sample_diff's time. Only
 * the checks' own structures live here; the surfaces and variable storage the code under test
 * reads are still allocated per input, so ASan still sees every access to them. Each check
 * initializes what it uses, as it did after malloc/calloc. */
typedef struct sf_sampler_scratch {
  sf_case c;
  sf_case_env env;
  sf_state runs[SF_MAX_BACKENDS];
  sf_inst forms[3];
  sf_indep_rec rec;
  sf_indep_rec rec_edge; /* dst_edges' run */
  sf_state run_edge;
  sf_indep_stats stats;
  sf_verdict views;
} sf_sampler_scratch;

static _Thread_local sf_sampler_scratch *sf_scratch_tls;

static sf_sampler_scratch *sf_sampler_scratch_get(void) {
  if (!sf_scratch_tls) sf_scratch_tls = malloc(sizeof *sf_scratch_tls);
  return sf_scratch_tls;
}

/* inst_refusal: a SAMPLE_UNORM whose output format does not fit its 2 bits (no decoder gives one,
 * the API can) is refused as invalid, before the state is touched. */
static bool sf_check_inst_refusal(sf_verdict *v, const sf_case *c, sf_case_env *env) {
  if (c->inst.family != SF_FAMILY_SAMPLE_UNORM || !(c->inst.unorm.chan_mask & 0xF)) return true;
  sf_inst bad = c->inst;
  bad.unorm.out_fmt = (uint8_t)(4u + c->pattern[26] % 252u);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_exec(&bad, &env->state, sf_backend_scalar(), &st);
  if (rc == SF_ERR_INVALID) return true;
  sf_verdict_fail(v, "inst_refusal", &c->inst, "out_fmt");
  sf_verdict_key(v, "inst_refusal out_fmt");
  sf_verdict_dumpf(v, "sample_unorm with output format %u: %s (%s), not refused as invalid\n", (unsigned)bad.unorm.out_fmt,
                   sf_code_name(rc), st.msg);
  return false;
}

/* `dst_edges` (one sampler case in four, by its pattern): the executor's conversion of a result to
 * its destination's type (exec.c dst_elem: HF, D, UD, W, UW rounded to nearest even and saturated,
 * NaN as 0) at the values where a rounding or saturation test one off shows. Results from real
 * texels rarely land there (a UD test at exactly 2^31 one off survived 60 s), so the case runs once
 * more with a backend that answers the scalar backend's request with these values instead, lane
 * by lane and channel by channel from a rotating start, and exec_writeback's own model of the
 * conversion (check_exec.c) judges what was written. */
static const uint32_t dst_edge_bits[] = {
    0x4f000000u, /* 2^31 */ 0x4effffffu, /* 2^31 - 128 */ 0x4f800000u, /* 2^32 */ 0x4f7fffffu, /* 2^32 - 256 */
    0xcf000000u, /* -2^31 */ 0xcf000001u, /* -2^31 - 256 */ 0x3f000000u, /* 0.5 */ 0x3fc00000u, /* 1.5 */
    0x40200000u, /* 2.5 */ 0xbf000000u, /* -0.5 */ 0xbfc00000u, /* -1.5 */ 0x46ffff00u, /* 32767.5 */
    0x477fff80u, /* 65535.5 */ 0xc7000080u, /* -32768.5 */ 0x477ff000u, /* 65520: the half overflow */
    0x477fefffu, /* just below 65520 */ 0x7fc00000u, /* NaN */ 0x7f800000u, /* +inf */ 0xff800000u, /* -inf */
    0x80000000u, /* -0 */ 0x33800000u, /* 2^-24, the smallest half */ 0x33000000u, /* 2^-25: a tie to 0 */
    0x33400000u, /* 3 * 2^-26: up to 2^-24 */ 0xffffffffu, /* a NaN; as an integer, all ones */
};
#define DST_EDGES (sizeof dst_edge_bits / sizeof dst_edge_bits[0])
static _Thread_local unsigned dst_edge_at;

static sf_code dst_edge_sample(const sf_sample_batch *q, sf_sample_out *o, sf_status *st) {
  sf_code rc = sf_backend_scalar()->sample(q, o, st);
  if (rc == SF_OK)
    for (unsigned c = 0; c < 4; c++)
      for (unsigned l = 0; l < SF_MAX_LANES; l++) o->v[c][l] = dst_edge_bits[(dst_edge_at + l + 7u * c) % DST_EDGES];
  return rc;
}

static const sf_backend dst_edge_backend = {"dst_edges", dst_edge_sample, NULL, NULL, NULL};

static bool sf_check_dst_edges(sf_verdict *v, const sf_case *c, sf_case_env *env, sf_sampler_scratch *w) {
  if ((c->inst.family != SF_FAMILY_SAMPLE_3D && c->inst.family != SF_FAMILY_D3D) || (c->pattern[29] & 3u)) return true;
  sf_status st;
  sf_status_clear(&st);
  if (sf_case_state_clone(env, &w->run_edge, &st) != SF_OK) return true; /* out of memory: nothing to judge */
  dst_edge_at = c->pattern[29] >> 2;
  sf_code rc = sf_exec_recorded(&c->inst, &w->run_edge, &dst_edge_backend, &w->rec_edge, &st);
  bool ok = rc != SF_OK || sf_check_exec_writeback(v, &c->inst, &env->state, &w->run_edge, &w->rec_edge);
  if (!ok) sf_verdict_dumpf(v, "(dst_edges: the results were the edge values from index %u on)\n", dst_edge_at);
  sf_state_free(&w->run_edge);
  return ok;
}

bool sf_check_sample_diff(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "diff");
  if (!sf_check_backend_note_once(v) || !sf_check_state_api_once(v) || !sf_check_conversions_once(v) ||
      !sf_check_surface_api_once(v) || !sf_check_sampler_nulls_once(v))
    return false;
  sf_sampler_scratch *w = sf_sampler_scratch_get();
  const sf_backend *be[SF_MAX_BACKENDS];
  unsigned nbe = sf_backend_list(be, SF_MAX_BACKENDS);
  sf_status st;
  sf_status_clear(&st);
  bool ok = true;
  if (!w) {
    sf_fail(&st, SF_ERR_NOMEM, "out of memory");
    sf_verdict_refuse(v, &st);
    return true;
  }
  /* runs: not zeroed here, sf_case_state_clone initializes each before use, and only those are freed */
  sf_case *c = &w->c;
  sf_case_env *env = &w->env;
  sf_state *runs = w->runs;
  sf_indep_rec *rec = &w->rec;
  sf_indep_stats *stats = &w->stats;
  memset(stats, 0, sizeof *stats);
  memset(env, 0, sizeof *env);
  unsigned nruns = 0;
  sf_code rc[SF_MAX_BACKENDS];
  sf_status rst[SF_MAX_BACKENDS];
  if (!sf_check_case_env(v, p, n, c, env)) {
    if (v->kind == SF_VERDICT_FAIL) goto done_fail;
    goto done;
  }
  if (nbe == 0) {
    sf_verdict_fail(v, "backends", &c->inst, "none");
    sf_verdict_key(v, "no backend");
    goto done_fail;
  }
  if (!sf_check_dispatch(v, c, p, n, be, nbe) || !sf_check_fast_path(v, c, be, nbe) || !sf_check_request_lod(v, c, be, nbe) ||
      !sf_check_u8_edges(v, c, p, n, be, nbe))
    goto done_fail;
  /* Completeness: the case's instruction is generated valid, so the model must accept it ... */
  if (!sf_check_gen_valid(v, c)) goto done_fail;
  if (!sf_check_state_refusal(v, c, env)) goto done_fail;
  if (!sf_check_inst_refusal(v, c, env) || !sf_check_state_defaults_once(v)) goto done_fail;
  if (!sf_check_store(v, c) || !sf_check_surface_rules(v, c)) {
    sf_dump_case(v, c);
    goto done_fail;
  }
  /* The backends after the first run the instruction with junk in the slots it does not use (the
   * 3D_SAMPLE parameters past num_params: ids no state declares). The executor must read only the
   * slots the instruction has; one that reads past them refuses or answers differently there, and
   * the status and lanes checks below see it, as they see a backend that differs. */
  sf_inst tail_inst = c->inst, *tail = &tail_inst;
  if (tail->family == SF_FAMILY_SAMPLE_3D)
    for (unsigned k = tail->s3d.num_params; k < SF_S3D_MAX_PARAMS; k++) tail->s3d.params[k] = (sf_raw){UINT32_MAX - k, (uint16_t)(k * 32u)};
  for (unsigned i = 0; i < nbe; i++) {
    sf_status_clear(&rst[i]);
    if (sf_case_state_clone(env, &runs[i], &rst[i]) != SF_OK) {
      sf_verdict_refuse(v, &rst[i]);
      goto done;
    }
    nruns++;
    /* the first backend runs through the recorder: its batch feeds the independent check */
    /* the default backend (sf_backend_select) runs through sf_exec's NULL form, the one a library
     * user calls: it must pick that backend */
    rc[i] = i == 0 ? sf_exec_recorded(&c->inst, &runs[i], be[i], rec, &rst[i])
                   : sf_exec(tail, &runs[i], be[i] == sf_backend_select() ? NULL : be[i], &rst[i]);
  }
  for (unsigned i = 1; i < nbe; i++) {
    if (rc[i] == rc[0]) continue;
    sf_verdict_fail(v, "status", &c->inst, be[i]->name);
    sf_case_key(v, c, "status");
    snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[i]->name);
    sf_verdict_dumpf(v, "backends disagree on the status (all error or none; the backends after %s ran the instruction with junk in its unused slots):\n", be[0]->name);
    for (unsigned k = 0; k < nbe; k++) sf_verdict_dumpf(v, "  %-8s %s %s\n", be[k]->name, sf_code_name(rc[k]), rst[k].msg);
    sf_dump_case(v, c);
    goto done_fail;
  }
  /* ... and the executor must run it: every backend refusing alike is agreement, not a pass. */
  if (!sf_check_exec_ran(v, c, rc[0], &rst[0], be[0]->name)) goto done_fail;
  if (rc[0] == SF_OK) {
    for (unsigned i = 1; i < nbe; i++) {
      char check[SF_VERDICT_NAME_MAX];
      snprintf(check, sizeof check, "lanes");
      if (!sf_compare_states(v, c, &runs[0], &runs[i], be[0]->name, be[i]->name, check)) {
        snprintf(v->feature, sizeof v->feature, "%s", be[i]->name);
        snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[i]->name);
        goto done_fail;
      }
    }
  }
  {
    char list[SF_VERDICT_NAME_MAX * 2] = "";
    size_t o = 0;
    for (unsigned i = 0; i < nbe && o + 1 < sizeof list; i++) {
      int k = snprintf(list + o, sizeof list - o, "%s%s", i ? "," : "", be[i]->name);
      if (k < 0) break;
      o += (size_t)k < sizeof list - o ? (size_t)k : sizeof list - o - 1;
    }
    /* The request-level checks do not depend on the instruction: they run even when every
     * backend refused the instruction (with the same status). */
    if (rc[0] == SF_OK && rec->got && !sf_check_exec_batch(v, &c->inst, &env->state, &rec->batch)) {
      snprintf(v->backends, sizeof v->backends, "%s", be[0]->name);
      sf_dump_case(v, c);
      goto done_fail;
    }
    if (rc[0] == SF_OK && (!sf_check_exec_writeback(v, &c->inst, &env->state, &runs[0], rec) ||
                           !sf_check_dst_edges(v, c, env, w))) {
      snprintf(v->backends, sizeof v->backends, "%s", be[0]->name);
      sf_dump_case(v, c);
      goto done_fail;
    }
    if (rc[0] == SF_OK && (!sf_check_exec_operands(v, &c->inst, &env->state, rec) ||
                           !sf_check_exec_dst_first(v, c, &env->state) || !sf_check_null_param(v, c, env) ||
                           !sf_check_null_dst(v, c, env))) {
      snprintf(v->backends, sizeof v->backends, "%s", be[0]->name);
      sf_dump_case(v, c);
      goto done_fail;
    }
    if (rc[0] == SF_OK && rec->got && !sf_check_indep_batch(v, &c->inst, &rec->batch, &rec->out, "exec", stats)) {
      snprintf(v->backends, sizeof v->backends, "%s", be[0]->name);
      sf_dump_case(v, c);
      goto done_fail;
    }
    if (rc[0] == SF_OK && !sf_check_indep_unorm(v, &c->inst, rec, be, nbe, stats)) {
      if (!v->backends[0]) snprintf(v->backends, sizeof v->backends, "%s", be[0]->name);
      sf_dump_case(v, c);
      goto done_fail;
    }
    if (!sf_check_requests(v, c, env, be, nbe, stats)) goto done_fail;
    if (!sf_check_rect(v, c, env, be, nbe) || !sf_check_sampler_alloc_fail(v, c, p, n, be, nbe)) goto done_fail;
    snprintf(v->backends, sizeof v->backends, "%s", list);
    /* ... and the executor must not call it invalid: a valid instruction is executed, refused as
     * unsupported (a documented gap), or refused for the machine state (limits, bindings). */
    if (!sf_check_exec_refusal(v, c, rc[0], &rst[0])) goto done_fail;
  }
  goto done;
done_fail:
  ok = false;
done:
  for (unsigned i = 0; i < nruns; i++) sf_state_free(&runs[i]);
  sf_case_env_free(env);
  sf_indep_stats_flush(stats);
  return ok;
}

/* ---- pipeline --------------------------------------------------------------------------------- */

/* The instruction as its family's bytes decode it and as its text parses. */
static bool sf_pipeline_forms(sf_verdict *v, const sf_inst *in, sf_inst *from_bytes, sf_inst *from_text) {
  sf_status st;
  sf_status_clear(&st);
  char text[2048];
  *from_bytes = *in;
  *from_text = *in;
  if (in->family == SF_FAMILY_D3D) {
    uint32_t tok[SF_TPF_MAX_INST_LEN];
    size_t len = 0, used = 0;
    from_bytes->family = from_text->family = SF_FAMILY_D3D;
    if (sf_tpf_encode_inst(&in->d3d, tok, &len, &st) != SF_OK ||
        sf_tpf_decode_inst(tok, len, 0, &from_bytes->d3d, &used, &st) != SF_OK ||
        sf_d3dasm_print_inst(&in->d3d, text, sizeof text, &st) != SF_OK ||
        sf_d3dasm_parse_inst(text, strlen(text), 1, &from_text->d3d, &st) != SF_OK) {
      char why[SF_STATUS_MSG_MAX + 64];
      sf_verdict_fail(v, "forms", in, "refused");
      sf_verdict_key(v, "forms code=%s", sf_code_name(st.code));
      sf_verdict_dumpf(v, "a view of a valid generated instruction failed: %s\n", sf_status_format(&st, why, sizeof why));
      return false;
    }
    return true;
  }
  sf_buf out;
  sf_buf_init(&out, &st);
  out.limit = 4096;
  size_t used = 0;
  bool ok = sf_visa_encode(in, &out, &st) == SF_OK && sf_visa_decode(out.data, out.len, 0, from_bytes, &used, &st) == SF_OK &&
            sf_visa_print(in, NULL, text, sizeof text, &st) == SF_OK &&
            sf_visa_parse(text, strlen(text), NULL, from_text, &st) == SF_OK;
  sf_buf_free(&out);
  if (!ok) {
    char why[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "forms", in, "refused");
    sf_verdict_key(v, "forms code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "a view of a valid generated instruction failed: %s\n", sf_status_format(&st, why, sizeof why));
  }
  return ok;
}

bool sf_check_pipeline(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "pipeline");
  if (!sf_check_backend_note_once(v) || !sf_check_state_api_once(v) || !sf_check_conversions_once(v) ||
      !sf_check_surface_api_once(v) || !sf_check_sampler_nulls_once(v))
    return false;
  sf_sampler_scratch *w = sf_sampler_scratch_get();
  sf_status st;
  sf_status_clear(&st);
  if (!w) {
    sf_fail(&st, SF_ERR_NOMEM, "out of memory");
    sf_verdict_refuse(v, &st);
    return true;
  }
  bool ok = true;
  unsigned nruns = 0;
  sf_case *c = &w->c;
  sf_case_env *env = &w->env;
  sf_state *runs = w->runs; /* each initialized by sf_case_state_clone before use */
  sf_inst *forms = w->forms;
  sf_indep_rec *rec = &w->rec;
  sf_indep_stats *stats = &w->stats;
  memset(forms, 0, 3 * sizeof *forms);
  memset(stats, 0, sizeof *stats);
  memset(env, 0, sizeof *env);
  if (!sf_check_case_env(v, p, n, c, env)) {
    if (v->kind == SF_VERDICT_FAIL) goto done_fail;
    goto done;
  }
  /* 0. The model accepts the generated instruction; 1. every codec view gives it back. */
  if (!sf_check_gen_valid(v, c)) goto done_fail;
  {
    sf_verdict *views = &w->views;
    bool vok = sf_check_inst_views(&c->inst, views);
    if (!vok) {
      *v = *views;
      snprintf(v->oracle, sizeof v->oracle, "pipeline");
      sf_dump_case(v, c);
    }
    if (!vok) goto done_fail;
  }
  /* 2. The decoded and parsed forms execute like the generated one. */
  forms[0] = c->inst;
  if (!sf_pipeline_forms(v, &c->inst, &forms[1], &forms[2])) goto done_fail;
  {
    static const char *const names[3] = {"generated", "decoded", "parsed"};
    const sf_backend *be = sf_backend_select();
    sf_code rc[3];
    sf_status rst[3];
    for (unsigned i = 0; i < 3; i++) {
      sf_status_clear(&rst[i]);
      if (sf_case_state_clone(env, &runs[i], &rst[i]) != SF_OK) {
        sf_verdict_refuse(v, &rst[i]);
        goto done;
      }
      nruns++;
      rc[i] = i == 0 ? sf_exec_recorded(&forms[i], &runs[i], be, rec, &rst[i]) : sf_exec(&forms[i], &runs[i], be, &rst[i]);
    }
    snprintf(v->backends, sizeof v->backends, "%s", be ? be->name : "?");
    for (unsigned i = 1; i < 3; i++) {
      if (rc[i] != rc[0]) {
        sf_verdict_fail(v, "exec_status", &c->inst, names[i]);
        sf_case_key(v, c, names[i]);
        sf_verdict_dumpf(v, "%s: %s (%s); %s: %s (%s)\n", names[0], sf_code_name(rc[0]), rst[0].msg, names[i],
                         sf_code_name(rc[i]), rst[i].msg);
        sf_dump_case(v, c);
        goto done_fail;
      }
      if (rc[0] == SF_OK && !sf_compare_states(v, c, &runs[0], &runs[i], names[0], names[i], "exec")) goto done_fail;
    }
    if (!sf_check_exec_ran(v, c, rc[0], &rst[0], be ? be->name : "?")) goto done_fail;
    /* the executor's batch against the independent model, and the relations on it */
    if (rc[0] == SF_OK && rec->got &&
        (!sf_check_exec_batch(v, &forms[0], &env->state, &rec->batch) ||
         !sf_check_indep_batch(v, &c->inst, &rec->batch, &rec->out, "exec", stats) ||
         !sf_check_meta_batch(v, &c->inst, be, &rec->batch, sf_meta_pick(c), stats))) {
      sf_dump_case(v, c);
      goto done_fail;
    }
    if (rc[0] == SF_OK && (!sf_check_exec_operands(v, &forms[0], &env->state, rec) ||
                           !sf_check_indep_unorm(v, &c->inst, rec, NULL, 0, stats))) {
      sf_dump_case(v, c);
      goto done_fail;
    }
    if (!sf_check_exec_refusal(v, c, rc[0], &rst[0])) goto done_fail;
  }
  goto done;
done_fail:
  ok = false;
done:
  for (unsigned i = 0; i < nruns; i++) sf_state_free(&runs[i]);
  sf_indep_stats_flush(stats);
  sf_case_env_free(env);
  return ok;
}
