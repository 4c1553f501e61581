/* samplefuzz/inst.h — the instruction model, sf_inst, shared by every codec, the executor and the
 * fuzzers ("one model, many views", docs/design.md).
 *
 * It holds every field of the four instruction families exactly as the binary forms store them,
 * so that decode -> encode is the identity on any input the decoders accept:
 *   - vISA SAMPLE_UNORM (0x41)   IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/SAMPLE_UNORM.md), docs/visa-binary.md
 *   - vISA 3D_SAMPLE   (0x6d)   IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/3D_SAMPLE.md),    docs/visa-binary.md
 *   - vISA AVS         (0x43)   IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/AVS.md),          docs/visa-binary.md
 *   - D3D SM4/SM5 sample family  Microsoft's "sample (sm4 - asm)" reference, docs/dxbc.md
 *
 * Bits that the real consumer (IGC's vISA reader) ignores are kept in *_hi fields so that nothing is
 * lost; sf_inst_canonicalize() clears them, and the table of these don't-care bits lives in one
 * place: sf_dont_care_bits[] in harness/visa/visa_model.c (and docs/model.md).
 *
 * Fields that only some operand classes use are zero in the others after decode/parse, and
 * sf_inst_canonicalize() zeroes them, so canonical instructions can be compared with memcmp-free
 * sf_inst_equal() and hashed field by field. */
#ifndef SAMPLEFUZZ_INST_H
#define SAMPLEFUZZ_INST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sf_family {
  SF_FAMILY_NONE = 0,
  SF_FAMILY_SAMPLE_UNORM, /* vISA 0x41 */
  SF_FAMILY_SAMPLE_3D,    /* vISA 0x6d */
  SF_FAMILY_AVS,          /* vISA 0x43 */
  SF_FAMILY_D3D           /* D3D SM4/SM5 sample, sample_b, sample_c, sample_c_lz, sample_l, sample_d */
} sf_family;

enum { SF_VISA_OP_SAMPLE_UNORM = 0x41, SF_VISA_OP_AVS = 0x43, SF_VISA_OP_3D_SAMPLE = 0x6d };

/* ---------------------------------------------------------------------------------------------- */
/* vISA operands (docs/visa-binary.md)                                                     */

/* Element types, the vISA type codes. */
typedef enum sf_vtype {
  SF_VT_UD = 0, SF_VT_D = 1, SF_VT_UW = 2, SF_VT_W = 3, SF_VT_UB = 4, SF_VT_B = 5, SF_VT_DF = 6,
  SF_VT_F = 7, SF_VT_V = 8, SF_VT_VF = 9, SF_VT_BOOL = 10, SF_VT_UQ = 11, SF_VT_UV = 12,
  SF_VT_Q = 13, SF_VT_HF = 14, SF_VT_BF = 15
} sf_vtype;

/* Vector-operand classes (tag byte bits 0-2). 4 (address-of) and 7 are not valid in a file. */
typedef enum sf_vcls {
  SF_VCLS_GENERAL = 0, SF_VCLS_ADDRESS = 1, SF_VCLS_PREDICATE = 2, SF_VCLS_INDIRECT = 3,
  SF_VCLS_ADDROF = 4, SF_VCLS_IMMEDIATE = 5, SF_VCLS_STATE = 6
} sf_vcls;

/* Source modifiers (tag byte bits 3-5). */
typedef enum sf_vmod {
  SF_VMOD_NONE = 0, SF_VMOD_ABS = 1, SF_VMOD_NEG = 2, SF_VMOD_NEGABS = 3, SF_VMOD_SAT = 4, SF_VMOD_NOT = 5
} sf_vmod;

/* Region word: each field is the stored 4-bit code (0 null, 1->0, 2->1, 3->2, 4->4, 5->8, 6->16,
 * 7->32; 8-15 invalid). hi = bits 12-15, which no reader interprets (kept, validated as reserved). */
typedef struct sf_region {
  uint8_t vstride, width, hstride, hi;
} sf_region;

/* A vector operand. Which fields are meaningful depends on cls:
 *   GENERAL   id (UD var id), row_off (UB, GRF rows), col_off (UB, elements), region
 *   ADDRESS   id (UW), addr_off (UB), width (UB, exec-size code)
 *   PREDICATE id (UW, the whole predicate word)
 *   INDIRECT  id (UW, address variable), addr_off (UB), imm_off (W, byte offset), type (UB), region
 *   IMMEDIATE type (UB), imm (UD, or UQ for DF/UQ/Q)
 *   STATE     state_cls (UB: 0 surface, 1 sampler), id (UW), addr_off (UB offset) */
