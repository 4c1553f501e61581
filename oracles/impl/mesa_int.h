/* mesa_int.h — private to oracles/impl/mesa_*.c: Mesa llvmpipe / softpipe as an external numeric oracle.
 *
 * A headless EGL surfaceless OpenGL context (docs/precision-model.md): libEGL and libGL
 * are dlopen()ed and every entry point comes from eglGetProcAddress, so libsamplefuzz has no link
 * dependency on Mesa. A call turns sf_sample_batch lanes into one fullscreen-triangle draw per
 * distinct offset triple: each lane (explicit LOD / gradients) or each 4-lane quad (implicit
 * derivatives) occupies a 2x2 pixel quad; the per-pixel inputs come from an RGBA32F parameter
 * texture with texelFetch; the result and dFdx/dFdy of the coordinate are written to three RGBA32F
 * render targets and read back with glReadPixels(GL_FLOAT). The D3D/vISA -> GL mapping is the table
 * in docs/oracle-mesa.md (address modes, filters, LOD bias/min/max, compare convention).
 *
 * The oracle is three files: mesa_ctx.c (loading, context), mesa_glsl.c (classification, programs)
 * and mesa_draw.c (state, draws, readback). This header holds what they share. */
#ifndef SF_MESA_INT_H
#define SF_MESA_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>

#include "samplefuzz/external.h"

#ifndef GL_SR8_EXT

#define GL_SR8_EXT 0x8FBD

#endif

#ifndef GL_SRG8_EXT

#define GL_SRG8_EXT 0x8FBE

#endif

#define SF_MESA_MAX_PROGS 512u    /* programs kept (a ring); each holds the driver's compiled variants */

#define SF_MESA_MAX_OFFS 16u      /* offset triples one program selects from; more take further draws */

#define SF_MESA_KEY_MAX (32u + 16u * SF_MESA_MAX_OFFS)

#define SF_MESA_QUADS_W 256u        /* quads per framebuffer row */

#define SF_MESA_MAX_QUADS (256u * 256u)  /* quads per draw */

#define SF_MESA_LOG_MAX 1024u

/* The GL entry points used (all from eglGetProcAddress). */
typedef struct sf_gl {
  PFNGLGETSTRINGPROC GetString;
  PFNGLGETSTRINGIPROC GetStringi;
  PFNGLGETINTEGERVPROC GetIntegerv;
  PFNGLGETERRORPROC GetError;
  PFNGLENABLEPROC Enable;
  PFNGLGENTEXTURESPROC GenTextures;
  PFNGLDELETETEXTURESPROC DeleteTextures;
  PFNGLBINDTEXTUREPROC BindTexture;
  PFNGLACTIVETEXTUREPROC ActiveTexture;
  PFNGLTEXIMAGE1DPROC TexImage1D;
  PFNGLTEXIMAGE2DPROC TexImage2D;
  PFNGLTEXIMAGE3DPROC TexImage3D;
  PFNGLTEXSUBIMAGE1DPROC TexSubImage1D;
  PFNGLTEXSUBIMAGE2DPROC TexSubImage2D;
  PFNGLTEXSUBIMAGE3DPROC TexSubImage3D;
  PFNGLTEXPARAMETERIPROC TexParameteri;
  PFNGLPIXELSTOREIPROC PixelStorei;
  PFNGLGENSAMPLERSPROC GenSamplers;
  PFNGLDELETESAMPLERSPROC DeleteSamplers;
  PFNGLBINDSAMPLERPROC BindSampler;
  PFNGLSAMPLERPARAMETERIPROC SamplerParameteri;
  PFNGLSAMPLERPARAMETERFPROC SamplerParameterf;
  PFNGLSAMPLERPARAMETERFVPROC SamplerParameterfv;
  PFNGLCREATESHADERPROC CreateShader;
  PFNGLSHADERSOURCEPROC ShaderSource;
  PFNGLCOMPILESHADERPROC CompileShader;
  PFNGLGETSHADERIVPROC GetShaderiv;
  PFNGLGETSHADERINFOLOGPROC GetShaderInfoLog;
  PFNGLDELETESHADERPROC DeleteShader;
  PFNGLCREATEPROGRAMPROC CreateProgram;
  PFNGLATTACHSHADERPROC AttachShader;
  PFNGLLINKPROGRAMPROC LinkProgram;
  PFNGLGETPROGRAMIVPROC GetProgramiv;
  PFNGLGETPROGRAMINFOLOGPROC GetProgramInfoLog;
  PFNGLDELETEPROGRAMPROC DeleteProgram;
  PFNGLUSEPROGRAMPROC UseProgram;
  PFNGLGETUNIFORMLOCATIONPROC GetUniformLocation;
  PFNGLUNIFORM1IPROC Uniform1i;
  PFNGLGENVERTEXARRAYSPROC GenVertexArrays;
  PFNGLDELETEVERTEXARRAYSPROC DeleteVertexArrays;
  PFNGLBINDVERTEXARRAYPROC BindVertexArray;
  PFNGLGENFRAMEBUFFERSPROC GenFramebuffers;
  PFNGLDELETEFRAMEBUFFERSPROC DeleteFramebuffers;
  PFNGLBINDFRAMEBUFFERPROC BindFramebuffer;
  PFNGLFRAMEBUFFERTEXTURE2DPROC FramebufferTexture2D;
  PFNGLCHECKFRAMEBUFFERSTATUSPROC CheckFramebufferStatus;
  PFNGLDRAWBUFFERSPROC DrawBuffers;
  PFNGLREADBUFFERPROC ReadBuffer;
  PFNGLVIEWPORTPROC Viewport;
  PFNGLDRAWARRAYSPROC DrawArrays;
  PFNGLREADPIXELSPROC ReadPixels;
  PFNGLFINISHPROC Finish;
} sf_gl;

