/* fuzz/libfuzzer_mutator.c — LLVMFuzzerCustomMutator for the four instruction targets
 * (visa_bin_fuzzer, visa_text_fuzzer, dxbc_fuzzer, d3dasm_fuzzer;
 * docs/fuzzing.md). Replaces h5's visa_bin-only mutator.
 *
 * Three calls in four decode the input in the target's format, change one (sometimes two) fields
 * of the instruction with the shared engine (fuzz/mutate_inst.c) and re-encode it; DXBC containers
 * are rewritten with a fresh checksum. The fourth call, and any input that does not decode or
 * mutation that does not re-encode, goes to libFuzzer's own byte mutation (LLVMFuzzerMutate).
 * Deterministic: everything derives from libFuzzer's per-call seed.
 * Linked only into libFuzzer builds with -DSF_FUZZ_MUTATOR=ON (fuzz/CMakeLists.txt). For A/B
 * measurements, SF_PLAIN_MUTATION=1 in the environment makes it plain byte mutation. */
#include <stdlib.h>

#include "fuzz_common.h"
#include "mutate_inst.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  uint64_t s = ((uint64_t)seed << 32) ^ 0x5346u; /* "SF" */
  if (getenv("SF_PLAIN_MUTATION") || sf_mut_rand(&s) % 4u == 0) return LLVMFuzzerMutate(data, size, max_size);
  size_t n = sf_mut_structured(sf_mut_format_from_name(sf_fuzz_target_name()), data, size, data, max_size, s);
  return n ? n : LLVMFuzzerMutate(data, size, max_size);
}
