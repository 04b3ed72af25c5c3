#!/usr/bin/env bash
# Issue 83's oversized inputs, timed: each should be refused (or answered) from its spec or
# its file's header, before the work or memory is spent (bench/README.md, item 33). Prints the
# wall time, the peak resident memory and the exit code of each, under a 10 GB address-space
# limit (the memory budget is half of it) and a 120 s timeout.
# Usage: bench/estimates.sh [NETSCHED]   (run it for two builds side by side)
set -euo pipefail
bin=$(realpath "${1:-build/app/netsched}")
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# schedule files with a header and no steps: the header alone asks for the work
/usr/bin/python3 - "$dir" <<'PY'
import json, sys
def header(kind, topology, nodes, registers=0):
    j = {"format": "netsched-schedule", "version": 1, "topology": topology,
         "collective": {"kind": kind, "nodes": nodes, "root": 0}, "model": "one-port",
         "payloads": [], "steps": []}
    if registers:
        j["registers"] = ["r%d" % i for i in range(registers)]
    return json.dumps(j)
d = sys.argv[1]
open(d + "/te.json", "w").write(header("total-exchange", "torus(16384,16384)", 1 << 28))
open(d + "/bc.json", "w").write(header("broadcast", "hypercube(27)", 1 << 27))
open(d + "/ar.json", "w").write(header("all-reduce", "hypercube(20)", 1 << 20, 8192))
PY
measure() {
  local label=$1; shift
  local line
  line=$( (ulimit -v 10000000; /usr/bin/time -f "%e s, %M KB, exit %x" timeout 120 "$bin" "$@" \
           > /dev/null 2> "$dir/err") 2>&1; tail -1 "$dir/err")
  printf '%-34s %s\n' "$label" "$line"
}
measure "info torus(4194304)" info 'torus(4194304)'
measure "info hypercube(27)" info 'hypercube(27)'
measure "info ccc(18)" info 'ccc(18)'
measure "verify empty TE torus(16384,16384)" verify "$dir/te.json"
measure "verify empty broadcast hc(27)" verify "$dir/bc.json"
measure "verify 8192-register AR hc(20)" verify "$dir/ar.json"
measure "gen hc(27) broadcast --check-only" gen 'hypercube(27)' broadcast --check-only
measure "route hc(16) --all" route 'hypercube(16)' --all
measure "gen hc(12) TE --bytes 1 routed" gen 'hypercube(12)' total-exchange --bytes 1 --ports routed --check-only
measure "gen hc(9) TE --bytes 1 routed" gen 'hypercube(9)' total-exchange --bytes 1 --ports routed --check-only
