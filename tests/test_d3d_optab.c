/* tests/test_d3d_optab.c — the SM4/SM5/SM5.1 opcode table (harness/d3d/d3d_optab.c) and the
 * table-driven text codec (docs/dxbc.md §6):
 *   1. every row prints and parses back: one synthesized instruction per opcode with valid operands
 *      (every variant of the per-opcode extras), print -> parse -> the same tokens;
 *   2. one known-answer fxc line per instruction class (tokens from fxc's encodings), and a whole
 *      fxc /Fc listing (header comments, multi-line immediate constant buffer, trailer);
 *   3. truncated tokens and garbage text give positioned errors, never a crash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/dxbc.h"
#include "sf_test.h"

/* print tokens -> text; the text as a program -> tokens; must be identical. */
static void roundtrip(const uint32_t *t, size_t n, uint32_t version, const char *what) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  char head[32];
  snprintf(head, sizeof head, "%s_%u_%u\n", (const char *[]){"ps", "vs", "gs", "hs", "ds", "cs"}[version >> 16],
           (version >> 4) & 0xf, version & 0xf);
  sf_buf_put(&b, head, strlen(head));
  sf_code c = sf_d3dasm_print_tokens(t, n, version, &b, &st);
  SF_CHECK_MSG(c == SF_OK, "%s: print: %s", what, st.msg);
  if (c) {
    sf_buf_free(&b);
    return;
  }
  sf_tpf_program p;
  sf_status_clear(&st);
  c = sf_d3dasm_parse_program((const char *)b.data, b.len, &p, &st);
  SF_CHECK_MSG(c == SF_OK, "%s: parse '%.*s': %u:%u %s", what, (int)b.len, (const char *)b.data, st.line, st.col, st.msg);
  if (!c) {
    sf_buf e;
    sf_buf_init(&e, &st);
    SF_CHECK(sf_tpf_program_encode(&p, &e, &st) == SF_OK);
    SF_CHECK_MSG(e.len == 8 + 4 * n && memcmp(e.data + 8, t, 4 * n) == 0, "%s: '%.*s' reads back to other tokens", what,
                 (int)b.len, (const char *)b.data);
    sf_buf_free(&e);
    sf_tpf_program_free(&p);
  }
  sf_buf_free(&b);
}

/* An operand for a type letter of the table. */
static size_t put_opnd(uint32_t *t, char ty, bool dst, unsigned *nstar) {
  if (ty == '*') {
    static const uint32_t star[] = {0x00107e46, 0x00106000, 0x0011e000};
    unsigned k = (*nstar)++;
    t[0] = dst ? 0x0011e0f2 : star[k % 3];
    t[1] = k;
    return 2;
  }
  if (dst) {
    t[0] = 0x001000f2; /* r#.xyzw */
    t[1] = 0;
    return 2;
  }
  if (ty == 'd') {
    t[0] = 0x00005002; /* d(1.5, -2.0) */
    t[1] = 0, t[2] = 0x3ff80000u, t[3] = 0, t[4] = 0xc0000000u;
    return 5;
  }
  t[0] = ty == 'f' ? 0x00100e46 : 0x00004002; /* r1.xyzw or l(4 values) */
  if (ty == 'f') {
    t[1] = 1;
    return 2;
  }
  t[1] = 1, t[2] = 0xffffffffu, t[3] = 7, t[4] = 0x80000000u;
  return 5;
}

