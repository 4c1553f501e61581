/* d3d_optab.c — the one SM4/SM5/SM5.1 opcode table: every D3D10_SB_OPCODE / D3D11_SB_OPCODE value
 * (0x00-0xea), fxc's mnemonic, the operand counts and data types, and the per-opcode extras.
 *
 * Sources: Microsoft's public d3d11TokenizedProgramFormat.hpp (the opcode values, the opcode-token
 * control fields: test boolean bit 18, saturate bit 13, precise [22:19], resinfo return type
 * [12:11], sampleinfo return type bit 11, sync flags [14:11], declaration fields); the operand
 * counts and types were checked against vkd3d-shader's libs/vkd3d-shader/tpf.c (opcode_table[]) and
 * the mnemonics against fxc listings and vkd3d's d3d_asm.c. docs/dxbc.md §6 describes the table.
 *
 * A row: mnemonic, destination types, source types (one letter per operand: f float, i int,
 * u uint, d double, * untyped: resource / sampler / uav / label / stream), flags, layout. ALU rows
 * (layout 0) are printed and parsed by d3d_gen_*.c from the row alone; declaration rows name one
 * of the SF_TPF_DCL_* layouts that d3d_decl*.c implement. Adding an instruction that is only coded
 * is one row here. */
#include <pthread.h>
#include <string.h>

#include "samplefuzz/dxbc.h"

#define A(o, n, d, s, f) [o] = {o, n, d, s, f, 0}
#define D(o, n, l, f) [o] = {o, n, "", "", f, l}
enum { T = SF_TPF_F_TEST, RI = SF_TPF_F_RESINFO, SI = SF_TPF_F_SAMPLEINFO, SY = SF_TPF_F_SYNC, S5 = SF_TPF_F_SM5,
       S1 = SF_TPF_F_SM51SPACE, SM = SF_TPF_F_SAMPLE };

