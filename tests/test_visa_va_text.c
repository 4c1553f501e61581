/* test_visa_va_text.c — text of VA (0x44) and VA_SKL_PLUS (0x4d) (harness/visa/visa_va_text.c;
 * docs/visa-text.md "VA"):
 *   - every sub-op with a text form: a line in GenX_IR 1.0.12504's printed form parses to the
 *     sub-op and mode bytes IGC's builder writes, prints back verbatim, and the kernel written as
 *     .isa reads back to the same text;
 *   - each form's field plan has the layout of its opcode-table row;
 *   - the printer refuses, naming the field, what GenX_IR's printed form cannot carry (a mode byte
 *     without a name, an immediate enable mode that is not a UB of 0-2), and the parser refuses
 *     bad words at their column. */
#include <stdio.h>
#include <string.h>

#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

static const char *const HDR =
    ".version 4.1\n.kernel \"k\"\n"
    ".decl V33 v_type=G type=f num_elts=64 align=GRF\n"
    ".decl V34 v_type=G type=w num_elts=64 align=GRF\n"
    ".decl V35 v_type=G type=ub num_elts=16 align=GRF\n"
    ".decl T6 v_type=T num_elts=1\n"
    ".decl S1 v_type=S num_elts=1\n";

static bool parse_line(const char *line, sf_isa_file *f, sf_status *st) {
  char text[2048];
  snprintf(text, sizeof text, "%s    %s\n", HDR, line);
  memset(f, 0, sizeof *f);
  sf_status_clear(st);
  return sf_visaasm_parse(text, strlen(text), f, st) == SF_OK;
}

/* The instruction line of the printed file (the one holding `///`), without indent and comment. */
static bool printed_line(const sf_isa_file *f, char *out, size_t cap, sf_status *st) {
  sf_buf b;
  sf_buf_init(&b, st);
  bool ok = sf_visaasm_print(f, &b, st) == SF_OK;
  out[0] = 0;
  if (ok) {
    const char *t = (const char *)b.data, *e = t + b.len;
    for (const char *p = t; p < e;) {
      const char *nl = memchr(p, '\n', (size_t)(e - p));
      if (!nl) nl = e;
      const char *c = p;
      while (c + 3 <= nl && memcmp(c, "///", 3)) c++;
      if (c + 3 <= nl && p[0] == ' ') {
        while (*p == ' ') p++;
        while (c > p && c[-1] == ' ') c--;
        snprintf(out, cap, "%.*s", (int)(c - p), p);
        break;
      }
      p = nl + 1;
    }
  }
  sf_buf_free(&b);
  return ok;
}

typedef struct va_case {
  const char *line;
  uint8_t op, sub;
  int8_t field;   /* a mode field's index in ops[] (-1: none) and its byte */
  uint8_t value;
} va_case;

