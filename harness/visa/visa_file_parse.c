/* visa_file_parse.c — vISA text: the whole-file parser (sf_visaasm_parse): .version, .kernel and
 * .global_function (vISA functions), .funcdecl, .decl
 * with aliases, .input, .kernel_attr, .function, labels, instruction lines (sampler, generic: visa_gen_parse.c) and ret
 * (docs/visa-text.md "Files", "Generic instructions"). */
#include <errno.h>
#include <float.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness/visa/visa_text_priv.h"
#include "samplefuzz/bytes.h"


/* Kernel attributes IGC stores as integers; printed as decimals when 4 bytes long. IGC's attribute
 * table (visa/include/VISAAttributes.h) spells PerThreadInputSize and CrossThreadInputSize with a
 * capital letter and still reads the older lower-case spellings; both are listed. */
const char *const vt_int_attrs[] = {"SimdSize",  "SLMSize",   "ArgSize",            "RetValSize",
                                    "FESPSize",  "NumGRF",    "perThreadInputSize", "SpillMemOffset",
                                    "NoBarrier", "Extern",    "Callable",           "Entry",
                                    "PerThreadInputSize", "CrossThreadInputSize", "crossThreadInputSize",
                                    "NBarrierCnt"};
const size_t vt_int_attrs_count = sizeof vt_int_attrs / sizeof vt_int_attrs[0];

const char *const vt_target_names[3] = {"cm", "3d", "cs"};

static void free_file(sf_isa_file *f) {
  if (f->kernels)
    for (uint32_t i = 0; i < f->num_kernels; i++) sf_visa_kernel_free(&f->kernels[i]);
  free(f->kernels);
  if (f->functions)
    for (uint32_t i = 0; i < f->num_functions; i++) sf_visa_kernel_free(&f->functions[i]);
  free(f->functions);
  memset(f, 0, sizeof *f);
}

/* Converts a builder's error (no position) into one at line:col. */
static sf_code relay(cur *c, size_t at, const sf_status *bst) {
  sf_code code = bst->code == SF_ERR_INVALID ? SF_ERR_SYNTAX : bst->code;
  return vt_perr(c, code == SF_OK ? SF_ERR_SYNTAX : code, at, "%s", bst->msg);
}

static bool p_version(cur *c, sf_isa_file *f) {
  uint64_t maj, min;
  vt_ws(c);
  size_t at = c->i;
  if (!vt_unum(c, 255, &maj, "the major version") || !vt_expect(c, '.', "between major and minor version") ||
      !vt_unum(c, 255, &min, "the minor version"))
    return false;
  if (!sf_isa_version_ok((uint8_t)maj, (uint8_t)min)) {
    vt_perr(c, SF_UNSUPPORTED, at, "vISA version %u.%u: supported are 3.1 to 3.255, 4.0 and 4.1 (the .isa form of "
            "the text depends on the version)", (unsigned)maj, (unsigned)min);
    return false;
  }
  f->major = (uint8_t)maj;
  f->minor = (uint8_t)min;
  return vt_finish_line(c);
}

/* .kernel "name" starts a kernel, .global_function "name" a vISA function (fn): a new object of
 * the file, which the following lines fill. */
