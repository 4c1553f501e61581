/* visa_legacy_text.c — vISA text of the media-era surface messages, both directions, in
 * GenX_IR 1.0.12504's syntax (learned from intel-graphics-compiler visa/IsaDisassembly.cpp,
 * visa/CISA.l, visa/CISA.y, visa/BuildCISAIRImpl.cpp and visa/VISAKernelImpl.cpp at that release;
 * checked against GenX_IR, docs/visa-text.md "Gather, scatter, sample and load"):
 *
 *   gather|scatter.<1|2|4> (emask, 1|8|16) T<s> <global offset> <element offsets> <data>  0x39, 0x3a
 *   sample.<channels> (8|16) S<n> T<s> u v r dst                                        0x40
 *   load.<channels> (8|16) T<s> u v r dst                                               0x42
 *   vme_ime(<stream mode>,<search ctrl>) T<s>  uni ime ref0 ref1 cost output            0x54
 *   vme_sic T<s>  uni sic output   vme_idm T<s>  uni idm output                          0x55, 0x57
 *   vme_fbr ( <mb mode>, <sub-mb shape>, <sub-pred mode>) T<s>  uni fbr output           0x56
 *
 * These are the messages CM kernels use for buffers, for sampling on the platforms before the 3D
 * sampler messages and for video motion estimation; IGC's OpenCL path does not write them. The VME
 * messages carry the surface as their third field and GenX_IR prints it first; vme_idm has no
 * grammar rule in GenX_IR (its printer's form is read here). None has an execution-size field or a
 * predicate: gather/scatter carry their lane count and emask in one byte (bits 0-1: 8, 16, 1;
 * bits 4-7: the emask), sample/load their SIMD mode in bit 4 of the channel byte.
 *
 * Where GenX_IR's printer and parser disagree the text follows the parser: its printer writes a
 * gather whose modifier byte is 1 as `gather.mod.<n> (...).mod`, which its grammar does not read,
 * and its grammar reads `.mod` after the execution size but writes the modifier as 0; sample/load's
 * SIMD mode may be left out or be (32), both read as SIMD8 (bit 4 clear). We read those as GenX_IR
 * does and print only what reads back as the same bytes; the rest is SF_UNSUPPORTED from the
 * printer, naming the field. */
#include <string.h>

#include "harness/visa/visa_optab.h"
#include "harness/visa/visa_text_priv.h"

/* ---- printing ---------------------------------------------------------------------------------- */

/* gather (fields: element size, modifier, lanes, surface, global offset, element offsets, dst) and
 * scatter (the same without the modifier). */
static void print_gather(pctx *c, const sf_visa_ginst *g, const char *name) {
  bool gather = g->op == 0x39;
  if (!vt_kinds_are(g, 0, gather ? "bbbbVRR" : "bbbVRR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  unsigned at = gather ? 2 : 1;
  uint32_t elt = g->ops[0].u, lanes = g->ops[at].u;
  if (elt > 2) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: element size code %u has no text form (0-2: 1, 2, 4 bytes)", name, (unsigned)elt);
    return;
  }
  if (gather && g->ops[1].u != 0) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: modifier %u has no text form (GenX_IR's parser writes 0 for .mod)", name,
             (unsigned)g->ops[1].u);
    return;
  }
  if ((lanes & 0x0C) || (lanes & 3) == 3 || lanes > 0xFF) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: lane byte 0x%02x has no text form (bits 0-1: 8, 16, 1 lanes; bits 4-7: emask)", name,
             (unsigned)lanes);
    return;
  }
  static const unsigned n_lanes[3] = {8, 16, 1};
  vt_ob_fmt(&c->o, "%s.%u (%s, %u)", name, 1u << elt, vt_emask_names[lanes >> 4], n_lanes[lanes & 3]);
  vt_print_surface(c, (uint8_t)g->ops[at + 1].u);
  vt_print_vopnd(c, &g->ops[at + 2].v);
  vt_print_raw(c, &g->ops[at + 3].r);
  vt_print_raw(c, &g->ops[at + 4].r);
}

/* sample (fields: channels and SIMD mode, sampler, surface, u, v, r, dst) and load (the same
 * without the sampler). */
static void print_sample(pctx *c, const sf_visa_ginst *g, const char *name) {
  bool sample = g->op == 0x40;
  if (!vt_kinds_are(g, 0, sample ? "bbbRRRR" : "bbRRRR")) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  uint32_t mode = g->ops[0].u;
  if ((mode & 0xF) == 0 || mode > 0x1F) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: channel byte 0x%02x has no text form (bits 0-3 a channel mask other than 0, bit 4 SIMD16)",
             name, (unsigned)mode);
    return;
  }
  vt_ob_put(&c->o, name);
  vt_ob_put(&c->o, ".");
  vt_print_chan(c, (uint8_t)(mode & 0xF));
  vt_ob_put(&c->o, mode & 0x10 ? " (16)" : " (8)");
  unsigned i = 1;
  if (sample) vt_print_sampler(c, (uint8_t)g->ops[i++].u);
  vt_print_surface(c, (uint8_t)g->ops[i++].u);
  for (; i < g->num_ops; i++) vt_print_raw(c, &g->ops[i].r);
}

