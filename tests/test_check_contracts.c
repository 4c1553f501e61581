/* tests/test_check_contracts.c — the contracts the codec targets hold every refusal and every printer
 * to (oracles/checks/verdict.c), and the executor batch check (oracles/checks/check_exec.c), called
 * directly with inputs built to pass and inputs built to fail.
 *
 * Each contract is tested from both sides: a check that passes a broken input would let a fuzz target
 * miss a whole class of bugs (a position past the input, a printer that cuts its text short and says
 * it printed, a batch with a lost comparison flag), and a check that fails a good input would make
 * every campaign report noise. */
#include <ctype.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/case.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/indep.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/sampler.h"
#include "samplefuzz/triage.h"
#include "tests/sf_test.h"
#include "tests/test_case_draw.h"

/* ---- refusals: code, message, position inside the input, formatted text ---- */

static bool refusal(const sf_status *st, const char *input, size_t n, bool need_pos, char *check, size_t cap) {
  sf_verdict v;
  sf_verdict_init(&v, "contracts");
  bool ok = sf_check_refusal_at(&v, "parse", st, NULL, input, n, need_pos);
  snprintf(check, cap, "%s", ok ? "" : v.check);
  return ok;
}

static void test_refusal_positions(void) {
  char check[SF_VERDICT_NAME_MAX];
  const char text[] = "sample_l r0, r1\nsample r2\n"; /* line 1: 15 columns, line 2: 9, line 3: empty */
  size_t n = sizeof text - 1;
  sf_status st;

  sf_status_clear(&st);
  SF_CHECK(!refusal(&st, text, n, true, check, sizeof check)); /* SF_OK is no refusal */
  SF_CHECK_STR(check, "status_missing");

  sf_status_clear(&st);
  st.code = SF_ERR_SYNTAX; /* a code but no message */
  SF_CHECK(!refusal(&st, text, n, true, check, sizeof check));
  SF_CHECK_STR(check, "status_message");
  /* ... unless the message quotes an input that says "(null)" itself. */
  const char quoted[] = ".decl V1 v_type=G type=w num_elts=16(null)=hword\n";
  sf_status_clear(&st);
  sf_fail_text(&st, SF_ERR_SYNTAX, 1, 37, "expected a .decl attribute, found '%s'", "(null)=hword");
  SF_CHECK(refusal(&st, quoted, sizeof quoted - 1, true, check, sizeof check));

  sf_status_clear(&st);
  sf_fail_text(&st, SF_UNSUPPORTED, 1, 1, "%s (opcode 0x00): not modelled", "(null)"); /* a NULL name printed */
  SF_CHECK(!refusal(&st, text, n, true, check, sizeof check));
  SF_CHECK_STR(check, "status_message");

  sf_status_clear(&st);
  sf_fail(&st, SF_ERR_SYNTAX, "unexpected token");
  SF_CHECK(!refusal(&st, text, n, true, check, sizeof check)); /* a syntax error needs a position */
  SF_CHECK_STR(check, "status_position");
  SF_CHECK(refusal(&st, text, n, false, check, sizeof check)); /* unless the caller has none to give */

  sf_status_clear(&st);
  sf_fail(&st, SF_UNSUPPORTED, "opcode 0x42 is not modelled"); /* unsupported, limit, memory: no position needed */
  SF_CHECK(refusal(&st, text, n, true, check, sizeof check));
  sf_status_clear(&st);
  sf_fail(&st, SF_ERR_LIMIT, "more than 64 operands");
  SF_CHECK(refusal(&st, text, n, true, check, sizeof check));

  /* Only the fields of the position's kind are set (status.h). */
  sf_status_clear(&st);
  sf_fail_dword(&st, SF_ERR_INVALID, 1, "bad token");
  SF_CHECK(refusal(&st, text, n, true, check, sizeof check));
  st.line = 1; /* a DWORD position that also claims a line */
  SF_CHECK(!refusal(&st, text, n, true, check, sizeof check));
  SF_CHECK_STR(check, "status_fields");
  sf_status_clear(&st);
  sf_fail_byte(&st, SF_ERR_INVALID, 3, "bad byte");
  st.col = 2;
  SF_CHECK(!refusal(&st, text, n, true, check, sizeof check));
  SF_CHECK_STR(check, "status_fields");
  sf_status_clear(&st);
  sf_fail_text(&st, SF_ERR_SYNTAX, 1, 2, "bad word");
  SF_CHECK(refusal(&st, text, n, true, check, sizeof check));
  st.pos = 5; /* a text position with a byte offset as well */
  SF_CHECK(!refusal(&st, text, n, true, check, sizeof check));
  SF_CHECK_STR(check, "status_fields");
  sf_status_clear(&st);
  sf_fail(&st, SF_UNSUPPORTED, "not modelled");
  st.pos = 1;
  SF_CHECK(!refusal(&st, text, n, true, check, sizeof check));
  SF_CHECK_STR(check, "status_fields");

  /* Text positions: every column of every line, and one past a line's end, lie inside. */
  static const struct {
    uint32_t line, col;
    bool inside;
  } pos[] = {{1, 1, true},   {1, 15, true}, {1, 16, true}, {1, 17, false}, {2, 1, true}, {2, 10, true},
             {2, 11, false}, {3, 1, true},  {3, 2, false}, {4, 1, false},  {0, 1, false}, {1, 0, false}};
  for (size_t i = 0; i < sizeof pos / sizeof pos[0]; i++) {
    sf_status_clear(&st);
    sf_fail_text(&st, SF_ERR_SYNTAX, pos[i].line, pos[i].col, "bad operand");
    bool ok = refusal(&st, text, n, true, check, sizeof check);
    SF_CHECK_MSG(ok == pos[i].inside, "line %u col %u", (unsigned)pos[i].line, (unsigned)pos[i].col);
    if (!pos[i].inside) SF_CHECK_STR(check, "status_position_range");
  }

  /* Byte offsets up to the end (an error "at the end" of a truncated input), DWORDs up to the last. */
  const char bin[10] = {0};
  sf_status_clear(&st);
  sf_fail_byte(&st, SF_ERR_TRUNCATED, 10, "operand cut off");
  SF_CHECK(refusal(&st, bin, sizeof bin, true, check, sizeof check));
  sf_status_clear(&st);
  sf_fail_byte(&st, SF_ERR_TRUNCATED, 11, "operand cut off");
  SF_CHECK(!refusal(&st, bin, sizeof bin, true, check, sizeof check));
  SF_CHECK_STR(check, "status_position_range");
  sf_status_clear(&st);
  sf_fail_dword(&st, SF_ERR_INVALID, 3, "bad token"); /* 10 bytes = 3 DWORDs, the last one partial */
  SF_CHECK(refusal(&st, bin, sizeof bin, true, check, sizeof check));
  sf_status_clear(&st);
  sf_fail_dword(&st, SF_ERR_INVALID, 4, "bad token");
  SF_CHECK(!refusal(&st, bin, sizeof bin, true, check, sizeof check));
  /* Without the input (a writer's refusal) the range is not checked. */
  SF_CHECK(refusal(&st, NULL, 0, false, check, sizeof check));
}

