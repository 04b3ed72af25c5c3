#!/usr/bin/env bash
# docs/BANDWIDTH-TABLE.md: the papers' schedules (each family's defaults) and netsched's fastest
# against the lower bounds, at one-port and all-port, small and large messages
# (make bandwidth-doc; about 15 minutes on 2 cores); and docs/BANDWIDTH-RATIOS.md: the all-port
# all-gather, reduce-scatter, all-reduce and broadcast against the exact bound (about 7 minutes).
# With --ratios-only as the second argument only docs/BANDWIDTH-RATIOS.md is made.
set -euo pipefail
ns=${1:-build/app/netsched}
only=${2:-}
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
if [ "$only" != "--ratios-only" ]; then
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
fi
/usr/bin/python3 scripts/bandwidth-ratios.py "$ns" "$tmp"
{
  echo "# All-gather, reduce-scatter, all-reduce and broadcast against the exact bandwidth bound"
  echo
  echo "Made by \`make bandwidth-doc\` (scripts/bandwidth-ratios.py) on $(date -u +%Y-%m-%d). For every"
  echo "seed family and three graph files netsched did not build (the Petersen graph; a random"
  echo "4-regular graph on 20 nodes, networkx's \`random_regular_graph(4, 20, seed=37)\`; and the NVLink"
  echo "topology of an 8-GPU DGX-1, links of weight 1 and 2: tests/data/graphs/README.md), the"
  echo "all-port bound of \`netsched prove bandwidth\` (docs/bandwidth.md) in blocks of the default"
  echo "bandwidth, and the checked schedule of least bandwidth term among \`netsched gen --bytes\`'s"
  echo "candidates at 1 GiB a block (an all-reduce: a vector of 1 GiB; a broadcast from node 0: a"
  echo "message of 1 GiB), all-port: its alpha-beta time"
  echo "less its steps' latencies, over the bound's time. The all-reduce's bound is that of"
  echo "all-reduces made as a reduce-scatter and then an all-gather (every all-reduce netsched"
  echo "generates for this size); the bound for any all-reduce, which gen --bytes prints, can be"
  echo "lower (docs/bandwidth.md)."
  echo
  cat "$tmp"
} > docs/BANDWIDTH-RATIOS.md
echo "wrote docs/BANDWIDTH-RATIOS.md"
