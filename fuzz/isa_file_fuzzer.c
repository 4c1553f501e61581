/* fuzz/isa_file_fuzzer.c — the isa_file_fuzzer target: a whole vISA v4.1 .isa file -> sf_isa_read;
 * sf_isa_write/read reaches a fixed point after one round, and the whole-file text view
 * (sf_visaasm_print -> sf_visaasm_parse -> print) is a fixed point.
 * The checks live in the library (oracles/checks/targets.c -> oracles/checks/check_isa_file.c) so that tests and
 * `samplefuzz replay` run exactly what this binary runs; fuzz/fuzz_entry.c is the engine glue. */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("isa_file_fuzzer")
