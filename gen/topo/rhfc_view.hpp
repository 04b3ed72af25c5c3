#pragma once
/// One view of the digit structure shared by MFC, HFC and HSN/RHS, so that the RHFC routing and
/// broadcast recursions compute levels, digits and level-i links in one place.
#include <cstdint>
#include <utility>
#include <vector>

#include "core/errors.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"

namespace netsched {

class RhfcView {
 public:
  /// Throws InputError unless t is an Mfc or an Hsn.
  explicit RhfcView(const Network& t);
  std::uint32_t levels() const { return levels_; }
  std::uint64_t radix(std::uint32_t i) const { return mfc_ ? mfc_->count(i) : hsn_->radix(); }
  /// Weight of digit i in a serial id (1 for the nucleus digit); weight(i+1) = nodes of a
  /// level-(i+1) cluster.
  std::uint64_t weight(std::uint32_t i) const { return pow_[i - 1]; }
  std::uint64_t digit(std::uint64_t x, std::uint32_t i) const { return x / pow_[i - 1] % radix(i); }
  std::uint64_t with_digit(std::uint64_t x, std::uint32_t i, std::uint64_t d) const {
    return x - digit(x, i) * pow_[i - 1] + d * pow_[i - 1];
  }
  const Network& nucleus() const { return mfc_ ? mfc_->nucleus() : hsn_->nucleus(); }
  /// Whether every nucleus links once to each other level-i cluster (HFC, HSN) rather than every
  /// level-i cluster (MFC).
  bool per_nucleus() const { return hsn_ || mfc_->hfc(); }
  /// The level-i link (x, y) from u's level-i cluster into cluster b != digit(u, i): x lies in
  /// u's nucleus (HFC, HSN) or u's level-i cluster (MFC), y in cluster b.
  std::pair<std::uint64_t, std::uint64_t> link(std::uint64_t u, std::uint32_t i,
                                               std::uint64_t b) const;

 private:
  const Mfc* mfc_;
  const Hsn* hsn_;
  std::uint32_t levels_;
  std::vector<std::uint64_t> pow_;
};

}  // namespace netsched
