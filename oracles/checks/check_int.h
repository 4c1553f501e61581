/* oracles/checks/check_int.h — checks shared between the files of oracles/checks/ (not public). */
#ifndef SF_CHECK_INT_H
#define SF_CHECK_INT_H

#include <stdatomic.h>
#include <string.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/case.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/visa.h"

/* sample_diff: the SAMPLE_UNORM rect entry point of every backend against the scalar backend and
 * against the per-block requests (oracles/checks/check_rect.c). True when every check held or the
 * case is not a SAMPLE_UNORM one. */
bool sf_check_rect(sf_verdict *v, const sf_case *c, const sf_case_env *env, const sf_backend *const *be, unsigned nbe);
/* check_fastpath.c: `dispatch` (sf_backend_choose for a name picked by the input) and `fast_path`
 * (fixed requests every SIMD backend vectorizes are not forwarded to the scalar code). */
/* check_dispatch.c: `backend_note`, on the first call in a process (before anything selects a backend). */
bool sf_check_backend_note_once(sf_verdict *v);
bool sf_check_dispatch(sf_verdict *v, const sf_case *c, const uint8_t *p, size_t n, const sf_backend *const *be,
                       unsigned nbe);
bool sf_check_fast_path(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe);
/* check_fastpath_avs.c: `fast_path`'s AVS blocks (`avs_clamp`, `avs_near`, `avs_edge`, `avs_span`,
 * `avs_vbn`) with the sampler *samp, on surfaces of its own. */
bool sf_check_fast_avs(sf_verdict *v, const sf_case *c, const sf_sampler *samp, const sf_backend *const *be, unsigned nbe);
bool sf_check_request_lod(sf_verdict *v, const sf_case *c, const sf_backend *const *be, unsigned nbe);
bool sf_check_u8_edges(sf_verdict *v, const sf_case *c, const uint8_t *in, size_t n, const sf_backend *const *be,
                       unsigned nbe);
/* check_u8_edges.c: puts one field of *sp out of the range sf_sampler_check allows, by pick % 9 (a
 * filter, an address mode, the bias, a LOD bound, the compare function, an AVS tap sum); `n` picks
 * the address axis or the AVS phase. Returns the field's name. */
const char *sf_check_break_sampler(sf_sampler *sp, unsigned pick, unsigned n);
/* check_sample.c: a sampler case's bucket key (what, format, surface type, filters) and its dump */
void sf_case_key(sf_verdict *v, const sf_case *c, const char *what);
void sf_dump_case(sf_verdict *v, const sf_case *c);
/* ... two batches' results, lanes 0..n-1, bit for bit (and is_int, null_mask), and their differences */
bool sf_out_equal(const sf_sample_out *a, const sf_sample_out *b, unsigned n);
void sf_dump_out_diff(sf_verdict *v, const sf_sample_out *a, const sf_sample_out *b, unsigned n, const char *na,
                      const char *nb);
bool sf_check_request_extreme(sf_verdict *v, const sf_case *c, const sf_sample_batch *b, const sf_backend *const *be,
                              unsigned nbe);
bool sf_check_request_cube_ties(sf_verdict *v, const sf_case *c, const sf_sample_batch *b, const sf_backend *const *be,
                                unsigned nbe);
bool sf_check_request_forbidden(sf_verdict *v, const sf_case *c, const sf_sample_batch *b, const sf_backend *const *be,
                                unsigned nbe);

/* Reads a case (any bytes) and builds its environment (oracles/checks/check_sample.c). False when
 * the input does not run: v is then a refusal (out of memory, a cap) or failed with `env_refused`,
 * since the case reader folds every header field into a valid range and the builder must accept
 * what it reads (a surface size, format or sampler state refused alike by every backend would
 * otherwise pass as agreement). */
/* Junk in every field of d that equality ignores (inst.h: what the operands' forms do not use, the
 * sources past num_src, the extended tokens' fields when absent), as `canon_clears` writes it
 * (check_d3d_canon.c): indices past index_dim read as relative, 0x5A elsewhere. */
void sf_check_junk_d3d(sf_d3d_inst *d);
/* `canon_clears` (check_d3d_canon.c): a copy of d with junk in those fields is equal to d, breaks as
 * many of the model's rules, and canonicalizes to the same bytes, zeros where the junk was; and
 * (`read_zeros`) a valid d, as read, is its own canonical form but for its extended-token order. */
bool sf_check_d3d_canon_clears(sf_verdict *v, const sf_d3d_inst *d, bool valid);
/* The tokens of one instruction or declaration printed by sf_d3dasm_print_tokens at `version`, the
 * text dropped: the printer's code, st cleared first and holding its refusal. */
static inline sf_code sf_check_print_tokens(const uint32_t *tok, size_t n, uint32_t version, sf_status *st) {
  sf_status_clear(st);
  sf_buf b;
  sf_buf_init(&b, st);
  sf_code rc = sf_d3dasm_print_tokens(tok, n, version, &b, st);
  sf_buf_free(&b);
  return rc;
}
/* A D3D instruction as an sf_inst (family D3D, the rest zero), for the model's entry points. */
static inline sf_inst sf_check_wrap_d3d(const sf_d3d_inst *d) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_D3D;
  in.d3d = *d;
  return in;
}
bool sf_check_case_env(sf_verdict *v, const uint8_t *p, size_t n, sf_case *c, sf_case_env *env);

