/* oracles/sampler/backend_sse2.c — the SSE2 backend: the kernels of simd_kernel.h at 4 lanes of
 * 32 bits (this file is compiled with the SSE2 -m flags by CMakeLists.txt; x86 only). Results are
 * bit-identical to the scalar backend (docs/simd.md, docs/precision-model.md). */
#include "oracles/sampler/simd_backends.h"

#if defined(SF_X86) && (defined(__x86_64__) || defined(__i386__))
#define SFK_W 4
#include "oracles/sampler/simd_kernel.h"

static const sf_backend sfk_backend = {"sse2", sfk_sample, sfk_sample_unorm, sfk_avs, sfk_sample_unorm_rect};

const sf_backend *sf_backend_builtin_sse2(void) { return &sfk_backend; }
unsigned long sf_backend_builtin_sse2_count(unsigned which) { return sfk_count(which); }
#else
typedef int sf_backend_sse2_unused; /* non-x86: the dispatcher never lists this backend */
#endif