/* One declaration per layout (the opcode is patched in). */
static size_t dcl_tokens(const sf_tpf_opinfo *oi, uint32_t *t, bool sm51) {
  size_t n = 0;
  t[n++] = oi->op;
  uint32_t ctl = 0;
  switch (oi->dcl) {
    case SF_TPF_DCL_CUSTOMDATA:
      t[0] = 0x35 | (3u << 11);
      t[n++] = 10;
      for (unsigned i = 0; i < 8; i++) t[n++] = i == 0 || i == 5 ? 0x3f800000u : i;
      return n;
    case SF_TPF_DCL_RESOURCE: ctl = 4 | (8u << 5); /* texture2dms(8) */
      /* fall through */
    case SF_TPF_DCL_UAV_TYPED:
      if (!ctl) ctl = 3 | 0x20;
      t[n++] = (sm51 ? 0x00300e46u : 0x00100000u) | (oi->dcl == SF_TPF_DCL_UAV_TYPED ? 0x1e000u : 0x7000u);
      t[n++] = 2;
      if (sm51) t[n++] = 2, t[n++] = 0xffffffffu;
      t[n++] = 0x5431;
      if (sm51) t[n++] = 3;
      break;
    case SF_TPF_DCL_CONSTANT_BUFFER:
      ctl = 1;
      t[n++] = sm51 ? 0x00308e46 : 0x00208e46;
      t[n++] = 1, t[n++] = sm51 ? 1 : 12;
      if (sm51) t[n++] = 1, t[n++] = 12, t[n++] = 0;
      break;
    case SF_TPF_DCL_SAMPLER:
      ctl = 2;
      t[n++] = sm51 ? 0x00306e46 : 0x00106000;
      t[n++] = 3;
      if (sm51) t[n++] = 0, t[n++] = 5, t[n++] = 1;
      break;
    case SF_TPF_DCL_INDEX_RANGE: t[n++] = 0x001010f2, t[n++] = 1, t[n++] = 3; break;
    case SF_TPF_DCL_GS_TOPOLOGY: ctl = 5; break;
    case SF_TPF_DCL_GS_PRIMITIVE: ctl = 11; break; /* patch4 */
    case SF_TPF_DCL_CONTROL_POINTS: ctl = 32; break;
    case SF_TPF_DCL_TESS_DOMAIN: ctl = 3; break;
    case SF_TPF_DCL_TESS_PARTITIONING: ctl = 4; break;
    case SF_TPF_DCL_TESS_OUTPUT_PRIMITIVE: ctl = 3; break;
    case SF_TPF_DCL_COUNT: t[n++] = 9; break;
    case SF_TPF_DCL_FLOAT: t[n++] = 0x42800000u; break;
    case SF_TPF_DCL_INPUT_PS_SV: ctl = 4; t[n++] = 0x001010f2, t[n++] = 2, t[n++] = 1; break;
    case SF_TPF_DCL_INPUT_PS: ctl = 7; /* fall through */
    case SF_TPF_DCL_OPERAND: t[n++] = 0x00101032, t[n++] = 0; break;
    case SF_TPF_DCL_OPERAND_SV: t[n++] = 0x00102012, t[n++] = 1, t[n++] = 17; break;
    case SF_TPF_DCL_INDEXABLE_TEMP: t[n++] = 1, t[n++] = 16, t[n++] = 4; break;
    case SF_TPF_DCL_GLOBAL_FLAGS: ctl = 0x25; break;
    case SF_TPF_DCL_FUNCTION_BODY: t[n++] = 3; break;
    case SF_TPF_DCL_FUNCTION_TABLE: t[n++] = 1, t[n++] = 2, t[n++] = 0, t[n++] = 3; break;
    case SF_TPF_DCL_THREAD_GROUP: t[n++] = 8, t[n++] = 4, t[n++] = 1; break;
    case SF_TPF_DCL_UAV_RAW: case SF_TPF_DCL_UAV_STRUCTURED: case SF_TPF_DCL_RESOURCE_RAW:
    case SF_TPF_DCL_RESOURCE_STRUCTURED: {
      bool uav = oi->dcl == SF_TPF_DCL_UAV_RAW || oi->dcl == SF_TPF_DCL_UAV_STRUCTURED;
      ctl = oi->dcl == SF_TPF_DCL_UAV_RAW ? 0x60 : oi->dcl == SF_TPF_DCL_UAV_STRUCTURED ? 0x1020 : 0;
      t[n++] = (sm51 ? 0x00300e46u : 0x00100000u) | (uav ? 0x1e000u : 0x7000u);
      t[n++] = 4;
      if (sm51) t[n++] = 4, t[n++] = 7;
      if (oi->dcl == SF_TPF_DCL_UAV_STRUCTURED || oi->dcl == SF_TPF_DCL_RESOURCE_STRUCTURED) t[n++] = 20;
      if (sm51) t[n++] = 2;
      break;
    }
    case SF_TPF_DCL_TGSM_RAW: t[n++] = 0x0011f000, t[n++] = 0, t[n++] = 256; break;
    case SF_TPF_DCL_TGSM_STRUCTURED: t[n++] = 0x0011f000, t[n++] = 1, t[n++] = 4, t[n++] = 64; break;
    default: return 0;
  }
  if (oi->dcl == SF_TPF_DCL_OPERAND && oi->op == 0x8f) t[1] = 0x00110000; /* dcl_stream m0 */
  t[0] |= (ctl << 11) | ((uint32_t)n << 24);
  return n;
}

