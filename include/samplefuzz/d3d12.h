/* samplefuzz/d3d12.h — the real Direct3D 12 stack as an implementation under test ("d3d12-vkd3d").
 *
 * A D3D sample-family request (an sf_sample_batch plus the D3D op) is turned into a real DXBC shader
 * written by samplefuzz's own TPF encoder (dxbc.h), compiled by vkd3d-shader to SPIR-V, and run on
 * the D3D12-on-Vulkan stack Wine and Proton use: vkd3d (libvkd3d-utils / libvkd3d / libvkd3d-shader)
 * on whatever Vulkan device the loader gives (Mesa's lavapipe on a headless machine).
 *   - sample_l, sample_d, sample_c_lz (explicit LOD / gradients): a cs_5_0 compute shader, one lane
 *     per thread, results stored to a structured UAV buffer;
 *   - sample, sample_b, sample_c (implicit derivatives): a ps_5_0 pixel shader; lanes 4q..4q+3 are
 *     drawn as the 2x2 quad q (D3D layout: 0 TL, 1 TR, 2 BL, 3 BR), so the derivatives are the
 *     hardware's quad derivatives; results go to an R32G32B32A32_FLOAT render target.
 * Real resources: a texture of the batch's format, dimension, levels and layers with the surface's
 * bytes; a sampler descriptor with the batch's filter, address modes, border colour, comparison
 * function and LOD bias/min/max; a root signature serialized with D3D12SerializeRootSignature;
 * pipelines cached per shader. docs/oracle-d3d12.md has the mapping table and the findings.
 *
 * Nothing links against vkd3d: the libraries are dlopen()ed at sf_d3d12_open, which returns
 * SF_UNSUPPORTED with the reason when they or a Vulkan device are missing. */
#ifndef SAMPLEFUZZ_D3D12_H
#define SAMPLEFUZZ_D3D12_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/sampler.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Where a request stopped. Each stage after SF_D3D12_STAGE_RAN is its own finding class. */
typedef enum sf_d3d12_stage {
  SF_D3D12_STAGE_RAN = 0,        /* results are in out: judge them (sf_verify_sample) */
  SF_D3D12_STAGE_KNOWN,          /* a documented vkd3d 1.2 defect would abort the process or give
                                    invalid SPIR-V: detected before the call, not run (why names it) */
  SF_D3D12_STAGE_UNSUPPORTED,    /* not expressible in D3D12 SM5 (why says what and where) */
  SF_D3D12_STAGE_SHADER_REJECTED,/* vkd3d_shader_compile refused the DXBC we wrote */
  SF_D3D12_STAGE_SPIRV_INVALID,  /* the SPIR-V vkd3d-shader produced fails validation */
  SF_D3D12_STAGE_PIPELINE,       /* CreateComputePipelineState / CreateGraphicsPipelineState failed */
  SF_D3D12_STAGE_DEVICE_LOST,    /* GetDeviceRemovedReason != S_OK, or the fence never signalled */
  SF_D3D12_STAGE_API,            /* another D3D12 call failed (resource creation, map, ...) */
  SF_D3D12_STAGE_COUNT
} sf_d3d12_stage;

const char *sf_d3d12_stage_name(sf_d3d12_stage s);

/* SPIR-V validator hook: returns true when words[0..n) is valid; on false writes a message into
 * msg. The library itself does not link SPIRV-Tools (C++): a program that does passes its validator
 * here (tests/ext_d3d12.c uses SPIRV-Tools' spvValidate in-process). NULL: spirv-val from PATH is
 * run on a temporary file when found, else the SPIR-V is not validated (sf_d3d12_info says which). */
typedef bool (*sf_d3d12_spirv_validator)(const uint32_t *words, size_t n, char *msg, size_t cap, void *user);

typedef struct sf_d3d12_opts {
  sf_d3d12_spirv_validator validate;
  void *validate_user;
  bool no_spirv_val_tool;        /* do not fall back to running spirv-val */
} sf_d3d12_opts;

