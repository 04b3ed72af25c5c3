#pragma once
// An independent executor of MSCCL-IR programs for the tests: concrete 64-bit data, one chunk
// per action, a random threadblock chosen for every action and a random connection capacity
// per run. It shares no code with exec/msccl_run.cpp: the importer's verdict is held to what
// this executor sees over many random executions (a program the importer passes must never
// end wrong or stall here).
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "exec/msccl_program.hpp"

namespace netsched::test {

class MscclOracle {
 public:
  /// `root`: the root of a rooted collective.
  MscclOracle(const exec::MscclProgram& p, std::uint32_t per_rank, std::uint32_t root)
      : p_(p), c_(per_rank), root_(root), n_(p.gpus.size()) {}

  /// Runs the program `runs` times; the first failure seen ("deadlock", "wrong output ...",
  /// "input written"), or nullopt when every run ended right.
  std::optional<std::string> failure(std::uint64_t seed, int runs) {
    for (int r = 0; r < runs; ++r) {
      rng_.seed(seed * 7919 + static_cast<std::uint64_t>(r));
      const std::size_t caps[] = {2, 3, 8, 1u << 20};
      cap_ = caps[r % 4];
      if (auto f = once()) return f;
    }
    return std::nullopt;
  }

 private:
  using Buffers = std::map<std::pair<char, std::int64_t>, std::uint64_t>;

  std::uint64_t input(std::uint64_t g, std::uint64_t j) const {
    std::uint64_t x = (g << 32 | j) * 0x9e3779b97f4a7c15ULL + 12345;
    x ^= x >> 29;
    return x * 0xbf58476d1ce4e5b9ULL;
  }
  bool has_input(std::uint64_t g) const {
    return (p_.coll != "broadcast" && p_.coll != "scatter") || g == root_;
  }
  std::uint64_t read(std::size_t g, char buf, std::int64_t off) {
    auto [it, fresh] = mem_[g].try_emplace({buf, off}, 0);
    if (fresh) it->second = buf == 'i' && has_input(g) ? input(g, off) : rng_();  // garbage
    return it->second;
  }

  struct Tb {
    std::size_t pc = 0;
    std::int64_t k = 0;  // chunks of the current step done
  };

  bool waiting(std::size_t g, const exec::MscclStep& st) const {
    if (st.depid < 0) return false;
    return flag_[g][static_cast<std::size_t>(st.depid)] < st.deps;
  }

  static bool trailing_nops(const exec::MscclTb& tb, std::size_t from) {
    for (std::size_t i = from; i < tb.steps.size(); ++i)
      if (tb.steps[i].op != exec::MscclOp::Nop) return false;
    return true;
  }

  /// One action of tb (g, t) if it can take one.
  bool act(std::size_t g, std::size_t t) {
    const exec::MscclTb& tb = p_.gpus[g].tbs[t];
    Tb& s = state_[g][t];
    if (s.pc >= tb.steps.size()) return false;
    const exec::MscclStep& st = tb.steps[s.pc];
    if (st.op == exec::MscclOp::Nop) {
      if (!trailing_nops(tb, s.pc) && waiting(g, st)) return false;
      ++s.pc;
      return true;
    }
    if (s.k == 0 && waiting(g, st)) return false;
    const auto& op = exec::info(st.op);
    auto& in = fifo_[{tb.recv, static_cast<std::int64_t>(g), tb.chan}];
    auto& out = fifo_[{static_cast<std::int64_t>(g), tb.send, tb.chan}];
    if (op.receives && in.empty()) return false;
    if (op.sends && out.size() >= cap_) return false;
    std::uint64_t v = 0;
    if (op.receives) {
      v = in.front();
      in.pop_front();
    }
    if (op.reads_src)
      v = op.receives ? v + read(g, st.src.buf, st.src.off + s.k)
                      : read(g, st.src.buf, st.src.off + s.k);
    if (op.reads_dst) v += read(g, st.dst.buf, st.dst.off + s.k);
    if (op.writes_dst) {
      if (st.dst.buf == 'i') input_written_ = true;
      mem_[g][{st.dst.buf, st.dst.off + s.k}] = v;
    }
    if (op.sends) out.push_back(v);
    if (++s.k == st.cnt) {
      if (st.hasdep) flag_[g][t] = static_cast<std::int64_t>(s.pc);
      ++s.pc;
      s.k = 0;
    }
    return true;
  }

  std::optional<std::string> once() {
    mem_.assign(n_, {});
    fifo_.clear();
    state_.assign(n_, {});
    flag_.assign(n_, {});
    input_written_ = false;
    std::vector<std::pair<std::size_t, std::size_t>> all;
    for (std::size_t g = 0; g < n_; ++g) {
      state_[g].assign(p_.gpus[g].tbs.size(), {});
      flag_[g].assign(p_.gpus[g].tbs.size(), -1);
      for (std::size_t t = 0; t < p_.gpus[g].tbs.size(); ++t) all.emplace_back(g, t);
    }
    for (;;) {
      std::shuffle(all.begin(), all.end(), rng_);
      bool moved = false;
      for (const auto& [g, t] : all)
        if (act(g, t)) {
          moved = true;
          break;
        }
      if (!moved) break;
    }
    for (std::size_t g = 0; g < n_; ++g)
      for (std::size_t t = 0; t < state_[g].size(); ++t)
        if (state_[g][t].pc < p_.gpus[g].tbs[t].steps.size()) return "deadlock";
    if (input_written_) return "input written";
    return check_output();
  }

  std::optional<std::string> check_output() {
    const std::uint64_t n = n_, c = c_;
    for (std::uint64_t g = 0; g < n; ++g) {
      const bool root = g == root_;
      std::uint64_t slots = c;
      if (p_.coll == "allgather" || p_.coll == "alltoall" || (p_.coll == "gather" && root))
        slots = n * c;
      if ((p_.coll == "gather" || p_.coll == "reduce") && !root) slots = 0;
      for (std::uint64_t k = 0; k < slots; ++k) {
        std::uint64_t want = 0;
        if (p_.coll == "allgather" || p_.coll == "gather")
          want = input(k / c, k % c);
        else if (p_.coll == "alltoall")
          want = input(k / c, g * c + k % c);
        else if (p_.coll == "broadcast")
          want = input(root_, k);
        else if (p_.coll == "scatter")
          want = input(root_, g * c + k);
        else
          for (std::uint64_t h = 0; h < n; ++h)
            want += input(h, p_.coll == "reducescatter" ? g * c + k : k);
        if (read(g, 'o', static_cast<std::int64_t>(k)) != want)
          return "wrong output at gpu " + std::to_string(g) + " chunk " + std::to_string(k);
      }
    }
    return std::nullopt;
  }

  const exec::MscclProgram& p_;
  std::uint64_t c_, root_;
  std::size_t n_;
  std::mt19937_64 rng_;
  std::size_t cap_ = 2;
  std::vector<Buffers> mem_;
  std::map<std::tuple<std::int64_t, std::int64_t, std::int64_t>, std::deque<std::uint64_t>> fifo_;
  std::vector<std::vector<Tb>> state_;
  std::vector<std::vector<std::int64_t>> flag_;
  bool input_written_ = false;
};

}  // namespace netsched::test
