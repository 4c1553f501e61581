/* oracles/indep/indep_cube.c — the independent model's cube and cube-array sampling
 * (include/samplefuzz/indep.h, docs/oracles.md "The independent model"), written from the specs:
 *
 *   D3D11.3 §7.18.7 / §7.18.12 (TextureCube) and the face table shared with OpenGL's cube maps
 *   (major axis / sc / tc / ma for the faces +X -X +Y -Y +Z -Z, in that order):
 *     +X: sc = -z, tc = -y, ma = x      -X: sc = +z, tc = -y, ma = -x
 *     +Y: sc = +x, tc = +z, ma = y      -Y: sc = +x, tc = -z, ma = -y
 *     +Z: sc = +x, tc = -y, ma = z      -Z: sc = -x, tc = -y, ma = -z
 *   s = (sc/|ma| + 1)/2, t = (tc/|ma| + 1)/2, then texel space as for 2D (point s·N, linear s·N - 0.5,
 *   the 8-bit sub-texel snap of §3.2.4.1 enumerated by sf_indep_axis_cands). No address mode and no
 *   texel offset applies to cubes.
 *
 * Interval rules (widened, never guessed):
 *   - face selection: every axis whose magnitude is within 2^-22 (relative) of the largest is a
 *     candidate face; the result is the union over the candidates. A face coordinate beyond the face
 *     (a near-tie candidate) is clamped to [0, 1].
 *   - the float32 evaluation of s (a division, a multiply-add) is allowed N·2^-22 texels on top of
 *     the snap's own allowance for u·n.
 *   - point: the texel index is clamped to [0, N - 1] (s = 1 lies on the edge; the other face of
 *     that edge is a candidate of the tie anyway).
 *   - bilinear taps off the face (§7.18.12 seamless filtering): the tap's texel centre is turned into
 *     a 3D direction on the cube (face coordinates sc, tc = (2i + 1 - N)/N on the tap's face, |ma| = 1)
 *     and the face and texel of that direction are fetched. Scaled by N the direction is integral, so
 *     the remap is exact. A tap off two edges (a cube corner) has no texel: D3D takes the average of
 *     the three texels that exist; the model takes the hull of those three taps (which holds their
 *     average, and any one of them).
 *   - cube arrays: the cube index rounds to nearest (a .5 tie takes both cubes), clamped to
 *     [0, cubes - 1]; the face is slice cube·6 + face (the layout of include/samplefuzz/sampler.h).
 * The LOD (explicit LOD and LOD zero) and the mip filtering are the 3D model's (indep_sample.c); the
 * LOD from derivatives is not modelled for cubes (those lanes are unsupported there). */
#include <math.h>
#include <string.h>

#include "oracles/indep/indep_int.h"

/* The face table above: the major axis and its sign, and the axes and signs giving sc and tc. */
typedef struct iface {
  uint8_t ma_ax, sc_ax, tc_ax;
  int8_t ma_sg, sc_sg, tc_sg;
} iface;

static const iface FACES[6] = {
    {0, 2, 1, +1, -1, -1},   /* +X: sc = -z, tc = -y */
    {0, 2, 1, -1, +1, -1},   /* -X: sc = +z, tc = -y */
    {1, 0, 2, +1, +1, +1},   /* +Y: sc = +x, tc = +z */
    {1, 0, 2, -1, +1, -1},   /* -Y: sc = +x, tc = -z */
    {2, 0, 1, +1, +1, -1},   /* +Z: sc = +x, tc = -y */
    {2, 0, 1, -1, -1, -1},   /* -Z: sc = -x, tc = -y */
};

#define SF_CUBE_TIE 0x1p-22   /* relative: magnitudes this close to the largest are candidate faces */

static double cmax3(const double d[3]) {
  double m = fabs(d[0]);
  if (fabs(d[1]) > m) m = fabs(d[1]);
  if (fabs(d[2]) > m) m = fabs(d[2]);
  return m;
}

bool sf_indep_cube_dir_ok(const double d[3]) { return cmax3(d) >= 0x1p-126; }

