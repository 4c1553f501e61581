/* fuzz/mutate_inst.h — the structure-aware mutation engine shared by the libFuzzer custom mutator
 * (fuzz/libfuzzer_mutator.c) and the AFL++ custom mutator library (fuzz/afl_mutator.c)
 * (docs/fuzzing.md).
 *
 * Each call decodes the input in the target's format, changes ONE field of the sf_inst (or of the
 * D3D instruction) to an interesting value (boundary, valid neighbour, reserved value) drawn from
 * a seeded PRNG, and re-encodes it. When the input does not decode, or the mutated instruction
 * does not re-encode, it returns 0 and the caller falls back to byte mutation. No global state:
 * everything derives from the seed, so a (input, seed) pair always gives the same output. */
#ifndef SF_FUZZ_MUTATE_INST_H
#define SF_FUZZ_MUTATE_INST_H

#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/inst.h"

typedef enum sf_mut_format {
  SF_MUT_NONE = 0,
  SF_MUT_VISA_BIN,   /* one vISA instruction, binary (visa_bin_fuzzer) */
  SF_MUT_VISA_TEXT,  /* one vISA instruction line (visa_text_fuzzer) */
  SF_MUT_DXBC,       /* DXBC container, SHDR/SHEX body or one instruction's TPF tokens (dxbc_fuzzer) */
  SF_MUT_D3DASM      /* one D3D asm instruction line (d3dasm_fuzzer) */
} sf_mut_format;

/* The format a target name mutates ("visa_bin_fuzzer", or the short "visa_bin"); SF_MUT_NONE if unknown. */
sf_mut_format sf_mut_format_from_name(const char *name);

/* splitmix64 step: the engine's only source of randomness. */
uint32_t sf_mut_rand(uint64_t *state);

/* Change one field of a vISA instruction (any family; D3D is forwarded to sf_mut_d3d). */
void sf_mut_inst(sf_inst *in, uint64_t *state);
/* Change one field of a D3D sample-family instruction. */
void sf_mut_d3d(sf_d3d_inst *d, uint64_t *state);

/* Decode data[0..size) as fmt, apply 1-2 field mutations, re-encode into out[0..max). Returns the
 * new length (1..max), or 0 when the input does not decode or the result does not re-encode or fit
 * (the caller then mutates bytes). data and out may be the same buffer. */
size_t sf_mut_structured(sf_mut_format fmt, const uint8_t *data, size_t size, uint8_t *out, size_t max,
                         uint64_t seed);

#endif
