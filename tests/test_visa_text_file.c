/* test_visa_text_file.c — whole .visaasm files through sf_visaasm_parse / sf_visaasm_print
 * (harness/visa/visa_*.c): a two-kernel file that parses, prints in IGC's layout and parses back to
 * the same kernels; a dump as GenX_IR 12504 wrote it; 20,000 declarations and instructions; and
 * the file-level errors with their line:col. The probe named in comments below is GenX_IR 12504 run
 * on this machine as `GenX_IR t.visaasm -platform SKL -stopafter CFG -dumpcommonisa`. */
#include "tests/test_visa_text_util.h"

/* ---- Whole files ------------------------------------------------------------------------------- */

static const char *str_of(const sf_visa_kernel *k, uint32_t i) { return i < k->num_strings ? k->strings[i] : "?"; }

/* Same kernel by content (names compared as strings; string-table order may differ). */
static bool same_kernel(const sf_visa_kernel *a, const sf_visa_kernel *b) {
  if (strcmp(a->name, b->name) || a->num_vars != b->num_vars || a->num_samplers != b->num_samplers ||
      a->num_surfaces != b->num_surfaces || a->num_preds != b->num_preds || a->num_addrs != b->num_addrs ||
      a->num_inputs != b->num_inputs || a->num_kattrs != b->num_kattrs || a->num_insts != b->num_insts)
    return false;
  for (uint32_t i = 0; i < a->num_vars; i++) {
    const sf_visa_var *x = &a->vars[i], *y = &b->vars[i];
    if (strcmp(str_of(a, x->name), str_of(b, y->name)) || x->props != y->props || x->num_elts != y->num_elts ||
        x->alias_index != y->alias_index || x->alias_offset != y->alias_offset)
      return false;
  }
#define SAME_SYMS(arr, n)                                                                              \
  for (uint32_t i = 0; i < a->n; i++)                                                                 \
    if (strcmp(str_of(a, a->arr[i].name), str_of(b, b->arr[i].name)) || a->arr[i].num_elts != b->arr[i].num_elts) \
      return false;
  SAME_SYMS(samplers, num_samplers)
  SAME_SYMS(surfaces, num_surfaces)
  SAME_SYMS(preds, num_preds)
  SAME_SYMS(addrs, num_addrs)
#undef SAME_SYMS
  for (uint32_t i = 0; i < a->num_inputs; i++)
    if (a->inputs[i].kind != b->inputs[i].kind || a->inputs[i].index != b->inputs[i].index ||
        a->inputs[i].offset != b->inputs[i].offset || a->inputs[i].size != b->inputs[i].size)
      return false;
  for (uint32_t i = 0; i < a->num_kattrs; i++) {
    const sf_visa_attr *x = &a->attrs[a->kattr_first + i], *y = &b->attrs[b->kattr_first + i];
    if (strcmp(str_of(a, x->name), str_of(b, y->name)) || x->size != y->size ||
        (x->size && memcmp(a->attr_bytes + x->value_off, b->attr_bytes + y->value_off, x->size)))
      return false;
  }
  for (uint32_t i = 0; i < a->num_insts; i++)
    if (!sf_inst_equal(&a->insts[i], &b->insts[i])) return false;
  if (a->num_rets != b->num_rets) return false;
  for (uint32_t i = 0; i < a->num_rets; i++) {
    const sf_visa_ret *x = &a->rets[i], *y = &b->rets[i];
    if (x->before != y->before || x->exec_size != y->exec_size || x->emask != y->emask || x->pred.id != y->pred.id ||
        x->pred.ctrl != y->pred.ctrl || x->pred.invert != y->pred.invert || x->pred.rsvd != y->pred.rsvd)
      return false;
  }
  return true;
}

