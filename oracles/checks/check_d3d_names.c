/* check_d3d_names.c — `sig_names`: the signature text spells D3D's enumerations by their values.
 *
 * A signature element line (docs/dxbc.md §10) writes three fields by name: the system value
 * (`sv=`), the component type (`type=`) and the minimum precision (`min=`). The printer and the
 * parser share one table per field, so a row with a wrong value (`f2_8` for 3 instead of 2) still
 * round-trips: every text the printer writes reads back to the same bytes, and no round-trip check
 * can see that the names lie. The answers here are transcribed from the public header that defines
 * the values, d3dcommon.h (D3D_NAME, D3D_REGISTER_COMPONENT_TYPE, D3D_MIN_PRECISION; Microsoft's
 * Direct3D 11 reference documents the same numbers), not from the printer's table: one ISG1
 * signature holds an element per named value, the container prints, and each element's line must
 * carry the name. The work is fixed, so it runs once per process, on the first input of the D3D
 * codec targets (sf_check_d3d_names_once). The file also holds the D3D codec's other fixed-work
 * checks, `bare_count`, `version_digits`, `interp_modes`, `resource_dims`, `float_words`, `int_range`,
 * `imm_values` (with `mask_letters`) and `program_cap` (at the end). */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"

typedef struct {
  uint32_t v;
  const char *name;
} answer;

/* D3D_NAME_*: 0 UNDEFINED ... 16 FINAL_LINE_DENSITY_TESSFACTOR, 64 TARGET ... 70 INNER_COVERAGE. */
static const answer sv_answers[] = {
    {0, "none"},
    {1, "position"},
    {2, "clip_distance"},
    {3, "cull_distance"},
    {4, "render_target_array_index"},
    {5, "viewport_array_index"},
    {6, "vertex_id"},
    {7, "primitive_id"},
    {8, "instance_id"},
    {9, "is_front_face"},
    {10, "sample_index"},
    {11, "final_quad_edge_tessfactor"},
    {12, "final_quad_inside_tessfactor"},
    {13, "final_tri_edge_tessfactor"},
    {14, "final_tri_inside_tessfactor"},
    {15, "final_line_detail_tessfactor"},
    {16, "final_line_density_tessfactor"},
    {64, "target"},
    {65, "depth"},
    {66, "coverage"},
    {67, "depth_greater_equal"},
    {68, "depth_less_equal"},
    {69, "stencil_ref"},
    {70, "inner_coverage"},
};
/* D3D_REGISTER_COMPONENT_UNKNOWN, _UINT32, _SINT32, _FLOAT32. */
static const answer type_answers[] = {{0, "unknown"}, {1, "uint"}, {2, "sint"}, {3, "float"}};
/* D3D_MIN_PRECISION_DEFAULT, _FLOAT_16, _FLOAT_2_8, _SINT_16, _UINT_16, _ANY_16, _ANY_10. */
static const answer min_answers[] = {{0, "default"}, {1, "f16"},     {2, "f2_8"},   {4, "i16"},
                                     {5, "u16"},     {0xf0, "any16"}, {0xf1, "any10"}};

#define NA(a) (sizeof(a) / sizeof((a)[0]))
#define SIG_NAMES_N NA(sv_answers) /* the longest list: every element gets one row of each, cyclically */

/* Whether line l (length n) holds the token `key=name` followed by a space or its end. */
static bool has_field(const char *l, size_t n, const char *key, const char *name) {
  size_t kl = strlen(key), nl = strlen(name);
  for (size_t i = 0; i + kl + nl <= n; i++)
    if ((i == 0 || l[i - 1] == ' ') && !memcmp(l + i, key, kl) && !memcmp(l + i + kl, name, nl) &&
        (i + kl + nl == n || l[i + kl + nl] == ' '))
      return true;
  return false;
}

/* The D3D text parser on text[0..n) with a cleared status. */
static sf_code d3d_text(const char *text, size_t n, sf_tpf_program *p, sf_status *st) {
  sf_status_clear(st);
  return sf_d3dasm_parse_program(text, n, p, st);
}

static bool names_fail(sf_verdict *v, const char *what, const char *detail) {
  return sf_verdict_failf(v, "sig_names", what, "%s", detail);
}

bool sf_check_d3d_names(sf_verdict *v) {
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc_sig sig;
  sf_dxbc_sig_init(&sig, SF_DXBC_FOURCC('I', 'S', 'G', '1'));
  bool ok = true;
  for (unsigned i = 0; i < SIG_NAMES_N && ok; i++) {
    sf_dxbc_sig_entry e;
    memset(&e, 0, sizeof e);
    memcpy(e.name, "N", 2);
    e.semantic_index = i;
    e.system_value = sv_answers[i].v;
    e.component_type = type_answers[i % NA(type_answers)].v;
    e.min_precision = min_answers[i % NA(min_answers)].v;
    e.reg = i;
    e.mask = e.rw_mask = 0xf;
    ok = sf_dxbc_sig_add(&sig, &e, &st) == SF_OK;
  }
  sf_buf body, cont, text;
  sf_buf_init(&body, &st);
  sf_buf_init(&cont, &st);
  sf_buf_init(&text, &st);
  if (ok) ok = sf_dxbc_sig_encode(&sig, &body, &st) == SF_OK;
  sf_dxbc_chunk ch = {SF_DXBC_FOURCC('I', 'S', 'G', '1'), 0, (uint32_t)body.len, body.data};
  if (ok) ok = sf_dxbc_write(&ch, 1, &cont, &st) == SF_OK;
  if (ok) ok = sf_dxbc_print_text(cont.data, cont.len, &text, &st) == SF_OK;
  if (!ok) {
    char msg[SF_STATUS_MSG_MAX + 64], d[SF_STATUS_MSG_MAX + 128];
    snprintf(d, sizeof d, "a signature of every named value does not encode or print: %s",
             sf_status_format(&st, msg, sizeof msg));
    names_fail(v, "print", d);
  }
  /* The element lines, in order: `.isg1 N <index> ...`. */
  const char *t = (const char *)text.data, *end = t + text.len;
  unsigned i = 0;
  while (ok && t < end) {
    const char *nl = memchr(t, '\n', (size_t)(end - t));
    size_t n = (size_t)((nl ? nl : end) - t);
    if (n > 8 && !memcmp(t, ".isg1 N ", 8)) {
      const answer *sv = &sv_answers[i], *ty = &type_answers[i % NA(type_answers)],
                   *mn = &min_answers[i % NA(min_answers)];
      const char *bad = i >= SIG_NAMES_N                  ? "a line too many"
                        : !has_field(t, n, "sv=", sv->name)   ? "sv="
                        : !has_field(t, n, "type=", ty->name) ? "type="
                        : !has_field(t, n, "min=", mn->name)  ? "min="
                                                              : NULL;
      if (bad) {
        char d[400];
        snprintf(d, sizeof d, "element %u (system value %u, component type %u, min precision 0x%x) prints as \"%.*s\": "
                 "want sv=%s type=%s min=%s (d3dcommon.h)", i, (unsigned)sv->v, (unsigned)ty->v, (unsigned)mn->v,
                 (int)(n < 200 ? n : 200), t, sv->name, ty->name, mn->name);
        ok = names_fail(v, bad, d);
      }
      i++;
    }
    t += n + 1;
  }
  if (ok && i != SIG_NAMES_N) {
    char d[96];
    snprintf(d, sizeof d, "%u element lines printed for %zu elements", i, (size_t)SIG_NAMES_N);
    ok = names_fail(v, "lines", d);
  }
  sf_buf_free(&text);
  sf_buf_free(&cont);
  sf_buf_free(&body);
  sf_dxbc_sig_free(&sig);
  return ok;
}

