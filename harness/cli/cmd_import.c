/* harness/cli/cmd_import.c — `samplefuzz corpus import FILE|DIR... [-o CORPUS] [--dry-run]`.
 *
 * Turns real programs into seeds: every sample-family instruction in a DXBC container, an fxc-style
 * asm listing, a vISA .isa file or a .visaasm file becomes seeds for the targets that read that
 * form, and the whole program becomes a seed for the target that reads whole programs:
 *
 *   DXBC container / fxc asm   dxbc_fuzzer: the container (or the SHDR/SHEX body of a listing) and
 *                              each sample instruction's tokens as stored; d3dasm_fuzzer: each
 *                              instruction's asm line and a container's whole text (`.dxbc`,
 *                              docs/dxbc.md §10). (The whole program keeps the declarations that
 *                              give the resource dimension and return type.)
 *   .isa / .visaasm            isa_file_fuzzer: the whole file written back as .isa, and as text
 *                              (a .visaasm file's own text, an .isa file's printed text);
 *                              visa_bin_fuzzer: each instruction's bytes; visa_text_fuzzer: each
 *                              instruction's text line. Seeds over a target's cap are left out.
 *
 * Each seed is run through its target's checks before it is written. A seed that passes is written
 * to CORPUS/<target>/<XXH3-64 of its bytes> (atomically; a name that exists is a duplicate); one that
 * fails is a finding and goes to CORPUS/../import-findings/<target>/ instead, with a line naming the
 * check. The summary counts files found, imported and skipped, seeds written, duplicates and
 * findings, and says why each skipped file was skipped. Exit status: 0 done, 1 a finding, 2 usage. */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <xxhash.h>

#include "harness/cli/cli_util.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/visa.h"

#define IMPORT_MAX_FILES 100000u   /* files taken from the arguments, folders included */
#define IMPORT_MAX_DEPTH 16        /* folder nesting followed */
#define IMPORT_MAX_REASONS 32      /* distinct skip reasons kept for the summary */

typedef struct import_ctx {
  const char *out;       /* corpus root */
  char findings[4096];   /* findings root */
  bool dry_run;
  unsigned files, imported, skipped, seeds, dups, findings_n, write_errors, over_cap;
  struct { char why[160]; unsigned n; } reasons[IMPORT_MAX_REASONS];
  unsigned nreasons;
  uint64_t *seen;        /* seeds of this run (target and content hash), open addressing, 0 = empty */
  size_t seen_cap, seen_n;
} import_ctx;

/* True when this run has met the seed already (so --dry-run counts duplicates as a real run would).
 * Without memory for the set, every seed counts as new. */
static bool seen_before(import_ctx *c, uint64_t key) {
  if (key == 0) key = 1;
  if (2 * (c->seen_n + 1) > c->seen_cap) {
    size_t cap = c->seen_cap ? 2 * c->seen_cap : 1024;
    uint64_t *t = calloc(cap, sizeof *t);
    if (!t) return false;
    for (size_t i = 0; i < c->seen_cap; i++) {
      if (!c->seen[i]) continue;
      size_t j = (size_t)(c->seen[i] & (cap - 1));
      while (t[j]) j = (j + 1) & (cap - 1);
      t[j] = c->seen[i];
    }
    free(c->seen);
    c->seen = t, c->seen_cap = cap;
  }
  size_t j = (size_t)(key & (c->seen_cap - 1));
  for (; c->seen[j]; j = (j + 1) & (c->seen_cap - 1))
    if (c->seen[j] == key) return true;
  c->seen[j] = key, c->seen_n++;
  return false;
}

static void skip(import_ctx *c, const char *path, const char *why) {
  c->skipped++;
  fprintf(stderr, "samplefuzz corpus import: %s: skipped: %s\n", path, why);
  /* Group reasons by their text with each number that stands alone (a position such as "byte 0x1c"
   * or "line 12") written as '#', so positions do not split a reason; "RTS0" stays as it is. */
  char key[160];
  size_t k = 0;
  for (const char *p = why; *p && k + 1 < sizeof key; p++) {
    bool alone = isdigit((unsigned char)*p) && (p == why || !isalnum((unsigned char)p[-1]));
    if (!alone) { key[k++] = *p; continue; }
    key[k++] = '#';
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X') && isxdigit((unsigned char)p[2])) p += 2;
    while (isxdigit((unsigned char)p[1])) p++;
  }
  key[k] = 0;
  for (unsigned i = 0; i < c->nreasons; i++)
    if (!strcmp(c->reasons[i].why, key)) { c->reasons[i].n++; return; }
  if (c->nreasons < IMPORT_MAX_REASONS) {
    snprintf(c->reasons[c->nreasons].why, sizeof c->reasons[0].why, "%s", key);
    c->reasons[c->nreasons++].n = 1;
  }
}

