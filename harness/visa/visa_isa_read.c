/* visa_isa_read.c — the vISA `.isa` container (3.1 to 4.1): reader and free.
 *
 * Layout: docs/visa-binary.md (file header with per-kernel entries and gen-binary
 * records), §2.2 (kernel object: strings, variables, addresses, predicates, labels, samplers,
 * surfaces, vme_count, inputs, size, entry, attributes, instruction bytes) and §2.3 (numbering).
 * The reader bounds-checks every offset and size against the file, caps every count (SF_ISA_* in
 * visa.h), and positions every error at an absolute byte offset. It walks each kernel's
 * instruction bytes with sf_visa_decode; RET (0x34, `34 | exec:UB | pred:UW`) is decoded here
 * into sf_visa_kernel.rets. Versions 3.1 to 4.1 are read, in the field widths of each (kread.ver;
 * docs/visa-binary.md "Versions"). docs/visa-binary.md describes what is accepted and rejected.
 *
 * This file reads; visa_isa_write.c writes. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_bin_priv.h"
#include "harness/visa/visa_isa_priv.h"
#include "harness/visa/visa_optab.h"
#include "harness/model/asan_tail.h"



/* Grows *p (elements of `elem` bytes, capacity *cap) to hold at least `need` elements. */
static bool grow(void **p, uint32_t *cap, uint64_t need, size_t elem, sf_status *st) {
  if (need <= *cap) { /* elements from `need` on stay poisoned under ASan (asan_tail.h) */
    if (*p) sf_tail_mark(*p, (size_t)need, elem, (size_t)*cap * elem);
    return true;
  }
  uint64_t c = *cap ? *cap : 8;
  while (c < need) c *= 2;
  if (c > UINT32_MAX) c = UINT32_MAX;
  if (c * elem > ((uint64_t)1 << 40)) {
    sf_fail(st, SF_ERR_NOMEM, "refusing to allocate %llu elements", (unsigned long long)c);
    return false;
  }
  void *q = realloc(*p, (size_t)(c * elem));
  if (!q) {
    sf_fail(st, SF_ERR_NOMEM, "cannot allocate %llu bytes", (unsigned long long)(c * elem));
    return false;
  }
  *p = q;
  *cap = (uint32_t)c;
  SF_TAIL_FREE((char *)q + need * elem, (size_t)((c - need) * elem));
  return true;
}

/* Fails (truncated) when `count` records of at least `min_each` bytes cannot fit in what is left. */
static bool fits(sf_reader *r, uint64_t count, size_t min_each, uint64_t at, const char *what) {
  if (r->failed) return false;
  uint64_t left = sf_reader_left(r);
  if (count > left / (min_each ? min_each : 1)) {
    sf_fail_byte(r->st, SF_ERR_TRUNCATED, at, "%s: %llu entries need at least %llu bytes, %llu left", what,
                 (unsigned long long)count, (unsigned long long)(count * min_each), (unsigned long long)left);
    r->failed = true;
    return false;
  }
  return true;
}

/* The reader only fails on truncation (its message and position are already in st). */
static sf_code rd_code(const sf_reader *r) { return r->failed ? SF_ERR_TRUNCATED : SF_OK; }

static sf_code ret_decode(const uint8_t *p, size_t len, uint64_t base, sf_visa_ret *ret, size_t *used,
                          sf_status *st) {
  sf_reader r;
  sf_reader_init(&r, p, len, base, st);
  (void)sf_rd_u8(&r, "ret opcode");
  uint8_t ex = sf_rd_u8(&r, "ret exec size");
  uint16_t pw = sf_rd_u16(&r, "ret predicate");
  if (r.failed) return SF_ERR_TRUNCATED;
  ret->exec_size = (uint8_t)(ex & 0xF);
  ret->emask = (uint8_t)(ex >> 4);
  ret->pred.id = (uint16_t)(pw & 0xFFF);
  ret->pred.rsvd = (uint8_t)((pw >> 12) & 1);
  ret->pred.ctrl = (uint8_t)((pw >> 13) & 3);
  ret->pred.invert = (pw >> 15) & 1;
  *used = r.pos;
  return SF_OK;
}

static bool kr_ok(const kread *c) { return !c->r.failed && c->code == SF_OK; }

static uint64_t kr_pos(const kread *c) { return c->r.base + c->r.pos; }

