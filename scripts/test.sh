#!/usr/bin/env bash
# The test command (README): installs what is missing, builds with ASan+UBSan and -Werror, runs every
# ctest (unit, corpus/crashes replay, and the `external` oracles GenX_IR / vkd3d / Mesa), then checks
# that the reference sampler's output hash is identical under gcc and clang at -O0 and -O3.
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

if [ -z "${SF_TEST_QUICK:-}" ] && [ -x scripts/determinism.sh ]; then
  echo "== determinism across compilers and optimization levels"
  bash scripts/determinism.sh
fi