/* Runs the seed through its target; writes it where its verdict says. */
static void seed(import_ctx *c, const char *target, const void *data, size_t len, const char *from) {
  const sf_target *t = sf_target_find(target);
  if (!t || len == 0) return;
  if (len > t->max_len) {
    c->over_cap++;
    return;
  }
  static sf_verdict v;  /* large: keep it off the stack */
  sf_verdict_kind k = sf_target_run(t, data, len, &v);
  bool finding = k == SF_VERDICT_FAIL;
  char dir[4096], path[4200];
  int dl = snprintf(dir, sizeof dir, "%s/%s", finding ? c->findings : c->out, target);
  int pl = snprintf(path, sizeof path, "%s/import-%016llx", dir, (unsigned long long)XXH3_64bits(data, len));
  if (dl < 0 || (size_t)dl >= sizeof dir || pl < 0 || (size_t)pl >= sizeof path) {
    fprintf(stderr, "samplefuzz corpus import: %s: the output path is too long\n", c->out);
    c->write_errors++;
    return;
  }
  if (finding) {
    c->findings_n++;
    fprintf(stderr, "samplefuzz corpus import: %s: FINDING in %s: %s-%s-%s-%s (%s)\n", from, target, v.oracle,
            v.check, v.family, v.op, path);
  }
  struct stat sb;
  uint64_t key = XXH3_64bits_withSeed(data, len, XXH3_64bits(target, strlen(target)));
  if (seen_before(c, key) || stat(path, &sb) == 0) {
    c->dups++;
    return;
  }
  c->seeds++;
  if (c->dry_run) return;
  if (!sf_cli_mkdirs(dir) || !sf_cli_write_file(path, data, len, "corpus import")) c->write_errors++;
}

/* ---- D3D --------------------------------------------------------------------------------------- */

static void import_tpf(import_ctx *c, const sf_tpf_program *p, const char *from, unsigned *found) {
  char line[SF_D3DASM_MAX_INST_TEXT];
  for (size_t i = 0; i < p->count; i++) {
    const sf_tpf_item *it = &p->items[i];
    if (it->kind != SF_TPF_ITEM_SAMPLE) continue;
    (*found)++;
    sf_status st;
    sf_status_clear(&st);
    uint32_t tok[SF_TPF_MAX_INST_LEN];
    size_t ntok = 0;
    if (sf_tpf_encode_inst(it->inst, tok, &ntok, &st) == SF_OK) seed(c, "dxbc_fuzzer", tok, ntok * 4, from);
    sf_status_clear(&st);
    if (sf_d3dasm_print_inst(it->inst, line, sizeof line, &st) == SF_OK) seed(c, "d3dasm_fuzzer", line, strlen(line), from);
  }
}

static void import_dxbc(import_ctx *c, const char *path, const uint8_t *data, size_t len) {
  sf_status st;
  sf_status_clear(&st);
  sf_dxbc d;
  memset(&d, 0, sizeof d);
  char why[300], suffix[300];
  if (sf_dxbc_read(data, len, &d, &st) != SF_OK) {
    snprintf(why, sizeof why, "DXBC container:%s", sf_cli_status_suffix(&st, suffix, sizeof suffix));
    skip(c, path, why);
    sf_dxbc_free(&d);
    return;
  }
  sf_tpf_program p;
  memset(&p, 0, sizeof p);
  if (sf_dxbc_program(&d, &p, &st) != SF_OK) {
    snprintf(why, sizeof why, "no shader program:%s", sf_cli_status_suffix(&st, suffix, sizeof suffix));
    skip(c, path, why);
    sf_dxbc_free(&d);
    return;
  }
  unsigned found = 0;
  import_tpf(c, &p, path, &found);
  if (found) {
    seed(c, "dxbc_fuzzer", data, len, path);
    /* and the whole container as text (docs/dxbc.md §10), which d3dasm_fuzzer reads */
    sf_buf text;
    sf_status_clear(&st);
    sf_buf_init(&text, &st);
    if (sf_dxbc_print_text(data, len, &text, &st) == SF_OK) seed(c, "d3dasm_fuzzer", text.data, text.len, path);
    sf_buf_free(&text);
    c->imported++;
  } else {
    skip(c, path, "no sample-family instruction");
  }
  sf_tpf_program_free(&p);
  sf_dxbc_free(&d);
}

