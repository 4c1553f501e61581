/* oracles/checks/check_model.c — the model core's own contracts, driven by the fuzz input.
 *
 * Every codec reads through sf_reader, writes through sf_buf, reports through sf_status and
 * dispatches through the family table of harness/model/inst.c. The codec checks only see these
 * through what the codecs do with them, and the codecs never hand them an edge case on purpose: a
 * reader asked for what is left after it failed, a status formatted into a buffer of 0 or 1 bytes,
 * a family one past the table. A bug there stays silent until some caller trips it. So the binary
 * targets (visa_bin, dxbc) also run the core on a script read from their input, against a plain
 * model written here:
 *   - model_reader: a walk of reads of every width over the input, value by value, the bytes left,
 *     and the first truncation's code and byte position (base + where the field starts);
 *   - model_buf: writes of every width and patches into a buffer with a small cap, byte by byte,
 *     and the cap's refusal (SF_ERR_LIMIT at the length reached);
 *   - model_status: first error wins, every code has its own name, and sf_status_format into a
 *     room of 0, 1, 2, a drawn number of bytes, or the exact room, is a NUL-terminated prefix of the
 *     full text, with nothing written past the room ("" and no write at all for 0);
 *   - model_family: an instruction whose family is outside the table is a "family" violation, not a
 *     read past the table; validate and validate_rules agree; an instruction equals itself.
 * The core part runs on one input in four (about 5 us at -O2 each time, against 20-30 us for the
 * whole visa_bin check); the family part on every decoded instruction. */
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"

#define MODEL_OPS 24        /* reads or writes per input */
#define MODEL_BUF_CAP 600   /* largest cap drawn for model_buf: past sf_buf's first growth (256) */

static uint64_t le_n(const uint8_t *p, unsigned w) {
  uint64_t x = 0;
  for (unsigned i = 0; i < w; i++) x |= (uint64_t)p[i] << (8 * i);
  return x;
}

static bool model_fail(sf_verdict *v, const char *check, const char *what, unsigned step) {
  return sf_verdict_failf(v, check, what, "%s: %s, at step %u of the script", check, what, step);
}

/* Reads of width 1, 2, 4, 8 and n bytes (into a buffer or skipped), picked by the script bytes. */
static bool model_reader(sf_verdict *v, const uint8_t *p, size_t n) {
  static const uint8_t none[1];
  if (!p) p = none, n = 0; /* a reader over NULL data is empty; the walk compares against p */
  uint64_t base = n ? (uint64_t)p[0] << 4 : 0;
  sf_status st;
  sf_status_clear(&st);
  sf_reader r;
  sf_reader_init(&r, p, n, base, &st);
  size_t pos = 0, fail_at = 0;
  unsigned fail_w = 0;
  const char *fail_what = "";
  bool failed = false;
  for (unsigned i = 0; i < MODEL_OPS; i++) {
    uint8_t s = n ? p[(i * 7u + 1) % n] : (uint8_t)i;
    unsigned op = s % 5, w = op < 4 ? 1u << op : (s >> 3) % 19;
    static const char *const names[5] = {"u8", "u16", "u32", "u64", "bytes"};
    bool fits = !failed && n - pos >= w;
    uint64_t got, want = fits ? le_n(p + pos, w < 8 ? w : 8) : 0;
    uint8_t out[19];
    memset(out, 0xa5, sizeof out);
    bool ok = fits; /* the fixed-width reads say it by their value, the status and the bytes left */
    switch (op) {
      case 0: got = sf_rd_u8(&r, names[0]); break;
      case 1: got = sf_rd_u16(&r, names[1]); break;
      case 2: got = sf_rd_u32(&r, names[2]); break;
      case 3: got = sf_rd_u64(&r, names[3]); break;
      default:
        ok = sf_rd_bytes(&r, (s & 4) ? NULL : out, w, names[4]);
        got = want;
        if (ok && !(s & 4) && w && memcmp(out, p + pos, w) != 0) return model_fail(v, "model_reader", "bytes copied", i);
        break;
    }
    if (got != want || ok != fits) return model_fail(v, "model_reader", fits ? "value read" : "read past the end", i);
    if (fits) pos += w;
    else if (!failed) {
      failed = true;
      fail_at = pos, fail_w = w, fail_what = names[op];
    }
    if (sf_reader_left(&r) != (failed ? 0 : n - pos)) return model_fail(v, "model_reader", "bytes left", i);
  }
  bool st_ok = failed ? st.code == SF_ERR_TRUNCATED && st.pos_kind == SF_POS_BYTE && st.pos == base + fail_at
                      : st.code == SF_OK;
  if (!st_ok) return model_fail(v, "model_reader", failed ? "truncation position" : "status without a failure", MODEL_OPS);
  if (!failed) return true;
  /* The message names the field, the bytes it needed and the bytes that were left (bytes.h). */
  char want[SF_STATUS_MSG_MAX];
  snprintf(want, sizeof want, "%s: need %u byte%s, %zu left", fail_what, fail_w, fail_w == 1 ? "" : "s", n - fail_at);
  if (strcmp(st.msg, want) == 0) return true;
  model_fail(v, "model_reader", "truncation message", MODEL_OPS);
  sf_verdict_dumpf(v, "message \"%s\", want \"%s\"\n", st.msg, want);
  return false;
}

