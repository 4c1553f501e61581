/* samplefuzz/gen.h — the fuzz-data provider (sf_fdp) and the instruction generator (sf_gen_inst).
 *
 * sf_fdp turns an arbitrary byte span into integers, booleans, floats and enum values. It follows
 * docs/fuzzing.md (Zydis ZYDIS_SANITIZE_ENUM, simdjson FuzzData): every input is
 * usable — bytes are folded into range by modulo, never rejected — and once the bytes run out every
 * read yields zero bytes. How many bytes a call consumes depends only on the call and its
 * arguments (never on the byte values, the CPU or the build), so a corpus keeps its meaning.
 *
 * sf_gen_inst draws one instruction of a family (vISA SAMPLE_UNORM / 3D_SAMPLE / AVS, D3D sample*)
 * from an sf_fdp. In SF_GEN_VALID mode the result satisfies sf_inst_validate() and refers only to
 * the fixed declaration set below (so a kernel built with sf_gen_kernel_decls() declares every
 * variable, sampler, surface, predicate and address it uses); otherwise any instruction the model
 * can represent and the binary codec can encode is drawn (for codec fuzzing). */
#ifndef SAMPLEFUZZ_GEN_H
#define SAMPLEFUZZ_GEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/inst.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Fuzz-data provider ------------------------------------------------------------------------ */

typedef struct sf_fdp {
  const uint8_t *data;
  size_t len;
  size_t pos;        /* bytes consumed so far, capped at len */
  size_t overrun;    /* bytes requested after the end (served as zeros) */
} sf_fdp;

void sf_fdp_init(sf_fdp *f, const void *data, size_t len);
/* Bytes not yet consumed. */
size_t sf_fdp_left(const sf_fdp *f);
/* True once a read went past the end (its missing bytes were served as zeros). */
bool sf_fdp_exhausted(const sf_fdp *f);

/* Little-endian fixed-width reads: consume exactly 1, 2, 4, 8 bytes. */
uint8_t sf_fdp_u8(sf_fdp *f);
uint16_t sf_fdp_u16(sf_fdp *f);
uint32_t sf_fdp_u32(sf_fdp *f);
uint64_t sf_fdp_u64(sf_fdp *f);
/* One byte; its low bit. */
bool sf_fdp_bool(sf_fdp *f);
/* One byte; true with probability about num/256 (num 0 -> never, 256 -> always). */
bool sf_fdp_chance(sf_fdp *f, unsigned num);

/* A value in [lo, hi] (lo > hi is treated as lo == hi). Consumes 1 byte if hi-lo < 2^8, 2 if
 * < 2^16, 4 if < 2^32, else 8, and folds the raw value by modulo. */
uint64_t sf_fdp_range_u64(sf_fdp *f, uint64_t lo, uint64_t hi);
uint32_t sf_fdp_range(sf_fdp *f, uint32_t lo, uint32_t hi);
int64_t sf_fdp_range_i64(sf_fdp *f, int64_t lo, int64_t hi);
/* An index in [0, n); n == 0 gives 0 and consumes 1 byte all the same. */
unsigned sf_fdp_pick(sf_fdp *f, unsigned n);
/* One of vals[0..n) (n == 0 -> 0). */
uint8_t sf_fdp_pick_u8(sf_fdp *f, const uint8_t *vals, size_t n);
uint32_t sf_fdp_pick_u32(sf_fdp *f, const uint32_t *vals, size_t n);
#define SF_FDP_PICK(f, arr) sf_fdp_pick_u8((f), (arr), sizeof(arr) / sizeof((arr)[0]))

/* A float32 bit pattern: always consumes 5 bytes (a class byte, then 4 payload bytes). Classes:
 * +-0, +-1, +-inf, quiet and signalling NaNs, denormals, the smallest/largest normals, small
 * integers, values in [0,1) with 8-bit fraction, and raw 32-bit patterns. */
uint32_t sf_fdp_f32_bits(sf_fdp *f);
float sf_fdp_f32(sf_fdp *f);
/* A float32 in [lo, hi] from 4 bytes (a 24-bit fraction); lo and hi must be finite (NaN ends give lo). */
float sf_fdp_f32_in(sf_fdp *f, float lo, float hi);
/* A half-float bit pattern: consumes 3 bytes (class byte, 2 payload bytes), same classes. */
uint16_t sf_fdp_f16_bits(sf_fdp *f);
/* A float64 bit pattern: consumes 9 bytes (class byte, 8 payload bytes), same classes. */
uint64_t sf_fdp_f64_bits(sf_fdp *f);

/* Copies n bytes into out (zeros past the end). */
void sf_fdp_bytes(sf_fdp *f, void *out, size_t n);
/* The remaining bytes, without copying; consumes them all. */
const uint8_t *sf_fdp_rest(sf_fdp *f, size_t *n);

/* ---- The fixed declaration set of SF_GEN_VALID instructions ------------------------------------ */

/* General variables V32.. in this order; each is named "V<id>" so that names printed with and
 * without a kernel coincide. Samplers are S0..S(n-1) named "S<i>", user surfaces T6.. named "T<i>",
 * predicates P1.. named "P<i>", addresses A0.. named "A<i>". */
