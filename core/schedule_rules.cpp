// Rule-form steps (core/schedule_rules.hpp): rules found for a step, and expanded back into it.
#include "core/schedule_rules.hpp"

#include <algorithm>
#include <bit>
#include <span>
#include <stdexcept>
#include <string>
#include <tuple>
#include <unordered_map>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/parallel.hpp"

namespace netsched {
namespace {

/// A candidate explanation of one digit value: the sender's digit `src` plus `add`, or a fixed
/// value (bit 63 set). Markers for the other shapes of a selector digit share the encoding.
using Cand = std::uint64_t;
constexpr Cand kFixedBit = std::uint64_t{1} << 63;
constexpr Cand kAnyMarker = kFixedBit | (std::uint64_t{1} << 62);
constexpr Cand kSetMarker = kFixedBit | (std::uint64_t{1} << 61);
constexpr Cand kListedMarker = kFixedBit | (std::uint64_t{1} << 60);
constexpr Cand kHeldMarker = kFixedBit | (std::uint64_t{1} << 59);
constexpr unsigned kSrcShift = 32;
constexpr std::uint64_t kLow32 = 0xffffffffU;
/// Transfers sampled to rank the candidates of a step, and candidates kept per digit.
constexpr std::size_t kRankSample = 4096;
constexpr std::size_t kRankKept = 8;
/// merge_boxes is quadratic: groups covered by more boxes than this are left unmerged.
constexpr std::size_t kMergeMaxBoxes = 64;
/// Groups covered by more boxes than this try "bounding box except the rest", when the
/// bounding box holds at most kExceptMaxSpread times the group.
constexpr std::size_t kExceptMinBoxes = 16;
constexpr std::uint64_t kExceptMaxSpread = 4;

Cand copy_cand(std::size_t src, std::uint32_t add) {
  return (static_cast<std::uint64_t>(src) << kSrcShift) | add;
}
Cand fixed_cand(std::uint32_t value) { return kFixedBit | value; }
bool is_fixed(Cand c) { return (c & kFixedBit) != 0; }
std::size_t cand_src(Cand c) { return static_cast<std::size_t>((c & ~kFixedBit) >> kSrcShift); }
std::uint32_t cand_low(Cand c) { return static_cast<std::uint32_t>(c & kLow32); }

bool fits(const Digits& d, Cand c, std::size_t j, std::uint32_t a, const std::uint32_t* u) {
  if (is_fixed(c)) return cand_low(c) == a;
  return (u[cand_src(c)] + cand_low(c)) % d.radix()[j] == a;
}

/// Calls fn for every candidate explaining value a of digit j at a sender with digits u.
template <class F>
void for_each_candidate(const Digits& d, std::size_t j, std::uint32_t a, const std::uint32_t* u,
                        F&& fn) {
  const std::uint32_t r = d.radix()[j];
  fn(fixed_cand(a));
  for (std::size_t i = 0; i < d.size(); ++i)
    if (d.radix()[i] == r) fn(copy_cand(i, (a + r - u[i]) % r));
}

void digits_of(const Digits& d, std::uint64_t v, std::uint32_t* out) {
  for (std::size_t i = d.size(); i-- > 0;) {
    out[i] = static_cast<std::uint32_t>(v % d.radix()[i]);
    v /= d.radix()[i];
  }
}

/// Per digit, the candidates most often right in a sample of the step, best first (ties: the
/// same digit unchanged, then any copy, then fixed values).
class Ranking {
 public:
  explicit Ranking(const Digits& d) : d_(d), counts_(d.size()) {}
  void count(std::size_t j, std::uint32_t a, const std::uint32_t* u) {
    for_each_candidate(d_, j, a, u, [&](Cand c) { ++counts_[j][c]; });
  }
  void finish() {
    ranked_.resize(d_.size());
    for (std::size_t j = 0; j < d_.size(); ++j) {
      std::vector<std::pair<std::uint64_t, Cand>> v;
      for (const auto& [c, n] : counts_[j]) v.emplace_back(n, c);
      const auto pref = [j](Cand c) { return c == copy_cand(j, 0) ? 0 : is_fixed(c) ? 2 : 1; };
      std::sort(v.begin(), v.end(), [&](const auto& x, const auto& y) {
        if (x.first != y.first) return x.first > y.first;
        if (pref(x.second) != pref(y.second)) return pref(x.second) < pref(y.second);
        return x.second < y.second;
      });
      for (std::size_t k = 0; k < v.size() && k < kRankKept; ++k) ranked_[j].push_back(v[k].second);
    }
  }
  /// The best candidate that explains value a of digit j at u, else `fallback`.
  Cand choose(std::size_t j, std::uint32_t a, const std::uint32_t* u, Cand fallback) const {
    for (Cand c : ranked_[j])
      if (fits(d_, c, j, a, u)) return c;
    return fallback;
  }

