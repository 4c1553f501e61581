/* oracles/checks/check_backend.c — backend_diff: an implementation under test (IUT, backend ABI v2,
 * include/samplefuzz/backend.h) judged by the spec-tolerance verifier, not by bit equality
 * (docs/backends.md, docs/precision-model.md).
 *
 * For one structured case (include/samplefuzz/case.h) a batch of 8 lanes is built from the case's
 * surface, sampler and palette (coordinates, LOD or bias, gradients, offsets), shaped by the case's
 * instruction op (request_shape). Lanes fed by a null page on either side (null_mask) are not
 * judged: the verifier does not model null pages (counted as unchecked). A batch outside the IUT's declared capabilities is skipped (verdict
 * SKIP, counted), never a finding. Otherwise the scalar reference and the IUT sample it; the
 * reference's lanes are verified with the spec parameters, the IUT's with its precision profile
 * (sf_backend_verify_params). A finding names the side that left the allowed set (implementation,
 * reference, both), and its signature and key are semantic, so triage buckets by
 *   backend-<error class>-sample-<op class>-<side>.<filter>.<footprint: inside, cube, multi, or
 *   the address mode of the one axis that leaves the surface>
 * with key "impl=<name>" (state_class, op_class). An IUT error where the reference succeeds is the check
 * `status`; with SF_BACKEND_ISOLATE=1 the IUT call runs in a forked child and a crash is the check
 * `crash` (feature: the signal), attributed to the IUT.
 * The IUT is SF_BACKEND=NAME|PATH.so, opened once (sf_check_backend_init); unset = scalar, which
 * then checks the reference against the verifier. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/backend.h"
#include "samplefuzz/case.h"
#include "samplefuzz/child.h"
#include "samplefuzz/external.h"
#include "samplefuzz/oracle.h"

/* ---- the IUT from SF_BACKEND, opened once ------------------------------------------------------- */

static pthread_once_t iut_once = PTHREAD_ONCE_INIT;
static sf_backend_handle *iut_handle;
static sf_status iut_status;
static atomic_ullong stat_cases, stat_skipped, stat_refused, stat_findings, stat_lanes, stat_unchecked, stat_known;
static sf_manifest *iut_manifest;   /* $SF_MANIFEST: the known divergences of the IUT */

static void iut_init(void) {
  sf_status_clear(&iut_status);
  const char *spec = getenv("SF_BACKEND");
  if (!spec || !*spec) spec = "scalar";   /* the reference judged alone */
  const char *man = getenv("SF_MANIFEST");
  if (man && *man && sf_manifest_load(man, &iut_manifest, &iut_status) != SF_OK) return;   /* no IUT: init fails */
  sf_backend_open(spec, &iut_handle, &iut_status);
}

const sf_manifest *sf_check_backend_manifest(void) {
  pthread_once(&iut_once, iut_init);
  return iut_manifest;
}

sf_code sf_check_backend_init(sf_status *st) {
  pthread_once(&iut_once, iut_init);
  if (iut_handle) return SF_OK;
  if (st) *st = iut_status;
  return iut_status.code ? iut_status.code : SF_ERR_INVALID;
}

sf_backend_handle *sf_check_backend_iut(void) {
  pthread_once(&iut_once, iut_init);
  return iut_handle;
}

void sf_check_backend_stats(sf_backend_diff_stats *s) {
  s->cases = atomic_load(&stat_cases);
  s->skipped = atomic_load(&stat_skipped);
  s->refused = atomic_load(&stat_refused);
  s->findings = atomic_load(&stat_findings);
  s->lanes = atomic_load(&stat_lanes);
  s->unchecked = atomic_load(&stat_unchecked);
  s->known = atomic_load(&stat_known);
}

/* ---- the batch ----------------------------------------------------------------------------------- */

