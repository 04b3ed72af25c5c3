#!/usr/bin/env bash
# Pictures benchmark (the target: a 4,096-node network and a 100-step schedule drawn in <= 10 s;
# sweeps at info's speed). Usage: bench/pictures.sh [path/to/netsched]
# Side by side, hyperfine, 3 runs each: the structured layout against Graphviz's own (sfdp) on
# the same network, the viewer against `verify` of the same file, a sweep against the same
# `info` calls one by one.
set -euo pipefail
ns=${1:-build/app/netsched}
out=build/bench/pictures
mkdir -p "$out"
command -v hyperfine >/dev/null || { echo "bench needs hyperfine (apt-get install hyperfine)" >&2; exit 1; }
hf() { hyperfine --runs 3 --warmup 1 --style basic "$@" 2>&1 | grep -E "Time|±|faster|Benchmark"; }

"$ns" gen 'mesh(64,64)' broadcast -o "$out/mesh64.json" | head -1
"$ns" gen 'hypercube(12)' broadcast -o "$out/q12.json" | head -1

echo "== 1. a 4,096-node network: structured layout (pinned) vs Graphviz sfdp (--layout generic)"
hf -n structured "$ns draw 'mesh(64,64)' -o $out/mesh.svg" \
   -n sfdp "$ns draw 'mesh(64,64)' --layout generic -o $out/mesh-sfdp.svg"

echo "== 2. the viewer of a 4,096-node, 126-step broadcast vs verify of the same file"
hf -n viewer "$ns draw --schedule $out/mesh64.json -o $out/mesh64.html" \
   -n verify "$ns verify $out/mesh64.json"
ls -l "$out/mesh64.html" | awk '{print "viewer size: " $5 " bytes"}'
hf -n viewer+frames "$ns draw --schedule $out/mesh64.json -o $out/mesh64.html --frames $out/frames"

echo "== 3. hypercube(12) (4,096 nodes, 12 steps): viewer vs verify"
hf -n viewer "$ns draw --schedule $out/q12.json -o $out/q12.html" -n verify "$ns verify $out/q12.json"

echo "== 4. a sweep (properties only, 30 points) vs the same 30 info calls"
specs=(); for k in $(seq 3 22); do specs+=("torus($k,$k)"); done; for k in $(seq 2 11); do specs+=("hypercube($k)"); done
printf '%s\n' "${specs[@]}" > "$out/specs.txt"
hf -n sweep "$ns sweep 'torus({3..22},{3..22})' 'hypercube({2..11})' --no-schedules --no-plot -o $out/sweep" \
   -n info-calls "while read -r s; do $ns info \"\$s\" --json >/dev/null; done < $out/specs.txt"
