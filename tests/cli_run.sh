#!/usr/bin/env bash
# tests/cli_run.sh — `samplefuzz run` on the hand-written cases of docs/examples/*.case, on every
# backend this CPU supports (SF_SIMD=scalar|sse2|avx2|avx512; an unsupported one falls back to scalar
# and is skipped here), checking the numbers worked out by hand in each case's comment:
#   bilinear_r32f.case       lanes 0-4: 5.5 3 4 10 2.5, lanes 5-7: 2   (bilinear weights, clamp)
#   wrap_point_r8.case       lanes 0-4 R: 0.2 0 1 0.4 1, A = 1         (wrap on integer indices)
#   sample_unorm_aligned     R 4096/20480 alternating, G 8192/24576    (8.8 = value << 8)
#   d3d_pcf.case             r0.x per lane: 0 1 1 0                    (PCF, ref 0.5, less)
# plus the default mode (every backend, "all N backends agree") and error reporting: a broken case
# gives exit status 2 and file:line:col.
# Usage: cli_run.sh /path/to/samplefuzz    Prints "N passed, N failed"; exit 1 on a failure.
set -u
SF="${1:?usage: cli_run.sh /path/to/samplefuzz}"
HERE="$(cd "$(dirname "$0")" && pwd)"
EX="$HERE/../docs/examples"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
check() {   # check NAME STATUS   (STATUS 0 = pass; capture it in a variable before the call)
  if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
expect_eq() {   # expect_eq NAME GOT WANT
  if [ "$2" = "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: got '$2', want '$3'"; fi
}

# The value column COL (1 = first channel) of the result row for LANE in a run's output.
lane_col() {   # lane_col FILE LANE COL
  awk -v lane="$2" -v col="$3" '
    /^lane / { t = 1; next }
    t && $1 == lane { print $(col + 1); exit }' "$1"
}

backends="scalar"
for b in sse2 avx2 avx512; do
  out="$(SF_SIMD=$b "$SF" run "$EX/bilinear_r32f.case" 2>&1 | head -2)"
  case "$out" in *"backend: $b"*) backends="$backends $b" ;; esac
done
echo "backends: $backends"

for b in $backends; do
  o="$TMP/bilinear.$b"
  SF_SIMD=$b "$SF" run "$EX/bilinear_r32f.case" >"$o" 2>&1
  check "bilinear $b: exit status" $?
  grep -q "backend: $b" "$o"; check "bilinear $b: reports backend" $?
  want=(5.5 3 4 10 2.5 2 2 2)
  for l in 0 1 2 3 4 5 6 7; do
    expect_eq "bilinear $b lane $l" "$(lane_col "$o" $l 1)" "${want[$l]}"
  done

  o="$TMP/wrap.$b"
  SF_SIMD=$b "$SF" run "$EX/wrap_point_r8.case" >"$o" 2>&1
  check "wrap $b: exit status" $?
  want=(0.2 0 1 0.4 1 0 0 0)
  for l in 0 1 2 3 4 5 6 7; do
    expect_eq "wrap $b lane $l R" "$(lane_col "$o" $l 1)" "${want[$l]}"
    expect_eq "wrap $b lane $l A" "$(lane_col "$o" $l 4)" 1
  done

  o="$TMP/unorm.$b"
  SF_SIMD=$b "$SF" run "$EX/sample_unorm_aligned.case" >"$o" 2>&1
  check "sample_unorm $b: exit status" $?
  # rows [0] [8] [16] [24] are the R block (32 pixels), [32]..[56] the G block
  r_ok=$(awk '/^  \[ *(0|8|16|24)\]/ { for (i = 3; i <= 10; i++) if ($i != ((i % 2) ? 4096 : 20480)) bad = 1; n++ }
              END { print (n == 4 && !bad) ? 0 : 1 }' "$o")
  check "sample_unorm $b: R = 4096/20480 alternating (0x10<<8, 0x50<<8)" "$r_ok"
  g_ok=$(awk '/^  \[ *(32|40|48|56)\]/ { for (i = 3; i <= 10; i++) if ($i != ((i % 2) ? 8192 : 24576)) bad = 1; n++ }
              END { print (n == 4 && !bad) ? 0 : 1 }' "$o")
  check "sample_unorm $b: G = 8192/24576 alternating (0x20<<8, 0x60<<8)" "$g_ok"

  o="$TMP/pcf.$b"
  SF_SIMD=$b "$SF" run "$EX/d3d_pcf.case" >"$o" 2>&1
  check "d3d pcf $b: exit status" $?
  want=(0 1 1 0)
  for l in 0 1 2 3; do
    expect_eq "d3d pcf $b lane $l r0.x" "$(lane_col "$o" $l 1)" "${want[$l]}"
  done
done

# Default (no SF_SIMD, no --backend): the scalar report, then every other backend compared.
nbe=$(echo $backends | wc -w)
for c in bilinear_r32f wrap_point_r8 sample_unorm_aligned d3d_pcf; do
  env -u SF_SIMD "$SF" run "$EX/$c.case" >"$TMP/all.$c" 2>&1
  st=$?
  check "$c on every backend: exit status $st" $st
  grep -q '^backend: scalar' "$TMP/all.$c"
  st=$?
  check "$c on every backend: the report is the scalar reference's" $st
  grep -q "^all $nbe backends agree" "$TMP/all.$c"
  st=$?
  check "$c on every backend: all $nbe backends agree" $st
done

# Errors in the case text: exit status 2 with file:line:col.
printf 'surface T6 2d r32f 2x2\nsampler S0 filter=bilinear\n' >"$TMP/bad.case"
"$SF" run "$TMP/bad.case" >"$TMP/bad.out" 2>&1
[ $? -eq 2 ]; check "bad case: exit status 2" $?
grep -Eq 'bad\.case:2:[0-9]+:' "$TMP/bad.out"
st=$?
check "bad case: reports line 2 with a column ($(head -1 "$TMP/bad.out"))" $st
"$SF" run "$TMP/does-not-exist.case" >/dev/null 2>&1
[ $? -eq 2 ]; check "missing file: exit status 2" $?
"$SF" run --help | grep -q 'usage: samplefuzz run'; check "run --help" $?

# The reproducers of docs/findings.md stay valid cases: each runs on the reference and every
# built-in SIMD backend agrees (the implementation they expose is not needed here).
HERE="$(cd "$(dirname "$0")" && pwd)"
for f in "$HERE"/data/findings/*.case; do
  [ -e "$f" ] || continue
  "$SF" run "$f" >"$TMP/finding.out" 2>&1
  st=$?
  [ $st -eq 0 ] && grep -q 'backends agree' "$TMP/finding.out"; check "finding $(basename "$f") runs on the reference" $?
done

# `show --case` writes a structured fuzz case as case text that `run` reads and runs (docs/case-text.md
# "Written cases"): the same case, so the report's dst values are those `show` computes too.
ROOT="$(cd "$HERE/.." && pwd)"
n=0
for f in $(ls "$ROOT/corpus/sample_diff_fuzzer" | head -5) ; do
  "$SF" show "$ROOT/corpus/sample_diff_fuzzer/$f" --case >"$TMP/w.case" 2>"$TMP/w.err"
  st=$?
  check "show --case $f: exit status 0 ($(head -1 "$TMP/w.err"))" $st
  grep -q '^surface T' "$TMP/w.case" && grep -Eq '^(inst|d3d) ' "$TMP/w.case"; check "show --case $f: surfaces and an instruction" $?
  "$SF" run "$TMP/w.case" >"$TMP/w.out" 2>&1
  st=$?
  [ $st -le 1 ] && ! grep -q 'w\.case:[0-9]*:[0-9]*:' "$TMP/w.out"; check "the written case of $f reads back and runs (exit $st)" $?
  n=$((n + 1))
done
[ $n -eq 5 ]; check "show --case ran on 5 corpus cases" $?
"$SF" show "$ROOT/corpus/visa_bin_fuzzer/$(ls "$ROOT/corpus/visa_bin_fuzzer" | head -1)" --case >/dev/null 2>&1
[ $? -eq 2 ]; check "show --case on a visa_bin input: exit status 2 (not a sampler case)" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
