/* tests/real_files.h — reading the real-program test data (tests/data/real/): whole files and the
 * sorted list of a folder's files with one extension. Shared by test_real_programs.c (DXBC, DXIL,
 * fxc listings) and test_real_visa.c (vISA). Include after tests/sf_test.h. */
#ifndef SF_TESTS_REAL_FILES_H
#define SF_TESTS_REAL_FILES_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_FILE (4u << 20)

static inline uint8_t *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  uint8_t *buf = malloc(MAX_FILE);
  size_t n = buf ? fread(buf, 1, MAX_FILE, f) : 0;
  fclose(f);
  *len = n;
  return buf;
}

/* dir/name, read whole; a file that cannot be read fails the test (and gives NULL). */
static inline uint8_t *slurp_in(const char *dir, const char *name, size_t *len) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  uint8_t *data = slurp(path, len);
  SF_CHECK_MSG(data != NULL, "%s", path);
  return data;
}

typedef struct names {
  char **v;
  size_t n;
} names;

static inline int cmpstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* The folder's files ending in ext, sorted (readdir order is not stable). */
static inline names list_dir(const char *dir, const char *ext) {
  names out = {NULL, 0};
  DIR *d = opendir(dir);
  if (!d) return out;
  struct dirent *e;
  size_t cap = 0, el = strlen(ext);
  while ((e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l <= el || strcmp(e->d_name + l - el, ext) != 0) continue;
    if (out.n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nv = realloc(out.v, cap * sizeof *nv);
      if (!nv) break;
      out.v = nv;
    }
    char *copy = malloc(l + 1);
    if (!copy) break;
    memcpy(copy, e->d_name, l + 1);
    out.v[out.n++] = copy;
  }
  closedir(d);
  if (out.n) qsort(out.v, out.n, sizeof *out.v, cmpstr);
  return out;
}

static inline void free_names(names *n) {
  for (size_t i = 0; i < n->n; i++) free(n->v[i]);
  free(n->v);
}

#endif
