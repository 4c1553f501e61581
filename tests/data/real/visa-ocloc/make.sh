#!/usr/bin/env bash
# Regenerates this folder's vISA files from src/*.cl with IGC's offline compiler (ocloc, Debian
# package intel-opencl-icd; the recorded files were written by IGC 1.0.12504). Each kernel's vISA is
# dumped by IGC itself (IGC_ShaderDumpEnable): <src>-<device>-<kernel>-simd<N>.isa / .visaasm.
# SF_OCLOC_SOURCES="a b" compiles only src/a.cl and src/b.cl (the dumps' instruction areas end in
# bytes IGC never wrote, so regenerating a recorded file changes it; add new sources this way).
# SF_OCLOC_OPTIONS adds ocloc options and SF_OCLOC_TAG a tag to the file names (<src>_<tag>-...),
# for kernels built another way (e.g. stateless: -cl-intel-greater-than-4GB-buffer-required).
# SF_OCLOC_INTERNAL passes ocloc -internal_options (msaa.cl: -cl-ext=+cl_khr_gl_msaa_sharing, which
# this ocloc does not enable by default and refuses among -options).
# SF_OCLOC_DEST writes the files to another folder (the kernels with vISA functions go to
# ../visa-ocloc-functions: SF_OCLOC_OPTIONS=-cl-opt-disable); a function's own text (IGC's
# <dump>_f<N>.visaasm) is copied as <src>-<device>-<kernel>-simd<N>-f<N>.visaasm.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
command -v ocloc >/dev/null || bash "$here/../../../../scripts/deps.sh" ocloc
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for dev in ${SF_OCLOC_DEVICES:-skl tgllp dg2 pvc}; do
  for cl in "$here"/src/*.cl; do
    case " ${SF_OCLOC_SOURCES:-$(basename "$cl" .cl)} " in *" $(basename "$cl" .cl) "*) ;; *) continue ;; esac
    base=$(basename "$cl" .cl)${SF_OCLOC_TAG:+_$SF_OCLOC_TAG}
    rm -rf "$tmp/dump" && mkdir -p "$tmp/dump"
    # compiled as a copy in the dump folder: a debug build's FILE lines (-g) then name that
    # temporary folder (ocloc makes the path absolute), not where this checkout lives
    cp "$cl" "$tmp/dump/"
    (cd "$tmp/dump" && IGC_ShaderDumpEnable=1 IGC_DumpToCurrentDir=1 \
       ocloc compile -file "$(basename "$cl")" -device "$dev" -options "-cl-std=CL2.0 ${SF_OCLOC_OPTIONS:-}" \
         ${SF_OCLOC_INTERNAL:+-internal_options "$SF_OCLOC_INTERNAL"} >/dev/null) || { echo "make.sh: ocloc failed on $cl for $dev" >&2; exit 1; }
    for isa in "$tmp"/dump/*.isa; do
      [ -e "$isa" ] || continue
      simd=$(basename "$isa" .isa | sed -E 's/^OCL_asm[0-9a-f]+_(simd[0-9]+)_.*/\1/')
      kernel=$(sed -nE 's/^\.kernel "?([A-Za-z0-9_]+)"?.*/\1/p' "${isa%.isa}.visaasm" | head -n1)
      kernel=${kernel:-$(basename "$isa" .isa)}-$simd
      dest=${SF_OCLOC_DEST:-$here}
      cp "$isa" "$dest/$base-$dev-$kernel.isa"
      [ -f "${isa%.isa}.visaasm" ] && cp "${isa%.isa}.visaasm" "$dest/$base-$dev-$kernel.visaasm"
      for fv in "${isa%.isa}"_f*.visaasm; do
        [ -e "$fv" ] && cp "$fv" "$dest/$base-$dev-$kernel-${fv##*_}"
      done
    done
  done
done
