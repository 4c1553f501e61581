/* visa_bin_priv.h — the vector-operand codec of visa_bin.c, shared with the generic instruction
 * codec (visa_generic.c). Private to harness/visa. */
#ifndef SF_VISA_BIN_PRIV_H
#define SF_VISA_BIN_PRIV_H

#include "samplefuzz/visa.h"

/* Reads one vector operand (tag byte + class body, docs/visa-binary.md §3) at r's position.
 * SF_ERR_TRUNCATED (reported by the reader at its position) or SF_ERR_INVALID for classes 4 and 7. */
sf_code sf_visa_vec_read(sf_reader *r, sf_vopnd *o, unsigned ver, const char *what, sf_status *st);
/* Range-checks then appends one vector operand; nothing is written on error. */
sf_code sf_visa_vec_write(sf_buf *b, const sf_vopnd *o, unsigned ver, const char *what, sf_status *st);

/* The sampler instructions in the field widths of vISA version ver (SF_VISA_V(major, minor)):
 * before 3.4 variable ids are UW and 3D_SAMPLE's aoffimmi a UW value (read as a UW immediate);
 * before 4.0 its op is one byte (read into the 4.x word's fields). sf_visa_decode and
 * sf_visa_encode are these at 4.1. The encoder refuses (SF_ERR_RANGE) what the version cannot hold. */
sf_code sf_visa_decode_ver(const uint8_t *p, size_t len, uint64_t base, unsigned ver, sf_inst *out, size_t *used,
                           sf_status *st);
sf_code sf_visa_encode_ver(const sf_inst *in, unsigned ver, sf_buf *out, sf_status *st);
/* A 3D sampler op field (UW from 4.0, UB before) split into its parts; hi: the bits above them. */
void sf_visa_s3d_op_split(uint16_t op, unsigned ver, uint8_t *sub, uint8_t *pnm, uint8_t *cps, uint8_t *divs,
                          uint8_t *hi);

#endif
