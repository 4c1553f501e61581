/* oracles/checks/check_isa_caps.c — the vISA text's caps, once per process in isa_file_fuzzer
 * (check_isa_file.c calls sf_check_caps_once): a text one past a cap is refused as over the limit
 * (or out of range) where the cap is passed, and one at the cap reads. The caps are the .isa
 * reader's and the text's own (include/samplefuzz/visa.h, docs/visa-text.md):
 *   - one table of text caps, a line per item (`line_caps`): `label_cap`, 4,096 labels;
 *     `inst_cap`, 65,536 instructions in a kernel; `funcdecl_cap`, 4,096 `.funcdecl` lines;
 *     `count_caps`, 4,096 kernels, 65,536 `ret` lines in a kernel, 65,536 `.input` lines (and the
 *     kernel builder's instruction and attribute caps);
 *   - `string_cap`: 65,536 strings in a kernel's table (through the kernel builder: text cannot
 *     reach it);
 *   - `name_cap`: a kernel name of 1 to 1,024 bytes, in the parser and the printer;
 *   - `file_cap`: a text of 64 MiB; `list_cap`: an operand list of 32 entries; `switch_cap`: a
 *     switchjmp of 1 and 32 labels;
 *   - `bin_caps`: every count of the .isa form at its cap, written and read; `attr_caps`: 65,536
 *     attribute records; `decl_cap`: 31 samplers, 250 surfaces, 4,095 predicates, 65,535
 *     addresses in the builder and the printer.
 * No seed holds such a text within the targets' max_len, and a cap one off in either direction
 * changes nothing any other check sees. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_isa_priv.h"
#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "oracles/checks/check_int.h"
#include "oracles/checks/visa_known_lines.h"
#include "samplefuzz/visa.h"

/* Whether text t[0..n) is refused by sf_visaasm_parse as over the limit at line `line` (*st: the
 * parser's status). */
static bool refused_over_at(const sf_buf *t, size_t n, uint32_t line, sf_status *st) {
  sf_isa_file f;
  memset(&f, 0, sizeof f);
  sf_status_clear(st);
  sf_code rc = sf_visaasm_parse((const char *)t->data, n, &f, st);
  sf_isa_free(&f);
  return rc == SF_ERR_LIMIT && st->pos_kind == SF_POS_TEXT && st->line == line;
}

/* `bin_caps` (with `string_cap`, on its kernel of SF_ISA_MAX_STRINGS strings): that kernel with
 * SF_ISA_MAX_VARS variables (the last ones sharing a name), SF_ISA_MAX_INPUTS inputs and
 * SF_ISA_MAX_INSTS RETs, barriers and sample instructions, in a file of SF_ISA_MAX_KERNELS kernels
 * and as many functions, is written and reads back with those counts: every count of the .isa form
 * at its cap. Its instruction area with the bytes of one RET, barrier or instruction more (the code
 * tail) is refused by the reader as over the limit. And a
 * buffer of exactly SF_ISA_MAX_FILE bytes is not refused for its size, one byte more is. */
