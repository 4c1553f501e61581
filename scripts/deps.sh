#!/usr/bin/env bash
# Installs the Debian 12 packages samplefuzz needs (build, external oracles, benchmark peer).
# Installs only what is missing; needs root (or sudo) when something is missing.
#
#   bash scripts/deps.sh           what the build, the tests and the campaign need
#   bash scripts/deps.sh ocloc     that and intel-opencl-icd (IGC's offline compiler, ocloc), which
#                                  only tests/data/real/visa-ocloc/make.sh uses, to compile OpenCL
#                                  kernels to vISA again; the kernels it wrote are in the repository
set -euo pipefail
pkgs=(cmake make gcc clang llvm libclang-rt-14-dev python3 git
      afl++ libxxhash-dev libigc-tools vkd3d-compiler spirv-tools
      libegl-dev libgl-dev libegl-mesa0 libgl1-mesa-dri libyuv-dev libpng-dev
      libvkd3d-dev libvkd3d-utils1 libvkd3d-shader1 libvkd3d1 mesa-vulkan-drivers libvulkan-dev libvulkan1)
for extra in "$@"; do
  case "$extra" in
    ocloc) pkgs+=(intel-opencl-icd) ;;
    *) echo "deps.sh: unknown group '$extra' (known: ocloc)" >&2; exit 2 ;;
  esac
done
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "deps: all ${#pkgs[@]} packages present"
  exit 0
fi
echo "deps: installing ${missing[*]}"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
