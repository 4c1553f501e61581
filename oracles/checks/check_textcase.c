/* oracles/checks/check_textcase.c — the hand-written case reader (`samplefuzz run`,
 * docs/case-text.md) as a fuzz target (textcase_fuzzer).
 *
 * The reader takes text a person wrote, so it must refuse bad text with a message and a line:column
 * (SF_ERR_SYNTAX / SF_ERR_RANGE / SF_ERR_LIMIT), never crash or hang. A case it accepts is run on
 * every backend the CPU supports, each on a freshly parsed copy (the run writes into the case's
 * machine state): the status and the whole machine state afterwards (every variable's bytes,
 * predicates, the D3D register file) must be identical to the scalar backend's, and the readable
 * report must be written on every backend.
 *
 * The reader is also checked against the case writer (sf_textcase_write), which knows the meaning of
 * every field on its own (`case_text`): an accepted case is written back as text, which must be read
 * again to the same machine state and instruction and written again to the same text. An input whose
 * first byte is 0 is a structured case (case.h, the bytes after it): the state and instruction that
 * sample_diff_fuzzer would run are written, read back and compared, so a reader that misreads a
 * field the same way on every backend, or refuses a line the writer wrote, is a finding too. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/case.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/sampler.h"
#include "oracles/checks/check_int.h"
#include "oracles/checks/textcase_errors.h"

#define TEXTCASE_MAX_BACKENDS 8

/* XXH3 over everything an instruction can write. */
static uint64_t state_hash(const sf_state *s) {
  XXH3_state_t *h = XXH3_createState();
  if (!h) return 0;
  XXH3_64bits_reset(h);
  XXH3_64bits_update(h, &s->dmask, sizeof s->dmask);
  XXH3_64bits_update(h, s->preds, sizeof s->preds);
  for (unsigned i = 0; i < s->nvars && i < SF_MAX_VARS; i++) {
    const sf_var *v = &s->vars[i];
    XXH3_64bits_update(h, &v->id, sizeof v->id);
    XXH3_64bits_update(h, &v->size, sizeof v->size);
    if (v->bytes && v->size) XXH3_64bits_update(h, v->bytes, v->size);
  }
  XXH3_64bits_update(h, &s->d3d, sizeof s->d3d);
  uint64_t r = XXH3_64bits_digest(h);
  XXH3_freeState(h);
  return r;
}

static bool refusal_ok(sf_verdict *v, const sf_status *st) {
  bool text_error = st->code == SF_ERR_SYNTAX || st->code == SF_ERR_RANGE;
  if (st->code == SF_OK || !st->msg[0] || (text_error && st->pos_kind != SF_POS_TEXT)) {
    sf_verdict_fail(v, st->code == SF_OK ? "status_missing" : !st->msg[0] ? "status_message" : "status_position",
                    NULL, "parse");
    sf_verdict_key(v, "code=%s", sf_code_name(st->code));
    sf_verdict_dumpf(v, "the case reader refused with %s, position kind %d: %s\n", sf_code_name(st->code),
                     (int)st->pos_kind, st->msg[0] ? st->msg : "(no message)");
    return false;
  }
  sf_verdict_refuse(v, st);
  return true;
}

/* The slot of the first binding of p (a `bind` line's target), or n. */
static unsigned slot_of(const void *const *slots, unsigned n, const void *p) {
  for (unsigned i = 0; i < n; i++)
    if (slots[i] == p) return i;
  return n;
}

static bool sampler_same(const sf_sampler *a, const sf_sampler *b) {
  return a->min_filter == b->min_filter && a->mag_filter == b->mag_filter && a->mip_filter == b->mip_filter &&
         !memcmp(a->addr, b->addr, sizeof a->addr) && !memcmp(a->border, b->border, sizeof a->border) &&
         a->lod_bias == b->lod_bias && a->min_lod == b->min_lod && a->max_lod == b->max_lod && a->compare == b->compare &&
         !memcmp(a->avs_luma, b->avs_luma, sizeof a->avs_luma) && !memcmp(a->avs_chroma, b->avs_chroma, sizeof a->avs_chroma) &&
         a->avs_shuffle == b->avs_shuffle && a->avs_adaptive == b->avs_adaptive && a->avs_ief == b->avs_ief &&
         a->avs_8tap_all == b->avs_8tap_all;
}

static bool surface_same(const sf_surface *a, const sf_surface *b) {
  const sf_surface_desc *x = &a->desc, *y = &b->desc;
  return x->type == y->type && x->format == y->format && x->width == y->width && x->height == y->height &&
         x->depth == y->depth && x->layers == y->layers && x->levels == y->levels && a->size == b->size &&
         a->null_size == b->null_size && !memcmp(a->data, b->data, a->size) && !memcmp(a->null_map, b->null_map, a->null_size);
}

