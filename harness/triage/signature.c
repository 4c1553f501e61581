/* harness/triage/signature.c — symbolic signatures, XXH3-64 bucket ids and failure reports
 * (docs/design.md "Triage"; docs/fuzzing.md for the ClusterFuzz ASSERT line format,
 * §5.3 and §5.5 for why the key is decoded fields hashed with the shared libxxhash). */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "samplefuzz/triage.h"

const char *sf_triage_signature(const sf_verdict *v, char *buf, size_t n) {
  if (n == 0) return buf;
  if (v->kind != SF_VERDICT_FAIL) {
    snprintf(buf, n, "%s-%s", v->oracle[0] ? v->oracle : "none", sf_verdict_kind_name(v->kind));
    return buf;
  }
  snprintf(buf, n, "%s-%s-%s-%s%s%s", v->oracle[0] ? v->oracle : "none", v->check[0] ? v->check : "none",
           v->family[0] ? v->family : "none", v->op[0] ? v->op : "none", v->feature[0] ? "-" : "",
           v->feature);
  return buf;
}

uint64_t sf_triage_bucket(const sf_verdict *v) {
  char sig[SF_SIGNATURE_MAX];
  char text[SF_SIGNATURE_MAX + SF_VERDICT_KEY_MAX + 2];
  sf_triage_signature(v, sig, sizeof sig);
  int k = snprintf(text, sizeof text, "%s\n%s", sig, v->key);
  size_t len = k < 0 ? 0 : ((size_t)k < sizeof text ? (size_t)k : sizeof text - 1);
  return (uint64_t)XXH3_64bits(text, len);
}

const char *sf_triage_cpu_flags(char *buf, size_t n) {
  if (n == 0) return buf;
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
  struct {
    const char *name;
    int on;
  } f[] = {
    {"sse2", __builtin_cpu_supports("sse2")},       {"sse4.1", __builtin_cpu_supports("sse4.1")},
    {"avx", __builtin_cpu_supports("avx")},         {"avx2", __builtin_cpu_supports("avx2")},
    {"fma", __builtin_cpu_supports("fma")},         {"bmi2", __builtin_cpu_supports("bmi2")},
    {"avx512f", __builtin_cpu_supports("avx512f")}, {"avx512bw", __builtin_cpu_supports("avx512bw")},
    {"avx512vl", __builtin_cpu_supports("avx512vl")}, {"avx512dq", __builtin_cpu_supports("avx512dq")},
  };
  size_t o = 0;
  buf[0] = '\0';
  for (size_t i = 0; i < sizeof f / sizeof f[0] && o + 1 < n; i++) {
    int k = snprintf(buf + o, n - o, "%s%s%s", i ? " " : "", f[i].on ? "" : "-", f[i].name);
    if (k < 0) break;
    o += (size_t)k < n - o ? (size_t)k : n - o - 1;
  }
#else
  snprintf(buf, n, "(not x86: no SIMD backends)");
#endif
  return buf;
}

void sf_triage_report(FILE *out, const sf_verdict *v, const char *target, const char *input) {
  char sig[SF_SIGNATURE_MAX], cpu[160];
  sf_triage_signature(v, sig, sizeof sig);
  /* The symbolic line comes first and alone: ClusterFuzz's ASSERT regex keys on it. */
  fprintf(out, "Assertion failure: %s\n", sig);
  if (target) fprintf(out, "target:   %s\n", target);
  if (input) fprintf(out, "input:    %s\n", input);
  fprintf(out, "bucket:   %016" PRIx64 "\n", sf_triage_bucket(v));
  fprintf(out, "key:      %s\n", v->key[0] ? v->key : "(none)");
  fprintf(out, "cpu:      %s\n", sf_triage_cpu_flags(cpu, sizeof cpu));
  fprintf(out, "backends: %s\n", v->backends[0] ? v->backends : "(none: codec check)");
  if (v->dump_len) {
    fputs(v->dump, out);
    if (v->dump[v->dump_len - 1] != '\n') fputc('\n', out);
  }
  fflush(out);
}
