/* harness/cli/cmd_fuzz.c — `samplefuzz fuzz`: the campaign (README.md "The program").
 *
 * Locates the fuzz binaries (--bin-dir, $SF_FUZZ_BIN_DIR, or <dir of this program>/fuzz) or builds
 * them with clang + libFuzzer + ASan/UBSan into <workdir>/build; runs the chosen targets in parallel
 * (--jobs at a time) for --time seconds each; shows exec/s, coverage, corpus size and findings per
 * target, refreshed in place on a terminal and as plain lines otherwise; ends with a triage summary
 * (one row per bucket, smallest reproducer), replaying every artifact in a child process.
 * Corpora persist in <workdir>/<target>/corpus, so a rerun resumes; the bundled seeds in
 * corpus/<target>/ are read, never written. Ctrl-C stops the engines (they flush their corpus),
 * and the summary is still printed.
 *
 * libFuzzer runs with -fork=1 -ignore_crashes=1 so that a finding does not end the campaign
 * (docs/fuzzing.md); AFL++ runs afl-fuzz -M with the environment this
 * machine needs (§5.3, §5.7) and its stats come from fuzzer_stats. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness/cli/cli_util.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/triage.h"

#ifndef SF_SOURCE_DIR
#define SF_SOURCE_DIR ""
#endif

#define SF_FUZZ_MAX_TARGETS 16
#define SF_FUZZ_MAX_ARGS 32
#define SF_FUZZ_PATH 1024

/* The one piece of mutable global state here: set by the SIGINT/SIGTERM handler, read by the loop. */
static volatile sig_atomic_t sf_fuzz_stop_requested;

static void sf_fuzz_on_signal(int sig) {
  (void)sig;
  sf_fuzz_stop_requested = 1;
}

typedef enum { SF_ENG_LIBFUZZER, SF_ENG_AFL } sf_fuzz_engine;

typedef struct sf_fuzz_job {
  const char *name;
  char bin[SF_FUZZ_PATH];
  char dir[SF_FUZZ_PATH];       /* <workdir>/<target> */
  char corpus[SF_FUZZ_PATH];    /* persistent corpus (libFuzzer) */
  char artifacts[SF_FUZZ_PATH]; /* crash-*, timeout-*, ... (libFuzzer) or afl/main/crashes (AFL) */
  char seeds[SF_FUZZ_PATH];     /* bundled seeds, "" if none */
  char dict[SF_FUZZ_PATH];      /* "" if none */
  pid_t pid;
  int out_fd;                   /* the engine's merged stdout/stderr */
  FILE *log;
  int state;                    /* 0 queued, 1 running, 2 done, 3 not started (interrupted) */
  int exit_status;
  double started, ended;
  char line[1024];
  size_t line_len;
  /* progress, from the engine's status lines or fuzzer_stats */
  uint64_t execs, exec_s, cov, corpus_n, findings;
} sf_fuzz_job;

typedef struct sf_fuzz_opts {
  double time_s;
  unsigned jobs;
  sf_fuzz_engine engine;
  const char *workdir;
  const char *bin_dir;
  long seed;                    /* -1: the engine picks */
  bool build;
} sf_fuzz_opts;

static double sf_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* In a freshly forked engine process: die with the campaign. A campaign killed with SIGKILL cannot
 * stop its engines itself, and an engine left running would keep starting jobs and writing into the
 * work folder (scripts/killtest.sh checks this). Linux only; elsewhere engines stop at their time
 * limit. */
static void sf_die_with_parent(pid_t parent) {
#ifdef __linux__
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent) _exit(127);  /* the campaign died before the line above */
#else
  (void)parent;
#endif
}

