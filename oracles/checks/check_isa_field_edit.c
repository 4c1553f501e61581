/* oracles/checks/check_isa_field_edit.c — one field of a generic instruction of kernel 0 edited
 * into a value real and generated kernels rarely put there, then the file's text view
 * (isa_file_fuzzer, every input that reaches the file edits, check_isa_file_edit.c):
 * - `class_edit`: a vector operand given another operand class (general, address, predicate,
 *   indirect, address-of, immediate, state: docs/visa-binary.md "Vector operands"), its fields then
 *   made what the binary form holds for that class (written and read back alone);
 * - `value_edit`: an exec byte, a predicate word or a byte, word or dword field given an edge
 *   value (0, 1, the top of its width or of its low half, or one off the value it had).
 * The instruction must still encode at the file's version (what the encoder refuses has no bytes,
 * so no file). The file's text printer may then refuse it, with a reason; if it prints it, the text
 * must read back and the edited instruction must encode to the same bytes. This reaches the
 * printers' tests of classes and values with inputs a generator that builds only text's forms never
 * makes (the sample index of rt_write_3d as an address operand, say, which text cannot write): a
 * printer that writes what its parser refuses, or reads as another instruction, is a finding. The
 * opcode is picked first, each as likely as any, then one of its fields of the edit's kinds; the
 * edit by the input's hash. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_bin_priv.h"
#include "harness/visa/visa_optab.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/visa.h"

/* A field of kernel 0's generic instructions whose kind is in `kinds`, picked by n: first an opcode
 * among those that have one (each opcode as likely as any, so that a rare one is edited as often as
 * `mov`), then one of that opcode's fields of those kinds. False when there is none. Instructions
 * that name a string (fcall, faddr, FILE) are left out: through text their string index changes
 * (sf_visa_ginst_name_field). */
static bool pick_field(const sf_visa_kernel *k, const char *kinds, uint64_t n, uint32_t *gi, unsigned *f) {
  uint8_t has[32] = {0};
  unsigned ops = 0;
  for (uint32_t i = 0; i < k->num_gens; i++) {
    const sf_visa_ginst *g = &k->gens[i];
    if (sf_visa_ginst_name_field(g) >= 0 || (has[g->op / 8] >> (g->op % 8)) & 1u) continue;
    for (unsigned j = 0; j < g->num_ops; j++)
      if (strchr(kinds, g->ops[j].kind)) {
        has[g->op / 8] |= (uint8_t)(1u << (g->op % 8));
        ops++;
        break;
      }
  }
  if (!ops) return false;
  unsigned want = (unsigned)(n % ops), op = 0;
  for (unsigned o = 0, seen = 0; o < 256; o++)
    if ((has[o / 8] >> (o % 8)) & 1u && seen++ == want) op = o;
  uint64_t fields = 0;
  for (int pass = 0; pass < 2; pass++) {
    uint64_t at = 0, pick = fields ? (n / ops) % fields : 0;
    for (uint32_t i = 0; i < k->num_gens; i++) {
      const sf_visa_ginst *g = &k->gens[i];
      if (g->op != op || sf_visa_ginst_name_field(g) >= 0) continue;
      for (unsigned j = 0; j < g->num_ops; j++) {
        if (!strchr(kinds, g->ops[j].kind)) continue;
        if (pass == 1 && at == pick) return *gi = i, *f = j, true;
        at++;
      }
    }
    fields = at;
  }
  return false;
}

/* An edge value for a field of kind `kind` that held `was`, picked by n. */
static uint32_t edge_value(char kind, uint32_t was, uint64_t n) {
  uint32_t top = kind == SF_VF_UD ? 0xFFFFFFFFu : kind == SF_VF_UW || kind == SF_VF_PRED ? 0xFFFFu : 0xFFu;
  const uint32_t v[7] = {0, 1, top, top >> 1, (top >> 1) + 1, was + 1, was - 1};
  return v[n % 7] & top;
}

/* The text view of g after the edit of field f of kernel 0's instruction i (what: the edit's
 * check name, how: the edit, for the report). */
