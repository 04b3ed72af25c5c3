#!/usr/bin/env bash
# The routed all-to-all at 1 MiB a node on the three seed networks of docs/SIZE-CHOICE.md: what
# `gen --bytes --ports routed` chooses, and SimGrid's time for it beside MPI's basic_linear (the
# fastest MPI all-to-all there at 1 MiB) and beside the all-port choice (`--ports all-port`), on
# the same platform (balanced routes, 1 GBps / 1 µs links). About a minute on 2 cores.
# Usage: bench/routed.sh [NETSCHED]
set -eu
ns=${1:-build/app/netsched}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
echo "| network | chunk B | routed choice | simulated µs | all-port choice | simulated µs | basic_linear µs | basic_linear / routed |"
echo "|---|---:|---|---:|---|---:|---:|---:|"
for spec in 'hypercube(6)' 'torus(8,8)' 'dualcube(3)'; do
  nodes=$("$ns" info "$spec" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')
  m=$((1048576 / nodes))
  row="| \`$spec\` | $m |"
  for ports in routed all-port; do
    "$ns" gen "$spec" total-exchange --bytes "$m" --ports "$ports" -o "$dir/$ports.json" --json \
      > "$dir/$ports.gen"
    "$ns" simulate "$dir/$ports.json" --bytes "$m" --algorithms basic_linear --no-anchor --json \
      > "$dir/$ports.sim"
    row="$row $(python3 - "$dir/$ports.gen" "$dir/$ports.sim" <<'PY'
import json, sys
chosen = json.load(open(sys.argv[1]))["chosen"]
rows = json.load(open(sys.argv[2]))["rows"]
mine = [r for r in rows if r["what"] == "schedule"][0]
assert mine["pass"], mine
print(f"`{chosen}` | {mine['seconds'] * 1e6:.2f} |", end="")
PY
)"
  done
  row="$row $(python3 - "$dir/routed.sim" <<'PY'
import json, sys
rows = json.load(open(sys.argv[1]))["rows"]
mine = [r for r in rows if r["what"] == "schedule"][0]["seconds"]
mpi = [r for r in rows if r["what"] == "mpi" and r["algorithm"] == "basic_linear"][0]["seconds"]
print(f"{mpi * 1e6:.2f} | {mpi / mine:.4f}x |", end="")
PY
)"
  echo "$row"
done
