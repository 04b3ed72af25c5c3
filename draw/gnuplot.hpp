#pragma once
/// gnuplot, run safely. Its scripts carry the user's words (network specs, graph file names,
/// output paths), and gnuplot runs shell commands from a script (`system(...)`, backquotes in
/// double-quoted strings): every such word goes in as gp_string(), and gnuplot itself is started
/// without a shell, in a directory of its own.
#include <functional>
#include <string>

namespace netsched::draw {

/// `text` as a gnuplot string that is only text: single-quoted (no backquote substitution, no
/// escapes), its quotes doubled, its control characters (a newline would end the command)
/// made spaces.
std::string gp_string(const std::string& text);

/// Runs gnuplot on the script `script_for(svg_path)` in a private temporary directory (mkdtemp)
/// and returns the SVG it wrote. Throws std::runtime_error when gnuplot is missing or fails.
std::string gnuplot_svg(const std::function<std::string(const std::string&)>& script_for);

}  // namespace netsched::draw
