/* tests/test_gen_isa_file.c — the whole-file generator (harness/gen/gen_isa_file.c, sf_gen_isa_file)
 * and the isa_file target's generated mode (oracles/checks/check_isa_file.c):
 *   1. 1,500 seeds x {4.1 form, IGC 12504 cut-short form}: every file writes and reads back with the
 *      same instruction counts; cut-short kernels hold generic instructions only, each at most as
 *      long as IGC's writer keeps (the row's w12504 or its fields other than E and P), the last a
 *      ret; nearly all of them read back in the cut-short form, so the target's comparison of them
 *      is not skipped as ambiguous;
 *   2. the target passes "SFGEN" inputs, and fails one whose generated file its reader misreads: a
 *      cut-short kernel compared with the same kernel one field longer;
 *   3. an exhausted input still gives a file, and bad arguments SF_ERR_INVALID. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/visa.h"
#include "sf_test.h"

#define N_SEEDS 1500u
#define MAX_BYTES 3000u

static size_t fill(uint64_t seed, uint8_t *buf) {
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 7;
  size_t len = (size_t)(sf_t_rand(&s) % (MAX_BYTES + 1));
  for (size_t i = 0; i < len; i++) buf[i] = (uint8_t)sf_t_rand(&s);
  return len;
}

/* The file of one seed (fill's bytes) in a, with b zeroed for the read-back. */
static sf_code gen_seed(uint64_t seed, unsigned flags, sf_isa_file *a, sf_isa_file *b, sf_status *st) {
  static uint8_t in[MAX_BYTES];
  size_t n = fill(seed, in);
  sf_fdp f;
  sf_fdp_init(&f, in, n);
  sf_status_clear(st);
  memset(b, 0, sizeof *b);
  return sf_gen_isa_file(&f, flags, a, st);
}

static unsigned fields_but_ep(const sf_visa_ginst *g) {
  unsigned n = 0;
  for (unsigned i = 0; i < g->num_ops; i++) n += g->ops[i].kind != 'E' && g->ops[i].kind != 'P';
  return n;
}

static void test_roundtrip(void) {
  unsigned cut_kernels = 0, cut_read_cut = 0, gens = 0;
  for (unsigned form = 0; form < 2; form++) {
    for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
      sf_status st;
      sf_isa_file a, b;
      SF_CHECK_MSG(gen_seed(seed, form ? SF_GEN_ISA_CUT12504 : 0u, &a, &b, &st) == SF_OK, "seed %llu: %s",
                   (unsigned long long)seed, st.msg);
      if (st.code) continue;
      sf_buf w;
      sf_buf_init(&w, &st);
      SF_CHECK_MSG(sf_isa_write(&a, &w, &st) == SF_OK, "seed %llu form %u: write: %s", (unsigned long long)seed, form,
                   st.msg);
      SF_CHECK_MSG(!st.code && sf_isa_read(w.data, w.len, &b, &st) == SF_OK, "seed %llu form %u: read: %s",
                   (unsigned long long)seed, form, st.msg);
      for (unsigned k = 0; !st.code && k < a.num_kernels; k++) {
        const sf_visa_kernel *x = &a.kernels[k], *y = &b.kernels[k];
        if (form) {
          cut_kernels++;
          SF_CHECK_MSG(x->num_insts == 0 && x->num_rets == 0 && x->num_gens > 0 &&
                           x->gens[x->num_gens - 1].op == 0x34,
                       "seed %llu: a cut-short kernel holds generic instructions only and ends in ret",
                       (unsigned long long)seed);
          for (unsigned i = 0; i < x->num_gens; i++) {
            const sf_visa_ginst *g = &x->gens[i];
            unsigned fields = fields_but_ep(g), eps = g->num_ops - fields;
            SF_CHECK_MSG(g->form == SF_VISA_FORM_IGC12504 && g->at == i && (g->op == 0x34 ? g->num_ops == 1 : eps <= 2),
                         "seed %llu: $%u %s: form %u, %u fields", (unsigned long long)seed, i + 1,
                         sf_visa_op_name(g->op), g->form, g->num_ops);
          }
          bool read_cut = y->num_gens && y->gens[0].form == SF_VISA_FORM_IGC12504;
          cut_read_cut += read_cut;
          if (!read_cut) continue;
        }
        gens += x->num_gens;
        SF_CHECK_MSG(x->num_insts == y->num_insts && x->num_rets == y->num_rets && x->num_gens == y->num_gens &&
                         x->code_tail_len == y->code_tail_len,
                     "seed %llu form %u kernel %u: %u/%u %u/%u %u/%u %u/%u", (unsigned long long)seed, form, k,
                     x->num_insts, y->num_insts, x->num_rets, y->num_rets, x->num_gens, y->num_gens,
                     x->code_tail_len, y->code_tail_len);
        for (unsigned i = 0; i < x->num_gens && i < y->num_gens; i++)
          SF_CHECK_MSG(x->gens[i].num_ops == y->gens[i].num_ops && x->gens[i].op == y->gens[i].op,
                       "seed %llu form %u: $%u %s: %u fields built, %u read", (unsigned long long)seed, form, i + 1,
                       sf_visa_op_name(x->gens[i].op), x->gens[i].num_ops, y->gens[i].num_ops);
      }
      sf_buf_free(&w);
      sf_isa_free(&a);
      sf_isa_free(&b);
    }
  }
  printf("cut-short kernels: %u, read back in that form: %u; generic instructions compared: %u\n", cut_kernels,
         cut_read_cut, gens);
  SF_CHECK_MSG(cut_read_cut * 100 >= cut_kernels * 95, "only %u of %u cut-short kernels read back in that form",
               cut_read_cut, cut_kernels);
  SF_CHECK_MSG(gens > N_SEEDS * 4, "only %u generic instructions compared", gens);
}

