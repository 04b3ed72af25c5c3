#include "gen/topo/hdn.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

#include "core/errors.hpp"
#include "core/mixed_radix.hpp"
#include "gen/topo/args.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

Hdn::Hdn(std::string family, std::unique_ptr<Product> base,
         std::vector<std::vector<std::uint32_t>> supernodes)
    : family_(std::move(family)), base_(std::move(base)) {
  const std::uint64_t n0 = base_->num_nodes();
  std::uint64_t prev = n0;
  for (auto& dims : supernodes) {
    Level L;
    std::sort(dims.begin(), dims.end());
    L.dims = dims;
    for (auto d : dims) L.s *= base_->factors()[d].size;
    L.n = prev / L.s;
    L.copies_below = prev / n0;
    L.outside = n0 / L.s;
    const std::uint64_t pairs = checked_mul(L.n, L.n, family_ + " node count");
    L.nodes =
        checked_mul(checked_mul(2, pairs, family_ + " node count"), L.s, family_ + " node count");
    check_node_cap(L.nodes, family_);
    prev = L.nodes;
    levels_.push_back(std::move(L));
  }
  nodes_ = prev;
  // Re-indexing tables: base id <-> (coordinates outside SN^i, coordinates inside SN^i).
  for (auto& L : levels_) {
    L.out_of.resize(n0);
    L.pos_of.resize(n0);
    L.base_of.resize(n0);
    for (std::uint64_t b = 0; b < n0; ++b) {
      std::uint64_t out = 0, pos = 0;
      for (std::size_t d = 0; d < base_->dims(); ++d) {
        const bool in = std::binary_search(L.dims.begin(), L.dims.end(), d);
        std::uint64_t& acc = in ? pos : out;
        acc = acc * base_->factors()[d].size + base_->coord(b, d);
      }
      L.out_of[b] = static_cast<std::uint32_t>(out);
      L.pos_of[b] = static_cast<std::uint32_t>(pos);
      L.base_of[out * L.s + pos] = static_cast<std::uint32_t>(b);
    }
  }
}

std::uint64_t Hdn::serial(std::size_t j, const Quad& q) const {
  const Level& L = levels_[j - 1];
  return ((q.c * L.n + q.U) * L.n + q.x) * L.s + q.p;
}

Hdn::Quad Hdn::quad(std::size_t j, std::uint64_t id) const {
  const Level& L = levels_[j - 1];
  Quad q;
  q.p = id % L.s;
  std::uint64_t t = id / L.s;
  q.x = t % L.n;
  t /= L.n;
  q.U = t % L.n;
  q.c = t / L.n;
  return q;
}

std::uint64_t Hdn::join(std::size_t j, std::uint64_t copy, std::uint64_t b) const {
  if (j == 0) return b;
  const Level& L = levels_[j - 1];
  const std::uint64_t hi = copy / L.copies_below, lo = copy % L.copies_below;
  const std::uint64_t x = lo * L.outside + L.out_of[b];
  return (hi * L.n + x) * L.s + L.pos_of[b];
}

std::pair<std::uint64_t, std::uint64_t> Hdn::split(std::size_t j, std::uint64_t id) const {
  if (j == 0) return {0, id};
  const Level& L = levels_[j - 1];
  const std::uint64_t p = id % L.s, t = id / L.s;
  const std::uint64_t x = t % L.n, hi = t / L.n;
  const std::uint64_t lo = x / L.outside, out = x % L.outside;
  return {hi * L.copies_below + lo, L.base_of[out * L.s + p]};
}

void Hdn::neighbors(NodeId u, std::vector<NodeId>& out) const {
  const std::size_t k = levels_.size();
  const auto [copy, b] = split(k, u.v);
  thread_local std::vector<NodeId> base_nb;
  base_->neighbors(NodeId(static_cast<std::uint32_t>(b)), base_nb);
  out.clear();
  for (NodeId v : base_nb) out.emplace_back(static_cast<std::uint32_t>(join(k, copy, v.v)));
  for (std::size_t j = 1; j <= k; ++j)
    out.emplace_back(static_cast<std::uint32_t>(cross_of(j, copy, b)));
}

std::uint64_t Hdn::cross_neighbor(std::size_t j, std::uint64_t u) const {
  const auto [copy, b] = split(k(), u);
  return cross_of(j, copy, b);
}