static bool bin_caps(sf_verdict *v, sf_visa_kernel *k) {
  const uint32_t nv = SF_ISA_MAX_VARS, ni = SF_ISA_MAX_INPUTS, nr = SF_ISA_MAX_INSTS, nk = SF_ISA_MAX_KERNELS;
  sf_isa_file f;
  memset(&f, 0, sizeof f);
  f.major = 4, f.minor = 1;
  bool built = k->num_vars && sf_visa_grow((void **)&k->vars, nv, sizeof *k->vars) &&
               sf_visa_grow((void **)&k->inputs, ni, sizeof *k->inputs) && sf_visa_grow((void **)&k->rets, nr, sizeof *k->rets) &&
               sf_visa_grow((void **)&k->gens, nr, sizeof *k->gens) && sf_visa_grow((void **)&k->insts, nr, sizeof *k->insts);
  f.kernels = built ? calloc(nk, sizeof *f.kernels) : NULL;
  f.functions = built ? calloc(nk, sizeof *f.functions) : NULL;
  if (!f.kernels || !f.functions) {
    free(f.kernels), free(f.functions);
    return true; /* no memory: nothing to judge */
  }
  for (uint32_t i = k->num_vars; i < nv; i++) k->vars[i] = k->vars[0];
  for (uint32_t i = 0; i < ni; i++) k->inputs[i] = (sf_visa_input){0, SF_VISA_FIRST_USER_VAR, 0, 4};
  k->num_vars = nv, k->num_inputs = ni;
  sf_inst in; /* a SAMPLE_UNORM of zero fields; barrier (0x59) has none */
  memset(&in, 0, sizeof in), in.family = SF_FAMILY_SAMPLE_UNORM;
  for (uint32_t i = 0; i < nr; i++) {
    k->rets[i] = (sf_visa_ret){0, 0, 0, {0}};
    k->gens[i] = (sf_visa_ginst){SF_VISA_FORM_SPEC, i, 0x59, 0, NULL};
    k->insts[i] = in;
  }
  k->num_rets = k->num_gens = k->num_insts = nr; /* the stream: the barriers, the RETs, the instructions */
  /* kernel 0 is k; the others, and the functions, are small ones of their own */
  sf_status st;
  sf_status_clear(&st);
  f.kernels[0] = *k;
  f.num_kernels = 1;
  for (uint32_t i = 1; i < nk && built; i++) built = sf_visa_kernel_init(&f.kernels[f.num_kernels], "k", &st) == SF_OK && ++f.num_kernels;
  for (uint32_t i = 0; i < nk && built; i++) {
    built = sf_visa_kernel_init(&f.functions[f.num_functions], "f", &st) == SF_OK;
    if (built) f.functions[f.num_functions++].is_function = true;
  }
  const char *bad = NULL;
  sf_buf w;
  sf_buf_init(&w, &st);
  w.limit = (size_t)16 << 20;
  sf_isa_file r;
  memset(&r, 0, sizeof r);
  sf_code rc = !built ? SF_ERR_NOMEM : sf_isa_write(&f, &w, &st);
  if (rc == SF_OK) {
    sf_status_clear(&st);
    rc = sf_isa_read(w.data, w.len, &r, &st);
    if (rc != SF_OK) bad = "read";
    else if (r.num_kernels != nk || r.num_functions != nk || r.kernels[0].num_vars != nv || r.kernels[0].num_inputs != ni ||
             r.kernels[0].num_rets != nr || r.kernels[0].num_gens != nr || r.kernels[0].num_insts != nr ||
             r.kernels[0].num_strings != SF_ISA_MAX_STRINGS)
      bad = "counts";
    if (rc == SF_OK) sf_isa_free(&r);
  } else if (rc != SF_ERR_NOMEM) {
    bad = "write";
  }
  sf_buf_free(&w);
  /* One past a cap, each count alone: the file cut to kernel 0, whose other counts are made small
   * (its first variable, and the strings up to that variable's name and its own), so that each
   * test writes little more than the count under test. */
  sf_visa_kernel *k0 = &f.kernels[0];
  const uint16_t keep_nk = f.num_kernels, keep_nf = f.num_functions;
  const uint32_t small_str = (k0->vars[0].name > k0->name_index ? k0->vars[0].name : k0->name_index) + 1;
  f.num_kernels = 1, f.num_functions = 0;
  k0->num_strings = small_str, k0->num_vars = 1, k0->num_inputs = 0, k0->num_rets = k0->num_gens = k0->num_insts = 0;
  /* the reader, given one RET, barrier or instruction more than the cap (the code tail) */
  for (unsigned q = 0; q < 3 && !bad && built; q++) {
    static const char *const what[3] = {"over rets", "over barriers", "over instructions"};
    uint32_t *cnt = q == 0 ? &k0->num_rets : q == 1 ? &k0->num_gens : &k0->num_insts;
    sf_buf one;
    sf_buf_init(&one, NULL);
    sf_code ec = q == 0 ? isa_ret_encode(&k0->rets[0], 0, &one, NULL)
                 : q == 1 ? sf_visa_gen_encode(&k0->gens[0], &one, NULL) : sf_visa_encode(&in, &one, NULL);
    if (ec == SF_OK && one.len) {
      *cnt = nr;
      k0->code_tail = one.data, k0->code_tail_len = (uint32_t)one.len;
      sf_buf_init(&w, NULL);
      w.limit = (size_t)16 << 20;
      sf_status_clear(&st);
      rc = sf_isa_write(&f, &w, &st);
      sf_status_clear(&st);
      sf_code r2 = rc == SF_OK ? sf_isa_read(w.data, w.len, &r, &st) : rc;
      if (r2 == SF_OK) sf_isa_free(&r);
      if (rc == SF_OK && r2 != SF_ERR_LIMIT) bad = what[q];
      sf_buf_free(&w);
      k0->code_tail = NULL, k0->code_tail_len = 0;
      *cnt = 0;
    }
    sf_buf_free(&one);
  }
  /* the writer, given one string, variable, input, RET, barrier, instruction or function too many:
   * the table grown by one entry, a copy of its first (the count goes back before it is freed) */
  const struct {
    const char *what;
    uint32_t *cnt; /* NULL: the function count */
    void **arr;
    size_t esz;
    uint32_t cap;
  } wr[7] = {{"write strings", &k0->num_strings, (void **)&k0->strings, sizeof *k0->strings, SF_ISA_MAX_STRINGS},
             {"write vars", &k0->num_vars, (void **)&k0->vars, sizeof *k0->vars, nv},
             {"write inputs", &k0->num_inputs, (void **)&k0->inputs, sizeof *k0->inputs, ni},
             {"write rets", &k0->num_rets, (void **)&k0->rets, sizeof *k0->rets, nr},
             {"write barriers", &k0->num_gens, (void **)&k0->gens, sizeof *k0->gens, nr},
             {"write instructions", &k0->num_insts, (void **)&k0->insts, sizeof *k0->insts, nr},
             {"write functions", NULL, NULL, 0, nk}};
  for (unsigned q = 0; q < 7 && !bad && built; q++) {
    uint32_t cap = wr[q].cap, was = wr[q].cnt ? *wr[q].cnt : 0;
    if (wr[q].arr) {
      if (!sf_visa_grow(wr[q].arr, (size_t)cap + 1, wr[q].esz)) break;
      memcpy((char *)*wr[q].arr + (size_t)cap * wr[q].esz, *wr[q].arr, wr[q].esz);
      if (wr[q].cnt == &k0->num_gens) k0->gens[cap] = (sf_visa_ginst){SF_VISA_FORM_SPEC, cap, 0x59, 0, NULL}; /* its own place */
      *wr[q].cnt = cap + 1;
    } else {
      f.num_functions = nk + 1; /* the array holds nk: the writer must refuse before it reads one past */
    }
    sf_buf_init(&w, NULL);
    w.limit = (size_t)16 << 20;
    sf_status_clear(&st);
    rc = sf_isa_write(&f, &w, &st);
    sf_buf_free(&w);
    if (wr[q].cnt) *wr[q].cnt = was;
    else f.num_functions = 0;
    if (rc != SF_ERR_LIMIT) bad = wr[q].what;
  }
  f.num_kernels = keep_nk, f.num_functions = keep_nf;
  k0->num_strings = SF_ISA_MAX_STRINGS, k0->num_vars = nv, k0->num_inputs = ni, k0->num_rets = k0->num_gens = k0->num_insts = nr;
  *k = f.kernels[0]; /* the caller frees it */
  for (uint32_t i = 1; i < f.num_kernels; i++) sf_visa_kernel_free(&f.kernels[i]);
  for (uint32_t i = 0; i < f.num_functions; i++) sf_visa_kernel_free(&f.functions[i]);
  free(f.kernels);
  free(f.functions);
  /* the reader's size cap, on a buffer of zeros */
  if (!bad) {
    uint8_t *z = calloc((size_t)SF_ISA_MAX_FILE + 1, 1);
    sf_status s1, s2;
    sf_status_clear(&s1);
    sf_status_clear(&s2);
    sf_code at = z ? sf_isa_read(z, SF_ISA_MAX_FILE, &r, &s1) : SF_ERR_NOMEM;
    if (at == SF_OK) sf_isa_free(&r);
    sf_code over = z ? sf_isa_read(z, (size_t)SF_ISA_MAX_FILE + 1, &r, &s2) : SF_ERR_NOMEM;
    if (over == SF_OK) sf_isa_free(&r);
    free(z);
    if (z && (at == SF_ERR_LIMIT || over != SF_ERR_LIMIT)) bad = at == SF_ERR_LIMIT ? "file at" : "file over", st = at == SF_ERR_LIMIT ? s1 : s2;
  }
  if (!bad) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "bin_caps", NULL, bad);
  sf_verdict_key(v, "bin_caps %s", bad);
  sf_verdict_dumpf(v, "a file with every .isa count at its cap (%u kernels and functions; %u variables, inputs, RETs, "
                   "barriers and instructions in kernel 0): %s: %s\n", nk, nv, bad, sf_status_format(&st, msg, sizeof msg));
  return false;
}

