#pragma once
/// The HTML page of the schedule viewer: one file, no network access (inline SVG, CSS and a
/// small script), so it opens anywhere and can be archived next to the schedule.
#include <nlohmann/json.hpp>
#include <string>

namespace netsched::draw {

/// The page: `svg` holds the network and one <g class="frame"> per frame; `data` the captions,
/// labels, holdings and violation frame the script reads; `verification` is shown as is;
/// `chart` (an inline SVG of bars with data-step) shows every step, the current one marked.
std::string viewer_page(const std::string& title, const std::string& svg,
                        const nlohmann::json& verification, const nlohmann::json& data,
                        const std::string& caption, const std::string& chart);

}  // namespace netsched::draw
