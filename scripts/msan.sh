#!/usr/bin/env bash
# MemorySanitizer run of every fuzz target (docs/fuzzing.md "MSan (MemorySanitizer)", docs/reliability.md).
#
# Builds the libFuzzer targets with clang -fsanitize=memory -fsanitize-memory-track-origins
# (-DSF_SANITIZE=memory: xxHash header-only, no libpng; only the fuzz targets are built, since the
# samplefuzz program and the tests may link uninstrumented libraries) in their own build folder, then
# for every fuzz/<target>_fuzzer.c:
#   1. fuzzes a temporary copy of corpus/<target>/ for S seconds (one process, the target's .options
#      for max_len, timeout and dict), so nothing in the repository is written;
#   2. replays every file of corpus/<target>/ and crashes/<target>/ once.
# Any finding (an MSan report, a crash, a timeout or OOM, a replay that fails) is printed and makes the
# exit status 1; its reproducers stay in the work folder, whose path is printed.
#
#   bash scripts/msan.sh                       10 s per target, then the replays
#   bash scripts/msan.sh --time 0              replays only (what scripts/test.sh's smoke adds to a run)
#   bash scripts/msan.sh --time 600 --summary msan.tsv dxbc_fuzzer
#   bash scripts/msan.sh --runs 2000           2000 executions per target: the same inputs on every
#                                              run of one commit (CI's smoke; a time limit is not)
# Options: --time S (seconds of fuzzing per target, default 10; 0 = replay only), --runs N (fuzz N
# executions instead of S seconds: deterministic with the fixed seed), --seed N (libFuzzer
# -seed, default 1), --summary FILE (append one tab-separated row per target: target, sanitizer,
# seconds, CPU seconds, executions, exec/s, findings), --workdir DIR (default: a temporary folder, removed unless
# there are findings), --no-build (use the binaries already in the build folder).
# Environment: SF_MSAN_BUILD_DIR (default build-msan), SF_MSAN_JOBS (build parallelism, default nproc),
# SF_MSAN_WERROR (ON: -Werror; default OFF, warnings are the -Werror builds' job in scripts/test.sh).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
root=$(pwd)

time_s=10 runs=0 seed=1 summary="" workdir="" build_steps=1
targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --time) time_s=${2:?--time needs seconds}; shift 2 ;;
    --runs) runs=${2:?--runs needs a count}; shift 2 ;;
    --seed) seed=${2:?--seed needs a number}; shift 2 ;;
    --summary) summary=${2:?--summary needs a file}; shift 2 ;;
    --workdir) workdir=${2:?--workdir needs a folder}; shift 2 ;;
    --no-build) build_steps=0; shift ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d;s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "msan.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
