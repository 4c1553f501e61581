/* harness/cli/show_case.c — `samplefuzz show FILE --case`: a reproducer written as an editable case
 * text (docs/case-text.md "Written cases") on stdout, for `samplefuzz run`. The structured cases of
 * sample_diff_fuzzer and pipeline_fuzzer (and the textcase_fuzzer inputs that hold one after a 0
 * byte) are built as the targets build them (sf_case_read, sf_case_env_build) and written with
 * sf_textcase_write; a textcase_fuzzer text is read and written again (normalized). */
#include <stdlib.h>
#include <string.h>

#include "harness/cli/show_int.h"

int sf_show_case(const sf_target *t, const uint8_t *data, size_t len) {
  sf_status st;
  sf_status_clear(&st);
  sf_buf out;
  sf_buf_init(&out, &st);
  sf_code rc = SF_OK;
  bool textcase = !strcmp(t->name, "textcase_fuzzer");
  if (textcase && !(len >= 1 && data[0] == 0)) {
    sf_textcase *tc = NULL;
    rc = sf_textcase_parse((const char *)data, len, &tc, &st);
    if (rc == SF_OK) rc = sf_textcase_write(&tc->state, &tc->inst, &out, &st);
    sf_textcase_free(tc);
  } else if (textcase || !strcmp(t->name, "sample_diff_fuzzer") || !strcmp(t->name, "pipeline_fuzzer")) {
    if (textcase) data++, len--;
    sf_case *c = calloc(1, sizeof *c);
    sf_case_env *env = calloc(1, sizeof *env);
    if (!c || !env) rc = sf_fail(&st, SF_ERR_NOMEM, "out of memory");
    else if ((rc = sf_case_read(data, len, c, &st)) == SF_OK && (rc = sf_case_env_build(c, env, &st)) == SF_OK)
      rc = sf_textcase_write(&env->state, &c->inst, &out, &st);
    if (env) sf_case_env_free(env);
    free(c);
    free(env);
  } else {
    fprintf(stderr, "samplefuzz show: --case: %s inputs are not sampler cases (sample_diff_fuzzer, pipeline_fuzzer, "
                    "textcase_fuzzer)\n", t->name);
    sf_buf_free(&out);
    return 2;
  }
  if (rc != SF_OK) {
    char why[SF_STATUS_MSG_MAX + 64];
    fprintf(stderr, "samplefuzz show: --case: %s\n", sf_status_format(&st, why, sizeof why));
  } else {
    fwrite(out.data, 1, out.len, stdout);
  }
  sf_buf_free(&out);
  return rc == SF_OK ? 0 : 1;
}
