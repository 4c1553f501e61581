/* oracles/checks/check_isa_print_edges.c — `print_edges`: the generic vISA printers' value tests,
 * each at its edge, once per process (with the other line checks, check_isa_lines.c).
 *
 * A generic printer (visa_gen_print.c, visa_dp_text.c, ...) writes a byte field as a suffix or a
 * count and refuses, with SF_UNSUPPORTED, a value that has no spelling GenX_IR 12504 reads back. The
 * binary reader takes any byte there, but neither the generated kernels nor IGC's hold such a value,
 * and a mutated .isa rarely puts one in the field the test guards: a test one value too wide let a
 * byte through that printed as another (`(32)` owords, which the parser refuses; or a property bit
 * the text drops), unseen in 60 s of fuzzing. Each row here is one of IGC's lines
 * (visa_known_lines.h) with one field set to one value:
 *   - a value with a spelling must print, and the text must read back with every scalar field as
 *     it was (the value included);
 *   - a value without one must be refused as SF_UNSUPPORTED, the message holding the row's words,
 *     which name the value, so that a refusal that names another field's value is seen too. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"
#include "oracles/checks/check_int.h"
#include "oracles/checks/check_known_one.h"
#include "oracles/checks/visa_known_lines.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"

typedef struct print_edge {
  const char *line; /* one of visa_known_lines.h's lines */
  unsigned at;      /* the field set */
  uint32_t val;
  const char *words; /* NULL: prints and reads back; else refused, the message holding these */
  unsigned drop;     /* fields dropped from the end after the edit */
  /* an operand edit instead of val (it may declare in k); false when out of memory */
  bool (*set)(sf_visa_kernel *k, sf_visa_gop *o);
} print_edge;

/* The operand edits: addr_add's src0, an element within and at the end of its first GRF (V0046 is
 * of type d: element 7 is byte 28, element 8 byte 32), a row past the first; a surface's address
 * with an offset (region <0;1,0>, as a variable's). */
static bool elt7(sf_visa_kernel *k, sf_visa_gop *o) { (void)k; o->v.col_off = 7; return true; }
static bool elt8(sf_visa_kernel *k, sf_visa_gop *o) { (void)k; o->v.col_off = 8; return true; }
static bool row1(sf_visa_kernel *k, sf_visa_gop *o) { (void)k; o->v.row_off = 1; return true; }
/* a predefined variable: no element size known */
static bool predef0(sf_visa_kernel *k, sf_visa_gop *o) { (void)k; o->v.id = 1, o->v.col_off = 0; return true; }
static bool predef1(sf_visa_kernel *k, sf_visa_gop *o) { (void)k; o->v.id = 1, o->v.col_off = 1; return true; }
static bool region_other(sf_visa_kernel *k, sf_visa_gop *o) { (void)k; o->v.region = (sf_region){2, 2, 1, 0}; return true; }
/* an operand naming the first undeclared variable, whose spelling V<n> a new variable declares:
 * it has neither a name nor a spelling of its own (false: out of memory) */
static bool orphan(sf_visa_kernel *k, sf_visa_gop *o) {
  uint32_t id = SF_VISA_FIRST_USER_VAR + k->num_vars + 1u;
  char nm[24];
  snprintf(nm, sizeof nm, "V%u", (unsigned)id);
  if (sf_visa_kernel_add_var(k, nm, SF_VT_UD, 1, 0, NULL) < 0) return false;
  if (o->kind == SF_VF_RAW) o->r.id = id;
  else o->v.id = id;
  return true;
}
/* an operand naming a new variable with a name of 600 bytes (GenX_IR and the parser take up to
 * 1,024): a printer's own buffers must hold it, the line's length is the only limit */
static bool long_name(sf_visa_kernel *k, sf_visa_gop *o) {
  char nm[601];
  for (unsigned i = 0; i < 600; i++) nm[i] = (char)('a' + i % 26);
  nm[600] = 0;
  int64_t id = sf_visa_kernel_add_var(k, nm, SF_VT_D, 16, 0, NULL);
  if (id < 0) return false;
  if (o->kind == SF_VF_RAW) o->r.id = (uint32_t)id;
  else o->v.id = (uint32_t)id;
  return true;
}
/* this operand's modifier 8 and the next one's 9 (two operands edited: see OR_CR's row) */
static bool two_mods(sf_visa_kernel *k, sf_visa_gop *o) { (void)k; o[0].v.mod = 8, o[1].v.mod = 9; return true; }
static bool state_off(sf_visa_kernel *k, sf_visa_gop *o) {
  (void)k;
  o->v.addr_off = 1;
  o->v.region = (sf_region){1, 2, 1, 0};
  return true;
}
/* a state operand of class 2, neither a surface (0) nor a sampler (1): no &name spells it */
static bool state_cls2(sf_visa_kernel *k, sf_visa_gop *o) { (void)k; o->v.state_cls = 2; return true; }

