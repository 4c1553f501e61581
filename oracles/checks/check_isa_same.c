/* oracles/checks/check_isa_same.c — whether two vISA kernels declare the same things, and whether
 * two files hold the same kernels and functions (sf_isa_same_file).
 *
 * The whole-file checks of isa_file_fuzzer (check_isa_file.c: `gen_same`, `reread_same`,
 * `text_same`) compare a kernel with the one read back from its bytes or its text. Counting the
 * declarations is not enough: a printer that writes an attribute's value in a form the parser reads
 * as another value (a Target of two bytes "3d" printed as the string "3d", which reads back as the
 * one-byte code of the 3d target), or a variable's alias offset wrong, gives a text that reads back
 * with as many declarations and prints the same again. This compares each declaration's contents:
 * names (as strings, not string-table indices, which the text form renumbers), types, sizes,
 * aliases, inputs, labels and every attribute's name and value bytes. Through text (canon), the
 * alias offset and scope of a variable without an alias are not compared: text cannot hold them. */
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"

static const char *str_of(const sf_visa_kernel *k, uint32_t idx) {
  return idx < k->num_strings && k->strings && k->strings[idx] ? k->strings[idx] : "";
}

/* Attributes [first, first + count) of a and b: same names, same value bytes. */
static bool same_attrs(const sf_visa_kernel *a, uint32_t fa, const sf_visa_kernel *b, uint32_t fb, uint32_t count,
                       char *why, size_t n, const char *owner) {
  for (uint32_t i = 0; i < count; i++) {
    if (fa + i >= a->num_attrs || fb + i >= b->num_attrs) return snprintf(why, n, "%s: attribute %u missing", owner, i), false;
    const sf_visa_attr *x = &a->attrs[fa + i], *y = &b->attrs[fb + i];
    const char *nx = str_of(a, x->name), *ny = str_of(b, y->name);
    const uint8_t *vx = x->size && (uint64_t)x->value_off + x->size <= a->attr_bytes_len ? a->attr_bytes + x->value_off : NULL;
    const uint8_t *vy = y->size && (uint64_t)y->value_off + y->size <= b->attr_bytes_len ? b->attr_bytes + y->value_off : NULL;
    if (strcmp(nx, ny) != 0 || x->size != y->size || (x->size && (!vx || !vy || memcmp(vx, vy, x->size) != 0)))
      return snprintf(why, n, "%s: attribute %u (%.40s, %u bytes / %.40s, %u bytes)", owner, i, nx, x->size, ny, y->size),
             false;
  }
  return true;
}

static bool same_syms(const sf_visa_kernel *a, const sf_visa_sym *x, const sf_visa_kernel *b, const sf_visa_sym *y,
                      uint32_t count, const char *what, char *why, size_t n) {
  for (uint32_t i = 0; i < count; i++) {
    char owner[48];
    snprintf(owner, sizeof owner, "%s %u", what, i);
    if (strcmp(str_of(a, x[i].name), str_of(b, y[i].name)) != 0 || x[i].num_elts != y[i].num_elts ||
        x[i].attr_count != y[i].attr_count)
      return snprintf(why, n, "%s: name, size or attribute count", owner), false;
    if (!same_attrs(a, x[i].attr_first, b, y[i].attr_first, x[i].attr_count, why, n, owner)) return false;
  }
  return true;
}

