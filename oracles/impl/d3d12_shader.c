/* d3d12_shader.c — the d3d12-vkd3d backend's shaders and pipelines: DXBC containers written with
 * samplefuzz's TPF encoder (the sample instruction through sf_tpf_encode_inst via the program
 * builder, the few other instructions and declarations as tokens), the stage checks (vkd3d-shader
 * compiles the DXBC to SPIR-V in-process; the SPIR-V is validated), the root signatures and the
 * pipeline cache.
 *
 * Token layouts: docs/dxbc.md §2 (OpcodeToken0, OperandToken0) and Microsoft's "Shader Model 5
 * Assembly" reference for the instructions used (dcl_resource_structured, dcl_uav_structured,
 * dcl_thread_group, ld_structured, store_structured, ftou, imad, deriv_rtx_coarse, mov). The opcode
 * numbers are those of vkd3d-shader's TPF reader (vkd3d_shader_private.h / dxbc.c), which is what
 * consumes them here. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if SF_HAVE_VKD3D
#include <unistd.h>

#include "oracles/impl/d3d12_int.h"
#include "samplefuzz/dxbc.h"

/* Opcodes (10-bit field of OpcodeToken0). */
enum {
  OP_FTOU = 0x1c, OP_IMAD = 0x23, OP_MOV = 0x36, OP_RET = 0x3e, OP_DCL_RESOURCE = 0x58, OP_DCL_SAMPLER = 0x5a,
  OP_DCL_INPUT = 0x5f, OP_DCL_INPUT_PS_SIV = 0x64, OP_DCL_OUTPUT = 0x65, OP_DCL_OUTPUT_SIV = 0x67, OP_DCL_TEMPS = 0x68,
  OP_DCL_GLOBAL_FLAGS = 0x6a, OP_DERIV_RTX_COARSE = 0x7a, OP_DERIV_RTY_COARSE = 0x7c, OP_DCL_THREAD_GROUP = 0x9b,
  OP_DCL_UAV_STRUCTURED = 0x9e, OP_DCL_RESOURCE_STRUCTURED = 0xa2, OP_LD_STRUCTURED = 0xa7,
  OP_STORE_STRUCTURED = 0xa8
};
#define TOK(op, len) ((uint32_t)(op) | ((uint32_t)(len) << 24))
/* OperandToken0 pieces: 4 components, selection mode, component bits, type, one immediate index. */
#define OPND(type, mode, bits, idim) (2u | ((uint32_t)(mode) << 2) | ((uint32_t)(bits) << 4) | ((uint32_t)(type) << 12) | ((uint32_t)(idim) << 20))
#define T_TEMP 0u
#define T_INPUT 1u
#define T_OUTPUT 2u
#define T_RESOURCE 7u
#define T_UAV 0x1eu
#define T_THREAD_ID 0x20u
#define MASK(m) OPND(0, 0, m, 1)
#define SWZ_XYZW 0xe4u
#define SWZ_XXXX 0x00u
#define SWZ_XYXX 0x04u
#define IMM1 0x00004001u /* l(x): one component, immediate32 */

static sf_code add(sf_tpf_program *p, sf_status *st, size_t n, const uint32_t *t) {
  return sf_tpf_program_add_tokens(p, t, n, st);
}

static bool key_cmp(const sf_d3d12_key *k) { return k->op == SF_D3D_SAMPLE_C || k->op == SF_D3D_SAMPLE_C_LZ; }

static sf_d3d_opnd reg(uint8_t type, uint32_t index, uint8_t mode, uint8_t bits) {
  sf_d3d_opnd o;
  memset(&o, 0, sizeof o);
  o.type = type;
  o.num_comp = SF_D3D_NC_4;
  o.sel_mode = mode;
  o.comp_bits = bits;
  o.index_dim = 1;
  o.idx[0].rep = SF_D3D_IDX_IMM32;
  o.idx[0].imm = index;
  return o;
}

