/* oracles/checks/check_isa_edges.c — IGC's vISA lines with one field set at the edge of what the
 * text can say, once per process (with the other line checks, check_isa_lines.c): the printer must
 * write the largest value and refuse the next as having no text form, naming the field. A generated
 * or decoded kernel rarely holds such a value in a field the text leaves out, so a printer that let
 * one through would print a line that reads back as another instruction, unseen by the round trips.
 *   - `cache_edges`: an LSC instruction's L1 and L3 cache options, and lsc_fence's sfid, operation and scope;
 *   - `block_edges`: the 2D block load's data size, data order and VNNI byte;
 *   - `raw_edges`: the LSC operands the text has no place for, which must be %null;
 *   - `addr_shadow`: an undeclared address whose fallback spelling is a declared name;
 *   - `pred_keyword`: a predicate whose only spelling is an AVS keyword;
 *   - `lane_edges`: the first-generation gather's and scatter's lane byte.
 * With them the helpers every known-line check uses (check_known_one.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "oracles/checks/check_int.h"
#include "oracles/checks/check_known_one.h"
#include "oracles/checks/visa_known_lines.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"

_Static_assert(sizeof SF_VISA_KNOWN_HDR + 320 <= SF_KNOWN_TEXT, "a known line's text holds the header and a line of 320 bytes");

/* The helpers (check_known_one.h) */
bool sf_known_fail(sf_verdict *v, const char *check, const char *what, const char *fmt, const char *a, const char *b) {
  sf_verdict_fail(v, check, NULL, what);
  sf_verdict_key(v, "%s %s", check, what);
  sf_verdict_dumpf(v, fmt, a, b);
  sf_verdict_dumpf(v, "\n");
  return false;
}

bool sf_known_decl_file(sf_isa_file *f) {
  memset(f, 0, sizeof *f);
  sf_visa_kernel *k = calloc(1, sizeof *k);
  if (!k) return false;
  f->kernels = k;
  f->num_kernels = 1;
  sf_status st;
  sf_status_clear(&st);
  return sf_visa_kernel_init(k, "k", &st) == SF_OK && sf_gen_kernel_decls(k, &st) == SF_OK;
}

sf_code sf_known_parse(const char *line, char *text, size_t cap, size_t *n, sf_isa_file *f, sf_status *st) {
  int w = snprintf(text, cap, "%s    %s\n", SF_VISA_KNOWN_HDR, line);
  memset(f, 0, sizeof *f);
  if (w < 0 || (size_t)w >= cap) return sf_fail(st, SF_ERR_LIMIT, "the line does not fit the check's buffer");
  *n = (size_t)w;
  return sf_check_visaasm_exact(text, *n, f, st);
}

void sf_known_one_parse(sf_known_one *k, const char *line) {
  k->n = 0;
  sf_status_clear(&k->st);
  k->rc = sf_known_parse(line, k->text, sizeof k->text, &k->n, &k->f, &k->st);
  k->g = k->rc == SF_OK && k->f.num_kernels == 1 && k->f.kernels[0].num_gens == 1 ? &k->f.kernels[0].gens[0] : NULL;
}

void sf_known_one_free(sf_known_one *k) {
  if (k->rc == SF_OK) sf_isa_free(&k->f);
}

sf_code sf_known_one_emit(sf_known_one *k, const char *want, bool *has, sf_status *st) {
  sf_buf out;
  sf_status_clear(st);
  sf_buf_init(&out, st);
  sf_code pc = sf_visaasm_print(&k->f, &out, st);
  if (want) *has = pc == SF_OK && sf_buf_put(&out, "", 1) && strstr((const char *)out.data, want);
  sf_buf_free(&out);
  return pc;
}

sf_code sf_known_one_print(sf_known_one *k, unsigned at, uint32_t val, const char *want, bool *has, sf_status *st) {
  k->g->ops[at].u = val;
  return sf_known_one_emit(k, want, has, st);
}

