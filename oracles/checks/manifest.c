/* oracles/checks/manifest.c — known-divergence manifests of an implementation under test
 * (docs/backends.md "Known divergences").
 *
 * A manifest is a text file, one entry a line:
 *     <signature glob> [key=glob ...] | <reason> | <link, or ->
 * '#' starts a comment line; blank lines are ignored. The signature glob (fnmatch) is matched against
 * the finding's signature (<oracle>-<check>-<family>-<op>[-<feature>], docs/reproducers.md); the
 * optional conditions narrow it to findings whose lane has that property:
 *     op=      the batch's op (sample, sample_b, sample_l, sample_lz, sample_c, sample_c_lz, ..., lod)
 *     type=    the surface type (1d, 1d_array, 2d, 2d_array, 3d, cube, cube_array)
 *     format=  the surface format (rgba8_unorm, r32f, ...)
 *     addr=    an address mode one of the axes uses (wrap, mirror, clamp, border, mirror_once)
 *     offsets= yes or no: the lane has a non-zero texel offset
 *     wild=    yes or no: the lane's LOD inputs are wild (a gradient times the surface size at or
 *              beyond 2^64, or an explicit LOD or bias at or beyond 2^31 in magnitude)
 * A finding that matches an entry is a known divergence: counted per entry, not reported. The file is
 * read once, with limits (64 KiB, 256 entries, 1024 bytes a line), and every refusal names the file,
 * line and column. */
#define _POSIX_C_SOURCE 200809L
#include <fnmatch.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/oracle.h"

#define SF_MANIFEST_MAX_LINE 1024u
#define SF_MANIFEST_MAX_CONDS 6u

typedef struct sf_manifest_cond {
  char key[16];
  char value[64];
} sf_manifest_cond;

typedef struct sf_manifest_entry {
  char pattern[160];
  sf_manifest_cond cond[SF_MANIFEST_MAX_CONDS];
  unsigned ncond;
  char reason[256];
  char link[256];
  unsigned line;
  atomic_ullong hits;
} sf_manifest_entry;

struct sf_manifest {
  char name[256];
  unsigned n;
  sf_manifest_entry e[SF_MANIFEST_MAX_ENTRIES];
};

static const char *const sf_manifest_keys[] = {"op", "type", "format", "addr", "offsets", "wild"};

/* Copies [b, e) trimmed of blanks into out (cap bytes); false if it does not fit. */
static bool sf_trim_copy(const char *b, const char *e, char *out, size_t cap) {
  while (b < e && (*b == ' ' || *b == '\t')) b++;
  while (e > b && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
  if ((size_t)(e - b) >= cap) return false;
  memcpy(out, b, (size_t)(e - b));
  out[e - b] = '\0';
  return true;
}

static sf_code sf_manifest_line(sf_manifest *m, const char *line, size_t len, unsigned ln, sf_status *st) {
  const char *end = line + len, *bar1 = memchr(line, '|', len);
  const char *bar2 = bar1 ? memchr(bar1 + 1, '|', (size_t)(end - bar1 - 1)) : NULL;
  if (!bar1 || !bar2)
    return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:%u: want '<signature glob> [key=glob ...] | <reason> | <link>' (%s '|')",
                   m->name, ln, (unsigned)len + 1, bar1 ? "one" : "no");
  if (m->n >= SF_MANIFEST_MAX_ENTRIES)
    return sf_fail(st, SF_ERR_LIMIT, "manifest %s:%u:1: more than %u entries", m->name, ln, SF_MANIFEST_MAX_ENTRIES);
  sf_manifest_entry *e = &m->e[m->n];
  memset(e, 0, sizeof *e);
  e->line = ln;
  /* the first field: the signature glob, then key=glob conditions, blank-separated */
  const char *p = line;
  unsigned field = 0;
  while (p < bar1) {
    while (p < bar1 && (*p == ' ' || *p == '\t')) p++;
    if (p >= bar1) break;
    const char *w = p;
    while (p < bar1 && *p != ' ' && *p != '\t') p++;
    unsigned col = (unsigned)(w - line) + 1;
    if (field++ == 0) {
      if (!sf_trim_copy(w, p, e->pattern, sizeof e->pattern))
        return sf_fail(st, SF_ERR_LIMIT, "manifest %s:%u:%u: signature glob longer than %zu bytes", m->name, ln, col,
                       sizeof e->pattern - 1);
      continue;
    }
    const char *eq = memchr(w, '=', (size_t)(p - w));
    if (!eq) return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:%u: condition without '=' (want key=glob)", m->name, ln, col);
    if (e->ncond >= SF_MANIFEST_MAX_CONDS)
      return sf_fail(st, SF_ERR_LIMIT, "manifest %s:%u:%u: more than %u conditions", m->name, ln, col, SF_MANIFEST_MAX_CONDS);
    sf_manifest_cond *c = &e->cond[e->ncond];
    if (!sf_trim_copy(w, eq, c->key, sizeof c->key) || !sf_trim_copy(eq + 1, p, c->value, sizeof c->value) || !c->value[0])
      return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:%u: malformed condition", m->name, ln, col);
    bool known = false;
    for (size_t k = 0; k < sizeof sf_manifest_keys / sizeof *sf_manifest_keys; k++) known |= !strcmp(c->key, sf_manifest_keys[k]);
    if (!known)
      return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:%u: unknown condition '%s' (op, type, format, addr, offsets, wild)", m->name, ln,
                     col, c->key);
    if ((!strcmp(c->key, "offsets") || !strcmp(c->key, "wild")) && strcmp(c->value, "yes") && strcmp(c->value, "no"))
      return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:%u: %s= takes yes or no", m->name, ln, col, c->key);
    e->ncond++;
  }
  if (!e->pattern[0]) return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:1: no signature glob before '|'", m->name, ln);
  if (!sf_trim_copy(bar1 + 1, bar2, e->reason, sizeof e->reason) || !e->reason[0])
    return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:%u: the reason is empty or longer than %zu bytes", m->name, ln,
                   (unsigned)(bar1 - line) + 2, sizeof e->reason - 1);
  if (!sf_trim_copy(bar2 + 1, end, e->link, sizeof e->link) || !e->link[0])
    return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:%u: the link is empty (write - for none) or longer than %zu bytes", m->name,
                   ln, (unsigned)(bar2 - line) + 2, sizeof e->link - 1);
  if (memchr(bar2 + 1, '|', (size_t)(end - bar2 - 1)))
    return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:%u: more than three '|'-separated fields", m->name, ln,
                   (unsigned)((const char *)memchr(bar2 + 1, '|', (size_t)(end - bar2 - 1)) - line) + 1);
  m->n++;
  return SF_OK;
}