static const sf_tpf_opinfo optab[SF_TPF_NUM_OPCODES] = {
    A(0x00, "add", "f", "ff", 0), A(0x01, "and", "u", "uu", 0), A(0x02, "break", "", "", 0),
    A(0x03, "breakc", "", "u", T), A(0x04, "call", "", "*", 0), A(0x05, "callc", "", "u*", T),
    A(0x06, "case", "", "u", 0), A(0x07, "continue", "", "", 0), A(0x08, "continuec", "", "u", T),
    A(0x09, "cut", "", "", 0), A(0x0a, "default", "", "", 0), A(0x0b, "deriv_rtx", "f", "f", 0),
    A(0x0c, "deriv_rty", "f", "f", 0), A(0x0d, "discard", "", "u", T), A(0x0e, "div", "f", "ff", 0),
    A(0x0f, "dp2", "f", "ff", 0), A(0x10, "dp3", "f", "ff", 0), A(0x11, "dp4", "f", "ff", 0),
    A(0x12, "else", "", "", 0), A(0x13, "emit", "", "", 0), A(0x14, "emitThenCut", "", "", 0),
    A(0x15, "endif", "", "", 0), A(0x16, "endloop", "", "", 0), A(0x17, "endswitch", "", "", 0),
    A(0x18, "eq", "u", "ff", 0), A(0x19, "exp", "f", "f", 0), A(0x1a, "frc", "f", "f", 0),
    A(0x1b, "ftoi", "i", "f", 0), A(0x1c, "ftou", "u", "f", 0), A(0x1d, "ge", "u", "ff", 0),
    A(0x1e, "iadd", "i", "ii", 0), A(0x1f, "if", "", "u", T), A(0x20, "ieq", "u", "ii", 0),
    A(0x21, "ige", "u", "ii", 0), A(0x22, "ilt", "u", "ii", 0), A(0x23, "imad", "i", "iii", 0),
    A(0x24, "imax", "i", "ii", 0), A(0x25, "imin", "i", "ii", 0), A(0x26, "imul", "ii", "ii", 0),
    A(0x27, "ine", "u", "ii", 0), A(0x28, "ineg", "i", "i", 0), A(0x29, "ishl", "i", "ii", 0),
    A(0x2a, "ishr", "i", "ii", 0), A(0x2b, "itof", "f", "i", 0), A(0x2c, "label", "", "*", 0),
    A(0x2d, "ld", "u", "i*", 0), A(0x2e, "ld_ms", "u", "i*i", 0), A(0x2f, "log", "f", "f", 0),
    A(0x30, "loop", "", "", 0), A(0x31, "lt", "u", "ff", 0), A(0x32, "mad", "f", "fff", 0),
    A(0x33, "min", "f", "ff", 0), A(0x34, "max", "f", "ff", 0),
    D(0x35, "dcl_immediateConstantBuffer", SF_TPF_DCL_CUSTOMDATA, 0),
    A(0x36, "mov", "f", "f", 0), A(0x37, "movc", "f", "uff", 0), A(0x38, "mul", "f", "ff", 0),
    A(0x39, "ne", "u", "ff", 0), A(0x3a, "nop", "", "", 0), A(0x3b, "not", "u", "u", 0),
    A(0x3c, "or", "u", "uu", 0), A(0x3d, "resinfo", "f", "i*", RI), A(0x3e, "ret", "", "", 0),
    A(0x3f, "retc", "", "u", T), A(0x40, "round_ne", "f", "f", 0), A(0x41, "round_ni", "f", "f", 0),
    A(0x42, "round_pi", "f", "f", 0), A(0x43, "round_z", "f", "f", 0), A(0x44, "rsq", "f", "f", 0),
    A(0x45, "sample", "f", "f**", SM), A(0x46, "sample_c", "f", "f**f", SM), A(0x47, "sample_c_lz", "f", "f**f", SM),
    A(0x48, "sample_l", "f", "f**f", SM), A(0x49, "sample_d", "f", "f**ff", SM), A(0x4a, "sample_b", "f", "f**f", SM),
    A(0x4b, "sqrt", "f", "f", 0), A(0x4c, "switch", "", "i", 0), A(0x4d, "sincos", "ff", "f", 0),
    A(0x4e, "udiv", "uu", "uu", 0), A(0x4f, "ult", "u", "uu", 0), A(0x50, "uge", "u", "uu", 0),
    A(0x51, "umul", "uu", "uu", 0), A(0x52, "umad", "u", "uuu", 0), A(0x53, "umax", "u", "uu", 0),
    A(0x54, "umin", "u", "uu", 0), A(0x55, "ushr", "u", "uu", 0), A(0x56, "utof", "f", "u", 0),
    A(0x57, "xor", "u", "uu", 0),
    D(0x58, "dcl_resource", SF_TPF_DCL_RESOURCE, S1), D(0x59, "dcl_constantbuffer", SF_TPF_DCL_CONSTANT_BUFFER, S1),
    D(0x5a, "dcl_sampler", SF_TPF_DCL_SAMPLER, S1), D(0x5b, "dcl_indexrange", SF_TPF_DCL_INDEX_RANGE, 0),
    D(0x5c, "dcl_outputtopology", SF_TPF_DCL_GS_TOPOLOGY, 0), D(0x5d, "dcl_inputprimitive", SF_TPF_DCL_GS_PRIMITIVE, 0),
    D(0x5e, "dcl_maxout", SF_TPF_DCL_COUNT, 0), D(0x5f, "dcl_input", SF_TPF_DCL_OPERAND, 0),
    D(0x60, "dcl_input_sgv", SF_TPF_DCL_OPERAND_SV, 0), D(0x61, "dcl_input_siv", SF_TPF_DCL_OPERAND_SV, 0),
    D(0x62, "dcl_input_ps", SF_TPF_DCL_INPUT_PS, 0), D(0x63, "dcl_input_ps_sgv", SF_TPF_DCL_INPUT_PS_SV, 0),
    D(0x64, "dcl_input_ps_siv", SF_TPF_DCL_INPUT_PS_SV, 0), D(0x65, "dcl_output", SF_TPF_DCL_OPERAND, 0),
    D(0x66, "dcl_output_sgv", SF_TPF_DCL_OPERAND_SV, 0), D(0x67, "dcl_output_siv", SF_TPF_DCL_OPERAND_SV, 0),
    D(0x68, "dcl_temps", SF_TPF_DCL_COUNT, 0), D(0x69, "dcl_indexableTemp", SF_TPF_DCL_INDEXABLE_TEMP, 0),
    D(0x6a, "dcl_globalFlags", SF_TPF_DCL_GLOBAL_FLAGS, 0),
    A(0x6c, "lod", "f", "f**", 0), A(0x6d, "gather4", "f", "f**", 0), A(0x6e, "samplepos", "f", "*u", 0),
    A(0x6f, "sampleinfo", "f", "*", SI),
    A(0x71, "hs_decls", "", "", S5), A(0x72, "hs_control_point_phase", "", "", S5), A(0x73, "hs_fork_phase", "", "", S5),
    A(0x74, "hs_join_phase", "", "", S5), A(0x75, "emit_stream", "", "*", S5), A(0x76, "cut_stream", "", "*", S5),
    A(0x77, "emitThenCut_stream", "", "*", S5), D(0x78, "fcall", SF_TPF_DCL_INTERFACE_CALL, S5),
    A(0x79, "bufinfo", "u", "*", S5), A(0x7a, "deriv_rtx_coarse", "f", "f", S5), A(0x7b, "deriv_rtx_fine", "f", "f", S5),
    A(0x7c, "deriv_rty_coarse", "f", "f", S5), A(0x7d, "deriv_rty_fine", "f", "f", S5),
    A(0x7e, "gather4_c", "f", "f**f", S5), A(0x7f, "gather4_po", "f", "fi**", S5), A(0x80, "gather4_po_c", "f", "fi**f", S5),
    A(0x81, "rcp", "f", "f", S5), A(0x82, "f32tof16", "u", "f", S5), A(0x83, "f16tof32", "f", "u", S5),
    A(0x84, "uaddc", "uu", "uu", S5), A(0x85, "usubb", "uu", "uu", S5), A(0x86, "countbits", "u", "u", S5),
    A(0x87, "firstbit_hi", "u", "u", S5), A(0x88, "firstbit_lo", "u", "u", S5), A(0x89, "firstbit_shi", "u", "i", S5),
    A(0x8a, "ubfe", "u", "iiu", S5), A(0x8b, "ibfe", "i", "iii", S5), A(0x8c, "bfi", "u", "iiuu", S5),
    A(0x8d, "bfrev", "u", "u", S5), A(0x8e, "swapc", "ff", "uff", S5),
    D(0x8f, "dcl_stream", SF_TPF_DCL_OPERAND, S5), D(0x90, "dcl_function_body", SF_TPF_DCL_FUNCTION_BODY, S5),
    D(0x91, "dcl_function_table", SF_TPF_DCL_FUNCTION_TABLE, S5), D(0x92, "dcl_interface", SF_TPF_DCL_INTERFACE, S5),
    D(0x93, "dcl_input_control_point_count", SF_TPF_DCL_CONTROL_POINTS, S5),
    D(0x94, "dcl_output_control_point_count", SF_TPF_DCL_CONTROL_POINTS, S5),
    D(0x95, "dcl_tessellator_domain", SF_TPF_DCL_TESS_DOMAIN, S5),
    D(0x96, "dcl_tessellator_partitioning", SF_TPF_DCL_TESS_PARTITIONING, S5),
    D(0x97, "dcl_tessellator_output_primitive", SF_TPF_DCL_TESS_OUTPUT_PRIMITIVE, S5),
    D(0x98, "dcl_hs_max_tessfactor", SF_TPF_DCL_FLOAT, S5),
    D(0x99, "dcl_hs_fork_phase_instance_count", SF_TPF_DCL_COUNT, S5),
    D(0x9a, "dcl_hs_join_phase_instance_count", SF_TPF_DCL_COUNT, S5),
    D(0x9b, "dcl_thread_group", SF_TPF_DCL_THREAD_GROUP, S5), D(0x9c, "dcl_uav_typed", SF_TPF_DCL_UAV_TYPED, S5 | S1),
    D(0x9d, "dcl_uav_raw", SF_TPF_DCL_UAV_RAW, S5 | S1), D(0x9e, "dcl_uav_structured", SF_TPF_DCL_UAV_STRUCTURED, S5 | S1),
    D(0x9f, "dcl_tgsm_raw", SF_TPF_DCL_TGSM_RAW, S5), D(0xa0, "dcl_tgsm_structured", SF_TPF_DCL_TGSM_STRUCTURED, S5),
    D(0xa1, "dcl_resource_raw", SF_TPF_DCL_RESOURCE_RAW, S5 | S1),
    D(0xa2, "dcl_resource_structured", SF_TPF_DCL_RESOURCE_STRUCTURED, S5 | S1),
    A(0xa3, "ld_uav_typed", "u", "i*", S5), A(0xa4, "store_uav_typed", "*", "iu", S5), A(0xa5, "ld_raw", "u", "i*", S5),
    A(0xa6, "store_raw", "*", "uu", S5), A(0xa7, "ld_structured", "u", "ii*", S5),
    A(0xa8, "store_structured", "*", "iiu", S5), A(0xa9, "atomic_and", "*", "iu", S5), A(0xaa, "atomic_or", "*", "iu", S5),
    A(0xab, "atomic_xor", "*", "iu", S5), A(0xac, "atomic_cmp_store", "*", "iuu", S5),
    A(0xad, "atomic_iadd", "*", "ii", S5), A(0xae, "atomic_imax", "*", "ii", S5), A(0xaf, "atomic_imin", "*", "ii", S5),
    A(0xb0, "atomic_umax", "*", "iu", S5), A(0xb1, "atomic_umin", "*", "iu", S5),
    A(0xb2, "imm_atomic_alloc", "u", "*", S5), A(0xb3, "imm_atomic_consume", "u", "*", S5),
    A(0xb4, "imm_atomic_iadd", "u*", "ii", S5), A(0xb5, "imm_atomic_and", "u*", "iu", S5),
    A(0xb6, "imm_atomic_or", "u*", "iu", S5), A(0xb7, "imm_atomic_xor", "u*", "iu", S5),
    A(0xb8, "imm_atomic_exch", "u*", "iu", S5), A(0xb9, "imm_atomic_cmp_exch", "u*", "iuu", S5),
    A(0xba, "imm_atomic_imax", "i*", "ii", S5), A(0xbb, "imm_atomic_imin", "i*", "ii", S5),
    A(0xbc, "imm_atomic_umax", "u*", "iu", S5), A(0xbd, "imm_atomic_umin", "u*", "iu", S5),
    A(0xbe, "sync", "", "", S5 | SY), A(0xbf, "dadd", "d", "dd", S5), A(0xc0, "dmax", "d", "dd", S5),
    A(0xc1, "dmin", "d", "dd", S5), A(0xc2, "dmul", "d", "dd", S5), A(0xc3, "deq", "u", "dd", S5),
    A(0xc4, "dge", "u", "dd", S5), A(0xc5, "dlt", "u", "dd", S5), A(0xc6, "dne", "u", "dd", S5),
    A(0xc7, "dmov", "d", "d", S5), A(0xc8, "dmovc", "d", "udd", S5), A(0xc9, "dtof", "f", "d", S5),
    A(0xca, "ftod", "d", "f", S5), A(0xcb, "eval_snapped", "f", "fi", S5), A(0xcc, "eval_sample_index", "f", "fi", S5),
    A(0xcd, "eval_centroid", "f", "f", S5), D(0xce, "dcl_gsinstances", SF_TPF_DCL_COUNT, S5),
    A(0xcf, "abort", "", "", S5), A(0xd0, "debug_break", "", "", S5), A(0xd2, "ddiv", "d", "dd", S5),
    A(0xd3, "dfma", "d", "ddd", S5), A(0xd4, "drcp", "d", "d", S5), A(0xd5, "msad", "u", "uuu", S5),
    A(0xd6, "dtoi", "i", "d", S5), A(0xd7, "dtou", "u", "d", S5), A(0xd8, "itod", "d", "i", S5),
    A(0xd9, "utod", "d", "u", S5), A(0xdb, "gather4_s", "fu", "f**", S5), A(0xdc, "gather4_c_s", "fu", "f**f", S5),
    A(0xdd, "gather4_po_s", "fu", "fi**", S5), A(0xde, "gather4_po_c_s", "fu", "fi**f", S5),
    A(0xdf, "ld_s", "uu", "i*", S5), A(0xe0, "ldms_s", "uu", "i*i", S5), A(0xe1, "ld_uav_typed_s", "uu", "i*", S5),
    A(0xe2, "ld_raw_s", "uu", "i*", S5), A(0xe3, "ld_structured_s", "uu", "ii*", S5),
    A(0xe4, "sample_l_s", "fu", "f**f", S5), A(0xe5, "sample_c_lz_s", "fu", "f**f", S5),
    A(0xe6, "sample_cl_s", "fu", "f**f", S5), A(0xe7, "sample_b_cl_s", "fu", "f**ff", S5),
    A(0xe8, "sample_d_cl_s", "fu", "f**fff", S5), A(0xe9, "sample_c_cl_s", "fu", "f**ff", S5),
    A(0xea, "check_access_fully_mapped", "u", "u", S5),
};

