/* dxbc_text_parse.c — the whole DXBC container as text: the parser (docs/dxbc.md §10).
 *
 * Line-oriented. Container directives (`.dxbc`, `.chunk`, `.hex`, `.program`, `.isgn`, `.osgn`,
 * `.pcsg`, `.osg5`, `.isg1`, `.osg1`, `.psg1`) start a line; a `.program` section is every line up to
 * the next container directive and goes to sf_d3dasm_parse_program (its line numbers are shifted to
 * the whole text's). The chunks are then written by sf_dxbc_write (offsets, sizes, checksum). */
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/dxbc_text_priv.h"
#include "samplefuzz/bytes.h"

typedef struct pchunk {
  uint32_t fourcc;
  sf_buf data;
} pchunk;

typedef enum { OPEN_NONE, OPEN_SIG, OPEN_HEX, OPEN_PROGRAM } open_kind;

typedef struct pstate {
  pchunk ch[SF_DXBC_MAX_CHUNKS];
  size_t n;
  open_kind open;
  sf_dxbc_sig sig;          /* OPEN_SIG */
  size_t prog_start;        /* OPEN_PROGRAM: byte offset of the section's first line */
  uint32_t prog_line;       /* its line number */
  const char *text;
  size_t len;
  size_t dstart;            /* column (0-based) of the statement's directive, for errors */
  bool zero_checksum;       /* `.dxbc unsigned`: the checksum field stays zero */
  sf_status *st;
} pstate;

static bool word_is(const char *s, size_t n, const char *w) { return strlen(w) == n && memcmp(s, w, n) == 0; }

/* The container directive starting the line (after blanks), or 0-length when there is none. */
static size_t directive_at(const char *s, size_t len, size_t *start) {
  size_t i = 0;
  while (i < len && da_is_sp((unsigned char)s[i])) i++;
  *start = i;
  if (i >= len || s[i] != '.') return 0;
  size_t j = i + 1;
  while (j < len && da_is_word((unsigned char)s[j])) j++;
  if (j < len && !da_is_sp((unsigned char)s[j]) && s[j] != '/') return 0;
  const char *w = s + i;
  size_t n = j - i;
  if (word_is(w, n, ".dxbc") || word_is(w, n, ".chunk") || word_is(w, n, ".hex") || word_is(w, n, ".program") ||
      dxbc_sig_fourcc_of(w, n))
    return n;
  return 0;
}

static sf_code new_chunk(pstate *p, tcur *c, uint32_t fourcc) {
  if (p->n >= SF_DXBC_MAX_CHUNKS) {
    c->pos = p->dstart;
    return da_cfail(c, SF_ERR_LIMIT, "more than %u chunks (the container cap)", SF_DXBC_MAX_CHUNKS);
  }
  pchunk *k = &p->ch[p->n++];
  k->fourcc = fourcc;
  sf_buf_init(&k->data, p->st);
  k->data.limit = SF_DXBC_MAX_SIZE;
  return SF_OK;
}

/* Ends the open signature or program section (the line of c is the one after it). */
static sf_code close_open(pstate *p, size_t line_start) {
  sf_code e = SF_OK;
  if (p->open == OPEN_SIG) {
    e = sf_dxbc_sig_encode(&p->sig, &p->ch[p->n - 1].data, p->st);
    sf_dxbc_sig_free(&p->sig);
  } else if (p->open == OPEN_PROGRAM) {
    sf_tpf_program prog;
    e = sf_d3dasm_parse_program(p->text + p->prog_start, line_start - p->prog_start, &prog, p->st);
    if (e && p->st && p->st->pos_kind == SF_POS_TEXT) {
      /* An empty section has no line of its own (at the end of a file without a final newline,
       * the line after the directive does not exist): the error points at the directive. */
      if (line_start == p->prog_start && p->prog_line > 1) p->st->line = p->prog_line - 1, p->st->col = 1;
      else p->st->line += p->prog_line - 1;
    }
    if (!e) e = sf_tpf_program_encode(&prog, &p->ch[p->n - 1].data, p->st);
    sf_tpf_program_free(&prog);
  }
  p->open = OPEN_NONE;
  return e;
}

/* Hex bytes (pairs of digits, blanks between pairs) to the end of the line, appended to b. */
static sf_code parse_hex(tcur *c, sf_buf *b) {
  while (!da_at_end(c)) {
    int h = da_peek(c), l = da_peek_at(c, 1);
    if (!da_is_hex(h)) return da_cfail(c, SF_ERR_SYNTAX, "expected hex bytes (pairs of hex digits)");
    if (!da_is_hex(l)) {
      return da_cfail(c, SF_ERR_SYNTAX, "odd number of hex digits: bytes are written as digit pairs");
    }
    unsigned v = (unsigned)((da_is_digit(h) ? h - '0' : (h | 0x20) - 'a' + 10) << 4) |
                 (unsigned)(da_is_digit(l) ? l - '0' : (l | 0x20) - 'a' + 10);
    if (!sf_wr_u8(b, (uint8_t)v))
      return sf_buf_code(b) == SF_ERR_NOMEM ? da_cfail(c, SF_ERR_NOMEM, "no memory for the chunk's bytes")
                                            : da_cfail(c, SF_ERR_LIMIT, "chunk larger than %u bytes", SF_DXBC_MAX_SIZE);
    c->pos += 2;
  }
  return SF_OK;
}

