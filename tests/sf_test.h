/* tests/sf_test.h — the minimal test harness every tests/test_*.c uses.
 *
 * A test is a function; a check that fails prints file:line and the expression, marks the test
 * failed and carries on. main() ends with the plain closing line "N passed, N failed" and exits
 * non-zero when anything failed. External tests call SF_SKIP_ALL("why") when their tool is missing:
 * that prints the reason and exits 77 only if SF_ALLOW_SKIP is set, else fails (CI installs the
 * tools, so a missing tool there is an error, not a skip). */
#ifndef SF_TEST_H
#define SF_TEST_H

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int sf_t_failed_checks;
static int sf_t_passed, sf_t_failed;
static const char *sf_t_current;

#define SF_CHECK(cond)                                                                            \
  do {                                                                                            \
    if (!(cond)) {                                                                                \
      sf_t_failed_checks++;                                                                       \
      fprintf(stderr, "%s:%d: [%s] check failed: %s\n", __FILE__, __LINE__, sf_t_current, #cond); \
    }                                                                                             \
  } while (0)

#define SF_CHECK_MSG(cond, ...)                                                                   \
  do {                                                                                            \
    if (!(cond)) {                                                                                \
      sf_t_failed_checks++;                                                                       \
      fprintf(stderr, "%s:%d: [%s] check failed: %s: ", __FILE__, __LINE__, sf_t_current, #cond); \
      fprintf(stderr, __VA_ARGS__);                                                               \
      fputc('\n', stderr);                                                                        \
    }                                                                                             \
  } while (0)

#define SF_CHECK_EQ_U(a, b)                                                                       \
  do {                                                                                            \
    unsigned long long sf_a_ = (unsigned long long)(a), sf_b_ = (unsigned long long)(b);          \
    if (sf_a_ != sf_b_) {                                                                         \
      sf_t_failed_checks++;                                                                       \
      fprintf(stderr, "%s:%d: [%s] %s == %s failed: 0x%llx vs 0x%llx\n", __FILE__, __LINE__,      \
              sf_t_current, #a, #b, sf_a_, sf_b_);                                                \
    }                                                                                             \
  } while (0)

#define SF_CHECK_STR(a, b)                                                                        \
  do {                                                                                            \
    const char *sf_a_ = (a), *sf_b_ = (b);                                                        \
    if (!sf_a_ || !sf_b_ || strcmp(sf_a_, sf_b_) != 0) {                                          \
      sf_t_failed_checks++;                                                                       \
      fprintf(stderr, "%s:%d: [%s] strings differ:\n  got:  \"%s\"\n  want: \"%s\"\n", __FILE__,  \
              __LINE__, sf_t_current, sf_a_ ? sf_a_ : "(null)", sf_b_ ? sf_b_ : "(null)");         \
    }                                                                                             \
  } while (0)

#define SF_CHECK_MEM(a, alen, b, blen)                                                            \
  do {                                                                                            \
    size_t sf_al_ = (alen), sf_bl_ = (blen);                                                      \
    if (sf_al_ != sf_bl_ || memcmp((a), (b), sf_al_) != 0) {                                      \
      sf_t_failed_checks++;                                                                       \
      fprintf(stderr, "%s:%d: [%s] bytes differ (%zu vs %zu bytes)\n", __FILE__, __LINE__,        \
              sf_t_current, sf_al_, sf_bl_);                                                      \
      sf_t_hexdiff((const unsigned char *)(a), sf_al_, (const unsigned char *)(b), sf_bl_);       \
    }                                                                                             \
  } while (0)

static inline void sf_t_hexdiff(const unsigned char *a, size_t al, const unsigned char *b, size_t bl) {
  size_t n = al > bl ? al : bl;
  fprintf(stderr, "   got: ");
  for (size_t i = 0; i < al && i < 64; i++) fprintf(stderr, "%02x%s", a[i], i + 1 < n && (i % 4) == 3 ? " " : "");
  fprintf(stderr, "\n  want: ");
  for (size_t i = 0; i < bl && i < 64; i++) fprintf(stderr, "%02x%s", b[i], i + 1 < n && (i % 4) == 3 ? " " : "");
  fprintf(stderr, "\n");
}

#define SF_RUN(fn)                                                                                \
  do {                                                                                            \
    sf_t_current = #fn;                                                                           \
    int sf_before_ = sf_t_failed_checks;                                                          \
    fn();                                                                                         \
    if (sf_t_failed_checks == sf_before_) {                                                       \
      sf_t_passed++;                                                                              \
    } else {                                                                                      \
      sf_t_failed++;                                                                              \
      fprintf(stderr, "FAIL %s\n", #fn);                                                          \
    }                                                                                             \
  } while (0)

#define SF_SKIP_ALL(...)                                                                          \
  do {                                                                                            \
    fprintf(stderr, "skipped: ");                                                                 \
    fprintf(stderr, __VA_ARGS__);                                                                 \
    fputc('\n', stderr);                                                                          \
    if (getenv("SF_ALLOW_SKIP")) exit(77);                                                        \
    fprintf(stderr, "(set SF_ALLOW_SKIP=1 to allow skipping; scripts/deps.sh installs the tools)\n"); \
    exit(1);                                                                                      \
  } while (0)

#define SF_TEST_END()                                                                             \
  do {                                                                                            \
    printf("%d passed, %d failed\n", sf_t_passed, sf_t_failed);                                   \
    return sf_t_failed ? 1 : 0;                                                                   \
  } while (0)

/* The first line (1-based) where two texts differ, ignoring blanks at line ends; -1 when none. */
static inline long sf_t_first_line_diff(const char *a, size_t an, const char *b, size_t bn) {
  size_t i = 0, j = 0;
  for (long line = 1;; line++) {
    if (i >= an && j >= bn) return -1;
    size_t ie = i, je = j;
    while (ie < an && a[ie] != '\n') ie++;
    while (je < bn && b[je] != '\n') je++;
    size_t il = ie, jl = je;
    while (il > i && (a[il - 1] == ' ' || a[il - 1] == '\t' || a[il - 1] == '\r')) il--;
    while (jl > j && (b[jl - 1] == ' ' || b[jl - 1] == '\t' || b[jl - 1] == '\r')) jl--;
    if (il - i != jl - j || memcmp(a + i, b + j, il - i) != 0) return line;
    i = ie + 1, j = je + 1;
  }
}

/* Deterministic PRNG for property tests (splitmix64). */
static inline uint64_t sf_t_rand(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

/* Parses hex digits from s into out (other characters are separators, so "6d 0000 04" works) and
 * returns how many bytes the string holds (which may exceed cap; only cap are stored). */
static inline size_t sf_t_hex(const char *s, uint8_t *out, size_t cap) {
  size_t n = 0;
  int hi = -1;
  for (; *s; s++) {
    int v;
    if (*s >= '0' && *s <= '9') v = *s - '0';
    else if (*s >= 'a' && *s <= 'f') v = *s - 'a' + 10;
    else if (*s >= 'A' && *s <= 'F') v = *s - 'A' + 10;
    else continue;
    if (hi < 0) {
      hi = v;
    } else {
      if (n < cap) out[n] = (uint8_t)(hi << 4 | v);
      n++;
      hi = -1;
    }
  }
  return n;
}

#endif
