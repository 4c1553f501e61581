/* test_visa_bin_props.c — round-trip properties of the vISA v4.1 instruction codec
 * (harness/visa/visa_bin.c; docs/visa-binary.md): 5,000 random instructions encode and decode to
 * themselves, and for 40,000 byte strings mutated from valid encodings, whatever decodes re-encodes
 * to exactly the bytes it consumed (the run prints how many were accepted and rejected). */
#include "tests/test_visa_bin_util.h"

/* ---- round-trip properties ------------------------------------------------------------------ */

static sf_vopnd rand_vec(uint64_t *s) {
  sf_vopnd o;
  memset(&o, 0, sizeof o);
  static const uint8_t classes[] = {0, 1, 2, 3, 5, 6};
  o.cls = classes[sf_t_rand(s) % 6];
  o.mod = (uint8_t)(sf_t_rand(s) & 7);
  o.tag_hi = (uint8_t)(sf_t_rand(s) & 3);
  uint64_t r = sf_t_rand(s);
  switch (o.cls) {
    case SF_VCLS_GENERAL:
      o.id = (uint32_t)r;
      o.row_off = (uint8_t)(r >> 32);
      o.col_off = (uint8_t)(r >> 40);
      o.region = (sf_region){(uint8_t)(r >> 48 & 15), (uint8_t)(r >> 52 & 15), (uint8_t)(r >> 56 & 15), (uint8_t)(r >> 60)};
      break;
    case SF_VCLS_ADDRESS: o.id = (uint16_t)r; o.addr_off = (uint8_t)(r >> 16); o.width = (uint8_t)(r >> 24); break;
    case SF_VCLS_PREDICATE: o.id = (uint16_t)r; break;
    case SF_VCLS_INDIRECT:
      o.id = (uint16_t)r; o.addr_off = (uint8_t)(r >> 16); o.imm_off = (int16_t)(r >> 24); o.type = (uint8_t)(r >> 40);
      o.region = (sf_region){(uint8_t)(r >> 48 & 15), (uint8_t)(r >> 52 & 15), (uint8_t)(r >> 56 & 15), (uint8_t)(r >> 60)};
      break;
    case SF_VCLS_IMMEDIATE:
      o.type = (uint8_t)r;
      o.imm = sf_t_rand(s);
      if (sf_vtype_size(o.type & 0xF) != 8) o.imm &= 0xFFFFFFFFu;
      break;
    default: o.state_cls = (uint8_t)r; o.id = (uint16_t)(r >> 8); o.addr_off = (uint8_t)(r >> 24); break;
  }
  return o;
}

static sf_inst rand_inst(uint64_t *s) {
  sf_inst in;
  memset(&in, 0, sizeof in);
  uint64_t r = sf_t_rand(s);
  switch (r % 3) {
    case 0: {
      in.family = SF_FAMILY_SAMPLE_UNORM;
      sf_sample_unorm *u = &in.unorm;
      u->chan_mask = (uint8_t)(r >> 8 & 15); u->out_fmt = (uint8_t)(r >> 12 & 3); u->chan_hi = (uint8_t)(r >> 14 & 3);
      u->sampler = (uint8_t)(r >> 16); u->surface = (uint8_t)(r >> 24);
      u->u = rand_vec(s); u->v = rand_vec(s); u->du = rand_vec(s); u->dv = rand_vec(s);
      u->dst = raw((uint32_t)sf_t_rand(s), (uint16_t)(r >> 32));
      break;
    }
    case 1: {
      in.family = SF_FAMILY_AVS;
      sf_avs *a = &in.avs;
      a->chan_mask = (uint8_t)(r >> 8 & 15); a->chan_hi = (uint8_t)(r >> 12 & 15);
      a->sampler = (uint8_t)(r >> 16); a->surface = (uint8_t)(r >> 24);
      a->cntrl = (uint8_t)(r >> 32 & 15); a->cntrl_hi = (uint8_t)(r >> 36 & 15);
      a->exec_mode = (uint8_t)(r >> 40 & 15); a->exec_mode_hi = (uint8_t)(r >> 44 & 15);
      a->u_off = rand_vec(s); a->v_off = rand_vec(s); a->du = rand_vec(s); a->dv = rand_vec(s); a->u2d = rand_vec(s);
      a->group_id = rand_vec(s); a->vbn = rand_vec(s); a->v2d = rand_vec(s); a->ief_bypass = rand_vec(s);
      a->dst = raw((uint32_t)sf_t_rand(s), (uint16_t)(r >> 48));
      break;
    }
    default: {
      in.family = SF_FAMILY_SAMPLE_3D;
      sf_sample_3d *x = &in.s3d;
      uint64_t q = sf_t_rand(s);
      x->op = (uint8_t)(r >> 8); x->pixel_null_mask = r >> 16 & 1; x->cps = r >> 17 & 1; x->divs = r >> 18 & 1;
      x->op_hi = (uint8_t)(r >> 19 & 31); x->exec_size = (uint8_t)(r >> 24 & 15); x->emask = (uint8_t)(r >> 28 & 15);
      x->pred.id = (uint16_t)(q & 0xFFF); x->pred.rsvd = (uint8_t)(q >> 12 & 1); x->pred.ctrl = (uint8_t)(q >> 13 & 3);
      x->pred.invert = q >> 15 & 1; x->chan_mask = (uint8_t)(q >> 16 & 15); x->chan_hi = (uint8_t)(q >> 20 & 15);
      x->sampler = (uint8_t)(q >> 24); x->surface = (uint8_t)(q >> 32);
      x->aoffimmi = rand_vec(s);
      x->dst = raw((uint32_t)sf_t_rand(s), (uint16_t)(q >> 40));
      x->num_params = (uint8_t)(sf_t_rand(s) % 16);
      for (unsigned i = 0; i < x->num_params; i++) {
        uint64_t p = sf_t_rand(s);
        x->params[i] = raw((uint32_t)p, (uint16_t)(p >> 32));
      }
      break;
    }
  }
  return in;
}

