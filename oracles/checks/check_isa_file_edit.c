/* oracles/checks/check_isa_file_edit.c — edits of a written `.isa` file whose refusal is known
 * without knowing the file (isa_file_fuzzer): `opcode_edit` (an opcode the reader cannot step over)
 * and `name_nul` (a NUL byte in kernel 0's name), which judge the code and the byte position of the
 * refusal (a reader that refused for another reason, or pointed elsewhere, still refused), and
 * `cut_tail` (bytes IGC 12504 never wrote, which must not be read as its instructions),
 * `kind_edit` (a generic instruction's field of the wrong kind, which the encoder must refuse) and
 * `count_fits` (a variable count the kernel's bytes cannot hold, refused at the count); the fields
 * and counts older versions cannot hold are check_isa_old.c's (`old_fields`, `old_counts`). One
 * input in four gets each of the first two and `count_fits`, picked by the input's hash; every file in
 * the cut-short form the third; every file `kind_edit`, `old_fields` and `class_edit` or `value_edit`
 * (a field given another class or an edge value, check_isa_field_edit.c). `decl_drop` edits the printed text instead (a
 * required `.decl` attribute dropped); check_isa_file.c runs it on one input in four. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "harness/visa/visa_bin_priv.h"
#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/visa.h"

/* Kernel 0's object in a written file of vISA 3.7 or later (the name length a UW at byte 8): its
 * offset and size from the header's first kernel entry. False when the header is cut short. */
static bool kernel0_object(const uint8_t *w, size_t wn, size_t *obj, size_t *size) {
  if (wn < 10) return false;
  size_t nl = (size_t)w[8] | (size_t)w[9] << 8;
  if (10 + nl + 8 > wn) return false;
  *obj = sf_le32(w + 10 + nl);
  *size = sf_le32(w + 10 + nl + 4);
  return true;
}

/* Reads a copy of w[0..wn) with byte `at` set to `byte`: *rc and *st are the reader's answer. Returns
 * the copy (the caller frees it, after judging the refusal's position in it), NULL without memory. */
static uint8_t *read_with_byte(const uint8_t *w, size_t wn, size_t at, uint8_t byte, sf_code *rc, sf_status *st) {
  uint8_t *e = malloc(wn);
  if (!e) return NULL;
  memcpy(e, w, wn);
  e[at] = byte;
  sf_isa_file x;
  memset(&x, 0, sizeof x);
  sf_status_clear(st);
  *rc = sf_isa_read(e, wn, &x, st);
  sf_isa_free(&x);
  return e;
}

/* `opcode_edit`: the first instruction of kernel 0 in the written bytes w gets an opcode the reader
 * cannot step over: one of vISA 4.1's reserved numbers (IGC's enumeration names them; they have no
 * layout), or a number past the last opcode (0x92). Instructions have no length prefix, so the file
 * must be refused at that byte as invalid, naming the opcode. One input in four, the opcode drawn
 * from the hash. */
static bool opcode_edit(const sf_isa_file *g, const uint8_t *w, size_t wn, uint64_t h, sf_verdict *v) {
  if (!g->num_kernels || wn < 10) return true;
  const sf_visa_kernel *k = &g->kernels[0];
  if (!k->num_insts && !k->num_rets && !k->num_gens) return true;
  size_t obj, size;
  if (!kernel0_object(w, wn, &obj, &size)) return true;
  uint64_t at = (uint64_t)obj + k->entry;
  if (at >= wn) return true;
  uint8_t ops[256];
  unsigned nops = 0;
  for (unsigned op = 0; op < 256; op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    if (op > 0x92 || !d || !d->layout) ops[nops++] = (uint8_t)op;
  }
  uint8_t op = ops[(h >> 8) % nops];
  sf_status st;
  sf_code rc;
  uint8_t *e = read_with_byte(w, wn, (size_t)at, op, &rc, &st);
  if (!e) return true;
  sf_code want = SF_ERR_INVALID;
  char name[8];
  snprintf(name, sizeof name, "0x%02x", (unsigned)op);
  bool ok = rc == want && st.pos_kind == SF_POS_BYTE && st.pos == at && strstr(st.msg, name) != NULL;
  if (!ok) {
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "opcode_edit", NULL, op > 0x92 ? "unknown" : "reserved");
    sf_verdict_key(v, "opcode_edit %s code=%s", op > 0x92 ? "unknown" : "reserved", sf_code_name(rc));
    sf_verdict_dumpf(v, "opcode 0x%02x put at byte %llu (kernel 0's first instruction): want %s at that byte naming the "
                     "opcode, got %s\n", (unsigned)op, (unsigned long long)at, sf_code_name(want),
                     rc == SF_OK ? "a file that reads" : sf_status_format(&st, msg, sizeof msg));
  } else {
    ok = sf_check_refusal_at(v, "opcode_edit", &st, NULL, e, wn, true);
  }
  free(e);
  return ok;
}


/* `name_nul`: kernel 0's name (at byte 10 from vISA 3.7 on, after its UW length) gets a NUL byte in
 * its middle. The reader must refuse the file as invalid at the name's first byte. */
static bool name_nul(const uint8_t *w, size_t wn, sf_verdict *v) {
  if (wn < 10 || SF_VISA_V(w[4], w[5]) < SF_VISA_V(3, 7) || (w[6] | w[7]) == 0) return true;
  size_t nl = (size_t)w[8] | (size_t)w[9] << 8;
  if (nl == 0 || 10 + nl > wn) return true;
  sf_status st;
  sf_code rc;
  uint8_t *e = read_with_byte(w, wn, 10 + nl / 2, 0, &rc, &st);
  if (!e) return true;
  bool ok = rc == SF_ERR_INVALID && st.pos_kind == SF_POS_BYTE && st.pos == 10;
  if (!ok) {
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "name_nul", NULL, sf_code_name(rc));
    sf_verdict_key(v, "name_nul code=%s", sf_code_name(rc));
    sf_verdict_dumpf(v, "a NUL put at byte %zu (in kernel 0's %zu-byte name): want invalid at byte 10, got %s\n", 10 + nl / 2,
                     nl, rc == SF_OK ? "a file that reads" : sf_status_format(&st, msg, sizeof msg));
  } else {
    ok = sf_check_refusal_at(v, "name_nul", &st, NULL, e, wn, true);
  }
  free(e);
  return ok;
}

