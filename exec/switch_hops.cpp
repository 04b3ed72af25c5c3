// A switched schedule as its endpoints run it (exec/switch_hops.hpp).
#include "exec/switch_hops.hpp"

#include <deque>
#include <map>
#include <optional>
#include <set>
#include <utility>

#include "core/errors.hpp"

namespace netsched::exec {
namespace {

/// Where a chunk at a switch came from: the endpoint its first hop left, and that hop's step.
struct Origin {
  NodeId from;
  std::uint32_t depart = 0;
  auto operator<=>(const Origin&) const = default;
};

class HopWalk {
 public:
  HopWalk(const Network& t, const Schedule& s) : t_(t), s_(s), endpoints_(t.num_endpoints()) {
    out_.schedule = s;
    for (Step& st : out_.schedule.steps) st.transfers.clear();
  }

  EndpointRun run() {
    out_.departs.resize(s_.steps.size());
    for (std::uint32_t si = 0; si < s_.steps.size(); ++si) {
      std::set<std::pair<std::uint32_t, std::uint32_t>> arcs_used;
      for (const Transfer& x : s_.steps[si].transfers) {
        check_arc(si, x, arcs_used);
        walk(si, x);
      }
      check_ports(si);
      for (auto& [at, origin] : arriving_) held_[at].push_back(origin);  // usable from si + 1
      arriving_.clear();
    }
    return std::move(out_);
  }

 private:
  using Parts = std::map<Origin, std::vector<std::uint64_t>>;  // chunks by origin

  bool is_switch(NodeId v) const { return v.v >= endpoints_; }
  std::string name(NodeId v) const {
    return (is_switch(v) ? "switch " : "rank ") + std::to_string(v.v);
  }

  void fail(Rule rule, std::uint32_t si, const Transfer& x, const std::string& what,
            std::optional<NodeId> by = std::nullopt) {
    const NodeId reporter = by                   ? *by
                            : !is_switch(x.from) ? x.from
                            : !is_switch(x.to)   ? x.to
                                                 : NodeId(0);
    out_.failures.push_back({rule, si, reporter, name(x.from) + " -> " + name(x.to) + " " + what});
  }

  void check_arc(std::uint32_t si, const Transfer& x,
                 std::set<std::pair<std::uint32_t, std::uint32_t>>& used) {
    if (!t_.has_arc(x.from, x.to))
      fail(Rule::Edge, si, x,
           t_.adjacent(x.from, x.to) ? "goes against the link's direction"
                                     : "is not a link of " + t_.spec());
    const bool once = link_once(s_.model) || t_.switched();
    if (once && !used.emplace(x.from.v, x.to.v).second)
      fail(Rule::PortLink, si, x, "uses its arc twice in the step");
  }

  /// The port model limits endpoints only: a switch forwards on every port each step.
  void check_ports(std::uint32_t si) {
    const auto ports = node_port_limit(s_);
    if (!ports) return;
    std::map<std::uint32_t, std::uint32_t> sends, receipts;
    for (const Transfer& x : s_.steps[si].transfers) {
      if (!is_switch(x.from) && ++sends[x.from.v] == *ports + 1)
        fail(Rule::PortSend, si, x, "is a send over the sender's " + port_text(*ports));
      if (!is_switch(x.to) && ++receipts[x.to.v] == *ports + 1)
        fail(Rule::PortReceive, si, x, "is a receipt over the receiver's " + port_text(*ports),
             x.to);
    }
  }
  static std::string port_text(std::uint32_t ports) {
    return std::to_string(ports) + (ports == 1 ? " port" : " ports");
  }

  void walk(std::uint32_t si, const Transfer& x) {
    const Payload& p = s_.payloads[x.payload];
    if (!is_switch(x.from) && !is_switch(x.to)) {  // a message between endpoints, as it is
      out_.schedule.steps[si].transfers.push_back(x);
      out_.departs[si].push_back(si);
      return;
    }
    if (!p.moves.empty()) return walk_message(si, x);
    if (p.select)
      throw InputError("step " + std::to_string(si) + ": " + name(x.from) + " -> " + name(x.to) +
                       " carries a selector; the executor takes listed chunks through switches "
                       "only (not implemented)");
    if (p.chunks.empty()) fail(Rule::EmptyPayload, si, x, "carries nothing");
    if (!is_switch(x.from)) out_.first_hops.push_back({x.from, si, x.payload});
    Parts parts;
    for (const std::uint64_t ch : p.chunks)
      if (const auto origin = take(si, x, ch)) parts[*origin].push_back(ch);
    if (is_switch(x.to)) {
      for (const auto& [origin, chunks] : parts)
        for (const std::uint64_t ch : chunks) arriving_.emplace_back(std::pair(x.to.v, ch), origin);
      return;
    }
    for (auto& [origin, chunks] : parts) deliver(si, origin, x.to, std::move(chunks));
  }

  /// A register payload's hop: the whole message goes on, as its sender's values when it left
  /// (the rank keeps them, exec/rank_executor.hpp); a switch passes on its oldest receipt of it.
  void walk_message(std::uint32_t si, const Transfer& x) {
    const auto origin = take(si, x, x.payload, "payload");
    if (!origin) return;
    if (is_switch(x.to)) {
      arriving_.emplace_back(std::pair(x.to.v, std::uint64_t{x.payload}), *origin);
      return;
    }
    out_.schedule.steps[si].transfers.push_back(Transfer{origin->from, x.to, x.payload});
    out_.departs[si].push_back(origin->depart);
  }

  /// The origin of `what` (a chunk, or a register collective's payload) as hop x carries it:
  /// its sender, or the switch's oldest receipt of it.
  std::optional<Origin> take(std::uint32_t si, const Transfer& x, std::uint64_t id,
                             const char* what = "chunk") {
    if (!is_switch(x.from)) return Origin{x.from, si};
    const auto it = held_.find({x.from.v, id});
    if (it == held_.end() || it->second.empty()) {
      fail(Rule::SwitchCopy, si, x,
           "forwards " + std::string(what) + " " + std::to_string(id) +
               ", which the switch does not hold (a switch passes each receipt on once, and "
               "keeps no copy)");
      return std::nullopt;
    }
    const Origin o = it->second.front();
    it->second.pop_front();
    return o;
  }

  void deliver(std::uint32_t si, Origin origin, NodeId to, std::vector<std::uint64_t> chunks) {
    const auto [it, fresh] =
        payload_ids_.try_emplace(chunks, static_cast<std::uint32_t>(out_.schedule.payloads.size()));
    if (fresh) out_.schedule.payloads.push_back(Payload::of_chunks(std::move(chunks)));
    out_.schedule.steps[si].transfers.push_back(Transfer{origin.from, to, it->second});
    out_.departs[si].push_back(origin.depart);
  }

  const Network& t_;
  const Schedule& s_;
  std::uint64_t endpoints_;
  // (switch, chunk), or (switch, payload) for a register collective: its receipts, oldest first
  std::map<std::pair<std::uint32_t, std::uint64_t>, std::deque<Origin>> held_;
  std::vector<std::pair<std::pair<std::uint32_t, std::uint64_t>, Origin>> arriving_;
  std::map<std::vector<std::uint64_t>, std::uint32_t> payload_ids_;
  EndpointRun out_;
};

}  // namespace

EndpointRun endpoint_run(const Network& t, const Schedule& s) { return HopWalk(t, s).run(); }

}  // namespace netsched::exec
