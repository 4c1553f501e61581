/* test_visa_send_text.c — the text of raw_send, raw_sends, typed_atomic, qw_gather/qw_scatter,
 * lifetime, wait, sbarrier, nbarrier, fcvt, srnd, switchjmp, urb_write_3d, FILE and LOC (harness/visa/visa_send_text.c;
 * docs/visa-text.md "Raw sends, typed atomics, qword gathers, barriers"), and of the first-generation
 * gather, scatter, sample, load and the VME messages (harness/visa/visa_legacy_text.c; docs/visa-text.md
 * "Gather, scatter, sample and load", "VME"):
 *   - known answers: each line parses to the fields GenX_IR 1.0.12504 assembles it to and prints back
 *     verbatim (the lines are GenX_IR's -dumpcommonisa of the .isa we write for them, blanks
 *     included, except the two spellings below);
 *   - GenX_IR's printed forms of an end-of-thread raw_sends and of a raw_sendsc, which its own
 *     parser does not read, read as the same fields as the forms it reads (which we print);
 *   - refusals: fields with no text are SF_UNSUPPORTED from the printer; bad suffixes are
 *     positioned syntax errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/visa.h"
#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "oracles/checks/visa_known_lines.h"
#include "tests/sf_test.h"

static const char *const HDR =
    ".version 4.1\n.kernel \"k\"\n"
    ".decl V0046 v_type=G type=d num_elts=16 align=hword\n"
    ".decl V0047 v_type=G type=d num_elts=16 align=hword\n"
    ".decl V0049 v_type=G type=d num_elts=16 align=hword\n"
    ".decl V0055 v_type=G type=f num_elts=16 align=hword\n"
    ".decl V0057 v_type=G type=hf num_elts=16 align=hword\n"
    ".decl V0050 v_type=G type=uw num_elts=16 align=hword\n"
    ".decl A0 v_type=A num_elts=1\n"
    ".decl P1 v_type=P num_elts=16\n"
    ".decl T6 v_type=T num_elts=1 v_name=img\n"
    ".decl S0 v_type=S num_elts=1 v_name=smp\n";

static bool parse1(const char *line, sf_isa_file *f, sf_status *st) {
  char text[4096];
  snprintf(text, sizeof text, "%s    %s\n", HDR, line);
  sf_status_clear(st);
  return sf_visaasm_parse(text, strlen(text), f, st) == SF_OK;
}

typedef struct ka {
  const char *line;
  uint8_t op;
  const char *kinds; /* every field's kind, in layout order */
  uint32_t u[6];     /* the values of the non-operand fields, in order */
} ka;

/* lines GenX_IR 12504 printed for these fields (-platform PVC -dumpcommonisa of our .isa; the
 * gather/scatter/sample/load lines with -platform SKL) */
