/* check_d3d_tokens.c — `token_refusals`: what the TPF decoder says about a broken token.
 *
 * The fuzzers see that a broken instruction is refused, and where (the position is compared with
 * the printed text's); they do not see what the refusal says. A message that names the wrong value
 * (a 0-component operand reported as 1-component, the wrong index, the wrong reserved bits) still
 * refuses the same bytes at the same DWORD, and every round trip agrees. A user reading that message
 * is sent the wrong way. Here one valid instruction, written out token by token from the layout in
 * docs/dxbc.md (Microsoft's d3d11TokenizedProgramFormat.hpp is the public source of the bit
 * fields), is broken one field at a time; each break has the code, the DWORD and the numbers its
 * message must carry, formatted here from the broken token itself. The template must decode first:
 * a decoder that refuses it would pass every row for the wrong reason. `program_refusals` does the
 * same for a program's framing, `print_cap` for the printer's token count, `ctl_names` for the
 * declarations' enumerated control fields and `ext_range`/`enc_edges` for every refusal of the encoder.
 * Fixed work: once per process in the D3D codec targets (sf_check_d3d_tokens_once). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"

/* sample_l_aoffimmi(0,0,0) o[0 + r0.x].xyzw, v0.xyzw, t0.xyzw, s0, l(0.5):
 *   0 opcode (0x48, 15 DWORDs, extended), 1 SAMPLE_CONTROLS, 2-5 dst (index 0 imm32+relative:
 *   offset, then r0.x and its index), 6-7 v0, 8-9 t0, 10-11 s0, 12-13 l(0.5), 14 spare (the
 *   extended operand token some rows insert before the immediate's value moves it down). */
enum { T_OP, T_CTRL, T_DST, T_DST_OFF, T_REL, T_REL_IDX, T_SRC, T_SRC_IDX, T_RES, T_RES_IDX, T_SMP, T_SMP_IDX, T_IMM, T_IMM_VAL, T_LEN };

static const uint32_t tmpl[T_LEN] = {
    0x80000048u | (uint32_t)T_LEN << 24, /* sample_l, length, extended */
    0x00000001u,                         /* SAMPLE_CONTROLS, offsets 0 */
    0x00d020f2u, 0,                      /* o#: 4 components, mask .xyzw, 1 index, imm32+relative */
    0x0010000au, 0,                      /* r0, select_1 .x */
    0x00101e46u, 0,                      /* v0.xyzw */
    0x00107e46u, 0,                      /* t0.xyzw */
    0x00106000u, 0,                      /* s0: 0 components */
    0x00004001u, 0x3f000000u,            /* l(0.5): 1 component */
};

typedef struct {
  const char *what;
  unsigned at;     /* the token changed */
  uint32_t set;    /* its new value is (token & ~clear) | set */
  uint32_t clear;
  sf_code code;
  unsigned pos;    /* where the refusal must point */
  const char *fmt; /* the numbers the message must carry, formatted from (field value, broken token) */
  unsigned field;  /* which value fmt takes: 0 none, else a selector below */
} tok_break;

enum { F_NONE, F_TOKEN, F_NC, F_COMP_HI4, F_COMP_HI6, F_TYPE, F_RSVD_OP, F_RSVD_CTRL, F_RSVD_RDIM, F_RSVD_RTYPE };

static const tok_break breaks[] = {
    {"component bits on a 0-component s#", T_SMP, 0x10u, 0, SF_ERR_INVALID, T_SMP, "for a %u-component operand", F_NC},
    {"component bits on a 0-component s# (token)", T_SMP, 0x20u, 0, SF_ERR_INVALID, T_SMP, "(token 0x%08x)", F_TOKEN},
    {"component bits on a 1-component immediate", T_IMM, 0x10u, 0, SF_ERR_INVALID, T_IMM, "for a %u-component operand", F_NC},
    {"selection mode 3 on the destination", T_DST, 0xcu, 0, SF_ERR_INVALID, T_DST, "selection mode 3", F_NONE},
    {"mask-mode bits [11:8] on the destination", T_DST, 0x300u, 0, SF_ERR_INVALID, T_DST, "bits [11:8] = 0x%x", F_COMP_HI4},
    {"select_1 bits [11:6] on the relative index", T_REL, 0x100u, 0, SF_ERR_INVALID, T_REL, "bits [11:6] = 0x%x", F_COMP_HI6},
    {"an unknown operand type on the address", T_SRC, 50u << 12, 0xffu << 12, SF_ERR_INVALID, T_SRC, "unknown operand type %u", F_TYPE},
    {"an N-component address", T_SRC, 3u, 3u, SF_UNSUPPORTED, T_SRC, "N-component", F_NONE},
    {"index 1's representation on a 1-index resource", T_RES, 1u << 25, 0, SF_ERR_INVALID, T_RES,
     "index 1 representation is set but the index dimension is 1", F_NONE},
    {"index representation 5 on the destination", T_DST, 5u << 22, 7u << 22, SF_ERR_INVALID, T_DST, "index 0 has representation 5",
     F_NONE},
    {"an immediate with an index", T_IMM, 1u << 20, 0, SF_ERR_INVALID, T_IMM, "an immediate has index dimension 1", F_NONE},
    {"an immediate with 0 components", T_IMM, 0, 3u, SF_ERR_INVALID, T_IMM, "an immediate with 0 components", F_NONE},
    {"a 1-component immediate as the relative index", T_REL, 0x00004001u, 0xffffffffu, SF_ERR_INVALID, T_REL,
     "an immediate cannot be a relative index", F_NONE},
    {"a relative index of 3 indices", T_REL, 3u << 20, 3u << 20, SF_UNSUPPORTED, T_REL, "index dimension 3", F_NONE},
    {"reserved opcode control bits", T_OP, 1u << 23, 0, SF_ERR_INVALID, T_OP, "(0x%08x)", F_RSVD_OP},
    {"reserved SAMPLE_CONTROLS bits", T_CTRL, 1u << 7, 0, SF_ERR_INVALID, T_CTRL, "(0x%08x)", F_RSVD_CTRL},
    /* the extended token made a RESOURCE_DIM (type 2) or RESOURCE_RETURN_TYPE (type 3) one with a
     * reserved bit and a field set: the message quotes the reserved bits alone */
    {"reserved RESOURCE_DIM bits", T_CTRL, 2u | 3u << 6 | 1u << 23, 0xffffffffu, SF_ERR_INVALID, T_CTRL, "(0x%08x)", F_RSVD_RDIM},
    {"reserved RESOURCE_RETURN_TYPE bits", T_CTRL, 3u | 1u << 6 | 1u << 22, 0xffffffffu, SF_ERR_INVALID, T_CTRL, "(0x%08x)",
     F_RSVD_RTYPE},
    {"not a sample-family opcode", T_OP, 0x36u, 0x7ffu, SF_ERR_INVALID, T_OP, "opcode 0x36", F_NONE},
};