SF_CHECK_ONCE_FN(sf_check_d3d_names)

/* `bare_count` (once per process, with `program_cap`): a register written without a component
 * suffix has its type's bare component count (docs/dxbc.md §3: 0-component operands are bare,
 * `s0`; the scalar system registers, `vPrim` and the like, are bare 1-component). The scalar ones
 * are D3D's one-value system registers (the D3D11.3 functional spec's system values: primitive id,
 * coverage, flattened thread index, GS instance, inner coverage, control point, fork and join
 * instance; depth, sample mask, stencil reference), transcribed here, not taken from the text
 * table; the vector thread and domain registers are bare 0-component, as is every other register
 * file (`r1`, `cb0[1]`, `t0`: a person rarely writes one bare, fxc only `s0`). The printer and the parser
 * share that table, so a wrong count there round-trips; only text written by someone else (an
 * fxc listing, a person) reads differently. Each is read as the source of `mov r0.x, NAME` (the
 * outputs as its destination) and its operand token's component count compared. */
static bool bare_counts(sf_verdict *v) {
  static const struct {
    const char *name;
    unsigned nc;
    bool dst;
  } regs[] = {
      {"vPrim", 1, false},           {"vCoverage", 1, false},        {"vThreadIDInGroupFlattened", 1, false},
      {"vGSInstanceID", 1, false},   {"vInnerCoverage", 1, false},   {"vOutputControlPointID", 1, false},
      {"vForkInstanceID", 1, false}, {"vJoinInstanceID", 1, false},  {"oDepth", 1, true},
      {"oMask", 1, true},            {"oDepthGE", 1, true},          {"oDepthLE", 1, true},
      {"oStencilRef", 1, true},      {"vThreadID", 0, false},        {"vThreadGroupID", 0, false},
      {"vThreadIDInGroup", 0, false}, {"vDomain", 0, false},
      /* and every register file that is not a one-value system register: bare is 0 components */
      {"r1", 0, false},              {"v1", 0, false},               {"x0[1]", 0, false},
      {"s0", 0, false},              {"t0", 0, false},               {"cb0[1]", 0, false},
      {"icb[1]", 0, false},          {"u0", 0, false},               {"g0", 0, false},
      {"o1", 0, true},               {"l", 0, false}, /* an immediate's file without its values */
  };
  for (size_t i = 0; i < sizeof regs / sizeof regs[0]; i++) {
    char text[96];
    int len = snprintf(text, sizeof text, regs[i].dst ? "ps_5_0\nmov %s, r0.x\n" : "cs_5_0\nmov r0.x, %s\n", regs[i].name);
    sf_tpf_program p;
    sf_status st;
    sf_code rc = d3d_text(text, (size_t)len, &p, &st);
    /* the operand's token: the destination right after the opcode token, or the source after
     * r0.x (its token and one index) */
    const sf_tpf_item *it = rc == SF_OK && p.count == 1 ? &p.items[0] : NULL;
    size_t at = regs[i].dst ? 1 : 3;
    unsigned got = it && it->kind == SF_TPF_ITEM_OPAQUE && it->ntok > at ? it->tok[at] & 3u : 4u;
    if (rc == SF_OK) sf_tpf_program_free(&p);
    if (got == regs[i].nc) continue;
    char d[SF_STATUS_MSG_MAX + 160];
    snprintf(d, sizeof d, "%s written bare reads as %s, want %u component%s", regs[i].name,
             got == 4 ? (rc == SF_OK ? "another shape" : st.msg) : got == 1 ? "1 component" : got == 0 ? "0 components" : "4 components",
             regs[i].nc, regs[i].nc == 1 ? "" : "s");
    return sf_verdict_failf(v, "bare_count", regs[i].name, "%s", d);
  }
  return true;
}

/* `magic_class` (once per process, with `program_cap`): what sf_dxbc_read says of a file that is not
 * a DXBC container, from its first DWORD. A Direct3D 9 token stream (0xFFFF or 0xFFFE over a
 * version 1.x-3.x) and an fx_2_0 effect (0xFEFF0901) are valid formats outside the model:
 * SF_UNSUPPORTED at byte 0; any other first DWORD is SF_ERR_INVALID at byte 0. Each magic is
 * followed by 60 zero bytes. The table holds each test's edges: a D3D9 high half with versions 0
 * and 4, a version 1-3 under another high half, the fx_2_0 word plus one, DXBC's bytes reversed. */
static bool magic_class(sf_verdict *v) {
  static const struct {
    uint32_t magic;
    sf_code want;
  } t[] = {
      {0xFFFF0200u, SF_UNSUPPORTED}, {0xFFFE0300u, SF_UNSUPPORTED}, {0xFFFF0101u, SF_UNSUPPORTED},
      {0xFEFF0901u, SF_UNSUPPORTED}, {0xFFFF0000u, SF_ERR_INVALID},  {0xFFFE0400u, SF_ERR_INVALID},
      {0x12340200u, SF_ERR_INVALID}, {0x00000300u, SF_ERR_INVALID},  {0xFFFD0200u, SF_ERR_INVALID},
      {0xFEFF0902u, SF_ERR_INVALID}, {0x44584243u, SF_ERR_INVALID},
  };
  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    uint8_t b[64] = {0};
    for (unsigned k = 0; k < 4; k++) b[k] = (uint8_t)(t[i].magic >> (8 * k));
    sf_dxbc c;
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_dxbc_read(b, sizeof b, &c, &st);
    sf_dxbc_free(&c);
    if (rc == t[i].want && st.pos_kind == SF_POS_BYTE && st.pos == 0) continue;
    char d[SF_STATUS_MSG_MAX + 160];
    snprintf(d, sizeof d, "a file whose first DWORD is 0x%08x gave %s at %llu, want %s at byte 0: %s", (unsigned)t[i].magic,
             sf_code_name(rc), (unsigned long long)st.pos, sf_code_name(t[i].want), st.msg);
    return sf_verdict_failf(v, "magic_class", t[i].want == SF_UNSUPPORTED ? "unsupported" : "invalid", "%s", d);
  }
  return true;
}

