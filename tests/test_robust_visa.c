/* test_robust_visa.c — robustness of the vISA decoders and parsers on hostile input (DESIGN
 * principle 3: bad input gets an sf_status error with a position, never a crash, hang, out-of-bounds
 * read or undefined behaviour). Meant to run in the ASan+UBSan build.
 *
 * More than 100,000 inputs, from a fixed seed, go to sf_visa_decode, sf_isa_read, sf_visa_parse and
 * sf_visaasm_parse: random byte strings and texts, and mutations (bit flips, byte overwrites,
 * truncations, insertions, deletions, duplications, splices; for text also grammar tokens and
 * renumbered digit runs) of valid encodings, valid .isa
 * files, valid instruction lines and valid .visaasm files made by the generator and the encoders.
 * Every input sits in a buffer of exactly its length (no terminating NUL), so a read past the end
 * is an ASan error. Checked for every call:
 *   - the return code equals st.code; a failure has a non-empty message and a position (a byte
 *     offset inside the input for binary, line:col for text);
 *   - sf_visa_decode success: *used <= len, and re-encoding the result gives back exactly the bytes
 *     it consumed (decode -> encode is the identity on accepted input, docs/model.md).
 * Counts per function and per result code are printed at the end. */
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"
#include "tests/sf_test.h"

#define N_DECODE 60000
#define N_ISA 20000
#define N_LINE 40000
#define N_ASM 15000
#define MAX_INPUT 8192

typedef struct blob {
  uint8_t *p;
  size_t n;
} blob;

typedef struct seeds {
  blob *v;
  size_t n, cap;
} seeds;

static void seeds_add(seeds *s, const void *p, size_t n) {
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 64;
    blob *nv = realloc(s->v, cap * sizeof *nv);
    if (!nv) return;
    s->v = nv;
    s->cap = cap;
  }
  uint8_t *c = malloc(n ? n : 1);
  if (!c) return;
  if (n) memcpy(c, p, n);
  s->v[s->n].p = c;
  s->v[s->n].n = n;
  s->n++;
}

static void seeds_free(seeds *s) {
  for (size_t i = 0; i < s->n; i++) free(s->v[i].p);
  free(s->v);
}

static uint64_t rnd(uint64_t *s, uint64_t n) { return n ? sf_t_rand(s) % n : 0; }

/* ---- mutation --------------------------------------------------------------------------------- */

static const char TEXT_CHARS[] = "().,<>;:[]!-%_=\"0123456789abcdefxABCDEFGHIJKLMNOPQRSTUVWXYZghijklmnopqrstuvwyz \t\n";
static const char *const TEXT_TOKENS[] = {
    "sample_unorm", "sample_3d", "sample_b", "sample_l", "sample_c", "sample_d", "sample_b_c", "sample_l_c",
    "sample_d_c", "sample_lz", "sample_c_lz", "lod", "sample_po", "sample_po_d", "avs", ".RGBA", ".R", ".16-full",
    ".8-downsampled", ".pixel_null_mask", ".cps", ".divS", "(M1, 16)", "(M8_NM, 32)", "(NoMask,8)", "(P1)", "(!P2.any)",
    "(-abs)", "(~)", "%null.0", "V32", "V33.4096", "S31", "T6", "TSS", "%bss", "r[A0(0),4]<0;1,0>:f", "<32;16,4>",
    "(0,0)", "0x3f800000:f", "-1.5:f", "1e40:f", "0x1234:hf", "0:df", "0xffffffffffffffffff:uq", "99999999999:ud",
    "AVS_16_FULL", "AVS_8x4", "AVS_4x4", "AVS_16x8", "AVS_INVALID", ".version 4.1\n", ".kernel \"k\"\n",
    ".decl V32 v_type=G type=f num_elts=65535 align=GRF\n", ".decl S0 v_type=S num_elts=1\n",
    ".decl P1 v_type=P num_elts=16\n", ".kernel_attr OutputAsmPath=\"x\"\n", ".input S0 offset=0 size=4\n", "ret (1)\n",
    "\"", "//", "\n", "\0"};

