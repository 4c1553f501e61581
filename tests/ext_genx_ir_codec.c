/* ext_genx_ir_codec.c — IGC's GenX_IR (libigc-tools 1.0.12504) as an external oracle for the
 * vISA codec, the automated form of docs/visa-binary.md (label "external"); the accept/reject
 * check (C) is tests/ext_genx_ir_accept.c, the tool plumbing tests/ext_genx_ir_util.h.
 *
 * For each vISA family, instructions from the generator (SF_GEN_VALID, fixed seed) go one per kernel
 * into batches of kernels, each kernel carrying an OutputAsmPath attribute; each batch is one
 * GenX_IR process, run in a temporary directory with a time limit:
 *   (A) bytes from text: our .visaasm (sf_visaasm_print) -> GenX_IR -> its .isa; its instruction
 *       bytes must equal sf_visa_encode's. 3D_SAMPLE: GenX_IR 12504 drops the last two operands
 *       (§7.1), so the prefix is compared and the rest must be zero.
 *   (B) text from bytes: our .isa (sf_isa_write) -> GenX_IR -dumpcommonisa -> its text must equal
 *       sf_visa_print's after the normalizations of docs/oracle-genx-ir.md (one table; applied
 *       here by normalize_ours() and nowhere else).
 * Forms GenX_IR's text parser cannot express are excluded from (A) by rule (a_exclusion()).
 * A batch whose process crashes or times out is rerun one kernel per process, and each culprit is
 * reported with its instruction; test_crash_path checks that machinery on a known crasher.
 * Environment: see tests/ext_genx_ir_util.h (SF_GENX_N sets the instructions in (A) per family). */
#define _POSIX_C_SOURCE 200809L

#include "samplefuzz/bytes.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"
#include "tests/ext_genx_ir_util.h"

/* ---- instructions ----------------------------------------------------------------------------- */

/* The (A) exclusions: forms IGC 12504's .visaasm parser cannot express (docs/visa-text.md).
 * Returns the rule name, or NULL when the instruction takes part in (A). */
static const char *a_exclusion(const sf_inst *in) {
  if (in->family == SF_FAMILY_SAMPLE_3D) {
    if (in->s3d.op == SF_S3D_LOD) return "3d-lod-not-lexed";
    if (in->s3d.op >= SF_S3D_SAMPLE_PO && in->s3d.op <= SF_S3D_SAMPLE_PO_L_C) return "3d-sample_po-unknown-to-12504";
  }
  if (in->family == SF_FAMILY_AVS) {
    if ((in->avs.exec_mode & 0xF) == SF_AVS_8x4) return "avs-8x4-not-lexed";
    if ((in->avs.exec_mode & 0xF) == SF_AVS_4x4) return "avs-4x4-not-lexed";
  }
  return NULL;
}

static void hex(const uint8_t *p, size_t n, char *out, size_t cap) {
  size_t k = 0;
  out[0] = 0;
  for (size_t i = 0; i < n && k + 4 < cap; i++) k += (size_t)snprintf(out + k, cap - k, "%02x%s", p[i], (i % 4) == 3 ? " " : "");
}

/* ---- reading GenX_IR's .isa (docs/visa-binary.md) -------------------------------
 * Our own container reader (sf_isa_read) decodes instructions, which 12504's truncated 3D_SAMPLE
 * bytes would fail; this walker only finds each kernel's name and instruction bytes. */

typedef struct igc_kernel {
  char name[64];
  const uint8_t *code;
  uint32_t size;
} igc_kernel;

static bool skip_attrs(sf_reader *r, unsigned n) {
  for (unsigned a = 0; a < n; a++) {
    sf_rd_u32(r, "attr name");
    uint8_t sz = sf_rd_u8(r, "attr size");
    sf_rd_bytes(r, NULL, sz, "attr value");
  }
  return !r->failed;
}

