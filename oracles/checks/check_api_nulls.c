/* check_api_nulls.c — `api_nulls`: the codecs' public entry points refuse a NULL argument.
 *
 * Every entry point of include/samplefuzz/visa.h and dxbc.h that takes a pointer refuses a NULL one
 * with SF_ERR_INVALID (docs/oracles.md "api_nulls"). The targets never pass NULL themselves, so a
 * guard that is broken (`!a || !b` turned into `!a && !b`, a test deleted) is invisible to every
 * other check, and a library user who passes NULL by mistake gets a crash instead of an error.
 * Each call here passes exactly one NULL argument and otherwise valid ones (a generated valid
 * instruction, its bytes, its text, a generated .isa file), so that a broken guard runs on into the
 * work and dereferences the NULL one (a crash under the sanitizers) or returns another code (a
 * finding). The vISA declaration builders are also asked for what a var_info cannot hold and must
 * answer exactly -1 with a status. The work is fixed: it runs once per process, on the first input of a codec target
 * (sf_check_api_nulls_once), and costs a few hundred microseconds there. Under ASan it also runs
 * `tail_poison` (below). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__GLIBC__)
#include <malloc.h> /* malloc_usable_size: the block sf_visa_grow reuses */
#endif

#include "harness/model/asan_tail.h"
#include "harness/visa/visa_kernel_priv.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/visa.h"

typedef struct {
  sf_verdict *v;
  bool ok;
} nulls;

static void finding(nulls *n, const char *call, const char *got) {
  if (!n->ok) return;
  n->ok = false;
  sf_verdict_fail(n->v, "api_nulls", NULL, call);
  sf_verdict_key(n->v, "api_nulls %s", call);
  sf_verdict_dumpf(n->v, "%s with one NULL argument %s\n", call, got);
}

/* One call's result: SF_ERR_INVALID is the contract; anything else is a finding named by call. A
 * message that names a function of the API (a word starting "sf_") names the one called: a guard
 * deleted lets the call run on into a callee whose own guard answers with the same code, and its
 * message then sends the user to a function they did not call. */
static void want_invalid(nulls *n, const char *call, sf_code rc, const sf_status *st) {
  char got[sizeof st->msg + 80];
  if (rc != SF_ERR_INVALID) {
    snprintf(got, sizeof got, "returned %s (%s); want SF_ERR_INVALID", sf_code_name(rc), st->msg);
    finding(n, call, got);
    return;
  }
  size_t cn = strcspn(call, "(");
  for (const char *m = strstr(st->msg, "sf_"); m; m = strstr(m + 1, "sf_")) {
    if (m > st->msg && (m[-1] == '_' || (m[-1] >= 'a' && m[-1] <= 'z') || (m[-1] >= '0' && m[-1] <= '9'))) continue;
    size_t w = 0;
    while (m[w] == '_' || (m[w] >= 'a' && m[w] <= 'z') || (m[w] >= '0' && m[w] <= '9')) w++;
    if (w == cn && memcmp(m, call, cn) == 0) continue;
    snprintf(got, sizeof got, "returned SF_ERR_INVALID with \"%s\", which names %.*s", st->msg, (int)w, m);
    finding(n, call, got);
    return;
  }
}

/* Fixed generator bytes: a valid instruction of the family, the same in every process. */
static void gen_valid(sf_family fam, sf_inst *out) {
  static const uint8_t bytes[64] = {7, 1, 3, 0, 2, 5, 1, 0, 4, 1, 2, 3, 0, 1, 6, 2, 1, 1, 0, 3, 2, 2, 1, 0, 5, 3, 1,
                                    2, 0, 1, 4, 1, 3, 2, 1, 0, 2, 1, 1, 3, 0, 2, 1, 5, 2, 0, 1, 3, 2, 1, 0, 4, 1, 2,
                                    3, 1, 0, 2, 1, 3, 1, 0, 2, 1};
  sf_fdp f;
  sf_fdp_init(&f, bytes, sizeof bytes);
  memset(out, 0, sizeof *out);
  sf_gen_inst(&f, fam, SF_GEN_VALID, out);
}

/* One call with one NULL argument, in a function with locals st (sf_status), out (sf_buf) and n:
 * its result judged, out emptied for the next. */
#define CALL(name, expr)           \
  do {                             \
    sf_status_clear(&st);          \
    sf_code rc_ = (expr);          \
    want_invalid(n, name, rc_, &st); \
    sf_buf_free(&out);             \
    sf_buf_init(&out, NULL);       \
  } while (0)


/* `w` printed into pbuf and encoded, each with its own status: the printer's code returned, the
 * encoder's in *er. */
