// MSCCL++ execution plans: exports that run right, and hand-written plans in the executor's
// dialect (written for these tests) that race, stall, write their input, name what is not
// there, or use what the run does not implement.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <vector>

#include "../helpers.hpp"
#include "analysis/checked.hpp"
#include "core/errors.hpp"
#include "exec/exec_plan.hpp"
#include "exec/mscclpp/plan.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"

using namespace netsched;
using nlohmann::json;

namespace {

json buf(const char* type, int index, int size = 1) {
  return {{"type", type}, {"index", index}, {"size", size}};
}
json remote(int id, int index, int size = 1) {
  return {{"buffer_id", id}, {"index", index}, {"size", size}};
}
/// An operation; its buffers and channels as vectors, never as braced json ({x} of one json is a
/// copy under clang and a one-element array under GCC).
json op(const char* name, const std::vector<json>& src = {}, const std::vector<json>& dst = {},
        const std::vector<int>& channels = {}) {
  json o{{"name", name}};
  if (!src.empty()) o["src_buff"] = src;
  if (!dst.empty()) o["dst_buff"] = dst;
  if (!channels.empty()) {
    o["channel_ids"] = channels;
    o["channel_type"] = "memory";
  }
  return o;
}

/// A 2-gpu all-gather: each gpu copies its input to its block and puts it into the peer's
/// output, then signals; the peer waits. `ops(g)` may change one gpu's operations.
json allgather2(const std::function<void(int, json&)>& edit = {}) {
  json gpus = json::array();
  for (int g = 0; g < 2; ++g) {
    json ops = json::array({op("copy", {buf("i", 0)}, {buf("o", g)}),
                            op("put", {buf("i", 0)}, {remote(0, g)}), op("signal", {}, {}, {0}),
                            op("wait", {}, {}, {0})});
    if (edit) edit(g, ops);
    gpus.push_back({{"id", g},
                    {"input_chunks", 1},
                    {"output_chunks", 2},
                    {"scratch_chunks", 0},
                    {"threadblocks",
                     {{{"id", 0},
                       {"ops", ops},
                       {"channels", {{{"channel_type", "memory"}, {"channel_ids", {0}}}}},
                       {"remote_buffer_refs",
                        {{{"access_channel_type", "memory"}, {"remote_buffer_ids", {0}}}}}}}},
                    {"channels", {{{"channel_type", "memory"}, {"connected_to", {1 - g}}}}},
                    {"remote_buffers",
                     {{{"rank", 1 - g}, {"type", "o"}, {"access_channel_types", {"memory"}}}}},
                    {"semaphores", json::array()}});
  }
  return {{"name", "ag2"},
          {"collective", "allgather"},
          {"protocol", "Simple"},
          {"inplace", false},
          {"gpus", gpus}};
}

std::string outcome(const json& plan) {
  try {
    const exec::PlanRun r = exec::run_plan(exec::parse_plan(plan.dump()));
    if (r.verdict.kind == Verdict::Kind::Unknown) return "unknown: " + r.verdict.reason;
    return r.verdict.ok() ? "holds" : std::string(to_string(r.verdict.violation->rule));
  } catch (const InputError& e) {
    return std::string("refused: ") + e.what();
  }
}

}  // namespace

TEST_CASE("MSCCL++ plans: a put then a signal, a wait then the reads", "[exec][mscclpp]") {
  CHECK(outcome(allgather2()) == "holds");
  // the wait dropped on gpu 1: the peer's put still lands, but nothing orders it before the end
  // ... which is fine for an all-gather that reads nothing after; a read of it is a race
  CHECK(outcome(allgather2([](int g, json& ops) {
          if (g == 1) ops[3] = op("copy", {buf("o", 0)}, {buf("s", 0)});
        })).starts_with("refused"));  // scratch_chunks 0: no scratch chunk 0
  CHECK(outcome(allgather2([](int g, json& ops) {
          if (g == 1) ops[3] = op("copy", {buf("o", 0)}, {buf("o", 1)});
        })) == "race");
  // a wait for a signal never sent
  CHECK(outcome(allgather2([](int g, json& ops) {
          if (g == 0) ops.erase(2);
        })) == "deadlock");
  // a put into the peer's input buffer of an out-of-place collective
  json into_input = allgather2();
  into_input["gpus"][0]["remote_buffers"][0]["type"] = "i";
  CHECK(outcome(into_input) == "input-write");
  // the wrong block
  CHECK(outcome(allgather2([](int g, json& ops) {
          if (g == 0) ops[1] = op("put", {buf("i", 0)}, {remote(0, 1)});
        })) == "race");  // it lands where gpu 1's own copy writes
}

