#!/usr/bin/env python3
"""docs/SIZE-CHOICE.md's body: the schedule `netsched gen --bytes` chooses for each message size,
the family's default schedule (the paper's algorithm where a paper gives one), and every MPI
algorithm SimGrid's SMPI implements, all simulated by `netsched simulate` on the same platform;
at 1 MiB the chosen schedule is also run under OpenMPI with every byte checked, and exported to
MSCCL-IR and the XML imported back and checked on the network. Every number is computed here from
gen's, simulate's and import's JSON and run's exit code.
Usage: scripts/size-choice-table.py NETSCHED OUT.md   (make size-choice-doc)
       scripts/size-choice-table.py --cache-note DIR   (the docs' sentence on the cache)
The environment overrides the cases: NETWORKS (specs separated by ';'), COLLECTIVES and SIZES
(comma-separated; bytes per node), as make bandwidth-simgrid-doc does. With CASE_CACHE=DIR each
simulation's figures are kept in DIR, so that a run stopped part way, or run again after a change,
redoes only what the change can alter. MPI's timings are kept under the SHA-256 of the platform
(the files simulate wrote, kept with --keep, and its link and SimGrid settings), of the sources
that decide how MPI is called and timed (MPI_SOURCES, read from this tree, which the binary is
taken to be built from), of the SimGrid version, the collective, the bytes MPI is given and the
timeout; a schedule's time under the SHA-256 of the netsched binary, of the netsched-exec-smpi
program and of the schedule file; its OpenMPI run and MSCCL-IR round trip under the binary's and
the file's."""
import functools, glob, hashlib, json, os, subprocess, sys, tempfile

NETWORKS = os.environ.get("NETWORKS", "hypercube(6);torus(8,8);dualcube(3)").split(";")
COLLECTIVES = os.environ.get("COLLECTIVES",
                             "broadcast,all-gather,reduce-scatter,all-reduce,reduce,prefix,"
                             "total-exchange").split(",")
# bytes each node contributes: the root's broadcast message, its all-gather block, a block of its
# reduce-scatter vector (N blocks), its all-reduce, reduce and prefix vector, its all-to-all send
# buffer (split over the N destinations, at least 1 byte each)
SIZES = [int(x) for x in os.environ.get("SIZES", f"8,{64 << 10},{1 << 20},{8 << 20}").split(",")]
# what decides MPI's call, its timing and the smpirun command: the executor's main and its MPI
# reference (the counts from the plan, the buffers, the report simulate reads), simulate with its
# process runner, and the two replays. Not the rank executor, which runs only netsched's
# schedule, nor what writes the platform, whose files are hashed themselves.
MPI_SOURCES = ("exec/mpi_exec.cpp", "exec/mpi_reference.*", "exec/mpi_buffer.hpp", "exec/wire.hpp",
               "exec/report.*", "exec/exec_plan.*", "exec/simulate.*", "exec/smpi_trace.*",
               "exec/process.*", "exec/s4u_replay.cpp", "exec/smpi_replay_main.cpp",
               "exec/smpi_clock.hpp")
CHECKED_SIZE = 1 << 20  # the size whose chosen schedule also runs under OpenMPI
RUN_BYTES = 4096        # chunk bytes of the checked OpenMPI run (the check does not depend on size)
TIMEOUT = 600  # seconds of simulation per run; an MPI algorithm that takes longer has no time