/* `cut_tail`: in IGC 12504's cut-short form (docs/visa-binary.md §6.2) the reader decides where
 * IGC's bytes end: at the last ret before an instruction that cannot be IGC's. Kernel 0's unwritten
 * tail is given, one edit at a time, instructions that each break one of the reader's rules, and
 * then a ret:
 *   label     a label instruction naming label `num_labels` (one past the last);
 *   vector    label 0, then a copy of the kernel's first instruction with a general-variable vector
 *             operand, that operand naming the first undeclared variable;
 *   raw       the same with a raw operand;
 *   after_ret a copy of the kernel's first instruction other than a label or ret, unchanged, right
 *             after the ret that ends the kernel (code after a ret is reached only through a label).
 * Every cut-short input gets the first; one of the other three, by the input's hash, beside it.
 * The file written with that tail must read back to the same instructions, the edited tail kept
 * verbatim (unless the edit lets the whole area read in the 4.1 form, which the reader tries
 * first). Nothing else tells how many instructions IGC wrote (only the .visaasm beside a real file
 * does). */
enum { CT_LABEL = 0x30, CT_FLABEL = 0x31, CT_RET = 0x34 }; /* label, function label, ret */

static bool cut_tail_one(sf_isa_file *g, sf_verdict *v, const uint8_t *edit, size_t elen, const char *what) {
  sf_visa_kernel *k = &g->kernels[0];
  if (k->code_tail_len < elen) return true;
  uint8_t *save = malloc(elen);
  if (!save) return true;
  memcpy(save, k->code_tail, elen);
  memcpy(k->code_tail, edit, elen);
  sf_status st;
  sf_status_clear(&st);
  sf_buf w;
  sf_buf_init(&w, &st);
  sf_code rc = sf_isa_write(g, &w, &st);
  memcpy(k->code_tail, save, elen);
  free(save);
  if (rc != SF_OK) {
    sf_buf_free(&w);
    return true;   /* the same file wrote before (write_fixpoint); a size limit is not this check's */
  }
  sf_isa_file x;
  memset(&x, 0, sizeof x);
  sf_status_clear(&st);
  rc = sf_isa_read(w.data, w.len, &x, &st);
  const sf_visa_kernel *y = rc == SF_OK && x.num_kernels ? &x.kernels[0] : NULL;
  /* The reader tries the 4.1 form first: when the edited bytes happen to read in it, the file is no
   * longer in the cut-short form (no tail), and the rule under test does not apply. */
  if (y && y->code_tail_len == 0) {
    sf_isa_free(&x);
    sf_buf_free(&w);
    return true;
  }
  bool ok = y && y->num_insts == k->num_insts && y->num_rets == k->num_rets && y->num_gens == k->num_gens &&
            y->code_tail_len == k->code_tail_len && memcmp(y->code_tail, edit, elen) == 0;
  if (!ok) {
    char msg[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "cut_tail", NULL, y ? "instructions" : "read");
    sf_verdict_key(v, "cut_tail %s %s", what, y ? "instructions" : sf_code_name(rc));
    if (y)
      sf_verdict_dumpf(v, "kernel 0's unwritten tail given %zu bytes (the %s edit, a ret last): read %u+%u+%u instructions and a "
                       "%u-byte tail, before %u+%u+%u and %u\n", elen, what, y->num_insts, y->num_rets,
                       y->num_gens, y->code_tail_len, k->num_insts, k->num_rets, k->num_gens, k->code_tail_len);
    else
      sf_verdict_dumpf(v, "the file with kernel 0's tail edited (%s) does not read: %s\n", what,
                       sf_status_format(&st, msg, sizeof msg));
  }
  sf_isa_free(&x);
  sf_buf_free(&w);
  return ok;
}

/* The edit for `kind` ('V' vector, 'R' raw, 'A' after a ret) from kernel 0's own instructions, into
 * e (label 0 first, except for 'A'; a ret last); false when the kernel has none to copy. */
static bool cut_tail_edit(const sf_visa_kernel *k, char kind, sf_buf *e) {
  uint32_t undeclared = SF_VISA_FIRST_USER_VAR + k->num_vars;
  for (uint32_t i = 0; i < k->num_gens; i++) {
    const sf_visa_ginst *g = &k->gens[i];
    if (g->form != SF_VISA_FORM_IGC12504 || g->op == CT_RET || g->op == CT_LABEL || g->op == CT_FLABEL) continue;
    int at = kind == 'A' ? 0 : -1;
    for (unsigned j = 0; kind != 'A' && j < g->num_ops && at < 0; j++)
      if (kind == 'V' ? g->ops[j].kind == SF_VF_VEC && g->ops[j].v.cls == SF_VCLS_GENERAL : g->ops[j].kind == SF_VF_RAW)
        at = (int)j;
    if (at < 0) continue;
    /* 'V' and 'R' edit a copy of the fields (at >= 0 there, so there is at least one); 'A' writes g as it is */
    sf_visa_ginst c = *g;
    c.ops = NULL;
    if (kind != 'A') {
      if (!(c.ops = malloc(g->num_ops * sizeof *c.ops))) return false;
      memcpy(c.ops, g->ops, g->num_ops * sizeof *c.ops);
      if (kind == 'V') c.ops[at].v.id = undeclared;
      else c.ops[at].r.id = undeclared;
    }
    static const uint8_t label0[3] = {CT_LABEL, 0, 0}, ret[2] = {CT_RET, 0};
    sf_status st;
    sf_status_clear(&st);
    bool ok = (kind == 'A' || sf_buf_put(e, label0, 3)) && sf_visa_gen_encode(c.ops ? &c : g, e, &st) == SF_OK &&
              sf_buf_put(e, ret, 2);
    free(c.ops);
    return ok;
  }
  return false;
}

/* The label edit on every cut-short input; one of the other three, picked by the input's hash h,
 * beside it (each edit writes and reads the whole file once). */
