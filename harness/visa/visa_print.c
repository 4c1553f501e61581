/* visa_print.c — vISA text: the instruction printer (sf_visa_print). Writes SAMPLE_UNORM, 3D_SAMPLE
 * and AVS the way IGC 1.0.12504's -dumpcommonisa does (docs/visa-text.md); forms IGC cannot print
 * get samplefuzz's own spellings so that every canonical sf_inst round-trips. */
#include <errno.h>
#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_text_priv.h"
#include "samplefuzz/bytes.h"


/* Appends s[0..l) and keeps the buffer NUL-terminated; past the end, sets o->over and writes
 * nothing (the printers report SF_ERR_LIMIT once the line is done). */
SF_NO_COVERAGE static void ob_putn(ob *o, const char *s, size_t l) {
  if (o->over || o->len + l + 1 > o->n) {
    o->over = true;
    return;
  }
  memcpy(o->p + o->len, s, l);
  o->len += l;
  o->p[o->len] = 0;
}

SF_NO_COVERAGE void vt_ob_put(ob *o, const char *s) { ob_putn(o, s, strlen(s)); }

/* Decimal and hexadecimal numbers without the printf machinery: every operand of every line prints
 * a few of them, and the fuzz targets print each instruction several times per input. */
SF_NO_COVERAGE static size_t fmt_u64(char *out, uint64_t v, bool hex) {
  char tmp[20];
  size_t n = 0;
  if (hex) {
    do {
      unsigned d = (unsigned)(v & 15u);
      tmp[n++] = (char)(d < 10 ? '0' + d : 'a' + (d - 10));
      v >>= 4;
    } while (v);
  } else {
    do {
      tmp[n++] = (char)('0' + v % 10u);
      v /= 10u;
    } while (v);
  }
  for (size_t i = 0; i < n; i++) out[i] = tmp[n - 1 - i];
  return n;
}

/* prefix, then v in decimal or lower-case hex, then suffix (the lengths of both given). */
SF_NO_COVERAGE static void ob_num(ob *o, const char *prefix, size_t lp, uint64_t v, bool hex, const char *suffix, size_t ls) {
  char b[64];
  memcpy(b, prefix, lp);
  size_t n = lp + fmt_u64(b + lp, v, hex);
  memcpy(b + n, suffix, ls);
  ob_putn(o, b, n + ls);
}
/* String-literal prefix and suffix; DEC decimal, HEX lower-case hex. */
#define OB_DEC(o, pre, v, suf) ob_num((o), pre, sizeof pre - 1, (v), false, suf, sizeof suf - 1)
#define OB_HEX(o, pre, v, suf) ob_num((o), pre, sizeof pre - 1, (v), true, suf, sizeof suf - 1)
#define OB_LIT(o, lit) ob_putn((o), lit, sizeof lit - 1)

/* "<prefix><v>" into nm (a name candidate), NUL-terminated; nm has room for 16 + 20 bytes. */
SF_NO_COVERAGE static void name_num(char nm[40], const char *prefix, uint32_t v) {
  size_t lp = strlen(prefix);
  memcpy(nm, prefix, lp);
  nm[lp + fmt_u64(nm + lp, v, false)] = 0;
}

void vt_pfail(pctx *c, sf_code code, const char *fmt, ...) {
  if (c->err != SF_OK) return;
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  c->err = code;
  sf_fail(c->st, code, "%s", msg);
}

void vt_ob_fmt(ob *o, const char *fmt, ...) {
  char tmp[96];
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (r < 0 || (size_t)r >= sizeof tmp) {
    o->over = true;
    return;
  }
  vt_ob_put(o, tmp);
}

void vt_print_var_name(pctx *c, uint32_t id) {
  char fb[40];
  name_num(fb, "V", id);
  const char *cand[2] = {sf_visa_var_name(c->k ? c->k->k : NULL, id), fb};
  for (int i = 0; i < 2; i++) {
    const char *s = cand[i];
    if (!s) continue;
    size_t n = strlen(s);
    if (s[0] != '%' && !sf_visa_ident_ok(s, n)) continue;
    uint32_t got;
    sf_visa_symkind other;
    if (vt_resolve_var(c->k, s, n, &got, &other) == RES_OK && got == id) {
      vt_ob_put(&c->o, s);
      return;
    }
  }
  vt_pfail(c, SF_ERR_INVALID, "general variable V%u has no name that reads back as itself in this kernel", (unsigned)id);
}

