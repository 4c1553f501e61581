/* samplefuzz/backend.h — backend ABI v2: how an implementation under test (a driver's sampler, a
 * software rasterizer, an emulator) plugs into samplefuzz, and how samplefuzz finds backends.
 * docs/backends.md is the guide ("Test your sampler in five minutes"); this header is the contract.
 *
 * Sections:
 *   1. Capabilities   what the backend implements; a case outside them is skipped and counted,
 *                     never a finding.
 *   2. Precision      the backend's declared precision; it parametrizes the spec-tolerance verifier
 *                     (include/samplefuzz/external.h, docs/precision-model.md) that judges it.
 *   3. The v2 table   a versioned struct: size + ABI version (checked on load), name and version
 *                     strings, instance creation, the capability and precision queries, and batched
 *                     sample calls over the sf_sample_batch requests of samplefuzz/sampler.h.
 *   4. Loading        sf_backend_load (one shared object) and the registry sf_backend_open
 *                     (built-ins by name, plug-ins by path), with an error message for every
 *                     refusal; the handle's v1 view lets the executor (sf_exec) run on any backend.
 *
 * A plug-in is a shared object exporting `const sf_backend_v2 *sf_backend_v2_plugin(void)`
 * (SF_BACKEND_V2_SYMBOL). Old v1 plug-ins (`const sf_backend *sf_backend_plugin(void)`, the bare table
 * of sampler.h) still load through an adapter: every sample-family capability, spec-minimum
 * precision, no instance; docs/backends.md "v1 plug-ins". */
#ifndef SAMPLEFUZZ_BACKEND_H
#define SAMPLEFUZZ_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/sampler.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SF_BACKEND_ABI_VERSION 2u
#define SF_BACKEND_V2_SYMBOL "sf_backend_v2_plugin"   /* const sf_backend_v2 *sf_backend_v2_plugin(void) */

/* ---- 1. Capabilities ------------------------------------------------------------------------- */

/* Request families (bit per family in sf_backend_caps.families). */
enum {
  SF_BCAP_FAM_SAMPLE = 1u << 0,   /* sf_sample_batch (3D_SAMPLE and the D3D sample* ops) */
  SF_BCAP_FAM_UNORM = 1u << 1,    /* SAMPLE_UNORM 8x4 blocks (sf_unorm_req) */
  SF_BCAP_FAM_AVS = 1u << 2       /* AVS blocks (sf_avs_req) */
};

/* Request operations of the sample family (bit per op in sf_backend_caps.ops). A batch needs the
 * bit of its lod_mode, plus COMPARE when compare is set, LOD_QUERY when lod_query is set, OFFSETS
 * when any enabled lane has a non-zero texel offset. */
enum {
  SF_BCAP_OP_GRAD = 1u << 0,       /* SF_LOD_GRAD: LOD from the gradients (sample, sample_d) */
  SF_BCAP_OP_GRAD_BIAS = 1u << 1,  /* SF_LOD_GRAD_BIAS (sample_b) */
  SF_BCAP_OP_EXPLICIT = 1u << 2,   /* SF_LOD_EXPLICIT (sample_l) */
  SF_BCAP_OP_ZERO = 1u << 3,       /* SF_LOD_ZERO (sample_lz) */
  SF_BCAP_OP_COMPARE = 1u << 4,    /* PCF with ref[] */
  SF_BCAP_OP_LOD_QUERY = 1u << 5,  /* the LOD op */
  SF_BCAP_OP_OFFSETS = 1u << 6,    /* non-zero off_u/off_v/off_r */
  SF_BCAP_OP_ALL = 0x7fu
};

/* Filters (bit per value in sf_backend_caps.filters): a batch needs its min, mag and mip filter. */
enum {
  SF_BCAP_FILTER_POINT = 1u << 0,  /* min/mag point */
  SF_BCAP_FILTER_LINEAR = 1u << 1, /* min/mag linear */
  SF_BCAP_MIP_NONE = 1u << 2,
  SF_BCAP_MIP_POINT = 1u << 3,
  SF_BCAP_MIP_LINEAR = 1u << 4,
  SF_BCAP_FILTER_ALL = 0x1fu
};

typedef struct sf_backend_caps {
  uint32_t families;       /* SF_BCAP_FAM_* */
  uint32_t ops;            /* SF_BCAP_OP_* */
  uint32_t surf_types;     /* bit (1u << sf_surf_type) per supported surface type */
  uint64_t formats;        /* bit (1ull << sf_format) per supported format */
  uint32_t filters;        /* SF_BCAP_FILTER_* / SF_BCAP_MIP_* */
  uint32_t addr_modes;     /* bit (1u << sf_addr) per supported address mode (all three axes) */
  uint32_t max_levels;     /* surfaces with more mip levels are skipped; 0 = no limit */
} sf_backend_caps;