static bool cut_tail(sf_isa_file *g, uint64_t h, sf_verdict *v) {
  if (!g->num_kernels || g->kernels[0].code_tail_len < 5) return true;
  const sf_visa_kernel *k = &g->kernels[0];
  uint8_t label[5] = {CT_LABEL, (uint8_t)(k->num_labels & 0xffu), (uint8_t)(k->num_labels >> 8), CT_RET, 0x00};
  if (!cut_tail_one(g, v, label, sizeof label, "label")) return false;
  static const struct {
    char kind;
    const char *what;
  } edits[] = {{'V', "vector"}, {'R', "raw"}, {'A', "after_ret"}};
  size_t i = (size_t)((h >> 40) % 3);
  if (edits[i].kind != 'A' && k->num_labels == 0) return true; /* label 0 must be declared */
  sf_status st;
  sf_status_clear(&st);
  sf_buf e;
  sf_buf_init(&e, &st);
  bool ok = !cut_tail_edit(k, edits[i].kind, &e) || cut_tail_one(g, v, e.data, e.len, edits[i].what);
  sf_buf_free(&e);
  return ok;
}

/* `count_fits`: the reader refuses a count of records that the bytes left cannot hold before it
 * allocates them, at the count's byte (docs/visa-binary.md: the reader's caps). In a vISA 4.1
 * file, the kernel count (byte 6) is set to one more than the rest of the file could hold at 19
 * bytes per kernel entry, and kernel 0's variable count (after the string table and the name index)
 * to one more than the rest of its object could hold at the 15 bytes a var_info takes at the least
 * (name 4, bit_properties 1, num_elements 2, alias 4 + 2, alias scope 1, attribute count 1), and
 * that first variable's attribute count to one more than the rest could hold at 5 bytes an
 * attribute_info (name 4, size 1; when that fits its byte), and kernel 0's label count (after the
 * variables, addresses and predicates) to one more than the rest of its object could hold at the 6
 * bytes a label_info takes at the least (name 4, kind 1, attribute count 1), and its address count
 * to one more than the rest could hold at the 7 bytes a symbol takes at the least (name 4, number of
 * elements 2, attribute count 1), and its input count to one more than the rest could hold at the 9
 * bytes an input_info takes (kind 1, id 4, offset 2, size 2), and the function count to one more
 * than the rest of the file could hold at 15 bytes a function entry; and kernel 0's string count to
 * one past the reader's cap, SF_ISA_MAX_STRINGS (refused as over the limit, at the count). The
 * sizes are the vISA specification's layouts, written here rather than taken from the reader; each
 * edited file must be refused as truncated at the count's byte. One input in four. */
/* w (wn bytes) with its `width` bytes at `at` replaced by value (little-endian), read by
 * sf_isa_read: the reader's code and status, or SF_ERR_NOMEM when the copy cannot be made. */
static sf_code read_edited(const uint8_t *w, size_t wn, size_t at, unsigned width, uint32_t value, sf_status *st) {
  sf_status_clear(st);
  uint8_t *e = malloc(wn);
  if (!e) return SF_ERR_NOMEM;
  memcpy(e, w, wn);
  for (unsigned b = 0; b < width; b++) e[at + b] = (uint8_t)(value >> (8 * b));
  sf_isa_file x;
  memset(&x, 0, sizeof x);
  sf_code rc = sf_isa_read(e, wn, &x, st);
  sf_isa_free(&x);
  free(e);
  return rc;
}

static bool count_refused_as(const uint8_t *w, size_t wn, size_t at, unsigned width, uint32_t count, size_t room,
                             unsigned each, const char *what, sf_code want, sf_verdict *v) {
  sf_status st;
  sf_code rc = read_edited(w, wn, at, width, count, &st);
  if (rc == SF_ERR_NOMEM) return true;
  if (rc == want && st.pos_kind == SF_POS_BYTE && st.pos == at) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "count_fits", NULL, what);
  sf_verdict_key(v, "count_fits %s %s", what, sf_code_name(rc));
  if (want == SF_ERR_TRUNCATED)
    sf_verdict_dumpf(v, "the %s count at byte %zu set to %u, one more than the %zu bytes after it hold at %u bytes each: want "
                     "truncated at that byte, got %s\n", what, at, (unsigned)count, room, each,
                     rc == SF_OK ? "a file that reads" : sf_status_format(&st, msg, sizeof msg));
  else
    sf_verdict_dumpf(v, "the %s count at byte %zu set to %u, one past the reader's cap: want %s at that byte, got %s\n", what,
                     at, (unsigned)count, sf_code_name(want), rc == SF_OK ? "a file that reads" : sf_status_format(&st, msg, sizeof msg));
  return false;
}

static bool count_refused(const uint8_t *w, size_t wn, size_t at, unsigned width, uint32_t count, size_t room,
                          unsigned each, const char *what, sf_verdict *v) {
  return count_refused_as(w, wn, at, width, count, room, each, what, SF_ERR_TRUNCATED, v);
}

/* Steps *p over one declaration record of `fixed` bytes whose attribute count is its byte at
 * `count_at`, and its attributes (name 4, size 1, then size bytes); false when it runs past end. */
static bool skip_decl(const uint8_t *w, size_t end, size_t *p, size_t fixed, size_t count_at) {
  if (*p + fixed > end) return false;
  unsigned na = w[*p + count_at];
  *p += fixed;
  for (unsigned i = 0; i < na; i++) {
    if (*p + 5 > end) return false;
    *p += 5u + w[*p + 4];
  }
  return *p <= end;
}

/* Steps *p over a table: its count (`width` bytes, little-endian) and that many declaration records
 * (skip_decl); false when it runs past end. */
static bool skip_table(const uint8_t *w, size_t end, size_t *p, unsigned width, size_t fixed, size_t count_at) {
  if (*p + width > end) return false;
  uint32_t n = width == 1 ? w[*p] : width == 2 ? sf_le16(w + *p) : sf_le32(w + *p);
  *p += width;
  for (uint32_t i = 0; i < n; i++)
    if (!skip_decl(w, end, p, fixed, count_at)) return false;
  return true;
}

/* The byte after the kernel table (the file-scope variable count), its entries stepped over as the
 * specification lays them out (name length 2 and the name, offset, size and input offset, two
 * relocation counts, the gen binary count and 9 bytes per gen binary); 0 when it runs past wn. */
