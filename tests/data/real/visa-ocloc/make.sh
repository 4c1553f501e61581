#!/usr/bin/env bash
# Regenerates this folder's vISA files from src/*.cl with IGC's offline compiler (ocloc, Debian
# package intel-opencl-icd; the recorded files were written by IGC 1.0.12504). Each kernel's vISA is
# dumped by IGC itself (IGC_ShaderDumpEnable): <src>-<device>-<kernel>-simd<N>.isa / .visaasm.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for dev in ${SF_OCLOC_DEVICES:-skl tgllp}; do
  for cl in "$here"/src/*.cl; do
    base=$(basename "$cl" .cl)
    rm -rf "$tmp/dump" && mkdir -p "$tmp/dump"
    (cd "$tmp/dump" && IGC_ShaderDumpEnable=1 IGC_DumpToCurrentDir=1 \
       ocloc compile -file "$cl" -device "$dev" -options "-cl-std=CL2.0" >/dev/null) || { echo "make.sh: ocloc failed on $cl for $dev" >&2; exit 1; }
    for isa in "$tmp"/dump/*.isa; do
      [ -e "$isa" ] || continue
      simd=$(basename "$isa" .isa | sed -E 's/^OCL_asm[0-9a-f]+_(simd[0-9]+)_.*/\1/')
      kernel=$(sed -nE 's/^\.kernel "?([A-Za-z0-9_]+)"?.*/\1/p' "${isa%.isa}.visaasm" | head -n1)
      kernel=${kernel:-$(basename "$isa" .isa)}-$simd
      cp "$isa" "$here/$base-$dev-$kernel.isa"
      [ -f "${isa%.isa}.visaasm" ] && cp "${isa%.isa}.visaasm" "$here/$base-$dev-$kernel.visaasm"
    done
  done
done