static bool walk_kernel(const uint8_t *obj, size_t len, igc_kernel *k, sf_status *st) {
  sf_reader r;
  sf_reader_init(&r, obj, len, 0, st);
  uint32_t nstr = sf_rd_u32(&r, "string_count");
  for (uint32_t i = 0; i < nstr && !r.failed; i++) {
    while (!r.failed && sf_rd_u8(&r, "string") != 0) {
    }
  }
  sf_rd_u32(&r, "name_index");
  uint32_t nvar = sf_rd_u32(&r, "variable_count");
  for (uint32_t i = 0; i < nvar && !r.failed; i++) {
    sf_rd_bytes(&r, NULL, 4 + 1 + 2 + 4 + 2 + 1, "var_info");
    skip_attrs(&r, sf_rd_u8(&r, "var attr_count"));
  }
  for (int t = 0; t < 2; t++) {  /* addresses, predicates */
    uint16_t n = sf_rd_u16(&r, "count");
    for (uint16_t i = 0; i < n && !r.failed; i++) {
      sf_rd_bytes(&r, NULL, 6, "decl");
      skip_attrs(&r, sf_rd_u8(&r, "attr_count"));
    }
  }
  uint16_t nlab = sf_rd_u16(&r, "label_count");
  for (uint16_t i = 0; i < nlab && !r.failed; i++) {
    sf_rd_bytes(&r, NULL, 5, "label");
    skip_attrs(&r, sf_rd_u8(&r, "label attr_count"));
  }
  for (int t = 0; t < 2; t++) {  /* samplers, surfaces */
    uint8_t n = sf_rd_u8(&r, "count");
    for (uint8_t i = 0; i < n && !r.failed; i++) {
      sf_rd_bytes(&r, NULL, 6, "decl");
      skip_attrs(&r, sf_rd_u8(&r, "attr_count"));
    }
  }
  sf_rd_u8(&r, "vme_count");
  uint32_t nin = sf_rd_u32(&r, "num_inputs");
  if (nin > len) return sf_fail(st, SF_ERR_RANGE, "num_inputs %u", nin), false;
  sf_rd_bytes(&r, NULL, (size_t)nin * 9, "inputs");
  uint32_t size = sf_rd_u32(&r, "size");
  uint32_t entry = sf_rd_u32(&r, "entry");
  if (r.failed) return false;
  if (entry > len || size > len - entry)
    return sf_fail(st, SF_ERR_RANGE, "instructions [%u, +%u) outside the kernel object (%zu bytes)", entry, size, len), false;
  k->code = obj + entry;
  k->size = size;
  return true;
}

/* Fills ks[] (up to max) from a whole .isa file; returns the number of kernels or -1. */
static int walk_isa(const uint8_t *d, size_t len, igc_kernel *ks, unsigned max, sf_status *st) {
  sf_reader r;
  sf_reader_init(&r, d, len, 0, st);
  if (sf_rd_u32(&r, "magic") != 0x41534943u) return sf_fail(st, SF_ERR_INVALID, "not a CISA file"), -1;
  sf_rd_u16(&r, "version");
  uint16_t nk = sf_rd_u16(&r, "num_kernels");
  if (nk > max) return sf_fail(st, SF_ERR_LIMIT, "%u kernels", nk), -1;
  for (unsigned i = 0; i < nk && !r.failed; i++) {
    uint16_t nl = sf_rd_u16(&r, "name_len");
    char name[64] = {0};
    size_t keep = nl < sizeof name - 1 ? nl : sizeof name - 1;
    sf_rd_bytes(&r, name, keep, "name");
    sf_rd_bytes(&r, NULL, nl - keep, "name");
    uint32_t off = sf_rd_u32(&r, "offset");
    uint32_t size = sf_rd_u32(&r, "size");
    sf_rd_u32(&r, "input_offset");
    sf_rd_u32(&r, "reloc counts");
    uint8_t ng = sf_rd_u8(&r, "num_gen_binaries");
    sf_rd_bytes(&r, NULL, (size_t)ng * 9, "gen binaries");
    if (r.failed) return -1;
    if (off > len || size > len - off) return sf_fail(st, SF_ERR_RANGE, "kernel %u outside the file", i), -1;
    memcpy(ks[i].name, name, sizeof name);
    if (!walk_kernel(d + off, size, &ks[i], st)) return -1;
  }
  return r.failed ? -1 : nk;
}

/* ---- text normalizations (docs/oracle-genx-ir.md, "Normalizations", one table) ---------------- */

/* N1 (both sides): whitespace runs become one space; leading/trailing whitespace goes. */
static void collapse_ws(char *s) {
  char *w = s;
  bool sp = true;
  for (const char *p = s; *p; p++) {
    bool ws = *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n';
    if (ws) {
      if (!sp) *w++ = ' ';
      sp = true;
    } else {
      *w++ = *p;
      sp = false;
    }
  }
  if (w > s && w[-1] == ' ') w--;
  *w = 0;
}

