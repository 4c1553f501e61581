/* mesa.c — Mesa llvmpipe / softpipe as an external numeric oracle (issue 8 item 1).
 *
 * A headless EGL surfaceless OpenGL context (reference/sampler-semantics.md §5.1): libEGL and libGL
 * are dlopen()ed and every entry point comes from eglGetProcAddress, so libsamplefuzz has no link
 * dependency on Mesa. A call turns sf_sample_batch lanes into one fullscreen-triangle draw per
 * distinct offset triple: each lane (explicit LOD / gradients) or each 4-lane quad (implicit
 * derivatives) occupies a 2x2 pixel quad; the per-pixel inputs come from an RGBA32F parameter
 * texture with texelFetch; the result and dFdx/dFdy of the coordinate are written to three RGBA32F
 * render targets and read back with glReadPixels(GL_FLOAT). The D3D/vISA -> GL mapping is the table
 * in docs/oracle-mesa.md (address modes, filters, LOD bias/min/max, compare convention). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

#define SF_MESA_MAX_PROGS 64u
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
  char key[96];
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
  unsigned nprogs;
  sf_mesa_prog progs[SF_MESA_MAX_PROGS];
  char log[SF_MESA_LOG_MAX];
};

/* ---- names ------------------------------------------------------------------------------------ */

const char *sf_mesa_driver_name(sf_mesa_driver d) {
  return d == SF_MESA_SOFTPIPE ? "softpipe" : "llvmpipe";
}

bool sf_mesa_driver_parse(const char *name, sf_mesa_driver *out) {
  if (!name) return false;
  if (!strcmp(name, "llvmpipe")) {
    *out = SF_MESA_LLVMPIPE;
    return true;
  }
  if (!strcmp(name, "softpipe")) {
    *out = SF_MESA_SOFTPIPE;
    return true;
  }
  return false;
}

const sf_mesa_info *sf_mesa_get_info(const sf_mesa *m) { return m ? &m->info : NULL; }

/* ---- loading ---------------------------------------------------------------------------------- */

static void *sf_mesa_sym(void *lib, const char *name) { return lib ? dlsym(lib, name) : NULL; }

static bool sf_mesa_load_egl(sf_mesa *m, sf_status *st) {
  m->egl_lib = dlopen("libEGL.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!m->egl_lib) {
    const char *e = dlerror();
    sf_fail(st, SF_UNSUPPORTED, "mesa: cannot load libEGL.so.1 (%s); install libegl1 + libegl-mesa0",
            e ? e : "?");
    return false;
  }
  /* libGL is loaded so that the GL dispatch is present for the context; entry points still come
   * from eglGetProcAddress. */
  m->gl_lib = dlopen("libGL.so.1", RTLD_NOW | RTLD_GLOBAL);
  if (!m->gl_lib) m->gl_lib = dlopen("libOpenGL.so.0", RTLD_NOW | RTLD_GLOBAL);
  sf_egl *e = &m->egl;
  /* dlsym returns void *; converting through a union keeps -Wpedantic quiet about the cast. */
#define SF_EGL_LOAD(field, name)                                        \
  do {                                                                  \
    void *p_ = sf_mesa_sym(m->egl_lib, name);                           \
    if (!p_) {                                                          \
      sf_fail(st, SF_UNSUPPORTED, "mesa: libEGL lacks %s", name);       \
      return false;                                                     \
    }                                                                   \
    memcpy(&e->field, &p_, sizeof p_);                                  \
  } while (0)
  SF_EGL_LOAD(Initialize, "eglInitialize");
  SF_EGL_LOAD(Terminate, "eglTerminate");
  SF_EGL_LOAD(BindAPI, "eglBindAPI");
  SF_EGL_LOAD(CreateContext, "eglCreateContext");
  SF_EGL_LOAD(DestroyContext, "eglDestroyContext");
  SF_EGL_LOAD(MakeCurrent, "eglMakeCurrent");
  SF_EGL_LOAD(GetError, "eglGetError");
  SF_EGL_LOAD(GetProcAddress, "eglGetProcAddress");
  SF_EGL_LOAD(QueryString, "eglQueryString");
#undef SF_EGL_LOAD
  void *gpd = sf_mesa_sym(m->egl_lib, "eglGetPlatformDisplay");
  if (!gpd) {
    void (*f)(void) = e->GetProcAddress("eglGetPlatformDisplayEXT");
    memcpy(&gpd, &f, sizeof gpd);
  }
  if (!gpd) {
    sf_fail(st, SF_UNSUPPORTED, "mesa: EGL has no eglGetPlatformDisplay(EXT)");
    return false;
  }
  memcpy(&e->GetPlatformDisplay, &gpd, sizeof gpd);
  return true;
}

