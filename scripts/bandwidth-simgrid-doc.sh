#!/usr/bin/env bash
# docs/BANDWIDTH-SIMGRID.md: at 1 MiB per node, on every network of docs/BANDWIDTH-RATIOS.md, the
# all-gather, reduce-scatter and all-reduce `gen --bytes` chooses against every MPI algorithm
# SMPI implements, on SimGrid; each chosen file also run under OpenMPI and exported to MSCCL-IR
# (make bandwidth-simgrid-doc; scripts/size-choice-table.py does the work).
set -euo pipefail
ns=${1:-build/app/netsched}
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
start=$(date +%s)
cache=${CASE_CACHE:-build/bandwidth-simgrid-cache}
# each simulation's figures are kept (scripts/size-choice-table.py says under what): a run
# stopped part way goes on, and a new binary re-times its own schedules, not MPI's algorithms
NETWORKS=$(/usr/bin/python3 scripts/bandwidth-ratios.py --networks) \
  COLLECTIVES=all-gather,reduce-scatter,all-reduce SIZES=1048576 \
  CASE_CACHE=$cache \
  /usr/bin/python3 scripts/size-choice-table.py "$ns" "$tmp"
minutes=$((($(date +%s) - start + 59) / 60))
unit=minutes
[ "$minutes" = 1 ] && unit=minute
{
  echo "# The bandwidth-optimal schedules at 1 MiB against MPI's algorithms, on SimGrid"
  echo
  echo "Made by \`make bandwidth-simgrid-doc\` (scripts/size-choice-table.py) on $(date -u +%Y-%m-%d)"
  echo "(the last run took $minutes $unit on 2 cores and redid only what the cache lacked, MPI's"
  echo "algorithms being most of an hour of simulation from an empty cache: $(/usr/bin/python3 scripts/size-choice-table.py --cache-note "$cache"))."
  echo "For every network of docs/BANDWIDTH-RATIOS.md (every seed family and"
  echo "three graph files) and each of all-gather, reduce-scatter and all-reduce at 1 MiB per node (a"
  echo "node's block; an all-reduce's vector), \`netsched gen NET COLL --bytes 1048576 --ports all-port\`"
  echo "chooses the checked schedule of least alpha-beta time (1 µs, 1 GBps), and \`netsched simulate\`"
  echo "times it and every algorithm SimGrid 3.32's SMPI implements for the collective on the same"
  echo "platform: a host per node, a split-duplex 1 GBps / 1 µs link per edge (a weighted link's"
  echo "bandwidth and latency its weight's multiple), balanced routes for every ordered pair, CM02"
  echo "model, computation not simulated; docs/SIZE-CHOICE.md states the method, docs/engines.md the"
  echo "model. A message of p pieces is simulated with 1 MiB / p bytes a piece, MPI's collective"
  echo "with the whole 1 MiB. An MPI algorithm with no time is named with simulate's one line why:"
  echo "SMPI refused it (an algorithm for some rank counts or datatypes only), or its simulation did"
  echo "not finish in 600 s: such a run is stopped, having printed SimGrid's clock on the way, and the column gives"
  echo "the simulated time the algorithm had run unfinished by then (the clock less the latest time"
  echo "a rank started timing), a lower bound on its time; the finding names those already slower"
  echo "than the schedule. A register collective's registers of 8 MiB a rank or more are shared by the"
  echo "simulated ranks (their values are then not checked; docs/engines.md), smaller ones private to"
  echo "each; MPI's algorithms allocate private temporaries of their own. Where those might exceed the"
  echo "memory budget, simulate times MPI's reduce-scatter, reduce and all-reduce algorithms by SMPI's trace"
  echo "replay (\`smpirun -replay\`: the same algorithm code with every buffer shared; within 0.12 % of"
  echo "running MPI's program where both fit, bench/README.md §26); so is an algorithm stopped for"
  echo "memory when run (simulate stops a run whose processes hold more than the budget), and one stopped"
  echo "at the timeout before it had run as long as the"
  echo "schedule (the replay simulates it faster: nothing is copied or reduced), and the finding names"
  echo "them; where the replay too is stopped at the timeout, the column gives the longer of the two"
  echo "unfinished times (both bound the same algorithm's time); an algorithm the replay aborts is run"
  echo "as MPI's program instead, held to the memory budget, and the finding names it. simulate refuses, before any run, a file whose"
  echo "ranks' private memory exceeds the memory budget, and the row says so (a family default's cell"
  echo "too). Each chosen file also ran under OpenMPI (\`netsched run\`, every rank's bytes"
  echo "compared with MPI's own collective) and went through MSCCL-IR: exported, the XML imported back"
  echo "and checked on the network."
  echo
  cat "$tmp"
} > docs/BANDWIDTH-SIMGRID.md
echo "wrote docs/BANDWIDTH-SIMGRID.md"
