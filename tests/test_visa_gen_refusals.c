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
  /* LSC text errors are positioned */
  static const struct {
    const char *line;
    sf_code code;
  } lsc_bad[] = {
      {"lsc_load (M1, 32)  V0046:d32  flat[V0047]:a64", SF_ERR_SYNTAX},              /* no sfid */
      {"lsc_load.ugm.zz (M1, 32)  V0046:d32  flat[V0047]:a64", SF_ERR_SYNTAX},       /* unknown cache option */
      {"lsc_load.ugm (M1, 32)  V0046:d33  flat[V0047]:a64", SF_ERR_SYNTAX},          /* unknown data size */
      {"lsc_load.ugm (M1, 32)  V0046:d32x5  flat[V0047]:a64", SF_ERR_RANGE},         /* vector length 5 */
      {"lsc_load.ugm (M1, 32)  V0046:d32  flat[V0047]:a48", SF_ERR_SYNTAX},          /* address size */
      {"lsc_load.ugm (M1, 32)  V0046:d32  mesh[V0047]:a64", SF_ERR_SYNTAX},          /* address model */
      {"lsc_load_quad.ugm (M1, 32)  V0046:d32.yx  flat[V0047]:a32", SF_ERR_SYNTAX},  /* channel order */
      {"lsc_load.ugm (M1, 32)  V0046:d32  flat[V0047+0x80000000]:a64", SF_ERR_RANGE}, /* offset past int32 */
      {"(P1) lsc_fence.ugm.evict.gpu", SF_ERR_SYNTAX},                               /* fence with a predicate */
      {"lsc_fence.ugm.evict", SF_ERR_SYNTAX},                                        /* no scope */
      {"lsc_atomic_iadd.ugm (M1, 32)  V0046:d32  flat[V0047]:a64  V0049", SF_ERR_SYNTAX}, /* one source missing */
      {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.0x8nn  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX},
      {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX},
      {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.256x16x8  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_RANGE},
      {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8nnn  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX},
      {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8  flat[0x40, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX},
      {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8  bti[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX},
      {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.16x8  flat[V0047, V0049, V0052, V0049, V0054]", SF_ERR_SYNTAX},
      {"lsc_store_block2d.ugm (M1, 16)  V0046:d16.16x8  flat[V0047, V0049, V0052, V0049, V0054, V0050]", SF_ERR_SYNTAX},
      {"lsc_load_strided.ugm (M1, 16)  V0046:d32  flat[V0047, %null]:a64", SF_ERR_SYNTAX},  /* a %null pitch */
      {"dpas.u8.u8.3.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX},         /* depth 3 */
      {"dpas.u8.u8.8.9 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX},         /* count 9 */
      {"dpas.u3.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX},         /* no u3 */
      {"dpas.bf.tf32.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX},       /* tf32 only in pairs */
      {"dpasw.tf32.tf32.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX},    /* not for dpasw */
      {"dpas.u8.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)<1;1,0>", SF_ERR_SYNTAX},  /* no region */
      {"(P1) dpas.u8.u8.8.8 (M1, 16) V0046.0 V0047.0 V0052.0 V0049(0,0)", SF_ERR_SYNTAX},    /* no predicate */
      {"lsc_load_strided.ugm (M1, 16)  V0046:d32  flat[V0047, 0x4, 0x4]:a64", SF_ERR_SYNTAX},
      {"lsc_load_strided.ugm (M1, 16)  V0046:d32.xw  flat[V0047]:a64", SF_ERR_SYNTAX}, /* channels 9: no default pitch */
      /* the typed forms (GenX_IR 12504 refuses each of these too) */
      {"lsc_load.tgm (M1, 16)  V0046:d32  bti(0x4)[V0047]:a32", SF_ERR_SYNTAX},            /* no typed lsc_load */
      {"lsc_load_quad.tgm (M1, 16)  V0046:d32.x  bti(0x4)[V0047, %null]:a32", SF_ERR_SYNTAX}, /* a %null coordinate */
      {"lsc_load_quad.tgm (M1, 16)  V0046:d32.x  flat[V0047]:a32", SF_ERR_SYNTAX},           /* typed: bss, ss, bti */
      {"lsc_load_quad.tgm (M1, 16)  V0046:d32.x  bti(0x4)[V0047,V0047,V0047,V0047,V0047]:a32", SF_ERR_SYNTAX},
      {"lsc_read_state_info.ugm  V0046  bti(0x4)", SF_ERR_SYNTAX},       /* only .tgm */
      {"lsc_read_state_info.tgm.uc.uc  V0046  bti(0x4)", SF_ERR_SYNTAX}, /* no cache options */
      {"lsc_read_state_info.tgm (M1, 1) V0046  bti(0x4)", SF_ERR_SYNTAX}, /* no exec size */
      /* rt_write_3d: an operand the mode does not select (GenX_IR ignores it), one missing, a raw
       * operand where the render-target index (a vector) stands and the reverse, a bad option */
      {"rt_write_3d (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64 V0046.0", SF_ERR_SYNTAX},
      {"rt_write_3d (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0", SF_ERR_SYNTAX},
      {"rt_write_3d.<RTI> (M1, 16) T6 V0046.0 V0047.0 V0047.0 V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX},
      {"rt_write_3d (M1, 16) T6 V0046.0 V0050(0,0)<0;1,0> V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX},
      {"rt_write_3d.lrtw (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX},
      {"rt_write_3d.<LRTW (M1, 16) T6 V0046.0 V0047.0 V0047.64 V0049.0 V0049.64", SF_ERR_SYNTAX},
      {"addr_add (M1_NM, 1) A0(0)<1> &V0046[64] 0x0:uw", SF_UNSUPPORTED},  /* the row needs the GRF size */
      {"addr_add (M1_NM, 1) A0(0)<1> &V0046[6] 0x0:uw", SF_ERR_RANGE},     /* not a multiple of 4 */
      {"addr_add (M1_NM, 1) A0(0)<1> &%r0[4] 0x0:uw", SF_UNSUPPORTED},     /* predefined: no element size */
      {"addr_add (M1_NM, 1) A0(0)<1> &nosuch 0x0:uw", SF_ERR_UNDECLARED},
      {"(P1) addr_add (M1_NM, 1) A0(0)<1> &V0046 0x0:uw", SF_ERR_SYNTAX},  /* no predicate */
      {"oword_ld (3) T6 0x10:ud V0046.0", SF_ERR_RANGE},
      {"oword_ld (32) T6 0x10:ud V0046.0", SF_ERR_RANGE},
      {"oword_st.mod (2) T6 0x10:ud V0046.0", SF_ERR_SYNTAX},
      {"dword_atomic.add.64 (M1, 16) T6 V0046.0 V0049.0 %null.0 V0052.0", SF_ERR_SYNTAX}, /* .64: svm_atomic only */
      {"dword_atomic.nosuch (M1, 16) T6 V0046.0 V0049.0 %null.0 V0052.0", SF_ERR_SYNTAX},
      {"media_st.modified (8,4) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_SYNTAX}, /* no mode 1 for a store */
      {"media_ld.sideways (8,4) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_SYNTAX},
      {"media_ld.nomod (8,4) T6 16 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_RANGE},  /* plane past 15 */
      {"media_ld.nomod (256,4) T6 0 V0047(0,0)<0;1,0> 0x5:ud V0046.0", SF_ERR_RANGE}, /* width past a byte */
      {"svm_block_ld.unaligned (4) V0050(0,0)<0;1,0> V0046.0", SF_ERR_SYNTAX},        /* a later IGC's suffix */
      {"svm_block_ld (5) V0050(0,0)<0;1,0> V0046.0", SF_ERR_RANGE},
      {"svm_gather4scaled.GR (M1, 16) 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX},  /* channel order */
      {"svm_gather4scaled (M1, 16) 0x0:ud V0046.0 V0047.0", SF_ERR_SYNTAX},     /* no channels */
  };
  for (size_t q = 0; q < sizeof lsc_bad / sizeof lsc_bad[0]; q++) {
    sf_status_clear(&st);
    SF_CHECK_MSG(!parse_with_hdr(lsc_bad[q].line, &f, &st) && st.code == lsc_bad[q].code && st.pos_kind == SF_POS_TEXT,
                 "%s: %s %s", lsc_bad[q].line, sf_code_name(st.code), st.msg);
  }
  sf_status_clear(&st);
  SF_CHECK(!parse_with_hdr("bfn.x1ff (M1, 16) V0046(0,0)<1> V0047(0,0)<1;1,0> V0049(0,0)<1;1,0> V0052(0,0)<1;1,0>", &f,
                           &st));
  SF_CHECK_MSG(st.code == SF_ERR_RANGE && strstr(st.msg, "1ff"), "%s", st.msg);
}

int main(void) {
  SF_RUN(refusals);
  SF_TEST_END();
}