static float bits_f(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* The request shape from the case's instruction op (its tag: "sample_l_c", "sample_po_b", "lod", ...):
 * _l explicit LOD, _lz LOD zero, _b bias, _d (and plain) gradients, _c compare, _po offsets, lod the
 * LOD query. SAMPLE_UNORM and AVS cases (no sample op) take the shape from the case's pattern bits. */
static void request_shape(const sf_case *c, bool filt, sf_sample_batch *b, bool *offsets) {
  char tag[SF_VERDICT_NAME_MAX];
  snprintf(tag, sizeof tag, "%s", sf_inst_op_tag(&c->inst));
  if (c->inst.family != SF_FAMILY_SAMPLE_3D && c->inst.family != SF_FAMILY_D3D) {
    unsigned x = c->pattern[SF_CASE_PATTERN_SIZE - 1];
    b->lod_mode = (uint8_t)(x & 3u);
    b->compare = filt && ((x >> 2) & 3u) == 3u;
    b->lod_query = !b->compare && ((x >> 4) & 7u) == 7u;
    *offsets = (x >> 7) & 1u;
    return;
  }
  b->lod_mode = SF_LOD_GRAD;
  b->lod_query = !strcmp(tag, "lod");
  *offsets = false;
  for (char *save = NULL, *t = strtok_r(tag, "_", &save); t; t = strtok_r(NULL, "_", &save)) {
    if (!strcmp(t, "l")) b->lod_mode = SF_LOD_EXPLICIT;
    else if (!strcmp(t, "lz")) b->lod_mode = SF_LOD_ZERO;
    else if (!strcmp(t, "b")) b->lod_mode = SF_LOD_GRAD_BIAS;
    else if (!strcmp(t, "c")) b->compare = filt;
    else if (!strcmp(t, "po")) *offsets = true;
  }
  if (c->inst.family == SF_FAMILY_D3D) *offsets = (c->pattern[SF_CASE_PATTERN_SIZE - 1] >> 7) & 1u;
}

static void build_batch(const sf_case *c, const sf_case_env *env, sf_sample_batch *b) {
  memset(b, 0, sizeof *b);
  b->surf = env->surface;
  b->samp = &env->sampler;
  const sf_format_info *fi = sf_format_get(c->surf.format);
  bool filt = fi && fi->cls != SF_FCLASS_UINT && fi->cls != SF_FCLASS_SINT;
  bool offs = false;
  request_shape(c, filt, b, &offs);
  b->lanes = 0xFFu;
  b->n = 8;
  const uint32_t *p = c->palette;
  for (unsigned l = 0; l < 8; l++) {
    b->u[l] = bits_f(p[l % 16]);
    b->v[l] = bits_f(p[(l + 3) % 16]);
    b->r[l] = bits_f(p[(l + 6) % 16]);
    b->ai[l] = bits_f(p[(l + 9) % 16]);
    b->lod_or_bias[l] = bits_f(p[(l + 12) % 16]);
    /* srcLODBias is defined on [-16, 15.99] only (D3D11.3 §22.4.16): fold a finite palette value into it */
    if (b->lod_mode == SF_LOD_GRAD_BIAS && isfinite(b->lod_or_bias[l]) && !(fabsf(b->lod_or_bias[l]) < 16.0f))
      b->lod_or_bias[l] = fmodf(b->lod_or_bias[l], 16.0f);
    b->ref[l] = bits_f(p[(l + 10) % 16]);
    b->dudx[l] = bits_f(p[(l + 1) % 16]) * 0.125f;
    b->dvdy[l] = bits_f(p[(l + 2) % 16]) * 0.125f;
    b->dudy[l] = bits_f(p[(l + 4) % 16]) * 0.0625f;
    b->dvdx[l] = bits_f(p[(l + 5) % 16]) * 0.0625f;
    b->drdx[l] = bits_f(p[(l + 7) % 16]) * 0.125f;
    b->drdy[l] = bits_f(p[(l + 8) % 16]) * 0.125f;
    unsigned o = c->pattern[l];
    b->off_u[l] = offs ? (int8_t)((int)((o >> 4) ^ 8u) - 8) : 0;   /* two 4-bit offsets, [-8, 7] */
    b->off_v[l] = offs ? (int8_t)((int)((o & 15u) ^ 8u) - 8) : 0;
  }
}

static const char *op_name(const sf_sample_batch *b) {
  static const char *const plain[] = {"sample", "sample_b", "sample_l", "sample_lz"};
  static const char *const cmp[] = {"sample_c", "sample_b_c", "sample_l_c", "sample_c_lz"};
  if (b->lod_query) return "lod";
  return (b->compare ? cmp : plain)[b->lod_mode & 3u];
}

/* The lane's sampler-state class for bucketing: the filter, and where the filter footprint lies: "inside"
 * the surface, the address mode of the one axis that leaves it, or "multi" (several axes), tested at
 * level 0 and at the last level (texel offsets included). Cubes are "cube". Returns the rank used to
 * pick a finding's representative lane: 0 inside, 1 one axis, 2 several. */
static int state_class(const sf_sample_batch *b, unsigned l, char *out, size_t n) {
  static const char *const an[] = {"wrap", "mirror", "clamp", "border", "mirror_once"};
  const sf_sampler *s = b->samp;
  const sf_surface *sf = b->surf;
  bool lin = s->min_filter == SF_FILTER_LINEAR || s->mag_filter == SF_FILTER_LINEAR;
  const char *edge = "inside";
  int rank = 0;
  if (sf && !b->lod_query) {
    unsigned dims = sf->desc.type == SF_SURF_1D || sf->desc.type == SF_SURF_1D_ARRAY ? 1u : sf->desc.type == SF_SURF_3D ? 3u : 2u;
    bool cube = sf->desc.type == SF_SURF_CUBE || sf->desc.type == SF_SURF_CUBE_ARRAY;
    const float co[3] = {b->u[l], b->v[l], b->r[l]};
    const int off[3] = {b->off_u[l], b->off_v[l], b->off_r[l]};
    unsigned outside = 0, axis = 0;
    for (unsigned a = 0; !cube && a < dims; a++) {
      bool out_a = false;
      for (unsigned k = 0; k < 2; k++) {
        const sf_level *lv = &sf->levels[k ? sf->desc.levels - 1 : 0];
        uint32_t size = a == 0 ? lv->w : a == 1 ? lv->h : lv->d;
        double x = (double)co[a] * size - (lin ? 0.5 : 0.0) + off[a];
        out_a |= !(x >= 0.0 && x + (lin ? 1.0 : 0.0) < (double)size);
      }
      if (out_a) outside++, axis = a;
    }
    if (cube) edge = "cube", rank = 1;
    else if (outside == 1) edge = s->addr[axis] < 5 ? an[s->addr[axis]] : "addr", rank = 1;
    else if (outside > 1) edge = "multi", rank = 2;
  }
  snprintf(out, n, "%s.%s", lin ? "linear" : "point", edge);
  return rank;
}

/* The op class of the signature: sample (any LOD mode), sample_c (compare), lod (the query); the
 * exact op is in the report. */
static const char *op_class(const sf_sample_batch *b) {
  return b->lod_query ? "lod" : b->compare ? "sample_c" : "sample";
}

static const char *error_class(const char *why) {
  if (!strncmp(why, "LOD query", 9)) return "lodquery";
  if (!strncmp(why, "unbound", 7)) return "unbound";
  if (!strncmp(why, "NaN", 3)) return "nan";
  return "range";
}

static const char *fclass_name(unsigned cls) {
  static const char *const n[] = {"unorm", "srgb", "snorm", "float", "depth", "uint", "sint", "yuv"};
  return cls < 8 ? n[cls] : "?";
}

/* ---- the IUT call, optionally in a child ------------------------------------------------------ */

typedef struct iut_call {
  sf_code rc;
  sf_status st;
  int signal;        /* > 0: the child died from this signal; -N: exited with status N */
} iut_call;

typedef struct iut_job {
  sf_backend_handle *h;
  const sf_sample_batch *b;
} iut_job;
typedef struct iut_result {
  iut_call call;
  sf_sample_out out;
} iut_result;

static void iut_child(void *arg, void *out) {
  const iut_job *j = arg;
  iut_result *r = out;
  memset(r, 0, sizeof *r);
  sf_status_clear(&r->call.st);
  r->call.rc = sf_backend_sample(j->h, j->b, 1, &r->out, &r->call.st);
}

/* The IUT call in a child process (sf_child_call, a hang ends with SIGALRM after 20 s): a crash is
 * reported, not suffered. Without a child (fork failed) the call runs here. */
static void run_isolated(sf_backend_handle *h, const sf_sample_batch *b, sf_sample_out *out, iut_call *r) {
  iut_job job = {h, b};
  iut_result *res = malloc(sizeof *res);
  int detail = 0;
  sf_child_fate fate = res ? sf_child_call(iut_child, &job, res, sizeof *res, 20, &detail) : SF_CHILD_NOT_RUN;
  if (fate == SF_CHILD_NOT_RUN) {
    r->rc = sf_backend_sample(h, b, 1, out, &r->st);
  } else if (fate == SF_CHILD_RETURNED) {
    *r = res->call;
    *out = res->out;
  } else {
    r->signal = fate == SF_CHILD_SIGNALED ? detail : -(detail ? detail : 4);
  }
  free(res);
}

static const char *sig_name(int s) {
  switch (s) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGABRT: return "SIGABRT";
    case SIGALRM: return "timeout";
    default: return s > 0 ? "signal" : "exit";
  }
}

