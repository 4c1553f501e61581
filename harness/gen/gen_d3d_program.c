/* gen_d3d_program.c — whole D3D SM4.0/4.1/5.0/5.1 shader programs as TPF tokens (samplefuzz/gen_d3d.h).
 *
 * A program is drawn the way fxc lays one out (token formats: docs/dxbc.md §2 and §9, Microsoft's
 * public d3d11TokenizedProgramFormat.hpp for the fields):
 *   1. the version token: ps/vs/gs in 4.0, 4.1, 5.0, 5.1; hs/ds/cs in 5.0 and 5.1;
 *   2. declarations: dcl_globalFlags, function bodies / tables / interfaces, the immediate constant
 *      buffer, constant buffers, samplers, resources (typed, raw, structured), UAVs, the stage's
 *      inputs and outputs (system values, interpolation modes, system-value registers), index
 *      ranges, temps, indexable temps, and the stage's own declarations (GS primitive, topology,
 *      streams, instances, maxout; tessellator domain, partitioning, output primitive, control-point
 *      counts, max tess factor; thread group, group-shared memory). A hull shader has hs_decls and
 *      then control-point, fork and join phases, each with its own declarations, body and ret;
 *   3. instructions: any row of the opcode table (sf_tpf_opinfo_get) the version and stage allow,
 *      drawn uniformly among the rows whose registers the program declares, with operands fitting
 *      the row's type letters; structured control flow (if/else, loop, switch/case/default, break,
 *      continue); then ret, then the subroutines (label l#, label fb#), each ending in ret.
 * Operands name declared registers only, in every form the codec knows: r#, x#[i], v#, v[n][r],
 * vicp / vocp / vpc, the system-value registers, o#, oDepth & co., cb#[i], icb[i], null, relative
 * indices [r#.c + k] and [r#.c], l(...) with 1 or 4 values (sf_fdp's float classes: NaNs,
 * denormals, infinities; integers for integer rows), d(...) with 1 or 2 doubles for double rows,
 * masks, swizzles, select-1, neg / abs / -abs, min precision, empty extended operand tokens, SM5.1
 * ranges T#[i] / S#[i] / U#[i] / CB#[i][j] with register spaces and non-uniform indices. Opcode
 * controls: _sat, precise, _z / _nz, resinfo and sampleinfo return types, sync flags; extended
 * opcode tokens (aoffimmi, resource dimension with structure stride, return types) in fxc's order
 * and now and then in another.
 *
 * Validity is the codec's: sf_tpf_program_decode accepts every program (the sample family through
 * its strict decoder, so its operands avoid the register types that decoder refuses), encoding gives
 * back the bytes, and every item prints by name (dcl_interface and fcall aside: the text form has no
 * name for them, SF_GEN_D3D_TEXT_ONLY leaves them out). Beyond that the programs keep to what fxc
 * would accept where it costs little: resource dimensions fit the instruction, comparison samplers
 * for the _c rows, double rows only with the double-precision global flag, relative output/input
 * indices only inside a dcl_indexrange, relative cb indices only in dynamicIndexed buffers, nothing
 * after an unconditional break / continue in its block. The sample family is drawn by the same
 * operand code, not by sf_gen_inst, whose registers (r0-r31, t0-t127, s0-s15, cb0-cb13) the program
 * would not declare.
 *
 * Every choice reads sf_fdp and uses integer arithmetic only, so the same bytes give the same program
 * everywhere; chance() is false on the zero bytes of an exhausted input, which therefore gives the
 * simplest program. The item budget (SF_GEN_D3D_MAX_ITEMS) is kept by reserving, when something is
 * opened, the items that close it (endif, endloop, break + endswitch, a phase's ret, a subroutine's
 * label + ret). */
#include "harness/gen/gen_d3d_priv.h"

/* ---- Declarations ------------------------------------------------------------------------------ */

/* A declaration with one operand and then the DWORDs in x[0..nx). */
static bool dcl_opd(gctx *g, uint32_t op, uint32_t ctl, const opd *o, const uint32_t *x, unsigned nx) {
  if (!gd_room(g, 1)) return false;
  ib b;
  gd_ib_start(&b, op, ctl);
  if (o) gd_put_opd(&b, o);
  for (unsigned i = 0; i < nx; i++) gd_put(&b, x[i]);
  return gd_emit(g, &b);
}

static bool dcl_dwords(gctx *g, uint32_t op, uint32_t ctl, const uint32_t *x, unsigned nx) {
  return dcl_opd(g, op, ctl, NULL, x, nx);
}

/* The operand of a t#/s#/u#/cb# declaration: SM5.1's range T#[lo:hi] (3 indices, swizzle xyzw) or
 * the bare register. */
