// MSCCL-IR: exports that the runtime's run and an independent executor accept, imports of
// msccl-tools' programs, the corruptions that were once accepted, and the mutation campaign.
#include <catch2/catch.hpp>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "../helpers.hpp"
#include "analysis/checked.hpp"
#include "core/errors.hpp"
#include "core/schedule_io.hpp"
#include "exec/msccl_ir.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "msccl_oracle.hpp"
#include "tests/doc_figures.hpp"

using namespace netsched;
using exec::MscclOp;
using exec::MscclProgram;

namespace {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

std::string fixture(const std::string& name) {
  return read_text(std::string(NETSCHED_SOURCE_DIR) + "/tests/data/msccl/" + name);
}

Schedule generated(const std::string& spec, const std::string& collective,
                   const std::string& algorithm = "auto") {
  return generate_checked(*build_topology(spec), GenRequest(collective, algorithm)).schedule();
}

MscclProgram exported(const std::string& spec, const std::string& collective,
                      exec::MscclFigures* fig = nullptr, const std::string& algorithm = "auto") {
  return exec::export_program(exec::ExecPlan(generated(spec, collective, algorithm)), {}, fig);
}

/// The rule the import's run breaks, "holds", or "refused: <message>" for a malformed file.
std::string import_outcome(const std::string& xml) {
  try {
    const exec::MscclImport im = exec::import_msccl(xml);
    return im.decisive().run.verdict.ok()
               ? "holds"
               : std::string(to_string(im.decisive().run.verdict.violation->rule));
  } catch (const InputError& e) {
    return std::string("refused: ") + e.what();
  }
}

/// A ring all-reduce of n chunks per rank in msccl-tools' style: one threadblock per gpu, the
/// input copied to the output, reduce-scatter then all-gather around the ring. `fused` uses
/// rrs/rrcs/rcs; otherwise the same with r into scratch, re, s, rrc.
MscclProgram ring_allreduce(int n, bool fused) {
  MscclProgram p;
  p.name = fused ? "allreduce_ring" : "allreduce_ring_unfused";
  p.coll = "allreduce";
  p.nchunksperloop = n;
  auto m = [n](int x) { return ((x % n) + n) % n; };
  for (int g = 0; g < n; ++g) {
    exec::MscclGpu& gpu = p.gpus.emplace_back();
    gpu.i_chunks = gpu.o_chunks = n;
    gpu.s_chunks = fused ? 0 : 1;
    exec::MscclTb& tb = gpu.tbs.emplace_back();
    tb.send = m(g + 1);
    tb.recv = m(g - 1);
    auto step = [&](MscclOp op, char sb, int so, char db, int dout, int cnt = 1) {
      tb.steps.push_back({op, {sb, so}, {db, dout}, cnt, -1, -1, false});
    };
    step(MscclOp::Copy, 'i', 0, 'o', 0, n);
    step(MscclOp::Send, 'o', g, 'o', g);
    for (int s = 0; s < n - 2; ++s) {  // reduce-scatter: take a partial sum, add, pass it on
      const int j = m(g - 1 - s);
      if (fused) {
        step(MscclOp::RecvReduceSend, 'o', j, 'o', j);
      } else {
        step(MscclOp::Recv, 's', 0, 's', 0);
        step(MscclOp::Reduce, 's', 0, 'o', j);
        step(MscclOp::Send, 'o', j, 'o', j);
      }
    }
    const int own = m(g + 1);  // the chunk this gpu completes
    if (fused) {
      step(MscclOp::RecvReduceCopySend, 'o', own, 'o', own);
    } else {
      step(MscclOp::RecvReduceCopy, 'o', own, 'o', own);
      step(MscclOp::Send, 'o', own, 'o', own);
    }
    for (int s = 0; s < n - 2; ++s) {  // all-gather: take a finished chunk, keep it, pass it on
      const int j = m(g - s);
      if (fused) {
        step(MscclOp::RecvCopySend, 'o', j, 'o', j);
      } else {
        step(MscclOp::Recv, 'o', j, 'o', j);
        step(MscclOp::Send, 'o', j, 'o', j);
      }
    }
    step(MscclOp::Recv, 'o', m(g + 2), 'o', m(g + 2));
  }
  return p;
}

/// The index of the k-th step with a send part on (g -> peer, chan), and of the matching
/// receive at the peer.
struct Pair {
  std::size_t sg, stb, ss, rg, rtb, rs;
};
std::vector<Pair> message_pairs(const MscclProgram& p) {
  std::map<
      std::tuple<std::int64_t, std::int64_t, std::int64_t>,
      std::pair<std::vector<std::array<std::size_t, 3>>, std::vector<std::array<std::size_t, 3>>>>
      conn;
  for (std::size_t g = 0; g < p.gpus.size(); ++g)
    for (std::size_t t = 0; t < p.gpus[g].tbs.size(); ++t) {
      const auto& tb = p.gpus[g].tbs[t];
      for (std::size_t s = 0; s < tb.steps.size(); ++s) {
        const auto& op = exec::info(tb.steps[s].op);
        if (op.sends)
          conn[{static_cast<std::int64_t>(g), tb.send, tb.chan}].first.push_back({g, t, s});
        if (op.receives)
          conn[{tb.recv, static_cast<std::int64_t>(g), tb.chan}].second.push_back({g, t, s});
      }
    }
  std::vector<Pair> out;
  for (const auto& [key, sr] : conn)
    for (std::size_t i = 0; i < sr.first.size() && i < sr.second.size(); ++i)
      out.push_back({sr.first[i][0], sr.first[i][1], sr.first[i][2], sr.second[i][0],
                     sr.second[i][1], sr.second[i][2]});
  return out;
}

exec::MscclStep& step_at(MscclProgram& p, std::size_t g, std::size_t t, std::size_t s) {
  return p.gpus[g].tbs[t].steps[s];
}

}  // namespace