const sf_tpf_opinfo *sf_tpf_opinfo_get(uint32_t op) {
  if (op >= SF_TPF_NUM_OPCODES || !optab[op].name) return NULL;
  return &optab[op];
}

/* The table's opcodes sorted by mnemonic, built once (pthread_once: the codecs may run on several
 * threads), so that a lookup by name is a binary search and not a scan of 235 rows: the parsers
 * look up every instruction they read, and the scan was half of d3dasm_fuzzer's time. */
static uint8_t by_name[SF_TPF_NUM_OPCODES];
static unsigned n_by_name;
static pthread_once_t by_name_once = PTHREAD_ONCE_INIT;

static int name_cmp(const char *a, const char *b, size_t bl) {
  size_t al = strlen(a);
  int c = memcmp(a, b, al < bl ? al : bl);
  return c ? c : (al > bl) - (al < bl);
}

static void by_name_build(void) {
  unsigned n = 0;
  for (unsigned i = 0; i < SF_TPF_NUM_OPCODES; i++) {
    if (!optab[i].name) continue;
    unsigned k = n++; /* insertion sort: 235 rows, once */
    while (k > 0 && name_cmp(optab[by_name[k - 1]].name, optab[i].name, strlen(optab[i].name)) > 0) {
      by_name[k] = by_name[k - 1];
      k--;
    }
    by_name[k] = (uint8_t)i;
  }
  n_by_name = n;
}

