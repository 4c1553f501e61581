/* visa_va_text.c — vISA text of VA (0x44) and VA_SKL_PLUS (0x4d), the video-analytics sampler
 * messages of CM kernels (convolve, min/max filters, erode/dilate, centroids, LBP, flood fill,
 * correlation search, and their HDC forms that write to a surface; docs/visa-text.md "VA").
 *
 * GenX_IR 1.0.12504's grammar (intel-graphics-compiler visa/CISA.y) has no rule for these two
 * opcodes, so there is no parser to follow; its printer (visa/IsaDisassembly.cpp, the ISA_VA and
 * ISA_VA_SKL_PLUS cases of printInstructionSampler, with the name tables of visa/Common_ISA.cpp) is
 * what `-dumpcommonisa` writes, and that is the syntax read and written here:
 *
 *   va.<sub> T<surface> [S<sampler>] <operands and mode words in field order> <dst>
 *   va_skl_plus.<SUB> ...                     (the HDC forms end in T<dst surface> x y)
 *
 * The sub-op names are GenX_IR's va_sub_names, indexed by the sub-op byte: it names sub-op 0x08
 * (1D vertical convolve) CONV_1D_HORIZONTAL and 0x09 CONV_1D_VERTICAL, and so do we. The surface is
 * printed before the sampler although the sampler's byte comes first. The mode bytes print as
 * GenX_IR's names (convolve's exec mode and 15x15/31x31 kernel, the erode/dilate, min-max-filter,
 * LBP and HDC pixel-size names, 4x16/1x16/1x1, 8_connect/4_connect); its printer masks some of those
 * bytes and indexes its name tables without a bound, so a byte whose value has no name, or bits
 * the printer drops, has no text: the printer refuses it as unsupported, naming the field. One
 * difference from its printer: va.convolve's kernel size (15x15 or 31x31) is bit 4 of the mode
 * byte, where IGC's builder (VISAKernelImpl.cpp AppendVISAVAConvolve) and binary reader put it,
 * while its printer tests bit 2 and so prints 15x15 for every byte the builder writes. The
 * minmax message's enable mode is printed by name when it is an immediate, so only a UB immediate
 * of 0-2 (the type IGC's description gives the field) has a text that reads back as its bytes.
 * Neither opcode has an execution size or a predicate. */
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"

/* A form: the opcode, the sub-op byte, GenX_IR's printed sub-op name, and the fields after the
 * sub-op in their byte order, by what the text writes for each:
 *   T surface, S sampler (only as "ST", printed T first), V vector operand, R raw operand,
 *   M minmax's enable mode (a vector operand, an immediate printed by name), and the mode bytes:
 *   c convolve exec mode + kernel size (bits 0-1, bit 4), e erode/dilate exec mode, a AVS output
 *   control, x min-max-filter exec mode, k 1D/1-pixel convolve mode (1 prints nothing), f flood
 *   fill connectivity, l LBP creation mode, p HDC pixel size, P HDC convolve pixel size + kernel
 *   size (bit 4), m HDC min-max-filter enable mode. */
typedef struct va_form {
  uint8_t op, sub;
  const char *name, *plan;
} va_form;

static const va_form forms[] = {
    {0x44, 0x01, "convolve", "STVVcR"},
    {0x44, 0x02, "minmax", "TVVMR"},
    {0x44, 0x03, "minmaxfilter", "STVVaxVR"},
    {0x44, 0x04, "erode", "STVVeR"},
    {0x44, 0x05, "dilate", "STVVeR"},
    {0x44, 0x06, "boolcentroid", "TVVVVR"},
    {0x44, 0x07, "centroid", "TVVVR"},
    {0x4d, 0x08, "CONV_1D_HORIZONTAL", "STVVkR"},
    {0x4d, 0x09, "CONV_1D_VERTICAL", "STVVkR"},
    {0x4d, 0x0a, "CONV_1PIXEL", "STVVkRR"},
    {0x4d, 0x0b, "FLOOD_FILL", "fRVVVR"},
    {0x4d, 0x0c, "LBP_CREATION", "TVVlR"},
    {0x4d, 0x0d, "LBP_CORRELATION", "TVVVR"},
    {0x4d, 0x0f, "CORRELATION_SEARCH", "TVVVVVVVVR"},
    {0x4d, 0x10, "HDC_CONVOLVE_2D", "STVVPTVV"},
    {0x4d, 0x11, "HDC_MIN_MAX_FILTER", "STVVpmTVV"},
    {0x4d, 0x12, "HDC_ERODE", "STVVTVV"},
    {0x4d, 0x13, "HDC_DILATE", "STVVTVV"},
    {0x4d, 0x14, "HDC_LBP_CORRELATION", "TVVVTVV"},
    {0x4d, 0x15, "HDC_LBP_CREATION", "TVVlTVV"},
    {0x4d, 0x16, "HDC_CONVOLVE_1D_H", "STVVpTVV"},
    {0x4d, 0x17, "HDC_CONVOLVE_1D_V", "STVVpTVV"},
    {0x4d, 0x18, "HDC_CONVOLVE_1P", "STVVpRTVV"},
};
#define NFORMS (sizeof forms / sizeof forms[0])