/* The instruction under test: dst r5, address r1, t0, s0, then r2.x (ref / LOD / bias) or r3, r4
 * (sample_d gradients). Compare ops write r5.x through t0.xxxx (fxc's form; docs/dxbc.md Q3). */
static void sample_inst(const sf_d3d12_key *k, sf_d3d_inst *d) {
  memset(d, 0, sizeof *d);
  bool cmp = key_cmp(k);
  d->op = k->op;
  d->has_aoffimmi = k->off[0] || k->off[1] || k->off[2];
  for (unsigned i = 0; i < 3; i++) d->aoffimmi[i] = k->off[i];
  d->dst = reg(SF_D3D_OT_TEMP, 5, SF_D3D_SEL_MASK, cmp ? 0x1 : 0xf);
  d->src[0] = reg(SF_D3D_OT_TEMP, 1, SF_D3D_SEL_SWIZZLE, SWZ_XYZW);
  d->src[1] = reg(SF_D3D_OT_RESOURCE, 0, SF_D3D_SEL_SWIZZLE, cmp ? SWZ_XXXX : SWZ_XYZW);
  d->src[2] = reg(SF_D3D_OT_SAMPLER, 0, 0, 0);
  d->src[2].num_comp = SF_D3D_NC_0;
  d->num_src = (uint8_t)sf_d3d_op_num_src(k->op);
  if (k->op == SF_D3D_SAMPLE_D) {
    d->src[3] = reg(SF_D3D_OT_TEMP, 3, SF_D3D_SEL_SWIZZLE, SWZ_XYZW);
    d->src[4] = reg(SF_D3D_OT_TEMP, 4, SF_D3D_SEL_SWIZZLE, SWZ_XYZW);
  } else if (d->num_src >= 4) {
    d->src[3] = reg(SF_D3D_OT_TEMP, 2, SF_D3D_SEL_SELECT1, 0);
  }
}

/* Declarations shared by the compute and pixel shaders: flags, s0, t0, t1 (the per-lane inputs). */
static sf_code common_decls(const sf_d3d12_key *k, sf_tpf_program *p, sf_status *st) {
  sf_code c = add(p, st, 1, (const uint32_t[]){TOK(OP_DCL_GLOBAL_FLAGS, 1) | (1u << 11)});
  if (!c) c = add(p, st, 3, (const uint32_t[]){TOK(OP_DCL_SAMPLER, 3) | (key_cmp(k) ? 1u << 11 : 0), 0x00106000u, 0});
  if (!c) c = add(p, st, 4, (const uint32_t[]){TOK(OP_DCL_RESOURCE, 4) | ((uint32_t)k->dim << 11), 0x00107000u, 0, 0x5555u});
  if (!c) c = add(p, st, 4, (const uint32_t[]){TOK(OP_DCL_RESOURCE_STRUCTURED, 4), 0x00107000u, 1, SF_D3D12_LANE_STRIDE});
  return c;
}

/* ld_structured r(1+i).xyzw, <index>, l(16 i), t1.xyzw for i = 0..3; idx/nidx is the index operand. */
static sf_code load_inputs(sf_tpf_program *p, const uint32_t *idx, size_t nidx, sf_status *st) {
  sf_code c = SF_OK;
  for (uint32_t i = 0; i < 4 && !c; i++) {
    uint32_t t[16];
    size_t n = 0;
    t[n++] = 0;
    t[n++] = MASK(0xf);
    t[n++] = 1 + i;
    for (size_t j = 0; j < nidx; j++) t[n++] = idx[j];
    t[n++] = IMM1;
    t[n++] = 16u * i;
    t[n++] = OPND(T_RESOURCE, 1, SWZ_XYZW, 1);
    t[n++] = 1;
    t[0] = TOK(OP_LD_STRUCTURED, n);
    c = add(p, st, n, t);
  }
  return c;
}

