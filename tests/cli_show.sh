#!/usr/bin/env bash
# tests/cli_show.sh — `samplefuzz show`.
#   1. every file of corpus/<target>/ is explained: exit status 0, the target, the verdict, the
#      input bytes, and the instruction line of its syntax (vISA text or D3D asm) when it decodes;
#   2. a canary: a plug-in backend (built here from a few lines of C) that returns 0.5 everywhere
#      except lane 1 (+1 ULP on every channel) and lane 2 (0.75), run against a case whose texture
#      is the constant 0.5 (so the scalar reference gives 0.5 on every lane): `show --backend` must
#      name the instruction and print exactly the rows of lanes 1 and 2, with ULP distances 1 and
#      0x3f400000 - 0x3f000000 = 4194304;
#   3. --png writes one image that decodes (python3 standard library: zlib + struct, every PNG
#      row filter undone) to 536x128 RGBA (4 panels of 128 + 3 gaps of 8), with the surface panel
#      0.5 grey (128), expected == actual on lane 0, and the difference map black on lane 0 and red
#      on lanes 1 and 2 (lane 2 brighter);
#   4. usage errors: --png on a codec target, an unknown target, a missing file.
# Also a DXBC container made by `samplefuzz asm` shows its chunks and program.
# Usage: cli_show.sh /path/to/samplefuzz    Prints "N passed, N failed"; exit 1 on a failure.
set -u
SF="${1:?usage: cli_show.sh /path/to/samplefuzz}"
HERE="$(cd "$(dirname "$0")" && pwd)"
ROOT="$HERE/.."
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
pass=0
fail=0
check() {   # check NAME STATUS (0 = pass)
  if [ "$2" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL: $1"; fi
}

# ---- 1. the corpus ------------------------------------------------------------------------------
for dir in "$ROOT"/corpus/*/; do
  target="$(basename "$dir")"
  n=0
  for f in "$dir"*; do
    [ -f "$f" ] || continue
    n=$((n + 1))
    [ $n -le 6 ] || break   # six per target keep the test short under ASan
    "$SF" show "$f" >"$TMP/o" 2>"$TMP/e"
    st=$?
    check "show $target/$(basename "$f"): exit status $st ($(head -1 "$TMP/e"))" $st
    grep -q "^target:    $target" "$TMP/o"
    st=$?
    check "show $target/$(basename "$f"): names the target (from the path)" $st
    grep -Eq '^verdict:   (pass|reject|skip|fail)' "$TMP/o"
    st=$?
    check "show $target/$(basename "$f"): prints the verdict" $st
    grep -q '^input (' "$TMP/o"
    st=$?
    check "show $target/$(basename "$f"): prints the input bytes" $st
    case "$target" in
      visa_*|sample_diff_fuzzer|pipeline_fuzzer|textcase_fuzzer)
        grep -Eq '^(vISA text: (\(!?P[0-9]+(\.(any|all))?\) )?[a-z]|D3D asm:   [a-z]|instruction: none)' "$TMP/o"; st=$? ;;
      *) grep -Eq '^(D3D asm:   [a-z]|D3D asm \(program|instruction: none)' "$TMP/o"; st=$? ;;
    esac
    check "show $target/$(basename "$f"): prints the instruction or why not" $st
  done
done

# A DXBC container (made with `samplefuzz asm`): its chunks and its program as D3D asm.
printf 'sample r0.xyzw, v0.xyxx, t0.xyzw, s0\n' >"$TMP/one.asm"
"$SF" asm "$TMP/one.asm" -o "$TMP/one.dxbc" >/dev/null 2>&1
"$SF" show --target dxbc_fuzzer "$TMP/one.dxbc" >"$TMP/o" 2>&1
st=$?
check "show a DXBC container: exit status" $st
grep -Eq '^DXBC container: [0-9]+ chunks:.* SHDR\(' "$TMP/o"
st=$?
check "show a DXBC container: lists the chunks" $st
grep -q '^sample r0.xyzw, v0.xyxx, t0.xyzw, s0$' "$TMP/o"
st=$?
check "show a DXBC container: prints the program's sample instruction" $st

# ---- 2. canary backend --------------------------------------------------------------------------
CC="${CC:-cc}"
cat >"$TMP/canary.c" <<'EOF'
#include <string.h>
#include "samplefuzz/sampler.h"
static sf_code canary_sample(const sf_sample_batch *req, sf_sample_out *out, sf_status *st) {
  (void)st;
  memset(out, 0, sizeof *out);
  for (unsigned l = 0; l < req->n && l < SF_MAX_LANES; l++)
    for (unsigned c = 0; c < 4; c++) out->v[c][l] = l == 1 ? 0x3f000001u : l == 2 ? 0x3f400000u : 0x3f000000u;
  out->null_mask = 0xffffffffu;
  return SF_OK;
}
static const sf_backend canary = {"canary", canary_sample, NULL, NULL};
const sf_backend *sf_backend_plugin(void) { return &canary; }
EOF
"$CC" -std=c17 -shared -fPIC -I"$ROOT/include" -o "$TMP/canary.so" "$TMP/canary.c"
check "build the canary plug-in" $?

# A generated sample_3d case turned into a constant 0.5 texture: rgba32f 4x4, point, clamp, one
# level, all lanes dispatched (header layout: include/samplefuzz/case.h).
"$SF" gen sample_diff_fuzzer -n 60 -o "$TMP/gen/sample_diff_fuzzer" --seed 7 >/dev/null 2>&1
[ "$(ls "$TMP/gen/sample_diff_fuzzer" | wc -l)" -eq 60 ]; check "gen -o creates missing parent folders" $?
chosen=""
for f in "$TMP"/gen/sample_diff_fuzzer/sample_3d-*; do
  python3 - "$f" "$TMP/canary_case" <<'EOF'
import struct, sys
h = bytearray(open(sys.argv[1], 'rb').read())
h += bytes(max(0, 168 - len(h)))
h[2] = 1                      # flags: constant texture
h[3], h[4] = 2, 13            # 2d, rgba32f
h[5], h[6], h[8] = 3, 3, 0    # 4x4, one level
h[9], h[10], h[11] = 0, 0x22, 0x02   # point/point/none; clamp, clamp, clamp; compare never
h[18:22] = b'\xff\xff\xff\xff'       # dispatch mask: all lanes
h[24:40] = struct.pack('<4f', 0.5, 0.5, 0.5, 0.5)
open(sys.argv[2], 'wb').write(h)
EOF
  "$SF" show --target sample_diff_fuzzer "$TMP/canary_case" --backend "$TMP/canary.so" >"$TMP/canary.out" 2>&1
  # usable when the instruction executes and writes lanes 1 and 2 (no predicate, emask M1)
  if grep -q '^  canary   ok' "$TMP/canary.out" && grep -Eq '^vISA text: sample[a-z_]*\.[A-Z.a-z_]* \(M1(_NM)?, ' "$TMP/canary.out"; then
    chosen="$f"
    break
  fi
done
[ -n "$chosen" ]
check "a generated sample_3d case executes under the canary (none found)" $?
if [ -n "$chosen" ]; then
  cp "$TMP/canary_case" "$TMP/keep_case"
  grep -Eq '^vISA text: sample' "$TMP/canary.out"
  st=$?
  check "canary: names the instruction" $st
  grep -q '^differences scalar vs canary:' "$TMP/canary.out"
  st=$?
  check "canary: a difference table scalar vs canary" $st
  # rows: "  LANE  CH  expected... actual... ULP"
  rows="$(awk '/^differences scalar vs canary:/ { t = 1; next } t && /^ +[0-9]+ +[rgba] / { print $1, $NF } t && /^[a-z]/ { t = 0 }' "$TMP/canary.out")"
  lanes="$(echo "$rows" | awk '{ print $1 }' | sort -u | tr '\n' ' ')"
  [ "$lanes" = "1 2 " ]
  st=$?
  check "canary: only lanes 1 and 2 differ (got: $lanes)" $st
  bad="$(echo "$rows" | awk '($1 == 1 && $2 != 1) || ($1 == 2 && $2 != 4194304)' | wc -l)"
  [ "$bad" -eq 0 ]
  st=$?
  check "canary: ULP distances 1 (lane 1) and 4194304 (lane 2)" $st
  grep -Eq '^ +1 +[rgba] +0\.5 \(3f000000\) +0\.50000006 \(3f000001\) +1$' "$TMP/canary.out"
  st=$?
  check "canary: lane 1 row shows expected 0.5 (3f000000) and actual 0.50000006 (3f000001)" $st

  # ---- 3. PNG -----------------------------------------------------------------------------------
  "$SF" show --target sample_diff_fuzzer "$TMP/keep_case" --backend "$TMP/canary.so" --png "$TMP/out.png" >"$TMP/png.out" 2>&1
  st=$?
  if grep -q 'this build has no libpng' "$TMP/png.out"; then
    [ $st -eq 1 ]
    st=$?
    check "--png without libpng: a clear error and exit status 1" $st
  else
    check "--png: exit status" $st
    python3 - "$TMP/out.png" <<'EOF'
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'signature'
pos, idat, ihdr = 8, b'', None
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR': ihdr = struct.unpack('>IIBBBBB', body)
    if kind == b'IDAT': idat += body
    pos += 12 + n
w, h, depth, ctype, _, _, interlace = ihdr
assert (w, h, depth, ctype, interlace) == (536, 128, 8, 6, 0), ihdr
raw = zlib.decompress(idat)
stride = w * 4
assert len(raw) == h * (1 + stride), len(raw)
rows, prev = [], bytearray(stride)
for y in range(h):
    f, line = raw[y * (1 + stride)], bytearray(raw[y * (1 + stride) + 1:(y + 1) * (1 + stride)])
    for i in range(stride):
        a = line[i - 4] if i >= 4 else 0
        b = prev[i]
        c = prev[i - 4] if i >= 4 else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        else: assert f == 0, f
    rows.append(line)
    prev = line
px = lambda x, y: tuple(rows[y][4 * x:4 * x + 4])
panel = lambda k, lane: 136 * k + 16 * lane + 8        # 8 lanes across 128 pixels: 16 per lane
assert px(64, 64) == (128, 128, 128, 255), ('surface', px(64, 64))
assert px(panel(1, 0), 64) == px(panel(2, 0), 64), ('lane 0 expected vs actual', px(panel(1, 0), 64), px(panel(2, 0), 64))
assert px(panel(3, 0), 64) == (0, 0, 0, 255), ('diff lane 0', px(panel(3, 0), 64))
r1, r2 = px(panel(3, 1), 64), px(panel(3, 2), 64)
assert r1[0] >= 96 and r1[1:3] == (0, 0), ('diff lane 1', r1)
assert r2[0] > r1[0] and r2[1:3] == (0, 0), ('diff lane 2', r2)
assert px(132, 64) == (0, 0, 96, 255), ('gap', px(132, 64))
print('png ok', w, h)
EOF
    st=$?
    check "--png: decodes to 536x128 RGBA with the expected panels" $st
  fi
fi

# ---- 4. usage errors ----------------------------------------------------------------------------
first_text="$(ls "$ROOT"/corpus/visa_text_fuzzer/* 2>/dev/null | head -1)"
if [ -n "$first_text" ]; then
  "$SF" show "$first_text" --png "$TMP/x.png" >/dev/null 2>&1
  [ $? -eq 2 ]
  st=$?
  check "--png on a codec target: exit status 2" $st
fi
"$SF" show --target no_such_fuzzer "$TMP/canary.c" >/dev/null 2>&1
[ $? -eq 2 ]
st=$?
check "unknown target: exit status 2" $st
"$SF" show --target visa_bin_fuzzer "$TMP/does-not-exist" >/dev/null 2>&1
[ $? -eq 1 ]
st=$?
check "missing file: exit status 1" $st
"$SF" show "$TMP/canary.c" >/dev/null 2>&1
[ $? -eq 2 ]
st=$?
check "no target in the path: exit status 2" $st
"$SF" show --help | grep -q 'usage: samplefuzz show'
st=$?
check "show --help" $st

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
