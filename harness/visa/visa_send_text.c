/* visa_send_text.c — vISA text of the raw sends, the typed atomics and qword gathers, the
 * synchronization instructions, lifetime, fcvt and srnd, switchjmp, and the debug lines FILE and
 * LOC, both directions, in GenX_IR 1.0.12504's
 * syntax (learned from intel-graphics-compiler visa/IsaDisassembly.cpp, visa/CISA.l, visa/CISA.y
 * and visa/BuildCISAIRImpl.cpp at that release; checked against GenX_IR, docs/visa-text.md
 * "Raw sends, typed atomics, qword gathers, barriers"):
 *
 *   [(pred)] raw_send[c] (emask, size) 0x<exdesc> <nsrc> <ndst> desc src dst          0x5d
 *   [(pred)] raw_sends.<ffid>.<n0>.<n1>.<nd> (emask, size) exdesc desc src0 src1 dst    0x7a
 *            raw_sends_eot.<ffid>..., raw_sendsc.<n0>.<n1>.<nd>, raw_sendsc_eot.<n0>.<n1>.<nd>
 *   [(pred)] typed_atomic.<op>[.16] (emask, size) T<s> u v r lod src0 src1 dst           0x73
 *   [(pred)] qw_gather|qw_scatter.<1|2|4|8> (emask, size) T<s> offsets data              0x86, 0x87
 *   lifetime.start|lifetime.end <variable>                                              0x7b
 *   wait <mask>   sbarrier.signal|wait   nbarrier.signal <id> <count>   nbarrier.wait <id>
 *   fcvt[.sat] (emask, size) dst src   srnd[.sat] (emask, size) dst src0 src1           0x1d, 0x1e
 *   switchjmp (M1, 1) index (L0, L1, ...)                                               0x69
 *   [(pred)] urb_write_3d (emask, size) <num out> <global offset> mask handle offsets data  0x72
 *   FILE "<name>"   LOC <line>                                                          0x51, 0x52
 *
 * Where GenX_IR's printer and parser disagree, the text follows the parser (what GenX_IR reads
 * back): its printer writes an end-of-thread raw_sends as `raw_sends.<ffid>.eot.<n0>...`, which its
 * lexer does not read (it reads `raw_sends_eot`), and a raw_sendsc with the ffid, which its grammar
 * does not take (raw_sendsc has three counts, the ffid read as 0). We print the parser's forms and
 * read both; a raw_sendsc whose ffid is not 0, which GenX_IR's parser cannot say, prints in its
 * printer's form (four numbers). What reads back as other bytes is refused by the printer (SF_UNSUPPORTED naming it). */
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"

/* ---- printing ---------------------------------------------------------------------------------- */

static bool shape(pctx *c, const sf_visa_ginst *g, const char *kinds, const char *name) {
  if (vt_kinds_are(g, 0, kinds)) return true;
  vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
  return false;
}

/* [(pred)] raw_send[c] (emask, size) 0x<exdesc> nsrc ndst desc src dst (fields: modifier, exec,
 * predicate, exdesc UD, nsrc, ndst, desc, src, dst); modifier 1 is raw_sendc, 0 raw_send. */
static void print_raw_send(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!shape(c, g, "bEPdbbVRR", name)) return;
  if (g->ops[0].u > 1) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: modifier %u has no text form (0 raw_send, 1 raw_sendc)", name, (unsigned)g->ops[0].u);
    return;
  }
  vt_print_pred_word(c, g->ops[2].u);
  vt_ob_put(&c->o, g->ops[0].u ? "raw_sendc" : "raw_send");
  vt_print_exec_byte(c, g->ops[1].u);
  /* two blanks before the descriptor, as IsaDisassembly.cpp prints them */
  vt_ob_fmt(&c->o, " 0x%x %u %u ", (unsigned)g->ops[3].u, (unsigned)g->ops[4].u, (unsigned)g->ops[5].u);
  vt_print_vopnd(c, &g->ops[6].v);
  vt_print_raw(c, &g->ops[7].r);
  vt_print_raw(c, &g->ops[8].r);
}

