/* samplefuzz/case.h — the structured fuzz case of sample_diff_fuzzer and pipeline_fuzzer
 * (docs/fuzzing.md, §6 "Input header").
 *
 * Layout, version 2 (little-endian; version 1 differs in two places, below):
 *   header   24 bytes, fixed: version, family, flags, surface (type, format, size, levels), sampler
 *            state (filters, address modes, compare op, LOD bias/min/max), dispatch mask, border
 *            colour, AVS flags and tables. Every field is folded into range (Zydis style), never
 *            rejected.
 *   pattern  64 bytes: texel bytes; each 64-byte block of the surface is the pattern rotated by a
 *            whole number of texels (version 1: copied cyclically, so rows and layers whose pitch
 *            is a multiple of 64 bytes were all alike).
 *   palette  16 x 5 bytes: operand values (a class byte, then 4 bytes: raw float32 bits, a value in
 *            [-0.5, 1.5), a texel-grid value, or a special value); variables and registers are filled
 *            from it cyclically, so a whole machine state costs 80 bytes.
 *   gen      the rest (at most SF_CASE_MAX_GEN bytes): fed to sf_gen_inst (SF_GEN_VALID) for the
 *            instruction.
 * Missing bytes read as zeros, so every input is a case. The bytes consumed never depend on the CPU
 * or on which backends exist: the whole case is read before anything runs. Caps (16x16 texels per
 * level, 2 layers, 4 slices) keep one execution far below a millisecond.
 * Version byte: 2 is this layout; 1 is read as layout 1 (the cyclic fill, byte 23's bits 2-3
 * ignored: the AVS tables stay nearest), so the reproducers written before keep their meaning; any
 * other value is read as the newest layout (so mutated inputs stay usable). Writers write the layout
 * the case was read as. Bump the version and keep a reader for the old one when the layout changes. */
#ifndef SAMPLEFUZZ_CASE_H
#define SAMPLEFUZZ_CASE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/inst.h"
#include "samplefuzz/sampler.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SF_CASE_VERSION 2u
#define SF_CASE_HEADER_SIZE 24u
#define SF_CASE_PATTERN_SIZE 64u
#define SF_CASE_PALETTE 16u
#define SF_CASE_PALETTE_SIZE (SF_CASE_PALETTE * 5u)
#define SF_CASE_FIXED_SIZE (SF_CASE_HEADER_SIZE + SF_CASE_PATTERN_SIZE + SF_CASE_PALETTE_SIZE)
#define SF_CASE_MAX_GEN 512u
#define SF_CASE_MAX_SIZE (SF_CASE_FIXED_SIZE + SF_CASE_MAX_GEN)
#define SF_CASE_MAX_DIM 16u
/* Width and height byte values from SF_CASE_WIDE_BYTE up give the wide sizes 18, 20, ..., 48 (even, as NV12 needs)
 * (SF_CASE_WIDE_MIN + SF_CASE_WIDE_STEP * (byte - SF_CASE_WIDE_BYTE)): a row that spans the SIMD
 * paths' 16-texel segments at an offset, which no width up to 16 reaches. */
#define SF_CASE_WIDE_BYTE 0xF0u
#define SF_CASE_WIDE_MIN 18u
#define SF_CASE_WIDE_STEP 2u
#define SF_CASE_MAX_LAYERS 2u
#define SF_CASE_MAX_DEPTH 4u

enum {
  SF_CASE_F_CONSTANT = 1u << 0,   /* every texel equals the pattern's first texel */
  SF_CASE_F_NULL_TILE = 1u << 1,  /* one tile of level 0, slice 0 is a null page (sf_case_null_tile) */
  SF_CASE_F_GRF64 = 1u << 2,     /* layout 2: the state's GRFs are 64 bytes (32 otherwise) */
  SF_CASE_F_MASK = 0x7u,
  SF_CASE_F_MASK_V1 = 0x3u        /* the flags layout 1 reads */
};
/* Byte 23: bit 0 AVS output shuffle, bit 1 8-tap filter for all channels, bits 2-3 the AVS
 * coefficient tables (0 nearest, 1 bilinear, 2 Catmull-Rom, 3 pseudo-random from the pattern). */
#define SF_CASE_AVS_MASK 0xFu

