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
  echo "Made by \`make engines-doc\` (scripts/engines-table.py): for each network and collective, gen's"
  echo "default algorithm (the paper's) and every algorithm SimGrid 3.32's SMPI implements for the"
  echo "collective, each simulated by \`netsched simulate\` on the same platform: a host per node, a"
  echo "split-duplex 1 GBps / 1 µs link per edge, CM02 model (latency + size / bandwidth, max-min"
  echo "sharing), computation not simulated. docs/engines.md states what this model leaves out."
  echo "Times are simulated, so they do not depend on the machine that ran the simulation."
  echo
  echo "Summary: the paper algorithm's time, the fastest MPI algorithm, and how many MPI algorithms"
  echo "beat the paper's (a paper algorithm that loses is a finding: its step count is optimal in the"
  echo "one-port store-and-forward model, but MPI's algorithms send multi-hop messages, which the"
  echo "simulated network pipelines through the links, and use every port at once)."
  echo "Each smpirun was given 300 s of wall time (\`simulate --timeout 300\`); a run over it has no time."
  echo
  cat "$tmp"
} > docs/ENGINES-TABLE.md
echo "wrote docs/ENGINES-TABLE.md"
