/* test_visa_optab.c — the vISA opcode table (harness/visa/visa_optab.c) and the generic
 * instruction codec over it (harness/visa/visa_generic.c).
 *
 *   - the table: one row per opcode 0x00..0x92, well-formed layouts;
 *   - known answers: one byte sequence per field kind (E P V R b w d L n * S), decoded to the
 *     expected fields and re-encoded byte for byte, in the vISA 4.1 form and in IGC 12504's
 *     cut-short form (docs/visa-binary.md §6, bytes taken from tests/data/real/visa-ocloc/);
 *   - truncation at every byte gives SF_ERR_TRUNCATED at an offset inside the field that is cut;
 *   - refusals: an unmodeled layout is SF_UNSUPPORTED at the opcode, an unknown opcode or sub-op
 *     SF_ERR_INVALID there;
 *   - random byte strings never crash, and whatever decodes re-encodes to the bytes it used. */
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

#define BASE 1000u

static void table_shape(void) {
  SF_CHECK_EQ_U(sf_visa_optab_count(), 0x93);
  SF_CHECK(sf_visa_optab(0x93) == NULL);
  SF_CHECK(sf_visa_optab(0xFF) == NULL);
  unsigned modeled = 0;
  for (unsigned op = 0; op < sf_visa_optab_count(); op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    SF_CHECK_MSG(d && d->op == op && d->name && d->name[0], "row 0x%02x", op);
    if (!d || !d->layout) continue;
    modeled++;
    bool has_s = false;
    for (const char *p = d->layout; *p; p++) {
      SF_CHECK_MSG(strchr("EPVRbwdLn*S?", *p) != NULL, "row 0x%02x: kind '%c'", op, *p);
      if (*p == '?') SF_CHECK_MSG(!p[1] && strchr(d->layout, 'w') && strchr(d->layout, 'w') < p, "row 0x%02x: mode tail", op);
      if (*p == '*') SF_CHECK_MSG(p[1] && strchr("VRL", p[1]) && strchr(d->layout, 'n') < p, "row 0x%02x: list", op);
      if (*p == 'S') has_s = true;
    }
    SF_CHECK_MSG(has_s == (d->subs != NULL), "row 0x%02x: sub-op table", op);
    for (unsigned i = 0; d->subs && i < d->num_subs; i++) SF_CHECK(d->subs[i].layout && d->subs[i].name);
  }
  SF_CHECK_MSG(modeled >= 110, "%u opcodes modeled", modeled);
  SF_CHECK(strcmp(sf_visa_op_name(0x29), "mov") == 0);
  SF_CHECK(strcmp(sf_visa_op_name(0x75), "scatter4_scaled") == 0);
}

typedef struct kat {
  const char *what;
  uint8_t form;
  const char *kinds;      /* expected field kinds */
  size_t n;
  uint8_t b[80];
} kat;

/* The fields that cover byte offsets: start offset of field i (1 = just after the opcode). */
static size_t field_starts(const sf_visa_ginst *g, size_t *starts) {
  size_t off = 1;
  for (unsigned i = 0; i < g->num_ops; i++) {
    starts[i] = off;
    sf_visa_ginst one = *g;
    one.num_ops = (uint16_t)(i + 1);
    one.form = SF_VISA_FORM_IGC12504; /* the 12504 form writes exactly num_ops fields */
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    if (sf_visa_gen_encode(&one, &b, &st) == SF_OK) off = b.len;
    sf_buf_free(&b);
  }
  return off;
}

