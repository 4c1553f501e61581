/* oracles/checks/check_isa_old.c — what older vISA versions cannot hold (isa_file_fuzzer): the
 * encoder and the writer keep every field and count in its 4.1 form and must refuse, as out of
 * range, what an older version's narrower field cannot hold, rather than cut it (docs/visa-binary.md,
 * the changes from version to version). `old_fields` on kernel 0's first generic 3D instruction
 * (every file) and on instructions built here (once per process), `old_counts` on kernels built here
 * (once per process). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_bin_priv.h"
#include "harness/visa/visa_kernel_priv.h"
#include "harness/visa/visa_optab.h"
#include "oracles/checks/check_int.h"
#include "samplefuzz/visa.h"

/* `old_fields`: before vISA 4.0 a 3D sampler op is a byte (a 5-bit op and three flags), and before
 * 3.4 the aoffimmi of sample_3d, load_3d and gather4_3d is a UW value; the encoder keeps both in
 * their 4.1 form and must refuse, as out of range, what the older byte cannot hold rather than cut
 * it. The first generic 3D instruction of kernel 0 (spec form) that encodes at vISA 3.3 as it is must
 * be refused there with its op given flag bit 5 (outside the 4.1 form's 0x71F), and with its
 * aoffimmi given as a UD immediate, each refusal saying what the older form holds. */
static bool old_fields(sf_isa_file *g, sf_verdict *v) {
  if (!g->num_kernels) return true;
  const sf_visa_kernel *k = &g->kernels[0];
  for (uint32_t j = 0; j < k->num_gens; j++) {
    sf_visa_ginst *gi = &k->gens[j];
    if (gi->op < 0x6d || gi->op > 0x6f || gi->form != SF_VISA_FORM_SPEC || gi->num_ops < 5 || gi->ops[0].kind != SF_VF_UW ||
        gi->ops[4].kind != SF_VF_VEC)
      continue;
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    const unsigned ver = SF_VISA_V(3, 3);
    if (sf_visa_gen_encode_ver(gi, ver, &b, &st) != SF_OK) {
      sf_buf_free(&b);
      return true;
    }
    for (unsigned e = 0; e < 2; e++) {
      sf_visa_gop keep = gi->ops[e ? 4 : 0];
      if (e) {
        memset(&gi->ops[4].v, 0, sizeof gi->ops[4].v);
        gi->ops[4].v.cls = SF_VCLS_IMMEDIATE;
        gi->ops[4].v.type = SF_VT_UD;
        gi->ops[4].v.imm = 1;
      } else {
        gi->ops[0].u |= 0x20u;
      }
      b.len = 0;
      b.failed = false;
      sf_status_clear(&st);
      sf_code rc = sf_visa_gen_encode_ver(gi, ver, &b, &st);
      gi->ops[e ? 4 : 0] = keep;
      /* the refusal says the version and what its form holds (visa_generic.c enc_field) */
      if (rc == SF_ERR_RANGE &&
          strstr(st.msg, e ? "no form in vISA 3.3 (a UW immediate)" : "no form in vISA 3.3 (a 5-bit sampler op and three flags)"))
        continue;
      const char *name = sf_visa_op_name(gi->op);
      sf_verdict_fail(v, "old_fields", NULL, e ? "aoffimmi" : "op3d");
      sf_verdict_key(v, "old_fields %s %s", e ? "aoffimmi" : "op3d", sf_code_name(rc));
      sf_verdict_dumpf(v, "%s (opcode 0x%02x) at vISA 3.3 with %s: the encoder gave %s (%s), want out of range\n",
                       name ? name : "?", (unsigned)gi->op, e ? "a UD immediate aoffimmi" : "sampler op flag bit 5 set",
                       sf_code_name(rc), st.msg);
      sf_buf_free(&b);
      return false;
    }
    sf_buf_free(&b);
    return true;
  }
  return true;
}

/* `old_fields` on instructions built here (once per process: no seed holds them): before vISA 3.4
 * FILE's name index and LIFETIME's variable are UW, and before 3.6 RAW_SENDS has no ffid byte; before
 * 3.2 GATHER4_TYPED has a layout of its own, 8 lanes (exec size code 3), no predicate, a channel
 * mask byte (docs/visa-binary.md); before 3.4 a raw operand's variable id is UW. Each encodes at
 * that version with the field 0 (the exec field 3) and with the largest value the older form holds
 * (0xFFFF for a UW id), and must be refused as out of range with it over that form (0x10000; an
 * ffid of 1; an exec field of 0x103, past its byte; a predicate; a mask of 0x100). */
