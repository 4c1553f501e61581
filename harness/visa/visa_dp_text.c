/* visa_dp_text.c — vISA text of the surface (dataport) messages that IGC 1.0.12504 writes for
 * OpenCL global, local and image memory outside LSC, both directions, in GenX_IR 1.0.12504's syntax
 * (learned from intel-graphics-compiler visa/IsaDisassembly.cpp and visa/CISA.y, checked line by
 * line against GenX_IR on the kernels of tests/data/real/visa-ocloc; docs/visa-text.md "Generic
 * instructions"):
 *
 *   oword_ld[.mod] (<owords>) T<s> offset dst          0x35, 0x3c oword_ld_unaligned the same
 *   oword_st (<owords>) T<s> offset src                0x36
 *   [(pred)] dword_atomic.<op>[.16] (emask, size) T<s> offsets src0 src1 dst      0x7d
 *   media_ld.<mode> (<width>,<height>) T<s> <plane> x y dst                       0x37
 *   media_st.<mode> (<width>,<height>) T<s> <plane> x y src                       0x38
 *   svm_block_ld (<owords>) address dst                0x4e sub-op 1, svm_block_st sub-op 2
 *   [(pred)] svm_gather4scaled.<ch> (emask, size) globalOffset addresses data   0x4e sub-ops 6, 7
 *
 * What reads back as other bytes is refused by the printer (SF_UNSUPPORTED naming it); the parser
 * takes GenX_IR's forms, positioned errors otherwise. */
#include <string.h>

#include "harness/visa/visa_chars.h"
#include "harness/visa/visa_text_priv.h"

/* media_ld's modes (Common_ISA.cpp media_ld_mod_str, which GenX_IR's lexer also reads for
 * media_st); media_st prints mode 1 as "reserved", which no lexer reads, so it has no text. */
static const char *const media_modes[6] = {"nomod", "modified", "top", "bottom", "top_mod", "bottom_mod"};

/* ---- printing ---------------------------------------------------------------------------------- */

/* [(pred)] dword_atomic.<op>[.16] (emask, size) T<surface> offsets src0 src1 dst: the op byte as
 * vt_print_atomic_name; GenX_IR 12504 reads only .16 back here. */
static void print_dword_atomic(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "bEPbRRRR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  vt_print_pred_word(c, g->ops[2].u);
  if (!vt_print_atomic_name(c, name, g->ops[0].u, false)) return;
  vt_print_exec_byte(c, g->ops[1].u);
  vt_print_surface(c, (uint8_t)g->ops[3].u);
  for (unsigned i = 4; i < 8; i++) vt_print_raw(c, &g->ops[i].r);
}

/* oword_ld[.mod] (n) T<surface> offset dst, oword_ld_unaligned likewise, oword_st (n) T<surface>
 * offset src: the size code 0-4 is 1, 2, 4, 8 or 16 owords, printed where other instructions have
 * their exec size; the loads' modifier byte 1 is .mod. GenX_IR 12504 assembles .mod to 1 but does
 * not print it; we print it, so that the byte reads back. No exec mask, no predicate. */
static void print_oword(pctx *c, const sf_visa_ginst *g, const char *name) {
  bool st = g->op == 0x36;
  if (!vt_kinds_are(g, 0, st ? "bbVR" : "bbbVR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  if (g->ops[0].u > 4 || (!st && g->ops[1].u > 1)) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: size code %u%s has no text form (0-4, modifier 0 or 1)", name, (unsigned)g->ops[0].u,
             st ? "" : " or modifier");
    return;
  }
  unsigned f = st ? 1 : 2;
  vt_ob_fmt(&c->o, "%s%s (%u)", name, !st && g->ops[1].u ? ".mod" : "", 1u << g->ops[0].u);
  vt_print_surface(c, (uint8_t)g->ops[f].u);
  vt_print_vopnd(c, &g->ops[f + 1].v);
  vt_print_raw(c, &g->ops[f + 2].r);
}

/* media_ld.<mode> (w,h) T<surface> <plane> x y dst (fields: mode, surface, plane, width, height,
 * x, y, data): GenX_IR's parser takes a plane of 0-15 (and none as 0); the mode must have a name
 * its lexer reads (media_st: 0, 2, 3). */
