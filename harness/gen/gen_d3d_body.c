/* harness/gen/gen_d3d_body.c — the whole-program D3D generator's drawing helpers, token building,
 * operand forms, opcode rows and structured control flow (the program layout and the declarations
 * are in gen_d3d_program.c, which explains what is drawn). */
#include "harness/gen/gen_d3d_priv.h"

/* ---- Drawing ----------------------------------------------------------------------------------- */

/* True with probability num/256; false on the zero bytes of an exhausted input (the simple path). */
bool gd_chance(gctx *g, unsigned num) { return (unsigned)sf_fdp_u8(g->f) >= 256u - num; }
unsigned gd_pick(gctx *g, unsigned n) { return sf_fdp_pick(g->f, n); }
uint32_t gd_range(gctx *g, uint32_t lo, uint32_t hi) { return sf_fdp_range(g->f, lo, hi); }

/* A non-empty subset of the non-empty mask m. */
static uint8_t sub_mask(gctx *g, uint8_t m) {
  uint8_t r = (uint8_t)(sf_fdp_u8(g->f) & m);
  return r ? r : (uint8_t)(m & (uint8_t)(~m + 1u));
}

/* A 32-bit integer immediate: small signed values, the edges of int32/uint32, bytes, anything. */
static uint32_t int_bits(gctx *g) {
  static const uint32_t edge[] = {0x80000000u, 0x7fffffffu, 0xffffffffu, 0x80000001u, 0x00010000u, 0x0000ffffu};
  switch (gd_pick(g, 4)) {
    case 0: return (uint32_t)(int32_t)sf_fdp_range_i64(g->f, -16, 16);
    case 1: return edge[gd_pick(g, sizeof edge / sizeof edge[0])];
    case 2: return gd_range(g, 0, 255);
    default: return sf_fdp_u32(g->f);
  }
}

/* ---- Tokens ------------------------------------------------------------------------------------ */

void gd_ib_start(ib *b, uint32_t op, uint32_t ctl) {
  b->n = 0;
  b->over = false;
  b->t[b->n++] = op | (ctl << 11);
}

void gd_put(ib *b, uint32_t v) {
  if (b->n < SF_TPF_MAX_INST_LEN) b->t[b->n++] = v;
  else b->over = true;
}

void gd_put_opd(ib *b, const opd *o) {
  bool ext = o->ext || o->mod || o->minp || o->nonuni;
  uint32_t t = (uint32_t)o->nc | ((uint32_t)o->sel << 2) | ((uint32_t)o->comp << 4) | ((uint32_t)o->type << 12) |
               ((uint32_t)o->nidx << 20) | ((uint32_t)ext << 31);
  for (unsigned i = 0; i < o->nidx; i++) t |= (uint32_t)o->rep[i] << (22 + 3 * i);
  gd_put(b, t);
  if (ext) gd_put(b, 1u | ((uint32_t)o->mod << 6) | ((uint32_t)o->minp << 14) | ((uint32_t)o->nonuni << 17));
  for (unsigned i = 0; i < o->nval; i++) gd_put(b, o->val[i]);
  for (unsigned i = 0; i < o->nidx; i++) {
    if (o->rep[i] != SF_D3D_IDX_REL) gd_put(b, o->idx[i]);
    if (o->rep[i] == SF_D3D_IDX_IMM32) continue;
    const relreg *r = &o->rel[i];
    gd_put(b, (uint32_t)SF_D3D_NC_4 | ((uint32_t)SF_D3D_SEL_SELECT1 << 2) | ((uint32_t)(r->comp & 3) << 4) |
               ((uint32_t)r->type << 12) | ((uint32_t)r->nidx << 20));
    for (unsigned k = 0; k < r->nidx; k++) gd_put(b, r->idx[k]);
  }
}

/* Appends the item to the program; the length field is filled in unless raw (customdata keeps its
 * length in the second DWORD and its class in [31:11]). */
bool gd_emit_ib(gctx *g, ib *b, bool raw) {
  if (g->fail || b->over || g->left == 0) return false;
  if (!raw) b->t[0] |= (uint32_t)b->n << 24;
  for (unsigned i = 0; i < b->n; i++)
    if (!sf_wr_u32(g->out, b->t[i])) {
      g->fail = true;
      return false;
    }
  g->left--;
  g->emitted++;
  g->last_op = b->t[0] & 0x7ff;
  return true;
}

bool gd_emit(gctx *g, ib *b) { return gd_emit_ib(g, b, false); }

/* Room for k more items besides the reserved ones. */
bool gd_room(const gctx *g, unsigned k) { return !g->fail && g->left >= g->reserve + k; }

bool gd_emit_bare(gctx *g, uint32_t op, uint32_t ctl) {
  ib b;
  gd_ib_start(&b, op, ctl);
  return gd_emit(g, &b);
}

/* ---- Operand forms ----------------------------------------------------------------------------- */

void gd_reg1(opd *o, uint8_t type, uint32_t i0) {
  memset(o, 0, sizeof *o);
  o->type = type;
  o->nidx = 1;
  o->idx[0] = i0;
}

