/* visa_isa_priv.h — private to harness/visa: what the .isa reader (visa_isa_read.c) and writer
 * (visa_isa_write.c) share. */
#ifndef SF_VISA_ISA_PRIV_H
#define SF_VISA_ISA_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/visa.h"

/* Minimum encoded sizes, used to refuse counts the remaining bytes cannot hold before allocating. */
enum {
  MIN_KERNEL_ENTRY = 2 + 4 + 4 + 4 + 2 + 2 + 1, /* name_len .. num_gen_binaries, empty name */
  GENBIN_SIZE = 1 + 4 + 4,
  MIN_VAR = 4 + 1 + 2 + 4 + 2 + 1 + 1,
  MIN_SYM = 4 + 2 + 1,
  LABEL_SIZE = 4 + 1 + 1,
  INPUT_SIZE = 1 + 4 + 2 + 2,
  MIN_ATTR = 4 + 1,
  RET_SIZE = 4
};

#define SF_ISA_MAGIC 0x41534943u   /* "CISA" */

#define SF_VISA_OP_RET 0x34u

#define SF_ISA_MAX_INPUTS SF_ISA_MAX_VARS

typedef struct kread {
  sf_reader r;          /* over the kernel object only; base = its absolute offset */
  sf_status *st;
  sf_visa_kernel *k;
  uint32_t attrs_cap, bytes_cap;
  sf_code code;         /* a non-truncation error, SF_OK otherwise */
  uint32_t last_ret_gen;/* IGC 12504 form: gens[] count just after the last RET decoded (0: none) */
  size_t last_ret_end;  /* ... and the code offset just past it */
  bool stream_cap;      /* the instruction stream ran into the per-kernel instruction cap */
} kread;

typedef struct span {
  uint64_t start, end;
} span;

sf_code isa_ret_encode(const sf_visa_ret *ret, unsigned idx, sf_buf *b, sf_status *st);

#endif