static bool text_keeps(sf_isa_file *g, uint32_t i, unsigned f, const char *what, const char *how, sf_verdict *v) {
  sf_visa_kernel *k = &g->kernels[0];
  const sf_visa_ginst *gi = &k->gens[i];
  const char *name = sf_visa_op_name(gi->op);
  if (!name) name = "?";
  sf_status st;
  sf_status_clear(&st);
  sf_buf t;
  sf_buf_init(&t, &st);
  t.limit = SF_ISA_CHECK_BUF_LIMIT;
  sf_isa_file r;
  memset(&r, 0, sizeof r);
  bool ok = true;
  if (sf_visaasm_print(g, &t, &st) != SF_OK) goto done; /* no text form; the refusal's message is checked elsewhere */
  sf_status_clear(&st);
  if (sf_visaasm_parse((const char *)t.data, t.len, &r, &st) != SF_OK) {
    char msg[SF_STATUS_MSG_MAX + 64];
    ok = sf_verdict_fail(v, what, NULL, "reparse");
    sf_verdict_key(v, "%s reparse %s", what, name);
    sf_verdict_dumpf(v, "%s (opcode 0x%02x, kernel 0's generic instruction %u) with field %u %s: the printer wrote it, "
                     "its text does not parse: %s\n", name, (unsigned)gi->op, (unsigned)i, f, how,
                     sf_status_format(&st, msg, sizeof msg));
  } else {
    sf_buf x, y;
    sf_buf_init(&x, NULL);
    sf_buf_init(&y, NULL);
    bool same = r.num_kernels && r.kernels[0].num_gens == k->num_gens && sf_isa_same_ginst(k, &r.kernels[0], gi, &r.kernels[0].gens[i], &x, &y);
    sf_buf_free(&x);
    sf_buf_free(&y);
    if (!same) {
      ok = sf_verdict_fail(v, what, NULL, "differs");
      sf_verdict_key(v, "%s differs %s", what, name);
      sf_verdict_dumpf(v, "%s (opcode 0x%02x, kernel 0's generic instruction %u) with field %u %s: its printed text "
                       "reads back as another instruction\n", name, (unsigned)gi->op, (unsigned)i, f, how);
    }
  }
  if (!ok)
    sf_verdict_dumpf(v, "--- printed (%zu bytes) ---\n%.*s\n", t.len, (int)(t.len > 3000 ? 3000 : t.len),
                     (const char *)t.data);
done:
  sf_isa_free(&r);
  sf_buf_free(&t);
  return ok;
}

/* `class_edit` (header comment). */
static bool class_edit(sf_isa_file *g, unsigned ver, uint64_t h, sf_verdict *v) {
  sf_visa_kernel *k = &g->kernels[0];
  uint32_t i;
  unsigned f;
  if (!pick_field(k, "V", h >> 8, &i, &f)) return true;
  sf_visa_ginst *gi = &k->gens[i];
  const sf_vopnd keep = gi->ops[f].v;
  gi->ops[f].v.cls = (uint8_t)((keep.cls + 1u + (h >> 32) % 6u) % 7u);
  const unsigned put = gi->ops[f].v.cls;
  /* an address or indirect operand one time in two names the last declared address or the one
   * past it (kept ids are var ids, seldom either): the printer's symbol lookup meets its edge */
  if ((put == SF_VCLS_ADDRESS || put == SF_VCLS_INDIRECT) && ((h >> 40) & 1u))
    gi->ops[f].v.id = k->num_addrs - ((h >> 41) & 1u && k->num_addrs ? 1u : 0u);
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  bool ok = true;
  /* The edited operand as the binary form holds it (its class's fields only, written and read
   * back alone: a cut-short instruction cannot be decoded outside its kernel). */
  if (sf_visa_vec_write(&b, &gi->ops[f].v, ver, "edited operand", &st) != SF_OK) goto done;
  sf_reader rd;
  sf_status_clear(&st);
  sf_reader_init(&rd, b.data, b.len, 0, &st);
  sf_vopnd back;
  if (sf_visa_vec_read(&rd, &back, ver, "edited operand", &st) != SF_OK || rd.pos != b.len) {
    char msg[SF_STATUS_MSG_MAX + 64];
    ok = sf_verdict_fail(v, "class_edit", NULL, "decode");
    sf_verdict_key(v, "class_edit decode class=%u", put);
    sf_verdict_dumpf(v, "a vector operand of class %u: the %zu bytes the encoder wrote do not read back whole (vISA %u.%u): "
                     "%s\n", put, b.len, ver >> 8, ver & 0xFF, sf_status_format(&st, msg, sizeof msg));
    goto done;
  }
  gi->ops[f].v = back;
  b.len = 0;
  sf_status_clear(&st);
  if (sf_visa_gen_encode_ver(gi, ver, &b, &st) != SF_OK) goto done;
  char how[32];
  snprintf(how, sizeof how, "of class %u", put);
  ok = text_keeps(g, i, f, "class_edit", how, v);
done:
  gi->ops[f].v = keep;
  sf_buf_free(&b);
  return ok;
}

