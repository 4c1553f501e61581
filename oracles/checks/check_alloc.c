/* oracles/checks/check_alloc.c — `alloc_fail`: a codec entry point whose allocation fails says so.
 *
 * No input makes malloc return NULL, so the code after every failed allocation (the SF_ERR_NOMEM
 * return, the frees on the way out, the output left freeable) never ran under the fuzzers, and a
 * mutant there could only be judged equivalent by reading it. In the fuzz builds every allocation
 * goes through a countdown (harness/model/alloc_fault.h; the targets are linked with
 * -Wl,--wrap=malloc,...). On one input in SF_ALLOC_FAIL_EVERY (by its hash), one entry point the
 * target just ran successfully on the input (or on the file read from it) runs twice more: once
 * counting its allocations, then with one of them, picked by the hash, failing. It must return
 * SF_ERR_NOMEM with a message, leave its output freeable and leak nothing (the fuzzers' leak check
 * runs after every input), and never crash. A refusal under another code would tell a user that a
 * valid input is wrong. Where the wrappers are not linked (the CLI's `samplefuzz run`), nothing runs.
 * SF_ALLOC_FAIL=all in the environment makes it an audit: every input, every entry point, each of
 * its first SF_ALLOC_FAIL_AUDIT_MAX allocations failed in turn (docs/fuzzing.md). */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <xxhash.h>

#include "harness/model/alloc_fault.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/case.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/sampler.h"
#include "samplefuzz/visa.h"

typedef sf_code (*af_call)(void *ctx, sf_status *st);

#define SF_ALLOC_FAIL_AUDIT_MAX 4096ul
/* The rect the sampler part asks for: 3x2 blocks of 8x4 pixels. */
#define SF_ALLOC_RECT_W 24
#define SF_ALLOC_RECT_H 8

/* Whether SF_ALLOC_FAIL=all asks for the audit (read once; 0 unread, 1 no, 2 yes). */
static bool audit(void) {
  static atomic_int mode;
  int m = atomic_load(&mode);
  if (!m) {
    const char *e = getenv("SF_ALLOC_FAIL");
    m = e && !strcmp(e, "all") ? 2 : 1;
    atomic_store(&mode, m);
  }
  return m == 2;
}

/* fn once counting its allocations (it must succeed: only a call that works is failed), then with
 * allocation h % count failing. may_recover: the entry point documents a way on without the memory
 * (the SAMPLE_UNORM rect falls back to its block loop), so SF_OK is right too; fn then returns SF_OK
 * only when its output is the clean run's. */
static bool alloc_fail_one(sf_verdict *v, const char *target, const char *call, af_call fn, void *ctx, uint64_t h,
                           bool may_recover) {
  sf_status st;
  sf_status_clear(&st);
  sf_alloc_fault_arm(-1);
  sf_code c0 = fn(ctx, &st);
  unsigned long total = sf_alloc_fault_disarm(NULL);
  if (c0 != SF_OK || total == 0) return true;
  /* one allocation, picked by h; in the audit, each of the first SF_ALLOC_FAIL_AUDIT_MAX in turn */
  unsigned long k = audit() ? 0 : (unsigned long)(h % total), end = audit() ? total : k + 1;
  for (; k < end && k < SF_ALLOC_FAIL_AUDIT_MAX; k++) {
    bool failed = false;
    sf_status_clear(&st);
    sf_alloc_fault_arm((long)k);
    sf_code c1 = fn(ctx, &st);
    sf_alloc_fault_disarm(&failed);
    if (!failed || (c1 == SF_ERR_NOMEM && st.code == SF_ERR_NOMEM && st.msg[0]) || (may_recover && c1 == SF_OK)) continue;
    sf_verdict_fail(v, "alloc_fail", NULL, call);
    sf_verdict_key(v, "alloc_fail %s %s %s", target, call, sf_code_name(c1));
    sf_verdict_dumpf(v, "%s: allocation %lu of the %lu it makes failed (returned NULL); it returned %s (\"%s\", status "
                        "%s), want out of memory with a message%s\n", call, k, total, sf_code_name(c1), st.msg,
                     sf_code_name(st.code), may_recover ? ", or its result without the memory" : "");
    return false;
  }
  return true;
}

