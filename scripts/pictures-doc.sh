#!/usr/bin/env bash
# Regenerates the pictures under docs/pictures/ that the README and docs/pictures.md show, with
# netsched's own commands. Usage: scripts/pictures-doc.sh path/to/netsched
set -euo pipefail
ns=${1:-build/app/netsched}
out=docs/pictures
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"
"$ns" gen 'hdn(hypercube(2), sn=[{0},{0,1}])' broadcast -o "$tmp/hdn-broadcast.json" | head -1
"$ns" draw --schedule "$tmp/hdn-broadcast.json" -o "$out/hdn-broadcast.html" --frames "$tmp/frames"
cp "$tmp/frames/step-0006.svg" "$out/hdn-broadcast-step6.svg"
"$ns" draw 'dualcube(3)' -o "$out/dualcube3.svg"
"$ns" draw 'torus(4,4)' -o "$out/torus44.svg"
"$ns" sweep 'torus({3..12},{3..12})' 'hypercube({2..10})' 'dualcube({2..5})' \
  'hdn(torus(2,3), sn=[{},{0,1}])' 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])' -o "$tmp/sweep" | head -1
cp "$tmp/sweep.svg" "$tmp/sweep.csv" "$out/"
echo "wrote $out: hdn-broadcast.html, hdn-broadcast-step6.svg, dualcube3.svg, torus44.svg, sweep.svg, sweep.csv"
