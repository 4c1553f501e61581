/* visa_generic.c — table-driven binary codec for every vISA instruction the opcode table
 * (visa_optab.c) describes: one loop over the layout's field kinds decodes, another encodes.
 *
 * Every read is bounds-checked (harness/model/bytes.c's sf_rd_*), so a truncated instruction fails
 * with SF_ERR_TRUNCATED at the absolute offset of the field that does not fit. Lists are capped at
 * SF_VISA_MAX_LIST entries and an instruction at SF_VISA_MAX_GOPS fields. Field values are kept as
 * stored (the whole exec byte, the whole predicate word), so decode -> encode is the identity. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_bin_priv.h"
#include "harness/visa/visa_optab.h"

const char *sf_visa_op_name(uint8_t op) {
  const sf_visa_opdesc *d = sf_visa_optab(op);
  return d ? d->name : NULL;
}

void sf_visa_ginst_free(sf_visa_ginst *g) {
  if (!g) return;
  free(g->ops);
  g->ops = NULL;
  g->num_ops = 0;
}

int sf_visa_ginst_name_field(const sf_visa_ginst *g) {
  if (!g || g->form != SF_VISA_FORM_SPEC) return -1;
  if (g->op == 0x67 && g->num_ops == 5) return 2; /* fcall */
  if ((g->op == 0x50 && g->num_ops == 2) || (g->op == 0x51 && g->num_ops == 1)) return 0; /* faddr, FILE */
  return -1;
}

static const char *kind_name(char k) {
  switch (k) {
    case SF_VF_EXEC: return "exec size";
    case SF_VF_PRED: return "predicate";
    case SF_VF_VEC: return "vector operand";
    case SF_VF_RAW: return "raw operand";
    case SF_VF_UB: return "UB field";
    case SF_VF_UW: return "UW field";
    case SF_VF_UD: return "UD field";
    case SF_VF_LABEL: return "label id";
    case SF_VF_COUNT: return "list count";
    case SF_VF_SUBOP: return "sub-opcode";
    default: return "field";
  }
}

/* The layout of an instruction whose opcode row is d; for a sub-op row, the sub-op's fields follow
 * the 'S'. Returns the refusal code (and sets st) when the opcode cannot be coded. */
static sf_code op_row(uint8_t op, uint64_t at, const sf_visa_opdesc **d, sf_status *st) {
  *d = sf_visa_optab(op);
  if (!*d) return sf_fail_byte(st, SF_ERR_INVALID, at, "opcode 0x%02x: vISA 4.1 has no such instruction", (unsigned)op);
  if (!(*d)->layout) /* every instruction IGC 12504 defines has a layout: this is a reserved number */
    return sf_fail_byte(st, SF_ERR_INVALID, at, "opcode 0x%02x (%s) is reserved in vISA 4.1: no instruction has it", (unsigned)op,
                        (*d)->name);
  return SF_OK;
}

/* ---- Versions before 4.1 -------------------------------------------------------------------------
 * IGC's reader (ByteCodeReaderNG.cpp) reads a few fields by the file's version; the fields are kept
 * in their 4.1 form (kind and value), so that everything after the codec sees one form, and are
 * converted back by the encoder, which refuses what the older form cannot hold. Layout kinds used
 * only here, each with the 4.1 kind it is kept as:
 *   'o' 3D sampler op, UB before 4.0 (bits 0-4 op, 5-7 flags)   -> 'w' (bits 0-7 op, 8-10 flags)
 *   'a' aoffimmi, a UW value before 3.4                          -> 'V' UW immediate
 *   'm' WAIT's mask, absent before 3.1                           -> 'V' UW immediate 0
 *   'f' RAW_SENDS' ffid, absent before 3.6                       -> 'b' 0
 *   'x' FILE's name and LIFETIME's variable, UW before 3.4       -> 'd'
 * Variable ids in vector and raw operands are UW before 3.4 (sf_visa_vec_read/write take ver).
 * GATHER4_TYPED and SCATTER4_TYPED before 3.2 have a layout of their own (typed4_old below). */
