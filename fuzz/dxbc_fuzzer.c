/* fuzz/dxbc_fuzzer.c — the dxbc_fuzzer target: bytes -> DXBC container / SHDR program / TPF tokens; round trips; wrap -> read back.
 * The checks live in the library (oracles/checks/targets.c -> oracles/checks/check_d3d.c) so that tests and
 * `samplefuzz replay` run exactly what this binary runs; fuzz/fuzz_entry.c is the engine glue. */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("dxbc_fuzzer")
