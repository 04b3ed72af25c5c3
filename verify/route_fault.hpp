#pragma once
/// The deliberate bugs a route proof can plant in the encoded routing machine
/// (verify/route_machine.hpp), to show that a broken routing function is refuted.
///
/// Why apart: the machine (a header of templates) and the proof that runs it
/// (verify/smt_route.hpp) both need it, and the proof includes the machine.

namespace netsched {

/// Deliberate bugs, to show that a broken routing function is refuted.
enum class RouteFault {
  None,
  SkipLastCross,  ///< between two clusters of one class, never cross back
  WrongMask       ///< fix every differing bit, whether or not the node has that link
};

}  // namespace netsched