/* Writes of width 1, 2, 4, 8 and n bytes, and patches, into a buffer capped at a drawn limit. */
static bool model_buf(sf_verdict *v, const uint8_t *p, size_t n) {
  size_t limit = 1 + (n ? ((size_t)p[n - 1] * 7) % MODEL_BUF_CAP : 0);
  uint8_t want[MODEL_BUF_CAP];
  size_t len = 0, fail_len = 0;
  bool failed = false;
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  b.limit = limit;
  bool good = true;
  const char *what = "";
  unsigned i = 0;
  for (; i < MODEL_OPS && good; i++) {
    uint8_t s = n ? p[(i * 5u + 2) % n] : (uint8_t)(i * 37);
    uint64_t x = n ? le_n(p + (i % n), n - i % n < 8 ? n - i % n : 8) * 0x9e3779b97f4a7c15ull : s;
    unsigned op = s % 6, w = op < 4 ? 1u << op : (unsigned)(s >> 2) % 61;
    uint8_t src[61];
    if (op == 4)
      for (unsigned k = 0; k < w; k++) src[k] = (uint8_t)(x >> (8 * (k % 8))) ^ (uint8_t)k;
    if (op == 5) { /* patch 4 bytes at a drawn offset, in range or not */
      size_t at = (size_t)(x % (len + 6));
      bool fits = !failed && at + 4 <= len;
      if (sf_buf_patch_u32(&b, at, (uint32_t)x) != fits) good = false, what = "patch range";
      if (fits) for (unsigned k = 0; k < 4; k++) want[at + k] = (uint8_t)(x >> (8 * k));
      continue;
    }
    bool ok;
    switch (op) {
      case 0: ok = sf_wr_u8(&b, (uint8_t)x); break;
      case 1: ok = sf_wr_u16(&b, (uint16_t)x); break;
      case 2: ok = sf_wr_u32(&b, (uint32_t)x); break;
      case 3: ok = sf_wr_u64(&b, x); break;
      default: ok = sf_buf_put(&b, src, w); break;
    }
    bool fits = !failed && limit - len >= w;
    if (ok != fits) good = false, what = fits ? "write refused under the cap" : "write past the cap";
    else if (fits) {
      for (unsigned k = 0; k < w; k++) want[len + k] = op < 4 ? (uint8_t)(x >> (8 * k)) : src[k];
      len += w;
    } else if (!failed) {
      failed = true;
      fail_len = len;
    }
  }
  if (good && b.len != len) good = false, what = "length";
  else if (good && len && memcmp(b.data, want, len) != 0) good = false, what = "bytes written";
  else if (good && failed && !(st.code == SF_ERR_LIMIT && st.pos_kind == SF_POS_BYTE && st.pos == fail_len))
    good = false, what = "cap refusal";
  sf_buf_free(&b);
  return good || model_fail(v, "model_buf", what, i);
}

