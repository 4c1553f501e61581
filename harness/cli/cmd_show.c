/* harness/cli/cmd_show.c — `samplefuzz show FILE [--target T] [--backend NAME|LIB.so] [--png OUT]`:
 * explains a reproducer of any fuzz target the way a person reads it (issue 7 item 3, issue 4 item 6,
 * DESIGN.md "Command line" and "Triage").
 *
 * For every target: the verdict of the target's checks (oracles/targets.c), its signature and XXH3
 * bucket (harness/triage), the input's hex bytes, and the instruction in each syntax that applies
 * (vISA text for the vISA families, fxc-style D3D asm for D3D) with its encoded bytes.
 * For the structured-case targets (sample_diff_fuzzer, pipeline_fuzzer; include/samplefuzz/case.h):
 * the surface (type, format, size, levels), the sampler state, the per-lane operand values the
 * executor reads (coordinates, LOD/bias, reference, gradients, offsets), then the instruction is
 * executed on the scalar backend (the reference: "expected") and on the other backends ("actual":
 * every SIMD backend the CPU supports, or the one --backend names, including a plug-in library), and
 * a table of lanes x channels with expected, actual and the ULP distance is printed for every value
 * that differs. `--png OUT` writes one RGBA image: surface level 0 (slice 0), the expected block, the
 * actual block and a magnified difference map, side by side (each panel SF_SHOW_PANEL pixels square,
 * SF_SHOW_GAP pixels apart), with libpng when the build found it (SF_HAVE_PNG).
 * Exit status: 0 shown (whatever the verdict), 1 the file could not be explained (unreadable case,
 * PNG error), 2 usage errors. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <dlfcn.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SF_HAVE_PNG
#include <png.h>
#endif

#include "harness/cli/cli_util.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/case.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/sampler.h"
#include "samplefuzz/triage.h"
#include "samplefuzz/visa.h"

int sf_cli_show(int argc, char **argv);

#define SF_SHOW_PANEL 128u   /* each PNG panel is 128 x 128 pixels */
#define SF_SHOW_GAP 8u       /* dark blue gap between panels */
#define SF_SHOW_MAX_BE 8u
#define SF_SHOW_MAX_PX 128u  /* AVS 16x8 is the largest block */
#define SF_SHOW_MAX_ROWS 256u /* rows of the difference table before "... more" */

/* ---- small helpers ---------------------------------------------------------------------------- */

static float show_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static void show_hex(const char *label, const uint8_t *p, size_t n, size_t max) {
  printf("%s (%zu bytes):", label, n);
  size_t shown = n < max ? n : max;
  for (size_t i = 0; i < shown; i++) printf("%s%02x", (i % 32) == 0 ? "\n  " : " ", p[i]);
  if (shown < n) printf("\n  ... %zu more", n - shown);
  printf("\n");
}

/* Float32 ULP distance (ordered integer representation); UINT64_MAX when a NaN is involved. */
static uint64_t show_ulp32(uint32_t a, uint32_t b) {
  if (isnan(show_f32(a)) || isnan(show_f32(b))) return a == b ? 0 : UINT64_MAX;
  int64_t oa = (a & 0x80000000u) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
  int64_t ob = (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
  return (uint64_t)(oa > ob ? oa - ob : ob - oa);
}

static uint64_t show_ulp16(uint16_t a, uint16_t b) {
  bool na = (a & 0x7c00u) == 0x7c00u && (a & 0x3ffu), nb = (b & 0x7c00u) == 0x7c00u && (b & 0x3ffu);
  if (na || nb) return a == b ? 0 : UINT64_MAX;
  int32_t oa = (a & 0x8000u) ? -(int32_t)(a & 0x7fffu) : (int32_t)a;
  int32_t ob = (b & 0x8000u) ? -(int32_t)(b & 0x7fffu) : (int32_t)b;
  return (uint64_t)(oa > ob ? oa - ob : ob - oa);
}

/* ---- backends --------------------------------------------------------------------------------- */

static const sf_backend *show_load_plugin(const char *path, void **handle) {
  *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!*handle) {
    fprintf(stderr, "samplefuzz show: %s: %s\n", path, dlerror());
    return NULL;
  }
  void *sym = dlsym(*handle, SF_BACKEND_PLUGIN_SYMBOL);
  if (!sym) {
    fprintf(stderr, "samplefuzz show: %s: no symbol %s\n", path, SF_BACKEND_PLUGIN_SYMBOL);
    return NULL;
  }
  const sf_backend *(*get)(void);
  memcpy(&get, &sym, sizeof get);   /* object pointer -> function pointer (POSIX dlsym idiom) */
  const sf_backend *b = get();
  if (!b || !b->name) {
    fprintf(stderr, "samplefuzz show: %s: %s() returned no backend\n", path, SF_BACKEND_PLUGIN_SYMBOL);
    return NULL;
  }
  return b;
}

/* ---- instruction views ------------------------------------------------------------------------ */

/* Prints the instruction in every syntax of its family and its encoded bytes. */
static void show_inst(const sf_inst *in) {
  sf_status st;
  sf_status_clear(&st);
  char text[2048], why[SF_STATUS_MSG_MAX + 64];
  if (in->family == SF_FAMILY_D3D) {
    if (sf_d3dasm_print_inst(&in->d3d, text, sizeof text, &st) == SF_OK) printf("D3D asm:   %s\n", text);
    else printf("D3D asm:   (cannot print: %s)\n", sf_status_format(&st, why, sizeof why));
    printf("vISA text: (none: D3D instructions have no vISA form)\n");
    uint32_t tok[SF_TPF_MAX_INST_LEN];
    size_t len = 0;
    sf_status_clear(&st);
    if (sf_tpf_encode_inst(&in->d3d, tok, &len, &st) == SF_OK) {
      printf("TPF tokens (%zu):", len);
      for (size_t i = 0; i < len; i++) printf(" %08" PRIx32, tok[i]);
      printf("\n");
    } else {
      printf("TPF tokens: (cannot encode: %s)\n", sf_status_format(&st, why, sizeof why));
    }
  } else if (in->family != SF_FAMILY_NONE) {
    if (sf_visa_print(in, NULL, text, sizeof text, &st) == SF_OK) printf("vISA text: %s\n", text);
    else printf("vISA text: (cannot print: %s)\n", sf_status_format(&st, why, sizeof why));
    printf("D3D asm:   (none: vISA %s has no D3D form)\n", sf_family_tag(in->family));
    sf_buf b;
    sf_status_clear(&st);
    sf_buf_init(&b, &st);
    b.limit = 4096;
    if (sf_visa_encode(in, &b, &st) == SF_OK) show_hex("vISA bytes", b.data, b.len, 256);
    else printf("vISA bytes: (cannot encode: %s)\n", sf_status_format(&st, why, sizeof why));
    sf_buf_free(&b);
  }
  sf_violations *vio = malloc(sizeof *vio);
  if (vio) {
    unsigned n = sf_inst_validate(in, vio);
    if (n == 0) printf("spec rules: all hold\n");
    for (unsigned i = 0; i < vio->count; i++) printf("spec rule broken: %s: %s\n", vio->v[i].rule, vio->v[i].reason);
    free(vio);
  }
}

