#include "core/schedule_io.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <stdexcept>

#include "core/enum_names.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/json_text.hpp"
#include "core/limits.hpp"
#include "core/parallel.hpp"
#include "core/schedule_rules.hpp"
#include "core/sha256.hpp"
#include "core/structure.hpp"
#include "core/text.hpp"

namespace netsched {
namespace {

using json = nlohmann::json;

json node_ids(const std::vector<NodeId>& ids) {
  json a = json::array();
  for (NodeId v : ids) a.push_back(v.v);
  return a;
}

json collective_json(const Collective& col) {
  json c;
  c["kind"] = col.name();
  switch (col.kind()) {
    case Collective::Kind::Route:
      c["source"] = col.root().v;
      c["target"] = col.target().v;
      break;
    case Collective::Kind::Broadcast:
    case Collective::Kind::Scatter:
    case Collective::Kind::Gather:
    case Collective::Kind::Reduce:
      c["root"] = col.root().v;
      break;
    case Collective::Kind::MatMul:
      c["m"] = col.matrix_size();
      c["home"] = node_ids(col.groups().front());
      break;
    case Collective::Kind::VecMat:
      c["rows"] = col.matrix_size();
      c["source"] = col.root().v;
      c["home"] = node_ids(col.groups().front());
      break;
    default:
      break;
  }
  if (col.kind() == Collective::Kind::Multicast ||
      (!col.groups().empty() &&
       (col.kind() == Collective::Kind::AllReduce || col.kind() == Collective::Kind::Prefix))) {
    json g = json::array();
    for (const auto& group : col.groups()) g.push_back(node_ids(group));
    c["groups"] = std::move(g);
  }
  if (col.pieces() != 1) c["pieces"] = col.pieces();
  c["nodes"] = col.nodes();
  return c;
}

template <class Ranges>
json ranges_json(const Ranges& rs) {
  json a = json::array();
  for (const auto& r : rs) a.push_back({r.lo, r.hi});
  return a;
}

/// A box as one entry per digit: "*" (every value), a value, or a list of values.
json box_json(const Digits& digits, const DigitBox& b) {
  json box = json::array();
  for (std::size_t i = 0; i < digits.size(); ++i) {
    const auto v = digit_values(digits, b, i);
    if (v.size() == digits.radix()[i] && v.size() > 1)
      box.push_back("*");
    else if (v.size() == 1)
      box.push_back(v[0]);
    else
      box.push_back(v);
  }
  return box;
}

json payload_json(const Payload& p, const Digits& digits) {
  if (!p.moves.empty()) {
    json m = json::array();
    for (const Move& mv : p.moves) m.push_back({mv.src, mv.dst, to_string(mv.op)});
    return {{"moves", std::move(m)}};
  }
  if (!p.select) return p.chunks;
  json sel = json::object();
  if (!p.select->dest_in.empty()) sel["dest_in"] = ranges_json(p.select->dest_in);
  if (!p.select->origin_in.empty()) sel["origin_in"] = ranges_json(p.select->origin_in);
  if (!p.select->dest_boxes.empty()) {
    json boxes = json::array();
    for (const DigitBox& b : p.select->dest_boxes) boxes.push_back(box_json(digits, b));
    sel["dest_boxes"] = std::move(boxes);
  }
  if (!p.select->acquired_in.empty()) sel["acquired_in"] = ranges_json(p.select->acquired_in);
  return {{"held", sel}};
}

json compute_json(const std::vector<LocalOp>& compute) {
  json ops = json::array();
  for (const LocalOp& op : compute) {
    json o = {op.dst, op.a, op.b, to_string(op.op)};
    if (!op.nodes.empty()) o.push_back(ranges_json(op.nodes));
    ops.push_back(std::move(o));
  }
  return ops;
}

/// A step as parallel lists from, to and payload (one index when all transfers share it);
/// `index` renumbers payloads.
json step_json(const Step& st, const std::vector<std::uint32_t>& index) {
  std::vector<std::uint32_t> from, to, pay;
  from.reserve(st.transfers.size());
  to.reserve(st.transfers.size());
  bool uniform = true;
  for (const auto& t : st.transfers) {
    from.push_back(t.from.v);
    to.push_back(t.to.v);
    pay.push_back(index[t.payload]);
    uniform = uniform && t.payload == st.transfers.front().payload;
  }
  json step;
  step["from"] = std::move(from);
  step["to"] = std::move(to);
  if (uniform && !pay.empty())
    step["payload"] = pay.front();
  else
    step["payload"] = std::move(pay);
  if (!st.compute.empty()) step["compute"] = compute_json(st.compute);
  return step;
}

/// "*", a value or a list of values (Any, Fixed), or {"digit": i, "add": a} (Copy).
json rel_digit_json(const RelDigit& rd) {
  switch (rd.kind) {
    case RelDigit::Kind::Any:
      return "*";
    case RelDigit::Kind::Fixed:
      return rd.values.size() == 1 ? json(rd.values.front()) : json(rd.values);
    case RelDigit::Kind::Copy:
      return rd.add == 0 ? json{{"digit", rd.src}} : json{{"digit", rd.src}, {"add", rd.add}};
  }
  return nullptr;
}

json rel_box_json(const RelBox& b) {
  json a = json::array();
  for (const RelDigit& rd : b) a.push_back(rel_digit_json(rd));
  return a;
}

json rule_json(const StepRule& r, const Digits& digits, const std::vector<std::uint32_t>& index) {
  json senders = json::array();
  for (const DigitBox& b : r.senders) senders.push_back(box_json(digits, b));
  json rule = {{"senders", std::move(senders)}, {"to", rel_box_json(r.to)}};
  if (!r.except.empty()) {
    json except = json::array();
    for (const DigitBox& b : r.except) except.push_back(box_json(digits, b));
    rule["except"] = std::move(except);
  }
  if (r.payload) {
    rule["payload"] = index[*r.payload];
    return rule;
  }
  json held = json::object();
  if (!r.held->dest_in.empty()) held["dest_in"] = ranges_json(r.held->dest_in);
  if (!r.held->origin_in.empty()) held["origin_in"] = ranges_json(r.held->origin_in);
  json boxes = json::array();
  for (const RelBox& b : r.held->dest_boxes) boxes.push_back(rel_box_json(b));
  held["dest_boxes"] = std::move(boxes);
  if (!r.held->acquired_in.empty()) held["acquired_in"] = ranges_json(r.held->acquired_in);
  rule["held"] = std::move(held);
  return rule;
}

/// Decimal digits of the largest node id: what one id costs in a column.
std::size_t id_chars(std::uint64_t nodes) {
  std::size_t n = 1;
  for (std::uint64_t v = nodes; v >= 10; v /= 10) ++n;
  return n;
}

/// The rules a step is written as, or nullopt for columns (StepForm).
std::optional<std::vector<StepRule>> step_rules(const Schedule& s, const Digits& digits,
                                                const Step& st, StepForm form) {
  const std::size_t n = st.transfers.size();
  if (form == StepForm::Columns || digits.empty() || n == 0) return std::nullopt;
  if (form == StepForm::Rules) return compress_step(digits, st, s.payloads, n);
  if (n < kRuleMinTransfers) return std::nullopt;
  constexpr std::size_t kRulesPerTransfers = 16;  // more rules than n/16 cannot pay
  auto rules = compress_step(digits, st, s.payloads, n / kRulesPerTransfers);
  if (!rules) return std::nullopt;
  const std::vector<std::uint32_t> same(s.payloads.size());  // sizes only
  std::size_t bytes = 0;
  for (const StepRule& r : *rules) bytes += rule_json(r, digits, same).dump().size();
  const std::size_t column_bytes = n * 2 * (id_chars(s.collective.nodes()) + 1);
  if (2 * bytes >= column_bytes) return std::nullopt;
  return rules;
}

json content_json(const Schedule& s, StepForm form) {
  json j;
  j["format"] = kScheduleFormat;
  j["version"] = kScheduleVersion;
  j["topology"] = s.topology;
  j["collective"] = collective_json(s.collective);
  if (!s.registers.empty()) j["registers"] = s.registers;
  if (!s.digits.empty()) j["digits"] = s.digits;
  const Digits digits(s.digits);
  j["model"] = to_string(s.model);
  if (s.model == PortModel::KPort) j["ports"] = s.ports;
  j["algorithm"] = s.algorithm;
  std::vector<std::optional<std::vector<StepRule>>> rules(s.steps.size());
  parallel_items(
      s.steps.size(), 0, [] { return 0; },
      [&](int&, std::uint64_t i) { rules[i] = step_rules(s, digits, s.steps[i], form); },
      [](int&) {});
  // With rule-form steps, only the payloads something still names are listed, renumbered.
  std::vector<std::uint32_t> index(s.payloads.size());
  std::vector<bool> listed(s.payloads.size(), true);
  if (std::any_of(rules.begin(), rules.end(), [](const auto& r) { return r.has_value(); })) {
    listed.assign(s.payloads.size(), false);
    for (std::size_t i = 0; i < s.steps.size(); ++i) {
      if (!rules[i])
        for (const Transfer& t : s.steps[i].transfers) listed[t.payload] = true;
      else
        for (const StepRule& r : *rules[i])
          if (r.payload) listed[*r.payload] = true;
    }
  }
  json payloads = json::array();
  for (std::size_t p = 0; p < s.payloads.size(); ++p) {
    index[p] = static_cast<std::uint32_t>(payloads.size());
    if (listed[p]) payloads.push_back(payload_json(s.payloads[p], digits));
  }
  j["payloads"] = std::move(payloads);
  json steps = json::array();
  for (std::size_t i = 0; i < s.steps.size(); ++i) {
    if (!rules[i]) {
      steps.push_back(step_json(s.steps[i], index));
      continue;
    }
    json step;
    json list = json::array();
    for (const StepRule& r : *rules[i]) list.push_back(rule_json(r, digits, index));
    step["rules"] = std::move(list);
    if (!s.steps[i].compute.empty()) step["compute"] = compute_json(s.steps[i].compute);
    steps.push_back(std::move(step));
  }
  j["steps"] = std::move(steps);
  return j;
}

std::string hash_of(const json& content) { return "sha256:" + sha256_hex(content.dump()); }

[[noreturn]] void bad(const std::string& what) { throw InputError("schedule file: " + what); }

/// Runs `check`; the InputError it throws becomes a schedule-file error after `prefix`.
template <class Check>
void as_file_error(const std::string& prefix, Check&& check) {
  try {
    check();
  } catch (const InputError& e) {
    bad(prefix + e.what());
  }
}

const json& field(const json& j, const char* key, const std::string& where) {
  if (!j.is_object() || !j.contains(key)) bad(where + "missing field '" + key + "'");
  return j.at(key);
}

constexpr std::size_t kKeyShown = 40;  // characters of a key a message quotes

/// Refuses an object key outside `keys`: a misspelt key ("bandwith_cut") would otherwise be
/// dropped unnoticed, and the file read as something its writer did not write.
void only_keys(const json& j, std::initializer_list<std::string_view> keys,
               const std::string& where) {
  if (!j.is_object()) return;
  for (const auto& [key, value] : j.items())
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
      std::string list;
      for (std::string_view k : keys) list += (list.empty() ? "" : ", ") + std::string(k);
      bad(where + "unknown key '" + one_line(key, kKeyShown) + "' (" + list + ")");
    }
}

std::uint64_t uint_field(const json& j, const char* key, const std::string& where) {
  const json& v = field(j, key, where);
  if (!v.is_number_unsigned()) bad(where + "field '" + key + "' must be a non-negative integer");
  return v.get<std::uint64_t>();
}

std::uint32_t node_value(const json& v, const std::string& where) {
  if (!v.is_number_unsigned() || v.get<std::uint64_t>() > kMaxNodes)
    bad(where + "expected a node id");
  return static_cast<std::uint32_t>(v.get<std::uint64_t>());
}

/// The "groups" list of a collective: lists of node ids (required and non-empty for multicast).
std::vector<std::vector<NodeId>> node_lists(const json& c, bool required) {
  std::vector<std::vector<NodeId>> out;
  if (!c.contains("groups")) {
    if (required) bad("collective: missing field 'groups'");
    return out;
  }
  const json& g = c["groups"];
  if (!g.is_array()) bad("collective: groups must be a list of node-id lists");
  for (const json& list : g) {
    if (!list.is_array() || list.empty())
      bad("collective: groups must be a list of non-empty node-id lists");
    std::vector<NodeId> ids;
    for (const json& v : list) ids.push_back(NodeId(node_value(v, "collective groups: ")));
    out.push_back(std::move(ids));
  }
  return out;
}

}  // namespace