typedef EGLDisplay (*sf_pfn_get_platform_display)(EGLenum, void *, const EGLint *);

typedef EGLBoolean (*sf_pfn_initialize)(EGLDisplay, EGLint *, EGLint *);

typedef EGLBoolean (*sf_pfn_terminate)(EGLDisplay);

typedef EGLBoolean (*sf_pfn_bind_api)(EGLenum);

typedef EGLContext (*sf_pfn_create_context)(EGLDisplay, EGLConfig, EGLContext, const EGLint *);

typedef EGLBoolean (*sf_pfn_destroy_context)(EGLDisplay, EGLContext);

typedef EGLBoolean (*sf_pfn_make_current)(EGLDisplay, EGLSurface, EGLSurface, EGLContext);

typedef EGLint (*sf_pfn_get_error)(void);

typedef void (*(*sf_pfn_get_proc)(const char *))(void);

typedef const char *(*sf_pfn_query_string)(EGLDisplay, EGLint);

typedef struct sf_egl {
  sf_pfn_get_platform_display GetPlatformDisplay;
  sf_pfn_initialize Initialize;
  sf_pfn_terminate Terminate;
  sf_pfn_bind_api BindAPI;
  sf_pfn_create_context CreateContext;
  sf_pfn_destroy_context DestroyContext;
  sf_pfn_make_current MakeCurrent;
  sf_pfn_get_error GetError;
  sf_pfn_get_proc GetProcAddress;
  sf_pfn_query_string QueryString;
} sf_egl;

typedef struct sf_mesa_prog {
  char key[SF_MESA_KEY_MAX];
  uint64_t hash;
  GLuint prog;
} sf_mesa_prog;

struct sf_mesa {
  void *egl_lib, *gl_lib;
  sf_egl egl;
  sf_gl gl;
  EGLDisplay dpy;
  EGLContext ctx;
  sf_mesa_info info;
  GLuint vao, fbo, rt[3], params_tex, samp;
  unsigned fb_w, fb_h;      /* allocated render-target size */
  unsigned nprogs, prog_next;   /* programs cached; the slot a full cache replaces next */
  sf_mesa_prog progs[SF_MESA_MAX_PROGS];
  char log[SF_MESA_LOG_MAX];
};

typedef struct sf_gl_fmt {
  GLint internal;
  GLenum format, type;
} sf_gl_fmt;

/* GLSL sampler type and coordinate expression for a surface type. */
typedef struct sf_glsl_form {
  const char *sampler;     /* GLSL sampler type */
  const char *coord;       /* coordinate expression (without the reference) */
  const char *dcoord_x, *dcoord_y;  /* gradient expressions */
  const char *offset_type; /* "int", "ivec2", "ivec3" or NULL (no offsets) */
  int noff;                /* offset components */
} sf_glsl_form;

/* One lane reference: batch index and lane. */
typedef struct sf_mesa_ref {
  uint32_t batch;
  uint8_t lane;
  uint8_t off;   /* which offset triple of the draw's program the lane uses */
} sf_mesa_ref;

bool sf_mesa_gl_format(const sf_mesa *m, unsigned fmt, bool compare, sf_gl_fmt *f, char *why, size_t n);
GLenum sf_mesa_target(unsigned type);
GLuint sf_mesa_program(sf_mesa *m, const sf_sample_batch *b, bool implicit, const int (*offs)[3], unsigned noffs,
                       sf_status *st);

#endif