TEST_CASE("MSCCL-IR: every export runs right, writes no input, and rebuilds into steps that hold",
          "[exec][msccl]") {
  const std::vector<std::string> networks = {"ring(6)",
                                             "path(5)",
                                             "complete(4)",
                                             "torus(3,4)",
                                             "hypercube(3)",
                                             "dualcube(2)",
                                             "ccc(3)",
                                             "hsn(2,hypercube(1))",
                                             "mesh(2,3)",
                                             "product(ring(3),path(2))",
                                             "faulty(torus(3,3), links=[{0,1}])"};
  std::uint64_t trips = 0, dropped = 0;
  for (const std::string& spec : networks) {
    const auto t = build_topology(spec);
    for (const std::string c : {"all-gather", "total-exchange", "broadcast", "scatter", "gather"})
      for (const std::string& a : algorithm_names(*t, c)) {
        INFO(spec << " " << c << " " << a);
        const Schedule s = generate_checked(*t, GenRequest(c, a)).schedule();
        exec::MscclFigures fig;
        const MscclProgram p = exec::export_program(exec::ExecPlan(s), {"", 64, "Simple"}, &fig);
        dropped += fig.dropped;
        for (const auto& gpu : p.gpus)
          for (const auto& tb : gpu.tbs) {
            CHECK(tb.steps.size() <= 64);
            for (const auto& st : tb.steps)
              CHECK(!(exec::info(st.op).writes_dst && st.dst.buf == 'i'));
          }
        const std::string xml = exec::write_msccl(p);
        CHECK(exec::parse_msccl(xml) == p);
        const exec::MscclImport im = exec::import_msccl(xml);
        REQUIRE(im.decisive().run.verdict.ok());
        const auto& col = im.collective;
        test::MscclOracle oracle(p, col.per_rank, col.root.value_or(0));
        CHECK(oracle.failure(trips, 4) == std::nullopt);
        const bool routed = s.model == PortModel::Routed;  // no link checked: the network routes
        const CheckedSchedule back =
            check_schedule(*t, exec::rebuild_schedule(im, s.topology, routed));
        CHECK(back.holds());
        // no later than the original, unless a peer's sequence had to move to a second channel
        CHECK((back.verification().check.steps <= s.steps.size() || fig.channels > 1));
        CHECK(back.schedule().collective == s.collective);
        ++trips;
      }
  }
  CHECK(trips >= 40);
  CHECK(dropped > 0);  // some generators send chunks back to nodes that hold them
}

