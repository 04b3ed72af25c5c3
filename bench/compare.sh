#!/usr/bin/env bash
# Two netsched binaries side by side on the benchmarks' main workloads, with hyperfine (each
# command run 3 times after a warm-up; mean ± σ and the ratio NEW/BASE).
# Usage: bench/compare.sh BASE_BINARY NEW_BINARY   (e.g. a build of main before a change)
set -euo pipefail
base=${1:?usage: bench/compare.sh BASE NEW}
new=${2:?usage: bench/compare.sh BASE NEW}
out=build/bench-compare
mkdir -p "$out"
. "$(dirname "$0")/side_by_side.sh"
h12='hdn(torus(2,3,5), sn=[{0,1},{1,2}])'
h648='hdn(torus(2,3,5), sn=[{},{}])'
"$base" gen "$h648" broadcast -o "$out/b648.json" >/dev/null
"$base" gen "$h12" total-exchange -o "$out/te12.json" >/dev/null
"$base" gen 'dualcube(5)' total-exchange -o "$out/dc5.json" >/dev/null
run "info 12,000-node HDN" "BIN info '$h12' --json"
run "info --basic 6,480,000-node HDN" "BIN info --basic '$h648'"
run "route --all 12,000-node HDN" "BIN route '$h12' --all"
run "gen broadcast 6,480,000 nodes" "BIN gen '$h648' broadcast -o $out/b.json"
run "verify broadcast 6,480,000 nodes" "BIN verify $out/b648.json"
run "gen total exchange 12,000 nodes" "BIN gen '$h12' total-exchange -o $out/t.json"
run "verify total exchange 12,000" "BIN verify $out/te12.json"
run "verify dualcube(5) TE, dense" "BIN verify $out/dc5.json --engine dense"
run "prove min-steps hypercube(3) TE" "BIN prove min-steps hypercube(3) total-exchange"