/* GenX_IR's name tables (visa/Common_ISA.cpp). */
static const char *const conv_exec[] = {"VA_CONV_16x4", "VA_CONV_INVALID", "VA_CONV_16x1", "VA_CONV_1x1"};
static const char *const ed_exec[4] = {"VA_ED_64x4", "VA_ED_32x4", "VA_ED_64x1", "VA_ED_32x1"};
static const char *const mmf_exec[4] = {"VA_MMF_16x4", "VA_MMF_INVALID", "VA_MMF_16x1", "VA_MMF_1x1"};
static const char *const mmf_enable[3] = {"VA_MINMAX_ENABLE", "VA_MAX_ENABLE", "VA_MIN_ENABLE"};
static const char *const lbp_mode[3] = {"VA_5x5_mode", "VA_3x3_mode", "VA_BOTH_mode"};
static const char *const pixel_size[2] = {"VA_Y16_FORMAT", "VA_Y8_FORMAT"};
static const char *const conv1d_mode[4] = {"4x16", NULL, "1x16", "1x1"};
static const char *const connect[2] = {"4_connect", "8_connect"};
static const char *const ksize[2] = {"15x15", "31x31"};

static const va_form *form_of(uint8_t op, uint32_t sub) {
  for (unsigned i = 0; i < NFORMS; i++)
    if (forms[i].op == op && forms[i].sub == sub) return &forms[i];
  return NULL;
}

const char *sf_visa_va_plan(uint8_t op, uint8_t sub) {
  const va_form *f = form_of(op, sub);
  return f ? f->plan : NULL;
}

const char *sf_visa_va_name(uint8_t op, uint8_t sub) {
  const va_form *f = form_of(op, sub);
  return f ? f->name : NULL;
}

/* The names of mode letter k (count in *n) and the byte each has; a NULL entry has no name. */
static const char *const *mode_names(char k, unsigned *n) {
  switch (k) {
    case 'c': *n = 4; return conv_exec;
    case 'e': *n = 4; return ed_exec;
    case 'a': *n = 4; return vt_cntrl_names;
    case 'x': *n = 4; return mmf_exec;
    case 'k': *n = 4; return conv1d_mode;
    case 'f': *n = 2; return connect;
    case 'l': *n = 3; return lbp_mode;
    case 'p': case 'P': *n = 2; return pixel_size;
    case 'm': *n = 3; return mmf_enable;
    default: *n = 0; return NULL;
  }
}

/* The bytes of mode letter k that have a text (the name bits, plus the kernel-size bit of c and P). */
bool sf_visa_va_mode_ok(char k, uint32_t v) {
  unsigned n;
  if (!mode_names(k, &n)) return false;
  if (k == 'c' || k == 'P') return (v & ~0x10u) < n;
  return v < n;
}

/* The layout kind of plan letter k. */
static char kind_of(char k) { return k == 'V' || k == 'M' ? SF_VF_VEC : k == 'R' ? SF_VF_RAW : SF_VF_UB; }

/* ---- printing ---------------------------------------------------------------------------------- */

static bool mmf_imm(const sf_vopnd *v) {
  return v->cls == SF_VCLS_IMMEDIATE && v->type == SF_VT_UB && v->mod == SF_VMOD_NONE && v->tag_hi == 0 && v->imm <= 2;
}