json lengths_to_json(const LengthCertificate& c) {
  json arcs = json::array();
  for (const auto& a : c.arcs) arcs.push_back({a.from, a.to, a.length});
  return {{"arcs", std::move(arcs)},
          {"distance_sum", c.distance_sum},
          {"weighted_bandwidth", c.weighted_bandwidth}};
}

LengthCertificate lengths_from_json(const json& j, const std::string& where) {
  if (!j.is_object()) bad(where + "must be an object");
  only_keys(j, {"arcs", "distance_sum", "weighted_bandwidth"}, where);
  const auto number = [&](const json& v, const std::string& what) {
    if (!v.is_number() || !std::isfinite(v.get<double>()) || v.get<double>() < 0)
      bad(where + what + " must be a finite number >= 0");
    return v.get<double>();
  };
  LengthCertificate c;
  const json& arcs = field(j, "arcs", where);
  if (!arcs.is_array()) bad(where + "arcs must be a list of [from, to, length]");
  for (const json& a : arcs) {
    if (!a.is_array() || a.size() != 3) bad(where + "an arc must be [from, to, length]");
    c.arcs.push_back({node_value(a[0], where + "arc: "), node_value(a[1], where + "arc: "),
                      number(a[2], "an arc's length")});
  }
  c.distance_sum = number(field(j, "distance_sum", where), "distance_sum");
  c.weighted_bandwidth = number(field(j, "weighted_bandwidth", where), "weighted_bandwidth");
  return c;
}

