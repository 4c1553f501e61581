/* oracles/checks/check_isa_names.c — `name_index`: a kernel's two name lookups give each declared
 * name the declaration the vISA numbering says it is.
 *
 * A name in vISA text resolves to a declaration of the kernel: general variables from V32, address
 * registers from A0, predicates from P1 (P0 is reserved), samplers from S0, surfaces from T6 (the
 * vISA specification's predefined variables and surfaces; docs/visa-text.md). When two declarations
 * share a name the first in the order variables, addresses, predicates, samplers, surfaces wins.
 * Two pieces of code answer that question: the linear walk `sf_visa_kernel_lookup` (the
 * one-instruction parser and printer with a kernel) and the hash index `sf_visa_names` (the
 * whole-file parser and printer, so that big kernels stay linear). The fuzz targets' instruction
 * views use no kernel, so nothing compared the linear walk with anything, and a whole-file round
 * trip runs one of them both ways and agrees with itself. Here every declaration of every kernel and
 * function of a file read (at most 256 declarations per object, the walk being O(n) a name) is
 * looked up both ways and must come back as the expected kind and id: its own, or the earlier
 * declaration of the same name. */
#include <stdio.h>
#include <string.h>

#include "harness/visa/visa_kernel_priv.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/visa.h"

#define NAME_INDEX_MAX_DECLS 256u

typedef struct decl_ref {
  const char *name;
  sf_visa_symkind kind;
  uint32_t id;
} decl_ref;

/* The declarations of k in lookup order, with the ids the numbering gives them; the count. */
static unsigned list_decls(const sf_visa_kernel *k, decl_ref *d) {
  unsigned n = 0;
  for (uint32_t i = 0; k->vars && i < k->num_vars; i++)
    d[n++] = (decl_ref){sf_visa_kernel_string(k, k->vars[i].name), SF_SYM_VAR, SF_VISA_FIRST_USER_VAR + i};
  for (uint32_t i = 0; k->addrs && i < k->num_addrs; i++)
    d[n++] = (decl_ref){sf_visa_kernel_string(k, k->addrs[i].name), SF_SYM_ADDR, i};
  for (uint32_t i = 0; k->preds && i < k->num_preds; i++)
    d[n++] = (decl_ref){sf_visa_kernel_string(k, k->preds[i].name), SF_SYM_PRED, i + 1};
  for (uint32_t i = 0; k->samplers && i < k->num_samplers; i++)
    d[n++] = (decl_ref){sf_visa_kernel_string(k, k->samplers[i].name), SF_SYM_SAMPLER, i};
  for (uint32_t i = 0; k->surfaces && i < k->num_surfaces; i++)
    d[n++] = (decl_ref){sf_visa_kernel_string(k, k->surfaces[i].name), SF_SYM_SURFACE, SF_VISA_FIRST_USER_SURFACE + i};
  return n;
}

bool sf_check_isa_name_index(const sf_isa_file *g, sf_verdict *v) {
  static decl_ref d[NAME_INDEX_MAX_DECLS];
  for (uint32_t o = 0; o < (uint32_t)g->num_kernels + g->num_functions; o++) {
    const sf_visa_kernel *k = o < g->num_kernels ? &g->kernels[o] : &g->functions[o - g->num_kernels];
    uint64_t total = (uint64_t)k->num_vars + k->num_addrs + k->num_preds + k->num_samplers + k->num_surfaces;
    if (total == 0 || total > NAME_INDEX_MAX_DECLS) continue;
    unsigned n = list_decls(k, d);
    sf_visa_names ix;
    memset(&ix, 0, sizeof ix);
    if (!sf_visa_names_build(&ix, k)) { /* out of memory: nothing to compare */
      sf_visa_names_free(&ix);
      continue;
    }
    const char *bad = NULL;
    unsigned at = 0;
    sf_visa_symkind want = SF_SYM_NONE, got = SF_SYM_NONE;
    uint32_t want_id = 0, got_id = 0;
    for (unsigned i = 0; i < n && !bad; i++) {
      if (!d[i].name) continue;
      unsigned first = i; /* the first declaration of this name in lookup order wins */
      for (unsigned j = 0; j < i && first == i; j++)
        if (d[j].name && !strcmp(d[j].name, d[i].name)) first = j;
      want = d[first].kind, want_id = d[first].id, at = i;
      size_t len = strlen(d[i].name);
      uint32_t id = UINT32_MAX;
      got = sf_visa_kernel_lookup(k, d[i].name, len, &id);
      got_id = id;
      if (got != want || got_id != want_id) {
        bad = "lookup";
        break;
      }
      id = UINT32_MAX;
      got = sf_visa_names_find(&ix, d[i].name, len, &id);
      got_id = id;
      if (got != want || got_id != want_id) bad = "index";
    }
    sf_visa_names_free(&ix);
    if (!bad) continue;
    sf_verdict_fail(v, "name_index", NULL, bad);
    sf_verdict_key(v, "name_index %s", bad);
    sf_verdict_dumpf(v, "%s %u, declaration %u \"%.40s\": %s gives kind %d id %u, want kind %d id %u\n",
                     o < g->num_kernels ? "kernel" : "function", o < g->num_kernels ? o : o - g->num_kernels, at,
                     d[at].name, !strcmp(bad, "lookup") ? "sf_visa_kernel_lookup" : "the name index", (int)got, got_id,
                     (int)want, want_id);
    return false;
  }
  return true;
}
