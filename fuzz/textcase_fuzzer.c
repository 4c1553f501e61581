/* fuzz/textcase_fuzzer.c — the textcase_fuzzer target: the hand-written case reader of `samplefuzz
 * run` (docs/case-text.md); accepted cases run on every backend and must leave the same machine state.
 * The checks live in the library (oracles/checks/targets.c -> oracles/checks/check_textcase.c). */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("textcase_fuzzer")
