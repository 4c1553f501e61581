/* visa_text.c — vISA text (IGC `.visaasm`): printer and parser for SAMPLE_UNORM, 3D_SAMPLE and AVS,
 * and the whole-file parser/printer.
 *
 * The printer writes one instruction the way IGC 12504's -dumpcommonisa does
 * (reference/visa-format.md §5 "How the printer formats instructions"); the parser reads IGC's
 * grammar of §5 plus the forms of the spec pages (spec/visa-*.md "Text": upper-case mnemonics, the
 * spec's AVS operand order). Forms IGC cannot print or parse (sub-op lod and sample_po*, AVS exec
 * modes 8x4/4x4, an empty channel mask, unknown sub-ops, reserved bits) get spellings of our own so
 * that every canonical sf_inst round-trips; docs/visa-text.md lists them. Parse errors carry
 * line:column (§8 parse-time rules: exec sizes, channel order, offsets, regions, names). */
#include <errno.h>
#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/isa/visa_kernel_priv.h"
#include "samplefuzz/visa.h"

#define MAX_LINE 4096u   /* longest instruction or directive line */
#define MAX_TOKENS 256u  /* tokens per line */
#define MAX_PARTS 8u     /* dot-separated parts of a mnemonic */

/* ================================================================================================
 * Tables
 * ============================================================================================== */

static const char *const fmt_names[4] = {"16-full", "16-downsampled", "8-full", "8-downsampled"};
static const char *const cntrl_names[4] = {"AVS_16_FULL", "AVS_16_DOWN_SAMPLE", "AVS_8_FULL", "AVS_8_DOWN_SAMPLE"};
/* 0 and 2 are IGC's spellings; 1 and 3 are ours (IGC 12504 prints AVS_INVALID / garbage). */
static const char *const exec_mode_names[4] = {"AVS_16x4", "AVS_8x4", "AVS_16x8", "AVS_4x4"};
static const char *const emask_names[16] = {"M1",    "M2",    "M3",    "M4",    "M5",    "M6",
                                            "M7",    "M8",    "M1_NM", "M2_NM", "M3_NM", "M4_NM",
                                            "M5_NM", "M6_NM", "M7_NM", "M8_NM"};
/* Variable alignment names as IGC 12504 prints them (align code 0, byte, is not printed). */
static const char *const align_names[10] = {"byte", "word", "dword", "qword", "oword",
                                            "GRF",  "GRFx2", "hword", "wordx32", "wordx64"};

/* 3D_SAMPLE sub-ops that IGC 12504 names when it decodes 0x6d but that are not sample operations of
 * spec/visa-3D_SAMPLE.md (visa-format.md §4.3). The spec's sub-ops come from sf_s3d_op_name(). */
static const struct {
  uint8_t op;
  const char *name;
} igc_extra_ops[] = {{7, "load_3d"},        {8, "sample4"},       {10, "resinfo"},      {11, "sampleinfo"},
                     {12, "sample+killpix"}, {16, "sample4_c"},    {17, "sample4_po"},   {18, "sample4_po_c"},
                     {0x1a, "load_lz"},      {0x1c, "load_2dms_w"}, {0x1d, "load_mcs"}};

static const char *s3d_name(uint8_t op) {
  const char *n = sf_s3d_op_name(op);
  if (n) return n;
  for (size_t i = 0; i < sizeof igc_extra_ops / sizeof igc_extra_ops[0]; i++)
    if (igc_extra_ops[i].op == op) return igc_extra_ops[i].name;
  return NULL;
}

static bool ieq(const char *a, size_t an, const char *b) {
  size_t bn = strlen(b);
  if (an != bn) return false;
  for (size_t i = 0; i < an; i++) {
    char x = a[i], y = b[i];
    if (x >= 'A' && x <= 'Z') x = (char)(x - 'A' + 'a');
    if (y >= 'A' && y <= 'Z') y = (char)(y - 'A' + 'a');
    if (x != y) return false;
  }
  return true;
}

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* Parses s[0..n) as a decimal number without sign (1..10 digits); false when it is not one. */
static bool dec_u32(const char *s, size_t n, uint32_t *out) {
  if (n == 0 || n > 10) return false;
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (!is_digit(s[i])) return false;
    v = v * 10 + (uint64_t)(s[i] - '0');
  }
  if (v > UINT32_MAX) return false;
  *out = (uint32_t)v;
  return true;
}

/* "<prefix><decimal>" with a case-sensitive prefix. */
static bool prefixed_num(const char *s, size_t n, const char *prefix, uint32_t *out) {
  size_t p = strlen(prefix);
  return n > p && memcmp(s, prefix, p) == 0 && dec_u32(s + p, n - p, out);
}

/* ================================================================================================
 * Name resolution (shared by the parser and the printer's self-check)
 * ============================================================================================== */

typedef enum { RES_OK = 0, RES_UNDECLARED, RES_WRONG_KIND } res_t;

/* Where names come from: a kernel (may be NULL) and, for whole files, a hash index of its names. */
typedef struct symsrc {
  const sf_visa_kernel *k;
  const sf_visa_names *ix;
} symsrc;

static sf_visa_symkind src_lookup(const symsrc *src, const char *s, size_t n, uint32_t *id) {
  if (!src || !src->k) return SF_SYM_NONE;
  if (src->ix) return sf_visa_names_find(src->ix, s, n, id);
  return sf_visa_kernel_lookup(src->k, s, n, id);
}

static const char *kind_name(sf_visa_symkind kd) {
  switch (kd) {
    case SF_SYM_VAR: return "a general variable";
    case SF_SYM_SAMPLER: return "a sampler";
    case SF_SYM_SURFACE: return "a surface";
    case SF_SYM_PRED: return "a predicate";
    case SF_SYM_ADDR: return "an address variable";
    default: return "undeclared";
  }
}

/* Predicates (declared name or P<n>), address variables (declared name or A<n>) and general
 * variables (declared name or V<n>). */
static res_t resolve_sym(const symsrc *k, const char *s, size_t n, sf_visa_symkind want, const char *prefix,
                         uint32_t *id, sf_visa_symkind *other) {
  uint32_t v;
  sf_visa_symkind kd = src_lookup(k, s, n, &v);
  if (kd == want) {
    *id = v;
    return RES_OK;
  }
  if (kd != SF_SYM_NONE) {
    *other = kd;
    return RES_WRONG_KIND;
  }
  if (prefixed_num(s, n, prefix, &v)) {
    *id = v;
    return RES_OK;
  }
  return RES_UNDECLARED;
}

/* General variable: %predefined, a declared variable, or V<n>. */
static res_t resolve_var(const symsrc *k, const char *s, size_t n, uint32_t *id, sf_visa_symkind *other) {
  for (uint32_t i = 0; i < SF_VISA_NUM_PREDEF_VARS; i++) {
    const char *p = sf_visa_predef_var_name(i);
    if (strlen(p) == n && memcmp(p, s, n) == 0) {
      *id = i;
      return RES_OK;
    }
  }
  return resolve_sym(k, s, n, SF_SYM_VAR, "V", id, other);
}

/* Sampler/surface slot: a declared sampler or surface (interchangeable, as in IGC), a predefined
 * surface name, S<n>, T<n>, or (state operands only) our %state<c>_<n>. *cls gets 1 for a sampler,
 * 0 for a surface, c for %state<c>_<n>. */
static res_t resolve_state(const symsrc *k, const char *s, size_t n, bool allow_other, uint32_t *idx,
                           uint32_t *cls, sf_visa_symkind *other) {
  uint32_t v;
  sf_visa_symkind kd = src_lookup(k, s, n, &v);
  if (kd == SF_SYM_SAMPLER || kd == SF_SYM_SURFACE) {
    *idx = v;
    *cls = kd == SF_SYM_SAMPLER ? 1 : 0;
    return RES_OK;
  }
  if (kd != SF_SYM_NONE) {
    *other = kd;
    return RES_WRONG_KIND;
  }
  for (uint32_t i = 0; i < SF_VISA_NUM_PREDEF_SURFACES; i++) {
    const char *p = sf_visa_predef_surface_name(i);
    if (strlen(p) == n && memcmp(p, s, n) == 0) {
      *idx = i;
      *cls = 0;
      return RES_OK;
    }
  }
  if (prefixed_num(s, n, "S", &v)) {
    *idx = v;
    *cls = 1;
    return RES_OK;
  }
  if (prefixed_num(s, n, "T", &v)) {
    *idx = v;
    *cls = 0;
    return RES_OK;
  }
  if (allow_other && n > 7 && memcmp(s, "%state", 6) == 0) {
    const char *us = memchr(s + 6, '_', n - 6);
    uint32_t c, i;
    if (us && dec_u32(s + 6, (size_t)(us - s - 6), &c) && dec_u32(us + 1, n - (size_t)(us + 1 - s), &i)) {
      *cls = c;
      *idx = i;
      return RES_OK;
    }
  }
  return RES_UNDECLARED;
}


/* ================================================================================================
 * Printer
 * ============================================================================================== */

typedef struct ob {
  char *p;
  size_t n, len;
  bool over;
} ob;

static void ob_put(ob *o, const char *s) {
  size_t l = strlen(s);
  if (o->over || o->len + l + 1 > o->n) {
    o->over = true;
    return;
  }
  memcpy(o->p + o->len, s, l + 1);
  o->len += l;
}

static void ob_fmt(ob *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ob_fmt(ob *o, const char *fmt, ...) {
  char tmp[64];
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (r < 0 || (size_t)r >= sizeof tmp) {
    o->over = true;
    return;
  }
  ob_put(o, tmp);
}

typedef struct pctx {
  ob o;
  const symsrc *k;
  sf_status *st;
  sf_code err;
} pctx;

static void pfail(pctx *c, sf_code code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void pfail(pctx *c, sf_code code, const char *fmt, ...) {
  if (c->err != SF_OK) return;
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  c->err = code;
  sf_fail(c->st, code, "%s", msg);
}

static void print_var_name(pctx *c, uint32_t id) {
  char fb[16];
  snprintf(fb, sizeof fb, "V%u", (unsigned)id);
  const char *cand[2] = {sf_visa_var_name(c->k ? c->k->k : NULL, id), fb};
  for (int i = 0; i < 2; i++) {
    const char *s = cand[i];
    if (!s) continue;
    size_t n = strlen(s);
    if (s[0] != '%' && !sf_visa_ident_ok(s, n)) continue;
    uint32_t got;
    sf_visa_symkind other;
    if (resolve_var(c->k, s, n, &got, &other) == RES_OK && got == id) {
      ob_put(&c->o, s);
      return;
    }
  }
  pfail(c, SF_ERR_INVALID, "general variable V%u has no name that reads back as itself in this kernel", (unsigned)id);
}

/* cls 1: sampler S<n>; cls 0: surface T<n> or a predefined name; else %state<cls>_<n>. For the
 * sampler/surface slots of an instruction the class does not matter (IGC treats the names as
 * interchangeable); for a state operand it must read back too. */
static void print_state_name(pctx *c, uint32_t cls, uint32_t idx, bool need_cls) {
  char nm[40];
  if (cls == 1)
    snprintf(nm, sizeof nm, "S%u", (unsigned)idx);
  else if (cls == 0 && idx < SF_VISA_NUM_PREDEF_SURFACES)
    snprintf(nm, sizeof nm, "%s", sf_visa_predef_surface_name(idx));
  else if (cls == 0)
    snprintf(nm, sizeof nm, "T%u", (unsigned)idx);
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
    if (resolve_state(c->k, s, strlen(s), true, &gi, &gc, &other) == RES_OK && gi == idx && (!need_cls || gc == cls)) {
      ob_put(&c->o, s);
      return;
    }
  }
  pfail(c, SF_ERR_INVALID, "'%s' names another symbol in this kernel and cannot be printed", nm);
}

static void print_sym_name(pctx *c, sf_visa_symkind kd, const char *prefix, uint32_t id) {
  char nm[24];
  snprintf(nm, sizeof nm, "%s%u", prefix, (unsigned)id);
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
    if (resolve_sym(c->k, s, strlen(s), kd, prefix, &got, &other) == RES_OK && got == id) {
      ob_put(&c->o, s);
      return;
    }
  }
  pfail(c, SF_ERR_INVALID, "'%s' names another symbol in this kernel and cannot be printed", nm);
}

static int avs_keyword(const char *s, size_t n, bool exec);

/* A predicate (instruction predicate or predicate-class operand): IGC's P<id> when it reads back as
 * this predicate, else its declared name (always unique once the kernel's declarations print), else
 * SF_ERR_INVALID: P<id> is then another symbol's name and the predicate has no declaration. */
