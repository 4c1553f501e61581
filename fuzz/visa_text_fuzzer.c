/* fuzz/visa_text_fuzzer.c — the visa_text_fuzzer target: vISA text -> parse; print/parse fixed point; encode/decode identity.
 * The checks live in the library (oracles/checks/targets.c -> oracles/checks/check_roundtrip.c) so that tests and
 * `samplefuzz replay` run exactly what this binary runs; fuzz/fuzz_entry.c is the engine glue. */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("visa_text_fuzzer")
