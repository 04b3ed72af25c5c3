// netsched-verify-mpi: the block engine's check of a total exchange spread over MPI ranks.
//
// The block walk follows origins in groups of 64 and the groups never interact, so rank r of P
// walks the groups g with g % P == r (each rank reads the file itself: nothing but two
// reductions crosses the network). Chunk counts per transfer are summed and the smallest
// undelivered (origin, destination) is taken on rank 0, which then applies the same rules in
// the same order as `netsched verify --engine blocks`: the answer equals the serial one, first
// violation included. This is how a cluster checks what one machine cannot.
//
// Usage: mpirun -np P netsched-verify-mpi FILE [--json] [--threads T]  (T per rank, default 1:
// one rank per core, as mpirun binds them)
// Exit codes as `netsched verify`: 0 holds, 1 violated, 2 bad input, 3 internal error.
#include <fmt/format.h>
#include <mpi.h>

#include <cstdint>
#include <iostream>
#include <limits>
#include <string>

#include "analysis/verification.hpp"
#include "core/errors.hpp"
#include "core/parallel.hpp"
#include "core/structure.hpp"
#include "core/text.hpp"
#include "gen/topology.hpp"
#include "verify/block_walk.hpp"
#include "verify/blocks.hpp"

namespace {

using namespace netsched;

struct Args {
  std::string file;
  bool json = false;
  unsigned threads = 1;  ///< per rank: MPI places one rank per core
};

Args parse(int argc, char** argv) {
  Args a;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--json") {
      a.json = true;
    } else if (arg == "--threads" && i + 1 < argc) {
      const std::string v = argv[++i];
      constexpr std::size_t kMaxThreadDigits = 9;  // checked against kMaxThreads below
      constexpr std::size_t kQuotedChars = 20;
      if (v.empty() || v.size() > kMaxThreadDigits ||
          v.find_first_not_of("0123456789") != std::string::npos)
        throw InputError("--threads must be a whole number from 0 to " +
                         std::to_string(kMaxThreads) + ", got '" + one_line(v, kQuotedChars) + "'");
      check_threads(std::stoul(v));
      a.threads = static_cast<unsigned>(std::stoul(v));
    } else if (a.file.empty() && !arg.starts_with("-")) {
      a.file = arg;
    } else {
      throw InputError("usage: netsched-verify-mpi FILE [--json] [--threads T]");
    }
  }
  if (a.file.empty()) throw InputError("usage: netsched-verify-mpi FILE [--json] [--threads T]");
  return a;
}

/// This rank's share of the walk, reduced on rank 0 into the serial engine's answer.
int check(const Args& a, int rank, int ranks) {
  const double start = MPI_Wtime();
  const ScheduleFile f = read_schedule_file(a.file);
  const Schedule& s = f.schedule;
  const auto t = build_schedule_topology(s.topology);
  check_structure(*t, s);
  if (!blocks_apply(s))
    throw InputError(
        "the distributed check handles total exchanges whose payloads are all selectors");
  const std::uint64_t n = t->num_nodes();
  const unsigned __int128 work = static_cast<unsigned __int128>(n) * ((n + 63) / 64) *
                                 (s.steps.size() + 1) / static_cast<unsigned>(ranks);
  if (work > kBlocksMaxWork)
    throw InputError(
        "each rank's share is over the block engine's limit "
        "kBlocksMaxWork = 2^33: use more ranks");
  const LinkScan scan = scan_links_and_ports(*t, s);
  const Plan plan = make_plan(s, scan.last_step, scan.last_transfer);
  const BlockShare share = walk_block_share(plan, static_cast<std::uint32_t>(rank),
                                            static_cast<std::uint32_t>(ranks), a.threads);
  std::vector<std::uint64_t> counts(rank == 0 ? share.counts.size() : 0);
  MPI_Reduce(share.counts.data(), counts.data(), static_cast<int>(share.counts.size()),
             MPI_UINT64_T, MPI_SUM, 0, MPI_COMM_WORLD);
  constexpr std::uint64_t kNone = std::numeric_limits<std::uint64_t>::max();
  const std::uint64_t mine =
      share.missing ? std::uint64_t{share.missing->first} << 32 | share.missing->second : kNone;
  std::uint64_t first = kNone;
  MPI_Reduce(&mine, &first, 1, MPI_UINT64_T, MPI_MIN, 0, MPI_COMM_WORLD);
  if (rank != 0) return 0;
  std::optional<std::pair<std::uint32_t, std::uint32_t>> missing;
  if (first != kNone)
    missing = {static_cast<std::uint32_t>(first >> 32), static_cast<std::uint32_t>(first)};
  const Verification v = verification_of(
      *t, s, figures_by_rule(blocks_verdict(s, plan, scan, counts, missing, Engine::Blocks)));
  nlohmann::json j = v.to_json(s, {});
  j["ranks"] = ranks;
  j["seconds"] = MPI_Wtime() - start;
  if (a.json) {
    std::cout << j.dump(2) << "\n";
  } else {
    std::cout << fmt::format("{}: {} of {} on {} ({}, {})\n", a.file,
                             v.check.ok() ? "holds" : "VIOLATED", s.collective.name(), s.topology,
                             to_string(s.model), s.algorithm);
    std::cout << fmt::format(
        "  steps {}  payload sum {}  transfers {}  (blocks simulation on {} MPI ranks, {:.2f} s)\n",
        v.check.steps, v.check.payload_sum, v.check.transfers, ranks, MPI_Wtime() - start);
    if (!v.check.ok()) std::cout << "  violation: " << *v.check.violation() << "\n";
  }
  return to_int(exit_code(v.check.verdict));
}

}  // namespace

int main(int argc, char** argv) {
  MPI_Init(&argc, &argv);
  int rank = 0, ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  int code = 0;
  try {  // every rank reads the same input, so every rank fails alike before any reduction
    code = check(parse(argc, argv), rank, ranks);
  } catch (const InputError& e) {
    if (rank == 0) std::cerr << "netsched-verify-mpi: " << e.what() << "\n";
    code = to_int(ExitCode::BadInput);
  } catch (const std::exception& e) {
    if (rank == 0) std::cerr << "netsched-verify-mpi: internal error: " << e.what() << "\n";
    code = to_int(ExitCode::InternalError);
  }
  MPI_Finalize();
  return code;
}
