/* tests/test_case_draw.h — structured cases (include/samplefuzz/case.h) from a splitmix64 stream,
 * as `samplefuzz gen` draws them: random header, texels and generator bytes; palette entries mostly
 * of the "unit" class (coordinates in [-0.5, 1.5)), every fifth any class. Families alternate
 * between vISA 3D_SAMPLE and D3D (the sample ops backend_diff turns into batches). With raw set, the
 * palette keeps its random classes (huge, tiny, NaN and infinite values as a mutator makes them). */
#ifndef SF_TEST_CASE_DRAW_H
#define SF_TEST_CASE_DRAW_H

#include <stdbool.h>
#include <string.h>

#include "samplefuzz/case.h"
#include "tests/sf_test.h"

static size_t sf_t_draw_case(uint64_t *s, unsigned i, bool raw, uint8_t *bytes, size_t cap) {
  size_t n = SF_CASE_FIXED_SIZE + 256;
  if (n > cap) n = cap;
  for (size_t k = 0; k < n; k += 8) {
    uint64_t r = sf_t_rand(s);
    memcpy(bytes + k, &r, n - k < 8 ? n - k : 8);
  }
  bytes[0] = SF_CASE_VERSION;
  bytes[1] = (uint8_t)(i % 2 ? 1 : 3);
  uint8_t *pal = bytes + SF_CASE_HEADER_SIZE + SF_CASE_PATTERN_SIZE;
  if (!raw)
    for (unsigned k = 0; k < SF_CASE_PALETTE; k++)
      if (k % 5 != 4) pal[5 * k] = SF_CASE_PAL_UNIT;
  return n;
}

#endif