/* `sig_name_cap` (once per process, with `program_cap`): sf_dxbc_write_signature (the short form
 * the asm command and the D3D12 backend fill in) takes a semantic name of SF_DXBC_SIG_NAME_MAX - 1
 * bytes, read back whole with each other field (a value of its own, none 0) as written, and refuses
 * one byte longer as invalid, naming the longest that fits; the reader refuses a chunk with a name
 * one byte longer as unsupported at the name, naming the longest it reads; and the container text's
 * signature line with such a name is over the limit at the name, naming the longest, a number of
 * that line in hex reads with 8 digits and is out of range at its first digit with 9, and the line
 * of one element past a signature's cap is over the limit on that line. */
static bool sig_name_cap(sf_verdict *v) {
  char name[SF_DXBC_SIG_NAME_MAX + 1];
  for (unsigned len = SF_DXBC_SIG_NAME_MAX - 1; len <= SF_DXBC_SIG_NAME_MAX; len++) {
    memset(name, 'N', len);
    name[len] = 0;
    sf_dxbc_sig_elem e = {name, 5, 1, 3, 2, 0xF, 0x3};
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_code rc = sf_dxbc_write_signature(&e, 1, &b, &st);
    bool ok;
    const char *phase = len == SF_DXBC_SIG_NAME_MAX ? "over" : "at_cap";
    char d[SF_STATUS_MSG_MAX + 160];
    if (len == SF_DXBC_SIG_NAME_MAX) { /* refused, and the message gives the longest name that fits */
      char cap[16];
      snprintf(cap, sizeof cap, "%u bytes", SF_DXBC_SIG_NAME_MAX - 1);
      ok = rc == SF_ERR_INVALID && strstr(st.msg, cap);
      snprintf(d, sizeof d, "a %u-byte semantic name gave %s, want invalid: %s", len, sf_code_name(rc), st.msg);
    } else {
      sf_dxbc_sig back;
      sf_status st2;
      sf_status_clear(&st2);
      sf_code r2 = rc == SF_OK ? sf_dxbc_sig_decode(sf_dxbc_sig_kinds[0], b.data, b.len, &back, &st2) : rc;
      const sf_dxbc_sig_entry *x = r2 == SF_OK && back.n == 1 ? &back.e[0] : NULL;
      ok = x && strlen(x->name) == len;
      bool same = x && x->semantic_index == 5 && x->system_value == 1 && x->component_type == 3 && x->reg == 2;
      if (ok && !(same && x->mask == 0xF && x->rw_mask == 0x3)) phase = "fields", ok = false; /* as written */
      snprintf(d, sizeof d, "a %u-byte semantic name (the cap) gave %s / %s on reading back%s: %s", len, sf_code_name(rc),
               sf_code_name(r2), *phase == 'f' ? ", another index, system value, type, register or mask" : "",
               rc ? st.msg : st2.msg);
      if (r2 == SF_OK) sf_dxbc_sig_free(&back);
      /* the reader likewise: the same chunk with one more byte of name (inserted before its NUL) is
       * refused as unsupported at the name's offset, the message naming the longest name read */
      const uint8_t *nm = ok ? memchr(b.data, 'N', b.len) : NULL;
      const uint8_t *nul = nm ? memchr(nm, 0, b.len - (size_t)(nm - b.data)) : NULL;
      uint8_t *w = nul ? malloc(b.len + 1) : NULL;
      if (w) {
        size_t at = (size_t)(nul - b.data);
        memcpy(w, b.data, at);
        w[at] = 'N';
        memcpy(w + at + 1, b.data + at, b.len - at);
        sf_status_clear(&st2);
        r2 = sf_dxbc_sig_decode(sf_dxbc_sig_kinds[0], w, b.len + 1, &back, &st2);
        if (r2 == SF_OK) sf_dxbc_sig_free(&back);
        free(w);
        char cap[24];
        snprintf(cap, sizeof cap, "exceeds %u", SF_DXBC_SIG_NAME_MAX - 1);
        phase = "reader";
        ok = r2 == SF_UNSUPPORTED && st2.pos_kind == SF_POS_BYTE && st2.pos == (uint64_t)(nm - b.data) && strstr(st2.msg, cap);
        snprintf(d, sizeof d, "a chunk with a %u-byte semantic name read as %s at byte %llu (want unsupported at %zu, '%s'): %s",
                 len + 1, sf_code_name(r2), (unsigned long long)st2.pos, (size_t)(nm - b.data), cap, st2.msg);
      }
    }
    sf_buf_free(&b);
    if (!ok) return sf_verdict_failf(v, "sig_name_cap", phase, "%s", d);
  }
  { /* an entry whose name fills its array without a NUL is refused as invalid, naming the element,
     * and nothing is written (dxbc.h): written, it had no NUL in the chunk, and a comparison of it ran
     * past its array into the entry's next fields */
    static sf_dxbc_sig_entry full[2];
    static sf_dxbc_sig two;
    memset(full, 0, sizeof full);
    two = (sf_dxbc_sig){sf_dxbc_sig_kinds[0], full, 2, 2};
    strcpy(full[0].name, "N");
    memset(full[1].name, 'N', sizeof full[1].name);
    for (unsigned k = 0; k < 2; k++) full[k].component_type = 3, full[k].mask = full[k].rw_mask = 0xF;
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_code rc = sf_dxbc_sig_encode(&two, &b, &st);
    size_t wrote = b.len;
    sf_buf_free(&b);
    if (rc != SF_ERR_INVALID || !strstr(st.msg, "element 1") || wrote) {
      char d[SF_STATUS_MSG_MAX + 192];
      snprintf(d, sizeof d, "element 1's name fills its %u bytes without a NUL: the encoder gave %s after %zu bytes (want "
               "invalid, naming element 1, nothing written): %s", SF_DXBC_SIG_NAME_MAX, sf_code_name(rc), wrote, st.msg);
      return sf_verdict_failf(v, "sig_name_cap", "unterminated", "%s", d);
    }
  }
  /* and the container text: an .isgn line whose name is one byte past the longest is over the
   * limit at the name's first character (2:7), the message naming the longest */
  char text[SF_DXBC_SIG_NAME_MAX + 160];
  memset(name, 'N', SF_DXBC_SIG_NAME_MAX);
  name[SF_DXBC_SIG_NAME_MAX] = 0;
  int tl = snprintf(text, sizeof text, ".dxbc\n.isgn %s 0 sv=none type=float r=0 mask=xyzw rw=xyzw\n.program SHEX\nps_5_0\nret\n",
                    name);
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  sf_code rc = sf_dxbc_parse_text(text, (size_t)tl, &b, &st);
  sf_buf_free(&b);
  if (rc == SF_ERR_NOMEM) return true;
  char cap[24], d[SF_STATUS_MSG_MAX + 160];
  snprintf(cap, sizeof cap, "%u bytes", SF_DXBC_SIG_NAME_MAX - 1);
  if (!(rc == SF_ERR_LIMIT && st.pos_kind == SF_POS_TEXT && st.line == 2 && st.col == 7 && strstr(st.msg, cap))) {
    snprintf(d, sizeof d, "an .isgn line with a %u-byte name gave %s at %u:%u, want over the limit at 2:7 naming '%s': %s",
             SF_DXBC_SIG_NAME_MAX, sf_code_name(rc), (unsigned)st.line, (unsigned)st.col, cap, st.msg);
    return sf_verdict_failf(v, "sig_name_cap", "text", "%s", d);
  }
  /* a number of the signature line in hex reads with 8 digits and is out of range at its first
   * digit with 9 (the semantic index here, 2:11) */
  static const char *const hexes[2] = {"0xFFFFFFFF", "0x100000000"};
  for (unsigned q = 0; q < 2; q++) {
    tl = snprintf(text, sizeof text, ".dxbc\n.isgn T %s sv=none type=float r=0 mask=xyzw rw=xyzw\n.program SHEX\nps_5_0\nret\n",
                  hexes[q]);
    sf_status_clear(&st);
    sf_buf_init(&b, &st);
    rc = sf_dxbc_parse_text(text, (size_t)tl, &b, &st);
    sf_buf_free(&b);
    if (rc == SF_ERR_NOMEM) return true;
    if (q ? rc == SF_ERR_RANGE && st.pos_kind == SF_POS_TEXT && st.line == 2 && st.col == 11 : rc == SF_OK) continue;
    snprintf(d, sizeof d, "an .isgn line with semantic index %s gave %s at %u:%u, want %s: %s", hexes[q], sf_code_name(rc),
             (unsigned)st.line, (unsigned)st.col, q ? "out of range at 2:11" : "it read", st.msg);
    return sf_verdict_failf(v, "sig_name_cap", "hex_digits", "%s", d);
  }
  /* and one element past a signature's cap (SF_DXBC_SIG_MAX_ELEMS) is over the limit on its own
   * line, the capped count read */
  static const char elem[] = ".isgn T 0 sv=none type=float r=0 mask=xyzw rw=xyzw\n";
  size_t el = sizeof elem - 1, cap_n = SF_DXBC_SIG_MAX_ELEMS + 1u, tn = 6 + cap_n * el;
  char *big = malloc(tn + 1);
  if (!big) return true;
  memcpy(big, ".dxbc\n", 6);
  for (size_t i = 0; i < cap_n; i++) memcpy(big + 6 + i * el, elem, el);
  sf_status_clear(&st);
  sf_buf_init(&b, &st);
  rc = sf_dxbc_parse_text(big, tn, &b, &st);
  sf_buf_free(&b);
  free(big);
  if (rc == SF_ERR_NOMEM || (rc == SF_ERR_LIMIT && st.pos_kind == SF_POS_TEXT && st.line == cap_n + 1)) return true;
  snprintf(d, sizeof d, "%zu .isgn lines gave %s at line %u, want over the limit at line %zu: %s", cap_n, sf_code_name(rc),
           (unsigned)st.line, cap_n + 1, st.msg);
  return sf_verdict_failf(v, "sig_name_cap", "elements", "%s", d);
}