static void print_media(pctx *c, const sf_visa_ginst *g, const char *name) {
  bool st = g->op == 0x38;
  if (!vt_kinds_are(g, 0, "bbbbbVVR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  uint32_t mode = g->ops[0].u;
  if (mode > 5 || (st && (mode == 1 || mode > 3)) || g->ops[2].u > 15) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: mode %u or plane %u has no text form (modes %s, planes 0-15)", name, (unsigned)mode,
             (unsigned)g->ops[2].u, st ? "0, 2, 3" : "0-5");
    return;
  }
  vt_ob_fmt(&c->o, "%s.%s (%u,%u)", name, media_modes[mode], (unsigned)g->ops[3].u, (unsigned)g->ops[4].u);
  vt_print_surface(c, (uint8_t)g->ops[1].u);
  vt_ob_fmt(&c->o, " %u", (unsigned)g->ops[2].u);
  vt_print_vopnd(c, &g->ops[5].v);
  vt_print_vopnd(c, &g->ops[6].v);
  vt_print_raw(c, &g->ops[7].r);
}

/* svm_block_ld (n) address dst, svm_block_st (n) address src (fields after the sub-op: properties,
 * address, data): the properties byte's bits 0-2 are the oword count code; GenX_IR 12504 has no
 * spelling for its bit 7 (unaligned; a later IGC's `.unaligned`, which 12504 rejects) or the rest. */
static void print_svm_block(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 1, "bVR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  if (g->ops[1].u > 4) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: properties 0x%02x have no GenX_IR 12504 text (only the oword count 0-4)", name,
             (unsigned)g->ops[1].u);
    return;
  }
  vt_ob_fmt(&c->o, "%s (%u)", name, 1u << g->ops[1].u);
  vt_print_vopnd(c, &g->ops[2].v);
  vt_print_raw(c, &g->ops[3].r);
}

/* [(pred)] svm_gather4scaled.<ch> (emask, size) globalOffset addresses data (0x4e sub-ops 6, 7;
 * fields after the sub-op: exec, predicate, channel mask, scale, offset, addresses, data): as
 * gather4_scaled without a surface. The scale must be 0 (IsaDisassembly.cpp does not print it). */
static void print_svm4(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 1, "EPbwVRR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  if (g->ops[3].u == 0 || g->ops[3].u > 15 || g->ops[4].u != 0) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: channel mask 0x%x or scale %u has no text form (mask 1-15, scale 0)", name,
             (unsigned)g->ops[3].u, (unsigned)g->ops[4].u);
    return;
  }
  vt_print_pred_word(c, g->ops[2].u);
  vt_ob_put(&c->o, name);
  vt_ob_put(&c->o, ".");
  vt_print_chan(c, (uint8_t)g->ops[3].u);
  vt_print_exec_byte(c, g->ops[1].u);
  vt_print_vopnd(c, &g->ops[5].v);
  vt_print_raw(c, &g->ops[6].r);
  vt_print_raw(c, &g->ops[7].r);
}

void vt_print_dp(pctx *c, const sf_visa_ginst *g, const char *name, uint8_t syn) {
  switch (syn) {
    case SF_VSYN_DWATOMIC: print_dword_atomic(c, g, name); break;
    case SF_VSYN_OWORD: print_oword(c, g, name); break;
    case SF_VSYN_MEDIA: print_media(c, g, name); break;
    case SF_VSYN_SVMBLOCK: print_svm_block(c, g, name); break;
    case SF_VSYN_SVM4: print_svm4(c, g, name); break;
    default: vt_pfail(c, SF_UNSUPPORTED, "%s: not a dataport class", name); break;
  }
}

/* ---- parsing ----------------------------------------------------------------------------------- */

/* `(n)`: a number of owords (1, 2, 4, 8 or 16), as its size code 0-4. */
static bool oword_count(cur *c, uint32_t *code) {
  vt_ws(c);
  size_t at = c->i;
  uint64_t v;
  if (!vt_expect(c, '(', "and the number of owords") || !vt_unum(c, 16, &v, "the number of owords (1, 2, 4, 8, 16)") ||
      !vt_expect(c, ')', "after the number of owords"))
    return false;
  if (v == 0 || (v & (v - 1)))
    return vt_perr(c, SF_ERR_RANGE, at + 1, "%u owords: expected 1, 2, 4, 8 or 16", (unsigned)v), false;
  for (*code = 0; (1u << *code) < v; (*code)++) {}
  return true;
}

static bool surface(cur *c, vt_gbuild *b) {
  uint8_t surf;
  if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
  vt_gput_u(b, SF_VF_UB, surf);
  return true;
}

/* The optional plane after media's surface: a decimal number alone (an immediate x offset has a
 * `:type`), as GenX_IR's grammar tells them apart. */
static bool media_plane(cur *c, uint32_t *plane) {
  vt_ws(c);
  size_t j = c->i;
  while (j < c->n && sf_visa_cc_is(c->s[j], SF_VC_DIGIT)) j++;
  *plane = 0;
  if (j == c->i || (j < c->n && !sf_visa_cc_is(c->s[j], SF_VC_WS))) return true;
  uint64_t v;
  if (!vt_count_token(c) || !vt_unum(c, 15, &v, "the plane (0-15)")) return false;
  *plane = (uint32_t)v;
  return true;
}

