#!/usr/bin/env bash
# Does `samplefuzz corpus import` pay? For each target that takes imported seeds, two libFuzzer
# campaigns of the same length and seed are run, one after the other:
#   base         — from the base seeds alone: with --base gen (the default) the seeds that
#                  `samplefuzz gen TARGET -n 64` writes (the generator's, one per family and op
#                  first), with --base corpus the bundled corpus/<target>/ (generated, hand-made and
#                  earlier real-program seeds);
#   base+import  — from the same seeds plus what `corpus import` writes for that target from the
#                  real programs given (default tests/data/real).
# Each campaign is a single libFuzzer process (the target's max_len, dict and timeout from
# fuzz/<target>.options) in a temporary copy of its seeds, so corpus/ is never written. The table
# gives libFuzzer's coverage ("cov", edges; "ft", features) after loading the seeds (INITED) and at
# the end (DONE), and the executions; one row per target, seed and arm.
#
#   bash scripts/import_coverage.sh --time 120 --seeds "1 2" dxbc_fuzzer d3dasm_fuzzer
# Options: --time S (seconds per campaign, default 60), --seeds "N ..." (libFuzzer -seed values,
# default "1"), --import PATH (real programs to import; may be given more than once), --bin-dir DIR
# (the libFuzzer build's fuzz/ folder, default build-fuzz/fuzz), --samplefuzz PATH (the program that
# imports, default build/samplefuzz), --base gen|corpus (see above), --out FILE (also write the
# table as TSV).
# Default targets: every target that the import gave seeds.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
root=$(pwd)

time_s=60 seeds="1" base=gen bin_dir="$root/build-fuzz/fuzz" sf="$root/build/samplefuzz" out=""
imports=() targets=()
while [ $# -gt 0 ]; do
  case $1 in
    --time) time_s=${2:?--time needs seconds}; shift 2 ;;
    --seeds) seeds=${2:?--seeds needs numbers}; shift 2 ;;
    --import) imports+=("${2:?--import needs a path}"); shift 2 ;;
    --bin-dir) bin_dir=${2:?--bin-dir needs a folder}; shift 2 ;;
    --samplefuzz) sf=${2:?--samplefuzz needs a path}; shift 2 ;;
    --out) out=${2:?--out needs a file}; shift 2 ;;
    --base) base=${2:?--base needs gen or corpus}; shift 2 ;;
    -h|--help) sed -n '2,/^set -uo/p' "$0" | sed '$d;s/^# \{0,1\}//'; exit 0 ;;
    -*) echo "import_coverage.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
case $time_s in ''|0|*[!0-9]*) echo "import_coverage.sh: --time must be a positive number of seconds" >&2; exit 2 ;; esac
for s in $seeds; do
  case $s in *[!0-9]*) echo "import_coverage.sh: --seeds takes whole numbers ('$s')" >&2; exit 2 ;; esac
done
case $base in gen|corpus) ;; *) echo "import_coverage.sh: --base is gen or corpus" >&2; exit 2 ;; esac
[ ${#imports[@]} -gt 0 ] || imports=("$root/tests/data/real")
[ -x "$sf" ] || { echo "import_coverage.sh: no samplefuzz at $sf (build it, or give --samplefuzz)" >&2; exit 2; }
[ -d "$bin_dir" ] || { echo "import_coverage.sh: no libFuzzer build at $bin_dir (run: bash scripts/fuzz.sh --time 1)" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/sf-import-cov.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
"$sf" corpus import "${imports[@]}" -o "$tmp/imported" > "$tmp/import.out" 2> "$tmp/import.err"
rc=$?
if [ $rc -ne 0 ]; then
  echo "import_coverage.sh: corpus import failed (exit $rc); its output:" >&2
  cat "$tmp/import.out" >&2; tail -n 20 "$tmp/import.err" >&2
  exit 1
fi
head -n1 "$tmp/import.out"
if [ ${#targets[@]} -eq 0 ]; then
  for d in "$tmp/imported"/*/; do [ -d "$d" ] && targets+=("$(basename "$d")"); done
fi
[ ${#targets[@]} -gt 0 ] || { echo "import_coverage.sh: the import gave no seeds" >&2; exit 1; }

opt() { [ -f "$root/fuzz/$1.options" ] && sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*//p" "$root/fuzz/$1.options" | head -n1; }
# "cov: N ft: M" of the first log line that has the given libFuzzer event (INITED or DONE)
stat_of() { sed -n "s/^#\([0-9]*\)[[:space:]]*$2[[:space:]]*cov: \([0-9]*\) ft: \([0-9]*\).*/\1 \2 \3/p" "$1" | head -n1; }

rows="$tmp/rows.tsv"
printf 'target\tseed\tarm\tseeds\tinited_cov\tinited_ft\tdone_cov\tdone_ft\texecutions\n' > "$rows"
status=0
for t in "${targets[@]}"; do
  bin="$bin_dir/$t"
  [ -x "$bin" ] || { echo "import_coverage.sh: no $bin" >&2; status=1; continue; }
  n_imp=$(ls "$tmp/imported/$t" 2>/dev/null | wc -l)
  [ "$n_imp" -gt 0 ] || { echo "import_coverage.sh: $t: the import gave it no seeds" >&2; status=1; continue; }
  args=(-max_total_time="$time_s" -timeout="$(opt "$t" timeout || echo 25)" -rss_limit_mb=2560
        -print_final_stats=1 -artifact_prefix="$tmp/artifacts-$t-")
  ml=$(opt "$t" max_len || true); [ -n "$ml" ] && args+=(-max_len="$ml")
  dict=$(opt "$t" dict || true); [ -n "$dict" ] && args+=(-dict="$root/fuzz/$dict")
  if [ "$base" = gen ]; then
    "$sf" gen "$t" -n 64 -o "$tmp/base-$t" --seed 1 > /dev/null 2> "$tmp/gen.err" || {
      echo "import_coverage.sh: samplefuzz gen $t failed:" >&2; cat "$tmp/gen.err" >&2; status=1; continue; }
  else
    mkdir -p "$tmp/base-$t" && cp "$root/corpus/$t"/* "$tmp/base-$t"/ 2>/dev/null
  fi
  for s in $seeds; do
    for arm in "$base" "$base+import"; do
      c="$tmp/c-$t-$s-${arm/+/-}"
      mkdir -p "$c" && cp "$tmp/base-$t"/* "$c"/ 2>/dev/null
      [ "$arm" = "$base+import" ] && cp "$tmp/imported/$t"/* "$c"/
      n=$(ls "$c" | wc -l)
      log="$tmp/log-$t-$s-${arm/+/-}"
      "$bin" "${args[@]}" -seed="$s" "$c" > "$log" 2>&1
      rc=$?
      read -r _ icov ift <<< "$(stat_of "$log" INITED)"
      read -r execs dcov dft <<< "$(stat_of "$log" DONE)"
      if [ $rc -ne 0 ] || [ -z "${dcov:-}" ]; then
        echo "import_coverage.sh: $t seed $s ($arm): libFuzzer exit $rc, a finding or no final line:" >&2
        grep -m1 -A20 -E '^==[0-9]+==|^ALARM|deadly signal' "$log" >&2 || tail -n 20 "$log" >&2
        status=1
      fi
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$t" "$s" "$arm" "$n" "${icov:-?}" "${ift:-?}" \
        "${dcov:-?}" "${dft:-?}" "${execs:-?}" >> "$rows"
      rm -rf "$c"
    done
  done
done
echo
column -t -s $'\t' "$rows" 2>/dev/null || cat "$rows"
[ -z "$out" ] || cp "$rows" "$out"
exit $status