/* Replaces the first occurrence of `from` in s (capacity cap) by `to`. */
static bool replace_once(char *s, size_t cap, const char *from, const char *to) {
  char *p = strstr(s, from);
  if (!p) return false;
  size_t lf = strlen(from), lt = strlen(to), rest = strlen(p + lf);
  if ((size_t)(p - s) + lt + rest + 1 > cap) return false;
  memmove(p + lt, p + lf, rest + 1);
  memcpy(p, to, lt);
  return true;
}

/* Our printed line -> what GenX_IR 12504 prints for the same bytes. */
static void normalize_ours(const sf_inst *in, char *s, size_t cap) {
  collapse_ws(s);                                               /* N1 */
  if (in->family == SF_FAMILY_SAMPLE_3D) {
    if (in->s3d.divs) replace_once(s, cap, ".divS", "");       /* N2: bit 10 is not read */
    if (in->s3d.op >= SF_S3D_SAMPLE_PO && in->s3d.op <= SF_S3D_SAMPLE_PO_L_C) {
      /* N3: sub-ops 0x20-0x26 are unknown to 12504 and print as sampler_unknown */
      const char *nm = sf_s3d_op_name(in->s3d.op);
      if (nm) replace_once(s, cap, nm, "sampler_unknown");
    }
  }
  if (in->family == SF_FAMILY_AVS) {
    if ((in->avs.exec_mode & 0xF) == SF_AVS_8x4) replace_once(s, cap, "AVS_8x4", "AVS_INVALID"); /* N4 */
    if ((in->avs.exec_mode & 0xF) == SF_AVS_4x4) {
      /* N5: 12504's printer reads past its execMode name table for 4x4 and the line ends after
       * v2d; the execMode, IEFBypass and dst operands are not compared. */
      char *p = strstr(s, " AVS_4x4");
      if (p) *p = 0;
    }
  }
}

/* A2: IGC's text parser reads a float immediate `0x...:f` through a float conversion, which quiets a
 * signalling NaN (sets mantissa bit 22). */
static void quiet_snan_opnd(sf_vopnd *o) {
  if (o->cls != SF_VCLS_IMMEDIATE || (o->type & 0xF) != SF_VT_F) return;
  uint32_t b = (uint32_t)o->imm;
  if ((b & 0x7F800000u) == 0x7F800000u && (b & 0x007FFFFFu) != 0) o->imm = b | 0x00400000u;
}

static void quiet_snan(sf_inst *in) {
  if (in->family == SF_FAMILY_SAMPLE_UNORM) {
    sf_vopnd *v[] = {&in->unorm.u, &in->unorm.v, &in->unorm.du, &in->unorm.dv};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) quiet_snan_opnd(v[i]);
  } else if (in->family == SF_FAMILY_AVS) {
    sf_vopnd *v[] = {&in->avs.u_off, &in->avs.v_off, &in->avs.du, &in->avs.dv, &in->avs.u2d,
                     &in->avs.group_id, &in->avs.vbn, &in->avs.v2d, &in->avs.ief_bypass};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) quiet_snan_opnd(v[i]);
  }
}

/* GenX_IR's -dumpcommonisa file -> the instruction line: the text after the header's last
 * `.kernel_attr Target="3d"` (the header lacks its final newline, §5), up to the `/// $n` comment. */
static bool extract_line(char *file, char *out, size_t cap) {
  const char *key = ".kernel_attr Target=\"3d\"";
  char *p = NULL, *q = file;
  while ((q = strstr(q, key)) != NULL) p = q++;
  if (!p) return false;
  p += strlen(key);
  char *end = strstr(p, "///");
  if (end) *end = 0;
  snprintf(out, cap, "%s", p);
  collapse_ws(out);                                             /* N1 */
  return out[0] != 0;
}

/* ---- the two checks --------------------------------------------------------------------------- */

typedef struct stats {
  unsigned generated, a_done, a_excluded, a_bad, b_done, b_bad, crashes, tool_errors;
  unsigned excl_counts[4];
  const char *excl_names[4];
} stats;

static void count_exclusion(stats *s, const char *rule) {
  for (unsigned i = 0; i < 4; i++) {
    if (s->excl_names[i] && !strcmp(s->excl_names[i], rule)) { s->excl_counts[i]++; return; }
    if (!s->excl_names[i]) { s->excl_names[i] = rule; s->excl_counts[i] = 1; return; }
  }
}