void vt_print_va(pctx *c, const sf_visa_ginst *g, const char *name) {
  const sf_visa_opdesc *d = sf_visa_optab(g->op);
  const va_form *f = g->num_ops ? form_of(g->op, g->ops[0].u) : NULL;
  char kinds[24] = {SF_VF_SUBOP};
  size_t np = f ? strlen(f->plan) : 0;
  for (size_t i = 0; i < np; i++) kinds[1 + i] = kind_of(f->plan[i]);
  if (!d || !f || !vt_kinds_are(g, 0, kinds)) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  for (size_t i = 0; i < np; i++) { /* every field must have a text before anything is written */
    char k = f->plan[i];
    const sf_visa_gop *o = &g->ops[1 + i];
    if (k == 'M' && o->v.cls == SF_VCLS_IMMEDIATE && !mmf_imm(&o->v)) {
      vt_pfail(c, SF_UNSUPPORTED, "%s: an immediate enable mode prints by name (GenX_IR's form), so only a UB of 0-2 has text",
               name);
      return;
    }
    if (kind_of(k) == SF_VF_UB && k != 'T' && k != 'S' && !sf_visa_va_mode_ok(k, o->u)) {
      vt_pfail(c, SF_UNSUPPORTED, "%s: mode byte 0x%02x (field %zu) has no name in GenX_IR's printed form", name,
               (unsigned)o->u, i + 1);
      return;
    }
  }
  vt_ob_fmt(&c->o, "%s.%s", d->name, f->name);
  for (size_t i = 0; i < np; i++) {
    char k = f->plan[i];
    const sf_visa_gop *o = &g->ops[1 + i];
    unsigned n;
    const char *const *names = mode_names(k, &n);
    if (k == 'S' && f->plan[i + 1] == 'T') { /* GenX_IR prints the surface first */
      vt_print_surface(c, (uint8_t)g->ops[2 + i].u);
      vt_print_sampler(c, (uint8_t)o->u);
      i++;
    } else if (k == 'T') { /* a sampler always comes before a surface (the table's "ST") */
      vt_print_surface(c, (uint8_t)o->u);
    } else if (k == 'V' || (k == 'M' && o->v.cls != SF_VCLS_IMMEDIATE)) {
      vt_print_vopnd(c, &o->v);
    } else if (k == 'M') {
      vt_ob_fmt(&c->o, " %s", mmf_enable[o->v.imm]);
    } else if (k == 'R') {
      vt_print_raw(c, &o->r);
    } else if (k == 'c') {
      vt_ob_fmt(&c->o, " %s %s", conv_exec[o->u & 3], ksize[(o->u >> 4) & 1]);
    } else if (k == 'P') {
      vt_ob_fmt(&c->o, " %s %s", pixel_size[o->u & 1], ksize[(o->u >> 4) & 1]);
    } else if (names[o->u]) {
      vt_ob_fmt(&c->o, " %s", names[o->u]);
    }
  }
}

/* ---- parsing ----------------------------------------------------------------------------------- */

/* The word [A-Za-z0-9_]+ after the blanks at the cursor (not consumed): its start and length. */
static size_t word_at(cur *c, size_t *at) {
  vt_ws(c);
  size_t j = c->i;
  *at = j;
  while (j < c->n && vt_id_char(c->s[j]) && c->s[j] != '$' && c->s[j] != '@' && c->s[j] != '%') j++;
  return j - *at;
}

/* The index of the word at the cursor among names[0..n) (any case; NULL entries skipped), or -1:
 * a whole token, so that a variable's name with a region after it is not taken for a mode. */
static int word_in(cur *c, const char *const *names, unsigned n, size_t *len) {
  size_t at;
  *len = word_at(c, &at);
  size_t e = at + *len;
  if (e < c->n && c->s[e] != ' ' && c->s[e] != '\t' && c->s[e] != '\r' && c->s[e] != '\n') return -1;
  for (unsigned i = 0; i < n; i++)
    if (names[i] && vt_ieq(c->s + at, *len, names[i])) return (int)i;
  return -1;
}

/* Reads one of names (consumed, as a token) into *v, or reports what was expected. */
static bool p_name(cur *c, const char *const *names, unsigned n, const char *what, int *v) {
  size_t len;
  *v = word_in(c, names, n, &len);
  if (*v < 0 && len) /* a name with more after it ("VA_Y16_FORMAT.q"): refused where the name ends */
    for (unsigned i = 0; i < n; i++)
      if (names[i] && vt_ieq(c->s + c->i, len, names[i]))
        return vt_perr(c, SF_ERR_SYNTAX, c->i + len, "expected a blank after %s", names[i]), false;
  if (*v < 0) { /* the names are GenX_IR's: at most four of at most 18 characters */
    char list[96] = "";
    for (unsigned i = 0; i < n; i++)
      if (names[i]) {
        if (list[0]) strcat(list, ", ");
        strcat(list, names[i]);
      }
    return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected %s (%s)", what, list), false;
  }
  c->i += len;
  return vt_count_token(c);
}

