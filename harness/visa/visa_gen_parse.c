/* visa_gen_parse.c — vISA text: the parser for generic instructions (sf_visa_ginst), the inverse of
 * visa_gen_print.c, driven by the opcode table's syntax classes (visa_optab.h sf_vsyn). The grammar
 * is GenX_IR's (intel-graphics-compiler visa/CISA.y): `[(pred)] name[.suffixes] (emask, size)
 * operands`, labels as `name:` lines and subroutines as `.function "name"` (docs/visa-text.md
 * "Generic instructions"). Labels are numbered in order of first appearance. */
#include <stdlib.h>
#include <string.h>
#include <pthread.h>

#include "harness/visa/visa_chars.h"
#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"
#include "samplefuzz/bytes.h"

#define MAX_MNEM 64u   /* longest mnemonic token with its suffixes */


/* The token [A-Za-z0-9_.+] (IGC's sample+killpix has a +) after the cursor's whitespace (and an optional predicate). */
static bool mnem_token(const cur *c, size_t from, size_t *at, size_t *n) {
  size_t j = from;
  while (j < c->n && sf_visa_cc_is(c->s[j], SF_VC_WS)) j++;
  *at = j;
  while (j < c->n && j - *at <= MAX_MNEM && (vt_id_char(c->s[j]) || c->s[j] == '.' || c->s[j] == '+') && c->s[j] != '%' && c->s[j] != '$' &&
         c->s[j] != '@')
    j++;
  *n = j - *at;
  return *n > 0 && *n <= MAX_MNEM;
}

static char fold(char x) { return (char)sf_visa_lower[(unsigned char)x]; }

static bool name_prefix(const char *s, size_t n, const char *name, size_t *nl) {
  size_t l = strlen(name);
  if (l > n || !vt_ieq(s, l, name)) return false;
  if (l < n && s[l] != '.') return false;
  *nl = l;
  return true;
}

/* The rows find_row considers, grouped by the folded first letter of their name: the table's order
 * within a group, so the first of two equally long matches still wins. Built once (pthread_once, as the D3D opcode index); a
 * line then looks at the handful of rows of its letter instead of every row of the table. */
typedef struct row_ref {
  uint8_t op, q;
} row_ref;
#define ROW_IX_CAP 512u
static row_ref row_ix[ROW_IX_CAP];
static uint16_t row_ix_start[257]; /* rows of folded first byte b: row_ix[start[b] .. start[b + 1]) */
static pthread_once_t row_ix_once = PTHREAD_ONCE_INIT;

/* The classes p_body reads by row name; LOAD3D is told by its operands (is_load3d_line) since its
 * names are 3D_SAMPLE's; MINMAX and FENCE by their own names (alias_row); NONE has no text form. RET (0x34) is excluded (the file parser
 * keeps it in rets[]). */
static bool row_parsed(const sf_visa_opdesc *d, unsigned op, unsigned q) {
  if (!d || !d->layout || op == 0x34) return false;
  uint8_t syn = d->subs ? d->subs[q].syn : d->syn;
  bool parsed = syn == SF_VSYN_ALU || syn == SF_VSYN_CMP || syn == SF_VSYN_MOVS || syn == SF_VSYN_CF ||
                syn == SF_VSYN_SCALED4 || syn == SF_VSYN_TYPED4 || syn == SF_VSYN_SVM || syn == SF_VSYN_SCALED ||
                syn == SF_VSYN_BARE || syn == SF_VSYN_SVMATOMIC || syn == SF_VSYN_BFN || syn == SF_VSYN_LSC ||
                syn == SF_VSYN_ADDR || syn == SF_VSYN_DWATOMIC || syn == SF_VSYN_OWORD || syn == SF_VSYN_MEDIA ||
                syn == SF_VSYN_SVMBLOCK || syn == SF_VSYN_SVM4 || syn == SF_VSYN_FCALL || syn == SF_VSYN_FADDR ||
                syn == SF_VSYN_IFCALL || syn == SF_VSYN_DPAS || syn == SF_VSYN_RTWRITE || vt_send_syn(syn) || vt_legacy_syn(syn);
  return parsed && !(d->subs && d->subs[q].value < 0);
}

/* SF_NO_COVERAGE: runs once per process over a constant table, the same for every input. */
SF_NO_COVERAGE static void row_ix_build(void) {
  unsigned n = 0, cnt = sf_visa_optab_count();
  for (unsigned b = 0; b < 256; b++) { /* one pass per letter: 256 x the table, once per process */
    row_ix_start[b] = (uint16_t)n;
    for (unsigned op = 0; op < cnt; op++) {
      const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
      for (unsigned q = 0; d && q < (d->subs ? d->num_subs : 1u); q++) {
        const char *nm = d->subs ? d->subs[q].name : d->name;
        /* the table fits (test_visa_gen_text parses every row back); past ROW_IX_CAP rows would be
         * left out, never written past the index */
        if (row_parsed(d, op, q) && (unsigned char)fold(nm[0]) == b && n < ROW_IX_CAP)
          row_ix[n++] = (row_ref){(uint8_t)op, (uint8_t)q};
      }
    }
  }
  row_ix_start[256] = (uint16_t)n;
}

/* The table row whose GenX_IR name is the longest prefix of the token (up to a '.'), among the
 * rows with a text class (row_parsed). */
