/* visa_isa_write.c — the .isa writer (sf_isa_write): the v4.1 header, kernel objects with their
 * tables, attributes and gen-binary records; instruction bytes re-encoded from insts[] and rets[].
 * visa_isa_read.c is the reader. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_bin_priv.h"
#include "harness/visa/visa_isa_priv.h"
#include "harness/visa/visa_kernel_priv.h"


sf_code isa_ret_encode(const sf_visa_ret *ret, unsigned idx, sf_buf *b, sf_status *st) {
  if (ret->exec_size > 0xF || ret->emask > 0xF || ret->pred.id > 0xFFF || ret->pred.rsvd > 1 || ret->pred.ctrl > 3)
    return sf_fail(st, SF_ERR_RANGE, "rets[%u]: exec_size/emask/pred field does not fit its bits", idx);
  sf_wr_u8(b, SF_VISA_OP_RET);
  sf_wr_u8(b, (uint8_t)(ret->exec_size | (ret->emask << 4)));
  sf_wr_u16(b, (uint16_t)(ret->pred.id | ((unsigned)ret->pred.rsvd << 12) | ((unsigned)ret->pred.ctrl << 13) |
                          ((unsigned)ret->pred.invert << 15)));
  return SF_OK;
}

bool sf_isa_version_ok(uint8_t major, uint8_t minor) { return SF_ISA_VER_OK(SF_VISA_V(major, minor)); }

/* An id or count field in the width of version ver (SF_ISA_IDW); wr_kernel_object checks first that
 * the values fit. */
static void wr_id(sf_buf *b, uint32_t v, unsigned ver) {
  if (SF_ISA_IDW(ver) == 4)
    sf_wr_u32(b, v);
  else
    sf_wr_u16(b, (uint16_t)v);
}

static sf_code chk_str(const sf_visa_kernel *k, uint32_t idx, unsigned ki, const char *what, sf_status *st) {
  if (idx >= k->num_strings)
    return sf_fail(st, SF_ERR_RANGE, "kernel %u: %s names string %u, but there are %u strings", ki, what, (unsigned)idx,
                   (unsigned)k->num_strings);
  return SF_OK;
}

/* Writes the attribute records attrs[first, first+n). */
static sf_code wr_attrs(const sf_visa_kernel *k, uint32_t first, uint32_t n, unsigned ki, const char *what, sf_buf *b,
                        unsigned ver, sf_status *st) {
  if (n == 0) return SF_OK;
  if (!k->attrs || first > k->num_attrs || n > k->num_attrs - first)
    return sf_fail(st, SF_ERR_RANGE, "kernel %u: %s attributes [%u, +%u) outside attrs[%u]", ki, what, (unsigned)first,
                   (unsigned)n, (unsigned)k->num_attrs);
  for (uint32_t i = first; i < first + n; i++) {
    const sf_visa_attr *a = &k->attrs[i];
    sf_code c = chk_str(k, a->name, ki, "an attribute", st);
    if (c != SF_OK) return c;
    if (a->size && (!k->attr_bytes || a->value_off > k->attr_bytes_len || a->size > k->attr_bytes_len - a->value_off))
      return sf_fail(st, SF_ERR_RANGE, "kernel %u: attribute %u value [%u, +%u) outside attr_bytes[%u]", ki, (unsigned)i,
                     (unsigned)a->value_off, (unsigned)a->size, (unsigned)k->attr_bytes_len);
    wr_id(b, a->name, ver);
    sf_wr_u8(b, a->size);
    if (a->size) sf_buf_put(b, k->attr_bytes + a->value_off, a->size);
  }
  return SF_OK;
}

/* The bytes attrs[first, first + n) take; the caller has checked that the run lies in attrs[]. */
static size_t attrs_size(const sf_visa_kernel *k, uint32_t first, uint32_t n, unsigned ver) {
  size_t s = 0;
  for (uint32_t i = first; i < first + n; i++) s += MIN_ATTR - 4 + SF_ISA_IDW(ver) + k->attrs[i].size;
  return s;
}

