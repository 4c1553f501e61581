/* visa_kernel.c — builders for sf_visa_kernel (a vISA v4.1 kernel object, visa.h) and the name
 * lookups the text printer and parser use.
 *
 * Numbering follows docs/visa-binary.md: general variables from V32 (V0..V20 are the
 * predefined %null, %thread_x, ...), samplers from S0, surfaces from T6 (T0..T5 are predefined),
 * predicates from P1, addresses from A0. Every table is capped (visa.h SF_ISA_MAX_*, sampler count
 * < 32 as IGC's reader asserts, surface index <= 255, predicate id <= 4095), so a builder never
 * produces a kernel the binary format cannot hold. */
#include "harness/visa/visa_chars.h"
#include "harness/visa/visa_kernel_priv.h"
#include "harness/model/asan_tail.h"

#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

static const char *const predef_vars[SF_VISA_NUM_PREDEF_VARS] = {
    "%null", "%thread_x", "%thread_y", "%group_id_x", "%group_id_y", "%group_id_z", "%tsc",
    "%r0", "%arg", "%retval", "%sp", "%fp", "%hw_id", "%sr0", "%cr0", "%ce0", "%dbg0", "%color",
    "%impl_arg_buf_ptr", "%local_id_buf_ptr", "%msg0"};

static const char *const predef_surfaces[SF_VISA_NUM_PREDEF_SURFACES] = {"%slm", "T1", "T2", "TSS",
                                                                        "%bss", "%scratch"};

const char *sf_visa_predef_var_name(uint32_t id) {
  return id < SF_VISA_NUM_PREDEF_VARS ? predef_vars[id] : NULL;
}

const char *sf_visa_predef_surface_name(uint32_t idx) {
  return idx < SF_VISA_NUM_PREDEF_SURFACES ? predef_surfaces[idx] : NULL;
}

const char *sf_visa_kernel_string(const sf_visa_kernel *k, uint32_t idx) {
  if (!k || !k->strings || idx >= k->num_strings) return NULL;
  return k->strings[idx];
}

static bool ident_start(char c) { return sf_visa_cc_is(c, SF_VC_ALPHA); }
static bool ident_char(char c) { return sf_visa_cc_is(c, SF_VC_ALPHA | SF_VC_DIGIT); }

bool sf_visa_ident_ok(const char *s, size_t n) {
  if (!s || n == 0 || n > SF_VISA_MAX_NAME || !ident_start(s[0])) return false;
  for (const char *p = s + 1, *e = s + n; p != e; p++) /* p != e: not a traced comparison per byte */
    if (!ident_char(*p)) return false;
  return true;
}

const char *sf_visa_var_name(const sf_visa_kernel *k, uint32_t id) {
  if (id < SF_VISA_FIRST_USER_VAR) return sf_visa_predef_var_name(id);
  if (!k || !k->vars || id - SF_VISA_FIRST_USER_VAR >= k->num_vars) return NULL;
  return sf_visa_kernel_string(k, k->vars[id - SF_VISA_FIRST_USER_VAR].name);
}

static bool name_eq(const char *a, const char *s, size_t n) {
  return a && strlen(a) == n && memcmp(a, s, n) == 0;
}