static void print_pred_name(pctx *c, uint32_t id) {
  char fb[16];
  snprintf(fb, sizeof fb, "P%u", (unsigned)id);
  const sf_visa_kernel *k = c->k ? c->k->k : NULL;
  const char *cand[2] = {fb, (k && k->preds && id >= 1 && id - 1 < k->num_preds)
                                 ? sf_visa_kernel_string(k, k->preds[id - 1].name)
                                 : NULL};
  for (int i = 0; i < 2; i++) {
    const char *s = cand[i];
    /* a bare name equal to an AVS output-control keyword would end AVS's operand list */
    if (!s || !sf_visa_ident_ok(s, strlen(s)) || avs_keyword(s, strlen(s), false) >= 0) continue;
    uint32_t got;
    sf_visa_symkind other;
    if (resolve_sym(c->k, s, strlen(s), SF_SYM_PRED, "P", &got, &other) == RES_OK && got == id) {
      ob_put(&c->o, s);
      return;
    }
  }
  pfail(c, SF_ERR_INVALID, "'%s' names another symbol in this kernel and predicate %u has no declared name",
        fb, (unsigned)id);
}

static void print_region_elem(pctx *c, uint8_t code) {
  if (code >= 1 && code <= 7)
    ob_fmt(&c->o, "%u", sf_region_value(code));
  else
    ob_fmt(&c->o, "#%u", code);
}

/* IGC's printRegion: <hs> when width and vstride are null, <w,hs> when vstride is null, else
 * <vs;w,hs>. Ours adds #code for codes without a value and ;hi=N for bits 12-15. */
static void print_region(pctx *c, sf_region r) {
  if (r.vstride > 15 || r.width > 15 || r.hstride > 15 || r.hi > 15) {
    pfail(c, SF_ERR_INVALID, "region field does not fit 4 bits");
    return;
  }
  ob_put(&c->o, "<");
  if (r.vstride == 0 && r.width == 0) {
    print_region_elem(c, r.hstride);
  } else if (r.vstride == 0) {
    print_region_elem(c, r.width);
    ob_put(&c->o, ",");
    print_region_elem(c, r.hstride);
  } else {
    print_region_elem(c, r.vstride);
    ob_put(&c->o, ";");
    print_region_elem(c, r.width);
    ob_put(&c->o, ",");
    print_region_elem(c, r.hstride);
  }
  if (r.hi) ob_fmt(&c->o, ";hi=%u", r.hi);
  ob_put(&c->o, ">");
}

static void print_type(pctx *c, uint8_t type) {
  if (type < 16)
    ob_put(&c->o, sf_vtype_name(type));
  else
    ob_fmt(&c->o, "#0x%02x", type);
}

/* Ids of the UW classes print masked to 16 bits, as sf_inst_canonicalize() stores them, so the
 * text of any instruction is the text of its canonical form. */
static void print_vopnd(pctx *c, const sf_vopnd *v) {
  static const char *const mods[8] = {"", "(abs)", "(-)", "(-abs)", "(sat)", "(~)", "(mod6)", "(mod7)"};
  if (v->mod > 7 || v->tag_hi > 3) {
    pfail(c, SF_ERR_INVALID, "operand modifier %u / tag bits %u out of range", v->mod, v->tag_hi);
    return;
  }
  ob_put(&c->o, " ");
  if (v->tag_hi) ob_fmt(&c->o, "(tag_hi=%u)", v->tag_hi);
  ob_put(&c->o, mods[v->mod]);
  switch (v->cls) {
    case SF_VCLS_GENERAL:
      print_var_name(c, v->id);
      ob_fmt(&c->o, "(%u,%u)", v->row_off, v->col_off);
      print_region(c, v->region);
      break;
    case SF_VCLS_ADDRESS:
      print_sym_name(c, SF_SYM_ADDR, "A", v->id & 0xFFFF);
      ob_fmt(&c->o, "(%u)<", v->addr_off);
      if (v->width <= 5)
        ob_fmt(&c->o, "%u", sf_exec_size_lanes(v->width));
      else
        ob_fmt(&c->o, "#%u", v->width);
      ob_put(&c->o, ">");
      break;
    case SF_VCLS_PREDICATE:
      print_pred_name(c, v->id & 0xFFFF);
      break;
    case SF_VCLS_INDIRECT:
      ob_put(&c->o, "r[");
      print_sym_name(c, SF_SYM_ADDR, "A", v->id & 0xFFFF);
      ob_fmt(&c->o, "(%u),%d]", v->addr_off, (int)v->imm_off);
      print_region(c, v->region);
      ob_put(&c->o, ":");
      print_type(c, v->type);
      break;
    case SF_VCLS_IMMEDIATE: {
      bool wide = sf_vtype_size(v->type & 0x0F) == 8;
      ob_fmt(&c->o, "0x%llx:", (unsigned long long)(wide ? v->imm : (v->imm & 0xFFFFFFFFull)));
      print_type(c, v->type);
      break;
    }
    case SF_VCLS_STATE:
      print_state_name(c, v->state_cls, v->id & 0xFFFF, true);
      ob_fmt(&c->o, "(%u)", v->addr_off);
      break;
    default:
      pfail(c, SF_ERR_INVALID, "operand class %u has no text form (not valid in a vISA file)", v->cls);
      break;
  }
}

static void print_raw(pctx *c, const sf_raw *r) {
  ob_put(&c->o, " ");
  print_var_name(c, r->id);
  ob_fmt(&c->o, ".%u", r->off);
}