/* Check `store` (oracles/checks/check_store.c): four palette values stored into a 1x1 surface of the
 * case's format read back, through the independent model's decoder, inside the intervals D3D11.3
 * §3.2.3 allows. True when they do or the format has no such texel. */
bool sf_check_store(sf_verdict *v, const sf_case *c);
/* `surface_rules` (check_store.c): one rule of the case's surface descriptor broken, the creator must refuse it. */
bool sf_check_surface_rules(sf_verdict *v, const sf_case *c);

/* sample_diff: the executor's sample batch against the instruction and the machine state before
 * it ran (oracles/checks/check_exec.c). True when they agree or the instruction has no batch. */
bool sf_check_exec_batch(sf_verdict *v, const sf_inst *in, const sf_state *before, const sf_sample_batch *b);
/* sample_diff: where the result lands (oracles/checks/check_exec.c). D3D: the register file after
 * execution is the one before with the batch's result written through the destination's mask, the
 * resource swizzle and _sat, for the batch's lanes, and nothing else. vISA 3D_SAMPLE: the destination
 * variable holds the enabled channels' blocks (and the pixel null mask) for the batch's lanes,
 * converted to its type, and no other variable changes. vISA SAMPLE_UNORM: the destination holds the
 * enabled channels' blocks of the recorded 8x4 block, in its output format. rec holds what the
 * executor handed to the backend (sf_exec_recorded); with nothing recorded, or for AVS, true. */
/* Check `relayout` (oracles/checks/check_relayout.c): text, printed by a printer, rewritten with
 * other blanks, comments, blank lines and line ends but the same tokens, must give canon's output
 * want[0..want_len) (canon: parse and reprint, or parse to bytes). what names the language in the
 * verdict. sf_check_relayout_every: whether text is among the one in `every` that the byte-driven
 * modes check (a hash of the text decides; generated inputs check more). */
#define SF_RELAYOUT_MAX (1u << 20)
#define SF_RELAYOUT_EVERY 4u
typedef sf_code (*sf_check_canon_fn)(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st);
bool sf_check_relayout(sf_verdict *v, const char *what, sf_check_canon_fn canon, const void *ctx, const char *text,
                       size_t n, const void *want, size_t want_len);
bool sf_check_relayout_every(const char *text, size_t n, unsigned every);
/* The rewrite itself, with the draws seeded by seed (the check seeds it with a hash of the text). */
void sf_relayout(const char *t, size_t n, uint64_t seed, sf_buf *out);
#define SF_RELAYOUT_INNER 1u   /* blanks inside parentheses and before commas too (check_relayout.c) */
#define SF_RELAYOUT_PROGRAM 2u /* SF_RELAYOUT_INNER only inside a container text's `.program` sections */
#define SF_RELAYOUT_TIGHT 4u   /* vISA text: no blank between a ')' and a name after it (check_relayout.c) */
void sf_relayout_opts(const char *t, size_t n, uint64_t seed, unsigned opts, sf_buf *out);
sf_code sf_canon_d3dasm_program(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st);
sf_code sf_canon_dxbc_text(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st);
sf_code sf_canon_visaasm(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st);
sf_code sf_canon_d3dasm_inst(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st);
sf_code sf_canon_visa_inst(const void *ctx, const char *text, size_t n, sf_buf *out, sf_status *st);
/* One printed instruction's text (NUL-terminated), one in SF_RELAYOUT_EVERY, canon(text) == text. */
bool sf_check_relayout_text(sf_verdict *v, const char *what, sf_check_canon_fn canon, const char *text);

/* The DXBC checksum recomputed independently of the codec (oracles/checks/check_dxbc_sum.c).
 * sf_indep_md5: RFC 1321 MD5 of m[0..len), or with the DXBC padding of docs/dxbc.md §1.2 (false
 * only when out of memory). Check `checksum`: _read, given the reader's answer on p[0..n), fails
 * when a right digest was refused with SF_ERR_CHECKSUM or a wrong, non-zero one accepted;
 * _written fails when a container the writer produced does not carry its digest (zero: the writer
 * was asked to leave it all zero). */
bool sf_indep_md5(const uint8_t *m, size_t len, bool dxbc_padding, uint32_t out[4]);
bool sf_check_dxbc_checksum_read(const uint8_t *p, size_t n, sf_code read, sf_verdict *v);
bool sf_check_dxbc_checksum_written(const uint8_t *p, size_t n, bool zero, sf_verdict *v);
/* `chunk_gap` (check_dxbc_sum.c): a packed container p[0..n) with four bytes put before one chunk
 * reads, and its text printer refuses it as unsupported at that chunk's table entry. */
bool sf_check_dxbc_chunk_gap(sf_verdict *v, const uint8_t *p, size_t n);
/* `chunk_edge` (check_dxbc_sum.c): the container p[0..n) with one chunk offset set one past the
 * last that fits a chunk header is refused as out of range at that table entry, naming the bound. */