void gd_reg2(opd *o, uint8_t type, uint32_t i0, uint32_t i1) {
  gd_reg1(o, type, i0);
  o->nidx = 2;
  o->idx[1] = i1;
}

void gd_as_mask(opd *o, uint8_t m) { o->nc = SF_D3D_NC_4, o->sel = SF_D3D_SEL_MASK, o->comp = (uint8_t)(m & 0xf); }
void gd_as_swz(opd *o, uint8_t s) { o->nc = SF_D3D_NC_4, o->sel = SF_D3D_SEL_SWIZZLE, o->comp = s; }
static void as_sel1(opd *o, uint8_t c) { o->nc = SF_D3D_NC_4, o->sel = SF_D3D_SEL_SELECT1, o->comp = (uint8_t)(c & 3); }

/* A source's component selection: a 4-letter swizzle (xyzw now and then) or select-1. */
static void src_comps(gctx *g, opd *o) {
  unsigned k = gd_pick(g, 4);
  if (k == 0) as_sel1(o, (uint8_t)gd_pick(g, 4));
  else if (k == 1) gd_as_swz(o, 0xe4);
  else gd_as_swz(o, sf_fdp_u8(g->f));
}

/* A 1-D input (v#, vpc#) that can index relatively, or NULL. */
static const ireg *input_1d(gctx *g) {
  const ireg *c[MAX_IN];
  unsigned n = 0;
  for (unsigned i = 0; i < g->nin; i++)
    if (!g->in[i].two_d) c[n++] = &g->in[i];
  return n ? c[gd_pick(g, n)] : NULL;
}

/* Makes index i relative: [reg.c + base] or, when base is 0, now and then [reg.c]. False (the index
 * stays immediate) when no register can index. */
static bool set_rel(gctx *g, opd *o, unsigned i, uint32_t base) {
  relreg r;
  memset(&r, 0, sizeof r);
  unsigned k = gd_pick(g, 6);
  const ireg *v = k == 4 ? input_1d(g) : NULL;
  if (k == 5 && g->nx) {
    const xreg *x = &g->x[gd_pick(g, g->nx)];
    r.type = OT_X, r.nidx = 2, r.idx[0] = x->id, r.idx[1] = gd_range(g, 0, x->size - 1);
  } else if (v) {
    r.type = v->type, r.nidx = 1, r.idx[0] = v->reg;
  } else if (g->ntemps) {
    r.type = OT_TEMP, r.nidx = 1, r.idx[0] = gd_range(g, 0, g->ntemps - 1);
  } else {
    return false;
  }
  r.comp = (uint8_t)gd_pick(g, 4);
  o->rel[i] = r;
  o->idx[i] = base;
  o->rep[i] = base == 0 && gd_chance(g, 80) ? SF_D3D_IDX_REL : SF_D3D_IDX_IMM32_REL;
  return true;
}

/* An index in [0, size): immediate, or relative when rel_ok. */
static void any_index(gctx *g, opd *o, unsigned i, uint32_t size, bool rel_ok) {
  o->idx[i] = gd_range(g, 0, size ? size - 1 : 0);
  o->rep[i] = SF_D3D_IDX_IMM32;
  if (rel_ok && gd_chance(g, 56)) set_rel(g, o, i, gd_range(g, 0, size ? size - 1 : 0));
}

/* Modifiers where fxc writes them: neg/abs on float and double sources, neg on int ones; min
 * precision when the program enables it; now and then an empty extended operand token. */
static void src_mods(gctx *g, char ty, opd *o) {
  if ((ty == 'f' || ty == 'd') && gd_chance(g, 48)) o->mod = (uint8_t)gd_range(g, 1, 3);
  else if (ty == 'i' && gd_chance(g, 24)) o->mod = 1;
  if (g->minprec && ty != 'd' && gd_chance(g, 32)) o->minp = ty == 'f' ? (gd_chance(g, 128) ? 2 : 1) : ty == 'i' ? 4 : 5;
  if (!o->mod && !o->minp && gd_chance(g, 3)) o->ext = true;
}

/* An immediate of the row's type: l(a) / l(a, b, c, d) or, for doubles, d(a) / d(a, b). */
static void gen_imm(gctx *g, char ty, opd *o) {
  memset(o, 0, sizeof *o);
  bool one = gd_chance(g, 128);
  o->nc = one ? SF_D3D_NC_1 : SF_D3D_NC_4;
  if (ty == 'd') {
    o->type = OT_IMM64;
    o->nval = one ? 2 : 4;
    for (unsigned i = 0; i < o->nval; i += 2) {
      uint64_t v = sf_fdp_f64_bits(g->f);
      o->val[i] = (uint32_t)v;
      o->val[i + 1] = (uint32_t)(v >> 32);
    }
    return;
  }
  o->type = OT_IMM32;
  o->nval = one ? 1 : 4;
  for (unsigned i = 0; i < o->nval; i++) o->val[i] = ty == 'f' ? sf_fdp_f32_bits(g->f) : int_bits(g);
}

/* The sample family goes through the strict sample decoder (docs/dxbc.md §2), which refuses these
 * register types in an operand. */
