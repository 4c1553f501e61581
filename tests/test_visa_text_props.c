/* test_visa_text_props.c — seeded property tests of the vISA text codec (harness/visa/visa_*.c):
 * >= 20,000 random canonical instructions go print -> parse -> equal, and parse(print(x)) prints
 * identically, with and without a kernel; random float bit patterns read back exactly from their
 * decimal spelling; mutated lines and cut-short files never crash the parsers, and what they
 * accept round-trips. */
#include <math.h>

#include "tests/test_visa_text_util.h"

/* ---- Property tests ---------------------------------------------------------------------------- */

static uint32_t rn(uint64_t *s, uint32_t n) { return (uint32_t)(sf_t_rand(s) % n); }

static uint32_t rand_var(uint64_t *s) {
  switch (rn(s, 4)) {
    case 0: return rn(s, 32);
    case 1: return 32 + rn(s, 12);
    case 2: return (uint32_t)sf_t_rand(s);
    default: return 32 + rn(s, 4);
  }
}

static uint8_t rand_code(uint64_t *s) { return rn(s, 4) ? (uint8_t)(1 + rn(s, 7)) : (uint8_t)rn(s, 16); }

static sf_region rand_region(uint64_t *s) {
  sf_region r = {rand_code(s), rand_code(s), rand_code(s), rn(s, 8) ? 0 : (uint8_t)rn(s, 16)};
  if (rn(s, 4) == 0) r.vstride = 0;
  if (rn(s, 8) == 0) r.width = 0;
  return r;
}

static void rand_vopnd(uint64_t *s, sf_vopnd *v) {
  static const uint8_t classes[] = {0, 0, 0, 5, 5, 5, 1, 2, 3, 6};
  memset(v, 0, sizeof *v);
  v->cls = classes[rn(s, sizeof classes)];
  v->mod = rn(s, 3) ? 0 : (uint8_t)rn(s, 8);
  v->tag_hi = rn(s, 6) ? 0 : (uint8_t)rn(s, 4);
  v->id = rand_var(s);
  v->row_off = (uint8_t)sf_t_rand(s);
  v->col_off = (uint8_t)sf_t_rand(s);
  v->addr_off = (uint8_t)sf_t_rand(s);
  v->width = rn(s, 3) ? (uint8_t)rn(s, 6) : (uint8_t)sf_t_rand(s);
  v->state_cls = rn(s, 3) ? (uint8_t)rn(s, 2) : (uint8_t)sf_t_rand(s);
  v->imm_off = (int16_t)(uint16_t)sf_t_rand(s);
  v->type = rn(s, 5) ? (uint8_t)rn(s, 16) : (uint8_t)sf_t_rand(s);
  v->region = rand_region(s);
  v->imm = rn(s, 2) ? sf_t_rand(s) : rn(s, 4);
}

static void rand_raw(uint64_t *s, sf_raw *r) {
  r->id = rand_var(s);
  r->off = rn(s, 2) ? (uint16_t)(rn(s, 8) * 32) : (uint16_t)sf_t_rand(s);
}

/* A random instruction with every field in its full stored range, don't-care bits included. */
static void rand_inst(uint64_t *s, sf_inst *x) {
  memset(x, 0, sizeof *x);
  switch (rn(s, 3)) {
    case 0: {
      sf_sample_unorm *u = &x->unorm;
      x->family = SF_FAMILY_SAMPLE_UNORM;
      u->chan_mask = (uint8_t)rn(s, 16);
      u->out_fmt = (uint8_t)rn(s, 4);
      u->chan_hi = (uint8_t)rn(s, 4);
      u->sampler = (uint8_t)sf_t_rand(s);
      u->surface = (uint8_t)sf_t_rand(s);
      rand_vopnd(s, &u->u); rand_vopnd(s, &u->v); rand_vopnd(s, &u->du); rand_vopnd(s, &u->dv);
      rand_raw(s, &u->dst);
      break;
    }
    case 1: {
      sf_sample_3d *t = &x->s3d;
      x->family = SF_FAMILY_SAMPLE_3D;
      t->op = rn(s, 2) ? (uint8_t)rn(s, 0x28) : (uint8_t)sf_t_rand(s);
      t->pixel_null_mask = rn(s, 2);
      t->cps = rn(s, 2);
      t->divs = rn(s, 2);
      t->op_hi = (uint8_t)rn(s, 32);
      t->exec_size = rn(s, 4) ? (uint8_t)rn(s, 6) : (uint8_t)rn(s, 16);
      t->emask = (uint8_t)rn(s, 16);
      if (rn(s, 2)) {
        t->pred.id = (uint16_t)rn(s, 4096);
        t->pred.rsvd = (uint8_t)rn(s, 2);
        t->pred.ctrl = (uint8_t)rn(s, 4);
        t->pred.invert = rn(s, 2);
      }
      t->chan_mask = (uint8_t)rn(s, 16);
      t->chan_hi = (uint8_t)rn(s, 16);
      rand_vopnd(s, &t->aoffimmi);
      t->sampler = (uint8_t)sf_t_rand(s);
      t->surface = (uint8_t)sf_t_rand(s);
      rand_raw(s, &t->dst);
      t->num_params = (uint8_t)rn(s, 16);
      for (unsigned i = 0; i < SF_S3D_MAX_PARAMS; i++) rand_raw(s, &t->params[i]);
      break;
    }
    default: {
      sf_avs *a = &x->avs;
      x->family = SF_FAMILY_AVS;
      a->chan_mask = (uint8_t)rn(s, 16);
      a->chan_hi = (uint8_t)rn(s, 16);
      a->sampler = (uint8_t)sf_t_rand(s);
      a->surface = (uint8_t)sf_t_rand(s);
      rand_vopnd(s, &a->u_off); rand_vopnd(s, &a->v_off); rand_vopnd(s, &a->du); rand_vopnd(s, &a->dv);
      rand_vopnd(s, &a->u2d); rand_vopnd(s, &a->group_id); rand_vopnd(s, &a->vbn);
      a->cntrl = (uint8_t)rn(s, 16);
      a->cntrl_hi = (uint8_t)rn(s, 16);
      rand_vopnd(s, &a->v2d);
      a->exec_mode = (uint8_t)rn(s, 16);
      a->exec_mode_hi = (uint8_t)rn(s, 16);
      rand_vopnd(s, &a->ief_bypass);
      rand_raw(s, &a->dst);
      break;
    }
  }
}