case $time_s in ''|*[!0-9]*) echo "msan.sh: --time must be whole seconds" >&2; exit 2 ;; esac
case $runs in ''|*[!0-9]*) echo "msan.sh: --runs must be a whole number" >&2; exit 2 ;; esac
if [ ${#targets[@]} -eq 0 ]; then
  # Every fuzz/<name>_fuzzer.c is a target (docs/architecture.md "Add a fuzz target").
  for src in "$root"/fuzz/*_fuzzer.c; do targets+=("$(basename "$src" .c)"); done
fi

build=${SF_MSAN_BUILD_DIR:-$root/build-msan}
jobs=${SF_MSAN_JOBS:-$(nproc 2>/dev/null || echo 2)}
if [ $build_steps -eq 1 ]; then
  echo "== MSan build ($build: clang, -fsanitize=memory -fsanitize-memory-track-origins=2, libFuzzer)"
  if ! cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
         -DSF_SANITIZE=memory -DSF_FUZZ_ENGINE=libfuzzer -DSF_WERROR="${SF_MSAN_WERROR:-OFF}" > "$build.configure.log" 2>&1; then
    cat "$build.configure.log" >&2; echo "msan.sh: configure failed" >&2; exit 2
  fi
  rm -f "$build.configure.log"
  # Only the fuzz targets: everything they link is instrumented (or libc/libm, which MSan intercepts).
  cmake --build "$build" --target sf_all_fuzzers -j"$jobs" || { echo "msan.sh: build failed" >&2; exit 2; }
fi

keep=0
if [ -z "$workdir" ]; then
  workdir=$(mktemp -d "${TMPDIR:-/tmp}/sf-msan.XXXXXX")
else
  mkdir -p "$workdir" && keep=1
fi
# Symbolized reports with the origin of the uninitialized bytes (track-origins needs no option).
export MSAN_OPTIONS=${MSAN_OPTIONS:-halt_on_error=1:symbolize=1}
# A plug-in backend ($SF_BACKEND=PATH.so, docs/backends.md) is a library MSan has not instrumented
# unless it was built with -fsanitize=memory too; the default (unset: the built-in scalar backend)
# keeps the process instrumented. Pass SF_MSAN_BACKEND to test an MSan-built plug-in.
unset SF_BACKEND SF_BACKEND_ISOLATE
[ -n "${SF_MSAN_BACKEND:-}" ] && export SF_BACKEND=$SF_MSAN_BACKEND

# One value of fuzz/<target>.options ("key = value" lines under [libfuzzer]).
opt() { [ -f "$root/fuzz/$1.options" ] && sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*//p" "$root/fuzz/$1.options" | head -n1; }

# The finding in a libFuzzer log: the sanitizer report, or libFuzzer's own deadly-signal/timeout/OOM block.
show_finding() {
  grep -n -m1 -E '^==[0-9]+==|^Assertion failure|^ALARM' "$1" \
    | cut -d: -f1 | { read -r first || first=1; sed -n "$first,\$p" "$1" | head -n 60; } >&2
}

total_findings=0
. "$root/scripts/child_cpu.sh"   # child_cpu
printf '%-20s %-6s %7s %12s %9s %s\n' target mode seconds execs exec/s findings
for t in "${targets[@]}"; do
  bin="$build/fuzz/$t"
  if [ ! -x "$bin" ]; then
    echo "msan.sh: $t: no binary at $bin" >&2; total_findings=$((total_findings + 1)); continue
  fi
  dir="$workdir/$t"
  mkdir -p "$dir/corpus" "$dir/artifacts"
  findings=0 execs=0 rate=0 secs=0 cpu=0
  if [ "$time_s" -gt 0 ] || [ "$runs" -gt 0 ]; then
    [ -d "$root/corpus/$t" ] && cp -R "$root/corpus/$t/." "$dir/corpus/"
    to=$(opt "$t" timeout || true)
    args=(-seed="$seed" -timeout="${to:-25}" -rss_limit_mb=2560
          -print_final_stats=1 -artifact_prefix="$dir/artifacts/")
    if [ "$runs" -gt 0 ]; then args+=(-runs="$runs"); else args+=(-max_total_time="$time_s"); fi
    ml=$(opt "$t" max_len || true); [ -n "$ml" ] && args+=(-max_len="$ml")
    dict=$(opt "$t" dict || true); [ -n "$dict" ] && args+=(-dict="$root/fuzz/$dict")
    before=$(find "$dir/artifacts" -type f | wc -l)   # a reused --workdir keeps earlier reproducers
    touch "$dir/fuzz.log.start"
    start=$(date +%s) cpu0=$(child_cpu)
    (cd "$dir" && "$bin" "${args[@]}" "$dir/corpus" > "$dir/fuzz.log" 2>&1)
    rc=$?
    secs=$(( $(date +%s) - start )) cpu=$(( $(child_cpu) - cpu0 ))
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$dir/fuzz.log" | tail -n1)
    [ -z "$execs" ] && execs=$(sed -n 's/^#\([0-9]*\).*/\1/p' "$dir/fuzz.log" | tail -n1)
    execs=${execs:-0}
    rate=$(( secs > 0 ? execs / secs : execs ))
    nart=$(( $(find "$dir/artifacts" -type f | wc -l) - before ))
    if [ $rc -ne 0 ] || [ "$nart" -gt 0 ]; then
      findings=$((findings + (nart > 0 ? nart : 1)))
      echo "FINDING: $t (fuzzing, exit $rc): $(find "$dir/artifacts" -type f -newer "$dir/fuzz.log.start" | tr '\n' ' ')" >&2
      show_finding "$dir/fuzz.log"
    fi
  fi
  # Replays: the bundled seeds and the reproducers of fixed bugs, each file once (files, not
  # folders, so libFuzzer never writes into the repository).
  for src in corpus crashes; do
    [ -d "$root/$src/$t" ] || continue
    mapfile -t files < <(find "$root/$src/$t" -type f | LC_ALL=C sort)
    [ ${#files[@]} -gt 0 ] || continue
    if ! (cd "$dir" && "$bin" -timeout=60 -rss_limit_mb=2560 -artifact_prefix="$dir/artifacts/replay-" \
            "${files[@]}" > "$dir/replay-$src.log" 2>&1); then
      findings=$((findings + 1))
      echo "FINDING: $t: replaying $src/$t/ failed ($(grep -o 'Running: .*' "$dir/replay-$src.log" | tail -n1))" >&2
      show_finding "$dir/replay-$src.log"
    fi
  done
  printf '%-20s %-6s %7s %12s %9s %s\n' "$t" msan "$secs" "$execs" "$rate" "$findings"
  [ -n "$summary" ] && printf '%s\tmsan\t%s\t%s\t%s\t%s\t%s\n' "$t" "$secs" "$cpu" "$execs" "$rate" "$findings" >> "$summary"
  total_findings=$((total_findings + findings))
done

if [ $total_findings -gt 0 ]; then
  echo "msan.sh: $total_findings finding(s); logs and reproducers kept in $workdir" >&2
  exit 1
fi
[ $keep -eq 0 ] && rm -rf "$workdir"
if [ "$runs" -gt 0 ]; then each="$runs runs"; else each="${time_s} s"; fi
echo "msan.sh: no finding (${#targets[@]} target(s), $each each, plus corpus/ and crashes/ replays)"
exit 0