static void test_file_roundtrip(void) {
  sf_isa_file f1, f2;
  sf_status st;
  sf_status_clear(&st);
  char eb[256];
  SF_CHECK_MSG(sf_visaasm_parse(multi_file, strlen(multi_file), &f1, &st) == SF_OK, "%s",
               sf_status_format(&st, eb, sizeof eb));
  SF_CHECK_EQ_U(f1.num_kernels, 2);
  SF_CHECK_EQ_U(f1.major, 4);
  SF_CHECK_EQ_U(f1.minor, 1);
  if (f1.num_kernels != 2) return;
  const sf_visa_kernel *k0 = &f1.kernels[0], *k1 = &f1.kernels[1];
  SF_CHECK_STR(k0->name, "samp");
  SF_CHECK_EQ_U(k0->num_insts, 4);
  SF_CHECK_EQ_U(k0->vars[1].alias_index, 32);
  SF_CHECK_EQ_U(k0->vars[1].alias_offset, 64);
  SF_CHECK_EQ_U(k0->vars[2].props, 0x27); /* f, dword */
  SF_CHECK_EQ_U(k0->vars[5].props, 0x97); /* f, wordx64 */
  SF_CHECK_EQ_U(k0->inputs[0].kind, 1);
  SF_CHECK_EQ_U(k0->inputs[1].kind, 2);
  SF_CHECK_EQ_U(k0->inputs[1].index, 6);
  SF_CHECK_EQ_U(k0->inputs[2].kind, 0x10);
  SF_CHECK_EQ_U(k0->inputs[2].index, 34);
  SF_CHECK_EQ_U(k0->num_kattrs, 2);
  SF_CHECK_EQ_U(k0->attrs[1].size, 1); /* Target="3d" is the int 1 */
  SF_CHECK_EQ_U(k0->attr_bytes[k0->attrs[1].value_off], 1);
  SF_CHECK_EQ_U(k0->insts[2].s3d.op, SF_S3D_SAMPLE_L);
  SF_CHECK_EQ_U(k0->insts[3].avs.surface, 6);
  SF_CHECK_STR(k1->name, "second_one");
  SF_CHECK_EQ_U(k1->num_samplers, 2);
  SF_CHECK_EQ_U(k1->samplers[1].num_elts, 2);
  SF_CHECK_EQ_U(k1->insts[0].s3d.sampler, 1);
  SF_CHECK_EQ_U(k1->insts[0].s3d.surface, 1);
  SF_CHECK_EQ_U(k1->insts[1].s3d.op, SF_S3D_SAMPLE_PO_C);
  SF_CHECK_EQ_U(k1->attrs[1].size, 3);
  SF_CHECK_EQ_U(k0->num_rets, 2);
  SF_CHECK_EQ_U(k1->num_rets, 2);
  if (k0->num_rets == 2 && k1->num_rets == 2) {
    SF_CHECK_EQ_U(k0->rets[0].before, 4);
    SF_CHECK_EQ_U(k0->rets[1].emask, 12);
    SF_CHECK_EQ_U(k0->rets[1].pred.ctrl, 1);
    SF_CHECK(k0->rets[1].pred.invert);
    SF_CHECK_EQ_U(k1->rets[0].before, 0);
    SF_CHECK_EQ_U(k1->rets[1].before, 2);
  }

  sf_buf b;
  sf_buf_init(&b, &st);
  SF_CHECK_MSG(sf_visaasm_print(&f1, &b, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  sf_status_clear(&st);
  SF_CHECK_MSG(sf_visaasm_parse((const char *)b.data, b.len, &f2, &st) == SF_OK, "%s",
               sf_status_format(&st, eb, sizeof eb));
  SF_CHECK_EQ_U(f2.num_kernels, 2);
  for (uint32_t i = 0; i < 2 && i < f2.num_kernels; i++)
    SF_CHECK_MSG(same_kernel(&f1.kernels[i], &f2.kernels[i]), "kernel %u differs after print/parse", i);
  /* printing again gives the same text */
  sf_buf b2;
  sf_buf_init(&b2, &st);
  SF_CHECK(sf_visaasm_print(&f2, &b2, &st) == SF_OK);
  SF_CHECK_MEM(b.data, b.len, b2.data, b2.len);
  /* IGC's layout: header order, padding to column 80, " /// $N" */
  char *t = calloc(b.len + 1, 1);
  if (!t) return;
  memcpy(t, b.data, b.len);
  static const char head[] = ".version 4.1\n.kernel \"samp\"\n\n/// VISA Predefined Variables\n// .decl V0 v_type=G v_name=%null\n";
  SF_CHECK(strncmp(t, head, strlen(head)) == 0);
  SF_CHECK(strstr(t, "// .decl T5 v_type=T v_name=%scratch\n\n.decl dst_u v_type=G type=uw num_elts=128 align=GRF\n"));
  SF_CHECK(strstr(t, ".decl al v_type=G type=ud num_elts=16 alias=<dst_u, 64>\n"));
  SF_CHECK(strstr(t, ".decl S0 v_type=S num_elts=1 v_name=smp\n.decl T6 v_type=T num_elts=1 v_name=surf\n"));
  SF_CHECK(strstr(t, ".input S0 offset=0 size=4\n.input T6 offset=4 size=4\n.input X offset=32 size=32 kind=2\n"));
  SF_CHECK(strstr(t, ".kernel_attr Target=\"3d\"\n    sample_unorm.RGBA.16-full S0 T6 0x0:f 0x0:f 0x3e800000:f "
                     "X(0,0)<0;1,0> dst_u.0 /// $0\n"));
  /* the line GenX_IR printed for this instruction (probe of the file header comment), as $1 */
  SF_CHECK(strstr(t, "\n    sample_3d.RGBA (M1_NM, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0                     /// $1\n"));
  SF_CHECK(strstr(t, ".kernel_attr SimdSize=16\n.kernel_attr Blob=#00ff22\n    ret (M1, 1)     "));
  SF_CHECK(strstr(t, "    (!P1.any) ret (M5_NM, 1)                                                     /// $5\n"));
  if (getenv("SF_SHOW")) fputs(t, stdout);
  free(t);
  sf_buf_free(&b);
  sf_buf_free(&b2);
  for (uint32_t i = 0; i < f1.num_kernels; i++) sf_visa_kernel_free(&f1.kernels[i]);
  free(f1.kernels);
  for (uint32_t i = 0; i < f2.num_kernels; i++) sf_visa_kernel_free(&f2.kernels[i]);
  free(f2.kernels);
}

/* Big kernels stay linear (names are hashed): 20,000 declarations and 20,000 instructions. */
static void test_file_scale(void) {
  sf_buf b;
  sf_status st;
  sf_status_clear(&st);
  sf_buf_init(&b, &st);
  char line[160];
  const char *head = ".version 4.1\n.kernel big\n.decl smp v_type=S num_elts=1\n.decl tex v_type=T num_elts=1\n";
  sf_buf_put(&b, head, strlen(head));
  for (int i = 0; i < 20000; i++) {
    snprintf(line, sizeof line, ".decl v%d v_type=G type=f num_elts=16 align=GRF\n", i);
    sf_buf_put(&b, line, strlen(line));
  }
  for (int i = 0; i < 20000; i++) {
    snprintf(line, sizeof line, "sample_3d.R (M1, 16) 0x0:uw smp tex v%d.0 v%d.0 v%d.0\n", i, (i * 7) % 20000,
             (i * 13) % 20000);
    sf_buf_put(&b, line, strlen(line));
  }
  sf_isa_file f;
  char eb[256];
  SF_CHECK_MSG(sf_visaasm_parse((const char *)b.data, b.len, &f, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  if (st.code == SF_OK) {
    SF_CHECK_EQ_U(f.kernels[0].num_vars, 20000);
    SF_CHECK_EQ_U(f.kernels[0].num_insts, 20000);
    SF_CHECK_EQ_U(f.kernels[0].insts[19999].s3d.dst.id, 32 + 19999);
    sf_buf o;
    sf_buf_init(&o, &st);
    SF_CHECK(sf_visaasm_print(&f, &o, &st) == SF_OK);
    sf_buf_free(&o);
    sf_visa_kernel_free(&f.kernels[0]);
    free(f.kernels);
  }
  sf_buf_free(&b);
}

/* A GenX_IR 12504 dump as written (from the probe in the file header comment): the header's last
 * line runs into the first instruction, and lines end in "/// $N". */
static void test_file_igc_dump(void) {
  static const char dump[] =
      ".version 4.1\n.kernel \"k2\"\n\n/// VISA Predefined Variables\n// .decl V0 v_type=G v_name=%null\n\n"
      ".decl dst_u v_type=G type=uw num_elts=128 align=GRF\n.decl X v_type=G type=f num_elts=8 align=dword\n"
      ".decl S0 v_type=S num_elts=1 v_name=smp\n.decl S1 v_type=S num_elts=1 v_name=smp2\n"
      ".decl T6 v_type=T num_elts=1 v_name=surf\n.input S0 offset=0 size=4\n.input T6 offset=4 size=4\n"
      ".input X offset=32 size=32\n"
      ".kernel_attr Target=\"3d\"    sample_unorm.RGBA.16-full S1 T6 0x0:f 0x0:f 0x3e800000:f X(0,0)<0;1,0> dst_u.0 /// $0\n"
      "    ret (M1, 1)                                                                  /// $1\n";
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  char eb[256];
  SF_CHECK_MSG(sf_visaasm_parse(dump, strlen(dump), &f, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  if (st.code != SF_OK) return;
  SF_CHECK_EQ_U(f.num_kernels, 1);
  SF_CHECK_EQ_U(f.kernels[0].num_samplers, 2);
  SF_CHECK_STR(f.kernels[0].strings[f.kernels[0].samplers[1].name], "smp2");
  SF_CHECK_EQ_U(f.kernels[0].num_insts, 1);
  SF_CHECK_EQ_U(f.kernels[0].insts[0].unorm.sampler, 1);
  SF_CHECK_EQ_U(f.kernels[0].num_rets, 1);
  sf_visa_kernel_free(&f.kernels[0]);
  free(f.kernels);
}

/* A kernel attribute of no bytes (CM kernels' NoBarrier): GenX_IR prints the name alone and its
 * grammar reads `Name`, `Name=` and, as a string of no bytes, `Name=""`; so do we, each as one
 * attribute of size 0, printed back as the name alone. An instruction may follow on the line. */
static void test_file_empty_attr(void) {
  static const char *const forms[4] = {"NoBarrier", "NoBarrier=", "NoBarrier=\"\"", "NoBarrier    ret (M1, 1)"};
  for (unsigned q = 0; q < 4; q++) {
    char text[200];
    int n = snprintf(text, sizeof text, ".version 3.6\n.kernel \"k\"\n.kernel_attr %s\n.kernel_attr Target=\"cm\"\n%s", forms[q],
                     q == 3 ? "" : "    ret (M1, 1)\n");
    sf_isa_file f;
    sf_status st;
    sf_status_clear(&st);
    bool ok = sf_visaasm_parse(text, (size_t)n, &f, &st) == SF_OK;
    SF_CHECK_MSG(ok, "%s: %s", forms[q], st.msg);
    if (!ok) continue;
    const sf_visa_kernel *k = &f.kernels[0];
    SF_CHECK_EQ_U(k->num_kattrs, 2);
    SF_CHECK(k->num_kattrs >= 1 && k->attrs[k->kattr_first].size == 0);
    SF_CHECK_EQ_U(k->num_rets, 1);
    sf_buf b;
    sf_buf_init(&b, &st);
    SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_OK && sf_buf_put(&b, "", 1));
    SF_CHECK_MSG(b.data && strstr((const char *)b.data, "\n.kernel_attr NoBarrier\n.kernel_attr Target=\"cm\"\n"), "%s printed as\n%s",
                 forms[q], b.data ? (const char *)b.data : "");
    sf_buf_free(&b);
    sf_isa_free(&f);
  }
}

/* A generic instruction under a predicate with many blanks inside its parentheses reads (the line
 * classifier stopped looking for the ')' after 1,088 bytes and read such a line as a sample-family
 * instruction, which it refused). */
static void test_file_pred_blanks(void) {
  static char text[4096];
  for (unsigned blanks = 0; blanks <= 3000; blanks += 1500) {
    int n = snprintf(text, sizeof text,
                     ".version 4.1\n.kernel \"k\"\n.decl P1 v_type=P num_elts=16\n.decl V40 v_type=G type=d num_elts=16\n"
                     "    (%*s!P1.any) add (M1, 16) V40(0,0)<1> V40(0,0)<1;1,0> V40(0,0)<1;1,0>\n    ret (M1, 1)\n",
                     (int)blanks, "");
    sf_isa_file f;
    sf_status st;
    sf_status_clear(&st);
    bool ok = n > 0 && (size_t)n < sizeof text && sf_visaasm_parse(text, (size_t)n, &f, &st) == SF_OK;
    SF_CHECK_MSG(ok, "%u blanks: %s", blanks, st.msg);
    if (!ok) continue;
    SF_CHECK(f.kernels[0].num_gens == 1 && f.kernels[0].num_rets == 1); /* the add, and the ret */
    sf_isa_free(&f);
  }
}

static void test_file_errors(void) {
  file_err("", SF_ERR_SYNTAX, 1, 1, ".version");
  file_err(".kernel k\n", SF_ERR_SYNTAX, 1, 1, ".version");
  file_err(".version 4.1\n.decl x v_type=G type=f num_elts=1\n", SF_ERR_SYNTAX, 2, 1, ".kernel");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G num_elts=1\n", SF_ERR_SYNTAX, 3, 28, "type=");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=Q num_elts=1\n", SF_ERR_SYNTAX, 3, 16, "G, S, T, P or A");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=0\n", SF_ERR_RANGE, 3, 34, "at least 1");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=70000\n", SF_ERR_RANGE, 3, 34, "65535");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1\n.decl x v_type=S\n", SF_ERR_SYNTAX, 4, 7,
           "already declared");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 align=huge\n", SF_ERR_SYNTAX, 3, 42,
           "not an alignment");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=G type=f num_elts=1 alias=<y, 0>\n", SF_ERR_UNDECLARED, 3, 43,
           "not declared");
  file_err(".version 4.1\n.kernel k\n.input nope offset=0 size=4\n", SF_ERR_UNDECLARED, 3, 8, "not declared");
  file_err(".version 4.1\n.kernel k\n.decl x v_type=P num_elts=1\n.input x offset=0 size=4\n", SF_ERR_UNDECLARED, 4, 8,
           "predicate");
  file_err(".version 4.1\n.kernel k\n.frobnicate\n", SF_ERR_SYNTAX, 3, 1, "unknown directive");
  file_err(".version 4.1\n.kernel k\n\n// fine\nsample_3d.R (M1, 16) 0x0:uw S0 T6 nope.0\n", SF_ERR_UNDECLARED, 5, 35,
           "not declared");
  file_err(".version 4.1\n.kernel k\n.kernel_attr A=\"x\"  avs.R\n", SF_ERR_SYNTAX, 3, 26, "expected a surface");
  file_err(".version 4.1\n.version 4.1\n", SF_ERR_SYNTAX, 2, 1, "only once");
  file_err(".version 4.1\n.kernel \"unterminated\n", SF_ERR_SYNTAX, 2, 9, "unterminated");
  file_err(".version 4.1\n.kernel k\n.decl S3 v_type=S num_elts=1 v_name=s\n", SF_ERR_SYNTAX, 3, 7, "S0");
  /* generic 3D instructions: the column of the part that is wrong, not of the mnemonic */
  file_err(".version 4.1\n.kernel k\nload_lz.cps.pixel_null_mask.R (M1, 16)  0x0:uw T6 V33.0 V33.0\n", SF_ERR_SYNTAX, 3,
           13, "in that order");
  file_err(".version 4.1\n.kernel k\nresinfo.RQ (M1, 16)  T6 V33.0 V33.0\n", SF_ERR_SYNTAX, 3, 10, "not a channel");
}

