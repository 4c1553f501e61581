/* harness/cli/bench_fuzz.c — the exec/s section of `samplefuzz bench`: every fuzz target of the
 * library's table (oracles/checks/targets.c) against an empty libFuzzer target built with the same
 * flags (fuzz/bench_empty.c), each run on the target's seed corpus for the same time, back to back,
 * and the ratio of the two. A fuzzer's power grows with executions per second; the empty target is
 * the ceiling for this machine, engine and sanitizer set, so the ratio is comparable across runs on
 * a shared, noisy machine where the absolute figures are not.
 *
 * Method, per target: run the empty target, then the target, each as
 *   BIN -max_total_time=S -print_final_stats=1 -seed=1 -max_len=L -timeout=T NEWDIR SEEDS
 * where SEEDS is corpus/<target>/ (read only: libFuzzer writes new inputs into the first folder,
 * a temporary one removed afterwards) and L, T come from fuzz/<target>.options (so both runs read
 * the same inputs). exec/s is libFuzzer's own `stat::average_exec_per_sec`; a run that crashes or
 * prints no statistics is reported as failed, never as zero.
 *
 * Every run is pinned to one CPU, the same for the empty target and the target: on a shared virtual
 * machine the CPUs need not be equally fast (on the development VM one ran a fixed workload 1.8x
 * slower than the other), and a ratio of two runs that landed on different CPUs measures the CPUs.
 * The CPU is $SF_BENCH_CPU, else the first one this process may run on. */
#define _GNU_SOURCE /* sched_setaffinity, CPU_SET; also mkdtemp, fork */
#include <dirent.h>
#include <sched.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/cli/bench_fuzz.h"
#include "harness/cli/cli_util.h"
#include "samplefuzz/oracle.h"

#define BF_PATH 1200
#define BF_EMPTY "sf_bench_empty"

typedef struct bf_run {
  bool ok;
  double execs_per_s;
  unsigned long long execs;
  char why[200];
} bf_run;

/* a/b[/c] into out; false when it does not fit (the path is then not used). */
static bool bf_path(char *out, size_t n, const char *a, const char *b, const char *c) {
  int r = c ? snprintf(out, n, "%s/%s/%s", a, b, c) : snprintf(out, n, "%s/%s", a, b);
  return r >= 0 && (size_t)r < n;
}

/* max_len and timeout from fuzz/<name>.options ([libfuzzer] section, `key = value` lines). */
static void bf_options(const char *src, const char *name, unsigned long *max_len, unsigned long *timeout) {
  char path[BF_PATH], file[128];
  if (snprintf(file, sizeof file, "%s.options", name) >= (int)sizeof file || !bf_path(path, sizeof path, src, "fuzz", file))
    return;
  FILE *f = fopen(path, "r");
  if (!f) return;
  char line[256];
  for (unsigned n = 0; n < 256 && fgets(line, sizeof line, f); n++) {
    char key[64];
    unsigned long v;
    if (sscanf(line, " %63[a-z_] = %lu", key, &v) != 2) continue;
    if (!strcmp(key, "max_len") && v > 0 && v <= (1ul << 24)) *max_len = v;
    if (!strcmp(key, "timeout") && v > 0 && v <= 3600) *timeout = v;
  }
  fclose(f);
}

/* Removes the files of a flat folder libFuzzer wrote, then the folder. */
static void bf_rmdir(const char *dir) {
  DIR *d = opendir(dir);
  if (d) {
    struct dirent *e;
    char p[BF_PATH + 300];
    while ((e = readdir(d)) != NULL) {
      if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
      snprintf(p, sizeof p, "%s/%s", dir, e->d_name);
      unlink(p);
    }
    closedir(d);
  }
  rmdir(dir);
}

/* Reads `stat::KEY: VALUE` from libFuzzer's final statistics. */
static bool bf_stat(const char *log, const char *key, double *out) {
  const char *p = strstr(log, key);
  if (!p) return false;
  p += strlen(key);
  char *end;
  double v = strtod(p, &end);
  if (end == p) return false;
  *out = v;
  return true;
}

/* The CPU the runs are pinned to: $SF_BENCH_CPU when it names one this process may use, else the
 * first of those; -1 when the affinity cannot be read (the runs are then not pinned). */
static int bf_cpu(void) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return -1;
  const char *env = getenv("SF_BENCH_CPU");
  if (env && *env) {
    char *end = NULL;
    long want = strtol(env, &end, 10);
    if (end && !*end && want >= 0 && want < CPU_SETSIZE && CPU_ISSET((int)want, &set)) return (int)want;
    fprintf(stderr, "samplefuzz bench: SF_BENCH_CPU=%s is not a CPU this process may run on; using the first one\n", env);
  }
  for (int c = 0; c < CPU_SETSIZE; c++)
    if (CPU_ISSET(c, &set)) return c;
  return -1;
}

static int bf_pin_cpu = -1;