/* FOURCC: four [A-Za-z0-9_] characters, or 0x and 8 hex digits. */
static sf_code parse_fourcc(tcur *c, uint32_t *f) {
  da_skip_sp(c);
  if (da_peek(c) == '0' && da_peek_at(c, 1) == 'x') {
    size_t s = c->pos;
    c->pos += 2;
    uint32_t v = 0;
    size_t nd = 0;
    while (da_is_hex(da_peek(c)) && nd < 9) {
      int ch = da_peek(c);
      v = v * 16 + (uint32_t)(da_is_digit(ch) ? ch - '0' : (ch | 0x20) - 'a' + 10);
      c->pos++;
      nd++;
    }
    if (nd != 8) {
      c->pos = s;
      return da_cfail(c, SF_ERR_SYNTAX, "a numeric FOURCC is 0x and 8 hex digits");
    }
    *f = v;
  } else {
    size_t s = c->pos;
    while (da_is_word(da_peek(c))) c->pos++;
    if (c->pos - s != 4) {
      c->pos = s;
      return da_cfail(c, SF_ERR_SYNTAX, "expected a FOURCC (4 characters of [A-Za-z0-9_], or 0x%%08x)");
    }
    *f = SF_DXBC_FOURCC(c->s[s], c->s[s + 1], c->s[s + 2], c->s[s + 3]);
  }
  if (!da_is_sp(da_peek(c)) && !da_at_end(c)) return da_cfail(c, SF_ERR_SYNTAX, "expected a space after the FOURCC");
  return SF_OK;
}

static sf_code statement(pstate *p, tcur *c, size_t dstart, size_t dlen, bool *seen_dxbc, size_t line_start) {
  const char *w = c->s + dstart;
  c->pos = dstart;
  p->dstart = dstart;
  if (!*seen_dxbc && !word_is(w, dlen, ".dxbc"))
    return da_cfail(c, SF_ERR_SYNTAX, "the container text starts with .dxbc");
  sf_code e = SF_OK;
  if (word_is(w, dlen, ".hex")) {
    if (p->open != OPEN_HEX) return da_cfail(c, SF_ERR_SYNTAX, ".hex continues a .chunk line; there is none open");
    c->pos += dlen;
    return parse_hex(c, &p->ch[p->n - 1].data);
  }
  uint32_t sigf = dxbc_sig_fourcc_of(w, dlen);
  bool join = sigf && p->open == OPEN_SIG && p->sig.fourcc == sigf;
  if (!join && (e = close_open(p, line_start))) return e;
  if (join) p->open = OPEN_SIG;
  c->pos += dlen;
  if (word_is(w, dlen, ".dxbc")) {
    if (*seen_dxbc) {
      c->pos = dstart;
      return da_cfail(c, SF_ERR_SYNTAX, "a second .dxbc line");
    }
    *seen_dxbc = true;
    da_skip_sp(c);
    if (da_accept(c, "unsigned")) p->zero_checksum = true;
    if (!da_at_end(c)) return da_cfail(c, SF_ERR_TRAILING, "only `unsigned` may follow .dxbc on its line");
    return SF_OK;
  }
  if (word_is(w, dlen, ".chunk")) {
    uint32_t f;
    if ((e = parse_fourcc(c, &f)) || (e = new_chunk(p, c, f))) return e;
    p->open = OPEN_HEX;
    return parse_hex(c, &p->ch[p->n - 1].data);
  }
  if (word_is(w, dlen, ".program")) {
    uint32_t f;
    size_t at = c->pos;
    if ((e = parse_fourcc(c, &f))) return e;
    if (f != SF_DXBC_SHDR && f != SF_DXBC_SHEX) {
      c->pos = at;
      da_skip_sp(c);
      return da_cfail(c, SF_ERR_SYNTAX, ".program takes SHDR or SHEX (other chunks are written with .chunk)");
    }
    if (!da_at_end(c)) return da_cfail(c, SF_ERR_TRAILING, "the program text starts on the next line");
    if ((e = new_chunk(p, c, f))) return e;
    p->open = OPEN_PROGRAM;
    p->prog_line = c->line + 1;
    size_t nl = line_start + c->len;
    p->prog_start = nl < p->len ? nl + 1 : nl;
    return SF_OK;
  }
  /* A signature directive: bare = a whole chunk with no elements; else one element. */
  bool spaced = da_is_sp(da_peek(c));
  if (da_at_end(c)) {
    if (join && (e = close_open(p, line_start))) return e;
    if ((e = new_chunk(p, c, sigf))) return e;
    sf_dxbc_sig_init(&p->sig, sigf);
    return sf_dxbc_sig_encode(&p->sig, &p->ch[p->n - 1].data, p->st);
  }
  if (!spaced) return da_cfail(c, SF_ERR_SYNTAX, "expected a space after %.*s", (int)dlen, w);
  if (!join) {
    if ((e = new_chunk(p, c, sigf))) return e;
    sf_dxbc_sig_init(&p->sig, sigf);
    p->open = OPEN_SIG;
  }
  sf_dxbc_sig_entry el;
  if ((e = dxbc_sig_parse_entry(c, sigf, &el))) return e;
  if (p->sig.n >= SF_DXBC_SIG_MAX_ELEMS)
    return da_cfail(c, SF_ERR_LIMIT, "more than %u elements in one signature", SF_DXBC_SIG_MAX_ELEMS);
  return sf_dxbc_sig_add(&p->sig, &el, p->st);
}