static const va_case cases[] = {
    {"va.convolve T6 S0 0x0:f 0x3f800000:f VA_CONV_16x1 31x31 V33.0", 0x44, 0x01, 5, 0x12},
    {"va.convolve T6 S0 0x0:f 0x0:f VA_CONV_INVALID 15x15 V33.64", 0x44, 0x01, 5, 0x01},
    {"va.minmax T6 0x0:f 0x0:f VA_MAX_ENABLE V33.0", 0x44, 0x02, -1, 0},
    {"va.minmax T6 0x0:f 0x0:f V35(0,0)<0;1,0> V33.0", 0x44, 0x02, -1, 0},
    {"va.minmaxfilter T6 S0 0x0:f 0x0:f AVS_8_FULL VA_MMF_1x1 V35(0,0)<0;1,0> V33.0", 0x44, 0x03, 5, 2},
    {"va.erode T6 S0 0x0:f 0x0:f VA_ED_32x1 V33.0", 0x44, 0x04, 5, 3},
    {"va.dilate T6 S0 0x0:f 0x0:f VA_ED_64x4 V33.0", 0x44, 0x05, 5, 0},
    {"va.boolcentroid T6 0x0:f 0x0:f 0x4:ub 0x8:ub V33.0", 0x44, 0x06, -1, 0},
    {"va.centroid T6 0x0:f 0x0:f 0x4:ub V33.0", 0x44, 0x07, -1, 0},
    /* GenX_IR names sub-op 8 (the vertical 1D convolve) CONV_1D_HORIZONTAL, and 9 CONV_1D_VERTICAL */
    {"va_skl_plus.CONV_1D_HORIZONTAL T6 S0 0x0:f 0x0:f 1x16 V34.0", 0x4d, 0x08, 5, 2},
    {"va_skl_plus.CONV_1D_VERTICAL T6 S0 0x0:f 0x0:f 4x16 V34.0", 0x4d, 0x09, 5, 0},
    {"va_skl_plus.CONV_1PIXEL T6 S0 0x0:f 0x0:f 1x1 V34.0 V34.0", 0x4d, 0x0a, 5, 3},
    {"va_skl_plus.CONV_1PIXEL T6 S0 0x0:f 0x0:f V34.0 V34.0", 0x4d, 0x0a, 5, 1}, /* mode 1 prints nothing */
    {"va_skl_plus.FLOOD_FILL 8_connect V34.0 0x0:f 0x0:f 0x5:f V34.0", 0x4d, 0x0b, 1, 1},
    {"va_skl_plus.LBP_CREATION T6 0x0:f 0x0:f VA_BOTH_mode V34.0", 0x4d, 0x0c, 4, 2},
    {"va_skl_plus.LBP_CORRELATION T6 0x0:f 0x0:f 0x2:w V34.0", 0x4d, 0x0d, -1, 0},
    {"va_skl_plus.CORRELATION_SEARCH T6 0x0:f 0x0:f 0x0:f 0x0:f 0x8:ub 0x8:ub 0x10:ub 0x10:ub V34.0", 0x4d, 0x0f, -1, 0},
    {"va_skl_plus.HDC_CONVOLVE_2D T6 S0 0x0:f 0x0:f VA_Y8_FORMAT 31x31 T6 0x0:uw 0x0:uw", 0x4d, 0x10, 5, 0x11},
    {"va_skl_plus.HDC_MIN_MAX_FILTER T6 S0 0x0:f 0x0:f VA_Y16_FORMAT VA_MIN_ENABLE T6 0x0:uw 0x0:uw", 0x4d, 0x11, 6, 2},
    {"va_skl_plus.HDC_ERODE T6 S0 0x0:f 0x0:f T6 0x0:uw 0x0:uw", 0x4d, 0x12, -1, 0},
    {"va_skl_plus.HDC_DILATE T6 S0 0x0:f 0x0:f T6 0x0:uw 0x0:uw", 0x4d, 0x13, -1, 0},
    {"va_skl_plus.HDC_LBP_CORRELATION T6 0x0:f 0x0:f 0x2:w T6 0x0:uw 0x0:uw", 0x4d, 0x14, -1, 0},
    {"va_skl_plus.HDC_LBP_CREATION T6 0x0:f 0x0:f VA_3x3_mode T6 0x0:uw 0x0:uw", 0x4d, 0x15, 4, 1},
    {"va_skl_plus.HDC_CONVOLVE_1D_H T6 S0 0x0:f 0x0:f VA_Y16_FORMAT T6 0x0:uw 0x0:uw", 0x4d, 0x16, 5, 0},
    {"va_skl_plus.HDC_CONVOLVE_1D_V T6 S0 0x0:f 0x0:f VA_Y8_FORMAT T6 0x0:uw 0x0:uw", 0x4d, 0x17, 5, 1},
    {"va_skl_plus.HDC_CONVOLVE_1P T6 S0 0x0:f 0x0:f VA_Y8_FORMAT V34.0 T6 0x0:uw 0x0:uw", 0x4d, 0x18, 5, 1},
};

