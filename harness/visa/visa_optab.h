/* visa_optab.h — the table of every vISA 4.1 opcode (IGC 1.0.12504): number, the name GenX_IR
 * prints, and the binary operand layout as a list of field kinds. Private to harness/visa.
 *
 * The layouts were learned from IGC's reader of .isa files (intel-graphics-compiler,
 * visa/ByteCodeReaderNG.cpp), its opcode descriptions (visa/IsaDescription.h, IsaDescription.cpp)
 * and the vISA documentation (documentation/visa/instructions/ (one .md per instruction)); docs/visa-binary.md §5 lists
 * them. The binary codec (visa_generic.c) and the text printer and parser read this table only. */
#ifndef SF_VISA_OPTAB_H
#define SF_VISA_OPTAB_H

#include <stdbool.h>
#include <stdint.h>

/* Field kinds. A layout is a string of these characters, read left to right:
 *   'E'  exec byte (UB): bits 0-3 exec-size code, bits 4-7 emask
 *   'P'  predicate word (UW): bits 0-11 id, 12 reserved, 13-14 control, 15 invert
 *   'V'  vector operand (tag byte + class-specific body, docs/visa-binary.md §3)
 *   'R'  raw operand (var id UD + byte offset UW)
 *   'b'  UB field            'w'  UW field            'd'  UD field
 *   'L'  label id (UW, index into the kernel's label table)
 *   'n'  count (UB) of the list that the next '*' opens
 *   '*'  the following kind, repeated `count` times (the last 'n' read)
 *   'S'  sub-opcode (UB): the rest of the layout comes from the row's sub-op table
 *   '?'  the operands rt_write_3d's mode word (the last 'w' read) selects (sf_visa_rtw_tail)
 * A NULL layout means the opcode's operands depend on bits the table cannot express (mode flags
 * selecting optional operands, vISA's VA/VME/LSC families): the codec refuses it as unsupported. */
enum {
  SF_VF_EXEC = 'E', SF_VF_PRED = 'P', SF_VF_VEC = 'V', SF_VF_RAW = 'R', SF_VF_UB = 'b', SF_VF_UW = 'w',
  SF_VF_UD = 'd', SF_VF_LABEL = 'L', SF_VF_COUNT = 'n', SF_VF_REPEAT = '*', SF_VF_SUBOP = 'S', SF_VF_MODETAIL = '?'
};

/* rt_write_3d (0x71), after E P mode surface header: the fields its mode word selects, as a layout
 * (at most 11 kinds; IGC 1.0.12504's ByteCodeReaderNG and AppendVISA3dRTWriteCPS): the sample index
 * (bit 11), the CPS counter (bit 8) and the render-target index (bit 2) as vector operands; s0a
 * (bit 3) and oM (bit 4), R G B A, Z (bit 5) and stencil (bit 6) as raw operands. The other bits
 * (last write 7, per-sample 9, coarse mode 10, null RT 12) select no operand. */
const char *sf_visa_rtw_tail(uint32_t mode, char out[16]);

/* The longest list one instruction may carry ('*'): IGC caps 3D sampler params at 15 and
 * switchjmp labels at 32. */
#define SF_VISA_MAX_LIST 32u
/* Operand slots one generic instruction may hold (fixed fields + the longest list). */
#define SF_VISA_MAX_GOPS 64u