/* The status helpers: first error wins; sf_status_format into every room. */
static bool model_status(sf_verdict *v, const uint8_t *p, size_t n) {
  sf_status st;
  sf_status_clear(&st);
  uint32_t a = n >= 4 ? sf_le32(p) : (uint32_t)n, b = n >= 8 ? sf_le32(p + 4) : 7;
  sf_code code = (sf_code)(SF_ERR_TRUNCATED + a % SF_UNSUPPORTED);
  switch ((a >> 8) % 4) {
    case 0: sf_fail(&st, code, "m%u", (unsigned)b); break;
    case 1: sf_fail_byte(&st, code, b, "m%u", (unsigned)b); break;
    case 2: sf_fail_dword(&st, code, b, "m%u", (unsigned)b); break;
    default: sf_fail_text(&st, code, 1 + b % 999, 1 + a % 999, "m%u", (unsigned)b); break;
  }
  sf_status first = st;
  sf_fail_text(&st, SF_ERR_SYNTAX, 5, 6, "later");
  sf_fail_byte(&st, SF_ERR_RANGE, 9, "later");
  if (memcmp(&st, &first, sizeof st) != 0) return model_fail(v, "model_status", "a later error replaced the first", 0);
  char full[SF_STATUS_MSG_MAX + 96], room[SF_STATUS_MSG_MAX + 96];
  sf_status_format(&st, full, sizeof full);
  size_t len = strlen(full);
  size_t lm = strlen(st.msg);
  if (len < lm + 2 || strcmp(full + len - lm, st.msg) != 0) return model_fail(v, "model_status", "format of an error", 0);
  /* Rooms of 0, 1 and 2 bytes, one drawn below the full length, the exact room and one more: a
   * NUL-terminated prefix, nothing written past it. Six formats, not one per room: snprintf is the
   * dearest call here. */
  const size_t rooms[6] = {0, 1, 2, 3 + b % (len > 3 ? len - 3 : 1), len + 1, len + 2};
  for (unsigned r = 0; r < 6; r++) {
    size_t k = rooms[r];
    memset(room, '#', sizeof room);
    const char *s = sf_status_format(&st, room, k);
    size_t ls = strlen(s);
    bool ok = k == 0 ? (s[0] == '\0' && room[0] == '#')
                     : (s == room && ls == (k - 1 < len ? k - 1 : len) && memcmp(s, full, ls) == 0 && room[k] == '#');
    if (!ok) return model_fail(v, "model_status", "format into a short buffer", (unsigned)k);
  }
  sf_status_clear(&st);
  char okbuf[8];
  if (strcmp(sf_status_format(&st, okbuf, sizeof okbuf), "ok") != 0 ||
      strcmp(sf_status_format(NULL, okbuf, sizeof okbuf), "ok") != 0)
    return model_fail(v, "model_status", "format of no error", 0);
  /* The drawn code's name is its own: no other code, nor one outside the enum, has it. */
  const char *mine = sf_code_name(code), *other = sf_code_name((sf_code)(SF_UNSUPPORTED + 1 + a % 64));
  for (int c = SF_OK; c <= SF_UNSUPPORTED + 1; c++) {
    const char *nm = c <= SF_UNSUPPORTED ? sf_code_name((sf_code)c) : other;
    if (c != (int)code && strcmp(nm, mine) == 0) return model_fail(v, "model_status", "two codes, one name", (unsigned)c);
  }
  return true;
}

/* The 3D_SAMPLE parameter roles' names (sf_s3d_param_name): every role has its own, and a value
 * past the last role (the one just past it, or one drawn beyond) gets "?", not a read past the
 * table. The roles come from the role table, so no instruction asks for one past the last. */
static bool model_names(sf_verdict *v, const uint8_t *p, size_t n) {
  for (int r = SF_P_U; r <= SF_P_LOD_OFFUV; r++) {
    const char *nm = sf_s3d_param_name((sf_s3d_param)r);
    if (!nm || !strcmp(nm, "?")) return model_fail(v, "model_names", "a role without a name", (unsigned)r);
    for (int q = SF_P_U; q < r; q++)
      if (!strcmp(nm, sf_s3d_param_name((sf_s3d_param)q))) return model_fail(v, "model_names", "two roles, one name", (unsigned)r);
  }
  unsigned past[2] = {SF_P_LOD_OFFUV + 1u, SF_P_LOD_OFFUV + 2u + (n ? p[0] : 0u)};
  for (unsigned k = 0; k < 2; k++)
    if (strcmp(sf_s3d_param_name((sf_s3d_param)past[k]), "?"))
      return model_fail(v, "model_names", "a role past the last with a name", past[k]);
  return true;
}

bool sf_check_model_core(sf_verdict *v, const uint8_t *p, size_t n) {
  /* One input in four, picked by its length and last byte: the script costs about a fifth of a
   * visa_bin round trip, and its bugs show on the first input that runs it. */
  if ((n + (n ? p[n - 1] : 0)) % 4 != 0) return true;
  return model_reader(v, p, n) && model_buf(v, p, n) && model_status(v, p, n) && model_names(v, p, n);
}

/* The validator sees each operand: a vISA instruction that breaks no rule, with one of its operands
 * broken (a source given the sat modifier, which no sampler source allows; a destination or 3D
 * parameter that is %null with an offset), must break a rule whose reason names that operand.
 * Without this, a validator that stopped checking one operand (a check_scalar call deleted) passed
 * every target: the generator's valid instructions break nothing either way. One operand per
 * input, picked by draw. */
/* The same for a D3D sample instruction: one field broken, picked by draw, and the violation must
 * carry the rule that covers it (docs/model.md lists the d3d.* rules). Each break is one the rule
 * sees whatever the rest of the instruction holds. */
