/* harness/gen/gen_isa_file.c — whole .isa files from fuzz data (sf_gen_isa_file, samplefuzz/gen.h).
 *
 * One or two kernels with the generator's declaration set (gen_decls.c), by turns extra named
 * declarations, aliases (backward, forward to a later declaration, onto %r0), inputs, a Target
 * attribute and rets, 0-4 sampler instructions (inst_gen.c) and, in the first kernel, generic
 * instructions of every opcode row that has a text form (gen_visa_generic.c), and now and then one
 * dense table (gi_dense), and one kernel in 8 names that shadow the printers' fallback spellings
 * (gi_shadow), another one in 8 one-letter names (gi_short), one in 16 names of 150 bytes (gi_long), one in 16 with gen binary records (gi_genbins), and now and then one or two vISA functions that the kernels' fcall instructions
 * name (gi_function). Everything it draws
 * is valid, so a reader, writer or printer that refuses it is wrong: the isa_file target's
 * generated mode (oracles/checks/check_isa_file.c) holds the codecs to that.
 *
 * SF_GEN_ISA_CUT12504 writes every kernel in the form IGC 1.0.12504's writer produces
 * (docs/visa-binary.md §6.2): each instruction keeps only its leading fields, as many as it has
 * fields other than E and P (list entries included), or the opcode row's w12504. The count is taken
 * here from the drawn instruction's own fields, not from the codec's layout walk, so that the reader
 * is checked against an independent statement of the rule. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_isa_priv.h"
#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"

/* Aliases: backward, forward (to a later declaration), onto %r0 (V7). */
static sf_code gi_aliases(sf_visa_kernel *k, sf_status *st) {
  int64_t a = sf_visa_kernel_add_var(k, "alias_b", SF_VT_F, 8, 5, st);
  int64_t b = a < 0 ? -1 : sf_visa_kernel_add_var(k, "alias_f", SF_VT_UD, 8, 0, st);
  int64_t c = b < 0 ? -1 : sf_visa_kernel_add_var(k, "later", SF_VT_UD, 16, 5, st);
  int64_t d = c < 0 ? -1 : sf_visa_kernel_add_var(k, "on_r0", SF_VT_UD, 8, 0, st);
  if (d < 0) return st && st->code ? st->code : SF_ERR_INVALID;
  k->vars[a - SF_VISA_FIRST_USER_VAR].alias_index = SF_VISA_FIRST_USER_VAR;
  k->vars[a - SF_VISA_FIRST_USER_VAR].alias_offset = 4;
  k->vars[b - SF_VISA_FIRST_USER_VAR].alias_index = (uint32_t)c;
  k->vars[d - SF_VISA_FIRST_USER_VAR].alias_index = 7;
  return SF_OK;
}

/* A dense table: 128-383 records of the smallest size one of the tables after the code's bounds
 * check can hold (unused labels, inputs, empty kernel attributes, predicates), so that the records outnumber
 * the bytes that follow them. A reader that takes one byte too many as a record's minimum when it
 * checks a count against the bytes left (visa_isa_priv.h) refuses such a file; the files IGC
 * writes have too few records for that to show. Unused labels are valid in binary; the text view
 * refuses them as unsupported (it declares a label by its first use). */
