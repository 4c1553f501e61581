#!/usr/bin/env bash
# The test command (README): installs what is missing, builds with ASan+UBSan and -Werror, runs every
# ctest (unit, corpus/crashes replay, command line, and the `external` oracles GenX_IR / vkd3d /
# Mesa), runs the SIMD differential under each SF_SIMD value, then checks that the reference
# sampler's output hash is identical under gcc and clang at -O0 and -O3, simulates the OSS-Fuzz
# build, smoke-runs every target under MemorySanitizer, and builds and smoke-runs the AFL++ targets.
#
#   bash scripts/test.sh            everything
#   SF_TEST_QUICK=1 bash scripts/test.sh   skip the cross-compiler determinism builds
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bash scripts/deps.sh

jobs=$(nproc 2>/dev/null || echo 2)
build=${SF_BUILD_DIR:-$root/build-test}
echo "== build ($build: clang, ASan+UBSan, -Werror)"
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DSF_SANITIZE=ON -DSF_WERROR=ON >/dev/null
cmake --build "$build" -j"$jobs"

echo "== ctest"
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
ctest --test-dir "$build" --output-on-failure -j"$jobs"

echo "== SIMD differential under each SF_SIMD value this CPU supports"
cpu_has() { # every flag named is in /proc/cpuinfo
  local f
  for f in "$@"; do grep -qw "$f" /proc/cpuinfo 2>/dev/null || return 1; done
}
for simd in scalar sse2 avx2 avx512; do
  echo "-- SF_SIMD=$simd"
  case $simd in
    avx2) need=(avx2 fma bmi2) ;;
    avx512) need=(avx512f avx512bw avx512vl avx512dq) ;;
    *) need=() ;;
  esac
  if [ ${#need[@]} -gt 0 ] && ! cpu_has "${need[@]}"; then
    echo "skipped: this CPU lacks ${need[*]} (the backend is still built and checked where the CPU has them)"
    continue
  fi
  SF_SIMD=$simd "$build/test_simd_exact" | tail -n 3
done

if [ -z "${SF_TEST_QUICK:-}" ]; then
  echo "== determinism across compilers and optimization levels"
  bash scripts/determinism.sh
  echo "== OSS-Fuzz / ClusterFuzzLite build simulation"
  bash scripts/oss-fuzz-sim.sh
  echo "== MemorySanitizer: every target ${SF_MSAN_SMOKE_RUNS:-3000} runs from its seeds, then corpus/ and crashes/ replayed (build-msan)"
  # A fixed number of runs with a fixed seed, not a time limit: the smoke fuzzes the same inputs on
  # every run of a commit. scripts/msan.sh --time 600 (or scripts/soak.sh) is the longer run
  # (docs/reliability.md).
  bash scripts/msan.sh --runs "${SF_MSAN_SMOKE_RUNS:-3000}"
  echo "== AFL++ engine: build every target with afl-clang-fast, 10 s smoke run"
  bash scripts/afl-smoke.sh
  echo "== canaries: planted bugs the fuzzers must find within 60 s, in distinct buckets"
  # A codec, a D3D and a SIMD canary here; `bash scripts/canary.sh` runs all 12 (docs/canaries.md).
  bash scripts/canary.sh ${SF_CANARIES:-1 5 10}
fi
