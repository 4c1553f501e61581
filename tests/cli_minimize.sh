#!/usr/bin/env bash
# tests/cli_minimize.sh — `samplefuzz minimize` and `samplefuzz corpus`.
# Without a libFuzzer build only the paths that need no engine run: usage errors, an input that
# does not fail ("nothing to minimize", exit 1), a missing engine binary (exit 2 with the way to
# build one). When the fuzz binaries next to the program are libFuzzer builds (a
# -DSF_FUZZ_ENGINE=libfuzzer build tree), `corpus merge` and `corpus prune` also run on a copy of
# corpus/visa_bin_fuzzer: merging a folder can only add files, and pruning the result keeps every
# file whose bytes survive libFuzzer's own -merge=1 (so it never grows and keeps at least one file).
# The end-to-end minimization (125 -> 6 bytes, same bucket) was checked by hand on a scratch copy
# of the tree with a planted canary; see docs/reproducers.md.
# Usage: cli_minimize.sh /path/to/samplefuzz    Prints "N passed, N failed"; exit 1 on a failure.
set -u
SF="${1:?usage: cli_minimize.sh /path/to/samplefuzz}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$HERE/.."
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
check() {   # check NAME STATUS (0 = pass)
  if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}
expect_rc() {   # expect_rc NAME WANT CMD...
  local name="$1" want="$2"
  shift 2
  "$@" >"$TMP/out" 2>&1
  local got=$?
  if [ "$got" -eq "$want" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $name: exit status $got, want $want"; sed 's/^/  | /' "$TMP/out" | head -5; fi
}

"$SF" minimize --help | grep -q 'usage: samplefuzz minimize'
st=$?
check "minimize --help" $st
"$SF" corpus --help | grep -q 'usage: samplefuzz corpus merge'
st=$?
check "corpus --help" $st

# minimize: usage errors
expect_rc "minimize without a file" 2 "$SF" minimize
expect_rc "minimize with an unknown option" 2 "$SF" minimize x --no-such-option
expect_rc "minimize with no target in the path" 2 "$SF" minimize "$TMP/out"

# minimize: an input that passes is refused before any engine runs
mkdir -p "$TMP/crashes/visa_text_fuzzer"
printf 'sample_3d.R (M1, 8) 0x0:uw S0 T6 V40.0 V32.0 V33.0' >"$TMP/crashes/visa_text_fuzzer/ok"
expect_rc "minimize a passing input" 1 "$SF" minimize "$TMP/crashes/visa_text_fuzzer/ok" --bin-dir "$TMP/nowhere"
grep -q 'does not fail.*nothing to minimize' "$TMP/out"
st=$?
check "minimize a passing input: says why" $st
[ ! -e "$TMP/crashes/visa_text_fuzzer/ok.min" ]
st=$?
check "minimize a passing input: writes nothing" $st

# corpus: usage errors
expect_rc "corpus without arguments" 2 "$SF" corpus
expect_rc "corpus unknown mode" 2 "$SF" corpus shrink visa_bin_fuzzer
expect_rc "corpus unknown target" 2 "$SF" corpus merge no_such_fuzzer "$TMP"
expect_rc "corpus merge without folders" 2 "$SF" corpus merge visa_bin_fuzzer
expect_rc "corpus prune with folders" 2 "$SF" corpus prune visa_bin_fuzzer "$TMP"
expect_rc "corpus merge of a missing folder" 2 "$SF" corpus merge visa_bin_fuzzer "$TMP/nowhere"
expect_rc "corpus merge without a libFuzzer binary" 2 "$SF" corpus merge visa_bin_fuzzer "$TMP" --corpus "$TMP/c" --bin-dir "$TMP/nowhere"
grep -q 'no libFuzzer binary for visa_bin_fuzzer' "$TMP/out"
st=$?
check "corpus without a binary: says so and how to build one" $st

# corpus with a real libFuzzer binary (only in a libFuzzer build tree)
BIN_DIR="$(dirname "$SF")/fuzz"
if [ -x "$BIN_DIR/visa_bin_fuzzer" ] && grep -q -- '-max_total_time' "$BIN_DIR/visa_bin_fuzzer" 2>/dev/null; then
  cp -r "$ROOT/corpus/visa_bin_fuzzer" "$TMP/corpus"
  mkdir -p "$TMP/new"
  "$SF" gen visa_bin_fuzzer -n 30 -o "$TMP/new" --seed 99 >/dev/null 2>&1
  before=$(ls "$TMP/corpus" | wc -l)
  expect_rc "corpus merge" 0 "$SF" corpus merge visa_bin_fuzzer "$TMP/new" --corpus "$TMP/corpus" --bin-dir "$BIN_DIR"
  merged=$(ls "$TMP/corpus" | wc -l)
  [ "$merged" -ge "$before" ]
  st=$?
  check "corpus merge: $before -> $merged files (never fewer)" $st
  grep -Eq "^merged 30 candidate inputs: $before -> $merged files" "$TMP/out"
  st=$?
  check "corpus merge: prints the counts" $st
  expect_rc "corpus prune --dry-run" 0 "$SF" corpus prune visa_bin_fuzzer --corpus "$TMP/corpus" --bin-dir "$BIN_DIR" --dry-run
  [ "$(ls "$TMP/corpus" | wc -l)" -eq "$merged" ]
  st=$?
  check "corpus prune --dry-run: removes nothing" $st
  expect_rc "corpus prune" 0 "$SF" corpus prune visa_bin_fuzzer --corpus "$TMP/corpus" --bin-dir "$BIN_DIR"
  pruned=$(ls "$TMP/corpus" | wc -l)
  [ "$pruned" -le "$merged" ] && [ "$pruned" -ge 1 ]
  st=$?
  check "corpus prune: $merged -> $pruned files" $st
  grep -Eq "^pruned: $merged -> $pruned files" "$TMP/out"
  st=$?
  check "corpus prune: prints the counts" $st
else
  echo "note: $BIN_DIR holds no libFuzzer build: corpus merge/prune with an engine skipped"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