/* The VME messages (fields in byte order: ime: stream mode, search control, uni, ime, surface, ref0,
 * ref1, cost center, output; sic/idm: uni, input, surface, output; fbr: uni, fbr, surface, the three
 * mode operands, output). GenX_IR writes the surface as `T<index>`; we write its name (the same for
 * T1, T2 and declared surfaces, and one GenX_IR's parser reads for the other predefined ones). */
static void print_vme(pctx *c, const sf_visa_ginst *g, const char *name) {
  static const char *const lay[4] = {"bbRRbRRRR", "RRbR", "RRbVVVR", "RRbR"};
  unsigned w = (unsigned)(g->op - 0x54);
  if (w > 3 || !vt_kinds_are(g, 0, lay[w])) {
    vt_pfail(c, SF_UNSUPPORTED, "%s: fields do not match its syntax class", name);
    return;
  }
  unsigned s = w == 0 ? 4 : 2; /* the surface's field */
  vt_ob_put(&c->o, name);
  if (w == 0) vt_ob_fmt(&c->o, "(%u,%u)", (unsigned)g->ops[0].u, (unsigned)g->ops[1].u);
  if (w == 2) {
    vt_ob_put(&c->o, " (");
    for (unsigned i = 3; i < 6; i++) {
      if (i > 3) vt_ob_put(&c->o, ",");
      vt_print_vopnd(c, &g->ops[i].v);
    }
    vt_ob_put(&c->o, ")");
  }
  vt_print_surface(c, (uint8_t)g->ops[s].u);
  vt_ob_put(&c->o, " "); /* two blanks before the inputs, as IsaDisassembly.cpp prints them */
  for (unsigned i = w == 0 ? 2 : 0; i < s; i++) vt_print_raw(c, &g->ops[i].r);
  for (unsigned i = s + 1; i < g->num_ops; i++) /* the raw operands after it (vme_fbr's modes are printed above) */
    if (g->ops[i].kind == SF_VF_RAW) vt_print_raw(c, &g->ops[i].r);
}

void vt_print_legacy(pctx *c, const sf_visa_ginst *g, const char *name, uint8_t syn) {
  if (syn == SF_VSYN_GATHER) print_gather(c, g, name);
  else if (syn == SF_VSYN_SAMPLE) print_sample(c, g, name);
  else if (syn == SF_VSYN_VME) print_vme(c, g, name);
  else vt_pfail(c, SF_UNSUPPORTED, "%s: not a first-generation surface message", name);
}

/* ---- parsing ----------------------------------------------------------------------------------- */

/* gather|scatter.<1|2|4> (emask, 1|8|16)[.mod] T<s> offset offsets data */
static bool p_gather(cur *c, const vt_gmatch *m, vt_gbuild *b) {
  static const char *const sz[3] = {".1", ".2", ".4"};
  int elt = -1;
  for (int q = 0; q < 3; q++)
    if (vt_ieq(m->rest, m->rest_n, sz[q])) elt = q;
  if (elt < 0) return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .1, .2 or .4 (bytes an element) after %s", m->name), false;
  vt_ws(c);
  size_t at = c->i;
  uint8_t size, emask;
  if (!vt_count_token(c) || !vt_p_exec(c, &size, &emask)) return false;
  /* exec size codes 3, 4, 0 (8, 16, 1 lanes) are the lane codes 0, 1, 2 */
  uint32_t code = size == 3 ? 0u : size == 4 ? 1u : size == 0 ? 2u : 3u;
  if (code == 3) return vt_perr(c, SF_ERR_RANGE, at, "%s takes 1, 8 or 16 lanes", m->name), false;
  if (c->i + 4 <= c->n && c->s[c->i] == '.' && vt_ieq(c->s + c->i + 1, 3, "mod") &&
      (c->i + 4 == c->n || !vt_id_char(c->s[c->i + 4])))
    c->i += 4; /* GenX_IR's grammar reads it and writes the modifier as 0 */
  vt_gput_u(b, SF_VF_UB, (uint32_t)elt);
  if (m->op == 0x39) vt_gput_u(b, SF_VF_UB, 0);
  vt_gput_u(b, SF_VF_UB, code | (uint32_t)emask << 4);
  uint8_t surf;
  vt_ws(c);
  if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
  vt_gput_u(b, SF_VF_UB, surf);
  return vt_gput_v(c, b, "the global offset") && vt_gput_r(c, b, "the element offsets") &&
         vt_gput_r(c, b, m->op == 0x39 ? "the destination" : "the source");
}

