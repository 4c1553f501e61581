/* harness/triage/replay.c — runs reproducers and corpus files through their fuzz target (docs/design.md
 * "Command line": replay, triage). Used by the replay engine of every fuzz binary and by the CLI,
 * so "passes in ctest" and "passes in `samplefuzz replay`" are the same statement.
 * Folders are walked in sorted order (deterministic output), with caps on depth, count and size. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include "samplefuzz/child.h"
#include "samplefuzz/triage.h"

#define SF_REPLAY_MAX_WARM 64u

typedef struct sf_replay_run {
  const sf_target *forced;
  unsigned flags;
  sf_replay_cb cb;
  void *ctx;
  sf_replay_stats *stats;
  unsigned files;
  sf_status *st;
  /* Targets whose once-per-process checks this process already ran (sf_replay_warm). */
  const sf_target *warmed[SF_REPLAY_MAX_WARM];
  unsigned nwarmed;
} sf_replay_run;

static void sf_replay_error(sf_replay_run *r, const char *path, const sf_status *why) {
  r->stats->errors++;
  if (r->cb) r->cb(r->ctx, path, NULL, NULL, 0, why);
}

/* Isolated replay pays each target's once-per-process checks (caps, fixed lines, api_nulls: about
 * a second for a codec target under ASan) in every child, i.e. once per input. Before the first
 * input of a target, the empty input runs in a child; when it does not fail, it runs again here, in
 * the parent, so every later child inherits those checks done. When it fails (a once check broken,
 * or the empty input itself a finding), the parent stays cold and every child runs them as before:
 * the same verdicts either way, only faster. Targets with a set-up (t->init: backend_diff loads an
 * implementation, with its threads) never run in the parent; neither do they when SF_REPLAY_COLD
 * is set in the environment (to time or debug the children as they were). */
static void sf_replay_warm(sf_replay_run *r, const sf_target *t, const char *path, sf_verdict *v) {
  for (unsigned i = 0; i < r->nwarmed; i++)
    if (r->warmed[i] == t) return;
  if (r->nwarmed >= SF_REPLAY_MAX_WARM) return;
  r->warmed[r->nwarmed++] = t;
  if (t->init || getenv("SF_REPLAY_COLD")) return;
  static const uint8_t none[1] = {0};
  if (sf_replay_isolated(t, none, 0, v) == SF_VERDICT_FAIL) return;
  if (sf_target_run(t, none, 0, v) != SF_VERDICT_FAIL) return;
  /* Passed in the child, failed here: the once checks are now marked done in this process, so the
   * failure must not be lost. It is reported as a failing input of its own. */
  char where[512];
  snprintf(where, sizeof where, "%s (the empty input, run in the triage process before it)", path);
  r->stats->failed++;
  if (r->cb) {
    sf_status st;
    sf_status_clear(&st);
    r->cb(r->ctx, where, t, v, 0, &st);
  }
}

static void sf_replay_file(sf_replay_run *r, const char *path) {
  sf_status st;
  sf_status_clear(&st);
  const sf_target *t = r->forced ? r->forced : sf_target_from_path(path);
  if (!t) {
    sf_fail(&st, SF_ERR_INVALID, "no fuzz target named in the path (use --target)");
    sf_replay_error(r, path, &st);
    return;
  }
  FILE *f = fopen(path, "rb");
  if (!f) {
    sf_fail(&st, SF_ERR_IO, "cannot open: %s", strerror(errno));
    sf_replay_error(r, path, &st);
    return;
  }
  uint8_t *buf = malloc(SF_REPLAY_MAX_FILE);
  if (!buf) {
    fclose(f);
    sf_fail(&st, SF_ERR_NOMEM, "out of memory");
    sf_replay_error(r, path, &st);
    return;
  }
  size_t n = fread(buf, 1, SF_REPLAY_MAX_FILE, f);
  bool bad = ferror(f) != 0;
  fclose(f);
  if (bad) {
    free(buf);
    sf_fail(&st, SF_ERR_IO, "read error");
    sf_replay_error(r, path, &st);
    return;
  }
  sf_verdict *v = malloc(sizeof *v);
  if (!v) {
    free(buf);
    sf_fail(&st, SF_ERR_NOMEM, "out of memory");
    sf_replay_error(r, path, &st);
    return;
  }
  if (r->flags & SF_REPLAY_ISOLATE) sf_replay_warm(r, t, path, v);
  sf_verdict_kind kind = (r->flags & SF_REPLAY_ISOLATE) ? sf_replay_isolated(t, buf, n, v) : sf_target_run(t, buf, n, v);
  switch (kind) {
    case SF_VERDICT_PASS: r->stats->passed++; break;
    case SF_VERDICT_REJECT: r->stats->rejected++; break;
    case SF_VERDICT_SKIP: r->stats->skipped++; break;
    case SF_VERDICT_FAIL: r->stats->failed++; break;
  }
  if (r->cb) r->cb(r->ctx, path, t, v, n, &st);
  free(v);
  free(buf);
}

static const char *sf_signal_name(int sig) {
  switch (sig) {
    case SIGABRT: return "SIGABRT";
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGTERM: return "SIGTERM";
    case SIGINT: return "SIGINT";
    case SIGALRM: return "timeout";
    default: return "signal";
  }
}

typedef struct sf_replay_job {
  const sf_target *t;
  const uint8_t *data;
  size_t size;
} sf_replay_job;

