/* fuzz/pipeline_fuzzer.c — the pipeline_fuzzer target: generated case through every codec view; decoded and parsed forms execute identically.
 * The checks live in the library (oracles/checks/targets.c -> oracles/checks/check_sample.c, harness/gen/case.c) so that tests and
 * `samplefuzz replay` run exactly what this binary runs; fuzz/fuzz_entry.c is the engine glue. */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("pipeline_fuzzer")
