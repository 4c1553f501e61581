/* mesa_draw.c — the Mesa oracle's texture and sampler state, the draws (one 2x2 quad per lane or
 * implicit-derivative quad, inputs through an RGBA32F parameter texture) and the RGBA32F readback
 * into sf_sample_out (sf_mesa_sample). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/impl/mesa_int.h"


static GLenum sf_mesa_wrap(unsigned a) {
  switch (a) {
    case SF_ADDR_WRAP: return GL_REPEAT;
    case SF_ADDR_MIRROR: return GL_MIRRORED_REPEAT;
    case SF_ADDR_CLAMP: return GL_CLAMP_TO_EDGE;
    case SF_ADDR_BORDER: return GL_CLAMP_TO_BORDER;
    default: return GL_MIRROR_CLAMP_TO_EDGE;
  }
}

static GLenum sf_mesa_cmp(unsigned c) {
  static const GLenum t[8] = {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS};
  return t[c & 7u];
}

static void sf_mesa_set_sampler(sf_mesa *m, const sf_sample_batch *b) {
  sf_gl *g = &m->gl;
  const sf_sampler *s = b->samp;
  GLenum minf;
  bool lin = s->min_filter == SF_FILTER_LINEAR;
  if (s->mip_filter == SF_MIP_POINT) minf = lin ? GL_LINEAR_MIPMAP_NEAREST : GL_NEAREST_MIPMAP_NEAREST;
  else if (s->mip_filter == SF_MIP_LINEAR) minf = lin ? GL_LINEAR_MIPMAP_LINEAR : GL_NEAREST_MIPMAP_LINEAR;
  else minf = lin ? GL_LINEAR : GL_NEAREST;
  g->SamplerParameteri(m->samp, GL_TEXTURE_MIN_FILTER, (GLint)minf);
  g->SamplerParameteri(m->samp, GL_TEXTURE_MAG_FILTER, s->mag_filter == SF_FILTER_LINEAR ? GL_LINEAR : GL_NEAREST);
  /* State GL ignores is set to one fixed value: the wrap of an axis the texture does not address
   * (the layer of an array, every axis of a seamless cube) and the compare function without compare
   * mode. A driver that compiles per sampler state (llvmpipe) then compiles once where the case
   * differs only there. */
  const unsigned axes = sf_surf_type_wrap_axes(b->surf->desc.type);
  static const GLenum wrap_pname[3] = {GL_TEXTURE_WRAP_S, GL_TEXTURE_WRAP_T, GL_TEXTURE_WRAP_R};
  for (unsigned a = 0; a < 3; a++)
    g->SamplerParameteri(m->samp, wrap_pname[a], (GLint)(a < axes ? sf_mesa_wrap(s->addr[a]) : GL_CLAMP_TO_EDGE));
  g->SamplerParameterfv(m->samp, GL_TEXTURE_BORDER_COLOR, s->border);
  g->SamplerParameterf(m->samp, GL_TEXTURE_LOD_BIAS, (float)s->lod_bias / 256.0f);
  g->SamplerParameterf(m->samp, GL_TEXTURE_MIN_LOD, (float)s->min_lod / 256.0f);
  g->SamplerParameterf(m->samp, GL_TEXTURE_MAX_LOD, (float)s->max_lod / 256.0f);
  g->SamplerParameteri(m->samp, GL_TEXTURE_COMPARE_MODE, b->compare ? GL_COMPARE_REF_TO_TEXTURE : GL_NONE);
  g->SamplerParameteri(m->samp, GL_TEXTURE_COMPARE_FUNC, (GLint)(b->compare ? sf_mesa_cmp(s->compare) : GL_NEVER));
}