sf_visa_symkind sf_visa_kernel_lookup(const sf_visa_kernel *k, const char *s, size_t n, uint32_t *id) {
  if (!k) return SF_SYM_NONE;
  for (uint32_t i = 0; k->vars && i < k->num_vars; i++)
    if (name_eq(sf_visa_kernel_string(k, k->vars[i].name), s, n)) {
      *id = SF_VISA_FIRST_USER_VAR + i;
      return SF_SYM_VAR;
    }
  for (uint32_t i = 0; k->addrs && i < k->num_addrs; i++)
    if (name_eq(sf_visa_kernel_string(k, k->addrs[i].name), s, n)) {
      *id = i;
      return SF_SYM_ADDR;
    }
  for (uint32_t i = 0; k->preds && i < k->num_preds; i++)
    if (name_eq(sf_visa_kernel_string(k, k->preds[i].name), s, n)) {
      *id = i + 1;
      return SF_SYM_PRED;
    }
  for (uint32_t i = 0; k->samplers && i < k->num_samplers; i++)
    if (name_eq(sf_visa_kernel_string(k, k->samplers[i].name), s, n)) {
      *id = i;
      return SF_SYM_SAMPLER;
    }
  for (uint32_t i = 0; k->surfaces && i < k->num_surfaces; i++)
    if (name_eq(sf_visa_kernel_string(k, k->surfaces[i].name), s, n)) {
      *id = SF_VISA_FIRST_USER_SURFACE + i;
      return SF_SYM_SURFACE;
    }
  return SF_SYM_NONE;
}

/* Makes *arr (elements of esz bytes) hold at least `need` elements, the count the caller is about
 * to have: under ASan the elements from `need` on are poisoned until a later call needs them, so
 * callers grow for count + 1 before each append and never read past their count. It grows to a power of two;
 * with glibc the allocation's usable size tells whether it is already big enough, so appending is
 * amortized O(1) whatever capacity the array was allocated with (e.g. exactly `count` by the .isa
 * reader). Elsewhere it reallocates on every call, which is correct, only slower. */
bool sf_visa_grow(void **arr, size_t need, size_t esz) {
  if (esz == 0 || need > SIZE_MAX / 2 / esz) return false;
#if defined(__GLIBC__)
  if (*arr) {
    size_t have = malloc_usable_size(*arr);
    if (have >= need * esz) { /* the first `need` elements in use, the rest poisoned (asan_tail.h) */
      sf_tail_mark(*arr, need, esz, have);
      return true;
    }
  }
#endif
  size_t cap = 1;
  while (cap < need) cap <<= 1;
  void *p = realloc(*arr, cap * esz);
  if (!p) return false;
  *arr = p;
  SF_TAIL_FREE((char *)p + need * esz, (cap - need) * esz);
  return true;
}

static bool grow(void **arr, size_t count, size_t esz) { return sf_visa_grow(arr, count + 1, esz); }

/* Appends a copy of s (n bytes) to the string table; returns its index or -1. */
static int64_t add_string(sf_visa_kernel *k, const char *s, size_t n, sf_status *st) {
  if (k->num_strings >= SF_ISA_MAX_STRINGS) {
    sf_fail(st, SF_ERR_LIMIT, "kernel string table is full (%u strings)", SF_ISA_MAX_STRINGS);
    return -1;
  }
  char *copy = malloc(n + 1);
  if (!copy || !grow((void **)&k->strings, k->num_strings, sizeof *k->strings)) {
    free(copy);
    sf_fail(st, SF_ERR_NOMEM, "out of memory adding a string");
    return -1;
  }
  memcpy(copy, s, n);
  copy[n] = 0;
  k->strings[k->num_strings] = copy;
  return k->num_strings++;
}

int64_t sf_visa_kernel_add_string(sf_visa_kernel *k, const char *s, size_t n, sf_status *st) {
  if (!k || (!s && n)) return sf_fail(st, SF_ERR_INVALID, "kernel or string is NULL"), -1;
  return add_string(k, s ? s : "", n, st);
}

/* Checks a new symbol name: a valid identifier, not yet declared in this kernel. */
static bool check_new_name(const sf_visa_kernel *k, const char *name, const char *what, bool check_unique,
                           sf_status *st) {
  if (!name) {
    sf_fail(st, SF_ERR_INVALID, "%s name is NULL", what);
    return false;
  }
  size_t n = strlen(name);
  if (!sf_visa_ident_ok(name, n)) {
    sf_fail(st, SF_ERR_INVALID,
            "%s name '%.40s' is not an identifier ([A-Za-z_$@][A-Za-z0-9_$@]*, at most %u bytes)", what,
            name, SF_VISA_MAX_NAME);
    return false;
  }
  uint32_t id;
  if (check_unique && sf_visa_kernel_lookup(k, name, n, &id) != SF_SYM_NONE) {
    sf_fail(st, SF_ERR_INVALID, "%s name '%.40s' is already declared in this kernel", what, name);
    return false;
  }
  return true;
}

