/* visa_bin.c — vISA v4.1 binary codec for the three sampler instructions: SAMPLE_UNORM (0x41),
 * AVS (0x43) and 3D_SAMPLE (0x6d).
 *
 * Byte layouts follow docs/visa-binary.md (operands: vector operands of every class, region
 * word, tag byte, raw operands, exec byte, predicate word) and §4.1–§4.3 (the instructions). Every
 * stored bit lands in an sf_inst field (the *_hi fields keep the bits IGC's reader ignores), so
 * decode → encode is byte-identical for every input sf_visa_decode accepts. The decoder rejects only
 * what sf_inst cannot hold (truncation, an opcode other than the three, vector-operand classes 4
 * and 7, numParams > 15); spec-rule violations that can be represented are sf_inst_validate's job.
 * The byte layout as implemented is written down in docs/visa-binary.md. */
#include <string.h>

#include "harness/visa/visa_bin_priv.h"

/* ---- Decoding -------------------------------------------------------------------------------- */

typedef struct dec {
  sf_reader r;
  sf_status *st;
  unsigned ver;   /* SF_VISA_V(major, minor) of the file: field widths depend on it */
  sf_code code;   /* first non-truncation error (class 4/7, numParams), SF_OK otherwise */
} dec;

static bool dec_ok(const dec *d) { return !d->r.failed && d->code == SF_OK; }

/* Offset of the next byte, absolute. */
static uint64_t dec_pos(const dec *d) { return d->r.base + d->r.pos; }

static void dec_region(uint16_t w, sf_region *rg) {
  rg->vstride = (uint8_t)(w & 0xF);
  rg->width = (uint8_t)((w >> 4) & 0xF);
#if SF_CANARY == 2
  rg->hstride = (uint8_t)((w >> 8) & 0x7);  /* canary 2: region hstride decoded with a 3-bit mask (bit 11 lost) */
#else
  rg->hstride = (uint8_t)((w >> 8) & 0xF);
#endif
  rg->hi = (uint8_t)((w >> 12) & 0xF);
}

/* A vector operand: tag byte (class bits 0-2, modifier bits 3-5, bits 6-7 kept in tag_hi), then a
 * class-specific body (docs/visa-binary.md table). */
static void dec_vec(dec *d, sf_vopnd *o, const char *what) {
  if (!dec_ok(d)) return;
  memset(o, 0, sizeof *o);
  uint64_t at = dec_pos(d);
  uint8_t tag = sf_rd_u8(&d->r, what);
  if (d->r.failed) return;
  o->cls = (uint8_t)(tag & 7);
  o->mod = (uint8_t)((tag >> 3) & 7);
  o->tag_hi = (uint8_t)(tag >> 6);
  switch (o->cls) {
    case SF_VCLS_GENERAL:
      o->id = d->ver >= SF_VISA_V(3, 4) ? sf_rd_u32(&d->r, what) : sf_rd_u16(&d->r, what);
      o->row_off = sf_rd_u8(&d->r, what);
      o->col_off = sf_rd_u8(&d->r, what);
      dec_region(sf_rd_u16(&d->r, what), &o->region);
      break;
    case SF_VCLS_ADDRESS:
      o->id = sf_rd_u16(&d->r, what);
      o->addr_off = sf_rd_u8(&d->r, what);
      o->width = sf_rd_u8(&d->r, what);
      break;
    case SF_VCLS_PREDICATE:
      o->id = sf_rd_u16(&d->r, what);
      break;
    case SF_VCLS_INDIRECT:
      o->id = sf_rd_u16(&d->r, what);
      o->addr_off = sf_rd_u8(&d->r, what);
      o->imm_off = (int16_t)sf_rd_u16(&d->r, what);
      o->type = sf_rd_u8(&d->r, what);
      dec_region(sf_rd_u16(&d->r, what), &o->region);
      break;
    case SF_VCLS_IMMEDIATE:
      o->type = sf_rd_u8(&d->r, what);
      /* IGC reads 8 bytes when (type & 0xF) is DF, UQ or Q, else 4 (ByteCodeReaderNG). */
      if (sf_vtype_size(o->type & 0xF) == 8)
        o->imm = sf_rd_u64(&d->r, what);
      else
        o->imm = sf_rd_u32(&d->r, what);
      break;
    case SF_VCLS_STATE:
      o->state_cls = sf_rd_u8(&d->r, what);
      o->id = sf_rd_u16(&d->r, what);
      o->addr_off = sf_rd_u8(&d->r, what);
      break;
    default:
      d->code = sf_fail_byte(d->st, SF_ERR_INVALID, at,
                             "%s: vector operand class %u is not valid in a vISA file (tag 0x%02x)", what,
                             (unsigned)o->cls, (unsigned)tag);
      break;
  }
}

