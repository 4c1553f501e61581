/* verify_int.h — the verifier's private types and its texel-level helpers (oracles/verify/).
 * verify.c evaluates whole lanes; verify_texel.c decodes texels and applies addressing, cube-face
 * selection and comparison, each as an interval. Not public API. */
#ifndef SF_VERIFY_INT_H
#define SF_VERIFY_INT_H

#include <stdbool.h>

#include "samplefuzz/external.h"

#define SF_V_MAX_CAND 3u    /* candidates per axis (base texels) */
#define SF_V_MAX_CFG 8u     /* level configurations */
#define SF_V_SQRT2 1.41421356237309504880
#define SF_V_MAX_FACES 6u   /* cube (face, s, t) candidates: ties, with and without the denormal flush */

typedef struct sf_vival {
  double lo[4], hi[4];
} sf_vival;

/* One axis at one level: candidate base texels with their weight intervals (weight of i+1). */
typedef struct sf_vaxis {
  unsigned n;
  int base[SF_V_MAX_CAND];
  double wlo[SF_V_MAX_CAND], whi[SF_V_MAX_CAND];
} sf_vaxis;

typedef struct sf_vcfg {
  unsigned la, lb;         /* levels (equal when no blend) */
  double tlo, thi;         /* weight of lb */
  bool linear;             /* image filter of this configuration */
} sf_vcfg;

typedef enum sf_vmode { SF_VM_COLOR, SF_VM_PCF, SF_VM_DEPTH } sf_vmode;

typedef struct sf_vctx {
  const sf_sample_batch *b;
  unsigned lane;
  const sf_verify_params *p;
  const sf_format_info *fi;
  const sf_surface *s;
  sf_vmode mode;
  double res[4];
  unsigned nch;            /* channels checked */
  double thr_fixed;        /* threshold for filtered fixed-point results */
  /* best (closest) failing range, for diagnostics */
  double best_dist;
  double best_lo[4], best_hi[4];
  char best_what[96];
} sf_vctx;

double sf_v_srgb(double c);
double sf_v_half(uint16_t h);
void sf_v_decode(unsigned fmt, const sf_format_info *fi, const uint8_t *t, uint32_t quirks, sf_vival *o);
void sf_v_border(const sf_vctx *x, sf_vival *o);
bool sf_v_addr(unsigned mode, long long i, long long n, long long *out);
unsigned sf_v_dim(uint32_t d0, unsigned level);
void sf_v_fetch_raw(const sf_vctx *x, unsigned level, unsigned slice, unsigned i, unsigned j, unsigned k,
                           sf_vival *o);
int sf_v_cube_face(const double d[3], int forced, double *s, double *t);
unsigned sf_v_cube_cands(const double d[3], bool ties, int faces[SF_V_MAX_FACES], double st[SF_V_MAX_FACES][3]);
bool sf_v_cube_deriv(double ma, double sc, double dsc, double dma, double N, double *lo, double *hi);
void sf_v_fetch_cube_in(const sf_vctx *x, unsigned level, unsigned layer, int face, long long i, long long j,
                               sf_vival *o);
void sf_v_fetch_cube(const sf_vctx *x, unsigned level, unsigned layer, int face, long long i, long long j,
                            sf_vival *o);
void sf_v_compare(const sf_vctx *x, double dlo, double dhi, double *olo, double *ohi);
void sf_v_texel(const sf_vctx *x, unsigned level, unsigned layer, int face, long long i, long long j,
                       long long k, sf_vival *o);
void sf_v_axis(const sf_vctx *x, double coord, bool linear, int off, sf_vaxis *ax);

/* Cube faces +X, -X, +Y, -Y, +Z, -Z: the major axis and the directions of s and t (D3D11.3 §7.18.12). */
extern const double sf_v_face_axis[6][3], sf_v_face_s[6][3], sf_v_face_t[6][3];

#endif