/* cls 1: sampler S<n>; cls 0: surface T<n> or a predefined name; else %state<cls>_<n>. For the
 * sampler/surface slots of an instruction the class does not matter (IGC treats the names as
 * interchangeable); for a state operand it must read back too. */
static void print_state_name(pctx *c, uint32_t cls, uint32_t idx, bool need_cls) {
  char nm[40];
  if (cls == 1)
    name_num(nm, "S", idx);
  else if (cls == 0 && idx < SF_VISA_NUM_PREDEF_SURFACES)
    snprintf(nm, sizeof nm, "%s", sf_visa_predef_surface_name(idx));
  else if (cls == 0)
    name_num(nm, "T", idx);
  else
    snprintf(nm, sizeof nm, "%%state%u_%u", (unsigned)cls, (unsigned)idx);
  /* the fallback spelling first (IGC's), then the declared name when the fallback is shadowed */
  const sf_visa_kernel *k = c->k ? c->k->k : NULL;
  const char *decl = NULL;
  if (k && cls == 1 && k->samplers && idx < k->num_samplers)
    decl = sf_visa_kernel_string(k, k->samplers[idx].name);
  else if (k && cls == 0 && k->surfaces && idx >= SF_VISA_FIRST_USER_SURFACE &&
           idx - SF_VISA_FIRST_USER_SURFACE < k->num_surfaces)
    decl = sf_visa_kernel_string(k, k->surfaces[idx - SF_VISA_FIRST_USER_SURFACE].name);
  const char *cand[2] = {nm, decl};
  for (int i = 0; i < 2; i++) {
    const char *s = cand[i];
    if (!s || (i && !sf_visa_ident_ok(s, strlen(s)))) continue;
    uint32_t gi = 0, gc = 0;
    sf_visa_symkind other;
    if (vt_resolve_state(c->k, s, strlen(s), true, &gi, &gc, &other) == RES_OK && gi == idx && (!need_cls || gc == cls)) {
      vt_ob_put(&c->o, s);
      return;
    }
  }
  vt_pfail(c, SF_ERR_INVALID, "'%s' names another symbol in this kernel and cannot be printed", nm);
}

static void print_sym_name(pctx *c, sf_visa_symkind kd, const char *prefix, uint32_t id) {
  char nm[40];
  name_num(nm, prefix, id);
  /* the fallback spelling first (IGC's), then the declared name when the fallback is shadowed */
  const sf_visa_kernel *k = c->k ? c->k->k : NULL;
  const char *decl = kd == SF_SYM_ADDR && k && k->addrs && id < k->num_addrs ? sf_visa_kernel_string(k, k->addrs[id].name)
                                                                               : NULL;
  const char *cand[2] = {nm, decl};
  for (int i = 0; i < 2; i++) {
    const char *s = cand[i];
    if (!s || (i && !sf_visa_ident_ok(s, strlen(s)))) continue;
    uint32_t got;
    sf_visa_symkind other;
    if (vt_resolve_sym(c->k, s, strlen(s), kd, prefix, &got, &other) == RES_OK && got == id) {
      vt_ob_put(&c->o, s);
      return;
    }
  }
  vt_pfail(c, SF_ERR_INVALID, "'%s' names another symbol in this kernel and cannot be printed", nm);
}

/* A predicate (instruction predicate or predicate-class operand): IGC's P<id> when it reads back as
 * this predicate, else its declared name (always unique once the kernel's declarations print), else
 * SF_ERR_INVALID: P<id> is then another symbol's name and the predicate has no declaration. */
static void print_pred_name(pctx *c, uint32_t id) {
  char fb[40];
  name_num(fb, "P", id);
  const sf_visa_kernel *k = c->k ? c->k->k : NULL;
  const char *cand[2] = {fb, (k && k->preds && id >= 1 && id - 1 < k->num_preds)
                                 ? sf_visa_kernel_string(k, k->preds[id - 1].name)
                                 : NULL};
  for (int i = 0; i < 2; i++) {
    const char *s = cand[i];
    /* a bare name equal to an AVS output-control keyword would end AVS's operand list */
    if (!s || !sf_visa_ident_ok(s, strlen(s)) || vt_avs_keyword(s, strlen(s), false) >= 0) continue;
    uint32_t got;
    sf_visa_symkind other;
    if (vt_resolve_sym(c->k, s, strlen(s), SF_SYM_PRED, "P", &got, &other) == RES_OK && got == id) {
      vt_ob_put(&c->o, s);
      return;
    }
  }
  vt_pfail(c, SF_ERR_INVALID, "'%s' names another symbol in this kernel and predicate %u has no declared name",
        fb, (unsigned)id);
}