static bool sf_is_dir(const char *p) {
  struct stat sb;
  return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

static bool sf_is_file(const char *p) {
  struct stat sb;
  return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* Counts regular files in dir whose names start with one of the artifact prefixes (or, for AFL,
 * "id:"); also used for the corpus size (prefix NULL: every non-hidden file). */
static uint64_t sf_count_files(const char *dir, bool artifacts_only) {
  static const char *const prefixes[] = {"crash-", "timeout-", "oom-", "leak-", "slow-unit-", "id:"};
  DIR *d = opendir(dir);
  if (!d) return 0;
  uint64_t n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    if (!artifacts_only) {
      n++;
      continue;
    }
    for (size_t i = 0; i < sizeof prefixes / sizeof prefixes[0]; i++) {
      if (strncmp(e->d_name, prefixes[i], strlen(prefixes[i])) == 0 && strncmp(e->d_name, "slow-unit-", 10) != 0) {
        n++;
        break;
      }
    }
  }
  closedir(d);
  return n;
}

/* The number after `key` in line ("cov: 123", "exec/s: 99", "corp: 12/345b"), or false. */
static bool sf_field_u64(const char *line, const char *key, uint64_t *out) {
  const char *p = strstr(line, key);
  if (!p) return false;
  p += strlen(key);
  while (*p == ' ' || *p == ':') p++;
  if (*p < '0' || *p > '9') return false;
  char *end = NULL;
  unsigned long long v = strtoull(p, &end, 10);
  if (end == p) return false;
  *out = (uint64_t)v;
  return true;
}

static void sf_parse_libfuzzer_line(sf_fuzz_job *j, const char *line) {
  if (line[0] != '#') return;
  uint64_t v;
  if (sf_field_u64(line, "#", &v)) j->execs = v;
  if (sf_field_u64(line, "cov", &v)) j->cov = v;
  if (sf_field_u64(line, "corp", &v)) j->corpus_n = v;
  if (sf_field_u64(line, "exec/s", &v)) j->exec_s = v;
}

static void sf_read_afl_stats(sf_fuzz_job *j) {
  char path[SF_FUZZ_PATH + 64];
  snprintf(path, sizeof path, "%s/afl/main/fuzzer_stats", j->dir);
  FILE *f = fopen(path, "r");
  if (!f) return;
  char line[256];
  while (fgets(line, sizeof line, f)) {
    uint64_t v;
    if (strncmp(line, "execs_done", 10) == 0 && sf_field_u64(line, "execs_done", &v)) j->execs = v;
    if (strncmp(line, "execs_per_sec", 13) == 0 && sf_field_u64(line, "execs_per_sec", &v)) j->exec_s = v;
    if (strncmp(line, "edges_found", 11) == 0 && sf_field_u64(line, "edges_found", &v)) j->cov = v;
    if (strncmp(line, "corpus_count", 12) == 0 && sf_field_u64(line, "corpus_count", &v)) j->corpus_n = v;
  }
  fclose(f);
}

static void sf_job_drain(sf_fuzz_job *j, sf_fuzz_engine eng) {
  char buf[4096];
  for (;;) {
    ssize_t k = read(j->out_fd, buf, sizeof buf);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) {
      if (k == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
        close(j->out_fd);
        j->out_fd = -1;
      }
      return;
    }
    if (j->log) fwrite(buf, 1, (size_t)k, j->log);
    for (ssize_t i = 0; i < k; i++) {
      char c = buf[i];
      if (c == '\n' || c == '\r' || j->line_len + 1 >= sizeof j->line) {
        j->line[j->line_len] = '\0';
        if (eng == SF_ENG_LIBFUZZER) sf_parse_libfuzzer_line(j, j->line);
        j->line_len = 0;
      } else {
        j->line[j->line_len++] = c;
      }
    }
  }
}

/* Reads "[libfuzzer]" key = value pairs of fuzz/<target>.options into -key=value arguments. */
static unsigned sf_options_args(const char *src, const char *name, char store[][136], unsigned max) {
  char path[SF_FUZZ_PATH];
  snprintf(path, sizeof path, "%s/fuzz/%s.options", src, name);
  FILE *f = fopen(path, "r");
  if (!f) return 0;
  char line[256];
  bool in_section = false;
  unsigned n = 0;
  while (n < max && fgets(line, sizeof line, f)) {
    char key[64], val[64];
    if (line[0] == '[') {
      in_section = strncmp(line, "[libfuzzer]", 11) == 0;
      continue;
    }
    if (!in_section || sscanf(line, " %63[A-Za-z0-9_] = %63s", key, val) != 2) continue;
    if (strcmp(key, "dict") == 0) continue;   /* handled with the absolute path */
    snprintf(store[n++], 136, "-%s=%s", key, val);
  }
  fclose(f);
  return n;
}

