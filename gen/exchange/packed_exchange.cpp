#include <algorithm>
#include <map>
#include <memory>

#include "gen/exchange/packed.hpp"
#include "gen/topo/product.hpp"

namespace netsched {

std::size_t packed_exchange_steps(const Product& p) {
  std::size_t steps = 0;
  for (const auto& f : p.factors())
    if (f.size > 1) steps += f.kind == Factor::Kind::Path ? 2 * (f.size - 1) : f.size - 1;
  return steps;
}

Digits product_digits(const Product& p) { return Digits(p.id_digits()); }

namespace {

/// Which owners' blocks each node still has to pass on, step by step. send() decides whether
/// b's transfer carries something (b sends the owners it holds that agree with it below d and
/// have a coordinate in `values` in d; `fresh`: only what arrived in the step before), and
/// end_step() applies the step's receipts.
class Holdings {
 public:
  virtual ~Holdings() = default;
  virtual bool send(std::uint64_t b, std::uint64_t to, std::uint32_t d,
                    const std::vector<std::uint32_t>& values, bool fresh) = 0;
  virtual void end_step() = 0;
};

/// The owners of `from` that b may send in dimension d towards `values`.
bool sendable(const Product& p, std::uint64_t b, std::uint64_t w, std::uint32_t d,
              const std::vector<char>& want) {
  if (!want[p.coord(w, d)]) return false;
  for (std::uint32_t e = 0; e < d; ++e)
    if (p.coord(w, e) != p.coord(b, e)) return false;
  return true;
}

std::vector<char> wanted(const Product& p, std::uint32_t d, const std::vector<std::uint32_t>& v) {
  std::vector<char> want(p.factors()[d].size, 0);
  for (auto x : v) want[x] = 1;
  return want;
}

/// Every node's set, n0 x n0 (any starting holdings; the HDN's base copies are small).
class TableHoldings : public Holdings {
 public:
  TableHoldings(const Product& p, const Holds& holds)
      : p_(p),
        n0_(p.num_nodes()),
        cur_(n0_, std::vector<char>(n0_, 0)),
        fresh_(n0_),
        next_(n0_, std::vector<char>(n0_, 0)) {
    for (std::uint64_t b = 0; b < n0_; ++b)
      for (std::uint64_t w = 0; w < n0_; ++w) cur_[b][w] = holds(b, w);
  }
  bool send(std::uint64_t b, std::uint64_t to, std::uint32_t d,
            const std::vector<std::uint32_t>& values, bool fresh) override {
    const std::vector<char> want = wanted(p_, d, values);
    const std::vector<char>& from = fresh ? fresh_[b] : cur_[b];
    bool any = false;
    for (std::uint64_t w = 0; w < n0_; ++w) {
      if (!from[w] || !sendable(p_, b, w, d, want)) continue;
      any = true;
      cur_[b][w] = 0;
      next_[to][w] = 1;
    }
    return any;
  }
  void end_step() override {
    for (std::uint64_t b = 0; b < n0_; ++b)
      for (std::uint64_t w = 0; w < n0_; ++w) cur_[b][w] |= next_[b][w];
    fresh_ = std::move(next_);
    next_.assign(n0_, std::vector<char>(n0_, 0));
  }

 private:
  const Product& p_;
  std::uint64_t n0_;
  std::vector<std::vector<char>> cur_, fresh_, next_;
};

/// Node 0's set only: when every node starts with a block for every other owner and every
/// factor is a ring or a complete graph, the exchange commutes with the translations, so node
/// b's set is node 0's shifted by b, and b's transfer carries something exactly when node 0's
/// does. O(N) memory instead of N^2. Node 0 is the first sender of every step.
class TranslatedHoldings : public Holdings {
 public:
  explicit TranslatedHoldings(const Product& p)
      : p_(p), cur_(p.num_nodes(), 1), fresh_(p.num_nodes(), 0) {
    cur_[0] = 0;
  }
  bool send(std::uint64_t b, std::uint64_t to, std::uint32_t d,
            const std::vector<std::uint32_t>& values, bool fresh) override {
    if (b != 0) return any_;
    const std::vector<char> want = wanted(p_, d, values);
    const std::vector<char>& from = fresh ? fresh_ : cur_;
    sent_.assign(cur_.size(), 0);
    any_ = false;
    for (std::uint64_t w = 0; w < cur_.size(); ++w)
      if (from[w] && sendable(p_, 0, w, d, want)) sent_[w] = 1, any_ = true;
    d_ = d;
    shift_ = p_.coord(to, d);  // node 0 receives from coordinate -shift, its set shifted so
    return any_;
  }
  void end_step() override {
    const std::uint64_t m = p_.factors()[d_].size, st = p_.stride(d_);
    std::vector<char> arrived(cur_.size(), 0);
    for (std::uint64_t w = 0; w < cur_.size(); ++w) {
      if (!sent_[w]) continue;
      cur_[w] = 0;
      const std::uint64_t c = p_.coord(w, d_);
      arrived[w - c * st + (c + m - shift_) % m * st] = 1;
    }
    for (std::uint64_t w = 0; w < cur_.size(); ++w) cur_[w] |= arrived[w];
    fresh_ = std::move(arrived);
  }

