/* show_image.c — `samplefuzz show`, the picture (--png: surface, expected, actual, difference) and
 * the structured-case targets' explanation (case, state, backends, lanes that differ). */
#define _XOPEN_SOURCE 700   /* realpath */
#include <dlfcn.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef SF_HAVE_PNG
#include <png.h>
#endif

#include "harness/cli/show_int.h"


static uint8_t show_u8(double f) {
  if (!(f > 0.0)) return 0;
  if (f >= 1.0) return 255;
  return (uint8_t)(f * 255.0 + 0.5);
}

static void show_put(show_image *im, unsigned x, unsigned y, const uint8_t rgba[4]) {
  if (x < im->w && y < im->h) memcpy(im->px + ((size_t)y * im->w + x) * 4, rgba, 4);
}

/* Panel 0: the surface's level 0, slice 0 (nearest scaling to the panel). */
static void show_draw_surface(show_image *im, unsigned x0, sf_surface *s) {
  const sf_format_info *fi = sf_format_get(s->desc.format);
  unsigned w = s->levels[0].w ? s->levels[0].w : 1, h = s->levels[0].h ? s->levels[0].h : 1;
  for (unsigned y = 0; y < SF_SHOW_PANEL; y++)
    for (unsigned x = 0; x < SF_SHOW_PANEL; x++) {
      unsigned tx = x * w / SF_SHOW_PANEL, ty = y * h / SF_SHOW_PANEL;
      uint8_t c[4] = {0, 0, 0, 255};
      const uint8_t *t = fi && fi->cls != SF_FCLASS_YUV ? sf_surface_texel(s, 0, 0, tx, ty) : NULL;
      if (t) {
        uint32_t d[4];
        sf_format_decode(s->desc.format, t, d);
        bool is_int = fi->cls == SF_FCLASS_UINT || fi->cls == SF_FCLASS_SINT;
        for (unsigned k = 0; k < 3; k++) c[k] = is_int ? (uint8_t)(d[k] > 255 ? 255 : d[k]) : show_u8((double)show_f32(d[k]));
        if (fi->channels == 1) c[1] = c[2] = c[0];   /* grey for one-channel formats */
      } else if (fi && fi->cls == SF_FCLASS_YUV && s->data) {
        size_t at = (size_t)ty * s->levels[0].row_pitch + tx;   /* NV12: show the Y plane */
        if (at < s->size) c[0] = c[1] = c[2] = s->data[at];
      }
      show_put(im, x0 + x, y, c);
    }
}

static void show_draw_block(show_image *im, unsigned x0, const show_block *b) {
  unsigned w = b->w ? b->w : 1, h = b->h ? b->h : 1;
  for (unsigned y = 0; y < SF_SHOW_PANEL; y++)
    for (unsigned x = 0; x < SF_SHOW_PANEL; x++) {
      unsigned i = (y * h / SF_SHOW_PANEL) * w + x * w / SF_SHOW_PANEL;
      uint8_t c[4] = {0, 0, 0, 255};
      bool any = false;
      for (unsigned k = 0; k < 3 && i < SF_SHOW_MAX_PX; k++)
        if (b->have[k][i]) c[k] = show_u8(show_value(b, b->bits[k][i])), any = true;
      if (i < SF_SHOW_MAX_PX && b->have[0][i] && !b->have[1][i] && !b->have[2][i]) c[1] = c[2] = c[0];
      if (!any && i < SF_SHOW_MAX_PX && b->have[3][i]) c[0] = c[1] = c[2] = show_u8(show_value(b, b->bits[3][i]));
      show_put(im, x0 + x, y, c);
    }
}

/* Difference map: black where equal; otherwise red, brighter with the size of the largest channel
 * difference, magnified 16x with a floor of 96 so that a 1-ULP difference is visible. */
static void show_draw_diff(show_image *im, unsigned x0, const show_block *e, const show_block *a) {
  unsigned w = e->w ? e->w : 1, h = e->h ? e->h : 1;
  for (unsigned y = 0; y < SF_SHOW_PANEL; y++)
    for (unsigned x = 0; x < SF_SHOW_PANEL; x++) {
      unsigned i = (y * h / SF_SHOW_PANEL) * w + x * w / SF_SHOW_PANEL;
      uint8_t c[4] = {0, 0, 0, 255};
      double worst = -1.0;
      for (unsigned k = 0; k < 4 && i < SF_SHOW_MAX_PX; k++) {
        if (!e->have[k][i] || e->bits[k][i] == a->bits[k][i]) continue;
        double d = fabs(show_value(e, e->bits[k][i]) - show_value(a, a->bits[k][i]));
        if (!(d == d)) d = 1.0;   /* NaN: full scale */
        if (d > worst) worst = d;
      }
      if (worst >= 0.0) c[0] = (uint8_t)(96.0 + 159.0 * (worst * 16.0 > 1.0 ? 1.0 : worst * 16.0));
      show_put(im, x0 + x, y, c);
    }
  /* a grid line between cells keeps the cells countable */
  uint8_t grid[4] = {40, 40, 40, 255};
  for (unsigned k = 1; k < w; k++)
    for (unsigned y = 0; y < SF_SHOW_PANEL; y++) show_put(im, x0 + k * SF_SHOW_PANEL / w, y, grid);
  for (unsigned k = 1; k < h; k++)
    for (unsigned x = 0; x < SF_SHOW_PANEL; x++) show_put(im, x0 + x, k * SF_SHOW_PANEL / h, grid);
}