bool sf_check_dxbc_chunk_edge(sf_verdict *v, const uint8_t *p, size_t n);
/* A container text parsed into a scratch buffer (capped past the largest container) that is freed:
 * the code and the status only (check_d3d.c; the signature of a negative-lines parser). */
sf_code sf_check_dxbc_parse_any(const void *ctx, const char *text, size_t n, sf_status *st);
bool sf_check_dxbc_fourcc_cut(sf_verdict *v, const char *t, size_t n);
/* `program_empty` (check_dxbc_sum.c): the text with its first program section emptied is refused
 * at the section's directive. */
bool sf_check_dxbc_program_empty(sf_verdict *v, const char *t, size_t n);
/* `hex_lines` (check_dxbc_sum.c): every `.hex` line of a container text holds 1 to 32 bytes. */
bool sf_check_dxbc_hex_lines(sf_verdict *v, const char *t, size_t n);

/* dxbc_fuzzer's generated mode (check_d3d_gen.c): p is the generator's draws after "SFGEN". */
bool sf_check_dxbc_gen(const uint8_t *p, size_t n, sf_verdict *v);
/* The program-body checks of dxbc (check_d3d.c) on p[0..n). strict 0: as for any input; else for
 * a program the generator built, where a refusal of the decoder or of the printer is a finding
 * (`gen_decode`, `gen_print`), and with SF_D3D_STRICT_NO_TPF so is a `.tpf` line (`gen_escape`). */
enum { SF_D3D_STRICT = 1u << 0, SF_D3D_STRICT_NO_TPF = 1u << 1 };
bool sf_check_d3d_program_strict(const uint8_t *p, size_t n, sf_verdict *v, const char *what, unsigned strict);

bool sf_check_exec_writeback(sf_verdict *v, const sf_inst *in, const sf_state *before, const sf_state *after,
                             const sf_indep_rec *rec);
/* `exec_operands` (check_operands.c): the scalar sources of the first SAMPLE_UNORM or AVS request
 * the executor recorded, read again from the instruction and the state `before` the execution. */
bool sf_check_exec_operands(sf_verdict *v, const sf_inst *in, const sf_state *before, const sf_indep_rec *rec);
/* Defines fn_once(v): fn(v) on the first call in a process, true after (the fixed-work contract
 * checks below: their inputs do not depend on the fuzz input, so once is enough). */
#define SF_CHECK_ONCE_FN(fn)                          \
  bool fn##_once(sf_verdict *v) {                     \
    static atomic_flag done_ = ATOMIC_FLAG_INIT;      \
    return atomic_flag_test_and_set(&done_) || fn(v); \
  }
/* `api_nulls` (check_api_nulls.c): every pointer argument of the vISA and D3D codec entry points
 * refused as NULL with SF_ERR_INVALID, the other arguments valid. sf_check_api_nulls_once runs it
 * on the first call in a process (the codec targets call it on every input) and passes after. */
bool sf_check_api_nulls(sf_verdict *v);
bool sf_check_api_nulls_once(sf_verdict *v);
/* `state_api` (check_state_api.c): the machine state's variable table (sf_state_add_var, lookups,
 * re-declaration, reuse after sf_state_free, its caps and bad arguments) with fixed values.
 * sf_check_state_api_once runs it on the first call in a process (the sampler targets call it on
 * every input) and passes after. */
bool sf_check_state_api(sf_verdict *v);
bool sf_check_state_api_once(sf_verdict *v);
/* `conversions` (check_state_api.c): sRGB8 and half codes decode and encode back to themselves;
 * once per process like state_api. */
bool sf_check_conversions(sf_verdict *v);
/* A small valid surface a sampler check builds was not created: out of memory leaves the check
 * nothing to say (true); any other refusal is a finding of `check` (false). check_state_api.c. */
bool sf_check_surface_refused(sf_verdict *v, const char *check, const sf_status *st);
bool sf_check_conversions_once(sf_verdict *v);
bool sf_check_surface_api(sf_verdict *v);
bool sf_check_surface_api_once(sf_verdict *v);
bool sf_check_sampler_nulls(sf_verdict *v);
bool sf_check_sampler_nulls_once(sf_verdict *v);
bool sf_check_state_defaults(sf_verdict *v);
bool sf_check_state_defaults_once(sf_verdict *v);
/* `sig_names` (check_d3d_names.c): the signature text's sv=, type= and min= names are those of the
 * values d3dcommon.h gives them. sf_check_d3d_names_once runs it on the first call in a process
 * (the D3D codec targets call it on every input) and passes after. */
bool sf_check_d3d_names(sf_verdict *v);
bool sf_check_d3d_names_once(sf_verdict *v);
/* `program_cap` (check_d3d_names.c): a program of exactly SF_TPF_MAX_PROGRAM_TOKENS DWORDs decodes,
 * one DWORD more is refused as SF_ERR_LIMIT at DWORD 0; once per process, like sig_names. */
bool sf_check_d3d_program_cap_once(sf_verdict *v);
/* `token_refusals` (check_d3d_tokens.c): one valid sample_l broken a token field at a time; the
 * decoder's refusal has the code, the DWORD and the numbers (the component count, the index, the
 * reserved bits) of the broken field. Once per process, like sig_names. */
