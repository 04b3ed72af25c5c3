#pragma once
/// Packed (message-combining) exchanges, used on their own and inside the HDN total exchange.
/// Every chunk has an owner: the node that must receive it at the end of the exchange. Owners
/// are given by the set of final destinations each collects (for a plain total exchange, a
/// node owns itself), as a digit map from the exchange's local ids to boxes of destinations.
#include <functional>
#include <vector>

#include "core/digit_map.hpp"
#include "core/schedule.hpp"
#include "gen/plan/schedule_kit.hpp"

namespace netsched {

class Product;

/// Who holds blocks for whom: holds(a, b) = local node a holds blocks of owner b. Rules compose
/// (the HDN exchange's stages are rules over the stage before), so no N x N table is needed.
using Holds = std::function<bool(std::uint64_t, std::uint64_t)>;

/// A rows x cols bit table (which local node holds blocks for which owner).
class BitMatrix {
 public:
  BitMatrix(std::uint64_t rows, std::uint64_t cols)
      : cols_(cols), words_((cols + 63) / 64), bits_(static_cast<std::size_t>(rows * words_), 0) {}
  bool get(std::uint64_t r, std::uint64_t c) const {
    return bits_[r * words_ + c / 64] >> (c % 64) & 1;
  }
  void set(std::uint64_t r, std::uint64_t c) {
    bits_[r * words_ + c / 64] |= std::uint64_t{1} << (c % 64);
  }
  void clear(std::uint64_t r, std::uint64_t c) {
    bits_[r * words_ + c / 64] &= ~(std::uint64_t{1} << (c % 64));
  }
  std::uint64_t cols() const { return cols_; }
  std::uint64_t rows() const { return words_ ? bits_.size() / words_ : 0; }

 private:
  std::uint64_t cols_, words_;
  std::vector<std::uint64_t> bits_;
};

/// The digits of a product's node ids: its factor sizes (dimension 0 is the most significant).
Digits product_digits(const Product& p);

/// Dimension-ordered packed exchange inside one copy of the product `p`: local node b (a base id)
/// is global node embed(b), (*holds)(b, w) says b starts with a block for owner w (nullptr:
/// every node holds a block for every other owner, and every factor is a ring or complete —
/// then node 0's blocks stand for all by translation, O(N) memory), and owner w
/// collects the destinations owners.apply_point(w) (a box of the schedule's digits). In
/// dimension d each node sends along its line the blocks whose owner agrees with it on
/// dimensions < d and differs in d: directly for complete factors (and rings of at most 3),
/// m-1 steps; by clockwise then counter-clockwise pipelines for rings (m-1 steps); by right
/// then left pipelines for paths (2(m-1) steps). A direction's first step takes chunks acquired
/// in `window` or during the earlier dimensions; pipeline steps forward only what arrived in
/// the step before. The generator follows the blocks owner by owner, so a transfer exists only
/// when it carries something; its selector is the box of the owners it may carry (those that
/// agree with the sender below d and lie ahead in d), which admits exactly the blocks it carries
/// among what the sender holds in the window. Steps start
/// at `first`; returns the number of steps the exchange takes (the same for every copy).
std::size_t packed_product_exchange(const Product& p,
                                    const std::function<std::uint32_t(std::uint64_t)>& embed,
                                    const DigitMap& owners, const Holds* holds,
                                    const std::vector<TimeRange>& window, Schedule& s,
                                    std::size_t first);

/// Whether the translation form applies to a plain exchange on `p` (rings and complete
/// factors only).
bool translation_invariant(const Product& p);

/// Steps of packed_product_exchange on `p` (sum over factors: m-1, or 2(m-1) for paths).
std::size_t packed_exchange_steps(const Product& p);

}  // namespace netsched
