/* visa_text_sym.c — vISA text, shared pieces: the keyword tables of the text syntax, small string
 * helpers, and symbol resolution (declared names, predefined names, S<n>/T<n>/P<n>/A<n> forms) used
 * by both the printer and the parser (docs/visa-text.md "Names"). */
#include <errno.h>
#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_chars.h"
#include "harness/visa/visa_text_priv.h"


const char *const vt_fmt_names[4] = {"16-full", "16-downsampled", "8-full", "8-downsampled"};

const char *const vt_cntrl_names[4] = {"AVS_16_FULL", "AVS_16_DOWN_SAMPLE", "AVS_8_FULL", "AVS_8_DOWN_SAMPLE"};

/* 0 and 2 are IGC's spellings; 1 and 3 are ours (IGC 12504 prints AVS_INVALID / garbage). */
const char *const vt_exec_mode_names[4] = {"AVS_16x4", "AVS_8x4", "AVS_16x8", "AVS_4x4"};

const char *const vt_emask_names[16] = {"M1",    "M2",    "M3",    "M4",    "M5",    "M6",
                                            "M7",    "M8",    "M1_NM", "M2_NM", "M3_NM", "M4_NM",
                                            "M5_NM", "M6_NM", "M7_NM", "M8_NM"};

/* Variable alignment names as IGC 12504 prints them (align code 0, byte, is not printed). */
const char *const vt_align_names[10] = {"byte", "word", "dword", "qword", "oword",
                                            "GRF",  "GRFx2", "hword", "wordx32", "wordx64"};

/* 3D_SAMPLE sub-ops that IGC 12504 names when it decodes 0x6d but that are not sample operations of
 * IGC's vISA documentation (intel-graphics-compiler, documentation/visa/instructions/3D_SAMPLE.md) (docs/visa-binary.md). The spec's sub-ops come from sf_s3d_op_name(). */
static const struct {
  uint8_t op;
  const char *name;
} igc_extra_ops[] = {{7, "load_3d"},        {8, "sample4"},       {10, "resinfo"},      {11, "sampleinfo"},
                     {12, "sample+killpix"}, {16, "sample4_c"},    {17, "sample4_po"},   {18, "sample4_po_c"},
                     {0x1a, "load_lz"},      {0x1c, "load_2dms_w"}, {0x1d, "load_mcs"}};

const char *vt_s3d_name(uint8_t op) {
  const char *n = sf_s3d_op_name(op);
  if (n) return n;
  for (size_t i = 0; i < sizeof igc_extra_ops / sizeof igc_extra_ops[0]; i++)
    if (igc_extra_ops[i].op == op) return igc_extra_ops[i].name;
  return NULL;
}

int vt_s3d_lookup(const char *s, size_t n) {
  uint8_t op;
  const char *nm;
  for (size_t i = 0; sf_s3d_op_at(i, &op, &nm); i++)
    if (vt_ieq(s, n, nm)) return op;
  for (size_t i = 0; i < sizeof igc_extra_ops / sizeof igc_extra_ops[0]; i++)
    if (vt_ieq(s, n, igc_extra_ops[i].name)) return igc_extra_ops[i].op;
  const char *pre = "sampler_op_0x";
  size_t pl = strlen(pre);
  if (n != pl + 2 || !vt_ieq(s, pl, pre)) return -1;
  unsigned v = 0;
  for (size_t i = pl; i < n; i++) {
    char h = s[i];
    int d = vt_is_digit(h) ? h - '0' : (h >= 'a' && h <= 'f') ? h - 'a' + 10 : (h >= 'A' && h <= 'F') ? h - 'A' + 10 : -1;
    if (d < 0) return -1;
    v = v * 16 + (unsigned)d;
  }
  return (int)v;
}

/* Callers try a token against whole tables of names, so a name whose first letter differs is
 * turned away by one byte test, before strlen and the loop. */
bool vt_ieq(const char *a, size_t an, const char *b) {
  if (an == 0) return b[0] == 0;
  if (sf_visa_lower[(unsigned char)a[0]] != sf_visa_lower[(unsigned char)b[0]]) return false;
  if (an != strlen(b)) return false;
  for (const char *p = a + 1, *e = a + an, *q = b + 1; p != e; p++, q++)
    if (sf_visa_lower[(unsigned char)*p] != sf_visa_lower[(unsigned char)*q]) return false;
  return true;
}

bool vt_is_digit(char c) { return sf_visa_cc_is(c, SF_VC_DIGIT); }

/* Parses s[0..n) as a decimal number without sign (1..10 digits); false when it is not one. */
bool vt_dec_u32(const char *s, size_t n, uint32_t *out) {
  if (n == 0 || n > 10) return false;
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) {
    if (!vt_is_digit(s[i])) return false;
    v = v * 10 + (uint64_t)(s[i] - '0');
  }
  if (v > UINT32_MAX) return false;
  *out = (uint32_t)v;
  return true;
}

