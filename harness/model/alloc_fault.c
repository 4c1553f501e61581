/* alloc_fault.c — the per-thread allocation countdown behind harness/model/alloc_fault.h. */
#include "harness/model/alloc_fault.h"

static _Thread_local struct {
  bool armed, failed;
  long nth;
  unsigned long count;
} af;

/* Written once, by the wrappers' start-up constructor, before any thread runs a check. */
static bool wrappers_linked;

void sf_alloc_fault_arm(long nth) {
  af.armed = true;
  af.failed = false;
  af.nth = nth;
  af.count = 0;
}

unsigned long sf_alloc_fault_disarm(bool *failed) {
  af.armed = false;
  if (failed) *failed = af.failed;
  return af.count;
}

bool sf_alloc_fault_take(void) {
  if (!af.armed) return false;
  bool fail = af.nth >= 0 && af.count == (unsigned long)af.nth;
  af.count++;
  af.failed = af.failed || fail;
  return fail;
}

void sf_alloc_fault_register(void) { wrappers_linked = true; }

bool sf_alloc_fault_linked(void) { return wrappers_linked; }