typedef struct sf_vopnd {
  uint8_t cls;      /* sf_vcls, tag bits 0-2 */
  uint8_t mod;      /* sf_vmod, tag bits 3-5 */
  uint8_t tag_hi;   /* tag bits 6-7: reserved */
  uint8_t type;     /* INDIRECT/IMMEDIATE: the type byte as stored (low nibble = sf_vtype) */
  uint32_t id;
  uint8_t row_off, col_off;
  uint8_t addr_off;
  uint8_t width;
  uint8_t state_cls;
  int16_t imm_off;
  sf_region region;
  uint64_t imm;
} sf_vopnd;

/* Raw operand: a general variable and a byte offset (var id UD, offset UW). Id 0 is %null. */
typedef struct sf_raw {
  uint32_t id;
  uint16_t off;
} sf_raw;

/* The predicate word of 3D_SAMPLE (UW): bits 0-11 id (0 = none), bit 12 reserved, bits 13-14
 * control (0 none, 1 .any, 2 .all, 3 reserved), bit 15 invert. */
typedef struct sf_pred {
  uint16_t id;
  uint8_t rsvd;     /* bit 12 */
  uint8_t ctrl;
  bool invert;
} sf_pred;

/* ---------------------------------------------------------------------------------------------- */
/* vISA instructions                                                                               */

/* SAMPLE_UNORM output formats (channel byte bits 4-5; also AVS cntrl). */
typedef enum sf_unorm_fmt {
  SF_UNORM_16_FULL = 0, SF_UNORM_16_DOWNSAMPLED = 1, SF_UNORM_8_FULL = 2, SF_UNORM_8_DOWNSAMPLED = 3
} sf_unorm_fmt;

typedef struct sf_sample_unorm {
  uint8_t chan_mask;   /* channel byte bits 0-3: R = bit 0 ... A = bit 3 */
  uint8_t out_fmt;     /* bits 4-5: sf_unorm_fmt */
  uint8_t chan_hi;     /* bits 6-7: dropped by IGC's reader (don't care) */
  uint8_t sampler;     /* sampler table index; 31 = bindless S31 */
  uint8_t surface;     /* surface index; 0-5 predefined, user surfaces from 6 */
  sf_vopnd u, v, du, dv;
  sf_raw dst;
} sf_sample_unorm;

/* 3D_SAMPLE sub-ops (op word bits 0-7). */
typedef enum sf_s3d_op {
  SF_S3D_SAMPLE = 0x00, SF_S3D_SAMPLE_B = 0x01, SF_S3D_SAMPLE_L = 0x02, SF_S3D_SAMPLE_C = 0x03,
  SF_S3D_SAMPLE_D = 0x04, SF_S3D_SAMPLE_B_C = 0x05, SF_S3D_SAMPLE_L_C = 0x06, SF_S3D_LOD = 0x09,
  SF_S3D_SAMPLE_D_C = 0x14, SF_S3D_SAMPLE_LZ = 0x18, SF_S3D_SAMPLE_C_LZ = 0x19,
  SF_S3D_SAMPLE_PO = 0x20, SF_S3D_SAMPLE_PO_B = 0x21, SF_S3D_SAMPLE_PO_L = 0x22,
  SF_S3D_SAMPLE_PO_C = 0x23, SF_S3D_SAMPLE_PO_D = 0x24, SF_S3D_SAMPLE_PO_L_C = 0x26
} sf_s3d_op;

#define SF_S3D_MAX_PARAMS 15  /* NumParams valid range is [1,15]; IGC's reader asserts < 16 */

typedef struct sf_sample_3d {
  uint8_t op;          /* op word bits 0-7: sf_s3d_op (other values decode; validate flags them) */
  bool pixel_null_mask;/* bit 8 */
  bool cps;            /* bit 9: CPS LOD compensation */
  bool divs;           /* bit 10: non-uniform sampler state (IGC 12504 never writes it) */
  uint8_t op_hi;       /* bits 11-15: ignored by IGC's reader (don't care) */
  uint8_t exec_size;   /* exec byte bits 0-3: size code 0..5 -> 1,2,4,8,16,32 */
  uint8_t emask;       /* exec byte bits 4-7: 0-7 M1..M8, 8-15 M1_NM..M8_NM */
  sf_pred pred;
  uint8_t chan_mask;   /* channel byte bits 0-3 */
  uint8_t chan_hi;     /* bits 4-7: dropped by IGC's reader (don't care) */
  sf_vopnd aoffimmi;   /* a scalar UW: bits 0-3 R, 4-7 V, 8-11 U offsets (4-bit two's complement) */
  uint8_t sampler;
  uint8_t surface;
  sf_raw dst;
  uint8_t num_params;
  sf_raw params[SF_S3D_MAX_PARAMS];
} sf_sample_3d;

