#!/usr/bin/python3
"""Baseline: python3-igraph's exact diameter of an edge list (seconds for diameter() only)."""
import sys
import time

import igraph

g = igraph.Graph.Read_Edgelist(sys.argv[1], directed=False)
t0 = time.perf_counter()
d = g.diameter(directed=False)
t1 = time.perf_counter()
print(f"{d} {t1 - t0:.3f}")
