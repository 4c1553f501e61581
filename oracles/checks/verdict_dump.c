/* oracles/checks/verdict_dump.c — readable instruction dumps for verdicts: the vISA text view
 * (docs/visa-text.md, via sf_visa_print) or the D3D asm view (docs/dxbc.md,
 * via sf_d3dasm_print_inst). Kept apart from verdict.c so that code using only verdicts and
 * signatures does not pull the codecs in. */
#include <stdio.h>

#include "samplefuzz/dxbc.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/visa.h"

void sf_verdict_dump_inst(sf_verdict *v, const char *label, const sf_inst *in) {
  char text[SF_D3DASM_MAX_INST_TEXT];
  sf_status st;
  sf_status_clear(&st);
  if (!in) {
    sf_verdict_dumpf(v, "%s: (none)\n", label);
    return;
  }
  if (in->family == SF_FAMILY_D3D) {
    if (sf_d3dasm_print_inst(&in->d3d, text, sizeof text, &st) == SF_OK) {
      sf_verdict_dumpf(v, "%s: %s\n", label, text);
    } else {
      char why[SF_STATUS_MSG_MAX + 64];
      sf_verdict_dumpf(v, "%s: d3d %s, %u sources (not printable: %s)\n", label, sf_inst_op_tag(in),
                       in->d3d.num_src, sf_status_format(&st, why, sizeof why));
    }
    return;
  }
  if (sf_visa_print(in, NULL, text, sizeof text, &st) == SF_OK) {
    sf_verdict_dumpf(v, "%s: %s\n", label, text);
  } else {
    char why[SF_STATUS_MSG_MAX + 64];
    sf_verdict_dumpf(v, "%s: %s %s (not printable: %s)\n", label, sf_family_tag(in->family),
                     sf_inst_op_tag(in), sf_status_format(&st, why, sizeof why));
  }
}