static const ka cases[] = {
    {"raw_send (M1, 16) 0xa 2 1  0x2490000:ud V0046.0 V0047.0", 0x5d, "bEPdbbVRR", {0, 0x04, 0, 0xa, 2, 1}},
    {"(P1) raw_sendc (M1_NM, 8) 0x1234 1 2  V0050(0,0)<0;1,0> V0046.0 V0047.0", 0x5d, "bEPdbbVRR", {1, 0x83, 1, 0x1234, 1, 2}},
    {"raw_sends.10.2.1.1 (M1, 16)  0x4c:ud 0x2490000:ud V0046.0 V0049.0 V0047.0", 0x7a, "bEPbbbbVVRRR", {0, 0x04, 0, 2, 1, 1}},
    {"typed_atomic.add (M1, 8) T6 V0046.0 V0047.0 %null.0 %null.0 V0049.0 %null.0 V0047.0", 0x73, "bEPbRRRRRRR",
     {0, 0x03, 0, 6}},
    {"(!P1) typed_atomic.cmpxchg.16 (M1, 8) T6 V0046.0 V0047.0 %null.0 %null.0 V0049.0 V0046.0 V0047.0", 0x73,
     "bEPbRRRRRRR", {0x27, 0x03, 0x8001, 6}},
    {"qw_gather.2 (M1, 8) T6 V0046.0 V0047.0", 0x86, "EPbbRR", {0x03, 0, 1, 6}},
    {"(P1) qw_scatter.8 (M1, 8) T6 V0046.0 V0047.0", 0x87, "EPbbRR", {0x03, 1, 3, 6}},
    {"lifetime.start V0046", 0x7b, "bd", {0x00, 32}},
    {"lifetime.end V0046", 0x7b, "bd", {0x01, 32}},
    {"lifetime.start A0", 0x7b, "bd", {0x10, 0}},
    {"lifetime.end P1", 0x7b, "bd", {0x21, 1}},
    {"wait 0x1:uw", 0x5b, "V", {0}},
    {"sbarrier.signal", 0x7c, "b", {1}},
    {"sbarrier.wait", 0x7c, "b", {0}},
    {"nbarrier.signal 0x1:ud 0x10:ud", 0x60, "bVV", {1}},
    {"nbarrier.wait V0046(0,0)<0;1,0>", 0x60, "bVV", {0}},
    {"fcvt (M1, 16) V0057(0,0)<1> V0055(0,0)<1;1,0>", 0x1d, "EVV", {0x04}},
    {"srnd.sat (M1, 16) V0057(0,0)<1> V0055(0,0)<1;1,0> V0046(0,0)<1;1,0>", 0x1e, "EVVV", {0x04}},
    /* GenX_IR's parser's forms (its printer says raw_sends.3.eot.2.0.0 and raw_sendsc.0.2.1.1) */
    {"raw_sends_eot.3.2.0.0 (M1, 16)  0x4c:ud 0x2490000:ud V0046.0 %null.0 %null.0", 0x7a, "bEPbbbbVVRRR",
     {2, 0x04, 0, 2, 0, 0}},
    {"raw_sendsc.2.1.1 (M1, 16)  0x4c:ud 0x2490000:ud V0046.0 V0049.0 V0047.0", 0x7a, "bEPbbbbVVRRR", {1, 0x04, 0, 2, 1, 1}},
    {"raw_sendsc_eot.2.1.1 (M1, 16)  0x4c:ud 0x2490000:ud V0046.0 V0049.0 V0047.0", 0x7a, "bEPbbbbVVRRR",
     {3, 0x04, 0, 2, 1, 1}},
    {"urb_write_3d (M1, 8) 3 16 V0046.0 V0047.0 V0046.0 V0049.0", 0x72, "EPbRwRRR", {0x03, 0, 3, 16}},
    {"(!P1) urb_write_3d (M5_NM, 16) 0 65535 %null.0 V0047.0 %null.0 %null.0", 0x72, "EPbRwRRR", {0xc4, 0x8001, 0, 65535}},
    {"(P1) urb_write_3d (M1, 8) 255 7 V0046.1 V0047.2 V0046.3 V0049.4", 0x72, "EPbRwRRR", {0x03, 1, 255, 7}},
    {"gather.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0", 0x39, "bbbbVRR", {2, 0, 0x01, 6}},
    {"vme_ime(0,3) T6  V0046.0 V0047.0 V0049.0 V0050.0 V0046.1 V0047.2", 0x54, "bbRRbRRRR", {0, 3, 6}},
    {"vme_ime(255,0) T1  %null.0 V0047.0 V0049.0 V0050.0 V0046.1 V0047.2", 0x54, "bbRRbRRRR", {255, 0, 1}},
    {"vme_sic T6  V0046.0 V0047.0 V0049.0", 0x55, "RRbR", {6}},
    {"vme_fbr ( 0x0:ub, V0046(0,0)<0;1,0>, 0x3:ub) T6  V0046.0 V0047.0 V0049.0", 0x56, "RRbVVVR", {6}},
    /* GenX_IR has no grammar rule for vme_idm (and its reader builds a vme_sic from one): its printer's form */
    {"vme_idm T6  V0046.0 V0047.0 V0049.0", 0x57, "RRbR", {6}},
    {"gather.2 (M5, 1) T6 V0046(0,0)<0;1,0> V0046.0 V0047.0", 0x39, "bbbbVRR", {1, 0, 0x42, 6}},
    {"scatter.1 (M1_NM, 8) T6 0x10:ud V0046.0 V0047.0", 0x3a, "bbbVRR", {0, 0x80, 6}},
    {"sample.RGBA (8) S0 T6 V0046.0 V0047.0 %null.0 V0047.0", 0x40, "bbbRRRR", {0x0f, 0, 6}},
    {"sample.R (16) S0 T6 V0046.0 V0047.0 %null.0 V0047.0", 0x40, "bbbRRRR", {0x11, 0, 6}},
    {"load.B (8) T6 V0046.0 V0047.0 %null.0 V0047.0", 0x42, "bbRRRR", {0x04, 6}},
    {"load.RGBA (16) T6 V0046.0 V0047.0 %null.0 V0047.0", 0x42, "bbRRRR", {0x1f, 6}},
    /* a raw_sendsc whose ffid is not 0 has no form GenX_IR's parser reads: its printer's */
    {"raw_sendsc.5.2.1.1 (M1, 16)  0x4c:ud 0x2490000:ud V0046.0 V0049.0 V0047.0", 0x7a, "bEPbbbbVVRRR", {1, 0x04, 0, 2, 1, 1}},
};

