// netsched-exec: runs a schedule file on MPI ranks, rank i playing node i, moving real bytes.
//
// Why one source built twice: the same program runs on OpenMPI (real processes, real bytes) and
// under SimGrid's SMPI (simulated hosts and links, simulated time), so a simulated time is the
// time of exactly the code that passed the byte check. Each rank executes its own transfers
// (exec/rank_executor.hpp), then runs MPI's own implementation of the same collective on the
// same inputs; its result is the reference the final buffers are compared with byte for byte.
// With --timing the data part of messages is not written or checked (chunk ids still are) and,
// under SMPI, large buffers share memory (SMPI_SHARED_MALLOC) so 1,024 simulated ranks fit.
#include <mpi.h>

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/errors.hpp"
#include "exec/exec_plan.hpp"
#include "exec/mpi_buffer.hpp"
#include "exec/mpi_reference.hpp"
#include "exec/report.hpp"
#include "exec/wire.hpp"

namespace netsched::exec {
namespace {

constexpr int kBadInput = 2, kFailed = 1, kPassed = 0;
constexpr int kTagModulus = 32767;      // MPI guarantees tags up to 32767
constexpr std::size_t kMaxDigits = 12;  // --bytes: at most 10^12 before the range check

struct Args {
  std::string schedule;
  std::uint64_t bytes = 64;
  bool timing = false, json = false, all_ranks = false, dataflow = false, announce = false;
  std::string only = "both";  // schedule | mpi | both
  std::string label = "library default";
  std::string report;  // --report: rank 0 also writes the JSON report here
};

/// Parses argv; throws InputError with the usage on a bad argument.
Args parse_args(int argc, char** argv) {
  const std::string usage =
      "usage: netsched-exec SCHEDULE [--bytes M] [--timing] [--dataflow] "
      "[--only schedule|mpi|both] [--json] [--all-ranks] [--mpi-label TEXT] [--report FILE] "
      "[--announce-timing]";
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) throw InputError(arg + " needs a value; " + usage);
      return argv[++i];
    };
    if (arg == "--bytes") {
      const std::string v = value();
      if (v.empty() || v.find_first_not_of("0123456789") != std::string::npos ||
          v.size() > kMaxDigits)
        throw InputError("--bytes must be a whole number, got '" + v + "'");
      a.bytes = std::stoull(v);
    } else if (arg == "--timing") {
      a.timing = true;
    } else if (arg == "--json") {
      a.json = true;
    } else if (arg == "--dataflow") {
      a.dataflow = true;
    } else if (arg == "--announce-timing") {
      a.announce = true;
    } else if (arg == "--all-ranks") {
      a.all_ranks = true;
    } else if (arg == "--only") {
      a.only = value();
      if (a.only != "schedule" && a.only != "mpi" && a.only != "both")
        throw InputError("--only takes schedule, mpi or both, got '" + a.only + "'");
    } else if (arg == "--mpi-label") {
      a.label = value();
    } else if (arg == "--report") {
      a.report = value();
    } else if (arg == "--help" || arg == "-h") {
      throw InputError(usage);
    } else if (!arg.empty() && arg[0] != '-' && a.schedule.empty()) {
      a.schedule = arg;
    } else {
      throw InputError("unexpected argument '" + arg + "'; " + usage);
    }
  }
  if (a.schedule.empty()) throw InputError("no schedule file given; " + usage);
  return a;
}

using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

/// The header bytes of a received selector's chunk message of `size` bytes.
std::uint64_t received_header(std::uint64_t size, std::uint64_t m) {
  const std::uint64_t per = sizeof(std::uint64_t) + m;
  const std::uint64_t count =
      size >= sizeof(std::uint64_t) ? (size - sizeof(std::uint64_t)) / per : 0;
  return std::min(size, chunk_header_bytes(count, true));
}

