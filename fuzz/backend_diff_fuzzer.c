/* fuzz/backend_diff_fuzzer.c — the backend_diff_fuzzer target: a structured case as a sample batch on
 * the implementation under test ($SF_BACKEND=NAME|PATH.so, opened at start-up) and on the reference,
 * both judged by the spec-tolerance verifier (oracles/checks/check_backend.c, docs/backends.md). */
#include "fuzz_common.h"

SF_FUZZ_DEFINE_TARGET("backend_diff_fuzzer")