static void test_refusal_format(void) {
  char check[SF_VERDICT_NAME_MAX];
  sf_status st;
  sf_status_clear(&st);
  sf_fail_byte(&st, SF_ERR_INVALID, 2, "reserved bits set");
  SF_CHECK(refusal(&st, "abcd", 4, true, check, sizeof check));
  char shown[SF_STATUS_MSG_MAX + 96];
  sf_status_format(&st, shown, sizeof shown);
  SF_CHECK(strstr(shown, "reserved bits set") != NULL);
  /* A code outside the enumeration cannot be named in the formatted text the way the check wants. */
  st.code = (sf_code)-1000;
  bool ok = refusal(&st, "abcd", 4, true, check, sizeof check);
  if (!ok) SF_CHECK_STR(check, "status_format");
}

/* status_message: a byte a person cannot read, which the input does not hold, is a formatting slip;
 * UTF-8 ("§") and bytes the input holds (a message may quote it) are not. */
static void test_refusal_message_bytes(void) {
  char check[SF_VERDICT_NAME_MAX];
  sf_status st;
  sf_status_clear(&st);
  sf_fail_text(&st, SF_ERR_SYNTAX, 1, 1, "expected a field of a %c%c element", 'I', (char)0xa4);
  SF_CHECK(!refusal(&st, "x", 1, true, check, sizeof check));
  SF_CHECK_STR(check, "status_message");
  SF_CHECK(refusal(&st, "x\xa4", 2, true, check, sizeof check)); /* quoted from the input */
  sf_status_clear(&st);
  sf_fail_text(&st, SF_ERR_SYNTAX, 1, 1, "a name of docs/dxbc.md \xc2\xa7" "10");
  SF_CHECK(refusal(&st, "x", 1, true, check, sizeof check));
  sf_status_clear(&st);
  sf_fail_text(&st, SF_ERR_SYNTAX, 1, 1, "bell \x07 here");
  SF_CHECK(!refusal(&st, "x", 1, true, check, sizeof check));
}

/* typed_imm: int and uint operands print their immediates as integers, float ones as anything. */
static void test_typed_imms(void) {
  sf_verdict v;
  sf_verdict_init(&v, "contracts");
  static const char good[] = "vs_5_0\niadd r0.x, r1.x, l(-5)\nushr r0.xy, r1.xyxx, l(3, 4, 0, 0)\n"
                             "add r0.x, r1.x, l(0.500000)\ndcl_temps 2\n";
  SF_CHECK(sf_check_d3d_typed_imms(&v, good, strlen(good)));
  static const char bad_int[] = "vs_5_0\niadd r0.x, r1.x, l(1.000000)\n";
  sf_verdict_init(&v, "contracts");
  SF_CHECK(!sf_check_d3d_typed_imms(&v, bad_int, strlen(bad_int)));
  SF_CHECK_STR(v.check, "typed_imm");
  static const char bad_uint[] = "vs_5_0\nushr r0.x, r1.x, l(-3)\n"; /* a sign on a uint */
  sf_verdict_init(&v, "contracts");
  SF_CHECK(!sf_check_d3d_typed_imms(&v, bad_uint, strlen(bad_uint)));
}

