#!/usr/bin/env bash
# The exact node and link connectivity of `info` (core/connectivity.cpp), timed on networks
# near its limits, with 1 worker and with every core; with a second binary (an older build)
# the same rows side by side, one run after the other. The connectivities must agree.
# Usage: bench/connectivity.sh [NETSCHED] [BASELINE_NETSCHED]
set -eu
ns=${1:-build/app/netsched}
base=${2:-}
specs=('hdn(torus(2,3,5), sn=[{2},{0,1,2}])' 'hdn(torus(3,4), sn=[{1},{}])' 'hypercube(12)'
       'torus(64,64)')
# seconds of the connectivity stage, and kappa/lambda, from info --json
measure() {
  "$1" info "$2" --threads "$3" --json | python3 -c '
import json, sys
d = json.load(sys.stdin); t = d["seconds"]
s = t["connectivity"] - t["distances"]
print("%.2f s (kappa %d, lambda %d)" % (s, d["node_connectivity"], d["link_connectivity"]))'
}
echo "| network | nodes | threads | $ns |${base:+ $base | ratio |}"
for spec in "${specs[@]}"; do
  nodes=$("$ns" info --basic "$spec" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')
  for threads in 1 0; do
    now=$(measure "$ns" "$spec" "$threads")
    row="| \`$spec\` | $nodes | ${threads/#0/all} | $now |"
    if [ -n "$base" ]; then
      before=$(measure "$base" "$spec" "$threads")
      [ "${now#* s }" = "${before#* s }" ] || { echo "connectivities differ: $now / $before"; exit 1; }
      ratio=$(python3 -c "print(f'{${before%% s*} / max(${now%% s*}, 0.01):.2f}x')")
      row="$row $before | $ratio |"
    fi
    echo "$row"
  done
done