static bool sf_mesa_load_gl(sf_mesa *m, sf_status *st) {
  sf_gl *g = &m->gl;
#define SF_GL_LOAD(field, name)                                          \
  do {                                                                   \
    void (*f_)(void) = m->egl.GetProcAddress(name);                      \
    if (!f_) {                                                           \
      sf_fail(st, SF_UNSUPPORTED, "mesa: GL entry point %s missing", name); \
      return false;                                                      \
    }                                                                    \
    memcpy(&g->field, &f_, sizeof f_);                                   \
  } while (0)
  SF_GL_LOAD(GetString, "glGetString");
  SF_GL_LOAD(GetStringi, "glGetStringi");
  SF_GL_LOAD(GetIntegerv, "glGetIntegerv");
  SF_GL_LOAD(GetError, "glGetError");
  SF_GL_LOAD(Enable, "glEnable");
  SF_GL_LOAD(GenTextures, "glGenTextures");
  SF_GL_LOAD(DeleteTextures, "glDeleteTextures");
  SF_GL_LOAD(BindTexture, "glBindTexture");
  SF_GL_LOAD(ActiveTexture, "glActiveTexture");
  SF_GL_LOAD(TexImage1D, "glTexImage1D");
  SF_GL_LOAD(TexImage2D, "glTexImage2D");
  SF_GL_LOAD(TexImage3D, "glTexImage3D");
  SF_GL_LOAD(TexSubImage1D, "glTexSubImage1D");
  SF_GL_LOAD(TexSubImage2D, "glTexSubImage2D");
  SF_GL_LOAD(TexSubImage3D, "glTexSubImage3D");
  SF_GL_LOAD(TexParameteri, "glTexParameteri");
  SF_GL_LOAD(PixelStorei, "glPixelStorei");
  SF_GL_LOAD(GenSamplers, "glGenSamplers");
  SF_GL_LOAD(DeleteSamplers, "glDeleteSamplers");
  SF_GL_LOAD(BindSampler, "glBindSampler");
  SF_GL_LOAD(SamplerParameteri, "glSamplerParameteri");
  SF_GL_LOAD(SamplerParameterf, "glSamplerParameterf");
  SF_GL_LOAD(SamplerParameterfv, "glSamplerParameterfv");
  SF_GL_LOAD(CreateShader, "glCreateShader");
  SF_GL_LOAD(ShaderSource, "glShaderSource");
  SF_GL_LOAD(CompileShader, "glCompileShader");
  SF_GL_LOAD(GetShaderiv, "glGetShaderiv");
  SF_GL_LOAD(GetShaderInfoLog, "glGetShaderInfoLog");
  SF_GL_LOAD(DeleteShader, "glDeleteShader");
  SF_GL_LOAD(CreateProgram, "glCreateProgram");
  SF_GL_LOAD(AttachShader, "glAttachShader");
  SF_GL_LOAD(LinkProgram, "glLinkProgram");
  SF_GL_LOAD(GetProgramiv, "glGetProgramiv");
  SF_GL_LOAD(GetProgramInfoLog, "glGetProgramInfoLog");
  SF_GL_LOAD(DeleteProgram, "glDeleteProgram");
  SF_GL_LOAD(UseProgram, "glUseProgram");
  SF_GL_LOAD(GetUniformLocation, "glGetUniformLocation");
  SF_GL_LOAD(Uniform1i, "glUniform1i");
  SF_GL_LOAD(GenVertexArrays, "glGenVertexArrays");
  SF_GL_LOAD(DeleteVertexArrays, "glDeleteVertexArrays");
  SF_GL_LOAD(BindVertexArray, "glBindVertexArray");
  SF_GL_LOAD(GenFramebuffers, "glGenFramebuffers");
  SF_GL_LOAD(DeleteFramebuffers, "glDeleteFramebuffers");
  SF_GL_LOAD(BindFramebuffer, "glBindFramebuffer");
  SF_GL_LOAD(FramebufferTexture2D, "glFramebufferTexture2D");
  SF_GL_LOAD(CheckFramebufferStatus, "glCheckFramebufferStatus");
  SF_GL_LOAD(DrawBuffers, "glDrawBuffers");
  SF_GL_LOAD(ReadBuffer, "glReadBuffer");
  SF_GL_LOAD(Viewport, "glViewport");
  SF_GL_LOAD(DrawArrays, "glDrawArrays");
  SF_GL_LOAD(ReadPixels, "glReadPixels");
  SF_GL_LOAD(Finish, "glFinish");
#undef SF_GL_LOAD
  return true;
}