std::uint64_t Hdn::cross_of(std::size_t j, std::uint64_t copy, std::uint64_t b) const {
  const std::uint64_t cj = copies_at(j);
  const Quad q = quad(j, join(j, copy % cj, b));
  const auto [copy2, b2] = split(j, serial(j, {1 - q.c, q.x, q.U, q.p}));
  return join(k(), copy / cj * cj + copy2, b2);
}

std::optional<std::uint32_t> Hdn::edge_dimension(NodeId u, NodeId v) const {
  const auto [cu, bu] = split(k(), u.v);
  const auto [cv, bv] = split(k(), v.v);
  if (cu == cv)
    return base_->edge_dimension(NodeId(static_cast<std::uint32_t>(bu)),
                                 NodeId(static_cast<std::uint32_t>(bv)));
  for (std::size_t j = 1; j <= k(); ++j)
    if (cross_of(j, cu, bu) == v.v) return static_cast<std::uint32_t>(base_->dims() + j - 1);
  return std::nullopt;
}

std::uint32_t Hdn::degree(NodeId u) const {
  const auto b = split(levels_.size(), u.v).second;
  return base_->degree(NodeId(static_cast<std::uint32_t>(b))) + static_cast<std::uint32_t>(k());
}

std::uint32_t Hdn::port_degree(NodeId u) const {
  const auto b = split(levels_.size(), u.v).second;
  return base_->port_degree(NodeId(static_cast<std::uint32_t>(b))) +
         static_cast<std::uint32_t>(k());
}

std::string Hdn::label(NodeId u) const {
  if (levels_.empty()) return base_->label(u);
  const Quad q = quad(k(), u.v);
  return format_tuple({q.c, q.U, q.x, q.p});
}

NodeId Hdn::parse_label(std::string_view text) const {
  if (levels_.empty()) return base_->parse_label(text);
  const Level& L = levels_.back();
  const MixedRadix cuxp({2, static_cast<std::uint32_t>(L.n), static_cast<std::uint32_t>(L.n),
                         static_cast<std::uint32_t>(L.s)});
  const auto v =
      cuxp.compose(parse_tuple(text), family_ + " label '" + std::string(text) + "' (c,U,x,p)");
  return NodeId(static_cast<std::uint32_t>(v));
}

std::uint32_t Hdn::supernode_diameter(std::size_t i) const {
  std::uint32_t d = 0;
  for (auto dim : levels_[i - 1].dims) d += base_->factors()[dim].diameter();
  return d;
}

namespace {

/// A candidate automorphism of HDN(B,j) lifted from HDN(B,j-1)'s: sigma0 on class 0's clusters,
/// sigma1 on class 1's, tau on the positions (empty: identity), or the class swap.
struct LiftedAutomorphism {
  std::vector<std::uint32_t> sigma0, sigma1, tau;
  bool swap = false;
};

/// Where `f` sends the node of quadruple `q`.
Hdn::Quad lifted_quad(const LiftedAutomorphism& f, Hdn::Quad q) {
  if (f.swap) {
    q.c = 1 - q.c;
    return q;
  }
  if (q.c == 0) return {0, f.sigma1[q.U], f.sigma0[q.x], f.tau[q.p]};
  return {1, f.sigma0[q.U], f.sigma1[q.x], f.tau[q.p]};
}

}  // namespace

