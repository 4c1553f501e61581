#!/usr/bin/env bash
# Source coverage of a fuzzing campaign: builds the libFuzzer targets with clang's source-based
# coverage (-fprofile-instr-generate -fcoverage-mapping), runs every target on its corpus
# (corpus/<target> plus the campaign corpus fuzz-work/<target>/corpus, if any) for --time seconds in total,
# merges the profiles and prints line/function/region coverage per source folder
# (harness/model, harness/visa, harness/d3d, oracles/sampler, ...) and per file with -v.
#
#   bash scripts/coverage.sh              60 s in total (10 s per target)
#   bash scripts/coverage.sh --time 600   the 10-minute campaign the closing notes report
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
total=60 verbose=0
while [ $# -gt 0 ]; do
  case $1 in
    --time) total=$2; shift 2 ;;
    -v) verbose=1; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) echo "coverage.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
build=$root/build-cov
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=Release -DSF_FUZZ_ENGINE=libfuzzer \
      -DCMAKE_C_FLAGS="-fprofile-instr-generate -fcoverage-mapping" >/dev/null
cmake --build "$build" -j"$(nproc)" --target sf_all_fuzzers >/dev/null
prof=$(mktemp -d)
trap 'rm -rf "$prof"' EXIT
targets=()
for b in "$build"/fuzz/*_fuzzer; do [ -x "$b" ] && targets+=("$(basename "$b")"); done
per=$(( total / ${#targets[@]} ))
[ $per -ge 1 ] || per=1
objects=()
for t in "${targets[@]}"; do
  mkdir -p "$prof/corpus/$t"
  [ -d "corpus/$t" ] && cp -r "corpus/$t/." "$prof/corpus/$t/" 2>/dev/null || true
  [ -d "fuzz-work/$t/corpus" ] && cp -r "fuzz-work/$t/corpus/." "$prof/corpus/$t/" 2>/dev/null || true
  dict=()
  [ -f "fuzz/$t.dict" ] && dict=(-dict="$root/fuzz/$t.dict")
  (cd "$prof" && LLVM_PROFILE_FILE="$prof/$t-%p.profraw" "$build/fuzz/$t" "${dict[@]}" -max_total_time="$per" \
      -timeout=25 -artifact_prefix="$prof/" "$prof/corpus/$t" >"$prof/$t.log" 2>&1) || echo "coverage.sh: $t stopped with a finding (see a rerun)" >&2
  cov=$(grep -o "cov: [0-9]*" "$prof/$t.log" | tail -1 || true)
  echo "ran $t for ${per}s: ${cov:-cov: ?}"
  objects+=(-object "$build/fuzz/$t")
done
llvm-profdata merge -sparse "$prof"/*.profraw -o "$prof/all.profdata"
first=${objects[1]}
rest=("${objects[@]:2}")
llvm-cov export -summary-only -instr-profile="$prof/all.profdata" "$first" "${rest[@]}" > "$prof/summary.json"
python3 - "$prof/summary.json" "$root" "$verbose" <<'PY'
import json, sys, collections
data = json.load(open(sys.argv[1])); root = sys.argv[2].rstrip('/') + '/'; verbose = sys.argv[3] == '1'
folders = collections.OrderedDict()
rows = []
for f in data['data'][0]['files']:
    name = f['filename']
    if not name.startswith(root): continue
    rel = name[len(root):]
    if rel.startswith(('build', 'tests/')): continue
    parts = rel.split('/')
    folder = '/'.join(parts[:2]) if parts[0] in ('harness', 'oracles') and len(parts) > 2 else parts[0]
    s = f['summary']
    acc = folders.setdefault(folder, [0, 0, 0, 0, 0, 0])
    for i, k in enumerate(('lines', 'functions', 'regions')):
        acc[2 * i] += s[k]['covered']; acc[2 * i + 1] += s[k]['count']
    rows.append((rel, s['lines']['covered'], s['lines']['count']))
pct = lambda a, b: 100.0 * a / b if b else 0.0
print('%-20s %16s %16s %16s' % ('folder', 'lines', 'functions', 'regions'))
for k, a in sorted(folders.items()):
    print('%-20s %7d/%-6d %5.1f%% %5d/%-5d %5.1f%% %7d/%-6d %5.1f%%' % (k, a[0], a[1], pct(a[0], a[1]), a[2], a[3], pct(a[2], a[3]), a[4], a[5], pct(a[4], a[5])))
if verbose:
    for rel, c, n in sorted(rows): print('  %-50s %6d/%-6d %5.1f%%' % (rel, c, n, pct(c, n)))
PY