static bool d3d_sees(sf_verdict *v, const sf_inst *in, uint8_t draw) {
  sf_inst b = *in;
  sf_d3d_inst *d = &b.d3d;
  const char *rule;
  switch (draw % 9) {
  case 0: { /* a type the instruction has, twice (so that only the duplicate is wrong) */
    uint8_t t = d->has_aoffimmi ? 1 : d->has_resdim ? 2 : d->has_rettype ? 3 : 0;
    if (!t) d->has_aoffimmi = true, memset(d->aoffimmi, 0, sizeof d->aoffimmi), t = 1;
    d->ext_order[0] = d->ext_order[1] = t, d->ext_order[2] = 0, rule = "d3d.ext_order";
    break;
  }
  case 1: d->ext_order[0] = 0, d->ext_order[1] = 1, rule = "d3d.ext_order"; break;
  case 2: d->precise = 16, rule = "d3d.precise"; break;
  case 3: d->dst.modifier = 1, rule = "d3d.dst.modifier"; break;
  case 4: d->has_aoffimmi = true, d->aoffimmi[draw % 3] = (int8_t)(draw & 8 ? 8 : -9), rule = "d3d.aoffimmi.range"; break;
  case 5: d->has_resdim = true, d->resdim_stride = 1 + (draw >> 4), rule = "d3d.resdim.stride"; break;
  case 6: d->has_rettype = true, d->rettype[draw % 4] = draw & 16 ? 10 : 0, rule = "d3d.rettype"; break;
  case 7: d->src[1].modifier = 1, rule = "d3d.src.modifier"; break;
  default: d->num_src = (uint8_t)(d->num_src ? d->num_src - 1 : 1), rule = "d3d.num_src"; break;
  }
  /* the TPF encoder keeps its own test of the extended-token order (a list of distinct types 1-3,
   * no gap): it must refuse the two ext_order breaks as invalid, as the validator does */
  if (draw % 9 < 2) {
    uint32_t tok[SF_TPF_MAX_INST_LEN];
    size_t len = 0;
    sf_status est;
    sf_status_clear(&est);
    sf_code erc = sf_tpf_encode_inst(d, tok, &len, &est);
    if (erc != SF_ERR_INVALID) {
      sf_verdict_fail(v, "model_sees", in, "encoder ext_order");
      sf_verdict_key(v, "model_sees encoder ext_order %s", sf_code_name(erc));
      sf_verdict_dumpf(v, "ext_order {%u,%u,%u}: the TPF encoder gave %s (%s), not a refusal as invalid\n", d->ext_order[0],
                       d->ext_order[1], d->ext_order[2], sf_code_name(erc), est.msg);
      return false;
    }
  }
  sf_violations vs; /* not initialized: validate sets what it uses */
  sf_inst_validate(&b, &vs);
  for (unsigned i = 0; i < vs.count; i++)
    if (strcmp(vs.v[i].rule, rule) == 0) return true;
  sf_verdict_fail(v, "model_sees", in, rule);
  sf_verdict_key(v, "model_sees %s", rule);
  sf_verdict_dumpf(v, "a D3D instruction broken for rule %s (break %u), but no violation has that rule (%u violations)\n",
                   rule, draw % 9u, vs.total);
  return false;
}

static bool model_sees(sf_verdict *v, const sf_inst *in, uint8_t draw) {
  if (sf_inst_validate_rules(in, NULL) != 0) return true;
  sf_inst b = *in;
  sf_vopnd *src[10];
  sf_raw *raw[1 + SF_S3D_MAX_PARAMS];
  const char *srcname[10], *rawname = "dst";
  unsigned ns = 0, nr = 0;
  char pname[24];
  switch (in->family) {
  case SF_FAMILY_SAMPLE_UNORM: {
    sf_sample_unorm *u = &b.unorm;
    sf_vopnd *o[4] = {&u->u, &u->v, &u->du, &u->dv};
    static const char *const nm[4] = {"U_offset", "V_offset", "DeltaU", "DeltaV"};
    for (unsigned i = 0; i < 4; i++) src[ns] = o[i], srcname[ns++] = nm[i];
    raw[nr++] = &u->dst;
    break;
  }
  case SF_FAMILY_SAMPLE_3D:
    src[ns] = &b.s3d.aoffimmi, srcname[ns++] = "aoffimmi";
    raw[nr++] = &b.s3d.dst;
    for (unsigned i = 0; i < b.s3d.num_params && i < SF_S3D_MAX_PARAMS; i++) raw[nr++] = &b.s3d.params[i];
    break;
  case SF_FAMILY_AVS: {
    sf_avs *a = &b.avs;
    sf_vopnd *o[9] = {&a->u_off, &a->v_off, &a->du, &a->dv, &a->u2d, &a->group_id, &a->vbn, &a->v2d, &a->ief_bypass};
    static const char *const nm[9] = {"U_offset", "V_offset", "DeltaU", "DeltaV", "u2d",
                                      "groupID", "verticalBlockNumber", "v2d", "IEFBypass"};
    for (unsigned i = 0; i < 9; i++) src[ns] = o[i], srcname[ns++] = nm[i];
    raw[nr++] = &a->dst;
    break;
  }
  case SF_FAMILY_D3D: return d3d_sees(v, in, draw);
  default: return true;
  }
  unsigned pick = draw % (ns + nr);
  const char *name;
  if (pick < ns) {
    src[pick]->mod = SF_VMOD_SAT;
    name = srcname[pick];
  } else {
    sf_raw *r = raw[pick - ns];
    r->id = 0, r->off = 1;
    if (pick - ns > 0) snprintf(pname, sizeof pname, "param %u", pick - ns - 1), name = pname;
    else name = rawname;
  }
  sf_violations vs; /* not initialized: validate sets what it uses */
  sf_inst_validate(&b, &vs);
  size_t nl = strlen(name);
  for (unsigned i = 0; i < vs.count; i++)
    if (strncmp(vs.v[i].reason, name, nl) == 0 && vs.v[i].reason[nl] == ':') return true;
  sf_verdict_fail(v, "model_sees", in, name);
  sf_verdict_key(v, "model_sees %s", pick < ns ? "source" : "raw");
  sf_verdict_dumpf(v, "operand %s broken (%s), but no violation names it (%u violations)\n", name,
                   pick < ns ? "sat modifier on a source" : "%null with offset 1", vs.total);
  return false;
}

