#pragma once
/// netsched as a library: the one public header (installed as <netsched/netsched.hpp>).
///
/// Why a header of its own: programs should build a network, generate a checked schedule,
/// verify one and write it without the CLI and without the internal headers, whose types change
/// with the code. Everything here is standard C++ (no netsched internals, no third-party
/// headers); reports are the CLI's own `--json` objects, as JSON text. docs/library.md has a
/// complete example.
#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace netsched::api {

/// The library's version ("0.1.0"), as netschedConfigVersion.cmake and the pkg-config file give
/// it.
std::string version();

/// Input netsched refuses (a spec, a file, a node, a name, a size over a named limit); what()
/// is the one line the CLI prints for it (and exits 2 on).
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// (stage, done, total) on long work; called from the thread that does the work.
using Progress = std::function<void(const std::string&, std::uint64_t, std::uint64_t)>;

/// A network: one of the papers' families, a product, a graph file, or a graph given by its
/// links. Nodes are serial ids 0..nodes()-1; labels are as the CLI prints them. Copies share
/// one immutable network.
class Network {
 public:
  /// Any spec of docs/spec.md: "hdn(torus(2,3), sn=[{0}])", "file(\"net.graphml\")".
  static Network from_spec(const std::string& spec);
  /// A graph on `nodes` nodes (labelled 0..nodes-1) with these links: simple, connected.
  /// Its spec is graph(N, links=[...]), so schedules made on it name it like any other.
  static Network from_links(std::uint64_t nodes,
                            const std::vector<std::pair<std::uint64_t, std::uint64_t>>& links);
  /// A graph with what a graph file may say besides its links (docs/spec.md, graph(N, ...)).
  struct Graph {
    std::uint64_t nodes = 0;
    /// The links; when `directed`, the arcs (from, to), each its own way.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> links;
    bool directed = false;
    std::vector<std::uint64_t> switches;  ///< nodes that only forward (no ranks): the last ids
    /// (a, b, p): link (arc) a-b at p percent of the default bandwidth; (a, b, k): k lanes.
    std::vector<std::array<std::uint64_t, 3>> bandwidth_percent, lanes;
  };
  /// A graph of switches and endpoints, directed or not, links at their own speeds. The
  /// switches must be the last ids (refused otherwise), as a network numbers them.
  static Network from_graph(const Graph& g);

  std::string spec() const;    ///< canonical spec, as schedule files record it
  std::string family() const;  ///< "hdn", "torus", "file", "graph", ...
  std::uint64_t nodes() const;
  std::vector<std::string> labels() const;                             ///< by serial id
  std::vector<std::pair<std::uint64_t, std::uint64_t>> links() const;  ///< a < b, sorted
  /// Nodes 0..endpoints()-1 are endpoints (ranks), the rest switches (ARCHITECTURE.md).
  std::uint64_t endpoints() const;
  /// Whether some link is one way only or differs in bandwidth by direction.
  bool directed() const;
  /// Every arc (from, to) in both directions of each link it has, sorted.
  std::vector<std::pair<std::uint64_t, std::uint64_t>> arcs() const;
  /// The serial id of a node named by its serial id or its label.
  std::uint64_t node(const std::string& id_or_label) const;
  /// The facts of `netsched info --json` (exact distances unless `distances` is false).
  std::string info_json(bool distances = true, const Progress& progress = {}) const;

  struct Impl;  ///< the library's own; opaque here
  explicit Network(std::shared_ptr<const Impl> impl);
  const std::shared_ptr<const Impl>& impl() const { return impl_; }
  /// A network is immutable and shared: a copy and a move both share it, so a moved-from
  /// Network still names its network.
  Network(const Network&) = default;
  Network& operator=(const Network&) = default;
  Network(Network&& other) noexcept : impl_(other.impl_) {}
  Network& operator=(Network&& other) noexcept {
    impl_ = other.impl_;
    return *this;
  }
  ~Network() = default;

 private:
  std::shared_ptr<const Impl> impl_;
};