/* Whether two machine states and instructions are the same case; else the first difference in why. */
static bool case_same(const sf_state *a, const sf_inst *ia, const sf_state *b, const sf_inst *ib, char *why, size_t n) {
  const void *sa[SF_MAX_SURFACES], *sb[SF_MAX_SURFACES], *pa[SF_MAX_SAMPLERS], *pb[SF_MAX_SAMPLERS];
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++) sa[i] = a->surfaces[i], sb[i] = b->surfaces[i];
  for (unsigned i = 0; i < SF_MAX_SAMPLERS; i++) pa[i] = a->samplers[i], pb[i] = b->samplers[i];
  for (unsigned i = 0; i < SF_MAX_SURFACES; i++)
    if (!sa[i] != !sb[i] || (sa[i] && (slot_of(sa, SF_MAX_SURFACES, sa[i]) != slot_of(sb, SF_MAX_SURFACES, sb[i]) ||
                                       !surface_same(a->surfaces[i], b->surfaces[i])))) {
      snprintf(why, n, "surface slot T%u (binding, description, texel bytes or null pages)", i);
      return false;
    }
  for (unsigned i = 0; i < SF_MAX_SAMPLERS; i++)
    if (!pa[i] != !pb[i] || (pa[i] && (slot_of(pa, SF_MAX_SAMPLERS, pa[i]) != slot_of(pb, SF_MAX_SAMPLERS, pb[i]) ||
                                       !sampler_same(a->samplers[i], b->samplers[i])))) {
      snprintf(why, n, "sampler slot S%u (binding or a field)", i);
      return false;
    }
  if (a->grf_bytes != b->grf_bytes || a->dmask != b->dmask || memcmp(a->preds, b->preds, sizeof a->preds) ||
      memcmp(a->addrs, b->addrs, sizeof a->addrs)) {
    snprintf(why, n, "GRF size, dispatch mask, a predicate or an address register");
    return false;
  }
  if (a->nvars != b->nvars) {
    snprintf(why, n, "%u variables against %u", a->nvars, b->nvars);
    return false;
  }
  for (unsigned i = 0; i < a->nvars && i < SF_MAX_VARS; i++) {
    const sf_var *x = &a->vars[i], *y = sf_state_var_c(b, x->id);
    if (!y || x->type != y->type || x->size != y->size || memcmp(x->bytes, y->bytes, x->size)) {
      snprintf(why, n, "variable V%u (type, size or bytes)", x->id);
      return false;
    }
  }
  const sf_d3d_regs *q = &a->d3d, *r = &b->d3d;
  if (memcmp(q->r, r->r, sizeof q->r) || memcmp(q->v, r->v, sizeof q->v) || memcmp(q->o, r->o, sizeof q->o) ||
      memcmp(q->x, r->x, sizeof q->x) || memcmp(q->cb, r->cb, sizeof q->cb) || q->live != r->live) {
    snprintf(why, n, "a D3D register or the live-lane mask");
    return false;
  }
  if (!sf_inst_equal(ia, ib)) {
    snprintf(why, n, "the instruction");
    return false;
  }
  return true;
}

/* Check `case_text`: s and in written as text, read back to the same case, written again to the same
 * text. `what` names where the state came from in the dump. */
static bool case_text_round(sf_verdict *v, const sf_state *s, const sf_inst *in, const char *what) {
  sf_status st, bs;
  sf_status_clear(&st);
  sf_status_clear(&bs);
  sf_buf t1, t2;
  sf_buf_init(&t1, &bs);
  sf_buf_init(&t2, &bs);
  sf_textcase *back = NULL;
  const char *fail = NULL;
  char why[SF_STATUS_MSG_MAX + 64] = "";
  sf_code rc = sf_textcase_write(s, in, &t1, &st);
  if (rc == SF_ERR_NOMEM || rc == SF_ERR_LIMIT) {
    sf_verdict_refuse(v, &st);
  } else if (rc != SF_OK) {
    fail = "write";
    snprintf(why, sizeof why, "%s: %s", sf_code_name(rc), st.msg);
  } else if ((rc = sf_textcase_parse((const char *)t1.data, t1.len, &back, &st)) != SF_OK) {
    fail = "reread";
    snprintf(why, sizeof why, "line %u col %u: %s", st.line, st.col, st.msg);
  } else if (!case_same(s, in, &back->state, &back->inst, why, sizeof why)) {
    fail = "differs";
  } else if (sf_textcase_write(&back->state, &back->inst, &t2, &st) != SF_OK || t1.len != t2.len ||
             memcmp(t1.data, t2.data, t1.len)) {
    fail = "fixpoint";
    snprintf(why, sizeof why, "the text read back writes differently");
  }
  if (fail) {
    sf_verdict_fail(v, "case_text", in, fail);
    sf_verdict_key(v, "%s", fail);
    sf_verdict_dumpf(v, "the case writer and reader disagree on %s (%s): %s\n--- written\n%.*s", what, fail, why,
                     (int)(t1.len < 4096 ? t1.len : 4096), t1.data ? (const char *)t1.data : "");
  }
  sf_textcase_free(back);
  sf_buf_free(&t1);
  sf_buf_free(&t2);
  return !fail;
}

