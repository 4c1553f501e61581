/* fuzz/plugin_fuzzer.c — the plugin_fuzzer target: a hostile implementation under test, described by
 * the input, through the plug-in loader's checks and the judge (docs/backends.md). The checks live in
 * the library (oracles/checks/targets.c -> oracles/checks/check_plugin.c). */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("plugin_fuzzer")