/* [(pred)] raw_sends[c][_eot].<...> (emask, size) exdesc desc src0 src1 dst (fields: modifier,
 * exec, predicate, n0, n1, nd, ffid, exdesc, desc, src0, src1, dst); modifier bit 0 is the c (send
 * conditional), bit 1 end of thread. GenX_IR's grammar gives raw_sendsc no ffid (it reads 0). */
static void print_raw_sends(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!shape(c, g, "bEPbbbbVVRRR", name)) return;
  uint32_t mod = g->ops[0].u, ffid = g->ops[6].u;
  if (mod > 3) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: modifier %u has no text form (bit 0 sendc, bit 1 eot)", name, (unsigned)mod);
    return;
  }
  vt_print_pred_word(c, g->ops[2].u);
  vt_ob_put(&c->o, (mod & 1) ? "raw_sendsc" : "raw_sends");
  if (mod & 2) vt_ob_put(&c->o, "_eot");
  if (!(mod & 1) || ffid) vt_ob_fmt(&c->o, ".%u", (unsigned)ffid); /* a raw_sendsc's ffid other than 0: GenX_IR's printed form */
  vt_ob_fmt(&c->o, ".%u.%u.%u", (unsigned)g->ops[3].u, (unsigned)g->ops[4].u, (unsigned)g->ops[5].u);
  vt_print_exec_byte(c, g->ops[1].u);
  vt_ob_put(&c->o, " "); /* two blanks after the exec size, as IsaDisassembly.cpp prints them */
  vt_print_vopnd(c, &g->ops[7].v);
  vt_print_vopnd(c, &g->ops[8].v);
  for (unsigned i = 9; i < 12; i++) vt_print_raw(c, &g->ops[i].r);
}

/* [(pred)] typed_atomic.<op>[.16] (emask, size) T<surface> u v r lod src0 src1 dst (fields: op,
 * exec, predicate, surface, then the seven raw operands in that order). */
static void print_typed_atomic(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!shape(c, g, "bEPbRRRRRRR", name)) return;
  vt_print_pred_word(c, g->ops[2].u);
  if (!vt_print_atomic_name(c, name, g->ops[0].u, false)) return;
  vt_print_exec_byte(c, g->ops[1].u);
  vt_print_surface(c, (uint8_t)g->ops[3].u);
  for (unsigned i = 4; i < 11; i++) vt_print_raw(c, &g->ops[i].r);
}

/* [(pred)] qw_gather|qw_scatter.<blocks> (emask, size) T<surface> offsets data (fields: exec,
 * predicate, block-count code 0-3 = 1, 2, 4, 8, surface, offsets, data). */
static void print_qw(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!shape(c, g, "EPbbRR", name)) return;
  if (g->ops[2].u > 3) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: block count code %u has no text form (0-3: 1, 2, 4, 8 blocks)", name, (unsigned)g->ops[2].u);
    return;
  }
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_fmt(&c->o, "%s.%u", name, 1u << g->ops[2].u);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_surface(c, (uint8_t)g->ops[3].u);
  vt_print_raw(c, &g->ops[4].r);
  vt_print_raw(c, &g->ops[5].r);
}

/* lifetime.start|end <name> (fields: properties, variable id UD): properties bit 0 is end, bits
 * 4-5 the operand class (0 general, 1 address, 2 predicate, VISAKernelImpl.cpp AppendVISALifetime);
 * the name is the variable's, as every operand prints it. */
