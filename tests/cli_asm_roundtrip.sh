#!/usr/bin/env bash
# CLI smoke test: `samplefuzz asm` / `disasm` round trips for both families, and clear errors with
# positions on bad input. Usage: cli_asm_roundtrip.sh /path/to/samplefuzz
set -u
S=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
cd "$dir"
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

cat > k.visaasm <<'ASM'
.version 4.1
.kernel "samp"
.decl smp v_type=S num_elts=1
.decl surf v_type=T num_elts=1
.decl dst_u v_type=G type=uw num_elts=128 align=GRF
.decl dst_f v_type=G type=f num_elts=64 align=GRF
.decl U v_type=G type=f num_elts=16 align=GRF
.decl V v_type=G type=f num_elts=16 align=GRF
.decl X v_type=G type=f num_elts=1
.decl P1 v_type=P num_elts=16
sample_unorm.RGBA.16-full smp surf 0.0:f 0.0:f 0.25:f X(0,0)<0;1,0> dst_u.0
sample_3d.RGBA (M1, 16) 0x0:uw smp surf dst_f.0 U.0 V.0
(!P1.all) sample_l.R (M1, 16) 0x0:uw smp surf dst_f.0 U.0 U.0 V.0
avs.RGBA surf smp 0.0:f 0.0:f 0.1:f 0.1:f 0.0:f 0:ud 0:ud AVS_16_FULL 0.0:f AVS_16x4 0:uw dst_u.0
ret (1)
ASM
# vISA: text -> .isa -> text -> .isa -> text. The printed text puts declarations in IGC's order
# (general variables, then samplers and surfaces), which renumbers the string pool once; after that
# one normalization both the text and the bytes are a fixed point. The printed lines are IGC's
# (docs/visa-text.md).
if "$S" asm k.visaasm -o a.isa && "$S" disasm a.isa -o a.visaasm && "$S" asm a.visaasm -o b.isa &&
   "$S" disasm b.isa -o b.visaasm && "$S" asm b.visaasm -o c.isa && cmp -s b.isa c.isa && cmp -s a.visaasm b.visaasm; then ok; else bad "vISA asm/disasm round trip"; fi
# The instruction area is identical from the start: only the string pool order moved.
if [ "$(tail -c 120 a.isa | xxd -p)" = "$(tail -c 120 b.isa | xxd -p)" ]; then ok; else bad "vISA instruction bytes changed across disasm/asm"; fi
grep -q '    sample_3d.RGBA (M1, 16)  0x0:uw S0 T6 dst_f.0 U.0 V.0 ' a.visaasm && ok || bad "IGC line format of sample_3d"
grep -q 'avs.RGBA T6 S0 0x0:f 0x0:f 0x3dcccccd:f 0x3dcccccd:f 0x0:f 0x0:ud 0x0:ud AVS_16_FULL 0x0:f AVS_16x4 0x0:uw dst_u.0' a.visaasm && ok || bad "IGC line format of avs"
[ "$(head -c 4 a.isa)" = "CISA" ] && ok || bad "isa magic"
# A real CM kernel (vISA 3.6) with its compiled Gen code: disasm prints the vISA, says on stderr
# that the Gen code is left out, and the text reads back (tests/data/real/visa-cm/SOURCES).
CM="$(dirname "$0")/data/real/visa-cm/empty_genx.isa"
if "$S" disasm "$CM" -o cm.visaasm 2> cm.err && grep -q 'gen binary record (24 bytes of compiled Gen code) left out' cm.err &&
   grep -q '^.kernel_attr NoBarrier$' cm.visaasm && "$S" asm cm.visaasm -o cm.isa && "$S" disasm cm.isa -o cm2.visaasm &&
   cmp -s cm.visaasm cm2.visaasm; then ok; else bad "CM kernel disasm (Gen code left out, said so)"; fi

# D3D: one instruction is wrapped into a minimal shader; disasm -> asm reproduces the container.
echo 'sample_aoffimmi_indexable(-1,0,0)(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0' > one.asm
if "$S" asm one.asm -o one.dxbc && "$S" disasm one.dxbc -o p.asm && "$S" asm p.asm -o two.dxbc && cmp -s one.dxbc two.dxbc; then ok; else bad "D3D asm/disasm round trip"; fi
grep -qx 'sample_aoffimmi_indexable(-1,0,0)(texture2d)(float,float,float,float) o0.xyzw, v0.xyxx, t0.xyzw, s0' p.asm && ok || bad "fxc line format"