/* Uploads every level/slice of s verbatim (row 0 of the surface = GL t = 0). Returns the texture. */
static GLuint sf_mesa_upload(sf_mesa *m, const sf_surface *s, bool compare, sf_status *st) {
  sf_gl *g = &m->gl;
  sf_gl_fmt f;
  char why[96];
  if (!sf_mesa_gl_format(m, s->desc.format, compare, &f, why, sizeof why)) {
    sf_fail(st, SF_UNSUPPORTED, "mesa: %s", why);
    return 0;
  }
  const sf_format_info *fi = sf_format_get(s->desc.format);
  GLenum target = sf_mesa_target(s->desc.type);
  if (!fi || !target || s->desc.levels == 0 || s->desc.levels > SF_SURF_MAX_LEVELS) {
    sf_fail(st, SF_ERR_STATE, "mesa: bad surface descriptor");
    return 0;
  }
  GLuint tex = 0;
  g->GenTextures(1, &tex);
  g->ActiveTexture(GL_TEXTURE0);
  g->BindTexture(target, tex);
  g->TexParameteri(target, GL_TEXTURE_BASE_LEVEL, 0);
  g->TexParameteri(target, GL_TEXTURE_MAX_LEVEL, (GLint)s->desc.levels - 1);
  for (unsigned l = 0; l < s->desc.levels; l++) {
    const sf_level *lv = &s->levels[l];
    GLsizei w = (GLsizei)lv->w, h = (GLsizei)lv->h, d = (GLsizei)lv->d;
    if (lv->row_pitch % fi->bytes || lv->row_pitch / fi->bytes < lv->w) {
      sf_fail(st, SF_ERR_STATE, "mesa: level %u row pitch %zu is not a whole number of texels", l,
              lv->row_pitch);
      g->DeleteTextures(1, &tex);
      return 0;
    }
    g->PixelStorei(GL_UNPACK_ROW_LENGTH, (GLint)(lv->row_pitch / fi->bytes));
    g->PixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
    unsigned nslices = s->desc.type == SF_SURF_3D ? lv->d : s->slices;
    for (unsigned z = 0; z < nslices; z++) {
      size_t off = lv->offset + (size_t)z * lv->slice_pitch;
      size_t need = off + lv->row_pitch * (lv->h - 1) + (size_t)lv->w * fi->bytes;
      if (need > s->size) {
        sf_fail(st, SF_ERR_STATE, "mesa: level %u slice %u exceeds the surface storage", l, z);
        g->DeleteTextures(1, &tex);
        return 0;
      }
    }
    const uint8_t *base = s->data + lv->offset;
    switch (s->desc.type) {
      case SF_SURF_1D: g->TexImage1D(target, (GLint)l, f.internal, w, 0, f.format, f.type, base); break;
      case SF_SURF_1D_ARRAY:
        g->TexImage2D(target, (GLint)l, f.internal, w, (GLsizei)s->slices, 0, f.format, f.type, NULL);
        for (unsigned z = 0; z < s->slices; z++)
          g->TexSubImage2D(target, (GLint)l, 0, (GLint)z, w, 1, f.format, f.type, base + z * lv->slice_pitch);
        break;
      case SF_SURF_2D: g->TexImage2D(target, (GLint)l, f.internal, w, h, 0, f.format, f.type, base); break;
      case SF_SURF_CUBE:
        for (unsigned z = 0; z < 6; z++)
          g->TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + z, (GLint)l, f.internal, w, h, 0, f.format, f.type,
                        base + z * lv->slice_pitch);
        break;
      default: { /* 2D array, cube array, 3D */
        GLsizei depth = s->desc.type == SF_SURF_3D ? d : (GLsizei)s->slices;
        g->TexImage3D(target, (GLint)l, f.internal, w, h, depth, 0, f.format, f.type, NULL);
        for (GLsizei z = 0; z < depth; z++)
          g->TexSubImage3D(target, (GLint)l, 0, 0, z, w, h, 1, f.format, f.type, base + (size_t)z * lv->slice_pitch);
        break;
      }
    }
  }
  g->PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
  GLenum err = g->GetError();
  if (err != GL_NO_ERROR) {
    sf_fail(st, SF_ERR_STATE, "mesa: GL error 0x%x uploading %s", (unsigned)err, fi->name);
    g->DeleteTextures(1, &tex);
    return 0;
  }
  return tex;
}

/* (Re)allocates the render targets and parameter texture for fb_w x fb_h pixels. */
static bool sf_mesa_targets(sf_mesa *m, unsigned w, unsigned h, sf_status *st) {
  sf_gl *g = &m->gl;
  if (w <= m->fb_w && h <= m->fb_h) return true;
  if (w < m->fb_w) w = m->fb_w;
  if (h < m->fb_h) h = m->fb_h;
  g->BindFramebuffer(GL_FRAMEBUFFER, m->fbo);
  g->ActiveTexture(GL_TEXTURE2); /* a scratch unit: units 0 and 1 hold the texture and parameters */
  for (int i = 0; i < 3; i++) {
    g->BindTexture(GL_TEXTURE_2D, m->rt[i]);
    g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei)w, (GLsizei)h, 0, GL_RGBA, GL_FLOAT, NULL);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    g->FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)i, GL_TEXTURE_2D, m->rt[i], 0);
  }
  const GLenum bufs[3] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2};
  g->DrawBuffers(3, bufs);
  if (g->CheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE) {
    sf_fail(st, SF_ERR_STATE, "mesa: RGBA32F framebuffer %ux%u incomplete", w, h);
    return false;
  }
  g->BindTexture(GL_TEXTURE_2D, m->params_tex);
  g->TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei)(w * 4), (GLsizei)h, 0, GL_RGBA, GL_FLOAT, NULL);
  g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  g->TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
  g->BindTexture(GL_TEXTURE_2D, 0);
  g->ActiveTexture(GL_TEXTURE0);
  m->fb_w = w;
  m->fb_h = h;
  return g->GetError() == GL_NO_ERROR || (sf_fail(st, SF_ERR_STATE, "mesa: render target setup failed"), false);
}

