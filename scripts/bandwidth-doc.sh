#!/usr/bin/env bash
# docs/BANDWIDTH-TABLE.md: the papers' schedules (each family's defaults) and netsched's fastest
# against the lower bounds, at one-port and all-port, small and large messages
# (make bandwidth-doc; about 15 minutes on 2 cores).
set -euo pipefail
ns=${1:-build/app/netsched}
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
/usr/bin/python3 scripts/bandwidth-table.py "$ns" "$tmp"
{
  echo "# Where the papers stand: their schedules against the bandwidth and latency bounds"
  echo
  echo "Made by \`make bandwidth-doc\` (scripts/bandwidth-table.py) on $(date -u +%Y-%m-%d). For every seed"
  echo "family, each collective's default schedule (\`netsched gen NET COLLECTIVE\` without \`--bytes\`: the"
  echo "paper's algorithm where a paper gives one for the family, netsched's generic or textbook one"
  echo "otherwise) and the fastest checked schedule \`netsched gen --bytes\` finds, each costed in the"
  echo "alpha-beta model (1 µs, 1 GBps a link), as a multiple of the lower bound no schedule under that"
  echo "port model can beat: latency (steps) + bandwidth (the busiest port, a cut, the sum of"
  echo "distances, and for all-gather, reduce-scatter and broadcast the exact all-port cut bound of"
  echo "\`netsched prove bandwidth\`, docs/bandwidth.md). Bytes are per chunk as \`gen --bytes\` reads them"
  echo "(docs/cli.md): each node's block, the root's message, each all-reduce vector, each all-to-all"
  echo "pair. A default that needs more ports than the row's model is left out (—). The one-port"
  echo "rows' bound is a bound, not an optimum: one-port optima are not computed exactly."
  echo
  cat "$tmp"
} > docs/BANDWIDTH-TABLE.md
echo "wrote docs/BANDWIDTH-TABLE.md"