enum { VK_OP3D = 'o', VK_AOFF = 'a', VK_NOMASK = 'm', VK_NOFFID = 'f', VK_UWID = 'x' };

static char kept_kind(char k) {
  switch (k) {
    case VK_OP3D: return SF_VF_UW;
    case VK_AOFF:
    case VK_NOMASK: return SF_VF_VEC;
    case VK_NOFFID: return SF_VF_UB;
    case VK_UWID: return SF_VF_UD;
    default: return k;
  }
}

/* The layout of opcode op in version ver (lay: its 4.1 layout). */
static const char *ver_layout(uint8_t op, const char *lay, unsigned ver) {
  if (ver >= SF_VISA_V(4, 1) || !lay) return lay;
  switch (op) {
    case 0x6d: /* sample_3d and gather4_3d share a layout */
    case 0x6f: return ver >= SF_VISA_V(4, 0) ? lay : ver >= SF_VISA_V(3, 4) ? "oEPbVbbRn*R" : "oEPbabbRn*R";
    case 0x6e: return ver >= SF_VISA_V(4, 0) ? lay : ver >= SF_VISA_V(3, 4) ? "oEPbVbRn*R" : "oEPbabRn*R";
    case 0x5b: return ver >= SF_VISA_V(3, 1) ? lay : "m";
    case 0x7a: return ver >= SF_VISA_V(3, 6) ? lay : "bEPbbbfVVRRR";
    case 0x51: return ver >= SF_VISA_V(3, 4) ? lay : "x";
    case 0x7b: return ver >= SF_VISA_V(3, 4) ? lay : "bx";
    default: return lay;
  }
}

static bool typed4_old(uint8_t op, unsigned ver) { return (op == 0x4b || op == 0x4c) && ver < SF_VISA_V(3, 2); }

typedef struct gdec {
  sf_reader r;
  sf_status *st;
  sf_visa_gop ops[SF_VISA_MAX_GOPS];
  unsigned n;
  unsigned limit;   /* fields to read (all, or the IGC 12504 writer's prefix) */
  bool grow;        /* IGC 12504 form by rule: each list's entries add to the limit */
  unsigned base;    /* ... the limit before the list's entries */
  uint8_t form;
  unsigned ver;     /* SF_VISA_V(major, minor) of the file */
  const char *name;
} gdec;

/* How many leading fields IGC 12504's writer keeps of a layout (visa_optab.h, w12504): the fixed
 * fields other than E and P. sub_prefix counts the fields before it (the 'S' of a sub-op layout). */
static unsigned w12504_rule(const char *lay, unsigned sub_prefix) {
  if (strchr(lay, SF_VF_MODETAIL)) return SF_VISA_MAX_GOPS; /* known at the '?' (dec_layout) */
  unsigned n = sub_prefix, ep = 0;
  for (const char *p = lay; *p; p++) {
    if (*p == SF_VF_REPEAT) {
      if (p[1]) p++;
      continue;
    }
    if (*p == SF_VF_EXEC || *p == SF_VF_PRED) ep++;
    n++;
  }
  return n - ep;
}

static uint64_t gpos(const gdec *g) { return g->r.base + g->r.pos; }

static sf_code push(gdec *g, const sf_visa_gop *o) {
  if (g->n >= SF_VISA_MAX_GOPS)
    return sf_fail_byte(g->st, SF_ERR_LIMIT, gpos(g), "%s: more than %u fields", g->name, SF_VISA_MAX_GOPS);
  g->ops[g->n++] = *o;
  return SF_OK;
}

/* IGC 12504 form: whether the byte read as a list count cannot be one, so that the instruction was
 * cut before it. With count c the writer keeps base + c fields, which must reach past the count
 * (n fields read so far); and IGC caps the 3D sampler params at 15 (ByteCodeReaderNG asserts < 16). */
static bool count_cut(unsigned base, uint32_t c, unsigned n) { return c > 15 || base + c < n; }

