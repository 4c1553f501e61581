/* tests/ext_genx_ir_util.h — what the GenX_IR oracle tests (tests/ext_genx_ir_codec.c,
 * tests/ext_genx_ir_accept.c) share: finding and running IGC's GenX_IR (libigc-tools 1.0.12504)
 * under a time limit in a private temporary directory, building one-instruction kernels into
 * batches, and rerunning a crashed batch one kernel per process to name the culprits.
 * Environment: SF_GENX_IR (tool path, default GenX_IR on PATH), SF_GENX_KEEP=1 keeps the temporary
 * directory, SF_GENX_N (instructions per family in ext_genx_ir_codec's check A, default 2000, at
 * least 1000). Include it after defining _POSIX_C_SOURCE (fork, mkdtemp, alarm). */
#ifndef EXT_GENX_IR_UTIL_H
#define EXT_GENX_IR_UTIL_H

#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

#define BATCH 250u            /* kernels per GenX_IR process */
#define TOOL_SECONDS 120u     /* time limit of one batch process (a kernel takes ~1 ms) */
#define SINGLE_SECONDS 10u    /* time limit when one kernel is rerun alone */
#define MAX_REPORT 12         /* mismatches printed per family and check */
#define PLATFORM "SKL"

typedef struct ctx {
  char tool[1024];
  char dir[256];
  unsigned n_target;
} ctx;

/* ---- small file helpers ----------------------------------------------------------------------- */

static inline bool write_file(const char *path, const void *data, size_t n) {
  FILE *f = fopen(path, "wb");
  if (!f) return false;
  bool ok = fwrite(data, 1, n, f) == n;
  return fclose(f) == 0 && ok;
}

/* Reads a whole file (capped at 64 MiB); *n gets its size. NULL when missing. */
static inline uint8_t *read_file(const char *path, size_t *n) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, len = 0;
  uint8_t *buf = malloc(cap + 1);
  while (buf) {
    if (len == cap) {
      if (cap >= ((size_t)64 << 20)) break;
      uint8_t *nb = realloc(buf, cap * 2 + 1);
      if (!nb) { free(buf); buf = NULL; break; }
      buf = nb;
      cap *= 2;
    }
    size_t r = fread(buf + len, 1, cap - len, f);
    if (r == 0) break;
    len += r;
  }
  fclose(f);
  if (buf) buf[len] = 0;
  *n = len;
  return buf;
}

static inline void path_of(char *out, size_t n, const ctx *c, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static inline void path_of(char *out, size_t n, const ctx *c, const char *fmt, ...) {
  char name[256];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(name, sizeof name, fmt, ap);
  va_end(ap);
  snprintf(out, n, "%s/%s", c->dir, name);
}

/* Removes the files of the temporary directory (flat: the tool writes no subdirectories), and the
 * directory itself when remove_dir is set. */
static inline void clean_dir(const ctx *c, bool remove_dir) {
  DIR *d = opendir(c->dir);
  if (!d) return;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    char p[600];
    snprintf(p, sizeof p, "%s/%s", c->dir, e->d_name);
    if (unlink(p) != 0) fprintf(stderr, "warning: cannot remove %s\n", p);
  }
  closedir(d);
  if (remove_dir && rmdir(c->dir) != 0) fprintf(stderr, "warning: cannot remove %s\n", c->dir);
}

/* ---- running the tool ------------------------------------------------------------------------- */

typedef struct run_result {
  int status;       /* exit status, or -1 when killed by a signal */
  int sig;          /* the signal (SIGALRM = the time limit) */
} run_result;

/* Runs GenX_IR with args in c->dir, output to log_name; alarm() survives execve, so a hung tool is
 * killed by SIGALRM after `seconds`. */
static inline run_result run_tool(const ctx *c, const char *const *args, unsigned nargs, const char *log_name,
                           unsigned seconds) {
  run_result r = {-1, 0};
  char *argv[16];
  unsigned k = 0;
  argv[k++] = (char *)c->tool;
  for (unsigned i = 0; i < nargs && k < 15; i++) argv[k++] = (char *)args[i];
  argv[k] = NULL;
  fflush(stdout);
  fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) {
    r.status = 127;
    return r;
  }
  if (pid == 0) {
    if (chdir(c->dir) != 0) _exit(126);
    int fd = open(log_name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    alarm(seconds);
    execv(c->tool, argv);
    _exit(127);
  }
  int ws = 0;
  while (waitpid(pid, &ws, 0) < 0) {
    if (errno != EINTR) return r;
  }
  if (WIFEXITED(ws)) r.status = WEXITSTATUS(ws);
  else if (WIFSIGNALED(ws)) r.sig = WTERMSIG(ws);
  return r;
}

/* Killed by a signal (a crash, or SIGALRM at the time limit). Exit statuses are verdicts: 0 accepted,
 * 1 (text) or 255 (binary) when the verifier rejects, 2 for lexer fatals (§6). */
static inline bool crashed(run_result r) { return r.status < 0; }

static inline const char *describe(run_result r, char *buf, size_t n) {
  if (r.status >= 0) snprintf(buf, n, "exit status %d", r.status);
  else if (r.sig == SIGALRM) snprintf(buf, n, "time limit exceeded (killed)");
  else snprintf(buf, n, "killed by signal %d", r.sig);
  return buf;
}