static void print_region_elem(pctx *c, uint8_t code) {
  if (code >= 1 && code <= 7)
    OB_DEC(&c->o, "", sf_region_value(code), "");
  else
    OB_DEC(&c->o, "#", code, "");
}

/* IGC's printRegion: <hs> when width and vstride are null, <w,hs> when vstride is null, else
 * <vs;w,hs>. Ours adds #code for codes without a value and ;hi=N for bits 12-15. */
static void print_region(pctx *c, sf_region r) {
  if (r.vstride > 15 || r.width > 15 || r.hstride > 15 || r.hi > 15) {
    vt_pfail(c, SF_ERR_INVALID, "region field does not fit 4 bits");
    return;
  }
  OB_LIT(&c->o, "<");
  if (r.vstride == 0 && r.width == 0) {
    print_region_elem(c, r.hstride);
  } else if (r.vstride == 0) {
    print_region_elem(c, r.width);
    OB_LIT(&c->o, ",");
    print_region_elem(c, r.hstride);
  } else {
    print_region_elem(c, r.vstride);
    OB_LIT(&c->o, ";");
    print_region_elem(c, r.width);
    OB_LIT(&c->o, ",");
    print_region_elem(c, r.hstride);
  }
  if (r.hi) OB_DEC(&c->o, ";hi=", r.hi, "");
  OB_LIT(&c->o, ">");
}

static void print_type(pctx *c, uint8_t type) {
  if (type < 16)
    vt_ob_put(&c->o, sf_vtype_name(type));
  else
    OB_HEX(&c->o, "#0x", type, ""); /* type >= 16: two digits at least */
}

/* Ids of the UW classes print masked to 16 bits, as sf_inst_canonicalize() stores them, so the
 * text of any instruction is the text of its canonical form. */
static void print_vopnd(pctx *c, const sf_vopnd *v) {
  static const char *const mods[8] = {"", "(abs)", "(-)", "(-abs)", "(sat)", "(~)", "(mod6)", "(mod7)"};
  if (v->mod > 7 || v->tag_hi > 3) {
    vt_pfail(c, SF_ERR_INVALID, "operand modifier %u / tag bits %u out of range", v->mod, v->tag_hi);
    return;
  }
  OB_LIT(&c->o, " ");
  if (v->tag_hi) OB_DEC(&c->o, "(tag_hi=", v->tag_hi, ")");
  vt_ob_put(&c->o, mods[v->mod]);
  switch (v->cls) {
    case SF_VCLS_GENERAL:
      vt_print_var_name(c, v->id);
      OB_DEC(&c->o, "(", v->row_off, ",");
      OB_DEC(&c->o, "", v->col_off, ")");
      print_region(c, v->region);
      break;
    case SF_VCLS_ADDRESS:
      print_sym_name(c, SF_SYM_ADDR, "A", v->id & 0xFFFF);
      OB_DEC(&c->o, "(", v->addr_off, ")<");
      if (v->width <= 5)
        OB_DEC(&c->o, "", sf_exec_size_lanes(v->width), "");
      else
        OB_DEC(&c->o, "#", v->width, "");
      OB_LIT(&c->o, ">");
      break;
    case SF_VCLS_PREDICATE:
      print_pred_name(c, v->id & 0xFFFF);
      break;
    case SF_VCLS_INDIRECT:
      OB_LIT(&c->o, "r[");
      print_sym_name(c, SF_SYM_ADDR, "A", v->id & 0xFFFF);
      OB_DEC(&c->o, "(", v->addr_off, "),");
      if (v->imm_off < 0)
        OB_DEC(&c->o, "-", (uint64_t)-(int64_t)v->imm_off, "]");
      else
        OB_DEC(&c->o, "", (uint64_t)v->imm_off, "]");
      print_region(c, v->region);
      OB_LIT(&c->o, ":");
      print_type(c, v->type);
      break;
    case SF_VCLS_IMMEDIATE: {
      bool wide = sf_vtype_size(v->type & 0x0F) == 8;
      OB_HEX(&c->o, "0x", wide ? v->imm : (v->imm & 0xFFFFFFFFull), ":");
      print_type(c, v->type);
      break;
    }
    case SF_VCLS_STATE:
      print_state_name(c, v->state_cls, v->id & 0xFFFF, true);
      OB_DEC(&c->o, "(", v->addr_off, ")");
      break;
    default:
      vt_pfail(c, SF_ERR_INVALID, "operand class %u has no text form (not valid in a vISA file)", v->cls);
      break;
  }
}

