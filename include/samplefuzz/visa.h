/* samplefuzz/visa.h — vISA v4.1: instruction encoder/decoder, `.isa` container reader/writer,
 * and IGC `.visaasm` text printer/parser for SAMPLE_UNORM, 3D_SAMPLE and AVS; every other opcode
 * of the opcode table (harness/visa/visa_optab.c) in binary through the generic codec.
 *
 * Byte layouts: docs/visa-binary.md (container), §3 (operands), §4 (instructions), §6 (the opcode
 * table, generic instructions and IGC 12504's cut-short form).
 * Text: docs/visa-text.md (IGC 12504's lexer, grammar and printer).
 *
 * Names in text. With a kernel (sf_visa_kernel) general variables, samplers, surfaces and
 * predicates print and parse by their declared names, as IGC does. Without one (kernel == NULL)
 * the context-free spelling of samplefuzz is used: general variable id N is `V<N>`, sampler `S<N>`,
 * surface `T<N>` (or IGC's predefined surface names), predicate `P<N>`, address `A<N>`; predefined
 * general variables keep IGC's names (`%null`, `%r0`, ...). The parser accepts both everywhere.
 *
 * Pointers. A NULL pointer argument is refused with SF_ERR_INVALID, except NULL bytes or text with
 * length 0 (empty input), a NULL kernel where one is optional, and where a function says otherwise.
 * The _free functions take NULL and do nothing, as free() does. The `api_nulls` check holds the
 * entry points to this. */
#ifndef SAMPLEFUZZ_VISA_H
#define SAMPLEFUZZ_VISA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/inst.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Hard caps (DESIGN principle 3). Inputs above them are rejected with SF_ERR_LIMIT. */
#define SF_ISA_MAX_FILE      (64u << 20)
#define SF_ISA_MAX_KERNELS   4096u
#define SF_ISA_MAX_STRINGS   65536u
#define SF_ISA_MAX_VARS      65536u
#define SF_ISA_MAX_INSTS     65536u
#define SF_ISA_MAX_ATTRS     65536u
#define SF_VISA_FIRST_USER_VAR 32u   /* V0..V31 are predefined */
#define SF_VISA_FIRST_USER_SURFACE 6u/* T0..T5 are predefined */

/* ---- One instruction ------------------------------------------------------------------------- */

/* Decodes one SAMPLE_UNORM / 3D_SAMPLE / AVS instruction from p[0..len). On success *used is the
 * instruction's length; on failure it is 0. base is the absolute offset of p[0], used in error positions.
 * Other opcodes give SF_UNSUPPORTED (vISA has no length prefix, so they cannot be skipped).
 * out and used may be NULL: the instruction is then only checked (and measured, with used). */
sf_code sf_visa_decode(const uint8_t *p, size_t len, uint64_t base, sf_inst *out, size_t *used,
                       sf_status *st);
/* Appends the v4.1 bytes of a vISA-family instruction to out. Writes exactly the fields stored. */
sf_code sf_visa_encode(const sf_inst *in, sf_buf *out, sf_status *st);

/* ---- The .isa container (v4.1) ---------------------------------------------------------------- */

typedef struct sf_visa_attr {
  uint32_t name;        /* string index */
  uint8_t size;
  uint32_t value_off;   /* offset of the value bytes in sf_visa_kernel.attr_bytes */
} sf_visa_attr;

/* A general variable (var_info). props: type in bits 0-3, alignment in bits 4-7. */
typedef struct sf_visa_var {
  uint32_t name;
  uint8_t props;
  uint16_t num_elts;
  uint32_t alias_index;
  uint16_t alias_offset;
  uint8_t alias_scope;
  uint32_t attr_first;
  uint8_t attr_count;
} sf_visa_var;

/* Address, predicate, sampler and surface declarations share this layout. */
typedef struct sf_visa_sym {
  uint32_t name;
  uint16_t num_elts;
  uint32_t attr_first;
  uint8_t attr_count;
} sf_visa_sym;

typedef struct sf_visa_label {
  uint32_t name;
  uint8_t kind;
} sf_visa_label;

typedef struct sf_visa_input {
  uint8_t kind;         /* bits 0-2: 0 general, 1 sampler, 2 surface; bits 3-7 provenance */
  uint32_t index;
  int16_t offset;
  uint16_t size;
} sf_visa_input;

typedef struct sf_visa_genbin {
  uint8_t platform;
  uint32_t offset, size;
  uint8_t *bytes;       /* the size bytes of the Gen binary (owned; NULL when size is 0). The writer
                           lays them out after the kernel objects, in kernel order, as IGC does. */
} sf_visa_genbin;