static inline bool find_tool(ctx *c) {
  const char *env = getenv("SF_GENX_IR");
  if (env && *env) {
    snprintf(c->tool, sizeof c->tool, "%s", env);
    return access(c->tool, X_OK) == 0;
  }
  const char *path = getenv("PATH");
  if (!path) path = "/usr/bin:/bin";
  while (*path) {
    const char *e = strchr(path, ':');
    size_t n = e ? (size_t)(e - path) : strlen(path);
    if (n && n < sizeof c->tool - 16) {
      snprintf(c->tool, sizeof c->tool, "%.*s/GenX_IR", (int)n, path);
      if (access(c->tool, X_OK) == 0) return true;
    }
    path += n + (e ? 1 : 0);
  }
  return false;
}

/* ---- instructions ----------------------------------------------------------------------------- */

typedef struct item {
  sf_inst in;
  unsigned index;      /* generation index within the family */
} item;

/* Builds a kernel named `name` with the generator's declarations, an OutputAsmPath attribute equal
 * to its name, and one instruction (no RET: GenX_IR 12504 mis-encodes it, §7.1). */
static inline sf_code make_kernel(sf_visa_kernel *k, const char *name, const sf_inst *in, sf_status *st) {
  sf_code c = sf_visa_kernel_init(k, name, st);
  if (c == SF_OK) c = sf_gen_kernel_decls(k, st);
  if (c == SF_OK) c = sf_visa_kernel_add_string_attr(k, "OutputAsmPath", name, st);
  if (c == SF_OK) c = sf_visa_kernel_add_inst(k, in, st);
  return c;
}

static inline sf_code make_file(sf_isa_file *f, const item *items, unsigned n, char prefix, sf_status *st) {
  memset(f, 0, sizeof *f);
  f->major = 4;
  f->minor = 1;
  f->kernels = calloc(n ? n : 1, sizeof *f->kernels);
  if (!f->kernels) return sf_fail(st, SF_ERR_NOMEM, "out of memory");
  for (unsigned i = 0; i < n; i++) {
    char name[32];
    snprintf(name, sizeof name, "%c%05u", prefix, items[i].index);
    f->num_kernels = (uint16_t)(i + 1);
    sf_code c = make_kernel(&f->kernels[i], name, &items[i].in, st);
    if (c != SF_OK) return c;
  }
  return SF_OK;
}

static inline void print_inst(const sf_inst *in, const sf_visa_kernel *k, char *buf, size_t n) {
  sf_status st;
  sf_status_clear(&st);
  if (sf_visa_print(in, k, buf, n, &st) != SF_OK) {
    char m[SF_STATUS_MSG_MAX + 64];
    snprintf(buf, n, "<sf_visa_print failed: %s>", sf_status_format(&st, m, sizeof m));
  }
}

/* Reruns each kernel of a crashed batch alone and reports the ones that crash. */
static inline unsigned find_culprits(const ctx *c, const item *items, unsigned n, char prefix, bool text_mode) {
  unsigned culprits = 0;
  for (unsigned i = 0; i < n; i++) {
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_code cd = make_file(&f, &items[i], 1, prefix, &st);
    char in_path[512];
    if (cd == SF_OK) {
      cd = text_mode ? sf_visaasm_print(&f, &b, &st) : sf_isa_write(&f, &b, &st);
      path_of(in_path, sizeof in_path, c, "one.%s", text_mode ? "visaasm" : "isa");
      if (cd == SF_OK && !write_file(in_path, b.data, b.len)) cd = SF_ERR_IO;
    }
    if (cd == SF_OK) {
      const char *a_args[] = {text_mode ? "one.visaasm" : "one.isa", "-platform", PLATFORM, "-stopafter", "CFG",
                              text_mode ? "-outputCisaBinaryName" : "-dumpcommonisa", "one_out.isa", "-noverifyCISA"};
      run_result r = run_tool(c, a_args, text_mode ? 8 : 6, "one.log", SINGLE_SECONDS);
      if (crashed(r)) {
        char line[512], why[64];
        print_inst(&items[i].in, &f.kernels[0], line, sizeof line);
        fprintf(stderr, "  culprit: kernel %c%05u: GenX_IR %s: %s\n", prefix, items[i].index, describe(r, why, sizeof why), line);
        culprits++;
      }
    }
    sf_buf_free(&b);
    sf_isa_free(&f);
  }
  return culprits;
}

/* Starts a run: finds the tool (skipping the whole test when it is missing, see SF_SKIP_ALL), reads
 * SF_GENX_N and makes the temporary work directory. False when that directory cannot be made. */
static inline bool genx_open(ctx *c) {
  memset(c, 0, sizeof *c);
  if (!find_tool(c)) SF_SKIP_ALL("GenX_IR not found (Debian: apt-get install libigc-tools; or set SF_GENX_IR)");
  const char *n = getenv("SF_GENX_N");
  c->n_target = n ? (unsigned)strtoul(n, NULL, 10) : 2000;
  if (c->n_target < 1000) c->n_target = 1000;  /* the brief's minimum */
  if (c->n_target > 100000) c->n_target = 100000;
  const char *tmp = getenv("TMPDIR");
  snprintf(c->dir, sizeof c->dir, "%s/sf_genx_XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(c->dir)) {
    fprintf(stderr, "mkdtemp %s failed\n", c->dir);
    return false;
  }
  printf("GenX_IR: %s, platform %s, work dir %s\n", c->tool, PLATFORM, c->dir);
  return true;
}

/* Ends a run: removes the work directory unless SF_GENX_KEEP is set. */
static inline void genx_close(const ctx *c) {
  if (getenv("SF_GENX_KEEP")) printf("kept %s\n", c->dir);
  else clean_dir(c, true);
}

#endif
