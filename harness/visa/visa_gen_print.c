/* visa_gen_print.c — vISA text: the printer for generic instructions (sf_visa_ginst), driven by the
 * opcode table's syntax class (visa_optab.h sf_vsyn), in the syntax GenX_IR 1.0.12504 prints
 * (intel-graphics-compiler visa/IsaDisassembly.cpp; read back by visa/CISA.y): docs/visa-text.md
 * "Generic instructions".
 *
 * Only what reads back as the same fields is printed: an instruction held in IGC 12504's cut-short
 * binary form, a field the text does not carry (a non-zero scale of gather4_scaled, a layout that
 * does not match its class) or an opcode whose class is SF_VSYN_NONE is refused with SF_UNSUPPORTED
 * naming the instruction. */
#include <stdio.h>
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"

/* vISA's relational operators for cmp (visa_igc_common_header.h Common_ISA_Cond_Mod: ISA_CMP_E ..
 * ISA_CMP_LE); GenX_IR prints them as these suffixes. Other values: "rel<n>" (ours). */
static const char *const rel_names[6] = {"eq", "ne", "gt", "ge", "lt", "le"};

const char *vt_label_name(const sf_visa_kernel *k, uint32_t id) {
  if (!k || !k->labels || id >= k->num_labels) return NULL;
  const char *s = sf_visa_kernel_string(k, k->labels[id].name);
  if (!s || !sf_visa_ident_ok(s, strlen(s))) return NULL;
  return s; /* unique: vt_check_labels checks it once per kernel */
}

/* The fields of g match the class's expected kinds (layout string without the sub-op part). */
bool vt_kinds_are(const sf_visa_ginst *g, unsigned from, const char *kinds) {
  size_t n = strlen(kinds);
  if (g->num_ops != from + n) return false;
  for (size_t i = 0; i < n; i++)
    if (g->ops[from + i].kind != (uint8_t)kinds[i]) return false;
  return true;
}

void vt_print_pred_word(pctx *c, uint32_t w) {
  sf_pred p = {(uint16_t)(w & 0xFFF), (uint8_t)((w >> 12) & 1), (uint8_t)((w >> 13) & 3), (w >> 15) != 0};
  vt_print_pred(c, &p);
}

void vt_print_exec_byte(pctx *c, uint32_t e) {
  vt_ob_put(&c->o, " ");
  vt_print_exec(c, (uint8_t)(e & 0xF), (uint8_t)(e >> 4));
}

/* sep, then label id's name (vt_label_name); false, with the printer failed, when it has none. */
bool vt_put_label(pctx *c, const char *sep, uint32_t id) {
  const char *s = vt_label_name(c->k ? c->k->k : NULL, id);
  if (!s) {
    vt_pfail(c, SF_UNSUPPORTED, "label %u has no name that can be written in text (none, not an identifier, or repeated)",
             (unsigned)id);
    return false;
  }
  vt_ob_put(&c->o, sep);
  vt_ob_put(&c->o, s); /* a name of up to 1,024 bytes: never through vt_ob_fmt's 96-byte buffer */
  return true;
}

static void print_label_ref(pctx *c, uint32_t id) { vt_put_label(c, " ", id); }

/* The destination of an instruction with a .sat suffix: a modifier of 4 (saturate) prints as
 * ".sat" after the mnemonic, and the destination without it. */
static sf_vopnd sat_suffix(pctx *c, const sf_vopnd *d) {
  sf_vopnd dst = *d;
  if (dst.mod == SF_VMOD_SAT) {
    vt_ob_put(&c->o, ".sat");
    dst.mod = SF_VMOD_NONE;
  }
  return dst;
}

/* [(pred)] name[.sat] (emask, size) dst src... — a dst modifier of 4 (saturate) is the .sat suffix
 * (IsaDisassembly.cpp prints it after the mnemonic; CISA.y's SAT_MOD sets it on the dst). */
