#include "draw/sweep.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <regex>

#include "analysis/checked.hpp"
#include "analysis/info.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/limits.hpp"
#include "draw/gnuplot.hpp"
#include "gen/topology.hpp"
#include "verify/smt_bisection.hpp"

namespace netsched::draw {
namespace {

/// The first "{lo..hi}" of a pattern: its text, lo and hi; nullopt when there is none.
struct Range {
  std::string text;
  std::uint64_t lo = 0, hi = 0;
};

std::optional<Range> find_range(const std::string& p) {
  // Only a brace group of two integers is a range: "{3..12}". A path's ".." is not (the pattern
  // may name files: file("../w/ring.edges")).
  static const std::regex range(R"(\{([0-9]+)\.\.([0-9]+)\})");
  std::smatch m;
  if (!std::regex_search(p, m, range)) return std::nullopt;
  Range r{m.str(0)};
  auto number = [&](const std::string& s) {
    constexpr std::size_t kDigits = 9;
    if (s.size() > kDigits)
      throw InputError("sweep: '" + p + "': range bound " + s + " is too large");
    return std::stoull(s);
  };
  r.lo = number(m.str(1)), r.hi = number(m.str(2));
  if (r.lo > r.hi) throw InputError("sweep: '" + p + "': empty range " + r.text);
  return r;
}

std::string replace_all(std::string s, const std::string& what, const std::string& with) {
  for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + with.size()))
    s.replace(at, what.size(), with);
  return s;
}

/// The paper's value of a property for this instance (the first paper fact that gives one).
nlohmann::json paper_value(const nlohmann::json& info, const std::string& property) {
  for (const auto& f : info.value("paper", nlohmann::json::array()))
    if (f.value("property", "") == property && f.contains("value") && f["value"].is_number())
      return f["value"];
  return nullptr;
}

/// Steps, paper bound and lower bound of one generated collective, or the reason there are none.
void schedule_columns(const Network& t, const std::string& collective, const std::string& prefix,
                      nlohmann::json& row, std::vector<std::string>& notes) {
  try {
    const CheckedSchedule s = generate_checked(t, GenRequest(collective));
    const Verification& v = s.verification();
    row[prefix + "_steps"] = v.check.steps;
    row[prefix + "_bound"] = v.bound ? nlohmann::json(v.bound->steps) : nlohmann::json();
    row[prefix + "_lower"] = v.lower ? nlohmann::json(v.lower->steps) : nlohmann::json();
    row[prefix + "_algorithm"] = s.schedule().algorithm;
  } catch (const InputError& e) {
    notes.push_back(collective + ": " + e.what());
  }
}

/// The exact bisection width by Z3, or why there is none.
void bisection_column(const Network& t, const SweepOptions& o, nlohmann::json& row,
                      std::vector<std::string>& notes) {
  if (t.num_nodes() > kSweepBisectionMaxNodes) {
    notes.push_back(fmt::format("bisection: {} nodes > {} (exact search only on small networks)",
                                t.num_nodes(), kSweepBisectionMaxNodes));
    return;
  }
  const Bisection b = bisection_width(t, o.bisection_timeout_ms);
  if (b.result == Bisection::Kind::Exact)
    row["bisection"] = b.width;
  else
    notes.push_back(fmt::format("bisection: Z3 did not decide within {} ms (best cut {})",
                                o.bisection_timeout_ms, b.width));
}

nlohmann::json sweep_row(const SweepPoint& p, const SweepOptions& o) {
  nlohmann::json row;
  for (const auto& c : sweep_columns()) row[c] = nullptr;
  row["series"] = p.series;
  row["spec"] = p.spec;
  std::unique_ptr<Network> t;
  try {
    t = build_topology(p.spec);
  } catch (const InputError& e) {
    throw InputError("sweep: point '" + p.spec + "': " + e.what());
  }
  const nlohmann::json info = topology_info(*t);
  std::vector<std::string> notes;
  for (const char* k :
       {"family", "nodes", "edges", "degree_max", "diameter", "radius", "avg_distance"})
    row[k] = info.value(k, nlohmann::json());
  if (row["diameter"].is_number() && row["degree_max"].is_number())
    row["cost"] = row["degree_max"].get<std::uint64_t>() * row["diameter"].get<std::uint64_t>();
  row["nodes_paper"] = paper_value(info, "nodes");
  row["degree_paper"] = paper_value(info, "degree");
  row["diameter_paper"] = paper_value(info, "diameter");
  if (o.schedules) {
    schedule_columns(*t, "broadcast", "broadcast", row, notes);
    if (t->num_nodes() <= o.exchange_max_nodes)
      schedule_columns(*t, "total-exchange", "exchange", row, notes);
    else
      notes.push_back(
          fmt::format("total exchange not generated: {} nodes > --exchange-max-nodes {}",
                      t->num_nodes(), o.exchange_max_nodes));
  }
  if (o.bisection) bisection_column(*t, o, row, notes);
  std::string joined;
  for (const auto& n : notes) joined += (joined.empty() ? "" : "; ") + n;
  row["notes"] = joined;
  return row;
}

