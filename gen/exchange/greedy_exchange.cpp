// Unit-message total exchange on any connected graph (the generic algorithm "greedy").
//
// Why: file graphs, faulty networks and products of arbitrary factors have no paper exchange,
// and A2 on a product needs a factor exchange for every factor. Each message (x, y) travels a
// shortest path; in every step each node, visited from a rotating start, sends the message of
// largest remaining distance among those whose next hop does not already receive in this step
// (one-port: a node sends at most one and receives at most one chunk per step). The first node
// visited with pending messages always sends, so every step moves at least one message: at
// most sum d(x, y) steps (the stated bound). The lower bound is AS(G) = ceil(sum d / N).
// Next hops are spread: among the neighbours one hop closer to y, node v takes the
// (v + y)-th modulo their number. It can start part-way, from where each message stands (a
// repair's restart).
#include <algorithm>
#include <queue>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "gen/exchange/total_exchange.hpp"

namespace netsched {
namespace {

struct Pending {
  std::uint32_t remaining, orig, dest;
  bool operator<(const Pending& o) const { return remaining < o.remaining; }
};

class GreedyExchange {
 public:
  GreedyExchange(const Csr& g, const std::vector<HeldMessage>& messages)
      : g_(g), n_(g.num_nodes()), dist_(std::size_t{n_} * n_) {
    for (std::uint32_t y = 0; y < n_; ++y) {
      const auto d = bfs_distances(g_, y);
      for (std::uint32_t v = 0; v < n_; ++v) {
        if (d[v] == kUnreached)
          throw InputError("total exchange: the network is disconnected (node " +
                           std::to_string(v) + " cannot reach node " + std::to_string(y) + ")");
        dist_[std::size_t{y} * n_ + v] = d[v];
      }
    }
    queues_.resize(g_.num_arcs());
    for (const HeldMessage& m : messages)
      if (m.at != m.dest) enqueue(m.at, {dist(m.at, m.dest), m.orig, m.dest});
  }

  FactorExchange run() {
    FactorExchange out;
    std::vector<char> receiving(n_);
    std::vector<std::pair<std::uint32_t, Pending>> moved;  // (receiver, message)
    while (pending_ > 0) {
      std::fill(receiving.begin(), receiving.end(), 0);
      moved.clear();
      out.emplace_back();
      const std::uint32_t start = static_cast<std::uint32_t>(out.size() % n_);
      for (std::uint32_t i = 0; i < n_; ++i)
        send_best((start + i) % n_, receiving, moved, out.back());
      for (const auto& [w, m] : moved)
        if (w != m.dest) enqueue(w, {m.remaining - 1, m.orig, m.dest});
    }
    return out;
  }

 private:
  static constexpr std::uint32_t kUnreached = std::numeric_limits<std::uint32_t>::max();
  const Csr& g_;
  std::uint32_t n_;
  std::vector<std::uint32_t> dist_;                   // dist_[y * n + v] = d(v, y)
  std::vector<std::priority_queue<Pending>> queues_;  // per arc: messages to send along it
  std::uint64_t pending_ = 0;

  std::uint32_t dist(std::uint32_t v, std::uint32_t y) const {
    return dist_[std::size_t{y} * n_ + v];
  }
  /// Queues message m at node v on the arc of its next hop.
  void enqueue(std::uint32_t v, const Pending& m) {
    std::uint32_t closer = 0;
    for (const std::uint32_t* p = g_.begin(v); p != g_.end(v); ++p)
      closer += dist(*p, m.dest) + 1 == dist(v, m.dest);
    std::uint32_t pick = (v + m.dest) % closer;
    for (const std::uint32_t* p = g_.begin(v); p != g_.end(v); ++p)
      if (dist(*p, m.dest) + 1 == dist(v, m.dest) && pick-- == 0) {
        queues_[static_cast<std::size_t>(p - g_.targets().data())].push(m);
        ++pending_;
        return;
      }
  }
  void send_best(std::uint32_t u, std::vector<char>& receiving,
                 std::vector<std::pair<std::uint32_t, Pending>>& moved,
                 std::vector<FactorHop>& step) {
    std::size_t best = 0;
    bool found = false;
    for (std::uint64_t a = g_.offsets()[u]; a < g_.offsets()[u + 1]; ++a)
      if (!queues_[a].empty() && !receiving[g_.targets()[a]] &&
          (!found || queues_[best].top() < queues_[a].top()))
        best = a, found = true;
    if (!found) return;
    const Pending m = queues_[best].top();
    queues_[best].pop();
    --pending_;
    const std::uint32_t w = g_.targets()[best];
    receiving[w] = 1;
    step.push_back({u, w, m.orig, m.dest});
    moved.emplace_back(w, m);
  }
};

/// g's nodes, or InputError over kGreedyExchangeMaxNodes.
std::uint64_t checked_size(const Graph& g) {
  const std::uint64_t n = g.num_nodes();
  if (n > kGreedyExchangeMaxNodes)
    throw InputError("greedy total exchange: " + std::to_string(n) +
                     " nodes, over the limit kGreedyExchangeMaxNodes = 1024 (one "
                     "chunk per transfer: N^2 messages and N^2 distances)");
  return n;
}

}  // namespace

FactorExchange greedy_unit_exchange(const Graph& g) {
  const auto n = static_cast<std::uint32_t>(checked_size(g));
  std::vector<HeldMessage> messages;
  messages.reserve(std::size_t{n} * n);
  for (std::uint32_t x = 0; x < n; ++x)
    for (std::uint32_t y = 0; y < n; ++y)
      if (x != y) messages.push_back({x, x, y});
  const Csr csr(g, 1);
  return GreedyExchange(csr, messages).run();
}

FactorExchange greedy_unit_exchange_from(const Graph& g, const std::vector<HeldMessage>& messages) {
  checked_size(g);
  const Csr csr(g, 1);
  return GreedyExchange(csr, messages).run();
}

}  // namespace netsched