static bool strict_ok(uint8_t type) {
  return type != OT_OCP_ID && type != OT_FORK_ID && type != OT_JOIN_ID && type != OT_CYCLE;
}

enum { C_TEMP, C_IN, C_SV, C_CB, C_ICB, C_X, C_IMM };

/* A source operand of type letter ty (f, i, u, d). strict: a sample-family row. */
static void gen_src(gctx *g, char ty, bool strict, opd *o) {
  uint8_t cand[12];
  unsigned n = 0, nsv = 0;
  const sreg *svs[MAX_SV];
  for (unsigned i = 0; i < g->nsv; i++)
    if (!strict || strict_ok(g->sv[i].type)) svs[nsv++] = &g->sv[i];
  if (g->ntemps) cand[n++] = C_TEMP, cand[n++] = C_TEMP, cand[n++] = C_TEMP;
  if (g->nin) cand[n++] = C_IN;
  if (nsv && ty != 'd') cand[n++] = C_SV;
  if (g->ncb) cand[n++] = C_CB, cand[n++] = C_CB;
  if (g->icb_rows) cand[n++] = C_ICB;
  if (g->nx) cand[n++] = C_X;
  cand[n++] = C_IMM, cand[n++] = C_IMM;
  unsigned c = cand[gd_pick(g, n)];
  memset(o, 0, sizeof *o);
  switch (c) {
    case C_TEMP: gd_reg1(o, OT_TEMP, gd_range(g, 0, g->ntemps - 1)); break;
    case C_IN: {
      const ireg *v = &g->in[gd_pick(g, g->nin)];
      if (v->two_d) {
        gd_reg2(o, v->type, 0, v->reg);
        any_index(g, o, 0, v->n, true); /* the vertex / control point: v[r0.x][1] */
      } else {
        gd_reg1(o, v->type, v->reg);
        if (v->type == OT_INPUT && g->in_range && v->reg >= g->in_first && v->reg < g->in_first + g->in_count &&
            gd_chance(g, 64))
          set_rel(g, o, 0, g->in_first); /* inside the dcl_indexrange */
      }
      break;
    }
    case C_SV: {
      const sreg *s = svs[gd_pick(g, nsv)];
      memset(o, 0, sizeof *o);
      o->type = s->type;
      if (s->vec) src_comps(g, o);
      else if (gd_chance(g, 96)) as_sel1(o, 0); /* fxc writes vForkInstanceID.x; the bare form has 1 component */
      else o->nc = SF_D3D_NC_1;
      src_mods(g, ty, o);
      return;
    }
    case C_CB: {
      const cbuf *b = &g->cb[gd_pick(g, g->ncb)];
      if (g->sm51) {
        memset(o, 0, sizeof *o);
        o->type = OT_CB, o->nidx = 3, o->idx[0] = b->id;
        o->idx[1] = b->lo + gd_range(g, 0, b->span);
        if (b->span && gd_chance(g, 48) && set_rel(g, o, 1, b->lo) && gd_chance(g, 128)) o->nonuni = true;
        any_index(g, o, 2, b->size, b->dyn);
      } else {
        gd_reg2(o, OT_CB, b->id, 0);
        any_index(g, o, 1, b->size, b->dyn);
      }
      break;
    }
    case C_ICB:
      memset(o, 0, sizeof *o);
      o->type = OT_ICB, o->nidx = 1;
      any_index(g, o, 0, g->icb_rows, true);
      break;
    case C_X: {
      const xreg *x = &g->x[gd_pick(g, g->nx)];
      gd_reg2(o, OT_X, x->id, 0);
      any_index(g, o, 1, x->size, true);
      break;
    }
    default: gen_imm(g, ty, o); return;
  }
  if (ty == 'd') { /* a double lives in a component pair: .xyxy, .zwxy, ... */
    static const uint8_t pair[] = {0x4, 0xe};
    gd_as_swz(o, (uint8_t)(pair[gd_pick(g, 2)] | (pair[gd_pick(g, 2)] << 4)));
  } else {
    src_comps(g, o);
  }
  src_mods(g, ty, o);
}

/* True when a destination of type letter ty can be drawn. */
static bool has_dst(const gctx *g, char ty) {
  if (ty == 'd') {
    for (unsigned i = 0; i < g->nx; i++)
      if (g->x[i].ncomp == 4) return true;
    return g->ntemps != 0;
  }
  return g->ntemps || g->no || g->nx;
}

enum { D_TEMP, D_OUT, D_X, D_NULL };

