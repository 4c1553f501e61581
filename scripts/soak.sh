#!/usr/bin/env bash
# Soak campaign (docs/reliability.md "Soak runs"): every fuzz target, one after another (one core),
# for S seconds under ASan+UBSan and for S seconds under MemorySanitizer, then a summary table.
#
#   ASan+UBSan: the libFuzzer build of scripts/fuzz.sh (clang, -DSF_SANITIZE=ON, build-fuzz) run by
#               `samplefuzz fuzz --jobs 1` (fork mode, -ignore_crashes: a finding does not end the run;
#               reproducers are kept in <workdir>/asan/<target>/artifacts).
#   MSan:       scripts/msan.sh (its build-msan; one process per target, which stops at the first
#               finding; reproducers are kept in <workdir>/msan/<target>/artifacts).
# Corpora persist in the work folder, so a rerun resumes; the bundled corpus/ is only read.
#
#   bash scripts/soak.sh --time 3600 --cpu-time 3600  the hour-per-target soak
#   bash scripts/soak.sh --time 60 --sanitizers msan dxbc_fuzzer
# Options: --time S (seconds per target and sanitizer, default 3600), --cpu-time C (ASan+UBSan: after
# the --time run, run the target again, resuming its corpus with the next seed, until it has had C
# CPU seconds; a loaded machine gives a wall-clock hour less than a CPU-hour), --sanitizers "asan msan"
# (default both), --seed N (default 1), --workdir DIR (default fuzz-work/soak), --summary FILE
# (default <workdir>/summary-<UTC time>.tsv; an existing file is appended to). The summary has one tab-separated row per target and
# sanitizer: target, sanitizer, seconds (wall), CPU seconds (user+system of the run and every process
# it waited for), executions, exec/s, findings. Exit status 1 when there are findings.
# Environment: SF_FUZZ_BUILD_DIR (the ASan build, as in scripts/fuzz.sh), SF_MSAN_BUILD_DIR,
# SF_SOAK_JOBS (build parallelism, default nproc).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
root=$(pwd)

time_s=3600 cpu_time=0 sans="asan msan" seed=1 workdir="$root/fuzz-work/soak" summary=""
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --time) time_s=${2:?--time needs seconds}; shift 2 ;;
    --cpu-time) cpu_time=${2:?--cpu-time needs seconds}; shift 2 ;;
    --sanitizers) sans=${2:?--sanitizers needs a list}; shift 2 ;;
    --seed) seed=${2:?--seed needs a number}; shift 2 ;;
    --workdir) workdir=${2:?--workdir needs a folder}; shift 2 ;;
    --summary) summary=${2:?--summary needs a file}; shift 2 ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d;s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "soak.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
