/* ext_genx_ir_kernels.c — whole real kernels through GenX_IR (libigc-tools 1.0.12504; label
 * "external"; docs/oracle-genx-ir.md): every `.visaasm` IGC wrote in tests/data/real/visa-ocloc is
 * parsed by us and written as `.isa` by us (sf_visaasm_parse, sf_isa_write), and GenX_IR's
 * disassembly of that `.isa` (-dumpcommonisa) must be IGC's text again, line for line. This checks
 * the binary layouts and the text syntax of every instruction class together, on code no one here
 * wrote: a field we write in the wrong place, or a spelling we read as other bytes, shows as a line
 * that GenX_IR prints differently.
 *
 * Normalized, as GenX_IR rewrites them: the `OutputAsmPath` attribute we add (so that GenX_IR names
 * its dump) is dropped; label names, which GenX_IR decorates with `_<n>` suffixes when it prints, are
 * mapped back by position (the n-th label definition of its text to the n-th of IGC's); blanks
 * before a `///` comment, which follow the label lengths, are collapsed; trailing blanks are
 * dropped. The platform comes from the file name (<src>-<device>-<kernel>-simd<N>). The kernels that
 * call vISA functions (tests/data/real/visa-ocloc-functions) go through as one text, the kernel's
 * and its functions' (test_real_functions). */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/visa.h"
#include "tests/ext_genx_ir_util.h"

#define REAL_DIR SF_SOURCE_DIR "/tests/data/real/visa-ocloc"
#define MAX_LINES 40000u
#define MAX_LABELS 4096u

static const ctx *g_ctx;

typedef struct lines {
  char **v;
  unsigned n;
} lines;

static void lines_free(lines *l) {
  for (unsigned i = 0; i < l->n; i++) free(l->v[i]);
  free(l->v);
  l->v = NULL;
  l->n = 0;
}

/* One line of text, normalized: trailing blanks dropped, the blanks before `///` collapsed to one. */
static char *norm_line(const char *s, size_t n) {
  while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) n--;
  char *o = malloc(n + 1);
  if (!o) return NULL;
  size_t k = 0;
  for (size_t i = 0; i < n; i++) {
    if ((s[i] == ' ' || s[i] == '\t') && i + 3 < n + 1) {
      size_t j = i;
      while (j < n && (s[j] == ' ' || s[j] == '\t')) j++;
      if (j + 3 <= n && memcmp(s + j, "///", 3) == 0 && k) {
        o[k++] = ' ';
        i = j - 1;
        continue;
      }
    }
    o[k++] = s[i];
  }
  o[k] = 0;
  return o;
}

static bool split(const char *t, size_t n, lines *out) {
  out->v = calloc(MAX_LINES, sizeof *out->v);
  out->n = 0;
  if (!out->v) return false;
  size_t i = 0;
  while (i < n && out->n < MAX_LINES) {
    size_t e = i;
    while (e < n && t[e] != '\n') e++;
    bool attr = false; /* the OutputAsmPath line we added, or an AsmName one (its old name, which GenX_IR
                          reads as OutputAsmPath and does not print), searched within the line only */
    for (size_t q = i; q + 13 <= e && !attr; q++) attr = memcmp(t + q, "OutputAsmPath", 13) == 0;
    for (size_t q = i; q + 20 <= e && !attr; q++) attr = memcmp(t + q, ".kernel_attr AsmName", 20) == 0;
    if (!attr) {
      char *l = norm_line(t + i, e - i);
      if (!l) return false;
      out->v[out->n++] = l;
    }
    i = e + 1;
  }
  return i >= n;
}

/* `name:` alone on a line: a label definition; *len gets the name's length. */
static bool label_def(const char *l, size_t *len) {
  size_t n = strlen(l);
  if (n < 2 || l[n - 1] != ':') return false;
  for (size_t i = 0; i + 1 < n; i++)
    if (!(isalnum((unsigned char)l[i]) || l[i] == '_' || l[i] == '$' || l[i] == '@')) return false;
  *len = n - 1;
  return true;
}

static bool map_line(char **line, char *const *from, char *const *to, unsigned nf);