static void import_d3dasm(import_ctx *c, const char *path, const char *text, size_t len) {
  sf_status st;
  sf_status_clear(&st);
  sf_tpf_program p;
  memset(&p, 0, sizeof p);
  char why[300], suffix[300];
  if (sf_d3dasm_parse_program(text, len, &p, &st) != SF_OK) {
    snprintf(why, sizeof why, "D3D asm:%s", sf_cli_status_suffix(&st, suffix, sizeof suffix));
    skip(c, path, why);
    return;
  }
  unsigned found = 0;
  import_tpf(c, &p, path, &found);
  sf_buf body;
  sf_buf_init(&body, &st);
  if (found && sf_tpf_program_encode(&p, &body, &st) == SF_OK) seed(c, "dxbc_fuzzer", body.data, body.len, path);
  sf_buf_free(&body);
  if (found) c->imported++;
  else skip(c, path, "no sample-family instruction");
  sf_tpf_program_free(&p);
}

/* ---- vISA -------------------------------------------------------------------------------------- */

/* text: the file's own .visaasm text, or NULL when it came from a binary .isa. */
static void import_isa_file(import_ctx *c, const char *path, const sf_isa_file *f, const char *text, size_t text_len) {
  unsigned found = 0;
  char line[2048];
  for (unsigned k = 0; k < (unsigned)f->num_kernels + f->num_functions; k++) { /* kernels, then vISA functions */
    const sf_visa_kernel *kn = k < f->num_kernels ? &f->kernels[k] : &f->functions[k - f->num_kernels];
    for (uint32_t i = 0; i < kn->num_insts; i++) {
      const sf_inst *in = &kn->insts[i];
      if (in->family == SF_FAMILY_D3D || in->family == SF_FAMILY_NONE) continue;
      found++;
      sf_status st;
      sf_status_clear(&st);
      sf_buf b;
      sf_buf_init(&b, &st);
      if (sf_visa_encode(in, &b, &st) == SF_OK) seed(c, "visa_bin_fuzzer", b.data, b.len, path);
      sf_buf_free(&b);
      sf_status_clear(&st);
      if (sf_visa_print(in, NULL, line, sizeof line, &st) == SF_OK) seed(c, "visa_text_fuzzer", line, strlen(line), path);
    }
  }
  sf_status st;
  sf_status_clear(&st);
  sf_buf whole;
  sf_buf_init(&whole, &st);
  if (found && sf_isa_write(f, &whole, &st) == SF_OK) seed(c, "isa_file_fuzzer", whole.data, whole.len, path);
  sf_buf_free(&whole);
  /* isa_file_fuzzer reads .visaasm as well: the text as its author wrote it, else as printed */
  if (found && text) {
    seed(c, "isa_file_fuzzer", text, text_len, path);
  } else if (found) {
    sf_status_clear(&st);
    sf_buf_init(&whole, &st);
    if (sf_visaasm_print(f, &whole, &st) == SF_OK) seed(c, "isa_file_fuzzer", whole.data, whole.len, path);
    sf_buf_free(&whole);
  }
  if (found) c->imported++;
  else skip(c, path, "no sampler instruction");
}

static void import_visa(import_ctx *c, const char *path, const uint8_t *data, size_t len, bool text) {
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file f;
  memset(&f, 0, sizeof f);
  char why[300], suffix[300];
  sf_code rc = text ? sf_visaasm_parse((const char *)data, len, &f, &st) : sf_isa_read(data, len, &f, &st);
  if (rc != SF_OK) {
    snprintf(why, sizeof why, "%s:%s", text ? "vISA text" : "vISA binary", sf_cli_status_suffix(&st, suffix, sizeof suffix));
    skip(c, path, why);
    return;
  }
  import_isa_file(c, path, &f, text ? (const char *)data : NULL, len);
  sf_isa_free(&f);
}

/* ---- Walking the arguments --------------------------------------------------------------------- */

static void import_path(import_ctx *c, const char *path, int depth);

static void import_file(import_ctx *c, const char *path) {
  c->files++;
  sf_cli_file f;
  if (!sf_cli_read_file(path, &f, "corpus import")) {
    skip(c, path, "unreadable");
    return;
  }
  if (f.len >= 4 && !memcmp(f.data, "DXBC", 4)) import_dxbc(c, path, f.data, f.len);
  else if (f.len >= 4 && !memcmp(f.data, "DXIL", 4)) skip(c, path, "unsupported: a DXIL program (shader model 6), not DXBC");
  else if (f.len >= 4 && f.data[0] == 0x43 && f.data[1] == 0x49 && f.data[2] == 0x53 && f.data[3] == 0x41)
    import_visa(c, path, f.data, f.len, false); /* "CISA" magic */
  else if (sf_cli_has_ext(path, ".visaasm")) import_visa(c, path, f.data, f.len, true);
  else if (sf_cli_has_ext(path, ".asm") || sf_cli_has_ext(path, ".d3dasm")) import_d3dasm(c, path, (const char *)f.data, f.len);
  else skip(c, path, "not a DXBC container, vISA file, .visaasm or fxc .asm listing");
  sf_cli_file_free(&f);
}

