#!/usr/bin/env python3
"""The structure inside the layers (ARCHITECTURE.md, "Where things live"), checked on the
#include lines and the rows. Run by ctest ("units"); prints every finding.

- A unit is a header with its source (gen/plan/embedding.{hpp,cpp}). No two units of gen/,
  papers/ or verify/ include each other, directly or through a third: a header with two jobs
  shows up as such a circle; a composite family is handed the table's builder rather than
  including the table.
- gen/ sorts algorithms by collective, never by provenance: its folders are topo/, plan/ and
  the collectives' folders of COLLECTIVE_ORDER, each with its rows.cpp. A collective's folder
  includes only folders before it in that order (a file that builds several collectives lives
  in the first of them), plan/ none of them, topo/ neither plan/ nor them.
- Rows name their fields (designated initializers): no positional nullptr in a rows.cpp.
- No code asks a network's family by comparing family() with a name.
"""
import os
import re
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
LAYERS = ["gen", "papers", "verify"]
COLLECTIVE_ORDER = ["route", "broadcast", "scatter_gather", "reduce", "reduce_scatter",
                    "all_gather", "all_reduce", "prefix", "exchange", "matrix", "multicast",
                    "cube_dimension"]
SHARED = ["topo", "plan"]
INCLUDE = re.compile(r'^#include "([a-z_0-9/]+)\.(?:hpp|cpp)"', re.M)


def sources(layer):
    for d, _, files in os.walk(os.path.join(ROOT, layer)):
        for f in sorted(files):
            if f.endswith((".hpp", ".cpp")):
                yield os.path.relpath(os.path.join(d, f), ROOT)


def read(path):
    with open(os.path.join(ROOT, path), encoding="utf-8") as f:
        return f.read()


def unit_edges(layer):
    edges = {}
    for p in sources(layer):
        unit = p.rsplit(".", 1)[0]
        for target in INCLUDE.findall(read(p)):
            if target != unit and target.startswith(layer + "/"):
                edges.setdefault(unit, set()).add(target)
    return edges


def cycles(edges):
    """Strongly connected components of more than one unit (Tarjan, iterative)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    for start in list(edges):
        if start in index:
            continue
        work = [(start, iter(sorted(edges.get(start, ()))))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on.add(start)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.append(comp)
    return out


def check_cycles():
    bad = []
    for layer in LAYERS:
        for comp in cycles(unit_edges(layer)):
            bad.append(f"units that include each other in {layer}/: {' '.join(sorted(comp))}")
    return bad


def folder_of(path):
    parts = path.split("/")
    return parts[1] if len(parts) > 2 else ""


def check_gen_folders():
    bad = []
    folders = sorted(d for d in os.listdir(os.path.join(ROOT, "gen"))
                     if os.path.isdir(os.path.join(ROOT, "gen", d)))
    for d in folders:
        if d not in SHARED and d not in COLLECTIVE_ORDER:
            bad.append(f"gen/{d}/ is neither a collective's folder (COLLECTIVE_ORDER) nor topo/ or plan/")
        if d in COLLECTIVE_ORDER and not os.path.exists(os.path.join(ROOT, "gen", d, "rows.cpp")):
            bad.append(f"gen/{d}/ has no rows.cpp")
    rank = {d: i for i, d in enumerate(COLLECTIVE_ORDER)}
    for p in sources("gen"):
        here = folder_of(p)
        for target in INCLUDE.findall(read(p)):
            there = folder_of(target + ".x") if target.startswith("gen/") else None
            if not there or there == here:
                continue
            if here in rank and there in rank and rank[there] > rank[here]:
                bad.append(f"{p} includes {target}: gen/{there}/ comes after gen/{here}/")
            if here == "plan" and there in rank:
                bad.append(f"{p} includes {target}: plan/ is shared by the collectives")
            if here == "topo" and (there == "plan" or there in rank):
                bad.append(f"{p} includes {target}: a family knows no algorithm")
    return bad


def check_rows_and_families():
    bad = []
    for p in sources("gen"):
        if p.endswith("/rows.cpp") and re.search(r"\bnullptr\b", read(p)):
            bad.append(f"{p}: a positional nullptr (name the row's fields)")
    for layer in ["core", "gen", "verify", "papers", "analysis", "claims", "draw", "exec",
                  "app", "api"]:
        for p in sources(layer):
            for n, line in enumerate(read(p).splitlines(), 1):
                if re.search(r"family\(\)\s*==", line):
                    bad.append(f"{p}:{n}: a family asked by name (give the class a predicate)")
    return bad


def main():
    bad = check_cycles() + check_gen_folders() + check_rows_and_families()
    for b in bad:
        print(b)
    if not bad:
        print("units: no circles in gen/, papers/, verify/; gen/ by collective; rows named")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
