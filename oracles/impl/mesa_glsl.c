/* mesa_glsl.c — the Mesa oracle's request classification (what GL can express of a request, with a
 * reason when it cannot) and the GLSL programs that sample the way a request asks (texture,
 * textureLod, textureGrad, the offset and shadow forms, textureQueryLod). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <xxhash.h>

#include "oracles/impl/mesa_int.h"


bool sf_mesa_gl_format(const sf_mesa *m, unsigned fmt, bool compare, sf_gl_fmt *f, char *why, size_t n) {
  /* GL compares only depth textures. The two D3D comparison formats we have are uploaded as the depth
   * format with the same bits: R32_FLOAT as DEPTH_COMPONENT32F (no clamping of texel or reference:
   * a float depth format) and R16_UNORM as DEPTH_COMPONENT16 (both clamped to [0, 1], as for UNORM). */
  if (compare && fmt == SF_FMT_R32F) {
    *f = (sf_gl_fmt){GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT};
    return true;
  }
  if (compare && fmt == SF_FMT_R16_UNORM) {
    *f = (sf_gl_fmt){GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT};
    return true;
  }
  switch (fmt) {
    case SF_FMT_R8_UNORM: *f = (sf_gl_fmt){GL_R8, GL_RED, GL_UNSIGNED_BYTE}; return true;
    case SF_FMT_RG8_UNORM: *f = (sf_gl_fmt){GL_RG8, GL_RG, GL_UNSIGNED_BYTE}; return true;
    case SF_FMT_RGBA8_UNORM: *f = (sf_gl_fmt){GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE}; return true;
    case SF_FMT_RGBA8_SRGB: *f = (sf_gl_fmt){GL_SRGB8_ALPHA8, GL_RGBA, GL_UNSIGNED_BYTE}; return true;
    case SF_FMT_R8_SRGB:
      if (!m->info.srgb_r8) break;
      *f = (sf_gl_fmt){GL_SR8_EXT, GL_RED, GL_UNSIGNED_BYTE};
      return true;
    case SF_FMT_RG8_SRGB:
      if (!m->info.srgb_rg8) break;
      *f = (sf_gl_fmt){GL_SRG8_EXT, GL_RG, GL_UNSIGNED_BYTE};
      return true;
    case SF_FMT_RGBA8_SNORM: *f = (sf_gl_fmt){GL_RGBA8_SNORM, GL_RGBA, GL_BYTE}; return true;
    case SF_FMT_R16_UNORM: *f = (sf_gl_fmt){GL_R16, GL_RED, GL_UNSIGNED_SHORT}; return true;
    case SF_FMT_RGBA16_UNORM: *f = (sf_gl_fmt){GL_RGBA16, GL_RGBA, GL_UNSIGNED_SHORT}; return true;
    case SF_FMT_R16F: *f = (sf_gl_fmt){GL_R16F, GL_RED, GL_HALF_FLOAT}; return true;
    case SF_FMT_RGBA16F: *f = (sf_gl_fmt){GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT}; return true;
    case SF_FMT_R32F: *f = (sf_gl_fmt){GL_R32F, GL_RED, GL_FLOAT}; return true;
    case SF_FMT_RG32F: *f = (sf_gl_fmt){GL_RG32F, GL_RG, GL_FLOAT}; return true;
    case SF_FMT_RGBA32F: *f = (sf_gl_fmt){GL_RGBA32F, GL_RGBA, GL_FLOAT}; return true;
    case SF_FMT_D32F:
      *f = (sf_gl_fmt){GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT};
      return true;
    default: break;
  }
  const sf_format_info *fi = sf_format_get(fmt);
  snprintf(why, n, "format %s is not expressible on this context", fi ? fi->name : "(unknown)");
  return false;
}

GLenum sf_mesa_target(unsigned type) {
  switch (type) {
    case SF_SURF_1D: return GL_TEXTURE_1D;
    case SF_SURF_1D_ARRAY: return GL_TEXTURE_1D_ARRAY;
    case SF_SURF_2D: return GL_TEXTURE_2D;
    case SF_SURF_2D_ARRAY: return GL_TEXTURE_2D_ARRAY;
    case SF_SURF_3D: return GL_TEXTURE_3D;
    case SF_SURF_CUBE: return GL_TEXTURE_CUBE_MAP;
    case SF_SURF_CUBE_ARRAY: return GL_TEXTURE_CUBE_MAP_ARRAY;
    default: return 0;
  }
}

