/* harness/cli/gen_case.h — the structured case `samplefuzz gen` draws (cmd_gen.c), shared with the
 * backends section of `samplefuzz bench` (bench_backends.c). */
#ifndef SF_CLI_GEN_CASE_H
#define SF_CLI_GEN_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/case.h"

/* A structured case from random bytes: family chosen by the caller, palette classes mostly "unit"
 * (coordinates in [-0.5, 1.5)), every fifth entry any class. False if the bytes make no case. */
bool sf_gen_case(const uint8_t *draw, size_t n, sf_family family, sf_case *c);

#endif