/* A destination of type letter ty: r#, o# (or oDepth & co.), x#[i], or null where allowed. */
static bool gen_dst(gctx *g, char ty, bool allow_null, bool strict, opd *o) {
  uint8_t cand[8];
  unsigned n = 0, nxd = 0, nod = 0;
  const xreg *xs[MAX_X];
  const oreg *os[MAX_OUT];
  for (unsigned i = 0; i < g->nx; i++)
    if (ty != 'd' || g->x[i].ncomp == 4) xs[nxd++] = &g->x[i];
  for (unsigned i = 0; i < g->no && ty != 'd'; i++)
    if (!strict || g->o[i].type == OT_OUTPUT) os[nod++] = &g->o[i];
  if (g->ntemps) cand[n++] = D_TEMP, cand[n++] = D_TEMP, cand[n++] = D_TEMP;
  if (nod) cand[n++] = D_OUT, cand[n++] = D_OUT;
  if (nxd) cand[n++] = D_X;
  if (allow_null) cand[n++] = D_NULL;
  if (!n) return false;
  static const uint8_t dmask[] = {0x3, 0xc, 0xf}; /* doubles: whole component pairs */
  memset(o, 0, sizeof *o);
  switch (cand[gd_pick(g, n)]) {
    case D_TEMP:
      gd_reg1(o, OT_TEMP, gd_range(g, 0, g->ntemps - 1));
      gd_as_mask(o, ty == 'd' ? dmask[gd_pick(g, 3)] : (uint8_t)gd_range(g, 1, 15));
      break;
    case D_OUT: {
      const oreg *r = os[gd_pick(g, nod)];
      if (r->type != OT_OUTPUT) { /* oDepth, oMask, ...: bare, one component */
        o->type = r->type;
        o->nc = SF_D3D_NC_1;
        break;
      }
      gd_reg1(o, OT_OUTPUT, r->reg);
      gd_as_mask(o, sub_mask(g, r->mask));
      if (g->out_range && r->reg >= g->out_first && r->reg < g->out_first + g->out_count && gd_chance(g, 64))
        set_rel(g, o, 0, g->out_first); /* o[r0.x + k] inside the dcl_indexrange */
      break;
    }
    case D_X: {
      const xreg *x = xs[gd_pick(g, nxd)];
      gd_reg2(o, OT_X, x->id, 0);
      any_index(g, o, 1, x->size, true);
      gd_as_mask(o, ty == 'd' ? dmask[gd_pick(g, 3)] : sub_mask(g, (uint8_t)((1u << x->ncomp) - 1)));
      break;
    }
    default: o->type = OT_NULL; return true;
  }
  if (g->minprec && ty != 'd' && gd_chance(g, 32)) o->minp = ty == 'f' ? 1 : ty == 'i' ? 4 : 5;
  else if (gd_chance(g, 2)) o->ext = true;
  return true;
}

/* ---- Rows -------------------------------------------------------------------------------------- */

enum {
  CAT_NONE, CAT_FLOW, CAT_ALU, CAT_SYNC, CAT_SAMPLE, CAT_SAMPLE_C, CAT_GATHER, CAT_GATHER_PO, CAT_LOD, CAT_LD,
  CAT_LDMS, CAT_RESINFO, CAT_SAMPLEPOS, CAT_BUFINFO, CAT_LD_UAV, CAT_ST_UAV, CAT_LD_RAW, CAT_ST_RAW, CAT_LD_STRUCT,
  CAT_ST_STRUCT, CAT_ATOMIC, CAT_IMM_ATOMIC, CAT_ALLOC, CAT_CALL, CAT_STREAM, CAT_FCALL
};

/* What a row's `*` operands are (the table only says "untyped"): docs/dxbc.md §9 and the
 * "sm4 / sm5 asm" reference. CAT_FLOW rows are emitted by the structure, not drawn. */
static unsigned op_cat(uint32_t op) {
  switch (op) {
    case OP_BREAK: case OP_BREAKC: case OP_CASE: case OP_CONTINUE: case OP_CONTINUEC: case OP_DEFAULT: case OP_ELSE:
    case OP_ENDIF: case OP_ENDLOOP: case OP_ENDSWITCH: case OP_IF: case OP_LABEL: case OP_LOOP: case OP_RET:
    case OP_SWITCH: case OP_HS_DECLS: case OP_HS_CP: case OP_HS_FORK: case OP_HS_JOIN:
      return CAT_FLOW;
    case 0x45: case 0x48: case 0x49: case 0x4a: case 0xe4: case 0xe6: case 0xe7: case 0xe8: return CAT_SAMPLE;
    case 0x46: case 0x47: case 0xe5: case 0xe9: return CAT_SAMPLE_C;
    case 0x6d: case 0x7e: case 0xdb: case 0xdc: return CAT_GATHER;
    case 0x7f: case 0x80: case 0xdd: case 0xde: return CAT_GATHER_PO;
    case 0x6c: return CAT_LOD;
    case 0x2d: case 0xdf: return CAT_LD;
    case 0x2e: case 0xe0: return CAT_LDMS;
    case 0x3d: return CAT_RESINFO;
    case 0x6e: case 0x6f: return CAT_SAMPLEPOS;
    case 0x79: return CAT_BUFINFO;
    case 0xa3: case 0xe1: return CAT_LD_UAV;
    case 0xa4: return CAT_ST_UAV;
    case 0xa5: case 0xe2: return CAT_LD_RAW;
    case 0xa6: return CAT_ST_RAW;
    case 0xa7: case 0xe3: return CAT_LD_STRUCT;
    case 0xa8: return CAT_ST_STRUCT;
    case 0xb2: case 0xb3: return CAT_ALLOC;
    case 0x04: case 0x05: return CAT_CALL;
    case 0x75: case 0x76: case 0x77: return CAT_STREAM;
    case OP_FCALL: return CAT_FCALL;
    case 0xbe: return CAT_SYNC;
    default: break;
  }
  if (op >= 0xa9 && op <= 0xb1) return CAT_ATOMIC;
  if (op >= 0xb4 && op <= 0xbd) return CAT_IMM_ATOMIC;
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
  return oi && !oi->dcl ? CAT_ALU : CAT_NONE;
}