static void print_alu(pctx *c, const sf_visa_ginst *g, const char *name) {
  /* the row's own layout (E P dst src...): the parser reads as many sources as the row has (the
   * row exists: gen_row found this class through it) */
  const char *layout = sf_visa_optab(g->op)->layout;
  if (!layout || !vt_kinds_are(g, 0, layout)) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_put(&c->o, name);
  sf_vopnd dst = sat_suffix(c, &g->ops[2].v);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_vopnd(c, &dst);
  for (unsigned i = 3; i < g->num_ops; i++) vt_print_vopnd(c, &g->ops[i].v);
}

/* cmp[n].<rel>[.sat] (emask, size) dst src0 src1: IsaDisassembly.cpp prints the relation byte's
 * bit 7 as "cmpn" and bits 0-2 as the relation; a byte with bits 3-6 set or a relation >= 6 is
 * "cmp.rel<n>" (ours). .sat is the destination's saturate modifier, as for ALU. */
static void print_cmp(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EbVVV")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  uint32_t rel = g->ops[1].u;
  if ((rel & 0x78) == 0 && (rel & 7) < 6)
    vt_ob_fmt(&c->o, "%s%s.%s", name, (rel & 0x80) ? "n" : "", rel_names[rel & 7]);
  else
    vt_ob_fmt(&c->o, "%s.rel%u", name, (unsigned)rel);
  sf_vopnd dst = sat_suffix(c, &g->ops[2].v);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_vopnd(c, &dst);
  for (unsigned i = 3; i < 5; i++) vt_print_vopnd(c, &g->ops[i].v);
}

/* movs|setp (emask, size) dst src (MOVS 0x2d; SETP 0x2b, its destination a predicate) */
static void print_movs(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EVV")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  vt_ob_put(&c->o, name);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_vopnd(c, &g->ops[1].v);
  vt_print_vopnd(c, &g->ops[2].v);
}

/* [(pred)] jmp|call|goto (emask, size) label; [(pred)] fret (emask, size) */
static void print_cf(pctx *c, const sf_visa_ginst *g, const char *name) {
  /* the row's own layout: jmp, call and goto name a label, ret and fret none (the parser reads
   * what the row says; the row exists: gen_row found this class through it) */
  const char *layout = sf_visa_optab(g->op)->layout;
  if (!layout || !vt_kinds_are(g, 0, layout)) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  bool lab = g->num_ops == 3; /* E P L */
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_put(&c->o, name);
  vt_print_exec_byte(c, g->ops[0].u);
  if (lab) print_label_ref(c, g->ops[2].u);
}

/* A function named by a string of the kernel's table (fcall's callee, faddr's symbol: IGC's
 * IsaDisassembly.cpp prints strings[w]). GenX_IR would print a name that is not an identifier with
 * its invalid characters as '_', which reads back as another name, so such a name is refused. */
static void print_callee(pctx *c, const char *name, uint32_t idx) {
  const char *callee = sf_visa_kernel_string(c->k ? c->k->k : NULL, idx);
  if (!callee || !sf_visa_ident_ok(callee, strlen(callee))) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: function name string %u %s", name, (unsigned)idx,
             callee ? "is not an identifier (GenX_IR would print it with '_' for each invalid character)"
                    : "is not in the kernel's string table");
    return;
  }
  vt_ob_put(&c->o, " ");
  vt_ob_put(&c->o, callee);
}

/* [(pred)] fcall (emask, size) <callee> <arg size> <return size> */
static void print_fcall(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EPwbb")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_put(&c->o, name);
  vt_print_exec_byte(c, g->ops[0].u);
  print_callee(c, name, g->ops[2].u);
  vt_ob_fmt(&c->o, " %u %u", (unsigned)g->ops[3].u, (unsigned)g->ops[4].u);
}

/* faddr <symbol> dst: no exec size, no predicate (IsaDisassembly.cpp, ISA_FADDR) */
static void print_faddr(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "wV")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  vt_ob_put(&c->o, name);
  print_callee(c, name, g->ops[0].u);
  vt_print_vopnd(c, &g->ops[1].v);
}

/* [(pred)] ifcall (emask, size) <function address> <arg size> <return size> (IGC 12504: no flags byte) */
static void print_ifcall(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EPVbb")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_put(&c->o, name);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_vopnd(c, &g->ops[2].v);
  vt_ob_fmt(&c->o, " %u %u", (unsigned)g->ops[3].u, (unsigned)g->ops[4].u);
}

