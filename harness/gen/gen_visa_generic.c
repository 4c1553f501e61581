/* harness/gen/gen_visa_generic.c — random generic vISA instructions for whole kernels
 * (sf_gen_visa_generic, samplefuzz/gen.h).
 *
 * The sample-family generator (inst_gen.c) draws only the three sampler instructions. Real kernels are mostly other
 * instructions: ALU and compare, movs, labels, subroutines and jumps, scaled and typed gathers and scatters, SVM,
 * load_3d and the 3D_INFO queries. Their binary codec and their text (docs/visa-binary.md §6.1, docs/visa-text.md
 * "Generic instructions") are driven by the opcode table (harness/visa/visa_optab.c), and this generator draws from
 * the same table: any row that has a text class, with fields that fit the row's layout, so that whatever it draws
 * has a binary form and a text form. Operands refer to declarations the generator adds to the kernel itself (six
 * general variables of different types, two predicates, an address, up to three labels), so the caller's own
 * declarations are left as they were.
 *
 * Labels follow the text's rules (docs/visa-text.md): ids in order of first appearance, every label used, kind 1
 * exactly for a label that a subroutine (0x30) defines. The draws go through sf_fdp, so a seed file keeps its
 * meaning, and every loop is bounded by the caller's cap. A row whose opcode byte stands for many operations is
 * drawn as often as its sub-op rows (gv_row). */
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"

#define GV_NVARS 6u
#define GV_NPREDS 2u
#define GV_MAX_LABELS 3u

typedef struct gv {
  sf_fdp *f;
  uint32_t var0;  /* id of the first of the generator's GV_NVARS variables */
  uint32_t pred0; /* id of the first of its GV_NPREDS predicates */
  uint32_t addr0; /* id of its address variable (addr_add's destination) */
  uint32_t callee0; /* string index of the first of the two callee names fcall draws from; 0: none yet */
  struct sf_visa_kernel *k; /* the kernel being filled (fcall adds its callee names to its strings) */
  unsigned flags;           /* SF_GEN_VISA_PLAIN */
} gv;

static uint32_t gv_pick(gv *g, uint32_t n) { return (uint32_t)sf_fdp_pick(g->f, n); }

static void gv_vopnd(gv *g, sf_vopnd *v, bool dst) {
  memset(v, 0, sizeof *v);
  uint32_t pick = gv_pick(g, 8);
  if (pick < 5 || dst) {
    v->cls = SF_VCLS_GENERAL;
    v->id = g->var0 + gv_pick(g, GV_NVARS);
    v->row_off = (uint8_t)gv_pick(g, 4);
    v->col_off = (uint8_t)gv_pick(g, 16);
    v->region.vstride = (uint8_t)gv_pick(g, 16);
    v->region.width = (uint8_t)gv_pick(g, 16);
    v->region.hstride = (uint8_t)gv_pick(g, 16);
  } else if (pick < 7) {
    v->cls = SF_VCLS_IMMEDIATE;
    v->type = (uint8_t)gv_pick(g, 16);
    v->imm = sf_fdp_u64(g->f);
    if (sf_vtype_size(v->type) != 8) v->imm &= 0xFFFFFFFFull;
  } else {
    v->cls = SF_VCLS_PREDICATE;
    v->id = g->pred0 + gv_pick(g, GV_NPREDS);
  }
  v->mod = (uint8_t)gv_pick(g, 6);
  if (!(g->flags & SF_GEN_VISA_PLAIN)) return;
  /* plain: what GenX_IR's printer writes without loss (region codes 1-7, the real strides; a
   * destination's stride alone; modifiers 0-3 on general sources only; a named type, its value
   * fitting it) */
  if (v->cls == SF_VCLS_GENERAL) {
    v->region.hstride = (uint8_t)(1 + v->region.hstride % 7u);
    v->region.vstride = dst ? 0 : (uint8_t)(1 + v->region.vstride % 7u);
    v->region.width = dst ? 0 : (uint8_t)(1 + v->region.width % 7u);
  }
  v->mod = v->cls == SF_VCLS_GENERAL && !dst ? (uint8_t)(v->mod % 4u) : 0;
  if (v->cls == SF_VCLS_IMMEDIATE) {
    static const uint8_t types[8] = {SF_VT_UD, SF_VT_D, SF_VT_UW, SF_VT_W, SF_VT_F, SF_VT_HF, SF_VT_Q, SF_VT_DF};
    v->type = types[v->type % 8u];
    unsigned sz = sf_vtype_size(v->type);
    if (sz < 8) v->imm &= (1ull << (8 * sz)) - 1;
  }
}

/* The next field of x, cleared, of kind `kind`. */
static sf_visa_gop *gop_new(sf_visa_ginst *x, char kind) {
  sf_visa_gop *o = &x->ops[x->num_ops++];
  memset(o, 0, sizeof *o);
  o->kind = (uint8_t)kind;
  return o;
}

static void gop_u(sf_visa_ginst *x, char kind, uint32_t u) { gop_new(x, kind)->u = u; }
static void gop_v(sf_visa_ginst *x, gv *g, bool dst) { gv_vopnd(g, &gop_new(x, SF_VF_VEC)->v, dst); }

/* A raw operand: %null (V0) one time in eight, else one of the variables at a random offset. */
static void gop_r(sf_visa_ginst *x, gv *g) {
  sf_visa_gop *o = gop_new(x, SF_VF_RAW);
  o->r.id = gv_pick(g, 8) == 0 ? 0 : g->var0 + gv_pick(g, GV_NVARS);
  o->r.off = (uint16_t)sf_fdp_u16(g->f);
}

static uint32_t gv_exec(gv *g) { return gv_pick(g, 6) | gv_pick(g, 16) << 4; }

