#include "gen/topo/product.hpp"

#include <algorithm>
#include <cmath>

#include "core/errors.hpp"
#include "gen/topo/args.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

std::string Factor::spec() const {
  switch (kind) {
    case Kind::Ring:
      return "ring(" + std::to_string(size) + ")";
    case Kind::Path:
      return "path(" + std::to_string(size) + ")";
    case Kind::Complete:
      return "complete(" + std::to_string(size) + ")";
  }
  return {};
}

std::uint32_t Factor::distance(std::uint32_t a, std::uint32_t b) const {
  const std::uint32_t d = a > b ? a - b : b - a;
  switch (kind) {
    case Kind::Ring:
      return std::min(d, size - d);
    case Kind::Path:
      return d;
    case Kind::Complete:
      return d ? 1 : 0;
  }
  return 0;
}

std::uint32_t Factor::diameter() const {
  switch (kind) {
    case Kind::Ring:
      return size / 2;
    case Kind::Path:
      return size - 1;
    case Kind::Complete:
      return size > 1 ? 1 : 0;
  }
  return 0;
}

bool Factor::vertex_transitive() const { return kind != Kind::Path || size <= 2; }

std::uint32_t Factor::degree(std::uint32_t c) const {
  switch (kind) {
    case Kind::Ring:
      return size >= 3 ? 2 : size - 1;
    case Kind::Path:
      return (c > 0) + (c + 1 < size);
    case Kind::Complete:
      return size - 1;
  }
  return 0;
}

std::uint32_t Factor::port_degree(std::uint32_t c) const {
  return kind == Kind::Ring && size == 2 ? 2 : degree(c);
}

double Factor::average_status() const {
  // The sum over ordered pairs of distances, divided by size: a pair's distance depends only on
  // d = |a - b|, and 2 (size - d) ordered pairs are d apart (linear, not quadratic, in size)
  double sum = 0;
  for (std::uint32_t d = 1; d < size; ++d) sum += 2.0 * (size - d) * distance(0, d);
  return sum / size;
}

Product::Product(std::string family, std::vector<Factor> factors)
    : family_(std::move(family)), factors_(std::move(factors)) {
  std::vector<std::uint32_t> radix;
  for (const Factor& f : factors_) {
    n_ = checked_mul(n_, f.size, family_ + " node count");
    radix.push_back(static_cast<std::uint32_t>(f.size));
  }
  check_node_cap(n_, family_);
  ids_ = MixedRadix(std::move(radix));
  // every coordinate of a vertex-transitive factor has the same degree: a product of such
  // factors (hypercubes, tori) answers degree() without decoding the id
  if (std::all_of(factors_.begin(), factors_.end(),
                  [](const Factor& f) { return f.vertex_transitive(); })) {
    regular_degree_ = regular_port_degree_ = 0;
    for (const Factor& f : factors_) *regular_degree_ += f.degree(0);
    for (const Factor& f : factors_) *regular_port_degree_ += f.port_degree(0);
  }
}

void Product::neighbors(NodeId u, std::vector<NodeId>& out) const {
  out.clear();
  const std::uint64_t id = u.v;
  for (std::size_t d = 0; d < factors_.size(); ++d) {
    const Factor& f = factors_[d];
    const std::uint32_t c = coord(id, d);
    const std::uint64_t base = id - c * ids_.stride(d);
    auto push = [&](std::uint32_t c2) {
      out.emplace_back(static_cast<std::uint32_t>(base + c2 * ids_.stride(d)));
    };
    switch (f.kind) {
      case Factor::Kind::Ring:
        if (f.size == 2)
          push(1 - c);
        else if (f.size >= 3) {
          push(c == 0 ? f.size - 1 : c - 1);
          push(c + 1 == f.size ? 0 : c + 1);
        }
        break;
      case Factor::Kind::Path:
        if (c > 0) push(c - 1);
        if (c + 1 < f.size) push(c + 1);
        break;
      case Factor::Kind::Complete:
        for (std::uint32_t c2 = 0; c2 < f.size; ++c2)
          if (c2 != c) push(c2);
        break;
    }
  }
}

std::uint32_t Product::degree(NodeId u) const {
  if (regular_degree_) return *regular_degree_;
  std::uint32_t s = 0;
  for (std::size_t d = 0; d < factors_.size(); ++d) s += factors_[d].degree(coord(u.v, d));
  return s;
}

std::uint32_t Product::max_degree() const {
  std::uint32_t s = 0;
  for (const Factor& f : factors_) s += std::max(f.degree(0), f.degree(f.size / 2));
  return s;
}

std::uint32_t Product::port_degree(NodeId u) const {
  if (regular_port_degree_) return *regular_port_degree_;
  std::uint32_t s = 0;
  for (std::size_t d = 0; d < factors_.size(); ++d) s += factors_[d].port_degree(coord(u.v, d));
  return s;
}

std::uint32_t Product::diameter() const {
  std::uint32_t s = 0;
  for (const auto& f : factors_) s += f.diameter();
  return s;
}

std::string Product::label(NodeId u) const {
  std::vector<std::uint64_t> c(factors_.size());
  for (std::size_t d = 0; d < c.size(); ++d) c[d] = coord(u.v, d);
  return format_tuple(c);
}

