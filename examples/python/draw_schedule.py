"""Draw a checked schedule, step by step, with networkx and matplotlib (notebook style).

    PYTHONPATH=build/python /usr/bin/python3 examples/python/draw_schedule.py [OUT.png]

Builds the Petersen graph in networkx, hands it to netsched, generates a broadcast that the
simulator checks, asks Z3 how far it is from the fewest steps, and draws one panel per step:
the nodes that hold the message so far in blue, the step's transfers as red arrows."""
import sys

import matplotlib

matplotlib.use("Agg")  # no display needed; in a notebook, drop this line and plt.show()
import matplotlib.pyplot as plt
import networkx as nx

import netsched

G = nx.petersen_graph()
net = netsched.Network.from_networkx(G)
s = netsched.generate(net, "broadcast", root=0)
verdict = s.verify()
assert verdict["ok"], verdict
proof = netsched.prove_min_steps(net, "broadcast", root=0, timeout=20)
print(f"{s.algorithm}: {s.steps} steps, checked ({verdict['lower_bound']} is the lower "
      f"bound); Z3: {proof['result']}, fewest steps between {proof['lower_bound']} and "
      f"{proof['upper_bound']}")

pos = nx.shell_layout(G, [range(5, 10), range(5)])
fig, axes = plt.subplots(1, s.steps, figsize=(3.2 * s.steps, 3.4))
informed = {0}
for step, ax in enumerate(axes):
    moves = s.transfers(step)
    nx.draw_networkx_edges(G, pos, ax=ax, edge_color="#cccccc")
    nx.draw_networkx_nodes(G, pos, ax=ax, node_size=220,
                           node_color=["#4a90d9" if v in informed else "#eeeeee" for v in G])
    nx.draw_networkx_labels(G, pos, ax=ax, font_size=8)
    nx.draw_networkx_edges(nx.DiGraph([(m["source"], m["target"]) for m in moves]), pos, ax=ax,
                           edge_color="#d0021b", width=2, arrows=True, arrowsize=14)
    informed |= {m["target"] for m in moves}
    ax.set_title(f"step {step + 1}: {len(moves)} transfer(s)")
    ax.set_axis_off()
fig.suptitle(f"{s.collective} on the Petersen graph by {s.algorithm}, checked by netsched", y=1.04)
out = sys.argv[1] if len(sys.argv) > 1 else "schedule.png"
fig.savefig(out, dpi=80, bbox_inches="tight")
print("wrote", out)
