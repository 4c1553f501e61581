/* oracles/checks/check_textcase.c — the hand-written case reader (`samplefuzz run`,
 * docs/case-text.md) as a fuzz target (textcase_fuzzer).
 *
 * The reader takes text a person wrote, so it must refuse bad text with a message and a line:column
 * (SF_ERR_SYNTAX / SF_ERR_RANGE / SF_ERR_LIMIT), never crash or hang. A case it accepts is run on
 * every backend the CPU supports, each on a freshly parsed copy (the run writes into the case's
 * machine state): the status and the whole machine state afterwards (every variable's bytes,
 * predicates, the D3D register file) must be identical to the scalar backend's, and the readable
 * report must be written on every backend. */
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/sampler.h"

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

bool sf_check_textcase(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "textcase");
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
