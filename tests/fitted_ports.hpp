#pragma once
// Why: the unit tests and the property of re-timing (analysis/retime.hpp) hold a fitted schedule
// to the same rules, and list scheduling promises less than it seems to: fewer ports need not
// mean more steps (the greedy may close gaps the generator left), nor need the greedy find the
// steps a schedule already had. What fit_ports does promise is stated here once.
#include <cstdint>
#include <string>

#include "analysis/checked.hpp"
#include "core/network.hpp"
#include "core/schedule.hpp"

namespace netsched::test {

/// What is wrong with `f`, fit_ports(s, t, model, k) (empty if nothing): it must hold under
/// `model` with k ports; be named "<algorithm> re-timed to K" or, keeping s's steps as they
/// are, "<algorithm> as K"; take no fewer steps than its lower bound; and take no more steps
/// than s where s's steps as they are hold under k ports.
inline std::string fitted_ports_fault(const Network& t, const CheckedSchedule& s,
                                      const CheckedSchedule& f, PortModel model, std::uint32_t k) {
  const std::uint64_t steps = f.verification().check.steps;
  const std::string ports = k == 1 ? "one-port" : std::to_string(k) + "-port";
  const std::string& name = f.schedule().algorithm;
  if (!f.holds()) return "it does not hold";
  if (f.schedule().model != model || f.schedule().ports != k) return "its port model is not asked";
  if (name == s.schedule().algorithm + " as " + ports) {
    if (f.schedule().steps != s.schedule().steps) return "kept as it is, but its steps changed";
  } else if (name != s.schedule().algorithm + " re-timed to " + ports) {
    return "it is named " + name;
  }
  if (f.verification().lower && steps < f.verification().lower->steps)
    return "it beats its lower bound";
  Schedule as_is = s.schedule();
  as_is.model = model;
  as_is.ports = k;
  if (steps > s.verification().check.steps && check_schedule(t, std::move(as_is)).holds())
    return "it takes more steps than the schedule, which held under the ports as it was";
  return "";
}

}  // namespace netsched::test
