/* fuzz/manifest_fuzzer.c — the manifest_fuzzer target: the known-divergence manifest reader of the
 * implementations under test (docs/backends.md "Known divergences"). The checks live in the library
 * (oracles/checks/targets.c -> oracles/checks/check_manifest.c). */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("manifest_fuzzer")