static void every_form(void) {
  bool subs_seen[2][32] = {{false}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const va_case *t = &cases[i];
    sf_isa_file f;
    sf_status st;
    bool parsed = parse_line(t->line, &f, &st);
    SF_CHECK_MSG(parsed, "'%s': %s", t->line, st.msg);
    if (!parsed) continue;
    const sf_visa_kernel *k = &f.kernels[0];
    const sf_visa_ginst *g = k->num_gens == 1 ? &k->gens[0] : NULL;
    SF_CHECK_MSG(g && g->op == t->op && g->num_ops && g->ops[0].kind == SF_VF_SUBOP && g->ops[0].u == t->sub,
                 "'%s': opcode/sub-op", t->line);
    if (g && t->field >= 0)
      SF_CHECK_MSG(t->field < g->num_ops && g->ops[t->field].u == t->value, "'%s': mode byte 0x%02x, want 0x%02x", t->line,
                   t->field < g->num_ops ? (unsigned)g->ops[t->field].u : 0u, (unsigned)t->value);
    char line[1024];
    SF_CHECK_MSG(printed_line(&f, line, sizeof line, &st) && !strcmp(line, t->line), "'%s' printed as '%s' (%s)", t->line,
                 line, st.msg);
    /* through .isa and back: the same text */
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_isa_file r;
    memset(&r, 0, sizeof r);
    bool wrote = sf_isa_write(&f, &b, &st) == SF_OK;
    bool read = wrote && sf_isa_read(b.data, b.len, &r, &st) == SF_OK;
    char back[1024] = "";
    SF_CHECK_MSG(read && printed_line(&r, back, sizeof back, &st) && !strcmp(back, t->line), "'%s' through .isa: '%s' (%s)",
                 t->line, back, st.msg);
    sf_buf_free(&b);
    sf_isa_free(&r);
    sf_isa_free(&f);
    subs_seen[t->op == 0x4d][t->sub] = true;
  }
  /* every sub-op row of both opcodes is among the cases, and each plan has its row's layout */
  for (int o = 0; o < 2; o++) {
    const sf_visa_opdesc *d = sf_visa_optab(o ? 0x4d : 0x44);
    for (unsigned q = 0; q < d->num_subs; q++) {
      uint8_t sub = (uint8_t)d->subs[q].value;
      const char *plan = sf_visa_va_plan(d->op, sub);
      SF_CHECK_MSG(plan && sf_visa_va_name(d->op, sub) && subs_seen[o][sub], "%s: no text case", d->subs[q].name);
      char kinds[32] = "";
      for (size_t j = 0; plan && plan[j] && j + 1 < sizeof kinds; j++)
        kinds[j] = plan[j] == 'V' || plan[j] == 'M' ? 'V' : plan[j] == 'R' ? 'R' : 'b';
      SF_CHECK_MSG(!strcmp(kinds, d->subs[q].layout), "%s: plan '%s' is layout '%s', the row says '%s'", d->subs[q].name,
                   plan ? plan : "-", kinds, d->subs[q].layout);
      /* the text reads and writes a sampler only with the surface after it (GenX_IR prints "T S") */
      const char *s_at = plan ? strchr(plan, 'S') : NULL;
      SF_CHECK_MSG(!s_at || (s_at[1] == 'T' && !strchr(s_at + 1, 'S')), "%s: plan '%s' has a sampler not followed by the surface",
                   d->subs[q].name, plan);
    }
  }
  SF_CHECK(!sf_visa_va_plan(0x44, 0) && !sf_visa_va_plan(0x4d, 0x0e) && !sf_visa_va_plan(0x4d, 0x19));
}

/* A parsed line with field `field` set to `value` (or, when imm_type != 0xff, the vector operand
 * there made an immediate of that type and value) must be refused by the printer, naming why. */
static void print_refusal(const char *line, unsigned field, uint32_t value, uint8_t imm_type, const char *want) {
  sf_isa_file f;
  sf_status st;
  bool parsed = parse_line(line, &f, &st);
  SF_CHECK_MSG(parsed, "'%s': %s", line, st.msg);
  if (!parsed) return;
  sf_visa_ginst *g = &f.kernels[0].gens[0];
  if (imm_type != 0xff) {
    memset(&g->ops[field].v, 0, sizeof g->ops[field].v);
    g->ops[field].v.cls = SF_VCLS_IMMEDIATE;
    g->ops[field].v.type = imm_type;
    g->ops[field].v.imm = value;
  } else {
    g->ops[field].u = value;
  }
  sf_buf b;
  sf_buf_init(&b, &st);
  sf_status_clear(&st);
  sf_code rc = sf_visaasm_print(&f, &b, &st);
  SF_CHECK_MSG(rc == SF_UNSUPPORTED && strstr(st.msg, want), "'%s' field %u = 0x%x: %s (%s), want unsupported '%s'", line,
               field, (unsigned)value, sf_code_name(rc), st.msg, want);
  sf_buf_free(&b);
  sf_isa_free(&f);
}

