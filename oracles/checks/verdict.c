/* oracles/checks/verdict.c — the sf_verdict helpers every check uses (include/samplefuzz/oracle.h).
 *
 * Verdicts carry a symbolic, number-free failure name (docs/design.md "Triage") and a capped readable
 * dump; nothing here allocates, prints or aborts. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/oracle.h"

static void sf_copy_name(char *dst, size_t n, const char *src) {
  size_t i = 0;
  if (src) {
    for (; src[i] && i + 1 < n; i++) dst[i] = (src[i] == '-' || src[i] == ' ') ? '_' : src[i];
  }
  dst[i] = '\0';
}

void sf_verdict_init(sf_verdict *v, const char *oracle) {
  /* Everything but the dump, which is a NUL-terminated text of dump_len bytes: zeroing its 6 KiB on
   * every check of every input was the largest memset of the codec targets. */
  memset(v, 0, offsetof(sf_verdict, dump));
  v->dump[0] = '\0';
  v->kind = SF_VERDICT_PASS;
  sf_copy_name(v->oracle, sizeof v->oracle, oracle);
}

void sf_verdict_refuse(sf_verdict *v, const sf_status *st) {
  if (v->kind == SF_VERDICT_FAIL) return;
  v->kind = (st && st->code == SF_UNSUPPORTED) ? SF_VERDICT_SKIP : SF_VERDICT_REJECT;
  if (st) {
    sf_status_format(st, v->reason, sizeof v->reason);
  } else {
    snprintf(v->reason, sizeof v->reason, "refused without a status");
  }
}

bool sf_verdict_fail(sf_verdict *v, const char *check, const sf_inst *in, const char *feature) {
  if (v->kind == SF_VERDICT_FAIL) return false;
  v->kind = SF_VERDICT_FAIL;
  sf_copy_name(v->check, sizeof v->check, check);
  sf_copy_name(v->family, sizeof v->family, sf_family_tag(in ? in->family : SF_FAMILY_NONE));
  sf_copy_name(v->op, sizeof v->op, in ? sf_inst_op_tag(in) : "none");
  sf_copy_name(v->feature, sizeof v->feature, feature);
  return false;
}

void sf_verdict_key(sf_verdict *v, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(v->key, sizeof v->key, fmt, ap);
  va_end(ap);
}

static void verdict_vdumpf(sf_verdict *v, const char *fmt, va_list ap) {
  if (v->dump_len + 1 >= sizeof v->dump) return;
  size_t room = sizeof v->dump - v->dump_len;
  int k = vsnprintf(v->dump + v->dump_len, room, fmt, ap);
  if (k < 0) {
    v->dump[v->dump_len] = '\0';
    return;
  }
  v->dump_len += ((size_t)k < room) ? (size_t)k : room - 1;
}

void sf_verdict_dumpf(sf_verdict *v, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  verdict_vdumpf(v, fmt, ap);
  va_end(ap);
}

bool sf_verdict_failf(sf_verdict *v, const char *check, const char *what, const char *fmt, ...) {
  if (v->kind == SF_VERDICT_FAIL) return false;
  sf_verdict_fail(v, check, NULL, what);
  sf_verdict_key(v, "%s %s", check, what ? what : "none");
  va_list ap;
  va_start(ap, fmt);
  verdict_vdumpf(v, fmt, ap);
  va_end(ap);
  sf_verdict_dumpf(v, "\n");
  return false;
}

void sf_verdict_dump_hex(sf_verdict *v, const char *label, const uint8_t *p, size_t n) {
  sf_verdict_dumpf(v, "%s (%zu bytes):", label, n);
  size_t shown = n < 256 ? n : 256;
  for (size_t i = 0; i < shown; i++) sf_verdict_dumpf(v, "%s%02x", (i % 16) ? " " : "\n    ", p[i]);
  sf_verdict_dumpf(v, "%s\n", shown < n ? " ..." : "");
}

const char *sf_verdict_kind_name(sf_verdict_kind k) {
  switch (k) {
    case SF_VERDICT_PASS: return "pass";
    case SF_VERDICT_REJECT: return "reject";
    case SF_VERDICT_SKIP: return "skip";
    case SF_VERDICT_FAIL: return "fail";
  }
  return "?";
}

const char *sf_family_tag(sf_family f) {
  switch (f) {
    case SF_FAMILY_SAMPLE_UNORM: return "sample_unorm";
    case SF_FAMILY_SAMPLE_3D: return "sample_3d";
    case SF_FAMILY_AVS: return "avs";
    case SF_FAMILY_D3D: return "d3d";
    case SF_FAMILY_NONE: break;
  }
  return "none";
}