static void mutate(uint64_t *rs, uint8_t *buf, size_t *n, size_t cap, const seeds *pool, bool text) {
  /* Mostly one mutation, so that many inputs stay close to valid and reach deep checks. */
  unsigned rounds = rnd(rs, 3) ? 1 : 2 + (unsigned)rnd(rs, 3);
  for (unsigned r = 0; r < rounds; r++) {
    size_t len = *n;
    switch (rnd(rs, text ? 11 : 7)) {
      case 0: /* bit flips */
        for (unsigned k = 1 + (unsigned)rnd(rs, 8); k && len; k--) buf[rnd(rs, len)] ^= (uint8_t)(1u << rnd(rs, 8));
        break;
      case 1: { /* overwrite with an interesting byte */
        static const uint8_t I[] = {0x00, 0xFF, 0x7F, 0x80, 0x01, 0x0F, 0x10, 0x20, 0x41, 0x43, 0x6d, 0x34, 0x05, 0x07};
        if (len) buf[rnd(rs, len)] = I[rnd(rs, sizeof I)];
        break;
      }
      case 2: /* truncation */
        *n = rnd(rs, len + 1);
        break;
      case 3: { /* insertion of random bytes */
        size_t k = 1 + rnd(rs, 16), at = rnd(rs, len + 1);
        if (len + k > cap) break;
        memmove(buf + at + k, buf + at, len - at);
        for (size_t i = 0; i < k; i++) buf[at + i] = (uint8_t)sf_t_rand(rs);
        *n = len + k;
        break;
      }
      case 4: { /* deletion of a range */
        if (!len) break;
        size_t at = rnd(rs, len), k = 1 + rnd(rs, len - at);
        memmove(buf + at, buf + at + k, len - at - k);
        *n = len - k;
        break;
      }
      case 5: { /* duplication of a chunk */
        if (!len) break;
        size_t at = rnd(rs, len), k = 1 + rnd(rs, len - at < 64 ? len - at : 64);
        if (len + k > cap) break;
        memmove(buf + at + k, buf + at, len - at);  /* the chunk now also sits at at + k */
        *n = len + k;
        break;
      }
      case 6: { /* splice: our prefix, another seed's suffix */
        if (!pool->n) break;
        const blob *o = &pool->v[rnd(rs, pool->n)];
        size_t at = rnd(rs, len + 1), from = rnd(rs, o->n + 1), k = o->n - from;
        if (at + k > cap) k = cap - at;
        memcpy(buf + at, o->p + from, k);
        *n = at + k;
        break;
      }
      case 7: { /* text: insert a grammar token */
        const char *t = TEXT_TOKENS[rnd(rs, sizeof TEXT_TOKENS / sizeof TEXT_TOKENS[0])];
        size_t k = t[0] ? strlen(t) : 1, at = rnd(rs, len + 1);
        if (len + k > cap) break;
        memmove(buf + at + k, buf + at, len - at);
        memcpy(buf + at, t, k);
        *n = len + k;
        break;
      }
      case 8:
      case 9: { /* text: renumber — a run of digits becomes another number (keeps the syntax) */
        if (!len) break;
        size_t at = rnd(rs, len);
        while (at < len && !(buf[at] >= '0' && buf[at] <= '9')) at++;
        if (at == len) break;
        size_t end = at;
        while (end < len && buf[end] >= '0' && buf[end] <= '9') end++;
        char num[24];
        static const char *const BIG[] = {"0", "1", "15", "16", "31", "32", "255", "256", "4095", "65535", "65536",
                                          "4294967295", "4294967296", "18446744073709551616"};
        int k = rnd(rs, 2) ? snprintf(num, sizeof num, "%s", BIG[rnd(rs, sizeof BIG / sizeof BIG[0])])
                           : snprintf(num, sizeof num, "%llu", (unsigned long long)rnd(rs, 100000));
        size_t nk = (size_t)k, old = end - at;
        if (len - old + nk > cap) break;
        memmove(buf + at + nk, buf + end, len - end);
        memcpy(buf + at, num, nk);
        *n = len - old + nk;
        break;
      }
      default: /* text: replace characters by grammar characters */
        for (unsigned k = 1 + (unsigned)rnd(rs, 6); k && len; k--) buf[rnd(rs, len)] = (uint8_t)TEXT_CHARS[rnd(rs, sizeof TEXT_CHARS - 1)];
        break;
    }
  }
}

