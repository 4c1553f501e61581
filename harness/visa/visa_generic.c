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
  if (!(*d)->layout)
    return sf_fail_byte(st, SF_UNSUPPORTED, at,
                        "%s (opcode 0x%02x): its operand layout is not modeled (instructions have no length "
                        "prefix, so it cannot be skipped)",
                        (*d)->name, (unsigned)op);
  return SF_OK;
}

typedef struct gdec {
  sf_reader r;
  sf_status *st;
  sf_visa_gop ops[SF_VISA_MAX_GOPS];
  unsigned n;
  unsigned limit;   /* fields to read (all, or the IGC 12504 writer's prefix) */
  bool grow;        /* IGC 12504 form by rule: each list's entries add to the limit */
  unsigned base;    /* ... the limit before the list's entries */
  uint8_t form;
  const char *name;
} gdec;

/* How many leading fields IGC 12504's writer keeps of a layout (visa_optab.h, w12504): the fixed
 * fields other than E and P. sub_prefix counts the fields before it (the 'S' of a sub-op layout). */
static unsigned w12504_rule(const char *lay, unsigned sub_prefix) {
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
  o.kind = (uint8_t)k;
  char what[96];
  snprintf(what, sizeof what, "%s %s", g->name, kind_name(k));
  switch (k) {
    case SF_VF_EXEC:
    case SF_VF_UB:
    case SF_VF_COUNT:
    case SF_VF_SUBOP: o.u = sf_rd_u8(&g->r, what); break;
    case SF_VF_PRED:
    case SF_VF_UW:
    case SF_VF_LABEL: o.u = sf_rd_u16(&g->r, what); break;
    case SF_VF_UD: o.u = sf_rd_u32(&g->r, what); break;
    case SF_VF_RAW:
      o.r.id = sf_rd_u32(&g->r, what);
      o.r.off = sf_rd_u16(&g->r, what);
      break;
    case SF_VF_VEC: {
      sf_code c = sf_visa_vec_read(&g->r, &o.v, what, g->st);
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
  uint32_t count = 0;
  for (const char *p = lay; *p && g->n < g->limit; p++) {
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

sf_code sf_visa_gen_decode(const uint8_t *p, size_t len, uint64_t base, uint8_t form, sf_visa_ginst *out,
                           size_t *used, sf_status *st) {
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
  if (c == SF_OK && form > SF_VISA_FORM_IGC12504)
    c = sf_fail(st, SF_ERR_INVALID, "sf_visa_gen_decode: form %u is not defined", (unsigned)form);
  if (c == SF_OK) {
    g->name = d->name;
    g->form = form;
    g->limit = form_limit(d, form);
    g->grow = form == SF_VISA_FORM_IGC12504 && !d->w12504;
    list_limits(d->layout, &g->limit, &g->base, g->grow);
    c = dec_layout(g, d->layout, d);
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
  unsigned limit;
  bool grow;
  unsigned base;
} genc;

static sf_code enc_field(genc *e, char k) {
  if (e->i >= e->in->num_ops)
    return sf_fail(e->st, SF_ERR_INVALID, "%s: %u fields, the layout needs more", e->name, (unsigned)e->in->num_ops);
  const sf_visa_gop *o = &e->in->ops[e->i];
  if (o->kind != (uint8_t)k)
    return sf_fail(e->st, SF_ERR_INVALID, "%s: field %u is a '%c', the layout has a %s ('%c')", e->name, e->i,
                   o->kind >= 32 && o->kind < 127 ? o->kind : '?', kind_name(k), k);
  unsigned bits = (k == SF_VF_EXEC || k == SF_VF_UB || k == SF_VF_COUNT || k == SF_VF_SUBOP) ? 8
                  : (k == SF_VF_PRED || k == SF_VF_UW || k == SF_VF_LABEL)                   ? 16
                                                                                             : 32;
  if (bits < 32 && (o->u >> bits))
    return sf_fail(e->st, SF_ERR_RANGE, "%s: field %u (%s) = 0x%x does not fit in %u bits", e->name, e->i,
                   kind_name(k), (unsigned)o->u, bits);
  switch (k) {
    case SF_VF_VEC: {
      sf_code c = sf_visa_vec_write(e->b, &o->v, e->name, e->st);
      if (c != SF_OK) return c;
      break;
    }
    case SF_VF_RAW:
      sf_wr_u32(e->b, o->r.id);
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
  uint32_t count = 0;
  for (const char *p = lay; *p && e->i < e->limit; p++) {
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
    if (*p == SF_VF_COUNT) {
      count = o->u;
      if (count > SF_VISA_MAX_LIST)
        return sf_fail(e->st, SF_ERR_LIMIT, "%s: list of %u entries exceeds the cap of %u", e->name, (unsigned)count,
                       SF_VISA_MAX_LIST);
      if (e->grow) e->limit = e->base + count;
    } else if (*p == SF_VF_SUBOP) {
      const sf_visa_subop *s = sf_visa_optab_sub(d, (uint8_t)o->u);
      if (!s) return sf_fail(e->st, SF_ERR_INVALID, "%s: sub-opcode 0x%02x is not defined", e->name, (unsigned)o->u);
      e->name = s->name;

      return enc_layout(e, s->layout, NULL);
    }
  }
  return SF_OK;
}

sf_code sf_visa_gen_encode(const sf_visa_ginst *in, sf_buf *out, sf_status *st) {
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
  genc e = {in, 0, &tmp, st, d->name, form_limit(d, in->form), in->form == SF_VISA_FORM_IGC12504 && !d->w12504, 0};
  list_limits(d->layout, &e.limit, &e.base, e.grow);
  /* The 12504 form keeps what the decoder found: exactly num_ops leading fields. */
  if (in->form == SF_VISA_FORM_IGC12504) {
    e.limit = in->num_ops;
    e.grow = false;
  }
  sf_wr_u8(&tmp, in->op);
  c = enc_layout(&e, d->layout, d);
  if (c == SF_OK && e.i != in->num_ops)
    c = sf_fail(st, SF_ERR_INVALID, "%s: %u fields, the layout has %u", d->name, (unsigned)in->num_ops, e.i);
  if (c == SF_OK && tmp.failed) c = SF_ERR_NOMEM;
  if (c == SF_OK && !sf_buf_put(out, tmp.data, tmp.len)) c = SF_ERR_NOMEM;
  sf_buf_free(&tmp);
  return c;
}
