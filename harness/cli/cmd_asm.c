/* cmd_asm.c — `samplefuzz asm IN -o OUT` and `samplefuzz disasm IN [-o OUT]`.
 *
 * vISA: `.visaasm` text <-> `.isa` v4.1 (docs/visa-binary.md).
 * D3D:  fxc-style asm text <-> DXBC container (docs/dxbc.md).
 * The family is chosen by the input's magic (binary: "CISA" / "DXBC"), else by extension
 * (.visaasm/.vasm -> vISA; .asm/.dxasm/.hlslasm -> D3D), else by content (a `.version` or `.kernel`
 * directive means vISA). D3D text is a whole container (starting with `.dxbc`: every chunk as
 * written, byte-identical to the container it was printed from; docs/dxbc.md §10), a whole program
 * (starting with its shader-model line, e.g. ps_5_0; ISGN/OSGN are derived from its dcl_input and
 * dcl_output lines) or one sample instruction, which is wrapped into a minimal valid pixel shader.
 * `disasm` prints a DXBC container's whole text by default, the program alone with --program. Errors print as "FILE:LINE:COL: ..." or "FILE: byte 0x..: ...". */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/cli/cli_util.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/visa.h"

typedef enum { FAM_VISA, FAM_D3D } text_family;

static text_family family_of_text(const char *path, const char *text, size_t len) {
  if (sf_cli_has_ext(path, ".visaasm") || sf_cli_has_ext(path, ".vasm")) return FAM_VISA;
  if (sf_cli_has_ext(path, ".asm") || sf_cli_has_ext(path, ".dxasm") || sf_cli_has_ext(path, ".hlslasm")) return FAM_D3D;
  if (sf_dxbc_text_is_container(text, len)) return FAM_D3D;
  /* content: first directive */
  for (size_t i = 0; i + 8 <= len; i++) {
    if (text[i] == '.' && (i == 0 || text[i - 1] == '\n' || text[i - 1] == ' ' || text[i - 1] == '\t')) {
      if (!strncmp(text + i, ".version", 8) || !strncmp(text + i, ".kernel", 7)) return FAM_VISA;
    }
  }
  return FAM_D3D;
}


/* ---- D3D: text -> container ------------------------------------------------------------------- */

/* A declaration's register and mask: dcl_input_ps / dcl_input / dcl_output carry one operand
 * (OperandToken0 with a 1-D immediate index) right after the opcode token (docs/dxbc.md). */
static bool dcl_reg(const sf_tpf_item *it, uint32_t *reg, uint8_t *mask) {
  if (it->ntok < 3) return false;
  uint32_t op0 = it->tok[1];
  if (((op0 >> 20) & 3u) != 1u || ((op0 >> 22) & 7u) != 0u) return false;
  *mask = (uint8_t)((op0 >> 4) & 0xFu);
  *reg = it->tok[2];
  return true;
}

#define SIG_MAX 32

/* Builds ISGN (TEXCOORDn for each dcl_input_ps/dcl_input v#) and OSGN (SV_Targetn for each
 * dcl_output o#), then the container with the program as SHDR (SM4) or SHEX (SM5). */
static sf_code program_to_container(const sf_tpf_program *p, sf_buf *out, sf_status *st) {
  sf_dxbc_sig_elem in[SIG_MAX], outs[SIG_MAX];
  size_t nin = 0, nout = 0;
  for (size_t i = 0; i < p->count; i++) {
    const sf_tpf_item *it = &p->items[i];
    if (it->kind != SF_TPF_ITEM_OPAQUE || !it->ntok) continue;
    uint32_t opc = it->tok[0] & 0x7FFu, reg;
    uint8_t mask;
    if ((opc == SF_TPF_OP_DCL_INPUT_PS || opc == SF_TPF_OP_DCL_INPUT) && dcl_reg(it, &reg, &mask)) {
      if (nin == SIG_MAX) return sf_fail(st, SF_ERR_LIMIT, "more than %d input declarations", SIG_MAX);
      in[nin++] = (sf_dxbc_sig_elem){"TEXCOORD", reg, 0, 3, reg, mask, mask};
    } else if (opc == SF_TPF_OP_DCL_OUTPUT && dcl_reg(it, &reg, &mask)) {
      if (nout == SIG_MAX) return sf_fail(st, SF_ERR_LIMIT, "more than %d output declarations", SIG_MAX);
      outs[nout++] = (sf_dxbc_sig_elem){"SV_Target", reg, 0, 3, reg, mask, 0};
    }
  }
  sf_buf isgn, osgn, shdr;
  sf_buf_init(&isgn, st);
  sf_buf_init(&osgn, st);
  sf_buf_init(&shdr, st);
  sf_code rc = sf_dxbc_write_signature(in, nin, &isgn, st);
  if (rc == SF_OK) rc = sf_dxbc_write_signature(outs, nout, &osgn, st);
  if (rc == SF_OK) rc = sf_tpf_program_encode(p, &shdr, st);
  if (rc == SF_OK) {
    bool sm5 = ((p->version >> 4) & 0xFu) >= 5;
    sf_dxbc_chunk ch[3] = {
        {SF_DXBC_ISGN, 0, (uint32_t)isgn.len, isgn.data},
        {SF_DXBC_OSGN, 0, (uint32_t)osgn.len, osgn.data},
        {sm5 ? SF_DXBC_SHEX : SF_DXBC_SHDR, 0, (uint32_t)shdr.len, shdr.data},
    };
    rc = sf_dxbc_write(ch, 3, out, st);
  }
  sf_buf_free(&isgn);
  sf_buf_free(&osgn);
  sf_buf_free(&shdr);
  return rc;
}