/* No predicate half of the time; else one of the two, with a control (none/any/all) and maybe negated. */
static uint32_t gv_pred(gv *g) {
  if (sf_fdp_bool(g->f)) return 0;
  uint32_t id = g->pred0 + gv_pick(g, GV_NPREDS);
  return id | gv_pick(g, 3) << 13 | (sf_fdp_bool(g->f) ? 0x8000u : 0u);
}

/* The fields every LSC untyped form starts with: the sub-op, exec, predicate, an untyped sfid (ugm,
 * ugml, slm) and the L1/L3 cache options (both default half of the time). */
static void gen_lsc_head(sf_visa_ginst *x, gv *g, uint32_t sub) {
  static const uint8_t sfids[3] = {0, 1, 3};
  gop_u(x, 'S', sub);
  gop_u(x, 'E', gv_exec(g));
  gop_u(x, 'P', gv_pred(g));
  gop_u(x, 'b', sfids[gv_pick(g, 3)]);
  bool cached = sf_fdp_bool(g->f);
  gop_u(x, 'b', cached ? gv_pick(g, 7) : 0);
  gop_u(x, 'b', cached ? gv_pick(g, 7) : 0);
}

/* The atomic operations with a name in GenX_IR 12504's text (0-12, 16-20). */
static const uint8_t gv_atomic_ops[18] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 16, 17, 18, 19, 20};

/* The fields of one instruction of opcode op (a row with a text class). The label, when the layout
 * has one, is the next new label (always for the first) or one already used. */