/// One transfer of a step: sender and receiver (serial ids) and what it carries, as the schedule
/// file writes a payload (JSON text: a list of chunk ids, a selector object, or
/// {"moves": [...]}).
struct Transfer {
  std::uint64_t from = 0, to = 0;
  std::string payload_json;
};

/// A schedule: generated (and then already checked) or read from the file format.
class Schedule {
 public:
  /// Reads a schedule file (docs/schedule-format.md); InputError for anything else.
  static Schedule read(const std::string& path);
  /// Parses the file format from memory.
  static Schedule from_json(const std::string& text);

  std::string topology() const;    ///< the spec of its network
  std::string collective() const;  ///< "broadcast", "total-exchange", ...
  std::string algorithm() const;
  std::string port_model()
      const;  ///< "one-port", "k-port", "all-port", "single-dimension", "routed"
  std::uint64_t steps() const;
  std::uint64_t transfer_count() const;
  /// The transfers of one step (InputError for a step out of range).
  std::vector<Transfer> transfers(std::uint64_t step) const;
  /// Its network, built from topology().
  Network network() const;

  /// The verdict of `netsched verify --json` (the simulator's check with its bounds and
  /// cost); a file's verification record, when it has one, must agree (InputError
  /// "tampered: ..." otherwise).
  std::string verify_json(const Progress& progress = {}) const;
  /// Whether verify_json() found that the schedule holds.
  bool holds(const Progress& progress = {}) const;
  /// The file format with its verification record: what write() writes. Throws InputError
  /// for a schedule that does not hold (no violated schedule is written).
  std::string to_json() const;
  /// Writes to_json() to `path` atomically.
  void write(const std::string& path) const;

  struct Impl;  ///< the library's own; opaque here
  explicit Schedule(std::shared_ptr<const Impl> impl);
  /// As Network: a schedule is immutable and shared, and a moved-from one still holds it.
  Schedule(const Schedule&) = default;
  Schedule& operator=(const Schedule&) = default;
  Schedule(Schedule&& other) noexcept : impl_(other.impl_) {}
  Schedule& operator=(Schedule&& other) noexcept {
    impl_ = other.impl_;
    return *this;
  }
  ~Schedule() = default;

 private:
  std::shared_ptr<const Impl> impl_;
};

/// What generate() makes (`netsched gen`'s options).
struct GenerateOptions {
  std::string algorithm = "auto";
  std::optional<std::string> root;            ///< rooted collectives; default node 0
  std::optional<std::string> source, target;  ///< route
  std::uint64_t dimension = 0;                ///< cube-dimension
  std::uint32_t pieces = 0;                   ///< pipelined algorithms (0: their default)
  /// The machine's port model ("one-port", "K-port", "all-port", "routed"; `gen --ports`): a
  /// schedule that assumes more ports is re-timed to it by list scheduling, and checked; a
  /// routed schedule is refused by every other model.
  std::optional<std::string> ports;
  Progress progress;
};
/// Generates a schedule and checks it with the simulator (std::logic_error if a generator
/// ever produced a violated one).
Schedule generate(const Network& net, const std::string& collective,
                  const GenerateOptions& options = {});
/// The algorithms `gen --list` names for this collective on this network.
std::vector<std::string> algorithms(const Network& net, const std::string& collective);

/// `netsched route --json U V`: the router's walk, checked, with its length, the distance and
/// the paper's bound.
std::string route_json(const Network& net, const std::string& from, const std::string& to,
                       const std::string& algorithm = "auto");

/// prove_min_steps_json's default deadline: the CLI's --timeout default.
inline constexpr double kDefaultProveSeconds = 60;

/// `netsched prove min-steps --json`: the fewest steps of a unit-message one-port schedule
/// (broadcast, scatter, gather, all-gather, total-exchange), bracketed by a lower bound with
/// its proof and the best schedule known, narrowed by Z3 until `timeout_seconds`.
std::string prove_min_steps_json(const Network& net, const std::string& collective,
                                 const std::optional<std::string>& root = std::nullopt,
                                 double timeout_seconds = kDefaultProveSeconds);

}  // namespace netsched::api