# D3D whole containers (docs/dxbc.md section 10): disasm prints every chunk, asm gives back the same
# bytes; --program prints the program alone (no container directives).
real="$(cd "$(dirname "$0")" && pwd)/data/real/dxbc-vkd3d"
for f in "$real"/gs_code-L27076.dxbc "$real"/colors-L8368.dxbc "$real"/cbv_rootsig-L11758.dxbc; do
  if "$S" disasm "$f" -o c.asm && "$S" asm c.asm -o c.dxbc && cmp -s "$f" c.dxbc; then ok; else bad "container text round trip of $(basename "$f")"; fi
done
"$S" disasm "$real"/gs_code-L27076.dxbc > g.txt
grep -qx '.osg5 SV_RenderTargetArrayIndex 0 stream=0 sv=render_target_array_index type=uint r=2 mask=x rw=yzw' g.txt && ok || bad "OSG5 element line"
grep -qx '.program SHEX' g.txt && head -1 g.txt | grep -q '^.dxbc' && ok || bad ".dxbc / .program lines"
"$S" disasm --program "$real"/gs_code-L27076.dxbc > gp.txt && head -1 gp.txt | grep -qx 'gs_5_0' && ! grep -q '^\.' gp.txt && ok || bad "disasm --program"
printf '.dxbc\n.isgn A 0 sv=none type=float r=0 mask=x rw=x\n.chunk SFI0 0200000\n' > ec.asm
out=$("$S" asm ec.asm -o ec.dxbc 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q '^ec.asm:3:19: .*odd number of hex digits' && ok || bad "container text error position: rc=$rc '$out'"

# Older vISA versions (docs/visa-binary.md "Versions"): the text's .version selects the .isa's field
# widths; the bytes say 3.3, disasm says .version 3.3 again, and the rest of the text is the 4.1 text.
sed 's/^\.version 4\.1$/.version 3.3/' a.visaasm > v33.visaasm
if "$S" asm v33.visaasm -o v33.isa && "$S" disasm v33.isa -o v33b.visaasm; then ok; else bad "vISA 3.3 asm/disasm"; fi
[ "$(head -c 6 v33.isa | tail -c 2 | xxd -p)" = "0303" ] && ok || bad "vISA 3.3 version bytes"
cmp -s v33.visaasm v33b.visaasm && ok || bad "vISA 3.3 text does not read back"
[ "$(wc -c < v33.isa)" -lt "$(wc -c < a.isa)" ] && ok || bad "vISA 3.3 file is not smaller (UW ids)"
printf '.version 3.0\n.kernel "k"\n' > v30.visaasm
out=$("$S" asm v30.visaasm -o v30.isa 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q '^v30.visaasm:1:10: .*vISA version 3.0' && ok || bad "vISA 3.0 refusal: rc=$rc '$out'"

# Errors: a position and a message, exit status 1, no crash.
printf '.version 4.1\n.kernel "k"\nsample_3d.RGBA (M1, 16) 0x0:uw nosuch T6 %%null.0 %%null.0\n' > e.visaasm
out=$("$S" asm e.visaasm -o e.isa 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q '^e.visaasm:3:' && ok || bad "vISA error position: rc=$rc '$out'"
printf 'ps_4_0\nsample r0.xyzw, v0.xyxx, t0.xyzw, s0 junk\n' > e.asm
out=$("$S" asm e.asm -o e.dxbc 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q '^e.asm:2:' && ok || bad "D3D error position: rc=$rc '$out'"
head -c 37 a.isa > t.isa
out=$("$S" disasm t.isa 2>&1); rc=$?
[ $rc -eq 1 ] && echo "$out" | grep -q 'byte 0x' && ok || bad "truncated .isa: rc=$rc '$out'"
printf 'XXXX' > junk.bin
"$S" disasm junk.bin >/dev/null 2>&1; [ $? -eq 1 ] && ok || bad "unknown magic"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
