#pragma once
/// Why: node ids of products and hierarchical networks are mixed-radix numbers (digit 0 most
/// significant), and labels are their digit tuples. One type splits ids into digits and joins
/// digits into ids, so products, digit boxes and label parsers cannot each get it subtly wrong.
#include <cstdint>
#include <string>
#include <vector>

#include "core/errors.hpp"

namespace netsched {

class MixedRadix {
 public:
  MixedRadix() = default;
  /// Throws InputError for a zero radix or a product of the radices above 2^64.
  explicit MixedRadix(std::vector<std::uint32_t> radix);

  const std::vector<std::uint32_t>& radix() const { return radix_; }
  std::size_t size() const { return radix_.size(); }
  bool empty() const { return radix_.empty(); }
  /// The product of the radices: how many numbers there are.
  std::uint64_t total() const { return total_; }
  std::uint64_t stride(std::size_t i) const { return stride_[i]; }
  /// Digit i of v.
  std::uint32_t digit(std::uint64_t v, std::size_t i) const {
    return static_cast<std::uint32_t>(v / stride_[i] % radix_[i]);
  }
  /// The number with these digits (first most significant); InputError naming `what` when
  /// their count differs from size() or one is not below its radix.
  std::uint64_t compose(const std::vector<std::uint64_t>& digits, const std::string& what) const;
  bool operator==(const MixedRadix& o) const { return radix_ == o.radix_; }

 private:
  std::vector<std::uint32_t> radix_;
  std::vector<std::uint64_t> stride_;
  std::uint64_t total_ = 1;
};

}  // namespace netsched
