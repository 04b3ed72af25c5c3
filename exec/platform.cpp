// Networks as SimGrid platforms (exec/platform.hpp).
#include "exec/platform.hpp"

#include <fmt/format.h>

#include <cmath>
#include <cstdio>
#include <map>
#include <pugixml.hpp>
#include <sstream>
#include <stdexcept>

#include "core/errors.hpp"
#include "core/text.hpp"
#include "gen/route/route_table.hpp"
#include "gen/topo/product.hpp"

namespace netsched::exec {
namespace {

constexpr const char* kHostSpeed =
    "1Gf";  // computation is not simulated (smpi/simulate-computation:no)

constexpr const char* kXmlHeader =
    "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n";

std::string xml_text(const pugi::xml_document& doc) {
  std::ostringstream os;
  os << kXmlHeader;
  doc.save(os, "  ", pugi::format_indent | pugi::format_no_declaration);
  return os.str();
}

/// The units of one quantity, its base unit's name and the range it may take in that unit.
struct Quantity {
  const char* what;                                   ///< "bandwidth (units ...)"
  std::vector<std::pair<std::string, double>> units;  ///< suffix -> factor
  const char* base;                                   ///< "B/s", "s"
  double min, max;
  const char* limits;  ///< the constants' names
};

/// Text of a number as `%g` gives it, whatever its size.
std::string short_number(double x) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", x);
  return text;
}

/// A number with a unit suffix of `q` (e.g. "1.5GBps"), in the base unit, within q's range.
double with_unit(const std::string& text, const Quantity& q) {
  for (const auto& [suffix, factor] : q.units) {
    if (text.size() <= suffix.size() ||
        text.compare(text.size() - suffix.size(), suffix.size(), suffix) != 0)
      continue;
    const std::string number = text.substr(0, text.size() - suffix.size());
    std::size_t used = 0;
    double x = 0;
    try {
      x = std::stod(number, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != number.size() || !std::isfinite(x) || x <= 0) break;
    const double value = x * factor;
    if (!(value >= q.min && value <= q.max))
      throw InputError(std::string(q.what).substr(0, std::string(q.what).find(' ')) + " '" +
                       quoted_value(text) + "' is " + short_number(value) + " " + q.base +
                       ", outside " + short_number(q.min) + " to " + short_number(q.max) + " " +
                       q.base + " (" + q.limits + ")");
    return value;
  }
  throw InputError(std::string(q.what) + " '" + quoted_value(text) +
                   "' is not a positive number with a unit");
}

/// A platform document with one zone; the link figures are checked first.
pugi::xml_node start_platform(pugi::xml_document& doc, const LinkModel& links, const char* zone_id,
                              const char* routing) {
  bandwidth_bytes_per_second(links.bandwidth);
  latency_seconds(links.latency);
  auto platform = doc.append_child("platform");
  platform.append_attribute("version") = "4.1";
  auto zone = platform.append_child("zone");
  zone.append_attribute("id") = zone_id;
  zone.append_attribute("routing") = routing;
  return zone;
}

}  // namespace

constexpr double kGiga = 1e9, kMega = 1e6, kKilo = 1e3, kBitsPerByte = 8;
constexpr double kNano = 1e-9, kMicro = 1e-6, kMilli = 1e-3;

double bandwidth_bytes_per_second(const std::string& text) {
  static const Quantity bandwidth{"bandwidth (units GBps, MBps, kBps, Bps, Gbps, Mbps, kbps, bps)",
                                  {{"GBps", kGiga},
                                   {"MBps", kMega},
                                   {"kBps", kKilo},
                                   {"Gbps", kGiga / kBitsPerByte},
                                   {"Mbps", kMega / kBitsPerByte},
                                   {"kbps", kKilo / kBitsPerByte},
                                   {"Bps", 1},
                                   {"bps", 1 / kBitsPerByte}},
                                  "B/s",
                                  kMinBandwidth,
                                  kMaxBandwidth,
                                  "kMinBandwidth, kMaxBandwidth"};
  return with_unit(text, bandwidth);
}

double latency_seconds(const std::string& text) {
  static const Quantity latency{"latency (units s, ms, us, ns)",
                                {{"ns", kNano}, {"us", kMicro}, {"ms", kMilli}, {"s", 1}},
                                "s",
                                kMinLatency,
                                kMaxLatency,
                                "kMinLatency, kMaxLatency"};
  return with_unit(text, latency);
}

Platform network_platform(const Network& t, const LinkModel& links) {
  const std::uint64_t n = t.num_nodes();
  if (n > kPlatformMaxNodes)
    throw InputError(t.spec() + " has " + std::to_string(n) +
                     " nodes; platforms are written for at most " +
                     std::to_string(kPlatformMaxNodes));
  if (t.needs_switched_model()) return switched_platform(t, links, kXmlHeader, kHostSpeed);
  const bool explicit_routes = n <= kRoutesMaxNodes;
  // Written as text, not as a document: 1,024 nodes have a million routes (300 MB of XML).
  std::string x = kXmlHeader;
  x += fmt::format("<platform version=\"4.1\">\n  <zone id=\"network\" routing=\"{}\">\n",
                   explicit_routes ? "Full" : "DijkstraCache");
  std::string hosts;
  for (std::uint64_t v = 0; v < n; ++v) {
    x += fmt::format("    <host id=\"n{}\" speed=\"{}\"/>\n", v, kHostSpeed);
    hosts += fmt::format("n{}\n", v);
  }
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::size_t> edge;  // (lo, hi) -> link
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < n; ++u) {
    t.neighbors(NodeId(u), nb);
    for (NodeId v : nb)
      if (u < v.v) edge.emplace(std::pair(u, v.v), edge.size());
  }
  // links at the default speed, or each at its own (weighted graph files, weighted(...))
  const double bandwidth = bandwidth_bytes_per_second(links.bandwidth);
  const double latency = latency_seconds(links.latency);
  std::vector<std::pair<std::string, std::string>> speed(edge.size(),
                                                         {links.bandwidth, links.latency});
  if (t.weighted())
    for (const auto& [ends, e] : edge) {
      const LinkSpeed k = t.link_speed(NodeId(ends.first), NodeId(ends.second));
      speed[e] = {fmt::format("{:.17g}Bps", bandwidth * k.bandwidth),
                  fmt::format("{:.17g}s", latency * k.latency)};
    }
  for (std::size_t e = 0; e < edge.size(); ++e)
    x += fmt::format(
        "    <link id=\"l{}\" bandwidth=\"{}\" latency=\"{}\" sharing_policy=\"SPLITDUPLEX\"/>\n",
        e, speed[e].first, speed[e].second);
  // a link's UP direction goes from its lower id to its higher
  auto hop = [&](std::uint32_t a, std::uint32_t b) {
    x += fmt::format("<link_ctn id=\"l{}\" direction=\"{}\"/>",
                     edge.at({std::min(a, b), std::max(a, b)}), a < b ? "UP" : "DOWN");
  };
  std::string policy = "SimGrid's shortest paths (DijkstraCache), not balanced";
  if (explicit_routes) {
    const RouteTable table(t);
    policy = table.policy();
    for (std::uint32_t u = 0; u < n; ++u)
      for (std::uint32_t v = 0; v < n; ++v) {
        if (u == v) continue;
        x += fmt::format("    <route src=\"n{}\" dst=\"n{}\" symmetrical=\"NO\">", u, v);
        std::uint32_t from = u;
        for (std::uint32_t next : table.route(u, v)) {
          hop(from, next);
          from = next;
        }
        x += "</route>\n";
      }
  } else {
    for (const auto& [ends, id] : edge) {
      x += fmt::format("    <route src=\"n{}\" dst=\"n{}\">", ends.first, ends.second);
      hop(ends.first, ends.second);
      x += "</route>\n";
    }
  }
  x += "  </zone>\n</platform>\n";
  return {std::move(x), hosts, "netsched", policy};
}