static sf_code build_program(const sf_d3d12_key *k, bool vs, sf_tpf_program *p, sf_status *st) {
  sf_code c;
  if (vs) {
    sf_tpf_program_init(p, 0x00010050u); /* vs_5_0 */
    c = add(p, st, 1, (const uint32_t[]){TOK(OP_DCL_GLOBAL_FLAGS, 1) | (1u << 11)});
    if (!c) c = add(p, st, 3, (const uint32_t[]){TOK(OP_DCL_INPUT, 3), OPND(T_INPUT, 0, 0xf, 1), 0});
    if (!c) c = add(p, st, 4, (const uint32_t[]){TOK(OP_DCL_OUTPUT_SIV, 4), OPND(T_OUTPUT, 0, 0xf, 1), 0, 1 /* position */});
    if (!c) c = add(p, st, 5, (const uint32_t[]){TOK(OP_MOV, 5), OPND(T_OUTPUT, 0, 0xf, 1), 0, OPND(T_INPUT, 1, SWZ_XYZW, 1), 0});
    if (!c) c = add(p, st, 1, (const uint32_t[]){TOK(OP_RET, 1)});
    return c;
  }
  sf_d3d_inst si;
  sample_inst(k, &si);
  uint32_t res_swz = key_cmp(k) ? SWZ_XXXX : SWZ_XYZW;
  if (k->ps) {
    sf_tpf_program_init(p, 0x00000050u); /* ps_5_0 */
    c = common_decls(k, p, st);
    /* dcl_input_ps_siv linear noperspective v0.xy, position */
    if (!c) c = add(p, st, 4, (const uint32_t[]){TOK(OP_DCL_INPUT_PS_SIV, 4) | (4u << 11), OPND(T_INPUT, 0, 0x3, 1), 0, 1});
    for (uint32_t o = 0; o < 3 && !c; o++)
      c = add(p, st, 3, (const uint32_t[]){TOK(OP_DCL_OUTPUT, 3), OPND(T_OUTPUT, 0, 0xf, 1), o});
    if (!c) c = add(p, st, 2, (const uint32_t[]){TOK(OP_DCL_TEMPS, 2), 8});
    /* ftou r0.xy, v0.xyxx ; imad r0.x, r0.y, l(2 * MAX_QUADS), r0.x : the pixel's index */
    if (!c) c = add(p, st, 5, (const uint32_t[]){TOK(OP_FTOU, 5), MASK(0x3), 0, OPND(T_INPUT, 1, SWZ_XYXX, 1), 0});
    if (!c)
      c = add(p, st, 9, (const uint32_t[]){TOK(OP_IMAD, 9), MASK(0x1), 0, OPND(T_TEMP, 2, 1, 1), 0, IMM1, 2 * SF_D3D12_MAX_QUADS,
                                           OPND(T_TEMP, 2, 0, 1), 0});
    if (!c) c = load_inputs(p, (const uint32_t[]){OPND(T_TEMP, 2, 0, 1), 0}, 2, st);
    if (!c) c = sf_tpf_program_add_inst(p, &si, st);
    if (!c) c = add(p, st, 5, (const uint32_t[]){TOK(OP_DERIV_RTX_COARSE, 5), MASK(0xf), 6, OPND(T_TEMP, 1, SWZ_XYZW, 1), 1});
    if (!c) c = add(p, st, 5, (const uint32_t[]){TOK(OP_DERIV_RTY_COARSE, 5), MASK(0xf), 7, OPND(T_TEMP, 1, SWZ_XYZW, 1), 1});
    for (uint32_t o = 0; o < 3 && !c; o++)
      c = add(p, st, 5, (const uint32_t[]){TOK(OP_MOV, 5), OPND(T_OUTPUT, 0, 0xf, 1), o,
                                           OPND(T_TEMP, 1, o == 0 ? res_swz : SWZ_XYZW, 1), o == 0 ? 5u : 5u + o});
  } else {
    sf_tpf_program_init(p, 0x00050050u); /* cs_5_0 */
    c = common_decls(k, p, st);
    if (!c) c = add(p, st, 4, (const uint32_t[]){TOK(OP_DCL_UAV_STRUCTURED, 4), OPND(T_UAV, 0, 0, 1) & ~3u, 0, 16});
    if (!c) c = add(p, st, 2, (const uint32_t[]){TOK(OP_DCL_INPUT, 2), OPND(T_THREAD_ID, 0, 0x1, 0)});
    if (!c) c = add(p, st, 2, (const uint32_t[]){TOK(OP_DCL_TEMPS, 2), 6});
    if (!c) c = add(p, st, 4, (const uint32_t[]){TOK(OP_DCL_THREAD_GROUP, 4), 32, 1, 1});
    if (!c) c = load_inputs(p, (const uint32_t[]){OPND(T_THREAD_ID, 2, 0, 0)}, 1, st);
    if (!c) c = sf_tpf_program_add_inst(p, &si, st);
    if (!c)
      c = add(p, st, 8, (const uint32_t[]){TOK(OP_STORE_STRUCTURED, 8), OPND(T_UAV, 0, 0xf, 1), 0, OPND(T_THREAD_ID, 2, 0, 0),
                                           IMM1, 0, OPND(T_TEMP, 1, res_swz, 1), 5});
  }
  if (!c) c = add(p, st, 1, (const uint32_t[]){TOK(OP_RET, 1)});
  return c;
}