/* `cache_edges`: an LSC instruction's L1 and L3 cache options (the two byte fields after the
 * sfid: fields 4 and 5 of the untyped and the 2D block layouts, 3 and 4 of the typed one) print by
 * their names up to 6 (`ri`) and are refused as having no text form from 7 on, the refusal naming
 * "a cache option": the names are a table of seven, and a printer that let 7 through read past it.
 * So do lsc_fence's sfid (up to 3, `slm`), operation (up to 6, `type6`) and scope (up to 6,
 * `sysacq`), each a table the printer indexes. On IGC's untyped load, 2D block load, typed load and
 * fence (visa_known_lines.h). */
static bool cache_edges(sf_verdict *v) {
  static const char untyped[] = "lsc_load.ugm.ca.ca (M1, 32)  V0046:d32  flat[V0047]:a64",
                    block[] = "lsc_load_block2d.ugm (M1, 16)  V0046:d16.2x16x8nn  flat[V0047, V0049, V0052, V0049, V0054, V0050]",
                    typed[] = "lsc_load_quad.tgm (M1, 16)  V0049:d32.xyzw  bti(0x4)[V0046]:a32",
                    fence[] = "lsc_fence.ugm.evict.gpu";
  static const struct {
    const char *line, *field, *name, *words;
    unsigned at;
    uint32_t last;
  } f[] = {{untyped, "L1 cache option", ".ri", "a cache option", 4, 6},
           {untyped, "L3 cache option", ".ri", "a cache option", 5, 6},
           {block, "L1 cache option", ".ri", "a cache option", 4, 6},
           {block, "L3 cache option", ".ri", "a cache option", 5, 6},
           {typed, "L1 cache option", ".ri", "a cache option", 3, 6},
           {typed, "L3 cache option", ".ri", "a cache option", 4, 6},
           {fence, "sfid", "lsc_fence.slm.", "named sfid, op and scope", 2, 3},
           {fence, "operation", ".type6.", "named sfid, op and scope", 3, 6},
           {fence, "scope", ".sysacq", "named sfid, op and scope", 4, 6}};
  for (unsigned q = 0; q < sizeof f / sizeof f[0]; q++) {
    sf_known_one k;
    sf_known_one_parse(&k, f[q].line);
    if (k.rc == SF_ERR_NOMEM) continue;
    const char *bad = !k.g || k.g->num_ops <= f[q].at || k.g->ops[f[q].at].kind != SF_VF_UB ? "parse" : NULL;
    for (uint32_t val = f[q].last; !bad && val <= f[q].last + 1; val++) {
      sf_status st;
      bool named = false;
      sf_code pc = sf_known_one_print(&k, f[q].at, val, f[q].name, &named, &st);
      if (val == f[q].last && !named)
        bad = "largest not printed by its name";
      else if (val > f[q].last && (pc != SF_UNSUPPORTED || !strstr(st.msg, f[q].words)))
        bad = "one past not refused";
    }
    sf_known_one_free(&k);
    if (bad) return sf_known_fail(v, "cache_edges", bad, "%s with its %s at its edge", f[q].line, f[q].field);
  }
  return true;
}

/* `block_edges` (with `cache_edges`): the 2D block load's data size (1-7), data order (1-2) and
 * VNNI byte (0-1) print at their largest value and are refused one past it, naming the field (the
 * names are tables the printer indexes). On IGC's 2D block load (visa_known_lines.h). */
