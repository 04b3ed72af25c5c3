#!/usr/bin/env bash
# Dataflow against steps: the same schedule file run by netsched-exec under SimGrid in steps and
# as dataflow (`simulate --dataflow`: no step boundary, each message leaves once its chunks are
# in and its link is free; docs/engines.md), on the papers' networks and netsched's own
# algorithms, at two chunk sizes. Times are simulated (1 GBps / 1 µs links, CM02), so they do not
# depend on this machine; the table gives both, their ratio, and the dataflow model's prediction
# (analysis/async_cost.hpp dataflow_time) beside the dataflow run.
# Usage: bench/dataflow.sh [build/app/netsched]
set -euo pipefail
ns=${1:-build/app/netsched}
out=build/bench-dataflow
mkdir -p "$out"
cases=(
  "hypercube(3)|total-exchange|a2"
  "torus(4,4)|total-exchange|a2"
  "hypercube(6)|total-exchange|a2"
  "hypercube(6)|total-exchange|greedy"
  "hypercube(6)|total-exchange|balanced"
  "dualcube(3)|total-exchange|dualcube-exchange"
  "dualcube(3)|total-exchange|balanced"
  "hdn(hypercube(1), sn=[{0},{0}])|total-exchange|hdn"
  "ccc(3)|total-exchange|greedy"
  "torus(8,8)|all-gather|tree-all-gather"
  "hypercube(6)|all-gather|recursive-doubling"
  "hypercube(6)|all-gather|packed-trees"
  "hsn(2,hypercube(2))|broadcast|rhfc-broadcast"
)
echo "| network | collective | algorithm | payloads | chunk B | steps µs | dataflow µs | dataflow / steps | dataflow model µs |"
echo "|---|---|---|---|---:|---:|---:|---:|---:|"
i=0
for c in "${cases[@]}"; do
  IFS='|' read -r net coll alg <<<"$c"
  f="$out/case$i.json"
  i=$((i + 1))
  "$ns" gen "$net" "$coll" --algorithm "$alg" -o "$f" >/dev/null
  "$ns" simulate "$f" --bytes 1024,65536 --algorithms none --no-anchor --dataflow --json |
    /usr/bin/python3 -c '
import json, sys
net, coll, alg, path = sys.argv[1:]
d = json.load(sys.stdin)
kind = "selectors" if any(isinstance(p, dict) for p in json.load(open(path))["payloads"]) else "listed"
rows = {(r["bytes"], r["execution"]): r["seconds"] for r in d["rows"] if r["what"] == "schedule"}
model = {x["bytes"]: x["seconds"] for x in d["dataflow_model"]}
for m in sorted({b for b, _ in rows}):
    s, f = rows[(m, "steps")], rows[(m, "dataflow")]
    print(f"| {net} | {coll} | {alg} | {kind} | {m:,} | {s * 1e6:,.1f} | {f * 1e6:,.1f} | {f / s:.2f} | {model[m] * 1e6:,.1f} |")
' "$net" "$coll" "$alg" "$f"
done
