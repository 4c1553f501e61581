/* visa_optab.c — one row per vISA 4.1 opcode (IGC 1.0.12504); see visa_optab.h for the field kinds.
 *
 * Sources: intel-graphics-compiler visa/include/visa_igc_common_header.h (ISA_Opcode numbers),
 * visa/IsaDescription.cpp (names, operand counts and which opcodes carry a predicate),
 * visa/ByteCodeReaderNG.cpp (the byte order IGC reads), documentation/visa/instructions/ (one .md per instruction).
 * Layouts are for version 4.1 files: UD variable ids, the UD file-name index of FILE, the ffid byte
 * of RAW_SENDS, the UW op word of the 3D sampler instructions, the exec/pred form of
 * GATHER4_TYPED/SCATTER4_TYPED.
 *
 * Adding an instruction that is only coded (not executed) is one row here. */
#include <stddef.h>

#include "harness/visa/visa_optab.h"

/* Common shapes: exec, predicate, then N vector operands (dst first). */
#define EP1 "EPV"
#define EP2 "EPVV"
#define EP3 "EPVVV"
#define EP4 "EPVVVV"
#define EP5 "EPVVVVV"

#define ROW(o, n, l, s) [o] = {o, n, l, s, NULL, 0, 0}
/* A row whose IGC 12504 truncated form keeps w leading fields (see w12504). */
#define ROWW(o, n, l, s, w) [o] = {o, n, l, s, NULL, 0, w}
#define RSV(o, n) [o] = {o, n, NULL, SF_VSYN_NONE, NULL, 0, 0}
#define SUBS(t) t, (uint8_t)(sizeof t / sizeof t[0])

/* SVM (0x4e): the sub-opcode byte selects the layout (ByteCodeReaderNG readInstructionSVM). */
static const sf_visa_subop svm_subs[] = {
    {1, "svm_block_ld", "bVR", SF_VSYN_SVMBLOCK},
    {2, "svm_block_st", "bVR", SF_VSYN_SVMBLOCK},
    {3, "svm_gather", "EPbbRR", SF_VSYN_SVM},
    {4, "svm_scatter", "EPbbRR", SF_VSYN_SVM},
    {5, "svm_atomic", "EPbRRRR", SF_VSYN_SVMATOMIC},
    {6, "svm_gather4scaled", "EPbwVRR", SF_VSYN_SVM4},
    {7, "svm_scatter4scaled", "EPbwVRR", SF_VSYN_SVM4},
};

/* VA (0x44) and VA_SKL_PLUS (0x4d), the video-analytics sampler messages of CM kernels: the
 * sub-opcode selects the fields (ByteCodeReaderNG's ISA_VA case and, for VA_SKL_PLUS, the
 * VAPlusSubOpcodeDesc table of IsaDescription.cpp it reads by: sampler and surface b, offsets and
 * other vector operands V, modes b, raw sources and destinations R). Sub-op 0 (AVS) has no VA form
 * (the AVS opcode is 0x43) and VA_SKL_PLUS has none below 8 and none at 0x0e. Their text is
 * GenX_IR's printed form (visa_va_text.c). */
static const sf_visa_subop va_subs[] = {
    {1, "va_convolve_2d", "bbVVbR", SF_VSYN_VA},  {2, "va_minmax", "bVVVR", SF_VSYN_VA},
    {3, "va_minmaxfilter", "bbVVbbVR", SF_VSYN_VA}, {4, "va_erode", "bbVVbR", SF_VSYN_VA},
    {5, "va_dilate", "bbVVbR", SF_VSYN_VA},       {6, "va_boolcentroid", "bVVVVR", SF_VSYN_VA},
    {7, "va_centroid", "bVVVR", SF_VSYN_VA},
};
static const sf_visa_subop va_plus_subs[] = {
    {0x08, "va_convolve_1d_v", "bbVVbR", SF_VSYN_VA},
    {0x09, "va_convolve_1d_h", "bbVVbR", SF_VSYN_VA},
    {0x0a, "va_convolve_1pixel", "bbVVbRR", SF_VSYN_VA},
    {0x0b, "va_floodfill", "bRVVVR", SF_VSYN_VA},
    {0x0c, "va_lbpcreation", "bVVbR", SF_VSYN_VA},
    {0x0d, "va_lbpcorrelation", "bVVVR", SF_VSYN_VA},
    {0x0f, "va_correlationsearch", "bVVVVVVVVR", SF_VSYN_VA},
    {0x10, "va_hdc_convolve_2d", "bbVVbbVV", SF_VSYN_VA},
    {0x11, "va_hdc_minmaxfilter", "bbVVbbbVV", SF_VSYN_VA},
    {0x12, "va_hdc_erode", "bbVVbVV", SF_VSYN_VA},
    {0x13, "va_hdc_dilate", "bbVVbVV", SF_VSYN_VA},
    {0x14, "va_hdc_lbpcorrelation", "bVVVbVV", SF_VSYN_VA},
    {0x15, "va_hdc_lbpcreation", "bVVbbVV", SF_VSYN_VA},
    {0x16, "va_hdc_convolve_1d_h", "bbVVbbVV", SF_VSYN_VA},
    {0x17, "va_hdc_convolve_1d_v", "bbVVbbVV", SF_VSYN_VA},
    {0x18, "va_hdc_convolve_1pixel", "bbVVbRbVV", SF_VSYN_VA},
};