/* vISA functions in text: a kernel lists them (.funcdecl) and calls them (fcall); each function
 * (.global_function) follows the kernels in the same text. */
static void test_file_functions(void) {
  static const char text[] =
      ".version 4.1\n.kernel \"k\"\n.funcdecl \"f1\"\n.funcdecl \"f2\"\n\n"
      "    fcall (M1, 8) f1 3 0\n    (P1) fcall (M1_NM, 16) f2 255 7\n    ret (M1, 1)\n\n"
      ".global_function \"f1\"\n.kernel_attr ArgSize=3\n.kernel_attr RetValSize=0\n    fret (M1, 8)\n\n"
      ".global_function \"f2\"\n    fret (M1, 16)\n";
  static const char withpred[] = ".decl P1 v_type=P num_elts=16\n";
  /* the predicate declaration goes after .funcdecl "f2" */
  char full[1024];
  const char *cut = strstr(text, "\n\n") + 1;
  snprintf(full, sizeof full, "%.*s%s%s", (int)(cut - text), text, withpred, cut);
  sf_isa_file f, g;
  sf_status st;
  sf_status_clear(&st);
  char eb[256];
  SF_CHECK_MSG(sf_visaasm_parse(full, strlen(full), &f, &st) == SF_OK, "%s", sf_status_format(&st, eb, sizeof eb));
  if (st.code != SF_OK) return;
  SF_CHECK_EQ_U(f.num_kernels, 1);
  SF_CHECK_EQ_U(f.num_functions, 2);
  SF_CHECK_EQ_U(f.kernels[0].num_funcdecls, 2);
  SF_CHECK(f.functions[0].is_function && f.functions[1].is_function && !f.kernels[0].is_function);
  SF_CHECK_STR(f.functions[1].name, "f2");
  /* each fcall adds its callee's name to the kernel's strings (GenX_IR does not look for an equal one) */
  const sf_visa_kernel *k = &f.kernels[0];
  SF_CHECK_EQ_U(k->num_gens, 2);
  if (k->num_gens == 2) {
    SF_CHECK_EQ_U(k->gens[0].op, 0x67);
    SF_CHECK_STR(k->strings[k->gens[0].ops[2].u], "f1");
    SF_CHECK_EQ_U(k->gens[0].ops[3].u, 3);
    SF_CHECK_STR(k->strings[k->gens[1].ops[2].u], "f2");
    SF_CHECK_EQ_U(k->gens[1].ops[3].u, 255);
    SF_CHECK_EQ_U(k->gens[1].ops[4].u, 7);
  }
  sf_buf t, bin, t2;
  sf_buf_init(&t, &st);
  sf_buf_init(&bin, &st);
  sf_buf_init(&t2, &st);
  SF_CHECK(sf_visaasm_print(&f, &t, &st) == SF_OK);
  SF_CHECK(sf_isa_write(&f, &bin, &st) == SF_OK);
  SF_CHECK(sf_isa_read(bin.data, bin.len, &g, &st) == SF_OK);
  SF_CHECK_EQ_U(g.num_functions, 2);
  /* the binary form has no .funcdecl: printed from the file's functions, the same two lines */
  SF_CHECK(sf_visaasm_print(&g, &t2, &st) == SF_OK);
  SF_CHECK(t.len == t2.len && t.len && !memcmp(t.data, t2.data, t.len));
  SF_CHECK(strstr((const char *)t.data, ".funcdecl \"f1\"\n.funcdecl \"f2\"\n") != NULL);
  SF_CHECK(strstr((const char *)t.data, "fcall (M1_NM, 16) f2 255 7") != NULL);
  /* what text cannot carry is refused by the printer, with the reason */
  g.functions[0].arg_size = 1;
  sf_buf_free(&t2);
  sf_status_clear(&st);
  sf_buf_init(&t2, &st);
  SF_CHECK(sf_visaasm_print(&g, &t2, &st) == SF_UNSUPPORTED && strstr(st.msg, "argument size"));
  g.functions[0].arg_size = 0;
  char *callee = g.kernels[0].strings[g.kernels[0].gens[0].ops[2].u];
  SF_CHECK(strlen(callee) == 2);
  callee[1] = '-'; /* "f-": not an identifier */
  sf_buf_free(&t2);
  sf_status_clear(&st);
  sf_buf_init(&t2, &st);
  SF_CHECK(sf_visaasm_print(&g, &t2, &st) == SF_UNSUPPORTED && strstr(st.msg, "not an identifier"));
  g.kernels[0].gens[0].ops[2].u = 60000;
  sf_buf_free(&t2);
  sf_status_clear(&st);
  sf_buf_init(&t2, &st);
  SF_CHECK(sf_visaasm_print(&g, &t2, &st) == SF_UNSUPPORTED && strstr(st.msg, "string table"));
  sf_buf_free(&t);
  sf_buf_free(&t2);
  sf_buf_free(&bin);
  sf_isa_free(&f);
  sf_isa_free(&g);
  /* the opcode names the refusals use: every vISA 4.1 number has one, reserved ones included */
  SF_CHECK_STR(sf_visa_op_name(0x67), "fcall");
  SF_CHECK_STR(sf_visa_op_name(0x50), "faddr");
  SF_CHECK_STR(sf_visa_op_name(0x3f), "reserved3f");
  for (unsigned op = 0; op <= 0x92; op++) SF_CHECK_MSG(sf_visa_op_name((uint8_t)op) != NULL, "opcode 0x%02x has no name", op);
  /* errors, at their line and column */
  file_err(".version 4.1\n.kernel k\n    fcall (M1, 8) 3 0\n", SF_ERR_SYNTAX, 3, 19, "callee");
  file_err(".version 4.1\n.kernel k\n    fcall (M1, 8) f 256 0\n", SF_ERR_RANGE, 3, 21, "argument size");
  file_err(".version 4.1\n.kernel k\n    fcall (M1, 8) f 1\n", SF_ERR_SYNTAX, 3, 22, "return size");
  file_err(".version 4.1\n.kernel k\n.funcdecl f\n", SF_ERR_SYNTAX, 3, 11, "open the function name");
  file_err(".version 4.1\n.funcdecl \"f\"\n", SF_ERR_SYNTAX, 2, 1, ".global_function");
  file_err(".version 4.1\n.global_function \"f\"\n.decl x v_type=G type=d num_elts=1\n.input x offset=0 size=4\n",
           SF_UNSUPPORTED, 4, 1, "no input table");
  file_err(".version 4.1\n.kernel k\n.global x\n", SF_UNSUPPORTED, 3, 1, "file-scope");
}

int main(void) {
  SF_RUN(test_file_roundtrip);
  SF_RUN(test_file_igc_dump);
  SF_RUN(test_file_scale);
  SF_RUN(test_file_empty_attr);
  SF_RUN(test_file_pred_blanks);
  SF_RUN(test_file_errors);
  SF_RUN(test_file_functions);
  SF_TEST_END();
}