static void print_lifetime(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!shape(c, g, "bd", name)) return;
  uint32_t p = g->ops[0].u, cls = p >> 4, id = g->ops[1].u;
  if ((p & 0x0E) || cls > 2 || (cls && id > 0xFFFF)) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: properties 0x%02x (id %u) have no text form (bit 0 end, bits 4-5 class 0-2)", name,
             (unsigned)p, (unsigned)id);
    return;
  }
  vt_ob_fmt(&c->o, "%s.%s", name, (p & 1) ? "end" : "start");
  if (cls == 0) vt_ob_put(&c->o, " "), vt_print_var_name(c, id);
  else if (cls == 1) vt_print_addr_name(c, id);
  else vt_print_pred_name(c, id);
}

/* nbarrier.signal <id> <count> (mode 1) | nbarrier.wait <id> (mode 0; IGC writes the id twice,
 * VISAKernelImpl.cpp AppendVISANamedBarrierWait, so a wait whose third field differs from its
 * second has no text). */
static void print_nbarrier(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!shape(c, g, "bVV", name)) return;
  uint32_t mode = g->ops[0].u;
  if (mode > 1 || (mode == 0 && memcmp(&g->ops[1].v, &g->ops[2].v, sizeof g->ops[1].v) != 0)) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: mode %u%s has no text form", name, (unsigned)mode,
             mode > 1 ? "" : " with a thread count other than its barrier id");
    return;
  }
  vt_ob_fmt(&c->o, "%s.%s", name, mode ? "signal" : "wait");
  vt_print_vopnd(c, &g->ops[1].v);
  if (mode) vt_print_vopnd(c, &g->ops[2].v);
}

/* name[.sat] (emask, size) dst src...: fcvt and srnd, which have no predicate field. */
static void print_alunp(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!shape(c, g, g->op == 0x1d ? "EVV" : "EVVV", name)) return;
  sf_vopnd dst = g->ops[1].v;
  vt_ob_put(&c->o, name);
  if (dst.mod == SF_VMOD_SAT) {
    vt_ob_put(&c->o, ".sat");
    dst.mod = SF_VMOD_NONE;
  }
  vt_print_exec_byte(c, g->ops[0].u);
  vt_print_vopnd(c, &dst);
  for (unsigned i = 2; i < g->num_ops; i++) vt_print_vopnd(c, &g->ops[i].v);
}

/* switchjmp (M1, 1) index (L0, L1, ...) (fields: exec, label count, index, labels). GenX_IR's
 * parser drops the exec size and writes 0 ((M1, 1), VISAKernelImpl.cpp AppendVISACFSwitchJMPInst),
 * and takes no empty list, so only those print. */
static void print_switchjmp(pctx *c, const sf_visa_ginst *g, const char *name) {
  unsigned n = g->num_ops >= 2 ? (unsigned)g->ops[1].u : 0;
  bool ok = g->num_ops >= 3 && g->num_ops == 3 + n && g->ops[0].kind == SF_VF_EXEC && g->ops[1].kind == SF_VF_COUNT &&
            g->ops[2].kind == SF_VF_VEC;
  for (unsigned i = 3; ok && i < g->num_ops; i++) ok = g->ops[i].kind == SF_VF_LABEL;
  if (!ok) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  if (g->ops[0].u != 0 || n == 0) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: exec byte 0x%02x with %u labels has no text form (GenX_IR reads (M1, 1) and 1-%u labels)",
             name, (unsigned)g->ops[0].u, n, SF_VISA_MAX_LIST);
    return;
  }
  vt_ob_put(&c->o, name);
  vt_print_exec_byte(c, 0);
  vt_print_vopnd(c, &g->ops[2].v);
  vt_ob_put(&c->o, " (");
  for (unsigned i = 0; i < n; i++)
    if (!vt_put_label(c, i ? ", " : "", g->ops[3 + i].u)) return;
  vt_ob_put(&c->o, ")");
}

/* [(pred)] urb_write_3d (emask, size) <num out> <global offset> mask handle offsets data (fields:
 * exec, predicate, number of outputs UB, channel mask, global offset UW, URB handle, per-slot
 * offsets, vertex data: IsaDisassembly.cpp prints the global offset before the channel mask). */
