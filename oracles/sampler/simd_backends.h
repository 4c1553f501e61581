/* oracles/sampler/simd_backends.h — the built-in SIMD backends' tables (backend_sse2.c,
 * backend_avx2.c, backend_avx512.c; kernels in simd_kernel.h). They exist only in x86 builds
 * (SF_X86 is defined then); the dispatcher (backend.c) lists each one only when the CPU has the
 * features it was compiled for: sse2; avx2; avx512f + avx512bw (+ vl, dq). */
#ifndef SF_SIMD_BACKENDS_H
#define SF_SIMD_BACKENDS_H

#include "samplefuzz/sampler.h"

#ifdef SF_X86
const sf_backend *sf_backend_builtin_sse2(void);
const sf_backend *sf_backend_builtin_avx2(void);
const sf_backend *sf_backend_builtin_avx512(void);
/* What each counts on this thread (sf_backend_count: sf_backend_counter values). */
unsigned long sf_backend_builtin_sse2_count(unsigned which);
unsigned long sf_backend_builtin_avx2_count(unsigned which);
unsigned long sf_backend_builtin_avx512_count(unsigned which);
#endif

#endif