/* One lane's parameters. Explicit gradients with a bias (SF_LOD_GRAD_BIAS drawn with textureGrad)
 * are scaled by 2^bias: log2(2^bias * rho) = log2(rho) + bias, exact for integer biases. */
static void sf_mesa_put_params(float *px, const sf_sample_batch *b, unsigned i, bool implicit, unsigned off) {
  float k = b->lod_mode == SF_LOD_GRAD_BIAS && !implicit ? exp2f(b->lod_or_bias[i]) : 1.0f;
  const float p[16] = {b->u[i],        b->v[i],        b->r[i],        b->ai[i], b->lod_or_bias[i], b->ref[i],
                       (float)off,     0.0f,           k * b->dudx[i], k * b->dvdx[i], k * b->drdx[i], 0.0f,
                       k * b->dudy[i], k * b->dvdy[i], k * b->drdy[i], 0.0f};
  memcpy(px, p, sizeof p);
}

/* Draws `count` units (lanes or quads) listed in refs with one program and reads the results. */
static sf_code sf_mesa_draw(sf_mesa *m, const sf_sample_batch *batches, const sf_mesa_ref *refs, size_t count,
                            bool implicit, GLuint prog, sf_sample_out *outs, sf_mesa_derivs *derivs,
                            float *params, float *rb, sf_status *st) {
  sf_gl *g = &m->gl;
  unsigned qw = count < SF_MESA_QUADS_W ? (unsigned)count : SF_MESA_QUADS_W;
  unsigned qh = (unsigned)((count + qw - 1) / qw);
  unsigned w = qw * 2, h = qh * 2;
  if (!sf_mesa_targets(m, w, h, st)) return st ? st->code : SF_ERR_STATE;
  memset(params, 0, sizeof(float) * 16u * w * h);
  for (size_t k = 0; k < count; k++) {
    unsigned qx = (unsigned)(k % qw), qy = (unsigned)(k / qw);
    const sf_sample_batch *b = &batches[refs[k].batch];
    for (unsigned p = 0; p < 4; p++) {
      unsigned x = qx * 2 + (p & 1u), y = qy * 2 + (p >> 1);
      unsigned lane = implicit ? refs[k].lane + p : refs[k].lane;
      sf_mesa_put_params(params + ((size_t)y * w + x) * 16u, b, lane, implicit, refs[k].off);
    }
  }
  g->ActiveTexture(GL_TEXTURE1);
  g->BindTexture(GL_TEXTURE_2D, m->params_tex);
  g->TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, (GLsizei)(w * 4), (GLsizei)h, GL_RGBA, GL_FLOAT, params);
  g->ActiveTexture(GL_TEXTURE0);
  g->UseProgram(prog);
  g->BindFramebuffer(GL_FRAMEBUFFER, m->fbo);
  g->BindVertexArray(m->vao);
  g->Viewport(0, 0, (GLsizei)w, (GLsizei)h);
  g->DrawArrays(GL_TRIANGLES, 0, 3);
  for (int rt = 0; rt < (implicit ? 3 : 1); rt++) {
    g->ReadBuffer(GL_COLOR_ATTACHMENT0 + (GLenum)rt);
    g->ReadPixels(0, 0, (GLsizei)w, (GLsizei)h, GL_RGBA, GL_FLOAT, rb);
    for (size_t k = 0; k < count; k++) {
      unsigned qx = (unsigned)(k % qw), qy = (unsigned)(k / qw);
      const sf_mesa_ref *r = &refs[k];
      const sf_sample_batch *b = &batches[r->batch];
      for (unsigned p = 0; p < (implicit ? 4u : 1u); p++) {
        unsigned x = qx * 2 + (p & 1u), y = qy * 2 + (p >> 1);
        unsigned lane = r->lane + p;
        const float *px = rb + ((size_t)y * w + x) * 4u;
        if (rt == 0) {
          for (int c = 0; c < 4; c++) {
            float v = b->compare && !b->lod_query ? px[0] : px[c];
            memcpy(&outs[r->batch].v[c][lane], &v, 4);
          }
        } else if (derivs) {
          for (int c = 0; c < 3; c++) {
            if (rt == 1) derivs[r->batch].dx[c][lane] = px[c];
            else derivs[r->batch].dy[c][lane] = px[c];
          }
        }
      }
    }
  }
  GLenum err = g->GetError();
  if (err != GL_NO_ERROR) return sf_fail(st, SF_ERR_STATE, "mesa: GL error 0x%x in draw/readback", (unsigned)err);
  return SF_OK;
}

