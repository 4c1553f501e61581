/* oracles/verify/verify_backend.c — the verifier parameters for a backend's precision profile
 * (include/samplefuzz/backend.h section 2, docs/backends.md "Precision profile").
 *
 * Start from the D3D11.3 minima (sf_verify_params_spec, docs/precision-model.md) and put in each
 * declared field: sub-texel bits, LOD bits (the linear-mip blend weight is the LOD fraction, so the
 * LOD interval uses min(lod_bits, mip_blend_bits)), the colour threshold of the format's class, the
 * float threshold and the quirk bits. Zero fields keep the minimum. */
#include <string.h>

#include "samplefuzz/backend.h"
#include "samplefuzz/external.h"

void sf_backend_verify_params(const sf_backend_precision *p, unsigned fmt, sf_verify_params *out) {
  sf_verify_params_spec(out);
  if (!p) return;
  if (p->subtexel_bits) out->subtexel_bits = p->subtexel_bits;
  unsigned lod = p->lod_bits ? p->lod_bits : out->lod_bits;
  if (p->mip_blend_bits && p->mip_blend_bits < lod) lod = p->mip_blend_bits;
  out->lod_bits = lod;
  const sf_format_info *fi = sf_format_get(fmt);
  if (fi && fi->cls < 8 && p->color_ulp[fi->cls] > 0.0f) out->color_ulp = p->color_ulp[fi->cls];
  if (p->float_rel > 0.0f) out->float_rel = p->float_rel;
  out->quirks = p->quirks;
  if (p->cube_corner == SF_CUBE_CORNER_CLAMP) out->quirks |= SF_QUIRK_CUBE_CORNER_CLAMP;
}
