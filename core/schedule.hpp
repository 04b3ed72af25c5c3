#pragma once
/// The schedule vocabulary: collectives (implicit chunk sets), payloads, transfers, steps.
/// Semantics: ../shared/DESIGN.md "Communication model and schedule semantics".
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/node.hpp"

namespace netsched {

/// What is to be delivered. Chunks are implicit: ids 0..num_chunks()-1 with an origin and a
/// destination set computed from the kind.
class Collective {
 public:
  enum class Kind { Route, Broadcast, Scatter, Gather, AllGather, TotalExchange };
  /// route: one chunk from source to target.
  static Collective route(std::uint64_t nodes, NodeId source, NodeId target);
  /// broadcast: one chunk from root to every node.
  static Collective broadcast(std::uint64_t nodes, NodeId root);
  /// scatter (one-to-all personalized): chunk i from root to node i.
  static Collective scatter(std::uint64_t nodes, NodeId root);
  /// gather: chunk i from node i to root.
  static Collective gather(std::uint64_t nodes, NodeId root);
  /// all-to-all broadcast: chunk i from node i to every node.
  static Collective all_gather(std::uint64_t nodes);
  /// total exchange (all-to-all personalized): chunk i*N+j from i to j (i != j; chunk i*N+i is
  /// held by i from the start and needs no delivery).
  static Collective total_exchange(std::uint64_t nodes);

  Kind kind() const { return kind_; }
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t num_chunks() const;
  NodeId origin(std::uint64_t chunk) const;
  /// Whether v must end up holding the chunk.
  bool is_destination(std::uint64_t chunk, NodeId v) const;
  /// The single destination of a personalized chunk; nullopt for multi-destination chunks.
  std::optional<NodeId> single_destination(std::uint64_t chunk) const;
  NodeId root() const { return root_; }    ///< broadcast/scatter/gather root, route source
  NodeId target() const { return target_; }  ///< route target
  /// "route", "broadcast", "scatter", "gather", "all-gather", "total-exchange".
  std::string name() const;
  static std::optional<Kind> kind_from_name(const std::string& name);
  bool operator==(const Collective&) const = default;

 private:
  Kind kind_ = Kind::Broadcast;
  std::uint64_t nodes_ = 0;
  NodeId root_{}, target_{};
};

/// Port models of DESIGN.md rule 3.
enum class PortModel { OnePort, AllPort, SingleDimension };
std::string to_string(PortModel m);
std::optional<PortModel> port_model_from_name(const std::string& s);

/// An inclusive range of node ids.
struct IdRange {
  std::uint32_t lo = 0, hi = 0;
  bool contains(std::uint32_t v) const { return lo <= v && v <= hi; }
  bool operator==(const IdRange&) const = default;
};

/// An inclusive range of acquisition times: 0 = held from the start (and never received since),
/// s+1 = last received in step s.
struct TimeRange {
  std::uint32_t lo = 0, hi = 0;
  bool contains(std::uint32_t t) const { return lo <= t && t <= hi; }
  bool operator==(const TimeRange&) const = default;
};

/// A compact payload: every chunk the sender holds at the start of the step whose destination
/// lies in `dest_in` (personalized chunks only), whose origin lies in `origin_in`, and which
/// the sender last obtained at a time in `acquired_in`; an empty list places no constraint.
/// (Senders keep what they forward, so `acquired_in` is how a store-and-forward schedule says
/// "forward what arrived in the last stage" without re-sending older copies.)
struct Selector {
  std::vector<IdRange> dest_in, origin_in;
  std::vector<TimeRange> acquired_in;
  bool operator==(const Selector&) const = default;
};

/// A payload: an explicit list of chunk ids, or a selector.
struct Payload {
  std::vector<std::uint64_t> chunks;
  std::optional<Selector> select;  ///< when set, `chunks` is empty
  bool operator==(const Payload&) const = default;
};

/// One transfer of a step: from -> to carrying payloads[payload].
struct Transfer {
  NodeId from, to;
  std::uint32_t payload = 0;
  bool operator==(const Transfer&) const = default;
};

/// A synchronous step.
struct Step {
  std::vector<Transfer> transfers;
  bool operator==(const Step&) const = default;
};

/// The paper's bound a generator claims for its schedule.
struct PaperBound {
  std::uint64_t steps = 0;
  std::string formula;
  std::string source;
  /// The paper's cost as the pair (steps, sum over steps of the largest payload), where the
  /// paper gives one: cost = steps*t_s + payload_sum*t_w*m.
  std::optional<std::uint64_t> payload_sum;
  bool operator==(const PaperBound&) const = default;
};

/// A whole schedule as stored in a file (format v1, docs/schedule-format.md).
struct Schedule {
  std::string topology;    ///< canonical spec
  Collective collective;
  PortModel model = PortModel::OnePort;
  std::string algorithm;   ///< generator name, e.g. "hdn-broadcast"
  std::vector<Payload> payloads;
  std::vector<Step> steps;
  bool operator==(const Schedule&) const = default;
  std::uint64_t num_transfers() const;
};

}  // namespace netsched