static bool sf_mesa_form(unsigned type, bool cmp, sf_glsl_form *f) {
  switch (type) {
    case SF_SURF_1D:
      *f = (sf_glsl_form){cmp ? "sampler1DShadow" : "sampler1D", cmp ? "vec3(p0.x, 0.0, p1.y)" : "p0.x",
                          "p2.x", "p3.x", "int", 1};
      return true;
    case SF_SURF_1D_ARRAY:
      *f = (sf_glsl_form){cmp ? "sampler1DArrayShadow" : "sampler1DArray",
                          cmp ? "vec3(p0.x, p0.y, p1.y)" : "vec2(p0.x, p0.y)", "p2.x", "p3.x", "int", 1};
      return true;
    case SF_SURF_2D:
      *f = (sf_glsl_form){cmp ? "sampler2DShadow" : "sampler2D", cmp ? "vec3(p0.xy, p1.y)" : "p0.xy",
                          "p2.xy", "p3.xy", "ivec2", 2};
      return true;
    case SF_SURF_2D_ARRAY:
      *f = (sf_glsl_form){cmp ? "sampler2DArrayShadow" : "sampler2DArray",
                          cmp ? "vec4(p0.xyz, p1.y)" : "p0.xyz", "p2.xy", "p3.xy",
                          "ivec2", 2};
      return true;
    case SF_SURF_3D:
      if (cmp) return false;
      *f = (sf_glsl_form){"sampler3D", "p0.xyz", "p2.xyz", "p3.xyz", "ivec3", 3};
      return true;
    case SF_SURF_CUBE:
      *f = (sf_glsl_form){cmp ? "samplerCubeShadow" : "samplerCube", cmp ? "vec4(p0.xyz, p1.y)" : "p0.xyz",
                          "p2.xyz", "p3.xyz", NULL, 0};
      return true;
    case SF_SURF_CUBE_ARRAY:
      *f = (sf_glsl_form){cmp ? "samplerCubeArrayShadow" : "samplerCubeArray", "vec4(p0.xyz, p0.w)",
                          "p2.xyz", "p3.xyz", NULL, 0};
      return true;
    default: return false;
  }
}

static bool sf_mesa_why(char *why, size_t n, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

static bool sf_mesa_why(char *why, size_t n, const char *fmt, ...) {
  if (why && n) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
  }
  return false;
}

/* GL clamps float depth texels to [0, 1] (observed on llvmpipe and softpipe: a DEPTH_COMPONENT32F
 * texel of 2.0 compares as 1.0), while D3D compares the stored float. A compare on a 32-bit float
 * surface is drawn only when every texel GL would upload is in [0, 1]; returns false with the first
 * one that is not. */
static bool sf_mesa_depth_in_unit(const sf_surface *s, char *why, size_t n) {
  for (unsigned l = 0; l < s->desc.levels && l < SF_SURF_MAX_LEVELS; l++) {
    const sf_level *lv = &s->levels[l];
    unsigned nslices = s->desc.type == SF_SURF_3D ? lv->d : s->slices;
    for (unsigned z = 0; z < nslices; z++)
      for (unsigned y = 0; y < lv->h; y++)
        for (unsigned x = 0; x < lv->w; x++) {
          size_t off = lv->offset + (size_t)z * lv->slice_pitch + (size_t)y * lv->row_pitch + (size_t)x * 4u;
          if (off + 4u > s->size) return sf_mesa_why(why, n, "level %u exceeds the surface storage", l);
          float f;
          memcpy(&f, s->data + off, 4);
          if (!(f >= 0.0f && f <= 1.0f))
            return sf_mesa_why(why, n, "depth texel (%u, %u, %u) of level %u is %g: GL clamps depth texels to [0, 1]",
                               x, y, z, l, (double)f);
        }
  }
  return true;
}

