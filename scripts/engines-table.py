#!/usr/bin/env python3
"""docs/ENGINES.md's table: the papers' algorithms against every MPI algorithm SMPI implements,
simulated by `netsched simulate` on the papers' networks (<= 1,024 nodes), two chunk sizes.
Usage: scripts/engines-table.py NETSCHED OUT.md   (make engines-doc)"""
import json, subprocess, sys, tempfile, os

CASES = [  # (network, collective): the papers' algorithms (gen's default on each family)
    ("torus(8,8)", "broadcast"), ("torus(8,8)", "total-exchange"),
    ("hypercube(7)", "broadcast"), ("hypercube(7)", "total-exchange"),
    ("dualcube(4)", "broadcast"), ("dualcube(4)", "total-exchange"), ("dualcube(4)", "all-gather"),
    ("hdn(hypercube(2), sn=[{0},{1}])", "broadcast"), ("hdn(hypercube(2), sn=[{0},{1}])", "total-exchange"),
]
SIZES = [1024, 65536]

def us(x):
    return "—" if x is None else f"{x * 1e6:,.1f}"

def main():
    ns, out = sys.argv[1], sys.argv[2]
    lines = ["| network | collective | algorithm | " + " | ".join(f"{m} B: µs" for m in SIZES) +
             " | " + " | ".join(f"{m} B: vs paper" for m in SIZES) + " |",
             "|---|---|---|" + "---:|" * (2 * len(SIZES))]
    summary = []
    with tempfile.TemporaryDirectory() as d:
        for net, coll in CASES:
            f = os.path.join(d, "s.json")
            subprocess.run([ns, "gen", net, coll, "-o", f], check=True, capture_output=True)
            r = subprocess.run([ns, "simulate", f, "--json", "--no-anchor", "--timeout", "300",
                                "--bytes", ",".join(map(str, SIZES))], capture_output=True, text=True)
            if not r.stdout.strip().startswith("{"):
                sys.exit(f"simulate failed on {net} {coll}: {r.stderr}")
            j = json.loads(r.stdout)
            rows = {}
            for row in j["rows"]:
                key = ("paper: " if row["what"] == "schedule" else "MPI ") + row["algorithm"]
                rows.setdefault(key, {})[row["bytes"]] = row.get("seconds")
            paper = [k for k in rows if k.startswith("paper: ")][0]
            for k in [paper] + sorted(k for k in rows if k != paper):
                t = rows[k]
                ratio = [("—" if t.get(m) is None or rows[paper].get(m) is None
                          else f"{t[m] / rows[paper][m]:.2f}") for m in SIZES]
                label = f"**{k}**" if k == paper else k
                lines.append(f"| {net} | {coll} | {label} | " + " | ".join(us(t.get(m)) for m in SIZES) +
                             " | " + " | ".join(ratio) + " |")
            for m in SIZES:
                mine = rows[paper].get(m)
                faster = sorted((t[m], k[4:]) for k, t in rows.items() if k != paper and t.get(m) is not None and t[m] < mine)
                best = min((t[m], k[4:]) for k, t in rows.items() if k != paper and t.get(m) is not None)
                summary.append(f"| {net} | {coll} | {paper[7:]} | {m} | {us(mine)} | {best[1]} {us(best[0])} | "
                               f"{len(faster)} of {sum(1 for k, t in rows.items() if k != paper and t.get(m) is not None)} |")
    head = ["| network | collective | paper algorithm | chunk B | paper µs | fastest MPI algorithm µs | MPI algorithms faster |",
            "|---|---|---|---:|---:|---|---:|"]
    with open(out, "w") as o:
        o.write("\n".join(head + summary) + "\n\nEvery algorithm (time in simulated µs; 'vs paper' is the "
                "MPI algorithm's time divided by the paper algorithm's, below 1 = MPI is faster; — = no time: SMPI "
                "refused the algorithm for this size or rank count, or its run took over the time limit):\n\n" + "\n".join(lines) + "\n")

main()