/* The countdown itself, once per thread: the allocation it is armed for returns NULL and is
 * counted as failed, the others around it do not fail, and with nth < 0 nothing fails and every
 * allocation is counted. A countdown
 * that stopped failing (or counting) would make every check above pass without running; so would
 * an audit in a program the wrappers are not linked into. */
static void *volatile selftest_block; /* volatile: the compiler may not drop the malloc/free pair */
static void *volatile selftest_blocks[3];
static const char *countdown_broken(void) {
  static _Thread_local int done; /* 0 not run, 1 good, 2 broken */
  static _Thread_local const char *why;
  if (done) return done == 1 ? NULL : why;
  bool failed = false;
  sf_alloc_fault_arm(0);
  selftest_block = malloc(16);
  unsigned long n0 = sf_alloc_fault_disarm(&failed);
  if (selftest_block || !failed || n0 != 1) why = "the armed allocation did not fail, or was not counted";
  free(selftest_block);
  sf_alloc_fault_arm(-1);
  selftest_block = malloc(16);
  unsigned long n1 = sf_alloc_fault_disarm(&failed);
  if (!why && (!selftest_block || failed || n1 != 1)) why = "with nothing to fail, an allocation failed or was not counted";
  free(selftest_block);
  selftest_block = NULL;
  /* armed for the second of three: only that one fails (a countdown that failed every allocation
   * from its arming on would still see out of memory returned, and test only the first failure) */
  sf_alloc_fault_arm(1);
  for (unsigned i = 0; i < 3; i++) selftest_blocks[i] = malloc(16);
  unsigned long n2 = sf_alloc_fault_disarm(&failed);
  if (!why && (!selftest_blocks[0] || selftest_blocks[1] || !selftest_blocks[2] || !failed || n2 != 3))
    why = "armed for the second of three allocations, another failed too, or that one did not";
  for (unsigned i = 0; i < 3; i++) free(selftest_blocks[i]), selftest_blocks[i] = NULL;
  /* disarmed before its allocation came, the countdown fails nothing afterwards (a disarm that left it
   * armed would fail the harness's own next allocation, outside the entry point under test) */
  sf_alloc_fault_arm(1);
  selftest_blocks[0] = malloc(16);
  sf_alloc_fault_disarm(&failed);
  selftest_blocks[1] = malloc(16);
  if (!why && (!selftest_blocks[0] || !selftest_blocks[1] || failed))
    why = "disarmed before the allocation it was armed for, it still failed that allocation";
  for (unsigned i = 0; i < 2; i++) free(selftest_blocks[i]), selftest_blocks[i] = NULL;
  done = why ? 2 : 1;
  return why;
}

/* 1 when this input is one of those checked (all of them in the audit; *h picks the rest), 0 when
 * not, -1 after a finding about the countdown itself. */
static int picked(const uint8_t *p, size_t n, uint64_t *h, sf_verdict *v) {
  const char *broken = NULL;
  if (!sf_alloc_fault_linked())
    broken = audit() ? "SF_ALLOC_FAIL=all, but the allocation wrappers are not linked into this program" : NULL;
  else
    broken = countdown_broken();
  if (broken) {
    sf_verdict_fail(v, "alloc_fail", NULL, "countdown");
    sf_verdict_key(v, "alloc_fail countdown");
    sf_verdict_dumpf(v, "the allocation countdown (harness/model/alloc_fault.h): %s\n", broken);
    return -1;
  }
  if (!sf_alloc_fault_linked()) return 0;
  *h = XXH3_64bits_withSeed(p, n, 0xa110c);
  if (audit()) return 1;
  if (*h % SF_ALLOC_FAIL_EVERY) return 0;
  *h /= SF_ALLOC_FAIL_EVERY;
  return 1;
}