/* The candidate faces of direction d (1 to 3). */
static unsigned cube_faces(const double d[3], unsigned out[3]) {
  double m = cmax3(d);
  unsigned k = 0;
  for (unsigned ax = 0; ax < 3; ax++)
    if (fabs(d[ax]) > 0.0 && fabs(d[ax]) >= m * (1.0 - SF_CUBE_TIE)) out[k++] = 2u * ax + (d[ax] < 0.0 ? 1u : 0u);
  return k;
}

/* Texel (i, j) of face f of an N x N level, possibly one texel off the face: the face and texel it
 * stands for. False for a corner (off two edges) and when the remap does not land on an edge texel
 * of an adjacent face (which the geometry rules out; the caller treats it as a broken model). */
static bool cube_texel(unsigned f, int64_t i, int64_t j, int64_t N, unsigned *fo, unsigned *io, unsigned *jo, bool *corner) {
  bool oi = i < 0 || i >= N, oj = j < 0 || j >= N;
  *corner = oi && oj;
  if (*corner) return false;
  if (!oi && !oj) {
    *fo = f, *io = (unsigned)i, *jo = (unsigned)j;
    return true;
  }
  /* the texel centre's direction, scaled by N: sc = 2i + 1 - N, tc = 2j + 1 - N, |ma| = N */
  const iface *F = &FACES[f];
  double d[3];
  d[F->ma_ax] = F->ma_sg * (double)N;
  d[F->sc_ax] = F->sc_sg * (double)(2 * i + 1 - N);
  d[F->tc_ax] = F->tc_sg * (double)(2 * j + 1 - N);
  /* the off coordinate has magnitude N + 1, the two others at most N: a unique major axis */
  unsigned ax = 0;
  for (unsigned k = 1; k < 3; k++)
    if (fabs(d[k]) > fabs(d[ax])) ax = k;
  unsigned g = 2u * ax + (d[ax] < 0.0 ? 1u : 0u);
  const iface *G = &FACES[g];
  double ma = fabs(d[ax]), sc = G->sc_sg * d[G->sc_ax], tc = G->tc_sg * d[G->tc_ax];
  /* s·N = (sc/ma + 1)/2 · N, never within 1/(2N + 2) of an integer here */
  double x = floor((sc + ma) * (double)N / (2.0 * ma)), y = floor((tc + ma) * (double)N / (2.0 * ma));
  if (g / 2u == f / 2u || x < 0 || y < 0 || x >= (double)N || y >= (double)N) return false;
  if (!(x == 0 || y == 0 || x == (double)(N - 1) || y == (double)(N - 1))) return false;
  *fo = g, *io = (unsigned)x, *jo = (unsigned)y;
  return true;
}

/* The cube candidates of a cube array's index a (or cube 0). */
static unsigned cube_layers(const ictx *c, double a, unsigned out[2]) {
  out[0] = 0;
  if (c->type != SF_SURF_CUBE_ARRAY) return 1;
  a = a < -1e6 ? -1e6 : a > 1e6 ? 1e6 : a;
  double lmax = (double)(c->s->desc.layers ? c->s->desc.layers - 1 : 0);
  double r0 = floor(a + 0.5), r1 = ceil(a - 0.5);
  r0 = r0 < 0 ? 0 : r0 > lmax ? lmax : r0;
  r1 = r1 < 0 ? 0 : r1 > lmax ? lmax : r1;
  out[0] = (unsigned)r0;
  if (r1 != r0) {
    out[1] = (unsigned)r1;
    return 2;
  }
  return 1;
}

/* One tap of face f (cube q): fetched, or false for a corner. */
static bool cube_tap(ictx *c, unsigned level, unsigned q, unsigned f, int64_t i, int64_t j, int64_t N, sf_itap *t) {
  unsigned fo = 0, io = 0, jo = 0;
  bool corner;
  if (!cube_texel(f, i, j, N, &fo, &io, &jo, &corner)) {
    if (corner) return false;
    c->broken = true;   /* not reachable: reported as a lane the model cannot judge */
    memset(t, 0, sizeof *t);
    return true;
  }
  sf_indep_fetch_texel(c, level, q * 6u + fo, io, jo, t);
  return true;
}