enum { OLD_OFF = 0x100 }; /* with a field number: the raw operand's offset, not its variable */

static void old_set(sf_visa_gop *o, uint32_t val, bool off) {
  if (o->kind == SF_VF_RAW && off) o->r.off = (uint16_t)val;
  else if (o->kind == SF_VF_RAW) o->r.id = val;
  else o->u = val;
}

/* The bytes of one generic instruction written at version ver read back at ver: whole, taking every
 * byte; cut short after each byte, refused as truncated with the code returned in the status, no
 * byte used and nothing to free (visa.h). Each older layout (GATHER4_TYPED's before 3.2) is read by
 * code of its own, whose every field's refusal this reaches. NULL when so, else what is wrong. */
static const char *old_cuts(const uint8_t *p, size_t n, unsigned ver) {
  for (size_t k = 0; k <= n; k++) {
    sf_visa_ginst g;
    size_t used = 99;
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_visa_gen_decode_ver(p, k, 0, SF_VISA_FORM_SPEC, ver, &g, &used, &st);
    if (rc == SF_OK) sf_visa_ginst_free(&g);
    if (rc == SF_ERR_NOMEM) continue;
    if (k == n && (rc != SF_OK || used != n)) return "the whole instruction was not read back";
    if (k < n && (rc != SF_ERR_TRUNCATED || st.code != rc || used != 0)) return "an instruction cut short was not refused as truncated";
  }
  return NULL;
}

/* `old_fields` on the three generic 3D sampler instructions built here (a 3D instruction is read as
 * generic only when the sampler codec refuses it, which few seeds hold): the aoffimmi is a UW value
 * before vISA 3.4 and a vector operand from 3.4 on (visa_generic.c ver_layout), so a UD immediate
 * there is written at 3.4 and refused at 3.3 as having no form, naming the UW immediate. */
static bool aoff_versions(sf_verdict *v) {
  static const struct { uint8_t op; const char *lay; } t[3] = {
      {0x6d, "wEPbVbbRn*R"}, {0x6e, "wEPbVbRn*R"}, {0x6f, "wEPbVbbRn*R"}}; /* the 4.1 layouts (visa_optab.c) */
  for (unsigned q = 0; q < 3; q++) {
    sf_visa_gop ops[12];
    uint16_t n = 0;
    memset(ops, 0, sizeof ops);
    for (const char *k = t[q].lay; *k; k++) {
      if (*k == SF_VF_REPEAT) { /* a list of count 0: no field */
        k++;
        continue;
      }
      ops[n].kind = (uint8_t)*k;
      if (ops[n].kind == SF_VF_VEC) ops[n].v.cls = SF_VCLS_IMMEDIATE, ops[n].v.type = SF_VT_UW;
      n++;
    }
    ops[4].v.type = SF_VT_UD, ops[4].v.imm = 1; /* the aoffimmi */
    sf_visa_ginst gi = {SF_VISA_FORM_SPEC, 0, t[q].op, n, ops};
    sf_code rc[2];
    sf_status st[2];
    for (unsigned w = 0; w < 2; w++) {
      sf_status_clear(&st[w]);
      sf_buf b;
      sf_buf_init(&b, &st[w]);
      rc[w] = sf_visa_gen_encode_ver(&gi, w ? SF_VISA_V(3, 3) : SF_VISA_V(3, 4), &b, &st[w]);
      sf_buf_free(&b);
    }
    if (rc[0] == SF_ERR_NOMEM || rc[1] == SF_ERR_NOMEM ||
        (rc[0] == SF_OK && rc[1] == SF_ERR_RANGE && strstr(st[1].msg, "no form in vISA 3.3 (a UW immediate)")))
      continue;
    sf_verdict_fail(v, "old_fields", NULL, "aoffimmi");
    sf_verdict_key(v, "old_fields aoffimmi 0x%02x %s %s", (unsigned)t[q].op, sf_code_name(rc[0]), sf_code_name(rc[1]));
    sf_verdict_dumpf(v, "opcode 0x%02x with a UD immediate aoffimmi: vISA 3.4 %s (%s), vISA 3.3 %s (%s); want it written at "
                     "3.4 and refused at 3.3 as having no form there (a UW immediate)\n", (unsigned)t[q].op,
                     sf_code_name(rc[0]), st[0].msg, sf_code_name(rc[1]), st[1].msg);
    return false;
  }
  return true;
}

