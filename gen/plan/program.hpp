#pragma once
/// Building combining (register) schedules step by step: payloads are deduplicated move lists,
/// local operations attach to the step being built.
#include <functional>
#include <string>
#include <vector>

#include "core/schedule.hpp"
#include "gen/topology.hpp"

namespace netsched {

/// Register names of a reduce-scatter: block0 .. block(n-1); in p pieces a block, block0.0 ..
/// block(n-1).(p-1), block by block.
inline std::vector<std::string> block_registers(std::uint64_t n, std::uint64_t pieces = 1) {
  std::vector<std::string> names;
  for (std::uint64_t j = 0; j < n; ++j)
    for (std::uint64_t k = 0; k < pieces; ++k)
      names.push_back("block" + std::to_string(j) +
                      (pieces > 1 ? "." + std::to_string(k) : std::string()));
  return names;
}
/// Register names of a vector all-reduce of p pieces: in0 .. in(p-1), out0 .. out(p-1).
inline std::vector<std::string> piece_registers(std::uint64_t pieces) {
  std::vector<std::string> names;
  for (std::uint64_t k = 0; k < pieces; ++k) names.push_back("in" + std::to_string(k));
  for (std::uint64_t k = 0; k < pieces; ++k) names.push_back("out" + std::to_string(k));
  return names;
}

class RegisterProgram {
 public:
  RegisterProgram(const Network& t, Collective c, std::vector<std::string> registers,
                  std::string algorithm) {
    s_.topology = t.spec();
    s_.collective = std::move(c);
    s_.registers = std::move(registers);
    s_.algorithm = std::move(algorithm);
    s_.steps.emplace_back();
  }
  RegisterProgram(const RegisterProgram&) = delete;  // payloads_ points into s_
  RegisterProgram& operator=(const RegisterProgram&) = delete;
  /// A local operation at the start of the current step (at the nodes in `nodes`; empty = all).
  void compute(std::uint16_t dst, std::uint16_t a, std::uint16_t b, RegOp op,
               std::vector<IdRange> nodes = {}) {
    s_.steps.back().compute.push_back({dst, a, b, op, std::move(nodes)});
  }
  void set(std::uint16_t dst, std::uint16_t src, std::vector<IdRange> nodes = {}) {
    compute(dst, src, src, RegOp::Set, std::move(nodes));
  }
  /// A transfer of the current step; its moves are stored once however many transfers carry them.
  void send(std::uint32_t from, std::uint32_t to, std::vector<Move> moves) {
    Payload p;
    p.moves = std::move(moves);
    s_.steps.back().transfers.push_back({NodeId(from), NodeId(to), payloads_.add(std::move(p))});
  }
  void end_step() { s_.steps.emplace_back(); }
  /// A new register named `name` followed by its index.
  std::uint16_t add_register(const std::string& name) {
    s_.registers.push_back(name + std::to_string(s_.registers.size()));
    return static_cast<std::uint16_t>(s_.registers.size() - 1);
  }
  /// Declares registers up to index count-1 (named `prefix` + index) if not yet declared.
  void ensure_registers(std::size_t count, const std::string& prefix) {
    while (s_.registers.size() < count) add_register(prefix);
  }
  Schedule finish() {
    if (s_.steps.back().transfers.empty() && s_.steps.back().compute.empty()) s_.steps.pop_back();
    return std::move(s_);
  }

 private:
  Schedule s_;
  PayloadInterner payloads_{s_.payloads};
};

/// A value scanned along a hypercube: `total` accumulates the subcube sum, each register of
/// `prefixes` the part of it from nodes of smaller id.
struct ScanChannel {
  std::uint16_t total;
  std::vector<std::uint16_t> prefixes;
};

/// One step of a hypercube-style scan along a perfect matching `partner` of the nodes `active`
/// accepts: every such node v sends the `total` of every channel to partner(v) (one word per
/// channel); the receiver combines it into `total`, and into the channel's `prefixes` when the
/// sender has the smaller id. After one step per cube dimension every node of a subcube holds
/// the subcube's total and its prefix in id order. Used for cluster sums and prefixes (dualcube
/// Algorithms 3 and 4, corrected), dualcube prefix and hypercube scans.
/// The moves of a scan message: the receiver combines the sender's `total` of every channel
/// into its own, and into the channel's `prefixes` when the sender has the smaller id (`up`).
inline std::vector<Move> scan_moves(const std::vector<ScanChannel>& channels, bool up) {
  std::vector<Move> moves;
  for (const auto& c : channels) {
    moves.push_back({c.total, c.total, RegOp::Combine});
    if (up)
      for (auto x : c.prefixes) moves.push_back({c.total, x, RegOp::Combine});
  }
  return moves;
}

inline void scan_step(RegisterProgram& p, std::uint32_t nodes,
                      const std::function<std::uint32_t(std::uint32_t)>& partner,
                      const std::vector<ScanChannel>& channels,
                      const std::function<bool(std::uint32_t)>& active = {}) {
  const std::vector<Move> up = scan_moves(channels, true), down = scan_moves(channels, false);
  for (std::uint32_t v = 0; v < nodes; ++v) {
    if (active && !active(v)) continue;
    const std::uint32_t w = partner(v);
    p.send(v, w, v < w ? up : down);
  }
  p.end_step();
}

}  // namespace netsched
