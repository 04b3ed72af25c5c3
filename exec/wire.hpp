#pragma once
/// The bytes the executor moves: chunk contents and the message layout.
///
/// Why a content function: every byte of chunk c is a function of (c, offset), so a receiver
/// can tell a misplaced, stale or corrupted chunk from the right one without being told, and
/// the final buffers can be compared byte for byte with what MPI's own collective produces from
/// the same inputs (MPI_Alltoall, MPI_Allgather, ... are fed buffers filled by this function).
///
/// A selector's chunk message is [count: u64][ids: count x u64][data: count x m bytes]: the ids
/// travel because a selector payload is resolved by the sender alone. A listed payload's message
/// is its data alone: the receiver knows the ids from the schedule, as MPI's own collectives
/// know their blocks, so the two move the same bytes. Either way the receiver checks each
/// chunk's bytes against its id. A register message is, per distinct source register of the
/// payload's moves in the order they first appear (ExecPlan::register_layout; one a register
/// however many moves read it), the register's m / 8 lanes of i64: a register is a vector of m
/// bytes, combined lane by lane.
#include <cstdint>
#include <cstring>
#include <span>

namespace netsched::exec {

/// splitmix64's constants (Steele, Lea and Flood 2014): the golden-ratio increment, its two
/// multipliers and shifts.
inline constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;
inline constexpr std::uint64_t kMixMultiplier1 = 0xbf58476d1ce4e5b9ULL;
inline constexpr std::uint64_t kMixMultiplier2 = 0x94d049bb133111ebULL;
inline constexpr unsigned kMixShift1 = 30, kMixShift2 = 27, kMixShift3 = 31;
/// The FNV-1a 64-bit prime: spreads chunk ids before the words of a chunk are numbered.
inline constexpr std::uint64_t kChunkSpread = 0x100000001b3ULL;
/// Salts register inputs apart from chunk contents.
inline constexpr std::uint64_t kRegisterSalt = 0x5eedULL;

/// splitmix64: the mixing function behind chunk contents and register inputs.
inline std::uint64_t mix64(std::uint64_t x) {
  x += kGoldenGamma;
  x = (x ^ (x >> kMixShift1)) * kMixMultiplier1;
  x = (x ^ (x >> kMixShift2)) * kMixMultiplier2;
  return x ^ (x >> kMixShift3);
}

/// Writes chunk c's content into out (its size is the chunk size m).
inline void fill_chunk(std::uint64_t chunk, std::span<std::uint8_t> out) {
  constexpr std::size_t kWord = sizeof(std::uint64_t);
  for (std::size_t k = 0; k < out.size(); k += kWord) {
    const std::uint64_t word = mix64(chunk * kChunkSpread + k / kWord);
    std::memcpy(out.data() + k, &word, std::min(kWord, out.size() - k));
  }
}

/// The first offset at which `bytes` differs from chunk c's content, or -1 when it does not.
inline std::int64_t first_wrong_byte(std::uint64_t chunk, std::span<const std::uint8_t> bytes) {
  constexpr std::size_t kWord = sizeof(std::uint64_t);
  for (std::size_t k = 0; k < bytes.size(); k += kWord) {
    const std::uint64_t word = mix64(chunk * kChunkSpread + k / kWord);
    std::uint8_t want[kWord];
    std::memcpy(want, &word, kWord);
    for (std::size_t b = 0; b < kWord && k + b < bytes.size(); ++b)
      if (bytes[k + b] != want[b]) return static_cast<std::int64_t>(k + b);
  }
  return -1;
}

/// Lane `lane` of register input number k of a run (small integers, so sums and products are
/// exact). A register of m bytes has m / 8 lanes; lane 0 is the scalar the papers' model has.
inline std::int64_t register_input(std::uint64_t k, std::uint64_t lane = 0) {
  constexpr std::uint64_t kSpread = 2001, kOffset = 1000, kLaneSalt = kGoldenGamma;
  return static_cast<std::int64_t>(mix64((k ^ kRegisterSalt) + lane * kLaneSalt) % kSpread) -
         static_cast<std::int64_t>(kOffset);
}

/// Bytes of the header of a chunk message (count and ids; none for a listed payload): the rest
/// is chunk data.
inline std::uint64_t chunk_header_bytes(std::uint64_t count, bool selector) {
  return selector ? sizeof(std::uint64_t) * (1 + count) : 0;
}
/// Bytes of a chunk message carrying `count` chunks of m bytes.
inline std::uint64_t chunk_message_bytes(std::uint64_t count, std::uint64_t m, bool selector) {
  return chunk_header_bytes(count, selector) + count * m;
}

}  // namespace netsched::exec
