/* harness/triage/buckets.c — groups failing reproducers by bucket id (docs/design.md "Triage"): one row
 * per bug with its count and smallest reproducer, in a deterministic order. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/triage.h"

void sf_bucket_table_init(sf_bucket_table *t) { memset(t, 0, sizeof *t); }

void sf_bucket_table_free(sf_bucket_table *t) {
  free(t->b);
  memset(t, 0, sizeof *t);
}

static void sf_copy_trunc(char *dst, size_t n, const char *src) {
  snprintf(dst, n, "%s", src ? src : "");
}

sf_code sf_bucket_table_add(sf_bucket_table *t, const sf_verdict *v, const char *target, const char *path,
                            size_t size, sf_status *st) {
  uint64_t id = sf_triage_bucket(v);
  for (size_t i = 0; i < t->n; i++) {
    sf_bucket *b = &t->b[i];
    if (b->id != id) continue;
    b->count++;
    if (path && (size < b->smallest_size || (size == b->smallest_size && strcmp(path, b->smallest) < 0))) {
      b->smallest_size = size;
      sf_copy_trunc(b->smallest, sizeof b->smallest, path);
    }
    return SF_OK;
  }
  if (t->n >= SF_BUCKET_TABLE_MAX) return sf_fail(st, SF_ERR_LIMIT, "more than %u buckets", SF_BUCKET_TABLE_MAX);
  if (t->n == t->cap) {
    size_t cap = t->cap ? t->cap * 2 : 16;
    sf_bucket *nb = realloc(t->b, cap * sizeof *nb);
    if (!nb) return sf_fail(st, SF_ERR_NOMEM, "bucket table: out of memory");
    t->b = nb;
    t->cap = cap;
  }
  sf_bucket *b = &t->b[t->n++];
  memset(b, 0, sizeof *b);
  b->id = id;
  sf_triage_signature(v, b->signature, sizeof b->signature);
  sf_copy_trunc(b->target, sizeof b->target, target);
  b->count = 1;
  b->smallest_size = size;
  sf_copy_trunc(b->smallest, sizeof b->smallest, path);
  return SF_OK;
}

static int sf_bucket_cmp(const void *pa, const void *pb) {
  const sf_bucket *a = pa, *b = pb;
  if (a->count != b->count) return a->count > b->count ? -1 : 1;
  int c = strcmp(a->signature, b->signature);
  if (c) return c;
  return a->id < b->id ? -1 : (a->id > b->id);
}

void sf_bucket_table_sort(sf_bucket_table *t) {
  if (t->n > 1) qsort(t->b, t->n, sizeof t->b[0], sf_bucket_cmp);
}

void sf_bucket_table_print(FILE *out, const sf_bucket_table *t) {
  fprintf(out, "%-16s %6s  %-60s %s\n", "bucket", "count", "signature", "smallest reproducer");
  for (size_t i = 0; i < t->n; i++) {
    const sf_bucket *b = &t->b[i];
    fprintf(out, "%016" PRIx64 " %6u  %-60s %s (%zu bytes)\n", b->id, b->count, b->signature,
            b->smallest[0] ? b->smallest : "-", b->smallest_size);
  }
}