TEST_CASE("MSCCL-IR: every register all-reduce, reduce and reduce-scatter exports and runs right",
          "[exec][msccl]") {
  const std::vector<std::string> networks = {"ring(5)",      "complete(4)",         "torus(3,4)",
                                             "hypercube(3)", "dualcube(2)",         "mesh(2,3)",
                                             "ccc(3)",       "hsn(2,hypercube(1))", "path(4)"};
  std::uint64_t trips = 0, temps = 0;
  for (const std::string& spec : networks) {
    const auto t = build_topology(spec);
    for (const std::string c : {"all-reduce", "reduce", "reduce-scatter"})
      for (const std::string& a : algorithm_names(*t, c)) {
        INFO(spec << " " << c << " " << a);
        const Schedule s = generate_checked(*t, GenRequest(c, a)).schedule();
        const MscclProgram p = exec::export_program(exec::ExecPlan(s), {"", 64, "Simple"});
        for (const auto& gpu : p.gpus)
          for (const auto& tb : gpu.tbs) {
            CHECK(tb.steps.size() <= 64);
            for (const auto& st : tb.steps) {
              CHECK(!(exec::info(st.op).writes_dst && st.dst.buf == 'i'));
              temps += st.op == MscclOp::Reduce && st.src.buf == 's';
            }
          }
        const std::string xml = exec::write_msccl(p);
        CHECK(exec::parse_msccl(xml) == p);
        const exec::MscclImport im = exec::import_msccl(xml);
        REQUIRE(im.decisive().run.verdict.ok());
        CHECK(im.collective.coll == (c == "all-reduce" ? "allreduce"
                                     : c == "reduce"   ? "reduce"
                                                       : "reducescatter"));
        CHECK(im.collective.per_rank == (c == "reduce-scatter" ? 1 : s.collective.pieces()));
        test::MscclOracle oracle(p, im.collective.per_rank, im.collective.root.value_or(0));
        CHECK(oracle.failure(trips, 4) == std::nullopt);
        ++trips;
      }
  }
  CHECK(trips >= 50);
  CHECK(temps > 0);  // some exchanges receive into a slot a send still reads: through a temporary
}

TEST_CASE("MSCCL-IR: a register read for two moves of one message is sent once", "[exec][msccl]") {
  // node 0 sends x0 once for two moves: combined into node 1's sum and kept in its register 2
  const char* text = R"js({"format": "netsched-schedule", "version": 1, "topology": "path(2)",
    "collective": {"kind": "all-reduce", "nodes": 2}, "model": "one-port",
    "registers": ["data", "sum", "copy"],
    "payloads": [{"moves": [[0, 1, "combine"], [0, 2, "set"]]}, {"moves": [[0, 1, "combine"]]}],
    "steps": [{"compute": [[1, 0, 0, "set"]], "from": [0, 1], "to": [1, 0],
               "payload": [0, 1]}]})js";
  const Schedule s = schedule_from_json(text).schedule;
  REQUIRE(check_schedule(*build_topology("path(2)"), Schedule(s)).holds());
  const MscclProgram p = exec::export_program(exec::ExecPlan(s), {});
  std::int64_t sent_by_0 = 0;
  for (const auto& tb : p.gpus[0].tbs)
    for (const auto& st : tb.steps)
      if (exec::info(st.op).sends) sent_by_0 += st.cnt;
  CHECK(sent_by_0 == 1);  // the exporter once sent it a move: twice
  const exec::MscclImport im = exec::import_msccl(exec::write_msccl(p));
  CHECK(im.decisive().run.verdict.ok());
  test::MscclOracle oracle(p, 1, 0);
  CHECK(oracle.failure(1, 16) == std::nullopt);
}

TEST_CASE("MSCCL-IR export names the register collectives it has no program for", "[exec][msccl]") {
  const auto refusal = [](const std::string& spec, const std::string& c) {
    try {
      exec::export_program(exec::ExecPlan(generated(spec, c)), {});
    } catch (const InputError& e) {
      return std::string(e.what());
    }
    return std::string("exported");
  };
  CHECK_THAT(refusal("hypercube(3)", "prefix"),
             Catch::Contains("MSCCL-IR has no collective for prefix"));
  CHECK_THAT(refusal("dualcube(2)", "cluster-sum"), Catch::Contains("over groups"));
}

