/* oracles/checks/targets.c — the table of fuzz targets: stable names (corpus keys,
 * DESIGN principle 5) mapped to the check each one runs. fuzz/<target>.c, `samplefuzz replay` and
 * `samplefuzz triage` all go through this table, so a reproducer means the same thing everywhere. */
#include <string.h>

#include "samplefuzz/case.h"
#include "samplefuzz/oracle.h"

static bool sf_target_visa_bin(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_visa_bin(data, size, v);
}

static bool sf_target_visa_text(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_visa_text((const char *)data, size, v);
}

static bool sf_target_dxbc(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_dxbc(data, size, v);
}

static bool sf_target_d3dasm(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_d3dasm((const char *)data, size, v);
}

static bool sf_target_sample_diff(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_sample_diff(data, size, v);
}

static bool sf_target_pipeline(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_pipeline(data, size, v);
}

static bool sf_target_isa_file(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_isa_file(data, size, v);
}

static bool sf_target_textcase(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_textcase(data, size, v);
}

static bool sf_target_manifest(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_manifest(data, size, v);
}

static bool sf_target_plugin(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_plugin(data, size, v);
}

static bool sf_target_backend_diff(const uint8_t *data, size_t size, sf_verdict *v) {
  return sf_check_backend_diff(data, size, v);
}

const sf_target sf_targets[] = {
  {"visa_bin_fuzzer", sf_target_visa_bin, SF_CHECK_MAX_BIN,
   "bytes -> vISA decode; encode/decode, canonical form and text views round-trip", NULL},
  {"visa_text_fuzzer", sf_target_visa_text, SF_CHECK_MAX_TEXT,
   "vISA text -> parse; print/parse fixed point; encode/decode identity", NULL},
  {"dxbc_fuzzer", sf_target_dxbc, SF_CHECK_MAX_BIN,
   "bytes -> DXBC container / SHDR program / TPF tokens; round trips; wrap -> read back", NULL},
  {"d3dasm_fuzzer", sf_target_d3dasm, SF_CHECK_MAX_TEXT,
   "fxc / vkd3d asm text -> parse; print/parse fixed point; encode/decode; wrap -> read back", NULL},
  {"sample_diff_fuzzer", sf_target_sample_diff, SF_CASE_MAX_SIZE,
   "structured case on every backend: bit-identical results, all-error-or-none, sampler invariants", NULL},
  {"pipeline_fuzzer", sf_target_pipeline, SF_CASE_MAX_SIZE,
   "generated case through every codec view; decoded and parsed forms execute identically", NULL},
  {"isa_file_fuzzer", sf_target_isa_file, SF_CHECK_MAX_ISA,
   ".isa file -> read; write/read fixed point; whole-file text print/parse fixed point", NULL},
  {"textcase_fuzzer", sf_target_textcase, SF_CHECK_MAX_TEXTCASE,
   "hand-written case text -> parse; positioned refusals; every backend gives the same machine state", NULL},
  {"backend_diff_fuzzer", sf_target_backend_diff, SF_CASE_MAX_SIZE,
   "structured case as a sample batch on $SF_BACKEND and the reference, both judged by the spec verifier",
   sf_check_backend_init},
  {"manifest_fuzzer", sf_target_manifest, SF_CHECK_MAX_MANIFEST,
   "known-divergence manifest -> read; positioned refusals; one line more in front moves everything one line down",
   NULL},
  {"plugin_fuzzer", sf_target_plugin, SF_CHECK_MAX_PLUGIN,
   "a hostile implementation under test (table, caps, precision, answers) -> loader checks and the judge's verdict",
   NULL},
};
const size_t sf_target_count = sizeof sf_targets / sizeof sf_targets[0];

const sf_target *sf_target_find(const char *name) {
  if (!name) return NULL;
  for (size_t i = 0; i < sf_target_count; i++) {
    if (strcmp(sf_targets[i].name, name) == 0) return &sf_targets[i];
  }
  return NULL;
}

const sf_target *sf_target_from_path(const char *path) {
  if (!path) return NULL;
  const sf_target *found = NULL;
  /* The last matching component wins (".../corpus/visa_bin_fuzzer/x"). */
  for (const char *c = path; *c;) {
    const char *end = strchr(c, '/');
    size_t len = end ? (size_t)(end - c) : strlen(c);
    for (size_t i = 0; i < sf_target_count; i++) {
      size_t tl = strlen(sf_targets[i].name);
      if (len == tl && strncmp(c, sf_targets[i].name, tl) == 0) found = &sf_targets[i];
    }
    if (!end) break;
    c = end + 1;
  }
  return found;
}

sf_verdict_kind sf_target_run(const sf_target *t, const uint8_t *data, size_t size, sf_verdict *v) {
  static const uint8_t sf_empty[1] = {0};
  if (!data) {
    data = sf_empty;
    size = 0;
  }
  if (size > t->max_len) size = t->max_len;
  t->run(data, size, v);
  return v->kind;
}