/* Random valid sf_inst -> encode -> decode gives the same instruction and consumes every byte. */
static void prop_random_insts(void) {
  uint64_t s = 0x5eed0001;
  for (int i = 0; i < 5000; i++) {
    sf_inst in = rand_inst(&s);
    sf_buf b;
    encode_ok(&in, &b);
    sf_inst out;
    size_t used = 0;
    sf_status st;
    sf_status_clear(&st);
    sf_code c = sf_visa_decode(b.data, b.len, 0, &out, &used, &st);
    SF_CHECK_MSG(c == SF_OK, "iteration %d: %s", i, st.msg);
    SF_CHECK_EQ_U(used, b.len);
    char d[200];
    SF_CHECK_MSG(sf_inst_equal(&in, &out), "iteration %d: %s", i, sf_inst_diff(&in, &out, d, sizeof d));
    sf_buf_free(&b);
    if (sf_t_failed_checks > 20) return;
  }
}

/* Byte strings mutated from valid encodings: whenever decode succeeds, encode reproduces exactly the
 * bytes it consumed. Also counts how many mutants were accepted, so the property is not vacuous. */
static void prop_mutated_roundtrip(void) {
  uint64_t s = 0x5eed0002;
  uint8_t seed[4][256];
  size_t seedlen[4];
  seedlen[0] = sf_t_hex(UNORM_EXAMPLE_HEX, seed[0], 256);
  seedlen[1] = sf_t_hex(AVS_EXAMPLE_HEX, seed[1], 256);
  seedlen[2] = sf_t_hex(S3D_EXAMPLE_HEX, seed[2], 256);
  seedlen[3] = sf_t_hex("6d 0200 04 0000 01 05 02 00000000 00 06 21000000 0000 03 25000000 0000 23000000 0000 24000000 0000",
                   seed[3], 256);
  const int N = 40000;
  int accepted = 0, rejected_trunc = 0, rejected_other = 0;
  for (int it = 0; it < N; it++) {
    uint8_t buf[300];
    size_t len;
    if (it % 4 == 3) {
      /* a fresh random valid instruction as the seed */
      sf_inst in = rand_inst(&s);
      sf_buf b;
      encode_ok(&in, &b);
      len = b.len < sizeof buf ? b.len : sizeof buf;
      memcpy(buf, b.data, len);
      sf_buf_free(&b);
    } else {
      unsigned k = (unsigned)(sf_t_rand(&s) % 4);
      len = seedlen[k];
      memcpy(buf, seed[k], len);
    }
    unsigned nmut = 1 + (unsigned)(sf_t_rand(&s) % 4);
    for (unsigned m = 0; m < nmut && len > 0; m++) {
      uint64_t r = sf_t_rand(&s);
      size_t at = (size_t)(r >> 8) % len;
      switch (r % 6) {
        case 0: buf[at] ^= (uint8_t)(1u << (r >> 40 & 7)); break;        /* bit flip */
        case 1: buf[at] = (uint8_t)(r >> 32); break;                       /* random byte */
        case 2: buf[at] = (uint8_t)((r >> 32) % 8 | (buf[at] & 0xF8)); break; /* perturb a class/low nibble */
        case 3: len = at; break;                                           /* truncate */
        case 4:                                                            /* append random bytes */
          for (unsigned e = 0; e < 8 && len < sizeof buf; e++) buf[len++] = (uint8_t)sf_t_rand(&s);
          break;
        default:                                                           /* delete one byte */
          memmove(buf + at, buf + at + 1, len - at - 1);
          len--;
          break;
      }
    }
    uint8_t *p = malloc(len ? len : 1);
    memcpy(p, buf, len);
    sf_inst out;
    size_t used = 0;
    sf_status st;
    sf_status_clear(&st);
    sf_code c = sf_visa_decode(p, len, 0, &out, &used, &st);
    if (c == SF_OK) {
      accepted++;
      SF_CHECK(used <= len && used > 0);
      sf_buf b;
      encode_ok(&out, &b);
      SF_CHECK_MSG(b.len == used && memcmp(b.data, p, used) == 0, "iteration %d: re-encoding differs", it);
      sf_buf_free(&b);
    } else {
      SF_CHECK(st.code == c && st.pos_kind == SF_POS_BYTE && st.pos <= len && st.msg[0]);
      if (c == SF_ERR_TRUNCATED) rejected_trunc++;
      else rejected_other++;
    }
    free(p);
    if (sf_t_failed_checks > 20) return;
  }
  printf("mutated round trip: %d inputs, %d decoded and re-encoded identically, %d truncated, %d other errors\n", N,
         accepted, rejected_trunc, rejected_other);
  SF_CHECK(accepted >= N / 5);
  SF_CHECK(rejected_trunc > 0 && rejected_other > 0);
}

int main(void) {
  SF_RUN(prop_random_insts);
  SF_RUN(prop_mutated_roundtrip);
  SF_TEST_END();
}
