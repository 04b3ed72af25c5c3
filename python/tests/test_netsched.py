"""The Python package against the CLI: same facts, same verdicts, same messages.

Run by ctest ("python pytest") with PYTHONPATH=build/python and NETSCHED_BIN set to the CLI."""
import json
import os
import subprocess
import threading

import networkx as nx
import pytest

import netsched

CLI = os.environ.get("NETSCHED_BIN", "netsched")


def cli(*args, ok=(0,)):
    r = subprocess.run([CLI, *args], capture_output=True, text=True)
    assert r.returncode in ok, r.stderr
    return r


def test_issue_example_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    net = netsched.Network("hdn(torus(2,3), sn=[{0}])")
    nodes, edges, info = net.nodes, net.edges, net.info()
    G = net.to_networkx()
    net2 = netsched.Network.from_networkx(nx.petersen_graph())
    s = netsched.generate(net2, "broadcast", root=0)
    verdict = s.verify()
    steps, first = s.steps, s.transfers(step=0)
    s.write("b.json")
    again = netsched.read_schedule("b.json").verify()
    r, p = netsched.route(net, 0, 5), netsched.prove_min_steps(net2, "broadcast", timeout=10)
    assert len(nodes) == info["nodes"] == G.number_of_nodes() == 36
    assert len(edges) == info["edges"] == G.number_of_edges()
    assert verdict["ok"] and again["ok"] and verdict == again
    assert steps == verdict["steps"] and first and first[0]["source"] == 0
    assert r["path"][0] == 0 and r["path"][-1] == 5
    assert p["lower_bound"] <= steps and p["result"] in ("optimal", "bounded", "unknown")


def test_docs_python_example_runs_literally(tmp_path, monkeypatch):
    doc = open(os.path.join(os.path.dirname(__file__), "../../docs/library.md")).read()
    block = doc.split("```python\n", 1)[1].split("```", 1)[0]
    assert "netsched.Network.from_networkx(nx.petersen_graph())" in block
    monkeypatch.chdir(tmp_path)
    scope = {}
    exec(compile(block, "docs/library.md", "exec"), scope)
    assert scope["s"].verify()["ok"] and (tmp_path / "b.json").exists()


def test_info_is_the_clis():
    spec = "hdn(torus(2,3), sn=[{0}])"
    mine = netsched.Network(spec).info()
    theirs = json.loads(cli("info", spec, "--json").stdout)
    assert mine.keys() == theirs.keys() and mine["seconds"].keys() == theirs["seconds"].keys()
    del mine["seconds"], theirs["seconds"]  # how long each took
    assert mine == theirs


def test_networkx_round_trip_keeps_structure_and_names():
    G = nx.relabel_nodes(nx.petersen_graph(), {i: f"p{i}" for i in range(10)})
    net = netsched.Network.from_networkx(G)
    assert net.family == "graph" and len(net) == 10
    assert net.nodes == list(G.nodes)
    H = net.to_networkx()
    assert nx.is_isomorphic(G, H) and set(H.nodes) == set(G.nodes)
    assert sorted(map(sorted, H.edges)) == sorted(map(sorted, G.edges))
    s = netsched.generate(net, "broadcast", root="p3")
    assert s.transfers(0)[0]["source"] == "p3"
    assert netsched.route(net, "p0", "p7")["nodes"][-1] == "p7"


def _box(tmp_path):
    """An 8-GPU box as a networkx graph: each GPU on one NVSwitch, 3 x the default bandwidth in
    2 lanes; and the same machine as GraphML written by networkx, for the file reader."""
    G = nx.Graph()
    G.add_node("nvswitch", kind="switch")  # first: it still takes the id after the GPUs
    for i in range(8):
        G.add_node(f"gpu{i}", kind="endpoint")
        G.add_edge(f"gpu{i}", "nvswitch", weight=1.5, lanes=2)
    path = tmp_path / "box.graphml"
    nx.write_graphml(G, path)
    return G, f'file("{path}")'