/* Stages a row belongs to (bit per program type): implicit derivatives and discard in pixel
 * shaders, vertex emission in geometry shaders; everything else anywhere. */
static unsigned op_stages(uint32_t op) {
  switch (op) {
    case 0x0b: case 0x0c: case 0x0d: case 0x45: case 0x46: case 0x4a: case 0x6c: case 0x7a: case 0x7b: case 0x7c:
    case 0x7d: case 0xcb: case 0xcc: case 0xcd: case 0xe6: case 0xe7: case 0xe9:
      return 1u << PS;
    case 0x09: case 0x13: case 0x14: case 0x75: case 0x76: case 0x77: return 1u << GS;
    default: return 0x3fu;
  }
}

typedef struct rref { const res *r; uint8_t type; } rref;

static bool fits(const res *r, unsigned kinds, uint32_t dims) {
  return (r->kind & kinds) && (r->kind != K_TYPED || ((dims >> r->dim) & 1u));
}

/* The declared t# / u# / g# of the given kinds (typed ones only with a dimension in dims): how many
 * fit; with out, one of them is drawn. */
static unsigned fit_res(gctx *g, unsigned kt, unsigned ku, unsigned kg, uint32_t dims, rref *out) {
  rref c[MAX_T + MAX_U + MAX_G];
  unsigned n = 0;
  for (unsigned i = 0; i < g->nt; i++)
    if (fits(&g->t[i], kt, dims)) c[n++] = (rref){&g->t[i], OT_RES};
  for (unsigned i = 0; i < g->nu; i++)
    if (fits(&g->u[i], ku, dims)) c[n++] = (rref){&g->u[i], OT_UAV};
  for (unsigned i = 0; i < g->ng; i++)
    if (fits(&g->gm[i], kg, dims)) c[n++] = (rref){&g->gm[i], OT_TGSM};
  if (out && n) *out = c[gd_pick(g, n)];
  return n;
}

static unsigned cat_res(gctx *g, unsigned cat, rref *out) {
  const unsigned ALL = K_TYPED | K_RAW | K_STRUCT;
  switch (cat) {
    case CAT_SAMPLE: case CAT_LOD: return fit_res(g, K_TYPED, 0, 0, DIMS_SAMPLE, out);
    case CAT_SAMPLE_C: return fit_res(g, K_TYPED, 0, 0, DIMS_SAMPLE_C, out);
    case CAT_GATHER: case CAT_GATHER_PO: return fit_res(g, K_TYPED, 0, 0, DIMS_GATHER, out);
    case CAT_LD: return fit_res(g, K_TYPED, 0, 0, DIMS_LD, out);
    case CAT_LDMS: case CAT_SAMPLEPOS: return fit_res(g, K_TYPED, 0, 0, DIMS_MS, out);
    case CAT_RESINFO: return fit_res(g, K_TYPED, K_TYPED, 0, DIMS_INFO, out);
    case CAT_BUFINFO: return fit_res(g, ALL, ALL, 0, DIMS_BUF, out);
    case CAT_LD_UAV: case CAT_ST_UAV: return fit_res(g, 0, K_TYPED, 0, DIMS_ANY, out);
    case CAT_LD_RAW: return fit_res(g, K_RAW, K_RAW, K_RAW, 0, out);
    case CAT_ST_RAW: return fit_res(g, 0, K_RAW, K_RAW, 0, out);
    case CAT_LD_STRUCT: return fit_res(g, K_STRUCT, K_STRUCT, K_STRUCT, 0, out);
    case CAT_ST_STRUCT: return fit_res(g, 0, K_STRUCT, K_STRUCT, 0, out);
    case CAT_ATOMIC: case CAT_IMM_ATOMIC: return fit_res(g, 0, ALL, ALL, DIMS_ANY, out);
    case CAT_ALLOC: return fit_res(g, 0, K_STRUCT, 0, 0, out);
    default: return 1;
  }
}

static bool needs_sampler(unsigned cat) {
  return cat == CAT_SAMPLE || cat == CAT_SAMPLE_C || cat == CAT_GATHER || cat == CAT_GATHER_PO || cat == CAT_LOD;
}

/* The comparison rows, which fxc pairs with a mode_comparison sampler. */
static bool comparison_op(uint32_t op) {
  return op == 0x46 || op == 0x47 || op == 0x7e || op == 0x80 || op == 0xdc || op == 0xde || op == 0xe5 || op == 0xe9;
}