static void known_answers(void) {
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const ka *t = &cases[i];
    sf_isa_file f;
    sf_status st;
    if (!parse1(t->line, &f, &st)) {
      SF_CHECK_MSG(false, "%s: %s", t->line, st.msg);
      continue;
    }
    const sf_visa_kernel *k = &f.kernels[0];
    SF_CHECK_MSG(k->num_gens == 1, "%s: %u instructions", t->line, (unsigned)k->num_gens);
    if (k->num_gens == 1) {
      const sf_visa_ginst *g = &k->gens[0];
      SF_CHECK_EQ_U(g->op, t->op);
      SF_CHECK_EQ_U(g->num_ops, strlen(t->kinds));
      unsigned ui = 0;
      for (unsigned j = 0; j < g->num_ops && j < strlen(t->kinds); j++) {
        SF_CHECK_MSG(g->ops[j].kind == (uint8_t)t->kinds[j], "%s: field %u", t->line, j);
        if (t->kinds[j] != 'V' && t->kinds[j] != 'R' && ui < 6)
          SF_CHECK_MSG(g->ops[j].u == t->u[ui++], "%s: field %u = 0x%x, expected 0x%x", t->line, j, (unsigned)g->ops[j].u,
                       (unsigned)t->u[ui - 1]);
      }
      if (t->op == 0x7a && strstr(t->line, "sendsc.5")) SF_CHECK_EQ_U(g->ops[6].u, 5); /* the ffid */
      sf_buf b;
      sf_buf_init(&b, &st);
      SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_OK);
      char *txt = calloc(b.len + 1, 1);
      if (txt && b.len) memcpy(txt, b.data, b.len);
      SF_CHECK_MSG(txt && strstr(txt, t->line), "printed back differently: %s\n%s", t->line, txt ? txt : "");
      free(txt);
      sf_buf_free(&b);
    }
    sf_isa_free(&f);
  }
}

/* GenX_IR's printed spellings read as the fields of the spellings its parser reads; so do the
 * spellings its parser takes and drops: a gather's `.mod` (it writes the modifier as 0), sample/load
 * without a SIMD mode or with (32) (both SIMD8). */
static void printer_forms(void) {
  const char *const (*pairs)[2] = SF_VISA_KNOWN_FORMS;
  for (size_t i = 0; i < sizeof SF_VISA_KNOWN_FORMS / sizeof SF_VISA_KNOWN_FORMS[0]; i++) {
    sf_isa_file a, b;
    sf_status st;
    bool oa = parse1(pairs[i][0], &a, &st);
    SF_CHECK_MSG(oa, "%s: %s", pairs[i][0], st.msg);
    bool ob = parse1(pairs[i][1], &b, &st);
    SF_CHECK_MSG(ob, "%s: %s", pairs[i][1], st.msg);
    if (oa && ob) {
      sf_buf x, y;
      sf_buf_init(&x, &st);
      sf_buf_init(&y, &st);
      SF_CHECK(sf_isa_write(&a, &x, &st) == SF_OK && sf_isa_write(&b, &y, &st) == SF_OK);
      SF_CHECK_MSG(x.len == y.len && memcmp(x.data, y.data, x.len) == 0, "%s reads as other bytes than %s", pairs[i][0],
                   pairs[i][1]);
      sf_buf_free(&x);
      sf_buf_free(&y);
    }
    if (oa) sf_isa_free(&a);
    if (ob) sf_isa_free(&b);
  }
}

