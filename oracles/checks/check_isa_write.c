/* oracles/checks/check_isa_write.c — `write_refuses`: the `.isa` writer given a kernel built
 * through the API, not read, whose fields lie outside what the format or the kernel's own arrays
 * hold, or a string that is NULL.
 *
 * The reader never produces such a kernel, so the round trips never show the writer's range tests;
 * a user who builds sf_visa_kernel by hand (or through the kernel builder and then edits it) meets
 * them first. Run from the isa_file checks (check_isa_file.c) on the file just read. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/visa.h"

/* `write_refuses`: the writer refuses a kernel whose attribute indexes point outside its arrays
 * (API use the reader never produces), instead of reading past them. On one input in four (by its
 * hash), one field of kernel 0 of the file just read is moved one past its array and put back:
 *   0  an attribute's value offset past attr_bytes, or its value running one byte past the end;
 *   1  the kernel attributes running one past
 *   attrs[];  2  the first kernel attribute past attrs[] (1 and 2 also refused by the text printer,
 *   as invalid);  3  the first RET's exec size, emask,
 *   predicate id, reserved bit and control, one at a time, one past what their bits hold (the
 *   control's would land in the invert bit), then each at the largest value its bits hold, which
 *   must be written and read back as set (and a predicate field past its bits has no text: when
 *   the file as read prints, the whole-file printer refuses it as invalid);  4  the first variable's attributes made one record at
 *   the end of attrs[], then one past it (refused naming the range, with attributes or none). */
/* The writer on f, capped as the checks write: its status. */
static sf_code sf_isa_write_code(const sf_isa_file *f, sf_status *st) {
  sf_status_clear(st);
  sf_buf b;
  sf_buf_init(&b, st);
  b.limit = SF_ISA_CHECK_BUF_LIMIT;
  sf_code c = sf_isa_write(f, &b, st);
  sf_buf_free(&b);
  return c;
}

/* What the whole-file text printer returns for f (its text thrown away). */
static sf_code print_code(const sf_isa_file *f) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  b.limit = SF_ISA_CHECK_BUF_LIMIT;
  sf_code c = sf_visaasm_print(f, &b, &st);
  sf_buf_free(&b);
  return c;
}

/* `write_refuses` on a file with a function (every one): function 0 without its is_function flag,
 * with a Gen binary (functions have none), or with a name holding a NUL is refused as invalid,
 * naming the function; the reader never builds one, so only API use reaches the test. */
static bool function_refuses(sf_isa_file *f, sf_verdict *v) {
  if (!f->num_functions || !f->functions) return true;
  sf_visa_kernel *fn = &f->functions[0];
  static const char *const what[3] = {"no is_function flag", "a Gen binary", "a NUL in its name"};
  for (unsigned q = 0; q < 3; q++) {
    const sf_visa_kernel keep = *fn;
    static char nul[1]; /* one NUL byte */
    if (q == 0) fn->is_function = false;
    else if (q == 1) fn->num_genbins = 1;
    else fn->name = nul, fn->name_len = 1;
    sf_status st;
    sf_code c = sf_isa_write_code(f, &st);
    *fn = keep;
    if (c == SF_ERR_NOMEM || (c == SF_ERR_INVALID && strstr(st.msg, "function 0:"))) continue;
    sf_verdict_fail(v, "write_refuses", NULL, "function");
    sf_verdict_key(v, "write_refuses function %u %s", q, sf_code_name(c));
    sf_verdict_dumpf(v, "sf_isa_write given function 0 with %s returned %s (%s), not invalid naming the function\n", what[q],
                     sf_code_name(c), st.msg);
    return false;
  }
  return true;
}

/* The writer's status c (st) on kernel 0 changed as `what` says: invalid with a message holding
 * `want` (or out of memory) passes, and so does anything when the file as read does not write
 * (it is judged there). The key is "write_refuses <key> <code>". */