static bool row_ok(gctx *g, uint32_t op) {
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
  unsigned cat = op_cat(op);
  if (!oi || cat == CAT_NONE || cat == CAT_FLOW) return false;
  if ((oi->flags & SF_TPF_F_SM5) && !g->sm5) return false;
  if (op >= 0x6c && op <= 0x6f && g->major == 4 && g->minor == 0) return false; /* lod, gather4, samplepos/info: 4.1 */
  if (!((op_stages(op) >> g->stage) & 1u)) return false;
  if (op >= 0xd2 && op <= 0xd9 && !g->doubles_ext) return false; /* ddiv .. utod: the 11.1 double extensions */
  for (const char *p = oi->dst; *p; p++)
    if ((*p == 'd' && !g->doubles) || (*p != '*' && !has_dst(g, *p))) return false;
  for (const char *p = oi->src; *p; p++)
    if (*p == 'd' && !g->doubles) return false;
  switch (cat) {
    case CAT_CALL: return g->nlabels && !g->in_sub;
    case CAT_FCALL: return g->nifaces && !g->in_sub;
    case CAT_STREAM: return g->nstreams != 0;
    case CAT_SYNC: return g->stage == CS || g->nu;
    case CAT_SAMPLEPOS: return g->stage == PS || cat_res(g, cat, NULL);
    case CAT_ALU: return true;
    default: return cat_res(g, cat, NULL) && (!needs_sampler(cat) || g->ns);
  }
}

/* The rows that can be drawn now (after the declarations, again in each hull-shader phase). */
void gd_build_rows(gctx *g) {
  g->nrows = 0;
  for (uint32_t op = 0; op < SF_TPF_NUM_OPCODES; op++)
    if (row_ok(g, op)) g->rows[g->nrows++] = (uint8_t)op;
}

/* A t#/u#/g# operand: SM5.1 names the range and the register in it (T0[5], maybe T0[r1.x + 4] with
 * a non-uniform index), earlier models the register. */
static void res_opnd(gctx *g, const res *r, uint8_t type, opd *o) {
  if (g->sm51 && type != OT_TGSM) {
    gd_reg2(o, type, r->id, r->lo + gd_range(g, 0, r->span));
    if (gd_chance(g, 48) && set_rel(g, o, 1, r->lo) && gd_chance(g, 128)) o->nonuni = true;
  } else {
    gd_reg1(o, type, r->id);
  }
}

static void sampler_opnd(gctx *g, uint32_t op, unsigned cat, opd *o) {
  const res *c[MAX_S];
  unsigned n = 0;
  bool cmp = comparison_op(op);
  for (unsigned i = 0; i < g->ns; i++)
    if ((g->s[i].mode == 1) == cmp) c[n++] = &g->s[i];
  const res *s = n ? c[gd_pick(g, n)] : &g->s[gd_pick(g, g->ns)];
  res_opnd(g, s, OT_SAMPLER, o);
  /* gather selects the channel on the sampler (s0.x); the others take it bare */
  if ((cat == CAT_GATHER || cat == CAT_GATHER_PO) && gd_chance(g, 192)) as_sel1(o, (uint8_t)gd_pick(g, 4));
}

/* The extended opcode tokens of a resource row (docs/dxbc.md §2): aoffimmi, RESOURCE_DIM (with the
 * structure stride), RETURN_TYPE; fxc's order, reversed now and then. */
static void ext_tokens(gctx *g, ib *b, unsigned cat, const rref *rr) {
  uint32_t e[3];
  unsigned n = 0;
  bool offs = cat == CAT_SAMPLE || cat == CAT_SAMPLE_C || cat == CAT_GATHER || cat == CAT_LD || cat == CAT_LDMS;
  const res *r = rr->r;
  if (offs && r && r->dim != SF_D3D_DIM_TEXCUBE && r->dim != SF_D3D_DIM_TEXCUBEARRAY && r->dim != SF_D3D_DIM_BUFFER &&
      gd_chance(g, 64)) {
    uint32_t x = 1;
    for (unsigned i = 0; i < 3; i++) x |= ((uint32_t)sf_fdp_range_i64(g->f, -8, 7) & 0xfu) << (9 + 4 * i);
    e[n++] = x;
  }
  if (r && rr->type != OT_TGSM && g->sm5 && gd_chance(g, 128)) {
    uint32_t dim = r->kind == K_TYPED ? r->dim : r->kind == K_RAW ? 11u : 12u;
    e[n++] = 2u | (dim << 6) | ((r->kind == K_STRUCT ? r->stride : 0u) << 11);
    if (gd_chance(g, 192)) e[n++] = 3u | ((r->kind == K_TYPED ? r->rt : 0x6666u) << 6); /* raw/structured: mixed */
  }
  if (n > 1 && gd_chance(g, 16)) { /* a non-fxc order survives the codec too */
    uint32_t t = e[0];
    e[0] = e[n - 1];
    e[n - 1] = t;
  }
  for (unsigned i = 0; i < n; i++) gd_put(b, e[i] | (i + 1 < n ? 0x80000000u : 0));
  if (n) b->t[0] |= 0x80000000u;
}

