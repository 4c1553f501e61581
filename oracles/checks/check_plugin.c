/* oracles/checks/check_plugin.c — the plugin_fuzzer target: a hostile implementation under test.
 * The input describes a v2 backend table (include/samplefuzz/backend.h) — ABI version, struct size,
 * name, which entry points exist, what create and the queries return, the capabilities, the
 * precision profile — and how its sample entry answers; the rest of the input is a backend_diff
 * case. The table goes through the loader's checks (sf_backend_wrap, the same as sf_backend_load
 * after the symbol lookup) and, when it loads, the case through the judge (sf_check_backend_diff_with).
 *
 * Checks (docs/fuzzing.md):
 *   load      the loader accepts the table exactly when docs/backends.md says it must: ABI 2, a size
 *             between the first ABI-2 table and this header's, a name of 1-47 characters of
 *             [A-Za-z0-9_.+-], query_caps and sample set, create and the queries succeed. A refusal
 *             carries a message (SF_UNSUPPORTED only when create says "unavailable");
 *   caps      the judge never calls sample with a batch outside the declared capabilities;
 *   status    an implementation that fails a call the reference completes is a finding (`status`),
 *             one that answers SF_UNSUPPORTED is skipped, never a finding;
 *   blame     an implementation that returns the reference's own results with the spec-minimum
 *             precision (no query_precision) is never blamed alone: a finding may name the reference
 *             or both, never "implementation".
 * Any precision profile, capability mask and result bits must give a verdict without a crash or
 * undefined behaviour (the ASan/UBSan/MSan builds). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "samplefuzz/backend.h"
#include "samplefuzz/oracle.h"

/* The input's table part: fixed fields, then the name, then the case. */
enum {
  PF_FLAGS = 0,      /* bit 0 ABI wrong, 1 size wrong, 2 create, 3 create fails, 4 query_precision,
                        5 no query_caps, 6 no sample, 7 a query fails */
  PF_ABI = 1,        /* the wrong ABI version (added to 3) */
  PF_SIZE = 2,       /* the wrong struct size (0..255, or sizeof + 8) */
  PF_RC = 3,         /* failure codes: low nibble create/queries, high nibble sample */
  PF_MODE = 4,       /* how sample answers, mod 5: 0 the reference, 1 the reference with bits flipped,
                        2 the raw bytes of PF_BITS, 3 an error, 4 SF_UNSUPPORTED */
  PF_NAME_LEN = 5,   /* 0: NULL name; else the next (len - 1) % 56 bytes */
  PF_CAPS = 6,       /* 32 bytes: families, ops, surface types, formats (8), filters, address modes, levels */
  PF_PREC = 38,      /* 48 bytes: 4 bit counts, 8 colour thresholds, float threshold, quirks */
  PF_BITS = 86,      /* 16 bytes: flip mask or raw result bits */
  PF_FIXED = 102
};

typedef struct pf_ctx {
  const uint8_t *in;
  sf_backend_caps caps;
  sf_backend_precision prec;
  unsigned calls, outside;   /* sample calls, and those with a batch outside caps */
  char why[160];
} pf_ctx;

static _Thread_local pf_ctx pf;

static uint32_t pf_u32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

static sf_code pf_fail_code(unsigned nib) {
  static const sf_code c[4] = {SF_ERR_INVALID, SF_ERR_STATE, SF_ERR_LIMIT, SF_ERR_IO};
  return c[nib & 3u];
}

static sf_code pf_create(void **inst, sf_status *st) {
  *inst = &pf;
  if (pf.in[PF_FLAGS] & 0x08) {
    unsigned nib = pf.in[PF_RC] & 15u;
    return nib >= 12 ? sf_fail(st, SF_UNSUPPORTED, "no device here") : sf_fail(st, pf_fail_code(nib), "create failed on purpose");
  }
  return SF_OK;
}

static void pf_destroy(void *inst) { (void)inst; }

