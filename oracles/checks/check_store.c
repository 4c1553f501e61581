/* oracles/checks/check_store.c — check `store`: the reference sampler's texel encoder
 * (sf_surface_store, oracles/sampler/surface.c) against the independent model's decoders.
 *
 * Every backend reads the same surface bytes, and the hand-written cases (`samplefuzz run`), the
 * Mesa cross-check and `show` put their texels there with sf_surface_store: a fault in the
 * FLOAT -> format conversion (a byte written to the wrong place, a rounding direction, a clamp)
 * changes what every backend samples alike. This check stores four of the case's palette values
 * into a 1x1 surface of the case's format and reads the texel back with the independent model's
 * own decoder (oracles/indep/indep_texel.c, which shares no code with surface.c); each channel must
 * lie in the interval D3D11.3 §3.2.3 allows for the stored value. One texel per input. */
#include <stdio.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/indep.h"
#include "samplefuzz/sampler.h"

bool sf_check_store(sf_verdict *v, const sf_case *c) {
  sf_surface_desc d = {.type = SF_SURF_2D, .format = c->surf.format, .width = 1, .height = 1, .depth = 1, .layers = 1,
                       .levels = 1};
  sf_status st;
  sf_status_clear(&st);
  sf_surface *s = NULL;
  if (sf_surface_create(&s, &d, &st) != SF_OK) return true; /* a format without a 1x1 2D form (planar YUV) */
  float rgba[4];
  unsigned first = c->pattern[0] % (SF_CASE_PALETTE - 3u);
  for (unsigned k = 0; k < 4; k++) memcpy(&rgba[k], &c->palette[first + k], 4);
  bool ok = true;
  if (sf_surface_store(s, 0, 0, 0, 0, rgba, &st) == SF_OK) {
    double got = 0, lo = 0, hi = 0;
    int ch = sf_indep_stored(s, 0, 0, 0, 0, rgba, &got, &lo, &hi);
    if (ch >= 0 && ch < 4) {
      const sf_format_info *fi = sf_format_get(c->surf.format);
      char fmt[64];
      snprintf(fmt, sizeof fmt, "%s", fi && fi->name ? fi->name : "?");
      sf_verdict_fail(v, "store", &c->inst, fmt);
      sf_verdict_key(v, "store format=%s ch=%d", fmt, ch);
      sf_verdict_dumpf(v,
                       "sf_surface_store of (%.9g, %.9g, %.9g, %.9g) into a %s texel reads back as %.17g in channel %d; "
                       "the format allows [%.17g, %.17g]\n",
                       (double)rgba[0], (double)rgba[1], (double)rgba[2], (double)rgba[3], fmt, got, ch, lo, hi);
      ok = false;
    }
  }
  sf_surface_free(s);
  return ok;
}

/* `surface_rules`: sf_surface_create must refuse a descriptor that breaks one of its rules. Every
 * generated surface is valid (the case folds it), so a rule the creator stopped enforcing (an NV12
 * surface that is not 2D with one level and even sides, a 1D surface with a height, a chain longer
 * than the size allows, a zero size) would pass every other check: each input breaks one rule of
 * the case's own descriptor, picked by its pattern, and the creator must say SF_ERR_INVALID. */
bool sf_check_surface_rules(sf_verdict *v, const sf_case *c) {
  sf_surface_desc d = c->surf;
  unsigned pick = c->pattern[1] % 8u;
  const char *rule;
  switch (pick) {
    case 0: { /* each dimension alone: a rule that needs two zeros at once is not the rule */
      static const char *const zero[4] = {"zero width", "zero height", "zero depth", "zero layers"};
      unsigned k = c->pattern[2] % 4u;
      if (k == 0) d.width = 0;
      else if (k == 1) d.height = 0;
      else if (k == 2) d.depth = 0;
      else d.layers = 0;
      rule = zero[k];
      break;
    }
    case 1: d.levels = 0, rule = "zero levels"; break;
    case 2: { /* one level more than the full chain */
      uint32_t m = d.width > d.height ? d.width : d.height;
      if (d.type == SF_SURF_3D && d.depth > m) m = d.depth;
      unsigned full = 1;
      while ((m >> full) > 0 && full < 32) full++;
      d.levels = full + 1, rule = "levels past the chain";
      break;
    }
    case 3: d.type = SF_SURF_1D, d.height = 2, d.depth = 1, d.layers = 1, d.levels = 1, rule = "1D with height 2"; break;
    case 4: d.type = SF_SURF_2D, d.depth = 2, d.layers = 1, d.levels = 1, rule = "2D with depth 2"; break;
    default: /* the NV12 rules: a 2D array, a 3D surface, two levels, an odd width */
      d.format = SF_FMT_NV12, d.type = SF_SURF_2D, d.width = 8, d.height = 8, d.depth = 1, d.layers = 1, d.levels = 1;
      if (pick == 5) d.type = SF_SURF_2D_ARRAY, d.layers = 2, rule = "nv12 2D array";
      else if (pick == 6) d.type = SF_SURF_3D, d.depth = 2, rule = "nv12 3D";
      else if (c->pattern[2] & 1) d.levels = 2, rule = "nv12 two levels";
      else d.width = 7, rule = "nv12 odd width";
      break;
  }
  sf_status st;
  sf_status_clear(&st);
  sf_surface *s = NULL;
  sf_code rc = sf_surface_create(&s, &d, &st);
  if (rc == SF_ERR_INVALID) return true;
  sf_surface_free(s);
  sf_verdict_fail(v, "surface_rules", &c->inst, rule);
  sf_verdict_key(v, "surface_rules %s", rule);
  sf_verdict_dumpf(v, "sf_surface_create gave %s for a descriptor with %s (type %u, format %u, %ux%ux%u, %u layers, %u "
                   "levels), which it must refuse as invalid\n", sf_code_name(rc), rule, d.type, d.format, d.width,
                   d.height, d.depth, d.layers, d.levels);
  return false;
}