/* ---- printers: exact room prints the same text, one byte less is SF_ERR_LIMIT ---- */

typedef struct fake_printer {
  const char *text;
  int mode; /* 0 honest, 1 truncates silently, 2 needs one spare byte, 3 refuses too early with INVALID */
} fake_printer;

static sf_code fake_print(const void *inst, char *buf, size_t n, sf_status *st) {
  const fake_printer *p = inst;
  size_t len = strlen(p->text);
  if (p->mode == 1) {
    if (n == 0) return sf_fail(st, SF_ERR_LIMIT, "no room");
    size_t k = len < n - 1 ? len : n - 1;
    memcpy(buf, p->text, k);
    buf[k] = '\0';
    return SF_OK;
  }
  size_t need = len + 1 + (p->mode == 2 ? 1u : 0u);
  if (n < need) return sf_fail(st, p->mode == 3 ? SF_ERR_INVALID : SF_ERR_LIMIT, "buffer of %zu bytes", n);
  memcpy(buf, p->text, len + 1);
  return SF_OK;
}

static void test_print_fit(void) {
  static const char *const check_of_mode[] = {"", "print_fit", "print_fit", "print_fit"};
  const char *texts[] = {"sample_l (M1, 16) 0x0 S31 T1 %null.R V33.0 V34.0 V35.0", "x", ""};
  for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++)
    for (int mode = 0; mode < 4; mode++) {
      if (texts[t][0] == '\0' && mode == 1) continue; /* an empty text cannot be cut shorter */
      fake_printer p = {texts[t], mode};
      sf_verdict v;
      sf_verdict_init(&v, "contracts");
      bool ok = sf_check_print_fixpoint_fit(&v, NULL, fake_print, &p, NULL, texts[t]);
      SF_CHECK_MSG(ok == (mode == 0), "text %zu mode %d", t, mode);
      if (!ok) SF_CHECK_STR(v.check, check_of_mode[mode]);
    }
  /* A printer that prints something else than the text it is held to fails at exact room. */
  fake_printer p = {"sample r0", 0};
  sf_verdict v;
  sf_verdict_init(&v, "contracts");
  SF_CHECK(!sf_check_print_fixpoint_fit(&v, NULL, fake_print, &p, NULL, "sample r1"));
  /* With the parse of the text given, the exact-room print is of it: a parse that prints as
   * something else is a fixpoint failure, one that prints the same but not into exact room is a fit
   * failure, and an honest pair passes. */
  {
    fake_printer inst = {"sample r0", 0}, same = {"sample r0", 0}, other = {"sample r9", 0}, tight = {"sample r0", 2};
    sf_verdict_init(&v, "contracts");
    SF_CHECK(sf_check_print_fixpoint_fit(&v, NULL, fake_print, &inst, &same, "sample r0"));
    sf_verdict_init(&v, "contracts");
    SF_CHECK(!sf_check_print_fixpoint_fit(&v, NULL, fake_print, &inst, &other, "sample r0"));
    SF_CHECK_STR(v.check, "fixpoint");
    sf_verdict_init(&v, "contracts");
    SF_CHECK(!sf_check_print_fixpoint_fit(&v, NULL, fake_print, &inst, &tight, "sample r0"));
    SF_CHECK_STR(v.check, "print_fit");
    /* the short print is of the instruction itself */
    fake_printer trunc = {"sample r0", 1};
    sf_verdict_init(&v, "contracts");
    SF_CHECK(!sf_check_print_fixpoint_fit(&v, NULL, fake_print, &trunc, &same, "sample r0"));
    SF_CHECK_STR(v.check, "print_fit");
  }
  /* Texts longer than the check's buffer are not judged (the fuzz targets' texts are far shorter). */
  char *big = malloc(SF_CHECK_FIT_CAP + 10);
  SF_CHECK(big != NULL);
  if (!big) return;
  memset(big, 'a', SF_CHECK_FIT_CAP + 9);
  big[SF_CHECK_FIT_CAP + 9] = '\0';
  p.text = big;
  p.mode = 1;
  sf_verdict_init(&v, "contracts");
  SF_CHECK(sf_check_print_fixpoint_fit(&v, NULL, fake_print, &p, NULL, big));
  /* ... but the fixpoint is: a parse of such a text that prints as something else still fails */
  fake_printer honest = {big, 0}, other = {"x", 0};
  sf_verdict_init(&v, "contracts");
  SF_CHECK(sf_check_print_fixpoint_fit(&v, NULL, fake_print, &honest, &honest, big));
  sf_verdict_init(&v, "contracts");
  SF_CHECK(!sf_check_print_fixpoint_fit(&v, NULL, fake_print, &honest, &other, big));
  SF_CHECK_STR(v.check, "fixpoint");
  free(big);
}

/* ---- exec_batch: the executor's batch against the instruction ---- */

typedef enum tamper { T_LANES, T_COMPARE, T_LODMODE, T_U, T_N, T_COUNT } tamper;