namespace {
constexpr std::array<EnumName<StepForm>, 3> kStepFormNames{{
    {StepForm::Auto, "auto"},
    {StepForm::Rules, "rules"},
    {StepForm::Columns, "columns"},
}};
}  // namespace

std::string to_string(StepForm f) { return name_of(kStepFormNames, f); }

std::optional<StepForm> step_form_from_name(const std::string& s) {
  return value_named(kStepFormNames, s);
}

std::string schedule_content_hash(const Schedule& s, StepForm form) {
  return hash_of(content_json(s, form));
}

std::string payload_to_json(const Schedule& s, const Payload& p) {
  return payload_json(p, Digits(s.digits)).dump();
}

std::string schedule_to_json(const Schedule& s, std::optional<VerificationRecord> record,
                             StepForm form) {
  json j = content_json(s, form);
  if (record) {
    record->content_hash = hash_of(j);
    json r;
    r["checker"] = record->checker;
    r["verdict"] = record->verdict;
    r["steps"] = record->steps;
    r["payload_sum"] = record->payload_sum;
    r["transfers"] = record->transfers;
    r["bound"] = record->bound ? json(*record->bound) : json(nullptr);
    r["lower_bound"] = record->lower_bound ? json(*record->lower_bound) : json(nullptr);
    r["content_hash"] = record->content_hash;
    if (const auto& c = record->bandwidth_cut)
      r["bandwidth_cut"] = {{"side", c->side},
                            {"links", c->links},
                            {"bandwidth", c->bandwidth},
                            {"chunks", c->chunks}};
    if (const auto& c = record->bandwidth_lengths) r["bandwidth_lengths"] = lengths_to_json(*c);
    j["verification"] = r;
  }
  return j.dump() + "\n";
}

