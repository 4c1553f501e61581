/* bench_backends.h — the backends section of `samplefuzz bench` (bench_backends.c). */
#ifndef SF_CLI_BENCH_BACKENDS_H
#define SF_CLI_BENCH_BACKENDS_H

#include <stdbool.h>
#include <stdio.h>

/* Cases per second of backend_diff (oracles/checks/check_backend.c) for every built-in backend and
 * `extra` (a plug-in path or name; may be NULL), over `ncases` generated cases, cold and warm.
 * Prints a table (or, with json, a `"backend_diff": {...}` member without a trailing comma).
 * Returns 1 when the cases could not be made or `extra` did not open, else 0. */
int sf_bench_backends(FILE *out, bool json, unsigned ncases, const char *extra);

#endif
