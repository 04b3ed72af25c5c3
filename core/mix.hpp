#pragma once
/// A 64-bit hash combiner: splitmix64's finaliser over a running combination.
///
/// Why one home: the automorphism refinement hashes colour classes with it and the rarest-first
/// all-gather draws its reproducible tie-breaks from it; one function keeps them the same mix.
#include <cstdint>

namespace netsched {

// NOLINTBEGIN(readability-magic-numbers): splitmix64's published constants
/// h combined with v.
inline std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  std::uint64_t z = h ^ (v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}
// NOLINTEND(readability-magic-numbers)

}  // namespace netsched
