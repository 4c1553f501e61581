/* oracles/sampler/simd_cube.h — part of the SIMD kernel template: cube and cube-array surfaces of
 * 3D_SAMPLE / D3D sample (D3D11.3 functional spec §7.18.7 cube coordinates, §7.18.12 seamless cube
 * filtering and corners, §7.18.11 cube LOD; docs/precision-model.md §7 step 2 and §8).
 * Included by simd_sample.h only (after sfk_fetch and the LOD helpers), once per vector width.
 *
 * Every step is the scalar backend's (scalar.c cube_face, rho2_cube, sample_cube_level) on lanes:
 * the same float32 operations in the same order (face selection by compares, one IEEE division
 * per face coordinate, the 16.8 RNE snap, the lerps and the corner average (a + b + c) / 3), so
 * results are bit-identical. Taps one texel outside the face (seamless filtering) are remapped
 * in exact integer arithmetic; that remapping runs lane by lane, only for the lanes whose footprint
 * crosses a face edge, and the remapped taps are then fetched and filtered with the other lanes. */

/* scalar.c cube_face on every lane: major axis with ties Z > Y > X, face order +X -X +Y -Y +Z -Z,
 * (sc, tc) by the standard table, ma = |major| (docs/precision-model.md §8). Then the face
 * coordinates s = (sc / ma) * 0.5 + 0.5 and t likewise (unclamped: the level step clamps). */
static inline void sfk_cube_face(sfk_vf x, sfk_vf y, sfk_vf z, sfk_vi *face, sfk_vf *sc, sfk_vf *tc, sfk_vf *ma) {
  sfk_vf ax = (sfk_vf)((sfk_vi)x & 0x7fffffff), ay = (sfk_vf)((sfk_vi)y & 0x7fffffff), az = (sfk_vf)((sfk_vi)z & 0x7fffffff);
  sfk_vi zs = (az >= ay) & (az >= ax);
  sfk_vi ys = ~zs & (ay >= ax);
  sfk_vi zp = z >= 0.0f, yp = y >= 0.0f, xp = x >= 0.0f;
  sfk_vf nx = -x, ny = -y, nz = -z;
  *ma = sfk_self(zs, az, sfk_self(ys, ay, ax));
  /* +Z (x, -y)  -Z (-x, -y)  +Y (x, z)  -Y (x, -z)  +X (-z, -y)  -X (z, -y) */
  *sc = sfk_self(zs, sfk_self(zp, x, nx), sfk_self(ys, x, sfk_self(xp, nz, z)));
  *tc = sfk_self(ys, sfk_self(yp, z, nz), ny);
  sfk_vi fz = sfk_seli(zp, sfk_spi(4), sfk_spi(5));
  sfk_vi fy = sfk_seli(yp, sfk_spi(2), sfk_spi(3));
  sfk_vi fx = sfk_seli(xp, sfk_spi(0), sfk_spi(1));
  *face = sfk_seli(zs, fz, sfk_seli(ys, fy, fx));
}

/* scalar.c rho2_cube on every lane: the derivatives projected on the face (cube_proj's table),
 * ds = ((dsc*ma - sc*dma) / ma^2) * 0.5, dt likewise, l = (ds*N)^2 + (dt*N)^2, NaN -> 0, then
 * max(lx, ly) (§7.18.11; docs/precision-model.md §7 step 2). */
static inline sfk_vf sfk_cube_rho2(sfk_vi face, sfk_vf sc, sfk_vf tc, sfk_vf ma, float N, const sfk_vf dx[3],
                                   const sfk_vf dy[3]) {
  sfk_vf m2 = ma * ma;
  sfk_vi f0 = face == 0, f1 = face == 1, f2 = face == 2, f3 = face == 3, f4 = face == 4;
  sfk_vf len[2];
  for (int k = 0; k < 2; k++) {
    const sfk_vf *d = k ? dy : dx;
    sfk_vf px = d[0], py = d[1], pz = d[2], mx = -d[0], my = -d[1], mz = -d[2];
    /* face: 0 (-dz, -dy, dx)  1 (dz, -dy, -dx)  2 (dx, dz, dy)  3 (dx, -dz, -dy)  4 (dx, -dy, dz)
     * 5 (-dx, -dy, -dz) */
    sfk_vf dsc = sfk_self(f0, mz, sfk_self(f1, pz, sfk_self(f2 | f3 | f4, px, mx)));
    sfk_vf dtc = sfk_self(f2, pz, sfk_self(f3, mz, my));
    sfk_vf dma = sfk_self(f0, px, sfk_self(f1, mx, sfk_self(f2, py, sfk_self(f3, my, sfk_self(f4, pz, mz)))));
    sfk_vf a = dsc * ma, b = sc * dma;
    sfk_vf ds = ((a - b) / m2) * 0.5f;
    a = dtc * ma;
    b = tc * dma;
    sfk_vf dt = ((a - b) / m2) * 0.5f;
    sfk_vf s = ds * N, t = dt * N;
    sfk_vf l = s * s;
    t = t * t;
    l = l + t;
    len[k] = sfk_self(l != l, sfk_spf(0.0f), l);
  }
  return sfk_self(len[0] > len[1], len[0], len[1]);
}

/* scalar.c sample_cube_level on every lane: one mip level L of the faces `face` of cube layer
 * `layer6` / 6 (layer6 = 6 * layer, so the slice is layer6 + face), face coordinates fs, ft, point or
 * linear per lane; bilinear taps outside the face are remapped, and the missing texel of a corner
 * footprint is the clamped average of the three real ones (§7.18.12). */