/* One field of kind k. */
static sf_code dec_field(gdec *g, char k) {
  sf_visa_gop o;
  memset(&o, 0, sizeof o);
  o.kind = (uint8_t)kept_kind(k);
  char what[96];
  snprintf(what, sizeof what, "%s %s", g->name, kind_name(kept_kind(k)));
  switch (k) {
    case VK_OP3D: {
      uint8_t b = sf_rd_u8(&g->r, what);
      o.u = (uint32_t)(b & 0x1F) | (uint32_t)(b >> 5) << 8;
      break;
    }
    case VK_AOFF:
    case VK_NOMASK:
      o.v.cls = SF_VCLS_IMMEDIATE;
      o.v.type = SF_VT_UW;
      if (k == VK_AOFF) o.v.imm = sf_rd_u16(&g->r, what);
      break;
    case VK_NOFFID: break;
    case VK_UWID: o.u = sf_rd_u16(&g->r, what); break;
    case SF_VF_EXEC:
    case SF_VF_UB:
    case SF_VF_COUNT:
    case SF_VF_SUBOP: o.u = sf_rd_u8(&g->r, what); break;
    case SF_VF_PRED:
    case SF_VF_UW:
    case SF_VF_LABEL: o.u = sf_rd_u16(&g->r, what); break;
    case SF_VF_UD: o.u = sf_rd_u32(&g->r, what); break;
    case SF_VF_RAW:
      o.r.id = g->ver >= SF_VISA_V(3, 4) ? sf_rd_u32(&g->r, what) : sf_rd_u16(&g->r, what);
      o.r.off = sf_rd_u16(&g->r, what);
      break;
    case SF_VF_VEC: {
      sf_code c = sf_visa_vec_read(&g->r, &o.v, g->ver, what, g->st);
      if (c != SF_OK) return c;
      break;
    }
    default: return sf_fail(g->st, SF_ERR_INVALID, "%s: layout kind '%c' is unknown", g->name, k);
  }
  if (g->r.failed) return SF_ERR_TRUNCATED;
  return push(g, &o);
}

/* Walks a layout string. count is the value of the last 'n'. */
static sf_code dec_layout(gdec *g, const char *lay, const sf_visa_opdesc *d) {
  uint32_t count = 0, mode = 0;
  for (const char *p = lay; *p && g->n < g->limit; p++) {
    if (*p == SF_VF_MODETAIL) { /* rt_write_3d: the mode word chooses the rest */
      char tail[16];
      sf_visa_rtw_tail(mode, tail);
      if (g->form == SF_VISA_FORM_IGC12504 && g->grow) /* the fields other than E and P, tail included */
        g->limit = g->n - 2 + (unsigned)strlen(tail);
      return dec_layout(g, tail, NULL);
    }
    if (*p == SF_VF_REPEAT) {
      char k = p[1];
      if (!k) return sf_fail(g->st, SF_ERR_INVALID, "%s: layout ends with '*'", g->name);
      for (uint32_t i = 0; i < count && g->n < g->limit; i++) {
        sf_code c = dec_field(g, k);
        if (c != SF_OK) return c;
      }
      p++;
      continue;
    }
    uint64_t at = gpos(g);
    sf_code c = dec_field(g, *p);
    if (c != SF_OK) return c;
    if (*p == SF_VF_UW) mode = g->ops[g->n - 1].u;
    if (*p == SF_VF_COUNT && g->grow && (count_cut(g->base, g->ops[g->n - 1].u, g->n))) {
      /* IGC 12504 form: this byte cannot be the count, so the writer cut the instruction before it
       * (a list of one entry, which is what IGC's sampler instructions have at the least). */
      g->n--;
      g->r.pos -= 1;
      g->limit = g->n;
      return SF_OK;
    }
    if (*p == SF_VF_COUNT) {
      count = g->ops[g->n - 1].u;
      if (count > SF_VISA_MAX_LIST)
        return sf_fail_byte(g->st, SF_ERR_LIMIT, at, "%s: list of %u entries exceeds the cap of %u", g->name,
                            (unsigned)count, SF_VISA_MAX_LIST);
      if (g->grow) g->limit = g->base + count;
    } else if (*p == SF_VF_SUBOP) {
      const sf_visa_subop *s = sf_visa_optab_sub(d, (uint8_t)g->ops[g->n - 1].u);
      if (!s)
        return sf_fail_byte(g->st, SF_ERR_INVALID, at, "%s: sub-opcode 0x%02x is not defined", g->name,
                            (unsigned)g->ops[g->n - 1].u);
      g->name = s->name;
      if (g->form == SF_VISA_FORM_IGC12504) {
        g->limit = w12504_rule(s->layout, g->n);
        g->grow = true;
      }
      return dec_layout(g, s->layout, NULL);
    }
  }
  return SF_OK;
}

