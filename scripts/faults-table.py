#!/usr/bin/env python3
"""docs/FAULTS-TABLE.md's body: every single failed link of the issue's networks (one per orbit of
their verified symmetries), the default total exchange, broadcast and all-reduce repaired around it and
regenerated, from `netsched sweep --faults --json`. Every number is computed here from that JSON.
Usage: scripts/faults-table.py NETSCHED OUT.md   (make faults-doc)"""
import json, os, subprocess, sys, tempfile, time

NETWORKS = ["torus(4,4)", "hypercube(4)", "dualcube(3)", "hsn(3,hypercube(2))",
            "hdn(torus(2,3,5), sn=[{0,1},{1,2}])"]
COLLECTIVES = ["total-exchange", "broadcast", "all-reduce"]
DOUBLES = 20  # double faults sampled per network and collective (seed 1)


def sweep(ns, d, net, coll):
    start = time.monotonic()
    r = subprocess.run([ns, "sweep", "--faults", net, "--collective", coll, "--double-faults",
                        str(DOUBLES), "-o", os.path.join(d, "f"), "--no-plot", "--json"],
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"sweep --faults {net} {coll} failed ({r.returncode}): {r.stderr}")
    return json.loads(r.stdout), time.monotonic() - start


def span(values):
    values = [v for v in values if v is not None]
    if not values:
        return "—"
    lo, hi = min(values), max(values)
    return f"{lo}" if lo == hi else f"{lo}–{hi}"


def row(net, coll, all_rows, seconds):
    rows = [r for r in all_rows if "second_link" not in r]
    doubles = [r.get("slowdown") for r in all_rows if "second_link" in r]
    doubles = [x for x in doubles if x is not None]
    worst2 = f"{max(doubles):.2f}x ({len(doubles)})" if doubles else "—"
    links = sum(r["orbit_size"] for r in rows)
    repaired = [r for r in rows if r.get("repaired_steps") is not None]
    if not repaired:
        return (f"| {net} | {coll} | {links} ({len(rows)}) | {rows[0]['healthy_steps']} | "
                f"not repaired: {rows[0]['note']} | | | | | {worst2} | {seconds:.1f} |"), None
    both = [r for r in repaired if r.get("regenerated_steps") is not None]
    wins = sum(r["orbit_size"] for r in both if r.get("repaired_steps") <= r.get("regenerated_steps"))
    kept = sum(r["orbit_size"] for r in rows if r.get("chosen") == "repaired")
    worst = max((r.get("slowdown") for r in rows if r.get("slowdown") is not None), default=None)
    line = (f"| {net} | {coll} | {links} ({len(rows)}) | {rows[0]['healthy_steps']} | "
            f"{span(r.get('repaired_steps') for r in rows)} | "
            f"{span(r.get('regenerated_steps') for r in rows)} | {span(r.get('lower_bound') for r in rows)} | "
            f"{wins} of {sum(r['orbit_size'] for r in both)} | {kept} | "
            f"{'—' if worst is None else f'{worst:.2f}x'} | {worst2} | {seconds:.1f} |")
    return line, (wins, sum(r["orbit_size"] for r in both))


def main():
    ns, out = sys.argv[1], sys.argv[2]
    lines = ["| network | collective | links (orbits) | healthy steps | repaired steps | "
             "regenerated steps | lower bound | links where repaired ≤ regenerated | "
             "links where the repair is kept | worst slowdown (kept) | "
             "worst of the sampled double faults (with a schedule) | seconds |",
             "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    findings = []
    with tempfile.TemporaryDirectory() as d:
        for net in NETWORKS:
            for coll in COLLECTIVES:
                rows, seconds = sweep(ns, d, net, coll)
                line, counts = row(net, coll, rows, seconds)
                lines.append(line)
                if counts and counts[0] < counts[1]:
                    findings.append(f"{coll} on {net}: the repair takes more steps than "
                                    f"regenerating on {counts[1] - counts[0]} of {counts[1]} links")
    lines.append("")
    if findings:
        lines.append("Where the repair loses (the regenerated schedule is kept there):")
        lines.append("")
        lines += [f"- {f}" for f in findings]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
