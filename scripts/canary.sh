#!/usr/bin/env bash
# scripts/canary.sh — planted-bug ("canary") check for the fuzz targets ("Verified by";
# docs/canaries.md lists the canaries).
#
# For each canary N (all of them when no N is given):
#   1. build the matching libFuzzer target with clang, ASan+UBSan and -DSF_CANARY=N in
#      build-canary/N (only that target and the samplefuzz program, which triage needs);
#   2. run it on a temporary copy of corpus/<target>/ with -max_total_time=60 -seed=1 and the
#      target's .options (max_len, dict, timeout);
#   3. take the time to the first finding (artifact mtime minus start time) and the execs done
#      (the last "#N" progress line before it; "seeds" when the seed corpus replay already failed);
#   4. replay the artifact through `samplefuzz triage` of the same build for its bucket id and
#      signature;
#   5. "fuzz only": when seeds already fail, run again (same flags) on the seed corpus minus every
#      seed that fails under the canary, so the time measures mutation rather than seed replay
#      (the "seeds" column counts the failing seeds; triage -v of the canary build picks them).
#      When the empty input already fails (a once-per-process check finds the canary, whatever
#      the input), every seed counts as failing, the seeds are not triaged one by one and the
#      fuzz-only column says "any input".
# Prints a table, checks that every canary was found (step 2) and that no bucket (of either run)
# belongs to two canaries, and
# ends with "N passed, N failed". Exit status 1 if a canary was missed or two share a bucket.
# The fuzz-only time is reported, not required (SF_CANARY_STRICT=1 requires it too).
#
# Environment: SF_CANARY_TIME (seconds per run, default 60), SF_CANARY_JOBS (build jobs, default 2),
# SF_CANARY_BUILD (build root, default <repo>/build-canary). ccache is used when installed
# (CCACHE_DIR=<build root>/.ccache): every canary build differs from the others in one file only.
set -u
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BROOT="${SF_CANARY_BUILD:-$ROOT/build-canary}"
TIME="${SF_CANARY_TIME:-60}"
STRICT="${SF_CANARY_STRICT:-0}"
JOBS="${SF_CANARY_JOBS:-2}"

# id | file | target | what (docs/canaries.md has the longer description)
CANARIES=(
  "1|harness/visa/visa_bin.c|visa_bin_fuzzer|encoder drops the pixel_null_mask bit"
  "2|harness/visa/visa_bin.c|visa_bin_fuzzer|region hstride decoded with a 3-bit mask"
  "3|harness/visa/visa_print.c|visa_text_fuzzer|channel printer stops before A"
  "4|harness/visa/visa_lex.c|visa_bin_fuzzer|region value 32 parses as 16"
  "5|harness/d3d/dxbc_tpf.c|dxbc_fuzzer|aoffimmi 4-bit offset not sign-extended"
  "6|harness/d3d/dxbc_container.c|dxbc_fuzzer|chunk offsets miss the 8-byte header"
  "7|harness/d3d/d3d_print.c|d3dasm_fuzzer|swizzle z printed from y's bits"
  "8|oracles/sampler/exec.c|sample_diff_fuzzer|LOD step written into the shared sampler"
  "9|oracles/sampler/scalar.c|sample_diff_fuzzer|mirror-once addressing off by one"
  "10|oracles/sampler/simd_kernel.h|sample_diff_fuzzer|AVX2 lerp with swapped operands"
  "11|oracles/sampler/surface.c|sample_diff_fuzzer|rgba8 UNORM decoded as BGRA"
  "12|harness/visa/visa_lex.c|pipeline_fuzzer|exec size 32 refused by the parser"
  "13|oracles/sampler/exec.c|sample_diff_fuzzer|valid aoffimmi class refused as invalid by every backend"
  "14|oracles/sampler/simd_rect.h|sample_diff_fuzzer|AVX2 SAMPLE_UNORM rect: vertical pass weighs both rows alike"
)

usage() {
  echo "usage: scripts/canary.sh [N...]   (canaries 1..${#CANARIES[@]}; default: all)"
}
case "${1:-}" in -h|--help) usage; exit 0 ;; esac

for tool in clang cmake; do
  command -v "$tool" >/dev/null || { echo "canary.sh: $tool is required" >&2; exit 2; }
done