/* Replaces, in every line of g, the label names of g's definitions by the names of ours at the same
 * position (whole identifiers only). */
static bool map_labels(const lines *ours, lines *g) {
  char *from[MAX_LABELS], *to[MAX_LABELS];
  unsigned nf = 0, nt = 0;
  size_t ln;
  /* copies: g's lines are replaced below */
  for (unsigned i = 0; i < g->n && nf < MAX_LABELS; i++)
    if (label_def(g->v[i], &ln) && (from[nf] = strdup(g->v[i])) != NULL) nf++;
  for (unsigned i = 0; i < ours->n && nt < MAX_LABELS; i++)
    if (label_def(ours->v[i], &ln)) to[nt++] = ours->v[i];
  bool ok = nf == nt;
  for (unsigned i = 0; ok && i < g->n; i++) ok = map_line(&g->v[i], from, to, nf);
  for (unsigned q = 0; q < nf; q++) free(from[q]);
  return ok;
}

/* One line of map_labels: every whole identifier equal to from[q] (without its ':') becomes to[q]. */
static bool map_line(char **line, char *const *from, char *const *to, unsigned nf) {
  const char *s = *line;
  size_t n = strlen(s), cap = n * 2 + 64, k = 0;
  char *o = malloc(cap);
  if (!o) return false;
  for (size_t p = 0; p < n;) {
    if (isalpha((unsigned char)s[p]) || s[p] == '_') {
      size_t e = p;
      while (e < n && (isalnum((unsigned char)s[e]) || s[e] == '_')) e++;
      const char *rep = NULL;
      size_t rl = 0;
      for (unsigned q = 0; q < nf && !rep; q++) {
        size_t fl = strlen(from[q]) - 1; /* without the ':' */
        if (fl == e - p && memcmp(from[q], s + p, fl) == 0) rep = to[q], rl = strlen(to[q]) - 1;
      }
      if (k + (rep ? rl : e - p) + 1 >= cap) {
        free(o);
        return false;
      }
      memcpy(o + k, rep ? rep : s + p, rep ? rl : e - p);
      k += rep ? rl : e - p;
      p = e;
    } else {
      o[k++] = s[p++];
    }
    if (k + 2 >= cap) {
      free(o);
      return false;
    }
  }
  o[k] = 0;
  free(*line);
  *line = o;
  return true;
}

/* The GenX_IR platform of a file name <src>-<device>-...: SKL, TGLLP, DG2 or PVC. */
static const char *platform_of(const char *name) {
  static const char *const dev[4] = {"skl", "tgllp", "dg2", "pvc"}, *const plat[4] = {"SKL", "TGLLP", "DG2", "PVC"};
  const char *d = strchr(name, '-');
  for (unsigned i = 0; d && i < 4; i++) {
    size_t l = strlen(dev[i]);
    if (strncmp(d + 1, dev[i], l) == 0 && d[1 + l] == '-') return plat[i];
  }
  return NULL;
}

/* GenX_IR's dump at `path` against the text `want` (normalized, labels mapped by position): 1 when
 * they agree, 0 when they differ (reported at the first differing line), -1 when there is no dump. */
static int compare_dump(const char *name, const char *want, size_t wn, const char *path) {
  size_t gn = 0;
  char *gtext = (char *)read_file(path, &gn);
  if (!gtext) return -1;
  lines a = {0}, g = {0};
  bool split_ok = split(want, wn, &a) && split(gtext, gn, &g) && map_labels(&a, &g);
  unsigned at = 0;
  bool eq = split_ok && a.n == g.n;
  for (; eq && at < a.n; at++) eq = strcmp(a.v[at], g.v[at]) == 0;
  if (!eq) {
    unsigned k = at ? at - 1 : 0;
    SF_CHECK_MSG(0, "%s: GenX_IR's disassembly of our .isa differs from IGC's text at line %u (%u / %u lines):\n"
                    "  IGC:     %s\n  GenX_IR: %s", name, k + 1, a.n, g.n, k < a.n ? a.v[k] : "(end)",
                 k < g.n ? g.v[k] : "(end)");
  }
  lines_free(&a);
  lines_free(&g);
  free(gtext);
  return eq ? 1 : 0;
}

