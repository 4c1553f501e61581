/* oracles/checks/check_isa_class_edit.c — `class_edit` (isa_file_fuzzer): one vector operand of a
 * generic instruction of kernel 0 given another operand class (general, address, predicate,
 * indirect, address-of, immediate, state: docs/visa-binary.md "Vector operands"), its fields then
 * made what the binary form holds for that class (encoded and decoded at the file's version). The
 * file's text printer may refuse the edited file, with a reason; if it prints it, the text must read
 * back and the edited instruction must encode to the same bytes. This reaches the printers'
 * operand-class tests with classes that real and generated kernels rarely put in a given field (the
 * sample index of rt_write_3d, say, which text writes only as a variable or an immediate): a printer
 * that writes a class its parser refuses, or reads as another, is a finding. Every input that
 * reaches the edits (check_isa_file_edit.c) gets one, the field picked by the input's hash. */
#include <stdio.h>
#include <string.h>

#include "harness/visa/visa_bin_priv.h"
#include "harness/visa/visa_optab.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/visa.h"

/* A vector field of kernel 0's generic instructions to edit, picked by n: first an opcode among
 * those that have one (each opcode as likely as any, so that a rare one is edited as often as
 * `mov`), then one of that opcode's vector fields. False when there is none. Instructions that name
 * a string (fcall, faddr, FILE) are left out: through text their string index changes
 * (sf_visa_ginst_name_field). */
static bool pick_vec(const sf_visa_kernel *k, uint64_t n, uint32_t *gi, unsigned *f) {
  uint8_t has[32] = {0};
  unsigned ops = 0;
  for (uint32_t i = 0; i < k->num_gens; i++) {
    const sf_visa_ginst *g = &k->gens[i];
    if (sf_visa_ginst_name_field(g) >= 0 || (has[g->op / 8] >> (g->op % 8)) & 1u) continue;
    for (unsigned j = 0; j < g->num_ops; j++)
      if (g->ops[j].kind == SF_VF_VEC) {
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
        if (g->ops[j].kind != SF_VF_VEC) continue;
        if (pass == 1 && at == pick) return *gi = i, *f = j, true;
        at++;
      }
    }
    fields = at;
  }
  return false;
}

static bool same_bytes(const sf_visa_ginst *a, const sf_visa_ginst *b, sf_buf *x, sf_buf *y) {
  if (a->op != b->op || a->form != b->form || a->at != b->at || a->num_ops != b->num_ops) return false;
  x->len = y->len = 0;
  return sf_visa_gen_encode(a, x, NULL) == SF_OK && sf_visa_gen_encode(b, y, NULL) == SF_OK && x->len == y->len &&
         memcmp(x->data, y->data, x->len) == 0;
}

bool sf_isa_class_edit(sf_isa_file *g, uint64_t h, sf_verdict *v) {
  if (!g->num_kernels) return true;
  sf_visa_kernel *k = &g->kernels[0];
  uint32_t i;
  unsigned f;
  if (!pick_vec(k, h >> 8, &i, &f)) return true;
  sf_visa_ginst *gi = &k->gens[i];
  unsigned ver = g->major ? SF_VISA_V(g->major, g->minor) : SF_VISA_V(4, 1);
  const sf_vopnd keep = gi->ops[f].v;
  gi->ops[f].v.cls = (uint8_t)((keep.cls + 1u + (h >> 32) % 6u) % 7u);
  const unsigned put = gi->ops[f].v.cls;
  sf_status st;
  sf_status_clear(&st);
  sf_buf b, t;
  sf_buf_init(&b, &st);
  sf_buf_init(&t, &st);
  t.limit = SF_ISA_CHECK_BUF_LIMIT;
  sf_isa_file r;
  memset(&r, 0, sizeof r);
  bool ok = true;
  const char *name = sf_visa_op_name(gi->op);
  if (!name) name = "?";
  /* The edited operand as the binary form holds it (its class's fields only, written and read
   * back alone: a cut-short instruction cannot be decoded outside its kernel), then the whole
   * instruction, which must encode with it: what the encoder refuses has no bytes, so no file. */
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
  sf_status_clear(&st);
  if (sf_visaasm_print(g, &t, &st) != SF_OK) goto done; /* no text form; the refusal's message is checked elsewhere */
  sf_status_clear(&st);
  if (sf_visaasm_parse((const char *)t.data, t.len, &r, &st) != SF_OK) {
    char msg[SF_STATUS_MSG_MAX + 64];
    ok = sf_verdict_fail(v, "class_edit", NULL, "reparse");
    sf_verdict_key(v, "class_edit reparse %s class=%u", name, put);
    sf_verdict_dumpf(v, "%s (opcode 0x%02x, kernel 0's generic instruction %u) with field %u of class %u: the printer "
                     "wrote it, its text does not parse: %s\n", name, (unsigned)gi->op, (unsigned)i, f, put,
                     sf_status_format(&st, msg, sizeof msg));
    sf_verdict_dumpf(v, "--- printed (%zu bytes) ---\n%.*s\n", t.len, (int)(t.len > 3000 ? 3000 : t.len),
                     (const char *)t.data);
    goto done;
  }
  {
    sf_buf x, y;
    sf_buf_init(&x, NULL);
    sf_buf_init(&y, NULL);
    bool same = r.num_kernels && r.kernels[0].num_gens == k->num_gens && same_bytes(gi, &r.kernels[0].gens[i], &x, &y);
    sf_buf_free(&x);
    sf_buf_free(&y);
    if (!same) {
      ok = sf_verdict_fail(v, "class_edit", NULL, "differs");
      sf_verdict_key(v, "class_edit differs %s class=%u", name, put);
      sf_verdict_dumpf(v, "%s (opcode 0x%02x, kernel 0's generic instruction %u) with field %u of class %u: its printed "
                       "text reads back as another instruction\n", name, (unsigned)gi->op, (unsigned)i, f, put);
      sf_verdict_dumpf(v, "--- printed (%zu bytes) ---\n%.*s\n", t.len, (int)(t.len > 3000 ? 3000 : t.len),
                       (const char *)t.data);
    }
  }
done:
  gi->ops[f].v = keep;
  sf_isa_free(&r);
  sf_buf_free(&b);
  sf_buf_free(&t);
  return ok;
}
