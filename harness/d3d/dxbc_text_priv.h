/* dxbc_text_priv.h — private to harness/d3d: the container text form (docs/dxbc.md §10), shared by
 * dxbc_sig.c (one signature element as text), dxbc_text.c (printer) and dxbc_text_parse.c (parser). */
#ifndef SF_DXBC_TEXT_PRIV_H
#define SF_DXBC_TEXT_PRIV_H

#include "harness/d3d/d3d_text_priv.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"

/* printf of one piece of the container text into a growing sf_buf (no NUL kept). Every piece is
 * bounded by what it prints: a semantic name (< SF_DXBC_SIG_NAME_MAX) and a few numbers, or a status
 * message (< SF_STATUS_MSG_MAX) and a few words; a longer one would be a printer bug and fails the
 * buffer with SF_ERR_LIMIT rather than being cut. */
#define DXBC_PIECE_MAX 512u
_Static_assert(SF_DXBC_SIG_NAME_MAX + 64 <= DXBC_PIECE_MAX, "a signature element's name and numbers fit a piece");
void dxbc_bprintf(sf_buf *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* " NAME INDEX [stream=] sv= type= r= mask= rw= [min=]" (leading space, no newline). */
void dxbc_sig_print_entry(sf_buf *o, uint32_t fourcc, const sf_dxbc_sig_entry *e);
/* The same fields from c (after the directive word). */
sf_code dxbc_sig_parse_entry(tcur *c, uint32_t fourcc, sf_dxbc_sig_entry *e);

/* The signature directive of a fourcc (".isgn", ...) or NULL; and back (0 if none). */
const char *dxbc_sig_directive(uint32_t fourcc);
uint32_t dxbc_sig_fourcc_of(const char *word, size_t len);

#endif