 private:
  const Digits& d_;
  std::vector<std::unordered_map<Cand, std::uint64_t>> counts_;
  std::vector<std::vector<Cand>> ranked_;
};

/// How many values digit j of box b allows, and the smallest (without building the list: the
/// writer asks this for every digit of every transfer's selector).
std::pair<std::uint32_t, std::uint32_t> digit_count(const Digits& d, const DigitBox& b,
                                                    std::size_t j) {
  std::uint32_t count = 0, first = 0;
  d.for_each_word(j, [&](std::size_t k, std::uint64_t m) {
    const std::uint64_t bits = b.w[k] & m;
    if (bits && !count)
      first = static_cast<std::uint32_t>(k * 64 + std::countr_zero(bits) - d.first(j));
    count += static_cast<std::uint32_t>(std::popcount(bits));
  });
  return {count, first};
}

RelDigit rel_digit(Cand c) {
  if (is_fixed(c)) return {RelDigit::Kind::Fixed, {cand_low(c)}, 0, 0};
  return {RelDigit::Kind::Copy, {}, static_cast<std::uint32_t>(cand_src(c)), cand_low(c)};
}

struct KeyHash {
  std::size_t operator()(const std::vector<Cand>& k) const {
    std::size_t h = k.size();
    for (Cand c : k) h = hash_mix(h, c);
    return h;
  }
};

/// Explains transfers of one step: the key says how receiver and payload follow from the
/// sender (equal keys = one rule); `rule` (when asked) is that rule without senders.
class Explainer {
 public:
  Explainer(const Digits& d, const Step& step, const std::vector<Payload>& payloads)
      : d_(d), payloads_(payloads), to_rank_(d), box_rank_(d), u_(d.size()), v_(d.size()) {
    const std::size_t n = step.transfers.size(), every = std::max<std::size_t>(1, n / kRankSample);
    for (std::size_t t = 0; t < n; t += every) sample(step.transfers[t]);
    to_rank_.finish();
    box_rank_.finish();
  }

  void explain(const Transfer& tr, std::vector<Cand>& key, StepRule* rule) {
    key.clear();
    digits_of(d_, tr.from.v, u_.data());
    digits_of(d_, tr.to.v, v_.data());
    for (std::size_t j = 0; j < d_.size(); ++j) {
      const std::uint32_t r = d_.radix()[j];
      key.push_back(to_rank_.choose(j, v_[j], u_.data(), copy_cand(j, (v_[j] + r - u_[j]) % r)));
      if (rule) rule->to.push_back(rel_digit(key.back()));
    }
    const Payload& p = payloads_[tr.payload];
    if (!p.select || p.select->dest_boxes.empty()) {
      key.insert(key.end(), {kListedMarker, tr.payload});
      if (rule) rule->payload = tr.payload;
      return;
    }
    explain_selector(*p.select, key, rule);
  }

 private:
  void sample(const Transfer& tr) {
    digits_of(d_, tr.from.v, u_.data());
    digits_of(d_, tr.to.v, v_.data());
    for (std::size_t j = 0; j < d_.size(); ++j) to_rank_.count(j, v_[j], u_.data());
    const Payload& p = payloads_[tr.payload];
    if (!p.select) return;
    for (const DigitBox& b : p.select->dest_boxes)
      for (std::size_t j = 0; j < d_.size(); ++j) {
        const auto [count, value] = digit_count(d_, b, j);
        if (count == 1) box_rank_.count(j, value, u_.data());
      }
  }

  template <class Ranges>
  static void push_ranges(const Ranges& rs, std::vector<Cand>& key) {
    key.push_back(rs.size());
    for (const auto& r : rs) key.push_back((static_cast<std::uint64_t>(r.lo) << kSrcShift) | r.hi);
  }