namespace {

/// Characters of a content hash an error message shows ("sha256:" and 12 hex digits).
constexpr std::size_t kHashShown = 19;
/// The largest acquisition time a selector names (times are 32-bit).
constexpr std::uint64_t kMaxTime = std::numeric_limits<std::uint32_t>::max();

/// A collective's "pieces" (1 when absent), 1..kMaxPieces.
std::uint32_t pieces_of(const json& c) {
  if (!c.contains("pieces")) return 1;
  const std::uint64_t pieces = uint_field(c, "pieces", "collective: ");
  if (pieces == 0 || pieces > kMaxPieces)
    bad("collective: pieces must be 1.." + std::to_string(kMaxPieces));
  return static_cast<std::uint32_t>(pieces);
}

/// The collective of a file: its kind, node count and the kind's own fields.
Collective read_collective(const json& c) {
  only_keys(c,
            {"kind", "nodes", "root", "source", "target", "m", "home", "rows", "groups", "pieces"},
            "collective: ");
  const json& kind = field(c, "kind", "collective: ");
  if (!kind.is_string() || !Collective::kind_from_name(kind.get<std::string>()))
    bad("collective: unknown kind " + kind.dump());
  const std::uint64_t n = uint_field(c, "nodes", "collective: ");
  if (n == 0) bad("collective: nodes is 0: a collective needs at least one node");
  if (n > kMaxNodes) bad(limit_error("collective: nodes", n, "kMaxNodes", kMaxNodes).what());
  auto node = [&](const char* key) {
    return NodeId(
        node_value(field(c, key, "collective: "), std::string("collective ") + key + ": "));
  };
  auto homes = [&](const json& home) {
    std::vector<NodeId> h;
    for (const json& v : home) h.push_back(NodeId(node_value(v, "collective home: ")));
    return h;
  };
  const std::string& name = kind.get_ref<const std::string&>();
  if (c.contains("pieces") && name != "all-reduce" && name != "broadcast" && name != "all-gather" &&
      name != "reduce-scatter" && name != "reduce" && name != "prefix")
    bad("collective: pieces belong to all-reduce, reduce, prefix, broadcast, all-gather and "
        "reduce-scatter, not " +
        name);
  switch (*Collective::kind_from_name(kind.get<std::string>())) {
    case Collective::Kind::Route: {
      const NodeId source = node("source");
      return Collective::route(n, source, node("target"));
    }
    case Collective::Kind::Broadcast:
      return Collective::pieced_broadcast(n, node("root"), pieces_of(c));
    case Collective::Kind::Scatter:
      return Collective::scatter(n, node("root"));
    case Collective::Kind::Gather:
      return Collective::gather(n, node("root"));
    case Collective::Kind::AllGather:
      return Collective::pieced_all_gather(n, pieces_of(c));
    case Collective::Kind::TotalExchange:
      return Collective::total_exchange(n);
    case Collective::Kind::Multicast:
      return Collective::multicast(n, node_lists(c, true));
    case Collective::Kind::AllReduce:
      return Collective::vector_all_reduce(n, pieces_of(c), node_lists(c, false));
    case Collective::Kind::Prefix:
      return Collective::prefix(n, node_lists(c, false), pieces_of(c));
    case Collective::Kind::Reduce:
      return Collective::reduce(n, node("root"), pieces_of(c));
    case Collective::Kind::ReduceScatter:
      return Collective::reduce_scatter(n, pieces_of(c));
    case Collective::Kind::MatMul: {
      const std::uint64_t m = uint_field(c, "m", "collective: ");
      if (m == 0 || m > kMaxMatrixSize) bad("collective: matrix size m must be 1..4096");
      const json& home = field(c, "home", "collective: ");
      if (!home.is_array() || home.size() != m * m) bad("collective: home must list m*m node ids");
      return Collective::matmul(n, static_cast<std::uint32_t>(m), homes(home));
    }
    case Collective::Kind::VecMat: {
      const std::uint64_t rows = uint_field(c, "rows", "collective: ");
      const json& home = field(c, "home", "collective: ");
      if (rows == 0 || rows > kMaxMatrixSize || !home.is_array() || home.empty() ||
          home.size() > kMaxMatrixSize)
        bad("collective: vecmat needs rows and home (the column count) in 1..4096");
      const std::vector<NodeId> h = homes(home);
      return Collective::vecmat(n, static_cast<std::uint32_t>(rows), node("source"), h);
    }
  }
  bad("collective: unknown kind " + kind.dump());
}

/// A name the file gives (the algorithm, a register): free text that messages and pictures
/// print, so it is held to printable UTF-8 of a bounded length — a newline or an escape
/// sequence there would reach the terminal, and XML cannot hold control characters.
std::string read_name(const json& v, const std::string& what) {
  constexpr std::size_t kMaxNameBytes = 256;
  if (!v.is_string()) bad(what + " must be a string");
  const std::string& text = v.get_ref<const std::string&>();
  if (text.size() > kMaxNameBytes)
    bad(what + " is " + std::to_string(text.size()) + " bytes long; a name has at most " +
        std::to_string(kMaxNameBytes));
  if (valid_utf8(text) != text) bad(what + " is not UTF-8 text");
  for (const char c : text)
    if (static_cast<unsigned char>(c) < ' ' || c == '\x7f')
      bad(what + " holds a control character (" + one_line(text, kKeyShown) +
          "): a name is printable text");
  return text;
}

std::vector<std::string> read_registers(const json& regs) {
  if (!regs.is_array() || regs.size() > kMaxRegisters) bad("registers must be a list of names");
  std::vector<std::string> out;
  for (const json& r : regs) {
    if (!r.is_string()) bad("registers must be a list of names");
    out.push_back(read_name(r, "a register's name"));
  }
  return out;
}

/// The digits (a mixed radix of the node ids), which must multiply to the node count n.
std::vector<std::uint32_t> read_digits(const json& ds, std::uint64_t n) {
  if (!ds.is_array() || ds.empty() || ds.size() > kMaxDigits)
    bad("digits must be a list of 1..64 radices");
  std::vector<std::uint32_t> out;
  std::uint64_t product = 1;
  for (const json& r : ds) {
    if (!r.is_number_unsigned() || r.get<std::uint64_t>() == 0 ||
        r.get<std::uint64_t>() > kMaxRadix)
      bad("digits: every radix is an integer 1..65536");
    product *= r.get<std::uint64_t>();
    if (product > n) break;
    out.push_back(r.get<std::uint32_t>());
  }
  if (product != n)
    bad("digits: the radices multiply to " +
        (product > n ? "more than " + std::to_string(n) : std::to_string(product)) +
        ", but the collective has " + std::to_string(n) + " nodes");
  return out;
}

/// Register indices and operations, checked against the declared registers.
struct RegisterReader {
  std::size_t count = 0;
  std::uint16_t reg(const json& v, const std::string& where) const {
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= count)
      bad(where + "register index out of range (the schedule declares " + std::to_string(count) +
          " registers)");
    return static_cast<std::uint16_t>(v.get<std::uint64_t>());
  }
  RegOp op(const json& v, const std::string& where) const {
    if (!v.is_string() || !reg_op_from_name(v.get<std::string>()))
      bad(where + "operation must be set, combine or mul");
    return *reg_op_from_name(v.get<std::string>());
  }
};

