/* mesa_ctx.c — the Mesa oracle's context: driver names, loading libEGL/libGL with dlopen, the EGL
 * surfaceless display and OpenGL context, and every GL entry point from eglGetProcAddress (so
 * libsamplefuzz has no link dependency on Mesa). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/impl/mesa_int.h"


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
