#pragma once
/// Cartesian products of rings, paths and complete graphs: ring, path, complete, hypercube,
/// torus, mesh, ghc and product(...) of these. Node ids are mixed-radix coordinate tuples with
/// dimension 0 most significant. ring(2) is the simple graph K_2 (one link); the papers' count
/// of a 2-node ring as two links is reported by port_degree(), never folded into degree().
#include <memory>
#include <optional>

#include "core/mixed_radix.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

/// One dimension of a product.
struct Factor {
  enum class Kind { Ring, Path, Complete };
  Kind kind = Kind::Ring;
  std::uint32_t size = 1;
  /// Spec text of this factor alone, e.g. "ring(5)".
  std::string spec() const;
  /// Simple-graph distance between coordinates a and b.
  std::uint32_t distance(std::uint32_t a, std::uint32_t b) const;
  /// Largest distance within the factor.
  std::uint32_t diameter() const;
  /// Whether all coordinates look alike (rings, complete graphs, paths of at most 2 nodes).
  bool vertex_transitive() const;
  /// Simple-graph degree of coordinate c.
  std::uint32_t degree(std::uint32_t c) const;
  /// Link count of coordinate c as the papers count it (a 2-node ring has two links).
  std::uint32_t port_degree(std::uint32_t c) const;
  /// Sum of distances from every coordinate to every other, divided by size (average status).
  double average_status() const;
  bool operator==(const Factor&) const = default;
};

class Product : public Network {
 public:
  Product(std::string family, std::vector<Factor> factors);
  std::string family() const override { return family_; }
  /// Whether this is hypercube(n) (the product of n K_2).
  bool is_hypercube() const { return family_ == "hypercube"; }
  /// Built as ghc(...) (every factor complete) or torus(...) (every factor a ring).
  bool is_ghc() const { return family_ == "ghc"; }
  bool is_torus() const { return family_ == "torus"; }
  std::uint64_t num_nodes() const override { return n_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId u) const override;
  /// The sum of the factors' largest degrees.
  std::uint32_t max_degree() const override;
  std::uint32_t port_degree(NodeId u) const override;
  /// O(dims): the ids differ in one coordinate, by one factor link.
  bool adjacent(NodeId u, NodeId v) const override { return edge_dimension(u, v).has_value(); }
  std::string label(NodeId u) const override;
  NodeId parse_label(std::string_view text) const override;
  /// Per dimension a shift and a reflection (a transposition for complete graphs), and the
  /// exchange of neighbouring dimensions with equal factors.
  std::vector<Permutation> automorphism_candidates() const override;
  /// One digit per factor (its size).
  std::vector<std::uint32_t> id_digits() const override;
  std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const override;
  std::uint32_t dimension_count() const override { return static_cast<std::uint32_t>(dims()); }

  const std::vector<Factor>& factors() const { return factors_; }
  std::size_t dims() const { return factors_.size(); }
  /// Coordinate of u in dimension d.
  std::uint32_t coord(std::uint64_t u, std::size_t d) const { return ids_.digit(u, d); }
  /// Id step of one unit in dimension d.
  std::uint64_t stride(std::size_t d) const { return ids_.stride(d); }
  /// Diameter (sum of factor diameters).
  std::uint32_t diameter() const;

 private:
  std::string family_;
  std::vector<Factor> factors_;
  MixedRadix ids_;  ///< one digit per factor
  std::uint64_t n_ = 1;
  /// Every node's degree (and port count) when all factors are vertex-transitive.
  std::optional<std::uint32_t> regular_degree_, regular_port_degree_;
};

/// Whether `name` is one of the product families.
bool is_product_family(const std::string& name);
/// Builds a product family from its spec call.
std::unique_ptr<Product> build_product(const SpecValue& spec);

}  // namespace netsched
