/* d3d12_classify.c — what the d3d12-vkd3d backend can run, without touching the GPU: stage names,
 * the sf surface type -> D3D resource dimension map, and the checks that send a request to
 * STAGE_UNSUPPORTED (not expressible in D3D12 SM5) or STAGE_KNOWN (a documented vkd3d 1.2 defect
 * that would abort the process or produce invalid SPIR-V: docs/dxbc.md Q4, Q5 and §5's cube
 * offsets; docs/oracle-d3d12.md). Needs no vkd3d header, so it is always built. */
#include <stdio.h>
#include <string.h>

#include "samplefuzz/d3d12.h"
#include "samplefuzz/inst.h"

const char *sf_d3d12_stage_name(sf_d3d12_stage s) {
  static const char *const names[SF_D3D12_STAGE_COUNT] = {"ran", "known-vkd3d", "unsupported", "shader-rejected",
                                                          "spirv-invalid", "pipeline-failed", "device-lost", "api-error"};
  return (unsigned)s < SF_D3D12_STAGE_COUNT ? names[s] : "?";
}

static uint8_t dim_of(unsigned t) {
  switch (t) {
    case SF_SURF_1D: return SF_D3D_DIM_TEX1D;
    case SF_SURF_1D_ARRAY: return SF_D3D_DIM_TEX1DARRAY;
    case SF_SURF_2D: return SF_D3D_DIM_TEX2D;
    case SF_SURF_2D_ARRAY: return SF_D3D_DIM_TEX2DARRAY;
    case SF_SURF_3D: return SF_D3D_DIM_TEX3D;
    case SF_SURF_CUBE: return SF_D3D_DIM_TEXCUBE;
    case SF_SURF_CUBE_ARRAY: return SF_D3D_DIM_TEXCUBEARRAY;
    default: return SF_D3D_DIM_UNKNOWN;
  }
}

uint8_t sf_d3d12_dim_of(unsigned surf_type);
uint8_t sf_d3d12_dim_of(unsigned surf_type) { return dim_of(surf_type); }

static sf_d3d12_stage why_set(char *why, size_t n, sf_d3d12_stage s, const char *msg, const char *arg) {
  if (why && n) snprintf(why, n, "%s%s", msg, arg ? arg : "");
  return s;
}

sf_d3d12_stage sf_d3d12_classify(const sf_d3d12_req *req, char *why, size_t n) {
  if (why && n) why[0] = 0;
  const sf_d3d12_stage U = SF_D3D12_STAGE_UNSUPPORTED, K = SF_D3D12_STAGE_KNOWN;
  if (!req || !req->batch) return why_set(why, n, U, "d3d12: NULL request or batch", NULL);
  const sf_sample_batch *b = req->batch;
  const char *op = sf_d3d_op_name(req->op);
  if (!op) return why_set(why, n, U, "d3d12: not a sample-family op", NULL);
  if (b->n == 0 || b->n > SF_MAX_LANES) return why_set(why, n, U, "d3d12: batch lane count outside 1..32", NULL);
  if (!b->samp) return why_set(why, n, U, "d3d12: no sampler state", NULL);
  sf_status sst;
  sf_status_clear(&sst);
  if (sf_sampler_check(b->samp, &sst) != SF_OK) return why_set(why, n, U, "d3d12: invalid sampler state: ", sst.msg);
  if (!b->surf) return why_set(why, n, U, "d3d12: unbound surface (a null SRV) is not run by this backend", NULL);
  if (b->lod_query) return why_set(why, n, U, "d3d12: the LOD query is not part of the sample family here", NULL);
  const sf_format_info *fi = sf_format_get(b->surf->desc.format);
  if (!fi) return why_set(why, n, U, "d3d12: unknown format", NULL);
  if (fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT || fi->cls == SF_FCLASS_YUV)
    return why_set(why, n, U, "d3d12: sample* cannot read an integer or planar format (D3D11.3 §7.18); format ", fi->name);
  bool implicit = req->op == SF_D3D_SAMPLE || req->op == SF_D3D_SAMPLE_B || req->op == SF_D3D_SAMPLE_C;
  bool cmp = req->op == SF_D3D_SAMPLE_C || req->op == SF_D3D_SAMPLE_C_LZ;
  if (implicit && b->n % 4) return why_set(why, n, U, "d3d12: implicit-derivative ops need whole 2x2 quads (n % 4 == 0)", NULL);
  unsigned t = b->surf->desc.type;
  if (cmp && t == SF_SURF_3D) return why_set(why, n, U, "d3d12: comparison sampling of a Texture3D is not defined in D3D", NULL);
  /* One aoffimmi per instruction: every enabled lane must carry the same offsets. */
  int first = -1;
  for (unsigned l = 0; l < b->n; l++) {
    if (!(b->lanes >> l & 1u)) continue;
    if (first < 0) first = (int)l;
    else if (b->off_u[l] != b->off_u[first] || b->off_v[l] != b->off_v[first] || b->off_r[l] != b->off_r[first])
      return why_set(why, n, U, "d3d12: per-lane offsets (one aoffimmi per instruction in SM5)", NULL);
  }
  bool offs = first >= 0 && (b->off_u[first] || b->off_v[first] || b->off_r[first]);
  if (offs && (b->off_u[first] < -8 || b->off_u[first] > 7 || b->off_v[first] < -8 || b->off_v[first] > 7 ||
               b->off_r[first] < -8 || b->off_r[first] > 7))
    return why_set(why, n, U, "d3d12: aoffimmi outside [-8, 7]", NULL);
  bool cube = t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY;
  if (req->op == SF_D3D_SAMPLE_D && cube)
    return why_set(why, n, K, "vkd3d 1.2 Q4: sample_d on TextureCube/TextureCubeArray asserts in vkd3d-shader "
                              "(vkd3d_write_mask_component_count; docs/dxbc.md)", NULL);
  if (cmp && t == SF_SURF_CUBE_ARRAY)
    return why_set(why, n, K, "vkd3d 1.2 Q5: sample_c/sample_c_lz on TextureCubeArray give invalid SPIR-V "
                              "(Dref as a 5th coordinate component; docs/dxbc.md)", NULL);
  if (offs && cube)
    return why_set(why, n, K, "vkd3d 1.2: aoffimmi on a TextureCube aborts vkd3d-shader (docs/dxbc.md §5); "
                              "offsets on cubes are undefined in D3D", NULL);
  if (t == SF_SURF_1D)
    return why_set(why, n, K, "vkd3d 1.2: no Texture1D SRV (d3d12_desc_create_srv: \"Unhandled view dimension 0x2\"): "
                              "the descriptor stays empty", NULL);
  return SF_D3D12_STAGE_RAN;
}
