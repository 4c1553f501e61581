/* cli_util.h — small helpers shared by the samplefuzz subcommands: capped file I/O, status
 * formatting with the input's name, extension tests. */
#ifndef SF_CLI_UTIL_H
#define SF_CLI_UTIL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/status.h"

#define SF_CLI_MAX_INPUT ((size_t)256 << 20)  /* refuse inputs above 256 MiB */

typedef struct sf_cli_file {
  uint8_t *data;  /* NUL-terminated copy (data[len] == 0), so text parsers may use it as a string */
  size_t len;
} sf_cli_file;

/* Reads a whole file (or stdin for "-"). On failure prints "samplefuzz <cmd>: <path>: <why>". */
bool sf_cli_read_file(const char *path, sf_cli_file *out, const char *cmd);
void sf_cli_file_free(sf_cli_file *f);
/* Writes a file atomically and durably: a per-process temporary beside it, fsync, rename, fsync of
 * the directory. On any error (a full disk, EIO, a short write) the previous file is unchanged, the
 * temporary is removed, and the error is printed naming the file. "-" writes to stdout.
 * SF_FAULT_WRITE=N makes the N-th write of the process fail with ENOSPC (tests). */
bool sf_cli_write_file(const char *path, const void *data, size_t len, const char *cmd);
/* mkdir -p: creates path and every missing parent (mode 0777 before the umask). False with errno
 * set when one cannot be made (ENAMETOOLONG past 4095 bytes); an existing directory is fine. */
bool sf_cli_mkdirs(const char *path);
/* True when path ends with ext (case-insensitive). */
bool sf_cli_has_ext(const char *path, const char *ext);
/* Formats st as "LINE:COL: ..." or " byte 0x..: ..." for appending after "FILE:". */
const char *sf_cli_status_suffix(const sf_status *st, char *buf, size_t n);
/* True when the file at path contains the byte string needle (read in bounded chunks, at most
 * 256 MiB): how the subcommands tell a libFuzzer build of a target from a replay build. */
bool sf_cli_binary_has(const char *path, const char *needle);

/* splitmix64: the seeded stream of `gen` and `bench` (the same seed gives the same inputs). */
uint64_t sf_cli_splitmix(uint64_t *s);
/* buf[0..n) from the stream, 8 bytes per draw (little-endian on the hosts we build for). */
void sf_cli_splitmix_fill(uint64_t *s, uint8_t *buf, size_t n);

#endif