static bool find_row(const char *s, size_t n, size_t at, vt_gmatch *m) {
  if (!n) return false;
  pthread_once(&row_ix_once, row_ix_build);
  size_t best = 0;
  bool found = false;
  unsigned b = (unsigned char)fold(s[0]);
  for (unsigned r = row_ix_start[b]; r < row_ix_start[b + 1]; r++) {
    unsigned op = row_ix[r].op, q = row_ix[r].q;
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    const char *nm = d->subs ? d->subs[q].name : d->name;
    uint8_t syn = d->subs ? d->subs[q].syn : d->syn;
    size_t l, nl = strlen(nm);
    bool negated = false;
    if (syn == SF_VSYN_CMP && n > nl + 1 && vt_ieq(s, nl, nm) && (s[nl] | 0x20) == 'n' && s[nl + 1] == '.') {
      l = nl + 1; /* cmpn: relation byte bit 7 (IsaDisassembly.cpp) */
      negated = true;
    } else if (!name_prefix(s, n, nm, &l)) {
      continue;
    }
    if (l > best) {
      m->cmpn = negated;
      best = l;
      found = true;
      m->op = (uint8_t)op;
      m->sub = d->subs ? d->subs[q].value : -1;
      m->syn = syn;
      m->name = nm;
      m->rest = s + l;
      m->rest_n = n - l;
      m->rest_at = at + l;
    }
  }
  return found;
}

/* GenX_IR names that are not a row's: min/max (FMINMAX 0x45), fence_sw, fence_global,
 * fence_local (FENCE 0x5c), raw_sendc (RAW_SEND's modifier 1) and raw_sends_eot, raw_sendsc,
 * raw_sendsc_eot (RAW_SENDS's modifier bits, visa_send_text.c), and va / va_skl_plus, whose
 * sub-ops GenX_IR prints by names of their own after the dot (visa_va_text.c). The name ends at a
 * '.' or at the token's end. */
static bool alias_row(const char *s, size_t n, size_t at, vt_gmatch *m) {
  static const struct {
    const char *name;
    uint8_t op, syn;
  } al[11] = {{"min", 0x45, SF_VSYN_MINMAX},
             {"max", 0x45, SF_VSYN_MINMAX},
             {"fence_sw", 0x5c, SF_VSYN_FENCE},
             {"fence_global", 0x5c, SF_VSYN_FENCE},
             {"fence_local", 0x5c, SF_VSYN_FENCE},
             {"raw_sendc", 0x5d, SF_VSYN_RAWSEND},
             {"raw_sends_eot", 0x7a, SF_VSYN_RAWSENDS},
             {"raw_sendsc", 0x7a, SF_VSYN_RAWSENDS},
             {"raw_sendsc_eot", 0x7a, SF_VSYN_RAWSENDS},
             {"va", 0x44, SF_VSYN_VA},
             {"va_skl_plus", 0x4d, SF_VSYN_VA}};
  for (unsigned i = 0; i < 11; i++) {
    size_t l;
    if (!name_prefix(s, n, al[i].name, &l)) continue;
    *m = (vt_gmatch){al[i].op, -1, al[i].syn, al[i].name, false, s + l, n - l, at + l};
    return true;
  }
  return false;
}

/* Skips a "(...)" predicate at j (no nesting), returning the index after it. j is the line's first
 * token (the file reader skips the blanks before a body line, and after a label's ':'). The scan
 * ends at the line's end: a predicate may hold any number of blanks between its tokens. (It stopped
 * at 64 bytes until 2026-11-29, then at a name's length plus 64, and a generic instruction under a
 * longer predicate was read as a sample-family line and refused.) */
static size_t skip_paren(const cur *c, size_t j) {
  if (j < c->n && c->s[j] == '(') {
    size_t k = j;
    while (k < c->n && c->s[k] != ')') k++; /* a cur holds one line */
    if (k < c->n && c->s[k] == ')') return k + 1;
  }
  return j;
}

void vt_gput_u(vt_gbuild *b, char kind, uint32_t u) {
  memset(&b->ops[b->n], 0, sizeof b->ops[b->n]);
  b->ops[b->n].kind = (uint8_t)kind;
  b->ops[b->n].u = u;
  b->n++;
}

bool vt_gput_v(cur *c, vt_gbuild *b, const char *what) {
  memset(&b->ops[b->n], 0, sizeof b->ops[b->n]);
  b->ops[b->n].kind = SF_VF_VEC;
  if (!vt_count_token(c) || !vt_p_vopnd(c, &b->ops[b->n].v, what)) return false;
  b->n++;
  return true;
}

bool vt_gput_r(cur *c, vt_gbuild *b, const char *what) {
  memset(&b->ops[b->n], 0, sizeof b->ops[b->n]);
  b->ops[b->n].kind = SF_VF_RAW;
  if (!vt_count_token(c) || !vt_p_raw(c, &b->ops[b->n].r, what)) return false;
  b->n++;
  return true;
}

bool vt_gexec(cur *c, vt_gbuild *b) {
  uint8_t size, emask;
  vt_ws(c);
  if (!vt_p_exec(c, &size, &emask)) return false;
  vt_gput_u(b, SF_VF_EXEC, (uint32_t)size | (uint32_t)emask << 4);
  return true;
}

static uint32_t pred_word(const sf_pred *p) {
  return (uint32_t)p->id | (uint32_t)p->rsvd << 12 | (uint32_t)p->ctrl << 13 | (p->invert ? 0x8000u : 0u);
}

/* Whitespace-separated token after position j: [*at, *at + *n). */
static size_t next_tok(const cur *c, size_t j, size_t *at, size_t *n) {
  while (j < c->n && (c->s[j] == ' ' || c->s[j] == '\t' || c->s[j] == '\r')) j++;
  *at = j;
  while (j < c->n && c->s[j] != ' ' && c->s[j] != '\t' && c->s[j] != '\r') j++;
  *n = j - *at;
  return j;
}