const char *sf_inst_op_tag(const sf_inst *in) {
  const char *name = NULL;
  switch (in->family) {
    case SF_FAMILY_SAMPLE_UNORM: return "sample_unorm";
    case SF_FAMILY_AVS: return "avs";
    case SF_FAMILY_SAMPLE_3D: name = sf_s3d_op_name(in->s3d.op); break;
    case SF_FAMILY_D3D: name = sf_d3d_op_name(in->d3d.op); break;
    case SF_FAMILY_NONE: return "none";
  }
  return name ? name : "unknown";
}

const char *sf_oracle_field_feature(const char *diff, char *out, size_t n) {
  size_t o = 0;
  int depth = 0;
  if (n == 0) return out;
  for (size_t i = 0; diff && diff[i] && diff[i] != ':' && diff[i] != ' ' && o + 1 < n; i++) {
    char c = diff[i];
    if (c == '[') {
      depth++;
    } else if (c == ']') {
      if (depth > 0) depth--;
    } else if (depth == 0) {
      out[o++] = (c == '-') ? '_' : c;
    }
  }
  out[o] = '\0';
  return out;
}

/* The fit contract (check_int.h): two prints, one into exactly the room the text needs, one into a
 * byte less. The text caps of the checks are far above any real instruction, so without this a
 * printer that cut its output short and reported success would never be seen. With `back` (the
 * parse of `text`), the exact-room print is of `back`, so it checks the fixpoint too: on the passing
 * path one print serves both checks; only a failure prints again, with room to spare, to tell which
 * of the two broke. */
bool sf_check_print_fixpoint_fit(sf_verdict *v, const sf_inst *report, sf_check_print_fn print, const void *inst,
                                 const void *back, const char *text) {
  size_t len = strlen(text);
  char buf[SF_CHECK_FIT_CAP];
  sf_status st;
  sf_status_clear(&st);
  /* texts longer than the buffer are not held to the fit contract; the fixpoint still is */
  bool fits = len + 1 <= sizeof buf;
  if (!fits && !back) return true;
  sf_code rc = fits ? print(back ? back : inst, buf, len + 1, &st) : SF_ERR_LIMIT;
  if (rc != SF_OK || memcmp(buf, text, len + 1) != 0) {
    if (back) {
      size_t cap = fits ? SF_CHECK_FIT_CAP : len + 2;
      char *room = malloc(cap);
      sf_status_clear(&st);
      sf_code rr = room ? print(back, room, cap, &st) : SF_ERR_NOMEM;
      if (rr != SF_OK || strcmp(room, text) != 0) {
        sf_verdict_fail(v, "fixpoint", report, "text");
        sf_verdict_key(v, "text");
        sf_verdict_dumpf(v, "print(parse(print(x))) differs from print(x)\n  first:  %s\n  second: %s\n", text,
                         rr == SF_OK ? room : "(print failed)");
        free(room);
        return false;
      }
      free(room);
      if (!fits) return true;
    }
    sf_verdict_fail(v, "print_fit", report, "exact");
    sf_verdict_key(v, "print fit exact code=%s", sf_code_name(rc));
    const char *z = memchr(buf, 0, len + 1);
    int shown = rc != SF_OK ? 0 : z ? (int)(z - buf) : (int)len;
    sf_verdict_dumpf(v, "printing into exactly %zu bytes gave %s, \"%.*s\"; with room to spare: \"%s\"\n", len + 1,
                     sf_code_name(rc), shown, buf, text);
    return false;
  }
  sf_status_clear(&st);
  rc = print(inst, buf, len, &st);
  if (rc != SF_ERR_LIMIT) {
    sf_verdict_fail(v, "print_fit", report, "short");
    sf_verdict_key(v, "print fit short code=%s", sf_code_name(rc));
    sf_verdict_dumpf(v, "printing %zu bytes of text into %zu gave %s, not SF_ERR_LIMIT\n", len + 1, len, sf_code_name(rc));
    return false;
  }
  return true;
}

/* Line `line` (1-based) of text[0..n): its start and length without the newline; false when the
 * text has fewer lines. */
static bool sf_text_line(const char *text, size_t n, uint32_t line, size_t *start, size_t *len) {
  if (line == 0) return false;
  size_t i = 0;
  for (uint32_t l = 1; l < line; l++) {
    const char *nl = memchr(text + i, '\n', n - i);
    if (!nl) return false;
    i = (size_t)(nl - text) + 1;
  }
  const char *nl = memchr(text + i, '\n', n - i);
  *start = i;
  *len = (nl ? (size_t)(nl - text) : n) - i;
  return true;
}

