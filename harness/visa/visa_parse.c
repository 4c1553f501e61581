/* visa_parse.c — vISA text: the instruction parser (sf_visa_parse): mnemonics (IGC's lower case and
 * the spec pages' upper case), then the operands of SAMPLE_UNORM, 3D_SAMPLE and AVS in IGC's order
 * or the spec's AVS order (docs/visa-text.md). */
#include <errno.h>
#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"


/* The opcode of the table row (or sub-op row) whose GenX_IR name is s[0..n), or -1; *text: whether
 * the row has a text class. A line that names a vISA instruction is refused as unsupported, not as
 * a syntax error: here (one sample-family instruction alone) because it is another instruction, or
 * (in a kernel too) because it has no text form. Only on the refusal path. */
static int named_row(const char *s, size_t n, bool *text) {
  *text = false;
  for (unsigned op = 0; op < sf_visa_optab_count(); op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op); /* every row has a name (reserved ones too) */
    if (!d->subs && strlen(d->name) == n && vt_ieq(s, n, d->name)) return *text = d->syn != SF_VSYN_NONE, (int)op;
    /* va and va_skl_plus print as the row's name and a sub-op name of their own (visa_va_text.c);
     * their sub-op rows' names are IGC's descriptions, not spellings */
    bool va = d->subs && d->subs[0].syn == SF_VSYN_VA;
    if (va && strlen(d->name) == n && vt_ieq(s, n, d->name)) return *text = true, (int)op;
    for (unsigned q = 0; d->subs && !va && q < d->num_subs; q++)
      if (strlen(d->subs[q].name) == n && vt_ieq(s, n, d->subs[q].name)) return *text = d->subs[q].syn != SF_VSYN_NONE, (int)op;
  }
  /* The LSC spellings (lsc_load, lsc_atomic_iadd, ...) are the sub-op rows' names and lsc_fence
   * its row's, found above; any other lsc_ word names no instruction (a syntax error, as in a kernel). */
  return -1;
}

static bool p_mnemonic(cur *c, mnem *m) {
  memset(m, 0, sizeof *m);
  vt_ws(c);
  m->name_at = c->i;
  size_t j = c->i;
  while (j < c->n && (vt_id_char(c->s[j]) || c->s[j] == '+') && c->s[j] != '%' && j - c->i < 64) j++;
  if (j == c->i) {
    char b[32];
    return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected an instruction (sample_unorm, avs or a 3D_SAMPLE op), found %s",
                vt_here(c, b, sizeof b)), false;
  }
  m->name = c->s + c->i;
  m->name_n = j - c->i;
  c->i = j;
  while (c->i < c->n && c->s[c->i] == '.') {
    if (m->nparts >= MAX_PARTS) return vt_perr(c, SF_ERR_LIMIT, c->i, "too many '.' suffixes"), false;
    c->i++;
    size_t k = c->i;
    while (k < c->n && (vt_id_char(c->s[k]) || c->s[k] == '-') && c->s[k] != '%' && k - c->i < 64) k++;
    m->part[m->nparts] = c->s + c->i;
    m->part_n[m->nparts] = k - c->i;
    m->part_at[m->nparts] = c->i;
    m->nparts++;
    c->i = k;
  }
  return vt_count_token(c);
}

bool vt_finish_line(cur *c) {
  if (c->err) return false;
  if (!vt_at_end(c)) {
    char b[32];
    vt_perr(c, SF_ERR_SYNTAX, c->i, "expected end of instruction, found %s", vt_here(c, b, sizeof b));
    return false;
  }
  return true;
}

static bool p_unorm(cur *c, const mnem *m, sf_sample_unorm *u) {
  if (m->nparts != 2)
    return vt_perr(c, SF_ERR_SYNTAX, m->nparts < 2 ? c->i : m->part_at[2],
                "sample_unorm takes .<channels>.<format>, e.g. sample_unorm.RGBA.16-full"), false;
  if (!vt_p_chan(c, m->part[0], m->part_n[0], m->part_at[0], &u->chan_mask)) return false;
  int f = -1;
  for (int q = 0; q < 4; q++)
    if (vt_ieq(m->part[1], m->part_n[1], vt_fmt_names[q])) f = q;
  if (f < 0)
    return vt_perr(c, SF_ERR_SYNTAX, m->part_at[1],
                "expected an output format .16-full, .16-downsampled, .8-full or .8-downsampled"), false;
  u->out_fmt = (uint8_t)f;
  return vt_p_state_slot(c, &u->sampler, "a sampler") && vt_p_state_slot(c, &u->surface, "a surface") &&
         vt_p_vopnd(c, &u->u, "U_offset") && vt_p_vopnd(c, &u->v, "V_offset") && vt_p_vopnd(c, &u->du, "DeltaU") &&
         vt_p_vopnd(c, &u->dv, "DeltaV") && vt_p_raw(c, &u->dst, "the destination (raw operand name.offset)") &&
         vt_finish_line(c);
}