static void kr_fail(kread *c, sf_code code, uint64_t at, const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void kr_fail(kread *c, sf_code code, uint64_t at, const char *fmt, ...) {
  if (c->code != SF_OK || c->r.failed) return;
  char msg[SF_STATUS_MSG_MAX];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  c->code = sf_fail_byte(c->st, code, at, "%s", msg);
}

/* An id or count field: UD, or UW before vISA 3.4 (SF_ISA_IDW). */
static uint32_t kr_id(kread *c, const char *what) {
  return SF_ISA_IDW(c->ver) == 4 ? sf_rd_u32(&c->r, what) : sf_rd_u16(&c->r, what);
}

/* A string index field (kr_id) that must name an existing string. */
static uint32_t kr_str_index(kread *c, const char *what) {
  if (!kr_ok(c)) return 0;
  uint64_t at = kr_pos(c);
  uint32_t v = kr_id(c, what);
  if (kr_ok(c) && v >= c->k->num_strings)
    kr_fail(c, SF_ERR_RANGE, at, "%s: string index %u, but the kernel has %u strings", what, (unsigned)v,
            (unsigned)c->k->num_strings);
  return v;
}

/* n attribute_info records (name UD, size UB, size value bytes) appended to k->attrs; the count was
 * just read, `width` bytes wide, and a count the bytes left cannot hold is refused at it. */
static void kr_attrs(kread *c, uint32_t n, unsigned width, uint32_t *first, const char *what) {
  sf_visa_kernel *k = c->k;
  *first = k->num_attrs;
  if (!kr_ok(c)) return;
  if (!fits(&c->r, n, MIN_ATTR - 4 + SF_ISA_IDW(c->ver), kr_pos(c) - width, what)) return;
  for (uint32_t i = 0; i < n && kr_ok(c); i++) {
    uint64_t at = kr_pos(c);
    if (k->num_attrs >= SF_ISA_MAX_ATTRS) {
      kr_fail(c, SF_ERR_LIMIT, at, "%s: more than %u attributes in one kernel", what, SF_ISA_MAX_ATTRS);
      return;
    }
    if (!grow((void **)&k->attrs, &c->attrs_cap, (uint64_t)k->num_attrs + 1, sizeof *k->attrs, c->st)) {
      c->code = SF_ERR_NOMEM;
      return;
    }
    sf_visa_attr *a = &k->attrs[k->num_attrs];
    a->name = kr_str_index(c, what);
    a->size = kr_ok(c) ? sf_rd_u8(&c->r, what) : 0;
    if (!kr_ok(c)) return;
    if (!grow((void **)&k->attr_bytes, &c->bytes_cap, (uint64_t)k->attr_bytes_len + a->size + 1, 1, c->st)) {
      c->code = SF_ERR_NOMEM;
      return;
    }
    a->value_off = k->attr_bytes_len;
    if (!sf_rd_bytes(&c->r, k->attr_bytes + k->attr_bytes_len, a->size, what)) return;
    k->attr_bytes_len += a->size;
    k->num_attrs++;
  }
}

/* A declaration's num_elements (UW). Zero is refused for every kind of declaration: the text form
 * (`num_elts=0`) and the kernel builders refuse it too, so a file we read always prints to text that
 * parses back; GenX_IR refuses such variables and predicates as well. */
static uint16_t kr_elts(kread *c, const char *what) {
  if (!kr_ok(c)) return 0;
  uint64_t at = kr_pos(c);
  uint16_t n = sf_rd_u16(&c->r, what);
  if (kr_ok(c) && n == 0) kr_fail(c, SF_ERR_RANGE, at, "%s: a declaration needs at least one element", what);
  return n;
}

/* Address, predicate, sampler and surface records: name UD, num_elements UW, attr_count UB, attrs. */
static void kr_syms(kread *c, uint32_t n, uint64_t count_at, sf_visa_sym **out, const char *what) {
  *out = NULL;
  if (!kr_ok(c) || n == 0) return;
  if (!fits(&c->r, n, MIN_SYM - 4 + SF_ISA_IDW(c->ver), count_at, what)) return;
  *out = calloc(n, sizeof **out);
  if (!*out) {
    c->code = sf_fail(c->st, SF_ERR_NOMEM, "%s: cannot allocate %u records", what, (unsigned)n);
    return;
  }
  for (uint32_t i = 0; i < n && kr_ok(c); i++) {
    sf_visa_sym *s = &(*out)[i];
    s->name = kr_str_index(c, what);
    s->num_elts = kr_elts(c, what);
    s->attr_count = kr_ok(c) ? sf_rd_u8(&c->r, what) : 0;
    kr_attrs(c, s->attr_count, 1, &s->attr_first, what);
  }
}

static void kr_strings(kread *c) {
  sf_visa_kernel *k = c->k;
  uint64_t at = kr_pos(c);
  uint32_t n = kr_id(c, "string_count");
  if (!kr_ok(c)) return;
  if (n > SF_ISA_MAX_STRINGS) {
    kr_fail(c, SF_ERR_LIMIT, at, "string_count: %u strings exceed the cap of %u", (unsigned)n, SF_ISA_MAX_STRINGS);
    return;
  }
  if (!fits(&c->r, n, 1, at, "strings")) return;
  if (n == 0) return;
  k->strings = calloc(n, sizeof *k->strings);
  if (!k->strings) {
    c->code = sf_fail(c->st, SF_ERR_NOMEM, "cannot allocate %u strings", (unsigned)n);
    return;
  }
  for (uint32_t i = 0; i < n; i++) {
    const uint8_t *p = c->r.data + c->r.pos;
    size_t left = sf_reader_left(&c->r);
    const uint8_t *z = memchr(p, 0, left);
    if (!z) {
      c->code = sf_fail_byte(c->st, SF_ERR_TRUNCATED, kr_pos(c), "string %u has no terminating NUL before the end "
                             "of the kernel object", (unsigned)i);
      return;
    }
    size_t sl = (size_t)(z - p);
    char *s = malloc(sl + 1);
    if (!s) {
      c->code = sf_fail(c->st, SF_ERR_NOMEM, "cannot allocate string %u", (unsigned)i);
      return;
    }
    memcpy(s, p, sl + 1);
    k->strings[i] = s;
    k->num_strings = i + 1;
    c->r.pos += sl + 1;
  }
}

/* Decodes k->code (the instruction area) into insts[], rets[] and gens[] (every other opcode, through
 * the opcode table). abs = absolute offset of code[0]. */
/* IGC 1.0.12504's writer sizes the instruction area for the whole instructions but writes only their
 * first fields (docs/visa-binary.md §6), so the area ends in bytes it never wrote. In that form the
 * stream ends at the last RET that decodes; the bytes after it are kept verbatim in code_tail. */
static void kr_cut_at_last_ret(kread *c) {
  sf_visa_kernel *k = c->k;
  if (!c->last_ret_gen || c->code == SF_ERR_NOMEM) return;
  for (uint32_t i = c->last_ret_gen; i < k->num_gens; i++) sf_visa_ginst_free(&k->gens[i]);
  k->num_gens = c->last_ret_gen;
  size_t n = k->code_len - c->last_ret_end;
  free(k->code_tail);
  k->code_tail = NULL;
  k->code_tail_len = 0;
  if (n) {
    k->code_tail = malloc(n);
    if (!k->code_tail) {
      if (c->st) sf_status_clear(c->st); /* the decode error that ended the stream is not the one to report */
      c->code = sf_fail(c->st, SF_ERR_NOMEM, "cannot allocate %zu bytes of instruction-area tail", n);
      return;
    }
    memcpy(k->code_tail, k->code + c->last_ret_end, n);
  }
  k->code_tail_len = (uint32_t)n;
  c->code = SF_OK;
  if (c->st) sf_status_clear(c->st);
}

/* Whether an instruction read in the cut-short form can be IGC's: the unwritten tail of IGC
 * 12504's instruction area (heap contents) can decode as instructions and even end in the bytes of
 * a ret, so the stream ends at the last ret before the first instruction that cannot be:
 *  - one that names an undeclared label or general variable (builtins-skl-conv-simd32 in
 *    tests/data/real/visa-ocloc: a label, a loc, an and, a call, a ret);
 *  - one right after a ret that does not start a subroutine or a block (a label or a function
 *    label): code after a ret is reached only through a label, so IGC writes none
 *    (memory_stateless-pvc-copyasync-simd32: a call, yields and info_3d queries, a ret). */
static bool kr_names_declared(const sf_visa_kernel *k, const sf_visa_ginst *g, bool after_ret) {
  if (after_ret && g->op != 0x30 && g->op != 0x31) return false;
  uint64_t vars = (uint64_t)SF_VISA_FIRST_USER_VAR + k->num_vars;
  for (unsigned i = 0; i < g->num_ops; i++) {
    const sf_visa_gop *o = &g->ops[i];
    if (o->kind == SF_VF_LABEL && o->u >= k->num_labels) return false;
    if (o->kind == SF_VF_RAW && o->r.id >= vars) return false;
    if (o->kind == SF_VF_VEC && o->v.cls == SF_VCLS_GENERAL && o->v.id >= vars) return false;
  }
  return true;
}

static void kr_insts_form(kread *c, uint64_t abs, uint8_t form) {
  sf_visa_kernel *k = c->k;
  c->last_ret_gen = 0;
  c->last_ret_end = 0;
  uint32_t insts_cap = 0, rets_cap = 0, gens_cap = 0;
  size_t pos = 0;
  while (pos < k->code_len && kr_ok(c)) {
    uint64_t at = abs + pos;
    size_t used = 0;
    uint8_t op = k->code[pos];
    if (form != SF_VISA_FORM_SPEC ||
        (op != SF_VISA_OP_RET && op != SF_VISA_OP_SAMPLE_UNORM && op != SF_VISA_OP_AVS && op != SF_VISA_OP_3D_SAMPLE)) {
      /* Any other instruction: generic, at its position in the whole stream. */
      uint64_t stream = (uint64_t)k->num_insts + k->num_rets + k->num_gens;
      if (k->num_gens >= SF_ISA_MAX_INSTS || stream >= UINT32_MAX) {
        c->stream_cap = true;
        kr_fail(c, SF_ERR_LIMIT, at, "more than %u other instructions in one kernel", SF_ISA_MAX_INSTS);
        return;
      }
      if (!grow((void **)&k->gens, &gens_cap, (uint64_t)k->num_gens + 1, sizeof *k->gens, c->st)) {
        c->code = SF_ERR_NOMEM;
        return;
      }
      sf_code rc = sf_visa_gen_decode_ver(k->code + pos, k->code_len - pos, at, form, c->ver, &k->gens[k->num_gens],
                                          &used, c->st);
      if (rc != SF_OK) {
        c->code = rc;
        if (form == SF_VISA_FORM_IGC12504) kr_cut_at_last_ret(c);
        return;
      }
      /* a function returns with fret (0x68), a kernel with ret */
      uint8_t prev = k->num_gens ? k->gens[k->num_gens - 1].op : 0;
      bool after_ret = prev == SF_VISA_OP_RET || (prev == 0x68 && k->is_function);
      if (form == SF_VISA_FORM_IGC12504 && !kr_names_declared(k, &k->gens[k->num_gens], after_ret)) {
        sf_visa_ginst_free(&k->gens[k->num_gens]);
        c->code = sf_fail(c->st, SF_ERR_INVALID, "instruction at offset %llu cannot be IGC's (an undeclared label or"
                          " variable, or no label after a ret)", (unsigned long long)at);
        kr_cut_at_last_ret(c);
        return;
      }
      k->gens[k->num_gens++].at = (uint32_t)stream;
      if (op == SF_VISA_OP_RET || (op == 0x68 && k->is_function)) {
        c->last_ret_gen = k->num_gens;
        c->last_ret_end = pos + used;
      }
    } else if (op == SF_VISA_OP_RET) {
      if (k->num_rets >= SF_ISA_MAX_INSTS) {
        c->stream_cap = true;
        kr_fail(c, SF_ERR_LIMIT, at, "more than %u RET instructions in one kernel", SF_ISA_MAX_INSTS);
        return;
      }
      if (!grow((void **)&k->rets, &rets_cap, (uint64_t)k->num_rets + 1, sizeof *k->rets, c->st)) {
        c->code = SF_ERR_NOMEM;
        return;
      }
      sf_visa_ret *rt = &k->rets[k->num_rets];
      memset(rt, 0, sizeof *rt);
      sf_code rc = ret_decode(k->code + pos, k->code_len - pos, at, rt, &used, c->st);
      if (rc != SF_OK) {
        c->code = rc;
        return;
      }
      rt->before = k->num_insts;
      k->num_rets++;
    } else {
      if (k->num_insts >= SF_ISA_MAX_INSTS) {
        c->stream_cap = true;
        kr_fail(c, SF_ERR_LIMIT, at, "more than %u instructions in one kernel", SF_ISA_MAX_INSTS);
        return;
      }
      if (!grow((void **)&k->insts, &insts_cap, (uint64_t)k->num_insts + 1, sizeof *k->insts, c->st)) {
        c->code = SF_ERR_NOMEM;
        return;
      }
      sf_code rc = sf_visa_decode_ver(k->code + pos, k->code_len - pos, at, c->ver, &k->insts[k->num_insts], &used,
                                      c->st);
      if (rc != SF_OK) {
        c->code = rc;
        return;
      }
      k->num_insts++;
    }
    pos += used;
  }
  if (form == SF_VISA_FORM_IGC12504 && kr_ok(c)) kr_cut_at_last_ret(c);
}

static void kr_drop_insts(sf_visa_kernel *k) {
  free(k->code_tail);
  k->code_tail = NULL;
  k->code_tail_len = 0;
  free(k->insts);
  free(k->rets);
  for (uint32_t i = 0; k->gens && i < k->num_gens; i++) sf_visa_ginst_free(&k->gens[i]);
  free(k->gens);
  k->insts = NULL;
  k->rets = NULL;
  k->gens = NULL;
  k->num_insts = k->num_rets = k->num_gens = 0;
}

/* The instruction area in the vISA 4.1 form; when that fails, in the form IGC 1.0.12504's writer
 * produces (every instruction cut after its first fields, docs/visa-binary.md §6), which is what
 * ocloc's dumps hold. The first form's error is reported when neither reads. Only the per-kernel
 * instruction cap ends the search: cut-short bytes read in the 4.1 form can show a list count of 46
 * (the next instruction's opcode) over the list cap where the cut form has no count at all, while
 * a stream over the instruction cap is one (a 4.1 file of many rets would otherwise read as a
 * cut-short ret and a tail). */
static void kr_insts(kread *c, uint64_t abs) {
  c->stream_cap = false;
  kr_insts_form(c, abs, SF_VISA_FORM_SPEC);
  if (c->code == SF_OK || c->code == SF_ERR_NOMEM || (c->code == SF_ERR_LIMIT && c->stream_cap) ||
      c->ver != SF_VISA_V(4, 1))
    return;
  sf_status first = c->st ? *c->st : (sf_status){0};
  sf_code first_code = c->code;
  kr_drop_insts(c->k);
  c->code = SF_OK;
  if (c->st) sf_status_clear(c->st);
  kr_insts_form(c, abs, SF_VISA_FORM_IGC12504);
  if (c->code == SF_OK || c->code == SF_ERR_NOMEM) return;
  kr_drop_insts(c->k);
  if (c->st) *c->st = first;
  c->code = first_code;
}

/* Reads the kernel object k occupies: data[off, off+size). */
static sf_code read_kernel_object(const uint8_t *data, uint32_t off, uint32_t size, unsigned ver, sf_visa_kernel *k,
                                  sf_status *st) {
  kread c;
  memset(&c, 0, sizeof c);
  sf_reader_init(&c.r, data + off, size, off, st);
  c.st = st;
  c.ver = ver;
  c.k = k;
  c.code = SF_OK;

  kr_strings(&c);
  k->name_index = kr_str_index(&c, "kernel name_index");

  /* General variables V32, V33, ... */
  uint64_t at = kr_pos(&c);
  uint32_t nv = kr_ok(&c) ? kr_id(&c, "variable_count") : 0;
  if (kr_ok(&c) && nv > SF_ISA_MAX_VARS)
    kr_fail(&c, SF_ERR_LIMIT, at, "variable_count: %u variables exceed the cap of %u", (unsigned)nv, SF_ISA_MAX_VARS);
  if (kr_ok(&c) && nv && fits(&c.r, nv, MIN_VAR - 8 + 2 * SF_ISA_IDW(ver), at, "variables")) {
    k->vars = calloc(nv, sizeof *k->vars);
    if (!k->vars) c.code = sf_fail(st, SF_ERR_NOMEM, "cannot allocate %u variables", (unsigned)nv);
    for (uint32_t i = 0; i < nv && kr_ok(&c); i++) {
      sf_visa_var *v = &k->vars[i];
      v->name = kr_str_index(&c, "variable name");
      if (!kr_ok(&c)) break;
      v->props = sf_rd_u8(&c.r, "variable bit_properties");
      v->num_elts = kr_elts(&c, "variable num_elements");
      v->alias_index = kr_id(&c, "variable alias_index");
      v->alias_offset = sf_rd_u16(&c.r, "variable alias_offset");
      v->alias_scope = sf_rd_u8(&c.r, "variable alias_scope");
      v->attr_count = sf_rd_u8(&c.r, "variable attr_count");
      kr_attrs(&c, v->attr_count, 1, &v->attr_first, "variable attributes");
      k->num_vars = i + 1;
    }
  }

  /* Addresses and predicates: UW counts. */
  at = kr_pos(&c);
  uint16_t na = kr_ok(&c) ? sf_rd_u16(&c.r, "address_count") : 0;
  kr_syms(&c, na, at, &k->addrs, "addresses");
  if (kr_ok(&c)) k->num_addrs = na;
  at = kr_pos(&c);
  uint16_t np = kr_ok(&c) ? sf_rd_u16(&c.r, "predicate_count") : 0;
  kr_syms(&c, np, at, &k->preds, "predicates");
  if (kr_ok(&c)) k->num_preds = np;

  /* Labels: name UD, kind UB, attr_count UB (sf_visa_label has no attributes; IGC asserts on them). */
  at = kr_pos(&c);
  uint16_t nl = kr_ok(&c) ? sf_rd_u16(&c.r, "label_count") : 0;
  if (kr_ok(&c) && nl && fits(&c.r, nl, LABEL_SIZE - 4 + SF_ISA_IDW(ver), at, "labels")) {
    k->labels = calloc(nl, sizeof *k->labels);
    if (!k->labels) c.code = sf_fail(st, SF_ERR_NOMEM, "cannot allocate %u labels", (unsigned)nl);
    for (uint32_t i = 0; i < nl && kr_ok(&c); i++) {
      k->labels[i].name = kr_str_index(&c, "label name");
      k->labels[i].kind = kr_ok(&c) ? sf_rd_u8(&c.r, "label kind") : 0;
      uint64_t aat = kr_pos(&c);
      uint8_t lac = kr_ok(&c) ? sf_rd_u8(&c.r, "label attr_count") : 0;
      if (kr_ok(&c) && lac)
        kr_fail(&c, SF_UNSUPPORTED, aat, "label %u has %u attributes (label attributes are not supported)", (unsigned)i,
                (unsigned)lac);
      if (kr_ok(&c)) k->num_labels = (uint16_t)(i + 1);
    }
  }

  /* Samplers and surfaces: UB counts. */
  at = kr_pos(&c);
  uint8_t ns = kr_ok(&c) ? sf_rd_u8(&c.r, "sampler_count") : 0;
  kr_syms(&c, ns, at, &k->samplers, "samplers");
  if (kr_ok(&c)) k->num_samplers = ns;
  at = kr_pos(&c);
  uint8_t nsf = kr_ok(&c) ? sf_rd_u8(&c.r, "surface_count") : 0;
  kr_syms(&c, nsf, at, &k->surfaces, "surfaces");
  if (kr_ok(&c)) k->num_surfaces = nsf;

  at = kr_pos(&c);
  uint8_t vme = kr_ok(&c) ? sf_rd_u8(&c.r, "vme_count") : 0;
  if (kr_ok(&c) && vme)
    kr_fail(&c, SF_UNSUPPORTED, at, "vme_count %u: VME variables are no longer part of vISA (IGC asserts 0)",
            (unsigned)vme);

  /* Inputs (kernels only): count UD, records kind UB, index UD, offset W, size UW. */
  at = kr_pos(&c);
  uint32_t ni = 0;
  if (kr_ok(&c) && !k->is_function)
    ni = SF_ISA_INW(ver) == 4 ? sf_rd_u32(&c.r, "num_inputs") : sf_rd_u8(&c.r, "num_inputs");
  if (kr_ok(&c) && ni > SF_ISA_MAX_INPUTS)
    kr_fail(&c, SF_ERR_LIMIT, at, "num_inputs: %u inputs exceed the cap of %u", (unsigned)ni, SF_ISA_MAX_INPUTS);
  if (kr_ok(&c) && ni && fits(&c.r, ni, INPUT_SIZE - 4 + SF_ISA_IDW(ver), at, "inputs")) {
    k->inputs = calloc(ni, sizeof *k->inputs);
    if (!k->inputs) c.code = sf_fail(st, SF_ERR_NOMEM, "cannot allocate %u inputs", (unsigned)ni);
    for (uint32_t i = 0; i < ni && kr_ok(&c); i++) {
      sf_visa_input *in = &k->inputs[i];
      in->kind = sf_rd_u8(&c.r, "input kind");
      in->index = kr_id(&c, "input index");
      in->offset = (int16_t)sf_rd_u16(&c.r, "input offset");
      in->size = sf_rd_u16(&c.r, "input size");
      if (kr_ok(&c)) k->num_inputs = i + 1;
    }
  }

  uint64_t size_at = kr_pos(&c);
  uint32_t code_size = kr_ok(&c) ? sf_rd_u32(&c.r, "instruction size") : 0;
  uint64_t entry_at = kr_pos(&c);
  k->entry = kr_ok(&c) ? sf_rd_u32(&c.r, "entry") : 0;
  if (k->is_function && kr_ok(&c)) { /* a function's argument and return-value register sizes */
    k->arg_size = sf_rd_u8(&c.r, "function input_size");
    k->ret_size = sf_rd_u8(&c.r, "function return_value_size");
  }

  uint16_t nka = kr_ok(&c) ? sf_rd_u16(&c.r, "attribute_count") : 0;
  kr_attrs(&c, nka, 2, &k->kattr_first, "kernel attributes");
  if (kr_ok(&c)) k->num_kattrs = nka;
  if (!kr_ok(&c)) return c.code != SF_OK ? c.code : rd_code(&c.r);

  /* The instruction area must start right after the attribute table (where every writer puts it)
   * and end exactly at the end of the kernel object given in the file header. */
  size_t tables_end = c.r.pos;
  if (k->entry != tables_end)
    return sf_fail_byte(st, SF_ERR_INVALID, entry_at,
                        "entry 0x%x does not point just past the attribute table (0x%zx, relative to the kernel "
                        "object at 0x%x)", (unsigned)k->entry, tables_end, (unsigned)off);
  if (code_size > size - tables_end)
    return sf_fail_byte(st, SF_ERR_TRUNCATED, size_at,
                        "instruction size %u runs past the end of the kernel object (%zu bytes left)",
                        (unsigned)code_size, (size_t)(size - tables_end));
  if (code_size < size - tables_end)
    return sf_fail_byte(st, SF_ERR_TRAILING, (uint64_t)off + tables_end + code_size,
                        "%zu bytes after the instructions, inside the kernel object",
                        (size_t)(size - tables_end - code_size));
  if (code_size) {
    k->code = malloc(code_size);
    if (!k->code) return sf_fail(st, SF_ERR_NOMEM, "cannot allocate %u instruction bytes", (unsigned)code_size);
    memcpy(k->code, data + off + tables_end, code_size);
  }
  k->code_len = code_size;
  kr_insts(&c, (uint64_t)off + tables_end);
  return c.code;
}

static int span_cmp(const void *a, const void *b) {
  const span *x = a, *y = b;
  if (x->start != y->start) return x->start < y->start ? -1 : 1;
  if (x->end != y->end) return x->end < y->end ? -1 : 1;
  return 0;
}

sf_code sf_isa_read(const uint8_t *data, size_t len, sf_isa_file *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "sf_isa_read: NULL output");
  memset(out, 0, sizeof *out);
  if (!data && len) return sf_fail(st, SF_ERR_INVALID, "sf_isa_read: NULL input");
  if (len > SF_ISA_MAX_FILE)
    return sf_fail_byte(st, SF_ERR_LIMIT, 0, "file of %zu bytes exceeds the cap of %u bytes", len, SF_ISA_MAX_FILE);

  sf_reader r;
  sf_reader_init(&r, data, len, 0, st);
  uint32_t magic = sf_rd_u32(&r, "magic");
  if (r.failed) return SF_ERR_TRUNCATED;
  if (magic != SF_ISA_MAGIC)
    return sf_fail_byte(st, SF_ERR_INVALID, 0, "bad magic 0x%08x (a .isa file starts with \"CISA\")", (unsigned)magic);
  uint8_t major = sf_rd_u8(&r, "major version");
  uint8_t minor = sf_rd_u8(&r, "minor version");
  if (r.failed) return SF_ERR_TRUNCATED;
  const unsigned ver = SF_VISA_V(major, minor);
  if (!SF_ISA_VER_OK(ver))
    return sf_fail_byte(st, SF_UNSUPPORTED, 4, "vISA version %u.%u: supported are 3.1 to 3.255, 4.0 and 4.1 (3.0's "
                        "execution masks and later versions' fields are not modeled)", (unsigned)major, (unsigned)minor);
  uint16_t nk = sf_rd_u16(&r, "num_kernels");
  if (r.failed) return SF_ERR_TRUNCATED;
  if (nk > SF_ISA_MAX_KERNELS)
    return sf_fail_byte(st, SF_ERR_LIMIT, 6, "%u kernels exceed the cap of %u", (unsigned)nk, SF_ISA_MAX_KERNELS);
  if (!fits(&r, nk, MIN_KERNEL_ENTRY - 2 + SF_ISA_NLW(ver), 6, "kernel table")) return SF_ERR_TRUNCATED;

  sf_code rc = SF_OK;
  span *spans = NULL;
  uint32_t nspans = 0, spans_cap = 0;
  if (nk) {
    out->kernels = calloc(nk, sizeof *out->kernels);
    if (!out->kernels) return sf_fail(st, SF_ERR_NOMEM, "cannot allocate %u kernels", (unsigned)nk);
  }
  out->num_kernels = nk;
  out->major = major;
  out->minor = minor;

  /* The per-kernel entries of the file header. */
  uint32_t *koff = NULL, *ksize = NULL, *foff = NULL, *fsize = NULL;
  if (nk) {
    koff = calloc(nk, sizeof *koff);
    ksize = calloc(nk, sizeof *ksize);
    if (!koff || !ksize) {
      rc = sf_fail(st, SF_ERR_NOMEM, "cannot allocate the kernel table");
      goto done;
    }
  }
  for (uint32_t i = 0; i < nk; i++) {
    sf_visa_kernel *k = &out->kernels[i];
    k->name_len = SF_ISA_NLW(ver) == 2 ? sf_rd_u16(&r, "kernel name_len") : sf_rd_u8(&r, "kernel name_len");
    if (r.failed) goto trunc;
    k->name = malloc((size_t)k->name_len + 1);
    if (!k->name) {
      rc = sf_fail(st, SF_ERR_NOMEM, "cannot allocate a kernel name");
      goto done;
    }
    if (!sf_rd_bytes(&r, k->name, k->name_len, "kernel name")) goto trunc;
    k->name[k->name_len] = 0;
    if (memchr(k->name, 0, k->name_len)) {
      rc = sf_fail_byte(st, SF_ERR_INVALID, r.base + r.pos - k->name_len, "kernel %u name contains a NUL byte",
                        (unsigned)i);
      goto done;
    }
    uint64_t at = r.base + r.pos;
    koff[i] = sf_rd_u32(&r, "kernel offset");
    ksize[i] = sf_rd_u32(&r, "kernel size");
    k->input_offset = sf_rd_u32(&r, "kernel input_offset");
    if (r.failed) goto trunc;
    if ((uint64_t)koff[i] + ksize[i] > len) {
      rc = sf_fail_byte(st, SF_ERR_TRUNCATED, at, "kernel %u object [0x%x, +%u) runs past the end of the file (%zu bytes)",
                        (unsigned)i, (unsigned)koff[i], (unsigned)ksize[i], len);
      goto done;
    }
    uint64_t sat = r.base + r.pos;
    uint16_t nsv = sf_rd_u16(&r, "num_syms_variable");
    uint16_t nsf = sf_rd_u16(&r, "num_syms_function");
    if (r.failed) goto trunc;
    if (nsv || nsf) {
      rc = sf_fail_byte(st, SF_UNSUPPORTED, sat, "kernel %u has relocation symbols (%u variable, %u function)",
                        (unsigned)i, (unsigned)nsv, (unsigned)nsf);
      goto done;
    }
    uint64_t gat = r.base + r.pos;
    k->num_genbins = sf_rd_u8(&r, "num_gen_binaries");
    if (r.failed) goto trunc;
    if (!fits(&r, k->num_genbins, GENBIN_SIZE, gat, "gen binaries")) goto trunc;
    if (k->num_genbins) {
      k->genbins = calloc(k->num_genbins, sizeof *k->genbins);
      if (!k->genbins) {
        rc = sf_fail(st, SF_ERR_NOMEM, "cannot allocate gen binary records");
        goto done;
      }
    }
    for (uint32_t g = 0; g < k->num_genbins; g++) {
      uint64_t bat = r.base + r.pos;
      sf_visa_genbin *gb = &k->genbins[g];
      gb->platform = sf_rd_u8(&r, "gen binary platform");
      gb->offset = sf_rd_u32(&r, "gen binary offset");
      gb->size = sf_rd_u32(&r, "gen binary size");
      if (r.failed) goto trunc;
      if ((uint64_t)gb->offset + gb->size > len) {
        rc = sf_fail_byte(st, SF_ERR_TRUNCATED, bat, "kernel %u gen binary %u [0x%x, +%u) runs past the end of the file",
                          (unsigned)i, (unsigned)g, (unsigned)gb->offset, (unsigned)gb->size);
        goto done;
      }
      if (gb->size) {
        gb->bytes = malloc(gb->size);
        if (!gb->bytes) {
          rc = sf_fail(st, SF_ERR_NOMEM, "cannot allocate a gen binary of %u bytes", (unsigned)gb->size);
          goto done;
        }
        memcpy(gb->bytes, data + gb->offset, gb->size);
        if (!grow((void **)&spans, &spans_cap, (uint64_t)nspans + 1, sizeof *spans, st)) {
          rc = SF_ERR_NOMEM;
          goto done;
        }
        spans[nspans++] = (span){gb->offset, (uint64_t)gb->offset + gb->size};
      }
    }
  }
  {
    uint64_t at = r.base + r.pos;
    uint16_t nfv = sf_rd_u16(&r, "num_filescope_variables");
    if (r.failed) goto trunc;
    if (nfv) {
      rc = sf_fail_byte(st, SF_UNSUPPORTED, at, "%u file-scope variables (IGC asserts 0): not supported", (unsigned)nfv);
      goto done;
    }
    at = r.base + r.pos;
    uint16_t nfn = sf_rd_u16(&r, "num_functions");
    if (r.failed) goto trunc;
    if (nfn > SF_ISA_MAX_KERNELS) {
      rc = sf_fail_byte(st, SF_ERR_LIMIT, at, "%u functions exceed the cap of %u", (unsigned)nfn, SF_ISA_MAX_KERNELS);
      goto done;
    }
    /* Function entries: linkage UB, name_len UW, name, offset UD, size UD, then the relocation
     * symbol counts UW, UW (IGC asserts both 0). */
    if (!fits(&r, nfn, 1 + SF_ISA_NLW(ver) + 4 + 4 + 2 + 2, at, "function table")) goto trunc;
    if (nfn) {
      out->functions = calloc(nfn, sizeof *out->functions);
      foff = calloc(nfn, sizeof *foff);
      fsize = calloc(nfn, sizeof *fsize);
      if (!out->functions || !foff || !fsize) {
        rc = sf_fail(st, SF_ERR_NOMEM, "cannot allocate %u functions", (unsigned)nfn);
        goto done;
      }
    }
    out->num_functions = nfn;
    for (uint32_t i = 0; i < nfn; i++) {
      sf_visa_kernel *fn = &out->functions[i];
      fn->is_function = true;
      fn->linkage = sf_rd_u8(&r, "function linkage");
      uint64_t nat = r.base + r.pos;
      fn->name_len = SF_ISA_NLW(ver) == 2 ? sf_rd_u16(&r, "function name_len") : sf_rd_u8(&r, "function name_len");
      if (r.failed) goto trunc;
      if (!fits(&r, fn->name_len, 1, nat, "function name")) goto trunc;
      fn->name = malloc((size_t)fn->name_len + 1);
      if (!fn->name) {
        rc = sf_fail(st, SF_ERR_NOMEM, "cannot allocate a function name");
        goto done;
      }
      memcpy(fn->name, data + r.pos, fn->name_len);
      fn->name[fn->name_len] = 0;
      if (memchr(fn->name, 0, fn->name_len)) {
        rc = sf_fail_byte(st, SF_ERR_INVALID, r.base + r.pos, "function %u name contains a NUL byte", (unsigned)i);
        goto done;
      }
      r.pos += fn->name_len;
      foff[i] = sf_rd_u32(&r, "function offset");
      fsize[i] = sf_rd_u32(&r, "function size");
      uint64_t sat = r.base + r.pos;
      uint16_t nsv = sf_rd_u16(&r, "function variable relocation count");
      uint16_t nsf = sf_rd_u16(&r, "function function relocation count");
      if (r.failed) goto trunc;
      if (nsv || nsf) {
        rc = sf_fail_byte(st, SF_UNSUPPORTED, sat, "function %u has relocation symbols (%u variable, %u function)",
                          (unsigned)i, (unsigned)nsv, (unsigned)nsf);
        goto done;
      }
      if ((uint64_t)foff[i] + fsize[i] > len) {
        rc = sf_fail_byte(st, SF_ERR_TRUNCATED, sat - 8, "function %u object [0x%x, +%u) runs past the end of the file",
                          (unsigned)i, (unsigned)foff[i], (unsigned)fsize[i]);
        goto done;
      }
    }
  }
  size_t header_end = r.pos;

  for (uint32_t i = 0; i < nk; i++) {
    if (koff[i] < header_end) {
      rc = sf_fail_byte(st, SF_ERR_INVALID, koff[i], "kernel %u object at 0x%x overlaps the file header (which ends at 0x%zx)",
                        (unsigned)i, (unsigned)koff[i], header_end);
      goto done;
    }
    rc = read_kernel_object(data, koff[i], ksize[i], ver, &out->kernels[i], st);
    if (rc != SF_OK) goto done;
    if (!grow((void **)&spans, &spans_cap, (uint64_t)nspans + 1, sizeof *spans, st)) {
      rc = SF_ERR_NOMEM;
      goto done;
    }
    spans[nspans++] = (span){koff[i], (uint64_t)koff[i] + ksize[i]};
  }
  for (uint32_t i = 0; i < out->num_functions; i++) {
    if (foff[i] < header_end) {
      rc = sf_fail_byte(st, SF_ERR_INVALID, foff[i], "function %u object at 0x%x overlaps the file header (which ends at 0x%zx)",
                        (unsigned)i, (unsigned)foff[i], header_end);
      goto done;
    }
    rc = read_kernel_object(data, foff[i], fsize[i], ver, &out->functions[i], st);
    if (rc != SF_OK) goto done;
    if (!grow((void **)&spans, &spans_cap, (uint64_t)nspans + 1, sizeof *spans, st)) {
      rc = SF_ERR_NOMEM;
      goto done;
    }
    spans[nspans++] = (span){foff[i], (uint64_t)foff[i] + fsize[i]};
  }

  /* Every byte after the header must belong to a kernel or function object or a gen binary. */
  {
    if (nspans) qsort(spans, nspans, sizeof *spans, span_cmp);
    uint64_t covered = header_end;
    for (uint32_t i = 0; i < nspans; i++) {
      if (spans[i].start > covered) {
        rc = sf_fail_byte(st, SF_ERR_TRAILING, covered, "bytes 0x%llx..0x%llx belong to no kernel object or gen binary",
                          (unsigned long long)covered, (unsigned long long)spans[i].start - 1);
        goto done;
      }
      if (spans[i].end > covered) covered = spans[i].end;
    }
    if (covered < len) {
      rc = sf_fail_byte(st, SF_ERR_TRAILING, covered, "%llu bytes after the last kernel object or gen binary",
                        (unsigned long long)(len - covered));
      goto done;
    }
  }
  goto done;

trunc:
  rc = SF_ERR_TRUNCATED;
done:
  free(koff);
  free(ksize);
  free(foff);
  free(fsize);
  free(spans);
  if (rc != SF_OK) sf_isa_free(out);
  return rc;
}

void sf_isa_free(sf_isa_file *f) {
  if (!f) return;
  for (uint32_t i = 0; f->kernels && i < f->num_kernels; i++) sf_visa_kernel_free(&f->kernels[i]);
  free(f->kernels);
  for (uint32_t i = 0; f->functions && i < f->num_functions; i++) sf_visa_kernel_free(&f->functions[i]);
  free(f->functions);
  memset(f, 0, sizeof *f);
}
