#!/usr/bin/env bash
# Determinism across compilers and optimization levels (DESIGN principle 4): builds the reference
# sampler with gcc and clang at -O0 and -O3 (no sanitizers, -ffp-contract=off from CMakeLists.txt,
# -Werror) and checks that tests/test_sampler_determinism prints the same XXH3-64 over 10,000
# generated cases in every build. The gcc -O3 build compiles the whole tree. Exit 1 on any
# difference or build failure.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
jobs=$(nproc 2>/dev/null || echo 2)
ref="" status=0
for cc in gcc clang; do
  for opt in -O0 -O3; do
    dir="$root/build-det-$cc$opt"
    cmake -S "$root" -B "$dir" -DCMAKE_C_COMPILER=$cc -DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS="$opt" \
          -DSF_WERROR=ON >/dev/null
    # gcc -O3 builds everything (program, tests, fuzz targets) with -Werror: the clang -Werror build
    # of scripts/test.sh does not see gcc's optimizer-driven warnings.
    target=test_sampler_determinism
    [ "$cc$opt" = "gcc-O3" ] && target=all
    if ! cmake --build "$dir" -j"$jobs" --target $target > "$dir/build.log" 2>&1; then
      echo "determinism: $cc $opt build failed:" >&2
      grep -E "error|warning" "$dir/build.log" | head -20 >&2
      echo "0 passed, 1 failed"
      exit 1
    fi
    line=$("$dir/test_sampler_determinism" | grep 'selfhash')
    hash=${line##* }
    printf '%-6s %-4s %s\n' "$cc" "$opt" "$hash"
    if [ -z "$ref" ]; then ref=$hash; elif [ "$hash" != "$ref" ]; then status=1; fi
  done
done
if [ $status -eq 0 ]; then
  echo "determinism: 4 builds agree ($ref)"
  echo "1 passed, 0 failed"
else
  echo "determinism: builds DISAGREE" >&2
  echo "0 passed, 1 failed"
fi
exit $status