static bool old_fields_built(sf_verdict *v) {
  static bool done;
  if (done) return true;
  done = true;
  if (!aoff_versions(v)) return false;
  static const struct {
    uint8_t op;
    const char *lay;   /* the 4.1 layout (visa_optab.c) */
    unsigned field;
    uint32_t last;     /* the largest value the older form holds: written */
    uint32_t val;      /* one past it: refused */
    unsigned ver;
    const char *what;
    uint32_t e0;       /* field 0 in the instruction that encodes */
    const char *says;  /* what the refusal says the older form holds (NULL: not checked) */
  } t[] = {
      {0x51, "d", 0, 0xFFFFu, 0x10000u, SF_VISA_V(3, 3), "file's name index 0x10000", 0, "(a UW index)"},
      {0x7b, "bd", 1, 0xFFFFu, 0x10000u, SF_VISA_V(3, 3), "lifetime's variable 0x10000", 0, "(a UW index)"},
      {0x7a, "bEPbbbbVVRRR", 6, 0, 1, SF_VISA_V(3, 5), "raw_sends' ffid 1", 0, "(no field: the ffid is 0)"},
      {0x4b, "EPbbRRRRR", 0, 3, 0x103u, SF_VISA_V(3, 1), "gather4_typed's exec field 0x103", 3, NULL},
      {0x4b, "EPbbRRRRR", 1, 0, 1, SF_VISA_V(3, 1), "gather4_typed's predicate 1", 3, NULL},
      {0x4b, "EPbbRRRRR", 2, 0xFFu, 0x100u, SF_VISA_V(3, 1), "gather4_typed's channel mask 0x100", 3, NULL},
      {0x4b, "EPbbRRRRR", 7, 0, 1, SF_VISA_V(3, 1), "gather4_typed's LOD operand variable 1", 3, "no predicate and no LOD operand"},
      {0x4b, "EPbbRRRRR", 7 | OLD_OFF, 0, 1, SF_VISA_V(3, 1), "gather4_typed's LOD operand offset 1", 3,
       "no predicate and no LOD operand"},
      {0x4b, "EPbbRRRRR", 4, 0xFFFFu, 0x10000u, SF_VISA_V(3, 3), "gather4_typed's raw operand variable 0x10000", 0,
       "does not fit the UW of vISA before 3.4"},
  };
  for (unsigned q = 0; q < sizeof t / sizeof t[0]; q++) {
    sf_visa_gop ops[12];
    size_t nops = strlen(t[q].lay);
    memset(ops, 0, sizeof ops);
    for (size_t i = 0; i < nops; i++) {
      ops[i].kind = (uint8_t)t[q].lay[i];
      if (ops[i].kind == SF_VF_VEC) ops[i].v.cls = SF_VCLS_IMMEDIATE, ops[i].v.type = SF_VT_UD;
    }
    ops[0].u = t[q].e0;
    sf_visa_ginst gi = {SF_VISA_FORM_SPEC, 0, t[q].op, (uint16_t)nops, ops};
    sf_status st;
    sf_status_clear(&st);
    sf_buf b;
    sf_buf_init(&b, &st);
    sf_code rc0 = sf_visa_gen_encode_ver(&gi, t[q].ver, &b, &st);
    if (rc0 == SF_OK) { /* at the largest value the older form holds */
      old_set(&ops[t[q].field & 0xFF], t[q].last, t[q].field & OLD_OFF);
      b.len = 0;
      b.failed = false;
      rc0 = sf_visa_gen_encode_ver(&gi, t[q].ver, &b, &st);
    }
    const char *cut = rc0 == SF_OK ? old_cuts(b.data, b.len, t[q].ver) : NULL;
    if (cut) {
      sf_buf_free(&b);
      sf_verdict_fail(v, "old_fields", NULL, "cut");
      sf_verdict_key(v, "old_fields cut %s", t[q].what);
      sf_verdict_dumpf(v, "opcode 0x%02x written at vISA %u.%u (%s) and read back: %s\n", (unsigned)t[q].op, t[q].ver >> 8,
                       t[q].ver & 0xFF, t[q].what, cut);
      return false;
    }
    old_set(&ops[t[q].field & 0xFF], t[q].val, t[q].field & OLD_OFF); /* one past it */
    b.len = 0;
    b.failed = false;
    sf_status st1;
    sf_status_clear(&st1);
    b.st = &st1;
    sf_code rc1 = rc0 == SF_OK ? sf_visa_gen_encode_ver(&gi, t[q].ver, &b, &st1) : SF_OK;
    sf_buf_free(&b);
    /* a "(...)" says names the version too: "has no form in vISA 3.3 (a UW index)" */
    char says[96] = "";
    if (t[q].says && t[q].says[0] == '(')
      snprintf(says, sizeof says, "no form in vISA %u.%u %s", t[q].ver >> 8, t[q].ver & 0xFF, t[q].says);
    else if (t[q].says)
      snprintf(says, sizeof says, "%s", t[q].says);
    if (rc0 == SF_OK && rc1 == SF_ERR_RANGE && (!t[q].says || strstr(st1.msg, says))) continue;
    sf_verdict_fail(v, "old_fields", NULL, rc0 != SF_OK ? "built" : "id");
    sf_verdict_key(v, "old_fields %s %s", rc0 != SF_OK ? "built" : t[q].what, sf_code_name(rc0 != SF_OK ? rc0 : rc1));
    sf_verdict_dumpf(v, "opcode 0x%02x at vISA %u.%u: %s; want it written with the field 0 and at its largest, and "
                     "refused as out of range with %s\n", (unsigned)t[q].op, t[q].ver >> 8, t[q].ver & 0xFF,
                     rc0 != SF_OK ? st.msg : rc1 == SF_ERR_RANGE ? st1.msg : sf_code_name(rc1), t[q].what);
    return false;
  }
  /* and a sampler instruction's operand: a general variable's id is UW before vISA 3.4 and UD from
   * 3.4 on, so id 0x10000 must be written at 3.4 and refused as out of range at 3.3 */
  static const char su[] = "sample_unorm.R.16-full S0 T8 V36(1,1)<4;1,1> 0x3f3e0000:f 0x3f3e0000:f 0x3f3e0000:f V32.640";
  sf_inst in;
  sf_status st;
  sf_status_clear(&st);
  sf_code rp = sf_visa_parse(su, sizeof su - 1, NULL, &in, &st);
  sf_code r34 = SF_OK, r33 = SF_OK;
  if (rp == SF_OK) {
    in.unorm.u.id = 0x10000u;
    sf_buf b;
    sf_buf_init(&b, NULL);
    r34 = sf_visa_encode_ver(&in, SF_VISA_V(3, 4), &b, &st);
    sf_buf_free(&b);
    sf_buf_init(&b, NULL);
    sf_status st33;
    sf_status_clear(&st33);
    r33 = sf_visa_encode_ver(&in, SF_VISA_V(3, 3), &b, &st33);
    sf_buf_free(&b);
    if (r34 == SF_OK && r33 == SF_ERR_RANGE) return true;
  }
  sf_verdict_fail(v, "old_fields", NULL, "var_id");
  sf_verdict_key(v, "old_fields var_id %s %s %s", sf_code_name(rp), sf_code_name(r34), sf_code_name(r33));
  sf_verdict_dumpf(v, "sample_unorm with u a general variable of id 0x10000: parse %s, vISA 3.4 %s (%s), vISA 3.3 %s; "
                   "want it written at 3.4 and refused as out of range at 3.3\n", sf_code_name(rp), sf_code_name(r34),
                   st.msg, sf_code_name(r33));
  return false;
}

