// Rule-form steps (core/schedule_rules.hpp): what a rule file says expands to the step it was
// made from, on the generators' own schedules and on hand-made steps, and a bad rule is named.
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include "analysis/checked.hpp"
#include "core/schedule_io.hpp"
#include "core/schedule_rules.hpp"
#include "exec/loopback.hpp"
#include "gen/topology.hpp"
#include "tests/helpers.hpp"

using namespace netsched;
using json = nlohmann::json;

namespace {

struct Case {
  const char* spec;
  const char* collective;
};

/// The rule form of a checked schedule, read back, and its check.
struct RoundTrip {
  CheckedSchedule original;
  std::string rules_text, columns_text;
  Schedule back;
};

RoundTrip round_trip(const Case& c) {
  const auto t = build_topology(c.spec);
  CheckedSchedule original = generate_checked(*t, GenRequest(c.collective));
  const Schedule& s = original.schedule();
  std::string rules = schedule_to_json(s, original.verification().record(), StepForm::Rules);
  std::string columns = schedule_to_json(s, std::nullopt, StepForm::Columns);
  Schedule back = schedule_from_json(rules).schedule;
  return {std::move(original), std::move(rules), std::move(columns), std::move(back)};
}

/// Digits 2 x 3 x 4 and a hand-made step: every node of the box [0,*,*] sends to the node one
/// ahead in digit 2 "what it holds for the nodes of its own digit 1" (a relative selector).
Schedule hand_schedule() {
  Schedule s;
  s.topology = "torus(2,3,4)";
  s.collective = Collective::total_exchange(24);
  s.digits = {2, 3, 4};
  const Digits d(s.digits);
  Step st;
  for (std::uint32_t u = 0; u < 12; ++u) {
    const std::uint32_t v = u - u % 4 + (u % 4 + 1) % 4;
    DigitBox b = full_box(d);
    set_digit(d, b, 1, {d.digit(u, 1)});
    Payload p;
    p.select = Selector{{}, {}, {{0, 0}}, {b}};
    s.payloads.push_back(p);
    st.transfers.push_back({NodeId(u), NodeId(v), u});
  }
  s.steps.push_back(st);
  return s;
}

}  // namespace

TEST_CASE("rule-form files read back as the steps that were checked") {
  const Case cases[] = {
      {"hdn(torus(2,3), sn=[{0},{1}])", "total-exchange"},
      {"hdn(hypercube(2), sn=[{0},{0,1}])", "total-exchange"},
      {"torus(3,4,5)", "total-exchange"},
      {"hdn(torus(2,3), sn=[{},{}])", "broadcast"},
      {"hypercube(5)", "all-reduce"},
      {"mesh(4,5)", "broadcast"},
      {"torus(4,4)", "all-gather"},
  };
  for (const Case& c : cases) {
    INFO(c.spec << " " << c.collective);
    const RoundTrip r = round_trip(c);
    CHECK(r.rules_text.find("\"rules\":[") != std::string::npos);
    CHECK(!first_different_step(r.back, r.original.schedule()));
    // The record written with the rule form passes the check of what the file says.
    const auto t = build_topology(c.spec);
    const auto again = check_schedule(*t, r.back).verification();
    CHECK(again.check.ok());
    CHECK(again.check.steps == r.original.verification().check.steps);
    CHECK(again.check.payload_sum == r.original.verification().check.payload_sum);
    CHECK(again.check.transfers == r.original.verification().check.transfers);
  }
}

TEST_CASE("the executor runs a rule-form file and its bytes check") {
  // The executor reads files like every consumer: through the one expander.
  const RoundTrip r = round_trip({"hdn(torus(2,3), sn=[{},{}])", "broadcast"});
  REQUIRE(r.rules_text.find("\"rules\":[") != std::string::npos);
  const exec::RunReport report =
      exec::run_loopback(exec::ExecPlan(schedule_from_json(r.rules_text).schedule), {32, true});
  CHECK(report.pass());
  CHECK(report.steps == r.original.verification().check.steps);
}