static void dec_raw(dec *d, sf_raw *o, const char *what) {
  if (!dec_ok(d)) return;
  o->id = d->ver >= SF_VISA_V(3, 4) ? sf_rd_u32(&d->r, what) : sf_rd_u16(&d->r, what);
  o->off = sf_rd_u16(&d->r, what);
}

static uint8_t dec_u8(dec *d, const char *what) { return dec_ok(d) ? sf_rd_u8(&d->r, what) : 0; }
static uint16_t dec_u16(dec *d, const char *what) { return dec_ok(d) ? sf_rd_u16(&d->r, what) : 0; }

static void dec_unorm(dec *d, sf_sample_unorm *u) {
  uint8_t ch = dec_u8(d, "sample_unorm channel byte");
  u->chan_mask = (uint8_t)(ch & 0xF);
  u->out_fmt = (uint8_t)((ch >> 4) & 3);
  u->chan_hi = (uint8_t)(ch >> 6);
  u->sampler = dec_u8(d, "sample_unorm sampler");
  u->surface = dec_u8(d, "sample_unorm surface");
  dec_vec(d, &u->u, "sample_unorm U_offset");
  dec_vec(d, &u->v, "sample_unorm V_offset");
  dec_vec(d, &u->du, "sample_unorm DeltaU");
  dec_vec(d, &u->dv, "sample_unorm DeltaV");
  dec_raw(d, &u->dst, "sample_unorm dst");
}

static void dec_avs(dec *d, sf_avs *a) {
  uint8_t ch = dec_u8(d, "avs channel byte");
  a->chan_mask = (uint8_t)(ch & 0xF);
  a->chan_hi = (uint8_t)(ch >> 4);
  a->sampler = dec_u8(d, "avs sampler");
  a->surface = dec_u8(d, "avs surface");
  dec_vec(d, &a->u_off, "avs uOffset");
  dec_vec(d, &a->v_off, "avs vOffset");
  dec_vec(d, &a->du, "avs deltaU");
  dec_vec(d, &a->dv, "avs deltaV");
  dec_vec(d, &a->u2d, "avs u2d");
  dec_vec(d, &a->group_id, "avs groupID");
  dec_vec(d, &a->vbn, "avs verticalBlockNumber");
  uint8_t cntrl = dec_u8(d, "avs cntrl");
  a->cntrl = (uint8_t)(cntrl & 0xF);
  a->cntrl_hi = (uint8_t)(cntrl >> 4);
  dec_vec(d, &a->v2d, "avs v2d");
  uint8_t em = dec_u8(d, "avs execMode");
  a->exec_mode = (uint8_t)(em & 0xF);
  a->exec_mode_hi = (uint8_t)(em >> 4);
  dec_vec(d, &a->ief_bypass, "avs IEFBypass");
  dec_raw(d, &a->dst, "avs dst");
}

/* Before vISA 4.0 the sampler op is one byte (bits 0-4 sub-op, 5 pixel null mask, 6 cps, 7
 * non-uniform sampler); it is read into the 4.x word's fields. */
void sf_visa_s3d_op_split(uint16_t op, unsigned ver, uint8_t *sub, uint8_t *pnm, uint8_t *cps, uint8_t *divs,
                          uint8_t *hi) {
  unsigned sh = ver >= SF_VISA_V(4, 0) ? 8 : 5;
  *sub = (uint8_t)(op & (ver >= SF_VISA_V(4, 0) ? 0xFF : 0x1F));
  *pnm = (op >> sh) & 1;
  *cps = (op >> (sh + 1)) & 1;
  *divs = (op >> (sh + 2)) & 1;
  *hi = (uint8_t)(op >> (sh + 3));
}