/* `old_counts` (once per process): before vISA 3.4 a kernel's string, variable and input ids are
 * UW, so a kernel with 65,536 of any one of them (each count alone at its cap) must be refused at
 * 3.3 as out of range for those 16 bits, not written with ids cut short, nor refused for another
 * reason (3.3 also holds the input count in a byte: that refusal names 8 bits; each names the
 * version, "vISA 3.3 stores ..."), while 65,535 strings or variables are written (and 65,535 inputs are
 * refused for the byte only). A 3.3 kernel
 * with 255 inputs, the byte's largest count, is written, while 256 is refused for the byte. The ids
 * a record holds are UW too: a kernel whose first (and only) variable aliases id 0x10000, or whose
 * first input names it, is refused for the 16 bits as well, and at id 0xFFFF each is written. */
typedef struct old_count_case {
  const char *what;
  uint32_t strings, vars, inputs; /* counts (0: the kernel's own) */
  uint32_t alias, input_id;       /* the first variable's alias, the first input's variable (0: none) */
  unsigned bits;                  /* 0: written; 16 or 8: refused as out of range for that many bits */
} old_count_case;

static const old_count_case old_count_cases[] = {
    {"65536 strings", 0x10000u, 0, 0, 0, 0, 16},
    {"65536 variables", 0, 0x10000u, 0, 0, 0, 16},
    {"65536 inputs", 0, 0, 0x10000u, 0, 0, 16},
    {"255 inputs", 0, 0, 255, 0, 0, 0},
    {"256 inputs", 0, 0, 256, 0, 0, 8},
    {"its first variable aliasing id 0x10000", 0, 0, 0, 0x10000u, 0, 16},
    {"its first input naming id 0x10000", 0, 0, 1, 0, 0x10000u, 16},
    {"65535 strings", 0xFFFFu, 0, 0, 0, 0, 0},
    {"65535 variables", 0, 0xFFFFu, 0, 0, 0, 0},
    {"65535 inputs", 0, 0, 0xFFFFu, 0, 0, 8}, /* ids that fit, a count that does not fit 3.3's byte */
    {"its first variable aliasing id 0xFFFF", 0, 0, 0, 0xFFFFu, 0, 0},
    {"its first input naming id 0xFFFF", 0, 0, 1, 0, 0xFFFFu, 0},
};