static size_t after_kernels(const uint8_t *w, size_t wn) {
  size_t f = 8;
  for (unsigned i = 0, nk = sf_le16(w + 6); i < nk; i++) {
    if (f + 2 > wn) return 0;
    f += 2u + sf_le16(w + f) + 12u + 4u;
    if (f + 1 > wn) return 0;
    f += 1u + 9u * w[f];
  }
  return f;
}

/* The function count (UW, after the kernel table and the file-scope variable count, which must be
 * 0): 15 bytes at the least per function entry (linkage 1, name length 2, offset and size 4 each,
 * two relocation symbol counts 2 each), after the kernel entries (after_kernels). True when the
 * count cannot be found. */
static bool function_count_fits(const uint8_t *w, size_t wn, sf_verdict *v) {
  size_t f = after_kernels(w, wn);
  if (!f || f + 4 > wn || (w[f] | w[f + 1]) != 0) return true;
  f += 2;
  size_t room = wn - f - 2, n = room / 15u + 1u;
  return n > SF_ISA_MAX_KERNELS || count_refused(w, wn, f, 2, (uint32_t)n, room, 15, "function", v);
}

/* `object_tail` (with `count_fits`): kernel 0's object made one byte longer in the kernel table (its
 * size, after the name, and the offset), one byte appended to the file in case it is the last object:
 * the reader must refuse the byte after the instructions as trailing, at that byte (the object's
 * offset plus its old size), whatever lies there. */
static bool object_tail(const uint8_t *w, size_t wn, sf_verdict *v) {
  size_t at = 10u + sf_le16(w + 8); /* kernel 0's offset; its size follows */
  if (at + 8 > wn) return true;
  uint32_t off = sf_le32(w + at), size = sf_le32(w + at + 4);
  uint8_t *e = malloc(wn + 1);
  if (!e) return true;
  memcpy(e, w, wn);
  e[wn] = 0x5a;
  uint32_t grown = size + 1u;
  for (unsigned b = 0; b < 4; b++) e[at + 4 + b] = (uint8_t)(grown >> (8 * b));
  sf_isa_file x;
  memset(&x, 0, sizeof x);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_isa_read(e, wn + 1, &x, &st);
  sf_isa_free(&x);
  free(e);
  if (rc == SF_ERR_TRAILING && st.pos_kind == SF_POS_BYTE && st.pos == (uint64_t)off + size) return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "object_tail", NULL, sf_code_name(rc));
  sf_verdict_key(v, "object_tail %s", sf_code_name(rc));
  sf_verdict_dumpf(v, "kernel 0's object (at %u, %u bytes) given one byte more: want trailing data at byte %llu, got %s\n", off,
                   size, (unsigned long long)off + size, rc == SF_OK ? "a file that reads" : sf_status_format(&st, msg, sizeof msg));
  return false;
}

/* `reloc_counts` (with `count_fits`): kernel 0's and, when the file has one, function 0's two
 * relocation symbol counts (UW, UW after the entry's offsets: IGC asserts both 0), each alone set
 * to 1, must be refused as unsupported at the first count's byte, naming both counts. The writer
 * writes zeros and a mutated count is only compared with itself, so a reader that refused only
 * the two together (`nsv && nsf`) would read the symbols that follow as the next entry. */
static bool reloc_one(const uint8_t *w, size_t wn, size_t at, unsigned which, const char *whose, sf_verdict *v) {
  if (at + 4 > wn || (w[at] | w[at + 1] | w[at + 2] | w[at + 3]) != 0) return true; /* not where they were expected */
  sf_status st;
  sf_code rc = read_edited(w, wn, at + 2 * which, 1, 1, &st); /* the count's low byte; its high one is 0 */
  char want[64];
  snprintf(want, sizeof want, "relocation symbols (%u variable, %u function)", which ? 0u : 1u, which ? 1u : 0u);
  if (rc == SF_ERR_NOMEM || (rc == SF_UNSUPPORTED && st.pos_kind == SF_POS_BYTE && st.pos == at && strstr(st.msg, whose) &&
                             strstr(st.msg, want)))
    return true;
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "reloc_counts", NULL, whose);
  sf_verdict_key(v, "reloc_counts %s %u %s", whose, which, sf_code_name(rc));
  sf_verdict_dumpf(v, "%s's %s relocation count at byte %zu set to 1: want unsupported there with \"%s\", got %s\n", whose,
                   which ? "function" : "variable", at + 2 * which, want,
                   rc == SF_OK ? "a file that reads" : sf_status_format(&st, msg, sizeof msg));
  return false;
}

static bool reloc_counts(const uint8_t *w, size_t wn, sf_verdict *v) {
  if (wn < 10) return true;
  size_t k = 10u + sf_le16(w + 8) + 12u; /* kernel 0: name length, name, offset, size, input offset */
  for (unsigned which = 0; which < 2; which++)
    if (!reloc_one(w, wn, k, which, "kernel 0", v)) return false;
  /* function 0: after the kernel table (as function_count_fits steps it) and the two counts */
  size_t f = after_kernels(w, wn);
  if (!f || f + 4 > wn || (w[f] | w[f + 1]) != 0 || sf_le16(w + f + 2) == 0) return true;
  f += 4 + 1; /* the file-scope variable count, the function count, function 0's linkage */
  if (f + 2 > wn) return true;
  f += 2u + sf_le16(w + f) + 8u; /* its name length, name, offset and size */
  for (unsigned which = 0; which < 2; which++)
    if (!reloc_one(w, wn, f, which, "function 0", v)) return false;
  return true;
}