#define OWORD_LD "oword_ld.mod (2) T6 0x10:ud V0046.0"
#define OWORD_ST "oword_st (16) T6 V0050(0,0)<0;1,0> V0046.0"
#define MEDIA_LD "media_ld.top (16,2) T6 3 V0047(0,0)<0;1,0> V0047(0,1)<0;1,0> V0046.0"
#define MEDIA_ST "media_st.bottom (8,4) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0"
#define SVM_BLOCK "svm_block_ld (4) V0050(0,0)<0;1,0> V0046.0"
#define GATHER4S "gather4_scaled.RG (M1, 16) T6 0x0:ud V0046.0 V0055.0"
#define SVM4 "svm_gather4scaled.RGB (M1, 16) 0x0:ud V0046.0 V0047.0"
#define GATHER_SCALED "gather_scaled.1 (M1, 16) T6 0x0:ud V0046.0 V0047.0"
#define MINMAX "min (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0> V0049(0,0)<1;1,0>"
#define FENCE "fence_global"
#define SVM_SCATTER "svm_scatter.4.1 (M1_NM, 8) V0046.0 V0047.0"
#define RESINFO "resinfo.RGBA (M1, 16)  T6 V0046.0 V0047.0"
#define NBARRIER "nbarrier.signal 0x1:ud 0x10:ud"
#define NBARRIER_WAIT "nbarrier.wait 0x1:ud"
#define LIFETIME_A "lifetime.start A0"
#define OR_CR "or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x4c0:ud"
#define GATHER "gather.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0"
#define LIFETIME_P "lifetime.start P1"
#define FILE_LINE "FILE \"a.cl\""
#define LOAD_LZ "load_lz.RGBA (M1, 16)  0x0:uw T6 V0046.0 V0047.0 V0049.0"
#define ADDR_VAR "addr_add (M1_NM, 1) A0(0)<1> &V0046[8] V0050(0,0)<0;1,0>"
#define QW_GATHER "qw_gather.2 (M1, 8) T6 V0046.0 V0047.0"
#define VA_MINMAX "va.minmax T6 0x0:f 0x0:f VA_MAX_ENABLE V0046.0"
#define LSC_LOAD "lsc_load.ugm.ca.ca (M1, 32)  V0046:d32  flat[V0047]:a64"
#define ADDR_STATE "addr_add (M1_NM, 1) A0(0)<1> &T6 0x0:uw"