TEST_CASE("rules shrink the HDN exchange and auto leaves small steps as columns") {
  const RoundTrip r = round_trip({"hdn(torus(2,3), sn=[{0},{1}])", "total-exchange"});
  CHECK(r.rules_text.size() * 20 < r.columns_text.size());
  const Schedule& s = r.original.schedule();
  CHECK(schedule_to_json(s, std::nullopt, StepForm::Auto) ==
        schedule_to_json(s, std::nullopt, StepForm::Rules));
  const Schedule small =
      generate_checked(*build_topology("ring(8)"), GenRequest("broadcast")).schedule();
  CHECK(schedule_to_json(small) == schedule_to_json(small, std::nullopt, StepForm::Columns));
  CHECK(schedule_from_json(schedule_to_json(small)).schedule == small);
}

TEST_CASE("a relative selector and its senders come back exactly") {
  const Schedule s = hand_schedule();
  const auto rules = compress_step(Digits(s.digits), s.steps[0], s.payloads, 8);
  REQUIRE(rules);
  REQUIRE(rules->size() == 1);
  const StepRule& r = rules->front();
  CHECK(r.senders.size() == 1);
  CHECK(to_string(Digits(s.digits), r.senders[0]) == "[0,*,*]");
  CHECK(r.to[2] == RelDigit{RelDigit::Kind::Copy, {}, 2, 1});
  REQUIRE(r.held);
  CHECK(r.held->dest_boxes[0][1] == RelDigit{RelDigit::Kind::Copy, {}, 1, 0});
  CHECK(rule_transfers(Digits(s.digits), *rules) == 12);
  const Schedule back =
      schedule_from_json(schedule_to_json(s, std::nullopt, StepForm::Rules)).schedule;
  CHECK(!first_different_step(back, s));
  CHECK(back.payloads.size() == 3);  // one selector per value of digit 1, stored once each
}

TEST_CASE("a box less its diagonal is one sender box and except boxes") {
  // Digits 4 x 4 x 4 x 4: the senders are the ids whose digit pairs (0,1) and (2,3) differ,
  // 240 of 256: dozens of boxes value by value, or the whole box except the 16 diagonal ids.
  Schedule s;
  s.topology = "torus(4,4,4,4)";
  s.collective = Collective::broadcast(256, NodeId(0));
  s.digits = {4, 4, 4, 4};
  s.payloads.push_back(Payload::of_chunks({0}));
  const Digits d(s.digits);
  Step st;
  for (std::uint32_t u = 0; u < 256; ++u)
    if (u / 16 != u % 16) st.transfers.push_back({NodeId(u), NodeId(u - u % 4 + (u + 1) % 4), 0});
  s.steps.push_back(st);
  const auto rules = compress_step(d, st, s.payloads, 8);
  REQUIRE(rules);
  REQUIRE(rules->size() == 1);
  CHECK(rules->front().senders.size() == 1);
  CHECK(rules->front().except.size() == 16);
  CHECK(rule_transfers(d, *rules) == 240);
  const std::string text = schedule_to_json(s, std::nullopt, StepForm::Rules);
  CHECK(!first_different_step(schedule_from_json(text).schedule, s));
  // Except boxes that overlap, leave the sender box, or go with two sender boxes are refused.
  json j = json::parse(text);
  json& rule = j["steps"][0]["rules"][0];
  const auto error = [&](const std::function<void(json&)>& edit) {
    json e = j;
    edit(e["steps"][0]["rules"][0]);
    return test::error_of([&] { schedule_from_json(e.dump()); });
  };
  REQUIRE(rule["senders"].size() == 1);
  CHECK(error([](json& r) { r["except"].push_back(r["except"][0]); }) ==
        "schedule file: step 0: rule 0: its except boxes overlap");
  CHECK_THAT(error([](json& r) { r["senders"][0][3] = 1; }),
             Catch::StartsWith("schedule file: step 0: rule 0: except box [") &&
                 Catch::EndsWith("] is not inside the sender box"));
  CHECK(error([](json& r) { r["senders"].push_back(r["senders"][0]); }) ==
        "schedule file: step 0: rule 0: except must be a list of boxes inside the rule's one "
        "sender box");
}

