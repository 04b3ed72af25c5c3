#!/usr/bin/env python3
"""docs/BANDWIDTH-TABLE.md's body: where the papers stand. For every seed family, each
collective's default schedule (the paper's algorithm where a paper gives one for the family) and
the fastest checked schedule netsched has, at one-port and all-port, at 8 B and 1 MiB, next to
the lower bound no schedule under that port model can beat (`netsched gen --bytes --json`'s
latency + bandwidth bound, which for all-gather, reduce-scatter and broadcast includes the exact
all-port cut bound of `netsched prove bandwidth`). Every number is computed here from the CLI's
JSON. Usage: scripts/bandwidth-table.py NETSCHED OUT.md   (make bandwidth-doc)"""
import json, subprocess, sys

INSTANCES = ["hdn(torus(2,3), sn=[{0}])", "rdn(hypercube(2),1)", "dualcube(3)", "ccc(3)",
             "hsn(2,hypercube(2))", "rhs(2,2,hypercube(1))", "hfc(complete(3),4,4)",
             "mfc(ring(3),4,5)", "hypernet(2,2,3)", "torus(8,8)", "hypercube(6)", "ghc(4,4)",
             "mesh(4,4)"]
COLLECTIVES = ["broadcast", "all-gather", "reduce-scatter", "all-reduce", "total-exchange"]
SIZES = [8, 1 << 20]
PORTS = ["one-port", "all-port"]


def run(cmd):
    r = subprocess.run(cmd, capture_output=True, text=True)
    return r


def defaults(ns, net):
    """Each collective's default algorithm and whether a paper gives it."""
    r = run([ns, "gen", net, "--list", "--json"])
    out = {}
    for e in json.loads(r.stdout):
        if e["default"]:
            origin = [a["origin"] for a in e["algorithms"] if a["name"] == e["default"]][0]
            out[e["collective"]] = (e["default"], origin.startswith("paper"))
    return out


def choice(ns, net, coll, size, ports):
    r = run([ns, "gen", net, coll, "--bytes", str(size), "--ports", ports, "--check-only", "--json"])
    if not r.stdout.strip().startswith("{"):
        return None
    return json.loads(r.stdout)


def time_of(c, algorithm):
    """The candidate's time (a pipelined one at its cheapest piece count)."""
    for k in c["candidates"]:
        if k["algorithm"] == algorithm or k["algorithm"].startswith(algorithm + " (p="):
            return k["seconds"] if k["admitted"] else None, k
    return None, None


def main():
    ns, out = sys.argv[1], sys.argv[2]
    rows, worst = [], []
    for net in INSTANCES:
        d = defaults(ns, net)
        for coll in COLLECTIVES:
            if coll not in d:
                continue
            dflt, paper = d[coll]
            for ports in PORTS:
                for size in SIZES:
                    print(f"{net} {coll} {ports} {size}", file=sys.stderr, flush=True)
                    c = choice(ns, net, coll, size, ports)
                    if c is None:
                        continue
                    lower = c["lower_bound_s"]
                    dt, dk = time_of(c, dflt)
                    best = [k for k in c["candidates"] if k["chosen"]][0]
                    dtext = (f"{dt / lower:.2f}" if dt is not None else
                             f"— ({dk['why_not'][:40]})" if dk else "—")
                    mark = " (paper)" if paper else ""
                    rows.append(f"| {net} | {coll} | {ports} | {size:,} | `{dflt}`{mark} | {dtext} | "
                                f"`{best['algorithm']}` | {best['seconds'] / lower:.2f} | "
                                f"{lower * 1e6:,.3f} |")
                    if dt is not None and paper:
                        worst.append((dt / lower, net, coll, ports, size, dflt))
    worst.sort(reverse=True)
    findings = [f"- {net}, {coll}, {ports}, {size:,} B: the paper's `{a}` takes {r:.2f}x the "
                f"lower bound." for r, net, coll, ports, size, a in worst[:10]]
    head = ["| network | collective | ports | bytes | default (paper's where one is) | "
            "default / bound | fastest netsched | fastest / bound | lower bound µs |",
            "|---|---|---|---:|---|---:|---|---:|---:|"]
    with open(out, "w") as o:
        o.write("**The papers' algorithms farthest from the bound** (computed from the rows "
                "below; a paper's algorithm is the default where a paper gives one):\n\n" +
                "\n".join(findings) + "\n\n" + "\n".join(head + rows) + "\n")


main()