static sf_code pf_query_caps(void *inst, sf_backend_caps *c, sf_status *st) {
  (void)inst;
  if ((pf.in[PF_FLAGS] & 0x80) && !(pf.in[PF_RC] & 0x10)) return sf_fail(st, pf_fail_code(pf.in[PF_RC]), "caps refused");
  *c = pf.caps;
  return SF_OK;
}

static sf_code pf_query_precision(void *inst, sf_backend_precision *p, sf_status *st) {
  (void)inst;
  if ((pf.in[PF_FLAGS] & 0x80) && (pf.in[PF_RC] & 0x10)) return sf_fail(st, pf_fail_code(pf.in[PF_RC]), "precision refused");
  *p = pf.prec;
  return SF_OK;
}

static sf_code pf_sample(void *inst, const sf_sample_batch *reqs, size_t n, sf_sample_out *outs, sf_status *st) {
  (void)inst;
  for (size_t i = 0; i < n; i++) {
    pf.calls++;
    if (!sf_backend_caps_allow(&pf.caps, &reqs[i], pf.why, sizeof pf.why)) pf.outside++;
  }
  unsigned mode = pf.in[PF_MODE] % 5u;
  if (mode == 3) return sf_fail(st, pf_fail_code(pf.in[PF_RC] >> 4), "sample failed on purpose");
  if (mode == 4) return sf_fail(st, SF_UNSUPPORTED, "not this one");
  for (size_t i = 0; i < n; i++) {
    if (mode == 2) {
      for (unsigned k = 0; k < 4; k++)
        for (unsigned l = 0; l < SF_MAX_LANES; l++)
          outs[i].v[k][l] = (reqs[i].lanes >> l & 1u) ? pf_u32(pf.in + PF_BITS + 4 * ((k + l) % 4u)) : 0;
      outs[i].null_mask = reqs[i].lanes;
      continue;
    }
    sf_code rc = sf_sample(sf_backend_scalar(), &reqs[i], &outs[i], st);
    if (rc != SF_OK) return rc;
    if (mode == 1)
      for (unsigned k = 0; k < 4; k++)
        for (unsigned l = 0; l < SF_MAX_LANES; l++)
          if (reqs[i].lanes >> l & 1u) outs[i].v[k][l] ^= pf_u32(pf.in + PF_BITS + 4 * k);
  }
  return SF_OK;
}