static void dcl_range_opnd(gctx *g, uint8_t type, const res *r, opd *o) {
  memset(o, 0, sizeof *o);
  o->type = type;
  if (g->sm51) {
    gd_as_swz(o, 0xe4);
    o->nidx = 3;
    o->idx[0] = r->id;
    o->idx[1] = r->lo;
    o->idx[2] = r->span == 0xffffffffu ? 0xffffffffu : r->lo + r->span;
  } else {
    o->nidx = 1;
    o->idx[0] = r->id;
    /* now and then a 4-component operand with a swizzle (xyzw or any), which fxc never writes but
     * the token format allows: it has its own text form (`t0.swz(xyzw)`), apart from SM5.1's ranges */
    if (gd_chance(g, 16)) gd_as_swz(o, gd_chance(g, 128) ? 0xe4 : (uint8_t)gd_range(g, 0, 255));
  }
}

/* SM5.1 ranges: the next free register above *next, bounded or (now and then) unbounded `*`; the
 * instructions index at most span above lo. Returns the span to store in the declaration. */
static uint32_t draw_range(gctx *g, uint32_t *next, res *r) {
  r->lo = *next + gd_range(g, 0, 2);
  r->span = gd_range(g, 0, 3);
  bool unbounded = gd_chance(g, 40);
  *next = r->lo + r->span + 1;
  return unbounded ? 0xffffffffu : r->span;
}

static void dcl_flags(gctx *g) {
  uint32_t fl = 0;
  if (gd_chance(g, 200)) fl |= 1;                    /* refactoringAllowed */
  if (g->doubles) fl |= 2;                        /* enableDoublePrecisionFloatOps */
  if (g->stage == PS && gd_chance(g, 32)) fl |= 4;   /* forceEarlyDepthStencil */
  if (gd_chance(g, 16)) fl |= 8;                     /* enableRawAndStructuredBuffers */
  if (gd_chance(g, 16)) fl |= 16;                    /* skipOptimization */
  if (g->minprec) fl |= 32;                       /* enableMinimumPrecision */
  if (g->doubles_ext) fl |= 64;                   /* enable11_1DoubleExtensions */
  if (g->sm5 && gd_chance(g, 32)) fl |= 128;         /* enable11_1ShaderExtensions */
  if ((fl || gd_chance(g, 12)) && dcl_dwords(g, 0x6a, fl, NULL, 0)) return;
  g->doubles = g->doubles_ext = g->minprec = false; /* without the flags, no rows that need them */
}

/* Function bodies fb#, one table ft0 of them, and (not in TEXT_ONLY) an interface fp0 over it. The
 * bodies themselves follow the main ret (label fb#), so their items are reserved here. */
static void dcl_linkage(gctx *g) {
  if (!g->sm5 || g->stage == HS || !gd_chance(g, 24)) return;
  unsigned nb = gd_range(g, 1, 2);
  bool iface = !(g->flags & SF_GEN_D3D_TEXT_ONLY) && gd_chance(g, 160);
  if (!gd_room(g, 3 * nb + 2 + iface)) return;
  for (uint32_t i = 0; i < nb; i++) dcl_dwords(g, 0x90, 0, &i, 1);
  /* ft0 = {fb0, fb1}; now and then a table that fills the 127 DWORDs an instruction's length field
   * holds (124 entries, each one of the bodies): the longest declaration text must still read. */
  uint32_t ft[2 + 124] = {0, nb, 0, 1};
  unsigned nt = nb;
  if (gd_chance(g, 16)) {
    nt = 124;
    for (unsigned i = 0; i < nt; i++) ft[2 + i] = gd_pick(g, nb);
    ft[1] = nt;
  }
  dcl_dwords(g, 0x91, 0, ft, 2 + nt);
  g->nbodies = nb;
  g->reserve += 2 * nb;
  if (iface) { /* fp0[array size][call sites] = {ft0}: id, bodies, (array size << 16) | tables, table ids */
    g->iface_size = gd_range(g, 1, 4);
    uint32_t x[4] = {0, nb, (g->iface_size << 16) | 1u, 0};
    if (dcl_dwords(g, 0x92, gd_pick(g, 2), x, 4)) g->nifaces = 1;
  }
}

static void dcl_icb(gctx *g) {
  if (!gd_chance(g, 40) || !gd_room(g, 1)) return;
  /* 0-8 rows; none is an empty buffer `{ }`, customdata of only its two header DWORDs (valid in the
   * token format, and a reader must not take the header for the least a block holds) */
  unsigned rows = gd_range(g, 0, 8);
  ib b;
  gd_ib_start(&b, 0x35, 3); /* customdata class 3: the immediate constant buffer */
  gd_put(&b, 2 + 4 * rows);
  for (unsigned i = 0; i < 4 * rows; i++) gd_put(&b, gd_chance(g, 96) ? gd_range(g, 0, 255) : sf_fdp_f32_bits(g->f));
  if (gd_emit_ib(g, &b, true)) g->icb_rows = rows;
}

