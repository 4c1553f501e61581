/* samplefuzz/triage.h — signatures, XXH3-64 bucket ids and failure reports (docs/design.md "Triage").
 *
 * The signature is the symbolic line `<oracle>-<check>-<family>-<op>[-<feature>]` (no numbers: it
 * must survive minimization and match ClusterFuzz's ASSERT grouping). The bucket id is XXH3-64 of
 * that line plus the verdict's key (the decoded fields that matter) — never of the raw input bytes,
 * which minimization changes (docs/fuzzing.md). */
#ifndef SAMPLEFUZZ_TRIAGE_H
#define SAMPLEFUZZ_TRIAGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "samplefuzz/oracle.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SF_SIGNATURE_MAX 224

/* Writes the signature of a failed verdict ("visa_bin-reencode-sample_3d-sample_l-bytes"). For a
 * verdict that did not fail, writes "<oracle>-<kind>". Returns buf. */
const char *sf_triage_signature(const sf_verdict *v, char *buf, size_t n);
/* XXH3-64 over "signature\nkey". Deterministic across machines and builds. */
uint64_t sf_triage_bucket(const sf_verdict *v);
/* The x86 feature flags that decide which SIMD backends run ("sse2 sse4.1 avx2 -avx512f ..."). */
const char *sf_triage_cpu_flags(char *buf, size_t n);
/* Prints the full report: the `Assertion failure: <signature>` line, target, input name, CPU flags,
 * backends, bucket id, key and the readable dump. target and input may be NULL. */
void sf_triage_report(FILE *out, const sf_verdict *v, const char *target, const char *input);

/* ---- Buckets: many reproducers -> one row per bug --------------------------------------------- */

typedef struct sf_bucket {
  uint64_t id;
  char signature[SF_SIGNATURE_MAX];
  char target[48];
  unsigned count;
  size_t smallest_size;
  char smallest[512];   /* path of the smallest reproducer (ties: lexicographically first) */
} sf_bucket;

typedef struct sf_bucket_table {
  sf_bucket *b;
  size_t n, cap;
} sf_bucket_table;

#define SF_BUCKET_TABLE_MAX 100000u

void sf_bucket_table_init(sf_bucket_table *t);
void sf_bucket_table_free(sf_bucket_table *t);
/* Adds one failed reproducer. SF_ERR_NOMEM / SF_ERR_LIMIT on failure. */
sf_code sf_bucket_table_add(sf_bucket_table *t, const sf_verdict *v, const char *target,
                            const char *path, size_t size, sf_status *st);
/* Sorts by count (descending), then signature, then id: a stable, deterministic order. */
void sf_bucket_table_sort(sf_bucket_table *t);
/* One row per bucket: id, count, signature, smallest reproducer. */
void sf_bucket_table_print(FILE *out, const sf_bucket_table *t);

/* ---- Replay: files and folders through their target (harness/triage/replay.c) ----------------- */

typedef struct sf_replay_stats {
  unsigned passed, rejected, skipped, failed;
  unsigned errors;      /* unreadable files, unknown targets */
} sf_replay_stats;

/* Called once per input after its target ran (target is NULL and v is NULL for an input that
 * could not be run; st says why). */
typedef void (*sf_replay_cb)(void *ctx, const char *path, const sf_target *target, const sf_verdict *v,
                             size_t size, const sf_status *st);

#define SF_REPLAY_MAX_FILE (1u << 20)   /* larger files are read up to this size */
#define SF_REPLAY_MAX_DEPTH 8
#define SF_REPLAY_MAX_FILES 1000000u

enum {
  /* Run each input in a forked child, so that an input that crashes the process (a sanitizer
   * report, a signal) becomes a failed verdict instead of ending the replay: check "crash",
   * feature = the signal name or "exit<N>". Used by `samplefuzz triage` on raw fuzzer artifacts. */
  SF_REPLAY_ISOLATE = 1u << 0
};

/* Replays each path (a file, or a folder walked recursively in sorted order; names starting with
 * '.' are skipped). forced: run every input through this target; NULL: infer each input's target
 * from its path (sf_target_from_path). Arguments starting with '-' are ignored (libFuzzer flags).
 * flags: SF_REPLAY_*. Counts go to stats; the callback sees every input. Returns SF_OK unless a cap
 * was hit. */
sf_code sf_replay_paths(int npaths, char *const *paths, const sf_target *forced, unsigned flags, sf_replay_cb cb,
                        void *ctx, sf_replay_stats *stats, sf_status *st);
/* The time limit of one isolated child (seconds): past it the input is a "timeout" crash. */
#define SF_REPLAY_CHILD_SECONDS 120u
/* Runs one input the way SF_REPLAY_ISOLATE does (in a child process). */
sf_verdict_kind sf_replay_isolated(const sf_target *t, const uint8_t *data, size_t size, sf_verdict *v);

#ifdef __cplusplus
}
#endif
#endif