want=("$@")
if [ ${#want[@]} -eq 0 ]; then
  for c in "${CANARIES[@]}"; do want+=("${c%%|*}"); done
fi

launcher=()
if command -v ccache >/dev/null; then
  export CCACHE_DIR="$BROOT/.ccache" CCACHE_NOHASHDIR=1 CCACHE_BASEDIR="$ROOT"
  launcher=(-DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
mkdir -p "$BROOT"
TMP="$(mktemp -d "${TMPDIR:-/tmp}/sf-canary.XXXXXX")"
trap 'rm -rf "$TMP"' EXIT

# options_value FILE KEY: a "key = value" line of a libFuzzer .options file.
options_value() {
  [ -f "$1" ] && sed -n "s/^[[:space:]]*$2[[:space:]]*=[[:space:]]*//p" "$1" | head -n 1
}

# fuzz_run ID TARGET BDIR CORPUS ART LOG: one libFuzzer run; sets f_found f_secs f_execs f_bucket f_sig.
fuzz_run() {
  local id="$1" target="$2" bdir="$3" corp="$4" art="$5" log="$6" opts v start end rc artifact brow
  opts="$ROOT/fuzz/$target.options"
  local args=(-max_total_time="$TIME" -seed=1 -artifact_prefix="$art/" -print_final_stats=1)
  v="$(options_value "$opts" max_len)"; [ -n "$v" ] && args+=(-max_len="$v")
  v="$(options_value "$opts" timeout)"; [ -n "$v" ] && args+=(-timeout="$v")
  v="$(options_value "$opts" dict)"; [ -n "$v" ] && args+=(-dict="$ROOT/fuzz/$v")
  f_found=no f_secs=">$TIME" f_execs=- f_bucket=- f_sig=-
  start="$(date +%s.%N)"
  "$bdir/fuzz/$target" "${args[@]}" "$corp" >"$log" 2>&1
  rc=$?
  end="$(date +%s.%N)"
  artifact="$(ls -1tr "$art" 2>/dev/null | head -n 1)"
  if [ -z "$artifact" ]; then
    echo "   not found in ${TIME} s (exit $rc), see $log"
    return
  fi
  f_found=yes
  f_secs="$(python3 -c 'import os,sys; print("%.1f" % (os.stat(sys.argv[1]).st_mtime - float(sys.argv[2])))' \
            "$art/$artifact" "$start" 2>/dev/null || awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')"
  # execs: the last "#N" progress line libFuzzer printed before the crash; "seeds" when it crashed
  # before "INITED", i.e. while replaying the seed corpus.
  f_execs="$(grep -oE '^#[0-9]+' "$log" | tail -n 1 | tr -d '#')"
  grep -q 'INITED' "$log" || f_execs="seeds"
  # triage: replay the artifact in a child process of the same canary build.
  "$bdir/samplefuzz" triage --target "$target" "$art" >"$log.triage" 2>&1
  brow="$(grep -E '^[0-9a-f]{16} +[0-9]+ ' "$log.triage" | head -n 1)"
  f_bucket="$(awk '{ print $1 }' <<<"$brow")"
  f_sig="$(awk '{ print $3 }' <<<"$brow")"
  if [ -z "$f_bucket" ]; then
    f_bucket="-"
    f_sig="$(grep -m1 -o 'Assertion failure: .*' "$log" | sed 's/^Assertion failure: //')"
    f_sig="${f_sig:-not reproduced by triage}"
  fi
  cp "$art/$artifact" "$log.artifact" 2>/dev/null
  echo "   found after ${f_secs} s (execs: ${f_execs:-?}): $f_bucket $f_sig"
}

results=()   # "id|file|target|found|seconds|seeds failing|fuzz-only seconds|fuzz-only execs|bucket|signature|fuzz-only bucket"
for id in "${want[@]}"; do
  row=""
  for c in "${CANARIES[@]}"; do [ "${c%%|*}" = "$id" ] && row="$c"; done
  if [ -z "$row" ]; then
    echo "canary.sh: no canary $id" >&2
    results+=("$id|?|?|no|-|-|-|-|-|unknown canary")
    continue
  fi
  IFS='|' read -r _ file target what <<<"$row"
  bdir="$BROOT/$id"
  log="$BROOT/$id.log"
  echo "== canary $id ($file: $what) -> $target"
  if ! { cmake -S "$ROOT" -B "$bdir" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
           "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG" \
           -DSF_SANITIZE=ON -DSF_FUZZ_ENGINE=libfuzzer -DSF_CANARY="$id" "${launcher[@]}" &&
         cmake --build "$bdir" -j"$JOBS" --target "$target" samplefuzz_cli; } >"$log.build" 2>&1; then
    echo "   build failed, see $log.build"
    results+=("$id|$file|$target|no|-|-|-|-|-|build failed")
    continue
  fi
  corp="$TMP/corpus-$id" art="$TMP/art-$id"
  rm -rf "$corp" "$art"
  mkdir -p "$corp" "$art"
  cp -r "$ROOT/corpus/$target/." "$corp/" 2>/dev/null
  nseed="$(find "$corp" -type f | wc -l)"
  # The empty input first: when it fails under the canary, a once-per-process check (or the empty
  # input itself) finds it, every seed fails the same way, and so would every input of a fuzz-only
  # run. Triaging each seed in its own child (each paying the once checks) would then cost minutes
  # and tell nothing more, so the seeds are counted as all failing and no fuzz-only run is made.
  : >"$TMP/empty-$id"
  "$bdir/samplefuzz" triage --target "$target" "$TMP/empty-$id" >"$log.empty" 2>&1
  if grep -qE '^[0-9a-f]{16} +[0-9]+ ' "$log.empty"; then
    once=1
    nbad="$nseed"
    echo "   the empty input fails under the canary: found by a check that does not depend on the input"
  else
    once=0
    # The seeds that already fail under this canary (triage -v of the canary build lists them).
    "$bdir/samplefuzz" triage -v --target "$target" "$corp" >"$log.seeds" 2>&1
    grep -E '^[0-9a-f]{16} [^ ]+ /' "$log.seeds" | awk '{ print $NF }' | sed "s|^$corp/||" >"$TMP/bad-$id"
    nbad="$(wc -l <"$TMP/bad-$id")"
  fi
  fuzz_run "$id" "$target" "$bdir" "$corp" "$art" "$log"
  found="$f_found" secs="$f_secs" execs="$f_execs" bucket="$f_bucket" sig="$f_sig"
  # Fuzz only: a fresh copy of the seed corpus without the failing seeds, run again.
  fsecs="$secs" fexecs="$execs" fbucket="$bucket"
  if [ "$once" = 1 ]; then
    fsecs="any input" fexecs="-"
  elif [ "$nbad" -gt 0 ]; then
    rm -rf "$corp" "$art"
    mkdir -p "$corp" "$art"
    cp -r "$ROOT/corpus/$target/." "$corp/" 2>/dev/null
    while IFS= read -r f; do rm -f "$corp/$f"; done <"$TMP/bad-$id"
    echo "   fuzz only ($nbad of $nseed seeds fail under the canary; running on the other $((nseed - nbad)))"
    fuzz_run "$id" "$target" "$bdir" "$corp" "$art" "$log.fuzz"
    fsecs="$f_secs" fexecs="$f_execs" fbucket="$f_bucket"
    [ "$f_found" = yes ] || fsecs="not found"
  fi
  results+=("$id|$file|$target|$found|$secs|$nbad/$nseed|$fsecs|${fexecs:--}|$bucket|$sig|$fbucket")
done

echo
printf '%-3s %-30s %-19s %-5s %7s %7s %10s %8s  %-16s %s\n' canary file target found seconds seeds fuzz-only execs bucket signature
pass=0 fail=0
declare -A seen=()
for r in "${results[@]}"; do
  IFS='|' read -r id file target found secs seeds fsecs fexecs bucket sig fbucket <<<"$r"
  printf '%-3s %-30s %-19s %-5s %7s %7s %10s %8s  %-16s %s\n' "$id" "$file" "$target" "$found" "$secs" "$seeds" "$fsecs" \
    "$fexecs" "$bucket" "$sig"
done
echo
for r in "${results[@]}"; do
  IFS='|' read -r id file target found secs seeds fsecs fexecs bucket sig fbucket <<<"$r"
  ok=1
  if [ "$found" != yes ] || [ "$bucket" = "-" ]; then
    echo "FAIL canary $id: not found (or not reproduced by triage) within ${TIME} s"
    ok=0
  else
    # Every bucket a canary produced (seed run and fuzz-only run) must be its own.
    for bk in "$bucket" "${fbucket:--}"; do
      [ "$bk" = "-" ] && continue
      if [ -n "${seen[$bk]:-}" ] && [ "${seen[$bk]}" != "$id" ]; then
        echo "FAIL canary $id: bucket $bk is shared with canary ${seen[$bk]}"
        ok=0
      fi
    done
    for bk in "$bucket" "${fbucket:--}"; do [ "$bk" = "-" ] || seen[$bk]="${seen[$bk]:-$id}"; done
  fi
  if [ $ok = 1 ] && [ "$STRICT" = 1 ] && [ "$fsecs" = "not found" ]; then
    echo "FAIL canary $id: the fuzz-only run (failing seeds removed) did not find it within ${TIME} s"
    ok=0
  fi
  if [ $ok = 1 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