static void test_every_row(void) {
  unsigned rows = 0, alu = 0, dcl = 0, refused = 0;
  for (uint32_t op = 0; op < SF_TPF_NUM_OPCODES + 16; op++) {
    const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
    if (!oi) {
      SF_CHECK_MSG(op >= SF_TPF_NUM_OPCODES || op == 0x6b || op == 0x70 || op == 0xd1 || op == 0xda,
                   "opcode 0x%x has no row", op);
      continue;
    }
    rows++;
    SF_CHECK_EQ_U(oi->op, op);
    size_t nl = 0;
    SF_CHECK(sf_tpf_opinfo_by_prefix(oi->name, strlen(oi->name), &nl) == oi && nl == strlen(oi->name));
    char what[64];
    uint32_t t[64];
    if (oi->dcl) {
      for (int v51 = 0; v51 < 2; v51++) {
        size_t n = dcl_tokens(oi, t, v51);
        if (!n) {
          /* interfaces / fcall: refused by name, with the reason */
          uint32_t u[3] = {oi->op | (3u << 24), 0, 0};
          sf_status st;
          sf_status_clear(&st);
          sf_buf b;
          sf_buf_init(&b, &st);
          SF_CHECK_EQ_U(sf_d3dasm_print_tokens(u, 3, 0x50, &b, &st), SF_UNSUPPORTED);
          SF_CHECK(strstr(st.msg, oi->name) != NULL);
          sf_buf_free(&b);
          refused += !v51;
          continue;
        }
        snprintf(what, sizeof what, "%s (5.%d)", oi->name, v51);
        roundtrip(t, n, v51 ? 0x51 : 0x50, what);
        dcl += !v51;
      }
      continue;
    }
    unsigned nd = sf_tpf_opinfo_ndst(oi), ns = sf_tpf_opinfo_nsrc(oi);
    /* variants of the control field the row allows */
    uint32_t ctls[4] = {0, 0, 0, 0};
    unsigned nctl = 1;
    if (oi->flags & SF_TPF_F_TEST) ctls[nctl++] = 1u << 7;
    if (oi->flags & SF_TPF_F_RESINFO) ctls[nctl++] = 1, ctls[nctl++] = 2;
    if (oi->flags & SF_TPF_F_SAMPLEINFO) ctls[nctl++] = 1;
    if (oi->flags & SF_TPF_F_SYNC) ctls[nctl++] = 0xb, ctls[nctl++] = 0x4;
    if (nd && !(oi->flags & SF_TPF_F_SAMPLE)) ctls[nctl++] = 4 | (0x5u << 8); /* _sat [precise(xz)] */
    for (unsigned v = 0; v < nctl; v++) {
      size_t n = 1;
      unsigned nstar = 0;
      bool ext = (oi->flags & SF_TPF_F_SAMPLE) || strchr(oi->src, '*');
      if (ext && v == 0) { /* _aoffimmi(-1,2,0)_indexable(texture2d)(float,...) on resource-reading ops */
        t[n++] = 0x80000001u | (0xfu << 9) | (2u << 13);
        t[n++] = 0x80000002u | (3u << 6);
        t[n++] = 0x00000003u | (0x5555u << 6);
      }
      for (unsigned i = 0; i < nd; i++) n += put_opnd(t + n, oi->dst[i], true, &nstar);
      for (unsigned i = 0; i < ns; i++) n += put_opnd(t + n, oi->src[i], false, &nstar);
      if (oi->flags & SF_TPF_F_SAMPLE) {
        t[1 + 3 + 2] = 0x00101046, t[1 + 3 + 3] = 0; /* address v0.xyxx: the sample decoder's form */
        t[1 + 3 + 4] = 0x00107e46, t[1 + 3 + 5] = 0;
        t[1 + 3 + 6] = 0x00106000, t[1 + 3 + 7] = 0;
      }
      t[0] = oi->op | (ctls[v] << 11) | ((uint32_t)n << 24) | (ext && v == 0 ? 0x80000000u : 0);
      snprintf(what, sizeof what, "%s (ctl 0x%x)", oi->name, ctls[v]);
      roundtrip(t, n, 0x50, what);
    }
    alu++;
  }
  printf("opcode table: %u rows (%u instructions, %u declarations, %u not expressed in text)\n", rows, alu, dcl, refused);
  SF_CHECK_EQ_U(rows, SF_TPF_NUM_OPCODES - 4);
  SF_CHECK_EQ_U(refused, 2);
}