/* The target: every "SFGEN" input passes; a reader that keeps one field more than IGC's writer
 * (simulated by cutting the built kernel one field shorter than it wrote) is caught. */
static void test_target(void) {
  static uint8_t in[5 + MAX_BYTES];
  unsigned fails = 0;
  for (uint64_t seed = 0; seed < 300; seed++) {
    memcpy(in, "SFGEN", 5);
    size_t n = fill(seed + 77777, in + 5);
    sf_verdict v;
    bool ok = sf_check_isa_file(in, n + 5, &v);
    fails += !ok;
    SF_CHECK_MSG(ok, "seed %llu: %s: %s", (unsigned long long)seed, v.check, v.dump);
  }
  SF_CHECK(fails == 0);
  /* The same file, built and then compared against what a reader one field short would see. */
  unsigned caught = 0, tried = 0;
  for (uint64_t seed = 0; seed < 200 && tried < 50; seed++) {
    sf_status st;
    sf_isa_file a, b;
    if (gen_seed(seed + 555, SF_GEN_ISA_CUT12504, &a, &b, &st) != SF_OK) continue;
    sf_visa_kernel *k = &a.kernels[0];
    unsigned pick = (unsigned)(seed % k->num_gens);
    if (k->gens[pick].num_ops < 2 || k->gens[pick].op == 0x34) {
      sf_isa_free(&a);
      continue;
    }
    tried++;
    k->gens[pick].num_ops--; /* the file now holds a field fewer than the "IGC writer" kept */
    sf_buf w;
    sf_buf_init(&w, &st);
    if (sf_isa_write(&a, &w, &st) == SF_OK) {
      k->gens[pick].num_ops++; /* ... and the model says it holds them all */
      bool differs = sf_isa_read(w.data, w.len, &b, &st) != SF_OK || b.kernels[0].num_gens != k->num_gens ||
                     b.kernels[0].gens[0].form != SF_VISA_FORM_IGC12504 ||
                     b.kernels[0].gens[pick].num_ops != k->gens[pick].num_ops;
      caught += differs;
    } else {
      k->gens[pick].num_ops++;
    }
    sf_buf_free(&w);
    sf_isa_free(&a);
    sf_isa_free(&b);
  }
  printf("short-by-one instructions: %u of %u read differently from the model\n", caught, tried);
  SF_CHECK_MSG(tried >= 30 && caught * 10 >= tried * 9, "%u of %u", caught, tried);
}

static void test_edges(void) {
  sf_status st;
  sf_status_clear(&st);
  sf_fdp f;
  sf_fdp_init(&f, NULL, 0);
  sf_isa_file a;
  SF_CHECK_MSG(sf_gen_isa_file(&f, SF_GEN_ISA_CUT12504, &a, &st) == SF_OK && a.num_kernels >= 1, "%s", st.msg);
  sf_isa_free(&a);
  sf_status_clear(&st);
  SF_CHECK(sf_gen_isa_file(NULL, 0, &a, &st) == SF_ERR_INVALID && st.msg[0]);
  SF_CHECK(sf_gen_isa_file(&f, 0, NULL, &st) == SF_ERR_INVALID);
}