TEST_CASE("steps a rule cannot say stay columns") {
  Schedule s = hand_schedule();
  // Receivers that follow no digit pattern need a rule each: over a budget of 2.
  Step scattered = s.steps[0];
  for (Transfer& t : scattered.transfers) t.to = NodeId((t.from.v * 7 + 3) % 24);
  CHECK(!compress_step(Digits(s.digits), scattered, s.payloads, 2));
  CHECK(compress_step(Digits(s.digits), scattered, s.payloads, 12));
  // A sender twice with the same receiver rule and payload: one rule cannot list it twice.
  s.steps[0].transfers.push_back(s.steps[0].transfers.front());
  CHECK(!compress_step(Digits(s.digits), s.steps[0], s.payloads, 100));
  const Schedule back =
      schedule_from_json(schedule_to_json(s, std::nullopt, StepForm::Rules)).schedule;
  CHECK(back == s);
}

TEST_CASE("first_different_step ignores order and payload numbering and nothing else") {
  const Schedule s = hand_schedule();
  Schedule t = s;
  std::reverse(t.steps[0].transfers.begin(), t.steps[0].transfers.end());
  t.payloads.push_back(t.payloads.front());  // the same selector under another index
  t.steps[0].transfers.back().payload = static_cast<std::uint32_t>(t.payloads.size() - 1);
  CHECK(!first_different_step(s, t));
  t.steps[0].transfers.pop_back();
  CHECK(first_different_step(s, t) == std::optional<std::size_t>(0));
  Schedule u = s;
  u.steps[0].transfers[3].to = NodeId(23);
  CHECK(first_different_step(s, u) == std::optional<std::size_t>(0));
}

TEST_CASE("a rule-form file is hash protected and its bad rules are named") {
  const RoundTrip r = round_trip({"hdn(torus(2,3), sn=[{0},{1}])", "total-exchange"});
  json j = json::parse(r.rules_text);
  json& rule = j["steps"][0]["rules"][0];
  REQUIRE(rule["to"][0].contains("add"));
  const auto edited = [&](const std::function<void(json&)>& edit) {
    json e = j;
    e.erase("verification");
    edit(e["steps"][0]["rules"][0]);
    return test::error_of([&] { schedule_from_json(e.dump()); });
  };
  {
    json e = j;
    e["steps"][0]["rules"][0]["to"][0]["add"] = 0;
    CHECK_THAT(test::error_of([&] { schedule_from_json(e.dump()); }),
               Catch::StartsWith("schedule file: tampered"));
  }
  CHECK(edited([](json& x) { x["to"][0]["add"] = 2; }) ==
        "schedule file: step 0: rule 0: to: digit 0: copies digit 0 plus 2: the source must be a "
        "digit of the same radix 2 and the addend below it");
  CHECK(edited([](json& x) { x["senders"][0][0] = 5; }) ==
        "schedule file: step 0: rule 0: senders: digit 0 value 5 is not below its radix 2");
  CHECK(edited([](json& x) { x["payload"] = 0; }) ==
        "schedule file: step 0: rule 0: needs payload or held (one of them)");
  CHECK(edited([](json& x) { x["extra"] = 1; }) ==
        "schedule file: step 0: rule 0: unknown key 'extra' (senders, except, to, payload, held)");
  CHECK(edited([](json& x) {
          x["held"]["dest_boxes"][0][0] = {{"digit", 0}, {"mul", 2}};
        }) == "schedule file: step 0: rule 0: digit 0: unknown key 'mul' (digit, add)");
  CHECK(edited([](json& x) { x["held"]["dest_boxes"][0][1] = json::array(); }) ==
        "schedule file: step 0: rule 0: digit 1: allows no value");
  {
    json e = j;
    e.erase("verification");
    e["steps"][0]["from"] = json::array();
    CHECK(test::error_of([&] { schedule_from_json(e.dump()); }) ==
          "schedule file: step 0: a rule-form step has rules and compute, not 'from'");
  }
}
