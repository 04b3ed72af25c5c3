// MSCCL-IR as the runtimes run it: in-place buffers, <copy>, skipped elements, the connection
// buffering at the program's message size, custom programs, orderings through other gpus'
// messages, nchunksperloop, and exports that load within the runtime's default limits.
//
// The programs here are written for these tests in the dialects of msccl-tools' ncclize and
// MSCCLang, RCCL's shipped algorithms and TE-CCL's outputs (none is copied from them).
#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>
#include <regex>

#include "../helpers.hpp"
#include "analysis/checked.hpp"
#include "core/errors.hpp"
#include "core/schedule_io.hpp"
#include "exec/msccl_ir.hpp"
#include "gen/algorithms.hpp"
#include "gen/topology.hpp"
#include "msccl_oracle.hpp"
#include "tests/app/cli_run.hpp"

using namespace netsched;

namespace {

/// `<step>` in the runtime's attribute form.
std::string step(int s, const char* type, char sb, int so, char db, int dof, int cnt = 1,
                 int depid = -1, int deps = -1, int hasdep = 0) {
  return "<step s=\"" + std::to_string(s) + "\" type=\"" + type + "\" srcbuf=\"" +
         std::string(1, sb) + "\" srcoff=\"" + std::to_string(so) + "\" dstbuf=\"" +
         std::string(1, db) + "\" dstoff=\"" + std::to_string(dof) + "\" cnt=\"" +
         std::to_string(cnt) + "\" depid=\"" + std::to_string(depid) + "\" deps=\"" +
         std::to_string(deps) + "\" hasdep=\"" + std::to_string(hasdep) + "\"/>";
}

std::string tb(int id, int send, int recv, int chan, const std::string& steps) {
  return "<tb id=\"" + std::to_string(id) + "\" send=\"" + std::to_string(send) + "\" recv=\"" +
         std::to_string(recv) + "\" chan=\"" + std::to_string(chan) + "\">" + steps + "</tb>";
}

std::string gpu(int id, int i, int o, int s, const std::string& body) {
  return "<gpu id=\"" + std::to_string(id) + "\" i_chunks=\"" + std::to_string(i) +
         "\" o_chunks=\"" + std::to_string(o) + "\" s_chunks=\"" + std::to_string(s) + "\">" +
         body + "</gpu>";
}

/// A ring all-gather on n gpus in MSCCLang's in-place dialect: everything in the output buffer,
/// the input chunk declared by nothing (i_chunks 0), `inplace="1"` and no `outofplace`.
std::string inplace_ring_allgather(int n, const std::string& extra_attrs = "") {
  std::string gpus;
  for (int g = 0; g < n; ++g) {
    std::string steps = step(0, "s", 'o', g, 'o', g);
    for (int k = 1; k < n - 1; ++k) {
      const int c = ((g - k) % n + n) % n;
      steps += step(k, "rcs", 'o', c, 'o', c);
    }
    const int last = (g + 1) % n;
    steps += step(n - 1, "r", 'o', last, 'o', last);
    gpus += gpu(g, 0, n, 0, tb(0, (g + 1) % n, (g + n - 1) % n, 0, steps));
  }
  return "<algo name=\"ag_ring\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"" +
         std::to_string(n) + "\" ngpus=\"" + std::to_string(n) +
         "\" coll=\"allgather\" inplace=\"1\"" + extra_attrs + ">" + gpus + "</algo>";
}

/// A ring all-reduce on n gpus in the in-place dialect: the input buffer only (o_chunks 0).
std::string inplace_ring_allreduce(int n, const std::string& inplace_attrs) {
  std::string gpus;
  for (int g = 0; g < n; ++g) {
    std::string steps = step(0, "s", 'i', g, 'i', g);
    int s = 1;
    for (int k = 1; k < n - 1; ++k) {
      const int c = ((g - k) % n + n) % n;
      steps += step(s++, "rrs", 'i', c, 'i', c);
    }
    const int own = (g + 1) % n;
    steps += step(s++, "rrcs", 'i', own, 'i', own);
    for (int k = 0; k < n - 2; ++k) {
      const int c = ((g - k) % n + n) % n;
      steps += step(s++, "rcs", 'i', c, 'i', c);
    }
    steps += step(s++, "r", 'i', (g + 2) % n, 'i', (g + 2) % n);
    gpus += gpu(g, n, 0, 0, tb(0, (g + 1) % n, (g + n - 1) % n, 0, steps));
  }
  return "<algo name=\"ar_ring\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"" +
         std::to_string(n) + "\" ngpus=\"" + std::to_string(n) + "\" coll=\"allreduce\" " +
         inplace_attrs + ">" + gpus + "</algo>";
}

/// The verdict of the import's deciding run: "holds", "unknown", the rule, or "refused: ...".
std::string outcome(const std::string& xml, const exec::MscclImportOptions& o = {}) {
  try {
    const exec::MscclImport im = exec::import_msccl(xml, o);
    const Verdict& v = im.decisive().run.verdict;
    if (v.kind == Verdict::Kind::Unknown) return "unknown";
    return v.ok() ? "holds" : std::string(to_string(v.violation->rule));
  } catch (const InputError& e) {
    return std::string("refused: ") + e.what();
  }
}

std::string modes_of(const std::string& xml) {
  std::string m;
  for (const auto& r : exec::import_msccl(xml).runs) m += (m.empty() ? "" : ",") + r.mode;
  return m;
}

}  // namespace