/* ---- checking one result ---------------------------------------------------------------------- */

typedef struct tally {
  unsigned calls, ok, by_code[SF_UNSUPPORTED + 1], bad;
} tally;

static void check_status(tally *t, const char *fn, sf_code c, const sf_status *st, bool text, size_t len,
                         const uint8_t *in) {
  t->calls++;
  if ((unsigned)c <= SF_UNSUPPORTED) t->by_code[c]++;
  bool good = c == st->code;
  if (c == SF_OK) {
    t->ok++;
  } else {
    good = good && st->msg[0] != 0;
    if (text) good = good && st->pos_kind == SF_POS_TEXT && st->line >= 1 && st->col >= 1;
    else good = good && (st->pos_kind == SF_POS_BYTE || st->pos_kind == SF_POS_DWORD) && st->pos <= len;
  }
  if (!good && t->bad++ < 10) {
    char m[SF_STATUS_MSG_MAX + 64];
    fprintf(stderr, "%s: returned %s, status %s kind %d pos %llu %u:%u \"%s\" (input %zu bytes:", fn, sf_code_name(c),
            sf_code_name(st->code), (int)st->pos_kind, (unsigned long long)st->pos, st->line, st->col,
            sf_status_format(st, m, sizeof m), len);
    for (size_t i = 0; i < len && i < 48; i++) fprintf(stderr, text ? "%c" : " %02x", in[i]);
    fprintf(stderr, ")\n");
  }
}

static void report(const char *fn, const tally *t) {
  printf("%-16s %6u inputs: %6u accepted", fn, t->calls, t->ok);
  for (unsigned c = 1; c <= SF_UNSUPPORTED; c++)
    if (t->by_code[c]) printf(", %u %s", t->by_code[c], sf_code_name((sf_code)c));
  printf("\n");
}

/* ---- seed corpora ----------------------------------------------------------------------------- */

typedef struct corpora {
  seeds bin, isa, line, asmf;
  sf_visa_kernel k;   /* a kernel with the generator's declarations, for named parsing/printing */
  bool have_k;
} corpora;

/* docs/visa-binary.md: the minimal 138-byte file GenX_IR accepts (one kernel, one
 * SAMPLE_UNORM, no inputs, no RET), byte for byte from the table there. */
static const uint8_t MIN_ISA[138] = {
    0x43, 0x49, 0x53, 0x41, 0x04, 0x01, 0x01, 0x00, 0x01, 0x00, 0x6b, 0x20, 0x00, 0x00, 0x00, 0x6a, 0x00, 0x00,
    0x00, 0x5a, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x00, 0x00, 0x00,
    0x6b, 0x00, 0x64, 0x00, 0x73, 0x00, 0x74, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x00,
    0x00, 0x00, 0x52, 0x80, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x01, 0x02, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x01, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x22, 0x00, 0x00, 0x00, 0x48, 0x00, 0x00, 0x00, 0x00, 0x00, 0x41, 0x0f, 0x00, 0x06,
    0x05, 0x07, 0x00, 0x00, 0x00, 0x00, 0x05, 0x07, 0x00, 0x00, 0x00, 0x00, 0x05, 0x07, 0x00, 0x00, 0x80, 0x3e,
    0x05, 0x07, 0x00, 0x00, 0x00, 0x3f, 0x20, 0x00, 0x00, 0x00, 0x00, 0x00};