static const kat kats[] = {
    /* add (M1, 16) V46(0,0)<1> V47(0,0)<1;1,0> 0xffffffff:d : E P V(general) V(general) V(immediate) */
    {"add", SF_VISA_FORM_SPEC, "EPVVV", 28,
     {0x01, 0x04, 0x00, 0x00, 0x00, 0x2e, 0, 0, 0, 0, 0, 0x00, 0x02, 0x00, 0x2f, 0, 0, 0, 0, 0, 0x21, 0x01, 0x05, 0x01,
      0xff, 0xff, 0xff, 0xff}},
    /* movs (M1_NM, 1) S0(0) 0x0:ud : V(state) V(immediate) */
    {"movs", SF_VISA_FORM_SPEC, "EVV", 13, {0x2d, 0x80, 0x06, 0x01, 0x00, 0x00, 0x00, 0x05, 0x00, 0, 0, 0, 0}},
    /* scatter4_scaled.R (M1, 16) T6 0x0:ud V48.0 V49.0 : b w b V R R */
    {"scatter4_scaled", SF_VISA_FORM_SPEC, "EPbwbVRR", 26,
     {0x75, 0x04, 0x00, 0x00, 0x0e, 0x00, 0x00, 0x06, 0x05, 0x00, 0, 0, 0, 0, 0x30, 0, 0, 0, 0x00, 0x00, 0x31, 0, 0, 0,
      0x00, 0x00}},
    /* loc 10 : d */
    {"loc", SF_VISA_FORM_SPEC, "d", 5, {0x52, 0x0a, 0x00, 0x00, 0x00}},
    /* label L3 ; (P1) jmp (M1, 1) L1 : L, E P L */
    {"label", SF_VISA_FORM_SPEC, "L", 3, {0x31, 0x03, 0x00}},
    {"jmp", SF_VISA_FORM_SPEC, "EPL", 6, {0x32, 0x00, 0x01, 0x00, 0x01, 0x00}},
    /* switchjmp with two labels: E n V *L */
    {"switchjmp", SF_VISA_FORM_SPEC, "EnVLL", 13, {0x69, 0x00, 0x02, 0x05, 0x01, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x02, 0x00}},
    /* svm_scatter (sub-op 4): S E P b b R R */
    {"svm_scatter", SF_VISA_FORM_SPEC, "SEPbbRR", 19,
     {0x4e, 0x04, 0x04, 0x00, 0x00, 0x00, 0x01, 0x30, 0, 0, 0, 0, 0, 0x31, 0, 0, 0, 0, 0}},
    /* info_3d resinfo (sub-op 10): S E b b R R */
    {"resinfo", SF_VISA_FORM_SPEC, "SEbbRR", 17,
     {0x70, 0x0a, 0x04, 0x0f, 0x06, 0x30, 0, 0, 0, 0, 0, 0x31, 0, 0, 0, 0, 0}},
    /* sample_lz with 2 params (3D_SAMPLE as a generic instruction): w E P b V b b R n *R */
    {"sample_lz", SF_VISA_FORM_SPEC, "wEPbVbbRnRR", 34,
     {0x6d, 0x18, 0x00, 0x04, 0x00, 0x00, 0x01, 0x05, 0x02, 0, 0, 0, 0, 0x00, 0x06, 0x34, 0, 0, 0, 0, 0, 0x02, 0x32, 0,
      0, 0, 0, 0, 0x36, 0, 0, 0, 0, 0}},
    /* IGC 12504's cut-short forms, as in tests/data/real/visa-ocloc/ (trailing bytes belong to the
     * next instruction and must not be used) */
    {"add (12504)", SF_VISA_FORM_IGC12504, "EPV", 13, {0x01, 0x04, 0x00, 0x00, 0x00, 0x2e, 0, 0, 0, 0, 0, 0x00, 0x02, 0x29}},
    {"mov (12504)", SF_VISA_FORM_IGC12504, "EP", 4, {0x29, 0x44, 0x00, 0x00, 0x01}},
    {"ret (12504)", SF_VISA_FORM_IGC12504, "E", 2, {0x34, 0x00, 0x65}},
    {"sample_lz (12504)", SF_VISA_FORM_IGC12504, "wEPbVbbRn", 22,
     {0x6d, 0x18, 0x00, 0x04, 0x00, 0x00, 0x01, 0x05, 0x02, 0, 0, 0, 0, 0x00, 0x06, 0x34, 0, 0, 0, 0, 0, 0x02, 0x29}},
    {"load_lz one param (12504)", SF_VISA_FORM_IGC12504, "wEPbVbR", 20,
     {0x6e, 0x1a, 0x00, 0x04, 0x00, 0x00, 0x0f, 0x05, 0x02, 0, 0, 0, 0, 0x06, 0x34, 0, 0, 0, 0, 0, 0x2d, 0x80}},
    /* LSC, checked against GenX_IR 12504 for PVC (docs/visa-binary.md §6.1): the bytes GenX_IR wrote
     * for the text line, completed with the fields its writer drops (§6.2) */
    /* lsc_load.ugm.ca.ca (M1, 32)  VD:d32  flat[VA]:a64 */
    {"lsc_load.ugm.ca.ca", SF_VISA_FORM_SPEC, "SEPbbbbwdbbbbbVRRRR", 50,
     {0x89, 0x00, 0x05, 0x00, 0x00, 0x00, 0x02, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
      0x03, 0x01, 0x01, 0x01, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00}},
    {"lsc_load.ugm.ca.ca (12504)", SF_VISA_FORM_IGC12504, "SEPbbbbwdbbbbbVRR", 38,
     {0x89, 0x00, 0x05, 0x00, 0x00, 0x00, 0x02, 0x02, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
      0x03, 0x01, 0x01, 0x01, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x34, 0x00}},
    /* lsc_atomic_icas.ugm (M1, 32)  VD:d32  flat[VA]:a64  VE  VF */
    {"lsc_atomic_icas.ugm", SF_VISA_FORM_SPEC, "SEPbbbbwdbbbbbVRRRR", 50,
     {0x89, 0x12, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
      0x03, 0x01, 0x01, 0x01, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x23, 0x00, 0x00, 0x00, 0x00, 0x00, 0x24, 0x00, 0x00, 0x00,
      0x00, 0x00}},
    /* lsc_load_strided.ugm (M1, 16)  VD:d32x4  flat[VA, VW]:a64 */
    {"lsc_load_strided.ugm", SF_VISA_FORM_SPEC, "SEPbbbbwdbbbbbVRRVR", 53,
     {0x89, 0x01, 0x04, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03,
      0x03, 0x01, 0x04, 0x00, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x20, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x01, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00}},
    /* lsc_load_block2d.ugm (M1, 1)  VD:d8.2x32x32nn  flat[VQ,0x3f,0x1f,0x3f,VW,0x0] */
    {"lsc_load_block2d.ugm", SF_VISA_FORM_SPEC, "SEPbbbbbbwwbRVVVVVVR", 70,
     {0x89, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x02, 0x20, 0x00, 0x20, 0x00, 0x00,
      0x22, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x01, 0x05,
      0x00, 0x3f, 0x00, 0x00, 0x00, 0x05, 0x00, 0x1f, 0x00, 0x00, 0x00, 0x05, 0x00, 0x3f, 0x00, 0x00,
      0x00, 0x00, 0x2b, 0x00, 0x00, 0x00, 0x00, 0x00, 0x21, 0x01, 0x05, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x00}},
    /* lsc_atomic_icas.tgm (M1, 16)  VD:d32  bti(0x2)[VU,VV,VR]:a32  VE  VF */
    {"lsc_atomic_icas.tgm", SF_VISA_FORM_SPEC, "SEPbbbbbbbbVRRRRRRR", 61,
     {0x8a, 0x12, 0x04, 0x00, 0x00, 0x00, 0x00, 0x04, 0x02, 0x03, 0x01, 0x01, 0x01, 0x05, 0x00, 0x02,
      0x00, 0x00, 0x00, 0x22, 0x00, 0x00, 0x00, 0x00, 0x00, 0x26, 0x00, 0x00, 0x00, 0x00, 0x00, 0x27,
      0x00, 0x00, 0x00, 0x00, 0x00, 0x28, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00, 0x23, 0x00, 0x00, 0x00, 0x00, 0x00, 0x24, 0x00, 0x00, 0x00, 0x00, 0x00}},
    /* lsc_fence.ugm.evict.gpu */
    {"lsc_fence.ugm.evict.gpu", SF_VISA_FORM_SPEC, "EPbbb", 7,
     {0x8b, 0x80, 0x00, 0x00, 0x00, 0x01, 0x03}},
    {"lsc_fence.ugm.evict.gpu (12504)", SF_VISA_FORM_IGC12504, "EPb", 5,
     {0x8b, 0x80, 0x00, 0x00, 0x00, 0x34, 0x00}},
    /* rt_write_3d.<RTI><Z> (M1, 16) T6 V32.0 0x1:ud V33.0 V33.64 V34.0 V34.64 V32.32: E P mode (0x24)
     * surface, the header, the render-target index (a vector), R G B A and Z (GenX_IR 12504 disassembles
     * these bytes into that line) */
    {"rt_write_3d", SF_VISA_FORM_SPEC, "EPwbRVRRRRR", 49,
     {0x71, 0x04, 0x00, 0x00, 0x24, 0x00, 0x06, 0x20, 0, 0, 0, 0x00, 0x00, 0x05, 0x00, 0x01, 0, 0, 0, 0x21, 0, 0, 0, 0x00,
      0x00, 0x21, 0, 0, 0, 0x40, 0x00, 0x22, 0, 0, 0, 0x00, 0x00, 0x22, 0, 0, 0, 0x40, 0x00, 0x20, 0, 0, 0, 0x20, 0x00}},
};

