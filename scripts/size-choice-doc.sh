#!/usr/bin/env bash
# docs/SIZE-CHOICE.md: the schedule `gen --bytes` chooses at 1 MiB per node against every MPI
# algorithm SMPI implements, on SimGrid, and its OpenMPI run with bytes checked
# (make size-choice-doc; about 30 minutes on 2 cores).
set -euo pipefail
ns=${1:-build/app/netsched}
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
/usr/bin/python3 scripts/size-choice-table.py "$ns" "$tmp"
{
  echo "# The fastest checked schedule for a size, against MPI's algorithms"
  echo
  echo "Made by \`make size-choice-doc\` (scripts/size-choice-table.py) on $(date -u +%Y-%m-%d). For each"
  echo "network and collective, \`netsched gen NET COLLECTIVE --bytes M --ports all-port\` (1 µs, 1 GBps;"
  echo "all-port because a SimGrid host sends on all its links at once, as MPI's algorithms do there)"
  echo "generates, checks and costs every algorithm that applies and keeps the cheapest; M is 1 MiB per"
  echo "node: the root's broadcast message, each node's all-gather block, its all-reduce vector, its"
  echo "all-to-all send buffer (M/N to each"
  echo "destination). The chosen schedule and every algorithm SimGrid 3.32's SMPI implements for the"
  echo "collective are then simulated by \`netsched simulate\` on the same platform (a host per node, a"
  echo "split-duplex 1 GBps / 1 µs link per edge, balanced routes for every ordered pair, CM02 model;"
  echo "docs/engines.md), at the same message size: a vector all-reduce of p pieces is simulated with"
  echo "M/p bytes a piece, MPI_Allreduce with the whole M (a pieced broadcast likewise). 'predicted' is gen's alpha-beta time,"
  echo "'lower bound' gen's latency + bandwidth bound for any all-port step schedule (alpha-beta model;"
  echo "SimGrid's fluid network is not bound by it). The chosen file is"
  echo "also run under OpenMPI (\`netsched run\`, one rank per node, oversubscribed) with 4 KiB chunks"
  echo "(all-reduce: 512 B pieces), every rank's bytes compared with MPI's own collective."
  echo
  cat "$tmp"
} > docs/SIZE-CHOICE.md
echo "wrote docs/SIZE-CHOICE.md"