static sf_code gi_dense(sf_fdp *f, sf_visa_kernel *k, sf_status *st) {
  unsigned table = sf_fdp_pick(f, 6), n = 128u + sf_fdp_u8(f);
  if (table >= 4) {
    /* samplers or surfaces up to the text's cap (31 and 250: sf_visa_kernel_declare), which the
     * isa_file check then tries to pass by one (check_isa_file.c, "cap_edit") */
    char nm[24];
    bool smp = table == 4;
    while (smp ? k->num_samplers < 31 : k->num_surfaces < 256 - SF_VISA_FIRST_USER_SURFACE) {
      snprintf(nm, sizeof nm, smp ? "dense_s%u" : "dense_t%u", smp ? (unsigned)k->num_samplers : (unsigned)k->num_surfaces);
      if ((smp ? sf_visa_kernel_add_sampler(k, nm, st) : sf_visa_kernel_add_surface(k, nm, st)) < 0)
        return st && st->code ? st->code : SF_ERR_LIMIT;
    }
    return SF_OK;
  }
  if (table == 1) {
    sf_visa_input *in = realloc(k->inputs, (k->num_inputs + n) * sizeof *in);
    if (!in) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate %u inputs", k->num_inputs + n);
    k->inputs = in;
    for (unsigned i = 0; i < n; i++)
      in[k->num_inputs++] = (sf_visa_input){0, SF_VISA_FIRST_USER_VAR, (int16_t)(4 * i), 4};
    return SF_OK;
  }
  for (unsigned i = 0; i < n; i++) {
    char nm[16];
    snprintf(nm, sizeof nm, table == 0 ? "dense_L%u" : table == 2 ? "dense%u" : "dense_P%u", i);
    if (table == 0 ? sf_visa_kernel_add_label(k, nm, strlen(nm), 0, st) < 0
        : table == 2 ? sf_visa_kernel_add_string_attr(k, nm, "", st) != SF_OK
                     : sf_visa_kernel_add_pred(k, nm, 1, st) < 0)
      return st && st->code ? st->code : SF_ERR_LIMIT;
  }
  return SF_OK;
}

/* Rotates the names of the first n declarations of one kind: the i-th takes the (i+1)-th's name,
 * so that the context-free spelling of each names another. */
static void gi_rotate_names(sf_visa_sym *a, uint32_t count, unsigned n) {
  if (!a || count < n || n < 2) return;
  uint32_t first = a[0].name;
  for (unsigned i = 0; i + 1 < n; i++) a[i].name = a[i + 1].name;
  a[n - 1].name = first;
}

/* Names that shadow the printers' fallback spellings (docs/visa-text.md, "Names"). The declaration
 * set's names are rotated within each kind (predicate 1 is named P2, sampler 0 S1, surface 6 T7,
 * address 0 A1, the first two variables swap), so that the context-free spelling of each names
 * another symbol and a printer must write the declared name. By turns a variable then takes the
 * spelling of the first undeclared predicate or user surface, which an instruction (or the RET)
 * uses, or the spelling V<n> of the first undeclared variable, which the last instruction's
 * destination names: that symbol has neither a declaration nor a spelling of its own, and the
 * printer must refuse it with a message, not print another symbol's name or read a missing one. */
static sf_code gi_shadow(sf_visa_kernel *k, unsigned what, sf_status *st) {
  gi_rotate_names(k->preds, k->num_preds, SF_GEN_NUM_PREDS);
  gi_rotate_names(k->samplers, k->num_samplers, SF_GEN_NUM_SAMPLERS);
  gi_rotate_names(k->surfaces, k->num_surfaces, SF_GEN_NUM_SURFACES);
  gi_rotate_names(k->addrs, k->num_addrs, SF_GEN_NUM_ADDRS);
  if (k->vars && k->num_vars >= 2) {
    uint32_t v0 = k->vars[0].name;
    k->vars[0].name = k->vars[1].name;
    k->vars[1].name = v0;
  }
  char nm[24];
  if (what == 1 && k->num_preds < 4095) {
    uint16_t id = (uint16_t)(k->num_preds + 1);
    sf_inst *in = NULL;
    for (uint32_t i = 0; i < k->num_insts && !in; i++)
      if (k->insts[i].family == SF_FAMILY_SAMPLE_3D) in = &k->insts[i];
    if (!in && !k->num_rets) return SF_OK;
    snprintf(nm, sizeof nm, "P%u", (unsigned)id);
    if (sf_visa_kernel_add_var(k, nm, SF_VT_UD, 1, 0, st) < 0) return st && st->code ? st->code : SF_ERR_LIMIT;
    if (in) in->s3d.pred.id = id;
    else k->rets[0].pred.id = id;
  } else if (what == 2 && k->num_insts && SF_VISA_FIRST_USER_SURFACE + k->num_surfaces <= 255) {
    uint8_t id = (uint8_t)(SF_VISA_FIRST_USER_SURFACE + k->num_surfaces);
    snprintf(nm, sizeof nm, "T%u", (unsigned)id);
    if (sf_visa_kernel_add_var(k, nm, SF_VT_UD, 1, 0, st) < 0) return st && st->code ? st->code : SF_ERR_LIMIT;
    sf_inst *in = &k->insts[k->num_insts - 1];
    if (in->family == SF_FAMILY_SAMPLE_UNORM) in->unorm.surface = id;
    else if (in->family == SF_FAMILY_SAMPLE_3D) in->s3d.surface = id;
    else if (in->family == SF_FAMILY_AVS) in->avs.surface = id;
  } else if (what == 3 && k->num_insts && k->num_vars + 2u < SF_ISA_MAX_VARS) {
    /* the new variable is V<FIRST_USER_VAR + num_vars>; it takes the spelling of the id after it */
    uint32_t id = SF_VISA_FIRST_USER_VAR + k->num_vars + 1u;
    snprintf(nm, sizeof nm, "V%u", (unsigned)id);
    if (sf_visa_kernel_add_var(k, nm, SF_VT_UD, 1, 0, st) < 0) return st && st->code ? st->code : SF_ERR_LIMIT;
    sf_inst *in = &k->insts[k->num_insts - 1];
    if (in->family == SF_FAMILY_SAMPLE_UNORM) in->unorm.dst.id = id;
    else if (in->family == SF_FAMILY_SAMPLE_3D) in->s3d.dst.id = id;
    else if (in->family == SF_FAMILY_AVS) in->avs.dst.id = id;
  }
  return SF_OK;
}