/* Files with vISA functions: the generator adds them now and then, in the 4.1 form; they read back
 * as functions, and the files whose text prints (the printer refuses some kernels, with a reason)
 * read back from text with the same functions and print the same text again. */
static void test_functions(void) {
  unsigned files = 0, fns = 0, printed = 0, fcalls = 0;
  for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
    sf_status st;
    sf_isa_file a, b, c;
    memset(&c, 0, sizeof c);
    if (gen_seed(seed, 0u, &a, &b, &st) != SF_OK) continue;
    if (!a.num_functions) {
      sf_isa_free(&a);
      continue;
    }
    files++;
    fns += a.num_functions;
    for (unsigned k = 0; k < a.num_kernels; k++)
      for (unsigned i = 0; i < a.kernels[k].num_gens; i++) fcalls += a.kernels[k].gens[i].op == 0x67;
    sf_buf w, t, t2;
    sf_buf_init(&w, &st);
    sf_buf_init(&t, &st);
    sf_buf_init(&t2, &st);
    SF_CHECK_MSG(sf_isa_write(&a, &w, &st) == SF_OK && sf_isa_read(w.data, w.len, &b, &st) == SF_OK, "seed %llu: %s",
                 (unsigned long long)seed, st.msg);
    SF_CHECK_EQ_U(b.num_functions, a.num_functions);
    for (unsigned i = 0; i < b.num_functions && i < a.num_functions; i++) {
      SF_CHECK(b.functions[i].is_function && !strcmp(b.functions[i].name, a.functions[i].name));
      SF_CHECK_EQ_U(b.functions[i].num_gens, a.functions[i].num_gens);
      SF_CHECK(b.functions[i].num_gens && b.functions[i].gens[b.functions[i].num_gens - 1].op == 0x68);
    }
    sf_status_clear(&st);
    if (sf_visaasm_print(&b, &t, &st) == SF_OK) {
      printed++;
      SF_CHECK_MSG(sf_visaasm_parse((const char *)t.data, t.len, &c, &st) == SF_OK, "seed %llu: %s",
                   (unsigned long long)seed, st.msg);
      SF_CHECK_EQ_U(c.num_functions, b.num_functions);
      SF_CHECK(sf_visaasm_print(&c, &t2, &st) == SF_OK && t2.len == t.len && !memcmp(t.data, t2.data, t.len));
    } else {
      /* unsupported, or a kernel whose names shadow the printed spellings (gi_shadow): invalid */
      SF_CHECK_MSG(st.code == SF_UNSUPPORTED || st.code == SF_ERR_INVALID, "seed %llu: print: %s", (unsigned long long)seed, st.msg);
    }
    sf_buf_free(&w);
    sf_buf_free(&t);
    sf_buf_free(&t2);
    sf_isa_free(&a);
    sf_isa_free(&b);
    sf_isa_free(&c);
  }
  printf("files with functions: %u (%u functions, %u fcall in their kernels), %u print and read back\n", files, fns,
         fcalls, printed);
  SF_CHECK_MSG(files >= 50 && printed >= 10 && fcalls >= 10, "%u files, %u printed, %u fcall", files, printed, fcalls);
}

/* `object_order` (oracles/checks/check_isa_objects.c) walks the written file's header to move its
 * objects. A walk that gives up makes the check pass without comparing anything, so here it must
 * compare: every written file with a function passes as written, and fails once the file it is
 * compared with has one variable name changed (the same length, one letter's case flipped). */
