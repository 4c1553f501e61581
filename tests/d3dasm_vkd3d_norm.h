/* tests/d3dasm_vkd3d_norm.h — makes our D3D asm comparable with vkd3d-compiler 1.2's trace
 * disassembly (VKD3D_SHADER_DEBUG=trace), for tests/test_d3dasm.c and tests/ext_vkd3d.c: the table
 * in docs/dxbc.md. Both sides are normalized (ours, and the instruction parsed from vkd3d's line),
 * then printed and compared as strings: N2 all-zero offsets dropped, N3 float x4 return types
 * dropped, N4 replicate swizzles become select_1, N5 pure relative indices compare equal to offset-0 ones, N6 every NaN
 * becomes 0x7fc00000, N7 min precision cleared, N8 extended tokens in fxc order; then
 * sf_d3d_inst_canonicalize. Test code: no reader of untrusted input uses it, so it is not part of
 * the library. */
#ifndef SF_TESTS_D3DASM_VKD3D_NORM_H
#define SF_TESTS_D3DASM_VKD3D_NORM_H

#include <string.h>

#include "samplefuzz/dxbc.h"

static void norm_opnd(sf_d3d_opnd *o) {
  if (o->num_comp == SF_D3D_NC_4 && o->sel_mode == SF_D3D_SEL_SWIZZLE) {
    unsigned a = o->comp_bits & 3;
    if (((o->comp_bits >> 2) & 3) == a && ((o->comp_bits >> 4) & 3) == a && ((o->comp_bits >> 6) & 3) == a) {
      o->sel_mode = SF_D3D_SEL_SELECT1; /* N4: .xxxx prints as .x */
      o->comp_bits = (uint8_t)a;
    }
  }
  o->min_precision = 0; /* N7 */
  if (o->type == SF_D3D_OT_IMM32)
    for (unsigned i = 0; i < 4; i++)
      if ((o->imm[i] & 0x7f800000u) == 0x7f800000u && (o->imm[i] & 0x007fffffu)) o->imm[i] = 0x7fc00000u; /* N6 */
  for (unsigned i = 0; i < o->index_dim && i < 3; i++)
    if (o->idx[i].rep == SF_D3D_IDX_REL) {
      o->idx[i].rep = SF_D3D_IDX_IMM32_REL; /* N5: a relative index and one with offset 0 compare equal */
      o->idx[i].imm = 0;
    }
}

static void sf_d3dasm_normalize_vkd3d(sf_d3d_inst *d) {
  if (d->has_aoffimmi && !d->aoffimmi[0] && !d->aoffimmi[1] && !d->aoffimmi[2]) d->has_aoffimmi = false; /* N2 */
  if (d->has_rettype && d->rettype[0] == 5 && d->rettype[1] == 5 && d->rettype[2] == 5 && d->rettype[3] == 5)
    d->has_rettype = false; /* N3 */
  memset(d->ext_order, 0, sizeof d->ext_order); /* N8 */
  norm_opnd(&d->dst);
  for (unsigned i = 0; i < d->num_src && i < SF_D3D_MAX_SRC; i++) norm_opnd(&d->src[i]);
  sf_d3d_inst_canonicalize(d);
}

#endif