/* The kernel's symbol tables other than the variables', in the order the renaming modes walk them:
 * surfaces, samplers, predicates, addresses. */
typedef struct gi_syms {
  sf_visa_sym *a;
  uint32_t n;
} gi_syms;
static void gi_sym_tables(sf_visa_kernel *k, gi_syms out[4]) {
  out[0] = (gi_syms){k->surfaces, k->num_surfaces};
  out[1] = (gi_syms){k->samplers, k->num_samplers};
  out[2] = (gi_syms){k->preds, k->num_preds};
  out[3] = (gi_syms){k->addrs, k->num_addrs};
}

/* Short names: the declared symbols renamed to one letter each, surfaces first, then samplers,
 * predicates, addresses and variables, while the 52 letters last (each name is rewritten in place:
 * a declared name is never shorter than one byte). A text parser that steps over a fixed number of
 * characters where it should step over a token (a blank, say) misreads a one-letter name, and
 * the printed texts hold none otherwise. A surface prints as IGC's T<n> while that spelling is
 * free, so a variable then takes the first user surface's spelling: the printers must write that
 * surface by its one-letter name. */
static sf_code gi_short(sf_visa_kernel *k, sf_status *st) {
  static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  unsigned next = 0;
  gi_syms kinds[4];
  gi_sym_tables(k, kinds);
  for (unsigned q = 0; q < 4; q++)
    for (uint32_t i = 0; i < kinds[q].n && next < sizeof letters - 1; i++) {
      char *nm = kinds[q].a[i].name < k->num_strings ? k->strings[kinds[q].a[i].name] : NULL;
      if (nm && *nm) nm[0] = letters[next++], nm[1] = 0;
    }
  for (uint32_t i = 0; i < k->num_vars && next < sizeof letters - 1; i++) {
    char *nm = k->vars[i].name < k->num_strings ? k->strings[k->vars[i].name] : NULL;
    if (nm && *nm) nm[0] = letters[next++], nm[1] = 0;
  }
  char spelled[8];
  snprintf(spelled, sizeof spelled, "T%u", SF_VISA_FIRST_USER_SURFACE);
  if (k->num_surfaces && sf_visa_kernel_add_var(k, spelled, SF_VT_UD, 1, 0, st) < 0) return st && st->code ? st->code : SF_ERR_LIMIT;
  return SF_OK;
}