sf_code sf_d3d12_build_dxbc(const sf_d3d12_key *k, bool vs, sf_buf *out, sf_status *st) {
  sf_tpf_program p;
  sf_code c = build_program(k, vs, &p, st);
  if (c) {
    sf_tpf_program_free(&p);
    return c;
  }
  /* Signatures (docs/dxbc.md §1.1): VS POSITION -> SV_Position; PS SV_Position -> SV_Target0..2;
   * CS none (empty chunks, as fxc writes them). */
  sf_dxbc_sig_elem in[1], outs[3];
  size_t nin = 0, nout = 0;
  if (vs) {
    in[nin++] = (sf_dxbc_sig_elem){"POSITION", 0, 0, 3, 0, 0xf, 0xf};
    outs[nout++] = (sf_dxbc_sig_elem){"SV_Position", 0, 1, 3, 0, 0xf, 0};
  } else if (k->ps) {
    in[nin++] = (sf_dxbc_sig_elem){"SV_Position", 0, 1, 3, 0, 0xf, 0x3};
    for (uint32_t o = 0; o < 3; o++) outs[nout++] = (sf_dxbc_sig_elem){"SV_Target", o, 0, 3, o, 0xf, 0};
  }
  sf_buf isgn, osgn, code;
  sf_buf_init(&isgn, st);
  sf_buf_init(&osgn, st);
  sf_buf_init(&code, st);
  c = sf_dxbc_write_signature(in, nin, &isgn, st);
  if (!c) c = sf_dxbc_write_signature(outs, nout, &osgn, st);
  if (!c) c = sf_tpf_program_encode(&p, &code, st);
  if (!c) {
    sf_dxbc_chunk ch[3] = {{SF_DXBC_ISGN, 0, (uint32_t)isgn.len, isgn.data},
                           {SF_DXBC_OSGN, 0, (uint32_t)osgn.len, osgn.data},
                           {SF_DXBC_SHEX, 0, (uint32_t)code.len, code.data}};
    c = sf_dxbc_write(ch, 3, out, st);
  }
  sf_buf_free(&isgn);
  sf_buf_free(&osgn);
  sf_buf_free(&code);
  sf_tpf_program_free(&p);
  return c;
}

/* ---- Stage checks --------------------------------------------------------------------------- */

