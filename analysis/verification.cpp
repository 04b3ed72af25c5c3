#include "analysis/verification.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

#include "analysis/bandwidth_bound.hpp"
#include "analysis/congestion_bound.hpp"
#include "core/errors.hpp"
#include "core/schedule_io.hpp"

namespace netsched {

Verification verify_schedule(const Network& t, const Schedule& s, Engine engine,
                             const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  return verification_of(t, s, simulate(t, s, engine, progress));
}

Verification verification_of(const Network& t, const Schedule& s, CheckResult check) {
  Verification v;
  v.check = std::move(check);
  v.bound = paper_bound(t, s.collective, s.algorithm);
  const Csr csr(t);
  const bool unit = std::all_of(s.payloads.begin(), s.payloads.end(),
                                [](const Payload& p) { return !p.select && p.chunks.size() == 1; });
  v.lower = follows_links(s.model) ? lower_bound(t, s.collective, csr, unit, node_port_limit(s))
                                   : routed_lower_bound(t, s.collective, csr);
  // a lower bound above the steps of a schedule that holds is a wrong bound: fail rather than
  // print it beside the schedule (as analysis/size_choice does for its time bounds)
  if (v.check.ok() && v.lower && v.lower->steps > v.check.steps)
    throw std::logic_error(fmt::format("{} holds in {} steps, below its lower bound {} ({})",
                                       s.algorithm, v.check.steps, v.lower->steps,
                                       v.lower->reason));
  return v;
}

nlohmann::json violation_json(const Violation& v) {
  auto opt = [](const auto& x) { return x ? nlohmann::json(*x) : nlohmann::json(nullptr); };
  return {{"rule", to_string(v.rule)},
          {"message", v.message},
          {"step", opt(v.step)},
          {"transfer", opt(v.transfer)},
          {"node", v.node ? nlohmann::json(v.node->v) : nlohmann::json(nullptr)},
          {"chunk", opt(v.chunk)}};
}

nlohmann::json Verification::to_json(const Schedule& s, const CostModel& cost) const {
  nlohmann::json j;
  j["ok"] = check.ok();
  j["topology"] = s.topology;
  j["collective"] = s.collective.name();
  j["model"] = to_string(s.model);
  j["algorithm"] = s.algorithm;
  // Figures exist when every step obeyed the step rules (see CheckResult).
  const bool has_figures =
      check.ok() || (check.violation() && check.violation()->rule == Rule::Delivery);
  auto figure = [&](std::uint64_t x) {
    return has_figures ? nlohmann::json(x) : nlohmann::json(nullptr);
  };
  j["steps"] = figure(check.steps);
  j["payload_sum"] = figure(check.payload_sum);
  j["transfers"] = figure(check.transfers);
  j["engine"] = to_string(check.engine);
  if (!check.engine_note.empty()) j["engine_note"] = check.engine_note;
  if (bandwidth_cut)
    j["bandwidth_cut"] = {
        {"side", bandwidth_cut->side},
        {"links", bandwidth_cut->links},
        {"bandwidth", bandwidth_cut->bandwidth},
        {"chunks", bandwidth_cut->chunks},
        {"chunk_times", static_cast<double>(bandwidth_cut->chunks) / bandwidth_cut->bandwidth}};
  if (bandwidth_lengths) {
    j["bandwidth_lengths"] = lengths_to_json(*bandwidth_lengths);
    j["bandwidth_lengths"]["chunk_times"] = bandwidth_lengths->chunk_times();
  }
  j["cost"] = has_figures ? nlohmann::json{{"value", cost.of(check.steps, check.payload_sum)},
                                           {"ts", cost.ts},
                                           {"tw", cost.tw},
                                           {"m", cost.m},
                                           {"pair", {check.steps, check.payload_sum}}}
                          : nlohmann::json(nullptr);
  if (bound) {
    j["bound"] = bound->steps;
    j["bound_formula"] = bound->formula;
    j["bound_source"] = bound->source;
    j["within_bound"] =
        has_figures ? nlohmann::json(check.steps <= bound->steps) : nlohmann::json(nullptr);
    j["paper_cost"] = bound->payload_sum
                          ? nlohmann::json{{"pair", {bound->steps, *bound->payload_sum}},
                                           {"value", cost.of(bound->steps, *bound->payload_sum)}}
                          : nlohmann::json(nullptr);
  } else {
    j["bound"] = nullptr;
    j["within_bound"] = nullptr;
    j["paper_cost"] = nullptr;
  }
  if (lower) {
    j["lower_bound"] = lower->steps;
    j["lower_bound_reason"] = lower->reason;
  } else {
    j["lower_bound"] = nullptr;
  }
  if (check.violation()) j["violation"] = violation_json(*check.violation());
  return j;
}

VerificationRecord Verification::record() const {
  VerificationRecord r;
  r.checker = kSimulatorVersion;
  r.verdict = std::string(to_string(check.verdict.kind));
  r.steps = check.steps;
  r.payload_sum = check.payload_sum;
  r.transfers = check.transfers;
  if (bound) r.bound = bound->steps;
  if (lower) r.lower_bound = lower->steps;
  r.bandwidth_cut = bandwidth_cut;
  r.bandwidth_lengths = bandwidth_lengths;
  return r;
}

void check_record(const VerificationRecord& recorded, const VerificationRecord& fresh) {
  auto mismatch = [](const std::string& what, const std::string& a, const std::string& b) {
    throw InputError("schedule file: tampered: the verification record says " + what + " " + a +
                     ", the content gives " + b + std::string(kEditedScheduleHint));
  };
  auto str = [](const std::optional<std::uint64_t>& v) {
    return v ? std::to_string(*v) : std::string("null");
  };
  if (recorded.verdict != fresh.verdict) mismatch("verdict", recorded.verdict, fresh.verdict);
  if (recorded.steps != fresh.steps)
    mismatch("steps", std::to_string(recorded.steps), std::to_string(fresh.steps));
  if (recorded.payload_sum != fresh.payload_sum)
    mismatch("payload_sum", std::to_string(recorded.payload_sum),
             std::to_string(fresh.payload_sum));
  if (recorded.transfers != fresh.transfers)
    mismatch("transfers", std::to_string(recorded.transfers), std::to_string(fresh.transfers));
  if (recorded.bound != fresh.bound) mismatch("bound", str(recorded.bound), str(fresh.bound));
  if (recorded.lower_bound != fresh.lower_bound)
    mismatch("lower_bound", str(recorded.lower_bound), str(fresh.lower_bound));
}

namespace {

/// The record's link lengths, recounted on t, for a total exchange only.
void check_recorded_lengths(const VerificationRecord& recorded, const Network& t,
                            const Collective& c) {
  if (!recorded.bandwidth_lengths) return;
  const std::string where = "schedule file: tampered: the verification record's link lengths ";
  if (c.kind() != Collective::Kind::TotalExchange)
    throw InputError(where + "belong to no " + c.name() + " (a total exchange's bound only)" +
                     std::string(kEditedScheduleHint));
  const std::string wrong = recount(t, *recorded.bandwidth_lengths);
  if (!wrong.empty())
    throw InputError(where + "do not recount: " + wrong + std::string(kEditedScheduleHint));
}

}  // namespace

void check_record(const VerificationRecord& recorded, const VerificationRecord& fresh,
                  const Network& t, const Collective& c) {
  check_record(recorded, fresh);
  check_recorded_lengths(recorded, t, c);
  if (!recorded.bandwidth_cut) return;
  const CutRecord& cut = *recorded.bandwidth_cut;
  const auto tampered = [](const std::string& why) {
    throw InputError("schedule file: tampered: the verification record's bandwidth cut " + why +
                     std::string(kEditedScheduleHint));
  };
  const std::string wrong =
      recount(t, CutCertificate{cut.side, cut.links, cut.bandwidth, cut.chunks});
  if (!wrong.empty()) tampered("does not recount: " + wrong);
  using Kind = Collective::Kind;
  if (c.kind() == Kind::AllGather || c.kind() == Kind::ReduceScatter) {
    if (cut.chunks != cut.side.size())
      tampered("says " + std::to_string(cut.chunks) + " blocks must leave a side of " +
               std::to_string(cut.side.size()) + " nodes");
  } else if (c.kind() == Kind::Broadcast) {
    if (cut.chunks != 1 ||
        std::find(cut.side.begin(), cut.side.end(), c.root().v) == cut.side.end())
      tampered("is not one message from a side that holds the root");
  } else {
    tampered("belongs to no " + c.name() + " (all-gather, reduce-scatter and broadcast only)");
  }
}

}  // namespace netsched