static int cmpname(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Whether a file name ends in "-f<N>.visaasm": a function's own text (visa-ocloc-functions). */
static bool function_text(const char *name) {
  const char *f = strrchr(name, '-');
  if (!f || f[1] != 'f' || !isdigit((unsigned char)f[2])) return false;
  size_t i = 2;
  while (isdigit((unsigned char)f[i])) i++;
  return strcmp(f + i, ".visaasm") == 0;
}

/* The .visaasm files of dir, sorted, at most cap (each strdup'ed); kernels_only leaves out the
 * functions' own texts. The count, or 0 (and a failed check) when the folder cannot be read. */
static unsigned list_visaasm(const char *dir, char **names, unsigned cap, bool kernels_only) {
  DIR *d = opendir(dir);
  SF_CHECK_MSG(d != NULL, "cannot open %s", dir);
  if (!d) return 0;
  unsigned nn = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL && nn < cap) {
    size_t l = strlen(e->d_name);
    if (l > 8 && strcmp(e->d_name + l - 8, ".visaasm") == 0 && !(kernels_only && function_text(e->d_name)))
      names[nn++] = strdup(e->d_name);
  }
  closedir(d);
  qsort(names, nn, sizeof *names, cmpname);
  return nn;
}

/* IGC's text t[0..tn) with an OutputAsmPath attribute line after its .kernel line (so that GenX_IR
 * names its dump gx.visaasm): a NUL-terminated copy (malloc'd) of *n bytes, or NULL when there is no
 * .kernel line or no memory. */
static char *with_asm_path(const char *t, size_t tn, size_t *n) {
  static const char attr[] = ".kernel_attr OutputAsmPath=\"gx\"\n";
  const char *kl = t ? strstr(t, "\n.kernel ") : NULL;
  const char *keol = kl ? strchr(kl + 1, '\n') : NULL;
  if (!keol) return NULL;
  size_t cut = (size_t)(keol - t) + 1;
  char *in = malloc(tn + sizeof attr);
  if (!in) return NULL;
  memcpy(in, t, cut);
  memcpy(in + cut, attr, sizeof attr - 1);
  memcpy(in + cut + sizeof attr - 1, t + cut, tn - cut);
  *n = tn + sizeof attr - 1;
  in[*n] = 0;
  return in;
}

/* in[0..inn) with its first line (.version 4.1) replaced by ver's: a malloc'd copy, NUL-terminated. */
static char *with_version(const char *in, size_t inn, unsigned ver, size_t *n) {
  const char *eol = memchr(in, '\n', inn);
  size_t rest = eol ? inn - (size_t)(eol - in) : 0;
  char *out = malloc(rest + 32);
  if (!out) return NULL;
  int h = snprintf(out, 32, ".version %u.%u", ver >> 8, ver & 0xFF);
  if (eol) memcpy(out + h, eol, rest);
  *n = (size_t)h + rest;
  out[*n] = 0;
  return out;
}

/* Each real text is written as .isa by us at every version below (docs/visa-binary.md "Versions"):
 * GenX_IR reads the older field widths and prints the text again, with the file's .version line. */
static const unsigned real_versions[] = {SF_VISA_V(4, 1), SF_VISA_V(4, 0), SF_VISA_V(3, 6), SF_VISA_V(3, 3),
                                         SF_VISA_V(3, 1)};
#define NRV (sizeof real_versions / sizeof real_versions[0])

