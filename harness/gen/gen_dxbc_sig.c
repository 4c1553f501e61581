/* harness/gen/gen_dxbc_sig.c — signature chunks from fuzz data (sf_gen_dxbc_sig, samplefuzz/gen_d3d.h).
 *
 * A signature element (docs/dxbc.md §10) is a semantic name, an index and five to seven fields that
 * the binary form stores as whole u32s or bytes. Every value of each is valid to the container
 * format, and the text form writes each one (a name of the documented tables, or the number), so
 * the generator draws every field from its whole range. It leans on the values where a codec keeps
 * its boundaries: 0, 1, the last and first values of each table, 0xf and 0x10 for masks (the edge
 * between the xyzw letters and the number form), 0xff, and 0xffffffff. Names are identifiers of 1
 * to 255 characters, the longest the text form reads, and repeat (an encoder writes each distinct
 * name once). The number of elements reaches the chunk cap SF_DXBC_SIG_MAX_ELEMS one time in 4,096. */
#include <string.h>

#include "samplefuzz/dxbc.h"
#include "samplefuzz/gen.h"
#include "samplefuzz/gen_d3d.h"

static const uint32_t sig_u32_edges[] = {0, 1, 2, 3, 4, 9, 15, 16, 23, 63, 64, 70, 71, 0xf0, 0xf1, 0xff, 0x100,
                                         0xffff, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu};
static const uint8_t sig_mask_edges[] = {0, 1, 2, 4, 8, 0x3, 0x7, 0xc, 0xf, 0x10, 0x11, 0x80, 0xf0, 0xfe, 0xff};
static const char *const sig_names[] = {"TEXCOORD", "SV_Position", "SV_Target", "COLOR", "NORMAL", "SV_Depth",
                                        "SV_ClipDistance", "SV_InstanceID", "_", "A"};

static uint32_t sig_u32(sf_fdp *f) {
  switch (sf_fdp_pick(f, 4)) {
  case 0: return sf_fdp_u32(f);
  case 1: return sf_fdp_range(f, 0, 16);
  default: return sf_fdp_pick_u32(f, sig_u32_edges, sizeof sig_u32_edges / sizeof sig_u32_edges[0]);
  }
}

static uint8_t sig_mask(sf_fdp *f) { return sf_fdp_bool(f) ? sf_fdp_u8(f) : SF_FDP_PICK(f, sig_mask_edges); }

static void sig_name(sf_fdp *f, char name[SF_DXBC_SIG_NAME_MAX], const sf_dxbc_sig *so_far, bool short_only) {
  static const char first[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_";
  static const char rest[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_0123456789";
  switch (short_only ? 1 : sf_fdp_pick(f, 6)) {
  case 0: /* the name of an element before */
    if (so_far->n) {
      memcpy(name, so_far->e[sf_fdp_pick(f, (unsigned)(so_far->n < 256 ? so_far->n : 256))].name,
             SF_DXBC_SIG_NAME_MAX);
      return;
    }
    /* fall through */
  case 1:
  case 2: {
    const char *s = sig_names[sf_fdp_pick(f, sizeof sig_names / sizeof sig_names[0])];
    memcpy(name, s, strlen(s) + 1);
    return;
  }
  default: {
    unsigned len = sf_fdp_chance(f, 16) ? SF_DXBC_SIG_NAME_MAX - 1 : sf_fdp_range(f, 1, 24);
    name[0] = first[sf_fdp_pick(f, sizeof first - 1)];
    for (unsigned i = 1; i < len; i++) name[i] = rest[sf_fdp_pick(f, sizeof rest - 1)];
    name[len] = 0;
    return;
  }
  }
}

sf_code sf_gen_dxbc_sig(sf_fdp *f, uint32_t fourcc, sf_dxbc_sig *out, sf_status *st) {
  if (!f || !out) return sf_fail(st, SF_ERR_INVALID, "sf_gen_dxbc_sig: NULL argument");
  sf_dxbc_sig_init(out, fourcc);
  unsigned es = sf_dxbc_sig_elem_size(fourcc);
  if (!es) return sf_fail(st, SF_ERR_INVALID, "sf_gen_dxbc_sig: fourcc 0x%08x is not a signature chunk", fourcc);
  /* The cap one time in 4,096, with the short names only: the codecs' name sharing makes such a
   * chunk cost as much as a thousand ordinary ones. */
  bool cap = sf_fdp_u16(f) >= 0xfff0; /* not when the bytes have run out (zeros) */
  unsigned n = cap ? SF_DXBC_SIG_MAX_ELEMS : sf_fdp_range(f, 0, 6);
  for (unsigned i = 0; i < n; i++) {
    sf_dxbc_sig_entry e;
    memset(&e, 0, sizeof e);
    sig_name(f, e.name, out, cap);
    e.semantic_index = sig_u32(f);
    e.system_value = sig_u32(f);
    e.component_type = sf_fdp_bool(f) ? sf_fdp_range(f, 0, 3) : sig_u32(f);
    e.reg = sig_u32(f);
    e.mask = sig_mask(f);
    e.rw_mask = sig_mask(f);
    if (es >= 28) e.stream = sf_fdp_bool(f) ? sf_fdp_range(f, 0, 3) : sig_u32(f);
    if (es == 32) e.min_precision = sig_u32(f);
    sf_code c = sf_dxbc_sig_add(out, &e, st);
    if (c) {
      sf_dxbc_sig_free(out);
      return c;
    }
  }
  return SF_OK;
}