static void print_surface_field(pctx *c, const sf_visa_gop *o) {
  vt_print_surface(c, (uint8_t)o->u);
}

/* The head shared by the gather4/scatter4 classes: [(pred)] name.<channels> (emask, size), from
 * fields 0 (exec), 1 (predicate) and 2 (channel mask); false (and refused) for a mask without text. */
static bool print_chan_head(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (g->ops[2].u > 15 || g->ops[2].u == 0) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: channel mask 0x%x has no text form", name, (unsigned)g->ops[2].u);
    return false;
  }
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_put(&c->o, name);
  vt_ob_put(&c->o, ".");
  vt_print_chan(c, (uint8_t)g->ops[2].u);
  vt_print_exec_byte(c, g->ops[0].u);
  return true;
}

/* [(pred)] gather4_scaled.<ch> (emask, size) T<surface> globalOffset offsets src|dst. The channel
 * byte is the enabled-channel mask (ChannelMask in IGC's Common_ISA_util). GenX_IR prints no
 * scale: a non-zero scale word has no text form. */
static void print_scaled4(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EPbwbVRR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  if (g->ops[3].u != 0) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: scale %u is not printed by GenX_IR (only 0 has a text form)", name,
             (unsigned)g->ops[3].u);
    return;
  }
  if (!print_chan_head(c, g, name)) return;
  print_surface_field(c, &g->ops[4]);
  vt_print_vopnd(c, &g->ops[5].v);
  vt_print_raw(c, &g->ops[6].r);
  vt_print_raw(c, &g->ops[7].r);
}

/* [(pred)] gather_scaled.<blocks> (emask, size) T<surface> globalOffset offsets src|dst (0x78, 0x79):
 * the fields are block size, number of blocks (0, 1, 2 = 1, 2, 4), scale, surface. GenX_IR 12504
 * writes block size 0 and scale 0 and prints neither, so only those have a text form. */
static void print_scaled(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EPbbwbVRR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  if (g->ops[2].u != 0 || g->ops[4].u != 0 || g->ops[3].u > 2) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: block size %u, block count code %u, scale %u: only 0, 0-2, 0 have a text form",
             name, (unsigned)g->ops[2].u, (unsigned)g->ops[3].u, (unsigned)g->ops[4].u);
    return;
  }
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_fmt(&c->o, "%s.%u", name, 1u << g->ops[3].u);
  vt_print_exec_byte(c, g->ops[0].u);
  print_surface_field(c, &g->ops[5]);
  vt_print_vopnd(c, &g->ops[6].v);
  vt_print_raw(c, &g->ops[7].r);
  vt_print_raw(c, &g->ops[8].r);
}

/* min|max[.sat] (emask, size) dst src0 src1 (FMINMAX 0x45): its byte is 0 for min, 1 for max
 * (GenX_IR's parser writes those); other values have no name. No predicate. */
static void print_minmax(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EbVVV") || g->ops[1].u > 1) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class, or its min/max byte %u has no name", name,
             g->num_ops > 1 ? (unsigned)g->ops[1].u : 0u);
    return;
  }
  vt_ob_put(&c->o, g->ops[1].u ? "max" : "min");
  sf_vopnd dst = sat_suffix(c, &g->ops[2].v);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_vopnd(c, &dst);
  vt_print_vopnd(c, &g->ops[3].v);
  vt_print_vopnd(c, &g->ops[4].v);
}

/* [(pred)] bfn.x<hex>[.sat] (emask, size) dst src0 src1 src2 (BFN 0x85): IsaDisassembly.cpp prints
 * the function byte (the last field) in lower-case hex without padding, right after the name. */
static void print_bfn(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EPVVVVb")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_fmt(&c->o, "%s.x%x", name, (unsigned)(g->ops[6].u & 0xff));
  sf_vopnd dst = sat_suffix(c, &g->ops[2].v);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_vopnd(c, &dst);
  for (unsigned i = 3; i < 6; i++) vt_print_vopnd(c, &g->ops[i].v);
}