static void dcl_cbs(gctx *g) {
  unsigned n = gd_pick(g, MAX_CB + 1);
  uint32_t next = gd_pick(g, 3);
  for (unsigned i = 0; i < n && gd_room(g, 1); i++) {
    cbuf *c = &g->cb[g->ncb];
    c->dyn = gd_chance(g, 96);
    c->size = gd_chance(g, 16) ? gd_range(g, 1, 4096) : gd_range(g, 1, 16);
    opd o;
    memset(&o, 0, sizeof o);
    o.type = OT_CB;
    gd_as_swz(&o, 0xe4);
    bool ok;
    if (g->sm51) {
      res r;
      memset(&r, 0, sizeof r);
      uint32_t hi = draw_range(g, &next, &r);
      c->id = i, c->lo = r.lo, c->span = r.span;
      o.nidx = 3, o.idx[0] = i, o.idx[1] = r.lo, o.idx[2] = hi == 0xffffffffu ? hi : r.lo + hi;
      uint32_t x[2] = {c->size, gd_range(g, 0, 3)};
      ok = dcl_opd(g, 0x59, c->dyn, &o, x, 2);
    } else {
      c->id = next, c->lo = c->span = 0;
      next += 1 + gd_pick(g, 3);
      if (c->id > 13) break; /* 14 slots */
      o.nidx = 2, o.idx[0] = c->id, o.idx[1] = c->size;
      ok = dcl_opd(g, 0x59, c->dyn, &o, NULL, 0);
    }
    if (ok) g->ncb++;
  }
}

/* Declares the SM5.1 range or the register of a t#/s#/u#, with the extra DWORDs and then the space. */
static bool dcl_res_common(gctx *g, uint32_t op, uint32_t ctl, uint8_t type, res *r, uint32_t *next,
                           const uint32_t *x, unsigned nx) {
  uint32_t w[3];
  unsigned n = 0;
  for (unsigned i = 0; i < nx; i++) w[n++] = x[i];
  res d = *r;
  if (g->sm51) {
    d.span = draw_range(g, next, r);
    d.lo = r->lo;
    w[n++] = gd_range(g, 0, 3); /* register space */
  } else {
    r->id = d.id = *next;
    *next += 1 + gd_pick(g, 2);
  }
  opd o;
  dcl_range_opnd(g, type, &d, &o);
  return dcl_opd(g, op, ctl, &o, w, n);
}

static uint32_t draw_rt(gctx *g) {
  static const uint8_t same[] = {5, 5, 5, 4, 3, 1, 2};
  if (gd_chance(g, 224)) return 0x1111u * same[gd_pick(g, sizeof same)];
  uint32_t rt = 0;
  for (unsigned i = 0; i < 4; i++) rt |= (uint32_t)gd_range(g, 1, 9) << (4 * i); /* mixed, double, continued, unused */
  return rt;
}

static void dcl_samplers(gctx *g) {
  unsigned n = gd_pick(g, MAX_S);
  uint32_t next = gd_pick(g, 2);
  for (unsigned i = 0; i < n && gd_room(g, 1); i++) {
    res *s = &g->s[g->ns];
    memset(s, 0, sizeof *s);
    s->id = i;
    s->mode = (uint8_t)(gd_chance(g, 160) ? 0 : gd_range(g, 1, 2));
    if (dcl_res_common(g, 0x5a, s->mode, OT_SAMPLER, s, &next, NULL, 0)) g->ns++;
  }
}

static void dcl_resources(gctx *g) {
  static const uint8_t dims[] = {3, 3, 3, 1, 2, 4, 5, 6, 7, 8, 9, 10};
  static const uint8_t ms[] = {0, 1, 2, 4, 8, 16, 32};
  unsigned n = gd_pick(g, MAX_T + 1);
  uint32_t next = gd_pick(g, 2);
  for (unsigned i = 0; i < n && gd_room(g, 1); i++) {
    res *t = &g->t[g->nt];
    memset(t, 0, sizeof *t);
    t->id = i;
    unsigned k = g->sm5 ? gd_pick(g, 6) : 0;
    bool ok;
    if (k < 4) {
      t->kind = K_TYPED;
      t->dim = dims[gd_pick(g, sizeof dims)];
      t->rt = draw_rt(g);
      uint32_t ctl = t->dim;
      if (t->dim == SF_D3D_DIM_TEX2DMS || t->dim == SF_D3D_DIM_TEX2DMSARRAY)
        ctl |= (uint32_t)ms[gd_pick(g, sizeof ms)] << 5; /* sample count [22:16] */
      ok = dcl_res_common(g, 0x58, ctl, OT_RES, t, &next, &t->rt, 1);
    } else if (k == 4) {
      t->kind = K_RAW;
      ok = dcl_res_common(g, 0xa1, 0, OT_RES, t, &next, NULL, 0);
    } else {
      t->kind = K_STRUCT;
      t->stride = 4 * gd_range(g, 1, 32);
      ok = dcl_res_common(g, 0xa2, 0, OT_RES, t, &next, &t->stride, 1);
    }
    if (ok) g->nt++;
  }
}

