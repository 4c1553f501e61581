/* samplefuzz/child.h — run one call in a forked child process and get its fixed-size result back
 * (harness/sys/child.c). The harness uses it wherever a crash, a hang or a driver's process-wide
 * state must stay out of the caller: isolated replays, isolated calls of an implementation under
 * test, backend probes and benchmarks. POSIX only. */
#ifndef SAMPLEFUZZ_CHILD_H
#define SAMPLEFUZZ_CHILD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sf_child_fate {
  SF_CHILD_RETURNED = 0,   /* fn returned and `out` holds its result */
  SF_CHILD_NOT_RUN,        /* pipe or fork failed: nothing ran (the caller may run fn itself) */
  SF_CHILD_SIGNALED,       /* a signal ended the child (SIGALRM: `seconds` ran out); see *detail */
  SF_CHILD_EXITED          /* the child exited (a sanitizer report, _exit) before sending its result; *detail: status */
} sf_child_fate;

/* Forks; the child runs fn(arg, out) with an alarm of `seconds` (0: none), sends `out_size` bytes of
 * `out` through a pipe and exits. The parent reads them into `out` (stdio is flushed before the
 * fork) and waits. *detail (may be NULL) receives the signal or the exit status. */
sf_child_fate sf_child_call(void (*fn)(void *arg, void *out), void *arg, void *out, size_t out_size, unsigned seconds,
                            int *detail);

#ifdef __cplusplus
}
#endif
#endif