static void sf_replay_child(void *arg, void *out) {
  const sf_replay_job *j = arg;
  /* The whole verdict goes through the pipe, and sf_verdict_init leaves the dump past its NUL as it
   * was: zero it here, so that no byte sent is uninitialized (MSan checks what write() sends). */
  memset(out, 0, sizeof(sf_verdict));
  sf_target_run(j->t, j->data, j->size, out);
}

/* The child sends its whole verdict back (sf_child_call); anything short of that is a crash. A
 * child that hangs (a target's loop, or an implementation under test blocked on a lock it inherited
 * from a forked parent) ends as a "timeout" crash instead of stalling the replay. */
sf_verdict_kind sf_replay_isolated(const sf_target *t, const uint8_t *data, size_t size, sf_verdict *v) {
  char oracle[SF_VERDICT_NAME_MAX];
  snprintf(oracle, sizeof oracle, "%.*s", (int)(strlen(t->name) > 7 ? strlen(t->name) - 7 : strlen(t->name)), t->name);
  sf_replay_job job = {t, data, size};
  int detail = 0;
  sf_child_fate fate = sf_child_call(sf_replay_child, &job, v, sizeof *v, SF_REPLAY_CHILD_SECONDS, &detail);
  if (fate == SF_CHILD_NOT_RUN) return sf_target_run(t, data, size, v);
  if (fate == SF_CHILD_RETURNED) {
    v->oracle[sizeof v->oracle - 1] = v->check[sizeof v->check - 1] = '\0';
    v->family[sizeof v->family - 1] = v->op[sizeof v->op - 1] = v->feature[sizeof v->feature - 1] = '\0';
    v->key[sizeof v->key - 1] = v->backends[sizeof v->backends - 1] = v->reason[sizeof v->reason - 1] = '\0';
    v->dump[sizeof v->dump - 1] = '\0';
    if (v->dump_len >= sizeof v->dump) v->dump_len = strlen(v->dump);
    return v->kind;
  }
  /* The process died: a sanitizer report (exit status) or a signal. */
  sf_verdict_init(v, oracle);
  char feature[SF_VERDICT_NAME_MAX];
  if (fate == SF_CHILD_SIGNALED) snprintf(feature, sizeof feature, "%s", sf_signal_name(detail));
  else snprintf(feature, sizeof feature, "exit%d", detail);
  sf_verdict_fail(v, "crash", NULL, feature);
  sf_verdict_key(v, "crash %s", feature);
  sf_verdict_dumpf(v, "the target's process died (%s) before returning a verdict; rerun the replay build\n"
                      "of %s on this input for the sanitizer report\n", feature, t->name);
  return v->kind;
}

static int sf_strcmp_ptr(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

static sf_code sf_replay_walk(sf_replay_run *r, const char *path, unsigned depth) {
  struct stat sb;
  if (stat(path, &sb) != 0) {
    sf_status st;
    sf_status_clear(&st);
    sf_fail(&st, SF_ERR_IO, "cannot stat: %s", strerror(errno));
    sf_replay_error(r, path, &st);
    return SF_OK;
  }
  if (!S_ISDIR(sb.st_mode)) {
    if (++r->files > SF_REPLAY_MAX_FILES) return sf_fail(r->st, SF_ERR_LIMIT, "more than %u files", SF_REPLAY_MAX_FILES);
    sf_replay_file(r, path);
    return SF_OK;
  }
  if (depth >= SF_REPLAY_MAX_DEPTH) return sf_fail(r->st, SF_ERR_LIMIT, "%s: folders nested deeper than %u", path, SF_REPLAY_MAX_DEPTH);
  DIR *d = opendir(path);
  if (!d) {
    sf_status st;
    sf_status_clear(&st);
    sf_fail(&st, SF_ERR_IO, "cannot open folder: %s", strerror(errno));
    sf_replay_error(r, path, &st);
    return SF_OK;
  }
  char **names = NULL;
  size_t n = 0, cap = 0;
  sf_code rc = SF_OK;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      size_t nc = cap ? cap * 2 : 64;
      char **nn = (nc <= SF_REPLAY_MAX_FILES) ? realloc(names, nc * sizeof *nn) : NULL;
      if (!nn) {
        rc = sf_fail(r->st, SF_ERR_NOMEM, "%s: too many entries", path);
        break;
      }
      names = nn;
      cap = nc;
    }
    size_t len = strlen(path) + 1 + strlen(e->d_name) + 1;
    names[n] = malloc(len);
    if (!names[n]) {
      rc = sf_fail(r->st, SF_ERR_NOMEM, "out of memory");
      break;
    }
    snprintf(names[n], len, "%s%s%s", path, path[0] && path[strlen(path) - 1] == '/' ? "" : "/", e->d_name);
    n++;
  }
  closedir(d);
  if (rc == SF_OK && n > 1) qsort(names, n, sizeof *names, sf_strcmp_ptr);
  for (size_t i = 0; i < n; i++) {
    if (rc == SF_OK) rc = sf_replay_walk(r, names[i], depth + 1);
    free(names[i]);
  }
  free(names);
  return rc;
}

sf_code sf_replay_paths(int npaths, char *const *paths, const sf_target *forced, unsigned flags, sf_replay_cb cb,
                        void *ctx, sf_replay_stats *stats, sf_status *st) {
  sf_replay_run r = {forced, flags, cb, ctx, stats, 0, st, {NULL}, 0};
  memset(stats, 0, sizeof *stats);
  for (int i = 0; i < npaths; i++) {
    if (!paths[i] || paths[i][0] == '-') continue;
    sf_code rc = sf_replay_walk(&r, paths[i], 0);
    if (rc != SF_OK) return rc;
  }
  return SF_OK;
}