std::string csv_cell(const nlohmann::json& v) {
  if (v.is_null()) return "";
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    if (s.find_first_of(",\"\n") == std::string::npos) return s;
    return "\"" + replace_all(s, "\"", "\"\"") + "\"";
  }
  return v.dump();
}

}  // namespace

std::vector<SweepPoint> expand_patterns(const std::vector<std::string>& patterns) {
  std::vector<SweepPoint> out;
  for (const std::string& p : patterns) {
    const auto r = find_range(p);
    if (!r) {
      std::string family;
      try {
        family = build_topology(p)->family();
      } catch (const InputError& e) {
        throw InputError("sweep: point '" + p + "': " + e.what());
      }
      out.push_back({family, p});
    } else {
      if (r->hi - r->lo + 1 > kSweepMaxPoints)
        throw InputError(fmt::format("sweep: {} points, over the limit kSweepMaxPoints = {}",
                                     r->hi - r->lo + 1, kSweepMaxPoints));
      for (std::uint64_t v = r->lo; v <= r->hi; ++v) {
        const std::string spec = replace_all(p, r->text, std::to_string(v));
        if (find_range(spec))
          throw InputError("sweep: '" + p + "': one range per pattern (" + r->text +
                           " may appear several times)");
        out.push_back({p, spec});
      }
    }
    if (out.size() > kSweepMaxPoints)
      throw InputError(
          fmt::format("sweep: more than {} points (the limit kSweepMaxPoints)", kSweepMaxPoints));
  }
  // every point's size before any point's work: a sweep's work is the sum of its points'
  std::uint64_t total = 0;
  for (const SweepPoint& point : out) {
    std::uint64_t nodes = 0;
    try {
      nodes = build_topology(point.spec)->num_nodes();
    } catch (const InputError& e) {
      throw InputError("sweep: point '" + point.spec + "': " + e.what());
    }
    if (nodes > kSweepMaxNodes)
      throw InputError(
          fmt::format("sweep: point '{}' has {} nodes, over the limit kSweepMaxNodes = {}",
                      point.spec, nodes, kSweepMaxNodes));
    total = add_sat(total, nodes);
  }
  if (total > kSweepMaxTotalNodes)
    throw InputError(fmt::format(
        "sweep: the {} points have {} nodes in all, over the limit kSweepMaxTotalNodes = {}",
        out.size(), total, kSweepMaxTotalNodes));
  return out;
}

const std::vector<std::string>& sweep_columns() {
  static const std::vector<std::string> cols{"series",
                                             "spec",
                                             "family",
                                             "nodes",
                                             "nodes_paper",
                                             "edges",
                                             "degree_max",
                                             "degree_paper",
                                             "diameter",
                                             "diameter_paper",
                                             "radius",
                                             "avg_distance",
                                             "cost",
                                             "bisection",
                                             "broadcast_algorithm",
                                             "broadcast_steps",
                                             "broadcast_bound",
                                             "broadcast_lower",
                                             "exchange_algorithm",
                                             "exchange_steps",
                                             "exchange_bound",
                                             "exchange_lower",
                                             "notes"};
  return cols;
}

nlohmann::json sweep(const std::vector<SweepPoint>& points, const SweepOptions& o) {
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < points.size(); ++i) {
    if (o.progress)
      o.progress(fmt::format("sweep {}/{}: {}", i + 1, points.size(), points[i].spec));
    rows.push_back(sweep_row(points[i], o));
  }
  return rows;
}

std::string sweep_csv(const nlohmann::json& rows) {
  std::string out;
  for (const auto& c : sweep_columns()) out += (out.empty() ? "" : ",") + c;
  out += "\n";
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < sweep_columns().size(); ++i)
      line += (i ? "," : "") + csv_cell(row[sweep_columns()[i]]);
    out += line + "\n";
  }
  return out;
}