Payload read_moves(const json& p, const RegisterReader& regs, const std::string& where) {
  const json& moves = p["moves"];
  if (!moves.is_array() || moves.empty() || p.size() != 1)
    bad(where + "moves must be a non-empty list");
  Payload pl;
  for (const json& mv : moves) {
    if (!mv.is_array() || mv.size() != 3) bad(where + "a move is [src, dst, \"set\"|\"combine\"]");
    Move m{regs.reg(mv[0], where), regs.reg(mv[1], where), regs.op(mv[2], where)};
    if (m.op == RegOp::Mul) bad(where + "mul is a local operation, not a move");
    pl.moves.push_back(m);
  }
  return pl;
}

/// One destination box: per digit "*", a value or a list of values, each below its radix.
DigitBox read_box(const json& b, const Digits& digits, const std::string& where,
                  const std::string& shape, const char* what = "dest_boxes") {
  if (!b.is_array() || b.size() != digits.size()) bad(shape);
  DigitBox box = full_box(digits);
  for (std::size_t di = 0; di < digits.size(); ++di) {
    const json& e = b[di];
    if (e.is_string() && e.get<std::string>() == "*") continue;
    std::vector<std::uint32_t> values;
    auto value = [&](const json& v) {
      if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= digits.radix()[di])
        bad(where + what + ": digit " + std::to_string(di) + " value " + v.dump() +
            " is not below its radix " + std::to_string(digits.radix()[di]));
      values.push_back(v.get<std::uint32_t>());
    };
    if (e.is_array()) {
      if (e.empty()) bad(where + what + ": digit " + std::to_string(di) + " allows no value");
      for (const json& v : e) value(v);
    } else {
      value(e);
    }
    set_digit(digits, box, di, values);
  }
  return box;
}

std::vector<TimeRange> read_time_ranges(const json& rs, const std::string& where) {
  if (!rs.is_array()) bad(where + "acquired_in must be a list of [lo, hi] ranges");
  std::vector<TimeRange> out;
  for (const json& r : rs) {
    if (!r.is_array() || r.size() != 2 || !r[0].is_number_unsigned() ||
        !r[1].is_number_unsigned() || r[0].get<std::uint64_t>() > kMaxTime ||
        r[1].get<std::uint64_t>() > kMaxTime)
      bad(where + "acquired_in must be a list of [lo, hi] ranges");
    TimeRange range{r[0].get<std::uint32_t>(), r[1].get<std::uint32_t>()};
    if (range.lo > range.hi) bad(where + "acquired_in has a range with lo > hi");
    out.push_back(range);
  }
  return out;
}

Selector read_selector(const json& p, const Digits& digits, const std::string& where) {
  const json& held = field(p, "held", where);
  if (!held.is_object()) bad(where + "held must be an object with dest_in and/or origin_in");
  Selector sel;
  for (const char* key : {"dest_in", "origin_in"}) {
    if (!held.contains(key)) continue;
    const json& rs = held[key];
    if (!rs.is_array()) bad(where + key + " must be a list of [lo, hi] ranges");
    for (const json& r : rs) {
      if (!r.is_array() || r.size() != 2) bad(where + key + " must be a list of [lo, hi] ranges");
      IdRange range{node_value(r[0], where), node_value(r[1], where)};
      if (range.lo > range.hi) bad(where + key + " has a range with lo > hi");
      (std::string(key) == "dest_in" ? sel.dest_in : sel.origin_in).push_back(range);
    }
  }
  if (held.contains("dest_boxes")) {
    const json& bs = held["dest_boxes"];
    const std::string shape = where +
                              "dest_boxes must be a list of boxes, each a list of one entry "
                              "per digit (\"*\", a value or a list of values)";
    if (digits.empty()) bad(where + "dest_boxes needs the schedule's digits");
    if (!bs.is_array() || bs.empty()) bad(shape);
    for (const json& b : bs) sel.dest_boxes.push_back(read_box(b, digits, where, shape));
  }
  if (held.contains("acquired_in")) sel.acquired_in = read_time_ranges(held["acquired_in"], where);
  for (const auto& [k, v] : held.items())
    if (k != "dest_in" && k != "origin_in" && k != "acquired_in" && k != "dest_boxes")
      bad(where + "unknown selector '" + k + "'");
  return sel;
}

/// Payload i: register moves, a selector {"held": {...}}, or an explicit chunk list.
Payload read_payload(const json& p, std::size_t i, const RegisterReader& regs,
                     const Digits& digits) {
  const std::string where = "payload " + std::to_string(i) + ": ";
  only_keys(p, {p.is_object() && p.contains("moves") ? "moves" : "held"}, where);
  if (p.is_object() && p.contains("moves")) return read_moves(p, regs, where);
  Payload pl;
  if (p.is_object()) {
    pl.select = read_selector(p, digits, where);
    return pl;
  }
  if (!p.is_array()) bad(where + "must be a list of chunk ids or a selector {\"held\": {...}}");
  for (const json& ch : p) {
    if (!ch.is_number_unsigned())
      bad("payload " + std::to_string(i) + ": chunk ids are non-negative integers");
    pl.chunks.push_back(ch.get<std::uint64_t>());
  }
  return pl;
}

std::vector<LocalOp> read_compute(const json& ops, const RegisterReader& regs,
                                  const std::string& where) {
  const char* shape =
      "compute must be a list of [dst, a, b, op] or [dst, a, b, op, [[lo, hi], ...]]";
  if (!ops.is_array()) bad(where + shape);
  std::vector<LocalOp> out;
  for (const json& o : ops) {
    if (!o.is_array() || (o.size() != 4 && o.size() != 5)) bad(where + shape);
    LocalOp op{regs.reg(o[0], where),
               regs.reg(o[1], where),
               regs.reg(o[2], where),
               regs.op(o[3], where),
               {}};
    if (o.size() == 5) {
      if (!o[4].is_array() || o[4].empty()) bad(where + shape);
      for (const json& r : o[4]) {
        if (!r.is_array() || r.size() != 2) bad(where + shape);
        IdRange range{node_value(r[0], where), node_value(r[1], where)};
        if (range.lo > range.hi) bad(where + "compute node range with lo > hi");
        op.nodes.push_back(range);
      }
    }
    out.push_back(std::move(op));
  }
  return out;
}