/* sample|load.<channels> [(8|16|32)] [S<n>] T<s> u v r dst */
static bool p_sample(cur *c, const vt_gmatch *m, vt_gbuild *b) {
  uint8_t mask = 0;
  if (m->rest_n < 2 || m->rest[0] != '.' || vt_ieq(m->rest + 1, m->rest_n - 1, "ch0"))
    return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "expected .<channels> (R, G, B, A in that order) after %s", m->name), false;
  if (!vt_p_chan(c, m->rest + 1, m->rest_n - 1, m->rest_at + 1, &mask)) return false;
  uint32_t simd16 = 0;
  vt_ws(c);
  if (vt_peek(c) == '(') {
    size_t at = c->i + 1;
    uint64_t v;
    if (!vt_count_token(c)) return false;
    c->i++;
    vt_ws(c);
    if (!vt_unum(c, 255, &v, "the SIMD mode")) return false;
    if (v != 8 && v != 16 && v != 32) return vt_perr(c, SF_ERR_RANGE, at, "SIMD mode %u: expected 8, 16 or 32", (unsigned)v), false;
    vt_ws(c);
    if (!vt_expect(c, ')', "after the SIMD mode")) return false;
    simd16 = v == 16; /* (32) reads as SIMD8, as GenX_IR's parser writes it */
  }
  vt_gput_u(b, SF_VF_UB, mask | simd16 << 4);
  uint8_t slot;
  if (m->op == 0x40) {
    vt_ws(c);
    if (!vt_count_token(c) || !vt_p_state_slot(c, &slot, "a sampler")) return false;
    vt_gput_u(b, SF_VF_UB, slot);
  }
  vt_ws(c);
  if (!vt_count_token(c) || !vt_p_state_slot(c, &slot, "a surface")) return false;
  vt_gput_u(b, SF_VF_UB, slot);
  return vt_gput_r(c, b, "u") && vt_gput_r(c, b, "v") && vt_gput_r(c, b, "r") && vt_gput_r(c, b, "the destination");
}

/* vme_ime(<n>,<n>) | vme_fbr (<v>,<v>,<v>) | vme_sic | vme_idm, then T<s> and the raw operands;
 * the fields are built in byte order (the surface after the first two raw operands). */
static bool p_vme(cur *c, const vt_gmatch *m, vt_gbuild *b) {
  if (m->rest_n) return vt_perr(c, SF_ERR_SYNTAX, m->rest_at, "%s takes no suffix", m->name), false;
  unsigned w = (unsigned)(m->op - 0x54);
  sf_visa_gop modes[3];
  unsigned nmodes = 0;
  if (w == 0 || w == 2) {
    vt_ws(c);
    if (!vt_count_token(c) || !vt_expect(c, '(', w ? "and the three FBR modes" : "and the stream mode and search control"))
      return false;
    for (unsigned i = 0; i < (w ? 3u : 2u); i++) {
      vt_ws(c);
      if (i && !vt_expect(c, ',', "between the modes")) return false;
      if (w) {
        vt_gbuild t;
        t.n = 0;
        if (!vt_gput_v(c, &t, i == 0 ? "the MB mode" : i == 1 ? "the sub-MB shape" : "the sub-prediction mode")) return false;
        modes[nmodes++] = t.ops[0];
      } else {
        uint64_t x;
        if (!vt_count_token(c) || !vt_unum(c, 255, &x, i ? "the search control" : "the stream mode")) return false;
        vt_gput_u(b, SF_VF_UB, (uint32_t)x);
      }
    }
    vt_ws(c);
    if (!vt_expect(c, ')', "after the modes")) return false;
  }
  uint8_t surf;
  vt_ws(c);
  if (!vt_count_token(c) || !vt_p_state_slot(c, &surf, "a surface")) return false;
  static const char *const in1[4] = {"the IME input", "the SIC input", "the FBR input", "the IDM input"};
  if (!vt_gput_r(c, b, "the universal input") || !vt_gput_r(c, b, in1[w])) return false;
  vt_gput_u(b, SF_VF_UB, surf);
  if (w == 0 && (!vt_gput_r(c, b, "ref0") || !vt_gput_r(c, b, "ref1") || !vt_gput_r(c, b, "the cost center"))) return false;
  for (unsigned i = 0; i < nmodes; i++) b->ops[b->n++] = modes[i];
  return vt_gput_r(c, b, "the output");
}

bool vt_parse_legacy(cur *c, const vt_gmatch *m, vt_gbuild *b) {
  if (m->syn == SF_VSYN_GATHER) return p_gather(c, m, b);
  if (m->syn == SF_VSYN_SAMPLE) return p_sample(c, m, b);
  if (m->syn == SF_VSYN_VME) return p_vme(c, m, b);
  return vt_perr(c, SF_UNSUPPORTED, m->rest_at, "%s: not a first-generation surface message", m->name), false;
}
