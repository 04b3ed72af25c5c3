#!/usr/bin/env bash
# docs/ENGINES-TABLE.md: the papers' algorithms against every MPI algorithm SimGrid's SMPI
# implements, simulated by `netsched simulate` (make engines-doc; about 20 minutes on 2 cores).
set -euo pipefail
ns=${1:-build/app/netsched}
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
python3 scripts/engines-table.py "$ns" "$tmp"
{
  echo "# The papers' algorithms against MPI's, on SimGrid"
  echo
  echo "Made by \`make engines-doc\` (scripts/engines-table.py) on $(date -u +%Y-%m-%d): for each network and"
  echo "collective, gen's default algorithm (the paper's) and every algorithm SimGrid 3.32's SMPI"
  echo "implements for the collective, each simulated by \`netsched simulate\` on the same platform: a"
  echo "host per node, a split-duplex 1 GBps / 1 µs link per edge, an explicit route for every ordered"
  echo "pair chosen to balance link load (docs/engines.md), CM02 model (latency + size / bandwidth,"
  echo "max-min sharing), computation not simulated. docs/engines.md states what this model leaves"
  echo "out. Times are simulated, so they do not depend on the machine that ran the simulation."
  echo "The papers' algorithms are one-port schedules, while a SimGrid host sends on all its links"
  echo "at once, as MPI's algorithms do there; docs/SIZE-CHOICE.md compares the schedules"
  echo "\`gen --bytes --ports routed\` chooses."
  echo
  cat "$tmp"
} > docs/ENGINES-TABLE.md
echo "wrote docs/ENGINES-TABLE.md"
