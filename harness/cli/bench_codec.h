/* harness/cli/bench_codec.h — the codec jobs of `samplefuzz bench` (bench_codec.c). */
#ifndef SF_CLI_BENCH_CODEC_H
#define SF_CLI_BENCH_CODEC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/dxbc.h"
#include "samplefuzz/inst.h"
#include "samplefuzz/sampler.h"

#define CJ_INSTS 512

/* A fixed set of generated valid instructions and their encodings and text. */
typedef struct codec_job {
  sf_inst insts[CJ_INSTS];       /* vISA-family instructions */
  unsigned n;
  uint8_t *bin;                  /* their encodings back to back */
  size_t bin_len;
  char *text;                    /* their printed lines, NUL-separated */
  size_t text_len;
  sf_d3d_inst d3d[CJ_INSTS];
  unsigned nd3d;
  uint32_t tok[CJ_INSTS][SF_TPF_MAX_INST_LEN];
  size_t toklen[CJ_INSTS];
  char (*d3dtext)[256];
} codec_job;

/* Generates the set (seeded, so every run measures the same instructions). False on failure. */
bool codec_init(codec_job *c);
void codec_free(codec_job *c);
/* One pass of a codec over the set (the `job` pass signature of cmd_bench.c; be is unused). */
bool cj_encode(void *ctx, const sf_backend *be, uint64_t *sink);
bool cj_decode(void *ctx, const sf_backend *be, uint64_t *sink);
bool cj_print(void *ctx, const sf_backend *be, uint64_t *sink);
bool cj_parse(void *ctx, const sf_backend *be, uint64_t *sink);
bool cj_tpf_encode(void *ctx, const sf_backend *be, uint64_t *sink);
bool cj_tpf_decode(void *ctx, const sf_backend *be, uint64_t *sink);
bool cj_d3d_print(void *ctx, const sf_backend *be, uint64_t *sink);
bool cj_d3d_parse(void *ctx, const sf_backend *be, uint64_t *sink);

#endif
