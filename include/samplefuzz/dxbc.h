/* samplefuzz/dxbc.h — the D3D SM4/SM5/SM5.1 codec: the opcode table (every opcode, docs/dxbc.md §9),
 * TPF tokens of the sample family, whole SHDR/SHEX programs, the DXBC container (with its
 * modified-MD5 checksum) and fxc-style asm text for every instruction of the table.
 *
 * Layouts: docs/dxbc.md (container, checksum), §2 (tokens), §3 (text).
 * Semantics of the instructions: Microsoft's "sample (sm4 - asm)" reference. What is implemented and what is not:
 * docs/dxbc.md.
 *
 * Conventions
 *  - Tokens are host-order uint32_t values; in files they are little-endian.
 *  - Every error is an sf_status. Token decoders report DWORD offsets (SF_POS_DWORD) counted from
 *    `base` (for a program: from its version token), the container reader reports byte offsets,
 *    the text parsers line:column. Nothing aborts, nothing reads past `len`.
 *  - Decoding keeps every bit that the model can hold, so decode -> encode is the identity on every
 *    accepted input; bits the model cannot hold (reserved bits, imm64 indices, nested relative
 *    addressing deeper than one level, ...) are rejected with SF_ERR_INVALID or SF_UNSUPPORTED.
 *  - A NULL pointer argument is refused with SF_ERR_INVALID, except NULL bytes or text with length 0
 *    (empty input). The _free functions take NULL and do nothing, as free() does. The `api_nulls`
 *    check holds the entry points to this. */
#ifndef SAMPLEFUZZ_DXBC_H
#define SAMPLEFUZZ_DXBC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/inst.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Hard caps (DESIGN principle 3). */
#define SF_TPF_MAX_INST_LEN 127u          /* the 7-bit length field of OpcodeToken0 */
#define SF_TPF_MAX_PROGRAM_TOKENS (1u << 20)
#define SF_TPF_MAX_ITEMS (1u << 18)
#define SF_DXBC_MAX_SIZE (16u << 20)
#define SF_DXBC_MAX_CHUNKS 64u
#define SF_D3DASM_MAX_TEXT (4u << 20)     /* text inputs larger than this are refused */
/* A buffer of this many bytes holds the text of any instruction sf_d3dasm_print_inst prints, with its
 * NUL: the longest (sample_d with every group, a saturate and precise mask, and six operands of
 * three relative indices each, the longest register names, modifiers and flags) is 1,826 bytes
 * (tests/test_d3dasm.c, "longest"). */
#define SF_D3DASM_MAX_INST_TEXT 2048u

#define SF_DXBC_FOURCC(a, b, c, d) \
  ((uint32_t)(uint8_t)(a) | ((uint32_t)(uint8_t)(b) << 8) | ((uint32_t)(uint8_t)(c) << 16) | ((uint32_t)(uint8_t)(d) << 24))
#define SF_DXBC_MAGIC SF_DXBC_FOURCC('D', 'X', 'B', 'C')
#define SF_DXBC_SHDR SF_DXBC_FOURCC('S', 'H', 'D', 'R')
#define SF_DXBC_SHEX SF_DXBC_FOURCC('S', 'H', 'E', 'X')
#define SF_DXBC_ISGN SF_DXBC_FOURCC('I', 'S', 'G', 'N')
#define SF_DXBC_OSGN SF_DXBC_FOURCC('O', 'S', 'G', 'N')

/* Opcodes other than the sample family that the codec names (§2.1). */
enum {
  SF_TPF_OP_CUSTOMDATA = 0x35, SF_TPF_OP_MOV = 0x36, SF_TPF_OP_RET = 0x3e,
  SF_TPF_OP_DCL_RESOURCE = 0x58, SF_TPF_OP_DCL_CONSTANT_BUFFER = 0x59, SF_TPF_OP_DCL_SAMPLER = 0x5a,
  SF_TPF_OP_DCL_INPUT = 0x5f, SF_TPF_OP_DCL_INPUT_PS = 0x62, SF_TPF_OP_DCL_INPUT_PS_SGV = 0x63,
  SF_TPF_OP_DCL_INPUT_PS_SIV = 0x64, SF_TPF_OP_DCL_OUTPUT = 0x65, SF_TPF_OP_DCL_OUTPUT_SIV = 0x67,
  SF_TPF_OP_DCL_TEMPS = 0x68, SF_TPF_OP_DCL_INDEXABLE_TEMP = 0x69, SF_TPF_OP_DCL_GLOBAL_FLAGS = 0x6a
};