/* A structured case (case.h) after a 0 byte: its state and instruction through the writer and reader. */
static bool structured(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_case *c = calloc(1, sizeof *c);
  sf_case_env *env = calloc(1, sizeof *env);
  bool ok = true;
  if (!c || !env) {
    sf_status st;
    sf_status_clear(&st);
    sf_fail(&st, SF_ERR_NOMEM, "textcase: out of memory");
    sf_verdict_refuse(v, &st);
  } else if (sf_check_case_env(v, p, n, c, env)) {
    ok = case_text_round(v, &env->state, &c->inst, "a structured case's state");
  } else {
    ok = v->kind != SF_VERDICT_FAIL;
  }
  if (env) sf_case_env_free(env);
  free(c);
  free(env);
  return ok;
}

/* `case_refusals` (once per process): every text of textcase_errors.h refused with its code at its
 * line:column, and nothing returned. The fuzz target's own refusals are judged only for having a
 * message and a position, so a column one word off, or a number past 64 bits read as the largest,
 * would go unseen without fixed texts. */
static bool case_refusals(sf_verdict *v) {
  for (size_t k = 0; k < sizeof sf_textcase_errors / sizeof sf_textcase_errors[0]; k++) {
    const sf_textcase_error *e = &sf_textcase_errors[k];
    sf_textcase *tc = NULL;
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_textcase_parse(e->text, strlen(e->text), &tc, &st);
    bool ok = rc == e->code && st.pos_kind == SF_POS_TEXT && st.line == e->line && st.col == e->col && !tc;
    sf_textcase_free(tc);
    if (ok) continue;
    sf_verdict_fail(v, "case_refusals", NULL, sf_code_name(rc));
    sf_verdict_key(v, "case_refusals %zu", k);
    sf_verdict_dumpf(v, "case text %zu (\"%.60s\"): %s at %u:%u (%s), want %s at %u:%u\n", k, e->text, sf_code_name(rc),
                     st.line, st.col, st.msg, sf_code_name(e->code), e->line, e->col);
    return false;
  }
  return true;
}

bool sf_check_textcase(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "textcase");
  static atomic_flag refusals_done = ATOMIC_FLAG_INIT;
  if (!atomic_flag_test_and_set(&refusals_done) && !case_refusals(v)) return false;
  if (n >= 1 && p[0] == 0) return structured(p + 1, n - 1, v);
  sf_status st;
  sf_status_clear(&st);
  sf_textcase *tc = NULL;
  if (sf_textcase_parse((const char *)p, n, &tc, &st) != SF_OK) {
    sf_textcase_free(tc);
    return refusal_ok(v, &st);
  }
  if (!tc->have_inst) {
    sf_textcase_free(tc);
    return true;
  }
  if (!case_text_round(v, &tc->state, &tc->inst, "the text's case")) {
    sf_textcase_free(tc);
    return false;
  }
  const sf_backend *be[TEXTCASE_MAX_BACKENDS];
  unsigned nbe = sf_backend_list(be, TEXTCASE_MAX_BACKENDS);
  sf_code rc0 = SF_OK;
  uint64_t h0 = 0;
  bool ok = true;
  for (unsigned i = 0; i < nbe && ok; i++) {
    sf_textcase *t = tc;
    if (i > 0) {  /* a fresh copy: the first run wrote into tc's state */
      sf_status ps;
      sf_status_clear(&ps);
      t = NULL;
      if (sf_textcase_parse((const char *)p, n, &t, &ps) != SF_OK) {
        sf_verdict_fail(v, "reparse", &tc->inst, be[i]->name);
        sf_verdict_dumpf(v, "the same text parsed once and was refused the second time: %s\n", ps.msg);
        sf_textcase_free(t);
        ok = false;
        break;
      }
    }
    sf_buf report;
    sf_status bs;
    sf_status_clear(&bs);
    sf_buf_init(&report, &bs);
    sf_status rs;
    sf_status_clear(&rs);
    sf_code rc = sf_textcase_run(t, be[i], &report, &rs);
    uint64_t h = state_hash(&t->state);
    if (report.len == 0) {
      sf_verdict_fail(v, "report", &tc->inst, be[i]->name);
      ok = false;
    } else if (rc != SF_OK && !rs.msg[0]) {
      sf_verdict_fail(v, "status_message", &tc->inst, be[i]->name);
      ok = false;
    } else if (i == 0) {
      rc0 = rc;
      h0 = h;
    } else if (rc != rc0 || (rc == SF_OK && h != h0)) {
      sf_verdict_fail(v, rc != rc0 ? "status" : "state", &tc->inst, be[i]->name);
      snprintf(v->backends, sizeof v->backends, "%s,%s", be[0]->name, be[i]->name);
      sf_verdict_key(v, "status %s vs %s", sf_code_name(rc0), sf_code_name(rc));
      sf_verdict_dumpf(v, "instruction: %s\n%s: %s, state %016llx\n%s: %s, state %016llx\n", tc->inst_text,
                       be[0]->name, sf_code_name(rc0), (unsigned long long)h0, be[i]->name, sf_code_name(rc),
                       (unsigned long long)h);
      ok = false;
    }
    sf_buf_free(&report);
    if (t != tc) sf_textcase_free(t);
  }
  sf_textcase_free(tc);
  return ok;
}
