/* test_visa_gen_refusals.c — what the generic-instruction text refuses (harness/visa/visa_gen_print.c,
 * visa_gen_parse.c; docs/visa-text.md "Generic instructions"): fields a printer cannot write
 * faithfully are SF_UNSUPPORTED naming the instruction, instructions without a text form here are
 * refused by name, and bad lines are refused with their code at a line:column. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"
#include "tests/visa_gen_text_hdr.h"

static void refusals(void) {
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file f = {.major = 4, .minor = 1, .num_kernels = 1, .kernels = calloc(1, sizeof(sf_visa_kernel))};
  if (!f.kernels) return;
  sf_visa_kernel *k = &f.kernels[0];
  SF_CHECK(sf_visa_kernel_init(k, "r", &st) == SF_OK);
  k->gens = calloc(1, sizeof *k->gens);
  k->gens[0].op = 0x74; /* gather4_scaled with a scale GenX_IR does not print */
  k->gens[0].ops = calloc(8, sizeof *k->gens[0].ops);
  const char *kinds = "EPbwbVRR";
  for (unsigned i = 0; i < 8; i++) k->gens[0].ops[i].kind = (uint8_t)kinds[i];
  k->gens[0].ops[2].u = 1;
  k->gens[0].ops[3].u = 2;
  k->gens[0].ops[5].v.cls = SF_VCLS_IMMEDIATE;
  k->gens[0].num_ops = 8;
  k->num_gens = 1;
  sf_buf b;
  sf_buf_init(&b, &st);
  SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_UNSUPPORTED);
  SF_CHECK_MSG(strstr(st.msg, "gather4_scaled") && strstr(st.msg, "scale"), "%s", st.msg);
  /* IGC 12504's cut-short form */
  k->gens[0].ops[3].u = 0;
  k->gens[0].form = SF_VISA_FORM_IGC12504;
  sf_buf_free(&b);
  sf_status_clear(&st);
  sf_buf_init(&b, &st);
  SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_UNSUPPORTED);
  SF_CHECK_MSG(strstr(st.msg, "cut-short"), "%s", st.msg);
  /* a fence mask with bit 7 (fence_sw) and another bit: no spelling */
  k->gens[0].form = SF_VISA_FORM_SPEC;
  k->gens[0].op = 0x5c; /* fence */
  k->gens[0].ops[0].kind = 'b';
  k->gens[0].ops[0].u = 0x81;
  k->gens[0].num_ops = 1;
  sf_buf_free(&b);
  sf_status_clear(&st);
  sf_buf_init(&b, &st);
  SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_UNSUPPORTED);
  SF_CHECK_MSG(strstr(st.msg, "fence") && strstr(st.msg, "0x81"), "%s", st.msg);
  /* an opcode without a text class */
  k->gens[0].op = 0x69; /* switchjmp */
  k->gens[0].ops[0].kind = 'V';
  sf_buf_free(&b);
  sf_status_clear(&st);
  sf_buf_init(&b, &st);
  SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_UNSUPPORTED);
  SF_CHECK_MSG(strstr(st.msg, "switchjmp"), "%s", st.msg);
  /* a label used before a lower-numbered one: text would renumber it */
  k->gens[0].op = 0x32;
  const char *cf = "EPL";
  for (unsigned i = 0; i < 3; i++) k->gens[0].ops[i].kind = (uint8_t)cf[i], k->gens[0].ops[i].u = 0;
  k->gens[0].ops[2].u = 1;
  k->gens[0].num_ops = 3;
  sf_visa_kernel_add_label(k, "A", 1, 0, &st);
  sf_visa_kernel_add_label(k, "B", 1, 0, &st);
  sf_buf_free(&b);
  sf_status_clear(&st);
  sf_buf_init(&b, &st);
  SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_UNSUPPORTED);
  SF_CHECK_MSG(strstr(st.msg, "label"), "%s", st.msg);
  sf_buf_free(&b);
  sf_isa_free(&f);
  /* parse errors are positioned */
  sf_status_clear(&st);
  SF_CHECK(!parse_with_hdr("cmp.xx (M1, 16) P1 V0046(0,0)<0;1,0> 0x0:d", &f, &st));
  SF_CHECK_MSG(st.code == SF_ERR_SYNTAX && strstr(st.msg, "eq"), "%s", st.msg);
  sf_status_clear(&st);
  SF_CHECK(!parse_with_hdr("(P1) movs (M1, 1) T6(0) 0x0:ud", &f, &st));
  SF_CHECK_MSG(st.code == SF_ERR_SYNTAX && strstr(st.msg, "predicate"), "%s", st.msg);
  sf_status_clear(&st);
  SF_CHECK(!parse_with_hdr("add.foo (M1, 16) V0046(0,0)<1> V0046(0,0)<1;1,0> 0x1:d", &f, &st));
  SF_CHECK_MSG(st.code == SF_ERR_SYNTAX && strstr(st.msg, ".sat"), "%s", st.msg);
  /* bfn: GenX_IR's lexer wants a lower-case x and at least one hex digit; a function past a byte
   * (GenX_IR would cut it) is out of range */
  static const char *const bad_bfn[] = {"bfn.X8", "bfn.x", "bfn.xg", "bfn", "bfn.x8.foo"};
  for (size_t q = 0; q < sizeof bad_bfn / sizeof bad_bfn[0]; q++) {
    char line[160];
    snprintf(line, sizeof line, "%s (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0> V0049(0,0)<1;1,0> V0052(0,0)<1;1,0>",
             bad_bfn[q]);
    sf_status_clear(&st);
    SF_CHECK_MSG(!parse_with_hdr(line, &f, &st) && st.code == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT, "%s: %s",
                 bad_bfn[q], st.msg);
  }
  /* 251 surfaces (the binary's byte count allows 255): text cannot declare T256, so the printer
   * refuses the kernel as unsupported instead of printing a file that its parser refuses */
  {
    sf_isa_file sf = {.major = 4, .minor = 1, .num_kernels = 1, .kernels = calloc(1, sizeof(sf_visa_kernel))};
    sf_visa_kernel *sk = sf.kernels;
    sf_status_clear(&st);
    SF_CHECK(sk && sf_visa_kernel_init(sk, "s", &st) == SF_OK);
    char nm[16];
    for (unsigned q = 0; sk && q < 250; q++) {
      snprintf(nm, sizeof nm, "t%u", q);
      SF_CHECK(sf_visa_kernel_add_surface(sk, nm, &st) >= 0);
    }
    SF_CHECK(sk && sf_visa_kernel_add_surface(sk, "t250", &st) < 0 && st.code == SF_ERR_LIMIT);
    sf_visa_sym *more = sk ? realloc(sk->surfaces, 251 * sizeof *more) : NULL;
    if (more) {
      sk->surfaces = more;
      more[250] = more[249];
      sk->num_surfaces = 251;
      sf_buf sb;
      sf_status_clear(&st);
      sf_buf_init(&sb, &st);
      SF_CHECK(sf_visaasm_print(&sf, &sb, &st) == SF_UNSUPPORTED);
      SF_CHECK_MSG(strstr(st.msg, "251 surfaces"), "%s", st.msg);
      sf_buf_free(&sb);
    }
    sf_isa_free(&sf);
  }
  /* LSC operations no typed row has (lsc_load, lsc_store on .tgm) are syntax errors, as in GenX_IR */
  static const char *const lsc[] = {"lsc_load.tgm (M1, 16)  V0046:d32  bss(V0049)[V0047]:a32",
                                    "lsc_store.tgm (M1, 16)  bss(V0049)[V0047]:a32  V0046:d32"};
  for (size_t q = 0; q < sizeof lsc / sizeof lsc[0]; q++) {
    sf_status_clear(&st);
    SF_CHECK_MSG(!parse_with_hdr(lsc[q], &f, &st) && st.code == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT, "%s: %s %s",
                 lsc[q], sf_code_name(st.code), st.msg);
  }
  /* lines that must be refused, with their codes, positioned (visa_known_lines.h) */
  const sf_visa_known_refusal *lsc_bad = SF_VISA_KNOWN_REFUSED;
  for (size_t q = 0; q < sizeof SF_VISA_KNOWN_REFUSED / sizeof SF_VISA_KNOWN_REFUSED[0]; q++) {
    sf_status_clear(&st);
    SF_CHECK_MSG(!parse_with_hdr(lsc_bad[q].line, &f, &st) && st.code == lsc_bad[q].code && st.pos_kind == SF_POS_TEXT &&
                     (!lsc_bad[q].word || strstr(st.msg, lsc_bad[q].word)),
                 "%s: %s %s", lsc_bad[q].line, sf_code_name(st.code), st.msg);
  }
  sf_status_clear(&st);
  SF_CHECK(!parse_with_hdr("bfn.x1ff (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0> V0049(0,0)<1;1,0> V0052(0,0)<1;1,0>", &f,
                           &st));
  SF_CHECK_MSG(st.code == SF_ERR_RANGE && strstr(st.msg, "1ff"), "%s", st.msg);
}

