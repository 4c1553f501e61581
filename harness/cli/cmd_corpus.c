/* harness/cli/cmd_corpus.c — `samplefuzz corpus merge|prune TARGET [DIR...]` (* docs/fuzzing.md `-merge=1`, §5.4 "merge: 27 queue files -> 6").
 *
 *   merge  runs the target's libFuzzer binary with `-merge=1 CORPUS DIR...`: inputs of DIR... that add
 *          coverage are copied into CORPUS (libFuzzer names them by the SHA-1 of their bytes).
 *   prune  runs `-merge=1 EMPTY CORPUS` into a fresh temporary folder, then removes from CORPUS
 *          every file whose bytes are not in the merged set, so the kept seeds keep their names
 *          (`samplefuzz gen` names them by family and op). --dry-run lists what would go.
 * CORPUS is --corpus DIR, else <source tree>/corpus/<target> (the seeds ctest replays), else
 * ./corpus/<target>. Binaries are found like `samplefuzz fuzz` finds them (--bin-dir,
 * $SF_FUZZ_BIN_DIR, <dir of samplefuzz>/fuzz, fuzz-work/build/fuzz). Counts (files and bytes) are
 * printed before and after. Exit status: 0 done, 1 the engine failed, 2 usage / setup errors. */
#define _XOPEN_SOURCE 700   /* mkdtemp */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>
#include <xxhash.h>

#include "harness/cli/cli_util.h"
#include "samplefuzz/oracle.h"

#ifndef SF_SOURCE_DIR
#define SF_SOURCE_DIR ""
#endif

int sf_cli_corpus(int argc, char **argv);

#define SF_CORPUS_PATH 1024
#define SF_CORPUS_MAX_DIRS 16
#define SF_CORPUS_MAX_FILES 200000u   /* a corpus above this is refused (libFuzzer's own merge copes, we list it) */

typedef struct corpus_count {
  unsigned files;
  unsigned long long bytes;
} corpus_count;

static bool corpus_is_dir(const char *p) {
  struct stat sb;
  return stat(p, &sb) == 0 && S_ISDIR(sb.st_mode);
}

/* Regular, non-hidden files directly in dir. */
static corpus_count corpus_count_dir(const char *dir) {
  corpus_count c = {0, 0};
  DIR *d = opendir(dir);
  if (!d) return c;
  struct dirent *e;
  char p[SF_CORPUS_PATH + 300];
  struct stat sb;
  while ((e = readdir(d)) != NULL && c.files < SF_CORPUS_MAX_FILES) {
    if (e->d_name[0] == '.') continue;
    if (snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p) continue;   /* name too long: skip */
    if (stat(p, &sb) != 0 || !S_ISREG(sb.st_mode)) continue;
    c.files++;
    c.bytes += (unsigned long long)sb.st_size;
  }
  closedir(d);
  return c;
}

static bool corpus_binary_has(const char *path, const char *needle) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  size_t nl = strlen(needle), cap = (size_t)1 << 16, keep = 0, total = 0;
  char *buf = malloc(cap + nl);
  bool found = false;
  while (buf && !found && total < ((size_t)256 << 20)) {
    size_t k = fread(buf + keep, 1, cap, f);
    if (k == 0) break;
    total += k;
    size_t have = keep + k;
    for (size_t i = 0; i + nl <= have && !found; i++) found = buf[i] == needle[0] && memcmp(buf + i, needle, nl) == 0;
    keep = have < nl ? have : nl - 1;
    memmove(buf, buf + have - keep, keep);
  }
  free(buf);
  fclose(f);
  return found;
}