/// The receives of one step. Those whose size the schedule fixes are posted at once (so a node
/// that receives on several links does so concurrently, as an all-port schedule means); a
/// selector's message is probed for its size and received in turn. Every message is accepted
/// in plan order. Returns the host seconds spent accepting.
double receive_step(RankExecutor& r, const Args& a, bool registers, std::uint32_t step, int tag) {
  const bool shared = a.timing && !registers;
  const auto receives = r.receives_of(step);
  std::vector<std::unique_ptr<WireBuffer>> in(receives.size());
  std::vector<std::uint64_t> sizes(receives.size(), 0);
  std::vector<MPI_Request> posted;
  std::vector<std::size_t> posted_index;
  // a message whose size the schedule fixes has no header (a register's, a listed payload's);
  // a selector's has its count and ids
  const auto buffer = [&](std::uint64_t size, std::uint64_t header) {
    return std::make_unique<WireBuffer>(size, registers ? size : header, shared);
  };
  for (std::size_t i = 0; i < receives.size(); ++i) {
    const auto size = r.expected_bytes(receives[i]);
    if (!size || *size > static_cast<std::uint64_t>(INT_MAX)) continue;
    in[i] = buffer(*size, 0);
    posted.emplace_back();
    posted_index.push_back(i);
    MPI_Irecv(in[i]->data(), static_cast<int>(*size), MPI_BYTE,
              static_cast<int>(receives[i].peer.v), tag, MPI_COMM_WORLD, &posted.back());
  }
  for (std::size_t i = 0; i < receives.size(); ++i) {
    if (in[i]) continue;
    MPI_Status st;
    MPI_Probe(static_cast<int>(receives[i].peer.v), tag, MPI_COMM_WORLD, &st);
    int count = 0;
    MPI_Get_count(&st, MPI_BYTE, &count);
    sizes[i] = static_cast<std::uint64_t>(count);
    in[i] = buffer(sizes[i], received_header(sizes[i], a.bytes));
    MPI_Recv(in[i]->data(), count, MPI_BYTE, static_cast<int>(receives[i].peer.v), tag,
             MPI_COMM_WORLD, MPI_STATUS_IGNORE);
  }
  std::vector<MPI_Status> status(posted.size());
  MPI_Waitall(static_cast<int>(posted.size()), posted.data(), status.data());
  for (std::size_t k = 0; k < posted.size(); ++k) {
    int count = 0;
    MPI_Get_count(&status[k], MPI_BYTE, &count);
    sizes[posted_index[k]] = static_cast<std::uint64_t>(count);
  }
  const auto t0 = Clock::now();
  for (std::size_t i = 0; i < receives.size(); ++i) r.accept(receives[i], in[i]->data(), sizes[i]);
  return seconds_since(t0);
}

/// msg's wire form in a buffer of its own (its data part shared under SMPI with `shared`).
/// A message over MPI's int count stops every rank: its peer would wait for it forever.
std::unique_ptr<WireBuffer> encoded(const RankExecutor& r, const OutMessage& msg, bool shared) {
  const std::uint64_t size = r.wire_bytes(msg);
  if (size > static_cast<std::uint64_t>(INT_MAX)) {
    std::fprintf(stderr,
                 "netsched-exec: error: a message of %llu bytes exceeds MPI's int "
                 "count (2 GiB); use a smaller --bytes\n",
                 static_cast<unsigned long long>(size));
    MPI_Abort(MPI_COMM_WORLD, kBadInput);
  }
  auto out = std::make_unique<WireBuffer>(size, r.header_bytes(msg), shared);
  r.encode(msg, out->data());
  return out;
}

/// Runs the rank's steps; returns the host seconds spent in local bookkeeping.
double execute_steps(RankExecutor& r, const Args& a, bool registers) {
  double local = 0;
  const bool shared = a.timing && !registers;
  for (std::uint32_t step : r.active_steps()) {
    const int tag = static_cast<int>(step % kTagModulus);
    auto t0 = Clock::now();
    std::vector<OutMessage> msgs = r.start_step(step);
    std::vector<std::unique_ptr<WireBuffer>> out;
    std::vector<MPI_Request> reqs(msgs.size());
    for (const OutMessage& msg : msgs) out.push_back(encoded(r, msg, shared));
    local += seconds_since(t0);
    for (std::size_t i = 0; i < msgs.size(); ++i)
      MPI_Isend(out[i]->data(), static_cast<int>(out[i]->size()), MPI_BYTE,
                static_cast<int>(msgs[i].transfer->peer.v), tag, MPI_COMM_WORLD, &reqs[i]);
    local += receive_step(r, a, registers, step, tag);
    MPI_Waitall(static_cast<int>(reqs.size()), reqs.data(), MPI_STATUSES_IGNORE);
    t0 = Clock::now();
    r.end_step(step);
    local += seconds_since(t0);
  }
  return local;
}

