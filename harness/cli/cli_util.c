/* cli_util.c — capped file I/O and message formatting for the samplefuzz subcommands. */
#include "harness/cli/cli_util.h"

#include <ctype.h>
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

bool sf_cli_write_file(const char *path, const void *data, size_t len, const char *cmd) {
  if (!strcmp(path, "-")) {
    if (len && fwrite(data, 1, len, stdout) != len) {
      fprintf(stderr, "samplefuzz %s: cannot write to stdout\n", cmd);
      return false;
    }
    return true;
  }
  size_t n = strlen(path) + 8;
  char *tmp = malloc(n);
  if (!tmp) return false;
  snprintf(tmp, n, "%s.tmp~", path);
  FILE *f = fopen(tmp, "wb");
  bool ok = f != NULL;
  if (ok && len) ok = fwrite(data, 1, len, f) == len;
  if (f && fclose(f) != 0) ok = false;
  if (ok && rename(tmp, path) != 0) ok = false;
  if (!ok) {
    fprintf(stderr, "samplefuzz %s: %s: %s\n", cmd, path, strerror(errno));
    remove(tmp);
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