static sf_code print_and_encode(const sf_d3d_inst *w, char *pbuf, size_t pn, sf_status *s1, sf_code *er, sf_status *s2) {
  uint32_t tk[SF_TPF_MAX_INST_LEN];
  size_t tn = 0;
  sf_status_clear(s1);
  sf_status_clear(s2);
  *er = sf_tpf_encode_inst(w, tk, &tn, s2);
  return sf_d3dasm_print_inst(w, pbuf, pn, s1);
}
static void d3d_nulls(nulls *n) {
  sf_status st;
  sf_inst in;
  gen_valid(SF_FAMILY_D3D, &in);
  const sf_d3d_inst *d = &in.d3d;
  uint32_t tok[SF_TPF_MAX_INST_LEN];
  size_t ntok = 0, used = 0;
  sf_status_clear(&st);
  if (sf_tpf_encode_inst(d, tok, &ntok, &st) != SF_OK) ntok = 0;
  sf_d3d_inst dd;
  char text[512];
  sf_status_clear(&st);
  if (sf_d3dasm_print_inst(d, text, sizeof text, &st) != SF_OK) text[0] = 0;
  size_t tlen = strlen(text);
  sf_buf box, out;
  sf_buf_init(&box, NULL);
  sf_buf_init(&out, NULL);
  sf_status_clear(&st);
  sf_code wrapped = sf_dxbc_wrap_sample(d, 0, &box, &st);
  sf_tpf_program p;
  memset(&p, 0, sizeof p);
  sf_status_clear(&st);
  sf_code prog = sf_dxbc_wrap_program(d, 0, &p, &st);
  sf_dxbc c;
  memset(&c, 0, sizeof c);

  /* the refused encodes get a length of their own: an encode sets *len to 0 before it checks its
   * arguments, which zeroed ntok here and skipped the four token calls below until 2026-11-29 */
  size_t nscratch = 0;
  CALL("sf_tpf_encode_inst(NULL inst)", sf_tpf_encode_inst(NULL, tok, &nscratch, &st));
  CALL("sf_tpf_encode_inst(NULL out)", sf_tpf_encode_inst(d, NULL, &nscratch, &st));
  if (!ntok) {
    finding(n, "sf_tpf_encode_inst", "could not encode the generated valid instruction the token calls need");
  } else {
    CALL("sf_tpf_decode_inst(NULL tokens)", sf_tpf_decode_inst(NULL, ntok, 0, &dd, &used, &st));
    CALL("sf_tpf_decode_inst(NULL out)", sf_tpf_decode_inst(tok, ntok, 0, NULL, &used, &st));
    CALL("sf_d3dasm_print_tokens(NULL tokens)", sf_d3dasm_print_tokens(NULL, ntok, 0x50, &out, &st));
    CALL("sf_d3dasm_print_tokens(NULL out)", sf_d3dasm_print_tokens(tok, ntok, 0x50, NULL, &st));
  }
  CALL("sf_d3dasm_print_inst(NULL inst)", sf_d3dasm_print_inst(NULL, text, sizeof text, &st));
  CALL("sf_d3dasm_print_inst(NULL buffer)", sf_d3dasm_print_inst(d, NULL, sizeof text, &st));
  CALL("sf_d3dasm_print_inst(buffer of 0 bytes)", sf_d3dasm_print_inst(d, text, 0, &st));
  if (!tlen) finding(n, "sf_d3dasm_print_inst", "could not print the generated valid instruction the parse calls need");
  if (prog != SF_OK) finding(n, "sf_dxbc_wrap_program", "could not wrap the generated valid instruction the program calls need");
  if (tlen) {
    CALL("sf_d3dasm_parse_inst(NULL text)", sf_d3dasm_parse_inst(NULL, tlen, 1, &dd, &st));
    CALL("sf_d3dasm_parse_inst(NULL out)", sf_d3dasm_parse_inst(text, tlen, 1, NULL, &st));
  }
  CALL("sf_dxbc_wrap_sample(NULL inst)", sf_dxbc_wrap_sample(NULL, 0, &out, &st));
  CALL("sf_dxbc_wrap_sample(NULL out)", sf_dxbc_wrap_sample(d, 0, NULL, &st));
  CALL("sf_dxbc_wrap_program(NULL inst)", sf_dxbc_wrap_program(NULL, 0, &p, &st));
  CALL("sf_dxbc_wrap_program(NULL out)", sf_dxbc_wrap_program(d, 0, NULL, &st));
  { /* a source count past the operand array: refused as out of range (the encoder's answer), before
     * any source is read (under ASan a read of src[SF_D3D_MAX_SRC] is a finding) */
    sf_d3d_inst many = *d;
    many.num_src = SF_D3D_MAX_SRC + 1;
    sf_tpf_program q;
    memset(&q, 0, sizeof q);
    sf_status_clear(&st);
    sf_code rc = sf_dxbc_wrap_program(&many, 0, &q, &st);
    if (rc == SF_OK) sf_tpf_program_free(&q);
    if (rc != SF_ERR_RANGE && n->ok) {
      n->ok = false;
      sf_verdict_fail(n->v, "api_nulls", NULL, "sf_dxbc_wrap_program(num_src)");
      sf_verdict_key(n->v, "api_nulls sf_dxbc_wrap_program num_src");
      sf_verdict_dumpf(n->v, "sf_dxbc_wrap_program of an instruction with %u sources (the array holds %u) gave %s (%s), "
                       "want out of range\n", many.num_src, SF_D3D_MAX_SRC, sf_code_name(rc), st.msg);
    }
    /* equality and the diff compare at most the array's sources: two copies, each in a block of
     * exactly its size (a read past src[] is ASan's finding), are the same instruction */
    sf_d3d_inst *h1 = malloc(sizeof *h1), *h2 = malloc(sizeof *h2);
    char db[64];
    if (h1 && h2 && n->ok) {
      *h1 = many, *h2 = many;
      const char *df = sf_d3d_inst_diff(h1, h2, db, sizeof db);
      if (!sf_d3d_inst_equal(h1, h2) || !df || *df) {
        n->ok = false;
        sf_verdict_fail(n->v, "api_nulls", NULL, "sf_d3d_inst_equal(num_src)");
        sf_verdict_key(n->v, "api_nulls sf_d3d_inst_equal num_src");
        sf_verdict_dumpf(n->v, "two copies of an instruction with %u sources (the array holds %u) are not equal: %s\n",
                         many.num_src, SF_D3D_MAX_SRC, df ? df : "(null diff)");
      }
    }
    free(h1);
    free(h2);
  }
  if (d->src[0].type != SF_D3D_OT_IMM32) { /* a relative index whose register has 3 indices (the token
     * format holds 2): the printer refuses it as invalid, as the encoder does, rather than print the
     * first two */
    sf_d3d_inst rel = *d;
    sf_d3d_opnd *o = &rel.src[0];
    if (o->index_dim == 0) o->index_dim = 1, o->idx[0].rep = SF_D3D_IDX_IMM32;
    sf_d3d_index *x = &o->idx[o->index_dim - 1];
    x->rep = SF_D3D_IDX_IMM32_REL;
    memset(&x->rel, 0, sizeof x->rel);
    x->rel.type = SF_D3D_OT_TEMP, x->rel.num_comp = SF_D3D_NC_4, x->rel.sel_mode = SF_D3D_SEL_SELECT1, x->rel.index_dim = 3;
    char pbuf[SF_D3DASM_MAX_INST_TEXT];
    sf_status s1, s2;
    sf_code er, pr = print_and_encode(&rel, pbuf, sizeof pbuf, &s1, &er, &s2);
    char want[64];
    snprintf(want, sizeof want, "source 0: index %u's relative register has 3 indices", (unsigned)o->index_dim - 1);
    if ((pr != SF_ERR_INVALID || !strstr(s1.msg, want) || er != SF_ERR_INVALID) && n->ok) {
      n->ok = false;
      sf_verdict_fail(n->v, "api_nulls", NULL, "sf_d3dasm_print_inst(rel 3-D)");
      sf_verdict_key(n->v, "api_nulls sf_d3dasm_print_inst rel_3d");
      sf_verdict_dumpf(n->v, "an instruction whose relative index's register has 3 indices: the printer gave %s (%s), the "
                       "encoder %s (%s); want invalid from both, the printer saying \"%s\"\n", sf_code_name(pr), pr ? s1.msg : pbuf,
                       sf_code_name(er), s2.msg, want);
    }
  }
  /* an operand with 4 indices (the token format holds 3), the destination or the address by the
   * instruction's opcode, then a precise mask of 5 bits (the token holds 4): the printer refuses
   * each as out of range, as the encoder does, rather than print the first three indices or lose
   * the fifth bit */
  for (unsigned k = 0; k < 2; k++) {
    sf_d3d_inst wide = *d;
    sf_d3d_opnd *o = (d->op & 1u) ? &wide.dst : &wide.src[0];
    if (k) wide.precise = 0x1F;
    else o->index_dim = 4;
    char pbuf[SF_D3DASM_MAX_INST_TEXT];
    sf_status s1, s2;
    sf_code er, pr = print_and_encode(&wide, pbuf, sizeof pbuf, &s1, &er, &s2);
    const char *want = k ? "precise mask 0x1f does not fit 4 bits"
                         : (d->op & 1u) ? "destination: index dimension 4" : "source 0: index dimension 4";
    if ((pr != SF_ERR_RANGE || !strstr(s1.msg, want) || er != SF_ERR_RANGE) && n->ok) {
      n->ok = false;
      sf_verdict_fail(n->v, "api_nulls", NULL, k ? "sf_d3dasm_print_inst(precise 0x1f)" : "sf_d3dasm_print_inst(4 indices)");
      sf_verdict_key(n->v, "api_nulls sf_d3dasm_print_inst %s", k ? "precise_5_bits" : "index_dim_4");
      sf_verdict_dumpf(n->v, "an instruction whose %s: the printer gave %s (%s), the encoder %s (%s); want out of range "
                       "from both, the printer saying \"%s\"\n", k ? "precise mask is 0x1f" : (d->op & 1u) ? "destination has 4 indices" : "address has 4 indices",
                       sf_code_name(pr), pr ? s1.msg : pbuf, sf_code_name(er), s2.msg, want);
    }
  }
  if (prog == SF_OK) {
    CALL("sf_tpf_program_encode(NULL program)", sf_tpf_program_encode(NULL, &out, &st));
    CALL("sf_tpf_program_encode(NULL out)", sf_tpf_program_encode(&p, NULL, &st));
    CALL("sf_d3dasm_print_program(NULL program)", sf_d3dasm_print_program(NULL, &out, &st));
    CALL("sf_d3dasm_print_program(NULL out)", sf_d3dasm_print_program(&p, NULL, &st));
    sf_buf pb, pt;
    sf_buf_init(&pb, NULL);
    sf_buf_init(&pt, NULL);
    sf_tpf_program q;
    memset(&q, 0, sizeof q);
    sf_status_clear(&st);
    if (sf_tpf_program_encode(&p, &pb, &st) == SF_OK) {
      CALL("sf_tpf_program_decode(NULL data)", sf_tpf_program_decode(NULL, pb.len, &q, &st));
      sf_tpf_program_free(&q);
      CALL("sf_tpf_program_decode(NULL out)", sf_tpf_program_decode(pb.data, pb.len, NULL, &st));
    }
    sf_status_clear(&st);
    if (sf_d3dasm_print_program(&p, &pt, &st) == SF_OK) {
      CALL("sf_d3dasm_parse_program(NULL text)", sf_d3dasm_parse_program(NULL, pt.len, &q, &st));
      sf_tpf_program_free(&q);
      CALL("sf_d3dasm_parse_program(NULL out)", sf_d3dasm_parse_program((const char *)pt.data, pt.len, NULL, &st));
    }
    sf_buf_free(&pb);
    sf_buf_free(&pt);
    /* a program built by hand whose sample instruction has more sources than the array holds: the
     * program printer refuses it as the instruction printer does, not with a blank line and SF_OK */
    for (size_t i = 0; i < p.count; i++) {
      if (p.items[i].kind != SF_TPF_ITEM_SAMPLE || !p.items[i].inst) continue;
      uint8_t keep = p.items[i].inst->num_src;
      p.items[i].inst->num_src = SF_D3D_MAX_SRC + 1;
      sf_buf_init(&pt, NULL);
      sf_status_clear(&st);
      sf_code rc = sf_d3dasm_print_program(&p, &pt, &st);
      p.items[i].inst->num_src = keep;
      sf_buf_free(&pt);
      if (rc != SF_ERR_RANGE && n->ok) {
        n->ok = false;
        sf_verdict_fail(n->v, "api_nulls", NULL, "sf_d3dasm_print_program(num_src)");
        sf_verdict_key(n->v, "api_nulls sf_d3dasm_print_program num_src");
        sf_verdict_dumpf(n->v, "sf_d3dasm_print_program of a program whose item %zu has %u sources (the array holds %u) "
                         "gave %s (%s), want out of range\n", i, SF_D3D_MAX_SRC + 1, SF_D3D_MAX_SRC, sf_code_name(rc), st.msg);
      }
      break;
    }
  }
  if (wrapped == SF_OK) {
    CALL("sf_dxbc_read(NULL data)", sf_dxbc_read(NULL, box.len, &c, &st));
    sf_dxbc_free(&c);
    CALL("sf_dxbc_read(NULL out)", sf_dxbc_read(box.data, box.len, NULL, &st));
    { /* and a flag the writer does not know (dxbc.h: only SF_DXBC_WRITE_ZERO_CHECKSUM): refused as
       * invalid, naming the flags, nothing written */
      static const uint8_t four[4] = {1, 2, 3, 4};
      const sf_dxbc_chunk one = {0x54534554u, 0, sizeof four, four};
      sf_status_clear(&st);
      sf_code rc = sf_dxbc_write_ex(&one, 1, SF_DXBC_WRITE_ZERO_CHECKSUM << 1, &out, &st);
      char want[48], got[SF_STATUS_MSG_MAX + 160];
      snprintf(want, sizeof want, "unknown flags 0x%x", SF_DXBC_WRITE_ZERO_CHECKSUM << 1);
      if ((rc != SF_ERR_INVALID || !strstr(st.msg, want) || out.len) && n->ok) {
        n->ok = false;
        snprintf(got, sizeof got, "returned %s (%s), %zu bytes; want invalid naming \"%s\"", sf_code_name(rc), st.msg, out.len, want);
        sf_verdict_fail(n->v, "api_nulls", NULL, "sf_dxbc_write_ex(unknown flag)");
        sf_verdict_key(n->v, "api_nulls sf_dxbc_write_ex unknown_flag");
        sf_verdict_dumpf(n->v, "sf_dxbc_write_ex with a flag it does not know %s\n", got);
      }
      sf_buf_free(&out);
      sf_buf_init(&out, NULL);
    }
    CALL("sf_dxbc_print_text(NULL data)", sf_dxbc_print_text(NULL, box.len, &out, &st));
    CALL("sf_dxbc_print_text(NULL out)", sf_dxbc_print_text(box.data, box.len, NULL, &st));
    sf_status_clear(&st);
    if (sf_dxbc_print_text(box.data, box.len, &out, &st) == SF_OK) {
      sf_buf ctext = out;
      sf_buf_init(&out, NULL);
      CALL("sf_dxbc_parse_text(NULL text)", sf_dxbc_parse_text(NULL, ctext.len, &out, &st));
      CALL("sf_dxbc_parse_text(NULL out)", sf_dxbc_parse_text((const char *)ctext.data, ctext.len, NULL, &st));
      /* no status (a caller that wants only the code): the same code, and the same bytes */
      sf_buf with, without;
      sf_buf_init(&with, NULL);
      sf_buf_init(&without, NULL);
      sf_status_clear(&st);
      sf_code r1 = sf_dxbc_parse_text((const char *)ctext.data, ctext.len, &with, &st);
      sf_code r2 = sf_dxbc_parse_text((const char *)ctext.data, ctext.len, &without, NULL);
      if (r1 != r2 || with.len != without.len || (with.len && memcmp(with.data, without.data, with.len)))
        finding(n, "sf_dxbc_parse_text(NULL status)", "a different result than with a status");
      sf_buf_free(&with);
      sf_buf_free(&without);
      sf_buf_free(&ctext);
    }
    sf_status_clear(&st);
    if (sf_dxbc_read(box.data, box.len, &c, &st) == SF_OK && c.nchunks) {
      sf_dxbc_chunk ch = c.chunks[0];
      CALL("sf_dxbc_write(NULL chunks)", sf_dxbc_write(NULL, 1, &out, &st));
      CALL("sf_dxbc_write(NULL out)", sf_dxbc_write(&ch, 1, NULL, &st));
    }
    sf_dxbc_free(&c);
  }
  /* the opcode table's lookup by name finds no row for a NULL name, whatever the length (dxbc.h) */
  if (sf_tpf_opinfo_by_name(NULL, 6) != NULL) finding(n, "sf_tpf_opinfo_by_name(NULL name)", "gave a row, not NULL");
  /* and a NULL row has no operands (dxbc.h) */
  if (sf_tpf_opinfo_ndst(NULL) != 0) finding(n, "sf_tpf_opinfo_ndst(NULL row)", "gave a count, not 0");
  if (sf_tpf_opinfo_nsrc(NULL) != 0) finding(n, "sf_tpf_opinfo_nsrc(NULL row)", "gave a count, not 0");
  sf_tpf_program_free(&p);
  sf_buf_free(&box);
  sf_buf_free(&out);
}