/* Prints text with non-printable bytes as '.', at most max bytes. */
static void show_text(const char *label, const uint8_t *p, size_t n, size_t max) {
  printf("%s", label);
  for (size_t i = 0; i < n && i < max; i++) putchar(p[i] >= 0x20 && p[i] < 0x7f ? p[i] : '.');
  printf("%s\n", n > max ? " ..." : "");
}

/* A DXBC container (or a bare SHDR/SHEX program): chunks, then the program as D3D asm. */
static void show_dxbc(const uint8_t *data, size_t len, bool program_only) {
  sf_status st;
  sf_status_clear(&st);
  char why[SF_STATUS_MSG_MAX + 64];
  sf_dxbc c;
  memset(&c, 0, sizeof c);
  sf_tpf_program p;
  sf_tpf_program_init(&p, 0);
  sf_code rc;
  if (program_only) {
    rc = sf_tpf_program_decode(data, len, &p, &st);
  } else {
    rc = sf_dxbc_read(data, len, &c, &st);
    if (rc == SF_OK) {
      printf("DXBC container: %u chunks:", c.nchunks);
      for (uint32_t i = 0; i < c.nchunks && i < 64; i++) {
        uint32_t f = c.chunks[i].fourcc;
        char cc[5] = {(char)(f & 0xff), (char)(f >> 8 & 0xff), (char)(f >> 16 & 0xff), (char)(f >> 24), 0};
        for (unsigned k = 0; k < 4; k++)
          if (cc[k] < 0x20 || cc[k] > 0x7e) cc[k] = '.';
        printf(" %s(%" PRIu32 " bytes)", cc, c.chunks[i].size);
      }
      printf("\n");
      rc = sf_dxbc_program(&c, &p, &st);
    }
  }
  if (rc == SF_OK) {
    sf_buf out;
    sf_status_clear(&st);
    sf_buf_init(&out, &st);
    out.limit = 1u << 16;
    if (sf_d3dasm_print_program(&p, &out, &st) == SF_OK) {
      printf("D3D asm (program, %zu items):\n", p.count);
      fwrite(out.data ? (const void *)out.data : (const void *)"", 1, out.len, stdout);
      if (out.len && out.data[out.len - 1] != '\n') printf("\n");
    } else {
      printf("D3D asm: (cannot print: %s)\n", sf_status_format(&st, why, sizeof why));
    }
    sf_buf_free(&out);
  } else {
    printf("instruction: none (%s)\n", sf_status_format(&st, why, sizeof why));
  }
  sf_tpf_program_free(&p);
  sf_dxbc_free(&c);
}

/* The codec targets: decode or parse the input, then print the views. */
static void show_codec(const sf_target *t, const uint8_t *data, size_t len) {
  sf_status st;
  sf_status_clear(&st);
  char why[SF_STATUS_MSG_MAX + 64];
  sf_inst *in = calloc(1, sizeof *in);
  if (!in) return;
  bool ok = false;
  if (!strcmp(t->name, "visa_bin_fuzzer")) {
    size_t used = 0;
    ok = sf_visa_decode(data, len, 0, in, &used, &st) == SF_OK;
    if (ok) printf("decoded %zu of %zu bytes as one vISA instruction\n", used, len);
  } else if (!strcmp(t->name, "visa_text_fuzzer")) {
    show_text("text: ", data, len, 400);
    ok = sf_visa_parse((const char *)data, len, NULL, in, &st) == SF_OK;
  } else if (!strcmp(t->name, "d3dasm_fuzzer")) {
    show_text("text: ", data, len, 400);
    in->family = SF_FAMILY_D3D;
    ok = sf_d3dasm_parse_inst((const char *)data, len, 1, &in->d3d, &st) == SF_OK;
  } else if (!strcmp(t->name, "isa_file_fuzzer")) {
    /* a whole .isa file (oracles/check_isa_file.c): no single instruction; its text view instead */
    sf_isa_file f;
    if (sf_isa_read(data, len, &f, &st) == SF_OK) {
      sf_buf out;
      sf_status_clear(&st);
      sf_buf_init(&out, &st);
      out.limit = 1u << 16;
      printf("instruction: none (a whole .isa file, version %u.%u, %u kernel(s))\n", f.major, f.minor,
             (unsigned)f.num_kernels);
      if (sf_visaasm_print(&f, &out, &st) == SF_OK) {
        printf("vISA text (file):\n");
        fwrite(out.data ? (const void *)out.data : (const void *)"", 1, out.len, stdout);
        if (out.len && out.data[out.len - 1] != '\n') printf("\n");
      } else {
        printf("vISA text (file): (cannot print: %s)\n", sf_status_format(&st, why, sizeof why));
      }
      sf_buf_free(&out);
      sf_isa_free(&f);
      sf_status_clear(&st);
    }
  } else if (!strcmp(t->name, "dxbc_fuzzer")) {
    /* the same three readings as sf_check_dxbc (oracles/check_d3d.c) */
    if (len >= 4 && sf_le32(data) == SF_DXBC_MAGIC) {
      show_dxbc(data, len, false);
    } else if (len >= 8 && len % 4 == 0 && (uint64_t)sf_le32(data + 4) * 4 == len) {
      show_dxbc(data, len, true);   /* a SHDR/SHEX body: its length token matches the size */
    } else {
      size_t ntok = len / 4 > SF_CHECK_MAX_BIN / 4 ? SF_CHECK_MAX_BIN / 4 : len / 4, used = 0;
      uint32_t *tok = calloc(ntok ? ntok : 1, sizeof *tok);
      if (tok) {
        for (size_t i = 0; i < ntok; i++) tok[i] = sf_le32(data + 4 * i);
        in->family = SF_FAMILY_D3D;
        ok = sf_tpf_decode_inst(tok, ntok, 0, &in->d3d, &used, &st) == SF_OK;
        if (ok)
          printf("decoded %zu of %zu tokens as one TPF instruction%s\n", used, ntok,
                 len % 4 ? " (a trailing partial token is ignored)" : "");
        free(tok);
      }
    }
  }
  if (ok) show_inst(in);
  else if (st.code != SF_OK) printf("instruction: none (%s)\n", sf_status_format(&st, why, sizeof why));
  free(in);
}

/* ---- per-lane operand values ------------------------------------------------------------------ */