/* Whether t[0..n) is spelled as a raw operand, name.offset: a name of identifier characters, a '.',
 * and decimal digits. The digits may be missing (`V40.`), so that the raw operand's reader refuses
 * the missing offset rather than the surface reader the name; a token with other bytes after its
 * '.' (`T8.q`) or before it (`V4(0.0`, `-V4.0`: a region's '(' or '<', a sign) is not one: in a
 * 3D_SAMPLE line it is the surface, refused there. */
static bool raw_operand_token(const char *t, size_t n) {
  size_t i = 0;
  while (i < n && vt_id_char(t[i])) i++;
  if (i == 0 || i >= n || t[i] != '.') return false;
  while (++i < n)
    if (!vt_is_digit(t[i])) return false;
  return true;
}

/* 3D_LOAD (0x6e) and 3D_SAMPLE share their op names; a 3D_LOAD line has no sampler, so the token
 * after aoffimmi and the surface is already the raw destination (name.offset), where 3D_SAMPLE has
 * its surface. Tokens are separated by blanks in both (no operand spelling contains one). */
static bool is_load3d_line(const cur *c, size_t mat, size_t mn) {
  size_t dot = 0;
  while (dot < mn && c->s[mat + dot] != '.') dot++;
  if (vt_s3d_lookup(c->s + mat, dot) < 0) return false;
  size_t j = mat + mn, at, n;
  while (j < c->n && c->s[j] != ')') j++; /* the exec size */
  if (j >= c->n) return false;
  j = next_tok(c, j + 1, &at, &n); /* aoffimmi */
  j = next_tok(c, j, &at, &n);     /* surface */
  next_tok(c, j, &at, &n);         /* raw destination? */
  return raw_operand_token(c->s + at, n);
}

/* 3D_INFO (0x70) shares resinfo/sampleinfo with 3D_SAMPLE and 3D_LOAD: its line has the surface
 * first, so the second token after the exec size is already a raw operand (name.offset), where
 * the others have a surface or a sampler. Returns the sub-op (10, 11) or -1. */
static int info3d_line(const cur *c, size_t mat, size_t mn) {
  size_t dot = 0;
  while (dot < mn && c->s[mat + dot] != '.') dot++;
  int sub = vt_ieq(c->s + mat, dot, "resinfo") ? 10 : vt_ieq(c->s + mat, dot, "sampleinfo") ? 11 : -1;
  if (sub < 0) return -1;
  size_t j = mat + mn, at, n;
  while (j < c->n && c->s[j] != ')') j++;
  if (j >= c->n) return -1;
  j = next_tok(c, j + 1, &at, &n); /* surface */
  next_tok(c, j, &at, &n);         /* raw operand? */
  return raw_operand_token(c->s + at, n) ? sub : -1;
}

/* resinfo.<ch> (exec) surface lod dst | sampleinfo.<ch> (exec) surface dst */
static bool p_info3d(cur *c, const char *s, size_t n, size_t at, int sub, vt_gbuild *b) {
  size_t dot = 0;
  while (dot < n && s[dot] != '.') dot++;
  if (dot >= n) return vt_perr(c, SF_ERR_SYNTAX, at + n, "expected .<channels> after %s", sub == 10 ? "resinfo" : "sampleinfo"), false;
  uint8_t mask, surf;
  if (!vt_p_chan(c, s + dot + 1, n - dot - 1, at + dot + 1, &mask)) return false;
  vt_gput_u(b, SF_VF_SUBOP, (uint32_t)sub);
  if (!vt_gexec(c, b)) return false;
  vt_gput_u(b, SF_VF_UB, mask);
  if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
  vt_gput_u(b, SF_VF_UB, surf);
  if (sub == 10 && !vt_gput_r(c, b, "the LOD (raw operand name.offset)")) return false;
  return vt_gput_r(c, b, "the destination (raw operand name.offset)");
}

bool vt_gen_line(cur *c) {
  size_t at, n;
  if (!mnem_token(c, skip_paren(c, c->i), &at, &n)) return false;
  vt_gmatch m;
  memset(&m, 0, sizeof m);
  return find_row(c->s + at, n, at, &m) || alias_row(c->s + at, n, at, &m) || info3d_line(c, at, n) >= 0 ||
         is_load3d_line(c, at, n);
}