bool sf_isa_same_decls(const sf_visa_kernel *a, const sf_visa_kernel *b, bool canon, char *why, size_t n) {
  if (a->num_vars != b->num_vars || a->num_addrs != b->num_addrs || a->num_preds != b->num_preds ||
      a->num_labels != b->num_labels || a->num_samplers != b->num_samplers || a->num_surfaces != b->num_surfaces ||
      a->num_inputs != b->num_inputs || a->num_attrs != b->num_attrs || a->num_kattrs != b->num_kattrs)
    return snprintf(why, n, "declarations: %u/%u variables, %u/%u labels, %u/%u inputs, %u/%u attributes",
                    a->num_vars, b->num_vars, a->num_labels, b->num_labels, a->num_inputs, b->num_inputs,
                    a->num_attrs, b->num_attrs), false;
  if (strcmp(str_of(a, a->name_index), str_of(b, b->name_index)) != 0) return snprintf(why, n, "the kernel's name"), false;
  for (uint32_t i = 0; i < a->num_vars; i++) {
    const sf_visa_var *x = &a->vars[i], *y = &b->vars[i];
    char owner[48];
    snprintf(owner, sizeof owner, "variable V%u", i + 32);
    /* a variable without an alias (index 0) keeps the offset and scope bytes as stored; text has no
     * place for them and reads them as 0, as GenX_IR does (canon: through text) */
    bool unaliased = canon && x->alias_index == 0;
    if (strcmp(str_of(a, x->name), str_of(b, y->name)) != 0 || x->props != y->props || x->num_elts != y->num_elts ||
        x->alias_index != y->alias_index ||
        (!unaliased && (x->alias_offset != y->alias_offset || x->alias_scope != y->alias_scope)) ||
        x->attr_count != y->attr_count)
      return snprintf(why, n, "%s: name %.24s/%.24s, props 0x%x/0x%x, %u/%u elements, alias V%u+%u scope %u/V%u+%u scope %u, "
                      "%u/%u attributes", owner, str_of(a, x->name), str_of(b, y->name), x->props, y->props, x->num_elts,
                      y->num_elts, x->alias_index, x->alias_offset, x->alias_scope, y->alias_index, y->alias_offset,
                      y->alias_scope, x->attr_count, y->attr_count), false;
    if (!same_attrs(a, x->attr_first, b, y->attr_first, x->attr_count, why, n, owner)) return false;
  }
  if (!same_syms(a, a->addrs, b, b->addrs, a->num_addrs, "address", why, n) ||
      !same_syms(a, a->preds, b, b->preds, a->num_preds, "predicate", why, n) ||
      !same_syms(a, a->samplers, b, b->samplers, a->num_samplers, "sampler", why, n) ||
      !same_syms(a, a->surfaces, b, b->surfaces, a->num_surfaces, "surface", why, n))
    return false;
  for (uint32_t i = 0; i < a->num_labels; i++)
    if (strcmp(str_of(a, a->labels[i].name), str_of(b, b->labels[i].name)) != 0 || a->labels[i].kind != b->labels[i].kind)
      return snprintf(why, n, "label %u: name or kind", i), false;
  for (uint32_t i = 0; i < a->num_inputs; i++) {
    const sf_visa_input *x = &a->inputs[i], *y = &b->inputs[i];
    if (x->kind != y->kind || x->index != y->index || x->offset != y->offset || x->size != y->size)
      return snprintf(why, n, "input %u: kind, index, offset or size", i), false;
  }
  return same_attrs(a, a->kattr_first, b, b->kattr_first, a->num_kattrs, why, n, "the kernel");
}

/* Whether kernel b (read back) holds what a held (the generator's kernel, or the file a text was
 * printed from); why says where it differs. canon: compare the sampler instructions canonicalized. */
