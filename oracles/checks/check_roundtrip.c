/* oracles/checks/check_roundtrip.c — round-trip checks of the vISA codec.
 *
 * Binary (docs/visa-binary.md): decode -> encode must reproduce the input bytes (the decoder
 * keeps don't-care bits in *_hi fields, inst.h), the canonical form must be a fixed point of
 * encode -> decode, and the text view (§5) must parse back to the same canonical instruction.
 * Text: parse -> print -> parse is a fixed point, and encode -> decode is the identity.
 * Acceptable non-identities are exactly the don't-care bits of sf_dont_care_bits[] (inst.h), which
 * the printer cannot express: the text comparisons are made on canonicalized instructions. */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_chars.h"
#include "harness/visa/visa_optab.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/visa.h"

#define SF_TEXT_CAP 2048

/* A refusal must say why and, for format errors, where (status.h contract). */
static void sf_dump_violations(sf_verdict *v, const char *label, const sf_violations *vs) {
  sf_verdict_dumpf(v, "%s: %u violation(s)", label, vs->total);
  for (unsigned i = 0; i < vs->count && i < 8; i++) sf_verdict_dumpf(v, "%s%s", i ? ", " : " ", vs->v[i].rule);
  sf_verdict_dumpf(v, "\n");
}

static bool sf_same_violations(const sf_violations *a, const sf_violations *b) {
  if (a->total != b->total || a->count != b->count) return false;
  for (unsigned i = 0; i < a->count; i++) {
    if (strcmp(a->v[i].rule, b->v[i].rule) != 0) return false;
  }
  return true;
}

/* Fails v with check `check` and the first differing field of a vs b as feature and key. */
static bool sf_fail_diff(sf_verdict *v, const char *check, const sf_inst *a, const sf_inst *b,
                         const char *la, const char *lb) {
  char diff[256], feature[SF_VERDICT_NAME_MAX];
  sf_inst_diff(a, b, diff, sizeof diff);
  sf_oracle_field_feature(diff, feature, sizeof feature);
  sf_verdict_fail(v, check, a, feature[0] ? feature : "field");
  sf_verdict_key(v, "field=%s", feature);
  sf_verdict_dumpf(v, "first difference (%s vs %s): %s\n", la, lb, diff[0] ? diff : "(sf_inst_diff empty)");
  sf_verdict_dump_inst(v, la, a);
  sf_verdict_dump_inst(v, lb, b);
  return false;
}

/* The real syntax of a predefined name: IGC's text writes the predefined variables and surfaces by
 * name (`%null`, `%r0`, `%slm`, `TSS`), never as V<n> / T<n> (docs/visa-text.md). A printer that
 * writes one by number still reads back to the same instruction, so the round trip cannot see it;
 * this scan of the printed text can. V21..V31 have no name and print as numbers. */
static bool sf_ident_char(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '$' || c == '@';
}

/* The names, restated here from the vISA specification's predefined-variable and predefined-surface
 * tables rather than taken from the codec's own table, so that a wrong entry there shows too. */
static const char *const sf_predef_vars[] = {
    "%null", "%thread_x", "%thread_y", "%group_id_x", "%group_id_y", "%group_id_z", "%tsc",
    "%r0", "%arg", "%retval", "%sp", "%fp", "%hw_id", "%sr0", "%cr0", "%ce0", "%dbg0", "%color",
    "%impl_arg_buf_ptr", "%local_id_buf_ptr", "%msg0"};
static const char *const sf_predef_surfaces[] = {"%slm", "T1", "T2", "TSS", "%bss", "%scratch"};
#define SF_NAMES(a) (sizeof a / sizeof a[0])

/* `minus_zero` (vISA texts: visa_text's instruction, isa_file's whole file): no integer is printed as
 * "-0" (GenX_IR writes an indirect operand's zero offset, and every other zero, as "0"; a float's
 * "-0.0" or a hex value is not an integer). "-0" counts when no word character or '.' comes before
 * it, no digit, '.', 'x' or 'e' after it, and it is not inside a quoted string. */