#ifdef SF_HAVE_PNG
static bool show_png_write(const char *path, const show_image *im) {
  FILE *f = fopen(path, "wb");
  if (!f) {
    fprintf(stderr, "samplefuzz show: %s: cannot open for writing\n", path);
    return false;
  }
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  png_infop info = png ? png_create_info_struct(png) : NULL;
  png_bytep *rows = calloc(im->h, sizeof *rows);
  bool ok = png && info && rows;
  if (ok && setjmp(png_jmpbuf(png))) ok = false;   /* libpng reports errors by longjmp */
  else if (ok) {
    png_init_io(png, f);
    png_set_IHDR(png, info, im->w, im->h, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
                 PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    for (unsigned y = 0; y < im->h; y++) rows[y] = im->px + (size_t)y * im->w * 4;
    png_write_image(png, rows);
    png_write_end(png, NULL);
  }
  if (png) png_destroy_write_struct(&png, info ? &info : NULL);
  free(rows);
  if (fclose(f) != 0) ok = false;
  if (!ok) fprintf(stderr, "samplefuzz show: %s: libpng could not write the image\n", path);
  return ok;
}

#else
static bool show_png_write(const char *path, const show_image *im) {
  (void)im;
  fprintf(stderr, "samplefuzz show: --png %s: this build has no libpng (%s; install libpng-dev and reconfigure)\n",
          path, sf_code_name(SF_UNSUPPORTED));
  return false;
}
#endif

static bool show_png(const char *path, sf_surface *surf, const show_block *e, const show_block *a) {
  show_image im = {4 * SF_SHOW_PANEL + 3 * SF_SHOW_GAP, SF_SHOW_PANEL, NULL};
  im.px = malloc((size_t)im.w * im.h * 4);
  if (!im.px) {
    fprintf(stderr, "samplefuzz show: out of memory\n");
    return false;
  }
  for (size_t i = 0; i < (size_t)im.w * im.h; i++) {   /* dark blue gaps, opaque */
    static const uint8_t gap[4] = {0, 0, 96, 255};
    memcpy(im.px + 4 * i, gap, 4);
  }
  show_draw_surface(&im, 0, surf);
  show_draw_block(&im, SF_SHOW_PANEL + SF_SHOW_GAP, e);
  show_draw_block(&im, 2 * (SF_SHOW_PANEL + SF_SHOW_GAP), a);
  show_draw_diff(&im, 3 * (SF_SHOW_PANEL + SF_SHOW_GAP), e, a);
  bool ok = show_png_write(path, &im);
  if (ok)
    printf("png: %s (%ux%u: surface level 0 | expected | actual | difference x16)\n", path, im.w, im.h);
  free(im.px);
  return ok;
}

int show_case(const uint8_t *data, size_t len, const sf_backend *forced, const char *png) {
  sf_case *c = malloc(sizeof *c);
  sf_case_env *env = calloc(1, sizeof *env);
  show_run *runs = calloc(SF_SHOW_MAX_BE, sizeof *runs);
  show_block *eb = malloc(sizeof *eb), *ab = malloc(sizeof *ab);
  int rc = 1;
  unsigned nruns = 0;
  sf_status st;
  sf_status_clear(&st);
  char why[SF_STATUS_MSG_MAX + 64], buf[768];
  if (!c || !env || !runs || !eb || !ab) goto done;
  if (sf_case_read(data, len, c, &st) != SF_OK || sf_case_env_build(c, env, &st) != SF_OK) {
    fprintf(stderr, "samplefuzz show: the case cannot be instantiated: %s\n", sf_status_format(&st, why, sizeof why));
    goto done;
  }
  printf("\ncase (layout version %u read as %u): %s\n", c->version, c->layout, sf_case_describe(c, buf, sizeof buf));
  show_inst(&c->inst);
  printf("surface:   %s\n", sf_surface_describe(env->surface, buf, sizeof buf));
  printf("sampler:   %s\n", sf_sampler_describe(&env->sampler, buf, sizeof buf));
  show_lanes(&c->inst, &env->state);

  /* expected = scalar; actual = the forced backend or every other listed one */
  const sf_backend *list[SF_SHOW_MAX_BE];
  unsigned nl = 0;
  list[nl++] = sf_backend_scalar();
  if (forced) {
    list[nl++] = forced;
  } else {
    const sf_backend *all[SF_SHOW_MAX_BE];
    unsigned na = sf_backend_list(all, SF_SHOW_MAX_BE);
    for (unsigned i = 0; i < na && nl < SF_SHOW_MAX_BE; i++)
      if (strcmp(all[i]->name, "scalar") != 0) list[nl++] = all[i];
  }
  for (unsigned i = 0; i < nl; i++) {
    show_run *r = &runs[i];
    r->be = list[i];
    sf_status_clear(&r->status);
    if (sf_case_state_clone(env, &r->st, &r->status) != SF_OK) {
      fprintf(stderr, "samplefuzz show: cannot copy the state: %s\n", sf_status_format(&r->status, why, sizeof why));
      goto done;
    }
    r->cloned = true;
    nruns++;
    r->rc = sf_exec(&c->inst, &r->st, r->be, &r->status);
  }
  printf("\nexecution (expected = %s):\n", list[0]->name);
  for (unsigned i = 0; i < nruns; i++)
    printf("  %-8s %s\n", runs[i].be->name,
           runs[i].rc ? sf_status_format(&runs[i].status, why, sizeof why) : sf_code_name(SF_OK));
  bool have_eb = runs[0].rc == SF_OK && show_extract(&c->inst, &runs[0].st, eb);
  if (have_eb) {
    unsigned n = eb->w * eb->h, shown = 0;
    printf("expected results (%s x channel, %s):\n", eb->unit, list[0]->name);
    for (unsigned i = 0; i < n && i < SF_SHOW_MAX_PX && shown < 32; i++) {
      bool any = false;
      for (unsigned k = 0; k < 4; k++) any |= eb->have[k][i];
      if (!any) continue;
      printf("  %5u", i);
      for (unsigned k = 0; k < 4; k++) {
        char t[48] = "-";
        if (eb->have[k][i]) show_fmt(eb, eb->bits[k][i], t, sizeof t);
        printf("  %c=%-24s", "rgba"[k], t);
      }
      printf("\n");
      shown++;
    }
    if (shown == 0) printf("  none written (execution mask 0 or no enabled channel)\n");
    else if (n > shown) printf("  (%u %ss; the first %u with a written channel shown)\n", n, eb->unit, shown);
  }
  const show_run *worst = nruns > 1 ? &runs[1] : NULL;
  unsigned total = 0;
  for (unsigned i = 1; i < nruns; i++) {
    const show_run *r = &runs[i];
    if (r->rc != runs[0].rc) {
      printf("status differs: %s %s, %s %s\n", list[0]->name, sf_code_name(runs[0].rc), r->be->name, sf_code_name(r->rc));
      total++;
      continue;
    }
    if (r->rc != SF_OK) continue;
    unsigned d = 0;
    if (have_eb && show_extract(&c->inst, &r->st, ab)) {
      printf("differences %s vs %s:\n", list[0]->name, r->be->name);
      d = show_diff_table(eb, ab, list[0]->name, r->be->name);
      if (!d) printf("  none: identical\n");
    }
    unsigned words = show_state_words(&runs[0].st, &r->st, list[0]->name, r->be->name);
    if (!d && words) printf("  (%u words differ outside the dst block)\n", words);
    if (d || words) {
      if (total == 0) worst = r;
      total += d + words;
    }
  }
  if (nruns == 1) printf("only the scalar backend is available: nothing to compare\n");
  else if (total == 0) printf("all %u backends agree\n", nruns);
  rc = 0;
  if (png) {
    if (!have_eb) {
      fprintf(stderr, "samplefuzz show: --png: no result block (the reference returned %s or the dst has no block layout)\n",
              sf_code_name(runs[0].rc));
      rc = 1;
    } else {
      if (!(worst && worst->rc == SF_OK && show_extract(&c->inst, &worst->st, ab))) *ab = *eb;
      if (!show_png(png, env->surface, eb, ab)) rc = 1;
    }
  }
done:
  if (!c || !env || !runs || !eb || !ab) fprintf(stderr, "samplefuzz show: out of memory\n");
  for (unsigned i = 0; i < nruns; i++)
    if (runs && runs[i].cloned) sf_state_free(&runs[i].st);
  if (env) sf_case_env_free(env);
  free(ab);
  free(eb);
  free(runs);
  free(env);
  free(c);
  return rc;
}