bool sf_check_d3d_tokens_once(sf_verdict *v);
/* `imm_width` (check_d3d_text.c): the immediates' %f / %g edge at 24 characters, float and double;
 * with `d3d_line_cuts` (fxc lines cut after every byte, read in blocks of exactly their bytes) once
 * per process in the D3D codec targets (sf_check_d3d_text_fixed_once). */
bool sf_check_d3d_imm_width(sf_verdict *v);
bool sf_check_d3d_text_fixed_once(sf_verdict *v);
/* `statement_cap` (check_d3d_text.c): an immediate constant buffer one DWORD past a statement's cap, refused in the
 * text; once per process in d3dasm_fuzzer (the costliest fixed check: 2^20 values parsed). */
bool sf_check_d3d_statement_cap(sf_verdict *v);
bool sf_check_d3d_statement_cap_once(sf_verdict *v);
/* `container_caps` (check_d3d_caps.c): the DXBC container at its chunk and size caps and one past, in
 * the writer, the reader and the container text parser; once per process in the D3D codec targets. */
bool sf_check_d3d_caps_once(sf_verdict *v);
/* `double_suffix` (check_d3d_text.c): a printed program t[0..n) whose d(...) values get fxc's 'l'
 * suffix encodes to the program's bytes p[0..pn). */
bool sf_check_d3d_double_suffix(sf_verdict *v, const char *t, size_t n, const uint8_t *p, size_t pn);
/* `encode_fits` (check_visa_rules.c): one packed field of a decoded vISA instruction (picked by
 * pick: one of the instruction's own, or the class, modifier, tag bits or a region nibble of one of
 * its vector operands) one past its width is refused by the encoder as out of range, naming it and
 * the width; its largest value encodes. */
bool sf_check_encode_fits(sf_verdict *v, const sf_inst *in, uint8_t pick);
/* `id_fits` (check_visa_rules.c, once per process): operand ids and immediates at and one past their widths. */
bool sf_check_id_fits_once(sf_verdict *v);
/* A relative index r<reg>.x (plus imm, for SF_D3D_IDX_IMM32_REL) on o's first index (check_d3d_rules.c). */
void sf_check_d3d_rel(sf_d3d_opnd *o, uint8_t rep, uint32_t imm, uint32_t reg);
bool sf_check_visa_print_refuses(sf_verdict *v, const sf_inst *in, uint8_t draw);
bool sf_check_d3d_sm51_case(sf_verdict *v, const char *t, size_t n, uint32_t version);
/* `exec_dst_first` (check_operands.c): the case's D3D instruction with an unwritable destination,
 * under a live mask from the case's bytes, is refused (SF_ERR_LIMIT) before any backend call. s is
 * the case's state before execution; its live mask is restored. */
/* It first runs `exec_refusals`: with a backend that refuses, the executor returns the refusal and
 * leaves the state unchanged; a 3D_SAMPLE with predicate control 3 is refused before any call. */
bool sf_check_exec_dst_first(sf_verdict *v, const sf_case *c, sf_state *s);
/* `null_param` (check_operands.c): a 3D_SAMPLE parameter made %null builds the batch a variable of
 * zeros in its place builds. */
bool sf_check_null_param(sf_verdict *v, const sf_case *c, sf_case_env *env);
/* `null_dst` (check_operands.c): a SAMPLE_UNORM, AVS or 3D_SAMPLE destination made %null runs and
 * writes nothing. */
bool sf_check_null_dst(sf_verdict *v, const sf_case *c, sf_case_env *env);
/* The ISGN and OSGN of a shader sf_dxbc_wrap_sample built around one instruction (check_d3d_wrap.c):
 * one element per declared input and output register, as the wrapper documents them. */
/* `wrap decls` (check_d3d_wrap.c): the wrapped shader p declares every register instruction d
 * names, relative-index registers included. */
/* check_refusal.c: the executor's status rc for the valid case c (the same on every backend): a
 * refusal it may give is recorded on v; any other is the finding `refused_valid` (with the
 * features `limit_reason` and `unsupported_reason`). False on a finding. */
bool sf_check_exec_refusal(sf_verdict *v, const sf_case *c, sf_code rc, const sf_status *rs);
bool sf_check_wrap_decls(sf_verdict *v, const sf_tpf_program *p, const sf_d3d_inst *d, const sf_inst *in);
bool sf_check_wrap_signatures(sf_verdict *v, const sf_dxbc *c, const sf_tpf_program *p, const sf_inst *in);
/* check_d3d_wrap.c: whether d names a register the minimal shader cannot declare (docs/dxbc.md §1),
 * the only reason the wrapper may refuse a valid instruction; and `wrap_edges`, fixed instructions
 * on each side of each of those limits, once per process in the D3D codec targets. */
bool sf_d3d_wrap_beyond(const sf_d3d_inst *d);
bool sf_check_d3d_wrap_edges_once(sf_verdict *v);

