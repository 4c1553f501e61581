/* test_visa_text_names.c — the kernel builders (harness/visa/visa_kernel.c) and how the text
 * codec resolves and prints declared names: the ids the builders hand out, names the printer must
 * refuse because they would read back as something else, alias targets resolved against the whole
 * kernel, and predicate / sampler / surface / address operands whose default spelling is taken. */
#include "harness/visa/visa_chars.h"
#include "harness/visa/visa_kernel_priv.h"
#include "tests/test_visa_text_util.h"

/* ---- Builders ---------------------------------------------------------------------------------- */

static void test_builders(void) {
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_init(&k, "kern", &st) == SF_OK);
  SF_CHECK_STR(k.strings[k.name_index], "kern");
  /* ids: vars from 32, samplers from 0, surfaces from 6, predicates from 1, addresses from 0 (§2.3) */
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "a", SF_VT_F, 16, 5, &st), 32);
  SF_CHECK_EQ_U(sf_visa_kernel_add_var(&k, "b", SF_VT_UW, 1, 0, &st), 33);
  SF_CHECK_EQ_U(sf_visa_kernel_add_sampler(&k, "s0", &st), 0);
  SF_CHECK_EQ_U(sf_visa_kernel_add_surface(&k, "t0", &st), 6);
  SF_CHECK_EQ_U(sf_visa_kernel_add_surface(&k, "t1", &st), 7);
  SF_CHECK_EQ_U(sf_visa_kernel_add_pred(&k, "p", 16, &st), 1);
  SF_CHECK_EQ_U(sf_visa_kernel_add_addr(&k, "ad", 2, &st), 0);
  SF_CHECK_EQ_U(k.vars[0].props, 0x57); /* F | GRF << 4 */
  SF_CHECK_STR(sf_visa_var_name(&k, 33), "b");
  SF_CHECK_STR(sf_visa_var_name(&k, 7), "%r0");
  SF_CHECK_STR(sf_visa_var_name(NULL, 0), "%null");
  SF_CHECK(sf_visa_var_name(&k, 34) == NULL);
  SF_CHECK(sf_visa_var_name(&k, 25) == NULL);
  SF_CHECK(sf_visa_kernel_add_string_attr(&k, "OutputAsmPath", "kout", &st) == SF_OK);
  SF_CHECK_EQ_U(k.num_kattrs, 1);
  SF_CHECK_EQ_U(k.attrs[0].size, 4);
  SF_CHECK(memcmp(k.attr_bytes + k.attrs[0].value_off, "kout", 4) == 0);
  SF_CHECK_EQ_U(st.code, SF_OK);
  /* rejected: duplicate names, bad identifiers, zero elements, too many samplers */
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "s0", SF_VT_F, 1, 0, &st) == -1 && st.code == SF_ERR_INVALID);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "9x", SF_VT_F, 1, 0, &st) == -1 && st.code == SF_ERR_INVALID);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "%r9", SF_VT_F, 1, 0, &st) == -1 && st.code == SF_ERR_INVALID);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "z", SF_VT_F, 0, 0, &st) == -1 && st.code == SF_ERR_RANGE);
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_var(&k, "z", 16, 1, 0, &st) == -1 && st.code == SF_ERR_RANGE);
  for (int i = 1; i < 31; i++) {
    char nm[8];
    snprintf(nm, sizeof nm, "s%d", i);
    SF_CHECK_EQ_U(sf_visa_kernel_add_sampler(&k, nm, &st), (unsigned)i);
  }
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_sampler(&k, "s31", &st) == -1 && st.code == SF_ERR_LIMIT);
  sf_status_clear(&st);
  char longv[300];
  memset(longv, 'x', sizeof longv - 1);
  longv[sizeof longv - 1] = 0;
  SF_CHECK(sf_visa_kernel_add_string_attr(&k, "Long", longv, &st) == SF_ERR_RANGE);
  sf_inst d3d;
  memset(&d3d, 0, sizeof d3d);
  d3d.family = SF_FAMILY_D3D;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_kernel_add_inst(&k, &d3d, &st) == SF_ERR_INVALID);
  sf_visa_kernel_free(&k);
  SF_CHECK(k.strings == NULL && k.num_vars == 0);
  sf_visa_kernel_free(&k); /* idempotent */
}

/* ---- Printed names ---------------------------------------------------------------------------- */