/* `string_cap` (with `label_cap`): a kernel's string table holds SF_ISA_MAX_STRINGS (65,536)
 * strings, its name the first (visa.h; the .isa reader's cap): 65,535 variables declared through
 * the kernel builder fill it, and the next declaration is refused as over the limit, naming the
 * string table, with the table left as it was. Text cannot reach it: the variable cap is the same
 * number, and no seed holds 65,536 declarations within the target's max_len. */
static bool sf_check_string_cap(sf_verdict *v) {
  const uint32_t cap = SF_ISA_MAX_STRINGS;
  sf_status st;
  sf_status_clear(&st);
  sf_visa_kernel k;
  if (sf_visa_kernel_init(&k, "k", &st) != SF_OK) return true; /* no memory: nothing to judge */
  int64_t last = 0;
  for (uint32_t i = 1; i < cap && last >= 0; i++) last = sf_visa_kernel_declare(&k, SF_SYM_VAR, "v", 0, 1, 0, false, &st);
  if (last < 0 && st.code == SF_ERR_NOMEM) {
    sf_visa_kernel_free(&k);
    return true;
  }
  uint32_t full = k.num_strings;
  sf_status_clear(&st);
  int64_t over = last < 0 ? -1 : sf_visa_kernel_declare(&k, SF_SYM_VAR, "v", 0, 1, 0, false, &st);
  bool ok = last >= 0 && full == cap && over == -1 && st.code == SF_ERR_LIMIT && strstr(st.msg, "string table") &&
            k.num_strings == cap;
  uint32_t after = k.num_strings;
  if (ok) ok = bin_caps(v, &k);
  else sf_verdict_fail(v, "string_cap", NULL, last < 0 ? "at" : "over");
  sf_visa_kernel_free(&k);
  if (ok || !strcmp(v->check, "bin_caps")) return ok;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_key(v, "string_cap %s", last < 0 ? "at" : "over");
  sf_verdict_dumpf(v, "a kernel whose string table holds %u strings (cap %u): one more variable gave %lld (%s), the table "
                      "then %u strings; want -1, over the limit, naming the string table, and %u strings\n",
                   full, cap, (long long)over, sf_status_format(&st, msg, sizeof msg), after, cap);
  return false;
}

/* `name_cap` (with `label_cap`): a kernel name in text holds 1 to SF_VISA_MAX_NAME (1,024) bytes
 * (docs/visa-text.md). A name of 1,024 bytes reads and prints back; 1,025 bytes, and the empty
 * name, are refused as out of range on the `.kernel` line; unquoted (an identifier), 1,024 bytes
 * read and 1,025 are over the limit at the name; sf_visa_kernel_init takes 1,024 and refuses 1,025
 * and none as out of range. The printer refuses, as unsupported with
 * its own reason, a kernel whose name text cannot hold: empty, 1,025 bytes, or with a quote, a
 * newline or a carriage return (the kernel's header name and its object's name both set to it, so
 * that no other reason applies). No seed holds a 1,024-byte name within the target's max_len. */
static bool sf_check_name_cap(sf_verdict *v) {
  const size_t cap = SF_VISA_MAX_NAME;
  char *text = malloc(cap + 64), *name = malloc(cap + 2);
  if (!text || !name) {
    free(text);
    free(name);
    return true; /* no memory: nothing to judge */
  }
  const char *bad = NULL;
  sf_status st;
  sf_isa_file f;
  memset(name, 'n', cap + 1);
  for (unsigned k = 0; k < 3 && !bad; k++) { /* 1,025 bytes, none, then 1,024 */
    size_t len = k == 0 ? cap + 1 : k == 1 ? 0 : cap;
    int n = snprintf(text, cap + 64, ".version 4.1\n.kernel \"%.*s\"\n    ret (M1, 1)\n", (int)len, name);
    sf_code rc = sf_check_visaasm_exact(text, (size_t)n, &f, &st);
    if (rc == SF_ERR_NOMEM) break;
    if (k < 2) {
      if (rc == SF_OK) sf_isa_free(&f);
      if (rc != SF_ERR_RANGE || st.pos_kind != SF_POS_TEXT || st.line != 2) bad = k == 0 ? "over" : "empty";
      continue;
    }
    if (rc != SF_OK) {
      bad = "at";
      break;
    }
    sf_buf out;
    sf_status_clear(&st);
    sf_buf_init(&out, &st);
    /* the text as read prints its `.kernel` line back */
    text[13 + 9 + cap + 1] = 0; /* `.kernel "<name>"` */
    if (sf_visaasm_print(&f, &out, &st) != SF_OK || !sf_buf_put(&out, "", 1) || !strstr((const char *)out.data, text + 13))
      bad = st.code == SF_ERR_NOMEM ? NULL : "print";
    sf_buf_free(&out);
    /* names text cannot hold, in the header and the object alike */
    sf_visa_kernel *kk = &f.kernels[0];
    char *keep_name = kk->name, *keep_str = kk->name_index < kk->num_strings ? kk->strings[kk->name_index] : NULL;
    static const char *const unfit[4] = {"", "a\"b", "a\nb", "a\rb"};
    for (unsigned q = 0; q < 5 && !bad && keep_str; q++) {
      char *nm = q < 4 ? (char *)unfit[q] : name;
      name[cap + 1] = 0; /* q == 4: 1,025 bytes */
      kk->name = nm;
      kk->strings[kk->name_index] = nm;
      sf_status_clear(&st);
      sf_buf_init(&out, &st);
      sf_code pc = sf_visaasm_print(&f, &out, &st);
      sf_buf_free(&out);
      kk->name = keep_name;
      kk->strings[kk->name_index] = keep_str;
      if (pc != SF_UNSUPPORTED || !strstr(st.msg, "kernel name cannot be written in text")) {
        static const char *const what[5] = {"print empty", "print quote", "print newline", "print return", "print over"};
        bad = what[q];
      }
    }
    sf_isa_free(&f);
  }
  /* the same edges unquoted (an identifier: the lexer's cap), with a line after the name and with
   * the text ending at the name (read in a block of exactly its bytes: the lexer's window must end
   * at the text's end), and through the kernel builder */
  for (unsigned k = 0; k < 4 && !bad; k++) {
    size_t len = k % 2 == 0 ? cap + 1 : cap;
    int n = snprintf(text, cap + 64, k < 2 ? ".version 4.1\n.kernel %.*s\n    ret (M1, 1)\n" : ".version 4.1\n.kernel %.*s",
                     (int)len, name);
    sf_code rc = sf_check_visaasm_exact(text, (size_t)n, &f, &st);
    if (rc == SF_OK) sf_isa_free(&f);
    if (rc != SF_ERR_NOMEM && (k % 2 == 0 ? rc != SF_ERR_LIMIT || st.line != 2 || st.col != 9 : rc != SF_OK))
      bad = k % 2 == 0 ? "identifier over" : "identifier at";
  }
  char *one = bad ? NULL : malloc(1); /* a name of length 0 is none, whatever its first byte */
  if (one) {
    one[0] = 'n';
    if (sf_visa_ident_ok(one, 0)) bad = "ident_ok empty";
    free(one);
  }
  for (unsigned k = 0; k < 3 && !bad; k++) {
    sf_visa_kernel kk;
    name[k == 0 ? cap + 1 : cap] = 0;
    sf_status_clear(&st);
    sf_code rc = sf_visa_kernel_init(&kk, k == 2 ? "" : name, &st);
    sf_visa_kernel_free(&kk);
    if (rc != SF_ERR_NOMEM && rc != (k == 1 ? SF_OK : SF_ERR_RANGE)) bad = k == 0 ? "init over" : k == 1 ? "init at" : "init empty";
  }
  free(text);
  free(name);
  if (!bad) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "name_cap", NULL, bad);
  sf_verdict_key(v, "name_cap %s", bad);
  sf_verdict_dumpf(v, "a kernel name at the edges of 1..%u bytes (%s): %s\n", (unsigned)cap, bad, sf_status_format(&st, msg, sizeof msg));
  return false;
}

