/* family.h — the model's operations table (private to the library).
 *
 * The model core (harness/model/inst.c) knows no instruction family: sf_inst_validate,
 * sf_inst_canonicalize, sf_inst_equal and sf_inst_diff look the family up in a small table and call
 * its operations. Each family folder (harness/visa/, harness/d3d/) defines one sf_family_ops and
 * calls only down into the model (sf_violation_add and the types of samplefuzz/inst.h), so the two
 * layers form no circle. Adding a family is one row in inst.c's table plus its folder. */
#ifndef SF_MODEL_FAMILY_H
#define SF_MODEL_FAMILY_H

#include <stddef.h>

#include "samplefuzz/inst.h"

typedef struct sf_family_ops {
  const char *name;
  /* Appends every rule violation of `in` to out (which the caller has cleared); returns the number
   * of violations found, counting those past SF_MAX_VIOLATIONS. */
  unsigned (*validate)(const sf_inst *in, sf_violations *out);
  /* Clears don't-care bits and fields unused by each operand class. Idempotent. */
  void (*canonicalize)(sf_inst *in);
  /* The first field that differs, written into buf ("s3d.params[2].off: 0x20 vs 0x0"); returns ""
   * when a and b are equal. buf may be NULL (equality only). */
  const char *(*diff)(const sf_inst *a, const sf_inst *b, char *buf, size_t n);
} sf_family_ops;

/* One instance per family folder: SAMPLE_UNORM, 3D_SAMPLE and AVS share the vISA operations. */
extern const sf_family_ops sf_visa_family_ops; /* harness/visa/visa_model.c */
extern const sf_family_ops sf_d3d_family_ops;  /* harness/d3d/d3d_model.c */

#endif
