/* visa_dpas_text.c — vISA text of dpas and dpasw (opcodes 0x83 and 0x1c, layout ERRRVd), in GenX_IR
 * 1.0.12504's syntax (learned from intel-graphics-compiler visa/IsaDisassembly.cpp, visa/CISA.l and
 * visa/CISA.y at that release; checked against GenX_IR -platform PVC, docs/visa-text.md "dpas"):
 *
 *   dpas.<W>.<A>.<depth>.<count> (emask, size) DST.off SRC0.off SRC1.off SRC2(row,col)
 *
 * No predicate. The last field (UD) packs the four (IGC's DpasInfoToUI32): W (src1's precision) in
 * bits 0-7, A (src2's) in bits 8-15, the systolic depth in 16-23 and the repeat count in 24-31. The
 * precisions print by IGC's names (u1 s1 u2 s2 u4 s4 u8 s8 bf hf tf32). GenX_IR's lexer reads a name
 * as one of [suSUbBhH] and one of [1248fF] (bf and hf in either case), or (dpas only) tf32 for both
 * precisions at once; the depth as 1, 2, 4 or 8 and the count as 1 to 8. SRC2 is a general variable with an
 * implicit region <1;1,0>, written NAME(row,col) (GenX_IR prints it so, and its parser takes no
 * other form). */
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"

/* IGC's GenPrecision names by value (0 and 11 have none). */
static const char *const prec_names[13] = {NULL, "u1", "s1", "u2", "s2", "u4", "s4", "u8", "s8", "bf", "hf", NULL, "tf32"};

enum { TF32 = 12 };

static bool dpas_info_ok(uint32_t info, uint8_t op) {
  unsigned w = info & 0xFF, a = (info >> 8) & 0xFF, d = (info >> 16) & 0xFF, n = info >> 24;
  if (w > 12 || a > 12 || !prec_names[w] || !prec_names[a]) return false;
  if ((w == TF32 || a == TF32) && (w != a || op != 0x83)) return false; /* tf32 is read only as dpas.tf32.tf32 */
  return (d == 1 || d == 2 || d == 4 || d == 8) && n >= 1 && n <= 8;
}

/* src2 as GenX_IR's parser makes it: a general variable, no modifier, region <1;1,0>. */
static bool src2_ok(const sf_vopnd *v) {
  return v->cls == SF_VCLS_GENERAL && v->mod == SF_VMOD_NONE && v->tag_hi == 0 && v->region.vstride == 2 &&
         v->region.width == 2 && v->region.hstride == 1 && v->region.hi == 0;
}

void vt_print_dpas(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "ERRRVd")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  uint32_t info = g->ops[5].u;
  if (!dpas_info_ok(info, g->op) || !src2_ok(&g->ops[4].v)) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: %s has no text form", name,
             dpas_info_ok(info, g->op) ? "src2 other than a variable with region <1;1,0>"
                                : "the precision, depth and count word (names GenX_IR reads, depth 1/2/4/8, count 1-8)");
    return;
  }
  vt_ob_fmt(&c->o, "%s.%s.%s.%u.%u", name, prec_names[info & 0xFF], prec_names[(info >> 8) & 0xFF], (unsigned)((info >> 16) & 0xFF),
            (unsigned)(info >> 24));
  vt_print_exec_byte(c, g->ops[0].u);
  for (unsigned i = 1; i < 4; i++) vt_print_raw(c, &g->ops[i].r);
  const sf_vopnd *v = &g->ops[4].v;
  vt_ob_put(&c->o, " ");
  vt_print_var_name(c, v->id);
  vt_ob_fmt(&c->o, "(%u,%u)", (unsigned)v->row_off, (unsigned)v->col_off);
}

/* One precision name of GenX_IR's lexer at s (2 letters, case as the lexer takes it): its value, 0
 * when none. */
static unsigned prec_of(const char *s) {
  char a = s[0], b = s[1];
  if (a == 's' || a == 'S' || a == 'u' || a == 'U') {
    unsigned k = b == '1' ? 0 : b == '2' ? 1 : b == '4' ? 2 : b == '8' ? 3 : 4;
    if (k == 4) return 0;
    return 1 + 2 * k + (a == 's' || a == 'S');
  }
  if ((b == 'f' || b == 'F') && (a == 'b' || a == 'B')) return 9;
  if ((b == 'f' || b == 'F') && (a == 'h' || a == 'H')) return 10;
  return 0;
}

bool vt_dpas_rest(cur *c, const vt_gmatch *m, uint32_t *info) {
  const char *r = m->rest;
  size_t n = m->rest_n;
  unsigned w = 0, a = 0, p = 0;
  if (m->op == 0x83 && n >= 10 && !memcmp(r, ".tf32.tf32", 10)) {
    w = a = TF32;
    p = 10;
  } else if (n >= 6 && r[0] == '.' && r[3] == '.') {
    w = prec_of(r + 1);
    a = prec_of(r + 4);
    p = 6;
  }
  if (!w || !a || n != p + 4 || r[p] != '.' || r[p + 2] != '.' || !strchr("1248", r[p + 1]) || r[p + 1] == 0 || r[p + 3] < '1' ||
      r[p + 3] > '8')
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at,
                   "expected .<W>.<A>.<depth 1|2|4|8>.<count 1-8> after %s (precisions u1 s1 u2 s2 u4 s4 u8 s8 bf hf, or "
                   "tf32.tf32)", m->name), false;
  *info = w | a << 8 | (uint32_t)(r[p + 1] - '0') << 16 | (uint32_t)(r[p + 3] - '0') << 24;
  return true;
}

bool vt_dpas_src2(cur *c, vt_gbuild *b) {
  const char *s;
  size_t sn, sat;
  uint64_t row, col;
  vt_ws(c);
  if (!vt_count_token(c) || !vt_ident(c, &s, &sn, &sat, "src2 (a general variable)") || !vt_expect(c, '(', "and (row,col) after src2") ||
      !vt_unum(c, 255, &row, "a row") || !vt_expect(c, ',', "") || !vt_unum(c, 255, &col, "a column") ||
      !vt_expect(c, ')', "after (row,col)"))
    return false;
  uint32_t id;
  sf_visa_symkind other = SF_SYM_NONE;
  res_t r = vt_resolve_var(c->k, s, sn, &id, &other);
  if (r != RES_OK) return vt_name_error(c, r, sat, s, sn, other, "a general variable"), false;
  sf_visa_gop *o = &b->ops[b->n++];
  memset(o, 0, sizeof *o);
  o->kind = SF_VF_VEC;
  o->v.cls = SF_VCLS_GENERAL;
  o->v.id = id;
  o->v.row_off = (uint8_t)row;
  o->v.col_off = (uint8_t)col;
  o->v.region = (sf_region){2, 2, 1, 0}; /* <1;1,0> */
  return true;
}