bool sf_check_visa_minus_zero(sf_verdict *v, const sf_inst *report, const char *t, size_t n) {
  for (const char *p = memchr(t, '-', n); p && (size_t)(p - t) + 1 < n; p = memchr(p + 1, '-', n - (size_t)(p + 1 - t))) {
    size_t i = (size_t)(p - t);
    if (t[i + 1] != '0' || (i && (isalnum((unsigned char)t[i - 1]) || t[i - 1] == '_' || t[i - 1] == '.'))) continue;
    char after = i + 2 < n ? t[i + 2] : ' ';
    if (isdigit((unsigned char)after) || after == '.' || after == 'x' || after == 'X' || after == 'e' || after == 'E') continue;
    size_t ls = i, le = i, quotes = 0;
    while (ls && t[ls - 1] != '\n') quotes += t[--ls] == '"';
    if (quotes % 2) continue; /* inside a quoted string (a name, an attribute's text) */
    while (le < n && t[le] != '\n') le++;
    sf_verdict_fail(v, "minus_zero", report, "integer");
    sf_verdict_key(v, "minus_zero");
    sf_verdict_dumpf(v, "an integer printed as \"-0\" at column %zu: %.*s\n", i - ls + 1, (int)(le - ls > 300 ? 300 : le - ls),
                     t + ls);
    return false;
  }
  return true;
}

static bool sf_check_visa_names(sf_verdict *v, const sf_inst *canon, const char *t) {
  for (size_t i = 0; t[i]; i++) {
    char c = t[i];
    if ((c != 'V' && c != 'T') || (i && (sf_ident_char(t[i - 1]) || t[i - 1] == '%'))) continue;
    size_t j = i + 1;
    uint32_t n = 0;
    while (t[j] >= '0' && t[j] <= '9' && j - i < 6) n = n * 10 + (uint32_t)(t[j++] - '0');
    if (j == i + 1 || sf_ident_char(t[j])) continue;
    const char *name = c == 'V' ? (n < SF_NAMES(sf_predef_vars) ? sf_predef_vars[n] : NULL)
                                : (n < SF_NAMES(sf_predef_surfaces) ? sf_predef_surfaces[n] : NULL);
    if (!name || (strlen(name) == j - i && memcmp(name, t + i, j - i) == 0)) continue;
    sf_verdict_fail(v, "print", canon, "predef_name");
    sf_verdict_key(v, "print predefined %c", c);
    sf_verdict_dumpf(v, "the printer wrote the predefined %s %c%u by number, not as %s\ntext: %s\n",
                     c == 'V' ? "variable" : "surface", c, (unsigned)n, name, t);
    return false;
  }
  return true;
}

/* Other spellings of the same immediates and codes: a code the printer writes as #N (a region, an
 * execution size, an address width) is rewritten as #0xH, in lower or upper case (the parity of its
 * place in the text decides, so both appear over a corpus), and one it writes
 * as #0xH (a type) as #N. The printer writes every immediate in lower-case hex,
 * but the text grammar also takes hex digits in upper case, an integer immediate in decimal
 * (negative ones as two's complement of the operand's width) and a :f / :df immediate as a decimal
 * float (docs/visa-text.md), which hand-written text and IGC's own dumps use. Each integer-typed
 * immediate 0xH:t of the printed text is rewritten in turn as its decimal value (the negative form
 * when the top bit is set, every other time) or in upper-case hex, each finite :f / :df immediate
 * as the shortest decimal that strtof / strtod read back to its bits, and the text must read back
 * as the same instruction. */
static bool sf_is_int_type(const char *s, size_t n) {
  static const char *const ty[8] = {"ud", "d", "uw", "w", "ub", "b", "uq", "q"};
  for (unsigned i = 0; i < 8; i++)
    if (strlen(ty[i]) == n && memcmp(ty[i], s, n) == 0) return true;
  return false;
}

/* The decimal spelling of float bits val (:f when !dbl, :df when dbl) into out[cap]: the shortest
 * %.*g that reads back to the same bits, with ".0" when it looks like an integer; 0 when val is not
 * finite (the grammar has no decimal spelling for it). */
static size_t sf_float_decimal(uint64_t val, bool dbl, char *out, size_t cap) {
  double d;
  if (dbl) {
    memcpy(&d, &val, sizeof d);
  } else {
    uint32_t u = (uint32_t)val;
    float f;
    memcpy(&f, &u, sizeof f);
    d = f;
  }
  if (d != d || d - d != 0.0) return 0;
  for (int prec = 1; prec <= 17; prec++) {
    int w = snprintf(out, cap, "%.*g", prec, d);
    if (w <= 0 || (size_t)w + 3 > cap) return 0;
    bool back;
    if (dbl) {
      double r = strtod(out, NULL);
      back = memcmp(&r, &val, sizeof r) == 0;
    } else {
      float r = strtof(out, NULL);
      uint32_t rb;
      memcpy(&rb, &r, sizeof rb);
      back = rb == (uint32_t)val;
    }
    if (!back) continue;
    if (!strpbrk(out, ".e")) memcpy(out + w, ".0", 3), w += 2;
    return (size_t)w;
  }
  return 0;
}

