#!/usr/bin/env bash
# tests/cli_bench.sh — the exec/s section of `samplefuzz bench` (harness/cli/bench_fuzz.c) with
# stand-in libFuzzer binaries: a target's ratio is its exec/s over the empty target's, read from
# libFuzzer's final statistics; a target that fails or has no libFuzzer build is named as failed
# (exit 1), never reported as a rate; bad arguments exit 2. Figures are never asserted on real runs:
# this checks the arithmetic and the failure paths, not the machine's speed.
# Usage: cli_bench.sh /path/to/samplefuzz    Prints "N passed, N failed"; exit 1 on a failure.
set -u
SF="${1:?usage: cli_bench.sh /path/to/samplefuzz}"
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
check() { if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }

# A stand-in engine binary: contains the option name the bench looks for, checks that it was given
# the seed folder and a fresh output folder, and prints libFuzzer's statistics lines.
fake() { # NAME EXECS_PER_S UNITS EXIT
  cat >"$TMP/bin/$1" <<SH
#!/bin/sh
# a stand-in for a libFuzzer binary: -max_total_time
for a in "\$@"; do case "\$a" in -max_total_time=*) t=1 ;; esac; done
[ -n "\$t" ] || exit 3
echo "INFO: Seed: 1"
echo "\$(basename "\$0") \$(grep Cpus_allowed_list /proc/self/status)" >>"$TMP/cpus"
echo "stat::number_of_executed_units: $3"
echo "stat::average_exec_per_sec:     $2"
exit $4
SH
  chmod +x "$TMP/bin/$1"
}
mkdir -p "$TMP/bin"
fake sf_bench_empty 1000 5000 0
fake visa_bin_fuzzer 250 1250 0
fake dxbc_fuzzer 10 50 1

"$SF" bench --fuzz-only --fuzz-seconds 1 --bin-dir "$TMP/bin" >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 1 ]; check "exit 1 when some target did not run (got $rc)" $?
grep -Eq '^visa_bin_fuzzer +250 +1000 +25\.00% +1250$' "$TMP/out"; check "ratio = target / empty exec/s" $?
grep -q '^dxbc_fuzzer .*failed: exit status 1' "$TMP/out"; check "a failing target is named, not rated" $?
grep -q '^sample_diff_fuzzer .*failed: no libFuzzer build' "$TMP/out"; check "a missing binary is named" $?

"$SF" bench --fuzz-only --fuzz-seconds 1 --json --bin-dir "$TMP/bin" >"$TMP/json" 2>/dev/null
python3 - "$TMP/json" <<'PY'; check "JSON section parses and carries the ratio" $?
import json, sys
d = json.load(open(sys.argv[1]))["fuzz_targets"]["results"]
r = {x["target"]: x for x in d}
assert r["visa_bin_fuzzer"]["ok"] and abs(r["visa_bin_fuzzer"]["ratio"] - 0.25) < 1e-9, r["visa_bin_fuzzer"]
assert not r["dxbc_fuzzer"]["ok"] and "exit status 1" in r["dxbc_fuzzer"]["why"]
PY
# Every run, the empty target's and each target's, on the one CPU the section names (a ratio of
# runs on CPUs of different speeds would measure the CPUs).
cpu=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["fuzz_targets"]["cpu"])' "$TMP/json")
[ "$cpu" -ge 0 ] 2>/dev/null && [ -s "$TMP/cpus" ] &&
  ! grep -v "Cpus_allowed_list:[[:space:]]*$cpu\$" "$TMP/cpus"; check "every run pinned to the CPU named (cpu=$cpu)" $?

# A subset, in rounds: only the targets named, each pair run R times (the executions add up).
"$SF" bench --fuzz-only --fuzz-seconds 1 --fuzz-rounds 3 --fuzz-targets visa_bin_fuzzer --bin-dir "$TMP/bin" >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 0 ] && grep -Eq '^visa_bin_fuzzer +250 +1000 +25\.00% +3750$' "$TMP/out" && ! grep -q '^dxbc_fuzzer' "$TMP/out" &&
  grep -q 'medians of the rounds' "$TMP/out"; check "--fuzz-targets and --fuzz-rounds (got $rc)" $?
"$SF" bench --fuzz-only --fuzz-targets visa_bin_fuzzer,nope --bin-dir "$TMP/bin" >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q "'nope' is not a fuzz target" "$TMP/out"; check "an unknown target name refused (got $rc)" $?
"$SF" bench --fuzz-only --fuzz-rounds 0 >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q -- "--fuzz-rounds wants 1..99" "$TMP/out"; check "--fuzz-rounds 0 refused (got $rc)" $?

"$SF" bench --fuzz-only --bin-dir "$TMP/none" >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q "is not a libFuzzer build of the empty target" "$TMP/out"; check "no empty target: clear error" $?
"$SF" bench --fuzz-seconds 0 >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q -- "--fuzz-seconds wants 1..3600" "$TMP/out"; check "--fuzz-seconds 0 refused (got $rc)" $?

# The backends section: cases/s of backend_diff per backend, the reference first; a plug-in row.
PL="$(dirname "$SF")/examples/backends"
"$SF" bench --backends-only --cases 60 --json --backend "$PL/libsf_mirror_neg.so" >"$TMP/bj" 2>/dev/null
python3 - "$TMP/bj" <<'PY'; check "backends section: JSON with the reference and the plug-in" $?
import json, sys
d = json.load(open(sys.argv[1]))["backend_diff"]
assert d["cases"] == 60, d
r = {x["backend"]: x for x in d["backends"]}
assert r["scalar"]["available"] and r["scalar"]["judged"] == 60 and r["scalar"]["findings"] == 0, r["scalar"]
assert r["scalar"]["warm_cases_s"] > 0 and r["scalar"]["cold_cases_s"] > 0
m = r["mirror_neg"]
assert m["available"] and m["judged"] + m["skipped"] == 60, m
assert abs(r["scalar"]["warm_judged_s"] - r["scalar"]["warm_cases_s"]) < 0.2, r["scalar"]
PY
"$SF" bench --backends-only --cases 20 --json --backend scalar >"$TMP/bj" 2>/dev/null
python3 - "$TMP/bj" <<'PY'; check "--backend naming a built-in measures it once" $?
import json, sys
names = [x["backend"] for x in json.load(open(sys.argv[1]))["backend_diff"]["backends"]]
assert names.count("scalar") == 1, names
PY
"$SF" bench --backends-only --cases 10 --backend /nonexistent.so >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 1 ] && grep -q '^/nonexistent.so *unavailable: ' "$TMP/out"; check "a plug-in that does not open: its row says why, exit 1" $?
"$SF" bench --backends-only --cases 0 >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ] && grep -q -- "--cases wants 1..100000" "$TMP/out"; check "--cases 0 refused (got $rc)" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