/* A RET instruction (opcode 0x34) in a kernel's instruction stream. Its v4.1 encoding is 4 bytes,
 * `34 | exec:UB | pred:UW` (IGC's descriptor for ret lists EXECSIZE and PRED; checked with GenX_IR
 * reading hand-made files, see docs/visa-binary.md). RET is not an sf_inst, so a kernel remembers
 * where each RET stands: before insts[before], or at the end when before == num_insts. rets[] is
 * sorted by `before`; several RETs at one position keep their order. */
typedef struct sf_visa_ret {
  uint32_t before;     /* index into insts[] of the instruction that follows (num_insts: at the end) */
  uint8_t exec_size;   /* exec byte bits 0-3: size code (0 -> 1 lane ... 5 -> 32) */
  uint8_t emask;       /* exec byte bits 4-7: 0-7 M1..M8, 8-15 M1_NM..M8_NM */
  sf_pred pred;        /* predicate word, same layout as 3D_SAMPLE's (inst.h) */
} sf_visa_ret;

/* Any other instruction, held generically: its opcode and its fields in binary order, as the
 * opcode table describes them (harness/visa/visa_optab.c; docs/visa-binary.md §5). Enough to
 * re-encode it byte-identically and to print it. The .isa reader and the .visaasm parser leave the
 * members a field's kind does not use at zero, so their copies of one instruction are equal member by
 * member. */
typedef struct sf_visa_gop {
  uint8_t kind;       /* the field kind, a character of the layout: E P V R b w d L n S */
  uint32_t u;         /* E P b w d L n S: the stored value */
  sf_vopnd v;         /* V */
  sf_raw r;           /* R */
} sf_visa_gop;

/* The two byte forms of an instruction: the vISA 4.1 layout IGC's reader expects, and the form IGC
 * 1.0.12504's writer produces, which keeps only the first fields of each instruction
 * (docs/visa-binary.md §6; the opcode table's w12504 says how many). */
enum { SF_VISA_FORM_SPEC = 0, SF_VISA_FORM_IGC12504 = 1 };

typedef struct sf_visa_ginst {
  uint8_t form;       /* SF_VISA_FORM_* */
  uint32_t at;        /* position in the kernel's whole instruction stream (0 = first; IGC's $N is at+1) */
  uint8_t op;         /* the opcode byte */
  uint16_t num_ops;
  sf_visa_gop *ops;   /* owned (malloc'd); sf_visa_ginst_free releases it */
} sf_visa_ginst;

/* Decodes one instruction of any opcode the table describes (harness/visa/visa_optab.c) into the
 * generic form, in the byte form `form` (SF_VISA_FORM_*); out->at is set to 0. SF_ERR_INVALID for
 * a reserved or unknown opcode or sub-opcode, SF_ERR_TRUNCATED at the field that does not
 * fit, SF_ERR_LIMIT for a list longer than 32. On error out holds nothing to free. */
sf_code sf_visa_gen_decode(const uint8_t *p, size_t len, uint64_t base, uint8_t form, sf_visa_ginst *out,
                           size_t *used, sf_status *st);
/* Appends the bytes of a generic instruction; its fields must match its opcode's layout. */
sf_code sf_visa_gen_encode(const sf_visa_ginst *in, sf_buf *out, sf_status *st);
/* The same in the field widths of vISA version ver (SF_VISA_V(major, minor), 3.1 to 4.1; the two
 * above are these at 4.1). Fields are kept in their 4.1 form whatever the version: what an older
 * version stores differently (docs/visa-binary.md "Versions") is converted on the way in and back
 * on the way out, and the encoder refuses (SF_ERR_RANGE) what the version cannot hold. The IGC 12504
 * form exists only at 4.1. */
sf_code sf_visa_gen_decode_ver(const uint8_t *p, size_t len, uint64_t base, uint8_t form, unsigned ver,
                               sf_visa_ginst *out, size_t *used, sf_status *st);
sf_code sf_visa_gen_encode_ver(const sf_visa_ginst *in, unsigned ver, sf_buf *out, sf_status *st);
/* GenX_IR's mnemonic for an opcode (NULL when the table has no row). */
const char *sf_visa_op_name(uint8_t op);
void sf_visa_ginst_free(sf_visa_ginst *g);
/* The field of g that names something by a string of its kernel's table, a string that text gives
 * anew at each use (as GenX_IR's parser does): fcall's callee (field 2), faddr's symbol (0), FILE's
 * file name (0); -1 for any other instruction or shape. Round trips through text keep the name, not
 * the index. */