/* `sm51_case` (every program text that reads back): fxc spells the resource, sampler,
 * constant-buffer and UAV registers of shader model 5.1 and later upper case (T0[0], S0[0],
 * CB0[0][1], U0[0]: their register ranges are new there) and those of the earlier models lower case
 * (t0, s0, cb0[1], u0), but for the register of a `dcl_constantbuffer` line, upper case in every
 * model (CB0[14]). The parser reads either case, so only the printed letters tell. Every token of
 * those names followed by digits (outside the first line, comments and `.tpf` lines) must have the
 * case of the program's model. */
bool sf_check_d3d_sm51_case(sf_verdict *v, const char *t, size_t n, uint32_t version) {
  unsigned major = (version >> 4) & 0xFu, minor = version & 0xFu;
  bool sm51 = major > 5 || (major == 5 && minor >= 1), dcl_cb = false;
  size_t i = 0;
  while (i < n && t[i] != '\n') i++;
  for (; i < n; i++) {
    if (t[i] == '\n') {
      size_t j = i + 1;
      while (j < n && (t[j] == ' ' || t[j] == '\t')) j++;
      dcl_cb = n - j >= 18 && !memcmp(t + j, "dcl_constantbuffer", 18);
      if (n - j >= 4 && !memcmp(t + j, ".tpf", 4))
        while (j < n && t[j] != '\n') j++;
      i = j - 1;
      continue;
    }
    if (t[i] == '/' && i + 1 < n && t[i + 1] == '/') {
      while (i + 1 < n && t[i + 1] != '\n') i++;
      continue;
    }
    char a = t[i], b = i + 1 < n ? t[i + 1] : 0;
    bool word = i > 0 && (isalnum((unsigned char)t[i - 1]) || t[i - 1] == '_');
    size_t l = ((a | 0x20) == 'c' && (b | 0x20) == 'b') ? 2 : (a && strchr("tsuTSU", a)) ? 1 : 0;
    if (word || !l || i + l >= n || !isdigit((unsigned char)t[i + l])) continue;
    size_t j = i + l;
    while (j < n && isdigit((unsigned char)t[j])) j++;
    if (j < n && (isalpha((unsigned char)t[j]) || t[j] == '_')) continue;
    bool up = a >= 'A' && a <= 'Z', want = sm51 || (l == 2 && dcl_cb);
    if (l == 2 && up != (b >= 'A' && b <= 'Z')) up = !want; /* mixed case: wrong either way */
    if (up == want) continue;
    char d[200];
    size_t ls = i;
    while (ls > 0 && t[ls - 1] != '\n') ls--;
    size_t le = i;
    while (le < n && t[le] != '\n') le++;
    snprintf(d, sizeof d, "shader model %u.%u: '%.*s' is %s case, fxc writes it %s case: %.*s", major, minor, (int)(j - i), t + i,
             up ? "upper" : "lower", want ? "upper" : "lower", (int)(le - ls > 120 ? 120 : le - ls), t + ls);
    return sf_verdict_failf(v, "sm51_case", want ? "lower" : "upper", "%s", d);
  }
  return true;
}

