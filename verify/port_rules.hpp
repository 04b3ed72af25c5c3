#pragma once
/// The rules a transfer obeys whatever it carries (ARCHITECTURE.md rules 1 and 3): it follows a
/// link, and the step respects the port model. Shared by the chunk and the register simulations.
#include <cstdint>
#include <optional>
#include <unordered_set>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/structure.hpp"
#include "verify/simulator.hpp"

namespace netsched {

class PortRules {
 public:
  PortRules(const Network& t, PortModel model)
      : t_(t),
        model_(model),
        n_(t.num_nodes()),
        sent_at_(n_, 0),
        recv_at_(n_, 0),
        sent_to_(n_, 0),
        recv_from_(n_, 0) {}

  /// Call before the transfers of each step.
  void start_step() {
    ++stamp_;
    step_dim_.reset();
    links_.clear();
  }

  /// Rule 1: the transfer follows a link. Throws InputError for node ids out of range.
  std::optional<Violation> edge(std::uint64_t si, std::uint64_t ti, const Transfer& x) const {
    if (x.from.v >= n_ || x.to.v >= n_)
      throw InputError(step_transfer(si, ti) + "node " +
                       std::to_string(std::max(x.from.v, x.to.v)) + " is not a node of " +
                       t_.spec() + " (0.." + std::to_string(n_ - 1) + ")");
    if (x.from == x.to || !t_.adjacent(x.from, x.to))
      return Violation{Rule::Edge,
                       si,
                       ti,
                       x.from,
                       std::nullopt,
                       step_transfer(si, ti) + std::to_string(x.from.v) + " -> " +
                           std::to_string(x.to.v) + " is not a link"};
    return std::nullopt;
  }

  /// Rule 3: the port model, given the transfers of the step seen so far.
  std::optional<Violation> ports(std::uint64_t si, std::uint64_t ti, const Transfer& x) {
    const std::string here = step_transfer(si, ti);
    if (model_ == PortModel::AllPort) {
      if (!links_.insert(static_cast<std::uint64_t>(x.from.v) << 32 | x.to.v).second)
        return Violation{Rule::PortLink,
                         si,
                         ti,
                         x.from,
                         std::nullopt,
                         here + "link " + std::to_string(x.from.v) + " -> " +
                             std::to_string(x.to.v) + " is used twice"};
      return std::nullopt;
    }
    if (sent_at_[x.from.v] == stamp_)
      return Violation{Rule::PortSend,
                       si,
                       ti,
                       x.from,
                       std::nullopt,
                       here + "node " + std::to_string(x.from.v) + " sends twice (to " +
                           std::to_string(sent_to_[x.from.v]) + " and to " +
                           std::to_string(x.to.v) + ")"};
    if (recv_at_[x.to.v] == stamp_)
      return Violation{Rule::PortReceive,
                       si,
                       ti,
                       x.to,
                       std::nullopt,
                       here + "node " + std::to_string(x.to.v) + " receives twice (from " +
                           std::to_string(recv_from_[x.to.v]) + " and from " +
                           std::to_string(x.from.v) + ")"};
    sent_at_[x.from.v] = recv_at_[x.to.v] = stamp_;
    sent_to_[x.from.v] = x.to.v;
    recv_from_[x.to.v] = x.from.v;
    if (model_ == PortModel::SingleDimension) {
      const auto d = t_.edge_dimension(x.from, x.to);
      if (!d) throw std::logic_error("adjacent nodes without a dimension");
      if (step_dim_ && *d != *step_dim_)
        return Violation{Rule::Dimension,
                         si,
                         ti,
                         x.from,
                         std::nullopt,
                         here + "uses dimension " + std::to_string(*d) +
                             " in a step of dimension " + std::to_string(*step_dim_)};
      step_dim_ = d;
    }
    return std::nullopt;
  }

 private:
  const Network& t_;
  PortModel model_;
  std::uint64_t n_;
  std::uint32_t stamp_ = 0;
  // Per-step port bookkeeping: the step stamp and the partner of the first use.
  std::vector<std::uint32_t> sent_at_, recv_at_, sent_to_, recv_from_;
  std::optional<std::uint32_t> step_dim_;
  std::unordered_set<std::uint64_t> links_;
};

}  // namespace netsched