/* Everything samplefuzz's reference implements in the sample family. */
void sf_backend_caps_all(sf_backend_caps *c);
/* Whether batch b is inside caps; when not, why (may be NULL) names the first missing capability
 * ("format r16f", "op compare", "address mode mirror", ...). */
bool sf_backend_caps_allow(const sf_backend_caps *c, const sf_sample_batch *b, char *why, size_t n);

/* ---- 2. Precision ----------------------------------------------------------------------------- */

/* Cube-corner policy: how the texel missing at a cube corner (seamless filtering) is made. Every
 * listed policy is inside the verifier's tolerance (the hull of the three real neighbours,
 * docs/precision-model.md); the field documents the implementation and selects the quirk bit. */
typedef enum sf_cube_corner {
  SF_CUBE_CORNER_SPEC = 0,     /* any value in the neighbours' hull (the D3D/VK rule) */
  SF_CUBE_CORNER_AVERAGE,      /* average of the three neighbours */
  SF_CUBE_CORNER_CLAMP         /* clamped to the face (SF_QUIRK_CUBE_CORNER_CLAMP) */
} sf_cube_corner;

/* The precision the backend claims. Zero in any field means the D3D11.3 minimum (the verifier's
 * spec parameters: 8 sub-texel bits, 8 LOD bits, 1 LSB for fixed-point classes, 2^-20 relative for
 * float), so a zeroed struct is "spec minima". Declared values are honoured both ways (more bits
 * tighten the verifier, fewer loosen it): findings are relative to what the backend claims, and
 * `samplefuzz backends` flags a claim below the D3D11.3 minimum. */
typedef struct sf_backend_precision {
  uint8_t subtexel_bits;       /* fraction bits of texel coordinates (>= 8 in D3D11.3) */
  uint8_t lod_bits;            /* fraction bits of the computed LOD */
  uint8_t mip_blend_bits;      /* fraction bits of the linear-mip blend weight (taken as
                                  min(lod_bits, mip_blend_bits): the verifier's LOD interval) */
  uint8_t cube_corner;         /* sf_cube_corner */
  float color_ulp[8];          /* filtering threshold per sf_fmt_class, in LSBs of the format
                                  (UNORM, SRGB, SNORM: LSB of the channel; FLOAT/DEPTH: unused) */
  float float_rel;             /* float/depth formats: relative threshold (times max |texel|) */
  uint32_t quirks;             /* SF_QUIRK_* (external.h) the implementation is known to have */
} sf_backend_precision;

/* ---- 3. The v2 table -------------------------------------------------------------------------- */

/* Every call gets the instance pointer made by create (NULL when create is NULL). Every call
 * returns SF_OK or an error with a message in st; SF_UNSUPPORTED means "not implemented here" and
 * the case is skipped and counted, never a finding. Calls may come from several threads only
 * when the backend sets thread_safe; otherwise samplefuzz serializes them per instance. */
typedef struct sf_backend_v2 {
  uint32_t struct_size;        /* sizeof(sf_backend_v2) as the plug-in was built: checked on load */
  uint32_t abi_version;        /* SF_BACKEND_ABI_VERSION: checked on load */
  const char *name;            /* short name, [A-Za-z0-9_.+-], used in finding signatures */
  const char *version;         /* free text, e.g. "1.2.0 (mesa 23.1)" */
  bool thread_safe;

  /* Optional. Makes an instance (contexts, JIT caches). An error refuses the load with st's
   * message. */
  sf_code (*create)(void **inst, sf_status *st);
  /* Optional. Frees what create made. */
  void (*destroy)(void *inst);
  /* Mandatory. Fills caps (zeroed by the caller). */
  sf_code (*query_caps)(void *inst, sf_backend_caps *caps, sf_status *st);
  /* Optional (NULL: spec minima). Fills p (zeroed by the caller). */
  sf_code (*query_precision)(void *inst, sf_backend_precision *p, sf_status *st);
  /* Mandatory. Samples n batches (requests inside the declared caps, already validated against
   * samplefuzz's caps: sf_sample_check) into outs[0..n-1] (zeroed by the caller). Lanes whose bit is
   * clear in lanes must be left 0. Results as sf_sample_out: float bits per channel (compare: the
   * filtered comparison replicated in RGBA; LOD query: R clamped LOD, G unclamped biased LOD);
   * null_mask: set the lane's bit unless a null page (sf_surface.null_map) fed it. The verifier
   * does not model null pages: lanes with the bit clear on either side are not judged. */
  sf_code (*sample)(void *inst, const sf_sample_batch *reqs, size_t n, sf_sample_out *outs, sf_status *st);
  /* Optional (families UNORM / AVS). */
  sf_code (*sample_unorm)(void *inst, const sf_unorm_req *req, sf_unorm_out *out, sf_status *st);
  sf_code (*avs)(void *inst, const sf_avs_req *req, sf_avs_out *out, sf_status *st);
} sf_backend_v2;

