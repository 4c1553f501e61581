/* show_int.h — private to harness/cli: what the files of `samplefuzz show` share (cmd_show.c, the
 * command; show_views.c, show_lanes.c, show_image.c; show_backend.c with show_footprint.c for
 * backend_diff_fuzzer inputs). */
#ifndef SF_SHOW_INT_H
#define SF_SHOW_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "harness/cli/cli_util.h"
#include "samplefuzz/backend.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/case.h"
#include "samplefuzz/dxbc.h"
#include "samplefuzz/oracle.h"
#include "samplefuzz/sampler.h"
#include "samplefuzz/triage.h"
#include "samplefuzz/visa.h"

#define SF_SHOW_PANEL 128u   /* each PNG panel is 128 x 128 pixels */

#define SF_SHOW_GAP 8u       /* dark blue gap between panels */

#define SF_SHOW_MAX_BE 8u

#define SF_SHOW_MAX_PX 128u  /* AVS 16x8 is the largest block */

#define SF_SHOW_MAX_ROWS 256u /* rows of the difference table before "... more" */

typedef enum { SF_SHOW_F32, SF_SHOW_F16, SF_SHOW_INT, SF_SHOW_SINT, SF_SHOW_FX88, SF_SHOW_U8 } show_kind;

typedef struct show_block {
  unsigned w, h;                     /* pixel grid (lanes laid out row by row) */
  show_kind kind;
  uint32_t bits[4][SF_SHOW_MAX_PX];  /* raw value per channel and pixel */
  bool have[4][SF_SHOW_MAX_PX];      /* written by the instruction */
  char unit[8];                      /* "lane" or "pixel" */
} show_block;

typedef struct show_image {
  unsigned w, h;
  uint8_t *px;   /* RGBA8 */
} show_image;


typedef struct show_run {
  const sf_backend *be;
  sf_state st;
  sf_code rc;
  sf_status status;
  bool cloned;
} show_run;

float show_f32(uint32_t u);
void show_hex(const char *label, const uint8_t *p, size_t n, size_t max);
uint64_t show_ulp32(uint32_t a, uint32_t b);
uint64_t show_ulp16(uint16_t a, uint16_t b);
void show_inst(const sf_inst *in);
void show_codec(const sf_target *t, const uint8_t *data, size_t len);
void show_lanes(const sf_inst *in, const sf_state *s);
bool show_extract(const sf_inst *in, const sf_state *s, show_block *b);
double show_value(const show_block *b, uint32_t bits);
void show_fmt(const show_block *b, uint32_t bits, char *buf, size_t n);
unsigned show_diff_table(const show_block *e, const show_block *a, const char *ename, const char *aname);
unsigned show_state_words(const sf_state *x, const sf_state *y, const char *nx, const char *ny);
int show_case(const uint8_t *data, size_t len, const sf_backend *forced, const char *png);
/* backend_diff_fuzzer: the batch the check judged, and for each rejected lane (or lane_sel >= 0)
 * its inputs, the reference's footprint, the allowed ranges and the configuration the
 * implementation's value matches (show_backend.c). iut NULL: the check's own ($SF_BACKEND or
 * scalar). Returns 0, or 1 when nothing could be shown. */
int show_backend_batch(const uint8_t *data, size_t len, sf_backend_handle *iut, int lane_sel);

/* show_case.c: `show FILE --case`, the case text of a sampler reproducer on stdout. Returns the exit
 * status (0 written, 1 the case could not be built or written, 2 not a sampler case). */
int sf_show_case(const sf_target *t, const uint8_t *data, size_t len);

#endif
