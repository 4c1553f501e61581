/* oracles/checks/check_d3d_gen.c — dxbc_fuzzer's generated mode (docs/oracles.md "Whole programs
 * the generator built").
 *
 * An input that starts with "SFGEN" is not tokens but the draws of the whole-program generator
 * (harness/gen/gen_d3d_program.c, sf_gen_d3d_program; one input in two with SF_GEN_D3D_TEXT_ONLY).
 * What it builds is a valid program of the opcode table, so where the program checks of dxbc excuse
 * a refusal or a `.tpf` escape as a documented limit, here each is a finding: the program must
 * decode (`gen_decode`), print (`gen_print`), print without a `.tpf` line when it was drawn
 * text-only (`gen_escape`), and pass every program check, its text reading back to its bytes
 * included (sf_check_d3d_program_strict, check_d3d.c). */
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/gen_d3d.h"
#include "samplefuzz/oracle.h"

bool sf_check_dxbc_gen(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_status st;
  sf_status_clear(&st);
  sf_fdp fd;
  sf_fdp_init(&fd, p, n);
  unsigned flags = sf_fdp_bool(&fd) ? (unsigned)SF_GEN_D3D_TEXT_ONLY : 0u;
  sf_buf prog;
  sf_buf_init(&prog, &st);
  prog.limit = SF_CHECK_MAX_BIN;
  bool ok = true;
  if (sf_gen_d3d_program(&fd, flags, &prog, &st) == SF_OK) {
    ok = sf_check_d3d_program_strict(prog.data, prog.len, v, "program",
                                     SF_D3D_STRICT | (flags ? (unsigned)SF_D3D_STRICT_NO_TPF : 0u));
    snprintf(v->oracle, sizeof v->oracle, "dxbc");
  } else if (st.code == SF_ERR_LIMIT || st.code == SF_ERR_NOMEM) {
    sf_verdict_refuse(v, &st); /* a program longer than the target's input cap: nothing to judge */
  } else {
    char msg[SF_STATUS_MSG_MAX + 64];
    ok = sf_verdict_fail(v, "gen", NULL, sf_code_name(st.code));
    sf_verdict_key(v, "gen code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "sf_gen_d3d_program failed: %s\n", sf_status_format(&st, msg, sizeof msg));
  }
  sf_buf_free(&prog);
  return ok;
}