/* fxc's text -> the tokens fxc writes, and printing gives the same text back. */
static void test_known_answers(void) {
  static const struct { const char *text; uint32_t version; uint32_t tok[12]; size_t n; } kat[] = {
      {"ret", 0x50, {0x0100003e}, 1},
      {"if_nz r0.x", 0x50, {0x0304001f, 0x0010000a, 0}, 3},
      {"mov r0.xyzw, l(1.000000, 2.000000, 3.000000, 4.000000)", 0x50,
       {0x08000036, 0x001000f2, 0, 0x00004002, 0x3f800000, 0x40000000, 0x40400000, 0x40800000}, 8},
      {"ishl r0.x, r0.x, l(2)", 0x50, {0x07000029, 0x00100012, 0, 0x0010000a, 0, 0x00004001, 2}, 7},
      {"dadd r0.xy, r0.xyxy, d(1.000000, 2.000000)", 0x50,
       {0x0a0000bf, 0x00100032, 0, 0x00100446, 0, 0x00005002, 0, 0x3ff00000, 0, 0x40000000}, 10},
      {"sync_g_t", 0x50, {0x010018be}, 1},
      {"resinfo_indexable(texture2d)(float,float,float,float)_uint r0.xy, l(0), t0.xyzw", 0x50,
       {0x8900103d, 0x800000c2, 0x00155543, 0x00100032, 0, 0x00004001, 0, 0x00107e46, 0}, 9},
      {"dcl_thread_group 4, 4, 1", 0x50, {0x0400009b, 4, 4, 1}, 4},
      {"dcl_tessellator_domain domain_tri", 0x50, {0x01001095}, 1},
      {"dcl_resource_structured t0, 16", 0x50, {0x040000a2, 0x00107000, 0, 16}, 4},
      {"dcl_uav_typed_texture2d (float,float,float,float) u0", 0x50, {0x0400189c, 0x0011e000, 0, 0x5555}, 4},
      {"dcl_constantbuffer CB0[0:0][1], immediateIndexed, space=0", 0x51,
       {0x07000059, 0x00308e46, 0, 0, 0, 1, 0}, 7},
      {"dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0},\n                              { 0, 1.000000, 0, 2} }", 0x50,
       {0x00001835, 10, 0x3f800000, 0, 0, 0, 0, 0x3f800000, 0, 2}, 10},
  };
  for (size_t i = 0; i < sizeof kat / sizeof kat[0]; i++) {
    char text[512];
    snprintf(text, sizeof text, "%s_%u_%u\n%s\n", kat[i].version >= 0x51 ? "ps" : "cs", 5, kat[i].version & 0xf,
             kat[i].text);
    uint32_t version = kat[i].version | (kat[i].version >= 0x51 ? 0 : 0x50000);
    sf_status st;
    sf_status_clear(&st);
    sf_tpf_program p;
    sf_code c = sf_d3dasm_parse_program(text, strlen(text), &p, &st);
    SF_CHECK_MSG(c == SF_OK, "kat[%zu] '%s': %u:%u %s", i, kat[i].text, st.line, st.col, st.msg);
    if (c) continue;
    sf_buf e, b;
    sf_buf_init(&e, &st);
    sf_buf_init(&b, &st);
    SF_CHECK(sf_tpf_program_encode(&p, &e, &st) == SF_OK);
    SF_CHECK_MSG(e.len == 8 + 4 * kat[i].n && memcmp(e.data + 8, kat[i].tok, 4 * kat[i].n) == 0, "kat[%zu] '%s': tokens",
                 i, kat[i].text);
    SF_CHECK(sf_d3dasm_print_tokens(kat[i].tok, kat[i].n, version, &b, &st) == SF_OK);
    SF_CHECK_MSG(b.len == strlen(kat[i].text) && memcmp(b.data, kat[i].text, b.len) == 0, "kat[%zu]: printed '%.*s'", i,
                 (int)b.len, (const char *)b.data);
    sf_buf_free(&e);
    sf_buf_free(&b);
    sf_tpf_program_free(&p);
  }
}