/* A kernel whose names never shadow the V<n>/S<n>/T<n>/P<n>/A<n> spellings. */
static sf_visa_kernel prop_kernel(void) {
  sf_visa_kernel k;
  sf_status st;
  sf_status_clear(&st);
  sf_visa_kernel_init(&k, "prop", &st);
  static const char *const vars[] = {"dst", "coord_u", "coord_v", "lod", "ref", "$tmp", "@x", "_y"};
  for (size_t i = 0; i < 8; i++) sf_visa_kernel_add_var(&k, vars[i], (uint8_t)i, (uint16_t)(16 + i), 5, &st);
  sf_visa_kernel_add_sampler(&k, "smp", &st);
  sf_visa_kernel_add_surface(&k, "tex", &st);
  sf_visa_kernel_add_pred(&k, "flag", 16, &st);
  sf_visa_kernel_add_addr(&k, "addr", 1, &st);
  SF_CHECK_EQ_U(st.code, SF_OK);
  return k;
}

static void property_run(const sf_visa_kernel *k, uint64_t seed, unsigned n) {
  uint64_t s = seed;
  char a[2048], b[2048], eb[256];
  unsigned fails = 0;
  for (unsigned i = 0; i < n && fails < 5; i++) {
    sf_inst raw, x, y;
    rand_inst(&s, &raw);
    x = raw;
    sf_inst_canonicalize(&x);
    sf_status st;
    sf_status_clear(&st);
    if (sf_visa_print(&x, k, a, sizeof a, &st) != SF_OK) {
      fails++;
      SF_CHECK_MSG(0, "print #%u: %s", i, sf_status_format(&st, eb, sizeof eb));
      continue;
    }
    /* the don't-care bits of the raw instruction do not reach the text */
    SF_CHECK(sf_visa_print(&raw, k, b, sizeof b, &st) == SF_OK && strcmp(a, b) == 0);
    if (sf_visa_parse(a, strlen(a), k, &y, &st) != SF_OK) {
      fails++;
      SF_CHECK_MSG(0, "parse #%u '%s': %s", i, a, sf_status_format(&st, eb, sizeof eb));
      continue;
    }
    if (!sf_inst_equal(&x, &y)) {
      fails++;
      SF_CHECK_MSG(0, "#%u '%s' reads back different: %s", i, a, sf_inst_diff(&x, &y, eb, sizeof eb));
      continue;
    }
    SF_CHECK(sf_visa_print(&y, k, b, sizeof b, &st) == SF_OK && strcmp(a, b) == 0);
  }
}

static void test_property_no_kernel(void) { property_run(NULL, 0x5eed0001ull, 20000); }

static void test_property_kernel(void) {
  sf_visa_kernel k = prop_kernel();
  property_run(&k, 0x5eed0002ull, 6000);
  sf_visa_kernel_free(&k);
}

/* Decimal float immediates read exactly: %.9g of random float bits reads back bit-exact (and
 * %.17g for df). */
