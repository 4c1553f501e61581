/* gen_decls.c — declares the fixed set of variables, samplers, surfaces, predicates and addresses
 * that SF_GEN_VALID instructions refer to (samplefuzz/gen.h), in a kernel made by
 * sf_visa_kernel_init. Ids follow declaration order (docs/visa-binary.md): general
 * variables from V32, samplers from S0, user surfaces from T6, predicates from P1, addresses from A0.
 * Every name is the context-free spelling of its id, so text printed with or without the kernel
 * reads the same. Kept apart from inst_gen.c so the generator links without the kernel builders. */
#include <stdio.h>
#include <string.h>

#include "harness/visa/visa_kernel_priv.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"

/* The kernel builders' contract, checked on each declaration as it is made: the entry holds the
 * name and element count asked for. The generator's callers count a failure here as a finding
 * (a builder that declares two samplers where one was asked for writes a valid, self-consistent
 * file that no round trip can tell from the right one). */
static sf_code decl_check(const sf_visa_kernel *k, uint32_t name, uint16_t got_elts, const char *want,
                          uint16_t want_elts, sf_status *st) {
  const char *s = sf_visa_kernel_string(k, name);
  if (!s || strcmp(s, want) != 0 || got_elts != want_elts)
    return sf_fail(st, SF_ERR_STATE, "declaration set: %s was declared as '%.40s' with %u elements, not %u",
                   want, s ? s : "(no name)", (unsigned)got_elts, (unsigned)want_elts);
  return SF_OK;
}

#define SYM_CHECK(arr, idx, want_elts)                                                    \
  do {                                                                                    \
    sf_code c_ = decl_check(k, k->arr[idx].name, k->arr[idx].num_elts, name, (want_elts), st); \
    if (c_) return c_;                                                                    \
  } while (0)

sf_code sf_gen_kernel_decls(sf_visa_kernel *k, sf_status *st) {
  char name[16];
  for (size_t i = 0; i < sf_gen_var_count; i++) {
    const sf_gen_var *v = &sf_gen_vars[i];
    snprintf(name, sizeof name, "V%u", (unsigned)v->id);
    int64_t id = sf_visa_kernel_add_var(k, name, v->type, v->num_elts, v->align, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)v->id)
      return sf_fail(st, SF_ERR_STATE, "declaration set: %s got id %lld (the kernel was not empty)", name, (long long)id);
    const sf_visa_var *d = &k->vars[id - SF_VISA_FIRST_USER_VAR];
    if (d->props != (uint8_t)(v->type | (v->align << 4)) || d->alias_index != 0)
      return sf_fail(st, SF_ERR_STATE, "declaration set: %s was declared with props 0x%02x and alias %u, not 0x%02x and none",
                     name, (unsigned)d->props, (unsigned)d->alias_index, (unsigned)(v->type | (v->align << 4)));
    SYM_CHECK(vars, id - SF_VISA_FIRST_USER_VAR, v->num_elts);
  }
  for (unsigned i = 0; i < SF_GEN_NUM_SAMPLERS; i++) {
    snprintf(name, sizeof name, "S%u", i);
    int64_t id = sf_visa_kernel_add_sampler(k, name, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)i) return sf_fail(st, SF_ERR_STATE, "declaration set: %s got index %lld", name, (long long)id);
    SYM_CHECK(samplers, i, 1);
  }
  for (unsigned i = 0; i < SF_GEN_NUM_SURFACES; i++) {
    snprintf(name, sizeof name, "T%u", 6 + i);
    int64_t id = sf_visa_kernel_add_surface(k, name, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)(6 + i)) return sf_fail(st, SF_ERR_STATE, "declaration set: %s got index %lld", name, (long long)id);
    SYM_CHECK(surfaces, i, 1);
  }
  for (unsigned i = 0; i < SF_GEN_NUM_PREDS; i++) {
    snprintf(name, sizeof name, "P%u", 1 + i);
    int64_t id = sf_visa_kernel_add_pred(k, name, 16, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)(1 + i)) return sf_fail(st, SF_ERR_STATE, "declaration set: %s got id %lld", name, (long long)id);
    SYM_CHECK(preds, i, 16);
  }
  for (unsigned i = 0; i < SF_GEN_NUM_ADDRS; i++) {
    snprintf(name, sizeof name, "A%u", i);
    int64_t id = sf_visa_kernel_add_addr(k, name, 1, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)i) return sf_fail(st, SF_ERR_STATE, "declaration set: %s got id %lld", name, (long long)id);
    SYM_CHECK(addrs, i, 1);
  }
  return SF_OK;
}