sf_code sf_visa_kernel_init(sf_visa_kernel *k, const char *name, sf_status *st) {
  if (!k) return sf_fail(st, SF_ERR_INVALID, "kernel is NULL");
  memset(k, 0, sizeof *k);
  if (!name) return sf_fail(st, SF_ERR_INVALID, "kernel name is NULL");
  size_t n = strlen(name);
  if (n == 0 || n > SF_VISA_MAX_NAME)
    return sf_fail(st, SF_ERR_RANGE, "kernel name must be 1..%u bytes (got %zu)", SF_VISA_MAX_NAME, n);
  k->name = malloc(n + 1);
  if (!k->name) return sf_fail(st, SF_ERR_NOMEM, "out of memory");
  memcpy(k->name, name, n + 1);
  k->name_len = (uint16_t)n;
  int64_t idx = add_string(k, name, n, st);
  if (idx < 0) {
    sf_visa_kernel_free(k);
    return st ? st->code : SF_ERR_NOMEM;
  }
  k->name_index = (uint32_t)idx;
  return SF_OK;
}

/* Samplers, surfaces, predicates and addresses share sf_visa_sym. */
static int64_t add_sym(sf_visa_kernel *k, sf_visa_sym **arr, uint32_t count, uint32_t max, const char *name,
                       uint16_t num_elts, const char *what, bool check, sf_status *st) {
  if (count >= max) return sf_fail(st, SF_ERR_LIMIT, "too many %ss (at most %u)", what, max), -1;
  if (num_elts == 0) return sf_fail(st, SF_ERR_RANGE, "a %s needs at least one element", what), -1;
  if (!check_new_name(k, name, what, check, st)) return -1;
  if (!grow((void **)arr, count, sizeof **arr)) return sf_fail(st, SF_ERR_NOMEM, "out of memory"), -1;
  int64_t s = add_string(k, name, strlen(name), st);
  if (s < 0) return -1;
  sf_visa_sym *y = &(*arr)[count];
  memset(y, 0, sizeof *y);
  y->name = (uint32_t)s;
  y->num_elts = num_elts;
  y->attr_first = k->num_attrs;
  return 0;
}