/* Long names: every declared symbol's name padded to GI_LONG bytes ('_' and then letters, so that
 * the names stay distinct identifiers). A printer that builds part of a line in a buffer of its
 * own must size it for the names, not for IGC's short ones: lines are the text's only limit
 * (4,096 bytes, docs/visa-text.md), and with names of 150 bytes the longest instruction the
 * generator draws (a 3D_SAMPLE of 15 parameters, each a region of about 15 bytes more) fits. */
#define GI_LONG 150u
static sf_code gi_long(sf_visa_kernel *k, sf_status *st) {
  gi_syms kinds[4];
  gi_sym_tables(k, kinds);
  for (unsigned q = 0; q < 5; q++) {
    uint32_t n = q < 4 ? kinds[q].n : k->num_vars;
    for (uint32_t i = 0; i < n; i++) {
      uint32_t idx = q < 4 ? kinds[q].a[i].name : k->vars[i].name;
      char *nm = idx < k->num_strings ? k->strings[idx] : NULL;
      size_t len = nm ? strlen(nm) : 0;
      if (!len || len >= GI_LONG) continue;
      char *grown = realloc(nm, GI_LONG + 1);
      if (!grown) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate a long name");
      grown[len] = '_';
      for (size_t j = len + 1; j < GI_LONG; j++) grown[j] = (char)('a' + j % 26);
      grown[GI_LONG] = 0;
      k->strings[idx] = grown;
    }
  }
  return SF_OK;
}

/* Gen binary records: 1-3 of them, any platform byte, 0-16 bytes of code each (a record without
 * bytes is what GenX_IR writes when it stops before code generation). The writer lays the bytes out
 * after the kernel objects and the header must point at them. */
static sf_code gi_genbins(sf_fdp *f, sf_visa_kernel *k, sf_status *st) {
  unsigned n = 1 + (unsigned)sf_fdp_pick(f, 3);
  k->genbins = calloc(n, sizeof *k->genbins);
  if (!k->genbins) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate gen binaries");
  k->num_genbins = (uint8_t)n;
  for (unsigned g = 0; g < n; g++) {
    sf_visa_genbin *gb = &k->genbins[g];
    gb->platform = sf_fdp_u8(f);
    gb->size = (uint32_t)sf_fdp_pick(f, 17);
    if (!gb->size) continue;
    gb->bytes = malloc(gb->size);
    if (!gb->bytes) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate a gen binary");
    for (uint32_t i = 0; i < gb->size; i++) gb->bytes[i] = sf_fdp_u8(f);
  }
  return SF_OK;
}