/// Step si: parallel lists from, to and payload (one index for all, or one per transfer).
Step read_step(const json& st, std::size_t si, std::size_t payloads, const RegisterReader& regs) {
  const std::string where = "step " + std::to_string(si) + ": ";
  only_keys(st, {"from", "to", "payload", "compute"}, where);
  const json& from = field(st, "from", where);
  const json& to = field(st, "to", where);
  const json& pay = field(st, "payload", where);
  if (!from.is_array() || !to.is_array()) bad(where + "from and to must be lists of node ids");
  if (from.size() != to.size()) bad(where + "from and to have different lengths");
  if (pay.is_array() && pay.size() != from.size()) bad(where + "payload list has the wrong length");
  if (!pay.is_array() && !pay.is_number_unsigned())
    bad(where + "payload must be an index or a list of indices");
  Step step;
  step.transfers.resize(from.size());
  for (std::size_t t = 0; t < from.size(); ++t) {
    const std::string tw =
        where.substr(0, where.size() - 2) + " transfer " + std::to_string(t) + ": ";
    Transfer& tr = step.transfers[t];
    tr.from = NodeId(node_value(from[t], tw));
    tr.to = NodeId(node_value(to[t], tw));
    const json& pv = pay.is_array() ? pay[t] : pay;
    if (!pv.is_number_unsigned() || pv.get<std::uint64_t>() >= payloads)
      bad(tw + "payload index out of range");
    tr.payload = static_cast<std::uint32_t>(pv.get<std::uint64_t>());
  }
  if (st.contains("compute")) step.compute = read_compute(st["compute"], regs, where);
  return step;
}

/// One digit of a relative box (RelDigit): "*", a value or a list of values, or
/// {"digit": i, "add": a} — the sender's digit i plus a, modulo this digit's radix.
RelDigit read_rel_digit(const json& e, const Digits& digits, std::size_t j,
                        const std::string& where) {
  const std::string at = where + "digit " + std::to_string(j) + ": ";
  const std::uint32_t r = digits.radix()[j];
  if (e.is_string() && e.get<std::string>() == "*") return {};
  if (e.is_object()) {
    for (const auto& [k, v] : e.items())
      if (k != "digit" && k != "add") bad(at + "unknown key '" + k + "' (digit, add)");
    const std::uint64_t src = uint_field(e, "digit", at);
    const std::uint64_t add = e.contains("add") ? uint_field(e, "add", at) : 0;
    if (src >= digits.size() || digits.radix()[src] != r || add >= r)
      bad(at + "copies digit " + std::to_string(src) + " plus " + std::to_string(add) +
          ": the source must be a digit of the same radix " + std::to_string(r) +
          " and the addend below it");
    return {
        RelDigit::Kind::Copy, {}, static_cast<std::uint32_t>(src), static_cast<std::uint32_t>(add)};
  }
  RelDigit rd{RelDigit::Kind::Fixed, {}, 0, 0};
  for (const json& v : e.is_array() ? e : json::array({e})) {
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() >= r)
      bad(at + "value " + v.dump() + " is not below its radix " + std::to_string(r));
    rd.values.push_back(v.get<std::uint32_t>());
  }
  if (rd.values.empty()) bad(at + "allows no value");
  return rd;
}

RelBox read_rel_box(const json& b, const Digits& digits, const std::string& where) {
  if (!b.is_array() || b.size() != digits.size())
    bad(where + "a relative box has one entry per digit");
  RelBox box;
  for (std::size_t j = 0; j < digits.size(); ++j)
    box.push_back(read_rel_digit(b[j], digits, j, where));
  return box;
}

/// A rule's selector: as a payload's "held", with dest_boxes relative to the sender.
RelSelector read_rel_selector(const json& held, const Digits& digits, const std::string& where) {
  if (!held.is_object() || !held.contains("dest_boxes") || !held["dest_boxes"].is_array() ||
      held["dest_boxes"].empty())
    bad(where + "held must be an object with a non-empty list dest_boxes");
  json absolute = held;
  absolute.erase("dest_boxes");
  const Selector sel = read_selector({{"held", absolute}}, digits, where);
  RelSelector out{sel.dest_in, sel.origin_in, sel.acquired_in, {}};
  for (const json& b : held["dest_boxes"]) out.dest_boxes.push_back(read_rel_box(b, digits, where));
  return out;
}