/* ---- The SM4/SM5/SM5.1 opcode table (harness/d3d/d3d_optab.c, docs/dxbc.md §6) --------------- */

#define SF_TPF_NUM_OPCODES 0xebu   /* opcode values 0x00-0xea (D3D11_SB_OPCODE_CHECK_ACCESS_FULLY_MAPPED) */

/* Per-opcode extras (opcode-token control fields beside _sat [13] and precise [22:19], which every
 * instruction with a destination may carry). */
enum {
  SF_TPF_F_TEST = 1u << 0,        /* bit 18: _z / _nz (if, breakc, continuec, discard, retc, callc) */
  SF_TPF_F_RESINFO = 1u << 1,     /* [12:11]: resinfo return type (none = float, _rcpFloat, _uint) */
  SF_TPF_F_SAMPLEINFO = 1u << 2,  /* bit 11: sampleinfo_uint */
  SF_TPF_F_SYNC = 1u << 3,        /* [14:11]: sync flags _uglobal _ugroup _g _t */
  SF_TPF_F_SM5 = 1u << 4,         /* introduced by shader model 5 */
  SF_TPF_F_SM51SPACE = 1u << 5,   /* declaration that carries a register space DWORD in SM5.1 */
  SF_TPF_F_SAMPLE = 1u << 6       /* the sample family, modelled as sf_d3d_inst */
};

/* Declaration layouts (and other opcodes whose tokens are not "operands only"). */
typedef enum sf_tpf_dcl {
  SF_TPF_DCL_NONE = 0,              /* ALU: destinations then sources */
  SF_TPF_DCL_CUSTOMDATA,            /* class [31:11], DWORD count, data (class 3: immediate constant buffer) */
  SF_TPF_DCL_RESOURCE,              /* ctl: dim [15:11], samples [22:16]; operand; return types; (5.1: space) */
  SF_TPF_DCL_CONSTANT_BUFFER,       /* ctl bit 11 dynamicIndexed; operand (5.0: cb#[size]; 5.1: +size, space) */
  SF_TPF_DCL_SAMPLER,               /* ctl: mode [14:11]; operand; (5.1: space) */
  SF_TPF_DCL_INDEX_RANGE,           /* operand; count */
  SF_TPF_DCL_GS_TOPOLOGY,           /* ctl [16:11]: primitive topology */
  SF_TPF_DCL_GS_PRIMITIVE,          /* ctl [16:11]: primitive */
  SF_TPF_DCL_COUNT,                 /* one DWORD count */
  SF_TPF_DCL_OPERAND,               /* one operand */
  SF_TPF_DCL_OPERAND_SV,            /* operand; system-value name */
  SF_TPF_DCL_INPUT_PS,              /* ctl: interpolation [14:11]; operand */
  SF_TPF_DCL_INPUT_PS_SV,           /* ctl: interpolation; operand; system-value name */
  SF_TPF_DCL_INDEXABLE_TEMP,        /* register, size, components */
  SF_TPF_DCL_GLOBAL_FLAGS,          /* ctl: flags */
  SF_TPF_DCL_FUNCTION_BODY,         /* fb# */
  SF_TPF_DCL_FUNCTION_TABLE,        /* ft#, count, fb#... */
  SF_TPF_DCL_INTERFACE,             /* fp#, ... (not printed by name) */
  SF_TPF_DCL_INTERFACE_CALL,        /* fcall: function index, operand (not printed by name) */
  SF_TPF_DCL_CONTROL_POINTS,        /* ctl [16:11]: count */
  SF_TPF_DCL_TESS_DOMAIN,           /* ctl [12:11] */
  SF_TPF_DCL_TESS_PARTITIONING,     /* ctl [13:11] */
  SF_TPF_DCL_TESS_OUTPUT_PRIMITIVE, /* ctl [13:11] */
  SF_TPF_DCL_FLOAT,                 /* one float DWORD */
  SF_TPF_DCL_THREAD_GROUP,          /* x, y, z */
  SF_TPF_DCL_UAV_TYPED,             /* ctl: dim [15:11], glc bit 16, rov bit 17; operand; return types */
  SF_TPF_DCL_UAV_RAW,               /* ctl: glc, rov; operand */
  SF_TPF_DCL_UAV_STRUCTURED,        /* ctl: glc, rov, counter bit 23; operand; stride */
  SF_TPF_DCL_TGSM_RAW,              /* operand; byte count */
  SF_TPF_DCL_TGSM_STRUCTURED,       /* operand; stride; count */
  SF_TPF_DCL_RESOURCE_RAW,          /* operand */
  SF_TPF_DCL_RESOURCE_STRUCTURED    /* operand; stride */
} sf_tpf_dcl;