static bool sf_check_visa_respell(sf_verdict *v, const sf_inst *canon, const char *t) {
  char out[SF_TEXT_CAP + 256];
  size_t o = 0, n = strlen(t);
  unsigned changed = 0;
  for (size_t i = 0; i < n && o < SF_TEXT_CAP;) {
    if (t[i] == '#' && isdigit((unsigned char)t[i + 1])) { /* a code: #N <-> #0xH, hex in either case */
      bool hex = t[i + 1] == '0' && t[i + 2] == 'x';
      size_t j = i + (hex ? 3 : 1), d0 = j;
      uint64_t val = 0;
      while (j - d0 < 9 && (hex ? isxdigit((unsigned char)t[j]) : isdigit((unsigned char)t[j]))) {
        unsigned d = (unsigned)(t[j] <= '9' ? t[j] - '0' : (t[j] | 0x20) - 'a' + 10);
        val = val * (hex ? 16u : 10u) + d, j++;
      }
      if (j > d0 && !sf_ident_char(t[j]) && val <= 0xFFFFFFFFull) {
        o += (size_t)snprintf(out + o, sizeof out - o, hex ? "#%llu" : (i & 1) ? "#0x%llX" : "#0x%llx",
                              (unsigned long long)val);
        changed++;
        i = j;
        continue;
      }
    }
    bool start = t[i] == '0' && t[i + 1] == 'x' && (i == 0 || !sf_ident_char(t[i - 1]));
    size_t j = i + 2, h = 0;
    uint64_t val = 0;
    while (start && h < 17 && isxdigit((unsigned char)t[j])) {
      unsigned d = (unsigned)(t[j] <= '9' ? t[j] - '0' : (t[j] | 0x20) - 'a' + 10);
      val = val << 4 | d, j++, h++;
    }
    size_t ty = j + 1, te = ty;
    while (te < n && sf_ident_char(t[te])) te++;
    bool flt = te - ty == 1 && t[ty] == 'f', dflt = te - ty == 2 && t[ty] == 'd' && t[ty + 1] == 'f';
    if (start && h > 0 && h <= 16 && t[j] == ':' && (flt || dflt) && (dflt || val <= 0xFFFFFFFFull)) {
      char dec[40];
      size_t dn = sf_float_decimal(val, dflt, dec, sizeof dec);
      if (dn && o + dn < SF_TEXT_CAP) {
        memcpy(out + o, dec, dn), o += dn, changed++;
        i = j;
        continue;
      }
    }
    if (!start || h == 0 || h > 16 || t[j] != ':' || !sf_is_int_type(t + ty, te - ty)) {
      out[o++] = t[i++];
      continue;
    }
    if (changed % 3 == 2) { /* the same digits in upper case */
      changed++;
      out[o++] = '0', out[o++] = 'x';
      for (size_t k = i + 2; k < j; k++) out[o++] = (char)toupper((unsigned char)t[k]);
      i = j;
      continue;
    }
    bool wide = t[ty] == 'q' || t[ty + 1] == 'q';
    uint64_t top = wide ? 1ull << 63 : 1ull << 31;
    if (!wide && val > 0xFFFFFFFFull) {
      out[o++] = t[i++];
      continue;
    }
    if ((val & top) && (changed++ & 1) == 0) {
      uint64_t mag = (wide ? 0 : 1ull << 32) - val;
      o += (size_t)snprintf(out + o, sizeof out - o, "-%llu", (unsigned long long)mag);
    } else {
      changed++;
      o += (size_t)snprintf(out + o, sizeof out - o, "%llu", (unsigned long long)val);
    }
    i = j;
  }
  if (!changed || o >= SF_TEXT_CAP) return true;
  out[o] = 0;
  sf_status st;
  sf_status_clear(&st);
  sf_buf got;
  sf_buf_init(&got, &st);
  sf_code rc = sf_canon_visa_inst(NULL, out, o, &got, &st);
  bool same = rc == SF_OK && got.len == n && memcmp(got.data, t, n) == 0;
  sf_buf_free(&got);
  if (same || rc == SF_ERR_NOMEM) return true;
  char why[SF_STATUS_MSG_MAX + 64];
  sf_verdict_fail(v, "respell", canon, rc ? "refused" : "differs");
  sf_verdict_key(v, "respell decimal %s", rc ? "refused" : "differs");
  sf_verdict_dumpf(v, "the printed text with its immediates in decimal %s%s\nprinted: %s\nrespelled: %s\n",
                   rc ? "is refused: " : "reads as another instruction", rc ? sf_status_format(&st, why, sizeof why) : "",
                   t, out);
  return false;
}