def test_networkx_switches_weights_and_lanes_are_a_graph_files(tmp_path):
    G, spec = _box(tmp_path)
    net = netsched.Network.from_networkx(G)
    assert net.endpoints == 8 and len(net) == 9 and not net.directed
    assert net.nodes[:8] == [f"gpu{i}" for i in range(8)] and net.nodes[8] == "nvswitch"
    mine, theirs = net.info(), netsched.Network(spec).info()
    for key in ("endpoints", "switches", "arcs", "endpoint_bandwidth_out", "diameter"):
        assert mine[key] == theirs[key], key
    assert mine["endpoint_bandwidth_in"] == [3.0, 3.0]
    # networkx's GML writer says the same
    gml = tmp_path / "box.gml"
    nx.write_gml(G, gml)
    from_gml = netsched.Network(f'file("{gml}")').info()
    for key in ("endpoints", "switches", "arcs", "endpoint_bandwidth_in"):
        assert from_gml[key] == mine[key], key
    bound = json.loads(cli("prove", "bandwidth", net.spec, "all-gather", "--json").stdout)
    from_file = json.loads(cli("prove", "bandwidth", spec, "all-gather", "--json").stdout)
    assert bound["chunk_times"] == from_file["chunk_times"] == 7 / 3  # 7 chunks into a gpu at 3
    s = netsched.generate(net, "all-gather")
    assert s.verify()["ok"] and {t["target"] for t in s.transfers(0)} == {"nvswitch"}
    H = net.to_networkx()
    assert H.nodes["nvswitch"]["kind"] == "switch" and H.nodes["gpu3"]["kind"] == "endpoint"
    # register collectives: each GPU's message through the switch, its values as it left
    for collective in ("reduce-scatter", "all-reduce"):
        r = netsched.generate(net, collective)
        assert r.verify()["ok"] and r.algorithm == "mpi-ring"
        assert {t["target"] for t in r.transfers(0)} == {"nvswitch"}
    # what the model does not take yet is refused with one line
    with pytest.raises(netsched.InputError, match="so far only"):
        netsched.route(net, "gpu0", "gpu1")
    with pytest.raises(netsched.InputError, match="ports on a network of switches"):
        netsched.generate(net, "all-gather", ports="all-port")


def test_networkx_digraph_gives_arcs_each_its_own_way():
    D = nx.DiGraph()
    D.add_edge("a", "b", weight=2)
    D.add_edge("b", "c")
    D.add_edge("c", "a")
    net = netsched.Network.from_networkx(D)
    assert net.directed and net.info()["arcs"] == 3
    H = net.to_networkx()
    assert isinstance(H, nx.DiGraph) and set(H.edges) == set(D.edges)
    s = netsched.generate(net, "broadcast", root="b")
    assert s.verify()["ok"]
    for t in s.transfers(0):
        assert D.has_edge(t["source"], t["target"])


def test_networkx_attributes_refused_with_one_line():
    bad = nx.Graph([(0, 1)])
    bad.nodes[0]["kind"] = "router"
    cases = [(bad, "kind must be 'switch' or 'endpoint'"),
             (nx.Graph([(0, 1, {"weight": 1 / 3})]), "not a whole percent"),
             (nx.Graph([(0, 1, {"weight": -1})]), "must be a positive number"),
             (nx.Graph([(0, 1, {"lanes": 2.5})]), "lanes must be an integer"),
             (nx.Graph([(0, 1, {"lanes": 5000})]), "a lanes value is 1..1024"),
             (nx.MultiGraph([(0, 1), (0, 1)]), "give parallel lanes as an edge's 'lanes'"),
             (nx.DiGraph([(0, 1)]), "not strongly connected")]
    for graph, why in cases:
        with pytest.raises(netsched.InputError, match=why):
            netsched.Network.from_networkx(graph)
    only_switches = nx.Graph([(0, 1)])
    nx.set_node_attributes(only_switches, "switch", "kind")
    with pytest.raises(netsched.InputError, match="every node is a switch"):
        netsched.Network.from_networkx(only_switches)


def test_spec_network_to_networkx_uses_cli_labels():
    net = netsched.Network("torus(3,3)")
    G = net.to_networkx()
    assert "(0,0)" in G and G.nodes["(1,2)"]["id"] == net.id("(1,2)")
    assert nx.is_isomorphic(G, nx.grid_2d_graph(3, 3, periodic=True))