/* Junk in every field of operand o that its class does not use (equality ignores them). */
static void junk_vopnd(sf_vopnd *o) {
  enum { J = 0x5A };
  bool gen = o->cls == SF_VCLS_GENERAL, adr = o->cls == SF_VCLS_ADDRESS, ind = o->cls == SF_VCLS_INDIRECT;
  bool imm = o->cls == SF_VCLS_IMMEDIATE, sta = o->cls == SF_VCLS_STATE;
  if (!gen && !adr && !ind && !imm && !sta && o->cls != SF_VCLS_PREDICATE) return; /* no file holds it: kept whole */
  if (!gen) o->row_off = o->col_off = J;
  if (!adr && !ind && !sta) o->addr_off = J;
  if (!adr) o->width = J;
  if (!sta) o->state_cls = J;
  if (!ind) o->imm_off = (int16_t)0x5A5A;
  if (!ind && !imm) o->type = J;
  if (!imm) o->imm = 0x5A5A5A5A5A5A5A5Aull;
  if (!gen && !ind) o->region = (sf_region){J, J, J, J};
  if (imm) o->id = 0x5A5A5A5Au;
}

/* The vector operands of a vISA instruction (at most 9); 0 for other families. */
static unsigned visa_vopnds(sf_inst *j, sf_vopnd *ops[9]) {
  unsigned n = 0;
  if (j->family == SF_FAMILY_SAMPLE_UNORM) {
    ops[n++] = &j->unorm.u, ops[n++] = &j->unorm.v, ops[n++] = &j->unorm.du, ops[n++] = &j->unorm.dv;
  } else if (j->family == SF_FAMILY_SAMPLE_3D) {
    ops[n++] = &j->s3d.aoffimmi;
  } else if (j->family == SF_FAMILY_AVS) {
    sf_avs *x = &j->avs;
    sf_vopnd *l[9] = {&x->u_off, &x->v_off, &x->du, &x->dv, &x->u2d, &x->group_id, &x->vbn, &x->v2d, &x->ief_bypass};
    for (unsigned i = 0; i < 9; i++) ops[n++] = l[i];
  }
  return n;
}

/* `vopnd_sees` (vISA, every decoded instruction): equality tells the instruction from a copy with
 * one field of one vector operand changed by one bit, for every field that operand's class uses
 * (include/samplefuzz/inst.h: a general variable's id, row and column offsets and region; an
 * address's id, offset and width; a predicate's id; an indirect operand's id, address and
 * immediate offsets, type and region; an immediate's type and value; a state operand's class, id
 * and offset), and for the class, modifier and reserved tag bits of any. The operand is picked by
 * the input. An equality that skipped a class's fields lets every round trip that changes them pass. */
