#!/usr/bin/env bash
# AFL++ engine check: builds every fuzz target with afl-clang-fast (SF_FUZZ_ENGINE=afl, persistent
# mode through libAFLDriver) and runs each for a few seconds on its seed corpus; fails if a target
# does not build, does not start, or saves a crash that replays.
#
# A saved crash is kept in build-afl/afl-crashes/<target>/ and replayed with the same binary, alone
# and after the run's whole queue in one process (state left by earlier inputs), three times each;
# the replay's report and the input in base64 are printed, so that a CI log holds what is needed to
# reproduce it. A crash that replays fails the smoke; one that never replays is reported as
# "not reproducible" with the same evidence and does not (docs/fuzzing.md "AFL++").
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
# replay_crashes TARGET BIN AFL_OUT [env VAR=...]: keeps and replays AFL_OUT's crashes (see above);
# true when none of them replays.
replay_crashes() {
  local t=$1 bin=$2 out=$3; shift 3
  local keep=$build/afl-crashes/$t any=0 replayed=0
  mkdir -p "$keep"
  for c in "$out"/crashes/id:*; do
    [ -f "$c" ] || continue
    any=1
    cp "$c" "$keep/"
    echo "== $t: saved crash $(basename "$c") ($(wc -c < "$c") bytes), base64:" >&2
    base64 -w 100 "$c" >&2
    for i in 1 2 3; do
      # AFL_IGNORE_PROBLEMS: outside afl-fuzz the forkserver starts before a plug-in is dlopen()ed
      if ! AFL_IGNORE_PROBLEMS=1 timeout 60 "$@" "$bin" "$c" > "$tmp/replay.log" 2>&1 ||
         ! AFL_IGNORE_PROBLEMS=1 timeout 300 "$@" "$bin" "$out"/queue/id:* "$c" >> "$tmp/replay.log" 2>&1; then
        replayed=1; echo "replay $i: it crashes again:" >&2; tail -40 "$tmp/replay.log" >&2; break
      fi
    done
    [ $replayed -eq 0 ] && echo "$t: $(basename "$c") did not replay (3 times alone, 3 after the queue)" >&2
  done
  [ $any -eq 1 ] && [ $replayed -eq 0 ]
}

tmp=$(mktemp -d)
rm -rf "$build/afl-crashes"
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
  elif [ -f "$stats" ] && replay_crashes "$t" "$bin" "$tmp/out/$t/default" "${iut[@]}"; then
    pass=$((pass + 1))
    echo "ok: $t: its saved crashes did not replay (kept in $build/afl-crashes/$t)"
  else
    fail=$((fail + 1)); echo "FAIL: $t under afl-fuzz" >&2; tail -15 "$tmp/$t.log" >&2
  fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