static bool p_3d(cur *c, const mnem *m, int op, sf_sample_3d *s) {
  s->op = (uint8_t)op;
  if (m->nparts == 0)
    return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected .<channels> after the 3D_SAMPLE op, e.g. sample_3d.RGBA"), false;
  static const char *const sfx[3] = {"pixel_null_mask", "cps", "divS"};
  int last = -1;
  for (unsigned i = 0; i + 1 < m->nparts; i++) {
    int q = -1;
    for (int j = 0; j < 3; j++)
      if (vt_ieq(m->part[i], m->part_n[i], sfx[j])) q = j;
    if (q < 0)
      return vt_perr(c, SF_ERR_SYNTAX, m->part_at[i], "expected .pixel_null_mask, .cps or .divS before the channels"),
             false;
    if (q <= last)
      return vt_perr(c, SF_ERR_SYNTAX, m->part_at[i], "suffixes must come in the order .pixel_null_mask.cps.divS"), false;
    last = q;
    if (q == 0) s->pixel_null_mask = true;
    if (q == 1) s->cps = true;
    if (q == 2) s->divs = true;
  }
  unsigned lp = m->nparts - 1;
  if (!vt_p_chan(c, m->part[lp], m->part_n[lp], m->part_at[lp], &s->chan_mask)) return false;
  if (!vt_p_exec(c, &s->exec_size, &s->emask)) return false;
  if (!vt_p_vopnd(c, &s->aoffimmi, "aoffimmi") || !vt_p_state_slot(c, &s->sampler, "a sampler") ||
      !vt_p_state_slot(c, &s->surface, "a surface") || !vt_p_raw(c, &s->dst, "the destination (raw operand name.offset)"))
    return false;
  while (!vt_at_end(c)) {
    if (s->num_params >= SF_S3D_MAX_PARAMS)
      return vt_perr(c, SF_ERR_RANGE, c->i, "3D_SAMPLE takes at most %d parameters", SF_S3D_MAX_PARAMS), false;
    if (!vt_p_raw(c, &s->params[s->num_params], "a parameter (raw operand name.offset)")) return false;
    s->num_params++;
  }
  return vt_finish_line(c);
}

/* AVS in IGC's order (surface sampler u v du dv u2d groupID vbn CNTRL v2d EXEC ief dst) or the
 * spec page's (sampler surface u v du dv groupID vbn cntrl v2d execMode ief dst, no u2d). The two
 * are told apart by the number of vector operands before the output control: 7 is IGC's order, 6
 * the spec's; u2d is then the immediate 0x0:f. */
static bool p_avs(cur *c, const mnem *m, sf_avs *a) {
  if (m->nparts != 1)
    return vt_perr(c, SF_ERR_SYNTAX, m->nparts ? m->part_at[1] : c->i, "avs takes one suffix, .<channels>"), false;
  if (!vt_p_chan(c, m->part[0], m->part_n[0], m->part_at[0], &a->chan_mask)) return false;
  uint8_t first, second;
  if (!vt_p_state_slot(c, &first, "a surface (IGC order) or sampler (spec order)") ||
      !vt_p_state_slot(c, &second, "a sampler (IGC order) or surface (spec order)"))
    return false;
  sf_vopnd ops[7];
  unsigned nops = 0;
  static const char *const names[7] = {"U_offset", "V_offset", "DeltaU", "DeltaV", "u2d (or groupID)",
                                       "groupID (or verticalBlockNumber)", "verticalBlockNumber"};
  while (!vt_at_avs_keyword(c, false)) {
    if (nops == 7)
      return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected an AVS output control (AVS_16_FULL, ...) after 7 operands"),
             false;
    if (!vt_p_vopnd(c, &ops[nops], names[nops])) return false;
    nops++;
  }
  if (nops != 7 && nops != 6)
    return vt_perr(c, SF_ERR_SYNTAX, c->i,
                "AVS needs 7 operands before the output control (IGC: u v du dv u2d groupID vbn) or 6 (spec: no u2d), "
                "found %u", nops), false;
  if (!vt_p_avs_keyword(c, &a->cntrl, false) || !vt_p_vopnd(c, &a->v2d, "v2d") || !vt_p_avs_keyword(c, &a->exec_mode, true) ||
      !vt_p_vopnd(c, &a->ief_bypass, "IEFBypass") || !vt_p_raw(c, &a->dst, "the destination (raw operand name.offset)"))
    return false;
  a->u_off = ops[0];
  a->v_off = ops[1];
  a->du = ops[2];
  a->dv = ops[3];
  if (nops == 7) {
    a->surface = first;
    a->sampler = second;
    a->u2d = ops[4];
    a->group_id = ops[5];
    a->vbn = ops[6];
  } else {
    a->sampler = first;
    a->surface = second;
    memset(&a->u2d, 0, sizeof a->u2d);
    a->u2d.cls = SF_VCLS_IMMEDIATE;
    a->u2d.type = SF_VT_F;
    a->group_id = ops[4];
    a->vbn = ops[5];
  }
  return vt_finish_line(c);
}

