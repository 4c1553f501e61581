/* ext_genx_ir_generic.c — GenX_IR (libigc-tools 1.0.12504; label "external"; docs/oracle-genx-ir.md
 * check E) as the oracle of every generic instruction's bytes and text: kernels of one instruction
 * drawn by the generic generator (sf_gen_visa_generic, fixed seed: every row with a text class),
 * written as `.isa` by us (sf_isa_write), are disassembled by GenX_IR (-dumpcommonisa, -platform SKL
 * and, when SKL gives no dump, PVC), and its line must be ours (sf_visaasm_print), which checks the
 * layout we write and the text we print together, on fields no one chose by hand.
 *
 * Not compared, by rule (each a documented difference, docs/visa-text.md): lines with our own
 * spellings for what GenX_IR's printer loses or garbles (region codes `#n`, `(sat)`/`(mod6)`/
 * `(mod7)` on a source, tag bits, `%state`, `;hi=`, `%null` with an offset, a modifier on an
 * immediate or a predicate, an immediate wider than its type, a modifier or a full region on a
 * destination, a relation code past 5, the empty channel mask `.ch0`); the typed LSC forms (GenX_IR
 * prints their missing coordinates as %null and drops their offsets) and vme_idm (its reader builds
 * a vme_sic). Normalized as GenX_IR prints them: label names (its `_<n>` decorations, mapped back),
 * jmp's exec size (always `(M1, 1)`), the predicate of gather4_typed/scatter4_typed and the `.mod`
 * of oword_ld (its reader drops both), a VME message's surface (always `T<index>`), a local fence
 * without options (`fence_local.`, which its grammar refuses) and an address operand of 32 lanes
 * (`<0>`; its grammar reads our `<32>`), cmpn (printed as cmp), a W immediate with its sign bit
 * set (its binary reader sign-extends it to 32 bits; its text parser does not), raw_sends' eot and
 * ffid (printed in the printer's order, which its grammar refuses), addr_add's `.sat` (not
 * printed), va.convolve's 31x31 (printed 15x15: its printer tests another bit than its builder
 * sets) and lsc_ccs_update's operands (not printed). Two VA forms are not compared: GenX_IR's dump
 * leaves them out (va.minmaxfilter with AVS_16_DOWN_SAMPLE, HDC_LBP_CREATION with VA_5x5_mode). A kernel
 * GenX_IR gives no dump for on either platform (it crashes building its IR) is counted, not failed. */
#define _POSIX_C_SOURCE 200809L

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/bytes.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"
#include "tests/ext_genx_ir_util.h"

#define KERNELS 4000u

static uint64_t xs(uint64_t *s) {
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return *s;
}

/* The instruction lines of a dump or of our text: indented lines other than ret, with the
 * `/// $n` comment and trailing blanks cut, and the label definitions ("name:"), in order. */
typedef struct text_lines {
  char inst[8][512];
  unsigned ni;
  char label[8][128];
  unsigned nl;
} text_lines;

static void take_lines(const char *t, size_t n, text_lines *o) {
  memset(o, 0, sizeof *o);
  const char *tgt = NULL; /* GenX_IR's header bug: the first instruction follows Target="3d" */
  for (size_t i = 0; i + 6 < n; i++)
    if (!memcmp(t + i, "Target=", 7)) tgt = t + i;
  size_t i = 0;
  while (i < n) {
    size_t e = i;
    while (e < n && t[e] != '\n') e++;
    const char *l = t + i;
    size_t len = e - i;
    if (tgt && l <= tgt && tgt < t + e) { /* the Target line: what follows its value */
      const char *q = strchr(tgt + 8, '"');
      if (q && q < t + e) l = q + 1, len = (size_t)(t + e - l);
    }
    for (size_t q = 0; q + 3 <= len; q++)
      if (!memcmp(l + q, "///", 3)) {
        len = q;
        break;
      }
    while (len && (l[len - 1] == ' ' || l[len - 1] == '\t' || l[len - 1] == '\r')) len--;
    size_t k = 0;
    while (k < len && (l[k] == ' ' || l[k] == '\t')) k++;
    bool indented = k > 0;
    if (len > k && len - k < 500) {
      if (!indented && l[len - 1] == ':' && o->nl < 8) snprintf(o->label[o->nl++], 128, "%.*s", (int)(len - 1), l);
      else if (indented && strncmp(l + k, "ret ", 4) && l[k] != '/' && l[k] != '.' && o->ni < 8)
        snprintf(o->inst[o->ni++], 512, "%.*s", (int)(len - k), l + k);
    }
    i = e + 1;
  }
}

