"""Independent readers of netsched's exports: Chakra execution traces and MSCCL++ execution plans
are replayed with concrete data, in orders drawn at random among those the files allow, and the
buffers they end with are compared with the collective's result.

Nothing here uses netsched's code: the traces are decoded with the protobuf classes protoc
generated from exec/chakra/et_def.proto (the format's messages) and the plans with json; the
collectives' results are computed here from their definitions."""
import json
import random

# ---------------------------------------------------------------- the collectives' results ----


def inputs(coll, n, c):
    """Each rank's input buffer: distinct integers, as many as the collective gives a rank."""
    size = {"allgather": c, "allreduce": c, "reducescatter": n * c, "alltoall": n * c}[coll]
    return [[1000003 * (r + 1) + 7919 * k + 17 for k in range(size)] for r in range(n)]


def expected(coll, data, n, c):
    """Each rank's output buffer, from the definitions (MPI's layouts)."""
    if coll == "allgather":
        return [[data[k // c][k % c] for k in range(n * c)] for _ in range(n)]
    if coll == "allreduce":
        return [[sum(data[r][k] for r in range(n)) for k in range(c)] for _ in range(n)]
    if coll == "reducescatter":
        return [[sum(data[s][g * c + k] for s in range(n)) for k in range(c)] for g in range(n)]
    if coll == "alltoall":
        return [[data[k // c][g * c + k % c] for k in range(n * c)] for g in range(n)]
    raise ValueError(coll)


# --------------------------------------------------------------------- Chakra traces ----


def read_delimited(raw, message_types):
    """The messages of a file of varint-length-prefixed protobuf messages: the first of
    message_types[0], the rest of message_types[1]."""
    out, at = [], 0
    while at < len(raw):
        length, shift = 0, 0
        while True:
            b = raw[at]
            at += 1
            length |= (b & 0x7F) << shift
            shift += 7
            if not b & 0x80:
                break
        kind = message_types[0] if not out else message_types[1]
        m = kind()
        m.ParseFromString(raw[at:at + length])
        at += length
        out.append(m)
    return out


def attrs(node):
    out = {}
    for a in node.attr:
        kind = a.WhichOneof("value")
        v = getattr(a, kind)
        out[a.name] = list(v.values) if kind == "int64_list" else v
    return out


def load_traces(prefix, ranks, pb2):
    traces = []
    for r in range(ranks):
        with open(f"{prefix}.{r}.et", "rb") as f:
            msgs = read_delimited(f.read(), (pb2.GlobalMetadata, pb2.Node))
        meta = {a.name: getattr(a, a.WhichOneof("value")) for a in msgs[0].attr}
        traces.append((meta, msgs[1:]))
    return traces


def replay_traces(traces, coll, n, c, seed):
    """Runs every rank's nodes: a node once every node it depends on has ended; a receive once its
    message (its sender and tag) was sent; the next node drawn at random among those that may run.
    Returns each rank's output buffer and the collective's."""
    rng = random.Random(seed)
    data = inputs(coll, n, c)
    mem = [{0: dict(enumerate(data[r])), 1: {}, 2: {}} for r in range(n)]
    nodes = [{nd.id: (nd, attrs(nd)) for nd in t[1]} for t in traces]
    waiting = {}     # (rank, node) -> what it still waits for
    dependents = {}  # (rank, node) or ("msg", key) -> who waits for it
    sent = {}        # (src, dst, tag) -> values
    for r in range(n):
        for i, (nd, a) in nodes[r].items():
            deps = set(nd.data_deps) | set(nd.ctrl_deps)
            waiting[(r, i)] = len(deps) + (1 if nd.type == 6 else 0)
            for d in deps:
                dependents.setdefault((r, d), []).append((r, i))
            if nd.type == 6:  # COMM_RECV_NODE: also waits for its message
                dependents.setdefault(("msg", (a["comm_src"], r, a["comm_tag"])), []).append((r, i))
    ready = [k for k, w in waiting.items() if w == 0]

    def release(key):
        for k in dependents.get(key, []):
            waiting[k] -= 1
            if waiting[k] == 0:
                ready.append(k)

    finished = 0
    while ready:
        r, i = ready.pop(rng.randrange(len(ready)))
        nd, a = nodes[r][i]
        if nd.type == 5:  # COMM_SEND_NODE
            buf, off, cnt = a["netsched_src"]
            key = (r, a["comm_dst"], a["comm_tag"])
            assert key not in sent, f"two messages share {key}"
            assert a["comm_size"] > 0 and a["msg_chunk_cnt"] == cnt
            sent[key] = [mem[r][buf].get(off + k) for k in range(cnt)]
            release(("msg", key))
        elif nd.type == 6:
            buf, off, cnt = a["netsched_dst"]
            values = sent[(a["comm_src"], r, a["comm_tag"])]
            assert len(values) == cnt
            for k in range(cnt):
                mem[r][buf][off + k] = values[k]
        elif nd.type == 4:  # COMP_NODE
            sbuf, soff, cnt = a["netsched_src"]
            dbuf, doff, _ = a["netsched_dst"]
            for k in range(cnt):
                v = mem[r][sbuf].get(soff + k)
                assert v is not None, f"rank {r} computes with a chunk nobody wrote"
                if a["netsched_op"] == "reduce":
                    v = mem[r][dbuf][doff + k] + v
                mem[r][dbuf][doff + k] = v
        else:
            raise AssertionError(f"node type {nd.type}")
        finished += 1
        release((r, i))
    assert finished == len(waiting), f"the traces stall: {len(waiting) - finished} nodes never run"
    want = expected(coll, data, n, c)
    return [[mem[r][1].get(k) for k in range(len(want[0]))] for r in range(n)], want


# --------------------------------------------------------------------- MSCCL++ plans ----


def replay_plan(plan, coll, n, c, seed):
    """Runs a plan's threadblocks, each in order, drawing the next operation at random among
    those that may run: a wait once its channel pair has a signal it has not taken, anything else
    at once. A put writes into the peer's buffer; re sums its sources into its destination."""
    rng = random.Random(seed)
    data = inputs(coll, n, c)
    mem = [{"i": dict(enumerate(data[r])), "o": {}, "s": {}} for r in range(n)]
    gpus = plan["gpus"]
    peers = [[p for ch in g["channels"] if ch["channel_type"] == "memory" for p in ch["connected_to"]]
             for g in gpus]
    signals = {}  # (from, to, k) -> count
    taken = {}
    threads = [(g, t) for g in range(n) for t in range(len(gpus[g]["threadblocks"]))]
    pc = {th: 0 for th in threads}

    def channel(g, tb, cid):
        ch = tb["channels"][0]["channel_ids"][cid]
        p = peers[g][ch]
        return p, peers[g][:ch].count(p)

    def where(g, tb, b):
        if "buffer_id" in b:
            rid = tb["remote_buffer_refs"][0]["remote_buffer_ids"][b["buffer_id"]]
            rb = gpus[g]["remote_buffers"][rid]
            return rb["rank"], rb["type"]
        return g, b["type"]

    def ready(g, t):
        tb = gpus[g]["threadblocks"][t]
        if pc[(g, t)] >= len(tb["ops"]):
            return False
        op = tb["ops"][pc[(g, t)]]
        if op["name"] != "wait":
            return True
        for cid in op["channel_ids"]:
            p, k = channel(g, tb, cid)
            if signals.get((p, g, k), 0) <= taken.get((p, g, k), 0):
                return False
        return True

    while True:
        runnable = [th for th in threads if ready(*th)]
        if not runnable:
            break
        g, t = rng.choice(runnable)
        tb = gpus[g]["threadblocks"][t]
        op = tb["ops"][pc[(g, t)]]
        pc[(g, t)] += 1
        name = op["name"]
        if name == "signal":
            for cid in op["channel_ids"]:
                p, k = channel(g, tb, cid)
                signals[(g, p, k)] = signals.get((g, p, k), 0) + 1
        elif name == "wait":
            for cid in op["channel_ids"]:
                p, k = channel(g, tb, cid)
                taken[(p, g, k)] = taken.get((p, g, k), 0) + 1
        elif name in ("put", "copy"):
            for s, d in zip(op["src_buff"], op["dst_buff"]):
                sg, st = where(g, tb, s)
                dg, dt = where(g, tb, d)
                for k in range(s["size"]):
                    v = mem[sg][st].get(s["index"] + k)
                    assert v is not None, f"gpu {g} sends a chunk nobody wrote"
                    mem[dg][dt][d["index"] + k] = v
        elif name == "re":
            d = op["dst_buff"][0]
            for k in range(d["size"]):
                total = 0
                for s in op["src_buff"]:
                    sg, st = where(g, tb, s)
                    v = mem[sg][st].get(s["index"] + k)
                    assert v is not None, f"gpu {g} reduces a chunk nobody wrote"
                    total += v
                mem[g][d["type"]][d["index"] + k] = total
        else:
            raise AssertionError(f"operation {name}")
    stalled = [th for th in threads if pc[th] < len(gpus[th[0]]["threadblocks"][th[1]]["ops"])]
    assert not stalled, f"the plan stalls: threadblocks {stalled} wait for signals never sent"
    size = len(expected(coll, data, n, c)[0])
    return [[mem[r]["o"].get(k) for k in range(size)] for r in range(n)], expected(coll, data, n, c)


def load_plan(path):
    with open(path) as f:
        return json.load(f)