/* 3D_INFO (0x70): RESINFO (10) carries a LOD raw operand before dst, the others do not. */
static const sf_visa_subop info_subs[] = {
    {10, "resinfo", "EbbRR", SF_VSYN_INFO3D},
    {-1, "sampleinfo", "EbbR", SF_VSYN_INFO3D},
};

/* LSC (0x89 untyped, 0x8a typed; IGC 1.0.12504's ByteCodeReaderNG, checked byte by byte against
 * GenX_IR 12504 for PVC, docs/visa-binary.md §6.1). After the sub-op and E P:
 *   untyped: sfid, L1, L3 cache, address type (b); scale (w); immediate offset (d); address size,
 *            data size, data order, vector length, channel mask (b); surface (V); dst, src0 address,
 *            src1, src2 (R)
 *   strided: the same up to the channel mask, then surface (V), dst, address base (R), pitch (V),
 *            src1 (R)
 *   block2d: sfid, L1, L3, data size, data order, blocks (b); width, height (w); vnni (b); dst (R);
 *            surface base, width, height, pitch, block x, block y (V); src1 (R)
 *   typed:   L1, L3, address type, address size, data size, data order, vector length, channel mask
 *            (b); surface (V); dst, u, v, r, lod, src1, src2 (R)
 * The 12504 descriptor tables list a reserved UD after the surface and D offsets after u, v and r;
 * neither its reader nor its writer has them (later IGC versions do). */