/* A whole program (first statement is the shader-model line, e.g. ps_5_0), or a single sample
 * instruction, which is wrapped into a minimal valid pixel shader (sf_dxbc_wrap_sample). */
static sf_code d3d_assemble(const char *text, size_t len, sf_buf *out, sf_status *st) {
  if (sf_dxbc_text_is_container(text, len)) return sf_dxbc_parse_text(text, len, out, st);
  size_t i = 0;
  /* find the first statement: skip blank lines and // comments */
  while (i < len) {
    while (i < len && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) i++;
    if (i + 1 < len && text[i] == '/' && text[i + 1] == '/') {
      while (i < len && text[i] != '\n') i++;
      continue;
    }
    break;
  }
  bool program = i + 2 < len && (text[i] == 'p' || text[i] == 'v' || text[i] == 'g' || text[i] == 'h' ||
                                 text[i] == 'd' || text[i] == 'c') &&
                 text[i + 1] == 's' && text[i + 2] == '_';
  if (program) {
    sf_tpf_program p;
    sf_tpf_program_init(&p, 0);
    sf_code rc = sf_d3dasm_parse_program(text, len, &p, st);
    if (rc == SF_OK) rc = program_to_container(&p, out, st);
    sf_tpf_program_free(&p);
    return rc;
  }
  sf_d3d_inst d;
  memset(&d, 0, sizeof d);
  size_t end = i;
  while (end < len && text[end] != '\n') end++;
  for (size_t k = end; k < len; k++) {
    if (text[k] != ' ' && text[k] != '\t' && text[k] != '\r' && text[k] != '\n')
      return sf_fail(st, SF_ERR_TRAILING,
                     "more than one statement without a shader-model line (start a program with e.g. ps_5_0)");
  }
  uint32_t line = 1;
  for (size_t k = 0; k < i; k++) line += text[k] == '\n';
  sf_code rc = sf_d3dasm_parse_inst(text + i, end - i, line, &d, st);
  if (rc == SF_OK) rc = sf_dxbc_wrap_sample(&d, 0, out, st);
  return rc;
}

static int usage_asm(FILE *f) {
  fprintf(f,
          "usage: samplefuzz asm IN -o OUT\n"
          "  IN.visaasm (IGC vISA text)  -> OUT.isa  (vISA v4.1 container; GenX_IR reads it)\n"
          "  IN.asm     (fxc-style D3D)  -> OUT.dxbc (DXBC container with a correct checksum)\n"
          "The family comes from the extension, or from the text (.version/.kernel means vISA).\n");
  return f == stderr ? 2 : 0;
}

static int usage_disasm(FILE *f) {
  fprintf(f,
          "usage: samplefuzz disasm IN [-o OUT] [--program]\n"
          "  IN.isa  -> vISA text in IGC's -dumpcommonisa format, one instruction per line; compiled\n"
          "             Gen code a kernel carries (CM kernels) is left out, as GenX_IR leaves it out,\n"
          "             with a note on stderr\n"
          "  IN.dxbc -> the whole container as text: `.dxbc`, signatures as `.isgn ...` lines, the\n"
          "             program in fxc-style asm after `.program SHEX`, other chunks as `.chunk` hex;\n"
          "             `samplefuzz asm` gives back the identical container (docs/dxbc.md section 10)\n"
          "  --program  print only the SHDR/SHEX program (fxc-style asm)\n"
          "The family comes from the file's magic (CISA / DXBC).\n");
  return f == stderr ? 2 : 0;
}

static bool g_program_only; /* disasm --program */

