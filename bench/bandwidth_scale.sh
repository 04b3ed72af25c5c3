#!/usr/bin/env bash
# Bandwidth-optimal collectives at scale: the exact bound (`prove bandwidth`, max-flow by
# symmetry) and the packed-trees schedule that reaches it (`gen --algorithm packed-trees`,
# generated and checked), on 1,024-, 4,096- and 16,384-node products. Two binaries side by side
# with hyperfine (3 runs after a warm-up; bench/side_by_side.sh), then what only NEW does
# (`--pieces`, and 16,384 nodes: BASE refused packed-trees over 4,096), once each with
# /usr/bin/time for wall time and peak memory. The 16,384-node part takes about 5 minutes;
# --no-16k skips it.
# Usage: bench/bandwidth_scale.sh BASE_BINARY NEW_BINARY [--no-16k]
set -euo pipefail
base=${1:?usage: bench/bandwidth_scale.sh BASE NEW [--no-16k]}
new=${2:?usage: bench/bandwidth_scale.sh BASE NEW [--no-16k]}
big=${3:-}
out=build/bench-bandwidth-scale
mkdir -p "$out"
. "$(dirname "$0")/side_by_side.sh"
once() {  # name, then the command: wall time and peak memory of one run, and what it found
  local name=$1
  shift
  local found
  found=$(/usr/bin/time -f "%e s wall, %M KB peak" -o "$out/time.txt" "$@" 2>&1 |
    grep -E 'need at least|cost \(|netsched:' || true)
  printf '%-56s %s\n%s\n' "$name" "$(cat "$out/time.txt")" "$(sed 's/^ */    /' <<<"$found")"
}
q10='hypercube(10)'
for c in all-gather reduce-scatter all-reduce; do
  run "bound $q10 $c" "BIN prove bandwidth '$q10' $c"
done
for c in all-gather reduce-scatter all-reduce; do
  run "packed-trees $q10 $c" "BIN gen '$q10' $c --algorithm packed-trees --ports all-port --check-only"
done
run "packed-trees torus(32,32) all-gather" \
  "BIN gen 'torus(32,32)' all-gather --algorithm packed-trees --ports all-port --check-only"
run "packed-trees hypercube(12) all-gather" \
  "BIN gen 'hypercube(12)' all-gather --algorithm packed-trees --ports all-port --check-only"
run "gen --bytes 1MiB $q10 all-gather" \
  "BIN gen '$q10' all-gather --bytes 1048576 --ports all-port --check-only"
echo "NEW only:"
once "packed-trees $q10 all-gather, 16 pieces" \
  "$new" gen "$q10" all-gather --algorithm packed-trees --pieces 16 --ports all-port --check-only
[ "$big" = --no-16k ] && exit 0
q14='hypercube(14)'
for c in all-gather reduce-scatter all-reduce; do
  once "bound $q14 $c" "$new" prove bandwidth "$q14" $c
done
once "packed-trees $q14 all-gather" \
  "$new" gen "$q14" all-gather --algorithm packed-trees --ports all-port --check-only
