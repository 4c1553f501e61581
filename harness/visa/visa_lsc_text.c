/* visa_lsc_text.c — vISA text of the LSC instructions that IGC writes for untyped memory and
 * fences: 0x89 load, load_quad, load_status, store, store_quad, store_uncompressed, ccs_update and every
 * atomic, and 0x8b lsc_fence, in GenX_IR 1.0.12504's syntax (docs/visa-text.md "LSC"; learned from
 * intel-graphics-compiler visa/IsaDisassembly.cpp and visa/CISA.y, and checked line by line against
 * GenX_IR -platform PVC). The strided load and store (0x89 sub-ops 0x01 and 0x05: the untyped
 * syntax with `, PITCH` in the address) and the 2D block load and store (0x03 and 0x07, below) are
 * read and printed too; the typed forms (.tgm, opcode 0x8a) are in visa_lsc_typed.c, which shares
 * the operand pieces below (vt_lsc_*). lsc_ccs_update is a store in this syntax: GenX_IR's lexer
 * takes it for the store token and its grammar reads `lsc_ccs_update.ugm (M1, 16) ADDR DATA` into
 * the store's fields (its printer then leaves the operands out, which is not read back).
 *
 *   [(pred)] lsc_load.<sfid>[.<L1>.<L3>] (emask, size)  DATA  ADDR
 *   [(pred)] lsc_store.<sfid>[.<L1>.<L3>] (emask, size)  ADDR  DATA
 *   [(pred)] lsc_atomic_<op>.<sfid>[.<L1>.<L3>] (emask, size)  DATA  ADDR  SRC1  SRC2
 *   lsc_fence.<sfid>.<op>.<scope>
 * DATA  = REG[.off]:d<size>[x<n>][t], or for the quad sub-ops REG[.off]:d<size>.<xyzw subset>
 * ADDR  = <model>[(<surface>)][[<scale>*]REG[.off][+|-<offset>][, PITCH]]:a<16|32|64> (PITCH: the
 *         strided forms, a variable or an immediate UD; the default IGC computes when left out)
 * SRC   = REG[.off]            (REG: a general variable or %null)
 *
 *   [(pred)] lsc_load_block2d.<sfid>[.<L1>.<L3>] (emask, size)  DATA2D  ADDR2D
 *   [(pred)] lsc_store_block2d.<sfid>[.<L1>.<L3>] (emask, size)  ADDR2D  DATA2D
 * DATA2D = REG[.off]:d<size>.[<blocks>x]<width>x<height><n|t: transposed><n|t: VNNI>, the block count
 *          printed only when not 1; the parser also takes u<size> and leaves out the two letters
 * ADDR2D = flat[BASE, WIDTH, HEIGHT, PITCH, X, Y]: the surface base a variable, the others a
 *          variable or an immediate (UD, printed 0x<upper-case hex>); a variable with (row,col)
 *          when not (0,0) (the parser also takes GenX_IR's VAR.<col>) */
#include <stdio.h>
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"

static const char *const sfid_names[4] = {"ugm", "ugml", "tgm", "slm"};
const char *const vt_lsc_cache_names[7] = {"df", "uc", "ca", "wb", "wt", "st", "ri"};
const char *const vt_lsc_model_names[6] = {NULL, "flat", "bss", "ss", "bti", "arg"};
const char *const vt_lsc_size_names[8] = {NULL, "8", "16", "32", "64", "8c32", "16c32", "16c32h"};
const unsigned vt_lsc_elem_counts[9] = {0, 1, 2, 3, 4, 8, 16, 32, 64};
static const char *const fence_ops[7] = {"none", "evict", "invalidate", "discard", "clean", "flushl3", "type6"};
static const char *const scopes[7] = {"group", "local", "tile", "gpu", "gpus", "sysrel", "sysacq"};

/* The untyped layout (visa_optab.c LSC_U) after the sub-op: field indexes in the instruction. */
enum { F_SUB, F_E, F_P, F_SFID, F_L1, F_L3, F_MODEL, F_SCALE, F_OFF, F_ASIZE, F_DSIZE, F_ORDER, F_ELEMS, F_MASK,
       F_SURF, F_DST, F_SRC0, F_SRC1, F_SRC2, F_COUNT };

typedef enum { K_NONE, K_LOAD, K_STORE, K_ATOMIC } lsc_kind;

static lsc_kind kind_of(unsigned sub) {
  if (sub == 0x00 || sub == 0x01 || sub == 0x02 || sub == 0x1b) return K_LOAD;
  if (sub == 0x04 || sub == 0x05 || sub == 0x06 || sub == 0x1c || sub == 0x1d) return K_STORE;
  if (sub >= 0x08 && sub <= 0x1a) return K_ATOMIC;
  return K_NONE;
}

static bool is_quad(unsigned sub) { return sub == 0x02 || sub == 0x06; }

/* The strided load and store (LSC_S): the untyped layout with the pitch (V) where src1 is, and src1
 * where src2 is. */
static bool is_strided(unsigned sub) { return sub == 0x01 || sub == 0x05; }

/* The pitch IGC's builder writes when the text has none (VISAKernelImpl.cpp, lscStridedOpBlockStride):
 * the data size in bytes (4 for the 32-bit conversions), times the vector length unless transposed. */
static uint32_t default_pitch(unsigned dsize, unsigned order, unsigned elems) {
  uint32_t b = dsize == 1 ? 1u : dsize == 2 ? 2u : dsize == 4 ? 8u : 4u;
  return order == 1 && elems >= 1 && elems <= 8 ? b * vt_lsc_elem_counts[elems] : b;
}

/* ---- printing ---------------------------------------------------------------------------------- */

void vt_lsc_put_reg(pctx *c, const sf_raw *r) {
  vt_print_var_name(c, r->id);
  if (r->off) vt_ob_fmt(&c->o, ".%u", (unsigned)r->off);
}

