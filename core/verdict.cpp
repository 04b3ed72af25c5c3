#include "core/verdict.hpp"

namespace netsched {

std::string_view to_string(Rule r) {
  for (const RuleName& n : kRules)
    if (n.rule == r) return n.name;
  return "?";
}

std::optional<Rule> rule_from_name(std::string_view name) {
  for (const RuleName& n : kRules)
    if (n.name == name) return n.rule;
  return std::nullopt;
}

std::ostream& operator<<(std::ostream& os, Rule r) { return os << to_string(r); }

std::string to_string(const Violation& v) {
  return std::string(to_string(v.rule)) + ": " + v.message;
}

std::ostream& operator<<(std::ostream& os, const Violation& v) { return os << to_string(v); }

Violation delivery_violation(std::uint64_t chunk, NodeId node) {
  return {Rule::Delivery,
          std::nullopt,
          std::nullopt,
          node,
          chunk,
          "chunk " + std::to_string(chunk) + " never reaches node " + std::to_string(node.v)};
}

std::string_view to_string(Verdict::Kind k) {
  switch (k) {
    case Verdict::Kind::Holds:
      return "holds";
    case Verdict::Kind::Violated:
      return "violated";
    case Verdict::Kind::Unknown:
      return "unknown";
  }
  return "?";
}

std::ostream& operator<<(std::ostream& os, const Verdict& v) {
  os << to_string(v.kind);
  if (v.violation) os << ": " << *v.violation;
  if (v.kind == Verdict::Kind::Unknown && !v.reason.empty()) os << ": " << v.reason;
  return os;
}

ExitCode exit_code(const Verdict& v) { return exit_code(v.kind); }

std::string exit_code_table() {
  const std::pair<ExitCode, const char*> rows[] = {
      {ExitCode::Ok, "ok: the schedule holds, the proof went through, the command did its work"},
      {ExitCode::Violated,
       "violated: a schedule breaks a rule, a property is refuted, a claim's verdict changed "
       "(with a witness)"},
      {ExitCode::BadInput,
       "bad input or usage: one line on stderr naming the problem (under --json also "
       "{\"error\": ..., \"exit\": 2} on stdout)"},
      {ExitCode::InternalError,
       "internal error: a generator produced an invalid schedule (a bug of netsched; nothing "
       "is written)"},
      {ExitCode::Unknown,
       "unknown: a solver could not decide before the deadline (--timeout) or within its "
       "limits, or a simulation did not answer (a run of the schedule, or every MPI algorithm at "
       "a size, gave no time: timed out, or SimGrid failed); what was established so far is "
       "printed"},
  };
  std::string out = "| exit | meaning |\n|---|---|\n";
  for (const auto& [code, meaning] : rows)
    out += "| " + std::to_string(to_int(code)) + " | " + meaning + " |\n";
  return out;
}

ExitCode exit_code(Verdict::Kind k) {
  switch (k) {
    case Verdict::Kind::Holds:
      return ExitCode::Ok;
    case Verdict::Kind::Violated:
      return ExitCode::Violated;
    case Verdict::Kind::Unknown:
      return ExitCode::Unknown;
  }
  return ExitCode::InternalError;
}

int to_int(ExitCode c) { return static_cast<int>(c); }

}  // namespace netsched