int64_t sf_visa_kernel_declare(sf_visa_kernel *k, sf_visa_symkind kind, const char *name, uint8_t type,
                               uint16_t num_elts, uint8_t align, bool check, sf_status *st) {
  if (!k) return sf_fail(st, SF_ERR_INVALID, "kernel is NULL"), -1;
  switch (kind) {
    case SF_SYM_VAR: {
      if (type > 15) return sf_fail(st, SF_ERR_RANGE, "variable type %u is not a vISA type (0-15)", type), -1;
      if (align > 15) return sf_fail(st, SF_ERR_RANGE, "variable alignment %u does not fit 4 bits", align), -1;
      if (num_elts == 0) return sf_fail(st, SF_ERR_RANGE, "a variable needs at least one element"), -1;
      if (k->num_vars >= SF_ISA_MAX_VARS)
        return sf_fail(st, SF_ERR_LIMIT, "too many variables (at most %u)", SF_ISA_MAX_VARS), -1;
      if (!check_new_name(k, name, "variable", check, st)) return -1;
      if (!grow((void **)&k->vars, k->num_vars, sizeof *k->vars))
        return sf_fail(st, SF_ERR_NOMEM, "out of memory"), -1;
      int64_t s = add_string(k, name, strlen(name), st);
      if (s < 0) return -1;
      sf_visa_var *v = &k->vars[k->num_vars];
      memset(v, 0, sizeof *v);
      v->name = (uint32_t)s;
      v->props = (uint8_t)(type | (align << 4));
      v->num_elts = num_elts;
      v->attr_first = k->num_attrs;
      return (int64_t)SF_VISA_FIRST_USER_VAR + k->num_vars++;
    }
    case SF_SYM_SAMPLER:
      /* IGC's reader asserts sampler_count < 32 (docs/visa-binary.md). */
      if (add_sym(k, &k->samplers, k->num_samplers, 31, name, 1, "sampler", check, st) < 0) return -1;
      return k->num_samplers++;
    case SF_SYM_SURFACE:
      /* Surface indices are UB in instructions: T6..T255. */
      if (add_sym(k, &k->surfaces, k->num_surfaces, 256 - SF_VISA_FIRST_USER_SURFACE, name, 1, "surface", check, st) < 0)
        return -1;
      return SF_VISA_FIRST_USER_SURFACE + k->num_surfaces++;
    case SF_SYM_PRED:
      /* The predicate field holds a 12-bit id, and id 0 means "none": P1..P4095. */
      if (add_sym(k, &k->preds, k->num_preds, 4095, name, num_elts, "predicate", check, st) < 0) return -1;
      return 1 + k->num_preds++;
    case SF_SYM_ADDR:
      if (add_sym(k, &k->addrs, k->num_addrs, 65535, name, num_elts, "address", check, st) < 0) return -1;
      return k->num_addrs++;
    default: return sf_fail(st, SF_ERR_INVALID, "unknown declaration kind %d", (int)kind), -1;
  }
}

int64_t sf_visa_kernel_add_var(sf_visa_kernel *k, const char *name, uint8_t type, uint16_t num_elts,
                               uint8_t align, sf_status *st) {
  return sf_visa_kernel_declare(k, SF_SYM_VAR, name, type, num_elts, align, true, st);
}

int64_t sf_visa_kernel_add_sampler(sf_visa_kernel *k, const char *name, sf_status *st) {
  return sf_visa_kernel_declare(k, SF_SYM_SAMPLER, name, 0, 1, 0, true, st);
}

int64_t sf_visa_kernel_add_surface(sf_visa_kernel *k, const char *name, sf_status *st) {
  return sf_visa_kernel_declare(k, SF_SYM_SURFACE, name, 0, 1, 0, true, st);
}

int64_t sf_visa_kernel_add_pred(sf_visa_kernel *k, const char *name, uint16_t num_elts, sf_status *st) {
  return sf_visa_kernel_declare(k, SF_SYM_PRED, name, 0, num_elts, 0, true, st);
}

int64_t sf_visa_kernel_add_addr(sf_visa_kernel *k, const char *name, uint16_t num_elts, sf_status *st) {
  return sf_visa_kernel_declare(k, SF_SYM_ADDR, name, 0, num_elts, 0, true, st);
}

