#!/usr/bin/env python3
"""docs/SIZE-CHOICE.md's body: the schedule `netsched gen --bytes` chooses for 1 MiB per node,
against every MPI algorithm SimGrid's SMPI implements, simulated by `netsched simulate` on the
same platform, and run under OpenMPI with every byte checked. Every number is computed here
from gen's and simulate's JSON and run's exit code.
Usage: scripts/size-choice-table.py NETSCHED OUT.md   (make size-choice-doc)"""
import json, os, subprocess, sys, tempfile

NETWORKS = ["hypercube(6)", "torus(8,8)", "dualcube(3)"]
COLLECTIVES = ["broadcast", "all-gather", "all-reduce", "total-exchange"]
PER_NODE = 1 << 20   # bytes each node contributes: the root's broadcast message, its all-gather block, its all-to-all send
                     # buffer (split over the N destinations), its all-reduce vector
RUN_BYTES = 4096     # chunk bytes of the checked OpenMPI run (the check does not depend on size)
TIMEOUT = 600


def chunk_bytes(coll, nodes):
    """gen --bytes: the bytes of one chunk (all-reduce: the whole vector)."""
    return PER_NODE // nodes if coll == "total-exchange" else PER_NODE


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def case(ns, d, net, coll):
    f = os.path.join(d, "s.json")
    info = json.loads(run([ns, "info", net, "--json", "--basic"]).stdout)
    nodes = info["nodes"]
    m = chunk_bytes(coll, nodes)
    # SimGrid's hosts send on every link at once: the platform is all-port
    g = run([ns, "gen", net, coll, "--bytes", str(m), "--ports", "all-port", "--json", "-o", f])
    if g.returncode != 0:
        sys.exit(f"gen failed on {net} {coll}: {g.stderr}")
    choice = json.loads(g.stdout)
    pieces = json.load(open(f))["collective"].get("pieces", 1)
    piece = m // pieces  # simulate's --bytes is one chunk or register
    s = run([ns, "simulate", f, "--json", "--no-anchor", "--timeout", str(TIMEOUT), "--bytes", str(piece)])
    if not s.stdout.strip().startswith("{"):
        sys.exit(f"simulate failed on {net} {coll}: {s.stderr}")
    sim = json.loads(s.stdout)
    mine = [r["seconds"] for r in sim["rows"] if r["what"] == "schedule"][0]
    timed = sorted((r["seconds"], r["algorithm"]) for r in sim["rows"]
                   if r["what"] != "schedule" and r.get("seconds") is not None)
    untimed = sum(1 for r in sim["rows"] if r["what"] != "schedule" and r.get("seconds") is None)
    predicted = [c for c in choice["candidates"] if c["chosen"]][0]["seconds"]
    r = run([ns, "run", f, "--bytes", str(RUN_BYTES if coll != "all-reduce" else 8 * 64)])
    return dict(net=net, coll=coll, nodes=nodes, m=m, pieces=pieces, chosen=choice["chosen"],
                predicted=predicted, lower=choice["lower_bound_s"], mine=mine, timed=timed,
                untimed=untimed, run="PASS" if r.returncode == 0 else f"exit {r.returncode}")


def main():
    ns, out = sys.argv[1], sys.argv[2]
    rows, findings = [], []
    with tempfile.TemporaryDirectory() as d:
        for net in NETWORKS:
            for coll in COLLECTIVES:
                c = case(ns, d, net, coll)
                best_t, best = c["timed"][0] if c["timed"] else (None, "—")
                ratio = "—" if best_t is None else f"{best_t / c['mine']:.2f}"
                rows.append(f"| {net} | {coll} | {c['m']:,} | `{c['chosen']}` ({c['pieces']} piece"
                            f"{'s' if c['pieces'] > 1 else ''}) | {c['mine'] * 1e6:,.1f} | "
                            f"{c['predicted'] * 1e6:,.1f} | {c['lower'] * 1e6:,.1f} | {best} "
                            f"{'' if best_t is None else f'{best_t * 1e6:,.1f}'} | {ratio} | "
                            f"{len(c['timed'])} (+{c['untimed']} no time) | {c['run']} |")
                if best_t is not None:
                    verdict = "at least as fast as" if best_t >= c["mine"] else "slower than"
                    findings.append(f"- {net}, {coll}: `{c['chosen']}` is {verdict} the fastest MPI "
                                    f"algorithm, {best} ({ratio}x the schedule's time).")
    head = ["| network | collective | chunk B | chosen (pieces) | simulated µs | predicted µs | "
            "lower bound µs | fastest MPI algorithm µs | MPI / netsched | MPI algorithms timed | "
            "OpenMPI run, bytes checked |",
            "|---|---|---:|---|---:|---:|---:|---|---:|---:|---|"]
    with open(out, "w") as o:
        o.write("**Findings** (computed from the rows below):\n\n" + "\n".join(findings) + "\n\n" +
                "\n".join(head + rows) + "\n")


main()
