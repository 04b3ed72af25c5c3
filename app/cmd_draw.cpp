// netsched draw SPEC -o net.svg | netsched draw --schedule FILE -o view.html [--frames DIR]
#include <fmt/format.h>

#include <filesystem>
#include <iostream>

#include "analysis/verification.hpp"
#include "app/cli.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/schedule_io.hpp"
#include "draw/schedule_view.hpp"
#include "gen/topology.hpp"

namespace netsched::cli {

namespace {

struct DrawOpts {
  std::string spec, schedule, out, frames, layout = "structure";
  std::uint64_t max_nodes = draw::kDrawMaxNodes;
  bool max_nodes_given = false;
  bool json = false;
};

/// The page and its per-step SVGs (dir/step-0001.svg ..., dir/end.svg), written together: all
/// of them, or none.
void write_view(const std::string& page_path, const std::string& page, const std::string& dir,
                const std::vector<std::string>& frames) {
  std::vector<std::pair<std::string, std::string_view>> files{{page_path, page}};
  if (!dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !std::filesystem::is_directory(dir))
      throw InputError("--frames: cannot create the directory '" + one_line_path(dir) + "'");
    for (std::size_t k = 0; k < frames.size(); ++k)
      files.emplace_back(dir + "/" +
                             (k + 1 == frames.size() ? std::string("end.svg")
                                                     : fmt::format("step-{:04}.svg", k + 1)),
                         frames[k]);
  }
  if (page_path == std::string(kStdoutPath)) {
    files.erase(files.begin());
    write_files_atomic(files);
    write_file_atomic(page_path, page);
    return;
  }
  write_files_atomic(files);
}

int draw_network(const DrawOpts& o) {
  auto t = build_switched_topology(o.spec);
  const draw::Canvas c =
      draw::make_canvas(*t, draw::layout_network(*t, o.layout == "generic"), o.max_nodes);
  write_file_atomic(o.out, draw::render_network(c, t->spec()));
  nlohmann::json j{{"output", o.out},
                   {"nodes", t->num_nodes()},
                   {"drawn", c.nodes.size()},
                   {"caption", c.caption}};
  if (o.json)
    std::cout << j.dump(2) << "\n";
  else if (o.out != "-")
    std::cout << fmt::format("{}: {} of {} nodes drawn ({})\n", o.out, c.nodes.size(),
                             t->num_nodes(), c.caption);
  return to_int(ExitCode::Ok);
}

int draw_schedule_file(const DrawOpts& o) {
  const ScheduleFile f = read_schedule_file(o.schedule);
  auto t = build_switched_schedule_topology(f.schedule.topology);
  draw::check_view_limits(f.schedule);
  const Verification v = verify_schedule(*t, f.schedule);
  if (f.record) check_record(*f.record, v.record(), *t, f.schedule.collective);
  // A large network is not readable whole: unless --max-nodes says otherwise, the viewer draws
  // the labelled neighbourhood of the schedule's root (node 0 when it has none).
  const bool readable = !o.max_nodes_given && t->num_nodes() > draw::kViewWholeNodes;
  const Collective& col = f.schedule.collective;
  using K = Collective::Kind;
  const bool rooted = col.kind() == K::Broadcast || col.kind() == K::Scatter ||
                      col.kind() == K::Gather || col.kind() == K::Reduce ||
                      col.kind() == K::Route || col.kind() == K::VecMat;
  const draw::Canvas c =
      readable
          ? draw::neighbourhood_canvas(*t, draw::layout_network(*t, false),
                                       rooted ? col.root() : NodeId(0))
          : draw::make_canvas(*t, draw::layout_network(*t, o.layout == "generic"), o.max_nodes);
  const auto view = draw::draw_schedule(c, f.schedule, v.to_json(f.schedule, CostModel{}),
                                        v.check.violation(), !o.frames.empty());
  write_view(o.out, view.html, o.frames, view.frames);
  nlohmann::json j{{"output", o.out},
                   {"frames", f.schedule.steps.size() + 1},
                   {"drawn", c.nodes.size()},
                   {"nodes", t->num_nodes()},
                   {"holds", v.check.ok()},
                   {"violation_frame", view.violation_frame ? nlohmann::json(*view.violation_frame)
                                                            : nlohmann::json()},
                   {"holdings_note", view.holdings_note}};
  if (!o.frames.empty()) j["frames_dir"] = o.frames;
  if (o.json) {
    std::cout << j.dump(2) << "\n";
  } else if (o.out != "-") {
    std::cout << fmt::format(
        "{}: {} frames ({} steps and the end), {} of {} nodes drawn; {}\n", o.out,
        f.schedule.steps.size() + 1, f.schedule.steps.size(), c.nodes.size(), t->num_nodes(),
        v.check.ok()
            ? "the schedule holds"
            : fmt::format("violated: frame {} is marked in red", *view.violation_frame + 1));
    if (!view.holdings_note.empty()) std::cout << view.holdings_note << "\n";
  }
  return to_int(ExitCode::Ok);
}

}  // namespace

Run add_draw(CLI::App& app) {
  auto o = std::make_shared<DrawOpts>();
  app.add_option("SPEC", o->spec, "network spec (draw the network)");
  auto* schedule = app.add_option("--schedule", o->schedule,
                                  "schedule file: write the step-by-step HTML viewer instead");
  app.add_option("-o,--output", o->out,
                 "output: an SVG for a network, an HTML page for --schedule (atomic; - = stdout)")
      ->required()
      ->check(kOutputFile);
  auto* frames = app.add_option("--frames", o->frames,
                                "--schedule: also write one SVG per step into this directory");
  app.add_option("--layout", o->layout,
                 "structure (from the family: grids, address bits, clusters) or generic "
                 "(Graphviz neato/sfdp)")
      ->check(CLI::IsMember({"structure", "generic"}))
      ->capture_default_str();
  auto* max_nodes = app.add_option("--max-nodes", o->max_nodes,
                                   "draw at most this many nodes (larger networks: the cluster of "
                                   "node 0, said on the picture; --schedule on a network over " +
                                       std::to_string(draw::kViewWholeNodes) +
                                       " nodes draws the root's labelled neighbourhood unless "
                                       "this is given)")
                        ->check(CLI::Range(std::uint64_t{1}, draw::kDrawMaxNodes))
                        ->capture_default_str();
  app.add_flag("--json", o->json, "machine-readable summary");
  app.footer(
      "Exit 0 when the picture is written (a violated schedule is drawn, its first violation "
      "in red); 2 on bad input (a tampered schedule, an unknown spec, limits).");
  return [o, schedule, frames, max_nodes] {
    o->max_nodes_given = max_nodes->count() > 0;
    if (o->spec.empty() == o->schedule.empty())
      throw InputError("draw: give a SPEC or --schedule FILE (one of them)");
    refuse_option(frames, !o->schedule.empty(), "a network picture", "--frames needs --schedule");
    (void)schedule;
    return o->schedule.empty() ? draw_network(*o) : draw_schedule_file(*o);
  };
}

}  // namespace netsched::cli