static bool gv_fields(gv *g, uint8_t op, sf_visa_ginst *x, uint32_t *next_label, uint32_t num_labels) {
  const sf_visa_opdesc *d = sf_visa_optab(op);
  x->op = op;
  x->form = SF_VISA_FORM_SPEC;
  uint32_t lab = 0;
  if (op == 0x4e && sf_fdp_chance(g->f, 64)) { /* svm_atomic: sub-op 5, a named operation */
    gop_u(x, 'S', 5);
    gop_u(x, 'E', gv_exec(g));
    gop_u(x, 'P', gv_pred(g));
    uint32_t width = gv_pick(g, 4); /* .16 (bit 5) or .64 (bit 6) now and then */
    gop_u(x, 'b', gv_atomic_ops[gv_pick(g, 18)] | (width == 1 ? 0x20u : width == 2 ? 0x40u : 0u));
    for (int i = 0; i < 4; i++) gop_r(x, g);
    return true;
  }
  if (op == 0x4e && sf_fdp_chance(g->f, 64)) { /* svm_block_ld / svm_block_st: sub-ops 1 and 2 */
    gop_u(x, 'S', 1 + gv_pick(g, 2));
    gop_u(x, 'b', gv_pick(g, 5));
    gop_v(x, g, false);
    gop_r(x, g);
    return true;
  }
  if (op == 0x4e && sf_fdp_chance(g->f, 64)) { /* svm_gather4scaled / svm_scatter4scaled: sub-ops 6 and 7 */
    gop_u(x, 'S', 6 + gv_pick(g, 2));
    gop_u(x, 'E', gv_exec(g));
    gop_u(x, 'P', gv_pred(g));
    gop_u(x, 'b', 1 + gv_pick(g, 15));
    gop_u(x, 'w', 0);
    gop_v(x, g, false);
    gop_r(x, g);
    gop_r(x, g);
    return true;
  }
  if (op == 0x4e) { /* svm_gather / svm_scatter: sub-ops 3 and 4 */
    gop_u(x, 'S', 3 + gv_pick(g, 2));
    gop_u(x, 'E', gv_exec(g));
    gop_u(x, 'P', gv_pred(g));
    gop_u(x, 'b', gv_pick(g, 3));
    gop_u(x, 'b', gv_pick(g, 4));
    gop_r(x, g);
    gop_r(x, g);
    return true;
  }
  if (op == 0x44 || op == 0x4d) { /* VA / VA_SKL_PLUS: a sub-op with text, mode bytes that have names (visa_va_text.c) */
    const sf_visa_opdesc *va = sf_visa_optab(op);
    const sf_visa_subop *s = &va->subs[gv_pick(g, va->num_subs)];
    const char *plan = sf_visa_va_plan(op, (uint8_t)s->value);
    if (!plan) return false;
    gop_u(x, 'S', (uint32_t)s->value);
    for (const char *p = plan; *p; p++) {
      if (*p == 'T' || *p == 'S') {
        gop_u(x, 'b', gv_pick(g, *p == 'T' ? 8 : SF_GEN_NUM_SAMPLERS));
      } else if (*p == 'V') {
        gop_v(x, g, false);
      } else if (*p == 'R') {
        gop_r(x, g);
      } else if (*p == 'M') { /* the enable mode: by name (a UB immediate 0-2) or an operand */
        gop_v(x, g, false);
        sf_vopnd *v = &x->ops[x->num_ops - 1].v;
        if (gv_pick(g, 2) || v->cls == SF_VCLS_IMMEDIATE) { /* another immediate prints by name too: no text */
          memset(v, 0, sizeof *v);
          v->cls = SF_VCLS_IMMEDIATE, v->type = SF_VT_UB, v->imm = gv_pick(g, 3);
        }
      } else { /* a mode byte: one of the values its letter names */
        uint32_t m = gv_pick(g, 32), tries = 0;
        while (tries++ < 32 && !sf_visa_va_mode_ok(*p, m)) m = (m + 1) % 32;
        gop_u(x, 'b', m);
      }
    }
    return true;
  }
  if (op == 0x89) { /* LSC untyped load/store/atomic, with fields its text carries (visa_lsc_text.c) */
    static const uint8_t subs[28] = {0x00, 0x02, 0x1b, 0x04, 0x06, 0x1c, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f,
                                     0x10, 0x11, 0x12, 0x13, 0x14, 0x15, 0x16, 0x17, 0x18, 0x19, 0x1a, 0x01, 0x05, 0x1d};
    if (gv_pick(g, 6) == 0) { /* a 2D block load or store (sub-ops 0x03, 0x07: visa_lsc_text.c) */
      bool store = gv_pick(g, 2);
      gen_lsc_head(x, g, store ? 0x07u : 0x03u);
      gop_u(x, 'b', 1 + gv_pick(g, 7));                          /* data size */
      gop_u(x, 'b', 1 + gv_pick(g, 2));                          /* order: 2 = transposed */
      gop_u(x, 'b', gv_pick(g, 8) ? 1 + gv_pick(g, 4) : 1 + gv_pick(g, 255)); /* blocks */
      gop_u(x, 'w', gv_pick(g, 8) ? 1 + gv_pick(g, 64) : 1 + gv_pick(g, 0xffff));
      gop_u(x, 'w', gv_pick(g, 8) ? 1 + gv_pick(g, 32) : 1 + gv_pick(g, 0xffff));
      gop_u(x, 'b', gv_pick(g, 2));                              /* VNNI */
      if (store) gop_u(x, 'R', 0);
      else gop_r(x, g);
      for (int i = 0; i < 6; i++) { /* base, width, height, pitch, x, y: a variable, or (not the base) a UD */
        sf_visa_gop *s = gop_new(x, SF_VF_VEC);
        if (i > 0 && gv_pick(g, 3) == 0) {
          s->v.cls = SF_VCLS_IMMEDIATE;
          s->v.type = SF_VT_UD;
          s->v.imm = gv_pick(g, 2) ? gv_pick(g, 256) : sf_fdp_u32(g->f);
        } else {
          s->v.cls = SF_VCLS_GENERAL;
          s->v.id = g->var0 + gv_pick(g, GV_NVARS);
          s->v.row_off = (uint8_t)(gv_pick(g, 4) ? 0 : gv_pick(g, 4));
          s->v.col_off = (uint8_t)(gv_pick(g, 2) ? 0 : gv_pick(g, 8));
          s->v.region = (sf_region){1, 2, 1, 0};
        }
      }
      if (store) gop_r(x, g);
      else gop_u(x, 'R', 0);
      return true;
    }
    uint32_t sub = subs[gv_pick(g, 28)], model = 1 + gv_pick(g, 5);
    bool quad = sub == 0x02 || sub == 0x06, strided = sub == 0x01 || sub == 0x05;
    bool store = sub == 0x04 || sub == 0x05 || sub == 0x06 || sub == 0x1c || sub == 0x1d, load = sub < 0x04 || sub == 0x1b;
    gen_lsc_head(x, g, sub);
    gop_u(x, 'b', model);
    gop_u(x, 'w', gv_pick(g, 8) ? 1u : 2u + gv_pick(g, 0xfffe));
    gop_u(x, 'd', gv_pick(g, 2) ? 0u : sf_fdp_u32(g->f));
    gop_u(x, 'b', 1 + gv_pick(g, 3));
    gop_u(x, 'b', 1 + gv_pick(g, 7));
    gop_u(x, 'b', quad ? 1u : 1u + gv_pick(g, 2));
    uint32_t n = quad ? 1 + gv_pick(g, 15) : 1 + gv_pick(g, 8);
    gop_u(x, 'b', n);
    gop_u(x, 'b', strided ? 0u : n); /* the channel mask: IGC writes the vector length there, 0 when strided */
    sf_visa_gop *s = gop_new(x, SF_VF_VEC);
    s->v.cls = SF_VCLS_IMMEDIATE; /* flat and arg: immediate 0 */
    if (model >= 2 && model <= 4 && sf_fdp_bool(g->f)) {
      s->v.imm = sf_fdp_u32(g->f);
    } else if (model >= 2 && model <= 4) {
      s->v.cls = SF_VCLS_GENERAL;
      s->v.id = g->var0 + gv_pick(g, GV_NVARS);
      s->v.row_off = (uint8_t)gv_pick(g, 4);
      s->v.col_off = (uint8_t)gv_pick(g, 8);
      s->v.region = (sf_region){1, 2, 1, 0};
    }
    for (int i = 0; i < 4; i++) {
      if (strided && i == 2) { /* the pitch: a variable (not %null) or a UD immediate */
        sf_visa_gop *pv = gop_new(x, SF_VF_VEC);
        if (gv_pick(g, 2)) {
          pv->v.cls = SF_VCLS_IMMEDIATE, pv->v.type = SF_VT_UD, pv->v.imm = gv_pick(g, 2) ? 4u << gv_pick(g, 5) : sf_fdp_u32(g->f);
        } else {
          pv->v.cls = SF_VCLS_GENERAL, pv->v.id = g->var0 + gv_pick(g, GV_NVARS), pv->v.col_off = (uint8_t)gv_pick(g, 4);
          pv->v.region = (sf_region){1, 2, 1, 0};
        }
        continue;
      }
      bool null = (i == 0 && store) || (i == 2 && load) || (i == 3 && !(sub >= 0x08 && sub <= 0x1a) && !(strided && store));
      if (null) gop_u(x, 'R', 0);
      else gop_r(x, g);
    }
    return true;
  }
  if (op == 0x8a) { /* LSC typed (.tgm): the sub-ops and fields its text carries (visa_lsc_typed.c) */
    /* load_quad, store_quad, read_state_info, the atomics 0x08-0x1a, and (our spellings) load_status,
     * store_uncompressed, ccs_update */
    uint32_t pick = gv_pick(g, 25),
             sub = pick == 0 ? 0x02u : pick == 1 ? 0x06u : pick == 2 ? 0x1eu : pick < 22 ? 0x08u + pick - 3 : 0x1bu + pick - 22;
    bool info = sub == 0x1e, store = sub == 0x06 || sub == 0x1c || sub == 0x1d, atomic = sub >= 0x08 && sub <= 0x1a;
    bool lengths = atomic || (sub >= 0x1b && !info); /* the data as a vector length, not quad channels */
    gop_u(x, 'S', sub);
    gop_u(x, 'E', info ? 0x80u : gv_exec(g));
    gop_u(x, 'P', gv_pred(g));
    bool cached = !info && sf_fdp_bool(g->f);
    gop_u(x, 'b', cached ? gv_pick(g, 7) : 0);
    gop_u(x, 'b', cached ? gv_pick(g, 7) : 0);
    gop_u(x, 'b', 2 + gv_pick(g, 3));                /* bss, ss, bti */
    gop_u(x, 'b', info ? 2u : 1 + gv_pick(g, 3));    /* address size */
    gop_u(x, 'b', info ? 3u : 1 + gv_pick(g, 7));    /* data size */
    /* order and the one value of length and mask: the channels (quad), a length code, now and then
     * the other spelling (a quad transposed with a length, an atomic with channels past the codes) */
    bool other = gv_pick(g, 8) == 0;
    uint32_t order = 1, v = 1;
    if (lengths && other) v = 9 + gv_pick(g, 7);
    else if (lengths) v = 1 + gv_pick(g, 8), order = 1 + gv_pick(g, 2);
    else if (!info && other) v = 1 + gv_pick(g, 8), order = 2;
    else if (!info) v = 1 + gv_pick(g, 15);
    gop_u(x, 'b', order);
    gop_u(x, 'b', v);
    gop_u(x, 'b', v); /* IGC writes the one value to both bytes */
    sf_visa_gop *s = gop_new(x, SF_VF_VEC);
    if (sf_fdp_bool(g->f)) {
      s->v.cls = SF_VCLS_IMMEDIATE, s->v.type = SF_VT_UD, s->v.imm = gv_pick(g, 2) ? gv_pick(g, 256) : sf_fdp_u32(g->f);
    } else {
      s->v.cls = SF_VCLS_GENERAL, s->v.id = g->var0 + gv_pick(g, GV_NVARS), s->v.region = (sf_region){1, 2, 1, 0};
      s->v.row_off = (uint8_t)(gv_pick(g, 4) ? 0 : gv_pick(g, 4));
      s->v.col_off = (uint8_t)(gv_pick(g, 2) ? 0 : gv_pick(g, 8));
    }
    if (store) gop_u(x, 'R', 0);
    else gop_r(x, g);
    uint32_t coords = info ? 0 : 1 + gv_pick(g, 4); /* U, then V, R, LOD; the rest %null */
    for (uint32_t i = 0; i < 4; i++) {
      if (i < coords) {
        gop_r(x, g);
        x->ops[x->num_ops - 1].r.id = g->var0 + gv_pick(g, GV_NVARS);
      } else {
        gop_u(x, 'R', 0);
      }
    }
    if (store || atomic) gop_r(x, g);
    else gop_u(x, 'R', 0);
    if (atomic) gop_r(x, g);
    else gop_u(x, 'R', 0);
    return true;
  }
  if (op == 0x70) { /* 3D_INFO: resinfo (10) has a LOD operand, sampleinfo (11) not */
    uint32_t sub = 10 + gv_pick(g, 2);
    gop_u(x, 'S', sub);
    gop_u(x, 'E', gv_exec(g));
    gop_u(x, 'b', gv_pick(g, 16));
    gop_u(x, 'b', gv_pick(g, 8));
    if (sub == 10) gop_r(x, g);
    gop_r(x, g);
    return true;
  }
  if (strchr(d->layout, 'L')) {
    if (*next_label < num_labels && (*next_label == 0 || sf_fdp_bool(g->f)))
      lab = (*next_label)++;
    else
      lab = gv_pick(g, *next_label);
  }
  switch (d->syn) {
    case SF_VSYN_ALU: {
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      unsigned nv = 0;
      for (const char *p = d->layout; *p; p++) nv += *p == 'V';
      /* addc and subb write two destinations: the result and the carry or borrow */
      for (unsigned i = 0; i < nv; i++) gop_v(x, g, i == 0 || (i == 1 && (op == 0x49 || op == 0x4a)));
      return true;
    }
    case SF_VSYN_CMP: {
      gop_u(x, 'E', gv_exec(g));
      /* mostly a relation 0-7 with or without the cmpn bit; sometimes any byte (reserved values) */
      uint32_t rel = gv_pick(g, 4) ? gv_pick(g, 8) | (sf_fdp_bool(g->f) ? 0x80u : 0u) : gv_pick(g, 256);
      gop_u(x, 'b', rel);
      gop_v(x, g, true);
      gop_v(x, g, false);
      gop_v(x, g, false);
      return true;
    }
    case SF_VSYN_MOVS:
      gop_u(x, 'E', gv_exec(g));
      gop_v(x, g, true);
      gop_v(x, g, false);
      return true;
    case SF_VSYN_CF:
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      if (strchr(d->layout, 'L')) gop_u(x, 'L', lab);
      return true;
    case SF_VSYN_LABEL: gop_u(x, 'L', lab); return true;
    case SF_VSYN_DPAS: { /* dpas / dpasw: three raw operands, src2 a variable with region <1;1,0>, the info word */
      static const uint8_t prec[10] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
      gop_u(x, 'E', gv_exec(g));
      for (int i = 0; i < 3; i++) gop_r(x, g);
      sf_visa_gop *s2 = gop_new(x, SF_VF_VEC);
      s2->v.cls = SF_VCLS_GENERAL;
      s2->v.id = g->var0 + gv_pick(g, GV_NVARS);
      s2->v.row_off = (uint8_t)gv_pick(g, 4);
      s2->v.col_off = (uint8_t)gv_pick(g, 8);
      s2->v.region = (sf_region){2, 2, 1, 0};
      bool tf32 = d->op == 0x83 && gv_pick(g, 8) == 0; /* dpas.tf32.tf32 (dpasw has no tf32 spelling) */
      uint32_t w = tf32 ? 12u : prec[gv_pick(g, 10)], a = tf32 ? 12u : prec[gv_pick(g, 10)];
      gop_u(x, 'd', w | a << 8 | (1u << gv_pick(g, 4)) << 16 | (1u + gv_pick(g, 8)) << 24);
      return true;
    }
    case SF_VSYN_FCALL: /* one of the two callee names (the functions sf_gen_isa_file may add), any sizes */
    case SF_VSYN_FADDR: /* the address of one of them */
      /* the names are added at the first use, so that a kernel without one has no string text
       * would not carry */
      for (uint32_t i = 0; i < 2 && !g->callee0; i++) {
        int64_t sid = sf_visa_kernel_add_string(g->k, i ? SF_GEN_VISA_CALLEE1 : SF_GEN_VISA_CALLEE0, 6, NULL);
        if (sid <= 0) return false;
        if (i == 1) g->callee0 = (uint32_t)sid - 1;
      }
      if (d->syn == SF_VSYN_FADDR) {
        gop_u(x, 'w', g->callee0 + gv_pick(g, 2));
        gop_v(x, g, true);
        return true;
      }
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'w', g->callee0 + gv_pick(g, 2));
      gop_u(x, 'b', gv_pick(g, 256));
      gop_u(x, 'b', gv_pick(g, 256));
      return true;
    case SF_VSYN_IFCALL: /* an indirect call through a general operand (a faddr's result, in IGC's code) */
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_v(x, g, false);
      gop_u(x, 'b', gv_pick(g, 256));
      gop_u(x, 'b', gv_pick(g, 256));
      return true;
    case SF_VSYN_SCALED4:
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'b', 1 + gv_pick(g, 15));
      gop_u(x, 'w', 0);
      gop_u(x, 'b', gv_pick(g, 8));
      gop_v(x, g, false);
      gop_r(x, g);
      gop_r(x, g);
      return true;
    case SF_VSYN_SCALED:
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'b', 0);
      gop_u(x, 'b', gv_pick(g, 3));
      gop_u(x, 'w', 0);
      gop_u(x, 'b', gv_pick(g, 8));
      gop_v(x, g, false);
      gop_r(x, g);
      gop_r(x, g);
      return true;
    case SF_VSYN_MINMAX:
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'b', gv_pick(g, 2));
      gop_v(x, g, true);
      gop_v(x, g, false);
      gop_v(x, g, false);
      return true;
    case SF_VSYN_BFN:
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_v(x, g, true);
      for (int i = 0; i < 3; i++) gop_v(x, g, false);
      gop_u(x, 'b', gv_pick(g, 256));
      return true;
    case SF_VSYN_LSC: /* lsc_fence (0x8b): the builder's exec and predicate, then sfid, op, scope */
      gop_u(x, 'E', 0x80);
      gop_u(x, 'P', 0);
      gop_u(x, 'b', gv_pick(g, 4));
      gop_u(x, 'b', gv_pick(g, 7));
      gop_u(x, 'b', gv_pick(g, 7));
      return true;
    case SF_VSYN_BARE: return true;
    case SF_VSYN_FENCE: /* fence_sw, or any mask without bit 7 */
      gop_u(x, 'b', gv_pick(g, 8) ? gv_pick(g, 128) : 0x80u);
      return true;
    case SF_VSYN_TYPED4:
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'b', 1 + gv_pick(g, 15));
      gop_u(x, 'b', gv_pick(g, 8));
      for (int i = 0; i < 5; i++) gop_r(x, g);
      return true;
    case SF_VSYN_ADDR: { /* addr_add: dst the address variable; src0 an address, &variable[bytes] or &surface */
      static const uint8_t esz[GV_NVARS] = {4, 4, 2, 2, 1, 1}; /* the six variables' types: ud d uw w ub b */
      gop_u(x, 'E', gv_exec(g));
      for (int i = 0; i < 2; i++) {
        sf_visa_gop *o = gop_new(x, SF_VF_VEC);
        uint32_t how = i ? gv_pick(g, 4) : 0;
        if (how == 0) {
          o->v.cls = SF_VCLS_ADDRESS, o->v.id = g->addr0, o->v.addr_off = (uint8_t)gv_pick(g, 16);
          o->v.width = (uint8_t)gv_pick(g, 6);
          if (i == 0 && gv_pick(g, 8) == 0) o->v.mod = SF_VMOD_SAT;
        } else if (how == 1) {
          o->v.cls = SF_VCLS_STATE, o->v.id = gv_pick(g, 8);
        } else {
          uint32_t v = gv_pick(g, GV_NVARS);
          o->v.cls = SF_VCLS_GENERAL, o->v.id = g->var0 + v, o->v.col_off = (uint8_t)gv_pick(g, 32u / esz[v]);
          o->v.region = (sf_region){1, 2, 1, 0};
        }
        /* now and then a modifier or tag bits on &var / &surface: valid in binary, no text form (the
         * printer must refuse it, not print the address without them) */
        if (how != 0 && gv_pick(g, 16) == 0) {
          if (gv_pick(g, 2)) o->v.mod = (uint8_t)(1 + gv_pick(g, 5));
          else o->v.tag_hi = (uint8_t)(1 + gv_pick(g, 3));
        }
      }
      gop_v(x, g, false);
      return true;
    }
    case SF_VSYN_DWATOMIC: {
      gop_u(x, 'b', gv_atomic_ops[gv_pick(g, 18)] | (gv_pick(g, 4) ? 0u : 0x20u));
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'b', gv_pick(g, 8));
      for (int i = 0; i < 4; i++) gop_r(x, g);
      return true;
    }
    case SF_VSYN_MEDIA: { /* a mode with a name (media_st: 0, 2, 3), plane 0-15, any block size */
      static const uint8_t st_modes[3] = {0, 2, 3};
      gop_u(x, 'b', op == 0x38 ? st_modes[gv_pick(g, 3)] : gv_pick(g, 6));
      gop_u(x, 'b', gv_pick(g, 8));
      gop_u(x, 'b', gv_pick(g, 16));
      gop_u(x, 'b', 1 + gv_pick(g, 64));
      gop_u(x, 'b', 1 + gv_pick(g, 64));
      gop_v(x, g, false);
      gop_v(x, g, false);
      gop_r(x, g);
      return true;
    }
    case SF_VSYN_OWORD:
      gop_u(x, 'b', gv_pick(g, 5));
      if (op != 0x36) gop_u(x, 'b', gv_pick(g, 2));
      gop_u(x, 'b', gv_pick(g, 8));
      gop_v(x, g, false);
      gop_r(x, g);
      return true;
    case SF_VSYN_RAWSEND: /* raw_send / raw_sendc, any descriptors and counts */
      gop_u(x, 'b', gv_pick(g, 2));
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'd', sf_fdp_u32(g->f));
      gop_u(x, 'b', gv_pick(g, 256));
      gop_u(x, 'b', gv_pick(g, 256));
      gop_v(x, g, false);
      gop_r(x, g);
      gop_r(x, g);
      return true;
    case SF_VSYN_RAWSENDS: { /* every modifier (sendc, eot), any ffid, counts and descriptors */
      uint32_t mod = gv_pick(g, 4);
      gop_u(x, 'b', mod);
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      for (int i = 0; i < 3; i++) gop_u(x, 'b', gv_pick(g, 256));
      gop_u(x, 'b', (mod & 1) && gv_pick(g, 4) ? 0u : gv_pick(g, 256)); /* raw_sendsc: mostly ffid 0, GenX_IR's parser's form */
      gop_v(x, g, false);
      gop_v(x, g, false);
      for (int i = 0; i < 3; i++) gop_r(x, g);
      return true;
    }
    case SF_VSYN_TYPEDATOMIC:
      gop_u(x, 'b', gv_atomic_ops[gv_pick(g, 18)] | (gv_pick(g, 4) ? 0u : 0x20u));
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'b', gv_pick(g, 8));
      for (int i = 0; i < 7; i++) gop_r(x, g);
      return true;
    case SF_VSYN_QW:
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'b', gv_pick(g, 4));
      gop_u(x, 'b', gv_pick(g, 8));
      gop_r(x, g);
      gop_r(x, g);
      return true;
    case SF_VSYN_LIFETIME: { /* start or end of a general variable, the address or a predicate */
      uint32_t cls = gv_pick(g, 3);
      gop_u(x, 'b', gv_pick(g, 2) | cls << 4);
      gop_u(x, 'd', cls == 0 ? g->var0 + gv_pick(g, GV_NVARS) : cls == 1 ? g->addr0 : g->pred0 + gv_pick(g, GV_NPREDS));
      return true;
    }
    case SF_VSYN_WAIT: gop_v(x, g, false); return true;
    case SF_VSYN_SBARRIER: gop_u(x, 'b', gv_pick(g, 2)); return true;
    case SF_VSYN_NBARRIER: /* signal: id and count; wait: the id twice, as IGC writes it */
      gop_u(x, 'b', gv_pick(g, 2));
      gop_v(x, g, false);
      if (x->ops[0].u) gop_v(x, g, false);
      else x->ops[x->num_ops] = x->ops[x->num_ops - 1], x->num_ops++;
      return true;
    case SF_VSYN_ALUNP:
      gop_u(x, 'E', gv_exec(g));
      gop_v(x, g, true);
      gop_v(x, g, false);
      if (op == 0x1e) gop_v(x, g, false);
      return true;
    case SF_VSYN_SWITCHJMP: { /* (M1, 1), the index, 1-4 labels in the order labels are first used */
      uint32_t n = 1 + gv_pick(g, 4);
      gop_u(x, 'E', 0);
      gop_u(x, 'n', n);
      gop_v(x, g, false);
      gop_u(x, 'L', lab);
      for (uint32_t i = 1; i < n; i++)
        gop_u(x, 'L', *next_label < num_labels && sf_fdp_bool(g->f) ? (*next_label)++ : gv_pick(g, *next_label));
      return true;
    }
    case SF_VSYN_SRCLOC: { /* LOC: any line; FILE: a new string per FILE (as text reads it), names that need escapes */
      static const char *const files[5] = {"k.cl", "/tmp/a b/k.cl", "q\"x\\y'.cl", "t\tab\a\x1b.cl", "\x01\x7f\xff\xc3\xa9.cl"};
      if (op == 0x52) {
        gop_u(x, 'd', gv_pick(g, 2) ? gv_pick(g, 1000) : sf_fdp_u32(g->f));
        return true;
      }
      const char *f = files[gv_pick(g, 5)];
      int64_t sid = sf_visa_kernel_add_string(g->k, f, strlen(f), NULL);
      if (sid < 0) return false;
      gop_u(x, 'd', (uint32_t)sid);
      return true;
    }
    case SF_VSYN_RTWRITE: { /* rt_write_3d: any options (mode bits 2-12), the operands they select */
      uint32_t mode = gv_pick(g, 3) ? gv_pick(g, 0x800) << 2 : 0;
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'w', mode);
      gop_u(x, 'b', gv_pick(g, 8));
      gop_r(x, g); /* the header */
      char tail[16];
      for (const char *p = sf_visa_rtw_tail(mode, tail); *p; p++) {
        if (*p == SF_VF_RAW) {
          gop_r(x, g);
          continue;
        }
        gop_v(x, g, false); /* a general variable or an immediate: the text's classes */
        sf_vopnd *v = &x->ops[x->num_ops - 1].v;
        if (v->cls == SF_VCLS_PREDICATE) v->cls = SF_VCLS_GENERAL, v->id = g->var0 + gv_pick(g, GV_NVARS);
      }
      return true;
    }
    case SF_VSYN_URB: /* urb_write_3d: any output count and global offset */
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'b', gv_pick(g, 256));
      gop_r(x, g);
      gop_u(x, 'w', sf_fdp_u16(g->f));
      for (int i = 0; i < 3; i++) gop_r(x, g);
      return true;
    case SF_VSYN_VME: /* any modes (ime: bytes; fbr: three operands), any surface */
      if (op == 0x54) gop_u(x, 'b', gv_pick(g, 256)), gop_u(x, 'b', gv_pick(g, 256));
      gop_r(x, g);
      gop_r(x, g);
      gop_u(x, 'b', gv_pick(g, 8));
      if (op == 0x54)
        for (int i = 0; i < 3; i++) gop_r(x, g);
      if (op == 0x56)
        for (int i = 0; i < 3; i++) gop_v(x, g, false);
      gop_r(x, g);
      return true;
    case SF_VSYN_GATHER: /* every element size and lane code, any emask; gather's modifier 0 (the one with a text form) */
      gop_u(x, 'b', gv_pick(g, 3));
      if (op == 0x39) gop_u(x, 'b', 0);
      gop_u(x, 'b', gv_pick(g, 3) | gv_pick(g, 16) << 4);
      gop_u(x, 'b', gv_pick(g, 8));
      gop_v(x, g, false);
      gop_r(x, g);
      gop_r(x, g);
      return true;
    case SF_VSYN_SAMPLE: /* sample / load: a channel mask other than 0, SIMD8 or SIMD16, a sampler for sample */
      gop_u(x, 'b', (1 + gv_pick(g, 15)) | gv_pick(g, 2) << 4);
      if (op == 0x40) gop_u(x, 'b', gv_pick(g, SF_GEN_NUM_SAMPLERS));
      gop_u(x, 'b', gv_pick(g, 8));
      for (int i = 0; i < 4; i++) gop_r(x, g);
      return true;
    case SF_VSYN_LOAD3D: {
      gop_u(x, 'w', gv_pick(g, 0x800));
      gop_u(x, 'E', gv_exec(g));
      gop_u(x, 'P', gv_pred(g));
      gop_u(x, 'b', gv_pick(g, 16));
      gop_v(x, g, false);
      gop_u(x, 'b', gv_pick(g, 8));
      gop_r(x, g);
      uint32_t n = gv_pick(g, 16);
      gop_u(x, 'n', n);
      for (uint32_t i = 0; i < n; i++) gop_r(x, g);
      return true;
    }
    default: return false;
  }
}