def test_schedule_json_is_lossless(tmp_path):
    s = netsched.generate(netsched.Network("hypercube(3)"), "total-exchange")
    text = s.to_json()
    back = netsched.Schedule.from_json(text)
    assert back.to_json() == text
    assert netsched.Schedule.from_json(json.loads(text)).to_json() == text
    assert [back.transfers(i) for i in range(back.steps)] == [s.transfers(i) for i in range(s.steps)]
    s.write(tmp_path / "te.json")
    assert (tmp_path / "te.json").read_text() == text
    assert cli("verify", str(tmp_path / "te.json"), "--json").stdout.strip() and \
        json.loads(cli("verify", str(tmp_path / "te.json"), "--json").stdout) == back.verify()


def test_bad_input_is_input_error_with_the_clis_message(tmp_path):
    for spec in ["torus(2,", "nosuch(3)", "graph(3, links=[{0,1}])", "graph(2, links=[{0,0}])"]:
        with pytest.raises(netsched.InputError) as e:
            netsched.Network(spec)
        assert cli("info", spec, ok=(2,)).stderr.strip() == "netsched: " + str(e.value)
    net = netsched.Network("ring(5)")
    with pytest.raises(netsched.InputError):
        net.id("(9)")
    with pytest.raises(netsched.InputError):
        netsched.generate(net, "no-such-collective")
    with pytest.raises(netsched.InputError):
        netsched.generate(net, "total-exchange", root=1)  # not a rooted collective
    with pytest.raises(netsched.InputError):
        netsched.prove_min_steps(net, "broadcast", timeout=-1)
    with pytest.raises(netsched.InputError):
        netsched.Network.from_networkx(nx.DiGraph([(0, 1)]))
    with pytest.raises(netsched.InputError):
        netsched.Schedule.from_json("{not json")
    with pytest.raises(netsched.InputError):
        netsched.read_schedule(tmp_path / "missing.json")
    with pytest.raises(ValueError):  # InputError is a ValueError
        netsched.Network("ring(")


def test_tampered_file_is_refused(tmp_path):
    s = netsched.generate(netsched.Network("ring(6)"), "broadcast")
    d = s.to_dict()
    d["verification"]["steps"] += 1
    with pytest.raises(netsched.InputError, match="tampered"):
        netsched.Schedule.from_json(d).verify()
    p = tmp_path / "t.json"
    p.write_text(json.dumps(d))
    r = cli("verify", str(p), ok=(2,))
    with pytest.raises(netsched.InputError) as e:
        netsched.read_schedule(p).verify()
    assert r.stderr.strip() == "netsched: " + str(e.value)


def test_violated_schedule_is_reported_and_never_written(tmp_path):
    d = netsched.generate(netsched.Network("ring(6)"), "broadcast").to_dict()
    del d["verification"]
    d["steps"] = d["steps"][1:]  # drop the first step: later senders do not hold the chunk
    s = netsched.Schedule.from_json(d)
    v = s.verify()
    assert v["ok"] is False and v["violation"]["rule"]
    with pytest.raises(netsched.InputError, match="no violated schedule is written"):
        s.write(tmp_path / "bad.json")
    assert not (tmp_path / "bad.json").exists()


def test_long_work_releases_the_gil_and_reports_progress():
    net = netsched.Network("hypercube(10)")
    seen = []
    ticks = 0
    done = threading.Event()

    def work():
        seen.append(net.info(progress=lambda stage, d, n: seen.append((stage, d, n))))
        done.set()

    t = threading.Thread(target=work)
    t.start()
    while not done.is_set():  # this thread runs while the other is inside C++
        ticks += 1
        done.wait(0.001)
    t.join()
    assert seen[-1]["nodes"] == 1024
    stages = [x for x in seen[:-1]]
    assert stages and all(d <= n for _, d, n in stages) and ticks > 0


def test_generated_schedule_is_checked_and_listed():
    net = netsched.Network("hypercube(4)")
    names = netsched.algorithms(net, "all-gather")
    assert "recursive-doubling" in names
    s = netsched.generate(net, "all-gather", algorithm="recursive-doubling")
    assert s.algorithm == "recursive-doubling" and s.steps == 4 and s.verify()["ok"]
    assert s.port_model == "one-port" and s.collective == "all-gather"