/* `program_cap` (once per process, beside `sig_names`): sf_tpf_program_decode takes a program of
 * exactly SF_TPF_MAX_PROGRAM_TOKENS DWORDs (the header and one comment customdata block filling the
 * rest) and refuses one DWORD more as SF_ERR_LIMIT at DWORD 0, the length it judged. No fuzz input is
 * 4 MiB long, so without this the cap's test and its position were never run. A program of the cap
 * built through the API (sf_tpf_program_add_tokens) also encodes whole. */
/* `version_digits` (once per process, with `program_cap`): the text's `.version 0x<hex>` line takes
 * 1-8 digits. Eight, or three, read as that token; none is refused at the column after `0x`, and nine or more
 * at the ninth digit (the first one too many), not wherever the scan of them stopped. */
static bool version_digits(sf_verdict *v) {
  static const char digits[] = "00c0ffee5a7b3c9d";
  static const unsigned count[5] = {0, 3, 8, 9, 16};
  if (!sf_check_version_lines(v)) return false; /* the printer's side (check_d3d_caps.c) */
  { /* and without the "0x": refused right after ".version ", where the "0x" should be */
    static const char text[] = ".version c0ffee\n";
    sf_tpf_program p;
    sf_status st;
    sf_code rc = d3d_text(text, sizeof text - 1, &p, &st);
    sf_tpf_program_free(&p);
    if (rc != SF_ERR_SYNTAX || st.pos_kind != SF_POS_TEXT || st.line != 1 || st.col != 10) {
      char d[SF_STATUS_MSG_MAX + 96];
      snprintf(d, sizeof d, "'.version c0ffee' (no 0x): %s at %u:%u (%s), want a syntax error at 1:10", sf_code_name(rc),
               (unsigned)st.line, (unsigned)st.col, st.msg);
      return sf_verdict_failf(v, "version_digits", "no_0x", "%s", d);
    }
  }
  for (unsigned q = 0; q < 5; q++) {
    unsigned k = count[q];
    const char *from = k == 3 ? digits + 8 : digits; /* 3 digits: "5a7", read as 0x5a7 */
    char text[48];
    int len = snprintf(text, sizeof text, ".version 0x%.*s\n", (int)k, from);
    sf_tpf_program p;
    sf_status st;
    sf_code rc = d3d_text(text, (size_t)len, &p, &st);
    uint32_t version = p.version;
    sf_tpf_program_free(&p);
    bool read = k == 3 || k == 8;
    bool ok = read ? rc == SF_OK && version == (k == 8 ? 0x00c0ffeeu : 0x5a7u)
                   : rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == 1 && st.col == (k ? 20u : 12u);
    if (ok) continue;
    char d[SF_STATUS_MSG_MAX + 96];
    snprintf(d, sizeof d, "'.version 0x' and %u hex digits: %s at %u:%u (%s), version 0x%x%s", k, sf_code_name(rc),
             (unsigned)st.line, (unsigned)st.col, st.msg, (unsigned)version,
             read ? ", want the token read" : k ? ", want a syntax error at 1:20" : ", want a syntax error at 1:12");
    return sf_verdict_failf(v, "version_digits", read ? "read" : "refused", "%s", d);
  }
  return true;
}

/* `float_words` (once per process, with `program_cap`): the immediates a person writes as words,
 * inf, -inf and nan (fxc's listings and D3DDisassemble print them so), read as the float32 bits
 * 0x7f800000, 0xff800000 and the quiet NaN 0x7fc00000. Our printer writes non-finite values in hex,
 * so no round trip passes through those words. */
static bool float_words(sf_verdict *v) {
  static const char text[] = "ps_4_0\nmov r0.xyzw, l(inf, -inf, nan, 1.5)\n";
  static const uint32_t want[4] = {0x7f800000u, 0xff800000u, 0x7fc00000u, 0x3fc00000u};
  sf_tpf_program p;
  sf_status st;
  sf_code rc = d3d_text(text, sizeof text - 1, &p, &st);
  bool ok = false;
  uint32_t got[4] = {0, 0, 0, 0};
  if (rc == SF_OK && p.count >= 1 && p.items[0].kind == SF_TPF_ITEM_OPAQUE && p.items[0].ntok >= 4) {
    memcpy(got, p.items[0].tok + p.items[0].ntok - 4, sizeof got);
    ok = !memcmp(got, want, sizeof want);
  }
  sf_tpf_program_free(&p);
  if (ok || rc == SF_ERR_NOMEM) return true;
  char d[SF_STATUS_MSG_MAX + 160];
  snprintf(d, sizeof d, "'mov r0.xyzw, l(inf, -inf, nan, 1.5)': %s (%s), immediates 0x%08x 0x%08x 0x%08x 0x%08x; want "
           "0x7f800000 0xff800000 0x7fc00000 0x3fc00000", sf_code_name(rc), st.msg, got[0], got[1], got[2], got[3]);
  return sf_verdict_failf(v, "float_words", rc == SF_OK ? "bits" : "refused", "%s", d);
}

/* `int_range` (once per process, with `program_cap`): a decimal integer immediate is one 32-bit word,
 * read as signed or unsigned, so -2147483648 and 4294967295 are read (as 0x80000000 and 0xffffffff)
 * and one past either end, or a number past 64 bits, is refused as out of range at the number (the
 * column after "l("), not cut to 32 bits. MSVC's infinity and NaN spellings (`1.#INF00`, `-1.#IND00`,
 * ...) read as the words fxc means by them. */