/* A row by opcode byte, the rows whose byte stands for many operations (LSC_LOAD_QUAD and
 * LSC_ATOMIC_IADD are both 0x89) drawn once more per sub-op row they have in the opcode table: by
 * the byte alone, one typed LSC quad load came in some 2,000 instructions. */
static uint32_t gv_row(gv *g, uint32_t rows) {
  static const uint8_t sub_rows[6][2] = {{0x89, 29}, {0x8a, 24}, {0x4e, 6}, {0x44, 6}, {0x4d, 15}, {0x70, 1}};
  uint32_t pick = gv_pick(g, rows + 81); /* 81: the extra draws above */
  for (unsigned i = 0; i < 6 && pick >= rows; pick -= sub_rows[i++][1])
    if (pick - rows < sub_rows[i][1]) return sub_rows[i][0];
  return pick;
}

/* Whether row op can be drawn: it has a text class (0x44, 0x4d, 0x4e, 0x70, 0x89 and 0x8a through their sub-op rows), it
 * is not ret (kept in rets[]), and a row that needs a label has labels to use. */
static bool gv_drawable(uint8_t op, uint32_t num_labels) {
  const sf_visa_opdesc *d = sf_visa_optab(op);
  if (!d || !d->layout || op == 0x34) return false;
  if (op == 0x4e || op == 0x70 || op == 0x89 || op == 0x8a || op == 0x44 || op == 0x4d) return true;
  if (d->syn == SF_VSYN_NONE || d->syn == SF_VSYN_SVM || d->syn == SF_VSYN_INFO3D) return false;
  if ((d->syn == SF_VSYN_CF || d->syn == SF_VSYN_LABEL || d->syn == SF_VSYN_SWITCHJMP) && strchr(d->layout, 'L') && !num_labels)
    return false;
  return true;
}