#define LSC_U "EPbbbbwdbbbbbVRRRR"
#define LSC_S "EPbbbbwdbbbbbVRRVR"
#define LSC_B "EPbbbbbbwwbRVVVVVVR"
#define LSC_T "EPbbbbbbbbVRRRRRRR"
static const sf_visa_subop lsc_untyped_subs[] = {
    {0x00, "lsc_load", LSC_U, SF_VSYN_LSC},          {0x01, "lsc_load_strided", LSC_S, SF_VSYN_LSC},
    {0x02, "lsc_load_quad", LSC_U, SF_VSYN_LSC},     {0x03, "lsc_load_block2d", LSC_B, SF_VSYN_LSC},
    {0x04, "lsc_store", LSC_U, SF_VSYN_LSC},         {0x05, "lsc_store_strided", LSC_S, SF_VSYN_LSC},
    {0x06, "lsc_store_quad", LSC_U, SF_VSYN_LSC},    {0x07, "lsc_store_block2d", LSC_B, SF_VSYN_LSC},
    {0x08, "lsc_atomic_iinc", LSC_U, SF_VSYN_LSC},   {0x09, "lsc_atomic_idec", LSC_U, SF_VSYN_LSC},
    {0x0a, "lsc_atomic_load", LSC_U, SF_VSYN_LSC},   {0x0b, "lsc_atomic_store", LSC_U, SF_VSYN_LSC},
    {0x0c, "lsc_atomic_iadd", LSC_U, SF_VSYN_LSC},   {0x0d, "lsc_atomic_isub", LSC_U, SF_VSYN_LSC},
    {0x0e, "lsc_atomic_smin", LSC_U, SF_VSYN_LSC},   {0x0f, "lsc_atomic_smax", LSC_U, SF_VSYN_LSC},
    {0x10, "lsc_atomic_umin", LSC_U, SF_VSYN_LSC},   {0x11, "lsc_atomic_umax", LSC_U, SF_VSYN_LSC},
    {0x12, "lsc_atomic_icas", LSC_U, SF_VSYN_LSC},   {0x13, "lsc_atomic_fadd", LSC_U, SF_VSYN_LSC},
    {0x14, "lsc_atomic_fsub", LSC_U, SF_VSYN_LSC},   {0x15, "lsc_atomic_fmin", LSC_U, SF_VSYN_LSC},
    {0x16, "lsc_atomic_fmax", LSC_U, SF_VSYN_LSC},   {0x17, "lsc_atomic_fcas", LSC_U, SF_VSYN_LSC},
    {0x18, "lsc_atomic_and", LSC_U, SF_VSYN_LSC},    {0x19, "lsc_atomic_or", LSC_U, SF_VSYN_LSC},
    {0x1a, "lsc_atomic_xor", LSC_U, SF_VSYN_LSC},    {0x1b, "lsc_load_status", LSC_U, SF_VSYN_LSC},
    {0x1c, "lsc_store_uncompressed", LSC_U, SF_VSYN_LSC}, {0x1d, "lsc_ccs_update", LSC_U, SF_VSYN_LSC},
};
static const sf_visa_subop lsc_typed_subs[] = {
    {0x02, "lsc_load_quad", LSC_T, SF_VSYN_LSC},     {0x06, "lsc_store_quad", LSC_T, SF_VSYN_LSC},
    {0x08, "lsc_atomic_iinc", LSC_T, SF_VSYN_LSC},   {0x09, "lsc_atomic_idec", LSC_T, SF_VSYN_LSC},
    {0x0a, "lsc_atomic_load", LSC_T, SF_VSYN_LSC},   {0x0b, "lsc_atomic_store", LSC_T, SF_VSYN_LSC},
    {0x0c, "lsc_atomic_iadd", LSC_T, SF_VSYN_LSC},   {0x0d, "lsc_atomic_isub", LSC_T, SF_VSYN_LSC},
    {0x0e, "lsc_atomic_smin", LSC_T, SF_VSYN_LSC},   {0x0f, "lsc_atomic_smax", LSC_T, SF_VSYN_LSC},
    {0x10, "lsc_atomic_umin", LSC_T, SF_VSYN_LSC},   {0x11, "lsc_atomic_umax", LSC_T, SF_VSYN_LSC},
    {0x12, "lsc_atomic_icas", LSC_T, SF_VSYN_LSC},   {0x13, "lsc_atomic_fadd", LSC_T, SF_VSYN_LSC},
    {0x14, "lsc_atomic_fsub", LSC_T, SF_VSYN_LSC},   {0x15, "lsc_atomic_fmin", LSC_T, SF_VSYN_LSC},
    {0x16, "lsc_atomic_fmax", LSC_T, SF_VSYN_LSC},   {0x17, "lsc_atomic_fcas", LSC_T, SF_VSYN_LSC},
    {0x18, "lsc_atomic_and", LSC_T, SF_VSYN_LSC},    {0x19, "lsc_atomic_or", LSC_T, SF_VSYN_LSC},
    {0x1a, "lsc_atomic_xor", LSC_T, SF_VSYN_LSC},    {0x1b, "lsc_load_status", LSC_T, SF_VSYN_LSC},
    {0x1c, "lsc_store_uncompressed", LSC_T, SF_VSYN_LSC}, {0x1d, "lsc_ccs_update", LSC_T, SF_VSYN_LSC},
    {0x1e, "lsc_read_state_info", LSC_T, SF_VSYN_LSC},
};