static size_t kat_len(const kat *k) {
  /* the listed bytes: n used plus what follows (the next instruction's first bytes) */
  size_t m = sizeof k->b;
  while (m > k->n && k->b[m - 1] == 0) m--;
  return m > k->n ? m : k->n;
}

static void known_answers(void) {
  for (size_t i = 0; i < sizeof kats / sizeof kats[0]; i++) {
    const kat *k = &kats[i];
    size_t len = kat_len(k);
    uint8_t *p = malloc(len); /* exact size, so ASan sees reads past the end */
    memcpy(p, k->b, len);
    sf_status st;
    sf_status_clear(&st);
    sf_visa_ginst g;
    size_t used = 0;
    char why[256];
    sf_code c = sf_visa_gen_decode(p, len, BASE, k->form, &g, &used, &st);
    SF_CHECK_MSG(c == SF_OK, "%s: %s", k->what, sf_status_format(&st, why, sizeof why));
    if (c == SF_OK) {
      SF_CHECK_MSG(used == k->n, "%s: used %zu, want %zu", k->what, used, k->n);
      SF_CHECK_MSG(g.num_ops == strlen(k->kinds), "%s: %u fields", k->what, (unsigned)g.num_ops);
      for (unsigned j = 0; j < g.num_ops && j < strlen(k->kinds); j++)
        SF_CHECK_MSG(g.ops[j].kind == (uint8_t)k->kinds[j], "%s: field %u is '%c'", k->what, j, g.ops[j].kind);
      sf_buf b;
      sf_buf_init(&b, &st);
      SF_CHECK_EQ_U(sf_visa_gen_encode(&g, &b, &st), SF_OK);
      SF_CHECK_MEM(b.data, b.len, k->b, k->n);
      sf_buf_free(&b);

      /* truncation at every byte of a vISA 4.1 form instruction: the error is inside the cut field */
      if (k->form == SF_VISA_FORM_SPEC) {
        size_t starts[SF_VISA_MAX_GOPS + 1];
        field_starts(&g, starts);
        for (size_t cut = 0; cut < k->n; cut++) {
          uint8_t *q = malloc(cut ? cut : 1);
          memcpy(q, k->b, cut);
          sf_visa_ginst h;
          size_t u2 = 0;
          sf_status_clear(&st);
          sf_code c2 = sf_visa_gen_decode(q, cut, BASE, SF_VISA_FORM_SPEC, &h, &u2, &st);
          size_t lo = 0; /* start of the field holding byte `cut` */
          for (unsigned j = 0; j < g.num_ops; j++)
            if (starts[j] <= cut) lo = starts[j];
          SF_CHECK_MSG(c2 == SF_ERR_TRUNCATED && st.pos_kind == SF_POS_BYTE && st.pos >= BASE + lo &&
                           st.pos <= BASE + cut,
                       "%s cut at %zu: %s (field from %zu)", k->what, cut, sf_status_format(&st, why, sizeof why), lo);
          if (c2 == SF_OK) sf_visa_ginst_free(&h);
          free(q);
        }
      }
      sf_visa_ginst_free(&g);
    }
    free(p);
  }
  /* the value of each field kind */
  {
    const kat *k = &kats[5]; /* jmp */
    sf_status st;
    sf_status_clear(&st);
    sf_visa_ginst g;
    size_t used;
    if (sf_visa_gen_decode(k->b, k->n, 0, SF_VISA_FORM_SPEC, &g, &used, &st) == SF_OK) {
      SF_CHECK_EQ_U(g.ops[0].u, 0x00);
      SF_CHECK_EQ_U(g.ops[1].u, 0x0001);
      SF_CHECK_EQ_U(g.ops[2].u, 1);
      sf_visa_ginst_free(&g);
    }
    k = &kats[2]; /* scatter4_scaled */
    sf_status_clear(&st);
    if (sf_visa_gen_decode(k->b, k->n, 0, SF_VISA_FORM_SPEC, &g, &used, &st) == SF_OK) {
      SF_CHECK_EQ_U(g.ops[2].u, 0x0e);
      SF_CHECK_EQ_U(g.ops[4].u, 6);
      SF_CHECK_EQ_U(g.ops[5].v.cls, SF_VCLS_IMMEDIATE);
      SF_CHECK_EQ_U(g.ops[6].r.id, 0x30);
      SF_CHECK_EQ_U(g.ops[7].r.id, 0x31);
      sf_visa_ginst_free(&g);
    }
    k = &kats[3]; /* loc */
    sf_status_clear(&st);
    if (sf_visa_gen_decode(k->b, k->n, 0, SF_VISA_FORM_SPEC, &g, &used, &st) == SF_OK) {
      SF_CHECK_EQ_U(g.ops[0].u, 10);
      sf_visa_ginst_free(&g);
    }
  }
}