static const print_edge rows[] = {
    /* the atomic op byte: the last named operation, fsub (20), prints; 21 is past the names */
    {"(P1) dword_atomic.add (M1, 16) T6 V0046.0 V0049.0 %null.0 V0052.0", 0, 20, NULL, 0, NULL},
    {"(P1) dword_atomic.add (M1, 16) T6 V0046.0 V0049.0 %null.0 V0052.0", 0, 21, "atomic op byte 0x15 has no name", 0, NULL},
    /* oword loads and stores: size code 0-4 (1-16 owords), a load's modifier 0-1 */
    {OWORD_LD, 0, 4, NULL, 0, NULL},
    {OWORD_LD, 0, 5, "size code 5 or modifier has no text form", 0, NULL},
    {OWORD_LD, 1, 0, NULL, 0, NULL},
    {OWORD_LD, 1, 2, "size code 1 or modifier has no text form", 0, NULL},
    {OWORD_ST, 0, 0, NULL, 0, NULL},
    {OWORD_ST, 0, 5, "size code 5 has no text form", 0, NULL},
    /* media block loads: modes 0-5, stores 0, 2, 3; planes 0-15 */
    {MEDIA_LD, 0, 5, NULL, 0, NULL},
    {MEDIA_LD, 0, 1, NULL, 0, NULL},
    {MEDIA_LD, 0, 6, "mode 6 or plane 3 has no text form", 0, NULL},
    {MEDIA_LD, 2, 15, NULL, 0, NULL},
    {MEDIA_LD, 2, 17, "mode 2 or plane 17 has no text form", 0, NULL}, /* 17: not the width, 16 */
    {MEDIA_ST, 0, 0, NULL, 0, NULL},
    {MEDIA_ST, 0, 2, NULL, 0, NULL},
    {MEDIA_ST, 0, 1, "mode 1 or plane 0 has no text form", 0, NULL},
    {MEDIA_ST, 0, 4, "mode 4 or plane 0 has no text form", 0, NULL},
    {MEDIA_ST, 2, 15, NULL, 0, NULL},
    {MEDIA_ST, 2, 16, "mode 3 or plane 16 has no text form", 0, NULL},
    /* SVM block loads: properties 0-4 (the oword count code; no unaligned bit) */
    {SVM_BLOCK, 1, 4, NULL, 0, NULL},
    {SVM_BLOCK, 1, 5, "properties 0x05 have no GenX_IR 12504 text", 0, NULL},
    {SVM_BLOCK, 1, 0x80, "properties 0x80 have no GenX_IR 12504 text", 0, NULL},
    /* gather4_scaled: channel mask 1-15, scale 0 */
    {GATHER4S, 2, 15, NULL, 0, NULL},
    {GATHER4S, 2, 16, "channel mask 0x10 has no text form", 0, NULL},
    {GATHER4S, 2, 0, "channel mask 0x0 has no text form", 0, NULL},
    {GATHER4S, 3, 1, "scale 1 is not printed", 0, NULL},
    /* svm_gather4scaled: the same, in one test */
    {SVM4, 3, 16, "channel mask 0x10 or scale 0 has no text form", 0, NULL},
    {SVM4, 3, 0, "channel mask 0x0 or scale 0 has no text form", 0, NULL},
    {SVM4, 4, 1, "channel mask 0x7 or scale 1 has no text form", 0, NULL},
    /* gather_scaled: block size 0, block count code 0-2, scale 0 */
    {GATHER_SCALED, 3, 2, NULL, 0, NULL},
    {GATHER_SCALED, 2, 1, "block size 1, block count code 0, scale 0:", 0, NULL},
    {GATHER_SCALED, 3, 3, "block size 0, block count code 3, scale 0:", 0, NULL},
    {GATHER_SCALED, 4, 1, "block size 0, block count code 0, scale 1:", 0, NULL},
    /* min/max: its byte 0 (min) or 1 (max); the byte named even when the operands are missing */
    {MINMAX, 1, 1, NULL, 0, NULL},
    {MINMAX, 1, 2, "its min/max byte 2 has no name", 0, NULL},
    {MINMAX, 1, 2, "its min/max byte 2 has no name", 3, NULL},
    {MINMAX, 1, 2, "its min/max byte 0 has no name", 4, NULL},
    /* fence: mask 0x80 alone or without bit 7; the mask named even when the field is missing */
    {FENCE, 0, 0x80, NULL, 0, NULL},
    {FENCE, 0, 0x7f, NULL, 0, NULL},
    {FENCE, 0, 0x81, "mask 0x81 has no spelling", 0, NULL},
    {FENCE, 0, 0x81, "mask 0x00 has no spelling", 1, NULL},
    /* svm_gather/svm_scatter: block size code 0-2, block count code 0-3 */
    {SVM_SCATTER, 3, 2, NULL, 0, NULL},
    {SVM_SCATTER, 3, 3, "block size 3 / block count 0 codes have no text form", 0, NULL},
    {SVM_SCATTER, 4, 3, NULL, 0, NULL},
    {SVM_SCATTER, 4, 4, "block size 1 / block count 4 codes have no text form", 0, NULL},
    /* load_3d's op word: bits 0-10 (sub-op, pixel_null_mask, cps, divS); its channel mask 0-15 */
    {LOAD_LZ, 0, 0x71a, NULL, 0, NULL},
    {LOAD_LZ, 0, 0x81a, "op word bits 11-15 (0x1) have no text form", 0, NULL},
    {LOAD_LZ, 0, 0xf81a, "op word bits 11-15 (0x1f) have no text form", 0, NULL},
    {LOAD_LZ, 3, 16, "channel mask 0x10 has no text form", 0, NULL},
    /* resinfo: channel mask 0-15 */
    {RESINFO, 2, 16, "channel mask 0x10 has no text form", 0, NULL},
    /* nbarrier: mode 1 (signal) with any count; mode 0 (wait) only with the count equal to the id */
    {NBARRIER, 0, 2, "mode 2 has no text form", 0, NULL},
    {NBARRIER, 0, 0, "mode 0 with a thread count other than its barrier id has no text form", 0, NULL},
    {NBARRIER, 0, 1, NULL, 0, NULL},
    {NBARRIER_WAIT, 0, 0, NULL, 0, NULL},
    {NBARRIER_WAIT, 0, 1, NULL, 0, NULL},
    {NBARRIER_WAIT, 0, 2, "mode 2 has no text form", 0, NULL},
    /* lifetime: an address's or a predicate's id within 16 bits (a general variable's: 32) */
    {LIFETIME_A, 1, 0xFFFF, NULL, 0, NULL}, /* the largest 16-bit id prints and reads back */
    {LIFETIME_A, 1, 0x10000, "properties 0x10 (id 65536) have no text form", 0, NULL},
    {LIFETIME_A, 0, 0x30, "properties 0x30 (id 0) have no text form", 0, NULL},
    {LIFETIME_A, 0, 0x12, "properties 0x12 (id 0) have no text form", 0, NULL},
    {LIFETIME_P, 0, 0x20, NULL, 0, NULL},
    {LIFETIME_P, 0, 0x21, NULL, 0, NULL},
    /* qw_gather/qw_scatter: block count code 0-3 (1, 2, 4, 8 blocks) */
    {QW_GATHER, 2, 3, NULL, 0, NULL},
    {QW_GATHER, 2, 4, "block count code 4 has no text form", 0, NULL},
    /* VA: a sub-op without a form (9 of opcode 0x44) is refused by the dispatch, even with no field
     * but the sub-op (so vt_print_va always has its form) */
    {VA_MINMAX, 0, 2, NULL, 0, NULL},
    {VA_MINMAX, 0, 9, "va (opcode 0x44): its text form is not modeled", 5, NULL},
    /* FILE: its name a string of the kernel's table */
    {FILE_LINE, 0, 0xFFFF, "file name string 65535 is not in the kernel's string table", 0, NULL},
    /* two faulty operands: the refusal names the first (a printer goes on after a failed operand) */
    {OR_CR, 3, 0, "operand modifier 8 / tag bits 0 out of range", 0, two_mods},
    /* the first-generation gather: element size code 0-2, modifier 0 (3: not its lane byte, 1) */
    {GATHER, 0, 2, NULL, 0, NULL},
    {GATHER, 0, 3, "element size code 3 has no text form", 0, NULL},
    {GATHER, 1, 3, "modifier 3 has no text form", 0, NULL},
    /* addr_add's src0: &name[bytes] within the first GRF of a variable, a surface's address without an offset */
    {ADDR_VAR, 2, 0, NULL, 0, elt7},
    {ADDR_VAR, 2, 0, "src0 (class 0, row 0, element 8)", 0, elt8},
    {ADDR_VAR, 2, 0, "src0 (class 0, row 1, element 2)", 0, row1},
    {ADDR_VAR, 2, 0, NULL, 0, predef0},
    {ADDR_VAR, 2, 0, "src0 (class 0, row 0, element 1)", 0, predef1},
    {ADDR_VAR, 2, 0, "src0 (class 0, row 0, element 2)", 0, region_other},
    {ADDR_STATE, 2, 0, "is not an address or a variable's address that text carries", 0, state_off},
    {ADDR_STATE, 2, 0, "is not an address or a variable's address that text carries", 0, state_cls2},
    /* an LSC address whose register has no name: refused as such, not printed without it */
    {LSC_LOAD, 16, 0, NULL, 0, long_name},
    {LSC_LOAD, 15, 0, NULL, 0, long_name},
    {LSC_LOAD, 16, 0, "general variable V41 has no name that reads back", 0, orphan},
};