bool vt_lsc_null_raw(const sf_raw *r) { return r->id == 0 && r->off == 0; }

bool vt_lsc_general_surface(const sf_vopnd *v) {
  return v->cls == SF_VCLS_GENERAL && v->mod == SF_VMOD_NONE && v->tag_hi == 0 && v->region.vstride == 1 &&
         v->region.width == 2 && v->region.hstride == 1 && v->region.hi == 0;
}

bool vt_lsc_imm_surface(const sf_vopnd *v) {
  return v->cls == SF_VCLS_IMMEDIATE && v->mod == SF_VMOD_NONE && v->tag_hi == 0 && v->type == SF_VT_UD &&
         v->imm <= 0xFFFFFFFFull;
}

/* [(pred)] <name>.<sfid>[.<L1>.<L3>] (emask, size): fields 1-5 (E P sfid L1 L3), laid out alike in
 * the untyped, strided and block2d forms. */
static void print_head(pctx *c, const sf_visa_gop *o, const char *name) {
  vt_print_pred_word(c, o[F_P].u);
  vt_ob_fmt(&c->o, "%s.%s", name, sfid_names[o[F_SFID].u]);
  if (o[F_L1].u || o[F_L3].u) vt_ob_fmt(&c->o, ".%s.%s", vt_lsc_cache_names[o[F_L1].u], vt_lsc_cache_names[o[F_L3].u]);
  vt_print_exec_byte(c, o[F_E].u);
}

/* ---- 2D block load and store ------------------------------------------------------------------ */

/* The block2d layout (visa_optab.c LSC_B) after the sub-op: field indexes in the instruction. */
enum { B_SUB, B_E, B_P, B_SFID, B_L1, B_L3, B_DSIZE, B_ORDER, B_BLOCKS, B_W, B_H, B_VNNI, B_DST, B_BASE, B_SW, B_SH, B_SP,
       B_X, B_Y, B_SRC1, B_COUNT };

static bool is_block2d(unsigned sub) { return sub == 0x03 || sub == 0x07; }

static void put_vec(pctx *c, const sf_vopnd *v) {
  if (v->cls == SF_VCLS_IMMEDIATE) {
    vt_ob_fmt(&c->o, "0x%X", (unsigned)v->imm);
    return;
  }
  vt_print_var_name(c, v->id);
  if (v->row_off || v->col_off) vt_ob_fmt(&c->o, "(%u,%u)", (unsigned)v->row_off, (unsigned)v->col_off);
}

static void print_block2d(pctx *c, const sf_visa_ginst *g, const char *name) {
  static const char kinds[] = "SEPbbbbbbwwbRVVVVVVR";
  bool shape = g->num_ops == B_COUNT;
  for (unsigned i = 0; shape && i < B_COUNT; i++) shape = g->ops[i].kind == (uint8_t)kinds[i];
  if (!shape) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  const sf_visa_gop *o = g->ops;
  bool store = o[B_SUB].u == 0x07;
  const char *why = NULL;
  if (o[B_SFID].u > 3 || o[B_SFID].u == 2) why = "the sfid (tgm is typed)";
  else if (o[B_L1].u > 6 || o[B_L3].u > 6) why = "a cache option";
  else if (o[B_DSIZE].u < 1 || o[B_DSIZE].u > 7) why = "the data size";
  else if (o[B_ORDER].u < 1 || o[B_ORDER].u > 2) why = "the data order";
  else if (o[B_BLOCKS].u == 0 || o[B_W].u == 0 || o[B_H].u == 0) why = "a block count, width or height of 0";
  else if (o[B_VNNI].u > 1) why = "a VNNI byte other than 0 or 1";
  else if (!vt_lsc_general_surface(&o[B_BASE].v)) why = "the surface base (a variable)";
  else if (store ? !vt_lsc_null_raw(&o[B_DST].r) : !vt_lsc_null_raw(&o[B_SRC1].r)) why = store ? "a store's dst" : "a load's src1";
  for (unsigned i = B_SW; !why && i <= B_Y; i++)
    if (!vt_lsc_general_surface(&o[i].v) && !vt_lsc_imm_surface(&o[i].v)) why = "a surface width, height, pitch or block position operand";
  if (why) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: %s has no text form", name, why);
    return;
  }
  print_head(c, o, name);
  vt_ob_put(&c->o, "  ");
  for (unsigned part = 0; part < 2; part++) {
    if (part) vt_ob_put(&c->o, "  ");
    if (part == (store ? 1u : 0u)) { /* DATA2D */
      vt_lsc_put_reg(c, store ? &o[B_SRC1].r : &o[B_DST].r);
      vt_ob_fmt(&c->o, ":d%s.", vt_lsc_size_names[o[B_DSIZE].u]);
      if (o[B_BLOCKS].u != 1) vt_ob_fmt(&c->o, "%ux", (unsigned)o[B_BLOCKS].u);
      vt_ob_fmt(&c->o, "%ux%u%c%c", (unsigned)o[B_W].u, (unsigned)o[B_H].u, o[B_ORDER].u == 2 ? 't' : 'n', o[B_VNNI].u ? 't' : 'n');
    } else { /* ADDR2D */
      vt_ob_put(&c->o, "flat[");
      for (unsigned i = B_BASE; i <= B_Y; i++) {
        if (i > B_BASE) vt_ob_put(&c->o, ", ");
        put_vec(c, &o[i].v);
      }
      vt_ob_put(&c->o, "]");
    }
  }
}

/* The data shape after `:d<size>` for value v (the vector length code and the channel mask, one
 * value) and order: the channels `.xyzw` for a quad sub-op not transposed (GenX_IR's printer), else
 * `x<n>` and `t`, else, for a value past the length codes, the channels (which GenX_IR's lexer reads
 * for any sub-op). False when no text gives v and order back. */