static bool visa_vopnd_sees(sf_verdict *v, const sf_inst *in, uint8_t draw) {
  sf_inst a = *in;
  sf_vopnd *ops[9];
  unsigned n = visa_vopnds(&a, ops);
  if (!n) return true;
  unsigned at = draw % n;
  const sf_vopnd *o = ops[at];
  enum { F_CLS, F_MOD, F_TAG, F_ID, F_ROW, F_COL, F_ADDR, F_WIDTH, F_STATE, F_IMMOFF, F_TYPE, F_IMM, F_VS, F_W, F_HS, F_HI, F_N };
  static const char *const fname[F_N] = {"cls", "mod", "tag_hi", "id", "row_off", "col_off", "addr_off", "width",
                                         "state_cls", "imm_off", "type", "imm", "region.vstride", "region.width",
                                         "region.hstride", "region.hi"};
  uint32_t used = 1u << F_CLS | 1u << F_MOD | 1u << F_TAG;
  const uint32_t region = 1u << F_VS | 1u << F_W | 1u << F_HS | 1u << F_HI;
  switch (o->cls) {
    case SF_VCLS_GENERAL: used |= 1u << F_ID | 1u << F_ROW | 1u << F_COL | region; break;
    case SF_VCLS_ADDRESS: used |= 1u << F_ID | 1u << F_ADDR | 1u << F_WIDTH; break;
    case SF_VCLS_PREDICATE: used |= 1u << F_ID; break;
    case SF_VCLS_INDIRECT: used |= 1u << F_ID | 1u << F_ADDR | 1u << F_IMMOFF | 1u << F_TYPE | region; break;
    case SF_VCLS_IMMEDIATE: used |= 1u << F_TYPE | 1u << F_IMM; break;
    case SF_VCLS_STATE: used |= 1u << F_STATE | 1u << F_ID | 1u << F_ADDR; break;
    default: used = (1u << F_N) - 1u; break; /* no file holds it: every field counts */
  }
  for (unsigned f = 0; f < F_N; f++) {
    if (!(used >> f & 1u)) continue;
    sf_inst b = *in;
    sf_vopnd *q[9];
    visa_vopnds(&b, q);
    sf_vopnd *x = q[at];
    switch (f) {
      case F_CLS: x->cls ^= 1; break;
      case F_MOD: x->mod ^= 1; break;
      case F_TAG: x->tag_hi ^= 1; break;
      case F_ID: x->id ^= 1; break;
      case F_ROW: x->row_off ^= 1; break;
      case F_COL: x->col_off ^= 1; break;
      case F_ADDR: x->addr_off ^= 1; break;
      case F_WIDTH: x->width ^= 1; break;
      case F_STATE: x->state_cls ^= 1; break;
      case F_IMMOFF: x->imm_off ^= 1; break;
      case F_TYPE: x->type ^= 1; break;
      case F_IMM: x->imm ^= 1; break;
      case F_VS: x->region.vstride ^= 1; break;
      case F_W: x->region.width ^= 1; break;
      case F_HS: x->region.hstride ^= 1; break;
      default: x->region.hi ^= 1; break;
    }
    /* and the diff says so (without a buffer: "?" or "", no formatting on the passing path) */
    if (!sf_inst_equal(in, &b) && sf_inst_diff(in, &b, NULL, 0)[0]) continue;
    sf_verdict_fail(v, "model_family", in, "vopnd_sees");
    sf_verdict_key(v, "model_family vopnd_sees %s", fname[f]);
    sf_verdict_dumpf(v, "vector operand %u (class %u) with its %s changed by one bit: sf_inst_equal says %s, sf_inst_diff "
                        "finds %s\n", at, (unsigned)o->cls, fname[f], sf_inst_equal(in, &b) ? "equal" : "not equal",
                     sf_inst_diff(in, &b, NULL, 0)[0] ? "a difference" : "none");
    return false;
  }
  return true;
}

/* `canon_clears` (vISA: every decoded instruction): canonicalizing clears every field that equality
 * ignores, the fields an operand's class does not use and the parameters past the count
 * (include/samplefuzz/inst.h: canonical instructions are hashed field by field). A copy of in with
 * junk there equals in, and the two canonical forms are the same bytes. */
static bool visa_canon_clears(sf_verdict *v, const sf_inst *in) {
  sf_inst a, j;
  memcpy(&a, in, sizeof a);
  memcpy(&j, in, sizeof j);
  sf_vopnd *ops[9];
  unsigned n = visa_vopnds(&j, ops);
  if (!n) return true;
  if (j.family == SF_FAMILY_SAMPLE_3D)
    for (unsigned i = j.s3d.num_params; i < SF_S3D_MAX_PARAMS; i++) j.s3d.params[i] = (sf_raw){0x5A5A5A5Au, 0x5A5A};
  for (unsigned i = 0; i < n; i++) junk_vopnd(ops[i]);
  const char *why = NULL;
  char d[96];
  if (!sf_inst_equal(&a, &j)) {
    why = sf_inst_diff(&a, &j, d, sizeof d);
  } else {
    sf_inst_canonicalize(&a);
    sf_inst_canonicalize(&j);
    if (memcmp(&a, &j, sizeof a) != 0) why = "the canonical form keeps a field that the operand's class does not use";
  }
  if (!why) return true;
  sf_verdict_fail(v, "canon_clears", in, "visa");
  sf_verdict_key(v, "canon_clears visa");
  sf_verdict_dumpf(v, "junk in the fields equality ignores: %s\n", why);
  return false;
}

/* `fields_sees` (vISA, every decoded instruction): equality tells the instruction from a copy with
 * one of its own scalar fields changed in its lowest bit, for every field of the family (the channel
 * byte's parts, the indices, the 3D_SAMPLE op word's parts, exec byte and predicate, the AVS control
 * and exec modes, the raw destination's variable and offset, the first parameter's), and the diff
 * names that field, for the one the input picks. Equality is the diff (harness/model/inst.c), so a
 * diff that skipped a field let every round trip that lost it pass. */