static void test_real_kernels(void) {
  const ctx *c = g_ctx;
  char *names[1024];
  unsigned nn = list_visaasm(REAL_DIR, names, 1024, false);
  SF_CHECK_MSG(nn >= 200, "%u .visaasm files in %s", nn, REAL_DIR);
  unsigned same = 0, differ = 0, tool = 0, vsame[NRV] = {0}, vrefused[NRV] = {0};
  for (unsigned i = 0; i < nn; i++) {
    const char *plat = platform_of(names[i]);
    SF_CHECK_MSG(plat != NULL, "%s: no device in the name", names[i]);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", REAL_DIR, names[i]);
    size_t tn = 0;
    char *text = (char *)read_file(path, &tn);
    SF_CHECK_MSG(text != NULL, "cannot read %s", path);
    if (!plat || !text) {
      free(text);
      continue;
    }
    size_t inn = 0;
    char *in = with_asm_path(text, tn, &inn);
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_buf b;
    sf_buf_init(&b, &st);
    bool parsed = in && sf_visaasm_parse(in, inn, &f, &st) == SF_OK;
    SF_CHECK_MSG(parsed, "%s: %s", names[i], st.msg);
    for (unsigned v = 0; parsed && v < NRV; v++) {
      unsigned ver = real_versions[v];
      f.major = (uint8_t)(ver >> 8);
      f.minor = (uint8_t)ver;
      b.len = 0;
      sf_status_clear(&st);
      sf_code wc = sf_isa_write(&f, &b, &st);
      if (wc == SF_ERR_RANGE && ver < SF_VISA_V(3, 4)) { /* a field that version cannot hold */
        vrefused[v]++;
        continue;
      }
      SF_CHECK_MSG(wc == SF_OK, "%s at %u.%u: %s", names[i], ver >> 8, ver & 0xFF, st.msg);
      size_t wn = 0;
      char *want = wc == SF_OK ? with_version(in, inn, ver, &wn) : NULL;
      char isa[1024], out[1024];
      path_of(isa, sizeof isa, c, "k.isa");
      path_of(out, sizeof out, c, "gx.visaasm");
      unlink(out);
      if (want && write_file(isa, b.data, b.len)) {
        const char *args[] = {"k.isa", "-platform", plat, "-stopafter", "CFG", "-dumpcommonisa"};
        run_result r = run_tool(c, args, 6, "k.log", SINGLE_SECONDS * 6);
        char label[300];
        snprintf(label, sizeof label, "%s at vISA %u.%u", names[i], ver >> 8, ver & 0xFF);
        int r2 = compare_dump(label, want, wn, out);
        if (crashed(r) || r2 < 0) {
          char why[64];
          SF_CHECK_MSG(0, "%s: GenX_IR wrote no disassembly (%s)", label, describe(r, why, sizeof why));
          tool++;
        } else if (v == 0) {
          same += r2 == 1;
          differ += r2 == 0;
        } else {
          vsame[v] += r2 == 1;
          differ += r2 == 0;
        }
      }
      free(want);
    }
    sf_buf_free(&b);
    sf_isa_free(&f);
    free(in);
    free(text);
  }
  printf("real kernels through GenX_IR: %u .visaasm, %u disassemble back to IGC's text, %u differ, %u tool failures\n",
         nn, same, differ, tool);
  printf("the same written by us at older versions:");
  for (unsigned v = 1; v < NRV; v++)
    printf(" %u.%u: %u agree (%u not writable)", real_versions[v] >> 8, real_versions[v] & 0xFF, vsame[v], vrefused[v]);
  printf("\n");
  for (unsigned v = 1; v < NRV; v++) SF_CHECK_MSG(vsame[v] + vrefused[v] == same, "version %u.%u", real_versions[v] >> 8,
                                                 real_versions[v] & 0xFF);
  for (unsigned i = 0; i < nn; i++) free(names[i]);
}

/* Kernels that call vISA functions (tests/data/real/visa-ocloc-functions, -cl-opt-disable): IGC wrote
 * the kernel's text and each function's text (<kernel>-f<N>.visaasm) to files of their own. Their
 * join (one .version line, the kernel, then each function) is parsed and written as one .isa by us;
 * GenX_IR must disassemble it into the same files again: gx.visaasm for the kernel, gx_f<N>.visaasm
 * for function N. */
#define FN_DIR SF_SOURCE_DIR "/tests/data/real/visa-ocloc-functions"

