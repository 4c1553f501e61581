/* scripts/trace_cost/count.h — the counters of count.c. */
#ifndef SF_TRACE_COST_COUNT_H
#define SF_TRACE_COST_COUNT_H
#include <stdio.h>

extern int sf_tc_on;  /* count while nonzero */
unsigned long long sf_tc_total_calls(void);
/* One line per callback site: "ADDRESS CALLS_PER_INPUT". */
void sf_tc_dump_sites(FILE *out, unsigned long long inputs);
#endif