static sf_code wr_syms(const sf_visa_kernel *k, const sf_visa_sym *s, uint32_t n, unsigned ki, const char *what,
                       sf_buf *b, unsigned ver, sf_status *st) {
  if (n && !s) return sf_fail(st, SF_ERR_INVALID, "kernel %u: %u %s but no array", ki, (unsigned)n, what);
  for (uint32_t i = 0; i < n; i++) {
    sf_code c = chk_str(k, s[i].name, ki, what, st);
    if (c != SF_OK) return c;
    wr_id(b, s[i].name, ver);
    sf_wr_u16(b, s[i].num_elts);
    sf_wr_u8(b, s[i].attr_count);
    if ((c = wr_attrs(k, s[i].attr_first, s[i].attr_count, ki, what, b, ver, st)) != SF_OK) return c;
  }
  return SF_OK;
}

/* Encodes the instruction area: the whole stream in order (sf_visa_walk_next: gens[] at their
 * positions, insts[] and rets[] in the others). */
static sf_code wr_code(const sf_visa_kernel *k, unsigned ki, sf_buf *b, unsigned ver, sf_status *st) {
  if (k->num_insts > SF_ISA_MAX_INSTS || k->num_rets > SF_ISA_MAX_INSTS || k->num_gens > SF_ISA_MAX_INSTS)
    return sf_fail(st, SF_ERR_LIMIT, "kernel %u: %u instructions, %u RETs and %u others exceed the cap of %u", ki,
                   (unsigned)k->num_insts, (unsigned)k->num_rets, (unsigned)k->num_gens, SF_ISA_MAX_INSTS);
  sf_visa_walk w = {0, 0, 0, 0};
  for (;;) {
    uint32_t idx = 0;
    sf_visa_walk_kind wk = sf_visa_walk_next(k, &w, &idx, st);
    sf_code c = SF_OK;
    if (wk == SF_WALK_END) break;
    if (wk == SF_WALK_ERR) return st && st->code != SF_OK ? st->code : SF_ERR_INVALID;
    if (wk == SF_WALK_INST) c = sf_visa_encode_ver(&k->insts[idx], ver, b, st);
    else if (wk == SF_WALK_RET) c = isa_ret_encode(&k->rets[idx], idx, b, st);
    else c = sf_visa_gen_encode_ver(&k->gens[idx], ver, b, st);
    if (c != SF_OK) return c;
  }
  if (k->code_tail_len) {
    if (!k->code_tail) return sf_fail(st, SF_ERR_INVALID, "kernel %u: code_tail_len without code_tail", ki);
    sf_buf_put(b, k->code_tail, k->code_tail_len);
  }
  return sf_buf_code(b);
}

