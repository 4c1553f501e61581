/* visa_text_priv.h — vISA text (IGC `.visaasm`), private to harness/visa: printer and parser for
 * SAMPLE_UNORM, 3D_SAMPLE and AVS, and the whole-file parser/printer.
 *
 * The printer writes one instruction the way IGC 12504's -dumpcommonisa does
 * (docs/visa-text.md); the parser reads IGC's
 * grammar of §5 plus the forms of the spec pages (IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/) "Text": upper-case mnemonics, the
 * spec's AVS operand order). Forms IGC cannot print or parse (sub-op lod and sample_po*, AVS exec
 * modes 8x4/4x4, an empty channel mask, unknown sub-ops, reserved bits) get spellings of our own so
 * that every canonical sf_inst round-trips; docs/visa-text.md lists them. Parse errors carry
 * line:column (§8 parse-time rules: exec sizes, channel order, offsets, regions, names).
 *
 * The text codec is ten files: visa_text_sym.c (tables, names), visa_print.c (instructions out),
 * visa_lex.c (cursor, operands in), visa_parse.c (instructions in), visa_gen_print.c and
 * visa_gen_parse.c (every other instruction of the opcode table, by syntax class), visa_lsc_text.c
 * (the LSC class, both directions), visa_dp_text.c (the oword, dword-atomic, media and SVM-block
 * classes, both directions),
 * visa_file_parse.c and visa_file_print.c (whole files). This header holds what they share. */
#ifndef SF_VISA_TEXT_PRIV_H
#define SF_VISA_TEXT_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "samplefuzz/visa.h"

#define MAX_LINE 4096u   /* longest instruction or directive line */

#define MAX_TOKENS 256u  /* tokens per line */

#define MAX_PARTS 8u     /* dot-separated parts of a mnemonic */

#define VT_MAX_LABELS 4096u /* labels per kernel in text (names are looked up by a linear scan) */

typedef enum { RES_OK = 0, RES_UNDECLARED, RES_WRONG_KIND } res_t;

/* The whole-file parser's index of the labels of the object being read: labels[0, done) of the
 * kernel are in ix (a label's id is its index; first name wins, as in the linear walk). */
typedef struct vt_label_ix {
  sf_visa_names ix;
  uint32_t done;
} vt_label_ix;

/* Where names come from: a kernel (may be NULL) and, for whole files, a hash index of its names and
 * one of its labels (NULL: labels are looked up by a walk). */
typedef struct symsrc {
  const sf_visa_kernel *k;
  const sf_visa_names *ix;
  vt_label_ix *labels;
} symsrc;

typedef struct ob {
  char *p;
  size_t n, len;
  bool over;
} ob;

typedef struct pctx {
  ob o;
  const symsrc *k;
  sf_status *st;
  sf_code err;
} pctx;

typedef struct cur {
  const char *s;
  size_t n, i;
  uint32_t line;
  const symsrc *k;
  sf_status *st;
  unsigned tokens;
  sf_code err;
} cur;

typedef struct mnem {
  const char *name;
  size_t name_n, name_at;
  const char *part[MAX_PARTS];
  size_t part_n[MAX_PARTS], part_at[MAX_PARTS];
  unsigned nparts;
} mnem;

/* alias=<name, offset> targets are resolved when the kernel's declarations are all known (at the next
 * .kernel or the end of the file), with the same rule the printer checks its names against: a
 * declaration anywhere in the kernel, so forward and self references read back as written. */
typedef struct alias_ref {
  uint32_t var;        /* index into k->vars */
  const char *line;    /* the .decl line (inside the parsed text) */
  size_t line_n, at, n;/* the line's length; the name's column and length in it */
  uint32_t line_no;
} alias_ref;

typedef struct alias_list {
  alias_ref *r;
  uint32_t count;
} alias_list;

typedef struct fpr {
  sf_buf *b;
  sf_status *st;
  sf_code err;
} fpr;