static void visa_nulls(nulls *n) {
  sf_status st;
  sf_inst in, got;
  gen_valid(SF_FAMILY_SAMPLE_3D, &in);
  sf_visa_kernel k;
  memset(&k, 0, sizeof k);
  sf_status_clear(&st);
  bool have_k = sf_visa_kernel_init(&k, "api_nulls", &st) == SF_OK && sf_gen_kernel_decls(&k, &st) == SF_OK;
  sf_buf bin, out;
  sf_buf_init(&bin, NULL);
  sf_buf_init(&out, NULL);
  sf_status_clear(&st);
  bool have_bin = sf_visa_encode(&in, &bin, &st) == SF_OK;
  char text[1024];
  text[0] = 0;
  sf_status_clear(&st);
  if (have_k && sf_visa_print(&in, &k, text, sizeof text, &st) != SF_OK) text[0] = 0;
  size_t tlen = strlen(text), used = 0;
  static const uint8_t fbytes[48] = {3, 1, 2, 0, 1, 4, 2, 1, 0, 3, 1, 2, 2, 0, 1, 1, 3, 0, 2, 1, 1, 0, 2, 3,
                                     1, 2, 0, 1, 3, 1, 2, 0, 1, 1, 2, 0, 3, 1, 0, 2, 1, 2, 1, 0, 3, 2, 1, 1};
  sf_fdp f;
  sf_fdp_init(&f, fbytes, sizeof fbytes);
  sf_isa_file file, back;
  memset(&back, 0, sizeof back);
  sf_status_clear(&st);
  bool have_file = sf_gen_isa_file(&f, 0, &file, &st) == SF_OK;
  sf_buf isa, asmt;
  sf_buf_init(&isa, NULL);
  sf_buf_init(&asmt, NULL);
  sf_status_clear(&st);
  if (have_file && sf_isa_write(&file, &isa, &st) != SF_OK) isa.len = 0;
  sf_status_clear(&st);
  if (have_file && sf_visaasm_print(&file, &asmt, &st) != SF_OK) asmt.len = 0;

  /* the generated instruction is valid, so each call the NULL calls below start from must work */
  if (!have_k) finding(n, "sf_gen_kernel_decls", "could not build the kernel the calls below need");
  else if (!tlen) finding(n, "sf_visa_print", "could not print the generated valid instruction the parse calls need");
  if (!have_bin) finding(n, "sf_visa_encode", "could not encode the generated valid instruction the decode calls need");
  CALL("sf_visa_encode(NULL inst)", sf_visa_encode(NULL, &out, &st));
  CALL("sf_visa_encode(NULL out)", sf_visa_encode(&in, NULL, &st));
  if (have_bin) {
    CALL("sf_visa_decode(NULL bytes)", sf_visa_decode(NULL, bin.len, 0, &got, &used, &st));
    { /* the generic decoder likewise (its NULL output is refused too; nothing to free after either) */
      sf_visa_ginst gg;
      CALL("sf_visa_gen_decode(NULL bytes)", sf_visa_gen_decode(NULL, bin.len, 0, SF_VISA_FORM_SPEC, &gg, &used, &st));
      CALL("sf_visa_gen_decode(NULL out)", sf_visa_gen_decode(bin.data, bin.len, 0, SF_VISA_FORM_SPEC, NULL, &used, &st));
    }
    /* a NULL out is allowed here (visa.h): the instruction is checked and measured only */
    sf_status_clear(&st);
    used = 0;
    sf_code rc = sf_visa_decode(bin.data, bin.len, 0, NULL, &used, &st);
    if (rc != SF_OK || used != bin.len) {
      char why[sizeof st.msg + 96];
      snprintf(why, sizeof why, "returned %s (%s), %zu of %zu bytes used; want SF_OK and all of them (visa.h)",
               sf_code_name(rc), st.msg, used, bin.len);
      finding(n, "sf_visa_decode(NULL out)", why);
    }
  }
  if (have_k) {
    { /* refused: the buffer holds "" (visa.h), whatever it held, for a NULL instruction as for a short buffer */
      char tb[8];
      for (int way = 0; way < 2; way++) {
        memset(tb, 'x', sizeof tb);
        sf_status_clear(&st);
        sf_code rc = sf_visa_print(way ? &in : NULL, &k, tb, way ? 4 : sizeof tb, &st);
        if (!way) want_invalid(n, "sf_visa_print(NULL inst)", rc, &st);
        if (tb[0] != 0 || (way && rc != SF_ERR_LIMIT))
          finding(n, way ? "sf_visa_print(4-byte buffer)" : "sf_visa_print(NULL inst)",
                  way && rc != SF_ERR_LIMIT ? "a valid instruction printed into 4 bytes was not refused as over the limit"
                                           : "left text in the buffer after a refusal; want the empty string (visa.h)");
      }
    }
    CALL("sf_visa_print(NULL buffer)", sf_visa_print(&in, &k, NULL, sizeof text, &st));
    if (tlen) {
      CALL("sf_visa_parse(NULL text)", sf_visa_parse(NULL, tlen, &k, &got, &st));
      CALL("sf_visa_parse(NULL out)", sf_visa_parse(text, tlen, &k, NULL, &st));
    }
    CALL("sf_visa_kernel_add_inst(NULL kernel)", sf_visa_kernel_add_inst(NULL, &in, &st));
    CALL("sf_visa_kernel_add_inst(NULL inst)", sf_visa_kernel_add_inst(&k, NULL, &st));
    CALL("sf_visa_kernel_init(NULL kernel)", sf_visa_kernel_init(NULL, "api_nulls", &st));
    sf_visa_kernel unnamed;
    CALL("sf_visa_kernel_init(NULL name)", sf_visa_kernel_init(&unnamed, NULL, &st));
    sf_visa_kernel_free(&unnamed); /* left empty by the refusal (visa.h) */
    /* The declaration builders answer a refusal with exactly -1 and a status (visa.h), a NULL kernel,
     * each value a var_info cannot hold, and a name that is NULL, no identifier or already declared
     * (sf_gen_kernel_decls declared gv_a) alike. */
    static const struct { const char *call, *name; uint8_t type, align; uint16_t elts; sf_code want; } bad[] = {
        {"sf_visa_kernel_add_var(NULL kernel)", "api_bad", 0, 0, 1, SF_ERR_INVALID},
        {"sf_visa_kernel_add_var(type 16)", "api_bad", 16, 0, 1, SF_ERR_RANGE},
        {"sf_visa_kernel_add_var(align 16)", "api_bad", 0, 16, 1, SF_ERR_RANGE},
        {"sf_visa_kernel_add_var(0 elements)", "api_bad", 0, 0, 0, SF_ERR_RANGE},
        {"sf_visa_kernel_add_var(NULL name)", NULL, 0, 0, 1, SF_ERR_INVALID},
        {"sf_visa_kernel_add_var(name 1x)", "1x", 0, 0, 1, SF_ERR_INVALID},
        {"sf_visa_kernel_add_var(name a.b)", "a.b", 0, 0, 1, SF_ERR_INVALID},
        {"sf_visa_kernel_add_var(a declared name)", NULL, 0, 0, 1, SF_ERR_INVALID},
    };
    const char *declared = k.num_vars && k.vars ? sf_visa_kernel_string(&k, k.vars[0].name) : NULL;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
      sf_status_clear(&st);
      const char *name = i + 1 == sizeof bad / sizeof bad[0] ? declared : bad[i].name;
      if (i + 1 == sizeof bad / sizeof bad[0] && !name) break; /* no variable to declare again */
      uint32_t before = k.num_vars;
      int64_t r = sf_visa_kernel_add_var(i ? &k : NULL, name, bad[i].type, bad[i].elts, bad[i].align, &st);
      if (r == -1 && st.code == bad[i].want && k.num_vars == before) continue;
      if (r == -1 && st.code == bad[i].want) continue;
      char why[sizeof st.msg + 96];
      snprintf(why, sizeof why, "returned %lld with %s (%s), %u variables after %u; want -1, %s and none added", (long long)r,
               sf_code_name(st.code), st.msg, (unsigned)k.num_vars, (unsigned)before, sf_code_name(bad[i].want));
      finding(n, bad[i].call, why);
    }
    /* The text parser's label builder (visa_kernel_priv.h) refuses a NULL kernel and a NULL name
     * alike, with -1 and no label added. */
    for (int way = 0; way < 2; way++) {
      const char *call = way ? "sf_visa_kernel_add_label(NULL name)" : "sf_visa_kernel_add_label(NULL kernel)";
      uint32_t before = k.num_labels;
      sf_status_clear(&st);
      int64_t r = sf_visa_kernel_add_label(way ? &k : NULL, way ? NULL : "api_label", 9, 0, &st);
      if (r != -1 || k.num_labels != before) {
        finding(n, call, "did not return -1, or added a label");
        break;
      }
      want_invalid(n, call, st.code, &st);
    }
    /* The attribute builders refuse a NULL kernel, a NULL name and (raw bytes) a NULL value of 4
     * bytes alike, adding nothing: the value is copied from `value`. */
    static const char *const attr_calls[3] = {"sf_visa_kernel_add_string_attr(NULL kernel)",
                                              "sf_visa_kernel_add_string_attr(NULL name)",
                                              "sf_visa_kernel_add_attr(NULL value of 4 bytes)"};
    for (int way = 0; way < 3; way++) {
      uint32_t before = k.num_attrs;
      sf_status_clear(&st);
      sf_code r = way == 2 ? sf_visa_kernel_add_attr(&k, "api_attr", NULL, 4, &st)
                           : sf_visa_kernel_add_string_attr(way ? &k : NULL, way ? NULL : "api_attr", "v", &st);
      if (k.num_attrs != before) finding(n, attr_calls[way], "added an attribute");
      want_invalid(n, attr_calls[way], r, &st);
    }
    /* The name lookups answer NULL for a name they cannot reach (visa.h): no kernel, or a kernel
     * whose string table is NULL with a count (as the writer's checks below give it), which a
     * guard that tests the count alone would index. */
    if (sf_visa_var_name(NULL, SF_VISA_FIRST_USER_VAR) || sf_visa_kernel_string(NULL, 0))
      finding(n, "sf_visa_var_name(NULL kernel)", "returned a name");
    if (k.num_vars && k.vars && k.num_strings) {
      char **ks = k.strings;
      k.strings = NULL;
      const char *nm = sf_visa_var_name(&k, SF_VISA_FIRST_USER_VAR);
      k.strings = ks;
      if (nm) finding(n, "sf_visa_var_name(kernel strings NULL with a count)", "returned a name");
    }
  }
  {
    /* sf_inst_diff with no buffer (inst.h): a fixed name of the first difference, whatever n */
    sf_inst d3d;
    gen_valid(SF_FAMILY_D3D, &d3d);
    const char *r = sf_inst_diff(&in, &d3d, NULL, 64);
    if (!r || !r[0]) finding(n, "sf_inst_diff(NULL buffer)", "returned no description of two instructions of different families");
    /* two D3D instructions that differ, with no buffer (n given): a fixed, non-empty name */
    sf_inst d3d2 = d3d;
    d3d2.d3d.sat = !d3d2.d3d.sat;
    r = sf_inst_diff(&d3d, &d3d2, NULL, 64);
    if (!r || !r[0]) finding(n, "sf_inst_diff(NULL buffer, one family)", "returned no description of two different D3D instructions");
    /* the same for two vISA instructions (a 3D sample's exec size changed); and a buffer of size 0,
     * which neither family's diff may write (inst.h) */
    sf_inst v2 = in;
    v2.s3d.exec_size ^= 1;
    r = sf_inst_diff(&in, &v2, NULL, 64);
    if (!r || !r[0]) finding(n, "sf_inst_diff(NULL buffer, vISA)", "returned no description of two different vISA instructions");
    char nb[2] = "x";
    const char *r0[4] = {sf_inst_diff(&in, &v2, nb, 0), sf_inst_diff(&d3d, &d3d2, nb, 0),
                         sf_d3d_inst_diff(&d3d.d3d, &d3d2.d3d, nb, 0), sf_d3d_inst_diff(&d3d.d3d, &d3d2.d3d, NULL, 64)};
    for (unsigned q = 0; q < 4; q++)
      if (!r0[q] || !r0[q][0] || r0[q] == nb) finding(n, "sf_inst_diff(a buffer of size 0, or none)", "returned no fixed description");
    if (nb[0] != 'x') finding(n, "sf_inst_diff(a buffer of size 0)", "wrote into it");
    /* and with one, the description written there, naming the families (inst.h) */
    char fb[64];
    r = sf_inst_diff(&in, &d3d, fb, sizeof fb);
    if (r != fb || strncmp(fb, "family", 6) != 0)
      finding(n, "sf_inst_diff(two families)", "wrote no description of the family difference into the buffer");
    /* an immediate's values differ by their element, which the description names (inst.h: the
     * first difference's field) */
    sf_inst i0 = d3d, i1;
    memset(&i0.d3d.src[0], 0, sizeof i0.d3d.src[0]);
    i0.d3d.src[0].type = SF_D3D_OT_IMM32, i0.d3d.src[0].num_comp = SF_D3D_NC_4;
    i1 = i0;
    i1.d3d.src[0].imm[2] = 1;
    char ib[128];
    r = sf_inst_diff(&i0, &i1, ib, sizeof ib);
    if (!r || !strstr(r, "imm[2]")) finding(n, "sf_inst_diff(an immediate's element)", "did not name the element, imm[2]");
    /* two instructions of no family (SF_FAMILY_NONE, as memset leaves them) have no fields to
     * differ in: equal, "" with or without a buffer */
    sf_inst z0, z1;
    memset(&z0, 0, sizeof z0);
    memset(&z1, 0, sizeof z1);
    char zb[16] = "x";
    r = sf_inst_diff(&z0, &z1, NULL, 0);
    const char *rb = sf_inst_diff(&z0, &z1, zb, sizeof zb);
    if (!r || r[0] || !rb || rb[0] || !sf_inst_equal(&z0, &z1))
      finding(n, "sf_inst_diff(SF_FAMILY_NONE)", "two zeroed instructions are not equal, or their difference is not \"\"");
  }
  /* sf_violation_add with no list adds nothing (inst.h): a rule that reports into a caller's NULL */
  sf_violation_add(NULL, "api_nulls", "%s", "no list");
  /* sf_dxbc_find of no container finds no chunk (dxbc.h) */
  if (sf_dxbc_find(NULL, 0x52444853u) != NULL) finding(n, "sf_dxbc_find(NULL container)", "returned a chunk");
  if (have_file) {
    CALL("sf_isa_write(NULL file)", sf_isa_write(NULL, &out, &st));
    CALL("sf_isa_write(NULL out)", sf_isa_write(&file, NULL, &st));
    CALL("sf_visaasm_print(NULL file)", sf_visaasm_print(NULL, &out, &st));
    CALL("sf_visaasm_print(NULL out)", sf_visaasm_print(&file, NULL, &st));
    /* a kernel table with a count but no array: each of the four the writer walks, alone */
    if (file.num_kernels) {
      sf_visa_kernel *k0 = &file.kernels[0];
      uint32_t keep[4] = {k0->num_strings, k0->num_vars, k0->num_labels, k0->num_inputs};
      char **ks = k0->strings;
      sf_visa_var *kv = k0->vars;
      sf_visa_label *kl = k0->labels;
      sf_visa_input *ki = k0->inputs;
      k0->strings = NULL, k0->num_strings = keep[0] ? keep[0] : 1;
      CALL("sf_isa_write(kernel strings NULL with a count)", sf_isa_write(&file, &out, &st));
      k0->strings = ks, k0->num_strings = keep[0];
      k0->vars = NULL, k0->num_vars = keep[1] ? keep[1] : 1;
      CALL("sf_isa_write(kernel variables NULL with a count)", sf_isa_write(&file, &out, &st));
      k0->vars = kv, k0->num_vars = keep[1];
      k0->labels = NULL, k0->num_labels = (uint16_t)(keep[2] ? keep[2] : 1);
      CALL("sf_isa_write(kernel labels NULL with a count)", sf_isa_write(&file, &out, &st));
      k0->labels = kl, k0->num_labels = (uint16_t)keep[2];
      k0->inputs = NULL, k0->num_inputs = keep[3] ? keep[3] : 1;
      CALL("sf_isa_write(kernel inputs NULL with a count)", sf_isa_write(&file, &out, &st));
      k0->inputs = ki, k0->num_inputs = keep[3];
    }
  }
  if (isa.len) {
    CALL("sf_isa_read(NULL data)", sf_isa_read(NULL, isa.len, &back, &st));
    sf_isa_free(&back);
    CALL("sf_isa_read(NULL out)", sf_isa_read(isa.data, isa.len, NULL, &st));
  }
  if (asmt.len) {
    CALL("sf_visaasm_parse(NULL text)", sf_visaasm_parse(NULL, asmt.len, &back, &st));
    sf_isa_free(&back);
    CALL("sf_visaasm_parse(NULL out)", sf_visaasm_parse((const char *)asmt.data, asmt.len, NULL, &st));
  }
  if (have_file) sf_isa_free(&file);
  sf_visa_kernel_free(&k);
  sf_buf_free(&bin);
  sf_buf_free(&out);
  sf_buf_free(&isa);
  sf_buf_free(&asmt);
}