static void print_urb(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!shape(c, g, "EPbRwRRR", name)) return;
  vt_print_pred_word(c, g->ops[1].u);
  vt_ob_put(&c->o, name);
  vt_print_exec_byte(c, g->ops[0].u);
  vt_ob_fmt(&c->o, " %u %u", (unsigned)g->ops[2].u, (unsigned)g->ops[4].u);
  vt_print_raw(c, &g->ops[3].r);
  for (unsigned i = 5; i < 8; i++) vt_print_raw(c, &g->ops[i].r);
}

/* FILE "<name>" (the name a string of the kernel's table, escaped as IsaDisassembly.cpp's
 * encodeStringLiteral does) and LOC <line>. */
static void print_srcloc(pctx *c, const sf_visa_ginst *g, const char *name) {
  if (!shape(c, g, "d", name)) return;
  if (g->op == 0x52) {
    vt_ob_fmt(&c->o, "LOC %u", (unsigned)g->ops[0].u);
    return;
  }
  const char *f = sf_visa_kernel_string(c->k ? c->k->k : NULL, g->ops[0].u);
  if (!f) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: file name string %u is not in the kernel's string table", name, (unsigned)g->ops[0].u);
    return;
  }
  vt_ob_put(&c->o, "FILE \"");
  for (const unsigned char *q = (const unsigned char *)f; *q; q++) {
    const char *e = *q == '\a' ? "\\a" : *q == '\b' ? "\\b" : *q == 0x1b ? "\\e" : *q == '\f' ? "\\f" : *q == '\n' ? "\\n"
                  : *q == '\r' ? "\\r" : *q == '\t' ? "\\t" : *q == '\v' ? "\\v" : *q == '\'' ? "\\'" : *q == '"' ? "\\\""
                  : *q == '\\' ? "\\\\" : NULL;
    char t[5] = {(char)*q, 0, 0, 0, 0};
    if (!e && (*q < 0x20 || *q >= 0x7f)) { /* \x and two hex digits, as encodeStringLiteral writes them */
      t[0] = '\\', t[1] = 'x', t[2] = "0123456789abcdef"[*q >> 4], t[3] = "0123456789abcdef"[*q & 15];
    }
    vt_ob_put(&c->o, e ? e : t);
  }
  vt_ob_put(&c->o, "\"");
}

void vt_print_send(pctx *c, const sf_visa_ginst *g, const char *name, uint8_t syn) {
  switch (syn) {
    case SF_VSYN_RAWSEND: print_raw_send(c, g, name); break;
    case SF_VSYN_RAWSENDS: print_raw_sends(c, g, name); break;
    case SF_VSYN_TYPEDATOMIC: print_typed_atomic(c, g, name); break;
    case SF_VSYN_QW: print_qw(c, g, name); break;
    case SF_VSYN_LIFETIME: print_lifetime(c, g, name); break;
    case SF_VSYN_NBARRIER: print_nbarrier(c, g, name); break;
    case SF_VSYN_ALUNP: print_alunp(c, g, name); break;
    case SF_VSYN_SWITCHJMP: print_switchjmp(c, g, name); break;
    case SF_VSYN_SRCLOC: print_srcloc(c, g, name); break;
    case SF_VSYN_URB: print_urb(c, g, name); break;
    case SF_VSYN_WAIT:
      if (!shape(c, g, "V", name)) return;
      vt_ob_put(&c->o, name);
      vt_print_vopnd(c, &g->ops[0].v);
      break;
    case SF_VSYN_SBARRIER:
      if (!shape(c, g, "b", name)) return;
      if (g->ops[0].u > 1) {
        vt_pfail(c, SF_UNSUPPORTED, "%s: mode %u has no text form (0 wait, 1 signal)", name, (unsigned)g->ops[0].u);
        return;
      }
      vt_ob_fmt(&c->o, "%s.%s", name, g->ops[0].u ? "signal" : "wait");
      break;
    default: vt_pfail(c, SF_UNSUPPORTED, "%s: not a send or synchronization class", name); break;
  }
}

