/* oracles/checks/textcase_errors.h — case texts (docs/case-text.md) that the reader must refuse,
 * each with its code and the line:column of the refusal. Used by `case_refusals`
 * (check_textcase.c, once per process in textcase_fuzzer) and by tests/test_sampler_textcase.c. */
#ifndef SF_ORACLES_CHECKS_TEXTCASE_ERRORS_H
#define SF_ORACLES_CHECKS_TEXTCASE_ERRORS_H

#include <stdint.h>

#include "samplefuzz/status.h"

typedef struct sf_textcase_error {
  const char *text;
  sf_code code;
  uint32_t line, col;
} sf_textcase_error;

static const sf_textcase_error sf_textcase_errors[] = {
      {"bogus T6\n", SF_ERR_SYNTAX, 1, 1},
      {"surface T6 2d nonsense 4x4\ninst x\n", SF_ERR_SYNTAX, 1, 15},
      {"surface T6 2d r8_unorm 4x4\ntexel T6 0 0 9 0 1\n", SF_ERR_RANGE, 2, 10},
      {"surface T6 2d r8_unorm 99999x4\n", SF_ERR_SYNTAX, 1, 24},
      {"surface T6 2d r8_unorm 16384x16384\n", SF_ERR_LIMIT, 1, 9},
      {"sampler S0 addr=wrap,nope\n", SF_ERR_SYNTAX, 1, 12},
      {"var V40 f 99999\n", SF_ERR_RANGE, 1, 11},
      {"var V40 f 8 = 1 2 3\n", SF_ERR_RANGE, 1, 19},
      {"pred P99 1\n", SF_ERR_SYNTAX, 1, 6},
      {"reg r99 * 1\n", SF_ERR_LIMIT, 1, 5},
      {"fill T7 00\n", SF_ERR_UNDECLARED, 1, 6},
      {"var V40 f 32\n", SF_ERR_SYNTAX, 1, 1},  /* no instruction */
      {"inst sample_lz.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0\ninst sample_lz.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0\n", SF_ERR_SYNTAX, 2, 1},
      /* the directives sf_textcase_write uses (bind, data, avs, set, raw, reg x) and element ranges */
      {"bind T1 T0\n", SF_ERR_UNDECLARED, 1, 9},
      {"bind S1 S0\n", SF_ERR_UNDECLARED, 1, 9},
      {"surface T0 2d r8_unorm 4x4\nbind T3-T1 T0\n", SF_ERR_SYNTAX, 2, 6},
      {"surface T0 2d r8_unorm 4x4\ndata T0 16 00\n", SF_ERR_RANGE, 2, 9},
      {"surface T0 2d r8_unorm 4x4\ndata T0 15 0000\n", SF_ERR_RANGE, 2, 12},
      {"data T0 0 00\n", SF_ERR_UNDECLARED, 1, 6},
      {"sampler S0\navs S0 luma 32 64\n", SF_ERR_RANGE, 2, 13},
      {"sampler S0\navs S0 chroma 0 128\n", SF_ERR_RANGE, 2, 17},
      {"sampler S0\navs S0 luma 0 1 2 3 4 5 6 7 8 9\n", SF_ERR_RANGE, 2, 31},  /* the 9th tap */
      {"sampler S0\nbind S1 S0\navs S1 luma 0 64\n", SF_ERR_UNDECLARED, 3, 5},
      {"var V40 f 8\nset V40 2 1\n", SF_ERR_RANGE, 2, 9},
      {"var V40 f 8\nset V40 1 1 2\n", SF_ERR_RANGE, 2, 13},
      {"var V40 f 6\nraw V40 4 aabbcc\n", SF_ERR_RANGE, 2, 11},
      {"var V40 f 6\nraw V40 6 00\n", SF_ERR_RANGE, 2, 9},
      {"var V40 ub 4 = 256\n", SF_ERR_SYNTAX, 1, 16},
      {"var V40 df 8 = abc\n", SF_ERR_SYNTAX, 1, 16},
      {"reg x4[0] * 1\n", SF_ERR_LIMIT, 1, 5},
      {"reg x0[16] * 1\n", SF_ERR_LIMIT, 1, 5},
      {"reg r0 * 1 2 3 4 5\n", SF_ERR_SYNTAX, 1, 18},  /* a fifth value (was ignored) */
    /* numbers and values: a negative count, a number past 64 bits, a float with a tail */
    {"dmask -1\n", SF_ERR_SYNTAX, 1, 7},
    {"pred P1 99999999999999999999\n", SF_ERR_SYNTAX, 1, 6},
    {"var V40 f 8 = 1.5x\n", SF_ERR_SYNTAX, 1, 15},
    {"var V40 uq 8 = 18446744073709551616\n", SF_ERR_SYNTAX, 1, 16},
    {"var V40 q 8 = -9223372036854775809\n", SF_ERR_SYNTAX, 1, 15},
    {"surface T6 2d r8_unorm 0x4\n", SF_ERR_SYNTAX, 1, 24},
    {"surface T6 2d r8_unorm 4x4x4x4\n", SF_ERR_SYNTAX, 1, 24},
    {"var V40 vf 8\n", SF_ERR_SYNTAX, 1, 9},
    {"var V0 f 8\n", SF_ERR_SYNTAX, 1, 5},
    /* words and columns: a sampler option of 32 characters (one past the reader's key buffer), two
     * blanks and a tab between words, an instruction's own refusal placed in the case's line, a
     * texel index written as -0 */
    {"sampler S0 aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa=1\n", SF_ERR_SYNTAX, 1, 12},
    {"surface  T6\t2d r8_unorm 4x4\nbogus\n", SF_ERR_SYNTAX, 2, 1},
    {"inst sample_lz.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 bogus\n", SF_ERR_UNDECLARED, 1, 51},
    {"surface T6 2d r8_unorm 4x4\ntexel T6 0 0 -0 0 1\n", SF_ERR_SYNTAX, 2, 14},
    {"surface T 2d r8_unorm 4x4\n", SF_ERR_SYNTAX, 1, 9}, /* a slot letter without its number */
};

#endif
