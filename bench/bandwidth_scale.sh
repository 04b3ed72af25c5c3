#!/usr/bin/env bash
# Bandwidth-optimal collectives at scale: the exact bound (`prove bandwidth`, max-flow by
# symmetry) and the packed-trees schedule that reaches it (`gen --algorithm packed-trees`,
# generated and checked), on 1,024-, 4,096- and 16,384-node products. Two binaries side by side
# with hyperfine (3 runs after a warm-up; bench/side_by_side.sh), then what only NEW does
# (`--pieces`, and 16,384 nodes, which older builds refuse), once each with
# /usr/bin/time for wall time and peak memory. The 16,384-node part takes about 10 minutes
# (the all-gather 1.5, the reduce-scatter 2.3, the all-reduce 4.8, the broadcast 2.3);
# --no-16k skips it.
# --registers runs only the reduce-scatters and all-reduces along the trees (bench/README.md
# item 22): hypercube(12) side by side, then hypercube(14) once; --arborescences only the
# broadcast's arborescences on 1,024 nodes (item 21), side by side, then on hypercube(12),
# hypercube(14), torus(64,64) and torus(128,128) once (items 23 and 24), rarest-first on 3-D
# and 2-D tori of 4,096 and 16,384 nodes once (item 25), and gen's choice on torus(64,64) and
# torus(16,16,16) side by side (about 20 minutes).
# Usage: bench/bandwidth_scale.sh BASE_BINARY NEW_BINARY [--no-16k | --registers | --arborescences]
set -euo pipefail
usage="usage: bench/bandwidth_scale.sh BASE NEW [--no-16k | --registers | --arborescences]"
base=${1:?$usage}
new=${2:?$usage}
big=${3:-}
out=build/bench-bandwidth-scale
mkdir -p "$out"
. "$(dirname "$0")/side_by_side.sh"
once() {  # name, then the command: wall time and peak memory of one run, and what it found
  local name=$1
  shift
  local found
  found=$(/usr/bin/time -f "%e s wall, %M KB peak" -o "$out/time.txt" "$@" 2>&1 |
    grep -E 'need at least|cost \(|netsched:|batches' || true)
  printf '%-56s %s\n%s\n' "$name" "$(cat "$out/time.txt")" "$(sed 's/^ */    /' <<<"$found")"
}
registers() {  # the register collectives along the packed trees on 4,096 nodes, side by side
  local c
  for c in reduce-scatter all-reduce; do
    run "packed-trees hypercube(12) $c" \
      "BIN gen 'hypercube(12)' $c --algorithm packed-trees --ports all-port --check-only"
  done
}
registers_16k() {  # and on 16,384, NEW alone (BASE refused them over 4,096 nodes)
  local c
  for c in reduce-scatter all-reduce; do
    once "packed-trees hypercube(14) $c" \
      "$new" gen 'hypercube(14)' $c --algorithm packed-trees --ports all-port --check-only
  done
}
arborescences() {  # Edmonds' trees from node 0, 4,096 pieces down them; and gen's choice
  local net
  for net in 'torus(32,32)' 'hypercube(10)'; do
    run "arborescences $net, 4096 pieces" \
      "BIN gen '$net' broadcast --algorithm arborescences --pieces 4096 --ports all-port --check-only"
    run "gen --bytes 1MiB $net broadcast" \
      "BIN gen '$net' broadcast --bytes 1048576 --ports all-port --check-only"
  done
}
arborescences_16k() {  # the trees written down on 4,096 and 16,384 nodes (Johnsson and Ho's on
  # hypercubes, four on 2-D tori), NEW alone (BASE refused the arborescences over 1,024 nodes
  # then); the bound beside them, BASE's once (a min-cut search where NEW counts one node's
  # links)
  local d net
  run "bound hypercube(12) broadcast" "BIN prove bandwidth 'hypercube(12)' broadcast"
  once "bound hypercube(14) broadcast, BASE" "$base" prove bandwidth "hypercube(14)" broadcast
  for d in 12 14; do
    once "bound hypercube($d) broadcast" "$new" prove bandwidth "hypercube($d)" broadcast
    once "arborescences hypercube($d), 4096 pieces" \
      "$new" gen "hypercube($d)" broadcast --algorithm arborescences --pieces 4096 \
      --ports all-port --check-only
  done
  for net in 'torus(64,64)' 'torus(128,128)'; do
    once "arborescences $net, 4096 pieces" \
      "$new" gen "$net" broadcast --algorithm arborescences --pieces 4096 --ports all-port \
      --check-only
  done
  run "gen --bytes 1MiB torus(64,64) broadcast" \
    "BIN gen 'torus(64,64)' broadcast --bytes 1048576 --ports all-port --check-only"
  # rarest-first on any network to 16,384 nodes (item 25)
  for net in 'torus(16,16,16)' 'torus(64,64)' 'torus(32,32,16)' 'torus(128,128)'; do
    once "rarest-first $net, 1024 pieces" \
      "$new" gen "$net" broadcast --algorithm rarest-first --pieces 1024 --ports all-port \
      --check-only
  done
  run "gen --bytes 1MiB torus(16,16,16) broadcast" \
    "BIN gen 'torus(16,16,16)' broadcast --bytes 1048576 --ports all-port --check-only"
}
case "$big" in
  --registers) registers; registers_16k; exit 0 ;;
  --arborescences) arborescences; arborescences_16k; exit 0 ;;
esac
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
registers
arborescences
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
registers_16k
arborescences_16k