/* ---- 4. Loading and the registry ------------------------------------------------------------------ */

typedef struct sf_backend_handle sf_backend_handle;

/* Loads one plug-in shared object. Checks, each with its own message in st (SF_ERR_INVALID unless
 * said): path is a regular readable file (SF_ERR_IO); it starts with the ELF magic and is an ET_DYN
 * object; dlopen succeeds; it exports SF_BACKEND_V2_SYMBOL (or the v1 SF_BACKEND_PLUGIN_SYMBOL,
 * loaded through the adapter); the table's abi_version is SF_BACKEND_ABI_VERSION; its struct_size is
 * between the ABI-2 minimum and sizeof(sf_backend_v2); name, query_caps and sample are set; create
 * (if any) and query_caps succeed. On error *out is NULL and nothing stays loaded. */
sf_code sf_backend_load(const char *path, sf_backend_handle **out, sf_status *st);

/* The registry: spec is a built-in name (scalar, sse2, avx2, avx512, and the providers': llvmpipe,
 * softpipe once registered) or a path (anything containing '/' or ending in ".so"). Unknown names
 * and unavailable built-ins give SF_UNSUPPORTED with the reason ("avx512: not supported by this
 * CPU", "llvmpipe: unavailable: libEGL.so.1 not found"). */
sf_code sf_backend_open(const char *spec, sf_backend_handle **out, sf_status *st);
void sf_backend_close(sf_backend_handle *h);

/* A provider of named built-in backends that live above this layer (Mesa in oracles/impl): the
 * program and the fuzz entry register them at start-up (sf_mesa_backends_register). */
typedef struct sf_backend_provider {
  const char *name;
  /* Opens the backend (may fail with the reason, SF_UNSUPPORTED when unavailable). */
  sf_code (*open)(sf_backend_handle **out, sf_status *st);
} sf_backend_provider;
/* Adds a provider (at most 8; a second one with the same name is ignored). Thread-safe. */
void sf_backend_provider_add(const sf_backend_provider *p);

/* Wraps a table already in memory (built-ins, providers, tests) as a handle, with the same checks as
 * sf_backend_load after the symbol lookup. origin is shown by sf_backend_origin ("built-in"). */
sf_code sf_backend_wrap(const sf_backend_v2 *t, const char *origin, sf_backend_handle **out, sf_status *st);

/* Names of the built-ins and registered providers, in listing order; returns the count. */
unsigned sf_backend_builtin_names(const char **out, unsigned max);

const char *sf_backend_name(const sf_backend_handle *h);
const char *sf_backend_version(const sf_backend_handle *h);
const char *sf_backend_origin(const sf_backend_handle *h);   /* "built-in", "plug-in v2 PATH", ... */
const sf_backend_caps *sf_backend_get_caps(const sf_backend_handle *h);
const sf_backend_precision *sf_backend_get_precision(const sf_backend_handle *h);
/* The handle's reference-backend (v1) view for the executor (sf_exec, sf_textcase_run): its sample
 * entry calls the handle's batches one at a time; SAMPLE_UNORM / AVS go to the handle's entries or
 * give SF_UNSUPPORTED. Built-in reference backends and v1 plug-ins return their own table. At most
 * 16 v2 handles have a view at once (NULL past that). */
const sf_backend *sf_backend_v1_view(sf_backend_handle *h);

/* Samples n batches through the handle (serialized unless thread_safe). Checks each batch with
 * sf_sample_check first, zeroes outs. */
sf_code sf_backend_sample(sf_backend_handle *h, const sf_sample_batch *reqs, size_t n, sf_sample_out *outs,
                          sf_status *st);

/* The verifier parameters for a precision profile on a surface of format fmt: the spec minima with
 * each declared field put in (oracles/verify/verify_backend.c). */
struct sf_verify_params;
void sf_backend_verify_params(const sf_backend_precision *p, unsigned fmt, struct sf_verify_params *out);

#ifdef __cplusplus
}
#endif
#endif
