/* fuzz/sample_diff_fuzzer.c — the sample_diff_fuzzer target: structured case on every backend: bit-identical results, all-error-or-none, sampler invariants.
 * The checks live in the library (oracles/checks/targets.c -> oracles/checks/check_sample.c, harness/gen/case.c) so that tests and
 * `samplefuzz replay` run exactly what this binary runs; fuzz/fuzz_entry.c is the engine glue. */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("sample_diff_fuzzer")
