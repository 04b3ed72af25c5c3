// A network with switches or directed links as a SimGrid platform (exec/platform.hpp).
//
// Why apart from network_platform's body: here only endpoints are hosts (ranks), switches are
// SimGrid routers, and a link is an arc, one way, at its own speed.
#include <fmt/format.h>

#include <stdexcept>

#include "core/errors.hpp"
#include "core/metrics.hpp"
#include "exec/platform.hpp"
#include "gen/route/route_table.hpp"

namespace netsched::exec {
namespace {

std::string element(const Network& t, std::uint32_t v) {
  return fmt::format("{}{}", t.is_switch(NodeId(v)) ? "s" : "n", v);
}

/// Each arc's link, one way, at its own speed: link a<i> is the arc at CSR index i.
std::string arc_links(const Network& t, const Csr& arcs, const LinkModel& links) {
  const double bandwidth = bandwidth_bytes_per_second(links.bandwidth);
  const double latency = latency_seconds(links.latency);
  std::string x;
  for (std::uint32_t u = 0; u < arcs.num_nodes(); ++u)
    for (std::uint64_t i = arcs.offsets()[u]; i < arcs.offsets()[u + 1]; ++i) {
      const LinkSpeed k = t.link_speed(NodeId(u), NodeId(arcs.targets()[i]));
      x += fmt::format("    <link id=\"a{}\" bandwidth=\"{:.17g}Bps\" latency=\"{:.17g}s\"/>\n", i,
                       bandwidth * k.bandwidth, latency * k.latency);
    }
  return x;
}

/// The arc u -> v's index in `arcs` (it exists: the path came from a walk along them).
std::uint64_t arc_index(const Csr& arcs, std::uint32_t u, std::uint32_t v) {
  for (std::uint64_t i = arcs.offsets()[u]; i < arcs.offsets()[u + 1]; ++i)
    if (arcs.targets()[i] == v) return i;
  throw std::logic_error("switched platform: no arc " + std::to_string(u) + " -> " +
                         std::to_string(v));
}

/// Every ordered pair of endpoints, along a shortest path of arcs (breadth-first from each).
std::string endpoint_routes(const Network& t, const Csr& arcs) {
  const std::uint32_t e = static_cast<std::uint32_t>(t.num_endpoints());
  std::string x;
  std::vector<std::uint32_t> path;
  for (std::uint32_t src = 0; src < e; ++src) {
    const BfsTree tree = bfs_tree(arcs, src);
    for (std::uint32_t dst = 0; dst < e; ++dst) {
      if (dst == src) continue;
      if (tree.parent[dst] == kUnreached)  // the builders refuse what is not strongly connected
        throw std::logic_error("switched platform: endpoint " + std::to_string(dst) +
                               " unreached from " + std::to_string(src));
      path.clear();
      for (std::uint32_t v = dst; v != src; v = tree.parent[v]) path.push_back(v);
      x += fmt::format("    <route src=\"n{}\" dst=\"n{}\" symmetrical=\"NO\">", src, dst);
      std::uint32_t from = src;
      for (auto it = path.rbegin(); it != path.rend(); ++it) {
        x += fmt::format("<link_ctn id=\"a{}\"/>", arc_index(arcs, from, *it));
        from = *it;
      }
      x += "</route>\n";
    }
  }
  return x;
}

/// Beyond kRoutesMaxNodes endpoints: a route per arc, and SimGrid's shortest paths.
std::string arc_routes(const Network& t, const Csr& arcs) {
  std::string x;
  for (std::uint32_t u = 0; u < arcs.num_nodes(); ++u)
    for (std::uint64_t i = arcs.offsets()[u]; i < arcs.offsets()[u + 1]; ++i)
      x += fmt::format(
          "    <route src=\"{}\" dst=\"{}\" symmetrical=\"NO\"><link_ctn id=\"a{}\"/></route>\n",
          element(t, u), element(t, arcs.targets()[i]), i);
  return x;
}

}  // namespace

Platform switched_platform(const Network& t, const LinkModel& links, const std::string& header,
                           const std::string& host_speed) {
  const Csr arcs = arc_csr(t);
  const bool explicit_routes = t.num_endpoints() <= kRoutesMaxNodes;
  std::string x = header;
  x += fmt::format("<platform version=\"4.1\">\n  <zone id=\"network\" routing=\"{}\">\n",
                   explicit_routes ? "Full" : "DijkstraCache");
  std::string hosts;
  for (std::uint32_t v = 0; v < t.num_nodes(); ++v)
    if (t.is_switch(NodeId(v))) {
      x += fmt::format("    <router id=\"s{}\"/>\n", v);
    } else {
      x += fmt::format("    <host id=\"n{}\" speed=\"{}\"/>\n", v, host_speed);
      hosts += fmt::format("n{}\n", v);
    }
  x += arc_links(t, arcs, links);
  x += explicit_routes ? endpoint_routes(t, arcs) : arc_routes(t, arcs);
  x += "  </zone>\n</platform>\n";
  const std::string policy =
      explicit_routes ? "shortest paths along the arcs, through the switches (the first "
                        "breadth-first search finds from each endpoint), not balanced"
                      : "SimGrid's shortest paths along the arcs (DijkstraCache), not balanced";
  return {std::move(x), hosts, "netsched-switched", policy};
}

}  // namespace netsched::exec
