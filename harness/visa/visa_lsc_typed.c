/* visa_lsc_typed.c — vISA text of the typed LSC messages (opcode 0x8a, sfid .tgm): lsc_load_quad,
 * lsc_store_quad, every atomic, and lsc_read_state_info, in the syntax GenX_IR 1.0.12504's grammar
 * reads (intel-graphics-compiler visa/CISA.y, LscTypedLoad / LscTypedStore / LscTypedAtomic /
 * LscTypedReadStateInfo; docs/visa-text.md "LSC"):
 *
 *   [(pred)] lsc_load_quad.tgm[.<L1>.<L3>] (emask, size)  DATA  TADDR
 *   [(pred)] lsc_store_quad.tgm[.<L1>.<L3>] (emask, size)  TADDR  DATA
 *   [(pred)] lsc_atomic_<op>.tgm[.<L1>.<L3>] (emask, size)  DATA  TADDR  SRC1  SRC2
 *   [(pred)] lsc_read_state_info.tgm  DST  <bss|ss|bti>(<surface>)
 *   [(pred)] lsc_load_status.tgm (...)  DATA  TADDR, lsc_store_uncompressed / lsc_ccs_update.tgm
 *            (...)  TADDR  DATA  (ours: below)
 * TADDR = <bss|ss|bti>(<surface>)[U[, V[, R[, LOD]]]]:a<16|32|64>, each coordinate REG[.off] and
 *         not %null; the coordinates left out are %null in the bytes
 * DATA  = as the untyped forms (visa_lsc_text.c): the quad sub-ops REG[.off]:d<size>.<xyzw>, the
 *         others REG[.off]:d<size>[x<n>][t]
 *
 * GenX_IR 12504's printer does not write what its parser reads here: it prints every coordinate
 * slot, the missing ones as `%null` (which LscPayloadNonNullReg refuses), and drops the coordinates'
 * byte offsets. We print the parser's form, so the text reads back as the same bytes; a coordinate
 * list with a gap (a %null before a variable) has no text. lsc_read_state_info has no exec size or
 * cache options in text: IGC's builder writes (M1_NM, 1), the default caches, a 32-bit address,
 * one 32-bit element and %null coordinates and sources, and only those print.
 *
 * lsc_load_status, lsc_store_uncompressed and lsc_ccs_update are our spellings: GenX_IR 12504's
 * lexer reads these names, but its typed rules refuse them ("unsupported load operation for .tgm"),
 * so it has no text for the bytes its binary reader takes. We write them as the typed load (the
 * first) and store (the other two), with the data as a vector length (d32x4), as the atomics'. */
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"

/* The typed layout (visa_optab.c LSC_T) after the sub-op: field indexes in the instruction. */
enum { T_SUB, T_E, T_P, T_L1, T_L3, T_MODEL, T_ASIZE, T_DSIZE, T_ORDER, T_ELEMS, T_MASK, T_SURF, T_DST, T_U, T_V, T_R, T_LOD,
       T_SRC1, T_SRC2, T_COUNT };

enum { TK_NONE, TK_LOAD, TK_STORE, TK_ATOMIC, TK_INFO };

/* Which typed sub-ops have text, and how they read. */
static int typed_kind(unsigned sub) {
  if (sub == 0x02 || sub == 0x1b) return TK_LOAD;
  if (sub == 0x06 || sub == 0x1c || sub == 0x1d) return TK_STORE;
  if (sub >= 0x08 && sub <= 0x1a) return TK_ATOMIC;
  if (sub == 0x1e) return TK_INFO;
  return TK_NONE;
}

bool vt_lsc_typed_has_text(unsigned sub) { return typed_kind(sub) != TK_NONE; }

/* The quad sub-ops spell their data by channels (d32.xyzw); the others by vector length. */
static bool typed_quad(unsigned sub) { return sub == 0x02 || sub == 0x06; }

static bool valid_surface(const sf_vopnd *v) { return vt_lsc_imm_surface(v) || vt_lsc_general_surface(v); }

/* ---- printing ---------------------------------------------------------------------------------- */

