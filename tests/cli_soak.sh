#!/usr/bin/env bash
# tests/cli_soak.sh — scripts/soak.sh's argument checks and its summary file: a --summary that already
# holds rows (an earlier campaign's figures) keeps them; a new file gets the header. No campaign
# runs here: every case stops before a build (bad arguments, an unknown sanitizer).
# Usage: cli_soak.sh /path/to/samplefuzz    Prints "N passed, N failed"; exit 1 on a failure.
set -u
: "${1:?usage: cli_soak.sh /path/to/samplefuzz}"
SOAK="$(cd "$(dirname "$0")/.." && pwd)/scripts/soak.sh"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
check() { if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }

bash "$SOAK" --time 0 --workdir "$TMP/w" x_fuzzer >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q -- "--time must be a positive number" "$TMP/out"; check "--time 0 is refused" $?
bash "$SOAK" --cpu-time 1.5 --workdir "$TMP/w" x_fuzzer >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q -- "--cpu-time must be whole seconds" "$TMP/out"; check "--cpu-time 1.5 is refused" $?

header=$'target\tsanitizer\tseconds\tcpu_seconds\texecutions\texec_per_s\tfindings'
row=$'dxbc_fuzzer\tmsan\t901\t896\t27079195\t30054\t0'
printf '%s\n%s\n' "$header" "$row" > "$TMP/summary.tsv"
bash "$SOAK" --sanitizers bogus --workdir "$TMP/w" --summary "$TMP/summary.tsv" x_fuzzer >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "unknown sanitizer 'bogus'" "$TMP/out"; check "an unknown sanitizer is refused (rc $rc)" $?
[ "$(cat "$TMP/summary.tsv")" = "$(printf '%s\n%s' "$header" "$row")" ]; check "an existing summary keeps its rows" $?

bash "$SOAK" --sanitizers bogus --workdir "$TMP/w" --summary "$TMP/new.tsv" x_fuzzer >"$TMP/out" 2>&1
[ "$(cat "$TMP/new.tsv")" = "$header" ]; check "a new summary starts with the header" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