/* An ALU instruction with one source fewer or more than its row (the API or a changed .isa can build
 * one; the reader cannot) has no text: the printer wrote `or` with one source, which GenX_IR's
 * parser, and ours, refuse ("expected a source operand"), instead of refusing it (fixed 2026-12-02,
 * found by `print_sweep`). */
static void alu_field_count(void) {
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  bool ok = parse_with_hdr("or (M1_NM, 1) %cr0(0,0)<1> %cr0(0,0)<0;1,0> 0x4c0:ud", &f, &st);
  SF_CHECK_MSG(ok, "%s", st.msg);
  if (!ok) return;
  sf_visa_ginst *g = &f.kernels[0].gens[0];
  SF_CHECK_EQ_U(g->num_ops, 5);
  sf_visa_gop keep = g->ops[4];
  for (int dn = -1; dn <= 1; dn += 2) {
    if (dn > 0) {
      sf_visa_gop *more = realloc(g->ops, 6 * sizeof *more);
      SF_CHECK(more != NULL);
      if (!more) break;
      g->ops = more;
      g->ops[5] = keep;
    }
    g->num_ops = (uint16_t)(5 + dn);
    sf_buf b;
    sf_status_clear(&st);
    sf_buf_init(&b, &st);
    sf_code rc = sf_visaasm_print(&f, &b, &st);
    SF_CHECK_MSG(rc == SF_UNSUPPORTED && strstr(st.msg, "or: fields do not match its syntax class"), "%d sources: %s %s", 2 + dn,
                 sf_code_name(rc), st.msg);
    sf_buf_free(&b);
  }
  g->num_ops = 5;
  sf_isa_free(&f);
}