/* IGC 12504 form of a layout with a list (the 3D sampler instructions): the writer keeps
 * (fields other than E and P) + (list entries) leading fields, so the count itself is always read
 * (limit up to it) and the limit becomes base + count once it is known. A list of 0 or 1 entries
 * would have its count cut off too; IGC's sampler instructions always have at least 2 params. */
static void list_limits(const char *lay, unsigned *limit, unsigned *base, bool grow) {
  if (!grow) return;
  const char *n = strchr(lay, SF_VF_COUNT);
  if (!n) return;
  *base = *limit;
  unsigned upto = 0;
  for (const char *p = lay; p <= n; p++) upto++;
  if (*limit < upto) *limit = upto;
}


/* The number of fields an instruction of row d has in form `form` before any sub-op is known. */
static unsigned form_limit(const sf_visa_opdesc *d, uint8_t form) {
  if (form != SF_VISA_FORM_IGC12504) return SF_VISA_MAX_GOPS;
  if (d->w12504) return d->w12504;
  return d->subs ? SF_VISA_MAX_GOPS : w12504_rule(d->layout, 0);
}

/* GATHER4_TYPED / SCATTER4_TYPED before 3.2: channel mask (inverted), exec byte (size code 0: 8
 * lanes), surface, u, v, r, message; no predicate and no LOD. Kept as the 4.1 fields: exec byte with
 * size code 3, predicate 0, the mask as 4.1 stores it, LOD the null raw operand. */
static sf_code typed4_old_decode(gdec *g) {
  uint64_t at = gpos(g) + 1;
  sf_code c = dec_layout(g, "bEbRRRR", NULL);
  if (c != SF_OK) return c;
  if (g->ops[1].u & 0xF)
    return sf_fail_byte(g->st, SF_ERR_INVALID, at, "%s before vISA 3.2: exec size code %u (it must be 0, 8 lanes)",
                        g->name, (unsigned)(g->ops[1].u & 0xF));
  sf_visa_gop old[7];
  memcpy(old, g->ops, sizeof old);
  g->n = 0;
  sf_visa_gop o;
  memset(&o, 0, sizeof o);
  o.kind = SF_VF_EXEC;
  o.u = (old[1].u & 0xF0) | 3;
  push(g, &o);
  o.kind = SF_VF_PRED;
  o.u = 0;
  push(g, &o);
  o = old[0];
  o.u = ~o.u & 0xFF;
  push(g, &o);
  for (unsigned i = 2; i < 6; i++) push(g, &old[i]);
  memset(&o, 0, sizeof o);
  o.kind = SF_VF_RAW;
  push(g, &o);
  return push(g, &old[6]);
}

sf_code sf_visa_gen_decode(const uint8_t *p, size_t len, uint64_t base, uint8_t form, sf_visa_ginst *out,
                           size_t *used, sf_status *st) {
  return sf_visa_gen_decode_ver(p, len, base, form, SF_VISA_V(4, 1), out, used, st);
}

