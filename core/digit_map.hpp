#pragma once
/// Digit maps: how packed exchanges name what they carry as digit boxes (core/digits.hpp), and
/// how the symmetric checker maps a schedule's selectors along a node permutation.
/// A map sends the ids of one digit system to boxes of another, digit by digit: every target
/// digit is free, a constant, or a permutation of one source digit. The image of a box is then
/// a box, and exactly the union of its ids' images when no source digit feeds two target digits
/// (checked on construction). The HDN exchange composes them: "the destinations owned by
/// local node g of this cluster" is embedding, then ownership at the level above, then above.
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "core/digits.hpp"

namespace netsched {

class DigitMap {
 public:
  struct Rule {
    enum class Kind { Free, Const, Copy } kind = Kind::Free;
    std::uint32_t value = 0;          ///< Const
    std::size_t src = 0;              ///< Copy: the source digit
    std::vector<std::uint32_t> perm;  ///< Copy: value map, a permutation (empty = identity)
  };
  /// Throws std::logic_error if a rule does not fit the digits or a source digit feeds two
  /// target digits.
  DigitMap(Digits from, Digits to, std::vector<Rule> rules);
  static DigitMap identity(const Digits& d);
  /// The map of f, which must be digit-wise with constant or permuted digits (every id of
  /// `from` is checked); throws std::logic_error otherwise.
  static DigitMap probe(const Digits& from, const Digits& to,
                        const std::function<std::uint64_t(std::uint64_t)>& f);

  DigitBox apply(const DigitBox& b) const;
  /// The id f(v) of a map whose rules are all Copy or Const.
  std::uint64_t map_point(std::uint64_t v) const;
  DigitBox apply_point(std::uint64_t v) const { return apply(point_box(from_, v)); }
  /// `next` after this.
  DigitMap then(const DigitMap& next) const;
  const Digits& from() const { return from_; }
  const Digits& to() const { return to_; }

 private:
  Digits from_, to_;
  std::vector<Rule> rules_;
};

/// A bijection of ids that is digit-wise on each slice {digit 0 = a} of the ids (one DigitMap
/// per value a), or on all ids at once (one piece). Hierarchical families number a node's class
/// or top-level position first, and their symmetries often act differently per class (the HDN's
/// (σ0, σ1) lifts act on a class-0 node's cluster digits by σ1 and on a class-1 node's by σ0).
class SlicedDigitMap {
 public:
  /// f in this form on `d`, digit-wise if it is, else sliced by digit 0; nullopt if neither,
  /// or if f is not a bijection of 0..N-1 (checked on every id).
  static std::optional<SlicedDigitMap> probe(const Digits& d,
                                             const std::function<std::uint64_t(std::uint64_t)>& f);
  std::uint64_t map_point(std::uint64_t v) const {
    return pieces_[pieces_.size() == 1 ? 0 : d_.digit(v, 0)].map_point(v);
  }
  /// Appends the image of a box: one box per piece the box meets.
  void apply(const DigitBox& b, std::vector<DigitBox>& out) const;
  bool sliced() const { return pieces_.size() > 1; }

 private:
  SlicedDigitMap(Digits d, std::vector<DigitMap> pieces)
      : d_(std::move(d)), pieces_(std::move(pieces)) {}
  Digits d_;
  std::vector<DigitMap> pieces_;
};

}  // namespace netsched