/* ---- parsing ----------------------------------------------------------------------------------- */

/* The `.N` numbers of a suffix (decimal, each at most 255); eot_at, when given, may take one `.eot`
 * among them and gets the number of values before it (-1: none): how many values were read, or -1
 * after an error. */
static int dot_numbers(cur *c, const vt_gmatch *m, uint32_t *v, int cap, int *eot_at) {
  const char *r = m->rest;
  size_t n = m->rest_n, i = 0;
  int count = 0;
  if (eot_at) *eot_at = -1;
  while (i < n) {
    size_t j = i + 1;
    while (j < n && r[j] != '.') j++;
    uint32_t x; /* r[i] is a '.': the rest starts at one (find_row matches a name up to a '.' or the end) */
    if (eot_at && *eot_at < 0 && j - i == 4 && vt_ieq(r + i + 1, 3, "eot")) {
      *eot_at = count;
    } else if (count < cap && vt_dec_u32(r + i + 1, j - i - 1, &x) && x <= 255) {
      v[count++] = x;
    } else {
      return vt_perr(c, SF_ERR_SYNTAX, m->rest_at + i, "expected .<number 0-255> in the suffix of %s", m->name), -1;
    }
    i = j;
  }
  return count;
}

/* 0x<hex> (GenX_IR's HEX_LIT: raw_send's extended descriptor), at most 32 bits. */
static bool hex_u32(cur *c, uint32_t *out, const char *what) {
  vt_ws(c);
  size_t at = c->i;
  if (!vt_count_token(c)) return false;
  if (c->i + 2 > c->n || c->s[c->i] != '0' || (c->s[c->i + 1] | 0x20) != 'x' || c->i + 2 >= c->n ||
      vt_hexval(c->s[c->i + 2]) < 0)
    return vt_perr(c, SF_ERR_SYNTAX, at, "expected %s as 0x<hex>", what), false;
  c->i += 2;
  uint64_t v = 0;
  while (c->i < c->n && vt_hexval(c->s[c->i]) >= 0) {
    v = v * 16 + (uint64_t)vt_hexval(c->s[c->i++]);
    if (v > UINT32_MAX) return vt_perr(c, SF_ERR_RANGE, at, "%s is wider than 32 bits", what), false;
  }
  *out = (uint32_t)v;
  return true;
}

/* raw_sends, raw_sends_eot, raw_sendsc, raw_sendsc_eot (the name matched) with GenX_IR's parser's
 * counts (.<ffid>.<n0>.<n1>.<nd>; raw_sendsc: .<n0>.<n1>.<nd>), or with its printer's (the ffid
 * always, `.eot` after it). */
static bool p_raw_sends(cur *c, const vt_gmatch *m, uint32_t pw, vt_gbuild *b) {
  bool sendc = strncmp(m->name, "raw_sendsc", 10) == 0, eot = strstr(m->name, "_eot") != NULL;
  uint32_t v[4];
  int eot_at = -1;
  int k = dot_numbers(c, m, v, 4, eot ? NULL : &eot_at);
  if (k < 0) return false;
  if ((k != 4 && !(k == 3 && sendc && eot_at < 0)) || (eot_at >= 0 && eot_at != 1))
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected %s after %s", sendc ? ".<n0>.<n1>.<ndst>" : ".<ffid>.<n0>.<n1>.<ndst>",
                   m->name), false;
  uint32_t ffid = k == 4 ? v[0] : 0, *cnt = k == 4 ? v + 1 : v;
  vt_gput_u(b, SF_VF_UB, (sendc ? 1u : 0u) | (eot || eot_at >= 0 ? 2u : 0u));
  if (!vt_gexec(c, b)) return false;
  vt_gput_u(b, SF_VF_PRED, pw);
  for (int i = 0; i < 3; i++) vt_gput_u(b, SF_VF_UB, cnt[i]);
  vt_gput_u(b, SF_VF_UB, ffid);
  return vt_gput_v(c, b, "the extended descriptor") && vt_gput_v(c, b, "the descriptor") && vt_gput_r(c, b, "src0") &&
         vt_gput_r(c, b, "src1") && vt_gput_r(c, b, "the destination");
}

