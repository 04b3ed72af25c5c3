// gnuplot run safely (draw/gnuplot.hpp).
#include "draw/gnuplot.hpp"

#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <vector>

extern char** environ;

namespace netsched::draw {
namespace {

constexpr std::size_t kMaxErrorChars = 300;  // of gnuplot's complaint, in our message

/// Runs `gnuplot script` with its standard error in `err`, no shell between; its exit status,
/// or -1 when it could not be started.
int run_gnuplot_on(const std::string& script, const std::string& err) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, err.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, S_IRUSR | S_IWUSR);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  std::vector<std::string> args{"gnuplot", script};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  const int started = posix_spawnp(&pid, "gnuplot", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (started != 0) return -1;
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0)
    if (errno != EINTR) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string read_all(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// gnuplot's complaint as one line: its error lines ("plot.gp" line 9: ...), else every line
/// but its warnings, cut to kMaxErrorChars.
std::string gnuplot_errors(const std::string& complaint) {
  std::string errors, others;
  std::istringstream lines(complaint);
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line.rfind("Warning", 0) == 0) continue;
    std::string& to = line.find("\" line ") != std::string::npos ? errors : others;
    to += (to.empty() ? "" : " ") + line;
  }
  return (errors.empty() ? others : errors).substr(0, kMaxErrorChars);
}

}  // namespace

std::string gp_string(const std::string& text) {
  std::string out = "'";
  for (char ch : text) {
    if (ch == '\'')
      out += "''";
    else
      out += std::iscntrl(static_cast<unsigned char>(ch)) != 0 ? ' ' : ch;
  }
  return out + "'";
}

std::string gnuplot_svg(const std::function<std::string(const std::string&)>& script_for) {
  namespace fs = std::filesystem;
  std::string tmpl = (fs::temp_directory_path() / "netsched-gnuplot.XXXXXX").string();
  if (!::mkdtemp(tmpl.data()))
    throw std::runtime_error("sweep: cannot create a directory in " +
                             fs::temp_directory_path().string());
  const fs::path dir = tmpl, script = dir / "plot.gp", svg = dir / "plot.svg", err = dir / "err";
  std::ofstream(script) << script_for(svg.string());
  const int status = run_gnuplot_on(script.string(), err.string());
  const std::string out = read_all(svg), complaint = read_all(err);
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (status == -1)
    throw std::runtime_error(
        "sweep: gnuplot could not be started (is gnuplot-nox installed? "
        "scripts/deps.sh)");
  if (status != 0 || out.empty())
    throw std::runtime_error("sweep: gnuplot failed: " + gnuplot_errors(complaint));
  return out;
}

}  // namespace netsched::draw