sf_code sf_manifest_parse(const char *text, size_t n, const char *name, sf_manifest **out, sf_status *st) {
  *out = NULL;
  if (n > SF_MANIFEST_MAX_BYTES)
    return sf_fail(st, SF_ERR_LIMIT, "manifest %s: %zu bytes, more than the %u-byte cap", name, n, SF_MANIFEST_MAX_BYTES);
  sf_manifest *m = calloc(1, sizeof *m);
  if (!m) return sf_fail(st, SF_ERR_NOMEM, "manifest %s: out of memory", name);
  snprintf(m->name, sizeof m->name, "%s", name ? name : "(text)");
  unsigned ln = 0;
  for (size_t pos = 0; pos < n;) {
    const char *nl = memchr(text + pos, '\n', n - pos);
    size_t len = nl ? (size_t)(nl - (text + pos)) : n - pos;
    ln++;
    if (len > SF_MANIFEST_MAX_LINE) {
      free(m);
      return sf_fail(st, SF_ERR_LIMIT, "manifest %s:%u:%u: line longer than %u bytes", name, ln, SF_MANIFEST_MAX_LINE + 1,
                     SF_MANIFEST_MAX_LINE);
    }
    const char *line = text + pos;
    if (memchr(line, '\0', len)) {
      free(m);
      return sf_fail(st, SF_ERR_SYNTAX, "manifest %s:%u:%u: NUL byte", name, ln,
                     (unsigned)((const char *)memchr(line, '\0', len) - line) + 1);
    }
    size_t k = 0;
    while (k < len && (line[k] == ' ' || line[k] == '\t' || line[k] == '\r')) k++;
    if (k < len && line[k] != '#' && sf_manifest_line(m, line, len, ln, st) != SF_OK) {
      free(m);
      return st ? st->code : SF_ERR_SYNTAX;
    }
    pos += len + (nl ? 1 : 0);
  }
  *out = m;
  return SF_OK;
}

sf_code sf_manifest_load(const char *path, sf_manifest **out, sf_status *st) {
  *out = NULL;
  FILE *f = fopen(path, "rb");
  if (!f) return sf_fail(st, SF_ERR_IO, "manifest %s: cannot open it", path);
  char *buf = malloc(SF_MANIFEST_MAX_BYTES + 1);
  size_t n = buf ? fread(buf, 1, SF_MANIFEST_MAX_BYTES + 1, f) : 0;
  bool err = ferror(f);
  fclose(f);
  if (!buf) return sf_fail(st, SF_ERR_NOMEM, "manifest %s: out of memory", path);
  sf_code rc = err ? sf_fail(st, SF_ERR_IO, "manifest %s: read error", path) : sf_manifest_parse(buf, n, path, out, st);
  free(buf);
  return rc;
}

void sf_manifest_free(sf_manifest *m) { free(m); }

static bool sf_cond_holds(const sf_manifest_cond *c, const sf_finding_facts *f) {
  if (!strcmp(c->key, "offsets")) return f->offsets == !strcmp(c->value, "yes");
  if (!strcmp(c->key, "wild")) return f->wild == !strcmp(c->value, "yes");
  if (!strcmp(c->key, "addr")) {
    for (unsigned a = 0; a < 3; a++)
      if (f->addr[a] && fnmatch(c->value, f->addr[a], 0) == 0) return true;
    return false;
  }
  const char *v = !strcmp(c->key, "op") ? f->op : !strcmp(c->key, "type") ? f->type : f->format;
  return v && fnmatch(c->value, v, 0) == 0;
}

int sf_manifest_match(sf_manifest *m, const sf_finding_facts *f) {
  if (!m || !f || !f->signature) return -1;
  for (unsigned i = 0; i < m->n; i++) {
    sf_manifest_entry *e = &m->e[i];
    if (fnmatch(e->pattern, f->signature, 0) != 0) continue;
    bool all = true;
    for (unsigned k = 0; k < e->ncond && all; k++) all = sf_cond_holds(&e->cond[k], f);
    if (!all) continue;
    atomic_fetch_add(&e->hits, 1);
    return (int)i;
  }
  return -1;
}

unsigned sf_manifest_size(const sf_manifest *m) { return m ? m->n : 0; }

bool sf_manifest_entry_info(const sf_manifest *m, unsigned i, sf_manifest_info *out) {
  if (!m || i >= m->n) return false;
  const sf_manifest_entry *e = &m->e[i];
  out->pattern = e->pattern;
  out->reason = e->reason;
  out->link = e->link;
  out->line = e->line;
  out->nconditions = e->ncond;
  out->hits = atomic_load(&m->e[i].hits);
  return true;
}