static void sfk_cube_level(const sfk_ctx *c, sfk_vi L, sfk_vi layer6, sfk_vi face, sfk_vf fs, sfk_vf ft, sfk_vi lin,
                           sfk_vi active, sfk_vf res[4], sfk_vi *nullhit) {
  sfk_lv lv;
  sfk_lv_get(c, L, &lv);
  sfk_vi N = lv.w;
  sfk_vf Nf = __builtin_convertvector(N, sfk_vf);
  sfk_vf cs[2] = {fs, ft};
  sfk_vi i0[2], i1[2], fr[2];
  for (int a = 0; a < 2; a++) {
    sfk_vf u = cs[a];
    u = sfk_self(u >= 0.0f, u, sfk_spf(0.0f)); /* also NaN -> 0 */
    u = sfk_self(u > 1.0f, sfk_spf(1.0f), u);
    sfk_vf x = u * Nf;
    x = sfk_self(lin, x - 0.5f, x);
    sfk_vi X = sfk_rne(x * 256.0f, -(1 << 30), 1 << 30);
    sfk_vi f = sfk_floor8(X);
    fr[a] = sfk_seli(lin, X & 255, sfk_spi(0));
    i0[a] = sfk_seli(~lin & (f >= N), N - 1, f); /* point: u = 1 reads the last texel */
    i1[a] = i0[a] - (fr[a] != 0);                /* i0 + 1 where the second tap has weight, else i0 */
  }
  /* taps q = 2y + x at (i_x, j_y); lanes whose footprint leaves the face are remapped below */
  sfk_vi tf[4], ti[4], tj[4], corner[4];
  for (int q = 0; q < 4; q++) {
    tf[q] = face;
    ti[q] = (q & 1) ? i1[0] : i0[0];
    tj[q] = (q & 2) ? i1[1] : i0[1];
    corner[q] = sfk_spi(0);
  }
  sfk_vi edge = active & ((i0[0] < 0) | (i1[0] >= N) | (i0[1] < 0) | (i1[1] >= N));
  bool any_corner = false;
  if (sfk_any(edge)) {
    for (unsigned l = 0; l < SFK_W; l++) {
      if (!edge[l]) continue;
      for (int q = 0; q < 4; q++) {
        unsigned fo;
        uint32_t io, jo;
        if (sf_cube_neighbour((unsigned)face[l], ti[q][l], tj[q][l], N[l], &fo, &io, &jo)) {
          tf[q][l] = (int32_t)fo;
          ti[q][l] = (int32_t)io;
          tj[q][l] = (int32_t)jo;
        } else { /* corner: not fetched (an in-range dummy address), replaced by the average */
          ti[q][l] = 0;
          tj[q][l] = 0;
          corner[q][l] = -1;
          any_corner = true;
        }
      }
    }
  }
  /* lanes outside `active` (e.g. no second mip level) were not remapped: keep their addresses in
   * the level (index -1 is read as a border tap by sfk_fetch, N must not be read at all) */
  for (int q = 1; q < 4; q++) {
    if (q & 1) ti[q] = sfk_mini(ti[q], N - 1);
    if (q & 2) tj[q] = sfk_mini(tj[q], N - 1);
  }
  const bool two[] = {sfk_any(fr[0] != 0), sfk_any(fr[1] != 0)};
  sfk_vf t[4][4];
  sfk_vi zero = sfk_spi(0);
  for (int q = 0; q < 4; q++) {
    if (((q & 1) && !two[0]) || ((q & 2) && !two[1])) continue;
    sfk_vi fetched = active & ~corner[q];
    if (q & 1) fetched &= fr[0] != 0;
    if (q & 2) fetched &= fr[1] != 0;
    sfk_fetch(c, &lv, layer6 + tf[q], ti[q], tj[q], zero, fetched, t[q], nullhit);
  }
  if (any_corner) { /* a corner lane has both fractions non-zero: its four taps were all fetched */
    for (int q = 0; q < 4; q++) {
      if (!sfk_any(corner[q])) continue;
      const int o[3] = {0 + (q <= 0), 1 + (q <= 1), 2 + (q <= 2)}; /* the three taps other than q, in order */
      for (int ch = 0; ch < 4; ch++) {
        sfk_vf a = t[o[0]][ch], b = t[o[1]][ch], d = t[o[2]][ch];
        sfk_vi lt = a < b;
        sfk_vf lo = sfk_self(lt, a, b), hi = sfk_self(lt, b, a);
        lo = sfk_self(d < lo, d, lo);
        hi = sfk_self(d > hi, d, hi);
        sfk_vf sum = a + b;
        sum = sum + d;
        sfk_vf avg = sfk_self((a == b) & (b == d), a, sum / 3.0f);
        avg = sfk_self(avg < lo, lo, avg);
        avg = sfk_self(avg > hi, hi, avg);
        t[q][ch] = sfk_self(corner[q], avg, t[q][ch]);
      }
    }
  }
  sfk_vf row[2][4];
  for (int y = 0; y < (two[1] ? 2 : 1); y++)
    for (int k = 0; k < 4; k++) row[y][k] = two[0] ? sfk_lerp(t[2 * y][k], t[2 * y + 1][k], fr[0]) : t[2 * y][k];
  for (int k = 0; k < 4; k++) res[k] = two[1] ? sfk_lerp(row[0][k], row[1][k], fr[1]) : row[0][k];
}