static void test_object_order(void) {
  unsigned files = 0, caught = 0;
  for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
    sf_status st;
    sf_isa_file a, b;
    if (gen_seed(seed, 0u, &a, &b, &st) != SF_OK) continue;
    sf_buf w;
    sf_buf_init(&w, &st);
    if (a.num_functions && sf_isa_write(&a, &w, &st) == SF_OK && sf_isa_read(w.data, w.len, &b, &st) == SF_OK) {
      files++;
      sf_verdict v;
      sf_verdict_init(&v, "test");
      SF_CHECK_MSG(sf_check_isa_object_order(&b, w.data, w.len, 0, &v), "seed %llu: %s", (unsigned long long)seed, v.check);
      char *nm = NULL;
      for (unsigned k = 0; k < b.num_kernels && !nm; k++)
        for (uint32_t i = 0; i < b.kernels[k].num_vars && !nm; i++) {
          char *q = b.kernels[k].strings[b.kernels[k].vars[i].name];
          if ((*q | 0x20) >= 'a' && (*q | 0x20) <= 'z') nm = q;
        }
      if (nm) {
        *nm ^= 0x20;
        sf_verdict_init(&v, "test");
        bool passed = sf_check_isa_object_order(&b, w.data, w.len, 0, &v);
        SF_CHECK_MSG(!passed && !strcmp(v.check, "object_order"), "seed %llu: a renamed variable not seen (%s)",
                     (unsigned long long)seed, v.check);
        caught += !passed;
      }
    }
    sf_buf_free(&w);
    sf_isa_free(&a);
    sf_isa_free(&b);
  }
  printf("object_order: %u files with functions, %u with a renamed variable caught\n", files, caught);
  SF_CHECK_MSG(files >= 50 && caught >= 50, "%u files, %u caught", files, caught);
}

/* The text printer's refusal of a kernel read in IGC 12504's cut-short form names its first
 * cut-short instruction by the number the text gives it (`/// $N`, from 0, as IGC numbers its
 * dumps): the kernel that seed builds without the cut (the cut comes after kernel 0 is drawn), in
 * the specification's form, prints a line ending in that number. (The message said one more until 2026-11-30.) */
static void test_refusal_numbers(void) {
  unsigned named = 0;
  for (uint64_t seed = 0; seed < 300; seed++) {
    sf_status st;
    sf_isa_file a, b, s;
    if (gen_seed(seed, 0u, &s, &b, &st) != SF_OK) continue; /* kernel 0 as built, in the spec form */
    if (gen_seed(seed, SF_GEN_ISA_CUT12504, &a, &b, &st) != SF_OK) {
      sf_isa_free(&s);
      continue;
    }
    sf_buf w, t, ta;
    sf_buf_init(&w, &st);
    sf_buf_init(&t, &st);
    sf_buf_init(&ta, &st);
    if (a.num_kernels == 1 && s.num_kernels == 1 && !s.num_functions && sf_isa_write(&a, &w, &st) == SF_OK &&
        sf_isa_read(w.data, w.len, &b, &st) == SF_OK && b.kernels[0].num_gens && b.kernels[0].gens[0].form != SF_VISA_FORM_SPEC &&
        sf_visaasm_print(&s, &ta, &st) == SF_OK) {
      sf_status_clear(&st);
      SF_CHECK(sf_visaasm_print(&b, &t, &st) == SF_UNSUPPORTED && strstr(st.msg, "cut-short"));
      const char *p = strstr(st.msg, "instruction $");
      unsigned n = p ? (unsigned)strtoul(p + 13, NULL, 10) : ~0u;
      SF_CHECK_MSG(n == b.kernels[0].gens[0].at, "seed %llu: '%s' names $%u, the instruction is at %u", (unsigned long long)seed,
                   st.msg, n, (unsigned)b.kernels[0].gens[0].at);
      char tail[32];
      snprintf(tail, sizeof tail, " /// $%u\n", n);
      size_t tl = strlen(tail), at = 0;
      while (at + tl <= ta.len && memcmp(ta.data + at, tail, tl) != 0) at++;
      SF_CHECK_MSG(at + tl <= ta.len, "seed %llu: no text line ends in '/// $%u'",
                   (unsigned long long)seed, n);
      named++;
    }
    sf_buf_free(&w);
    sf_buf_free(&t);
    sf_buf_free(&ta);
    sf_isa_free(&a);
    sf_isa_free(&b);
    sf_isa_free(&s);
  }
  printf("cut-short refusals whose $N was checked: %u\n", named);
  SF_CHECK(named >= 20);
}

int main(void) {
  SF_RUN(test_refusal_numbers);
  SF_RUN(test_object_order);
  SF_RUN(test_roundtrip);
  SF_RUN(test_target);
  SF_RUN(test_edges);
  SF_RUN(test_functions);
  SF_TEST_END();
}