static bool count_fits(const uint8_t *w, size_t wn, sf_verdict *v) {
  if (wn < 10 || w[4] != 4 || w[5] != 1 || (w[6] | w[7]) == 0) return true;
  if (!object_tail(w, wn, v)) return false;
  /* The kernel table: 19 bytes at the least per entry (name length 2, offset, size and input offset
   * 4 each, variable and function counts 2 each, gen binary count 1). */
  if ((wn - 8) / 19u + 1u <= 0xFFFFu && !count_refused(w, wn, 6, 2, (uint32_t)((wn - 8) / 19u + 1u), wn - 8, 19, "kernel", v))
    return false;
  if (!function_count_fits(w, wn, v) || !reloc_counts(w, wn, v)) return false;
  size_t obj, size;
  if (!kernel0_object(w, wn, &obj, &size) || obj > wn || size > wn - obj || size < 4) return true;
  size_t end = obj + size, p = obj, ns = sf_le32(w + p);
  /* kernel 0's string count (UD, the object's first field) one past SF_ISA_MAX_STRINGS: refused as
   * over the limit at its byte, whatever the bytes after it hold */
  if (!count_refused_as(w, wn, obj, 4, SF_ISA_MAX_STRINGS + 1u, end - obj - 4, 1, "string", SF_ERR_LIMIT, v)) return false;
  p += 4;
  for (size_t i = 0; i < ns && p < end; i++) {
    const uint8_t *z = memchr(w + p, 0, end - p);
    if (!z) return true;
    p = (size_t)(z - w) + 1;
  }
  if (p + 8 > end) return true;
  p += 4;                                      /* the kernel's name index */
  if (!count_refused(w, wn, p, 4, (uint32_t)((end - p - 4) / 15u + 1u), end - p - 4, 15, "variable", v)) return false;
  /* kernel 0's first variable's attribute count (UB, 14 bytes into its var_info): 5 bytes at the
   * least per attribute_info (name 4, size 1), when one past what the object holds fits the byte */
  size_t q = p + 4 + 14;
  if (sf_le32(w + p) != 0 && q < end && (wn - q - 1) / 5u + 1u <= 255u &&
      !count_refused(w, wn, q, 1, (uint32_t)((wn - q - 1) / 5u + 1u), wn - q - 1, 5, "variable attribute", v))
    return false;
  /* kernel 0's label count (UW), past the variables (15 bytes and their attributes each), the
   * addresses and the predicates (7 bytes and their attributes each, after a UW count): 6 bytes at
   * the least per label_info (name 4, kind 1, attribute count 1) */
  size_t r = p;
  if (!skip_table(w, end, &r, 4, 15, 14) || r + 2 > end) return true;
  if ((end - r - 2) / 7u + 1u <= 0xFFFFu &&
      !count_refused(w, wn, r, 2, (uint32_t)((end - r - 2) / 7u + 1u), end - r - 2, 7, "address", v))
    return false;
  if (!skip_table(w, end, &r, 2, 7, 6) || !skip_table(w, end, &r, 2, 7, 6)) return true; /* addresses, predicates */
  if (r + 2 > end || (end - r - 2) / 6u + 1u > 0xFFFFu) return true;
  if (!count_refused(w, wn, r, 2, (uint32_t)((end - r - 2) / 6u + 1u), end - r - 2, 6, "label", v)) return false;
  /* kernel 0's input count (UD), past the labels (6 bytes and their attributes each), the samplers
   * and the surfaces (a UB count, then 7 bytes and their attributes each) and the VME count (UB):
   * 9 bytes at the least per input_info (kind 1, id 4, offset 2, size 2) */
  if (!skip_table(w, end, &r, 2, 6, 5)) return true;                                      /* labels */
  if (!skip_table(w, end, &r, 1, 7, 6) || !skip_table(w, end, &r, 1, 7, 6)) return true; /* samplers, surfaces */
  if (r + 1 + 4 > end || w[r] != 0) return true;
  r += 1;
  if ((end - r - 4) / 9u + 1u > SF_ISA_MAX_VARS) return true;
  return count_refused(w, wn, r, 4, (uint32_t)((end - r - 4) / 9u + 1u), end - r - 4, 9, "input", v);
}

/* `kind_edit`: every field of a generic instruction carries its kind (a letter of the opcode's
 * layout, include/samplefuzz/visa.h), and the encoder must test each one against the layout of the
 * file's version, since the bytes do not say what a field is: a wrong kind written as if right
 * gives another instruction. Eight generic instructions of kernel 0 drawn from the input's hash
 * (all of them in a short kernel), each with one drawn field given another kind, must each be
 * refused as invalid; and in one file in four that prints, the text printer must refuse the file
 * with the first of them (a printer that skipped its class's kind test wrote the fields anyway). */