/* The kernel of one case in f (3.3, one kernel); false when memory ran out. */
static bool old_count_kernel(const old_count_case *c, sf_isa_file *f, sf_status *st) {
  memset(f, 0, sizeof *f);
  f->major = 3, f->minor = 3, f->num_kernels = 1;
  f->kernels = calloc(1, sizeof *f->kernels);
  if (!f->kernels || sf_visa_kernel_init(f->kernels, "k", st) != SF_OK) return false;
  sf_visa_kernel *k = f->kernels;
  while (k->num_strings < c->strings)
    if (sf_visa_kernel_add_string(k, "", 0, st) < 0) return false;
  if (c->vars) { /* every variable named by string 0 (the kernel's name): only the variable count is large */
    free(k->vars);
    k->num_vars = 0;
    if (!(k->vars = calloc(c->vars, sizeof *k->vars))) return false;
    k->num_vars = c->vars;
  }
  if (c->alias) { /* one variable, the first, aliasing the id */
    if (sf_visa_kernel_add_var(k, "a", SF_VT_UD, 1, 0, st) < 0) return false;
    k->vars[0].alias_index = c->alias;
  }
  if (c->inputs) {
    free(k->inputs);
    k->num_inputs = 0;
    if (!(k->inputs = calloc(c->inputs, sizeof *k->inputs))) return false;
    k->num_inputs = c->inputs;
    if (c->input_id) k->inputs[0] = (sf_visa_input){0, c->input_id, 0, 4};
  }
  return true;
}

static bool old_counts(sf_verdict *v) {
  static bool done;
  if (done) return true;
  done = true;
  for (size_t q = 0; q < sizeof old_count_cases / sizeof old_count_cases[0]; q++) {
    const old_count_case *c = &old_count_cases[q];
    sf_isa_file f;
    sf_status st;
    sf_status_clear(&st);
    bool built = old_count_kernel(c, &f, &st);
    sf_code rc = SF_ERR_NOMEM;
    sf_status wst;
    sf_status_clear(&wst);
    if (built) {
      sf_buf b;
      sf_buf_init(&b, &wst);
      b.limit = 16u << 20;
      rc = sf_isa_write(&f, &b, &wst);
      sf_buf_free(&b);
    }
    sf_isa_free(&f);
    if (rc == SF_ERR_NOMEM) continue; /* no verdict without memory */
    char bits[24];
    snprintf(bits, sizeof bits, "%u bits", c->bits);
    /* the refusal names the version it writes and the width */
    if (c->bits ? rc == SF_ERR_RANGE && strstr(wst.msg, "vISA 3.3 stores") && strstr(wst.msg, bits) : rc == SF_OK) continue;
    sf_verdict_failf(v, "old_counts", c->what, "a vISA 3.3 kernel with %s: %s (%s); want it %s%s\n", c->what, sf_code_name(rc),
                     rc == SF_OK ? "written" : wst.msg, c->bits ? "refused as out of range for the " : "written",
                     c->bits ? bits : "");
    return false;
  }
  return true;
}

bool sf_isa_old_versions(sf_isa_file *g, sf_verdict *v) { return old_fields(g, v) && old_fields_built(v) && old_counts(v); }
