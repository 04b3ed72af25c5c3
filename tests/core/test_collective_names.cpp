// The collectives' one name table (core/collective_names.hpp): a row per kind, every spelling
// unique in its column, and the lookups that read it round-trip.
#include <catch2/catch.hpp>
#include <set>
#include <string>

#include "core/collective_names.hpp"
#include "exec/simulate.hpp"

namespace netsched {

TEST_CASE("every collective kind has one row of names, each column's names unique") {
  std::set<Collective::Kind> kinds;
  std::set<std::string_view> names, msccl, smpi, astra;
  for (const CollectiveNames& row : kCollectiveNames) {
    INFO(row.name);
    CHECK(kinds.insert(row.kind).second);
    CHECK(names.insert(row.name).second);
    if (!row.msccl.empty()) CHECK(msccl.insert(row.msccl).second);
    if (!row.smpi.empty()) CHECK(smpi.insert(row.smpi).second);
    if (!row.astra.empty()) CHECK(astra.insert(row.astra).second);
    CHECK(&names_of(row.kind) == &row);
    CHECK(Collective::kind_from_name(std::string(row.name)) == row.kind);
    if (!row.msccl.empty()) CHECK(kind_of_msccl(row.msccl) == row.kind);
  }
  CHECK(kinds.size() == static_cast<std::size_t>(Collective::Kind::ReduceScatter) + 1);
  CHECK_FALSE(kind_of_msccl("all-gather"));  // netsched's spelling is not MSCCL's
  CHECK_FALSE(Collective::kind_from_name("allgather"));
}

TEST_CASE("simulate's SMPI collective is the table's, and none for a grouped all-reduce") {
  const std::uint64_t n = 8;
  CHECK(exec::smpi_collective(Collective::all_gather(n)) == "allgather");
  CHECK(exec::smpi_collective(Collective::broadcast(n, NodeId(0))) == "bcast");
  CHECK(exec::smpi_collective(Collective::total_exchange(n)) == "alltoall");
  CHECK(exec::smpi_collective(Collective::all_reduce(n)) == "allreduce");
  CHECK_FALSE(exec::smpi_collective(Collective::route(n, NodeId(0), NodeId(1))));
  CHECK(exec::smpi_collective(Collective::all_reduce(n, {{NodeId(0), NodeId(1)}})) == std::nullopt);
}

}  // namespace netsched
