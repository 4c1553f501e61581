/* tests/visa_gen_text_hdr.h — what the generic-instruction text tests (test_visa_gen_text.c,
 * test_visa_gen_refusals.c) share: the declarations every test line may name, and the parse of one
 * line after them. */
#ifndef SF_TESTS_VISA_GEN_TEXT_HDR_H
#define SF_TESTS_VISA_GEN_TEXT_HDR_H

#include <stdio.h>
#include <string.h>

#include "oracles/checks/visa_known_lines.h"
#include "samplefuzz/visa.h"

static const char *const HDR = SF_VISA_KNOWN_HDR;

/* Parses HDR + one line; returns the kernel's instruction count (gens, rets, insts). */
static inline bool parse_with_hdr(const char *line, sf_isa_file *f, sf_status *st) {
  char text[4096];
  snprintf(text, sizeof text, "%s    %s\n", HDR, line);
  return sf_visaasm_parse(text, strlen(text), f, st) == SF_OK;
}

#endif
