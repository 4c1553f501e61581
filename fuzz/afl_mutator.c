/* fuzz/afl_mutator.c — AFL++ custom mutator library libsf_afl_mutator.so for the instruction
 * targets (docs/fuzzing.md: custom mutator C API, own output
 * buffer because Debian ships no alloc-inl.h).
 *
 * Uses the engine of fuzz/mutate_inst.c: decode, change one field, re-encode. The format comes from
 * SF_MUTATOR_FORMAT (visa_bin, visa_text, dxbc, d3dasm, or the full target name such as
 * dxbc_fuzzer); without it, or when the input does not decode, a small seeded byte mutation (bit
 * flip, interesting byte, splice from add_buf) is returned, so afl_custom_fuzz always returns > 0.
 * AFL++ keeps its own havoc stage unless AFL_CUSTOM_MUTATOR_ONLY=1.
 *
 *   AFL_CUSTOM_MUTATOR_LIBRARY=$BUILD/fuzz/libsf_afl_mutator.so SF_MUTATOR_FORMAT=dxbc afl-fuzz ... */
#include <stdlib.h>
#include <string.h>

#include "mutate_inst.h"

#define SF_AFL_MUT_CAP ((size_t)64 << 10)

typedef struct sf_afl_mut {
  uint64_t rng;
  sf_mut_format fmt;
  uint8_t *buf;      /* our output buffer, SF_AFL_MUT_CAP bytes */
  char desc[64];
} sf_afl_mut;

void *afl_custom_init(void *afl, unsigned int seed);
size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf, uint8_t *add_buf,
                       size_t add_buf_size, size_t max_size);
const char *afl_custom_describe(void *data, size_t max_description_len);
void afl_custom_deinit(void *data);

void *afl_custom_init(void *afl, unsigned int seed) {
  (void)afl;
  sf_afl_mut *m = calloc(1, sizeof *m);
  if (!m) return NULL;
  m->buf = malloc(SF_AFL_MUT_CAP);
  if (!m->buf) {
    free(m);
    return NULL;
  }
  m->rng = ((uint64_t)seed << 32) ^ 0x5346u;
  m->fmt = sf_mut_format_from_name(getenv("SF_MUTATOR_FORMAT"));
  strcpy(m->desc, "sf-none");
  return m;
}

/* Fallback: one small byte mutation of buf into m->buf (n bytes, 1 <= n <= cap). */
static size_t sf_afl_bytes(sf_afl_mut *m, const uint8_t *buf, size_t n, const uint8_t *add, size_t add_n, size_t cap) {
  static const uint8_t interesting[] = {0x00, 0x01, 0x7f, 0x80, 0xff, 0x10, 0x20, 0x40};
  if (n > cap) n = cap;
  if (n == 0) {
    m->buf[0] = (uint8_t)sf_mut_rand(&m->rng);
    strcpy(m->desc, "sf-bytes-new");
    return 1;
  }
  memcpy(m->buf, buf, n);
  size_t at = sf_mut_rand(&m->rng) % n;
  switch (sf_mut_rand(&m->rng) % 3u) {
    case 0: m->buf[at] ^= (uint8_t)(1u << (sf_mut_rand(&m->rng) % 8u)); break;
    case 1: m->buf[at] = interesting[sf_mut_rand(&m->rng) % sizeof interesting]; break;
    default:
      if (add && add_n) {
        size_t from = sf_mut_rand(&m->rng) % add_n;
        size_t len = 1u + sf_mut_rand(&m->rng) % 8u;
        if (len > add_n - from) len = add_n - from;
        if (len > n - at) len = n - at;
        memcpy(m->buf + at, add + from, len);
      } else {
        m->buf[at] = (uint8_t)sf_mut_rand(&m->rng);
      }
      break;
  }
  strcpy(m->desc, "sf-bytes");
  return n;
}

size_t afl_custom_fuzz(void *data, uint8_t *buf, size_t buf_size, uint8_t **out_buf, uint8_t *add_buf,
                       size_t add_buf_size, size_t max_size) {
  sf_afl_mut *m = data;
  size_t cap = max_size < SF_AFL_MUT_CAP ? max_size : SF_AFL_MUT_CAP;
  if (cap == 0) {   /* nothing fits: hand the input back unchanged (AFL never asks for this) */
    *out_buf = buf;
    return buf_size;
  }
  uint64_t seed = (uint64_t)sf_mut_rand(&m->rng) << 32 | sf_mut_rand(&m->rng);
  size_t n = m->fmt != SF_MUT_NONE ? sf_mut_structured(m->fmt, buf, buf_size, m->buf, cap, seed) : 0;
  if (n) strcpy(m->desc, "sf-field");
  else n = sf_afl_bytes(m, buf, buf_size, add_buf, add_buf_size, cap);
  *out_buf = m->buf;
  return n;
}

const char *afl_custom_describe(void *data, size_t max_description_len) {
  sf_afl_mut *m = data;
  if (max_description_len < sizeof m->desc) m->desc[max_description_len ? max_description_len - 1 : 0] = 0;
  return m->desc;
}

void afl_custom_deinit(void *data) {
  sf_afl_mut *m = data;
  if (!m) return;
  free(m->buf);
  free(m);
}