static const char *mode_what(char k) {
  switch (k) {
    case 'c': return "a convolve execution mode";
    case 'e': return "an erode/dilate execution mode";
    case 'a': return "an output control";
    case 'x': return "a min-max filter execution mode";
    case 'f': return "a connectivity";
    case 'l': return "an LBP creation mode";
    case 'm': return "an enable mode";
    default: return "a pixel format";
  }
}

bool vt_parse_va(cur *c, const vt_gmatch *m, vt_gbuild *b) {
  if (m->rest_n < 2 || m->rest[0] != '.')
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .<operation> after %s", m->name), false;
  const va_form *f = NULL;
  for (unsigned i = 0; i < NFORMS && !f; i++)
    if (forms[i].op == m->op && vt_ieq(m->rest + 1, m->rest_n - 1, forms[i].name)) f = &forms[i];
  if (!f)
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at + 1, "'%.*s' is not a %s operation", sf_quote_len(m->rest_n - 1, SF_QUOTE_NAME),
                   m->rest + 1, m->name), false;
  vt_gput_u(b, SF_VF_SUBOP, f->sub);
  size_t np = strlen(f->plan);
  for (size_t i = 0; i < np; i++) {
    char k = f->plan[i];
    uint8_t slot;
    unsigned n;
    const char *const *names = mode_names(k, &n);
    int v, big = 0;
    size_t len;
    if (k == 'S' && f->plan[i + 1] == 'T') { /* printed surface first */
      uint8_t surf;
      if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface") || !vt_count_token(c) ||
          !vt_p_state_slot(c, &slot, "a sampler"))
        return false;
      vt_gput_u(b, SF_VF_UB, slot);
      vt_gput_u(b, SF_VF_UB, surf);
      i++;
    } else if (k == 'T') { /* a sampler always comes before a surface (the table's "ST") */
      if (!vt_count_token(c) || !vt_p_state_slot(c, &slot, "a surface")) return false;
      vt_gput_u(b, SF_VF_UB, slot);
    } else if (k == 'V') {
      if (!vt_gput_v(c, b, "a vector operand")) return false;
    } else if (k == 'M') {
      v = word_in(c, mmf_enable, 3, &len);
      for (unsigned j = 0; v < 0 && len && j < 3; j++) /* a name with more after it: refused where it ends, as p_name does */
        if (vt_ieq(c->s + c->i, len, mmf_enable[j]))
          return vt_perr(c, SF_ERR_SYNTAX, c->i + len, "expected a blank after %s", mmf_enable[j]), false;
      if (v < 0) {
        if (!vt_gput_v(c, b, "an enable mode (VA_MINMAX_ENABLE, VA_MAX_ENABLE, VA_MIN_ENABLE) or a vector operand")) return false;
        continue;
      }
      c->i += len;
      if (!vt_count_token(c)) return false;
      sf_visa_gop *o = &b->ops[b->n];
      memset(o, 0, sizeof *o);
      o->kind = SF_VF_VEC;
      o->v.cls = SF_VCLS_IMMEDIATE;
      o->v.type = SF_VT_UB;
      o->v.imm = (uint64_t)v;
      b->n++;
    } else if (k == 'R') {
      if (!vt_gput_r(c, b, i + 1 == np ? "the destination" : "a raw operand")) return false;
    } else if (k == 'k') { /* mode 1 prints nothing: a word that is not a mode leaves it 1 */
      v = word_in(c, names, n, &len);
      if (v >= 0) {
        c->i += len;
        if (!vt_count_token(c)) return false;
      }
      vt_gput_u(b, SF_VF_UB, v < 0 ? 1u : (uint32_t)v);
    } else {
      if (!p_name(c, names, n, mode_what(k), &v)) return false;
      if ((k == 'c' || k == 'P') && !p_name(c, ksize, 2, "a kernel size", &big)) return false;
      vt_gput_u(b, SF_VF_UB, (uint32_t)v | (uint32_t)big << 4);
    }
  }
  return true;
}