static bool same_kernel(const sf_visa_kernel *a, const sf_visa_kernel *b, bool canon, char *why, size_t n) {
  if (!sf_isa_same_decls(a, b, canon, why, n)) return false; /* check_isa_same.c */
  if (a->num_insts != b->num_insts || a->num_rets != b->num_rets || a->num_gens != b->num_gens)
    return snprintf(why, n, "instructions: %u/%u sampler, %u/%u ret, %u/%u other (built/read)", a->num_insts,
                    b->num_insts, a->num_rets, b->num_rets, a->num_gens, b->num_gens), false;
  for (uint32_t i = 0; i < a->num_insts; i++) { /* canon: through text, which has no don't-care bits (inst.h) */
    sf_inst x = a->insts[i], y = b->insts[i];
    if (canon) sf_inst_canonicalize(&x), sf_inst_canonicalize(&y);
    if (!sf_inst_equal(&x, &y)) {
      char d[96];
      return snprintf(why, n, "sampler instruction %u: %s", i, sf_inst_diff(&x, &y, d, sizeof d)), false;
    }
  }
  for (uint32_t i = 0; i < a->num_rets; i++) {
    const sf_visa_ret *x = &a->rets[i], *y = &b->rets[i];
    if (x->before != y->before || x->exec_size != y->exec_size || x->emask != y->emask || x->pred.id != y->pred.id ||
        x->pred.ctrl != y->pred.ctrl || x->pred.invert != y->pred.invert || x->pred.rsvd != y->pred.rsvd)
      return snprintf(why, n, "ret %u", i), false;
  }
  sf_buf x, y;
  sf_buf_init(&x, NULL);
  sf_buf_init(&y, NULL);
  uint32_t i = 0;
  while (i < a->num_gens && sf_isa_same_ginst(a, b, &a->gens[i], &b->gens[i], &x, &y)) i++;
  sf_buf_free(&x);
  sf_buf_free(&y);
  if (i < a->num_gens)
    return snprintf(why, n, "instruction $%u (%s, %u/%u fields)", a->gens[i].at, sf_visa_op_name(a->gens[i].op),
                    a->gens[i].num_ops, b->gens[i].num_ops), false;
  if (!canon) { /* the binary form: the Gen binary records too (text leaves empty ones out) */
    if (a->num_genbins != b->num_genbins) return snprintf(why, n, "%u/%u gen binaries", a->num_genbins, b->num_genbins), false;
    for (uint32_t g = 0; g < a->num_genbins; g++) {
      const sf_visa_genbin *ga = &a->genbins[g], *gb = &b->genbins[g];
      if (ga->platform != gb->platform || ga->size != gb->size || (ga->size && memcmp(ga->bytes, gb->bytes, ga->size) != 0))
        return snprintf(why, n, "gen binary %u: platform %u/%u, %u/%u bytes", g, ga->platform, gb->platform, ga->size,
                        gb->size), false;
    }
  }
  if (a->code_tail_len != b->code_tail_len ||
      (a->code_tail_len && memcmp(a->code_tail, b->code_tail, a->code_tail_len) != 0))
    return snprintf(why, n, "the bytes after the last ret: %u/%u", a->code_tail_len, b->code_tail_len), false;
  return true;
}

/* A kernel built in the cut-short form whose bytes happen to read in the 4.1 form: nothing in the
 * file tells the two apart (docs/visa-binary.md §6.2), so its stream is not compared. */
static bool read_as_spec(const sf_visa_kernel *a, const sf_visa_kernel *b) {
  bool cut = a->num_gens && a->gens[0].form == SF_VISA_FORM_IGC12504;
  bool spec = b->num_insts || b->num_rets || (b->num_gens && b->gens[0].form == SF_VISA_FORM_SPEC);
  return cut && spec;
}

/* Whether file b holds the kernels and functions of a (same_kernel for each); why names the
 * object that differs. */
bool sf_isa_same_file(const sf_isa_file *a, const sf_isa_file *b, bool canon, char *why, size_t n) {
  if (a->num_kernels != b->num_kernels || a->num_functions != b->num_functions)
    return snprintf(why, n, "%u/%u kernels, %u/%u functions", a->num_kernels, b->num_kernels, a->num_functions,
                    b->num_functions), false;
  for (uint32_t i = 0; i < (uint32_t)a->num_kernels + a->num_functions; i++) {
    bool fn = i >= a->num_kernels;
    const sf_visa_kernel *x = fn ? &a->functions[i - a->num_kernels] : &a->kernels[i];
    const sf_visa_kernel *y = fn ? &b->functions[i - a->num_kernels] : &b->kernels[i];
    char w[240];
    if (x->is_function != y->is_function || x->arg_size != y->arg_size || x->ret_size != y->ret_size ||
        x->linkage != y->linkage)
      return snprintf(why, n, "%s %u: its function header", fn ? "function" : "kernel", fn ? i - a->num_kernels : i), false;
    if (!read_as_spec(x, y) && !same_kernel(x, y, canon, w, sizeof w))
      return snprintf(why, n, "%s %u: %s", fn ? "function" : "kernel", fn ? i - a->num_kernels : i, w), false;
  }
  return true;
}