bool vt_lsc_shape(unsigned v, unsigned order, bool quad, char out[16]) {
  size_t n = 0;
  if (order < 1 || order > 2 || v < 1 || v > 15) return false;
  if ((quad && order == 1) || (v > 8 && order == 1)) {
    out[n++] = '.';
    for (unsigned k = 0; k < 4; k++)
      if ((v >> k) & 1u) out[n++] = "xyzw"[k];
  } else if (v <= 8) {
    if (vt_lsc_elem_counts[v] > 1) n += (size_t)snprintf(out, 16, "x%u", vt_lsc_elem_counts[v]);
    if (order == 2) out[n++] = 't';
  } else {
    return false;
  }
  out[n] = 0;
  return true;
}

/* An address model and, for bss, ss and bti, `(<surface>)`; whether an immediate surface was printed
 * (GenX_IR then prints the line's later hex digits upper case). */
bool vt_lsc_print_model(pctx *ac, unsigned model, const sf_vopnd *s) {
  bool upper = false;
  vt_ob_put(&ac->o, vt_lsc_model_names[model]);
  if (model >= 2 && model <= 4) {
    if (s->cls == SF_VCLS_IMMEDIATE) {
      vt_ob_fmt(&ac->o, "(0x%X)", (unsigned)s->imm);
      upper = true;
    } else {
      vt_ob_put(&ac->o, "(");
      vt_print_var_name(ac, s->id);
      if (s->row_off || s->col_off) vt_ob_fmt(&ac->o, "(%u,%u)", (unsigned)s->row_off, (unsigned)s->col_off);
      vt_ob_put(&ac->o, ")");
    }
  }
  return upper;
}

void vt_print_lsc(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (g->op == 0x89 && g->num_ops > 0 && g->ops[0].kind == 'S' && is_block2d((unsigned)g->ops[0].u)) {
    print_block2d(c, g, name);
    return;
  }
  if (g->op == 0x8a) {
    vt_print_lsc_typed(c, g, name); /* visa_lsc_typed.c */
    return;
  }
  if (g->op == 0x8b) {
    const sf_visa_gop *o = g->ops;
    if (!vt_kinds_are(g, 0, "EPbbb")) {
      vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
      return;
    }
    if (o[0].u != 0x80 || o[1].u != 0 || o[2].u > 3 || o[3].u > 6 || o[4].u > 6) {
      vt_pfail(c, SF_UNSUPPORTED, "%s: only exec (M1_NM, 1), no predicate, and the named sfid, op and scope have a text form",
               name);
      return;
    }
    vt_ob_fmt(&c->o, "%s.%s.%s.%s", name, sfid_names[o[2].u], fence_ops[o[3].u], scopes[o[4].u]);
    return;
  }
  bool str = g->num_ops > 0 && is_strided((unsigned)g->ops[0].u);
  const char *kinds = str ? "SEPbbbbwdbbbbbVRRVR" : "SEPbbbbwdbbbbbVRRRR";
  bool shape = g->num_ops == F_COUNT;
  for (unsigned i = 0; shape && i < F_COUNT; i++) shape = g->ops[i].kind == (uint8_t)kinds[i];
  unsigned sub = shape ? (unsigned)g->ops[F_SUB].u : 0;
  lsc_kind kd = kind_of(sub);
  if (!shape || kd == K_NONE) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  const sf_visa_gop *o = g->ops;
  const char *why = NULL;
  char shape_text[16];
  if (o[F_SFID].u > 3 || o[F_SFID].u == 2) why = "the sfid (tgm is typed)";
  else if (o[F_L1].u > 6 || o[F_L3].u > 6) why = "a cache option";
  else if (o[F_MODEL].u < 1 || o[F_MODEL].u > 5) why = "the address model";
  else if (o[F_SCALE].u == 0) why = "address scale 0";
  else if (o[F_ASIZE].u < 1 || o[F_ASIZE].u > 3) why = "the address size";
  else if (o[F_DSIZE].u < 1 || o[F_DSIZE].u > 7) why = "the data size";
  else if (str ? o[F_MASK].u != 0 : o[F_ELEMS].u != o[F_MASK].u)
    why = str ? "a channel mask byte other than 0 (IGC writes 0)" : "a vector length and a channel mask that differ (text holds one)";
  else if (!vt_lsc_shape((unsigned)o[F_ELEMS].u, (unsigned)o[F_ORDER].u, is_quad(sub), shape_text))
    why = "the data order and vector length (or channels)";
  else if ((o[F_MODEL].u == 1 || o[F_MODEL].u == 5) ? !(vt_lsc_imm_surface(&o[F_SURF].v) && o[F_SURF].v.imm == 0)
                                                    : !(vt_lsc_imm_surface(&o[F_SURF].v) || vt_lsc_general_surface(&o[F_SURF].v)))
    why = "the surface operand";
  else if (str && !(vt_lsc_general_surface(&o[F_SRC1].v) && o[F_SRC1].v.id != 0) && !vt_lsc_imm_surface(&o[F_SRC1].v))
    why = "the pitch (a variable other than %null, or a UD immediate)";
  else if (str ? (kd == K_LOAD ? !vt_lsc_null_raw(&o[F_SRC2].r) : !vt_lsc_null_raw(&o[F_DST].r)) : false)
    why = kd == K_LOAD ? "a load's src1" : "a store's dst";
  else if (!str && kd == K_LOAD && !(vt_lsc_null_raw(&o[F_SRC1].r) && vt_lsc_null_raw(&o[F_SRC2].r))) why = "a load's src1 or src2";
  else if (!str && kd == K_STORE && !(vt_lsc_null_raw(&o[F_DST].r) && vt_lsc_null_raw(&o[F_SRC2].r))) why = "a store's dst or src2";
  if (why) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: %s has no text form", name, why);
    return;
  }
  print_head(c, o, name);
  /* DATA */
  char data[32];
  snprintf(data, sizeof data, ":d%s%s", vt_lsc_size_names[o[F_DSIZE].u], shape_text);
  const sf_raw *dreg = kd == K_STORE ? &o[str ? F_SRC2 : F_SRC1].r : &o[F_DST].r;
  /* ADDR, with GenX_IR's hex case: upper once an immediate surface has been printed on the line */
  char addr[MAX_LINE + 1]; /* as long as a line: a name may take up to SF_VISA_MAX_NAME bytes */
  unsigned model = (unsigned)o[F_MODEL].u;
  pctx ac = {{addr, sizeof addr, 0, false}, c->k, c->st, SF_OK};
  bool upper = vt_lsc_print_model(&ac, model, &o[F_SURF].v);
  vt_ob_put(&ac.o, "[");
  if (o[F_SCALE].u > 1) vt_ob_fmt(&ac.o, upper ? "0x%X*" : "0x%x*", (unsigned)o[F_SCALE].u);
  vt_lsc_put_reg(&ac, &o[F_SRC0].r);
  int32_t off = (int32_t)o[F_OFF].u;
  if (off) {
    uint32_t mag = off < 0 ? 0u - (uint32_t)off : (uint32_t)off;
    vt_ob_fmt(&ac.o, upper ? "%c0x%X" : "%c0x%x", off < 0 ? '-' : '+', (unsigned)mag);
  }
  if (str) {
    vt_ob_put(&ac.o, ", ");
    put_vec(&ac, &o[F_SRC1].v);
  }
  vt_ob_fmt(&ac.o, "]:a%u", 8u << o[F_ASIZE].u);
  if (ac.err != SF_OK || ac.o.over) {
    vt_pfail(c, ac.err != SF_OK ? ac.err : SF_ERR_LIMIT, "%s: %s", name, ac.err != SF_OK ? "an operand has no name" : "address too long");
    return;
  }
  vt_ob_put(&c->o, "  ");
  if (kd == K_STORE) {
    vt_ob_put(&c->o, addr);
    vt_ob_put(&c->o, "  ");
  }
  vt_lsc_put_reg(c, dreg);
  vt_ob_put(&c->o, data);
  if (kd != K_STORE) {
    vt_ob_put(&c->o, "  ");
    vt_ob_put(&c->o, addr);
  }
  if (kd == K_ATOMIC) {
    vt_ob_put(&c->o, "  ");
    vt_lsc_put_reg(c, &o[F_SRC1].r);
    vt_ob_put(&c->o, "  ");
    vt_lsc_put_reg(c, &o[F_SRC2].r);
  }
}

