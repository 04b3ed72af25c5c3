#!/usr/bin/env bash
# Imports every MSCCL-IR program of a directory (programs others published, kept outside the
# repository) and tabulates the verdicts: one line a file (verdict, seconds, the first line of
# the reason), then the counts. Usage: scripts/msccl-corpus.sh NETSCHED DIR [import options]
set -u
bin=$1; dir=$2; shift 2
declare -A count
total=0
for f in "$dir"/*.xml; do
  start=$(date +%s.%N)
  out=$(timeout 30 "$bin" msccl import "$f" "$@" 2>&1 >/dev/null); rc=$?
  secs=$(echo "$(date +%s.%N) - $start" | bc)
  case $rc in
    0) verdict=holds ;;
    1) verdict=$(echo "$out" | sed -n 's/.* is violated: \([a-z-]*\):.*/\1/p' | head -1) ;;
    4) verdict=unknown ;;
    124) verdict=timeout ;;
    *) verdict=refused ;;
  esac
  count[$verdict]=$(( ${count[$verdict]:-0} + 1 )); total=$((total + 1))
  printf '%-48s %-12s %6.2f s  %s\n' "$(basename "$f")" "$verdict" "$secs" "$(echo "$out" | head -1 | cut -c1-160)"
done
echo "---"
for k in "${!count[@]}"; do echo "$k ${count[$k]}"; done | sort
echo "total $total"
