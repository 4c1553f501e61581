/* samplefuzz/status.h — errors as values (DESIGN principle 3).
 *
 * Every decoder, parser, encoder and executor returns an sf_code and fills an sf_status that says
 * where (a byte offset, a DWORD offset or a line:column) and why. Nothing in the library aborts on
 * bad input. */
#ifndef SAMPLEFUZZ_STATUS_H
#define SAMPLEFUZZ_STATUS_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sf_code {
  SF_OK = 0,
  SF_ERR_TRUNCATED,   /* input ended inside a field */
  SF_ERR_INVALID,     /* a field holds a value the format does not allow */
  SF_ERR_RANGE,       /* a value is outside its allowed range */
  SF_ERR_SYNTAX,      /* text that does not match the grammar */
  SF_ERR_UNDECLARED,  /* a name or index that no declaration provides */
  SF_ERR_TRAILING,    /* bytes or text after a complete item */
  SF_ERR_LIMIT,       /* a hard cap (size, count, depth) was hit */
  SF_ERR_CHECKSUM,    /* container checksum mismatch */
  SF_ERR_NOMEM,       /* allocation failed */
  SF_ERR_IO,          /* file system error */
  SF_ERR_STATE,       /* bad machine state for execution (unbound surface, ...) */
  SF_UNSUPPORTED      /* well-formed, but not implemented by samplefuzz (message says what) */
} sf_code;

typedef enum sf_pos_kind {
  SF_POS_NONE = 0,
  SF_POS_BYTE,   /* pos = byte offset */
  SF_POS_DWORD,  /* pos = DWORD (32-bit token) offset */
  SF_POS_TEXT    /* line and col, both 1-based */
} sf_pos_kind;
/* In a status, only the fields of its position kind are set: pos for BYTE and DWORD, line and col
 * for TEXT; the others stay zero (the codec checks hold every refusal to this). */

#define SF_STATUS_MSG_MAX 192

typedef struct sf_status {
  sf_code code;
  sf_pos_kind pos_kind;
  uint64_t pos;
  uint32_t line, col;
  char msg[SF_STATUS_MSG_MAX];
} sf_status;

/* Resets st to SF_OK. st may be NULL in every function here. */
void sf_status_clear(sf_status *st);

/* Record an error at a byte / DWORD / text position; returns code for `return sf_fail_*(...)`.
 * The first error recorded wins: later calls do not overwrite an existing error. */
sf_code sf_fail(sf_status *st, sf_code code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
sf_code sf_fail_byte(sf_status *st, sf_code code, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
sf_code sf_fail_dword(sf_status *st, sf_code code, uint64_t off, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
sf_code sf_fail_text(sf_status *st, sf_code code, uint32_t line, uint32_t col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* "byte 0x1c: truncated: ..." / "3:14: syntax: ..." into buf (always NUL-terminated). */
const char *sf_status_format(const sf_status *st, char *buf, size_t n);
const char *sf_code_name(sf_code code);

#ifdef __cplusplus
}
#endif
#endif
