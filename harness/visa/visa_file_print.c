/* visa_file_print.c — vISA text: the whole-file printer (sf_visaasm_print), the inverse of
 * visa_file_parse.c: declarations by their declared names, attributes, inputs, instructions (generic ones
 * through visa_gen_print.c, labels and .function unindented), rets. */
#include <errno.h>
#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_text_priv.h"


static void fput(fpr *p, const char *s) {
  if (p->err == SF_OK && !sf_buf_put(p->b, s, strlen(s)))
    p->err = sf_fail(p->st, sf_buf_code(p->b), "output buffer refused %zu more bytes", strlen(s)); /* over its limit, or out of memory */
}

static void ffmt(fpr *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void ffmt(fpr *p, const char *fmt, ...) {
  char tmp[SF_VISA_MAX_NAME + 128];
  va_list ap;
  va_start(ap, fmt);
  int r = vsnprintf(tmp, sizeof tmp, fmt, ap);
  va_end(ap);
  if (r < 0 || (size_t)r >= sizeof tmp) {
    if (p->err == SF_OK) p->err = sf_fail(p->st, SF_ERR_LIMIT, "header line too long");
    return;
  }
  fput(p, tmp);
}

static bool ffail(fpr *p, sf_code code, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool ffail(fpr *p, sf_code code, const char *fmt, ...) {
  if (p->err != SF_OK) return false;
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  p->err = sf_fail(p->st, code, "%s", msg);
  return false;
}

/* A declared name that reads back as itself (kind kd, id). */
static const char *decl_name(fpr *p, const symsrc *src, uint32_t str, sf_visa_symkind kd, uint32_t id,
                             const char *what) {
  const char *s = sf_visa_kernel_string(src->k, str);
  uint32_t got;
  if (!s || !sf_visa_ident_ok(s, strlen(s)) || vt_src_lookup(src, s, strlen(s), &got) != kd || got != id) {
    ffail(p, SF_UNSUPPORTED, "%s %u has no name that can be written in text (must be a unique identifier)", what,
          (unsigned)id);
    return NULL;
  }
  return s;
}

static void print_attr_value(fpr *p, const sf_visa_kernel *k, const sf_visa_attr *a) {
  const char *name = sf_visa_kernel_string(k, a->name);
  if ((uint64_t)a->value_off + a->size > k->attr_bytes_len || (a->size && !k->attr_bytes)) {
    ffail(p, SF_ERR_INVALID, "attribute value lies outside the attribute bytes");
    return;
  }
  const uint8_t *v = a->size ? k->attr_bytes + a->value_off : NULL;
  if (strcmp(name, "Target") == 0 && a->size == 1 && v[0] < 3) {
    ffmt(p, "\"%s\"", vt_target_names[v[0]]);
    return;
  }
  for (size_t q = 0; q < vt_int_attrs_count; q++)
    if (strcmp(name, vt_int_attrs[q]) == 0 && a->size == 4) {
      ffmt(p, "%u", (unsigned)sf_le32(v));
      return;
    }
  bool printable = true;
  for (unsigned q = 0; q < a->size; q++)
    if (v[q] < 0x20 || v[q] > 0x7e || v[q] == '"') printable = false;
  if (printable && strcmp(name, "Target") == 0)
    for (int q = 0; q < 3; q++)
      if (a->size == strlen(vt_target_names[q]) && memcmp(v, vt_target_names[q], a->size) == 0) printable = false;
  if (printable) {
    char s[260];
    if (a->size) memcpy(s, v, a->size);
    s[a->size] = 0;
    ffmt(p, "\"%s\"", s);
    return;
  }
  fput(p, "#");
  for (unsigned q = 0; q < a->size; q++) ffmt(p, "%02x", v[q]);
}

/* One instruction line as IGC dumps it: 4-space indent, padded to column 80, " /// $id". */
static void print_line(fpr *p, const char *line, uint32_t id) {
  size_t l = strlen(line);
  fput(p, "    ");
  fput(p, line);
  for (size_t q = l + 4; q < 80; q++) fput(p, " ");
  ffmt(p, " /// $%u\n", (unsigned)id);
}

static void print_kernel_body(fpr *p, const sf_visa_kernel *k, const symsrc *src, const sf_isa_file *f) {
  const char *kname = k->name ? k->name : sf_visa_kernel_string(k, k->name_index);
  if (!kname || !kname[0] || strlen(kname) > SF_VISA_MAX_NAME || strpbrk(kname, "\"\n\r")) {
    ffail(p, SF_UNSUPPORTED, "kernel name cannot be written in text (empty, too long, or has a quote or newline)");
    return;
  }
  /* The header names a kernel and its object names itself again (name_index); text has the one
   * `.kernel` name, which the parser gives both. */
  const char *oname = sf_visa_kernel_string(k, k->name_index);
  if (k->name && (!oname || strcmp(oname, k->name) != 0)) {
    ffail(p, SF_UNSUPPORTED, "kernel '%.40s': its object names it '%.40s' (string %u), which text cannot say apart from "
          "the header's name", kname, oname ? oname : "", (unsigned)k->name_index);
    return;
  }
  /* A kernel read in IGC 12504's cut-short form has no text: say so before the label checks, which
   * would otherwise blame the label operands that the cut-short instructions lack. */
  for (uint32_t i = 0; i < k->num_gens; i++)
    if (k->gens[i].form != SF_VISA_FORM_SPEC) {
      ffail(p, SF_UNSUPPORTED, "kernel '%.40s': instruction $%u is held in IGC 12504's cut-short binary form, which lacks "
            "its last operands (docs/visa-binary.md section 6.2)", kname, (unsigned)k->gens[i].at);
      return;
    }
  if (k->num_labels && vt_check_labels(k, p->st) != SF_OK) {
    char why[SF_STATUS_MSG_MAX];
    snprintf(why, sizeof why, "%s", p->st ? p->st->msg : "");
    ffail(p, SF_UNSUPPORTED, "kernel '%.40s': %s", kname, why);
    return;
  }
  /* Text has no place for compiled code: a Gen binary record with bytes is refused. One without
   * (what GenX_IR writes when it stops before code generation) is left out, as GenX_IR's own
   * disassembly leaves it out. */
  for (uint32_t g = 0; g < k->num_genbins; g++)
    if (k->genbins && k->genbins[g].size)
      return (void)ffail(p, SF_UNSUPPORTED, "kernel '%.40s': gen binary %u holds %u bytes of compiled code (platform %u), "
                         "which text cannot carry", kname, (unsigned)g, (unsigned)k->genbins[g].size,
                         (unsigned)k->genbins[g].platform);
  if (k->is_function && (k->linkage || k->arg_size || k->ret_size || k->num_inputs))
    return (void)ffail(p, SF_UNSUPPORTED, "function '%.40s': linkage %u, header argument size %u, return size %u or %u "
                       "inputs: text has no place for them (IGC writes 0; its ArgSize and RetValSize are attributes)",
                       kname, (unsigned)k->linkage, (unsigned)k->arg_size, (unsigned)k->ret_size, (unsigned)k->num_inputs);
  ffmt(p, "%s \"%s\"\n", k->is_function ? ".global_function" : ".kernel", kname);
  /* IGC lists every function of the file after a kernel's name (IsaDisassembly.cpp,
   * printKernelHeader); a text that listed others keeps its own list (visa.h funcdecls). */
  uint32_t nd = k->num_funcdecls ? k->num_funcdecls : k->is_function ? 0 : f->num_functions;
  for (uint32_t i = 0; i < nd && p->err == SF_OK; i++) {
    const char *fn = k->num_funcdecls ? (k->funcdecls ? k->funcdecls[i] : NULL) : f->functions[i].name;
    if (!fn || !sf_visa_ident_ok(fn, strlen(fn)))
      return (void)ffail(p, SF_UNSUPPORTED, "kernel '%.40s': function %u's name is not an identifier, which .funcdecl "
                         "cannot carry", kname, (unsigned)i);
    ffmt(p, ".funcdecl \"%s\"\n", fn);
  }
  fput(p, "\n/// VISA Predefined Variables\n");
  for (uint32_t i = 0; i < SF_VISA_NUM_PREDEF_VARS; i++)
    ffmt(p, "// .decl V%u v_type=G v_name=%s\n", (unsigned)i, sf_visa_predef_var_name(i));
  for (uint32_t i = 0; i < SF_VISA_NUM_PREDEF_SURFACES; i++)
    ffmt(p, "// .decl T%u v_type=T v_name=%s\n", (unsigned)i, sf_visa_predef_surface_name(i));
  fput(p, "\n");
  for (uint32_t i = 0; i < k->num_vars && p->err == SF_OK; i++) {
    const sf_visa_var *v = &k->vars[i];
    const char *nm = decl_name(p, src, v->name, SF_SYM_VAR, SF_VISA_FIRST_USER_VAR + i, "variable V");
    if (!nm) return;
    if (v->attr_count || v->alias_scope)
      return (void)ffail(p, SF_UNSUPPORTED, "variable '%.40s' has attributes or a file-scope alias, not carried in text", nm);
    uint8_t align = v->props >> 4;
    ffmt(p, ".decl %s v_type=G type=%s num_elts=%u", nm, sf_vtype_name(v->props & 0x0F), v->num_elts);
    if (align >= 10) ffmt(p, " align=align_%u", align);
    else if (align) ffmt(p, " align=%s", vt_align_names[align]);
    if (v->alias_index) {
      char nb[SF_VISA_MAX_NAME + 8];
      pctx c = {{nb, sizeof nb, 0, false}, src, p->st, SF_OK};
      vt_print_var_name(&c, v->alias_index);
      if (c.err != SF_OK) return (void)(p->err = c.err);
      ffmt(p, " alias=<%s, %u>", nb, v->alias_offset);
    }
    fput(p, "\n");
  }
  for (uint32_t i = 0; i < k->num_addrs && p->err == SF_OK; i++) {
    const char *nm = decl_name(p, src, k->addrs[i].name, SF_SYM_ADDR, i, "address A");
    if (nm) ffmt(p, ".decl %s v_type=A num_elts=%u\n", nm, k->addrs[i].num_elts);
  }
  for (uint32_t i = 0; i < k->num_preds && p->err == SF_OK; i++) {
    const char *nm = decl_name(p, src, k->preds[i].name, SF_SYM_PRED, i + 1, "predicate P");
    if (nm) ffmt(p, ".decl %s v_type=P num_elts=%u\n", nm, k->preds[i].num_elts);
  }
  /* The binary form counts samplers and surfaces in a byte, but text declares at most what the
   * parser takes (sf_visa_kernel_declare): 31 samplers (IGC's reader asserts fewer than 32) and the
   * surfaces an instruction's surface byte can name, T6..T255. */
  if (p->err == SF_OK && k->num_samplers > 31)
    return (void)ffail(p, SF_UNSUPPORTED, "%u samplers: text declares at most 31 (S0..S30)", (unsigned)k->num_samplers);
  if (p->err == SF_OK && SF_VISA_FIRST_USER_SURFACE + (unsigned)k->num_surfaces > 256)
    return (void)ffail(p, SF_UNSUPPORTED, "%u surfaces: text declares at most %u (T%u..T255, the surface byte's range)",
                       (unsigned)k->num_surfaces, 256u - SF_VISA_FIRST_USER_SURFACE, (unsigned)SF_VISA_FIRST_USER_SURFACE);
  for (uint32_t i = 0; i < k->num_samplers && p->err == SF_OK; i++) {
    const char *nm = decl_name(p, src, k->samplers[i].name, SF_SYM_SAMPLER, i, "sampler S");
    if (nm) ffmt(p, ".decl S%u v_type=S num_elts=%u v_name=%s\n", (unsigned)i, k->samplers[i].num_elts, nm);
  }
  for (uint32_t i = 0; i < k->num_surfaces && p->err == SF_OK; i++) {
    uint32_t idx = SF_VISA_FIRST_USER_SURFACE + i;
    const char *nm = decl_name(p, src, k->surfaces[i].name, SF_SYM_SURFACE, idx, "surface T");
    if (nm) ffmt(p, ".decl T%u v_type=T num_elts=%u v_name=%s\n", (unsigned)idx, k->surfaces[i].num_elts, nm);
  }
  for (uint32_t i = 0; i < k->num_inputs && p->err == SF_OK; i++) {
    const sf_visa_input *in = &k->inputs[i];
    uint8_t cls = in->kind & 7;
    char nb[SF_VISA_MAX_NAME + 8];
    if (cls == 0) {
      pctx c = {{nb, sizeof nb, 0, false}, src, p->st, SF_OK};
      vt_print_var_name(&c, in->index);
      if (c.err != SF_OK) return (void)(p->err = c.err);
    } else if (cls <= 2) {
      snprintf(nb, sizeof nb, "%c%u", cls == 1 ? 'S' : 'T', (unsigned)in->index);
      uint32_t gi, gc;
      sf_visa_symkind other;
      if (vt_resolve_state(src, nb, strlen(nb), false, &gi, &gc, &other) != RES_OK || gi != in->index)
        return (void)ffail(p, SF_UNSUPPORTED, "input %u: '%s' names another symbol", (unsigned)i, nb);
    } else {
      return (void)ffail(p, SF_UNSUPPORTED, "input %u has class %u (not general, sampler or surface)", (unsigned)i, cls);
    }
    ffmt(p, ".input %s offset=%d size=%u", nb, in->offset, in->size);
    if (in->kind >> 3) ffmt(p, " kind=%u", in->kind >> 3);
    fput(p, "\n");
  }
  if (k->num_kattrs && ((uint64_t)k->kattr_first + k->num_kattrs > k->num_attrs || !k->attrs))
    return (void)ffail(p, SF_ERR_INVALID, "kernel attribute range lies outside the attribute table");
  for (uint32_t i = 0; i < k->num_kattrs && p->err == SF_OK; i++) {
    const sf_visa_attr *a = &k->attrs[k->kattr_first + i];
    const char *an = sf_visa_kernel_string(k, a->name);
    if (!an || !sf_visa_ident_ok(an, strlen(an)))
      return (void)ffail(p, SF_UNSUPPORTED, "kernel attribute %u has a name that cannot be written in text", (unsigned)i);
    ffmt(p, ".kernel_attr %s", an);
    if (a->size) { /* a value of no bytes: the name alone, as GenX_IR prints it */
      fput(p, "=");
      print_attr_value(p, k, a);
    }
    fput(p, "\n"); /* IGC 12504 forgets this newline after the last header line (docs/visa-text.md) */
  }
  if (k->code_tail_len)
    return (void)ffail(p, SF_UNSUPPORTED, "the %u bytes after the last instruction (IGC 12504 form) have no text form",
                       (unsigned)k->code_tail_len);
  /* The whole stream in order (visa.h: gens[] at their positions, insts[] and rets[] in the others). */
  sf_visa_walk w = {0, 0, 0, 0};
  uint32_t id = 0;
  while (p->err == SF_OK) {
    char line[MAX_LINE + 1];
    uint32_t idx = 0;
    sf_visa_walk_kind wk = sf_visa_walk_next(k, &w, &idx, p->st);
    if (wk == SF_WALK_END) break;
    if (wk == SF_WALK_ERR) {
      p->err = p->st && p->st->code ? p->st->code : SF_ERR_INVALID;
      return;
    }
    if (wk == SF_WALK_GEN) {
      const sf_visa_ginst *g = &k->gens[idx];
      /* the printer's refusal in a status of its own, so that the file's names the instruction;
       * its code is the printer's, with or without a status to read it from */
      sf_status ist;
      sf_status_clear(&ist);
      sf_code code = vt_print_gen(g, src, line, sizeof line, &ist);
      if (code != SF_OK) {
        const char *nm = sf_visa_op_name(g->op);
        return (void)ffail(p, code, "instruction $%u (%s, opcode 0x%02x): %s", (unsigned)g->at, nm ? nm : "unknown",
                           (unsigned)g->op, ist.msg);
      }
      if (g->op == 0x30 || g->op == 0x31) {
        /* GenX_IR: a subroutine is "\n.function \"name\"\n\nname:", a label "name:", unindented.
         * The parser takes the one "name:" line right after `.function` as the subroutine's, so a
         * label instruction of the same label right after it prints as a second "name:" line and
         * reads back as itself. */
        if (g->op == 0x30) {
          const char *ln = vt_label_name(k, g->ops[0].u);
          fput(p, g->at ? "\n" : "");
          fput(p, line);
          fput(p, "\n\n");
          fput(p, ln ? ln : "");
          fput(p, ":\n");
        } else {
          fput(p, "\n"); /* IsaDisassembly.cpp prints a newline before a label's name */
          fput(p, line);
          fput(p, "\n");
        }
        id++; /* GenX_IR counts labels in its $N numbering without printing it */
        continue;
      }
      if (g->op == 0x51 || g->op == 0x52) { /* FILE and LOC: indented, without " /// $N" (IsaDisassembly.cpp) */
        fput(p, "    ");
        fput(p, line);
        fput(p, "\n");
        id++;
        continue;
      }
      print_line(p, line, id++);
      continue;
    }
    if (wk == SF_WALK_RET) {
      pctx c = {{line, sizeof line, 0, false}, src, p->st, SF_OK};
      vt_print_pred(&c, &k->rets[idx].pred);
      vt_ob_put(&c.o, "ret ");
      vt_print_exec(&c, k->rets[idx].exec_size, k->rets[idx].emask);
      if (c.err != SF_OK) return (void)(p->err = c.err);
      print_line(p, line, id++);
      continue;
    }
    if (vt_print_inst(&k->insts[idx], src, line, sizeof line, p->st) != SF_OK) {
      p->err = p->st && p->st->code ? p->st->code : SF_ERR_INVALID;
      return;
    }
    print_line(p, line, id++);
  }
}

static void print_kernel(fpr *p, const sf_visa_kernel *k, const sf_isa_file *f) {
  sf_visa_names ix = {NULL, 0, 0};
  if (!sf_visa_names_build(&ix, k)) {
    sf_visa_names_free(&ix);
    ffail(p, SF_ERR_NOMEM, "out of memory");
    return;
  }
  symsrc src = {k, &ix, NULL};
  print_kernel_body(p, k, &src, f);
  sf_visa_names_free(&ix);
}

sf_code sf_visaasm_print(const sf_isa_file *f, sf_buf *out, sf_status *st) {
  if (!f || !out) return sf_fail(st, SF_ERR_INVALID, "file or output is NULL");
  if (f->num_kernels && !f->kernels) return sf_fail(st, SF_ERR_INVALID, "kernel table is NULL");
  if (f->num_functions && !f->functions) return sf_fail(st, SF_ERR_INVALID, "function table is NULL");
  fpr p = {out, st, SF_OK};
  if (f->major == 0 && f->minor == 0)
    fput(&p, ".version 4.1\n");
  else
    ffmt(&p, ".version %u.%u\n", f->major, f->minor);
  /* Kernels, then functions, as the binary orders them: one text that GenX_IR reads as a whole (IGC
   * writes each object to a file of its own, each with its .version line; a second .version is a
   * syntax error to GenX_IR, so here there is one). */
  for (uint32_t i = 0; i < (uint32_t)f->num_kernels + f->num_functions && p.err == SF_OK; i++) {
    if (i) fput(&p, "\n");
    print_kernel(&p, i < f->num_kernels ? &f->kernels[i] : &f->functions[i - f->num_kernels], f);
  }
  return p.err;
}