static bool p_kernel(cur *c, sf_isa_file *f, bool fn) {
  vt_ws(c);
  char name[SF_VISA_MAX_NAME + 1];
  size_t at = c->i, n;
  if (vt_peek(c) == '"') {
    c->i++;
    size_t j = c->i;
    while (j < c->n && c->s[j] != '"') j++;
    if (j >= c->n) return vt_perr(c, SF_ERR_SYNTAX, at, "unterminated kernel name string"), false;
    n = j - c->i;
    if (n == 0 || n > SF_VISA_MAX_NAME) return vt_perr(c, SF_ERR_RANGE, at, "kernel name must be 1..%u bytes", SF_VISA_MAX_NAME), false;
    /* A carriage return would not survive a print (it ends lines on some systems): refused here, as
     * the printer refuses to write it. (A NUL, which would cut the name short, never gets here: the
     * file reader refuses a line that holds one.) */
    for (size_t q = c->i; q < j; q++)
      if (c->s[q] == '\r') return vt_perr(c, SF_ERR_SYNTAX, q, "kernel name holds a carriage return"), false;
    memcpy(name, c->s + c->i, n);
    c->i = j + 1;
  } else {
    const char *s;
    if (!vt_ident(c, &s, &n, &at, "a kernel name (identifier or \"string\")")) return false;
    memcpy(name, s, n);
  }
  name[n] = 0;
  if (!vt_finish_line(c)) return false;
  sf_visa_kernel **arr = fn ? &f->functions : &f->kernels;
  uint16_t *count = fn ? &f->num_functions : &f->num_kernels;
  if (*count >= SF_ISA_MAX_KERNELS)
    return vt_perr(c, SF_ERR_LIMIT, at, "more than %u %s", SF_ISA_MAX_KERNELS, fn ? "functions" : "kernels"), false;
  if (!sf_visa_grow((void **)arr, (size_t)*count + 1, sizeof **arr)) return vt_perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  sf_status bst;
  sf_status_clear(&bst);
  if (sf_visa_kernel_init(&(*arr)[*count], name, &bst) != SF_OK) return relay(c, at, &bst), false;
  (*arr)[*count].is_function = fn;
  (*count)++;
  return true;
}

/* .funcdecl "name": a function the kernel may call (IGC lists every function of its builder there;
 * GenX_IR's parser ignores the line). Kept as read, for the printer (visa.h funcdecls). */
static bool p_funcdecl(cur *c, sf_visa_kernel *k) {
  vt_ws(c);
  size_t at = c->i;
  if (!vt_expect(c, '"', "to open the function name")) return false;
  const char *s;
  size_t n, nat;
  if (!vt_ident(c, &s, &n, &nat, "a function name")) return false;
  if (!vt_expect(c, '"', "to close the function name") || !vt_finish_line(c)) return false;
  if (k->num_funcdecls >= SF_ISA_MAX_KERNELS)
    return vt_perr(c, SF_ERR_LIMIT, at, "more than %u .funcdecl lines", SF_ISA_MAX_KERNELS), false;
  char *copy = malloc(n + 1);
  if (!copy || !sf_visa_grow((void **)&k->funcdecls, (size_t)k->num_funcdecls + 1, sizeof *k->funcdecls))
    return free(copy), vt_perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  memcpy(copy, s, n);
  copy[n] = 0;
  k->funcdecls[k->num_funcdecls++] = copy;
  return true;
}

static bool p_align(cur *c, uint8_t *align) {
  const char *s;
  size_t n, at;
  vt_ws(c);
  if (vt_is_digit(vt_peek(c))) { /* 2GRF, 32word, 64word: GenX_IR's lexer (CISA.l) takes these older spellings */
    at = c->i;
    s = c->s + c->i;
    while (c->i < c->n && vt_id_char(c->s[c->i])) c->i++;
    n = c->i - at;
  } else if (!vt_ident(c, &s, &n, &at, "an alignment (word, dword, qword, oword, GRF, GRFx2, hword, wordx32, wordx64)")) {
    return false;
  }
  for (uint8_t q = 0; q < 10; q++)
    if (vt_ieq(s, n, vt_align_names[q])) return *align = q, true;
  if (vt_ieq(s, n, "2GRF")) return *align = 6, true;
  if (vt_ieq(s, n, "32word")) return *align = 8, true;
  if (vt_ieq(s, n, "64word")) return *align = 9, true;
  uint32_t v;
  if (vt_prefixed_num(s, n, "align_", &v) && v <= 15) return *align = (uint8_t)v, true;
  return vt_perr(c, SF_ERR_SYNTAX, at, "'%.*s' is not an alignment: expected byte, word, dword, qword, oword, GRF, GRFx2, hword, wordx32 or wordx64",
              sf_quote_len(n, SF_QUOTE_WORD), s), false;
}

