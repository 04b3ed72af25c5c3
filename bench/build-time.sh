#!/usr/bin/env bash
# The clean Release build's wall time, one file per compile (UNITY=OFF, the baseline) against
# unity batches of 8 (UNITY=ON, the default), each configured afresh in its own directory under
# OUT and built with JOBS jobs, one after the other on an otherwise idle machine.
# Usage: bench/build-time.sh [OUT] (make bench-build; about 30 minutes on 2 cores)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-/tmp/netsched-build-time}
jobs=${JOBS:-$(nproc)}
rm -rf "$out" && mkdir -p "$out"
seconds() {  # unity flag: configure, then time the build
  cmake -S . -B "$out/unity-$1" -DCMAKE_BUILD_TYPE=Release -DNETSCHED_WERROR=ON \
    -DCMAKE_UNITY_BUILD="$1" -DCMAKE_UNITY_BUILD_BATCH_SIZE=8 > "$out/unity-$1.configure.log"
  local t0 t1
  t0=$(date +%s.%N)
  cmake --build "$out/unity-$1" -j "$jobs" > "$out/unity-$1.log" 2>&1
  t1=$(date +%s.%N)
  echo "$t1 - $t0" | bc
}
base=$(seconds OFF)
new=$(seconds ON)
printf 'clean Release build, %s jobs on %s cores: one file per compile %.0f s, unity batches of 8 %.0f s, ratio %.2f\n' \
  "$jobs" "$(nproc)" "$base" "$new" "$(echo "$new / $base" | bc -l)"