static void import_dir(import_ctx *c, const char *path, int depth) {
  if (depth > IMPORT_MAX_DEPTH) {
    skip(c, path, "folder nested too deep");
    return;
  }
  DIR *d = opendir(path);
  if (!d) {
    skip(c, path, strerror(errno));
    return;
  }
  /* sorted, so that the summary and the first-seen file of a duplicate do not depend on readdir */
  char **names = NULL;
  size_t n = 0, cap = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL && c->files + n < IMPORT_MAX_FILES) {
    if (e->d_name[0] == '.') continue;
    if (n == cap) {
      cap = cap ? cap * 2 : 64;
      char **nn = realloc(names, cap * sizeof *nn);
      if (!nn) break;
      names = nn;
    }
    size_t l = strlen(e->d_name);
    names[n] = malloc(l + 1);
    if (!names[n]) break;
    memcpy(names[n++], e->d_name, l + 1);
  }
  closedir(d);
  for (size_t i = 1; i < n; i++)
    for (size_t j = i; j > 0 && strcmp(names[j - 1], names[j]) > 0; j--) {
      char *t = names[j]; names[j] = names[j - 1]; names[j - 1] = t;
    }
  for (size_t i = 0; i < n; i++) {
    char child[4096];
    if (snprintf(child, sizeof child, "%s/%s", path, names[i]) < (int)sizeof child) import_path(c, child, depth + 1);
    free(names[i]);
  }
  free(names);
}

static void import_path(import_ctx *c, const char *path, int depth) {
  struct stat sb;
  if (stat(path, &sb) != 0) {
    c->files++;
    skip(c, path, strerror(errno));
  } else if (S_ISDIR(sb.st_mode)) {
    import_dir(c, path, depth);
  } else if (c->files < IMPORT_MAX_FILES) {
    import_file(c, path);
  }
}

static void import_usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz corpus import FILE|DIR... [-o CORPUS] [--dry-run]\n"
          "Takes real programs (DXBC containers, fxc .asm listings, vISA .isa and .visaasm files;\n"
          "folders are walked) and writes every sample-family instruction in them, and the whole\n"
          "program, as seeds for the targets that read them: CORPUS/<target>/import-<xxh3>.\n"
          "Each seed passes its target's checks first; one that fails is a finding, written to\n"
          "CORPUS/../import-findings/<target>/. CORPUS defaults to ./corpus.\n"
          "Exit status: 0 done, 1 a finding or a write error, 2 usage.\n");
}

int sf_cmd_corpus_import(int argc, char **argv) {
  import_ctx *c = calloc(1, sizeof *c);
  if (!c) return 2;
  c->out = "corpus";
  const char **paths = calloc((size_t)argc + 1, sizeof *paths);
  size_t np = 0;
  for (int i = 0; i < argc; i++) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) {
      import_usage(stdout);
      free(paths); free(c);
      return 0;
    } else if (!strcmp(argv[i], "-o") && i + 1 < argc) {
      c->out = argv[++i];
    } else if (!strcmp(argv[i], "--dry-run")) {
      c->dry_run = true;
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "samplefuzz corpus import: unknown option '%s'\n", argv[i]);
      import_usage(stderr);
      free(paths); free(c);
      return 2;
    } else if (paths) {
      paths[np++] = argv[i];
    }
  }
  if (np == 0) {
    import_usage(stderr);
    free(paths); free(c);
    return 2;
  }
  snprintf(c->findings, sizeof c->findings, "%s/../import-findings", c->out);
  for (size_t i = 0; i < np; i++) import_path(c, paths[i], 0);
  printf("corpus import: %u files: %u imported, %u skipped; %u seeds %s, %u duplicates, %u findings\n", c->files,
         c->imported, c->skipped, c->seeds, c->dry_run ? "would be written" : "written", c->dups, c->findings_n);
  if (c->over_cap) printf("  %u seeds left out: larger than their target's input cap\n", c->over_cap);
  for (unsigned i = 0; i < c->nreasons; i++) printf("  skipped %5u  %s\n", c->reasons[i].n, c->reasons[i].why);
  int rc = (c->findings_n || c->write_errors) ? 1 : 0;
  free(paths);
  free(c->seen);
  free(c);
  return rc;
}