static bool p_media(cur *c, const vt_gmatch *m, vt_gbuild *b) {
  bool st = m->op == 0x38;
  int mode = -1;
  for (int q = 0; q < 6 && m->rest_n > 1 && m->rest[0] == '.'; q++)
    if (vt_ieq(m->rest + 1, m->rest_n - 1, media_modes[q])) mode = q;
  if (mode < 0 || (st && (mode == 1 || mode > 3)))
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .nomod, %s after %s",
                   st ? ".top or .bottom" : ".modified, .top, .bottom, .top_mod or .bottom_mod", m->name), false;
  uint64_t w, h;
  vt_ws(c);
  if (!vt_count_token(c) || !vt_expect(c, '(', "and the block width") || !vt_unum(c, 255, &w, "the block width") ||
      !vt_expect(c, ',', "and the block height") || !vt_unum(c, 255, &h, "the block height") ||
      !vt_expect(c, ')', "after the block height"))
    return false;
  uint32_t plane;
  vt_gput_u(b, SF_VF_UB, (uint32_t)mode);
  if (!surface(c, b) || !media_plane(c, &plane)) return false;
  vt_gput_u(b, SF_VF_UB, plane);
  vt_gput_u(b, SF_VF_UB, (uint32_t)w);
  vt_gput_u(b, SF_VF_UB, (uint32_t)h);
  return vt_gput_v(c, b, "the x offset") && vt_gput_v(c, b, "the y offset") &&
         vt_gput_r(c, b, st ? "the source" : "the destination");
}

bool vt_parse_dp(cur *c, const vt_gmatch *m, uint32_t pw, vt_gbuild *b) {
  switch (m->syn) {
    case SF_VSYN_DWATOMIC: {
      int op = vt_atomic_rest(c, m, false);
      if (op < 0) return false;
      vt_gput_u(b, SF_VF_UB, (uint32_t)op);
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      return surface(c, b) && vt_gput_r(c, b, "the offsets") && vt_gput_r(c, b, "src0") && vt_gput_r(c, b, "src1") &&
             vt_gput_r(c, b, "the destination");
    }
    case SF_VSYN_OWORD: {
      bool st = m->op == 0x36, mod = m->rest_n != 0;
      if (mod && (st || !vt_ieq(m->rest, m->rest_n, ".mod")))
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, st ? "oword_st takes no suffix" : "expected .mod or nothing after %s",
                       m->name), false;
      uint32_t code;
      if (!vt_count_token(c) || !oword_count(c, &code)) return false;
      vt_gput_u(b, SF_VF_UB, code);
      if (!st) vt_gput_u(b, SF_VF_UB, mod ? 1u : 0u);
      return surface(c, b) && vt_gput_v(c, b, "the offset") && vt_gput_r(c, b, st ? "the source" : "the destination");
    }
    case SF_VSYN_MEDIA: return p_media(c, m, b);
    case SF_VSYN_SVMBLOCK: {
      uint32_t code;
      if (m->rest_n)
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "%s takes no suffix in GenX_IR 12504's syntax", m->name), false;
      vt_gput_u(b, SF_VF_SUBOP, (uint32_t)m->sub);
      if (!vt_count_token(c) || !oword_count(c, &code)) return false;
      vt_gput_u(b, SF_VF_UB, code);
      return vt_gput_v(c, b, "the address") && vt_gput_r(c, b, m->sub == 2 ? "the source" : "the destination");
    }
    case SF_VSYN_SVM4: {
      uint8_t mask = 0;
      if (m->rest_n < 2 || m->rest[0] != '.')
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .<channels> (R, G, B, A in that order) after %s", m->name), false;
      if (!vt_p_chan(c, m->rest + 1, m->rest_n - 1, m->rest_at + 1, &mask)) return false;
      if (mask == 0) return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "%s needs at least one channel", m->name), false;
      vt_gput_u(b, SF_VF_SUBOP, (uint32_t)m->sub);
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      vt_gput_u(b, SF_VF_UB, mask);
      vt_gput_u(b, SF_VF_UW, 0); /* scale: GenX_IR's text has none */
      return vt_gput_v(c, b, "the global offset") && vt_gput_r(c, b, "the addresses") && vt_gput_r(c, b, "the data");
    }
    default: return vt_perr(c, SF_UNSUPPORTED, m->rest_at, "%s: not a dataport class", m->name), false;
  }
}