/* ---- the check ------------------------------------------------------------------------------------- */

static void dump_lane(sf_verdict *v, const sf_sample_batch *b, unsigned l, const sf_sample_out *ref, const sf_sample_out *out,
                      const sf_verify_result *vr, const sf_verify_result *vi, const char *iname) {
  sf_verdict_dumpf(v, "lane %u: u %g v %g r %g ai %g lod/bias %g ref %g off (%d,%d,%d) grads (%g %g | %g %g)\n", l,
                   (double)b->u[l], (double)b->v[l], (double)b->r[l], (double)b->ai[l], (double)b->lod_or_bias[l],
                   (double)b->ref[l], b->off_u[l], b->off_v[l], b->off_r[l], (double)b->dudx[l], (double)b->dvdx[l],
                   (double)b->dudy[l], (double)b->dvdy[l]);
  sf_verdict_dumpf(v, "  ch  reference            %-20s allowed (closest range)\n", iname);
  for (unsigned k = 0; k < 4; k++)
    sf_verdict_dumpf(v, "  %c   %08x %-11g %08x %-11g [%g, %g]\n", "rgba"[k], ref->v[k][l], (double)bits_f(ref->v[k][l]),
                     out->v[k][l], (double)bits_f(out->v[k][l]), (double)vi->lo[k], (double)vi->hi[k]);
  sf_verdict_dumpf(v, "  reference: %s: %s\n", sf_verify_kind_name(vr->kind), vr->why);
  sf_verdict_dumpf(v, "  %s: %s: %s\n", iname, sf_verify_kind_name(vi->kind), vi->why);
}

