/* bench_fuzz.h — the exec/s section of `samplefuzz bench` (bench_fuzz.c). */
#ifndef SF_CLI_BENCH_FUZZ_H
#define SF_CLI_BENCH_FUZZ_H

#include <stdbool.h>
#include <stdio.h>

/* Runs every fuzz target of the library's table and the empty target (sf_bench_empty) from
 * bin_dir (NULL: $SF_FUZZ_BIN_DIR, else build-fuzz/fuzz in the source tree), libFuzzer builds,
 * `seconds` each on corpus/<target>/ of the source tree, back to back, and
 * prints a table (or, with json, a `"fuzz_targets": {...}` member without a trailing comma).
 * Returns 0 when every target ran, 1 otherwise (each failure is named in the output). */
int sf_bench_fuzz(FILE *out, bool json, const char *bin_dir, unsigned seconds);

#endif