TEST_CASE("MSCCL-IR: in-place programs run with the buffers the runtime aliases", "[exec][msccl]") {
  // MSCCLang writes inplace="1" without outofplace: the old runtime selected it only in place
  const std::string ag = inplace_ring_allgather(4);
  CHECK(modes_of(ag) == "in-place");
  CHECK(outcome(ag) == "holds");
  const std::string ar = inplace_ring_allreduce(4, "inplace=\"1\"");
  CHECK(modes_of(ar) == "in-place");
  CHECK(outcome(ar) == "holds");
  // RCCL's production files state both attributes
  CHECK(outcome(inplace_ring_allreduce(4, "inplace=\"1\" outofplace=\"0\"")) == "holds");
  // declared out of place as well, the same program reads an input it never wrote to its output
  const std::string both = inplace_ring_allreduce(4, "inplace=\"1\" outofplace=\"1\"");
  CHECK_THAT(outcome(both), Catch::Contains("refused: MSCCL-IR: gpu 0 declares 4 input and 0 "
                                            "output chunks"));
  // an in-place all-gather whose sends read the input buffer: gpu g's block of the output
  std::string via_input = std::regex_replace(ag, std::regex(R"(type="s" srcbuf="o" srcoff="(\d))"),
                                             "type=\"s\" srcbuf=\"i\" srcoff=\"0");
  via_input = std::regex_replace(via_input, std::regex(R"(i_chunks="0")"), "i_chunks=\"1\"");
  CHECK(outcome(via_input) == "holds");
  // ... and not out of place, where nothing puts the gpu's own block into its output
  const std::string oop =
      std::regex_replace(via_input, std::regex(R"(inplace="1")"), "inplace=\"0\"");
  CHECK(outcome(oop) == "result");
}

TEST_CASE(
    "MSCCL-IR: <copy> is read as the in-place map, and elements the runtime skips are skipped",
    "[exec][msccl]") {
  // TE-CCL's dialect: <copy> of each gpu's input into its block of the output, then transfers
  const auto prog = [](const std::string& attrs, const std::string& stray) {
    std::string gpus;
    for (int g = 0; g < 2; ++g) {
      const int other = 1 - g;
      gpus += gpu(g, 1, 2, 0,
                  "<copy i_off=\"0\" o_off=\"" + std::to_string(g) + "\"/>" + stray +
                      tb(0, other, other, 0,
                         step(0, "s", 'i', 0, 'o', g) + step(1, "r", 'i', 0, 'o', other)));
    }
    return "<algo name=\"teccl_like\" nchannels=\"1\" nchunksperloop=\"2\" proto=\"Simple\" "
           "coll=\"allgather\" " +
           attrs + " minBytes=\"0\" maxBytes=\"1048576\" redop=\"nop\" ngpus=\"2\">" + gpus +
           "</algo>";
  };
  CHECK(outcome(prog("inplace=\"1\" outofplace=\"0\"", "")) == "holds");
  // msccl-tools' 2021 ncclize wrote inplace="0" beside its <copy>s: the copies make it in place
  const std::string sccl = prog("inplace=\"0\"", "");
  CHECK(modes_of(sccl) == "in-place");
  CHECK(outcome(sccl) == "holds");
  // declared out of place too, the runtime skips the copy and the output block stays empty
  const std::string oop = prog("inplace=\"0\" outofplace=\"1\"", "");
  const exec::MscclImport im = exec::import_msccl(oop);
  REQUIRE(im.decisive().run.verdict.violation);
  CHECK(im.decisive().mode == "out-of-place");
  CHECK_THAT(im.decisive().run.verdict.violation->message,
             Catch::Contains("its <copy> of input chunk 0 there is skipped by the runtime"));
  // an element nobody knows, where the runtime skips it too, is skipped and listed
  const exec::MscclImport skipped =
      exec::import_msccl(prog("inplace=\"1\" outofplace=\"0\"", "<graphs x=\"1\"/>"));
  CHECK(skipped.decisive().run.verdict.ok());
  CHECK(skipped.program.skipped_count == 2);
  CHECK(skipped.program.skipped.front() == "<graphs> in <algo> <gpu '0'>");
}