static bool block_edges(sf_verdict *v) {
  static const char line[] = "lsc_load_block2d.ugm (M1, 16)  V0046:d16.2x16x8nn  flat[V0047, V0049, V0052, V0049, V0054, V0050]";
  static const struct {
    unsigned at;
    uint32_t last;
    const char *words;
  } f[3] = {{6, 7, "the data size"}, {7, 2, "the data order"}, {11, 1, "a VNNI byte"}};
  for (unsigned q = 0; q < 3; q++) {
    sf_known_one k;
    sf_known_one_parse(&k, line);
    if (k.rc == SF_ERR_NOMEM) continue;
    const char *bad = !k.g || k.g->num_ops <= f[q].at ? "parse" : NULL;
    for (uint32_t val = f[q].last; !bad && val <= f[q].last + 1; val++) {
      sf_status st;
      sf_code pc = sf_known_one_print(&k, f[q].at, val, NULL, NULL, &st);
      if (val == f[q].last ? pc != SF_OK : pc != SF_UNSUPPORTED || !strstr(st.msg, f[q].words))
        bad = val == f[q].last ? "largest not printed" : "one past not refused";
    }
    sf_known_one_free(&k);
    if (bad) return sf_known_fail(v, "block_edges", bad, "the 2D block load with %s at its edge: %s\n", f[q].words, bad);
  }
  return true;
}

/* `raw_edges` (with `cache_edges`): an LSC operand the text has no place for (an untyped load's
 * src1 and src2, an untyped store's dst and src2, a strided load's src2, a strided store's dst, a
 * 2D block load's src1, a 2D block store's dst; a typed load's src1 and src2, a typed store's dst
 * and src2, read_state_info's sources) must be %null (variable 0 at offset 0) for the line
 * to print; each of them alone set to a variable, or to offset 1 of variable 0, is refused as having
 * no text form, naming it. The fuzz targets' LSC instructions come from IGC's shapes, where these
 * are always %null, so a printer that tested the pair with one `&&` too few (an untyped load whose
 * src2 is %null but not its src1) would print a line that reads back without the operand. On IGC's
 * lines (visa_known_lines.h). */
static bool raw_edges(sf_verdict *v) {
  static const struct {
    const char *line;
    unsigned at;
    const char *words;
  } rows[] = {
      {"lsc_load.ugm.ca.ca (M1, 32)  V0046:d32  flat[V0047]:a64", 17, "a load's src1 or src2"},
      {"lsc_load.ugm.ca.ca (M1, 32)  V0046:d32  flat[V0047]:a64", 18, "a load's src1 or src2"},
      {"(!P1.any) lsc_store.ugm.uc.wb (M1_NM, 1)  bti(0x4)[V0047.64+0x100]:a32  V0046.64:d16c32x4t", 15, "a store's dst or src2"},
      {"(!P1.any) lsc_store.ugm.uc.wb (M1_NM, 1)  bti(0x4)[V0047.64+0x100]:a32  V0046.64:d16c32x4t", 18, "a store's dst or src2"},
      {"lsc_load_strided.ugm (M1, 16)  V0046:d32x4  flat[V0047, 0x10]:a64", 18, "a load's src1"},
      {"lsc_store_strided.ugml (M5, 16)  ss(V0049)[V0047+0x40, V0052(0,1)]:a32  V0046.32:d16x3", 15, "a store's dst"},
      {"lsc_load_block2d.ugm (M1, 16)  V0046:d16.2x16x8nn  flat[V0047, V0049, V0052, V0049, V0054, V0050]", 19, "a load's src1"},
      {"(P1) lsc_store_block2d.slm.uc.wb (M1_NM, 1)  flat[V0047(0,1), 0x3F, 0x1F, 0xFFFFFFFF, V0049(2,3), 0x0]  V0046.64:d32.8x16tt",
       12, "a store's dst"},
      /* typed (.tgm): a load's src1 and src2, a store's dst and src2, read_state_info's sources */
      {"lsc_load_quad.tgm (M1, 16)  V0049:d32.xyzw  bti(0x4)[V0046]:a32", 17, "a load's src1 or src2"},
      {"lsc_load_quad.tgm (M1, 16)  V0049:d32.xyzw  bti(0x4)[V0046]:a32", 18, "a load's src1 or src2"},
      {"(P1) lsc_store_quad.tgm.uc.ca (M5, 8)  ss(V0052(0,1))[V0046.32, V0047, V0052, V0046]:a64  V0049:d16.y", 12,
       "a store's dst or src2"},
      {"(P1) lsc_store_quad.tgm.uc.ca (M5, 8)  ss(V0052(0,1))[V0046.32, V0047, V0052, V0046]:a64  V0049:d16.y", 18,
       "a store's dst or src2"},
      {"(!P1) lsc_read_state_info.tgm  V0049.64  ss(V0052)", 17, "a coordinate or source other than %null"},
  };
  static const sf_raw set[2] = {{0x2E, 0}, {0, 1}}; /* a variable; offset 1 of %null */
  for (unsigned q = 0; q < 2 * sizeof rows / sizeof rows[0]; q++) {
    sf_known_one k;
    sf_known_one_parse(&k, rows[q / 2].line);
    if (k.rc == SF_ERR_NOMEM) continue;
    unsigned at = rows[q / 2].at;
    const char *bad = !k.g || k.g->num_ops <= at || k.g->ops[at].kind != SF_VF_RAW || k.g->ops[at].r.id || k.g->ops[at].r.off
                          ? "parse"
                          : NULL;
    if (!bad) {
      sf_status st;
      k.g->ops[at].r = set[q % 2];
      sf_code pc = sf_known_one_emit(&k, NULL, NULL, &st);
      if (pc != SF_UNSUPPORTED || !strstr(st.msg, rows[q / 2].words) || !strstr(st.msg, "has no text form"))
        bad = pc == SF_OK ? "printed" : "refusal";
    }
    sf_known_one_free(&k);
    if (bad)
      return sf_known_fail(v, "raw_edges", bad, "'%s' with its %%null operand set to %s: want refused as having no text form",
                        rows[q / 2].line, q % 2 ? "offset 1 of variable 0" : "a variable");
  }
  return true;
}