/* A refusal's contract: a code other than SF_OK, a message (which never says "(null)" unless the
 * input does: glibc's spelling of a NULL string passed to %s, undefined behaviour in C17 7.21.6.1), and (need_pos, unless the code is
 * SF_UNSUPPORTED, SF_ERR_NOMEM or SF_ERR_LIMIT) a position. A position must point into the input
 * when it is given (input, n bytes): a byte or DWORD offset at most its end, a line:column on one of
 * its lines, at most one column past that line's end. `in` (may be NULL) names the instruction in a
 * failure. */
bool sf_check_refusal_at(sf_verdict *v, const char *what, const sf_status *st, const sf_inst *in, const void *input,
                         size_t n, bool need_pos);
/* `status_code`: the code an entry point returned is the code of the status it filled. The status
 * keeps the first failure (status.h), so a decoder that reads on past a fault and then returns the
 * code of a later one (truncation, say) tells the caller one thing and the user another. */
bool sf_check_refusal_code(sf_verdict *v, const char *what, sf_code rc, const sf_status *st);
/* `used_on_error`: a decoder that refused an input reports 0 units used (visa.h, dxbc.h): a caller
 * stepping through a stream by *used stops there instead of stepping over bytes it never read. */
bool sf_check_used_zero(sf_verdict *v, const char *what, size_t used, const sf_status *st);

#define SF_CHECK_FIT_CAP 4096
typedef sf_code (*sf_check_print_fn)(const void *inst, char *buf, size_t n, sf_status *st);
/* A printer's output contract: the text `text` printed from inst must fit a buffer of exactly
 * strlen(text) + 1 bytes with the same text, and a buffer one byte shorter must be refused with
 * SF_ERR_LIMIT, never cut short and reported as printed (oracles/checks/verdict.c). `report` names
 * the instruction in a failure. */
/* With `back` (the parse of `text`; may be NULL), the text fixpoint too: `back` must print as `text`
 * into exactly the room (check "fixpoint" when it does not print the same with room to spare, else
 * "print_fit"). Without it, `inst` is printed into the exact room. Two prints where separate
 * checks take three. */
bool sf_check_print_fixpoint_fit(sf_verdict *v, const sf_inst *report, sf_check_print_fn print, const void *inst,
                                 const void *back, const char *text);

/* `canon_clears` then `validate_sees` (oracles/checks/check_d3d_rules.c): canonicalizing clears every
 * field equality ignores; every rule of sf_d3d_inst_validate has an edit
 * that breaks it; on a copy of d each edit must be reported under its rule (one edit in
 * SF_RULES_EVERY per input, picked by the instruction's fields). The table is exposed
 * for its unit test: edit i of w (returns -1 past the table, 0 when it does not apply, 1 when done)
 * and the rule it targets. valid: d passed sf_d3d_inst_validate (the caller knows; only the first two
 * edits run on an invalid instruction). */
#define SF_RULES_EVERY 4u
bool sf_check_d3d_rules_seen(sf_verdict *v, const sf_d3d_inst *d, bool valid);
/* `version_digits`' printer side (check_d3d_caps.c): the shader model line for every version it can say. */
bool sf_check_version_lines(sf_verdict *v);
size_t sf_d3d_rule_edit_count(void);
int sf_d3d_rule_edit(size_t i, sf_d3d_inst *w, const char **rule);

/* The same for the vISA families (oracles/checks/check_visa_rules.c). in must be valid: the caller
 * has validated it (the edits assume an otherwise valid instruction). */
bool sf_check_visa_rules_seen(sf_verdict *v, const sf_inst *in);
size_t sf_visa_rule_edit_count(void);
/* `validate_cap`: an instruction with more violations than sf_violations holds stores exactly
 * SF_MAX_VIOLATIONS of them, each with its rule; and the instructions that have that many: every
 * field and operand of a copy broken (D3D: sf_d3d_break_all; vISA: sf_visa_break_all, for AVS). */
bool sf_check_violation_cap(sf_verdict *v, const sf_inst *w);
void sf_d3d_break_all(sf_d3d_inst *w);
void sf_visa_break_all(sf_inst *w);
int sf_visa_rule_edit(size_t i, sf_inst *w, const char **rule);

/* Negative edits (oracles/checks/check_negative.c): one invalid-by-construction edit of `text`, a
 * one-line text that parse() accepts (a printer's output), must be refused with a position on line 1
 * at the edit: a trailing " @", a hex literal widened past 64 bits, a decimal integer replaced by
 * 2^32 (no decimal field of either syntax is wider than 32 bits), a vISA channel letter replaced
 * by 'Q', or a vISA 3D suffix written twice; with SF_NEG_MNEMONIC (D3D), "_qq" appended to the
 * mnemonic. The edit is picked by a hash of the text (a kind, then one of its candidates). `report`
 * names the instruction in a failure. */
typedef sf_code (*sf_check_parse_fn)(const void *ctx, const char *text, size_t n, sf_status *st);
bool sf_check_negative_text(sf_verdict *v, const sf_inst *report, sf_check_parse_fn parse, const void *ctx,
                            const char *text, unsigned flags);
