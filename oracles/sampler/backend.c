/* oracles/sampler/backend.c — the backend table and the runtime dispatch (DESIGN "Data flow"):
 * the scalar backend, the built-in SIMD backends the CPU supports, and sf_backend_select(), which
 * reads SF_SIMD once. Backends see requests, never instructions; a NULL entry of a backend falls
 * back to the scalar one (sf_sample and the executor do that). */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/sampler/sampler_int.h"
#if defined(SF_X86) && defined(__has_include)
#if __has_include("oracles/sampler/simd_backends.h")
#include "oracles/sampler/simd_backends.h"
#define SF_HAVE_SIMD_BACKENDS 1
#endif
#endif

static sf_code scalar_unorm_rect(const sf_unorm_rect_req *q, const sf_unorm_rect_out *o, sf_status *st) {
  return sf_unorm_rect_by_blocks(sf_scalar_sample_unorm, q, o, st);
}

static const sf_backend scalar_backend = {"scalar", sf_scalar_sample, sf_scalar_sample_unorm, sf_scalar_avs, scalar_unorm_rect};

const sf_backend *sf_backend_scalar(void) { return &scalar_backend; }

/* The built-in SIMD backends (oracles/sampler/backend_sse2.c, _avx2.c, _avx512.c, declared in
 * simd_backends.h): a function returning each table, and the CPU features it needs. */
typedef struct builtin {
  const sf_backend *(*get)(void);
  const char *cpu;  /* __builtin_cpu_supports name, NULL = always */
  unsigned long (*count)(unsigned which); /* sf_backend_count; NULL: the scalar backend, which counts nothing */
} builtin;

static const sf_backend *get_scalar(void) { return &scalar_backend; }

/* Ordered from the least to the most capable: sf_backend_select() takes the last supported one. */
static const builtin builtins[] = {
    {get_scalar, NULL, NULL},
#ifdef SF_HAVE_SIMD_BACKENDS
    {sf_backend_builtin_sse2, "sse2", sf_backend_builtin_sse2_count},
    {sf_backend_builtin_avx2, "avx2", sf_backend_builtin_avx2_count},
    {sf_backend_builtin_avx512, "avx512", sf_backend_builtin_avx512_count},
#endif
};


static bool cpu_ok(const char *feat) {
  if (!feat) return true;
#if defined(SF_X86) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  if (!strcmp(feat, "sse2")) return __builtin_cpu_supports("sse2");
  /* the features each SIMD file is compiled for (CMakeLists.txt -m flags) */
  if (!strcmp(feat, "avx2"))
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi2");
  if (!strcmp(feat, "avx512"))
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") && __builtin_cpu_supports("avx512vl") &&
           __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi2");
#endif
  return false;
}

unsigned long sf_backend_count(const sf_backend *be, sf_backend_counter which) {
  for (size_t i = 0; be && (unsigned)which < SF_COUNT_COUNT && i < sizeof builtins / sizeof builtins[0]; i++)
    if (builtins[i].count && cpu_ok(builtins[i].cpu) && builtins[i].get() == be) return builtins[i].count((unsigned)which);
  return 0;
}

unsigned long sf_backend_forwarded(const sf_backend *be) { return sf_backend_count(be, SF_COUNT_FORWARDED); }

unsigned sf_backend_list(const sf_backend **out, unsigned max) {
  unsigned n = 0;
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
    if (!cpu_ok(builtins[i].cpu)) continue;
    const sf_backend *b = builtins[i].get();
    if (!b) continue;
    if (out && n < max) out[n] = b;
    n++;
  }
  return n;
}

const sf_backend *sf_backend_find(const char *name) {
  if (!name) return NULL;
  for (size_t i = 0; i < sizeof builtins / sizeof builtins[0]; i++) {
    if (!cpu_ok(builtins[i].cpu)) continue;
    const sf_backend *b = builtins[i].get();
    if (b && b->name && !strcmp(b->name, name)) return b;
  }
  return NULL;
}

/* The dispatch table: set once (the only global mutable state, DESIGN "Conventions"). */
static pthread_once_t select_once = PTHREAD_ONCE_INIT;
static const sf_backend *selected;
static char select_note[128];