/* Resolves the recorded alias targets of kernel k (names index ix); errors at the name's line:col. */
static sf_code resolve_aliases(alias_list *al, sf_visa_kernel *k, const sf_visa_names *ix, sf_status *st) {
  sf_code err = SF_OK;
  symsrc src = {k, ix, NULL};
  for (uint32_t i = 0; i < al->count && err == SF_OK; i++) {
    const alias_ref *a = &al->r[i];
    cur c = {a->line, a->line_n, a->at, a->line_no, &src, st, 0, SF_OK};
    uint32_t id = 0;
    sf_visa_symkind other = SF_SYM_NONE;
    res_t r = vt_resolve_var(&src, a->line + a->at, a->n, &id, &other);
    if (r != RES_OK) err = vt_name_error(&c, r, a->at, a->line + a->at, a->n, other, "a general variable to alias");
    else k->vars[a->var].alias_index = id;
  }
  al->count = 0;
  return err;
}

static bool p_decl(cur *c, sf_visa_kernel *k, sf_visa_names *ix, alias_list *al) {
  const char *label, *vname = NULL;
  size_t label_n, label_at, vname_n = 0, vname_at = 0;
  if (!vt_ident(c, &label, &label_n, &label_at, "a variable name")) return false;
  char vt = 0;
  bool have_type = false, have_elts = false, have_align = false, have_alias = false;
  uint8_t type = 0, align = 0;
  uint64_t elts = 0, alias_off = 0; /* num_elts= is required: no default */
  const char *alias_name = NULL;
  size_t alias_n = 0, alias_at = 0;
  size_t vt_at = c->i;
  while (!vt_at_end(c)) {
    const char *key;
    size_t kn, kat;
    if (!vt_ident(c, &key, &kn, &kat, "a .decl attribute (v_type=, type=, num_elts=, align=, alias=, v_name=)") ||
        !vt_expect(c, '=', "after the attribute name"))
      return false;
    if (vt_ieq(key, kn, "v_type") && !vt) {
      const char *v;
      size_t vn, vat;
      if (!vt_ident(c, &v, &vn, &vat, "a variable kind G, S, T, P or A")) return false;
      if (vn != 1 || !strchr("GSTPA", v[0]))
        return vt_perr(c, SF_ERR_SYNTAX, vat, "expected a variable kind G, S, T, P or A"), false;
      vt = v[0];
      vt_at = vat;
    } else if (vt_ieq(key, kn, "type") && !have_type) {
      if (!vt_p_type(c, &type)) return false;
      if (type > 15) return vt_perr(c, SF_ERR_RANGE, kat, "a variable type must be one of the 16 vISA types"), false;
      have_type = true;
    } else if (vt_ieq(key, kn, "num_elts") && !have_elts) {
      size_t at = c->i;
      if (!vt_unum(c, 65535, &elts, "num_elts")) return false;
      if (elts == 0) return vt_perr(c, SF_ERR_RANGE, at, "num_elts must be at least 1"), false;
      have_elts = true;
    } else if (vt_ieq(key, kn, "align") && !have_align) {
      if (!p_align(c, &align)) return false;
      have_align = true;
    } else if (vt_ieq(key, kn, "alias") && !have_alias) {
      if (!vt_expect(c, '<', "to start alias=<name, offset>") ||
          !vt_ident(c, &alias_name, &alias_n, &alias_at, "the aliased variable"))
        return false;
      if (!vt_expect(c, ',', "between the aliased variable and the offset") || !vt_unum(c, 65535, &alias_off, "alias offset") ||
          !vt_expect(c, '>', "to close alias=<name, offset>"))
        return false;
      have_alias = true;
    } else if (vt_ieq(key, kn, "v_name") && !vname) {
      if (!vt_ident(c, &vname, &vname_n, &vname_at, "a name")) return false;
    } else {
      return vt_perr(c, SF_ERR_SYNTAX, kat, "unexpected or repeated .decl attribute '%.*s'", sf_quote_len(kn, SF_QUOTE_WORD), key), false;
    }
  }
  if (!vt) return vt_perr(c, SF_ERR_SYNTAX, vt_at, "expected v_type=G, S, T, P or A"), false;
  if (vt != 'G' && (have_type || have_align || have_alias))
    return vt_perr(c, SF_ERR_SYNTAX, label_at, "type=, align= and alias= only apply to v_type=G"), false;
  if (vname && vt != 'S' && vt != 'T')
    return vt_perr(c, SF_ERR_SYNTAX, vname_at, "v_name= only applies to samplers and surfaces"), false;
  char name[SF_VISA_MAX_NAME + 1];
  const char *src = vname ? vname : label;
  size_t srcn = vname ? vname_n : label_n;
  memcpy(name, src, srcn);
  name[srcn] = 0;
  if (name[0] == '%') return vt_perr(c, SF_ERR_SYNTAX, label_at, "names starting with %% are reserved for predefined variables"), false;
  sf_status bst;
  sf_status_clear(&bst);
  int64_t r = 0;
  size_t at = vname ? vname_at : label_at;
  uint32_t dup;
  if (vt_src_lookup(c->k, name, srcn, &dup) != SF_SYM_NONE)
    return vt_perr(c, SF_ERR_SYNTAX, at, "'%s' is already declared in this kernel", name), false;
  sf_visa_symkind kind = SF_SYM_ADDR;
  if (vt == 'G' && !have_type) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected type=<type> for a general variable"), false;
  /* every kind: GenX_IR 12504's grammar wants num_elts= on each .decl (docs/visa-text.md) */
  if (!have_elts) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected num_elts=<n> (every .decl has one)"), false;
  switch (vt) {
    case 'G':
      kind = SF_SYM_VAR;
      r = sf_visa_kernel_declare(k, kind, name, type, (uint16_t)elts, align, false, &bst);
      if (r >= 0 && have_alias) {
        k->vars[k->num_vars - 1].alias_offset = (uint16_t)alias_off;
        if (!sf_visa_grow((void **)&al->r, (size_t)al->count + 1, sizeof *al->r))
          return vt_perr(c, SF_ERR_NOMEM, alias_at, "out of memory"), false;
        al->r[al->count++] = (alias_ref){k->num_vars - 1, c->s, c->n, alias_at, alias_n, c->line};
      }
      break;
    case 'S':
    case 'T': {
      uint32_t want = vt == 'S' ? k->num_samplers : SF_VISA_FIRST_USER_SURFACE + k->num_surfaces, got;
      char pre[2] = {vt, 0};
      if (vname && (!vt_prefixed_num(label, label_n, pre, &got) || got != want))
        return vt_perr(c, SF_ERR_SYNTAX, label_at, "with v_name=, the label must be %c%u (the next index)", vt, (unsigned)want),
               false;
      kind = vt == 'S' ? SF_SYM_SAMPLER : SF_SYM_SURFACE;
      r = sf_visa_kernel_declare(k, kind, name, 0, 1, 0, false, &bst);
      if (r >= 0) {
        sf_visa_sym *y = vt == 'S' ? &k->samplers[k->num_samplers - 1] : &k->surfaces[k->num_surfaces - 1];
        y->num_elts = (uint16_t)elts;
      }
      break;
    }
    case 'P':
      kind = SF_SYM_PRED;
      r = sf_visa_kernel_declare(k, kind, name, 0, (uint16_t)elts, 0, false, &bst);
      break;
    default: r = sf_visa_kernel_declare(k, kind, name, 0, (uint16_t)elts, 0, false, &bst); break;
  }
  if (r < 0) return relay(c, at, &bst), false;
  /* index the new name (the string just added is the kernel's last one) */
  if (ix && !sf_visa_names_add(ix, k->strings[k->num_strings - 1], kind, (uint32_t)r))
    return vt_perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  return true;
}