TEST_CASE("MSCCL++ plans: what the run does not implement is unknown, what is not there refused",
          "[exec][mscclpp]") {
  CHECK_THAT(outcome(allgather2([](int, json& ops) {
               ops[1] = op("ppkt", {buf("i", 0)}, {remote(0, 0)});
               ops[1]["channel_type"] = "memory";
             })),
             Catch::StartsWith("unknown: gpus[0].threadblocks[0].ops[1] is 'ppkt' on a memory "
                               "channel"));
  json port = allgather2();
  port["gpus"][0]["threadblocks"][0]["ops"][1]["channel_type"] = "port";
  CHECK_THAT(outcome(port), Catch::Contains("is 'put' on a port channel"));
  CHECK_THAT(outcome(allgather2([](int, json& ops) { ops[2]["channel_ids"] = {3}; })),
             Catch::Contains("channel 3 is not one of the threadblock's 1"));
  CHECK_THAT(outcome(allgather2([](int, json& ops) { ops[1]["dst_buff"][0]["index"] = 2; })),
             Catch::Contains("chunks 2..2 of gpu 1's buffer o (of 2 chunks)"));
  // a source and its destination of two sizes: the kernel moves the source's (a fuzz finding)
  CHECK_THAT(outcome(allgather2(
                 [](int, json& ops) { ops[1] = op("put", {buf("i", 0)}, {remote(0, 0, 2)}); })),
             Catch::EndsWith("(put) moves a 1-chunk source into a 2-chunk reference"));
  CHECK_THAT(outcome(allgather2([](int, json& ops) {
               ops[0] = op("re", {buf("i", 0), buf("o", 0, 2)}, {buf("o", 0)});
             })),
             Catch::EndsWith("(re) combines a 1-chunk source with a 2-chunk reference"));
  json unpaired = allgather2();
  unpaired["gpus"][0]["channels"][0]["connected_to"] = {1, 1};
  CHECK_THAT(outcome(unpaired), Catch::Contains("do not have as many memory channels"));
  CHECK_THAT(outcome(json{{"name", "x"}}), Catch::Contains("needs the key 'collective'"));
  // a key twice: readers taking the first and the last would see two plans
  const std::string twice = R"({"name": "a", "name": "b"})";
  try {
    exec::parse_plan(twice);
    FAIL("parsed");
  } catch (const InputError& e) {
    CHECK(std::string(e.what()) == "MSCCL++ plan: the key 'name' appears twice in one object");
  }
}

TEST_CASE("MSCCL++ export: every collective MSCCL-IR exports runs right as a plan",
          "[exec][mscclpp]") {
  std::uint64_t plans = 0;
  for (const std::string spec : {"ring(5)", "hypercube(3)", "torus(3,3)", "complete(4)"}) {
    const auto t = build_topology(spec);
    for (const std::string c : {"all-gather", "reduce-scatter", "all-reduce", "total-exchange",
                                "broadcast", "reduce", "scatter", "gather"})
      for (const std::string& a : algorithm_names(*t, c)) {
        INFO(spec << " " << c << " " << a);
        const Schedule s = generate_checked(*t, GenRequest(c, a)).schedule();
        if (s.model == PortModel::Routed) continue;  // MSCCL-IR's export is of link schedules
        const exec::Plan p = exec::export_plan(exec::ExecPlan(s));
        const bool rooted = c == "broadcast" || c == "reduce" || c == "scatter" || c == "gather";
        const exec::PlanRun r =
            exec::run_plan(exec::parse_plan(exec::write_plan(p)),
                           rooted ? std::optional(s.collective.root().v) : std::nullopt);
        CHECK(r.verdict.ok());
        ++plans;
      }
  }
  CHECK(plans >= 60);
}