/* spirv-val on a temporary file (when no in-process validator was given). */
static bool run_spirv_val(const uint32_t *w, size_t n, char *msg, size_t cap) {
  char path[] = "/tmp/sf_d3d12_XXXXXX";
  int fd = mkstemp(path);
  if (fd < 0) {
    snprintf(msg, cap, "mkstemp failed: SPIR-V not validated");
    return true;
  }
  FILE *f = fdopen(fd, "wb");
  bool ok = f && fwrite(w, 4, n, f) == n;
  if (f) fclose(f);
  if (!ok) {
    unlink(path);
    snprintf(msg, cap, "temporary SPIR-V file not written: not validated");
    return true;
  }
  char cmd[128];
  snprintf(cmd, sizeof cmd, "spirv-val --target-env vulkan1.0 %s 2>&1", path);
  FILE *pp = popen(cmd, "r");
  size_t got = 0;
  if (pp) {
    got = fread(msg, 1, cap - 1, pp);
    msg[got] = 0;
    int rc = pclose(pp);
    ok = rc == 0;
  }
  unlink(path);
  return ok;
}

/* vkd3d_shader_compile(DXBC -> SPIR-V) and validation: SHADER_REJECTED / SPIRV_INVALID with the
 * messages, else RAN. */
static sf_d3d12_stage compile_check(sf_d3d12 *d, const sf_buf *dxbc, const char *what, char *why, size_t n) {
  struct vkd3d_shader_compile_info ci;
  memset(&ci, 0, sizeof ci);
  ci.type = VKD3D_SHADER_STRUCTURE_TYPE_COMPILE_INFO;
  ci.source.code = dxbc->data;
  ci.source.size = dxbc->len;
  ci.source_type = VKD3D_SHADER_SOURCE_DXBC_TPF;
  ci.target_type = VKD3D_SHADER_TARGET_SPIRV_BINARY;
  ci.log_level = VKD3D_SHADER_LOG_WARNING;
  ci.source_name = what;
  struct vkd3d_shader_code spv = {NULL, 0};
  char *msgs = NULL;
  int rc = d->fn.compile(&ci, &spv, &msgs);
  d->stats.shaders_compiled++;
  if (rc < 0) {
    sf_d3d12_fmt_why(why, n, "vkd3d_shader_compile(%s) = %d: %s", what, rc, msgs ? msgs : "");
    if (msgs) d->fn.free_messages(msgs);
    d->fn.free_code(&spv);
    return SF_D3D12_STAGE_SHADER_REJECTED;
  }
  if (msgs) d->fn.free_messages(msgs);
  sf_d3d12_stage s = SF_D3D12_STAGE_RAN;
  char vmsg[512];
  vmsg[0] = 0;
  bool ok = true;
  const uint32_t *words = spv.code;
  size_t nw = spv.size / 4;
  if (d->opts.validate) ok = d->opts.validate(words, nw, vmsg, sizeof vmsg, d->opts.validate_user);
  else if (d->spirv_val_tool) ok = run_spirv_val(words, nw, vmsg, sizeof vmsg);
  if (!ok) {
    sf_d3d12_fmt_why(why, n, "SPIR-V of %s fails validation: %s", what, vmsg);
    s = SF_D3D12_STAGE_SPIRV_INVALID;
  }
  d->fn.free_code(&spv);
  return s;
}

/* ---- Root signatures and pipelines ---------------------------------------------------------- */

/* Parameter 0: table {SRV t0 (texture), SRV t1 (inputs), UAV u0 (results)}; parameter 1: table
 * {sampler s0}. The pixel-shader one allows the input assembler (the triangle's vertex buffer). */