/* [(pred)] <op>[.pixel_null_mask][.cps][.divS].<ch> (exec) aoffimmi surface dst params... */
static bool p_load3d(cur *c, const char *s, size_t n, size_t at, uint32_t pw, vt_gbuild *b) {
  size_t dot = 0;
  while (dot < n && s[dot] != '.') dot++;
  int op = vt_s3d_lookup(s, dot);
  if (op < 0) return vt_perr(c, SF_ERR_SYNTAX, at, "expected a 3D load op"), false;
  uint32_t w = (uint32_t)op;
  static const char *const sfx[3] = {"pixel_null_mask", "cps", "divS"};
  int last = -1;
  size_t i = dot;
  for (unsigned guard = 0; guard < 4 && i < n; guard++) {
    size_t j = i + 1;
    while (j < n && s[j] != '.') j++;
    if (j >= n) break; /* the last part: channels */
    int q = -1;
    for (int k = 0; k < 3; k++)
      if (vt_ieq(s + i + 1, j - i - 1, sfx[k])) q = k;
    if (q <= last) return vt_perr(c, SF_ERR_SYNTAX, at + i + 1, "expected .pixel_null_mask, .cps, .divS in that order, then the channels"), false;
    last = q;
    w |= 1u << (8 + q);
    i = j;
  }
  if (i >= n || s[i] != '.') return vt_perr(c, SF_ERR_SYNTAX, at + n, "expected .<channels> after the 3D load op"), false;
  uint8_t mask, surf;
  if (!vt_p_chan(c, s + i + 1, n - i - 1, at + i + 1, &mask)) return false;
  vt_gput_u(b, SF_VF_UW, w);
  if (!vt_gexec(c, b)) return false;
  vt_gput_u(b, SF_VF_PRED, pw);
  vt_gput_u(b, SF_VF_UB, mask);
  if (!vt_gput_v(c, b, "aoffimmi")) return false;
  if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
  vt_gput_u(b, SF_VF_UB, surf);
  if (!vt_gput_r(c, b, "the destination (raw operand name.offset)")) return false;
  unsigned cnt_at = b->n;
  vt_gput_u(b, SF_VF_COUNT, 0);
  while (!vt_at_end(c)) {
    if (b->ops[cnt_at].u >= SF_VISA_MAX_LIST)
      return vt_perr(c, SF_ERR_LIMIT, c->i, "more than %u parameters", SF_VISA_MAX_LIST), false;
    if (!vt_gput_r(c, b, "a parameter (raw operand name.offset)")) return false;
    b->ops[cnt_at].u++;
  }
  return true;
}

bool vt_is_label_line(const cur *c) {
  size_t j = c->i;
  while (j < c->n && (c->s[j] == ' ' || c->s[j] == '\t')) j++;
  size_t s = j;
  while (j < c->n && vt_id_char(c->s[j]) && c->s[j] != '%') j++;
  if (j == s || vt_is_digit(c->s[s])) return false;
  while (j < c->n && (c->s[j] == ' ' || c->s[j] == '\t')) j++;
  if (j >= c->n || c->s[j] != ':') return false;
  j++;
  while (j < c->n && (c->s[j] == ' ' || c->s[j] == '\t' || c->s[j] == '\r')) j++;
  if (j + 1 < c->n && c->s[j] == '/' && c->s[j + 1] == '/') return true;
  return j == c->n;
}

/* The id of label `s` in k, added (kind 0) on first use. A whole file indexes its labels (c->k's
 * label index, brought up to k's labels first: .function lines add labels too), so that a kernel of
 * L labels reads in O(L), not O(L^2); one instruction alone walks them. Every reader builds c->k
 * (symsrc), and only the whole-file one gives it a label index, that of the object it reads: k. */
bool vt_label_id(cur *c, sf_visa_kernel *k, const char *s, size_t n, size_t at, uint32_t *id) {
  vt_label_ix *lx = c->k->labels;
  if (lx) {
    for (; lx->done < k->num_labels; lx->done++)
      if (!sf_visa_names_add(&lx->ix, sf_visa_kernel_string(k, k->labels[lx->done].name), SF_SYM_VAR, lx->done))
        return vt_perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
    uint32_t got;
    if (sf_visa_names_find(&lx->ix, s, n, &got) != SF_SYM_NONE) return *id = got, true;
  }
  for (uint32_t i = 0; !lx && k->labels && i < k->num_labels; i++) {
    const char *o = sf_visa_kernel_string(k, k->labels[i].name);
    if (o && strlen(o) == n && memcmp(o, s, n) == 0) return *id = i, true;
  }
  if (k->num_labels >= VT_MAX_LABELS) return vt_perr(c, SF_ERR_LIMIT, at, "more than %u labels in a kernel", VT_MAX_LABELS), false;
  sf_status bst;
  sf_status_clear(&bst);
  int64_t r = sf_visa_kernel_add_label(k, s, n, 0, &bst);
  if (r < 0) return vt_perr(c, bst.code ? bst.code : SF_ERR_LIMIT, at, "%s", bst.msg), false;
  *id = (uint32_t)r;
  return true;
}

/* The suffix after the name: `.sat` for ALU, the relation for cmp, channels, SVM sizes. */
static bool want_no_rest(cur *c, const vt_gmatch *m) {
  if (m->rest_n == 0) return true;
  return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "unexpected suffix '%.*s' after %s", sf_quote_len(m->rest_n, SF_QUOTE_WORD),
                 m->rest, m->name), false;
}

static bool chan_suffix(cur *c, const vt_gmatch *m, uint8_t *mask) {
  if (m->rest_n < 2 || m->rest[0] != '.')
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .<channels> (e.g. .RGBA) after %s", m->name), false;
  return vt_p_chan(c, m->rest + 1, m->rest_n - 1, m->rest_at + 1, mask);
}

static bool svm_suffix(cur *c, const vt_gmatch *m, uint32_t *bs, uint32_t *nb) {
  static const char *const bsn[3] = {"1", "4", "8"};
  static const char *const nbn[4] = {"1", "2", "4", "8"};
  const char *r = m->rest;
  size_t n = m->rest_n;
  const char *dot = n > 1 ? memchr(r + 1, '.', n - 1) : NULL;
  if (n < 4 || r[0] != '.' || !dot)
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .<block size 1|4|8>.<blocks 1|2|4|8> after %s", m->name), false;
  size_t an = (size_t)(dot - r) - 1, bn = n - (size_t)(dot - r) - 1;
  int a = -1, b = -1;
  for (int q = 0; q < 3; q++)
    if (strlen(bsn[q]) == an && memcmp(bsn[q], r + 1, an) == 0) a = q;
  for (int q = 0; q < 4; q++)
    if (strlen(nbn[q]) == bn && memcmp(nbn[q], dot + 1, bn) == 0) b = q;
  if (a < 0 || b < 0)
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .<block size 1|4|8>.<blocks 1|2|4|8> after %s", m->name), false;
  *bs = (uint32_t)a;
  *nb = (uint32_t)b;
  return true;
}

