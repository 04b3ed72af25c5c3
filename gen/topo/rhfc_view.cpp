#include "gen/topo/rhfc_view.hpp"

#include <typeinfo>

#include "core/errors.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

RhfcView::RhfcView(const Network& t) : mfc_(network_as<Mfc>(t)), hsn_(network_as<Hsn>(t)) {
  if (!mfc_ && !hsn_) throw InputError(t.spec() + " is not an MFC, HFC, HSN or RHS network");
  levels_ = mfc_ ? mfc_->levels() : hsn_->levels();
  std::uint64_t p = 1;
  for (std::uint32_t i = 1; i <= levels_; ++i) {
    pow_.push_back(p);
    p *= radix(i);
  }
  pow_.push_back(p);
}

std::pair<std::uint64_t, std::uint64_t> RhfcView::link(std::uint64_t u, std::uint32_t i,
                                                       std::uint64_t b) const {
  const std::uint64_t a = digit(u, i);
  if (hsn_) {  // the swap link of the nucleus node X_1 = b: (.., a, .., b) ~ (.., b, .., a)
    const std::uint64_t x = with_digit(u, 1, b);
    return {x, with_digit(with_digit(x, i, b), 1, a)};
  }
  // Node t of cluster a links to cluster b = t + (t >= a), arriving at index a - (a > b).
  const std::uint64_t t = b - (b > a), t2 = a - (a > b);
  if (mfc_->hfc()) {
    const std::uint64_t x = with_digit(u, 1, t);
    return {x, with_digit(with_digit(x, i, b), 1, t2)};
  }
  const std::uint64_t cluster = u - u % pow_[i - 1];  // u with the digits below i cleared
  return {cluster + t, with_digit(cluster, i, b) + t2};
}

}  // namespace netsched
