/* fuzz/alloc_wrap.c — the allocation wrappers of the fuzz targets (harness/model/alloc_fault.h).
 *
 * Linked into every fuzz target with -Wl,--wrap=malloc,--wrap=calloc,--wrap=realloc
 * (fuzz/CMakeLists.txt): the linker sends every call to malloc, calloc and realloc in the program's
 * objects and archives here, and __real_* to the allocator (the sanitizers' when they are on). An
 * allocation the armed countdown picks returns NULL without allocating; a realloc that fails leaves
 * its block as it was, as C17 7.22.3.5 says. free is not wrapped. */
#include <stddef.h>

#include "harness/model/alloc_fault.h"

void *__real_malloc(size_t n);
void *__real_calloc(size_t n, size_t size);
void *__real_realloc(void *p, size_t n);
void *__wrap_malloc(size_t n);
void *__wrap_calloc(size_t n, size_t size);
void *__wrap_realloc(void *p, size_t n);

void *__wrap_malloc(size_t n) { return sf_alloc_fault_take() ? NULL : __real_malloc(n); }
void *__wrap_calloc(size_t n, size_t size) { return sf_alloc_fault_take() ? NULL : __real_calloc(n, size); }
void *__wrap_realloc(void *p, size_t n) { return sf_alloc_fault_take() ? NULL : __real_realloc(p, n); }

__attribute__((constructor)) static void sf_alloc_wrap_register(void) { sf_alloc_fault_register(); }