/* The fence options in GenX_IR's order (one token after a '.'), with their mask bits. */
static const struct {
  const char *s;
  uint8_t bit;
} fence_opts[6] = {{"E", 1}, {"I", 2}, {"S", 4}, {"C", 8}, {"R", 16}, {"L1", 64}};

/* fence_sw (mask 0x80) | fence_global|fence_local[.<options>] (FENCE 0x5c): bit 5 local, the other
 * bits the options E I S C R L1, as GenX_IR 12504 assembles them. Bit 7 with any other bit has no
 * spelling. */
static void print_fence(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "b") || ((g->ops[0].u & 0x80) && g->ops[0].u != 0x80)) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class, or mask 0x%02x has no spelling", name,
             g->num_ops ? (unsigned)g->ops[0].u : 0u);
    return;
  }
  uint32_t m = g->ops[0].u;
  if (m == 0x80) {
    vt_ob_put(&c->o, "fence_sw");
    return;
  }
  vt_ob_put(&c->o, (m & 32) ? "fence_local" : "fence_global");
  if (m & ~32u) vt_ob_put(&c->o, ".");
  for (unsigned i = 0; i < 6; i++)
    if (m & fence_opts[i].bit) vt_ob_put(&c->o, fence_opts[i].s);
}

bool vt_fence_opts(const char *s, size_t n, uint32_t *bits, size_t *used) {
  *bits = 0;
  size_t i = 0;
  for (unsigned k = 0; k < 6 && i < n; k++) {
    size_t l = strlen(fence_opts[k].s);
    if (n - i >= l && memcmp(s + i, fence_opts[k].s, l) == 0) *bits |= fence_opts[k].bit, i += l;
  }
  *used = i;
  return i == n && n > 0;
}

/* The atomic operations' names by their byte (vISA's atomic op enumeration as GenX_IR 12504 assembles
 * the names: 0-12, then 16-20; 13-15 have no name there). */
static const char *const atomic_names[21] = {"add", "sub", "inc", "dec", "min", "max", "xchg", "cmpxchg", "and",
                                             "or", "xor", "minsint", "maxsint", NULL, NULL, NULL, "fmax", "fmin",
                                             "fcmpwr", "fadd", "fsub"};

int vt_atomic_op(const char *s, size_t n) {
  for (int i = 0; i < 21; i++)
    if (atomic_names[i] && strlen(atomic_names[i]) == n && memcmp(atomic_names[i], s, n) == 0) return i;
  return -1;
}

/* name.<op>[.16|.64]: an atomic op byte as IsaDisassembly.cpp's printAtomicSubOpc writes it, bits
 * 0-4 the operation, bit 5 alone above them .16, bit 6 alone .64 (only where GenX_IR 12504 reads
 * .64 back: svm_atomic). Other bytes are refused (false). */
bool vt_print_atomic_name(pctx *c, const char *name, uint32_t byte, bool w64) {
  uint32_t op = byte & 0x1F, w = byte >> 5;
  if (op > 20 || !atomic_names[op] || (w != 0 && w != 1 && !(w64 && w == 2))) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: atomic op byte 0x%02x has no name", name, (unsigned)byte);
    return false;
  }
  vt_ob_fmt(&c->o, "%s.%s%s", name, atomic_names[op], w == 1 ? ".16" : w == 2 ? ".64" : "");
  return true;
}

/* [(pred)] svm_atomic.<op>[.16|.64] (emask, size) addresses dst src0 src1 (SVM sub-op 5): the fields are
 * addresses, src0, src1, dst; GenX_IR prints the destination second. */
static void print_svm_atomic(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 1, "EPbRRRR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  vt_print_pred_word(c, g->ops[2].u);
  if (!vt_print_atomic_name(c, name, g->ops[3].u, true)) return;
  vt_print_exec_byte(c, g->ops[1].u);
  vt_print_raw(c, &g->ops[4].r);
  vt_print_raw(c, &g->ops[7].r);
  vt_print_raw(c, &g->ops[5].r);
  vt_print_raw(c, &g->ops[6].r);
}