typedef struct sf_gen_var {
  uint32_t id;        /* 32, 33, ... */
  uint8_t type;       /* sf_vtype */
  uint16_t num_elts;
  uint8_t align;      /* vISA align code as in var_info bits 4-7 (0 byte .. 5 GRF) */
  const char *role;   /* what the generator uses it for */
  bool on_demand;     /* a case's state declares it only when its instruction writes it (the 3D_SAMPLE
                         destinations of the rarer types: each case copies its variables several times) */
} sf_gen_var;

extern const sf_gen_var sf_gen_vars[];
extern const size_t sf_gen_var_count;

#define SF_GEN_NUM_SAMPLERS 4u   /* S0..S3 */
#define SF_GEN_NUM_SURFACES 4u   /* T6..T9 */
#define SF_GEN_NUM_PREDS    3u   /* P1..P3, 16 elements each */
#define SF_GEN_NUM_ADDRS    2u   /* A0..A1, 1 element each */
#define SF_GEN_GRF_BYTES    32u  /* raw operands are GRF-aligned for 32-byte GRFs (IGC verifier) */

struct sf_visa_kernel;
/* Adds the declaration set to k (a kernel freshly made by sf_visa_kernel_init): the variables of
 * sf_gen_vars, then samplers, surfaces, predicates and addresses, in that order. */
sf_code sf_gen_kernel_decls(struct sf_visa_kernel *k, sf_status *st);

/* Generic vISA instructions (harness/gen/gen_visa_generic.c): adds to k, a kernel with no generic
 * instructions and no labels yet, its own declarations (six general variables gv_a..gv_f, two
 * predicates gv_p, gv_q, up to three labels gv_L0..) and 1..max_gens (at most
 * SF_GEN_VISA_MAX_GENS; 0: none) instructions drawn from every opcode row that has a text form,
 * interleaved with k's sampler instructions and rets. What it draws has a binary and a text form:
 * the text rules for labels hold (ids by first appearance, each label used, kind 1 for a
 * subroutine's). SF_ERR_INVALID for a kernel that already has generic instructions or labels. */
#define SF_GEN_VISA_MAX_GENS 64u
sf_code sf_gen_visa_generic(sf_fdp *f, struct sf_visa_kernel *k, unsigned max_gens, sf_status *st);
/* The same with flags: SF_GEN_VISA_PLAIN draws vector operands only as GenX_IR 12504's printer
 * writes them without loss (region codes of real strides, a destination with its stride alone,
 * source modifiers only on general sources, immediates of a named type that fit it), so that its
 * disassembly can be compared with ours line for line (tests/ext_genx_ir_generic.c). */
#define SF_GEN_VISA_PLAIN 1u
sf_code sf_gen_visa_generic_ex(sf_fdp *f, struct sf_visa_kernel *k, unsigned max_gens, unsigned flags, sf_status *st);
/* The callee names sf_gen_visa_generic's fcall instructions use (6 bytes each), which are also the
 * names of the vISA functions sf_gen_isa_file adds to a file now and then. */
#define SF_GEN_VISA_CALLEE0 "sf_fn0"
#define SF_GEN_VISA_CALLEE1 "sf_fn1"
/* Whether sf_gen_visa_generic can draw opcode op (for coverage counts in tests). */
bool sf_gen_visa_generic_row(uint8_t op);

/* A whole .isa file (harness/gen/gen_isa_file.c): one or two kernels with the declaration set
 * above, by turns extra declarations, aliases, inputs, an attribute and rets, 0-4 sampler
 * instructions and, in the first kernel, generic instructions. Valid: sf_isa_write writes it and
 * sf_isa_read reads back the same instructions. Flags: */
enum {
  SF_GEN_ISA_ANY_INST = 1u << 0, /* sampler instructions need not pass sf_inst_validate (seed files) */
  SF_GEN_ISA_CUT12504 = 1u << 1  /* every kernel in IGC 1.0.12504's cut-short form (docs/visa-binary.md
                                    §6.2): generic instructions only, ending in a ret */
};
struct sf_isa_file;
/* out is zeroed first and holds nothing to free on error (sf_isa_free releases it). */
sf_code sf_gen_isa_file(sf_fdp *f, unsigned flags, struct sf_isa_file *out, sf_status *st);

/* ---- The instruction generator ----------------------------------------------------------------- */

enum {
  SF_GEN_VALID = 1u << 0,  /* only instructions sf_inst_validate accepts, using the declarations above */
  SF_GEN_RAW = 1u << 1,    /* keep don't-care bits as drawn (default: sf_inst_canonicalize the result) */
  /* With SF_GEN_VALID: only forms the reference sampler executes, so that a sampler fuzz target
   * spends its inputs on execution: no indirect vISA operands (an immediate instead), D3D register
   * indices inside the executor's register file (sampler.h SF_D3D_MAX_*) and no relative indices. The
   * codec targets keep the full valid set. */
  SF_GEN_EXEC = 1u << 2,
};

/* Draws one instruction. family SF_FAMILY_NONE lets the bytes choose the family. Never fails:
 * returns SF_OK (bytes running out just give zeros, i.e. the simplest instruction). Returns
 * SF_ERR_INVALID only for a family value outside sf_family. */
sf_code sf_gen_inst(sf_fdp *f, sf_family family, unsigned flags, sf_inst *out);

#ifdef __cplusplus
}
#endif
#endif