static void dec_s3d(dec *d, sf_sample_3d *s) {
  uint16_t op = d->ver >= SF_VISA_V(4, 0) ? dec_u16(d, "3d_sample op") : dec_u8(d, "3d_sample op");
  uint8_t pnm, cps, divs;
  sf_visa_s3d_op_split(op, d->ver, &s->op, &pnm, &cps, &divs, &s->op_hi);
  s->pixel_null_mask = pnm;
  s->cps = cps;
  s->divs = divs;
  uint8_t ex = dec_u8(d, "3d_sample exec size");
  s->exec_size = (uint8_t)(ex & 0xF);
  s->emask = (uint8_t)(ex >> 4);
  uint16_t pw = dec_u16(d, "3d_sample predicate");
  s->pred.id = (uint16_t)(pw & 0xFFF);
  s->pred.rsvd = (uint8_t)((pw >> 12) & 1);
  s->pred.ctrl = (uint8_t)((pw >> 13) & 3);
  s->pred.invert = (pw >> 15) & 1;
  uint8_t ch = dec_u8(d, "3d_sample channel byte");
  s->chan_mask = (uint8_t)(ch & 0xF);
  s->chan_hi = (uint8_t)(ch >> 4);
  if (d->ver >= SF_VISA_V(3, 4)) {
    dec_vec(d, &s->aoffimmi, "3d_sample aoffimmi");
  } else if (dec_ok(d)) { /* a UW value before 3.4; IGC reads it as a UW immediate */
    memset(&s->aoffimmi, 0, sizeof s->aoffimmi);
    s->aoffimmi.cls = SF_VCLS_IMMEDIATE;
    s->aoffimmi.type = SF_VT_UW;
    s->aoffimmi.imm = sf_rd_u16(&d->r, "3d_sample aoffimmi");
  }
  s->sampler = dec_u8(d, "3d_sample sampler");
  s->surface = dec_u8(d, "3d_sample surface");
  dec_raw(d, &s->dst, "3d_sample dst");
  if (!dec_ok(d)) return;
  uint64_t at = dec_pos(d);
  uint8_t n = dec_u8(d, "3d_sample numParams");
  if (!dec_ok(d)) return;
  if (n > SF_S3D_MAX_PARAMS) {
    d->code = sf_fail_byte(d->st, SF_ERR_RANGE, at, "3d_sample numParams %u exceeds %u", (unsigned)n,
                           (unsigned)SF_S3D_MAX_PARAMS);
    return;
  }
  s->num_params = n;
  static const char *const names[SF_S3D_MAX_PARAMS] = {
      "3d_sample param 0",  "3d_sample param 1",  "3d_sample param 2",  "3d_sample param 3",
      "3d_sample param 4",  "3d_sample param 5",  "3d_sample param 6",  "3d_sample param 7",
      "3d_sample param 8",  "3d_sample param 9",  "3d_sample param 10", "3d_sample param 11",
      "3d_sample param 12", "3d_sample param 13", "3d_sample param 14"};
  for (unsigned i = 0; i < n; i++) dec_raw(d, &s->params[i], names[i]);
}

sf_code sf_visa_decode(const uint8_t *p, size_t len, uint64_t base, sf_inst *out, size_t *used,
                       sf_status *st) {
  return sf_visa_decode_ver(p, len, base, SF_VISA_V(4, 1), out, used, st);
}