#undef CALL

/* `tail_poison` (ASan builds only): an sf_buf keeps its unused tail poisoned
 * (harness/model/asan_tail.h), so that a read past what a writer wrote is a report even inside the
 * allocation. After each of a run of writes of every short length, some after the caller dropped
 * bytes by lowering len (as the writers do to undo a refused instruction), every byte written must
 * be readable and every byte from len to the end of the block poisoned, and the byte after the
 * block too. A tail marked too wide (past the block), too narrow (the dropped bytes left readable)
 * or not at all turns those reads silent for every target, which no other check can see. */
#ifdef SF_ASAN_TAIL /* harness/model/asan_tail.h: ASan builds, whose sf_buf poisons its tail */
/* and the tables of a vISA kernel (sf_visa_grow, harness/visa/visa_kernel.c): after each growth to
 * `need` elements of 12 bytes, by one, by several, to none, or back after the caller dropped some, the
 * elements in use are readable and every byte from there to the end of the block is poisoned. */
/* The marks of d[0..have) whose first `used` bytes are in use: *bad the first poisoned byte below
 * used and *open the first readable byte of [used, have) (-1: none); true when both are -1. */
static bool marks_exact(const uint8_t *d, size_t used, size_t have, ptrdiff_t *bad, ptrdiff_t *open) {
  const void *b = __asan_region_is_poisoned((void *)(uintptr_t)d, used);
  *bad = b ? (ptrdiff_t)((const uint8_t *)b - d) : (ptrdiff_t)-1;
  *open = -1;
  for (size_t k = used; k < have && *open < 0; k++)
    if (!__asan_address_is_poisoned(d + k)) *open = (ptrdiff_t)k;
  return *bad < 0 && *open < 0;
}