/* ---- parsing ----------------------------------------------------------------------------------- */

int vt_lsc_name_in(const char *s, size_t n, const char *const *t, unsigned count) {
  for (unsigned i = 0; i < count; i++)
    if (t[i] && strlen(t[i]) == n && memcmp(s, t[i], n) == 0) return (int)i;
  return -1;
}

/* REG[.off]: a general variable (or %null) and a decimal byte offset. */
static bool p_reg(cur *c, sf_raw *r, const char *what) { return vt_p_raw_opt(c, r, what, false); }

/* A number: 0x hex (either case) or decimal, at most max. */
bool vt_lsc_num(cur *c, uint64_t max, uint64_t *v, const char *what) {
  size_t at = c->i;
  if (!vt_is_digit(vt_peek(c))) {
    char b[32];
    return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected %s, found %s", what, vt_here(c, b, sizeof b)), false;
  }
  if (vt_peek(c) != '0' || (vt_peek2(c) | 0x20) != 'x') return vt_unum(c, max, v, what);
  c->i += 2;
  uint64_t x = 0;
  size_t d0 = c->i;
  while (c->i < c->n && vt_hexval(c->s[c->i]) >= 0 && x <= max) /* stop once too large, before it can wrap */
    x = x * 16 + (uint64_t)vt_hexval(c->s[c->i++]);
  if (c->i == d0) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected hex digits after 0x"), false;
  if (x > max || (c->i < c->n && vt_hexval(c->s[c->i]) >= 0))
    return vt_perr(c, SF_ERR_RANGE, at, "%s must be at most 0x%llx", what, (unsigned long long)max), false;
  *v = x;
  return vt_count_token(c);
}

void vt_lsc_put(sf_visa_gop *ops, unsigned i, char kind, uint32_t u) {
  memset(&ops[i], 0, sizeof ops[i]);
  ops[i].kind = (uint8_t)kind;
  ops[i].u = u;
}

static bool p_vec2d(cur *c, sf_visa_gop *o, bool reg_only, const char *what);

/* The surface after an address model (visa_optab.c's V field): for bss, ss and bti `(<surface>)`,
 * an immediate UD or a variable with (row,col) or .col, into *s; for flat and arg the immediate 0 they
 * carry, with nothing read. */
