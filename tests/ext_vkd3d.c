/* tests/ext_vkd3d.c — external check of the DXBC codec against vkd3d-compiler 1.2 and spirv-val
 * (docs/dxbc.md).
 *
 * For 588 generated sample instructions covering every op (6) x SM4/SM5 x every sampled resource
 * dimension (7) x offsets (none, explicit (0,0,0), random in [-8,7]) x operand forms (r#, v#, o#,
 * x#[n], cb#[n], cb#[r# + n], l(...), modifiers, swizzles, select_1), each wrapped into a minimal
 * pixel shader by sf_dxbc_wrap_sample, the case passes when:
 *   1. vkd3d-compiler accepts the container (rc 0) and prints no `err:` line;
 *   2. spirv-val accepts the SPIR-V it produced;
 *   3. the sample line of vkd3d's VKD3D_SHADER_DEBUG=trace disassembly, parsed by our parser and
 *      normalized (sf_d3dasm_normalize_vkd3d, docs/dxbc.md table), prints exactly like our own
 *      instruction normalized the same way;
 *      and the whole trace listing, read back by our program parser, gives exactly the
 *      declaration tokens we wrote (vkd3d decodes and spells them independently);
 *   4. spirv-dis shows the OpImageSample* form of the op (Bias / Lod / Grad / Dref), and a
 *      ConstOffset exactly when the instruction has non-zero offsets vkd3d supports.
 * Known vkd3d quirks (docs/dxbc.md) are avoided by the generator or tolerated with the reason in a
 * comment; nothing else is skipped. Tools missing => SF_SKIP_ALL (fails unless SF_ALLOW_SKIP). */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "samplefuzz/dxbc.h"
#include "tests/d3dasm_vkd3d_norm.h"
#include "tests/sf_test.h"
#include "tests/test_dxbc_gen.h"

#define N_CASES 588

static int run(const char *cmd) {
  int rc = system(cmd);
  if (rc == -1) return -1;
  return (rc >> 8) & 0xff;
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) return NULL;
  size_t cap = 4096, n = 0;
  char *b = malloc(cap + 1);
  size_t k;
  while (b && (k = fread(b + n, 1, cap - n, f)) > 0) {
    n += k;
    if (n == cap) {
      char *nb = realloc(b, cap * 2 + 1);
      if (!nb) {
        free(b);
        b = NULL;
        break;
      }
      b = nb;
      cap *= 2;
    }
  }
  fclose(f);
  if (b) b[n] = 0;
  if (len) *len = n;
  return b;
}

static bool tool_exists(const char *name) {
  char cmd[256];
  snprintf(cmd, sizeof cmd, "command -v %s >/dev/null 2>&1", name);
  return run(cmd) == 0;
}

/* Builds case i: cycles ops, dimensions, SM4/SM5 and offset kinds so every combination appears. */
static void make_case(unsigned i, uint64_t *seed, sf_d3d_inst *d, uint8_t *dim) {
  static const uint8_t ops[] = {SF_D3D_SAMPLE, SF_D3D_SAMPLE_B, SF_D3D_SAMPLE_C, SF_D3D_SAMPLE_C_LZ, SF_D3D_SAMPLE_L,
                                SF_D3D_SAMPLE_D};
  static const uint8_t dims[] = {SF_D3D_DIM_TEX1D,      SF_D3D_DIM_TEX2D,      SF_D3D_DIM_TEX3D,
                                 SF_D3D_DIM_TEXCUBE,    SF_D3D_DIM_TEX1DARRAY, SF_D3D_DIM_TEX2DARRAY,
                                 SF_D3D_DIM_TEXCUBEARRAY};
  uint8_t op = ops[i % 6];
  *dim = dims[(i / 6) % 7];
  if ((op == SF_D3D_SAMPLE_C || op == SF_D3D_SAMPLE_C_LZ) && *dim == SF_D3D_DIM_TEX3D)
    *dim = SF_D3D_DIM_TEX2D; /* comparison sampling is not defined on Texture3D */
  tg_opts g = {false, ((i / 42) % 2) != 0, *dim};
  do {
    tg_inst(seed, d, &g);
  } while (d->op != op);
  unsigned off_kind = (i / 84) % 3; /* 0 none, 1 explicit zero, 2 random */
  bool cube = *dim == SF_D3D_DIM_TEXCUBE || *dim == SF_D3D_DIM_TEXCUBEARRAY;
  d->has_aoffimmi = off_kind != 0 && !cube;
  memset(d->aoffimmi, 0, sizeof d->aoffimmi);
  if (off_kind == 2 && !cube)
    for (unsigned k = 0; k < 3; k++) d->aoffimmi[k] = (int8_t)((int)tg_r(seed, 16) - 8);
  if (op == SF_D3D_SAMPLE_C || op == SF_D3D_SAMPLE_C_LZ) {
    /* Quirk Q3 (docs/dxbc.md): vkd3d 1.2 reports "Invalid swizzle ... for scalar value" unless the
     * comparison result goes to one component through a replicated resource swizzle, which is
     * also the only form fxc emits (reference §2.5: `sample_c_lz r0.x, r0.xyzx, t0.xxxx, s0, ...`). */
    d->dst.comp_bits = (uint8_t)(1u << tg_r(seed, 4));
    d->src[1].comp_bits = 0;
  }
  /* fxc's order of extended tokens (the generator may not reorder when wild is off, but be explicit). */
  memset(d->ext_order, 0, sizeof d->ext_order);
  sf_d3d_inst_canonicalize(d);
}