static void refusals(void) {
  const char *conv = "va.convolve T6 S0 0x0:f 0x0:f VA_CONV_16x4 15x15 V33.0";
  print_refusal(conv, 5, 0x04, 0xff, "mode byte 0x04 (field 5)"); /* bit 2: its printer's 31x31, not its builder's */
  print_refusal(conv, 5, 0x20, 0xff, "mode byte 0x20");
  print_refusal("va.erode T6 S0 0x0:f 0x0:f VA_ED_32x1 V33.0", 5, 4, 0xff, "mode byte 0x04");
  print_refusal("va.minmaxfilter T6 S0 0x0:f 0x0:f AVS_8_FULL VA_MMF_1x1 V35(0,0)<0;1,0> V33.0", 6, 4, 0xff, "mode byte 0x04");
  print_refusal("va_skl_plus.FLOOD_FILL 8_connect V34.0 0x0:f 0x0:f 0x5:f V34.0", 1, 2, 0xff, "mode byte 0x02");
  print_refusal("va_skl_plus.LBP_CREATION T6 0x0:f 0x0:f VA_BOTH_mode V34.0", 4, 3, 0xff, "mode byte 0x03");
  print_refusal("va_skl_plus.CONV_1PIXEL T6 S0 0x0:f 0x0:f 1x1 V34.0 V34.0", 5, 4, 0xff, "mode byte 0x04");
  print_refusal("va_skl_plus.HDC_CONVOLVE_2D T6 S0 0x0:f 0x0:f VA_Y8_FORMAT 31x31 T6 0x0:uw 0x0:uw", 5, 2, 0xff,
                "mode byte 0x02");
  print_refusal("va_skl_plus.HDC_CONVOLVE_1D_H T6 S0 0x0:f 0x0:f VA_Y16_FORMAT T6 0x0:uw 0x0:uw", 5, 0x11, 0xff,
                "mode byte 0x11");
  print_refusal("va_skl_plus.HDC_MIN_MAX_FILTER T6 S0 0x0:f 0x0:f VA_Y16_FORMAT VA_MIN_ENABLE T6 0x0:uw 0x0:uw", 6, 3, 0xff,
                "mode byte 0x03");
  const char *mm = "va.minmax T6 0x0:f 0x0:f VA_MAX_ENABLE V33.0";
  print_refusal(mm, 4, 3, 4 /* UB */, "UB of 0-2");
  print_refusal(mm, 4, 1, 0 /* UD */, "UB of 0-2");
  /* the parser: what GenX_IR's printed form does not hold, at its column */
  static const struct {
    const char *line;
    sf_code code;
    unsigned col;
    const char *msg;
  } bad[] = {
      {"va.convolve2 T6 S0 0x0:f 0x0:f VA_CONV_16x4 15x15 V33.0", SF_ERR_SYNTAX, 8, "not a va operation"},
      {"va T6 S0 0x0:f 0x0:f VA_CONV_16x4 15x15 V33.0", SF_ERR_SYNTAX, 7, "expected .<operation>"},
      {"va.convolve T6 S0 0x0:f 0x0:f VA_CONV_16x4 V33.0", SF_ERR_SYNTAX, 48, "a kernel size (15x15, 31x31)"},
      {"va.convolve T6 S0 0x0:f 0x0:f VA_ED_64x4 15x15 V33.0", SF_ERR_SYNTAX, 35, "a convolve execution mode"},
      {"va.erode T6 S0 0x0:f 0x0:f VA_ED_64x4x V33.0", SF_ERR_SYNTAX, 32, "erode/dilate"},
      {"va_skl_plus.FLOOD_FILL 6_connect V34.0 0x0:f 0x0:f 0x5:f V34.0", SF_ERR_SYNTAX, 28, "4_connect, 8_connect"},
      {"va_skl_plus.CONV_1PIXEL T6 S0 0x0:f 0x0:f 2x2 V34.0 V34.0", SF_ERR_SYNTAX, 47, "raw operand"},
      {"(P1) va.centroid T6 0x0:f 0x0:f 0x4:ub V33.0", SF_ERR_SYNTAX, 5, "takes no predicate"},
      {"va.centroid T6 0x0:f 0x0:f 0x4:ub V33.0 V33.0", SF_ERR_SYNTAX, 45, "end of"},
      {"va.centroid (M1, 16) T6 0x0:f 0x0:f 0x4:ub V33.0", SF_ERR_SYNTAX, 17, "surface"},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    sf_isa_file f;
    sf_status st;
    bool ok = parse_line(bad[i].line, &f, &st);
    SF_CHECK_MSG(!ok && st.code == bad[i].code && st.col == bad[i].col && strstr(st.msg, bad[i].msg),
                 "'%s': %s at %u:%u '%s', want %s at column %u '%s'", bad[i].line, ok ? "accepted" : sf_code_name(st.code),
                 (unsigned)st.line, (unsigned)st.col, st.msg, sf_code_name(bad[i].code), bad[i].col, bad[i].msg);
    sf_isa_free(&f);
  }
}

int main(void) {
  SF_RUN(every_form);
  SF_RUN(refusals);
  SF_TEST_END();
}
