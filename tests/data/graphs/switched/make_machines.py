#!/usr/bin/env python3
"""Writes netsched's own switched test machines as GraphML (run from this folder).

a100-2x8-nics and mi250-2x16 are the machines ForestColl evaluates, as its topologies.py
describes them (liangyuRain/ForestColl): bandwidths in GB/s, each link one arc per direction.
a100-2x8 is the first without its NICs (each a 25 GB/s pass-through), small enough for the
tests to enumerate every cut. box-8 and directed-ring-4 are small cases of our own.
"""


def graphml(name, nodes, arcs, directed=True):
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<graphml xmlns="http://graphml.graphdrawing.org/xmlns">',
           '  <key id="kind" for="node" attr.name="kind" attr.type="string"/>',
           '  <key id="w" for="edge" attr.name="weight" attr.type="double"/>',
           '  <key id="lanes" for="edge" attr.name="lanes" attr.type="int"/>',
           f'  <graph id="{name}" edgedefault="{"directed" if directed else "undirected"}">']
    out += [f'    <node id="{n}"><data key="kind">{k}</data></node>' for n, k in nodes]
    for u, v, w, *lanes in arcs:
        extra = f'<data key="lanes">{lanes[0]}</data>' if lanes else ''
        out.append(f'    <edge source="{u}" target="{v}"><data key="w">{w}</data>{extra}</edge>')
    out += ['  </graph>', '</graphml>', '']
    with open(f"{name}.graphml", "w") as f:
        f.write('\n'.join(out))


def both(u, v, w, *lanes):
    return [(u, v, w, *lanes), (v, u, w, *lanes)]


def a100(nics):
    nodes = [(f"box{b}.gpu{g}", "endpoint") for b in range(2) for g in range(8)]
    nodes += [(f"box{b}.nvswitch", "switch") for b in range(2)] + [(f"ib{p}", "switch") for p in range(2)]
    arcs = []
    for b in range(2):
        for g in range(8):
            gpu = f"box{b}.gpu{g}"
            arcs += both(gpu, f"box{b}.nvswitch", 300)
            if nics:
                nodes.append((f"box{b}.nic{g}", "switch"))
                arcs += both(gpu, f"box{b}.nic{g}", 25) + both(f"box{b}.nic{g}", f"ib{g % 2}", 25)
            else:
                arcs += both(gpu, f"ib{g % 2}", 25)
    graphml("a100-2x8-nics" if nics else "a100-2x8", nodes, arcs)


# xGMI links between the 16 GCDs of an MI250 box (how many, 50 GB/s each), upper triangle
XGMI = {(0, 1): 4, (0, 4): 2, (0, 8): 1, (1, 5): 1, (1, 9): 1, (1, 10): 1, (2, 3): 4, (2, 6): 1,
        (2, 9): 1, (2, 10): 1, (3, 7): 2, (3, 11): 1, (4, 5): 4, (4, 6): 1, (5, 6): 1, (5, 7): 1,
        (6, 7): 4, (8, 9): 4, (8, 12): 2, (9, 13): 1, (10, 11): 4, (10, 14): 1, (11, 15): 2,
        (12, 13): 4, (12, 14): 1, (13, 14): 1, (13, 15): 1, (14, 15): 4}


def mi250():
    nodes = [(f"box{b}.gcd{g}", "endpoint") for b in range(2) for g in range(16)] + [("ib", "switch")]
    arcs = []
    for b in range(2):
        for (x, y), count in XGMI.items():
            arcs += both(f"box{b}.gcd{x}", f"box{b}.gcd{y}", 50, count)
        for g in range(16):
            arcs += both(f"box{b}.gcd{g}", "ib", 16)
    graphml("mi250-2x16", nodes, arcs)


def box8():
    nodes = [("switch", "switch")] + [(f"gpu{g}", "endpoint") for g in range(8)]
    graphml("box-8", nodes, [(f"gpu{g}", "switch", 1) for g in range(8)], directed=False)


def directed_ring4():
    nodes = [(f"r{i}", "endpoint") for i in range(4)]
    arcs = [(f"r{i}", f"r{(i + 1) % 4}", 2) for i in range(4)] + [("r0", "r2", 1, 2)]
    graphml("directed-ring-4", nodes, arcs)


a100(False)
a100(True)
mi250()
box8()
directed_ring4()