/// Step si's rules: {"senders": [box, ...], "to": relative box, "payload": index | "held": {...}}.
std::vector<StepRule> read_rules(const json& rules, std::size_t si, std::size_t payloads,
                                 const Digits& digits) {
  const std::string where = "step " + std::to_string(si) + ": ";
  if (digits.empty()) bad(where + "rules need the schedule's digits");
  if (!rules.is_array()) bad(where + "rules must be a list of rules");
  std::vector<StepRule> out;
  for (std::size_t k = 0; k < rules.size(); ++k) {
    const json& r = rules[k];
    const std::string at = where + "rule " + std::to_string(k) + ": ";
    if (!r.is_object()) bad(at + "a rule is an object with senders, to and payload or held");
    for (const auto& [key, v] : r.items())
      if (key != "senders" && key != "except" && key != "to" && key != "payload" && key != "held")
        bad(at + "unknown key '" + key + "' (senders, except, to, payload, held)");
    StepRule rule;
    const json& senders = field(r, "senders", at);
    const std::string shape = at +
                              "senders must be a list of boxes, each a list of one entry "
                              "per digit (\"*\", a value or a list of values)";
    if (!senders.is_array() || senders.empty()) bad(shape);
    for (const json& b : senders) rule.senders.push_back(read_box(b, digits, at, shape, "senders"));
    if (r.contains("except")) {
      const json& except = r["except"];
      if (!except.is_array() || senders.size() != 1)
        bad(at + "except must be a list of boxes inside the rule's one sender box");
      for (const json& b : except) {
        DigitBox e = read_box(b, digits, at, shape, "except");
        for (std::size_t wi = 0; wi < e.w.size(); ++wi)
          if ((e.w[wi] & rule.senders[0].w[wi]) != e.w[wi])
            bad(at + "except box " + to_string(digits, e) + " is not inside the sender box");
        rule.except.push_back(std::move(e));
      }
    }
    rule.to = read_rel_box(field(r, "to", at), digits, at + "to: ");
    for (const RelDigit& rd : rule.to)
      if (rd.kind == RelDigit::Kind::Any || rd.values.size() > 1)
        bad(at + "to names one receiver: every digit a copy or a single value");
    if (r.contains("payload") == r.contains("held"))
      bad(at + "needs payload or held (one of them)");
    if (r.contains("held")) {
      rule.held = read_rel_selector(r["held"], digits, at);
    } else {
      const json& pv = r["payload"];
      if (!pv.is_number_unsigned() || pv.get<std::uint64_t>() >= payloads)
        bad(at + "payload index out of range");
      rule.payload = pv.get<std::uint32_t>();
    }
    out.push_back(std::move(rule));
  }
  return out;
}

/// A record's bandwidth cut: its side a list of node ids, its counts numbers (recounted against
/// the network by whoever checks the record).
CutRecord read_cut(const json& c) {
  const std::string where = "verification: bandwidth_cut: ";
  if (!c.is_object()) bad(where + "must be an object");
  only_keys(c, {"side", "links", "chunks", "bandwidth"}, where);
  CutRecord out;
  const json& side = field(c, "side", where);
  if (!side.is_array()) bad(where + "side must be a list of node ids");
  for (const json& v : side) out.side.push_back(node_value(v, where + "side: "));
  std::vector<std::uint32_t> sorted = out.side;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
    bad(where + "side names a node twice: a cut's side is a set of nodes");
  out.links = uint_field(c, "links", where);
  out.chunks = uint_field(c, "chunks", where);
  const json& b = field(c, "bandwidth", where);
  if (!b.is_number() || !(b.get<double>() > 0)) bad(where + "bandwidth must be a number above 0");
  out.bandwidth = b.get<double>();
  return out;
}

/// The verification record, whose content hash must be the content's.
VerificationRecord read_record(const json& record, const std::string& content_hash) {
  VerificationRecord r;
  const std::string where = "verification: ";
  only_keys(record,
            {"checker", "verdict", "content_hash", "steps", "payload_sum", "transfers", "bound",
             "lower_bound", "bandwidth_cut", "bandwidth_lengths"},
            where);
  auto str = [&](const char* k) {
    const json& v = field(record, k, where);
    if (!v.is_string()) bad(where + k + " must be a string");
    return v.get<std::string>();
  };
  auto opt = [&](const char* k) -> std::optional<std::uint64_t> {
    const json& v = field(record, k, where);
    if (v.is_null()) return std::nullopt;
    if (!v.is_number_unsigned()) bad(where + k + " must be an integer or null");
    return v.get<std::uint64_t>();
  };
  r.checker = str("checker");
  r.verdict = str("verdict");
  r.content_hash = str("content_hash");
  r.steps = uint_field(record, "steps", where);
  r.payload_sum = uint_field(record, "payload_sum", where);
  r.transfers = uint_field(record, "transfers", where);
  r.bound = opt("bound");
  r.lower_bound = opt("lower_bound");
  if (record.contains("bandwidth_cut")) r.bandwidth_cut = read_cut(record["bandwidth_cut"]);
  if (record.contains("bandwidth_lengths"))
    r.bandwidth_lengths =
        lengths_from_json(record["bandwidth_lengths"], "verification: bandwidth_lengths: ");
  if (r.content_hash != content_hash)
    bad("tampered: the content hash " + content_hash.substr(0, kHashShown) +
        "... does not match the verification record's " + r.content_hash.substr(0, kHashShown) +
        "..." + std::string(kEditedScheduleHint));
  return r;
}

}  // namespace

namespace {

/// Reads a parsed document (below).
ScheduleFile schedule_from_document(json j, std::uint64_t max_transfers);

}  // namespace

ScheduleFile read_schedule_file(const std::string& path) {
  return schedule_from_json(read_file(path, kMaxScheduleBytes, "kMaxScheduleBytes"));
}

ScheduleFile schedule_from_json(std::string_view text, std::uint64_t max_transfers) {
  if (text.size() > kMaxScheduleBytes)
    bad(std::to_string(text.size()) + " bytes, over the limit " +
        limit_text("kMaxScheduleBytes", kMaxScheduleBytes));
  as_file_error("", [&] { check_json_text(text, "the schedule"); });
  json j = parse_json_unique_keys(text, "schedule file");  // a key twice: two readings
  try {
    return schedule_from_document(std::move(j), max_transfers);
  } catch (const json::exception& e) {  // a value of a type the reader did not test for
    bad(std::string("unexpected JSON value (") + e.what() + ")");
  }
}

