#!/usr/bin/env python3
"""docs/ENGINES-TABLE.md's body: the papers' algorithms against every MPI algorithm SMPI
implements, simulated by `netsched simulate` on the papers' networks, two chunk sizes. Every
number and every finding sentence is computed here from simulate's JSON.
Usage: scripts/engines-table.py NETSCHED OUT.md   (make engines-doc)"""
import json, os, subprocess, sys, tempfile

CASES = [  # (network, collective): the papers' algorithms (gen's default on each family)
    ("torus(8,8)", "broadcast"), ("torus(8,8)", "total-exchange"),
    ("hypercube(7)", "broadcast"), ("hypercube(7)", "total-exchange"),
    ("dualcube(4)", "broadcast"), ("dualcube(4)", "total-exchange"), ("dualcube(4)", "all-gather"),
    ("hdn(hypercube(2), sn=[{0},{1}])", "broadcast"), ("hdn(hypercube(2), sn=[{0},{1}])", "total-exchange"),
]
SIZES = [1024, 65536]
TIMEOUT = 300


def us(x):
    return "—" if x is None else f"{x * 1e6:,.1f}"


def simulate(ns, d, net, coll):
    f = os.path.join(d, "s.json")
    subprocess.run([ns, "gen", net, coll, "-o", f], check=True, capture_output=True)
    r = subprocess.run([ns, "simulate", f, "--json", "--no-anchor", "--timeout", str(TIMEOUT),
                        "--bytes", ",".join(map(str, SIZES))], capture_output=True, text=True)
    if not r.stdout.strip().startswith("{"):
        sys.exit(f"simulate failed on {net} {coll}: {r.stderr}")
    return json.loads(r.stdout)


def finding(net, coll, paper, m, mine, timed, refused):
    """One computed sentence: where the paper's algorithm stands among the MPI algorithms."""
    if mine is None:
        return f"- {net}, {coll} at {m} B: the paper's {paper} gave no time."
    best_t, best = min(timed) if timed else (None, None)
    faster = sum(1 for t, _ in timed if t < mine)
    tail = f" ({refused} more gave no time)" if refused else ""
    if best is None:
        return f"- {net}, {coll} at {m} B: no MPI algorithm gave a time{tail}."
    if best_t >= mine:
        return (f"- {net}, {coll} at {m} B: the paper's {paper} ({us(mine)} µs) beats all {len(timed)} "
                f"MPI algorithms that gave a time{tail}; the fastest, {best}, takes {best_t / mine:.2f}x as long.")
    return (f"- {net}, {coll} at {m} B: {faster} of {len(timed)} MPI algorithms beat the paper's {paper} "
            f"({us(mine)} µs){tail}; the fastest, {best} ({us(best_t)} µs), is {mine / best_t:.2f}x faster.")


def main():
    ns, out = sys.argv[1], sys.argv[2]
    lines = ["| network | collective | algorithm | " + " | ".join(f"{m} B: µs" for m in SIZES) +
             " | " + " | ".join(f"{m} B: vs paper" for m in SIZES) + " |",
             "|---|---|---|" + "---:|" * (2 * len(SIZES))]
    summary, findings, platforms, settings = [], [], {}, None
    with tempfile.TemporaryDirectory() as d:
        for net, coll in CASES:
            j = simulate(ns, d, net, coll)
            settings = " ".join(j["simgrid_cfg"])
            p = j["platforms"][0]
            platforms[net] = (p["routes"], p["max_link_load"], p["mean_link_load"], p["max_over_mean"])
            fluid = {b["bytes"]: b["seconds"] for b in j["fluid_bound"]}
            rows = {}
            for row in j["rows"]:
                key = ("paper: " if row["what"] == "schedule" else "MPI ") + row["algorithm"]
                if row.get("timed_by") == "s4u-replay":  # SMPI does not finish it at this size
                    key += " (S4U replay)"
                rows.setdefault(key, {})[row["bytes"]] = row.get("seconds")
            paper = [k for k in rows if k.startswith("paper: ")][0]
            for k in [paper] + sorted(k for k in rows if k != paper):
                t = rows[k]
                ratio = [("—" if t.get(m) is None or rows[paper].get(m) is None
                          else f"{t[m] / rows[paper][m]:.2f}") for m in SIZES]
                label = f"**{k}**" if k == paper else k
                lines.append(f"| {net} | {coll} | {label} | " + " | ".join(us(t.get(m)) for m in SIZES) +
                             " | " + " | ".join(ratio) + " |")
            if fluid:
                lines.append(f"| {net} | {coll} | *direct-send fluid time* | " +
                             " | ".join(us(fluid.get(m)) for m in SIZES) + " | " +
                             " | ".join("—" if rows[paper].get(m) is None else f"{fluid[m] / rows[paper][m]:.2f}"
                                        for m in SIZES) + " |")
            for m in SIZES:
                mine = rows[paper].get(m)
                timed = sorted((t[m], k[4:]) for k, t in rows.items() if k != paper and t.get(m) is not None)
                refused = sum(1 for k, t in rows.items() if k != paper and t.get(m) is None)
                faster = sum(1 for t, _ in timed if mine is not None and t < mine)
                best = f"{timed[0][1]} {us(timed[0][0])}" if timed else "—"
                summary.append(f"| {net} | {coll} | {paper[7:]} | {m} | {us(mine)} | {best} | "
                               f"{faster} of {len(timed)} | {us(fluid.get(m))} |")
                findings.append(finding(net, coll, paper[7:], m, mine, timed, refused))
    route_lines = ["| network | routes | busiest link direction | mean | max/mean |", "|---|---|---:|---:|---:|"]
    for net, (routes, mx, mean, ratio) in platforms.items():
        route_lines.append(f"| {net} | {routes} | {mx} | {mean:.1f} | {ratio:.2f} |")
    head = ["| network | collective | paper algorithm | chunk B | paper µs | fastest MPI algorithm µs | "
            "MPI algorithms faster | direct-send fluid µs |",
            "|---|---|---|---:|---:|---|---:|---:|"]
    with open(out, "w") as o:
        o.write(f"SimGrid settings of every run: `{settings}` (`netsched simulate`'s defaults); each smpirun "
                f"had {TIMEOUT} s of wall time.\n\n"
                "Routes of every ordered pair, and how evenly they load the link directions, as SimGrid's own "
                "route lookup counts them (`netsched-platform-check`):\n\n" + "\n".join(route_lines) + "\n\n"
                "**Findings** (computed from the rows below):\n\n" + "\n".join(findings) + "\n\n" +
                "\n".join(head + summary) + "\n\nEvery algorithm (time in simulated µs; 'vs paper' is the "
                "algorithm's time divided by the paper algorithm's, below 1 = faster than the paper's; — = no "
                "time: SMPI refused the algorithm for this size or rank count, or its run took over the time "
                "limit; the direct-send fluid time is the busiest link's routes x m / bandwidth when every rank "
                "sends m bytes straight to every other, a lower bound for algorithms that send that way, not for "
                "those that relay):\n\n" + "\n".join(lines) + "\n")


main()