static bool refused_saying(sf_isa_file *f, sf_verdict *v, sf_code c, const sf_status *st, const char *want,
                           const char *what, const char *key) {
  if (c == SF_ERR_NOMEM || (c == SF_ERR_INVALID && strstr(st->msg, want))) return true;
  sf_status st2;
  if (sf_isa_write_code(f, &st2) != SF_OK) return true; /* judged when the file as read writes */
  sf_verdict_fail(v, "write_refuses", NULL, key);
  sf_verdict_key(v, "write_refuses %s %s", key, sf_code_name(c));
  sf_verdict_dumpf(v, "sf_isa_write given kernel 0 with %s returned %s (%s), want invalid saying '%s'\n", what,
                   sf_code_name(c), st->msg, want);
  return false;
}

/* `write_refuses` on one input in four (by its hash; not those the edits below take): kernel 0's
 * last string made NULL is refused as invalid, naming the kernel and the string; the writer that
 * took it would pass NULL to strlen. Only a kernel built through the API holds one. */
static bool string_refuses(sf_isa_file *f, sf_verdict *v) {
  sf_visa_kernel *k = &f->kernels[0];
  if (!k->num_strings || !k->strings) return true;
  uint32_t last = k->num_strings - 1;
  char *keep = k->strings[last];
  k->strings[last] = NULL;
  sf_status st;
  sf_code c = sf_isa_write_code(f, &st);
  k->strings[last] = keep;
  char want[48];
  snprintf(want, sizeof want, "kernel 0: string %u is NULL", (unsigned)last);
  return refused_saying(f, v, c, &st, want, "its last string NULL", "string NULL");
}

/* `write_refuses` on the same inputs: kernel 0's name with a NUL inside it ("a", NUL, "b", name_len
 * 3) is refused as invalid, naming the kernel and name_len; a writer that took it wrote a name the
 * reader cuts at the NUL. The reader never builds one (it refuses such a name). */
static bool name_refuses(sf_isa_file *f, sf_verdict *v) {
  sf_visa_kernel *k = &f->kernels[0];
  static char inner[4] = {'a', 0, 'b', 0}; /* NUL-terminated after name_len, as visa.h wants */
  char *keep = k->name;
  uint16_t keep_len = k->name_len;
  k->name = inner, k->name_len = 3;
  sf_status st;
  sf_code c = sf_isa_write_code(f, &st);
  k->name = keep, k->name_len = keep_len;
  return refused_saying(f, v, c, &st, "kernel 0: name is shorter than name_len 3", "the name \"a\\0b\" (name_len 3)",
                        "name NUL");
}

/* `write_refuses` on the same inputs: kernel 0 with code_tail_len bytes of code past its
 * instructions but no code_tail is refused as invalid, naming both (the writer that took it copied
 * from NULL). Only API use builds one. */
static bool tail_refuses(sf_isa_file *f, sf_verdict *v) {
  sf_visa_kernel *k = &f->kernels[0];
  uint8_t *keep_tail = k->code_tail;
  uint32_t keep_tail_len = k->code_tail_len;
  k->code_tail = NULL, k->code_tail_len = keep_tail_len ? keep_tail_len : 4;
  sf_status st;
  sf_code c = sf_isa_write_code(f, &st);
  k->code_tail = keep_tail, k->code_tail_len = keep_tail_len;
  return refused_saying(f, v, c, &st, "kernel 0: code_tail_len without code_tail", "code_tail_len but no code_tail",
                        "code_tail NULL");
}

/* `spare_record` (with tail_refuses): kernel 0 with one more attribute record after all of attrs[]
 * (a copy of the last, or an empty one), which no run references, writes the same bytes as without
 * it: the writer writes each run it is given (the kernel's, each declaration's) and nothing else,
 * and sizes the kernel's entry from the kernel attributes alone. A kernel read from a file has its
 * kernel attributes last; one built through the API may have more records after them. */