/* A scalar vISA operand's value as the executor reads it (modifiers aside), printed. */
static void show_vopnd(const char *name, const sf_vopnd *o, const sf_state *s) {
  printf("  %-10s ", name);
  if (o->cls == SF_VCLS_IMMEDIATE) {
    unsigned t = o->type & 0xFu;
    if (t == SF_VT_F) printf("immediate %g (0x%08" PRIx32 ")\n", (double)show_f32((uint32_t)o->imm), (uint32_t)o->imm);
    else printf("immediate 0x%" PRIx64 ":%s\n", o->imm, sf_vtype_name((uint8_t)t) ? sf_vtype_name((uint8_t)t) : "?");
    return;
  }
  if (o->cls != SF_VCLS_GENERAL) {
    printf("operand class %u (not a general variable)\n", o->cls);
    return;
  }
  const sf_var *v = sf_state_var_c(s, o->id);
  unsigned sz = v ? sf_vtype_size(v->type) : 0;
  uint64_t at = (uint64_t)o->row_off * s->grf_bytes + (uint64_t)o->col_off * sz;
  if (!v || sz == 0 || sz > 4 || at + sz > v->size) {
    printf("V%" PRIu32 "(%u,%u): not readable in this state\n", o->id, o->row_off, o->col_off);
    return;
  }
  uint32_t raw = 0;
  for (unsigned b = 0; b < sz; b++) raw |= (uint32_t)v->bytes[at + b] << (8 * b);
  if (v->type == SF_VT_F) printf("V%" PRIu32 "(%u,%u) = %g (0x%08" PRIx32 ")\n", o->id, o->row_off, o->col_off, (double)show_f32(raw), raw);
  else if (v->type == SF_VT_HF)
    printf("V%" PRIu32 "(%u,%u) = %g (hf 0x%04" PRIx32 ")\n", o->id, o->row_off, o->col_off, (double)sf_half_to_float((uint16_t)raw), raw);
  else printf("V%" PRIu32 "(%u,%u) = 0x%" PRIx32 ":%s\n", o->id, o->row_off, o->col_off, raw, sf_vtype_name(v->type));
}

static void show_lanes_s3d(const sf_sample_3d *in, const sf_state *s) {
  unsigned lanes = sf_exec_size_lanes(in->exec_size);
  sf_s3d_param roles[SF_S3D_MAX_PARAMS];
  unsigned nroles = sf_s3d_param_roles(in->op, roles, SF_S3D_MAX_PARAMS);
  unsigned np = in->num_params < nroles ? in->num_params : nroles;
  if (lanes == 0 || np == 0) {
    printf("per-lane parameters: none readable (exec size code %u, %u parameters)\n", in->exec_size, in->num_params);
    return;
  }
  printf("per-lane parameters (%u lanes; dispatch mask %08" PRIx32 ", emask M%u%s):\n", lanes, s->dmask,
         (in->emask & 7u) + 1u, in->emask >= 8 ? "_NM" : "");
  printf("  lane");
  for (unsigned k = 0; k < np; k++) printf(" %13s", sf_s3d_param_name(roles[k]));
  printf("\n");
  for (unsigned i = 0; i < lanes; i++) {
    printf("  %4u", i);
    for (unsigned k = 0; k < np; k++) {
      const sf_raw *p = &in->params[k];
      const sf_var *v = p->id ? sf_state_var_c(s, p->id) : NULL;
      unsigned sz = v ? sf_vtype_size(v->type) : 0;
      if (p->id == 0) {
        printf(" %13s", "0 (%null)");
        continue;
      }
      if (!v || (sz != 2 && sz != 4) || (uint64_t)p->off + (uint64_t)(i + 1) * sz > v->size) {
        printf(" %13s", "-");
        continue;
      }
      const uint8_t *e = v->bytes + p->off + (size_t)i * sz;
      uint32_t raw = sz == 2 ? (uint32_t)e[0] | (uint32_t)e[1] << 8 : sf_le32(e);
      float f = sz == 2 ? sf_half_to_float((uint16_t)raw) : show_f32(raw);
      if (roles[k] >= SF_P_OFFUVR) {   /* packed offsets (and LOD/bias): show the bits */
        char t[16];
        snprintf(t, sizeof t, "0x%08" PRIx32, raw);
        printf(" %13s", t);
      } else {
        printf(" %13.6g", (double)f);
      }
    }
    printf("\n");
  }
}

/* A D3D source operand's 4 components for one lane, when it is a plain temp/input/immediate. */
static bool show_d3d_src(const sf_d3d_opnd *o, const sf_state *s, unsigned lane, uint32_t out[4]) {
  const uint32_t *reg = NULL;
  uint32_t idx = o->index_dim >= 1 ? (uint32_t)o->idx[0].imm : 0;
  if (o->index_dim >= 1 && o->idx[0].rep != SF_D3D_IDX_IMM32) return false;
  switch (o->type) {
    case SF_D3D_OT_TEMP: if (idx < SF_D3D_MAX_TEMPS) reg = s->d3d.r[lane][idx]; break;
    case SF_D3D_OT_INPUT: if (idx < SF_D3D_MAX_INPUTS) reg = s->d3d.v[lane][idx]; break;
    case SF_D3D_OT_IMM32: reg = o->imm; break;
    default: break;
  }
  if (!reg) return false;
  for (unsigned k = 0; k < 4; k++) {
    unsigned c = k;
    if (o->type != SF_D3D_OT_IMM32 || o->num_comp == SF_D3D_NC_4) {
      if (o->sel_mode == SF_D3D_SEL_SWIZZLE) c = (o->comp_bits >> (2 * k)) & 3u;
      else if (o->sel_mode == SF_D3D_SEL_SELECT1) c = o->comp_bits & 3u;
    } else {
      c = 0;
    }
    out[k] = reg[c];
  }
  return true;
}

static void show_lanes_d3d(const sf_d3d_inst *in, const sf_state *s) {
  static const char *const names[SF_D3D_MAX_SRC] = {"address", "resource", "sampler", "src3", "src4"};
  const char *third = in->op == SF_D3D_SAMPLE_C || in->op == SF_D3D_SAMPLE_C_LZ ? "reference"
                      : in->op == SF_D3D_SAMPLE_L ? "lod" : in->op == SF_D3D_SAMPLE_B ? "bias"
                      : in->op == SF_D3D_SAMPLE_D ? "ddx" : "src3";
  printf("per-lane operands (2x2 quad: lane 0 top-left, 1 top-right, 2 bottom-left, 3 bottom-right; live %x):\n",
         s->d3d.live);
  for (unsigned k = 0; k < in->num_src && k < SF_D3D_MAX_SRC; k++) {
    if (k == 1 || k == 2) continue;   /* resource and sampler are slots, not values */
    const char *nm = k == 3 ? third : (k == 4 ? "ddy" : names[k]);
    for (unsigned l = 0; l < 4; l++) {
      uint32_t v[4];
      if (!show_d3d_src(&in->src[k], s, l, v)) {
        printf("  %-9s lane %u: (operand type %u: see the asm)\n", nm, l, in->src[k].type);
        break;
      }
      printf("  %-9s lane %u: %g %g %g %g\n", nm, l, (double)show_f32(v[0]), (double)show_f32(v[1]),
             (double)show_f32(v[2]), (double)show_f32(v[3]));
    }
  }
  if (in->has_aoffimmi) printf("  aoffimmi  (%d, %d, %d)\n", in->aoffimmi[0], in->aoffimmi[1], in->aoffimmi[2]);
}