static bool sf_job_start(sf_fuzz_job *j, const sf_fuzz_opts *o) {
  char *args[SF_FUZZ_MAX_ARGS];
  char store[20][136];
  unsigned na = 0, ns = 0;
  char log_path[SF_FUZZ_PATH + 16];
  snprintf(log_path, sizeof log_path, "%s/fuzz.log", j->dir);
  j->log = fopen(log_path, "a");
  /* Line-buffered: the log is read while the campaign runs (scripts/soak.sh) and must keep every
   * whole line the engine wrote when the campaign is killed. */
  if (j->log) setvbuf(j->log, NULL, _IOLBF, 0);
  if (o->engine == SF_ENG_LIBFUZZER) {
    args[na++] = j->bin;
    const char *fixed[] = {"-fork=1", "-ignore_crashes=1", "-ignore_timeouts=1", "-ignore_ooms=1",
                           "-timeout=25", "-rss_limit_mb=2560", "-print_final_stats=1"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) args[na++] = (char *)fixed[i];
    snprintf(store[ns], 136, "-max_total_time=%ld", (long)(o->time_s + 0.5));
    args[na++] = store[ns++];
    char *art = malloc(SF_FUZZ_PATH + 32);
    if (!art) return false;
    snprintf(art, SF_FUZZ_PATH + 32, "-artifact_prefix=%s/", j->artifacts);
    args[na++] = art;
    char *dict = NULL;
    if (j->dict[0]) {
      dict = malloc(SF_FUZZ_PATH + 16);
      if (!dict) {
        free(art);
        return false;
      }
      snprintf(dict, SF_FUZZ_PATH + 16, "-dict=%s", j->dict);
      args[na++] = dict;
    }
    if (o->seed >= 0) {
      snprintf(store[ns], 136, "-seed=%ld", o->seed);
      args[na++] = store[ns++];
    }
    unsigned nopt = sf_options_args(SF_SOURCE_DIR, j->name, store + ns, 8);
    for (unsigned i = 0; i < nopt; i++) args[na++] = store[ns + i];
    ns += nopt;
    args[na++] = j->corpus;
    if (j->seeds[0]) args[na++] = j->seeds;
    args[na] = NULL;
    int fds[2];
    if (pipe(fds) != 0) {
      free(art);
      free(dict);
      return false;
    }
    fflush(NULL);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
      sf_die_with_parent(parent);
      close(fds[0]);
      dup2(fds[1], 1);
      dup2(fds[1], 2);
      close(fds[1]);
      int devnull = open("/dev/null", O_RDONLY);
      if (devnull >= 0) dup2(devnull, 0);
      execv(j->bin, args);
      fprintf(stderr, "exec %s: %s\n", j->bin, strerror(errno));
      _exit(127);
    }
    free(art);
    free(dict);
    close(fds[1]);
    if (pid < 0) {
      close(fds[0]);
      return false;
    }
    j->pid = pid;
    j->out_fd = fds[0];
  } else {
    char out_dir[SF_FUZZ_PATH + 8], in_dir[SF_FUZZ_PATH + 8], vtime[32];
    snprintf(out_dir, sizeof out_dir, "%s/afl", j->dir);
    /* afl-fuzz resumes from its output folder (AFL_AUTORESUME); the first run starts from seeds. */
    snprintf(in_dir, sizeof in_dir, "%s", j->seeds[0] ? j->seeds : j->corpus);
    snprintf(vtime, sizeof vtime, "%ld", (long)(o->time_s + 0.5));
    args[na++] = "afl-fuzz";
    args[na++] = "-V";
    args[na++] = vtime;
    args[na++] = "-M";
    args[na++] = "main";
    args[na++] = "-i";
    args[na++] = in_dir;
    args[na++] = "-o";
    args[na++] = out_dir;
    if (j->dict[0]) {
      args[na++] = "-x";
      args[na++] = j->dict;
    }
    args[na++] = "--";
    args[na++] = j->bin;
    args[na] = NULL;
    int fds[2];
    if (pipe(fds) != 0) return false;
    fflush(NULL);
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
      sf_die_with_parent(parent);
      close(fds[0]);
      dup2(fds[1], 1);
      dup2(fds[1], 2);
      close(fds[1]);
      setenv("AFL_NO_UI", "1", 1);
      setenv("AFL_SKIP_CPUFREQ", "1", 1);
      setenv("AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES", "1", 1);
      setenv("AFL_NO_AFFINITY", "1", 1);
      setenv("AFL_AUTORESUME", "1", 1);
      setenv("AFL_QUIET", "1", 1);
      execvp("afl-fuzz", args);
      fprintf(stderr, "exec afl-fuzz: %s\n", strerror(errno));
      _exit(127);
    }
    close(fds[1]);
    if (pid < 0) {
      close(fds[0]);
      return false;
    }
    j->pid = pid;
    j->out_fd = fds[0];
  }
  fcntl(j->out_fd, F_SETFL, fcntl(j->out_fd, F_GETFL) | O_NONBLOCK);
  j->state = 1;
  j->started = sf_now();
  return true;
}

