/* samplefuzz/gen_d3d.h — the whole-program generator for D3D SM4.0/4.1/5.0/5.1 (TPF tokens).
 *
 * sf_gen_d3d_program draws one complete shader program from an sf_fdp: the body of a SHDR/SHEX
 * chunk (docs/dxbc.md §2: version token, length token, then declarations and instructions, ending
 * in ret). Unlike sf_gen_inst, which draws one sample-family instruction, it draws from the whole
 * opcode table (docs/dxbc.md §9): declarations of every layout in an order fxc accepts, then
 * instructions of every row with operands that fit the row's type letters and refer only to
 * registers the program declares (temps, indexable temps, inputs, outputs, constant buffers,
 * resources, samplers, UAVs, group-shared memory, streams, labels, interfaces), structured control
 * flow, and the operand forms a whole program can carry (relative indices, 64-bit immediates,
 * modifiers, min precision, SM5.1 register ranges and spaces, extended opcode tokens).
 *
 * Every program it emits decodes with sf_tpf_program_decode, encodes back to the same bytes, and
 * prints with sf_d3dasm_print_program to text that parses back to the same bytes. With flags 0 a
 * few programs hold interfaces (dcl_interface, fcall), which the text form writes as `.tpf`
 * lines; SF_GEN_D3D_TEXT_ONLY leaves them out, so the whole program prints by name.
 *
 * The same bytes give the same program on every platform (only sf_fdp reads and integer
 * arithmetic); bytes that run out read as zeros, which give the simplest program (ps_4_0, ret). */
#ifndef SAMPLEFUZZ_GEN_D3D_H
#define SAMPLEFUZZ_GEN_D3D_H

#include "samplefuzz/bytes.h" /* sf_buf */
#include "samplefuzz/gen.h"   /* sf_fdp */
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Declarations + instructions of one program, at most (hull-shader phase markers and the closing
 * ret included). */
#define SF_GEN_D3D_MAX_ITEMS 48u

enum {
  /* Only rows the text form expresses by name: no dcl_interface and no fcall (both print as .tpf). */
  SF_GEN_D3D_TEXT_ONLY = 1u << 0,
};
#define SF_GEN_D3D_FLAGS (SF_GEN_D3D_TEXT_ONLY)

/* Draws one whole valid shader program from f and appends its tokens (little-endian DWORDs:
 * version token, length token, then declarations and instructions, ending in ret) to out. flags:
 * SF_GEN_D3D_* bits (0 for the default mix). Returns SF_OK, SF_ERR_INVALID for a NULL argument or
 * an unknown flag, or SF_ERR_LIMIT when out's limit is hit (out->len is then back where it was).
 * Deterministic: the same bytes in f give the same program on every platform. Bounded: at most
 * SF_GEN_D3D_MAX_ITEMS declarations+instructions. */
sf_code sf_gen_d3d_program(sf_fdp *f, unsigned flags, sf_buf *out, sf_status *st);

/* Draws one signature chunk of kind fourcc (ISGN, OSGN, PCSG, OSG5, ISG1, OSG1, PSG1) into out
 * (initialized here; the caller frees it with sf_dxbc_sig_free): 0-6 elements, now and then the cap
 * SF_DXBC_SIG_MAX_ELEMS, every field drawn from its whole range with its boundary values favoured,
 * names identifiers of 1-255 characters that may repeat (harness/gen/gen_dxbc_sig.c). Every chunk
 * it draws encodes (sf_dxbc_sig_encode), decodes back to the same elements and prints as element
 * lines of the container text. SF_ERR_INVALID for a NULL argument or another fourcc. */
struct sf_dxbc_sig;
sf_code sf_gen_dxbc_sig(sf_fdp *f, uint32_t fourcc, struct sf_dxbc_sig *out, sf_status *st);

#ifdef __cplusplus
}
#endif
#endif
