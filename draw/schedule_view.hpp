#pragma once
/// A schedule as pictures: one frame per step (its transfers as arrows on the network picture,
/// senders and receivers marked, payload sizes on the arrows, what each node holds), an end
/// frame for delivery, the first violation in red at its step, and one self-contained HTML
/// viewer (inline SVG, a small script: slider, play/pause, the verification record beside it).
///
/// Why here and not in verify/: the frames draw what the checker found (the verdict and the
/// dense simulation's step trace come from verify/); nothing here judges a schedule.
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/schedule.hpp"
#include "core/verdict.hpp"
#include "draw/render.hpp"

namespace netsched::draw {

/// The most steps a viewer shows (each is a frame in the page), checked before any drawing.
inline constexpr std::uint64_t kViewMaxSteps = 4096;
/// Networks the viewer draws whole (as the network picture does); larger ones show the root's
/// labelled neighbourhood (draw/render.hpp: neighbourhood_canvas) unless --max-nodes is given.
inline constexpr std::uint64_t kViewWholeNodes = 512;
/// Transfers per step above which arrows carry no text label (their tooltip still says it).
inline constexpr std::uint64_t kMaxLabelledArrows = 64;

/// Throws InputError when `s` has more than kViewMaxSteps steps (checked before any
/// work).
void check_view_limits(const Schedule& s);

struct ScheduleView {
  std::string html;                 ///< the viewer
  std::vector<std::string> frames;  ///< one SVG per step, then the end frame
  std::optional<std::uint64_t> violation_frame;
  std::string holdings_note;  ///< why holdings are not shown, when they are not
};

/// Draws `s` on the canvas. `verification` is the verify --json record shown beside the
/// frames; `violation` the checker's first violation (none when the schedule holds).
ScheduleView draw_schedule(const Canvas& canvas, const Schedule& s,
                           const nlohmann::json& verification,
                           const std::optional<Violation>& violation, bool with_frames);

}  // namespace netsched::draw