/* `print_refuses`: the decoded instruction with one field past what its bits can say (picked by
 * draw: SAMPLE_UNORM's output format over 3 or channel mask over 15, 3D_SAMPLE's parameter count
 * over the cap, exec size or emask over 15, predicate control over 3, the predicate's bit 12 over 1
 * or its id over 12 bits, AVS's cntrl or execMode
 * over 15; or, one draw in two, a field of a source operand's region over 15 (a general or
 * indirect operand's), its modifier over 7, its tag bits over 3 or its class one without a text
 * form) has no text:
 * sf_visa_print must refuse it as invalid and leave the buffer empty, not
 * print what the field's low bits say. No decoder produces such a field, so only this reaches the
 * printer's tests. */
bool sf_check_visa_print_refuses(sf_verdict *v, const sf_inst *in, uint8_t draw) {
  sf_inst b = *in;
  unsigned k = draw % 3u;
  uint8_t big = (uint8_t)((draw & 128u) ? 16u : 16u + draw % 240u); /* the first value past 4 bits, half the time */
  const char *what;
  if (b.family == SF_FAMILY_SAMPLE_UNORM) {
    if (k == 0) b.unorm.out_fmt = (uint8_t)(4u + draw % 252u), what = "out_fmt";
    else b.unorm.chan_mask = big, what = "chan_mask";
  } else if (b.family == SF_FAMILY_SAMPLE_3D) {
    if (k == 0) b.s3d.num_params = (uint8_t)(SF_S3D_MAX_PARAMS + 1u + draw % 8u), what = "num_params";
    else if (k == 1) b.s3d.exec_size = big, what = "exec_size";
    else if (draw / 3u % 3u == 0) b.s3d.pred.id = 1, b.s3d.pred.ctrl = (uint8_t)(4u + draw % 8u), what = "pred_ctrl";
    else if (draw / 3u % 3u == 1) b.s3d.pred.id = 1, b.s3d.pred.rsvd = (uint8_t)(2u + draw % 254u), what = "pred_rsvd";
    else b.s3d.pred.id = (uint16_t)(0x1000u + draw), what = "pred_id";
  } else if (b.family == SF_FAMILY_AVS) {
    if (k == 0) b.avs.cntrl = big, what = "cntrl";
    else b.avs.exec_mode = big, what = "exec_mode";
  } else {
    return true;
  }
  /* one draw in two instead: a field of a source's region (vstride, width, hstride, hi) past its
   * 4 bits when the drawn source has a region (a general or indirect operand), or its modifier,
   * tag bits or class past what they can say */
  sf_vopnd *src[9] = {NULL};
  unsigned ns = 0;
  if (b.family == SF_FAMILY_SAMPLE_UNORM) {
    sf_vopnd *u[4] = {&b.unorm.u, &b.unorm.v, &b.unorm.du, &b.unorm.dv};
    for (ns = 0; ns < 4; ns++) src[ns] = u[ns];
  } else if (b.family == SF_FAMILY_SAMPLE_3D) {
    src[ns++] = &b.s3d.aoffimmi;
  } else {
    sf_vopnd *a[9] = {&b.avs.u_off, &b.avs.v_off, &b.avs.du, &b.avs.dv, &b.avs.u2d,
                      &b.avs.group_id, &b.avs.vbn, &b.avs.v2d, &b.avs.ief_bypass};
    for (ns = 0; ns < 9; ns++) src[ns] = a[ns];
  }
  sf_vopnd *o = src[(draw >> 3) % ns];
  if (draw & 4u) {
    b = *in; /* o points into b: the same operand, with the edit above undone */
    static const char *const rf[7] = {"region.vstride", "region.width", "region.hstride", "region.hi", "mod", "tag_hi", "cls"};
    unsigned f = (draw >> 5) % 7u;
    if (f < 4 && o->cls != SF_VCLS_GENERAL && o->cls != SF_VCLS_INDIRECT) f = 4u + (draw >> 5) % 3u; /* no region printed */
    uint8_t *field[7] = {&o->region.vstride, &o->region.width, &o->region.hstride, &o->region.hi, &o->mod, &o->tag_hi, &o->cls};
    /* the modifier past its 3 bits (8 first), the tag bits past their 2 (4 first), a class with no
     * text (the address-of class, which only addr_add's generic form has, or 7), by turns */
    *field[f] = f < 4    ? big
                : f == 4 ? (uint8_t)((draw & 1u) ? 8u : 8u + draw % 248u)
                : f == 5 ? (uint8_t)((draw & 1u) ? 4u : 4u + draw % 252u)
                         : (uint8_t)((draw & 1u) ? SF_VCLS_ADDROF : 7u);
    what = rf[f];
  }
  char t[SF_TEXT_CAP];
  memset(t, 'x', 8);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_visa_print(&b, NULL, t, sizeof t, &st);
  if (rc == SF_ERR_INVALID && t[0] == 0) return true;
  sf_verdict_fail(v, "print_refuses", in, what);
  sf_verdict_key(v, "print_refuses %s %s", what, sf_code_name(rc));
  sf_verdict_dumpf(v, "a %s past its bits printed with %s%s%.*s\n", what, sf_code_name(rc), rc == SF_OK ? ": " : ", buffer ",
                   rc == SF_OK ? 200 : 8, t);
  return false;
}

