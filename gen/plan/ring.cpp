// The cycle the ring algorithms run round (gen/plan/ring.hpp).
#include "gen/plan/ring.hpp"

#include <string>

#include "core/errors.hpp"
#include "core/limits.hpp"
#include "gen/plan/hamiltonian.hpp"

namespace netsched {

std::vector<std::uint32_t> ring_cycle(const Network& t, const char* algorithm) {
  auto cycle = hamiltonian_cycle(t);
  if (!cycle)
    throw InputError(std::string(algorithm) + ": no Hamiltonian cycle of " + t.spec() +
                     " found (searched up to " +
                     limit_text("kHamiltonMaxNodes", kHamiltonMaxNodes) + " nodes, " +
                     std::to_string(kHamiltonMaxSearch) + " search steps)");
  return *cycle;
}

}  // namespace netsched
