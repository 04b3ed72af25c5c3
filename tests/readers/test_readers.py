"""netsched's Chakra traces and MSCCL++ plans, read back by the independent readers of replay.py:
the all-gather, reduce-scatter, all-reduce and all-to-all on four networks, each file replayed in
several orders its dependencies allow, must end with the collective's result.

Run by ctest ("exports read back") with NETSCHED_BIN (the CLI) and NETSCHED_ET_PY (the directory of
the et_def_pb2 module protoc made from exec/chakra/et_def.proto)."""
import importlib
import os
import subprocess
import sys

import pytest

import replay

CLI = os.environ.get("NETSCHED_BIN", "netsched")
sys.path.insert(0, os.environ.get("NETSCHED_ET_PY", "."))
pb2 = importlib.import_module("et_def_pb2")

# hypercube(3), a torus, a ring and the DGX-1's NVLink graph (lanes as weights)
DGX1 = ("0 1 2\n0 2 1\n0 3 1\n0 4 2\n1 2 1\n1 3 2\n1 5 1\n2 3 2\n2 6 2\n3 7 1\n4 5 2\n4 6 1\n"
        "4 7 1\n5 6 1\n5 7 2\n6 7 2\n")
COLLECTIVES = {"all-gather": "allgather", "reduce-scatter": "reducescatter",
               "all-reduce": "allreduce", "total-exchange": "alltoall"}
SEEDS = range(3)


def cli(*args):
    r = subprocess.run([CLI, *args], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return r


@pytest.fixture(scope="module")
def networks(tmp_path_factory):
    d = tmp_path_factory.mktemp("nets")
    (d / "dgx1.ncol").write_text(DGX1)
    return ["hypercube(3)", "torus(3,3)", "ring(6)", f'file("{d / "dgx1.ncol"}")']


_made = {}


def schedule(tmp_path, spec, collective):
    """gen --bytes 64 KiB all-port's choice, made once a module for both readers."""
    key = (spec, collective)
    if key not in _made:
        out = tmp_path / f"s{len(_made)}.json"
        cli("gen", spec, collective, "--bytes", "65536", "--ports", "all-port", "-o", str(out))
        _made[key] = out
    return _made[key]


def per_rank(coll, n, nodes_chunks):
    """Chunks a rank: a rank's share of the buffer its collective is cut into."""
    return nodes_chunks // n if coll in ("allgather", "reducescatter", "alltoall") else nodes_chunks


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    return tmp_path_factory.mktemp("schedules")


@pytest.mark.parametrize("collective", list(COLLECTIVES))
def test_chakra_traces_replay_to_the_collectives_result(tmp_path, shared, networks, collective):
    coll = COLLECTIVES[collective]
    for spec in networks:
        s = schedule(shared, spec, collective)
        prefix = tmp_path / "t"
        cli("chakra", "export", str(s), "-o", str(prefix), "--bytes", "65536")
        n = sum(1 for f in os.listdir(tmp_path) if f.startswith("t.") and f.endswith(".et"))
        traces = replay.load_traces(str(prefix), n, pb2)
        total = max(a.int32_val for _, nodes in traces for nd in nodes for a in nd.attr
                    if a.name == "total_chunk_cnt")
        c = per_rank(coll, n, total)
        assert all(meta["collective"] == coll for meta, _ in traces)
        for seed in SEEDS:
            got, want = replay.replay_traces(traces, coll, n, c, seed)
            assert got == want, f"{spec} {collective} seed {seed}"
        topo = (tmp_path / "t.ns3-topology.txt").read_text().split("\n")
        assert topo[0].split()[:2] == [str(n), "0"]
        assert len([line for line in topo[2:] if line]) == int(topo[0].split()[2])
        for f in os.listdir(tmp_path):
            if f.startswith("t."):
                os.remove(tmp_path / f)



@pytest.mark.parametrize("collective", list(COLLECTIVES))
def test_mscclpp_plans_replay_to_the_collectives_result(tmp_path, shared, networks, collective):
    coll = COLLECTIVES[collective]
    for spec in networks:
        s = schedule(shared, spec, collective)
        out = tmp_path / "p.json"
        cli("mscclpp", "export", str(s), "-o", str(out))
        plan = replay.load_plan(out)
        assert plan["collective"] == coll and plan["inplace"] is False
        n = len(plan["gpus"])
        g0 = plan["gpus"][0]
        c = g0["output_chunks"] if coll == "reducescatter" else \
            g0["input_chunks"] // n if coll == "alltoall" else g0["input_chunks"]
        for seed in SEEDS:
            got, want = replay.replay_plan(plan, coll, n, c, seed)
            assert got == want, f"{spec} {collective} seed {seed}"


@pytest.mark.parametrize("collective", list(COLLECTIVES))
def test_switched_exports_are_the_endpoints_messages(tmp_path, collective):
    """fat_tree(4): 16 endpoints and 20 switches; a message through switches goes between the
    endpoints it joins (a register message with its sender's values as it left), and the ns-3
    topology names the switches after the endpoints."""
    coll = COLLECTIVES[collective]
    s = tmp_path / "s.json"
    cli("gen", "fat_tree(4)", collective, "-o", str(s))
    prefix = tmp_path / "t"
    cli("chakra", "export", str(s), "-o", str(prefix), "--bytes", "65536")
    traces = replay.load_traces(str(prefix), 16, pb2)
    total = max(a.int32_val for _, nodes in traces for nd in nodes for a in nd.attr
                if a.name == "total_chunk_cnt")
    for seed in SEEDS:
        got, want = replay.replay_traces(traces, coll, 16, per_rank(coll, 16, total), seed)
        assert got == want, f"seed {seed}"
    topo = (tmp_path / "t.ns3-topology.txt").read_text().split("\n")
    assert topo[0].split()[:2] == ["36", "20"]
    assert topo[1].split() == [str(v) for v in range(16, 36)]
    assert len([line for line in topo[2:] if line]) == int(topo[0].split()[2]) == 48
    out = tmp_path / "p.json"
    cli("mscclpp", "export", str(s), "-o", str(out))
    plan = replay.load_plan(out)
    assert len(plan["gpus"]) == 16
    g0 = plan["gpus"][0]
    c = g0["output_chunks"] if coll == "reducescatter" else \
        g0["input_chunks"] // 16 if coll == "alltoall" else g0["input_chunks"]
    for seed in SEEDS:
        got, want = replay.replay_plan(plan, coll, 16, c, seed)
        assert got == want, f"seed {seed}"


def test_a_broken_trace_or_plan_is_caught_by_the_readers(tmp_path):
    # the readers are not blind: a receive's destination moved gives a wrong buffer
    s = schedule(tmp_path, "ring(4)", "all-gather")
    out = tmp_path / "p.json"
    cli("mscclpp", "export", str(s), "-o", str(out))
    plan = replay.load_plan(out)
    for g in plan["gpus"]:
        for tb in g["threadblocks"]:
            for op in tb["ops"]:
                if op["name"] == "put":
                    op["dst_buff"][0]["index"] = (op["dst_buff"][0]["index"] + 1) % 4
                    break
    with pytest.raises(AssertionError):
        got, want = replay.replay_plan(plan, "allgather", 4, 1, 0)
        assert got == want