/* `addr_shadow` (with `cache_edges`): an address variable declared as A1 is address 0, and the
 * fallback spelling of address 1 is then its name: a sampler instruction whose indirect operand
 * names address 1, which the kernel does not declare, has no spelling and is refused as invalid,
 * naming 'A1'; address 0 prints by its fallback spelling, r[A0(0),0]. The reader builds no such operand from text
 * (A1 reads as address 0); an .isa file or the API can. */
static bool addr_shadow(sf_verdict *v) {
  static const char text[] = ".version 4.1\n.kernel \"k\"\n.decl V40 v_type=G type=ud num_elts=64 align=GRF\n"
                             ".decl A1 v_type=A num_elts=1\n"
                             "    sample_unorm.RGBA.16-full S0 T6 r[A1(0),0]<0;1,0>:f 0x0:f 0x0:f 0x0:f V40.0\n";
  sf_isa_file f;
  sf_status st;
  sf_code rc = sf_check_visaasm_exact(text, sizeof text - 1, &f, &st);
  if (rc == SF_ERR_NOMEM) return true;
  sf_inst *in = rc == SF_OK && f.num_kernels == 1 && f.kernels[0].num_insts == 1 ? &f.kernels[0].insts[0] : NULL;
  const char *bad = !in || in->unorm.u.id != 0 ? "parse" : NULL;
  for (uint32_t id = 0; !bad && id < 2; id++) {
    in->unorm.u.id = id;
    sf_buf out;
    sf_status_clear(&st);
    sf_buf_init(&out, &st);
    sf_code pc = sf_visaasm_print(&f, &out, &st);
    if (id == 0 && pc != SF_ERR_NOMEM && (pc != SF_OK || !sf_buf_put(&out, "", 1) || !strstr((const char *)out.data, "r[A0(0),0]")))
      bad = "address 0 not printed as A0";
    else if (id == 1 && pc != SF_ERR_NOMEM && (pc != SF_ERR_INVALID || !strstr(st.msg, "'A1' names another symbol")))
      bad = "address 1 not refused";
    sf_buf_free(&out);
  }
  if (rc == SF_OK) sf_isa_free(&f);
  return bad ? sf_known_fail(v, "addr_shadow", bad, "%s: %s\n", "an undeclared address whose fallback name is declared", bad) : true;
}

