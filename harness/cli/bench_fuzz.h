/* bench_fuzz.h — the exec/s section of `samplefuzz bench` (bench_fuzz.c). */
#ifndef SF_CLI_BENCH_FUZZ_H
#define SF_CLI_BENCH_FUZZ_H

#include <stdbool.h>
#include <stdio.h>

/* Runs every fuzz target of the library's table (or those named in `only`, comma-separated; NULL
 * for all) and the empty target (sf_bench_empty) from bin_dir (NULL: $SF_FUZZ_BIN_DIR, else
 * build-fuzz/fuzz in the source tree), libFuzzer builds, `seconds` each on corpus/<target>/ of the
 * source tree, the empty target then the target, `rounds` times, and prints a table of the
 * medians (or, with json, a `"fuzz_targets": {...}` member without a trailing comma).
 * Returns 0 when every target ran, 1 otherwise (each failure is named in the output), 2 when
 * `only` names no target of the table. */
int sf_bench_fuzz(FILE *out, bool json, const char *bin_dir, unsigned seconds, const char *only, unsigned rounds);
/* Whether every name of the comma-separated list is a fuzz target (NULL: yes); names the others. */
bool sf_bench_fuzz_names_ok(const char *list, FILE *err);

#endif