/* docs/backends.md: "1-47 characters of [A-Za-z0-9_.+-]". */
static bool pf_name_ok(const char *s) {
  if (!s) return false;
  size_t n = strlen(s);
  if (n < 1 || n > 47) return false;
  for (size_t i = 0; i < n; i++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.+-", s[i])) return false;
  return true;
}

/* The name's length in the input: 0 for a NULL name, at most 55 bytes and what the input holds. */
static size_t pf_name_len(const uint8_t *p, size_t n) {
  size_t len = p[PF_NAME_LEN] ? (size_t)(p[PF_NAME_LEN] - 1u) % 56u : 0;
  return len > n - PF_FIXED ? n - PF_FIXED : len;
}

const char *sf_check_plugin_describe(const uint8_t *p, size_t n, char *buf, size_t len) {
  static const char *const modes[5] = {"the reference's results", "the reference with bits flipped", "raw result bits",
                                       "an error", "SF_UNSUPPORTED"};
  if (n < PF_FIXED) {
    snprintf(buf, len, "(too short for a table: %zu of %d bytes)", n, PF_FIXED);
    return buf;
  }
  const uint8_t f = p[PF_FLAGS];
  snprintf(buf, len,
           "flags 0x%02x (ABI %s, struct size %s, create %s, query_precision %s, query_caps %s, sample %s); sample "
           "answers with %s; name %s; then a %zu-byte backend_diff case",
           f, f & 1 ? "wrong" : "2", f & 2 ? "wrong" : "right", f & 4 ? (f & 8 ? "fails" : "set") : "none",
           f & 16 ? "set" : "none", f & 32 ? "none" : "set", f & 64 ? "none" : "set", modes[p[PF_MODE] % 5u],
           p[PF_NAME_LEN] ? "from the input" : "NULL", n - PF_FIXED - pf_name_len(p, n));
  return buf;
}

bool sf_check_plugin(const uint8_t *p, size_t n, sf_verdict *v) {
  sf_verdict_init(v, "plugin");
  if (n < PF_FIXED) {
    sf_status st;
    sf_status_clear(&st);
    sf_fail(&st, SF_ERR_INVALID, "plugin_fuzzer: %zu bytes, the table part is %d", n, PF_FIXED);
    sf_verdict_refuse(v, &st);
    return true;
  }
  memset(&pf, 0, sizeof pf);
  pf.in = p;
  const uint8_t flags = p[PF_FLAGS];
  const uint8_t *c = p + PF_CAPS;
  pf.caps = (sf_backend_caps){.families = pf_u32(c), .ops = pf_u32(c + 4), .surf_types = pf_u32(c + 8),
                              .formats = (uint64_t)pf_u32(c + 12) | (uint64_t)pf_u32(c + 16) << 32,
                              .filters = pf_u32(c + 20), .addr_modes = pf_u32(c + 24), .max_levels = pf_u32(c + 28)};
  const uint8_t *q = p + PF_PREC;
  pf.prec.subtexel_bits = q[0];
  pf.prec.lod_bits = q[1];
  pf.prec.mip_blend_bits = q[2];
  pf.prec.cube_corner = q[3];
  for (unsigned k = 0; k < 8; k++) memcpy(&pf.prec.color_ulp[k], q + 4 + 4 * k, 4);
  memcpy(&pf.prec.float_rel, q + 36, 4);
  pf.prec.quirks = pf_u32(q + 40);

  /* The name: NULL, or bytes of the input (any byte; a NUL ends it early). */
  char name[64];
  size_t at = PF_FIXED;
  const char *namep = NULL;
  if (p[PF_NAME_LEN]) {
    size_t len = pf_name_len(p, n);
    memcpy(name, p + at, len);
    name[len] = '\0';
    at += len;
    namep = name;
  }
  sf_backend_v2 t = {
      .struct_size = (flags & 0x02) ? (p[PF_SIZE] == 255 ? (uint32_t)sizeof t + 8u : p[PF_SIZE]) : (uint32_t)sizeof t,
      .abi_version = (flags & 0x01) ? 3u + p[PF_ABI] : SF_BACKEND_ABI_VERSION,
      .name = namep,
      .version = "plugin_fuzzer",
      .create = (flags & 0x04) ? pf_create : NULL,
      .destroy = (flags & 0x04) ? pf_destroy : NULL,
      .query_caps = (flags & 0x20) ? NULL : pf_query_caps,
      .query_precision = (flags & 0x10) ? pf_query_precision : NULL,
      .sample = (flags & 0x40) ? NULL : pf_sample};

  /* What docs/backends.md says the loader does with this table. */
  const size_t min_size = offsetof(sf_backend_v2, avs) + sizeof t.avs;
  const bool create_fails = t.create && (flags & 0x08);
  const bool query_fails = (flags & 0x80) && ((p[PF_RC] & 0x10) ? t.query_precision != NULL : true);
  const bool want_load = t.abi_version == SF_BACKEND_ABI_VERSION && t.struct_size >= min_size &&
                         t.struct_size <= sizeof t && pf_name_ok(namep) && t.query_caps && t.sample && !create_fails &&
                         !query_fails;
  sf_status st;
  sf_status_clear(&st);
  sf_backend_handle *h = NULL;
  sf_code rc = sf_backend_wrap(&t, "plugin_fuzzer", &h, &st);
  if ((rc == SF_OK) != want_load || (rc == SF_OK) != (h != NULL)) {
    sf_verdict_fail(v, "load", NULL, rc == SF_OK ? "accepted" : "refused");
    sf_verdict_key(v, "abi=%u size=%u name=%s create=%d/%d caps=%d sample=%d query_fails=%d", t.abi_version,
                   t.struct_size, namep ? (pf_name_ok(namep) ? "ok" : "bad") : "null", t.create != NULL, create_fails,
                   t.query_caps != NULL, t.sample != NULL, query_fails);
    sf_verdict_dumpf(v, "the loader %s a table docs/backends.md says it must %s: %s\n", rc == SF_OK ? "accepted" : "refused",
                     want_load ? "accept" : "refuse", rc == SF_OK ? "(no message)" : st.msg);
    if (h) sf_backend_close(h);
    return false;
  }
  if (rc != SF_OK) {
    if (!st.msg[0] || (rc == SF_UNSUPPORTED && !(create_fails && (p[PF_RC] & 15u) >= 12))) {
      sf_verdict_fail(v, "load", NULL, "message");
      sf_verdict_key(v, "code=%s", sf_code_name(rc));
      sf_verdict_dumpf(v, "the loader refused with %s and message \"%s\"\n", sf_code_name(rc), st.msg);
      return false;
    }
    sf_verdict_refuse(v, &st);
    return true;
  }

  /* Loaded: the rest of the input is a backend_diff case, judged with this implementation. */
  (void)sf_check_backend_diff_with(h, p + at, n - at, v);   /* the verdict in v is what counts */
  const unsigned mode = p[PF_MODE] % 5u;
  const bool exact = mode == 0 && !t.query_precision;
  char why[sizeof v->reason];
  snprintf(why, sizeof why, "%s", v->reason);
  sf_verdict_kind kind = v->kind;
  char check[SF_VERDICT_NAME_MAX], feature[SF_VERDICT_NAME_MAX];
  snprintf(check, sizeof check, "%s", v->check);
  snprintf(feature, sizeof feature, "%s", v->feature);
  sf_backend_close(h);
  if (pf.outside) {
    sf_verdict_init(v, "plugin");
    sf_verdict_fail(v, "caps", NULL, NULL);
    sf_verdict_dumpf(v, "the judge called sample %u time(s) with a batch outside the declared capabilities (%s)\n",
                     pf.outside, pf.why);
    return false;
  }
  if (kind == SF_VERDICT_FAIL && exact && !strncmp(feature, "implementation", 14)) {
    sf_verdict_init(v, "plugin");
    sf_verdict_fail(v, "blame", NULL, NULL);
    sf_verdict_key(v, "check=%s", check);
    sf_verdict_dumpf(v, "the implementation returned the reference's own results with the spec-minimum precision, and the "
                        "judge blamed it alone (%s, %s)\n", check, feature);
    return false;
  }
  if (pf.calls && mode == 4 && kind == SF_VERDICT_FAIL && !strcmp(check, "status")) {
    sf_verdict_init(v, "plugin");
    sf_verdict_fail(v, "status", NULL, "unsupported");
    sf_verdict_dumpf(v, "an implementation answering SF_UNSUPPORTED was reported as a finding\n");
    return false;
  }
  if (pf.calls && mode == 3 && kind != SF_VERDICT_FAIL) {
    sf_verdict_init(v, "plugin");
    sf_verdict_fail(v, "status", NULL, "error");
    sf_verdict_dumpf(v, "an implementation that failed its sample call (the reference did not) gave verdict %s: %s\n",
                     sf_verdict_kind_name(kind), why);
    return false;
  }
  /* The judge's own verdict on this implementation (a finding is expected when its results are
   * wrong on purpose) is not a finding of this target. */
  sf_verdict_init(v, "plugin");
  if (kind == SF_VERDICT_FAIL) sf_verdict_dumpf(v, "judge: %s %s (expected for this implementation)\n", check, feature);
  return true;
}