static bool sf_mesa_has_ext(sf_mesa *m, const char *name) {
  GLint n = 0;
  m->gl.GetIntegerv(GL_NUM_EXTENSIONS, &n);
  for (GLint i = 0; i < n && i < 4096; i++) {
    const GLubyte *s = m->gl.GetStringi(GL_EXTENSIONS, (GLuint)i);
    if (s && !strcmp((const char *)s, name)) return true;
  }
  return false;
}

static void sf_mesa_copy_str(char *dst, size_t n, const GLubyte *s) {
  snprintf(dst, n, "%s", s ? (const char *)s : "?");
}

void sf_mesa_close(sf_mesa *m) {
  if (!m) return;
  if (m->ctx != EGL_NO_CONTEXT && m->egl.MakeCurrent) {
    sf_gl *g = &m->gl;
    if (g->DeleteProgram)
      for (unsigned i = 0; i < m->nprogs; i++) g->DeleteProgram(m->progs[i].prog);
    if (g->DeleteTextures) {
      g->DeleteTextures(3, m->rt);
      g->DeleteTextures(1, &m->params_tex);
    }
    if (g->DeleteFramebuffers) g->DeleteFramebuffers(1, &m->fbo);
    if (g->DeleteVertexArrays) g->DeleteVertexArrays(1, &m->vao);
    if (g->DeleteSamplers) g->DeleteSamplers(1, &m->samp);
    m->egl.MakeCurrent(m->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    m->egl.DestroyContext(m->dpy, m->ctx);
  }
  /* Neither eglTerminate nor dlclose: terminating unloads the gallium driver, whose allocations
   * LeakSanitizer then reports from an unknown module, and Mesa keeps thread-local and atexit state
   * that must stay mapped. The display stays initialised for the life of the process (so the
   * driver chosen first stays the driver of the process; see sf_mesa_open). */
  free(m);
}

sf_code sf_mesa_open(sf_mesa **out, sf_mesa_driver driver, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "mesa: out is NULL");
  *out = NULL;
  if (driver != SF_MESA_LLVMPIPE && driver != SF_MESA_SOFTPIPE)
    return sf_fail(st, SF_ERR_INVALID, "mesa: unknown driver %d", (int)driver);
  sf_mesa *m = calloc(1, sizeof *m);
  if (!m) return sf_fail(st, SF_ERR_NOMEM, "mesa: out of memory");
  m->dpy = EGL_NO_DISPLAY;
  m->ctx = EGL_NO_CONTEXT;
  m->info.driver = driver;
  /* Mesa reads these when the display is initialised (sf_mesa_open documents them). */
  setenv("GALLIUM_DRIVER", sf_mesa_driver_name(driver), 1);
  setenv("LIBGL_ALWAYS_SOFTWARE", "1", 1);
  setenv("GALLIVM_PERF", "no_aos_sampling", 0);
  if (!sf_mesa_load_egl(m, st)) {
    sf_mesa_close(m);
    return st ? st->code : SF_UNSUPPORTED;
  }
  m->dpy = m->egl.GetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
  EGLint maj = 0, min = 0;
  if (m->dpy == EGL_NO_DISPLAY || !m->egl.Initialize(m->dpy, &maj, &min)) {
    sf_fail(st, SF_UNSUPPORTED, "mesa: no EGL surfaceless display (eglGetError 0x%x)",
            (unsigned)m->egl.GetError());
    m->dpy = EGL_NO_DISPLAY;
    sf_mesa_close(m);
    return SF_UNSUPPORTED;
  }
  if (!m->egl.BindAPI(EGL_OPENGL_API)) {
    sf_fail(st, SF_UNSUPPORTED, "mesa: eglBindAPI(EGL_OPENGL_API) failed");
    sf_mesa_close(m);
    return SF_UNSUPPORTED;
  }
  /* 4.5 core first (llvmpipe), then 3.3 core (softpipe). */
  static const int versions[][2] = {{4, 5}, {4, 0}, {3, 3}};
  for (size_t i = 0; i < sizeof versions / sizeof versions[0] && m->ctx == EGL_NO_CONTEXT; i++) {
    const EGLint attr[] = {EGL_CONTEXT_MAJOR_VERSION, versions[i][0], EGL_CONTEXT_MINOR_VERSION,
                           versions[i][1], EGL_CONTEXT_OPENGL_PROFILE_MASK,
                           EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
    m->ctx = m->egl.CreateContext(m->dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attr);
  }
  if (m->ctx == EGL_NO_CONTEXT) {
    sf_fail(st, SF_UNSUPPORTED, "mesa: no GL >= 3.3 core context on %s (eglGetError 0x%x)",
            sf_mesa_driver_name(driver), (unsigned)m->egl.GetError());
    sf_mesa_close(m);
    return SF_UNSUPPORTED;
  }
  if (!m->egl.MakeCurrent(m->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, m->ctx)) {
    sf_fail(st, SF_UNSUPPORTED, "mesa: eglMakeCurrent failed (0x%x)", (unsigned)m->egl.GetError());
    m->egl.DestroyContext(m->dpy, m->ctx);
    m->ctx = EGL_NO_CONTEXT;
    sf_mesa_close(m);
    return SF_UNSUPPORTED;
  }
  if (!sf_mesa_load_gl(m, st)) {
    sf_mesa_close(m);
    return SF_UNSUPPORTED;
  }
  sf_gl *g = &m->gl;
  sf_mesa_copy_str(m->info.renderer, sizeof m->info.renderer, g->GetString(GL_RENDERER));
  sf_mesa_copy_str(m->info.version, sizeof m->info.version, g->GetString(GL_VERSION));
  g->GetIntegerv(GL_MAJOR_VERSION, &m->info.gl_major);
  g->GetIntegerv(GL_MINOR_VERSION, &m->info.gl_minor);
  if (!strstr(m->info.renderer, sf_mesa_driver_name(driver))) {
    sf_fail(st, SF_UNSUPPORTED,
            "mesa: asked for %s, got renderer \"%s\" (one gallium driver per process: use a new process)",
            sf_mesa_driver_name(driver), m->info.renderer);
    sf_mesa_close(m);
    return SF_UNSUPPORTED;
  }
  int ver = m->info.gl_major * 10 + m->info.gl_minor;
  m->info.query_lod = ver >= 40 || sf_mesa_has_ext(m, "GL_ARB_texture_query_lod");
  m->info.cube_array = ver >= 40 || sf_mesa_has_ext(m, "GL_ARB_texture_cube_map_array");
  m->info.mirror_clamp = ver >= 44 || sf_mesa_has_ext(m, "GL_ARB_texture_mirror_clamp_to_edge") ||
                         sf_mesa_has_ext(m, "GL_EXT_texture_mirror_clamp");
  m->info.srgb_r8 = sf_mesa_has_ext(m, "GL_EXT_texture_sRGB_R8");
  m->info.srgb_rg8 = sf_mesa_has_ext(m, "GL_EXT_texture_sRGB_RG8");
  g->GetIntegerv(GL_MIN_PROGRAM_TEXEL_OFFSET, &m->info.min_offset);
  g->GetIntegerv(GL_MAX_PROGRAM_TEXEL_OFFSET, &m->info.max_offset);

  g->Enable(GL_TEXTURE_CUBE_MAP_SEAMLESS);
  g->GenVertexArrays(1, &m->vao);
  g->GenFramebuffers(1, &m->fbo);
  g->GenTextures(3, m->rt);
  g->GenTextures(1, &m->params_tex);
  g->GenSamplers(1, &m->samp);
  g->PixelStorei(GL_UNPACK_ALIGNMENT, 1);
  g->PixelStorei(GL_PACK_ALIGNMENT, 4);
  GLenum err = g->GetError();
  if (err != GL_NO_ERROR) {
    sf_fail(st, SF_UNSUPPORTED, "mesa: GL error 0x%x during setup", (unsigned)err);
    sf_mesa_close(m);
    return SF_UNSUPPORTED;
  }
  *out = m;
  return SF_OK;
}

/* ---- request classification ------------------------------------------------------------------ */

typedef struct sf_gl_fmt {
  GLint internal;
  GLenum format, type;
} sf_gl_fmt;

static bool sf_mesa_gl_format(const sf_mesa *m, unsigned fmt, sf_gl_fmt *f, char *why, size_t n) {
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

static GLenum sf_mesa_target(unsigned type) {
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

/* GLSL sampler type and coordinate expression for a surface type. */
typedef struct sf_glsl_form {
  const char *sampler;     /* GLSL sampler type */
  const char *coord;       /* coordinate expression (without the reference) */
  const char *dcoord_x, *dcoord_y;  /* gradient expressions */
  const char *offset_type; /* "int", "ivec2", "ivec3" or NULL (no offsets) */
  int noff;                /* offset components */
} sf_glsl_form;

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
  if (!sf_mesa_gl_format(m, s->desc.format, &f, why, n)) return false;
  if (s->desc.type == SF_SURF_CUBE_ARRAY && !m->info.cube_array)
    return sf_mesa_why(why, n, "cube arrays need GL 4.0 / ARB_texture_cube_map_array");
  sf_glsl_form form;
  if (!sf_mesa_form(s->desc.type, b->compare, &form))
    return sf_mesa_why(why, n, "%s%s has no GL sampler type", sf_surf_type_name(s->desc.type),
                       b->compare ? " + compare" : "");
  if (b->compare && s->desc.format != SF_FMT_D32F)
    return sf_mesa_why(why, n, "depth compare needs a depth format in GL (got %s)",
                       sf_format_get(s->desc.format)->name);
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
      if (!implicit) return sf_mesa_why(why, n, "textureGrad takes no per-lane bias");
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

/* ---- shaders ---------------------------------------------------------------------------------- */

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

/* Builds (or finds) the program for one (surface type, compare, op form, offset) combination. */
static GLuint sf_mesa_program(sf_mesa *m, const sf_sample_batch *b, bool implicit, const int off[3],
                              sf_status *st) {
  const sf_surface *s = b->surf;
  sf_glsl_form form;
  if (!sf_mesa_form(s->desc.type, b->compare, &form)) {
    sf_fail(st, SF_UNSUPPORTED, "mesa: no GLSL form");
    return 0;
  }
  bool has_off = off[0] || off[1] || off[2];
  char key[96];
  snprintf(key, sizeof key, "%u/%d/%u/%d/%d/%d,%d,%d", s->desc.type, b->compare, b->lod_mode,
           b->lod_query, implicit, off[0], off[1], off[2]);
  for (unsigned i = 0; i < m->nprogs; i++)
    if (!strcmp(m->progs[i].key, key)) return m->progs[i].prog;

  char offs[48] = "";
  if (has_off) {
    if (form.noff == 1) snprintf(offs, sizeof offs, ", %d", off[0]);
    else if (form.noff == 2) snprintf(offs, sizeof offs, ", ivec2(%d, %d)", off[0], off[1]);
    else snprintf(offs, sizeof offs, ", ivec3(%d, %d, %d)", off[0], off[1], off[2]);
  }
  const bool cube_array_shadow = b->compare && s->desc.type == SF_SURF_CUBE_ARRAY;
  char call[320];
  const char *o = has_off ? "Offset" : "";
  if (b->lod_query) {
    /* GLSL 4.00 names it textureQueryLod; ARB_texture_query_lod names it textureQueryLOD. */
    snprintf(call, sizeof call, "vec4(textureQuery%s(u_tex, %s), 0.0, 0.0)",
             m->info.gl_major >= 4 ? "Lod" : "LOD",
             form.noff == 1 ? "p0.x" : (s->desc.type == SF_SURF_2D || s->desc.type == SF_SURF_2D_ARRAY) ? "p0.xy" : "p0.xyz");
  } else if (cube_array_shadow) {
    /* samplerCubeArrayShadow takes the reference as a separate argument. */
    snprintf(call, sizeof call, "vec4(texture(u_tex, %s, p1.y))", form.coord);
  } else {
    switch (b->lod_mode) {
      case SF_LOD_GRAD:
        if (implicit) snprintf(call, sizeof call, "vec4(texture%s(u_tex, %s%s))", o, form.coord, offs);
        else
          snprintf(call, sizeof call, "vec4(textureGrad%s(u_tex, %s, %s, %s%s))", o, form.coord,
                   form.dcoord_x, form.dcoord_y, offs);
        break;
      case SF_LOD_GRAD_BIAS:
        snprintf(call, sizeof call, "vec4(texture%s(u_tex, %s%s, p1.x))", o, form.coord, offs);
        break;
      case SF_LOD_EXPLICIT:
        snprintf(call, sizeof call, "vec4(textureLod%s(u_tex, %s, p1.x%s))", o, form.coord, offs);
        break;
      default: /* SF_LOD_ZERO */
        snprintf(call, sizeof call, "vec4(textureLod%s(u_tex, %s, 0.0%s))", o, form.coord, offs);
        break;
    }
  }
  char fs[2048];
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
           "  o_res = %s;\n"
           "  o_dx = vec4(dFdx(p0.xyz), 0.0);\n"
           "  o_dy = vec4(dFdy(p0.xyz), 0.0);\n"
           "}\n",
           ver >= 45 ? "450 core" : ver >= 40 ? "400 core" : "330 core",
           ver < 40 && m->info.query_lod ? "#extension GL_ARB_texture_query_lod : enable\n" : "",
           ver < 40 && m->info.cube_array ? "#extension GL_ARB_texture_cube_map_array : enable\n" : "",
           form.sampler, call);
  if (m->nprogs >= SF_MESA_MAX_PROGS) {
    /* Evict the oldest program (a FIFO keeps the cache bounded). */
    m->gl.DeleteProgram(m->progs[0].prog);
    memmove(&m->progs[0], &m->progs[1], sizeof m->progs[0] * (SF_MESA_MAX_PROGS - 1));
    m->nprogs--;
  }
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
  sf_mesa_prog *e = &m->progs[m->nprogs++];
  snprintf(e->key, sizeof e->key, "%s", key);
  e->prog = p;
  return p;
}

/* ---- texture and sampler state ---------------------------------------------------------------- */

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
  g->SamplerParameteri(m->samp, GL_TEXTURE_WRAP_S, (GLint)sf_mesa_wrap(s->addr[0]));
  g->SamplerParameteri(m->samp, GL_TEXTURE_WRAP_T, (GLint)sf_mesa_wrap(s->addr[1]));
  g->SamplerParameteri(m->samp, GL_TEXTURE_WRAP_R, (GLint)sf_mesa_wrap(s->addr[2]));
  g->SamplerParameterfv(m->samp, GL_TEXTURE_BORDER_COLOR, s->border);
  g->SamplerParameterf(m->samp, GL_TEXTURE_LOD_BIAS, (float)s->lod_bias / 256.0f);
  g->SamplerParameterf(m->samp, GL_TEXTURE_MIN_LOD, (float)s->min_lod / 256.0f);
  g->SamplerParameterf(m->samp, GL_TEXTURE_MAX_LOD, (float)s->max_lod / 256.0f);
  g->SamplerParameteri(m->samp, GL_TEXTURE_COMPARE_MODE, b->compare ? GL_COMPARE_REF_TO_TEXTURE : GL_NONE);
  g->SamplerParameteri(m->samp, GL_TEXTURE_COMPARE_FUNC, (GLint)sf_mesa_cmp(s->compare));
}

/* Uploads every level/slice of s verbatim (row 0 of the surface = GL t = 0). Returns the texture. */
static GLuint sf_mesa_upload(sf_mesa *m, const sf_surface *s, sf_status *st) {
  sf_gl *g = &m->gl;
  sf_gl_fmt f;
  char why[96];
  if (!sf_mesa_gl_format(m, s->desc.format, &f, why, sizeof why)) {
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

/* One lane reference: batch index and lane. */
typedef struct sf_mesa_ref {
  uint32_t batch;
  uint8_t lane;
} sf_mesa_ref;

static void sf_mesa_put_params(float *px, const sf_sample_batch *b, unsigned i) {
  const float p[16] = {b->u[i],    b->v[i],    b->r[i],    b->ai[i], b->lod_or_bias[i], b->ref[i], 0.0f, 0.0f,
                       b->dudx[i], b->dvdx[i], b->drdx[i], 0.0f,     b->dudy[i],        b->dvdy[i], b->drdy[i], 0.0f};
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
      sf_mesa_put_params(params + ((size_t)y * w + x) * 16u, b, lane);
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
  GLuint tex = sf_mesa_upload(m, b0->surf, st);
  if (!tex) {
    rc = st ? st->code : SF_ERR_STATE;
    goto out;
  }
  sf_mesa_set_sampler(m, b0);
  m->gl.BindSampler(0, m->samp);
  unsigned step = implicit ? 4u : 1u;
  /* One pass per distinct offset triple (GLSL offsets are compile-time constants). */
  for (;;) {
    int off[3] = {0, 0, 0};
    bool found = false;
    size_t count = 0;
    for (size_t i = 0; i < nb; i++) {
      const sf_sample_batch *b = &batches[i];
      for (unsigned l = 0; l + step <= b->n; l += step) {
        if (!((b->lanes >> l) & 1u) || done[i * SF_MAX_LANES + l]) continue;
        int o[3] = {b->off_u[l], b->off_v[l], b->off_r[l]};
        if (!found) {
          memcpy(off, o, sizeof off);
          found = true;
        }
        if (memcmp(o, off, sizeof off)) continue;
        /* An implicit quad draws with lane 4q's offset for all four lanes. */
        done[i * SF_MAX_LANES + l] = 1;
        refs[count++] = (sf_mesa_ref){(uint32_t)i, (uint8_t)l};
      }
    }
    if (!found) break;
    GLuint prog = sf_mesa_program(m, b0, implicit, off, st);
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