const sf_tpf_opinfo *sf_tpf_opinfo_by_name(const char *name, size_t len) {
  if (!name) return NULL;
  pthread_once(&by_name_once, by_name_build);
  unsigned lo = 0, hi = n_by_name;
  while (lo < hi) {
    unsigned mid = lo + (hi - lo) / 2;
    int c = name_cmp(optab[by_name[mid]].name, name, len);
    if (c == 0) return &optab[by_name[mid]];
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}

/* The longest mnemonic that starts `word` and is followed by the end of the word or by '_'
 * (a suffix such as _nz, _sat, _indexable, _uint, _texture2d): each such prefix, longest first,
 * looked up by name. */
const sf_tpf_opinfo *sf_tpf_opinfo_by_prefix(const char *word, size_t len, size_t *name_len) {
  /* vkd3d-compiler 1.2's spellings (its trace listings), read as the same instructions. */
  static const struct { const char *name; uint16_t op; } alias[] = {
      {"dcl_constantBuffer", 0x59}, {"dcl_index_range", 0x5b}, {"sample_pos", 0x6e}};
  const sf_tpf_opinfo *best = NULL;
  size_t bl = 0;
  for (unsigned i = 0; i < sizeof alias / sizeof alias[0]; i++) {
    size_t l = strlen(alias[i].name);
    if (l <= len && l > bl && memcmp(alias[i].name, word, l) == 0 && (l == len || word[l] == '_'))
      best = &optab[alias[i].op], bl = l;
  }
  for (size_t l = len; l > bl; l--) {
    if (l < len && word[l] != '_') continue;
    const sf_tpf_opinfo *hit = sf_tpf_opinfo_by_name(word, l);
    if (hit) {
      best = hit, bl = l;
      break;
    }
  }
  if (name_len) *name_len = bl;
  return best;
}

unsigned sf_tpf_opinfo_ndst(const sf_tpf_opinfo *i) { return i ? (unsigned)strlen(i->dst) : 0; }
unsigned sf_tpf_opinfo_nsrc(const sf_tpf_opinfo *i) { return i ? (unsigned)strlen(i->src) : 0; }