/* The same edits on one line of a whole text (a program, a container text): the line is picked by a
 * hash of the text among the lines that are inside a section opened by a line starting with
 * `section` (every line when NULL), are not directives (a first non-space '.'), and hold no quoted
 * string; a comment is left out of the edit. flags: SF_NEG_COMMAS, removing one top-level comma is
 * an edit too (D3D operand lists); SF_NEG_NO_WORD_DIGITS, digits that end a word ("L12") are not
 * widened (a vISA label takes any name); SF_NEG_MNEMONIC, the mnemonic edit (D3D).
 * The parser must refuse the edited text on that line, at the edit. One text in four. Texts over
 * SF_NEG_LINES_MAX bytes are left alone. Check "negative_line". */
#define SF_NEG_LINES_MAX (256u * 1024u)
/* One text in SF_NEG_EVERY gets a negative edit: a parse costs about a sixth of a codec target's
 * time, and a campaign's millions of texts still spread the edits over every literal
 * (docs/oracles.md). */
#define SF_NEG_EVERY 4u
enum { SF_NEG_COMMAS = 1u, SF_NEG_NO_WORD_DIGITS = 2u, SF_NEG_MNEMONIC = 4u };
bool sf_check_negative_lines(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *text, size_t n,
                             const char *section, unsigned flags);
/* A container text's signature element lines (check_negative_sig.c): one " mask=" or " rw=" value,
 * picked by the text's hash, with its first letter written twice must be refused at that letter. */
bool sf_check_negative_sigmask(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *text, size_t n);
/* Whether p[0..n) holds the NUL-terminated word w (a plain loop: libFuzzer would feed the words of
 * a strstr or memmem to its mutations). */
bool sf_check_has_word(const void *p, size_t n, const char *w);
/* ext_empty (check_d3d_text.c): the canonical instruction canon with its extended-token order
 * cleared encodes to the same tokens and prints to the same text (the empty order is fxc's). */
bool sf_check_d3d_ext_empty(sf_verdict *v, const sf_d3d_inst *canon);
/* typed_imm (check_d3d_text.c): every l(...) immediate of an int- or uint-typed operand in a printed
 * D3D program text is written as decimal integers. */
bool sf_check_d3d_typed_imms(sf_verdict *v, const char *t, size_t n);
/* text_fit (check_d3d_text.c): container p[0..n), whose text is len bytes, printed into len - 1
 * bytes must give SF_ERR_LIMIT through the caller's status (one container in eight). */
bool sf_check_dxbc_text_fit(sf_verdict *v, const uint8_t *p, size_t n, size_t len);
/* text_cap (check_d3d_text.c): one printed program text in 2048, padded with comment lines to
 * exactly SF_D3DASM_MAX_TEXT bytes, parses; one byte more is refused as SF_ERR_LIMIT. */
bool sf_check_d3d_text_cap(sf_verdict *v, const char *t, size_t n);
/* check_d3d_text.c: the first `.tpf` line of a program text t[0..n) escaped because the
 * instruction's own text did not read back (or NULL), and whether t has any `.tpf` line. */
const char *sf_d3d_readback_escape(const char *t, size_t n);
bool sf_d3d_has_tpf_line(const char *t, size_t n);
/* check_isa_file_edit.c: `cut_tail` on g (its kernel 0's tail is edited and restored), then
 * `opcode_edit` or `name_nul` on the written bytes w of the file g read from the input p (one input
 * in four each way, by the input's hash) */
/* check_isa_same.c: whether kernel b declares what kernel a declares (every variable, symbol,
 * label, input and attribute, names compared as strings); canon: b was read from a's text, which
 * has no place for an unaliased variable's alias offset and scope; why says where they differ. */
bool sf_isa_same_decls(const sf_visa_kernel *a, const sf_visa_kernel *b, bool canon, char *why, size_t n);
/* check_isa_same.c: whether file b holds the kernels and functions of a (declarations, every
 * instruction, the Gen binaries unless canon, the bytes after the last ret); why names the object
 * that differs. canon: b was read from a's text. */
bool sf_isa_same_file(const sf_isa_file *a, const sf_isa_file *b, bool canon, char *why, size_t n);
/* `gop_zeros`: every generic instruction field of f (read by `reader`) holds zero in the members its
 * kind does not use (check_isa_same.c). */
bool sf_isa_gops_zero(sf_verdict *v, const sf_isa_file *f, const char *reader);
/* `funcdecls` (check_isa_same.c): the text printed from g, read back as h, lists each kernel's functions. */
bool sf_isa_funcdecls_listed(sf_verdict *v, const sf_isa_file *g, const sf_isa_file *h);
/* `target_names` (check_isa_file_edit.c, once per process): Target="cm"/"3d"/"cs" read as the
 * one-byte values 0/1/2 and print back by name. */
bool sf_check_target_names_once(sf_verdict *v);
/* `refusal_words` (check_text_words.c): the text readers' refusals of fixed faulty lines, with their
 * codes, columns and words (quote widths, line length caps); once per process. */
bool sf_check_text_words(sf_verdict *v);
bool sf_check_text_words_once(sf_verdict *v);
/* The string table filled to its last string, and one FILE line, jump or fcall past it (isa_file only). */
bool sf_check_text_strings_once(sf_verdict *v);
/* fxc's samplepos of the vkd3d test ps_code-L32210 (tests/data/real/dxbc-vkd3d): a length of 9 DWORDs
 * for 8 DWORDs of operands and a zero DWORD, which the printer refuses as "4 operands, the table
 * says 3" (`escape_reason` in check_d3d_names.c, the program printer's escape in check_text_words.c). */
