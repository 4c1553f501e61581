/* fuzz/visa_bin_fuzzer.c — the visa_bin_fuzzer target: bytes -> vISA decode; encode/decode, canonical form and text views round-trip.
 * The checks live in the library (oracles/checks/targets.c -> oracles/checks/check_roundtrip.c) so that tests and
 * `samplefuzz replay` run exactly what this binary runs; fuzz/fuzz_entry.c is the engine glue. */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("visa_bin_fuzzer")
