/* harness/gen/gen_d3d_priv.h — shared state of the whole-program D3D generator
 * (gen_d3d_program.c: declarations and program layout; gen_d3d_body.c: operands, rows and control
 * flow). See samplefuzz/gen_d3d.h and the comment at the top of gen_d3d_program.c. */
#ifndef SF_GEN_D3D_PRIV_H
#define SF_GEN_D3D_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/gen_d3d.h"


enum { PS, VS, GS, HS, DS, CS }; /* program types of the version token [31:16] */

/* D3D10_SB_OPERAND_TYPE values (docs/dxbc.md §9 names them all). */
enum {
  OT_TEMP = 0, OT_INPUT = 1, OT_OUTPUT = 2, OT_X = 3, OT_IMM32 = 4, OT_IMM64 = 5, OT_SAMPLER = 6, OT_RES = 7,
  OT_CB = 8, OT_ICB = 9, OT_LABEL = 10, OT_PRIM = 11, OT_DEPTH = 12, OT_NULL = 13, OT_RAST = 14, OT_OMASK = 15,
  OT_STREAM = 16, OT_FBODY = 17, OT_IFACE = 19, OT_OCP_ID = 22, OT_FORK_ID = 23, OT_JOIN_ID = 24, OT_ICP = 25,
  OT_OCP = 26, OT_PC = 27, OT_DOMAIN = 28, OT_UAV = 30, OT_TGSM = 31, OT_TID = 32, OT_TGID = 33, OT_TID_GROUP = 34,
  OT_COVERAGE = 35, OT_TID_FLAT = 36, OT_GS_INST = 37, OT_DEPTH_GE = 38, OT_DEPTH_LE = 39, OT_CYCLE = 40,
  OT_STENCIL = 41, OT_INNER_COV = 42
};

/* Opcodes the structure emits itself (control flow, labels, hull-shader phases). */
enum {
  OP_BREAK = 0x02, OP_BREAKC = 0x03, OP_CASE = 0x06, OP_CONTINUE = 0x07, OP_CONTINUEC = 0x08, OP_DEFAULT = 0x0a,
  OP_ELSE = 0x12, OP_ENDIF = 0x15, OP_ENDLOOP = 0x16, OP_ENDSWITCH = 0x17, OP_IF = 0x1f, OP_LABEL = 0x2c,
  OP_LOOP = 0x30, OP_RET = 0x3e, OP_SWITCH = 0x4c, OP_HS_DECLS = 0x71, OP_HS_CP = 0x72, OP_HS_FORK = 0x73,
  OP_HS_JOIN = 0x74, OP_FCALL = 0x78
};

#define MAX_T 4u
#define MAX_U 3u
#define MAX_G 2u
#define MAX_S 3u
#define MAX_CB 3u
#define MAX_X 2u
#define MAX_IN 8u
#define MAX_SV 6u
#define MAX_OUT 8u
#define MAX_DEPTH 3u

enum { K_TYPED = 1, K_RAW = 2, K_STRUCT = 4 }; /* resource kinds, as bits so a query can take several */

#define DB(d) (1u << (d))
/* Dimensions (SF_D3D_DIM_*) each instruction class reads. */
#define DIMS_SAMPLE (DB(2) | DB(3) | DB(5) | DB(6) | DB(7) | DB(8) | DB(10))
#define DIMS_SAMPLE_C (DIMS_SAMPLE & ~DB(5)) /* no comparison on Texture3D */
#define DIMS_GATHER (DB(3) | DB(6) | DB(8) | DB(10))
#define DIMS_LD (DB(1) | DB(2) | DB(3) | DB(5) | DB(7) | DB(8))
#define DIMS_MS (DB(4) | DB(9))
#define DIMS_INFO (0x7fcu) /* every texture, no buffer */
#define DIMS_BUF DB(1)
#define DIMS_ANY 0x7feu

typedef struct res {
  uint8_t kind;      /* K_* (samplers: 0) */
  uint8_t dim;       /* typed: SF_D3D_DIM_* */
  uint8_t mode;      /* samplers: 0 default, 1 comparison, 2 mono */
  bool counter;      /* structured UAV with a hidden counter (_opc) */
  uint32_t id;       /* the register (SM4 / 5.0) or the range id (5.1) */
  uint32_t lo, span; /* SM5.1: the range's first register and how far above it instructions index */
  uint32_t rt;       /* typed: return types, one nibble per component, x lowest */
  uint32_t stride;   /* structured: bytes per element */
} res;