sf_code sf_visa_kernel_add_attr(sf_visa_kernel *k, const char *name, const uint8_t *value, uint8_t size,
                                sf_status *st) {
  if (!k || !name) return sf_fail(st, SF_ERR_INVALID, "kernel or attribute name is NULL");
  if (size && !value) return sf_fail(st, SF_ERR_INVALID, "attribute value is NULL with %u bytes", (unsigned)size);
  size_t n = strlen(name);
  if (!sf_visa_ident_ok(name, n))
    return sf_fail(st, SF_ERR_INVALID, "attribute name '%.40s' is not an identifier", name);
  if (k->num_kattrs == 0) k->kattr_first = k->num_attrs;
  /* Kernel attributes are one contiguous run of attrs[] (visa.h); a kernel read from a file may
   * have other attributes after them. */
  if (k->kattr_first + k->num_kattrs != k->num_attrs)
    return sf_fail(st, SF_UNSUPPORTED, "cannot append a kernel attribute after variable attributes");
  if (k->num_kattrs >= 65535u || k->num_attrs >= SF_ISA_MAX_ATTRS)
    return sf_fail(st, SF_ERR_LIMIT, "too many attributes (at most %u)", SF_ISA_MAX_ATTRS);
  if ((uint64_t)k->attr_bytes_len + size > (64u << 20))
    return sf_fail(st, SF_ERR_LIMIT, "attribute values exceed 64 MiB");
  if (!grow((void **)&k->attrs, k->num_attrs, sizeof *k->attrs)) return sf_fail(st, SF_ERR_NOMEM, "out of memory");
  if (size) {
    if (!sf_visa_grow((void **)&k->attr_bytes, (size_t)k->attr_bytes_len + size, 1))
      return sf_fail(st, SF_ERR_NOMEM, "out of memory");
    memcpy(k->attr_bytes + k->attr_bytes_len, value, size);
  }
  int64_t s = add_string(k, name, n, st);
  if (s < 0) return st ? st->code : SF_ERR_NOMEM;
  sf_visa_attr *a = &k->attrs[k->num_attrs++];
  a->name = (uint32_t)s;
  a->size = size;
  a->value_off = k->attr_bytes_len;
  k->attr_bytes_len += size;
  k->num_kattrs++;
  return SF_OK;
}

sf_code sf_visa_kernel_add_string_attr(sf_visa_kernel *k, const char *name, const char *value, sf_status *st) {
  if (!value) return sf_fail(st, SF_ERR_INVALID, "attribute value is NULL");
  size_t n = strlen(value);
  /* attribute_info.size is UB; string values are stored without a NUL (docs/visa-binary.md). */
  if (n > 255) return sf_fail(st, SF_ERR_RANGE, "attribute value is %zu bytes; at most 255 fit", n);
  return sf_visa_kernel_add_attr(k, name, (const uint8_t *)value, (uint8_t)n, st);
}

sf_code sf_visa_kernel_add_inst(sf_visa_kernel *k, const sf_inst *in, sf_status *st) {
  if (!k || !in) return sf_fail(st, SF_ERR_INVALID, "kernel or instruction is NULL");
  if (in->family != SF_FAMILY_SAMPLE_UNORM && in->family != SF_FAMILY_SAMPLE_3D && in->family != SF_FAMILY_AVS)
    return sf_fail(st, SF_ERR_INVALID, "only vISA instructions (SAMPLE_UNORM, 3D_SAMPLE, AVS) go in a vISA kernel");
  if (k->num_insts >= SF_ISA_MAX_INSTS)
    return sf_fail(st, SF_ERR_LIMIT, "too many instructions (at most %u)", SF_ISA_MAX_INSTS);
  if (!grow((void **)&k->insts, k->num_insts, sizeof *k->insts)) return sf_fail(st, SF_ERR_NOMEM, "out of memory");
  k->insts[k->num_insts++] = *in;
  return SF_OK;
}

static unsigned drop_gen_code(sf_visa_kernel *k, uint64_t *bytes) {
  unsigned n = 0;
  for (uint32_t i = 0; k->genbins && i < k->num_genbins; i++) {
    if (!k->genbins[i].size) continue;
    *bytes += k->genbins[i].size;
    free(k->genbins[i].bytes);
    k->genbins[i].bytes = NULL;
    k->genbins[i].size = 0;
    k->genbins[i].offset = 0;
    n++;
  }
  return n;
}

unsigned sf_isa_drop_gen_code(sf_isa_file *f, uint64_t *bytes) {
  uint64_t b = 0;
  unsigned n = 0;
  for (uint32_t i = 0; f && f->kernels && i < f->num_kernels; i++) n += drop_gen_code(&f->kernels[i], &b);
  for (uint32_t i = 0; f && f->functions && i < f->num_functions; i++) n += drop_gen_code(&f->functions[i], &b);
  if (bytes) *bytes = b;
  return n;
}

