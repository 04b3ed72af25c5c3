// Recursive routing on MFC, HFC, HSN and RHS (RHFC paper §2.1 Case 1/2, Lemma 3.1, Thm 3.2).
// At level i, x and y in level-i clusters a != b: walk inside a's cluster to the node x' whose
// level-i link enters b, take the link to y', walk inside b's cluster to y. For HFC and HSN x'
// lies in x's own nucleus, so the first walk is a nucleus walk. Nucleus routes use the
// nucleus's own router (recursively for RHS).
#include "gen/route/router.hpp"
#include "gen/topo/hsn.hpp"
#include "gen/topo/mfc.hpp"

namespace netsched {
namespace {

class RhfcRouter : public Router {
 public:
  RhfcRouter(const Mfc* m, const Hsn* h) : mfc_(m), hsn_(h) {
    const Topology& nucleus = m ? m->nucleus() : h->nucleus();
    nucleus_router_ = make_router(nucleus, "auto");
    levels_ = m ? m->levels() : h->levels();
    m1_ = nucleus.num_nodes();
    std::uint64_t p = 1;
    for (std::uint32_t i = 1; i <= levels_; ++i) {
      pow_.push_back(p);
      p *= radix(i);
    }
  }
  std::string name() const override {
    return hsn_ ? "hsn-routing" : (mfc_->hfc() ? "hfc-routing" : "mfc-routing");
  }
  void route(std::uint32_t u, std::uint32_t v, std::vector<std::uint32_t>& path) const override {
    path.assign(1, u);
    walk(levels_, u, v, path);
  }

 private:
  const Mfc* mfc_;
  const Hsn* hsn_;
  std::unique_ptr<Router> nucleus_router_;
  std::uint32_t levels_;
  std::uint64_t m1_;
  std::vector<std::uint64_t> pow_;

  std::uint64_t radix(std::uint32_t i) const { return mfc_ ? mfc_->count(i) : hsn_->radix(); }
  std::uint64_t digit(std::uint64_t x, std::uint32_t i) const { return x / pow_[i - 1] % radix(i); }
  std::uint64_t with_digit(std::uint64_t x, std::uint32_t i, std::uint64_t d) const {
    return x - digit(x, i) * pow_[i - 1] + d * pow_[i - 1];
  }

  void walk(std::uint32_t i, std::uint64_t a, std::uint64_t b, std::vector<std::uint32_t>& out) const {
    if (a == b) return;
    if (i == 1) {
      std::vector<std::uint32_t> np;
      nucleus_router_->route(static_cast<std::uint32_t>(a % m1_), static_cast<std::uint32_t>(b % m1_), np);
      const std::uint64_t rest = a - a % m1_;
      for (std::size_t k = 1; k < np.size(); ++k) out.push_back(static_cast<std::uint32_t>(rest + np[k]));
      return;
    }
    const std::uint64_t ca = digit(a, i), cb = digit(b, i);
    if (ca == cb) {
      walk(i - 1, a, b, out);
      return;
    }
    std::uint64_t x1, y1;  // the link's end points
    if (hsn_) {
      x1 = with_digit(a, 1, cb);
      y1 = with_digit(with_digit(x1, i, cb), 1, ca);
    } else {
      const std::uint64_t t = cb - (cb > ca), t2 = ca - (ca > cb);
      if (mfc_->hfc()) {
        x1 = with_digit(a, 1, t);
        y1 = with_digit(with_digit(x1, i, cb), 1, t2);
      } else {
        x1 = a - a % pow_[i - 1] + t;
        y1 = with_digit(b - b % pow_[i - 1] + t2, i, cb);
      }
    }
    walk(i - 1, a, x1, out);
    out.push_back(static_cast<std::uint32_t>(y1));
    walk(i - 1, y1, b, out);
  }
};

}  // namespace

std::unique_ptr<Router> make_rhfc_router(const Topology& t) {
  return std::make_unique<RhfcRouter>(dynamic_cast<const Mfc*>(&t), dynamic_cast<const Hsn*>(&t));
}

}  // namespace netsched
