#pragma once
/// Digit boxes: compact sets of node ids. A schedule may declare a mixed radix for its node ids
/// (digit 0 most significant, the product of the radices = N); a box then gives every digit a
/// set of allowed values, and holds the ids whose digits all lie in their sets. Hierarchical
/// networks number their nodes digit by digit, so the destination sets of packed exchanges
/// (a cluster, a super-node position, "agrees with me below dimension d") are single boxes
/// where a list of id ranges would need thousands of entries.
///
/// A box is stored as bit masks, digit after digit: digit i owns the bits [first(i), first(i) +
/// radix) of the box's words; a digit of at most 64 values never straddles two words, a larger
/// one starts a word of its own. (The 9 digits of a 12,000-node HDN fit in one word.)
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/errors.hpp"
#include "core/mixed_radix.hpp"

namespace netsched {

/// A mixed radix of node ids with the bit layout of its boxes.
class Digits : public MixedRadix {
 public:
  Digits() = default;
  /// Throws InputError for a zero radix or a product above 2^32.
  explicit Digits(std::vector<std::uint32_t> radix);

  /// Words of a box.
  std::size_t words() const { return words_; }
  /// The first bit of digit i.
  std::size_t first(std::size_t digit) const { return first_[digit]; }
  /// Calls fn(word, mask) for the words holding digit i's bits (precomputed: the box engines
  /// call this in their innermost loops).
  template <class F>
  void for_each_word(std::size_t digit, F&& fn) const {
    for (std::size_t s = span_off_[digit]; s < span_off_[digit + 1]; ++s)
      fn(spans_[s].word, spans_[s].mask);
  }
  bool operator==(const Digits& o) const { return radix() == o.radix(); }

 private:
  std::vector<std::size_t> first_;
  struct Span {
    std::size_t word;
    std::uint64_t mask;
  };
  std::vector<Span> spans_;            // per digit, its words and masks
  std::vector<std::size_t> span_off_;  // digit -> its spans
  std::size_t words_ = 0;
};

/// A set of ids of a Digits radix: per digit, a mask of allowed values.
struct DigitBox {
  std::vector<std::uint64_t> w;
  bool operator==(const DigitBox&) const = default;
};

/// Every id.
DigitBox full_box(const Digits& d);
/// The single id v.
DigitBox point_box(const Digits& d, std::uint64_t v);
/// Allows exactly `values` for digit i (the others unchanged).
void set_digit(const Digits& d, DigitBox& b, std::size_t i,
               const std::vector<std::uint32_t>& values);
/// The allowed values of digit i, increasing.
std::vector<std::uint32_t> digit_values(const Digits& d, const DigitBox& b, std::size_t i);
bool allows(const Digits& d, const DigitBox& b, std::size_t i, std::uint32_t value);
bool contains(const Digits& d, const DigitBox& b, std::uint64_t v);
bool contains(const Digits& d, const std::uint64_t* b, std::uint64_t v);
/// Whether some digit allows nothing.
bool is_empty(const Digits& d, const std::uint64_t* b);
/// out = a & b; returns whether the result is non-empty.
bool intersect(const Digits& d, const std::uint64_t* a, const std::uint64_t* b, std::uint64_t* out);
/// The number of ids in the box.
std::uint64_t volume(const Digits& d, const std::uint64_t* b);
/// Appends disjoint boxes whose union is a \ b (at most one per digit).
void subtract(const Digits& d, const DigitBox& a, const DigitBox& b, std::vector<DigitBox>& out);
/// Appends disjoint boxes whose union is the ids lo..hi.
void range_boxes(const Digits& d, std::uint64_t lo, std::uint64_t hi, std::vector<DigitBox>& out);
/// Rewrites a list of boxes into a canonical-ish form with the same union: boxes that differ in
/// one digit only are merged (repeatedly), then sorted. Equal results mean equal unions (the
/// converse need not hold).
void merge_boxes(const Digits& d, std::vector<DigitBox>& boxes);
/// Calls fn for every id of the box, increasing.
void for_each_id(const Digits& d, const DigitBox& b, const std::function<void(std::uint64_t)>& fn);
/// "[1,*,[0,2]]"-style text of a box, for messages and tests.
std::string to_string(const Digits& d, const DigitBox& b);

}  // namespace netsched