static bool corpus_find_binary(const char *bin_dir, const char *target, char *out, size_t n) {
  char dirs[4][SF_CORPUS_PATH];
  unsigned nd = 0;
  if (bin_dir) snprintf(dirs[nd++], SF_CORPUS_PATH, "%s", bin_dir);
  if (!bin_dir && getenv("SF_FUZZ_BIN_DIR")) snprintf(dirs[nd++], SF_CORPUS_PATH, "%s", getenv("SF_FUZZ_BIN_DIR"));
  if (!bin_dir) {
    char self[SF_CORPUS_PATH];
    ssize_t k = readlink("/proc/self/exe", self, sizeof self - 1);
    if (k > 0) {
      self[k] = '\0';
      char *slash = strrchr(self, '/');
      if (slash) {
        *slash = '\0';
        snprintf(dirs[nd++], SF_CORPUS_PATH, "%.1000s/fuzz", self);
      }
    }
    snprintf(dirs[nd++], SF_CORPUS_PATH, "fuzz-work/build/fuzz");
  }
  struct stat sb;
  for (unsigned i = 0; i < nd; i++) {
    if (snprintf(out, n, "%.1000s/%s", dirs[i], target) >= (int)n) continue;
    if (stat(out, &sb) == 0 && S_ISREG(sb.st_mode) && corpus_binary_has(out, "-max_total_time")) return true;
  }
  fprintf(stderr, "samplefuzz corpus: no libFuzzer binary for %s in", target);
  for (unsigned i = 0; i < nd; i++) fprintf(stderr, "%s '%s'", i ? "," : "", dirs[i]);
  fprintf(stderr,
          "\n  build one with cmake -DCMAKE_C_COMPILER=clang -DSF_FUZZ_ENGINE=libfuzzer ... --target sf_all_fuzzers,\n"
          "  or run `samplefuzz fuzz` (it builds them into fuzz-work/build), or pass --bin-dir\n");
  return false;
}

/* Runs argv with output to log; exit status, 128+signal, or -1. */
static int corpus_run(char *const argv[], const char *log) {
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
    execvp(argv[0], argv);
    fprintf(stderr, "cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) return -1;
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : -1;
}

static void corpus_log_tail(const char *log) {
  FILE *f = fopen(log, "r");
  if (!f) return;
  char ring[6][256], line[256];
  unsigned n = 0;
  while (fgets(line, sizeof line, f)) snprintf(ring[n++ % 6], sizeof ring[0], "%s", line);
  fclose(f);
  for (unsigned i = n > 6 ? n - 6 : 0; i < n; i++) fprintf(stderr, "  | %s", ring[i % 6]);
}

/* Content key of one file: XXH3-64 and size. */
typedef struct corpus_key {
  uint64_t h;
  uint64_t size;
} corpus_key;

static int corpus_key_cmp(const void *a, const void *b) {
  const corpus_key *x = a, *y = b;
  if (x->h != y->h) return x->h < y->h ? -1 : 1;
  return x->size < y->size ? -1 : x->size > y->size;
}

static bool corpus_file_key(const char *path, corpus_key *k) {
  sf_cli_file f;
  if (!sf_cli_read_file(path, &f, "corpus")) return false;
  k->h = (uint64_t)XXH3_64bits(f.data, f.len);
  k->size = f.len;
  sf_cli_file_free(&f);
  return true;
}

/* Keys of every regular file in dir (sorted). */
static corpus_key *corpus_keys(const char *dir, size_t *n) {
  *n = 0;
  corpus_count c = corpus_count_dir(dir);
  corpus_key *keys = calloc(c.files ? c.files : 1, sizeof *keys);
  DIR *d = keys ? opendir(dir) : NULL;
  if (!d) {
    free(keys);
    return NULL;
  }
  struct dirent *e;
  char p[SF_CORPUS_PATH + 300];
  struct stat sb;
  while ((e = readdir(d)) != NULL && *n < c.files) {
    if (e->d_name[0] == '.') continue;
    if (snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p) continue;   /* name too long: skip */
    if (stat(p, &sb) != 0 || !S_ISREG(sb.st_mode)) continue;
    if (corpus_file_key(p, &keys[*n])) (*n)++;
  }
  closedir(d);
  qsort(keys, *n, sizeof *keys, corpus_key_cmp);
  return keys;
}

static void corpus_rm_tree_files(const char *dir) {
  DIR *d = opendir(dir);
  struct dirent *e;
  char p[SF_CORPUS_PATH + 300];
  while (d && (e = readdir(d)) != NULL) {
    if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
    if (snprintf(p, sizeof p, "%s/%s", dir, e->d_name) >= (int)sizeof p) continue;   /* name too long: skip */
    unlink(p);
  }
  if (d) closedir(d);
  rmdir(dir);
}

static void corpus_usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz corpus merge TARGET DIR... [--corpus C] [--bin-dir D]\n"
          "       samplefuzz corpus prune TARGET [--corpus C] [--bin-dir D] [--dry-run]\n"
          "       samplefuzz corpus import FILE|DIR... [-o CORPUS] [--dry-run]   (see corpus import --help)\n"
          "\n"
          "Wraps libFuzzer -merge=1 on the target's libFuzzer binary:\n"
          "  merge  copies the inputs of DIR... that add coverage into the corpus (SHA-1 names);\n"
          "  prune  merges the corpus into an empty folder and removes from the corpus every file\n"
          "         whose bytes were not kept (the kept files keep their names); --dry-run lists them.\n"
          "The corpus is --corpus C, else <source tree>/corpus/TARGET, else ./corpus/TARGET.\n"
          "Binaries: --bin-dir, $SF_FUZZ_BIN_DIR, <dir of samplefuzz>/fuzz, fuzz-work/build/fuzz.\n"
          "Prints file and byte counts before and after. Exit status: 0 done, 1 the engine failed,\n"
          "2 usage or setup errors.\n");
}