// Lifting automorphisms through one dual-construction. Let phi0, phi1 be automorphisms of the
// cluster G = HDN(B,j-1) that map level-j super-nodes to super-nodes, phi_c(x,p) =
// (sigma_c(x), tau(p)), with the same position action tau. Then
//   Phi(0,U,x,p) = (0, sigma1(U), sigma0(x), tau(p)),  Phi(1,U,x,p) = (1, sigma0(U), sigma1(x),
//   tau(p))
// is an automorphism of HDN(B,j): inside a cluster it acts by phi0 (class 0) or phi1 (class 1),
// and the cross edge (0,U,x,p)-(1,x,U,p) goes to (0,sigma1 U,sigma0 x,tau p)-(1,sigma0 x,sigma1
// U,tau p), again a cross edge. So is the class swap (c,U,x,p) -> (1-c,U,x,p). Starting from the
// base's shifts and reflections this yields candidates for every level; the caller verifies them.
std::vector<Permutation> Hdn::automorphism_candidates() const {
  auto base_cands = base_->automorphism_candidates();
  if (levels_.empty()) return base_cands;
  using Lifted = LiftedAutomorphism;
  // Explicit candidate permutations of the current cluster HDN(B,j-1).
  std::vector<std::vector<std::uint32_t>> current;
  const std::uint64_t n0 = base_->num_nodes();
  for (const auto& p : base_cands) {
    std::vector<std::uint32_t> a(n0);
    for (std::uint64_t b = 0; b < n0; ++b) a[b] = p(static_cast<std::uint32_t>(b));
    current.push_back(std::move(a));
  }
  std::vector<Lifted> top;
  for (std::size_t j = 1; j <= k(); ++j) {
    const Level& L = levels_[j - 1];
    auto g_of = [&](std::uint64_t x, std::uint64_t p) {
      return join(j - 1, x / L.outside, L.base_of[(x % L.outside) * L.s + p]);
    };
    auto xp_of = [&](std::uint64_t g) {
      const auto [copy, b] = split(j - 1, g);
      return std::pair<std::uint64_t, std::uint64_t>{copy * L.outside + L.out_of[b], L.pos_of[b]};
    };
    // Keep the candidates that respect the super-nodes with a uniform position action.
    struct Action {
      std::vector<std::uint32_t> sigma, tau;
    };
    std::map<std::vector<std::uint32_t>, std::vector<std::size_t>> by_tau;
    std::vector<Action> actions;
    std::vector<std::uint32_t> id_tau(L.s), id_sigma(L.n);
    for (std::uint32_t p = 0; p < L.s; ++p) id_tau[p] = p;
    for (std::uint32_t x = 0; x < L.n; ++x) id_sigma[x] = x;
    actions.push_back({id_sigma, id_tau});
    by_tau[id_tau].push_back(0);
    for (const auto& phi : current) {
      Action a{std::vector<std::uint32_t>(L.n), std::vector<std::uint32_t>(L.s)};
      for (std::uint64_t p = 0; p < L.s; ++p)
        a.tau[p] = static_cast<std::uint32_t>(xp_of(phi[g_of(0, p)]).second);
      for (std::uint64_t x = 0; x < L.n; ++x)
        a.sigma[x] = static_cast<std::uint32_t>(xp_of(phi[g_of(x, 0)]).first);
      bool ok = true;
      for (std::uint64_t x = 0; x < L.n && ok; ++x)
        for (std::uint64_t p = 0; p < L.s && ok; ++p)
          ok = phi[g_of(x, p)] == g_of(a.sigma[x], a.tau[p]);
      if (!ok) continue;
      by_tau[a.tau].push_back(actions.size());
      actions.push_back(std::move(a));
    }
    std::vector<Lifted> lifted;
    lifted.push_back({{}, {}, {}, true});
    auto emit = [&](std::size_t a0, std::size_t a1) {
      if (a0 == 0 && a1 == 0) return;
      if (lifted.size() >= kMaxLiftedCandidates) return;
      lifted.push_back({actions[a0].sigma, actions[a1].sigma, actions[a0].tau, false});
    };
    for (const auto& [tau, members] : by_tau) {
      for (std::size_t m : members) emit(m, m);
      for (std::size_t i = 1; i < members.size(); ++i) {
        emit(members[i], members[0]);
        emit(members[0], members[i]);
      }
    }
    if (j == k()) {
      top = std::move(lifted);
      break;
    }
    // Materialise the lifted candidates on HDN(B,j) for the next level.
    const std::uint64_t nj = L.nodes;
    std::vector<std::vector<std::uint32_t>> next;
    for (const auto& f : lifted) {
      std::vector<std::uint32_t> a(nj);
      for (std::uint64_t u = 0; u < nj; ++u) {
        a[u] = static_cast<std::uint32_t>(serial(j, lifted_quad(f, quad(j, u))));
      }
      next.push_back(std::move(a));
    }
    current = std::move(next);
  }
  std::vector<Permutation> out;
  for (auto& f : top) {
    auto shared = std::make_shared<Lifted>(std::move(f));
    out.push_back([this, shared](std::uint32_t u) {
      return static_cast<std::uint32_t>(serial(k(), lifted_quad(*shared, quad(k(), u))));
    });
  }
  return out;
}