static void table_poison(nulls *n) {
#if defined(__GLIBC__)
  for (size_t esz = 12; esz <= 72 && n->ok; esz += 60) { /* and elements wider than ASan's 16-byte redzone */
  void *arr = NULL;
  size_t need = 0;
  for (unsigned i = 0; i < 200; i++) {
    size_t step = i % 9 == 4 ? 5 : 1;
    if (i % 11 == 7) need -= need < 6 ? need : 6; /* the caller dropped some */
    need = i % 50 == 25 ? 0 : need + step;      /* or all: none in use, the whole block poisoned */
    if (!sf_visa_grow(&arr, need, esz)) break;
    const uint8_t *d = arr;
    size_t have = malloc_usable_size(arr), used = need * esz;
    ptrdiff_t bad, open;
    if (marks_exact(d, used, have, &bad, &open)) continue;
    n->ok = false;
    sf_verdict_fail(n->v, "tail_poison", NULL, "sf_visa_grow");
    sf_verdict_key(n->v, "tail_poison sf_visa_grow");
    sf_verdict_dumpf(n->v, "sf_visa_grow to %zu elements of %zu bytes (block of %zu): byte %zd poisoned, byte %zd readable "
                           "(-1: none)\n", need, esz, have, bad, open);
    break;
  }
  if (arr) SF_TAIL_USED(arr, malloc_usable_size(arr));
  free(arr);
  }
#else
  (void)n;
#endif
}

