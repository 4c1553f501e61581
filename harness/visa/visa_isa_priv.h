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
  unsigned ver;         /* SF_VISA_V(major, minor) of the file */
} kread;

/* Width of the fields IGC reads with readVarBytes (string and variable ids, counts): UD from vISA
 * 3.4, UW before; of the kernel's input count: UD from 3.5, UB before; of a kernel or function
 * name's length in the file header: UW from 3.7, UB before. */
#define SF_ISA_IDW(ver) ((ver) >= SF_VISA_V(3, 4) ? 4u : 2u)
#define SF_ISA_INW(ver) ((ver) >= SF_VISA_V(3, 5) ? 4u : 1u)
#define SF_ISA_NLW(ver) ((ver) >= SF_VISA_V(3, 7) ? 2u : 1u)
/* Whether sf_isa_read and sf_isa_write handle version ver (3.0 is not: its execution masks 9-15
 * mean what no later version can say). */
#define SF_ISA_VER_OK(ver) (((ver) >= SF_VISA_V(3, 1) && (ver) <= SF_VISA_V(3, 255)) || (ver) == SF_VISA_V(4, 0) || \
                            (ver) == SF_VISA_V(4, 1))

typedef struct span {
  uint64_t start, end;
} span;

sf_code isa_ret_encode(const sf_visa_ret *ret, unsigned idx, sf_buf *b, sf_status *st);

#endif
