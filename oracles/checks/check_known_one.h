/* oracles/checks/check_known_one.h — one known vISA line (oracles/checks/visa_known_lines.h)
 * parsed alone in its kernel, edited and printed: the helpers the line checks share
 * (check_isa_lines.c, check_isa_edges.c). Private to oracles/checks/. */
#ifndef SF_ORACLES_CHECKS_CHECK_KNOWN_ONE_H
#define SF_ORACLES_CHECKS_CHECK_KNOWN_ONE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/visa.h"

/* Room for SF_VISA_KNOWN_HDR and one line (checked where both are seen, check_isa_edges.c). */
#define SF_KNOWN_TEXT 1024

/* One known line parsed alone in its kernel (sf_known_parse): the text (n bytes, 0 when it did not
 * fit), the parse's code and status, and g, its single generic instruction (NULL unless exactly one). */
typedef struct sf_known_one {
  char text[SF_KNOWN_TEXT];
  size_t n;
  sf_status st;
  sf_isa_file f;
  sf_visa_ginst *g;
  sf_code rc;
} sf_known_one;

/* One known line alone in a kernel after SF_VISA_KNOWN_HDR, written into text (cap bytes; *n its
 * length) and parsed from a block of exactly its bytes. SF_ERR_LIMIT, with nothing parsed, when the
 * text does not fit. */
sf_code sf_known_parse(const char *line, char *text, size_t cap, size_t *n, sf_isa_file *f, sf_status *st);
void sf_known_one_parse(sf_known_one *k, const char *line);
void sf_known_one_free(sf_known_one *k);
/* Prints k's file as it stands: the printer's code (st holds its refusal); with `want`, *has says
 * whether the text printed holds it. */
sf_code sf_known_one_emit(sf_known_one *k, const char *want, bool *has, sf_status *st);
/* Sets field `at` of k's instruction to val and prints the file (sf_known_one_emit). */
sf_code sf_known_one_print(sf_known_one *k, unsigned at, uint32_t val, const char *want, bool *has, sf_status *st);
/* f made a file of one kernel "k" with the generators' declarations (sf_gen_kernel_decls) and no
 * instructions; false when out of memory (f is then safe to sf_isa_free). */
bool sf_known_decl_file(sf_isa_file *f);
/* A line check's failure: check, what, and the dump fmt with its two strings; returns false. */
bool sf_known_fail(sf_verdict *v, const char *check, const char *what, const char *fmt, const char *a, const char *b);
/* The edge checks of check_isa_edges.c, in order; false at the first failure. */
bool sf_check_isa_edges(sf_verdict *v);
/* `print_edges` (check_isa_print_edges.c): the generic printers' value tests at their edges. */
bool sf_check_isa_print_edges(sf_verdict *v);

#endif