static bool kind_edit(sf_isa_file *g, uint64_t h, sf_verdict *v) {
  if (!g->num_kernels) return true;
  /* the layout letters, and a byte with no letter (DEL), which the refusal must quote as '?' */
  static const char kinds[] = "EPVRbwdLnS\x7f";
  unsigned ver = g->major ? SF_VISA_V(g->major, g->minor) : SF_VISA_V(4, 1);
  const sf_visa_kernel *k = &g->kernels[0];
  for (uint32_t j = 0; j < k->num_gens && j < 8; j++) {
    uint64_t hi = h ^ (0x9e3779b97f4a7c15ull * (j + 1));
    uint32_t i = k->num_gens <= 8 ? j : (uint32_t)((hi >> 24) % k->num_gens);
    sf_visa_ginst *gi = &k->gens[i];
    if (!gi->num_ops) continue;
    unsigned f = (unsigned)((hi >> 16) % gi->num_ops);
    uint8_t keep = gi->ops[f].kind;
    const char *at = strchr(kinds, keep);
    unsigned base = at ? (unsigned)(at - kinds) : 0, step = 1 + (unsigned)((hi >> 40) % (sizeof kinds - 2));
    gi->ops[f].kind = (uint8_t)kinds[(base + step) % (sizeof kinds - 1)];
    uint8_t put = gi->ops[f].kind;
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_code rc = sf_visa_gen_encode_ver(gi, ver, &b, &st);
    sf_buf_free(&b);
    char emsg[SF_STATUS_MSG_MAX];
    snprintf(emsg, sizeof emsg, "%s", st.msg);
    /* and, one file in four, the text printer (first edit only): a file that prints must not print
     * with the edited field, whose kind its instruction's class does not have */
    sf_code prc = SF_ERR_INVALID;
    if (rc == SF_ERR_INVALID && j == 0 && (h >> 58) % 4u == 0) {
      gi->ops[f].kind = keep;
      sf_buf t;
      sf_buf_init(&t, &st);
      bool printed = sf_visaasm_print(g, &t, &st) == SF_OK;
      sf_buf_free(&t);
      gi->ops[f].kind = put;
      if (printed) {
        sf_buf_init(&t, &st);
        sf_status_clear(&st);
        prc = sf_visaasm_print(g, &t, &st) == SF_OK ? SF_OK : SF_ERR_INVALID;
        sf_buf_free(&t);
      }
    }
    gi->ops[f].kind = keep;
    /* a refusal that names the field by its kind (the generic layout walk's; the classes with a
     * layout of their own name the layout instead) quotes the kind given, a byte that is no
     * character as '?' */
    char words[48], head[40];
    snprintf(words, sizeof words, "field %u is a '%c'", f, put >= 32 && put < 127 ? put : '?');
    snprintf(head, sizeof head, "field %u is a '", f);
    if (rc == SF_ERR_INVALID && strstr(emsg, head) && !strstr(emsg, words)) {
      const char *name = sf_visa_op_name(gi->op);
      sf_verdict_fail(v, "kind_edit", NULL, "words");
      sf_verdict_key(v, "kind_edit words");
      sf_verdict_dumpf(v, "%s (opcode 0x%02x): field %u given kind 0x%02x, refused with \"%s\"; want the words \"%s\"\n",
                       name ? name : "?", (unsigned)gi->op, f, (unsigned)put, emsg, words);
      return false;
    }
    if (rc == SF_ERR_INVALID && prc != SF_OK) continue;
    if (rc == SF_ERR_INVALID) { /* the printer wrote it */
      const char *pn = sf_visa_op_name(gi->op);
      sf_verdict_fail(v, "kind_edit", NULL, "print");
      sf_verdict_key(v, "kind_edit print %s", pn ? pn : "op");
      sf_verdict_dumpf(v, "%s (opcode 0x%02x, kernel 0's generic instruction %u): field %u of kind '%c' given kind '%c'; "
                       "the text printer wrote it, want a refusal\n", pn ? pn : "?", (unsigned)gi->op, (unsigned)i, f,
                       keep >= 32 && keep < 127 ? keep : '?', put);
      return false;
    }
    const char *name = sf_visa_op_name(gi->op);
    sf_verdict_fail(v, "kind_edit", NULL, name ? name : "op");
    sf_verdict_key(v, "kind_edit %s %s", name ? name : "op", sf_code_name(rc));
    sf_verdict_dumpf(v, "%s (opcode 0x%02x, kernel 0's generic instruction %u, vISA %u.%u): field %u of kind '%c' given "
                     "kind '%c'; the encoder gave %s (%s), want invalid\n", name ? name : "?", (unsigned)gi->op,
                     (unsigned)i, ver >> 8, ver & 0xFF, f, keep >= 32 && keep < 127 ? keep : '?', put,
                     sf_code_name(rc), st.msg);
    return false;
  }
  return true;
}

/* `decl_drop`: a general variable's `.decl` line of the printed text t loses one attribute the
 * grammar requires of it (v_type=G, type= or num_elts=: GenX_IR's `.decl` of a general variable
 * names all three; docs/visa-text.md). The parser must refuse the text as a syntax error on that
 * line, not take a default. The line and the attribute are drawn from h. */
bool sf_isa_decl_drop(sf_verdict *v, const char *t, size_t n, uint64_t h) {
  static const char *const keys[3] = {" v_type=G", " type=", " num_elts="};
  size_t lines = 0;
  for (int pass = 0; pass < 2; pass++) {
    size_t want = pass ? (size_t)(h % lines) : (size_t)-1, k = 0;
    uint32_t line = 1;
    for (size_t i = 0; i < n; line++) {
      const char *e = memchr(t + i, '\n', n - i);
      size_t end = e ? (size_t)(e - t) : n;
      if (end - i > 6 && !memcmp(t + i, ".decl ", 6) && sf_check_has_word(t + i, end - i, "v_type=G")) {
        if (pass == 1 && k == want) {
          const char *key = keys[(h >> 20) % 3];
          size_t kl = strlen(key), at = i;
          while (at + kl <= end && memcmp(t + at, key, kl)) at++;
          if (at + kl > end) return true;
          size_t stop = at + kl;
          while (stop < end && t[stop] != ' ' && t[stop] != '\r') stop++;
          char *ed = malloc(n);
          if (!ed) return true; /* no memory for the edit: nothing learned */
          memcpy(ed, t, at);
          memcpy(ed + at, t + stop, n - stop);
          sf_status st;
          sf_status_clear(&st);
          sf_isa_file x;
          memset(&x, 0, sizeof x);
          sf_code rc = sf_visaasm_parse(ed, n - (stop - at), &x, &st);
          sf_isa_free(&x);
          free(ed);
          if (rc == SF_ERR_SYNTAX && st.pos_kind == SF_POS_TEXT && st.line == line) return true;
          sf_verdict_fail(v, "decl_drop", NULL, key + 1);
          sf_verdict_key(v, "decl_drop %.*s %s", (int)(kl - 2), key + 1, rc == SF_OK ? "accepted" : sf_code_name(rc));
          sf_verdict_dumpf(v, "a general variable's .decl without '%.*s' (line %u) was %s%s%s (line %u)\n%.*s\n", (int)(kl - 1),
                           key + 1, (unsigned)line, rc == SF_OK ? "accepted" : "refused as ", rc == SF_OK ? "" : sf_code_name(rc),
                           rc == SF_OK ? "" : ": ", (unsigned)st.line, (int)(end - i > 300 ? 300 : end - i), t + i);
          if (rc != SF_OK) sf_verdict_dumpf(v, "%s\n", st.msg);
          return false;
        }
        k++;
      }
      i = end + 1;
    }
    if (pass == 0 && (lines = k) == 0) return true;
  }
  return true;
}

/* `text_ids`: the printed text is GenX_IR's disassembly layout (visa_file_print.c): apart from
 * blank lines, directives ('.'), comments and label lines ("name:"), every line is an instruction
 * with its " /// $N" number, indented by four blanks and padded with blanks to column 80 before it
 * (as IGC's dumps in tests/data/real/visa-ocloc are), or right after an instruction that reaches
 * column 80; FILE and LOC lines have four blanks and no number. An instruction printed without it, or padded otherwise, still reads back, so the round
 * trip cannot see a printer that lost the layout. */
