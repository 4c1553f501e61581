/* visa_kernel_priv.h — internal helpers shared by visa_kernel.c and the text codec (visa_text_priv.h) (not public API).
 * The kernel model itself is sf_visa_kernel in include/samplefuzz/visa.h. */
#ifndef SF_VISA_KERNEL_PRIV_H
#define SF_VISA_KERNEL_PRIV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/visa.h"

/* Longest symbol or kernel name the builders accept (bytes, without the NUL). */
#define SF_VISA_MAX_NAME 1024u
/* Predefined general variables V0..V20 have names; V21..V31 are reserved. */
#define SF_VISA_NUM_PREDEF_VARS 21u
#define SF_VISA_NUM_PREDEF_SURFACES 6u

/* "%null", "%r0", ... for id < 21; NULL otherwise. */
const char *sf_visa_predef_var_name(uint32_t id);
/* "%slm", "T1", "T2", "TSS", "%bss", "%scratch" for index < 6; NULL otherwise. */
const char *sf_visa_predef_surface_name(uint32_t idx);
/* strings[idx] or NULL when idx is out of range. */
const char *sf_visa_kernel_string(const sf_visa_kernel *k, uint32_t idx);
/* True when s[0..n) is an identifier the text syntax can carry: [A-Za-z_$@][A-Za-z0-9_$@]*,
 * at most SF_VISA_MAX_NAME bytes. */
bool sf_visa_ident_ok(const char *s, size_t n);
/* Makes *arr hold at least `need` elements of esz bytes (amortized growth); false when out of memory. */
bool sf_visa_grow(void **arr, size_t need, size_t esz);
/* Appends a copy of s[0..n) to the kernel's string table, without looking for an equal string (as
 * GenX_IR does for an fcall's callee name); its index, or -1 with st set. */
int64_t sf_visa_kernel_add_string(sf_visa_kernel *k, const char *s, size_t n, sf_status *st);
/* Appends a kernel attribute with raw value bytes (size <= 255; value may be NULL only when size is
 * 0). SF_ERR_INVALID for a NULL kernel, name or value, with nothing added. */
sf_code sf_visa_kernel_add_attr(sf_visa_kernel *k, const char *name, const uint8_t *value, uint8_t size,
                                sf_status *st);

/* The kind of a declared name, for the text parser. */
typedef enum sf_visa_symkind {
  SF_SYM_NONE = 0, SF_SYM_VAR, SF_SYM_SAMPLER, SF_SYM_SURFACE, SF_SYM_PRED, SF_SYM_ADDR
} sf_visa_symkind;
/* Finds a declared name (user declarations only, in the order vars, addresses, predicates,
 * samplers, surfaces). *id gets the var id (from 32), sampler index, surface index (from 6),
 * predicate id (from 1) or address id (from 0). */
sf_visa_symkind sf_visa_kernel_lookup(const sf_visa_kernel *k, const char *s, size_t n, uint32_t *id);

/* Adds a declaration of the given kind (VAR: type/align used; PRED/ADDR: num_elts used; SAMPLER,
 * SURFACE: one element). check_unique=false skips the O(n) duplicate-name scan when the caller
 * already checked with a name index. Returns the id as the public builders do, or -1. */
int64_t sf_visa_kernel_declare(sf_visa_kernel *k, sf_visa_symkind kind, const char *name, uint8_t type,
                               uint16_t num_elts, uint8_t align, bool check_unique, sf_status *st);

/* A hash index over a kernel's declared names, so that parsing and printing big kernels stays
 * linear. Keys point at the kernel's own strings (which never move). First declaration wins, as in
 * sf_visa_kernel_lookup. */
typedef struct sf_visa_name_ent {
  const char *name;
  uint32_t id;
  uint8_t kind;
} sf_visa_name_ent;
typedef struct sf_visa_names {
  sf_visa_name_ent *ent;
  uint32_t cap, count;
} sf_visa_names;
bool sf_visa_names_add(sf_visa_names *ix, const char *name, sf_visa_symkind kind, uint32_t id);
sf_visa_symkind sf_visa_names_find(const sf_visa_names *ix, const char *s, size_t n, uint32_t *id);
/* Indexes every declaration of k in lookup order; false on allocation failure. */
bool sf_visa_names_build(sf_visa_names *ix, const sf_visa_kernel *k);
void sf_visa_names_free(sf_visa_names *ix);

/* Walks a kernel's whole instruction stream in order: gens[] at their positions `at`, insts[] and
 * rets[] (by `before`) in the other positions (visa.h). Start from a zeroed walker; each call
 * returns the kind of the next instruction and its index in its array (*idx). */
typedef struct sf_visa_walk {
  uint32_t pos, ii, ri, gi;
} sf_visa_walk;
typedef enum sf_visa_walk_kind {
  SF_WALK_END = 0, SF_WALK_INST, SF_WALK_RET, SF_WALK_GEN, SF_WALK_ERR /* st set */
} sf_visa_walk_kind;
sf_visa_walk_kind sf_visa_walk_next(const sf_visa_kernel *k, sf_visa_walk *w, uint32_t *idx, sf_status *st);

/* Appends a label (name, kind) to k; returns its id or -1 (st set). */
int64_t sf_visa_kernel_add_label(sf_visa_kernel *k, const char *name, size_t n, uint8_t kind, sf_status *st);

#endif
