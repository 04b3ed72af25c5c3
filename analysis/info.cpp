#include "analysis/info.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <mutex>
#include <sstream>

#include "analysis/switched_info.hpp"
#include "core/automorphism.hpp"
#include "core/connectivity.hpp"
#include "core/distances.hpp"
#include "core/errors.hpp"
#include "core/limits.hpp"
#include "core/orbits.hpp"
#include "core/parallel.hpp"
#include "gen/topo/faulty.hpp"
#include "gen/topo/file_graph.hpp"
#include "gen/topology.hpp"
#include "papers/papers.hpp"

namespace netsched {
namespace {

using json = nlohmann::json;

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

json number_or_string(unsigned __int128 v) {
  if (v <= std::numeric_limits<std::uint64_t>::max()) return static_cast<std::uint64_t>(v);
  std::string s;
  do {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  } while (v);
  return s;
}

/// Largest graph for which Traces runs automatically when structure does not settle orbits.
constexpr std::uint64_t kTracesAuto = 3'000'000;
/// The most work the distance facts may take, in arc visits (BFS runs x (N + arcs)): about a
/// minute on one core; over it `info` refuses and names --basic.
constexpr double kInfoMaxDistanceWork = 68'719'476'736.0;  // 2^36
/// Bytes per node the distance stage holds besides the CSR and the BFS scratch: the classes,
/// their verification and the colours (measured: bench/README.md, info's memory).
constexpr std::uint64_t kInfoBytesPerNode = 64;
/// Bytes per node and per arc nauty's Traces holds (its sparse graph and workspace, measured).
constexpr std::uint64_t kTracesBytesPerNode = 1024, kTracesBytesPerArc = 8;
/// Bytes per node of one worker's BFS scratch: one BFS (distances, queue) or a bit-parallel
/// sweep (three 64-bit masks).
constexpr std::uint64_t kBfsScratchBytes = 8, kSweepScratchBytes = 24;
/// A distance profile's vector header and allocator overhead, in 64-bit words.
constexpr std::uint64_t kProfileOverheadWords = 6;

/// Each node coloured by its class representative's distance profile (an Aut-invariant: a
/// class lies inside one orbit, so all its nodes share the profile).
std::vector<std::uint64_t> profile_colours(
    const Csr& g, const Orbits& classes, const std::vector<std::vector<std::uint64_t>>& profiles) {
  std::map<std::vector<std::uint64_t>, std::uint64_t> ids;
  std::vector<std::uint64_t> colour_of_rep(profiles.size());
  for (std::size_t i = 0; i < profiles.size(); ++i)
    colour_of_rep[i] = ids.emplace(profiles[i], ids.size()).first->second;
  std::vector<std::uint64_t> colours(g.num_nodes());
  const auto& member = classes.member;
  for (std::uint32_t u = 0; u < g.num_nodes(); ++u) colours[u] = colour_of_rep[member[u]];
  return colours;
}

/// Relative tolerance when a formula's value (a double) is compared with a count.
constexpr double kRelativeTolerance = 1e-9;
/// Below this magnitude every integer is exactly a double: such values print as integers.
constexpr double kExactIntegerDouble = 9e15;

bool close(double a, double b) {
  return std::fabs(a - b) <= kRelativeTolerance * std::max(1.0, std::fabs(b));
}

}  // namespace

namespace {

/// Nodes' degrees, edges and the papers' port counts, node by node.
void degree_facts(const Network& t, unsigned threads, json& j) {
  std::atomic<std::uint64_t> deg_sum{0};
  std::uint32_t dmin = std::numeric_limits<std::uint32_t>::max(), dmax = 0, pmax = 0, pmin = dmin;
  std::mutex mu;
  parallel_for(t.num_nodes(), threads, [&](std::uint64_t b, std::uint64_t e) {
    std::uint32_t lo = std::numeric_limits<std::uint32_t>::max(), hi = 0, plo = lo, phi = 0;
    std::uint64_t s = 0;
    for (std::uint64_t u = b; u < e; ++u) {
      const NodeId id(static_cast<std::uint32_t>(u));
      const std::uint32_t d = t.degree(id), p = t.port_degree(id);
      s += d;
      lo = std::min(lo, d);
      hi = std::max(hi, d);
      plo = std::min(plo, p);
      phi = std::max(phi, p);
    }
    deg_sum += s;
    std::lock_guard<std::mutex> lock(mu);
    dmin = std::min(dmin, lo);
    dmax = std::max(dmax, hi);
    pmin = std::min(pmin, plo);
    pmax = std::max(pmax, phi);
  });
  j["edges"] = deg_sum / 2;
  j["degree_min"] = dmin;
  j["degree_max"] = dmax;
  j["regular"] = dmin == dmax;
  if (pmax != dmax || pmin != dmin) {
    // A 2-node ring counted as two links, as the papers do; never folded into degree.
    j["port_degree_min"] = pmin;
    j["port_degree_max"] = pmax;
  }
}

/// Diameter, radius, distance sum and the averages (null when disconnected).
void distance_summary(const DistanceStats& st, std::uint64_t n, json& j) {
  j["connected"] = st.connected;
  j["bfs_sources"] = st.bfs_runs;
  if (!st.connected) {
    for (const char* k :
         {"diameter", "radius", "avg_distance", "avg_distance_incl_self", "average_status"})
      j[k] = nullptr;
    return;
  }
  const double sum = static_cast<double>(st.distance_sum);
  const double nn = static_cast<double>(n);
  j["diameter"] = st.diameter;
  j["radius"] = st.radius;
  j["distance_sum"] = number_or_string(st.distance_sum);
  j["avg_distance"] = n > 1 ? sum / (nn * (nn - 1)) : 0.0;
  j["avg_distance_incl_self"] = sum / (nn * nn);
  j["average_status"] = sum / nn;
}

std::string distance_facts_text(std::uint64_t n) {
  return "computing the distance facts of " + std::to_string(n) + " nodes";
}

/// Refuses before Traces runs over the memory budget.
void check_traces_memory(const Csr& g, const std::string& skip) {
  check_memory(add_sat(mul_sat(g.num_nodes(), kTracesBytesPerNode),
                       mul_sat(g.num_arcs(), kTracesBytesPerArc)),
               "nauty Traces on " + std::to_string(g.num_nodes()) +
                   " nodes (the automorphism orbits of the distance facts; " + skip +
                   " skips them)");
}

/// Refuses the distance stage over kInfoMaxDistanceWork or the memory budget: `classes` BFS
/// runs, or `sweeps` bit-parallel ones when fewer, each over every node and arc.
void check_distance_work(const Csr& g, std::uint64_t classes, double sweeps, std::uint32_t ecc0,
                         unsigned threads, const std::string& skip) {
  const std::uint64_t n = g.num_nodes();
  const bool by_classes = static_cast<double>(classes) <= sweeps;
  const double runs = by_classes ? static_cast<double>(classes) : sweeps;
  const double work = runs * static_cast<double>(n + g.num_arcs());
  if (work > kInfoMaxDistanceWork) {
    char text[64];
    std::snprintf(text, sizeof text, "%.3g", work);
    throw InputError(distance_facts_text(n) + " needs about " + text +
                     " arc visits, over the limit kInfoMaxDistanceWork = 2^36 (" + skip +
                     " gives the nodes, links and degrees)");
  }
  // each worker's scratch, and one distance profile per class (at most 2 ecc(0) + 1 entries)
  const std::uint64_t workers = worker_count(threads);
  const std::uint64_t scratch =
      mul_sat(mul_sat(workers, n), by_classes ? kBfsScratchBytes : kSweepScratchBytes);
  const std::uint64_t profile_words = 2 * std::uint64_t{ecc0} + 1 + kProfileOverheadWords;
  const std::uint64_t profiles =
      by_classes ? mul_sat(classes, mul_sat(profile_words, sizeof(std::uint64_t))) : 0;
  check_memory(add_sat(scratch, profiles), distance_facts_text(n) + " (" + skip + " skips them)");
}

/// Vertex classes (verified structural automorphisms first, Traces only when needed), exact
/// distances by the cheaper method, and the orbits as far as they are decided.
void distance_facts(const Network& t, const InfoOptions& opt, json& j, json& timing,
                    std::chrono::steady_clock::time_point t0) {
  auto report = [&](const std::string& stage, std::uint64_t d, std::uint64_t n) {
    if (opt.progress) opt.progress(stage, d, n);
  };
  const std::uint64_t n = t.num_nodes();
  check_memory(add_sat(Csr::bytes(n, t.link_bound()), mul_sat(n, kInfoBytesPerNode)),
               distance_facts_text(n) + " (" + opt.skip_distances + " skips them)");
  report("adjacency", 0, 1);
  const Csr csr(t, opt.threads);
  timing["csr"] = seconds_since(t0);
  report("structural automorphisms", 0, 1);
  const GeneratedClasses gen =
      classes_from_candidates(csr, t.automorphism_candidates(), opt.threads);
  Orbits classes = gen.classes;
  j["structural_classes"] = classes.reps.size();
  std::string orbit_method = "structural automorphisms (" + std::to_string(gen.used) + " verified)";
  bool exact = classes.reps.size() == 1;
  std::optional<Orbits> traces;
  auto run_traces = [&] {
    report("automorphism orbits (Traces)", 0, 1);
    traces = automorphism_orbits(csr);
    orbit_method += traces ? ", nauty Traces" : "";
    exact = true;
  };
  const std::uint32_t ecc0 = eccentricity(csr, 0);
  const double sweeps = sweep_cost_in_bfs_runs(n, ecc0);
  const bool traces_first =
      !exact && static_cast<double>(classes.reps.size()) > sweeps && n <= kTracesAuto;
  if (traces_first) {
    check_traces_memory(csr, opt.skip_distances);
    run_traces();
    classes = *traces;
  }
  check_distance_work(csr, classes.reps.size(), sweeps, ecc0, opt.threads, opt.skip_distances);
  timing["orbits"] = seconds_since(t0);
  DistanceStats st;
  std::vector<std::vector<std::uint64_t>> profiles;
  if (static_cast<double>(classes.reps.size()) <= sweeps) {
    j["distance_method"] = "bfs per vertex-class representative";
    st = distances_by_orbits(
        csr, classes, opt.threads,
        [&](std::uint64_t d, std::uint64_t tot) { report("bfs", d, tot); }, &profiles);
    if (!exact) {
      // Classes with different distance profiles cannot share an orbit; if all differ, the
      // classes are exactly the orbits.
      auto sorted = profiles;
      std::sort(sorted.begin(), sorted.end());
      if (std::adjacent_find(sorted.begin(), sorted.end()) == sorted.end()) {
        exact = true;
        orbit_method += ", separated by distance profiles";
      } else if (refine_colour_classes(csr, profile_colours(csr, classes, profiles),
                                       classes.reps.size(), opt.threads) == classes.reps.size()) {
        exact = true;
        orbit_method += ", separated by distance profiles and colour refinement";
      } else if (n <= kTracesAuto) {
        check_traces_memory(csr, opt.skip_distances);
        run_traces();
      }
    }
  } else {
    j["distance_method"] = "bit-parallel multi-source bfs";
    st = distances_all_sources(csr, opt.threads, [&](std::uint64_t d, std::uint64_t tot) {
      report("bit-parallel bfs", d, tot);
    });
  }
  const Orbits& orbits = traces ? *traces : classes;
  j["orbit_method"] = orbit_method;
  if (exact) {
    j["vertex_orbits"] = orbits.reps.size();
    j["vertex_transitive"] = orbits.reps.size() == 1;
  } else {
    // Only a refinement is known: report it, and transitivity only where it is decided.
    j["vertex_orbits"] = nullptr;
    j["vertex_classes_found"] = classes.reps.size();
    bool differ = false;
    for (std::size_t i = 1; i < profiles.size(); ++i) differ = differ || profiles[i] != profiles[0];
    j["vertex_transitive"] = differ ? nlohmann::json(false) : nlohmann::json(nullptr);
  }
  timing["distances"] = seconds_since(t0);
  distance_summary(st, n, j);
}

/// Node and link connectivity (exact, max-flow) within the limits of core/connectivity.hpp.
void connectivity_facts(const Network& t, unsigned threads, json& j) {
  const auto c = connectivity(t, threads);
  j["node_connectivity"] = c ? json(c->nodes) : json(nullptr);
  j["link_connectivity"] = c ? json(c->links) : json(nullptr);
  if (!c)
    j["connectivity_note"] =
        "not computed: over kConnectivityMaxNodes = 16384 nodes or kConnectivityMaxWork = 2^32 "
        "(N * arcs * degree)";
}

/// What failed in a faulty network, and the healthy network's diameter beside the faulty one's.
void fault_facts(const Network& t, json& j) {
  const auto* f = network_as<FaultyNetwork>(t);
  if (!f) return;
  const Network& base = f->base();
  json out;
  out["base"] = base.spec();
  out["base_nodes"] = base.num_nodes();
  json links = json::array(), nodes = json::array();
  for (auto [a, b] : f->failed_links())
    links.push_back({base.label(NodeId(a)), base.label(NodeId(b))});
  for (std::uint32_t v : f->failed_nodes()) nodes.push_back(base.label(NodeId(v)));
  out["failed_links"] = links;
  out["failed_nodes"] = nodes;
  const auto d = small_diameter(base);
  out["base_diameter"] = d ? json(*d) : json(nullptr);
  j["faults"] = out;
}

/// Links whose speed differs from the default (weighted graph files, weighted(...)): how many,
/// and the range of their bandwidth and latency multiples; a graph file's weights as read.
void weight_facts(const Network& t, json& j) {
  if (const auto* f = network_as<FileGraph>(t); f && f->weights()) {
    const auto& w = *f->weights();
    j["link_weights"] = {{"links", w.links}, {"least", w.least}, {"largest", w.largest}};
  }
  if (!t.weighted()) return;
  std::uint64_t differ = 0;
  double bw_lo = 1, bw_hi = 1, lat_lo = 1, lat_hi = 1;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb) {
      if (t.directed() ? !t.has_arc(NodeId(u), v) : v.v < u) continue;  // each arc, or link
      const LinkSpeed k = t.link_speed(NodeId(u), v);
      if (k == LinkSpeed{}) continue;
      ++differ;
      bw_lo = std::min(bw_lo, k.bandwidth), bw_hi = std::max(bw_hi, k.bandwidth);
      lat_lo = std::min(lat_lo, k.latency), lat_hi = std::max(lat_hi, k.latency);
    }
  }
  j["link_speeds"] = {
      {"links", differ}, {"bandwidth", {bw_lo, bw_hi}}, {"latency", {lat_lo, lat_hi}}};
  std::ostringstream note;
  note << differ << (t.directed() ? " arcs" : " links")
       << " differ from the default speed: bandwidth x" << bw_lo << " to x" << bw_hi
       << ", latency x" << lat_lo << " to x" << lat_hi;
  note << "; used by gen --bytes (each transfer priced on its " << (t.directed() ? "arc" : "link")
       << "), its bounds" << (t.needs_switched_model() ? ", prove bandwidth" : "")
       << " and simulate's platforms; schedules and checks are the same on every link";
  j["link_speeds_note"] = note.str();
}

}  // namespace

