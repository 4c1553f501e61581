/* visa_rtw_text.c — vISA text of rt_write_3d (opcode 0x71, the render-target write of a pixel
 * shader), in GenX_IR 1.0.12504's syntax (intel-graphics-compiler visa/IsaDisassembly.cpp prints
 * it, visa/CISA.y RTWInstruction and BuildCISAIRImpl.cpp CISA_create_rtwrite_3d_instruction read
 * it; docs/visa-text.md "rt_write_3d"):
 *
 *   [(pred)] rt_write_3d[.<RTI><A><O><Z><ST><LRTW><CPS><PS><CM><SI><NULLRT>] (emask, size) T<s>
 *            header [sample index] [CPS counter] [RT index] [s0a] [oM] R G B A [Z] [stencil]
 *
 * The options are the mode word's bits 2-12, printed in that order when the word is not 0. The
 * header and the colour, depth and stencil operands are raw operands, the sample index, the CPS
 * counter and the render-target index vector operands (a general variable or an immediate); which
 * are present follows from the mode (sf_visa_rtw_tail). GenX_IR's builder finds each option in the
 * suffix by substring search, `CM` and `NULLRT` without their brackets, so it reads the options in
 * any order, repeated, and ignores a name it does not know; we read them the same way. It takes
 * the operands by position and ignores any past the last one the mode needs: we refuse those (an
 * operand that selects nothing is a mistake, not a spelling). Mode bits 0, 1 and 13-15 have no
 * option, so an instruction with one has no text. */
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"

/* The options by mode bit (2-12), GenX_IR's printing order, and the text its builder searches for. */
static const struct {
  uint16_t bit;
  const char *name, *key;
} opts[11] = {{1u << 2, "<RTI>", "<RTI>"}, {1u << 3, "<A>", "<A>"},       {1u << 4, "<O>", "<O>"},
              {1u << 5, "<Z>", "<Z>"},     {1u << 6, "<ST>", "<ST>"},     {1u << 7, "<LRTW>", "<LRTW>"},
              {1u << 8, "<CPS>", "<CPS>"}, {1u << 9, "<PS>", "<PS>"},     {1u << 10, "<CM>", "CM"},
              {1u << 11, "<SI>", "<SI>"},  {1u << 12, "<NULLRT>", "NULLRT"}};

static bool src_class(const sf_vopnd *v) { return v->cls == SF_VCLS_GENERAL || v->cls == SF_VCLS_IMMEDIATE; }

void vt_print_rtw(pctx *c, const sf_visa_ginst *g, const char *name) {
  char full[24] = "EPwbR";
  uint32_t mode = g->num_ops >= 3 && g->ops[2].kind == SF_VF_UW ? g->ops[2].u : 0;
  sf_visa_rtw_tail(mode, full + 5);
  bool shape = vt_kinds_are(g, 0, full);
  if (!shape) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  if (mode & 0xE003u) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: mode bits 0x%x have no option and no text form", name, (unsigned)(mode & 0xE003u));
    return;
  }
  for (unsigned i = 5; i < g->num_ops; i++)
    if (g->ops[i].kind == SF_VF_VEC && !src_class(&g->ops[i].v)) {
      vt_pfail(c, SF_UNSUPPORTED, "%s: operand %u (a vector operand) must be a general variable or an immediate to have text", name, i);
      return;
    }
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_put(&c->o, name);
  if (mode) vt_ob_put(&c->o, ".");
  for (unsigned i = 0; i < 11; i++)
    if (mode & opts[i].bit) vt_ob_put(&c->o, opts[i].name);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_surface(c, (uint8_t)g->ops[3].u);
  for (unsigned i = 4; i < g->num_ops; i++) {
    if (g->ops[i].kind == SF_VF_RAW) vt_print_raw(c, &g->ops[i].r);
    else vt_print_vopnd(c, &g->ops[i].v);
  }
}

/* Whether the n bytes at s hold key. */
static bool has(const char *s, size_t n, const char *key) {
  size_t k = strlen(key);
  for (size_t i = 0; i + k <= n; i++)
    if (!memcmp(s + i, key, k)) return true;
  return false;
}

bool vt_parse_rtw(cur *c, const vt_gmatch *m, uint32_t pw, vt_gbuild *b) {
  uint32_t mode = 0;
  if (m->rest_n) { /* `.` then (<letters>)+, right after the name (GenX_IR's lexer) */
    if (m->rest_n != 1 || vt_peek(c) != '<')
      return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .<option>... (<RTI>, <A>, <O>, <Z>, <ST>, <LRTW>, <CPS>, "
                                                   "<PS>, <CM>, <SI>, <NULLRT>) or nothing after %s", m->name), false;
    size_t at = c->i;
    while (vt_peek(c) == '<') {
      size_t j = c->i + 1;
      while (j < c->n && ((c->s[j] | 0x20) >= 'a' && (c->s[j] | 0x20) <= 'z')) j++;
      if (j == c->i + 1 || j >= c->n || c->s[j] != '>')
        return vt_perr(c, SF_ERR_SYNTAX, c->i, "an option is '<', letters and '>'"), false;
      c->i = j + 1;
    }
    for (unsigned i = 0; i < 11; i++)
      if (has(c->s + at, c->i - at, opts[i].key)) mode |= opts[i].bit;
    if (!vt_count_token(c)) return false;
  }
  if (!vt_gexec(c, b)) return false;
  vt_gput_u(b, SF_VF_PRED, pw);
  vt_gput_u(b, SF_VF_UW, mode);
  uint8_t surf;
  if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
  vt_gput_u(b, SF_VF_UB, surf);
  if (!vt_gput_r(c, b, "the header")) return false;
  char tail[16];
  sf_visa_rtw_tail(mode, tail);
  const char *vwhat[3]; /* the mode's vector operands, in their order */
  unsigned nv = 0, nvw = 0;
  if (mode & 0x800u) vwhat[nvw++] = "the sample index";
  if (mode & 0x100u) vwhat[nvw++] = "the CPS counter";
  if (mode & 0x004u) vwhat[nvw++] = "the render-target index";
  for (const char *p = tail; *p; p++) {
    if (*p == SF_VF_RAW) {
      if (!vt_gput_r(c, b, "a raw operand the mode needs (s0a, oM, R, G, B, A, Z, stencil)")) return false;
      continue;
    }
    vt_ws(c);
    size_t at = c->i;
    const char *what = nv < nvw ? vwhat[nv] : "a vector operand";
    nv++;
    if (!vt_gput_v(c, b, what)) return false;
    if (!src_class(&b->ops[b->n - 1].v))
      return vt_perr(c, SF_ERR_SYNTAX, at, "%s must be a general variable or an immediate", what), false;
  }
  return true;
}