NodeId Product::parse_label(std::string_view text) const {
  return NodeId(static_cast<std::uint32_t>(
      ids_.compose(parse_tuple(text), family_ + " label '" + std::string(text) + "'")));
}

std::optional<std::uint32_t> Product::edge_dimension(NodeId u, NodeId v) const {
  std::optional<std::uint32_t> dim;
  for (std::size_t d = 0; d < factors_.size(); ++d) {
    if (coord(u.v, d) == coord(v.v, d)) continue;
    if (dim || factors_[d].distance(coord(u.v, d), coord(v.v, d)) != 1) return std::nullopt;
    dim = static_cast<std::uint32_t>(d);
  }
  return dim;
}

std::vector<std::uint32_t> Product::id_digits() const {
  std::vector<std::uint32_t> radix;
  for (const Factor& f : factors()) radix.push_back(f.size);
  return radix;
}

std::vector<Permutation> Product::automorphism_candidates() const {
  std::vector<Permutation> out;
  for (std::size_t d = 0; d < factors_.size(); ++d) {
    const Factor f = factors_[d];
    if (f.size < 2) continue;
    const std::uint64_t st = ids_.stride(d);
    auto remap = [this, d, st](std::uint32_t (*fn)(std::uint32_t, std::uint32_t),
                               std::uint32_t size) {
      return [this, d, st, fn, size](std::uint32_t u) {
        const std::uint32_t c = coord(u, d);
        return static_cast<std::uint32_t>(u - c * st + fn(c, size) * st);
      };
    };
    out.push_back(remap([](std::uint32_t c, std::uint32_t m) { return (c + 1) % m; }, f.size));
    if (f.kind == Factor::Kind::Complete)
      out.push_back(
          remap([](std::uint32_t c, std::uint32_t) { return c < 2 ? 1 - c : c; }, f.size));
    else if (f.kind == Factor::Kind::Ring)
      out.push_back(remap([](std::uint32_t c, std::uint32_t m) { return (m - c) % m; }, f.size));
    else
      out.back() = remap([](std::uint32_t c, std::uint32_t m) { return m - 1 - c; }, f.size);
  }
  for (std::size_t d = 0; d + 1 < factors_.size(); ++d) {
    if (!(factors_[d] == factors_[d + 1])) continue;
    out.push_back([this, d](std::uint32_t u) {
      const std::uint32_t a = coord(u, d), b = coord(u, d + 1);
      return static_cast<std::uint32_t>(u - a * ids_.stride(d) - b * ids_.stride(d + 1) +
                                        b * ids_.stride(d) + a * ids_.stride(d + 1));
    });
  }
  return out;
}

bool is_product_family(const std::string& name) {
  return name == "ring" || name == "path" || name == "complete" || name == "hypercube" ||
         name == "torus" || name == "mesh" || name == "ghc" || name == "product";
}

namespace {

constexpr std::uint64_t kMaxDims = 64;

std::vector<Factor> factors_of(const SpecValue& spec) {
  Args a(spec);
  const std::string& n = spec.name;
  std::vector<Factor> out;
  auto side = [&](std::size_t i, const char* what) {
    return static_cast<std::uint32_t>(a.integer(i, 1, kMaxNodes, what));
  };
  if (n == "ring" || n == "path" || n == "complete") {
    a.expect_count(1, 1, n + "(n)");
    const auto kind = n == "ring"   ? Factor::Kind::Ring
                      : n == "path" ? Factor::Kind::Path
                                    : Factor::Kind::Complete;
    out.push_back({kind, side(0, "n")});
  } else if (n == "hypercube") {
    a.expect_count(1, 1, "hypercube(n)");
    const auto dims = a.integer(0, 1, 32, "dimension n");
    out.assign(dims, Factor{Factor::Kind::Complete, 2});
  } else if (n == "torus" || n == "mesh" || n == "ghc") {
    a.expect_count(1, kMaxDims, n + "(n1,...,nk) with 1 to 64 sides");
    const auto kind = n == "torus"  ? Factor::Kind::Ring
                      : n == "mesh" ? Factor::Kind::Path
                                    : Factor::Kind::Complete;
    for (std::size_t i = 0; i < a.count(); ++i) out.push_back({kind, side(i, "side")});
  } else if (n == "product") {
    a.expect_count(1, kMaxDims, "product(G1,...,Gk)");
    for (std::size_t i = 0; i < a.count(); ++i) {
      const SpecValue& g = a.network(i, "factor");
      if (!is_product_family(g.name))
        throw SpecError(g.column, "product: factor '" + print_spec(g) +
                                      "' is not a ring, path, complete graph or product of these");
      auto sub = factors_of(g);
      out.insert(out.end(), sub.begin(), sub.end());
    }
    if (out.size() > kMaxDims) throw SpecError(spec.column, "product: more than 64 dimensions");
  }
  return out;
}

}  // namespace

std::unique_ptr<Product> build_product(const SpecValue& spec) {
  auto factors = factors_of(spec);
  try {
    return std::make_unique<Product>(spec.name, std::move(factors));
  } catch (const SpecError&) {
    throw;
  } catch (const InputError& e) {
    throw SpecError(spec.column, e.what());
  }
}

}  // namespace netsched