/* How GenX_IR prints the instruction (visa_gen_print.c). */
typedef enum sf_vsyn {
  SF_VSYN_NONE = 0,  /* no text form modeled: the printer refuses it */
  SF_VSYN_ALU,       /* [(pred)] name[.sat] (emask, size) dst src... */
  SF_VSYN_CMP,       /* cmp.<rel> (emask, size) dst src0 src1 */
  SF_VSYN_MOVS,      /* movs|setp (emask, size) dst src: no predicate */
  SF_VSYN_LABEL,     /* label / subroutine: "name:" and ".function" */
  SF_VSYN_CF,        /* [(pred)] ret/jmp/call/goto (emask, size) [label] */
  SF_VSYN_SCALED4,   /* [(pred)] gather4_scaled/scatter4_scaled.<ch> (emask, size) T off offs src */
  SF_VSYN_TYPED4,    /* [(pred)] gather4_typed/scatter4_typed.<ch> (emask, size) T u v r lod src */
  SF_VSYN_SVM,       /* svm_gather/svm_scatter.<bs>.<nb> (emask, size) addrs src */
  SF_VSYN_LOAD3D,    /* [(pred)] load_<op>.<ch> (emask, size) aoff T dst params */
  SF_VSYN_INFO3D,    /* resinfo / sampleinfo */
  SF_VSYN_MINMAX,    /* min|max[.sat] (emask, size) dst src0 src1: FMINMAX, its byte 0 = min, 1 = max */
  SF_VSYN_FENCE,     /* fence_sw | fence_global|fence_local[.E][I][S][C][R][L1]: FENCE's mask byte */
  SF_VSYN_SCALED,    /* [(pred)] gather_scaled/scatter_scaled.<blocks 1|2|4> (emask, size) T off offs src */
  SF_VSYN_BARE,      /* the name alone: barrier, sampler_cache_flush, yield (no fields) */
  SF_VSYN_SVMATOMIC, /* [(pred)] svm_atomic.<op> (emask, size) addresses dst src0 src1 (fields: addr src0 src1 dst) */
  SF_VSYN_BFN,       /* [(pred)] bfn.x<hex>[.sat] (emask, size) dst src0 src1 src2: the function byte is the last field */
  SF_VSYN_LSC,       /* LSC untyped load/store/atomic and lsc_fence (visa_lsc_text.c) */
  SF_VSYN_ADDR,      /* addr_add[.sat] (emask, size) A<dst> src0 src1: src0 an address or &var[bytes] */
  SF_VSYN_DWATOMIC,  /* [(pred)] dword_atomic.<op>[.16] (emask, size) T<surface> offsets src0 src1 dst */
  SF_VSYN_OWORD,     /* oword_ld[.mod]|oword_ld_unaligned[.mod]|oword_st (<owords>) T<surface> offset data */
  SF_VSYN_MEDIA,     /* media_ld|media_st.<mode> (<width>,<height>) T<surface> <plane> x y data */
  SF_VSYN_SVMBLOCK,  /* svm_block_ld|svm_block_st (<owords>) address data (0x4e sub-ops 1, 2) */
  SF_VSYN_SVM4,      /* [(pred)] svm_gather4scaled|svm_scatter4scaled.<ch> (emask, size) globalOffset addresses data */
  SF_VSYN_FCALL,     /* [(pred)] fcall (emask, size) <callee name> <arg size> <return size>: the name a string index */
  SF_VSYN_FADDR,     /* faddr <symbol name> dst: the address of a function, its name a string index */
  SF_VSYN_IFCALL,    /* [(pred)] ifcall (emask, size) <address operand> <arg size> <return size> */
  SF_VSYN_DPAS,      /* dpas|dpasw.<W>.<A>.<depth>.<count> (emask, size) dst src0 src1 src2: the four in the last field */
  /* visa_send_text.c: */
  SF_VSYN_RAWSEND,   /* [(pred)] raw_send[c] (emask, size) 0x<exdesc> <nsrc> <ndst> desc src dst */
  SF_VSYN_RAWSENDS,  /* [(pred)] raw_sends[c][_eot].<ffid>.<n0>.<n1>.<nd> (emask, size) exdesc desc src0 src1 dst */
  SF_VSYN_TYPEDATOMIC, /* [(pred)] typed_atomic.<op>[.16] (emask, size) T<s> u v r lod src0 src1 dst */
  SF_VSYN_QW,        /* [(pred)] qw_gather|qw_scatter.<blocks> (emask, size) T<s> offsets data */
  SF_VSYN_LIFETIME,  /* lifetime.start|end <variable, address or predicate> */
  SF_VSYN_WAIT,      /* wait <mask> */
  SF_VSYN_SBARRIER,  /* sbarrier.signal|wait */
  SF_VSYN_NBARRIER,  /* nbarrier.signal <id> <count> | nbarrier.wait <id> */
  SF_VSYN_ALUNP,     /* fcvt|srnd[.sat] (emask, size) dst src...: no predicate field */
  SF_VSYN_SWITCHJMP, /* switchjmp (M1, 1) index (L0, L1, ...) */
  SF_VSYN_URB,       /* [(pred)] urb_write_3d (emask, size) <num out> <global offset> mask handle offsets data */
  SF_VSYN_SRCLOC,    /* FILE "<name>" | LOC <line>: the debug lines */
  SF_VSYN_GATHER,    /* gather|scatter.<1|2|4> (emask, 1|8|16) T<s> offset offsets data (visa_legacy_text.c) */
  SF_VSYN_SAMPLE,    /* sample|load.<ch> (8|16) [S<n>] T<s> u v r dst: the pre-3D sampler messages */
  SF_VSYN_VME,       /* vme_ime(<mode>,<ctrl>) | vme_sic | vme_fbr (<v>,<v>,<v>) | vme_idm  T<s> raw operands */
  SF_VSYN_RTWRITE,   /* [(pred)] rt_write_3d[.<RTI><A>...] (emask, size) T<s> header [si] [cps] [rti] [s0a] [oM] R G B A [Z] [S] */
  SF_VSYN_VA,        /* va.<sub> | va_skl_plus.<SUB> T<s> [S<n>] operands and mode words (visa_va_text.c) */
  SF_VSYN_COUNT      /* the number of classes */
} sf_vsyn;