/* The printer refuses fields that have no text; the parser positions its errors. */
static void refusals(void) {
  static const struct {
    const char *line;
    unsigned field;
    uint32_t value;
    const char *word;
  } edits[] = {
      {"raw_send (M1, 16) 0xa 2 1  0x2490000:ud V0046.0 V0047.0", 0, 2, "modifier"},
      {"raw_sends.10.2.1.1 (M1, 16)  0x4c:ud 0x2490000:ud V0046.0 V0049.0 V0047.0", 0, 4, "modifier"},
      {"qw_gather.2 (M1, 8) T6 V0046.0 V0047.0", 2, 4, "block count"},
      {"lifetime.start V0046", 0, 0x30, "properties"},
      {"lifetime.start V0046", 0, 0x02, "properties"},
      {"sbarrier.wait", 0, 2, "mode"},
      {"nbarrier.signal 0x1:ud 0x10:ud", 0, 3, "mode"},
      {"nbarrier.signal 0x1:ud 0x10:ud", 0, 0, "thread count"}, /* a wait whose count is not its id */
      {"typed_atomic.add (M1, 8) T6 V0046.0 V0047.0 %null.0 %null.0 V0049.0 %null.0 V0047.0", 0, 0x0d, "no name"},
      {"gather.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0", 0, 3, "element size"},
      {"gather.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0", 1, 1, "modifier"},
      {"gather.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0", 2, 0x03, "lane byte"},
      {"scatter.1 (M1_NM, 8) T6 0x10:ud V0046.0 V0047.0", 1, 0x84, "lane byte"},
      {"sample.RGBA (8) S0 T6 V0046.0 V0047.0 %null.0 V0047.0", 0, 0x10, "channel byte"},
      {"sample.RGBA (8) S0 T6 V0046.0 V0047.0 %null.0 V0047.0", 0, 0x21, "channel byte"},
      {"load.B (8) T6 V0046.0 V0047.0 %null.0 V0047.0", 0, 0x44, "channel byte"},
  };
  for (size_t i = 0; i < sizeof edits / sizeof edits[0]; i++) {
    sf_isa_file f;
    sf_status st;
    if (!parse1(edits[i].line, &f, &st)) {
      SF_CHECK_MSG(false, "%s: %s", edits[i].line, st.msg);
      continue;
    }
    f.kernels[0].gens[0].ops[edits[i].field].u = edits[i].value;
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_status_clear(&st);
    SF_CHECK_MSG(sf_visaasm_print(&f, &b, &st) == SF_UNSUPPORTED && strstr(st.msg, edits[i].word) &&
                     strstr(st.msg, sf_visa_optab(f.kernels[0].gens[0].op)->name),
                 "%s with field %u = 0x%x: %s", edits[i].line, edits[i].field, (unsigned)edits[i].value, st.msg);
    sf_buf_free(&b);
    sf_isa_free(&f);
  }
  /* the refusals of these lines, each with its code and word, are rows of SF_VISA_KNOWN_REFUSED
   * (visa_known_lines.h), checked by test_visa_gen_refusals and by the fuzz targets' known_refusals */
}

/* switchjmp, FILE and LOC in a whole text: GenX_IR 12504's -dumpcommonisa of the .isa we write for
 * this text is this text (label names decorated with _<id> aside), and its parse of it dumps the same
 * lines. FILE and LOC lines carry no "/// $N", but count in the numbering. */