/* The printer refuses names that would read back as something else. */
static void test_name_collisions(void) {
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  sf_visa_kernel_init(&k, "c", &st);
  sf_visa_kernel_add_var(&k, "V40", SF_VT_F, 1, 0, &st); /* V32 is named "V40" */
  sf_visa_kernel_add_pred(&k, "P7", 1, &st);            /* P1 is named "P7" */
  sf_inst x;
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_UNORM;
  x.unorm.u.cls = x.unorm.v.cls = x.unorm.du.cls = x.unorm.dv.cls = SF_VCLS_IMMEDIATE;
  x.unorm.surface = 6;
  x.unorm.dst.id = 32;
  char buf[512];
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK);
  SF_CHECK(strstr(buf, " V40.0") != NULL); /* var 32 by its name */
  x.unorm.dst.id = 40;                       /* undeclared: V40 would read back as var 32 */
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_ERR_INVALID);
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_3D;
  x.s3d.pred.id = 7; /* P7 names predicate 1 */
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_ERR_INVALID);
  x.s3d.pred.id = 1;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK && strncmp(buf, "(P1) ", 5) == 0);
  sf_visa_kernel_free(&k);
}

/* Alias targets resolve with the whole kernel's declarations, as the printer checks names
 * (regressions of isa_file_fuzzer crashes isa-text-self-alias-undeclared, -alias-name-V40-shadowed,
 * -alias-predef-V7-vs-r0, -alias-predef-V3-vs-group_id_x). Expected ids: variables are numbered
 * V32, V33, ... in declaration order (docs/visa-binary.md); %r0 is predefined V7 and %group_id_x V3
 * (the predefined table of visa_kernel.c, IGC's order). */
static void test_alias_scope(void) {
  static const char text[] =
      ".version 4.1\n"
      ".kernel k\n"
      ".decl $32 v_type=G type=f num_elts=8 alias=<$32, 0>\n" /* self alias: V32 -> V32 */
      ".decl a v_type=G type=f num_elts=8 alias=<V7, 4>\n"    /* forward: "V7" is declared below (V35) */
      ".decl b v_type=G type=f num_elts=8 alias=<%r0, 0>\n"   /* predefined V7 */
      ".decl V7 v_type=G type=ud num_elts=64\n"
      ".decl c v_type=G type=f num_elts=8 alias=<%group_id_x, 2>\n"
      ".decl d v_type=G type=f num_elts=8 alias=<V40, 0>\n"   /* "V40" is declared below (V39), not V40 */
      ".decl e v_type=G type=f num_elts=8 alias=<V99, 0>\n"   /* no declaration named V99: id 99 */
      ".decl V40 v_type=G type=f num_elts=8\n";
  sf_isa_file f, g;
  sf_status st;
  sf_status_clear(&st);
  char eb[256];
  SF_CHECK_MSG(sf_visaasm_parse(text, strlen(text), &f, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  if (f.num_kernels != 1) return;
  const sf_visa_kernel *k = &f.kernels[0];
  SF_CHECK_EQ_U(k->num_vars, 8);
  static const uint32_t want_alias[8] = {32, 35, 7, 0, 3, 39, 99, 0};
  static const uint16_t want_off[8] = {0, 4, 0, 0, 2, 0, 0, 0};
  for (uint32_t i = 0; i < 8 && i < k->num_vars; i++) {
    SF_CHECK_MSG(k->vars[i].alias_index == want_alias[i] && k->vars[i].alias_offset == want_off[i],
                 "var %u: alias %u+%u, want %u+%u", i, k->vars[i].alias_index, k->vars[i].alias_offset, want_alias[i],
                 want_off[i]);
  }
  sf_buf b1, b2;
  sf_buf_init(&b1, &st);
  sf_buf_init(&b2, &st);
  SF_CHECK(sf_visaasm_print(&f, &b1, &st) == SF_OK);
  SF_CHECK(sf_buf_put(&b1, "", 1)); /* NUL for strstr */
  const char *t1 = (const char *)b1.data;
  SF_CHECK(strstr(t1, ".decl $32 v_type=G type=f num_elts=8 alias=<$32, 0>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl a v_type=G type=f num_elts=8 alias=<V7, 4>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl b v_type=G type=f num_elts=8 alias=<%r0, 0>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl c v_type=G type=f num_elts=8 alias=<%group_id_x, 2>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl d v_type=G type=f num_elts=8 alias=<V40, 0>\n") != NULL);
  SF_CHECK(strstr(t1, ".decl e v_type=G type=f num_elts=8 alias=<V99, 0>\n") != NULL);
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_visaasm_parse(t1, b1.len - 1, &g, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  SF_CHECK(sf_visaasm_print(&g, &b2, &st) == SF_OK);
  SF_CHECK_MEM(b1.data, b1.len - 1, b2.data, b2.len);
  sf_isa_free(&g);
  /* an alias to V40 (undeclared id) while a variable is named "V40" has no spelling: refused */
  sf_visa_kernel *km = &f.kernels[0];
  km->vars[6].alias_index = 40;
  sf_buf b3;
  sf_buf_init(&b3, &st);
  sf_status_clear(&st);
  SF_CHECK(sf_visaasm_print(&f, &b3, &st) == SF_ERR_INVALID && strstr(st.msg, "V40") != NULL);
  sf_buf_free(&b1);
  sf_buf_free(&b2);
  sf_buf_free(&b3);
  sf_isa_free(&f);
  /* an undeclared alias target is still an error at the name's line:col */
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 alias=<y, 0>\n.decl z v_type=P num_elts=1\n",
           SF_ERR_UNDECLARED, 3, 43, "not declared");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 alias=<z, 0>\n.decl z v_type=P num_elts=1\n",
           SF_ERR_UNDECLARED, 3, 43, "predicate");
  /* each kernel resolves with its own names: 'y' of the second kernel is not visible in the first */
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 alias=<y, 0>\n.kernel k2\n"
           ".decl y v_type=G type=f num_elts=1\n",
           SF_ERR_UNDECLARED, 3, 43, "not declared");
}