/* and sf_tail_mark itself, on a window inside a larger block: it marks nothing outside the window.
 * The bytes before and after the window stand for a neighbouring allocation, which a mark too wide
 * would poison; on a block of its own the redzone after it hides that, being poisoned anyway (a
 * planted 'hi - used' -> 'hi + used' survived 60 s). The window's end is a whole number of ASan's
 * 8-byte granules, so its marks there are exact. Elements of 12 bytes in a window of 96 and of 16
 * in one of 160; the counts rise by one and by several, drop, and go to none. */
static void mark_window(nulls *n) {
  enum { LEAD = 64, TRAIL = 64 };
  static const size_t shape[2][2] = {{12, 96}, {16, 160}};
  for (unsigned e = 0; e < 2 && n->ok; e++) {
    const size_t esz = shape[e][0], have = shape[e][1];
    uint8_t *blk = malloc(LEAD + have + TRAIL);
    if (!blk) return;
    uint8_t *w = blk + LEAD;
    static const uint8_t needs[] = {1, 2, 3, 7, 4, 5, 0, 2, 8, 1, 6, 6, 3};
    for (size_t i = 0; i < sizeof needs; i++) {
      const size_t need = needs[i], used = need * esz;
      sf_tail_mark(w, need, esz, have);
      ptrdiff_t bad, open;
      const bool exact = marks_exact(w, used, have, &bad, &open);
      const bool lead = __asan_region_is_poisoned(blk, LEAD) != NULL, trail = __asan_region_is_poisoned(w + have, TRAIL) != NULL;
      if (exact && !lead && !trail) continue;
      n->ok = false;
      sf_verdict_fail(n->v, "tail_poison", NULL, "sf_tail_mark");
      sf_verdict_key(n->v, "tail_poison sf_tail_mark");
      sf_verdict_dumpf(n->v, "sf_tail_mark of %zu elements of %zu bytes in a %zu-byte window: byte %zd poisoned, byte %zd "
                             "readable (-1: none), the bytes before the window %s, after it %s\n", need, esz, have, bad,
                       open, lead ? "poisoned" : "readable", trail ? "poisoned" : "readable");
      break;
    }
    SF_TAIL_USED(blk, LEAD + have + TRAIL);
    free(blk);
  }
}