/* Replaces whole identifiers from[q] by to[q] in s. */
__attribute__((unused)) static void map_names(char *s, size_t cap, char from[][128], char to[][128], unsigned n) {
  char out[1024];
  size_t k = 0;
  for (size_t p = 0; s[p] && k + 1 < sizeof out;) {
    if (isalpha((unsigned char)s[p]) || s[p] == '_') {
      size_t e = p;
      while (isalnum((unsigned char)s[e]) || s[e] == '_') e++;
      const char *rep = NULL;
      for (unsigned q = 0; q < n && !rep; q++)
        if (strlen(from[q]) == e - p && !memcmp(from[q], s + p, e - p)) rep = to[q];
      size_t rl = rep ? strlen(rep) : e - p;
      if (k + rl + 1 >= sizeof out) break;
      memcpy(out + k, rep ? rep : s + p, rl);
      k += rl;
      p = e;
    } else {
      out[k++] = s[p++];
    }
  }
  out[k] = 0;
  snprintf(s, cap, "%s", out);
}

/* GenX_IR's label decorations: a name of ours followed by `_<digits>` (and `_<digits>` again) is
 * ours. */
static void undecorate(char *s, char names[][128], unsigned n) {
  for (unsigned q = 0; q < n; q++) {
    size_t nl = strlen(names[q]);
    for (char *p = strstr(s, names[q]); p; p = strstr(p + 1, names[q])) {
      if (p > s && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) continue;
      char *e = p + nl;
      while (e[0] == '_' && isdigit((unsigned char)e[1])) {
        e++;
        while (isdigit((unsigned char)*e)) e++;
      }
      if (e != p + nl && !isalnum((unsigned char)*e) && *e != '_') memmove(p + nl, e, strlen(e) + 1);
    }
  }
}

/* Whether an immediate `0x<hex>:<type>` in the line has more hex digits than its type holds. */
static bool wide_immediate(const char *l) {
  static const struct {
    const char *t;
    unsigned digits;
  } w[8] = {{":ub", 2}, {":b", 2}, {":uw", 4}, {":w", 4}, {":hf", 4}, {":bf", 4}, {":bool", 1}, {":uv", 8}};
  for (const char *p = strstr(l, "0x"); p; p = strstr(p + 2, "0x")) {
    const char *h = p + 2;
    size_t nd = 0;
    while (isxdigit((unsigned char)h[nd])) nd++;
    for (unsigned q = 0; q < 8; q++) {
      size_t tl = strlen(w[q].t);
      if (!strncmp(h + nd, w[q].t, tl) && !isalnum((unsigned char)h[nd + tl])) {
        while (nd > 1 && h[0] == '0') h++, nd--;
        if (nd > w[q].digits) return true;
      }
    }
  }
  return false;
}

