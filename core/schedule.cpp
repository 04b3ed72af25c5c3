#include "core/schedule.hpp"

#include <algorithm>
#include <stdexcept>
#include <unordered_set>

#include "core/collective_names.hpp"
#include "core/enum_names.hpp"
#include "core/errors.hpp"

namespace netsched {

Collective Collective::route(std::uint64_t n, NodeId s, NodeId t) {
  Collective c;
  c.kind_ = Kind::Route;
  c.nodes_ = n;
  c.root_ = s;
  c.target_ = t;
  return c;
}
Collective Collective::broadcast(std::uint64_t n, NodeId root) {
  Collective c;
  c.kind_ = Kind::Broadcast;
  c.nodes_ = n;
  c.root_ = root;
  return c;
}
Collective Collective::pieced_broadcast(std::uint64_t n, NodeId root, std::uint32_t pieces) {
  Collective c = broadcast(n, root);
  c.pieces_ = pieces;
  return c;
}
Collective Collective::scatter(std::uint64_t n, NodeId root) {
  Collective c = broadcast(n, root);
  c.kind_ = Kind::Scatter;
  return c;
}
Collective Collective::gather(std::uint64_t n, NodeId root) {
  Collective c = broadcast(n, root);
  c.kind_ = Kind::Gather;
  return c;
}
Collective Collective::all_gather(std::uint64_t n) {
  Collective c;
  c.kind_ = Kind::AllGather;
  c.nodes_ = n;
  return c;
}
Collective Collective::pieced_all_gather(std::uint64_t n, std::uint32_t pieces) {
  Collective c = all_gather(n);
  c.pieces_ = pieces;
  return c;
}
Collective Collective::total_exchange(std::uint64_t n) {
  Collective c;
  c.kind_ = Kind::TotalExchange;
  c.nodes_ = n;
  return c;
}

Collective Collective::multicast(std::uint64_t n, std::vector<std::vector<NodeId>> groups) {
  Collective c;
  c.kind_ = Kind::Multicast;
  c.nodes_ = n;
  c.groups_ = std::move(groups);
  return c;
}
Collective Collective::all_reduce(std::uint64_t n, std::vector<std::vector<NodeId>> groups) {
  Collective c;
  c.kind_ = Kind::AllReduce;
  c.nodes_ = n;
  c.groups_ = std::move(groups);
  return c;
}
Collective Collective::vector_all_reduce(std::uint64_t n, std::uint32_t pieces,
                                         std::vector<std::vector<NodeId>> groups) {
  Collective c = all_reduce(n, std::move(groups));
  c.pieces_ = pieces;
  return c;
}
Collective Collective::prefix(std::uint64_t n, std::vector<std::vector<NodeId>> groups,
                              std::uint32_t pieces) {
  Collective c = vector_all_reduce(n, pieces, std::move(groups));
  c.kind_ = Kind::Prefix;
  return c;
}
Collective Collective::reduce(std::uint64_t n, NodeId root, std::uint32_t pieces) {
  Collective c = pieced_broadcast(n, root, pieces);
  c.kind_ = Kind::Reduce;
  return c;
}
Collective Collective::reduce_scatter(std::uint64_t n, std::uint32_t pieces) {
  Collective c = pieced_all_gather(n, pieces);
  c.kind_ = Kind::ReduceScatter;
  return c;
}
Collective Collective::matmul(std::uint64_t n, std::uint32_t m, std::vector<NodeId> home) {
  Collective c;
  c.kind_ = Kind::MatMul;
  c.nodes_ = n;
  c.matrix_ = m;
  c.groups_.push_back(std::move(home));
  return c;
}

Collective Collective::vecmat(std::uint64_t n, std::uint32_t rows, NodeId source,
                              std::vector<NodeId> home) {
  Collective c;
  c.kind_ = Kind::VecMat;
  c.nodes_ = n;
  c.matrix_ = rows;
  c.root_ = source;
  c.groups_.push_back(std::move(home));
  return c;
}

std::uint64_t Collective::num_chunks() const {
  switch (kind_) {
    case Kind::Route:
      return 1;
    case Kind::Broadcast:
      return pieces_;
    case Kind::Scatter:
    case Kind::Gather:
      return nodes_;
    case Kind::AllGather:
      return nodes_ * pieces_;
    case Kind::TotalExchange:
      return nodes_ * nodes_;
    case Kind::Multicast:
      return groups_.size();
    default:
      return 0;  // combining collectives have registers, not chunks
  }
}

NodeId Collective::origin(std::uint64_t c) const {
  switch (kind_) {
    case Kind::Route:
    case Kind::Broadcast:
    case Kind::Scatter:
      return root_;
    case Kind::Gather:
      return NodeId(static_cast<std::uint32_t>(c));
    case Kind::AllGather:
      return NodeId(static_cast<std::uint32_t>(c / pieces_));
    case Kind::TotalExchange:
      return NodeId(static_cast<std::uint32_t>(c / nodes_));
    case Kind::Multicast:
      return groups_[c].front();
    default:
      return root_;
  }
}

bool Collective::is_destination(std::uint64_t c, NodeId v) const {
  switch (kind_) {
    case Kind::Route:
      return v == target_;
    case Kind::Broadcast:
    case Kind::AllGather:
      return true;
    case Kind::Scatter:
      return v.v == c;
    case Kind::Gather:
      return v == root_;
    case Kind::TotalExchange:
      return v.v == c % nodes_ && !is_void(c);
    case Kind::Multicast:
      return std::find(groups_[c].begin(), groups_[c].end(), v) != groups_[c].end();
    default:
      return false;
  }
}

std::optional<NodeId> Collective::single_destination(std::uint64_t c) const {
  switch (kind_) {
    case Kind::Route:
      return target_;
    case Kind::Scatter:
      return NodeId(static_cast<std::uint32_t>(c));
    case Kind::Gather:
      return root_;
    case Kind::TotalExchange:
      if (is_void(c)) return std::nullopt;
      return NodeId(static_cast<std::uint32_t>(c % nodes_));
    case Kind::Multicast:
      if (groups_[c].size() == 2) return groups_[c][1];
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

std::string Collective::name() const { return std::string(names_of(kind_).name); }

std::optional<Collective::Kind> Collective::kind_from_name(const std::string& name) {
  for (const auto& row : kCollectiveNames)
    if (name == row.name) return row.kind;
  return std::nullopt;
}

const CollectiveNames& names_of(Collective::Kind kind) {
  for (const auto& row : kCollectiveNames)
    if (row.kind == kind) return row;
  throw std::logic_error("a collective kind without a row in kCollectiveNames");
}

std::optional<Collective::Kind> kind_of_msccl(std::string_view coll) {
  for (const auto& row : kCollectiveNames)
    if (!row.msccl.empty() && coll == row.msccl) return row.kind;
  return std::nullopt;
}

namespace {
constexpr std::array<EnumName<PortModel>, 5> kPortModelNames{{
    {PortModel::OnePort, "one-port"},
    {PortModel::AllPort, "all-port"},
    {PortModel::SingleDimension, "single-dimension"},
    {PortModel::KPort, "k-port"},
    {PortModel::Routed, "routed"},
}};
constexpr std::array<EnumName<RegOp>, 3> kRegOpNames{{
    {RegOp::Set, "set"},
    {RegOp::Combine, "combine"},
    {RegOp::Mul, "mul"},
}};
}  // namespace

std::string to_string(PortModel m) { return name_of(kPortModelNames, m); }
std::optional<PortModel> port_model_from_name(const std::string& s) {
  return value_named(kPortModelNames, s);
}
std::string port_model_names() {
  std::string out;
  for (std::size_t i = 0; i < kPortModelNames.size(); ++i)
    out += std::string(i == 0                            ? ""
                       : i + 1 == kPortModelNames.size() ? " or "
                                                         : ", ") +
           std::string(kPortModelNames[i].name);
  return out;
}
std::string to_string(RegOp op) { return name_of(kRegOpNames, op); }
std::optional<RegOp> reg_op_from_name(const std::string& s) { return value_named(kRegOpNames, s); }

std::optional<std::uint32_t> node_port_limit(const Schedule& s) {
  if (s.model == PortModel::AllPort || s.model == PortModel::Routed) return std::nullopt;
  return s.model == PortModel::KPort ? s.ports : 1;
}

std::uint64_t Schedule::num_transfers() const {
  std::uint64_t n = 0;
  for (const auto& s : steps) n += s.transfers.size();
  return n;
}

bool Selector::admits_destination(const Digits& digits, std::uint32_t d) const {
  if (!in_ranges(dest_in, d)) return false;
  return dest_boxes.empty() ||
         std::any_of(dest_boxes.begin(), dest_boxes.end(),
                     [&](const DigitBox& b) { return contains(digits, b, d); });
}

Digits schedule_digits(const Schedule& s) {
  const Digits d(s.digits);
  if (!s.digits.empty() && d.total() != s.collective.nodes())
    throw InputError("the schedule's digits multiply to " + std::to_string(d.total()) +
                     ", but it has " + std::to_string(s.collective.nodes()) + " nodes");
  for (std::size_t i = 0; i < s.payloads.size(); ++i) {
    if (!s.payloads[i].select) continue;
    for (const DigitBox& b : s.payloads[i].select->dest_boxes)
      if (s.digits.empty() || b.w.size() != d.words())
        throw InputError("payload " + std::to_string(i) +
                         ": a digit box does not fit the schedule's digits");
  }
  return d;
}

namespace {

std::size_t payload_hash(const Payload& p) {
  std::size_t h = hash_mix(0, p.chunks.size());
  for (std::uint64_t c : p.chunks) h = hash_mix(h, c);
  for (const Move& m : p.moves)
    h = hash_mix(h, std::uint64_t{m.src} << 32 | std::uint64_t{m.dst} << 8 |
                        static_cast<std::uint64_t>(m.op));
  if (!p.select) return h;
  const Selector& s = *p.select;
  for (const auto* ranges : {&s.dest_in, &s.origin_in}) {
    h = hash_mix(h, ranges->size());
    for (const IdRange& r : *ranges) h = hash_mix(h, std::uint64_t{r.lo} << 32 | r.hi);
  }
  h = hash_mix(h, s.acquired_in.size());
  for (const TimeRange& t : s.acquired_in) h = hash_mix(h, std::uint64_t{t.lo} << 32 | t.hi);
  for (const DigitBox& b : s.dest_boxes)
    for (std::uint64_t w : b.w) h = hash_mix(h, w);
  return h;
}

}  // namespace

Digits box_digits(const Schedule& s) {
  return s.digits.empty() ? Digits({static_cast<std::uint32_t>(s.collective.nodes())})
                          : schedule_digits(s);
}

std::vector<std::uint32_t> first_equal_payloads(
    std::size_t count, const std::function<const Payload&(std::size_t)>& payload) {
  const auto hash = [&](std::uint32_t i) { return payload_hash(payload(i)); };
  const auto equal = [&](std::uint32_t a, std::uint32_t b) { return payload(a) == payload(b); };
  std::unordered_set<std::uint32_t, decltype(hash), decltype(equal)> seen(count, hash, equal);
  std::vector<std::uint32_t> first(count);
  for (std::size_t i = 0; i < count; ++i)
    first[i] = *seen.insert(static_cast<std::uint32_t>(i)).first;
  return first;
}

void share_equal_payloads(Schedule& s) {
  std::vector<Payload> kept;
  PayloadInterner interner(kept);
  std::vector<std::uint32_t> index(s.payloads.size());
  for (std::size_t i = 0; i < s.payloads.size(); ++i)
    index[i] = interner.add(std::move(s.payloads[i]));
  s.payloads = std::move(kept);
  for (Step& st : s.steps)
    for (Transfer& t : st.transfers) t.payload = index[t.payload];
}

PayloadInterner::PayloadInterner(std::vector<Payload>& payloads)
    : payloads_(payloads), seen_(0, Hash{&payloads}, Equal{&payloads}) {
  for (std::uint32_t i = 0; i < payloads_.size(); ++i) seen_.insert(i);
}

std::size_t PayloadInterner::Hash::operator()(std::uint32_t i) const {
  return payload_hash((*list)[i]);
}

std::uint32_t PayloadInterner::add(Payload p) {
  payloads_.push_back(std::move(p));
  const auto last = static_cast<std::uint32_t>(payloads_.size() - 1);
  const auto [at, fresh] = seen_.insert(last);
  if (!fresh) payloads_.pop_back();
  return *at;
}

}  // namespace netsched