/* `.sat` or nothing after the name (ALU, MINMAX). */
static bool sat_or_nothing(cur *c, const vt_gmatch *m, bool *sat) {
  *sat = m->rest_n != 0;
  if (*sat && !vt_ieq(m->rest, m->rest_n, ".sat"))
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .sat or nothing after %s", m->name), false;
  return true;
}

/* .sat is the destination's (field 2) modifier 4; with another modifier there it is an error. */
static bool apply_sat(cur *c, const vt_gmatch *m, vt_gbuild *b, bool sat) {
  if (!sat) return true;
  if (b->ops[2].v.mod != SF_VMOD_NONE)
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, ".sat with a modifier on the destination"), false;
  b->ops[2].v.mod = SF_VMOD_SAT;
  return true;
}

/* addr_add's src0 written as the address of a variable, `&name` or `&name[bytes]` (GenX_IR's
 * SrcAddrOfOperand): a general variable becomes a general operand with region <0;1,0> and the
 * bytes as an element offset, a surface or sampler a state operand with the bytes as its offset
 * byte (VISAKernelImpl.cpp, CreateVISAAddressOfOperand). Bytes past the first GRF (32) would need
 * the platform's GRF size to split into rows, which a vISA file does not record: unsupported. */
static bool put_addr_of(cur *c, vt_gbuild *b) {
  vt_ws(c);
  if (vt_peek(c) != '&') return vt_gput_v(c, b, "src0 (an address or &variable)");
  if (!vt_count_token(c)) return false;
  c->i++;
  const char *s;
  size_t n, at;
  if (!vt_ident(c, &s, &n, &at, "a variable after &")) return false;
  sf_visa_gop *o = &b->ops[b->n];
  memset(o, 0, sizeof *o);
  o->kind = SF_VF_VEC;
  uint32_t id, cls;
  sf_visa_symkind other = SF_SYM_NONE;
  bool state = false;
  if (vt_resolve_var(c->k, s, n, &id, &other) != RES_OK) {
    res_t r = vt_resolve_state(c->k, s, n, true, &id, &cls, &other);
    if (r != RES_OK) return vt_name_error(c, r, at, s, n, other, "a general, surface or sampler variable"), false;
    state = true;
  }
  int64_t off = 0;
  size_t off_at = c->i;
  if (vt_peek(c) == '[') {
    c->i++;
    off_at = c->i;
    if (!vt_snum(c, 0, 255, &off, "a byte offset (0-255)") || !vt_expect(c, ']', "after the byte offset")) return false;
  }
  if (state) {
    if (id > 0xFFFF) return vt_perr(c, SF_ERR_RANGE, at, "state index %u does not fit 16 bits", (unsigned)id), false;
    o->v.cls = SF_VCLS_STATE, o->v.state_cls = (uint8_t)cls, o->v.id = id, o->v.addr_off = (uint8_t)off;
  } else {
    unsigned esz = vt_var_elt_size(c->k ? c->k->k : NULL, id);
    if (off && esz == 0)
      return vt_perr(c, SF_UNSUPPORTED, off_at, "a byte offset on the address of a predefined variable"), false;
    if (off >= 32)
      return vt_perr(c, SF_UNSUPPORTED, off_at, "byte offset %d is past the first GRF: its row depends on the platform's"
                     " GRF size, which the file does not record", (int)off), false;
    if (off % (esz ? esz : 1))
      return vt_perr(c, SF_ERR_RANGE, off_at, "byte offset %d is not a multiple of the variable's element size (%u)",
                     (int)off, esz), false;
    o->v.cls = SF_VCLS_GENERAL, o->v.id = id, o->v.col_off = (uint8_t)(off / (esz ? esz : 1));
    o->v.region = (sf_region){1, 2, 1, 0};
  }
  b->n++;
  return true;
}

/* `.<op>` then the width: `.16` (bit 5), and for svm_atomic also `.32` (none) and `.64` (bit 6), as
 * GenX_IR's AtomicBitwidthOpt and Atomic16Opt read them. The op byte, or -1 after an error. */
int vt_atomic_rest(cur *c, const vt_gmatch *m, bool svm) {
  size_t dot = 1;
  while (dot < m->rest_n && m->rest[dot] != '.') dot++;
  int op = m->rest_n > 1 && m->rest[0] == '.' ? vt_atomic_op(m->rest + 1, dot - 1) : -1;
  const char *w = m->rest + dot;
  size_t wn = m->rest_n - dot;
  if (op >= 0 && wn) {
    if (vt_ieq(w, wn, ".16")) op |= 0x20;
    else if (svm && vt_ieq(w, wn, ".64")) op |= 0x40;
    else if (!svm || !vt_ieq(w, wn, ".32")) op = -1;
  }
  if (op < 0)
    vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .<atomic op> (add, sub, ..., cmpxchg, ..., fsub), then %s or nothing, after %s",
            svm ? ".16, .32, .64" : ".16", m->name);
  return op;
}