static bf_run bf_exec(const char *bin, const char *seeds, unsigned seconds, unsigned long max_len, unsigned long timeout) {
  bf_run r = {0};
  char tmp[] = "/tmp/sf-benchfuzz-XXXXXX";
  char logp[] = "/tmp/sf-benchfuzz-log-XXXXXX";
  if (!mkdtemp(tmp)) {
    snprintf(r.why, sizeof r.why, "mkdtemp: %s", strerror(errno));
    return r;
  }
  int logfd = mkstemp(logp);
  if (logfd < 0) {
    snprintf(r.why, sizeof r.why, "mkstemp: %s", strerror(errno));
    bf_rmdir(tmp);
    return r;
  }
  char a_time[48], a_len[48], a_to[48], a_art[64];
  snprintf(a_art, sizeof a_art, "-artifact_prefix=%s/", tmp);   /* a crash file goes to the temporary folder */
  snprintf(a_time, sizeof a_time, "-max_total_time=%u", seconds);
  snprintf(a_len, sizeof a_len, "-max_len=%lu", max_len);
  snprintf(a_to, sizeof a_to, "-timeout=%lu", timeout);
  char *argv[] = {(char *)bin, a_time, "-print_final_stats=1", "-seed=1", a_len, a_to, "-rss_limit_mb=4096",
                  a_art, tmp, (char *)seeds, NULL};
  if (!seeds) argv[9] = NULL;
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    int nul = open("/dev/null", O_RDONLY);
    if (nul >= 0) dup2(nul, 0);
    dup2(logfd, 1);
    dup2(logfd, 2);
    if (bf_pin_cpu >= 0) {
      cpu_set_t one;
      CPU_ZERO(&one);
      CPU_SET(bf_pin_cpu, &one);
      if (sched_setaffinity(0, sizeof one, &one) != 0) _exit(126);
    }
    execv(bin, argv);
    _exit(127);
  }
  int status = 0;
  if (pid < 0) {
    snprintf(r.why, sizeof r.why, "fork: %s", strerror(errno));
  } else {
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
  }
  /* the log: libFuzzer's statistics are its last lines; read at most the last 64 KiB */
  char *log = calloc(1, 65537);
  if (log && pid > 0) {
    off_t end = lseek(logfd, 0, SEEK_END);
    off_t from = end > 65536 ? end - 65536 : 0;
    if (lseek(logfd, from, SEEK_SET) >= 0) {
      ssize_t k = read(logfd, log, 65536);
      if (k > 0) log[k] = 0;
    }
  }
  close(logfd);
  unlink(logp);
  bf_rmdir(tmp);
  if (pid > 0) {
    double eps = 0, n = 0;
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
      snprintf(r.why, sizeof r.why, "%s %d (a finding or a crash of the target: run it with samplefuzz fuzz)",
               WIFEXITED(status) ? "exit status" : "signal", WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
    } else if (!log || !bf_stat(log, "stat::average_exec_per_sec:", &eps) ||
               !bf_stat(log, "stat::number_of_executed_units:", &n)) {
      snprintf(r.why, sizeof r.why, "no libFuzzer statistics in its output");
    } else {
      r.ok = true;
      r.execs_per_s = eps;
      r.execs = (unsigned long long)n;
    }
  }
  free(log);
  return r;
}

static bool bf_is_libfuzzer(const char *bin) {
  return access(bin, X_OK) == 0 && sf_cli_binary_has(bin, "-max_total_time");
}

#ifndef SF_SOURCE_DIR
#define SF_SOURCE_DIR "."
#endif

/* Whether `name` is one of the comma-separated names of `list` (NULL: every name is). */
static bool bf_listed(const char *list, const char *name) {
  if (!list) return true;
  size_t n = strlen(name);
  for (const char *p = list; *p;) {
    const char *e = strchr(p, ',');
    size_t l = e ? (size_t)(e - p) : strlen(p);
    if (l == n && memcmp(p, name, n) == 0) return true;
    p += l + (e ? 1 : 0);
  }
  return false;
}

bool sf_bench_fuzz_names_ok(const char *list, FILE *err) {
  if (!list) return true;
  bool ok = *list != 0;
  for (const char *p = list; *p;) {
    const char *e = strchr(p, ',');
    size_t l = e ? (size_t)(e - p) : strlen(p);
    bool found = false;
    for (size_t i = 0; i < sf_target_count && !found; i++)
      found = strlen(sf_targets[i].name) == l && memcmp(sf_targets[i].name, p, l) == 0;
    if (!found) {
      fprintf(err, "samplefuzz bench: --fuzz-targets: '%.*s' is not a fuzz target (samplefuzz --help lists them)\n", (int)l, p);
      ok = false;
    }
    p += l + (e ? 1 : 0);
  }
  if (!*list) fprintf(err, "samplefuzz bench: --fuzz-targets: an empty list\n");
  return ok;
}