/* AVS output control (cntrl) and exec modes. */
typedef enum sf_avs_exec { SF_AVS_16x4 = 0, SF_AVS_8x4 = 1, SF_AVS_16x8 = 2, SF_AVS_4x4 = 3 } sf_avs_exec;

typedef struct sf_avs {
  uint8_t chan_mask;   /* bits 0-3 */
  uint8_t chan_hi;     /* bits 4-7: dropped by IGC's reader (don't care) */
  uint8_t sampler;
  uint8_t surface;
  sf_vopnd u_off, v_off, du, dv, u2d, group_id, vbn;
  uint8_t cntrl;       /* low nibble: sf_unorm_fmt values 0-3 */
  uint8_t cntrl_hi;    /* high nibble: IGC uses cntrl & 0xF (don't care) */
  sf_vopnd v2d;
  uint8_t exec_mode;   /* low nibble: sf_avs_exec */
  uint8_t exec_mode_hi;/* high nibble: IGC uses execMode & 0xF (don't care) */
  sf_vopnd ief_bypass;
  sf_raw dst;
} sf_avs;

/* ---------------------------------------------------------------------------------------------- */
/* D3D SM4/SM5 sample family (docs/dxbc.md)                                         */

typedef enum sf_d3d_op {
  SF_D3D_SAMPLE = 0x45, SF_D3D_SAMPLE_C = 0x46, SF_D3D_SAMPLE_C_LZ = 0x47, SF_D3D_SAMPLE_L = 0x48,
  SF_D3D_SAMPLE_D = 0x49, SF_D3D_SAMPLE_B = 0x4a
} sf_d3d_op;

/* Operand types ([19:12] of OperandToken0) used by the sample family. */
enum {
  SF_D3D_OT_TEMP = 0, SF_D3D_OT_INPUT = 1, SF_D3D_OT_OUTPUT = 2, SF_D3D_OT_INDEXABLE_TEMP = 3,
  SF_D3D_OT_IMM32 = 4, SF_D3D_OT_IMM64 = 5, SF_D3D_OT_SAMPLER = 6, SF_D3D_OT_RESOURCE = 7,
  SF_D3D_OT_CONSTANT_BUFFER = 8, SF_D3D_OT_IMM_CONSTANT_BUFFER = 9, SF_D3D_OT_NULL = 13
};
/* Component selection modes ([3:2]) and number-of-components codes ([1:0]). */
enum { SF_D3D_SEL_MASK = 0, SF_D3D_SEL_SWIZZLE = 1, SF_D3D_SEL_SELECT1 = 2 };
enum { SF_D3D_NC_0 = 0, SF_D3D_NC_1 = 1, SF_D3D_NC_4 = 2, SF_D3D_NC_N = 3 };
/* Index representations ([24:22], [27:25], [30:28]). */
enum { SF_D3D_IDX_IMM32 = 0, SF_D3D_IDX_IMM64 = 1, SF_D3D_IDX_REL = 2, SF_D3D_IDX_IMM32_REL = 3,
       SF_D3D_IDX_IMM64_REL = 4 };
/* Whether an index of representation rep has a relative register (REL, IMM32_REL, IMM64_REL). */
static inline bool sf_d3d_idx_rel(unsigned rep) {
  return rep == SF_D3D_IDX_REL || rep == SF_D3D_IDX_IMM32_REL || rep == SF_D3D_IDX_IMM64_REL;
}
/* Resource dimensions (RESOURCE_DIM extended token, dcl_resource). */
enum { SF_D3D_DIM_UNKNOWN = 0, SF_D3D_DIM_BUFFER = 1, SF_D3D_DIM_TEX1D = 2, SF_D3D_DIM_TEX2D = 3,
       SF_D3D_DIM_TEX2DMS = 4, SF_D3D_DIM_TEX3D = 5, SF_D3D_DIM_TEXCUBE = 6, SF_D3D_DIM_TEX1DARRAY = 7,
       SF_D3D_DIM_TEX2DARRAY = 8, SF_D3D_DIM_TEX2DMSARRAY = 9, SF_D3D_DIM_TEXCUBEARRAY = 10 };