/* Our spellings of what GenX_IR's printer loses, and the forms it prints otherwise (header). */
static const char *not_compared(const char *l) {
  static const char *const marks[] = {"#", "(sat)", "(mod6)", "(mod7)", "tag_hi", "%state", ";hi=", ".ch0", ".tgm", "vme_idm",
                                      "cmp.rel", "cmpn.rel"};
  for (unsigned q = 0; q < sizeof marks / sizeof marks[0]; q++)
    if (strstr(l, marks[q])) return marks[q];
  for (const char *p = strstr(l, "%null."); p; p = strstr(p + 6, "%null."))
    if (p[6] >= '1' && p[6] <= '9') return "%null with an offset";
  static const char *const mods[] = {"(-)", "(abs)", "(-abs)", "(~)"};
  for (unsigned q = 0; q < 4; q++)
    for (const char *p = strstr(l, mods[q]); p; p = strstr(p + 1, mods[q])) {
      const char *x = p + strlen(mods[q]);
      if (!strncmp(x, "0x", 2) || (x[0] == 'P' && isdigit((unsigned char)x[1])) || !strncmp(x, "gv_p", 4) ||
          !strncmp(x, "gv_q", 4) || !strncmp(x, "A0", 2) || !strncmp(x, "gv_a0", 5))
        return "a modifier on an immediate, predicate or address";
    }
  if (wide_immediate(l)) return "an immediate wider than its type";
  /* two VA forms GenX_IR 12504 leaves out of its dump, with no message (its builder drops them):
   * minmaxfilter with the output control AVS_16_DOWN_SAMPLE, HDC_LBP_CREATION with VA_5x5_mode */
  if ((strstr(l, "minmaxfilter ") && strstr(l, " AVS_16_DOWN_SAMPLE ")) ||
      (strstr(l, ".HDC_LBP_CREATION ") && strstr(l, " VA_5x5_mode ")))
    return "a VA form GenX_IR drops";
  /* the destination (the operand after the exec size, faddr's last): a modifier on it, or a
   * region with more than its stride, is ours (GenX_IR prints `<hs>` alone) */
  const char *ex = strstr(l, " (M"), *d = NULL;
  if (ex && strchr(ex, ')')) d = strchr(ex, ')') + 1;
  if (!strncmp(l, "faddr ", 6)) d = strrchr(l, ' ');
  if (d) {
    while (*d == ' ') d++;
    size_t dl = strcspn(d, " ");
    const char *r = memchr(d, '<', dl);
    if (d[0] == '(' || (r && memchr(r, ',', dl - (size_t)(r - d)))) return "a destination with a modifier or a full region";
  }
  return NULL;
}

/* t into l[0..cap), cut to fit. */
static void set_line(char *l, size_t cap, const char *t) {
  size_t n = strlen(t);
  if (n >= cap) n = cap - 1;
  memmove(l, t, n);
  l[n] = 0;
}