/* Text of `head`, then the line `fmt` (printf, given the index) `count` times, then `tail`. */
static bool lines_text(sf_buf *t, const char *head, const char *fmt, unsigned count, const char *tail) {
  bool ok = sf_buf_put(t, head, strlen(head));
  char line[64];
  for (unsigned i = 0; ok && i < count; i++) {
    int n = snprintf(line, sizeof line, fmt, i);
    ok = n > 0 && (size_t)n < sizeof line && sf_buf_put(t, line, (size_t)n);
  }
  return ok && sf_buf_put(t, tail, strlen(tail));
}

/* The text caps, each a text of a head, one line (or two) per item and a tail: with one item past
 * the cap it is refused as over the limit at the line of that item, which means that every line
 * before it was read; with `at_too`, the text at the cap reads, and prints, as well. No seed holds such a text
 * within the target's max_len, and a cap one off changes nothing any other check sees.
 *   - `label_cap`: 4,096 labels (VT_MAX_LABELS, docs/visa-text.md);
 *   - `inst_cap`: SF_ISA_MAX_INSTS (65,536) instructions, as `barrier` lines, the shortest
 *     instruction text (one parse: 65,537 lines take about half a second under ASan);
 *   - `funcdecl_cap`: SF_ISA_MAX_KERNELS (4,096) functions on `.funcdecl` lines;
 *   - `count_caps`: SF_ISA_MAX_KERNELS kernels (`.kernel` lines), SF_ISA_MAX_INSTS `ret` lines in
 *     a kernel, SF_ISA_MAX_VARS `.input` lines. */
static bool line_caps(sf_verdict *v) {
  static const char vk[] = ".version 4.1\n.kernel \"k\"\n", ret[] = "    ret (M1, 1)\n";
  static const struct {
    const char *check, *what, *head, *fmt, *tail;
    unsigned cap, head_lines, lines_each;
    bool at_too;
  } row[6] = {
      {"label_cap", "labels", vk, "L%u:\n", ret, 4096, 2, 1, true},
      {"inst_cap", "instructions", vk, "barrier\n", "", SF_ISA_MAX_INSTS, 2, 1, false},
      {"funcdecl_cap", ".funcdecl lines", vk, ".funcdecl \"f%u\"\n", ret, SF_ISA_MAX_KERNELS, 2, 1, true},
      {"count_caps", "kernels", ".version 4.1\n", ".kernel \"k%u\"\n    ret (M1, 1)\n", "", SF_ISA_MAX_KERNELS, 1, 2, false},
      {"count_caps", "rets", vk, ret, "", SF_ISA_MAX_INSTS, 2, 1, false},
      {"count_caps", "inputs", ".version 4.1\n.kernel \"k\"\n.decl X v_type=G type=d num_elts=8\n", ".input X offset=0 size=4\n",
       ret, SF_ISA_MAX_VARS, 3, 1, false},
  };
  for (unsigned q = 0; q < 6; q++) {
    const char *bad = NULL;
    uint32_t line = row[q].head_lines + row[q].cap * row[q].lines_each + 1;
    sf_status st;
    for (unsigned at = 0; at < (row[q].at_too ? 2u : 1u) && !bad; at++) {
      sf_status_clear(&st);
      sf_buf t;
      sf_buf_init(&t, &st);
      if (!lines_text(&t, row[q].head, row[q].fmt, row[q].cap + !at, row[q].tail)) {
        sf_buf_free(&t);
        return true; /* no memory: nothing to judge */
      }
      if (!at && !refused_over_at(&t, t.len, line, &st) && st.code != SF_ERR_NOMEM) bad = "over";
      if (at) {
        sf_isa_file f;
        memset(&f, 0, sizeof f);
        sf_code rc = sf_visaasm_parse((const char *)t.data, t.len, &f, &st);
        if (rc == SF_OK) { /* and what it read prints: the printer holds the same cap */
          sf_buf pt;
          sf_buf_init(&pt, &st);
          if ((rc = sf_visaasm_print(&f, &pt, &st)) != SF_OK && rc != SF_ERR_NOMEM) bad = "printed";
          sf_buf_free(&pt);
          sf_isa_free(&f);
        } else if (rc != SF_ERR_NOMEM) bad = "at";
      }
      sf_buf_free(&t);
    }
    if (!bad) continue;
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, row[q].check, NULL, bad);
    sf_verdict_key(v, "%s %s %s", row[q].check, row[q].what, bad);
    sf_verdict_dumpf(v, "%u %s in a text: %s; want %s\n", row[q].cap + (*bad == 'o'), row[q].what,
                     sf_status_format(&st, msg, sizeof msg), *bad == 'o' ? "over the limit at the line past the cap" : "read and printed");
    return false;
  }
  return true;
}