static sf_code gi_kernel(sf_fdp *f, unsigned flags, unsigned ki, sf_visa_kernel *k, sf_status *st) {
  /* One kernel in 64 has names at the longest the formats allow (SF_VISA_MAX_NAME bytes): its own
   * and one more variable's, which every reader, printer and parser buffer must hold whole. */
  char name[SF_VISA_MAX_NAME + 1];
  unsigned tag = sf_fdp_u8(f);
  bool longest = tag >= 0xfc;
  int at = snprintf(name, sizeof name, "gen%u_%u", tag, ki);
  if (longest) {
    memset(name + at, 'x', SF_VISA_MAX_NAME - (size_t)at);
    name[SF_VISA_MAX_NAME] = 0;
  }
  sf_code c = sf_visa_kernel_init(k, name, st);
  if (!c) c = sf_gen_kernel_decls(k, st);
  if (!c && longest) {
    name[0] = 'v';
    if (sf_visa_kernel_add_var(k, name, SF_VT_UD, 1, 0, st) < 0) c = st && st->code ? st->code : SF_ERR_LIMIT;
  }
  if (!c && sf_fdp_chance(f, 85)) c = gi_aliases(k, st);
  if (!c && sf_fdp_chance(f, 64) &&
      (sf_visa_kernel_add_pred(k, "flag", 8, st) < 0 || sf_visa_kernel_add_sampler(k, "smp", st) < 0 ||
       sf_visa_kernel_add_surface(k, "img", st) < 0 || sf_visa_kernel_add_addr(k, "addr", 2, st) < 0))
    c = st && st->code ? st->code : SF_ERR_INVALID;
  if (!c && sf_fdp_bool(f)) {
    /* the Target attribute by the tag: as IGC's writer stores it (one byte, 0-2), as the string
     * "3d" (two bytes, which text must not print as the name: that reads back as the one byte), or
     * as two printable bytes that spell no target ("3D": the names are lower case), a plain string */
    unsigned form = (tag >> 4) & 3u;
    uint8_t code = (uint8_t)(tag % 3u);
    c = form == 2 ? sf_visa_kernel_add_attr(k, "Target", &code, 1, st)
                  : sf_visa_kernel_add_string_attr(k, "Target", form == 1 ? "3D" : "3d", st);
  }
  if (!c && !sf_fdp_chance(f, 192)) {
    /* An attribute of drawn bytes: printable ones print as a string, any other (a quote, a
     * control byte, a byte over 0x7e) as #hex, and both must read back as these bytes. */
    uint8_t val[12];
    uint8_t size = (uint8_t)sf_fdp_range(f, 0, sizeof val);
    for (unsigned i = 0; i < size; i++)
      val[i] = sf_fdp_chance(f, 32) ? (uint8_t)"\"\n\x01\x7f\xff"[sf_fdp_pick(f, 5)] : (uint8_t)sf_fdp_range(f, 0x20, 0x7e);
    c = sf_visa_kernel_add_attr(k, "gen_bytes", val, size, st);
  }
  if (!c && sf_fdp_chance(f, 85)) {
    k->inputs = calloc(2, sizeof *k->inputs);
    if (!k->inputs) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate inputs");
    k->num_inputs = 2;
    k->inputs[0] = (sf_visa_input){0, SF_VISA_FIRST_USER_VAR, 32, 32};
    k->inputs[1] = (sf_visa_input){2, SF_VISA_FIRST_USER_SURFACE, 64, 4};
  }
  static const sf_family fams[3] = {SF_FAMILY_SAMPLE_UNORM, SF_FAMILY_SAMPLE_3D, SF_FAMILY_AVS};
  unsigned ni = sf_fdp_range(f, 0, 4);
  for (unsigned i = 0; i < ni && !c; i++) {
    unsigned gflags = (flags & SF_GEN_ISA_ANY_INST) && sf_fdp_chance(f, 43) ? 0u : (unsigned)SF_GEN_VALID;
    sf_inst in;
    c = sf_gen_inst(f, fams[sf_fdp_pick(f, 3)], gflags, &in);
    if (!c) c = sf_visa_kernel_add_inst(k, &in, st);
  }
  if (!c && (ni == 0 || sf_fdp_bool(f))) {
    k->rets = calloc(1, sizeof *k->rets);
    if (!k->rets) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate a ret");
    k->num_rets = 1;
    k->rets[0].before = k->num_insts;
    if (sf_fdp_chance(f, 64)) k->rets[0].pred.id = 1;
  }
  if (!c && ki == 0 && sf_fdp_chance(f, 171)) c = sf_gen_visa_generic(f, k, 24, st);
  if (!c && !sf_fdp_chance(f, 252)) c = gi_dense(f, k, st); /* 1 in 64; never when the data has run out */
  if (!c && !sf_fdp_chance(f, 240)) c = gi_genbins(f, k, st); /* 1 in 16 */
  /* one kernel in 8 (by its tag, drawn while the data lasts): 0 names only, 1 an undeclared
   * predicate, 2 an undeclared surface, 3 an undeclared variable (not in IGC 12504's cut-short
   * form, whose reader takes an instruction naming an undeclared variable for the unwritten tail
   * after the code: visa_isa_read.c, kr_names_declared) */
  if (!c && (tag & 7u) == 5u) c = gi_shadow(k, (tag >> 3) % ((flags & SF_GEN_ISA_CUT12504) ? 3u : 4u), st);
  if (!c && (tag & 7u) == 2u) c = gi_short(k, st); /* one kernel in 8: one-letter names */
  if (!c && (tag & 15u) == 6u) c = gi_long(k, st);  /* one kernel in 16: names of 150 bytes */
  return c;
}

/* ---- IGC 1.0.12504's cut-short form ----------------------------------------------------------- */