/* Writes one kernel object into b (which starts empty). *input_rel receives the offset of num_inputs. */
static sf_code wr_kernel_object(const sf_visa_kernel *k, unsigned ki, sf_buf *b, uint32_t *input_rel, unsigned ver,
                               sf_status *st) {
  sf_code c;
  if (SF_ISA_IDW(ver) == 2) { /* ids that the UW fields before vISA 3.4 cannot hold (string ids are < num_strings) */
    bool big = k->num_strings > 0xFFFF || k->num_vars > 0xFFFF || k->num_inputs > 0xFFFF;
    for (uint32_t i = 0; !big && k->vars && i < k->num_vars; i++) big = k->vars[i].alias_index > 0xFFFF;
    for (uint32_t i = 0; !big && k->inputs && i < k->num_inputs; i++) big = k->inputs[i].index > 0xFFFF;
    if (big) return sf_fail(st, SF_ERR_RANGE, "kernel %u: an id or count over 65535, which vISA %u.%u stores in 16 bits", ki,
                            ver >> 8, ver & 0xFF);
  }
  if (SF_ISA_INW(ver) == 1 && k->num_inputs > 0xFF)
    return sf_fail(st, SF_ERR_RANGE, "kernel %u: %u inputs; vISA %u.%u stores the count in 8 bits", ki,
                   (unsigned)k->num_inputs, ver >> 8, ver & 0xFF);
  if (k->num_strings > SF_ISA_MAX_STRINGS || k->num_vars > SF_ISA_MAX_VARS || k->num_attrs > SF_ISA_MAX_ATTRS ||
      k->num_inputs > SF_ISA_MAX_INPUTS)
    return sf_fail(st, SF_ERR_LIMIT, "kernel %u: a count exceeds its cap (strings %u, vars %u, attrs %u, inputs %u)", ki,
                   (unsigned)k->num_strings, (unsigned)k->num_vars, (unsigned)k->num_attrs, (unsigned)k->num_inputs);
  if ((k->num_strings && !k->strings) || (k->num_vars && !k->vars) || (k->num_labels && !k->labels) ||
      (k->num_inputs && !k->inputs))
    return sf_fail(st, SF_ERR_INVALID, "kernel %u: a table has a count but no array", ki);

  wr_id(b, k->num_strings, ver);
  for (uint32_t i = 0; i < k->num_strings; i++) {
    if (!k->strings[i]) return sf_fail(st, SF_ERR_INVALID, "kernel %u: string %u is NULL", ki, (unsigned)i);
    sf_buf_put(b, k->strings[i], strlen(k->strings[i]) + 1);
  }
  if ((c = chk_str(k, k->name_index, ki, "name_index", st)) != SF_OK) return c;
  wr_id(b, k->name_index, ver);

  wr_id(b, k->num_vars, ver);
  for (uint32_t i = 0; i < k->num_vars; i++) {
    const sf_visa_var *v = &k->vars[i];
    if ((c = chk_str(k, v->name, ki, "a variable", st)) != SF_OK) return c;
    wr_id(b, v->name, ver);
    sf_wr_u8(b, v->props);
    sf_wr_u16(b, v->num_elts);
    wr_id(b, v->alias_index, ver);
    sf_wr_u16(b, v->alias_offset);
    sf_wr_u8(b, v->alias_scope);
    sf_wr_u8(b, v->attr_count);
    if ((c = wr_attrs(k, v->attr_first, v->attr_count, ki, "variable", b, ver, st)) != SF_OK) return c;
  }
  sf_wr_u16(b, k->num_addrs);
  if ((c = wr_syms(k, k->addrs, k->num_addrs, ki, "addresses", b, ver, st)) != SF_OK) return c;
  sf_wr_u16(b, k->num_preds);
  if ((c = wr_syms(k, k->preds, k->num_preds, ki, "predicates", b, ver, st)) != SF_OK) return c;
  sf_wr_u16(b, k->num_labels);
  for (uint32_t i = 0; i < k->num_labels; i++) {
    if ((c = chk_str(k, k->labels[i].name, ki, "a label", st)) != SF_OK) return c;
    wr_id(b, k->labels[i].name, ver);
    sf_wr_u8(b, k->labels[i].kind);
    sf_wr_u8(b, 0);
  }
  sf_wr_u8(b, k->num_samplers);
  if ((c = wr_syms(k, k->samplers, k->num_samplers, ki, "samplers", b, ver, st)) != SF_OK) return c;
  sf_wr_u8(b, k->num_surfaces);
  if ((c = wr_syms(k, k->surfaces, k->num_surfaces, ki, "surfaces", b, ver, st)) != SF_OK) return c;
  sf_wr_u8(b, 0); /* vme_count */
  *input_rel = (uint32_t)b->len;
  if (k->is_function && k->num_inputs)
    return sf_fail(st, SF_ERR_INVALID, "function %u: %u inputs (a function object has none)", ki, (unsigned)k->num_inputs);
  if (!k->is_function && SF_ISA_INW(ver) == 4) sf_wr_u32(b, k->num_inputs);
  if (!k->is_function && SF_ISA_INW(ver) == 1) sf_wr_u8(b, (uint8_t)k->num_inputs);
  for (uint32_t i = 0; i < k->num_inputs; i++) {
    const sf_visa_input *in = &k->inputs[i];
    sf_wr_u8(b, in->kind);
    wr_id(b, in->index, ver);
    sf_wr_u16(b, (uint16_t)in->offset);
    sf_wr_u16(b, in->size);
  }

  sf_buf code;
  sf_buf_init(&code, st);
  code.limit = b->limit;
  if ((c = wr_code(k, ki, &code, ver, st)) != SF_OK) {
    sf_buf_free(&code);
    return c;
  }
  if (k->num_kattrs && (k->kattr_first > k->num_attrs || k->num_kattrs > k->num_attrs - k->kattr_first)) {
    sf_buf_free(&code);
    return sf_fail(st, SF_ERR_RANGE, "kernel %u: kernel attributes [%u, +%u) outside attrs[%u]", ki,
                   (unsigned)k->kattr_first, (unsigned)k->num_kattrs, (unsigned)k->num_attrs);
  }
  size_t entry = b->len + 4 + 4 + (k->is_function ? 2u : 0u) + 2 + attrs_size(k, k->kattr_first, k->num_kattrs, ver);
  if (code.len > UINT32_MAX || entry > UINT32_MAX) {
    sf_buf_free(&code);
    return sf_fail(st, SF_ERR_LIMIT, "kernel %u: kernel object too large", ki);
  }
  sf_wr_u32(b, (uint32_t)code.len);
  sf_wr_u32(b, (uint32_t)entry);
  if (k->is_function) sf_wr_u8(b, k->arg_size), sf_wr_u8(b, k->ret_size);
  sf_wr_u16(b, k->num_kattrs);
  if ((c = wr_attrs(k, k->kattr_first, k->num_kattrs, ki, "kernel", b, ver, st)) != SF_OK) {
    sf_buf_free(&code);
    return c;
  }
  if (!b->failed && b->len != entry) {
    sf_buf_free(&code);
    return sf_fail(st, SF_ERR_INVALID, "kernel %u: internal layout error (entry %zu, attributes end at %zu)", ki, entry,
                   b->len);
  }
  if (code.len) sf_buf_put(b, code.data, code.len);
  sf_buf_free(&code);
  return sf_buf_code(b);
}

