#!/bin/bash -eu
# ClusterFuzzLite entry: the same build as OSS-Fuzz.
exec bash "$SRC/samplefuzz/fuzz/oss-fuzz/build.sh"