namespace {

/// `s`, in 3 pieces a block, exported: every gpu's input and output chunks, the import's run and
/// the independent oracle checked; the import returned.
exec::MscclImport exported_in_pieces(const Schedule& s, std::int64_t in_chunks,
                                     std::int64_t out_chunks) {
  const MscclProgram p = exec::export_program(exec::ExecPlan(s), {"", 64, "Simple"});
  for (const auto& gpu : p.gpus) {
    CHECK(gpu.i_chunks == in_chunks);
    CHECK(gpu.o_chunks == out_chunks);
  }
  exec::MscclImport im = exec::import_msccl(exec::write_msccl(p));
  REQUIRE(im.decisive().run.verdict.ok());
  CHECK(im.collective.per_rank == 3);
  test::MscclOracle oracle(p, im.collective.per_rank, 0);
  std::uint64_t trips = 0;
  CHECK(oracle.failure(trips, 4) == std::nullopt);
  return im;
}

Schedule in_three_pieces(const Network& t, const char* collective, const char* algorithm) {
  GenRequest r(collective, algorithm);
  r.pieces = 3;
  return generate_checked(t, r).schedule();
}

}  // namespace

TEST_CASE("MSCCL-IR: an all-gather of blocks in pieces exports, runs, and comes back in pieces",
          "[exec][msccl]") {
  const auto t = build_topology("hypercube(3)");
  const Schedule s = in_three_pieces(*t, "all-gather", "packed-trees");
  const exec::MscclImport im = exported_in_pieces(s, 3, 24);
  const CheckedSchedule back = check_schedule(*t, exec::rebuild_schedule(im, s.topology));
  CHECK(back.holds());
  CHECK(back.schedule().collective == s.collective);
}

TEST_CASE("MSCCL-IR: a reduce-scatter of blocks in pieces exports and runs right",
          "[exec][msccl]") {
  // every block's 3 pieces in, the own block's 3 out
  const auto t = build_topology("ccc(2)");
  const exec::MscclImport im =
      exported_in_pieces(in_three_pieces(*t, "reduce-scatter", "rarest-first"), 24, 3);
  CHECK(im.collective.coll == "reducescatter");
}

TEST_CASE("MSCCL-IR: the corruptions that were once certified are rejected", "[exec][msccl]") {
  SECTION("a receive's dstoff changed on the send and the receive: the chunk lands elsewhere") {
    MscclProgram p = exported("hypercube(3)", "all-gather");
    const auto pairs = message_pairs(p);
    const auto it = std::find_if(pairs.begin(), pairs.end(), [&](const Pair& x) {
      return step_at(p, x.rg, x.rtb, x.rs).dst.buf == 'o' && step_at(p, x.rg, x.rtb, x.rs).cnt == 1;
    });
    REQUIRE(it != pairs.end());
    auto& r = step_at(p, it->rg, it->rtb, it->rs);
    const std::int64_t other = (r.dst.off + 1) % p.gpus[it->rg].o_chunks;
    r.dst.off = step_at(p, it->sg, it->stb, it->ss).dst.off = other;
    const std::string out = import_outcome(exec::write_msccl(p));
    CHECK((out == "race" || out == "result"));
  }
  SECTION("a gpu's own-block copy removed: its output slot stays empty") {
    MscclProgram p = exported("hypercube(3)", "all-gather");
    auto& tbs = p.gpus[3].tbs;
    for (auto& tb : tbs)
      std::erase_if(tb.steps, [](const exec::MscclStep& s) { return s.op == MscclOp::Copy; });
    CHECK(import_outcome(exec::write_msccl(p)) == "result");
  }
  SECTION("torus(4,4): a forwarding send no longer waits for the receive that brings its chunk") {
    MscclProgram p = exported("torus(4,4)", "all-gather");
    bool cut = false;
    for (auto& gpu : p.gpus)
      for (auto& tb : gpu.tbs)
        for (std::size_t s = 0; s < tb.steps.size() && !cut; ++s) {
          auto& st = tb.steps[s];
          if (st.op != MscclOp::Send || st.src.buf == 'i' || st.depid < 0) continue;
          if (s > 0 && tb.steps[s - 1].op == MscclOp::Nop) continue;
          const auto& target =
              gpu.tbs[static_cast<std::size_t>(st.depid)].steps[static_cast<std::size_t>(st.deps)];
          if (target.op != MscclOp::Recv || !(target.dst == st.src)) continue;
          st.depid = st.deps = -1;
          cut = true;
        }
    REQUIRE(cut);
    CHECK(import_outcome(exec::write_msccl(p)) == "race");
  }
  SECTION("srcoff -1 on a send and its receive: a read before the buffer") {
    MscclProgram p = exported("hypercube(3)", "all-gather");
    const Pair x = message_pairs(p).front();
    step_at(p, x.sg, x.stb, x.ss).src.off = -1;
    step_at(p, x.rg, x.rtb, x.rs).src.off = -1;
    CHECK(import_outcome(exec::write_msccl(p)).find("lies outside buffer") != std::string::npos);
  }
}