sf_code sf_isa_write(const sf_isa_file *f, sf_buf *out, sf_status *st) {
  if (!f || !out) return sf_fail(st, SF_ERR_INVALID, "sf_isa_write: NULL argument");
  if (out->failed) return sf_fail(st, SF_ERR_LIMIT, "sf_isa_write: output buffer already failed");
  if (f->num_kernels > SF_ISA_MAX_KERNELS)
    return sf_fail(st, SF_ERR_LIMIT, "%u kernels exceed the cap of %u", (unsigned)f->num_kernels, SF_ISA_MAX_KERNELS);
  if (f->num_kernels && !f->kernels) return sf_fail(st, SF_ERR_INVALID, "sf_isa_write: kernels is NULL");
  if (f->num_functions > SF_ISA_MAX_KERNELS)
    return sf_fail(st, SF_ERR_LIMIT, "%u functions exceed the cap of %u", (unsigned)f->num_functions, SF_ISA_MAX_KERNELS);
  if (f->num_functions && !f->functions) return sf_fail(st, SF_ERR_INVALID, "sf_isa_write: functions is NULL");

  const unsigned ver = f->major || f->minor ? SF_VISA_V(f->major, f->minor) : SF_VISA_V(4, 1);
  if (!SF_ISA_VER_OK(ver))
    return sf_fail(st, SF_UNSUPPORTED, "vISA version %u.%u: supported are 3.1 to 3.255, 4.0 and 4.1", (unsigned)f->major,
                   (unsigned)f->minor);
  const unsigned nlw = SF_ISA_NLW(ver);
  size_t limit = out->limit ? out->limit : SF_BUF_DEFAULT_LIMIT;
  if (limit > SF_ISA_MAX_FILE) limit = SF_ISA_MAX_FILE;
  sf_code c = SF_OK;
  /* objs[0..nk) are the kernel objects, objs[nk..nk+nf) the function objects */
  uint32_t nk = f->num_kernels, nf = f->num_functions, no = nk + nf;
  sf_buf *objs = no ? calloc(no, sizeof *objs) : NULL;
  uint32_t *inrel = no ? calloc(no, sizeof *inrel) : NULL;
  if (no && (!objs || !inrel)) {
    free(objs);
    free(inrel);
    return sf_fail(st, SF_ERR_NOMEM, "cannot allocate %u kernel buffers", (unsigned)nk);
  }

  /* Header size first: everything after it is laid out in kernel order. */
  uint64_t hsize = 4 + 1 + 1 + 2 + 2 + 2;
  for (uint32_t i = 0; i < nk; i++) {
    const sf_visa_kernel *k = &f->kernels[i];
    if (k->name_len && !k->name) {
      c = sf_fail(st, SF_ERR_INVALID, "kernel %u: name_len %u but name is NULL", (unsigned)i, (unsigned)k->name_len);
      goto done;
    }
    if (k->name_len && memchr(k->name, 0, k->name_len)) {
      c = sf_fail(st, SF_ERR_INVALID, "kernel %u: name is shorter than name_len %u", (unsigned)i, (unsigned)k->name_len);
      goto done;
    }
    if (k->name_len == 0 && k->name && k->name[0]) {
      c = sf_fail(st, SF_ERR_INVALID, "kernel %u: name_len is 0 but name is \"%.40s\"", (unsigned)i, k->name);
      goto done;
    }
    if (k->num_genbins && !k->genbins) {
      c = sf_fail(st, SF_ERR_INVALID, "kernel %u: num_genbins %u but no records", (unsigned)i, (unsigned)k->num_genbins);
      goto done;
    }
    if (nlw == 1 && k->name_len > 0xFF) {
      c = sf_fail(st, SF_ERR_RANGE, "kernel %u: a name of %u bytes; vISA %u.%u stores its length in 8 bits", (unsigned)i,
                  (unsigned)k->name_len, ver >> 8, ver & 0xFF);
      goto done;
    }
    hsize += MIN_KERNEL_ENTRY - 2 + nlw + k->name_len + (uint64_t)GENBIN_SIZE * k->num_genbins;
  }
  for (uint32_t i = 0; i < nf; i++) {
    const sf_visa_kernel *fn = &f->functions[i];
    if ((fn->name_len && !fn->name) || (fn->name_len && memchr(fn->name, 0, fn->name_len)) || !fn->is_function ||
        fn->num_genbins) {
      c = sf_fail(st, SF_ERR_INVALID, "function %u: a name that does not match name_len, no is_function flag, or gen"
                  " binaries (functions have none)", (unsigned)i);
      goto done;
    }
    if (nlw == 1 && fn->name_len > 0xFF) {
      c = sf_fail(st, SF_ERR_RANGE, "function %u: a name of %u bytes; vISA %u.%u stores its length in 8 bits",
                  (unsigned)i, (unsigned)fn->name_len, ver >> 8, ver & 0xFF);
      goto done;
    }
    hsize += 1 + nlw + (uint64_t)fn->name_len + 4 + 4 + 2 + 2;
  }
  uint64_t total = hsize;
  for (uint32_t i = 0; i < no; i++) {
    sf_buf_init(&objs[i], st);
    objs[i].limit = limit;
  }
  for (uint32_t i = 0; i < nk; i++) {
    if (f->kernels[i].is_function) {
      c = sf_fail(st, SF_ERR_INVALID, "kernel %u has the is_function flag", (unsigned)i);
      goto done;
    }
    if ((c = wr_kernel_object(&f->kernels[i], i, &objs[i], &inrel[i], ver, st)) != SF_OK) goto done;
    total += objs[i].len;
    if (total > limit) {
      c = sf_fail(st, SF_ERR_LIMIT, "the file would exceed %zu bytes", limit);
      goto done;
    }
  }
  /* Gen binaries with bytes follow the kernel objects, in kernel order; then the function objects
   * (where IGC 12504 puts them). */
  uint64_t objs_end = total;
  for (uint32_t i = 0; i < nk; i++)
    for (uint32_t g = 0; g < f->kernels[i].num_genbins; g++) {
      const sf_visa_genbin *gb = &f->kernels[i].genbins[g];
      if (gb->size && !gb->bytes) {
        c = sf_fail(st, SF_ERR_INVALID, "kernel %u: gen binary %u has size %u but no bytes", (unsigned)i, (unsigned)g,
                    (unsigned)gb->size);
        goto done;
      }
      total += gb->size;
      if (total > limit) {
        c = sf_fail(st, SF_ERR_LIMIT, "the file would exceed %zu bytes", limit);
        goto done;
      }
    }

  uint64_t fn_off = total;
  for (uint32_t i = 0; i < nf; i++) {
    if ((c = wr_kernel_object(&f->functions[i], i, &objs[nk + i], &inrel[nk + i], ver, st)) != SF_OK) goto done;
    total += objs[nk + i].len;
    if (total > limit) {
      c = sf_fail(st, SF_ERR_LIMIT, "the file would exceed %zu bytes", limit);
      goto done;
    }
  }

  size_t start = out->len;
  sf_wr_u32(out, SF_ISA_MAGIC);
  sf_wr_u8(out, (uint8_t)(ver >> 8));
  sf_wr_u8(out, (uint8_t)ver);
  sf_wr_u16(out, (uint16_t)nk);
  uint64_t off = hsize, gbin_off = objs_end;
  for (uint32_t i = 0; i < nk; i++) {
    const sf_visa_kernel *k = &f->kernels[i];
    if (nlw == 2) sf_wr_u16(out, k->name_len);
    else sf_wr_u8(out, (uint8_t)k->name_len);
    if (k->name_len) sf_buf_put(out, k->name, k->name_len);
    sf_wr_u32(out, (uint32_t)off);
    sf_wr_u32(out, (uint32_t)objs[i].len);
    sf_wr_u32(out, (uint32_t)(off + inrel[i]));
    sf_wr_u16(out, 0);
    sf_wr_u16(out, 0);
    sf_wr_u8(out, k->num_genbins);
    /* A record without bytes points at the end of the file with size 0, as GenX_IR writes it when
     * the Gen compile did not run (-stopafter); one with bytes points at them. */
    for (uint32_t g = 0; g < k->num_genbins; g++) {
      const sf_visa_genbin *gb = &k->genbins[g];
      sf_wr_u8(out, gb->platform);
      sf_wr_u32(out, (uint32_t)(gb->size ? gbin_off : total));
      sf_wr_u32(out, gb->size);
      gbin_off += gb->size;
    }
    off += objs[i].len;
  }
  sf_wr_u16(out, 0); /* num_filescope_variables */
  sf_wr_u16(out, (uint16_t)nf);
  for (uint32_t i = 0; i < nf; i++) {
    const sf_visa_kernel *fn = &f->functions[i];
    sf_wr_u8(out, fn->linkage);
    if (nlw == 2) sf_wr_u16(out, fn->name_len);
    else sf_wr_u8(out, (uint8_t)fn->name_len);
    if (fn->name_len) sf_buf_put(out, fn->name, fn->name_len);
    sf_wr_u32(out, (uint32_t)fn_off);
    sf_wr_u32(out, (uint32_t)objs[nk + i].len);
    sf_wr_u16(out, 0);
    sf_wr_u16(out, 0);
    fn_off += objs[nk + i].len;
  }
  for (uint32_t i = 0; i < nk; i++)
    if (objs[i].len) sf_buf_put(out, objs[i].data, objs[i].len);
  for (uint32_t i = 0; i < nk; i++)
    for (uint32_t g = 0; g < f->kernels[i].num_genbins; g++)
      if (f->kernels[i].genbins[g].size) sf_buf_put(out, f->kernels[i].genbins[g].bytes, f->kernels[i].genbins[g].size);
  for (uint32_t i = 0; i < nf; i++)
    if (objs[nk + i].len) sf_buf_put(out, objs[nk + i].data, objs[nk + i].len);
  if (out->failed) {
    if (out->len > start) out->len = start;
    c = sf_buf_code(out);
  } else if (out->len - start != total) {
    size_t wrote = out->len - start;
    out->len = start;
    c = sf_fail(st, SF_ERR_INVALID, "internal layout error: wrote %zu bytes, expected %llu", wrote,
                (unsigned long long)total);
  }

done:
  for (uint32_t i = 0; objs && i < no; i++) sf_buf_free(&objs[i]);
  free(objs);
  free(inrel);
  return c;
}
