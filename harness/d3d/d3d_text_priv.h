/* d3d_text_priv.h — private to harness/d3d: D3D SM4/SM5/SM5.1 assembly text: the fxc-style printer
 * and a parser that accepts fxc's form, vkd3d's form and D3DDisassemble listings, for the sample
 * family and, driven by the opcode table, for every other instruction and declaration.
 *
 * Follows docs/dxbc.md (mnemonic suffix order `_aoffimmi`, `_indexable`, then the
 * groups `(u,v,w)(dim)(rt,rt,rt,rt)`; 4-letter source swizzles vs 1-letter select_1; bare s#;
 * modifiers -x, |x|, -|x|; relative indices `cb0[r1.x + 2]`; dcl_* lines) and §2.4 (declaration
 * tokens). Samplefuzz's extensions for encodings fxc never prints, and the lossless immediate form,
 * are documented in docs/dxbc.md. 
 *
 * The text codec: d3d_text_names.c (names, buffer, immediates), d3d_print.c / d3d_parse.c (sample
 * family), d3d_lex.c (operands), d3d_gen.c (every other instruction, from the opcode table
 * d3d_optab.c), d3d_decl.c / d3d_decl_parse.c (declarations) and d3d_program.c (programs). This
 * header holds what they share. */
#ifndef SF_D3D_TEXT_PRIV_H
#define SF_D3D_TEXT_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/dxbc.h"

enum { POS_DST, POS_SRC };  /* an operand printed as destination or source */

typedef struct type_name {
  uint8_t type;
  const char *name;
  uint8_t bare_nc;   /* num_comp of an operand written without a component suffix */
} type_name;

#define N_DIM_NAMES da_n_dim_names
extern const size_t da_n_dim_names;

#define N_RT_NAMES da_n_rt_names
extern const size_t da_n_rt_names;

#define N_SV_NAMES da_n_sv_names
extern const size_t da_n_sv_names;

typedef struct obuf {
  char *s;
  size_t n, len;
  bool over;
  char imm;     /* how l(...) values print: 0 / 'f' float (lossless form), 'i' signed, 'u' unsigned decimal */
  bool sm51;    /* SM5.1 register spellings (T0[0], S0[0], CB0[0][1], U0[0]) */
  bool dcl;     /* a declaration's operand: written bare, it has 0 components */
} obuf;

/* A growable token list (one statement; the immediate constant buffer can be long). */
typedef struct tokv {
  uint32_t *t;
  size_t n, cap;
} tokv;

typedef struct tcur {
  const char *s;
  size_t len, pos;
  uint32_t line;
  sf_status *st;
  bool dcl;     /* parsing a declaration's operand (see obuf.dcl) */
} tcur;

