/* fuzz/visa_bin_fuzzer_mutator.c — structure-aware mutation for visa_bin_fuzzer (issue 6 item 4;
 * reference/fuzzing-practice.md §5.3: field-level mutation reaches derived-value bugs 16-50x sooner).
 *
 * LLVMFuzzerCustomMutator decodes the input as one vISA instruction, changes one field of the
 * sf_inst (sub-op, exec size, emask, channel mask, flags, sampler/surface index, parameter count, a
 * parameter's variable or offset, an operand's class/type/immediate/region, AVS cntrl/exec mode,
 * SAMPLE_UNORM output format), and re-encodes it. One call in four, and whenever the input does not
 * decode or the result does not encode, it falls back to libFuzzer's byte mutation.
 * Linked only into libFuzzer builds (it calls LLVMFuzzerMutate). SF_PLAIN_MUTATION=1 in the
 * environment turns it into plain byte mutation, for A/B coverage comparisons. */
#include <stdlib.h>
#include <string.h>

#include "fuzz_common.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/visa.h"

size_t LLVMFuzzerMutate(uint8_t *data, size_t size, size_t max_size);
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed);

static uint32_t sf_mut_next(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return (uint32_t)((z ^ (z >> 31)) >> 32);
}

static const uint8_t sf_mut_s3d_ops[] = {0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x09, 0x14,
                                         0x18, 0x19, 0x20, 0x21, 0x22, 0x23, 0x24, 0x26};
static const uint32_t sf_mut_floats[] = {0x00000000u, 0x3f800000u, 0x3f000000u, 0xbf800000u, 0x7f800000u,
                                         0x7fc00000u, 0x00000001u, 0x3e800000u, 0x41000000u, 0x80000000u};

static void sf_mut_vopnd(sf_vopnd *o, uint64_t *s) {
  switch (sf_mut_next(s) % 6u) {
    case 0: o->cls = (uint8_t)(sf_mut_next(s) % 7u); break;
    case 1: o->type = (uint8_t)(sf_mut_next(s) % 16u); break;
    case 2: o->imm = sf_mut_floats[sf_mut_next(s) % (sizeof sf_mut_floats / sizeof sf_mut_floats[0])]; break;
    case 3: o->id = 32u + sf_mut_next(s) % 16u; break;
    case 4:
      o->region.vstride = (uint8_t)(sf_mut_next(s) % 9u);
      o->region.width = (uint8_t)(sf_mut_next(s) % 9u);
      o->region.hstride = (uint8_t)(sf_mut_next(s) % 9u);
      break;
    default: o->mod = (uint8_t)(sf_mut_next(s) % 6u); break;
  }
}

static void sf_mut_inst(sf_inst *in, uint64_t *s) {
  uint32_t r = sf_mut_next(s);
  switch (in->family) {
    case SF_FAMILY_SAMPLE_3D: {
      sf_sample_3d *x = &in->s3d;
      switch (r % 12u) {
        case 0: x->op = sf_mut_s3d_ops[sf_mut_next(s) % sizeof sf_mut_s3d_ops]; break;
        case 1: x->exec_size = (uint8_t)(sf_mut_next(s) % 6u); break;
        case 2: x->emask = (uint8_t)(sf_mut_next(s) % 16u); break;
        case 3: x->chan_mask = (uint8_t)(sf_mut_next(s) % 16u); break;
        case 4: x->pixel_null_mask = !x->pixel_null_mask; break;
        case 5: x->cps = !x->cps; break;
        case 6: x->sampler = (uint8_t)(sf_mut_next(s) % 32u); break;
        case 7: x->surface = (uint8_t)(sf_mut_next(s) % 16u); break;
        case 8: x->num_params = (uint8_t)(1u + sf_mut_next(s) % SF_S3D_MAX_PARAMS); break;
        case 9: {
          unsigned i = sf_mut_next(s) % SF_S3D_MAX_PARAMS;
          x->params[i].id = 32u + sf_mut_next(s) % 16u;
          x->params[i].off = (uint16_t)(32u * (sf_mut_next(s) % 8u));
          break;
        }
        case 10: x->pred.ctrl = (uint8_t)(sf_mut_next(s) % 4u); x->pred.id = (uint16_t)(sf_mut_next(s) % 4u); break;
        default: sf_mut_vopnd(&x->aoffimmi, s); break;
      }
      break;
    }
    case SF_FAMILY_SAMPLE_UNORM: {
      sf_sample_unorm *x = &in->unorm;
      sf_vopnd *ops[4] = {&x->u, &x->v, &x->du, &x->dv};
      switch (r % 6u) {
        case 0: x->chan_mask = (uint8_t)(sf_mut_next(s) % 16u); break;
        case 1: x->out_fmt = (uint8_t)(sf_mut_next(s) % 4u); break;
        case 2: x->sampler = (uint8_t)(sf_mut_next(s) % 32u); break;
        case 3: x->surface = (uint8_t)(sf_mut_next(s) % 16u); break;
        default: sf_mut_vopnd(ops[sf_mut_next(s) % 4u], s); break;
      }
      break;
    }
    case SF_FAMILY_AVS: {
      sf_avs *x = &in->avs;
      sf_vopnd *ops[9] = {&x->u_off, &x->v_off, &x->du, &x->dv, &x->u2d, &x->group_id, &x->vbn, &x->v2d, &x->ief_bypass};
      switch (r % 6u) {
        case 0: x->chan_mask = (uint8_t)(sf_mut_next(s) % 16u); break;
        case 1: x->cntrl = (uint8_t)(sf_mut_next(s) % 4u); break;
        case 2: x->exec_mode = (uint8_t)(sf_mut_next(s) % 4u); break;
        case 3: x->sampler = (uint8_t)(sf_mut_next(s) % 32u); break;
        default: sf_mut_vopnd(ops[sf_mut_next(s) % 9u], s); break;
      }
      break;
    }
    default: break;
  }
}

size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed) {
  uint64_t s = seed;
  if (getenv("SF_PLAIN_MUTATION") || sf_mut_next(&s) % 4u == 0) return LLVMFuzzerMutate(data, size, max_size);
  sf_inst in;
  memset(&in, 0, sizeof in);
  size_t used = 0;
  sf_status st;
  sf_status_clear(&st);
  if (sf_visa_decode(data, size, 0, &in, &used, &st) != SF_OK) return LLVMFuzzerMutate(data, size, max_size);
  unsigned n = 1u + sf_mut_next(&s) % 2u;
  for (unsigned i = 0; i < n; i++) sf_mut_inst(&in, &s);
  sf_buf out;
  sf_buf_init(&out, &st);
  out.limit = max_size;
  size_t len = 0;
  if (sf_visa_encode(&in, &out, &st) == SF_OK && out.len > 0 && out.len <= max_size) {
    memcpy(data, out.data, out.len);
    len = out.len;
  }
  sf_buf_free(&out);
  return len ? len : LLVMFuzzerMutate(data, size, max_size);
}