static void set_names(sf_verdict *v, const char *op, const char *feature) {
  snprintf(v->family, sizeof v->family, "sample");
  /* names longer than the verdict's fields are cut (explicitly, so that no compiler sees a surprise) */
  snprintf(v->op, sizeof v->op, "%.*s", (int)sizeof v->op - 1, op);
  if (feature) snprintf(v->feature, sizeof v->feature, "%.*s", (int)sizeof v->feature - 1, feature);
}

/* Whether the lane's LOD inputs are "wild": a gradient component times the level-0 size of its
 * axis at or beyond 2^64 (its square overflows float32, so an implementation that squares in float32
 * sees an infinite or NaN length), or an explicit LOD or bias at or beyond 2^31 in magnitude (it
 * overflows an int32 fixed-point conversion). */
static bool wild_lod_inputs(const sf_sample_batch *b, unsigned l) {
  if (!b->surf) return false;
  const double size[3] = {b->surf->desc.width, b->surf->desc.height, b->surf->desc.depth};
  const float g[6] = {b->dudx[l], b->dvdx[l], b->drdx[l], b->dudy[l], b->dvdy[l], b->drdy[l]};
  if (b->lod_mode == SF_LOD_GRAD || b->lod_mode == SF_LOD_GRAD_BIAS)
    for (unsigned k = 0; k < 6; k++)
      if (!(fabs((double)g[k] * size[k % 3]) < 0x1p64)) return true;
  if (b->lod_mode != SF_LOD_GRAD && b->lod_mode != SF_LOD_ZERO && !(fabs((double)b->lod_or_bias[l]) < 0x1p31)) return true;
  return false;
}

