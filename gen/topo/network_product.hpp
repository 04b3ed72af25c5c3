#pragma once
/// The cartesian product of any networks: product(ccc(3), ring(4)), product(file("x"),
/// hypercube(2)).
///
/// Why a second product class: `Product` keeps its factors as rings, paths and complete graphs,
/// whose distances, exchanges and automorphisms are closed formulas the paper algorithms use.
/// A product with any other factor (a paper family, a graph file, a faulty network) is this
/// class: it asks each factor for neighbours, labels and symmetries, so any Network can be a
/// factor. Node ids are mixed radix over the factors (factor 0 most significant); a label is
/// the tuple of the factors' labels, "(lab0,lab1,...)".
#include <memory>
#include <string>
#include <vector>

#include "core/mixed_radix.hpp"
#include "core/network.hpp"
#include "gen/spec.hpp"
#include "gen/topo/kit.hpp"

namespace netsched {

class NetworkProduct : public Network {
 public:
  explicit NetworkProduct(std::vector<std::unique_ptr<Network>> factors);
  std::string family() const override { return "product"; }
  std::uint64_t num_nodes() const override { return n_; }
  void neighbors(NodeId u, std::vector<NodeId>& out) const override;
  std::uint32_t degree(NodeId u) const override;
  std::uint32_t max_degree() const override;
  std::uint64_t link_bound() const override;
  std::uint32_t port_degree(NodeId u) const override;
  /// The ids differ in exactly one factor, by a link of that factor.
  bool adjacent(NodeId u, NodeId v) const override;
  std::string label(NodeId u) const override;
  /// "(lab0,lab1,...)": the parts are split at commas outside parentheses, and each part is
  /// read by its factor (a serial id or the factor's label).
  NodeId parse_label(std::string_view text) const override;
  /// Every factor's candidates lifted to the product, and the exchange of neighbouring
  /// factors with the same spec.
  std::vector<Permutation> automorphism_candidates() const override;
  /// The factor's own dimension, offset by the dimensions of the factors before it; a factor
  /// that defines none counts as one dimension.
  std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const override;
  std::uint32_t dimension_count() const override { return dim_offset_.back(); }
  /// The speed of the factor's link the product link lies along.
  LinkSpeed link_speed(NodeId u, NodeId v) const override;
  bool weighted() const override;

  std::size_t dims() const { return factors_.size(); }
  const Network& factor(std::size_t d) const { return *factors_[d]; }
  /// Coordinate of u in factor d, and the id step of one unit there.
  std::uint32_t coord(std::uint64_t u, std::size_t d) const { return ids_.digit(u, d); }
  std::uint64_t stride(std::size_t d) const { return ids_.stride(d); }
  /// product(<factor specs>) with the factors' canonical specs (a file's content hash).
  std::string canonical_spec() const;

 private:
  /// The factor in which u and v differ, if they differ in one factor only, by a link.
  std::optional<std::size_t> link_factor(NodeId u, NodeId v) const;
  std::vector<std::unique_ptr<Network>> factors_;
  MixedRadix ids_;                         ///< one digit per factor
  std::vector<std::uint32_t> dim_offset_;  ///< dims() + 1 entries
  std::uint64_t n_ = 1;
};

/// Whether a product(...) spec names a factor other than rings, paths, complete graphs and
/// products of these (then it is a NetworkProduct, else a Product).
bool needs_network_product(const SpecValue& spec);
/// Builds product(G1,...,Gk) of any factors; nested products are flattened.
std::unique_ptr<NetworkProduct> build_network_product(const SpecValue& spec,
                                                      BuildNetwork build_part);

}  // namespace netsched