/* print -> parse -> print of a canonical vISA instruction. must_print: the printer and the parser
 * have to accept it, because it validates or because the binary decoder read it (every field the
 * decoder fills fits its text form, rule violations or not; before, an instruction that broke a rule
 * could fail to print or to read back unseen, and a parser mutant that misread `%state<c>_<n>`, a
 * form only such instructions print, survived 60 s of every vISA target). */
static sf_code sf_visa_print_any(const void *in, char *buf, size_t n, sf_status *st) {
  return sf_visa_print((const sf_inst *)in, NULL, buf, n, st);
}

static sf_code sf_visa_parse_any(const void *ctx, const char *text, size_t n, sf_status *st) {
  (void)ctx;
  sf_inst tmp;
  memset(&tmp, 0, sizeof tmp);
  return sf_visa_parse(text, n, NULL, &tmp, st);
}

/* print -> parse -> print (the fixpoint, checked with the fit contract), and one negative edit of the text. When the text parses back, *reparsed
 * (if given) gets the parsed instruction as the parser returned it, and *have is set. */
static bool sf_check_visa_textview(sf_verdict *v, const sf_inst *canon, bool must_print, sf_inst *reparsed,
                                   bool *have) {
  if (have) *have = false;
  char t1[SF_TEXT_CAP];
  sf_status st;
  sf_status_clear(&st);
  if (sf_visa_print(canon, NULL, t1, sizeof t1, &st) != SF_OK) {
    if (!must_print) return true;
    char why[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "print", canon, "valid");
    sf_verdict_key(v, "print code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "a valid instruction does not print: %s\n", sf_status_format(&st, why, sizeof why));
    sf_verdict_dump_inst(v, "instruction", canon);
    return false;
  }
  if (!sf_check_visa_names(v, canon, t1) || !sf_check_visa_minus_zero(v, canon, t1, strlen(t1))) return false;
  sf_inst back;
  memset(&back, 0, sizeof back);
  sf_status_clear(&st);
  if (sf_visa_parse(t1, strlen(t1), NULL, &back, &st) != SF_OK) {
    if (!must_print) return true;
    char why[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "reparse", canon, "refused");
    sf_verdict_key(v, "reparse code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "printed text does not parse: %s\ntext: %s\n", sf_status_format(&st, why, sizeof why), t1);
    return false;
  }
  if (reparsed) { /* as parsed, before canonicalization */
    *reparsed = back;
    *have = true;
  }
  sf_inst_canonicalize(&back);
  if (!sf_inst_equal(canon, &back)) {
    sf_verdict_dumpf(v, "text: %s\n", t1);
    return sf_fail_diff(v, "reparse", canon, &back, "before print", "after parse");
  }
  return sf_check_print_fixpoint_fit(v, canon, sf_visa_print_any, canon, &back, t1) &&
         sf_check_negative_text(v, canon, sf_visa_parse_any, NULL, t1, 0) &&
         sf_check_relayout_text(v, "visa instruction", sf_canon_visa_inst, t1) && sf_check_visa_respell(v, canon, t1);
}

/* encode -> decode of an instruction; exact identity (don't-care bits included). When `bytes` is
 * non-NULL, the encoding must also equal bytes[0..nbytes). */
static bool sf_check_visa_reencode(sf_verdict *v, const sf_inst *in, const uint8_t *bytes, size_t nbytes,
                                   bool must_encode) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf out;
  sf_buf_init(&out, &st);
  out.limit = 4096;
  bool ok = true;
  if (sf_visa_encode(in, &out, &st) != SF_OK) {
    if (must_encode) {
      char why[SF_STATUS_MSG_MAX + 64];
      sf_verdict_fail(v, "encode", in, "refused");
      sf_verdict_key(v, "encode code=%s", sf_code_name(st.code));
      sf_verdict_dumpf(v, "encoder refused: %s\n", sf_status_format(&st, why, sizeof why));
      sf_verdict_dump_inst(v, "instruction", in);
      ok = false;
    }
    sf_buf_free(&out);
    return ok;
  }
  if (bytes && (out.len != nbytes || memcmp(out.data, bytes, nbytes) != 0)) {
    size_t at = 0;
    while (at < nbytes && at < out.len && out.data[at] == bytes[at]) at++;
    sf_verdict_fail(v, "reencode", in, out.len != nbytes ? "length" : "bytes");
    sf_verdict_key(v, "reencode %s", out.len != nbytes ? "length" : "bytes");
    sf_verdict_dumpf(v, "encode(decode(x)) != x: first difference at byte %zu\n", at);
    sf_verdict_dump_hex(v, "input  ", bytes, nbytes);
    sf_verdict_dump_hex(v, "encoded", out.data, out.len);
    sf_verdict_dump_inst(v, "decoded", in);
    sf_buf_free(&out);
    return false;
  }
  sf_inst back;
  memset(&back, 0, sizeof back);
  size_t used = 0;
  sf_status_clear(&st);
  if (sf_visa_decode(out.data, out.len, 0, &back, &used, &st) != SF_OK) {
    char why[SF_STATUS_MSG_MAX + 64];
    sf_verdict_fail(v, "redecode", in, "refused");
    sf_verdict_key(v, "redecode code=%s", sf_code_name(st.code));
    sf_verdict_dumpf(v, "decoder refused the encoder's output: %s\n", sf_status_format(&st, why, sizeof why));
    sf_verdict_dump_hex(v, "encoded", out.data, out.len);
    sf_verdict_dump_inst(v, "instruction", in);
    ok = false;
  } else if (used != out.len) {
    sf_verdict_fail(v, "redecode", in, "length");
    sf_verdict_key(v, "redecode length");
    sf_verdict_dumpf(v, "decoder consumed %zu of %zu encoded bytes\n", used, out.len);
    sf_verdict_dump_hex(v, "encoded", out.data, out.len);
    ok = false;
  } else if (!sf_inst_equal(in, &back)) {
    sf_verdict_dump_hex(v, "encoded", out.data, out.len);
    ok = sf_fail_diff(v, "redecode", in, &back, "encoded", "decoded");
  }
  sf_buf_free(&out);
  return ok;
}

bool sf_check_visa_bin(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "visa_bin");
  if (!sf_check_api_nulls_once(v)) return false;
  if (n > SF_CHECK_MAX_BIN) n = SF_CHECK_MAX_BIN;
  if (!sf_check_model_core(v, p, n)) return false;
  sf_inst in;
  memset(&in, 0, sizeof in);
  size_t used = (size_t)-1; /* visa.h: 0 after a refusal, which this value is not */
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_visa_decode(p, n, 0, &in, &used, &st);
  if (rc != SF_OK) {
    if (!sf_check_refusal_code(v, "decode", rc, &st) || !sf_check_refusal_at(v, "decode", &st, NULL, p, n, true) ||
        !sf_check_used_zero(v, "decode", used, &st))
      return false;
    sf_verdict_refuse(v, &st);
    return true;
  }
  if (in.family != SF_FAMILY_SAMPLE_UNORM && in.family != SF_FAMILY_SAMPLE_3D && in.family != SF_FAMILY_AVS) {
    sf_verdict_fail(v, "decode", &in, "family");
    sf_verdict_key(v, "family=%s", sf_family_tag(in.family));
    sf_verdict_dump_hex(v, "input", p, n);
    return false;
  }
  if (used == 0 || used > n) {
    sf_verdict_fail(v, "decode", &in, "length");
    sf_verdict_key(v, "decode length");
    sf_verdict_dumpf(v, "decoder reports %zu bytes used of %zu\n", used, n);
    return false;
  }
  if (!sf_check_model_inst(v, &in, sf_check_draw(p, n)) || !sf_check_encode_fits(v, &in, p[n - 1]) || !sf_check_id_fits_once(v) ||
      !sf_check_visa_print_refuses(v, &in, p[n - 1]))
    return false;
  /* 1. Lossless: encode(decode(x)) == x. */
  if (!sf_check_visa_reencode(v, &in, p, used, true)) return false;
  /* 2. The canonical form is a fixed point of encode -> decode, and canonicalize is idempotent. */
  sf_inst canon = in;
  sf_inst_canonicalize(&canon);
  sf_inst canon2 = canon;
  sf_inst_canonicalize(&canon2);
  if (!sf_inst_equal(&canon, &canon2)) return sf_fail_diff(v, "canonicalize", &canon, &canon2, "once", "twice");
  /* When the input had no don't-care bits set, canon is the decoded instruction, whose round trip
   * step 1 has just checked: encode and validate are functions of the instruction, so the second
   * round trip and the second validation would repeat the first. */
  bool same = sf_inst_equal(&in, &canon);
  if (!same && !sf_check_visa_reencode(v, &canon, NULL, 0, true)) return false;
  /* 3. Validate agrees between the decoded and the canonical instruction: don't-care bits are not
   *    rules (inst.h), so clearing them must not change the verdict. */
  sf_violations va, vb; /* rules only: the reports print rule names, and a pass formats nothing */
  sf_inst_validate_rules(&in, &va);
  const sf_violations *cv = &va; /* the canonical form's violations */
  if (!same) {
    sf_inst_validate_rules(&canon, &vb);
    cv = &vb;
  }
  if (!sf_same_violations(&va, cv)) {
    sf_verdict_fail(v, "validate", &in, "canonical");
    sf_verdict_key(v, "validate canonical");
    sf_dump_violations(v, "decoded", &va);
    sf_dump_violations(v, "canonical", cv);
    sf_verdict_dump_inst(v, "instruction", &canon);
    return false;
  }
  /*    And the validator reports each of its rules when an edit breaks it (check_visa_rules.c). */
  if (va.total == 0 && !sf_check_visa_rules_seen(v, &in)) return false;
  /* 4. Text view (it must print and read back, valid or not), and validate agrees across it. */
  sf_inst back;
  bool have = false;
  if (!sf_check_visa_textview(v, &canon, true, &back, &have)) return false;
  if (have) { /* the text view parsed back: as parsed, it must validate like the canonical form */
    sf_violations vc;
    sf_inst_validate_rules(&back, &vc);
    if (!sf_same_violations(cv, &vc)) {
      char t1[SF_TEXT_CAP];
      sf_status_clear(&st);
      if (sf_visa_print(&canon, NULL, t1, sizeof t1, &st) != SF_OK) t1[0] = 0;
      sf_verdict_fail(v, "validate", &in, "text");
      sf_verdict_key(v, "validate text");
      sf_dump_violations(v, "canonical", cv);
      sf_dump_violations(v, "reparsed", &vc);
      sf_verdict_dumpf(v, "text: %s\n", t1);
      return false;
    }
  }
  return true;
}