unsigned vt_var_elt_size(const sf_visa_kernel *k, uint32_t id) {
  if (!k || !k->vars || id < SF_VISA_FIRST_USER_VAR || id - SF_VISA_FIRST_USER_VAR >= k->num_vars) return 0;
  return sf_vtype_size(k->vars[id - SF_VISA_FIRST_USER_VAR].props & 0x0F);
}

/* addr_add's src0 when it is the address of a variable: ` &name[bytes]`. GenX_IR's parser builds it
 * (VISAKernelImpl.cpp, CreateVISAAddressOfOperand) as a general operand with region <0;1,0> and the
 * byte offset split into GRF rows and elements, or as a state operand with its offset byte, and
 * IsaDisassembly.cpp prints it back as `&name[bytes]`. Only what reads back as the same fields is
 * printed: the row size is the platform's GRF size, which a vISA file does not record, so a
 * non-zero row, or an element at byte 32 or more of row 0 (which the parser would have to split
 * into rows), has no text form; a state offset prints as four times its value but reads back
 * as written, so only 0 does. */
static void print_addr_of(pctx *c, const sf_vopnd *v, const char *name) {
  static const sf_region r010 = {1, 2, 1, 0};
  if (v->mod != SF_VMOD_NONE || v->tag_hi != 0) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: a modifier or tag bits on the address of a variable have no text form", name);
    return;
  }
  if (v->cls == SF_VCLS_STATE && v->addr_off == 0 && v->state_cls <= 1) {
    vt_ob_put(&c->o, " &");
    vt_print_state_name(c, v->state_cls, v->id & 0xFFFF);
    return;
  }
  unsigned esz = v->cls == SF_VCLS_GENERAL ? vt_var_elt_size(c->k ? c->k->k : NULL, v->id) : 0;
  if (v->cls != SF_VCLS_GENERAL || memcmp(&v->region, &r010, sizeof r010) != 0 || v->row_off != 0 ||
      (v->col_off != 0 && esz == 0) || (unsigned)v->col_off * esz >= 32) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: src0 (class %u, row %u, element %u) is not an address or a variable's address that"
             " text carries (&name[bytes] within its first GRF, region <0;1,0>)", name, (unsigned)v->cls,
             (unsigned)v->row_off, (unsigned)v->col_off);
    return;
  }
  vt_ob_put(&c->o, " &");
  vt_print_var_name(c, v->id);
  if (v->col_off) vt_ob_fmt(&c->o, "[%u]", (unsigned)v->col_off * esz);
}

/* addr_add[.sat] (emask, size) dst src0 src1 (ADDR_ADD 0x28): no predicate; src0 is an address
 * operand or the address of a variable (print_addr_of). */
static void print_addr(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EVVV")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  vt_ob_put(&c->o, name);
  sf_vopnd dst = sat_suffix(c, &g->ops[1].v);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_vopnd(c, &dst);
  if (g->ops[2].v.cls == SF_VCLS_ADDRESS)
    vt_print_vopnd(c, &g->ops[2].v);
  else
    print_addr_of(c, &g->ops[2].v, name);
  vt_print_vopnd(c, &g->ops[3].v);
}

/* [(pred)] gather4_typed.<ch> (emask, size) T<surface> u v r lod src|dst */
static void print_typed4(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 0, "EPbbRRRRR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  if (!print_chan_head(c, g, name)) return;
  print_surface_field(c, &g->ops[3]);
  for (unsigned i = 4; i < 9; i++) vt_print_raw(c, &g->ops[i].r);
}

/* [(pred)] svm_gather.<bs>.<nb> (emask, size) addresses src|dst: block size 0, 1, 2 is 1, 4, 8 bytes,
 * number of blocks 0..3 is 1, 2, 4, 8 (vISA svm_gather/svm_scatter pages). */
static void print_svm(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!vt_kinds_are(g, 1, "EPbbRR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  static const unsigned bs[3] = {1, 4, 8};
  if (g->ops[3].u > 2 || g->ops[4].u > 3) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: block size %u / block count %u codes have no text form", name,
             (unsigned)g->ops[3].u, (unsigned)g->ops[4].u);
    return;
  }
  vt_print_pred_word(c, g->ops[2].u);
  vt_ob_fmt(&c->o, "%s.%u.%u", name, bs[g->ops[3].u], 1u << g->ops[4].u);
  vt_print_exec_byte(c, g->ops[1].u);
  vt_print_raw(c, &g->ops[5].r);
  vt_print_raw(c, &g->ops[6].r);
}

