#!/usr/bin/env bash
# AFL++ engine check: builds every fuzz target with afl-clang-fast (SF_FUZZ_ENGINE=afl, persistent
# mode through libAFLDriver) and runs each for a few seconds on its seed corpus; fails if a target
# does not build, does not start, or saves a crash.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
secs=${SF_AFL_SECONDS:-10}
build=$root/build-afl
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=afl-clang-fast -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DSF_FUZZ_ENGINE=afl >/dev/null || { echo "0 passed, 1 failed"; exit 1; }
export AFL_SKIP_CPUFREQ=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1 AFL_ALLOW_TMP=1 AFL_NO_AFFINITY=1
# This build is not sanitized, and afl-fuzz refuses a custom ASAN_OPTIONS without symbolize=0
# (scripts/test.sh exports one for the ASan build).
unset ASAN_OPTIONS UBSAN_OPTIONS
pass=0 fail=0
if cmake --build "$build" -j"$(nproc)" --target sf_all_fuzzers sf_simple2d > "$build/afl-build.log" 2>&1; then
  pass=$((pass + 1))
else
  fail=$((fail + 1)); echo "FAIL: AFL++ build" >&2; tail -20 "$build/afl-build.log" >&2
fi
tmp=$(mktemp -d)
mkdir -p "$tmp/out"
trap 'rm -rf "$tmp"' EXIT
for bin in "$build"/fuzz/*_fuzzer; do
  [ -x "$bin" ] || continue
  t=$(basename "$bin")
  mkdir -p "$tmp/in/$t"
  cp "$root/corpus/$t/"* "$tmp/in/$t/" 2>/dev/null || printf 'seed' > "$tmp/in/$t/seed"
  # backend_diff judges an implementation under test: here the correct example plug-in, so that the
  # plug-in path (loading, capabilities, its precision profile) is smoked too; without one it judges
  # the reference alone (docs/backends.md "Reference and verifier").
  iut=()
  [ "$t" = backend_diff_fuzzer ] && iut=(env SF_BACKEND="$build/examples/backends/libsf_simple2d.so")
  timeout $((secs + 60)) "${iut[@]}" afl-fuzz -V "$secs" -i "$tmp/in/$t" -o "$tmp/out/$t" -- "$bin" > "$tmp/$t.log" 2>&1
  stats=$tmp/out/$t/default/fuzzer_stats
  if [ -f "$stats" ] && [ "$(awk '/^saved_crashes/ {print $3}' "$stats")" = "0" ]; then
    pass=$((pass + 1))
    printf 'ok: %-20s execs %-9s exec/s %-8s stability %s\n' "$t" "$(awk '/^execs_done/ {print $3}' "$stats")" \
      "$(awk '/^execs_per_sec/ {print $3}' "$stats")" "$(awk '/^stability/ {print $3}' "$stats")"
  else
    fail=$((fail + 1)); echo "FAIL: $t under afl-fuzz" >&2; tail -15 "$tmp/$t.log" >&2
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