sf_code sf_dxbc_parse_text(const char *text, size_t len, sf_buf *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_parse_text: out is NULL");
  if (!text && len) return sf_fail(st, SF_ERR_INVALID, "sf_dxbc_parse_text: text is NULL with length %zu", len);
  if (!text) text = "";
  if (len > SF_D3DASM_MAX_TEXT) return sf_fail_text(st, SF_ERR_LIMIT, 1, 1, "text longer than %u bytes", SF_D3DASM_MAX_TEXT);
  pstate *p = calloc(1, sizeof *p);
  if (!p) return sf_fail(st, SF_ERR_NOMEM, "container text parser state");
  p->text = text;
  p->len = len;
  p->st = st;
  bool seen = false;
  sf_code e = SF_OK;
  uint32_t line = 0;
  size_t pos = 0;
  while (pos < len && !e) {
    line++;
    size_t end = sf_line_end(text, pos, len);
    const char *nul = memchr(text + pos, 0, end - pos);
    tcur c = {text + pos, end - pos, 0, line, st, false};
    size_t ds = 0, dl = directive_at(c.s, c.len, &ds);
    if (p->open == OPEN_PROGRAM && !dl) {
      pos = end < len ? end + 1 : end; /* program text: checked by the program parser */
      continue;
    }
    if (nul) {
      c.pos = (size_t)(nul - c.s);
      e = da_cfail(&c, SF_ERR_SYNTAX, "NUL byte in text");
      break;
    }
    if (dl) {
      e = statement(p, &c, ds, dl, &seen, pos);
    } else if (!da_at_end(&c)) {
      e = da_cfail(&c, SF_ERR_SYNTAX,
                   seen ? "expected a container directive (.chunk, .hex, .program, .isgn, ...); program text "
                          "follows a .program line"
                        : "the container text starts with .dxbc");
    }
    pos = end < len ? end + 1 : end;
  }
  if (!e) e = close_open(p, len);
  if (!e && !seen) e = sf_fail_text(st, SF_ERR_SYNTAX, line ? line : 1, 1, "no .dxbc line");
  if (!e) {
    sf_dxbc_chunk ch[SF_DXBC_MAX_CHUNKS];
    for (size_t i = 0; i < p->n; i++) {
      if (p->ch[i].data.failed) {
        e = sf_fail(st, sf_buf_code(&p->ch[i].data), "chunk %zu %s", i,
                    sf_buf_code(&p->ch[i].data) == SF_ERR_NOMEM ? "could not be allocated" : "exceeds its size cap");
        break;
      }
      ch[i] = (sf_dxbc_chunk){p->ch[i].fourcc, 0, (uint32_t)p->ch[i].data.len, p->ch[i].data.data};
    }
    if (!e) e = sf_dxbc_write_ex(ch, p->n, p->zero_checksum ? SF_DXBC_WRITE_ZERO_CHECKSUM : 0, out, st);
  }
  if (p->open == OPEN_SIG) sf_dxbc_sig_free(&p->sig);
  for (size_t i = 0; i < p->n; i++) sf_buf_free(&p->ch[i].data);
  free(p);
  return e;
}

bool sf_dxbc_text_is_container(const char *text, size_t len) {
  if (!text) return false;
  size_t i = 0;
  while (i < len) {
    while (i < len && (da_is_sp((unsigned char)text[i]) || text[i] == '\n')) i++;
    if (da_comment_at(text, len, i)) {
      while (i < len && text[i] != '\n') i++;
      continue;
    }
    break;
  }
  if (len - i < 5 || memcmp(text + i, ".dxbc", 5) != 0) return false;
  return i + 5 == len || !da_is_word((unsigned char)text[i + 5]);
}
