// Dimakopoulos Algorithm A2 (Fig. 3) for G = A x B, B the last dimension, recursively on A:
//   for r in V_A: in every line B_i at once, total exchange in B where (v_i,u_j) sends to
//                 (v_i,u_k) its message for (v_r,u_k);
//   for k in V_B: in every copy A_j at once, total exchange in A where (v_i,u_j) sends to
//                 (v_l,u_j) the message of (v_i,u_k) for (v_l,u_j) (received in the first part).
// Time n_1 T_B + n_2 T_A (Theorem 2); with factor exchanges that take AS(G_i) steps it takes
// AS(G) (Theorem 3). Any product works: a factor that is a ring, path or complete graph uses
// its closed-form exchange, a factor that is a product of these uses A2, any other factor the
// greedy exchange (gen/exchange/greedy_exchange.cpp); the composed schedule is checked as a whole.
#include <functional>

#include "core/errors.hpp"
#include "gen/exchange/total_exchange.hpp"
#include "gen/topo/network_product.hpp"
#include "gen/topo/product.hpp"

namespace netsched {
namespace {

/// A product as A2 sees it: per dimension its size, id stride and unit exchange.
struct ProductShape {
  std::vector<std::uint64_t> size, stride;
  std::vector<FactorExchange> exchange;
};

ProductShape shape_of(const Network& t) {
  ProductShape s;
  if (const auto* p = network_as<Product>(t)) {
    for (std::size_t d = 0; d < p->dims(); ++d) {
      s.size.push_back(p->factors()[d].size);
      s.stride.push_back(p->stride(d));
      s.exchange.push_back(factor_total_exchange(p->factors()[d]));
    }
    return s;
  }
  const auto* q = network_as<NetworkProduct>(t);
  if (!q) throw InputError("a2 applies to products, not to " + t.family());
  for (std::size_t d = 0; d < q->dims(); ++d) {
    s.size.push_back(q->factor(d).num_nodes());
    s.stride.push_back(q->stride(d));
    s.exchange.push_back(network_factor_exchange(q->factor(d)));
  }
  return s;
}

class A2 {
 public:
  explicit A2(ProductShape shape) : p_(std::move(shape)) {}

  // Total exchange among the nodes base + (coordinates over dims[0..k)); msg(x, y) is the chunk
  // that local node x sends to local node y (locals are mixed radix over dims, first most
  // significant). Steps are merged into `out` from `offset` on; returns the steps used.
  std::size_t run(std::size_t k, std::uint64_t base,
                  const std::function<std::uint64_t(std::uint64_t, std::uint64_t)>& msg,
                  UnitSteps& out, std::size_t offset) const {
    const std::uint32_t b = static_cast<std::uint32_t>(k - 1);  // dimension of B
    const std::uint64_t n2 = p_.size[b], stb = p_.stride[b];
    const FactorExchange& fb = p_.exchange[b];
    if (k == 1) {
      grow(out, offset + fb.size());
      for (std::size_t s = 0; s < fb.size(); ++s)
        for (const auto& h : fb[s])
          out[offset + s].emplace_back(static_cast<std::uint32_t>(base + h.from * stb),
                                       static_cast<std::uint32_t>(base + h.to * stb),
                                       msg(h.orig, h.dest));
      return fb.size();
    }
    std::uint64_t n1 = 1;
    for (std::uint32_t d = 0; d < b; ++d) n1 *= p_.size[d];
    auto embed_a = [&](std::uint64_t i) {  // local index over dims[0..b) -> id offset
      std::uint64_t id = 0;
      for (std::uint32_t d = b; d-- > 0;) {
        id += (i % p_.size[d]) * p_.stride[d];
        i /= p_.size[d];
      }
      return id;
    };
    std::size_t t = offset;
    // Part 1: n1 rounds of exchanges inside every line B_i.
    for (std::uint64_t r = 0; r < n1; ++r) {
      grow(out, t + fb.size());
      for (std::uint64_t i = 0; i < n1; ++i) {
        const std::uint64_t line = base + embed_a(i);
        for (std::size_t s = 0; s < fb.size(); ++s)
          for (const auto& h : fb[s])
            out[t + s].emplace_back(static_cast<std::uint32_t>(line + h.from * stb),
                                    static_cast<std::uint32_t>(line + h.to * stb),
                                    msg(i * n2 + h.orig, r * n2 + h.dest));
      }
      t += fb.size();
    }
    // Part 2: n2 rounds of exchanges inside every copy A_j, recursively.
    for (std::uint64_t kk = 0; kk < n2; ++kk) {
      std::size_t used = 0;
      for (std::uint64_t j = 0; j < n2; ++j)
        used = run(
            k - 1, base + j * stb,
            [&, kk, j](std::uint64_t x, std::uint64_t y) { return msg(x * n2 + kk, y * n2 + j); },
            out, t);
      t += used;
    }
    return t - offset;
  }

 private:
  ProductShape p_;
  static void grow(UnitSteps& out, std::size_t size) {
    if (out.size() < size) out.resize(size);
  }
};

/// Steps of A2 over dims[0..k): T_1 for one dimension, else n1 T_B + n2 T_(A).
std::uint64_t a2_step_count(const ProductShape& p, std::size_t k) {
  const std::size_t b = k - 1;
  const std::uint64_t tb = p.exchange[b].size();
  if (k == 1) return tb;
  std::uint64_t n1 = 1;
  for (std::size_t d = 0; d < b; ++d) n1 *= p.size[d];
  return n1 * tb + p.size[b] * a2_step_count(p, k - 1);
}

}  // namespace

UnitSteps a2_total_exchange(const Network& t) {
  ProductShape shape = shape_of(t);
  const std::size_t dims = shape.size.size();
  const std::uint64_t n = t.num_nodes();
  UnitSteps out;
  A2(std::move(shape))
      .run(
          dims, 0, [n](std::uint64_t x, std::uint64_t y) { return x * n + y; }, out, 0);
  return out;
}

std::uint64_t a2_steps(const Network& t) {
  const ProductShape shape = shape_of(t);
  return a2_step_count(shape, shape.size.size());
}

FactorExchange network_factor_exchange(const Network& factor) {
  const auto* p = network_as<Product>(factor);
  if (p && p->dims() == 1) return factor_total_exchange(p->factors()[0]);
  if (!p) return greedy_unit_exchange(factor);
  FactorExchange out;
  const std::uint64_t n = factor.num_nodes();
  for (const auto& step : a2_total_exchange(factor)) {
    out.emplace_back();
    for (const auto& [from, to, chunk] : step)
      out.back().push_back(
          {from, to, static_cast<std::uint32_t>(chunk / n), static_cast<std::uint32_t>(chunk % n)});
  }
  return out;
}

}  // namespace netsched