static void build_corpora(corpora *c) {
  memset(c, 0, sizeof *c);
  sf_status st;
  sf_status_clear(&st);
  seeds_add(&c->isa, MIN_ISA, sizeof MIN_ISA);
  c->have_k = sf_visa_kernel_init(&c->k, "robust", &st) == SF_OK && sf_gen_kernel_decls(&c->k, &st) == SF_OK;
  uint64_t rs = 0x0b057u;
  uint8_t bytes[256];
  for (unsigned i = 0; i < 600; i++) {
    for (size_t j = 0; j < sizeof bytes; j += 8) {
      uint64_t v = sf_t_rand(&rs);
      memcpy(bytes + j, &v, 8);
    }
    sf_fdp f;
    sf_fdp_init(&f, bytes, sizeof bytes);
    sf_inst in;
    sf_gen_inst(&f, (sf_family)(SF_FAMILY_SAMPLE_UNORM + i % 3), (i & 4) ? SF_GEN_VALID : 0, &in);
    sf_buf b;
    sf_buf_init(&b, &st);
    if (sf_visa_encode(&in, &b, &st) == SF_OK) seeds_add(&c->bin, b.data, b.len);
    sf_buf_free(&b);
    char line[1024];
    sf_status_clear(&st);
    if ((i & 4) && sf_visa_print(&in, (i & 8) && c->have_k ? &c->k : NULL, line, sizeof line, &st) == SF_OK)
      seeds_add(&c->line, line, strlen(line));
    sf_status_clear(&st);
  }
  /* Whole files: 1-4 kernels of valid instructions. */
  for (unsigned i = 0; i < 40; i++) {
    sf_isa_file f;
    memset(&f, 0, sizeof f);
    f.major = 4;
    f.minor = 1;
    unsigned nk = 1 + i % 4;
    f.kernels = calloc(nk, sizeof *f.kernels);
    bool ok = f.kernels != NULL;
    for (unsigned k = 0; ok && k < nk; k++) {
      char name[16];
      snprintf(name, sizeof name, "k%u_%u", i, k);
      f.num_kernels = (uint16_t)(k + 1);
      ok = sf_visa_kernel_init(&f.kernels[k], name, &st) == SF_OK && sf_gen_kernel_decls(&f.kernels[k], &st) == SF_OK;
      for (unsigned j = 0; ok && j < 1 + (i + k) % 3; j++) {
        for (size_t q = 0; q < sizeof bytes; q += 8) {
          uint64_t v = sf_t_rand(&rs);
          memcpy(bytes + q, &v, 8);
        }
        sf_fdp fd;
        sf_fdp_init(&fd, bytes, sizeof bytes);
        sf_inst in;
        sf_gen_inst(&fd, (sf_family)(SF_FAMILY_SAMPLE_UNORM + (i + j) % 3), SF_GEN_VALID, &in);
        ok = sf_visa_kernel_add_inst(&f.kernels[k], &in, &st) == SF_OK;
      }
    }
    sf_buf b;
    sf_buf_init(&b, &st);
    if (ok && sf_isa_write(&f, &b, &st) == SF_OK) seeds_add(&c->isa, b.data, b.len);
    sf_buf_free(&b);
    sf_buf_init(&b, &st);
    if (ok && sf_visaasm_print(&f, &b, &st) == SF_OK) seeds_add(&c->asmf, b.data, b.len);
    sf_buf_free(&b);
    sf_isa_free(&f);
    sf_status_clear(&st);
  }
}

static void free_corpora(corpora *c) {
  seeds_free(&c->bin);
  seeds_free(&c->isa);
  seeds_free(&c->line);
  seeds_free(&c->asmf);
  if (c->have_k) sf_visa_kernel_free(&c->k);
}

/* Makes one input: a mutated seed (3 in 4) or random bytes/text; returns it in an exact-size
 * heap buffer (no NUL terminator). */
static uint8_t *make_input(uint64_t *rs, const seeds *pool, bool text, size_t max_random, size_t *n) {
  static const uint8_t OPS[] = {0x41, 0x43, 0x6d};
  uint8_t *work = malloc(MAX_INPUT);
  if (!work) return NULL;
  size_t len = 0;
  if (pool->n && rnd(rs, 4) != 0) {
    const blob *s = &pool->v[rnd(rs, pool->n)];
    len = s->n < MAX_INPUT ? s->n : MAX_INPUT;
    memcpy(work, s->p, len);
    mutate(rs, work, &len, MAX_INPUT, pool, text);
  } else {
    len = rnd(rs, max_random + 1);
    for (size_t i = 0; i < len; i++)
      work[i] = text ? (uint8_t)TEXT_CHARS[rnd(rs, sizeof TEXT_CHARS - 1)] : (uint8_t)sf_t_rand(rs);
    if (!text && len && rnd(rs, 4)) work[0] = OPS[rnd(rs, 3)];  /* reach past the opcode check */
    if (text && rnd(rs, 2)) mutate(rs, work, &len, MAX_INPUT, pool, true);
  }
  uint8_t *exact = malloc(len ? len : 1);
  if (exact && len) memcpy(exact, work, len);
  free(work);
  *n = len;
  return exact;
}