/* ---- vISA ------------------------------------------------------------------------------------- */

typedef struct {
  const uint8_t *p;
  size_t n;
  const sf_isa_file *f;
} isa_ctx;

static sf_code isa_read_call(void *ctx, sf_status *st) {
  const isa_ctx *c = ctx;
  sf_isa_file g;
  sf_code rc = sf_isa_read(c->p, c->n, &g, st);
  sf_isa_free(&g);
  return rc;
}

static sf_code isa_parse_call(void *ctx, sf_status *st) {
  const isa_ctx *c = ctx;
  sf_isa_file g;
  sf_code rc = sf_visaasm_parse((const char *)c->p, c->n, &g, st);
  sf_isa_free(&g);
  return rc;
}

static sf_code isa_write_call(void *ctx, sf_status *st) {
  const isa_ctx *c = ctx;
  sf_buf b;
  sf_buf_init(&b, st);
  b.limit = SF_ISA_CHECK_BUF_LIMIT;
  sf_code rc = sf_isa_write(c->f, &b, st);
  sf_buf_free(&b);
  return rc;
}

static sf_code isa_print_call(void *ctx, sf_status *st) {
  const isa_ctx *c = ctx;
  sf_buf b;
  sf_buf_init(&b, st);
  b.limit = SF_ISA_CHECK_BUF_LIMIT * 2;
  sf_code rc = sf_visaasm_print(c->f, &b, st);
  sf_buf_free(&b);
  return rc;
}

bool sf_check_isa_alloc_fail(const uint8_t *p, size_t n, bool text, const sf_isa_file *f, sf_verdict *v) {
  uint64_t h;
  int pk = picked(p, n, &h, v);
  if (pk <= 0) return pk == 0;
  isa_ctx c = {p, n, f};
  unsigned which = (unsigned)(h % 3);
  bool all = audit();
  h /= 3;
  return ((!all && which != 0) || alloc_fail_one(v, "isa_file", text ? "sf_visaasm_parse" : "sf_isa_read",
                                                 text ? isa_parse_call : isa_read_call, &c, h, false)) &&
         ((!all && which != 1) || alloc_fail_one(v, "isa_file", "sf_isa_write", isa_write_call, &c, h, false)) &&
         ((!all && which != 2) || alloc_fail_one(v, "isa_file", "sf_visaasm_print", isa_print_call, &c, h, false));
}

/* `alloc_text` (once per process): a short text with a line of each kind that allocates as it is
 * read (a kernel attribute, declarations and an alias, an input, FILE and LOC, a jump to a label
 * defined after it, an LSC and a 3D_SAMPLE line, an fcall and its callee's string) is parsed with
 * each of its allocations failed in turn, then printed the same way. Inputs that hold these lines
 * are a small part of a corpus, and one allocation in the hundreds of one input is failed only
 * once in SF_ALLOC_FAIL_EVERY inputs, so a lost SF_ERR_NOMEM return on one of these paths went
 * unseen. */