static const char *spirv_op_for(uint8_t op) {
  switch (op) {
    case SF_D3D_SAMPLE: case SF_D3D_SAMPLE_B: return "OpImageSampleImplicitLod";
    case SF_D3D_SAMPLE_L: case SF_D3D_SAMPLE_D: return "OpImageSampleExplicitLod";
    case SF_D3D_SAMPLE_C: return "OpImageSampleDrefImplicitLod";
    default: return "OpImageSampleDrefExplicitLod";
  }
}

typedef struct vcase {
  sf_d3d_inst d;
  uint8_t dim;
  char text[512];
  bool written;
} vcase;

/* Known vkd3d 1.2 quirks that make a *valid* shader fail (docs/dxbc.md "vkd3d quirks"). They are
 * run like every other case; the test then requires the documented symptom (so a fixed vkd3d shows
 * up as a pass, and any other failure still fails). */
static bool quirk_q4(const vcase *v) { /* sample_d on a cube: assertion in vkd3d_write_mask_component_count */
  return v->d.op == SF_D3D_SAMPLE_D && (v->dim == SF_D3D_DIM_TEXCUBE || v->dim == SF_D3D_DIM_TEXCUBEARRAY);
}
static bool quirk_q5(const vcase *v) { /* Dref on a cube array: Dref inserted as vector component 4 */
  return (v->d.op == SF_D3D_SAMPLE_C || v->d.op == SF_D3D_SAMPLE_C_LZ) && v->dim == SF_D3D_DIM_TEXCUBEARRAY;
}

static char *case_file(const char *dir, unsigned i, const char *ext, size_t *len) {
  char path[300];
  snprintf(path, sizeof path, "%s/c%u.%s", dir, i, ext);
  return slurp(path, len);
}