static bool int_range(sf_verdict *v) {
  static const struct {
    const char *num;
    bool read;
    uint32_t bits;
  } cases[11] = {{"4294967295", true, 0xffffffffu},
                 {"-2147483648", true, 0x80000000u},
                 {"4294967296", false, 0},
                 {"-2147483649", false, 0},
                 {"99999999999999999999", false, 0},
                 /* and MSVC's special spellings, which the printer never writes, each as its word */
                 {"1.#INF00", true, 0x7f800000u}, {"-1.#INF00", true, 0xff800000u}, {"1.#QNAN0", true, 0x7fc00000u},
                 {"-1.#QNAN0", true, 0xffc00000u}, {"1.#IND00", true, 0x7fc00000u}, {"-1.#IND00", true, 0xffc00000u}};
  for (unsigned q = 0; q < sizeof cases / sizeof cases[0]; q++) {
    char text[64];
    int len = snprintf(text, sizeof text, "ps_4_0\nmov r0.x, l(%s)\n", cases[q].num);
    sf_tpf_program p;
    sf_status st;
    sf_code rc = d3d_text(text, (size_t)len, &p, &st);
    uint32_t got = 0;
    bool have = rc == SF_OK && p.count >= 1 && p.items[0].kind == SF_TPF_ITEM_OPAQUE && p.items[0].ntok >= 1;
    if (have) got = p.items[0].tok[p.items[0].ntok - 1];
    sf_tpf_program_free(&p);
    if (rc == SF_ERR_NOMEM) return true;
    bool ok = cases[q].read ? have && got == cases[q].bits
                            : rc == SF_ERR_RANGE && st.pos_kind == SF_POS_TEXT && st.line == 2 && st.col == 13;
    if (ok) continue;
    char d[SF_STATUS_MSG_MAX + 128];
    snprintf(d, sizeof d, "'mov r0.x, l(%s)': %s at %u:%u (%s), immediate 0x%08x; want %s", cases[q].num, sf_code_name(rc),
             (unsigned)st.line, (unsigned)st.col, st.msg, got,
             cases[q].read ? "it read as one word" : "out of range at 2:13");
    return sf_verdict_failf(v, "int_range", cases[q].read ? "read" : "refused", "%s", d);
  }
  return true;
}

/* `imm_values` (once per process, with `program_cap`): an `l(...)` immediate holds 1 or 4 values
 * (docs/dxbc.md, as fxc writes them): four read, a fifth is refused as a syntax error at its first
 * character (the parser stops before it: one more value would be stored past the operand's four),
 * and two are refused at the ')' after them. With it `mask_letters`: a destination's write mask
 * reads with its letters distinct and in xyzw order (`.xzw`), and a repeated letter (`.xxz`) or
 * one out of order (`.zy`) is refused as a syntax error at the mask's first letter; and
 * `group_twice`: an offset, dimension (with or without a stride) or return-type group given twice
 * is refused as a syntax error at the second group's '('. */
static bool imm_values(sf_verdict *v) {
  static const struct {
    const char *line, *name;
    unsigned col; /* 0: reads */
  } cases[10] = {{"mov r0, l(1, 2, 3, 4)", "imm_values", 0},   {"mov r0, l(1, 2, 3, 4, 5)", "imm_values", 23},
                 {"mov r0, l(1, 2)", "imm_values", 16},        {"mov r0.xzw, l(1, 2, 3, 4)", "mask_letters", 0},
                 {"mov r0.xxz, l(1, 2, 3, 4)", "mask_letters", 8}, {"mov r0.zy, l(1, 2, 3, 4)", "mask_letters", 8},
                 /* a group given twice: refused at the second group's '(' */
                 {"sample_aoffimmi(1,1,1)(1,1,1) r0.xyzw, v0.xyxx, t0.xyzw, s0", "group_twice", 23},
                 {"sample_indexable(texture2d)(texture2d) r0.xyzw, v0.xyxx, t0.xyzw, s0", "group_twice", 28},
                 {"sample_indexable(buffer, stride=4)(buffer, stride=4) r0.xyzw, v0.xyxx, t0.xyzw, s0", "group_twice", 35},
                 {"sample_indexable(float,float,float,float)(float,float,float,float) r0.xyzw, v0.xyxx, t0.xyzw, s0",
                  "group_twice", 42}};
  for (unsigned q = 0; q < 10; q++) {
    char text[128];
    int len = snprintf(text, sizeof text, "ps_4_0\n%s\n", cases[q].line);
    sf_tpf_program p;
    sf_status st;
    sf_code rc = d3d_text(text, (size_t)len, &p, &st);
    sf_tpf_program_free(&p);
    if (rc == SF_ERR_NOMEM) return true;
    bool ok = cases[q].col ? rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == 2 && st.col == cases[q].col
                           : rc == SF_OK;
    if (ok) continue;
    char d[SF_STATUS_MSG_MAX + 128];
    snprintf(d, sizeof d, "'%s': %s at %u:%u (%s); want %s at 2:%u", cases[q].line, sf_code_name(rc), (unsigned)st.line,
             (unsigned)st.col, st.msg, cases[q].col ? "a syntax error" : "it read", cases[q].col);
    return sf_verdict_failf(v, cases[q].name, cases[q].col ? "refused" : "read", "%s", d);
  }
  return true;
}

/* `escape_reason` (once per process, with `program_cap`): the reason the printer gives for a `.tpf`
 * escape says what the text cannot hold, with its numbers. fxc's samplepos of the vkd3d test
 * ps_code-L32210 (tests/data/real/dxbc-vkd3d) has a length of 9 DWORDs for 8 DWORDs of operands and
 * a zero DWORD, which reads as a fourth operand: refused as unsupported, "4 operands, the table says
 * 3". The same tokens without that DWORD (length 8) print, and with it but a length field of 8 are
 * refused naming both counts ("length field 8 != 9 DWORDs"), the API being open to any tokens. An
 * immediate constant buffer whose length DWORD is not its size, or that is cut before it, is refused
 * naming the size, and a resource's return type 10 (past the names) naming the number. A
 * declaration whose operand does not decode is refused naming the operand, in the decoder's words. */
