#!/usr/bin/env bash
# Issue "bring your own network", performance: a 100,000-node, 10^6-link graph file loads, and
# `netsched info` (exact diameter, radius, average distance) is compared with python3-igraph's
# diameter() + average_path_length() on the same file, both on one core, side by side.
#
#   bench/file_graph_info.sh [NODES] [LINKS]      (defaults 100000 1000000)
#
# The graph: a random spanning tree plus random links (seeded, so every run reads the same file),
# written as a 0-based edge list. No symmetry helps on such a graph: netsched's info falls back to
# its bit-parallel BFS (64 sources per sweep, one bit each), which is what this measures.
set -euo pipefail
cd "$(dirname "$0")/.."
nodes=${1:-100000}
links=${2:-1000000}
ns=build/app/netsched
out=build/bench
mkdir -p "$out"
if ! /usr/bin/python3 -c 'import igraph' 2>/dev/null; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq python3-igraph >/dev/null
  else echo "bench needs python3-igraph: sudo apt-get install -y python3-igraph" >&2; exit 1; fi
fi
file="$out/random-$nodes-$links.edges"
/usr/bin/python3 - "$nodes" "$links" "$file" <<'PY'
import random, sys
n, m, path = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
rng = random.Random(2026)
edges = set()
for v in range(1, n):
    u = rng.randrange(v)
    edges.add((u, v))
while len(edges) < m:
    a, b = rng.randrange(n), rng.randrange(n)
    if a != b:
        edges.add((min(a, b), max(a, b)))
with open(path, "w") as f:
    for a, b in sorted(edges):
        f.write(f"{a} {b}\n")
PY
echo "== $file: $nodes nodes, $links links"
/usr/bin/time -f "netsched info --threads 1: %e s wall, %M KB" \
  "$ns" info "file(\"$file\")" --threads 1 --json > "$out/file-info.json"
/usr/bin/python3 -c '
import json, sys
j = json.load(open(sys.argv[1]))
print("netsched: diameter", j["diameter"], "radius", j["radius"], "avg distance %.6f" % j["avg_distance"],
      "| method", j["distance_method"], "| seconds", j["seconds"])' "$out/file-info.json"
/usr/bin/time -f "igraph diameter + average_path_length: %e s wall, %M KB" /usr/bin/python3 -c '
import sys, time, igraph
g = igraph.Graph.Read_Edgelist(sys.argv[1], directed=False)
t0 = time.perf_counter(); d = g.diameter(directed=False); t1 = time.perf_counter()
a = g.average_path_length(directed=False); t2 = time.perf_counter()
print("igraph: diameter", d, "avg distance %.6f" % a, "| diameter() %.1f s, average_path_length() %.1f s" % (t1 - t0, t2 - t1))' "$file"