static void test_exec_batch(void) {
  uint64_t seed = 0x5eedc0de2611ull;
  unsigned recorded = 0, lanes_nonzero = 0, d3d_cases = 0, lost_tried = 0, s3d_cases = 0, s3d_lost_tried = 0;
  unsigned unorm_cases = 0, unorm_lost_tried = 0, unorm_operands = 0;
  unsigned caught[T_COUNT] = {0}, tried[T_COUNT] = {0};
  uint8_t *bytes = malloc(SF_CASE_MAX_SIZE);
  sf_case *c = malloc(sizeof *c);
  sf_indep_rec *rec = malloc(sizeof *rec);
  SF_CHECK(bytes && c && rec);
  if (!bytes || !c || !rec) goto out;
  for (unsigned i = 0; i < 400; i++) {
    size_t n = sf_t_draw_case(&seed, i, false, bytes, SF_CASE_MAX_SIZE);
    if (i % 4 == 2) bytes[1] = 0; /* one case in four SAMPLE_UNORM (case.h family 0) */
    sf_status st;
    sf_status_clear(&st);
    if (sf_case_read(bytes, n, c, &st) != SF_OK) continue;
    sf_case_env env;
    sf_status_clear(&st);
    if (sf_case_env_build(c, &env, &st) != SF_OK) continue;
    sf_state run;
    sf_status_clear(&st);
    if (sf_case_state_clone(&env, &run, &st) == SF_OK) {
      memset(rec, 0, sizeof *rec);
      sf_status_clear(&st);
      sf_code rc = sf_exec_recorded(&c->inst, &run, sf_backend_scalar(), rec, &st);
      if (rc == SF_OK && rec->got_unorm && c->inst.unorm.dst.id != 0) {
        /* SAMPLE_UNORM: the executor's own write passes; one byte of it undone, or the last byte of
         * the variable changed, fails. */
        unorm_cases++;
        sf_verdict v;
        sf_verdict_init(&v, "contracts");
        bool ok = sf_check_exec_writeback(&v, &c->inst, &env.state, &run, rec);
        if (!ok) sf_triage_report(stderr, &v, NULL, NULL);
        SF_CHECK_MSG(ok, "case %u: the executor's own SAMPLE_UNORM write fails exec_writeback", i);
        /* exec_operands: the executor's own request passes; a u or deltaV read wrongly fails */
        sf_verdict_init(&v, "contracts");
        ok = sf_check_exec_operands(&v, &c->inst, &env.state, rec);
        if (!ok) sf_triage_report(stderr, &v, NULL, NULL);
        SF_CHECK_MSG(ok, "case %u: the executor's own request fails exec_operands", i);
        float keep_u = rec->unorm_req.u, keep_dv = rec->unorm_req.dv;
        rec->unorm_req.u = keep_u == 0.5f ? 0.25f : 0.5f;
        sf_verdict_init(&v, "contracts");
        SF_CHECK(!sf_check_exec_operands(&v, &c->inst, &env.state, rec) && !strcmp(v.check, "exec_operands"));
        rec->unorm_req.u = keep_u;
        rec->unorm_req.dv = keep_dv == 3.0f ? 5.0f : 3.0f;
        sf_verdict_init(&v, "contracts");
        SF_CHECK(!sf_check_exec_operands(&v, &c->inst, &env.state, rec));
        rec->unorm_req.dv = keep_dv;
        unorm_operands++;
        sf_var *dv = sf_state_var(&run, c->inst.unorm.dst.id);
        const sf_var *dv0 = sf_state_var_c(&env.state, c->inst.unorm.dst.id);
        size_t changed = dv && dv0 ? dv->size : 0;
        for (size_t k = 0; dv && dv0 && k < dv->size && changed == dv->size; k++)
          if (dv->bytes[k] != dv0->bytes[k]) changed = k;
        if (dv && dv0 && changed < dv->size) {
          uint8_t keep = dv->bytes[changed];
          dv->bytes[changed] = dv0->bytes[changed];
          sf_verdict_init(&v, "contracts");
          SF_CHECK(!sf_check_exec_writeback(&v, &c->inst, &env.state, &run, rec));
          SF_CHECK_STR(v.check, "exec_writeback");
          dv->bytes[changed] = keep;
          unorm_lost_tried++;
        }
      }
      if (rc == SF_OK && rec->got) {
        recorded++;
        sf_verdict v;
        sf_verdict_init(&v, "contracts");
        bool ok = sf_check_exec_batch(&v, &c->inst, &env.state, &rec->batch);
        if (!ok) sf_triage_report(stderr, &v, NULL, NULL);
        SF_CHECK_MSG(ok, "case %u: the executor's own batch fails exec_batch", i);
        if (rec->batch.lanes) lanes_nonzero++;
        /* exec_writeback: the executor's own write passes; a lost or altered write does not. */
        sf_verdict_init(&v, "contracts");
        ok = sf_check_exec_writeback(&v, &c->inst, &env.state, &run, rec);
        if (!ok) sf_triage_report(stderr, &v, NULL, NULL);
        SF_CHECK_MSG(ok, "case %u: the executor's own write fails exec_writeback", i);
        if (c->inst.family == SF_FAMILY_D3D) {
          d3d_cases++;
          uint32_t *words = &run.d3d.r[0][0][0];
          size_t nw = offsetof(sf_d3d_regs, live) / sizeof(uint32_t), changed = nw;
          for (size_t w = 0; w < nw && changed == nw; w++)
            if (words[w] != (&env.state.d3d.r[0][0][0])[w]) changed = w;
          if (changed < nw) { /* undo one write: a lost store */
            uint32_t keep = words[changed];
            words[changed] = (&env.state.d3d.r[0][0][0])[changed];
            sf_verdict_init(&v, "contracts");
            SF_CHECK(!sf_check_exec_writeback(&v, &c->inst, &env.state, &run, rec));
            words[changed] = keep;
            lost_tried++;
          }
          words[nw - 1] ^= 0x40000000u; /* a stray write far from the destination */
          sf_verdict_init(&v, "contracts");
          SF_CHECK(!sf_check_exec_writeback(&v, &c->inst, &env.state, &run, rec));
          SF_CHECK_STR(v.check, "exec_writeback");
          words[nw - 1] ^= 0x40000000u;
        }
        if (c->inst.family == SF_FAMILY_SAMPLE_3D && c->inst.s3d.dst.id != 0) {
          s3d_cases++;
          sf_var *dv = sf_state_var(&run, c->inst.s3d.dst.id);
          const sf_var *dv0 = sf_state_var_c(&env.state, c->inst.s3d.dst.id);
          size_t changed = dv && dv0 ? dv->size : 0;
          for (size_t k = 0; dv && dv0 && k < dv->size && changed == dv->size; k++)
            if (dv->bytes[k] != dv0->bytes[k]) changed = k;
          if (dv && dv0 && changed < dv->size) { /* undo one written byte: a lost store */
            uint8_t keep = dv->bytes[changed];
            dv->bytes[changed] = dv0->bytes[changed];
            sf_verdict_init(&v, "contracts");
            SF_CHECK(!sf_check_exec_writeback(&v, &c->inst, &env.state, &run, rec));
            dv->bytes[changed] = keep;
            s3d_lost_tried++;
          }
          if (dv && dv->size) { /* a stray write at the variable's last byte (past the result, or in it) */
            dv->bytes[dv->size - 1] ^= 0x5a;
            sf_verdict_init(&v, "contracts");
            SF_CHECK(!sf_check_exec_writeback(&v, &c->inst, &env.state, &run, rec));
            SF_CHECK_STR(v.check, "exec_writeback");
            dv->bytes[dv->size - 1] ^= 0x5a;
          }
        }
        /* Each tampering is what a planted executor bug would produce; the check must notice. */
        for (int t = 0; t < T_COUNT; t++) {
          sf_sample_batch b = rec->batch;
          bool applies = true;
          switch ((tamper)t) {
          case T_LANES: b.lanes ^= 1u; break;
          case T_COMPARE: b.compare = !b.compare; break;
          case T_LODMODE: b.lod_mode = (uint8_t)(b.lod_mode == SF_LOD_EXPLICIT ? SF_LOD_ZERO : SF_LOD_EXPLICIT); break;
          case T_U: {
            unsigned k = 0;
            while (k < b.n && !(b.lanes >> k & 1u)) k++;
            applies = k < b.n;
            if (applies) b.u[k] = b.u[k] == 0.25f ? 0.75f : 0.25f;
            break;
          }
          case T_N: b.n = b.n == 4 ? 8 : 4; break;
          default: applies = false; break;
          }
          if (!applies) continue;
          tried[t]++;
          sf_verdict_init(&v, "contracts");
          if (!sf_check_exec_batch(&v, &c->inst, &env.state, &b)) {
            caught[t]++;
            SF_CHECK(v.kind == SF_VERDICT_FAIL && v.check[0] != '\0');
          }
        }
      }
      sf_state_free(&run);
    }
    sf_case_env_free(&env);
  }
  /* The drawn cases must exercise the check, or the assertions above prove nothing. */
  SF_CHECK_MSG(recorded >= 100, "only %u of 400 cases recorded a batch", recorded);
  SF_CHECK(lanes_nonzero >= 50);
  SF_CHECK_MSG(d3d_cases >= 20 && lost_tried >= 10, "D3D cases %u, lost stores tried %u", d3d_cases, lost_tried);
  SF_CHECK_MSG(s3d_cases >= 20 && s3d_lost_tried >= 10, "3D_SAMPLE cases %u, lost stores tried %u", s3d_cases,
               s3d_lost_tried);
  SF_CHECK_MSG(unorm_cases >= 10 && unorm_lost_tried >= 5 && unorm_operands >= 10,
               "SAMPLE_UNORM cases %u, lost stores tried %u, operand reads tampered %u", unorm_cases, unorm_lost_tried,
               unorm_operands);
  for (int t = 0; t < T_COUNT; t++)
    SF_CHECK_MSG(tried[t] > 0 && caught[t] == tried[t], "tampering %d: caught %u of %u", t, caught[t], tried[t]);
out:
  free(rec);
  free(c);
  free(bytes);
}

