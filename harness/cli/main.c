/* main.c — the `samplefuzz` program: one binary, subcommands in the style of git and llvm-*.
 *
 * Each subcommand lives in its own file harness/cli/cmd_<name>.c as
 *   int sf_cli_<name>(int argc, char **argv);   (argv[0] is the command name)
 * The references below are weak, so a command whose file is absent from a build says so plainly
 * instead of failing the link. The command table follows README.md "The program". */
#include <stdio.h>
#include <string.h>

#include "samplefuzz/status.h"

typedef int (*sf_cli_fn)(int argc, char **argv);

#define SF_CLI_DECL(name) extern int sf_cli_##name(int argc, char **argv) __attribute__((weak))
SF_CLI_DECL(fuzz);
SF_CLI_DECL(replay);
SF_CLI_DECL(show);
SF_CLI_DECL(triage);
SF_CLI_DECL(minimize);
SF_CLI_DECL(corpus);
SF_CLI_DECL(asm);
SF_CLI_DECL(disasm);
SF_CLI_DECL(gen);
SF_CLI_DECL(bench);
SF_CLI_DECL(xcheck);
SF_CLI_DECL(run);
SF_CLI_DECL(backends);

typedef struct sf_cli_cmd {
  const char *name;
  sf_cli_fn fn;
  const char *usage;
} sf_cli_cmd;

static int usage(FILE *f, const sf_cli_cmd *cmds, size_t n) {
  fprintf(f,
          "usage: samplefuzz <command> [options]\n"
          "\n"
          "Fuzzing and differential testing of GPU texture-sampler instructions:\n"
          "Intel vISA SAMPLE_UNORM / 3D_SAMPLE / AVS and D3D SM4/SM5 sample*.\n"
          "\n"
          "commands:\n");
  for (size_t i = 0; i < n; i++)
    fprintf(f, "  %-9s %s%s\n", cmds[i].name, cmds[i].usage, cmds[i].fn ? "" : "  [not built]");
  fprintf(f,
          "\n"
          "`samplefuzz <command> --help` describes a command.\n"
          "Environment: SF_SIMD=scalar|sse2|avx2|avx512 forces a sampler backend.\n");
  return f == stderr ? 2 : 0;
}

int main(int argc, char **argv) {
  const sf_cli_cmd cmds[] = {
      {"fuzz", sf_cli_fuzz, "run a fuzzing campaign over the targets (the main job)"},
      {"replay", sf_cli_replay, "run reproducers/corpora through their target's checks"},
      {"show", sf_cli_show, "explain a reproducer (text, state, differing lanes, --png)"},
      {"triage", sf_cli_triage, "one row per bucket of a set of reproducers"},
      {"minimize", sf_cli_minimize, "shrink a reproducer, keeping its bucket"},
      {"corpus", sf_cli_corpus, "merge or prune a target's corpus"},
      {"asm", sf_cli_asm, "vISA text -> .isa, D3D asm -> DXBC"},
      {"disasm", sf_cli_disasm, ".isa -> vISA text, DXBC -> D3D asm"},
      {"gen", sf_cli_gen, "generate a seed corpus for a target"},
      {"bench", sf_cli_bench, "throughput of the backends and codecs"},
      {"xcheck", sf_cli_xcheck, "cross-check the reference against an external implementation"},
      {"run", sf_cli_run, "execute a hand-written case (instruction text + state)"},
      {"backends", sf_cli_backends, "list built-in and plug-in backends, available or why not"},
  };
  const size_t n = sizeof cmds / sizeof cmds[0];
  if (argc < 2) return usage(stderr, cmds, n);
  if (!strcmp(argv[1], "-h") || !strcmp(argv[1], "--help") || !strcmp(argv[1], "help")) return usage(stdout, cmds, n);
  if (!strcmp(argv[1], "--version")) {
    printf("samplefuzz 0.1.0\n");
    return 0;
  }
  for (size_t i = 0; i < n; i++) {
    if (strcmp(argv[1], cmds[i].name) != 0) continue;
    if (!cmds[i].fn) {
      fprintf(stderr, "samplefuzz %s: not built into this binary (%s)\n", cmds[i].name, sf_code_name(SF_UNSUPPORTED));
      return 2;
    }
    return cmds[i].fn(argc - 1, argv + 1);
  }
  fprintf(stderr, "samplefuzz: unknown command '%s'\n\n", argv[1]);
  return usage(stderr, cmds, n);
}