/* lifetime's operand: a general variable, an address or a predicate, by name. */
static bool p_lifetime_var(cur *c, vt_gbuild *b, uint32_t end) {
  const char *s;
  size_t n, at;
  vt_ws(c);
  if (!vt_count_token(c) || !vt_ident(c, &s, &n, &at, "a variable, address or predicate")) return false;
  uint32_t id;
  sf_visa_symkind other = SF_SYM_NONE;
  uint32_t cls = 0;
  res_t r = vt_resolve_var(c->k, s, n, &id, &other);
  if (r != RES_OK) {
    if (vt_resolve_sym(c->k, s, n, SF_SYM_ADDR, "A", &id, &other) == RES_OK) cls = 1;
    else if (vt_resolve_sym(c->k, s, n, SF_SYM_PRED, "P", &id, &other) == RES_OK) cls = 2;
    else return vt_name_error(c, r, at, s, n, other, "a general variable, an address or a predicate"), false;
  }
  vt_gput_u(b, SF_VF_UB, end | cls << 4);
  vt_gput_u(b, SF_VF_UD, id);
  return true;
}

/* A string literal as GenX_IR's lexer reads it (visa/CISA.l, string_literal): the escapes \a \b \e
 * \f \n \r \t \v \' \" \? \\, \ and 1-3 digits (read as octal, as the lexer does), \x and 1-2 hex
 * digits; no newline. A byte over 255 or a NUL (which would end the name) is refused. *out is
 * malloc'ed (the caller frees it). */
static bool p_string_lit(cur *c, char **out, size_t *len) {
  vt_ws(c);
  size_t at = c->i;
  if (!vt_count_token(c) || !vt_expect(c, '"', "to open the file name")) return false;
  /* a cur holds one line (sf_visa_parse and the file reader cut the text at '\n' first), so a string
   * still open at the cur's end is unterminated */
  size_t j = c->i;
  while (j < c->n && c->s[j] != '"') j += c->s[j] == '\\' && j + 1 < c->n ? 2 : 1;
  if (j >= c->n) return vt_perr(c, SF_ERR_SYNTAX, at, "unterminated string (GenX_IR's strings end on the line)"), false;
  char *d = malloc(j - c->i + 1);
  if (!d) return vt_perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  size_t n = 0;
  while (c->i < j) {
    char ch = c->s[c->i++];
    if (ch != '\\') {
      d[n++] = ch;
      continue;
    }
    size_t eat = c->i - 1;
    char e = c->s[c->i++];
    const char *simple = strchr("abefnrtv'\"?\\", e);
    unsigned v = 0;
    if (e && simple) {
      static const char map[] = "\a\b\x1b\f\n\r\t\v'\"?\\";
      v = (unsigned char)map[simple - "abefnrtv'\"?\\"];
    } else if (vt_is_digit(e)) {
      v = (unsigned)(e - '0');
      for (int q = 0; q < 2 && c->i < j && vt_is_digit(c->s[c->i]); q++) v = 8 * v + (unsigned)(c->s[c->i++] - '0');
    } else if (e == 'x' && c->i < j && vt_hexval(c->s[c->i]) >= 0) {
      for (int q = 0; q < 2 && c->i < j && vt_hexval(c->s[c->i]) >= 0; q++) v = 16 * v + (unsigned)vt_hexval(c->s[c->i++]);
    } else {
      free(d);
      return vt_perr(c, SF_ERR_SYNTAX, eat, "illegal escape sequence in a string"), false;
    }
    if (v == 0 || v > 255) {
      free(d);
      return vt_perr(c, SF_ERR_RANGE, eat, "escape gives %s, which a file name cannot hold", v ? "a value over 255" : "a NUL byte"), false;
    }
    d[n++] = (char)v;
  }
  c->i = j + 1;
  d[n] = 0;
  *out = d;
  *len = n;
  return true;
}