sf_code sf_visa_decode_ver(const uint8_t *p, size_t len, uint64_t base, unsigned ver, sf_inst *out, size_t *used,
                           sf_status *st) {
  sf_inst tmp;
  memset(&tmp, 0, sizeof tmp);
  if (out) memset(out, 0, sizeof *out);
  if (used) *used = 0;
  if (!p && len) return sf_fail(st, SF_ERR_INVALID, "sf_visa_decode: bytes are NULL with length %zu", len);
  dec d;
  sf_reader_init(&d.r, p, len, base, st);
  d.st = st;
  d.ver = ver;
  d.code = SF_OK;
  uint8_t opc = sf_rd_u8(&d.r, "vISA opcode");
  if (d.r.failed) return SF_ERR_TRUNCATED;
  switch (opc) {
    case SF_VISA_OP_SAMPLE_UNORM:
      tmp.family = SF_FAMILY_SAMPLE_UNORM;
      dec_unorm(&d, &tmp.unorm);
      break;
    case SF_VISA_OP_AVS:
      tmp.family = SF_FAMILY_AVS;
      dec_avs(&d, &tmp.avs);
      break;
    case SF_VISA_OP_3D_SAMPLE:
      tmp.family = SF_FAMILY_SAMPLE_3D;
      dec_s3d(&d, &tmp.s3d);
      break;
    default:
      return sf_fail_byte(st, SF_UNSUPPORTED, base,
                          "vISA opcode 0x%02x is not one of the sampler instructions 0x41, 0x43, 0x6d "
                          "(instructions have no length prefix, so it cannot be skipped)",
                          (unsigned)opc);
  }
  if (d.r.failed) return SF_ERR_TRUNCATED;
  if (d.code != SF_OK) return d.code;
  if (out) *out = tmp;
  if (used) *used = d.r.pos;
  return SF_OK;
}

/* ---- Encoding -------------------------------------------------------------------------------- */

/* Range checks run before anything is written, so a failed encode leaves `out` unchanged. */

static sf_code bad_field(sf_status *st, const char *what, unsigned long long v, unsigned bits) {
  return sf_fail(st, SF_ERR_RANGE, "%s = 0x%llx does not fit in %u bit%s", what, v, bits, bits == 1 ? "" : "s");
}

#define FIT(st, what, v, bits)                                                                   \
  do {                                                                                           \
    if ((unsigned long long)(v) >> (bits)) return bad_field((st), (what), (unsigned long long)(v), (bits)); \
  } while (0)

static sf_code check_region(const sf_region *rg, const char *what, sf_status *st) {
  FIT(st, what, rg->vstride, 4);
  FIT(st, what, rg->width, 4);
  FIT(st, what, rg->hstride, 4);
  FIT(st, what, rg->hi, 4);
  return SF_OK;
}

static sf_code check_vec(const sf_vopnd *o, unsigned ver, const char *what, sf_status *st) {
  FIT(st, what, o->cls, 3);
  FIT(st, what, o->mod, 3);
  FIT(st, what, o->tag_hi, 2);
  switch (o->cls) {
    case SF_VCLS_GENERAL:
      if (ver < SF_VISA_V(3, 4)) FIT(st, what, o->id, 16); /* UW variable ids before 3.4 */
      return check_region(&o->region, what, st);
    case SF_VCLS_ADDRESS:
    case SF_VCLS_PREDICATE:
    case SF_VCLS_STATE: FIT(st, what, o->id, 16); return SF_OK;
    case SF_VCLS_INDIRECT: FIT(st, what, o->id, 16); return check_region(&o->region, what, st);
    case SF_VCLS_IMMEDIATE:
      if (sf_vtype_size(o->type & 0xF) != 8) FIT(st, what, o->imm, 32);
      return SF_OK;
    default:
      return sf_fail(st, SF_ERR_INVALID, "%s: vector operand class %u cannot be encoded", what, (unsigned)o->cls);
  }
}

static void enc_region(sf_buf *b, const sf_region *rg) {
  sf_wr_u16(b, (uint16_t)(rg->vstride | (rg->width << 4) | (rg->hstride << 8) | (rg->hi << 12)));
}

static void enc_id(sf_buf *b, uint32_t id, unsigned ver) {
  if (ver >= SF_VISA_V(3, 4))
    sf_wr_u32(b, id);
  else
    sf_wr_u16(b, (uint16_t)id);
}