static bool sf_check_isa_alloc_text(sf_verdict *v) {
  if (!sf_alloc_fault_linked()) return true;
  static const char text[] = ".version 4.1\n.kernel \"k\"\n.kernel_attr Target=\"cm\"\n"
                             ".decl V41 v_type=G type=ud num_elts=16 align=GRF\n"
                             ".decl V42 v_type=G type=ud num_elts=8 alias=<V41, 0>\n"
                             ".decl A0 v_type=A num_elts=1\n.decl P1 v_type=P num_elts=16\n"
                             ".decl T6 v_type=T num_elts=1 v_name=img\n.input V41 offset=32 size=64\n"
                             "    FILE \"a.cl\"\n    LOC 3\n    jmp (M1, 1) L1\nL1:\n"
                             "    mov (M1, 16) V41(0,0)<1> V42(0,0)<1;1,0>\n"
                             "    lsc_load.ugm (M1, 16)  V41:d32  flat[V41]:a32\n"
                             "    sample_3d.R (M1, 16) 0x0:uw S0 T6 V41.0 V41.0\n"
                             "    fcall (M1, 1) g 0 0\n    ret (M1, 1)\n";
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file f;
  sf_code rc = sf_visaasm_parse(text, sizeof text - 1, &f, &st);
  if (rc == SF_ERR_NOMEM) return true;
  if (rc != SF_OK) {
    sf_verdict_fail(v, "alloc_fail", NULL, "text");
    sf_verdict_key(v, "alloc_fail text %s", sf_code_name(rc));
    sf_verdict_dumpf(v, "the fixed text was refused: %s at %u:%u (%s)\n", sf_code_name(rc), (unsigned)st.line,
                     (unsigned)st.col, st.msg);
    return false;
  }
  isa_ctx c = {(const uint8_t *)text, sizeof text - 1, &f};
  sf_alloc_fault_arm(-1);
  sf_status_clear(&st);
  isa_parse_call(&c, &st);
  unsigned long parse_n = sf_alloc_fault_disarm(NULL);
  sf_alloc_fault_arm(-1);
  sf_status_clear(&st);
  isa_print_call(&c, &st);
  unsigned long print_n = sf_alloc_fault_disarm(NULL);
  /* h below the count fails allocation h: each of them */
  bool ok = true;
  for (uint64_t h = 0; ok && h < parse_n; h++) ok = alloc_fail_one(v, "isa_file", "sf_visaasm_parse", isa_parse_call, &c, h, false);
  for (uint64_t h = 0; ok && h < print_n; h++) ok = alloc_fail_one(v, "isa_file", "sf_visaasm_print", isa_print_call, &c, h, false);
  sf_isa_free(&f);
  return ok;
}

SF_CHECK_ONCE_FN(sf_check_isa_alloc_text)

/* ---- D3D -------------------------------------------------------------------------------------- */

typedef struct {
  const uint8_t *p;
  size_t n;
} bytes_ctx;

static sf_code dxbc_read_call(void *ctx, sf_status *st) {
  const bytes_ctx *c = ctx;
  sf_dxbc d;
  sf_tpf_program prog;
  memset(&prog, 0, sizeof prog);
  sf_code rc = sf_dxbc_read(c->p, c->n, &d, st);
  /* and its program, when it has one */
  if (rc == SF_OK && (sf_dxbc_find(&d, SF_DXBC_SHEX) || sf_dxbc_find(&d, SF_DXBC_SHDR))) {
    rc = sf_dxbc_program(&d, &prog, st);
    sf_tpf_program_free(&prog);
  }
  sf_dxbc_free(&d);
  return rc;
}

static sf_code dxbc_print_call(void *ctx, sf_status *st) {
  const bytes_ctx *c = ctx;
  sf_buf b;
  sf_buf_init(&b, st);
  b.limit = SF_D3DASM_MAX_TEXT;
  sf_code rc = sf_dxbc_print_text(c->p, c->n, &b, st);
  sf_buf_free(&b);
  return rc;
}

static sf_code dxbc_parse_call(void *ctx, sf_status *st) {
  const bytes_ctx *c = ctx;
  sf_buf b;
  sf_buf_init(&b, st);
  sf_code rc = sf_dxbc_parse_text((const char *)c->p, c->n, &b, st);
  sf_buf_free(&b);
  return rc;
}

