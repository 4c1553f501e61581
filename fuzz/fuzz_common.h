/* fuzz/fuzz_common.h — what every fuzz target file shares (the Zydis single-entry
 * pattern of docs/fuzzing.md).
 *
 * A target file only names its target in the library's table (oracles/checks/targets.c):
 *     #include "fuzz_common.h"
 *     SF_FUZZ_DEFINE_TARGET("visa_bin_fuzzer")
 * fuzz/fuzz_entry.c then provides LLVMFuzzerTestOneInput for every engine (libFuzzer, AFL++ through
 * libAFLDriver, OSS-Fuzz's $LIB_FUZZING_ENGINE) and, for the replay engine, a plain main(). The
 * checks themselves are library functions (include/samplefuzz/oracle.h) that the unit tests and
 * `samplefuzz replay` call too; only the entry turns a failed verdict into abort(). */
#ifndef SF_FUZZ_COMMON_H
#define SF_FUZZ_COMMON_H

#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"

/* The table entry of this binary's target (never NULL once the entry has checked it). */
const sf_target *sf_fuzz_target(void);
const char *sf_fuzz_target_name(void);

#define SF_FUZZ_DEFINE_TARGET(NAME)                                  \
  const char *sf_fuzz_target_name(void) { return NAME; }             \
  const sf_target *sf_fuzz_target(void) { return sf_target_find(NAME); }

/* The libFuzzer entry points (declared here so -Wmissing-prototypes stays quiet). */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#endif
