/* harness/cli/bench_codec.c — the codec jobs of `samplefuzz bench` (cmd_bench.c): encode, decode,
 * print and parse of generated valid vISA and D3D instructions, one pass over a fixed set per call. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/bench_codec.h"
#include "harness/cli/cli_util.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"

bool cj_encode(void *ctx, const sf_backend *be, uint64_t *sink) {
  (void)be;
  codec_job *c = ctx;
  sf_status st;
  sf_buf b;
  sf_buf_init(&b, &st);
  for (unsigned i = 0; i < c->n; i++)
    if (sf_visa_encode(&c->insts[i], &b, &st) != SF_OK) {
      sf_buf_free(&b);
      return false;
    }
  *sink += b.len;
  sf_buf_free(&b);
  return true;
}
bool cj_decode(void *ctx, const sf_backend *be, uint64_t *sink) {
  (void)be;
  codec_job *c = ctx;
  sf_status st;
  size_t at = 0;
  for (unsigned i = 0; i < c->n; i++) {
    sf_inst in;
    size_t used = 0;
    if (sf_visa_decode(c->bin + at, c->bin_len - at, at, &in, &used, &st) != SF_OK || used == 0) return false;
    at += used;
  }
  *sink += at;
  return true;
}
bool cj_print(void *ctx, const sf_backend *be, uint64_t *sink) {
  (void)be;
  codec_job *c = ctx;
  sf_status st;
  char line[1024];
  for (unsigned i = 0; i < c->n; i++) {
    if (sf_visa_print(&c->insts[i], NULL, line, sizeof line, &st) != SF_OK) return false;
    *sink += (uint8_t)line[0];
  }
  return true;
}
bool cj_parse(void *ctx, const sf_backend *be, uint64_t *sink) {
  (void)be;
  codec_job *c = ctx;
  sf_status st;
  const char *p = c->text;
  for (unsigned i = 0; i < c->n; i++) {
    size_t len = strlen(p);
    sf_inst in;
    if (sf_visa_parse(p, len, NULL, &in, &st) != SF_OK) return false;
    *sink += in.family;
    p += len + 1;
  }
  return true;
}
bool cj_tpf_encode(void *ctx, const sf_backend *be, uint64_t *sink) {
  (void)be;
  codec_job *c = ctx;
  sf_status st;
  uint32_t tok[SF_TPF_MAX_INST_LEN];
  for (unsigned i = 0; i < c->nd3d; i++) {
    size_t len = 0;
    if (sf_tpf_encode_inst(&c->d3d[i], tok, &len, &st) != SF_OK) return false;
    *sink += len;
  }
  return true;
}
bool cj_tpf_decode(void *ctx, const sf_backend *be, uint64_t *sink) {
  (void)be;
  codec_job *c = ctx;
  sf_status st;
  for (unsigned i = 0; i < c->nd3d; i++) {
    sf_d3d_inst d;
    size_t used = 0;
    if (sf_tpf_decode_inst(c->tok[i], c->toklen[i], 0, &d, &used, &st) != SF_OK) return false;
    *sink += used;
  }
  return true;
}
bool cj_d3d_print(void *ctx, const sf_backend *be, uint64_t *sink) {
  (void)be;
  codec_job *c = ctx;
  sf_status st;
  char line[256];
  for (unsigned i = 0; i < c->nd3d; i++) {
    if (sf_d3dasm_print_inst(&c->d3d[i], line, sizeof line, &st) != SF_OK) return false;
    *sink += (uint8_t)line[0];
  }
  return true;
}
bool cj_d3d_parse(void *ctx, const sf_backend *be, uint64_t *sink) {
  (void)be;
  codec_job *c = ctx;
  sf_status st;
  for (unsigned i = 0; i < c->nd3d; i++) {
    sf_d3d_inst d;
    if (sf_d3dasm_parse_inst(c->d3dtext[i], strlen(c->d3dtext[i]), 1, &d, &st) != SF_OK) return false;
    *sink += d.op;
  }
  return true;
}

/* Generates valid instructions (fixed seed) and keeps those every codec step accepts, so each job
 * measures successful work. */
bool codec_init(codec_job *c) {
  memset(c, 0, sizeof *c);
  c->d3dtext = calloc(CJ_INSTS, sizeof *c->d3dtext);
  if (!c->d3dtext) return false;
  uint8_t bytes[4096];
  uint64_t seed = 0x434f4445u;
  sf_status st;
  sf_buf bin, txt;
  sf_buf_init(&bin, &st);
  sf_buf_init(&txt, &st);
  static const sf_family fams[3] = {SF_FAMILY_SAMPLE_UNORM, SF_FAMILY_SAMPLE_3D, SF_FAMILY_AVS};
  for (unsigned tries = 0; tries < 8 * CJ_INSTS && (c->n < CJ_INSTS || c->nd3d < CJ_INSTS); tries++) {
    for (size_t i = 0; i < sizeof bytes; i++) bytes[i] = (uint8_t)sf_cli_splitmix(&seed);
    sf_fdp f;
    sf_fdp_init(&f, bytes, sizeof bytes);
    bool d3d = tries & 1;
    sf_inst in;
    if (sf_gen_inst(&f, d3d ? SF_FAMILY_D3D : fams[(tries / 2) % 3], SF_GEN_VALID, &in) != SF_OK) continue;
    if (d3d && c->nd3d < CJ_INSTS) {
      unsigned k = c->nd3d;
      if (sf_tpf_encode_inst(&in.d3d, c->tok[k], &c->toklen[k], &st) != SF_OK) continue;
      if (sf_d3dasm_print_inst(&in.d3d, c->d3dtext[k], sizeof c->d3dtext[k], &st) != SF_OK) continue;
      sf_d3d_inst d;
      if (sf_d3dasm_parse_inst(c->d3dtext[k], strlen(c->d3dtext[k]), 1, &d, &st) != SF_OK) continue;
      c->d3d[k] = in.d3d;
      c->nd3d++;
    } else if (!d3d && c->n < CJ_INSTS) {
      char line[1024];
      sf_inst back;
      size_t before = bin.len;
      if (sf_visa_encode(&in, &bin, &st) != SF_OK) {
        bin.len = before;
        bin.failed = false;
        continue;
      }
      if (sf_visa_print(&in, NULL, line, sizeof line, &st) != SF_OK ||
          sf_visa_parse(line, strlen(line), NULL, &back, &st) != SF_OK) {
        bin.len = before;
        continue;
      }
      sf_buf_put(&txt, line, strlen(line) + 1);
      c->insts[c->n++] = in;
    }
  }
  c->bin = bin.data;
  c->bin_len = bin.len;
  c->text = (char *)txt.data;
  c->text_len = txt.len;
  return !bin.failed && !txt.failed;
}

void codec_free(codec_job *c) {
  free(c->bin);
  free(c->text);
  free(c->d3dtext);
}