static bool p_input(cur *c, sf_visa_kernel *k) {
  const char *s;
  size_t n, at;
  if (!vt_ident(c, &s, &n, &at, "an input variable")) return false;
  uint32_t id, v;
  uint8_t kind;
  sf_visa_symkind kd = vt_src_lookup(c->k, s, n, &v);
  if (kd == SF_SYM_VAR) kind = 0, id = v;
  else if (kd == SF_SYM_SAMPLER) kind = 1, id = v;
  else if (kd == SF_SYM_SURFACE) kind = 2, id = v;
  else if (kd != SF_SYM_NONE)
    return vt_perr(c, SF_ERR_UNDECLARED, at, "'%.*s' is %s; an input must be a general variable, sampler or surface",
                sf_quote_len(n, SF_QUOTE_NAME), s, vt_kind_name(kd)), false;
  else {
    sf_visa_symkind other = SF_SYM_NONE;
    uint32_t cls;
    if (vt_resolve_var(c->k, s, n, &v, &other) == RES_OK) kind = 0, id = v;
    else if (vt_resolve_state(c->k, s, n, false, &v, &cls, &other) == RES_OK) kind = cls == 1 ? 1 : 2, id = v;
    else return vt_perr(c, SF_ERR_UNDECLARED, at, "'%.*s' is not declared: expected an input variable", sf_quote_len(n, SF_QUOTE_NAME), s), false;
  }
  int64_t off = 0;
  uint64_t size = 0, prov = 0;
  bool have_off = false, have_size = false, have_kind = false;
  while (!vt_at_end(c)) {
    const char *key;
    size_t kn, kat;
    if (!vt_ident(c, &key, &kn, &kat, "offset=, size= or kind=") || !vt_expect(c, '=', "after the attribute name")) return false;
    if (vt_ieq(key, kn, "offset") && !have_off) {
      if (!vt_snum(c, INT16_MIN, INT16_MAX, &off, "input offset")) return false;
      have_off = true;
    } else if (vt_ieq(key, kn, "size") && !have_size) {
      if (!vt_unum(c, 65535, &size, "input size")) return false;
      have_size = true;
    } else if (vt_ieq(key, kn, "kind") && !have_kind) {
      if (!vt_unum(c, 31, &prov, "input kind (provenance bits 3-7)")) return false;
      have_kind = true;
    } else {
      return vt_perr(c, SF_ERR_SYNTAX, kat, "unexpected or repeated .input attribute '%.*s'", sf_quote_len(kn, SF_QUOTE_WORD), key), false;
    }
  }
  if (!have_off || !have_size) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected offset=<n> and size=<n> in .input"), false;
  if (k->num_inputs >= SF_ISA_MAX_VARS) return vt_perr(c, SF_ERR_LIMIT, at, "too many inputs"), false;
  if (!sf_visa_grow((void **)&k->inputs, (size_t)k->num_inputs + 1, sizeof *k->inputs))
    return vt_perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  sf_visa_input *in = k->inputs;
  in[k->num_inputs].kind = (uint8_t)(kind | (prov << 3));
  in[k->num_inputs].index = id;
  in[k->num_inputs].offset = (int16_t)off;
  in[k->num_inputs].size = (uint16_t)size;
  k->num_inputs++;
  return true;
}