static void tail_poison(nulls *n) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  static const char text[] = "0123456789abcdef";
  for (unsigned i = 0; i < 300 && !b.failed; i++) {
    size_t drop = i % 7 == 3 ? (i * 5 + 3) % 29 : 0;
    b.len -= drop < b.len ? drop : b.len;
    sf_buf_put(&b, text, 1 + i % 16);
    if (b.len > b.cap) { /* the block must hold what the buffer says it holds */
      n->ok = false;
      sf_verdict_fail(n->v, "tail_poison", NULL, "sf_buf");
      sf_verdict_key(n->v, "tail_poison sf_buf capacity");
      sf_verdict_dumpf(n->v, "after a put of %u bytes the buffer holds %zu bytes in a block of %zu\n", 1 + i % 16, b.len, b.cap);
      break;
    }
    if (b.len == 0) continue;
    const uint8_t *d = b.data;
    ptrdiff_t bad, open;
    if (!marks_exact(d, b.len, b.cap, &bad, &open) || !__asan_address_is_poisoned(d + b.cap)) {
      char got[200];
      snprintf(got, sizeof got, "left [%zd] poisoned, [%zd] readable, [%zu] (past the %zu-byte block) %s", bad, open, b.cap, b.cap,
               __asan_address_is_poisoned(d + b.cap) ? "poisoned" : "readable");
      n->ok = false;
      sf_verdict_fail(n->v, "tail_poison", NULL, "sf_buf");
      sf_verdict_key(n->v, "tail_poison sf_buf");
      sf_verdict_dumpf(n->v, "sf_buf_put of %u bytes after dropping %zu (length %zu, capacity %zu) %s (-1: none)\n",
                       1 + i % 16, drop, b.len, b.cap, got);
      break;
    }
  }
  sf_buf_free(&b);
  if (n->ok) table_poison(n);
  if (n->ok) mark_window(n);
}
#else
static void tail_poison(nulls *n) { (void)n; }
#endif

