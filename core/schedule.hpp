#pragma once
/// The schedule vocabulary: collectives (implicit chunk sets), payloads, transfers, steps.
/// Semantics: ARCHITECTURE.md "Communication model and schedule semantics".
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "core/digits.hpp"
#include "core/errors.hpp"
#include "core/node.hpp"

namespace netsched {

/// What is to be delivered. Chunks are implicit: ids 0..num_chunks()-1 with an origin and a
/// destination set computed from the kind.
class Collective {
 public:
  enum class Kind {
    Route,
    Broadcast,
    Scatter,
    Gather,
    AllGather,
    TotalExchange,
    Multicast,
    AllReduce,
    Prefix,
    MatMul,
    VecMat,
    Reduce,
    ReduceScatter
  };
  /// route: one chunk from source to target.
  static Collective route(std::uint64_t nodes, NodeId source, NodeId target);
  /// broadcast: one chunk from root to every node.
  static Collective broadcast(std::uint64_t nodes, NodeId root);
  /// A broadcast of a message split into `pieces` chunks 0..pieces-1, every one from the root
  /// to every node (a pipelined broadcast). One piece is broadcast above.
  static Collective pieced_broadcast(std::uint64_t nodes, NodeId root, std::uint32_t pieces);
  /// scatter (one-to-all personalized): chunk i from root to node i.
  static Collective scatter(std::uint64_t nodes, NodeId root);
  /// gather: chunk i from node i to root.
  static Collective gather(std::uint64_t nodes, NodeId root);
  /// all-to-all broadcast: chunk i from node i to every node.
  static Collective all_gather(std::uint64_t nodes);
  /// An all-gather of blocks split into `pieces` chunks: chunk i*pieces + k is piece k of node
  /// i's block, from node i to every node. One piece is all_gather above.
  static Collective pieced_all_gather(std::uint64_t nodes, std::uint32_t pieces);
  /// total exchange (all-to-all personalized): chunk i*N+j from i to j, i != j (chunk i*N+i is
  /// void: nobody holds it and it has no destination, so N(N-1) chunks are real).
  static Collective total_exchange(std::uint64_t nodes);

  /// many-to-many multicast: chunk g from groups[g][0] to every node of groups[g] (the origin
  /// holds it from the start).
  static Collective multicast(std::uint64_t nodes, std::vector<std::vector<NodeId>> groups);

  // Combining collectives (registers of values of a commutative semigroup,
  // docs/schedule-format.md).
  /// all-reduce (semigroup computation): register 0 of node v holds input x_v; at the end
  /// register 1 of every node holds the combination of the inputs of its group. No groups =
  /// one group of all nodes.
  static Collective all_reduce(std::uint64_t nodes, std::vector<std::vector<NodeId>> groups = {});
  /// The vector all-reduce: each node's input is split into `pieces` pieces, piece k in
  /// register k; at the end register pieces + k of every node holds the combination of the
  /// group's pieces k. One piece is all_reduce above (registers 0 and 1).
  static Collective vector_all_reduce(std::uint64_t nodes, std::uint32_t pieces,
                                      std::vector<std::vector<NodeId>> groups = {});
  /// prefix: as all-reduce, but node v ends with the inputs of the members of its group listed
  /// up to and including v. No groups = all nodes in id order. A vector prefix of `pieces`
  /// pieces: piece k of each node's input in register k; v ends with the prefix of pieces k in
  /// register pieces + k.
  static Collective prefix(std::uint64_t nodes, std::vector<std::vector<NodeId>> groups = {},
                           std::uint32_t pieces = 1);
  /// reduce: as all-reduce, but only `root` must end with the combination of all inputs (in
  /// register 1). A vector reduce of `pieces` pieces: piece k of each node's input in register
  /// k; `root` must end with the combination of every node's piece k in register pieces + k.
  static Collective reduce(std::uint64_t nodes, NodeId root, std::uint32_t pieces = 1);
  /// reduce-scatter: node v starts with its block j in register j (j = 0..N-1); node j must end
  /// with the combination of every node's block j in its register j. In `pieces` pieces a
  /// block: piece k of block j is in register j*pieces + k, and node j must end with every
  /// node's piece k of block j there.
  static Collective reduce_scatter(std::uint64_t nodes, std::uint32_t pieces = 1);
  /// m x m matrix product: registers 0, 1, 2 are A, B, C; node home[i*m+j] starts with A_ij in
  /// register 0 and B_ij in register 1 and must end with C_ij = sum_k A_ik B_kj in register 2.
  static Collective matmul(std::uint64_t nodes, std::uint32_t m, std::vector<NodeId> home);
  /// w = v M, |v| = rows, M rows x home.size(): node `source` starts with v_i in register i and
  /// M_ij in register rows + i*cols + j; node home[j] must end with w_j = sum_i v_i M_ij in
  /// register rows + rows*cols.
  static Collective vecmat(std::uint64_t nodes, std::uint32_t rows, NodeId source,
                           std::vector<NodeId> home);