/* .kernel_attr Name="string" | Name=decimal | Name=#hexbytes | Name | Name= (the last two: a value
 * of no bytes, as GenX_IR's grammar reads them and its printer writes one). Returns false on error;
 * the caller reads an instruction that follows on the same line (IGC's dump forgets the newline). */
static bool p_kattr(cur *c, sf_visa_kernel *k) {
  const char *s;
  size_t n, at;
  if (!vt_ident(c, &s, &n, &at, "an attribute name")) return false;
  char name[SF_VISA_MAX_NAME + 1];
  memcpy(name, s, n);
  name[n] = 0;
  uint8_t val[256];
  size_t vn = 0;
  vt_ws(c);
  bool eq = vt_peek(c) == '=';
  if (eq) c->i++;
  vt_ws(c);
  size_t vat = c->i;
  if (!eq || vt_at_end(c) || (vt_peek(c) != '"' && vt_peek(c) != '#' && !vt_is_digit(vt_peek(c)))) {
    /* no value: nothing more to read here (what follows on the line is read as an instruction) */
  } else if (vt_peek(c) == '"') {
    c->i++;
    size_t j = c->i;
    while (j < c->n && c->s[j] != '"') j++;
    if (j >= c->n) return vt_perr(c, SF_ERR_SYNTAX, vat, "unterminated attribute string"), false;
    vn = j - c->i;
    if (vn > 255) return vt_perr(c, SF_ERR_RANGE, vat, "attribute value longer than 255 bytes"), false;
    memcpy(val, c->s + c->i, vn);
    c->i = j + 1;
    if (strcmp(name, "Target") == 0)
      for (uint8_t q = 0; q < 3; q++)
        if (vn == strlen(vt_target_names[q]) && memcmp(val, vt_target_names[q], vn) == 0) {
          val[0] = q;
          vn = 1;
          break;
        }
  } else if (vt_peek(c) == '#') {
    c->i++;
    while (vt_hexval(vt_peek(c)) >= 0) {
      if (vt_hexval(vt_peek2(c)) < 0) return vt_perr(c, SF_ERR_SYNTAX, c->i, "expected an even number of hex digits"), false;
      if (vn == 255) return vt_perr(c, SF_ERR_RANGE, vat, "attribute value longer than 255 bytes"), false;
      val[vn++] = (uint8_t)(vt_hexval(vt_peek(c)) * 16 + vt_hexval(vt_peek2(c)));
      c->i += 2;
    }
  } else {
    uint64_t v;
    if (!vt_unum(c, UINT32_MAX, &v, "an attribute value (\"string\", integer or #hex)")) return false;
    for (int q = 0; q < 4; q++) val[vn++] = (uint8_t)(v >> (8 * q));
  }
  sf_status bst;
  sf_status_clear(&bst);
  if (sf_visa_kernel_add_attr(k, name, val, (uint8_t)vn, &bst) != SF_OK) return relay(c, at, &bst), false;
  return true;
}