bool vt_lsc_surface(cur *c, sf_visa_gop *s, unsigned model) {
  memset(s, 0, sizeof *s);
  s->kind = SF_VF_VEC;
  s->v.cls = SF_VCLS_IMMEDIATE;
  s->v.type = SF_VT_UD;
  if (model >= 2 && model <= 4) {
    if (!vt_expect(c, '(', "and a surface")) return false;
    vt_ws(c);
    if (vt_is_digit(vt_peek(c))) {
      uint64_t v;
      if (!vt_lsc_num(c, 0xFFFFFFFFu, &v, "a surface index")) return false;
      s->v.imm = v;
    } else {
      sf_raw r;
      size_t rat = c->i;
      if (!p_reg(c, &r, "a surface register")) return false;
      if (r.off > 255) return vt_perr(c, SF_ERR_RANGE, rat, "column %u of the surface (at most 255)", (unsigned)r.off), false;
      s->v.cls = SF_VCLS_GENERAL;
      s->v.type = 0;
      s->v.id = r.id;
      s->v.region = (sf_region){1, 2, 1, 0}; /* <0;1,0>, what GenX_IR writes */
      s->v.col_off = (uint8_t)r.off;         /* GenX_IR reads VAR.<col> as (0,col) */
      if (vt_peek(c) == '(') {
        if (r.off) return vt_perr(c, SF_ERR_SYNTAX, c->i, "either .<col> or (row,col), not both"), false;
        uint64_t row, col;
        c->i++;
        if (!vt_lsc_num(c, 255, &row, "a row") || !vt_expect(c, ',', "") || (vt_ws(c), !vt_lsc_num(c, 255, &col, "a column")) ||
            !vt_expect(c, ')', ""))
          return false;
        s->v.row_off = (uint8_t)row;
        s->v.col_off = (uint8_t)col;
      }
    }
    if (!vt_expect(c, ')', "after the surface")) return false;
  }
  return true;
}

/* `:a16`, `:a32` or `:a64` after an address's ']': the address size code (1, 2, 3) into *asz. */
bool vt_lsc_asize(cur *c, unsigned *out) {
  if (!vt_expect(c, ':', "and the address size (a16, a32, a64)")) return false;
  size_t zat = c->i;
  unsigned asz = 0;
  if (c->n - c->i >= 3 && c->s[c->i] == 'a') {
    if (!memcmp(c->s + c->i + 1, "16", 2)) asz = 1;
    else if (!memcmp(c->s + c->i + 1, "32", 2)) asz = 2;
    else if (!memcmp(c->s + c->i + 1, "64", 2)) asz = 3;
  }
  if (!asz || (c->i + 3 < c->n && vt_id_char(c->s[c->i + 3])))
    return vt_perr(c, SF_ERR_SYNTAX, zat, "expected the address size a16, a32 or a64"), false;
  c->i += 3;
  *out = asz;
  return true;
}

/* The ADDR group: fills F_MODEL, F_SCALE, F_OFF, F_ASIZE, F_SURF and F_SRC0; with pitch (the strided
 * forms), also reads an optional `, PITCH` before the ']' into *pitch and sets *has_pitch. */
static bool p_addr(cur *c, sf_visa_gop *ops, sf_visa_gop *pitch, bool *has_pitch) {
  vt_ws(c);
  size_t at = c->i, j = c->i;
  while (j < c->n && c->s[j] >= 'a' && c->s[j] <= 'z') j++;
  int model = j == at ? 1 : vt_lsc_name_in(c->s + at, j - at, vt_lsc_model_names, 6);
  if (model < 1) return vt_perr(c, SF_ERR_SYNTAX, at, "expected an address model (flat, bss, ss, bti, arg) or '['"), false;
  c->i = j;
  if (!vt_lsc_surface(c, &ops[F_SURF], (unsigned)model)) return false;
  if (!vt_expect(c, '[', "and the address")) return false;
  vt_ws(c);
  uint64_t scale = 1;
  if (vt_is_digit(vt_peek(c))) {
    if (!vt_lsc_num(c, 0xFFFF, &scale, "an address scale") || !vt_expect(c, '*', "after the scale")) return false;
    if (!scale) return vt_perr(c, SF_ERR_RANGE, c->i, "address scale 0"), false;
  }
  sf_raw a;
  if (!p_reg(c, &a, "an address register")) return false;
  int64_t off = 0;
  vt_ws(c);
  if (vt_peek(c) == '+' || vt_peek(c) == '-') {
    bool neg = vt_peek(c) == '-';
    c->i++;
    vt_ws(c);
    uint64_t m;
    if (!vt_lsc_num(c, neg ? 0x80000000u : 0x7FFFFFFFu, &m, "an address offset")) return false;
    off = neg ? -(int64_t)m : (int64_t)m;
  }
  if (pitch) {
    vt_ws(c);
    *has_pitch = vt_peek(c) == ',';
    if (*has_pitch) {
      c->i++;
      if (!vt_count_token(c) || !p_vec2d(c, pitch, false, "the pitch")) return false;
      if (pitch->v.cls == SF_VCLS_GENERAL && pitch->v.id == 0)
        return vt_perr(c, SF_ERR_SYNTAX, c->i, "the pitch cannot be %%null (GenX_IR prints no pitch for it, and reads none as the default)"), false;
    }
  }
  if (!vt_expect(c, ']', "after the address")) return false;
  unsigned asz;
  if (!vt_lsc_asize(c, &asz)) return false;
  vt_lsc_put(ops, F_MODEL, 'b', (uint32_t)model);
  vt_lsc_put(ops, F_SCALE, 'w', (uint32_t)scale);
  vt_lsc_put(ops, F_OFF, 'd', (uint32_t)(int32_t)off);
  vt_lsc_put(ops, F_ASIZE, 'b', asz);
  memset(&ops[F_SRC0], 0, sizeof ops[F_SRC0]);
  ops[F_SRC0].kind = SF_VF_RAW;
  ops[F_SRC0].r = a;
  return true;
}

/* The data size after a data operand's ':': (d|u) and the longest of vt_lsc_size_names that the text
 * holds (8 before 8c32); its index, or -1 after an error (expected: the message without one). */
static int p_dsize(cur *c, const char *expected) {
  size_t at = c->i;
  char u = vt_peek(c);
  if (u != 'd' && u != 'u') return vt_perr(c, SF_ERR_SYNTAX, at, "%s", expected), -1;
  c->i++;
  int size = -1;
  size_t best = 0;
  for (unsigned i = 1; i < 8; i++) {
    size_t l = strlen(vt_lsc_size_names[i]);
    if (l > best && c->n - c->i >= l && !memcmp(c->s + c->i, vt_lsc_size_names[i], l)) size = (int)i, best = l;
  }
  if (size < 0) return vt_perr(c, SF_ERR_SYNTAX, at, "unknown data size"), -1;
  c->i += best;
  return size;
}