static void show_lanes(const sf_inst *in, const sf_state *s) {
  switch (in->family) {
    case SF_FAMILY_SAMPLE_3D: show_lanes_s3d(&in->s3d, s); break;
    case SF_FAMILY_SAMPLE_UNORM:
      printf("block operands (8x4 pixels; pixel (x,y) at (u + x*deltaU, v + y*deltaV)):\n");
      show_vopnd("u", &in->unorm.u, s);
      show_vopnd("v", &in->unorm.v, s);
      show_vopnd("deltaU", &in->unorm.du, s);
      show_vopnd("deltaV", &in->unorm.dv, s);
      break;
    case SF_FAMILY_AVS:
      printf("block operands:\n");
      show_vopnd("u", &in->avs.u_off, s);
      show_vopnd("v", &in->avs.v_off, s);
      show_vopnd("deltaU", &in->avs.du, s);
      show_vopnd("deltaV", &in->avs.dv, s);
      show_vopnd("u2d", &in->avs.u2d, s);
      show_vopnd("v2d", &in->avs.v2d, s);
      show_vopnd("vbn", &in->avs.vbn, s);
      show_vopnd("IEFBypass", &in->avs.ief_bypass, s);
      break;
    case SF_FAMILY_D3D: show_lanes_d3d(&in->d3d, s); break;
    default: break;
  }
}

/* ---- results as a block of pixels x channels -------------------------------------------------- */

typedef enum { SF_SHOW_F32, SF_SHOW_F16, SF_SHOW_INT, SF_SHOW_SINT, SF_SHOW_FX88, SF_SHOW_U8 } show_kind;

typedef struct show_block {
  unsigned w, h;                     /* pixel grid (lanes laid out row by row) */
  show_kind kind;
  uint32_t bits[4][SF_SHOW_MAX_PX];  /* raw value per channel and pixel */
  bool have[4][SF_SHOW_MAX_PX];      /* written by the instruction */
  char unit[8];                      /* "lane" or "pixel" */
} show_block;

static uint32_t show_rd(const uint8_t *p, unsigned sz) {
  uint32_t v = 0;
  for (unsigned b = 0; b < sz; b++) v |= (uint32_t)p[b] << (8 * b);
  return v;
}

static unsigned show_round_up(unsigned v, unsigned a) { return a ? (v + a - 1) / a * a : v; }

/* Extracts the dst values of in from state s; false when the layout has no block view. */
static bool show_extract(const sf_inst *in, const sf_state *s, show_block *b) {
  memset(b, 0, sizeof *b);
  snprintf(b->unit, sizeof b->unit, "pixel");
  if (in->family == SF_FAMILY_SAMPLE_3D) {
    const sf_sample_3d *q = &in->s3d;
    unsigned lanes = sf_exec_size_lanes(q->exec_size);
    const sf_var *v = q->dst.id ? sf_state_var_c(s, q->dst.id) : NULL;
    if (!v || lanes < 8 || lanes > 32) return false;
    unsigned tsz = sf_vtype_size(v->type);
    if (tsz != 2 && tsz != 4) return false;
    unsigned blk = show_round_up(lanes * tsz, s->grf_bytes);
    b->w = 8;
    b->h = lanes / 8;
    b->kind = v->type == SF_VT_F ? SF_SHOW_F32 : v->type == SF_VT_HF ? SF_SHOW_F16
              : (v->type == SF_VT_W || v->type == SF_VT_D) ? SF_SHOW_SINT : SF_SHOW_INT;
    snprintf(b->unit, sizeof b->unit, "lane");
    /* lanes the instruction writes: emask over the dispatch mask, then the predicate (as the
     * executor does); the others keep the variable's old bytes and are not results */
    uint32_t all = lanes >= 32 ? 0xffffffffu : (1u << lanes) - 1u, mask = all;
    if (q->emask < 8) mask = (uint32_t)(((uint64_t)s->dmask >> (4u * q->emask)) & all);
    if (q->pred.id && q->pred.id < SF_MAX_PREDS && q->pred.ctrl < 3) {
      uint32_t pv = s->preds[q->pred.id] & all;
      if (q->pred.invert) pv = ~pv & all;
      if (q->pred.ctrl == 1) pv = pv ? all : 0;
      else if (q->pred.ctrl == 2) pv = pv == all ? all : 0;
      mask &= pv;
    }
    unsigned blkno = 0;
    for (unsigned k = 0; k < 4; k++) {
      if (!((q->chan_mask >> k) & 1u)) continue;
      for (unsigned i = 0; i < lanes; i++) {
        uint64_t at = (uint64_t)q->dst.off + (uint64_t)blkno * blk + (uint64_t)i * tsz;
        if (at + tsz > v->size || !((mask >> i) & 1u)) continue;
        b->bits[k][i] = show_rd(v->bytes + at, tsz);
        b->have[k][i] = true;
      }
      blkno++;
    }
    return true;
  }
  if (in->family == SF_FAMILY_SAMPLE_UNORM) {
    const sf_sample_unorm *q = &in->unorm;
    const sf_var *v = q->dst.id ? sf_state_var_c(s, q->dst.id) : NULL;
    if (!v || q->out_fmt > 3) return false;
    unsigned esz = q->out_fmt < 2 ? 2 : 1;
    bool ds = q->out_fmt == SF_UNORM_16_DOWNSAMPLED || q->out_fmt == SF_UNORM_8_DOWNSAMPLED;
    unsigned full = show_round_up(32 * esz, s->grf_bytes), half = show_round_up(16 * esz, s->grf_bytes);
    b->w = 8;
    b->h = 4;
    b->kind = esz == 2 ? SF_SHOW_FX88 : SF_SHOW_U8;
    uint64_t at = q->dst.off;
    for (unsigned k = 0; k < 4; k++) {
      if (!((q->chan_mask >> k) & 1u)) continue;
      bool hf = ds && (k == 0 || k == 2);
      unsigned e = 0;
      for (unsigned px = 0; px < 32; px++) {
        if (hf && (px & 1u)) continue;
        uint64_t p = at + (uint64_t)e * esz;
        if (p + esz <= v->size) {
          b->bits[k][px] = show_rd(v->bytes + p, esz);
          b->have[k][px] = true;
        }
        e++;
      }
      at += hf ? half : full;
    }
    return true;
  }
  if (in->family == SF_FAMILY_AVS) {
    /* Mirrors the executor's layout (oracles/sampler/exec.c, spec/visa-AVS.md "Notes"). */
    const sf_avs *q = &in->avs;
    const sf_var *v = q->dst.id ? sf_state_var_c(s, q->dst.id) : NULL;
    const sf_sampler *smp = s->samplers[q->sampler];
    unsigned mode = q->exec_mode & 0xFu, cntrl = q->cntrl & 0xFu;
    static const uint8_t bw[4] = {16, 8, 16, 4}, bh[4] = {4, 4, 8, 4};
    if (!v || !smp || mode > 3 || cntrl > 3) return false;
    unsigned w = bw[mode], h = bh[mode], esz = cntrl < 2 ? 2 : 1;
    bool ds = cntrl == 1 || cntrl == 3;
    unsigned halves = mode == SF_AVS_16x8 ? 2 : 1, npx = w * (h > 4 ? 4 : h);
    bool shuffle = smp->avs_shuffle && mode == SF_AVS_16x4;
    unsigned groups = shuffle ? 2 : 1, gpx = npx / groups;
    bool slot[4], wr[4];
    for (unsigned k = 0; k < 4; k++) slot[k] = wr[k] = (q->chan_mask >> k) & 1u;
    if (cntrl == 3 && slot[0] != slot[2]) slot[0] = slot[2] = true;
    b->w = w;
    b->h = h;
    b->kind = esz == 2 ? SF_SHOW_FX88 : SF_SHOW_U8;
    uint64_t at = q->dst.off;
    for (unsigned hh = 0; hh < halves; hh++)
      for (unsigned g = 0; g < groups; g++)
        for (unsigned k = 0; k < 4; k++) {
          if (!slot[k]) continue;
          unsigned ne = (ds && (k == 0 || k == 2)) ? gpx / 2 : gpx;
          if (wr[k]) {
            unsigned e = 0;
            for (unsigned y = 0; y < 4 && y < h; y++)
              for (unsigned x = 0; x < w; x++) {
                if (shuffle && x / 8 != g) continue;
                if (ds && (k == 0 || k == 2) && (x & 1u)) continue;
                unsigned px = (hh * 4 + y) * w + x;
                uint64_t p = at + (uint64_t)e * esz;
                if (px < SF_SHOW_MAX_PX && p + esz <= v->size) {
                  b->bits[k][px] = show_rd(v->bytes + p, esz);
                  b->have[k][px] = true;
                }
                e++;
              }
          }
          at += show_round_up(ne * esz, s->grf_bytes);
        }
    return true;
  }
  if (in->family == SF_FAMILY_D3D) {
    const sf_d3d_opnd *d = &in->d3d.dst;
    uint32_t idx = d->index_dim >= 1 ? (uint32_t)d->idx[0].imm : 0;
    bool temp = d->type == SF_D3D_OT_TEMP && idx < SF_D3D_MAX_TEMPS;
    bool outp = d->type == SF_D3D_OT_OUTPUT && idx < SF_D3D_MAX_OUTPUTS;
    if (!temp && !outp) return false;
    unsigned wmask = d->sel_mode == SF_D3D_SEL_MASK ? (d->comp_bits & 0xFu) : 0xFu;
    b->w = 2;
    b->h = 2;
    b->kind = SF_SHOW_F32;
    snprintf(b->unit, sizeof b->unit, "lane");
    for (unsigned l = 0; l < 4; l++)
      for (unsigned k = 0; k < 4; k++) {
        if (!((wmask >> k) & 1u) || !((s->d3d.live >> l) & 1u)) continue;   /* helper lanes do not write */
        b->bits[k][l] = temp ? s->d3d.r[l][idx][k] : s->d3d.o[l][idx][k];
        b->have[k][l] = true;
      }
    return true;
  }
  return false;
}