static int parse_io(int argc, char **argv, const char **in, const char **out, int (*usage)(FILE *)) {
  *in = NULL;
  *out = NULL;
  g_program_only = false;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) return usage(stdout) + 1000;
    if (usage == usage_disasm && !strcmp(argv[i], "--program")) {
      g_program_only = true;
      continue;
    }
    if (!strcmp(argv[i], "-o")) {
      if (i + 1 >= argc) return usage(stderr);
      *out = argv[++i];
    } else if (argv[i][0] == '-' && argv[i][1]) {
      fprintf(stderr, "samplefuzz %s: unknown option '%s'\n", argv[0], argv[i]);
      return usage(stderr);
    } else if (!*in) {
      *in = argv[i];
    } else {
      fprintf(stderr, "samplefuzz %s: more than one input ('%s')\n", argv[0], argv[i]);
      return usage(stderr);
    }
  }
  if (!*in) return usage(stderr);
  return -1;
}

/* Text -> binary for either family. */
static sf_code assemble(const char *in, const sf_cli_file *f, sf_buf *b, sf_status *st) {
  const char *text = (const char *)f->data;
  if (family_of_text(in, text, f->len) == FAM_D3D) return d3d_assemble(text, f->len, b, st);
  sf_isa_file isa;
  memset(&isa, 0, sizeof isa);
  sf_code rc = sf_visaasm_parse(text, f->len, &isa, st);
  if (rc == SF_OK) {
    rc = sf_isa_write(&isa, b, st);
    sf_isa_free(&isa);
  }
  return rc;
}

/* Binary -> text, by magic. */
static sf_code disassemble(const char *in, const sf_cli_file *f, sf_buf *b, sf_status *st) {
  if (f->len >= 4 && !memcmp(f->data, "CISA", 4)) {
    sf_isa_file isa;
    memset(&isa, 0, sizeof isa);
    sf_code rc = sf_isa_read(f->data, f->len, &isa, st);
    if (rc == SF_OK) {
      uint64_t dropped = 0;
      unsigned n = sf_isa_drop_gen_code(&isa, &dropped);
      if (n) /* compiled code is not vISA: the text, as GenX_IR's disassembly, leaves it out, and says so */
        fprintf(stderr, "%s: note: %u gen binary record%s (%llu bytes of compiled Gen code) left out: text carries "
                "vISA only, so `asm` of this text writes the kernel without them\n", in, n, n == 1 ? "" : "s",
                (unsigned long long)dropped);
      rc = sf_visaasm_print(&isa, b, st);
      sf_isa_free(&isa);
    }
    return rc;
  }
  if (f->len >= 4 && !memcmp(f->data, "DXBC", 4) && !g_program_only) return sf_dxbc_print_text(f->data, f->len, b, st);
  if (f->len >= 4 && !memcmp(f->data, "DXBC", 4)) {
    sf_dxbc dx;
    memset(&dx, 0, sizeof dx);
    sf_code rc = sf_dxbc_read(f->data, f->len, &dx, st);
    if (rc == SF_OK) {
      sf_tpf_program prog;
      sf_tpf_program_init(&prog, 0);
      rc = sf_dxbc_program(&dx, &prog, st);
      if (rc == SF_OK) rc = sf_d3dasm_print_program(&prog, b, st);
      sf_tpf_program_free(&prog);
    }
    sf_dxbc_free(&dx);
    return rc;
  }
  return sf_fail_byte(st, SF_ERR_INVALID, 0, "not a vISA .isa (magic CISA) or a DXBC container (magic DXBC)");
}

/* The shared driver: options, read IN, convert, write OUT (stdout when there is none). Errors
 * print as "IN:LINE:COL: ..." or "IN: byte 0x..: ..." and exit 1. */
static int run_convert(int argc, char **argv, int (*usage)(FILE *), bool need_out,
                       sf_code (*convert)(const char *, const sf_cli_file *, sf_buf *, sf_status *)) {
  const char *in, *out;
  int rc = parse_io(argc, argv, &in, &out, usage);
  if (rc >= 1000) return 0;
  if (rc >= 0) return rc;
  if (need_out && !out) {
    fprintf(stderr, "samplefuzz %s: -o OUT is required\n", argv[0]);
    return usage(stderr);
  }
  sf_cli_file f;
  if (!sf_cli_read_file(in, &f, argv[0])) return 1;
  sf_status st;
  sf_status_clear(&st);
  sf_buf b;
  sf_buf_init(&b, &st);
  int ret = 0;
  if (convert(in, &f, &b, &st) != SF_OK) {
    char msg[320];
    fprintf(stderr, "%s:%s\n", in, sf_cli_status_suffix(&st, msg, sizeof msg));
    ret = 1;
  } else if (!sf_cli_write_file(out ? out : "-", b.data, b.len, argv[0])) {
    ret = 1;
  }
  sf_buf_free(&b);
  sf_cli_file_free(&f);
  return ret;
}

int sf_cli_asm(int argc, char **argv) { return run_convert(argc, argv, usage_asm, true, assemble); }

int sf_cli_disasm(int argc, char **argv) { return run_convert(argc, argv, usage_disasm, false, disassemble); }