def chunk_bytes(coll, nodes, per_node):
    """gen --bytes: the bytes of one chunk (all-reduce: the whole vector)."""
    return max(1, per_node // nodes) if coll == "total-exchange" else per_node


def run(cmd):
    return subprocess.run(cmd, capture_output=True, text=True)


def why(r):
    """A failed command's one-line reason: its last line on stderr, without the tool's name."""
    lines = r.stderr.strip().splitlines() or ["no message"]
    return lines[-1].removeprefix("netsched: ").replace("|", "/")


class Refused(Exception):
    """simulate refused the file before any run (its one line says why: memory, size)."""


def simulate(ns, f, piece, mpi, algorithms=None, replay=False):
    """simulate's rows for file f at `piece` bytes a chunk (MPI's algorithms too when mpi: all of
    them, or those named; by SMPI's trace replay when replay), and the SHA-256 of the platform
    it ran them on: the files it wrote and its link and SimGrid settings."""
    with tempfile.TemporaryDirectory() as keep:
        chosen = ["--algorithms", ",".join(algorithms) if algorithms else "none"]
        cmd = [ns, "simulate", f, "--json", "--no-anchor", "--timeout", str(TIMEOUT), "--bytes",
               str(piece), "--keep", keep] + ([] if mpi and not algorithms else chosen) + (
               ["--mpi-trace-replay"] if replay else [])
        s = run(cmd)
        if s.returncode == 2:  # refused before any run: --json puts the line on stdout
            raise Refused(json.loads(s.stdout).get("error", why(s))
                          if s.stdout.strip().startswith("{") else why(s))
        if not s.stdout.strip().startswith("{"):
            sys.exit(f"simulate failed on {f}: {s.stderr}")
        platform = hashlib.sha256()
        for name in sorted(glob.glob(os.path.join(keep, "platform*.xml")) +
                           glob.glob(os.path.join(keep, "hosts*.txt"))):
            platform.update(os.path.basename(name).encode() + b"\0" + file_hash(name).encode())
        out = json.loads(s.stdout)
        # the links' and SimGrid's settings simulate ran with belong to the platform too
        platform.update(json.dumps([out[k] for k in ("bandwidth", "latency", "network_model",
                                                     "simgrid_cfg")]).encode())
        return out["rows"], platform.hexdigest()


def schedule_time(ns, f, piece):
    """The schedule's simulated seconds and its platform's hash, kept under the file's hash."""
    def compute():
        try:
            rows, platform = simulate(ns, f, piece, False)
        except Refused as e:
            return dict(seconds=None, platform=None, refused=str(e))
        return dict(seconds=[r["seconds"] for r in rows if r["what"] == "schedule"][0],
                    platform=platform)
    return memo("schedule", [binary_hash(ns), helper_hash(ns), file_hash(f), piece, TIMEOUT],
                compute)


def timed_rows(rows):
    """The MPI algorithms of simulate's rows with a time: [seconds, algorithm] each."""
    return [[r["seconds"], r["algorithm"]] for r in rows
            if r["what"] != "schedule" and r.get("seconds") is not None]


def traced_rows(rows):
    """The MPI algorithms SMPI's trace replay timed."""
    return sorted(r["algorithm"] for r in rows
                  if r.get("timed_by") == "smpi-trace-replay" and r.get("seconds") is not None)


def ran_instead_rows(rows):
    """The MPI algorithms SMPI's trace replay failed (SimGrid aborted it) that simulate then timed
    by running MPI's program."""
    return sorted(r["algorithm"] for r in rows
                  if r.get("smpi_trace_replay_error") and r.get("seconds") is not None)


def untimed_rows(rows):
    """The MPI algorithms of simulate's rows with no time, each with simulate's one line why (SMPI
    refused it, its run timed out, SimGrid failed) and, for a run stopped at the timeout, the
    simulated seconds its collective had run unfinished (its time is at least that), else None."""
    return sorted([r["algorithm"], r.get("error", "no reason given").replace("|", "/"),
                   r.get("unfinished_after_seconds")]
                  for r in rows if r["what"] != "schedule" and r.get("seconds") is None)


def mpi_times(ns, f, piece, platform, mine):
    """Every MPI algorithm's seconds on the platform (timed, sorted fastest first) and the
    algorithms with no time and why, for f's collective at the bytes simulate gives MPI (a piece
    times the pieces), kept under the platform's hash: they do not depend on how f schedules it.
    A figure kept without the reasons (an earlier run's) has its untimed algorithms run again
    (the timeout is the host's seconds: one that timed out on a loaded machine may finish), and
    an algorithm the kernel killed for memory is timed once by SMPI's trace replay, as is one
    stopped at the timeout before it had run as long as the schedule (`mine` seconds): the
    replay simulates the same algorithm faster, nothing copied or reduced."""
    def compute():
        try:
            rows, again = simulate(ns, f, piece, True)
        except Refused as e:  # MPI's own buffers over the budget, the schedule's not
            return dict(timed=[], untimed=[], refused=str(e))
        if again != platform:
            sys.exit(f"simulate wrote another platform for {f} than it did alone")
        return dict(timed=sorted(timed_rows(rows)), untimed=untimed_rows(rows),
                    traced=traced_rows(rows), ran_instead=ran_instead_rows(rows))
    collective = json.load(open(f))["collective"]
    whole = piece * collective.pop("pieces", 1)
    key = [platform, mpi_sources_hash(), simgrid_version(), json.dumps(collective, sort_keys=True),
           whole, TIMEOUT]
    value = memo("mpi", key, compute)
    # an earlier run's [algorithm, why] has no simulated time by the timeout
    value["untimed"] = [u + [None] if isinstance(u, list) and len(u) == 2 else u
                        for u in value["untimed"]]
    def rerun(names, replay=False):
        """The named algorithms run again on the same platform: their timed rows and untimed;
        those timed by SMPI's trace replay, and those its failure had run as MPI's program, are
        noted in `value`."""
        rows, again = simulate(ns, f, piece, True, names, replay)
        if again != platform:
            sys.exit(f"simulate wrote another platform for {f} than it did before")
        for flag, found in (("traced", traced_rows(rows)), ("ran_instead", ran_instead_rows(rows))):
            value[flag] = sorted(value.get(flag, []) + found)
        return timed_rows(rows), untimed_rows(rows)

    names = [u for u in value["untimed"] if isinstance(u, str)]
    if names:  # an algorithm that ran past the timeout on a loaded machine may finish now
        timed, value["untimed"] = rerun(names)
        value["timed"] = sorted(value["timed"] + timed)
        memo_store("mpi", key, value)

    def replay_once(names, flag, when_run):
        """The named algorithms timed once by SMPI's trace replay (value[flag] says it was done):
        those it times join the timed; the others keep the longer of the unfinished times of MPI's
        run and of the replay (both bound the same algorithm's time: where both finish the replay
        keeps the run's time, docs/engines.md), and their reason names the replay and says what
        became of the run (`when_run`)."""
        if not names or value.get(flag):
            return
        timed, untimed = rerun(names, replay=True)
        value["timed"] = sorted(value["timed"] + timed)
        run = {u[0]: u[2] for u in value["untimed"]}
        value["untimed"] = sorted([u for u in value["untimed"] if u[0] not in names] +
                                  [[a, f"{when_run}; {reason}", longer(run[a], after)]
                                   for a, reason, after in untimed])
        value[flag] = True
        memo_store("mpi", key, value)

    # an algorithm stopped for memory (by simulate at the budget, or by the kernel) is timed by
    # SMPI's trace replay, which shares its buffers (docs/engines.md), and so is one stopped at
    # the timeout before it had run as long as the schedule: the replay simulates it faster
    replay_once([u[0] for u in value["untimed"] if isinstance(u, list) and
                 ("status 137" in u[1] or u[1].startswith("stopped at the memory budget"))],
                "replayed_killed", "stopped for memory when run")
    if mine is not None:
        replay_once([u[0] for u in value["untimed"]
                     if u[1].startswith("timed out") and (u[2] is None or u[2] <= mine)],
                    "traced_timeouts", "timed out when run")
    return value


def longer(a, b):
    """The longer of two unfinished times, either of which may be None."""
    return max((t for t in (a, b) if t is not None), default=None)


def ceil_div(a, b):
    return -(-a // b)


def piece_of(f, m):
    """simulate's --bytes for a file generated at m bytes a chunk: a piece of a pieced message,
    each a whole number of units (bytes; 8-byte lanes of a vector) and all alike, m padded up to
    that where the pieces do not divide it (as gen --bytes costs it)."""
    schedule = json.load(open(f))
    pieces = schedule["collective"].get("pieces", 1)
    unit = 8 if schedule.get("registers") else 1
    return pieces, unit * max(1, ceil_div(ceil_div(m, unit), pieces))


def case(ns, d, net, coll, nodes, per_node):
    m = chunk_bytes(coll, nodes, per_node)
    chosen_f, default_f = os.path.join(d, "chosen.json"), os.path.join(d, "default.json")
    # SimGrid's hosts send on every link at once, and its network routes a message between any
    # two of them, as MPI's algorithms use it: the platform is routed (all-port schedules too)
    g = run([ns, "gen", net, coll, "--bytes", str(m), "--ports", "routed", "--json", "-o",
             chosen_f])
    if g.returncode != 0:
        sys.exit(f"gen failed on {net} {coll}: {g.stderr}")
    choice = json.loads(g.stdout)
    pieces, piece = piece_of(chosen_f, m)
    mine = schedule_time(ns, chosen_f, piece)
    # a file simulate refuses is refused for MPI's runs too: they are in the same smpirun
    mpi = (dict(timed=[], untimed=[]) if mine.get("refused") else
           mpi_times(ns, chosen_f, piece, mine["platform"], mine["seconds"]))
    predicted = [c for c in choice["candidates"] if c["chosen"]][0]["seconds"]
    # the family's default (gen without --bytes), simulated alone when it is another algorithm
    dflt = run([ns, "gen", net, coll, "-o", default_f])
    default_name = json.load(open(default_f))["algorithm"] if dflt.returncode == 0 else None
    default_t = mine["seconds"] if default_name == choice["chosen"] else None
    default_refused = None
    if default_name and default_t is None:
        _, dpiece = piece_of(default_f, m)
        dtime = schedule_time(ns, default_f, dpiece)
        default_t, default_refused = dtime["seconds"], dtime.get("refused")
    checked = msccl = None
    if per_node == CHECKED_SIZE:
        checked = memo("run", [binary_hash(ns), file_hash(chosen_f), coll, RUN_BYTES],
                       lambda: openmpi_check(ns, chosen_f, coll))
        msccl = memo("msccl", [binary_hash(ns), file_hash(chosen_f), net, "past a limit too"],
                     lambda: msccl_check(ns, d, net, chosen_f))
    return dict(m=m, pieces=pieces, piece=piece, chosen=choice["chosen"], predicted=predicted,
                lower=choice["lower_bound_s"], mine=mine["seconds"], timed=mpi["timed"],
                untimed=mpi["untimed"], refused=mine.get("refused"),
                # the algorithms SMPI's trace replay timed (not those it aborted)
                traced=sorted(set(mpi.get("traced", [])) & {a for _, a in mpi["timed"]}),
                ran_instead=sorted(set(mpi.get("ran_instead", [])) & {a for _, a in mpi["timed"]}),
                mpi_refused=mpi.get("refused"), default=default_name,
                default_t=default_t, default_refused=default_refused, run=checked, msccl=msccl)


def openmpi_check(ns, f, coll):
    """The file run under OpenMPI, every rank's bytes compared with MPI's own collective."""
    r = run([ns, "run", f, "--bytes", str(RUN_BYTES if coll != "all-reduce" else 8 * 64)])
    return "PASS" if r.returncode == 0 else f"not run (exit {r.returncode}: {why(r)})"


def msccl_check(ns, d, net, f):
    """The file exported to MSCCL-IR, and the XML imported back and checked on the network: the
    import's verdict. A program beyond the MSCCL runtime's limits is exported and checked all
    the same (--no-runtime-limits), and the verdict names the limit."""
    xml = os.path.join(d, "chosen.xml")
    e = run([ns, "msccl", "export", f, "-o", xml])
    beyond = []
    if e.returncode != 0:
        limit = e.stderr.strip().splitlines()[-1].removeprefix("netsched: ")
        e = run([ns, "msccl", "export", f, "-o", xml, "--no-runtime-limits"])
        if e.returncode != 0:
            return f"export refused: {why(e)}"
        beyond = ["--no-runtime-limits"]
    # a routed schedule's messages join any two gpus: the network routes them, as SimGrid's does
    routed = ["--routed"] if json.load(open(f))["model"] == "routed" else []
    i = run([ns, "msccl", "import", xml, "--network", net, "--json"] + beyond + routed)
    verdict = json.loads(i.stdout) if i.stdout.strip().startswith("{") else {}
    result = ("PASS" if i.returncode == 0 else
              f"import exit {i.returncode}: {verdict.get('message', i.stderr.strip())}")
    if not beyond:
        return result
    return f"{result} (beyond the runtime's limits: {limit.split(' (the schedule does not')[0]})"


def file_hash(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


@functools.cache
def binary_hash(ns):
    return file_hash(ns)


@functools.cache
def helper_hash(ns):
    """netsched-exec-smpi's hash, found where netsched finds it: installed beside it, or built."""
    self = os.path.realpath(ns)
    for where in (os.path.join(os.path.dirname(os.path.dirname(self)), "libexec", "netsched"),
                  os.path.join(os.path.dirname(os.path.dirname(self)), "exec")):
        helper = os.path.join(where, "netsched-exec-smpi")
        if os.path.isfile(helper):
            return file_hash(helper)
    sys.exit(f"no netsched-exec-smpi beside {ns}")


@functools.cache
def mpi_sources_hash():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    digest = hashlib.sha256()
    missing = [p for p in MPI_SOURCES if not glob.glob(os.path.join(root, p))]
    if missing:  # a renamed file would drop out of the key unseen
        sys.exit(f"MPI_SOURCES names no file for {', '.join(missing)}: update it")
    for name in sorted(n for pattern in MPI_SOURCES for n in glob.glob(os.path.join(root, pattern))):
        digest.update(os.path.relpath(name, root).encode() + b"\0" + file_hash(name).encode())
    return digest.hexdigest()


@functools.cache
def simgrid_version():
    return run(["smpirun", "-version"]).stdout.strip()


def memo_path(kind, key):
    """Where memo keeps the value of kind under key, or None without CASE_CACHE."""
    cache = os.environ.get("CASE_CACHE")
    if not cache:
        return None
    digest = hashlib.sha256("|".join(map(str, key)).encode()).hexdigest()[:32]
    return os.path.join(cache, f"{kind}-{digest}.json")


def memo_store(kind, key, value):
    path = memo_path(kind, key)
    if path:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path + ".tmp", "w") as f:
            json.dump(value, f)
        os.replace(path + ".tmp", path)


def memo(kind, key, compute):
    """compute()'s value, kept under CASE_CACHE/kind-HASH(key).json when CASE_CACHE is set."""
    path = memo_path(kind, key)
    if path and os.path.exists(path):
        return json.load(open(path))
    value = compute()
    memo_store(kind, key, value)
    return value


def default_text(c):
    if c["default_t"] is None and c.get("default_refused"):
        return f"— (simulate refused it: {c['default_refused']})"
    return us(c["default_t"])


def untimed_text(c):
    if c["refused"]:
        return f"all: simulate refused the file ({c['refused']})"
    if c["mpi_refused"]:
        return f"all: simulate refused MPI's runs ({c['mpi_refused']})"
    # the algorithms grouped by their reason, in the order of their first names; the reason
    # without the program's name or the exception's type
    reasons = {}
    for name, reason, after in c["untimed"]:
        for prefix in ("netsched-exec: error: ", "Uncaught exception std::invalid_argument: "):
            reason = reason.removeprefix(prefix)
        reasons.setdefault(reason, []).append(
            name if after is None else f"{name} still running at {us(after)} µs")
    return "; ".join(f"{', '.join(names)} ({reason})" for reason, names in reasons.items()) or "—"


def untimed_finding(c):
    """The finding's sentence on the MPI algorithms with no time: those stopped at the timeout
    when already slower than the schedule, and the others (not compared)."""
    slower = [f"{name} ({after / c['mine']:.2f}x)" for name, _, after in c["untimed"]
              if after is not None and after > c["mine"]]
    others = [name for name, _, after in c["untimed"] if after is None or after <= c["mine"]]
    text = ""
    if slower:
        text += (f". Slower than the schedule too, though stopped unfinished at the timeout: "
                 f"{', '.join(slower)}, the simulated time each had run by then over the "
                 f"schedule's")
    if others:
        text += f". No time, the last column says why: {', '.join(others)}"
    return text


def us(x):
    return "—" if x is None else f"{x * 1e6:,.1f}"


def size_text(b):
    for unit, k in (("MiB", 20), ("KiB", 10)):
        if b >= 1 << k and b % (1 << k) == 0:
            return f"{b >> k} {unit}"
    return f"{b} B"


def cache_note(cache):
    """The docs' sentence on what a run kept from earlier ones (scripts/*-doc.sh print it)."""
    return (f"figures an earlier run obtained under the same conditions are kept in {cache}: MPI's "
            "times under the platform files with simulate's link and SimGrid settings, the "
            "sources that call and time MPI, SimGrid's version, the collective, its bytes and the "
            "timeout; the schedules' times, runs and exports under the binaries and the schedule "
            "file")


def main():
    if sys.argv[1] == "--cache-note":
        print(cache_note(sys.argv[2]))
        return
    ns, out = sys.argv[1], sys.argv[2]
    rows, checked_rows, findings = [], [], []
    with tempfile.TemporaryDirectory() as d:
        for net in NETWORKS:
            nodes = json.loads(run([ns, "info", net, "--json", "--basic"]).stdout)["nodes"]
            for coll in COLLECTIVES:
                for per_node in SIZES:
                    print(f"{net} {coll} {size_text(per_node)}", file=sys.stderr, flush=True)
                    c = case(ns, d, net, coll, nodes, per_node)
                    best_t, best = c["timed"][0] if c["timed"] else (None, "—")
                    ratio = "—" if best_t is None else f"{best_t / c['mine']:.2f}"
                    pieces = f" ({c['pieces']} pieces)" if c["pieces"] > 1 else ""
                    rows.append(
                        f"| {net} | {coll} | {size_text(per_node)} | `{c['chosen']}`{pieces} | "
                        f"{us(c['mine'])} | {us(c['predicted'])} | {us(c['lower'])} | "
                        f"`{c['default']}` {default_text(c)} | {best} {us(best_t)} | {ratio} | "
                        f"{untimed_text(c)} |")
                    if c["run"] is not None:
                        checked_rows.append(
                            f"| {net} | {coll} | {c['m']:,} | `{c['chosen']}`{pieces} | "
                            f"{len(c['timed'])} (+{len(c['untimed'])} no time) | {c['run']} | "
                            f"{c['msccl']} |")
                    if c["refused"]:
                        findings.append(f"- {net}, {coll}, {size_text(per_node)}: not simulated, "
                                        f"neither `{c['chosen']}` nor MPI: {c['refused']}.")
                    elif c["mpi_refused"]:
                        findings.append(f"- {net}, {coll}, {size_text(per_node)}: `{c['chosen']}` "
                                        f"simulated, MPI's algorithms not: {c['mpi_refused']}.")
                    if best_t is not None:
                        verdict = "at least as fast as" if best_t >= c["mine"] else "slower than"
                        findings.append(
                            f"- {net}, {coll}, {size_text(per_node)}: `{c['chosen']}` is {verdict} "
                            f"the fastest MPI algorithm, {best} ({ratio}x the schedule's time; the "
                            f"step model's lower bound for any routed schedule is "
                            f"{c['lower'] / best_t:.3f}x MPI's time)" +
                            (f". Timed by SMPI's trace replay, their buffers shared, where "
                             f"running MPI's program was over the memory budget, killed by the "
                             f"kernel or stopped at the timeout (docs/engines.md): "
                             f"{', '.join(c['traced'])}" if c["traced"] else "") +
                            (f". Run as MPI's program where SMPI's trace replay failed (SimGrid "
                             f"aborted it), stopped at the memory budget if it had held more: "
                             f"{', '.join(c['ran_instead'])}" if c["ran_instead"] else "") +
                            untimed_finding(c) + ".")
    head = ["| network | collective | per node | chosen by gen --bytes | simulated µs | "
            "predicted µs | lower bound µs | family default, simulated µs | fastest MPI "
            "algorithm µs | MPI / chosen | MPI algorithms with no time |",
            "|---|---|---:|---|---:|---:|---:|---|---|---:|---|"]
    checked_head = ["| network | collective | chunk B | chosen | MPI algorithms timed | "
                    "OpenMPI run, bytes checked | MSCCL-IR export, import checked on the network |",
                    "|---|---|---:|---|---:|---|---|"]
    with open(out, "w") as o:
        o.write("**Findings** (computed from the rows below):\n\n" + "\n".join(findings) + "\n\n" +
                "\n".join(head + rows) + "\n\nAt " + size_text(CHECKED_SIZE) +
                " per node the chosen file also ran under OpenMPI, every rank's bytes compared "
                "with MPI's own collective, and was exported to MSCCL-IR, the XML imported back "
                "and checked on the network (`netsched msccl import --network`):\n\n" + "\n".join(checked_head + checked_rows) + "\n")


main()