/* The scalar fields of a and b (every kind but operands) are the same, and so are their kinds. */
/* A field naming a string (sf_visa_ginst_name_field) is left out: the parser numbers strings anew. */
static bool same_scalars(const sf_visa_ginst *a, const sf_visa_ginst *b) {
  if (a->op != b->op || a->num_ops != b->num_ops) return false;
  int name = sf_visa_ginst_name_field(a);
  for (unsigned i = 0; i < a->num_ops; i++) {
    if (a->ops[i].kind != b->ops[i].kind) return false;
    if (a->ops[i].kind != SF_VF_VEC && a->ops[i].kind != SF_VF_RAW && (int)i != name && a->ops[i].u != b->ops[i].u) return false;
  }
  return true;
}

/* The fields of a vector operand the text carries (the rest the reader leaves zero). */
static bool same_vopnd(const sf_vopnd *a, const sf_vopnd *b) {
  return a->cls == b->cls && a->mod == b->mod && a->id == b->id && a->row_off == b->row_off && a->col_off == b->col_off &&
         a->addr_off == b->addr_off && a->state_cls == b->state_cls;
}

static bool same_opnd(const sf_visa_gop *a, const sf_visa_gop *b) {
  if (a->kind == SF_VF_RAW) return b->kind == SF_VF_RAW && a->r.id == b->r.id && a->r.off == b->r.off;
  return same_vopnd(&a->v, &b->v);
}