/* ---- store: the encoder against the independent decoder ---- */

static void test_store_near_ties(void) {
  /* Values a campaign found just past a rounding tie once scaled in float32 (0.665163636 * 65535 =
   * 43591.4989, 43591.5 in float32; 0.507843137 * 255 = 129.5): the reference's code is within the
   * 0.6-unit tolerance of D3D11.3 §3.2.3.6 and must pass; a code one further must not. */
  static const struct {
    uint8_t fmt;
    float v;
  } cases[] = {{SF_FMT_RGBA16_UNORM, 0.665163636f}, {SF_FMT_RGBA8_UNORM, 0.507843137f},
               {SF_FMT_RGBA8_SRGB, 0.747058809f}};   /* sRGB alpha is UNORM: 190.4999 -> 191 (a soak found it) */
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    sf_surface_desc d = {.type = SF_SURF_2D, .format = cases[i].fmt, .width = 1, .height = 1, .depth = 1, .layers = 1,
                         .levels = 1};
    sf_surface *s = NULL;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK(sf_surface_create(&s, &d, &st) == SF_OK);
    if (!s) continue;
    float rgba[4] = {cases[i].v, cases[i].v, cases[i].v, cases[i].v};
    double got, lo, hi;
    SF_CHECK(sf_surface_store(s, 0, 0, 0, 0, rgba, &st) == SF_OK);
    SF_CHECK_MSG(sf_indep_stored(s, 0, 0, 0, 0, rgba, &got, &lo, &hi) == 4, "case %zu", i);
    float off[4] = {cases[i].v + 0.01f, cases[i].v, cases[i].v, cases[i].v};
    SF_CHECK_MSG(sf_indep_stored(s, 0, 0, 0, 0, off, &got, &lo, &hi) == 0, "case %zu: a wrong code passed", i);
    sf_surface_free(s);
  }
}