TEST_CASE("MSCCL-IR: msccl-tools' ring all-gather (rcs, program order only) imports as holding",
          "[exec][msccl]") {
  const std::string xml = fixture("allgather_ring_4.xml");
  const exec::MscclImport im = exec::import_msccl(xml);
  CHECK(im.decisive().run.verdict.ok());
  CHECK(im.collective.coll == "allgather");
  const auto t = build_topology("ring(4)");
  const CheckedSchedule s = check_schedule(*t, exec::rebuild_schedule(im, "ring(4)"));
  CHECK(s.holds());
  CHECK(s.verification().check.steps == 3);
  // a dependency inside a threadblock is program order: none is needed, and a wrong one deadlocks
  MscclProgram p = exec::parse_msccl(xml);
  step_at(p, 1, 0, 1).depid = 0;
  step_at(p, 1, 0, 1).deps = 4;
  step_at(p, 1, 0, 4).hasdep = true;
  CHECK(import_outcome(exec::write_msccl(p)) == "deadlock");
}

TEST_CASE("MSCCL-IR: ring all-reduces with every reduction step type are run and judged",
          "[exec][msccl]") {
  for (const bool fused : {true, false}) {
    INFO((fused ? "fused" : "unfused"));
    MscclProgram p = ring_allreduce(4, fused);
    CHECK(import_outcome(exec::write_msccl(p)) == "holds");
    CHECK(test::MscclOracle(p, 4, 0).failure(1, 8) == std::nullopt);
    // double counting: the first reduce-scatter send carries the input instead of the output
    MscclProgram twice = p;
    for (auto& st : twice.gpus[0].tbs[0].steps)
      if (st.op == MscclOp::RecvReduceCopySend || st.op == MscclOp::RecvReduceCopy) {
        st.op = st.op == MscclOp::RecvReduceCopySend ? MscclOp::RecvCopySend : MscclOp::Recv;
        break;
      }
    CHECK(import_outcome(exec::write_msccl(twice)) == "result");
  }
  const exec::MscclImport im = exec::import_msccl(exec::write_msccl(ring_allreduce(4, true)));
  CHECK(exec::why_no_schedule(im.collective).value().find("reductions") != std::string::npos);
}

TEST_CASE("MSCCL-IR: malformed and out-of-limit files are refused with one line", "[exec][msccl]") {
  const std::string xml = exec::write_msccl(exported("hypercube(2)", "all-gather"));
  auto refused = [](const std::string& text) {
    const std::string out = import_outcome(text);
    CHECK(out.find('\n') == std::string::npos);
    return out;
  };
  CHECK(refused("<algo").find("not XML") != std::string::npos);
  CHECK(refused("<foo/>").find("no <algo> element") != std::string::npos);
  CHECK(refused(xml + xml).find("more than one <algo>") != std::string::npos);
  auto with = [&](const std::string& from, const std::string& to) {
    std::string m = xml;
    const auto at = m.find(from);
    REQUIRE(at != std::string::npos);
    return m.replace(at, from.size(), to);
  };
  CHECK(refused(with("type=\"r\"", "type=\"x\"")).find("does not have") != std::string::npos);
  CHECK(refused(with("send=\"1\"", "send=\"4294967297\"")).find("is not another gpu") !=
        std::string::npos);
  CHECK(refused(with("depid=\"-1\" deps=\"-1\"", "depid=\"4294967297\" deps=\"0\""))
            .find("is not a threadblock") != std::string::npos);
  CHECK(refused(with("cnt=\"1\"", "cnt=\"72\"")).find("at most 71") != std::string::npos);
  CHECK(refused(with("coll=\"allgather\"", "coll=\"alltoallv\""))
            .find("not a collective the runtimes know") != std::string::npos);
  CHECK(refused(with("<step s=\"0\"", "<step s=\"7\"")).find("numbered by position") !=
        std::string::npos);
}