static void enc_vec(sf_buf *b, const sf_vopnd *o, unsigned ver) {
  sf_wr_u8(b, (uint8_t)(o->cls | (o->mod << 3) | (o->tag_hi << 6)));
  switch (o->cls) {
    case SF_VCLS_GENERAL:
      enc_id(b, o->id, ver);
      sf_wr_u8(b, o->row_off);
      sf_wr_u8(b, o->col_off);
      enc_region(b, &o->region);
      break;
    case SF_VCLS_ADDRESS:
      sf_wr_u16(b, (uint16_t)o->id);
      sf_wr_u8(b, o->addr_off);
      sf_wr_u8(b, o->width);
      break;
    case SF_VCLS_PREDICATE:
      sf_wr_u16(b, (uint16_t)o->id);
      break;
    case SF_VCLS_INDIRECT:
      sf_wr_u16(b, (uint16_t)o->id);
      sf_wr_u8(b, o->addr_off);
      sf_wr_u16(b, (uint16_t)o->imm_off);
      sf_wr_u8(b, o->type);
      enc_region(b, &o->region);
      break;
    case SF_VCLS_IMMEDIATE:
      sf_wr_u8(b, o->type);
      if (sf_vtype_size(o->type & 0xF) == 8)
        sf_wr_u64(b, o->imm);
      else
        sf_wr_u32(b, (uint32_t)o->imm);
      break;
    case SF_VCLS_STATE:
      sf_wr_u8(b, o->state_cls);
      sf_wr_u16(b, (uint16_t)o->id);
      sf_wr_u8(b, o->addr_off);
      break;
    default: break;  /* rejected by check_vec */
  }
}

static sf_code check_raw(const sf_raw *r, unsigned ver, const char *what, sf_status *st) {
  if (ver < SF_VISA_V(3, 4)) FIT(st, what, r->id, 16);
  return SF_OK;
}

static void enc_raw(sf_buf *b, const sf_raw *r, unsigned ver) {
  enc_id(b, r->id, ver);
  sf_wr_u16(b, r->off);
}

static sf_code check_unorm(const sf_sample_unorm *u, unsigned ver, sf_status *st) {
  sf_code c;
  FIT(st, "sample_unorm.chan_mask", u->chan_mask, 4);
  FIT(st, "sample_unorm.out_fmt", u->out_fmt, 2);
  FIT(st, "sample_unorm.chan_hi", u->chan_hi, 2);
  if ((c = check_vec(&u->u, ver, "sample_unorm.u", st)) != SF_OK) return c;
  if ((c = check_vec(&u->v, ver, "sample_unorm.v", st)) != SF_OK) return c;
  if ((c = check_vec(&u->du, ver, "sample_unorm.du", st)) != SF_OK) return c;
  if ((c = check_vec(&u->dv, ver, "sample_unorm.dv", st)) != SF_OK) return c;
  return check_raw(&u->dst, ver, "sample_unorm.dst", st);
}

static void enc_unorm(sf_buf *b, const sf_sample_unorm *u, unsigned ver) {
  sf_wr_u8(b, SF_VISA_OP_SAMPLE_UNORM);
  sf_wr_u8(b, (uint8_t)(u->chan_mask | (u->out_fmt << 4) | (u->chan_hi << 6)));
  sf_wr_u8(b, u->sampler);
  sf_wr_u8(b, u->surface);
  enc_vec(b, &u->u, ver);
  enc_vec(b, &u->v, ver);
  enc_vec(b, &u->du, ver);
  enc_vec(b, &u->dv, ver);
  enc_raw(b, &u->dst, ver);
}

static sf_code check_avs(const sf_avs *a, unsigned ver, sf_status *st) {
  sf_code c;
  FIT(st, "avs.chan_mask", a->chan_mask, 4);
  FIT(st, "avs.chan_hi", a->chan_hi, 4);
  FIT(st, "avs.cntrl", a->cntrl, 4);
  FIT(st, "avs.cntrl_hi", a->cntrl_hi, 4);
  FIT(st, "avs.exec_mode", a->exec_mode, 4);
  FIT(st, "avs.exec_mode_hi", a->exec_mode_hi, 4);
  const sf_vopnd *v[9] = {&a->u_off, &a->v_off, &a->du, &a->dv, &a->u2d, &a->group_id, &a->vbn, &a->v2d, &a->ief_bypass};
  static const char *const n[9] = {"avs.u_off", "avs.v_off", "avs.du", "avs.dv", "avs.u2d",
                                   "avs.group_id", "avs.vbn", "avs.v2d", "avs.ief_bypass"};
  for (unsigned i = 0; i < 9; i++)
    if ((c = check_vec(v[i], ver, n[i], st)) != SF_OK) return c;
  return check_raw(&a->dst, ver, "avs.dst", st);
}