#define SF_CHECK_SAMPLEPOS9_TOKENS {0x0900006eu, 0x00102032u, 0, 0x00107046u, 0, 0x0020800au, 0, 0, 0}
/* `optab_rows`, `mnemonic_end`, `suffix_column`, `string_escapes`, `suffix_edges`, `va_modes`, `known_lines`,
 * `read_forms`, `short_ops`, `known_refusals`, `s3d_names`, `cache_edges` (check_isa_lines.c): fixed vISA text lines and
 * the opcode table's rows, once per process (the isa_file target). */
bool sf_check_isa_lines(sf_verdict *v);
bool sf_check_isa_lines_once(sf_verdict *v);
/* Parses vISA text[0..n) copied into a block of exactly n bytes (under ASan a read past the text is a
 * finding), *f zeroed first and st cleared; the parser's code (SF_ERR_NOMEM if no copy was made). */
struct sf_isa_file;
sf_code sf_check_visaasm_exact(const char *text, size_t n, struct sf_isa_file *f, sf_status *st);
/* The vISA text caps (check_isa_caps.c): a text one label, instruction, kernel, ... over its
 * cap is refused at that line, and one at the cap reads. */
bool sf_check_caps_once(sf_verdict *v);
bool sf_isa_decl_drop(sf_verdict *v, const char *t, size_t n, uint64_t h);
bool sf_isa_text_ids(sf_verdict *v, const char *t, size_t n);
/* Whether a printer refusal names a generic instruction (a row or sub-op name of the vISA opcode
 * table, with `.tgm` after a typed LSC sub-op's, then ':'), other than addr_add's modifier on a
 * variable's address, the one field the generator builds without a text form (check_isa_file_once.c). */
bool sf_isa_gen_inst_refusal(const char *msg);
/* `genx_spelling` (check_isa_file_edit.c): the first raw_sends_eot / raw_sendsc line of the printed
 * text, respelled as GenX_IR's printer writes it, reads as the same bytes. */
bool sf_isa_genx_spellings(sf_verdict *v, const char *t, size_t n);
/* check_isa_file.c: whether generic instructions a (of kernel ka) and b (of kb) have the same opcode,
 * form, position, field kinds and bytes, a name field compared by its string; x and y are scratch */
bool sf_isa_same_ginst(const sf_visa_kernel *ka, const sf_visa_kernel *kb, const sf_visa_ginst *a,
                       const sf_visa_ginst *b, sf_buf *x, sf_buf *y);
/* the cap of the binary and text outputs of one isa_file check */
#define SF_ISA_CHECK_BUF_LIMIT (4u << 20)

/* `alloc_fail` (check_alloc.c): on one input in SF_ALLOC_FAIL_EVERY (by its hash), one entry point
 * that succeeded on the input runs with one of its allocations failing and must return
 * SF_ERR_NOMEM with a message, leaking nothing. Only in programs linked with the allocation
 * wrappers (the fuzz targets: harness/model/alloc_fault.h); elsewhere they return true at once. */
#define SF_ALLOC_FAIL_EVERY 8u
struct sf_isa_file;
/* The isa_file target: f is what p[0, n) read as (text: sf_visaasm_parse); one of the reader, the
 * writer and the text printer. */
bool sf_check_isa_alloc_fail(const uint8_t *p, size_t n, bool text, const struct sf_isa_file *f, sf_verdict *v);
typedef enum { SF_D3D_ALLOC_CONTAINER, SF_D3D_ALLOC_CONTAINER_TEXT, SF_D3D_ALLOC_PROGRAM } sf_d3d_alloc_input;
/* The D3D codec targets: a container (read, and its program decoded; or printed as text), a
 * container's text (parsed) or a program body (decoded, printed and parsed back). */
bool sf_check_d3d_alloc_fail(const char *target, const uint8_t *p, size_t n, sf_d3d_alloc_input kind, sf_verdict *v);
/* `alloc_text` (check_alloc.c, once per process): a short vISA text with a line of each allocating
 * kind, parsed and printed with each of their allocations failed in turn. */
bool sf_check_isa_alloc_text_once(sf_verdict *v);
/* `alloc_long` (check_alloc.c, once per process): a 102-token instruction printed with each of its
 * allocations failed in turn. */
bool sf_check_d3d_alloc_long_once(sf_verdict *v);
/* sample_diff: the case's environment built (surfaces, variables), or a small RGBA8 or R8 rect on every
 * backend, which may also go on without the memory and give the same planes. */
bool sf_check_sampler_alloc_fail(sf_verdict *v, const sf_case *c, const uint8_t *p, size_t n, const sf_backend *const *be,
                                 unsigned nbe);
/* `class_edit` and `value_edit` (check_isa_field_edit.c): a vector operand of kernel 0 given another
 * class, or a scalar field an edge value; text the printer writes for it reads back as the same
 * bytes (the edit picked by the hash h) */
bool sf_isa_field_edit(sf_isa_file *g, uint64_t h, sf_verdict *v);
/* `old_fields` and `old_counts` (check_isa_old.c): what vISA versions before 4.1 cannot hold, refused
 * as out of range by the encoder and the writer. */
