#pragma once
/// A network as a SimGrid platform, for simulating schedules and MPI's own collectives on it.
///
/// Why netsched writes it: SimGrid needs hosts, links and routes; the network already knows
/// them. Every node is a host, every link a split-duplex SimGrid link (each direction has the
/// full bandwidth, as the step model's full-duplex links), and every ordered pair gets an
/// explicit route chosen to balance link load (gen/route/route_table.hpp), so MPI's collectives,
/// which talk between any two ranks, share the links as evenly as the network allows. Beyond
/// kRoutesMaxNodes the routes are SimGrid's own (DijkstraCache), and the platform says so. A
/// faulty network's failed links and nodes are simply absent. For tori and hypercubes the same
/// network can also be written as SimGrid's own torus cluster: the anchor that checks this
/// builder.
#include <optional>
#include <string>

#include "core/errors.hpp"
#include "core/network.hpp"

namespace netsched::exec {

/// The most nodes netsched writes a platform for (SimGrid holds a host per node in memory).
inline constexpr std::uint64_t kPlatformMaxNodes = 65536;

struct LinkModel {
  std::string bandwidth = "1GBps";  ///< SimGrid units: Bps, kBps, MBps, GBps, bps, Gbps, ...
  std::string latency = "1us";      ///< SimGrid units: s, ms, us, ns
};

struct Platform {
  std::string xml;       ///< the platform file
  std::string hostfile;  ///< line i: the host that plays node i
  std::string kind;      ///< "netsched" or "simgrid-torus-cluster"
  std::string routes;    ///< how the routes were chosen
};

/// Host per node, split-duplex link per edge, explicit balanced routes (SimGrid's own beyond
/// kRoutesMaxNodes); switched_platform's for a network with switches or directed links. Throws
/// InputError above kPlatformMaxNodes.
Platform network_platform(const Network& t, const LinkModel& links);
/// A network with switches or directed links (core/network.hpp): a host per endpoint, a router
/// per switch, a one-way link per arc at its own speed, and a route for every ordered pair of
/// endpoints along a shortest path of arcs (SimGrid's own beyond kRoutesMaxNodes endpoints).
/// network_platform gives it for such a network; `header` and `host_speed` are its own.
Platform switched_platform(const Network& t, const LinkModel& links, const std::string& header,
                           const std::string& host_speed);
/// SimGrid's torus cluster with the same dimensions, for tori and hypercubes; nullopt for other
/// networks. Host i of the hostfile is the cluster host at node i's coordinates.
std::optional<Platform> torus_cluster_platform(const Network& t, const LinkModel& links);

/// The link speeds accepted: beyond them simulated times overflow or vanish in rounding, and a
/// SimGrid run never ends (1 B/s to 1 PB/s; 1 ps to 1,000 s).
inline constexpr double kMinBandwidth = 1, kMaxBandwidth = 1e15;
inline constexpr double kMinLatency = 1e-12, kMaxLatency = 1e3;

/// Parses a SimGrid bandwidth ("1GBps", "10Gbps", "125MBps") into bytes per second and a
/// latency ("1us", "0.5ms") into seconds; throws InputError naming the problem (a value out of
/// the range above included).
double bandwidth_bytes_per_second(const std::string& text);
double latency_seconds(const std::string& text);

}  // namespace netsched::exec
