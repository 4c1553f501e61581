/* harness/cli/cli_backend.h — `--backend NAME|LIB.so` for every subcommand, through the library's one
 * loader and registry (include/samplefuzz/backend.h). */
#ifndef SF_CLI_BACKEND_H
#define SF_CLI_BACKEND_H

#include <stdbool.h>
#include <stddef.h>

#include "samplefuzz/backend.h"

/* Registers the providers of built-ins above the sampler layer (Mesa llvmpipe/softpipe). Idempotent. */
void sf_cli_backends_register(void);
/* Opens spec (a built-in name or a plug-in path); prints "samplefuzz CMD: <reason>" and returns NULL
 * on a refusal. *h receives the handle to close with sf_backend_close. */
const sf_backend *sf_cli_backend_open(const char *cmd, const char *spec, sf_backend_handle **h);

/* Opens spec in a child process and reports its name and origin (or prints "samplefuzz CMD: backend
 * refused: <reason>" and returns false). A campaign or a replay that later forks isolated children
 * must not have initialized a driver (Mesa, Vulkan) in the parent: its threads do not survive the
 * fork and a child can block on a lock they held. */
bool sf_cli_backend_probe(const char *cmd, const char *spec, char *name, size_t name_cap, char *origin, size_t origin_cap);

/* The known-divergence manifest of backend `name` (docs/backends.md "Known divergences"): `manifest`
 * when given, else manifests/<name>.txt of the source tree when it exists. It is read once here, so a
 * bad one is refused before any work ("samplefuzz CMD: manifest F:L:C: ..."); the path goes to the
 * checks as $SF_MANIFEST. Returns false on a refusal. */
bool sf_cli_backend_manifest(const char *cmd, const char *name, const char *manifest);
/* Prints the manifest entries that matched findings, with their counts: line_hits[L] per manifest
 * line L when given (counted from the verdicts, e.g. of isolated children), else this process's
 * own counts. */
#define SF_CLI_MANIFEST_LINES 4096u
void sf_cli_manifest_summary(const unsigned long long *line_hits, size_t nlines);

#endif
