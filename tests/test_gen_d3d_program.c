/* tests/test_gen_d3d_program.c — the whole-program generator (harness/gen/gen_d3d_program.c,
 * samplefuzz/gen_d3d.h):
 *   1. 4,000 seeds x {flags 0, SF_GEN_D3D_TEXT_ONLY}: every program decodes, encodes back to the same
 *      bytes, prints, and its text parses back to the same bytes; at most SF_GEN_D3D_MAX_ITEMS items,
 *      ending in ret; the same bytes give the same program; `.tpf` lines only for dcl_interface /
 *      fcall and none at all with TEXT_ONLY; every row of the opcode table is drawn;
 *   2. an exhausted input gives the simplest program, a tight buffer gives SF_ERR_LIMIT and leaves the
 *      buffer as it was, bad arguments give SF_ERR_INVALID;
 *   3. a pinned digest of the first programs, so that a change to the generator (which changes what
 *      every stored seed means) is noticed;
 *   4. dxbc_fuzzer's generated mode ("SFGEN" inputs) passes on 400 drawn inputs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/gen_d3d.h"
#include "samplefuzz/oracle.h"
#include "sf_test.h"

#define N_SEEDS 4000u
#define MAX_BYTES 3000u

static void fill(uint64_t seed, uint8_t *buf, size_t *len) {
  uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
  *len = (size_t)(sf_t_rand(&s) % (MAX_BYTES + 1));
  if (seed % 16 == 0) *len %= 64; /* short inputs run out of bytes: the zero-byte paths */
  for (size_t i = 0; i < *len; i++) buf[i] = (uint8_t)sf_t_rand(&s);
}

/* The program of one seed (fill's bytes) into out, a fresh buffer the caller frees. */
static sf_code gen_seed(uint64_t seed, unsigned flags, sf_buf *out, sf_status *st) {
  static uint8_t in[MAX_BYTES];
  size_t n;
  fill(seed, in, &n);
  sf_status_clear(st);
  sf_fdp f;
  sf_fdp_init(&f, in, n);
  sf_buf_init(out, st);
  return sf_gen_d3d_program(&f, flags, out, st);
}

static void dump(const char *what, const uint8_t *bytes, size_t len, const sf_buf *text) {
  fprintf(stderr, "%s: %zu DWORDs:", what, len / 4);
  for (size_t i = 0; i + 4 <= len && i < 4 * 64; i += 4) fprintf(stderr, " %08x", sf_le32(bytes + i));
  fprintf(stderr, "\n");
  if (text) fprintf(stderr, "%.*s\n", (int)text->len, (const char *)text->data);
}

/* Figures of one run (one flags value). */
typedef struct stats {
  unsigned programs, decoded, identical, printed, text_identical, no_tpf, tpf_lines, tpf_other, items_max;
  unsigned seen[SF_TPF_NUM_OPCODES];
  unsigned version[6][4];
} stats;

/* Text features worth knowing the generator reaches (counted once per program that has them). */
static const char *const features[] = {
    "d(", "[r", "[x", "[v", " + ", "{min", "{nonuniform}", "{ext}", "_sat", "[precise(", "_indexable(",
    "_aoffimmi(", "stride=", "space=", "icb[", "dcl_indexableTemp", "null", "-|", " |", "vThreadID", "vPrim",
    "oDepth", "vicp", "vocp", "vpc", "vDomain", "vForkInstanceID", "rasterizer", "dynamicIndexed", "[0:*]", "_opc",
    "_glc", "_rov", "l(0x", "patch", "dcl_immediateConstantBuffer", ".tpf",
};
#define N_FEATURES (sizeof features / sizeof features[0])
static unsigned feature_count[2][N_FEATURES];