/* The block of predefined variables and surfaces that IGC 12504 prints after every kernel's and
 * function's header, as its own dumps have it (tests/data/real/visa-ocloc): the check's own copy. */
static const char isa_predef_block[] =
    "/// VISA Predefined Variables\n"
    "// .decl V0 v_type=G v_name=%null\n// .decl V1 v_type=G v_name=%thread_x\n"
    "// .decl V2 v_type=G v_name=%thread_y\n// .decl V3 v_type=G v_name=%group_id_x\n"
    "// .decl V4 v_type=G v_name=%group_id_y\n// .decl V5 v_type=G v_name=%group_id_z\n"
    "// .decl V6 v_type=G v_name=%tsc\n// .decl V7 v_type=G v_name=%r0\n// .decl V8 v_type=G v_name=%arg\n"
    "// .decl V9 v_type=G v_name=%retval\n// .decl V10 v_type=G v_name=%sp\n// .decl V11 v_type=G v_name=%fp\n"
    "// .decl V12 v_type=G v_name=%hw_id\n// .decl V13 v_type=G v_name=%sr0\n// .decl V14 v_type=G v_name=%cr0\n"
    "// .decl V15 v_type=G v_name=%ce0\n// .decl V16 v_type=G v_name=%dbg0\n// .decl V17 v_type=G v_name=%color\n"
    "// .decl V18 v_type=G v_name=%impl_arg_buf_ptr\n// .decl V19 v_type=G v_name=%local_id_buf_ptr\n"
    "// .decl V20 v_type=G v_name=%msg0\n"
    "// .decl T0 v_type=T v_name=%slm\n// .decl T1 v_type=T v_name=T1\n// .decl T2 v_type=T v_name=T2\n"
    "// .decl T3 v_type=T v_name=TSS\n// .decl T4 v_type=T v_name=%bss\n// .decl T5 v_type=T v_name=%scratch\n\n";

bool sf_isa_text_ids(sf_verdict *v, const char *t, size_t n) {
  /* `predef_block`: every "/// VISA Predefined Variables" block is IGC's, line for line (the parser
   * reads those lines as comments, so the round trip cannot see one more, one less or a wrong name) */
  static const char head[] = "/// VISA Predefined Variables\n";
  for (size_t i = 0; i + sizeof head - 1 <= n; i++) {
    if (t[i] != '/' || (i && t[i - 1] != '\n') || memcmp(t + i, head, sizeof head - 1) != 0) continue;
    const char *p = t + i;
    size_t left = n - i;
    if (left >= sizeof isa_predef_block - 1 && !memcmp(p, isa_predef_block, sizeof isa_predef_block - 1)) continue;
    sf_verdict_fail(v, "text_ids", NULL, "predef");
    sf_verdict_key(v, "text_ids predef_block");
    sf_verdict_dumpf(v, "the predefined-variable block at byte %zu of the printed text is not IGC's:\n%.*s\n", i,
                     (int)(left > 1200 ? 1200 : left), p);
    return false;
  }
  uint32_t line = 1;
  for (size_t i = 0; i < n; line++) {
    const char *e = memchr(t + i, '\n', n - i);
    size_t end = e ? (size_t)(e - t) : n, a = i;
    while (a < end && (t[a] == ' ' || t[a] == '\t')) a++;
    bool plain = a < end && t[a] != '.' && !(end - a >= 2 && t[a] == '/' && t[a + 1] == '/') && t[end - 1] != ':';
    /* FILE and LOC lines: four blanks and the line, no number (IsaDisassembly.cpp prints none) */
    bool srcloc = a - i == 4 && ((end - a > 5 && !memcmp(t + a, "FILE \"", 6)) || (end - a > 4 && !memcmp(t + a, "LOC ", 4)));
    const char *why = NULL;
    if (srcloc && sf_check_has_word(t + a, end - a, "/// $")) {
      why = "is a FILE or LOC line with a number (GenX_IR prints none)";
    } else if (srcloc) {
    } else if (plain && !sf_check_has_word(t + a, end - a, "///")) {
      why = "is neither a directive, a label nor a numbered instruction";
    } else if (plain) {
      size_t k = end; /* the last " /// $" of the line, and the end of the instruction before it */
      while (k > a && !(end - k >= 6 && !memcmp(t + k, " /// $", 6))) k--;
      size_t c = k;
      while (c > a && t[c - 1] == ' ') c--;
      if (a - i != 4 || k == a || k - i != (c - i > 80 ? c - i : 80)) why = "does not have GenX_IR's layout";
    }
    if (why) {
      sf_verdict_fail(v, "text_ids", NULL, "line");
      sf_verdict_key(v, "text_ids");
      sf_verdict_dumpf(v, "line %u of the printed text %s: %.*s\n", (unsigned)line, why,
                       (int)(end - i > 200 ? 200 : end - i), t + i);
      return false;
    }
    i = end + 1;
  }
  return true;
}

/* `input_offset` (every written file): each kernel's table entry ends with input_offset, which the
 * vISA specification (the header's kernel info) defines as where the kernel's input count lies; a
 * runtime that loads the kernel's arguments seeks there. It must lie inside the kernel's object
 * [offset, offset + size) and hold the kernel's input count in the version's width (one byte before
 * 3.5, four from 3.5). Our reader reads each object in order and never seeks there, so only this
 * check sees a wrong one. */
