/* visa_bin_priv.h — the vector-operand codec of visa_bin.c, shared with the generic instruction
 * codec (visa_generic.c). Private to harness/visa. */
#ifndef SF_VISA_BIN_PRIV_H
#define SF_VISA_BIN_PRIV_H

#include "samplefuzz/visa.h"

/* Reads one vector operand (tag byte + class body, docs/visa-binary.md §3) at r's position.
 * SF_ERR_TRUNCATED (reported by the reader at its position) or SF_ERR_INVALID for classes 4 and 7. */
sf_code sf_visa_vec_read(sf_reader *r, sf_vopnd *o, const char *what, sf_status *st);
/* Range-checks then appends one vector operand; nothing is written on error. */
sf_code sf_visa_vec_write(sf_buf *b, const sf_vopnd *o, const char *what, sf_status *st);

#endif
