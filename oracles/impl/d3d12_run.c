/* d3d12_run.c — running d3d12-vkd3d requests: the texture (format, dimension, levels, layers and
 * the surface's bytes through an upload buffer and CopyTextureRegion), the sampler descriptor, the
 * per-lane input buffer, the dispatch (compute) or the draw of 2x2 quads (pixel), the readback.
 * D3D12 usage follows Microsoft's Direct3D 12 documentation ("Uploading texture data through
 * buffers", D3D12_SAMPLER_DESC, D3D12_SHADER_RESOURCE_VIEW_DESC, "Using resource barriers"). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if SF_HAVE_VKD3D
#include "oracles/impl/d3d12_int.h"

/* sf format -> DXGI. R8/RG8 sRGB have no DXGI format: they are uploaded as RGBA8 sRGB with the
 * missing channels (0, 0, 0 -> sRGB 0; alpha 255 -> 1), which reads exactly like the missing-channel
 * defaults (0, 0, 1) of sampler.h. D32F is read through R32_FLOAT. */
static DXGI_FORMAT dxgi_of(unsigned f, unsigned *bytes) {
  *bytes = 0;
  switch (f) {
    case SF_FMT_R8_UNORM: *bytes = 1; return DXGI_FORMAT_R8_UNORM;
    case SF_FMT_RG8_UNORM: *bytes = 2; return DXGI_FORMAT_R8G8_UNORM;
    case SF_FMT_RGBA8_UNORM: *bytes = 4; return DXGI_FORMAT_R8G8B8A8_UNORM;
    case SF_FMT_R8_SRGB: case SF_FMT_RG8_SRGB: case SF_FMT_RGBA8_SRGB: *bytes = 4; return DXGI_FORMAT_R8G8B8A8_UNORM_SRGB;
    case SF_FMT_RGBA8_SNORM: *bytes = 4; return DXGI_FORMAT_R8G8B8A8_SNORM;
    case SF_FMT_R16_UNORM: *bytes = 2; return DXGI_FORMAT_R16_UNORM;
    case SF_FMT_RGBA16_UNORM: *bytes = 8; return DXGI_FORMAT_R16G16B16A16_UNORM;
    case SF_FMT_R16F: *bytes = 2; return DXGI_FORMAT_R16_FLOAT;
    case SF_FMT_RGBA16F: *bytes = 8; return DXGI_FORMAT_R16G16B16A16_FLOAT;
    case SF_FMT_R32F: case SF_FMT_D32F: *bytes = 4; return DXGI_FORMAT_R32_FLOAT;
    case SF_FMT_RG32F: *bytes = 8; return DXGI_FORMAT_R32G32_FLOAT;
    case SF_FMT_RGBA32F: *bytes = 16; return DXGI_FORMAT_R32G32B32A32_FLOAT;
    default: return DXGI_FORMAT_UNKNOWN;
  }
}

static void copy_texel(unsigned f, const uint8_t *src, uint8_t *dst, unsigned bytes) {
  if (f == SF_FMT_R8_SRGB || f == SF_FMT_RG8_SRGB) {
    dst[0] = src[0];
    dst[1] = f == SF_FMT_RG8_SRGB ? src[1] : 0;
    dst[2] = 0;
    dst[3] = 255;
  } else {
    memcpy(dst, src, bytes);
  }
}

typedef struct run_res {
  ID3D12Resource *tex, *upload, *input, *output, *readback, *rt[3];
} run_res;

static void release_res(run_res *r) {
  ID3D12Resource **all[8] = {&r->tex, &r->upload, &r->input, &r->output, &r->readback, &r->rt[0], &r->rt[1], &r->rt[2]};
  for (unsigned i = 0; i < 8; i++)
    if (*all[i]) {
      ID3D12Resource_Release(*all[i]);
      *all[i] = NULL;
    }
}

