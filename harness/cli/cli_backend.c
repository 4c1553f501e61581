/* harness/cli/cli_backend.c — `--backend NAME|LIB.so` for run, show and replay through the library's
 * loader and registry (include/samplefuzz/backend.h, docs/backends.md). */
#define _XOPEN_SOURCE 700   /* realpath, setenv */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness/cli/cli_backend.h"
#include "samplefuzz/child.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/d3d12.h"
#include "samplefuzz/external.h"

/* The built-in implementations under test: Mesa llvmpipe / softpipe through EGL, and the D3D12 stack
 * (vkd3d on a Vulkan device). Each loads its libraries on open, so listing them costs nothing. */
void sf_cli_backends_register(void) {
  sf_mesa_backends_register();
  sf_d3d12_backends_register();
}

const sf_backend *sf_cli_backend_open(const char *cmd, const char *spec, sf_backend_handle **h) {
  sf_cli_backends_register();
  sf_status st;
  sf_status_clear(&st);
  *h = NULL;
  if (sf_backend_open(spec, h, &st) != SF_OK) {
    fprintf(stderr, "samplefuzz %s: backend refused: %s\n", cmd, st.msg);
    return NULL;
  }
  const sf_backend *be = sf_backend_v1_view(*h);
  if (!be) {
    fprintf(stderr, "samplefuzz %s: %s: no executor view left\n", cmd, sf_backend_name(*h));
    sf_backend_close(*h);
    *h = NULL;
  }
  return be;
}

bool sf_cli_backend_manifest(const char *cmd, const char *name, const char *manifest) {
  char path[PATH_MAX];
  if (!manifest) {
#ifdef SF_SOURCE_DIR
    snprintf(path, sizeof path, "%s/manifests/%s.txt", SF_SOURCE_DIR, name);
    if (access(path, R_OK) != 0) return true;   /* none: every finding is reported */
    manifest = path;
#else
    return true;
#endif
  }
  sf_manifest *m = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_manifest_load(manifest, &m, &st) != SF_OK) {
    fprintf(stderr, "samplefuzz %s: %s\n", cmd, st.msg);
    return false;
  }
  printf("samplefuzz %s: known divergences of %s: %u entr%s from %s\n", cmd, name, sf_manifest_size(m),
         sf_manifest_size(m) == 1 ? "y" : "ies", manifest);
  sf_manifest_free(m);
  char abs[PATH_MAX];
  setenv("SF_MANIFEST", realpath(manifest, abs) ? abs : manifest, 1);
  return true;
}

void sf_cli_manifest_summary(const unsigned long long *line_hits, size_t nlines) {
  sf_backend_diff_stats bs;
  sf_check_backend_stats(&bs);
  const sf_manifest *m = sf_check_backend_manifest();
  sf_manifest *own = NULL;
  if (!m && line_hits) {   /* isolated children did the matching: read the manifest for its lines */
    const char *path = getenv("SF_MANIFEST");
    sf_status st;
    sf_status_clear(&st);
    if (path && *path && sf_manifest_load(path, &own, &st) == SF_OK) m = own;
  }
  if (!m) return;
  unsigned long long total = 0;
  for (size_t l = 0; line_hits && l < nlines; l++) total += line_hits[l];
  printf("known divergences: %llu finding(s) matched the manifest\n", line_hits ? total : bs.known);
  for (unsigned i = 0; i < sf_manifest_size(m); i++) {
    sf_manifest_info info;
    if (!sf_manifest_entry_info(m, i, &info)) continue;
    unsigned long long hits = line_hits ? (info.line < nlines ? line_hits[info.line] : 0) : info.hits;
    if (hits) printf("  line %u x%llu: %s -- %s [%s]\n", info.line, hits, info.pattern, info.reason, info.link);
  }
  sf_manifest_free(own);
}

/* What the probing child reports. */
typedef struct sf_probe_msg {
  int ok;
  char name[256], origin[512], why[SF_STATUS_MSG_MAX];
} sf_probe_msg;

static void sf_probe_child(void *arg, void *out) {
  const char *spec = arg;
  sf_probe_msg *m = out;
  memset(m, 0, sizeof *m);
  sf_cli_backends_register();
  sf_backend_handle *h = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (sf_backend_open(spec, &h, &st) == SF_OK) {
    m->ok = 1;
    snprintf(m->name, sizeof m->name, "%s", sf_backend_name(h));
    snprintf(m->origin, sizeof m->origin, "%s", sf_backend_origin(h));
    sf_backend_close(h);
  } else {
    snprintf(m->why, sizeof m->why, "%s", st.msg);
  }
}

bool sf_cli_backend_probe(const char *cmd, const char *spec, char *name, size_t name_cap, char *origin, size_t origin_cap) {
  sf_cli_backends_register();   /* in the parent too: the children it forks later open by name */
  sf_probe_msg m;
  int detail = 0;
  sf_child_fate fate = sf_child_call(sf_probe_child, (void *)spec, &m, sizeof m, 120, &detail);
  if (fate != SF_CHILD_RETURNED) {
    fprintf(stderr, "samplefuzz %s: backend refused: %s: %s\n", cmd, spec,
            fate == SF_CHILD_NOT_RUN ? "cannot probe it (fork failed)"
            : fate == SF_CHILD_SIGNALED ? "opening it killed the process" : "opening it ended the process");
    if (fate == SF_CHILD_SIGNALED || fate == SF_CHILD_EXITED) fprintf(stderr, "samplefuzz %s: (%s %d)\n", cmd,
                                                                      fate == SF_CHILD_SIGNALED ? "signal" : "status", detail);
    return false;
  }
  m.name[sizeof m.name - 1] = m.origin[sizeof m.origin - 1] = m.why[sizeof m.why - 1] = '\0';
  if (!m.ok) {
    fprintf(stderr, "samplefuzz %s: backend refused: %s\n", cmd, m.why);
    return false;
  }
  snprintf(name, name_cap, "%s", m.name);
  if (origin) snprintf(origin, origin_cap, "%s", m.origin);
  return true;
}
