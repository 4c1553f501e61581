/* fuzz/d3dasm_fuzzer.c — the d3dasm_fuzzer target: fxc / vkd3d asm text -> parse; print/parse fixed point; encode/decode; wrap -> read back.
 * The checks live in the library (oracles/checks/targets.c -> oracles/checks/check_d3d.c) so that tests and
 * `samplefuzz replay` run exactly what this binary runs; fuzz/fuzz_entry.c is the engine glue. */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("d3dasm_fuzzer")