TEST_CASE("MSCCL-IR: a connection buffers what the runtime does at the program's message size",
          "[exec][msccl]") {
  // two gpus exchange 3 chunks each way: each sends all 3 before it receives
  const auto exchange = [](const std::string& proto, const std::string& max_bytes) {
    std::string gpus;
    for (int g = 0; g < 2; ++g)
      gpus += gpu(g, 6, 6, 0,
                  tb(0, 1 - g, 1 - g, 0,
                     step(0, "s", 'i', 3 * (1 - g), 'o', 3 * g, 3) +
                         step(1, "r", 'i', 0, 'o', 3 * (1 - g), 3)) +
                      tb(1, -1, -1, 0, step(0, "cpy", 'i', 3 * g, 'o', 3 * g, 3)));
    return "<algo name=\"x\" proto=\"" + proto +
           "\" nchannels=\"1\" nchunksperloop=\"6\" ngpus=\"2\" coll=\"alltoall\" inplace=\"0\" "
           "outofplace=\"1\" minBytes=\"0\" maxBytes=\"" +
           max_bytes + "\">" + gpus + "</algo>";
  };
  // LL at 1 KiB: a chunk of 171 B, so an operation carries all 3 chunks and one slot holds it
  const exec::MscclImport ll = exec::import_msccl(exchange("LL", "1024"));
  CHECK(ll.decisive().run.verdict.ok());
  CHECK(ll.buffering.chunks_per_op == 71);
  CHECK(ll.buffering.ops == 8);
  // Simple with no largest size: an operation a chunk, two a connection: both sends wait
  const exec::MscclImport big = exec::import_msccl(exchange("Simple", "0"));
  const auto& v = big.decisive().run.verdict;
  REQUIRE(v.violation);
  CHECK(v.violation->rule == Rule::Deadlock);
  // the message names the blocked send, not a downstream wait
  CHECK(v.violation->message.starts_with("gpu 0 tb 0 step 0 (s) waits for room to send to gpu 1"));
  CHECK_THAT(v.violation->message, Catch::Contains("a cycle"));
  // and the size up to which it completes: 2 MiB / 2 chunks a chunk, in 6 chunks
  REQUIRE(big.completes_up_to);
  CHECK(*big.completes_up_to == 6 * ((std::uint64_t{1} << 21) / 2));
  exec::MscclImportOptions at;
  at.bytes = *big.completes_up_to;
  CHECK(outcome(exchange("Simple", "0"), at) == "holds");
  at.bytes = *big.completes_up_to + 6;
  CHECK(outcome(exchange("Simple", "0"), at) == "deadlock");
  // a size outside the algo's window is refused
  at.bytes = 4096;
  CHECK_THAT(outcome(exchange("LL", "1024"), at),
             Catch::Contains("--bytes 4096 is outside the algo's window of 0 to 1024 bytes"));
}