/* Predicate-class operands and instruction predicates print as P<id> when that reads back, else by
 * the declared name, else the printer refuses (regressions of isa_file_fuzzer crashes
 * isa-text-pred-operand-P0-reparses-as-P1 and -name-collides-with-sampler-P7). */
static void test_pred_operand_names(void) {
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  sf_visa_kernel_init(&k, "p", &st);
  SF_CHECK(sf_visa_kernel_add_pred(&k, "P0", 1, &st) == 1);          /* P1 is named "P0" */
  SF_CHECK(sf_visa_kernel_add_pred(&k, "flag", 1, &st) == 2);        /* P2 is named "flag" */
  SF_CHECK(sf_visa_kernel_add_pred(&k, "AVS_8_FULL", 1, &st) == 3);  /* P3: a name AVS reads as a keyword */
  SF_CHECK(sf_visa_kernel_add_sampler(&k, "P7", &st) == 0);          /* sampler S0 is named "P7" */
  SF_CHECK(sf_visa_kernel_add_var(&k, "P2", SF_VT_F, 1, 0, &st) == 32);
  SF_CHECK(sf_visa_kernel_add_var(&k, "P3", SF_VT_F, 1, 0, &st) == 33);
  SF_CHECK(sf_visa_kernel_add_surface(&k, "surf", &st) == 6);
  sf_inst x;
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_AVS;
  sf_vopnd *ops[] = {&x.avs.u_off, &x.avs.v_off, &x.avs.du, &x.avs.dv, &x.avs.u2d, &x.avs.group_id, &x.avs.vbn,
                     &x.avs.v2d, &x.avs.ief_bypass};
  for (size_t i = 0; i < sizeof ops / sizeof ops[0]; i++) ops[i]->cls = SF_VCLS_IMMEDIATE;
  x.avs.surface = 6;
  x.avs.dst.id = 32;
  x.avs.u_off.cls = SF_VCLS_PREDICATE;
  static const struct {
    uint16_t id;
    const char *want; /* NULL: refused */
  } cases[] = {{1, " P1 "},    /* "P1" is no declared name: the fallback reads back */
               {2, " flag "},  /* "P2" is a variable: the declared name */
               {0, NULL},      /* "P0" names P1, and P0 has no declaration */
               {7, NULL},      /* "P7" is a sampler, P7 is not declared */
               {3, NULL},      /* "P3" is a variable and "AVS_8_FULL" would end the operand list */
               {9, " P9 "}};
  char buf[512], eb[256];
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    x.avs.u_off.id = cases[i].id;
    sf_status_clear(&st);
    sf_code r = sf_visa_print(&x, &k, buf, sizeof buf, &st);
    if (!cases[i].want) {
      SF_CHECK_MSG(r == SF_ERR_INVALID && st.msg[0], "P%u: %s", cases[i].id, sf_status_format(&st, eb, sizeof eb));
      continue;
    }
    SF_CHECK_MSG(r == SF_OK && strstr(buf, cases[i].want), "P%u: %s", cases[i].id, buf);
    sf_inst y;
    SF_CHECK_MSG(sf_visa_parse(buf, strlen(buf), &k, &y, &st) == SF_OK && sf_inst_equal(&x, &y), "%s: %s", buf,
                 sf_status_format(&st, eb, sizeof eb));
  }
  /* the instruction predicate of 3D_SAMPLE uses the same rule */
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_3D;
  x.s3d.aoffimmi.cls = SF_VCLS_IMMEDIATE;
  x.s3d.surface = 6;
  x.s3d.dst.id = 32;
  x.s3d.pred.id = 2;
  x.s3d.pred.invert = 1;
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK && strncmp(buf, "(!flag) ", 8) == 0);
  sf_inst y;
  SF_CHECK(sf_visa_parse(buf, strlen(buf), &k, &y, &st) == SF_OK && sf_inst_equal(&x, &y));
  x.s3d.pred.id = 3; /* in the predicate slot a keyword-like name would read, but the rule is one for both */
  sf_status_clear(&st);
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_ERR_INVALID);
  sf_visa_kernel_free(&k);
  /* samplers, surfaces and addresses whose S<n> / T<n> / A<n> is another symbol's name print by
   * their declared names (the same rule) */
  sf_visa_kernel_init(&k, "q", &st);
  SF_CHECK(sf_visa_kernel_add_sampler(&k, "smp", &st) == 0);
  SF_CHECK(sf_visa_kernel_add_surface(&k, "img", &st) == 6);
  SF_CHECK(sf_visa_kernel_add_addr(&k, "ad", 1, &st) == 0);
  SF_CHECK(sf_visa_kernel_add_var(&k, "S0", SF_VT_F, 8, 0, &st) == 32);
  SF_CHECK(sf_visa_kernel_add_var(&k, "T6", SF_VT_F, 8, 0, &st) == 33);
  SF_CHECK(sf_visa_kernel_add_var(&k, "A0", SF_VT_F, 8, 0, &st) == 34);
  memset(&x, 0, sizeof x);
  x.family = SF_FAMILY_SAMPLE_UNORM;
  x.unorm.sampler = 0;
  x.unorm.surface = 6;
  x.unorm.u.cls = SF_VCLS_ADDRESS;
  x.unorm.v.cls = SF_VCLS_STATE;
  x.unorm.v.state_cls = 1;
  x.unorm.du.cls = SF_VCLS_INDIRECT;
  x.unorm.dv.cls = SF_VCLS_IMMEDIATE;
  x.unorm.dst.id = 32;
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  SF_CHECK_MSG(strncmp(buf, "sample_unorm.ch0.16-full smp img ad(0)<1> smp(0) r[ad(0),0]", 59) == 0, "%s", buf);
  SF_CHECK(sf_visa_parse(buf, strlen(buf), &k, &y, &st) == SF_OK && sf_inst_equal(&x, &y));
  x.unorm.sampler = 1; /* "S1" is free: the fallback spelling is kept */
  SF_CHECK(sf_visa_print(&x, &k, buf, sizeof buf, &st) == SF_OK && strncmp(buf, "sample_unorm.ch0.16-full S1 img", 31) == 0);
  sf_visa_kernel_free(&k);
}