TEST_CASE("MSCCL-IR export refuses what the runtime cannot load, unless told", "[exec][msccl]") {
  const Schedule s = generated("complete(70)", "total-exchange");
  const exec::ExecPlan plan(s);
  const std::string err = test::error_of([&] { exec::export_program(plan, {}); });
  CHECK(err.find("the runtime") != std::string::npos);
  CHECK(err.find("--no-runtime-limits") != std::string::npos);
  exec::MscclOptions no_limits;
  no_limits.runtime_limits = false;
  const MscclProgram p = exec::export_program(plan, no_limits);
  exec::MscclImportOptions unlimited;
  unlimited.runtime_limits = false;
  CHECK(exec::import_msccl(exec::write_msccl(p), unlimited).decisive().run.verdict.ok());
}

namespace {

/// Every single-attribute change of a program, one at a time: (description, mutant).
std::vector<std::pair<std::string, MscclProgram>> mutants(const MscclProgram& p) {
  std::vector<std::pair<std::string, MscclProgram>> out;
  auto add = [&](const std::string& what, auto change) {
    MscclProgram m = p;
    change(m);
    out.emplace_back(what, std::move(m));
  };
  for (std::size_t g = 0; g < p.gpus.size(); ++g)
    for (std::size_t t = 0; t < p.gpus[g].tbs.size(); ++t) {
      const std::string tbname = "gpu " + std::to_string(g) + " tb " + std::to_string(t);
      for (int d : {-1, 1}) {
        const auto n = static_cast<std::int64_t>(p.gpus.size());
        add(tbname + " send", [&](MscclProgram& m) {
          auto& v = m.gpus[g].tbs[t].send;
          if (v >= 0) v = (v + d + n) % n;
        });
        add(tbname + " recv", [&](MscclProgram& m) {
          auto& v = m.gpus[g].tbs[t].recv;
          if (v >= 0) v = (v + d + n) % n;
        });
      }
      add(tbname + " chan", [&](MscclProgram& m) { ++m.gpus[g].tbs[t].chan; });
      for (std::size_t s = 0; s < p.gpus[g].tbs[t].steps.size(); ++s) {
        const std::string name = tbname + " step " + std::to_string(s);
        auto at = [g, t, s](MscclProgram& m) -> exec::MscclStep& {
          return m.gpus[g].tbs[t].steps[s];
        };
        add(name + " removed", [&](MscclProgram& m) {
          auto& steps = m.gpus[g].tbs[t].steps;
          steps.erase(steps.begin() + static_cast<std::ptrdiff_t>(s));
        });
        for (int d : {-1, 1}) {
          add(name + " srcoff", [&](MscclProgram& m) { at(m).src.off += d; });
          add(name + " dstoff", [&](MscclProgram& m) { at(m).dst.off += d; });
          add(name + " cnt", [&](MscclProgram& m) { at(m).cnt += d; });
          add(name + " deps", [&](MscclProgram& m) { at(m).deps += d; });
        }
        add(name + " no depid", [&](MscclProgram& m) { at(m).depid = at(m).deps = -1; });
        add(name + " depid", [&](MscclProgram& m) {
          at(m).depid = (at(m).depid + 1) % static_cast<std::int64_t>(m.gpus[g].tbs.size());
        });
        add(name + " hasdep", [&](MscclProgram& m) { at(m).hasdep = !at(m).hasdep; });
        for (const char b : {'i', 'o', 's'}) {
          add(name + " srcbuf " + b, [&](MscclProgram& m) { at(m).src.buf = b; });
          add(name + " dstbuf " + b, [&](MscclProgram& m) { at(m).dst.buf = b; });
        }
        for (const auto& op : exec::kMscclOps)
          add(name + " type " + std::string(op.name), [&](MscclProgram& m) { at(m).op = op.op; });
      }
    }
  return out;
}

}  // namespace