/* Row r: NULL when it holds, else what went wrong (got: the printer's or the parser's words). */
static const char *one_edge(const print_edge *r, char *got, size_t cap) {
  sf_known_one k;
  sf_known_one_parse(&k, r->line);
  if (k.rc == SF_ERR_NOMEM) return NULL;
  const char *bad = NULL;
  bool operand = k.g && k.g->num_ops > r->at && (k.g->ops[r->at].kind == SF_VF_VEC || k.g->ops[r->at].kind == SF_VF_RAW);
  if (!k.g || k.g->num_ops <= r->at || operand != (r->set != NULL) || r->drop > k.g->num_ops) {
    bad = "the line does not parse to such a field there";
    snprintf(got, cap, "%s", k.st.msg);
  } else if (r->set && !r->set(&k.f.kernels[0], &k.g->ops[r->at])) {
    bad = NULL; /* out of memory */
  } else {
    if (!r->set) k.g->ops[r->at].u = r->val;
    k.g->num_ops = (uint16_t)(k.g->num_ops - r->drop);
    sf_status st;
    sf_status_clear(&st);
    sf_buf out;
    sf_buf_init(&out, &st);
    out.limit = SF_ISA_CHECK_BUF_LIMIT;
    sf_code pc = sf_visaasm_print(&k.f, &out, &st);
    snprintf(got, cap, "%s: %s", sf_code_name(pc), st.msg);
    if (pc == SF_ERR_NOMEM) {
      bad = NULL;
    } else if (r->words) { /* unsupported (no text form) or invalid (a field past its bits): the words tell */
      if ((pc != SF_UNSUPPORTED && pc != SF_ERR_INVALID) || !strstr(st.msg, r->words))
        bad = pc == SF_OK ? "printed" : "refused otherwise";
    } else if (pc != SF_OK) {
      bad = "refused";
    } else {
      sf_isa_file f2;
      sf_status sp;
      sf_code rc = sf_check_visaasm_exact((const char *)out.data, out.len, &f2, &sp);
      if (rc == SF_OK) {
        const sf_visa_ginst *g2 = f2.num_kernels == 1 && f2.kernels[0].num_gens == 1 ? &f2.kernels[0].gens[0] : NULL;
        if (!g2 || !same_scalars(k.g, g2) || (r->set && !same_opnd(&k.g->ops[r->at], &g2->ops[r->at]))) bad = "read back as another";
        sf_isa_free(&f2);
      } else if (rc != SF_ERR_NOMEM) {
        bad = "printed text does not parse";
        snprintf(got, cap, "%s: %s", sf_code_name(rc), sp.msg);
      }
    }
    sf_buf_free(&out);
  }
  sf_known_one_free(&k);
  return bad;
}

/* ---- `print_sweep` ----------------------------------------------------------------------------- */

/* The values each scalar field of each known line is set to, in turn, up to the largest its binary
 * field holds (a byte, a word or a dword: what the .isa reader can put there): 0-40, then 2^k - 1
 * and 2^k for each k from 5 to 31 (and, below 2^8, 2^k + 1 and 3 * 2^(k-1)), and all ones, so
 * that every test of a small value or of a bit, one too wide or too narrow, lands on a value that
 * tells them apart. */
#define SWEEP_SMALL 41u
#define SWEEP_MAX (SWEEP_SMALL + 4u * 27u + 1u)
static size_t sweep_fill(uint32_t *vals) {
  size_t n = 0;
  for (uint32_t i = 0; i < SWEEP_SMALL; i++) vals[n++] = i;
  for (unsigned k = 5; k < 32; k++) {
    uint32_t p = 1u << k;
    vals[n++] = p - 1, vals[n++] = p;
    if (k < 8) vals[n++] = p + 1, vals[n++] = 3u << (k - 1); /* a byte's values: every test of a code or a mask */
  }
  vals[n++] = 0xFFFFFFFFu;
  return n;
}