/* `char_class`: the vISA lexer reads its character classes and case folding from tables
 * (harness/visa/visa_chars.c), which must say what their definition says: blanks are space, tab and
 * CR; an identifier starts with a letter, '_', '$' or '@'; '%' starts a predefined name; digits are
 * 0-9; folding lowers A-Z only. A byte the tables misclass (a high byte taken for a blank, 0xaf
 * folded to 0xb0) changes only texts that hold it, which a printer never writes and a fuzzer
 * rarely tries: every byte is checked against the definition, once per process (256 table reads;
 * one byte an input, its last, left a high byte's fold unseen for a minute). */
static bool visa_char(sf_verdict *v, unsigned char b) {
  unsigned want = (b == ' ' || b == '\t' || b == '\r') ? 1u : 0u;
  bool alpha = (b >= 'A' && b <= 'Z') || (b >= 'a' && b <= 'z');
  if (alpha || b == '_' || b == '$' || b == '@') want |= 2u;
  if (b == '%') want |= 4u;
  if (b >= '0' && b <= '9') want |= 8u;
  unsigned char lower = (unsigned char)(b >= 'A' && b <= 'Z' ? b + 32 : b);
  if (sf_visa_cc[b] == want && sf_visa_lower[b] == lower) return true;
  sf_verdict_fail(v, "char_class", NULL, "table");
  sf_verdict_key(v, "char_class 0x%02x", (unsigned)b);
  sf_verdict_dumpf(v, "byte 0x%02x: class bits %u (want %u), folds to 0x%02x (want 0x%02x)\n", (unsigned)b,
                   (unsigned)sf_visa_cc[b], want, (unsigned)sf_visa_lower[b], (unsigned)lower);
  return false;
}
static bool visa_chars(sf_verdict *v) {
  for (unsigned b = 0; b < 256; b++)
    if (!visa_char(v, (unsigned char)b)) return false;
  return true;
}
static SF_CHECK_ONCE_FN(visa_chars)