/* Is this line a RET, "[(pred)] ret (exec)"? */
static bool is_ret_line(const cur *c) {
  size_t j = c->i;
  if (j < c->n && c->s[j] == '(') {
    while (j < c->n && c->s[j] != ')') j++;
    j++;
    while (j < c->n && (c->s[j] == ' ' || c->s[j] == '\t')) j++;
  }
  return j + 3 <= c->n && memcmp(c->s + j, "ret", 3) == 0 && (j + 3 == c->n || !vt_id_char(c->s[j + 3]));
}

/* [(pred)] ret (exec): stored in k->rets before the next instruction (visa.h sf_visa_ret). */
static bool p_ret(cur *c, sf_visa_kernel *k) {
  sf_visa_ret r;
  memset(&r, 0, sizeof r);
  vt_ws(c);
  size_t at = c->i;
  if (vt_peek(c) == '(' && !vt_p_pred(c, &r.pred)) return false;
  vt_ws(c);
  c->i += 3; /* "ret", checked by is_ret_line */
  if (!vt_count_token(c) || !vt_p_exec(c, &r.exec_size, &r.emask) || !vt_finish_line(c)) return false;
  if (k->num_rets >= SF_ISA_MAX_INSTS) return vt_perr(c, SF_ERR_LIMIT, at, "too many ret instructions"), false;
  if (!sf_visa_grow((void **)&k->rets, (size_t)k->num_rets + 1, sizeof *k->rets))
    return vt_perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  sf_visa_ret *nr = k->rets;
  r.before = k->num_insts;
  nr[k->num_rets++] = r;
  return true;
}

static bool add_inst_line(cur *c, sf_visa_kernel *k) {
  size_t at = c->i;
  sf_inst in;
  if (vt_parse_inst(c, &in) != SF_OK) return false;
  sf_status bst;
  sf_status_clear(&bst);
  if (sf_visa_kernel_add_inst(k, &in, &bst) != SF_OK) return relay(c, at, &bst), false;
  return true;
}

/* Appends a generic instruction at the next stream position (visa.h: gens[] by `at`). Takes g. */
static bool add_gen(cur *c, sf_visa_kernel *k, sf_visa_ginst *g, size_t at) {
  uint64_t pos = (uint64_t)k->num_insts + k->num_rets + k->num_gens;
  if (pos >= SF_ISA_MAX_INSTS) {
    sf_visa_ginst_free(g);
    return vt_perr(c, SF_ERR_LIMIT, at, "more than %u instructions in one kernel", SF_ISA_MAX_INSTS), false;
  }
  if (!sf_visa_grow((void **)&k->gens, (size_t)k->num_gens + 1, sizeof *k->gens)) {
    sf_visa_ginst_free(g);
    return vt_perr(c, SF_ERR_NOMEM, at, "out of memory"), false;
  }
  g->at = (uint32_t)pos;
  k->gens[k->num_gens++] = *g;
  return true;
}