/* ---- the four functions ----------------------------------------------------------------------- */

static corpora *g_corpora;  /* set once by main() for the argument-less SF_RUN tests */

static void test_visa_decode(void) {
  const corpora *c = g_corpora;
  tally t;
  memset(&t, 0, sizeof t);
  uint64_t rs = 0xdec0de01;
  unsigned roundtrip_bad = 0;
  for (unsigned i = 0; i < N_DECODE; i++) {
    size_t n = 0;
    uint8_t *in = make_input(&rs, &c->bin, false, 96, &n);
    if (!in) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_inst out;
    size_t used = 0;
    uint64_t base = rnd(&rs, 2) ? 0 : 0x1000;
    sf_code code = sf_visa_decode(in, n, base, &out, &used, &st);
    if (code == SF_OK) {
      SF_CHECK(used <= n);
      sf_buf b;
      sf_status es;
      sf_status_clear(&es);
      sf_buf_init(&b, &es);
      bool same = sf_visa_encode(&out, &b, &es) == SF_OK && b.len == used && memcmp(b.data, in, used) == 0;
      if (!same && roundtrip_bad++ < 5) {
        fprintf(stderr, "sf_visa_decode accepted %zu bytes that do not re-encode to themselves:", used);
        for (size_t k = 0; k < used && k < 64; k++) fprintf(stderr, " %02x", in[k]);
        fprintf(stderr, "\n");
      }
      sf_buf_free(&b);
      check_status(&t, "sf_visa_decode", code, &st, false, n, in);
    } else {
      /* positions are absolute: base + offset */
      sf_status rel = st;
      if (rel.pos_kind == SF_POS_BYTE && rel.pos >= base) rel.pos -= base;
      else if (rel.pos_kind == SF_POS_BYTE) rel.pos = UINT64_MAX;
      check_status(&t, "sf_visa_decode", code, &rel, false, n, in);
    }
    free(in);
  }
  report("sf_visa_decode", &t);
  SF_CHECK_EQ_U(t.bad, 0);
  SF_CHECK_EQ_U(roundtrip_bad, 0);
  SF_CHECK(t.ok > 0);                     /* the seeds keep a share of the inputs decodable */
  SF_CHECK(t.ok < t.calls);
}

static void test_isa_read(void) {
  const corpora *c = g_corpora;
  tally t;
  memset(&t, 0, sizeof t);
  uint64_t rs = 0x15a00001;
  for (unsigned i = 0; i < N_ISA; i++) {
    size_t n = 0;
    uint8_t *in = make_input(&rs, &c->isa, false, 256, &n);
    if (!in) continue;
    if (n >= 4 && rnd(&rs, 2)) memcpy(in, "CISA", 4);  /* random bodies behind a good magic */
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    sf_code code = sf_isa_read(in, n, &f, &st);
    check_status(&t, "sf_isa_read", code, &st, false, n, in);
    if (code == SF_OK) sf_isa_free(&f);
    free(in);
  }
  report("sf_isa_read", &t);
  SF_CHECK_EQ_U(t.bad, 0);
  SF_CHECK(t.ok > 0);
  SF_CHECK(t.ok < t.calls);
}