static uint32_t kind_max(uint8_t kind) {
  switch (kind) {
    case SF_VF_EXEC: case SF_VF_UB: case SF_VF_COUNT: case SF_VF_SUBOP: return 0xFF;
    case SF_VF_PRED: case SF_VF_UW: case SF_VF_LABEL: return 0xFFFF;
    default: return 0xFFFFFFFFu;
  }
}

/* k's file printed: SF_OK with *ok true when it holds, i.e. the printer refused it as unsupported
 * or invalid with a message, or printed a text that reads back with the same scalar fields; *ok
 * false with got set otherwise. Another code (out of memory, over the buffer) is passed up. */
/* The instruction a sweep edits: gens[gi] of the first kernel of a file. */
typedef struct sweep_at {
  sf_isa_file *f;
  sf_visa_ginst *g;
  unsigned gi;
  bool known; /* a known line, parsed after SF_VISA_KNOWN_HDR */
} sweep_at;

static sf_code sweep_one(const sweep_at *k, bool *ok, char *got, size_t cap) {
  sf_status st;
  sf_status_clear(&st);
  *ok = true;
  /* The instruction alone first (what the file printer calls for it): a refusal there is the
   * file's, and costs no file printed and parsed. A known line's printed line is then read after
   * the declarations it was parsed with (what the file printer writes for that kernel, without
   * printing it); a generated kernel is printed whole. */
  char text[sizeof SF_VISA_KNOWN_HDR + 1100];
  symsrc src = {&k->f->kernels[0], NULL, NULL};
  size_t hl = sizeof SF_VISA_KNOWN_HDR - 1;
  sf_code pc = vt_print_gen(k->g, &src, text + hl + 4, sizeof text - hl - 5, &st);
  if (pc == SF_UNSUPPORTED || pc == SF_ERR_INVALID) {
    if (!st.msg[0]) *ok = false, snprintf(got, cap, "%s with no message", sf_code_name(pc));
    return SF_OK;
  }
  if (pc != SF_OK) return pc;
  sf_status_clear(&st);
  sf_buf out;
  sf_buf_init(&out, &st);
  out.limit = SF_ISA_CHECK_BUF_LIMIT;
  const char *t = text;
  size_t n = 0;
  if (k->known) {
    memcpy(text, SF_VISA_KNOWN_HDR "    ", hl + 4);
    n = hl + 4 + strlen(text + hl + 4);
    text[n++] = '\n';
  } else {
    pc = sf_visaasm_print(k->f, &out, &st);
    if (pc == SF_UNSUPPORTED || pc == SF_ERR_INVALID) {
      if (!st.msg[0]) *ok = false, snprintf(got, cap, "%s with no message", sf_code_name(pc));
      pc = SF_ERR_INVALID; /* judged: nothing more to read */
    }
    t = (const char *)out.data, n = out.len;
  }
  if (pc == SF_OK) {
    sf_isa_file f2;
    sf_status sp;
    sf_code rc = sf_check_visaasm_exact(t, n, &f2, &sp);
    if (rc == SF_OK) {
      const sf_visa_ginst *g2 =
          f2.num_kernels == k->f->num_kernels && f2.kernels[0].num_gens == k->f->kernels[0].num_gens ? &f2.kernels[0].gens[k->gi] : NULL;
      if (!g2 || !same_scalars(k->g, g2)) {
        *ok = false;
        size_t from = n > 160 ? n - 160 : 0;
        snprintf(got, cap, "printed as '...%.*s', which reads back with other fields", (int)(n - from), t + from);
      }
      sf_isa_free(&f2);
    } else if (rc != SF_ERR_NOMEM) {
      *ok = false;
      snprintf(got, cap, "printed a text that does not parse: %s", sp.msg);
    }
  } else if (pc == SF_ERR_INVALID) {
    pc = SF_OK;
  }
  sf_buf_free(&out);
  return pc;
}

/* One edit of k's instruction (described by what; its kind of edit, cat, is the verdict's key)
 * judged by sweep_one; false with the verdict failed when it does not hold. */
static bool sweep_try(sf_verdict *v, const sweep_at *k, const char *line, const char *cat, const char *what) {
  bool ok;
  char got[SF_STATUS_MSG_MAX + 400];
  sweep_one(k, &ok, got, sizeof got);
  if (ok) return true;
  char all[SF_STATUS_MSG_MAX + 600];
  snprintf(all, sizeof all, "%s: %s", what, got);
  return sf_known_fail(v, "print_sweep", cat, "'%s' with %s", line, all);
}