typedef struct sf_tpf_opinfo {
  uint16_t op;
  const char *name;   /* fxc's mnemonic (for dcl_resource / dcl_uav_typed: without the dimension) */
  const char *dst;    /* one letter per destination: f float, i int, u uint, d double, * untyped */
  const char *src;    /* one letter per source */
  uint16_t flags;     /* SF_TPF_F_* */
  uint8_t dcl;        /* sf_tpf_dcl */
} sf_tpf_opinfo;

/* The row of an opcode; NULL for values no D3D version defines. */
const sf_tpf_opinfo *sf_tpf_opinfo_get(uint32_t op);
/* Lookup by exact mnemonic, or the longest mnemonic followed by the end of word or '_'. NULL when no
 * row matches, and for a NULL name (whatever len). */
const sf_tpf_opinfo *sf_tpf_opinfo_by_name(const char *name, size_t len);
const sf_tpf_opinfo *sf_tpf_opinfo_by_prefix(const char *word, size_t len, size_t *name_len);
/* A row's destination and source counts (the lengths of dst and src); 0 for a NULL row. */
unsigned sf_tpf_opinfo_ndst(const sf_tpf_opinfo *i);
unsigned sf_tpf_opinfo_nsrc(const sf_tpf_opinfo *i);

/* Prints one instruction given as its exact tokens (any opcode of the table) in fxc syntax, one
 * statement (the immediate constant buffer spans several lines), no trailing newline. version is the
 * program's version token (SM5.1 spellings). Returns SF_UNSUPPORTED, with the reason, when the
 * table cannot express the tokens (ntok not the instruction's own length included); the program
 * printer then writes a `.tpf` line. More tokens than a program holds (SF_TPF_MAX_PROGRAM_TOKENS):
 * SF_ERR_LIMIT. The text always parses back to the same tokens (checked by the printer). */
sf_code sf_d3dasm_print_tokens(const uint32_t *tok, size_t ntok, uint32_t version, sf_buf *out, sf_status *st);

/* ---- One sample-family instruction (§2.1-2.3) -------------------------------------------------- */

/* True for the six opcodes of the sample family (0x45-0x4a). */
bool sf_tpf_is_sample_op(uint32_t opcode);

/* Decodes the sample-family instruction that starts at tok[0] (ntok tokens available). On success
 * *used is its length in DWORDs (the opcode token's length field); on failure it is 0. base is the DWORD offset of
 * tok[0] for error positions. The operands are decoded as stored: which operand types and modes
 * are *allowed* is sf_d3d_inst_validate's job, not the decoder's. A NULL out, or a NULL tok with
 * ntok > 0, is SF_ERR_INVALID; no tokens at all (ntok 0) is SF_ERR_TRUNCATED. */
sf_code sf_tpf_decode_inst(const uint32_t *tok, size_t ntok, uint64_t base, sf_d3d_inst *out, size_t *used,
                           sf_status *st);

/* Encodes one instruction into out[0..*len). Extended opcode tokens are written in d->ext_order
 * (fxc's order SAMPLE_CONTROLS, RESOURCE_DIM, RETURN_TYPE when ext_order is all zero). Fails with
 * SF_ERR_RANGE / SF_ERR_INVALID on values that do not fit their fields. */
sf_code sf_tpf_encode_inst(const sf_d3d_inst *d, uint32_t out[SF_TPF_MAX_INST_LEN], size_t *len, sf_status *st);

/* ---- Whole programs (§2) ----------------------------------------------------------------------- */