/* The value as a float in [0, 1]-ish display units and as text. */
static double show_value(const show_block *b, uint32_t bits) {
  switch (b->kind) {
    case SF_SHOW_F32: return (double)show_f32(bits);
    case SF_SHOW_F16: return (double)sf_half_to_float((uint16_t)bits);
    case SF_SHOW_SINT: return (double)(int32_t)bits;
    case SF_SHOW_FX88: return (double)bits / 65280.0;   /* 8.8: 255.0 = 0xff00 */
    case SF_SHOW_U8: return (double)bits / 255.0;
    default: return (double)bits;
  }
}

static void show_fmt(const show_block *b, uint32_t bits, char *buf, size_t n) {
  switch (b->kind) {
    case SF_SHOW_F32: snprintf(buf, n, "%.9g (%08" PRIx32 ")", (double)show_f32(bits), bits); break;
    case SF_SHOW_F16: snprintf(buf, n, "%.5g (hf %04" PRIx32 ")", (double)sf_half_to_float((uint16_t)bits), bits); break;
    case SF_SHOW_SINT: snprintf(buf, n, "%" PRId32, (int32_t)bits); break;
    case SF_SHOW_FX88: snprintf(buf, n, "%.4f (8.8 %04" PRIx32 ")", (double)bits / 256.0, bits); break;
    default: snprintf(buf, n, "%" PRIu32, bits); break;
  }
}

static uint64_t show_dist(const show_block *b, uint32_t x, uint32_t y) {
  switch (b->kind) {
    case SF_SHOW_F32: return show_ulp32(x, y);
    case SF_SHOW_F16: return show_ulp16((uint16_t)x, (uint16_t)y);
    case SF_SHOW_SINT: {
      int64_t d = (int64_t)(int32_t)x - (int64_t)(int32_t)y;
      return (uint64_t)(d < 0 ? -d : d);
    }
    default: return x > y ? (uint64_t)x - y : (uint64_t)y - x;
  }
}

/* Prints the lanes x channels table of the differences; returns how many values differ. */
static unsigned show_diff_table(const show_block *e, const show_block *a, const char *ename, const char *aname) {
  unsigned n = e->w * e->h, diffs = 0, rows = 0;
  for (unsigned i = 0; i < n && i < SF_SHOW_MAX_PX; i++)
    for (unsigned k = 0; k < 4; k++)
      if (e->have[k][i] && e->bits[k][i] != a->bits[k][i]) diffs++;
  if (!diffs) return 0;
  printf("  %-5s ch  %-28s %-28s %s\n", e->unit, ename, aname,
         e->kind == SF_SHOW_F32 || e->kind == SF_SHOW_F16 ? "ULP distance" : "distance");
  for (unsigned i = 0; i < n && i < SF_SHOW_MAX_PX; i++)
    for (unsigned k = 0; k < 4; k++) {
      if (!e->have[k][i] || e->bits[k][i] == a->bits[k][i]) continue;
      if (rows++ >= SF_SHOW_MAX_ROWS) continue;
      char xe[48], xa[48];
      show_fmt(e, e->bits[k][i], xe, sizeof xe);
      show_fmt(a, a->bits[k][i], xa, sizeof xa);
      uint64_t d = show_dist(e, e->bits[k][i], a->bits[k][i]);
      if (d == UINT64_MAX) printf("  %5u  %c  %-28s %-28s NaN\n", i, "rgba"[k], xe, xa);
      else printf("  %5u  %c  %-28s %-28s %" PRIu64 "\n", i, "rgba"[k], xe, xa, d);
    }
  if (rows > SF_SHOW_MAX_ROWS) printf("  ... %u more\n", rows - SF_SHOW_MAX_ROWS);
  return diffs;
}

