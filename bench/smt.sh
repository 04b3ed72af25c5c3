#!/usr/bin/env bash
# bench/README.md item 13: the Z3 checker (verify --smt) on schedules of growing encodings:
# time and peak memory of each check, and the encoding's size as netsched reports it; beside it,
# the simulator's check of the same file (the baseline) and the ratio.
# Usage: bench/smt.sh [path/to/netsched]
set -euo pipefail
ns=${1:-build/app/netsched}
out=build/bench/smt
mkdir -p "$out"
printf "%-40s %-15s %10s %8s %8s %8s %7s\n" schedule collective terms z3_s z3_MB sim_s ratio
run() {
  local spec=$1 coll=$2 f="$out/s.json"
  "$ns" gen "$spec" "$coll" -o "$f" >/dev/null
  local line
  line=$( { /usr/bin/time -f "TIME %e %M" "$ns" verify --smt "$f" --timeout 300 2>&1 || true; } | tr '\n' ' ')
  local secs mem
  secs=$(sed -E 's/.*TIME ([0-9.]+) ([0-9]+).*/\1/' <<<"$line")
  mem=$(sed -E 's/.*TIME ([0-9.]+) ([0-9]+).*/\2/' <<<"$line")
  local terms
  terms=$(sed -nE 's/.*would need ([0-9]+) terms.*/refused:\1/p; s/.* state variables, ([0-9]+) terms\).*/\1/p' <<<"$line")
  local sim
  sim=$( { /usr/bin/time -f "%e" "$ns" verify "$f" >/dev/null; } 2>&1 | tail -1)
  local ratio="—"  # a refused encoding has no check to compare
  [[ $terms == refused:* ]] || ratio=$(python3 -c "print(f'{$secs / max($sim, 0.01):.0f}x')")
  printf "%-40s %-15s %10s %8s %8d %8s %7s\n" "$spec" "$coll" "$terms" "$secs" $((mem / 1024)) "$sim" "$ratio"
}
run 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])' broadcast
run 'hypercube(12)' broadcast
run 'hypercube(16)' broadcast
run 'hypercube(18)' broadcast
run 'hypercube(20)' broadcast
run 'torus(10,10)' total-exchange
run 'hypercube(7)' total-exchange
run 'hypercube(8)' total-exchange