extern const char *const vt_fmt_names[4];
extern const char *const vt_cntrl_names[4];
extern const char *const vt_exec_mode_names[4];
extern const char *const vt_emask_names[16];
extern const char *const vt_align_names[10];
const char *vt_s3d_name(uint8_t op);
/* The sub-op that s[0..n) names (vt_s3d_name's names, any case, or our sampler_op_0x<hh>), or -1. */
int vt_s3d_lookup(const char *s, size_t n);
bool vt_ieq(const char *a, size_t an, const char *b);
bool vt_is_digit(char c);
bool vt_dec_u32(const char *s, size_t n, uint32_t *out);
bool vt_prefixed_num(const char *s, size_t n, const char *prefix, uint32_t *out);
sf_visa_symkind vt_src_lookup(const symsrc *src, const char *s, size_t n, uint32_t *id);
const char *vt_kind_name(sf_visa_symkind kd);
res_t vt_resolve_sym(const symsrc *k, const char *s, size_t n, sf_visa_symkind want, const char *prefix, uint32_t *id, sf_visa_symkind *other);
res_t vt_resolve_var(const symsrc *k, const char *s, size_t n, uint32_t *id, sf_visa_symkind *other);
res_t vt_resolve_state(const symsrc *k, const char *s, size_t n, bool allow_other, uint32_t *idx, uint32_t *cls, sf_visa_symkind *other);
void vt_ob_put(ob *o, const char *s);
void vt_print_var_name(pctx *c, uint32_t id);
void vt_print_pred(pctx *c, const sf_pred *p);
void vt_print_exec(pctx *c, uint8_t size, uint8_t emask);
sf_code vt_print_inst(const sf_inst *in, const symsrc *src, char *buf, size_t n, sf_status *st);
sf_code vt_perr(cur *c, sf_code code, size_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void vt_ws(cur *c);
char vt_peek(cur *c);
char vt_peek2(cur *c);
bool vt_at_end(cur *c);
const char *vt_here(cur *c, char *buf, size_t n);
bool vt_count_token(cur *c);
bool vt_expect(cur *c, char ch, const char *what);
bool vt_id_char(char ch);
bool vt_ident(cur *c, const char **s, size_t *n, size_t *at, const char *what);
int vt_hexval(char h);
bool vt_unum(cur *c, uint64_t max, uint64_t *out, const char *what);
bool vt_snum(cur *c, int64_t min, int64_t max, int64_t *out, const char *what);
bool vt_p_type(cur *c, uint8_t *type);
sf_code vt_name_error(cur *c, res_t r, size_t at, const char *s, size_t n, sf_visa_symkind other, const char *expected);
bool vt_p_vopnd(cur *c, sf_vopnd *v, const char *what);
bool vt_p_raw(cur *c, sf_raw *out, const char *what);
bool vt_p_raw_opt(cur *c, sf_raw *out, const char *what, bool need_off);
bool vt_p_state_slot(cur *c, uint8_t *out, const char *what);
bool vt_p_chan(cur *c, const char *s, size_t n, size_t at, uint8_t *mask);
bool vt_p_exec(cur *c, uint8_t *size, uint8_t *emask);
bool vt_p_pred(cur *c, sf_pred *p);
int vt_avs_keyword(const char *s, size_t n, bool exec);
bool vt_at_avs_keyword(cur *c, bool exec);
bool vt_p_avs_keyword(cur *c, uint8_t *out, bool exec);
bool vt_finish_line(cur *c);
sf_code vt_parse_inst(cur *c, sf_inst *out);
extern const char *const vt_int_attrs[];
extern const size_t vt_int_attrs_count;
extern const char *const vt_target_names[3];

/* Shared printer pieces (visa_print.c), for the generic-instruction printer. */
void vt_print_vopnd(pctx *c, const sf_vopnd *v);
void vt_print_raw(pctx *c, const sf_raw *r);
void vt_print_chan(pctx *c, uint8_t mask);
void vt_print_surface(pctx *c, uint8_t idx);
void vt_print_sampler(pctx *c, uint8_t idx);
/* A state variable's name (class 0 surface, 1 sampler) that reads back as that class and index. */
void vt_print_state_name(pctx *c, uint32_t cls, uint32_t idx);
void vt_pfail(pctx *c, sf_code code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void vt_ob_fmt(ob *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Generic instructions (sf_visa_ginst) in text, driven by the opcode table's syntax class
 * (visa_optab.h sf_vsyn): visa_gen_print.c and visa_gen_parse.c. */
/* The line of one generic instruction (no indent, no "/// $N"). A label (0x31) prints "name:", a
 * subroutine (0x30) ".function \"name\"" (the file printer adds its "name:" line). SF_UNSUPPORTED
 * naming the instruction when it has no faithful text form. */
sf_code vt_print_gen(const sf_visa_ginst *g, const symsrc *src, char *buf, size_t n, sf_status *st);
/* LSC in text (visa_lsc_text.c): the line of an untyped load/store/atomic or an lsc_fence, and its
 * parser from after the mnemonic (rest: the mnemonic's '.' suffixes) into ops[0..*n), the fields in
 * layout order. */
void vt_print_lsc(pctx *c, const sf_visa_ginst *g, const char *name);
/* *op: the matched row's opcode in, the instruction's out (0x8a when the sfid is .tgm). */
bool vt_parse_lsc(cur *c, uint8_t *op, int sub, const char *name, const char *rest, size_t rest_n, size_t rest_at,
                  bool has_pred, uint32_t pw, size_t pred_at, sf_visa_gop *ops, unsigned cap, unsigned *n);
/* The typed forms (visa_lsc_typed.c, opcode 0x8a): which sub-ops have text, the line, and its
 * parser from after the suffixes (num_cache cache options were read into caches, from the columns
 * cache_at[0, num_cache)). */
bool vt_lsc_typed_has_text(unsigned sub);
void vt_print_lsc_typed(pctx *c, const sf_visa_ginst *g, const char *name);
bool vt_parse_lsc_typed(cur *c, int sub, const char *name, unsigned num_cache, const size_t *cache_at, uint32_t pw,
                        const uint8_t caches[2], sf_visa_gop *ops, unsigned cap, unsigned *n);
/* The pieces both LSC files share (visa_lsc_text.c): names by field value, operand tests, the
 * register and model printers, and the parsers of a number, a surface, an address size and a data
 * operand (into four shape fields from at_field). */
extern const char *const vt_lsc_cache_names[7];
extern const char *const vt_lsc_model_names[6];
extern const char *const vt_lsc_size_names[8];
extern const unsigned vt_lsc_elem_counts[9];
bool vt_lsc_null_raw(const sf_raw *r);
bool vt_lsc_general_surface(const sf_vopnd *v);
bool vt_lsc_imm_surface(const sf_vopnd *v);
void vt_lsc_put_reg(pctx *c, const sf_raw *r);
bool vt_lsc_print_model(pctx *ac, unsigned model, const sf_vopnd *s);
int vt_lsc_name_in(const char *s, size_t n, const char *const *t, unsigned count);
bool vt_lsc_num(cur *c, uint64_t max, uint64_t *v, const char *what);
void vt_lsc_put(sf_visa_gop *ops, unsigned i, char kind, uint32_t u);
void vt_lsc_put_raw(sf_visa_gop *ops, unsigned i, const sf_raw *r);
bool vt_lsc_surface(cur *c, sf_visa_gop *s, unsigned model);
bool vt_lsc_asize(cur *c, unsigned *out);
bool vt_lsc_data(cur *c, sf_raw *r, sf_visa_gop *ops, unsigned at_field);
bool vt_lsc_shape(unsigned v, unsigned order, bool quad, char out[16]);
/* dpas and dpasw in text (visa_dpas_text.c): the line, the `.<W>.<A>.<depth>.<count>` suffix (the
 * packed UD field) and src2 (general, region <1;1,0>, written with or without the region). */
void vt_print_dpas(pctx *c, const sf_visa_ginst *g, const char *name);
struct vt_gmatch;
struct vt_gbuild;
bool vt_dpas_rest(cur *c, const struct vt_gmatch *m, uint32_t *info);
bool vt_dpas_src2(cur *c, struct vt_gbuild *b);
/* The generic-instruction parser's pieces (visa_gen_parse.c), shared with the class files
 * (visa_dp_text.c): the matched row, and the fields built so far. */
typedef struct vt_gmatch {
  uint8_t op;
  int sub;             /* sub-op value, -1 when none */
  uint8_t syn;
  const char *name;
  bool cmpn;           /* "cmpn": the relation byte's bit 7 */
  const char *rest;    /* what follows the name in the token ("" or ".xxx...") */
  size_t rest_n, rest_at;
} vt_gmatch;

typedef struct vt_gbuild {
  sf_visa_gop ops[SF_VISA_MAX_GOPS];
  unsigned n;
} vt_gbuild;

void vt_gput_u(vt_gbuild *b, char kind, uint32_t u);
bool vt_gput_v(cur *c, vt_gbuild *b, const char *what);
bool vt_gput_r(cur *c, vt_gbuild *b, const char *what);
bool vt_gexec(cur *c, vt_gbuild *b);
/* `.<op>[.16]` after the name (and `.32`/`.64` when svm): the atomic op byte, or -1 after an error. */
int vt_atomic_rest(cur *c, const vt_gmatch *m, bool svm);
/* ... and the printer's (visa_gen_print.c): field kinds, predicate word, exec byte, atomic name. */
bool vt_kinds_are(const sf_visa_ginst *g, unsigned from, const char *kinds);
void vt_print_pred_word(pctx *c, uint32_t w);
void vt_print_exec_byte(pctx *c, uint32_t e);
bool vt_print_atomic_name(pctx *c, const char *name, uint32_t byte, bool w64);
/* The byte size of general variable id's elements in k, 0 when not known (a predefined variable,
 * or an id past the kernel's declarations). */
unsigned vt_var_elt_size(const sf_visa_kernel *k, uint32_t id);
/* The dataport classes (visa_dp_text.c): OWORD, DWATOMIC, MEDIA, SVMBLOCK, both directions. */
void vt_print_dp(pctx *c, const sf_visa_ginst *g, const char *name, uint8_t syn);
bool vt_parse_dp(cur *c, const vt_gmatch *m, uint32_t pw, vt_gbuild *b);
/* The send, typed-atomic, qword, barrier, lifetime and no-predicate ALU classes (visa_send_text.c),
 * both directions. */
static inline bool vt_send_syn(unsigned syn) { return syn >= SF_VSYN_RAWSEND && syn <= SF_VSYN_SRCLOC; }
void vt_print_send(pctx *c, const sf_visa_ginst *g, const char *name, uint8_t syn);
bool vt_parse_send(cur *c, sf_visa_kernel *k, const vt_gmatch *m, uint32_t pw, vt_gbuild *b);
/* gather/scatter, sample/load and the VME messages, the media-era surface messages (visa_legacy_text.c). */
static inline bool vt_legacy_syn(unsigned syn) { return syn == SF_VSYN_GATHER || syn == SF_VSYN_SAMPLE || syn == SF_VSYN_VME; }
void vt_print_legacy(pctx *c, const sf_visa_ginst *g, const char *name, uint8_t syn);
bool vt_parse_legacy(cur *c, const vt_gmatch *m, vt_gbuild *b);
/* rt_write_3d (visa_rtw_text.c), both directions. */
void vt_print_rtw(pctx *c, const sf_visa_ginst *g, const char *name);
bool vt_parse_rtw(cur *c, const vt_gmatch *m, uint32_t pw, vt_gbuild *b);
/* VA and VA_SKL_PLUS (visa_va_text.c), both directions. */
void vt_print_va(pctx *c, const sf_visa_ginst *g, const char *name);
bool vt_parse_va(cur *c, const vt_gmatch *m, vt_gbuild *b);
/* The id of label `s` in k, added (kind block) at its first use (visa_gen_parse.c). */
bool vt_label_id(cur *c, sf_visa_kernel *k, const char *s, size_t n, size_t at, uint32_t *id);
/* An address variable's and a predicate's name as operands print them (visa_print.c). */
void vt_print_addr_name(pctx *c, uint32_t id);
void vt_print_pred_name(pctx *c, uint32_t id);
/* The label name of label id `id` in k when it is an identifier (NULL otherwise); that names are
 * unique is vt_check_labels's check, which the file printer makes first. */
const char *vt_label_name(const sf_visa_kernel *k, uint32_t id);
/* Writes sep and label id's name, or fails the printer (SF_UNSUPPORTED) and returns false. */
bool vt_put_label(pctx *c, const char *sep, uint32_t id);
/* Checks that the labels of k read back with the same ids and kinds from text: at most
 * VT_MAX_LABELS, unique identifier names, ids in order of first appearance in the stream, every
 * label used, kind 1 exactly for subroutine labels. */
sf_code vt_check_labels(const sf_visa_kernel *k, sf_status *st);
/* Whether the line at c is a generic instruction the table's text classes cover (mnemonic match),
 * without consuming anything. */
bool vt_gen_line(cur *c);
/* FENCE options after the '.' of fence_global/fence_local ("E", "EI", ..., "EISCRL1": each at most
 * once, in that order) as mask bits; false for anything else (visa_gen_print.c). */
bool vt_fence_opts(const char *s, size_t n, uint32_t *bits, size_t *used); /* *used: the options read */
/* The byte of an atomic operation's name ("add", ..., "fsub"), or -1 (visa_gen_print.c). */
int vt_atomic_op(const char *s, size_t n);
/* Parses a generic instruction line into out (its `at` is left 0). Label names are looked up in k
 * and added to its label table on first use. */
bool vt_parse_gen(cur *c, sf_visa_kernel *k, sf_visa_ginst *out);
/* "name:" (a label definition): adds a LABEL instruction; "name" after .function: a subroutine. */
bool vt_parse_label_def(cur *c, sf_visa_kernel *k, bool subroutine, sf_visa_ginst *out);
/* Is the line "ident:" alone? */
bool vt_is_label_line(const cur *c);

#endif
