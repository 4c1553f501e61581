#!/bin/bash -eu
# OSS-Fuzz / ClusterFuzzLite build script (docs/fuzzing.md).
# Runs inside gcr.io/oss-fuzz-base/base-builder with $CC $CFLAGS $CXX $LIB_FUZZING_ENGINE $SRC $WORK
# $OUT set by the infrastructure. Sanitizer and coverage instrumentation come from $CFLAGS; the
# targets are linked with $CXX and $LIB_FUZZING_ENGINE (fuzz/CMakeLists.txt, SF_FUZZ_ENGINE=oss).
# Per target it also ships <target>_seed_corpus.zip, <target>.dict and <target>.options.
src=${SF_SRC:-$SRC/samplefuzz}
build=$WORK/build-oss
cmake -S "$src" -B "$build" -DSF_FUZZ_ENGINE=oss -DCMAKE_BUILD_TYPE=Release \
      -DCMAKE_C_COMPILER="$CC" -DCMAKE_CXX_COMPILER="$CXX" \
      -DCMAKE_C_FLAGS="$CFLAGS" -DCMAKE_CXX_FLAGS="$CXXFLAGS"
cmake --build "$build" --target sf_all_fuzzers -j"$(nproc)"

for bin in "$build"/fuzz/*_fuzzer; do
  [ -x "$bin" ] || continue
  name=$(basename "$bin")
  cp "$bin" "$OUT/$name"
  if [ -d "$src/corpus/$name" ] && [ -n "$(ls -A "$src/corpus/$name")" ]; then
    (cd "$src/corpus/$name" && zip -q -r "$OUT/${name}_seed_corpus.zip" .)
  fi
  [ -f "$src/fuzz/$name.dict" ] && cp "$src/fuzz/$name.dict" "$OUT/"
  [ -f "$src/fuzz/$name.options" ] && cp "$src/fuzz/$name.options" "$OUT/"
done