/* (A) for one batch. */
static void check_a(const ctx *c, const item *items, unsigned n, stats *s) {
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file f;
  sf_buf b;
  sf_buf_init(&b, &st);
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_code cd = make_file(&f, items, n, 'a', &st);
  if (cd == SF_OK) cd = sf_visaasm_print(&f, &b, &st);
  char path[512];
  path_of(path, sizeof path, c, "a.visaasm");
  if (cd == SF_OK && !write_file(path, b.data, b.len)) cd = sf_fail(&st, SF_ERR_IO, "cannot write %s", path);
  if (cd != SF_OK) {
    fprintf(stderr, "(A) cannot build the batch: %s\n", sf_status_format(&st, msg, sizeof msg));
    s->tool_errors++;
    goto out;
  }
  path_of(path, sizeof path, c, "a.isa");
  remove(path);
  /* -noverifyCISA: the bytes are wanted even where IGC's verifier is stricter (verdicts come from (B)). */
  const char *args[] = {"a.visaasm", "-platform", PLATFORM, "-stopafter", "CFG", "-outputCisaBinaryName", "a.isa",
                        "-noverifyCISA"};
  run_result r = run_tool(c, args, 8, "a.log", TOOL_SECONDS);
  char why[64];
  if (crashed(r)) {
    fprintf(stderr, "(A) GenX_IR crashed on a batch of %u kernels (%s); rerunning one kernel per process\n", n,
            describe(r, why, sizeof why));
    unsigned k = find_culprits(c, items, n, 'a', true);
    s->crashes += k ? k : 1;
    goto out;
  }
  size_t len = 0;
  uint8_t *isa = read_file(path, &len);
  if (r.status != 0 || !isa) {
    fprintf(stderr, "(A) GenX_IR %s, %s; see %s/a.log\n", describe(r, why, sizeof why), isa ? "output present" : "no .isa written",
            c->dir);
    s->tool_errors++;
    free(isa);
    goto out;
  }
  igc_kernel *ks = calloc(n, sizeof *ks);
  int nk = ks ? walk_isa(isa, len, ks, n, &st) : -1;
  if (nk != (int)n) {
    fprintf(stderr, "(A) cannot walk GenX_IR's a.isa (%d of %u kernels): %s\n", nk, n, sf_status_format(&st, msg, sizeof msg));
    s->tool_errors++;
  } else {
    for (unsigned i = 0; i < n; i++) {
      const sf_inst *in = &items[i].in;
      char want_name[32];
      snprintf(want_name, sizeof want_name, "a%05u", items[i].index);
      sf_buf e;
      sf_status es;
      sf_status_clear(&es);
      sf_buf_init(&e, &es);
      sf_inst want = *in;
      quiet_snan(&want);                                        /* A2 */
      bool ok = strcmp(ks[i].name, want_name) == 0 && sf_visa_encode(&want, &e, &es) == SF_OK;
      size_t cmp = e.len;
      if (ok && in->family == SF_FAMILY_SAMPLE_3D) {
        /* A1 (§7.1): 12504 leaves out the last two operands; `size` still counts them, zero-filled. */
        size_t dropped = in->s3d.num_params >= 2 ? 12 : 7;
        cmp = e.len >= dropped ? e.len - dropped : 0;
        /* A3 (§7.2): `.divS` is parsed but bit 10 of the op word is never written. */
        if (e.len > 2) e.data[2] &= (uint8_t)~0x04u;
      }
      if (ok) {
        ok = ks[i].size == e.len && memcmp(ks[i].code, e.data, cmp) == 0;
        for (size_t j = cmp; ok && j < e.len; j++) ok = ks[i].code[j] == 0;
      }
      s->a_done++;
      if (!ok) {
        if (s->a_bad++ < MAX_REPORT) {
          char line[512], h1[400], h2[400];
          print_inst(in, &f.kernels[i], line, sizeof line);
          hex(ks[i].code, ks[i].size, h1, sizeof h1);
          hex(e.data, e.len, h2, sizeof h2);
          fprintf(stderr, "(A) mismatch, kernel %s (%s): %s\n   GenX_IR: %s\n   ours:    %s\n", want_name, ks[i].name, line, h1, h2);
        }
      }
      sf_buf_free(&e);
    }
  }
  free(ks);
  free(isa);
out:
  sf_buf_free(&b);
  sf_isa_free(&f);
}