/* `value_edit` (header comment). */
static bool value_edit(sf_isa_file *g, unsigned ver, uint64_t h, sf_verdict *v) {
  static const char kinds[] = {SF_VF_EXEC, SF_VF_PRED, SF_VF_UB, SF_VF_UW, SF_VF_UD, 0};
  sf_visa_kernel *k = &g->kernels[0];
  uint32_t i;
  unsigned f;
  if (!pick_field(k, kinds, h >> 8, &i, &f)) return true;
  sf_visa_ginst *gi = &k->gens[i];
  const uint32_t keep = gi->ops[f].u;
  gi->ops[f].u = edge_value((char)gi->ops[f].kind, keep, h >> 32);
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  bool ok = true;
  if (gi->ops[f].u != keep && sf_visa_gen_encode_ver(gi, ver, &b, &st) == SF_OK) {
    char how[48];
    snprintf(how, sizeof how, "of kind '%c' set to 0x%x (was 0x%x)", gi->ops[f].kind, gi->ops[f].u, keep);
    ok = text_keeps(g, i, f, "value_edit", how, v);
  }
  gi->ops[f].u = keep;
  sf_buf_free(&b);
  return ok;
}

bool sf_isa_field_edit(sf_isa_file *g, uint64_t h, sf_verdict *v) {
  if (!g->num_kernels) return true;
  unsigned ver = g->major ? SF_VISA_V(g->major, g->minor) : SF_VISA_V(4, 1);
  return (h >> 47) & 1u ? value_edit(g, ver, h, v) : class_edit(g, ver, h, v);
}

/* `gen_drop`: a file with compiled Gen code (the genbin records of a kernel or a function) has it
 * left out by sf_isa_drop_gen_code (visa.h; what `samplefuzz disasm` does before printing text):
 * every record with bytes, kernels' and functions' alike, is counted and emptied, the count and the
 * byte total are the records', and a second call finds nothing. The file format gives functions no
 * records, but the API takes any file in memory: function 0 gets one of 16 bytes first. Files
 * without either: nothing to do. f is the file's read form, which is not used after this. */
bool sf_isa_gen_drop(sf_verdict *v, sf_isa_file *f) {
  if (f->num_functions && f->functions && !f->functions[0].genbins) {
    sf_visa_kernel *fn = &f->functions[0];
    fn->genbins = calloc(1, sizeof *fn->genbins);
    uint8_t *code = fn->genbins ? malloc(16) : NULL;
    if (code) {
      memset(code, 0x5a, 16);
      fn->genbins[0] = (sf_visa_genbin){.platform = 1, .size = 16, .bytes = code};
      fn->num_genbins = 1;
    } else { /* no memory for it: the function keeps no record */
      free(fn->genbins);
      fn->genbins = NULL;
    }
  }
  unsigned want = 0;
  uint64_t bytes = 0;
  for (uint32_t o = 0; o < (uint32_t)f->num_kernels + f->num_functions; o++) {
    const sf_visa_kernel *k = o < f->num_kernels ? &f->kernels[o] : &f->functions[o - f->num_kernels];
    for (uint32_t i = 0; k->genbins && i < k->num_genbins; i++)
      if (k->genbins[i].size) want++, bytes += k->genbins[i].size;
  }
  if (!want) return true;
  uint64_t got = 0, again = 1;
  unsigned n = sf_isa_drop_gen_code(f, &got), n2 = sf_isa_drop_gen_code(f, &again);
  bool left = false;
  for (uint32_t o = 0; o < (uint32_t)f->num_kernels + f->num_functions; o++) {
    const sf_visa_kernel *k = o < f->num_kernels ? &f->kernels[o] : &f->functions[o - f->num_kernels];
    for (uint32_t i = 0; k->genbins && i < k->num_genbins; i++) left = left || k->genbins[i].size || k->genbins[i].bytes;
  }
  if (n == want && got == bytes && n2 == 0 && again == 0 && !left) return true;
  sf_verdict_fail(v, "gen_drop", NULL, n != want ? "count" : got != bytes ? "bytes" : "left");
  sf_verdict_key(v, "gen_drop %s", n != want ? "count" : got != bytes ? "bytes" : "left");
  sf_verdict_dumpf(v, "sf_isa_drop_gen_code: %u records and %llu bytes dropped of %u and %llu (kernels %u, functions %u); a "
                   "second call %u and %llu; %s left\n", n, (unsigned long long)got, want, (unsigned long long)bytes,
                   (unsigned)f->num_kernels, (unsigned)f->num_functions, n2, (unsigned long long)again, left ? "some" : "none");
  return false;
}