/* .function "name": a subroutine (0x30) whose label is `name` (kind 1); GenX_IR prints its "name:"
 * line after it, which *pending absorbs. */
static bool p_function(cur *c, sf_visa_kernel *k, int64_t *pending) {
  vt_ws(c);
  size_t at = c->i;
  if (!vt_expect(c, '"', "to open the function name")) return false;
  sf_visa_ginst g;
  if (!vt_parse_label_def(c, k, true, &g)) return false;
  if (!vt_expect(c, '"', "to close the function name") || !vt_finish_line(c)) return sf_visa_ginst_free(&g), false;
  *pending = (int64_t)g.ops[0].u;
  return add_gen(c, k, &g, at);
}

/* An instruction line of a kernel body: a label definition, ret, a generic instruction or one of
 * the sampler instructions. */
static bool body_line(cur *c, sf_visa_kernel *k, int64_t *pending) {
  size_t at = c->i;
  if (vt_is_label_line(c)) {
    sf_visa_ginst g;
    if (!vt_parse_label_def(c, k, false, &g)) return false;
    bool absorbed = *pending >= 0 && g.ops[0].u == (uint32_t)*pending;
    *pending = -1;
    if (absorbed) return sf_visa_ginst_free(&g), true;
    return add_gen(c, k, &g, at);
  }
  *pending = -1;
  if (is_ret_line(c)) return p_ret(c, k);
  if (vt_gen_line(c)) {
    sf_visa_ginst g;
    if (!vt_parse_gen(c, k, &g)) return false;
    return add_gen(c, k, &g, at);
  }
  return add_inst_line(c, k);
}