TEST_CASE("MSCCL-IR: an ordering that holds only through another gpu's messages is no race",
          "[exec][msccl]") {
  // gpu 0 receives gpu 1's chunk in tb 0 and forwards it from tb 1; tb 1 reads it only after a
  // message from gpu 2 that gpu 2 sends after the message tb 0 sent after its receive
  std::string g0 =
      gpu(0, 1, 3, 0,
          tb(0, 2, 1, 0, step(0, "r", 'i', 0, 'o', 1) + step(1, "s", 'i', 0, 'o', 0)) +
              tb(1, 2, 2, 1, step(0, "r", 'i', 0, 'o', 2) + step(1, "s", 'o', 1, 'o', 1)) +
              tb(2, -1, -1, 0, step(0, "cpy", 'i', 0, 'o', 0)));
  std::string g1 =
      gpu(1, 1, 3, 0,
          tb(0, 0, -1, 0, step(0, "s", 'i', 0, 'o', 1)) +
              tb(1, -1, 2, 0, step(0, "r", 'i', 0, 'o', 0) + step(1, "r", 'i', 0, 'o', 2)) +
              tb(2, -1, -1, 0, step(0, "cpy", 'i', 0, 'o', 1)));
  std::string g2 = gpu(
      2, 1, 3, 0,
      tb(0, -1, 0, 0, step(0, "r", 'i', 0, 'o', 0, 1, -1, -1, 1)) +
          tb(1, 0, 0, 1, step(0, "s", 'i', 0, 'o', 2, 1, 0, 0) + step(1, "r", 'i', 0, 'o', 1)) +
          tb(2, 1, -1, 0, step(0, "s", 'o', 0, 'o', 0, 1, 0, 0) + step(1, "s", 'i', 0, 'o', 2)) +
          tb(3, -1, -1, 0, step(0, "cpy", 'i', 0, 'o', 2)));
  const std::string xml =
      "<algo name=\"chain\" proto=\"Simple\" nchannels=\"2\" nchunksperloop=\"3\" ngpus=\"3\" "
      "coll=\"allgather\" inplace=\"0\" outofplace=\"1\" minBytes=\"0\" maxBytes=\"0\">" +
      g0 + g1 + g2 + "</algo>";
  CHECK(outcome(xml) == "holds");
  // without the chain (gpu 2 sends before it receives) the two accesses are unordered
  const std::string unordered = std::regex_replace(
      xml,
      std::regex(
          R"(type="s" srcbuf="i" srcoff="0" dstbuf="o" dstoff="2" cnt="1" depid="0" deps="0")"),
      "type=\"s\" srcbuf=\"i\" srcoff=\"0\" dstbuf=\"o\" dstoff=\"2\" cnt=\"1\" depid=\"-1\" "
      "deps=\"-1\"");
  REQUIRE(unordered != xml);
  CHECK(outcome(unordered) == "race");
}

TEST_CASE("MSCCL-IR: custom programs get every check that needs no postcondition",
          "[exec][msccl]") {
  // gpu 0 sends its input chunk to gpus 1 and 2 (MSCCLang's custom collective example's shape)
  const std::string xml =
      "<algo name=\"fan\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"1\" ngpus=\"3\" "
      "coll=\"custom\" inplace=\"0\">" +
      gpu(0, 1, 1, 0,
          tb(0, 1, -1, 0, step(0, "s", 'i', 0, 'o', 0)) +
              tb(1, 2, -1, 0, step(0, "s", 'i', 0, 'o', 0))) +
      gpu(1, 1, 1, 0, tb(0, -1, 0, 0, step(0, "r", 'i', 0, 'o', 0))) +
      gpu(2, 1, 1, 0, tb(0, -1, 0, 0, step(0, "r", 'i', 0, 'o', 0))) + "</algo>";
  CHECK(outcome(xml) == "unknown");
  // a receive into the input buffer is still an input write
  CHECK(outcome(std::regex_replace(xml, std::regex(R"(type="r" srcbuf="i" srcoff="0" dstbuf="o")"),
                                   "type=\"r\" srcbuf=\"i\" srcoff=\"0\" dstbuf=\"i\"")) ==
        "input-write");
  // reduce_scatter: microsoft/msccl's spelling of reducescatter
  const exec::MscclImport rs =
      exec::import_msccl(exec::write_msccl(exec::export_program(
                             exec::ExecPlan(generate_checked(*build_topology("ring(4)"),
                                                             GenRequest("reduce-scatter", "ring"))
                                                .schedule()),
                             {})),
                         {});
  std::string spelled = exec::write_msccl(rs.program);
  spelled =
      std::regex_replace(spelled, std::regex("coll=\"reducescatter\""), "coll=\"reduce_scatter\"");
  CHECK(outcome(spelled) == "holds");
}