/// A dataflow message's tag: twice its step, plus one for the size a selector's message
/// announces first (its receiver cannot know it). Every step has its own tags, so a receive
/// posted late (a selector's, once its size is in) cannot take another step's message.
int dataflow_tag(std::uint32_t step, bool size) {
  return static_cast<int>(2 * step + (size ? 1 : 0));
}

/// InputError unless every step of the schedule has its two dataflow tags within MPI_TAG_UB.
void check_dataflow_tags(std::uint64_t steps) {
  int* upper = nullptr;
  int found = 0;
  MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &upper, &found);
  const std::uint64_t tags = found && upper ? static_cast<std::uint64_t>(*upper) + 1 : 32768;
  if (2 * steps > tags)
    throw InputError("cannot run as dataflow: its " + std::to_string(steps) +
                     " steps need two MPI tags each, over this MPI's " + std::to_string(tags) +
                     " (MPI_TAG_UB)");
}

/// The requests of a dataflow run: on each link into the rank only its next receive is posted
/// (its sender sends in step order, one message at a time), preceded by the size where the plan
/// does not fix it; each send is posted as it goes, preceded by its size where its receiver
/// cannot know it. The pending requests are kept packed, so a wait looks at a node's links, not
/// at all its transfers.
class Flight {
 public:
  Flight(RankExecutor& r, const Args& a) : r_(r), a_(a), receives_(r.receives()) {
    for (std::uint32_t i = 0; i < receives_.size(); ++i) {
      const auto [at, fresh] = in_of_.try_emplace(receives_[i].peer.v, in_.size());
      if (fresh) in_.emplace_back();
      in_[at->second].receives.push_back(i);
    }
    for (std::size_t link = 0; link < in_.size(); ++link) receive_next(link);
  }

  /// Sends msg: its size first when its receiver cannot know it.
  void send(const OutMessage& msg) {
    auto wire = encoded(r_, msg, a_.timing);
    const std::uint64_t size = wire->size();
    if (!r_.expected_bytes(*msg.transfer)) {
      Pending p(Kind::SendSize, msg.transfer);
      p.size = std::make_unique<std::uint64_t>(size);
      post(std::move(p));
    }
    Pending p(Kind::Send, msg.transfer);
    p.buffer = std::move(wire);
    post(std::move(p));
  }

  bool waiting() const { return !requests_.empty(); }

  /// Waits for one request and acts on it: a receipt delivered and its link's next receive
  /// posted, a size's message posted, a send's link freed. Returns the host seconds spent
  /// acting.
  double complete_one() {
    // one at a time: SMPI's MPI_Waitsome tests every other request with a simulated sleep of
    // smpi/test (100 us by default) each, MPI_Waitany does not
    int done = MPI_UNDEFINED;
    MPI_Status status;
    MPI_Waitany(static_cast<int>(requests_.size()), requests_.data(), &done, &status);
    const auto t0 = Clock::now();
    const auto k = static_cast<std::size_t>(done);
    Pending p = std::move(pending_[k]);
    requests_[k] = requests_.back();
    pending_[k] = std::move(pending_.back());
    requests_.pop_back();
    pending_.pop_back();
    const PlannedTransfer& x = *p.transfer;
    switch (p.kind) {
      case Kind::SendSize:
        break;
      case Kind::Send:
        r_.sent(x);
        break;
      case Kind::ReceiveSize:
        receive(p.link, *p.size);
        break;
      case Kind::Receive: {
        int bytes = 0;
        MPI_Get_count(&status, MPI_BYTE, &bytes);
        r_.deliver(x, p.buffer->data(), static_cast<std::uint64_t>(bytes));
        ++in_[p.link].next;
        receive_next(p.link);
        break;
      }
    }
    return seconds_since(t0);
  }

 private:
  enum class Kind : std::uint8_t { ReceiveSize, Receive, SendSize, Send };
  /// A request's purpose: a message (its buffer) or the size announced before one.
  struct Pending {
    Pending(Kind k, const PlannedTransfer* x, std::size_t l = 0) : kind(k), transfer(x), link(l) {}
    Kind kind;
    const PlannedTransfer* transfer;
    std::size_t link;  ///< receives: the link into the rank
    std::unique_ptr<WireBuffer> buffer;
    std::unique_ptr<std::uint64_t> size;  ///< a size sent or received (MPI holds its address)
  };
  struct InLink {
    std::vector<std::uint32_t> receives;  ///< indices into receives_, in step order
    std::size_t next = 0;
  };