static void test_float_literals(void) {
  uint64_t s = 0xf10a7ull;
  char line[200], eb[200];
  for (int i = 0; i < 3000; i++) {
    uint32_t bits = (uint32_t)sf_t_rand(&s);
    float f;
    memcpy(&f, &bits, 4);
    if (!isfinite(f)) continue;
    snprintf(line, sizeof line, "sample_unorm.R.16-full S0 T6 %.9e:f 0x0:f 0x0:f 0x0:f V32.0", (double)f);
    sf_inst x;
    sf_status st;
    sf_status_clear(&st);
    SF_CHECK_MSG(sf_visa_parse(line, strlen(line), NULL, &x, &st) == SF_OK && x.unorm.u.imm == bits, "%s: %s", line,
                 sf_status_format(&st, eb, sizeof eb));
    uint64_t dbits = sf_t_rand(&s);
    double d;
    memcpy(&d, &dbits, 8);
    if (!isfinite(d)) continue;
    snprintf(line, sizeof line, "sample_unorm.R.16-full S0 T6 %.17e:df 0x0:f 0x0:f 0x0:f V32.0", d);
    sf_status_clear(&st);
    SF_CHECK_MSG(sf_visa_parse(line, strlen(line), NULL, &x, &st) == SF_OK && x.unorm.u.imm == dbits, "%s", line);
  }
}

/* ---- Mutated input ----------------------------------------------------------------------------- */

/* Mutated text (byte flips, inserted operator characters, truncation) never crashes the parsers;
 * whatever they accept prints, and reads back to the same instruction. */
static void test_mutations(void) {
  static const char *const seeds[] = {
      "sample_unorm.RGBA.16-full S0 T6 r[A0(0),4]<0;1,0>:f V40(0,0)<1;1,0> (-abs)V41(0,3)<0;1,0> 0.5:f V32.64",
      "(!P1.all) sample_d_c.pixel_null_mask.cps.RG (M5_NM, 8)  0x123:uw S31 TSS %r0.0 V32.32 V33.0 V34.0",
      "avs.RGBA T6 S0 0x0:f 0x0:f 0x3dcccccd:f 0x3dcccccd:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 0x0:uw V34.0",
      "AVS.RGBA S0 T6 0.0:f 0.0:f 0.1:f 0.1:f 0:ud 0:ud AVS_16_FULL 0.0:f AVS_16x4 0:uw V34.0",
  };
  static const char inject[] = "()<>[];,.:#-!~ 0123456789xAPSTVr%e";
  uint64_t s = 0xabcdefull;
  char line[256], out[2048], eb[256];
  unsigned accepted = 0;
  for (unsigned i = 0; i < 20000; i++) {
    const char *seed = seeds[rn(&s, 4)];
    size_t n = strlen(seed);
    memcpy(line, seed, n);
    unsigned edits = 1 + rn(&s, 3);
    for (unsigned e = 0; e < edits; e++) {
      size_t at = rn(&s, (uint32_t)n);
      switch (rn(&s, 4)) {
        case 0: line[at] = inject[rn(&s, sizeof inject - 1)]; break;
        case 1: line[at] = (char)sf_t_rand(&s); break;
        case 2: n = at; break;
        default:
          if (n + 1 < sizeof line) {
            memmove(line + at + 1, line + at, n - at);
            line[at] = inject[rn(&s, sizeof inject - 1)];
            n++;
          }
          break;
      }
      if (n == 0) break;
    }
    sf_inst x, y;
    sf_status st;
    sf_status_clear(&st);
    sf_code r = sf_visa_parse(line, n, NULL, &x, &st);
    if (r != SF_OK) {
      SF_CHECK(st.code == r && st.pos_kind == SF_POS_TEXT && st.line >= 1 && st.col >= 1 && st.msg[0]);
      continue;
    }
    accepted++;
    SF_CHECK_MSG(sf_visa_print(&x, NULL, out, sizeof out, &st) == SF_OK, "%.*s: %s", (int)n, line,
                 sf_status_format(&st, eb, sizeof eb));
    SF_CHECK(sf_visa_parse(out, strlen(out), NULL, &y, &st) == SF_OK && sf_inst_equal(&x, &y));
  }
  SF_CHECK(accepted > 100); /* the mutations do reach the accepting paths */
  /* whole files: truncations of the multi-kernel file at every byte */
  for (size_t cut = 0; cut < sizeof multi_file - 1; cut += 3) {
    sf_isa_file f;
    sf_status st;
    sf_status_clear(&st);
    if (sf_visaasm_parse(multi_file, cut, &f, &st) == SF_OK) {
      sf_buf b;
      sf_buf_init(&b, &st);
      SF_CHECK(sf_visaasm_print(&f, &b, &st) == SF_OK);
      sf_buf_free(&b);
      for (uint32_t i = 0; i < f.num_kernels; i++) sf_visa_kernel_free(&f.kernels[i]);
      free(f.kernels);
    } else {
      SF_CHECK(st.pos_kind == SF_POS_TEXT && f.kernels == NULL);
    }
  }
}

int main(void) {
  SF_RUN(test_property_no_kernel);
  SF_RUN(test_property_kernel);
  SF_RUN(test_float_literals);
  SF_RUN(test_mutations);
  SF_TEST_END();
}