/* `one_line_rows` (visa_text, once per process): the one-instruction parser reads only the sampler
 * families, and its refusal of any other mnemonic of the op table (each row's name, each sub-op's,
 * the sampler rows' own aside) is SF_UNSUPPORTED at column 1 with a message that tells the two
 * cases apart: an instruction with a text form is read in a whole kernel ("whole kernels read it"),
 * one without (a reserved number, a row whose syntax class is none) has "no text form". A message
 * that sent a user to whole kernels for an instruction they cannot read either is wrong. */
static bool one_line_rows(sf_verdict *v) {
  for (unsigned op = 0; op < sf_visa_optab_count(); op++) {
    const sf_visa_opdesc *d = sf_visa_optab((uint8_t)op);
    if (!d || !d->name || op == 0x41 || op == 0x43 || (op >= 0x6d && op <= 0x70)) continue; /* the sampler rows */
    bool va = d->subs && d->subs[0].syn == SF_VSYN_VA;
    unsigned nn = d->subs && !va ? d->num_subs : 1u;
    for (unsigned q = 0; q < nn; q++) {
      const char *name = d->subs && !va ? d->subs[q].name : d->name;
      bool text = va || (d->subs ? d->subs[q].syn : d->syn) != SF_VSYN_NONE;
      if (!name || !*name || (d->subs && !va && d->subs[q].value < 0)) continue;
      sf_inst in;
      sf_status st;
      sf_status_clear(&st);
      sf_code rc = sf_visa_parse(name, strlen(name), NULL, &in, &st);
      bool says = strstr(st.msg, "whole kernels read it") != NULL, none = strstr(st.msg, "no text form") != NULL;
      if (rc == SF_UNSUPPORTED && st.pos_kind == SF_POS_TEXT && st.col == 1 && says == text && none == !text) continue;
      sf_verdict_fail(v, "one_line_rows", NULL, text ? "text" : "no_text");
      sf_verdict_key(v, "one_line_rows %s %s", text ? "text" : "no_text", sf_code_name(rc));
      sf_verdict_dumpf(v, "the line '%s' (opcode 0x%02x, %s) gave %s at column %u: %s; want unsupported at column 1, "
                          "the message saying %s\n", name, op, text ? "a text form" : "no text form", sf_code_name(rc),
                       (unsigned)st.col, st.msg, text ? "whole kernels read it" : "it has no text form");
      return false;
    }
  }
  return true;
}
static SF_CHECK_ONCE_FN(one_line_rows)