json topology_info(const Network& t, const InfoOptions& opt) {
  const auto t0 = std::chrono::steady_clock::now();
  json j;
  j["spec"] = t.spec();
  j["family"] = t.family();
  j["nodes"] = t.num_nodes();
  degree_facts(t, opt.threads, j);
  json timing;
  timing["basic"] = seconds_since(t0);
  if (t.needs_switched_model()) {  // distances between endpoints only, along the arcs
    switched_facts(t, opt.distances, opt.threads, j);
    timing["distances"] = seconds_since(t0);
  } else if (opt.distances) {
    distance_facts(t, opt, j, timing, t0);
    if (opt.connectivity) {
      connectivity_facts(t, opt.threads, j);
      timing["connectivity"] = seconds_since(t0);
    }
  }
  fault_facts(t, j);
  weight_facts(t, j);
  j["paper"] = compare_paper_facts(t, j);
  timing["total"] = seconds_since(t0);
  j["seconds"] = timing;
  return j;
}

json compare_paper_facts(const Network& t, const json& info) {
  json out = json::array();
  for (const PaperFact& f : paper_facts(t)) {
    json e;
    e["property"] = f.name;
    e["formula"] = f.formula;
    e["source"] = f.source;
    e["kind"] = f.kind == PaperFact::Kind::Exact ? "exact" : "upper_bound";
    if (std::isfinite(f.value) && f.value == std::floor(f.value) &&
        std::fabs(f.value) < kExactIntegerDouble)
      e["value"] = static_cast<std::int64_t>(f.value);
    else
      e["value"] = f.value;
    const std::string key = f.name == "degree" ? "degree_max" : f.name;
    if (info.contains(key) && info[key].is_number()) {
      const double c = info[key].get<double>();
      e["computed"] = info[key];
      if (f.kind == PaperFact::Kind::Exact) {
        e["matches"] = close(f.value, c) && (f.name != "degree" || info["regular"].get<bool>());
        if (f.name == "degree" && info.contains("port_degree_max")) {
          e["computed_ports"] = info["port_degree_max"];
          e["matches_ports"] = close(f.value, info["port_degree_max"].get<double>());
        }
        if (f.name == "avg_distance" && !e["matches"].get<bool>() &&
            info.contains("avg_distance_incl_self") && info["avg_distance_incl_self"].is_number())
          e["matches_incl_self"] = close(f.value, info["avg_distance_incl_self"].get<double>());
      } else {
        e["holds"] = c <= f.value + kRelativeTolerance * std::max(1.0, std::fabs(f.value));
      }
    } else {
      e["computed"] = nullptr;
    }
    out.push_back(e);
  }
  return out;
}

}  // namespace netsched