void sf_visa_kernel_free(sf_visa_kernel *k) {
  if (!k) return;
  free(k->name);
  for (uint32_t i = 0; k->genbins && i < k->num_genbins; i++) free(k->genbins[i].bytes);
  free(k->genbins);
  if (k->strings)
    for (uint32_t i = 0; i < k->num_strings; i++) free(k->strings[i]);
  free(k->strings);
  free(k->vars);
  free(k->addrs);
  free(k->preds);
  free(k->labels);
  free(k->samplers);
  free(k->surfaces);
  free(k->inputs);
  free(k->attrs);
  free(k->attr_bytes);
  free(k->code);
  free(k->insts);
  free(k->rets);
  for (uint32_t i = 0; k->gens && i < k->num_gens; i++) sf_visa_ginst_free(&k->gens[i]);
  free(k->gens);
  free(k->code_tail);
  for (uint32_t i = 0; k->funcdecls && i < k->num_funcdecls; i++) free(k->funcdecls[i]);
  free(k->funcdecls);
  memset(k, 0, sizeof *k);
}

/* ---- Name index --------------------------------------------------------------------------------- */

static uint32_t name_hash(const char *s, size_t n) {
  uint32_t h = 2166136261u; /* FNV-1a */
  for (size_t i = 0; i < n; i++) h = (h ^ (uint8_t)s[i]) * 16777619u;
  return h;
}

static bool names_insert(sf_visa_name_ent *tab, uint32_t cap, sf_visa_name_ent e) {
  size_t n = strlen(e.name);
  for (uint32_t i = name_hash(e.name, n) & (cap - 1), probes = 0; probes < cap; i = (i + 1) & (cap - 1), probes++) {
    if (!tab[i].name) {
      tab[i] = e;
      return true;
    }
    if (name_eq(tab[i].name, e.name, n)) return false; /* first declaration wins */
  }
  return false;
}

bool sf_visa_names_add(sf_visa_names *ix, const char *name, sf_visa_symkind kind, uint32_t id) {
  if (!name) return true;
  if ((uint64_t)(ix->count + 1) * 2 > ix->cap) {
    uint32_t cap = ix->cap ? ix->cap * 2 : 64;
    if (cap < ix->cap || cap > (1u << 30)) return false;
    sf_visa_name_ent *t = calloc(cap, sizeof *t);
    if (!t) return false;
    for (uint32_t i = 0; i < ix->cap; i++)
      if (ix->ent[i].name) names_insert(t, cap, ix->ent[i]);
    free(ix->ent);
    ix->ent = t;
    ix->cap = cap;
  }
  sf_visa_name_ent e = {name, id, (uint8_t)kind};
  if (names_insert(ix->ent, ix->cap, e)) ix->count++;
  return true;
}

sf_visa_symkind sf_visa_names_find(const sf_visa_names *ix, const char *s, size_t n, uint32_t *id) {
  if (!ix || !ix->cap) return SF_SYM_NONE;
  for (uint32_t i = name_hash(s, n) & (ix->cap - 1), probes = 0; probes < ix->cap;
       i = (i + 1) & (ix->cap - 1), probes++) {
    if (!ix->ent[i].name) return SF_SYM_NONE;
    if (name_eq(ix->ent[i].name, s, n)) {
      *id = ix->ent[i].id;
      return (sf_visa_symkind)ix->ent[i].kind;
    }
  }
  return SF_SYM_NONE;
}