static void expect_err(const uint8_t *p, size_t n, sf_code want, uint64_t pos, const char *what) {
  sf_status st;
  sf_status_clear(&st);
  sf_visa_ginst g;
  size_t used = 99;
  char why[256];
  sf_code c = sf_visa_gen_decode(p, n, BASE, SF_VISA_FORM_SPEC, &g, &used, &st);
  SF_CHECK_MSG(c == want && st.pos_kind == SF_POS_BYTE && st.pos == BASE + pos && used == 0 && g.ops == NULL,
               "%s: %s", what, sf_status_format(&st, why, sizeof why));
  if (c == SF_OK) sf_visa_ginst_free(&g);
}

static void refusals(void) {
  const uint8_t va[] = {0x44, 0, 0, 0, 0, 0, 0, 0}; /* VA sub-op 0 (AVS) has no VA form */
  expect_err(va, sizeof va, SF_ERR_INVALID, 1, "va sub-op 0");
  const uint8_t rt[] = {0x71, 0, 0, 0, 0, 0, 0, 0}; /* E P mode surface, then the header cut short */
  expect_err(rt, sizeof rt, SF_ERR_TRUNCATED, 7, "rt_write_3d header");
  /* mode 0x60 (Z and stencil): R G B A Z read, the stencil cut short, at its byte */
  uint8_t rts[7 + 6 * 6 + 3] = {0x71, 0x04, 0, 0, 0x60, 0, 6};
  expect_err(rts, sizeof rts, SF_ERR_TRUNCATED, 7 + 6 * 6, "rt_write_3d stencil");
  const uint8_t rsv[] = {0x3b, 0, 0, 0}; /* a reserved number: no instruction */
  expect_err(rsv, sizeof rsv, SF_ERR_INVALID, 0, "reserved 0x3b");
  const uint8_t lsc[] = {0x89, 0x1e, 0, 0}; /* read_state_info is typed only (0x8a) */
  expect_err(lsc, sizeof lsc, SF_ERR_INVALID, 1, "lsc_untyped sub-op 0x1e");
  const uint8_t lsct[] = {0x8a, 0x00, 0, 0}; /* lsc_load has no typed form: lsc_load_quad does */
  expect_err(lsct, sizeof lsct, SF_ERR_INVALID, 1, "lsc_typed sub-op 0");
  const uint8_t vaskl[] = {0x4d, 0x0e, 0, 0, 0, 0, 0, 0}; /* VA_SKL_PLUS sub-op 0x0e (none) */
  expect_err(vaskl, sizeof vaskl, SF_ERR_INVALID, 1, "va_skl_plus sub-op 0x0e");
  const uint8_t vme[] = {0x54, 0, 0, 0, 0, 0, 0, 0}; /* stream mode, search control, then a raw operand cut after its id */
  expect_err(vme, sizeof vme, SF_ERR_TRUNCATED, 7, "vme_ime cut in its first raw operand");
  const uint8_t unknown[] = {0xA0, 0, 0, 0};
  expect_err(unknown, sizeof unknown, SF_ERR_INVALID, 0, "opcode 0xa0");
  const uint8_t svm9[] = {0x4e, 0x09, 0, 0, 0, 0};
  expect_err(svm9, sizeof svm9, SF_ERR_INVALID, 1, "svm sub-op 9");
  /* a list over the cap */
  uint8_t sw[8] = {0x69, 0x00, 33, 0x05, 0x01, 0, 0, 0};
  expect_err(sw, sizeof sw, SF_ERR_LIMIT, 2, "switchjmp with 33 labels");
  /* vector operand class 7 */
  const uint8_t cls7[] = {0x29, 0x00, 0x00, 0x00, 0x07, 0, 0, 0, 0};
  expect_err(cls7, sizeof cls7, SF_ERR_INVALID, 4, "class 7");

  /* the encoder refuses fields that do not match the layout, leaving the output unchanged */
  sf_visa_gop ops[3];
  memset(ops, 0, sizeof ops);
  ops[0].kind = 'E';
  ops[1].kind = 'P';
  ops[2].kind = 'R'; /* mov wants V */
  sf_visa_ginst g = {SF_VISA_FORM_SPEC, 0, 0x29, 3, ops};
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  SF_CHECK_EQ_U(sf_visa_gen_encode(&g, &b, &st), SF_ERR_INVALID);
  SF_CHECK_EQ_U(b.len, 0);
  ops[2].kind = 'V';
  ops[2].v.cls = SF_VCLS_IMMEDIATE;
  ops[1].u = 0x10000; /* does not fit the predicate word */
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_visa_gen_encode(&g, &b, &st), SF_ERR_RANGE);
  SF_CHECK_EQ_U(b.len, 0);
  ops[1].u = 0;
  g.num_ops = 2; /* mov's second vector operand is missing */
  sf_status_clear(&st);
  SF_CHECK_EQ_U(sf_visa_gen_encode(&g, &b, &st), SF_ERR_INVALID);
  SF_CHECK_EQ_U(b.len, 0);
  sf_buf_free(&b);
}