bool sf_isa_old_versions(sf_isa_file *g, sf_verdict *v);
/* `gen_drop` (check_isa_field_edit.c): sf_isa_drop_gen_code on a file with Gen code empties every
 * record, kernels' and functions', and reports their count and bytes; f is not used after it. */
bool sf_isa_gen_drop(sf_verdict *v, sf_isa_file *f);
/* `minus_zero` (check_roundtrip.c): no integer of a printed vISA text is "-0". */
bool sf_check_visa_minus_zero(sf_verdict *v, const sf_inst *report, const char *t, size_t n);
/* `object_order` (check_isa_objects.c; every file with a function, one in four of the others, by h):
 * the file w with its objects in the reverse order reads as g. */
bool sf_check_isa_object_order(const sf_isa_file *g, const uint8_t *w, size_t wn, uint64_t h, sf_verdict *v);
/* `refusal_names` (check_isa_refusal.c): a whole-file printer refusal of g (its status st) that
 * names `instruction $N` names a generic instruction g holds at stream place N, as described, and
 * the printer with no status returns the same code. */
bool sf_check_isa_refusal_names(const sf_isa_file *g, const sf_status *st, sf_verdict *v);
/* `name_index` (check_isa_names.c): every declaration of each kernel and function of g (objects of at
 * most 256 declarations) looked up by name through sf_visa_kernel_lookup and through the name index
 * gives the kind and id the vISA numbering gives the first declaration of that name. */
bool sf_check_isa_name_index(const sf_isa_file *g, sf_verdict *v);
/* `write_refuses` (check_isa_write.c): on one input in four of the isa_file checks (by the hash of
 * p[0, n)), one field of f's kernel 0 is moved past its array or its bits, written, and put back:
 * the writer must refuse it as out of range. f is left as it was. */
bool sf_check_isa_write_refuses(sf_isa_file *f, const uint8_t *p, size_t n, sf_verdict *v);
bool sf_check_isa_file_edits(sf_isa_file *g, const uint8_t *w, size_t wn, const uint8_t *p, size_t n,
                              sf_verdict *v);
/* the D3D printers' text cap for one instruction (check_d3d.c, check_d3d_text.c) */
#define SF_D3D_TEXT_CAP SF_D3DASM_MAX_INST_TEXT
bool sf_check_d3d_inst_class(sf_verdict *v, const sf_inst *in, const char *t);
bool sf_check_d3d_minus_zero(sf_verdict *v, const sf_inst *in, const char *t);
/* container_sniff (check_d3d_text.c): a printed container text t[0..n), as printed and after blank
 * lines and a comment put before it, is recognized as a container text (sf_dxbc_text_is_container,
 * which routes d3dasm input). */
bool sf_check_container_sniff(sf_verdict *v, const char *t, size_t n);
/* `negative_line first`: text[0..n) (a text that parses) with its first line replaced by `line`, an
 * invalid one, must be refused on line 1 at a column in [lo, hi] (1-based). */
/* `group_drop` (check_negative.c, D3D program texts): one line (picked by the text's hash) whose
 * mnemonic has the word _aoffimmi or _indexable, without the group(s) that word needs, after the
 * text's first line (the shader model): the parser must refuse it on line 2, within the mnemonic.
 * The negative line edits make the same edit, but rarely: this one runs on every such text. */
bool sf_check_group_drop(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *t, size_t n);
bool sf_check_negative_first_line(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *text, size_t n,
                                  const char *line, unsigned lo, unsigned hi);
/* `eof_cut` (check_eof_cut.c): a text that parses, cut short (after a label line's ':', after a
 * word that a '[' follows, or at or inside any line; picked by its hash), in a buffer of exactly
 * the kept bytes: the parser reads no byte past them (ASan sees it) and gives what it gives with a
 * newline after the cut, the same code and, on a refusal, the same line and column (or the end of
 * the text in both). One text in SF_NEG_EVERY. */
bool sf_check_eof_cut(sf_verdict *v, sf_check_parse_fn parse, const void *ctx, const char *text, size_t n);

/* The byte that picks what a model check changes (an operand, a field), from a codec input of n
 * >= 1 bytes: its middle and last bytes and its length, never its first, which is the opcode and
 * the same for every input of a family. */
static inline uint8_t sf_check_draw(const uint8_t *p, size_t n) { return (uint8_t)(p[n / 2] + 7u * p[n - 1] + n); }
/* The model core's contracts (oracles/checks/check_model.c), run by visa_bin and dxbc: the reader,
 * the capped writer and the status helpers on a script drawn from the input bytes, for one input in
 * four (checks model_reader, model_buf, model_status), and, for a decoded instruction, `canon_clears`
 * (the canonical form clears every field equality ignores) and the family dispatch
 * (model_family: validate and validate_rules agree, self-equality, a family outside the table is a
 * "family" violation). `draw` picks the second out-of-table family. */
bool sf_check_model_core(sf_verdict *v, const uint8_t *p, size_t n);
bool sf_check_model_inst(sf_verdict *v, const sf_inst *in, uint8_t draw);

#endif