bool vt_parse_send(cur *c, sf_visa_kernel *k, const vt_gmatch *m, uint32_t pw, vt_gbuild *b) {
  switch (m->syn) {
    case SF_VSYN_RAWSEND: {
      uint32_t ex;
      uint64_t ns, nd;
      if (m->rest_n)
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "unexpected suffix after %s", m->name), false;
      vt_gput_u(b, SF_VF_UB, strcmp(m->name, "raw_sendc") == 0 ? 1u : 0u);
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      if (!hex_u32(c, &ex, "the extended message descriptor") || !vt_count_token(c) ||
          !vt_unum(c, 255, &ns, "the number of source registers") || !vt_count_token(c) ||
          !vt_unum(c, 255, &nd, "the number of destination registers"))
        return false;
      vt_gput_u(b, SF_VF_UD, ex);
      vt_gput_u(b, SF_VF_UB, (uint32_t)ns);
      vt_gput_u(b, SF_VF_UB, (uint32_t)nd);
      return vt_gput_v(c, b, "the descriptor") && vt_gput_r(c, b, "the source") && vt_gput_r(c, b, "the destination");
    }
    case SF_VSYN_RAWSENDS: return p_raw_sends(c, m, pw, b);
    case SF_VSYN_TYPEDATOMIC: {
      static const char *const what[7] = {"u", "v", "r", "the LOD", "src0", "src1", "the destination"};
      uint8_t surf;
      int op = vt_atomic_rest(c, m, false);
      if (op < 0) return false;
      vt_gput_u(b, SF_VF_UB, (uint32_t)op);
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
      vt_gput_u(b, SF_VF_UB, surf);
      for (int i = 0; i < 7; i++)
        if (!vt_gput_r(c, b, what[i])) return false;
      return true;
    }
    case SF_VSYN_QW: {
      static const char *const nb[4] = {".1", ".2", ".4", ".8"};
      int code = -1;
      uint8_t surf;
      for (int q = 0; q < 4; q++)
        if (vt_ieq(m->rest, m->rest_n, nb[q])) code = q;
      if (code < 0) return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .1, .2, .4 or .8 (blocks) after %s", m->name), false;
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      vt_gput_u(b, SF_VF_UB, (uint32_t)code);
      if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
      vt_gput_u(b, SF_VF_UB, surf);
      return vt_gput_r(c, b, "the offsets") && vt_gput_r(c, b, m->op == 0x86 ? "the destination" : "the source");
    }
    case SF_VSYN_LIFETIME: {
      bool end = vt_ieq(m->rest, m->rest_n, ".end");
      if (!end && !vt_ieq(m->rest, m->rest_n, ".start"))
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .start or .end after lifetime"), false;
      return p_lifetime_var(c, b, end ? 1u : 0u);
    }
    case SF_VSYN_WAIT:
      if (m->rest_n) return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "wait takes no suffix"), false;
      return vt_gput_v(c, b, "the mask");
    case SF_VSYN_SBARRIER:
    case SF_VSYN_NBARRIER: {
      bool signal = vt_ieq(m->rest, m->rest_n, ".signal");
      if (!signal && !vt_ieq(m->rest, m->rest_n, ".wait"))
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .signal or .wait after %s", m->name), false;
      vt_gput_u(b, SF_VF_UB, signal ? 1u : 0u);
      if (m->syn == SF_VSYN_SBARRIER) return true;
      if (!vt_gput_v(c, b, "the barrier id")) return false;
      if (signal) return vt_gput_v(c, b, "the thread count");
      b->ops[b->n] = b->ops[b->n - 1]; /* the wait's id again (as IGC writes it) */
      b->n++;
      return true;
    }
    case SF_VSYN_ALUNP: {
      bool sat = m->rest_n != 0;
      if (sat && !vt_ieq(m->rest, m->rest_n, ".sat"))
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .sat or nothing after %s", m->name), false;
      if (!vt_gexec(c, b) || !vt_gput_v(c, b, "the destination")) return false;
      if (sat) {
        if (b->ops[1].v.mod != SF_VMOD_NONE)
          return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, ".sat with a modifier on the destination"), false;
        b->ops[1].v.mod = SF_VMOD_SAT;
      }
      for (unsigned i = m->op == 0x1d ? 1 : 0; i < 2; i++)
        if (!vt_gput_v(c, b, "a source operand")) return false;
      return true;
    }
    case SF_VSYN_SWITCHJMP: { /* switchjmp (exec) index (L, ...): the exec written as GenX_IR writes it, (M1, 1) */
      if (m->rest_n) return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "switchjmp takes no suffix"), false;
      if (!vt_gexec(c, b)) return false;
      b->ops[b->n - 1].u = 0;
      vt_gput_u(b, SF_VF_COUNT, 0);
      if (!vt_gput_v(c, b, "the index")) return false;
      vt_ws(c);
      if (!vt_count_token(c) || !vt_expect(c, '(', "and the labels")) return false;
      unsigned n = 0;
      for (;;) {
        vt_ws(c);
        if (vt_peek(c) == ')' && n) break;
        const char *s;
        size_t sn, at;
        uint32_t id;
        if (n == SF_VISA_MAX_LIST)
          return vt_perr(c, SF_ERR_LIMIT, c->i, "more than %u labels in a switchjmp", SF_VISA_MAX_LIST), false;
        if (!vt_ident(c, &s, &sn, &at, "a label") || !vt_label_id(c, k, s, sn, at, &id)) return false;
        vt_gput_u(b, SF_VF_LABEL, id);
        n++;
        vt_ws(c);
        if (vt_peek(c) == ',') c->i++;
      }
      c->i++;
      b->ops[1].u = n;
      return true;
    }
    case SF_VSYN_URB: { /* the fields in layout order: the channel mask read after the global offset */
      uint64_t nout, goff;
      if (m->rest_n) return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "%s takes no suffix", m->name), false;
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      if (!vt_count_token(c) || !vt_unum(c, 255, &nout, "the number of outputs") || !vt_count_token(c) ||
          !vt_unum(c, 65535, &goff, "the global offset"))
        return false;
      vt_gput_u(b, SF_VF_UB, (uint32_t)nout);
      if (!vt_gput_r(c, b, "the channel mask")) return false;
      vt_gput_u(b, SF_VF_UW, (uint32_t)goff);
      return vt_gput_r(c, b, "the URB handle") && vt_gput_r(c, b, "the per-slot offsets") && vt_gput_r(c, b, "the vertex data");
    }
    case SF_VSYN_SRCLOC: {
      if (m->rest_n) return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "%s takes no suffix", m->name), false;
      if (m->op == 0x52) {
        uint64_t line;
        if (!vt_count_token(c) || !vt_unum(c, UINT32_MAX, &line, "the line number")) return false;
        vt_gput_u(b, SF_VF_UD, (uint32_t)line);
        return true;
      }
      char *name;
      vt_ws(c);
      size_t n, at = c->i; /* a refusal of the string points at its opening quote */
      if (!p_string_lit(c, &name, &n)) return false;
      sf_status bst;
      sf_status_clear(&bst);
      int64_t idx = sf_visa_kernel_add_string(k, name, n, &bst); /* one string per FILE, as GenX_IR adds them */
      free(name);
      if (idx < 0) return vt_perr(c, bst.code ? bst.code : SF_ERR_LIMIT, at, "%s", bst.msg), false;
      vt_gput_u(b, SF_VF_UD, (uint32_t)idx);
      return true;
    }
    default: return vt_perr(c, SF_UNSUPPORTED, m->rest_at, "%s: not a send or synchronization class", m->name), false;
  }
}