static bool escape_reason(sf_verdict *v) {
  uint32_t tok[9] = SF_CHECK_SAMPLEPOS9_TOKENS;
  /* 0: length 9, 9 DWORDs; 1: length 8, 8 DWORDs (prints); 2: length 8 given 9 DWORDs */
  static const char *const want[3] = {"4 operands, the table says 3", NULL, "length field 8 != 9 DWORDs"};
  static const char *const what[3] = {"a 9-DWORD length", "its 8 DWORDs", "a length of 8 given 9 DWORDs"};
  for (unsigned q = 0; q < 3; q++) {
    if (q) tok[0] = 0x0800006eu;
    sf_status st;
    sf_code rc = sf_check_print_tokens(tok, q == 1 ? 8 : 9, 0x00000050u, &st);
    if (rc == SF_ERR_NOMEM) return true;
    if (want[q] ? rc == SF_UNSUPPORTED && strstr(st.msg, want[q]) : rc == SF_OK) continue;
    char d[SF_STATUS_MSG_MAX + 128];
    snprintf(d, sizeof d, "samplepos with %s gave %s (%s); want %s%s%s", what[q], sf_code_name(rc), st.msg,
             want[q] ? "unsupported, '" : "it printed", want[q] ? want[q] : "", want[q] ? "'" : "");
    return sf_verdict_failf(v, "escape_reason", want[q] ? "reason" : "print", "%s", d);
  }
  /* an immediate constant buffer (customdata, class 3) whose length DWORD is not its size, and one
   * cut after its opcode token (exactly one DWORD, so a read of a second is out of bounds): the
   * reason names the size the tokens have */
  static const uint32_t icb_long[4] = {0x00001835u, 5, 0x3f800000u, 0}, icb_cut[1] = {0x00001835u};
  static const struct {
    const uint32_t *tok;
    size_t n;
    const char *want;
  } icbs[2] = {{icb_long, 4, "customdata length DWORD does not match (4)"}, {icb_cut, 1, "customdata length DWORD does not match (1)"}};
  sf_status st;
  /* a dcl_resource (texture2d, t0) whose return-type DWORD holds 10, one past the last name
   * (`continued`, `unused` being 8 and 9), in its first nibble: refused naming the number */
  static const uint32_t rt10[4] = {0x04001858u, 0x00107000u, 0, 0x0000555Au};
  sf_code rc = sf_check_print_tokens(rt10, 4, 0x00000050u, &st);
  if (rc != SF_ERR_NOMEM && !(rc == SF_UNSUPPORTED && strstr(st.msg, "return type 10 has no name")))
    return sf_verdict_failf(v, "escape_reason", "rettype", "a dcl_resource of return types (10,float,float,float) gave %s (%s); "
                            "want unsupported, 'return type 10 has no name'", sf_code_name(rc), st.msg);
  for (unsigned q = 0; q < 2; q++) {
    rc = sf_check_print_tokens(icbs[q].tok, icbs[q].n, 0x00000050u, &st);
    if (rc == SF_ERR_NOMEM || (rc == SF_UNSUPPORTED && strstr(st.msg, icbs[q].want))) continue;
    return sf_verdict_failf(v, "escape_reason", "customdata", "an immediate constant buffer of %zu DWORDs, its length DWORD %s, "
                            "gave %s (%s); want unsupported, '%s'", icbs[q].n, icbs[q].n > 1 ? "5" : "missing",
                            sf_code_name(rc), st.msg, icbs[q].want);
  }
  /* a declaration whose operand does not decode (dcl_sampler of register type 0xff): the reason
   * says it is the operand, with the decoder's own words */
  static const uint32_t dcl[3] = {0x0300005au, 0x001ff000u, 0};
  rc = sf_check_print_tokens(dcl, 3, 0x00000050u, &st);
  if (rc == SF_ERR_NOMEM || (rc == SF_UNSUPPORTED && strstr(st.msg, "operand: ") && strstr(st.msg, "255"))) return true;
  return sf_verdict_failf(v, "escape_reason", "operand", "dcl_sampler of register type 0xff gave %s (%s); want unsupported, "
                          "naming the operand and its type 255", sf_code_name(rc), st.msg);
}

/* `listing_prefix` (once per process, with `program_cap`): the instruction numbers and byte offsets
 * that D3DDisassemble writes before each line ("   12  0x000000A8: ", "0x0C: ", "3: ") are
 * skipped, so `ret` behind each reads as one instruction; a line that only looks like one (a letter
 * or a 'y' for the "0x", no ':' after the offset, digits run into a word: "7ret") is not a prefix,
 * and the program is refused as a syntax error on that line. */
static bool listing_prefix(sf_verdict *v) {
  static const struct {
    const char *prefix;
    bool read;
  } pre[9] = {{"   12  0x000000A8: ", true}, {"0x0C: ", true}, {"0X1c: ", true}, {"3: ", true}, {"Ax0C: ", false},
              {"0y0C: ", false}, {"1x0C: ", false}, {"0x0C ", false}, {"7", false}}; /* "7ret": a word, not a number */
  for (unsigned q = 0; q < 9; q++) {
    char text[64];
    int len = snprintf(text, sizeof text, "ps_4_0\n%sret\n", pre[q].prefix);
    sf_tpf_program p;
    sf_status st;
    sf_code rc = d3d_text(text, (size_t)len, &p, &st);
    size_t count = rc == SF_OK ? p.count : 0;
    if (rc == SF_OK) sf_tpf_program_free(&p);
    if (pre[q].read ? rc == SF_OK && count == 1 : rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == 2) continue;
    char d[SF_STATUS_MSG_MAX + 96];
    snprintf(d, sizeof d, "'%sret': %s at %u:%u (%s), %zu items; want %s", pre[q].prefix, sf_code_name(rc), (unsigned)st.line,
             (unsigned)st.col, st.msg, count, pre[q].read ? "one instruction" : "a syntax error on line 2");
    return sf_verdict_failf(v, "listing_prefix", pre[q].read ? "read" : "refused", "%s", d);
  }
  return true;
}

/* The tokens of one ps_5_0 instruction or declaration printed as text (the text is dropped). */
static sf_code print_ps50(const uint32_t *tok, size_t n, sf_status *st) { return sf_check_print_tokens(tok, n, 0x50, st); }

/* `interp_modes` (once per process, with `program_cap`): dcl_input_ps with each of the 16 values of
 * its interpolation field: modes 1-7 print by name (D3D10_SB_INTERPOLATION_MODE: constant, linear,
 * linear centroid, ...) and read back to the same tokens; 0 (undefined) and 8-15 have no name, and
 * the printer refuses them as unsupported (the program printer then escapes them as `.tpf`). */
static bool interp_modes(sf_verdict *v) {
  for (uint32_t mode = 0; mode < 16; mode++) {
    const uint32_t tok[3] = {0x62u | mode << 11 | 3u << 24, 0x001010f2u, 0}; /* dcl_input_ps <mode> v0.xyzw */
    sf_status st;
    sf_code rc = print_ps50(tok, 3, &st);
    bool named = mode >= 1 && mode <= 7;
    if (rc == (named ? SF_OK : SF_UNSUPPORTED) || rc == SF_ERR_NOMEM) continue;
    char d[SF_STATUS_MSG_MAX + 96];
    snprintf(d, sizeof d, "dcl_input_ps with interpolation mode %u: %s (%s), want %s", (unsigned)mode, sf_code_name(rc),
             st.msg, named ? "its name printed" : "unsupported");
    return sf_verdict_failf(v, "interp_modes", named ? "named" : "unnamed", "%s", d);
  }
  return true;
}