static void dcl_uavs(gctx *g) {
  if (!g->sm5 || !(g->sm51 || g->stage == PS || g->stage == CS)) return; /* 11.0: pixel and compute only */
  static const uint8_t dims[] = {1, 3, 2, 5, 7, 8};
  unsigned n = gd_pick(g, MAX_U + 1);
  uint32_t next = gd_pick(g, 3);
  for (unsigned i = 0; i < n && gd_room(g, 1); i++) {
    res *u = &g->u[g->nu];
    memset(u, 0, sizeof *u);
    u->id = i;
    uint32_t ctl = gd_chance(g, 32) ? 0x20u : 0; /* _glc */
    if (g->stage == PS && gd_chance(g, 16)) ctl |= 0x40; /* _rov */
    unsigned k = gd_pick(g, 3);
    bool ok;
    if (k == 0) {
      u->kind = K_TYPED;
      u->dim = dims[gd_pick(g, sizeof dims)];
      u->rt = draw_rt(g);
      ok = dcl_res_common(g, 0x9c, ctl | u->dim, OT_UAV, u, &next, &u->rt, 1);
    } else if (k == 1) {
      u->kind = K_RAW;
      ok = dcl_res_common(g, 0x9d, ctl, OT_UAV, u, &next, NULL, 0);
    } else {
      u->kind = K_STRUCT;
      u->stride = 4 * gd_range(g, 1, 32);
      u->counter = gd_chance(g, 96);
      ok = dcl_res_common(g, 0x9e, ctl | (u->counter ? 0x1000u : 0), OT_UAV, u, &next, &u->stride, 1);
    }
    if (ok) g->nu++;
  }
}

/* dcl_input* / dcl_output* of a register with a mask: 1-D (v#, o#, vpc#) or 2-D (v[n][r], vicp, vocp),
 * then the system value when sv >= 0. */
static bool dcl_reg(gctx *g, uint32_t op, uint32_t ctl, uint8_t type, bool two_d, uint32_t n, uint32_t reg,
                    uint8_t mask, int sv) {
  opd o;
  if (two_d) gd_reg2(&o, type, n, reg);
  else gd_reg1(&o, type, reg);
  gd_as_mask(&o, mask);
  uint32_t x = (uint32_t)sv;
  return dcl_opd(g, op, ctl, &o, &x, sv >= 0 ? 1u : 0u);
}

static void add_in(gctx *g, uint8_t type, bool two_d, uint32_t n, uint32_t reg, uint8_t mask) {
  if (g->nin < MAX_IN) g->in[g->nin++] = (ireg){type, two_d, n, reg, mask};
}

/* A system-value register: dcl_input vThreadID.xyz (vec, a mask) or dcl_input vPrim (bare: 0
 * components, or .c1 now and then, as fxc writes vCoverage). */
static void dcl_sv(gctx *g, uint8_t type, bool vec, uint8_t mask) {
  if (g->nsv >= MAX_SV) return;
  opd o;
  memset(&o, 0, sizeof o);
  o.type = type;
  if (vec) gd_as_mask(&o, mask);
  else if (gd_chance(g, 64)) o.nc = SF_D3D_NC_1;
  if (dcl_opd(g, 0x5f, 0, &o, NULL, 0)) g->sv[g->nsv++] = (sreg){type, vec};
}

static void add_out(gctx *g, uint8_t type, uint32_t reg, uint8_t mask) {
  if (g->no < MAX_OUT) g->o[g->no++] = (oreg){type, reg, mask};
}

/* oDepth & co.: dcl_output oDepth (0 components) or oDepth.c1. */
static void dcl_out_special(gctx *g, uint8_t type) {
  opd o;
  memset(&o, 0, sizeof o);
  o.type = type;
  if (gd_chance(g, 128)) o.nc = SF_D3D_NC_1;
  if (dcl_opd(g, 0x65, 0, &o, NULL, 0)) add_out(g, type, 0, 0);
}

/* The system value name, unless the program declared it already (clip and cull distances may
 * span several registers); -1 then, and the register is declared plain. */
static int sv_once(uint32_t *used, uint8_t name) {
  if (name != 2 && name != 3 && ((*used >> name) & 1u)) return -1;
  *used |= 1u << name;
  return name;
}

/* Plain outputs o<base>.. and the system values of the stage (sv[], declared with sv_op; primitive_id
 * with dcl_output_sgv). Returns the next free register. */
static uint32_t dcl_outputs(gctx *g, uint32_t base, unsigned n, const uint8_t *sv, unsigned nsv, uint32_t sv_op) {
  uint32_t r = base;
  for (; r < base + n && gd_room(g, 1); r++) {
    uint8_t mask = (uint8_t)gd_range(g, 1, 15);
    unsigned k = gd_pick(g, 2 + nsv);
    int name = k < 2 || !nsv ? -1 : sv_once(&g->sv_out, sv[k - 2]);
    if (name == 1) mask = 0xf;                  /* position */
    else if (name >= 4 && name <= 22) mask = 1; /* array / viewport index, primitive id, tess factors */
    bool ok = name < 0 ? dcl_reg(g, 0x65, 0, OT_OUTPUT, false, 0, r, mask, -1)
                       : dcl_reg(g, name == 7 ? 0x66 : sv_op, 0, OT_OUTPUT, false, 0, r, mask, name);
    if (ok) add_out(g, OT_OUTPUT, r, mask);
  }
  return r;
}