/* The operand of a relative index (e.g. the r1.x in cb0[r1.x + 2]): a register with immediate
 * indices only. Deeper nesting is reported as SF_UNSUPPORTED by the decoder and parser. */
typedef struct sf_d3d_relop {
  uint8_t type;
  uint8_t num_comp;
  uint8_t sel_mode;
  uint8_t comp_bits;   /* OperandToken0 bits [11:4], interpreted by sel_mode */
  uint8_t index_dim;
  uint32_t index[2];   /* imm32 indices */
} sf_d3d_relop;

typedef struct sf_d3d_index {
  uint8_t rep;         /* SF_D3D_IDX_* */
  uint64_t imm;        /* imm32 or imm64 part (0 for pure relative) */
  sf_d3d_relop rel;    /* valid for the *_REL representations */
} sf_d3d_index;

typedef struct sf_d3d_opnd {
  uint8_t type;        /* SF_D3D_OT_* */
  uint8_t num_comp;    /* SF_D3D_NC_* */
  uint8_t sel_mode;    /* SF_D3D_SEL_* (4-component operands only) */
  uint8_t comp_bits;   /* bits [11:4]: MASK: write mask in bits 0-3 (x=1..w=8); SWIZZLE: 2 bits per
                          lane, x lane lowest; SELECT_1: component in bits 0-1 */
  uint8_t index_dim;   /* 0..3 */
  sf_d3d_index idx[3];
  bool extended;       /* an extended operand token follows */
  uint8_t modifier;    /* 0 none, 1 neg, 2 abs, 3 -abs */
  uint8_t min_precision;
  bool nonuniform;
  uint32_t imm[4];     /* l(...) values (IMM32: num_comp 1 -> 1 value, 4 -> 4 values) */
} sf_d3d_opnd;

#define SF_D3D_MAX_SRC 5  /* address, resource, sampler, then ref|lod|bias|ddx, ddy */

typedef struct sf_d3d_inst {
  uint8_t op;            /* sf_d3d_op */
  bool sat;              /* opcode token bit 13 */
  bool has_aoffimmi;     /* SAMPLE_CONTROLS token present (even if all offsets are 0) */
  int8_t aoffimmi[3];    /* u, v, w in [-8, 7] */
  bool has_resdim;       /* RESOURCE_DIM token present ("_indexable") */
  uint8_t resdim;        /* SF_D3D_DIM_* */
  uint16_t resdim_stride;
  bool has_rettype;      /* RESOURCE_RETURN_TYPE token present */
  uint8_t rettype[4];    /* 1 unorm, 2 snorm, 3 sint, 4 uint, 5 float, ... per component */
  uint8_t ext_order[3];  /* extended token types in stream order (0 = none); fxc order is 1,2,3 */
  uint8_t num_src;
  sf_d3d_opnd dst;
  sf_d3d_opnd src[SF_D3D_MAX_SRC];
  uint8_t precise;       /* opcode token bits [22:19]: SM5 precise mask (x = 1 .. w = 8), `[precise(..)]` */
} sf_d3d_inst;

/* ---------------------------------------------------------------------------------------------- */

typedef struct sf_inst {
  sf_family family;
  union {
    sf_sample_unorm unorm;
    sf_sample_3d s3d;
    sf_avs avs;
    sf_d3d_inst d3d;
  };
} sf_inst;

/* Spec-rule violations. `rule` is a stable identifier (e.g. "3d.chan.zero"); `reason` is prose. */
typedef struct sf_violation {
  const char *rule;
  char reason[160];
} sf_violation;

#define SF_MAX_VIOLATIONS 48

typedef struct sf_violations {
  unsigned count;      /* how many are stored in v[] (entries past count are not written) */
  unsigned total;      /* how many were found (count may be capped) */
  bool rules_only;     /* set by sf_inst_validate_rules: v[].reason is left empty */
  sf_violation v[SF_MAX_VIOLATIONS];
} sf_violations;

/* Checks every spec rule the instruction can break on its own (without a kernel's declarations)
 * and returns how many it breaks. out may be NULL; it need not be initialized. */
unsigned sf_inst_validate(const sf_inst *in, sf_violations *out);
/* The same verdict and the same rule list, without the prose reasons (every reason is ""): for
 * callers that compare rules on a hot path and format nothing unless a check fails. */
unsigned sf_inst_validate_rules(const sf_inst *in, sf_violations *out);

/* True when a and b are the same instruction field for field (fields unused by an operand class
 * are ignored). Don't-care bits are compared too: canonicalize both first to ignore them. */
bool sf_inst_equal(const sf_inst *a, const sf_inst *b);