sf_code sf_visa_gen_decode_ver(const uint8_t *p, size_t len, uint64_t base, uint8_t form, unsigned ver,
                               sf_visa_ginst *out, size_t *used, sf_status *st) {
  if (!out || !used) return sf_fail(st, SF_ERR_INVALID, "sf_visa_gen_decode: NULL output");
  memset(out, 0, sizeof *out);
  *used = 0;
  if (!p && len) return sf_fail(st, SF_ERR_INVALID, "sf_visa_gen_decode: NULL input");
  gdec gd; /* on the stack: one allocation per instruction cost more than the decode under ASan */
  gdec *g = &gd;
  sf_reader_init(&g->r, p, len, base, st);
  g->st = st;
  g->n = 0;
  sf_code c = SF_OK;
  uint8_t op = sf_rd_u8(&g->r, "opcode");
  const sf_visa_opdesc *d = NULL;
  if (g->r.failed) c = SF_ERR_TRUNCATED;
  if (c == SF_OK) c = op_row(op, base, &d, st);
  if (c == SF_OK && (form > SF_VISA_FORM_IGC12504 || (form == SF_VISA_FORM_IGC12504 && ver != SF_VISA_V(4, 1))))
    c = sf_fail(st, SF_ERR_INVALID, "sf_visa_gen_decode: form %u is not defined for version %u.%u", (unsigned)form,
                ver >> 8, ver & 0xFF);
  if (c == SF_OK) {
    g->name = d->name;
    g->form = form;
    g->ver = ver;
    g->limit = form_limit(d, form);
    g->grow = form == SF_VISA_FORM_IGC12504 && !d->w12504;
    list_limits(d->layout, &g->limit, &g->base, g->grow);
    c = typed4_old(op, ver) ? typed4_old_decode(g) : dec_layout(g, ver_layout(op, d->layout, ver), d);
  }
  if (c == SF_OK && g->n) {
    out->ops = malloc(g->n * sizeof *out->ops);
    if (!out->ops) c = sf_fail(st, SF_ERR_NOMEM, "cannot allocate %u fields", g->n);
    else memcpy(out->ops, g->ops, g->n * sizeof *out->ops);
  }
  if (c == SF_OK) {
    out->op = op;
    out->form = form;
    out->num_ops = (uint16_t)g->n;
    *used = g->r.pos;
  }
  return c;
}

/* ---- Encoding ---------------------------------------------------------------------------------- */

typedef struct genc {
  const sf_visa_ginst *in;
  unsigned i;   /* next field */
  sf_buf *b;
  sf_status *st;
  const char *name;
  unsigned limit; /* fields to write: the form's, or (IGC 12504 form) the num_ops the decoder kept */
  unsigned ver;
} genc;