/* `resource_dims` (once per process, with `interp_modes`): dcl_resource with each of the 32 values
 * of its 5-bit dimension field: 1-10 (buffer to texturecubearray, D3D10_SB_RESOURCE_DIMENSION) print
 * by name; 0 (unknown) and 11-31 (raw and structured buffers have declarations of their own, the
 * rest no name) are refused as unsupported, as the printer's own table cannot say otherwise. */
static bool resource_dims(sf_verdict *v) {
  for (uint32_t dim = 0; dim < 32; dim++) {
    /* dcl_resource_<dim> t0, (float,float,float,float) */
    const uint32_t tok[4] = {0x58u | dim << 11 | 4u << 24, 0x00107000u, 0, 0x5555u};
    sf_status st;
    sf_code rc = print_ps50(tok, 4, &st);
    bool named = dim >= 1 && dim <= 10;
    if (rc == (named ? SF_OK : SF_UNSUPPORTED) || rc == SF_ERR_NOMEM) continue;
    char d[SF_STATUS_MSG_MAX + 96];
    snprintf(d, sizeof d, "dcl_resource with dimension %u: %s (%s), want %s", (unsigned)dim, sf_code_name(rc), st.msg,
             named ? "its name printed" : "unsupported");
    return sf_verdict_failf(v, "resource_dims", named ? "named" : "unnamed", "%s", d);
  }
  return true;
}

static bool sf_check_d3d_program_cap(sf_verdict *v) {
  size_t n = (size_t)SF_TPF_MAX_PROGRAM_TOKENS;
  uint8_t *b = calloc(n + 1, 4);
  if (!b) return true; /* out of memory: no verdict */
  sf_tpf_program prog;
  sf_status st, st2;
  sf_status_clear(&st);
  sf_status_clear(&st2);
  sf_code got[2];
  for (size_t extra = 0; extra < 2; extra++) { /* the cap, then one DWORD past it */
    uint32_t head[4] = {0x50u, (uint32_t)(n + extra), SF_TPF_OP_CUSTOMDATA, (uint32_t)(n + extra - 2)}; /* ps_5_0, comment */
    for (size_t i = 0; i < 16; i++) b[i] = (uint8_t)(head[i / 4] >> (8 * (i % 4)));
    got[extra] = sf_tpf_program_decode(b, 4 * (n + extra), &prog, extra ? &st2 : &st);
    sf_tpf_program_free(&prog);
  }
  sf_code at_cap = got[0], over = got[1];
  /* and one opaque instruction added through the API: the most a program of the cap holds after
   * its version and length tokens is taken, one token more refused as out of range */
  sf_code add[2], enc = SF_ERR_NOMEM;
  size_t enc_len = 0;
  for (size_t extra = 0; extra < 2; extra++) {
    sf_tpf_program_init(&prog, 0x50u);
    sf_status sa;
    sf_status_clear(&sa);
    add[extra] = sf_tpf_program_add_tokens(&prog, (const uint32_t *)(const void *)b, n - 2 + extra, &sa);
    if (!extra && add[0] == SF_OK) { /* the program of exactly the cap encodes, every DWORD of it */
      sf_buf eb;
      sf_buf_init(&eb, &sa);
      enc = sf_tpf_program_encode(&prog, &eb, &sa);
      enc_len = eb.len;
      sf_buf_free(&eb);
    }
    sf_tpf_program_free(&prog);
  }
  free(b);
  char d[SF_STATUS_MSG_MAX + 160];
  if (add[0] == SF_OK && enc != SF_ERR_NOMEM && (enc != SF_OK || enc_len != 4 * n)) {
    snprintf(d, sizeof d, "a program of exactly %zu DWORDs (the cap) built through the API encoded as %s, %zu bytes", n,
             sf_code_name(enc), enc_len);
    return sf_verdict_failf(v, "program_cap", "encode", "%s", d);
  }
  if ((add[0] != SF_OK && add[0] != SF_ERR_NOMEM) || add[1] != SF_ERR_RANGE) {
    snprintf(d, sizeof d, "sf_tpf_program_add_tokens of %zu tokens gave %s and of %zu gave %s; want ok, then out of range",
             n - 2, sf_code_name(add[0]), n - 1, sf_code_name(add[1]));
    return sf_verdict_failf(v, "program_cap", "add_tokens", "%s", d);
  }
  if (at_cap != SF_OK) {
    snprintf(d, sizeof d, "a program of exactly %zu DWORDs (the cap) was refused: %s", n, st.msg);
    return sf_verdict_failf(v, "program_cap", "at_cap", "%s", d);
  }
  if (over != SF_ERR_LIMIT || st2.pos_kind != SF_POS_DWORD || st2.pos != 0) {
    snprintf(d, sizeof d, "a program of %zu DWORDs (one past the cap) gave %s at %s %llu, want limit at DWORD 0: %s", n + 1,
             sf_code_name(over), st2.pos_kind == SF_POS_DWORD ? "DWORD" : "(not a DWORD)", (unsigned long long)st2.pos,
             st2.msg);
    return sf_verdict_failf(v, "program_cap", "over", "%s", d);
  }
  /* and a length token of 0 or 1 (less than the version and length tokens themselves) is refused
   * as invalid at that token, DWORD 1 */
  for (uint32_t len = 0; len < 2; len++) {
    const uint8_t body[12] = {0x50, 0, 0, 0, (uint8_t)len, 0, 0, 0, 0x3e, 0, 0, 0}; /* ps_5_0, length, ret */
    sf_status s3;
    sf_status_clear(&s3);
    sf_code rc = sf_tpf_program_decode(body, sizeof body, &prog, &s3);
    sf_tpf_program_free(&prog); /* as above: decode leaves it freeable either way */
    if (rc == SF_ERR_INVALID && s3.pos_kind == SF_POS_DWORD && s3.pos == 1) continue;
    snprintf(d, sizeof d, "a program whose length token is %u gave %s at %s %llu, want invalid at DWORD 1: %s", (unsigned)len,
             sf_code_name(rc), s3.pos_kind == SF_POS_DWORD ? "DWORD" : "(not a DWORD)", (unsigned long long)s3.pos, s3.msg);
    return sf_verdict_failf(v, "program_cap", "short_length", "%s", d);
  }
  return bare_counts(v) && magic_class(v) && sig_name_cap(v) && version_digits(v) && interp_modes(v) && resource_dims(v) && float_words(v) &&
         int_range(v) && imm_values(v) && listing_prefix(v) && escape_reason(v);
}

SF_CHECK_ONCE_FN(sf_check_d3d_program_cap)