/* `print_sweep`: every scalar field of every known line set to each of sweep_fill's values its width
 * holds, each field turned into each other kind, the last field dropped and one more field added:
 * the printer refuses the instruction or prints what reads back as it (no table of the printers'
 * own limits needed: the parser is the judge). */
static bool print_sweep_line(sf_verdict *v, const sweep_at *k, const char *line) {
  static const char kinds[] = {SF_VF_EXEC, SF_VF_PRED, SF_VF_VEC, SF_VF_RAW, SF_VF_UB, SF_VF_UW, SF_VF_UD, SF_VF_LABEL, SF_VF_SUBOP};
  sf_visa_ginst *g = k->g;
  uint32_t vals[SWEEP_MAX];
  size_t nvals = sweep_fill(vals);
  int name = sf_visa_ginst_name_field(g);
  char what[96];
  for (unsigned at = 0; at < g->num_ops; at++) {
    if ((int)at == name) continue;
    sf_visa_gop keep = g->ops[at];
    if (keep.kind != SF_VF_VEC && keep.kind != SF_VF_RAW)
      for (size_t j = 0; j < nvals; j++) {
        if (vals[j] > kind_max(keep.kind)) continue;
        g->ops[at].u = vals[j];
        snprintf(what, sizeof what, "field %u set to %u (0x%x)", at, (unsigned)vals[j], (unsigned)vals[j]);
        bool held = sweep_try(v, k, line, "value", what);
        g->ops[at] = keep;
        if (!held) return false;
      }
    for (size_t j = 0; j < sizeof kinds; j++) {
      if ((uint8_t)kinds[j] == keep.kind) continue;
      memset(&g->ops[at], 0, sizeof g->ops[at]);
      g->ops[at].kind = (uint8_t)kinds[j];
      snprintf(what, sizeof what, "field %u made a field of kind '%c'", at, kinds[j]);
      bool held = sweep_try(v, k, line, "kind", what);
      g->ops[at] = keep;
      if (!held) return false;
    }
  }
  if (g->num_ops) {
    g->num_ops--;
    bool held = sweep_try(v, k, line, "count", "its last field dropped");
    g->num_ops++;
    if (!held) return false;
  }
  sf_visa_gop *more = realloc(g->ops, (g->num_ops + 1u) * sizeof *more);
  if (!more) return true;
  g->ops = more;
  static const char extra[3] = {SF_VF_VEC, SF_VF_RAW, SF_VF_UB};
  for (unsigned j = 0; j < 3; j++) {
    memset(&g->ops[g->num_ops], 0, sizeof *more);
    g->ops[g->num_ops].kind = (uint8_t)extra[j];
    if (extra[j] == SF_VF_VEC) g->ops[g->num_ops].v.cls = SF_VCLS_IMMEDIATE, g->ops[g->num_ops].v.type = SF_VT_UD;
    g->num_ops++;
    snprintf(what, sizeof what, "one more field, of kind '%c'", extra[j]);
    bool held = sweep_try(v, k, line, "count", what);
    g->num_ops--;
    if (!held) return false;
  }
  return true;
}

/* The syntax class of g (its sub-op row's, for an opcode with sub-ops); SF_VSYN_NONE if none. */
static uint8_t syn_of(const sf_visa_ginst *g) {
  const sf_visa_opdesc *d = sf_visa_optab(g->op);
  if (!d) return SF_VSYN_NONE;
  if (!d->subs) return d->syn;
  const sf_visa_subop *sub = g->num_ops && g->ops[0].kind == SF_VF_SUBOP ? sf_visa_optab_sub(d, (uint8_t)g->ops[0].u) : NULL;
  return sub ? sub->syn : SF_VSYN_NONE;
}

/* A kernel of generic instructions that sf_gen_visa_generic draws from draw bytes seeded by seed
 * (xorshift32), as a file of one kernel; false when the generator refuses or is out of memory. */
static bool gen_file(uint32_t seed, sf_isa_file *f) {
  uint8_t bytes[96];
  uint32_t x = seed * 2654435761u + 1u;
  for (size_t i = 0; i < sizeof bytes; i++) {
    x ^= x << 13, x ^= x >> 17, x ^= x << 5;
    bytes[i] = (uint8_t)(x >> 24);
  }
  sf_status st;
  sf_status_clear(&st);
  sf_fdp fdp;
  sf_fdp_init(&fdp, bytes, sizeof bytes);
  return sf_known_decl_file(f) && sf_gen_visa_generic(&fdp, &f->kernels[0], 2, &st) == SF_OK;
}

