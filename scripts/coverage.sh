#!/usr/bin/env bash
# Source coverage of a fuzzing campaign: builds the libFuzzer targets with clang's source-based
# coverage (-fprofile-instr-generate -fcoverage-mapping), runs every target on its corpus
# (corpus/<target> plus the campaign corpus fuzz-work/<target>/corpus, if any) for --time seconds in total,
# merges the profiles and prints line/function/region coverage per source folder
# (harness/model, harness/visa, harness/d3d, oracles/sampler, ...) and per file with -v.
#
# Then it lists every function of the model, the codecs and the reference sampler (harness/model,
# harness/visa, harness/d3d, oracles/sampler) that no target reached, marks the ones docs/oracles.md
# explains ("Functions no fuzz target reaches"), and writes an llvm-cov HTML report.
#
#   bash scripts/coverage.sh              60 s in total (6 s per target)
#   bash scripts/coverage.sh --time 600   the 10-minute campaign the closing notes report
#   bash scripts/coverage.sh --check      exit 1 when an unreached function is not explained
# Options: --time S, -v (per-file lines too), --check, --html DIR (default build-cov/html).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
total=60 verbose=0 check=0 html=""
while [ $# -gt 0 ]; do
  case $1 in
    --time) total=$2; shift 2 ;;
    -v) verbose=1; shift ;;
    --check) check=1; shift ;;
    --html) html=$2; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
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

# Functions no target reached, in the folders the mutation and coverage goals name.
llvm-cov export -instr-profile="$prof/all.profdata" "$first" "${rest[@]}" > "$prof/full.json"
html=${html:-$build/html}
rm -rf "$html"
llvm-cov show -format=html -output-dir="$html" -instr-profile="$prof/all.profdata" "$first" "${rest[@]}" \
    -ignore-filename-regex='(^|/)(build[^/]*|tests)/' >/dev/null 2>&1 && echo "HTML report: $html/index.html"
python3 - "$prof/full.json" "$root" "$root/docs/oracles.md" "$check" <<'PY'
import json, re, sys
data = json.load(open(sys.argv[1])); root = sys.argv[2].rstrip('/') + '/'; check = sys.argv[4] == '1'
folders = ('harness/model/', 'harness/visa/', 'harness/d3d/', 'oracles/sampler/')
# docs/oracles.md: rows "| `name` | file | reason |" under the heading "Functions no fuzz target reaches"
explained = {}
text = open(sys.argv[3]).read()
m = re.search(r'^## Functions no fuzz target reaches\n(.*?)(^## |\Z)', text, re.S | re.M)
if m:
    for row in re.finditer(r'^\| `([A-Za-z_*][A-Za-z0-9_*]*)` \| ([^|]+) \| ([^|]+) \|', m.group(1), re.M):
        explained[row.group(1)] = row.group(3).strip()
import fnmatch
def why_of(name):
    for pat, why in explained.items():
        if fnmatch.fnmatchcase(name, pat): return why
    return None
reached, seen = {}, {}
for fn in data['data'][0]['functions']:
    files = [f for f in fn['filenames'] if f.startswith(root)]
    if not files: continue
    rel = files[0][len(root):]
    if not rel.startswith(folders): continue
    name = fn['name'].split(':')[-1]
    key = (name, rel)
    seen[key] = True
    reached[key] = reached.get(key, False) or fn['count'] > 0
unreached = sorted(k for k, r in reached.items() if not r)
unexplained = [k for k in unreached if why_of(k[0]) is None]
print('\nunreached functions in %s: %d of %d (%d explained in docs/oracles.md)' %
      (', '.join(f.rstrip('/') for f in folders), len(unreached), len(seen), len(unreached) - len(unexplained)))
for name, rel in unreached:
    why = why_of(name)
    print('  %-44s %-36s %s' % (name, rel, ('explained: ' + why[:60]) if why else 'NOT EXPLAINED'))
stale = sorted(p for p in explained if not any(fnmatch.fnmatchcase(k[0], p) for k in unreached))
for name in stale: print('  docs/oracles.md explains %s, which is now reached (or gone): drop the row' % name)
sys.exit(1 if check and unexplained else 0)
PY
