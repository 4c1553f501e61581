#!/usr/bin/env bash
# tests/cli_lock.sh — two campaigns on one work folder: the second refuses with a clear message while
# the first holds <workdir>/.lock, and the folder is usable again once the holder is gone (also
# after SIGKILL: the kernel drops a POSIX record lock with its process).
# Usage: cli_lock.sh /path/to/samplefuzz    Prints "N passed, N failed"; exit 1 on a failure.
set -u
SF="${1:?usage: cli_lock.sh /path/to/samplefuzz}"
TMP="$(mktemp -d)"
holder=""
trap '[ -n "$holder" ] && kill -9 "$holder" 2>/dev/null; rm -rf "$TMP"' EXIT
pass=0
fail=0
check() { if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi; }

mkdir -p "$TMP/work"
# A stand-in first campaign: a process that holds the same POSIX lock samplefuzz takes.
python3 -c '
import fcntl, sys, time
f = open(sys.argv[1], "a+")
fcntl.lockf(f, fcntl.LOCK_EX)
open(sys.argv[2], "w").close()
time.sleep(120)
' "$TMP/work/.lock" "$TMP/held" &
holder=$!
for _ in $(seq 1 100); do [ -e "$TMP/held" ] && break; sleep 0.1; done
[ -e "$TMP/held" ]; check "the stand-in holds the lock" $?

"$SF" fuzz --workdir "$TMP/work" --no-build --bin-dir "$TMP/none" --time 1 >"$TMP/out" 2>&1; rc=$?
[ $rc -eq 2 ]; check "second campaign exits 2 (got $rc)" $?
grep -q "is in use by another campaign (pid $holder)" "$TMP/out"; check "the message names the holder" $?
grep -q "use another --workdir" "$TMP/out"; check "the message says what to do" $?

kill -9 "$holder"; wait "$holder" 2>/dev/null; holder=""
"$SF" fuzz --workdir "$TMP/work" --no-build --bin-dir "$TMP/none" --time 1 >"$TMP/out2" 2>&1; rc=$?
! grep -q "in use by another campaign" "$TMP/out2"; check "after SIGKILL of the holder the folder is free" $?
grep -q "no libFuzzer fuzz binaries" "$TMP/out2"; check "and the campaign gets as far as its binaries" $?

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