typedef struct sf_visa_subop {
  int16_t value;         /* sub-opcode byte; -1: any other value */
  const char *name;      /* GenX_IR's name */
  const char *layout;    /* the fields after the sub-opcode byte */
  uint8_t syn;           /* sf_vsyn */
} sf_visa_subop;

typedef struct sf_visa_opdesc {
  uint8_t op;
  const char *name;      /* GenX_IR's mnemonic (IsaDescription.cpp's ISA_Inst_Table) */
  const char *layout;    /* field kinds; NULL: not modeled (see above) */
  uint8_t syn;           /* sf_vsyn */
  const sf_visa_subop *subs;
  uint8_t num_subs;
  /* IGC 12504's .isa writer (visa/BinaryCISAEmission.cpp, emitCisaInst) emits only the first
   * min(operand count, descriptor count) descriptor slots, so it drops the last operands of every
   * instruction (docs/visa-binary.md §6). 0: it emits as many leading fields as the instruction has
   * fields other than E and P, list entries included; otherwise the number of leading fields. */
  uint8_t w12504;
} sf_visa_opdesc;

/* The row of opcode op, or NULL for a number IGC 12504 does not define (>= 0x93). Reserved
 * numbers have a row with a NULL layout. */
const sf_visa_opdesc *sf_visa_optab(uint8_t op);
/* The sub-op row for sub-opcode byte v of d (NULL when d has no sub-op table or v is unknown). */
const sf_visa_subop *sf_visa_optab_sub(const sf_visa_opdesc *d, uint8_t v);
/* Number of rows (the opcode numbers 0 .. count-1 are all described). */
unsigned sf_visa_optab_count(void);

/* VA and VA_SKL_PLUS in text (visa_va_text.c): GenX_IR's printed sub-op name of (op, sub), and
 * its fields after the sub-op by what the text writes (T surface, S sampler, V vector, R raw, M
 * minmax enable mode, a lower-case letter or P a mode byte), NULL when the sub-op has no text;
 * and whether byte v of mode letter k has a name in that text. */
const char *sf_visa_va_name(uint8_t op, uint8_t sub);
const char *sf_visa_va_plan(uint8_t op, uint8_t sub);
bool sf_visa_va_mode_ok(char k, uint32_t v);

#endif