static void dcl_temps_x(gctx *g) {
  if (gd_chance(g, 224) && gd_room(g, 1)) {
    uint32_t n = gd_range(g, 1, 8);
    if (dcl_dwords(g, 0x68, 0, &n, 1)) g->ntemps = n;
  }
  unsigned nx = gd_pick(g, MAX_X + 1);
  for (unsigned i = 0; i < nx; i++) {
    xreg x = {i, gd_range(g, 1, 16), (uint8_t)gd_range(g, 1, 4)};
    uint32_t w[3] = {x.id, x.size, x.ncomp};
    if (dcl_dwords(g, 0x69, 0, w, 3)) g->x[g->nx++] = x;
  }
}

/* dcl_indexrange over the plain outputs o0.. (and, for 1-D v# inputs, the inputs): relative
 * indexing of o#/v# needs it. */
static void dcl_ranges(gctx *g) {
  unsigned no = 0;
  for (unsigned i = 0; i < g->no; i++) no += g->o[i].type == OT_OUTPUT;
  if (no >= 2 && gd_chance(g, 96)) {
    uint32_t x = no;
    if (dcl_reg(g, 0x5b, 0, OT_OUTPUT, false, 0, 0, g->o[0].mask, (int)x)) /* the count rides in the sv slot */
      g->out_range = true, g->out_first = 0, g->out_count = no;
  }
  unsigned ni = 0;
  for (unsigned i = 0; i < g->nin; i++) ni += g->in[i].type == OT_INPUT && !g->in[i].two_d;
  if (ni >= 2 && ni == g->nin && gd_chance(g, 64) &&
      dcl_reg(g, 0x5b, 0, OT_INPUT, false, 0, g->in[0].reg, g->in[0].mask, (int)ni))
    g->in_range = true, g->in_first = g->in[0].reg, g->in_count = ni;
}

static void io_ps(gctx *g) {
  static const uint8_t siv[] = {1, 2, 3, 4, 5}, sgv[] = {7, 9, 10}, pos_interp[] = {4, 5, 7};
  unsigned n = gd_pick(g, 5);
  for (uint32_t r = 0; r < n && gd_room(g, 1); r++) {
    unsigned k = gd_pick(g, 7);
    uint8_t mask = (uint8_t)gd_range(g, 1, 15);
    bool ok;
    if (k < 5) {
      ok = dcl_reg(g, 0x62, gd_range(g, 1, 7), OT_INPUT, false, 0, r, mask, -1);
    } else if (k == 5) {
      int name = sv_once(&g->sv_in, siv[gd_pick(g, sizeof siv)]);
      uint32_t interp = name == 1 ? pos_interp[gd_pick(g, 3)] : gd_range(g, 1, 7);
      if (name >= 4) mask = 1;
      ok = dcl_reg(g, name < 0 ? 0x62 : 0x64, interp, OT_INPUT, false, 0, r, mask, name);
    } else {
      mask = 1;
      int name = sv_once(&g->sv_in, sgv[gd_pick(g, sizeof sgv)]);
      ok = dcl_reg(g, name < 0 ? 0x62 : 0x63, 1, OT_INPUT, false, 0, r, mask, name); /* constant */
    }
    if (ok) add_in(g, OT_INPUT, false, 0, r, mask);
  }
  if (g->sm5 && gd_chance(g, 32)) dcl_sv(g, OT_COVERAGE, false, 0);
  if (g->sm5 && gd_chance(g, 16)) dcl_sv(g, OT_INNER_COV, false, 0);
  if (g->sm5 && gd_chance(g, 8)) dcl_sv(g, OT_CYCLE, true, 3);
  dcl_outputs(g, 0, gd_pick(g, 5), NULL, 0, 0);
  if (gd_chance(g, 48)) {
    static const uint8_t depth[] = {OT_DEPTH, OT_DEPTH_GE, OT_DEPTH_LE};
    dcl_out_special(g, depth[g->sm5 ? gd_pick(g, 3) : 0]);
  }
  if (gd_chance(g, 32)) dcl_out_special(g, OT_OMASK);
  if (g->sm5 && gd_chance(g, 16)) dcl_out_special(g, OT_STENCIL);
}

static void io_vs(gctx *g) {
  static const uint8_t sgv[] = {6, 8}, out_sv[] = {1, 2, 3};
  unsigned n = gd_pick(g, 5);
  for (uint32_t r = 0; r < n && gd_room(g, 1); r++) {
    uint8_t mask = (uint8_t)gd_range(g, 1, 15);
    bool ok;
    if (gd_pick(g, 5) < 4) {
      ok = dcl_reg(g, 0x5f, 0, OT_INPUT, false, 0, r, mask, -1);
    } else {
      mask = 1;
      int name = sv_once(&g->sv_in, sgv[gd_pick(g, 2)]);
      ok = dcl_reg(g, name < 0 ? 0x5f : 0x60, 0, OT_INPUT, false, 0, r, mask, name);
    }
    if (ok) add_in(g, OT_INPUT, false, 0, r, mask);
  }
  dcl_outputs(g, 0, gd_pick(g, 5), out_sv, sizeof out_sv, 0x67);
}