static bool sf_mesa_lane_has_offset(const sf_sample_batch *b, unsigned i) {
  return b->off_u[i] || b->off_v[i] || b->off_r[i];
}

bool sf_mesa_supports(const sf_mesa *m, const sf_sample_batch *b, bool implicit, char *why, size_t n) {
  if (!m || !b) return sf_mesa_why(why, n, "no context or batch");
  if (!b->surf) return sf_mesa_why(why, n, "unbound surface (GL has no unbound-slot sampling)");
  if (!b->samp) return sf_mesa_why(why, n, "no sampler state");
  if (b->n > SF_MAX_LANES) return sf_mesa_why(why, n, "batch has %u lanes (max %u)", b->n, SF_MAX_LANES);
  const sf_surface *s = b->surf;
  sf_gl_fmt f;
  if (!sf_mesa_gl_format(m, s->desc.format, b->compare, &f, why, n)) return false;
  if (s->desc.type == SF_SURF_CUBE_ARRAY && !m->info.cube_array)
    return sf_mesa_why(why, n, "cube arrays need GL 4.0 / ARB_texture_cube_map_array");
  sf_glsl_form form;
  if (!sf_mesa_form(s->desc.type, b->compare, &form))
    return sf_mesa_why(why, n, "%s%s has no GL sampler type", sf_surf_type_name(s->desc.type),
                       b->compare ? " + compare" : "");
  if (s->desc.format == SF_FMT_D32F && s->desc.type == SF_SURF_3D)   /* GL: INVALID_OPERATION at upload */
    return sf_mesa_why(why, n, "a depth format on a 3D texture (GL allows depth on 1D, 2D, cube and arrays only)");
  if (b->compare && f.format != GL_DEPTH_COMPONENT)
    return sf_mesa_why(why, n, "depth compare needs a depth format in GL (got %s; D32F, R32F and R16_UNORM map to one)",
                       sf_format_get(s->desc.format)->name);
  if (b->compare && f.type == GL_FLOAT && !sf_mesa_depth_in_unit(s, why, n)) return false;
  for (unsigned a = 0; a < 3; a++)
    if (b->samp->addr[a] == SF_ADDR_MIRROR_ONCE && !m->info.mirror_clamp)
      return sf_mesa_why(why, n, "MIRROR_ONCE needs GL_MIRROR_CLAMP_TO_EDGE (GL 4.4)");
  bool any_off = false;
  for (unsigned i = 0; i < b->n; i++)
    if ((b->lanes >> i) & 1u) any_off |= sf_mesa_lane_has_offset(b, i);
  unsigned t = s->desc.type;
  bool cube = t == SF_SURF_CUBE || t == SF_SURF_CUBE_ARRAY;
  if (any_off) {
    if (!form.offset_type) return sf_mesa_why(why, n, "texel offsets on cubes (undefined in D3D, absent in GL)");
    if (b->lod_query) return sf_mesa_why(why, n, "textureQueryLod takes no offset");
    if (b->compare && t == SF_SURF_2D_ARRAY && b->lod_mode != SF_LOD_GRAD)
      return sf_mesa_why(why, n, "offsets on 2D-array shadow lookups only with gradients in GLSL");
    for (unsigned i = 0; i < b->n; i++) {
      if (!((b->lanes >> i) & 1u)) continue;
      int o[3] = {b->off_u[i], b->off_v[i], b->off_r[i]};
      for (int k = 0; k < 3; k++)
        if (o[k] < m->info.min_offset || o[k] > m->info.max_offset)
          return sf_mesa_why(why, n, "offset %d outside GL's [%d, %d]", o[k], m->info.min_offset,
                             m->info.max_offset);
    }
  }
  if (b->lod_query) {
    if (!m->info.query_lod) return sf_mesa_why(why, n, "textureQueryLod needs GL 4.0 / ARB_texture_query_lod");
    if (!implicit) return sf_mesa_why(why, n, "textureQueryLod only has implicit derivatives");
    if (b->lod_mode != SF_LOD_GRAD)
      return sf_mesa_why(why, n, "LOD query with a bias or explicit LOD is not expressible");
  }
  bool shadow_nolod = b->compare && (t == SF_SURF_2D_ARRAY || cube);
  switch (b->lod_mode) {
    case SF_LOD_GRAD:
      if (!implicit && b->compare && t == SF_SURF_CUBE_ARRAY)
        return sf_mesa_why(why, n, "textureGrad on samplerCubeArrayShadow does not exist in GLSL");
      break;
    case SF_LOD_GRAD_BIAS:
      if (!implicit) {
        /* Drawn as textureGrad with the gradients scaled by 2^bias (sf_mesa_put_params): the same
         * log2(rho) + bias, which needs a finite bias. */
        if (b->compare && t == SF_SURF_CUBE_ARRAY)
          return sf_mesa_why(why, n, "textureGrad on samplerCubeArrayShadow does not exist in GLSL");
        for (unsigned i = 0; i < b->n; i++)
          if (((b->lanes >> i) & 1u) && !isfinite(b->lod_or_bias[i]))
            return sf_mesa_why(why, n, "lane %u: a non-finite bias cannot be folded into the gradients", i);
        break;
      }
      if (b->compare && (t == SF_SURF_2D_ARRAY || t == SF_SURF_CUBE_ARRAY))
        return sf_mesa_why(why, n, "texture() with bias on %s shadow does not exist in GLSL",
                           sf_surf_type_name(t));
      break;
    case SF_LOD_EXPLICIT:
    case SF_LOD_ZERO:
      if (implicit) return sf_mesa_why(why, n, "explicit-LOD lanes must not be drawn as implicit quads");
      if (shadow_nolod)
        return sf_mesa_why(why, n, "textureLod on %s shadow does not exist in GLSL", sf_surf_type_name(t));
      break;
    default: return sf_mesa_why(why, n, "unknown lod_mode %u", b->lod_mode);
  }
  if (implicit) {
    if (b->n % 4u) return sf_mesa_why(why, n, "implicit draws need whole quads (n = %u)", b->n);
    for (unsigned q = 0; q < b->n / 4u; q++) {
      unsigned mq = (b->lanes >> (4u * q)) & 0xFu;
      if (mq != 0 && mq != 0xFu) return sf_mesa_why(why, n, "quad %u is partially enabled", q);
      for (unsigned k = 1; k < 4; k++) {
        unsigned a = 4u * q, c = a + k;
        if (b->off_u[a] != b->off_u[c] || b->off_v[a] != b->off_v[c] || b->off_r[a] != b->off_r[c])
          return sf_mesa_why(why, n, "quad %u mixes offsets (one GLSL constant per draw)", q);
      }
    }
  }
  return true;
}

