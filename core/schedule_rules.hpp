#pragma once
/// Rule-form steps: why a file need not list every transfer. The exchanges and broadcasts of
/// hierarchical networks repeat one pattern over thousands of nodes: "every node of class 0
/// sends its cross partner what it holds for class 0" is one sentence, yet a columnar step lists
/// it N times (the 810,000-node HDN exchange would be half a gigabyte). A rule says it once: a
/// set of senders (digit boxes of the schedule's digits), the receiver as a function of the
/// sender's digits (each receiver digit a copy of one sender digit plus a constant, or a
/// constant), and the payload — a listed payload, or a selector whose destination boxes are
/// written relative to the sender's digits the same way.
///
/// `compress_step` finds rules for a step (transfers grouped by how their receiver and payload
/// follow from the sender; each group's senders covered by boxes) and `expand_rules` turns
/// them back into transfers. Every reader goes through `expand_rules` (core/schedule_io.cpp
/// expands while reading), so checkers, the MPI executor and the exports see ordinary steps.
/// Expansion reproduces the step's transfers with the same receivers and payload contents,
/// sender by sender within a rule, rule after rule (the order inside a step carries no meaning:
/// steps are synchronous).
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "core/errors.hpp"
#include "core/schedule.hpp"

namespace netsched {

/// One digit of a relative box: any value, a fixed set of values, or the sender's digit `src`
/// plus `add` (modulo this digit's radix, which must equal the source digit's).
struct RelDigit {
  enum class Kind : std::uint8_t { Any, Fixed, Copy } kind = Kind::Any;
  std::vector<std::uint32_t> values;  ///< Fixed: increasing, non-empty
  std::uint32_t src = 0, add = 0;     ///< Copy
  bool operator==(const RelDigit&) const = default;
};
/// A box given relative to a sender: one RelDigit per digit.
using RelBox = std::vector<RelDigit>;

/// A selector whose destination boxes are relative to the sender (the rest as in Selector).
struct RelSelector {
  std::vector<IdRange> dest_in, origin_in;
  std::vector<TimeRange> acquired_in;
  std::vector<RelBox> dest_boxes;
  bool operator==(const RelSelector&) const = default;
};

/// Every id in `senders` but those in `except` sends to `to` applied to its digits (Copy
/// digits, or Fixed with one value) the listed payload `payload`, or the selector `held`
/// instantiated at the sender. `except` (disjoint boxes inside the one sender box it may
/// accompany) says "all of this box but a few" where the senders alone would need many boxes:
/// "the nodes whose super-node digits differ from their cluster digits" is a box minus a
/// diagonal.
struct StepRule {
  std::vector<DigitBox> senders, except;
  RelBox to;
  std::optional<std::uint32_t> payload;
  std::optional<RelSelector> held;
  bool operator==(const StepRule&) const = default;
};

/// The rules of a step, or nullopt when a rule form would not be smaller than `max_rules`
/// rules (or cannot say the step: two transfers of one sender alike in receiver rule and
/// payload). Needs the schedule's digits.
std::optional<std::vector<StepRule>> compress_step(const Digits& digits, const Step& step,
                                                   const std::vector<Payload>& payloads,
                                                   std::size_t max_rules);

/// How many transfers the rules make (the volume of their sender boxes less that of their
/// except boxes), computed before any is made so that limits can be checked first. Throws
/// InputError when a rule's except boxes hold more ids than its sender box (they
/// overlap: they lie inside it).
std::uint64_t rule_transfers(const Digits& digits, const std::vector<StepRule>& rules);

/// Memory the rules' selectors take once RuleExpander has instantiated them (one per distinct
/// value of the sender digits a selector reads, at most one per sender), before any is made:
/// a selector copying every sender digit makes one payload per sender.
std::uint64_t rule_payload_bytes(const Digits& digits, const std::vector<StepRule>& rules);

/// Memory one digit box of `digits` takes (its bit mask of digits.words() words).
std::uint64_t box_bytes(const Digits& digits);

/// Instantiates selectors once per distinct sender-digit combination a rule reads.
class RuleExpander {
 public:
  RuleExpander(const Digits& digits, std::vector<Payload>& payloads)
      : digits_(digits), payloads_(payloads) {}
  /// Appends the rules' transfers to `out`; instantiated selectors are appended to the
  /// payloads (equal ones of one rule stored once). Throws InputError when a rule's
  /// except boxes overlap (that they lie inside its one sender box is the reader's check).
  void expand(const std::vector<StepRule>& rules, Step& out);

 private:
  std::uint32_t instantiate(const RelSelector& sel, std::size_t rule,
                            const std::vector<std::size_t>& reads, const std::uint32_t* u);
  const Digits& digits_;
  std::vector<Payload>& payloads_;
  std::size_t rules_seen_ = 0;
  std::unordered_map<std::uint64_t, std::uint32_t> made_;
};

/// The box `b` at a sender whose digits are `u`.
DigitBox instantiate_box(const Digits& digits, const RelBox& b, const std::uint32_t* u);

/// Whether two schedules have the same steps up to the order of transfers inside a step and
/// the numbering of payloads: per step, the same (from, to, payload contents) multiset and the
/// same local operations. (What a rule-form file preserves.) Returns the first step that
/// differs, or nullopt when none does.
std::optional<std::size_t> first_different_step(const Schedule& a, const Schedule& b);

}  // namespace netsched