/* A jmp without its label (a fret's shape) has no text: the control-flow printer took E P for any of
 * its rows and wrote `jmp (M1, 1)`, which the parser refuses ("expected a label") (fixed
 * 2026-12-02, found by `print_sweep`). A fret keeps its shape. */
static void cf_field_count(void) {
  static const char text[] = ".version 4.1\n.kernel \"k\"\n    jmp (M1, 1) L0\nL0:\n    fret (M1, 1)\n";
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  bool ok = sf_visaasm_parse(text, sizeof text - 1, &f, &st) == SF_OK;
  SF_CHECK_MSG(ok, "%s", st.msg);
  if (!ok) return;
  sf_visa_kernel *k = &f.kernels[0];
  SF_CHECK(k->num_gens >= 3 && k->gens[0].num_ops == 3);
  if (k->num_gens >= 3 && k->gens[0].num_ops == 3) {
    sf_buf b;
    sf_status_clear(&st);
    sf_buf_init(&b, &st);
    SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_OK);
    sf_buf_free(&b);
    k->gens[0].num_ops = 2;
    sf_status_clear(&st);
    sf_buf_init(&b, &st);
    sf_code rc = sf_visaasm_print(&f, &b, &st);
    SF_CHECK_MSG(rc == SF_UNSUPPORTED && strstr(st.msg, "jmp: fields do not match its syntax class"), "%s %s",
                 sf_code_name(rc), st.msg);
    sf_buf_free(&b);
    k->gens[0].num_ops = 3;
  }
  sf_isa_free(&f);
}

int main(void) {
  SF_RUN(refusals);
  SF_RUN(alu_field_count);
  SF_RUN(cf_field_count);
  SF_TEST_END();
}