TEST_CASE("MSCCL-IR: nchunksperloop the runtime divides by is a positive int matching the buffers",
          "[exec][msccl]") {
  const std::string ag = inplace_ring_allgather(4);
  const auto with = [&](const std::string& v) {
    return std::regex_replace(ag, std::regex("nchunksperloop=\"4\""),
                              "nchunksperloop=\"" + v + "\"");
  };
  for (const char* v : {"0", "-4", "99999999999"})
    CHECK_THAT(outcome(with(v)),
               Catch::Contains(std::string("nchunksperloop ") + v +
                               " must be 1 to 2147483647: the runtime divides the message by it"));
  CHECK_THAT(outcome(with("3")),
             Catch::Contains("gpu 0 declares 0 input and 4 output chunks, but nchunksperloop 3 "
                             "cuts an allgather into chunks of which the input buffer holds no "
                             "whole number and the output buffer 3"));
  CHECK_THAT(outcome(std::regex_replace(ag, std::regex(" nchunksperloop=\"4\""), "")),
             Catch::Contains("the algo has no nchunksperloop, which the runtimes require"));
}

TEST_CASE("MSCCL-IR exports stay within the runtime's 64 steps a threadblock and load back",
          "[exec][msccl]") {
  // the DGX-1's NVLink graph (lanes as weights): a threadblock of 90 steps once
  const std::string links =
      "0 1 2\n0 2 1\n0 3 1\n0 4 2\n1 2 1\n1 3 2\n1 5 1\n2 3 2\n2 6 2\n3 7 1\n4 5 2\n4 6 1\n"
      "4 7 1\n5 6 1\n5 7 2\n6 7 2\n";
  const std::string path = testing::scratch_path("dgx1.ncol");
  std::ofstream(path) << links;
  // what gen --bytes chooses for 256 MiB at 25 GBps all-port (the issue's reproduction)
  const auto pieced = [&](const char* c) {
    const std::string out = testing::scratch_path(std::string(c) + ".json");
    REQUIRE(run("gen 'file(\"" + path + "\")' " + c +
                " --bytes 268435456 --ports all-port --bandwidth 25GBps -o " + out)
                .code == 0);
    return read_schedule_file(out).schedule;
  };
  for (const char* c : {"all-reduce", "all-gather"}) {
    INFO(c);
    const Schedule s = pieced(c);
    for (const bool inplace : {false, true}) {
      exec::MscclOptions o;
      o.inplace = inplace;
      exec::MscclFigures fig;
      const exec::MscclProgram p = exec::export_program(exec::ExecPlan(s), o, &fig);
      CHECK(fig.longest_tb <= 64);
      CHECK(*p.inplace == inplace);
      CHECK(*p.outofplace == !inplace);
      const exec::MscclImport im = exec::import_msccl(exec::write_msccl(p));
      REQUIRE(im.runs.size() == 1);
      CHECK(im.runs.front().mode == (inplace ? "in-place" : "out-of-place"));
      CHECK(im.runs.front().run.verdict.ok());
    }
  }
  // the protocol and the size window are written, and the import's buffering follows them
  exec::MscclOptions ll;
  ll.proto = "LL";
  ll.min_bytes = 1024;
  ll.max_bytes = 65536;
  const Schedule ring =
      generate_checked(*build_topology("ring(8)"), GenRequest("all-reduce")).schedule();
  const exec::MscclImport im =
      exec::import_msccl(exec::write_msccl(exec::export_program(exec::ExecPlan(ring), ll)));
  CHECK(im.program.proto == "LL");
  CHECK(im.program.min_bytes == 1024);
  CHECK(*im.program.max_bytes == 65536);
  CHECK(im.buffering.describe().starts_with("LL at 65536 B: 8 operations"));
  // longer threadblocks when the runtime is built for them, and refused by a default import
  exec::MscclOptions long_tbs;
  long_tbs.max_steps_per_tb = 256;
  exec::MscclFigures fig;
  const exec::MscclProgram p =
      exec::export_program(exec::ExecPlan(pieced("all-reduce")), long_tbs, &fig);
  CHECK(fig.longest_tb > 64);
  CHECK_THAT(outcome(exec::write_msccl(p)),
             Catch::Contains("(MSCCL_MAX_NUM_STEPS; --max-tb-steps"));
  exec::MscclImportOptions built;
  built.max_steps_per_tb = 256;
  CHECK(outcome(exec::write_msccl(p), built) == "holds");
}