static void print_chan(pctx *c, uint8_t mask) {
  if (mask > 15) {
    pfail(c, SF_ERR_INVALID, "channel mask 0x%x does not fit 4 bits", mask);
    return;
  }
  if (mask == 0) {
    ob_put(&c->o, "ch0"); /* ours: IGC prints an empty string it cannot read back */
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
  ob_put(&c->o, s);
}

static void print_surface(pctx *c, uint8_t idx) {
  ob_put(&c->o, " ");
  print_state_name(c, 0, idx, false);
}

static void print_sampler(pctx *c, uint8_t idx) {
  ob_put(&c->o, " ");
  print_state_name(c, 1, idx, false);
}

static void print_unorm(pctx *c, const sf_sample_unorm *u) {
  if (u->out_fmt > 3) {
    pfail(c, SF_ERR_INVALID, "SAMPLE_UNORM output format %u is not 0-3", u->out_fmt);
    return;
  }
  ob_put(&c->o, "sample_unorm.");
  print_chan(c, u->chan_mask);
  ob_put(&c->o, ".");
  ob_put(&c->o, fmt_names[u->out_fmt]);
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
static void print_pred(pctx *c, const sf_pred *p) {
  if (p->id > 0xFFF || p->ctrl > 3 || p->rsvd > 1) {
    pfail(c, SF_ERR_INVALID, "predicate field out of range (id %u, ctrl %u, bit 12 %u)", p->id, p->ctrl, p->rsvd);
    return;
  }
  if (p->id || p->ctrl || p->rsvd || p->invert) {
    static const char *const ctrl[4] = {"", ".any", ".all", ".ctrl3"};
    ob_put(&c->o, p->invert ? "(!" : "(");
    print_pred_name(c, p->id);
    ob_fmt(&c->o, "%s%s) ", ctrl[p->ctrl], p->rsvd ? ".b12" : "");
  }
}

/* "(M1, 16)": the emask is always printed; size codes 6-15 as #code (ours). */
static void print_exec(pctx *c, uint8_t size, uint8_t emask) {
  if (size > 15 || emask > 15) {
    pfail(c, SF_ERR_INVALID, "exec size code %u / emask %u do not fit 4 bits", size, emask);
    return;
  }
  ob_fmt(&c->o, "(%s, ", emask_names[emask]);
  if (size <= 5)
    ob_fmt(&c->o, "%u", sf_exec_size_lanes(size));
  else
    ob_fmt(&c->o, "#%u", size);
  ob_put(&c->o, ")");
}

static void print_3d(pctx *c, const sf_sample_3d *s) {
  if (s->num_params > SF_S3D_MAX_PARAMS) {
    pfail(c, SF_ERR_INVALID, "3D_SAMPLE has %u params; at most %d fit", s->num_params, SF_S3D_MAX_PARAMS);
    return;
  }
  print_pred(c, &s->pred);
  const char *nm = s3d_name(s->op);
  if (nm)
    ob_put(&c->o, nm);
  else
    ob_fmt(&c->o, "sampler_op_0x%02x", s->op);
  if (s->pixel_null_mask) ob_put(&c->o, ".pixel_null_mask");
  if (s->cps) ob_put(&c->o, ".cps");
  if (s->divs) ob_put(&c->o, ".divS");
  ob_put(&c->o, ".");
  print_chan(c, s->chan_mask);
  ob_put(&c->o, " ");
  print_exec(c, s->exec_size, s->emask);
  ob_put(&c->o, " "); /* IGC prints a space here and another before the operand: two spaces */
  print_vopnd(c, &s->aoffimmi);
  print_sampler(c, s->sampler);
  print_surface(c, s->surface);
  print_raw(c, &s->dst);
  for (unsigned i = 0; i < s->num_params; i++) print_raw(c, &s->params[i]);
}

static void print_avs(pctx *c, const sf_avs *a) {
  if (a->cntrl > 15 || a->exec_mode > 15) {
    pfail(c, SF_ERR_INVALID, "AVS cntrl %u / execMode %u do not fit 4 bits", a->cntrl, a->exec_mode);
    return;
  }
  ob_put(&c->o, "avs.");
  print_chan(c, a->chan_mask);
  print_surface(c, a->surface); /* IGC order: surface before sampler (visa-format.md §5) */
  print_sampler(c, a->sampler);
  print_vopnd(c, &a->u_off);
  print_vopnd(c, &a->v_off);
  print_vopnd(c, &a->du);
  print_vopnd(c, &a->dv);
  print_vopnd(c, &a->u2d);
  print_vopnd(c, &a->group_id);
  print_vopnd(c, &a->vbn);
  if (a->cntrl < 4)
    ob_fmt(&c->o, " %s", cntrl_names[a->cntrl]);
  else
    ob_fmt(&c->o, " AVS_CNTRL_%u", a->cntrl);
  print_vopnd(c, &a->v2d);
  if (a->exec_mode < 4)
    ob_fmt(&c->o, " %s", exec_mode_names[a->exec_mode]);
  else
    ob_fmt(&c->o, " AVS_EXEC_%u", a->exec_mode);
  print_vopnd(c, &a->ief_bypass);
  print_raw(c, &a->dst);
}

static sf_code print_inst(const sf_inst *in, const symsrc *src, char *buf, size_t n, sf_status *st) {
  if (!buf || n == 0) return sf_fail(st, SF_ERR_INVALID, "no output buffer");
  buf[0] = 0;
  if (!in) return sf_fail(st, SF_ERR_INVALID, "instruction is NULL");
  pctx c = {{buf, n, 0, false}, src, st, SF_OK};
  switch (in->family) {
    case SF_FAMILY_SAMPLE_UNORM: print_unorm(&c, &in->unorm); break;
    case SF_FAMILY_SAMPLE_3D: print_3d(&c, &in->s3d); break;
    case SF_FAMILY_AVS: print_avs(&c, &in->avs); break;
    default: pfail(&c, SF_ERR_INVALID, "not a vISA instruction (family %d)", (int)in->family); break;
  }
  if (c.err == SF_OK && c.o.over) pfail(&c, SF_ERR_LIMIT, "output buffer of %zu bytes is too small", n);
  if (c.err != SF_OK) buf[0] = 0;
  return c.err;
}

sf_code sf_visa_print(const sf_inst *in, const sf_visa_kernel *k, char *buf, size_t n, sf_status *st) {
  symsrc src = {k, NULL};
  return print_inst(in, &src, buf, n, st);
}

/* ================================================================================================
 * Parser: a cursor over one line
 * ============================================================================================== */

typedef struct cur {
  const char *s;
  size_t n, i;
  uint32_t line;
  const symsrc *k;
  sf_status *st;
  unsigned tokens;
  sf_code err;
} cur;

static sf_code perr(cur *c, sf_code code, size_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static sf_code perr(cur *c, sf_code code, size_t at, const char *fmt, ...) {
  if (c->err != SF_OK) return c->err;
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  c->err = code;
  uint64_t col = (uint64_t)at + 1;
  sf_fail_text(c->st, code, c->line, col > UINT32_MAX ? UINT32_MAX : (uint32_t)col, "%s", msg);
  return code;
}

static void ws(cur *c) {
  while (c->i < c->n && (c->s[c->i] == ' ' || c->s[c->i] == '\t' || c->s[c->i] == '\r')) c->i++;
}

static char peek(cur *c) { return c->i < c->n ? c->s[c->i] : 0; }
static char peek2(cur *c) { return c->i + 1 < c->n ? c->s[c->i + 1] : 0; }

/* At the end of the line, or at a // comment. */
static bool at_end(cur *c) {
  ws(c);
  return c->i >= c->n || (c->s[c->i] == '/' && peek2(c) == '/');
}

/* Describes what is at the cursor for error messages. */
static const char *here(cur *c, char *buf, size_t n) {
  if (at_end(c)) return "end of line";
  size_t j = c->i, m = 0;
  while (j < c->n && m < 12 && c->s[j] != ' ' && c->s[j] != '\t') j++, m++;
  snprintf(buf, n, "'%.*s'", (int)m, c->s + c->i);
  return buf;
}

static bool count_token(cur *c) {
  if (++c->tokens > MAX_TOKENS) {
    perr(c, SF_ERR_LIMIT, c->i, "more than %u tokens on one line", MAX_TOKENS);
    return false;
  }
  return true;
}

static bool accept(cur *c, char ch) {
  ws(c);
  if (peek(c) == ch) {
    c->i++;
    return true;
  }
  return false;
}

static bool expect(cur *c, char ch, const char *what) {
  if (c->err) return false;
  if (accept(c, ch)) return true;
  char b[32];
  perr(c, SF_ERR_SYNTAX, c->i, "expected '%c' %s, found %s", ch, what, here(c, b, sizeof b));
  return false;
}

static bool id_start(char ch) {
  return (ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z') || ch == '_' || ch == '$' || ch == '@' || ch == '%';
}
static bool id_char(char ch) { return id_start(ch) || is_digit(ch); }

/* An identifier (names may start with % for IGC's predefined ones). */
static bool ident(cur *c, const char **s, size_t *n, size_t *at, const char *what) {
  if (c->err) return false;
  ws(c);
  *at = c->i;
  if (!id_start(peek(c))) {
    char b[32];
    perr(c, SF_ERR_SYNTAX, c->i, "expected %s, found %s", what, here(c, b, sizeof b));
    return false;
  }
  size_t j = c->i;
  while (j < c->n && id_char(c->s[j]) && j - c->i <= SF_VISA_MAX_NAME) j++;
  if (j - c->i > SF_VISA_MAX_NAME) {
    perr(c, SF_ERR_LIMIT, c->i, "name longer than %u bytes", SF_VISA_MAX_NAME);
    return false;
  }
  *s = c->s + c->i;
  *n = j - c->i;
  c->i = j;
  return count_token(c);
}

/* An unsigned decimal number <= max. */
static bool unum(cur *c, uint64_t max, uint64_t *out, const char *what) {
  if (c->err) return false;
  ws(c);
  size_t at = c->i;
  if (!is_digit(peek(c))) {
    char b[32];
    perr(c, SF_ERR_SYNTAX, c->i, "expected %s (a decimal number), found %s", what, here(c, b, sizeof b));
    return false;
  }
  uint64_t v = 0;
  bool over = false;
  while (c->i < c->n && is_digit(c->s[c->i])) {
    unsigned d = (unsigned)(c->s[c->i] - '0');
    if (v > (UINT64_MAX - d) / 10) over = true;
    else v = v * 10 + d;
    c->i++;
  }
  if (over || v > max) {
    perr(c, SF_ERR_RANGE, at, "%s must be at most %llu", what, (unsigned long long)max);
    return false;
  }
  *out = v;
  return count_token(c);
}

/* A signed decimal number in [min, max]. */
static bool snum(cur *c, int64_t min, int64_t max, int64_t *out, const char *what) {
  ws(c);
  size_t at = c->i;
  bool neg = accept(c, '-');
  uint64_t m;
  if (!unum(c, (uint64_t)INT64_MAX, &m, what)) return false;
  int64_t v = neg ? -(int64_t)m : (int64_t)m;
  if (v < min || v > max) {
    perr(c, SF_ERR_RANGE, at, "%s must be in [%lld, %lld]", what, (long long)min, (long long)max);
    return false;
  }
  *out = v;
  return true;
}

/* "#<code>" with code <= max (decimal or 0x hex). */
static bool hash_code(cur *c, uint64_t max, uint64_t *out, const char *what) {
  ws(c);
  size_t at = c->i;
  if (!expect(c, '#', what)) return false;
  uint64_t v = 0;
  if (peek(c) == '0' && (peek2(c) == 'x' || peek2(c) == 'X')) {
    c->i += 2;
    size_t d0 = c->i;
    while (c->i < c->n && c->i - d0 < 8) {
      char h = c->s[c->i];
      unsigned d;
      if (is_digit(h)) d = (unsigned)(h - '0');
      else if (h >= 'a' && h <= 'f') d = (unsigned)(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') d = (unsigned)(h - 'A' + 10);
      else break;
      v = v * 16 + d;
      c->i++;
    }
    if (c->i == d0) return perr(c, SF_ERR_SYNTAX, c->i, "expected hex digits after #0x"), false;
    if (v > max) return perr(c, SF_ERR_RANGE, at, "%s code must be at most %llu", what, (unsigned long long)max), false;
  } else if (!unum(c, max, &v, what)) {
    return false;
  }
  *out = v;
  return true;
}

/* ---- Operand pieces ---------------------------------------------------------------------------- */

static bool p_type(cur *c, uint8_t *type) {
  ws(c);
  if (peek(c) == '#') {
    uint64_t v;
    if (!hash_code(c, 255, &v, "type")) return false;
    *type = (uint8_t)v;
    return true;
  }
  const char *s;
  size_t n, at;
  if (!ident(c, &s, &n, &at, "a type (ud, d, uw, w, ub, b, df, f, v, vf, bool, uq, uv, q, hf, bf)")) return false;
  for (uint8_t t = 0; t < 16; t++)
    if (ieq(s, n, sf_vtype_name(t))) {
      *type = t;
      return true;
    }
  perr(c, SF_ERR_SYNTAX, at, "'%.*s' is not a type: expected ud, d, uw, w, ub, b, df, f, v, vf, bool, uq, uv, q, hf or bf",
       (int)(n > 20 ? 20 : n), s);
  return false;
}

static bool p_region_elem(cur *c, uint8_t *code) {
  ws(c);
  uint64_t v;
  if (peek(c) == '#') {
    if (!hash_code(c, 15, &v, "region")) return false;
    *code = (uint8_t)v;
    return true;
  }
  size_t at = c->i;
  if (!unum(c, 32, &v, "region value")) return false;
#if SF_CANARY == 4
  /* canary 4: a typo in the region value table: 32 parses as the code of 16 */
  static const uint8_t codes[33] = {1, 2, 3, 0, 4, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 6,
                                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6};
#else
  static const uint8_t codes[33] = {1, 2, 3, 0, 4, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 6,
                                    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 7};
#endif
  if (!codes[v]) {
    perr(c, SF_ERR_RANGE, at, "region value %llu is not 0, 1, 2, 4, 8, 16 or 32", (unsigned long long)v);
    return false;
  }
  *code = codes[v];
  return true;
}

static bool p_region_hi(cur *c, sf_region *r) {
  /* called after ';' when "hi=" follows */
  c->i += 3;
  uint64_t v;
  if (!unum(c, 15, &v, "region bits 12-15")) return false;
  r->hi = (uint8_t)v;
  return true;
}

static bool next_is(cur *c, const char *lit) {
  ws(c);
  size_t l = strlen(lit);
  return c->i + l <= c->n && memcmp(c->s + c->i, lit, l) == 0;
}

static bool p_region(cur *c, sf_region *r) {
  memset(r, 0, sizeof *r);
  if (!expect(c, '<', "to start a region <vs;w,hs>")) return false;
  uint8_t a, b, h;
  if (!p_region_elem(c, &a)) return false;
  if (accept(c, ';')) {
    if (next_is(c, "hi=")) {
      r->hstride = a;
      if (!p_region_hi(c, r)) return false;
    } else {
      if (!p_region_elem(c, &b) || !expect(c, ',', "between region width and horizontal stride") ||
          !p_region_elem(c, &h))
        return false;
      r->vstride = a;
      r->width = b;
      r->hstride = h;
      if (accept(c, ';')) {
        if (!next_is(c, "hi=")) return perr(c, SF_ERR_SYNTAX, c->i, "expected hi=<n> or '>' in a region"), false;
        if (!p_region_hi(c, r)) return false;
      }
    }
  } else if (accept(c, ',')) {
    if (!p_region_elem(c, &h)) return false;
    r->width = a;
    r->hstride = h;
    if (accept(c, ';')) {
      if (!next_is(c, "hi=")) return perr(c, SF_ERR_SYNTAX, c->i, "expected hi=<n> or '>' in a region"), false;
      if (!p_region_hi(c, r)) return false;
    }
  } else {
    r->hstride = a;
  }
  return expect(c, '>', "to end the region");
}

static sf_code name_error(cur *c, res_t r, size_t at, const char *s, size_t n, sf_visa_symkind other,
                          const char *expected) {
  int w = (int)(n > 40 ? 40 : n);
  if (r == RES_WRONG_KIND)
    return perr(c, SF_ERR_UNDECLARED, at, "'%.*s' is %s, expected %s", w, s, kind_name(other), expected);
  return perr(c, SF_ERR_UNDECLARED, at, "'%.*s' is not declared: expected %s", w, s, expected);
}

/* Immediate: [-]digits[.digits][e[+-]digits] or 0xHEX, then :type. */
static bool p_imm(cur *c, sf_vopnd *v) {
  ws(c);
  size_t at = c->i;
  bool neg = false;
  if (peek(c) == '-') {
    neg = true;
    c->i++;
  }
  bool isfloat = false;
  uint64_t mag = 0;
  bool over = false;
  size_t d0;
  if (peek(c) == '0' && (peek2(c) == 'x' || peek2(c) == 'X')) {
    c->i += 2;
    d0 = c->i;
    while (c->i < c->n) {
      char h = c->s[c->i];
      unsigned d;
      if (is_digit(h)) d = (unsigned)(h - '0');
      else if (h >= 'a' && h <= 'f') d = (unsigned)(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') d = (unsigned)(h - 'A' + 10);
      else break;
      if (mag >> 60) over = true;
      mag = (mag << 4) | d;
      c->i++;
    }
    if (c->i == d0) return perr(c, SF_ERR_SYNTAX, c->i, "expected hex digits after 0x"), false;
    if (neg) return perr(c, SF_ERR_SYNTAX, at, "a hex immediate cannot be negative"), false;
  } else {
    d0 = c->i;
    if (!is_digit(peek(c))) {
      char b[32];
      return perr(c, SF_ERR_SYNTAX, c->i, "expected a number after '-', found %s", here(c, b, sizeof b)), false;
    }
    while (c->i < c->n && is_digit(c->s[c->i])) {
      unsigned d = (unsigned)(c->s[c->i] - '0');
      if (mag > (UINT64_MAX - d) / 10) over = true;
      else mag = mag * 10 + d;
      c->i++;
    }
    if (peek(c) == '.') {
      isfloat = true;
      c->i++;
      if (!is_digit(peek(c))) return perr(c, SF_ERR_SYNTAX, c->i, "expected digits after the decimal point"), false;
      while (c->i < c->n && is_digit(c->s[c->i])) c->i++;
    }
    if (peek(c) == 'e' || peek(c) == 'E') {
      isfloat = true;
      c->i++;
      if (peek(c) == '+' || peek(c) == '-') c->i++;
      if (!is_digit(peek(c))) return perr(c, SF_ERR_SYNTAX, c->i, "expected digits in the exponent"), false;
      while (c->i < c->n && is_digit(c->s[c->i])) c->i++;
    }
  }
  size_t lit_end = c->i;
  if (!count_token(c)) return false;
  if (peek(c) != ':')
    return perr(c, SF_ERR_SYNTAX, c->i, "expected ':<type>' after the immediate (IGC immediates need a type)"), false;
  c->i++;
  uint8_t type;
  if (!p_type(c, &type)) return false;
  v->cls = SF_VCLS_IMMEDIATE;
  v->type = type;
  uint8_t t = type & 0x0F;
  bool wide = sf_vtype_size(t) == 8;
  if (isfloat) {
    if (type != SF_VT_F && type != SF_VT_DF)
      return perr(c, SF_ERR_SYNTAX, at, "a decimal float needs type :f or :df (write hf, bf and integers in hex)"), false;
    char tmp[72];
    size_t len = lit_end - at;
    if (len >= sizeof tmp) return perr(c, SF_ERR_LIMIT, at, "float literal longer than %zu characters", sizeof tmp - 1), false;
    memcpy(tmp, c->s + at, len);
    tmp[len] = 0;
    errno = 0;
    if (type == SF_VT_F) {
      float f = strtof(tmp, NULL);
      if (f > FLT_MAX || f < -FLT_MAX) return perr(c, SF_ERR_RANGE, at, "float literal does not fit type f"), false;
      uint32_t bits;
      memcpy(&bits, &f, 4);
      v->imm = bits;
    } else {
      double d = strtod(tmp, NULL);
      if (d > DBL_MAX || d < -DBL_MAX) return perr(c, SF_ERR_RANGE, at, "float literal does not fit type df"), false;
      uint64_t bits;
      memcpy(&bits, &d, 8);
      v->imm = bits;
    }
    return true;
  }
  uint64_t lim = wide ? UINT64_MAX : UINT32_MAX;
  if (over || mag > lim || (neg && mag > (wide ? (1ull << 63) : (1ull << 31))))
    return perr(c, SF_ERR_RANGE, at, "immediate does not fit %u bits", wide ? 64u : 32u), false;
  uint64_t val = neg ? (uint64_t)0 - mag : mag;
  v->imm = wide ? val : (val & 0xFFFFFFFFull);
  return true;
}

/* A vector operand (reference/visa-format.md §3): general, address, predicate, indirect,
 * immediate or state, with optional (tag_hi=N) and modifier prefixes. */
static bool p_vopnd(cur *c, sf_vopnd *v, const char *what) {
  memset(v, 0, sizeof *v);
  if (c->err) return false;
  bool have_mod = false, have_tag = false;
  for (;;) {
    ws(c);
    if (peek(c) != '(') break;
    size_t at = c->i;
    size_t j = c->i + 1;
    while (j < c->n && c->s[j] != ')' && j - c->i < 16) j++;
    if (j >= c->n || c->s[j] != ')')
      return perr(c, SF_ERR_SYNTAX, at, "expected a modifier (abs), (-), (-abs), (~) before %s", what), false;
    const char *w = c->s + c->i + 1;
    size_t wn = j - c->i - 1;
    static const char *const mods[8] = {"", "abs", "-", "-abs", "sat", "~", "mod6", "mod7"};
    int m = -1;
    for (int q = 1; q < 8; q++)
      if (strlen(mods[q]) == wn && memcmp(mods[q], w, wn) == 0) m = q;
    if (m > 0 && !have_mod) {
      v->mod = (uint8_t)m;
      have_mod = true;
    } else if (!have_tag && !have_mod && wn >= 8 && memcmp(w, "tag_hi=", 7) == 0) {
      uint32_t t;
      if (!dec_u32(w + 7, wn - 7, &t) || t > 3)
        return perr(c, SF_ERR_RANGE, at, "tag_hi must be 0-3 (tag byte bits 6-7)"), false;
      v->tag_hi = (uint8_t)t;
      have_tag = true;
    } else {
      return perr(c, SF_ERR_SYNTAX, at, "'(%.*s)' is not a modifier: expected (abs), (-), (-abs) or (~) before %s",
                  (int)wn, w, what), false;
    }
    c->i = j + 1;
    if (!count_token(c)) return false;
  }
  ws(c);
  char ch = peek(c);
  if (ch == '-' || is_digit(ch)) return p_imm(c, v);
  if (at_end(c)) return perr(c, SF_ERR_SYNTAX, c->i, "expected %s, found end of line", what), false;
  if (ch == 'r' && peek2(c) == '[') {
    size_t at0 = c->i;
    c->i += 2;
    const char *s;
    size_t n, at;
    if (!ident(c, &s, &n, &at, "an address variable in r[...]")) return false;
    uint32_t id;
    sf_visa_symkind other = SF_SYM_NONE;
    res_t r = resolve_sym(c->k, s, n, SF_SYM_ADDR, "A", &id, &other);
    if (r != RES_OK) return name_error(c, r, at, s, n, other, "an address variable (A<n>)"), false;
    if (id > 0xFFFF) return perr(c, SF_ERR_RANGE, at, "address id must be at most 65535"), false;
    uint64_t off;
    int64_t imm;
    if (!expect(c, '(', "after the address variable") || !unum(c, 255, &off, "address offset") ||
        !expect(c, ')', "after the address offset") || !expect(c, ',', "before the immediate byte offset") ||
        !snum(c, INT16_MIN, INT16_MAX, &imm, "indirect byte offset") || !expect(c, ']', "to close r[...]"))
      return false;
    v->cls = SF_VCLS_INDIRECT;
    v->id = id;
    v->addr_off = (uint8_t)off;
    v->imm_off = (int16_t)imm;
    if (!p_region(c, &v->region)) return false;
    if (!expect(c, ':', "and a type after an indirect operand")) return false;
    (void)at0;
    return p_type(c, &v->type);
  }
  const char *s;
  size_t n, at;
  if (!ident(c, &s, &n, &at, what)) return false;
  if (peek(c) == '(') { /* directly after the name: a blank ends the operand */
    c->i++;
    uint64_t a;
    if (!unum(c, 255, &a, "offset")) return false;
    if (accept(c, ',')) {
      uint64_t b;
      if (!unum(c, 255, &b, "column offset") || !expect(c, ')', "after (row,col)")) return false;
      uint32_t id;
      sf_visa_symkind other = SF_SYM_NONE;
      res_t r = resolve_var(c->k, s, n, &id, &other);
      if (r != RES_OK) return name_error(c, r, at, s, n, other, "a general variable"), false;
      v->cls = SF_VCLS_GENERAL;
      v->id = id;
      v->row_off = (uint8_t)a;
      v->col_off = (uint8_t)b;
      return p_region(c, &v->region);
    }
    if (!expect(c, ')', "after the offset")) return false;
    if (peek(c) == '<') {
      uint32_t id;
      sf_visa_symkind other = SF_SYM_NONE;
      res_t r = resolve_sym(c->k, s, n, SF_SYM_ADDR, "A", &id, &other);
      if (r != RES_OK) return name_error(c, r, at, s, n, other, "an address variable (A<n>)"), false;
      if (id > 0xFFFF) return perr(c, SF_ERR_RANGE, at, "address id must be at most 65535"), false;
      c->i++;
      ws(c);
      uint64_t wcode;
      if (peek(c) == '#') {
        if (!hash_code(c, 255, &wcode, "address width")) return false;
      } else {
        size_t wat = c->i;
        uint64_t lanes;
        if (!unum(c, 32, &lanes, "address width")) return false;
        static const int8_t lc[33] = {-1, 0,  1,  -1, 2,  -1, -1, -1, 3,  -1, -1, -1, -1, -1, -1, -1, 4,
                                      -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 5};
        if (lc[lanes] < 0) return perr(c, SF_ERR_RANGE, wat, "address width must be 1, 2, 4, 8, 16 or 32"), false;
        wcode = (uint64_t)lc[lanes];
      }
      if (!expect(c, '>', "after the address width")) return false;
      v->cls = SF_VCLS_ADDRESS;
      v->id = id;
      v->addr_off = (uint8_t)a;
      v->width = (uint8_t)wcode;
      return true;
    }
    uint32_t idx, cls;
    sf_visa_symkind other = SF_SYM_NONE;
    res_t r = resolve_state(c->k, s, n, true, &idx, &cls, &other);
    if (r != RES_OK) return name_error(c, r, at, s, n, other, "a sampler or surface"), false;
    if (idx > 0xFFFF || cls > 255) return perr(c, SF_ERR_RANGE, at, "state id must be at most 65535"), false;
    v->cls = SF_VCLS_STATE;
    v->state_cls = (uint8_t)cls;
    v->id = idx;
    v->addr_off = (uint8_t)a;
    return true;
  }
  uint32_t id;
  sf_visa_symkind other = SF_SYM_NONE;
  res_t r = resolve_sym(c->k, s, n, SF_SYM_PRED, "P", &id, &other);
  if (r == RES_WRONG_KIND && other == SF_SYM_VAR)
    return perr(c, SF_ERR_SYNTAX, c->i, "expected (row,col)<region> after general variable '%.*s'",
                (int)(n > 40 ? 40 : n), s), false;
  if (r != RES_OK) return name_error(c, r, at, s, n, other, what), false;
  if (id > 0xFFFF) return perr(c, SF_ERR_RANGE, at, "predicate operand must be at most 65535"), false;
  v->cls = SF_VCLS_PREDICATE;
  v->id = id;
  return true;
}

static bool p_raw(cur *c, sf_raw *out, const char *what) {
  const char *s;
  size_t n, at;
  if (!ident(c, &s, &n, &at, what)) return false;
  uint32_t id;
  sf_visa_symkind other = SF_SYM_NONE;
  res_t r = resolve_var(c->k, s, n, &id, &other);
  if (r != RES_OK) return name_error(c, r, at, s, n, other, "a general variable for a raw operand"), false;
  if (peek(c) != '.')
    return perr(c, SF_ERR_SYNTAX, c->i, "expected '.<byte offset>' after raw operand '%.*s'", (int)(n > 40 ? 40 : n), s),
           false;
  c->i++;
  if (!is_digit(peek(c))) return perr(c, SF_ERR_SYNTAX, c->i, "expected a byte offset after '.'"), false;
  uint64_t off;
  if (!unum(c, 0xFFFF, &off, "raw operand offset")) return false;
  out->id = id;
  out->off = (uint16_t)off;
  return true;
}

/* Sampler or surface slot of an instruction (UB index). */
static bool p_state_slot(cur *c, uint8_t *out, const char *what) {
  const char *s;
  size_t n, at;
  if (!ident(c, &s, &n, &at, what)) return false;
  uint32_t idx, cls;
  sf_visa_symkind other = SF_SYM_NONE;
  res_t r = resolve_state(c->k, s, n, false, &idx, &cls, &other);
  if (r != RES_OK) return name_error(c, r, at, s, n, other, what), false;
  if (idx > 255) return perr(c, SF_ERR_RANGE, at, "%s index %u does not fit a byte", what, (unsigned)idx), false;
  *out = (uint8_t)idx;
  return true;
}

/* Channel letters in RGBA order (either case), "ch0" (ours) or empty for mask 0. */
static bool p_chan(cur *c, const char *s, size_t n, size_t at, uint8_t *mask) {
  *mask = 0;
  if (n == 0 || ieq(s, n, "ch0")) return true;
  static const char letters[4] = {'r', 'g', 'b', 'a'};
  int last = -1;
  for (size_t i = 0; i < n; i++) {
    char ch = s[i];
    if (ch >= 'A' && ch <= 'Z') ch = (char)(ch - 'A' + 'a');
    int q = -1;
    for (int j = 0; j < 4; j++)
      if (letters[j] == ch) q = j;
    if (q < 0)
      return perr(c, SF_ERR_SYNTAX, at + i, "'%c' is not a channel: expected R, G, B, A (in that order) or ch0", s[i]),
             false;
    if (q <= last)
      return perr(c, SF_ERR_SYNTAX, at + i, "channels must be in R, G, B, A order without repeats"), false;
    last = q;
    *mask |= (uint8_t)(1u << q);
  }
  return true;
}

/* ( [emask ,] size ) — IGC: size 1,2,4,8,16,32; emask M1..M8, M1_NM..M8_NM, NoMask (= M1_NM). */
static bool p_exec(cur *c, uint8_t *size, uint8_t *emask) {
  if (!expect(c, '(', "to start the execution size (M1, 16)")) return false;
  *emask = 0;
  ws(c);
  if (id_start(peek(c))) {
    const char *s;
    size_t n, at;
    if (!ident(c, &s, &n, &at, "an execution mask")) return false;
    int m = -1;
    for (int q = 0; q < 16; q++)
      if (ieq(s, n, emask_names[q])) m = q;
    if (ieq(s, n, "NoMask")) m = 8;
    if (m < 0)
      return perr(c, SF_ERR_SYNTAX, at, "'%.*s' is not an execution mask: expected M1..M8, M1_NM..M8_NM or NoMask",
                  (int)(n > 20 ? 20 : n), s), false;
    *emask = (uint8_t)m;
    if (!expect(c, ',', "after the execution mask")) return false;
  }
  ws(c);
  if (peek(c) == '#') {
    uint64_t v;
    if (!hash_code(c, 15, &v, "execution size")) return false;
    *size = (uint8_t)v;
  } else {
    size_t at = c->i;
    uint64_t v;
    if (!unum(c, 32, &v, "execution size")) return false;
    int code = -1;
#if SF_CANARY == 12
    for (int q = 0; q < 5; q++)  /* canary 12: loop bound off by one: execution size 32 is refused */
#else
    for (int q = 0; q <= 5; q++)
#endif
      if (v == (1u << q)) code = q;
    if (code < 0) return perr(c, SF_ERR_RANGE, at, "execution size must be 1, 2, 4, 8, 16 or 32"), false;
    *size = (uint8_t)code;
  }
  return expect(c, ')', "after the execution size");
}

/* ( [!] P [.any|.all|.ctrl3] [.b12] ) */
static bool p_pred(cur *c, sf_pred *p) {
  memset(p, 0, sizeof *p);
  if (!expect(c, '(', "to start a predicate")) return false;
  if (accept(c, '!')) p->invert = true;
  const char *s;
  size_t n, at;
  if (!ident(c, &s, &n, &at, "a predicate variable")) return false;
  uint32_t id;
  sf_visa_symkind other = SF_SYM_NONE;
  res_t r = resolve_sym(c->k, s, n, SF_SYM_PRED, "P", &id, &other);
  if (r != RES_OK) return name_error(c, r, at, s, n, other, "a predicate variable (P<n>)"), false;
  if (id > 0xFFF) return perr(c, SF_ERR_RANGE, at, "predicate id must be at most 4095 (12 bits)"), false;
  p->id = (uint16_t)id;
  bool had_ctrl = false;
  while (peek(c) == '.') {
    c->i++;
    const char *w;
    size_t wn, wat;
    if (!ident(c, &w, &wn, &wat, "a predicate control (.any or .all)")) return false;
    if (!had_ctrl && !p->rsvd && ieq(w, wn, "any")) p->ctrl = 1, had_ctrl = true;
    else if (!had_ctrl && !p->rsvd && ieq(w, wn, "all")) p->ctrl = 2, had_ctrl = true;
    else if (!had_ctrl && !p->rsvd && ieq(w, wn, "ctrl3")) p->ctrl = 3, had_ctrl = true;
    else if (!p->rsvd && ieq(w, wn, "b12")) p->rsvd = 1;
    else
      return perr(c, SF_ERR_SYNTAX, wat, "expected .any or .all after the predicate, found '.%.*s'",
                  (int)(wn > 20 ? 20 : wn), w), false;
  }
  return expect(c, ')', "to close the predicate");
}

/* AVS output control / exec mode keywords (or a bare number 0-15). */
static int avs_keyword(const char *s, size_t n, bool exec) {
  const char *const *names = exec ? exec_mode_names : cntrl_names;
  for (int q = 0; q < 4; q++)
    if (ieq(s, n, names[q])) return q;
  const char *pre = exec ? "AVS_EXEC_" : "AVS_CNTRL_";
  size_t pl = strlen(pre);
  uint32_t v;
  if (n > pl && ieq(s, pl, pre) && dec_u32(s + pl, n - pl, &v) && v <= 15) return (int)v;
  return -1;
}

/* Is the cursor at an AVS control/exec keyword (not an operand)? */
static bool at_avs_keyword(cur *c, bool exec) {
  ws(c);
  size_t j = c->i;
  if (j < c->n && is_digit(c->s[j])) {
    while (j < c->n && is_digit(c->s[j])) j++;
    return j >= c->n || c->s[j] == ' ' || c->s[j] == '\t';
  }
  while (j < c->n && id_char(c->s[j])) j++;
  if (j < c->n && c->s[j] == '(') return false;
  return avs_keyword(c->s + c->i, j - c->i, exec) >= 0;
}

static bool p_avs_keyword(cur *c, uint8_t *out, bool exec) {
  ws(c);
  const char *what = exec ? "an AVS exec mode (AVS_16x4, AVS_8x4, AVS_16x8, AVS_4x4)"
                          : "an AVS output control (AVS_16_FULL, AVS_16_DOWN_SAMPLE, AVS_8_FULL, AVS_8_DOWN_SAMPLE)";
  if (is_digit(peek(c))) {
    uint64_t v;
    if (!unum(c, 15, &v, what)) return false;
    *out = (uint8_t)v;
    return true;
  }
  const char *s;
  size_t n, at;
  if (!ident(c, &s, &n, &at, what)) return false;
  int q = avs_keyword(s, n, exec);
  if (q < 0) return perr(c, SF_ERR_SYNTAX, at, "expected %s, found '%.*s'", what, (int)(n > 24 ? 24 : n), s), false;
  *out = (uint8_t)q;
  return true;
}

/* ---- Instructions ------------------------------------------------------------------------------ */

typedef struct mnem {
  const char *name;
  size_t name_n, name_at;
  const char *part[MAX_PARTS];
  size_t part_n[MAX_PARTS], part_at[MAX_PARTS];
  unsigned nparts;
} mnem;

static bool p_mnemonic(cur *c, mnem *m) {
  memset(m, 0, sizeof *m);
  ws(c);
  m->name_at = c->i;
  size_t j = c->i;
  while (j < c->n && (id_char(c->s[j]) || c->s[j] == '+') && c->s[j] != '%' && j - c->i < 64) j++;
  if (j == c->i) {
    char b[32];
    return perr(c, SF_ERR_SYNTAX, c->i, "expected an instruction (sample_unorm, avs or a 3D_SAMPLE op), found %s",
                here(c, b, sizeof b)), false;
  }
  m->name = c->s + c->i;
  m->name_n = j - c->i;
  c->i = j;
  while (c->i < c->n && c->s[c->i] == '.') {
    if (m->nparts >= MAX_PARTS) return perr(c, SF_ERR_LIMIT, c->i, "too many '.' suffixes"), false;
    c->i++;
    size_t k = c->i;
    while (k < c->n && (id_char(c->s[k]) || c->s[k] == '-') && c->s[k] != '%' && k - c->i < 64) k++;
    m->part[m->nparts] = c->s + c->i;
    m->part_n[m->nparts] = k - c->i;
    m->part_at[m->nparts] = c->i;
    m->nparts++;
    c->i = k;
  }
  return count_token(c);
}

static int lookup_3d_op(const char *s, size_t n) {
  for (int op = 0; op < 256; op++) {
    const char *nm = s3d_name((uint8_t)op);
    if (nm && ieq(s, n, nm)) return op;
  }
  const char *pre = "sampler_op_0x";
  size_t pl = strlen(pre);
  if (n == pl + 2 && ieq(s, pl, pre)) {
    unsigned v = 0;
    for (size_t i = pl; i < n; i++) {
      char h = s[i];
      unsigned d;
      if (is_digit(h)) d = (unsigned)(h - '0');
      else if (h >= 'a' && h <= 'f') d = (unsigned)(h - 'a' + 10);
      else if (h >= 'A' && h <= 'F') d = (unsigned)(h - 'A' + 10);
      else return -1;
      v = v * 16 + d;
    }
    return (int)v;
  }
  return -1;
}

static bool finish_line(cur *c) {
  if (c->err) return false;
  if (!at_end(c)) {
    char b[32];
    perr(c, SF_ERR_SYNTAX, c->i, "expected end of instruction, found %s", here(c, b, sizeof b));
    return false;
  }
  return true;
}

static bool p_unorm(cur *c, const mnem *m, sf_sample_unorm *u) {
  if (m->nparts != 2)
    return perr(c, SF_ERR_SYNTAX, m->nparts < 2 ? c->i : m->part_at[2],
                "sample_unorm takes .<channels>.<format>, e.g. sample_unorm.RGBA.16-full"), false;
  if (!p_chan(c, m->part[0], m->part_n[0], m->part_at[0], &u->chan_mask)) return false;
  int f = -1;
  for (int q = 0; q < 4; q++)
    if (ieq(m->part[1], m->part_n[1], fmt_names[q])) f = q;
  if (f < 0)
    return perr(c, SF_ERR_SYNTAX, m->part_at[1],
                "expected an output format .16-full, .16-downsampled, .8-full or .8-downsampled"), false;
  u->out_fmt = (uint8_t)f;
  return p_state_slot(c, &u->sampler, "a sampler") && p_state_slot(c, &u->surface, "a surface") &&
         p_vopnd(c, &u->u, "U_offset") && p_vopnd(c, &u->v, "V_offset") && p_vopnd(c, &u->du, "DeltaU") &&
         p_vopnd(c, &u->dv, "DeltaV") && p_raw(c, &u->dst, "the destination (raw operand name.offset)") &&
         finish_line(c);
}

static bool p_3d(cur *c, const mnem *m, int op, sf_sample_3d *s) {
  s->op = (uint8_t)op;
  if (m->nparts == 0)
    return perr(c, SF_ERR_SYNTAX, c->i, "expected .<channels> after the 3D_SAMPLE op, e.g. sample_3d.RGBA"), false;
  static const char *const sfx[3] = {"pixel_null_mask", "cps", "divS"};
  int last = -1;
  for (unsigned i = 0; i + 1 < m->nparts; i++) {
    int q = -1;
    for (int j = 0; j < 3; j++)
      if (ieq(m->part[i], m->part_n[i], sfx[j])) q = j;
    if (q < 0)
      return perr(c, SF_ERR_SYNTAX, m->part_at[i], "expected .pixel_null_mask, .cps or .divS before the channels"),
             false;
    if (q <= last)
      return perr(c, SF_ERR_SYNTAX, m->part_at[i], "suffixes must come in the order .pixel_null_mask.cps.divS"), false;
    last = q;
    if (q == 0) s->pixel_null_mask = true;
    if (q == 1) s->cps = true;
    if (q == 2) s->divs = true;
  }
  unsigned lp = m->nparts - 1;
  if (!p_chan(c, m->part[lp], m->part_n[lp], m->part_at[lp], &s->chan_mask)) return false;
  if (!p_exec(c, &s->exec_size, &s->emask)) return false;
  if (!p_vopnd(c, &s->aoffimmi, "aoffimmi") || !p_state_slot(c, &s->sampler, "a sampler") ||
      !p_state_slot(c, &s->surface, "a surface") || !p_raw(c, &s->dst, "the destination (raw operand name.offset)"))
    return false;
  while (!at_end(c)) {
    if (s->num_params >= SF_S3D_MAX_PARAMS)
      return perr(c, SF_ERR_RANGE, c->i, "3D_SAMPLE takes at most %d parameters", SF_S3D_MAX_PARAMS), false;
    if (!p_raw(c, &s->params[s->num_params], "a parameter (raw operand name.offset)")) return false;
    s->num_params++;
  }
  return finish_line(c);
}

/* AVS in IGC's order (surface sampler u v du dv u2d groupID vbn CNTRL v2d EXEC ief dst) or the
 * spec page's (sampler surface u v du dv groupID vbn cntrl v2d execMode ief dst, no u2d). The two
 * are told apart by the number of vector operands before the output control: 7 is IGC's order, 6
 * the spec's; u2d is then the immediate 0x0:f. */
static bool p_avs(cur *c, const mnem *m, sf_avs *a) {
  if (m->nparts != 1)
    return perr(c, SF_ERR_SYNTAX, m->nparts ? m->part_at[1] : c->i, "avs takes one suffix, .<channels>"), false;
  if (!p_chan(c, m->part[0], m->part_n[0], m->part_at[0], &a->chan_mask)) return false;
  uint8_t first, second;
  if (!p_state_slot(c, &first, "a surface (IGC order) or sampler (spec order)") ||
      !p_state_slot(c, &second, "a sampler (IGC order) or surface (spec order)"))
    return false;
  sf_vopnd ops[7];
  unsigned nops = 0;
  static const char *const names[7] = {"U_offset", "V_offset", "DeltaU", "DeltaV", "u2d (or groupID)",
                                       "groupID (or verticalBlockNumber)", "verticalBlockNumber"};
  while (!at_avs_keyword(c, false)) {
    if (nops == 7)
      return perr(c, SF_ERR_SYNTAX, c->i, "expected an AVS output control (AVS_16_FULL, ...) after 7 operands"),
             false;
    if (!p_vopnd(c, &ops[nops], names[nops])) return false;
    nops++;
  }
  if (nops != 7 && nops != 6)
    return perr(c, SF_ERR_SYNTAX, c->i,
                "AVS needs 7 operands before the output control (IGC: u v du dv u2d groupID vbn) or 6 (spec: no u2d), "
                "found %u", nops), false;
  if (!p_avs_keyword(c, &a->cntrl, false) || !p_vopnd(c, &a->v2d, "v2d") || !p_avs_keyword(c, &a->exec_mode, true) ||
      !p_vopnd(c, &a->ief_bypass, "IEFBypass") || !p_raw(c, &a->dst, "the destination (raw operand name.offset)"))
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
  return finish_line(c);
}

static sf_code parse_inst(cur *c, sf_inst *out) {
  memset(out, 0, sizeof *out);
  if (c->n > MAX_LINE) return perr(c, SF_ERR_LIMIT, 0, "line longer than %u characters", MAX_LINE);
  sf_pred pred;
  memset(&pred, 0, sizeof pred);
  ws(c);
  bool has_pred = false;
  size_t pred_at = c->i;
  if (peek(c) == '(') {
    if (!p_pred(c, &pred)) return c->err;
    has_pred = true;
  }
  mnem m;
  if (!p_mnemonic(c, &m)) return c->err;
  if (ieq(m.name, m.name_n, "sample_unorm")) {
    out->family = SF_FAMILY_SAMPLE_UNORM;
    if (!p_unorm(c, &m, &out->unorm)) return c->err;
  } else if (ieq(m.name, m.name_n, "avs")) {
    out->family = SF_FAMILY_AVS;
    if (!p_avs(c, &m, &out->avs)) return c->err;
  } else {
    int op = lookup_3d_op(m.name, m.name_n);
    if (op < 0)
      return perr(c, SF_ERR_SYNTAX, m.name_at,
                  "unknown instruction '%.*s': expected sample_unorm, avs or a 3D_SAMPLE op (sample_3d, sample_b, "
                  "sample_l, sample_c, sample_d, lod, ...)",
                  (int)(m.name_n > 24 ? 24 : m.name_n), m.name);
    out->family = SF_FAMILY_SAMPLE_3D;
    out->s3d.pred = pred;
    if (!p_3d(c, &m, op, &out->s3d)) return c->err;
  }
  if (has_pred && out->family != SF_FAMILY_SAMPLE_3D)
    return perr(c, SF_ERR_SYNTAX, pred_at, "only 3D_SAMPLE takes a predicate");
  return SF_OK;
}

sf_code sf_visa_parse(const char *text, size_t len, const sf_visa_kernel *k, sf_inst *out, sf_status *st) {
  if (!text || !out) return sf_fail(st, SF_ERR_INVALID, "text or output is NULL");
  memset(out, 0, sizeof *out);
  size_t line_len = len;
  for (size_t i = 0; i < len; i++) {
    if (text[i] == 0) return sf_fail_text(st, SF_ERR_SYNTAX, 1, (uint32_t)(i > UINT32_MAX - 1 ? UINT32_MAX - 1 : i) + 1,
                                          "NUL byte in instruction text");
    if (text[i] == '\n') {
      line_len = i;
      uint32_t ln = 2, col = 1;
      for (size_t j = i + 1; j < len; j++, col++) {
        if (text[j] == '\n') {
          ln++;
          col = 0;
        } else if (text[j] != ' ' && text[j] != '\t' && text[j] != '\r') {
          return sf_fail_text(st, SF_ERR_SYNTAX, ln, col, "expected one instruction line, found more text");
        }
      }
      break;
    }
  }
  symsrc src = {k, NULL};
  cur c = {text, line_len, 0, 1, &src, st, 0, SF_OK};
  sf_code r = parse_inst(&c, out);
  if (r != SF_OK) memset(out, 0, sizeof *out);
  return r;
}

/* ================================================================================================
 * Whole files (.visaasm)
 * ============================================================================================== */

/* Kernel attributes IGC stores as integers; printed as decimals when 4 bytes long. */
static const char *const int_attrs[] = {"SimdSize", "SLMSize",   "ArgSize",        "RetValSize",
                                        "FESPSize", "NumGRF",    "perThreadInputSize", "SpillMemOffset",
                                        "NoBarrier", "Extern",   "Callable",       "Entry"};
static const char *const target_names[3] = {"cm", "3d", "cs"};

static void free_file(sf_isa_file *f) {
  if (f->kernels)
    for (uint32_t i = 0; i < f->num_kernels; i++) sf_visa_kernel_free(&f->kernels[i]);
  free(f->kernels);
  memset(f, 0, sizeof *f);
}

/* Converts a builder's error (no position) into one at line:col. */
static sf_code relay(cur *c, size_t at, const sf_status *bst) {
  sf_code code = bst->code == SF_ERR_INVALID ? SF_ERR_SYNTAX : bst->code;
  return perr(c, code == SF_OK ? SF_ERR_SYNTAX : code, at, "%s", bst->msg);
}

static bool p_version(cur *c, sf_isa_file *f) {
  uint64_t maj, min;
  if (!unum(c, 255, &maj, "the major version") || !expect(c, '.', "between major and minor version") ||
      !unum(c, 255, &min, "the minor version"))
    return false;
  f->major = (uint8_t)maj;
  f->minor = (uint8_t)min;
  return finish_line(c);
}

static bool p_kernel(cur *c, sf_isa_file *f) {
  ws(c);
  char name[SF_VISA_MAX_NAME + 1];
  size_t at = c->i, n;
  if (peek(c) == '"') {
    c->i++;
    size_t j = c->i;
    while (j < c->n && c->s[j] != '"') j++;
    if (j >= c->n) return perr(c, SF_ERR_SYNTAX, at, "unterminated kernel name string"), false;
    n = j - c->i;
    if (n == 0 || n > SF_VISA_MAX_NAME) return perr(c, SF_ERR_RANGE, at, "kernel name must be 1..%u bytes", SF_VISA_MAX_NAME), false;
    memcpy(name, c->s + c->i, n);
    c->i = j + 1;
  } else {
    const char *s;
    if (!ident(c, &s, &n, &at, "a kernel name (identifier or \"string\")")) return false;
    memcpy(name, s, n);
  }
  name[n] = 0;
  if (!finish_line(c)) return false;
  if (f->num_kernels >= SF_ISA_MAX_KERNELS) return perr(c, SF_ERR_LIMIT, at, "more than %u kernels", SF_ISA_MAX_KERNELS), false;
  if (!sf_visa_grow((void **)&f->kernels, (size_t)f->num_kernels + 1, sizeof *f->kernels))
    return perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  sf_visa_kernel *nk = f->kernels;
  sf_status bst;
  sf_status_clear(&bst);
  if (sf_visa_kernel_init(&nk[f->num_kernels], name, &bst) != SF_OK) return relay(c, at, &bst), false;
  f->num_kernels++;
  return true;
}

static bool p_align(cur *c, uint8_t *align) {
  const char *s;
  size_t n, at;
  if (!ident(c, &s, &n, &at, "an alignment (word, dword, qword, oword, GRF, GRFx2, hword, wordx32, wordx64)")) return false;
  for (uint8_t q = 0; q < 10; q++)
    if (ieq(s, n, align_names[q])) return *align = q, true;
  if (ieq(s, n, "2GRF")) return *align = 6, true;
  if (ieq(s, n, "32word")) return *align = 8, true;
  if (ieq(s, n, "64word")) return *align = 9, true;
  uint32_t v;
  if (prefixed_num(s, n, "align_", &v) && v <= 15) return *align = (uint8_t)v, true;
  return perr(c, SF_ERR_SYNTAX, at, "'%.*s' is not an alignment: expected byte, word, dword, qword, oword, GRF, GRFx2, hword, wordx32 or wordx64",
              (int)(n > 20 ? 20 : n), s), false;
}

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

/* Resolves the recorded alias targets of kernel k (names index ix); errors at the name's line:col. */
static sf_code resolve_aliases(alias_list *al, sf_visa_kernel *k, const sf_visa_names *ix, sf_status *st) {
  sf_code err = SF_OK;
  symsrc src = {k, ix};
  for (uint32_t i = 0; i < al->count && err == SF_OK; i++) {
    const alias_ref *a = &al->r[i];
    cur c = {a->line, a->line_n, a->at, a->line_no, &src, st, 0, SF_OK};
    uint32_t id = 0;
    sf_visa_symkind other = SF_SYM_NONE;
    res_t r = resolve_var(&src, a->line + a->at, a->n, &id, &other);
    if (r != RES_OK) err = name_error(&c, r, a->at, a->line + a->at, a->n, other, "a general variable to alias");
    else k->vars[a->var].alias_index = id;
  }
  al->count = 0;
  return err;
}

static bool p_decl(cur *c, sf_visa_kernel *k, sf_visa_names *ix, alias_list *al) {
  const char *label, *vname = NULL;
  size_t label_n, label_at, vname_n = 0, vname_at = 0;
  if (!ident(c, &label, &label_n, &label_at, "a variable name")) return false;
  char vt = 0;
  bool have_type = false, have_elts = false, have_align = false, have_alias = false;
  uint8_t type = 0, align = 0;
  uint64_t elts = 1, alias_off = 0;
  const char *alias_name = NULL;
  size_t alias_n = 0, alias_at = 0;
  size_t vt_at = c->i;
  while (!at_end(c)) {
    const char *key;
    size_t kn, kat;
    if (!ident(c, &key, &kn, &kat, "a .decl attribute (v_type=, type=, num_elts=, align=, alias=, v_name=)") ||
        !expect(c, '=', "after the attribute name"))
      return false;
    if (ieq(key, kn, "v_type") && !vt) {
      const char *v;
      size_t vn, vat;
      if (!ident(c, &v, &vn, &vat, "a variable kind G, S, T, P or A")) return false;
      if (vn != 1 || !strchr("GSTPA", v[0]))
        return perr(c, SF_ERR_SYNTAX, vat, "expected a variable kind G, S, T, P or A"), false;
      vt = v[0];
      vt_at = vat;
    } else if (ieq(key, kn, "type") && !have_type) {
      if (!p_type(c, &type)) return false;
      if (type > 15) return perr(c, SF_ERR_RANGE, kat, "a variable type must be one of the 16 vISA types"), false;
      have_type = true;
    } else if (ieq(key, kn, "num_elts") && !have_elts) {
      size_t at = c->i;
      if (!unum(c, 65535, &elts, "num_elts")) return false;
      if (elts == 0) return perr(c, SF_ERR_RANGE, at, "num_elts must be at least 1"), false;
      have_elts = true;
    } else if (ieq(key, kn, "align") && !have_align) {
      if (!p_align(c, &align)) return false;
      have_align = true;
    } else if (ieq(key, kn, "alias") && !have_alias) {
      if (!expect(c, '<', "to start alias=<name, offset>") ||
          !ident(c, &alias_name, &alias_n, &alias_at, "the aliased variable"))
        return false;
      if (!expect(c, ',', "between the aliased variable and the offset") || !unum(c, 65535, &alias_off, "alias offset") ||
          !expect(c, '>', "to close alias=<name, offset>"))
        return false;
      have_alias = true;
    } else if (ieq(key, kn, "v_name") && !vname) {
      if (!ident(c, &vname, &vname_n, &vname_at, "a name")) return false;
    } else {
      return perr(c, SF_ERR_SYNTAX, kat, "unexpected or repeated .decl attribute '%.*s'", (int)(kn > 20 ? 20 : kn), key), false;
    }
  }
  if (!vt) return perr(c, SF_ERR_SYNTAX, vt_at, "expected v_type=G, S, T, P or A"), false;
  if (vt != 'G' && (have_type || have_align || have_alias))
    return perr(c, SF_ERR_SYNTAX, label_at, "type=, align= and alias= only apply to v_type=G"), false;
  if (vname && vt != 'S' && vt != 'T')
    return perr(c, SF_ERR_SYNTAX, vname_at, "v_name= only applies to samplers and surfaces"), false;
  char name[SF_VISA_MAX_NAME + 1];
  const char *src = vname ? vname : label;
  size_t srcn = vname ? vname_n : label_n;
  memcpy(name, src, srcn);
  name[srcn] = 0;
  if (name[0] == '%') return perr(c, SF_ERR_SYNTAX, label_at, "names starting with %% are reserved for predefined variables"), false;
  sf_status bst;
  sf_status_clear(&bst);
  int64_t r = 0;
  size_t at = vname ? vname_at : label_at;
  uint32_t dup;
  if (src_lookup(c->k, name, srcn, &dup) != SF_SYM_NONE)
    return perr(c, SF_ERR_SYNTAX, at, "'%s' is already declared in this kernel", name), false;
  sf_visa_symkind kind = SF_SYM_ADDR;
  switch (vt) {
    case 'G':
      if (!have_type) return perr(c, SF_ERR_SYNTAX, c->i, "expected type=<type> for a general variable"), false;
      if (!have_elts) return perr(c, SF_ERR_SYNTAX, c->i, "expected num_elts=<n> for a general variable"), false;
      kind = SF_SYM_VAR;
      r = sf_visa_kernel_declare(k, kind, name, type, (uint16_t)elts, align, false, &bst);
      if (r >= 0 && have_alias) {
        k->vars[k->num_vars - 1].alias_offset = (uint16_t)alias_off;
        if (!sf_visa_grow((void **)&al->r, (size_t)al->count + 1, sizeof *al->r))
          return perr(c, SF_ERR_NOMEM, alias_at, "out of memory"), false;
        al->r[al->count++] = (alias_ref){k->num_vars - 1, c->s, c->n, alias_at, alias_n, c->line};
      }
      break;
    case 'S':
    case 'T': {
      uint32_t want = vt == 'S' ? k->num_samplers : SF_VISA_FIRST_USER_SURFACE + k->num_surfaces, got;
      char pre[2] = {vt, 0};
      if (vname && (!prefixed_num(label, label_n, pre, &got) || got != want))
        return perr(c, SF_ERR_SYNTAX, label_at, "with v_name=, the label must be %c%u (the next index)", vt, (unsigned)want),
               false;
      kind = vt == 'S' ? SF_SYM_SAMPLER : SF_SYM_SURFACE;
      r = sf_visa_kernel_declare(k, kind, name, 0, 1, 0, false, &bst);
      if (r >= 0) {
        sf_visa_sym *y = vt == 'S' ? &k->samplers[k->num_samplers - 1] : &k->surfaces[k->num_surfaces - 1];
        y->num_elts = (uint16_t)elts;
      }
      break;
    }
    case 'P':
      kind = SF_SYM_PRED;
      r = sf_visa_kernel_declare(k, kind, name, 0, (uint16_t)elts, 0, false, &bst);
      break;
    default: r = sf_visa_kernel_declare(k, kind, name, 0, (uint16_t)elts, 0, false, &bst); break;
  }
  if (r < 0) return relay(c, at, &bst), false;
  /* index the new name (the string just added is the kernel's last one) */
  if (ix && !sf_visa_names_add(ix, k->strings[k->num_strings - 1], kind, (uint32_t)r))
    return perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  return true;
}

static bool p_input(cur *c, sf_visa_kernel *k) {
  const char *s;
  size_t n, at;
  if (!ident(c, &s, &n, &at, "an input variable")) return false;
  uint32_t id, v;
  uint8_t kind;
  sf_visa_symkind kd = src_lookup(c->k, s, n, &v);
  if (kd == SF_SYM_VAR) kind = 0, id = v;
  else if (kd == SF_SYM_SAMPLER) kind = 1, id = v;
  else if (kd == SF_SYM_SURFACE) kind = 2, id = v;
  else if (kd != SF_SYM_NONE)
    return perr(c, SF_ERR_UNDECLARED, at, "'%.*s' is %s; an input must be a general variable, sampler or surface",
                (int)(n > 40 ? 40 : n), s, kind_name(kd)), false;
  else {
    sf_visa_symkind other = SF_SYM_NONE;
    uint32_t cls;
    if (resolve_var(c->k, s, n, &v, &other) == RES_OK) kind = 0, id = v;
    else if (resolve_state(c->k, s, n, false, &v, &cls, &other) == RES_OK) kind = cls == 1 ? 1 : 2, id = v;
    else return perr(c, SF_ERR_UNDECLARED, at, "'%.*s' is not declared: expected an input variable", (int)(n > 40 ? 40 : n), s), false;
  }
  int64_t off = 0;
  uint64_t size = 0, prov = 0;
  bool have_off = false, have_size = false, have_kind = false;
  while (!at_end(c)) {
    const char *key;
    size_t kn, kat;
    if (!ident(c, &key, &kn, &kat, "offset=, size= or kind=") || !expect(c, '=', "after the attribute name")) return false;
    if (ieq(key, kn, "offset") && !have_off) {
      if (!snum(c, INT16_MIN, INT16_MAX, &off, "input offset")) return false;
      have_off = true;
    } else if (ieq(key, kn, "size") && !have_size) {
      if (!unum(c, 65535, &size, "input size")) return false;
      have_size = true;
    } else if (ieq(key, kn, "kind") && !have_kind) {
      if (!unum(c, 31, &prov, "input kind (provenance bits 3-7)")) return false;
      have_kind = true;
    } else {
      return perr(c, SF_ERR_SYNTAX, kat, "unexpected or repeated .input attribute '%.*s'", (int)(kn > 20 ? 20 : kn), key), false;
    }
  }
  if (!have_off || !have_size) return perr(c, SF_ERR_SYNTAX, c->i, "expected offset=<n> and size=<n> in .input"), false;
  if (k->num_inputs >= SF_ISA_MAX_VARS) return perr(c, SF_ERR_LIMIT, at, "too many inputs"), false;
  if (!sf_visa_grow((void **)&k->inputs, (size_t)k->num_inputs + 1, sizeof *k->inputs))
    return perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  sf_visa_input *in = k->inputs;
  in[k->num_inputs].kind = (uint8_t)(kind | (prov << 3));
  in[k->num_inputs].index = id;
  in[k->num_inputs].offset = (int16_t)off;
  in[k->num_inputs].size = (uint16_t)size;
  k->num_inputs++;
  return true;
}

static int hexval(char h) {
  if (is_digit(h)) return h - '0';
  if (h >= 'a' && h <= 'f') return h - 'a' + 10;
  if (h >= 'A' && h <= 'F') return h - 'A' + 10;
  return -1;
}

/* .kernel_attr Name="string" | Name=decimal | Name=#hexbytes. Returns false on error; *more is
 * set when an instruction follows on the same line (IGC's dump forgets the newline, §5). */
static bool p_kattr(cur *c, sf_visa_kernel *k) {
  const char *s;
  size_t n, at;
  if (!ident(c, &s, &n, &at, "an attribute name") || !expect(c, '=', "after the attribute name")) return false;
  char name[SF_VISA_MAX_NAME + 1];
  memcpy(name, s, n);
  name[n] = 0;
  uint8_t val[256];
  size_t vn = 0;
  ws(c);
  size_t vat = c->i;
  if (peek(c) == '"') {
    c->i++;
    size_t j = c->i;
    while (j < c->n && c->s[j] != '"') j++;
    if (j >= c->n) return perr(c, SF_ERR_SYNTAX, vat, "unterminated attribute string"), false;
    vn = j - c->i;
    if (vn > 255) return perr(c, SF_ERR_RANGE, vat, "attribute value longer than 255 bytes"), false;
    memcpy(val, c->s + c->i, vn);
    c->i = j + 1;
    if (strcmp(name, "Target") == 0)
      for (uint8_t q = 0; q < 3; q++)
        if (vn == strlen(target_names[q]) && memcmp(val, target_names[q], vn) == 0) {
          val[0] = q;
          vn = 1;
          break;
        }
  } else if (peek(c) == '#') {
    c->i++;
    while (hexval(peek(c)) >= 0) {
      if (hexval(peek2(c)) < 0) return perr(c, SF_ERR_SYNTAX, c->i, "expected an even number of hex digits"), false;
      if (vn == 255) return perr(c, SF_ERR_RANGE, vat, "attribute value longer than 255 bytes"), false;
      val[vn++] = (uint8_t)(hexval(peek(c)) * 16 + hexval(peek2(c)));
      c->i += 2;
    }
  } else {
    uint64_t v;
    if (!unum(c, UINT32_MAX, &v, "an attribute value (\"string\", integer or #hex)")) return false;
    for (int q = 0; q < 4; q++) val[vn++] = (uint8_t)(v >> (8 * q));
  }
  sf_status bst;
  sf_status_clear(&bst);
  if (sf_visa_kernel_add_attr(k, name, val, (uint8_t)vn, &bst) != SF_OK) return relay(c, at, &bst), false;
  return true;
}

/* Is this line a RET, "[(pred)] ret (exec)"? */
static bool is_ret_line(const cur *c) {
  size_t j = c->i;
  if (j < c->n && c->s[j] == '(') {
    while (j < c->n && c->s[j] != ')') j++;
    j++;
    while (j < c->n && (c->s[j] == ' ' || c->s[j] == '\t')) j++;
  }
  return j + 3 <= c->n && memcmp(c->s + j, "ret", 3) == 0 && (j + 3 == c->n || !id_char(c->s[j + 3]));
}

/* [(pred)] ret (exec): stored in k->rets before the next instruction (visa.h sf_visa_ret). */
static bool p_ret(cur *c, sf_visa_kernel *k) {
  sf_visa_ret r;
  memset(&r, 0, sizeof r);
  ws(c);
  size_t at = c->i;
  if (peek(c) == '(' && !p_pred(c, &r.pred)) return false;
  ws(c);
  c->i += 3; /* "ret", checked by is_ret_line */
  if (!count_token(c) || !p_exec(c, &r.exec_size, &r.emask) || !finish_line(c)) return false;
  if (k->num_rets >= SF_ISA_MAX_INSTS) return perr(c, SF_ERR_LIMIT, at, "too many ret instructions"), false;
  if (!sf_visa_grow((void **)&k->rets, (size_t)k->num_rets + 1, sizeof *k->rets))
    return perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  sf_visa_ret *nr = k->rets;
  r.before = k->num_insts;
  nr[k->num_rets++] = r;
  return true;
}

static bool add_inst_line(cur *c, sf_visa_kernel *k) {
  size_t at = c->i;
  sf_inst in;
  if (parse_inst(c, &in) != SF_OK) return false;
  sf_status bst;
  sf_status_clear(&bst);
  if (sf_visa_kernel_add_inst(k, &in, &bst) != SF_OK) return relay(c, at, &bst), false;
  return true;
}

sf_code sf_visaasm_parse(const char *text, size_t len, sf_isa_file *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "output is NULL");
  memset(out, 0, sizeof *out);
  if (!text) return sf_fail(st, SF_ERR_INVALID, "text is NULL");
  if (len > SF_ISA_MAX_FILE) return sf_fail(st, SF_ERR_LIMIT, "text larger than %u bytes", SF_ISA_MAX_FILE);
  bool have_version = false;
  size_t pos = 0;
  uint32_t line = 0;
  sf_code err = SF_OK;
  sf_visa_names ix = {NULL, 0, 0}; /* names of the kernel being read */
  alias_list al = {NULL, 0};       /* its alias targets, resolved when its declarations are complete */
  while (pos < len && err == SF_OK) {
    size_t eol = pos;
    while (eol < len && text[eol] != '\n') eol++;
    line++;
    sf_visa_kernel *k = out->num_kernels ? &out->kernels[out->num_kernels - 1] : NULL;
    symsrc src = {k, &ix};
    cur c = {text + pos, eol - pos, 0, line, &src, st, 0, SF_OK};
    if (c.n > MAX_LINE) {
      err = perr(&c, SF_ERR_LIMIT, MAX_LINE, "line longer than %u characters", MAX_LINE);
      break;
    }
    const char *nul = memchr(c.s, 0, c.n);
    if (nul) {
      err = perr(&c, SF_ERR_SYNTAX, (size_t)(nul - c.s), "NUL byte in text");
      break;
    }
    pos = eol + 1;
    if (at_end(&c)) continue;
    size_t at = c.i;
    bool ok;
    if (peek(&c) == '.') {
      c.i++;
      const char *d;
      size_t dn, dat;
      if (!ident(&c, &d, &dn, &dat, "a directive (.version, .kernel, .kernel_attr, .decl, .input)")) {
        err = c.err;
        break;
      }
      if (!have_version && !(dn == 7 && memcmp(d, "version", 7) == 0)) {
        err = perr(&c, SF_ERR_SYNTAX, at, "expected .version as the first statement");
        break;
      }
      if (dn == 7 && memcmp(d, "version", 7) == 0) {
        if (have_version) {
          err = perr(&c, SF_ERR_SYNTAX, at, ".version may appear only once, as the first statement");
          break;
        }
        ok = p_version(&c, out);
        have_version = true;
      } else if (dn == 6 && memcmp(d, "kernel", 6) == 0) {
        if (k && (err = resolve_aliases(&al, k, &ix, st)) != SF_OK) break;
        ok = p_kernel(&c, out);
        sf_visa_names_free(&ix);
        if (ok && !sf_visa_names_build(&ix, &out->kernels[out->num_kernels - 1])) ok = false, err = perr(&c, SF_ERR_NOMEM, at, "out of memory");
      } else if (!k) {
        err = perr(&c, SF_ERR_SYNTAX, at, "expected .kernel before .%.*s", (int)(dn > 20 ? 20 : dn), d);
        break;
      } else if (dn == 11 && memcmp(d, "kernel_attr", 11) == 0) {
        ok = p_kattr(&c, k);
        if (ok && !at_end(&c)) ok = is_ret_line(&c) ? p_ret(&c, k) : add_inst_line(&c, k);
      } else if (dn == 4 && memcmp(d, "decl", 4) == 0) {
        ok = p_decl(&c, k, &ix, &al);
      } else if (dn == 5 && memcmp(d, "input", 5) == 0) {
        ok = p_input(&c, k);
      } else {
        err = perr(&c, SF_ERR_SYNTAX, at, "unknown directive '.%.*s': expected .version, .kernel, .kernel_attr, .decl or .input",
                   (int)(dn > 20 ? 20 : dn), d);
        break;
      }
    } else if (!have_version) {
      err = perr(&c, SF_ERR_SYNTAX, at, "expected .version as the first statement");
      break;
    } else if (!k) {
      err = perr(&c, SF_ERR_SYNTAX, at, "expected .kernel before the first instruction");
      break;
    } else if (is_ret_line(&c)) {
      ok = p_ret(&c, k);
    } else {
      ok = add_inst_line(&c, k);
    }
    if (!ok) err = c.err != SF_OK ? c.err : SF_ERR_SYNTAX;
  }
  if (err == SF_OK && !have_version) err = sf_fail_text(st, SF_ERR_SYNTAX, line ? line : 1, 1, "expected .version as the first statement");
  if (err == SF_OK && out->num_kernels) err = resolve_aliases(&al, &out->kernels[out->num_kernels - 1], &ix, st);
  free(al.r);
  sf_visa_names_free(&ix);
  if (err != SF_OK) free_file(out);
  return err;
}

/* ---- Printing a file ------------------------------------------------------------------------------ */

typedef struct fpr {
  sf_buf *b;
  sf_status *st;
  sf_code err;
} fpr;

static void fput(fpr *p, const char *s) {
  if (p->err == SF_OK && !sf_buf_put(p->b, s, strlen(s)))
    p->err = sf_fail(p->st, SF_ERR_LIMIT, "output buffer refused %zu more bytes (limit reached)", strlen(s));
}

static void ffmt(fpr *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void ffmt(fpr *p, const char *fmt, ...) {
  char tmp[SF_VISA_MAX_NAME + 128];
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (r < 0 || (size_t)r >= sizeof tmp) {
    if (p->err == SF_OK) p->err = sf_fail(p->st, SF_ERR_LIMIT, "header line too long");
    return;
  }
  fput(p, tmp);
}

static bool ffail(fpr *p, sf_code code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool ffail(fpr *p, sf_code code, const char *fmt, ...) {
  if (p->err != SF_OK) return false;
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  p->err = sf_fail(p->st, code, "%s", msg);
  return false;
}

/* A declared name that reads back as itself (kind kd, id). */
static const char *decl_name(fpr *p, const symsrc *src, uint32_t str, sf_visa_symkind kd, uint32_t id,
                             const char *what) {
  const char *s = sf_visa_kernel_string(src->k, str);
  uint32_t got;
  if (!s || !sf_visa_ident_ok(s, strlen(s)) || src_lookup(src, s, strlen(s), &got) != kd || got != id) {
    ffail(p, SF_UNSUPPORTED, "%s %u has no name that can be written in text (must be a unique identifier)", what,
          (unsigned)id);
    return NULL;
  }
  return s;
}

static void print_attr_value(fpr *p, const sf_visa_kernel *k, const sf_visa_attr *a) {
  const char *name = sf_visa_kernel_string(k, a->name);
  if ((uint64_t)a->value_off + a->size > k->attr_bytes_len || (a->size && !k->attr_bytes)) {
    ffail(p, SF_ERR_INVALID, "attribute value lies outside the attribute bytes");
    return;
  }
  const uint8_t *v = a->size ? k->attr_bytes + a->value_off : NULL;
  if (strcmp(name, "Target") == 0 && a->size == 1 && v[0] < 3) {
    ffmt(p, "\"%s\"", target_names[v[0]]);
    return;
  }
  for (size_t q = 0; q < sizeof int_attrs / sizeof int_attrs[0]; q++)
    if (strcmp(name, int_attrs[q]) == 0 && a->size == 4) {
      ffmt(p, "%u", (unsigned)sf_le32(v));
      return;
    }
  bool printable = true;
  for (unsigned q = 0; q < a->size; q++)
    if (v[q] < 0x20 || v[q] > 0x7e || v[q] == '"') printable = false;
  if (printable && strcmp(name, "Target") == 0)
    for (int q = 0; q < 3; q++)
      if (a->size == strlen(target_names[q]) && memcmp(v, target_names[q], a->size) == 0) printable = false;
  if (printable) {
    char s[260];
    if (a->size) memcpy(s, v, a->size);
    s[a->size] = 0;
    ffmt(p, "\"%s\"", s);
    return;
  }
  fput(p, "#");
  for (unsigned q = 0; q < a->size; q++) ffmt(p, "%02x", v[q]);
}

/* One instruction line as IGC dumps it: 4-space indent, padded to column 80, " /// $id". */
static void print_line(fpr *p, const char *line, uint32_t id) {
  size_t l = strlen(line);
  fput(p, "    ");
  fput(p, line);
  for (size_t q = l + 4; q < 80; q++) fput(p, " ");
  ffmt(p, " /// $%u\n", (unsigned)id);
}

static void print_kernel_body(fpr *p, const sf_visa_kernel *k, const symsrc *src) {
  const char *kname = k->name ? k->name : sf_visa_kernel_string(k, k->name_index);
  if (!kname || !kname[0] || strlen(kname) > SF_VISA_MAX_NAME || strpbrk(kname, "\"\n\r")) {
    ffail(p, SF_UNSUPPORTED, "kernel name cannot be written in text (empty, too long, or has a quote or newline)");
    return;
  }
  if (k->num_labels) {
    ffail(p, SF_UNSUPPORTED, "kernel '%.40s' has labels, which samplefuzz's text form does not carry", kname);
    return;
  }
  ffmt(p, ".kernel \"%s\"\n\n/// VISA Predefined Variables\n", kname);
  for (uint32_t i = 0; i < SF_VISA_NUM_PREDEF_VARS; i++)
    ffmt(p, "// .decl V%u v_type=G v_name=%s\n", (unsigned)i, sf_visa_predef_var_name(i));
  for (uint32_t i = 0; i < SF_VISA_NUM_PREDEF_SURFACES; i++)
    ffmt(p, "// .decl T%u v_type=T v_name=%s\n", (unsigned)i, sf_visa_predef_surface_name(i));
  fput(p, "\n");
  for (uint32_t i = 0; i < k->num_vars && p->err == SF_OK; i++) {
    const sf_visa_var *v = &k->vars[i];
    const char *nm = decl_name(p, src, v->name, SF_SYM_VAR, SF_VISA_FIRST_USER_VAR + i, "variable V");
    if (!nm) return;
    if (v->attr_count || v->alias_scope)
      return (void)ffail(p, SF_UNSUPPORTED, "variable '%.40s' has attributes or a file-scope alias, not carried in text", nm);
    uint8_t align = v->props >> 4;
    ffmt(p, ".decl %s v_type=G type=%s num_elts=%u", nm, sf_vtype_name(v->props & 0x0F), v->num_elts);
    if (align >= 10) ffmt(p, " align=align_%u", align);
    else if (align) ffmt(p, " align=%s", align_names[align]);
    if (v->alias_index) {
      char nb[SF_VISA_MAX_NAME + 8];
      pctx c = {{nb, sizeof nb, 0, false}, src, p->st, SF_OK};
      print_var_name(&c, v->alias_index);
      if (c.err != SF_OK) return (void)(p->err = c.err);
      ffmt(p, " alias=<%s, %u>", nb, v->alias_offset);
    }
    fput(p, "\n");
  }
  for (uint32_t i = 0; i < k->num_addrs && p->err == SF_OK; i++) {
    const char *nm = decl_name(p, src, k->addrs[i].name, SF_SYM_ADDR, i, "address A");
    if (nm) ffmt(p, ".decl %s v_type=A num_elts=%u\n", nm, k->addrs[i].num_elts);
  }
  for (uint32_t i = 0; i < k->num_preds && p->err == SF_OK; i++) {
    const char *nm = decl_name(p, src, k->preds[i].name, SF_SYM_PRED, i + 1, "predicate P");
    if (nm) ffmt(p, ".decl %s v_type=P num_elts=%u\n", nm, k->preds[i].num_elts);
  }
  for (uint32_t i = 0; i < k->num_samplers && p->err == SF_OK; i++) {
    const char *nm = decl_name(p, src, k->samplers[i].name, SF_SYM_SAMPLER, i, "sampler S");
    if (nm) ffmt(p, ".decl S%u v_type=S num_elts=%u v_name=%s\n", (unsigned)i, k->samplers[i].num_elts, nm);
  }
  for (uint32_t i = 0; i < k->num_surfaces && p->err == SF_OK; i++) {
    uint32_t idx = SF_VISA_FIRST_USER_SURFACE + i;
    const char *nm = decl_name(p, src, k->surfaces[i].name, SF_SYM_SURFACE, idx, "surface T");
    if (nm) ffmt(p, ".decl T%u v_type=T num_elts=%u v_name=%s\n", (unsigned)idx, k->surfaces[i].num_elts, nm);
  }
  for (uint32_t i = 0; i < k->num_inputs && p->err == SF_OK; i++) {
    const sf_visa_input *in = &k->inputs[i];
    uint8_t cls = in->kind & 7;
    char nb[SF_VISA_MAX_NAME + 8];
    if (cls == 0) {
      pctx c = {{nb, sizeof nb, 0, false}, src, p->st, SF_OK};
      print_var_name(&c, in->index);
      if (c.err != SF_OK) return (void)(p->err = c.err);
    } else if (cls <= 2) {
      snprintf(nb, sizeof nb, "%c%u", cls == 1 ? 'S' : 'T', (unsigned)in->index);
      uint32_t gi, gc;
      sf_visa_symkind other;
      if (resolve_state(src, nb, strlen(nb), false, &gi, &gc, &other) != RES_OK || gi != in->index)
        return (void)ffail(p, SF_UNSUPPORTED, "input %u: '%s' names another symbol", (unsigned)i, nb);
    } else {
      return (void)ffail(p, SF_UNSUPPORTED, "input %u has class %u (not general, sampler or surface)", (unsigned)i, cls);
    }
    ffmt(p, ".input %s offset=%d size=%u", nb, in->offset, in->size);
    if (in->kind >> 3) ffmt(p, " kind=%u", in->kind >> 3);
    fput(p, "\n");
  }
  if (k->num_kattrs && ((uint64_t)k->kattr_first + k->num_kattrs > k->num_attrs || !k->attrs))
    return (void)ffail(p, SF_ERR_INVALID, "kernel attribute range lies outside the attribute table");
  for (uint32_t i = 0; i < k->num_kattrs && p->err == SF_OK; i++) {
    const sf_visa_attr *a = &k->attrs[k->kattr_first + i];
    const char *an = sf_visa_kernel_string(k, a->name);
    if (!an || !sf_visa_ident_ok(an, strlen(an)))
      return (void)ffail(p, SF_UNSUPPORTED, "kernel attribute %u has a name that cannot be written in text", (unsigned)i);
    ffmt(p, ".kernel_attr %s=", an);
    print_attr_value(p, k, a);
    fput(p, "\n"); /* IGC 12504 forgets this newline after the last header line (visa-format.md §5) */
  }
  if (k->num_rets && !k->rets) return (void)ffail(p, SF_ERR_INVALID, "ret table is NULL");
  uint32_t r = 0, id = 0;
  for (uint32_t i = 0; i <= k->num_insts && p->err == SF_OK; i++) {
    char line[MAX_LINE + 1];
    while (r < k->num_rets && k->rets[r].before <= i && p->err == SF_OK) {
      if (k->rets[r].before < i)
        return (void)ffail(p, SF_ERR_INVALID, "rets[] is not sorted by position");
      pctx c = {{line, sizeof line, 0, false}, src, p->st, SF_OK};
      print_pred(&c, &k->rets[r].pred);
      ob_put(&c.o, "ret ");
      print_exec(&c, k->rets[r].exec_size, k->rets[r].emask);
      if (c.err != SF_OK) return (void)(p->err = c.err);
      print_line(p, line, id++);
      r++;
    }
    if (i == k->num_insts) break;
    if (print_inst(&k->insts[i], src, line, sizeof line, p->st) != SF_OK) {
      p->err = p->st && p->st->code ? p->st->code : SF_ERR_INVALID;
      return;
    }
    print_line(p, line, id++);
  }
  if (r < k->num_rets && p->err == SF_OK) ffail(p, SF_ERR_INVALID, "a ret stands after the end of the kernel");
}

static void print_kernel(fpr *p, const sf_visa_kernel *k) {
  sf_visa_names ix = {NULL, 0, 0};
  if (!sf_visa_names_build(&ix, k)) {
    sf_visa_names_free(&ix);
    ffail(p, SF_ERR_NOMEM, "out of memory");
    return;
  }
  symsrc src = {k, &ix};
  print_kernel_body(p, k, &src);
  sf_visa_names_free(&ix);
}

sf_code sf_visaasm_print(const sf_isa_file *f, sf_buf *out, sf_status *st) {
  if (!f || !out) return sf_fail(st, SF_ERR_INVALID, "file or output is NULL");
  if (f->num_kernels && !f->kernels) return sf_fail(st, SF_ERR_INVALID, "kernel table is NULL");
  fpr p = {out, st, SF_OK};
  if (f->major == 0 && f->minor == 0)
    fput(&p, ".version 4.1\n");
  else
    ffmt(&p, ".version %u.%u\n", f->major, f->minor);
  for (uint32_t i = 0; i < f->num_kernels && p.err == SF_OK; i++) {
    if (i) fput(&p, "\n");
    print_kernel(&p, &f->kernels[i]);
  }
  return p.err;
}
