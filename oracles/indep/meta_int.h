/* oracles/indep/meta_int.h — private helpers of the metamorphic relations (oracles/indep/meta_*.c,
 * docs/oracles.md "Metamorphic relations"). */
#ifndef SF_META_INT_H
#define SF_META_INT_H

#include "samplefuzz/indep.h"

/* Runs b on be (NULL: scalar) into o (zeroed first). */
sf_code sf_meta_sample(const sf_backend *be, const sf_sample_batch *b, sf_sample_out *o, sf_status *st);
/* Compares lanes `lanes` of a and b bit for bit (and is_int); on a difference fills m and returns false. */
bool sf_meta_same(const sf_sample_out *a, const sf_sample_out *b, uint32_t lanes, sf_meta_outcome *m);
/* A 2D surface of format fmt, w x h (powers of two), `levels` levels, level 0 filled with the bytes of
 * src (cyclically over src's first texels), the other levels likewise. */
sf_code sf_meta_surface(sf_surface **out, unsigned fmt, unsigned w, unsigned h, unsigned levels, const sf_surface *src,
                        sf_status *st);
/* Largest power of two <= n (n >= 1). */
unsigned sf_meta_pow2(unsigned n);
/* An exact grid coordinate: m / (256 n) with m taken from f (folded into [-4096, 4095]). */
float sf_meta_grid(float f, unsigned n, int *m);
void sf_meta_not_applied(sf_meta_outcome *m, const char *why);

sf_code sf_meta_rel_permute(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st);
sf_code sf_meta_rel_unused(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st);
sf_code sf_meta_rel_format(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st);
sf_code sf_meta_rel_extreme(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st);
sf_code sf_meta_rel_cmp(const sf_backend *be, const sf_sample_batch *b, sf_meta_outcome *o, sf_status *st);

#endif