/* Why the fields have no text (NULL when they have). */
static const char *typed_why(const sf_visa_gop *o, int kd) {
  unsigned model = (unsigned)o[T_MODEL].u;
  if (model < 2 || model > 4) return "the address model (typed addresses are bss, ss or bti)";
  if (!valid_surface(&o[T_SURF].v)) return "the surface operand";
  if (kd == TK_INFO) {
    if (o[T_E].u != 0x80) return "an exec other than the builder's (M1_NM, 1)";
    if (o[T_L1].u || o[T_L3].u || o[T_ASIZE].u != 2 || o[T_DSIZE].u != 3 || o[T_ORDER].u != 1 || o[T_ELEMS].u != 1 ||
        o[T_MASK].u != 1)
      return "a cache option, address size or data shape other than the builder's";
    for (unsigned i = T_U; i <= T_SRC2; i++)
      if (!vt_lsc_null_raw(&o[i].r)) return "a coordinate or source other than %null";
    return NULL;
  }
  char shape[16];
  if (o[T_L1].u > 6 || o[T_L3].u > 6) return "a cache option";
  if (o[T_ASIZE].u < 1 || o[T_ASIZE].u > 3) return "the address size";
  if (o[T_DSIZE].u < 1 || o[T_DSIZE].u > 7) return "the data size";
  if (o[T_ELEMS].u != o[T_MASK].u) return "a vector length and a channel mask that differ (text holds one)";
  if (!vt_lsc_shape((unsigned)o[T_ELEMS].u, (unsigned)o[T_ORDER].u, typed_quad((unsigned)o[T_SUB].u), shape))
    return "the data order and vector length (or channels)";
  if (o[T_U].r.id == 0) return "a %null U coordinate";
  for (unsigned i = T_V; i <= T_LOD; i++)
    if (o[i].r.id == 0 ? o[i].r.off != 0 : o[i - 1].r.id == 0) return "a coordinate after a %null one, or a %null with an offset";
  if (kd == TK_LOAD && !(vt_lsc_null_raw(&o[T_SRC1].r) && vt_lsc_null_raw(&o[T_SRC2].r))) return "a load's src1 or src2";
  if (kd == TK_STORE && !(vt_lsc_null_raw(&o[T_DST].r) && vt_lsc_null_raw(&o[T_SRC2].r))) return "a store's dst or src2";
  return NULL;
}

void vt_print_lsc_typed(pctx *c, const sf_visa_ginst *g, const char *name) {
  static const char kinds[] = "SEPbbbbbbbbVRRRRRRR";
  bool shape = g->num_ops == T_COUNT;
  for (unsigned i = 0; shape && i < T_COUNT; i++) shape = g->ops[i].kind == (uint8_t)kinds[i];
  int kd = shape ? typed_kind((unsigned)g->ops[T_SUB].u) : TK_NONE;
  if (kd == TK_NONE) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  const sf_visa_gop *o = g->ops;
  const char *why = typed_why(o, kd);
  if (why) {
    vt_pfail(c, SF_UNSUPPORTED, "%s.tgm: %s has no text form", name, why);
    return;
  }
  vt_print_pred_word(c, o[T_P].u);
  vt_ob_fmt(&c->o, "%s.tgm", name);
  if (kd == TK_INFO) {
    vt_ob_put(&c->o, "  ");
    vt_lsc_put_reg(c, &o[T_DST].r);
    vt_ob_put(&c->o, "  ");
    vt_lsc_print_model(c, (unsigned)o[T_MODEL].u, &o[T_SURF].v);
    return;
  }
  if (o[T_L1].u || o[T_L3].u) vt_ob_fmt(&c->o, ".%s.%s", vt_lsc_cache_names[o[T_L1].u], vt_lsc_cache_names[o[T_L3].u]);
  vt_print_exec_byte(c, o[T_E].u);
  for (unsigned part = 0; part < 2; part++) {
    vt_ob_put(&c->o, "  ");
    if (part == (kd == TK_STORE ? 0u : 1u)) { /* TADDR */
      vt_lsc_print_model(c, (unsigned)o[T_MODEL].u, &o[T_SURF].v);
      vt_ob_put(&c->o, "[");
      for (unsigned i = T_U; i <= T_LOD && o[i].r.id; i++) {
        if (i > T_U) vt_ob_put(&c->o, ", ");
        vt_lsc_put_reg(c, &o[i].r);
      }
      vt_ob_fmt(&c->o, "]:a%u", 8u << o[T_ASIZE].u);
    } else { /* DATA */
      vt_lsc_put_reg(c, kd == TK_STORE ? &o[T_SRC1].r : &o[T_DST].r);
      char shp[16];
      vt_lsc_shape((unsigned)o[T_ELEMS].u, (unsigned)o[T_ORDER].u, typed_quad((unsigned)o[T_SUB].u), shp); /* typed_why checked it */
      vt_ob_fmt(&c->o, ":d%s%s", vt_lsc_size_names[o[T_DSIZE].u], shp);
    }
  }
  if (kd == TK_ATOMIC) {
    vt_ob_put(&c->o, "  ");
    vt_lsc_put_reg(c, &o[T_SRC1].r);
    vt_ob_put(&c->o, "  ");
    vt_lsc_put_reg(c, &o[T_SRC2].r);
  }
}

/* ---- parsing ----------------------------------------------------------------------------------- */

/* <bss|ss|bti>(<surface>): T_MODEL and T_SURF. */
static bool p_model(cur *c, sf_visa_gop *ops) {
  vt_ws(c);
  size_t at = c->i, j = c->i;
  while (j < c->n && c->s[j] >= 'a' && c->s[j] <= 'z') j++;
  int model = vt_lsc_name_in(c->s + at, j - at, vt_lsc_model_names, 6);
  if (model < 2 || model > 4) return vt_perr(c, SF_ERR_SYNTAX, at, "expected a typed address model: bss, ss or bti"), false;
  c->i = j;
  if (!vt_lsc_surface(c, &ops[T_SURF], (unsigned)model)) return false;
  vt_lsc_put(ops, T_MODEL, 'b', (uint32_t)model);
  return true;
}

