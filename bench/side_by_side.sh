# Sourced by the side-by-side benchmarks (bench/compare.sh, bench/repair.sh,
# bench/bandwidth_scale.sh): `run NAME CMD` times CMD with BIN replaced by $base and by $new,
# `run_pair NAME LABEL_A CMD_A LABEL_B CMD_B` two commands of its own, each with hyperfine (3
# runs after a warm-up), keeps hyperfine's JSON in $out, and prints both means and the ratio
# of the second to the first.
command -v hyperfine >/dev/null || { [ "$(id -u)" = 0 ] && apt-get install -y -qq hyperfine >/dev/null; }
run_pair() {  # name, label and command, label and command
  local name=$1
  hyperfine --warmup 1 --runs 3 --export-json "$out/$name.json" \
    -n "$2" "$3" -n "$4" "$5" >/dev/null 2>&1
  /usr/bin/python3 - "$out/$name.json" "$name" "$2" "$4" <<'PY'
import json, sys
a, b = json.load(open(sys.argv[1]))["results"]
print(f"{sys.argv[2]:<44} {sys.argv[3]} {a['mean']:7.2f} ± {a['stddev']:.2f} s   {sys.argv[4]} {b['mean']:7.2f} ± {b['stddev']:.2f} s   {sys.argv[4]}/{sys.argv[3]} {b['mean']/a['mean']:.2f}")
PY
}
run() {  # name, then the command with BIN for the binary
  run_pair "$1" base "${2//BIN/$base}" new "${2//BIN/$new}"
}