/* `count_caps`' builder half (the text half is in `line_caps`): the kernel builder takes
 * SF_ISA_MAX_INSTS sample instructions and 65,535 kernel attributes, and refuses one more of each. */
static bool sf_check_count_caps(sf_verdict *v) {
  /* the kernel builder: SF_ISA_MAX_INSTS sample instructions, and one more refused */
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  if (sf_visa_kernel_init(&k, "k", &st) != SF_OK) return true;
  sf_inst in;
  memset(&in, 0, sizeof in);
  in.family = SF_FAMILY_SAMPLE_UNORM;
  sf_code rc = SF_OK;
  for (uint32_t i = 0; i < SF_ISA_MAX_INSTS && rc == SF_OK; i++) rc = sf_visa_kernel_add_inst(&k, &in, &st);
  sf_code over = rc == SF_OK ? sf_visa_kernel_add_inst(&k, &in, &st) : rc;
  uint32_t have = k.num_insts;
  /* and 65,535 kernel attributes (a UW count in the binary), the next refused as too many; each
   * name is a string, so the string table (with the kernel's name) is full then too, and only the
   * attribute cap's own message tells which test refused it */
  sf_status at;
  sf_status_clear(&at);
  sf_code ra = SF_OK;
  for (uint32_t i = 0; i < 65535u && ra == SF_OK && rc == SF_OK; i++) ra = sf_visa_kernel_add_attr(&k, "A", NULL, 0, &at);
  sf_status_clear(&at);
  sf_code rb = ra == SF_OK && rc == SF_OK ? sf_visa_kernel_add_attr(&k, "A", NULL, 0, &at) : ra;
  sf_visa_kernel_free(&k);
  bool attrs_ok = rc != SF_OK || ra == SF_ERR_NOMEM || (ra == SF_OK && rb == SF_ERR_LIMIT && strstr(at.msg, "too many attributes"));
  if (!attrs_ok) {
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "count_caps", NULL, "builder attrs");
    sf_verdict_key(v, "count_caps builder attrs");
    sf_verdict_dumpf(v, "sf_visa_kernel_add_attr up to 65,535 kernel attributes and one more: %s; want the last refused as "
                     "too many attributes\n", sf_status_format(&at, msg, sizeof msg));
    return false;
  }
  if (rc == SF_ERR_NOMEM || (rc == SF_OK && over == SF_ERR_LIMIT && have == SF_ISA_MAX_INSTS)) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "count_caps", NULL, "builder insts");
  sf_verdict_key(v, "count_caps builder insts");
  sf_verdict_dumpf(v, "sf_visa_kernel_add_inst up to %u instructions and one more: %s (%u held); want the last over the "
                   "limit\n", SF_ISA_MAX_INSTS, sf_status_format(&st, msg, sizeof msg), have);
  return false;
}

/* `file_cap` (with `label_cap`): a text of exactly SF_ISA_MAX_FILE (64 MiB) bytes, a kernel and the
 * comment lines that fill it, reads; one byte more is refused as over the limit. */
static bool sf_check_file_cap(sf_verdict *v) {
  static const char head[] = ".version 4.1\n.kernel \"k\"\n    ret (M1, 1)\n";
  const size_t cap = SF_ISA_MAX_FILE;
  char *t = malloc(cap + 1);
  if (!t) return true; /* no memory: nothing to judge */
  memcpy(t, head, sizeof head - 1);
  /* comment lines of 4,000 bytes (a line holds at most 4,096), then blank ones to the last byte */
  memset(t + sizeof head - 1, '\n', cap + 1 - (sizeof head - 1));
  for (size_t at = sizeof head - 1; cap - at >= 4000; at += 4000) {
    memcpy(t + at, "//", 2);
    memset(t + at + 2, 'c', 3997);
  }
  sf_isa_file f;
  sf_status s1, s2;
  sf_status_clear(&s1);
  sf_status_clear(&s2);
  sf_code at = sf_visaasm_parse(t, cap, &f, &s1);
  if (at == SF_OK) sf_isa_free(&f);
  sf_code over = sf_visaasm_parse(t, cap + 1, &f, &s2);
  if (over == SF_OK) sf_isa_free(&f);
  free(t);
  if (at == SF_ERR_NOMEM || (at == SF_OK && over == SF_ERR_LIMIT)) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  const char *bad = at != SF_OK ? "at" : "over";
  sf_verdict_fail(v, "file_cap", NULL, bad);
  sf_verdict_key(v, "file_cap %s", bad);
  sf_verdict_dumpf(v, "a text of %zu bytes (the cap is %u): %s\n", at != SF_OK ? cap : cap + 1, SF_ISA_MAX_FILE,
                   at != SF_OK ? sf_status_format(&s1, msg, sizeof msg)
                               : over == SF_OK ? "read" : sf_status_format(&s2, msg, sizeof msg));
  return false;
}

/* `list_cap` (with `label_cap`): an operand list holds at most SF_VISA_MAX_LIST (32) entries. A
 * load_lz with 32 parameters reads, prints back as written and round-trips through its bytes; 33 are
 * refused by the parser (over the limit at the 33rd), by the encoder and the decoder (over the limit)
 * and by the printer (unsupported). The longest list IGC's sampler messages use is far shorter, so
 * no generated or real kernel comes near it. */
