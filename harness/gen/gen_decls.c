/* gen_decls.c — declares the fixed set of variables, samplers, surfaces, predicates and addresses
 * that SF_GEN_VALID instructions refer to (samplefuzz/gen.h), in a kernel made by
 * sf_visa_kernel_init. Ids follow declaration order (docs/visa-binary.md): general
 * variables from V32, samplers from S0, user surfaces from T6, predicates from P1, addresses from A0.
 * Every name is the context-free spelling of its id, so text printed with or without the kernel
 * reads the same. Kept apart from inst_gen.c so the generator links without the kernel builders. */
#include <stdio.h>

#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"

sf_code sf_gen_kernel_decls(sf_visa_kernel *k, sf_status *st) {
  char name[16];
  for (size_t i = 0; i < sf_gen_var_count; i++) {
    const sf_gen_var *v = &sf_gen_vars[i];
    snprintf(name, sizeof name, "V%u", (unsigned)v->id);
    int64_t id = sf_visa_kernel_add_var(k, name, v->type, v->num_elts, v->align, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)v->id)
      return sf_fail(st, SF_ERR_STATE, "declaration set: %s got id %lld (the kernel was not empty)", name, (long long)id);
  }
  for (unsigned i = 0; i < SF_GEN_NUM_SAMPLERS; i++) {
    snprintf(name, sizeof name, "S%u", i);
    int64_t id = sf_visa_kernel_add_sampler(k, name, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)i) return sf_fail(st, SF_ERR_STATE, "declaration set: %s got index %lld", name, (long long)id);
  }
  for (unsigned i = 0; i < SF_GEN_NUM_SURFACES; i++) {
    snprintf(name, sizeof name, "T%u", 6 + i);
    int64_t id = sf_visa_kernel_add_surface(k, name, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)(6 + i)) return sf_fail(st, SF_ERR_STATE, "declaration set: %s got index %lld", name, (long long)id);
  }
  for (unsigned i = 0; i < SF_GEN_NUM_PREDS; i++) {
    snprintf(name, sizeof name, "P%u", 1 + i);
    int64_t id = sf_visa_kernel_add_pred(k, name, 16, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)(1 + i)) return sf_fail(st, SF_ERR_STATE, "declaration set: %s got id %lld", name, (long long)id);
  }
  for (unsigned i = 0; i < SF_GEN_NUM_ADDRS; i++) {
    snprintf(name, sizeof name, "A%u", i);
    int64_t id = sf_visa_kernel_add_addr(k, name, 1, st);
    if (id < 0) return st ? st->code : SF_ERR_INVALID;
    if (id != (int64_t)i) return sf_fail(st, SF_ERR_STATE, "declaration set: %s got id %lld", name, (long long)id);
  }
  return SF_OK;
}