/* The rule names between `start` and `stop` in a source file (quoted words with a dot and no
 * space): each must be the rule of an edit; returns how many there are. */
typedef int (*rule_edit_at)(size_t i, const char **rule);
static int d3d_rule_at(size_t i, const char **rule) {
  sf_d3d_inst t;
  memset(&t, 0, sizeof t);
  return sf_d3d_rule_edit(i, &t, rule);
}
static int visa_rule_at(size_t i, const char **rule) {
  sf_inst t;
  memset(&t, 0, sizeof t);
  return sf_visa_rule_edit(i, &t, rule);
}
static unsigned rules_have_edits(const char *path, const char *start, const char *stop, rule_edit_at at) {
  FILE *fp = fopen(path, "rb");
  SF_CHECK_MSG(fp != NULL, "%s", path);
  if (!fp) return 0;
  static char src[96 * 1024];
  size_t n = fread(src, 1, sizeof src - 1, fp);
  fclose(fp);
  src[n] = 0;
  char *a = strstr(src, start), *b = a ? strstr(a, stop) : NULL;
  SF_CHECK_MSG(a && b, "%s: no section %s .. %s", path, start, stop);
  if (!a || !b) return 0;
  *b = 0;
  unsigned names = 0;
  for (const char *q = strchr(a, '"'); q; q = strchr(q + 1, '"')) {
    const char *e = strchr(q + 1, '"');
    if (!e) break;
    size_t l = (size_t)(e - q - 1);
    bool rule_like = l > 0 && memchr(q + 1, '.', l) && !memchr(q + 1, ' ', l) && !memchr(q + 1, '%', l);
    if (rule_like) {
      bool found = false;
      const char *rule = NULL;
      for (size_t k = 0; !found && at(k, &rule) >= 0; k++) found = strlen(rule) == l && !memcmp(rule, q + 1, l);
      names++;
      SF_CHECK_MSG(found, "rule %.*s of %s has no edit", (int)l, q + 1, path);
    }
    q = e;
  }
  return names;
}

/* ---- validate_sees: every rule of the D3D validator has an edit, and each edit is reported ---- */