static bool input_offsets(const sf_isa_file *g, const uint8_t *w, size_t wn, sf_verdict *v) {
  unsigned ver = g->major ? SF_VISA_V(g->major, g->minor) : SF_VISA_V(4, 1);
  unsigned nlw = ver >= SF_VISA_V(3, 7) ? 2u : 1u, inw = ver >= SF_VISA_V(3, 5) ? 4u : 1u;
  if (wn < 8) return true;
  unsigned nk = (unsigned)w[6] | (unsigned)w[7] << 8;
  size_t p = 8;
  for (unsigned i = 0; i < nk && i < g->num_kernels; i++) {
    if (p + nlw > wn) return true;
    size_t nl = nlw == 2 ? (size_t)w[p] | (size_t)w[p + 1] << 8 : w[p];
    p += nlw + nl;
    if (p + 17 > wn) return true;
    uint32_t off = sf_le32(w + p), size = sf_le32(w + p + 4), in = sf_le32(w + p + 8);
    p += 16;
    p += 1 + 9u * w[p];
    uint64_t got = UINT64_MAX;
    if (in >= off && (uint64_t)in + inw <= (uint64_t)off + size && (uint64_t)in + inw <= wn)
      got = inw == 4 ? sf_le32(w + in) : w[in];
    if (got == g->kernels[i].num_inputs) continue;
    sf_verdict_fail(v, "input_offset", NULL, "kernel");
    sf_verdict_key(v, "input_offset");
    sf_verdict_dumpf(v, "kernel %u: input_offset 0x%x, object [0x%x, +%u), %u inputs; the field there %s\n", i,
                     (unsigned)in, (unsigned)off, (unsigned)size, (unsigned)g->kernels[i].num_inputs,
                     got == UINT64_MAX ? "lies outside the object" : "holds another count");
    return false;
  }
  return true;
}

bool sf_check_isa_file_edits(sf_isa_file *g, const uint8_t *w, size_t wn, const uint8_t *p, size_t n,
                              sf_verdict *v) {
  uint64_t h = XXH3_64bits(p, n);
  if (!cut_tail(g, h, v)) return false;
  if (!input_offsets(g, w, wn, v) || !sf_check_isa_object_order(g, w, wn, h, v) || !kind_edit(g, h, v) || !sf_isa_field_edit(g, h, v) ||
      !sf_isa_old_versions(g, v))
    return false;
  switch ((h >> 58) % 4) {
    case 1: return opcode_edit(g, w, wn, h, v);
    case 2: return name_nul(w, wn, v);
    case 3: return count_fits(w, wn, v);
    default: return true;
  }
}

/* The text of file t as `.isa` bytes (out), or false when it does not parse or write. */
static bool genx_text_bytes(const char *t, size_t n, sf_buf *out) {
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  if (sf_visaasm_parse(t, n, &f, &st) != SF_OK) return false;
  sf_buf_init(out, &st);
  out->limit = 1u << 24;
  bool ok = sf_isa_write(&f, out, &st) == SF_OK;
  sf_isa_free(&f);
  return ok;
}

/* `genx_spelling`: GenX_IR 12504's printer writes an end-of-thread raw_sends as
 * `raw_sends.<ffid>.eot.<n0>.<n1>.<nd>` and a raw_sendsc with its ffid (`raw_sendsc.0.<n0>...`),
 * spellings its own parser refuses; ours prints the parser's (`raw_sends_eot.<ffid>...`,
 * `raw_sendsc.<n0>...`) and must read the printer's as the same instruction (docs/visa-text.md),
 * so that IGC's dumps read. The first such line of the printed text t is respelled; both texts must
 * write the same bytes (one text in four, by its hash). No printed text holds the printer's spelling,
 * so nothing else reads it. */
bool sf_isa_genx_spellings(sf_verdict *v, const char *t, size_t n) {
  if (XXH3_64bits(t, n) % 4u != 1u) return true; /* one printed text in four: two more parses and writes */
  static const char *const from[3] = {"raw_sends_eot.", "raw_sendsc_eot.", "raw_sendsc."};
  size_t at = 0, fl = 0;
  int kind = -1;
  for (size_t i = 0; i + 12 < n && kind < 0; i++) {
    if (i && t[i - 1] != ' ') continue;
    for (int k = 0; k < 3 && kind < 0; k++)
      if (n - i > strlen(from[k]) && !memcmp(t + i, from[k], strlen(from[k]))) kind = k, at = i, fl = strlen(from[k]);
  }
  if (kind < 0) return true;
  size_t dots = 0, e = at + fl; /* raw_sendsc: its three counts only (four: already the printer's form) */
  while (e < n && t[e] != ' ') dots += t[e++] == '.';
  if (kind == 2 && dots != 2) return true;
  size_t cut = at + fl;
  char *r = malloc(n + 32);
  if (!r) return true;
  size_t m = 0;
  memcpy(r, t, at), m = at;
  if (kind == 0 || (kind == 1 && dots == 3)) {
    /* raw_sends_eot.<ffid>. -> raw_sends.<ffid>.eot., and a raw_sendsc_eot that prints its ffid
     * (not 0) likewise: raw_sendsc.<ffid>.eot. */
    size_t f = cut;
    while (f < n && t[f] != '.' && t[f] != ' ') f++;
    size_t bl = kind ? 11 : 10;
    memcpy(r + m, kind ? "raw_sendsc." : "raw_sends.", bl), m += bl;
    memcpy(r + m, t + cut, f - cut), m += f - cut;
    memcpy(r + m, ".eot", 4), m += 4;
    cut = f;
  } else {
    const char *to = kind == 1 ? "raw_sendsc.0.eot." : "raw_sendsc.0."; /* no ffid printed: GenX_IR's 0 */
    memcpy(r + m, to, strlen(to)), m += strlen(to);
  }
  memcpy(r + m, t + cut, n - cut), m += n - cut;
  sf_buf a, b;
  bool oa = genx_text_bytes(t, n, &a), ob = oa && genx_text_bytes(r, m, &b);
  bool same = ob && a.len == b.len && !memcmp(a.data, b.data, a.len);
  if (oa) sf_buf_free(&a);
  if (ob) sf_buf_free(&b);
  if (!oa || same) return free(r), true;
  const char *ln = memchr(r + at, '\n', m - at);
  sf_verdict_fail(v, "genx_spelling", NULL, from[kind]);
  sf_verdict_key(v, "genx_spelling %s%s", from[kind], ob ? "" : " refused");
  sf_verdict_dumpf(v, "GenX_IR's printed spelling of a %.*s line %s: %.*s\n", (int)(fl - 1), from[kind],
                   ob ? "reads as other bytes" : "is refused", (int)((ln ? (size_t)(ln - r) : m) - at), r + at);
  free(r);
  return false;
}
