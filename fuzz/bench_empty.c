/* fuzz/bench_empty.c — the empty libFuzzer target that `samplefuzz bench --fuzz` measures every fuzz
 * target against (harness/cli/bench_fuzz.c): the same compiler, flags, sanitizers and library as the
 * real targets, and no work per input, so its exec/s is the ceiling of this engine on this machine.
 * Not a fuzz target (its name does not end in _fuzzer.c, so the target table and the scripts that
 * take every fuzz/NAME_fuzzer.c file leave it out). */
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  (void)data;
  (void)size;
  return 0;
}