static void one(uint64_t seed, unsigned flags, stats *s, bool *reported) {
  sf_status st;
  sf_buf out;
  sf_code c = gen_seed(seed, flags, &out, &st);
  SF_CHECK_MSG(c == SF_OK, "seed %llu: %s", (unsigned long long)seed, st.msg);
  s->programs++;
  if (c) {
    sf_buf_free(&out);
    return;
  }
  if (seed % 8 == 0) { /* the same bytes, the same program */
    sf_buf again;
    SF_CHECK(gen_seed(seed, flags, &again, &st) == SF_OK);
    SF_CHECK_MSG(again.len == out.len && memcmp(again.data, out.data, out.len) == 0, "seed %llu: not deterministic",
                 (unsigned long long)seed);
    sf_buf_free(&again);
  }
  /* (a) decode, encode */
  sf_tpf_program p;
  c = sf_tpf_program_decode(out.data, out.len, &p, &st);
  SF_CHECK_MSG(c == SF_OK, "seed %llu flags %u: decode: %s (DWORD %llu)", (unsigned long long)seed, flags, st.msg,
               (unsigned long long)st.pos);
  if (c) {
    if (!*reported) dump("refused by the decoder", out.data, out.len, NULL), *reported = true;
    sf_buf_free(&out);
    return;
  }
  s->decoded++;
  uint32_t v = p.version;
  unsigned type = v >> 16, mm = ((v >> 4) & 0xf) == 5 ? 2 + (v & 0xf) : (v & 0xf);
  SF_CHECK_MSG(type < 6 && (v & 0xff00) == 0 && mm < 4 && (((v >> 4) & 0xf) == 4 || ((v >> 4) & 0xf) == 5) &&
                   (type < 3 || mm >= 2),
               "seed %llu: version token 0x%08x", (unsigned long long)seed, v);
  if (type < 6 && mm < 4) s->version[type][mm]++;
  SF_CHECK_MSG(p.count >= 1 && p.count <= SF_GEN_D3D_MAX_ITEMS, "seed %llu: %zu items", (unsigned long long)seed,
               p.count);
  if (p.count > s->items_max) s->items_max = (unsigned)p.count;
  for (size_t i = 0; i < p.count; i++) {
    const sf_tpf_item *it = &p.items[i];
    uint32_t op = it->kind == SF_TPF_ITEM_SAMPLE ? it->inst->op : it->tok[0] & 0x7ff;
    if (op < SF_TPF_NUM_OPCODES) s->seen[op]++;
    SF_CHECK_MSG(sf_tpf_opinfo_get(op) != NULL, "seed %llu: item %zu has opcode 0x%x", (unsigned long long)seed, i,
                 op);
  }
  const sf_tpf_item *last = p.count ? &p.items[p.count - 1] : NULL;
  SF_CHECK_MSG(last && last->kind == SF_TPF_ITEM_OPAQUE && last->tok[0] == 0x0100003eu,
               "seed %llu: does not end in ret", (unsigned long long)seed);
  sf_buf enc;
  sf_buf_init(&enc, &st);
  SF_CHECK(sf_tpf_program_encode(&p, &enc, &st) == SF_OK);
  bool same = enc.len == out.len && memcmp(enc.data, out.data, out.len) == 0;
  SF_CHECK_MSG(same, "seed %llu: decode -> encode differs", (unsigned long long)seed);
  s->identical += same;
  sf_buf_free(&enc);
  /* (b) text */
  sf_buf text;
  sf_buf_init(&text, &st);
  c = sf_d3dasm_print_program(&p, &text, &st);
  SF_CHECK_MSG(c == SF_OK, "seed %llu: print: %s", (unsigned long long)seed, st.msg);
  if (!c) {
    s->printed++;
    sf_tpf_program q;
    sf_status_clear(&st);
    c = sf_d3dasm_parse_program((const char *)text.data, text.len, &q, &st);
    SF_CHECK_MSG(c == SF_OK, "seed %llu: parse: %u:%u %s", (unsigned long long)seed, st.line, st.col, st.msg);
    if (!c) {
      sf_buf back;
      sf_buf_init(&back, &st);
      SF_CHECK(sf_tpf_program_encode(&q, &back, &st) == SF_OK);
      bool tsame = back.len == out.len && memcmp(back.data, out.data, out.len) == 0;
      SF_CHECK_MSG(tsame, "seed %llu: text reads back to other tokens", (unsigned long long)seed);
      s->text_identical += tsame;
      if (!tsame && !*reported) dump("text round trip", out.data, out.len, &text), *reported = true;
      sf_buf_free(&back);
      sf_tpf_program_free(&q);
    } else if (!*reported) {
      dump("text does not parse", out.data, out.len, &text), *reported = true;
    }
    /* (c) the `.tpf` escape: only the rows the text form has no name for */
    unsigned tpf = 0;
    for (const char *l = (const char *)text.data, *end = l + text.len; l < end;) {
      const char *nl = memchr(l, '\n', (size_t)(end - l));
      if (!nl) nl = end;
      if (nl - l > 5 && memcmp(l, ".tpf ", 5) == 0) {
        tpf++;
        uint32_t op = (uint32_t)strtoul(l + 5, NULL, 16) & 0x7ff;
        bool ok = op == 0x92 || op == 0x78;
        s->tpf_other += !ok;
        SF_CHECK_MSG(ok, "seed %llu: .tpf line for opcode 0x%x: %.*s", (unsigned long long)seed, op, (int)(nl - l), l);
      }
      l = nl + 1;
    }
    s->tpf_lines += tpf;
    s->no_tpf += tpf == 0;
    unsigned fi = flags ? 1 : 0;
    for (size_t k = 0; k < N_FEATURES; k++) {
      size_t fl = strlen(features[k]);
      for (size_t i = 0; i + fl <= text.len; i++)
        if (memcmp(text.data + i, features[k], fl) == 0) {
          feature_count[fi][k]++;
          break;
        }
    }
  }
  sf_buf_free(&text);
  sf_tpf_program_free(&p);
  sf_buf_free(&out);
}

