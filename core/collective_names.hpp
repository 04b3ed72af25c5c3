#pragma once
/// One name table for the collectives: netsched's own name (schedule files, the CLI, gen) and
/// the name each engine netsched speaks to gives the same collective (MSCCL-IR's `coll`, which
/// the MSCCL++ plans and Chakra traces reuse; SMPI's, which is MPI's; ASTRA-sim's
/// `<name>-implementation-custom` key).
///
/// Why one table: a collective spelled in seven places is one rename away from two names that
/// disagree; every reader and writer looks its spelling up here.
#include <array>
#include <optional>
#include <string_view>

#include "core/schedule.hpp"

namespace netsched {

struct CollectiveNames {
  Collective::Kind kind;
  std::string_view name;   ///< netsched's
  std::string_view msccl;  ///< MSCCL-IR's <algo coll="...">, "" where MSCCL has none
  std::string_view smpi;   ///< SMPI's (MPI's) collective, "" where simulate times none
  std::string_view astra;  ///< ASTRA-sim's system-config name, "" where it has none
};

inline constexpr std::array<CollectiveNames, 13> kCollectiveNames{{
    {Collective::Kind::Route, "route", "", "", ""},
    {Collective::Kind::Broadcast, "broadcast", "broadcast", "bcast", ""},
    {Collective::Kind::Scatter, "scatter", "scatter", "scatter", ""},
    {Collective::Kind::Gather, "gather", "gather", "gather", ""},
    {Collective::Kind::AllGather, "all-gather", "allgather", "allgather", "all-gather"},
    {Collective::Kind::TotalExchange, "total-exchange", "alltoall", "alltoall", "all-to-all"},
    {Collective::Kind::Multicast, "multicast", "", "", ""},
    {Collective::Kind::AllReduce, "all-reduce", "allreduce", "allreduce", "all-reduce"},
    {Collective::Kind::Prefix, "prefix", "", "scan", ""},
    {Collective::Kind::MatMul, "matmul", "", "", ""},
    {Collective::Kind::VecMat, "vecmat", "", "", ""},
    {Collective::Kind::Reduce, "reduce", "reduce", "reduce", ""},
    {Collective::Kind::ReduceScatter, "reduce-scatter", "reducescatter", "reduce_scatter",
     "reduce-scatter"},
}};

/// The row of `kind`.
const CollectiveNames& names_of(Collective::Kind kind);
/// The kind MSCCL-IR's `coll` names, or nullopt.
std::optional<Collective::Kind> kind_of_msccl(std::string_view coll);

}  // namespace netsched