/* (B) for one batch. */
static void check_b(const ctx *c, const item *items, unsigned n, stats *s) {
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file f;
  sf_buf b;
  sf_buf_init(&b, &st);
  char msg[SF_STATUS_MSG_MAX + 64];
  sf_code cd = make_file(&f, items, n, 'b', &st);
  if (cd == SF_OK) cd = sf_isa_write(&f, &b, &st);
  char path[512];
  path_of(path, sizeof path, c, "b.isa");
  if (cd == SF_OK && !write_file(path, b.data, b.len)) cd = sf_fail(&st, SF_ERR_IO, "cannot write %s", path);
  if (cd != SF_OK) {
    fprintf(stderr, "(B) cannot build the batch: %s\n", sf_status_format(&st, msg, sizeof msg));
    s->tool_errors++;
    goto out;
  }
  const char *args[] = {"b.isa", "-platform", PLATFORM, "-stopafter", "CFG", "-dumpcommonisa"};
  run_result r = run_tool(c, args, 6, "b.log", TOOL_SECONDS);
  char why[64];
  if (crashed(r)) {
    fprintf(stderr, "(B) GenX_IR crashed on a batch of %u kernels (%s); rerunning one kernel per process\n", n,
            describe(r, why, sizeof why));
    unsigned k = find_culprits(c, items, n, 'b', false);
    s->crashes += k ? k : 1;
    goto out;
  }
  if (r.status != 0) {
    /* The verifier rejected something (rc 255 in binary mode): the .errors.txt files say what. */
    size_t ln = 0;
    path_of(path, sizeof path, c, "b.log");
    uint8_t *log = read_file(path, &ln);
    fprintf(stderr, "(B) GenX_IR %s on a batch of valid instructions; log:\n%.2000s\n", describe(r, why, sizeof why),
            log ? (char *)log : "(none)");
    free(log);
    s->tool_errors++;
  }
  for (unsigned i = 0; i < n; i++) {
    const sf_inst *in = &items[i].in;
    char name[32], theirs[1024], ours[1024];
    snprintf(name, sizeof name, "b%05u", items[i].index);
    path_of(path, sizeof path, c, "%s.visaasm", name);
    size_t ln = 0;
    char *text = (char *)read_file(path, &ln);
    s->b_done++;
    print_inst(in, &f.kernels[i], ours, sizeof ours);
    normalize_ours(in, ours, sizeof ours);
    bool ok = text && extract_line(text, theirs, sizeof theirs) && strcmp(theirs, ours) == 0;
    if (!ok && s->b_bad++ < MAX_REPORT)
      fprintf(stderr, "(B) mismatch, kernel %s:\n   GenX_IR: %s\n   ours:    %s\n", name, text ? theirs : "(no .visaasm written)",
              ours);
    free(text);
  }
out:
  sf_buf_free(&b);
  sf_isa_free(&f);
}

static const char *family_name(sf_family f) {
  switch (f) {
    case SF_FAMILY_SAMPLE_UNORM: return "sample_unorm";
    case SF_FAMILY_SAMPLE_3D: return "3d_sample";
    case SF_FAMILY_AVS: return "avs";
    default: return "?";
  }
}

/* Generates until (A) has n_target instructions; every instruction also goes to (B). */
static void run_family(const ctx *c, sf_family fam, stats *s) {
  memset(s, 0, sizeof *s);
  uint64_t seed = 0x6e7800000000ull + (uint64_t)fam;
  item *all = NULL, *a = NULL;
  unsigned n_all = 0, n_a = 0, cap = 0;
  uint8_t bytes[256];
  while (n_a < c->n_target && n_all < 8 * c->n_target) {
    if (n_all == cap) {
      cap = cap ? cap * 2 : 1024;
      item *na = realloc(all, cap * sizeof *all), *nb = na ? realloc(a, cap * sizeof *a) : NULL;
      if (!na || !nb) {
        free(na ? na : all);
        free(nb ? nb : a);
        SF_CHECK(!"out of memory");
        return;
      }
      all = na;
      a = nb;
    }
    for (size_t i = 0; i < sizeof bytes; i += 8) {
      uint64_t v = sf_t_rand(&seed);
      memcpy(bytes + i, &v, 8);
    }
    sf_fdp fd;
    sf_fdp_init(&fd, bytes, sizeof bytes);
    item *it = &all[n_all];
    it->index = n_all;
    sf_gen_inst(&fd, fam, SF_GEN_VALID, &it->in);
    n_all++;
    const char *ex = a_exclusion(&it->in);
    if (ex) {
      s->a_excluded++;
      count_exclusion(s, ex);
    } else {
      a[n_a++] = *it;
    }
  }
  s->generated = n_all;
  for (unsigned i = 0; i < n_a; i += BATCH) {
    check_a(c, a + i, n_a - i < BATCH ? n_a - i : BATCH, s);
    clean_dir(c, false);
  }
  for (unsigned i = 0; i < n_all; i += BATCH) {
    check_b(c, all + i, n_all - i < BATCH ? n_all - i : BATCH, s);
    clean_dir(c, false);
  }
  free(all);
  free(a);
  printf("%-12s generated %u; (A) bytes from text: %u compared, %u differ, %u excluded by rule", family_name(fam),
         s->generated, s->a_done, s->a_bad, s->a_excluded);
  for (unsigned i = 0; i < 4 && s->excl_names[i]; i++) printf("%s%s %u", i ? ", " : " (", s->excl_names[i], s->excl_counts[i]);
  printf("%s; (B) text from bytes: %u compared, %u differ; crashes %u, tool errors %u\n", s->excl_names[0] ? ")" : "",
         s->b_done, s->b_bad, s->crashes, s->tool_errors);
}