std::unique_ptr<Hdn> build_hdn(const SpecValue& spec, BuildNetwork build_part) {
  Args a(spec);
  const bool rdn = spec.name == "rdn";
  if (rdn)
    a.expect_count(2, 2, "rdn(B,k)");
  else
    a.expect_count(1, 1, "hdn(B, sn=[{dims},...])", {"sn"});
  const SpecValue& bspec = a.network(0, "base B");
  auto built = build_part(bspec);
  std::unique_ptr<Product> base = take_as<Product>(built);
  const Product* product = base.get();
  if (!product)
    throw SpecError(bspec.column, spec.name + ": base '" + print_spec(bspec) +
                                      "' must be a product of vertex-transitive factors (ring, "
                                      "complete, hypercube, torus, ghc, or product of these)");
  for (std::size_t d = 0; d < product->dims(); ++d)
    if (!product->factors()[d].vertex_transitive())
      throw SpecError(bspec.column, spec.name + ": base dimension " + std::to_string(d) + " is " +
                                        product->factors()[d].spec() +
                                        ", which is not vertex-transitive (the dual-construction "
                                        "needs a symmetric base)");
  std::vector<std::vector<std::uint32_t>> sets;
  if (rdn) {
    sets.assign(a.integer(1, 0, 8, "k"), {});
  } else {
    const SpecValue* sn = a.named("sn");
    if (sn) {
      if (sn->kind != SpecValue::Kind::Sets)
        throw SpecError(sn->column, "hdn: sn must be a list of dimension sets such as [{0,1},{}]");
      if (sn->sets.size() > 8) throw SpecError(sn->column, "hdn: at most 8 levels");
      for (std::size_t i = 0; i < sn->sets.size(); ++i) {
        std::vector<std::uint32_t> dims;
        for (auto d : sn->sets[i]) {
          if (d >= base->dims())
            throw SpecError(sn->set_columns[i], "hdn: super-node set " + std::to_string(i + 1) +
                                                    " names dimension " + std::to_string(d) +
                                                    ", but the base has dimensions 0.." +
                                                    std::to_string(base->dims() - 1));
          if (std::find(dims.begin(), dims.end(), d) != dims.end())
            throw SpecError(sn->set_columns[i], "hdn: super-node set " + std::to_string(i + 1) +
                                                    " repeats dimension " + std::to_string(d));
          dims.push_back(static_cast<std::uint32_t>(d));
        }
        sets.push_back(std::move(dims));
      }
    }
  }
  try {
    return std::make_unique<Hdn>(spec.name, std::move(base), std::move(sets));
  } catch (const SpecError&) {
    throw;
  } catch (const InputError& e) {
    throw SpecError(spec.column, e.what());
  }
}

std::vector<std::uint32_t> Hdn::id_digits() const { return hdn_digits(*this).at.back().radix(); }

HdnDigits hdn_digits(const Hdn& h) {
  HdnDigits out;
  out.at.emplace_back(h.base().id_digits());
  out.xlen.push_back(0);
  std::vector<std::uint32_t> copy;  // C(j-1)
  for (std::size_t j = 1; j <= h.k(); ++j) {
    const Hdn::Level& L = h.level(j);
    std::vector<std::uint32_t> x = copy, pos;
    for (std::uint32_t d = 0; d < h.base().dims(); ++d) {
      const bool in = std::find(L.dims.begin(), L.dims.end(), d) != L.dims.end();
      (in ? pos : x).push_back(h.base().factors()[d].size);
    }
    std::vector<std::uint32_t> radix{2};
    radix.insert(radix.end(), x.begin(), x.end());
    radix.insert(radix.end(), x.begin(), x.end());
    radix.insert(radix.end(), pos.begin(), pos.end());
    out.at.emplace_back(std::move(radix));
    out.xlen.push_back(x.size());
    std::vector<std::uint32_t> next{2};
    next.insert(next.end(), x.begin(), x.end());
    next.insert(next.end(), copy.begin(), copy.end());
    copy = std::move(next);
  }
  return out;
}

}  // namespace netsched