/* A finding the IUT's manifest lists is a known divergence: counted (per entry too), noted in the
 * verdict's dump, and the verdict passes. */
static bool known_divergence(sf_verdict *v, const sf_sample_batch *b, unsigned l) {
  if (!iut_manifest || v->kind != SF_VERDICT_FAIL) return false;
  static const char *const an[] = {"wrap", "mirror", "clamp", "border", "mirror_once"};
  char sig[5 * SF_VERDICT_NAME_MAX + 8];   /* the triage signature (docs/reproducers.md) */
  snprintf(sig, sizeof sig, "%s-%s-%s-%s%s%s", v->oracle, v->check[0] ? v->check : "none", v->family[0] ? v->family : "none",
           v->op[0] ? v->op : "none", v->feature[0] ? "-" : "", v->feature);
  sf_finding_facts f = {.signature = sig, .op = op_name(b)};
  if (b->surf) {
    const sf_format_info *fi = sf_format_get(b->surf->desc.format);
    f.type = sf_surf_type_name(b->surf->desc.type);
    f.format = fi ? fi->name : NULL;
  }
  if (b->samp && b->surf) {   /* the axes the surface type addresses (cubes: none) */
    unsigned dims = sf_surf_type_wrap_axes(b->surf->desc.type);
    for (unsigned a = 0; a < dims; a++) f.addr[a] = b->samp->addr[a] < 5 ? an[b->samp->addr[a]] : NULL;
  }
  f.offsets = b->off_u[l] || b->off_v[l] || b->off_r[l];
  f.wild = wild_lod_inputs(b, l);
  int e = sf_manifest_match(iut_manifest, &f);
  if (e < 0) return false;
  sf_manifest_info info;
  sf_manifest_entry_info(iut_manifest, (unsigned)e, &info);
  atomic_fetch_add(&stat_known, 1);
  sf_verdict_init(v, "backend");
  sf_verdict_dumpf(v, "known divergence (manifest line %u): %s [%s]; signature %s\n", info.line, info.reason, info.link, sig);
  return true;
}