static void test_real_functions(void) {
  const ctx *c = g_ctx;
  char *names[256];
  unsigned nn = list_visaasm(FN_DIR, names, 256, true);
  SF_CHECK_MSG(nn >= 16, "%u kernel .visaasm files in %s", nn, FN_DIR);
  unsigned kernels = 0, with_fn = 0, fns = 0, same = 0, differ = 0, tool = 0;
  for (unsigned i = 0; i < nn; i++) {
    const char *plat = platform_of(names[i]);
    char path[1024], stem[512];
    snprintf(stem, sizeof stem, "%.*s", (int)(strlen(names[i]) - 8), names[i]);
    snprintf(path, sizeof path, "%s/%s", FN_DIR, names[i]);
    size_t tn = 0;
    char *text = (char *)read_file(path, &tn);
    size_t jn = 0;
    char *join = plat ? with_asm_path(text, tn, &jn) : NULL;
    SF_CHECK_MSG(join != NULL, "%s: no device in the name, or no .kernel line", names[i]);
    if (!join) {
      free(text);
      continue;
    }
    char *ftext[8];
    size_t fn_len[8];
    unsigned nf = 0;
    for (; join && nf < 8; nf++) { /* each function's text, without its .version line, after a blank line */
      snprintf(path, sizeof path, "%s/%s-f%u.visaasm", FN_DIR, stem, nf);
      ftext[nf] = (char *)read_file(path, &fn_len[nf]);
      if (!ftext[nf]) break;
      const char *body = strchr(ftext[nf], '\n');
      size_t bn = body ? fn_len[nf] - (size_t)(body - ftext[nf]) : 0;
      char *nj = realloc(join, jn + bn + 2);
      if (!nj) break;
      join = nj;
      memcpy(join + jn, body, bn); /* body starts with the .version line's newline: the blank line */
      jn += bn;
    }
    if (join) join[jn] = 0;
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_buf b;
    sf_buf_init(&b, &st);
    bool ok = join && sf_visaasm_parse(join, jn, &f, &st) == SF_OK && sf_isa_write(&f, &b, &st) == SF_OK;
    SF_CHECK_MSG(ok, "%s with %u functions: %s", names[i], nf, st.msg);
    if (ok) SF_CHECK_MSG(f.num_functions == nf, "%s: %u functions read, %u files", names[i], (unsigned)f.num_functions, nf);
    kernels++;
    with_fn += nf > 0;
    fns += nf;
    char isa[1024], out[1024];
    path_of(isa, sizeof isa, c, "k.isa");
    path_of(out, sizeof out, c, "gx.visaasm");
    unlink(out);
    for (unsigned q = 0; q < nf; q++) {
      path_of(path, sizeof path, c, "gx_f%u.visaasm", q);
      unlink(path);
    }
    if (ok && write_file(isa, b.data, b.len)) {
      const char *args[] = {"k.isa", "-platform", plat, "-stopafter", "CFG", "-dumpcommonisa"};
      run_result r = run_tool(c, args, 6, "k.log", SINGLE_SECONDS * 6);
      int r2 = crashed(r) ? -1 : compare_dump(names[i], join, (size_t)(strstr(join, "\n\n.global_function") ?
                                              (size_t)(strstr(join, "\n\n.global_function") - join) + 1 : jn), out);
      for (unsigned q = 0; q < nf && r2 >= 0; q++) {
        char fname[600];
        snprintf(fname, sizeof fname, "%s-f%u.visaasm", stem, q);
        path_of(path, sizeof path, c, "gx_f%u.visaasm", q);
        int r3 = compare_dump(fname, ftext[q], fn_len[q], path);
        r2 = r3 < 0 ? -1 : (r2 && r3);
      }
      if (r2 < 0) {
        char why[64];
        SF_CHECK_MSG(0, "%s: GenX_IR wrote no disassembly of the kernel or a function (%s)", names[i],
                     describe(r, why, sizeof why));
        tool++;
      } else {
        same += r2 == 1;
        differ += r2 == 0;
      }
    }
    for (unsigned q = 0; q < nf; q++) free(ftext[q]);
    sf_buf_free(&b);
    sf_isa_free(&f);
    free(join);
    free(text);
  }
  printf("real kernels with vISA functions through GenX_IR: %u kernels (%u with %u functions), %u disassemble back to"
         " IGC's texts, %u differ, %u tool failures\n", kernels, with_fn, fns, same, differ, tool);
  SF_CHECK_MSG(with_fn >= 8 && fns >= 10, "%u kernels with %u functions", with_fn, fns);
  for (unsigned i = 0; i < nn; i++) free(names[i]);
}