static sf_code enc_field(genc *e, char k) {
  if (e->i >= e->in->num_ops)
    return sf_fail(e->st, SF_ERR_INVALID, "%s: %u fields, the layout needs more", e->name, (unsigned)e->in->num_ops);
  const sf_visa_gop *o = &e->in->ops[e->i];
  char kk = kept_kind(k);
  if (o->kind != (uint8_t)kk)
    return sf_fail(e->st, SF_ERR_INVALID, "%s: field %u is a '%c', the layout has a %s ('%c')", e->name, e->i,
                   o->kind >= 32 && o->kind < 127 ? o->kind : '?', kind_name(kk), kk);
  if (k != kk) { /* a field kept in its 4.1 form, written in the older one (ver_layout) */
    const sf_vopnd *v = &o->v;
    bool uw_imm = v->cls == SF_VCLS_IMMEDIATE && !v->mod && !v->tag_hi && v->type == SF_VT_UW && v->imm <= 0xFFFF;
    unsigned vv = e->ver;
    if ((k == VK_OP3D && (o->u & ~0x71Fu)) || (k == VK_AOFF && !uw_imm) || (k == VK_NOMASK && !(uw_imm && !v->imm)) ||
        (k == VK_NOFFID && o->u) || (k == VK_UWID && o->u > 0xFFFF))
      return sf_fail(e->st, SF_ERR_RANGE, "%s: field %u (%s) has no form in vISA %u.%u (%s)", e->name, e->i,
                     kind_name(kk), vv >> 8, vv & 0xFF,
                     k == VK_OP3D    ? "a 5-bit sampler op and three flags"
                     : k == VK_AOFF  ? "a UW immediate"
                     : k == VK_NOMASK ? "no operand: the mask is 0"
                     : k == VK_NOFFID ? "no field: the ffid is 0"
                                      : "a UW index");
    if (k == VK_OP3D) sf_wr_u8(e->b, (uint8_t)((o->u & 0x1F) | (o->u >> 8) << 5));
    else if (k == VK_AOFF || k == VK_UWID) sf_wr_u16(e->b, (uint16_t)(k == VK_AOFF ? v->imm : o->u));
    e->i++;
    return SF_OK;
  }
  unsigned bits = (k == SF_VF_EXEC || k == SF_VF_UB || k == SF_VF_COUNT || k == SF_VF_SUBOP) ? 8
                  : (k == SF_VF_PRED || k == SF_VF_UW || k == SF_VF_LABEL)                   ? 16
                                                                                             : 32;
  if (bits < 32 && (o->u >> bits))
    return sf_fail(e->st, SF_ERR_RANGE, "%s: field %u (%s) = 0x%x does not fit in %u bits", e->name, e->i,
                   kind_name(k), (unsigned)o->u, bits);
  switch (k) {
    case SF_VF_VEC: {
      sf_code c = sf_visa_vec_write(e->b, &o->v, e->ver, e->name, e->st);
      if (c != SF_OK) return c;
      break;
    }
    case SF_VF_RAW:
      if (e->ver >= SF_VISA_V(3, 4)) {
        sf_wr_u32(e->b, o->r.id);
      } else if (o->r.id > 0xFFFF) {
        return sf_fail(e->st, SF_ERR_RANGE, "%s: field %u: variable id %u does not fit the UW of vISA before 3.4",
                       e->name, e->i, (unsigned)o->r.id);
      } else {
        sf_wr_u16(e->b, (uint16_t)o->r.id);
      }
      sf_wr_u16(e->b, o->r.off);
      break;
    default:
      if (bits == 8) sf_wr_u8(e->b, (uint8_t)o->u);
      else if (bits == 16) sf_wr_u16(e->b, (uint16_t)o->u);
      else sf_wr_u32(e->b, o->u);
      break;
  }
  e->i++;
  return SF_OK;
}

static sf_code enc_layout(genc *e, const char *lay, const sf_visa_opdesc *d) {
  uint32_t count = 0, mode = 0;
  for (const char *p = lay; *p && e->i < e->limit; p++) {
    if (*p == SF_VF_MODETAIL) {
      char tail[16];
      return enc_layout(e, sf_visa_rtw_tail(mode, tail), NULL);
    }
    if (*p == SF_VF_REPEAT) {
      if (!p[1]) return sf_fail(e->st, SF_ERR_INVALID, "%s: layout ends with '*'", e->name);
      for (uint32_t j = 0; j < count && e->i < e->limit; j++) {
        sf_code c = enc_field(e, p[1]);
        if (c != SF_OK) return c;
      }
      p++;
      continue;
    }
    sf_code c = enc_field(e, *p);
    if (c != SF_OK) return c;
    const sf_visa_gop *o = &e->in->ops[e->i - 1];
    if (*p == SF_VF_UW) mode = o->u;
    if (*p == SF_VF_COUNT) {
      count = o->u;
      if (count > SF_VISA_MAX_LIST)
        return sf_fail(e->st, SF_ERR_LIMIT, "%s: list of %u entries exceeds the cap of %u", e->name, (unsigned)count,
                       SF_VISA_MAX_LIST);
    } else if (*p == SF_VF_SUBOP) {
      const sf_visa_subop *s = sf_visa_optab_sub(d, (uint8_t)o->u);
      if (!s) return sf_fail(e->st, SF_ERR_INVALID, "%s: sub-opcode 0x%02x is not defined", e->name, (unsigned)o->u);
      e->name = s->name;

      return enc_layout(e, s->layout, NULL);
    }
  }
  return SF_OK;
}

