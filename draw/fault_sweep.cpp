// The single-link fault sweep (draw/fault_sweep.hpp).
#include "draw/fault_sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <iterator>
#include <map>
#include <mutex>
#include <optional>
#include <random>

#include "analysis/checked.hpp"
#include "analysis/repair.hpp"
#include "analysis/schedule_symmetry.hpp"
#include "core/automorphism.hpp"
#include "core/errors.hpp"
#include "core/graph.hpp"
#include "core/parallel.hpp"
#include "draw/gnuplot.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"

namespace netsched::draw {
namespace {

using Link = std::pair<std::uint32_t, std::uint32_t>;

std::vector<Link> links_of(const Network& t) {
  std::vector<Link> out;
  std::vector<NodeId> nb;
  for (std::uint32_t u = 0; u < t.num_nodes(); ++u) {
    t.neighbors(NodeId(u), nb);
    for (const NodeId v : nb)
      if (u < v.v) out.emplace_back(u, v.v);
  }
  std::sort(out.begin(), out.end());
  return out;
}

double seconds_of(const CheckedSchedule& c, const CostModel& cost) {
  return cost.of(c.verification().check.steps, c.verification().check.payload_sum);
}

nlohmann::json steps_or_null(const std::optional<CheckedSchedule>& c) {
  return c ? nlohmann::json(c->verification().check.steps) : nlohmann::json(nullptr);
}

}  // namespace

namespace {

/// The orbits of `links` (t's links, sorted) under the symmetries of t and of `healthy`, each
/// in link order; every link its own orbit when `every_link`.
std::vector<std::vector<Link>> orbits_of(const Network& t, const std::vector<Link>& links,
                                         const Schedule& healthy, bool every_link) {
  if (links.size() > kFaultSweepMaxLinks)
    throw InputError("sweep --faults: " + std::to_string(links.size()) + " links, over the limit " +
                     limit_text("kFaultSweepMaxLinks", kFaultSweepMaxLinks));
  std::map<Link, std::uint32_t> index;
  for (std::uint32_t i = 0; i < links.size(); ++i) index[links[i]] = i;
  UnionFind orbits(static_cast<std::uint32_t>(links.size()));
  std::vector<Permutation> symmetries;
  if (!every_link) try {
      symmetries = schedule_symmetries(t, healthy);
    } catch (const InputError& e) {
      throw InputError(std::string("sweep --faults: the healthy schedule's symmetries cannot be "
                                   "checked (") +
                       e.what() + "); --every-link or --sample-links repairs links without them");
    }
  for (const Permutation& p : symmetries)
    for (std::uint32_t i = 0; i < links.size(); ++i) {
      const std::uint32_t a = p(links[i].first), b = p(links[i].second);
      orbits.unite(i, index.at({std::min(a, b), std::max(a, b)}));
    }
  std::map<std::uint32_t, std::vector<Link>> members;  // by the orbit's root: its smallest link
  for (std::uint32_t i = 0; i < links.size(); ++i) members[orbits.find(i)].push_back(links[i]);
  std::vector<std::vector<Link>> out;
  for (auto& [root, m] : members) out.push_back(std::move(m));
  return out;
}

/// A sample of links: a rooted collective's links at its root (where a fault costs most), then
/// o.sample_links of the others drawn uniformly from o.seed.
std::vector<Link> sampled_links(const std::vector<Link>& links, const FaultSweepOptions& o,
                                const Collective& c) {
  using Kind = Collective::Kind;
  const bool rooted = c.kind() == Kind::Broadcast || c.kind() == Kind::Scatter ||
                      c.kind() == Kind::Gather || c.kind() == Kind::Reduce;
  std::vector<Link> out, rest;
  for (const Link& l : links)
    (rooted && (l.first == c.root().v || l.second == c.root().v) ? out : rest).push_back(l);
  if (o.sample_links > rest.size())
    throw InputError(fmt::format("sweep --faults: --sample-links {} is more than the {} links{}",
                                 o.sample_links, rest.size(),
                                 out.empty() ? "" : " away from the root"));
  if (o.sample_links > kFaultSweepMaxLinks)
    throw InputError(fmt::format("sweep --faults: --sample-links {} is over the limit {}",
                                 o.sample_links,
                                 limit_text("kFaultSweepMaxLinks", kFaultSweepMaxLinks)));
  std::mt19937_64 random(o.seed);
  std::sample(rest.begin(), rest.end(), std::back_inserter(out), o.sample_links, random);
  return out;
}

}  // namespace

std::vector<std::vector<Link>> link_orbits(const Network& t, const Schedule& healthy) {
  return orbits_of(t, links_of(t), healthy, false);
}

namespace {

/// One row: the healthy schedule repaired around `failed` (one link, or two) and regenerated.
nlohmann::json fault_row(const Network& t, const CheckedSchedule& healthy, double base,
                         const std::vector<Link>& failed, const CostModel& cost) {
  std::string links;
  for (const auto& [a, b] : failed)
    links += (links.empty() ? "{" : ",{") + std::to_string(t.serial_of(NodeId(a))) + "," +
             std::to_string(t.serial_of(NodeId(b))) + "}";
  const auto& [a, b] = failed.front();
  nlohmann::json row{{"link", {a, b}},
                     {"labels", {t.label(NodeId(a)), t.label(NodeId(b))}},
                     {"orbit_size", 1},
                     {"healthy_steps", healthy.verification().check.steps},
                     {"healthy_seconds", base}};
  if (failed.size() > 1) row["second_link"] = {failed[1].first, failed[1].second};
  try {
    const auto faulty = build_topology("faulty(" + t.spec() + ", links=[" + links + "])");
    const RepairReport r = repair_schedule(healthy, *faulty, cost);
    row["repaired_steps"] = steps_or_null(r.repaired);
    row["regenerated_steps"] = steps_or_null(r.regenerated);
    row["lower_bound"] = r.lower ? nlohmann::json(r.lower->steps) : nlohmann::json(nullptr);
    row["chosen"] = r.chosen;
    row["seconds"] = seconds_of(r.best(), cost);
    row["slowdown"] = seconds_of(r.best(), cost) / base;
    row["note"] = !r.repaired      ? r.repair_failed
                  : !r.regenerated ? "regenerating: " + r.regenerate_failed
                                   : "";
  } catch (const InputError& e) {
    row["chosen"] = nullptr;
    row["slowdown"] = nullptr;
    row["note"] = e.what();  // e.g. the link was a bridge: the faulty network is disconnected
  }
  return row;
}

}  // namespace

namespace {

/// One row to make: the links that fail, and what the row says of how they were chosen.
struct FaultCase {
  std::vector<Link> failed;
  std::size_t orbit_size = 1;
  bool at_root = false;
};

/// The cases of a sweep, in row order: the orbits (or the sample), then the double faults, all
/// drawn here, before any row is made, so the rows do not depend on the workers.
std::vector<FaultCase> fault_cases(const Network& t, const FaultSweepOptions& o,
                                   const Schedule& healthy, const std::vector<Link>& links) {
  std::vector<FaultCase> out;
  if (o.sample_links > 0) {
    const std::vector<Link> chosen = sampled_links(links, o, healthy.collective);
    const std::size_t at_root = chosen.size() - o.sample_links;
    for (std::size_t i = 0; i < chosen.size(); ++i) out.push_back({{chosen[i]}, 1, i < at_root});
  } else {
    for (const auto& orbit : orbits_of(t, links, healthy, o.every_link))
      out.push_back({{orbit.front()}, orbit.size(), false});
  }
  // a sample of double faults: pairs of distinct links, uniform, from a fixed seed
  std::mt19937_64 random(o.seed);
  for (std::uint64_t i = 0; i < o.double_faults && links.size() >= 2; ++i) {
    std::uniform_int_distribution<std::size_t> pick(0, links.size() - 1);
    const std::size_t x = pick(random);
    std::size_t y = pick(random);
    while (y == x) y = pick(random);
    out.push_back({{links[std::min(x, y)], links[std::max(x, y)]}, 1, false});
  }
  return out;
}

}  // namespace

nlohmann::json fault_sweep(const Network& t, const FaultSweepOptions& o) {
  const NodeId root = o.root.value_or(NodeId(0));
  const CheckedSchedule healthy = generate_checked(t, GenRequest(o.collective, "auto", root));
  const double base = seconds_of(healthy, o.cost);
  const std::vector<Link> links = links_of(t);
  const std::vector<FaultCase> cases = fault_cases(t, o, healthy.schedule(), links);
  const std::size_t singles = static_cast<std::size_t>(std::count_if(
      cases.begin(), cases.end(), [](const FaultCase& c) { return c.failed.size() == 1; }));
  // each row on its own worker: a row reads the healthy network and schedule only
  std::vector<nlohmann::json> rows(cases.size());
  std::mutex reporting;
  std::size_t done = 0;
  parallel_items(
      cases.size(), o.threads, [] { return 0; },
      [&](int&, std::uint64_t i) {
        const FaultCase& c = cases[i];
        nlohmann::json row = fault_row(t, healthy, base, c.failed, o.cost);
        if (c.failed.size() == 1) {
          row["orbit_size"] = c.orbit_size;
          if (o.sample_links > 0) row["sampled_from"] = links.size();
          if (c.at_root) row["at_root"] = true;
        }
        rows[i] = std::move(row);
        const std::lock_guard<std::mutex> hold(reporting);
        ++done;
        if (o.progress)
          o.progress(fmt::format("sweep --faults: {}/{} faults repaired ({} single, {} double)",
                                 done, cases.size(), singles, cases.size() - singles));
      },
      [](int&) {});
  return nlohmann::json(std::move(rows));
}

std::string fault_sweep_summary(const nlohmann::json& rows) {
  std::optional<double> worst, worst_double;
  std::uint64_t links = 0, orbits = 0, doubles = 0, sampled_from = 0, at_root = 0;
  std::string note;
  for (const auto& r : rows) {
    const bool second = r.contains("second_link");
    if (second)
      ++doubles;
    else
      links += r["orbit_size"].get<std::uint64_t>(), ++orbits;
    if (r.contains("sampled_from")) sampled_from = r["sampled_from"].get<std::uint64_t>();
    if (r.contains("at_root")) ++at_root;
    auto& w = second ? worst_double : worst;
    if (r.contains("slowdown") && !r["slowdown"].is_null())
      w = std::max(w.value_or(0), r["slowdown"].get<double>());
    else if (note.empty() && r.contains("note"))
      note = r["note"].get<std::string>();
  }
  std::string out = fmt::format(
      "{}; {}",
      sampled_from > 0
          ? fmt::format(
                "{} of {} links ({}drawn at random), each repaired", links, sampled_from,
                at_root > 0 ? fmt::format("the root's {} and {} ", at_root, links - at_root) : "")
      : links == orbits ? fmt::format("{} links, each repaired", links)
                        : fmt::format("{} links in {} orbit{}, one link of each repaired", links,
                                      orbits, orbits == 1 ? "" : "s"),
      worst ? fmt::format("the worst single fault costs {:.3g}x", *worst)
            : "no fault has a schedule (" + note + ")");
  if (doubles > 0)
    out += fmt::format(
        "; {} sampled double faults, the worst {}", doubles,
        worst_double ? fmt::format("{:.3g}x", *worst_double) : std::string("without a schedule"));
  return out;
}

std::string fault_sweep_csv(const nlohmann::json& rows) {
  std::string out =
      "link_a,link_b,second_link_a,second_link_b,orbit_size,healthy_steps,repaired_steps,"
      "regenerated_steps,lower_bound,chosen,slowdown\n";
  const auto cell = [](const nlohmann::json& v) {
    return v.is_null() ? std::string() : v.is_string() ? v.get<std::string>() : v.dump();
  };
  for (const auto& r : rows) {
    const nlohmann::json second = r.value("second_link", nlohmann::json::array({nullptr, nullptr}));
    out += fmt::format("{},{},{},{},{},{},{},{},{},{},{}\n", r["link"][0].dump(),
                       r["link"][1].dump(), cell(second[0]), cell(second[1]), cell(r["orbit_size"]),
                       cell(r["healthy_steps"]), cell(r.value("repaired_steps", nlohmann::json())),
                       cell(r.value("regenerated_steps", nlohmann::json())),
                       cell(r.value("lower_bound", nlohmann::json())), cell(r["chosen"]),
                       cell(r["slowdown"]));
  }
  return out;
}

std::string fault_sweep_gnuplot(const nlohmann::json& rows, const std::string& title,
                                const std::string& output) {
  std::vector<std::pair<double, std::uint64_t>> bars;  // (slowdown, links)
  for (const auto& r : rows)
    if (!r["slowdown"].is_null() && !r.contains("second_link"))  // the single faults
      bars.emplace_back(r["slowdown"].get<double>(), r["orbit_size"].get<std::uint64_t>());
  std::sort(bars.begin(), bars.end(), std::greater<>());
  std::string data;
  std::uint64_t x = 0;
  for (const auto& [s, n] : bars) {
    data += fmt::format("{} {} {}\n", static_cast<double>(x) + static_cast<double>(n) / 2, s, n);
    x += n;
  }
  return fmt::format(
      "set terminal svg size 800,420 dynamic font 'DejaVu Sans,11'\n"
      "set output {}\n"
      "set title {} noenhanced\n"
      "set xlabel 'failed link (each orbit of equivalent links as wide as its links), worst "
      "first'\n"
      "set ylabel 'time with the fault / healthy time'\n"
      "set yrange [0:*]\nset xrange [0:{}]\nset style fill solid 0.6\nset grid ytics\n"
      "set key off\n$bars << EOD\n{}EOD\n"
      "plot $bars using 1:2:3 with boxes lc rgb '#4c72b0', 1 with lines dt 2 lc rgb '#555555'\n",
      gp_string(output), gp_string(title), std::max<std::uint64_t>(x, 1), data);
}

}  // namespace netsched::draw