static const char sf_mesa_vs_330[] =
    "#version 330 core\n"
    "void main() {\n"
    "  vec2 p = vec2(float((gl_VertexID & 1) << 2) - 1.0, float((gl_VertexID & 2) << 1) - 1.0);\n"
    "  gl_Position = vec4(p, 0.0, 1.0);\n"
    "}\n";

static GLuint sf_mesa_compile(sf_mesa *m, GLenum kind, const char *src, sf_status *st) {
  sf_gl *g = &m->gl;
  GLuint sh = g->CreateShader(kind);
  g->ShaderSource(sh, 1, &src, NULL);
  g->CompileShader(sh);
  GLint ok = 0;
  g->GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    m->log[0] = 0;
    g->GetShaderInfoLog(sh, (GLsizei)sizeof m->log, NULL, m->log);
    sf_fail(st, SF_ERR_STATE, "mesa: shader compile failed: %.150s", m->log);
    g->DeleteShader(sh);
    return 0;
  }
  return sh;
}

/* One texture call of the fragment shader for offset triple off. */
static void sf_mesa_call(const sf_mesa *m, const sf_sample_batch *b, const sf_glsl_form *form, bool implicit,
                         const int off[3], char *call, size_t n) {
  const sf_surface *s = b->surf;
  bool has_off = off[0] || off[1] || off[2];
  char offs[48] = "";
  if (has_off) {
    if (form->noff == 1) snprintf(offs, sizeof offs, ", %d", off[0]);
    else if (form->noff == 2) snprintf(offs, sizeof offs, ", ivec2(%d, %d)", off[0], off[1]);
    else snprintf(offs, sizeof offs, ", ivec3(%d, %d, %d)", off[0], off[1], off[2]);
  }
  const bool cube_array_shadow = b->compare && s->desc.type == SF_SURF_CUBE_ARRAY;
  const char *o = has_off ? "Offset" : "";
  if (b->lod_query) {
    /* GLSL 4.00 names it textureQueryLod; ARB_texture_query_lod names it textureQueryLOD. */
    snprintf(call, n, "vec4(textureQuery%s(u_tex, %s), 0.0, 0.0)", m->info.gl_major >= 4 ? "Lod" : "LOD",
             form->noff == 1 ? "p0.x" : (s->desc.type == SF_SURF_2D || s->desc.type == SF_SURF_2D_ARRAY) ? "p0.xy" : "p0.xyz");
  } else if (cube_array_shadow) {
    /* samplerCubeArrayShadow takes the reference as a separate argument. */
    snprintf(call, n, "vec4(texture(u_tex, %s, p1.y))", form->coord);
  } else {
    switch (b->lod_mode) {
      case SF_LOD_GRAD:
        if (implicit) snprintf(call, n, "vec4(texture%s(u_tex, %s%s))", o, form->coord, offs);
        else snprintf(call, n, "vec4(textureGrad%s(u_tex, %s, %s, %s%s))", o, form->coord, form->dcoord_x, form->dcoord_y, offs);
        break;
      case SF_LOD_GRAD_BIAS:
        if (implicit) snprintf(call, n, "vec4(texture%s(u_tex, %s%s, p1.x))", o, form->coord, offs);
        else /* the bias is folded into the gradients */
          snprintf(call, n, "vec4(textureGrad%s(u_tex, %s, %s, %s%s))", o, form->coord, form->dcoord_x, form->dcoord_y, offs);
        break;
      case SF_LOD_EXPLICIT: snprintf(call, n, "vec4(textureLod%s(u_tex, %s, p1.x%s))", o, form->coord, offs); break;
      default: /* SF_LOD_ZERO */ snprintf(call, n, "vec4(textureLod%s(u_tex, %s, 0.0%s))", o, form->coord, offs); break;
    }
  }
}