/* `gop_zeros`: in every generic instruction a reader builds (the .isa reader, the .visaasm parser),
 * each field holds its value in the member its kind uses (visa.h: `u` for E P b w d L n S, `v` for V,
 * `r` for R) and zero in the others, so that two readers' copies of one instruction are equal member
 * by member, not only once encoded. A parser that left junk in the members a kind does not use
 * encoded and printed the same and was seen by nothing. */
static bool vopnd_zero(const sf_vopnd *o) {
  return !(o->cls | o->mod | o->tag_hi | o->type | o->id | o->row_off | o->col_off | o->addr_off | o->width |
           o->state_cls | o->imm_off | o->region.vstride | o->region.width | o->region.hstride | o->region.hi | o->imm);
}

bool sf_isa_gops_zero(sf_verdict *v, const sf_isa_file *f, const char *reader) {
  for (uint32_t o = 0; o < (uint32_t)f->num_kernels + f->num_functions; o++) {
    const sf_visa_kernel *k = o < f->num_kernels ? &f->kernels[o] : &f->functions[o - f->num_kernels];
    for (uint32_t i = 0; i < k->num_gens; i++)
      for (unsigned q = 0; q < k->gens[i].num_ops; q++) {
        const sf_visa_gop *g = &k->gens[i].ops[q];
        bool vec = g->kind == 'V', raw = g->kind == 'R';
        const char *bad = (vec || raw) && g->u ? "u" : !vec && !vopnd_zero(&g->v) ? "v" : !raw && (g->r.id || g->r.off) ? "r" : NULL;
        if (!bad) continue;
        sf_verdict_fail(v, "gop_zeros", NULL, reader);
        sf_verdict_key(v, "gop_zeros %s %s %c", reader, sf_visa_op_name(k->gens[i].op), (char)g->kind);
        sf_verdict_dumpf(v, "%s: %s %u, instruction $%u (%s), field %u of kind '%c' holds a value in member %s, which its "
                            "kind does not use (want 0 there)\n", reader, o < f->num_kernels ? "kernel" : "function",
                         o < f->num_kernels ? o : o - f->num_kernels, k->gens[i].at, sf_visa_op_name(k->gens[i].op), q,
                         (char)g->kind, bad);
        return false;
      }
  }
  return true;
}

/* `funcdecls`: IGC prints, after a kernel's name, a `.funcdecl` line for every function of the file
 * (IsaDisassembly.cpp, printKernelHeader), and a text that lists its own keeps that list (visa.h
 * funcdecls). So the text printed from g must read back (h) with each kernel listing exactly g's
 * list: its own, or else every function's name in file order. A printer that dropped the list read
 * back as "no list" and printed the same again, which the fixpoint could not see. */
bool sf_isa_funcdecls_listed(sf_verdict *v, const sf_isa_file *g, const sf_isa_file *h) {
  for (uint32_t i = 0; i < g->num_kernels && i < h->num_kernels; i++) {
    const sf_visa_kernel *x = &g->kernels[i], *y = &h->kernels[i];
    uint32_t want = x->num_funcdecls ? x->num_funcdecls : g->num_functions, j = 0;
    for (; j < want && j < y->num_funcdecls; j++) {
      const char *a = x->num_funcdecls ? x->funcdecls[j] : g->functions[j].name, *b = y->funcdecls[j];
      if (!a || !b || strcmp(a, b)) break;
    }
    if (j == want && y->num_funcdecls == want) continue;
    sf_verdict_fail(v, "funcdecls", NULL, "kernel");
    sf_verdict_key(v, "funcdecls");
    sf_verdict_dumpf(v, "kernel %u's printed header reads back with %u .funcdecl line(s), the first differing at %u; the file "
                        "lists %u (its own list: %s)\n", (unsigned)i, (unsigned)y->num_funcdecls, (unsigned)j,
                     (unsigned)want, x->num_funcdecls ? "yes" : "no, so every function");
    return false;
  }
  return true;
}