static int bf_cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* The median of v[0..n), n >= 1 (v is sorted in place). */
static double bf_median(double *v, unsigned n) {
  qsort(v, n, sizeof *v, bf_cmp_double);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#define BF_MAX_ROUNDS 99u

int sf_bench_fuzz(FILE *out, bool json, const char *bin_dir, unsigned seconds, const char *only, unsigned rounds) {
  if (!sf_bench_fuzz_names_ok(only, stderr)) return 2;
  if (rounds < 1) rounds = 1;
  if (rounds > BF_MAX_ROUNDS) rounds = BF_MAX_ROUNDS;
  const char *src_dir = SF_SOURCE_DIR;
  char dflt[BF_PATH];
  if (!bin_dir || !*bin_dir) bin_dir = getenv("SF_FUZZ_BIN_DIR");
  if (!bin_dir || !*bin_dir) {
    if (!bf_path(dflt, sizeof dflt, src_dir, "build-fuzz/fuzz", NULL)) dflt[0] = 0;
    bin_dir = dflt;
  }
  char empty[BF_PATH];
  if (!bf_path(empty, sizeof empty, bin_dir, BF_EMPTY, NULL)) empty[0] = 0;
  if (!bf_is_libfuzzer(empty)) {
    fprintf(stderr,
            "samplefuzz bench: %s is not a libFuzzer build of the empty target; build the libFuzzer targets "
            "(bash scripts/fuzz.sh builds them into build-fuzz/fuzz) and pass --bin-dir\n",
            empty);
    if (json) fprintf(out, "  \"fuzz_targets\": {\"error\": \"no libFuzzer binaries in %s\"}", bin_dir);
    return 1;
  }
  bf_pin_cpu = bf_cpu();
  char where[48] = "not pinned";
  if (bf_pin_cpu >= 0) snprintf(where, sizeof where, "pinned to CPU %d", bf_pin_cpu);
  if (json) {
    fprintf(out, "  \"fuzz_targets\": {\"seconds_per_run\": %u, \"rounds\": %u, \"cpu\": %d, \"bin_dir\": \"%s\", \"results\": [\n",
            seconds, rounds, bf_pin_cpu, bin_dir);
  } else {
    fprintf(out, "\n%-22s %12s %12s %9s %12s   (libFuzzer exec/s on the seed corpus, %u s per run, empty target first, "
                 "%s%s)\n",
            "fuzz target", "exec/s", "empty exec/s", "ratio", "executions", seconds, where,
            rounds > 1 ? "; medians of the rounds" : "");
  }
  int rc = 0;
  unsigned printed = 0;
  for (size_t i = 0; i < sf_target_count; i++) {
    const sf_target *t = &sf_targets[i];
    if (!bf_listed(only, t->name)) continue;
    char bin[BF_PATH], seeds[BF_PATH];
    if (!bf_path(bin, sizeof bin, bin_dir, t->name, NULL)) bin[0] = 0;
    struct stat sb;
    const char *seedp = bf_path(seeds, sizeof seeds, src_dir, "corpus", t->name) && stat(seeds, &sb) == 0 &&
                                S_ISDIR(sb.st_mode) ? seeds : NULL;
    unsigned long max_len = 4096, timeout = 25;
    bf_options(src_dir, t->name, &max_len, &timeout);
    bf_run e = {0}, r = {0};
    double eps[BF_MAX_ROUNDS], teps[BF_MAX_ROUNDS], ratios[BF_MAX_ROUNDS];
    unsigned long long execs = 0, empty_execs = 0;
    unsigned done = 0;
    if (!bf_is_libfuzzer(bin)) {
      snprintf(r.why, sizeof r.why, "no libFuzzer build at %.150s", bin);
    } else {
      for (unsigned k = 0; k < rounds; k++) {
        e = bf_exec(empty, seedp, seconds, max_len, timeout);
        r = bf_exec(bin, seedp, seconds, max_len, timeout);
        if (!e.ok) {
          snprintf(r.why, sizeof r.why, "empty target: %.120s", e.why);
          r.ok = false;
        }
        if (!r.ok) break;
        eps[done] = e.execs_per_s;
        teps[done] = r.execs_per_s;
        ratios[done] = e.execs_per_s > 0 ? r.execs_per_s / e.execs_per_s : 0.0;
        execs += r.execs;
        empty_execs += e.execs;
        done++;
      }
    }
    bool ok = r.ok && done == rounds;
    if (!ok) rc = 1;
    double m_t = ok ? bf_median(teps, done) : 0, m_e = ok ? bf_median(eps, done) : 0;
    double ratio = ok ? bf_median(ratios, done) : 0.0;
    if (json) {
      fprintf(out, "%s    {\"target\": \"%s\", \"ok\": %s, \"exec_per_s\": %.1f, \"empty_exec_per_s\": %.1f, "
                   "\"ratio\": %.5f, \"executions\": %llu, \"empty_executions\": %llu, \"max_len\": %lu",
              printed ? ",\n" : "", t->name, ok ? "true" : "false", m_t, m_e, ratio, execs, empty_execs, max_len);
      if (!ok) fprintf(out, ", \"why\": \"%s\"", r.why);
      fprintf(out, "}");
    } else if (ok) {
      fprintf(out, "%-22s %12.0f %12.0f %8.2f%% %12llu\n", t->name, m_t, m_e, 100.0 * ratio, execs);
    } else {
      fprintf(out, "%-22s %12s %12s %9s %12s   failed: %s\n", t->name, "-", "-", "-", "-", r.why);
    }
    fflush(out);
    printed++;
  }
  if (json) fprintf(out, "\n  ]}");
  return rc;
}