  Kind kind() const { return kind_; }
  /// Whether the collective is one of registers (all-reduce, prefix, matmul) rather than chunks.
  bool combining() const {
    return kind_ == Kind::AllReduce || kind_ == Kind::Prefix || kind_ == Kind::MatMul ||
           kind_ == Kind::VecMat || kind_ == Kind::Reduce || kind_ == Kind::ReduceScatter;
  }
  /// Multicast groups (origin first), reduce/prefix groups, or matmul's / vecmat's single home
  /// list.
  const std::vector<std::vector<NodeId>>& groups() const { return groups_; }
  std::uint32_t matrix_size() const { return matrix_; }  ///< matmul: m; vecmat: rows
  /// The pieces a message is split into (vector_all_reduce, prefix and reduce: each node's vector;
  /// pieced_broadcast: the root's message; pieced_all_gather and reduce_scatter: each block);
  /// 1 otherwise.
  std::uint32_t pieces() const { return pieces_; }
  std::uint64_t nodes() const { return nodes_; }
  std::uint64_t num_chunks() const;
  NodeId origin(std::uint64_t chunk) const;
  /// A chunk id that names no message (a total exchange's i*N+i): held by nobody.
  bool is_void(std::uint64_t chunk) const {
    return kind_ == Kind::TotalExchange && chunk / nodes_ == chunk % nodes_;
  }
  /// Whether v must end up holding the chunk.
  bool is_destination(std::uint64_t chunk, NodeId v) const;
  /// The single destination of a personalized chunk; nullopt for multi-destination chunks.
  std::optional<NodeId> single_destination(std::uint64_t chunk) const;
  NodeId root() const { return root_; }      ///< broadcast/scatter/gather root, route source
  NodeId target() const { return target_; }  ///< route target
  /// "route", "broadcast", "scatter", "gather", "all-gather", "total-exchange".
  std::string name() const;
  static std::optional<Kind> kind_from_name(const std::string& name);
  bool operator==(const Collective&) const = default;

