/* tests/test_visa_text_util.h — what the tests/test_visa_text_*.c files share: a two-kernel
 * .visaasm file that uses every directive (parsed and printed by test_visa_text_file.c, cut at many
 * lengths by test_visa_text_props.c) and the check of one whole-file parse error. */
#ifndef TEST_VISA_TEXT_UTIL_H
#define TEST_VISA_TEXT_UTIL_H

#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

static const char multi_file[] =
    ".version 4.1\n"
    "// two kernels, every directive\n"
    ".kernel \"samp\"\n"
    ".kernel_attr OutputAsmPath=\"samp_out\"\n"
    ".kernel_attr Target=\"3d\"\n"
    ".decl smp v_type=S num_elts=1\n"
    ".decl surf v_type=T num_elts=1\n"
    ".decl dst_u v_type=G type=uw num_elts=128 align=GRF\n"
    ".decl al v_type=G type=ud num_elts=16 alias=<dst_u, 64>\n"
    ".decl X v_type=G type=f num_elts=8 align=dword\n"
    ".decl dst_f v_type=G type=f num_elts=128 align=GRF\n"
    ".decl U v_type=G type=f num_elts=16 align=GRF\n"
    ".decl V v_type=G type=f num_elts=16 align=wordx64\n"
    ".decl A0 v_type=A num_elts=1\n"
    ".decl P1 v_type=P num_elts=16\n"
    ".input smp offset=0 size=4\n"
    ".input surf offset=4 size=4\n"
    ".input X offset=32 size=32 kind=2\n"
    "sample_unorm.RGBA.16-full smp surf 0.0:f 0.0:f 0.25:f X(0,0)<0;1,0> dst_u.0   // sampler\n"
    "sample_3d.RGBA (NoMask, 16) 0x0:uw smp surf dst_f.0 U.0 V.0\n"
    "(!P1.all) sample_l.R (M1, 16) 0x0:uw smp surf dst_f.0 U.0 V.0\n"
    "avs.RGBA surf smp 0.0:f 0.0:f 0.1:f 0.1:f 0.0:f 0:ud 0:ud AVS_16_FULL 0.0:f AVS_16x4 0:uw dst_u.0\n"
    "ret (1)\n"
    "(!P1.any) ret (M5_NM, 1)\n"
    "\n"
    ".kernel second_one\n"
    ".decl d v_type=G type=hf num_elts=64\n"
    ".decl s1 v_type=S num_elts=1\n"
    ".decl s2 v_type=S num_elts=2\n"
    ".kernel_attr SimdSize=16\n"
    ".kernel_attr Blob=#00ff22\n"
    "ret (M1, 1)\n"
    "lod.RG (M1, 8) 0x0:uw s2 T1 d.0 d.32\n"
    "sample_po_c.R (M1, 8) 0x0:uw S1 T7 d.0 d.32\n"
    "ret (M1, 1)\n";

/* Parsing `text` as a .visaasm file fails with `code` at line:col, the message holds `msg`, and
 * no kernel is left behind. */
static inline void file_err(const char *text, sf_code code, uint32_t line, uint32_t col, const char *msg) {
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  char eb[256];
  sf_code r = sf_visaasm_parse(text, strlen(text), &f, &st);
  SF_CHECK_MSG(r == code && st.line == line && st.col == col && strstr(st.msg, msg) && f.num_kernels == 0 &&
                   f.kernels == NULL,
               "want %s at %u:%u '%s', got %s", sf_code_name(code), line, col, msg, sf_status_format(&st, eb, sizeof eb));
}

#endif