static bool p_body(cur *c, sf_visa_kernel *k, vt_gmatch *m, bool has_pred, const sf_pred *pred, size_t pred_at,
                   vt_gbuild *b) {
  uint32_t pw = has_pred ? pred_word(pred) : 0;
  /* GenX_IR's grammar reads a predicate on min/max and drops it (CISA_create_fminmax_instruction:
   * FMINMAX has no predicate field), so MINMAX is not refused here; the classes below have no
   * Predicate in their rules (CISA.y) */
  bool takes_pred = m->syn != SF_VSYN_CMP && m->syn != SF_VSYN_MOVS && m->syn != SF_VSYN_FENCE &&
                    m->syn != SF_VSYN_BARE && m->syn != SF_VSYN_ADDR && m->syn != SF_VSYN_OWORD && m->syn != SF_VSYN_MEDIA &&
                    m->syn != SF_VSYN_SVMBLOCK && m->syn != SF_VSYN_FADDR && m->syn != SF_VSYN_DPAS &&
                    m->syn != SF_VSYN_LIFETIME && m->syn != SF_VSYN_WAIT && m->syn != SF_VSYN_SBARRIER &&
                    m->syn != SF_VSYN_NBARRIER && m->syn != SF_VSYN_ALUNP && m->syn != SF_VSYN_SWITCHJMP &&
                    m->syn != SF_VSYN_SRCLOC && m->syn != SF_VSYN_VA && !vt_legacy_syn(m->syn);
  if (has_pred && !takes_pred) return vt_perr(c, SF_ERR_SYNTAX, pred_at, "%s takes no predicate", m->name), false;
  const sf_visa_opdesc *d = sf_visa_optab(m->op);
  switch (m->syn) {
    case SF_VSYN_ALU: {
      bool sat;
      if (!sat_or_nothing(c, m, &sat)) return false;
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      unsigned nv = 0;
      for (const char *p = d->layout; *p; p++) nv += *p == SF_VF_VEC;
      for (unsigned i = 0; i < nv; i++)
        if (!vt_gput_v(c, b, i ? "a source operand" : "the destination")) return false;
      return apply_sat(c, m, b, sat);
    }
    case SF_VSYN_CMP: {
      static const char *const rel[6] = {"eq", "ne", "gt", "ge", "lt", "le"};
      int r = -1;
      const char *rs = m->rest;
      size_t rn = m->rest_n;
      bool sat = false;
      if (rn > 4 && vt_ieq(rs + rn - 4, 4, ".sat")) sat = true, rn -= 4;
      if (rn > 1 && rs[0] == '.') {
        for (int q = 0; q < 6; q++)
          if (vt_ieq(rs + 1, rn - 1, rel[q])) r = q | (m->cmpn ? 0x80 : 0);
        uint32_t v;
        if (r < 0 && !m->cmpn && vt_prefixed_num(rs + 1, rn - 1, "rel", &v) && v <= 255) r = (int)v;
      }
      if (r < 0)
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .eq, .ne, .gt, .ge, .lt or .le (then .sat) after cmp"), false;
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_UB, (uint32_t)r);
      if (!vt_gput_v(c, b, "the destination") || !vt_gput_v(c, b, "a source operand") || !vt_gput_v(c, b, "a source operand"))
        return false;
      return apply_sat(c, m, b, sat);
    }
    case SF_VSYN_MOVS:
      return want_no_rest(c, m) && vt_gexec(c, b) && vt_gput_v(c, b, "the destination") && vt_gput_v(c, b, "the source");
    case SF_VSYN_CF: {
      if (!want_no_rest(c, m) || !vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      if (strchr(d->layout, SF_VF_LABEL)) {
        const char *s;
        size_t n, at;
        uint32_t id;
        if (!vt_count_token(c) || !vt_ident(c, &s, &n, &at, "a label") || !vt_label_id(c, k, s, n, at, &id)) return false;
        vt_gput_u(b, SF_VF_LABEL, id);
      }
      return true;
    }
    case SF_VSYN_DPAS: {
      uint32_t info;
      if (!vt_dpas_rest(c, m, &info) || !vt_gexec(c, b)) return false;
      for (int q = 0; q < 3; q++)
        if (!vt_gput_r(c, b, q ? "a source operand" : "the destination")) return false;
      if (!vt_dpas_src2(c, b)) return false;
      vt_gput_u(b, SF_VF_UD, info);
      return true;
    }
    case SF_VSYN_FCALL: /* the callee's name becomes a new string, as GenX_IR adds one per fcall */
    case SF_VSYN_FADDR: /* and faddr's symbol name, one per faddr */
    case SF_VSYN_IFCALL: {
      uint64_t arg, ret;
      if (!want_no_rest(c, m)) return false;
      if (m->syn != SF_VSYN_FADDR) {
        if (!vt_gexec(c, b)) return false;
        vt_gput_u(b, SF_VF_PRED, pw);
      }
      if (m->syn == SF_VSYN_IFCALL) {
        if (!vt_gput_v(c, b, "the function's address")) return false;
      } else {
        const char *s;
        size_t n, at;
        if (!vt_count_token(c) || !vt_ident(c, &s, &n, &at, m->syn == SF_VSYN_FADDR ? "a function name" : "the callee's name"))
          return false;
        sf_status bst;
        sf_status_clear(&bst);
        int64_t idx = sf_visa_kernel_add_string(k, s, n, &bst);
        if (idx < 0 || idx > UINT16_MAX)
          return vt_perr(c, idx < 0 ? bst.code : SF_ERR_LIMIT, at, "%s", idx < 0 ? bst.msg : "string table past 65535"), false;
        vt_gput_u(b, SF_VF_UW, (uint32_t)idx);
      }
      if (m->syn == SF_VSYN_FADDR) return vt_gput_v(c, b, "the destination");
      if (!vt_unum(c, 255, &arg, "the argument size") || !vt_unum(c, 255, &ret, "the return size")) return false;
      vt_gput_u(b, SF_VF_UB, (uint32_t)arg);
      vt_gput_u(b, SF_VF_UB, (uint32_t)ret);
      return true;
    }
    case SF_VSYN_SCALED4: {
      uint8_t mask, surf;
      if (!chan_suffix(c, m, &mask) || !vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      vt_gput_u(b, SF_VF_UB, mask);
      vt_gput_u(b, SF_VF_UW, 0); /* scale: GenX_IR's text has none (visa_gen_print.c) */
      if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
      vt_gput_u(b, SF_VF_UB, surf);
      return vt_gput_v(c, b, "the global offset") && vt_gput_r(c, b, "the offsets") && vt_gput_r(c, b, "the data");
    }
    case SF_VSYN_TYPED4: {
      uint8_t mask, surf;
      if (!chan_suffix(c, m, &mask) || !vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      vt_gput_u(b, SF_VF_UB, mask);
      if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
      vt_gput_u(b, SF_VF_UB, surf);
      for (int i = 0; i < 5; i++)
        if (!vt_gput_r(c, b, i < 4 ? "a coordinate (u, v, r, lod)" : "the data")) return false;
      return true;
    }
    case SF_VSYN_SVM: {
      uint32_t bs, nb;
      vt_gput_u(b, SF_VF_SUBOP, (uint32_t)m->sub);
      if (!svm_suffix(c, m, &bs, &nb) || !vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      vt_gput_u(b, SF_VF_UB, bs);
      vt_gput_u(b, SF_VF_UB, nb);
      return vt_gput_r(c, b, "the addresses") && vt_gput_r(c, b, "the data");
    }
    case SF_VSYN_SCALED: {
      static const char *const nbn[3] = {".1", ".2", ".4"};
      int nb = -1;
      for (int q = 0; q < 3; q++)
        if (vt_ieq(m->rest, m->rest_n, nbn[q])) nb = q;
      if (nb < 0) return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .1, .2 or .4 (blocks) after %s", m->name), false;
      uint8_t surf;
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      vt_gput_u(b, SF_VF_UB, 0); /* block size and scale: GenX_IR's text has neither (visa_gen_print.c) */
      vt_gput_u(b, SF_VF_UB, (uint32_t)nb);
      vt_gput_u(b, SF_VF_UW, 0);
      if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
      vt_gput_u(b, SF_VF_UB, surf);
      return vt_gput_v(c, b, "the global offset") && vt_gput_r(c, b, "the offsets") && vt_gput_r(c, b, "the data");
    }
    case SF_VSYN_BARE:
      return want_no_rest(c, m);
    case SF_VSYN_SVMATOMIC: {
      int op = vt_atomic_rest(c, m, true);
      if (op < 0) return false;
      vt_gput_u(b, SF_VF_SUBOP, (uint32_t)m->sub);
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      vt_gput_u(b, SF_VF_UB, (uint32_t)op);
      /* text: addresses dst src0 src1; fields: addresses src0 src1 dst */
      if (!vt_gput_r(c, b, "the addresses") || !vt_gput_r(c, b, "the destination") || !vt_gput_r(c, b, "src0") || !vt_gput_r(c, b, "src1"))
        return false;
      sf_visa_gop dst = b->ops[b->n - 3];
      b->ops[b->n - 3] = b->ops[b->n - 2];
      b->ops[b->n - 2] = b->ops[b->n - 1];
      b->ops[b->n - 1] = dst;
      return true;
    }
    case SF_VSYN_LSC:
      return vt_parse_lsc(c, &m->op, m->sub, m->name, m->rest, m->rest_n, m->rest_at, has_pred, pw, pred_at, b->ops,
                          SF_VISA_MAX_GOPS, &b->n);
    case SF_VSYN_BFN: {
      /* .x<hex> (GenX_IR's lexer: 'x' then hex digits of either case), then .sat or nothing */
      size_t i = 2, n = m->rest_n;
      uint32_t fn = 0;
      bool big = false;
      if (n < 3 || m->rest[0] != '.' || m->rest[1] != 'x' || vt_hexval(m->rest[2]) < 0)
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .x<hex function> after bfn (e.g. bfn.xd8)"), false;
      for (; i < n && vt_hexval(m->rest[i]) >= 0; i++) {
        fn = (fn << 4 | (uint32_t)vt_hexval(m->rest[i])) & 0xfff;
        big = big || fn > 0xff;
      }
      if (big)
        return vt_perr(c, SF_ERR_RANGE, m->rest_at + 2, "bfn function 0x%.*s does not fit its byte", sf_quote_len(i - 2, SF_QUOTE_HEX),
                       m->rest + 2), false;
      vt_gmatch rest = *m;
      rest.rest += i, rest.rest_n -= i, rest.rest_at += i;
      bool sat;
      if (!sat_or_nothing(c, &rest, &sat) || !vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_PRED, pw);
      if (!vt_gput_v(c, b, "the destination")) return false;
      for (int q = 0; q < 3; q++)
        if (!vt_gput_v(c, b, "a source operand")) return false;
      vt_gput_u(b, SF_VF_UB, fn);
      return apply_sat(c, &rest, b, sat);
    }
    case SF_VSYN_ADDR: {
      bool sat;
      if (!sat_or_nothing(c, m, &sat) || !vt_gexec(c, b) || !vt_gput_v(c, b, "the destination") || !put_addr_of(c, b) ||
          !vt_gput_v(c, b, "src1"))
        return false;
      if (sat && b->ops[1].v.mod != SF_VMOD_NONE)
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, ".sat with a modifier on the destination"), false;
      if (sat) b->ops[1].v.mod = SF_VMOD_SAT;
      return true;
    }
    case SF_VSYN_DWATOMIC:
    case SF_VSYN_OWORD:
    case SF_VSYN_MEDIA:
    case SF_VSYN_SVMBLOCK:
    case SF_VSYN_SVM4:
      return vt_parse_dp(c, m, pw, b);
    case SF_VSYN_MINMAX: {
      bool sat;
      if (!sat_or_nothing(c, m, &sat)) return false;
      if (!vt_gexec(c, b)) return false;
      vt_gput_u(b, SF_VF_UB, m->name[1] == 'a' ? 1u : 0u); /* max : min */
      if (!vt_gput_v(c, b, "the destination") || !vt_gput_v(c, b, "a source operand") || !vt_gput_v(c, b, "a source operand"))
        return false;
      return apply_sat(c, m, b, sat);
    }
    case SF_VSYN_FENCE: {
      uint32_t bits = 0;
      bool sw = m->name[6] == 's', local = m->name[6] == 'l';
      size_t used = 0; /* an option that is not one: at its own column, not the suffix's */
      if (m->rest_n && (sw || m->rest[0] != '.' || !vt_fence_opts(m->rest + 1, m->rest_n - 1, &bits, &used)))
        return vt_perr(c, SF_ERR_SYNTAX, m->rest_at + (sw || m->rest[0] != '.' ? 0 : 1 + used), sw ? "fence_sw takes no options"
                                                         : "expected .<options> (E, I, S, C, R, L1 in that order) or nothing after %s",
                       m->name), false;
      vt_gput_u(b, SF_VF_UB, sw ? 0x80u : bits | (local ? 32u : 0u));
      return true;
    }
    default:
      if (vt_send_syn(m->syn)) return vt_parse_send(c, k, m, pw, b); /* visa_send_text.c */
      if (vt_legacy_syn(m->syn)) return vt_parse_legacy(c, m, b);     /* visa_legacy_text.c */
      if (m->syn == SF_VSYN_RTWRITE) return vt_parse_rtw(c, m, pw, b); /* visa_rtw_text.c */
      if (m->syn == SF_VSYN_VA) return vt_parse_va(c, m, b);            /* visa_va_text.c */
      return vt_perr(c, SF_UNSUPPORTED, m->rest_at, "%s: its text form is not modeled", m->name), false;
  }
}

static bool finish(cur *c, vt_gbuild *b, uint8_t op, sf_visa_ginst *out) {
  out->ops = malloc(b->n * sizeof *out->ops);
  if (!out->ops) return vt_perr(c, SF_ERR_NOMEM, c->i, "out of memory"), false;
  memcpy(out->ops, b->ops, b->n * sizeof *out->ops);
  out->num_ops = (uint16_t)b->n;
  out->op = op;
  out->form = SF_VISA_FORM_SPEC; /* `at` is the kernel's to set (add_gen); both callers zeroed *out */
  return true;
}

bool vt_parse_gen(cur *c, sf_visa_kernel *k, sf_visa_ginst *out) {
  memset(out, 0, sizeof *out);
  sf_pred pred;
  memset(&pred, 0, sizeof pred);
  vt_ws(c);
  size_t pred_at = c->i;
  bool has_pred = false;
  if (vt_peek(c) == '(') {
    if (!vt_p_pred(c, &pred)) return false;
    has_pred = true;
  }
  size_t at, n;
  vt_gmatch m;
  memset(&m, 0, sizeof m);
  bool load = false;
  int info = -1;
  if (!mnem_token(c, c->i, &at, &n)) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected an instruction mnemonic"), false;
  if (!find_row(c->s + at, n, at, &m) && !alias_row(c->s + at, n, at, &m)) {
    info = info3d_line(c, at, n);
    if (info >= 0) {
      m.op = 0x70;
      if (has_pred) return vt_perr(c, SF_ERR_SYNTAX, pred_at, "3D_INFO takes no predicate"), false;
    } else if (is_load3d_line(c, at, n)) {
      load = true;
      m.op = 0x6e;
    } else {
      return vt_perr(c, SF_ERR_SYNTAX, at, "expected an instruction mnemonic"), false;
    }
  }
  c->i = at + n;
  if (!vt_count_token(c)) return false;
  vt_gbuild gb; /* on the stack, as in vt_parse_label_def: no allocation per line */
  vt_gbuild *b = &gb;
  b->n = 0;
  bool ok = (info >= 0 ? p_info3d(c, c->s + at, n, at, info, b)
             : load     ? p_load3d(c, c->s + at, n, at, has_pred ? pred_word(&pred) : 0, b)
                        : p_body(c, k, &m, has_pred, &pred, pred_at, b)) &&
            vt_finish_line(c) && finish(c, b, m.op, out);
  return ok;
}

bool vt_parse_label_def(cur *c, sf_visa_kernel *k, bool subroutine, sf_visa_ginst *out) {
  memset(out, 0, sizeof *out);
  const char *s;
  size_t n, at;
  uint32_t id;
  if (!vt_ident(c, &s, &n, &at, "a label name") || !vt_label_id(c, k, s, n, at, &id)) return false;
  if (subroutine) k->labels[id].kind = 1;
  vt_gbuild b;
  b.n = 0;
  vt_gput_u(&b, SF_VF_LABEL, id);
  return finish(c, &b, subroutine ? 0x30 : 0x31, out);
}
