/* tests/visa_gen_text_hdr.h — what the generic-instruction text tests (test_visa_gen_text.c,
 * test_visa_gen_refusals.c) share: the declarations every test line may name, and the parse of one
 * line after them. */
#ifndef SF_TESTS_VISA_GEN_TEXT_HDR_H
#define SF_TESTS_VISA_GEN_TEXT_HDR_H

#include <stdio.h>
#include <string.h>

#include "samplefuzz/visa.h"

static const char *const HDR =
    ".version 4.1\n.kernel \"k\"\n"
    ".decl V0046 v_type=G type=d num_elts=16 align=hword\n"
    ".decl V0047 v_type=G type=d num_elts=16 align=hword\n"
    ".decl V0049 v_type=G type=d num_elts=16 align=hword\n"
    ".decl V0055 v_type=G type=f num_elts=16 align=hword\n"
    ".decl V0057 v_type=G type=f num_elts=16 align=hword\n"
    ".decl V0050 v_type=G type=uw num_elts=16 align=hword\n"
    ".decl V0052 v_type=G type=d num_elts=16 align=hword\n"
    ".decl V0054 v_type=G type=d num_elts=16 align=hword\n"
    ".decl A0 v_type=A num_elts=16\n"
    ".decl P1 v_type=P num_elts=32\n"
    ".decl P2 v_type=P num_elts=32\n"
    ".decl T6 v_type=T num_elts=1 v_name=img\n";

/* Parses HDR + one line; returns the kernel's instruction count (gens, rets, insts). */
static inline bool parse_with_hdr(const char *line, sf_isa_file *f, sf_status *st) {
  char text[4096];
  snprintf(text, sizeof text, "%s    %s\n", HDR, line);
  return sf_visaasm_parse(text, strlen(text), f, st) == SF_OK;
}

#endif