static bool sf_check_list_cap(sf_verdict *v) {
  const unsigned cap = SF_VISA_MAX_LIST;
  static const char hdr[] = SF_VISA_KNOWN_HDR, head[] = "    load_lz.RGBA (M1, 16)  0x0:uw T6 V0046.0";
  char text[sizeof hdr + sizeof head + 40 * 9 + 32];
  const char *bad = NULL;
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file f[2];
  sf_code rc[2];
  size_t line_len = 0, over_len = 0;
  for (unsigned k = 0; k < 2; k++) { /* cap + 1 parameters, then cap (line_len: that line's length) */
    size_t n = (size_t)snprintf(text, sizeof text, "%s%s", hdr, head);
    for (unsigned i = 0; i < cap + 1 - k; i++) n += (size_t)snprintf(text + n, sizeof text - n, " V0047.0");
    line_len = n - (sizeof hdr - 1);
    if (k == 0) over_len = line_len;
    n += (size_t)snprintf(text + n, sizeof text - n, "\n");
    sf_status s;
    rc[k] = sf_check_visaasm_exact(text, n, &f[k], k == 0 ? &st : &s);
  }
  if (rc[0] == SF_OK) sf_isa_free(&f[0]);
  if (rc[0] != SF_ERR_NOMEM && (rc[0] != SF_ERR_LIMIT || st.col != over_len - 6)) bad = "parse over"; /* at its name */
  else if (rc[1] != SF_OK) bad = rc[1] == SF_ERR_NOMEM ? NULL : "parse at";
  const sf_visa_ginst *g = !bad && rc[1] == SF_OK && f[1].kernels[0].num_gens == 1 ? &f[1].kernels[0].gens[0] : NULL;
  if (!bad && rc[1] == SF_OK && (!g || g->num_ops != 8 + cap || g->ops[7].u != cap)) bad = "parse fields";
  sf_buf b;
  sf_buf_init(&b, NULL);
  if (g && !bad) { /* the text as written prints back */
    text[sizeof hdr - 1 + line_len] = 0;
    if (sf_visaasm_print(&f[1], &b, &st) != SF_OK || !sf_buf_put(&b, "", 1) || !strstr((const char *)b.data, text + sizeof hdr - 1))
      bad = "print";
  }
  sf_visa_gop ops[8 + SF_VISA_MAX_LIST + 1];
  if (g && !bad) { /* bytes: cap entries round-trip; one more (count and entry) is refused both ways */
    sf_buf_free(&b);
    sf_buf_init(&b, NULL);
    sf_visa_ginst back, over = *g;
    size_t used = 0;
    memcpy(ops, g->ops, sizeof *ops * g->num_ops);
    ops[8 + cap] = ops[8 + cap - 1];
    ops[7].u = cap + 1;
    over.ops = ops;
    over.num_ops = 8 + cap + 1;
    sf_status_clear(&st);
    if (sf_visa_gen_encode(g, &b, &st) != SF_OK) bad = "encode at";
    else if (sf_visa_gen_decode(b.data, b.len, 0, SF_VISA_FORM_SPEC, &back, &used, &st) != SF_OK) bad = "decode at";
    else {
      if (back.num_ops != g->num_ops || used != b.len) bad = "decode fields";
      sf_visa_ginst_free(&back);
    }
    sf_buf eb;
    sf_buf_init(&eb, NULL);
    sf_status_clear(&st);
    if (!bad && sf_visa_gen_encode(&over, &eb, &st) != SF_ERR_LIMIT) bad = "encode over";
    sf_buf_free(&eb);
    /* the bytes with the count one more and one more entry: the count is the byte that tells the
     * encodings of cap and cap - 1 entries apart, the list their tail */
    over.num_ops = 8 + cap - 1;
    ops[7].u = cap - 1;
    sf_buf_init(&eb, NULL);
    if (!bad && sf_visa_gen_encode(&over, &eb, &st) == SF_OK && eb.len < b.len) {
      size_t at = 0, each = b.len - eb.len;
      while (at < eb.len && eb.data[at] == b.data[at]) at++;
      if (at < eb.len && b.data[at] == cap && sf_buf_put(&b, b.data + b.len - each, each)) {
        b.data[at] = (uint8_t)(cap + 1);
        sf_status_clear(&st);
        sf_code dc = sf_visa_gen_decode(b.data, b.len, 0x1000, SF_VISA_FORM_SPEC, &back, &used, &st);
        if (dc == SF_OK) sf_visa_ginst_free(&back);
        if (dc != SF_ERR_LIMIT || st.pos_kind != SF_POS_BYTE || st.pos != 0x1000u + at) bad = "decode over"; /* at the count's byte, past a base */
      }
    }
    sf_buf_free(&eb);
    /* the printer, given the instruction with cap + 1 entries */
    if (!bad) {
      ops[7].u = cap + 1;
      over.num_ops = 8 + cap + 1;
      sf_visa_ginst keep = f[1].kernels[0].gens[0];
      f[1].kernels[0].gens[0] = over;
      sf_buf pb;
      sf_buf_init(&pb, NULL);
      sf_status_clear(&st);
      if (sf_visaasm_print(&f[1], &pb, &st) != SF_UNSUPPORTED) bad = "print over";
      sf_buf_free(&pb);
      f[1].kernels[0].gens[0] = keep;
    }
  }
  sf_buf_free(&b);
  if (rc[1] == SF_OK) sf_isa_free(&f[1]);
  if (!bad) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "list_cap", NULL, bad);
  sf_verdict_key(v, "list_cap %s", bad);
  sf_verdict_dumpf(v, "a load_lz with %u parameters (the cap is %u): %s: %s\n", strstr(bad, "over") ? cap + 1 : cap, cap, bad,
                   sf_status_format(&st, msg, sizeof msg));
  return false;
}

/* `switch_cap` (with `list_cap`): a switchjmp holds 1 to SF_VISA_MAX_LIST (32) labels. With one
 * and with 32 it reads and prints back as written; with 33 the parser refuses it as over the limit
 * (GenX_IR reads 1 to 32); with an exec byte other than (M1, 1), or with no label, the printer
 * refuses it, naming the byte or the count. The generated kernels' switchjmps hold two to four labels. */