namespace {

/// The digit boxes a document lists (payload selectors' dest_boxes, rules' senders and except),
/// counted before any is read: each takes digits.words() words however short its text (a
/// radix of 65,536 makes an 11-byte box 8.7 KB).
void check_listed_boxes(const json& j, const Digits& digits) {
  const auto count = [](const json& o, const char* key) -> std::uint64_t {
    return o.is_object() && o.contains(key) && o[key].is_array() ? o[key].size() : 0;
  };
  std::uint64_t boxes = 0;
  for (const json& p : j["payloads"])
    if (p.is_object() && p.contains("held")) boxes += count(p["held"], "dest_boxes");
  if (j.contains("steps") && j["steps"].is_array())
    for (const json& st : j["steps"])
      if (st.is_object() && st.contains("rules") && st["rules"].is_array())
        for (const json& r : st["rules"]) boxes += count(r, "senders") + count(r, "except");
  as_file_error("", [&] {
    check_memory(mul_sat(boxes, box_bytes(digits)),
                 "reading the schedule's " + std::to_string(boxes) + " digit boxes");
  });
}

ScheduleFile schedule_from_document(json j, std::uint64_t max_transfers) {
  if (!j.is_object()) bad("expected a JSON object");
  const json& fmt = field(j, "format", "");
  if (!fmt.is_string() || fmt.get<std::string>() != kScheduleFormat)
    bad(std::string("format must be \"") + kScheduleFormat + "\"");
  if (uint_field(j, "version", "") != static_cast<std::uint64_t>(kScheduleVersion))
    bad("unsupported version " + field(j, "version", "").dump() +
        " (this netsched reads version 1)");
  // An unknown key is refused: a misspelt "verification" would otherwise drop the record
  // unnoticed.
  static const std::set<std::string> known = {"format",    "version",  "topology", "collective",
                                              "registers", "digits",   "model",    "algorithm",
                                              "ports",     "payloads", "steps",    "verification"};
  for (const auto& [key, value] : j.items())
    if (!known.count(key))
      bad("unknown key \"" + key +
          "\" (a schedule file has format, version, topology, "
          "collective, registers, digits, model, ports, algorithm, payloads, steps, "
          "verification)");
  ScheduleFile out;
  Schedule& s = out.schedule;
  const json& topo = field(j, "topology", "");
  if (!topo.is_string()) bad("topology must be a spec string");
  s.topology = topo.get<std::string>();
  s.collective = read_collective(field(j, "collective", ""));
  if (j.contains("registers")) s.registers = read_registers(j["registers"]);
  if (j.contains("digits")) s.digits = read_digits(j["digits"], s.collective.nodes());
  const Digits digits(s.digits);
  const RegisterReader regs{s.registers.size()};
  const json& model = field(j, "model", "");
  if (!model.is_string() || !port_model_from_name(model.get<std::string>()))
    bad("unknown model " + model.dump() + " (" + port_model_names() + ")");
  s.model = *port_model_from_name(model.get<std::string>());
  if (s.model == PortModel::KPort) {
    const std::uint64_t k = uint_field(j, "ports", "");
    if (k < 2 || k > kMaxPorts)
      bad("ports must be 2.." + std::to_string(kMaxPorts) + " (one-port is k = 1)");
    s.ports = static_cast<std::uint32_t>(k);
  } else if (j.contains("ports"))
    bad("ports belongs to the k-port model, not " + to_string(s.model));
  if (j.contains("algorithm")) {
    s.algorithm = read_name(j["algorithm"], "algorithm");
  }
  const json& payloads = field(j, "payloads", "");
  if (!payloads.is_array()) bad("payloads must be a list of chunk lists");
  check_listed_boxes(j, digits);
  for (std::size_t i = 0; i < payloads.size(); ++i)
    s.payloads.push_back(read_payload(payloads[i], i, regs, digits));
  const json& steps = field(j, "steps", "");
  if (!steps.is_array()) bad("steps must be a list");
  s.steps.reserve(steps.size());
  // Rule-form steps are expanded once every step is read and the transfer count is known.
  std::vector<std::vector<StepRule>> rules(steps.size());
  std::uint64_t transfers = 0, rule_bytes = 0;  // rule_bytes: their selectors, instantiated
  for (std::size_t si = 0; si < steps.size(); ++si) {
    const json& st = steps[si];
    if (st.is_object() && st.contains("rules")) {
      for (const auto& [key, v] : st.items())
        if (key != "rules" && key != "compute")
          bad("step " + std::to_string(si) + ": a rule-form step has rules and compute, not '" +
              key + "'");
      rules[si] = read_rules(st["rules"], si, s.payloads.size(), digits);
      s.steps.emplace_back();
      if (st.contains("compute"))
        s.steps.back().compute =
            read_compute(st["compute"], regs, "step " + std::to_string(si) + ": ");
      as_file_error("step " + std::to_string(si) + ": ", [&] {
        transfers = add_sat(transfers, rule_transfers(digits, rules[si]));
        rule_bytes = add_sat(rule_bytes, rule_payload_bytes(digits, rules[si]));
      });
    } else {
      s.steps.push_back(read_step(st, si, s.payloads.size(), regs));
      transfers += s.steps.back().transfers.size();
    }
    if (transfers > max_transfers)
      bad("the steps up to step " + std::to_string(si) + " make " + std::to_string(transfers) +
          " transfers, over the limit " + limit_text("kMaxTransfers", max_transfers));
  }
  as_file_error("", [&] {
    check_memory(add_sat(mul_sat(transfers, kBytesPerTransfer), rule_bytes),
                 "reading and checking the schedule's " + std::to_string(transfers) + " transfers");
  });
  if (std::any_of(rules.begin(), rules.end(), [](const auto& r) { return !r.empty(); })) {
    RuleExpander expander(digits, s.payloads);
    for (std::size_t si = 0; si < rules.size(); ++si) {
      as_file_error("step " + std::to_string(si) + ": ",
                    [&] { expander.expand(rules[si], s.steps[si]); });
    }
    share_equal_payloads(s);
  }
  json record;
  if (j.contains("verification")) {
    record = j["verification"];
    j.erase("verification");
  }
  out.content_hash = hash_of(j);
  if (!record.is_null()) out.record = read_record(record, out.content_hash);
  return out;
}

}  // namespace

}  // namespace netsched
