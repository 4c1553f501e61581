/* scripts/trace_cost/main.c — runs one target's checks once over every file of a folder (its seed
 * corpus) and prints the traced comparisons per input; `--sites FILE` writes them per call site.
 *   trace_cost TARGET DIR [--sites FILE] */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/oracle.h"
#include "scripts/trace_cost/count.h"

#define MAX_FILE (1u << 20)

int main(int argc, char **argv) {
  if (argc != 3 && !(argc == 5 && strcmp(argv[3], "--sites") == 0)) {
    fprintf(stderr, "usage: trace_cost TARGET DIR [--sites FILE]\n");
    return 2;
  }
  const sf_target *t = sf_target_find(argv[1]);
  if (!t) {
    fprintf(stderr, "trace_cost: no target %s\n", argv[1]);
    return 2;
  }
  if (t->init) {
    sf_status st;
    sf_status_clear(&st);
    if (t->init(&st) != SF_OK) return fprintf(stderr, "trace_cost: %s: init failed\n", argv[1]), 2;
  }
  DIR *d = opendir(argv[2]);
  if (!d) return fprintf(stderr, "trace_cost: cannot open %s\n", argv[2]), 2;
  uint8_t *buf = malloc(MAX_FILE);
  static sf_verdict v;
  unsigned long long inputs = 0, failed = 0;
  struct dirent *e;
  while (buf && (e = readdir(d)) != NULL) {
    if (e->d_name[0] == '.') continue;
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", argv[2], e->d_name);
    FILE *f = fopen(path, "rb");
    if (!f) continue;
    size_t n = fread(buf, 1, MAX_FILE, f);
    fclose(f);
    sf_tc_on = 1;
    failed += sf_target_run(t, buf, n, &v) == SF_VERDICT_FAIL;
    sf_tc_on = 0;
    inputs++;
  }
  closedir(d);
  free(buf);
  if (!inputs) return fprintf(stderr, "trace_cost: no input in %s\n", argv[2]), 2;
  printf("%-22s %6llu inputs %12.0f traced comparisons per input%s\n", argv[1], inputs,
         (double)sf_tc_total_calls() / (double)inputs, failed ? "  (some inputs FAILED their checks)" : "");
  if (argc == 5) {
    FILE *out = fopen(argv[4], "w");
    if (!out) return fprintf(stderr, "trace_cost: cannot write %s\n", argv[4]), 2;
    sf_tc_dump_sites(out, inputs);
    fclose(out);
  }
  return failed ? 1 : 0;
}