/* GenX_IR's printing of ours where it prints differently by rule (header). */
static void as_genx_prints(char *l, size_t cap) {
  char t[1024];
  if (!strncmp(l, "jmp ", 4) || strstr(l, ") jmp ")) { /* jmp's exec size */
    char *e = strstr(l, "jmp (");
    char *c = e ? strchr(e, ')') : NULL;
    if (c) {
      snprintf(t, sizeof t, "%.*sjmp (M1, 1)%s", (int)(e - l), l, c + 1);
      set_line(l, cap, t);
    }
  }
  if (l[0] == '(' && (strstr(l, "gather4_typed.") || strstr(l, "scatter4_typed."))) { /* their predicate */
    char *c = strchr(l, ')');
    if (c) {
      snprintf(t, sizeof t, "%s", c + 2);
      set_line(l, cap, t);
    }
  }
  char *m = strstr(l, "oword_ld.mod ");
  if (!m) m = strstr(l, "oword_ld_unaligned.mod ");
  if (m) { /* .mod */
    char *d = strstr(m, ".mod ");
    memmove(d, d + 4, strlen(d + 4) + 1);
  }
  if (!strcmp(l, "fence_local")) snprintf(l, cap, "fence_local."); /* its printer's dot, which its grammar refuses */
  char *cn = strstr(l, "cmpn.");
  if (cn && (cn == l || cn[-1] == ' ')) memmove(cn + 3, cn + 4, strlen(cn + 4) + 1); /* cmpn prints as cmp */
  for (char *w = strstr(l, ":w"); w; w = strstr(w + 1, ":w")) { /* a W immediate read from bytes is sign-extended */
    if (isalnum((unsigned char)w[2])) continue;
    char *h = w;
    while (h > l && isxdigit((unsigned char)h[-1])) h--;
    if (h - l < 2 || h[-1] != 'x' || h[-2] != '0' || w - h != 4 || !strchr("89abcdef", h[0])) continue;
    snprintf(t, sizeof t, "%.*sffff%s", (int)(h - l), l, h);
    set_line(l, cap, t);
    w = l + (w - l) + 4;
  }
  for (char *a = strstr(l, ")<32>"); a; a = strstr(a + 1, ")<32>")) { /* an address operand of 32 lanes prints <0> */
    const char *o = a;
    while (o > l && *o != '(') o--;
    if (o > l + 1 && o[-2] == 'A' && isdigit((unsigned char)o[-1])) {
      snprintf(t, sizeof t, "%.*s)<0>%s", (int)(a - l), l, a + 5);
      set_line(l, cap, t);
    }
  }
  if (!strncmp(l, "vme_", 4)) { /* the surface as T<index> (after vme_fbr's modes, first otherwise) */
    static const char *const pre[6] = {"%slm", "T1", "T2", "TSS", "%bss", "%scratch"};
    char *sp = strncmp(l, "vme_fbr", 7) ? strchr(l, ' ') : strstr(l, ") ");
    if (sp && *sp == ')') sp++;
    for (unsigned q = 0; sp && q < 6; q++) {
      size_t pl = strlen(pre[q]);
      if (!strncmp(sp + 1, pre[q], pl) && sp[1 + pl] == ' ') {
        snprintf(t, sizeof t, "%.*s T%u%s", (int)(sp - l), l, q, sp + 1 + pl);
        set_line(l, cap, t);
        break;
      }
    }
  }
  char *rs = strstr(l, "raw_sends_eot."); /* its printer's raw_sends.<ffid>.eot.<...> */
  if (rs) {
    char *d = strchr(rs + 14, '.');
    if (d) {
      snprintf(t, sizeof t, "%.*sraw_sends.%.*s.eot%s", (int)(rs - l), l, (int)(d - rs - 14), rs + 14, d);
      set_line(l, cap, t);
    }
  }
  rs = strstr(l, "raw_sendsc_eot."); /* ... and raw_sendsc.<ffid 0>.eot.<...> */
  if (rs) {
    snprintf(t, sizeof t, "%.*sraw_sendsc.0.eot.%s", (int)(rs - l), l, rs + 15);
    set_line(l, cap, t);
  }
  char *cu = strstr(l, "lsc_ccs_update.");
  char *ce = cu ? strchr(cu, ')') : NULL;
  if (ce) ce[1] = 0; /* its printer leaves lsc_ccs_update's operands out */
  char *kz = !strncmp(l, "va.convolve ", 12) ? strstr(l, " 31x31 ") : NULL;
  if (kz) memcpy(kz + 1, "15x15", 5); /* its printer tests bit 2 for va.convolve's kernel size; the builder sets bit 4 */
  char *as = strstr(l, "addr_add.sat "); /* its printer drops addr_add's .sat */
  if (as) memmove(as + 8, as + 12, strlen(as + 12) + 1);
}

static bool dump_of(const ctx *c, const char *name, const char *platform, size_t *n, char **text) {
  char isa[64], out[64];
  snprintf(isa, sizeof isa, "%s.isa", name);
  snprintf(out, sizeof out, "%s.visaasm", name);
  const char *args[] = {isa, "-platform", platform, "-stopafter", "CFG", "-dumpcommonisa", "-noverifyCISA"};
  run_tool(c, args, 7, "tool.log", SINGLE_SECONDS);
  char path[600];
  path_of(path, sizeof path, c, "%s", out);
  *text = (char *)read_file(path, n);
  if (*text) unlink(path);
  return *text != NULL;
}

static const ctx *g_ctx;

