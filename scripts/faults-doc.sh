#!/usr/bin/env bash
# docs/FAULTS-TABLE.md: every single failed link of torus(4,4), hypercube(4), dualcube(3),
# hsn(3,hypercube(2)) and the 12,000-node HDN, the default total exchange, broadcast and
# all-reduce repaired and regenerated, and 20 sampled double faults each (make faults-doc; about
# a minute and a half on 2 cores).
set -euo pipefail
ns=${1:-build/app/netsched}
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
/usr/bin/python3 scripts/faults-table.py "$ns" "$tmp"
{
  echo "# What a single failed link costs: repaired against regenerated"
  echo
  echo "Made by \`make faults-doc\` (scripts/faults-table.py) on $(date -u +%Y-%m-%d), on 2 cores. For each"
  echo "network and collective, \`netsched sweep --faults NET --collective C\` takes one failed link per"
  echo "orbit of the network's verified symmetries (every link of an orbit costs the same), repairs the"
  echo "default schedule around it (docs/faults.md), checks the repair on the faulty network, generates"
  echo "the collective there from scratch with the default algorithm, and keeps the cheaper (unit cost:"
  echo "steps plus payload). Counts are links, each orbit weighted by its size; step ranges run over the"
  echo "orbits; the lower bound is the faulty network's; the slowdown is the kept schedule's time over"
  echo "the healthy one's. 20 double faults (pairs of links drawn with seed 1) are sampled the same"
  echo "way; their worst slowdown is given with how many of them had a schedule. \"seconds\" is the"
  echo "sweep's wall time."
  echo
  cat "$tmp"
} > docs/FAULTS-TABLE.md
echo "wrote docs/FAULTS-TABLE.md"
