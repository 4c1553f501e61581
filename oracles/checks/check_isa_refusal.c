/* oracles/checks/check_isa_refusal.c — `refusal_names`: the instruction a whole-file printer refusal
 * names is one the file holds, as the message describes it.
 *
 * When `sf_visaasm_print` refuses a file because of one instruction, its message names that
 * instruction by the number GenX_IR's text gives it (`instruction $N`, the N of `/// $N`: the
 * instruction's place in its kernel's stream from 0, labels, rets and the sampler instructions
 * counted, as IGC numbers its dumps) and says why: "(name, opcode 0xNN)" for an instruction the printer has no text for, or
 * "IGC 12504's cut-short binary form" for a kernel read in that form (the first such instruction).
 * That number is what a user goes to in the file, so a wrong one sends them to another instruction
 * (or to none) while the refusal itself stays right, and no round trip can see it. The check reads
 * N back from the message and looks it up: some kernel or function must hold a generic instruction
 * at stream place N, with the opcode the message names, or, for a cut-short refusal, the first
 * instruction of its kernel that is not in the specification's form. And the printer asked again with
 * no status (the API takes NULL) must return the same code, with nothing to write it to. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/visa.h"

/* Whether some kernel or function of g holds, at stream place `at`, a generic instruction that
 * matches: opcode `op` (op >= 0), or (cut) the first instruction of its kernel not in spec form. */
static bool names_held(const sf_isa_file *g, uint64_t at, int op, bool cut) {
  for (uint32_t o = 0; o < (uint32_t)g->num_kernels + g->num_functions; o++) {
    const sf_visa_kernel *k = o < g->num_kernels ? &g->kernels[o] : &g->functions[o - g->num_kernels];
    for (uint32_t i = 0; i < k->num_gens; i++) {
      const sf_visa_ginst *x = &k->gens[i];
      if (cut && x->form != SF_VISA_FORM_SPEC) {
        if (x->at == at) return true;
        break; /* only the kernel's first cut-short instruction is named */
      }
      if (!cut && x->at == at && (op < 0 || x->op == (unsigned)op)) return true;
    }
  }
  return false;
}

bool sf_check_isa_refusal_names(const sf_isa_file *g, const sf_status *st, sf_verdict *v) {
  /* the same refusal without a status to write (the API's NULL status: the code alone) */
  sf_buf b;
  sf_buf_init(&b, NULL);
  sf_code rc = sf_visaasm_print(g, &b, NULL);
  sf_buf_free(&b);
  if (rc != st->code && rc != SF_ERR_NOMEM) {
    sf_verdict_fail(v, "refusal_names", NULL, "null_status");
    sf_verdict_key(v, "refusal_names null_status %s", sf_code_name(rc));
    sf_verdict_dumpf(v, "the printer refused the file with %s; with no status it returned %s\n", sf_code_name(st->code),
                     sf_code_name(rc));
    return false;
  }
  const char *msg = st->msg;
  const char *p = strstr(msg, "instruction $");
  if (!p) return true;
  char *end = NULL;
  unsigned long n = strtoul(p + 13, &end, 10);
  if (end == p + 13) return true;
  bool cut = strstr(end, "cut-short") != NULL;
  int op = -1;
  const char *oc = strstr(end, "opcode 0x");
  if (!cut && oc) op = (int)strtol(oc + 9, NULL, 16);
  if (names_held(g, (uint64_t)n, op, cut)) return true;
  sf_verdict_fail(v, "refusal_names", NULL, cut ? "cut_short" : "instruction");
  sf_verdict_key(v, "refusal_names %s", cut ? "cut_short" : "instruction");
  sf_verdict_dumpf(v, "the printer's refusal names instruction $%lu, but no kernel holds %s there: %s\n", n,
                   cut ? "its first cut-short instruction" : "a generic instruction of that opcode", msg);
  return false;
}