int sf_cmd_corpus_import(int argc, char **argv); /* cmd_import.c */

int sf_cli_corpus(int argc, char **argv) {
  if (argc >= 2 && !strcmp(argv[1], "import")) return sf_cmd_corpus_import(argc - 2, argv + 2);
  const char *mode = NULL, *target = NULL, *corpus_opt = NULL, *bin_dir = NULL;
  const char *dirs[SF_CORPUS_MAX_DIRS];
  unsigned ndirs = 0;
  bool dry = false;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      corpus_usage(stdout);
      return 0;
    }
    if (!strcmp(a, "--corpus") || !strcmp(a, "--bin-dir")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "samplefuzz corpus: %s needs a value\n", a);
        return 2;
      }
      *(!strcmp(a, "--corpus") ? &corpus_opt : &bin_dir) = argv[++i];
    } else if (!strcmp(a, "--dry-run")) {
      dry = true;
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "samplefuzz corpus: unknown option '%s' (see --help)\n", a);
      return 2;
    } else if (!mode) {
      mode = a;
    } else if (!target) {
      target = a;
    } else if (ndirs < SF_CORPUS_MAX_DIRS) {
      dirs[ndirs++] = a;
    } else {
      fprintf(stderr, "samplefuzz corpus: at most %u folders\n", SF_CORPUS_MAX_DIRS);
      return 2;
    }
  }
  if (!mode || !target) {
    corpus_usage(stderr);
    return 2;
  }
  bool merge = !strcmp(mode, "merge"), prune = !strcmp(mode, "prune");
  if (!merge && !prune) {
    fprintf(stderr, "samplefuzz corpus: unknown mode '%s' (merge or prune)\n", mode);
    return 2;
  }
  if (!sf_target_find(target)) {
    fprintf(stderr, "samplefuzz corpus: unknown target '%s'\n", target);
    return 2;
  }
  if (merge && ndirs == 0) {
    fprintf(stderr, "samplefuzz corpus: merge needs at least one folder of new inputs\n");
    return 2;
  }
  if (prune && ndirs) {
    fprintf(stderr, "samplefuzz corpus: prune takes no folders (it works on the corpus itself)\n");
    return 2;
  }
  if (dry && !prune) {
    fprintf(stderr, "samplefuzz corpus: --dry-run applies to prune\n");
    return 2;
  }
  for (unsigned i = 0; i < ndirs; i++)
    if (!corpus_is_dir(dirs[i])) {
      fprintf(stderr, "samplefuzz corpus: %s: not a folder\n", dirs[i]);
      return 2;
    }
  char corpus[SF_CORPUS_PATH];
  if (corpus_opt) snprintf(corpus, sizeof corpus, "%s", corpus_opt);
  else if (SF_SOURCE_DIR[0] && snprintf(corpus, sizeof corpus, "%s/corpus/%s", SF_SOURCE_DIR, target) > 0 &&
           corpus_is_dir(corpus)) {
  } else snprintf(corpus, sizeof corpus, "corpus/%s", target);
  if (prune && !corpus_is_dir(corpus)) {
    fprintf(stderr, "samplefuzz corpus: %s: no such corpus folder\n", corpus);
    return 2;
  }
  if (merge && !corpus_is_dir(corpus) && mkdir(corpus, 0777) != 0) {
    fprintf(stderr, "samplefuzz corpus: cannot create %s: %s\n", corpus, strerror(errno));
    return 2;
  }
  char bin[SF_CORPUS_PATH];
  if (!corpus_find_binary(bin_dir, target, bin, sizeof bin)) return 2;

  corpus_count before = corpus_count_dir(corpus);
  printf("corpus %s: %u files, %llu bytes (binary %s)\n", corpus, before.files, before.bytes, bin);
  char tmpl[] = "/tmp/sf-corpus-XXXXXX";   /* the engine log, its control file, prune's merged set */
  char *tmp = mkdtemp(tmpl);
  if (!tmp) {
    fprintf(stderr, "samplefuzz corpus: cannot create a temporary folder: %s\n", strerror(errno));
    return 2;
  }
  char log[SF_CORPUS_PATH + 64], out_dir[SF_CORPUS_PATH + 64], cf[SF_CORPUS_PATH + 64];
  snprintf(log, sizeof log, "%s/libfuzzer.log", tmp);
  snprintf(out_dir, sizeof out_dir, "%s/merged", tmp);
  snprintf(cf, sizeof cf, "-merge_control_file=%s/control", tmp);
  int rc = 1;
  if (merge) {
    unsigned news = 0;
    for (unsigned i = 0; i < ndirs; i++) news += corpus_count_dir(dirs[i]).files;
    char *av[SF_CORPUS_MAX_DIRS + 6];
    unsigned na = 0;
    av[na++] = bin;
    av[na++] = "-merge=1";
    av[na++] = cf;
    av[na++] = corpus;
    for (unsigned i = 0; i < ndirs; i++) av[na++] = (char *)dirs[i];
    av[na] = NULL;
    int erc = corpus_run(av, log);
    corpus_count after = corpus_count_dir(corpus);
    if (erc != 0) {
      fprintf(stderr, "samplefuzz corpus: libFuzzer -merge=1 failed (exit status %d); its log ends with:\n", erc);
      corpus_log_tail(log);
    } else {
      printf("merged %u candidate inputs: %u -> %u files (+%u), %llu -> %llu bytes\n", news, before.files, after.files,
             after.files >= before.files ? after.files - before.files : 0u, before.bytes, after.bytes);
      rc = 0;
    }
  } else {
    if (mkdir(out_dir, 0777) != 0) {
      fprintf(stderr, "samplefuzz corpus: cannot create %s: %s\n", out_dir, strerror(errno));
      rc = 2;
      goto done;
    }
    char *av[] = {bin, "-merge=1", cf, out_dir, corpus, NULL};
    int erc = corpus_run(av, log);
    if (erc != 0) {
      fprintf(stderr, "samplefuzz corpus: libFuzzer -merge=1 failed (exit status %d); its log ends with:\n", erc);
      corpus_log_tail(log);
      goto done;
    }
    size_t nk = 0;
    corpus_key *keep = corpus_keys(out_dir, &nk);
    if (!keep) {
      fprintf(stderr, "samplefuzz corpus: cannot read %s\n", out_dir);
      goto done;
    }
    DIR *d = opendir(corpus);
    struct dirent *e;
    char p[SF_CORPUS_PATH + 300];
    struct stat sb;
    unsigned removed = 0;
    while (d && (e = readdir(d)) != NULL) {
      if (e->d_name[0] == '.') continue;
      if (snprintf(p, sizeof p, "%s/%s", corpus, e->d_name) >= (int)sizeof p) continue;
      corpus_key k;
      if (stat(p, &sb) != 0 || !S_ISREG(sb.st_mode) || !corpus_file_key(p, &k)) continue;
      if (bsearch(&k, keep, nk, sizeof *keep, corpus_key_cmp)) continue;
      if (dry) printf("  would remove %s\n", p);
      else if (unlink(p) != 0) fprintf(stderr, "samplefuzz corpus: cannot remove %s: %s\n", p, strerror(errno));
      removed++;
    }
    if (d) closedir(d);
    free(keep);
    corpus_count after = corpus_count_dir(corpus);
    if (dry) printf("dry run: %u of %u files would be removed (%zu distinct inputs keep the coverage)\n", removed,
                    before.files, nk);
    else
      printf("pruned: %u -> %u files (-%u), %llu -> %llu bytes\n", before.files, after.files, removed, before.bytes,
             after.bytes);
    rc = 0;
  }
done:
  corpus_rm_tree_files(out_dir);
  corpus_rm_tree_files(tmp);
  return rc;
}