static const sf_visa_opdesc optab[] = {
    RSV(0x00, "reserved0"),
    ROW(0x01, "add", EP3, SF_VSYN_ALU),
    ROW(0x02, "avg", EP3, SF_VSYN_ALU),
    ROW(0x03, "div", EP3, SF_VSYN_ALU),
    ROW(0x04, "dp2", EP3, SF_VSYN_ALU),
    ROW(0x05, "dp3", EP3, SF_VSYN_ALU),
    ROW(0x06, "dp4", EP3, SF_VSYN_ALU),
    ROW(0x07, "dph", EP3, SF_VSYN_ALU),
    ROW(0x08, "exp", EP2, SF_VSYN_ALU),
    ROW(0x09, "frc", EP2, SF_VSYN_ALU),
    ROW(0x0a, "line", EP3, SF_VSYN_ALU),
    ROW(0x0b, "log", EP2, SF_VSYN_ALU),
    ROW(0x0c, "mad", EP4, SF_VSYN_ALU),
    ROW(0x0d, "mulh", EP3, SF_VSYN_ALU),
    ROW(0x0e, "lrp", EP4, SF_VSYN_ALU),
    ROW(0x0f, "mod", EP3, SF_VSYN_ALU),
    ROW(0x10, "mul", EP3, SF_VSYN_ALU),
    ROW(0x11, "pow", EP3, SF_VSYN_ALU),
    ROW(0x12, "rndd", EP2, SF_VSYN_ALU),
    ROW(0x13, "rndu", EP2, SF_VSYN_ALU),
    ROW(0x14, "rnde", EP2, SF_VSYN_ALU),
    ROW(0x15, "rndz", EP2, SF_VSYN_ALU),
    ROW(0x16, "sad2", EP3, SF_VSYN_ALU),
    ROW(0x17, "sin", EP2, SF_VSYN_ALU),
    ROW(0x18, "cos", EP2, SF_VSYN_ALU),
    ROW(0x19, "sqrt", EP2, SF_VSYN_ALU),
    ROW(0x1a, "rsqrt", EP2, SF_VSYN_ALU),
    ROW(0x1b, "inv", EP2, SF_VSYN_ALU),
    ROW(0x1c, "dpasw", "ERRRVd", SF_VSYN_DPAS),
    ROW(0x1d, "fcvt", "EVV", SF_VSYN_ALUNP),
    ROW(0x1e, "srnd", "EVVV", SF_VSYN_ALUNP),
    ROW(0x1f, "lzd", EP2, SF_VSYN_ALU),
    ROW(0x20, "and", EP3, SF_VSYN_ALU),
    ROW(0x21, "or", EP3, SF_VSYN_ALU),
    ROW(0x22, "xor", EP3, SF_VSYN_ALU),
    ROW(0x23, "not", EP2, SF_VSYN_ALU),
    ROW(0x24, "shl", EP3, SF_VSYN_ALU),
    ROW(0x25, "shr", EP3, SF_VSYN_ALU),
    ROW(0x26, "asr", EP3, SF_VSYN_ALU),
    ROW(0x27, "cbit", EP2, SF_VSYN_ALU),
    ROW(0x28, "addr_add", "EVVV", SF_VSYN_ADDR),
    ROW(0x29, "mov", EP2, SF_VSYN_ALU),
    ROW(0x2a, "sel", EP3, SF_VSYN_ALU),
    ROW(0x2b, "setp", "EVV", SF_VSYN_MOVS),
    ROW(0x2c, "cmp", "EbVVV", SF_VSYN_CMP),
    ROW(0x2d, "movs", "EVV", SF_VSYN_MOVS),
    ROW(0x2e, "fbl", EP2, SF_VSYN_ALU),
    ROW(0x2f, "fbh", EP2, SF_VSYN_ALU),
    ROW(0x30, "func", "L", SF_VSYN_LABEL),
    ROW(0x31, "label", "L", SF_VSYN_LABEL),
    ROW(0x32, "jmp", "EPL", SF_VSYN_CF),
    ROW(0x33, "call", "EPL", SF_VSYN_CF),
    ROWW(0x34, "ret", "EP", SF_VSYN_CF, 1),
    ROW(0x35, "oword_ld", "bbbVR", SF_VSYN_OWORD),
    ROW(0x36, "oword_st", "bbVR", SF_VSYN_OWORD),
    ROW(0x37, "media_ld", "bbbbbVVR", SF_VSYN_MEDIA),
    ROW(0x38, "media_st", "bbbbbVVR", SF_VSYN_MEDIA),
    ROW(0x39, "gather", "bbbbVRR", SF_VSYN_GATHER),
    ROW(0x3a, "scatter", "bbbVRR", SF_VSYN_GATHER),
    RSV(0x3b, "reserved3b"),
    ROW(0x3c, "oword_ld_unaligned", "bbbVR", SF_VSYN_OWORD),
    RSV(0x3d, "reserved3d"),
    RSV(0x3e, "reserved3e"),
    RSV(0x3f, "reserved3f"),
    ROW(0x40, "sample", "bbbRRRR", SF_VSYN_SAMPLE),
    ROW(0x41, "sample_unorm", "bbbVVVVR", SF_VSYN_NONE),
    ROW(0x42, "load", "bbRRRR", SF_VSYN_SAMPLE),
    ROW(0x43, "avs", "bbbVVVVVVVbVbVR", SF_VSYN_NONE),
    [0x44] = {0x44, "va", "S", SF_VSYN_NONE, SUBS(va_subs), 0},
    ROW(0x45, "fminmax", "EbVVV", SF_VSYN_MINMAX),
    ROW(0x46, "bfe", EP4, SF_VSYN_ALU),
    ROW(0x47, "bfi", EP5, SF_VSYN_ALU),
    ROW(0x48, "bfrev", EP2, SF_VSYN_ALU),
    ROW(0x49, "addc", EP4, SF_VSYN_ALU),
    ROW(0x4a, "subb", EP4, SF_VSYN_ALU),
    ROW(0x4b, "gather4_typed", "EPbbRRRRR", SF_VSYN_TYPED4),
    ROW(0x4c, "scatter4_typed", "EPbbRRRRR", SF_VSYN_TYPED4),
    [0x4d] = {0x4d, "va_skl_plus", "S", SF_VSYN_NONE, SUBS(va_plus_subs), 0},
    [0x4e] = {0x4e, "svm", "S", SF_VSYN_NONE, SUBS(svm_subs), 0},
    ROW(0x4f, "ifcall", "EPVbb", SF_VSYN_IFCALL),
    ROW(0x50, "faddr", "wV", SF_VSYN_FADDR),
    ROW(0x51, "file", "d", SF_VSYN_SRCLOC),
    ROW(0x52, "loc", "d", SF_VSYN_SRCLOC),
    RSV(0x53, "reserved53"),
    /* VME (ByteCodeReaderNG readInstructionMisc; the fields in the order AppendVISAMiscVME_* add them) */
    ROW(0x54, "vme_ime", "bbRRbRRRR", SF_VSYN_VME),
    ROW(0x55, "vme_sic", "RRbR", SF_VSYN_VME),
    ROW(0x56, "vme_fbr", "RRbVVVR", SF_VSYN_VME),
    ROW(0x57, "vme_idm", "RRbR", SF_VSYN_VME),
    RSV(0x58, "reserved58"),
    ROW(0x59, "barrier", "", SF_VSYN_BARE),
    ROW(0x5a, "sampler_cache_flush", "", SF_VSYN_BARE),
    ROW(0x5b, "wait", "V", SF_VSYN_WAIT),
    ROW(0x5c, "fence", "b", SF_VSYN_FENCE),
    ROW(0x5d, "raw_send", "bEPdbbVRR", SF_VSYN_RAWSEND),
    RSV(0x5e, "reserved5E"),
    ROW(0x5f, "yield", "", SF_VSYN_BARE),
    ROW(0x60, "nbarrier", "bVV", SF_VSYN_NBARRIER),
    RSV(0x61, "reserved61"),
    RSV(0x62, "reserved62"),
    RSV(0x63, "reserved63"),
    RSV(0x64, "reserved64"),
    RSV(0x65, "reserved65"),
    RSV(0x66, "reserved66"),
    ROW(0x67, "fcall", "EPwbb", SF_VSYN_FCALL),
    ROW(0x68, "fret", "EP", SF_VSYN_CF),
    ROW(0x69, "switchjmp", "EnV*L", SF_VSYN_SWITCHJMP),
    ROW(0x6a, "sad2add", EP4, SF_VSYN_ALU),
    ROW(0x6b, "plane", EP3, SF_VSYN_ALU),
    ROW(0x6c, "goto", "EPL", SF_VSYN_CF),
    ROW(0x6d, "sample_3d", "wEPbVbbRn*R", SF_VSYN_NONE),
    ROW(0x6e, "load_3d", "wEPbVbRn*R", SF_VSYN_LOAD3D),
    ROW(0x6f, "gather4_3d", "wEPbVbbRn*R", SF_VSYN_NONE),
    [0x70] = {0x70, "info_3d", "S", SF_VSYN_NONE, SUBS(info_subs), 0},
    ROW(0x71, "rt_write_3d", "EPwbR?", SF_VSYN_RTWRITE), /* mode, surface, header, then what the mode selects */
    ROW(0x72, "urb_write_3d", "EPbRwRRR", SF_VSYN_URB),
    ROW(0x73, "typed_atomic", "bEPbRRRRRRR", SF_VSYN_TYPEDATOMIC),
    ROW(0x74, "gather4_scaled", "EPbwbVRR", SF_VSYN_SCALED4),
    ROW(0x75, "scatter4_scaled", "EPbwbVRR", SF_VSYN_SCALED4),
    RSV(0x76, "reserved76"),
    RSV(0x77, "reserved77"),
    ROW(0x78, "gather_scaled", "EPbbwbVRR", SF_VSYN_SCALED),
    ROW(0x79, "scatter_scaled", "EPbbwbVRR", SF_VSYN_SCALED),
    ROW(0x7a, "raw_sends", "bEPbbbbVVRRR", SF_VSYN_RAWSENDS),
    ROW(0x7b, "lifetime", "bd", SF_VSYN_LIFETIME),
    ROW(0x7c, "sbarrier", "b", SF_VSYN_SBARRIER),
    ROW(0x7d, "dword_atomic", "bEPbRRRR", SF_VSYN_DWATOMIC),
    ROW(0x7e, "sqrtm", EP2, SF_VSYN_ALU),
    ROW(0x7f, "divm", EP3, SF_VSYN_ALU),
    ROW(0x80, "rol", EP3, SF_VSYN_ALU),
    ROW(0x81, "ror", EP3, SF_VSYN_ALU),
    ROW(0x82, "dp4a", EP4, SF_VSYN_ALU),
    ROW(0x83, "dpas", "ERRRVd", SF_VSYN_DPAS),
    ROW(0x84, "add3", EP4, SF_VSYN_ALU),
    ROW(0x85, "bfn", "EPVVVVb", SF_VSYN_BFN),
    ROW(0x86, "qw_gather", "EPbbRR", SF_VSYN_QW),
    ROW(0x87, "qw_scatter", "EPbbRR", SF_VSYN_QW),
    RSV(0x88, "reserved88"),
    [0x89] = {0x89, "lsc_untyped", "S", SF_VSYN_NONE, SUBS(lsc_untyped_subs), 0},
    [0x8a] = {0x8a, "lsc_typed", "S", SF_VSYN_NONE, SUBS(lsc_typed_subs), 0},
    ROW(0x8b, "lsc_fence", "EPbbb", SF_VSYN_LSC), /* E P (ignored by IGC's reader), sfid, fence op, scope */
    RSV(0x8c, "reserved8c"),
    RSV(0x8d, "reserved8d"),
    RSV(0x8e, "reserved8e"),
    RSV(0x8f, "reserved8f"),
    RSV(0x90, "reserved90"),
    ROW(0x91, "madw", EP4, SF_VSYN_ALU),
    ROW(0x92, "add3.o", EP4, SF_VSYN_ALU),
};