/* Clears every don't-care bit (listed in sf_dont_care_bits) and every field unused by its operand
 * class. Idempotent. */
void sf_inst_canonicalize(sf_inst *in);

typedef struct sf_dont_care {
  const char *field;   /* e.g. "sample_3d.op bits 11-15" */
  const char *reason;
} sf_dont_care;
extern const sf_dont_care sf_dont_care_bits[];
extern const size_t sf_dont_care_count;

/* Describes the first difference between a and b ("s3d.params[2].off: 32 vs 0") in buf[0..n); ""
 * when equal. buf may be NULL, whatever n, and n may be 0, whatever buf: the result is then a fixed
 * string, "" when equal and non-empty when not ("family" for two families), with no formatting
 * (what sf_inst_equal uses), and nothing is written. */
const char *sf_inst_diff(const sf_inst *a, const sf_inst *b, char *buf, size_t n);

/* The D3D family's validate/equal/canonicalize/diff live beside the DXBC codec
 * (harness/d3d/d3d_model.c); sf_inst_* dispatch to them. Same contracts as the sf_inst_* functions,
 * except that sf_d3d_inst_validate appends to *out, which the caller zeroes first (sf_inst_validate
 * does); out may be NULL. */
unsigned sf_d3d_inst_validate(const sf_d3d_inst *d, sf_violations *out);
bool sf_d3d_inst_equal(const sf_d3d_inst *a, const sf_d3d_inst *b);
void sf_d3d_inst_canonicalize(sf_d3d_inst *d);
const char *sf_d3d_inst_diff(const sf_d3d_inst *a, const sf_d3d_inst *b, char *buf, size_t n);
/* Appends one violation (used by both validators); out may be NULL, and then nothing is added. */
void sf_violation_add(sf_violations *out, const char *rule, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- Tables shared by the codecs and the executor ------------------------------------------- */

/* 3D_SAMPLE sub-op name as IGC spells it ("sample_3d", "sample_b", ..., "lod"), or NULL. */
const char *sf_s3d_op_name(uint8_t op);
/* The i-th sub-op of that table (i from 0 while it returns true), for lookups by name. */
bool sf_s3d_op_at(size_t i, uint8_t *op, const char **name);
/* True for the sub-ops of IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/3D_SAMPLE.md) (the ones samplefuzz executes). */
bool sf_s3d_op_known(uint8_t op);

/* Parameter roles, in operand order, for each 3D_SAMPLE sub-op (spec table "additional arguments"). */
typedef enum sf_s3d_param {
  SF_P_U, SF_P_V, SF_P_R, SF_P_AI, SF_P_REF, SF_P_BIAS, SF_P_LOD, SF_P_DUDX, SF_P_DUDY, SF_P_DVDX,
  SF_P_DVDY, SF_P_DRDX, SF_P_DRDY, SF_P_OFFUVR, SF_P_BIAS_OFFUVR, SF_P_LOD_OFFUVR, SF_P_OFFUV_R,
  SF_P_OFFUVR_R, SF_P_LOD_OFFUV
} sf_s3d_param;
/* Writes up to max roles into roles[] and returns the maximum parameter count for op (0 if the
 * op is unknown). */
unsigned sf_s3d_param_roles(uint8_t op, sf_s3d_param *roles, unsigned max);
const char *sf_s3d_param_name(sf_s3d_param p);

/* Exec-size code -> lanes (0 for codes > 5). */
unsigned sf_exec_size_lanes(uint8_t code);
/* Region code -> value (code 0 "null" -> 0; invalid codes -> 0xFF). */
unsigned sf_region_value(uint8_t code);
/* Element size in bytes of a vISA type (0 for V/VF/UV packed vectors: 4; BOOL: 1). */
unsigned sf_vtype_size(uint8_t type);
const char *sf_vtype_name(uint8_t type);   /* "ud", "f", ...; NULL for codes > 15 */

/* D3D op name ("sample", "sample_c_lz", ...) or NULL; number of source operands for the op. */
const char *sf_d3d_op_name(uint8_t op);
unsigned sf_d3d_op_num_src(uint8_t op);
/* The number of indices a D3D register of operand type `type` takes in the sample family's model
 * (the d3d.opnd.index_dim rule): 1 for r#, v#, o#, t#, s# and icb, 2 for x# and cb#, 0 for an
 * immediate or null; -1 for a type whose count the model does not fix. */
int sf_d3d_opnd_index_dim(uint8_t type);

#ifdef __cplusplus
}
#endif
#endif