static bool sf_check_switch_cap(sf_verdict *v) {
  static const char head[] = ".version 4.1\n.kernel \"k\"\n.decl V40 v_type=G type=uw num_elts=1\n", tail[] = "L0:\n    ret (M1, 1)\n";
  char text[sizeof head + sizeof tail + 64 + 34 * 4], line[64 + 34 * 4];
  static const unsigned counts[3] = {1, SF_VISA_MAX_LIST, SF_VISA_MAX_LIST + 1};
  for (unsigned q = 0; q < 3; q++) {
    size_t n = (size_t)snprintf(line, sizeof line, "switchjmp (M1, 1) V40(0,0)<0;1,0> (");
    for (unsigned i = 0; i < counts[q]; i++) n += (size_t)snprintf(line + n, sizeof line - n, "%sL0", i ? ", " : "");
    snprintf(line + n, sizeof line - n, ")");
    int tn = snprintf(text, sizeof text, "%s    %s\n%s", head, line, tail);
    sf_isa_file f;
    sf_status st;
    sf_code rc = sf_check_visaasm_exact(text, (size_t)tn, &f, &st);
    if (rc == SF_ERR_NOMEM) continue;
    const char *bad = NULL;
    if (q == 2) {
      if (rc == SF_OK) sf_isa_free(&f);
      if (rc != SF_ERR_LIMIT || st.line != 4) bad = "over";
    } else if (rc != SF_OK) {
      bad = "read";
    } else {
      sf_buf b;
      sf_buf_init(&b, NULL);
      sf_status_clear(&st);
      if (sf_visaasm_print(&f, &b, &st) != SF_OK || !sf_buf_put(&b, "", 1) || !strstr((const char *)b.data, line)) bad = "print";
      sf_buf_free(&b);
      /* an exec byte text has no form for (GenX_IR reads (M1, 1)) is refused, the message naming it */
      sf_visa_ginst *g = f.kernels[0].num_gens ? &f.kernels[0].gens[0] : NULL;
      if (!bad && g && g->op == 0x69 && g->num_ops > 3) {
        g->ops[0].u = 0x12;
        sf_buf_init(&b, NULL);
        sf_status_clear(&st);
        if (sf_visaasm_print(&f, &b, &st) != SF_UNSUPPORTED || !strstr(st.msg, "exec byte 0x12")) bad = "exec byte";
        sf_buf_free(&b);
        /* and one with no label at all (count 0, the fields its class has): refused for the count */
        g->ops[0].u = 0, g->ops[1].u = 0, g->num_ops = 3;
        sf_buf_init(&b, NULL);
        sf_status_clear(&st);
        if (!bad && (sf_visaasm_print(&f, &b, &st) != SF_UNSUPPORTED || !strstr(st.msg, "with 0 labels has no"))) bad = "no label";
        sf_buf_free(&b);
      }
      sf_isa_free(&f);
    }
    if (!bad) continue;
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "switch_cap", NULL, bad);
    sf_verdict_key(v, "switch_cap %s", bad);
    sf_verdict_dumpf(v, "a switchjmp with %u labels: %s: %s\n", counts[q], bad, rc == SF_OK && q == 2 ? "read" : sf_status_format(&st, msg, sizeof msg));
    return false;
  }
  return true;
}

/* `attr_caps` (with `bin_caps`): a kernel holds at most SF_ISA_MAX_ATTRS (65,536) attribute
 * records, its own and its declarations' together. The writer caps the array (records may share
 * it: a variable's range may overlap the kernel's), the reader the records it reads. A kernel of
 * 65,535 kernel attributes and a variable with one more is written and reads back with 65,536; an
 * array of 65,537 is refused by the writer as over the limit; and a file whose variable repeats two
 * of the kernel's records (65,537 records, an array of 65,535) is refused by the reader, naming
 * the cap. No builder reaches the cap: every attribute it adds adds a string. */
static bool attr_caps(sf_verdict *v) {
  const uint32_t cap = SF_ISA_MAX_ATTRS;
  sf_isa_file f = {.major = 4, .minor = 1, .num_kernels = 1, .kernels = calloc(1, sizeof(sf_visa_kernel))};
  sf_status st;
  sf_status_clear(&st);
  sf_visa_kernel *k = f.kernels;
  if (!k || sf_visa_kernel_init(k, "k", &st) != SF_OK) return free(k), true;
  const char *bad = NULL;
  if (sf_visa_kernel_add_var(k, "x", 0, 1, 0, &st) < 0 || !sf_visa_grow((void **)&k->attrs, (size_t)cap + 1, sizeof *k->attrs)) {
    sf_isa_free(&f);
    return true; /* no memory (the variable is valid): nothing to judge */
  }
  for (uint32_t i = 0; i <= cap; i++) k->attrs[i] = (sf_visa_attr){k->name_index, 0, 0};
  sf_visa_var *x = &k->vars[k->num_vars - 1];
  static const struct {
    uint32_t num_attrs, var_first;
    uint8_t var_count;
    sf_code write, read; /* want */
    const char *what;
  } row[3] = {{SF_ISA_MAX_ATTRS, 65535, 1, SF_OK, SF_OK, "at the cap"},
              {SF_ISA_MAX_ATTRS + 1, 65535, 1, SF_ERR_LIMIT, SF_OK, "write over"},
              {65535, 0, 2, SF_OK, SF_ERR_LIMIT, "read over"}};
  sf_isa_file r;
  for (unsigned q = 0; q < 3 && !bad; q++) {
    k->num_attrs = row[q].num_attrs;
    k->kattr_first = 0, k->num_kattrs = 65535;
    x->attr_first = row[q].var_first, x->attr_count = row[q].var_count;
    sf_buf w;
    sf_buf_init(&w, &st);
    w.limit = (size_t)16 << 20;
    sf_status_clear(&st);
    sf_code wc = sf_isa_write(&f, &w, &st), rc = SF_OK;
    if (wc == SF_OK && row[q].write == SF_OK) {
      memset(&r, 0, sizeof r);
      sf_status_clear(&st);
      rc = sf_isa_read(w.data, w.len, &r, &st);
      if (rc == SF_OK && (r.num_kernels != 1 || r.kernels[0].num_attrs != cap)) bad = "read count";
      if (rc == SF_OK) sf_isa_free(&r);
    }
    sf_buf_free(&w);
    if (wc == SF_ERR_NOMEM || rc == SF_ERR_NOMEM) break;
    char want[48];
    snprintf(want, sizeof want, "more than %u attributes", cap);
    if (wc != row[q].write || (wc == SF_OK && (rc != row[q].read || (rc == SF_ERR_LIMIT && !strstr(st.msg, want)))))
      bad = row[q].what;
  }
  k->num_attrs = 0, k->num_kattrs = 0, x->attr_count = 0;
  sf_isa_free(&f);
  if (!bad) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "attr_caps", NULL, bad);
  sf_verdict_key(v, "attr_caps %s", bad);
  sf_verdict_dumpf(v, "a kernel of %u attribute records (65,535 its own): %s: %s\n", cap, bad, sf_status_format(&st, msg, sizeof msg));
  return false;
}