static bool spare_record(sf_isa_file *f, sf_verdict *v) {
  sf_visa_kernel *k = &f->kernels[0];
  if (k->num_attrs >= SF_ISA_MAX_ATTRS) return true; /* at the cap (check_isa_caps.c) */
  sf_status st;
  sf_status_clear(&st);
  sf_buf a, b;
  sf_buf_init(&a, &st);
  sf_buf_init(&b, &st);
  a.limit = b.limit = SF_ISA_CHECK_BUF_LIMIT;
  sf_visa_attr *grown = malloc(((size_t)k->num_attrs + 1) * sizeof *grown);
  sf_code ca = grown ? sf_isa_write(f, &a, &st) : SF_ERR_NOMEM, cb = ca;
  if (ca == SF_OK) {
    sf_visa_attr *keep = k->attrs;
    if (k->num_attrs) memcpy(grown, keep, (size_t)k->num_attrs * sizeof *grown);
    grown[k->num_attrs] = k->num_attrs ? keep[k->num_attrs - 1] : (sf_visa_attr){0};
    k->attrs = grown, k->num_attrs++;
    cb = sf_isa_write(f, &b, &st);
    k->attrs = keep, k->num_attrs--;
  }
  bool same = ca != SF_OK || cb == SF_ERR_NOMEM || (cb == SF_OK && a.len == b.len && !memcmp(a.data, b.data, a.len));
  if (!same) {
    sf_verdict_fail(v, "write_refuses", NULL, "spare record");
    sf_verdict_key(v, "write_refuses spare_record %s", sf_code_name(cb));
    sf_verdict_dumpf(v, "sf_isa_write given kernel 0 with one attribute record more after its %u, referenced by nothing, "
                        "returned %s (%s) and %zu bytes; without it, %zu\n", (unsigned)k->num_attrs, sf_code_name(cb), st.msg,
                     b.len, a.len);
  }
  free(grown);
  sf_buf_free(&a);
  sf_buf_free(&b);
  return same;
}

/* `name_width` (with name_refuses): before vISA 3.7 a kernel's or function's name length is one
 * byte, so the writer given the file as vISA 3.m (m from 1 to 6, by the input's hash) with kernel
 * 0's name, then (the kernels' names fitting) function 0's, 256 bytes long refuses it as out of
 * range, naming the object, the length and the version. The reader never builds one. */
static bool name_width(sf_isa_file *f, sf_verdict *v, uint64_t h) {
  static char wide[257];
  memset(wide, 'n', 256);
  const uint8_t keep_major = f->major, keep_minor = f->minor, minor = (uint8_t)(1 + h % 6);
  bool fit = true;
  for (uint32_t i = 0; i < f->num_kernels; i++) fit = fit && f->kernels[i].name_len <= 0xFF;
  for (unsigned q = 0; q < (fit && f->num_functions && f->functions ? 2u : 1u); q++) {
    sf_visa_kernel *o = q ? &f->functions[0] : &f->kernels[0];
    char *keep = o->name;
    uint16_t keep_len = o->name_len;
    f->major = 3, f->minor = minor;
    o->name = wide, o->name_len = 256;
    sf_status st;
    sf_code c = sf_isa_write_code(f, &st);
    o->name = keep, o->name_len = keep_len;
    f->major = keep_major, f->minor = keep_minor;
    char want[96];
    snprintf(want, sizeof want, "%s 0: a name of 256 bytes; vISA 3.%u stores its length in 8 bits", q ? "function" : "kernel",
             (unsigned)minor);
    if (c == SF_ERR_NOMEM || (c == SF_ERR_RANGE && strstr(st.msg, want))) continue;
    sf_verdict_fail(v, "write_refuses", NULL, "name_width");
    sf_verdict_key(v, "write_refuses name_width %s %s", q ? "function" : "kernel", sf_code_name(c));
    sf_verdict_dumpf(v, "sf_isa_write given the file as vISA 3.%u with a 256-byte name returned %s (%s), want out of range "
                        "saying '%s'\n", (unsigned)minor, sf_code_name(c), st.msg, want);
    return false;
  }
  return true;
}