static void sf_job_refresh(sf_fuzz_job *j, sf_fuzz_engine eng) {
  if (eng == SF_ENG_AFL) {
    sf_read_afl_stats(j);
    char crashes[SF_FUZZ_PATH + 32];
    snprintf(crashes, sizeof crashes, "%s/afl/main/crashes", j->dir);
    j->findings = sf_count_files(crashes, true);
  } else {
    j->findings = sf_count_files(j->artifacts, true);
  }
}

static void sf_print_job(FILE *out, const sf_fuzz_job *j, const sf_fuzz_opts *o, double now, bool tty) {
  const bool stopped = sf_fuzz_stop_requested != 0;
  const char *state = j->state == 0 ? "queued" : j->state == 1 ? "running" : j->state == 2 ? "done" : "skipped";
  double el = (j->state == 0 || j->state == 3) ? 0 : (j->state == 1 ? now - j->started : j->ended - j->started);
  fprintf(out, "%s%-20s %-7s %4.0f/%.0fs  exec/s %-8" PRIu64 " cov %-6" PRIu64 " corpus %-6" PRIu64
               " findings %" PRIu64 "%s\n",
          tty ? "\033[K" : "", j->name, state, el, o->time_s, j->exec_s, j->cov, j->corpus_n, j->findings,
          j->state == 2 && j->exit_status != 0 && j->findings == 0 && !stopped ? " (engine failed: see fuzz.log)" : "");
}

static const char *sf_self_dir(char *buf, size_t n) {
  ssize_t k = readlink("/proc/self/exe", buf, n - 1);
  if (k <= 0) return NULL;
  buf[k] = '\0';
  char *slash = strrchr(buf, '/');
  if (!slash) return NULL;
  *slash = '\0';
  return buf;
}

static int sf_run_cmd(char *const argv[]) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    execvp(argv[0], argv);
    fprintf(stderr, "samplefuzz fuzz: cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  if (pid < 0) return -1;
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

/* Configures and builds the libFuzzer targets into <workdir>/build. Line tables only: enough for
 * symbolized stacks, and clang 14 crashes on the AVX-512 backend at -O1/-O2 with full -g. */
static bool sf_build_fuzzers(const char *workdir, char *bin_dir, size_t n) {
  if (!SF_SOURCE_DIR[0] || !sf_is_dir(SF_SOURCE_DIR)) {
    fprintf(stderr, "samplefuzz fuzz: the source tree is not available to build the fuzz targets\n");
    return false;
  }
  char build[SF_FUZZ_PATH], jobs[32];
  snprintf(build, sizeof build, "%.1000s/build", workdir);
  long nproc = sysconf(_SC_NPROCESSORS_ONLN);
  snprintf(jobs, sizeof jobs, "-j%ld", nproc > 0 ? nproc : 2);
  printf("building the libFuzzer targets (clang, ASan+UBSan) in %s ...\n", build);
  char *cfg[] = {"cmake", "-S", (char *)SF_SOURCE_DIR, "-B", build, "-DCMAKE_C_COMPILER=clang",
                 "-DCMAKE_BUILD_TYPE=RelWithDebInfo", "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG",
                 "-DSF_SANITIZE=ON", "-DSF_FUZZ_ENGINE=libfuzzer", NULL};
  char *bld[] = {"cmake", "--build", build, "--target", "sf_all_fuzzers", jobs, NULL};
  if (sf_run_cmd(cfg) != 0 || sf_run_cmd(bld) != 0) {
    fprintf(stderr, "samplefuzz fuzz: building the fuzz targets failed (see above)\n");
    return false;
  }
  snprintf(bin_dir, n, "%.1000s/fuzz", build);
  return true;
}

static void sf_fuzz_usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz fuzz [--time S] [--jobs N] [--engine libfuzzer|afl] [--workdir DIR]\n"
          "                       [--bin-dir DIR] [--seed N] [--no-build] [--backend B [--manifest F]] [TARGET...]\n"
          "--backend NAME|LIB.so fuzzes that implementation against the reference (backend_diff_fuzzer,\n"
          "the default target then; docs/backends.md); a backend that does not load stops the campaign.\n"
          "--manifest FILE       its known divergences (default: manifests/<NAME>.txt when it exists);\n"
          "findings they match are counted in the summary, not reported. A bad manifest stops the campaign.\n"
          "Runs a fuzzing campaign over the targets (default: every target with a binary), --jobs at a\n"
          "time (default: the number of cores), --time seconds each (default: about a minute in total).\n"
          "Shows exec/s, coverage, corpus size and findings per target, then a triage summary: one row\n"
          "per bucket with the smallest reproducer. Corpora persist in --workdir (default ./fuzz-work):\n"
          "a rerun resumes. Ctrl-C stops cleanly and still prints the summary.\n"
          "Binaries: --bin-dir, else $SF_FUZZ_BIN_DIR, else <dir of samplefuzz>/fuzz; when none is a\n"
          "libFuzzer build they are built with clang into <workdir>/build (unless --no-build).\n"
          "--engine afl runs afl-fuzz -M on binaries built with CC=afl-clang-fast -DSF_FUZZ_ENGINE=afl.\n"
          "Exit status: 0 no findings, 1 findings, 2 usage or setup error.\n"
          "Targets:\n");
  for (size_t i = 0; i < sf_target_count; i++) fprintf(f, "  %-20s %s\n", sf_targets[i].name, sf_targets[i].what);
}