_Static_assert(sizeof optab / sizeof optab[0] == 0x93, "one row per opcode 0x00..0x92");

const sf_visa_opdesc *sf_visa_optab(uint8_t op) {
  return op < sizeof optab / sizeof optab[0] ? &optab[op] : NULL;
}

const sf_visa_subop *sf_visa_optab_sub(const sf_visa_opdesc *d, uint8_t v) {
  if (!d || !d->subs) return NULL;
  for (unsigned i = 0; i < d->num_subs; i++)
    if (d->subs[i].value == v || d->subs[i].value < 0) return &d->subs[i];
  return NULL;
}

unsigned sf_visa_optab_count(void) { return (unsigned)(sizeof optab / sizeof optab[0]); }

const char *sf_visa_rtw_tail(uint32_t mode, char out[16]) {
  size_t n = 0;
  if (mode & 0x800u) out[n++] = SF_VF_VEC; /* sample index */
  if (mode & 0x100u) out[n++] = SF_VF_VEC; /* CPS counter */
  if (mode & 0x004u) out[n++] = SF_VF_VEC; /* render-target index */
  if (mode & 0x008u) out[n++] = SF_VF_RAW; /* s0a */
  if (mode & 0x010u) out[n++] = SF_VF_RAW; /* oM */
  for (int i = 0; i < 4; i++) out[n++] = SF_VF_RAW; /* R G B A */
  if (mode & 0x020u) out[n++] = SF_VF_RAW; /* Z */
  if (mode & 0x040u) out[n++] = SF_VF_RAW; /* stencil */
  out[n] = 0;
  return out;
}