typedef enum sf_tpf_item_kind {
  SF_TPF_ITEM_SAMPLE = 1, /* a decoded sample-family instruction (inst) */
  SF_TPF_ITEM_OPAQUE = 2  /* any other instruction, kept as its exact tokens (tok, ntok) */
} sf_tpf_item_kind;

typedef struct sf_tpf_item {
  sf_tpf_item_kind kind;
  sf_d3d_inst *inst; /* SAMPLE items; owned by the program (its store), NULL for OPAQUE items */
  uint32_t *tok;     /* OPAQUE items; owned by the program (its store) */
  size_t ntok;
} sf_tpf_item;

/* Where a program keeps its items' tokens and instructions: blocks that never move, so the
 * pointers above stay valid as the program grows, and one allocation serves many items. */
typedef struct sf_tpf_store sf_tpf_store;

typedef struct sf_tpf_program {
  uint32_t version;     /* VersionToken: [3:0] minor, [7:4] major, [31:16] program type (0 = PS) */
  sf_tpf_item *items;
  size_t count, cap;
  sf_tpf_store *store;  /* freed by sf_tpf_program_free */
} sf_tpf_program;

void sf_tpf_program_init(sf_tpf_program *p, uint32_t version);
void sf_tpf_program_free(sf_tpf_program *p);
sf_code sf_tpf_program_add_inst(sf_tpf_program *p, const sf_d3d_inst *d, sf_status *st);
/* Appends one instruction as its exact tokens (1 to SF_TPF_MAX_PROGRAM_TOKENS - 2 of them, what a
 * program of the cap holds after its version and length tokens; more is SF_ERR_RANGE). */
sf_code sf_tpf_program_add_tokens(sf_tpf_program *p, const uint32_t *tok, size_t ntok, sf_status *st);

/* Decodes a SHDR/SHEX chunk body (little-endian bytes). The length token must equal the number of
 * DWORDs in data (a shorter program followed by extra bytes is SF_ERR_TRAILING). The walk follows
 * each instruction's length field (CUSTOMDATA: the following DWORD); a length of 0 or one that
 * overruns the program is an error. DWORD positions count from the version token. */
sf_code sf_tpf_program_decode(const uint8_t *data, size_t len, sf_tpf_program *out, sf_status *st);
/* Appends the program (version token, length token, items) to out as little-endian bytes. */
sf_code sf_tpf_program_encode(const sf_tpf_program *p, sf_buf *out, sf_status *st);

/* ---- The DXBC container (§1) ------------------------------------------------------------------- */

typedef struct sf_dxbc_chunk {
  uint32_t fourcc;
  uint32_t offset;      /* byte offset of the chunk header in the container (0 when building) */
  uint32_t size;        /* data bytes, without the 8-byte header */
  const uint8_t *data;  /* read: points into sf_dxbc.bytes; write: caller's bytes */
} sf_dxbc_chunk;

typedef struct sf_dxbc {
  uint8_t *bytes;       /* an owned copy of the whole container */
  size_t len;
  uint32_t checksum[4];
  bool zero_checksum;   /* the checksum field is all zero: an unsigned container (docs/dxbc.md §1.2) */
  uint32_t nchunks;
  sf_dxbc_chunk *chunks;/* in table order */
} sf_dxbc;

/* The modified MD5 of §1.2 over data[20..len) (everything after the checksum field); len < 20
 * hashes nothing past the end (the empty message). */
void sf_dxbc_checksum(const uint8_t *data, size_t len, uint32_t out[4]);

/* Reads and validates: magic, checksum (or an all-zero one: an unsigned container, as DXC writes
 * when it does not validate; c->zero_checksum says so), version 1.0, total size == len, chunk table within the
 * file, every chunk header and body within the file, after the chunk table, and no two chunks
 * overlapping. Byte positions in errors. Free with sf_dxbc_free (also after a failure). */
sf_code sf_dxbc_read(const uint8_t *data, size_t len, sf_dxbc *out, sf_status *st);
void sf_dxbc_free(sf_dxbc *c);
/* First chunk with this fourcc, or NULL (also when c is NULL). */
const sf_dxbc_chunk *sf_dxbc_find(const sf_dxbc *c, uint32_t fourcc);