/* `pred_keyword` (with `cache_edges`): predicate 1's fallback spelling P1 names a variable, so the
 * printer must spell the predicate by its declared name; a name equal to an AVS output-control
 * keyword (keyword 0's two spellings, AVS_16_FULL and AVS_CNTRL_0, and AVS_8_FULL) is not one it
 * may write (GenX_IR's lexer reads those words as keywords wherever they stand), and the kernel is
 * refused as invalid, naming P1. An ordinary name (p_ok) is printed, and reads back the same. */
static bool pred_keyword(sf_verdict *v) {
  static const char *const names[4] = {"AVS_16_FULL", "AVS_CNTRL_0", "AVS_8_FULL", "p_ok"};
  for (unsigned q = 0; q < 4; q++) {
    char text[320];
    int tn = snprintf(text, sizeof text, ".version 4.1\n.kernel \"k\"\n.decl V40 v_type=G type=ud num_elts=16 align=GRF\n"
                      ".decl P1 v_type=G type=ud num_elts=16 align=GRF\n.decl %s v_type=P num_elts=16\n"
                      "    (%s) mov (M1, 16) V40(0,0)<1> 0x0:ud\n", names[q], names[q]);
    sf_isa_file f;
    sf_status st;
    sf_code rc = sf_check_visaasm_exact(text, (size_t)tn, &f, &st);
    if (rc == SF_ERR_NOMEM) continue;
    const char *bad = rc != SF_OK ? "parse" : NULL;
    if (!bad) {
      sf_buf out;
      sf_buf_init(&out, &st);
      sf_code pc = sf_visaasm_print(&f, &out, &st);
      if (q < 3 && pc != SF_ERR_NOMEM && (pc != SF_ERR_INVALID || !strstr(st.msg, "'P1' names another symbol")))
        bad = "not refused naming P1";
      else if (q == 3 && pc != SF_ERR_NOMEM && (pc != SF_OK || out.failed || !sf_buf_put(&out, "", 1)))
        bad = "refused by the printer";
      else if (q == 3 && pc == SF_OK && !out.failed) {
        sf_isa_file g;
        sf_code r2 = sf_check_visaasm_exact((const char *)out.data, out.len - 1, &g, &st);
        char why[160];
        if (r2 == SF_OK && !sf_isa_same_file(&f, &g, false, why, sizeof why)) bad = "read back as another";
        else if (r2 != SF_OK && r2 != SF_ERR_NOMEM) bad = "its text not read back";
        if (r2 == SF_OK) sf_isa_free(&g);
      }
      sf_buf_free(&out);
      sf_isa_free(&f);
    }
    if (bad)
      return sf_known_fail(v, "pred_keyword", bad, "predicate 1 declared as %s, P1 a variable: %s\n", names[q], bad);
  }
  return true;
}

/* `lane_edges` (with `cache_edges`): the first-generation gather's and scatter's lane byte (bits
 * 0-1: 8, 16 or 1 lanes; bits 4-7: the emask) prints for every emask and lane code, and a byte with
 * bit 2 or 3 set, lane code 3 or a value past the byte is refused as having no text form, naming
 * the byte: the printer writes only the lane count and the emask, so a byte it let through would
 * read back as another. On IGC's gather and scatter lines (visa_known_lines.h). */
