#!/usr/bin/env python3
"""docs/BANDWIDTH-RATIOS.md's body: how close netsched's all-port all-gather, reduce-scatter,
all-reduce and broadcast (from node 0) come to the exact bandwidth bound, on every seed family and on three graph files
netsched did not build. For each network and collective: the bound and its cut from
`netsched prove bandwidth NET COLL --json` (which recounts the cut before it prints), and the
candidate of least bandwidth term among those `netsched gen NET COLL --bytes 1 GiB --ports
all-port --json` checks (every algorithm gen has, pipelined ones in 1, 2, 4, ... pieces): its
alpha-beta time less its steps' latencies, over the bound's time for the same bytes (a block
of 1 GiB; an all-reduce's vector of 1 GiB, N blocks; a broadcast's message of 1 GiB). Every number is computed here.
Usage: scripts/bandwidth-ratios.py NETSCHED OUT.md
       scripts/bandwidth-ratios.py --networks   (the networks, ';'-separated, for the SimGrid doc)"""
import json, subprocess, sys

SEEDS = ["hdn(torus(2,3), sn=[{0}])", "rdn(hypercube(2),1)", "dualcube(3)", "ccc(3)",
         "hsn(2,hypercube(2))", "rhs(2,2,hypercube(1))", "hfc(complete(3),4,4)",
         "mfc(ring(3),4,5)", "hypernet(2,2,3)", "torus(8,8)", "hypercube(6)", "ghc(4,4)",
         "mesh(4,4)"]
FILES = ['file("tests/data/graphs/petersen.edges")',
         'file("tests/data/graphs/random-4-regular-20.edges")',
         'file("tests/data/graphs/dgx1-nvlink.ncol")']
COLLECTIVES = ["all-gather", "reduce-scatter", "all-reduce", "broadcast"]
GATHERS = COLLECTIVES[:3]  # the 1 % target; the broadcast is reported on its own
BYTES = 1 << 30


def json_of(cmd):
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)


def main():
    ns, out = sys.argv[1], sys.argv[2]
    lines = ["| network | collective | bound (blocks) | its cut | least bandwidth term | steps | "
             "ratio |", "|---|---|---:|---|---|---:|---:|"]
    rows = []
    for net in SEEDS + FILES:
        nodes = json_of([ns, "info", net, "--json"])["nodes"]
        for coll in COLLECTIVES:
            b = json_of([ns, "prove", "bandwidth", net, coll, "--json"])
            c = json_of([ns, "gen", net, coll, "--bytes", str(BYTES), "--ports", "all-port",
                         "--check-only", "--json"])
            block = BYTES / nodes if coll == "all-reduce" else BYTES
            bound_s = b["chunk_times"] * block * c["seconds_per_byte"]
            best = min((k["seconds"] - k["steps"] * c["latency_s"], k["algorithm"], k["steps"])
                       for k in c["candidates"] if k["admitted"])
            ratio = best[0] / bound_s
            rows.append((ratio, net, coll))
            print(net, coll, f"{ratio:.4f}", best[1], file=sys.stderr, flush=True)
            cut = b["cut"]
            # an all-gather's side sends its blocks out; a broadcast's holds the root
            side = "on the root's side" if coll == "broadcast" else "sending"
            lines.append(f"| {net} | {coll} | {b['chunk_times']:.4g} | {cut['links']} links, "
                         f"{len(cut['side'])} of {nodes} nodes {side} | `{best[1]}` | {best[2]} "
                         f"| {ratio:.3f} |")
    head = []
    for label, colls in (("all-gather, reduce-scatter and all-reduce", GATHERS),
                         ("broadcast", ["broadcast"])):
        mine = [r for r in rows if r[2] in colls]
        within = sum(1 for r, _, _ in mine if r <= 1.01)
        head += [f"{label}: {within} of {len(mine)} rows are within 1 % of the bound. The "
                 "farthest:", ""]
        head += [f"- {net}, {coll}: {r:.3f}x" for r, net, coll in sorted(mine, reverse=True)[:6]]
        head += [""]
    with open(out, "w") as f:
        f.write("\n".join(head + lines) + "\n")


if __name__ == "__main__":
    if sys.argv[1:] == ["--networks"]:
        print(";".join(SEEDS + FILES))
    else:
        main()