static void print_raw(pctx *c, const sf_raw *r) {
  OB_LIT(&c->o, " ");
  vt_print_var_name(c, r->id);
  OB_DEC(&c->o, ".", r->off, "");
}

static void print_chan(pctx *c, uint8_t mask) {
  if (mask > 15) {
    vt_pfail(c, SF_ERR_INVALID, "channel mask 0x%x does not fit 4 bits", mask);
    return;
  }
  if (mask == 0) {
    OB_LIT(&c->o, "ch0"); /* ours: IGC prints an empty string it cannot read back */
    return;
  }
  static const char letters[4] = {'R', 'G', 'B', 'A'};
  char s[5];
  size_t n = 0;
#if SF_CANARY == 3
  for (int i = 0; i < 3; i++)  /* canary 3: the channel printer's loop stops before A */
#else
  for (int i = 0; i < 4; i++)
#endif
    if (mask & (1u << i)) s[n++] = letters[i];
  s[n] = 0;
  vt_ob_put(&c->o, s);
}

static void print_surface(pctx *c, uint8_t idx) {
  OB_LIT(&c->o, " ");
  print_state_name(c, 0, idx, false);
}

static void print_sampler(pctx *c, uint8_t idx) {
  OB_LIT(&c->o, " ");
  print_state_name(c, 1, idx, false);
}

static void print_unorm(pctx *c, const sf_sample_unorm *u) {
  if (u->out_fmt > 3) {
    vt_pfail(c, SF_ERR_INVALID, "SAMPLE_UNORM output format %u is not 0-3", u->out_fmt);
    return;
  }
  OB_LIT(&c->o, "sample_unorm.");
  print_chan(c, u->chan_mask);
  OB_LIT(&c->o, ".");
  vt_ob_put(&c->o, vt_fmt_names[u->out_fmt]);
  print_sampler(c, u->sampler);
  print_surface(c, u->surface);
  print_vopnd(c, &u->u);
  print_vopnd(c, &u->v);
  print_vopnd(c, &u->du);
  print_vopnd(c, &u->dv);
  print_raw(c, &u->dst);
}

/* "(!P1.any) " as IGC's printPredicate writes it (nothing when the word is 0); ours adds .ctrl3
 * and .b12 for the values IGC does not print. */
void vt_print_pred(pctx *c, const sf_pred *p) {
  if (p->id > 0xFFF || p->ctrl > 3 || p->rsvd > 1) {
    vt_pfail(c, SF_ERR_INVALID, "predicate field out of range (id %u, ctrl %u, bit 12 %u)", p->id, p->ctrl, p->rsvd);
    return;
  }
  if (p->id || p->ctrl || p->rsvd || p->invert) {
    static const char *const ctrl[4] = {"", ".any", ".all", ".ctrl3"};
    vt_ob_put(&c->o, p->invert ? "(!" : "(");
    print_pred_name(c, p->id);
    vt_ob_put(&c->o, ctrl[p->ctrl]);
    vt_ob_put(&c->o, p->rsvd ? ".b12) " : ") ");
  }
}

/* "(M1, 16)": the emask is always printed; size codes 6-15 as #code (ours). */
void vt_print_exec(pctx *c, uint8_t size, uint8_t emask) {
  if (size > 15 || emask > 15) {
    vt_pfail(c, SF_ERR_INVALID, "exec size code %u / emask %u do not fit 4 bits", size, emask);
    return;
  }
  OB_LIT(&c->o, "(");
  vt_ob_put(&c->o, vt_emask_names[emask]);
  if (size <= 5)
    OB_DEC(&c->o, ", ", sf_exec_size_lanes(size), ")");
  else
    OB_DEC(&c->o, ", #", size, ")");
}

static void print_3d(pctx *c, const sf_sample_3d *s) {
  if (s->num_params > SF_S3D_MAX_PARAMS) {
    vt_pfail(c, SF_ERR_INVALID, "3D_SAMPLE has %u params; at most %d fit", s->num_params, SF_S3D_MAX_PARAMS);
    return;
  }
  vt_print_pred(c, &s->pred);
  const char *nm = vt_s3d_name(s->op);
  if (nm)
    vt_ob_put(&c->o, nm);
  else
    vt_ob_fmt(&c->o, "sampler_op_0x%02x", s->op);
  if (s->pixel_null_mask) OB_LIT(&c->o, ".pixel_null_mask");
  if (s->cps) OB_LIT(&c->o, ".cps");
  if (s->divs) OB_LIT(&c->o, ".divS");
  OB_LIT(&c->o, ".");
  print_chan(c, s->chan_mask);
  OB_LIT(&c->o, " ");
  vt_print_exec(c, s->exec_size, s->emask);
  OB_LIT(&c->o, " "); /* IGC prints a space here and another before the operand: two spaces */
  print_vopnd(c, &s->aoffimmi);
  print_sampler(c, s->sampler);
  print_surface(c, s->surface);
  print_raw(c, &s->dst);
  for (unsigned i = 0; i < s->num_params; i++) print_raw(c, &s->params[i]);
}