 private:
  const Product& p_;
  std::vector<char> cur_, fresh_, sent_;
  bool any_ = false;
  std::uint32_t d_ = 0;
  std::uint64_t shift_ = 0;
};

}  // namespace

bool translation_invariant(const Product& p) {
  return std::all_of(p.factors().begin(), p.factors().end(), [](const Factor& f) {
    return f.size <= 1 || f.kind == Factor::Kind::Ring || f.kind == Factor::Kind::Complete;
  });
}

std::size_t packed_product_exchange(const Product& p,
                                    const std::function<std::uint32_t(std::uint64_t)>& embed,
                                    const DigitMap& owners, const Holds* holds,
                                    const std::vector<TimeRange>& window, Schedule& s,
                                    std::size_t first) {
  std::unique_ptr<Holdings> held;
  if (holds)
    held = std::make_unique<TableHoldings>(p, *holds);
  else
    held = std::make_unique<TranslatedHoldings>(p);
  const Digits& local = owners.from();
  std::size_t step = first;
  // b's transfer, if it carries something: the selector is the box of the owners it may send
  auto send = [&](std::uint64_t b, std::uint64_t to, std::uint32_t d,
                  const std::vector<std::uint32_t>& values, bool fresh,
                  const std::vector<TimeRange>& when) {
    if (!held->send(b, to, d, values, fresh)) return;
    DigitBox box = full_box(local);
    for (std::uint32_t e = 0; e < d; ++e) set_digit(local, box, e, {p.coord(b, e)});
    set_digit(local, box, d, values);
    add_selector_transfer(s, step, embed(b), embed(to),
                          Selector{{}, {}, when, {owners.apply(box)}});
  };
  for (std::uint32_t d = 0; d < p.dims(); ++d) {
    const Factor& f = p.factors()[d];
    const std::uint32_t m = f.size;
    if (m <= 1) continue;
    std::vector<TimeRange> before = window;  // the caller's window and the earlier dimensions
    if (step > first)
      before.push_back({static_cast<std::uint32_t>(first + 1), static_cast<std::uint32_t>(step)});
    const std::uint64_t st = p.stride(d);
    auto at = [&](std::uint64_t b, std::int64_t c) {  // b with coordinate d set to c (mod m)
      const auto cc = static_cast<std::uint64_t>(((c % m) + m) % m);
      return b - p.coord(b, d) * st + cc * st;
    };
    const bool direct =
        f.kind == Factor::Kind::Complete || (f.kind == Factor::Kind::Ring && m <= 3);
    if (direct) {
      for (std::uint32_t t = 1; t < m; ++t, ++step) {
        for (std::uint64_t b = 0; b < p.num_nodes(); ++b) {
          const std::uint32_t target = (p.coord(b, d) + t) % m;
          send(b, at(b, target), d, {target}, false, before);
        }
        held->end_step();
      }
      continue;
    }
    const bool ring = f.kind == Factor::Kind::Ring;
    for (const std::int64_t dir : {std::int64_t{1}, std::int64_t{-1}}) {
      const std::int64_t reach = ring ? (dir > 0 ? m / 2 : (m - 1) / 2) : m - 1;
      for (std::int64_t t = 1; t <= reach; ++t, ++step) {
        const std::vector<TimeRange> when =
            t == 1 ? before
                   : std::vector<TimeRange>{
                         {static_cast<std::uint32_t>(step), static_cast<std::uint32_t>(step)}};
        for (std::uint64_t b = 0; b < p.num_nodes(); ++b) {
          const std::int64_t c = p.coord(b, d);
          if (!ring && (c + dir < 0 || c + dir >= m)) continue;
          // owners ahead of b in this direction, within the pipeline's remaining reach
          std::vector<std::uint32_t> ahead;
          for (std::uint32_t x = 0; x < m; ++x) {
            std::int64_t k =
                dir > 0 ? static_cast<std::int64_t>(x) - c : c - static_cast<std::int64_t>(x);
            if (ring) k = ((k % m) + m) % m;
            if (k >= 1 && k <= reach - t + 1) ahead.push_back(x);
          }
          send(b, at(b, c + dir), d, ahead, t > 1, when);
        }
        held->end_step();
      }
    }
  }
  // Copies of different owners take the same number of steps: pad to the full length.
  const std::size_t steps = packed_exchange_steps(p);
  if (s.steps.size() < first + steps) s.steps.resize(first + steps);
  return steps;
}

}  // namespace netsched