static void enc_avs(sf_buf *b, const sf_avs *a, unsigned ver) {
  sf_wr_u8(b, SF_VISA_OP_AVS);
  sf_wr_u8(b, (uint8_t)(a->chan_mask | (a->chan_hi << 4)));
  sf_wr_u8(b, a->sampler);
  sf_wr_u8(b, a->surface);
  enc_vec(b, &a->u_off, ver);
  enc_vec(b, &a->v_off, ver);
  enc_vec(b, &a->du, ver);
  enc_vec(b, &a->dv, ver);
  enc_vec(b, &a->u2d, ver);
  enc_vec(b, &a->group_id, ver);
  enc_vec(b, &a->vbn, ver);
  sf_wr_u8(b, (uint8_t)(a->cntrl | (a->cntrl_hi << 4)));
  enc_vec(b, &a->v2d, ver);
  sf_wr_u8(b, (uint8_t)(a->exec_mode | (a->exec_mode_hi << 4)));
  enc_vec(b, &a->ief_bypass, ver);
  enc_raw(b, &a->dst, ver);
}

static sf_code check_s3d(const sf_sample_3d *s, unsigned ver, sf_status *st) {
  FIT(st, "sample_3d.op_hi", s->op_hi, 5);
  FIT(st, "sample_3d.exec_size", s->exec_size, 4);
  FIT(st, "sample_3d.emask", s->emask, 4);
  FIT(st, "sample_3d.pred.id", s->pred.id, 12);
  FIT(st, "sample_3d.pred.rsvd", s->pred.rsvd, 1);
  FIT(st, "sample_3d.pred.ctrl", s->pred.ctrl, 2);
  FIT(st, "sample_3d.chan_mask", s->chan_mask, 4);
  FIT(st, "sample_3d.chan_hi", s->chan_hi, 4);
  if (s->num_params > SF_S3D_MAX_PARAMS)
    return sf_fail(st, SF_ERR_RANGE, "sample_3d.num_params = %u exceeds %u", (unsigned)s->num_params,
                   (unsigned)SF_S3D_MAX_PARAMS);
  if (ver < SF_VISA_V(4, 0)) { /* one op byte: 5 bits of sub-op, three flags */
    FIT(st, "sample_3d.op (before vISA 4.0)", s->op, 5);
    FIT(st, "sample_3d.op_hi (before vISA 4.0)", s->op_hi, 0);
  }
  sf_code c = check_raw(&s->dst, ver, "sample_3d.dst", st);
  for (unsigned i = 0; c == SF_OK && i < s->num_params; i++) c = check_raw(&s->params[i], ver, "sample_3d.param", st);
  if (c != SF_OK) return c;
  if (ver < SF_VISA_V(3, 4)) { /* a UW value, not an operand, before 3.4 */
    const sf_vopnd *a = &s->aoffimmi;
    if (a->cls != SF_VCLS_IMMEDIATE || a->mod || a->tag_hi || a->type != SF_VT_UW || a->imm > 0xFFFF)
      return sf_fail(st, SF_ERR_RANGE, "sample_3d.aoffimmi: before vISA 3.4 it is a UW value, so it must be a "
                     "UW immediate without modifier");
    return SF_OK;
  }
  return check_vec(&s->aoffimmi, ver, "sample_3d.aoffimmi", st);
}