static void test_visa_parse(void) {
  const corpora *c = g_corpora;
  tally t;
  memset(&t, 0, sizeof t);
  uint64_t rs = 0x9a95e001;
  for (unsigned i = 0; i < N_LINE; i++) {
    size_t n = 0;
    uint8_t *in = make_input(&rs, &c->line, true, 120, &n);
    if (!in) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_inst out;
    const sf_visa_kernel *k = (c->have_k && (i & 1)) ? &c->k : NULL;
    sf_code code = sf_visa_parse((const char *)in, n, k, &out, &st);
    check_status(&t, "sf_visa_parse", code, &st, true, n, in);
    if (code == SF_OK) {
      /* whatever parses must print */
      char line[1024];
      sf_status ps;
      sf_status_clear(&ps);
      SF_CHECK(sf_visa_print(&out, k, line, sizeof line, &ps) == SF_OK || ps.msg[0] != 0);
    }
    free(in);
  }
  report("sf_visa_parse", &t);
  SF_CHECK_EQ_U(t.bad, 0);
  SF_CHECK(t.ok > 0);
  SF_CHECK(t.ok < t.calls);
}

static void test_visaasm_parse(void) {
  const corpora *c = g_corpora;
  tally t;
  memset(&t, 0, sizeof t);
  uint64_t rs = 0xa5a5e001;
  for (unsigned i = 0; i < N_ASM; i++) {
    size_t n = 0;
    uint8_t *in = make_input(&rs, &c->asmf, true, 400, &n);
    if (!in) continue;
    sf_status st;
    sf_status_clear(&st);
    sf_isa_file f;
    sf_code code = sf_visaasm_parse((const char *)in, n, &f, &st);
    check_status(&t, "sf_visaasm_parse", code, &st, true, n, in);
    if (code == SF_OK) sf_isa_free(&f);
    free(in);
  }
  report("sf_visaasm_parse", &t);
  SF_CHECK_EQ_U(t.bad, 0);
  SF_CHECK(t.ok > 0);
  SF_CHECK(t.ok < t.calls);
}

/* The mutation seeds come from the encoders and printers: each corpus must be populated, or the
 * mutated inputs would never get past the first checks. */
static void test_seeds(void) {
  /* Known answer: the §2.5 file reads as one kernel with one SAMPLE_UNORM (RGBA, 16-full, S0, T6,
   * dU = 0.25 = 0x3e800000, dV = 0.5 = 0x3f000000, dst V32.0). */
  sf_isa_file f;
  sf_status st;
  sf_status_clear(&st);
  SF_CHECK(sf_isa_read(MIN_ISA, sizeof MIN_ISA, &f, &st) == SF_OK);
  if (st.code == SF_OK) {
    SF_CHECK_EQ_U(f.num_kernels, 1);
    if (f.num_kernels == 1 && f.kernels[0].num_insts == 1) {
      const sf_sample_unorm *u = &f.kernels[0].insts[0].unorm;
      SF_CHECK_EQ_U(f.kernels[0].insts[0].family, SF_FAMILY_SAMPLE_UNORM);
      SF_CHECK(u->chan_mask == 0xF && u->out_fmt == 0 && u->sampler == 0 && u->surface == 6);
      SF_CHECK_EQ_U(u->du.imm, 0x3e800000);
      SF_CHECK_EQ_U(u->dv.imm, 0x3f000000);
      SF_CHECK(u->dst.id == 32 && u->dst.off == 0);
    } else {
      SF_CHECK(!"expected one instruction");
    }
    sf_isa_free(&f);
  }
  SF_CHECK(g_corpora->have_k);
  SF_CHECK(g_corpora->bin.n >= 500);
  SF_CHECK(g_corpora->line.n >= 200);
  SF_CHECK(g_corpora->isa.n >= 30);
  SF_CHECK(g_corpora->asmf.n >= 30);
}

int main(void) {
  corpora c;
  build_corpora(&c);
  printf("seeds: %zu encodings, %zu .isa files, %zu lines, %zu .visaasm files\n", c.bin.n, c.isa.n, c.line.n, c.asmf.n);
  g_corpora = &c;
  SF_RUN(test_seeds);
  SF_RUN(test_visa_decode);
  SF_RUN(test_isa_read);
  SF_RUN(test_visa_parse);
  SF_RUN(test_visaasm_parse);
  unsigned total = N_DECODE + N_ISA + N_LINE + N_ASM;
  printf("%u inputs in all\n", total);
  free_corpora(&c);
  SF_TEST_END();
}
