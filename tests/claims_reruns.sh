#!/usr/bin/env bash
# Every claim's re-run command in docs/CLAIMS.md, run as printed (with `netsched` the build's
# binary): each must exit 0. `make claims` keeps docs/CLAIMS.md equal to what the claims print,
# so these are the commands a reader of the errata report copies. Two at a time.
# Usage: tests/claims_reruns.sh NETSCHED SOURCE_DIR
set -u
ns=$(realpath "$1") src=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
grep -o 'Re-run:\*\* `netsched [^`]*`' "$src/docs/CLAIMS.md" | sed -E 's/^Re-run:\*\* `netsched //; s/`$//' \
  > "$dir/all"
claims=$(wc -l < "$dir/all")
[ "$claims" -gt 100 ] || { echo "only $claims re-run commands found in docs/CLAIMS.md"; exit 1; }
sort -u "$dir/all" > "$dir/commands"
count=$(wc -l < "$dir/commands")
export ns dir
run() {
  cd "$dir" && bash -c "\"\$ns\" $1" > /dev/null 2> "$dir/err.$$" < /dev/null
  local rc=$?
  [ "$rc" = 0 ] || echo "exit $rc: netsched $1: $(head -c 300 "$dir/err.$$")"
  rm -f "$dir/err.$$"
}
export -f run
failures=$(tr '\n' '\0' < "$dir/commands" | xargs -0 -P 2 -I{} bash -c 'run "$1"' _ {})
if [ -n "$failures" ]; then
  echo "$failures"
  exit 1
fi
echo "claims: the re-run commands of all $claims claims in docs/CLAIMS.md ($count distinct) run"