static sf_code tpf_decode_call(void *ctx, sf_status *st) {
  const bytes_ctx *c = ctx;
  sf_tpf_program prog;
  sf_code rc = sf_tpf_program_decode(c->p, c->n, &prog, st);
  if (rc == SF_OK) { /* and its text, both ways */
    sf_buf b;
    sf_buf_init(&b, st);
    b.limit = SF_D3DASM_MAX_TEXT;
    rc = sf_d3dasm_print_program(&prog, &b, st);
    sf_tpf_program back;
    if (rc == SF_OK) {
      rc = sf_d3dasm_parse_program((const char *)b.data, b.len, &back, st);
      sf_tpf_program_free(&back);
    }
    sf_buf_free(&b);
  }
  sf_tpf_program_free(&prog);
  return rc;
}

bool sf_check_d3d_alloc_fail(const char *target, const uint8_t *p, size_t n, sf_d3d_alloc_input kind, sf_verdict *v) {
  uint64_t h;
  int pk = picked(p, n, &h, v);
  if (pk <= 0) return pk == 0;
  bytes_ctx c = {p, n};
  bool all = audit();
  switch (kind) {
    case SF_D3D_ALLOC_CONTAINER:
      return ((!all && (h & 1)) || alloc_fail_one(v, target, "sf_dxbc_read", dxbc_read_call, &c, h >> 1, false)) &&
             ((!all && !(h & 1)) || alloc_fail_one(v, target, "sf_dxbc_print_text", dxbc_print_call, &c, h >> 1, false));
    case SF_D3D_ALLOC_CONTAINER_TEXT: return alloc_fail_one(v, target, "sf_dxbc_parse_text", dxbc_parse_call, &c, h, false);
    default: return alloc_fail_one(v, target, "sf_tpf_program_decode", tpf_decode_call, &c, h, false);
  }
}

/* `alloc_long` (dxbc and d3dasm, once per process): sf_d3dasm_print_tokens writes one
 * instruction's text in a 4 KiB stack buffer and allocates only for a longer one (a table). An
 * immediate constant buffer of 100 values is printed with each of its allocations failed in turn:
 * out of memory with a message every time. The fuzz inputs' pick (one allocation in all those an
 * entry point makes, on one input in eight) almost never lands on that buffer. */
typedef struct {
  const uint32_t *t;
  size_t n;
} tok_ctx;

static sf_code tok_print_call(void *ctx, sf_status *st) {
  const tok_ctx *c = ctx;
  sf_buf b;
  sf_buf_init(&b, st);
  sf_code rc = sf_d3dasm_print_tokens(c->t, c->n, 0x50u, &b, st);
  sf_buf_free(&b);
  return rc;
}

static bool sf_check_d3d_alloc_long(sf_verdict *v) {
  if (!sf_alloc_fault_linked()) return true;
  enum { NV = 100 };
  uint32_t t[2 + NV];
  t[0] = 0x35u | 3u << 11; /* customdata, class 3: dcl_immediateConstantBuffer */
  t[1] = 2 + NV;           /* its length in DWORDs, the two header tokens included */
  for (uint32_t i = 0; i < NV; i++) t[2 + i] = 0x3f800000u + i;
  tok_ctx c = {t, 2 + NV};
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = tok_print_call(&c, &st);
  if (rc != SF_OK && rc != SF_ERR_NOMEM) {
    sf_verdict_fail(v, "alloc_fail", NULL, "long_print");
    sf_verdict_key(v, "alloc_fail long_print %s", sf_code_name(rc));
    sf_verdict_dumpf(v, "an immediate constant buffer of %d values was not printed: %s (%s)\n", NV, sf_code_name(rc), st.msg);
    return false;
  }
  /* h from 0 to 63 fails allocation h % count: every one of them, as long as there are at most 64 */
  for (uint64_t h = 0; rc == SF_OK && h < 64; h++)
    if (!alloc_fail_one(v, "d3d", "sf_d3dasm_print_tokens", tok_print_call, &c, h, false)) return false;
  return true;
}

SF_CHECK_ONCE_FN(sf_check_d3d_alloc_long)

/* ---- The sampler ------------------------------------------------------------------------------ */

