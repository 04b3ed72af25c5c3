"""netsched from Python: networks, checked schedules and proofs, speaking networkx.

Why a package around the extension: the C++ library (api/netsched.hpp, bound in
netsched._netsched) answers with serial node ids and the CLI's JSON; here those become the
names a Python user holds (a networkx graph's own nodes, or the labels the CLI prints) and
dicts. Every check is the library's: nothing here decides whether a schedule holds.

    import netsched, networkx as nx
    net = netsched.Network("hdn(torus(2,3), sn=[{0}])")
    s = netsched.generate(netsched.Network.from_networkx(nx.petersen_graph()), "broadcast", root=0)
    s.verify()["ok"]                      # True: the simulator's verdict, as `verify --json`

docs/library.md has the whole API.
"""
import json as _json
import numbers
import sys as _sys

from . import _netsched as _core
from ._netsched import InputError

__version__ = _core.version()
__all__ = ["Network", "Schedule", "InputError", "generate", "algorithms", "read_schedule",
           "route", "prove_min_steps", "__version__"]


def _in_notebook():
    shell = _sys.modules.get("IPython")
    return bool(shell and getattr(shell, "get_ipython", lambda: None)())


def _print_progress(stage, done, total):
    end = "\n" if done >= total else ""
    print(f"\r{stage} {done}/{total}", end=end, file=_sys.stderr, flush=True)


def _progress(progress):
    """None: show progress in a notebook only; True/False: always/never; or a callable
    (stage, done, total)."""
    if progress is None:
        return _print_progress if _in_notebook() else None
    if progress is True:
        return _print_progress
    if progress is False:
        return None
    if not callable(progress):
        raise InputError("progress must be None, True, False or a callable (stage, done, total)")
    return progress


_MAX_ID = 2**32 - 1


