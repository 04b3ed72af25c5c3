// netsched chakra export FILE -o PREFIX: Chakra execution traces for ASTRA-sim's custom
// collectives, and the ns-3 topology of the network (exec/chakra/trace.hpp)
#include <fmt/format.h>

#include <iostream>

#include "app/cli.hpp"
#include "core/collective_names.hpp"
#include "core/errors.hpp"
#include "core/io.hpp"
#include "core/schedule_io.hpp"
#include "exec/chakra/trace.hpp"
#include "exec/exec_plan.hpp"

namespace netsched::cli {
namespace {

/// ASTRA-sim's name (kCollectiveNames) of the collective MSCCL-IR calls `coll`, else `coll`.
std::string astra_name(const std::string& coll) {
  const auto kind = kind_of_msccl(coll);
  const std::string_view astra = kind ? names_of(*kind).astra : std::string_view();
  return astra.empty() ? coll : std::string(astra);
}

struct TraceOpts {
  std::string file, prefix;
  exec::ChakraOptions chakra;
  bool json = false;
};

int run_trace_export(const TraceOpts& o) {
  const ScheduleFile f = read_schedule_file(o.file);
  const exec::ExecPlan plan(f.schedule);
  const exec::ChakraExport e = exec::export_chakra(plan, plan.network(), o.chakra);
  std::vector<std::pair<std::string, std::string_view>> files;
  for (std::size_t r = 0; r < e.traces.size(); ++r)
    files.emplace_back(o.prefix + "." + std::to_string(r) + ".et", e.traces[r]);
  files.emplace_back(o.prefix + ".ns3-topology.txt", e.ns3_topology);
  write_files_atomic(files);
  const nlohmann::json j{{"prefix", o.prefix},
                         {"ranks", e.traces.size()},
                         {"collective", e.collective},
                         {"messages", e.messages},
                         {"chunk_bytes", e.chunk_bytes},
                         {"padded", e.padded},
                         {"ns3_topology", files.back().first}};
  std::cout << (o.json
                    ? j.dump(2) + "\n"
                    : fmt::format("{}.0.et .. {}.{}.et: the {} as {} messages of {}-byte "
                                  "chunks{} (ASTRA-sim: \"{}-implementation-custom\": [\"{}\"]); "
                                  "{}: the network for ASTRA-sim's ns-3 backend\n",
                                  o.prefix, o.prefix, e.traces.size() - 1, e.collective, e.messages,
                                  e.chunk_bytes,
                                  e.padded ? " (rounded up: they do not divide the message)" : "",
                                  astra_name(e.collective), o.prefix, files.back().first));
  return to_int(ExitCode::Ok);
}

}  // namespace

Run add_chakra(CLI::App& app) {
  auto o = std::make_shared<TraceOpts>();
  app.require_subcommand(1);
  auto* ex = app.add_subcommand(
      "export",
      "write a schedule as Chakra execution traces, one a rank (PREFIX.<rank>.et: send, receive "
      "and compute nodes with their data dependencies, as ASTRA-sim's custom collectives read "
      "them), and the network as ASTRA-sim's ns-3 topology file (PREFIX.ns3-topology.txt)");
  ex->add_option("FILE", o->file, "schedule file")->required();
  ex->add_option("-o,--output", o->prefix, "the files' prefix")->required()->check(kOutputPrefix);
  ex->add_option("--bytes", o->chakra.bytes,
                 "each node's message, as gen --bytes counts it (the nodes' comm_size follow)")
      ->check(kMessageBytes)
      ->capture_default_str();
  ex->add_option("--bandwidth", o->chakra.bandwidth,
                 "the ns-3 links' rate (SimGrid units: 100Gbps, 25GBps; a link's weight "
                 "multiplies it)")
      ->capture_default_str();
  ex->add_option("--latency", o->chakra.latency, "the ns-3 links' delay (1us, 0.0005ms)")
      ->capture_default_str();
  ex->add_flag("--json", o->json, "machine-readable summary");
  return [o] { return run_trace_export(*o); };
}

}  // namespace netsched::cli