/* Where a text position points: false when line:col is not on a line of text[0..n). */
static bool sf_text_pos_inside(const char *text, size_t n, uint32_t line, uint32_t col) {
  size_t i, len;
  return col != 0 && sf_text_line(text, n, line, &i, &len) && col <= len + 1;
}

/* Whether a text refusal's message misquotes the refused line. A message that ends in "found 'X'"
 * (the vISA text parsers' vt_here) quotes text of that line: X must occur in it, and X may be empty
 * only where the line holds a blank at the position (the quote stops at a blank). A message cut at
 * the status's size is not judged. */
static bool sf_msg_misquotes(const char *msg, const char *text, size_t n, uint32_t line, uint32_t col) {
  size_t ml = strlen(msg);
  if (ml < 8 || ml >= SF_STATUS_MSG_MAX - 1 || msg[ml - 1] != '\'' || line == 0 || col == 0) return false;
  size_t q = ml; /* the last "found '" */
  for (size_t i = 0; i + 7 < ml; i++)
    if (!memcmp(msg + i, "found '", 7)) q = i + 7;
  if (q >= ml) return false;
  size_t ql = ml - 1 - q, i, len;
  if (!sf_text_line(text, n, line, &i, &len)) return false;
  const char *ln = text + i;
  if (ql == 0) return col > len || (ln[col - 1] != ' ' && ln[col - 1] != '\t');
  for (size_t k = 0; k + ql <= len; k++)
    if (!memcmp(ln + k, msg + q, ql)) return false;
  return true;
}

/* Whether p[0..n) holds the NUL-terminated word w. A plain loop on purpose: libFuzzer intercepts
 * strstr and memmem and would feed the word to its mutations. */
bool sf_check_has_word(const void *p, size_t n, const char *w) {
  const char *s = p;
  size_t wl = strlen(w);
  for (size_t i = 0; i + wl <= n; i++) {
    size_t k = 0;
    while (k < wl && s[i + k] == w[k]) k++;
    if (k == wl) return true;
  }
  return false;
}

/* Whether s starts with the NUL-terminated w (a plain loop, as above). */
static bool sf_starts(const char *s, const char *w) {
  while (*w && *s == *w) s++, w++;
  return *w == '\0';
}

/* The counts a positioned error states of the input: "<N> left", "<N> bytes left", "<N> bytes after"
 * (or DWORDs, for a DWORD position) count units from the error's position on, so position + N
 * cannot pass the end of the input (n bytes). True when a stated count does. */
static bool sf_msg_count_past(const sf_status *st, size_t n) {
  bool dw = st->pos_kind == SF_POS_DWORD;
  uint64_t end = dw ? ((uint64_t)n + 3) / 4 : (uint64_t)n;
  const char *m = st->msg;
  for (size_t i = 0; m[i]; i++) {
    if (m[i] < '0' || m[i] > '9' || (i && ((m[i - 1] >= '0' && m[i - 1] <= '9') || m[i - 1] == 'x'))) continue;
    uint64_t x = 0;
    size_t k = i;
    while (m[k] >= '0' && m[k] <= '9' && x < (UINT64_MAX - 9) / 10) x = x * 10 + (uint64_t)(m[k++] - '0');
    const char *r = m + k;
    bool counts = sf_starts(r, " left") || (!dw && (sf_starts(r, " bytes left") || sf_starts(r, " bytes after"))) ||
                  (dw && (sf_starts(r, " DWORDs left") || sf_starts(r, " DWORDs after")));
    if (counts && st->pos + x > end) return true;
    i = k ? k - 1 : i;
  }
  return false;
}

/* Whether msg holds a byte a person cannot read (a control byte, or a byte that is not part of a
 * well-formed UTF-8 character: messages may say "§") that input[0..n) does not hold either (a
 * message may quote the input). Such a byte is a formatting slip, a character taken from the wrong
 * bits of a number, say. Only where the input is known: a refusal of a file read back from other
 * bytes may quote names it holds. */