static void print_avs(pctx *c, const sf_avs *a) {
  if (a->cntrl > 15 || a->exec_mode > 15) {
    vt_pfail(c, SF_ERR_INVALID, "AVS cntrl %u / execMode %u do not fit 4 bits", a->cntrl, a->exec_mode);
    return;
  }
  OB_LIT(&c->o, "avs.");
  print_chan(c, a->chan_mask);
  print_surface(c, a->surface); /* IGC order: surface before sampler (docs/visa-text.md) */
  print_sampler(c, a->sampler);
  print_vopnd(c, &a->u_off);
  print_vopnd(c, &a->v_off);
  print_vopnd(c, &a->du);
  print_vopnd(c, &a->dv);
  print_vopnd(c, &a->u2d);
  print_vopnd(c, &a->group_id);
  print_vopnd(c, &a->vbn);
  if (a->cntrl < 4)
    vt_ob_fmt(&c->o, " %s", vt_cntrl_names[a->cntrl]);
  else
    vt_ob_fmt(&c->o, " AVS_CNTRL_%u", a->cntrl);
  print_vopnd(c, &a->v2d);
  if (a->exec_mode < 4)
    vt_ob_fmt(&c->o, " %s", vt_exec_mode_names[a->exec_mode]);
  else
    vt_ob_fmt(&c->o, " AVS_EXEC_%u", a->exec_mode);
  print_vopnd(c, &a->ief_bypass);
  print_raw(c, &a->dst);
}

sf_code vt_print_inst(const sf_inst *in, const symsrc *src, char *buf, size_t n, sf_status *st) {
  if (!buf || n == 0) return sf_fail(st, SF_ERR_INVALID, "no output buffer");
  buf[0] = 0;
  if (!in) return sf_fail(st, SF_ERR_INVALID, "instruction is NULL");
  pctx c = {{buf, n, 0, false}, src, st, SF_OK};
  switch (in->family) {
    case SF_FAMILY_SAMPLE_UNORM: print_unorm(&c, &in->unorm); break;
    case SF_FAMILY_SAMPLE_3D: print_3d(&c, &in->s3d); break;
    case SF_FAMILY_AVS: print_avs(&c, &in->avs); break;
    default: vt_pfail(&c, SF_ERR_INVALID, "not a vISA instruction (family %d)", (int)in->family); break;
  }
  if (c.err == SF_OK && c.o.over) vt_pfail(&c, SF_ERR_LIMIT, "output buffer of %zu bytes is too small", n);
  if (c.err != SF_OK) buf[0] = 0;
  return c.err;
}

sf_code sf_visa_print(const sf_inst *in, const sf_visa_kernel *k, char *buf, size_t n, sf_status *st) {
  symsrc src = {k, NULL, NULL};
  return vt_print_inst(in, &src, buf, n, st);
}

/* ---- Shared with the generic-instruction printer (visa_gen_print.c) -------------------------- */

void vt_print_vopnd(pctx *c, const sf_vopnd *v) { print_vopnd(c, v); }
void vt_print_raw(pctx *c, const sf_raw *r) { print_raw(c, r); }
void vt_print_chan(pctx *c, uint8_t mask) { print_chan(c, mask); }
void vt_print_surface(pctx *c, uint8_t idx) { print_surface(c, idx); }
void vt_print_sampler(pctx *c, uint8_t idx) { print_sampler(c, idx); }
void vt_print_addr_name(pctx *c, uint32_t id) {
  vt_ob_put(&c->o, " ");
  print_sym_name(c, SF_SYM_ADDR, "A", id);
}
void vt_print_pred_name(pctx *c, uint32_t id) {
  vt_ob_put(&c->o, " ");
  print_pred_name(c, id);
}
void vt_print_state_name(pctx *c, uint32_t cls, uint32_t idx) { print_state_name(c, cls, idx, true); }