sf_code sf_visaasm_parse(const char *text, size_t len, sf_isa_file *out, sf_status *st) {
  if (!out) return sf_fail(st, SF_ERR_INVALID, "output is NULL");
  memset(out, 0, sizeof *out);
  if (!text) return sf_fail(st, SF_ERR_INVALID, "text is NULL");
  if (len > SF_ISA_MAX_FILE) return sf_fail(st, SF_ERR_LIMIT, "text larger than %u bytes", SF_ISA_MAX_FILE);
  bool have_version = false;
  size_t pos = 0;
  uint32_t line = 0;
  sf_code err = SF_OK;
  sf_visa_names ix = {NULL, 0, 0}; /* names of the kernel being read */
  vt_label_ix lix = {{NULL, 0, 0}, 0}; /* and its labels */
  alias_list al = {NULL, 0};       /* its alias targets, resolved when its declarations are complete */
  int64_t pending = -1;            /* label of the last .function, whose "name:" line follows it */
  bool in_fn = false;              /* the object being read is a function (.global_function) */
  while (pos < len && err == SF_OK) {
    size_t eol = sf_line_end(text, pos, len);
    line++;
    sf_visa_kernel *k = in_fn ? &out->functions[out->num_functions - 1]
                              : out->num_kernels ? &out->kernels[out->num_kernels - 1] : NULL;
    symsrc src = {k, &ix, &lix};
    cur c = {text + pos, eol - pos, 0, line, &src, st, 0, SF_OK};
    if (c.n > MAX_LINE) {
      err = vt_perr(&c, SF_ERR_LIMIT, MAX_LINE, "line longer than %u characters", MAX_LINE);
      break;
    }
    const char *nul = memchr(c.s, 0, c.n);
    if (nul) {
      err = vt_perr(&c, SF_ERR_SYNTAX, (size_t)(nul - c.s), "NUL byte in text");
      break;
    }
    pos = eol + 1;
    if (vt_at_end(&c)) continue;
    size_t at = c.i;
    bool ok;
    if (vt_peek(&c) == '.') {
      c.i++;
      const char *d;
      size_t dn, dat;
      if (!vt_ident(&c, &d, &dn, &dat, "a directive (.version, .kernel, .kernel_attr, .decl, .input)")) {
        err = c.err;
        break;
      }
      if (!have_version && !(dn == 7 && memcmp(d, "version", 7) == 0)) {
        err = vt_perr(&c, SF_ERR_SYNTAX, at, "expected .version as the first statement");
        break;
      }
      if (dn == 7 && memcmp(d, "version", 7) == 0) {
        if (have_version) {
          err = vt_perr(&c, SF_ERR_SYNTAX, at, ".version may appear only once, as the first statement");
          break;
        }
        ok = p_version(&c, out);
        have_version = true;
      } else if ((dn == 6 && memcmp(d, "kernel", 6) == 0) || (dn == 15 && memcmp(d, "global_function", 15) == 0)) {
        /* a kernel, or a vISA function (IGC writes each function's text to a .visaasm of its own;
         * GenX_IR reads several objects from one text) */
        if (k && (err = resolve_aliases(&al, k, &ix, st)) != SF_OK) break;
        bool fn = dn == 15;
        ok = p_kernel(&c, out, fn);
        pending = -1;
        sf_visa_names_free(&ix);
        sf_visa_names_free(&lix.ix);
        lix.done = 0;
        if (ok) in_fn = fn; /* the new object has no symbols yet: its index starts empty and grows with its .decl lines */
      } else if (!k) {
        err = vt_perr(&c, SF_ERR_SYNTAX, at, "expected .kernel or .global_function before .%.*s", sf_quote_len(dn, SF_QUOTE_WORD), d);
        break;
      } else if (dn == 11 && memcmp(d, "kernel_attr", 11) == 0) {
        ok = p_kattr(&c, k);
        if (ok && !vt_at_end(&c)) ok = body_line(&c, k, &pending);
      } else if (dn == 4 && memcmp(d, "decl", 4) == 0) {
        ok = p_decl(&c, k, &ix, &al);
      } else if (dn == 5 && memcmp(d, "input", 5) == 0) {
        if (k->is_function) {
          err = vt_perr(&c, SF_UNSUPPORTED, at, "'.input' in a vISA function: a function object has no input table "
                        "(its arguments are in %%arg; docs/visa-binary.md section 6.3)");
          break;
        }
        ok = p_input(&c, k);
      } else if (dn == 8 && memcmp(d, "function", 8) == 0) {
        ok = p_function(&c, k, &pending);
      } else if (dn == 8 && memcmp(d, "funcdecl", 8) == 0) {
        ok = p_funcdecl(&c, k);
      } else if (dn == 6 && memcmp(d, "global", 6) == 0) {
        /* file-scope variables: the binary reader refuses them as well (docs/visa-binary.md §7) */
        err = vt_perr(&c, SF_UNSUPPORTED, at, "'.global': file-scope variables are not supported (IGC's binary reader "
                      "asserts there are none)");
        break;
      } else {
        err = vt_perr(&c, SF_ERR_SYNTAX, at, "unknown directive '.%.*s': expected .version, .kernel, .global_function, .funcdecl, .kernel_attr, .decl, .input or .function",
                   sf_quote_len(dn, SF_QUOTE_WORD), d);
        break;
      }
    } else if (!have_version) {
      err = vt_perr(&c, SF_ERR_SYNTAX, at, "expected .version as the first statement");
      break;
    } else if (!k) {
      err = vt_perr(&c, SF_ERR_SYNTAX, at, "expected .kernel or .global_function before the first instruction");
      break;
    } else {
      ok = body_line(&c, k, &pending);
    }
    if (!ok) err = c.err != SF_OK ? c.err : SF_ERR_SYNTAX;
  }
  if (err == SF_OK && !have_version) err = sf_fail_text(st, SF_ERR_SYNTAX, line ? line : 1, 1, "expected .version as the first statement");
  if (err == SF_OK && (in_fn || out->num_kernels))
    err = resolve_aliases(&al, in_fn ? &out->functions[out->num_functions - 1] : &out->kernels[out->num_kernels - 1], &ix, st);
  free(al.r);
  sf_visa_names_free(&ix);
  sf_visa_names_free(&lix.ix);
  if (err != SF_OK) free_file(out);
  return err;
}