/* Lists the 32-bit words of variables and D3D registers that differ (layouts without a block view). */
static unsigned show_state_words(const sf_state *x, const sf_state *y, const char *nx, const char *ny) {
  unsigned n = 0;
  for (unsigned i = 0; i < x->nvars; i++) {
    const sf_var *a = &x->vars[i];
    const sf_var *b = sf_state_var_c(y, a->id);
    if (!b || b->size != a->size) continue;
    for (uint32_t off = 0; off + 4 <= a->size; off += 4) {
      uint32_t p = sf_le32(a->bytes + off), q = sf_le32(b->bytes + off);
      if (p == q) continue;
      if (n == 0) printf("  raw 32-bit words that differ:\n");
      if (n++ < 32) printf("  V%" PRIu32 " byte %5" PRIu32 ": %s %08" PRIx32 "  %s %08" PRIx32 "\n", a->id, off, nx, p, ny, q);
    }
  }
  for (unsigned l = 0; l < 4; l++)
    for (unsigned r = 0; r < SF_D3D_MAX_TEMPS; r++)
      for (unsigned k = 0; k < 4; k++)
        if (x->d3d.r[l][r][k] != y->d3d.r[l][r][k] && (n ? 1 : printf("  raw 32-bit words that differ:\n")) && n++ < 32)
          printf("  lane %u r%u.%c: %s %08" PRIx32 "  %s %08" PRIx32 "\n", l, r, "xyzw"[k], nx, x->d3d.r[l][r][k], ny,
                 y->d3d.r[l][r][k]);
  if (n > 32) printf("  ... %u more words\n", n - 32);
  return n;
}

/* ---- PNG -------------------------------------------------------------------------------------- */

typedef struct show_image {
  unsigned w, h;
  uint8_t *px;   /* RGBA8 */
} show_image;

static uint8_t show_u8(double f) {
  if (!(f > 0.0)) return 0;
  if (f >= 1.0) return 255;
  return (uint8_t)(f * 255.0 + 0.5);
}

static void show_put(show_image *im, unsigned x, unsigned y, const uint8_t rgba[4]) {
  if (x < im->w && y < im->h) memcpy(im->px + ((size_t)y * im->w + x) * 4, rgba, 4);
}

/* Panel 0: the surface's level 0, slice 0 (nearest scaling to the panel). */
static void show_draw_surface(show_image *im, unsigned x0, sf_surface *s) {
  const sf_format_info *fi = sf_format_get(s->desc.format);
  unsigned w = s->levels[0].w ? s->levels[0].w : 1, h = s->levels[0].h ? s->levels[0].h : 1;
  for (unsigned y = 0; y < SF_SHOW_PANEL; y++)
    for (unsigned x = 0; x < SF_SHOW_PANEL; x++) {
      unsigned tx = x * w / SF_SHOW_PANEL, ty = y * h / SF_SHOW_PANEL;
      uint8_t c[4] = {0, 0, 0, 255};
      const uint8_t *t = fi && fi->cls != SF_FCLASS_YUV ? sf_surface_texel(s, 0, 0, tx, ty) : NULL;
      if (t) {
        uint32_t d[4];
        sf_format_decode(s->desc.format, t, d);
        bool is_int = fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT;
        for (unsigned k = 0; k < 3; k++) c[k] = is_int ? (uint8_t)(d[k] > 255 ? 255 : d[k]) : show_u8((double)show_f32(d[k]));
        if (fi->channels == 1) c[1] = c[2] = c[0];   /* grey for one-channel formats */
      } else if (fi && fi->cls == SF_FCLASS_YUV && s->data) {
        size_t at = (size_t)ty * s->levels[0].row_pitch + tx;   /* NV12: show the Y plane */
        if (at < s->size) c[0] = c[1] = c[2] = s->data[at];
      }
      show_put(im, x0 + x, y, c);
    }
}

static void show_draw_block(show_image *im, unsigned x0, const show_block *b) {
  unsigned w = b->w ? b->w : 1, h = b->h ? b->h : 1;
  for (unsigned y = 0; y < SF_SHOW_PANEL; y++)
    for (unsigned x = 0; x < SF_SHOW_PANEL; x++) {
      unsigned i = (y * h / SF_SHOW_PANEL) * w + x * w / SF_SHOW_PANEL;
      uint8_t c[4] = {0, 0, 0, 255};
      bool any = false;
      for (unsigned k = 0; k < 3 && i < SF_SHOW_MAX_PX; k++)
        if (b->have[k][i]) c[k] = show_u8(show_value(b, b->bits[k][i])), any = true;
      if (i < SF_SHOW_MAX_PX && b->have[0][i] && !b->have[1][i] && !b->have[2][i]) c[1] = c[2] = c[0];
      if (!any && i < SF_SHOW_MAX_PX && b->have[3][i]) c[0] = c[1] = c[2] = show_u8(show_value(b, b->bits[3][i]));
      show_put(im, x0 + x, y, c);
    }
}

/* Difference map: black where equal; otherwise red, brighter with the size of the largest channel
 * difference, magnified 16x with a floor of 96 so that a 1-ULP difference is visible. */
static void show_draw_diff(show_image *im, unsigned x0, const show_block *e, const show_block *a) {
  unsigned w = e->w ? e->w : 1, h = e->h ? e->h : 1;
  for (unsigned y = 0; y < SF_SHOW_PANEL; y++)
    for (unsigned x = 0; x < SF_SHOW_PANEL; x++) {
      unsigned i = (y * h / SF_SHOW_PANEL) * w + x * w / SF_SHOW_PANEL;
      uint8_t c[4] = {0, 0, 0, 255};
      double worst = -1.0;
      for (unsigned k = 0; k < 4 && i < SF_SHOW_MAX_PX; k++) {
        if (!e->have[k][i] || e->bits[k][i] == a->bits[k][i]) continue;
        double d = fabs(show_value(e, e->bits[k][i]) - show_value(a, a->bits[k][i]));
        if (!(d == d)) d = 1.0;   /* NaN: full scale */
        if (d > worst) worst = d;
      }
      if (worst >= 0.0) c[0] = (uint8_t)(96.0 + 159.0 * (worst * 16.0 > 1.0 ? 1.0 : worst * 16.0));
      show_put(im, x0 + x, y, c);
    }
  /* a grid line between cells keeps the cells countable */
  uint8_t grid[4] = {40, 40, 40, 255};
  for (unsigned k = 1; k < w; k++)
    for (unsigned y = 0; y < SF_SHOW_PANEL; y++) show_put(im, x0 + k * SF_SHOW_PANEL / w, y, grid);
  for (unsigned k = 1; k < h; k++)
    for (unsigned x = 0; x < SF_SHOW_PANEL; x++) show_put(im, x0 + x, k * SF_SHOW_PANEL / h, grid);
}