  /// Posts the next receive of a link into the rank, or its size first.
  void receive_next(std::size_t link) {
    if (in_[link].next == in_[link].receives.size()) return;
    const PlannedTransfer& x = receives_[in_[link].receives[in_[link].next]];
    if (const auto size = r_.expected_bytes(x)) return receive(link, *size);
    Pending p(Kind::ReceiveSize, &x, link);
    p.size = std::make_unique<std::uint64_t>(0);
    post(std::move(p));
  }
  void receive(std::size_t link, std::uint64_t size) {
    if (size > static_cast<std::uint64_t>(INT_MAX)) return;  // its sender stops every rank
    const PlannedTransfer& x = receives_[in_[link].receives[in_[link].next]];
    Pending p(Kind::Receive, &x, link);
    const std::uint64_t header = r_.expected_bytes(x) ? 0 : received_header(size, a_.bytes);
    p.buffer = std::make_unique<WireBuffer>(size, header, a_.timing);
    post(std::move(p));
  }
  void post(Pending p) {
    void* data = p.buffer ? static_cast<void*>(p.buffer->data()) : p.size.get();
    const int count = static_cast<int>(p.buffer ? p.buffer->size() : sizeof(std::uint64_t));
    const int peer = static_cast<int>(p.transfer->peer.v);
    const int tag = dataflow_tag(p.transfer->step, !p.buffer);
    requests_.emplace_back();
    if (p.kind == Kind::Send || p.kind == Kind::SendSize)
      MPI_Issend(data, count, MPI_BYTE, peer, tag, MPI_COMM_WORLD, &requests_.back());
    else
      MPI_Irecv(data, count, MPI_BYTE, peer, tag, MPI_COMM_WORLD, &requests_.back());
    pending_.push_back(std::move(p));
  }

  RankExecutor& r_;
  const Args& a_;
  std::span<const PlannedTransfer> receives_;
  std::vector<InLink> in_;
  std::unordered_map<std::uint32_t, std::size_t> in_of_;  ///< peer -> index in in_
  std::vector<MPI_Request> requests_;                     ///< pending, packed
  std::vector<Pending> pending_;                          ///< what each request is
};

/// Runs the rank's transfers as dataflow (--dataflow, exec/rank_executor.hpp): each send posted
/// as soon as the rank may send it (its chunks in, its link free), receipts taken in and sends
/// retired as they complete (class Flight). Returns the host seconds spent in local
/// bookkeeping.
double execute_dataflow(RankExecutor& r, const Args& a) {
  Flight flight(r, a);
  double local = 0;
  while (flight.waiting() || r.sends_left()) {
    const auto t0 = Clock::now();
    const auto messages = r.sendable();
    for (const OutMessage& msg : messages) flight.send(msg);
    local += seconds_since(t0);
    if (flight.waiting())
      local += flight.complete_one();
    else if (messages.empty())  // with nothing pending every free link's next send may go
      throw std::logic_error("dataflow: sends left that nothing will release");
  }
  return local;
}

/// Gathers every rank's result at rank 0 (as JSON text).
std::vector<RankResult> gather_results(const RankResult& mine, int rank, int size) {
  const std::string text = to_json(mine).dump();
  int len = static_cast<int>(text.size());
  std::vector<int> lens(rank == 0 ? size : 0), at(rank == 0 ? size : 0);
  MPI_Gather(&len, 1, MPI_INT, lens.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
  std::string all;
  if (rank == 0) {
    int total = 0;
    for (int i = 0; i < size; ++i) {
      at[i] = total;
      total += lens[i];
    }
    all.resize(static_cast<std::size_t>(total));
  }
  MPI_Gatherv(text.data(), len, MPI_CHAR, all.data(), lens.data(), at.data(), MPI_CHAR, 0,
              MPI_COMM_WORLD);
  std::vector<RankResult> out;
  for (int i = 0; rank == 0 && i < size; ++i)
    out.push_back(rank_result_from_json(nlohmann::json::parse(
        all.substr(static_cast<std::size_t>(at[i]), static_cast<std::size_t>(lens[i])))));
  return out;
}

/// Writes rank 0's report for the caller (netsched run tells a failed rank from a failed start
/// by whether this file exists).
void write_report(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f || std::fputs(text.c_str(), f) < 0 || std::fclose(f) != 0)
    throw std::runtime_error("cannot write the report " + path);
}

