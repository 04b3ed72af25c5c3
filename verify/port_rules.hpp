#pragma once
/// The rules a transfer obeys whatever it carries (ARCHITECTURE.md rules 1 and 3): it follows a
/// link (on a directed network, an arc its way), and the step respects the port model, which
/// limits endpoints only: a switch forwards on every port each step, each arc at most once.
/// Shared by the chunk and the register simulations.
#include <cstdint>
#include <optional>
#include <unordered_set>
#include <vector>

#include "core/errors.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"
#include "core/structure.hpp"
#include "verify/check_result.hpp"

namespace netsched {

class PortRules {
 public:
  PortRules(const Network& t, const Schedule& s)
      : t_(t),
        model_(s.model),
        limit_(node_port_limit(s).value_or(0)),
        n_(t.num_nodes()),
        endpoints_(t.num_endpoints()),
        sent_at_(n_, 0),
        recv_at_(n_, 0),
        sent_to_(n_, 0),
        recv_from_(n_, 0),
        sent_count_(n_, 0),
        recv_count_(n_, 0) {}

  /// Call before the transfers of each step.
  void start_step() {
    ++stamp_;
    step_dim_.reset();
    links_.clear();
  }

  /// Rule 1: the transfer follows a link (routed: joins two distinct nodes). Throws InputError
  /// for node ids out of range.
  std::optional<Violation> edge(std::uint64_t si, std::uint64_t ti, const Transfer& x) const {
    if (x.from.v >= n_ || x.to.v >= n_)
      throw InputError(step_transfer(si, ti) + "node " +
                       std::to_string(std::max(x.from.v, x.to.v)) + " is not a node of " +
                       t_.spec() + " (0.." + std::to_string(n_ - 1) + ")");
    if (x.from == x.to || (follows_links(model_) && !t_.has_arc(x.from, x.to)))
      return Violation{
          Rule::Edge,
          si,
          ti,
          x.from,
          std::nullopt,
          step_transfer(si, ti) + std::to_string(x.from.v) + " -> " + std::to_string(x.to.v) +
              (x.from != x.to && t_.adjacent(x.from, x.to) ? " goes against the link's direction"
                                                           : " is not a link")};
    return std::nullopt;
  }

  /// Rule 4: the port model, given the transfers of the step seen so far. All-port and k-port
  /// use each directed link at most once per step (a port drives one link), routed each ordered
  /// pair; k-port and one-port bound each node's sends and receives.
  std::optional<Violation> ports(std::uint64_t si, std::uint64_t ti, const Transfer& x) {
    const std::string here = step_transfer(si, ti);
    const bool switched = endpoints_ < n_;  // every arc once a step, switches' too
    if ((link_once(model_) || switched) &&
        !links_.insert(static_cast<std::uint64_t>(x.from.v) << 32 | x.to.v).second)
      return Violation{Rule::PortLink,
                       si,
                       ti,
                       x.from,
                       std::nullopt,
                       here + "link " + std::to_string(x.from.v) + " -> " + std::to_string(x.to.v) +
                           " is used twice"};
    if (!limit_) return std::nullopt;  // all-port, routed
    if (const auto v = port_overflow(si, ti, x)) return v;
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
  /// The sender's or receiver's (limit_ + 1)-th transfer of the step (one-port: its second).
  std::optional<Violation> port_overflow(std::uint64_t si, std::uint64_t ti, const Transfer& x) {
    const std::string here = step_transfer(si, ti);
    const auto count = [&](std::vector<std::uint32_t>& at, std::vector<std::uint32_t>& n,
                           std::vector<std::uint32_t>& first, NodeId v, NodeId partner) {
      if (at[v.v] != stamp_) {
        at[v.v] = stamp_;
        n[v.v] = 0;
        first[v.v] = partner.v;
      }
      return ++n[v.v] > limit_;
    };
    // "node 3 sends twice (to 1 and to 4)"; k-port: "... more than 2 times (to 1 first, now to 4)"
    const auto overflow = [&](Rule rule, NodeId v, const char* verb, const char* dir,
                              std::uint32_t first, NodeId now) {
      const std::string a = dir + std::to_string(first), b = dir + std::to_string(now.v);
      const std::string times = limit_ == 1 ? " twice (" + a + " and " + b + ")"
                                            : " more than " + std::to_string(limit_) + " times (" +
                                                  a + " first, now " + b + ")";
      return Violation{
          rule, si, ti, v, std::nullopt, here + "node " + std::to_string(v.v) + " " + verb + times};
    };
    if (x.from.v < endpoints_ && count(sent_at_, sent_count_, sent_to_, x.from, x.to))
      return overflow(Rule::PortSend, x.from, "sends", "to ", sent_to_[x.from.v], x.to);
    if (x.to.v < endpoints_ && count(recv_at_, recv_count_, recv_from_, x.to, x.from))
      return overflow(Rule::PortReceive, x.to, "receives", "from ", recv_from_[x.to.v], x.from);
    return std::nullopt;
  }

  const Network& t_;
  PortModel model_;
  std::uint32_t limit_;          // sends (and receives) per node and step; 0 = all-port
  std::uint64_t n_, endpoints_;  ///< nodes; endpoints (switches are n_ - endpoints_, all-port)
  std::uint32_t stamp_ = 0;
  // Per-step port bookkeeping: the step stamp, the partner of the first use and the count.
  std::vector<std::uint32_t> sent_at_, recv_at_, sent_to_, recv_from_, sent_count_, recv_count_;
  std::optional<std::uint32_t> step_dim_;
  std::unordered_set<std::uint64_t> links_;
};

}  // namespace netsched
