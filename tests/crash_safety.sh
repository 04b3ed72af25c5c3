#!/usr/bin/env bash
# Crash-safety of -o, measured: `gen` is killed with SIGKILL at random points while it
# overwrites an existing file of the 1,620,000-node broadcast (in columns: a 24 MB file, whose
# temporary lives about 40 ms, so that kills just after it appears can land while it is written;
# each kill's line says whether the writer had already finished). After every kill the old file
# must be byte-identical (rename(2) is the only step that touches it), and after the next
# complete run no temporary file may be left in the directory (stale ones of dead writers are
# removed). Usage: tests/crash_safety.sh NETSCHED [KILLS]
set -eu
ns=$1; kills=${2:-8}
dir=$(mktemp -d); trap 'rm -rf "$dir"' EXIT
spec='hdn(torus(2,3,5), sn=[{0},{}])'
out="$dir/bcast.json"
"$ns" gen "$spec" broadcast --step-form columns -o "$out" > /dev/null
want=$(sha256sum < "$out")
start=$(date +%s%N); "$ns" gen "$spec" broadcast --step-form columns --root 1 -o "$dir/timing.json" > /dev/null
full_ms=$(( ($(date +%s%N) - start) / 1000000 )); rm -f "$dir/timing.json"
RANDOM=42
for i in $(seq "$kills"); do
  "$ns" gen "$spec" broadcast --step-form columns --root 1 -o "$out" > /dev/null 2>&1 & pid=$!
  if (( i % 2 )); then  # odd kills at a random time of the whole run
    delay_ms=$(( RANDOM % (full_ms + 1) ))
    sleep "$((delay_ms / 1000)).$(printf '%03d' $((delay_ms % 1000)))"
  else  # even kills while the temporary is being written
    while kill -0 "$pid" 2>/dev/null && ! ls "$dir" | grep -q "bcast.json.tmp.$pid"; do sleep 0.01; done
    delay_ms=$(( RANDOM % 30 ))
    sleep "0.$(printf '%03d' "$delay_ms")"
    delay_ms="temp+$delay_ms"
  fi
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
  now=$(sha256sum < "$out") state="target intact"
  if [ "$now" != "$want" ]; then
    # the writer may have finished before the kill: then the file is the complete new one
    "$ns" verify "$out" > /dev/null || { echo "kill $i after ${delay_ms} ms: $out is damaged"; exit 1; }
    want=$now state="the writer had finished: the new file, verified"
  fi
  echo "kill $i after ${delay_ms} ms (a full run: ${full_ms} ms): $state, temporaries left: $(ls "$dir" | grep -c '\.tmp\.' || true)"
done
"$ns" gen "$spec" broadcast --step-form columns -o "$out" > /dev/null
left=$(ls "$dir" | grep '\.tmp\.' || true)
[ -z "$left" ] || { echo "temporaries left after a complete run: $left"; exit 1; }
"$ns" verify "$out" > /dev/null
echo "crash safety: $kills kills, the target always intact, no temporary left"