/* A whole fxc /Fc listing: header comments, the shader-model line, declarations (a multi-line
 * immediate constant buffer), instructions, the instruction-count trailer. */
static void test_fxc_listing(void) {
  static const char listing[] =
      "//\n// Generated by Microsoft (R) HLSL Shader Compiler 10.1\n//\n//\n// Input signature:\n//\n"
      "// Name                 Index   Mask Register SysValue  Format   Used\n"
      "// -------------------- ----- ------ -------- -------- ------- ------\n"
      "// SV_POSITION              0   xyzw        0      POS   float   xy  \n//\n"
      "ps_5_0\n"
      "dcl_globalFlags refactoringAllowed\n"
      "dcl_immediateConstantBuffer { { 1.000000, 0, 0, 0},\n"
      "                              { 0, 1.000000, 0, 0} }\n"
      "dcl_input_ps_siv linear noperspective v0.xy, position\n"
      "dcl_output o0.xyzw\n"
      "dcl_temps 1\n"
      "ftou r0.x, v0.x\n"
      "and r0.x, r0.x, l(1)\n"
      "mov o0.xyzw, icb[r0.x + 0].xyzw\n"
      "ret \n"
      "// Approximately 5 instruction slots used\n";
  sf_status st;
  sf_status_clear(&st);
  sf_tpf_program p;
  sf_code c = sf_d3dasm_parse_program(listing, strlen(listing), &p, &st);
  SF_CHECK_MSG(c == SF_OK, "%u:%u %s", st.line, st.col, st.msg);
  if (c) return;
  SF_CHECK_EQ_U(p.count, 9);
  SF_CHECK(p.count > 1 && p.items[1].ntok == 10 && p.items[1].tok[0] == 0x00001835);
  sf_buf t;
  sf_buf_init(&t, &st);
  SF_CHECK(sf_d3dasm_print_program(&p, &t, &st) == SF_OK);
  const char *body = strstr(listing, "ps_5_0");
  size_t blen = (size_t)(strstr(listing, "ret ") - body);
  SF_CHECK_MSG(t.len == blen + 4 && memcmp(t.data, body, blen) == 0 && memcmp(t.data + blen, "ret\n", 4) == 0,
               "printed:\n%.*s", (int)t.len, (const char *)t.data);
  sf_buf_free(&t);
  sf_tpf_program_free(&p);
}

