/* test_alloc_fault.c — the allocation countdown behind `alloc_fail` (harness/model/alloc_fault.h):
 * the allocation numbered nth after an arm fails and no other, the count includes it, a disarmed
 * countdown fails nothing, and a program linked without the fuzz targets' wrappers (this test)
 * says so, so the check leaves it alone. The wrappers themselves are exercised by the fuzz targets'
 * `fuzz_alloc_audit_*` tests, which fail every allocation of every corpus input in turn. */
#include <stdbool.h>

#include "harness/model/alloc_fault.h"
#include "tests/sf_test.h"

static void countdown(void) {
  for (long nth = 0; nth < 5; nth++) {
    sf_alloc_fault_arm(nth);
    for (long i = 0; i < 7; i++) SF_CHECK_MSG(sf_alloc_fault_take() == (i == nth), "nth %ld, allocation %ld", nth, i);
    bool failed = false;
    SF_CHECK(sf_alloc_fault_disarm(&failed) == 7);
    SF_CHECK(failed);
  }
  /* past the allocations made: none failed */
  sf_alloc_fault_arm(9);
  for (int i = 0; i < 3; i++) SF_CHECK(!sf_alloc_fault_take());
  bool failed = true;
  SF_CHECK(sf_alloc_fault_disarm(&failed) == 3);
  SF_CHECK(!failed);
  /* counting only (nth < 0), then disarmed: nothing fails, and the count stays what it was */
  sf_alloc_fault_arm(-1);
  for (int i = 0; i < 4; i++) SF_CHECK(!sf_alloc_fault_take());
  SF_CHECK(sf_alloc_fault_disarm(NULL) == 4);
  for (int i = 0; i < 4; i++) SF_CHECK(!sf_alloc_fault_take());
  SF_CHECK(sf_alloc_fault_disarm(NULL) == 4);
}

static void not_linked(void) { SF_CHECK(!sf_alloc_fault_linked()); }

int main(void) {
  SF_RUN(countdown);
  SF_RUN(not_linked);
  SF_TEST_END();
}