bool sf_visa_names_build(sf_visa_names *ix, const sf_visa_kernel *k) {
  bool ok = true;
  for (uint32_t i = 0; ok && k->vars && i < k->num_vars; i++)
    ok = sf_visa_names_add(ix, sf_visa_kernel_string(k, k->vars[i].name), SF_SYM_VAR, SF_VISA_FIRST_USER_VAR + i);
  for (uint32_t i = 0; ok && k->addrs && i < k->num_addrs; i++)
    ok = sf_visa_names_add(ix, sf_visa_kernel_string(k, k->addrs[i].name), SF_SYM_ADDR, i);
  for (uint32_t i = 0; ok && k->preds && i < k->num_preds; i++)
    ok = sf_visa_names_add(ix, sf_visa_kernel_string(k, k->preds[i].name), SF_SYM_PRED, i + 1);
  for (uint32_t i = 0; ok && k->samplers && i < k->num_samplers; i++)
    ok = sf_visa_names_add(ix, sf_visa_kernel_string(k, k->samplers[i].name), SF_SYM_SAMPLER, i);
  for (uint32_t i = 0; ok && k->surfaces && i < k->num_surfaces; i++)
    ok = sf_visa_names_add(ix, sf_visa_kernel_string(k, k->surfaces[i].name), SF_SYM_SURFACE,
                           SF_VISA_FIRST_USER_SURFACE + i);
  return ok;
}

void sf_visa_names_free(sf_visa_names *ix) {
  free(ix->ent);
  memset(ix, 0, sizeof *ix);
}

sf_visa_walk_kind sf_visa_walk_next(const sf_visa_kernel *k, sf_visa_walk *w, uint32_t *idx, sf_status *st) {
  if ((k->num_insts && !k->insts) || (k->num_rets && !k->rets) || (k->num_gens && !k->gens))
    return sf_fail(st, SF_ERR_INVALID, "instruction count without an array"), SF_WALK_ERR;
  if (w->gi < k->num_gens) {
    uint32_t at = k->gens[w->gi].at;
    if (at < w->pos)
      return sf_fail(st, SF_ERR_INVALID, "gens[%u].at = %u is out of order (position %u)", (unsigned)w->gi,
                     (unsigned)at, (unsigned)w->pos), SF_WALK_ERR;
    if (at == w->pos) {
      *idx = w->gi++;
      w->pos++;
      return SF_WALK_GEN;
    }
  }
  if (w->ri < k->num_rets) {
    uint32_t before = k->rets[w->ri].before;
    if (before < w->ii)
      return sf_fail(st, SF_ERR_INVALID, "rets[%u].before = %u is out of order", (unsigned)w->ri, (unsigned)before),
             SF_WALK_ERR;
    if (before == w->ii) {
      *idx = w->ri++;
      w->pos++;
      return SF_WALK_RET;
    }
  }
  if (w->ii < k->num_insts) {
    *idx = w->ii++;
    w->pos++;
    return SF_WALK_INST;
  }
  if (w->ri < k->num_rets)
    return sf_fail(st, SF_ERR_INVALID, "rets[%u].before = %u is past the last instruction (%u)", (unsigned)w->ri,
                   (unsigned)k->rets[w->ri].before, (unsigned)k->num_insts), SF_WALK_ERR;
  if (w->gi < k->num_gens)
    return sf_fail(st, SF_ERR_INVALID, "gens[%u].at = %u is past the end of the stream (%u instructions)",
                   (unsigned)w->gi, (unsigned)k->gens[w->gi].at, (unsigned)w->pos), SF_WALK_ERR;
  return SF_WALK_END;
}

/* A label (name string + kind) for the text parser: labels are created in order of first
 * appearance in the text (docs/visa-text.md "Generic instructions"). */
int64_t sf_visa_kernel_add_label(sf_visa_kernel *k, const char *name, size_t n, uint8_t kind, sf_status *st) {
  if (!k || !name) return sf_fail(st, SF_ERR_INVALID, "sf_visa_kernel_add_label: NULL argument"), -1;
  if (k->num_labels >= UINT16_MAX) return sf_fail(st, SF_ERR_LIMIT, "more than %u labels", (unsigned)UINT16_MAX), -1;
  if (!grow((void **)&k->labels, k->num_labels, sizeof *k->labels)) return sf_fail(st, SF_ERR_NOMEM, "out of memory"), -1;
  int64_t s = add_string(k, name, n, st);
  if (s < 0) return -1;
  k->labels[k->num_labels].name = (uint32_t)s;
  k->labels[k->num_labels].kind = kind;
  return k->num_labels++;
}