/* Builds (or finds) the program for one (surface type, compare, op form) combination and the
 * offset triples offs[0..noffs). GLSL offsets are compile-time constants, so a lane that needs
 * offs[i] selects call i through its parameter p1.z (an if-chain; explicit LODs only: implicit
 * derivatives need one call per program, noffs == 1). One draw then serves every lane of a batch
 * whatever its offsets, and the driver compiles one shader variant for it, not one per triple. */
GLuint sf_mesa_program(sf_mesa *m, const sf_sample_batch *b, bool implicit, const int (*offs)[3], unsigned noffs,
                       sf_status *st) {
  const sf_surface *s = b->surf;
  sf_glsl_form form;
  if (!sf_mesa_form(s->desc.type, b->compare, &form)) {
    sf_fail(st, SF_UNSUPPORTED, "mesa: no GLSL form");
    return 0;
  }
  if (noffs == 0 || noffs > SF_MESA_MAX_OFFS || (implicit && noffs != 1)) {
    sf_fail(st, SF_ERR_INVALID, "mesa: %u offset triples in one program", noffs);
    return 0;
  }
  char key[SF_MESA_KEY_MAX];
  int kl = snprintf(key, sizeof key, "%u/%d/%u/%d/%d", s->desc.type, b->compare, b->lod_mode, b->lod_query, implicit);
  for (unsigned i = 0; i < noffs && kl > 0 && (size_t)kl < sizeof key; i++)
    kl += snprintf(key + kl, sizeof key - (size_t)kl, ";%d,%d,%d", offs[i][0], offs[i][1], offs[i][2]);
  uint64_t hash = XXH3_64bits(key, strlen(key));
  for (unsigned i = 0; i < m->nprogs; i++)
    if (m->progs[i].hash == hash && !strcmp(m->progs[i].key, key)) return m->progs[i].prog;

  char body[SF_MESA_MAX_OFFS * 400], call[320];
  size_t bl = 0;
  if (noffs == 1) {
    sf_mesa_call(m, b, &form, implicit, offs[0], call, sizeof call);
    bl = (size_t)snprintf(body, sizeof body, "  o_res = %s;\n", call);
  } else {
    bl = (size_t)snprintf(body, sizeof body, "  int oi = int(p1.z);\n");
    for (unsigned i = 0; i < noffs && bl < sizeof body; i++) {
      sf_mesa_call(m, b, &form, implicit, offs[i], call, sizeof call);
      bl += (size_t)snprintf(body + bl, sizeof body - bl, "  %sif (oi == %u) o_res = %s;\n", i ? "else " : "", i, call);
    }
  }
  char fs[sizeof body + 1024];
  int ver = m->info.gl_major * 10 + m->info.gl_minor;
  snprintf(fs, sizeof fs,
           "#version %s\n%s%s"
           "uniform sampler2D u_params;\n"
           "uniform %s u_tex;\n"
           "layout(location = 0) out vec4 o_res;\n"
           "layout(location = 1) out vec4 o_dx;\n"
           "layout(location = 2) out vec4 o_dy;\n"
           "void main() {\n"
           "  ivec2 pc = ivec2(gl_FragCoord.xy);\n"
           "  vec4 p0 = texelFetch(u_params, ivec2(pc.x * 4, pc.y), 0);\n"
           "  vec4 p1 = texelFetch(u_params, ivec2(pc.x * 4 + 1, pc.y), 0);\n"
           "  vec4 p2 = texelFetch(u_params, ivec2(pc.x * 4 + 2, pc.y), 0);\n"
           "  vec4 p3 = texelFetch(u_params, ivec2(pc.x * 4 + 3, pc.y), 0);\n"
           "  o_res = vec4(0.0);\n"
           "%s"
           "  o_dx = vec4(dFdx(p0.xyz), 0.0);\n"
           "  o_dy = vec4(dFdy(p0.xyz), 0.0);\n"
           "}\n",
           ver >= 45 ? "450 core" : ver >= 40 ? "400 core" : "330 core",
           ver < 40 && m->info.query_lod ? "#extension GL_ARB_texture_query_lod : enable\n" : "",
           ver < 40 && m->info.cube_array ? "#extension GL_ARB_texture_cube_map_array : enable\n" : "",
           form.sampler, body);
  sf_gl *g = &m->gl;
  GLuint vs = sf_mesa_compile(m, GL_VERTEX_SHADER, sf_mesa_vs_330, st);
  if (!vs) return 0;
  GLuint fsh = sf_mesa_compile(m, GL_FRAGMENT_SHADER, fs, st);
  if (!fsh) {
    g->DeleteShader(vs);
    return 0;
  }
  GLuint p = g->CreateProgram();
  g->AttachShader(p, vs);
  g->AttachShader(p, fsh);
  g->LinkProgram(p);
  g->DeleteShader(vs);
  g->DeleteShader(fsh);
  GLint ok = 0;
  g->GetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) {
    m->log[0] = 0;
    g->GetProgramInfoLog(p, (GLsizei)sizeof m->log, NULL, m->log);
    sf_fail(st, SF_ERR_STATE, "mesa: program link failed: %.150s", m->log);
    g->DeleteProgram(p);
    return 0;
  }
  g->UseProgram(p);
  g->Uniform1i(g->GetUniformLocation(p, "u_tex"), 0);
  g->Uniform1i(g->GetUniformLocation(p, "u_params"), 1);
  /* A full cache replaces its oldest program (a ring: first in, first out). */
  sf_mesa_prog *e;
  if (m->nprogs < SF_MESA_MAX_PROGS) {
    e = &m->progs[m->nprogs++];
  } else {
    e = &m->progs[m->prog_next];
    m->prog_next = (m->prog_next + 1) % SF_MESA_MAX_PROGS;
    g->DeleteProgram(e->prog);
  }
  snprintf(e->key, sizeof e->key, "%s", key);
  e->hash = hash;
  e->prog = p;
  return p;
}
