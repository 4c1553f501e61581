/* cli_util.c — capped file I/O and message formatting for the samplefuzz subcommands. */
#define _POSIX_C_SOURCE 200809L /* fsync, O_CLOEXEC, O_DIRECTORY */
#include "harness/cli/cli_util.h"

#include <ctype.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

bool sf_cli_read_file(const char *path, sf_cli_file *out, const char *cmd) {
  out->data = NULL;
  out->len = 0;
  FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
  if (!f) {
    fprintf(stderr, "samplefuzz %s: %s: %s\n", cmd, path, strerror(errno));
    return false;
  }
  size_t cap = 1 << 16, len = 0;
  uint8_t *buf = malloc(cap + 1);
  bool ok = buf != NULL;
  while (ok) {
    if (len == cap) {
      if (cap >= SF_CLI_MAX_INPUT) {
        fprintf(stderr, "samplefuzz %s: %s: larger than %zu MiB\n", cmd, path, SF_CLI_MAX_INPUT >> 20);
        ok = false;
        break;
      }
      cap *= 2;
      uint8_t *nb = realloc(buf, cap + 1);
      if (!nb) {
        ok = false;
        break;
      }
      buf = nb;
    }
    size_t got = fread(buf + len, 1, cap - len, f);
    len += got;
    if (got == 0) {
      if (ferror(f)) {
        fprintf(stderr, "samplefuzz %s: %s: read error\n", cmd, path);
        ok = false;
      }
      break;
    }
  }
  if (f != stdin) fclose(f);
  if (!ok) {
    if (!buf) fprintf(stderr, "samplefuzz %s: %s: out of memory\n", cmd, path);
    free(buf);
    return false;
  }
  buf[len] = 0;
  out->data = buf;
  out->len = len;
  return true;
}

void sf_cli_file_free(sf_cli_file *f) {
  free(f->data);
  f->data = NULL;
  f->len = 0;
}

/* The injected write fault (SF_FAULT_WRITE=N: the N-th file write of this process fails with
 * ENOSPC), so that tests can show what a full disk does without filling one. */
static bool sf_cli_fault_now(void) {
  static long count = -1, at = 0;
  if (count < 0) {
    const char *e = getenv("SF_FAULT_WRITE");
    at = e ? strtol(e, NULL, 10) : 0;
    count = 0;
  }
  return at > 0 && ++count == at;
}

/* Writes all of data to fd (short writes and EINTR retried). */
static bool sf_cli_write_all(int fd, const uint8_t *p, size_t len) {
  if (sf_cli_fault_now()) {
    errno = ENOSPC;
    return false;
  }
  while (len) {
    ssize_t k = write(fd, p, len);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) {
      if (k == 0) errno = EIO;
      return false;
    }
    p += k;
    len -= (size_t)k;
  }
  return true;
}

bool sf_cli_write_file(const char *path, const void *data, size_t len, const char *cmd) {
  if (!strcmp(path, "-")) {
    if (len && fwrite(data, 1, len, stdout) != len) {
      fprintf(stderr, "samplefuzz %s: cannot write to stdout\n", cmd);
      return false;
    }
    return true;
  }
  /* Atomic: a temporary file beside the target (unique per process), written, fsync'ed, renamed
   * over the target, then the directory fsync'ed. A crash or a full disk leaves either the old file
   * or the new one, never a partial one; the temporary is removed on any error. */
  size_t n = strlen(path) + 32;
  char *tmp = malloc(n);
  if (!tmp) return false;
  snprintf(tmp, n, "%s.tmp-%ld~", path, (long)getpid());
  int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  bool ok = fd >= 0;
  if (ok && len) ok = sf_cli_write_all(fd, data, len);
  if (ok) ok = fsync(fd) == 0;
  int err = ok ? 0 : errno;
  if (fd >= 0 && close(fd) != 0 && ok) {
    ok = false;
    err = errno;
  }
  if (ok && rename(tmp, path) != 0) {
    ok = false;
    err = errno;
  }
  if (ok) {
    /* the rename itself is durable once the directory is synced */
    char *dir = malloc(strlen(path) + 2);
    if (dir) {
      strcpy(dir, path);
      char *slash = strrchr(dir, '/');
      if (slash == dir) slash[1] = 0;
      else if (slash) *slash = 0;
      else strcpy(dir, ".");
      int dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
      if (dfd >= 0) {
        (void)fsync(dfd);
        close(dfd);
      }
      free(dir);
    }
  } else {
    fprintf(stderr, "samplefuzz %s: %s: cannot write: %s (the previous file, if any, is unchanged)\n", cmd, path,
            strerror(err ? err : EIO));
    unlink(tmp);
  }
  free(tmp);
  return ok;
}

bool sf_cli_has_ext(const char *path, const char *ext) {
  size_t pl = strlen(path), el = strlen(ext);
  if (pl < el) return false;
  for (size_t i = 0; i < el; i++)
    if (tolower((unsigned char)path[pl - el + i]) != tolower((unsigned char)ext[i])) return false;
  return true;
}

const char *sf_cli_status_suffix(const sf_status *st, char *buf, size_t n) {
  char inner[300];
  sf_status_format(st, inner, sizeof inner);
  if (st && st->pos_kind == SF_POS_TEXT) snprintf(buf, n, "%s", inner);
  else snprintf(buf, n, " %s", inner);
  return buf;
}

bool sf_cli_binary_has(const char *path, const char *needle) {
  FILE *f = fopen(path, "rb");
  if (!f) return false;
  size_t nl = strlen(needle), cap = 1 << 16;
  if (nl == 0 || nl > cap) {
    fclose(f);
    return false;
  }
  char *buf = malloc(cap + nl);
  bool found = false;
  size_t keep = 0, total = 0;
  while (buf && !found && total < ((size_t)256 << 20)) {
    size_t k = fread(buf + keep, 1, cap, f);
    if (k == 0) break;
    total += k;
    size_t have = keep + k;
    for (size_t i = 0; i + nl <= have; i++) {
      if (buf[i] == needle[0] && memcmp(buf + i, needle, nl) == 0) {
        found = true;
        break;
      }
    }
    keep = have < nl ? have : nl - 1;
    memmove(buf, buf + have - keep, keep);
  }
  free(buf);
  fclose(f);
  return found;
}

uint64_t sf_cli_splitmix(uint64_t *s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

void sf_cli_splitmix_fill(uint64_t *s, uint8_t *buf, size_t n) {
  for (size_t k = 0; k < n; k += 8) {
    uint64_t r = sf_cli_splitmix(s);
    memcpy(buf + k, &r, n - k < 8 ? n - k : 8);
  }
}

bool sf_cli_mkdirs(const char *path) {
  char tmp[4096];
  if (!path || !*path) {
    errno = ENOENT;
    return false;
  }
  if (snprintf(tmp, sizeof tmp, "%s", path) >= (int)sizeof tmp) {
    errno = ENAMETOOLONG;
    return false;
  }
  for (char *p = tmp + 1; *p; p++) {
    if (*p != '/') continue;
    *p = '\0';
    if (mkdir(tmp, 0777) != 0 && errno != EEXIST) return false;
    *p = '/';
  }
  return mkdir(tmp, 0777) == 0 || errno == EEXIST;
}