static unsigned rows_total(void) {
  unsigned n = 0;
  for (uint32_t op = 0; op < SF_TPF_NUM_OPCODES; op++) n += sf_tpf_opinfo_get(op) != NULL;
  return n;
}

static unsigned rows_drawn(const unsigned *seen, bool list) {
  unsigned n = 0;
  for (uint32_t op = 0; op < SF_TPF_NUM_OPCODES; op++) {
    const sf_tpf_opinfo *oi = sf_tpf_opinfo_get(op);
    if (!oi) continue;
    if (seen[op]) n++;
    else if (list) printf("  never drawn: 0x%02x %s\n", op, oi->name);
  }
  return n;
}

static void report(const char *name, const stats *s) {
  printf("%s: %u programs (at most %u items), %u decode, %u encode identical, %u print, %u text round trips "
         "identical, %u without a .tpf line (%u .tpf lines), %u/%u rows drawn\n",
         name, s->programs, s->items_max, s->decoded, s->identical, s->printed, s->text_identical, s->no_tpf,
         s->tpf_lines, rows_drawn(s->seen, false), rows_total());
}

static void test_programs(void) {
  static stats s0, s1;
  clock_t t0 = clock();
  bool rep0 = false, rep1 = false;
  for (uint64_t seed = 0; seed < N_SEEDS; seed++) {
    one(seed, 0, &s0, &rep0);
    one(seed, SF_GEN_D3D_TEXT_ONLY, &s1, &rep1);
  }
  double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
  report("flags 0", &s0);
  report("TEXT_ONLY", &s1);
  unsigned seen[SF_TPF_NUM_OPCODES];
  for (uint32_t op = 0; op < SF_TPF_NUM_OPCODES; op++) seen[op] = s0.seen[op] + s1.seen[op];
  unsigned drawn = rows_drawn(seen, true), total = rows_total();
  printf("both: %u/%u rows drawn; %.2f s CPU\n", drawn, total, secs);
  static const char *const vn[] = {"4.0", "4.1", "5.0", "5.1"}, *const tn[] = {"ps", "vs", "gs", "hs", "ds", "cs"};
  printf("programs by type and model (flags 0):");
  for (unsigned t = 0; t < 6; t++)
    for (unsigned m = 0; m < 4; m++)
      if (s0.version[t][m]) printf(" %s_%s %u", tn[t], vn[m], s0.version[t][m]);
  printf("\ntext features (programs with it, flags 0 / TEXT_ONLY):");
  for (size_t k = 0; k < N_FEATURES; k++) printf("%s '%s' %u/%u", k % 6 ? "," : "\n ", features[k], feature_count[0][k],
                                                  feature_count[1][k]);
  printf("\n");
  /* every program round-trips both ways */
  SF_CHECK_EQ_U(s0.text_identical, N_SEEDS);
  SF_CHECK_EQ_U(s1.text_identical, N_SEEDS);
  SF_CHECK_EQ_U(s0.identical, N_SEEDS);
  SF_CHECK_EQ_U(s1.identical, N_SEEDS);
  /* .tpf only for interfaces, and none without them */
  SF_CHECK_EQ_U(s0.tpf_other, 0);
  SF_CHECK_EQ_U(s1.tpf_lines, 0);
  SF_CHECK(s0.tpf_lines > 0); /* the escape is exercised */
  /* every row of the table (231): each run alone reaches all but the interface rows */
  SF_CHECK_EQ_U(drawn, total);
  SF_CHECK(rows_drawn(s0.seen, false) == total);
  SF_CHECK(rows_drawn(s1.seen, false) >= total - 2);
}