static void switch_and_debug_lines(void) {
  static const char *const body =
      "    FILE \"q\\\"x\\\\y\\'.cl\"\n"
      "    FILE \"t\\tab\\a\\e\\x01\\x7f\\xff\\xc3\\xa9.cl\"\n"
      "    LOC 4294967295\n"
      "    switchjmp (M1, 1) V0050(0,0)<0;1,0> (L0, L1, L0, L2)                         /// $3\n"
      "    switchjmp (M1, 1) 0x1:uw (L2)                                                /// $4\n"
      "\nL0:\n"
      "    LOC 7\n"
      "\nL1:\n"
      "\nL2:\n"
      "    ret (M1, 1)                                                                  /// $9\n";
  char text[4096];
  snprintf(text, sizeof text, "%s%s", HDR, body);
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  if (sf_visaasm_parse(text, strlen(text), &f, &st) != SF_OK) {
    SF_CHECK_MSG(false, "%s", st.msg);
    return;
  }
  const sf_visa_kernel *k = &f.kernels[0];
  SF_CHECK_EQ_U(k->num_gens, 9); /* 2 FILE, 2 LOC, 2 switchjmp, 3 labels */
  const char *fname = k->num_gens ? sf_visa_kernel_string(k, k->gens[1].ops[0].u) : NULL;
  SF_CHECK_STR(fname, "t\tab\a\x1b\x01\x7f\xff\xc3\xa9.cl");
  if (k->num_gens > 3) {
    const sf_visa_ginst *sw = &k->gens[3];
    SF_CHECK_EQ_U(sw->op, 0x69);
    SF_CHECK(sw->num_ops == 7 && sw->ops[0].u == 0 && sw->ops[1].u == 4 && sw->ops[3].u == 0 && sw->ops[4].u == 1 &&
             sw->ops[5].u == 0 && sw->ops[6].u == 2);
    SF_CHECK(k->gens[2].op == 0x52 && k->gens[2].ops[0].u == 4294967295u);
  }
  sf_buf b;
  sf_buf_init(&b, &st);
  SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_OK);
  char *txt = calloc(b.len + 1, 1);
  if (txt && b.len) memcpy(txt, b.data, b.len);
  SF_CHECK_MSG(txt && strstr(txt, body), "printed:\n%s", txt ? txt : "");
  free(txt);
  /* no text: an exec byte other than (M1, 1), an empty label list, a FILE string past the table */
  sf_visa_ginst *sw = &f.kernels[0].gens[3];
  sw->ops[0].u = 0x03;
  sf_status_clear(&st);
  b.len = 0;
  SF_CHECK_MSG(sf_visaasm_print(&f, &b, &st) == SF_UNSUPPORTED && strstr(st.msg, "switchjmp"), "%s", st.msg);
  sw->ops[0].u = 0;
  f.kernels[0].gens[0].ops[0].u = 999;
  sf_status_clear(&st);
  b.len = 0;
  SF_CHECK_MSG(sf_visaasm_print(&f, &b, &st) == SF_UNSUPPORTED && strstr(st.msg, "string table"), "%s", st.msg);
  sf_buf_free(&b);
  sf_isa_free(&f);
  /* GenX_IR writes a switchjmp's exec as (M1, 1) whatever the text says, and so do we */
  sf_status_clear(&st);
  if (parse1("switchjmp (M5, 8) 0x1:uw (L0)\nL0:", &f, &st)) {
    SF_CHECK_EQ_U(f.kernels[0].gens[0].ops[0].u, 0);
    sf_isa_free(&f);
  } else {
    SF_CHECK_MSG(false, "%s", st.msg);
  }
  /* a label name of 1,024 bytes (SF_VISA_MAX_NAME) in the list prints and reads back whole */
  {
    char *t = malloc(4096);
    char nm[1025];
    memset(nm, 'q', 1024);
    nm[1024] = 0;
    snprintf(t, 4096, "switchjmp (M1, 1) 0x1:uw (%s)\n%s:", nm, nm);
    sf_status_clear(&st);
    bool ok = parse1(t, &f, &st);
    SF_CHECK_MSG(ok, "%s", st.msg);
    if (ok) {
      sf_buf b2;
      sf_buf_init(&b2, &st);
      SF_CHECK_MSG(sf_visaasm_print(&f, &b2, &st) == SF_OK, "%s", st.msg);
      bool has = false;
      for (size_t q = 0; q + 1024 <= b2.len && !has; q++) has = !memcmp(b2.data + q, nm, 1024) && b2.data[q + 1024] == ')';
      SF_CHECK_MSG(has, "the 1,024-byte label is not printed whole in the switchjmp's list");
      sf_buf_free(&b2);
      sf_isa_free(&f);
    }
    free(t);
  }
  static const char *const bad[] = {
      "switchjmp (M1, 1) 0x1:uw ()",   "switchjmp (M1, 1) 0x1:uw (L0",     "FILE \"a\\qb\"",   "FILE \"a\\0\"",
      "FILE \"a\\400\"",              "FILE \"abc",                       "FILE abc",          "LOC 4294967296",
      "LOC -1",                        "FILE.x \"a\"",
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    bool ok = parse1(bad[i], &f, &st);
    if (ok) sf_isa_free(&f);
    SF_CHECK_MSG(!ok && st.pos_kind == SF_POS_TEXT && st.code != SF_UNSUPPORTED, "%s: %s", bad[i], ok ? "accepted" : st.msg);
  }
}

int main(void) {
  SF_RUN(known_answers);
  SF_RUN(printer_forms);
  SF_RUN(refusals);
  SF_RUN(switch_and_debug_lines);
  SF_TEST_END();
}