const type_name *da_type_by_num(unsigned t);
const char *da_type_name(unsigned t, bool sm51);
const type_name *da_type_by_name(const char *s, size_t n);
extern const char *const da_dim_names[];
extern const char *const da_rt_names[];
extern const char *const da_interp_names[];
extern const char *const da_sv_names[];
extern const char *const da_gflag_names[];
extern const char *const da_prog_names[];
extern const char *const da_minprec_names[];
void da_op(obuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void da_fmt_imm(uint32_t bits, char out[64]);
void da_print_opnd(obuf *b, const sf_d3d_opnd *o, int pos);
int da_peek(const tcur *c);
int da_peek_at(const tcur *c, size_t k);
bool da_is_sp(int ch);
bool da_is_digit(int ch);
bool da_is_alpha(int ch);
bool da_is_word(int ch);
bool da_is_hex(int ch);
void da_skip_sp(tcur *c);
sf_code da_cfail(tcur *c, sf_code code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
bool da_accept(tcur *c, const char *lit);
/* As da_accept, but each space of lit matches a run of one or more blanks (multi-word names). */
bool da_accept_words(tcur *c, const char *lit);
sf_code da_expect(tcur *c, const char *lit);
bool da_at_end(tcur *c);
/* A `//` comment starts at s[i] (s holds len bytes): the one rule of every D3D text reader (the
 * lexer's line end, a statement's extent, the buffer's rows, the container text's sniffing). */
bool da_comment_at(const char *s, size_t len, size_t i);
sf_code da_parse_u32(tcur *c, uint32_t *v, const char *what);
sf_code da_parse_int(tcur *c, long *v, long lo, long hi, const char *what);
sf_code da_parse_opnd(tcur *c, sf_d3d_opnd *o, int pos);
/* One 32-bit immediate value, as l(...) holds it: hex bits, a decimal integer, a float, or an MSVC
 * special spelling (1.#INF00, ...). */
sf_code da_parse_imm(tcur *c, uint32_t *bits);
void da_skip_listing_prefix(tcur *c);
sf_code da_parse_inst_cur(tcur *c, sf_d3d_inst *d);

/* dxbc_tpf.c: one operand of any instruction (every operand type, 64-bit immediates). pos is the
 * DWORD index in tok[0..end); errors are positioned relative to tok[0]. */
sf_code da_tpf_dec_opnd(const uint32_t *tok, size_t end, size_t *pos, sf_d3d_opnd *o, sf_status *st);
sf_code da_tpf_enc_opnd(const sf_d3d_opnd *o, uint32_t *out, size_t cap, size_t *n, sf_status *st);
/* dxbc_tpf.c: the stream order of d's extended tokens (1 aoffimmi, 2 resource dimension, 3 return
 * type) in order[0..*count): ext_order when it names any, else fxc's order of the has_* flags;
 * SF_ERR_INVALID when ext_order is not a gapless list of distinct types 1-3 matching the flags. */
sf_code da_tpf_ext_order(const sf_d3d_inst *d, uint8_t order[3], unsigned *count, sf_status *st);
/* dxbc_tpf.c: the opcode token's fields of d, as the encoder and the printer refuse them (written,
 * a field would be lost): SF_ERR_INVALID for an opcode outside the sample family, SF_ERR_RANGE for
 * more sources than SF_D3D_MAX_SRC or a precise mask past 4 bits, SF_ERR_INVALID when ext_order is
 * not a gapless list of distinct types 1-3 matching the has_* flags. On success, the stream order
 * of the extended tokens (1 aoffimmi, 2 resource dimension, 3 return type) in order[0..*count):
 * ext_order when it names any, else fxc's order of the flags. */
sf_code da_tpf_inst_head(const sf_d3d_inst *d, uint8_t order[3], unsigned *count, sf_status *st);

/* d3d_gen.c / d3d_gen_parse.c: the table-driven codec of every instruction that is not a declaration. */
sf_code da_tok_push(tcur *c, tokv *v, uint32_t x);
void da_print_groups(obuf *b, const sf_d3d_inst *d);
sf_code da_print_inst(obuf *b, const sf_d3d_inst *d, sf_status *st);
sf_code da_parse_group(tcur *c, sf_d3d_inst *d);
void da_fmt_imm64(uint64_t bits, char out[64]);
bool da_gen_format(const uint32_t *t, size_t n, uint32_t version, obuf *b, char *why, size_t whyn);
sf_code da_gen_parse(tcur *c, const sf_tpf_opinfo *oi, size_t name_len, tokv *out);
sf_code da_parse_gopnd(tcur *c, sf_d3d_opnd *o, int pos);
sf_code da_put_opnd(tcur *c, tokv *v, const sf_d3d_opnd *o);
bool da_name_index(const char *const *names, size_t count, const char *s, size_t len, unsigned *out);

/* d3d_decl.c / d3d_decl_parse.c: declarations (and fcall / customdata). */
bool da_dcl_format(const uint32_t *t, size_t n, uint32_t version, obuf *b, char *why, size_t whyn);
sf_code da_dcl_parse(tcur *c, const sf_tpf_opinfo *oi, size_t name_len, tokv *out);
extern const char *const da_topo_names[];
extern const size_t da_n_topo_names;
extern const char *const da_prim_names[];
extern const size_t da_n_prim_names;

/* d3d_program.c: one statement of program text (any table instruction, .tpf) into tokens or a
 * sample-family instruction (*is_inst). */
sf_code da_stmt_parse(tcur *c, tokv *out, sf_d3d_inst *d, bool *is_inst);

#endif
