#pragma once
/// One vocabulary for every checker's answer: holds, violated (the broken rule and a witness),
/// or unknown (with the reason) — three answers that never fold into two.
///
/// Why in core/: the simulator, the block engine, the register checker, the Z3 checker, the
/// route proofs and the reference checker of props/ all answer the same question about the same
/// rules; with one type they can be compared field by field, printed alike in Catch2 and
/// rapidcheck, and turned into an exit code in one place (exit_code below).
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>

#include "core/node.hpp"

namespace netsched {

/// The rules of the schedule semantics (ARCHITECTURE.md), in the order a step checks them,
/// then delivery; the register rules; and the rules of the route proofs.
enum class Rule {
  Edge,           ///< a transfer does not follow a link
  EmptyPayload,   ///< a transfer carries nothing
  Causality,      ///< a transfer carries a chunk its sender does not hold
  PortSend,       ///< one-port: a node sends twice in a step
  PortReceive,    ///< one-port: a node receives twice in a step
  PortLink,       ///< all-port: a directed link is used twice in a step
  Dimension,      ///< single-dimension: a step uses two dimensions
  Delivery,       ///< a chunk never reaches a destination
  DoubleCount,    ///< registers: an input is combined twice
  WriteConflict,  ///< registers: a register is written twice in a step
  Degree,         ///< registers: a product of a product
  Result,         ///< registers: a final register differs from the required one
  RouteLink,      ///< route proofs: a hop is not a link
  RouteLength,    ///< route proofs: a route is longer than the bound or stops short
  Deadlock,       ///< MSCCL-IR programs: a threadblock waits forever
  Race,           ///< MSCCL-IR programs: two unordered accesses to a chunk, one a write
  InputWrite,     ///< MSCCL-IR programs: the input buffer of an out-of-place collective written
  SwitchCopy,     ///< switched networks: a switch sends a chunk more often than it received it
};
/// Every rule with its name in files, JSON and messages: the one table of rule names.
struct RuleName {
  Rule rule;
  std::string_view name;
};
inline constexpr RuleName kRules[] = {
    {Rule::Edge, "edge"},
    {Rule::EmptyPayload, "empty-payload"},
    {Rule::Causality, "causality"},
    {Rule::PortSend, "port-send"},
    {Rule::PortReceive, "port-receive"},
    {Rule::PortLink, "port-link"},
    {Rule::Dimension, "dimension"},
    {Rule::Delivery, "delivery"},
    {Rule::DoubleCount, "double-count"},
    {Rule::WriteConflict, "write-conflict"},
    {Rule::Degree, "degree"},
    {Rule::Result, "result"},
    {Rule::RouteLink, "route-link"},
    {Rule::RouteLength, "route-length"},
    {Rule::Deadlock, "deadlock"},
    {Rule::Race, "race"},
    {Rule::InputWrite, "input-write"},
    {Rule::SwitchCopy, "switch-copy"},
};

/// The rule's name in files, JSON and messages: "edge", "port-send", "double-count", ...
std::string_view to_string(Rule r);
/// The rule named `name`, if any.
std::optional<Rule> rule_from_name(std::string_view name);
std::ostream& operator<<(std::ostream& os, Rule r);

/// The first broken rule, with its witness.
struct Violation {
  Rule rule = Rule::Edge;
  std::optional<std::uint64_t> step;      ///< 0-based; absent for delivery
  std::optional<std::uint64_t> transfer;  ///< index within the step
  std::optional<NodeId> node;
  std::optional<std::uint64_t> chunk;
  std::string message;  ///< e.g. "step 3 transfer 2: node 5 sends twice (to 6 and to 9)"
  bool operator==(const Violation&) const = default;
};
/// "rule: message"
std::string to_string(const Violation& v);
std::ostream& operator<<(std::ostream& os, const Violation& v);

/// The delivery violation, worded once for every checker: chunk `chunk` never reaches `node`.
Violation delivery_violation(std::uint64_t chunk, NodeId node);

/// A checker's answer.
struct Verdict {
  enum class Kind { Holds, Violated, Unknown };
  Kind kind = Kind::Unknown;
  std::optional<Violation> violation;  ///< set exactly when violated
  std::string reason;                  ///< why the answer is unknown

  static Verdict holds() { return {Kind::Holds, std::nullopt, {}}; }
  static Verdict violated(Violation v) { return {Kind::Violated, std::move(v), {}}; }
  static Verdict unknown(std::string why) { return {Kind::Unknown, std::nullopt, std::move(why)}; }
  bool ok() const { return kind == Kind::Holds; }
  bool operator==(const Verdict&) const = default;
};
/// "holds", "violated" or "unknown"
std::string_view to_string(Verdict::Kind k);
/// "holds", "violated: rule: message" or "unknown: reason"
std::ostream& operator<<(std::ostream& os, const Verdict& v);

/// Z3 gives up on one query after this long unless told otherwise (milliseconds).
inline constexpr unsigned kDefaultSolverTimeoutMs = 60000;

/// The process exit codes of netsched, in the one place that defines them (docs/cli.md's table
/// is this list).
enum class ExitCode : int {
  Ok = 0,             ///< the schedule holds, the proof went through, the command did its work
  Violated = 1,       ///< a checked schedule or a proved property does not hold (with a witness)
  BadInput = 2,       ///< bad input or usage: one line naming what and where
  InternalError = 3,  ///< a generator produced an invalid schedule (a bug of netsched)
  Unknown = 4,        ///< a solver could not decide within its limits, or a simulation gave no time
};
/// The exit code of a verdict: holds 0, violated 1, unknown 4.
ExitCode exit_code(Verdict::Kind k);
ExitCode exit_code(const Verdict& v);
/// Every exit code with its meaning, in order: docs/cli.md's table is exit_code_table()
/// (a test compares them).
std::string exit_code_table();
int to_int(ExitCode c);

}  // namespace netsched