#ifdef SF_HAVE_PNG
static bool show_png_write(const char *path, const show_image *im) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "samplefuzz show: %s: cannot open for writing\n", path);
    return false;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  png_bytep *rows = calloc(im->h, sizeof *rows);
  bool ok = png && info && rows;
  if (ok && setjmp(png_jmpbuf(png))) ok = false;   /* libpng reports errors by longjmp */
  else if (ok) {
    png_init_io(png, f);
    png_set_IHDR(png, info, im->w, im->h, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (unsigned y = 0; y < im->h; y++) rows[y] = im->px + (size_t)y * im->w * 4;
    png_write_image(png, rows);
    png_write_end(png, NULL);
  }
  if (png) png_destroy_write_struct(&png, info ? &info : NULL);
  free(rows);
  if (fclose(f) != 0) ok = false;
  if (!ok) fprintf(stderr, "samplefuzz show: %s: libpng could not write the image\n", path);
  return ok;
}

#else
static bool show_png_write(const char *path, const show_image *im) {
  (void)im;
  fprintf(stderr, "samplefuzz show: --png %s: this build has no libpng (%s; install libpng-dev and reconfigure)\n",
          path, sf_code_name(SF_UNSUPPORTED));
  return false;
}
#endif

static bool show_png(const char *path, sf_surface *surf, const show_block *e, const show_block *a) {
  show_image im = {4 * SF_SHOW_PANEL + 3 * SF_SHOW_GAP, SF_SHOW_PANEL, NULL};
  im.px = malloc((size_t)im.w * im.h * 4);
  if (!im.px) {
    fprintf(stderr, "samplefuzz show: out of memory\n");
    return false;
  }
  for (size_t i = 0; i < (size_t)im.w * im.h; i++) {   /* dark blue gaps, opaque */
    static const uint8_t gap[4] = {0, 0, 96, 255};
    memcpy(im.px + 4 * i, gap, 4);
  }
  show_draw_surface(&im, 0, surf);
  show_draw_block(&im, SF_SHOW_PANEL + SF_SHOW_GAP, e);
  show_draw_block(&im, 2 * (SF_SHOW_PANEL + SF_SHOW_GAP), a);
  show_draw_diff(&im, 3 * (SF_SHOW_PANEL + SF_SHOW_GAP), e, a);
  bool ok = show_png_write(path, &im);
  if (ok)
    printf("png: %s (%ux%u: surface level 0 | expected | actual | difference x16)\n", path, im.w, im.h);
  free(im.px);
  return ok;
}

/* ---- the structured-case targets ---------------------------------------------------------------- */

typedef struct show_run {
  const sf_backend *be;
  sf_state st;
  sf_code rc;
  sf_status status;
  bool cloned;
} show_run;

static int show_case(const uint8_t *data, size_t len, const sf_backend *forced, const char *png) {
  sf_case *c = malloc(sizeof *c);
  sf_case_env *env = calloc(1, sizeof *env);
  show_run *runs = calloc(SF_SHOW_MAX_BE, sizeof *runs);
  show_block *eb = malloc(sizeof *eb), *ab = malloc(sizeof *ab);
  int rc = 1;
  unsigned nruns = 0;
  sf_status st;
  sf_status_clear(&st);
  char why[SF_STATUS_MSG_MAX + 64], buf[768];
  if (!c || !env || !runs || !eb || !ab) goto done;
  if (sf_case_read(data, len, c, &st) != SF_OK || sf_case_env_build(c, env, &st) != SF_OK) {
    fprintf(stderr, "samplefuzz show: the case cannot be instantiated: %s\n", sf_status_format(&st, why, sizeof why));
    goto done;
  }
  printf("\ncase (layout version %u read as %u): %s\n", c->version, SF_CASE_VERSION, sf_case_describe(c, buf, sizeof buf));
  show_inst(&c->inst);
  printf("surface:   %s\n", sf_surface_describe(env->surface, buf, sizeof buf));
  printf("sampler:   %s\n", sf_sampler_describe(&env->sampler, buf, sizeof buf));
  show_lanes(&c->inst, &env->state);

  /* expected = scalar; actual = the forced backend or every other listed one */
  const sf_backend *list[SF_SHOW_MAX_BE];
  unsigned nl = 0;
  list[nl++] = sf_backend_scalar();
  if (forced) {
    list[nl++] = forced;
  } else {
    const sf_backend *all[SF_SHOW_MAX_BE];
    unsigned na = sf_backend_list(all, SF_SHOW_MAX_BE);
    for (unsigned i = 0; i < na && nl < SF_SHOW_MAX_BE; i++)
      if (strcmp(all[i]->name, "scalar") != 0) list[nl++] = all[i];
  }
  for (unsigned i = 0; i < nl; i++) {
    show_run *r = &runs[i];
    r->be = list[i];
    sf_status_clear(&r->status);
    if (sf_case_state_clone(env, &r->st, &r->status) != SF_OK) {
      fprintf(stderr, "samplefuzz show: cannot copy the state: %s\n", sf_status_format(&r->status, why, sizeof why));
      goto done;
    }
    r->cloned = true;
    nruns++;
    r->rc = sf_exec(&c->inst, &r->st, r->be, &r->status);
  }
  printf("\nexecution (expected = %s):\n", list[0]->name);
  for (unsigned i = 0; i < nruns; i++)
    printf("  %-8s %s\n", runs[i].be->name,
           runs[i].rc ? sf_status_format(&runs[i].status, why, sizeof why) : sf_code_name(SF_OK));
  bool have_eb = runs[0].rc == SF_OK && show_extract(&c->inst, &runs[0].st, eb);
  if (have_eb) {
    unsigned n = eb->w * eb->h, shown = 0;
    printf("expected results (%s x channel, %s):\n", eb->unit, list[0]->name);
    for (unsigned i = 0; i < n && i < SF_SHOW_MAX_PX && shown < 32; i++) {
      bool any = false;
      for (unsigned k = 0; k < 4; k++) any |= eb->have[k][i];
      if (!any) continue;
      printf("  %5u", i);
      for (unsigned k = 0; k < 4; k++) {
        char t[48] = "-";
        if (eb->have[k][i]) show_fmt(eb, eb->bits[k][i], t, sizeof t);
        printf("  %c=%-24s", "rgba"[k], t);
      }
      printf("\n");
      shown++;
    }
    if (shown == 0) printf("  none written (execution mask 0 or no enabled channel)\n");
    else if (n > shown) printf("  (%u %ss; the first %u with a written channel shown)\n", n, eb->unit, shown);
  }
  const show_run *worst = nruns > 1 ? &runs[1] : NULL;
  unsigned total = 0;
  for (unsigned i = 1; i < nruns; i++) {
    const show_run *r = &runs[i];
    if (r->rc != runs[0].rc) {
      printf("status differs: %s %s, %s %s\n", list[0]->name, sf_code_name(runs[0].rc), r->be->name, sf_code_name(r->rc));
      total++;
      continue;
    }
    if (r->rc != SF_OK) continue;
    unsigned d = 0;
    if (have_eb && show_extract(&c->inst, &r->st, ab)) {
      printf("differences %s vs %s:\n", list[0]->name, r->be->name);
      d = show_diff_table(eb, ab, list[0]->name, r->be->name);
      if (!d) printf("  none: identical\n");
    }
    unsigned words = show_state_words(&runs[0].st, &r->st, list[0]->name, r->be->name);
    if (!d && words) printf("  (%u words differ outside the dst block)\n", words);
    if (d || words) {
      if (total == 0) worst = r;
      total += d + words;
    }
  }
  if (nruns == 1) printf("only the scalar backend is available: nothing to compare\n");
  else if (total == 0) printf("all %u backends agree\n", nruns);
  rc = 0;
  if (png) {
    if (!have_eb) {
      fprintf(stderr, "samplefuzz show: --png: no result block (the reference returned %s or the dst has no block layout)\n",
              sf_code_name(runs[0].rc));
      rc = 1;
    } else {
      if (!(worst && worst->rc == SF_OK && show_extract(&c->inst, &worst->st, ab))) *ab = *eb;
      if (!show_png(png, env->surface, eb, ab)) rc = 1;
    }
  }
done:
  if (!c || !env || !runs || !eb || !ab) fprintf(stderr, "samplefuzz show: out of memory\n");
  for (unsigned i = 0; i < nruns; i++)
    if (runs && runs[i].cloned) sf_state_free(&runs[i].st);
  if (env) sf_case_env_free(env);
  free(ab);
  free(eb);
  free(runs);
  free(env);
  free(c);
  return rc;
}