sf_code sf_d3d12_make_root_signatures(sf_d3d12 *d, sf_status *st) {
  D3D12_DESCRIPTOR_RANGE views[2] = {{D3D12_DESCRIPTOR_RANGE_TYPE_SRV, 2, 0, 0, 0},
                                     {D3D12_DESCRIPTOR_RANGE_TYPE_UAV, 1, 0, 0, 2}};
  D3D12_DESCRIPTOR_RANGE samp = {D3D12_DESCRIPTOR_RANGE_TYPE_SAMPLER, 1, 0, 0, 0};
  D3D12_ROOT_PARAMETER params[2];
  memset(params, 0, sizeof params);
  params[0].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  params[0].DescriptorTable.NumDescriptorRanges = 2;
  params[0].DescriptorTable.pDescriptorRanges = views;
  params[0].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  params[1].ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
  params[1].DescriptorTable.NumDescriptorRanges = 1;
  params[1].DescriptorTable.pDescriptorRanges = &samp;
  params[1].ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
  for (unsigned i = 0; i < 2; i++) {
    D3D12_ROOT_SIGNATURE_DESC rd = {2, params, 0, NULL,
                                    i ? D3D12_ROOT_SIGNATURE_FLAG_ALLOW_INPUT_ASSEMBLER_INPUT_LAYOUT
                                      : D3D12_ROOT_SIGNATURE_FLAG_NONE};
    ID3DBlob *blob = NULL, *err = NULL;
    HRESULT hr = d->fn.serialize_rs(&rd, D3D_ROOT_SIGNATURE_VERSION_1_0, &blob, &err);
    if (FAILED(hr) || !blob) {
      char m[160] = "";
      if (err) {
        size_t l = ID3D10Blob_GetBufferSize(err);
        snprintf(m, sizeof m, "%.*s", (int)(l < sizeof m ? l : sizeof m - 1), (const char *)ID3D10Blob_GetBufferPointer(err));
        ID3D10Blob_Release(err);
      }
      if (blob) ID3D10Blob_Release(blob);
      return sf_fail(st, SF_ERR_STATE, "d3d12-vkd3d: D3D12SerializeRootSignature hr=0x%08x %s", (unsigned)hr, m);
    }
    ID3D12RootSignature **rs = i ? &d->rs_ps : &d->rs_cs;
    hr = ID3D12Device_CreateRootSignature(d->dev, 0, ID3D10Blob_GetBufferPointer(blob), ID3D10Blob_GetBufferSize(blob),
                                          &IID_ID3D12RootSignature, (void **)rs);
    ID3D10Blob_Release(blob);
    if (err) ID3D10Blob_Release(err);
    if (FAILED(hr)) return sf_fail(st, SF_ERR_STATE, "d3d12-vkd3d: CreateRootSignature hr=0x%08x", (unsigned)hr);
  }
  return SF_OK;
}

void sf_d3d12_release_psos(sf_d3d12 *d) {
  for (size_t i = 0; i < d->npsos; i++)
    if (d->psos[i].pso) ID3D12PipelineState_Release(d->psos[i].pso);
  free(d->psos);
  d->psos = NULL;
  d->npsos = 0;
}

