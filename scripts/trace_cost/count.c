/* scripts/trace_cost/count.c — SanitizerCoverage's comparison-tracing callbacks, counted instead
 * of fed to a fuzzer: each callback site (its return address) gets a counter while `sf_tc_on` is
 * set. Linked with a library built the way the libFuzzer campaign builds it (fuzzer-no-link
 * instrumentation), in place of libFuzzer, by scripts/trace_cost.sh.
 *
 * Why: in a fuzz build each traced comparison is a call, and on this project's targets those calls
 * are the largest part of an input's cost (docs/fuzzing.md "Throughput"). Their number per input is
 * a property of the code and the input alone, the same on every run: a figure to compare two trees
 * by on a machine whose speed moves by a factor of two from minute to minute. */
#include <stdint.h>
#include <stdio.h>

#include "scripts/trace_cost/count.h"

#define SF_TC_SLOTS 16384u
static uintptr_t sf_tc_site[SF_TC_SLOTS];
static unsigned long long sf_tc_hits[SF_TC_SLOTS];
static unsigned long long sf_tc_total, sf_tc_lost;
int sf_tc_on;

__attribute__((no_sanitize("address", "undefined"))) static void sf_tc_count(uintptr_t site) {
  if (!sf_tc_on) return;
  sf_tc_total++;
  unsigned h = (unsigned)(((site >> 2) * 2654435761u) % SF_TC_SLOTS);
  for (unsigned k = 0; k < SF_TC_SLOTS; k++) { /* open addressing, bounded by the table */
    unsigned i = (h + k) % SF_TC_SLOTS;
    if (sf_tc_site[i] == site) {
      sf_tc_hits[i]++;
      return;
    }
    if (!sf_tc_site[i]) {
      sf_tc_site[i] = site;
      sf_tc_hits[i] = 1;
      return;
    }
  }
  sf_tc_lost++;
}

#define SF_TC_CALLBACK(name, ...)   \
  void name(__VA_ARGS__);           \
  void name(__VA_ARGS__) { sf_tc_count((uintptr_t)__builtin_return_address(0)); }
SF_TC_CALLBACK(__sanitizer_cov_trace_cmp1, uint8_t a, uint8_t b)
SF_TC_CALLBACK(__sanitizer_cov_trace_cmp2, uint16_t a, uint16_t b)
SF_TC_CALLBACK(__sanitizer_cov_trace_cmp4, uint32_t a, uint32_t b)
SF_TC_CALLBACK(__sanitizer_cov_trace_cmp8, uint64_t a, uint64_t b)
SF_TC_CALLBACK(__sanitizer_cov_trace_const_cmp1, uint8_t a, uint8_t b)
SF_TC_CALLBACK(__sanitizer_cov_trace_const_cmp2, uint16_t a, uint16_t b)
SF_TC_CALLBACK(__sanitizer_cov_trace_const_cmp4, uint32_t a, uint32_t b)
SF_TC_CALLBACK(__sanitizer_cov_trace_const_cmp8, uint64_t a, uint64_t b)
SF_TC_CALLBACK(__sanitizer_cov_trace_switch, uint64_t v, uint64_t *cases)
SF_TC_CALLBACK(__sanitizer_cov_trace_div4, uint32_t v)
SF_TC_CALLBACK(__sanitizer_cov_trace_div8, uint64_t v)
SF_TC_CALLBACK(__sanitizer_cov_trace_gep, uintptr_t idx)

/* The rest of the interface the instrumentation calls; edges are not counted here. */
void __sanitizer_cov_trace_pc_indir(uintptr_t callee);
void __sanitizer_cov_trace_pc_indir(uintptr_t callee) { (void)callee; }
void __sanitizer_cov_8bit_counters_init(char *start, char *end);
void __sanitizer_cov_8bit_counters_init(char *start, char *end) { (void)start, (void)end; }
void __sanitizer_cov_pcs_init(const uintptr_t *start, const uintptr_t *end);
void __sanitizer_cov_pcs_init(const uintptr_t *start, const uintptr_t *end) { (void)start, (void)end; }

unsigned long long sf_tc_total_calls(void) { return sf_tc_total; }

void sf_tc_dump_sites(FILE *out, unsigned long long inputs) {
  for (unsigned i = 0; i < SF_TC_SLOTS; i++)
    if (sf_tc_site[i]) fprintf(out, "%lx %.2f\n", (unsigned long)sf_tc_site[i], (double)sf_tc_hits[i] / (double)inputs);
  if (sf_tc_lost) fprintf(stderr, "trace_cost: %llu calls at sites past the table's %u\n", sf_tc_lost, SF_TC_SLOTS);
}
