#!/usr/bin/env bash
# Repair side by side: two netsched binaries (a build before a change to analysis/repair or
# analysis/retime, and after) on the same healthy schedules and faults, with hyperfine (3 runs
# after a warm-up): wall time of one repair and of a whole `sweep --faults`, and what each
# repair achieved (repaired and regenerated steps), so a speed-up is never bought with longer
# schedules unseen.
# Usage: bench/repair.sh BASE_BINARY NEW_BINARY (NEW must take sweep --threads)
set -euo pipefail
base=${1:?usage: bench/repair.sh BASE NEW}
new=${2:?usage: bench/repair.sh BASE NEW}
out=build/bench-repair
mkdir -p "$out"
. "$(dirname "$0")/side_by_side.sh"
hsn='hsn(3,hypercube(2))'
"$base" gen "$hsn" total-exchange -o "$out/hsn-te.json" >/dev/null
"$base" gen 'dualcube(3)' broadcast -o "$out/dc-b.json" >/dev/null
steps() {  # binary, schedule, faulty network: "repaired R, regenerated G"
  "$1" repair "$2" --network "$3" --json | /usr/bin/python3 -c 'import json, sys
d = json.load(sys.stdin)
print("repaired", d["repaired"]["steps"], "steps, regenerated", d["regenerated"]["steps"])'
}
f45="faulty($hsn, links=[{45,47}])"
run "repair hsn(3,Q2) TE, link {45,47}" "BIN repair $out/hsn-te.json --network '$f45'"
echo "  base: $(steps "$base" "$out/hsn-te.json" "$f45");  new: $(steps "$new" "$out/hsn-te.json" "$f45")"
f13="faulty(dualcube(3), links=[{1,3}])"
run "repair dualcube(3) broadcast, link {1,3}" "BIN repair $out/dc-b.json --network '$f13'"
echo "  base: $(steps "$base" "$out/dc-b.json" "$f13");  new: $(steps "$new" "$out/dc-b.json" "$f13")"
run "sweep --faults hsn(3,Q2) TE (112 links)" \
  "BIN sweep '$hsn' --faults --no-plot -o $out/sweep"
hdn='hdn(torus(2,3,5), sn=[{0,1},{1,2}])'
run "sweep --faults HDN broadcast, 47 links" \
  "BIN sweep --faults '$hdn' --collective broadcast --sample-links 40 --no-plot -o $out/hdn"
# the same sweep by NEW alone, on one worker and on every core (--threads: NEW's only)
sweep_hdn="$new sweep --faults '$hdn' --collective broadcast --sample-links 40 --no-plot"
run_pair "NEW sweep --faults HDN broadcast, 47 links" \
  one "$sweep_hdn --threads 1 -o $out/hdn1" every "$sweep_hdn -o $out/hdn2"
cmp "$out/hdn1.json" "$out/hdn2.json" && echo "  the rows of one worker and of every core are identical"