bool sf_check_visa_text(const char *text, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "visa_text");
  if (!sf_check_api_nulls_once(v) || !one_line_rows_once(v) || !visa_chars_once(v)) return false;
  if (n > SF_CHECK_MAX_TEXT) n = SF_CHECK_MAX_TEXT;
  sf_inst a;
  memset(&a, 0, sizeof a);
  sf_status st;
  sf_status_clear(&st);
  sf_code rc = sf_visa_parse(text, n, NULL, &a, &st);
  if (rc != SF_OK) {
    if (!sf_check_refusal_code(v, "parse", rc, &st) || !sf_check_refusal_at(v, "parse", &st, NULL, text, n, true))
      return false;
    sf_verdict_refuse(v, &st);
    return true;
  }
  sf_inst canon = a;
  sf_inst_canonicalize(&canon);
  if (!sf_inst_equal(&a, &canon)) return sf_fail_diff(v, "parse", &a, &canon, "parsed", "canonical");
  sf_violations va;
  sf_inst_validate_rules(&a, &va);
  if (!sf_check_visa_textview(v, &a, true, NULL, NULL)) return false;
  if (!sf_check_visa_reencode(v, &a, NULL, 0, va.total == 0)) return false;
  return true;
}

bool sf_check_inst_views(const sf_inst *in, sf_verdict *v) {
  sf_verdict_init(v, "views");
  if (in->family == SF_FAMILY_D3D) {
    bool ok = sf_check_d3d_views(&in->d3d, v);
    if (v->kind == SF_VERDICT_FAIL) snprintf(v->oracle, sizeof v->oracle, "views");
    return ok;
  }
  sf_inst canon = *in;
  sf_inst_canonicalize(&canon);
  bool valid = sf_inst_validate(&canon, NULL) == 0;
  if (!sf_check_visa_reencode(v, &canon, NULL, 0, valid)) return false;
  if (!sf_check_visa_textview(v, &canon, valid, NULL, NULL)) return false;
  return true;
}