int sf_visa_ginst_name_field(const sf_visa_ginst *g);

typedef struct sf_visa_kernel {
  /* file-header entry */
  char *name;                 /* the header's name bytes, NUL-terminated copy */
  uint16_t name_len;
  /* A vISA function (sf_isa_file.functions[]) rather than a kernel: its header entry has a linkage
   * byte and no input offset or gen binaries, its object no inputs, and after the entry it holds
   * the sizes of its argument and return-value registers (GenX_IR prints them as the ArgSize and
   * RetValSize attributes). */
  bool is_function;
  uint8_t linkage;            /* deprecated in IGC; kept as read */
  uint8_t arg_size, ret_size;
  uint32_t input_offset;      /* informational (the reader ignores it); the writer recomputes */
  uint8_t num_genbins;
  sf_visa_genbin *genbins;
  /* kernel object */
  uint32_t num_strings;
  char **strings;             /* NUL-terminated */
  uint32_t name_index;
  uint32_t num_vars;          sf_visa_var *vars;       /* V32, V33, ... */
  uint16_t num_addrs;         sf_visa_sym *addrs;      /* A0, ... */
  uint16_t num_preds;         sf_visa_sym *preds;      /* P1, ... */
  uint16_t num_labels;        sf_visa_label *labels;
  uint8_t num_samplers;       sf_visa_sym *samplers;   /* S0, ... */
  uint8_t num_surfaces;       sf_visa_sym *surfaces;   /* T6, ... */
  uint32_t num_inputs;        sf_visa_input *inputs;
  uint32_t entry;             /* as read; the writer recomputes */
  uint16_t num_kattrs;        uint32_t kattr_first;    /* kernel attributes within attrs[] */
  uint32_t num_attrs;         sf_visa_attr *attrs;     /* every attribute of this kernel */
  uint32_t attr_bytes_len;    uint8_t *attr_bytes;
  uint32_t code_len;          uint8_t *code;           /* the instruction bytes, as stored */
  uint32_t num_insts;         sf_inst *insts;          /* decoded, in order */
  uint32_t num_rets;          sf_visa_ret *rets;       /* RET instructions and where they stand (owned,
                                                          malloc'd; sf_visa_kernel_free releases them) */
  uint32_t num_gens;          sf_visa_ginst *gens;     /* every other instruction, sorted by `at` (owned).
                                                          The stream is: gens[] at their positions `at`;
                                                          insts[] and rets[] (by `before`) fill the
                                                          other positions in order. */
  /* Text only: the `.funcdecl "name"` lines of this object's text, as read. IGC's printer lists
   * there every vISA function of the builder (each function's text is a file of its own), GenX_IR's
   * parser ignores them, and the binary form has no place for them. When there are none, the printer
   * lists the functions of the file being printed (docs/visa-text.md "Functions"). */
  uint16_t num_funcdecls;     char **funcdecls;        /* NUL-terminated identifiers (owned) */
  uint32_t code_tail_len;     uint8_t *code_tail;      /* bytes of the instruction area after the last
                                                          instruction, kept verbatim (owned): only in
                                                          the IGC 12504 form, whose writer leaves them
                                                          unwritten (docs/visa-binary.md §6) */
} sf_visa_kernel;

/* A vISA version as one number: SF_VISA_V(4, 1) = 0x401. */
#define SF_VISA_V(major, minor) (((unsigned)(major) << 8) | (unsigned)(minor))

/* Whether the .isa reader and writer handle version major.minor: 3.1 to 3.255, 4.0 and 4.1. */
bool sf_isa_version_ok(uint8_t major, uint8_t minor);

typedef struct sf_isa_file {
  uint8_t major, minor;       /* the version: 3.1 to 3.255, 4.0 or 4.1 (0.0: 4.1), read and written
                                 as stored; field widths depend on it (docs/visa-binary.md "Versions") */
  uint16_t num_kernels;
  sf_visa_kernel *kernels;
  uint16_t num_functions;     /* vISA functions (stack calls: fcall), after the kernels */
  sf_visa_kernel *functions;  /* is_function set */
} sf_isa_file;

/* Reads a whole .isa file of version 3.1 to 4.1 (sf_isa_version_ok), kernels and functions, in that
 * version's field widths. File-scope variables and relocation symbols give SF_UNSUPPORTED. The three
 * sampler instructions go into insts[], RET (0x34) into rets[], every other instruction the opcode
 * table describes into gens[] (every opcode vISA 4.1 defines); a reserved or unknown opcode gives
 * SF_ERR_INVALID at its byte offset. All instruction bytes are also kept in `code`. On error the partial result is freed. */
