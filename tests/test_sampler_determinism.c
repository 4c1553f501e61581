/* tests/test_sampler_determinism.c — prints the XXH3-64 of 10,000 generated sampler cases
 * (sf_sampler_selfhash). CI builds with gcc/clang at -O0/-O3 and compares the printed value; here we
 * check that the hash is reproducible within a run and that it depends on the cases (a constant
 * hash would make the cross-build comparison meaningless). */
#include <inttypes.h>

#include "samplefuzz/sampler.h"
#include "tests/sf_test.h"

static void test_selfhash_stable(void) {
  uint64_t a = sf_sampler_selfhash(10000, 1);
  uint64_t b = sf_sampler_selfhash(10000, 1);
  printf("sampler selfhash(10000, seed 1) = %016" PRIx64 "\n", a);
  SF_CHECK_EQ_U(a, b);
  uint64_t c = sf_sampler_selfhash(200, 2), d = sf_sampler_selfhash(200, 3);
  SF_CHECK(c != d);
  SF_CHECK(sf_sampler_selfhash(200, 1) != sf_sampler_selfhash(201, 1));
}

int main(void) {
  SF_RUN(test_selfhash_stable);
  SF_TEST_END();
}
