#!/usr/bin/env bash
# docs/FAULTS-TABLE.md: every single failed link of torus(4,4), hypercube(4), dualcube(3),
# hsn(3,hypercube(2)), one of each orbit of the 12,000-node HDN's total exchange, every link of its
# broadcast and 200 drawn at random for its all-reduce: the default schedules repaired and
# regenerated, and 20 sampled double faults each (make faults-doc; about 40 minutes on 2 cores).
set -euo pipefail
ns=${1:-build/app/netsched}
cd "$(dirname "$0")/.."
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
/usr/bin/python3 scripts/faults-table.py "$ns" "$tmp"
{
  echo "# What a single failed link costs: repaired against regenerated"
  echo
  echo "Made by \`make faults-doc\` (scripts/faults-table.py) on $(date -u +%Y-%m-%d), on $(nproc) cores. For each"
  echo "network and collective, \`netsched sweep --faults NET --collective C --every-link\` fails each"
  echo "link in turn, repairs the default schedule around it (docs/faults.md), checks the repair on the"
  echo "faulty network, generates the collective there from scratch with the default algorithm, and"
  echo "keeps the cheaper (unit cost: steps plus payload); the faults are repaired one a core at a"
  echo "time. The 12,000-node HDN's total exchange is repaired around one link of each orbit of the"
  echo "symmetries that map it onto itself (checked on its selectors; docs/faults.md), which covers"
  echo "every link; its broadcast is repaired around every one of its 42,000 links. Its all-reduce has"
  echo "no such symmetry among the family's candidates, and every link would take hours, so the sweep"
  echo "repairs 200 links drawn at random (\`--sample-links 200\`, seed 1), and its counts are of"
  echo "those links. Step ranges run over the links repaired; the lower bound is the faulty"
  echo "network's; the slowdown is the kept schedule's time over the healthy one's. 20 double faults"
  echo "(pairs of links drawn with seed 1) are sampled the same way; their worst slowdown is given with"
  echo "how many of them had a schedule. \"seconds\" is the sweep's wall time."
  echo
  cat "$tmp"
} > docs/FAULTS-TABLE.md
echo "wrote docs/FAULTS-TABLE.md"
