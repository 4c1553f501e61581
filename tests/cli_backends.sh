#!/usr/bin/env bash
# tests/cli_backends.sh — backend ABI v2 from the command line (docs/backends.md):
#   `backends` lists the built-ins and refuses each bad example plug-in with its reason;
#   `fuzz --backend` and `replay --backend` refuse to start on a plug-in that does not load;
#   a deterministic replay of generated cases (`gen backend_diff_fuzzer --backend`) finds each buggy
#   example plug-in's bug (bilinear4: linear filtering; mirror_neg: mirror addressing), buckets them
#   apart, and gives no finding for the correct one on the same cases;
#   `show --backend` explains a finding; `run --backend` executes a text case on a v2 plug-in.
# Usage: cli_backends.sh /path/to/samplefuzz    Prints "N passed, N failed"; exit 1 on a failure.
set -u
SF="${1:?usage: cli_backends.sh /path/to/samplefuzz}"
HERE="$(cd "$(dirname "$0")" && pwd)"
PL="$(cd "$(dirname "$SF")" && pwd)/examples/backends"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
check() {   # check NAME STATUS
  if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
expect_rc() {   # expect_rc NAME GOT WANT
  if [ "$2" -eq "$3" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1: exit status $2, want $3"; fi
}
for p in simple2d bilinear4 mirror_neg broken_abi broken_size broken_nosym broken_noentry; do
  [ -f "$PL/libsf_$p.so" ] || { echo "FAIL: $PL/libsf_$p.so not built (target sf_examples)"; echo "0 passed, 1 failed"; exit 1; }
done

# 1. The list, with reasons.
printf 'not a shared object\n' >"$TMP/text.so"
"$SF" backends "$PL/libsf_simple2d.so" "$PL/libsf_broken_abi.so" "$PL/libsf_broken_size.so" \
  "$PL/libsf_broken_nosym.so" "$PL/libsf_broken_noentry.so" "$TMP/text.so" >"$TMP/list" 2>&1
expect_rc "backends: a refused plug-in" $? 1
grep -q '^scalar .*available' "$TMP/list"; check "backends: scalar available" $?
grep -Eq '^(llvmpipe|softpipe) ' "$TMP/list" || grep -q 'llvmpipe: unavailable' "$TMP/list"; check "backends: llvmpipe listed" $?
grep -q '^simple2d .*available' "$TMP/list"; check "backends: simple2d available" $?
grep -q 'ABI version 1, this samplefuzz speaks ABI version 2' "$TMP/list"; check "backends: wrong ABI" $?
grep -q 'struct_size 12, expected' "$TMP/list"; check "backends: wrong struct size" $?
grep -q 'missing entry symbol' "$TMP/list"; check "backends: missing symbol" $?
grep -q "missing mandatory entry point 'sample'" "$TMP/list"; check "backends: missing entry point" $?
grep -q 'not an ELF shared object' "$TMP/list"; check "backends: not ELF" $?

# 2. Campaigns and replays refuse to start on a bad plug-in.
for p in "$PL/libsf_broken_abi.so" "$PL/libsf_broken_size.so" "$PL/libsf_broken_nosym.so" "$TMP/text.so" "$TMP"; do
  n="$(basename "$p")"
  "$SF" fuzz --backend "$p" --time 1 --workdir "$TMP/work" --no-build >"$TMP/fz" 2>&1
  expect_rc "fuzz --backend $n" $? 2
  grep -q 'the campaign does not start' "$TMP/fz"; check "fuzz --backend $n: message" $?
  "$SF" replay --backend "$p" "$HERE" >"$TMP/rp" 2>&1
  expect_rc "replay --backend $n" $? 2
  grep -q 'backend refused, nothing replayed' "$TMP/rp"; check "replay --backend $n: message" $?
done

# 3. Deterministic cases inside the example's capabilities; the three plug-ins judged on them.
"$SF" gen backend_diff_fuzzer -n 300 --seed 11 -o "$TMP/cases" --backend "$PL/libsf_simple2d.so" >/dev/null 2>&1
check "gen --backend" $?
"$SF" replay --backend "$PL/libsf_simple2d.so" "$TMP/cases" >"$TMP/good" 2>&1
expect_rc "simple2d: no finding" $? 0
"$SF" replay --target backend_diff_fuzzer --backend "$PL/libsf_simple2d.so" "$HERE/data/backend_diff/simple2d-lerp-overflow.bin" >"$TMP/ovf" 2>&1
expect_rc "simple2d: no finding on texels near the float range (its lerp once overflowed)" $? 0
grep -q '300 cases run, 0 skipped .* 0 findings' "$TMP/good"; check "simple2d: summary" $?
"$SF" replay --backend "$PL/libsf_bilinear4.so" "$TMP/cases" >"$TMP/bil" 2>&1
expect_rc "bilinear4: findings" $? 1
grep -q 'Assertion failure: backend-range-sample-sample-implementation\.linear\.inside' "$TMP/bil"; check "bilinear4: linear filtering, inside" $?
"$SF" replay --backend "$PL/libsf_mirror_neg.so" "$TMP/cases" >"$TMP/mir" 2>&1
expect_rc "mirror_neg: findings" $? 1
grep -q 'Assertion failure: backend-range-sample-sample-implementation\.[a-z]*\.mirror$' "$TMP/mir"; check "mirror_neg: mirror addressing" $?
! grep -q 'Assertion failure: .*-\(reference\|both\)\.' "$TMP/bil" "$TMP/mir"; check "findings blame the implementation" $?
awk '/^bucket +count/ { t = 1; next } t && NF >= 3 { print $1 }' "$TMP/bil" | sort >"$TMP/b1"
awk '/^bucket +count/ { t = 1; next } t && NF >= 3 { print $1 }' "$TMP/mir" | sort >"$TMP/b2"
[ -s "$TMP/b1" ] && [ -s "$TMP/b2" ] && [ -z "$(comm -12 "$TMP/b1" "$TMP/b2")" ]; check "buckets apart" $?

# 3b. A known-divergence manifest: mirror_neg's mirror findings become counted known divergences,
# bilinear4's stay findings; a malformed manifest stops the replay with its line and column.
printf '# mirror_neg example\nbackend-range-sample-*-implementation.* addr=mirror | planted: mirror addressing off by one | -\n' >"$TMP/man.txt"
"$SF" replay --backend "$PL/libsf_mirror_neg.so" --manifest "$TMP/man.txt" "$TMP/cases" >"$TMP/mirk" 2>&1
expect_rc "mirror_neg with its manifest" $? 0
grep -q '^known divergences: [1-9][0-9]* finding(s) matched the manifest' "$TMP/mirk"; check "manifest: known counted" $?
grep -q '^  line 2 x[1-9]' "$TMP/mirk"; check "manifest: per-entry count" $?
"$SF" replay --backend "$PL/libsf_bilinear4.so" --manifest "$TMP/man.txt" "$TMP/cases" >"$TMP/bilk" 2>&1
expect_rc "bilinear4 with mirror_neg's manifest: still findings" $? 1
printf 'backend-* colour=red | x | -\n' >"$TMP/bad.txt"
"$SF" replay --backend "$PL/libsf_mirror_neg.so" --manifest "$TMP/bad.txt" "$TMP/cases" >"$TMP/badk" 2>&1
expect_rc "a malformed manifest" $? 2
grep -q 'manifest .*bad.txt:1:11: unknown condition' "$TMP/badk"; check "manifest: position of the error" $?
"$SF" fuzz --backend "$PL/libsf_mirror_neg.so" --manifest "$TMP/bad.txt" --time 1 >"$TMP/badf" 2>&1
expect_rc "fuzz with a malformed manifest" $? 2

# 4. show explains one finding; run executes a text case on the plug-in through the executor.
first="$(awk '/^FAILED / { print $2; exit }' "$TMP/mir")"
"$SF" show --backend "$PL/libsf_mirror_neg.so" --target backend_diff_fuzzer "$first" >"$TMP/show" 2>&1
grep -q 'implementation left the allowed set' "$TMP/show"; check "show --backend" $?
"$SF" run --backend "$PL/libsf_simple2d.so" "$HERE/../docs/examples/bilinear_r32f.case" >"$TMP/run" 2>&1
check "run --backend simple2d" $?
awk '/^lane / { t = 1; next } t && $1 == 0 { print $2; exit }' "$TMP/run" | grep -qx '5.5'; check "run --backend: lane 0 = 5.5" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
