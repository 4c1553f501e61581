/* d3d12_int.h — private to oracles/impl/d3d12_*.c: the loaded vkd3d entry points, the device state
 * and the shader / pipeline cache shared by d3d12_device.c, d3d12_shader.c and d3d12_run.c.
 * Only compiled with the vkd3d headers (SF_HAVE_VKD3D, set by CMakeLists.txt when they are found). */
#ifndef SF_ORACLES_IMPL_D3D12_INT_H
#define SF_ORACLES_IMPL_D3D12_INT_H

#define COBJMACROS
#define WIDL_C_INLINE_WRAPPERS /* C wrappers for the methods that return structures (GetCPUDescriptorHandleForHeapStart) */
#include <vkd3d_utils.h> /* vkd3d.h first: it sets up the Windows type shims the d3d12 header needs */
#include <vkd3d_shader.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/d3d12.h"
#include "samplefuzz/inst.h"

/* Entry points taken with dlsym (docs/oracle-d3d12.md "No link dependency"). */
typedef struct sf_vkd3d_fns {
  PFN_D3D12_CREATE_DEVICE create_device;                 /* libvkd3d-utils: D3D12CreateDevice */
  HRESULT (WINAPI *serialize_rs)(const D3D12_ROOT_SIGNATURE_DESC *, D3D_ROOT_SIGNATURE_VERSION, ID3DBlob **, /* ms_abi */
                          ID3DBlob **);                  /* libvkd3d-utils: D3D12SerializeRootSignature */
  int (*compile)(const struct vkd3d_shader_compile_info *, struct vkd3d_shader_code *, char **);
  void (*free_code)(struct vkd3d_shader_code *);
  void (*free_messages)(char *);
} sf_vkd3d_fns;

/* One cached shader + pipeline: what the DXBC depends on. */
typedef struct sf_d3d12_key {
  uint8_t op;          /* sf_d3d_op */
  uint8_t dim;         /* SF_D3D_DIM_* of t0 */
  int8_t off[3];       /* aoffimmi */
  uint8_t ps;          /* 1: pixel shader (implicit ops), 0: compute */
} sf_d3d12_key;

typedef struct sf_d3d12_pso {
  sf_d3d12_key key;
  ID3D12PipelineState *pso;     /* NULL when a stage failed: stage/why are cached too */
  sf_d3d12_stage stage;
  char why[320];
} sf_d3d12_pso;

#define SF_D3D12_MAX_PSOS 4096u
#define SF_D3D12_HEAP_SIZE 64u        /* CBV/SRV/UAV descriptors per submission: 3 per request */
#define SF_D3D12_MAX_QUADS 8u         /* pixel shader: up to 8 quads (32 lanes) in one 16x2 target */
#define SF_D3D12_LANE_STRIDE 64u      /* bytes per lane of the input buffer: coord, extra, ddx, ddy */

struct sf_d3d12 {
  sf_vkd3d_fns fn;
  void *lib_utils, *lib_shader, *lib_vkd3d;
  sf_d3d12_opts opts;
  sf_d3d12_info info;
  bool spirv_val_tool;
  ID3D12Device *dev;
  ID3D12CommandQueue *queue;
  ID3D12CommandAllocator *alloc;
  ID3D12GraphicsCommandList *list;
  ID3D12Fence *fence;
  UINT64 fence_value;
  ID3D12DescriptorHeap *view_heap, *sampler_heap, *rtv_heap;
  UINT view_inc, sampler_inc, rtv_inc;
  ID3D12RootSignature *rs_cs, *rs_ps;
  ID3D12Resource *vb;            /* the fullscreen triangle (upload heap) */
  sf_d3d12_pso *psos;
  size_t npsos;
  sf_d3d12_stats stats;
};

/* d3d12_device.c */
HRESULT sf_d3d12_submit_and_wait(sf_d3d12 *d, char *why, size_t n);
void sf_d3d12_fmt_why(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* d3d12_shader.c: the DXBC container for a key (vertex shader when vs), and the cached pipeline. */
sf_code sf_d3d12_build_dxbc(const sf_d3d12_key *k, bool vs, sf_buf *out, sf_status *st);
const sf_d3d12_pso *sf_d3d12_get_pso(sf_d3d12 *d, const sf_d3d12_key *k);
sf_code sf_d3d12_make_root_signatures(sf_d3d12 *d, sf_status *st);
void sf_d3d12_release_psos(sf_d3d12 *d);

/* d3d12_run.c */
uint8_t sf_d3d12_dim_of(unsigned surf_type);

#endif