/* How many leading fields IGC 12504's writer keeps of g (a whole instruction). */
static unsigned gi_cut_keep(const sf_visa_ginst *g) {
  const sf_visa_opdesc *d = sf_visa_optab(g->op);
  if (d && d->w12504) return d->w12504;
  unsigned keep = 0;
  for (unsigned i = 0; i < g->num_ops; i++) keep += g->ops[i].kind != 'E' && g->ops[i].kind != 'P';
  return keep;
}

/* Whether cutting g to keep fields drops a list's count: the byte in its place is then the next
 * instruction's opcode, which a reader can tell from a count only when it is over 15. */
static bool gi_cuts_count(const sf_visa_ginst *g, unsigned keep) {
  for (unsigned i = keep; i < g->num_ops; i++)
    if (g->ops[i].kind == 'n') return true;
  return false;
}

/* Whether g has an empty list. IGC's lists (the 3D sampler parameters) hold at least one entry;
 * an empty one would be cut before the field in front of its count too, and the cut form would not
 * say so (docs/visa-binary.md §6.2). */
static bool gi_empty_list(const sf_visa_ginst *g) {
  for (unsigned i = 0; i < g->num_ops; i++)
    if (g->ops[i].kind == 'n' && g->ops[i].u == 0) return true;
  return false;
}

/* Appends instruction x of k's stream (0..total) as a whole generic instruction. */
static sf_code gi_stream_at(const sf_visa_kernel *k, uint32_t *gi, uint32_t *ii, uint32_t *ri, uint32_t at,
                            sf_visa_ginst *out, sf_status *st) {
  memset(out, 0, sizeof *out);
  if (*gi < k->num_gens && k->gens[*gi].at == at) {
    const sf_visa_ginst *g = &k->gens[(*gi)++];
    *out = *g;
    out->ops = malloc((g->num_ops ? g->num_ops : 1u) * sizeof *out->ops);
    if (!out->ops) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot copy an instruction");
    if (g->num_ops) memcpy(out->ops, g->ops, g->num_ops * sizeof *out->ops);
    return SF_OK;
  }
  if (*ri < k->num_rets && k->rets[*ri].before == *ii) {
    const sf_visa_ret *r = &k->rets[(*ri)++];
    out->op = SF_VISA_OP_RET;
    out->ops = calloc(1, sizeof *out->ops);
    if (!out->ops) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate a ret");
    out->num_ops = 1; /* the row's w12504: the writer keeps the exec byte only */
    out->ops[0].kind = 'E';
    out->ops[0].u = (uint32_t)(r->exec_size | r->emask << 4);
    return SF_OK;
  }
  if (*ii >= k->num_insts) return sf_fail(st, SF_ERR_INVALID, "sf_gen_isa_file: stream position %u is empty", at);
  /* A sampler instruction: its 4.1 bytes, read as a generic instruction (the cut form holds every
   * instruction generically, as the reader does). */
  sf_buf b;
  sf_buf_init(&b, st);
  size_t used = 0;
  sf_code c = sf_visa_encode(&k->insts[(*ii)++], &b, st);
  if (!c) c = sf_visa_gen_decode(b.data, b.len, 0, SF_VISA_FORM_SPEC, out, &used, st);
  sf_buf_free(&b);
  return c;
}

/* Rewrites k's instruction stream as IGC 12504 writes it: every instruction a generic one in the
 * cut form, a label after every ret but the last, ending in a ret (a function's returns are ret and
 * fret, and it ends in an fret), then (by chance) a few bytes the writer never wrote, starting with the
 * reserved opcode 0 so that no reader takes them for instructions. An instruction whose cut drops a
 * list count is left out unless the next opcode is over 15 (IGC's sampler lists hold at most 15),
 * since otherwise the file would not say where it ends. */