/* ---- command ---------------------------------------------------------------------------------- */

static int show_usage(FILE *f) {
  fprintf(f,
          "usage: samplefuzz show FILE [--target T] [--backend NAME|LIB.so] [--png OUT]\n"
          "\n"
          "Explains a reproducer: the verdict of its target's checks with the signature and bucket, the\n"
          "hex bytes, the instruction in vISA text and/or D3D asm with its encoding. For the structured\n"
          "cases (sample_diff_fuzzer, pipeline_fuzzer) also the surface, the sampler state and the\n"
          "per-lane operands, then the results of the scalar reference (expected) against the other\n"
          "backends (actual) as a table of lanes x channels with the ULP distance of each difference.\n"
          "  --target T     the fuzz target (default: the path component corpus|crashes/<target>/)\n"
          "  --backend B    compare scalar against only B: sse2, avx2, avx512, or a plug-in library\n"
          "                 exporting %s()\n"
          "  --png OUT      one RGBA image, %ux%u: surface level 0 | expected | actual | difference x16\n"
          "Targets:\n",
          SF_BACKEND_PLUGIN_SYMBOL, 4 * SF_SHOW_PANEL + 3 * SF_SHOW_GAP, SF_SHOW_PANEL);
  for (size_t i = 0; i < sf_target_count; i++) fprintf(f, "  %-20s %s\n", sf_targets[i].name, sf_targets[i].what);
  fprintf(f, "Exit status: 0 shown (whatever the verdict), 1 the input could not be explained or the image\n"
             "not written, 2 usage errors.\n");
  return f == stdout ? 0 : 2;
}

int sf_cli_show(int argc, char **argv) {
  const char *path = NULL, *tname = NULL, *png = NULL, *bname = NULL;
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) return show_usage(stdout);
    if (!strcmp(a, "--target") || !strcmp(a, "--png") || !strcmp(a, "--backend")) {
      if (i + 1 >= argc) {
        fprintf(stderr, "samplefuzz show: %s needs a value\n", a);
        return 2;
      }
      const char **dst = !strcmp(a, "--target") ? &tname : !strcmp(a, "--png") ? &png : &bname;
      *dst = argv[++i];
    } else if (a[0] == '-' && a[1]) {
      fprintf(stderr, "samplefuzz show: unknown option '%s'\n", a);
      return show_usage(stderr);
    } else if (path) {
      fprintf(stderr, "samplefuzz show: one file at a time\n");
      return 2;
    } else {
      path = a;
    }
  }
  if (!path) return show_usage(stderr);
  const sf_target *t = tname ? sf_target_find(tname) : sf_target_from_path(path);
  if (!t && !tname) {   /* a relative name inside corpus/<target>/: look at the absolute path */
    char *abs = realpath(path, NULL);
    if (abs) t = sf_target_from_path(abs);
    free(abs);
  }
  if (!t) {
    if (tname) fprintf(stderr, "samplefuzz show: unknown target '%s' (see --help)\n", tname);
    else fprintf(stderr, "samplefuzz show: %s: cannot tell the target from the path; pass --target (see --help)\n", path);
    return 2;
  }
  bool is_case = !strcmp(t->name, "sample_diff_fuzzer") || !strcmp(t->name, "pipeline_fuzzer");
  if (png && !is_case) {
    fprintf(stderr, "samplefuzz show: --png: %s inputs have no surface (only sample_diff_fuzzer and pipeline_fuzzer)\n",
            t->name);
    return 2;
  }
  void *handle = NULL;
  const sf_backend *forced = NULL;
  if (bname) {
    if (strchr(bname, '/') || sf_cli_has_ext(bname, ".so")) forced = show_load_plugin(bname, &handle);
    else if (!(forced = sf_backend_find(bname)))
      fprintf(stderr, "samplefuzz show: backend '%s' is unknown or not supported by this CPU\n", bname);
    if (!forced) {
      if (handle) dlclose(handle);
      return 2;
    }
  }
  sf_cli_file f;
  if (!sf_cli_read_file(path, &f, "show")) {
    if (handle) dlclose(handle);
    return 1;
  }
  size_t len = f.len > t->max_len ? t->max_len : f.len;
  sf_verdict *v = malloc(sizeof *v);
  int rc = 1;
  if (v) {
    sf_target_run(t, f.data, len, v);
    char sig[SF_SIGNATURE_MAX];
    printf("file:      %s (%zu bytes%s)\n", path, f.len, len < f.len ? ", truncated to the target's maximum" : "");
    printf("target:    %s — %s\n", t->name, t->what);
    printf("verdict:   %s%s%s\n", sf_verdict_kind_name(v->kind), v->reason[0] ? ": " : "", v->reason);
    if (v->kind == SF_VERDICT_FAIL) {
      printf("signature: Assertion failure: %s\n", sf_triage_signature(v, sig, sizeof sig));
      printf("bucket:    %016" PRIx64 "\n", sf_triage_bucket(v));
      printf("key:       %s\n", v->key[0] ? v->key : "(none)");
    }
    printf("backends:  %s (selected: %s)\n", v->backends[0] ? v->backends : "(codec check)", sf_backend_select()->name);
    show_hex("input", f.data, len, 512);
    if (v->dump_len) printf("check report:\n%s%s", v->dump, v->dump[v->dump_len - 1] == '\n' ? "" : "\n");
    if (is_case) rc = show_case(f.data, len, forced, png);
    else {
      show_codec(t, f.data, len);
      rc = 0;
    }
    free(v);
  } else {
    fprintf(stderr, "samplefuzz show: out of memory\n");
  }
  sf_cli_file_free(&f);
  if (handle) dlclose(handle);
  return rc;
}