/* `empty_null`: the byte readers take (NULL, 0) as the empty input, as they take a real pointer
 * with length 0 (a NULL pointer is only refused with a length): the same code each way, and
 * nothing read through the NULL. */
static void empty_null(nulls *n) {
  static const uint8_t one[1] = {0};
  struct {
    const char *name;
    sf_code got[2];
  } r[4];
  for (int w = 0; w < 2; w++) {
    const uint8_t *p = w ? one : NULL;
    sf_status st;
    sf_inst in;
    size_t used = 0;
    sf_isa_file f;
    sf_dxbc c;
    sf_visa_ginst g;
    memset(&g, 0, sizeof g);
    memset(&f, 0, sizeof f);
    memset(&c, 0, sizeof c);
    sf_status_clear(&st);
    r[0].name = "sf_visa_decode(NULL, 0)", r[0].got[w] = sf_visa_decode(p, 0, 0, &in, &used, &st);
    sf_status_clear(&st);
    r[1].name = "sf_isa_read(NULL, 0)", r[1].got[w] = sf_isa_read(p, 0, &f, &st);
    sf_isa_free(&f);
    sf_status_clear(&st);
    r[2].name = "sf_dxbc_read(NULL, 0)", r[2].got[w] = sf_dxbc_read(p, 0, &c, &st);
    sf_dxbc_free(&c);
    sf_status_clear(&st);
    r[3].name = "sf_visa_gen_decode(NULL, 0)", r[3].got[w] = sf_visa_gen_decode(p, 0, 0, SF_VISA_FORM_SPEC, &g, &used, &st);
    sf_visa_ginst_free(&g);
  }
  for (int i = 0; i < 4; i++)
    if (r[i].got[0] != r[i].got[1] || r[i].got[0] == SF_OK) {
      char got[96];
      snprintf(got, sizeof got, "%s for NULL, %s for an empty buffer (want the same refusal)", sf_code_name(r[i].got[0]),
               sf_code_name(r[i].got[1]));
      finding(n, r[i].name, got);
    }
}

/* `buf_reuse`: sf_buf_free leaves an empty buffer (include/samplefuzz/bytes.h), so the same buffer
 * can be written again: after bytes, a free and another write, it holds just the new bytes. */
static void buf_reuse(nulls *n) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  bool ok = sf_buf_put(&b, "first", 5);
  sf_buf_free(&b);
  ok = ok && b.data == NULL && b.len == 0 && sf_buf_put(&b, "again", 5) && b.len == 5 && !memcmp(b.data, "again", 5);
  sf_buf_free(&b);
  if (ok || !n->ok) return;
  n->ok = false;
  sf_verdict_fail(n->v, "api_nulls", NULL, "buf_reuse");
  sf_verdict_key(n->v, "api_nulls buf_reuse");
  sf_verdict_dumpf(n->v, "sf_buf_free did not leave an empty buffer, or writing it again did not start it anew\n");
}

/* `free_null`: the codecs' _free functions take NULL and do nothing, as free() does (dxbc.h, visa.h),
 * so that a caller's cleanup path may free what it never got. A guard deleted dereferences the NULL:
 * a crash, under the sanitizers and without them. */
static void free_null(void) {
  sf_tpf_program_free(NULL);
  sf_dxbc_free(NULL);
  sf_dxbc_sig_free(NULL);
  sf_visa_ginst_free(NULL);
  sf_isa_free(NULL);
  sf_visa_kernel_free(NULL);
}

bool sf_check_api_nulls(sf_verdict *v) {
  nulls n = {v, true};
  d3d_nulls(&n);
  visa_nulls(&n);
  if (n.ok) buf_reuse(&n);
  if (n.ok) empty_null(&n);
  if (n.ok) tail_poison(&n);
  free_null();
  return n.ok;
}

SF_CHECK_ONCE_FN(sf_check_api_nulls)