typedef struct sf_d3d12_info {
  char device[128];              /* the Vulkan physical device vkd3d chose, e.g. "llvmpipe (LLVM 15...)" */
  char validator[64];            /* "in-process (caller)", "spirv-val (process)" or "none" */
} sf_d3d12_info;

typedef struct sf_d3d12 sf_d3d12;

/* Loads vkd3d and creates a device (feature level 11_0) with its queue, allocators, command lists,
 * fence and descriptor heaps, all reused across requests. opts may be NULL. SF_UNSUPPORTED with the
 * reason ("libvkd3d-utils.so.1 not found: ...", "no Vulkan device: D3D12CreateDevice hr=...") when
 * the stack is unavailable. One sf_d3d12 per thread. */
sf_code sf_d3d12_open(sf_d3d12 **out, const sf_d3d12_opts *opts, sf_status *st);
void sf_d3d12_close(sf_d3d12 *d);
const sf_d3d12_info *sf_d3d12_get_info(const sf_d3d12 *d);

/* One request: a batch and the D3D op that consumes it (SF_D3D_SAMPLE .. SF_D3D_SAMPLE_B).
 * The batch's fields are read as the reference executor fills them (oracles/sampler/exec.c):
 * u, v, r, ai coordinates (array layer in v for 1D arrays, r for 2D arrays, ai for cube arrays),
 * lod_or_bias (sample_l LOD, sample_b bias), ref (sample_c*), dudx.. (sample_d), offsets (must be the
 * same on every enabled lane: they are the instruction's aoffimmi). Implicit ops (sample, sample_b,
 * sample_c) need n to be a multiple of 4: each group of 4 lanes is one quad. */
typedef struct sf_d3d12_req {
  uint8_t op;                    /* sf_d3d_op */
  const sf_sample_batch *batch;
} sf_d3d12_req;

typedef struct sf_d3d12_result {
  sf_d3d12_stage stage;
  char why[320];                 /* stage != RAN: what happened (vkd3d's messages, HRESULTs, ...) */
  sf_sample_out out;             /* stage == RAN: per lane, the shader's RGBA (compare: R replicated) */
  float dx[3][SF_MAX_LANES], dy[3][SF_MAX_LANES];  /* implicit ops: deriv_rtx/rty_coarse of (u,v,r) */
  bool derivs;                   /* dx/dy were read back (implicit ops) */
} sf_d3d12_result;

/* Runs n requests (one command-list submission each; texture, buffers and sampler are made per
 * request, shaders and pipelines are cached per op / dimension / offsets) and fills res[i] for each. Returns SF_OK when every request reached a stage (findings are stages, not errors);
 * an error only for bad arguments, allocation failure or a lost device that cannot be recreated. */
sf_code sf_d3d12_run(sf_d3d12 *d, const sf_d3d12_req *reqs, size_t n, sf_d3d12_result *res, sf_status *st);

/* Whether op + batch would run (no GPU work): STAGE_RAN, or KNOWN/UNSUPPORTED with why. */
sf_d3d12_stage sf_d3d12_classify(const sf_d3d12_req *req, char *why, size_t n);

/* Counters since open. */
typedef struct sf_d3d12_stats {
  uint64_t requests, by_stage[SF_D3D12_STAGE_COUNT];
  uint64_t shaders_compiled, pipelines_created, submissions;
} sf_d3d12_stats;
void sf_d3d12_get_stats(const sf_d3d12 *d, sf_d3d12_stats *s);

/* Registers "d3d12-vkd3d" as a backend ABI v2 provider (include/samplefuzz/backend.h,
 * oracles/impl/d3d12_backend.c): sf_backend_open("d3d12-vkd3d") then opens this backend. Batches map
 * to SM5 ops as that file documents; what SM5 or vkd3d 1.2 cannot run is SF_UNSUPPORTED. */
void sf_d3d12_backends_register(void);

#ifdef __cplusplus
}
#endif
#endif