typedef struct sf_fuzz_triage_ctx {
  sf_bucket_table *table;
  sf_status st;
  sf_code err;
  unsigned refused;                       /* artifacts the replay refused (did not judge) */
  char first_refusal[SF_STATUS_MSG_MAX + 64];  /* the first one's reason (as sf_verdict.reason) */
} sf_fuzz_triage_ctx;

static void sf_fuzz_triage_cb(void *ctx, const char *path, const sf_target *t, const sf_verdict *v, size_t size,
                              const sf_status *st) {
  sf_fuzz_triage_ctx *c = ctx;
  (void)st;
  if (v && (v->kind == SF_VERDICT_REJECT || v->kind == SF_VERDICT_SKIP) && c->refused++ == 0)
    snprintf(c->first_refusal, sizeof c->first_refusal, "%s", v->reason);
  if (!v || v->kind != SF_VERDICT_FAIL) return;
  if (c->err == SF_OK) c->err = sf_bucket_table_add(c->table, v, t->name, path, size, &c->st);
}

bool sf_fuzz_backend_setup(const char *spec, const char *manifest);   /* cmd_fuzz_backend.c */
void sf_fuzz_backend_summary(const char *workdir);

int sf_cli_fuzz(int argc, char **argv) {
  const char *backend = NULL, *manifest = NULL;
  sf_fuzz_opts o = {0, 0, SF_ENG_LIBFUZZER, "fuzz-work", NULL, -1, true};
  const char *names[SF_FUZZ_MAX_TARGETS];
  size_t nnames = 0;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *val = (i + 1 < argc) ? argv[i + 1] : NULL;
    if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
      sf_fuzz_usage(stdout);
      return 0;
    } else if (strcmp(a, "--time") == 0 && val) {
      o.time_s = strtod(val, NULL);
      i++;
      if (!(o.time_s >= 1 && o.time_s <= 7 * 86400)) {
        fprintf(stderr, "samplefuzz fuzz: --time must be 1..604800 seconds\n");
        return 2;
      }
    } else if (strcmp(a, "--jobs") == 0 && val) {
      long j = strtol(val, NULL, 10);
      i++;
      if (j < 1 || j > 256) {
        fprintf(stderr, "samplefuzz fuzz: --jobs must be 1..256\n");
        return 2;
      }
      o.jobs = (unsigned)j;
    } else if (strcmp(a, "--engine") == 0 && val) {
      i++;
      if (strcmp(val, "libfuzzer") == 0) o.engine = SF_ENG_LIBFUZZER;
      else if (strcmp(val, "afl") == 0) o.engine = SF_ENG_AFL;
      else {
        fprintf(stderr, "samplefuzz fuzz: --engine must be libfuzzer or afl\n");
        return 2;
      }
    } else if (strcmp(a, "--workdir") == 0 && val) {
      o.workdir = val;
      i++;
    } else if (strcmp(a, "--bin-dir") == 0 && val) {
      o.bin_dir = val;
      i++;
    } else if (strcmp(a, "--seed") == 0 && val) {
      o.seed = strtol(val, NULL, 10);
      i++;
      if (o.seed < 0) o.seed = 0;
    } else if (strcmp(a, "--no-build") == 0) {
      o.build = false;
    } else if (strcmp(a, "--backend") == 0 && val) {
      backend = val;
      i++;
    } else if (strcmp(a, "--manifest") == 0 && val) {
      manifest = val;
      i++;
    } else if (a[0] == '-') {
      fprintf(stderr, "samplefuzz fuzz: unknown option or missing value: '%s' (see --help)\n", a);
      return 2;
    } else if (!sf_target_find(a)) {
      fprintf(stderr, "samplefuzz fuzz: unknown target '%s' (see --help)\n", a);
      return 2;
    } else if (nnames < SF_FUZZ_MAX_TARGETS) {
      names[nnames++] = a;
    }
  }
  if (manifest && !backend) {
    fprintf(stderr, "samplefuzz fuzz: --manifest goes with --backend (see --help)\n");
    return 2;
  }
  if (backend && !sf_fuzz_backend_setup(backend, manifest)) return 2;
  if (backend && nnames == 0) names[nnames++] = "backend_diff_fuzzer";
  if (o.jobs == 0) {
    long nproc = sysconf(_SC_NPROCESSORS_ONLN);
    o.jobs = nproc > 0 ? (unsigned)nproc : 1;
  }
  /* Locate the binaries. */
  char bin_dir[SF_FUZZ_PATH] = "", self[SF_FUZZ_PATH];
  if (o.bin_dir) snprintf(bin_dir, sizeof bin_dir, "%s", o.bin_dir);
  else if (getenv("SF_FUZZ_BIN_DIR")) snprintf(bin_dir, sizeof bin_dir, "%s", getenv("SF_FUZZ_BIN_DIR"));
  else if (sf_self_dir(self, sizeof self)) snprintf(bin_dir, sizeof bin_dir, "%.1000s/fuzz", self);
  const char *marker = o.engine == SF_ENG_AFL ? "__AFL_SHM_ID" : "-max_total_time";
  if (!sf_cli_mkdirs(o.workdir)) {
    fprintf(stderr, "samplefuzz fuzz: cannot create %s: %s\n", o.workdir, strerror(errno));
    return 2;
  }
  /* One campaign per work folder: corpora, reproducers and the triage table are shared state. A
   * second campaign on the same folder refuses to start (the lock is a POSIX record lock on
   * <workdir>/.lock, released by the kernel when the holder exits, also on SIGKILL). */
  char lock_path[SF_FUZZ_PATH + 8];
  snprintf(lock_path, sizeof lock_path, "%.1000s/.lock", o.workdir);
  int lock_fd = open(lock_path, O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  struct flock lk;
  memset(&lk, 0, sizeof lk);
  lk.l_type = F_WRLCK;
  lk.l_whence = SEEK_SET;
  if (lock_fd < 0 || fcntl(lock_fd, F_SETLK, &lk) != 0) {
    int err = errno;
    long holder = 0;
    if (lock_fd >= 0 && fcntl(lock_fd, F_GETLK, &lk) == 0 && lk.l_type != F_UNLCK) holder = (long)lk.l_pid;
    fprintf(stderr, "samplefuzz fuzz: %s is in use by another campaign%s%ld%s (%s); wait for it, or use another "
            "--workdir\n", o.workdir, holder ? " (pid " : "", holder, holder ? ")" : "", strerror(err));
    if (lock_fd >= 0) close(lock_fd);
    return 2;
  }
  /* the descriptor stays open (and the lock held) until the process exits */
  bool any = false;
  for (size_t i = 0; i < sf_target_count && !any; i++) {
    char p[SF_FUZZ_PATH * 2];
    snprintf(p, sizeof p, "%s/%s", bin_dir, sf_targets[i].name);
    any = sf_is_file(p) && sf_cli_binary_has(p, marker);
  }
  if (!any) {
    if (o.engine == SF_ENG_AFL || !o.build) {
      fprintf(stderr, "samplefuzz fuzz: no %s fuzz binaries in '%s' (build with %s, or pass --bin-dir)\n",
              o.engine == SF_ENG_AFL ? "AFL++" : "libFuzzer", bin_dir,
              o.engine == SF_ENG_AFL ? "CC=afl-clang-fast cmake -DSF_FUZZ_ENGINE=afl"
                                     : "cmake -DCMAKE_C_COMPILER=clang -DSF_FUZZ_ENGINE=libfuzzer");
      return 2;
    }
    if (!sf_build_fuzzers(o.workdir, bin_dir, sizeof bin_dir)) return 2;
  }
  /* The jobs. */
  sf_fuzz_job *jobs = calloc(SF_FUZZ_MAX_TARGETS, sizeof *jobs);
  if (!jobs) return 2;
  size_t nj = 0;
  for (size_t i = 0; i < sf_target_count; i++) {
    const char *name = sf_targets[i].name;
    if (nnames) {
      bool chosen = false;
      for (size_t k = 0; k < nnames; k++) chosen |= strcmp(names[k], name) == 0;
      if (!chosen) continue;
    }
    sf_fuzz_job *j = &jobs[nj];
    j->name = name;
    j->out_fd = -1;
    snprintf(j->bin, sizeof j->bin, "%.900s/%s", bin_dir, name);
    if (!sf_is_file(j->bin) || !sf_cli_binary_has(j->bin, marker)) {
      if (nnames) fprintf(stderr, "samplefuzz fuzz: %s: no binary at %s, skipped\n", name, j->bin);
      continue;
    }
    snprintf(j->dir, sizeof j->dir, "%.900s/%s", o.workdir, name);
    snprintf(j->corpus, sizeof j->corpus, "%.900s/corpus", j->dir);
    snprintf(j->artifacts, sizeof j->artifacts, "%.900s/artifacts", j->dir);
    if (SF_SOURCE_DIR[0]) {
      snprintf(j->seeds, sizeof j->seeds, "%.900s/corpus/%s", SF_SOURCE_DIR, name);
      if (!sf_is_dir(j->seeds) || sf_count_files(j->seeds, false) == 0) j->seeds[0] = '\0';
      snprintf(j->dict, sizeof j->dict, "%.900s/fuzz/%s.dict", SF_SOURCE_DIR, name);
      if (!sf_is_file(j->dict)) j->dict[0] = '\0';
    }
    if (!sf_cli_mkdirs(j->corpus) || !sf_cli_mkdirs(j->artifacts)) {
      fprintf(stderr, "samplefuzz fuzz: cannot create %s: %s\n", j->dir, strerror(errno));
      free(jobs);
      return 2;
    }
    nj++;
  }
  if (nj == 0) {
    fprintf(stderr, "samplefuzz fuzz: no target to run\n");
    free(jobs);
    return 2;
  }
  size_t waves = (nj + o.jobs - 1) / o.jobs;
  if (o.time_s == 0) o.time_s = waves ? (60.0 / (double)waves < 10 ? 10 : 60.0 / (double)waves) : 60;
  bool tty = isatty(1) != 0;
  printf("samplefuzz fuzz: %zu target(s), %u at a time, %.0f s each, engine %s, binaries %s, work %s\n", nj, o.jobs,
         o.time_s, o.engine == SF_ENG_AFL ? "afl" : "libfuzzer", bin_dir, o.workdir);

  struct sigaction sa, old_int, old_term;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = sf_fuzz_on_signal;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int);
  sigaction(SIGTERM, &sa, &old_term);
  sf_fuzz_stop_requested = 0;

  double last_print = 0, stop_sent = 0;
  unsigned printed_lines = 0;
  for (;;) {
    double now = sf_now();
    unsigned running = 0;
    bool queued = false;
    for (size_t i = 0; i < nj; i++) running += jobs[i].state == 1, queued |= jobs[i].state == 0;
    if (!sf_fuzz_stop_requested) {
      for (size_t i = 0; i < nj && running < o.jobs; i++) {
        if (jobs[i].state != 0) continue;
        if (sf_job_start(&jobs[i], &o)) {
          running++;
        } else {
          jobs[i].state = 2;
          jobs[i].exit_status = -1;
          fprintf(stderr, "samplefuzz fuzz: %s: cannot start the engine\n", jobs[i].name);
        }
      }
    } else {
      if (stop_sent == 0) {
        stop_sent = now;
        for (size_t i = 0; i < nj; i++) {
          if (jobs[i].state == 1) kill(jobs[i].pid, SIGINT);
          if (jobs[i].state == 0) jobs[i].state = 3;
        }
      } else if (now - stop_sent > 10) {
        for (size_t i = 0; i < nj; i++)
          if (jobs[i].state == 1) kill(jobs[i].pid, SIGKILL);
      }
      queued = false;
    }
    /* A stuck engine: well past its time, stop it. */
    for (size_t i = 0; i < nj; i++) {
      if (jobs[i].state == 1 && now - jobs[i].started > o.time_s + 60) kill(jobs[i].pid, SIGKILL);
    }
    if (running == 0 && !queued) break;
    struct pollfd pfd[SF_FUZZ_MAX_TARGETS];
    size_t np = 0, idx[SF_FUZZ_MAX_TARGETS];
    for (size_t i = 0; i < nj; i++) {
      if (jobs[i].state == 1 && jobs[i].out_fd >= 0) {
        pfd[np].fd = jobs[i].out_fd;
        pfd[np].events = POLLIN;
        idx[np++] = i;
      }
    }
    int pr = poll(pfd, np, 250);
    if (pr > 0) {
      for (size_t k = 0; k < np; k++) {
        if (pfd[k].revents) sf_job_drain(&jobs[idx[k]], o.engine);
      }
    }
    for (size_t i = 0; i < nj; i++) {
      sf_fuzz_job *j = &jobs[i];
      if (j->state != 1) continue;
      int status = 0;
      pid_t w = waitpid(j->pid, &status, WNOHANG);
      if (w == j->pid) {
        if (j->out_fd >= 0) {
          fcntl(j->out_fd, F_SETFL, fcntl(j->out_fd, F_GETFL) & ~O_NONBLOCK);
          sf_job_drain(j, o.engine);
        }
        if (j->log) fclose(j->log);
        j->log = NULL;
        j->state = 2;
        j->ended = sf_now();
        j->exit_status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
        sf_job_refresh(j, o.engine);
        if (!tty) sf_print_job(stdout, j, &o, sf_now(), false);
      }
    }
    now = sf_now();
    if (now - last_print >= (tty ? 1.0 : 10.0)) {
      last_print = now;
      for (size_t i = 0; i < nj; i++) sf_job_refresh(&jobs[i], o.engine);
      if (tty) {
        if (printed_lines) printf("\033[%uA", printed_lines);
        for (size_t i = 0; i < nj; i++) sf_print_job(stdout, &jobs[i], &o, now, true);
        printed_lines = (unsigned)nj;
      } else {
        for (size_t i = 0; i < nj; i++)
          if (jobs[i].state == 1) sf_print_job(stdout, &jobs[i], &o, now, false);
      }
      fflush(stdout);
    }
  }
  sigaction(SIGINT, &old_int, NULL);
  sigaction(SIGTERM, &old_term, NULL);
  if (tty && printed_lines) printf("\033[%uA", printed_lines);
  for (size_t i = 0; i < nj; i++) {
    sf_job_refresh(&jobs[i], o.engine);
    sf_print_job(stdout, &jobs[i], &o, sf_now(), tty);
  }
  if (sf_fuzz_stop_requested) printf("interrupted: corpora kept in %s\n", o.workdir);

  /* Triage summary over every artifact of the chosen targets. */
  sf_bucket_table table;
  sf_bucket_table_init(&table);
  sf_fuzz_triage_ctx tctx = {&table, {0}, SF_OK, 0, ""};
  sf_status_clear(&tctx.st);
  unsigned nfail = 0;
  for (size_t i = 0; i < nj; i++) {
    char dirbuf[SF_FUZZ_PATH + 32];
    if (o.engine == SF_ENG_AFL) snprintf(dirbuf, sizeof dirbuf, "%s/afl/main/crashes", jobs[i].dir);
    else snprintf(dirbuf, sizeof dirbuf, "%s", jobs[i].artifacts);
    if (!sf_is_dir(dirbuf)) continue;
    char *p[1] = {dirbuf};
    sf_replay_stats stats;
    sf_status st;
    sf_status_clear(&st);
    sf_replay_paths(1, p, sf_target_find(jobs[i].name), SF_REPLAY_ISOLATE, sf_fuzz_triage_cb, &tctx, &stats, &st);
    nfail += stats.failed;
  }
  sf_bucket_table_sort(&table);
  printf("\ntriage: %zu bucket(s) from %u failing artifact(s)\n", table.n, nfail);
  /* an artifact the replay refuses was not judged: say so, or a campaign whose findings cannot be
   * replayed (a backend or manifest changed under it) would look clean */
  if (tctx.refused)
    printf("triage: %u artifact(s) refused on replay, not judged; the first: %s\n", tctx.refused, tctx.first_refusal);
  if (table.n) sf_bucket_table_print(stdout, &table);
  if (backend) sf_fuzz_backend_summary(o.workdir);
  int rc = table.n ? 1 : 0;
  sf_bucket_table_free(&table);
  for (size_t i = 0; i < nj; i++) {
    if (jobs[i].log) fclose(jobs[i].log);
    if (jobs[i].out_fd >= 0) close(jobs[i].out_fd);
  }
  free(jobs);
  return rc;
}