namespace {

/// A number as a data cell; anything else missing ("?").
std::string gp_cell(const nlohmann::json& v) { return v.is_number() ? v.dump() : "?"; }

/// One panel: the computed column of every series as lines, the paper's column as open points.
std::string panel(const std::map<std::string, std::size_t>& series, const nlohmann::json& rows,
                  const std::string& title, int computed, int paper, const char* paper_key,
                  bool log_y) {
  std::string s = fmt::format("set title {}\n{}\n", gp_string(title),
                              log_y ? "set logscale y" : "unset logscale y");
  std::string plots;
  const std::string computed_key = computed == 2   ? "diameter"
                                   : computed == 4 ? "broadcast_steps"
                                                   : "exchange_steps";
  for (const auto& entry : series) {
    const std::string& name = entry.first;
    const std::size_t i = entry.second;
    // gnuplot refuses a plot whose points are all missing, or not positive on a log scale
    const auto plottable = [&](const nlohmann::json& v) {
      return v.is_number() && (!log_y || v.get<double>() > 0);
    };
    const bool any = std::any_of(rows.begin(), rows.end(), [&](const nlohmann::json& r) {
      return r["series"] == name && plottable(r[computed_key]);
    });
    if (!any) continue;
    const int colour = static_cast<int>(i % 8) + 1;
    plots += fmt::format("{}$D{} using 1:{} with linespoints lc {} pt 7 ps 0.6 title {} noenhanced",
                         plots.empty() ? "" : ", ", i, computed, colour, gp_string(name));
    const bool printed = std::any_of(rows.begin(), rows.end(), [&](const nlohmann::json& r) {
      return r["series"] == name && plottable(r[paper_key]);
    });
    if (printed)
      plots += fmt::format(", $D{} using 1:{} with points lc {} pt 6 ps 1.4 title {} noenhanced", i,
                           paper, colour, gp_string(name + " (paper)"));
  }
  if (plots.empty())  // nothing to plot in this panel (e.g. no exchange was generated)
    return s +
           "set label 1 'not computed' at graph 0.5,0.5 center\nunset logscale y\n"
           "set xrange [1:10]\nset yrange [0:1]\nplot 2 notitle\n"
           "set autoscale x\nset autoscale y\nunset label 1\n";
  return s + "plot " + plots + "\n";
}

}  // namespace

std::string sweep_gnuplot(const nlohmann::json& rows, const std::string& output) {
  std::map<std::string, std::size_t> series;
  for (const auto& r : rows) series.emplace(r["series"].get<std::string>(), series.size());
  std::string s =
      "set terminal svg size 1350,480 dynamic font \"Helvetica,11\" background \"white\"\n"
      "set output " +
      gp_string(output) + "\nset datafile missing \"?\"\n";
  for (const auto& [name, i] : series) {
    std::vector<const nlohmann::json*> pts;
    for (const auto& r : rows)
      if (r["series"] == name) pts.push_back(&r);
    std::sort(pts.begin(), pts.end(),
              [](auto* a, auto* b) { return (*a)["nodes"] < (*b)["nodes"]; });
    s += fmt::format("$D{} << EOD\n", i);
    for (const auto* r : pts)
      s += fmt::format("{} {} {} {} {} {} {}\n", gp_cell((*r)["nodes"]), gp_cell((*r)["diameter"]),
                       gp_cell((*r)["diameter_paper"]), gp_cell((*r)["broadcast_steps"]),
                       gp_cell((*r)["broadcast_bound"]), gp_cell((*r)["exchange_steps"]),
                       gp_cell((*r)["exchange_bound"]));
    s += "EOD\n";
  }
  s += "set multiplot layout 1,3 title \"netsched sweep: computed (lines) and the papers' values "
       "(open circles)\"\nset logscale x\nset grid\nset key top left font \",9\"\n"
       "set xlabel \"N (nodes)\"\nset format x \"10^{%L}\"\n";
  s += panel(series, rows, "diameter", 2, 3, "diameter_paper", false);
  s += panel(series, rows, "broadcast steps (paper bound: open)", 4, 5, "broadcast_bound", false);
  s +=
      panel(series, rows, "total-exchange steps (paper bound: open)", 6, 7, "exchange_bound", true);
  return s + "unset multiplot\n";
}

std::string run_gnuplot(const nlohmann::json& rows) {
  return gnuplot_svg([&](const std::string& svg) { return sweep_gnuplot(rows, svg); });
}

}  // namespace netsched::draw
