/* samplefuzz/oracle.h — the checks, as library functions that return a verdict (docs/architecture.md "Data flow").
 *
 * A check never aborts and never prints: it fills an sf_verdict. The fuzz entry (fuzz/fuzz_entry.c)
 * is the only place that turns a failed verdict into abort(); the unit tests and `samplefuzz replay`
 * call the very same functions (the SPIRV-Tools pattern: a fuzz finding becomes a test by dropping
 * its reproducer into crashes/<target>/).
 *
 * A failed verdict names the failure symbolically, without numbers, so that it is stable across
 * runs and minimization (docs/design.md "Triage"):
 *     <oracle>-<check>-<family>-<op>[-<feature>]
 * plus `key`, the decoded fields that matter for bucketing (harness/triage hashes signature + key),
 * and a readable dump (instruction text, bytes, differing fields/lanes). */
#ifndef SAMPLEFUZZ_ORACLE_H
#define SAMPLEFUZZ_ORACLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "samplefuzz/indep.h"
#include "samplefuzz/inst.h"
#include "samplefuzz/sampler.h"
#include "samplefuzz/status.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sf_verdict_kind {
  SF_VERDICT_PASS = 0,  /* every check held */
  SF_VERDICT_REJECT,    /* the input was refused with a proper sf_status (a normal outcome) */
  SF_VERDICT_SKIP,      /* well-formed but outside what samplefuzz implements (SF_UNSUPPORTED) */
  SF_VERDICT_FAIL       /* a check failed: a bug in samplefuzz (or a planted canary) */
} sf_verdict_kind;

#define SF_VERDICT_NAME_MAX 40
#define SF_VERDICT_KEY_MAX 192
#define SF_VERDICT_DUMP_MAX 6144

typedef struct sf_verdict {
  sf_verdict_kind kind;
  char oracle[SF_VERDICT_NAME_MAX];   /* e.g. "visa_bin", "visa_text", "dxbc", "diff" */
  char check[SF_VERDICT_NAME_MAX];    /* e.g. "reencode", "reparse", "fixpoint", "lanes" */
  char family[SF_VERDICT_NAME_MAX];   /* "sample_unorm", "sample_3d", "avs", "d3d", "none" */
  char op[SF_VERDICT_NAME_MAX];       /* "sample_l", "sample_c_lz", ...; "unknown" if out of table */
  char feature[SF_VERDICT_NAME_MAX];  /* optional, e.g. the first differing field ("params.off") */
  char key[SF_VERDICT_KEY_MAX];       /* decoded fields that matter (no raw bytes, no counters) */
  char backends[SF_VERDICT_NAME_MAX * 2]; /* backends compared, "" for codec checks */
  char reason[SF_STATUS_MSG_MAX + 64];/* for REJECT/SKIP: the formatted sf_status */
  size_t dump_len;
  char dump[SF_VERDICT_DUMP_MAX];     /* readable dump, NUL-terminated, truncated at the cap */
} sf_verdict;

/* Sets v to PASS for `oracle` with empty fields. */
void sf_verdict_init(sf_verdict *v, const char *oracle);
/* Marks a REJECT/SKIP (SKIP when st->code is SF_UNSUPPORTED) and stores the formatted status. */
void sf_verdict_refuse(sf_verdict *v, const sf_status *st);
/* Marks v failed. Family and op come from `in` (may be NULL: "none"/"none"). feature may be NULL.
 * Only the first failure is kept: later calls on a failed verdict do nothing. Returns false so a
 * check can `return sf_verdict_fail(...)`. */
bool sf_verdict_fail(sf_verdict *v, const char *check, const sf_inst *in, const char *feature);
/* The common failure of a check that names no instruction: fails v as sf_verdict_fail(v, check,
 * NULL, what) does, keys it "<check> <what>" and appends the formatted detail and a newline to the
 * dump. On a verdict that has already failed it does nothing, so the check, key and dump all stay
 * the first failure's. Returns false. */
