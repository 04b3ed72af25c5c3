#!/usr/bin/env python3
"""docs/FAULTS-TABLE.md's body: every single failed link of the issue's networks (on the 12,000-node
HDN one link of each orbit of its total exchange, every link of its broadcast, and 200 links drawn
at random for its all-reduce), the default total exchange, broadcast and all-reduce repaired around
it and regenerated, from `netsched sweep --faults --json`. Every number is computed here from that
JSON.
Usage: scripts/faults-table.py NETSCHED OUT.md   (make faults-doc)"""
import json, os, subprocess, sys, tempfile, time

NETWORKS = ["torus(4,4)", "hypercube(4)", "dualcube(3)", "hsn(3,hypercube(2))",
            "hdn(torus(2,3,5), sn=[{0,1},{1,2}])"]
COLLECTIVES = ["total-exchange", "broadcast", "all-reduce"]
DOUBLES = 20  # double faults sampled per network and collective (seed 1)
HDN = "hdn(torus(2,3,5), sn=[{0,1},{1,2}])"
# links drawn at random (seed 1) where every link would take hours: the HDN's all-reduce has no
# symmetry among the family's candidates that maps it onto itself (its total exchange has: one
# link of each of its orbits is repaired, as on the other networks)
SAMPLED = {(HDN, "all-reduce"): 200}
# every link, each repaired (no orbits: ties broken by node id can cost two links of one orbit
# differently): every collective on the small networks, and the HDN's broadcast (no symmetry
# either; 42,000 links, about half an hour on two cores)
EVERY_LINK = {(net, coll) for net in NETWORKS if net != HDN for coll in COLLECTIVES} | \
    {(HDN, "broadcast")}


def sweep(ns, d, net, coll):
    """The sweep's rows, or its one-line refusal (exit 2), and its wall time."""
    start = time.monotonic()
    r = subprocess.run([ns, "sweep", "--faults", net, "--collective", coll, "--double-faults",
                        str(DOUBLES), "-o", os.path.join(d, "f"), "--no-plot", "--json"] +
                       (["--sample-links", str(SAMPLED[net, coll])] if (net, coll) in SAMPLED else
                        ["--every-link"] if (net, coll) in EVERY_LINK else []),
                       capture_output=True, text=True)
    if r.returncode == 2:
        return r.stderr.strip().removeprefix("error: "), time.monotonic() - start
    if r.returncode != 0:
        sys.exit(f"sweep --faults {net} {coll} failed ({r.returncode}): {r.stderr}")
    return json.loads(r.stdout), time.monotonic() - start


def span(values):
    values = [v for v in values if v is not None]
    if not values:
        return "—"
    lo, hi = min(values), max(values)
    return f"{lo}" if lo == hi else f"{lo}–{hi}"


def links_run(rows):
    """"32 (each)" when every link was repaired, "42000 (the root's 4, 200 drawn)" for a sample."""
    if rows and "sampled_from" in rows[0]:
        root = sum(1 for r in rows if r.get("at_root"))
        which = (f"the root's {root}, " if root else "") + f"{len(rows) - root} drawn"
        return f"{rows[0]['sampled_from']} ({which})"
    links = sum(r["orbit_size"] for r in rows)
    return f"{links} (each)" if links == len(rows) else f"{links} ({len(rows)}: one an orbit)"


def row(net, coll, all_rows, seconds):
    """The table's line and (links where repaired <= regenerated, links with both), counted over
    the links repaired (one per orbit on the HDN)."""
    if isinstance(all_rows, str):
        return f"| {net} | {coll} | not swept: {all_rows} | | | | | | | | | {seconds:.1f} |", None
    rows = [r for r in all_rows if "second_link" not in r]
    doubles = [r.get("slowdown") for r in all_rows if "second_link" in r]
    doubles = [x for x in doubles if x is not None]
    worst2 = f"{max(doubles):.2f}x ({len(doubles)})" if doubles else "—"
    repaired = [r for r in rows if r.get("repaired_steps") is not None]
    if not repaired:
        return (f"| {net} | {coll} | {links_run(rows)} | {rows[0]['healthy_steps']} | "
                f"not repaired: {rows[0]['note']} | | | | | {worst2} | {seconds:.1f} |"), None
    both = [r for r in repaired if r.get("regenerated_steps") is not None]
    wins = sum(1 for r in both if r.get("repaired_steps") <= r.get("regenerated_steps"))
    # nothing regenerated on any link: the sweep's note says why
    compared = (f"{wins} of {len(both)}" if both else
                "none regenerated: " + repaired[0]["note"].removeprefix("regenerating: "))

    kept = sum(1 for r in rows if r.get("chosen") == "repaired")
    worst = max((r.get("slowdown") for r in rows if r.get("slowdown") is not None), default=None)
    line = (f"| {net} | {coll} | {links_run(rows)} | {rows[0]['healthy_steps']} | "
            f"{span(r.get('repaired_steps') for r in rows)} | "
            f"{span(r.get('regenerated_steps') for r in rows)} | {span(r.get('lower_bound') for r in rows)} | "
            f"{compared} | {kept} | "
            f"{'—' if worst is None else f'{worst:.2f}x'} | {worst2} | {seconds:.1f} |")
    return line, (wins, len(both))


def main():
    ns, out = sys.argv[1], sys.argv[2]
    lines = ["| network | collective | links (repaired) | healthy steps | repaired steps | "
             "regenerated steps | lower bound | repaired links where repaired ≤ regenerated | "
             "repaired links where the repair is kept | worst slowdown (kept) | "
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
                                    f"regenerating on {counts[1] - counts[0]} of the {counts[1]} "
                                    "links repaired")
    lines.append("")
    if findings:
        lines.append("Where the repair loses (the regenerated schedule is kept there):")
        lines.append("")
        lines += [f"- {f}" for f in findings]
    with open(out, "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