/* The lexer's character tables (visa_chars.c) against the classes spelled out: every byte. */
static void test_char_tables(void) {
  for (unsigned b = 0; b < 256; b++) {
    char c = (char)b;
    unsigned want = 0;
    if (c == ' ' || c == '\t' || c == '\r') want |= SF_VC_WS;
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_' || c == '$' || c == '@') want |= SF_VC_ALPHA;
    if (c == '%') want |= SF_VC_PCT;
    if (c >= '0' && c <= '9') want |= SF_VC_DIGIT;
    SF_CHECK_MSG(sf_visa_cc[b] == want, "byte 0x%02x: class %u, expected %u", b, sf_visa_cc[b], want);
    unsigned low = (c >= 'A' && c <= 'Z') ? b + 32u : b;
    SF_CHECK_MSG(sf_visa_lower[b] == low, "byte 0x%02x: lower 0x%02x, expected 0x%02x", b, sf_visa_lower[b], low);
  }
  /* and the names they decide: a kernel name, case-blind keywords */
  SF_CHECK(sf_visa_ident_ok("_a$1@", 5) && !sf_visa_ident_ok("1a", 2) && !sf_visa_ident_ok("a-b", 3) &&
           !sf_visa_ident_ok("%r0", 3));
}

int main(void) {
  SF_RUN(test_char_tables);
  SF_RUN(test_builders);
  SF_RUN(test_name_collisions);
  SF_RUN(test_alias_scope);
  SF_RUN(test_pred_operand_names);
  SF_TEST_END();
}