sf_code vt_parse_inst(cur *c, sf_inst *out) {
  memset(out, 0, sizeof *out); /* the line is at most MAX_LINE long: both callers (sf_visa_parse, the file reader) see to it */
  sf_pred pred;
  memset(&pred, 0, sizeof pred);
  vt_ws(c);
  bool has_pred = false;
  size_t pred_at = c->i;
  if (vt_peek(c) == '(') {
    if (!vt_p_pred(c, &pred)) return c->err;
    has_pred = true;
  }
  mnem m;
  if (!p_mnemonic(c, &m)) return c->err;
  if (vt_ieq(m.name, m.name_n, "sample_unorm")) {
    out->family = SF_FAMILY_SAMPLE_UNORM;
    if (!p_unorm(c, &m, &out->unorm)) return c->err;
  } else if (vt_ieq(m.name, m.name_n, "avs")) {
    out->family = SF_FAMILY_AVS;
    if (!p_avs(c, &m, &out->avs)) return c->err;
  } else {
    bool text = false;
    int op = vt_s3d_lookup(m.name, m.name_n), row = op < 0 ? named_row(m.name, m.name_n, &text) : -1;
    if (row >= 0 && text)
      return vt_perr(c, SF_UNSUPPORTED, m.name_at,
                     "instruction '%.*s' (vISA opcode 0x%02x) is not a sample-family instruction: one instruction alone"
                     " is read for SAMPLE_UNORM, AVS and 3D_SAMPLE only (whole kernels read it)",
                     sf_quote_len(m.name_n, SF_QUOTE_MNEM), m.name, (unsigned)row);
    if (row >= 0)
      return vt_perr(c, SF_UNSUPPORTED, m.name_at,
                     "instruction '%.*s' (vISA opcode 0x%02x): %s, but it has no text form here (docs/visa-text.md "
                     "\"Generic instructions\")", sf_quote_len(m.name_n, SF_QUOTE_MNEM), m.name, (unsigned)row,
                     sf_visa_optab((uint8_t)row)->layout ? "read and written in binary" : "a vISA instruction");
    if (op < 0)
      return vt_perr(c, SF_ERR_SYNTAX, m.name_at,
                  "unknown instruction '%.*s': expected sample_unorm, avs or a 3D_SAMPLE op (sample_3d, sample_b, "
                  "sample_l, sample_c, sample_d, lod, ...)",
                  sf_quote_len(m.name_n, SF_QUOTE_MNEM), m.name);
    out->family = SF_FAMILY_SAMPLE_3D;
    out->s3d.pred = pred;
    if (!p_3d(c, &m, op, &out->s3d)) return c->err;
  }
  if (has_pred && out->family != SF_FAMILY_SAMPLE_3D)
    return vt_perr(c, SF_ERR_SYNTAX, pred_at, "only 3D_SAMPLE takes a predicate");
  return SF_OK;
}

sf_code sf_visa_parse(const char *text, size_t len, const sf_visa_kernel *k, sf_inst *out, sf_status *st) {
  if (!text || !out) return sf_fail(st, SF_ERR_INVALID, "text or output is NULL");
  memset(out, 0, sizeof *out);
  /* The first line ends at the first '\n'; a NUL before it is refused. memchr, not a loop of
   * byte tests: this runs on every instruction text the targets read. */
  const char *nl = memchr(text, '\n', len);
  size_t line_len = nl ? (size_t)(nl - text) : len;
  if (line_len > MAX_LINE) /* first, so that a NUL's column below fits */
    return sf_fail_text(st, SF_ERR_LIMIT, 1, 1, "line longer than %u characters", MAX_LINE);
  const char *nul = memchr(text, 0, line_len);
  if (nul) return sf_fail_text(st, SF_ERR_SYNTAX, 1, (uint32_t)(nul - text) + 1, "NUL byte in instruction text");
  if (nl) { /* what follows the line may only be blank */
    uint32_t ln = 2, col = 1;
    for (size_t j = line_len + 1; j < len; j++, col++) {
      if (text[j] == '\n') {
        ln++;
        col = 0;
      } else if (text[j] != ' ' && text[j] != '\t' && text[j] != '\r') {
        return sf_fail_text(st, SF_ERR_SYNTAX, ln, col, "expected one instruction line, found more text");
      }
    }
  }
  symsrc src = {k, NULL, NULL};
  cur c = {text, line_len, 0, 1, &src, st, 0, SF_OK};
  sf_code r = vt_parse_inst(&c, out);
  if (r != SF_OK) memset(out, 0, sizeof *out);
  return r;
}