/* Palette classes (the class byte modulo 4). */
enum { SF_CASE_PAL_RAW = 0, SF_CASE_PAL_UNIT = 1, SF_CASE_PAL_GRID = 2, SF_CASE_PAL_SPECIAL = 3 };

typedef struct sf_case {
  uint8_t version;                 /* as stored (informational) */
  uint8_t layout;                  /* the layout it was read as: 1, or SF_CASE_VERSION (0 writes as the newest) */
  sf_family family;                /* SF_FAMILY_SAMPLE_UNORM .. SF_FAMILY_D3D */
  uint8_t flags;                   /* SF_CASE_F_* */
  sf_surface_desc surf;            /* folded: always creatable */
  sf_sampler samp;                 /* folded: always passes sf_sampler_check */
  uint32_t dmask;
  uint8_t border_code;             /* 2 bits per channel: 0, 1, 0.5, -1 */
  uint8_t avs_flags;               /* SF_CASE_AVS_MASK: shuffle, 8-tap for all, coefficient tables */
  uint8_t pattern[SF_CASE_PATTERN_SIZE];
  uint8_t pal_class[SF_CASE_PALETTE];
  uint32_t pal_raw[SF_CASE_PALETTE];
  uint32_t palette[SF_CASE_PALETTE];  /* the float32 bits each entry decodes to */
  uint8_t gen[SF_CASE_MAX_GEN];
  size_t gen_len;
  sf_inst inst;                    /* sf_gen_inst(gen, family, SF_GEN_VALID) */
} sf_case;

/* Reads a case from any bytes (never fails on content; SF_ERR_INVALID only for NULL arguments).
 * Bytes past SF_CASE_MAX_SIZE are ignored. */
sf_code sf_case_read(const uint8_t *data, size_t len, sf_case *out, sf_status *st);
/* Writes c so that sf_case_read gives it back (header fields as their folded values, the palette
 * with its classes, the generator bytes). out receives SF_CASE_FIXED_SIZE + c->gen_len bytes. */
sf_code sf_case_write(const sf_case *c, uint8_t *out, size_t cap, size_t *len, sf_status *st);
/* One line: "family op surface-type format WxHxD levels filters addr ...". */
const char *sf_case_describe(const sf_case *c, char *buf, size_t n);

/* A runnable environment: the surface, the sampler and a machine state with the generator's
 * declaration set (variables V32.. filled from the palette, D3D registers likewise). The surface and
 * sampler slots the instruction names are bound to the surface and the sampler; in layout 2 every
 * other slot is bound to the decoys, in layout 1 to the surface and the sampler as well. */
typedef struct sf_case_env {
  sf_surface *surface;
  sf_sampler sampler;
  sf_state state;
  /* Layout 2: every slot the instruction does not name is bound to these instead: a surface of the
   * same description holding the complemented pattern, and a sampler with other address modes,
   * border colours, filters and AVS tables. An executor that resolves the wrong slot then reads other
   * values (layout 1 bound the case's surface and sampler everywhere, so it could not). */
  sf_surface *decoy;
  sf_sampler decoy_sampler;
} sf_case_env;

sf_code sf_case_env_build(const sf_case *c, sf_case_env *env, sf_status *st);
/* The tile (in tiles) that SF_CASE_F_NULL_TILE makes a null page on level 0, slice 0 of s (the
 * case's surface): (0, 0), or, when bit 7 of pattern byte SF_CASE_NULL_TILE_BYTE is set, tile
 * (bits 0-2, bits 3-5) taken modulo the level's tiles, so null pages also lie away from the edges. */
#define SF_CASE_NULL_TILE_BYTE 50u
void sf_case_null_tile(const sf_case *c, const sf_surface *s, unsigned *tx, unsigned *ty);
/* Fills s (the case's surface, or a surface of the case's format) from the case's texel pattern:
 * with SF_CASE_F_CONSTANT its first texel everywhere; in layout 1 the pattern copied cyclically; in
 * layout 2 each 64-byte block is the pattern rotated by a whole number of texels (docs/fuzzing.md). */
void sf_case_fill(const sf_case *c, sf_surface *s);
/* A deep copy of env->state's variables into dst (bindings shared), for running one backend each. */
sf_code sf_case_state_clone(const sf_case_env *env, sf_state *dst, sf_status *st);
void sf_case_env_free(sf_case_env *env);

#ifdef __cplusplus
}
#endif
#endif