static bool visa_fields_sees(sf_verdict *v, const sf_inst *in, uint8_t draw) {
#define FS(fam, m, field) {fam, offsetof(sf_inst, m.field), #m "." #field}
#define FS_RAW(fam, m, raw) FS(fam, m, raw.id), FS(fam, m, raw.off) /* a raw operand's variable and offset */
  static const struct {
    sf_family family;
    size_t at;
    const char *name;
  } fields[] = {
      FS(SF_FAMILY_SAMPLE_UNORM, unorm, chan_mask), FS(SF_FAMILY_SAMPLE_UNORM, unorm, out_fmt),
      FS(SF_FAMILY_SAMPLE_UNORM, unorm, chan_hi),   FS(SF_FAMILY_SAMPLE_UNORM, unorm, sampler),
      FS(SF_FAMILY_SAMPLE_UNORM, unorm, surface),   FS(SF_FAMILY_SAMPLE_3D, s3d, op),
      FS(SF_FAMILY_SAMPLE_3D, s3d, pixel_null_mask), FS(SF_FAMILY_SAMPLE_3D, s3d, cps),
      FS(SF_FAMILY_SAMPLE_3D, s3d, divs),           FS(SF_FAMILY_SAMPLE_3D, s3d, op_hi),
      FS(SF_FAMILY_SAMPLE_3D, s3d, exec_size),      FS(SF_FAMILY_SAMPLE_3D, s3d, emask),
      FS(SF_FAMILY_SAMPLE_3D, s3d, pred.id),        FS(SF_FAMILY_SAMPLE_3D, s3d, pred.rsvd),
      FS(SF_FAMILY_SAMPLE_3D, s3d, pred.ctrl),      FS(SF_FAMILY_SAMPLE_3D, s3d, pred.invert),
      FS(SF_FAMILY_SAMPLE_3D, s3d, chan_mask),      FS(SF_FAMILY_SAMPLE_3D, s3d, chan_hi),
      FS(SF_FAMILY_SAMPLE_3D, s3d, sampler),        FS(SF_FAMILY_SAMPLE_3D, s3d, surface),
      FS(SF_FAMILY_SAMPLE_3D, s3d, num_params),     FS(SF_FAMILY_AVS, avs, chan_mask),
      FS(SF_FAMILY_AVS, avs, chan_hi),              FS(SF_FAMILY_AVS, avs, sampler),
      FS(SF_FAMILY_AVS, avs, surface),              FS(SF_FAMILY_AVS, avs, cntrl),
      FS(SF_FAMILY_AVS, avs, cntrl_hi),             FS(SF_FAMILY_AVS, avs, exec_mode),
      FS(SF_FAMILY_AVS, avs, exec_mode_hi),
      /* the raw operands: the destination, and the first parameter */
      FS_RAW(SF_FAMILY_SAMPLE_UNORM, unorm, dst),   FS_RAW(SF_FAMILY_SAMPLE_3D, s3d, dst),
      FS_RAW(SF_FAMILY_AVS, avs, dst),              FS_RAW(SF_FAMILY_SAMPLE_3D, s3d, params[0]),
  };
#undef FS_RAW
#undef FS
  unsigned nf = 0, pick = 0;
  for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) nf += fields[i].family == in->family;
  if (!nf) return true;
  pick = draw % nf;
  for (size_t i = 0, k = 0; i < sizeof fields / sizeof fields[0]; i++) {
    if (fields[i].family != in->family) continue;
    /* a parameter the instruction does not have is not compared: its field is skipped (and the
     * pick, drawn over every field of the family, then lands on none) */
    if (strstr(fields[i].name, "params[0]") && in->s3d.num_params == 0) continue;
    sf_inst b = *in;
    ((uint8_t *)&b)[fields[i].at] ^= 1u; /* the lowest bit: every field here is a byte, a bool or little-endian */
    char d[96];
    const char *why = sf_inst_equal(in, &b) ? "equal" : sf_inst_diff(in, &b, NULL, 0)[0] ? NULL : "no difference";
    if (!why && k++ == pick) {
      size_t nl = strlen(fields[i].name);
      sf_inst_diff(in, &b, d, sizeof d);
      if (strncmp(d, fields[i].name, nl) != 0 || d[nl] != ':') why = d;
    }
    if (!why) continue;
    sf_verdict_fail(v, "model_family", in, "fields_sees");
    sf_verdict_key(v, "model_family fields_sees %s", fields[i].name);
    sf_verdict_dumpf(v, "%s changed in its lowest bit: sf_inst_equal and sf_inst_diff say %s\n", fields[i].name, why);
    return false;
  }
  return true;
}

