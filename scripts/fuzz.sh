#!/usr/bin/env bash
# The main job (README): installs what is missing, builds the samplefuzz program and the libFuzzer
# targets (clang, ASan+UBSan), and runs a campaign over the bundled corpus with `samplefuzz fuzz`.
#
#   bash scripts/fuzz.sh                      ~1 minute over every target
#   bash scripts/fuzz.sh --time 600 visa_bin_fuzzer dxbc_fuzzer
# Arguments are passed to `samplefuzz fuzz` (see `samplefuzz fuzz --help`). Corpora and findings
# persist in ./fuzz-work, so a rerun resumes.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
bash scripts/deps.sh
jobs=$(nproc 2>/dev/null || echo 2)
build=${SF_FUZZ_BUILD_DIR:-$root/build-fuzz}
cmake -S "$root" -B "$build" -DCMAKE_C_COMPILER=clang -DCMAKE_BUILD_TYPE=RelWithDebInfo \
      -DSF_SANITIZE=ON -DSF_FUZZ_ENGINE=libfuzzer >/dev/null
cmake --build "$build" -j"$jobs"
export SF_FUZZ_BIN_DIR="$build/fuzz"
exec "$build/samplefuzz" fuzz --workdir "$root/fuzz-work" "$@"