sf_code sf_isa_read(const uint8_t *data, size_t len, sf_isa_file *out, sf_status *st);
/* Writes a file of f's version (major.minor; 0.0 = 4.1) in that version's field widths, refusing
 * (SF_ERR_RANGE, naming the version) a value the version cannot hold. Instruction bytes come from
 * insts[], rets[] and gens[] (re-encoded), not from `code`. */
sf_code sf_isa_write(const sf_isa_file *f, sf_buf *out, sf_status *st);
void sf_isa_free(sf_isa_file *f);

/* Builders for tests and generators: a kernel with a fixed set of declarations. sf_visa_kernel_init
 * zeroes k first and refuses a NULL name (SF_ERR_INVALID) or one outside 1..SF_VISA_MAX_NAME bytes
 * (SF_ERR_RANGE), leaving k empty: freeing it is then harmless. */
sf_code sf_visa_kernel_init(sf_visa_kernel *k, const char *name, sf_status *st);
/* Each returns the new entry's id (var id from 32, sampler index, surface index from 6,
 * predicate id from 1), or -1 with st set and nothing added: SF_ERR_INVALID for a NULL kernel or a
 * name that is NULL, not an identifier ([A-Za-z_$@][A-Za-z0-9_$@]*) or already declared in k. */
int64_t sf_visa_kernel_add_var(sf_visa_kernel *k, const char *name, uint8_t type, uint16_t num_elts,
                               uint8_t align, sf_status *st);
int64_t sf_visa_kernel_add_sampler(sf_visa_kernel *k, const char *name, sf_status *st);
int64_t sf_visa_kernel_add_surface(sf_visa_kernel *k, const char *name, sf_status *st);
int64_t sf_visa_kernel_add_pred(sf_visa_kernel *k, const char *name, uint16_t num_elts, sf_status *st);
int64_t sf_visa_kernel_add_addr(sf_visa_kernel *k, const char *name, uint16_t num_elts, sf_status *st);
sf_code sf_visa_kernel_add_string_attr(sf_visa_kernel *k, const char *name, const char *value,
                                       sf_status *st);
sf_code sf_visa_kernel_add_inst(sf_visa_kernel *k, const sf_inst *in, sf_status *st);
void sf_visa_kernel_free(sf_visa_kernel *k);

/* Name lookups used by the printer (NULL when the id has no declared name). */
const char *sf_visa_var_name(const sf_visa_kernel *k, uint32_t id);

/* ---- Text (.visaasm) --------------------------------------------------------------------------- */

/* Prints one instruction as IGC's -dumpcommonisa does (without the 4-space indent, the column-80
 * padding and the trailing "/// $N"). k may be NULL (see the naming note above). On a refusal, a
 * buf of at least one byte holds the empty string (never a partial line). */
sf_code sf_visa_print(const sf_inst *in, const sf_visa_kernel *k, char *buf, size_t n, sf_status *st);
/* Parses one instruction line. k may be NULL. Positions in st are 1:col of the line. */
sf_code sf_visa_parse(const char *text, size_t len, const sf_visa_kernel *k, sf_inst *out,
                      sf_status *st);

/* Parses a whole .visaasm file: .version, .kernel, .kernel_attr, .decl, .input, labels and
 * `.function`, the three sampler instructions, and every other instruction whose syntax class the
 * op table describes (docs/visa-text.md "Generic instructions"); others are refused as
 * SF_UNSUPPORTED at their line. Several kernels per file are allowed. */
sf_code sf_visaasm_parse(const char *text, size_t len, sf_isa_file *out, sf_status *st);
/* Prints a whole file in IGC's layout (with the header newline fixed, see docs/visa-text.md).
 * SF_UNSUPPORTED for what text cannot carry, among it a gen binary record with compiled code. */
sf_code sf_visaasm_print(const sf_isa_file *f, sf_buf *out, sf_status *st);
/* Frees the compiled code of every gen binary record of f's kernels and functions (each keeps its
 * platform with size 0: what a text carries, since compiled code is not vISA and GenX_IR's own
 * disassembly leaves it out) and returns how many records had code; *bytes (may be NULL) gets the
 * bytes dropped. `samplefuzz disasm` does this, saying so, for a kernel a compiler shipped with
 * its Gen code (CM kernels). */
unsigned sf_isa_drop_gen_code(sf_isa_file *f, uint64_t *bytes);

#ifdef __cplusplus
}
#endif
#endif