/* The DATA group: REG[.off]:(d|u)<size>[x<n>][t] or REG[.off]:(d|u)<size>.<xyzw>, into *r and the
 * four shape fields ops[at_field..+3] (data size, order, vector length, channel mask). GenX_IR's
 * lexer reads both forms for every sub-op and its builder keeps one value for both (a union): the
 * channels' bits, or the vector length's code; vt_lsc_shape prints it back. */
bool vt_lsc_data(cur *c, sf_raw *r, sf_visa_gop *ops, unsigned at_field) {
  if (!p_reg(c, r, "a data register")) return false;
  if (!vt_expect(c, ':', "and the data shape (d32, d16x4t, ...)")) return false;
  int size = p_dsize(c, "expected a data shape: d8, d16, d32, d64, d8c32, d16c32, d16c32h");
  if (size < 0) return false;
  unsigned elems = 1, order = 1;
  if (vt_peek(c) == '.') { /* channels: their bits are the value, whatever the sub-op */
    c->i++;
    unsigned m = 0;
    int last = -1;
    size_t mat = c->i;
    while (c->i < c->n && strchr("xyzw", c->s[c->i]) && c->s[c->i]) {
      int k = (int)(strchr("xyzw", c->s[c->i]) - "xyzw");
      if (k <= last) return vt_perr(c, SF_ERR_SYNTAX, c->i, "channels are x, y, z, w in that order, each once"), false;
      last = k;
      m |= 1u << k;
      c->i++;
    }
    if (!m) return vt_perr(c, SF_ERR_SYNTAX, mat, "expected the channels (xyzw)"), false;
    elems = m;
  } else { /* a vector length: its code is the value, a quad sub-op's channel mask too */
    if (vt_peek(c) == 'x') {
      c->i++;
      uint64_t n;
      size_t nat = c->i;
      if (!vt_lsc_num(c, 64, &n, "a vector length")) return false;
      elems = 0;
      for (unsigned i = 1; i < 9; i++)
        if (vt_lsc_elem_counts[i] == n) elems = i;
      if (!elems) return vt_perr(c, SF_ERR_RANGE, nat, "vector length %u (1, 2, 3, 4, 8, 16, 32 or 64)", (unsigned)n), false;
    }
    if (vt_peek(c) == 't') c->i++, order = 2;
  }
  if (c->i < c->n && vt_id_char(c->s[c->i])) return vt_perr(c, SF_ERR_SYNTAX, c->i, "unexpected character in the data shape"), false;
  vt_lsc_put(ops, at_field, 'b', (uint32_t)size);
  vt_lsc_put(ops, at_field + 1, 'b', order);
  vt_lsc_put(ops, at_field + 2, 'b', elems);
  vt_lsc_put(ops, at_field + 3, 'b', elems); /* IGC writes the one value to both bytes (a union in its builder) */
  return true;
}

void vt_lsc_put_raw(sf_visa_gop *ops, unsigned i, const sf_raw *r) {
  memset(&ops[i], 0, sizeof ops[i]);
  ops[i].kind = SF_VF_RAW;
  ops[i].r = *r;
}

/* A decimal block dimension from 1 (GenX_IR's lexer takes no leading zero), at most max. */
static bool p_dim(cur *c, uint64_t max, uint64_t *v, const char *what) {
  if (vt_peek(c) < '1' || vt_peek(c) > '9') {
    char b[32];
    return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected %s (a decimal number from 1), found %s", what, vt_here(c, b, sizeof b)), false;
  }
  return vt_unum(c, max, v, what);
}

/* DATA2D (header comment): fills B_DSIZE to B_VNNI and the register. */
static bool p_data2d(cur *c, sf_raw *r, sf_visa_gop *ops) {
  if (!p_reg(c, r, "a data register")) return false;
  if (!vt_expect(c, ':', "and the block shape (d16.2x16x8nn, ...)")) return false;
  int size = p_dsize(c, "expected a block shape: d8, d16, d32, d64, ... then .<width>x<height>");
  if (size < 0) return false;
  if (vt_peek(c) != '.') return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected '.' and the block: [<blocks>x]<width>x<height>"), false;
  c->i++;
  size_t dims_at = c->i;  /* a block count is refused at its digits */
  uint64_t d[3];
  unsigned nd = 0;
  for (;;) {
    if (!p_dim(c, 0xFFFF, &d[nd], nd ? "a block dimension" : "the block width (or count)")) return false;
    nd++;
    if (nd == 3 || vt_peek(c) != 'x') break;
    c->i++;
  }
  if (nd < 2) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected 'x' and the block height"), false;
  uint64_t blocks = nd == 3 ? d[0] : 1, w = d[nd - 2], h = d[nd - 1];
  if (blocks > 255) return vt_perr(c, SF_ERR_RANGE, dims_at, "block count %u (at most 255, a byte)", (unsigned)blocks), false;
  unsigned order = 1, vnni = 0;
  if (vt_peek(c) == 'n' || vt_peek(c) == 't') {
    order = c->s[c->i++] == 't' ? 2u : 1u;
    if (vt_peek(c) == 'n' || vt_peek(c) == 't') vnni = c->s[c->i++] == 't';
  }
  if (c->i < c->n && vt_id_char(c->s[c->i])) return vt_perr(c, SF_ERR_SYNTAX, c->i, "unexpected character in the block shape"), false;
  vt_lsc_put(ops, B_DSIZE, 'b', (uint32_t)size);
  vt_lsc_put(ops, B_ORDER, 'b', order);
  vt_lsc_put(ops, B_BLOCKS, 'b', (uint32_t)blocks);
  vt_lsc_put(ops, B_W, 'w', (uint32_t)w);
  vt_lsc_put(ops, B_H, 'w', (uint32_t)h);
  vt_lsc_put(ops, B_VNNI, 'b', vnni);
  return true;
}