static void test_d3d_rules_table(void) {
  size_t ne = sf_d3d_rule_edit_count();
  unsigned applied[64] = {0};
  SF_CHECK(ne <= 64);
  uint64_t seed = 0x5eedd3d5;
  uint8_t draw[384];
  unsigned valid = 0;
  for (unsigned i = 0; i < 3000; i++) {
    for (size_t k = 0; k < sizeof draw; k++) draw[k] = (uint8_t)sf_t_rand(&seed);
    sf_fdp f;
    sf_fdp_init(&f, draw, sizeof draw);
    sf_inst in;
    memset(&in, 0, sizeof in);
    if (sf_gen_inst(&f, SF_FAMILY_D3D, SF_GEN_VALID, &in) != SF_OK || sf_d3d_inst_validate(&in.d3d, NULL)) continue;
    valid++;
    sf_verdict v;
    sf_verdict_init(&v, "contracts");
    SF_CHECK_MSG(sf_check_d3d_rules_seen(&v, &in.d3d, true), "instruction %u: %s", i, v.key);
    for (size_t k = 0; k < ne && k < 64; k++) {
      sf_d3d_inst w = in.d3d;
      const char *rule = NULL;
      int r = sf_d3d_rule_edit(k, &w, &rule);
      if (r != 1) continue;
      applied[k]++;
      sf_violations vs;
      vs.count = vs.total = 0; /* sf_d3d_inst_validate appends to what out holds */
      vs.rules_only = false;
      sf_d3d_inst_validate(&w, &vs);
      bool seen = false;
      for (unsigned j = 0; j < vs.count; j++) seen = seen || !strcmp(vs.v[j].rule, rule);
      SF_CHECK_MSG(seen, "edit %zu (%s) not reported", k, rule);
    }
  }
  SF_CHECK_MSG(valid > 2500, "%u of 3000 generated D3D instructions valid", valid);
  for (size_t k = 0; k < ne && k < 64; k++) {
    const char *rule = NULL;
    sf_d3d_inst w;
    memset(&w, 0, sizeof w);
    sf_d3d_rule_edit(k, &w, &rule);
    SF_CHECK_MSG(applied[k] > 0, "edit %zu (%s) never applied", k, rule);
  }
  sf_d3d_inst w;
  const char *rule = NULL;
  SF_CHECK_EQ_U((unsigned)(sf_d3d_rule_edit(ne, &w, &rule) + 1), 0);
  /* Every rule name the validator's source holds has its edit (a new rule without one fails here);
   * the comparison's field names follow the validator in the file. */
  unsigned names = rules_have_edits(SF_SOURCE_DIR "/harness/d3d/d3d_model.c", "int sf_d3d_opnd_index_dim",
                                    "/* ---- ", d3d_rule_at);
  SF_CHECK_MSG(names >= 30, "%u rule names found in d3d_model.c", names);
}

static void test_visa_rules_table(void) {
  size_t ne = sf_visa_rule_edit_count();
  unsigned applied[64] = {0};
  SF_CHECK(ne <= 64);
  uint64_t seed = 0x5eedc15a;
  uint8_t draw[384];
  static const sf_family fams[3] = {SF_FAMILY_SAMPLE_UNORM, SF_FAMILY_SAMPLE_3D, SF_FAMILY_AVS};
  unsigned valid = 0;
  for (unsigned i = 0; i < 3000; i++) {
    for (size_t k = 0; k < sizeof draw; k++) draw[k] = (uint8_t)sf_t_rand(&seed);
    sf_fdp f;
    sf_fdp_init(&f, draw, sizeof draw);
    sf_inst in;
    memset(&in, 0, sizeof in);
    if (sf_gen_inst(&f, fams[i % 3], SF_GEN_VALID, &in) != SF_OK || sf_inst_validate(&in, NULL)) continue;
    valid++;
    sf_verdict v;
    sf_verdict_init(&v, "contracts");
    SF_CHECK_MSG(sf_check_visa_rules_seen(&v, &in), "instruction %u: %s", i, v.key);
    for (size_t k = 0; k < ne && k < 64; k++) {
      sf_inst w = in;
      const char *rule = NULL;
      if (sf_visa_rule_edit(k, &w, &rule) != 1) continue;
      applied[k]++;
      sf_violations vs;
      sf_inst_validate(&w, &vs);
      bool seen = false;
      for (unsigned j = 0; j < vs.count; j++) seen = seen || !strcmp(vs.v[j].rule, rule);
      SF_CHECK_MSG(seen, "edit %zu (%s) not reported on family %d", k, rule, (int)w.family);
    }
  }
  SF_CHECK_MSG(valid > 2500, "%u of 3000 generated vISA instructions valid", valid);
  for (size_t k = 0; k < ne && k < 64; k++) {
    const char *rule = NULL;
    visa_rule_at(k, &rule);
    SF_CHECK_MSG(applied[k] > 0, "edit %zu (%s) never applied", k, rule);
  }
  const char *rule = NULL;
  SF_CHECK_EQ_U((unsigned)(visa_rule_at(ne, &rule) + 1), 0);
  unsigned names = rules_have_edits(SF_SOURCE_DIR "/harness/visa/visa_model.c", "/* ---- Validation",
                                    "/* ---- Canonical form", visa_rule_at);
  SF_CHECK_MSG(names >= 35, "%u rule names found in visa_model.c", names);
}

/* validate_cap: the broken-everything instructions have more violations than the list holds, and
 * the list keeps exactly its cap of them. */
static void test_violation_cap(void) {
  static const sf_family fams[4] = {SF_FAMILY_D3D, SF_FAMILY_AVS, SF_FAMILY_SAMPLE_UNORM, SF_FAMILY_SAMPLE_3D};
  uint64_t seed = 0x5eedca9;
  uint8_t draw[384];
  for (unsigned i = 0; i < 400; i++) {
    for (size_t k = 0; k < sizeof draw; k++) draw[k] = (uint8_t)sf_t_rand(&seed);
    sf_fdp f;
    sf_fdp_init(&f, draw, sizeof draw);
    sf_inst in;
    memset(&in, 0, sizeof in);
    if (sf_gen_inst(&f, fams[i % 4], SF_GEN_VALID, &in) != SF_OK) continue;
    if (in.family == SF_FAMILY_D3D) sf_d3d_break_all(&in.d3d);
    else sf_visa_break_all(&in);
    sf_violations vs;
    unsigned total = sf_inst_validate_rules(&in, &vs);
    if (in.family == SF_FAMILY_D3D || in.family == SF_FAMILY_AVS)
      SF_CHECK_MSG(total > SF_MAX_VIOLATIONS, "family %d: %u violations, not past the cap", (int)in.family, total);
    else
      SF_CHECK_MSG(total >= 8, "family %d: %u violations", (int)in.family, total);
    sf_verdict v;
    sf_verdict_init(&v, "contracts");
    SF_CHECK_MSG(sf_check_violation_cap(&v, &in), "family %d: %s", (int)in.family, v.key);
  }
}

