/* show_views.c — `samplefuzz show`, the input's views: small formatting helpers, loading a plug-in
 * backend, an instruction in every syntax of its family, and what each codec target reads from the
 * input (one instruction, a program, a whole .isa file, a hand-written case). */
#define _XOPEN_SOURCE 700   /* realpath */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SF_HAVE_PNG
#include <png.h>
#endif

#include "harness/cli/show_int.h"
#include "samplefuzz/oracle.h"


int sf_cli_show(int argc, char **argv);

float show_f32(uint32_t u) {
  float f;
  memcpy(&f, &u, 4);
  return f;
}

void show_hex(const char *label, const uint8_t *p, size_t n, size_t max) {
  printf("%s (%zu bytes):", label, n);
  size_t shown = n < max ? n : max;
  for (size_t i = 0; i < shown; i++) printf("%s%02x", (i % 32) == 0 ? "\n  " : " ", p[i]);
  if (shown < n) printf("\n  ... %zu more", n - shown);
  printf("\n");
}

/* Float32 ULP distance (ordered integer representation); UINT64_MAX when a NaN is involved. */
uint64_t show_ulp32(uint32_t a, uint32_t b) {
  if (isnan(show_f32(a)) || isnan(show_f32(b))) return a == b ? 0 : UINT64_MAX;
  int64_t oa = (a & 0x80000000u) ? -(int64_t)(a & 0x7fffffffu) : (int64_t)a;
  int64_t ob = (b & 0x80000000u) ? -(int64_t)(b & 0x7fffffffu) : (int64_t)b;
  return (uint64_t)(oa > ob ? oa - ob : ob - oa);
}

uint64_t show_ulp16(uint16_t a, uint16_t b) {
  bool na = (a & 0x7c00u) == 0x7c00u && (a & 0x3ffu), nb = (b & 0x7c00u) == 0x7c00u && (b & 0x3ffu);
  if (na || nb) return a == b ? 0 : UINT64_MAX;
  int32_t oa = (a & 0x8000u) ? -(int32_t)(a & 0x7fffu) : (int32_t)a;
  int32_t ob = (b & 0x8000u) ? -(int32_t)(b & 0x7fffu) : (int32_t)b;
  return (uint64_t)(oa > ob ? oa - ob : ob - oa);
}

/* Prints the instruction in every syntax of its family and its encoded bytes. */
void show_inst(const sf_inst *in) {
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
void show_codec(const sf_target *t, const uint8_t *data, size_t len) {
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
    /* a whole .isa file (oracles/checks/check_isa_file.c): no single instruction; its text view instead */
    sf_isa_file f;
    if (sf_isa_read(data, len, &f, &st) == SF_OK) {
      sf_buf out;
      sf_status_clear(&st);
      sf_buf_init(&out, &st);
      out.limit = 1u << 16;
      printf("instruction: none (a whole .isa file, version %u.%u, %u kernel(s), %u function(s))\n", f.major, f.minor,
             (unsigned)f.num_kernels, (unsigned)f.num_functions);
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
  } else if (!strcmp(t->name, "textcase_fuzzer")) {
    /* a hand-written case (docs/case-text.md): its instruction, parsed as `samplefuzz run` does */
    show_text("text: ", data, len, 400);
    sf_textcase *tc = NULL;
    if (sf_textcase_parse((const char *)data, len, &tc, &st) == SF_OK) {
      if (tc->have_inst) {
        *in = tc->inst;
        ok = true;
      } else {
        printf("instruction: none (the case has no inst or d3d line)\n");
      }
    }
    sf_textcase_free(tc);
  } else if (!strcmp(t->name, "manifest_fuzzer")) {
    /* a known-divergence manifest (docs/backends.md): its entries, no instruction */
    show_text("text: ", data, len, 400);
    sf_manifest *m = NULL;
    if (sf_manifest_parse((const char *)data, len, "(input)", &m, &st) == SF_OK) {
      printf("instruction: none (a known-divergence manifest, %u entr%s)\n", sf_manifest_size(m),
             sf_manifest_size(m) == 1 ? "y" : "ies");
      for (unsigned i = 0; i < sf_manifest_size(m); i++) {
        sf_manifest_info e;
        if (sf_manifest_entry_info(m, i, &e))
          printf("  line %u: %s (%u condition%s) | %s | %s\n", e.line, e.pattern, e.nconditions, e.nconditions == 1 ? "" : "s",
                 e.reason, e.link);
      }
      sf_manifest_free(m);
    }
  } else if (!strcmp(t->name, "plugin_fuzzer")) {
    /* a made-up implementation (oracles/checks/check_plugin.c): the table bytes, then a case */
    char d[320];
    printf("plug-in table: %s\n", sf_check_plugin_describe(data, len, d, sizeof d));
    printf("instruction: none (a plug-in table and a case; `samplefuzz replay` judges it)\n");
  } else if (!strcmp(t->name, "dxbc_fuzzer")) {
    /* the same three readings as sf_check_dxbc (oracles/checks/check_d3d.c) */
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