static void test_edges(void) {
  sf_status st;
  sf_status_clear(&st);
  sf_fdp f;
  sf_buf out;
  /* exhausted input: the simplest program */
  sf_fdp_init(&f, NULL, 0);
  sf_buf_init(&out, &st);
  SF_CHECK(sf_gen_d3d_program(&f, 0, &out, &st) == SF_OK);
  static const uint8_t simplest[] = {0x40, 0, 0, 0, 3, 0, 0, 0, 0x3e, 0, 0, 1};
  SF_CHECK_MEM(out.data, out.len, simplest, sizeof simplest);
  /* appends after what is there, and the length token counts only the program */
  sf_fdp_init(&f, NULL, 0);
  SF_CHECK(sf_gen_d3d_program(&f, 0, &out, &st) == SF_OK);
  SF_CHECK(out.len == 2 * sizeof simplest && memcmp(out.data + sizeof simplest, simplest, sizeof simplest) == 0);
  sf_buf_free(&out);
  /* a tight buffer: SF_ERR_LIMIT, nothing left behind */
  uint8_t in[2048];
  uint64_t r = 7;
  for (size_t i = 0; i < sizeof in; i++) in[i] = (uint8_t)sf_t_rand(&r);
  for (size_t lim = 4; lim <= 64; lim += 12) {
    sf_status_clear(&st);
    sf_buf_init(&out, &st);
    out.limit = lim;
    sf_fdp_init(&f, in, sizeof in);
    sf_code c = sf_gen_d3d_program(&f, 0, &out, &st);
    SF_CHECK_MSG(c == SF_ERR_LIMIT && out.len == 0, "limit %zu: %s, %zu bytes", lim, sf_code_name(c), out.len);
    sf_buf_free(&out);
  }
  sf_buf_init(&out, &st);
  sf_fdp_init(&f, in, sizeof in);
  sf_status_clear(&st);
  SF_CHECK(sf_gen_d3d_program(&f, 1u << 7, &out, &st) == SF_ERR_INVALID && out.len == 0);
  sf_status_clear(&st);
  SF_CHECK(sf_gen_d3d_program(NULL, 0, &out, &st) == SF_ERR_INVALID);
  sf_status_clear(&st);
  SF_CHECK(sf_gen_d3d_program(&f, 0, NULL, &st) == SF_ERR_INVALID);
  sf_buf_free(&out);
}

/* FNV-1a of the first 64 programs (flags 0): stored seeds keep their meaning only while this holds.
 * A deliberate change to the generator updates the value (the failure message prints the new one). */
static void test_pinned(void) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (uint64_t seed = 0; seed < 64; seed++) {
    sf_status st;
    sf_buf out;
    SF_CHECK(gen_seed(seed, 0, &out, &st) == SF_OK);
    for (size_t i = 0; i < out.len; i++) h = (h ^ out.data[i]) * 0x100000001b3ull;
    sf_buf_free(&out);
  }
  const uint64_t want = 0x1d7c1811a098dd76ull;
  SF_CHECK_MSG(h == want, "digest 0x%016llx (pinned 0x%016llx)", (unsigned long long)h, (unsigned long long)want);
}

/* dxbc_fuzzer's generated mode: "SFGEN" and the draws; every such input passes, as a PASS (not a
 * refusal), and its verdict is the dxbc program check's. */
static void test_target_mode(void) {
  static uint8_t in[5 + MAX_BYTES];
  unsigned passed = 0;
  for (uint64_t seed = 0; seed < 400; seed++) {
    size_t n;
    memcpy(in, "SFGEN", 5);
    fill(seed + 9000, in + 5, &n);
    sf_verdict v;
    bool ok = sf_check_dxbc(in, n + 5, &v);
    SF_CHECK_MSG(ok && v.kind == SF_VERDICT_PASS, "seed %llu: %s %s: %.300s", (unsigned long long)seed, v.oracle,
                 v.check, v.dump);
    passed += ok && v.kind == SF_VERDICT_PASS;
  }
  SF_CHECK(passed == 400);
}

int main(void) {
  SF_RUN(test_programs);
  SF_RUN(test_target_mode);
  SF_RUN(test_edges);
  SF_RUN(test_pinned);
  SF_TEST_END();
}