/* IGC's known lines first; then, for each syntax class no known line has (fcall, switchjmp,
 * gather_scaled, min/max, the barriers, ...), the generator's instructions of that class, from
 * kernels drawn with fixed seeds until every class it draws has been swept once. */
static bool print_sweep(sf_verdict *v) {
  bool swept[256] = {false};
  swept[SF_VSYN_NONE] = true;
  for (size_t i = 0; i < sizeof SF_VISA_KNOWN_LINES / sizeof SF_VISA_KNOWN_LINES[0]; i++) {
    const char *line = SF_VISA_KNOWN_LINES[i].line;
    sf_known_one k;
    sf_known_one_parse(&k, line);
    sweep_at at = {&k.f, k.g, 0, true};
    bool held = !k.g || k.f.kernels[0].num_insts || print_sweep_line(v, &at, line); /* known_lines reports a line that does not parse */
    if (k.g) swept[syn_of(k.g)] = true;
    sf_known_one_free(&k);
    if (!held) return false;
  }
  for (uint32_t seed = 0; seed < 2000; seed++) {
    sf_isa_file f;
    bool made = gen_file(seed, &f);
    bool held = true;
    for (unsigned gi = 0; made && held && gi < f.kernels[0].num_gens; gi++) {
      sf_visa_ginst *g = &f.kernels[0].gens[gi];
      uint8_t syn = syn_of(g);
      if (swept[syn]) continue;
      swept[syn] = true;
      char line[1024];
      sf_status st;
      sf_status_clear(&st);
      symsrc src = {&f.kernels[0], NULL, NULL};
      if (vt_print_gen(g, &src, line, sizeof line, &st) != SF_OK) snprintf(line, sizeof line, "(opcode 0x%02x, not printed)", g->op);
      sweep_at at = {&f, g, gi, false};
      held = print_sweep_line(v, &at, line);
    }
    sf_isa_free(&f);
    if (!held) return false;
  }
  return true;
}

/* `print_sizes` (vISA): each known line's instruction printed into a block of exactly its length
 * is refused as over the limit with the block emptied, and into one byte more is the same text (the
 * file printer's lines are a fixed block, so a line too long for it must be refused, not cut). */
static bool print_sizes(sf_verdict *v) {
  for (size_t i = 0; i < sizeof SF_VISA_KNOWN_LINES / sizeof SF_VISA_KNOWN_LINES[0]; i++) {
    const char *line = SF_VISA_KNOWN_LINES[i].line;
    sf_known_one k;
    sf_known_one_parse(&k, line);
    const char *bad = NULL;
    if (k.g) {
      char full[1024], cut[1024];
      sf_status st;
      sf_status_clear(&st);
      symsrc src = {&k.f.kernels[0], NULL, NULL};
      size_t n = vt_print_gen(k.g, &src, full, sizeof full, &st) == SF_OK ? strlen(full) : 0;
      if (n && n + 1 < sizeof cut) {
        memset(cut, 'x', n + 1);
        sf_status_clear(&st);
        if (vt_print_gen(k.g, &src, cut, n, &st) != SF_ERR_LIMIT || cut[0]) bad = "a block of its length not refused as over the limit";
        else if (sf_status_clear(&st), vt_print_gen(k.g, &src, cut, n + 1, &st) != SF_OK || strcmp(cut, full))
          bad = "one byte more not the whole text";
      }
    }
    sf_known_one_free(&k);
    if (bad) return sf_known_fail(v, "print_sizes", "vISA", "'%s': %s", line, bad);
  }
  return true;
}

bool sf_check_isa_print_edges(sf_verdict *v) {
  if (!print_sweep(v) || !print_sizes(v)) return false;
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    char got[SF_STATUS_MSG_MAX + 32];
    const char *bad = one_edge(&rows[i], got, sizeof got);
    if (!bad) continue;
    char what[400];
    char edit[64];
    if (rows[i].set) snprintf(edit, sizeof edit, "operand %u edited (row %zu)", rows[i].at, i);
    else snprintf(edit, sizeof edit, "field %u set to %u (0x%x)", rows[i].at, (unsigned)rows[i].val, (unsigned)rows[i].val);
    snprintf(what, sizeof what, "'%s' with %s, %u fields dropped: want %s%s", rows[i].line, edit, rows[i].drop,
             rows[i].words ? "refused with " : "printed and read back", rows[i].words ? rows[i].words : "");
    return sf_known_fail(v, "print_edges", bad, "%s; got %s", what, got);
  }
  return true;
}
