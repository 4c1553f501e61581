/* d3d_text_names.c — D3D asm text, shared pieces: register-type, dimension, return-type,
 * interpolation, system-value, flag and program-type names; the output buffer; the lossless form of
 * 32-bit immediates (docs/dxbc.md "immediates"). */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/d3d/d3d_text_priv.h"
#include "samplefuzz/bytes.h"


static const type_name type_names[] = {
    {0, "r", 0}, {1, "v", 0}, {2, "o", 0}, {3, "x", 0}, {6, "s", 0}, {7, "t", 0}, {8, "cb", 0}, {9, "icb", 0},
    {11, "vPrim", 1}, {12, "oDepth", 1}, {13, "null", 0}, {15, "oMask", 1}, {25, "vicp", 0}, {26, "vocp", 0},
    {27, "vpc", 0}, {28, "vDomain", 0}, {30, "u", 0}, {31, "g", 0}, {32, "vThreadID", 0}, {33, "vThreadGroupID", 0},
    {34, "vThreadIDInGroup", 0}, {35, "vCoverage", 1}, {36, "vThreadIDInGroupFlattened", 1},
    {37, "vGSInstanceID", 1}, {38, "oDepthGE", 1}, {39, "oDepthLE", 1}, {41, "oStencilRef", 1},
    {42, "vInnerCoverage", 1}, {10, "l", 0}, {14, "rasterizer", 0}, {16, "m", 0}, {17, "fb", 0}, {18, "ft", 0},
    {19, "fp", 0}, {20, "fi", 0}, {21, "fo", 0}, {22, "vOutputControlPointID", 1}, {23, "vForkInstanceID", 1},
    {24, "vJoinInstanceID", 1}, {29, "this", 0}, {40, "vCycleCounter", 0},
    /* SM5.1 spellings (fxc prints the register-range form with capitals) */
    {6, "S", 0}, {7, "T", 0}, {8, "CB", 0}, {30, "U", 0},
    /* vkd3d-compiler 1.2's spelling */
    {23, "vForkInstanceId", 1},
};

const type_name *da_type_by_num(unsigned t) {
  for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
    if (type_names[i].type == t) return &type_names[i];
  return NULL;
}

const char *da_type_name(unsigned t, bool sm51) {
  if (sm51) {
    static const char *const up[] = {[6] = "S", [7] = "T", [8] = "CB", [30] = "U"};
    if (t < sizeof up / sizeof up[0] && up[t]) return up[t];
  }
  const type_name *tn = da_type_by_num(t);
  return tn ? tn->name : NULL;
}

const type_name *da_type_by_name(const char *s, size_t n) {
  for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
    if (strlen(type_names[i].name) == n && memcmp(type_names[i].name, s, n) == 0) return &type_names[i];
  return NULL;
}

const char *const da_dim_names[] = {"unknown", "buffer", "texture1d", "texture2d", "texture2dms", "texture3d",
                                        "texturecube", "texture1darray", "texture2darray", "texture2dmsarray",
                                        "texturecubearray", "raw_buffer", "structured_buffer"};

const char *const da_rt_names[] = {NULL, "unorm", "snorm", "sint", "uint", "float", "mixed", "double",
                                       "continued", "unused"};

const char *const da_interp_names[] = {NULL, "constant", "linear", "linear centroid", "linear noperspective",
                                           "linear noperspective centroid", "linear sample",
                                           "linear noperspective sample"};

const char *const da_sv_names[] = {"undefined", "position", "clip_distance", "cull_distance",
                                       "rendertarget_array_index", "viewport_array_index", "vertex_id",
                                       "primitive_id", "instance_id", "is_front_face", "sampleIndex",
                                       "finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor",
                                       "finalQuadUeq1EdgeTessFactor", "finalQuadVeq1EdgeTessFactor",
                                       "finalQuadUInsideTessFactor", "finalQuadVInsideTessFactor",
                                       "finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor",
                                       "finalTriWeq0EdgeTessFactor", "finalTriInsideTessFactor",
                                       "finalLineDetailTessFactor", "finalLineDensityTessFactor"};

const char *const da_gflag_names[] = {"refactoringAllowed", "enableDoublePrecisionFloatOps",
                                          "forceEarlyDepthStencil", "enableRawAndStructuredBuffers",
                                          "skipOptimization", "enableMinimumPrecision", "enable11_1DoubleExtensions",
                                          "enable11_1ShaderExtensions"};

const char *const da_prog_names[] = {"ps", "vs", "gs", "hs", "ds", "cs"};

const char *const da_minprec_names[] = {NULL, "min16f", "min2_8f", NULL, "min16i", "min16u", NULL, NULL};

/* Whether fmt uses only %s, %u, %d, %c and %%, the conversions da_op writes itself. */
static bool da_op_simple(const char *fmt) {
  for (const char *p = strchr(fmt, '%'); p; p = strchr(p + 2, '%'))
    if (p[1] != 's' && p[1] != 'u' && p[1] != 'd' && p[1] != 'c' && p[1] != '%') return false;
  return true;
}

/* Appends like snprintf: all of it, NUL-terminated, or nothing and b->over. The common formats are
 * written here (the same bytes as vsnprintf, "(null)" for a NULL %s included), the others by
 * vsnprintf: the printers call this for every token, and printf's machinery was most of a D3D
 * print. An output leaf, so SF_NO_COVERAGE (samplefuzz/bytes.h). */