def _int(value, what, lo=0, hi=_MAX_ID):
    """`value` as an int in lo..hi, or InputError: no float truncated, no bool, no wrap."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InputError(f"{what} must be an integer, got {type(value).__name__} {value!r:.40}")
    if not lo <= value <= hi:
        raise InputError(f"{what} must be {lo} to {hi}, got {value}")
    return value


def _str(value, what):
    if not isinstance(value, str):
        raise InputError(f"{what} must be a string, got {type(value).__name__}")
    return value


def _node_kind(node, kind):
    """Whether a networkx node is a switch, from its "kind" (as a graph file's)."""
    if kind is None or kind == "endpoint":
        return False
    if kind == "switch":
        return True
    raise InputError(f"node {node!r:.40}: kind must be 'switch' or 'endpoint', got {kind!r:.40}")


def _percent(weight, a, b):
    """An edge's weight (a bandwidth multiple) in whole percent, as graph(N, ...) carries it."""
    what = f"edge ({a!r:.40}, {b!r:.40})'s weight"
    if isinstance(weight, bool) or not isinstance(weight, numbers.Real) or not weight > 0:
        raise InputError(f"{what} must be a positive number, got {weight!r:.40}")
    percent = round(weight * 100)
    if percent < 1 or abs(percent - weight * 100) > 1e-9 * weight * 100:
        raise InputError(f"{what} {weight!r} is not a whole percent of the default bandwidth "
                         "(weights are carried as percentages: 2.5 is 250 %)")
    return percent


def _lanes(value, a, b):
    """An edge's lanes: a whole number (2 and 2.0 alike, as GraphML readers give either)."""
    if isinstance(value, numbers.Real) and not isinstance(value, (bool, numbers.Integral)) \
            and float(value).is_integer():
        value = int(value)
    elif isinstance(value, numbers.Integral) and not isinstance(value, bool):
        value = int(value)
    return _int(value, f"edge ({a!r:.40}, {b!r:.40})'s lanes")  # its range: graph(N, ...)'s


def _path(value, what="path"):
    import os
    if not isinstance(value, (str, os.PathLike)):
        raise InputError(f"{what} must be a str or a path, got {type(value).__name__}")
    return os.fspath(value)


class Network:
    """A network: any spec of docs/spec.md, or a graph from networkx or a list of links.

    Nodes are named as the user knows them: a networkx graph's own nodes, else the labels
    the CLI prints. Methods that take a node accept such a name, or a serial id (int)."""

    def __init__(self, spec):
        if isinstance(spec, _core.Network):
            self._net = spec
        else:
            if not isinstance(spec, str):
                raise InputError("Network takes a spec string; for a networkx graph use "
                                 "Network.from_networkx(G)")
            self._net = _core.Network.from_spec(spec)
        self._names = None  # the networkx node of each serial id, when made from one
        self._index = None

    @classmethod
    def from_links(cls, nodes, links):
        """A graph on `nodes` nodes (0..nodes-1) with these links (pairs of ids)."""
        n = _int(nodes, "nodes", 1)
        pairs = []
        for link in links:
            if not isinstance(link, (tuple, list)) or len(link) != 2:
                raise InputError(f"a link is a pair of node ids, got {link!r:.40}")
            pairs.append((_int(link[0], "a link's node", 0, n - 1),
                          _int(link[1], "a link's node", 0, n - 1)))
        return cls(_core.Network.from_links(n, pairs))

    @classmethod
    def from_networkx(cls, graph):
        """The networkx graph as a network, every method taking and giving graph's own node
        names. A node whose attribute "kind" is "switch" only forwards and is no rank ("endpoint"
        or none: a rank); the endpoints take the ids 0..E-1 in graph's order, the switches the
        ids after them. A DiGraph gives directed links, each arc its own. An edge's "weight" is
        its bandwidth as a multiple of the default (carried in whole percent), its "lanes" a
        whole number that multiplies it. Multigraphs are refused (InputError): give "lanes"."""
        if not all(hasattr(graph, a) for a in ("is_directed", "is_multigraph", "nodes", "edges")):
            raise InputError("from_networkx takes a networkx graph (nx.Graph or nx.DiGraph), got "
                             f"{type(graph).__name__}")
        if graph.is_multigraph():
            raise InputError("from_networkx takes a simple graph (nx.Graph or nx.DiGraph), got "
                             f"{type(graph).__name__}: give parallel lanes as an edge's 'lanes'")
        kinds = {v: _node_kind(v, k) for v, k in graph.nodes(data="kind")}
        names = [v for v in graph.nodes if not kinds[v]] + [v for v in graph.nodes if kinds[v]]
        index = {v: i for i, v in enumerate(names)}
        links, bandwidth, lanes = [], [], []
        for a, b, data in graph.edges(data=True):
            link = (index[a], index[b])
            links.append(link)
            if data.get("weight") is not None:
                bandwidth.append((*link, _percent(data["weight"], a, b)))
            if data.get("lanes") is not None:
                lanes.append((*link, _lanes(data["lanes"], a, b)))
        switches = [index[v] for v in names if kinds[v]]
        net = cls(_core.Network.from_graph(len(names), links, bool(graph.is_directed()), switches,
                                           bandwidth, lanes))
        net._names, net._index = names, index
        return net

    # --- names and ids ---
    def id(self, node):
        """The serial id of a node given by name (or serial id)."""
        if self._index is not None:
            if node in self._index:
                return self._index[node]
            raise InputError(f"no node {node!r} in the graph")
        if isinstance(node, bool) or not isinstance(node, (int, str)):
            raise InputError(f"a node is a serial id or a label, got {node!r}")
        return self._net.node(str(node))

    def name(self, node_id):
        """The name of serial id `node_id`: the networkx node, or the CLI's label."""
        _int(node_id, "a serial id", 0, len(self) - 1)
        if self._names is not None:
            return self._names[node_id]
        return self._labels()[node_id]

    def _labels(self):
        if not hasattr(self, "_label_cache"):
            self._label_cache = self._net.labels()
        return self._label_cache

    # --- facts ---
    @property
    def spec(self):
        return self._net.spec

    @property
    def family(self):
        return self._net.family

    @property
    def nodes(self):
        """The nodes' names, by serial id."""
        return list(self._names) if self._names is not None else list(self._labels())

    @property
    def edges(self):
        """The links as pairs of names, (smaller id, larger id), sorted by id."""
        return [(self.name(a), self.name(b)) for a, b in self._net.links()]

    def __len__(self):
        return self._net.node_count

    def __repr__(self):
        return f"netsched.Network({self.spec!r})"

    def info(self, distances=True, progress=None):
        """The facts of `netsched info --json`, as a dict."""
        return _json.loads(self._net.info_json(distances, _progress(progress)))

    @property
    def endpoints(self):
        """The number of endpoints (ranks): serial ids 0..endpoints-1; the rest are switches."""
        return self._net.endpoint_count

    @property
    def directed(self):
        """Whether some link is one way only or differs in bandwidth by direction."""
        return self._net.directed

    def to_networkx(self):
        """An nx.Graph (nx.DiGraph of every arc when the network is directed) with the nodes'
        names (labels as the CLI prints them), each with its serial id as the attribute "id",
        and "kind" "switch" or "endpoint" when the network has switches. Link speeds are not
        carried."""
        import networkx as nx

        g = nx.DiGraph(spec=self.spec) if self.directed else nx.Graph(spec=self.spec)
        switched = self.endpoints < len(self)
        for i, v in enumerate(self.nodes):
            if switched:
                g.add_node(v, id=i, kind="switch" if i >= self.endpoints else "endpoint")
            else:
                g.add_node(v, id=i)
        if self.directed:
            g.add_edges_from((self.name(a), self.name(b)) for a, b in self._net.arcs())
        else:
            g.add_edges_from(self.edges)
        return g


class Schedule:
    """A schedule: generated (checked already) or read from the file format."""

    def __init__(self, core, network=None):
        self._s = core
        self._network = network

    @classmethod
    def from_json(cls, text):
        """The file format (str, bytes or a dict) as a schedule; lossless with to_json()."""
        if isinstance(text, dict):
            text = _json.dumps(text)
        elif isinstance(text, (bytes, bytearray)):
            text = text.decode("utf-8", errors="replace")
        elif not isinstance(text, str):
            raise InputError("from_json takes the file format as str, bytes or a dict, got "
                             f"{type(text).__name__}")
        return cls(_core.Schedule.from_json(text))

    @property
    def network(self):
        if self._network is None:
            self._network = Network(self._s.network())
        return self._network

    topology = property(lambda self: self._s.topology)
    collective = property(lambda self: self._s.collective)
    algorithm = property(lambda self: self._s.algorithm)
    port_model = property(lambda self: self._s.port_model)
    steps = property(lambda self: self._s.steps, doc="the number of steps")
    transfer_count = property(lambda self: self._s.transfer_count)

    def transfers(self, step):
        """The transfers of one step: dicts with source and target (names), their ids, and
        the payload as the file writes it."""
        net = self.network
        _int(step, "step", 0, max(self.steps - 1, 0))
        return [{"source": net.name(t.source), "target": net.name(t.target),
                 "source_id": t.source, "target_id": t.target,
                 "payload": _json.loads(t.payload_json)} for t in self._s.transfers(step)]

    def verify(self, progress=None):
        """The simulator's verdict with its bounds and cost, as `netsched verify --json`."""
        return _json.loads(self._s.verify_json(_progress(progress)))

    def to_json(self):
        """The file format, with its verification record (a schedule that does not hold is
        refused, as a file would be)."""
        return self._s.to_json()

    def to_dict(self):
        return _json.loads(self.to_json())

    def write(self, path):
        """Writes the file (atomically), with its verification record."""
        self._s.write(_path(path))

    def __repr__(self):
        return (f"<netsched.Schedule {self.collective} on {self.topology} by {self.algorithm}: "
                f"{self.steps} steps>")


def read_schedule(path):
    """Reads a schedule file (docs/schedule-format.md)."""
    return Schedule(_core.Schedule.read(_path(path)))


def _network(net):
    if not isinstance(net, Network):
        raise InputError(f"expected a netsched.Network, got {type(net).__name__}")
    return net


def generate(network, collective, root=None, algorithm="auto", source=None, target=None,
             dimension=0, pieces=0, ports=None, progress=None):
    """A schedule of `collective` on `network`, checked by the simulator (`netsched gen`).
    `ports` ("one-port", "2-port", ..., "all-port", "routed"): the machine's port model; a
    schedule that assumes more ports is re-timed to it and checked (`gen --ports`); a routed
    one (`direct`, `routed-bruck`) runs only where the network routes."""
    net = _network(network)
    o = _core.GenerateOptions()
    o.algorithm = _str(algorithm, "algorithm")
    _str(collective, "collective")
    for key, node in (("root", root), ("source", source), ("target", target)):
        if node is not None:
            setattr(o, key, str(net.id(node)))
    o.dimension = _int(dimension, "dimension", 0, 63)
    o.pieces = _int(pieces, "pieces", 0, 2**31 - 1)
    if ports is not None:
        o.ports = _str(ports, "ports")
    return Schedule(_core.generate(net._net, collective, o, _progress(progress)), net)


def algorithms(network, collective):
    """The algorithms that apply to `collective` on `network` (`gen --list`)."""
    return _core.algorithms(_network(network)._net, _str(collective, "collective"))


def route(network, source, target, algorithm="auto"):
    """The router's walk from source to target, checked (`netsched route --json`), with the
    walk's node names under "nodes"."""
    net = _network(network)
    r = _json.loads(_core.route_json(net._net, str(net.id(source)), str(net.id(target)),
                                     _str(algorithm, "algorithm")))
    r["nodes"] = [net.name(i) for i in r["path"]]
    return r


def prove_min_steps(network, collective, root=None, timeout=_core.DEFAULT_PROVE_SECONDS):
    """The fewest steps of a unit-message one-port schedule, bracketed and narrowed by Z3
    within `timeout` seconds (`netsched prove min-steps --json`)."""
    net = _network(network)
    r = None if root is None else str(net.id(root))
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not timeout > 0:
        raise InputError(f"timeout must be a number of seconds above 0, got {timeout!r:.40}")
    return _json.loads(_core.prove_min_steps_json(net._net, _str(collective, "collective"), r,
                                                  float(timeout)))