typedef struct cbuf { uint32_t id, size, lo, span; bool dyn; } cbuf;
typedef struct xreg { uint32_t id, size; uint8_t ncomp; } xreg;
/* v#, v[n][r], vicp, vocp, vpc */
typedef struct ireg { uint8_t type; bool two_d; uint32_t n, reg; uint8_t mask; } ireg;
typedef struct sreg { uint8_t type; bool vec; } sreg; /* vThreadID & co. (vec) or vPrim & co. (scalar) */
typedef struct oreg { uint8_t type; uint32_t reg; uint8_t mask; } oreg; /* o#, or oDepth & co. (mask 0) */

/* The register of a relative index: select-1 of r#, x#[k] or a 1-D input. */
typedef struct relreg { uint8_t type, nidx, comp; uint32_t idx[2]; } relreg;

/* One operand as its token fields (OperandToken0, docs/dxbc.md §2.3). */
typedef struct opd {
  uint8_t type, nc, sel, comp, nidx;
  uint8_t rep[3];
  uint32_t idx[3];
  relreg rel[3];
  uint8_t mod, minp;
  bool nonuni, ext; /* ext: an extended operand token even with nothing in it */
  uint8_t nval;
  uint32_t val[4];  /* immediate DWORDs */
} opd;

/* One instruction or declaration being built. */
typedef struct ib {
  uint32_t t[SF_TPF_MAX_INST_LEN];
  unsigned n;
  bool over;
} ib;

enum { B_IF, B_LOOP, B_SWITCH };

typedef struct gctx {
  sf_fdp *f;
  sf_buf *out;
  unsigned flags;
  bool fail;
  unsigned stage, major, minor;
  bool sm5, sm51;
  unsigned left;    /* items that may still be emitted */
  unsigned reserve; /* of those, the ones promised to closing statements */
  unsigned emitted;
  uint32_t last_op;
  uint32_t sv_in, sv_out; /* system value names declared so far (each once, clip/cull distances aside) */
  bool doubles, doubles_ext, minprec, in_sub;
  unsigned ntemps;
  xreg x[MAX_X];
  unsigned nx;
  ireg in[MAX_IN];
  unsigned nin;
  sreg sv[MAX_SV];
  unsigned nsv;
  oreg o[MAX_OUT];
  unsigned no;
  cbuf cb[MAX_CB];
  unsigned ncb;
  unsigned icb_rows;
  res t[MAX_T], u[MAX_U], gm[MAX_G], s[MAX_S];
  unsigned nt, nu, ng, ns;
  unsigned nstreams, nlabels, nbodies, nifaces, iface_size;
  bool in_range, out_range;
  uint32_t in_first, in_count, out_first, out_count;
  uint8_t blk[MAX_DEPTH];
  bool has_else[MAX_DEPTH], has_default[MAX_DEPTH];
  unsigned case_mark[MAX_DEPTH];
  uint32_t case_next[MAX_DEPTH];
  unsigned depth;
  uint8_t rows[SF_TPF_NUM_OPCODES];
  unsigned nrows;
} gctx;

/* Shared by both files (gen_d3d_body.c defines them). */
void gd_as_mask(opd *o, uint8_t m);
void gd_as_swz(opd *o, uint8_t s);
void gd_build_rows(gctx *g);
bool gd_chance(gctx *g, unsigned num);
bool gd_emit(gctx *g, ib *b);
bool gd_emit_bare(gctx *g, uint32_t op, uint32_t ctl);
bool gd_emit_ib(gctx *g, ib *b, bool raw);
void gd_gen_body(gctx *g, unsigned want);
void gd_ib_start(ib *b, uint32_t op, uint32_t ctl);
unsigned gd_pick(gctx *g, unsigned n);
void gd_put(ib *b, uint32_t v);
void gd_put_opd(ib *b, const opd *o);
uint32_t gd_range(gctx *g, uint32_t lo, uint32_t hi);
void gd_reg1(opd *o, uint8_t type, uint32_t i0);
void gd_reg2(opd *o, uint8_t type, uint32_t i0, uint32_t i1);
bool gd_room(const gctx *g, unsigned k);

#endif