/* [(pred)] <op>[.pixel_null_mask][.cps][.divS].<ch> (emask, size)  aoffimmi T<surface> dst params...
 * (3D_LOAD, 0x6e): the op word as 3D_SAMPLE's (docs/visa-binary.md §4: bits 0-7 sub-op, 8
 * pixel_null_mask, 9 cps, 10 divS), without a sampler; two spaces after the exec size as there. */
static void print_load3d(pctx *c, const sf_visa_ginst *g, const char *name) {
  bool ok = g->num_ops >= 8;
  const char *head = "wEPbVbRn";
  for (unsigned i = 0; ok && i < 8; i++) ok = g->ops[i].kind == (uint8_t)head[i];
  if (ok) ok = g->ops[7].u <= SF_VISA_MAX_LIST && g->num_ops == 8 + g->ops[7].u;
  for (unsigned i = 8; ok && i < g->num_ops; i++) ok = g->ops[i].kind == SF_VF_RAW;
  if (!ok) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  uint32_t w = g->ops[0].u;
  if (w >> 11) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: op word bits 11-15 (0x%x) have no text form", name, (unsigned)(w >> 11));
    return;
  }
  if (g->ops[3].u > 15) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: channel mask 0x%x has no text form", name, (unsigned)g->ops[3].u);
    return;
  }
  vt_print_pred_word(c, g->ops[2].u);
  const char *nm = vt_s3d_name((uint8_t)(w & 0xFF));
  if (nm)
    vt_ob_put(&c->o, nm);
  else
    vt_ob_fmt(&c->o, "sampler_op_0x%02x", (unsigned)(w & 0xFF));
  if (w & 0x100) vt_ob_put(&c->o, ".pixel_null_mask");
  if (w & 0x200) vt_ob_put(&c->o, ".cps");
  if (w & 0x400) vt_ob_put(&c->o, ".divS");
  vt_ob_put(&c->o, ".");
  vt_print_chan(c, (uint8_t)g->ops[3].u);
  vt_print_exec_byte(c, g->ops[1].u);
  vt_ob_put(&c->o, " ");
  vt_print_vopnd(c, &g->ops[4].v);
  print_surface_field(c, &g->ops[5]);
  vt_print_raw(c, &g->ops[6].r);
  for (unsigned i = 8; i < g->num_ops; i++) vt_print_raw(c, &g->ops[i].r);
}

/* resinfo.<ch> (emask, size)  T<surface> lod dst; sampleinfo.<ch> (emask, size)  T<surface> dst
 * (3D_INFO 0x70, IsaDisassembly.cpp: the sub-op's name, channels, two blanks before the surface).
 * Only sub-ops 10 (RESINFO) and 11 (SAMPLEINFO) have a name that reads back as the same byte. */
static void print_info3d(pctx *c, const sf_visa_ginst *g, const char *name) {
  uint32_t sub = g->num_ops ? g->ops[0].u : 0;
  bool res = sub == 10;
  if (!(res ? vt_kinds_are(g, 1, "EbbRR") : vt_kinds_are(g, 1, "EbbR")) || (sub != 10 && sub != 11)) {
    vt_pfail(c, SF_UNSUPPORTED, "%s (3D_INFO sub-op %u): fields do not match its syntax class, or the sub-op has no name",
             name, (unsigned)sub);
    return;
  }
  if (g->ops[2].u > 15) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: channel mask 0x%x has no text form", name, (unsigned)g->ops[2].u);
    return;
  }
  vt_ob_put(&c->o, name);
  vt_ob_put(&c->o, ".");
  vt_print_chan(c, (uint8_t)g->ops[2].u);
  vt_print_exec_byte(c, g->ops[1].u);
  vt_ob_put(&c->o, " ");
  print_surface_field(c, &g->ops[3]);
  for (unsigned i = 4; i < g->num_ops; i++) vt_print_raw(c, &g->ops[i].r);
}