sf_code sf_mesa_sample(sf_mesa *m, const sf_sample_batch *batches, size_t nb, bool implicit,
                       sf_sample_out *outs, sf_mesa_derivs *derivs, sf_status *st) {
  if (!m || !batches || !outs) return sf_fail(st, SF_ERR_INVALID, "mesa: NULL argument");
  if (nb == 0) return SF_OK;
  if (nb > SF_MESA_MAX_BATCHES) return sf_fail(st, SF_ERR_LIMIT, "mesa: %zu batches (max %u)", nb, SF_MESA_MAX_BATCHES);
  const sf_sample_batch *b0 = &batches[0];
  char why[160];
  for (size_t i = 0; i < nb; i++) {
    const sf_sample_batch *b = &batches[i];
    if (b->surf != b0->surf || b->samp != b0->samp || b->lod_mode != b0->lod_mode || b->compare != b0->compare ||
        b->lod_query != b0->lod_query)
      return sf_fail(st, SF_ERR_INVALID, "mesa: batch %zu differs in surface/sampler/mode from batch 0", i);
    if (!sf_mesa_supports(m, b, implicit, why, sizeof why))
      return sf_fail(st, SF_UNSUPPORTED, "mesa: batch %zu: %s", i, why);
  }
  memset(outs, 0, sizeof *outs * nb);
  if (derivs) memset(derivs, 0, sizeof *derivs * nb);
  /* Units to draw: lanes (explicit) or quads (implicit). */
  size_t cap = nb * SF_MAX_LANES;
  sf_mesa_ref *refs = malloc(sizeof *refs * cap);
  uint8_t *done = calloc(cap, 1);
  size_t units = cap < SF_MESA_MAX_QUADS ? cap : SF_MESA_MAX_QUADS;
  size_t maxpx = (units + SF_MESA_QUADS_W) * 4u;
  float *params = malloc(sizeof(float) * 16u * maxpx);
  float *rb = malloc(sizeof(float) * 4u * maxpx);
  sf_code rc = SF_OK;
  if (!refs || !done || !params || !rb) {
    rc = sf_fail(st, SF_ERR_NOMEM, "mesa: out of memory");
    goto out;
  }
  GLuint tex = sf_mesa_upload(m, b0->surf, b0->compare, st);
  if (!tex) {
    rc = st ? st->code : SF_ERR_STATE;
    goto out;
  }
  sf_mesa_set_sampler(m, b0);
  m->gl.BindSampler(0, m->samp);
  unsigned step = implicit ? 4u : 1u;
  /* Each pass draws every lane whose offset triple is among the pass's first SF_MESA_MAX_OFFS
   * distinct ones (one with implicit derivatives): GLSL offsets are compile-time constants, and
   * the program selects a lane's triple by index (sf_mesa_program). */
  const unsigned max_offs = implicit ? 1u : SF_MESA_MAX_OFFS;
  for (;;) {
    int offs[SF_MESA_MAX_OFFS][3];
    unsigned noffs = 0;
    size_t count = 0;
    for (size_t i = 0; i < nb; i++) {
      const sf_sample_batch *b = &batches[i];
      for (unsigned l = 0; l + step <= b->n; l += step) {
        if (!((b->lanes >> l) & 1u) || done[i * SF_MAX_LANES + l]) continue;
        int o[3] = {b->off_u[l], b->off_v[l], b->off_r[l]};
        unsigned k = 0;
        while (k < noffs && memcmp(o, offs[k], sizeof o)) k++;
        if (k == noffs) {
          if (noffs == max_offs) continue;   /* a later pass */
          memcpy(offs[noffs++], o, sizeof o);
        }
        /* An implicit quad draws with lane 4q's offset for all four lanes. */
        done[i * SF_MAX_LANES + l] = 1;
        refs[count++] = (sf_mesa_ref){(uint32_t)i, (uint8_t)l, (uint8_t)k};
      }
    }
    if (!noffs) break;
    GLuint prog = sf_mesa_program(m, b0, implicit, offs, noffs, st);
    if (!prog) {
      rc = st ? st->code : SF_ERR_STATE;
      break;
    }
    for (size_t k = 0; k < count && rc == SF_OK; k += SF_MESA_MAX_QUADS) {
      size_t c = count - k < SF_MESA_MAX_QUADS ? count - k : SF_MESA_MAX_QUADS;
      rc = sf_mesa_draw(m, batches, refs + k, c, implicit, prog, outs, derivs, params, rb, st);
    }
    if (rc != SF_OK) break;
  }
  m->gl.BindSampler(0, 0);
  m->gl.DeleteTextures(1, &tex);
out:
  free(refs);
  free(done);
  free(params);
  free(rb);
  return rc;
}