static bool lane_edges(sf_verdict *v) {
  static const char *const lines[2] = {"gather.4 (M1, 16) T6 0x0:ud V0046.0 V0047.0", "scatter.1 (M1_NM, 8) T6 0x10:ud V0046.0 V0047.0"};
  static const uint32_t lanes[9] = {0x00, 0x01, 0x02, 0x72, 0x04, 0x08, 0x03, 0x0d, 0x100}; /* 4 print, 5 refused */
  for (unsigned q = 0; q < 2; q++) {
    sf_known_one k;
    sf_known_one_parse(&k, lines[q]);
    if (k.rc == SF_ERR_NOMEM) continue;
    unsigned at = q ? 1 : 2;
    const char *bad = !k.g || k.g->num_ops <= at ? "parse" : NULL;
    uint32_t val = 0;
    for (unsigned i = 0; !bad && i < 9; i++) {
      sf_status st;
      bool has = false;
      sf_code pc = sf_known_one_print(&k, at, val = lanes[i], q ? "scatter" : "gather", &has, &st);
      char want[48];
      snprintf(want, sizeof want, "lane byte 0x%02x has no text form", (unsigned)val);
      if (i < 4 ? !has : pc != SF_UNSUPPORTED || !strstr(st.msg, want)) bad = i < 4 ? "not printed" : "not refused";
    }
    sf_known_one_free(&k);
    char byte[16];
    snprintf(byte, sizeof byte, "0x%02x", (unsigned)val);
    if (bad) return sf_known_fail(v, "lane_edges", bad, "%s with its lane byte %s: wrong\n", lines[q], byte);
  }
  return true;
}

/* `width_values` (with `cache_edges`): the text spells a region's vertical stride, width and
 * horizontal stride, and an address operand's width, as counts, which the readers map to the binary
 * codes through a table of 33 entries. Every count from 0 to 32 is read here in one of IGC's lines: a
 * count the table holds (a region's 0, 1, 2, 4, 8, 16 or 32; an address's 1, 2, 4, 8, 16 or 32)
 * must read and print back as written, and every other count be refused at its column naming the
 * counts allowed. A wrong entry in the middle of a table reads a count no printer writes, so only
 * someone else's text, or this sweep, sees it. */
static bool width_values(sf_verdict *v) {
  static const struct {
    const char *fmt, *refusal;
    uint64_t counts; /* bit n: count n reads */
    uint32_t col;    /* the count's offset in the line */
  } forms[2] = {
      {"mov (M1, 16) V0046(0,0)<1> V0047(0,0)<%u;1,0>", "is not 0, 1, 2, 4, 8, 16 or 32", 0x100010117u, 38},
      {"addr_add (M1, 16) A0(0)<%u> A0(0)<1> 0x4:uw", "address width must be 1, 2, 4, 8, 16 or 32", 0x100010116u, 24},
  };
  for (unsigned q = 0; q < 2; q++)
    for (uint32_t n = 0; n <= 32; n++) {
      char line[96];
      snprintf(line, sizeof line, forms[q].fmt, (unsigned)n);
      bool reads = forms[q].counts >> n & 1u;
      sf_known_one k;
      sf_known_one_parse(&k, line);
      if (k.rc == SF_ERR_NOMEM) {
        sf_known_one_free(&k);
        continue;
      }
      const char *bad = NULL;
      if (reads) {
        bool has = false;
        sf_status pst;
        if (k.rc != SF_OK) bad = "refused";
        else if (sf_known_one_emit(&k, line, &has, &pst) != SF_OK || !has) bad = "not printed back";
      } else if (k.rc != SF_ERR_RANGE || !strstr(k.st.msg, forms[q].refusal) || k.st.col != 4 + forms[q].col + 1) {
        bad = "not refused at the count"; /* the line follows four blanks; columns count from 1 */
      }
      sf_known_one_free(&k);
      if (bad) return sf_known_fail(v, "width_values", bad, "'%s': %s\n", line, bad);
    }
  return true;
}

bool sf_check_isa_edges(sf_verdict *v) {
  return cache_edges(v) && block_edges(v) && raw_edges(v) && lane_edges(v) && addr_shadow(v) && pred_keyword(v) && width_values(v) &&
         sf_check_isa_print_edges(v);
}
