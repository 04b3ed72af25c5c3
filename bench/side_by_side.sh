# Sourced by the side-by-side benchmarks (bench/compare.sh, bench/repair.sh): `run NAME CMD`
# times CMD with BIN replaced by $base and by $new, with hyperfine (3 runs after a warm-up),
# keeps hyperfine's JSON in $out, and prints both means and the ratio new/base.
command -v hyperfine >/dev/null || { [ "$(id -u)" = 0 ] && apt-get install -y -qq hyperfine >/dev/null; }
run() {  # name, then the command with BIN for the binary
  local name=$1 cmd=$2
  hyperfine --warmup 1 --runs 3 --export-json "$out/$name.json" \
    -n base "${cmd//BIN/$base}" -n new "${cmd//BIN/$new}" >/dev/null 2>&1
  /usr/bin/python3 - "$out/$name.json" "$name" <<'PY'
import json, sys
r = json.load(open(sys.argv[1]))["results"]
b, n = r[0], r[1]
print(f"{sys.argv[2]:<44} base {b['mean']:7.2f} ± {b['stddev']:.2f} s   new {n['mean']:7.2f} ± {n['stddev']:.2f} s   new/base {n['mean']/b['mean']:.2f}")
PY
}