void sf_indep_cube_level(ictx *c, const ilane *ln, unsigned level, unsigned filter, double lo[4], double hi[4]) {
  uint32_t n0 = c->s->desc.width >> level;
  int64_t N = n0 ? (int64_t)n0 : 1;
  bool linear = filter == SF_FILTER_LINEAR;
  unsigned faces[3], cubes[2];
  unsigned nf = cube_faces(ln->c, faces), nq = cube_layers(c, ln->layer, cubes);
  for (unsigned ch = 0; ch < 4; ch++) lo[ch] = INFINITY, hi[ch] = -INFINITY;
  for (unsigned qi = 0; qi < nq; qi++)
    for (unsigned fi = 0; fi < nf; fi++) {
      unsigned f = faces[fi];
      const iface *F = &FACES[f];
      double ma = fabs(ln->c[F->ma_ax]);
      double st[2] = {F->sc_sg * ln->c[F->sc_ax] / ma, F->tc_sg * ln->c[F->tc_ax] / ma};
      icand cand[2][SF_IC_MAX];
      unsigned nc[2];
      for (unsigned a = 0; a < 2; a++) {
        double s = (st[a] + 1.0) * 0.5;
        s = s < 0.0 ? 0.0 : s > 1.0 ? 1.0 : s;
        nc[a] = sf_indep_axis_cands(s, SF_ADDR_CLAMP, (unsigned)N, linear, ldexp((double)N, -22), cand[a]);
      }
      for (unsigned a = 0; a < nc[0]; a++)
        for (unsigned b = 0; b < nc[1]; b++) {
          const icand *p = &cand[0][a], *r = &cand[1][b];
          double slo[4] = {0, 0, 0, 0}, shi[4] = {0, 0, 0, 0};
          if (!linear) {
            int64_t i = p->i0 < 0 ? 0 : p->i0 >= N ? N - 1 : p->i0;
            int64_t j = r->i0 < 0 ? 0 : r->i0 >= N ? N - 1 : r->i0;
            sf_itap t;
            cube_tap(c, level, cubes[qi], f, i, j, N, &t);
            memcpy(slo, t.lo, sizeof slo);
            memcpy(shi, t.hi, sizeof shi);
          } else {
            sf_itap t[4];
            double w[4];
            int missing = -1;
            for (unsigned k = 0; k < 4; k++) {
              unsigned x = k & 1u, y = k >> 1;
              w[k] = (x ? p->f / 256.0 : (256 - p->f) / 256.0) * (y ? r->f / 256.0 : (256 - r->f) / 256.0);
              if (w[k] == 0.0) continue;   /* a zero-weight tap is not fetched (§7.18.16.3) */
              if (!cube_tap(c, level, cubes[qi], f, p->i0 + (int64_t)x, r->i0 + (int64_t)y, N, &t[k])) missing = (int)k;
            }
            if (missing >= 0) {   /* a corner: its three neighbours all have a non-zero weight */
              sf_itap *m = &t[missing];
              memset(m, 0, sizeof *m);
              for (unsigned ch = 0; ch < 4; ch++) m->lo[ch] = INFINITY, m->hi[ch] = -INFINITY;
              for (unsigned k = 0; k < 4; k++) {
                if ((int)k == missing) continue;
                for (unsigned ch = 0; ch < 4; ch++) {
                  if (t[k].lo[ch] < m->lo[ch]) m->lo[ch] = t[k].lo[ch];
                  if (t[k].hi[ch] > m->hi[ch]) m->hi[ch] = t[k].hi[ch];
                }
                m->bad |= t[k].bad;
              }
            }
            for (unsigned k = 0; k < 4; k++) {
              if (w[k] == 0.0) continue;
              for (unsigned ch = 0; ch < 4; ch++) {
                slo[ch] += w[k] * t[k].lo[ch];
                shi[ch] += w[k] * t[k].hi[ch];
              }
            }
          }
          for (unsigned ch = 0; ch < 4; ch++) {
            if (slo[ch] < lo[ch]) lo[ch] = slo[ch];
            if (shi[ch] > hi[ch]) hi[ch] = shi[ch];
          }
        }
    }
}
