#!/usr/bin/env bash
# Real engines (docs/engines.md), side by side:
#  1. simulate a 1,024-rank total exchange on hypercube(10): the paper's dimension exchange and
#     four of MPI's alltoall algorithms (all 19 take far longer: pair_rma alone runs over 7 min),
#     1 KiB chunks — wall time of the paper's run alone and of the whole command; then
#     basic_linear, which SMPI does not finish at this size, by its S4U replay;
#  2. the executor's own overhead on OpenMPI: 64 ranks, a total exchange on hypercube(6), the
#     executor's wall time, its local bookkeeping (resolve, encode, accept; max over ranks) and
#     a plain MPI_Alltoall of the same bytes in the same job, median of 5 runs.
# Usage: bench/engines.sh [build/app/netsched]
set -euo pipefail
ns=${1:-build/app/netsched}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
echo "== 1. simulate: 1,024-rank total exchange on hypercube(10), 1 KiB chunks"
"$ns" gen 'hypercube(10)' total-exchange --algorithm dimension-exchange -o "$out/te1024.json" | head -1
/usr/bin/time -f "  the paper's schedule alone: %e s wall, %M KB peak" "$ns" simulate "$out/te1024.json" --bytes 1024 --no-anchor --algorithms none > /dev/null
/usr/bin/time -f "  with bruck, pair, ompi, mpich (2 smpirun at a time): %e s wall, %M KB peak" \
  "$ns" simulate "$out/te1024.json" --bytes 1024 --no-anchor --algorithms bruck,pair,ompi,mpich
/usr/bin/time -f "  with basic_linear (S4U replay above 128 ranks): %e s wall, %M KB peak" \
  "$ns" simulate "$out/te1024.json" --bytes 1024 --no-anchor --algorithms basic_linear --jobs 1
echo "== 2. executor overhead on OpenMPI: 64 ranks, total exchange on hypercube(6), 4 KiB chunks, median of 5"
"$ns" gen 'hypercube(6)' total-exchange --algorithm dimension-exchange -o "$out/te64.json" | head -1
for i in 1 2 3 4 5; do
  "$ns" run "$out/te64.json" --bytes 4096 --json
done > "$out/runs.jsonl"
python3 - "$out/runs.jsonl" <<'PY'
import json, statistics, sys
runs = [json.loads(l) for l in open(sys.argv[1]) if l.startswith("{")]
med = lambda k: statistics.median(r[k] for r in runs)
print(f"  all passed: {all(r['pass'] for r in runs)} ({len(runs)} runs)")
print(f"  executor (schedule) wall : {med('schedule_seconds')*1e3:8.3f} ms")
print(f"  of which local bookkeeping: {med('local_seconds_max')*1e3:8.3f} ms (max over ranks)")
print(f"  plain MPI_Alltoall       : {med('mpi_seconds')*1e3:8.3f} ms")
print(f"  ratio executor / MPI_Alltoall: {med('schedule_seconds')/med('mpi_seconds'):.2f}")
PY