/* TADDR (header comment): T_MODEL, T_SURF, T_ASIZE and the four coordinates. */
static bool p_taddr(cur *c, sf_visa_gop *ops) {
  static const char *const what[4] = {"the U coordinate", "the V coordinate", "the R coordinate", "the LOD"};
  if (!p_model(c, ops) || !vt_expect(c, '[', "and the coordinates")) return false;
  sf_raw r[4];
  memset(r, 0, sizeof r);
  for (unsigned i = 0; i < 4; i++) {
    if (i) {
      vt_ws(c);
      if (vt_peek(c) != ',') break;
      c->i++;
      if (!vt_count_token(c)) return false;
    }
    vt_ws(c);
    size_t at = c->i;
    if (!vt_p_raw_opt(c, &r[i], what[i], false)) return false;
    if (r[i].id == 0) return vt_perr(c, SF_ERR_SYNTAX, at, "%s cannot be %%null (leave the last coordinates out instead)", what[i]), false;
  }
  unsigned asz;
  if (!vt_expect(c, ']', "after at most four coordinates (U, V, R, LOD)") || !vt_lsc_asize(c, &asz)) return false;
  vt_lsc_put(ops, T_ASIZE, 'b', asz);
  for (unsigned i = 0; i < 4; i++) vt_lsc_put_raw(ops, T_U + i, &r[i]);
  return true;
}

bool vt_parse_lsc_typed(cur *c, int sub, const char *name, unsigned num_cache, const size_t *cache_at, uint32_t pw,
                        const uint8_t caches[2], sf_visa_gop *ops, unsigned cap, unsigned *n) {
  int kd = typed_kind((unsigned)sub);
  if (cap < T_COUNT) return vt_perr(c, SF_ERR_LIMIT, c->i, "too many fields"), false;
  sf_raw null = {0, 0}, data = null, s1 = null, s2 = null;
  vt_lsc_put(ops, T_SUB, 'S', (uint32_t)sub);
  vt_lsc_put(ops, T_P, 'P', pw);
  if (kd == TK_INFO) {
    if (num_cache) return vt_perr(c, SF_ERR_SYNTAX, cache_at[0], "%s.tgm takes no cache options", name), false;
    vt_lsc_put(ops, T_E, 'E', 0x80); /* the builder's (M1_NM, 1), the default caches, a32, one d32 */
    vt_lsc_put(ops, T_L1, 'b', 0);
    vt_lsc_put(ops, T_L3, 'b', 0);
    vt_lsc_put(ops, T_ASIZE, 'b', 2);
    vt_lsc_put(ops, T_DSIZE, 'b', 3);
    vt_lsc_put(ops, T_ORDER, 'b', 1);
    vt_lsc_put(ops, T_ELEMS, 'b', 1);
    vt_lsc_put(ops, T_MASK, 'b', 1);
    if (!vt_count_token(c) || (vt_ws(c), !vt_p_raw_opt(c, &data, "the destination", false)) || !vt_count_token(c) ||
        !p_model(c, ops))
      return false;
    vt_lsc_put_raw(ops, T_DST, &data);
    for (unsigned i = T_U; i <= T_SRC2; i++) vt_lsc_put_raw(ops, i, &null);
    *n = T_COUNT;
    return true;
  }
  uint8_t size, emask;
  vt_ws(c);
  if (!vt_p_exec(c, &size, &emask)) return false;
  vt_lsc_put(ops, T_E, 'E', (uint32_t)size | (uint32_t)emask << 4);
  vt_lsc_put(ops, T_L1, 'b', caches[0]);
  vt_lsc_put(ops, T_L3, 'b', caches[1]);
  if (kd == TK_STORE) {
    if (!vt_count_token(c) || !p_taddr(c, ops) || !vt_count_token(c) || (vt_ws(c), !vt_lsc_data(c, &data, ops, T_DSIZE)))
      return false;
  } else {
    if (!vt_count_token(c) || (vt_ws(c), !vt_lsc_data(c, &data, ops, T_DSIZE)) || !vt_count_token(c) || !p_taddr(c, ops))
      return false;
  }
  if (kd == TK_ATOMIC && (!vt_count_token(c) || (vt_ws(c), !vt_p_raw_opt(c, &s1, "src1", false)) || !vt_count_token(c) ||
                          (vt_ws(c), !vt_p_raw_opt(c, &s2, "src2", false))))
    return false;
  vt_lsc_put_raw(ops, T_DST, kd == TK_STORE ? &null : &data);
  vt_lsc_put_raw(ops, T_SRC1, kd == TK_STORE ? &data : &s1);
  vt_lsc_put_raw(ops, T_SRC2, &s2);
  *n = T_COUNT;
  return true;
}