/* tests/data/real/visa-cm: GenX_IR's disassembly of each CM kernel file itself (no writing by us:
 * these bytes came from Intel's CM compiler) must be `samplefuzz disasm`'s text of it, which leaves
 * the compiled Gen code out as GenX_IR does (sf_isa_drop_gen_code); the file's AsmName attribute
 * names GenX_IR's dump. */
static void test_real_cm(void) {
  const ctx *c = g_ctx;
  const char *dir = SF_SOURCE_DIR "/tests/data/real/visa-cm";
  DIR *d = opendir(dir);
  SF_CHECK_MSG(d != NULL, "cannot open %s", dir);
  if (!d) return;
  unsigned files = 0, same = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL) {
    size_t l = strlen(e->d_name);
    if (l < 5 || strcmp(e->d_name + l - 4, ".isa")) continue;
    files++;
    char src[1024], dst[512];
    snprintf(src, sizeof src, "%s/%s", dir, e->d_name);
    size_t n = 0;
    uint8_t *data = read_file(src, &n);
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    sf_status st;
    sf_status_clear(&st);
    sf_buf ours;
    sf_buf_init(&ours, &st);
    bool ok = data && sf_isa_read(data, n, &f, &st) == SF_OK;
    if (ok) sf_isa_drop_gen_code(&f, NULL);
    ok = ok && sf_visaasm_print(&f, &ours, &st) == SF_OK;
    SF_CHECK_MSG(ok, "%s: %s", e->d_name, st.msg);
    /* GenX_IR names its dump after the AsmName attribute (without ".asm") */
    char asmname[256] = "";
    const sf_visa_kernel *k0 = ok && f.num_kernels ? &f.kernels[0] : NULL;
    for (uint32_t k = 0; k0 && k < k0->num_kattrs; k++) {
      const sf_visa_attr *a = &k0->attrs[k0->kattr_first + k];
      const char *an = a->name < k0->num_strings ? k0->strings[a->name] : NULL;
      if (an && !strcmp(an, "AsmName")) snprintf(asmname, sizeof asmname, "%.*s", (int)a->size, (const char *)k0->attr_bytes + a->value_off);
    }
    char dump[600];
    snprintf(dump, sizeof dump, "%.*s.visaasm", (int)strcspn(asmname, "."), asmname);
    path_of(dst, sizeof dst, c, "cm.isa");
    if (ok && asmname[0] && write_file(dst, data, n)) {
      const char *args[] = {"cm.isa", "-platform", "SKL", "-stopafter", "CFG", "-dumpcommonisa", "-noverifyCISA"};
      run_result r = run_tool(c, args, 7, "cm.log", TOOL_SECONDS);
      char why[64], gpath[1200];
      snprintf(gpath, sizeof gpath, "%s/%s", c->dir, dump);
      int cmp = compare_dump(e->d_name, (const char *)ours.data, ours.len, gpath);
      SF_CHECK_MSG(cmp >= 0, "%s: GenX_IR wrote no %s (%s)", e->d_name, dump, describe(r, why, sizeof why));
      same += cmp == 1;
    } else {
      SF_CHECK_MSG(asmname[0], "%s: no AsmName attribute to find GenX_IR's dump by", e->d_name);
    }
    clean_dir(c, false);
    sf_buf_free(&ours);
    sf_isa_free(&f);
    free(data);
  }
  closedir(d);
  printf("real CM kernels through GenX_IR: %u files, %u disassemble as samplefuzz disasm prints them\n", files, same);
  SF_CHECK(files >= 1);
  SF_CHECK_EQ_U(same, files);
}

int main(void) {
  ctx c;
  if (!genx_open(&c)) return 1;
  g_ctx = &c;
  SF_RUN(test_real_kernels);
  SF_RUN(test_real_functions);
  SF_RUN(test_real_cm);
  genx_close(&c);
  SF_TEST_END();
}