/* One operand of ADDR2D: a variable (the region GenX_IR writes, <0;1,0>) with (row,col) or .col,
 * or (not for the base) an immediate UD. */
static bool p_vec2d(cur *c, sf_visa_gop *o, bool reg_only, const char *what) {
  memset(o, 0, sizeof *o);
  o->kind = SF_VF_VEC;
  vt_ws(c);
  if (vt_is_digit(vt_peek(c))) {
    if (reg_only) return vt_perr(c, SF_ERR_SYNTAX, c->i, "%s must be a variable", what), false;
    uint64_t v;
    if (!vt_lsc_num(c, 0xFFFFFFFFu, &v, what)) return false;
    o->v.cls = SF_VCLS_IMMEDIATE;
    o->v.type = SF_VT_UD;
    o->v.imm = v;
    return true;
  }
  sf_raw r;
  size_t at = c->i;
  if (!p_reg(c, &r, what)) return false;
  if (r.off > 255) return vt_perr(c, SF_ERR_RANGE, at, "column %u of %s (at most 255)", (unsigned)r.off, what), false;
  o->v.cls = SF_VCLS_GENERAL;
  o->v.id = r.id;
  o->v.region = (sf_region){1, 2, 1, 0};
  o->v.col_off = (uint8_t)r.off;
  if (vt_peek(c) == '(') {
    uint64_t row, col;
    if (r.off) return vt_perr(c, SF_ERR_SYNTAX, c->i, "either .<col> or (row,col), not both"), false;
    c->i++;
    if (!vt_lsc_num(c, 255, &row, "a row") || !vt_expect(c, ',', "") || (vt_ws(c), !vt_lsc_num(c, 255, &col, "a column")) ||
        !vt_expect(c, ')', ""))
      return false;
    o->v.row_off = (uint8_t)row;
    o->v.col_off = (uint8_t)col;
  }
  return true;
}

/* ADDR2D (header comment): fills B_BASE to B_Y. */
static bool p_addr2d(cur *c, sf_visa_gop *ops) {
  static const char *const what[6] = {"the surface base", "the surface width", "the surface height", "the surface pitch",
                                      "the block x", "the block y"};
  vt_ws(c);
  if (c->n - c->i < 4 || memcmp(c->s + c->i, "flat", 4) || (c->i + 4 < c->n && vt_id_char(c->s[c->i + 4])))
    return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected flat[base, width, height, pitch, x, y]"), false;
  c->i += 4;
  if (!vt_expect(c, '[', "after flat")) return false;
  for (unsigned i = 0; i < 6; i++) {
    if (i && !vt_expect(c, ',', "between the block's address operands")) return false;
    if (!vt_count_token(c) || !p_vec2d(c, &ops[B_BASE + i], i == 0, what[i])) return false;
  }
  return vt_expect(c, ']', "after the six address operands");
}

static bool parse_block2d(cur *c, int sub, sf_visa_gop *ops, unsigned *n) {
  bool store = sub == 0x07;
  sf_raw data, null = {0, 0};
  if (store) {
    if (!vt_count_token(c) || !p_addr2d(c, ops) || !vt_count_token(c) || (vt_ws(c), !p_data2d(c, &data, ops))) return false;
  } else {
    if (!vt_count_token(c) || (vt_ws(c), !p_data2d(c, &data, ops)) || !vt_count_token(c) || !p_addr2d(c, ops)) return false;
  }
  vt_lsc_put_raw(ops, B_DST, store ? &null : &data);
  vt_lsc_put_raw(ops, B_SRC1, store ? &data : &null);
  *n = B_COUNT;
  return true;
}

