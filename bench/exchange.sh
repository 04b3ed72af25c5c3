#!/usr/bin/env bash
# The all-port total exchange off products: the balanced exchange's payload sum and time, and
# the link-length bound (`prove bandwidth SPEC total-exchange`) with its time and memory; with
# a second binary (an older build) its balanced exchange side by side, one run after the other.
# Usage: bench/exchange.sh [NETSCHED] [BASELINE_NETSCHED]
set -eu
ns=${1:-build/app/netsched}
base=${2:-}
specs=('dualcube(3)' 'ccc(3)' 'mesh(4,4)' 'hdn(torus(2,3), sn=[{0}])' 'mfc(ring(3),4,5)'
       'ccc(5)' 'hsn(4,hypercube(2))' 'dualcube(4)')
# "payload sum, seconds" of gen's balanced exchange
balanced() {
  /usr/bin/time -f '%e' "$1" gen "$2" total-exchange --algorithm balanced --check-only --json \
    2>/tmp/bench-exchange.time | python3 -c '
import json, sys
d = json.load(sys.stdin); assert d["ok"], "the schedule does not hold"
print(d["payload_sum"])'
  tail -1 /tmp/bench-exchange.time
}
echo "| network | bound (chunk times) | bound s, MB | balanced payload sum, s |${base:+ baseline payload sum, s | time ratio |}"
echo "|---|---:|---:|---:|${base:+---:|---:|}"
for spec in "${specs[@]}"; do
  bound=$(/usr/bin/time -f '%e %M' "$ns" prove bandwidth "$spec" total-exchange --json \
            2>/tmp/bench-exchange.time | python3 -c 'import json,sys; print("%.4g" % json.load(sys.stdin)["chunk_times"])')
  read -r bound_s bound_kb < <(tail -1 /tmp/bench-exchange.time)
  mapfile -t now < <(balanced "$ns" "$spec")
  row="| \`$spec\` | $bound | ${bound_s} s, $((bound_kb / 1024)) | ${now[0]}, ${now[1]} s |"
  if [ -n "$base" ]; then
    mapfile -t before < <(balanced "$base" "$spec")
    ratio=$(python3 -c "print(f'{${now[1]} / max(${before[1]}, 0.01):.2f}x')")
    row="$row ${before[0]}, ${before[1]} s | $ratio |"
  fi
  echo "$row"
done
