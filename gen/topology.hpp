#pragma once
/// Networks built from a spec: the Graph interface plus spec, labels and the papers' formulas.
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/automorphism.hpp"
#include "core/graph.hpp"
#include "gen/spec.hpp"

namespace netsched {

/// What a paper's formula predicts for one property of a concrete instance.
struct PaperFact {
  enum class Kind { Exact, UpperBound };
  std::string name;     ///< the property: nodes, edges, degree, diameter, avg_distance, ...
  std::string formula;  ///< the formula as printed, e.g. "(2N0)^(2^k)/(2 prod s_i)"
  std::string source;   ///< paper file and place, e.g. "li-peng-chu-2012 Theorem 1"
  double value = 0;     ///< what the formula gives here
  Kind kind = Kind::Exact;
};

/// A network of one family, built from a spec; immutable once built.
class Topology : public Graph {
 public:
  /// Family name as in the spec: ring, torus, hdn, ...
  virtual std::string family() const = 0;
  /// Structured label of u, e.g. "(1,4,2,3)" or "10110".
  virtual std::string label(NodeId u) const = 0;
  /// Parses a label of this family; throws std::invalid_argument naming the problem.
  virtual NodeId parse_label(std::string_view text) const = 0;
  /// The paper's node degree of u where it counts links differently (a 2-node ring as two
  /// links between the same pair); equals degree(u) elsewhere.
  virtual std::uint32_t port_degree(NodeId u) const { return degree(u); }
  /// Permutations that the family's structure suggests are automorphisms. They are only
  /// candidates: callers verify each (is_automorphism) before trusting it.
  virtual std::vector<Permutation> automorphism_candidates() const { return {}; }
  /// The dimension of link u-v for the single-dimension port model (products: the coordinate
  /// that changes; HDN: base dimensions, then one per cross level; ...); nullopt when the family
  /// defines no dimensions or u-v is not a link.
  virtual std::optional<std::uint32_t> edge_dimension(NodeId u, NodeId v) const {
    (void)u;
    (void)v;
    return std::nullopt;
  }
  /// Number of dimensions edge_dimension() can return (0 = none defined).
  virtual std::uint32_t dimension_count() const { return 0; }
  /// What the papers' formulas predict for this instance.
  virtual std::vector<PaperFact> paper_facts() const { return {}; }
  /// Canonical spec text.
  const std::string& spec() const { return spec_; }
  /// A node named by serial id ("17") or by label; throws std::invalid_argument.
  NodeId node(std::string_view text) const;

 protected:
  std::string spec_;
  friend std::unique_ptr<Topology> build_topology(const SpecValue&);
};

/// Builds the network a spec names; throws SpecError (with column) or std::invalid_argument.
std::unique_ptr<Topology> build_topology(std::string_view spec);
std::unique_ptr<Topology> build_topology(const SpecValue& spec);

/// Families the builder knows, with their argument forms (for --help and errors).
const std::vector<std::pair<std::string, std::string>>& topology_families();

// ---- helpers for family implementations ----

/// The algorithm to run: `requested`, or the first of `names` for "auto". Throws
/// std::invalid_argument "<what> algorithm 'x' does not apply to <family> (choose from: ...)".
std::string choose_algorithm(const std::vector<std::string>& names, const std::string& requested,
                             const std::string& what, const Topology& t);

/// Exact diameter of a graph of at most `limit` nodes (by BFS from every node), else nullopt;
/// used for the D_G of a nucleus in the papers' formulas.
std::optional<std::uint32_t> small_diameter(const Graph& g, std::uint64_t limit = 4096);

/// Parses "(a,b,c)" or "a,b,c" into integers; throws std::invalid_argument.
std::vector<std::uint64_t> parse_tuple(std::string_view text);
/// Formats integers as "(a,b,c)".
std::string format_tuple(const std::vector<std::uint64_t>& v);
/// Throws std::invalid_argument unless parts.size()==radix.size() and each part < its radix;
/// returns the mixed-radix number (first part most significant).
std::uint64_t mixed_radix(const std::vector<std::uint64_t>& parts,
                          const std::vector<std::uint64_t>& radix, const std::string& what);

}  // namespace netsched
