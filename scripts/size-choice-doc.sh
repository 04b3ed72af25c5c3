#!/usr/bin/env bash
# docs/SIZE-CHOICE.md: the schedule `gen --bytes` chooses from 8 B to 8 MiB per node against every
# MPI algorithm SMPI implements and the family default, on SimGrid, and at 1 MiB its OpenMPI run
# with bytes checked (make size-choice-doc; 60 to 80 minutes on 2 cores from an empty cache).
set -euo pipefail
ns=${1:-build/app/netsched}
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
start=$(date +%s)
# each simulation's figures are kept (scripts/size-choice-table.py says under what): a run
# stopped part way goes on, and a new binary re-times its own schedules, not MPI's algorithms
cache=${CASE_CACHE:-build/size-choice-cache}
CASE_CACHE=$cache /usr/bin/python3 scripts/size-choice-table.py "$ns" "$tmp"
minutes=$((($(date +%s) - start + 59) / 60))
unit=minutes
[ "$minutes" = 1 ] && unit=minute
{
  echo "# The fastest checked schedule for a size, against MPI's algorithms"
  echo
  echo "Made by \`make size-choice-doc\` (scripts/size-choice-table.py) on $(date -u +%Y-%m-%d)"
  echo "(the last run took $minutes $unit on 2 cores, redoing only what the cache lacked: a run"
  echo "from an empty cache takes 60 to 80 minutes; $(/usr/bin/python3 scripts/size-choice-table.py --cache-note "$cache"))."
  echo "For each network, collective and message size, \`netsched gen NET COLLECTIVE"
  echo "--bytes M --ports routed\` (1 µs, 1 GBps; routed because a SimGrid host sends on all its"
  echo "links at once and its network carries a message between any two hosts on its route, as MPI's"
  echo "algorithms use it: the budget admits every all-port schedule and the routed ones, \`direct\`"
  echo "and \`routed-bruck\`) generates, checks and costs every algorithm that applies and keeps the"
  echo "cheapest (on equal predicted times, the one of fewer steps). The size is per node: the root's broadcast message, each node's"
  echo "all-gather block, a block of its reduce-scatter vector (which has N blocks), its all-reduce,"
  echo "reduce (to node 0) and prefix vector, its all-to-all send buffer (split over the N"
  echo "destinations, at least 1 byte each: at 8 B per node an all-to-all moves 1 byte per pair). The"
  echo "chosen schedule, the family's default schedule (\`gen\` without \`--bytes\`: the paper's algorithm"
  echo "where a paper gives one for the family) and every algorithm SimGrid 3.32's SMPI implements for"
  echo "the collective are simulated by \`netsched simulate\` on the same platform (a host per node, a"
  echo "split-duplex 1 GBps / 1 µs link per edge, balanced routes for every ordered pair, CM02 model;"
  echo "docs/engines.md), at the same size: a message of p pieces is simulated with M/p bytes a piece"
  echo "(equal whole pieces: bytes, or 8-byte lanes of an all-reduce vector; where the pieces do not"
  echo "divide M it is padded up to that, as gen --bytes costs it), MPI's"
  echo "collective with the whole M. 'predicted' is gen's alpha-beta time, 'lower"
  echo "bound' gen's latency + bandwidth bound for any schedule the routed budget admits (alpha-beta"
  echo "model, a routed step priced on its routes; SimGrid's fluid network is not held to it: its"
  echo "messages share links and overlap their latencies, which no step model prices). An MPI algorithm with"
  echo "no time is named in the last column with simulate's one line why: SMPI refused it (an"
  echo "algorithm for some rank counts or datatypes only), or its simulation did not finish in 600 s"
  echo "(with the simulated time it had run unfinished when stopped, a lower bound on its time);"
  echo "the fastest MPI algorithm is the fastest of those timed. Sizes stop at 8 MiB: at 64 MiB SMPI's"
  echo "segment-pipelined algorithms take over a minute of simulation each (on hypercube(6) NTSL,"
  echo "NTSL_Isend, NTSB, SMP_binary, flattree_pipeline, ompi_split_bintree and"
  echo "arrival_pattern_aware gave no time within 60 s), so a 64 MiB table would compare netsched"
  echo "with MPI's other algorithms only."
  echo
  cat "$tmp"
} > docs/SIZE-CHOICE.md
echo "wrote docs/SIZE-CHOICE.md"