bool sf_check_backend_diff_with(sf_backend_handle *iut, const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "backend");
  sf_case *c = malloc(sizeof *c);
  sf_case_env *env = calloc(1, sizeof *env);
  sf_sample_batch *b = malloc(sizeof *b);
  sf_sample_out *ref = calloc(1, sizeof *ref), *out = calloc(1, sizeof *out);
  sf_verify_result *vr = malloc(sizeof *vr), *vi = malloc(sizeof *vi);
  sf_status st;
  sf_status_clear(&st);
  bool ok = true;
  int best = -1;   /* the finding's representative lane */
  if (!c || !env || !b || !ref || !out || !vr || !vi) {
    sf_fail(&st, SF_ERR_NOMEM, "out of memory");
    sf_verdict_refuse(v, &st);
    goto done;
  }
  const char *iname = sf_backend_name(iut);
  snprintf(v->backends, sizeof v->backends, "scalar,%s", iname);
  if (!sf_check_case_env(v, p, n, c, env)) {
    if (v->kind == SF_VERDICT_FAIL) {
      ok = false;
      atomic_fetch_add(&stat_findings, 1);
    } else {
      atomic_fetch_add(&stat_refused, 1);
    }
    goto done;
  }
  atomic_fetch_add(&stat_cases, 1);
  build_batch(c, env, b);
  const sf_format_info *fi = sf_format_get(c->surf.format);
  char why[160];
  if (!fi || fi->cls == SF_FCLASS_YUV) {
    sf_fail(&st, SF_UNSUPPORTED, "backend_diff: %s surfaces are for SAMPLE_UNORM/AVS, not sample batches", fi ? fi->name : "?");
    sf_verdict_refuse(v, &st);
    atomic_fetch_add(&stat_skipped, 1);
    goto done;
  }
  if (!sf_backend_caps_allow(sf_backend_get_caps(iut), b, why, sizeof why)) {
    sf_fail(&st, SF_UNSUPPORTED, "backend_diff: outside %s's capabilities: %s", iname, why);
    sf_verdict_refuse(v, &st);
    atomic_fetch_add(&stat_skipped, 1);
    goto done;
  }
  sf_code rc0 = sf_sample(sf_backend_scalar(), b, ref, &st);
  if (rc0 != SF_OK) {   /* the reference refuses the request: not a case (counted as refused) */
    sf_verdict_refuse(v, &st);
    atomic_fetch_add(rc0 == SF_UNSUPPORTED ? &stat_skipped : &stat_refused, 1);
    goto done;
  }
  iut_call call = {0};
  sf_status_clear(&call.st);
  const char *iso = getenv("SF_BACKEND_ISOLATE");
  if (iso && !strcmp(iso, "1")) run_isolated(iut, b, out, &call);
  else call.rc = sf_backend_sample(iut, b, 1, out, &call.st);
  const char *op = op_class(b);
  char sclass[64];
  state_class(b, 0, sclass, sizeof sclass);
  if (call.signal) {
    char feat[SF_VERDICT_NAME_MAX];
    snprintf(feat, sizeof feat, "%s", sig_name(call.signal));
    sf_verdict_fail(v, "crash", NULL, NULL);
    set_names(v, op, feat);
    sf_verdict_key(v, "impl=%s", iname);
    sf_verdict_dumpf(v, "%s died in its sample call (%s %d, isolated child)\n", iname, sig_name(call.signal), call.signal);
    goto fail;
  }
  if (call.rc == SF_UNSUPPORTED) {
    sf_verdict_refuse(v, &call.st);
    atomic_fetch_add(&stat_skipped, 1);
    goto done;
  }
  if (call.rc != SF_OK) {
    sf_verdict_fail(v, "status", NULL, NULL);
    set_names(v, op, sclass);
    sf_verdict_key(v, "impl=%s code=%s", iname, sf_code_name(call.rc));
    sf_verdict_dumpf(v, "the reference sampled the batch; %s returned %s: %s\n", iname, sf_code_name(call.rc), call.st.msg);
    goto fail;
  }
  sf_verify_params ps, pi;
  sf_verify_params_spec(&ps);
  sf_backend_verify_params(sf_backend_get_precision(iut), c->surf.format, &pi);
  int best_rank = 9;
  const char *side = NULL;
  for (unsigned l = 0; l < b->n; l++) {
    if (!(b->lanes >> l & 1u)) continue;
    atomic_fetch_add(&stat_lanes, 1);
    if (!(ref->null_mask & out->null_mask & (1u << l))) {   /* a null page fed the lane on either side: the
                                                              verifier does not model null pages */
      atomic_fetch_add(&stat_unchecked, 1);
      continue;
    }
    uint32_t rr[4], ri[4];
    for (unsigned k = 0; k < 4; k++) rr[k] = ref->v[k][l], ri[k] = out->v[k][l];
    sf_verify_kind kr = sf_verify_sample(b, l, rr, &ps, vr);
    sf_verify_kind ki = sf_verify_sample(b, l, ri, &pi, vi);
    if (kr == SF_VERIFY_UNCHECKED || ki == SF_VERIFY_UNCHECKED) atomic_fetch_add(&stat_unchecked, 1);
    if (kr != SF_VERIFY_REJECTED && ki != SF_VERIFY_REJECTED) continue;
    char tmp[64];
    int rank = state_class(b, l, tmp, sizeof tmp) + (kr == SF_VERIFY_REJECTED ? 0 : 3);
    if (rank < best_rank) {
      best_rank = rank;
      best = (int)l;
      side = kr == SF_VERIFY_REJECTED ? (ki == SF_VERIFY_REJECTED ? "both" : "reference") : "implementation";
    }
  }
  if (best < 0) goto done;
  {
    unsigned l = (unsigned)best;
    uint32_t rr[4], ri[4];
    for (unsigned k = 0; k < 4; k++) rr[k] = ref->v[k][l], ri[k] = out->v[k][l];
    sf_verify_kind kr = sf_verify_sample(b, l, rr, &ps, vr);
    sf_verify_kind ki = sf_verify_sample(b, l, ri, &pi, vi);
    state_class(b, l, sclass, sizeof sclass);
    char feat[SF_VERDICT_NAME_MAX];
    snprintf(feat, sizeof feat, "%s.%.24s", side, sclass); /* side <= 14 chars: fits the 40-byte name */
    sf_verdict_fail(v, error_class(kr == SF_VERIFY_REJECTED ? vr->why : vi->why), NULL, NULL);
    set_names(v, op, feat);
    (void)ki;
    sf_verdict_key(v, "impl=%s", iname);
    sf_verdict_dumpf(v, "format class %s; ", fclass_name(fi->cls));
    sf_verdict_dumpf(v, "%s left the allowed set (judged by the verifier; %s with %s's precision profile)\n", side, iname,
                     iname);
    dump_lane(v, b, l, ref, out, vr, vi, iname);
  }
