/* inst.c — the model core: the rule-violation list and the family-independent entry points of
 * samplefuzz/inst.h. Each sf_inst_* call looks its family up in one table and dispatches to the
 * family's operations (harness/model/family.h); the family code lives in harness/visa/ and
 * harness/d3d/. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "harness/model/family.h"

/* The one table of families. */
static const sf_family_ops *const families[] = {
    [SF_FAMILY_SAMPLE_UNORM] = &sf_visa_family_ops,
    [SF_FAMILY_SAMPLE_3D] = &sf_visa_family_ops,
    [SF_FAMILY_AVS] = &sf_visa_family_ops,
    [SF_FAMILY_D3D] = &sf_d3d_family_ops,
};

static const sf_family_ops *family_of(const sf_inst *in) {
  unsigned f = (unsigned)in->family;
  return f < sizeof families / sizeof families[0] ? families[f] : NULL;
}

void sf_violation_add(sf_violations *out, const char *rule, const char *fmt, ...) {
  if (!out) return;
  out->total++;
  if (out->count >= SF_MAX_VIOLATIONS) return;
  sf_violation *v = &out->v[out->count++];
  v->rule = rule;
  if (out->rules_only) {
    v->reason[0] = '\0';
    return;
  }
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(v->reason, sizeof v->reason, fmt, ap);
  va_end(ap);
}

static unsigned validate(const sf_inst *in, sf_violations *out, bool rules_only) {
  sf_violations local;
  sf_violations *o = out ? out : &local;
  /* count and total only: v[] is 8 KB that the rules overwrite as they add entries */
  o->count = 0;
  o->total = 0;
  o->rules_only = rules_only || !out;
  const sf_family_ops *ops = family_of(in);
  if (!ops) {
    sf_violation_add(o, "family", "instruction family %d is not one of the four", (int)in->family);
    return o->total;
  }
  return ops->validate(in, o);
}

unsigned sf_inst_validate(const sf_inst *in, sf_violations *out) { return validate(in, out, false); }

unsigned sf_inst_validate_rules(const sf_inst *in, sf_violations *out) { return validate(in, out, true); }

void sf_inst_canonicalize(sf_inst *in) {
  const sf_family_ops *ops = family_of(in);
  if (ops) ops->canonicalize(in);
}

const char *sf_inst_diff(const sf_inst *a, const sf_inst *b, char *buf, size_t n) {
  if (!n) buf = NULL; /* a buffer of no bytes is no buffer (inst.h) */
  if (buf) buf[0] = 0;
  if (a->family != b->family) {
    if (buf) snprintf(buf, n, "family: 0x%x vs 0x%x", (unsigned)a->family, (unsigned)b->family);
    return buf ? buf : "family";
  }
  const sf_family_ops *ops = family_of(a);
  if (!ops) return "";
  const char *r = ops->diff(a, b, buf, n);
  return buf ? buf : r; /* without a buffer, the family's own answer: "" when equal */
}

bool sf_inst_equal(const sf_inst *a, const sf_inst *b) {
  if (a->family != b->family) return false;
  const sf_family_ops *ops = family_of(a);
  return !ops || ops->diff(a, b, NULL, 0)[0] == 0;
}
