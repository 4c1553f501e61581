/* harness/model/asan_tail.h — the unused tail of a growable array, poisoned under AddressSanitizer.
 *
 * A growable array (sf_buf, the tables of a vISA kernel) is allocated with room to spare. Reads in
 * [count, capacity) are inside the allocation, so AddressSanitizer cannot see them, though they
 * read past what the array holds: an off-by-one index into a table, a reader running past printed
 * text. Marking the tail as poisoned, as libc++ does for std::vector ("container overflow"), makes
 * those reads reports. Without ASan the marks compile to nothing. */
#ifndef SF_ASAN_TAIL_H
#define SF_ASAN_TAIL_H

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SF_ASAN_TAIL 1
#endif
#endif
#if !defined(SF_ASAN_TAIL) && defined(__SANITIZE_ADDRESS__)
#define SF_ASAN_TAIL 1
#endif

#ifdef SF_ASAN_TAIL
#include <sanitizer/asan_interface.h>
/* [p, p + n) may not be read or written until marked used again. */
#define SF_TAIL_FREE(p, n) ASAN_POISON_MEMORY_REGION((p), (n))
/* [p, p + n) may be read and written. */
#define SF_TAIL_USED(p, n) ASAN_UNPOISON_MEMORY_REGION((p), (n))
#else
#define SF_TAIL_FREE(p, n) ((void)(p), (void)(n))
#define SF_TAIL_USED(p, n) ((void)(p), (void)(n))
#endif

#endif
