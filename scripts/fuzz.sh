#!/usr/bin/env bash
# Runs each libFuzzer harness: first over its committed corpus and regressions (a known crash
# fails at once), then for SECONDS of new inputs. Usage: scripts/fuzz.sh BUILD SECONDS HARNESS...
# fuzz_X reads fuzz/corpus/X (seeds) and fuzz/corpus/X-regressions (inputs that once crashed)
# with the dictionary fuzz/X.dict. Harnesses run FUZZ_JOBS at a time (default: the cores), each
# on one core. Exit 1 on any finding; its input is in BUILD/findings.
set -eu
build=$1; seconds=$2; shift 2
root=$(cd "$(dirname "$0")/.." && pwd)
jobs=${FUZZ_JOBS:-$(nproc)}
mkdir -p "$build/findings"

# A failure's report: the sanitizer's own first lines (what and where), then the tail (the input).
failure() {
  grep -m1 -A24 -E '^==[0-9]+==ERROR|runtime error|deadly signal|out-of-memory|timeout after' "$1" || true
  echo "..."
  tail -8 "$1"
}

fuzz_one() {
  local h=$1 name=${1#fuzz_}
  local work="$build/corpus-$name"
  mkdir -p "$work"
  local seeds=("$root/fuzz/corpus/$name")
  [ -d "$root/fuzz/corpus/$name-regressions" ] && seeds+=("$root/fuzz/corpus/$name-regressions")
  "$build/fuzz/$h" -runs=0 -timeout=10 -rss_limit_mb=2048 "${seeds[@]}" > "$build/$h.replay.log" 2>&1 ||
    { failure "$build/$h.replay.log"; echo "fuzz: $h fails on a committed input"; return 1; }
  "$build/fuzz/$h" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
    -dict="$root/fuzz/$name.dict" -artifact_prefix="$build/findings/$name-" -print_final_stats=1 \
    "$work" "${seeds[@]}" > "$build/$h.log" 2>&1 ||
    { failure "$build/$h.log"; echo "fuzz: $h found an input that fails; see $build/findings"; return 1; }
  echo "fuzz: $h, replayed ${seeds[*]#$root/}, then ${seconds} s"
  grep -E '^stat::(number_of_executed_units|average_exec_per_sec|slowest_unit_time_sec|peak_rss_mb)' \
    "$build/$h.log" | sed "s/^/  /"
}

# Each harness's report is printed whole once all have ended; any failure fails the run.
export build seconds root
export -f fuzz_one failure
status=0
printf '%s\n' "$@" | xargs -P "$jobs" -I{} bash -c 'fuzz_one "$1" > "$build/$1.report" 2>&1' _ {} ||
  status=1
for h in "$@"; do cat "$build/$h.report"; done
exit $status