static void io_gs(gctx *g) {
  static const uint8_t prims[] = {1, 2, 3, 6, 7}, verts[] = {1, 2, 3, 0, 0, 4, 6};
  static const uint8_t topo[] = {5, 5, 1, 3, 2, 4, 10, 11, 12, 13};
  static const uint8_t in_sv[] = {1, 2, 3}, out_sv[] = {1, 4, 5, 7};
  uint32_t prim = prims[gd_pick(g, sizeof prims)], nv = verts[prim - 1];
  if (g->sm5 && gd_chance(g, 32)) {
    nv = gd_range(g, 1, 32);
    prim = 7 + nv; /* patchN */
  }
  unsigned n = gd_pick(g, 4);
  for (uint32_t r = 0; r < n && gd_room(g, 1); r++) {
    uint8_t mask = (uint8_t)gd_range(g, 1, 15);
    int name = gd_pick(g, 4) < 3 ? -1 : sv_once(&g->sv_in, in_sv[gd_pick(g, 3)]);
    bool ok = dcl_reg(g, name < 0 ? 0x5f : 0x61, 0, OT_INPUT, true, nv, r, mask, name);
    if (ok) add_in(g, OT_INPUT, true, nv, r, mask);
  }
  if (gd_chance(g, 48)) dcl_sv(g, OT_PRIM, false, 0);
  dcl_dwords(g, 0x5d, prim, NULL, 0);
  if (g->sm5 && gd_chance(g, 64)) {
    uint32_t k = gd_range(g, 1, 32);
    if (dcl_dwords(g, 0xce, 0, &k, 1) && gd_chance(g, 200)) dcl_sv(g, OT_GS_INST, false, 0);
  }
  if (g->sm5 && gd_chance(g, 96)) {
    unsigned k = gd_range(g, 1, 4);
    for (unsigned i = 0; i < k; i++) {
      opd o;
      gd_reg1(&o, OT_STREAM, i);
      if (dcl_opd(g, 0x8f, 0, &o, NULL, 0)) g->nstreams = i + 1;
    }
  }
  dcl_dwords(g, 0x5c, topo[gd_pick(g, sizeof topo)], NULL, 0);
  dcl_outputs(g, 0, gd_pick(g, 5), out_sv, sizeof out_sv, 0x67);
}

static void io_ds(gctx *g) {
  static const uint8_t out_sv[] = {1, 2, 3};
  uint32_t ncp = gd_range(g, 1, 32);
  dcl_dwords(g, 0x93, ncp, NULL, 0);
  dcl_dwords(g, 0x95, gd_range(g, 1, 3), NULL, 0);
  if (gd_chance(g, 160)) dcl_sv(g, OT_DOMAIN, true, (uint8_t)(gd_chance(g, 128) ? 3 : 7));
  unsigned n = gd_pick(g, 5);
  for (uint32_t r = 0; r < n && gd_room(g, 1); r++) {
    uint8_t mask = (uint8_t)gd_range(g, 1, 15);
    unsigned k = gd_pick(g, 4);
    if (k < 2 && dcl_reg(g, 0x5f, 0, OT_ICP, true, ncp, r, mask, -1)) add_in(g, OT_ICP, true, ncp, r, mask);
    if (k == 2 && dcl_reg(g, 0x5f, 0, OT_PC, false, 0, r, mask, -1)) add_in(g, OT_PC, false, 0, r, mask);
    int name = k == 3 ? sv_once(&g->sv_in, (uint8_t)gd_range(g, 11, 22)) : -1;
    if (k == 3 && name >= 0 && dcl_reg(g, 0x61, 0, OT_PC, false, 0, r, 1, name)) add_in(g, OT_PC, false, 0, r, 1);
  }
  dcl_outputs(g, 0, gd_pick(g, 5), out_sv, sizeof out_sv, 0x67);
}

static void io_cs(gctx *g) {
  static const uint8_t vec[] = {OT_TID, OT_TGID, OT_TID_GROUP};
  for (unsigned i = 0; i < 3; i++)
    if (gd_chance(g, 96)) dcl_sv(g, vec[i], true, (uint8_t)gd_range(g, 1, 7));
  if (gd_chance(g, 96)) dcl_sv(g, OT_TID_FLAT, false, 0);
  if (gd_chance(g, 8)) dcl_sv(g, OT_CYCLE, true, 3);
}