  void explain_selector(const Selector& s, std::vector<Cand>& key, StepRule* rule) {
    key.push_back(kHeldMarker);
    push_ranges(s.dest_in, key);
    push_ranges(s.origin_in, key);
    push_ranges(s.acquired_in, key);
    if (rule) rule->held = RelSelector{s.dest_in, s.origin_in, s.acquired_in, {}};
    for (const DigitBox& b : s.dest_boxes) {
      if (rule) rule->held->dest_boxes.emplace_back();
      for (std::size_t j = 0; j < d_.size(); ++j) {
        const auto [count, value] = digit_count(d_, b, j);
        RelDigit rd;
        if (count == d_.radix()[j] && count > 1) {
          key.push_back(kAnyMarker);
        } else if (count == 1) {
          key.push_back(box_rank_.choose(j, value, u_.data(), fixed_cand(value)));
          rd = rel_digit(key.back());
        } else {
          const auto vals = digit_values(d_, b, j);
          key.push_back(kSetMarker | vals.size());
          key.insert(key.end(), vals.begin(), vals.end());
          rd = {RelDigit::Kind::Fixed, vals, 0, 0};
        }
        if (rule) rule->held->dest_boxes.back().push_back(std::move(rd));
      }
    }
  }

  const Digits& d_;
  const std::vector<Payload>& payloads_;
  Ranking to_rank_, box_rank_;
  std::vector<std::uint32_t> u_, v_;
};

/// The smallest box holding every id.
DigitBox bounding_box(const Digits& d, std::span<const std::uint64_t> ids) {
  DigitBox box{std::vector<std::uint64_t>(d.words(), 0)};
  for (std::uint64_t v : ids)
    for (std::size_t j = 0; j < d.size(); ++j) {
      const std::size_t bit = d.first(j) + d.digit(v, j);
      box.w[bit / 64] |= std::uint64_t{1} << (bit % 64);
    }
  return box;
}

/// Appends boxes whose disjoint union is exactly `ids` (sorted, distinct): the bounding box
/// when it is full, else one cover per value of the first digit that varies.
void cover_ids(const Digits& d, std::span<const std::uint64_t> ids, std::vector<DigitBox>& out) {
  DigitBox box = bounding_box(d, ids);
  if (volume(d, box.w.data()) == ids.size()) {
    out.push_back(std::move(box));
    return;
  }
  std::size_t j = 0;
  while (d.digit(ids.front(), j) == d.digit(ids.back(), j)) ++j;  // sorted: the top digits agree
  for (std::size_t lo = 0; lo < ids.size();) {
    std::size_t hi = lo;
    while (hi < ids.size() && d.digit(ids[hi], j) == d.digit(ids[lo], j)) ++hi;
    cover_ids(d, ids.subspan(lo, hi - lo), out);
    lo = hi;
  }
}

/// The senders of a rule: boxes covering `ids` (sorted, distinct), or their bounding box
/// except boxes covering the rest of it, whichever takes fewer boxes.
void cover_senders(const Digits& d, const std::vector<std::uint64_t>& ids, StepRule& rule) {
  cover_ids(d, ids, rule.senders);
  if (rule.senders.size() <= kExceptMinBoxes) return;
  DigitBox box = bounding_box(d, ids);
  if (volume(d, box.w.data()) > kExceptMaxSpread * ids.size()) return;
  std::vector<std::uint64_t> rest;
  auto next = ids.begin();
  for_each_id(d, box, [&](std::uint64_t v) {
    if (next != ids.end() && *next == v)
      ++next;
    else
      rest.push_back(v);
  });
  std::vector<DigitBox> except;
  cover_ids(d, rest, except);
  if (except.size() + 1 >= rule.senders.size()) return;
  rule.senders = {std::move(box)};
  rule.except = std::move(except);
}

}  // namespace

std::optional<std::vector<StepRule>> compress_step(const Digits& digits, const Step& step,
                                                   const std::vector<Payload>& payloads,
                                                   std::size_t max_rules) {
  if (digits.empty() || step.transfers.empty()) return std::nullopt;
  Explainer ex(digits, step, payloads);
  std::unordered_map<std::vector<Cand>, std::uint32_t, KeyHash> group_of;
  std::vector<StepRule> rules;
  std::vector<std::vector<std::uint64_t>> senders;
  std::vector<Cand> key;
  for (const Transfer& tr : step.transfers) {
    ex.explain(tr, key, nullptr);
    auto [it, fresh] = group_of.try_emplace(key, static_cast<std::uint32_t>(rules.size()));
    if (fresh) {
      if (rules.size() == max_rules) return std::nullopt;
      rules.emplace_back();
      ex.explain(tr, key, &rules.back());
      senders.emplace_back();
    }
    senders[it->second].push_back(tr.from.v);
  }
  for (std::size_t g = 0; g < rules.size(); ++g) {
    std::vector<std::uint64_t>& ids = senders[g];
    std::sort(ids.begin(), ids.end());
    if (std::adjacent_find(ids.begin(), ids.end()) != ids.end()) return std::nullopt;
    cover_senders(digits, ids, rules[g]);
    if (rules[g].senders.size() <= kMergeMaxBoxes) merge_boxes(digits, rules[g].senders);
    if (rules[g].except.size() <= kMergeMaxBoxes) merge_boxes(digits, rules[g].except);
  }
  return rules;
}

namespace {

/// The ids rule k sends from: its sender boxes less its except boxes.
std::uint64_t rule_senders(const Digits& digits, const std::vector<StepRule>& rules,
                           std::size_t k) {
  const StepRule& r = rules[k];
  std::uint64_t senders = 0, excepted = 0;
  for (const DigitBox& b : r.senders) senders = add_sat(senders, volume(digits, b.w.data()));
  for (const DigitBox& b : r.except) excepted = add_sat(excepted, volume(digits, b.w.data()));
  if (excepted > senders)
    throw InputError("rule " + std::to_string(k) + ": its except boxes overlap");
  return senders - excepted;
}

/// The sender digits a selector reads (its Copy entries' sources), increasing.
std::vector<std::size_t> selector_reads(const RelSelector& sel) {
  std::vector<std::size_t> reads;
  for (const RelBox& b : sel.dest_boxes)
    for (const RelDigit& rd : b)
      if (rd.kind == RelDigit::Kind::Copy) reads.push_back(rd.src);
  std::sort(reads.begin(), reads.end());
  reads.erase(std::unique(reads.begin(), reads.end()), reads.end());
  return reads;
}

}  // namespace

std::uint64_t rule_transfers(const Digits& digits, const std::vector<StepRule>& rules) {
  std::uint64_t n = 0;
  for (std::size_t k = 0; k < rules.size(); ++k) n = add_sat(n, rule_senders(digits, rules, k));
  return n;
}

std::uint64_t box_bytes(const Digits& digits) {
  constexpr std::uint64_t kAllocation = 16;  // the allocator's header
  return sizeof(DigitBox) + kAllocation + digits.words() * sizeof(std::uint64_t);
}

std::uint64_t rule_payload_bytes(const Digits& digits, const std::vector<StepRule>& rules) {
  constexpr std::uint64_t kMadeEntry = 48;  // RuleExpander::made_'s node
  std::uint64_t bytes = 0;
  for (std::size_t k = 0; k < rules.size(); ++k) {
    const StepRule& r = rules[k];
    if (!r.held) continue;
    std::uint64_t values = 1;  // the distinct values of the digits the selector reads
    for (const std::size_t i : selector_reads(*r.held)) values = mul_sat(values, digits.radix()[i]);
    const RelSelector& h = *r.held;
    const std::uint64_t each = sizeof(Payload) + kMadeEntry +
                               mul_sat(h.dest_boxes.size(), box_bytes(digits)) +
                               (h.dest_in.size() + h.origin_in.size()) * sizeof(IdRange) +
                               h.acquired_in.size() * sizeof(TimeRange);
    bytes = add_sat(bytes, mul_sat(std::min(values, rule_senders(digits, rules, k)), each));
  }
  return bytes;
}

DigitBox instantiate_box(const Digits& digits, const RelBox& b, const std::uint32_t* u) {
  DigitBox box = full_box(digits);
  for (std::size_t j = 0; j < digits.size(); ++j) {
    const RelDigit& rd = b[j];
    if (rd.kind == RelDigit::Kind::Fixed)
      set_digit(digits, box, j, rd.values);
    else if (rd.kind == RelDigit::Kind::Copy)
      set_digit(digits, box, j, {(u[rd.src] + rd.add) % digits.radix()[j]});
  }
  return box;
}

std::uint32_t RuleExpander::instantiate(const RelSelector& sel, std::size_t rule,
                                        const std::vector<std::size_t>& reads,
                                        const std::uint32_t* u) {
  // The selector depends on the sender only through the digits its Copy entries read; their
  // values, as a number of those digits' radices, are below N <= 2^32.
  std::uint64_t code = 0;
  for (std::size_t i : reads) code = code * digits_.radix()[i] + u[i];
  const auto [it, fresh] = made_.try_emplace((static_cast<std::uint64_t>(rule) << kSrcShift) ^ code,
                                             static_cast<std::uint32_t>(payloads_.size()));
  if (!fresh) return it->second;
  Selector s{sel.dest_in, sel.origin_in, sel.acquired_in, {}};
  for (const RelBox& b : sel.dest_boxes) s.dest_boxes.push_back(instantiate_box(digits_, b, u));
  Payload p;
  p.select = std::move(s);
  payloads_.push_back(std::move(p));
  return it->second;
}

void RuleExpander::expand(const std::vector<StepRule>& rules, Step& out) {
  std::vector<std::uint32_t> u(digits_.size());
  out.transfers.reserve(out.transfers.size() + rule_transfers(digits_, rules));
  for (const StepRule& r : rules) {
    const std::size_t rule = rules_seen_++;
    const std::vector<std::size_t> reads =
        r.held ? selector_reads(*r.held) : std::vector<std::size_t>{};
    std::vector<std::uint64_t> skip;  // the except boxes' ids, increasing
    for (const DigitBox& b : r.except)
      for_each_id(digits_, b, [&](std::uint64_t v) { skip.push_back(v); });
    std::sort(skip.begin(), skip.end());
    if (std::adjacent_find(skip.begin(), skip.end()) != skip.end())
      throw InputError("rule " + std::to_string(&r - rules.data()) + ": its except boxes overlap");
    for (const DigitBox& b : r.senders)
      for_each_id(digits_, b, [&](std::uint64_t from) {
        if (!skip.empty() && std::binary_search(skip.begin(), skip.end(), from)) return;
        digits_of(digits_, from, u.data());
        std::uint64_t to = 0;
        for (std::size_t j = 0; j < digits_.size(); ++j) {
          const RelDigit& rd = r.to[j];
          const std::uint32_t value = rd.kind == RelDigit::Kind::Copy
                                          ? (u[rd.src] + rd.add) % digits_.radix()[j]
                                          : rd.values.front();
          to = to * digits_.radix()[j] + value;
        }
        const std::uint32_t payload =
            r.payload ? *r.payload : instantiate(*r.held, rule, reads, u.data());
        out.transfers.push_back({NodeId(static_cast<std::uint32_t>(from)),
                                 NodeId(static_cast<std::uint32_t>(to)), payload});
      });
  }
}

std::optional<std::size_t> first_different_step(const Schedule& a, const Schedule& b) {
  // Payloads are compared by content: each gets the index of the first equal one of a ++ b.
  const std::size_t na = a.payloads.size();
  const std::vector<std::uint32_t> first = first_equal_payloads(
      na + b.payloads.size(),
      [&](std::size_t i) -> const Payload& { return i < na ? a.payloads[i] : b.payloads[i - na]; });
  const std::vector<std::uint32_t> canon_a(first.begin(),
                                           first.begin() + static_cast<std::ptrdiff_t>(na)),
      canon_b(first.begin() + static_cast<std::ptrdiff_t>(na), first.end());
  const auto sorted = [](const Step& st, const std::vector<std::uint32_t>& canon) {
    std::vector<std::tuple<std::uint32_t, std::uint32_t, std::uint32_t>> v;
    v.reserve(st.transfers.size());
    for (const Transfer& t : st.transfers) v.emplace_back(t.from.v, t.to.v, canon[t.payload]);
    std::sort(v.begin(), v.end());
    return v;
  };
  const std::size_t n = std::max(a.steps.size(), b.steps.size());
  std::vector<char> differs(n, 1);
  parallel_items(
      std::min(a.steps.size(), b.steps.size()), 0, [] { return 0; },
      [&](int&, std::uint64_t i) {
        differs[i] = a.steps[i].compute != b.steps[i].compute ||
                     sorted(a.steps[i], canon_a) != sorted(b.steps[i], canon_b);
      },
      [](int&) {});
  for (std::size_t i = 0; i < n; ++i)
    if (differs[i]) return i;
  return std::nullopt;
}

}  // namespace netsched
