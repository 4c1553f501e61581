#!/usr/bin/env bash
# tests/cli_import.sh — `samplefuzz corpus import` on the real-program test set (tests/data/real):
# seeds come out for dxbc_fuzzer and d3dasm_fuzzer, every seed replays through its target, a second
# import finds only duplicates, --dry-run writes nothing, a file that is no program is skipped with
# its reason, and bad arguments exit 2.
# Usage: cli_import.sh /path/to/samplefuzz    Prints "N passed, N failed"; exit 1 on a failure.
set -u
SF="${1:?usage: cli_import.sh /path/to/samplefuzz}"
HERE="$(cd "$(dirname "$0")" && pwd)"
REAL="$HERE/data/real"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
check() { if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }

"$SF" corpus import "$REAL" -o "$TMP/corpus" >"$TMP/out" 2>"$TMP/err"; rc=$?
check "import exits 0 (no finding)" $rc
grep -q "corpus import: .* files: .* imported" "$TMP/out"; check "summary line" $?
n_dxbc=$(ls "$TMP/corpus/dxbc_fuzzer" 2>/dev/null | wc -l)
n_asm=$(ls "$TMP/corpus/d3dasm_fuzzer" 2>/dev/null | wc -l)
[ "$n_dxbc" -ge 20 ]; check "dxbc_fuzzer seeds ($n_dxbc)" $?
[ "$n_asm" -ge 10 ]; check "d3dasm_fuzzer seeds ($n_asm)" $?
grep -q "skipped .* no sample-family instruction" "$TMP/out"; check "skip reason: no sample instruction" $?
# whole programs as text: a container's `.dxbc` text for d3dasm_fuzzer, a kernel's .visaasm for isa_file_fuzzer
grep -l '^\.dxbc' "$TMP/corpus/d3dasm_fuzzer"/* >/dev/null 2>&1; check "d3dasm_fuzzer gets whole containers as text" $?
grep -l '^\.kernel' "$TMP/corpus/isa_file_fuzzer"/* >/dev/null 2>&1; check "isa_file_fuzzer gets whole kernels as text" $?
grep -q "skipped .* no shader program" "$TMP/out"; check "skip reason: root signature" $?
# every seed is accepted by its target
"$SF" replay "$TMP/corpus" >"$TMP/replay" 2>&1; rc=$?
check "seeds replay" $rc
grep -q " 0 failed" "$TMP/replay"; check "no seed fails its target" $?
# again: duplicates only
"$SF" corpus import "$REAL" -o "$TMP/corpus" >"$TMP/out2" 2>/dev/null
grep -q " 0 seeds written" "$TMP/out2"; check "second import writes nothing new" $?
# dry run
"$SF" corpus import "$REAL/dxbc-vkd3d" -o "$TMP/dry" --dry-run >"$TMP/out3" 2>/dev/null
[ ! -e "$TMP/dry" ]; check "--dry-run writes nothing" $?
grep -q "would be written" "$TMP/out3"; check "--dry-run says so" $?
# a dry run counts seeds and duplicates as the real import did (a seed met twice is one seed)
"$SF" corpus import "$REAL" -o "$TMP/dry" --dry-run >"$TMP/out3b" 2>/dev/null
real_counts=$(sed -n '1s/.*; \([0-9]*\) seeds written, \([0-9]*\) duplicates.*/\1 \2/p' "$TMP/out")
dry_counts=$(sed -n '1s/.*; \([0-9]*\) seeds would be written, \([0-9]*\) duplicates.*/\1 \2/p' "$TMP/out3b")
[ -n "$real_counts" ] && [ "$real_counts" = "$dry_counts" ]
check "--dry-run counts as the import did ($dry_counts vs $real_counts)" $?
# skip reasons are grouped without their positions
grep -q "skipped .*no shader program: byte #: unsupported: a root signature" "$TMP/out"
check "skip reasons grouped with positions as #" $?
# junk and bad arguments
printf 'not a program' >"$TMP/junk.bin"
"$SF" corpus import "$TMP/junk.bin" -o "$TMP/c2" >"$TMP/out4" 2>"$TMP/err4"
grep -q "junk.bin: skipped: not a DXBC" "$TMP/err4"; check "junk is skipped with its reason" $?
"$SF" corpus import >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ]; check "no path: exit 2" $?
"$SF" corpus import --frobnicate x >/dev/null 2>&1; rc=$?
[ $rc -eq 2 ]; check "unknown option: exit 2" $?
"$SF" corpus import "$TMP/does-not-exist" -o "$TMP/c3" >"$TMP/out5" 2>&1; rc=$?
grep -q "does-not-exist: skipped" "$TMP/out5"; check "missing path is reported" $?

# a full disk (injected: the 3rd file write fails with ENOSPC): a clear error naming the file, no
# temporary left behind, the other seeds intact, and a rerun fills the gap
rm -rf "$TMP/full"
"$SF" corpus import "$REAL/dxbc-vkd3d" -o "$TMP/full" >/dev/null 2>&1
before=$(ls "$TMP/full/dxbc_fuzzer" | wc -l)
rm -f "$TMP/full/dxbc_fuzzer/$(ls "$TMP/full/dxbc_fuzzer" | head -n 1)"
SF_FAULT_WRITE=1 "$SF" corpus import "$REAL/dxbc-vkd3d" -o "$TMP/full" >"$TMP/out6" 2>&1; rc=$?
[ $rc -eq 1 ]; check "a failed write exits 1 (got $rc)" $?
grep -q "cannot write: No space left on device (the previous file, if any, is unchanged)" "$TMP/out6"
check "the error names the file and the cause" $?
[ -z "$(find "$TMP/full" -name '*.tmp-*')" ]; check "no temporary file is left" $?
[ "$(ls "$TMP/full/dxbc_fuzzer" | wc -l)" -eq $((before - 1)) ]; check "the other seeds are intact" $?
"$SF" corpus import "$REAL/dxbc-vkd3d" -o "$TMP/full" >/dev/null 2>&1
[ "$(ls "$TMP/full/dxbc_fuzzer" | wc -l)" -eq "$before" ]; check "a rerun fills the gap" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
