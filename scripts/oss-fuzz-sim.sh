#!/usr/bin/env bash
# OSS-Fuzz simulation: runs fuzz/oss-fuzz/build.sh (the script OSS-Fuzz and ClusterFuzzLite run)
# with the environment their base-builder image provides — $CC $CXX $CFLAGS $CXXFLAGS
# $LIB_FUZZING_ENGINE $SRC $WORK $OUT for libFuzzer + ASan — then checks what a build must
# deliver: every target binary in $OUT with its seed corpus zip, .options (and .dict for the codec
# targets), and that each binary runs its seed corpus plus a short mutation run without a finding
# (the equivalent of `infra/helper.py check_build`): a fixed -runs with a fixed -seed, so the smoke
# run is deterministic.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/out" "$tmp/work"
export CC=clang CXX=clang++
# OSS-Fuzz builds address and undefined separately; this smoke run wants both at once.
export CFLAGS="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address,undefined -fno-sanitize-recover=undefined -fsanitize-address-use-after-scope -fsanitize=fuzzer-no-link"
export CXXFLAGS="$CFLAGS"
export LIB_FUZZING_ENGINE="-fsanitize=fuzzer"
export OUT=$tmp/out WORK=$tmp/work SRC=$tmp SF_SRC=$root
pass=0 fail=0
if bash "$root/fuzz/oss-fuzz/build.sh" > "$tmp/build.log" 2>&1; then
  pass=$((pass + 1))
else
  fail=$((fail + 1))
  echo "FAIL: build.sh" >&2
  tail -30 "$tmp/build.log" >&2
fi
targets=()   # every fuzz/<name>_fuzzer.c is a target (docs/architecture.md "Add a fuzz target")
for src in "$root"/fuzz/*_fuzzer.c; do targets+=("$(basename "$src" .c)"); done
for t in "${targets[@]}"; do
  ok=1
  [ -x "$OUT/$t" ] || { echo "FAIL: $t: no binary in \$OUT" >&2; ok=0; }
  [ -f "$OUT/${t}_seed_corpus.zip" ] || { echo "FAIL: $t: no seed corpus zip" >&2; ok=0; }
  [ -f "$OUT/$t.options" ] || { echo "FAIL: $t: no .options" >&2; ok=0; }
  case $t in sample_diff_fuzzer|pipeline_fuzzer|backend_diff_fuzzer) ;; *)   # structured binary cases: no dictionary
    [ -f "$OUT/$t.dict" ] || { echo "FAIL: $t: no .dict" >&2; ok=0; } ;; esac
  if [ $ok -eq 1 ]; then
    mkdir -p "$tmp/c/$t"
    (cd "$tmp/c/$t" && unzip -q -o "$OUT/${t}_seed_corpus.zip")
    dict=()
    [ -f "$OUT/$t.dict" ] && dict=(-dict="$OUT/$t.dict")
    if ! (cd "$tmp" && "$OUT/$t" "${dict[@]}" -runs=3000 -seed=1 -timeout=25 -rss_limit_mb=2560 "$tmp/c/$t" > "$tmp/$t.log" 2>&1); then
      echo "FAIL: $t: the seed corpus or a short run failed" >&2
      tail -20 "$tmp/$t.log" >&2
      ok=0
    fi
  fi
  if [ $ok -eq 1 ]; then pass=$((pass + 1)); echo "ok: $t"; else fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
