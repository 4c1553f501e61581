/* status.c — sf_status helpers: record the first error with its position and a message. */
#include "samplefuzz/status.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

void sf_status_clear(sf_status *st) {
  if (st) memset(st, 0, sizeof *st);
}

static sf_code vfail(sf_status *st, sf_code code, sf_pos_kind kind, uint64_t pos, uint32_t line,
                     uint32_t col, const char *fmt, va_list ap) {
  if (!st || st->code != SF_OK) return code;
  st->code = code;
  st->pos_kind = kind;
  st->pos = pos;
  st->line = line;
  st->col = col;
  vsnprintf(st->msg, sizeof st->msg, fmt, ap);
  return code;
}

sf_code sf_fail(sf_status *st, sf_code code, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfail(st, code, SF_POS_NONE, 0, 0, 0, fmt, ap);
  va_end(ap);
  return code;
}

sf_code sf_fail_byte(sf_status *st, sf_code code, uint64_t off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfail(st, code, SF_POS_BYTE, off, 0, 0, fmt, ap);
  va_end(ap);
  return code;
}

sf_code sf_fail_dword(sf_status *st, sf_code code, uint64_t off, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfail(st, code, SF_POS_DWORD, off, 0, 0, fmt, ap);
  va_end(ap);
  return code;
}

sf_code sf_fail_text(sf_status *st, sf_code code, uint32_t line, uint32_t col, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfail(st, code, SF_POS_TEXT, 0, line, col, fmt, ap);
  va_end(ap);
  return code;
}

const char *sf_code_name(sf_code code) {
  switch (code) {
    case SF_OK: return "ok";
    case SF_ERR_TRUNCATED: return "truncated";
    case SF_ERR_INVALID: return "invalid";
    case SF_ERR_RANGE: return "out of range";
    case SF_ERR_SYNTAX: return "syntax error";
    case SF_ERR_UNDECLARED: return "undeclared";
    case SF_ERR_TRAILING: return "trailing data";
    case SF_ERR_LIMIT: return "limit exceeded";
    case SF_ERR_CHECKSUM: return "bad checksum";
    case SF_ERR_NOMEM: return "out of memory";
    case SF_ERR_IO: return "I/O error";
    case SF_ERR_STATE: return "bad state";
    case SF_UNSUPPORTED: return "unsupported";
  }
  return "unknown error";
}

const char *sf_status_format(const sf_status *st, char *buf, size_t n) {
  if (!buf || n == 0) return "";
  if (!st || st->code == SF_OK) {
    snprintf(buf, n, "ok");
    return buf;
  }
  switch (st->pos_kind) {
    case SF_POS_BYTE:
      snprintf(buf, n, "byte 0x%llx: %s: %s", (unsigned long long)st->pos, sf_code_name(st->code), st->msg);
      break;
    case SF_POS_DWORD:
      snprintf(buf, n, "dword %llu: %s: %s", (unsigned long long)st->pos, sf_code_name(st->code), st->msg);
      break;
    case SF_POS_TEXT:
      snprintf(buf, n, "%u:%u: %s: %s", st->line, st->col, sf_code_name(st->code), st->msg);
      break;
    default:
      snprintf(buf, n, "%s: %s", sf_code_name(st->code), st->msg);
      break;
  }
  return buf;
}
