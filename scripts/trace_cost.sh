#!/usr/bin/env bash
# The traced comparisons each fuzz target makes per input, on its seed corpus: a cost figure that
# does not move with the machine's load (docs/fuzzing.md "Throughput").
#
# In a libFuzzer build every integer comparison of instrumented code calls into libFuzzer's
# comparison tracing; on these targets those calls are a third or more of an input's cost. This
# builds the library the way the campaign does (clang, ASan+UBSan, -fsanitize=fuzzer-no-link, the
# same per-file flags) into build-fuzz/ (shared with scripts/fuzz.sh; SF_COST_BUILD_DIR for
# another), links scripts/trace_cost/ in place of libFuzzer, runs every target once over
# corpus/<target>/ and prints the calls per input; with --top N, the N functions that make the
# most (addr2line), per target. Exit 1 when an input fails its checks, 2 on a usage error.
#
#   bash scripts/trace_cost.sh                       every target with a corpus
#   bash scripts/trace_cost.sh --top 10 visa_bin_fuzzer isa_file_fuzzer
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
top=0
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --top) top=$2; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    -*) echo "trace_cost.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
build=${SF_COST_BUILD_DIR:-$root/build-fuzz}   # the campaign's build (scripts/fuzz.sh): the same flags
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DSF_SANITIZE=ON -DSF_FUZZ_ENGINE=libfuzzer >/dev/null
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" --target samplefuzz >/dev/null
exe=$build/trace_cost
clang -std=c17 -O2 -g -no-pie -fsanitize=address,undefined -I"$root/include" -I"$root" \
      "$root/scripts/trace_cost/main.c" "$root/scripts/trace_cost/count.c" "$build/libsamplefuzz.a" \
      -lxxhash -lm -ldl -lpthread -o "$exe"
if [ ${#targets[@]} -eq 0 ]; then
  for d in corpus/*_fuzzer; do targets+=("$(basename "$d")"); done
fi
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
rc=0
for t in "${targets[@]}"; do
  [ -d "corpus/$t" ] || { echo "trace_cost.sh: no corpus/$t" >&2; rc=2; continue; }
  sites=$(mktemp)
  "$exe" "$t" "corpus/$t" --sites "$sites" || rc=1
  if [ "$top" -gt 0 ]; then
    # per function: the sites' calls added up, largest first
    awk '{print "0x"$1}' "$sites" | addr2line -f -e "$exe" | paste - - | awk '{print $1}' |
      paste -d' ' - <(awk '{print $2}' "$sites") |
      awk '{f[$1]+=$2} END {for (k in f) printf "    %12.0f  %s\n", f[k], k}' | sort -rn | head -n "$top"
  fi
  rm -f "$sites"
done
exit $rc