TEST_CASE("MSCCL-IR mutation campaign: no mutant that breaks a program is certified",
          "[exec][msccl]") {
  std::vector<std::pair<std::string, MscclProgram>> programs = {
      {"hypercube(2) all-gather", exported("hypercube(2)", "all-gather")},
      {"torus(3,3) all-gather", exported("torus(3,3)", "all-gather")},
      {"ccc(3) broadcast", exported("ccc(3)", "broadcast")},
      {"ring(4) total-exchange", exported("ring(4)", "total-exchange")},
      {"torus(2,3) broadcast", exported("torus(2,3)", "broadcast")},
      {"path(4) scatter", exported("path(4)", "scatter")},
      {"complete(4) gather", exported("complete(4)", "gather")},
      {"hypercube(2) Rabenseifner all-reduce",
       exported("hypercube(2)", "all-reduce", nullptr, "rabenseifner")},
      {"ring(4) reduce-scatter", exported("ring(4)", "reduce-scatter", nullptr, "ring")},
      {"ring(8) Swing reduce-scatter (a 3-hop exchange)",
       exported("ring(8)", "reduce-scatter", nullptr, "swing")},
      {"msccl-tools ring all-gather", exec::parse_msccl(fixture("allgather_ring_4.xml"))},
      {"ring all-reduce (rrs, rrcs, rcs)", ring_allreduce(4, true)},
      {"ring all-reduce (r, re, s, rrc)", ring_allreduce(3, false)}};
  std::map<std::string, std::uint64_t> outcomes, conservative;
  std::uint64_t total = 0, broken = 0, seed = 0;
  for (const auto& [label, program] : programs) {
    const exec::MscclCollective c = exec::msccl_collective(program, std::nullopt);
    for (const auto& [what, m] : mutants(program)) {
      if (m == program) continue;  // the change did not apply (a peer of -1, ...)
      ++total;
      INFO(label << ": " << what);
      const std::string out = import_outcome(exec::write_msccl(m));
      const std::string kind = out.rfind("refused", 0) == 0 ? "refused" : out;
      ++outcomes[kind];
      if (kind == "refused") continue;
      const auto failure = test::MscclOracle(m, c.per_rank, c.root.value_or(0)).failure(++seed, 16);
      if (failure) ++broken;
      if (!failure && kind != "holds") ++conservative[kind];
      // the soundness assertion: what the importer certifies, no execution gets wrong
      if (kind == "holds") CHECK(failure == std::nullopt);
    }
  }
  CHECK(total > 8000);
  CHECK(outcomes["holds"] > 0);
  CHECK(outcomes["race"] > 0);
  CHECK(outcomes["result"] > 0);
  CHECK(outcomes["deadlock"] > 0);
  nlohmann::json report{{"mutants", total},
                        {"outcomes", outcomes},
                        {"broken_by_executor", broken},
                        {"rejected_though_no_execution_failed", conservative}};
  CHECK(!conservative.count("result"));  // a wrong output is never a matter of interleaving
  std::ofstream(NETSCHED_MSCCL_REPORT) << report.dump(2) << "\n";
  // docs/testing.md quotes this run
  auto n = [&](const char* k) { return test::thousands(outcomes[k]); };
  const std::uint64_t run_rejected =
      outcomes["result"] + outcomes["race"] + outcomes["deadlock"] + outcomes["input-write"];
  const std::string said =
      "this run: " + test::thousands(total) + " mutants, " + n("refused") +
      " refused by the structural check, " + test::thousands(run_rejected) +
      " rejected by the run — " + n("result") + " result, " + n("race") + " race, " +
      n("deadlock") + " deadlock, " + n("input-write") +
      " input-write (every one of them a "
      "program the executor also saw end wrong or stall, but " +
      test::thousands(conservative.count("race") ? conservative.at("race") : 0) +
      " races it never hit) — and " + n("holds") + " that hold";
  INFO("docs/testing.md should say: " << said);
  CHECK(test::doc_text("docs/testing.md").find(said) != std::string::npos);
  CHECK(conservative.size() <= 1);  // only races are ever rejected without a failing execution
}
