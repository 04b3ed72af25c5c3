#!/usr/bin/env bash
# Foundation benchmarks. Usage: bench/run.sh [path/to/netsched]
# Prints a table; every figure comes from this run, side by side with its baseline.
set -euo pipefail
ns=${1:-build/app/netsched}
out=build/bench
mkdir -p "$out"
if ! /usr/bin/python3 -c 'import igraph' 2>/dev/null; then
  if [ "$(id -u)" = 0 ]; then apt-get install -y -qq python3-igraph >/dev/null
  else echo "bench needs python3-igraph: sudo apt-get install -y python3-igraph" >&2; exit 1; fi
fi
wall() { /usr/bin/time -f "%e %M" "$@" 2>&1 >/dev/null | tail -1; }

echo "== 1. exact diameter of hdn(torus(2,3,5), sn=[{0,1},{1,2}]) (12,000 nodes): netsched vs igraph"
spec='hdn(torus(2,3,5), sn=[{0,1},{1,2}])'
"$ns" export "$spec" --format edgelist -o "$out/hdn12000.edges"
read -r ig_d ig_s < <(/usr/bin/python3 bench/igraph_diameter.py "$out/hdn12000.edges")
best=999
for _ in 1 2 3; do
  read -r s _ < <(wall "$ns" info "$spec" --json)
  best=$(echo "$s $best" | awk '{print ($1<$2)?$1:$2}')
done
ns_d=$("$ns" info "$spec" --json | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["diameter"])')
echo "igraph Graph.diameter(): diameter $ig_d in ${ig_s}s (diameter call only)"
echo "netsched info (all facts, whole process, best of 3): diameter $ns_d in ${best}s"
awk -v a="$ig_s" -v b="$best" 'BEGIN{printf "speed-up: %.1fx\n", a/(b>0?b:0.001)}'

echo
echo "== 2. netsched info, every Table 1 entry up to 1,080,000 nodes (B = torus(2,3,5))"
printf "%-40s %10s %6s %8s %9s %9s\n" spec nodes orbits diameter seconds peak_MB
sets=('{}' '{0}' '{1}' '{2}' '{0,1}' '{0,2}' '{1,2}' '{0,1,2}')
for s1 in "${sets[@]}"; do
  specs=("hdn(torus(2,3,5), sn=[$s1])")
  for s2 in "${sets[@]}"; do specs+=("hdn(torus(2,3,5), sn=[$s1,$s2])"); done
  for spec in "${specs[@]}"; do
    n=$("$ns" info --basic --json "$spec" | /usr/bin/python3 -c 'import json,sys; print(json.load(sys.stdin)["nodes"])')
    [ "$n" -le 1080000 ] || continue
    read -r s kb < <(wall "$ns" info --json "$spec")
    facts=$("$ns" info --json "$spec" | /usr/bin/python3 -c 'import json,sys; j=json.load(sys.stdin); print(j["vertex_orbits"], j["diameter"])')
    printf "%-40s %10s %6s %8s %9s %9s\n" "$spec" "$n" ${facts} "$s" "$((kb / 1024))"
  done
done

echo
echo "== 3. the largest Table 1 entry, 6,480,000 nodes: nodes, edges, degree"
read -r s kb < <(wall "$ns" info --basic 'hdn(torus(2,3,5), sn=[{},{}])')
echo "netsched info --basic: ${s}s, peak ${kb} KB"

echo
echo "== 4. route --all on hdn(torus(2,3,5), sn=[{0,1},{1,2}]): 1.44e8 ordered pairs, each route checked hop by hop and against BFS"
read -r s kb < <(wall "$ns" route 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])' --all)
echo "netsched route --all: ${s}s, peak ${kb} KB"
read -r s kb < <(wall "$ns" route 'hdn(torus(2,3,5), sn=[{0,1},{1,2}])' --all --algorithm bfs)
echo "baseline, same sweep with BFS shortest-path routes: ${s}s, peak ${kb} KB"

echo
echo "== 5. broadcast on hdn(torus(2,3,5), sn=[{},{}]) (6,480,000 nodes): gen + verify"
read -r s1 kb1 < <(wall "$ns" gen 'hdn(torus(2,3,5), sn=[{},{}])' broadcast -o "$out/bcast6480000.json")
read -r s2 kb2 < <(wall "$ns" verify "$out/bcast6480000.json")
echo "gen ${s1}s (peak ${kb1} KB), verify ${s2}s (peak ${kb2} KB), file $(stat -c %s "$out/bcast6480000.json") bytes"
rm -f "$out/bcast6480000.json"

echo
echo "== 6. Z3 anchors (SCCL left the second undecided after 550 s and never reached the third)"
for args in "hypercube(3) broadcast --steps 2" "hypercube(5) broadcast --steps 4" "hypercube(6) broadcast" "hypercube(3) total-exchange"; do
  read -r s kb < <(wall "$ns" prove min-steps $args)
  echo "prove min-steps $args: ${s}s ($("$ns" prove min-steps $args | head -1))"
done

echo
echo "== 7. prove route: all pairs at once by Z3, against checking every route one by one"
for spec in 'dualcube(7)' 'rdn(hypercube(3),2)'; do
  read -r s kb < <(wall "$ns" prove route "$spec" --timeout 600)
  read -r s2 kb2 < <(wall "$ns" route "$spec" --all)
  echo "$spec: prove route ${s}s (peak ${kb} KB); baseline route --all (every pair hop by hop) ${s2}s"
done
for spec in 'dualcube(8)' 'rdn(hypercube(4),2)'; do
  read -r s kb < <(wall "$ns" prove route "$spec" --timeout 600)
  echo "$spec: prove route ${s}s (peak ${kb} KB): $("$ns" prove route "$spec" --timeout 600 | head -1 | cut -c1-60)"
done

echo
echo "== 8. total exchange on hdn(torus(2,3,5), sn=[{0,1},{1,2}]) (12,000 nodes, 1.44e8 messages): gen + verify"
spec='hdn(torus(2,3,5), sn=[{0,1},{1,2}])'
read -r s1 kb1 < <(wall "$ns" gen "$spec" total-exchange -o "$out/te12000.json")
read -r s2 kb2 < <(wall "$ns" verify "$out/te12000.json")
echo "gen (generate + block check + write) ${s1}s (peak ${kb1} KB), verify (read + block check) ${s2}s (peak ${kb2} KB), file $(stat -c %s "$out/te12000.json") bytes"
"$ns" verify "$out/te12000.json" | sed -n 2p
rm -f "$out/te12000.json"
echo "baseline: the dense simulator (node x chunk table) against the block engine, same files"
for spec in 'hdn(torus(2,3,5), sn=[{0,1}])' 'dualcube(5)' 'hypercube(9)'; do
  "$ns" gen "$spec" total-exchange -o "$out/te.json" >/dev/null
  read -r sd kbd < <(wall "$ns" verify "$out/te.json" --engine dense)
  read -r sb kbb < <(wall "$ns" verify "$out/te.json" --engine blocks)
  echo "$spec: dense ${sd}s (peak ${kbd} KB), blocks ${sb}s (peak ${kbb} KB)"
done
rm -f "$out/te.json"