static bool sf_msg_stray_byte(const char *msg, const void *input, size_t n) {
  const unsigned char *m = (const unsigned char *)msg;
  for (size_t i = 0; m[i];) {
    unsigned c = m[i], len = c < 0x80 ? 1 : (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
    bool bad = (c < 0x20 && c != '\t') || c == 0x7f || len == 0 || (len == 2 && c < 0xc2);
    for (unsigned k = 1; !bad && k < len; k++) bad = (m[i + k] & 0xc0) != 0x80;
    if (bad) {
      if (!memchr(input, (int)c, n)) return true;
      len = 1;
    }
    i += len;
  }
  return false;
}

bool sf_check_refusal_code(sf_verdict *v, const char *what, sf_code rc, const sf_status *st) {
  if (rc == st->code) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "status_code", NULL, what);
  sf_verdict_key(v, "%s returned=%s status=%s", what, sf_code_name(rc), sf_code_name(st->code));
  sf_verdict_dumpf(v, "%s returned %s, its status says %s\n", what, sf_code_name(rc), sf_status_format(st, msg, sizeof msg));
  return false;
}

bool sf_check_used_zero(sf_verdict *v, const char *what, size_t used, const sf_status *st) {
  if (used == 0) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "used_on_error", NULL, what);
  sf_verdict_key(v, "%s used_on_error", what);
  sf_verdict_dumpf(v, "%s refused the input (%s) but reports %zu units used, not 0\n", what, sf_status_format(st, msg, sizeof msg),
                   used);
  return false;
}

bool sf_check_refusal_at(sf_verdict *v, const char *what, const sf_status *st, const sf_inst *in, const void *input,
                         size_t n, bool need_pos) {
  const char *check = NULL;
  if (st->code == SF_OK) check = "status_missing";
  else if (st->msg[0] == '\0' || (sf_check_has_word(st->msg, strlen(st->msg), "(null)") && !(input && sf_check_has_word(input, n, "(null)"))) ||
           (input && sf_msg_stray_byte(st->msg, input, n)))
    check = "status_message"; /* "(null)" that the input does not hold: a NULL string went to %s; or a byte
                                 a person cannot read that the input does not hold either */
  else if (need_pos && st->pos_kind == SF_POS_NONE && st->code != SF_UNSUPPORTED && st->code != SF_ERR_NOMEM &&
           st->code != SF_ERR_LIMIT)
    check = "status_position";
  else if ((st->pos_kind != SF_POS_TEXT && (st->line || st->col)) ||
           ((st->pos_kind == SF_POS_NONE || st->pos_kind == SF_POS_TEXT) && st->pos))
    check = "status_fields"; /* a position of one kind leaves the other kinds' fields zero (status.h) */
  else if (input && ((st->pos_kind == SF_POS_BYTE && st->pos > n) ||
                     (st->pos_kind == SF_POS_DWORD && st->pos > (n + 3) / 4) ||
                     (st->pos_kind == SF_POS_TEXT && !sf_text_pos_inside(input, n, st->line, st->col))))
    check = "status_position_range";
  else if (input && (st->pos_kind == SF_POS_BYTE || st->pos_kind == SF_POS_DWORD) && sf_msg_count_past(st, n))
    check = "status_message_count"; /* "12 bytes left" at byte 40 of 48 */
  else if (input && st->pos_kind == SF_POS_TEXT && sf_msg_misquotes(st->msg, input, n, st->line, st->col))
    check = "status_quote"; /* "found ''" where the line holds a word */
  char shown[SF_STATUS_MSG_MAX + 96];
  if (!check) {
    /* What a user reads: sf_status_format must end in "<code>: <message>". */
    sf_status_format(st, shown, sizeof shown);
    const char *name = sf_code_name(st->code);
    size_t ls = strlen(shown), lm = strlen(st->msg), ln = strlen(name);
    if (ls >= ln + 2 + lm && memcmp(shown + ls - lm, st->msg, lm) == 0 &&
        memcmp(shown + ls - lm - ln - 2, name, ln) == 0 && memcmp(shown + ls - lm - 2, ": ", 2) == 0)
      return true;
    check = "status_format";
  }
  sf_verdict_fail(v, check, in, what);
  sf_verdict_key(v, "%s code=%s", what, sf_code_name(st->code));
  if (st->pos_kind == SF_POS_TEXT)
    sf_verdict_dumpf(v, "%s refused the input with %s at %u:%u of %zu bytes, message \"%s\"\n", what,
                     sf_code_name(st->code), (unsigned)st->line, (unsigned)st->col, n, st->msg);
  else
    sf_verdict_dumpf(v, "%s refused the input with %s, position kind %d at %llu of %zu bytes, message \"%s\"\n", what,
                     sf_code_name(st->code), (int)st->pos_kind, (unsigned long long)st->pos, n, st->msg);
  return false;
}