bool sf_verdict_failf(sf_verdict *v, const char *check, const char *what, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Sets the bucket key (printf format). */
void sf_verdict_key(sf_verdict *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends to the readable dump (printf format); silently truncates at SF_VERDICT_DUMP_MAX. */
void sf_verdict_dumpf(sf_verdict *v, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Appends "label: xx xx xx ..." (at most 256 bytes shown). */
void sf_verdict_dump_hex(sf_verdict *v, const char *label, const uint8_t *p, size_t n);
/* Appends the instruction as vISA text (or the family's own text form) plus a field summary. */
void sf_verdict_dump_inst(sf_verdict *v, const char *label, const sf_inst *in);
const char *sf_verdict_kind_name(sf_verdict_kind k);

/* Names used in signatures: never contain '-' or digits-only values. */
const char *sf_family_tag(sf_family f);
const char *sf_inst_op_tag(const sf_inst *in);
/* Turns an sf_inst_diff() path ("s3d.params[2].off: 32 vs 0") into a number-free feature name
 * ("s3d.params.off"). Returns out. */
const char *sf_oracle_field_feature(const char *diff, char *out, size_t n);

/* ---- Codec checks (oracles/checks/check_roundtrip.c) -------------------------------------------------- */

/* Input caps: longer inputs are truncated by the checks (documented in each target's .options). */
#define SF_CHECK_MAX_BIN 4096u
#define SF_CHECK_MAX_TEXT 4096u

/* vISA binary: decode one instruction from p. On success: the length is within the input; encode
 * reproduces the input bytes exactly; the canonical form re-encodes and decodes to itself; the
 * printed text parses back to the same (canonical) instruction and prints identically; validate
 * agrees between the decoded and the re-parsed instruction. A refusal must carry a message. */
bool sf_check_visa_bin(const uint8_t *p, size_t n, sf_verdict *v);

/* vISA text: parse one instruction line; print -> parse is a fixed point, and encode -> decode is
 * the identity. */
bool sf_check_visa_text(const char *text, size_t n, sf_verdict *v);

/* D3D bytes (oracles/checks/check_d3d.c): a DXBC container (magic "DXBC"), a SHDR/SHEX program body (its
 * length token matches the size) or one instruction's TPF tokens. Tokens: decode -> encode is the
 * identity, the canonical form re-encodes to itself, asm text parses back and prints identically,
 * and wrapping into a minimal shader reads back to the same instruction. Containers: the chunks
 * write and read back unchanged, and the program inside passes the program checks. */
bool sf_check_dxbc(const uint8_t *p, size_t n, sf_verdict *v);

/* D3D asm text (fxc or vkd3d spelling): parse one instruction, then the same views as above. */
bool sf_check_d3dasm(const char *text, size_t n, sf_verdict *v);

/* Every view of one D3D instruction (tokens, canonical form, asm text, wrapped container). */
bool sf_check_d3d_views(const sf_d3d_inst *d, sf_verdict *v);

/* One instruction through every view of its family (encode/decode and print/parse), used by the
 * pipeline target and by generated-instruction property tests: each view must give `in` back. */
bool sf_check_inst_views(const sf_inst *in, sf_verdict *v);

/* ---- Sampler checks (oracles/checks/check_sample.c) --------------------------------------------------- */

/* A structured case (include/samplefuzz/case.h) on every backend the CPU supports: the executor's
 * results (every variable and register) must be bit-identical, with the same status everywhere
 * ("all error or none"); at the request level every backend must equal the scalar one, and the
 * sampler invariants must hold: a constant texture gives the constant, filtered results stay within
 * the [min, max] hull of the texels (and border colour), LOD 0 explicit equals LOD zero. */
bool sf_check_sample_diff(const uint8_t *p, size_t n, sf_verdict *v);

/* A generated case through every path: bytes and text of its family decode to the generated
 * instruction, and executing the generated, the decoded and the parsed instruction gives
 * bit-identical machine states. */
bool sf_check_pipeline(const uint8_t *p, size_t n, sf_verdict *v);

/* ---- An implementation under test against the reference (oracles/checks/check_backend.c) ---------- */

struct sf_backend_handle;

/* backend_diff: one structured case becomes a batch; a batch outside the implementation's declared
 * capabilities is skipped (SKIP); otherwise the reference and the implementation sample it and the
 * verifier judges both (the implementation with its precision profile). A finding names the side
 * (implementation, reference, both); docs/backends.md "Reading a finding". */
bool sf_check_backend_diff_with(struct sf_backend_handle *iut, const uint8_t *p, size_t n, sf_verdict *v);
/* The same with the implementation named by $SF_BACKEND (NAME|PATH.so; unset = scalar), opened once. */
bool sf_check_backend_diff(const uint8_t *p, size_t n, sf_verdict *v);
/* Opens $SF_BACKEND once; SF_OK or the load error (the fuzz entry refuses to start on it). */
sf_code sf_check_backend_init(sf_status *st);
struct sf_backend_handle *sf_check_backend_iut(void);

typedef struct sf_backend_diff_stats {
  unsigned long long cases;      /* cases read */
  unsigned long long skipped;    /* outside the capabilities, or SF_UNSUPPORTED */
  unsigned long long refused;    /* the reference refused the request (bad state) */
  unsigned long long findings;
  unsigned long long lanes;      /* lanes judged */
  unsigned long long unchecked;  /* lanes the verifier could not decide */
  unsigned long long known;      /* findings matched by the manifest ($SF_MANIFEST): counted, not reported */
} sf_backend_diff_stats;
/* Counters of this process's backend_diff runs. */
void sf_check_backend_stats(sf_backend_diff_stats *s);

/* ---- Known-divergence manifests (oracles/checks/manifest.c, docs/backends.md "Known divergences") --
 * One entry a line: "<signature glob> [key=glob ...] | <reason> | <link>". backend_diff reads the
 * manifest named by $SF_MANIFEST (`samplefuzz fuzz --backend B` sets it to manifests/<B>.txt when that
 * exists, or to --manifest FILE): a finding that matches an entry is counted, not reported. */
#define SF_MANIFEST_MAX_ENTRIES 256u
#define SF_MANIFEST_MAX_BYTES (64u * 1024u)
typedef struct sf_manifest sf_manifest;
typedef struct sf_finding_facts {
  const char *signature;   /* <oracle>-<check>-<family>-<op>[-<feature>] */
  const char *op;          /* the batch op: sample, sample_b, ..., sample_c_lz, lod */
  const char *type;        /* surface type name (1d ... cube_array) */
  const char *format;      /* surface format name */
  const char *addr[3];     /* the address modes of the axes in use (NULL beyond) */
  bool offsets;            /* the lane has a non-zero texel offset */
  bool wild;               /* wild LOD inputs: a gradient x size >= 2^64, or an explicit LOD/bias >= 2^31 */
} sf_finding_facts;
typedef struct sf_manifest_info {
  const char *pattern, *reason, *link;
  unsigned line;
  unsigned nconditions;      /* key=glob conditions besides the signature glob */
  unsigned long long hits;   /* findings matched in this process */
} sf_manifest_info;
/* Parses / reads a manifest; a refusal names the file, line and column. */
sf_code sf_manifest_parse(const char *text, size_t n, const char *name, sf_manifest **out, sf_status *st);
sf_code sf_manifest_load(const char *path, sf_manifest **out, sf_status *st);
void sf_manifest_free(sf_manifest *m);
/* The index of the first entry the finding matches (its hit counted), or -1. Thread-safe. */
int sf_manifest_match(sf_manifest *m, const sf_finding_facts *f);
unsigned sf_manifest_size(const sf_manifest *m);
bool sf_manifest_entry_info(const sf_manifest *m, unsigned i, sf_manifest_info *out);
/* The manifest backend_diff uses in this process (NULL when $SF_MANIFEST is unset). */
const sf_manifest *sf_check_backend_manifest(void);

/* ---- Independent model and metamorphic relations (oracles/checks/check_indep.c, check_meta.c) ---- */

/* Lanes of one batch checked against the independent interval (bounds the cost per input). */
#define SF_INDEP_CHECK_LANES 8u

/* What sf_exec_recorded keeps: the executor's first sample batch and the backend's result for it,
 * and the first SAMPLE_UNORM and AVS requests with their results. The requests' surface and sampler
 * pointers are the executor's bindings: valid as long as the state that was executed. */
typedef struct sf_indep_rec {
  sf_status st;            /* first member: the status the executor hands to the backend */
  const sf_backend *inner; /* the backend that computes */
  bool got;
  sf_sample_batch batch;
  sf_sample_out out;
  bool got_unorm;          /* the first SAMPLE_UNORM block: its request and result */
  sf_unorm_out unorm;
  sf_unorm_req unorm_req;
  bool got_avs;            /* the first AVS block: its request and result */
  sf_avs_req avs_req;
  sf_avs_out avs;
} sf_indep_rec;

typedef struct sf_indep_stats {
  unsigned long lanes_checked, lanes_unsupported, unsupported_batches, relations_applied;
  /* sf_check_indep_unorm: blocks judged / not modelled (SF_UNSUPPORTED), pixels checked / not */
  unsigned long unorm_blocks, unorm_unsupported_blocks, unorm_px_checked, unorm_px_unsupported;
  unsigned long avs_blocks, avs_unsupported_blocks, avs_px_checked, avs_px_unsupported;
  sf_indep_result scratch;
  sf_indep_unorm_result unorm_scratch;
  sf_indep_avs_result avs_scratch;
} sf_indep_stats;

/* The counters of sf_indep_stats summed over the process: sf_indep_stats_flush adds one check's
 * (sample_diff and pipeline flush theirs at the end of every input; thread-safe), sf_indep_totals_get
 * reads them (`samplefuzz replay` prints them: how much of a corpus the independent model judged). */
typedef struct sf_indep_totals {
  unsigned long long lanes_checked, lanes_unsupported, unsupported_batches, relations_applied;
  unsigned long long unorm_blocks, unorm_unsupported_blocks, unorm_px_checked, unorm_px_unsupported;
  unsigned long long avs_blocks, avs_unsupported_blocks, avs_px_checked, avs_px_unsupported;
} sf_indep_totals;
void sf_indep_stats_flush(const sf_indep_stats *s);
void sf_indep_totals_get(sf_indep_totals *t);

/* sf_exec(in, s, be) (be NULL: sf_backend_select()), recording the executor's request batch and its
 * result in rec; *status receives the execution status. */
sf_code sf_exec_recorded(const sf_inst *in, sf_state *s, const sf_backend *be, sf_indep_rec *rec, sf_status *status);
/* Check `indep_interval`: up to SF_INDEP_CHECK_LANES requested lanes of out must lie in the
 * independent model's intervals for b. Unmodelled batches and lanes are counted in stats, never a
 * pass or a finding. False (v failed) on a violation; `where` names the batch ("exec", "request"). */
bool sf_check_indep_batch(sf_verdict *v, const sf_inst *in, const sf_sample_batch *b, const sf_sample_out *out,
                          const char *where, sf_indep_stats *stats);
/* Checks `indep_unorm` and `indep_avs`: the recorded SAMPLE_UNORM block (rec->got_unorm) and AVS
 * block (rec->got_avs) must lie in the independent model's intervals (sf_indep_unorm, sf_indep_avs);
 * and, since the generated AVS tables are the "nearest" ones (where 4 and 8 taps read the same
 * texel), rec->inner also samples the recorded AVS request's surface with the check's own table at
 * positions of its own (keys `table=own`, `table=null_edge`), judged the same way, and every other
 * backend of be[0..nbe) must sample those requests to the same bits (`avs_own_lanes`). Blocks and
 * pixels the model does not cover are counted in stats. False (v failed) on a value outside its
 * interval or a backend that differs. */
bool sf_check_indep_unorm(sf_verdict *v, const sf_inst *in, const sf_indep_rec *rec, const sf_backend *const *be,
                          unsigned nbe, sf_indep_stats *stats);
/* Checks `meta_<relation>` for the relations in the bit set `relations` (bit = sf_meta_rel) on
 * backend be with cases derived from b. False (v failed) when one is broken. */
bool sf_check_meta_batch(sf_verdict *v, const sf_inst *in, const sf_backend *be, const sf_sample_batch *b,
                         uint32_t relations, sf_indep_stats *stats);

/* ---- Target table (oracles/checks/targets.c) ---------------------------------------------------------- */

typedef bool (*sf_target_fn)(const uint8_t *data, size_t size, sf_verdict *v);

typedef struct sf_target {
  const char *name;      /* stable corpus key: "visa_bin_fuzzer", ... */
  sf_target_fn run;
  size_t max_len;        /* inputs above this are truncated before the checks */
  const char *what;      /* one line for --help and docs */
  /* Optional, run once before the first input (the fuzz entry exits with the message on an error):
   * backend_diff opens $SF_BACKEND here. */
  sf_code (*init)(sf_status *st);
} sf_target;

extern const sf_target sf_targets[];
extern const size_t sf_target_count;
/* NULL when no target has that name. */
const sf_target *sf_target_find(const char *name);
/* The target whose name appears as a whole component of path (".../visa_bin_fuzzer/x"), or NULL. */
const sf_target *sf_target_from_path(const char *path);
/* Runs t on data (truncated to t->max_len); always returns a verdict in v. */
sf_verdict_kind sf_target_run(const sf_target *t, const uint8_t *data, size_t size, sf_verdict *v);

/* ---- Whole .isa files (oracles/checks/check_isa_file.c) ----------------------------------------------- */

/* Input cap of the isa_file_fuzzer target (bytes; longer inputs are truncated). */
#define SF_CHECK_MAX_ISA 65536u

/* A whole vISA v4.1 `.isa` file: if sf_isa_read accepts it, sf_isa_write must reach a fixed point
 * after one round (write(read(write(read(x)))) == write(read(x))), and the text view of the re-read
 * file must be a fixed point of sf_visaasm_print -> sf_visaasm_parse -> sf_visaasm_print. Refusals
 * (the reader's, the writer's, the text printer's) must carry a message. */
bool sf_check_isa_file(const uint8_t *p, size_t n, sf_verdict *v);

/* ---- Hand-written cases (oracles/checks/check_textcase.c) -------------------------------------- */

/* Input cap of the textcase_fuzzer target (bytes). */
#define SF_CHECK_MAX_TEXTCASE 16384u

/* The case reader of `samplefuzz run` (docs/case-text.md): bad text is refused with a message and a
 * line:column; an accepted case runs on every backend with the same status and the same machine
 * state afterwards as on the scalar backend. */
bool sf_check_textcase(const uint8_t *p, size_t n, sf_verdict *v);

/* ---- Known-divergence manifests (oracles/checks/check_manifest.c) ------------------------------ */

/* Input cap of the manifest_fuzzer target (bytes): the reader's own cap. */
#define SF_CHECK_MAX_MANIFEST SF_MANIFEST_MAX_BYTES

/* The manifest reader: a refusal names a line and column of the input; an accepted manifest has
 * complete entries on increasing lines; one more line in front moves every entry (or the refusal)
 * one line down and changes nothing else; a literal, condition-free entry matches its own signature. */
bool sf_check_manifest(const uint8_t *p, size_t n, sf_verdict *v);

/* ---- A hostile implementation under test (oracles/checks/check_plugin.c) ------------------------ */

/* Input cap of the plugin_fuzzer target: the table part, a name and a backend_diff case. */
#define SF_CHECK_MAX_PLUGIN (128u + SF_CASE_MAX_SIZE)

/* The plug-in loader's checks and the judge on an implementation the input describes (its table,
 * capabilities, precision profile and answers): the loader accepts exactly the tables
 * docs/backends.md allows, with a message when it refuses; the judge never calls the implementation
 * outside its capabilities, reports a failed call as `status` and an unsupported one as a skip, and
 * never blames an implementation alone that returns the reference's own results. */
bool sf_check_plugin(const uint8_t *p, size_t n, sf_verdict *v);
/* One line saying what a plugin_fuzzer input describes (the table, how sample answers, the case
 * length), for `samplefuzz show`; "(too short for a table)" when it is. Returns buf. */
const char *sf_check_plugin_describe(const uint8_t *p, size_t n, char *buf, size_t len);

#ifdef __cplusplus
}
#endif
#endif
