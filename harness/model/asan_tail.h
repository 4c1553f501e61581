/* harness/model/asan_tail.h — the unused tail of a growable array, poisoned under AddressSanitizer.
 *
 * A growable array (sf_buf, the tables of a vISA kernel) is allocated with room to spare. Reads in
 * [count, capacity) are inside the allocation, so AddressSanitizer cannot see them, though they
 * read past what the array holds: an off-by-one index into a table, a reader running past printed
 * text. Marking the tail as poisoned, as libc++ does for std::vector ("container overflow"), makes
 * those reads reports. Without ASan the marks compile to nothing.
 *
 * Nothing is marked used again before realloc or free: ASan's allocator copies the old block with
 * an unchecked memcpy, and marks a freed block and a new one itself, so the marks neither trip it
 * nor outlive the block (a statement that undid them there, deleted, changed nothing the fuzz
 * targets or the unit tests could see). */
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

#include <stddef.h>

/* An array of elements of esz bytes in a block of `have` bytes, whose first `need` elements are now
 * in use: marks them used and the rest of the block free, touching only the elements whose mark
 * changes. From the boundary it walks down through elements still marked free (the caller grew by
 * more than one) and up through elements still marked used (a fresh block, or the caller dropped
 * some), so an append costs O(1) amortized rather than O(capacity). Without ASan, nothing. */
static inline void sf_tail_mark(void *p, size_t need, size_t esz, size_t have) {
#ifdef SF_ASAN_TAIL
  char *b = (char *)p;
  size_t used = need * esz, lo = used, hi = used;
  while (lo >= esz && __asan_address_is_poisoned(b + lo - esz)) lo -= esz;
  if (lo < used) SF_TAIL_USED(b + lo, used - lo);
  while (hi < have && !__asan_address_is_poisoned(b + hi)) hi += esz;
  if (hi > have) hi = have;
  if (hi > used) SF_TAIL_FREE(b + used, hi - used);
#else
  (void)p, (void)need, (void)esz, (void)have;
#endif
}

#endif