static void test_generic_against_genx(void) {
  const ctx *c = g_ctx;
  uint64_t seed = getenv("SF_GEN_SEED") ? strtoull(getenv("SF_GEN_SEED"), NULL, 0) : 0x9e3779b97f4a7c15ull;
  unsigned compared = 0, same = 0, skipped = 0, refused = 0, no_dump = 0;
  uint8_t seen[256] = {0};
  for (unsigned t = 0; t < KERNELS; t++) {
    sf_isa_file f = {.major = 4, .minor = 1, .num_kernels = 1, .kernels = calloc(1, sizeof(sf_visa_kernel))};
    if (!f.kernels) return;
    sf_visa_kernel *k = &f.kernels[0];
    sf_status st;
    sf_status_clear(&st);
    char name[16];
    snprintf(name, sizeof name, "g%05u", t);
    uint8_t draw[1024];
    for (size_t q = 0; q < sizeof draw; q += 8) {
      uint64_t r = xs(&seed);
      memcpy(draw + q, &r, 8);
    }
    sf_fdp fd;
    sf_fdp_init(&fd, draw, sizeof draw);
    bool built = sf_visa_kernel_init(k, name, &st) == SF_OK && sf_gen_kernel_decls(k, &st) == SF_OK &&
                 sf_gen_visa_generic_ex(&fd, k, 1, (t & 1) ? SF_GEN_VISA_PLAIN : 0u, &st) == SF_OK &&
                 sf_visa_kernel_add_string_attr(k, "OutputAsmPath", name, &st) == SF_OK;
    SF_CHECK_MSG(built, "kernel %u: %s", t, st.msg);
    sf_buf txt, bin;
    sf_buf_init(&txt, &st);
    sf_buf_init(&bin, &st);
    if (!built || sf_visaasm_print(&f, &txt, &st) != SF_OK) {
      refused++;
    } else {
      text_lines ours;
      take_lines((const char *)txt.data, txt.len, &ours);
      const char *why = ours.ni == 1 ? not_compared(ours.inst[0]) : "not one instruction";
      char path[600];
      path_of(path, sizeof path, c, "%s.isa", name);
      if (why) {
        skipped++;
      } else if (sf_isa_write(&f, &bin, &st) != SF_OK || !write_file(path, bin.data, bin.len)) {
        SF_CHECK_MSG(0, "%s: write: %s", name, st.msg);
      } else {
        size_t gn = 0;
        char *g = NULL;
        if (!dump_of(c, name, "SKL", &gn, &g) && !dump_of(c, name, "PVC", &gn, &g)) {
          no_dump++;
        } else {
          text_lines gx;
          take_lines(g, gn, &gx);
          char want[512];
          snprintf(want, sizeof want, "%s", ours.inst[0]);
          as_genx_prints(want, sizeof want);
          char got[1024];
          snprintf(got, sizeof got, "%s", gx.ni ? gx.inst[0] : "(no instruction)");
          char names[16][128]; /* the identifiers of our line: GenX_IR decorates the label among them */
          unsigned nn = 0;
          for (const char *p = want; *p && nn < 16;) {
            if (isalpha((unsigned char)*p) || *p == '_') {
              size_t e = 0;
              while (isalnum((unsigned char)p[e]) || p[e] == '_') e++;
              if (e < 128) snprintf(names[nn++], 128, "%.*s", (int)e, p);
              p += e;
            } else {
              p++;
            }
          }
          undecorate(got, names, nn);
          compared++;
          if (gx.ni == 1 && !strcmp(want, got)) {
            same++;
            seen[k->gens[0].op] = 1;
          } else {
            SF_CHECK_MSG(0, "%s: GenX_IR disassembles our bytes differently:\n  ours:    %s\n  GenX_IR: %s", name, want, got);
          }
        }
        free(g);
        unlink(path);
      }
    }
    sf_buf_free(&txt);
    sf_buf_free(&bin);
    sf_isa_free(&f);
  }
  unsigned ops = 0;
  for (unsigned q = 0; q < 256; q++) ops += seen[q];
  char missing[2048] = "";
  for (unsigned q = 0; q < 256; q++)
    if (!seen[q] && sf_gen_visa_generic_row((uint8_t)q) && strlen(missing) + 24 < sizeof missing) {
      const char *nm = sf_visa_op_name((uint8_t)q);
      strcat(missing, " ");
      strcat(missing, nm ? nm : "?");
    }
  if (missing[0]) printf("rows drawn but never compared (every draw had our own spellings or no dump):%s\n", missing);
  printf("generic instructions through GenX_IR: %u kernels, %u compared, %u identical (%u opcodes), %u with our own "
         "spellings, %u not printed, %u without a dump (GenX_IR crashed)\n",
         KERNELS, compared, same, ops, skipped, refused, no_dump);
  SF_CHECK(compared >= KERNELS / 5);
  SF_CHECK(ops >= 40);
}

int main(void) {
  ctx c;
  if (!genx_open(&c)) return 1;
  g_ctx = &c;
  SF_RUN(test_generic_against_genx);
  genx_close(&c);
  SF_TEST_END();
}