SF_NO_COVERAGE void da_op(obuf *b, const char *fmt, ...) {
  if (b->over) return;
  size_t room = b->n - b->len, k = 0;
  char *o = b->s + b->len;
  va_list ap;
  va_start(ap, fmt);
  if (!da_op_simple(fmt)) {
    int w = vsnprintf(o, room, fmt, ap);
    va_end(ap);
    if (w < 0 || (size_t)w >= room) b->over = true;
    else b->len += (size_t)w;
    return;
  }
  for (const char *p = fmt; *p; p++) {
    char digits[24];
    const char *piece = p;
    size_t len = 1;
    if (*p == '%') {
      p++;
      if (*p == 's') {
        piece = va_arg(ap, const char *);
        if (!piece) piece = "(null)";
        len = strlen(piece);
      } else if (*p == 'u' || *p == 'd') {
        unsigned long long v;
        bool neg = false;
        if (*p == 'u') {
          v = va_arg(ap, unsigned);
        } else {
          int d = va_arg(ap, int);
          neg = d < 0;
          v = neg ? 0ull - (unsigned long long)(long long)d : (unsigned long long)d;
        }
        size_t at = sizeof digits;
        do digits[--at] = (char)('0' + v % 10u); while ((v /= 10u) != 0);
        if (neg) digits[--at] = '-';
        piece = digits + at;
        len = sizeof digits - at;
      } else if (*p == 'c') {
        digits[0] = (char)va_arg(ap, int);
        piece = digits;
      } /* else "%%": piece is the second '%' */
      if (*p == '%') piece = p;
    }
    if (k + len >= room) {
      va_end(ap);
      if (room) o[0] = '\0';
      b->over = true;
      return;
    }
    memcpy(o + k, piece, len);
    k += len;
  }
  va_end(ap);
  if (k >= room) { /* "" into no room: vsnprintf's verdict too */
    b->over = true;
    return;
  }
  o[k] = '\0';
  b->len += k;
}

/* fxc's %f when it reads back to the same bits (and is short), else the shortest %.Ng that does;
 * non-finite values (and anything else that fails) as raw hex bits 0xXXXXXXXX. */
void da_fmt_imm(uint32_t bits, char out[64]) {
  float f;
  memcpy(&f, &bits, sizeof f);
  if (isfinite(f)) {
    char t[64];
    snprintf(t, sizeof t, "%f", (double)f);
    float g = strtof(t, NULL);
    uint32_t gb;
    memcpy(&gb, &g, sizeof gb);
    if (gb == bits && strlen(t) <= 24) {
      snprintf(out, 64, "%s", t);
      return;
    }
    for (int p = 1; p <= 9; p++) {
      snprintf(t, sizeof t, "%.*g", p, (double)f);
      g = strtof(t, NULL);
      memcpy(&gb, &g, sizeof gb);
      if (gb == bits) {
        /* t holds a '.' or an 'e', so it reads back as a float: %.*g without an exponent is below
         * 10^p <= 10^9, and without a '.' an integer, and an integer float below 10^9 has left by
         * the %f test above (exact, at most 17 characters) */
        snprintf(out, 64, "%s", t);
        return;
      }
    }
  }
  snprintf(out, 64, "0x%08x", bits);
}

const size_t da_n_dim_names = sizeof da_dim_names / sizeof da_dim_names[0];
const size_t da_n_rt_names = sizeof da_rt_names / sizeof da_rt_names[0];
const size_t da_n_sv_names = sizeof da_sv_names / sizeof da_sv_names[0];

/* The shortest text that reads back (strtod) to the same 64 bits; non-finite values as raw hex. */
void da_fmt_imm64(uint64_t bits, char out[64]) {
  double f;
  memcpy(&f, &bits, sizeof f);
  if (isfinite(f)) {
    char t[64];
    snprintf(t, sizeof t, "%f", f);
    double g = strtod(t, NULL);
    uint64_t gb;
    memcpy(&gb, &g, sizeof gb);
    if (gb == bits && strlen(t) <= 24) {
      snprintf(out, 64, "%s", t);
      return;
    }
    for (int p = 1; p <= 17; p++) {
      snprintf(t, sizeof t, "%.*g", p, f);
      g = strtod(t, NULL);
      memcpy(&gb, &g, sizeof gb);
      if (gb == bits) {
        /* %.17g writes at most 24 characters, so ".0" fits */
        if (!strpbrk(t, ".e")) memcpy(t + strlen(t), ".0", sizeof ".0");
        snprintf(out, 64, "%s", t);
        return;
      }
    }
  }
  snprintf(out, 64, "0x%016llx", (unsigned long long)bits);
}

bool da_name_index(const char *const *names, size_t count, const char *s, size_t len, unsigned *out) {
  for (size_t i = 0; i < count; i++)
    if (names[i] && strlen(names[i]) == len && memcmp(names[i], s, len) == 0) {
      *out = (unsigned)i;
      return true;
    }
  return false;
}

/* D3D10_SB_PRIMITIVE_TOPOLOGY (dcl_outputtopology) and D3D10_SB_PRIMITIVE (dcl_inputprimitive;
 * 8 + n - 1 is an n-control-point patch). */
const char *const da_topo_names[] = {NULL, "pointlist", "linelist", "linestrip", "trianglelist", "trianglestrip",
                                     NULL, NULL, NULL, NULL, "linelist_adj", "linestrip_adj", "trianglelist_adj",
                                     "trianglestrip_adj"};
const size_t da_n_topo_names = sizeof da_topo_names / sizeof da_topo_names[0];
const char *const da_prim_names[] = {NULL, "point", "line", "triangle", NULL, NULL, "lineadj", "triangleadj"};
const size_t da_n_prim_names = sizeof da_prim_names / sizeof da_prim_names[0];