/* `decl_cap` (with `switch_cap`): the kernel builder takes 31 samplers (IGC's reader asserts fewer
 * than 32), 250 surfaces (T6..T255, the surface byte's range), 4,095 predicates (a 12-bit id, 0
 * meaning none) and 65,535 addresses, and refuses one more of each as over the limit. A kernel at
 * the sampler, surface and predicate caps prints and reads back with the same counts; one forced a
 * sampler or a surface past its cap is refused by the printer as unsupported, the message naming
 * the count and the cap (docs/visa-text.md), not printed as a text its parser refuses. */
static bool decl_cap(sf_verdict *v) {
  static const struct {
    sf_visa_symkind kind;
    const char *what, *fmt;
    unsigned cap;
  } row[4] = {{SF_SYM_SAMPLER, "samplers", "s%u", 31},
              {SF_SYM_SURFACE, "surfaces", "t%u", 256 - SF_VISA_FIRST_USER_SURFACE},
              {SF_SYM_PRED, "predicates", "p%u", 4095},
              {SF_SYM_ADDR, "addresses", "a%u", 65535}};
  sf_isa_file f = {.major = 4, .minor = 1, .num_kernels = 1, .kernels = calloc(1, sizeof(sf_visa_kernel))};
  sf_status st;
  sf_status_clear(&st);
  if (!f.kernels || sf_visa_kernel_init(f.kernels, "k", &st) != SF_OK) return free(f.kernels), true;
  sf_visa_kernel *k = f.kernels;
  const char *bad = NULL;
  char nm[24];
  for (unsigned q = 0; q < 4 && !bad; q++) {
    sf_visa_kernel *into = k, spare;
    if (row[q].kind == SF_SYM_ADDR) { /* the addresses in a kernel of their own: the text round trip is not theirs */
      if (sf_visa_kernel_init(&spare, "a", &st) != SF_OK) break;
      into = &spare;
    }
    int64_t id = 0;
    for (unsigned i = 0; i <= row[q].cap && id >= 0; i++) {
      snprintf(nm, sizeof nm, row[q].fmt, i);
      sf_status_clear(&st);
      /* the names are new by construction: no O(n) duplicate scan per address */
      id = sf_visa_kernel_declare(into, row[q].kind, nm, 0, 1, 0, row[q].kind != SF_SYM_ADDR, &st);
      if (id < 0 && st.code == SF_ERR_NOMEM) break;
      snprintf(nm, sizeof nm, "(at most %u)", row[q].cap);
      if ((i < row[q].cap) != (id >= 0) || (id < 0 && (st.code != SF_ERR_LIMIT || !strstr(st.msg, nm)))) bad = row[q].what;
    }
    if (into == &spare) sf_visa_kernel_free(&spare);
    if (st.code == SF_ERR_NOMEM) return sf_isa_free(&f), true;
  }
  /* the text round trip at the caps */
  sf_buf t;
  sf_buf_init(&t, &st);
  if (!bad) {
    sf_status_clear(&st);
    sf_code rc = sf_visaasm_print(&f, &t, &st);
    sf_isa_file g;
    memset(&g, 0, sizeof g);
    if (rc == SF_OK) rc = sf_check_visaasm_exact((const char *)t.data, t.len, &g, &st);
    if (rc == SF_OK && (g.num_kernels != 1 || g.kernels[0].num_samplers != 31 || g.kernels[0].num_surfaces != 250 ||
                        g.kernels[0].num_preds != 4095))
      bad = "round trip counts";
    else if (rc != SF_OK && rc != SF_ERR_NOMEM)
      bad = "round trip";
    if (rc == SF_OK) sf_isa_free(&g);
  }
  /* one past the text's caps, forced: the printer refuses, naming count and cap */
  static const char *const want[2] = {"32 samplers: text declares at most 31 (S0..S30)",
                                      "251 surfaces: text declares at most 250 (T6..T255"};
  for (unsigned q = 0; q < 2 && !bad; q++) {
    sf_visa_sym **a = q ? &k->surfaces : &k->samplers;
    unsigned n = q ? k->num_surfaces : k->num_samplers;
    sf_visa_sym *more = realloc(*a, (n + 1) * sizeof *more);
    if (!more) break;
    *a = more;
    more[n] = more[n - 1];
    int64_t name = sf_visa_kernel_add_string(k, q ? "t250" : "s31", q ? 4 : 3, &st); /* a name of its own */
    if (name < 0) break;
    more[n].name = (uint32_t)name;
    if (q) k->num_surfaces++;
    else k->num_samplers++;
    sf_buf_free(&t);
    sf_buf_init(&t, &st);
    sf_status_clear(&st);
    if (sf_visaasm_print(&f, &t, &st) != SF_UNSUPPORTED || !strstr(st.msg, want[q])) bad = q ? "surface print" : "sampler print";
    if (q) k->num_surfaces--;
    else k->num_samplers--;
  }
  sf_buf_free(&t);
  sf_isa_free(&f);
  if (!bad) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "decl_cap", NULL, bad);
  sf_verdict_key(v, "decl_cap %s", bad);
  sf_verdict_dumpf(v, "declarations at their caps (31 samplers, 250 surfaces, 4,095 predicates, 65,535 addresses) and one "
                   "more: %s wrong: %s\n", bad, sf_status_format(&st, msg, sizeof msg));
  return false;
}

static bool sf_check_caps(sf_verdict *v) {
  return line_caps(v) && sf_check_string_cap(v) && sf_check_count_caps(v) && sf_check_name_cap(v) &&
         sf_check_file_cap(v) && sf_check_list_cap(v) && sf_check_switch_cap(v) && decl_cap(v) && attr_caps(v);
}

SF_CHECK_ONCE_FN(sf_check_caps)