static void test_vkd3d(void) {
  if (!tool_exists("vkd3d-compiler") || !tool_exists("spirv-val") || !tool_exists("spirv-dis"))
    SF_SKIP_ALL("vkd3d-compiler / spirv-val / spirv-dis not installed (apt: vkd3d-compiler spirv-tools)");
  char dir[] = "/tmp/sf_ext_vkd3d_XXXXXX";
  if (!mkdtemp(dir)) {
    SF_CHECK_MSG(0, "mkdtemp failed");
    return;
  }
  vcase *cases = calloc(N_CASES, sizeof *cases);
  if (!cases) {
    SF_CHECK_MSG(0, "out of memory");
    return;
  }
  uint64_t seed = 0x76b3d12u;
  for (unsigned i = 0; i < N_CASES; i++) {
    vcase *v = &cases[i];
    make_case(i, &seed, &v->d, &v->dim);
    sf_d3dasm_print_inst(&v->d, v->text, sizeof v->text, NULL);
    sf_violations viol;
    memset(&viol, 0, sizeof viol);
    SF_CHECK_MSG(sf_d3d_inst_validate(&v->d, &viol) == 0, "case %u: generated an invalid instruction: %s (%s)", i,
                 v->text, viol.count ? viol.v[0].reason : "");
    sf_status st;
    sf_status_clear(&st);
    sf_buf out;
    sf_buf_init(&out, &st);
    sf_code c = sf_dxbc_wrap_sample(&v->d, v->dim, &out, &st);
    SF_CHECK_MSG(c == SF_OK, "case %u: wrap: %s", i, st.msg);
    if (!c) {
      char path[300];
      snprintf(path, sizeof path, "%s/c%u.dxbc", dir, i);
      FILE *f = fopen(path, "wb");
      v->written = f && fwrite(out.data, 1, out.len, f) == out.len;
      if (f) fclose(f);
      SF_CHECK_MSG(v->written, "cannot write %s", path);
    }
    sf_buf_free(&out);
  }
  /* One script runs every tool on every case (two at a time): far fewer shell start-ups. */
  char script[300], cmd[700];
  snprintf(script, sizeof script, "%s/run.sh", dir);
  FILE *f = fopen(script, "w");
  if (f) {
    fprintf(f, "cd '%s' || exit 1\n"
               "one() {\n"
               "  VKD3D_SHADER_DEBUG=trace vkd3d-compiler -x dxbc-tpf -b spirv-binary -o c$1.spv c$1.dxbc > c$1.log 2>&1\n"
               "  echo $? > c$1.rc\n"
               "  if [ -s c$1.spv ]; then spirv-val c$1.spv > c$1.val 2>&1; echo $? > c$1.vrc;\n"
               "    spirv-dis --raw-id -o c$1.dis c$1.spv 2>/dev/null; fi\n"
               "}\n"
               "export -f one 2>/dev/null\n"
               "i=0; while [ $i -lt %u ]; do\n"
               "  one $i & j=$((i+1)); [ $j -lt %u ] && one $j; wait; i=$((i+2))\n"
               "done\n",
            dir, N_CASES, N_CASES);
    fclose(f);
  }
  snprintf(cmd, sizeof cmd, "bash '%s' 2>/dev/null", script); /* bash reports vkd3d's aborts (Q4) on stderr */
  SF_CHECK_MSG(f && run(cmd) == 0, "running %s failed", script);

  unsigned passed = 0, text_equal = 0, spirv_checked = 0, q4 = 0, q5 = 0;
  unsigned per_op[6] = {0}, per_dim[11] = {0}, with_off = 0, zero_off = 0, rel = 0, imm = 0, mods = 0, sm5 = 0;
  for (unsigned i = 0; i < N_CASES; i++) {
    vcase *v = &cases[i];
    const sf_d3d_inst *d = &v->d;
    if (!v->written) continue;
    char *rcs = case_file(dir, i, "rc", NULL), *vrcs = case_file(dir, i, "vrc", NULL);
    char *log = case_file(dir, i, "log", NULL), *val = case_file(dir, i, "val", NULL);
    char *dis = case_file(dir, i, "dis", NULL);
    if (dis) {
      /* Keep only the OpImageSample* lines of the disassembly. */
      size_t w = 0;
      for (char *p = dis; *p;) {
        char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) + 1 : strlen(p);
        char save = p[l - (e ? 1 : 0)];
        p[l - (e ? 1 : 0)] = 0;
        bool keep = strstr(p, "OpImageSample") != NULL;
        p[l - (e ? 1 : 0)] = save;
        if (keep) {
          memmove(dis + w, p, l);
          w += l;
        }
        p += l;
      }
      dis[w] = 0;
    }
    int rc = rcs ? atoi(rcs) : -1, vrc = vrcs ? atoi(vrcs) : -1;
    bool ok = true;
    if (quirk_q4(v) && rc == 134 && log && strstr(log, "vkd3d_write_mask_component_count")) {
      q4++; /* Q4 confirmed */
      goto next;
    }
    if (quirk_q5(v) && rc == 0 && vrc != 0 && val && strstr(val, "Vector access is out of bounds")) {
      q5++; /* Q5 confirmed */
      goto next;
    }
    SF_CHECK_MSG(rc == 0, "case %u: vkd3d-compiler rc %d for: %s", i, rc, v->text);
    SF_CHECK_MSG(rc != 0 || vrc == 0, "case %u: spirv-val rc %d (%s) for: %s", i, vrc, val ? val : "", v->text);
    if (rc != 0 || vrc != 0) goto next;
    /* The trace: the sample line, and no err: line. */
    char vline[512] = "";
    bool err_line = false;
    for (char *p = log; p && *p;) {
      char *e = strchr(p, '\n');
      size_t l = e ? (size_t)(e - p) : strlen(p);
      if (l >= 4 && strncmp(p, "err:", 4) == 0) err_line = true;
      static const char tag[] = "vkd3d_shader_trace:";
      char *t = strstr(p, tag);
      if (t && t < p + l) {
        t += sizeof tag - 1;
        while (*t == ' ') t++;
        if (strncmp(t, "sample", 6) == 0 && (size_t)(p + l - t) < sizeof vline) {
          memcpy(vline, t, (size_t)(p + l - t));
          vline[p + l - t] = 0;
        }
      }
      p = e ? e + 1 : NULL;
    }
    SF_CHECK_MSG(!err_line, "case %u: vkd3d printed an err: line for: %s", i, v->text);
    /* The whole trace listing, read back as a program by our parser: every declaration must give
     * the very tokens we wrote (vkd3d decoded them independently and printed its own spelling). */
    {
      size_t cap = log ? strlen(log) + 1 : 1, tl = 0;
      char *listing = malloc(cap);
      static const char tag2[] = "vkd3d_shader_trace:";
      for (char *p = log; p && *p && listing;) {
        char *e = strchr(p, '\n');
        size_t l = e ? (size_t)(e - p) : strlen(p);
        char *t = strstr(p, tag2);
        if (t && t < p + l) {
          t += sizeof tag2 - 1;
          memcpy(listing + tl, t, (size_t)(p + l - t));
          tl += (size_t)(p + l - t);
          listing[tl++] = '\n';
        }
        p = e ? e + 1 : NULL;
      }
      sf_tpf_program theirs, mine;
      sf_status st;
      sf_status_clear(&st);
      sf_code c = listing ? sf_d3dasm_parse_program(listing, tl, &theirs, &st) : SF_ERR_NOMEM;
      SF_CHECK_MSG(c == SF_OK, "case %u: vkd3d's listing does not parse: %u:%u %s", i, st.line, st.col, st.msg);
      if (c == SF_OK) {
        sf_status_clear(&st);
        if (sf_dxbc_wrap_program(d, v->dim, &mine, &st) == SF_OK) {
          bool same = theirs.count == mine.count && theirs.version == mine.version;
          for (size_t k = 0; same && k < mine.count; k++) {
            const sf_tpf_item *x = &mine.items[k], *y = &theirs.items[k];
            if (x->kind != y->kind) same = false;
            else if (x->kind == SF_TPF_ITEM_OPAQUE)
              same = x->ntok == y->ntok && memcmp(x->tok, y->tok, x->ntok * 4) == 0;
          }
          SF_CHECK_MSG(same, "case %u: declarations differ from vkd3d's listing:\n%s", i, listing);
          ok &= same;
          sf_tpf_program_free(&mine);
        }
        sf_tpf_program_free(&theirs);
      } else {
        ok = false;
      }
      free(listing);
    }
    SF_CHECK_MSG(vline[0], "case %u: no sample line in vkd3d's trace for: %s", i, v->text);
    ok &= !err_line && vline[0];
    if (vline[0]) {
      sf_d3d_inst pv, a = *d;
      sf_status st;
      sf_status_clear(&st);
      sf_code c = sf_d3dasm_parse_inst(vline, strlen(vline), 1, &pv, &st);
      SF_CHECK_MSG(c == SF_OK, "case %u: cannot parse vkd3d's '%s': %s", i, vline, st.msg);
      if (c == SF_OK) {
        sf_d3dasm_normalize_vkd3d(&a);
        sf_d3dasm_normalize_vkd3d(&pv);
        char na[512], nv[512];
        sf_d3dasm_print_inst(&a, na, sizeof na, NULL);
        sf_d3dasm_print_inst(&pv, nv, sizeof nv, NULL);
        bool same = strcmp(na, nv) == 0;
        SF_CHECK_MSG(same, "case %u: text differs after normalization\n  ours:  %s\n  vkd3d: %s\n  raw:   %s", i, na,
                     nv, vline);
        text_equal += same;
        ok &= same;
      } else {
        ok = false;
      }
    }
    /* SPIR-V: the sampling op, its operands, and ConstOffset. */
    const char *want = spirv_op_for(d->op);
    bool has_op = dis && strstr(dis, want);
    SF_CHECK_MSG(has_op, "case %u: SPIR-V lacks %s for: %s", i, want, v->text);
    if (has_op) {
      /* vkd3d 1.2 drops offsets on Dref sampling (quirk Q2 "Texel offset not supported"), so no
       * ConstOffset is expected there; elsewhere it emits ConstOffset (cut to the dimension's
       * coordinates) when any of u, v, w is non-zero, even one the dimension ignores (quirk Q6). */
      bool dref = d->op == SF_D3D_SAMPLE_C || d->op == SF_D3D_SAMPLE_C_LZ;
      bool any = false;
      for (unsigned k = 0; k < 3; k++) any |= d->has_aoffimmi && d->aoffimmi[k] != 0;
      bool has_const = strstr(dis, "ConstOffset") != NULL;
      bool okc = dref ? !has_const : has_const == any;
      SF_CHECK_MSG(okc, "case %u: ConstOffset %s expected for: %s\n%s", i, any && !dref ? "" : "not", v->text, dis);
      if (d->op == SF_D3D_SAMPLE_B) SF_CHECK_MSG(strstr(dis, "Bias"), "case %u: no Bias", i);
      if (d->op == SF_D3D_SAMPLE_L) SF_CHECK_MSG(strstr(dis, " Lod"), "case %u: no Lod", i);
      if (d->op == SF_D3D_SAMPLE_D) SF_CHECK_MSG(strstr(dis, "Grad"), "case %u: no Grad", i);
      spirv_checked++;
      ok &= okc;
    }
    ok &= has_op;
    if (ok) {
      passed++;
      per_op[i % 6]++;
      per_dim[v->dim]++;
      sm5 += d->has_resdim;
      if (d->has_aoffimmi) (d->aoffimmi[0] || d->aoffimmi[1] || d->aoffimmi[2]) ? with_off++ : zero_off++;
      for (unsigned k = 0; k < d->num_src; k++) {
        if (d->src[k].type == SF_D3D_OT_IMM32) imm++;
        if (d->src[k].modifier) mods++;
        for (unsigned x = 0; x < d->src[k].index_dim; x++) rel += d->src[k].idx[x].rep >= SF_D3D_IDX_REL;
      }
    }
  next:
    free(rcs), free(vrcs), free(log), free(val), free(dis);
  }
  printf("vkd3d-compiler 1.2: %u/%u cases pass (rc 0, spirv-val ok, trace text equal after normalization: %u, SPIR-V "
         "op checks: %u); quirks confirmed: Q4 %u, Q5 %u\n",
         passed, N_CASES, text_equal, spirv_checked, q4, q5);
  printf("coverage of passing cases: ops %u %u %u %u %u %u; dims 1d %u 2d %u 3d %u cube %u 1darr %u 2darr %u cubearr %u; "
         "sm5 %u; offsets nonzero %u, explicit zero %u; immediates %u, relative %u, modifiers %u\n",
         per_op[0], per_op[1], per_op[2], per_op[3], per_op[4], per_op[5], per_dim[2], per_dim[3], per_dim[5],
         per_dim[6], per_dim[7], per_dim[8], per_dim[10], sm5, with_off, zero_off, imm, rel, mods);
  SF_CHECK(passed + q4 + q5 == N_CASES);
  SF_CHECK(passed >= 500);
  SF_CHECK(zero_off > 0 && with_off > 0 && imm > 0 && rel > 0 && mods > 0 && sm5 > 0);
  for (unsigned k = 0; k < 6; k++) SF_CHECK(per_op[k] > 0);
  for (unsigned k = 2; k <= 10; k++)
    if (k != 4 && k != 9) SF_CHECK_MSG(per_dim[k] > 0, "dimension %u not covered", k);
  free(cases);
  char rm[600];
  snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
  if (!getenv("SF_KEEP_TMP")) run(rm);
  else printf("kept %s\n", dir);
}

int main(void) {
  SF_RUN(test_vkd3d);
  SF_TEST_END();
}