static void dcl_cs_tail(gctx *g) {
  unsigned n = gd_pick(g, MAX_G + 1);
  for (unsigned i = 0; i < n && gd_room(g, 1); i++) {
    res *m = &g->gm[g->ng];
    memset(m, 0, sizeof *m);
    m->id = i;
    opd o;
    gd_reg1(&o, OT_TGSM, i);
    bool ok;
    if (gd_chance(g, 128)) {
      m->kind = K_RAW;
      uint32_t bytes = 4 * gd_range(g, 1, 256);
      ok = dcl_opd(g, 0x9f, 0, &o, &bytes, 1);
    } else {
      m->kind = K_STRUCT;
      m->stride = 4 * gd_range(g, 1, 16);
      uint32_t x[2] = {m->stride, gd_range(g, 1, 64)};
      ok = dcl_opd(g, 0xa0, 0, &o, x, 2);
    }
    if (ok) g->ng++;
  }
  uint32_t tg[3];
  tg[0] = gd_range(g, 1, 64);
  tg[1] = gd_range(g, 1, 1024 / tg[0] < 16 ? 1024 / tg[0] : 16);
  tg[2] = gd_range(g, 1, 1024 / (tg[0] * tg[1]) < 64 ? 1024 / (tg[0] * tg[1]) : 64);
  dcl_dwords(g, 0x9b, 0, tg, 3);
}

/* Flags, linkage, the immediate constant buffer, constant buffers, samplers, resources, UAVs. */
static void dcl_head(gctx *g) {
  dcl_flags(g);
  dcl_linkage(g);
  dcl_icb(g);
  dcl_cbs(g);
  dcl_samplers(g);
  dcl_resources(g);
  dcl_uavs(g);
}

/* ---- Programs ---------------------------------------------------------------------------------- */

/* The part of what is left that a body may use, drawn so that program sizes vary. */
static unsigned body_share(gctx *g, unsigned parts) {
  unsigned avail = g->left > g->reserve ? g->left - g->reserve : 0;
  return gd_range(g, 0, avail / (parts ? parts : 1));
}

static void reset_phase(gctx *g) {
  g->ntemps = g->nx = g->nin = g->nsv = g->no = 0;
  g->in_range = g->out_range = false;
}

/* hs_decls, the patch declarations and up to 4 phases (control point, fork, join), each with its own
 * declarations, body and ret. */
static void gen_hs(gctx *g) {
  unsigned cp = gd_chance(g, 160), forks = gd_pick(g, 3), joins = gd_pick(g, 2);
  if (!cp && !forks && !joins) forks = 1;
  unsigned phases = cp + forks + joins;
  g->reserve += 2 * phases;
  gd_emit_bare(g, OP_HS_DECLS, 0);
  uint32_t icp = gd_range(g, 1, 32), ocp = gd_range(g, 0, 32);
  dcl_dwords(g, 0x93, icp, NULL, 0);
  dcl_dwords(g, 0x94, ocp, NULL, 0);
  dcl_dwords(g, 0x95, gd_range(g, 1, 3), NULL, 0);
  dcl_dwords(g, 0x96, gd_range(g, 1, 4), NULL, 0);
  dcl_dwords(g, 0x97, gd_range(g, 1, 4), NULL, 0);
  if (gd_chance(g, 96)) {
    static const uint32_t fac[] = {0x3f800000u, 0x41800000u, 0x42800000u, 0x41000000u}; /* 1, 16, 64, 8 */
    uint32_t v = gd_chance(g, 192) ? fac[gd_pick(g, 4)] : sf_fdp_f32_bits(g->f);
    dcl_dwords(g, 0x98, 0, &v, 1);
  }
  dcl_head(g);
  uint32_t pc_next = 0;
  for (unsigned p = 0; p < phases && !g->fail; p++) {
    unsigned kind = p < cp ? 0 : p < cp + forks ? 1 : 2;
    g->reserve -= 2;
    gd_emit_bare(g, kind == 0 ? OP_HS_CP : kind == 1 ? OP_HS_FORK : OP_HS_JOIN, 0);
    g->reserve += 1;
    reset_phase(g);
    if (kind == 0) {
      if (gd_chance(g, 160)) dcl_sv(g, OT_OCP_ID, false, 0);
      unsigned n = gd_pick(g, 3);
      for (uint32_t r = 0; r < n; r++) {
        uint8_t mask = (uint8_t)gd_range(g, 1, 15);
        if (dcl_reg(g, 0x5f, 0, OT_INPUT, true, icp, r, mask, -1)) add_in(g, OT_INPUT, true, icp, r, mask);
      }
      if (gd_chance(g, 32)) dcl_sv(g, OT_PRIM, false, 0);
      dcl_outputs(g, 0, gd_pick(g, 4), NULL, 0, 0);
    } else {
      if (gd_chance(g, 128)) {
        uint32_t k = gd_range(g, 1, 8);
        if (dcl_dwords(g, kind == 1 ? 0x99 : 0x9a, 0, &k, 1) && gd_chance(g, 200))
          dcl_sv(g, kind == 1 ? OT_FORK_ID : OT_JOIN_ID, false, 0);
      }
      unsigned n = gd_pick(g, 3);
      for (uint32_t r = 0; r < n; r++) {
        uint8_t mask = (uint8_t)gd_range(g, 1, 15);
        if (kind == 2) {
          if (dcl_reg(g, 0x5f, 0, OT_PC, false, 0, r, mask, -1)) add_in(g, OT_PC, false, 0, r, mask);
        } else {
          uint8_t type = gd_chance(g, 128) ? OT_ICP : OT_OCP;
          uint32_t nv = type == OT_ICP ? icp : (ocp ? ocp : 1);
          if (dcl_reg(g, 0x5f, 0, type, true, nv, r, mask, -1)) add_in(g, type, true, nv, r, mask);
        }
      }
      static const uint8_t tess[] = {11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22};
      pc_next = dcl_outputs(g, pc_next, gd_pick(g, 4), tess, sizeof tess, 0x67); /* patch constants: one o# space */
    }
    dcl_temps_x(g);
    dcl_ranges(g);
    gd_build_rows(g);
    gd_gen_body(g, body_share(g, phases - p));
    g->reserve -= 1;
    gd_emit_bare(g, OP_RET, 0);
  }
}