 private:
  Kind kind_ = Kind::Broadcast;
  std::uint64_t nodes_ = 0;
  NodeId root_{}, target_{};
  std::vector<std::vector<NodeId>> groups_;
  std::uint32_t matrix_ = 0;
  std::uint32_t pieces_ = 1;
};

/// Port models of ARCHITECTURE.md rule 4. k-port: at most `Schedule::ports` sends and as many
/// receives per node and step (one-port is k = 1). Routed: the network routes each message
/// (rule 1 asks only for two distinct nodes), and each ordered pair carries at most one message
/// a step, as all-port does on a link.
enum class PortModel { OnePort, AllPort, SingleDimension, KPort, Routed };
std::string to_string(PortModel m);
std::optional<PortModel> port_model_from_name(const std::string& s);
/// "one-port, all-port, single-dimension, k-port or routed": the names a schedule file takes.
std::string port_model_names();
/// Whether a transfer of a schedule under `m` must follow a link (rule 1): every model but
/// routed, which sends between any two nodes over the network's routes.
inline bool follows_links(PortModel m) { return m != PortModel::Routed; }
/// Whether each directed link (routed: each ordered pair) carries at most one transfer a step:
/// all-port, k-port and routed (rule 4's port-link).
inline bool link_once(PortModel m) {
  return m == PortModel::AllPort || m == PortModel::KPort || m == PortModel::Routed;
}

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

/// Whether v lies in one of the ranges (IdRange or TimeRange); an empty list places no constraint.
template <class Range>
bool in_ranges(const std::vector<Range>& rs, std::uint32_t v) {
  for (const Range& r : rs)
    if (r.contains(v)) return true;
  return rs.empty();
}

/// A compact payload: every chunk the sender holds at the start of the step whose destination
/// lies in `dest_in` (personalized chunks only), whose origin lies in `origin_in`, and which
/// the sender last obtained at a time in `acquired_in`; an empty list places no constraint.
/// (Senders keep what they forward, so `acquired_in` is how a store-and-forward schedule says
/// "forward what arrived in the last stage" without re-sending older copies.)
/// `dest_boxes` (needs the schedule's `digits`): the destination must also lie in one of these
/// digit boxes.
struct Selector {
  std::vector<IdRange> dest_in, origin_in;
  std::vector<TimeRange> acquired_in;
  std::vector<DigitBox> dest_boxes;
  bool operator==(const Selector&) const = default;
  /// Whether destination d passes dest_in and dest_boxes (`digits`: the schedule's radix).
  bool admits_destination(const Digits& digits, std::uint32_t d) const;
};

/// Register operations of combining schedules.
enum class RegOp : std::uint8_t {
  Set,      ///< dst = value (overwrite)
  Combine,  ///< dst = dst (+) value, the semigroup operator; every input may be combined in once
  Mul       ///< (local only) dst = a x b, the ring product of matrix schedules
};
std::string to_string(RegOp op);
std::optional<RegOp> reg_op_from_name(const std::string& s);

/// A register move of a combining transfer: the sender's register `src` (read at the start of
/// the step) is applied to the receiver's register `dst` with `op` (Set or Combine) at the end.
struct Move {
  std::uint16_t src = 0, dst = 0;
  RegOp op = RegOp::Set;
  bool operator==(const Move&) const = default;
};

/// A local operation applied at the start of its step, before the step's sends, at every node
/// whose id lies in `nodes` (empty = every node): dst = a op b (Mul: a x b; Combine: a (+) b;
/// Set: dst = a, b ignored).
struct LocalOp {
  std::uint16_t dst = 0, a = 0, b = 0;
  RegOp op = RegOp::Set;
  std::vector<IdRange> nodes;
  bool operator==(const LocalOp&) const = default;
};

/// A payload: an explicit list of chunk ids, a selector, or (combining collectives) register
/// moves. The size of a register payload is the number of distinct source registers (words).
struct Payload {
  std::vector<std::uint64_t> chunks;
  std::optional<Selector> select;  ///< when set, `chunks` is empty
  std::vector<Move> moves;         ///< combining schedules only; then the others are empty
  bool operator==(const Payload&) const = default;
  static Payload of_chunks(std::vector<std::uint64_t> ids) {
    Payload p;
    p.chunks = std::move(ids);
    return p;
  }
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
  std::vector<LocalOp> compute;  ///< combining schedules: applied at every node first
  static Step of(std::vector<Transfer> transfers) {
    Step s;
    s.transfers = std::move(transfers);
    return s;
  }
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
  std::string topology;  ///< canonical spec
  Collective collective;
  PortModel model = PortModel::OnePort;
  std::uint32_t ports = 1;  ///< k-port: k (2..kMaxPorts); 1 for every other model
  std::string algorithm;    ///< generator name, e.g. "hdn-broadcast"
  std::vector<std::string>
      registers;  ///< combining schedules: register names (0, 1, ... as documented)
  /// Mixed radix of node ids for digit-box selectors (digit 0 most significant); empty = none.
  std::vector<std::uint32_t> digits;
  std::vector<Payload> payloads;
  std::vector<Step> steps;
  bool operator==(const Schedule&) const = default;
  std::uint64_t num_transfers() const;
};

/// The most transfers a node may send (and receive) in one step under the schedule's model;
/// nullopt for all-port (bounded by the node's links instead) and routed (by the other nodes).
std::optional<std::uint32_t> node_port_limit(const Schedule& s);

/// Folds x into the hash h (payloads, rule keys).
inline std::size_t hash_mix(std::size_t h, std::uint64_t x) {
  constexpr std::uint64_t kMul = 0x9e3779b97f4a7c15ULL;
  return (h ^ (x + kMul + (h << 6) + (h >> 2))) * kMul;
}

/// For each of `count` payloads (payload(i) is the i-th), the index of the first one equal to it.
std::vector<std::uint32_t> first_equal_payloads(
    std::size_t count, const std::function<const Payload&(std::size_t)>& payload);

/// Stores every distinct payload once (the first of equal ones keeps its place) and points the
/// transfers at it: generators that build payloads per transfer call this once at the end.
void share_equal_payloads(Schedule& s);

/// Payloads appended to a list one at a time, each equal one stored once (the first keeps its
/// place): share_equal_payloads as the transfers are made, without a payload per transfer in
/// between (on 16,384 nodes that copy was most of a broadcast's memory).
class PayloadInterner {
 public:
  explicit PayloadInterner(std::vector<Payload>& payloads);
  /// The index of `p` in the list: an equal payload's, or p's own, appended.
  std::uint32_t add(Payload p);

 private:
  struct Hash {
    const std::vector<Payload>* list;
    std::size_t operator()(std::uint32_t i) const;
  };
  struct Equal {
    const std::vector<Payload>* list;
    bool operator()(std::uint32_t a, std::uint32_t b) const { return (*list)[a] == (*list)[b]; }
  };
  std::vector<Payload>& payloads_;
  std::unordered_set<std::uint32_t, Hash, Equal> seen_;
};

/// The schedule's digit radix, checked against the collective (the radices multiply to its node
/// count) and against every digit box; throws InputError otherwise.
Digits schedule_digits(const Schedule& s);
/// schedule_digits, or one digit of radix N when the schedule declares none (what a box
/// engine works with).
Digits box_digits(const Schedule& s);

}  // namespace netsched
