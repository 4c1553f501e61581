/* harness/cli/show_backend.c — `samplefuzz show` on backend_diff_fuzzer inputs: the batch that was
 * judged, lane by lane, with the reference's texel footprint and what the implementation's value is
 * consistent with (docs/backends.md "Reading a finding", docs/reproducers.md).
 *
 * The batch is the check's own: the implementation under test is wrapped in a recording backend
 * (sf_backend_wrap, same name, capabilities and precision) and the check (sf_check_backend_diff_with)
 * runs on it once; the recorder keeps a deep copy of the first batch it is given and answers
 * SF_UNSUPPORTED, so nothing else happens. The reference (scalar) and the implementation then sample
 * the copy here, and the verifier judges each lane exactly as the check does (spec parameters for the
 * reference, the implementation's precision profile for it). For each rejected lane (or the lane of
 * --lane) it prints the inputs, the reference's LOD and level selection, its taps (show_footprint.c)
 * and the allowed ranges, then evaluates the implementation's value against alternative
 * configurations (every level as point and linear, the border colour, one axis under another address
 * mode, truncated weights, single texels of the footprint's neighbourhood) and names the closest. */
#define _POSIX_C_SOURCE 200809L   /* unsetenv */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/show_fp.h"
#include "harness/cli/show_int.h"
#include "samplefuzz/backend.h"
#include "samplefuzz/external.h"

/* ---- the recorder ----------------------------------------------------------------------------------- */

static sf_backend_handle *rec_iut;
static bool rec_have;
static sf_sample_batch rec_b;
static sf_sampler rec_samp;
static sf_surface *rec_surf;

static sf_code rec_caps(void *inst, sf_backend_caps *c, sf_status *st) {
  (void)inst;
  (void)st;
  *c = *sf_backend_get_caps(rec_iut);
  return SF_OK;
}

static sf_code rec_prec(void *inst, sf_backend_precision *p, sf_status *st) {
  (void)inst;
  (void)st;
  *p = *sf_backend_get_precision(rec_iut);
  return SF_OK;
}

static sf_surface *surf_copy(const sf_surface *s) {
  sf_surface *c = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_surface_create(&c, &s->desc, &st) != SF_OK) return NULL;
  if (c->size != s->size || c->null_size != s->null_size || (s->size && !s->data)) {
    sf_surface_free(c);
    return NULL;
  }
  if (s->size) memcpy(c->data, s->data, s->size);
  if (s->null_size && s->null_map) memcpy(c->null_map, s->null_map, s->null_size);
  return c;
}

static sf_code rec_sample(void *inst, const sf_sample_batch *reqs, size_t n, sf_sample_out *outs, sf_status *st) {
  (void)inst;
  (void)outs;
  if (n && !rec_have) {
    rec_b = reqs[0];
    rec_b.samp = NULL;
    rec_b.surf = NULL;
    if (reqs[0].samp) rec_samp = *reqs[0].samp, rec_b.samp = &rec_samp;
    if (reqs[0].surf) rec_b.surf = rec_surf = surf_copy(reqs[0].surf);
    rec_have = !reqs[0].surf || rec_surf;
  }
  return sf_fail(st, SF_UNSUPPORTED, "recorded for show");
}