case $time_s in ''|0|*[!0-9]*) echo "soak.sh: --time must be a positive number of seconds" >&2; exit 2 ;; esac
case $cpu_time in ''|*[!0-9]*) echo "soak.sh: --cpu-time must be whole seconds" >&2; exit 2 ;; esac
if [ ${#targets[@]} -eq 0 ]; then
  for src in "$root"/fuzz/*_fuzzer.c; do targets+=("$(basename "$src" .c)"); done
fi
mkdir -p "$workdir" || exit 2
workdir=$(cd "$workdir" && pwd)
[ -n "$summary" ] || summary="$workdir/summary-$(date -u +%Y%m%dT%H%M%SZ).tsv"
# An existing summary keeps its rows: this run's rows are appended (earlier campaigns' figures are
# results too, and a --summary shared across runs must not lose them).
if [ ! -s "$summary" ]; then
  printf 'target\tsanitizer\tseconds\tcpu_seconds\texecutions\texec_per_s\tfindings\n' > "$summary" || exit 2
fi
jobs=${SF_SOAK_JOBS:-$(nproc 2>/dev/null || echo 2)}
echo "soak.sh: ${#targets[@]} target(s) x [$sans], $time_s s each, one at a time; work $workdir; summary $summary"
status=0
. "$root/scripts/child_cpu.sh"   # child_cpu

for san in $sans; do
  case $san in
    asan)
      build=${SF_FUZZ_BUILD_DIR:-$root/build-fuzz}
      echo "== ASan+UBSan build ($build, as scripts/fuzz.sh)"
      cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
            -DSF_SANITIZE=ON -DSF_FUZZ_ENGINE=libfuzzer >/dev/null || exit 2
      cmake --build "$build" --target samplefuzz_cli sf_all_fuzzers -j"$jobs" >/dev/null || {
        echo "soak.sh: ASan build failed (run: cmake --build $build)" >&2; exit 2; }
      for t in "${targets[@]}"; do
        dir="$workdir/asan/$t"
        mkdir -p "$dir/artifacts"
        before=$(find "$dir/artifacts" -type f | wc -l)
        logstart=0
        [ -f "$dir/fuzz.log" ] && logstart=$(wc -l < "$dir/fuzz.log")
        : > "$workdir/asan-$t.out"
        start=$(date +%s) cpu0=$(child_cpu) execs=0 round=0 run_s=$time_s rc=0
        # One run of --time S; with --cpu-time C, more runs (the corpus resumes, the seed moves on)
        # until the target has had C CPU seconds, at most 4 more.
        while :; do
          "$build/samplefuzz" fuzz --engine libfuzzer --jobs 1 --time "$run_s" --seed "$((seed + round))" \
            --workdir "$workdir/asan" --bin-dir "$build/fuzz" "$t" >> "$workdir/asan-$t.out" 2>&1 || rc=$?
          # libFuzzer's fork mode logs "#<execs>: cov: .. exec/s: .. oom/timeout/crash: a/b/c ..";
          # each run counts from zero, so the runs' last lines add up.
          last=$(tail -n +"$((logstart + 1))" "$dir/fuzz.log" 2>/dev/null | grep -E '^#[0-9]+: cov:' | tail -n1)
          n=$(sed -n 's/^#\([0-9]*\):.*/\1/p' <<< "$last"); execs=$(( execs + ${n:-0} ))
          [ -f "$dir/fuzz.log" ] && logstart=$(wc -l < "$dir/fuzz.log")
          cpu=$(( $(child_cpu) - cpu0 )) round=$(( round + 1 ))
          [ "$cpu_time" -gt 0 ] && [ "$cpu" -lt "$cpu_time" ] && [ "$round" -le 4 ] && [ "$rc" -eq 0 ] || break
          run_s=$(( cpu_time - cpu + 30 ))
          echo "soak.sh: $t had $cpu of $cpu_time CPU-s; another run of $run_s s (round $((round + 1)))"
        done
        secs=$(( $(date +%s) - start ))
        rate=$(( secs > 0 ? execs / secs : execs ))
        findings=$(( $(find "$dir/artifacts" -type f | wc -l) - before ))
        if [ $rc -ne 0 ] && [ $findings -eq 0 ]; then
          # not a finding: the campaign did not run or ended badly (e.g. the work folder is locked
          # by another campaign); say so, and the row says "error"
          status=1 findings=error
          echo "ERROR: $t (ASan+UBSan): samplefuzz fuzz exited $rc without a reproducer:" >&2
          tail -n 5 "$workdir/asan-$t.out" >&2
        elif [ $findings -gt 0 ]; then
          status=1
          echo "FINDING: $t (ASan+UBSan): $findings new reproducer(s) in $dir/artifacts" >&2
          sed -n '/^triage:/,$p' "$workdir/asan-$t.out" >&2
        fi
        printf '%-20s asan %6ss %6s CPU-s %12s execs %7s exec/s  findings %s\n' "$t" "$secs" "$cpu" "$execs" "$rate" "$findings"
        printf '%s\tasan\t%s\t%s\t%s\t%s\t%s\n' "$t" "$secs" "$cpu" "$execs" "$rate" "$findings" >> "$summary"
      done
      ;;
    msan)
      echo "== MSan (scripts/msan.sh --time $time_s)"
      SF_MSAN_JOBS=$jobs bash "$root/scripts/msan.sh" --time "$time_s" --seed "$seed" --summary "$summary" \
        --workdir "$workdir/msan" "${targets[@]}" || status=1
      ;;
    *) echo "soak.sh: unknown sanitizer '$san' (asan or msan)" >&2; exit 2 ;;
  esac
done

echo
echo "summary ($summary):"
column -t -s $'\t' "$summary" 2>/dev/null || cat "$summary"
exit $status
