#!/usr/bin/env bash
# Scale (docs/cli.md "verify"; ARCHITECTURE.md "Verification by symmetry"), side by side:
#  1. the 129,600-node HDN total exchange hdn(torus(2,3,5), sn=[{2},{0}]) (Table 1): gen
#     (generate, check, write), then verify of the same file with the symmetric walk and with the
#     full block walk on 2 MPI ranks (the baseline, ~4 min; --no-full skips it);
#  2. the 810,000-node HDN total exchange hdn(torus(2,3,5), sn=[{0},{0}]) (6.6e11 messages)
#     generated, checked by symmetry and written in rule form (gen), then verified from the file;
#  3. netsched-verify-mpi on 1 and 2 ranks (1 thread each) on the 43,200-node exchange;
#  4. the packed exchange on the 100,000-node torus(50,50,40), translation form, by symmetry;
#  5. the 6,480,000-node HDN broadcast written as rules (default) and as columns, and verified.
# Wall time and peak memory from /usr/bin/time. Usage: bench/scale.sh [build/app/netsched] [--no-full]
set -euo pipefail
ns=${1:-build/app/netsched}
full=${2:-}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
t() { /usr/bin/time -f "    %e s wall, %M KB peak" "$@"; }
echo "== 1. 129,600-node HDN total exchange"
t "$ns" gen 'hdn(torus(2,3,5), sn=[{2},{0}])' total-exchange -o "$out/h129.json" | head -3
echo "    file: $(stat -c %s "$out/h129.json") bytes"
echo "  verify --engine symmetric:"
t "$ns" verify "$out/h129.json" --engine symmetric | sed -n 2,3p
mpi=$(dirname "$ns")/netsched-verify-mpi
root=(); [ "$(id -u)" = 0 ] && root=(--allow-run-as-root)
if [ "$full" != "--no-full" ]; then
  # the serial block engine refuses this file (N x ceil(N/64) x (steps+1) > 2^33); 2 ranks halve it
  echo "  the full block walk on 2 MPI ranks (the baseline, ~4 min):"
  t mpirun "${root[@]}" -np 2 "$mpi" "$out/h129.json" | sed -n 2p
fi
echo "== 2. 810,000-node HDN total exchange, generated, checked by symmetry, written as rules"
t "$ns" gen 'hdn(torus(2,3,5), sn=[{0},{0}])' total-exchange -o "$out/h810.json" | head -3
echo "    file: $(stat -c %s "$out/h810.json") bytes"
echo "  verify of that file (read, rules expanded, checked by symmetry):"
t "$ns" verify "$out/h810.json" | sed -n 2,3p
rm -f "$out/h810.json"
echo "== 3. the distributed block check: 1 and 2 MPI ranks (1 thread each) on the 43,200-node HDN exchange"
"$ns" gen 'hdn(torus(2,3,5), sn=[{2},{0,1}])' total-exchange -o "$out/h43.json" | head -1
for np in 1 2; do
  /usr/bin/time -f "    $np rank(s): %e s wall" mpirun "${root[@]}" --oversubscribe -np $np "$mpi" "$out/h43.json" | sed -n 2p
done
echo "== 4. the packed exchange on the 100,000-node torus(50,50,40) (translation form), generated and checked by symmetry"
t "$ns" gen 'torus(50,50,40)' total-exchange --algorithm packed --check-only | head -2
echo "== 5. the 6,480,000-node HDN broadcast hdn(torus(2,3,5), sn=[{},{}]): rules vs columns"
for form in auto columns; do
  t "$ns" gen 'hdn(torus(2,3,5), sn=[{},{}])' broadcast --step-form $form -o "$out/b.json" | head -1
  echo "    --step-form $form: file $(stat -c %s "$out/b.json") bytes; verify:"
  t "$ns" verify "$out/b.json" | sed -n 2p
done