/* Writes a container holding the chunks in the given order, packed right after the chunk table,
 * and the correct checksum. Reading a container that fxc wrote and writing its chunks back gives
 * the same bytes. */
sf_code sf_dxbc_write(const sf_dxbc_chunk *chunks, size_t n, sf_buf *out, sf_status *st);
/* sf_dxbc_write with flags: SF_DXBC_WRITE_ZERO_CHECKSUM leaves the checksum field zero (an unsigned
 * container, so that reading one and writing it back gives the same bytes). */
#define SF_DXBC_WRITE_ZERO_CHECKSUM 1u
sf_code sf_dxbc_write_ex(const sf_dxbc_chunk *chunks, size_t n, unsigned flags, sf_buf *out, sf_status *st);

/* Finds SHDR or SHEX in c and decodes it. */
sf_code sf_dxbc_program(const sf_dxbc *c, sf_tpf_program *out, sf_status *st);

/* Signature element for sf_dxbc_write_signature (ISGN/OSGN, 24-byte elements, §1.1). */
typedef struct sf_dxbc_sig_elem {
  const char *name;
  uint32_t semantic_index, system_value, component_type, reg;
  uint8_t mask, rw_mask;
} sf_dxbc_sig_elem;
/* Appends a signature chunk body (not the chunk header) to out. */
sf_code sf_dxbc_write_signature(const sf_dxbc_sig_elem *e, size_t n, sf_buf *out, sf_status *st);

/* ---- Signature chunks, every layout (harness/d3d/dxbc_sig.c, docs/dxbc.md §10) ---------------- */

#define SF_DXBC_SIG_MAX_ELEMS 1024u   /* elements per signature chunk */
#define SF_DXBC_SIG_NAME_MAX 256u     /* semantic name bytes including the NUL */

/* Element layouts: ISGN/OSGN/PCSG 24 bytes; OSG5 28 (stream first); ISG1/OSG1/PSG1 32 (stream first,
 * min precision last). 0 = not a signature fourcc. */
unsigned sf_dxbc_sig_elem_size(uint32_t fourcc);
/* The seven signature fourccs, in that order (ISGN, OSGN, PCSG, OSG5, ISG1, OSG1, PSG1). */
#define SF_DXBC_SIG_KINDS 7u
extern const uint32_t sf_dxbc_sig_kinds[SF_DXBC_SIG_KINDS];

typedef struct sf_dxbc_sig_entry {
  char name[SF_DXBC_SIG_NAME_MAX];     /* NUL-terminated (the encoder refuses a name without one) */
  uint32_t stream;                     /* OSG5 and *1 only */
  uint32_t semantic_index, system_value, component_type, reg;
  uint8_t mask, rw_mask;
  uint32_t min_precision;              /* *1 only */
} sf_dxbc_sig_entry;

typedef struct sf_dxbc_sig {
  uint32_t fourcc;
  sf_dxbc_sig_entry *e;
  size_t n, cap;
} sf_dxbc_sig;

void sf_dxbc_sig_init(sf_dxbc_sig *s, uint32_t fourcc);
void sf_dxbc_sig_free(sf_dxbc_sig *s);
sf_code sf_dxbc_sig_add(sf_dxbc_sig *s, const sf_dxbc_sig_entry *e, sf_status *st);

/* Writes a signature chunk body as fxc lays it out: count, element-table offset 8, the elements,
 * then each distinct name once (first use order, equal names share one string), NUL-terminated,
 * padded with 0xAB to a multiple of 4. */
sf_code sf_dxbc_sig_encode(const sf_dxbc_sig *s, sf_buf *out, sf_status *st);

/* Decodes a signature chunk body. Succeeds only when sf_dxbc_sig_encode gives back exactly these
 * bytes and every name is an identifier ([A-Za-z_][A-Za-z0-9_]*); otherwise SF_UNSUPPORTED (or
 * SF_ERR_TRUNCATED / SF_ERR_RANGE) with the byte position inside the chunk and the reason. */
sf_code sf_dxbc_sig_decode(uint32_t fourcc, const uint8_t *data, size_t len, sf_dxbc_sig *out, sf_status *st);

/* ---- The whole container as text (harness/d3d/dxbc_text*.c, docs/dxbc.md §10) -------------------- */

