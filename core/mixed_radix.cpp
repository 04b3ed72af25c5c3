// MixedRadix (core/mixed_radix.hpp): strides computed once, digits joined with range checks.
#include "core/mixed_radix.hpp"

#include <limits>

namespace netsched {

MixedRadix::MixedRadix(std::vector<std::uint32_t> radix) : radix_(std::move(radix)) {
  for (auto r : radix_) {
    if (r == 0) throw InputError("a digit radix must be at least 1");
    if (total_ > std::numeric_limits<std::uint64_t>::max() / r)
      throw InputError("digit radices multiply to more than 2^64");
    total_ *= r;
  }
  stride_.assign(radix_.size(), 1);
  for (std::size_t i = radix_.size(); i-- > 1;) stride_[i - 1] = stride_[i] * radix_[i];
}

std::uint64_t MixedRadix::compose(const std::vector<std::uint64_t>& digits,
                                  const std::string& what) const {
  if (digits.size() != radix_.size())
    throw InputError(what + ": expected " + std::to_string(radix_.size()) + " components, got " +
                     std::to_string(digits.size()));
  std::uint64_t v = 0;
  for (std::size_t i = 0; i < digits.size(); ++i) {
    if (digits[i] >= radix_[i])
      throw InputError(what + ": component " + std::to_string(i) + " is " +
                       std::to_string(digits[i]) + ", must be below " + std::to_string(radix_[i]));
    v += digits[i] * stride_[i];
  }
  return v;
}

}  // namespace netsched