bool sf_check_isa_write_refuses(sf_isa_file *f, const uint8_t *p, size_t n, sf_verdict *v) {
  uint64_t h = XXH3_64bits(p, n);
  if (!function_refuses(f, v)) return false;
  if (f->num_kernels && (h >> 60) % 4 == 1) return string_refuses(f, v) && name_refuses(f, v) && name_width(f, v, h) && tail_refuses(f, v) &&
           spare_record(f, v);
  if (!f->num_kernels || (h >> 60) % 4 != 0) return true;
  sf_visa_kernel *k = &f->kernels[0];
  unsigned what = (unsigned)((h >> 8) % 5);
  static const char *const names[5] = {"attribute value offset", "kernel attribute count", "first kernel attribute",
                                       "RET field", "variable attributes"};
  sf_status st;
  if (what == 3) { /* every field of the first RET in turn */
    if (!k->num_rets) return true;
    static const char *const fields[10] = {"exec size 16", "emask 16", "predicate id 0x1000", "reserved bit 2",
                                           "predicate control 4", "exec size 15", "emask 15", "predicate id 0xfff",
                                           "reserved bit 1", "predicate control 3"};
    /* then each field at the largest value its bits hold, which must be written (when the file
     * as read is) and read back as written */
    bool writes = sf_isa_write_code(f, &st) == SF_OK;
    int prints = -1; /* whether the file as read prints: asked once, when needed */
    for (unsigned rf = 0; rf < (writes ? 10u : 5u); rf++) {
      bool edge = rf >= 5;
      if (!edge && rf >= 2 && prints < 0) prints = print_code(f) == SF_OK; /* the file as read, before the edit */
      sf_visa_ret keep = k->rets[0], *r = &k->rets[0];
      uint32_t add = edge ? 0 : 1;
      switch (rf % 5) {
        case 0: r->exec_size = (uint8_t)(15 + add); break;
        case 1: r->emask = (uint8_t)(15 + add); break;
        case 2: r->pred.id = (uint16_t)(0xFFF + add); break;
        case 3: r->pred.rsvd = (uint8_t)(1 + add); break;
        default: r->pred.ctrl = (uint8_t)(3 + add); break;
      }
      sf_visa_ret want = *r;
      bool back = true;
      sf_code c;
      if (!edge) {
        c = sf_isa_write_code(f, &st);
      } else { /* written, read back: the RET as set */
        sf_status_clear(&st);
        sf_buf b;
        sf_buf_init(&b, &st);
        b.limit = SF_ISA_CHECK_BUF_LIMIT;
        c = sf_isa_write(f, &b, &st);
        if (c == SF_OK) {
          sf_isa_file g;
          memset(&g, 0, sizeof g);
          sf_code rc = sf_isa_read(b.data, b.len, &g, &st);
          const sf_visa_ret *q = rc == SF_OK && g.num_kernels && g.kernels[0].num_rets ? &g.kernels[0].rets[0] : NULL;
          back = q && q->before == want.before && q->exec_size == want.exec_size && q->emask == want.emask &&
                 q->pred.id == want.pred.id && q->pred.rsvd == want.pred.rsvd && q->pred.ctrl == want.pred.ctrl &&
                 q->pred.invert == want.pred.invert;
          if (rc == SF_OK) sf_isa_free(&g);
        }
        sf_buf_free(&b);
      }
      /* and a predicate field past its bits has no text: the whole-file printer refuses the RET as
       * invalid, when the file as read prints (rets are read from 16-bit words, so only an API
       * user's kernel holds such a field) */
      sf_code pc = SF_ERR_INVALID;
      if (!edge && rf >= 2 && prints) pc = print_code(f);
      k->rets[0] = keep;
      if (pc != SF_ERR_INVALID) {
        sf_verdict_fail(v, "write_refuses", NULL, names[3]);
        sf_verdict_key(v, "write_refuses RET print %s %s", fields[rf], sf_code_name(pc));
        sf_verdict_dumpf(v, "sf_visaasm_print given a RET with %s, which its bits cannot hold, returned %s, not invalid\n",
                         fields[rf], sf_code_name(pc));
        return false;
      }
      if (edge ? c == SF_OK && back : c == SF_ERR_RANGE) continue;
      sf_verdict_fail(v, "write_refuses", NULL, names[3]);
      sf_verdict_key(v, "write_refuses RET %s %s", fields[rf], sf_code_name(c));
      if (edge)
        sf_verdict_dumpf(v, "sf_isa_write given a RET with %s, the largest its bits hold, returned %s (%s)%s\n", fields[rf],
                         sf_code_name(c), st.msg, c == SF_OK ? ", and the file did not read back with that RET" : "");
      else
        sf_verdict_dumpf(v, "sf_isa_write given a RET with %s, which its bits cannot hold, returned %s (%s), not a range "
                         "error\n", fields[rf], sf_code_name(c), st.msg);
      return false;
    }
    return true;
  }
  if (what == 4) { /* variable 0's attributes: one record at attrs[num_attrs], then at num_attrs + 1 */
    if (!k->num_vars || !k->vars) return true;
    sf_visa_var *var = &k->vars[0];
    const uint32_t keep_first = var->attr_first;
    const uint8_t keep_count = var->attr_count;
    for (uint32_t past = 0; past < 2; past++) {
      var->attr_first = k->num_attrs + past;
      var->attr_count = 1;
      sf_code c = sf_isa_write_code(f, &st);
      var->attr_first = keep_first;
      var->attr_count = keep_count;
      if (c == SF_ERR_RANGE && strstr(st.msg, "outside attrs[")) continue;
      sf_verdict_fail(v, "write_refuses", NULL, names[4]);
      sf_verdict_key(v, "write_refuses %s %s", names[4], sf_code_name(c));
      sf_verdict_dumpf(v, "sf_isa_write given a kernel whose variable 0 has attributes [%u, +1) of %u returned %s (%s), "
                          "not a range error naming them\n", (unsigned)(k->num_attrs + past), (unsigned)k->num_attrs,
                       sf_code_name(c), st.msg);
      return false;
    }
    return true;
  }
  sf_visa_attr *a = NULL;
  for (uint32_t i = 0; what == 0 && i < k->num_attrs && !a; i++)
    if (k->attrs[i].size) a = &k->attrs[i];
  if ((what == 0 && !a) || (what == 1 && !(k->kattr_first && k->num_kattrs)) || (what == 2 && !k->num_kattrs)) return true;
  uint32_t keep_off = a ? a->value_off : 0, keep_first = k->kattr_first;
  uint16_t keep_n = k->num_kattrs;
  /* case 0 also at its edge (by the input's hash): the value starting inside attr_bytes and running
   * one byte past its end */
  bool run_past = what == 0 && (h & 0x10000u) && a->size <= k->attr_bytes_len + 1u;
  if (what == 0) a->value_off = run_past ? k->attr_bytes_len + 1u - a->size : k->attr_bytes_len + 1;
  else if (what == 1) k->num_kattrs = (uint16_t)(k->num_attrs - k->kattr_first + 1);
  else k->kattr_first = k->num_attrs + 1;
  sf_code c = sf_isa_write_code(f, &st);
  /* the kernel attributes past attrs[]: the text printer refuses them too, as invalid */
  sf_code pc = what == 0 ? SF_ERR_INVALID : print_code(f);
  if (a) a->value_off = keep_off;
  k->kattr_first = keep_first;
  k->num_kattrs = keep_n;
  if (pc != SF_ERR_INVALID && pc != SF_ERR_NOMEM && print_code(f) == SF_OK) { /* judged when the file as read prints */
    sf_verdict_fail(v, "write_refuses", NULL, names[what]);
    sf_verdict_key(v, "write_refuses print %s %s", names[what], sf_code_name(pc));
    sf_verdict_dumpf(v, "sf_visaasm_print given a kernel whose %s lies past its array returned %s, not invalid\n",
                     names[what], sf_code_name(pc));
    return false;
  }
  if (c == SF_ERR_RANGE) return true;
  sf_verdict_fail(v, "write_refuses", NULL, names[what]);
  sf_verdict_key(v, "write_refuses %s %s", names[what], sf_code_name(c));
  sf_verdict_dumpf(v, "sf_isa_write given a kernel whose %s lies past its array returned %s (%s), not a range error\n",
                   names[what], sf_code_name(c), st.msg);
  return false;
}