bool sf_check_model_inst(sf_verdict *v, const sf_inst *in, uint8_t draw) {
  if (!visa_canon_clears(v, in) || !visa_vopnd_sees(v, in, draw) || !visa_fields_sees(v, in, draw)) return false;
  sf_violations full, rules; /* not initialized: validate sets what it uses */
  unsigned nf = sf_inst_validate(in, &full), nr = sf_inst_validate_rules(in, &rules);
  bool same = nf == nr && full.count == rules.count && full.total == nf;
  for (unsigned i = 0; same && i < rules.count; i++)
    same = strcmp(full.v[i].rule, rules.v[i].rule) == 0 && rules.v[i].reason[0] == '\0' && full.v[i].reason[0];
  if (!same) {
    sf_verdict_fail(v, "model_family", in, "validate_rules");
    sf_verdict_key(v, "model_family validate_rules");
    sf_verdict_dumpf(v, "sf_inst_validate found %u violations (%u kept), sf_inst_validate_rules %u (%u kept)\n", nf,
                     full.count, nr, rules.count);
    return false;
  }
  if (!model_sees(v, in, draw)) return false;
  char d[64];
  if (!sf_inst_equal(in, in) || sf_inst_diff(in, in, d, sizeof d)[0])
    return sf_verdict_fail(v, "model_family", in, "self_equal");
  /* `equal_sees`: equality tells in from the same bytes under the next family of the table, and
   * from in with one compared field changed (the saturate bit of a D3D instruction and each of its
   * operands' register type, the destination's offset and then its variable id of a vISA one), and
   * the diff says they differ. */
  for (unsigned k = 0; k < 3; k++) {
    sf_inst y = *in;
    if (k == 0) {
      y.family = in->family == SF_FAMILY_D3D ? SF_FAMILY_SAMPLE_UNORM : (sf_family)(in->family + 1);
    } else if (in->family == SF_FAMILY_D3D) {
      if (k == 2) break;
      y.d3d.sat = !y.d3d.sat;
    } else {
      sf_raw *dst = in->family == SF_FAMILY_SAMPLE_UNORM ? &y.unorm.dst : in->family == SF_FAMILY_SAMPLE_3D ? &y.s3d.dst
                  : in->family == SF_FAMILY_AVS ? &y.avs.dst : NULL;
      if (!dst) break;
      if (k == 1) dst->off ^= 1;
      else dst->id ^= 1;
    }
    /* the diff without a buffer ("?" or ""): no formatting on the passing path */
    if (!sf_inst_equal(in, &y) && sf_inst_diff(in, &y, NULL, 0)[0]) continue;
    const char *why = sf_inst_diff(in, &y, d, sizeof d);
    sf_verdict_fail(v, "model_family", in, "equal_sees");
    sf_verdict_key(v, "model_family equal_sees %s", k == 2 ? "raw id" : k ? "field" : "family");
    sf_verdict_dumpf(v, "%s: sf_inst_equal says %s, sf_inst_diff \"%s\"\n", k ? "one field changed" : "another family",
                     sf_inst_equal(in, &y) ? "equal" : "not equal", why);
    return false;
  }
  /* and a D3D instruction from itself with one operand's register type changed, the destination's
   * and each source's in turn (a comparison that skips an operand passes every round trip) */
  for (unsigned i = 0; in->family == SF_FAMILY_D3D && i <= in->d3d.num_src && i <= SF_D3D_MAX_SRC; i++) {
    sf_inst y = *in;
    sf_d3d_opnd *o = i ? &y.d3d.src[i - 1] : &y.d3d.dst;
    o->type ^= 1;
    if (!sf_inst_equal(in, &y) && sf_inst_diff(in, &y, NULL, 0)[0]) continue;
    sf_verdict_fail(v, "model_family", in, "equal_sees");
    sf_verdict_key(v, "model_family equal_sees operand");
    sf_verdict_dumpf(v, "%s%u's type changed: sf_inst_equal says %s\n", i ? "source " : "destination", i ? i - 1 : 0,
                     sf_inst_equal(in, &y) ? "equal" : "not equal");
    return false;
  }
  /* A family one past the table, and one drawn further out: a violation named "family". */
  sf_inst out = *in;
  for (unsigned k = 0; k < 2; k++) {
    out.family = (sf_family)(SF_FAMILY_D3D + 1 + (k ? draw : 0));
    unsigned nv = sf_inst_validate_rules(&out, &rules);
    sf_inst_canonicalize(&out);
    if (nv == 0 || strcmp(rules.v[0].rule, "family") != 0 || !sf_inst_equal(&out, &out)) {
      sf_verdict_fail(v, "model_family", in, "out_of_table");
      sf_verdict_key(v, "model_family out_of_table");
      sf_verdict_dumpf(v, "family %u: %u violations, first \"%s\"\n", (unsigned)out.family, nv, nv ? rules.v[0].rule : "");
      return false;
    }
  }
  return true;
}