static unsigned field_of(unsigned f, uint32_t t) {
  switch (f) {
    case F_TOKEN: return t;
    case F_NC: return t & 3u;
    case F_COMP_HI4: return ((t >> 4) & 0xffu) >> 4;
    case F_COMP_HI6: return ((t >> 4) & 0xffu) >> 2;
    case F_TYPE: return (t >> 12) & 0xffu;
    case F_RSVD_OP: return t & 0x0087d800u; /* [12:11], [18:14], [23] */
    case F_RSVD_CTRL: return t & 0x7fe001c0u; /* [8:6], [30:21] */
    case F_RSVD_RDIM: return t & 0x7f800000u; /* [30:23] */
    case F_RSVD_RTYPE: return t & 0x7fc00000u; /* [30:22] */
    default: return 0;
  }
}

static bool tokens_fail(sf_verdict *v, const char *what, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static bool tokens_fail(sf_verdict *v, const char *what, const char *fmt, ...) {
  char d[SF_STATUS_MSG_MAX + 256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(d, sizeof d, fmt, ap);
  va_end(ap);
  return sf_verdict_failf(v, "token_refusals", what, "%s", d);
}

static sf_code decode(const uint32_t *t, size_t n, sf_status *st) {
  sf_d3d_inst d;
  size_t used;
  sf_status_clear(st);
  return sf_tpf_decode_inst(t, n, 0, &d, &used, st);
}

/* `program_refusals`: a program's framing broken one way at a time (sf_tpf_program_decode): each is
 * refused with its code at its DWORD, its message naming the value, and the unbroken forms beside
 * them (a comment block of exactly its 2 header DWORDs, a ret, the program header alone) are read. The fuzzers' programs come
 * from the encoder, whose framing is right, and a mutated one is compared only with itself; the
 * DWORD a refusal names is seen nowhere else. */
typedef struct {
  const char *what;
  uint32_t w[5];
  unsigned n;    /* DWORDs of w given to the decoder, or bytes when bytes is set */
  bool bytes;
  sf_code code;
  unsigned pos;
  const char *want; /* in the message */
} prog_break;

static const prog_break prog_breaks[] = {
    {"a customdata of its 2 header DWORDs", {0x50u, 4u, SF_TPF_OP_CUSTOMDATA, 2u}, 4, false, SF_OK, 0, ""},
    {"a ret", {0x50u, 3u, 0x0100003eu}, 3, false, SF_OK, 0, ""},
    {"a customdata of length 1", {0x50u, 4u, SF_TPF_OP_CUSTOMDATA, 1u}, 4, false, SF_ERR_INVALID, 3, "customdata length 1 is smaller"},
    {"a customdata of length 0", {0x50u, 4u, SF_TPF_OP_CUSTOMDATA, 0u}, 4, false, SF_ERR_INVALID, 3, "customdata length 0 is smaller"},
    {"a customdata without its length", {0x50u, 3u, SF_TPF_OP_CUSTOMDATA}, 3, false, SF_ERR_TRUNCATED, 2, "length DWORD is missing"},
    {"a customdata past the end", {0x50u, 4u, SF_TPF_OP_CUSTOMDATA, 3u}, 4, false, SF_ERR_TRUNCATED, 2, "length 3 overruns the program (2"},
    {"an instruction of length 0", {0x50u, 3u, 0x0000003eu}, 3, false, SF_ERR_INVALID, 2, "opcode 0x3e: instruction length field is 0"},
    {"an instruction past the end", {0x50u, 4u, 0x0100003eu, 0x0300003eu}, 4, false, SF_ERR_TRUNCATED, 3, "length 3 overruns the program (1"},
    {"a length token past the chunk", {0x50u, 4u, 0x0100003eu}, 3, false, SF_ERR_TRUNCATED, 1, "says 4 DWORDs, the chunk holds 3"},
    {"a DWORD after the program", {0x50u, 3u, 0x0100003eu, 0x0100003eu}, 4, false, SF_ERR_TRAILING, 3, "1 DWORDs after the program end"},
    {"a size of 13 bytes", {0x50u, 3u, 0x0100003eu, 0}, 13, true, SF_ERR_TRUNCATED, 3, "13 bytes is not a whole number"},
    {"the version token alone", {0x50u}, 1, false, SF_ERR_TRUNCATED, 1, "need the version and length tokens"},
    {"the 2 header DWORDs alone (no instruction)", {0x50u, 2u}, 2, false, SF_OK, 0, ""},
    {"a length token of 1", {0x50u, 1u}, 2, false, SF_ERR_INVALID, 1, "length token 1 is smaller than the 2 header"},
    {"a length token of 0", {0x50u, 0u, 0x0100003eu}, 3, false, SF_ERR_INVALID, 1, "length token 0 is smaller than the 2 header"},
};

static bool program_refusals(sf_verdict *v) {
  for (size_t i = 0; i < sizeof prog_breaks / sizeof prog_breaks[0]; i++) {
    const prog_break *b = &prog_breaks[i];
    uint8_t bytes[4 * 5];
    for (unsigned k = 0; k < 5; k++)
      for (unsigned j = 0; j < 4; j++) bytes[4 * k + j] = (uint8_t)(b->w[k] >> (8 * j));
    sf_tpf_program prog;
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_tpf_program_decode(bytes, b->bytes ? b->n : 4 * b->n, &prog, &st);
    sf_tpf_program_free(&prog); /* decode leaves it freeable either way */
    if (rc == SF_ERR_NOMEM || (rc == b->code && (rc == SF_OK || (st.pos_kind == SF_POS_DWORD && st.pos == b->pos &&
                                                                   strstr(st.msg, b->want)))))
      continue;
    return tokens_fail(v, "program", "%s: %s at %s %llu, \"%s\"; want %s at DWORD %u with \"%s\"", b->what, sf_code_name(rc),
                       st.pos_kind == SF_POS_DWORD ? "DWORD" : "(not a DWORD)", (unsigned long long)st.pos, st.msg,
                       sf_code_name(b->code), b->pos, b->want);
  }
  return true;
}

/* sf_d3dasm_print_tokens on t[0..n) (shader model 5.0), st cleared first; with `text`, the text
 * printed (its first cap-1 bytes, NUL-terminated; empty on a refusal). */
static sf_code print_tokens(const uint32_t *t, size_t n, char *text, size_t cap, sf_status *st) {
  sf_status_clear(st);
  sf_buf b;
  sf_buf_init(&b, st);
  sf_code rc = sf_d3dasm_print_tokens(t, n, 0x50u, &b, st);
  if (text && cap) {
    size_t k = rc == SF_OK ? (b.len < cap - 1 ? b.len : cap - 1) : 0;
    if (k) memcpy(text, b.data, k);
    text[k] = '\0';
  }
  sf_buf_free(&b);
  return rc;
}

/* `print_cap`: sf_d3dasm_print_tokens takes at most a program's worth of tokens. A ret followed by
 * zeros up to exactly SF_TPF_MAX_PROGRAM_TOKENS is refused as unsupported (its length field is not
 * the count, dxbc.h), one token more as over the limit, naming the count. No fuzz input reaches a
 * million tokens; without this the printer's cap was never run. */
static bool print_cap(sf_verdict *v) {
  const size_t n = (size_t)SF_TPF_MAX_PROGRAM_TOKENS;
  uint32_t *t = calloc(n + 1, sizeof *t);
  if (!t) return true; /* out of memory: no verdict */
  t[0] = 0x0100003eu; /* ret, length 1 */
  sf_code rc[2];
  sf_status st[2];
  for (size_t extra = 0; extra < 2; extra++) rc[extra] = print_tokens(t, n + extra, NULL, 0, &st[extra]);
  free(t);
  char want[48];
  snprintf(want, sizeof want, "%zu tokens", n + 1);
  if (rc[0] == SF_ERR_NOMEM || (rc[0] == SF_UNSUPPORTED && rc[1] == SF_ERR_LIMIT && strstr(st[1].msg, want))) return true;
  return tokens_fail(v, "print_cap", "a ret and zeros printed at %zu tokens: %s (\"%s\"), at %zu: %s (\"%s\"); want unsupported, then limit with \"%s\"",
                     n, sf_code_name(rc[0]), st[0].msg, n + 1, sf_code_name(rc[1]), st[1].msg, want);
}

/* `ctl_names`: the declarations whose control field is an enumeration (GS output topology and
 * input primitive, tessellator domain, partitioning and output primitive) print each of the 64
 * values the field's 6 bits hold by name exactly when the token format names it (the check's own
 * copy of d3d10/d3d11TokenizedProgramFormat.hpp's values), and refuse the rest as unsupported; the
 * control point counts print every value. fxc writes only named values, so no fuzz input holds the
 * others, where a name table one entry too long is read past its end. */
typedef struct {
  uint32_t op;
  const char *what;
  uint64_t named; /* bit v: value v has a name (all ones: every value prints) */
} ctl_row;

static const ctl_row ctl_rows[] = {
    {0x5c, "dcl_outputtopology", (1ull << 1) | (1ull << 2) | (1ull << 3) | (1ull << 4) | (1ull << 5) | (0xfull << 10)},
    {0x5d, "dcl_inputprimitive", (1ull << 1) | (1ull << 2) | (1ull << 3) | (1ull << 6) | (1ull << 7) | (0xffffffffull << 8)},
    {0x93, "dcl_input_control_point_count", ~0ull},
    {0x94, "dcl_output_control_point_count", ~0ull},
    {0x95, "dcl_tessellator_domain", 0xeull},
    {0x96, "dcl_tessellator_partitioning", 0x1eull},
    {0x97, "dcl_tessellator_output_primitive", 0x1eull},
};

static bool ctl_names(sf_verdict *v) {
  for (size_t i = 0; i < sizeof ctl_rows / sizeof ctl_rows[0]; i++) {
    for (uint32_t c = 0; c < 64; c++) {
      uint32_t t = 0x01000000u | ctl_rows[i].op | (c << 11);
      sf_status st;
      sf_code rc = print_tokens(&t, 1, NULL, 0, &st);
      bool named = (ctl_rows[i].named >> c) & 1u;
      if (rc == SF_ERR_NOMEM || rc == (named ? SF_OK : SF_UNSUPPORTED)) continue;
      return tokens_fail(v, "ctl_names", "%s with control value %u (token 0x%08x): %s (%s), want %s", ctl_rows[i].what,
                         (unsigned)c, (unsigned)t, sf_code_name(rc), st.msg, named ? "its name printed" : "unsupported");
    }
  }
  return true;
}

/* `gen_ctl`: an instruction outside the sample family prints the opcode token's control bits that
 * its row gives a suffix (the sync flags _t _g _ugroup _uglobal, bits 0-3, on `sync`), and refuses
 * every other bit as unsupported, saying which bits have no suffix. On every opcode of the table
 * that has no operands, one control bit at a time (13 bits). The printer reads such text back and
 * escapes on a mismatch anyway, so a bit taken as known when it is not changed only the refusal's
 * words: "reads back to other tokens" instead of the bit. */
static bool gen_ctl(sf_verdict *v) {
  for (uint32_t op = 0; op < 0x800; op++) {
    const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
    if (!oi || oi->dcl || sf_tpf_opinfo_ndst(oi) || sf_tpf_opinfo_nsrc(oi)) continue;
    uint32_t named = oi->flags & SF_TPF_F_SYNC ? 0xfu : 0;
    for (unsigned bit = 0; bit < 13; bit++) {
      uint32_t t = 0x01000000u | op | (1u << (11 + bit));
      sf_status st;
      sf_code rc = print_tokens(&t, 1, NULL, 0, &st);
      char want[64];
      snprintf(want, sizeof want, "control bits 0x%x (of 0x%x) have no mnemonic suffix", 1u << bit, 1u << bit);
      bool ok = (named >> bit) & 1u ? rc == SF_OK : rc == SF_UNSUPPORTED && strstr(st.msg, want);
      if (ok || rc == SF_ERR_NOMEM) continue;
      return tokens_fail(v, "gen_ctl", "%s with control bit %u alone: %s (%s), want %s", oi->name ? oi->name : "?", bit,
                         sf_code_name(rc), st.msg, (named >> bit) & 1u ? "its suffix printed" : want);
    }
  }
  return true;
}

/* `dcl_ctl` (with gen_ctl): each declaration's control field, bits [23:11] of its opcode token,
 * one bit at a time over a base value (a dimension where the field holds one). The bits each
 * declaration takes are this check's own reading of d3d10/d3d11TokenizedProgramFormat.hpp: a
 * resource's sample count [22:16] (over texture2dms), a constant buffer's dynamic indexing (bit
 * 11), a sampler's mode [14:11] (values 0-2), a pixel shader input's interpolation [14:11]
 * (values 1-7), the eight global flags [18:11], a UAV's globally coherent and rasterizer ordered
 * bits (16, 17) and a structured UAV's counter (bit 23); the six enumerated fields [16:11] are
 * `ctl_names`' rows. Every other bit is "ignored, 0", which the printer refuses as unsupported,
 * naming the field and its value; a bit taken prints (rows with a body: the declaration's operand
 * and values after the opcode). fxc sets no ignored bit, so no fuzz input reaches these tests,
 * and a bit wrongly allowed prints a declaration that reads back without it (a `.tpf` escape for
 * another reason). dcl_immediateConstantBuffer, fcall and dcl_interface have their own layouts. */
typedef struct {
  uint32_t op, base, allowed; /* allowed: the bits taken alone over base (the base's own bits excluded) */
  const char *fmt;            /* the refusal's words, formatted from the control value */
  uint32_t len, body[4];      /* the tokens after the opcode when a taken bit prints (len 1: none) */
} dcl_row;

#define OPND_V0 0x001010f2u /* v0.xyzw (also o0 and friends: the printer reads the type from the row) */
static const dcl_row dcl_rows[] = {
    {0x58, 4, 0x7f << 5, "resource control field 0x%x", 4, {0x00107000u, 0, 0x5555u}}, /* t0, float4, texture2dms */
    {0x59, 0, 0x1, "constant-buffer control field 0x%x", 4, {0x00208e46u, 0, 1}},      /* cb0[1] */
    {0x5a, 0, 0x3, "sampler mode %u", 3, {0x00106000u, 0}},                             /* s0 */
    {0x5b, 0, 0, "control field 0x%x", 1, {0}},
    {0x5c, 0, 0x3f, "control field 0x%x", 1, {0}}, {0x5d, 0, 0x3f, "control field 0x%x", 1, {0}},
    {0x5e, 0, 0, "control field 0x%x", 1, {0}}, {0x5f, 0, 0, "control field 0x%x", 1, {0}},
    {0x60, 0, 0, "control field 0x%x", 1, {0}}, {0x61, 0, 0, "control field 0x%x", 1, {0}},
    {0x62, 0, 0x7, "control field 0x%x", 3, {OPND_V0, 0}},
    {0x63, 0, 0x7, "control field 0x%x", 4, {OPND_V0, 0, 9}}, /* is_front_face */
    {0x64, 0, 0x7, "control field 0x%x", 4, {OPND_V0, 0, 1}}, /* position */
    {0x65, 0, 0, "control field 0x%x", 1, {0}}, {0x66, 0, 0, "control field 0x%x", 1, {0}},
    {0x67, 0, 0, "control field 0x%x", 1, {0}}, {0x68, 0, 0, "control field 0x%x", 1, {0}},
    {0x69, 0, 0, "control field 0x%x", 1, {0}},
    {0x6a, 0, 0xff, "global flags 0x%x have no names", 1, {0}},
    {0x8f, 0, 0, "control field 0x%x", 1, {0}}, {0x90, 0, 0, "control field 0x%x", 1, {0}},
    {0x91, 0, 0, "control field 0x%x", 1, {0}},
    {0x93, 0, 0x3f, "control field 0x%x", 1, {0}}, {0x94, 0, 0x3f, "control field 0x%x", 1, {0}},
    {0x95, 0, 0x3f, "control field 0x%x", 1, {0}}, {0x96, 0, 0x3f, "control field 0x%x", 1, {0}},
    {0x97, 0, 0x3f, "control field 0x%x", 1, {0}},
    {0x98, 0, 0, "control field 0x%x", 1, {0}}, {0x99, 0, 0, "control field 0x%x", 1, {0}},
    {0x9a, 0, 0, "control field 0x%x", 1, {0}}, {0x9b, 0, 0, "control field 0x%x", 1, {0}},
    {0x9c, 3, 0x60, "UAV control field 0x%x", 4, {0x0011e000u, 0, 0x5555u}}, /* u0, float4, over texture2d */
    {0x9d, 0, 0x60, "UAV control field 0x%x", 3, {0x0011e000u, 0}},
    {0x9e, 0, 0x60 | 0x1000, "UAV control field 0x%x", 4, {0x0011e000u, 0, 4}}, /* stride 4 */
    {0x9f, 0, 0, "control field 0x%x", 1, {0}}, {0xa0, 0, 0, "control field 0x%x", 1, {0}},
    {0xa1, 0, 0, "control field 0x%x", 1, {0}}, {0xa2, 0, 0, "control field 0x%x", 1, {0}},
    {0xce, 0, 0, "control field 0x%x", 1, {0}},
};

static bool dcl_ctl(sf_verdict *v) {
  /* every declaration of the opcode table has a row here, but the three with layouts of their own */
  for (uint32_t op = 0; op < 0x800; op++) {
    const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
    if (!oi || !oi->dcl || op == 0x35 || op == 0x78 || op == 0x92) continue;
    bool have = false;
    for (size_t r = 0; r < sizeof dcl_rows / sizeof dcl_rows[0] && !have; r++) have = dcl_rows[r].op == op;
    if (!have) return tokens_fail(v, "dcl_ctl", "%s (opcode 0x%x) is a declaration with no row in dcl_ctl", oi->name ? oi->name : "?", (unsigned)op);
  }
  for (size_t r = 0; r < sizeof dcl_rows / sizeof dcl_rows[0]; r++) {
    const dcl_row *w = &dcl_rows[r];
    const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(w->op);
    for (unsigned bit = 0; bit < 13; bit++) {
      if (w->base && bit < 5) continue; /* the base's dimension field: resource_dims and the dimension rows below */
      uint32_t ctl = w->base | 1u << bit;
      bool taken = (w->allowed >> bit) & 1u;
      if (taken && w->len == 1 && w->op != 0x6a) continue; /* an enumerated field: ctl_names' rows */
      uint32_t t[5] = {w->op | (taken ? w->len : 1u) << 24 | ctl << 11, w->body[0], w->body[1], w->body[2], w->body[3]};
      sf_status st;
      sf_code rc = print_tokens(t, taken ? w->len : 1, NULL, 0, &st);
      char want[64];
      snprintf(want, sizeof want, w->fmt, (unsigned)ctl);
      if (rc == SF_ERR_NOMEM || (taken ? rc == SF_OK : rc == SF_UNSUPPORTED && strstr(st.msg, want))) continue;
      return tokens_fail(v, "dcl_ctl", "%s with control bit %u (token 0x%08x): %s (%s), want %s", oi && oi->name ? oi->name : "?",
                         11 + bit, (unsigned)t[0], sf_code_name(rc), st.msg, taken ? "it printed" : want);
    }
  }
  /* dcl_uav_typed's dimension: buffer to texturecubearray (1-10) print, 0 and 11-31 are refused */
  for (uint32_t dim = 0; dim < 32; dim++) {
    uint32_t t[4] = {0x9cu | 4u << 24 | dim << 11, 0x0011e000u, 0, 0x5555u};
    sf_status st;
    sf_code rc = print_tokens(t, 4, NULL, 0, &st);
    char want[64];
    snprintf(want, sizeof want, "UAV dimension %u", (unsigned)dim);
    bool named = dim >= 1 && dim <= 10;
    if (rc == SF_ERR_NOMEM || (named ? rc == SF_OK : rc == SF_UNSUPPORTED && strstr(st.msg, want))) continue;
    return tokens_fail(v, "dcl_ctl", "dcl_uav_typed with dimension %u (token 0x%08x): %s (%s), want %s", (unsigned)dim,
                       (unsigned)t[0], sf_code_name(rc), st.msg, named ? "its name printed" : want);
  }
  /* dcl_sampler's mode with both its bits (3): no mode has that value (the bits alone print above) */
  const uint32_t t3[3] = {0x5au | 3u << 24 | 3u << 11, 0x00106000u, 0};
  sf_status st3;
  sf_code rc3 = print_tokens(t3, 3, NULL, 0, &st3);
  if (rc3 != SF_ERR_NOMEM && !(rc3 == SF_UNSUPPORTED && strstr(st3.msg, "sampler mode 3")))
    return tokens_fail(v, "dcl_ctl", "dcl_sampler of mode 3: %s (%s), want unsupported, 'sampler mode 3'", sf_code_name(rc3), st3.msg);
  return true;
}

/* `gen_ext` (with gen_ctl): the generic printer's extended opcode tokens, on nop: each of the three
 * types alone, and resdim with rettype, print as their suffix; each repeated, and each with a
 * reserved bit set, is written as a .tpf escape naming the type and the token. The instructions
 * the fuzz targets decode rarely carry one of these, and a test one too lax prints a token it drops
 * (docs/dxbc.md: the extended opcode tokens). */
static bool gen_ext(sf_verdict *v) {
  enum { NOP = 0x3a, RT = 3u | 1u << 6 | 1u << 10 | 1u << 14 | 1u << 18, RD = 2u | 3u << 6, AO = 1u | 1u << 9 };
  static const struct {
    uint32_t ext[2];
    const char *want; /* the text, or the escape's reason */
  } cases[] = {
      {{RT, 0}, "nop_indexable(unorm,unorm,unorm,unorm)"},
      {{RD, 0}, "nop_indexable(texture2d)"},
      {{AO, 0}, "nop_aoffimmi(1,0,0)"},
      {{RD, RT}, "nop_indexable(texture2d)(unorm,unorm,unorm,unorm)"},
      {{RT, RT}, "extended opcode token of type 3 with reserved bits or repeated (token 1)"},
      {{RD, RD}, "extended opcode token of type 2 with reserved bits or repeated (token 1)"},
      {{AO, AO}, "extended opcode token of type 1 with reserved bits or repeated (token 1)"},
      {{RT | 0x00400000u, 0}, "extended opcode token of type 3 with reserved bits or repeated (token 0)"},
      {{RD | 0x00800000u, 0}, "extended opcode token of type 2 with reserved bits or repeated (token 0)"},
      {{AO | 0x40u, 0}, "extended opcode token of type 1 with reserved bits or repeated (token 0)"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    uint32_t n = cases[i].ext[1] ? 3 : 2, t[3] = {0x80000000u | n << 24 | NOP, cases[i].ext[0], cases[i].ext[1]};
    if (n == 3) t[1] |= 0x80000000u;
    bool valid = i < 4;
    sf_status st;
    char text[80];
    sf_code rc = print_tokens(t, n, text, sizeof text, &st);
    size_t wl = strlen(cases[i].want);
    bool ok = rc == SF_ERR_NOMEM || (valid ? rc == SF_OK && strncmp(text, cases[i].want, wl) == 0 && (!text[wl] || text[wl] == '\n')
                                           : rc == SF_UNSUPPORTED && strstr(st.msg, cases[i].want));
    char got[SF_STATUS_MSG_MAX + 80];
    snprintf(got, sizeof got, "%s: %.60s%s", sf_code_name(rc), text, rc == SF_OK ? "" : st.msg);
    if (!ok)
      return tokens_fail(v, "gen_ext", "nop with extended opcode tokens 0x%08x 0x%08x: %s; want %s \"%s\"", (unsigned)t[1],
                         (unsigned)t[2], got, valid ? "the text" : "unsupported naming", cases[i].want);
  }
  return true;
}

/* `ext_range` and `enc_edges` (with `token_refusals`): every refusal of `sf_tpf_encode_inst`, each
 * field at the edge of what its token bits (or the decoder) hold and one past it. At the edge the
 * encoder writes the instruction, its opcode token's length field says how many DWORDs it wrote,
 * and where the decoder reads that field back (`back`) the decoded instruction equals the one
 * given; one past, it refuses with the row's code and words and reports no DWORDs written, rather
 * than write the field cut or leave a token the decoder refuses. `ext_range` has the extended
 * opcode token's fields: each aoffimmi offset at -8 and 7 (4-bit two's complement) and -9 and 8,
 * the resource dimension at 31 and 32 (5 bits), its stride at 0xfff and 0x1000 (12 bits), each
 * component's return type at 15 and 16 (4 bits). `enc_edges` the rest: the opcode, the source count,
 * the precise mask, the extended tokens' order, each operand token field, an index's
 * representation and value, and the relative-index register's. The fuzz targets' instructions come
 * from a decoder or a parser, which never make a field past its bits, so only API use reaches these
 * tests. On one sample_d (five sources) with all three extended tokens; the relative-index rows
 * index its address by r1.x first. Two rows have only an edge, a value its field's type cannot go
 * past (code SF_OK): the component bits 0xff (a swizzle .wwww, which a bound of 0xff that
 * refused its own edge would lose) and nonuniform alone. A modifier, a minimum precision or
 * nonuniform set without the operand's `extended` flag is written with its extended operand token
 * all the same (the decoder reads the flag back set). A row with no edge has `edge` false. Each
 * refusal is asked for twice, the second time with no status (NULL), which must not change its
 * code. */
typedef struct enc_row {
  const char *check, *field;
  bool back;        /* the decoder reads the edge value back: the round trip must be exact */
  bool edge;        /* the row has an edge value (else only the value past it is written) */
  sf_code code;     /* the refusal one past the edge */
  const char *words;
} enc_row;

/* A relative index r1.x + 2 on the address's first index. */
static void enc_rel(sf_d3d_opnd *o) {
  o->index_dim = 1;
  sf_check_d3d_rel(o, SF_D3D_IDX_IMM32_REL, 2, 1);
}

static const enc_row enc_rows[] = {
    {"ext_range", "aoffimmi u", true, true, SF_ERR_RANGE, "aoffimmi u offset 8 is outside [-8, 7]"},
    {"ext_range", "aoffimmi v", true, true, SF_ERR_RANGE, "aoffimmi v offset 8 is outside [-8, 7]"},
    {"ext_range", "aoffimmi w", true, true, SF_ERR_RANGE, "aoffimmi w offset 8 is outside [-8, 7]"},
    {"ext_range", "aoffimmi u low", true, true, SF_ERR_RANGE, "aoffimmi u offset -9 is outside [-8, 7]"},
    {"ext_range", "resource dimension", true, true, SF_ERR_RANGE, "RESOURCE_DIM 32 / stride 0 do not fit"},
    {"ext_range", "stride", true, true, SF_ERR_RANGE, "RESOURCE_DIM 3 / stride 4096 do not fit"},
    {"ext_range", "return type x", true, true, SF_ERR_RANGE, "return type 16 does not fit 4 bits"},
    {"ext_range", "return type y", true, true, SF_ERR_RANGE, "return type 16 does not fit 4 bits"},
    {"ext_range", "return type z", true, true, SF_ERR_RANGE, "return type 16 does not fit 4 bits"},
    {"ext_range", "return type w", true, true, SF_ERR_RANGE, "return type 16 does not fit 4 bits"},
    {"enc_edges", "opcode", false, false, SF_ERR_INVALID, "opcode 0x36 is not a sample-family instruction"},
    {"enc_edges", "source count", true, true, SF_ERR_RANGE, "num_src 6 > 5"},
    {"enc_edges", "precise mask", true, true, SF_ERR_RANGE, "precise mask 0x10 does not fit 4 bits"},
    {"enc_edges", "extended order type", true, true, SF_ERR_INVALID, "ext_order {3,2,4} is not a list of distinct types 1-3"},
    {"enc_edges", "extended order repeat", true, true, SF_ERR_INVALID, "ext_order {2,2,3} is not a list of distinct types 1-3"},
    {"enc_edges", "extended order gap", true, true, SF_ERR_INVALID, "ext_order {0,1,0} is not a list of distinct types 1-3"},
    {"enc_edges", "extended order gap at the end", true, true, SF_ERR_INVALID, "ext_order {0,0,3} is not a list of distinct types 1-3"},
    {"enc_edges", "extended order flags", true, true, SF_ERR_INVALID, "ext_order {1,2,0} does not match the has_aoffimmi"},
    {"enc_edges", "extended order alone", true, true, SF_ERR_INVALID, "ext_order {2,0,0} does not match the has_aoffimmi"},
    {"enc_edges", "operand type", false, true, SF_ERR_INVALID, "destination: unknown operand type 43"},
    {"enc_edges", "64-bit immediate", false, false, SF_UNSUPPORTED, "source: 64-bit immediates are not supported"},
    {"enc_edges", "N components", false, false, SF_UNSUPPORTED, "destination: N-component operands"},
    {"enc_edges", "component count", true, true, SF_ERR_RANGE, "destination: num_comp/sel_mode/index_dim out of range"},
    {"enc_edges", "selection mode", false, true, SF_ERR_RANGE, "destination: num_comp/sel_mode/index_dim out of range"},
    {"enc_edges", "index dimension", true, true, SF_ERR_RANGE, "destination: num_comp/sel_mode/index_dim out of range"},
    {"enc_edges", "modifier", true, true, SF_ERR_RANGE, "source: modifier/min_precision out of range"},
    {"enc_edges", "minimum precision", false, true, SF_ERR_RANGE, "source: modifier/min_precision out of range"},
    {"enc_edges", "index representation", true, true, SF_ERR_INVALID, "destination: index 1 representation 5 does not exist"},
    {"enc_edges", "64-bit index", false, false, SF_UNSUPPORTED, "destination: 64-bit immediate indices are not supported"},
    {"enc_edges", "64-bit relative index", false, false, SF_UNSUPPORTED, "destination: 64-bit immediate indices are not supported"},
    {"enc_edges", "index value", true, true, SF_ERR_RANGE, "destination: index 1 does not fit 32 bits"},
    {"enc_edges", "relative index dimension", true, true, SF_ERR_INVALID, "source: relative-index operand must be a register with at most 2"},
    {"enc_edges", "relative immediate", true, true, SF_ERR_INVALID, "source: relative-index operand must be a register with at most 2"},
    {"enc_edges", "relative operand type", false, true, SF_ERR_INVALID, "relative-index operand: unknown operand type 43"},
    {"enc_edges", "relative N components", true, true, SF_UNSUPPORTED, "relative-index operand: N-component operands"},
    {"enc_edges", "relative selection mode", false, true, SF_ERR_RANGE, "relative-index operand: num_comp/sel_mode/index_dim out of range"},
    {"enc_edges", "swizzle .wwww", true, true, SF_OK, NULL},
    {"enc_edges", "nonuniform alone", true, true, SF_OK, NULL},
};

/* `dcl_imm` (once per process, with `program_refusals`): a declaration whose operand is an
 * immediate, 32- or 64-bit (dcl_resource of l(0)), is refused by the printer as unsupported, naming
 * the operand type: no declaration of the table takes one (a printer that let the 64-bit one
 * through wrote a text whose reading failed for another reason, and the `.tpf` escape said so). */
static bool dcl_imm(sf_verdict *v) {
  static const uint32_t imm[2][5] = {{0x04001858u, 0x00004001u, 0, 0x00005555u}, {0x05001858u, 0x00005001u, 0, 0, 0x00005555u}};
  for (unsigned q = 0; q < 2; q++) {
    sf_status st;
    sf_code rc = sf_check_print_tokens(imm[q], 4 + q, 0x00000050u, &st);
    if (rc == SF_ERR_NOMEM) return true;
    const char *want = q ? "an immediate as declaration operand (5)" : "an immediate as declaration operand (4)";
    if (rc == SF_UNSUPPORTED && strstr(st.msg, want)) continue;
    return sf_verdict_failf(v, "dcl_imm", "reason", "dcl_resource of a %s-bit immediate gave %s (%s); want unsupported, '%s'",
                            q ? "64" : "32", sf_code_name(rc), st.msg, want);
  }
  return true;
}

/* `dcl_cb_form` (with dcl_imm): dcl_constantbuffer prints only the operand forms fxc writes,
 * cb#[size] and (SM5.1) CB#[lo:hi]: one whose size index is register-relative (cb0[r1.x + 14], which
 * the decoder reads) is refused as unsupported, naming the form, not printed without its register.
 * The same tokens with a plain index print as fxc does. */
static bool dcl_cb_form(sf_verdict *v) {
  static const uint32_t cb[2][6] = {{0x04000059u, 0x00208e46u, 0, 14},
                                    {0x06000059u, 0x06208e46u, 0, 14, 0x0010000au, 1}};
  for (unsigned q = 0; q < 2; q++) {
    sf_status st;
    char text[96];
    sf_code rc = print_tokens(cb[q], 4 + 2 * q, text, sizeof text, &st);
    if (rc == SF_ERR_NOMEM) return true;
    if (q ? rc == SF_UNSUPPORTED && strstr(st.msg, "constant-buffer operand is not cb#[size]")
          : rc == SF_OK && strstr(text, "dcl_constantbuffer CB0[14], immediateIndexed"))
      continue;
    return sf_verdict_failf(v, "dcl_cb_form", q ? "relative" : "plain", "dcl_constantbuffer of cb0[%s14] gave %s (%s) \"%s\"; want %s",
                            q ? "r1.x + " : "", sf_code_name(rc), st.msg, text,
                            q ? "unsupported, naming the operand form" : "CB0[14], immediateIndexed");
  }
  return true;
}

/* Row k of enc_rows on w: at its edge (past false) or one past it. */
static void enc_set(sf_d3d_inst *w, unsigned k, bool past) {
  sf_d3d_opnd *dst = &w->dst, *adr = &w->src[0];
  /* the order rows (13-18): the order, which extended tokens are present (bit 0 aoffimmi, 1
   * resource dimension, 2 return type) and the source count. Past: a type 4, a type twice, a
   * hole before a type (with the source count 0, so that a reader of ext_order[3], the source
   * count, finds nothing either), an order that leaves out a type present, and one type alone
   * where only the aoffimmi token (present, but not in the order) disagrees */
  static const struct {
    uint8_t order[3], has, nsrc;
  } orders[6][2] = {{{{3, 2, 1}, 7, 5}, {{3, 2, 4}, 7, 5}}, {{{2, 1, 3}, 7, 5}, {{2, 2, 3}, 7, 5}},
                    {{{1, 3, 2}, 7, 5}, {{0, 1, 0}, 7, 5}}, {{{3, 0, 0}, 4, 0}, {{0, 0, 3}, 4, 0}},
                    {{{2, 3, 1}, 7, 5}, {{1, 2, 0}, 7, 5}}, {{{2, 0, 0}, 2, 5}, {{2, 0, 0}, 3, 5}}};
  if (k < 3) w->aoffimmi[k] = (int8_t)(past ? 8 : 7);
  else if (k == 3) w->aoffimmi[0] = (int8_t)(past ? -9 : -8);
  else if (k == 4) w->resdim = (uint8_t)(past ? 32 : 31);
  else if (k == 5) w->resdim_stride = (uint16_t)(past ? 0x1000 : 0xfff);
  else if (k < 10) w->rettype[k - 6] = (uint8_t)(past ? 16 : 15);
  else if (k == 10) w->op = SF_TPF_OP_MOV;
  else if (k == 11) w->num_src = (uint8_t)(past ? 6 : 5);
  else if (k == 12) w->precise = (uint8_t)(past ? 16 : 15);
  else if (k < 19) {
    memcpy(w->ext_order, orders[k - 13][past].order, 3);
    unsigned has = orders[k - 13][past].has;
    w->has_aoffimmi = has & 1, w->has_resdim = (has >> 1) & 1, w->has_rettype = (has >> 2) & 1;
    w->num_src = orders[k - 13][past].nsrc;
  } else if (k == 19) dst->type = (uint8_t)(past ? 43 : 42);
  else if (k == 20) adr->type = SF_D3D_OT_IMM64, adr->index_dim = 0;
  else if (k == 21) dst->num_comp = SF_D3D_NC_N;
  else if (k == 22) dst->num_comp = (uint8_t)(past ? 4 : SF_D3D_NC_1), dst->sel_mode = 0, dst->comp_bits = 0;
  else if (k == 23) dst->sel_mode = (uint8_t)(past ? 4 : 3);
  else if (k == 24) {
    dst->index_dim = (uint8_t)(past ? 4 : 3);
    dst->idx[1].rep = dst->idx[2].rep = SF_D3D_IDX_IMM32;
    dst->idx[1].imm = 3, dst->idx[2].imm = 4;
  } else if (k == 25) adr->modifier = (uint8_t)(past ? 4 : 3);
  else if (k == 26) adr->min_precision = (uint8_t)(past ? 8 : 7);
  else if (k < 31) {
    static const uint8_t reps[4][2] = {{SF_D3D_IDX_IMM32_REL, 5}, {0, SF_D3D_IDX_IMM64}, {0, SF_D3D_IDX_IMM64_REL}, {0, 0}};
    dst->index_dim = 2;
    dst->idx[1].rep = reps[k - 27][past];
    dst->idx[1].imm = k == 30 ? (past ? (uint64_t)1 << 32 : 0xffffffffu) : 5;
    if (k == 27 && !past) {
      enc_rel(dst);
      dst->index_dim = 2;
      dst->idx[1] = dst->idx[0];
      dst->idx[0].rep = SF_D3D_IDX_IMM32, dst->idx[0].imm = 0;
    }
  } else if (k == 36) adr->comp_bits = 0xff;
  else if (k == 37) adr->nonuniform = true;
  else {
    enc_rel(adr);
    sf_d3d_relop *r = &adr->idx[0].rel;
    if (k == 31) {
      r->type = SF_D3D_OT_INDEXABLE_TEMP;
      r->index_dim = (uint8_t)(past ? 3 : 2);
      r->index[1] = 7;
    } else if (k == 32 && past) r->type = SF_D3D_OT_IMM32, r->index_dim = 0, r->sel_mode = 0;
    else if (k == 33) r->type = (uint8_t)(past ? 43 : 42);
    else if (k == 34 && past) r->num_comp = SF_D3D_NC_N;
    else if (k == 35) r->sel_mode = (uint8_t)(past ? 4 : 3);
  }
}

static bool enc_edges(sf_verdict *v) {
  static const char text[] = "sample_d_aoffimmi_indexable(-1,0,0)(texture2d)(float,float,float,float) r0.xyzw, "
                             "v0.xyxx, t0.xyzw, s0, v1.xyxx, v2.xyxx";
  sf_d3d_inst d;
  sf_status st;
  sf_status_clear(&st);
  if (sf_d3dasm_parse_inst(text, sizeof text - 1, 1, &d, &st) != SF_OK || !d.has_aoffimmi || !d.has_resdim ||
      !d.has_rettype || d.num_src != 5)
    return sf_verdict_fail(v, "enc_edges", NULL, "setup"), sf_verdict_key(v, "enc_edges setup"),
           sf_verdict_dumpf(v, "\"%s\" does not parse with its three extended tokens and five sources: %s\n", text, st.msg),
           false;
  for (unsigned k = 0; k < sizeof enc_rows / sizeof enc_rows[0]; k++) {
    const enc_row *r = &enc_rows[k];
    for (unsigned past = !r->edge; past < (r->code ? 2u : 1u); past++) {
      sf_d3d_inst w = d, want, back;
      enc_set(&w, k, past);
      want = w; /* a modifier, a minimum precision or nonuniform alone is written with its extended token */
      for (unsigned i = 0; i <= want.num_src && i <= SF_D3D_MAX_SRC; i++) {
        sf_d3d_opnd *o = i ? &want.src[i - 1] : &want.dst;
        o->extended = o->extended || o->modifier || o->min_precision || o->nonuniform;
      }
      uint32_t tok[SF_TPF_MAX_INST_LEN];
      size_t n = 7, used = 0;
      sf_status_clear(&st);
      sf_code rc = sf_tpf_encode_inst(&w, tok, &n, &st), brc = SF_OK;
      const char *why = NULL;
      char msg[SF_STATUS_MSG_MAX + 64];
      if (past) {
        if (rc != r->code) why = "the wrong code";
        else if (!strstr(st.msg, r->words)) why = "a message without the row's words";
        else if (n) why = "a count of DWORDs written";
        else if (sf_tpf_encode_inst(&w, tok, &n, NULL) != r->code) why = "another code without a status to fill";
      } else if (rc != SF_OK) why = "a refusal";
      else if (n < 2 || ((tok[0] >> 24) & 0x7f) != n) why = "a length field that is not the count written";
      else if (r->back && ((brc = sf_tpf_decode_inst(tok, n, 0, &back, &used, &st)) != SF_OK || used != n ||
                           !sf_d3d_inst_equal(&want, &back)))
        why = brc ? "tokens the decoder refuses" : "tokens that decode to another instruction";
      if (!why) continue;
      sf_verdict_fail(v, r->check, NULL, r->field);
      sf_verdict_key(v, "%s %s %s %s", r->check, r->field, past ? "past" : "edge", sf_code_name(rc));
      sf_verdict_dumpf(v, "the encoder given \"%s\" with its %s %s: %s (%zu DWORDs, %s), %s; want %s%s\n", text, r->field,
                       past ? "one past its edge" : "at its edge", why, n, sf_code_name(rc),
                       rc || brc ? sf_status_format(&st, msg, sizeof msg) : "written",
                       past ? sf_code_name(r->code) : "the tokens", past ? r->words : "");
      return false;
    }
  }
  return true;
}

static bool sf_check_d3d_tokens(sf_verdict *v) {
  sf_status st;
  sf_code rc = decode(tmpl, T_LEN, &st);
  if (rc != SF_OK) return tokens_fail(v, "template", "the unbroken sample_l was refused: %s (%s)", sf_code_name(rc), st.msg);
  uint32_t t[T_LEN + 1];
  for (size_t i = 0; i < sizeof breaks / sizeof breaks[0]; i++) {
    const tok_break *b = &breaks[i];
    memcpy(t, tmpl, sizeof tmpl);
    t[b->at] = (t[b->at] & ~b->clear) | b->set;
    rc = decode(t, T_LEN, &st);
    char want[96];
    snprintf(want, sizeof want, b->fmt, field_of(b->field, t[b->at]));
    if (rc != b->code || st.pos_kind != SF_POS_DWORD || st.pos != b->pos || !strstr(st.msg, want))
      return tokens_fail(v, "message",
                         "%s (token %u 0x%08x -> 0x%08x): %s at %s %llu, \"%s\"; want %s at DWORD %u with \"%s\"", b->what,
                         b->at, (unsigned)tmpl[b->at], (unsigned)t[b->at], sf_code_name(rc),
                         st.pos_kind == SF_POS_DWORD ? "DWORD" : "(not a DWORD)", (unsigned long long)st.pos, st.msg,
                         sf_code_name(b->code), b->pos, want);
  }
  /* an extended operand token on the immediate: modifier 4 and type 5 refused at that token, which
   * sits after the operand token, naming the value */
  static const struct {
    uint32_t ext;
    const char *fmt;
  } exts[] = {{0x00000101u, "operand modifier %u does not exist"}, {0x00000005u, "unknown extended operand token type %u"}};
  for (size_t i = 0; i < sizeof exts / sizeof exts[0]; i++) {
    memcpy(t, tmpl, sizeof tmpl);
    t[T_OP] = (t[T_OP] & ~(0x7fu << 24)) | (uint32_t)(T_LEN + 1) << 24;
    t[T_IMM] |= 0x80000000u;
    t[T_IMM + 1] = exts[i].ext;
    t[T_IMM + 2] = tmpl[T_IMM_VAL];
    rc = decode(t, T_LEN + 1, &st);
    unsigned val = i == 0 ? (exts[i].ext >> 6) & 0xffu : exts[i].ext & 0x3fu;
    char want[96];
    snprintf(want, sizeof want, exts[i].fmt, val);
    if (rc != SF_ERR_INVALID || st.pos_kind != SF_POS_DWORD || st.pos != T_IMM + 1 || !strstr(st.msg, want))
      return tokens_fail(v, "extended", "extended operand token 0x%08x on l(0.5): %s at %llu, \"%s\"; want invalid at DWORD %u with \"%s\"",
                         (unsigned)exts[i].ext, sf_code_name(rc), (unsigned long long)st.pos, st.msg, (unsigned)T_IMM + 1, want);
  }
  /* a length one past the input: truncated at the opcode, naming both counts */
  memcpy(t, tmpl, sizeof tmpl);
  t[T_OP] = (t[T_OP] & ~(0x7fu << 24)) | (uint32_t)(T_LEN + 1) << 24;
  rc = decode(t, T_LEN, &st);
  char want[96];
  snprintf(want, sizeof want, "length %u overruns the input (%u DWORDs left)", (unsigned)T_LEN + 1, (unsigned)T_LEN);
  if (rc != SF_ERR_TRUNCATED || st.pos_kind != SF_POS_DWORD || st.pos != 0 || !strstr(st.msg, want))
    return tokens_fail(v, "length", "length %u over %u DWORDs: %s at %llu, \"%s\"; want truncated at DWORD 0 with \"%s\"",
                       (unsigned)T_LEN + 1, (unsigned)T_LEN, sf_code_name(rc), (unsigned long long)st.pos, st.msg, want);
  /* an extended opcode token chain that runs to the instruction's end (SAMPLE_CONTROLS saying more
   * follow, in a 2-DWORD instruction that ends the input, in a block of exactly its bytes): refused
   * at the DWORD after it, nothing read there */
  uint32_t *two = malloc(2 * sizeof *two);
  if (two) {
    two[0] = 0x80000048u | 2u << 24;
    two[1] = 0x80000001u;
    rc = decode(two, 2, &st);
    free(two);
    if (rc != SF_ERR_INVALID || st.pos_kind != SF_POS_DWORD || st.pos != 2 || !strstr(st.msg, "does not end inside the instruction (length 2)"))
      return tokens_fail(v, "chain", "sample_l of 2 DWORDs whose SAMPLE_CONTROLS token says more follow: %s at %llu, \"%s\"; want invalid "
                         "at DWORD 2, the chain not ending inside the instruction", sf_code_name(rc), (unsigned long long)st.pos, st.msg);
  }
  return program_refusals(v) && print_cap(v) && ctl_names(v) && gen_ctl(v) && dcl_ctl(v) && gen_ext(v) && enc_edges(v) &&
         dcl_imm(v) && dcl_cb_form(v);
}

SF_CHECK_ONCE_FN(sf_check_d3d_tokens)