/* api_nulls: the whole check passes on this library; the entry points it found taking a NULL
 * pointer with a length as empty input now refuse it, and NULL with length 0 is still empty input. */
/* The once-per-process contract checks pass on the library as it is, and say what they judge when
 * they fail: `state_api` (the state's variable table), `sig_names` (d3dcommon.h's names),
 * `conversions` and `surface_api` (the texel conversions and addressing), `sampler_nulls`,
 * `state_defaults`, and `status_code` (a returned code that is not its status's code). */
static void test_fixed_contracts(void) {
  sf_verdict v;
  bool (*const fixed[])(sf_verdict *) = {sf_check_state_api,   sf_check_d3d_names,     sf_check_conversions,
                                         sf_check_surface_api, sf_check_sampler_nulls, sf_check_state_defaults};
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
    sf_verdict_init(&v, "test");
    SF_CHECK_MSG(fixed[i](&v), "%s: %s", v.check, v.dump);
  }
  sf_status st;
  sf_status_clear(&st);
  sf_fail_byte(&st, SF_ERR_INVALID, 4, "a first fault");
  sf_verdict_init(&v, "test");
  SF_CHECK(sf_check_refusal_code(&v, "decode", SF_ERR_INVALID, &st));
  SF_CHECK(!sf_check_refusal_code(&v, "decode", SF_ERR_TRUNCATED, &st));
  SF_CHECK_MSG(strcmp(v.check, "status_code") == 0, "check %s", v.check);
}

static void test_api_nulls(void) {
  sf_verdict v;
  sf_verdict_init(&v, "test");
  SF_CHECK_MSG(sf_check_api_nulls(&v), "%s: %s", v.check, v.dump);
  sf_status st;
  sf_d3d_inst d;
  sf_dxbc c;
  sf_tpf_program p;
  sf_buf b;
  sf_inst in;
  size_t used;
  sf_buf_init(&b, NULL);
  SF_CHECK_EQ_U((sf_status_clear(&st), sf_d3dasm_parse_inst(NULL, 5, 1, &d, &st)), SF_ERR_INVALID);
  SF_CHECK_EQ_U((sf_status_clear(&st), sf_d3dasm_parse_inst(NULL, 0, 1, &d, &st)), SF_ERR_SYNTAX);
  SF_CHECK_EQ_U((sf_status_clear(&st), sf_dxbc_read(NULL, 32, &c, &st)), SF_ERR_INVALID);
  sf_dxbc_free(&c);
  SF_CHECK_EQ_U((sf_status_clear(&st), sf_dxbc_read(NULL, 0, &c, &st)), SF_ERR_TRUNCATED);
  sf_dxbc_free(&c);
  SF_CHECK_EQ_U((sf_status_clear(&st), sf_dxbc_parse_text(NULL, 9, &b, &st)), SF_ERR_INVALID);
  SF_CHECK_EQ_U((sf_status_clear(&st), sf_tpf_program_decode(NULL, 8, &p, &st)), SF_ERR_INVALID);
  sf_tpf_program_free(&p);
  SF_CHECK_EQ_U((sf_status_clear(&st), sf_d3dasm_parse_program(NULL, 6, &p, &st)), SF_ERR_INVALID);
  sf_tpf_program_free(&p);
  SF_CHECK_EQ_U((sf_status_clear(&st), sf_visa_decode(NULL, 4, 0, &in, &used, &st)), SF_ERR_INVALID);
  SF_CHECK_EQ_U((sf_status_clear(&st), sf_visa_decode(NULL, 0, 0, &in, &used, &st)), SF_ERR_TRUNCATED);
  sf_buf_free(&b);
  /* once per process: the first call runs it, later calls pass at once */
  SF_CHECK(sf_check_api_nulls_once(&v));
  SF_CHECK(sf_check_api_nulls_once(&v));
}

int main(void) {
  SF_RUN(test_api_nulls);
  SF_RUN(test_fixed_contracts);
  SF_RUN(test_violation_cap);
  SF_RUN(test_visa_rules_table);
  SF_RUN(test_d3d_rules_table);
  SF_RUN(test_store_near_ties);
  SF_RUN(test_refusal_positions);
  SF_RUN(test_refusal_format);
  SF_RUN(test_refusal_message_bytes);
  SF_RUN(test_typed_imms);
  SF_RUN(test_print_fit);
  SF_RUN(test_exec_batch);
  SF_TEST_END();
}