std::optional<Platform> torus_cluster_platform(const Network& t, const LinkModel& links) {
  const auto* p = network_as<Product>(t);
  if (!p || t.weighted()) return std::nullopt;  // SimGrid's cluster has one speed
  for (const Factor& f : p->factors())          // a 2-node factor is K_2 whatever its kind
    if (f.kind != Factor::Kind::Ring && f.size != 2) return std::nullopt;
  const std::uint64_t n = t.num_nodes();
  std::string dims;
  for (const Factor& f : p->factors()) dims += (dims.empty() ? "" : ",") + std::to_string(f.size);
  pugi::xml_document doc;
  auto zone = start_platform(doc, links, "world", "Full");
  auto c = zone.append_child("cluster");
  c.append_attribute("id") = "torus";
  c.append_attribute("prefix") = "c-";
  c.append_attribute("suffix") = "";
  c.append_attribute("radical") = ("0-" + std::to_string(n - 1)).c_str();
  c.append_attribute("speed") = kHostSpeed;
  c.append_attribute("bw") = links.bandwidth.c_str();
  c.append_attribute("lat") = links.latency.c_str();
  c.append_attribute("sharing_policy") = "SPLITDUPLEX";
  c.append_attribute("topology") = "TORUS";
  c.append_attribute("topo_parameters") = dims.c_str();
  // SimGrid numbers torus hosts with the first dimension varying fastest; netsched's ids have
  // dimension 0 most significant.
  std::string hosts;
  for (std::uint64_t v = 0; v < n; ++v) {
    std::uint64_t rank = 0, stride = 1;
    for (std::size_t d = 0; d < p->dims(); ++d) {
      rank += p->coord(v, d) * stride;
      stride *= p->factors()[d].size;
    }
    hosts += "c-" + std::to_string(rank) + "\n";
  }
  return Platform{xml_text(doc), hosts, "simgrid-torus-cluster",
                  "SimGrid's torus cluster (dimension order)"};
}

}  // namespace netsched::exec