const sf_backend *sf_backend_choose(const char *name, char *note, size_t cap) {
  const sf_backend *list[8];
  unsigned n = sf_backend_list(list, 8);
  if (n > 8) n = 8;
  const sf_backend *chosen;
  if (name && *name) {
    chosen = sf_backend_find(name);
    if (chosen) {
      if (note && cap) snprintf(note, cap, "%s (SF_SIMD)", chosen->name);
    } else {
      chosen = &scalar_backend;
      if (note && cap) snprintf(note, cap, "scalar (SF_SIMD=%.40s is unknown or not supported by this CPU)", name);
    }
    return chosen;
  }
  chosen = n ? list[n - 1] : &scalar_backend; /* the list is ordered scalar, sse2, avx2, avx512 */
  if (note && cap) snprintf(note, cap, "%s (best supported)", chosen->name);
  return chosen;
}

static void select_init(void) { selected = sf_backend_choose(getenv("SF_SIMD"), select_note, sizeof select_note); }

const sf_backend *sf_backend_select(void) {
  pthread_once(&select_once, select_init);
  return selected;
}

const char *sf_backend_note(void) {
  pthread_once(&select_once, select_init);
  return select_note;
}

sf_code sf_sample(const sf_backend *be, const sf_sample_batch *req, sf_sample_out *out, sf_status *st) {
  if (!be) be = sf_backend_select();
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sample: NULL output");
  memset(out, 0, sizeof *out);
  sf_code rc = sf_sample_check(req, st);
  if (rc != SF_OK) return rc;
  return (be->sample ? be->sample : sf_scalar_sample)(req, out, st);
}

/* ---- SAMPLE_UNORM rect (a grid of 8x4 blocks) ------------------------------------------------ */

static sf_code unorm_rect_check(const sf_unorm_rect_req *q, const sf_unorm_rect_out *o, sf_status *st) {
  if (!q || !o) return sf_fail(st, SF_ERR_INVALID, "sample_unorm_rect: NULL argument");
  if (q->blocks_x > SF_UNORM_RECT_MAX_BLOCKS || q->blocks_y > SF_UNORM_RECT_MAX_BLOCKS)
    return sf_fail(st, SF_ERR_LIMIT, "sample_unorm_rect: %ux%u blocks exceed the %u-block cap per axis", q->blocks_x,
                   q->blocks_y, SF_UNORM_RECT_MAX_BLOCKS);
  if (q->blocks_x && q->blocks_y && o->pitch < 8u * (size_t)q->blocks_x)
    return sf_fail(st, SF_ERR_INVALID, "sample_unorm_rect: pitch %zu is below the rect width %u", o->pitch, 8u * q->blocks_x);
  if (o->pitch > SF_UNORM_RECT_MAX_PITCH)
    return sf_fail(st, SF_ERR_LIMIT, "sample_unorm_rect: pitch %zu exceeds 2^40 elements", o->pitch);
  return SF_OK;
}

sf_code sf_unorm_rect_by_blocks(sf_code (*fn)(const sf_unorm_req *, sf_unorm_out *, sf_status *), const sf_unorm_rect_req *q,
                                const sf_unorm_rect_out *o, sf_status *st) {
  sf_code rc = unorm_rect_check(q, o, st);
  if (rc != SF_OK) return rc;
  if (!fn) fn = sf_scalar_sample_unorm;
  for (uint32_t j = 0; j < q->blocks_y; j++) {
    float vb = (float)j * q->bv;
    vb = q->v + vb;
    for (uint32_t i = 0; i < q->blocks_x; i++) {
      float ub = (float)i * q->bu;
      ub = q->u + ub;
      sf_unorm_req b = {.surf = q->surf, .samp = q->samp, .u = ub, .v = vb, .du = q->du, .dv = q->dv};
      sf_unorm_out blk;
      rc = fn(&b, &blk, st);
      if (rc != SF_OK) return rc;
      for (unsigned k = 0; k < 4; k++) {
        if (!o->v[k]) continue;
        for (unsigned y = 0; y < 4; y++)
          memcpy(o->v[k] + ((size_t)j * 4 + y) * o->pitch + (size_t)i * 8, &blk.v[k][y * 8], 8 * sizeof(uint16_t));
      }
    }
  }
  return SF_OK;
}

sf_code sf_sample_unorm_rect(const sf_backend *be, const sf_unorm_rect_req *q, const sf_unorm_rect_out *o, sf_status *st) {
  if (!be) be = sf_backend_select();
  sf_code rc = unorm_rect_check(q, o, st);
  if (rc != SF_OK) return rc;
  if (be->sample_unorm_rect) return be->sample_unorm_rect(q, o, st);
  return sf_unorm_rect_by_blocks(be->sample_unorm, q, o, st);
}