static void check_family(const ctx *c, sf_family fam) {
  stats s;
  run_family(c, fam, &s);
  SF_CHECK_MSG(s.a_done >= c->n_target, "%s: only %u instructions reached (A)", family_name(fam), s.a_done);
  SF_CHECK_MSG(s.b_done >= c->n_target, "%s: only %u instructions reached (B)", family_name(fam), s.b_done);
  SF_CHECK_EQ_U(s.a_bad, 0);
  SF_CHECK_EQ_U(s.b_bad, 0);
  SF_CHECK_EQ_U(s.crashes, 0);
  SF_CHECK_EQ_U(s.tool_errors, 0);
}

/* The crash path must work too: a kernel whose 3D_SAMPLE names an undeclared sampler (S20) makes
 * 12504's binary reader crash (docs/visa-binary.md, "undeclared sampler ... index"); one
 * batch holding it between two valid kernels must crash, and the one-kernel-per-process rerun must
 * name exactly that kernel. */
static void check_crash_path(const ctx *c) {
  item its[3];
  memset(its, 0, sizeof its);
  for (unsigned i = 0; i < 3; i++) {
    sf_fdp fd;
    sf_fdp_init(&fd, NULL, 0);
    sf_gen_inst(&fd, SF_FAMILY_SAMPLE_3D, SF_GEN_VALID, &its[i].in);
    its[i].index = 90000 + i;
  }
  its[1].in.s3d.sampler = 20;
  sf_status st;
  sf_status_clear(&st);
  sf_isa_file f;
  sf_buf b;
  sf_buf_init(&b, &st);
  char path[512];
  path_of(path, sizeof path, c, "crash.isa");
  bool built = make_file(&f, its, 3, 'c', &st) == SF_OK && sf_isa_write(&f, &b, &st) == SF_OK &&
               write_file(path, b.data, b.len);
  SF_CHECK(built);
  if (built) {
    const char *args[] = {"crash.isa", "-platform", PLATFORM, "-stopafter", "CFG", "-dumpcommonisa"};
    run_result r = run_tool(c, args, 6, "crash.log", SINGLE_SECONDS);
    char why[64];
    SF_CHECK_MSG(crashed(r), "expected GenX_IR to crash, got %s", describe(r, why, sizeof why));
    fprintf(stderr, "(expected) ");
    SF_CHECK_EQ_U(find_culprits(c, its, 3, 'c', false), 1);
  }
  sf_buf_free(&b);
  sf_isa_free(&f);
  clean_dir(c, false);
}

/* SF_RUN takes functions without arguments: the context is set once by main(). */
static const ctx *g_ctx;
static void test_sample_unorm(void) { check_family(g_ctx, SF_FAMILY_SAMPLE_UNORM); }
static void test_3d_sample(void) { check_family(g_ctx, SF_FAMILY_SAMPLE_3D); }
static void test_avs(void) { check_family(g_ctx, SF_FAMILY_AVS); }
static void test_crash_path(void) { check_crash_path(g_ctx); }

int main(void) {
  ctx c;
  if (!genx_open(&c)) return 1;
  g_ctx = &c;
  SF_RUN(test_crash_path);
  SF_RUN(test_sample_unorm);
  SF_RUN(test_3d_sample);
  SF_RUN(test_avs);
  genx_close(&c);
  SF_TEST_END();
}
