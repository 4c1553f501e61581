#!/usr/bin/env bash
# tests/cli_show_backend.sh — `samplefuzz show` on backend_diff_fuzzer findings: the judged batch,
# the reference's texel footprint and what the implementation's value matches (docs/backends.md
# "Reading a finding"). Inputs: tests/data/backend_diff/ (SOURCES says how they were made), judged
# against the example plug-ins of examples/backends/ (built next to the program, target sf_examples).
#   1. mirror_neg: lane 2 is rejected; show prints the lane's inputs, the reference's LOD and level
#      (mip 1, linear), its four texels with raw index 7/8 mirrored to x=0, weights and values, the
#      re-derivation equal to the reference bit for bit, the allowed range, and the explanation
#      "matches mip 1 (linear) with u addressed as mirror reflected about texel 0 (raw x=-1 read as
#      x=1 where the spec's mirror reads x=0)"; the same through SF_BACKEND without --backend;
#   2. bilinear4: lane 7 "matches mip 0 (linear) with filter weights truncated to 4 fraction bits";
#   3. --lane N shows that lane only (an allowed lane too); --lane with a bad value is a usage error;
#   4. the correct plug-in simple2d on the same input: no lane rejected.
# Usage: cli_show_backend.sh /path/to/samplefuzz    Prints "N passed, N failed"; exit 1 on a failure.
set -u
SF="${1:?usage: cli_show_backend.sh /path/to/samplefuzz}"
HERE="$(cd "$(dirname "$0")" && pwd)"
DATA="$HERE/data/backend_diff"
PL="$(cd "$(dirname "$SF")" && pwd)/examples/backends"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
check() {   # check NAME STATUS (0 = pass)
  if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
has() {     # has NAME FILE PATTERN (grep -E)
  grep -Eq -- "$3" "$2"
  check "$1" $?
}
for p in mirror_neg bilinear4 simple2d; do
  [ -f "$PL/libsf_$p.so" ] || { echo "FAIL: $PL/libsf_$p.so not built (target sf_examples)"; echo "0 passed, 1 failed"; exit 1; }
done

# ---- 1. mirror_neg ------------------------------------------------------------------------------
M="$DATA/mirror_neg-linear-mirror.bin"
"$SF" show --target backend_diff_fuzzer --backend "$PL/libsf_mirror_neg.so" "$M" >"$TMP/m.out" 2>&1
check "mirror_neg: exit status" $?
O="$TMP/m.out"
has "mirror_neg: a finding in the mirror bucket" "$O" '^signature: Assertion failure: backend-range-sample-sample-implementation\.linear\.mirror$'
has "mirror_neg: the judged batch" "$O" '^judged batch: op sample_lz, 8 lanes \(mask ff\); surface 2d r8_unorm 8x12x1'
has "mirror_neg: lane 2 is rejected" "$O" '^lane 2: reference allowed, mirror_neg rejected$'
[ "$(grep -c '^lane [0-9]*: reference' "$O")" -eq 1 ]
check "mirror_neg: only lane 2 is explained" $?
has "mirror_neg: lane 2 inputs" "$O" '^  inputs   u -0\.0884926319 v 0\.66087997 .*\| LOD zero \| off \(0,0,0\)$'
has "mirror_neg: the LOD and the level" "$O" '^  LOD      reference: unclamped 1\.8359 \(470/256\), clamped 1\.8359 \(470/256\) -> mip 1 \(linear\)$'
has "mirror_neg: the verifier's LOD interval and levels" "$O" '^           verifier \(mirror_neg.s precision\): clamped LOD \[1\.8320, 1\.8398\] -> mip 1 \(linear\)$'
has "mirror_neg: the footprint header" "$O" '^  texels read by the reference \(4; '
# taps: mip 1, x = 0 after MIRROR of raw 7 and 8 (reduced coordinate), y = 3 and 4, with weights
has "mirror_neg: tap x=0 (raw 7) y=3" "$O" '^    1    0       0 \(raw 7\)      3              -              0\.01960784   0            0            1            0\.457809$'
has "mirror_neg: tap x=0 (raw 8) y=4" "$O" '^    1    0       0 \(raw 8\)      4              -              0\.4470588    0            0            1            0\.067184$'
[ "$(grep -Ec '^    1    0       0 \(raw [78]\) ' "$O")" -eq 4 ]
check "mirror_neg: exactly four taps, all at x=0 of mip 1" $?
has "mirror_neg: the re-derivation is the reference's value" "$O" "^  re-derived \(0\.2183058, 0, 0, 1\): the reference's value, bit for bit$"
has "mirror_neg: the allowed interval of r" "$O" '^  r   0\.2183058      0\.7799678      \[0\.2168216, 0\.2201627\]$'
has "mirror_neg: the explanation names the mirror mistake" "$O" "^  explained: mirror_neg's value matches mip 1 \(linear\) with u addressed as mirror reflected about texel 0 \(raw x=-1 read as x=1 where the spec's mirror reads x=0\); the spec allows mip 1 \(linear\) only, reading x=0 y=3\.\.4 at mip 1$"
has "mirror_neg: the case's instruction still follows" "$O" '^vISA text: '

# The same through SF_BACKEND (the check's own implementation), without --backend.
SF_BACKEND="$PL/libsf_mirror_neg.so" "$SF" show --target backend_diff_fuzzer "$M" >"$TMP/m2.out" 2>&1
check "mirror_neg via SF_BACKEND: exit status" $?
has "mirror_neg via SF_BACKEND: the explanation" "$TMP/m2.out" "^  explained: mirror_neg's value matches mip 1 \(linear\) with u addressed as mirror reflected about texel 0"

# ---- 2. bilinear4 -------------------------------------------------------------------------------
"$SF" show --target backend_diff_fuzzer --backend "$PL/libsf_bilinear4.so" "$DATA/bilinear4-linear-mirror.bin" >"$TMP/b.out" 2>&1
check "bilinear4: exit status" $?
O="$TMP/b.out"
has "bilinear4: lane 7 is rejected" "$O" '^lane 7: reference allowed, bilinear4 rejected$'
has "bilinear4: the LOD clamped by MinLOD" "$O" '^  LOD      reference: unclamped -12\.9805 \(-3323/256\), clamped 6\.6016 \(1690/256\) -> mip 0 \(linear\)$'
has "bilinear4: a tap with its weight" "$O" '^    0    0       7              4 \(raw 9\)      -              0\.9411765    0            0            1            0\.753723$'
has "bilinear4: the explanation names the weight precision" "$O" "^  explained: bilinear4's value matches mip 0 \(linear\) with filter weights truncated to 4 fraction bits \(the spec needs 8\); the spec allows mip 0 \(linear\) only"

# ---- 3. --lane ----------------------------------------------------------------------------------
"$SF" show --target backend_diff_fuzzer --backend "$PL/libsf_mirror_neg.so" --lane 0 "$M" >"$TMP/l.out" 2>&1
check "--lane 0: exit status" $?
has "--lane 0: that lane, allowed" "$TMP/l.out" '^lane 0: reference allowed, mirror_neg allowed$'
has "--lane 0: its footprint" "$TMP/l.out" '^  texels read by the reference \('
[ "$(grep -c '^lane [0-9]*: reference' "$TMP/l.out")" -eq 1 ]
check "--lane 0: one lane only" $?
"$SF" show --target backend_diff_fuzzer --lane x "$M" >/dev/null 2>&1
[ $? -eq 2 ]
check "--lane x: exit status 2" $?

# ---- 4. the correct plug-in ---------------------------------------------------------------------
"$SF" show --target backend_diff_fuzzer --backend "$PL/libsf_simple2d.so" "$M" >"$TMP/s.out" 2>&1
check "simple2d: exit status" $?
has "simple2d: passes" "$TMP/s.out" '^verdict:   pass'
has "simple2d: no lane rejected" "$TMP/s.out" '^  every judged lane is allowed'

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