static sf_code gi_cut12504(sf_fdp *f, sf_visa_kernel *k, sf_status *st) {
  uint32_t total = k->num_gens + k->num_insts + k->num_rets;
  sf_visa_ginst *all = calloc((size_t)total + 1, sizeof *all);
  if (!all) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate %u instructions", total + 1);
  uint32_t gi = 0, ii = 0, ri = 0, n = 0;
  sf_code c = SF_OK;
  for (uint32_t at = 0; at < total && !c; at++)
    if (!(c = gi_stream_at(k, &gi, &ii, &ri, at, &all[n], st))) n++;
  const uint8_t end = k->is_function ? 0x68 : SF_VISA_OP_RET; /* fret, ret */
  if (!c && (!n || all[n - 1].op != end)) { /* the stream ends at its last return */
    all[n].op = end;
    all[n].ops = calloc(2, sizeof *all[n].ops); /* ret keeps its exec byte in the cut form, fret its predicate too */
    if (!all[n].ops) {
      c = sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate a ret");
    } else {
      all[n].num_ops = end == SF_VISA_OP_RET ? 1 : 2;
      all[n].ops[0] = (sf_visa_gop){.kind = 'E', .u = (uint32_t)sf_fdp_pick(f, 6)};
      all[n++].ops[1] = (sf_visa_gop){.kind = 'P', .u = 0};
    }
  }
  if (c) {
    for (uint32_t i = 0; i < n; i++) sf_visa_ginst_free(&all[i]);
    free(all);
    return c;
  }
  /* Code after a ret is reached only through a label, so IGC writes a label (or a subroutine's)
   * right after every ret but the last, and the reader ends the stream at anything else. */
  for (uint32_t i = 1; i < n;) {
    if ((all[i - 1].op == SF_VISA_OP_RET || all[i - 1].op == end) && all[i].op != 0x30 && all[i].op != 0x31) {
      sf_visa_ginst_free(&all[i]);
      memmove(&all[i], &all[i + 1], (size_t)(n - i - 1) * sizeof *all);
      n--;
    } else {
      i++;
    }
  }
  /* Cut from the back, so that each instruction knows the opcode that will follow it. */
  uint32_t kept = n;
  uint8_t next_op = 0xff;
  for (uint32_t i = n; i-- > 0;) {
    unsigned keep = gi_cut_keep(&all[i]);
    if (gi_empty_list(&all[i]) || (gi_cuts_count(&all[i], keep) && next_op <= 15)) {
      sf_visa_ginst_free(&all[i]);
      memmove(&all[i], &all[i + 1], (size_t)(kept - i - 1) * sizeof *all);
      kept--;
      continue;
    }
    if (keep < all[i].num_ops) all[i].num_ops = (uint16_t)keep;
    all[i].form = SF_VISA_FORM_IGC12504;
    next_op = all[i].op;
  }
  for (uint32_t i = 0; i < kept; i++) all[i].at = i;
  for (uint32_t i = 0; i < k->num_gens; i++) sf_visa_ginst_free(&k->gens[i]);
  free(k->gens);
  free(k->insts);
  free(k->rets);
  free(k->code_tail);
  k->insts = NULL;
  k->rets = NULL;
  k->code_tail = NULL;
  k->num_insts = k->num_rets = k->code_tail_len = 0;
  k->gens = all;
  k->num_gens = kept;
  if (sf_fdp_bool(f)) {
    uint32_t tn = sf_fdp_range(f, 1, 16);
    k->code_tail = malloc(tn);
    if (!k->code_tail) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate a tail");
    k->code_tail[0] = 0;
    for (uint32_t i = 1; i < tn; i++) k->code_tail[i] = sf_fdp_u8(f);
    k->code_tail_len = tn;
  }
  return SF_OK;
}

/* A vISA function (docs/visa-binary.md section 6.3) named as the generic generator's fcall callees:
 * its ArgSize and RetValSize attributes as IGC gives them, the generator's declarations and generic
 * instructions, and an fret at the end. */
