/* oracles/checks/check_int.h — checks shared between the files of oracles/checks/ (not public). */
#ifndef SF_CHECK_INT_H
#define SF_CHECK_INT_H

#include "samplefuzz/case.h"
#include "samplefuzz/oracle.h"

/* sample_diff: the SAMPLE_UNORM rect entry point of every backend against the scalar backend and
 * against the per-block requests (oracles/checks/check_rect.c). True when every check held or the
 * case is not a SAMPLE_UNORM one. */
bool sf_check_rect(sf_verdict *v, const sf_case *c, const sf_case_env *env, const sf_backend *const *be, unsigned nbe);

#endif
