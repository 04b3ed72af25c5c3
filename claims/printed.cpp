// The printed sites: where a check reads what a paper prints. One hook records the sites a claim
// reads and moves one of them, so that the flip check can re-run the claim with a printed
// constant changed, as if its source had been edited. The hook is process-wide (a check that
// reads a printed value on a worker thread is seen too); one run sets it at a time.
#include "claims/printed.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <mutex>
#include <optional>
#include <set>
#include <stdexcept>
#include <string_view>

#include "core/enum_names.hpp"

namespace netsched::claims {
namespace {

/// What the hook does: nothing, record, or move one site.
struct Hook {
  std::set<PrintedSite>* read = nullptr;
  std::optional<PrintedSite> moved;
  SiteMove move = SiteMove::Up;
};
Hook hook;
std::mutex hook_mutex;              // guards `hook` and the set it records into
std::atomic<bool> hook_set{false};  // the fast path: no run is recording or moving

PrintedSite site_of(const SourcePlace& where) {
  std::string file = where.file;
  // project-relative: the source tree's place differs between machines
  const std::string_view root = NETSCHED_SOURCE_DIR "/";
  if (file.starts_with(root)) file.erase(0, root.size());
  return {file, where.line, where.column};
}

constexpr std::array<EnumName<SiteMove>, 4> kSiteMoveNames{{
    {SiteMove::Up, "up"},
    {SiteMove::Down, "down"},
    {SiteMove::FarUp, "far up"},
    {SiteMove::FarDown, "far down"},
}};

/// Sets the hook for one run and clears it when the run ends, by return or by exception.
class HookScope {
 public:
  explicit HookScope(Hook h) {
    const std::lock_guard lock(hook_mutex);
    if (hook_set) throw std::logic_error("printed sites: one run at a time");
    hook = std::move(h);
    hook_set = true;
  }
  HookScope(const HookScope&) = delete;
  HookScope& operator=(const HookScope&) = delete;
  ~HookScope() {
    const std::lock_guard lock(hook_mutex);
    hook = {};
    hook_set = false;
  }
};

}  // namespace

Printed printed(double v, SourcePlace where) {
  if (!hook_set) return Printed(v);
  const PrintedSite site = site_of(where);
  const std::lock_guard lock(hook_mutex);
  if (hook.read) hook.read->insert(site);
  if (hook.moved && *hook.moved == site) v = moved_value(v, hook.move);
  return Printed(v);
}

double moved_value(double v, SiteMove move) {
  const double little = std::max(1.0, std::fabs(v) / 1000),
               far = 1000 * std::max(1.0, std::fabs(v));
  switch (move) {
    case SiteMove::Up:
      return v + little;
    case SiteMove::Down:
      return v - little;
    case SiteMove::FarUp:
      return v + far;
    case SiteMove::FarDown:
      return v - far;
  }
  return v;
}

std::string to_string(SiteMove move) { return name_of(kSiteMoveNames, move); }

std::string PrintedSite::name() const {
  return file + ":" + std::to_string(line) + ":" + std::to_string(column);
}

std::vector<PrintedSite> printed_sites_read(const std::function<void()>& f) {
  std::set<PrintedSite> read;
  {
    const HookScope scope({&read, {}, SiteMove::Up});
    f();
  }
  return {read.begin(), read.end()};
}

void with_printed_site_moved(const PrintedSite& site, SiteMove move,
                             const std::function<void()>& f) {
  const HookScope scope({nullptr, site, move});
  f();
}

}  // namespace netsched::claims
