/* harness/sys/child.c — sf_child_call (include/samplefuzz/child.h): one call in a forked child, so
 * that an implementation under test, a plug-in or an isolated replay that crashes or hangs becomes a
 * status, not the end of the caller. Operating-system plumbing, so it sits in harness/sys (layer 0,
 * beside the instruction model, which does not use it). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

#include "samplefuzz/child.h"

static int sf_child_write_all(int fd, const void *p, size_t n) {
  const uint8_t *b = p;
  while (n) {
    ssize_t k = write(fd, b, n);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) return 0;
    b += k;
    n -= (size_t)k;
  }
  return 1;
}

static size_t sf_child_read_all(int fd, void *p, size_t n) {
  uint8_t *b = p;
  size_t got = 0;
  while (got < n) {
    ssize_t k = read(fd, b + got, n - got);
    if (k < 0 && errno == EINTR) continue;
    if (k <= 0) break;
    got += (size_t)k;
  }
  return got;
}

sf_child_fate sf_child_call(void (*fn)(void *arg, void *out), void *arg, void *out, size_t out_size, unsigned seconds,
                            int *detail) {
  if (detail) *detail = 0;
  int fd[2];
  if (pipe(fd) != 0) return SF_CHILD_NOT_RUN;
  fflush(NULL);
  pid_t pid = fork();
  if (pid < 0) {
    close(fd[0]);
    close(fd[1]);
    return SF_CHILD_NOT_RUN;
  }
  if (pid == 0) {
    close(fd[0]);
    if (seconds) alarm(seconds);
    fn(arg, out);
    fflush(NULL);
    _exit(sf_child_write_all(fd[1], out, out_size) ? 0 : 3);
  }
  close(fd[1]);
  size_t got = sf_child_read_all(fd[0], out, out_size);
  close(fd[0]);
  int ws = 0;
  while (waitpid(pid, &ws, 0) < 0 && errno == EINTR) {
  }
  if (got == out_size && WIFEXITED(ws) && WEXITSTATUS(ws) == 0) return SF_CHILD_RETURNED;
  if (WIFSIGNALED(ws)) {
    if (detail) *detail = WTERMSIG(ws);
    return SF_CHILD_SIGNALED;
  }
  if (detail) *detail = WIFEXITED(ws) ? WEXITSTATUS(ws) : -1;
  return SF_CHILD_EXITED;
}