/* A subroutine after the main ret: label (l# or fb#), a short body without calls, ret. */
static void gen_sub(gctx *g, uint8_t type, uint32_t id) {
  g->reserve -= 2;
  opd o;
  gd_reg1(&o, type, id);
  if (!dcl_opd(g, OP_LABEL, 0, &o, NULL, 0)) return;
  g->reserve += 1;
  gd_gen_body(g, body_share(g, 2));
  g->reserve -= 1;
  gd_emit_bare(g, OP_RET, 0);
}

static void gen_program(gctx *g) {
  if (g->stage == HS) {
    gen_hs(g);
    return;
  }
  g->reserve = 1; /* the main ret */
  dcl_head(g);
  switch (g->stage) {
    case PS: io_ps(g); break;
    case VS: io_vs(g); break;
    case GS: io_gs(g); break;
    case DS: io_ds(g); break;
    default: io_cs(g); break;
  }
  dcl_ranges(g);
  dcl_temps_x(g);
  if (g->stage == GS) {
    uint32_t k = gd_range(g, 1, 256);
    dcl_dwords(g, 0x5e, 0, &k, 1); /* dcl_maxout */
  }
  if (g->stage == CS) dcl_cs_tail(g);
  if (gd_chance(g, 48) && gd_room(g, 5)) { /* subroutines l0.. */
    g->nlabels = gd_range(g, 1, 2);
    g->reserve += 2 * g->nlabels;
  }
  gd_build_rows(g);
  gd_gen_body(g, body_share(g, 1 + g->nlabels + g->nbodies));
  g->reserve -= 1;
  gd_emit_bare(g, OP_RET, 0);
  g->in_sub = true;
  gd_build_rows(g);
  for (unsigned i = 0; i < g->nlabels && !g->fail; i++) gen_sub(g, OT_LABEL, i);
  for (unsigned i = 0; i < g->nbodies && !g->fail; i++) gen_sub(g, OT_FBODY, i);
}

sf_code sf_gen_d3d_program(sf_fdp *f, unsigned flags, sf_buf *out, sf_status *st) {
  if (!f || !out) return sf_fail(st, SF_ERR_INVALID, "sf_gen_d3d_program: NULL argument");
  if (flags & ~(unsigned)SF_GEN_D3D_FLAGS)
    return sf_fail(st, SF_ERR_INVALID, "sf_gen_d3d_program: unknown flags 0x%x", flags);
  gctx g;
  memset(&g, 0, sizeof g);
  g.f = f;
  g.out = out;
  g.flags = flags;
  g.left = SF_GEN_D3D_MAX_ITEMS;
  /* 4.0, 4.1, 5.0, 5.1; ps, vs, gs everywhere, hs, ds, cs from 5.0 */
  unsigned v = gd_pick(&g, 4);
  g.major = v < 2 ? 4 : 5;
  g.minor = v & 1;
  g.sm5 = g.major == 5;
  g.sm51 = v == 3;
  g.stage = gd_pick(&g, g.sm5 ? 6 : 3);
  g.doubles = g.sm5 && gd_chance(&g, 128);
  g.doubles_ext = g.doubles && gd_chance(&g, 160);
  g.minprec = g.sm5 && gd_chance(&g, 64);
  size_t start = out->len;
  uint32_t version = ((uint32_t)g.stage << 16) | (g.major << 4) | g.minor;
  if (!sf_wr_u32(out, version) || !sf_wr_u32(out, 0)) g.fail = true;
  if (!g.fail) gen_program(&g);
  if (g.fail || !sf_buf_patch_u32(out, start + 4, (uint32_t)((out->len - start) / 4))) {
    out->len = start;
    return sf_fail(st, SF_ERR_LIMIT, "sf_gen_d3d_program: the output buffer refused the program (limit %zu bytes)",
                   out->limit ? out->limit : (size_t)SF_BUF_DEFAULT_LIMIT);
  }
  return SF_OK;
}