static sf_code gi_function(sf_fdp *f, unsigned i, sf_visa_kernel *fn, sf_status *st) {
  sf_code c = sf_visa_kernel_init(fn, i ? SF_GEN_VISA_CALLEE1 : SF_GEN_VISA_CALLEE0, st);
  if (c) return c;
  fn->is_function = true;
  uint8_t arg[4] = {(uint8_t)sf_fdp_u8(f), 0, 0, 0}, ret[4] = {(uint8_t)sf_fdp_pick(f, 8), 0, 0, 0};
  c = sf_visa_kernel_add_attr(fn, "ArgSize", arg, 4, st);
  if (!c) c = sf_visa_kernel_add_attr(fn, "RetValSize", ret, 4, st);
  if (!c) c = sf_gen_visa_generic(f, fn, 8, st);
  if (c) return c;
  sf_visa_ginst *ng = realloc(fn->gens, ((size_t)fn->num_gens + 1) * sizeof *ng);
  if (!ng) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot add an fret");
  fn->gens = ng;
  sf_visa_ginst *r = &ng[fn->num_gens];
  memset(r, 0, sizeof *r);
  r->ops = calloc(2, sizeof *r->ops);
  if (!r->ops) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot add an fret");
  r->op = 0x68;
  r->form = SF_VISA_FORM_SPEC;
  r->num_ops = 2;
  r->ops[0] = (sf_visa_gop){.kind = 'E', .u = (uint32_t)sf_fdp_pick(f, 6)};
  r->ops[1] = (sf_visa_gop){.kind = 'P', .u = 0};
  r->at = fn->num_gens ? fn->gens[fn->num_gens - 1].at + 1 : 0;
  fn->num_gens++;
  return SF_OK;
}

sf_code sf_gen_isa_file(sf_fdp *f, unsigned flags, sf_isa_file *out, sf_status *st) {
  if (!f || !out) return sf_fail(st, SF_ERR_INVALID, "sf_gen_isa_file: NULL argument");
  memset(out, 0, sizeof *out);
  out->major = 4;
  out->minor = 1;
  unsigned nk = sf_fdp_chance(f, 51) ? 2 : 1;
  out->kernels = calloc(nk, sizeof *out->kernels);
  if (!out->kernels) return sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate %u kernels", nk);
  sf_code c = SF_OK;
  for (unsigned ki = 0; ki < nk && !c; ki++) {
    out->num_kernels = (uint16_t)(ki + 1);
    c = gi_kernel(f, flags, ki, &out->kernels[ki], st);
    if (!c && (flags & SF_GEN_ISA_CUT12504)) c = gi_cut12504(f, &out->kernels[ki], st);
  }
  /* Now and then the functions the kernels' fcall instructions name, in the kernels' form (IGC's
   * own cut-short functions are in tests/data/real/visa-ocloc-functions). */
  unsigned nf = !c && sf_fdp_chance(f, 43) ? 1u + (unsigned)sf_fdp_pick(f, 2) : 0u;
  if (nf) {
    out->functions = calloc(nf, sizeof *out->functions);
    if (!out->functions) c = sf_fail(st, SF_ERR_NOMEM, "sf_gen_isa_file: cannot allocate %u functions", nf);
  }
  for (unsigned i = 0; i < nf && !c; i++) {
    out->num_functions = (uint16_t)(i + 1);
    c = gi_function(f, i, &out->functions[i], st);
    if (!c && (flags & SF_GEN_ISA_CUT12504)) c = gi_cut12504(f, &out->functions[i], st);
  }
  /* One file in eight in an older version (docs/visa-binary.md "Versions"), when that version can
   * hold what was drawn: the writer says so (SF_ERR_RANGE), and the file stays 4.1. */
  if (!c && !(flags & SF_GEN_ISA_CUT12504) && sf_fdp_chance(f, 32)) {
    static const uint8_t vers[][2] = {{3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {3, 7}, {4, 0}};
    unsigned v = (unsigned)sf_fdp_pick(f, sizeof vers / sizeof vers[0]);
    out->major = vers[v][0];
    out->minor = vers[v][1];
    sf_status ws;
    sf_status_clear(&ws);
    sf_buf b;
    sf_buf_init(&b, &ws);
    sf_code wc = sf_isa_write(out, &b, &ws);
    sf_buf_free(&b);
    if (wc == SF_ERR_RANGE) {
      out->major = 4;
      out->minor = 1;
    }
  }
  if (c) sf_isa_free(out);
  return c;
}