static void test_errors(void) {
  /* text: every error has line:column */
  static const struct { const char *text; sf_code code; uint32_t line, col; } bad[] = {
      {"cs_5_0\nadd r0.x, r1.x\n", SF_ERR_SYNTAX, 2, 15},
      {"cs_5_0\nadd r0.x, r1.x, r2.x, r3.x\n", SF_ERR_SYNTAX, 2, 21},
      {"cs_5_0\nif_q r0.x\n", SF_ERR_SYNTAX, 2, 3},
      {"cs_5_0\nif r0.x\n", SF_ERR_SYNTAX, 2, 3},
      {"cs_5_0\nfoo r0.x\n", SF_ERR_SYNTAX, 2, 1},
      {"cs_5_0\ndcl_thread_group 4, 4\n", SF_ERR_SYNTAX, 2, 22},
      {"cs_5_0\nsync_q\n", SF_ERR_SYNTAX, 2, 5},
      {"cs_5_0\ndadd r0.xy, r0.xyxy, d(1.0, 2.0, 3.0)\n", SF_ERR_SYNTAX, 2, 34},
      {"cs_5_0\ndcl_immediateConstantBuffer { { 1.0, 2.0 },\n { 3.0, x } }\n", SF_ERR_SYNTAX, 3, 9},
      {"cs_5_0\ndcl_immediateConstantBuffer { { 1.0, 2.0 }\n", SF_ERR_SYNTAX, 3, 1},
      {"cs_5_0\ndcl_tessellator_domain domain_cube\n", SF_ERR_SYNTAX, 2, 24},
      {"cs_5_0\nstore_raw u0.x, l(0)\n", SF_ERR_SYNTAX, 2, 21},
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    sf_status st;
    sf_status_clear(&st);
    sf_tpf_program p;
    sf_code c = sf_d3dasm_parse_program(bad[i].text, strlen(bad[i].text), &p, &st);
    SF_CHECK_MSG(c == bad[i].code && st.line == bad[i].line && st.col == bad[i].col, "bad[%zu]: got %s at %u:%u (%s)", i,
                 sf_code_name(c), st.line, st.col, st.msg);
    sf_tpf_program_free(&p);
  }
  /* a NUL byte is refused where it stands, also where a d(...) double's digits are scanned (that
   * scanner looks characters up with strchr, which would take a NUL for the end of its list) */
  {
    static const char nul[] = "cs_5_0\ndadd r0.xy, r0.xyxy, d(1.0\0)\nret\n";
    sf_status st;
    sf_status_clear(&st);
    sf_tpf_program p;
    sf_code c = sf_d3dasm_parse_program(nul, sizeof nul - 1, &p, &st);
    SF_CHECK_MSG(c == SF_ERR_SYNTAX && st.line == 2 && st.col == 27, "embedded NUL: got %s at %u:%u (%s)",
                 sf_code_name(c), st.line, st.col, st.msg);
    sf_tpf_program_free(&p);
  }
  /* tokens: truncated instructions and garbage are refused with a reason, never printed wrongly */
  static const struct { uint32_t t[6]; size_t n; const char *why; } tk[] = {
      {{0x05000000, 0x001000f2, 0}, 3, "length"},           /* add: length 5, 3 DWORDs */
      {{0x0300001f, 0x0010000a}, 2, "length"},              /* if: truncated operand */
      {{0x0100006b}, 1, "not defined"},                     /* an undefined opcode */
      {{0x01000036}, 1, "operands"},                        /* mov without operands */
      {{0x0200003e, 0}, 2, "operands"},                     /* ret with a stray DWORD */
      {{0x03000036, 0x0f1000f2, 0}, 3, "operand"},          /* reserved representation bits */
      {{0x02000068}, 1, "length"},                          /* dcl_temps without its count */
      {{0x00000035, 3, 0}, 3, "class"},                     /* customdata of class 0 */
  };
  for (size_t i = 0; i < sizeof tk / sizeof tk[0]; i++) {
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_code c = sf_d3dasm_print_tokens(tk[i].t, tk[i].n, 0x50, &b, &st);
    SF_CHECK_MSG(c == SF_UNSUPPORTED && strstr(st.msg, tk[i].why) && b.len == 0, "tk[%zu]: %s: %s", i, sf_code_name(c),
                 st.msg);
    sf_buf_free(&b);
  }
}

int main(void) {
  SF_RUN(test_every_row);
  SF_RUN(test_known_answers);
  SF_RUN(test_fxc_listing);
  SF_RUN(test_errors);
  SF_TEST_END();
}