bool sf_gen_visa_generic_row(uint8_t op) { return gv_drawable(op, 1); }

sf_code sf_gen_visa_generic(sf_fdp *f, struct sf_visa_kernel *k, unsigned max_gens, sf_status *st) {
  return sf_gen_visa_generic_ex(f, k, max_gens, 0, st);
}

sf_code sf_gen_visa_generic_ex(sf_fdp *f, struct sf_visa_kernel *k, unsigned max_gens, unsigned flags, sf_status *st) {
  if (!f || !k) return sf_fail(st, SF_ERR_INVALID, "sf_gen_visa_generic: NULL argument");
  if (k->num_gens) return sf_fail(st, SF_ERR_INVALID, "sf_gen_visa_generic: the kernel already has generic instructions");
  if (k->num_labels) return sf_fail(st, SF_ERR_INVALID, "sf_gen_visa_generic: the kernel already has labels");
  if (max_gens > SF_GEN_VISA_MAX_GENS) max_gens = SF_GEN_VISA_MAX_GENS;
  gv g = {f, 0, 0, 0, 0, k, flags};
  static const char *const vnames[GV_NVARS] = {"gv_a", "gv_b", "gv_c", "gv_d", "gv_e", "gv_f"};
  for (uint32_t i = 0; i < GV_NVARS; i++) {
    int64_t id = sf_visa_kernel_add_var(k, vnames[i], (uint8_t)i, 16, 5, st);
    if (id < 0) return st && st->code ? st->code : SF_ERR_LIMIT;
    if (i == 0) g.var0 = (uint32_t)id;
  }
  /* the address before the predicates: text declares them in that order (the string table follows) */
  int64_t aid = sf_visa_kernel_add_addr(k, "gv_a0", 16, st);
  if (aid < 0) return st && st->code ? st->code : SF_ERR_LIMIT;
  g.addr0 = (uint32_t)aid;
  for (uint32_t i = 0; i < GV_NPREDS; i++) {
    int64_t id = sf_visa_kernel_add_pred(k, i ? "gv_q" : "gv_p", 16, st);
    if (id < 0) return st && st->code ? st->code : SF_ERR_LIMIT;
    if (i == 0) g.pred0 = (uint32_t)id;
  }
  uint32_t nl = gv_pick(&g, GV_MAX_LABELS + 1);
  for (uint32_t i = 0; i < nl; i++) {
    char nm[8] = {'g', 'v', '_', 'L', (char)('0' + i), 0};
    if (sf_visa_kernel_add_label(k, nm, strlen(nm), 0, st) < 0) return st && st->code ? st->code : SF_ERR_LIMIT;
  }
  uint32_t n = max_gens ? 1 + gv_pick(&g, max_gens) : 0;
  /* n drawn instructions, then a definition of every label not yet used (text declares a label by
   * its first use, so each must appear) */
  k->gens = calloc((size_t)n + nl + 1, sizeof *k->gens);
  if (!k->gens) return sf_fail(st, SF_ERR_NOMEM, "out of memory for %u generic instructions", (unsigned)(n + nl));
  uint32_t next_label = 0, count = 0;
  for (uint32_t i = 0; i < n + nl; i++) {
    sf_visa_ginst *x = &k->gens[count];
    x->ops = calloc(SF_VISA_MAX_GOPS, sizeof *x->ops);
    if (!x->ops) return sf_fail(st, SF_ERR_NOMEM, "out of memory for a generic instruction");
    if (i >= n) {
      if (next_label >= nl) {
        free(x->ops);
        x->ops = NULL;
        break;
      }
      x->op = 0x31;
      x->form = SF_VISA_FORM_SPEC;
      gop_u(x, 'L', next_label++);
    } else {
      /* a row by index into the table; undrawable rows fall to the next drawable one */
      uint32_t rows = (uint32_t)sf_visa_optab_count(), op = gv_row(&g, rows), tries = 0;
      while (tries++ < rows && !gv_drawable((uint8_t)op, nl)) op = (op + 1) % rows;
      if (!gv_drawable((uint8_t)op, nl) || !gv_fields(&g, (uint8_t)op, x, &next_label, nl)) {
        free(x->ops);
        x->ops = NULL;
        continue;
      }
    }
    if (x->op == 0x30 && x->ops[0].u < k->num_labels) k->labels[x->ops[0].u].kind = 1;
    count++;
  }
  /* Now and then a label instruction for the label of a subroutine right before it (the spare slot
   * of gens[] holds it): valid in binary, but in text the label would read back as the
   * subroutine's own, so the printer must refuse the kernel's text as unsupported. */
  uint32_t dup_at = 0;
  if (count < n + nl + 1 && !sf_fdp_chance(f, 224)) {
    for (uint32_t j = 0; j < count && !dup_at; j++)
      if (k->gens[j].op == 0x30 && k->gens[j].num_ops == 1) dup_at = j + 1;
    if (dup_at) {
      sf_visa_ginst d;
      memset(&d, 0, sizeof d);
      d.ops = calloc(SF_VISA_MAX_GOPS, sizeof *d.ops);
      if (!d.ops) return sf_fail(st, SF_ERR_NOMEM, "out of memory for a generic instruction");
      d.op = 0x31;
      d.form = SF_VISA_FORM_SPEC;
      gop_u(&d, 'L', k->gens[dup_at - 1].ops[0].u);
      memmove(&k->gens[dup_at + 1], &k->gens[dup_at], (count - dup_at) * sizeof *k->gens);
      k->gens[dup_at] = d;
      count++;
    }
  }
  k->num_gens = count;
  /* Positions: the generic instructions and the kernel's other instructions (insts[] and rets[])
   * interleaved, each slot drawn with the odds of what is left, keeping both orders; the repeated
   * label goes right after its subroutine. */
  uint32_t others = k->num_insts + k->num_rets, total = count + others, placed = 0;
  for (uint32_t pos = 0; pos < total && placed < count; pos++) {
    uint32_t left_gens = count - placed, left_slots = total - pos;
    bool must = dup_at && placed == dup_at;
    if (must || left_gens == left_slots || gv_pick(&g, left_slots) < left_gens) k->gens[placed++].at = pos;
  }
  /* Now and then two labels share a name (one string index): valid in binary, but the text could
   * not tell them apart, so the printer must refuse the kernel's text as unsupported. */
  if (k->num_labels >= 2 && !sf_fdp_chance(f, 240)) {
    uint32_t a = gv_pick(&g, k->num_labels - 1);
    k->labels[a + 1].name = k->labels[a].name;
  }
  return SF_OK;
}