/* "<prefix><decimal>" with a case-sensitive prefix. */
bool vt_prefixed_num(const char *s, size_t n, const char *prefix, uint32_t *out) {
  size_t p = strlen(prefix);
  return n > p && memcmp(s, prefix, p) == 0 && vt_dec_u32(s + p, n - p, out);
}

sf_visa_symkind vt_src_lookup(const symsrc *src, const char *s, size_t n, uint32_t *id) {
  if (!src || !src->k) return SF_SYM_NONE;
  if (src->ix) return sf_visa_names_find(src->ix, s, n, id);
  return sf_visa_kernel_lookup(src->k, s, n, id);
}

const char *vt_kind_name(sf_visa_symkind kd) {
  switch (kd) {
    case SF_SYM_VAR: return "a general variable";
    case SF_SYM_SAMPLER: return "a sampler";
    case SF_SYM_SURFACE: return "a surface";
    case SF_SYM_PRED: return "a predicate";
    case SF_SYM_ADDR: return "an address variable";
    default: return "undeclared";
  }
}

/* Predicates (declared name or P<n>), address variables (declared name or A<n>) and general
 * variables (declared name or V<n>). */
res_t vt_resolve_sym(const symsrc *k, const char *s, size_t n, sf_visa_symkind want, const char *prefix,
                         uint32_t *id, sf_visa_symkind *other) {
  uint32_t v;
  sf_visa_symkind kd = vt_src_lookup(k, s, n, &v);
  if (kd == want) {
    *id = v;
    return RES_OK;
  }
  if (kd != SF_SYM_NONE) {
    *other = kd;
    return RES_WRONG_KIND;
  }
  if (vt_prefixed_num(s, n, prefix, &v)) {
    *id = v;
    return RES_OK;
  }
  return RES_UNDECLARED;
}

/* General variable: %predefined, a declared variable, or V<n>. */
res_t vt_resolve_var(const symsrc *k, const char *s, size_t n, uint32_t *id, sf_visa_symkind *other) {
  /* Every predefined variable's name starts with '%' (visa_kernel.c), which no declared name or
   * V<n> does: only such a name is looked for among them. */
  for (uint32_t i = 0; n > 0 && s[0] == '%' && i < SF_VISA_NUM_PREDEF_VARS; i++) {
    const char *p = sf_visa_predef_var_name(i);
    if (p[0] == s[0] && strlen(p) == n && memcmp(p, s, n) == 0) {
      *id = i;
      return RES_OK;
    }
  }
  return vt_resolve_sym(k, s, n, SF_SYM_VAR, "V", id, other);
}

/* Sampler/surface slot: a declared sampler or surface (interchangeable, as in IGC), a predefined
 * surface name, S<n>, T<n>, or (state operands only) our %state<c>_<n>. *cls gets 1 for a sampler,
 * 0 for a surface, c for %state<c>_<n>. */
res_t vt_resolve_state(const symsrc *k, const char *s, size_t n, bool allow_other, uint32_t *idx,
                           uint32_t *cls, sf_visa_symkind *other) {
  uint32_t v;
  sf_visa_symkind kd = vt_src_lookup(k, s, n, &v);
  if (kd == SF_SYM_SAMPLER || kd == SF_SYM_SURFACE) {
    *idx = v;
    *cls = kd == SF_SYM_SAMPLER ? 1 : 0;
    return RES_OK;
  }
  if (kd != SF_SYM_NONE) {
    *other = kd;
    return RES_WRONG_KIND;
  }
  for (uint32_t i = 0; n > 0 && i < SF_VISA_NUM_PREDEF_SURFACES; i++) {
    const char *p = sf_visa_predef_surface_name(i);
    if (p[0] == s[0] && strlen(p) == n && memcmp(p, s, n) == 0) {
      *idx = i;
      *cls = 0;
      return RES_OK;
    }
  }
  if (vt_prefixed_num(s, n, "S", &v)) {
    *idx = v;
    *cls = 1;
    return RES_OK;
  }
  if (vt_prefixed_num(s, n, "T", &v)) {
    *idx = v;
    *cls = 0;
    return RES_OK;
  }
  if (allow_other && n > 7 && memcmp(s, "%state", 6) == 0) {
    const char *us = memchr(s + 6, '_', n - 6);
    uint32_t c, i;
    if (us && vt_dec_u32(s + 6, (size_t)(us - s - 6), &c) && vt_dec_u32(us + 1, n - (size_t)(us + 1 - s), &i)) {
      *cls = c;
      *idx = i;
      return RES_OK;
    }
  }
  return RES_UNDECLARED;
}