fail:
  if (known_divergence(v, b, best < 0 ? 0u : (unsigned)best)) goto done;
  ok = false;
  atomic_fetch_add(&stat_findings, 1);
  {
    char buf[512];
    sf_verdict_dumpf(v, "case: %s\n", sf_case_describe(c, buf, sizeof buf));
    sf_verdict_dumpf(v, "surface: %s\n", sf_surface_describe(env->surface, buf, sizeof buf));
    sf_verdict_dumpf(v, "sampler: %s\n", sf_sampler_describe(&env->sampler, buf, sizeof buf));
    sf_verdict_dumpf(v, "batch: op %s (from the case's %s), lod mode %u, compare %d, lod query %d, mip filter %u\n",
                     op_name(b), sf_inst_op_tag(&c->inst), b->lod_mode, b->compare, b->lod_query, env->sampler.mip_filter);
  }
done:
  if (env) sf_case_env_free(env);
  free(c);
  free(env);
  free(b);
  free(ref);
  free(out);
  free(vr);
  free(vi);
  return ok;
}

bool sf_check_backend_diff(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_status st;
  sf_status_clear(&st);
  if (sf_check_backend_init(&st) != SF_OK) {
    sf_verdict_init(v, "backend");
    sf_verdict_refuse(v, &st);
    return true;
  }
  return sf_check_backend_diff_with(sf_check_backend_iut(), p, n, v);
}