/* One instruction of row op. False when the row cannot be drawn now (nothing is emitted). */
static bool gen_row(gctx *g, uint32_t op) {
  const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
  if (!oi || !gd_room(g, 1)) return false;
  unsigned cat = op_cat(op);
  opd o;
  ib b;
  if (cat == CAT_FCALL) { /* fcall: the function-table slot, then fp#[array index][call site] */
    gd_ib_start(&b, op, 0);
    gd_put(&b, gd_range(g, 0, 3));
    gd_reg2(&o, OT_IFACE, 0, gd_range(g, 0, g->iface_size - 1));
    gd_put_opd(&b, &o);
    return gd_emit(g, &b);
  }
  bool strict = (oi->flags & SF_TPF_F_SAMPLE) != 0;
  rref rr = {NULL, 0};
  bool rast = false;
  if (cat >= CAT_SAMPLE && cat <= CAT_ALLOC) {
    unsigned n = cat_res(g, cat, NULL);
    if (cat == CAT_SAMPLEPOS && g->stage == PS && (!n || gd_chance(g, 64))) rast = true; /* the render target */
    else if (!n) return false;
    else cat_res(g, cat, &rr);
  }
  if (needs_sampler(cat) && !g->ns) return false;
  unsigned nd = sf_tpf_opinfo_ndst(oi), ns = sf_tpf_opinfo_nsrc(oi);
  uint32_t ctl = 0;
  if (oi->flags & SF_TPF_F_TEST) ctl |= (uint32_t)gd_pick(g, 2) << 7;
  if (oi->flags & SF_TPF_F_RESINFO) ctl |= gd_pick(g, 3);
  if (oi->flags & SF_TPF_F_SAMPLEINFO) ctl |= gd_pick(g, 2);
  if (oi->flags & SF_TPF_F_SYNC) ctl |= g->stage == CS ? gd_range(g, 1, 15) : 8u; /* outside cs: _uglobal only */
  if (nd && oi->dst[0] == 'f' && gd_chance(g, 32)) ctl |= 4;                        /* _sat */
  if (nd && g->sm5 && gd_chance(g, 16)) ctl |= gd_range(g, 1, 15) << 8;                /* [precise(..)] */
  gd_ib_start(&b, op, ctl);
  ext_tokens(g, &b, cat, &rr);
  bool null_used = false;
  uint8_t first_mask = 0;
  for (unsigned i = 0; i < nd; i++) {
    char ty = oi->dst[i];
    if (i == 1 && first_mask && cat == CAT_ALU && g->ntemps && (op == 0x8e || gd_chance(g, 224))) {
      /* the two results of swapc, sincos, udiv, ... cover the same components (swapc must) */
      gd_reg1(&o, OT_TEMP, gd_range(g, 0, g->ntemps - 1));
      gd_as_mask(&o, first_mask);
    } else if (ty == '*') { /* a UAV / TGSM written: stores take a mask, atomics the bare register */
      res_opnd(g, rr.r, rr.type, &o);
      if (cat == CAT_ST_UAV) gd_as_mask(&o, gd_chance(g, 192) ? 0xf : (uint8_t)gd_range(g, 1, 15));
      else if (cat == CAT_ST_RAW || cat == CAT_ST_STRUCT) gd_as_mask(&o, (uint8_t)((1u << gd_range(g, 1, 4)) - 1));
    } else {
      if (!gen_dst(g, ty, nd == 2 && cat == CAT_ALU && op != 0x8e && !null_used, strict, &o)) return false;
      null_used = null_used || o.type == OT_NULL;
      if (i == 0 && o.type != OT_NULL && o.nc == SF_D3D_NC_4) first_mask = o.comp;
    }
    gd_put_opd(&b, &o);
  }
  unsigned star = 0;
  for (unsigned i = 0; i < ns; i++) {
    char ty = oi->src[i];
    if (ty != '*') {
      gen_src(g, ty, strict, &o);
    } else if (cat == CAT_CALL) {
      gd_reg1(&o, OT_LABEL, gd_range(g, 0, g->nlabels - 1));
    } else if (cat == CAT_STREAM) {
      gd_reg1(&o, OT_STREAM, gd_range(g, 0, g->nstreams - 1));
    } else if (star++ == 0) {
      if (rast) {
        memset(&o, 0, sizeof o);
        o.type = OT_RAST;
        src_comps(g, &o);
      } else {
        res_opnd(g, rr.r, rr.type, &o);
        if (cat != CAT_ALLOC) gd_as_swz(&o, gd_chance(g, 160) ? 0xe4 : sf_fdp_u8(g->f));
      }
    } else {
      sampler_opnd(g, op, cat, &o);
    }
    gd_put_opd(&b, &o);
  }
  return gd_emit(g, &b);
}

/* ---- Control flow ------------------------------------------------------------------------------ */

/* if / breakc / continuec / switch with a condition or selector of type letter ty. */
static bool emit_cond(gctx *g, uint32_t op, char ty) {
  ib b;
  opd o;
  gd_ib_start(&b, op, op == OP_SWITCH ? 0 : (uint32_t)gd_pick(g, 2) << 7);
  gen_src(g, ty, false, &o);
  gd_put_opd(&b, &o);
  return gd_emit(g, &b);
}