static void make_pso(sf_d3d12 *d, sf_d3d12_pso *e) {
  const sf_d3d12_key *k = &e->key;
  sf_status st;
  sf_status_clear(&st);
  sf_buf code, vsb;
  sf_buf_init(&code, &st);
  sf_buf_init(&vsb, &st);
  e->stage = SF_D3D12_STAGE_RAN;
  if (sf_d3d12_build_dxbc(k, false, &code, &st) || (k->ps && sf_d3d12_build_dxbc(k, true, &vsb, &st))) {
    char m[256];
    e->stage = SF_D3D12_STAGE_UNSUPPORTED;
    sf_d3d12_fmt_why(e->why, sizeof e->why, "samplefuzz's encoder refused the shader: %s", sf_status_format(&st, m, sizeof m));
  }
  if (e->stage == SF_D3D12_STAGE_RAN) e->stage = compile_check(d, &code, k->ps ? "ps_5_0" : "cs_5_0", e->why, sizeof e->why);
  if (e->stage == SF_D3D12_STAGE_RAN && k->ps) e->stage = compile_check(d, &vsb, "vs_5_0", e->why, sizeof e->why);
  if (e->stage == SF_D3D12_STAGE_RAN) {
    HRESULT hr;
    if (!k->ps) {
      D3D12_COMPUTE_PIPELINE_STATE_DESC cd;
      memset(&cd, 0, sizeof cd);
      cd.pRootSignature = d->rs_cs;
      cd.CS.pShaderBytecode = code.data;
      cd.CS.BytecodeLength = code.len;
      hr = ID3D12Device_CreateComputePipelineState(d->dev, &cd, &IID_ID3D12PipelineState, (void **)&e->pso);
    } else {
      static const D3D12_INPUT_ELEMENT_DESC ie = {"POSITION", 0, DXGI_FORMAT_R32G32B32A32_FLOAT, 0, 0,
                                                  D3D12_INPUT_CLASSIFICATION_PER_VERTEX_DATA, 0};
      D3D12_GRAPHICS_PIPELINE_STATE_DESC gd;
      memset(&gd, 0, sizeof gd);
      gd.pRootSignature = d->rs_ps;
      gd.VS.pShaderBytecode = vsb.data;
      gd.VS.BytecodeLength = vsb.len;
      gd.PS.pShaderBytecode = code.data;
      gd.PS.BytecodeLength = code.len;
      for (unsigned i = 0; i < 3; i++) gd.BlendState.RenderTarget[i].RenderTargetWriteMask = D3D12_COLOR_WRITE_ENABLE_ALL;
      gd.SampleMask = 0xffffffffu;
      gd.RasterizerState.FillMode = D3D12_FILL_MODE_SOLID;
      gd.RasterizerState.CullMode = D3D12_CULL_MODE_NONE;
      gd.RasterizerState.DepthClipEnable = TRUE;
      gd.InputLayout.pInputElementDescs = &ie;
      gd.InputLayout.NumElements = 1;
      gd.PrimitiveTopologyType = D3D12_PRIMITIVE_TOPOLOGY_TYPE_TRIANGLE;
      gd.NumRenderTargets = 3;
      for (unsigned i = 0; i < 3; i++) gd.RTVFormats[i] = DXGI_FORMAT_R32G32B32A32_FLOAT;
      gd.SampleDesc.Count = 1;
      hr = ID3D12Device_CreateGraphicsPipelineState(d->dev, &gd, &IID_ID3D12PipelineState, (void **)&e->pso);
    }
    d->stats.pipelines_created++;
    if (FAILED(hr) || !e->pso) {
      e->pso = NULL;
      e->stage = SF_D3D12_STAGE_PIPELINE;
      sf_d3d12_fmt_why(e->why, sizeof e->why, "Create%sPipelineState hr=0x%08x", k->ps ? "Graphics" : "Compute",
                       (unsigned)hr);
    }
  }
  sf_buf_free(&code);
  sf_buf_free(&vsb);
}

const sf_d3d12_pso *sf_d3d12_get_pso(sf_d3d12 *d, const sf_d3d12_key *k) {
  for (size_t i = 0; i < d->npsos; i++)
    if (!memcmp(&d->psos[i].key, k, sizeof *k)) return &d->psos[i];
  if (d->npsos == SF_D3D12_MAX_PSOS) sf_d3d12_release_psos(d);
  if (!d->psos) {
    d->psos = calloc(SF_D3D12_MAX_PSOS, sizeof *d->psos);
    if (!d->psos) return NULL;
  }
  sf_d3d12_pso *e = &d->psos[d->npsos++];
  memset(e, 0, sizeof *e);
  e->key = *k;
  make_pso(d, e);
  return e;
}

#else
typedef int sf_d3d12_shader_unused; /* built without the vkd3d headers (d3d12_device.c says so) */
#endif