def test_ports_re_time_an_all_port_schedule_for_a_machine_with_fewer():
    g = nx.petersen_graph()
    net = netsched.Network.from_networkx(g)
    wide = netsched.generate(net, "all-gather", algorithm="flood")
    assert wide.port_model == "all-port"
    s = netsched.generate(net, "all-gather", algorithm="flood", ports="2-port")
    assert s.port_model == "k-port" and s.algorithm == "flood re-timed to 2-port"
    assert s.verify()["ok"] and s.steps >= wide.steps
    with pytest.raises(netsched.InputError, match="unknown port model 'two'"):
        netsched.generate(net, "all-gather", algorithm="flood", ports="two")


def test_a_routed_all_to_all_runs_where_the_network_routes():
    net = netsched.Network.from_networkx(nx.petersen_graph())
    direct = netsched.generate(net, "total-exchange", algorithm="direct", ports="routed")
    assert direct.port_model == "routed" and direct.steps == 1 and direct.verify()["ok"]
    with pytest.raises(netsched.InputError, match="a routed schedule is not re-timed to one-port"):
        netsched.generate(net, "total-exchange", algorithm="direct", ports="one-port")


def test_a_schedule_never_makes_python_read_a_file_it_does_not_pin(tmp_path):
    # hypercube(3)'s links: were the file read, the schedule would verify
    secret = tmp_path / "secret.edges"
    secret.write_text("".join(f"{u} {u ^ b}\n" for u in range(8) for b in (1, 2, 4) if u < u ^ b))
    s = netsched.generate(netsched.Network("hypercube(3)"), "total-exchange")
    d = json.loads(s.to_json())
    d.pop("verification", None)
    d["topology"] = f'file("{secret}")'
    with pytest.raises(netsched.InputError) as e:
        netsched.Schedule.from_json(json.dumps(d)).verify()
    assert "without its sha256" in str(e.value)


@pytest.mark.parametrize("raised", [KeyboardInterrupt, SystemExit, RuntimeError])
def test_a_progress_callback_that_raises_stops_the_work(raised):
    # Ctrl-C in a notebook arrives as KeyboardInterrupt: it must stop the call, not be swallowed
    calls = []

    def stop(stage, done, total):
        calls.append(stage)
        raise raised("stop")

    with pytest.raises(raised):
        netsched.Network("hypercube(12)").info(progress=stop)
    assert len(calls) == 1  # never called again once it raised


def test_wrong_argument_types_are_input_errors_with_one_line():
    net = netsched.Network("ring(5)")
    s = netsched.generate(net, "broadcast")
    cases = [
        lambda: netsched.Network.from_links(2**64, []),
        lambda: netsched.Network.from_links(3, [(-1, 1)]),
        lambda: netsched.Network.from_links(3, [(0.5, 1)]),  # never truncated to 0
        lambda: netsched.Network.from_networkx([(0, 1)]),
        lambda: net.name(10**6),
        lambda: net.name(-1),
        lambda: netsched.generate(net, "broadcast", pieces=-1),
        lambda: netsched.generate(net, "broadcast", algorithm=None),
        lambda: netsched.Schedule.from_json(None),
        lambda: s.transfers(-1),
        lambda: s.write(None),
        lambda: netsched.algorithms(net, "nosuch"),
    ]
    for case in cases:
        with pytest.raises(netsched.InputError) as e:
            case()
        assert "\n" not in str(e.value)
    assert not os.path.exists("None")


def test_graphs_in_memory_are_limited_as_graph_files_are_not_by_a_specs_length():
    # a 20 x 20 grid's spec once exceeded the 4,096 characters of a typed spec
    grid = netsched.Network.from_networkx(nx.grid_2d_graph(20, 20))
    assert len(grid) == 400 and len(grid.spec) > 4096
    s = netsched.generate(grid, "broadcast")
    back = netsched.Schedule.from_json(s.to_dict())  # its file names the whole graph
    assert back.verify()["ok"]
    with pytest.raises(netsched.InputError, match="kMaxFileNodes"):
        netsched.Network.from_links(2**24 + 1, [])


def test_a_refused_info_names_pythons_own_argument():
    # ccc(18): the distance facts' work is refused before it starts; Python has no --basic
    with pytest.raises(netsched.InputError) as e:
        netsched.Network("ccc(18)").info()
    assert "distances=False" in str(e.value) and "--basic" not in str(e.value)
    assert netsched.Network("ccc(18)").info(distances=False)["nodes"] == 18 * 2 ** 18