typedef struct {
  const sf_case *c;
  const sf_backend *be;
  sf_unorm_rect_req rq;
  uint16_t ref[4][SF_ALLOC_RECT_W * SF_ALLOC_RECT_H], got[4][SF_ALLOC_RECT_W * SF_ALLOC_RECT_H];
} rect_ctx;

static sf_code env_call(void *ctx, sf_status *st) {
  const rect_ctx *r = ctx;
  sf_case_env e;
  sf_code rc = sf_case_env_build(r->c, &e, st);
  sf_case_env_free(&e);
  return rc;
}

/* The rect on one backend; SF_OK only with the planes of the clean run (ref, taken unarmed). */
static sf_code rect_call(void *ctx, sf_status *st) {
  rect_ctx *r = ctx;
  memset(r->got, 0xA5, sizeof r->got);
  sf_unorm_rect_out o = {{r->got[0], r->got[1], r->got[2], r->got[3]}, SF_ALLOC_RECT_W};
  sf_code rc = sf_sample_unorm_rect(r->be, &r->rq, &o, st);
  if (rc == SF_OK && memcmp(r->got, r->ref, sizeof r->ref))
    return sf_fail(st, SF_ERR_INVALID, "the planes differ from the same rect's with its memory");
  return rc;
}

bool sf_check_sampler_alloc_fail(sf_verdict *v, const sf_case *c, const uint8_t *p, size_t n, const sf_backend *const *be,
                                 unsigned nbe) {
  uint64_t h;
  int pk = picked(p, n, &h, v);
  if (pk <= 0) return pk == 0;
  bool all = audit();
  rect_ctx *r = calloc(1, sizeof *r);
  if (!r) return true; /* out of memory: no verdict */
  r->c = c;
  bool ok = ((!all && (h & 1)) || alloc_fail_one(v, "sample_diff", "sf_case_env_build", env_call, r, h >> 1, false));
  /* a 24x20 RGBA8 or R8 surface (by the case) holding the case's pattern, the rect fast path's
   * domain (each format has its own kernel): 3x2 blocks of 8x4 pixels, steps from the case */
  sf_surface_desc d = {SF_SURF_2D, (c->pattern[8] & 1u) ? SF_FMT_R8_UNORM : SF_FMT_RGBA8_UNORM, 24, 20, 1, 1, 1};
  sf_surface *s = NULL;
  sf_status st;
  sf_status_clear(&st);
  if (ok && (all || (h & 1)) && sf_surface_create(&s, &d, &st) == SF_OK) {
    sf_case_fill(c, s);
    sf_sampler samp;
    sf_sampler_default(&samp);
    samp.min_filter = samp.mag_filter = (c->pattern[5] & 1u) ? SF_FILTER_LINEAR : SF_FILTER_POINT;
    float step = (float)(1u + c->pattern[6] % 8u) / 64.0f;
    r->rq = (sf_unorm_rect_req){.surf = s, .samp = &samp, .u = (float)(c->pattern[7] % 16u) / 32.0f, .v = 0.125f,
                                .bu = 8 * step, .bv = 4 * step, .du = step, .dv = step, .blocks_x = 3, .blocks_y = 2};
    for (unsigned b = 0; ok && b < nbe; b++) {
      if (!be[b]->sample_unorm_rect) continue;
      r->be = be[b];
      sf_unorm_rect_out o = {{r->ref[0], r->ref[1], r->ref[2], r->ref[3]}, SF_ALLOC_RECT_W};
      memset(r->ref, 0xA5, sizeof r->ref);
      sf_status_clear(&st);
      if (sf_sample_unorm_rect(be[b], &r->rq, &o, &st) != SF_OK) continue; /* check_rect judges refusals */
      char call[64];
      snprintf(call, sizeof call, "sf_sample_unorm_rect(%s)", be[b]->name);
      ok = alloc_fail_one(v, "sample_diff", call, rect_call, r, h >> 1, true);
    }
  }
  sf_surface_free(s);
  free(r);
  return ok;
}