/* The row and name of g, sub-op rows included; syn gets the class. */
static const char *gen_row(const sf_visa_ginst *g, uint8_t *syn) {
  const sf_visa_opdesc *d = sf_visa_optab(g->op);
  *syn = SF_VSYN_NONE;
  if (!d) return NULL;
  if (d->subs) {
    if (!g->num_ops || g->ops[0].kind != SF_VF_SUBOP) return d->name;
    const sf_visa_subop *s = sf_visa_optab_sub(d, (uint8_t)g->ops[0].u);
    if (!s) return d->name;
    *syn = s->syn;
    return s->name;
  }
  *syn = d->syn;
  return d->name;
}

sf_code vt_print_gen(const sf_visa_ginst *g, const symsrc *src, char *buf, size_t n, sf_status *st) {
  if (!buf || n == 0) return sf_fail(st, SF_ERR_INVALID, "no output buffer");
  buf[0] = 0;
  if (!g || (g->num_ops && !g->ops)) return sf_fail(st, SF_ERR_INVALID, "generic instruction is NULL");
  pctx c = {{buf, n, 0, false}, src, st, SF_OK};
  uint8_t syn;
  const char *name = gen_row(g, &syn);
  if (!name) return sf_fail(st, SF_ERR_INVALID, "opcode 0x%02x: vISA 4.1 has no such instruction", (unsigned)g->op);
  if (g->form != SF_VISA_FORM_SPEC)
    return sf_fail(st, SF_UNSUPPORTED, "%s (opcode 0x%02x): held in IGC 12504's cut-short binary form, which lacks its last operands",
                   name, (unsigned)g->op);
  switch (syn) {
    case SF_VSYN_ALU: print_alu(&c, g, name); break;
    case SF_VSYN_CMP: print_cmp(&c, g, name); break;
    case SF_VSYN_MOVS: print_movs(&c, g, name); break;
    case SF_VSYN_CF: print_cf(&c, g, name); break;
    case SF_VSYN_FCALL: print_fcall(&c, g, name); break;
    case SF_VSYN_FADDR: print_faddr(&c, g, name); break;
    case SF_VSYN_IFCALL: print_ifcall(&c, g, name); break;
    case SF_VSYN_DPAS: vt_print_dpas(&c, g, name); break;
    case SF_VSYN_SCALED4: print_scaled4(&c, g, name); break;
    case SF_VSYN_TYPED4: print_typed4(&c, g, name); break;
    case SF_VSYN_SVM: print_svm(&c, g, name); break;
    case SF_VSYN_LOAD3D: print_load3d(&c, g, name); break;
    case SF_VSYN_INFO3D: print_info3d(&c, g, name); break;
    case SF_VSYN_SCALED: print_scaled(&c, g, name); break;
    case SF_VSYN_MINMAX: print_minmax(&c, g, name); break;
    case SF_VSYN_FENCE: print_fence(&c, g, name); break;
    case SF_VSYN_SVMATOMIC: print_svm_atomic(&c, g, name); break;
    case SF_VSYN_BFN: print_bfn(&c, g, name); break;
    case SF_VSYN_LSC: vt_print_lsc(&c, g, name); break;
    case SF_VSYN_ADDR: print_addr(&c, g, name); break;
    case SF_VSYN_DWATOMIC:
    case SF_VSYN_OWORD:
    case SF_VSYN_MEDIA:
    case SF_VSYN_SVMBLOCK:
    case SF_VSYN_SVM4: vt_print_dp(&c, g, name, syn); break;
    case SF_VSYN_BARE:
      if (g->num_ops) vt_pfail(&c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
      else vt_ob_put(&c.o, name);
      break;
    case SF_VSYN_LABEL: {
      const char *ln = vt_kinds_are(g, 0, "L") ? vt_label_name(src ? src->k : NULL, g->ops[0].u) : NULL;
      if (!ln)
        vt_pfail(&c, SF_UNSUPPORTED, "%s: its label has no name that can be written in text", name);
      else if (g->op == 0x30) {
        vt_ob_put(&c.o, ".function \"");
        vt_ob_put(&c.o, ln);
        vt_ob_put(&c.o, "\"");
      } else {
        vt_ob_put(&c.o, ln);
        vt_ob_put(&c.o, ":");
      }
      break;
    }
    default:
      if (vt_send_syn(syn)) vt_print_send(&c, g, name, syn); /* visa_send_text.c */
      else if (vt_legacy_syn(syn)) vt_print_legacy(&c, g, name, syn); /* visa_legacy_text.c */
      else if (syn == SF_VSYN_RTWRITE) vt_print_rtw(&c, g, name);      /* visa_rtw_text.c */
      else if (syn == SF_VSYN_VA) vt_print_va(&c, g, name);            /* visa_va_text.c */
      else vt_pfail(&c, SF_UNSUPPORTED, "%s (opcode 0x%02x): its text form is not modeled", name, (unsigned)g->op);
      break;
  }
  if (c.err == SF_OK && c.o.over) vt_pfail(&c, SF_ERR_LIMIT, "output buffer of %zu bytes is too small", n);
  if (c.err != SF_OK) buf[0] = 0;
  return c.err;
}

/* The parser (visa_gen_parse.c) numbers labels by first appearance and gives kind 1 to a label
 * that a subroutine (0x30, `.function`) defines, 0 to the others; a kernel whose label table
 * differs would read back differently, so the file printer refuses it. */
sf_code vt_check_labels(const sf_visa_kernel *k, sf_status *st) {
  if (k->num_labels && !k->labels) return sf_fail(st, SF_ERR_INVALID, "label count without a label table");
  if (k->num_labels > VT_MAX_LABELS)
    return sf_fail(st, SF_UNSUPPORTED, "%u labels: text carries at most %u per kernel", (unsigned)k->num_labels, VT_MAX_LABELS);
  uint32_t next = 0;
  uint8_t seen_func[65536 / 8];
  memset(seen_func, 0, sizeof seen_func);
  for (uint32_t i = 0; i < k->num_gens; i++) {
    const sf_visa_ginst *g = &k->gens[i];
    for (unsigned j = 0; j < g->num_ops; j++) {
      if (g->ops[j].kind != SF_VF_LABEL) continue;
      uint32_t id = g->ops[j].u;
      if (id >= k->num_labels)
        return sf_fail(st, SF_UNSUPPORTED, "instruction $%u uses label %u, past the %u labels", (unsigned)g->at,
                       (unsigned)id, (unsigned)k->num_labels);
      if (id > next)
        return sf_fail(st, SF_UNSUPPORTED,
                       "label %u appears before label %u in the stream (text numbers labels by first appearance)",
                       (unsigned)id, (unsigned)next);
      if (id == next) next++;
      if (g->op == 0x30) seen_func[id / 8] |= (uint8_t)(1u << (id % 8));
      if (!vt_label_name(k, id))
        return sf_fail(st, SF_UNSUPPORTED, "label %u has no name that can be written in text", (unsigned)id);
    }
  }
  /* names unique among the labels, so that each reads back as its own id (at most
   * VT_MAX_LABELS^2 / 2 comparisons) */
  for (uint32_t a = 0; a < k->num_labels; a++) {
    const char *sa = vt_label_name(k, a);
    for (uint32_t b = a + 1; sa && b < k->num_labels; b++) {
      const char *sb = vt_label_name(k, b);
      if (sb && strcmp(sa, sb) == 0)
        return sf_fail(st, SF_UNSUPPORTED, "labels %u and %u are both named '%.40s'", (unsigned)a, (unsigned)b, sa);
    }
  }
  if (next != k->num_labels)
    return sf_fail(st, SF_UNSUPPORTED, "label %u is never used by an instruction (text cannot declare it)", (unsigned)next);
  for (uint32_t id = 0; id < k->num_labels; id++) {
    uint8_t want = (seen_func[id / 8] >> (id % 8)) & 1;
    if (k->labels[id].kind != want)
      return sf_fail(st, SF_UNSUPPORTED, "label %u has kind %u; text gives a %s label kind %u", (unsigned)id,
                     (unsigned)k->labels[id].kind, want ? "subroutine" : "block", (unsigned)want);
  }
  return SF_OK;
}