static bool emit_case(gctx *g, uint32_t v) {
  ib b;
  opd o;
  gd_ib_start(&b, OP_CASE, 0);
  memset(&o, 0, sizeof o);
  o.type = OT_IMM32, o.nc = SF_D3D_NC_1, o.nval = 1, o.val[0] = v;
  gd_put_opd(&b, &o);
  return gd_emit(g, &b);
}

static unsigned close_cost(uint8_t k) { return k == B_SWITCH ? 2u : 1u; }

static bool inside(const gctx *g, uint8_t k) {
  for (unsigned i = 0; i < g->depth; i++)
    if (g->blk[i] == k) return true;
  return false;
}

static void open_block(gctx *g) {
  if (g->depth >= MAX_DEPTH) return;
  uint8_t k = (uint8_t)gd_pick(g, 3);
  if (k == B_SWITCH && !gd_room(g, 4)) k = B_IF;
  if (!gd_room(g, 2)) return;
  unsigned d = g->depth;
  if (k == B_IF && !emit_cond(g, OP_IF, 'u')) return;
  if (k == B_LOOP && !gd_emit_bare(g, OP_LOOP, 0)) return;
  if (k == B_SWITCH) {
    g->case_next[d] = int_bits(g);
    if (!emit_cond(g, OP_SWITCH, 'i') || !emit_case(g, g->case_next[d]++)) return;
    g->case_mark[d] = g->emitted;
  }
  g->blk[d] = k;
  g->has_else[d] = g->has_default[d] = false;
  g->reserve += close_cost(k);
  g->depth++;
}

/* The last statement ends its case (or loop iteration) unconditionally. */
static bool terminated(const gctx *g) { return g->last_op == OP_BREAK || g->last_op == OP_CONTINUE; }

static void close_block(gctx *g) {
  unsigned d = g->depth - 1;
  g->reserve -= close_cost(g->blk[d]);
  if (g->blk[d] == B_IF) {
    gd_emit_bare(g, OP_ENDIF, 0);
  } else if (g->blk[d] == B_LOOP) {
    gd_emit_bare(g, OP_ENDLOOP, 0);
  } else {
    if (!terminated(g)) gd_emit_bare(g, OP_BREAK, 0); /* no case falls off into endswitch */
    gd_emit_bare(g, OP_ENDSWITCH, 0);
  }
  g->depth--;
}

/* The next label of the switch at depth d: a case that has statements ends in break first (an empty
 * one falls through, as `case 1: case 2:` does). */
static void next_case(gctx *g, unsigned d) {
  bool brk = g->emitted > g->case_mark[d] && !terminated(g);
  if (!gd_room(g, brk ? 2 : 1)) return;
  if (brk) gd_emit_bare(g, OP_BREAK, 0);
  if (!g->has_default[d] && gd_chance(g, 64)) {
    gd_emit_bare(g, OP_DEFAULT, 0);
    g->has_default[d] = true;
  } else {
    emit_case(g, g->case_next[d]++);
  }
  g->case_mark[d] = g->emitted;
}

/* break / breakc (in a loop or switch), continue / continuec (in a loop). Nothing follows an
 * unconditional jump in its block (fxc never writes unreachable statements, and vkd3d 1.2 asserts
 * on them): the block ends there, or the switch goes on with its next case. */
static void jump(gctx *g) {
  bool loop = inside(g, B_LOOP), brk = loop || inside(g, B_SWITCH);
  unsigned a = gd_pick(g, 4), d = g->depth - 1;
  if (!gd_room(g, 1)) return;
  bool done = false;
  if (a == 0 && brk) done = gd_emit_bare(g, OP_BREAK, 0);
  else if (a == 1 && brk) emit_cond(g, OP_BREAKC, 'u');
  else if (a == 2 && loop) done = gd_emit_bare(g, OP_CONTINUE, 0);
  else if (a == 3 && loop) emit_cond(g, OP_CONTINUEC, 'u');
  if (!done) return;
  if (g->blk[d] == B_SWITCH && gd_chance(g, 128) && gd_room(g, 1)) next_case(g, d);
  else close_block(g);
}

static void block_action(gctx *g) {
  unsigned d = g->depth - 1, a = gd_pick(g, 4);
  switch (g->blk[d]) {
    case B_IF:
      if (a == 0 && !g->has_else[d] && gd_room(g, 1)) g->has_else[d] = gd_emit_bare(g, OP_ELSE, 0);
      else if (a == 1) close_block(g);
      else jump(g);
      break;
    case B_LOOP:
      if (a == 0) close_block(g);
      else jump(g);
      break;
    default:
      if (a == 0) close_block(g);
      else if (a == 1) next_case(g, d);
      else jump(g);
      break;
  }
}

/* Up to want steps of statements and control flow; every block opened here is closed here. */
void gd_gen_body(gctx *g, unsigned want) {
  for (unsigned k = 0; k < want && gd_room(g, 1); k++) {
    unsigned a = gd_pick(g, 16);
    if (a >= 14) open_block(g);
    else if (a >= 11 && g->depth) block_action(g);
    else if (g->nrows) gen_row(g, g->rows[gd_pick(g, g->nrows)]);
  }
  while (g->depth && !g->fail) close_block(g);
}
