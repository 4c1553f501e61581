/* tests/test_isa_container_util.h — what the tests/test_isa_container_*.c files share: the three
 * known .isa files as hex and the helpers that read, write and expect a read error.
 *
 * Known answers:
 *   - MIN_FILE is the 138-byte file of docs/visa-binary.md (GenX_IR accepts it).
 *   - IGC_FILE is what GenX_IR 12504 wrote (`GenX_IR t1.visaasm -platform SKL -stopafter CFG
 *     -outputCisaBinaryName t1.isa`) for a kernel with one SAMPLE_UNORM and one AVS, an
 *     OutputAsmPath attribute, two inputs and all of IGC's predefined names in the string pool.
 *     Its gen-binary record (platform 0 because -stopafter ended the Gen compile, offset = end of
 *     file, size 0) is what the writer reproduces.
 *   - RET_FILE is the §2.5 kernel with one predicate P1 and the code `sample_unorm; (!P1.all) ret
 *     (M1, 1); sample_unorm`, hand-made; GenX_IR 12504 read it (-platform SKL -stopafter CFG
 *     -dumpcommonisa, rc 0) and printed `(!P1.all) ret (M1, 1)` between the two sample_unorm
 *     lines (docs/visa-binary.md, RET). */
#ifndef TEST_ISA_CONTAINER_UTIL_H
#define TEST_ISA_CONTAINER_UTIL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

/* docs/visa-binary.md, byte for byte. */
static const char *const MIN_FILE =
    "43 49 53 41  04 01  01 00  01 00  6b  20 00 00 00  6a 00 00 00  5a 00 00 00  00 00 00 00  00  00 00 00 00"
    "04 00 00 00  6b 00 64 00 73 00 74 00  00 00 00 00  01 00 00 00"
    "01 00 00 00 52 80 00  00 00 00 00 00 00 00 00  00 00 00 00 00 00"
    "01 02 00 00 00 01 00 00  01 03 00 00 00 01 00 00  00  00 00 00 00"
    "22 00 00 00  48 00 00 00  00 00"
    "41 0f 00 06  05 07 00 00 00 00  05 07 00 00 00 00  05 07 00 00 80 3e  05 07 00 00 00 3f  20 00 00 00 00 00";

static const char *const IGC_FILE =
    "4349534104010100040073616d702c000000f90100008b01000000000000010025020000000000000000000026000000"
    "73616d7000256e756c6c00257468726561645f7800257468726561645f79002567726f75705f69645f78002567726f75"
    "705f69645f79002567726f75705f69645f7a0025747363002572300025617267002572657476616c0025737000256670"
    "002568775f69640025737230002563723000256365300025646267300025636f6c6f720025696d706c5f6172675f6275"
    "665f70747200256c6f63616c5f69645f6275665f70747200256d7367300025736c6d0054310054320054535300256273"
    "7300257363726174636800533331004f757470757441736d5061746800736d700073757266006473745f75006473745f"
    "610058004130005031005461726765740000000000030000002000000052800000000000000000002100000052000200"
    "000000000000002200000007010000000000000000000100230000000100000100240000001000000000011e00000001"
    "0000011f0000000100000002000000010000000000000400020600000004000400670000009201000002001d00000008"
    "73616d705f6f7574250000000101410f000605070000000005070000000005070000803e002200000000002101200000"
    "000000430f00060507000000000507000000000507cdcccc3d0507cdcccc3d0507000000000500000000000500000000"
    "000005070000000000050200000000210000000000";

static const char *const RET_FILE =
    "434953410401010001006b200000009700000061000000000000000000000000040000006b0064007300740000000000"
    "010000000100000052800000000000000000000000010001000000100000000001020000000100000103000000010000"
    "0000000000480000004f0000000000410f000605070000000005070000000005070000803e05070000003f2000000000"
    "00340001c0410f000605070000000005070000000005070000803e05070000003f200000000000";

typedef struct bytes {
  uint8_t *p;
  size_t n;
} bytes;

static inline bytes from_hex(const char *h) {
  bytes b;
  b.n = sf_t_hex(h, NULL, 0);
  b.p = malloc(b.n ? b.n : 1);
  sf_t_hex(h, b.p, b.n);
  return b;
}

static inline sf_code read_bytes(const uint8_t *p, size_t n, sf_isa_file *f, sf_status *st) {
  /* an exact-size heap copy, so ASan sees any read past the end */
  uint8_t *q = malloc(n ? n : 1);
  if (n) memcpy(q, p, n);
  sf_status_clear(st);
  sf_code c = sf_isa_read(q, n, f, st);
  free(q);
  return c;
}

static inline void write_ok(const sf_isa_file *f, sf_buf *out) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf_init(out, &st);
  sf_code c = sf_isa_write(f, out, &st);
  char m[256];
  SF_CHECK_MSG(c == SF_OK, "%s", sf_status_format(&st, m, sizeof m));
}

static inline void expect_read_err(const uint8_t *p, size_t n, sf_code want, uint64_t pos) {
  sf_isa_file f;
  sf_status st;
  sf_code c = read_bytes(p, n, &f, &st);
  char m[256];
  SF_CHECK_MSG(c == want, "got %s, want %s (%s)", sf_code_name(c), sf_code_name(want), sf_status_format(&st, m, sizeof m));
  SF_CHECK_MSG(st.code == want && st.pos_kind == SF_POS_BYTE && st.pos == pos, "error at 0x%llx, want 0x%llx: %s",
               (unsigned long long)st.pos, (unsigned long long)pos, sf_status_format(&st, m, sizeof m));
  SF_CHECK(f.num_kernels == 0 && f.kernels == NULL && f.major == 0 && f.minor == 0);
  if (c == SF_OK) sf_isa_free(&f);
}

#endif