/* Appends to buf[n] at *o, never past the end (the text is cut). */
static void app(char *buf, size_t n, size_t *o, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void app(char *buf, size_t n, size_t *o, const char *fmt, ...) {
  if (*o + 1 >= n) return;
  va_list ap;
  va_start(ap, fmt);
  int k = vsnprintf(buf + *o, n - *o, fmt, ap);
  va_end(ap);
  if (k > 0) *o = *o + (size_t)k >= n ? n - 1 : *o + (size_t)k;
}

/* ---- allowed configurations (the verifier's rules on its clamped LOD interval) ------------------- */

typedef struct cfg {
  unsigned la, lb;
  double tlo, thi;
  bool linear, magnify;
} cfg;

static unsigned allowed_cfgs(const sf_sample_batch *b, double lo, double hi, cfg *c, unsigned max) {
  const sf_sampler *s = b->samp;
  unsigned top = b->surf->desc.levels ? b->surf->desc.levels - 1 : 0, n = 0;
  if (isnan(lo) || isnan(hi)) return 0;
  if (lo <= 0.0) c[n++] = (cfg){0, 0, 0, 0, s->mag_filter == SF_FILTER_LINEAR, true};
  if (hi <= 0.0) return n;
  bool lin = s->min_filter == SF_FILTER_LINEAR;
  double dlo = fmax(lo, 0.0);
  if (s->mip_filter == SF_MIP_NONE) {
    c[n++] = (cfg){0, 0, 0, 0, lin, false};
  } else if (s->mip_filter == SF_MIP_POINT) {
    long long l0 = (long long)ceil(dlo + 0.5) - 1, l1 = (long long)floor(hi + 0.5);
    for (long long L = l0 < 0 ? 0 : l0; L <= l1 && n < max; L++) {
      unsigned lv = L > (long long)top ? top : (unsigned)L;
      if (n && c[n - 1].la == lv && !c[n - 1].magnify) continue;
      c[n++] = (cfg){lv, lv, 0, 0, lin, false};
    }
  } else {
    for (long long L = (long long)floor(dlo); L <= (long long)floor(hi) && n < max; L++) {
      if (L >= (long long)top) {
        c[n++] = (cfg){top, top, 0, 0, lin, false};
        break;
      }
      c[n++] = (cfg){(unsigned)L, (unsigned)L + 1, fmax(dlo - (double)L, 0.0), fmin(hi - (double)L, 1.0), lin, false};
    }
  }
  return n;
}

static void cfg_text(const cfg *c, char *out, size_t n) {
  if (c->la == c->lb) snprintf(out, n, "mip %u (%s%s)", c->la, c->linear ? "linear" : "point", c->magnify ? ", magnified" : "");
  else snprintf(out, n, "mip %u+%u (%s, blend %.3f..%.3f)", c->la, c->lb, c->linear ? "linear" : "point", c->tlo, c->thi);
}

/* ---- candidates -------------------------------------------------------------------------------------- */

#define MAX_CANDS 256u

typedef struct cand {
  char what[200];
  float v[4];
  double dist;
  unsigned order;
} cand;

typedef struct lane_ctx {
  const sf_sample_batch *b;
  unsigned lane, nch;
  const float *iut;          /* the implementation's value */
  cand *c;
  unsigned n;
} lane_ctx;

static double dist4(const lane_ctx *x, const float v[4]) {
  double d = 0.0;
  for (unsigned k = 0; k < x->nch; k++) {
    double a = x->iut[k], c = v[k];
    double e = isnan(a) && isnan(c) ? 0.0 : isnan(a) || isnan(c) ? INFINITY : fabs(a - c);
    if (isinf(a) && isinf(c) && (a > 0) == (c > 0)) e = 0.0;
    d = fmax(d, e);
  }
  return d;
}

static void add_cand(lane_ctx *x, const float v[4], const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void add_cand(lane_ctx *x, const float v[4], const char *fmt, ...) {
  if (x->n >= MAX_CANDS) return;
  cand *c = &x->c[x->n];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(c->what, sizeof c->what, fmt, ap);
  va_end(ap);
  memcpy(c->v, v, sizeof c->v);
  c->dist = dist4(x, v);
  c->order = x->n++;
}

static const char axis_letter[3] = {'x', 'y', 'z'};
static const char coord_letter[3] = {'u', 'v', 'r'};

static void lod_text(const fp_lod *L, char *out, size_t n) {
  cfg c = {L->la, L->lb, L->frac8 / 256.0, L->frac8 / 256.0, L->linear, L->magnify};
  char t[96];
  cfg_text(&c, t, sizeof t);
  if (L->la != L->lb) snprintf(t, sizeof t, "mip %u+%u (%s, blend %.4f = %u/256)", L->la, L->lb, L->linear ? "linear" : "point",
                               L->frac8 / 256.0, L->frac8);
  snprintf(out, n, "%s", t);
}

/* The alternatives an implementation may have taken instead of the reference's configuration. */
static void gather(lane_ctx *x, const fp_result *ref) {
  const sf_sample_batch *b = x->b;
  const sf_surface *s = b->surf;
  unsigned lane = x->lane, top = s->desc.levels ? s->desc.levels - 1 : 0;
  unsigned t = s->desc.type, dims = fp_dims(t);
  bool cube = t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY;
  fp_result r;
  char lt[128];
  lod_text(&ref->lod, lt, sizeof lt);
  add_cand(x, ref->value, "the reference's configuration, %s", lt);
  for (unsigned L = 0; L <= top; L++)
    for (int f = 0; f < 2; f++) {
      fp_variant v = {.level = (int)L, .filter = f};
      if (fp_eval(b, lane, &v, &r)) add_cand(x, r.value, "mip %u (%s)", L, f ? "linear" : "point");
    }
  /* one axis, then every axis, under another address mode (the classic mistake first) */
  static const unsigned modes[] = {FP_ADDR_MIRROR_AT0, SF_ADDR_WRAP, SF_ADDR_MIRROR, SF_ADDR_CLAMP, SF_ADDR_BORDER, SF_ADDR_MIRROR_ONCE};
  for (unsigned mi = 0; mi < sizeof modes / sizeof *modes && !cube; mi++) {
    unsigned m = modes[mi], all = 0;
    for (unsigned a = 0; a < dims; a++)
      if (b->samp->addr[a] != m) all |= 1u << a;
    for (unsigned a = 0; a <= dims; a++) {
      unsigned mask = a < dims ? 1u << a : all;
      if (!(mask & all) || (a == dims && __builtin_popcount(all) < 2)) continue;
      if (a < dims) mask &= all;
      fp_variant v = {.level = -1, .filter = -1, .axes = mask, .addr_mode = m};
      if (!fp_eval(b, lane, &v, &r) || r.ntap != ref->ntap) continue;
      char reads[160] = "";
      size_t o = 0;
      for (unsigned ax = 0; ax < dims; ax++) {
        if (!(mask >> ax & 1u)) continue;
        for (unsigned k = 0; k < r.ntap; k++) {   /* the first tap the mode reads elsewhere on this axis */
          const fp_tap *p = &r.tap[k], *q = &ref->tap[k];
          if (p->border == q->border && (p->border || p->x[ax] == q->x[ax])) continue;
          char got[40], want[40];
          if (p->border) snprintf(got, sizeof got, "the border colour");
          else snprintf(got, sizeof got, "%c=%lld", axis_letter[ax], p->x[ax]);
          if (q->border) snprintf(want, sizeof want, "the border colour");
          else snprintf(want, sizeof want, "%c=%lld", axis_letter[ax], q->x[ax]);
          app(reads, sizeof reads, &o, "%sraw %c=%lld read as %s where the spec's %s reads %s", o ? "; " : "", axis_letter[ax],
              p->raw[ax], got, fp_addr_name(b->samp->addr[ax]), want);
          break;
        }
      }
      if (!o) continue;   /* the same taps: not an alternative */
      char axn[16];
      size_t an = 0;
      for (unsigned ax = 0; ax < dims; ax++)
        if (mask >> ax & 1u) app(axn, sizeof axn, &an, "%s%c", an ? (mask >> (ax + 1) ? ", " : " and ") : "", coord_letter[ax]);
      add_cand(x, r.value, "%s with %s addressed as %s (%s)", lt, axn, fp_addr_name(m), reads);
    }
  }
  if (ref->lod.linear)
    for (unsigned w = 7; w >= 1; w--) {
      fp_variant v = {.level = -1, .filter = -1, .wbits = w};
      if (fp_eval(b, lane, &v, &r)) add_cand(x, r.value, "%s with filter weights truncated to %u fraction bit%s (the spec needs 8)",
                                            lt, w, w == 1 ? "" : "s");
    }
  float border[4] = {0, 0, 0, 0};
  for (unsigned k = 0; k < ref->ntap; k++)
    if (ref->tap[k].border) memcpy(border, ref->tap[k].val, sizeof border);
  if (!b->compare) {
    bool have = false;
    for (unsigned k = 0; k < ref->ntap; k++) have |= ref->tap[k].border;
    if (!have) memcpy(border, b->samp->border, sizeof border);
    add_cand(x, border, "the border colour alone");
  }
  /* single texels around the footprint, at the levels it reads */
  if (!cube && !b->compare)
    for (unsigned li = 0; li < 2; li++) {
      unsigned L = li ? ref->lod.lb : ref->lod.la;
      if (li && L == ref->lod.la) break;
      long long lo[3] = {0, 0, 0}, hi[3] = {0, 0, 0};
      bool any = false;
      for (unsigned k = 0; k < ref->ntap; k++) {
        const fp_tap *p = &ref->tap[k];
        if (p->level != L || p->border) continue;
        for (unsigned a = 0; a < dims; a++) {
          lo[a] = any ? (p->x[a] < lo[a] ? p->x[a] : lo[a]) : p->x[a];
          hi[a] = any ? (p->x[a] > hi[a] ? p->x[a] : hi[a]) : p->x[a];
        }
        any = true;
      }
      if (!any) continue;
      const sf_level *lv = &s->levels[L];
      const long long size[3] = {lv->w, lv->h, lv->d};
      for (unsigned a = 0; a < 3; a++) {
        lo[a] = a < dims ? (lo[a] - 1 < 0 ? 0 : lo[a] - 1) : 0;
        hi[a] = a < dims ? (hi[a] + 1 >= size[a] ? size[a] - 1 : hi[a] + 1) : 0;
      }
      for (long long z = lo[2]; z <= hi[2]; z++)
        for (long long y = lo[1]; y <= hi[1]; y++)
          for (long long xx = lo[0]; xx <= hi[0]; xx++) {
            unsigned slice = t == SF_SURF_3D ? (unsigned)z : ref->layer;
            uint8_t *p = sf_surface_texel((sf_surface *)s, L, slice, (unsigned)xx, (unsigned)y);
            if (!p) continue;
            uint32_t bits[4];
            float v[4];
            sf_format_decode(s->desc.format, p, bits);
            memcpy(v, bits, sizeof v);
            char pos[64];
            size_t o = 0;
            app(pos, sizeof pos, &o, "x=%lld", xx);
            if (dims > 1) app(pos, sizeof pos, &o, " y=%lld", y);
            if (dims > 2) app(pos, sizeof pos, &o, " z=%lld", z);
            add_cand(x, v, "the single texel %s of mip %u", pos, L);
          }
    }
  const float zero[4] = {0, 0, 0, 0};
  add_cand(x, zero, "0 in every channel");
}

static int cand_cmp(const void *a, const void *b) {
  const cand *p = a, *q = b;
  if (p->dist != q->dist) return p->dist < q->dist ? -1 : 1;
  return p->order < q->order ? -1 : p->order > q->order;
}

/* ---- printing ---------------------------------------------------------------------------------------- */

static void print_taps(const sf_sample_batch *b, const fp_result *r) {
  unsigned t = b->surf->desc.type, dims = fp_dims(t);
  bool cube = t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY;
  printf("  texels read by the reference (%u; raw: the index after range reduction, before the address mode):\n", r->ntap);
  printf("    mip  %-7s %-14s %-14s %-14s %-12s %-12s %-12s %-12s %s%s\n", cube ? "face" : t == SF_SURF_3D ? "-" : "layer",
         "x", dims > 1 ? "y" : "-", dims > 2 ? "z" : "-", "r", "g", "b", "a", "weight", b->compare ? "  compare" : "");
  for (unsigned k = 0; k < r->ntap; k++) {
    const fp_tap *p = &r->tap[k];
    char col[3][24];
    for (unsigned a = 0; a < 3; a++) {
      if (a >= dims) snprintf(col[a], sizeof col[a], "-");
      else if (p->border) snprintf(col[a], sizeof col[a], "border (%lld)", p->raw[a]);
      else if (p->corner) snprintf(col[a], sizeof col[a], "corner (%lld)", p->raw[a]);
      else if (p->raw[a] != p->x[a]) snprintf(col[a], sizeof col[a], "%lld (raw %lld)", p->x[a], p->raw[a]);
      else snprintf(col[a], sizeof col[a], "%lld", p->x[a]);
    }
    char where[16];
    if (cube) snprintf(where, sizeof where, "%u/%d", p->slice / 6u, p->face);
    else if (t == SF_SURF_3D) snprintf(where, sizeof where, "-");
    else snprintf(where, sizeof where, "%u", p->slice);
    printf("    %-4u %-7s %-14s %-14s %-14s %-12.7g %-12.7g %-12.7g %-12.7g %.6f", p->level, where, col[0], col[1], col[2],
           (double)p->val[0], (double)p->val[1], (double)p->val[2], (double)p->val[3], p->weight);
    if (b->compare) printf("  %g", (double)p->cmp);
    printf("\n");
  }
}

static void reach_text(const sf_sample_batch *b, unsigned lane, const cfg *c, double eps, char *out, size_t n) {
  unsigned dims = fp_dims(b->surf->desc.type);
  size_t o = 0;
  out[0] = 0;
  for (unsigned a = 0; a < dims; a++) {
    long long idx[8];
    bool border = false;
    unsigned k = fp_axis_reach(b, lane, a, c->la, c->linear, eps, idx, 8, &border);
    app(out, n, &o, "%s%c=", a ? " " : "", axis_letter[a]);
    if (k > 1 && idx[k - 1] - idx[0] == (long long)k - 1) app(out, n, &o, "%lld..%lld", idx[0], idx[k - 1]);
    else
      for (unsigned i = 0; i < k; i++) app(out, n, &o, "%s%lld", i ? "," : "", idx[i]);
    if (border) app(out, n, &o, "%sborder", k ? "," : "");
  }
  app(out, n, &o, " at mip %u", c->la);
}

static double tolerance(const sf_format_info *fi, const float v[4]) {
  if (fi->cls == SF_FCLASS_FLOAT || fi->cls == SF_FCLASS_DEPTH) {
    double m = 0;
    for (int k = 0; k < 4; k++)
      if (isfinite(v[k])) m = fmax(m, fabs(v[k]));
    return fmax(1e-6, m * 0x1p-18);
  }
  unsigned bits = fi->bits ? fi->bits : 8;
  if (fi->cls == SF_FCLASS_SNORM) bits--;
  return 0.6 / (double)((1ull << (bits > 24 ? 24 : bits)) - 1);
}

static void explain_lane(const sf_sample_batch *b, unsigned l, const sf_sample_out *ref, const sf_sample_out *out,
                         const sf_verify_result *vr, const sf_verify_result *vi, const sf_verify_params *pi, const char *iname) {
  static const char *const lm[] = {"gradients", "gradients + bias", "explicit LOD", "LOD zero"};
  const sf_format_info *fi = sf_format_get(b->surf->desc.format);
  printf("lane %u: reference %s, %s %s\n", l, sf_verify_kind_name(vr->kind), iname, sf_verify_kind_name(vi->kind));
  printf("  inputs   u %.9g v %.9g r %.9g ai %.9g | %s", (double)b->u[l], (double)b->v[l], (double)b->r[l], (double)b->ai[l],
         lm[b->lod_mode & 3u]);
  if (b->lod_mode == SF_LOD_EXPLICIT || b->lod_mode == SF_LOD_GRAD_BIAS) printf(" %.9g", (double)b->lod_or_bias[l]);
  if (b->compare) printf(" | ref %.9g", (double)b->ref[l]);
  printf(" | off (%d,%d,%d)\n", b->off_u[l], b->off_v[l], b->off_r[l]);
  printf("           grads d/dx (%.6g %.6g %.6g) d/dy (%.6g %.6g %.6g)\n", (double)b->dudx[l], (double)b->dvdx[l],
         (double)b->drdx[l], (double)b->dudy[l], (double)b->dvdy[l], (double)b->drdy[l]);
  float iv[4], rv[4];
  for (int k = 0; k < 4; k++) memcpy(&iv[k], &out->v[k][l], 4), memcpy(&rv[k], &ref->v[k][l], 4);
  if (b->lod_query) {
    printf("  LOD query: reference (R %g, G %g), %s (R %g, G %g); %s\n", (double)rv[0], (double)rv[1], iname, (double)iv[0],
           (double)iv[1], vi->why);
    return;
  }
  fp_result fr;
  if (!fp_eval(b, l, NULL, &fr)) {
    printf("  footprint: not re-derived (non-finite coordinate or LOD, or an integer format)\n");
    return;
  }
  char lt[128];
  lod_text(&fr.lod, lt, sizeof lt);
  printf("  LOD      reference: unclamped %.4f (%d/256), clamped %.4f (%d/256) -> %s%s\n", fr.lod.unclamped8 / 256.0,
         fr.lod.unclamped8, fr.lod.clamped8 / 256.0, fr.lod.clamped8, fr.lod.magnify ? "magnified, " : "", lt);
  cfg ac[12];
  unsigned nac = allowed_cfgs(b, vi->lod_lo, vi->lod_hi, ac, 10);
  char allowed[512] = "";
  size_t o = 0;
  for (unsigned i = 0; i < nac; i++) {
    char t[96];
    cfg_text(&ac[i], t, sizeof t);
    app(allowed, sizeof allowed, &o, "%s%s", i ? (i + 1 == nac ? " or " : ", ") : "", t);
  }
  printf("           verifier (%s's precision): clamped LOD [%.4f, %.4f] -> %s\n", iname, (double)vi->lod_lo, (double)vi->lod_hi,
         nac ? allowed : "(none)");
  if (fr.face >= 0) printf("           cube face %d (+X -X +Y -Y +Z -Z = 0..5), cube %u\n", fr.face, fr.layer);
  print_taps(b, &fr);
  bool same = true;
  unsigned nch = b->compare ? 1u : 4u;
  for (unsigned k = 0; k < nch; k++) same &= memcmp(&fr.value[k], &ref->v[k][l], 4) == 0;
  printf("  re-derived (%.7g, %.7g, %.7g, %.7g): %s\n", (double)fr.value[0], (double)fr.value[1], (double)fr.value[2],
         (double)fr.value[3], same ? "the reference's value, bit for bit" : "differs from the reference's value (the footprint is approximate)");
  printf("  ch  reference      %-14.14s allowed (closest range)\n", iname);
  for (unsigned k = 0; k < nch; k++)
    printf("  %c   %-14.7g %-14.7g [%.7g, %.7g]\n", "rgba"[k], (double)rv[k], (double)iv[k], (double)vi->lo[k], (double)vi->hi[k]);
  printf("  verifier: reference %s: %s\n", sf_verify_kind_name(vr->kind), vr->why);
  printf("  verifier: %s %s: %s\n", iname, sf_verify_kind_name(vi->kind), vi->why);
  /* what the implementation's value is consistent with */
  cand *cs = calloc(MAX_CANDS, sizeof *cs);
  if (!cs) return;
  lane_ctx x = {.b = b, .lane = l, .nch = nch, .iut = iv, .c = cs};
  gather(&x, &fr);
  qsort(cs, x.n, sizeof *cs, cand_cmp);
  double tol = tolerance(fi, iv);
  char reach[160] = "";
  if (nac && fp_dims(b->surf->desc.type) && b->surf->desc.type != SF_SURF_CUBE && b->surf->desc.type != SF_SURF_CUBE_ARRAY)
    reach_text(b, l, &ac[nac - 1], ldexp(1.0, -(int)pi->subtexel_bits), reach, sizeof reach);
  const char *verb = vi->kind == SF_VERIFY_REJECTED ? "the spec allows" : "allowed here";
  if (x.n && cs[0].dist <= tol) printf("  explained: %s's value matches %s", iname, cs[0].what);
  else if (x.n) printf("  explained: %s's value matches no configuration tried; closest: %s (off by %.3g)", iname, cs[0].what, cs[0].dist);
  if (x.n) printf("; %s %s%s%s%s\n", verb, nac ? allowed : "no level", nac == 1 ? " only" : "", reach[0] ? ", reading " : "", reach);
  unsigned shown = 0;
  for (unsigned i = 1; i < x.n && shown < 2; i++) {
    bool match = cs[0].dist <= tol;
    if (match ? cs[i].dist > tol : cs[i].dist > cs[0].dist * 2) break;
    printf("  %s %s (off by %.3g)\n", match ? "also matches:" : "next closest:", cs[i].what, cs[i].dist);
    shown++;
  }
  free(cs);
}

static void print_batch_head(const sf_sample_batch *b, sf_backend_handle *iut, const sf_verify_params *pi) {
  static const char *const plain[] = {"sample", "sample_b", "sample_l", "sample_lz"};
  static const char *const cmp[] = {"sample_c", "sample_b_c", "sample_l_c", "sample_c_lz"};
  char sbuf[512];
  printf("judged batch: op %s, %u lanes (mask %02x); surface %s\n", b->lod_query ? "lod" : (b->compare ? cmp : plain)[b->lod_mode & 3u],
         b->n, b->lanes, b->surf ? sf_surface_describe(b->surf, sbuf, sizeof sbuf) : "unbound");
  if (b->samp) printf("  sampler %s\n", sf_sampler_describe(b->samp, sbuf, sizeof sbuf));
  printf("  implementation %s (%s), judged with %u sub-texel bits, %u LOD bits, colour threshold %g LSB\n", sf_backend_name(iut),
         sf_backend_origin(iut), pi->subtexel_bits, pi->lod_bits, (double)pi->color_ulp);
}

int show_backend_batch(const uint8_t *data, size_t len, sf_backend_handle *iut, int lane_sel) {
  printf("backend_diff batch:\n");
  if (!iut) {
    sf_status st;
    sf_status_clear(&st);
    if (sf_check_backend_init(&st) != SF_OK) {
      printf("  not judged: no implementation under test (%s)\n", st.msg);
      return 0;
    }
    iut = sf_check_backend_iut();
  }
  static char name[64];
  snprintf(name, sizeof name, "%s", sf_backend_name(iut));
  static sf_backend_v2 table;
  table = (sf_backend_v2){.struct_size = sizeof(sf_backend_v2), .abi_version = SF_BACKEND_ABI_VERSION, .name = name,
                          .version = "show recorder", .query_caps = rec_caps, .query_precision = rec_prec, .sample = rec_sample};
  rec_iut = iut;
  rec_have = false;
  rec_surf = NULL;
  sf_backend_handle *rh = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_backend_wrap(&table, "show recorder", &rh, &st) != SF_OK) {
    printf("  not shown: %s\n", st.msg);
    return 1;
  }
  unsetenv("SF_BACKEND_ISOLATE");   /* the recorder must run in this process */
  sf_verdict *v = malloc(sizeof *v);
  sf_sample_out *ref = calloc(1, sizeof *ref), *out = calloc(1, sizeof *out);
  int rc = 1;
  if (!v || !ref || !out) goto done;
  sf_check_backend_diff_with(rh, data, len, v);
  rc = 0;
  if (!rec_have) {
    printf("  no batch was sampled: %s\n", v->reason[0] ? v->reason : "the case was refused");
    goto done;
  }
  const sf_sample_batch *b = &rec_b;
  sf_verify_params ps, pi;
  sf_verify_params_spec(&ps);
  sf_backend_verify_params(sf_backend_get_precision(iut), b->surf ? b->surf->desc.format : 0, &pi);
  print_batch_head(b, iut, &pi);
  sf_code r0 = sf_sample(sf_backend_scalar(), b, ref, &st);
  if (r0 != SF_OK) {
    printf("  the reference refused the batch: %s\n", st.msg);
    goto done;
  }
  sf_status_clear(&st);
  sf_code r1 = sf_backend_sample(iut, b, 1, out, &st);
  if (r1 != SF_OK) {
    printf("  %s returned %s: %s\n", sf_backend_name(iut), sf_code_name(r1), st.msg);
    goto done;
  }
  if (!b->surf) {
    printf("  unbound surface: every lane must be 0\n");
    goto done;
  }
  unsigned shown = 0, rejected = 0;
  for (unsigned l = 0; l < b->n; l++) {
    if (!(b->lanes >> l & 1u)) continue;
    if (lane_sel >= 0 && (unsigned)lane_sel != l) continue;
    if (!(ref->null_mask & out->null_mask & (1u << l))) {
      printf("lane %u: not judged (a null page fed it; the verifier does not model null pages)\n", l);
      continue;
    }
    uint32_t rr[4], ri[4];
    for (unsigned k = 0; k < 4; k++) rr[k] = ref->v[k][l], ri[k] = out->v[k][l];
    sf_verify_result vr, vi;
    sf_verify_kind kr = sf_verify_sample(b, l, rr, &ps, &vr);
    sf_verify_kind ki = sf_verify_sample(b, l, ri, &pi, &vi);
    bool rej = kr == SF_VERIFY_REJECTED || ki == SF_VERIFY_REJECTED;
    rejected += rej;
    if (!rej && lane_sel < 0) continue;
    explain_lane(b, l, ref, out, &vr, &vi, &pi, sf_backend_name(iut));
    shown++;
  }
  if (lane_sel >= 0 && !shown && ((unsigned)lane_sel >= b->n || !(b->lanes >> lane_sel & 1u)))
    printf("  lane %d is not a lane of this batch (lanes 0..%u)\n", lane_sel, b->n ? b->n - 1 : 0);
  else if (!rejected && lane_sel < 0) printf("  every judged lane is allowed (use --lane N to see one)\n");
done:
  free(v);
  free(ref);
  free(out);
  sf_backend_close(rh);
  if (rec_surf) sf_surface_free(rec_surf);
  rec_surf = NULL;
  rec_iut = NULL;
  return rc;
}