/* Prints a container as text: `.dxbc`, then one statement group per chunk in table order —
 * signature chunks as `.isgn NAME INDEX sv=.. type=.. r=.. mask=.. rw=..` lines, SHDR/SHEX as
 * `.program FOURCC` followed by the program text, everything else (and any signature or program the
 * structured form cannot reproduce exactly, with a `//` comment giving the reason) as
 * `.chunk FOURCC <hex>` plus `.hex` lines. parse(print(x)) == x byte for byte. Containers whose
 * chunks are not packed contiguously after the chunk table (fxc's layout) are SF_UNSUPPORTED at the
 * byte where the layout differs. */
sf_code sf_dxbc_print_text(const uint8_t *data, size_t len, sf_buf *out, sf_status *st);

/* Parses the text form back to container bytes (header, offsets, sizes and checksum computed).
 * Errors carry line:column. */
sf_code sf_dxbc_parse_text(const char *text, size_t len, sf_buf *out, sf_status *st);

/* True when the first statement of text (after blank lines and // comments) is `.dxbc`. */
bool sf_dxbc_text_is_container(const char *text, size_t len);

/* Wraps one sample instruction into a complete minimal pixel shader: ISGN (TEXCOORDn for every v#),
 * OSGN (SV_Targetn for every o#), and SHDR (ps_4_0) or SHEX (ps_5_0, when the instruction carries
 * RESOURCE_DIM / RETURN_TYPE tokens) holding dcl_globalFlags (SM5 only), dcl_constantbuffer,
 * dcl_sampler (comparison mode for sample_c*), dcl_resource_<dim>, dcl_input_ps linear, dcl_output,
 * dcl_temps, dcl_indexableTemp, the instruction and ret. dim is the resource dimension to declare;
 * 0 means "the instruction's RESOURCE_DIM, else texture2d". Operand types a minimal shader cannot
 * declare (icb, u#, g#, system values) give SF_UNSUPPORTED; a source count past SF_D3D_MAX_SRC
 * gives SF_ERR_RANGE, before any source is read. */
sf_code sf_dxbc_wrap_sample(const sf_d3d_inst *d, uint8_t dim, sf_buf *out, sf_status *st);
/* The program part of sf_dxbc_wrap_sample (no container). */
sf_code sf_dxbc_wrap_program(const sf_d3d_inst *d, uint8_t dim, sf_tpf_program *out, sf_status *st);

/* ---- fxc-style asm text (§3) -------------------------------------------------------------------- */

/* Prints one instruction in fxc syntax (no newline) into buf (NUL-terminated; truncation is
 * SF_ERR_LIMIT). Immediates print losslessly (docs/dxbc.md "immediates"); encodings fxc never
 * produces print in samplefuzz's explicit extension syntax (docs/dxbc.md "text forms") so that
 * parse(print(x)) == x for every instruction the decoder accepts. */
sf_code sf_d3dasm_print_inst(const sf_d3d_inst *d, char *buf, size_t n, sf_status *st);

/* Parses one instruction (fxc's form, vkd3d's form, samplefuzz's extensions). line is the
 * 1-based line number used in error positions; columns count from text[0]. Leading instruction
 * numbers / byte offsets of D3DDisassemble listings and trailing // comments are skipped. */
sf_code sf_d3dasm_parse_inst(const char *text, size_t len, uint32_t line, sf_d3d_inst *out, sf_status *st);

/* Prints a whole program: the shader-model line (ps_5_0), one statement per item in fxc's syntax
 * (every instruction and declaration of the opcode table; tokens the table cannot express as
 * `.tpf <hex tokens>  // not expressible in text: <reason>`). Appends to out (NUL not included). */
sf_code sf_d3dasm_print_program(const sf_tpf_program *p, sf_buf *out, sf_status *st);

/* Parses a whole program (fxc /Fc listings included): blank lines and // comments (header blocks,
 * the instruction-count trailer) are skipped, the first statement must be the shader-model line;
 * dcl_immediateConstantBuffer may span lines. Errors carry line:column; on an error *out holds no
 * item and no storage (as after sf_tpf_program_free), whatever was read before it. */
sf_code sf_d3dasm_parse_program(const char *text, size_t len, sf_tpf_program *out, sf_status *st);

#ifdef __cplusplus
}
#endif
#endif
