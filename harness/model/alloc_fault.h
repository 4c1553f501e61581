/* harness/model/alloc_fault.h — allocation-failure injection for the fuzz builds (`alloc_fail`,
 * oracles/checks/check_alloc.c; docs/oracles.md "Allocation failures").
 *
 * No input makes malloc fail, so without this the code that handles a failed allocation (every
 * `return SF_ERR_NOMEM`, every free on the way out) never runs under the fuzzers and the sanitizers.
 * The fuzz targets are linked with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
 * (fuzz/CMakeLists.txt) and fuzz/alloc_wrap.c, whose wrappers ask sf_alloc_fault_take() before
 * every allocation of the program. A check arms a countdown around one API call; the allocation
 * numbered `nth` from then on fails (returns NULL, as malloc does when memory runs out), the
 * others succeed. The countdown is per thread; the library never arms it. In programs linked
 * without the wrappers (the CLI, the unit tests, users' programs) nothing asks, and
 * sf_alloc_fault_linked() says so. */
#ifndef SF_HARNESS_MODEL_ALLOC_FAULT_H
#define SF_HARNESS_MODEL_ALLOC_FAULT_H

#include <stdbool.h>

/* Starts counting this thread's allocations from 0; the one numbered nth fails (none when nth < 0). */
void sf_alloc_fault_arm(long nth);
/* Stops counting; returns how many allocations were asked for since the arm (the failed one
 * included) and sets *failed (when not NULL) to whether the nth was reached. */
unsigned long sf_alloc_fault_disarm(bool *failed);
/* For the wrappers: whether this allocation is to fail (false when not armed). */
bool sf_alloc_fault_take(void);
/* The wrappers call this once at start-up; sf_alloc_fault_linked() then returns true. */
void sf_alloc_fault_register(void);
bool sf_alloc_fault_linked(void);

#endif