bool vt_parse_lsc(cur *c, uint8_t *op, int sub, const char *name, const char *rest, size_t rest_n, size_t rest_at,
                  bool has_pred, uint32_t pw, size_t pred_at, sf_visa_gop *ops, unsigned cap, unsigned *n) {
  /* the suffixes: .<sfid>[.<cache>[.<cache>]] or, for the fence, .<sfid>.<op>.<scope> */
  const char *part[4];
  size_t part_n[4], part_at[4];
  unsigned np = 0;
  for (size_t i = 0; i < rest_n;) {
    if (rest[i] != '.' || np == 4) return vt_perr(c, SF_ERR_SYNTAX, rest_at + i, "unexpected '%c' after %s", rest[i], name), false;
    size_t j = i + 1;
    while (j < rest_n && rest[j] != '.') j++;
    part[np] = rest + i + 1, part_n[np] = j - i - 1, part_at[np] = rest_at + i + 1;
    np++;
    i = j;
  }
  int sfid = np ? vt_lsc_name_in(part[0], part_n[0], sfid_names, 4) : -1;
  if (sfid < 0) return vt_perr(c, SF_ERR_SYNTAX, np ? part_at[0] : rest_at, "expected .ugm, .ugml, .tgm or .slm after %s", name), false;
  if (*op == 0x8b) {
    if (has_pred) return vt_perr(c, SF_ERR_SYNTAX, pred_at, "lsc_fence takes no predicate"), false;
    int fo = np == 3 ? vt_lsc_name_in(part[1], part_n[1], fence_ops, 7) : -1, sc = np == 3 ? vt_lsc_name_in(part[2], part_n[2], scopes, 7) : -1;
    if (fo < 0 || sc < 0)
      return vt_perr(c, SF_ERR_SYNTAX, np > 1 ? part_at[fo < 0 ? 1 : 2] : rest_at + rest_n,
                     "expected lsc_fence.<sfid>.<op: none, evict, invalidate, discard, clean, flushl3, type6>.<scope: group, "
                     "local, tile, gpu, gpus, sysrel, sysacq>"), false;
    if (cap < 5) return vt_perr(c, SF_ERR_LIMIT, rest_at, "too many fields"), false;
    vt_lsc_put(ops, 0, 'E', 0x80);
    vt_lsc_put(ops, 1, 'P', 0);
    vt_lsc_put(ops, 2, 'b', (uint32_t)sfid);
    vt_lsc_put(ops, 3, 'b', (uint32_t)fo);
    vt_lsc_put(ops, 4, 'b', (uint32_t)sc);
    *n = 5;
    return true;
  }
  if (*op == 0x8a && sfid != 2) return vt_perr(c, SF_ERR_SYNTAX, part_at[0], "%s reads only .tgm (a typed message)", name), false;
  int l1 = 0, l3 = 0;
  if (np > 3) return vt_perr(c, SF_ERR_SYNTAX, part_at[3], "at most two cache options after the sfid"), false;
  for (unsigned i = 1; i < np; i++) {
    int v = vt_lsc_name_in(part[i], part_n[i], vt_lsc_cache_names, 7);
    if (v < 0 && part_n[i] == 2 && !memcmp(part[i], "cc", 2)) v = 6; /* GenX_IR 12504 reads .cc as .ri */
    if (v < 0) return vt_perr(c, SF_ERR_SYNTAX, part_at[i], "expected a cache option (df, uc, ca, wb, wt, st, ri)"), false;
    if (i == 1) l1 = v;
    else l3 = v;
  }
  if (sfid == 2) { /* the typed form, opcode 0x8a: visa_lsc_typed.c */
    if (!vt_lsc_typed_has_text((unsigned)sub)) /* every typed row has text: the operation has none */
      return vt_perr(c, SF_ERR_SYNTAX, part_at[0], "%s has no typed form (.tgm)", name), false;
    const uint8_t caches[2] = {(uint8_t)l1, (uint8_t)l3};
    *op = 0x8a;
    return vt_parse_lsc_typed(c, sub, name, np - 1, part_at + 1, pw, caches, ops, cap, n);
  }
  *op = 0x89;
  if (cap < B_COUNT) return vt_perr(c, SF_ERR_LIMIT, rest_at, "too many fields"), false;
  lsc_kind kd = kind_of((unsigned)sub);
  uint8_t size, emask;
  vt_ws(c);
  if (!vt_p_exec(c, &size, &emask)) return false;
  vt_lsc_put(ops, F_SUB, 'S', (uint32_t)sub);
  vt_lsc_put(ops, F_E, 'E', (uint32_t)size | (uint32_t)emask << 4);
  vt_lsc_put(ops, F_P, 'P', pw);
  vt_lsc_put(ops, F_SFID, 'b', (uint32_t)sfid);
  vt_lsc_put(ops, F_L1, 'b', (uint32_t)l1);
  vt_lsc_put(ops, F_L3, 'b', (uint32_t)l3);
  if (is_block2d((unsigned)sub)) return parse_block2d(c, sub, ops, n); /* fields 0-5 are laid out alike */
  sf_raw data, null = {0, 0}, s1 = null, s2 = null;
  bool str = is_strided((unsigned)sub), has_pitch = false;
  sf_visa_gop pitch;
  memset(&pitch, 0, sizeof pitch);
  sf_visa_gop *pp = str ? &pitch : NULL;
  if (kd == K_STORE) {
    if (!vt_count_token(c) || !p_addr(c, ops, pp, &has_pitch) || !vt_count_token(c) ||
        (vt_ws(c), !vt_lsc_data(c, &data, ops, F_DSIZE)))
      return false;
  } else {
    if (!vt_count_token(c) || (vt_ws(c), !vt_lsc_data(c, &data, ops, F_DSIZE)) || !vt_count_token(c) ||
        !p_addr(c, ops, pp, &has_pitch))
      return false;
  }
  if (str) { /* IGC's builder: chmask byte 0, the pitch after src0, src1 last; no pitch: the default */
    if (!has_pitch) {
      if (ops[F_ORDER].u == 1 && ops[F_ELEMS].u > 8) /* channels that are no length code: IGC's builder reports an invalid vector size */
        return vt_perr(c, SF_ERR_SYNTAX, c->i, "a strided message whose channels are no vector length needs its pitch (there is no default)"), false;
      pitch.kind = SF_VF_VEC;
      pitch.v.cls = SF_VCLS_IMMEDIATE;
      pitch.v.type = SF_VT_UD;
      pitch.v.imm = default_pitch((unsigned)ops[F_DSIZE].u, (unsigned)ops[F_ORDER].u, (unsigned)ops[F_ELEMS].u);
    }
    vt_lsc_put(ops, F_MASK, 'b', 0);
    vt_lsc_put_raw(ops, F_DST, kd == K_STORE ? &null : &data);
    ops[F_SRC1] = pitch;
    vt_lsc_put_raw(ops, F_SRC2, kd == K_STORE ? &data : &null);
    *n = F_COUNT;
    return true;
  }
  if (kd == K_ATOMIC &&
      (!vt_count_token(c) || (vt_ws(c), !p_reg(c, &s1, "src1")) || !vt_count_token(c) || (vt_ws(c), !p_reg(c, &s2, "src2"))))
    return false;
  vt_lsc_put_raw(ops, F_DST, kd == K_STORE ? &null : &data);
  vt_lsc_put_raw(ops, F_SRC1, kd == K_STORE ? &data : &s1);
  vt_lsc_put_raw(ops, F_SRC2, &s2);
  *n = F_COUNT;
  return true;
}