static uint64_t rng = 0x9E3779B97F4A7C15u;
static uint32_t next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (uint32_t)(rng >> 16);
}

static void random_bytes(void) {
  unsigned decoded = 0;
  for (unsigned i = 0; i < 200000; i++) {
    size_t n = next() % 64;
    uint8_t *p = malloc(n ? n : 1);
    for (size_t j = 0; j < n; j++) p[j] = (uint8_t)next();
    if (n && (i & 1)) p[0] = (uint8_t)(next() % 0x93); /* mostly defined opcodes */
    uint8_t form = (uint8_t)(i % 3 == 0);
    sf_status st;
    sf_status_clear(&st);
    sf_visa_ginst g;
    size_t used = 0;
    if (sf_visa_gen_decode(p, n, 0, form, &g, &used, &st) == SF_OK) {
      decoded++;
      sf_buf b;
      sf_buf_init(&b, &st);
      sf_code c = sf_visa_gen_encode(&g, &b, &st);
      SF_CHECK_MSG(c == SF_OK && b.len == used && !memcmp(b.data, p, used), "random %u: re-encode differs", i);
      sf_buf_free(&b);
      sf_visa_ginst_free(&g);
    } else {
      SF_CHECK(used == 0 && st.code != SF_OK);
    }
    free(p);
  }
  printf("random: %u of 200000 decoded and re-encoded identically\n", decoded);
  SF_CHECK(decoded > 1000);
}

int main(void) {
  SF_RUN(table_shape);
  SF_RUN(known_answers);
  SF_RUN(refusals);
  SF_RUN(random_bytes);
  SF_TEST_END();
}