/* typed4_old_decode's inverse: the 4.1 fields E P b b R R R R R in the layout before 3.2. */
static sf_code typed4_old_encode(genc *e) {
  const sf_visa_ginst *in = e->in;
  static const char want[] = "EPbbRRRRR";
  bool ok = in->num_ops == 9;
  for (unsigned i = 0; ok && i < 9; i++) ok = in->ops[i].kind == (uint8_t)want[i];
  if (!ok) return sf_fail(e->st, SF_ERR_INVALID, "%s: the fields do not match the layout %s", e->name, want);
  if ((in->ops[0].u & 0xF) != 3 || in->ops[1].u || in->ops[7].r.id || in->ops[7].r.off || in->ops[0].u > 0xFF ||
      in->ops[2].u > 0xFF)
    return sf_fail(e->st, SF_ERR_RANGE, "%s before vISA 3.2 has 8 lanes, no predicate and no LOD operand", e->name);
  sf_wr_u8(e->b, (uint8_t)~in->ops[2].u);
  sf_wr_u8(e->b, (uint8_t)(in->ops[0].u & 0xF0));
  e->i = 3;
  static const char rest[] = "bRRRxR";
  for (const char *p = rest; *p; p++) {
    if (*p == 'x') { /* the LOD: no field */
      e->i++;
      continue;
    }
    sf_code c = enc_field(e, *p);
    if (c != SF_OK) return c;
  }
  return SF_OK;
}

sf_code sf_visa_gen_encode(const sf_visa_ginst *in, sf_buf *out, sf_status *st) {
  return sf_visa_gen_encode_ver(in, SF_VISA_V(4, 1), out, st);
}

sf_code sf_visa_gen_encode_ver(const sf_visa_ginst *in, unsigned ver, sf_buf *out, sf_status *st) {
  if (!in || !out) return sf_fail(st, SF_ERR_INVALID, "sf_visa_gen_encode: NULL argument");
  if (in->num_ops && !in->ops) return sf_fail(st, SF_ERR_INVALID, "sf_visa_gen_encode: NULL field array");
  const sf_visa_opdesc *d = NULL;
  sf_code c = op_row(in->op, 0, &d, st);
  if (c != SF_OK) return c;
  /* Encode into a scratch buffer first so that a failed encode leaves out unchanged. */
  sf_buf tmp;
  sf_buf_init(&tmp, st);
  if (in->form > SF_VISA_FORM_IGC12504) {
    sf_buf_free(&tmp);
    return sf_fail(st, SF_ERR_INVALID, "%s: form %u is not defined", d->name, (unsigned)in->form);
  }
  if (in->form == SF_VISA_FORM_IGC12504 && ver != SF_VISA_V(4, 1)) {
    sf_buf_free(&tmp);
    return sf_fail(st, SF_ERR_INVALID, "%s: the IGC 12504 form exists only in vISA 4.1 files", d->name);
  }
  /* The 12504 form keeps what the decoder found: exactly num_ops leading fields (the decoder's
   * list rule, list_limits, decided how many) */
  genc e = {in, 0, &tmp, st, d->name, in->form == SF_VISA_FORM_IGC12504 ? in->num_ops : form_limit(d, in->form), ver};
  sf_wr_u8(&tmp, in->op);
  c = typed4_old(in->op, ver) ? typed4_old_encode(&e) : enc_layout(&e, ver_layout(in->op, d->layout, ver), d);
  if (c == SF_OK && e.i != in->num_ops)
    c = sf_fail(st, SF_ERR_INVALID, "%s: %u fields, the layout has %u", d->name, (unsigned)in->num_ops, e.i);
  if (c == SF_OK && tmp.failed) c = SF_ERR_NOMEM;
  if (c == SF_OK && !sf_buf_put(out, tmp.data, tmp.len)) c = SF_ERR_NOMEM;
  sf_buf_free(&tmp);
  return c;
}