double max_over_ranks(double x) {
  double out = 0;
  MPI_Reduce(&x, &out, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
  return out;
}

int run(const Args& a, int rank, int size) {
  const auto plan = shared_plan(a.schedule);
  if (plan->nodes() != static_cast<std::uint64_t>(size))
    throw InputError("the schedule has " + std::to_string(plan->nodes()) + " nodes; run it with " +
                     std::to_string(plan->nodes()) + " ranks, not " + std::to_string(size));
  const Schedule& s = plan->schedule();
  const bool registers = s.collective.combining();
  if (a.dataflow) {
    if (const std::string why = dataflow_refusal(*plan); !why.empty())
      throw InputError("cannot run as dataflow: " + why);
    check_dataflow_tags(s.steps.size());
  }
  ExecOptions opt{a.bytes, !a.timing, {}, a.announce};
  // timing under SMPI: a rank's registers of kSharedDataMin bytes or more in memory every
  // simulated rank shares
  std::unique_ptr<WireBuffer> shared_registers;
  const std::uint64_t words =
      registers ? s.registers.size() * ExecPlan::register_lanes(a.bytes) : 0;
  if (kSharesMemory && a.timing && a.only != "mpi" &&
      words * sizeof(std::int64_t) >= kSharedDataMin) {
    shared_registers = std::make_unique<WireBuffer>(words * sizeof(std::int64_t), 0, true);
    opt.shared_registers = {reinterpret_cast<std::int64_t*>(shared_registers->data()), words};
  }
  RunReport report;
  RankResult mine{static_cast<std::uint32_t>(rank), std::nullopt, 0, 0, 0};
  MpiReference ref =
      mpi_reference(*plan, NodeId(static_cast<std::uint32_t>(rank)), opt, a.only != "schedule");
  if (a.only != "mpi") {
    RankExecutor r(*plan, NodeId(static_cast<std::uint32_t>(rank)), opt);
    const double t0 = start_timing(opt.announce_timing);
    const double local = a.dataflow ? execute_dataflow(r, a) : execute_steps(r, a, registers);
    const double elapsed = stop_timing(t0, opt.announce_timing);
    r.final_check(ref.bytes ? &*ref.bytes : nullptr, ref.values ? &*ref.values : nullptr);
    mine = rank_result(r, local);
    report.schedule_seconds = max_over_ranks(elapsed);
  }
  if (ref.seconds) report.mpi_seconds = max_over_ranks(*ref.seconds);
  report.results = gather_results(mine, rank, size);
  if (rank != 0) return kPassed;
  report.schedule = a.schedule;
  report.transport = kTransportName;
  report.reference = ref.name;
  report.mpi_algorithm = a.label;
  report.ranks = plan->nodes();
  report.steps = s.steps.size();
  report.chunk_bytes = a.bytes;
  report.carry_bytes = !a.timing;
  if (registers) report.register_values_checked = opt.shared_registers.empty();
  report.execution = a.dataflow ? "dataflow" : "steps";
  report.collective = s.collective.name();
  report.algorithm = s.algorithm;
  report.topology = s.topology;
  if (a.json)
    std::printf("%s\n", to_json(report, a.all_ranks).dump().c_str());
  else
    std::printf("%s", to_text(report).c_str());
  std::fflush(stdout);
  if (!a.report.empty()) write_report(a.report, to_json(report, false).dump() + "\n");
  return report.pass() ? kPassed : kFailed;
}

}  // namespace
}  // namespace netsched::exec

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int code = netsched::exec::kPassed;
  try {
    code = netsched::exec::run(netsched::exec::parse_args(argc, argv), rank, size);
  } catch (const std::exception& e) {
    if (rank == 0) std::fprintf(stderr, "netsched-exec: error: %s\n", e.what());
    code = netsched::exec::kBadInput;
  }
  int worst = code;
  MPI_Allreduce(&code, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  MPI_Finalize();
  return rank == 0 ? worst : (worst == netsched::exec::kBadInput ? worst : 0);
}