static void enc_s3d(sf_buf *b, const sf_sample_3d *s, unsigned ver) {
  sf_wr_u8(b, SF_VISA_OP_3D_SAMPLE);
#if SF_CANARY == 1
  /* canary 1: the encoder forgets the pixel_null_mask bit (bit 8 of the op word) */
  sf_wr_u16(b, (uint16_t)(s->op | ((unsigned)s->cps << 9) | ((unsigned)s->divs << 10) | ((unsigned)s->op_hi << 11)));
#else
  if (ver < SF_VISA_V(4, 0))
    sf_wr_u8(b, (uint8_t)(s->op | ((unsigned)s->pixel_null_mask << 5) | ((unsigned)s->cps << 6) | ((unsigned)s->divs << 7)));
  else
    sf_wr_u16(b, (uint16_t)(s->op | ((unsigned)s->pixel_null_mask << 8) | ((unsigned)s->cps << 9) |
                            ((unsigned)s->divs << 10) | ((unsigned)s->op_hi << 11)));
#endif
  sf_wr_u8(b, (uint8_t)(s->exec_size | (s->emask << 4)));
  sf_wr_u16(b, (uint16_t)(s->pred.id | ((unsigned)s->pred.rsvd << 12) | ((unsigned)s->pred.ctrl << 13) |
                          ((unsigned)s->pred.invert << 15)));
  sf_wr_u8(b, (uint8_t)(s->chan_mask | (s->chan_hi << 4)));
  if (ver < SF_VISA_V(3, 4))
    sf_wr_u16(b, (uint16_t)s->aoffimmi.imm);
  else
    enc_vec(b, &s->aoffimmi, ver);
  sf_wr_u8(b, s->sampler);
  sf_wr_u8(b, s->surface);
  enc_raw(b, &s->dst, ver);
  sf_wr_u8(b, s->num_params);
  for (unsigned i = 0; i < s->num_params; i++) enc_raw(b, &s->params[i], ver);
}

sf_code sf_visa_encode(const sf_inst *in, sf_buf *out, sf_status *st) {
  return sf_visa_encode_ver(in, SF_VISA_V(4, 1), out, st);
}

sf_code sf_visa_encode_ver(const sf_inst *in, unsigned ver, sf_buf *out, sf_status *st) {
  if (!in || !out) return sf_fail(st, SF_ERR_INVALID, "sf_visa_encode: NULL argument");
  if (out->failed) return sf_fail(st, SF_ERR_LIMIT, "sf_visa_encode: output buffer already failed");
  sf_code c;
  size_t start = out->len;
  switch (in->family) {
    case SF_FAMILY_SAMPLE_UNORM:
      if ((c = check_unorm(&in->unorm, ver, st)) != SF_OK) return c;
      enc_unorm(out, &in->unorm, ver);
      break;
    case SF_FAMILY_AVS:
      if ((c = check_avs(&in->avs, ver, st)) != SF_OK) return c;
      enc_avs(out, &in->avs, ver);
      break;
    case SF_FAMILY_SAMPLE_3D:
      if ((c = check_s3d(&in->s3d, ver, st)) != SF_OK) return c;
      enc_s3d(out, &in->s3d, ver);
      break;
    default:
      return sf_fail(st, SF_ERR_INVALID, "sf_visa_encode: family %d is not a vISA instruction", (int)in->family);
  }
  if (out->failed) {
    /* sf_buf recorded why (limit or allocation); drop the partial instruction. */
    if (out->len > start) out->len = start;
    return sf_buf_code(out);
  }
  return SF_OK;
}

/* ---- Vector operands for the generic codec (visa_generic.c, visa_bin_priv.h) ------------------ */

sf_code sf_visa_vec_read(sf_reader *r, sf_vopnd *o, unsigned ver, const char *what, sf_status *st) {
  dec d;
  d.r = *r;
  d.st = st;
  d.ver = ver;
  d.code = SF_OK;
  dec_vec(&d, o, what);
  *r = d.r;
  return d.r.failed ? SF_ERR_TRUNCATED : d.code;
}

sf_code sf_visa_vec_write(sf_buf *b, const sf_vopnd *o, unsigned ver, const char *what, sf_status *st) {
  sf_code c = check_vec(o, ver, what, st);
  if (c != SF_OK) return c;
  enc_vec(b, o, ver);
  return SF_OK;
}
