/* oracles/checks/check_isa_objects.c — `object_order`: a written `.isa` file with its objects laid
 * out in the reverse order reads as the same file.
 *
 * The `.isa` header locates every kernel object, function object and Gen binary by an offset and a
 * size (the vISA specification's file header; docs/visa-binary.md). Nothing asks for an order: a
 * reader that seeks to each offset reads a file whose objects come in any order the same way. Our
 * writer, like IGC's, lays them out in table order right after the header, so every file the
 * targets read has its first kernel at the end of the header and its functions after the kernels: a
 * reader that assumed that order, or whose "the object overlaps the header" test was one byte too
 * strict for a function, read every such file correctly. Here the written file's objects are
 * copied into a new file in the reverse order (the last one right after the header), every offset
 * in the header and each kernel's input_offset moved with its object, and the new file must read,
 * as the same kernels and functions (sf_isa_same_file). Every written file with a function and two
 * objects or more, and one in four of the others with two or more; a header this check cannot walk
 * is left alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "oracles/checks/check_int.h"
#include "samplefuzz/bytes.h"
#include "samplefuzz/visa.h"

#define OO_MAX 512u /* objects moved at most (kernels, functions and Gen binaries) */

typedef struct oo_obj {
  size_t field;    /* where the object's offset field lies in the header */
  size_t in_field; /* a kernel's input_offset field (0: none) */
  uint32_t off, size;
} oo_obj;

static void oo_put32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8), p[2] = (uint8_t)(v >> 16), p[3] = (uint8_t)(v >> 24);
}

/* Walks the header of w: the objects' offset fields, and where the header ends. False when the
 * header is not one this check knows how to walk (it then says nothing). */
static bool oo_walk(const sf_isa_file *g, const uint8_t *w, size_t wn, oo_obj *o, unsigned *no, size_t *hend) {
  unsigned ver = g->major ? SF_VISA_V(g->major, g->minor) : SF_VISA_V(4, 1);
  size_t nlw = ver >= SF_VISA_V(3, 7) ? 2u : 1u, p = 8;
  if (wn < 8) return false;
  unsigned nk = sf_le16(w + 6), n = 0;
  for (unsigned i = 0; i < nk; i++) { /* name_len, name, offset, size, input_offset, two counts, Gen binaries */
    if (p + nlw > wn) return false;
    p += nlw + (nlw == 2 ? sf_le16(w + p) : w[p]);
    if (p + 17 > wn || n >= OO_MAX) return false;
    o[n++] = (oo_obj){p, p + 8, sf_le32(w + p), sf_le32(w + p + 4)};
    p += 16;
    unsigned ng = w[p++];
    for (unsigned k = 0; k < ng; k++, p += 9) { /* platform UB, offset UD, size UD */
      if (p + 9 > wn || n >= OO_MAX) return false;
      uint32_t size = sf_le32(w + p + 5);
      if (size) o[n++] = (oo_obj){p + 1, 0, sf_le32(w + p + 1), size};
    }
  }
  if (p + 4 > wn) return false;
  unsigned nfn = sf_le16(w + p + 2);
  p += 4;
  for (unsigned i = 0; i < nfn; i++) { /* linkage, name_len, name, offset, size, two counts */
    if (p + 1 + nlw > wn) return false;
    p += 1 + nlw + (nlw == 2 ? sf_le16(w + p + 1) : w[p + 1]);
    if (p + 12 > wn || n >= OO_MAX) return false;
    o[n++] = (oo_obj){p, 0, sf_le32(w + p), sf_le32(w + p + 4)};
    p += 12;
  }
  *no = n;
  *hend = p;
  return true;
}

bool sf_check_isa_object_order(const sf_isa_file *g, const uint8_t *w, size_t wn, uint64_t h, sf_verdict *v) {
  if (g->num_kernels + g->num_functions < 2 || (!g->num_functions && (h >> 20) % 4u != 1u)) return true;
  oo_obj *o = malloc(OO_MAX * sizeof *o);
  if (!o) return true;
  unsigned n = 0;
  size_t hend = 0;
  uint8_t *x = NULL;
  bool ok = true, walked = oo_walk(g, w, wn, o, &n, &hend);
  /* the objects must lie after the header and inside the file (the file read, so they do) */
  for (unsigned i = 0; walked && i < n; i++) walked = o[i].off >= hend && (uint64_t)o[i].off + o[i].size <= wn;
  size_t total = hend;
  for (unsigned i = 0; walked && i < n; i++) total += o[i].size;
  if (walked && n >= 2 && total <= UINT32_MAX && (x = malloc(total)) != NULL) {
    memcpy(x, w, hend);
    size_t at = hend;
    for (unsigned r = n; r-- > 0;) { /* the last object first */
      memcpy(x + at, w + o[r].off, o[r].size);
      oo_put32(x + o[r].field, (uint32_t)at);
      if (o[r].in_field) oo_put32(x + o[r].in_field, (uint32_t)(sf_le32(w + o[r].in_field) - o[r].off + at));
      at += o[r].size;
    }
    sf_isa_file y;
    memset(&y, 0, sizeof y);
    sf_status st;
    sf_status_clear(&st);
    sf_code rc = sf_isa_read(x, total, &y, &st);
    char why[300] = "";
    if (rc != SF_ERR_NOMEM && !(rc == SF_OK && sf_isa_same_file(g, &y, false, why, sizeof why))) {
      ok = false;
      sf_verdict_fail(v, "object_order", NULL, rc == SF_OK ? "differs" : "refused");
      sf_verdict_key(v, "object_order %s", rc == SF_OK ? "differs" : sf_code_name(rc));
      char msg[SF_STATUS_MSG_MAX + 64];
      sf_verdict_dumpf(v, "the written file (%u objects after a %zu-byte header) with its objects in the reverse order %s: %s\n",
                       n, hend, rc == SF_OK ? "reads as another file" : "is refused",
                       rc == SF_OK ? why : sf_status_format(&st, msg, sizeof msg));
    }
    sf_isa_free(&y);
  }
  free(x);
  free(o);
  return ok;
}
