#!/usr/bin/env bash
# scripts/killtest.sh — kills `samplefuzz fuzz` with SIGKILL at random moments, many times, and
# checks after every kill that nothing was lost:
#   - no fuzzer process outlives the campaign (no orphan keeps writing into the work folder);
#   - no empty file and no temporary (*.tmp-*) file is left in the corpus or the artifacts;
#   - the corpus never shrinks, and every reproducer found before a kill is still there and still
#     fails its target (`samplefuzz replay`);
#   - the rerun after the last kill resumes from the saved corpus (libFuzzer starts from it, and no
#     saved file is removed).
#
#   bash scripts/killtest.sh [ROUNDS] [TARGET]      (default 100 rounds, sample_diff_fuzzer)
#
# Environment: SF_KILL_BIN_DIR, a folder of libFuzzer fuzz binaries (default: built into
# build-killtest/ with clang, ASan+UBSan and -DSF_CANARY=${SF_KILL_CANARY:-13}, so that the campaign
# finds reproducers to keep); SF_KILL_SEED (random moments, default 1).
# Prints "N passed, N failed"; exit 1 if anything was lost.
set -u
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
ROUNDS="${1:-100}"
TARGET="${2:-sample_diff_fuzzer}"
CANARY="${SF_KILL_CANARY:-13}"
RANDOM="${SF_KILL_SEED:-1}"
bdir="$ROOT/build-killtest"
bin="${SF_KILL_BIN_DIR:-}"
if [ -z "$bin" ]; then
  launcher=()
  command -v ccache >/dev/null && launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache)
  cmake -S "$ROOT" -B "$bdir" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only" -DSF_SANITIZE=ON -DSF_FUZZ_ENGINE=libfuzzer \
        -DSF_CANARY="$CANARY" "${launcher[@]}" >/dev/null || exit 2
  cmake --build "$bdir" -j"$(nproc)" --target "$TARGET" samplefuzz_cli >/dev/null || exit 2
  bin="$bdir/fuzz"
  SF="$bdir/samplefuzz"
else
  SF="${SF:-$(dirname "$bin")/samplefuzz}"
fi
TMP="$(mktemp -d "${TMPDIR:-/tmp}/sf-kill.XXXXXX")"
trap 'pkill -9 -f "$bin/$TARGET" 2>/dev/null; rm -rf "$TMP"' EXIT
work="$TMP/work"
pass=0
fail=0
bad() { fail=$((fail + 1)); echo "FAIL (round $1): $2"; }

prev_corpus=0
declare -A repro=()
kills=0
linger=0
for round in $(seq 1 "$ROUNDS"); do
  "$SF" fuzz --bin-dir "$bin" --no-build --workdir "$work" --time 60 --seed "$round" "$TARGET" >"$TMP/run.log" 2>&1 &
  pid=$!
  # a random moment: 0.3 to 4 s into the campaign (start-up, seed replay, fuzzing)
  sleep "$(( (RANDOM % 38) / 10 )).$(( RANDOM % 10 ))"
  sleep 0.3
  kill -9 "$pid" 2>/dev/null && kills=$((kills + 1))
  wait "$pid" 2>/dev/null
  ok=1
  # The engine's main process dies with the campaign (PR_SET_PDEATHSIG); a libFuzzer -fork worker
  # already running finishes its bounded job in its own temporary folder. Nothing may remain after
  # SF_KILL_LINGER seconds (default 30).
  waited=0
  while pgrep -f "$bin/$TARGET" >/dev/null && [ "$waited" -lt "${SF_KILL_LINGER:-30}0" ]; do
    sleep 0.1; waited=$((waited + 1))
  done
  [ "$waited" -gt "$linger" ] && linger=$waited
  if pgrep -f "$bin/$TARGET" >/dev/null; then
    bad "$round" "a fuzzer process outlived the campaign by ${SF_KILL_LINGER:-30} s"; ok=0
    pkill -9 -f "$bin/$TARGET"
  fi
  corpus="$work/$TARGET/corpus"
  art="$work/$TARGET/artifacts"
  if [ -d "$corpus" ] && [ -n "$(find "$corpus" "$art" -type f -empty 2>/dev/null)" ]; then
    bad "$round" "empty file(s): $(find "$corpus" "$art" -type f -empty | head -3 | tr '\n' ' ')"; ok=0
  fi
  if [ -n "$(find "$work" -name '*.tmp-*' 2>/dev/null)" ]; then bad "$round" "temporary file left"; ok=0; fi
  n=$(find "$corpus" -type f 2>/dev/null | wc -l)
  if [ "$n" -lt "$prev_corpus" ]; then bad "$round" "corpus shrank from $prev_corpus to $n"; ok=0; fi
  prev_corpus=$n
  for f in "${!repro[@]}"; do
    if [ ! -s "$f" ]; then bad "$round" "reproducer $f is gone"; ok=0; fi
  done
  for f in $(find "$art" -type f -name 'crash-*' 2>/dev/null); do repro["$f"]=1; done
  [ $ok -eq 1 ] && pass=$((pass + 1))
done
# every reproducer still fails its target
nrep=${#repro[@]}
if [ "$nrep" -gt 0 ]; then
  "$SF" replay --target "$TARGET" "${!repro[@]}" >"$TMP/replay.log" 2>&1
  if grep -q " 0 failed" "$TMP/replay.log"; then bad end "reproducers no longer fail"; else pass=$((pass + 1)); fi
fi
# the rerun resumes from the saved corpus: libFuzzer starts from it (its -fork mode first merges the
# saved inputs, so it reports how many of them add coverage), and no saved file is removed
find "$work/$TARGET/corpus" -type f | sort >"$TMP/before"
"$SF" fuzz --bin-dir "$bin" --no-build --workdir "$work" --time 5 "$TARGET" >"$TMP/final.log" 2>&1
loaded=$(grep -ohE "fork=1: [0-9]+ seed inputs" "$work/$TARGET/fuzz.log" 2>/dev/null | tail -n 1 | grep -oE "[0-9]+ seed" | grep -oE "[0-9]+")
find "$work/$TARGET/corpus" -type f | sort >"$TMP/after"
missing=$(comm -23 "$TMP/before" "$TMP/after" | wc -l)
if [ -n "$loaded" ] && [ "$loaded" -gt 0 ] && [ "$missing" -eq 0 ]; then pass=$((pass + 1)); else
  bad end "rerun: ${loaded:-no} seed inputs loaded from $prev_corpus saved files, $missing saved files missing"; fi
echo "killtest: $kills SIGKILLs in $ROUNDS rounds; corpus $prev_corpus files; $nrep reproducers kept;" \
     "longest an engine process lingered after a kill: $((linger / 10)).$((linger % 10)) s"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