static HRESULT make_buffer(sf_d3d12 *d, D3D12_HEAP_TYPE heap, UINT64 size, D3D12_RESOURCE_FLAGS flags,
                           D3D12_RESOURCE_STATES state, ID3D12Resource **out) {
  D3D12_HEAP_PROPERTIES hp = {heap, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
  D3D12_RESOURCE_DESC rd = {D3D12_RESOURCE_DIMENSION_BUFFER, 0, size, 1, 1, 1, DXGI_FORMAT_UNKNOWN, {1, 0},
                            D3D12_TEXTURE_LAYOUT_ROW_MAJOR, flags};
  return ID3D12Device_CreateCommittedResource(d->dev, &hp, D3D12_HEAP_FLAG_NONE, &rd, state, NULL, &IID_ID3D12Resource,
                                              (void **)out);
}

static void barrier(sf_d3d12 *d, ID3D12Resource *r, D3D12_RESOURCE_STATES from, D3D12_RESOURCE_STATES to) {
  D3D12_RESOURCE_BARRIER b;
  memset(&b, 0, sizeof b);
  b.Type = D3D12_RESOURCE_BARRIER_TYPE_TRANSITION;
  b.Transition.pResource = r;
  b.Transition.Subresource = D3D12_RESOURCE_BARRIER_ALL_SUBRESOURCES;
  b.Transition.StateBefore = from;
  b.Transition.StateAfter = to;
  ID3D12GraphicsCommandList_ResourceBarrier(d->list, 1, &b);
}

#define MAX_SUB (SF_SURF_MAX_LEVELS * 12u)

/* The texture, its upload (recorded into the list) and its SRV in heap slot 0. */
static sf_d3d12_stage make_texture(sf_d3d12 *d, const sf_surface *s, run_res *r, char *why, size_t n) {
  const sf_surface_desc *sd = &s->desc;
  unsigned tb;
  DXGI_FORMAT fmt = dxgi_of(sd->format, &tb);
  unsigned sb = sf_format_get(sd->format)->bytes;
  D3D12_RESOURCE_DESC rd;
  memset(&rd, 0, sizeof rd);
  bool is1d = sd->type == SF_SURF_1D || sd->type == SF_SURF_1D_ARRAY;
  rd.Dimension = is1d ? D3D12_RESOURCE_DIMENSION_TEXTURE1D
                      : sd->type == SF_SURF_3D ? D3D12_RESOURCE_DIMENSION_TEXTURE3D : D3D12_RESOURCE_DIMENSION_TEXTURE2D;
  rd.Width = sd->width;
  rd.Height = is1d ? 1 : sd->height;
  unsigned slices = sd->type == SF_SURF_3D ? 1 : s->slices;
  rd.DepthOrArraySize = (UINT16)(sd->type == SF_SURF_3D ? sd->depth : slices);
  rd.MipLevels = (UINT16)sd->levels;
  rd.Format = fmt;
  rd.SampleDesc.Count = 1;
  rd.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
  unsigned nsub = sd->levels * slices;
  if (nsub > MAX_SUB) {
    sf_d3d12_fmt_why(why, n, "d3d12: %u subresources exceed this backend's cap %u", nsub, MAX_SUB);
    return SF_D3D12_STAGE_UNSUPPORTED;
  }
  D3D12_HEAP_PROPERTIES hp = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
  HRESULT hr = ID3D12Device_CreateCommittedResource(d->dev, &hp, D3D12_HEAP_FLAG_NONE, &rd, D3D12_RESOURCE_STATE_COPY_DEST,
                                                    NULL, &IID_ID3D12Resource, (void **)&r->tex);
  if (FAILED(hr)) {
    sf_d3d12_fmt_why(why, n, "CreateCommittedResource(texture, DXGI format %u) hr=0x%08x", (unsigned)fmt, (unsigned)hr);
    return SF_D3D12_STAGE_API;
  }
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp[MAX_SUB];
  UINT rows[MAX_SUB];
  UINT64 rowsz[MAX_SUB], total = 0;
  ID3D12Device_GetCopyableFootprints(d->dev, &rd, 0, nsub, 0, fp, rows, rowsz, &total);
  hr = make_buffer(d, D3D12_HEAP_TYPE_UPLOAD, total, D3D12_RESOURCE_FLAG_NONE, D3D12_RESOURCE_STATE_GENERIC_READ, &r->upload);
  uint8_t *map = NULL;
  D3D12_RANGE none = {0, 0};
  if (SUCCEEDED(hr)) hr = ID3D12Resource_Map(r->upload, 0, &none, (void **)&map);
  if (FAILED(hr) || !map) {
    sf_d3d12_fmt_why(why, n, "upload buffer of %llu bytes: hr=0x%08x", (unsigned long long)total, (unsigned)hr);
    return SF_D3D12_STAGE_API;
  }
  for (unsigned sl = 0; sl < slices; sl++)
    for (unsigned lv = 0; lv < sd->levels; lv++) {
      unsigned i = lv + sl * sd->levels;
      const sf_level *L = &s->levels[lv];
      for (unsigned z = 0; z < L->d; z++)
        for (unsigned y = 0; y < L->h; y++) {
          const uint8_t *src = s->data + L->offset + (size_t)(sl + z) * L->slice_pitch + (size_t)y * L->row_pitch;
          uint8_t *dst = map + fp[i].Offset + ((size_t)z * rows[i] + y) * fp[i].Footprint.RowPitch;
          for (unsigned x = 0; x < L->w; x++) copy_texel(sd->format, src + (size_t)x * sb, dst + (size_t)x * tb, tb);
        }
    }
  ID3D12Resource_Unmap(r->upload, 0, NULL);
  for (unsigned i = 0; i < nsub; i++) {
    D3D12_TEXTURE_COPY_LOCATION dst = {r->tex, D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, {.SubresourceIndex = i}};
    D3D12_TEXTURE_COPY_LOCATION src = {r->upload, D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, {.PlacedFootprint = fp[i]}};
    ID3D12GraphicsCommandList_CopyTextureRegion(d->list, &dst, 0, 0, 0, &src, NULL);
  }
  barrier(d, r->tex, D3D12_RESOURCE_STATE_COPY_DEST,
          D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE | D3D12_RESOURCE_STATE_NON_PIXEL_SHADER_RESOURCE);
  D3D12_SHADER_RESOURCE_VIEW_DESC v;
  memset(&v, 0, sizeof v);
  v.Format = fmt;
  v.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
  UINT lv = sd->levels, layers = sd->layers;
  switch (sd->type) {
    case SF_SURF_1D: v.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE1D; v.Texture1D.MipLevels = lv; break;
    case SF_SURF_1D_ARRAY:
      v.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE1DARRAY;
      v.Texture1DArray.MipLevels = lv;
      v.Texture1DArray.ArraySize = layers;
      break;
    case SF_SURF_2D: v.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2D; v.Texture2D.MipLevels = lv; break;
    case SF_SURF_2D_ARRAY:
      v.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE2DARRAY;
      v.Texture2DArray.MipLevels = lv;
      v.Texture2DArray.ArraySize = layers;
      break;
    case SF_SURF_3D: v.ViewDimension = D3D12_SRV_DIMENSION_TEXTURE3D; v.Texture3D.MipLevels = lv; break;
    case SF_SURF_CUBE: v.ViewDimension = D3D12_SRV_DIMENSION_TEXTURECUBE; v.TextureCube.MipLevels = lv; break;
    default:
      v.ViewDimension = D3D12_SRV_DIMENSION_TEXTURECUBEARRAY;
      v.TextureCubeArray.MipLevels = lv;
      v.TextureCubeArray.NumCubes = layers;
      break;
  }
  D3D12_CPU_DESCRIPTOR_HANDLE h = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(d->view_heap);
  ID3D12Device_CreateShaderResourceView(d->dev, r->tex, &v, h);
  return SF_D3D12_STAGE_RAN;
}

/* D3D12_SAMPLER_DESC from sf_sampler (docs/oracle-d3d12.md mapping table). SF_MIP_NONE has no D3D12
 * filter: it is mip POINT with the LOD clamped to [min(MinLOD, 0.25), min(MaxLOD, 0.25)], which keeps
 * level 0 and the same minify/magnify decision (the VK spec's note on emulating non-mipmapped
 * filtering, "Texel Filtering"). */
static void make_sampler(sf_d3d12 *d, const sf_sampler *s, bool cmp) {
  D3D12_SAMPLER_DESC sd;
  memset(&sd, 0, sizeof sd);
  unsigned mip = s->mip_filter == SF_MIP_LINEAR ? 1u : 0u;
  sd.Filter = (D3D12_FILTER)(((unsigned)(s->min_filter & 1) << 4) | ((unsigned)(s->mag_filter & 1) << 2) | mip |
                             (cmp ? 0x80u : 0u));
  D3D12_TEXTURE_ADDRESS_MODE *am[3] = {&sd.AddressU, &sd.AddressV, &sd.AddressW};
  for (unsigned i = 0; i < 3; i++) *am[i] = (D3D12_TEXTURE_ADDRESS_MODE)(s->addr[i] + 1u);
  sd.MipLODBias = (float)s->lod_bias / 256.0f;
  sd.MaxAnisotropy = 1;
  sd.ComparisonFunc = (D3D12_COMPARISON_FUNC)(s->compare + 1u);
  for (unsigned i = 0; i < 4; i++) sd.BorderColor[i] = s->border[i];
  sd.MinLOD = (float)s->min_lod / 256.0f;
  sd.MaxLOD = (float)s->max_lod / 256.0f;
  if (s->mip_filter == SF_MIP_NONE) {
    if (sd.MinLOD > 0.25f) sd.MinLOD = 0.25f;
    if (sd.MaxLOD > 0.25f) sd.MaxLOD = 0.25f;
  }
  ID3D12Device_CreateSampler(d->dev, &sd, ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(d->sampler_heap));
}

static D3D12_CPU_DESCRIPTOR_HANDLE view_slot(sf_d3d12 *d, unsigned i) {
  D3D12_CPU_DESCRIPTOR_HANDLE h = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(d->view_heap);
  h.ptr += (SIZE_T)i * d->view_inc;
  return h;
}

/* Pixel (x, y) of the 16x2 target for lane l: quad q = l / 4 at x = 2q, D3D quad layout. */
static unsigned pixel_of(unsigned l) { return (l % 4u / 2u) * 2u * SF_D3D12_MAX_QUADS + 2u * (l / 4u) + (l & 1u); }

static sf_d3d12_stage run_one(sf_d3d12 *d, const sf_d3d12_req *q, const sf_d3d12_pso *pso, sf_d3d12_result *res) {
  const sf_sample_batch *b = q->batch;
  bool ps = pso->key.ps != 0;
  bool cmp = q->op == SF_D3D_SAMPLE_C || q->op == SF_D3D_SAMPLE_C_LZ;
  run_res r;
  memset(&r, 0, sizeof r);
  char *why = res->why;
  size_t wn = sizeof res->why;
  sf_d3d12_stage stage = make_texture(d, b->surf, &r, why, wn);
  const unsigned slots = 32; /* CS: one thread group of 32; PS: the 16x2 target */
  HRESULT hr = S_OK;
  if (stage == SF_D3D12_STAGE_RAN) {
    make_sampler(d, b->samp, cmp);
    hr = make_buffer(d, D3D12_HEAP_TYPE_UPLOAD, slots * SF_D3D12_LANE_STRIDE, D3D12_RESOURCE_FLAG_NONE,
                     D3D12_RESOURCE_STATE_GENERIC_READ, &r.input);
    float *in = NULL;
    D3D12_RANGE none = {0, 0};
    if (SUCCEEDED(hr)) hr = ID3D12Resource_Map(r.input, 0, &none, (void **)&in);
    if (SUCCEEDED(hr) && in) {
      memset(in, 0, slots * SF_D3D12_LANE_STRIDE);
      for (unsigned l = 0; l < b->n; l++) {
        float *p = in + (ps ? pixel_of(l) : l) * 16u;
        p[0] = b->u[l], p[1] = b->v[l], p[2] = b->r[l], p[3] = b->ai[l];
        p[4] = cmp ? b->ref[l] : b->lod_or_bias[l];
        p[8] = b->dudx[l], p[9] = b->dvdx[l], p[10] = b->drdx[l];
        p[12] = b->dudy[l], p[13] = b->dvdy[l], p[14] = b->drdy[l];
      }
      ID3D12Resource_Unmap(r.input, 0, NULL);
    }
    D3D12_SHADER_RESOURCE_VIEW_DESC sv;
    memset(&sv, 0, sizeof sv);
    sv.Format = DXGI_FORMAT_UNKNOWN;
    sv.ViewDimension = D3D12_SRV_DIMENSION_BUFFER;
    sv.Shader4ComponentMapping = D3D12_DEFAULT_SHADER_4_COMPONENT_MAPPING;
    sv.Buffer.NumElements = slots;
    sv.Buffer.StructureByteStride = SF_D3D12_LANE_STRIDE;
    if (SUCCEEDED(hr)) ID3D12Device_CreateShaderResourceView(d->dev, r.input, &sv, view_slot(d, 1));
    D3D12_UNORDERED_ACCESS_VIEW_DESC uv;
    memset(&uv, 0, sizeof uv);
    uv.Format = DXGI_FORMAT_UNKNOWN;
    uv.ViewDimension = D3D12_UAV_DIMENSION_BUFFER;
    uv.Buffer.NumElements = slots;
    uv.Buffer.StructureByteStride = 16;
    if (SUCCEEDED(hr) && !ps)
      hr = make_buffer(d, D3D12_HEAP_TYPE_DEFAULT, slots * 16u, D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS,
                       D3D12_RESOURCE_STATE_UNORDERED_ACCESS, &r.output);
    if (SUCCEEDED(hr)) ID3D12Device_CreateUnorderedAccessView(d->dev, r.output, NULL, &uv, view_slot(d, 2));
    /* Readback: CS 32 x 16 bytes; PS three 16x2 RGBA32F targets with 256-byte row pitch. */
    if (SUCCEEDED(hr))
      hr = make_buffer(d, D3D12_HEAP_TYPE_READBACK, ps ? 3u * 512u : slots * 16u, D3D12_RESOURCE_FLAG_NONE,
                       D3D12_RESOURCE_STATE_COPY_DEST, &r.readback);
    if (FAILED(hr)) {
      sf_d3d12_fmt_why(why, wn, "input/output buffers: hr=0x%08x", (unsigned)hr);
      stage = SF_D3D12_STAGE_API;
    }
  }
  D3D12_RESOURCE_DESC td = {D3D12_RESOURCE_DIMENSION_TEXTURE2D, 0, 2 * SF_D3D12_MAX_QUADS, 2, 1, 1,
                            DXGI_FORMAT_R32G32B32A32_FLOAT, {1, 0}, D3D12_TEXTURE_LAYOUT_UNKNOWN,
                            D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET};
  if (stage == SF_D3D12_STAGE_RAN && ps) {
    D3D12_HEAP_PROPERTIES hp = {D3D12_HEAP_TYPE_DEFAULT, D3D12_CPU_PAGE_PROPERTY_UNKNOWN, D3D12_MEMORY_POOL_UNKNOWN, 1, 1};
    for (unsigned i = 0; i < 3 && SUCCEEDED(hr); i++) {
      hr = ID3D12Device_CreateCommittedResource(d->dev, &hp, D3D12_HEAP_FLAG_NONE, &td, D3D12_RESOURCE_STATE_RENDER_TARGET,
                                                NULL, &IID_ID3D12Resource, (void **)&r.rt[i]);
      if (SUCCEEDED(hr)) {
        D3D12_CPU_DESCRIPTOR_HANDLE h = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(d->rtv_heap);
        h.ptr += (SIZE_T)i * d->rtv_inc;
        ID3D12Device_CreateRenderTargetView(d->dev, r.rt[i], NULL, h);
      }
    }
    if (FAILED(hr)) {
      sf_d3d12_fmt_why(why, wn, "render targets: hr=0x%08x", (unsigned)hr);
      stage = SF_D3D12_STAGE_API;
    }
  }
  if (stage != SF_D3D12_STAGE_RAN) {
    /* Recorded uploads are discarded with the list. */
    ID3D12GraphicsCommandList_Close(d->list);
    ID3D12GraphicsCommandList_Reset(d->list, d->alloc, NULL);
    release_res(&r);
    return stage;
  }
  ID3D12DescriptorHeap *heaps[2] = {d->view_heap, d->sampler_heap};
  ID3D12GraphicsCommandList_SetDescriptorHeaps(d->list, 2, heaps);
  ID3D12GraphicsCommandList_SetPipelineState(d->list, pso->pso);
  D3D12_GPU_DESCRIPTOR_HANDLE vt = ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(d->view_heap);
  D3D12_GPU_DESCRIPTOR_HANDLE st = ID3D12DescriptorHeap_GetGPUDescriptorHandleForHeapStart(d->sampler_heap);
  if (!ps) {
    ID3D12GraphicsCommandList_SetComputeRootSignature(d->list, d->rs_cs);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(d->list, 0, vt);
    ID3D12GraphicsCommandList_SetComputeRootDescriptorTable(d->list, 1, st);
    ID3D12GraphicsCommandList_Dispatch(d->list, 1, 1, 1);
    barrier(d, r.output, D3D12_RESOURCE_STATE_UNORDERED_ACCESS, D3D12_RESOURCE_STATE_COPY_SOURCE);
    ID3D12GraphicsCommandList_CopyBufferRegion(d->list, r.readback, 0, r.output, 0, slots * 16u);
  } else {
    ID3D12GraphicsCommandList_SetGraphicsRootSignature(d->list, d->rs_ps);
    ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(d->list, 0, vt);
    ID3D12GraphicsCommandList_SetGraphicsRootDescriptorTable(d->list, 1, st);
    D3D12_CPU_DESCRIPTOR_HANDLE rtv = ID3D12DescriptorHeap_GetCPUDescriptorHandleForHeapStart(d->rtv_heap);
    ID3D12GraphicsCommandList_OMSetRenderTargets(d->list, 3, &rtv, TRUE, NULL);
    D3D12_VIEWPORT vp = {0, 0, 2 * SF_D3D12_MAX_QUADS, 2, 0, 1};
    D3D12_RECT sc = {0, 0, 2 * SF_D3D12_MAX_QUADS, 2};
    ID3D12GraphicsCommandList_RSSetViewports(d->list, 1, &vp);
    ID3D12GraphicsCommandList_RSSetScissorRects(d->list, 1, &sc);
    ID3D12GraphicsCommandList_IASetPrimitiveTopology(d->list, D3D_PRIMITIVE_TOPOLOGY_TRIANGLELIST);
    D3D12_VERTEX_BUFFER_VIEW vbv = {ID3D12Resource_GetGPUVirtualAddress(d->vb), 48, 16};
    ID3D12GraphicsCommandList_IASetVertexBuffers(d->list, 0, 1, &vbv);
    ID3D12GraphicsCommandList_DrawInstanced(d->list, 3, 1, 0, 0);
    for (unsigned i = 0; i < 3; i++) {
      barrier(d, r.rt[i], D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_COPY_SOURCE);
      D3D12_PLACED_SUBRESOURCE_FOOTPRINT fp;
      ID3D12Device_GetCopyableFootprints(d->dev, &td, 0, 1, 512u * i, &fp, NULL, NULL, NULL);
      D3D12_TEXTURE_COPY_LOCATION dst = {r.readback, D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT, {.PlacedFootprint = fp}};
      D3D12_TEXTURE_COPY_LOCATION src = {r.rt[i], D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX, {.SubresourceIndex = 0}};
      ID3D12GraphicsCommandList_CopyTextureRegion(d->list, &dst, 0, 0, 0, &src, NULL);
    }
  }
  hr = sf_d3d12_submit_and_wait(d, why, wn);
  if (FAILED(hr)) {
    release_res(&r);
    return SF_D3D12_STAGE_DEVICE_LOST;
  }
  const float *rb = NULL;
  D3D12_RANGE all = {0, ps ? 3u * 512u : slots * 16u};
  hr = ID3D12Resource_Map(r.readback, 0, &all, (void **)&rb);
  if (FAILED(hr) || !rb) {
    sf_d3d12_fmt_why(why, wn, "Map(readback) hr=0x%08x", (unsigned)hr);
    release_res(&r);
    return SF_D3D12_STAGE_API;
  }
  for (unsigned l = 0; l < b->n; l++) {
    if (!(b->lanes >> l & 1u)) continue;
    unsigned px = pixel_of(l);
    /* PS: row y of a 16-wide target starts at y * 256 bytes (64 floats). */
    const float *o = ps ? rb + (px / 16u) * 64u + (px % 16u) * 4u : rb + l * 4u;
    for (unsigned c = 0; c < 4; c++) memcpy(&res->out.v[c][l], &o[c], 4);
    res->out.null_mask |= 1u << l;
    if (ps) {
      for (unsigned c = 0; c < 3; c++) {
        res->dx[c][l] = o[128 + c];
        res->dy[c][l] = o[256 + c];
      }
    }
  }
  res->derivs = ps;
  ID3D12Resource_Unmap(r.readback, 0, NULL);
  release_res(&r);
  return SF_D3D12_STAGE_RAN;
}

sf_code sf_d3d12_run(sf_d3d12 *d, const sf_d3d12_req *reqs, size_t n, sf_d3d12_result *res, sf_status *st) {
  if (!d || (n && (!reqs || !res))) return sf_fail(st, SF_ERR_INVALID, "sf_d3d12_run: NULL argument");
  for (size_t i = 0; i < n; i++) {
    sf_d3d12_result *r = &res[i];
    memset(r, 0, sizeof *r);
    d->stats.requests++;
    r->stage = sf_d3d12_classify(&reqs[i], r->why, sizeof r->why);
    if (r->stage == SF_D3D12_STAGE_RAN) {
      const sf_sample_batch *b = reqs[i].batch;
      sf_d3d12_key k;
      memset(&k, 0, sizeof k);
      k.op = reqs[i].op;
      k.dim = sf_d3d12_dim_of(b->surf->desc.type);
      for (unsigned l = 0; l < b->n; l++)
        if (b->lanes >> l & 1u) {
          k.off[0] = b->off_u[l], k.off[1] = b->off_v[l], k.off[2] = b->off_r[l];
          break;
        }
      k.ps = k.op == SF_D3D_SAMPLE || k.op == SF_D3D_SAMPLE_B || k.op == SF_D3D_SAMPLE_C;
      const sf_d3d12_pso *p = sf_d3d12_get_pso(d, &k);
      if (!p) return sf_fail(st, SF_ERR_NOMEM, "d3d12-vkd3d: out of memory (pipeline cache)");
      if (p->stage != SF_D3D12_STAGE_RAN) {
        r->stage = p->stage;
        snprintf(r->why, sizeof r->why, "%s", p->why);
      } else {
        r->stage = run_one(d, &reqs[i], p, r);
      }
    }
    d->stats.by_stage[r->stage]++;
  }
  return SF_OK;
}

#else
typedef int sf_d3d12_run_unused; /* built without the vkd3d headers (d3d12_device.c says so) */
#endif