TEST_CASE("msccl import: custom exits 4, a file-naming algo name reads no file", "[exec][msccl]") {
  const std::string dir = testing::scratch_path("");
  const std::string custom = testing::scratch_path("custom.xml");
  std::ofstream(custom)
      << "<algo name=\"c\" proto=\"Simple\" nchannels=\"1\" nchunksperloop=\"1\" ngpus=\"2\" "
         "coll=\"custom\" inplace=\"0\">" +
             gpu(0, 1, 1, 0, tb(0, 1, -1, 0, step(0, "s", 'i', 0, 'o', 0))) +
             gpu(1, 1, 1, 0, tb(0, -1, 0, 0, step(0, "r", 'i', 0, 'o', 0))) + "</algo>";
  const Run r = run("msccl import " + custom + " --json");
  CHECK(r.code == 4);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j.at("verdict") == "unknown");
  CHECK_THAT(j.at("reason").get<std::string>(),
             Catch::Contains("coll custom has no postcondition"));
  // a name that names a file: the file is not read, the links are not checked
  const std::string secret = testing::scratch_path("three.edges");
  std::ofstream(secret) << "0 1\n1 2\n2 0\n";  // 3 nodes: were it read, the import would refuse
  const std::string named = testing::scratch_path("named.xml");
  std::ofstream(named) << std::regex_replace(inplace_ring_allgather(4),
                                             std::regex("name=\"ag_ring\""),
                                             "name=\"ring on file(&quot;" + secret + "&quot;)\"");
  const Run n = run("msccl import " + named);
  CHECK(n.code == 0);
  CHECK_THAT(n.out, Catch::Contains("links not checked (no network: --network SPEC)"));
}

TEST_CASE("MSCCL-IR size-sets: a program for each run of sizes with the same choice",
          "[exec][msccl]") {
  const auto w = exec::msccl_windows({8, 4096, 65536, 1048576}, {"a", "b", "b", "c"});
  REQUIRE(w.size() == 3);
  CHECK((w[0].first == 0 && w[0].last == 0 && w[0].min_bytes == 0 && w[0].max_bytes == 4095));
  CHECK((w[1].first == 1 && w[1].last == 2 && w[1].min_bytes == 4096 && w[1].max_bytes == 1048575));
  CHECK((w[2].first == 3 && w[2].min_bytes == 1048576 && w[2].max_bytes == 0));
  CHECK_THAT(test::error_of([] {
               exec::msccl_windows({4096, 1024}, {"a", "b"});
             }),
             Catch::Contains("the sizes must ascend, got 4096 then 1024"));
  // gen's per-node sizes become the runtime's message sizes: ngpus x for all-gather and alltoall
  const Collective ag = Collective::pieced_all_gather(8, 1);
  CHECK(exec::msccl_message_bytes(ag, 1024) == 8192);
  CHECK(exec::msccl_message_bytes(Collective::broadcast(8, NodeId(0)), 1024) == 1024);
  // the CLI: every program of the set loads back, and the windows tile the sizes
  const std::string prefix = testing::scratch_path("set");
  const Run r = run("msccl export-set 'ring(6)' all-gather --sizes 64,64K,4M --ports all-port -o " +
                    prefix + " --json");
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  REQUIRE(!j.empty());
  CHECK(j.front().at("min_bytes") == 0);
  CHECK(j.back().at("max_bytes") == 0);
  for (std::size_t i = 0; i < j.size(); ++i) {
    if (i + 1 < j.size())
      CHECK(j[i].at("max_bytes").get<std::int64_t>() + 1 == j[i + 1].at("min_bytes"));
    CHECK(run("msccl import " + j[i].at("file").get<std::string>()).code == 0);
  }
}

TEST_CASE("MSCCL-IR: the exports the runtimes refused once load, in place and out of place",
          "[exec][msccl]") {
  // gen --bytes's choices (as the issue reproduced them), each exported both ways and read back
  // with the runtimes' default limits
  const std::vector<std::string> gens = {
      "'complete(8)' all-reduce --bytes 4096 --ports all-port", "'hypercube(4)' all-gather",
      "'torus(4,4)' reduce-scatter --bytes 1048576 --ports all-port",
      "'ring(8)' all-reduce --bytes 1048576"};
  for (const std::string& g : gens) {
    INFO(g);
    const std::string s = testing::scratch_path("done.json"), x = testing::scratch_path("done.xml");
    REQUIRE(run("gen " + g + " -o " + s).code == 0);
    for (const std::string mode : {"", " --inplace"}) {
      const Run e = run("msccl export " + s + " -o " + x + mode + " --json");
      REQUIRE(e.code == 0);
      CHECK(nlohmann::json::parse(e.out).at("longest_threadblock").get<int>() <= 64);
      const Run i = run("msccl import " + x + " --json");
      CHECK(i.code == 0);
      CHECK(nlohmann::json::parse(i.out).at("modes")[0].at("mode") ==
            (mode.empty() ? "out-of-place" : "in-place"));
    }
  }
}
