// The catalogue of bad input: every entry must exit 2 with exactly one line on stderr, the
// line given here (docs/cli.md: one clear message, never a crash, hang or half-written file).
#include <fmt/format.h>

#include <catch2/catch.hpp>
#include <functional>
#include <nlohmann/json.hpp>
#include <regex>
#include <vector>

#include "tests/app/cli_run.hpp"
#include "tests/helpers.hpp"

namespace {

using nlohmann::json;

/// A scratch directory with a good schedule and its variants, one file per edit.
class Files {
 public:
  Files()
      : dir_(std::filesystem::temp_directory_path() /
             ("netsched_cat." + std::to_string(::getpid()))) {
    std::filesystem::create_directories(dir_);
    REQUIRE(run("gen 'hypercube(3)' total-exchange -o " + path("te.json")).code == 0);
    REQUIRE(run("gen 'dualcube(2)' matmul -o " + path("mm.json")).code == 0);
    te_ = json::parse(slurp(path("te.json")));
    mm_ = json::parse(slurp(path("mm.json")));
  }
  ~Files() { std::filesystem::remove_all(dir_); }
  Files(const Files&) = delete;
  Files& operator=(const Files&) = delete;

  std::string path(const std::string& name) const { return (dir_ / name).string(); }
  /// The total exchange edited by `edit`, written as `name` (the record dropped unless kept).
  std::string te(const std::string& name, const std::function<void(json&)>& edit,
                 bool keep_record = false) {
    return write(name, te_, edit, keep_record);
  }
  std::string mm(const std::string& name, const std::function<void(json&)>& edit) {
    return write(name, mm_, edit, false);
  }
  /// The registers the matrix multiplication declares.
  std::size_t mm_registers() const { return mm_["registers"].size(); }
  std::string text(const std::string& name, const std::string& content) {
    std::ofstream(path(name)) << content;
    return path(name);
  }

 private:
  std::string write(const std::string& name, json j, const std::function<void(json&)>& edit,
                    bool keep_record) {
    if (!keep_record) j.erase("verification");
    edit(j);
    return text(name, j.dump());
  }
  std::filesystem::path dir_;
  json te_, mm_;
};

/// A schedule file with no steps: the header alone asks for the work.
std::string header(const std::string& kind, const std::string& topology, std::uint64_t nodes) {
  return json{{"format", "netsched-schedule"},
              {"version", 1},
              {"topology", topology},
              {"collective", {{"kind", kind}, {"nodes", nodes}, {"root", 0}}},
              {"model", "one-port"},
              {"payloads", json::array()},
              {"steps", json::array()}}
      .dump();
}

/// A broadcast on 2^28 nodes whose `steps` rule-form steps each make every node send to the
/// next one: a small file that asks for 2^28 transfers per step.
std::string rules_file(int steps) {
  json j = json::parse(header("broadcast", "torus(65536,4096)", std::uint64_t{1} << 28));
  j["digits"] = {65536, 4096};
  j["payloads"] = json::array({json::array({0})});
  const json rule = {{"senders", json::array({json::array({"*", "*"})})},
                     {"to", json::array({{{"digit", 0}}, {{"digit", 1}, {"add", 1}}})},
                     {"payload", 0}};
  for (int i = 0; i < steps; ++i) j["steps"].push_back({{"rules", {rule}}});
  return j.dump();
}

/// An MSCCL-IR all-gather on 2 GPUs whose GPU 0 has `chain` more threadblocks after its three,
/// each a nop waiting for the one before it (netsched's own export of ring(2), extended).
std::string msccl_chain(Files& f, int chain) {
  REQUIRE(run("gen 'ring(2)' all-gather -o " + f.path("r2.json")).code == 0);
  REQUIRE(run("msccl export " + f.path("r2.json") + " -o " + f.path("r2.xml")).code == 0);
  std::string xml = slurp(f.path("r2.xml"));
  const std::size_t at = xml.find("  </gpu>");
  std::string tbs;
  for (int i = 0; i < chain; ++i)
    tbs += "<tb id=\"" + std::to_string(i + 3) +
           "\" send=\"-1\" recv=\"-1\" chan=\"0\"><step s=\"0\" type=\"nop\" srcbuf=\"i\" "
           "srcoff=\"0\" dstbuf=\"o\" dstoff=\"0\" cnt=\"0\" depid=\"" +
           std::to_string(i + 2) + "\" deps=\"0\" hasdep=\"1\"/></tb>\n";
  return xml.insert(at, tbs);
}

/// A rule-form broadcast on torus(a,b) whose one step is `rule` (a JSON object).
std::string rule_step(std::uint64_t a, std::uint64_t b, const json& rule,
                      const json& payloads = json::array({json::array({0})})) {
  json j = json::parse(header("broadcast", fmt::format("torus({},{})", a, b), a * b));
  j["digits"] = {a, b};
  j["payloads"] = payloads;
  j["steps"].push_back({{"rules", {rule}}});
  return j.dump();
}

struct Entry {
  std::string args;     ///< netsched arguments
  std::string message;  ///< the one line on stderr, without "netsched: " (a final * : a prefix)
};

std::vector<Entry> spec_entries() {
  return {
      {"info ''", "spec column 1: empty spec, expected a network such as ring(5)"},
      {"info 'ring'", "spec column 5: expected '(', found end of spec"},
      {"info 'ring(5'", "spec column 7: expected ')', found end of spec"},
      {"info 'ring(-1)'", "spec column 6: expected a non-negative integer, found '-'"},
      {"info 'ring(0)'", "spec column 6: ring: n must be between 1 and 268435456, got 0"},
      {"info 'star(5)'",
       "spec column 1: unknown network 'star' (known: ring, path, complete, hypercube, torus, "
       "mesh, ghc, product, ccc, dualcube, rdn, hdn, hsn, rhs, mfc, hfc, hypernet, fat_tree, "
       "dragonfly, leaf_spine, file, graph, faulty, weighted)"},
      {"info 'ring(99999999999999999999)'", "spec column 6: integer does not fit in 64 bits"},
      {"route 'ring(4294967295)' 0 1",
       "spec column 6: ring: n must be between 1 and 268435456, got 4294967295"},
      {"info 'hypercube(32)'",
       "spec column 1: hypercube has 4294967296 nodes, over the limit kMaxNodes = 268435456 "
       "(2^28)"},
      {"info 'torus(100000,100000)'",
       "spec column 1: torus has 10000000000 nodes, over the limit kMaxNodes = 268435456 (2^28)"},
      {"info 'complete(65536462)'",
       "spec column 1: complete(65536462) may have up to 2147513892970491 links (bounded from its "
       "parameters), over the limit kMaxEdges = 2147483648 (2^31)"},
      {"info 'hfc(complete(519420367),6)'",
       "spec column 14: complete: n must be between 1 and 268435456, got 519420367"},
      {"info 'hdn(torus(2,77777773,5),sn=[{0,1,2}])'",
       "spec column 5: torus has 777777730 nodes, over the limit kMaxNodes = 268435456 (2^28)"},
      {"info 'hdn(torus(2,3,5), sn=[{0}], sn=[{1}])'",
       "spec column 29: hdn: argument 'sn' given twice"},
      {"info 'hdn(torus(2,3,5), sn=[{0,0}])'",
       "spec column 23: hdn: super-node set 1 repeats dimension 0"},
      {"info 'hdn(torus(2,3,5), sm=[{}])'",
       "spec column 19: hdn: unknown argument 'sm' (expected hdn(B, sn=[{dims},...]))"},
      {"info 'product(ring(3),5)'",
       "spec column 17: product: factor must be a network such as ring(5)"},
      {"info 'faulty(torus(4,4), links=[{0,5}])'",
       "spec column 27: faulty: {0,5} is not a link of torus(4,4)"},
      {"info 'faulty(ring(4), links=[{0,1,2}])'",
       "spec column 24: faulty: a link is a set of two different nodes, such as {0,1}"},
      {"info 'faulty(ring(4), nodes=[{4}])'",
       "spec column 24: faulty: node 4 is not a node of ring(4) (ids 0..3)"},
      {"info 'faulty(ring(3), nodes=[{0,1,2}])'",
       "spec column 23: faulty: every node of ring(3) has failed"},
      {"info 'faulty(ring(3), links=5)'",
       "spec column 23: faulty: links must be a list of sets such as [{0,1},{5,6}]"},
      {"route 'faulty(ring(6), nodes=[{1}])' '(1)' 0",
       "node (1) has failed (faulty networks take the base network's ids)"},
      {"gen 'faulty(ring(6), nodes=[{0,3}])' broadcast -o x",
       "the network is disconnected: node (1) reaches 2 of 4 nodes"},
      {"gen 'ring(5)' reduce-scatter --root 1 -o x",
       "--root does not apply to reduce-scatter (--root applies to broadcast, scatter, gather, "
       "reduce, all-reduce, vecmat, all-gather and multicast)"},
      {"gen 'hypercube(2)' all-gather --bytes 8 --ports 0-port -o x",
       "unknown port model '0-port' (one-port, all-port, routed, or K-port / k-port:K with K in "
       "1..1024)"},
      {"gen 'hypercube(2)' all-gather --bytes 8 --ports two -o x",
       "unknown port model 'two' (one-port, all-port, routed, or K-port / k-port:K with K in "
       "1..1024)"},
      {"gen 'hypercube(2)' all-gather --bytes 8 --algorithm ring -o x",
       "--bytes chooses the algorithm: drop --algorithm ring"},
      {"gen 'hypercube(2)' all-gather --latency 2us -o x",
       "--latency does not apply to all-gather (it applies with --bytes)"},
      {"gen 'hypercube(2)' all-gather --bytes 8 --latency 1parsec -o x",
       "latency (units s, ms, us, ns) '1parsec' is not a positive number with a unit"},
      {"gen 'ring(5)' cluster-sum -o x",
       "cluster-sum has no algorithm for the ring family (netsched gen SPEC --list shows what "
       "applies)"},
      {"info 'hypernet(2,3,9)'",
       "hypernet has 2^71 nodes, over the limit kMaxNodes = 268435456 (2^28)"},
      {"info 'ccc(28)'", "spec column 5: ccc: n must be between 2 and 27, got 28"},
      {"info 'file(\"nonexistent.edges\")'",
       "spec column 6: file \"nonexistent.edges\": cannot read nonexistent.edges: no such file"},
      {"info 'file(3)'",
       "spec column 6: file: the path must be a quoted string, e.g. file(\"net.graphml\")"},
      {"info 'file(\"x.csv\")'",
       "spec column 6: file \"x.csv\": cannot tell the format of 'x.csv' from its extension: "
       "give format=\"edgelist\" (or ncol, lgl, pajek, graphml, gml, dot, json)"},
      {"info 'file(\"x.edges\", format=\"csv\")'",
       "spec column 6: file \"x.edges\": unknown graph format 'csv' (known: edgelist, ncol, lgl, "
       "pajek, graphml, gml, dot, json)"},
      {"info 'file(\"abc)'", "spec column 11: expected '\"' closing the string, found end of spec"},
      {"info 'dualcube(0)'", "spec column 10: dualcube: r must be between 1 and 16, got 0"},
      {"info 'hsn(0,ring(3))'", "spec column 5: hsn: levels l must be between 1 and 32, got 0"},
      {"info 'mfc(complete(2),3,8)'",
       "spec column 19: mfc: N_3 (at most N_1...N_{i-1} + 1) must be between 1 and 7, got 8"},
      {"info 'rdn(5,1)'", "spec column 5: rdn: base B must be a network such as ring(5)"},
      {"info 'torus()'",
       "spec column 1: torus: expected torus(n1,...,nk) with 1 to 64 sides, got 0 arguments"},
  };
}

std::vector<Entry> node_and_option_entries() {
  return {
      {"draw 'ring(4)' --schedule x.json -o x.svg",
       "draw: give a SPEC or --schedule FILE (one of them)"},
      {"draw 'ring(4)' -o x.svg --frames d",
       "--frames does not apply to a network picture (--frames needs --schedule)"},
      {"draw 'hypercube(27)' -o x.svg",
       "draw: 134217728 nodes, over the layout limit kLayoutMaxNodes = 8388608 (2^23)"},
      {"sweep 'ring({5..3})' -o x", "sweep: 'ring({5..3})': empty range {5..3}"},
      {"sweep 'ring(3)' -o x --bisection-timeout 5",
       "--bisection-timeout does not apply to a sweep without --bisection (--bisection-timeout "
       "needs --bisection)"},
      {"sweep 'ring({3..1000})' -o x", "sweep: 998 points, over the limit kSweepMaxPoints = 256"},
      {"sweep --faults 'ring(5)' --double-faults 5000 -o x",
       "sweep --faults: --double-faults 5000 is over the limit kFaultSweepMaxDoubles = 4096 "
       "(2^12)"},
      {"sweep 'ring(5)' --double-faults 5 -o x",
       "--double-faults does not apply to a sweep without --faults (it applies with --faults)"},
      {"sweep 'ring({a..3})' -o x",
       "sweep: point 'ring({a..3})': spec column 6: expected a non-negative integer, found '{'"},
      {"sweep 'torus({3..5},{4..6})' -o x",
       "sweep: 'torus({3..5},{4..6})': one range per pattern ({3..5} may appear several times)"},
      {"sweep 'ring({1..3})' 'star(3)' -o x",
       "sweep: point 'star(3)': spec column 1: unknown network 'star' (known: ring, path, "
       "complete, hypercube, torus, mesh, ghc, product, ccc, dualcube, rdn, hdn, hsn, rhs, mfc, "
       "hfc, hypernet, fat_tree, dragonfly, leaf_spine, file, graph, faulty, weighted)"},
      {"route 'ring(5)' 0 7", "node 7 out of range 0..4"},
      {"info 'graph(4, links=[{0,1}])'", "spec column 1: graph: 1 link cannot connect 4 nodes"},
      {"info 'graph(3, links=[{0,1},{1,3}])'",
       "spec column 23: graph: a link is a set of two different nodes below 3, such as {0,1}"},
      {"info 'graph(3, links=[{0,1},{1,2},{1,0}])'",
       "spec column 1: graph: multi-edge: the link '0' - '1' is listed twice"},
      {"info 'graph(3)'",
       "spec column 1: graph: give its links=[{a,b},...] (or arcs=[{from,to},...])"},
      {"route 'graph(3, links=[{0,1},{1,2}])' 0 x", "graph: no node labelled 'x'"},
      {"route 'ring(5)' 0 x", "label 'x': 'x' is not an integer"},
      {"route 'torus(3,4)' 0 '(1,9)'", "torus label '(1,9)': component 1 is 9, must be below 4"},
      {"route 'torus(3,4)' 0 '(1,2'", "label '(1,2': missing ')'"},
      {"route 'hypercube(3)' 0 2222", "node 2222 out of range 0..7"},
      {"route 'dualcube(5)' 011010011 0",
       "node 011010011 is read as the serial id 11010011, out of range 0..511; a label is written "
       "as netsched prints it, e.g. 0b000000000"},
      {"route 'ring(5)' 0", "route needs U and V, or --all"},
      {"route 'ring(5)' 0 1 --threads 2",
       "--threads does not apply to one route (--threads applies to --all)"},
      {"route 'ring(5)' 0 1 --all",
       "U does not apply to --all (--all routes every pair; give U and V without it)"},
      {"gen 'ring(5)' broadcast --root 9 --check-only", "node 9 out of range 0..4"},
      {"gen 'ring(5)' broadcast -o /dev/null",
       "--output: will not write /dev/null: it exists and is not a regular file (a directory, "
       "FIFO or device; - means standard output) (run 'netsched --help' or 'netsched VERB "
       "--help')"},
      {"gen 'hypercube(3)' total-exchange --root 3 -o x.json",
       "--root does not apply to total-exchange (--root applies to broadcast, scatter, gather, "
       "reduce, all-reduce, vecmat, all-gather and multicast)"},
      {"gen 'hypercube(3)' broadcast --source 3 -o x.json",
       "--source does not apply to broadcast (--source applies to route)"},
      {"gen 'hypercube(3)' broadcast --dimension 1 -o x.json",
       "--dimension does not apply to broadcast (--dimension applies to cube-dimension)"},
      {"gen 'hypercube(3)' route --source 0 -o x.json", "gen route needs --source and --target"},
      {"gen 'hypercube(3)' broadcast",
       "gen needs COLLECTIVE and either -o FILE or --check-only (or --list)"},
      {"gen 'hypercube(3)' broadcast -o x.json --check-only",
       "gen needs COLLECTIVE and either -o FILE or --check-only (or --list)"},
      {"gen 'hypercube(3)' gossip -o x.json",
       "COLLECTIVE: gossip not in "
       "{broadcast,scatter,gather,total-exchange,reduce,route,reduce-scatter,cube-dimension,"
       "all-reduce,prefix,cluster-sum,cluster-prefix,matmul,vecmat,all-gather,multicast} (run "
       "'netsched --help' or 'netsched VERB --help')"},
      {"gen 'ring(5)' broadcast --algorithm nosuch -o x.json",
       "broadcast algorithm 'nosuch' does not apply to ring (choose from: product-broadcast, "
       "optimal, greedy, chain, binary-tree, double-binary-tree, packed-trees, rarest-first, "
       "arborescences)"},
      {"gen 'hypercube(3)' all-gather --algorithm ring --pieces 4 -o x.json",
       "--pieces applies to a pipelined algorithm; ring sends each message whole"},
      {"gen 'hypercube(3)' all-gather --bytes 1024 --pieces 4 -o x.json",
       "--bytes chooses the pieces: drop --pieces"},
      {"gen 'hypercube(3)' all-gather --algorithm packed-trees --pieces 17 -o x.json",
       "packed-trees: pieces must be 1..16 (kMaxPackedPieces), got 17"},
      {"gen 'ring(5)' prefix --algorithm chain --pieces 5000 -o x.json",
       "chain prefix: pieces must be 1..4096 (kMaxChainPieces), got 5000"},
      {"gen 'hypercube(3)' broadcast --algorithm arborescences --pieces 5000 -o x.json",
       "arborescences broadcast: pieces must be 1..4096 (kMaxArborescencePieces), got 5000"},
      {"--max-memory 1G gen 'hypercube(12)' all-gather --algorithm packed-trees --pieces 16 "
       "-o x.json",
       "packed-trees on 4096 nodes in 16 pieces needs about 10.7 GB, over the memory budget of "
       "1.1 GB (--max-memory)"},
      {"gen 'ring(5)' scatter --algorithm one2allp -o x.json",
       "scatter algorithm 'one2allp' does not apply to ring (choose from: tree-scatter, "
       "binomial)"},
      {"claims --only nosuch",
       "claims --only nosuch: no claim has this id or an id starting with it (see 'netsched "
       "claims')"},
      {"info 'ring(5)' --bogus",
       "The following argument was not expected: --bogus (run 'netsched --help' or 'netsched VERB "
       "--help')"},
      {"prove min-steps 'ring(4)' broadcast --timeout 0",
       "--timeout: must be a number > 0, got 0 (run 'netsched --help' or 'netsched VERB --help')"},
      {"prove min-steps 'ring(4)'", "prove min-steps needs SPEC and COLLECTIVE"},
      {"nosuchverb",
       "unknown verb 'nosuchverb' (verbs: chakra, claims, draw, export, gen, info, msccl, mscclpp, "
       "prove, repair, "
       "route, "
       "run, simulate, sweep, verify)"},
  };
}

std::vector<Entry> file_entries(Files& f) {
  auto steps = [](json& j) -> json& { return j["steps"]; };
  return {
      {"verify " + f.path("missing.json"),
       "cannot read " + f.path("") + "missing.json: no such file"},
      {"verify " + f.path(""), "cannot read " + f.path("") + ": not a regular file"},
      {"verify " + f.text("empty.json", ""),
       "schedule file: not valid JSON ([json.exception.parse_error.101] parse error at line 1, "
       "column 1: syntax error while parsing value - unexpected end of input; expected '[', '{', "
       "or a literal)"},
      {"verify " + f.text("garbage.json", "not json"),
       "schedule file: not valid JSON ([json.exception.parse_error.101] parse error at line 1, "
       "column 2: syntax error while parsing value - invalid literal; last read: 'no')"},
      {"verify " + f.text("array.json", "[1,2,3]"), "schedule file: expected a JSON object"},
      {"verify " + f.text("deep.json", std::string(40, '[') + std::string(40, ']')),
       "schedule file: JSON nested deeper than the limit kMaxJsonDepth = 32"},
      {"verify " + f.text("bignum.json", "{\"format\": 1e999999}"),
       "schedule file: not valid JSON ([json.exception.out_of_range.406] number overflow parsing "
       "'1e999999')"},
      {"verify " + f.te("format.json", [](json& j) { j["format"] = "other"; }),
       "schedule file: format must be \"netsched-schedule\""},
      {"verify " + f.te("version.json", [](json& j) { j["version"] = 2; }),
       "schedule file: unsupported version 2 (this netsched reads version 1)"},
      {"verify " + f.te("notopo.json", [](json& j) { j.erase("topology"); }),
       "schedule file: missing field 'topology'"},
      {"verify " + f.te("badtopo.json", [](json& j) { j["topology"] = "ring("; }),
       "spec column 6: expected a non-negative integer, found end of spec"},
      {"verify " + f.te("othertopo.json", [](json& j) { j["topology"] = "ring(5)"; }),
       "schedule is for 8 nodes, but ring(5) has 5"},
      {"verify " + f.te("nodes.json",
                        [](json& j) {
                          j.erase("digits");
                          j["collective"]["nodes"] = 9;
                        }),
       "schedule is for 9 nodes, but hypercube(3) has 8"},
      {"verify " +
           f.te("hugenodes.json", [](json& j) { j["collective"]["nodes"] = 4294967296ull; }),
       "schedule file: collective: nodes is 4294967296, over the limit kMaxNodes = 268435456 "
       "(2^28)"},
      {"verify " + f.te("kind.json", [](json& j) { j["collective"]["kind"] = "gossip"; }),
       "schedule file: collective: unknown kind \"gossip\""},
      {"verify " + f.te("model.json", [](json& j) { j["model"] = "two-port"; }),
       "schedule file: unknown model \"two-port\" (one-port, all-port, single-dimension, k-port "
       "or routed)"},
      {"verify " + f.te("kport.json", [](json& j) { j["model"] = "k-port"; }),
       "schedule file: missing field 'ports'"},
      {"verify " + f.te("kport1.json",
                        [](json& j) {
                          j["model"] = "k-port";
                          j["ports"] = 1;
                        }),
       "schedule file: ports must be 2..1024 (one-port is k = 1)"},
      {"verify " + f.te("kporthuge.json",
                        [](json& j) {
                          j["model"] = "k-port";
                          j["ports"] = 4294967297ull;
                        }),
       "schedule file: ports must be 2..1024 (one-port is k = 1)"},
      {"verify " + f.te("portsoneport.json", [](json& j) { j["ports"] = 2; }),
       "schedule file: ports belongs to the k-port model, not one-port"},
      {"verify " + f.te("node99.json", [&](json& j) { steps(j)[1]["to"][0] = 99; }),
       "step 1 transfer 0: node 99 is not a node of hypercube(3) (0..7)"},
      {"verify " + f.te("negnode.json", [&](json& j) { steps(j)[0]["from"][0] = -1; }),
       "schedule file: step 0 transfer 0: expected a node id"},
      {"verify " + f.te("payidx.json", [&](json& j) { steps(j)[0]["payload"][0] = 999; }),
       "schedule file: step 0 transfer 0: payload index out of range"},
      {"verify " + f.te("chunk.json",
                        [](json& j) {
                          for (json& p : j["payloads"]) p = json::array({64});
                        }),
       "payload 0 names chunk 64, but the total-exchange has chunks 0..63"},
      {"verify " + f.te("selector.json",
                        [](json& j) {
                          j["payloads"][0] = {{"held", {{"nosuch", 1}}}};
                        }),
       "schedule file: payload 0: unknown selector 'nosuch'"},
      {"verify " + f.te("range.json",
                        [](json& j) {
                          j["payloads"][0] = {{"held", {{"dest_in", {{5, 1}}}}}};
                        }),
       "schedule file: payload 0: dest_in has a range with lo > hi"},
      {"verify " + f.te("columns.json", [&](json& j) { steps(j)[0]["to"].push_back(1); }),
       "schedule file: step 0: from and to have different lengths"},
      {"verify " + f.te(
                       "tampered.json", [](json& j) { j["algorithm"] = "mine"; }, true),
       "schedule file: tampered: the content hash *"},
      {"verify " + f.te(
                       "record.json", [](json& j) { j["verification"]["steps"] = "x"; }, true),
       "schedule file: verification: field 'steps' must be a non-negative integer"},
      {"verify " + f.te("digits.json",
                        [](json& j) {
                          j["digits"] = {3, 3};
                        }),
       "schedule file: digits: the radices multiply to more than 8, but the collective has 8 "
       "nodes"},
      {"verify " + f.te("single.json",
                        [](json& j) {
                          j["model"] = "single-dimension";
                          j["topology"] = "ccc(3)";
                          j.erase("digits");
                          j["collective"]["nodes"] = 24;
                        }),
       "the single-dimension model needs link dimensions, which ccc does not define"},
      {"verify " + f.mm("regs.json", [](json& j) { j["registers"] = json::array({"a"}); }),
       "schedule file: payload 0: register index out of range (the schedule declares 1 registers)"},
      {"verify " + f.mm("moves.json", [](json& j) { j["payloads"][0]["moves"][0][0] = 999; }),
       "schedule file: payload 0: register index out of range (the schedule declares " +
           std::to_string(f.mm_registers()) + " registers)"},
      {"verify " + f.te("nosteps.json", [](json& j) { j["steps"] = 5; }),
       "schedule file: steps must be a list"},
      {"verify " + f.te("ts.json", [](json&) {}) + " --ts -1",
       "--ts: must be a number >= 0, got -1 (run 'netsched --help' or 'netsched VERB --help')"},
      {"verify " + f.te("smt-engine.json", [](json&) {}) + " --smt --engine dense",
       "--engine does not apply to --smt (Z3 answers holds or violated, without cost or engine)"},
      {"verify " + f.te("timeout.json", [](json&) {}) + " --timeout 5",
       "--timeout does not apply to the simulator (--timeout applies to --smt)"},
      {"verify " + f.path("node99.json") + " --engine blocks",
       "step 1 transfer 0: node 99 is not a node of hypercube(3) (0..7)"},
      {"verify " + f.path("node99.json") + " --engine dense",
       "step 1 transfer 0: node 99 is not a node of hypercube(3) (0..7)"},
      {"verify " + f.path("node99.json") + " --smt",
       "step 1 transfer 0: node 99 is not a node of hypercube(3) (0..7)"},
      {"verify " + f.text("bcast31.json", header("broadcast", "hypercube(31)", 2147483648ull)),
       "schedule file: collective: nodes is 2147483648, over the limit kMaxNodes = 268435456 "
       "(2^28)"},
      {"verify " + f.text("scatter17.json", header("scatter", "hypercube(17)", 131072)),
       "schedule has 131072 chunks on 131072 nodes: too large for the dense simulator (over the "
       "limit kDenseMaxPairs = 4294967296 (2^32) node-chunk pairs)"},
      {"verify " +
           f.te("te11.json",
                [](json& j) {
                  j["topology"] = "hypercube(11)";
                  j.erase("digits");
                  j["collective"]["nodes"] = 2048;
                  j["steps"] = json::array();
                }) +
           " --engine dense",
       "schedule has 4194304 chunks on 2048 nodes: too large for the dense simulator (over the "
       "limit kDenseMaxPairs = 4294967296 (2^32) node-chunk pairs)"},
      {"verify " + f.te("te20.json",
                        [](json& j) {
                          j["topology"] = "hypercube(20)";
                          j.erase("digits");
                          j["collective"]["nodes"] = 1048576;
                          j["steps"] = json::array();
                          j["payloads"] = json::array({{{"held", {{"dest_in", {{0, 1}}}}}}});
                        }),
       "a total exchange on 1048576 nodes in 0 steps is too large for the block engine (N x "
       "ceil(N/64) x (steps+1) over the limit kBlocksMaxWork = 8589934592 (2^33))"},
      {"verify " + f.text("rules28.json", rules_file(2)),
       "schedule file: the steps up to step 1 make 536870912 transfers, over the limit "
       "kMaxTransfers = 268435456 (2^28)"},
      {"verify " + f.text("rules-nodigits.json",
                          [] {
                            json j = json::parse(rules_file(1));
                            j.erase("digits");
                            return j.dump();
                          }()),
       "schedule file: step 0: rules need the schedule's digits"},
      {"verify " + f.text("rules-to.json",
                          [] {
                            json j = json::parse(rules_file(1));
                            j["steps"][0]["rules"][0]["to"][1] = "*";
                            return j.dump();
                          }()),
       "schedule file: step 0: rule 0: to names one receiver: every digit a copy or a single "
       "value"},
      {"verify " + f.text("rules-copy.json",
                          [] {
                            json j = json::parse(rules_file(1));
                            j["steps"][0]["rules"][0]["to"][1] = {{"digit", 0}};
                            return j.dump();
                          }()),
       "schedule file: step 0: rule 0: to: digit 1: copies digit 0 plus 0: the source must be a "
       "digit of the same radix 4096 and the addend below it"},
      {"route 'torus(65535,65535)' 0 1",
       "spec column 1: torus has 4294836225 nodes, over the limit kMaxNodes = 268435456 (2^28)"},
      {"gen 'ring(5)' broadcast -o " + f.path(""),
       "--output: will not write " + f.path("") +
           ": it exists and is not a regular file (a directory, FIFO or device; - means standard "
           "output) (run 'netsched --help' or 'netsched VERB --help')"},
      // the real engines (docs/engines.md)
      {"run " + f.path("missing.json"), "cannot read " + f.path("") + "missing.json: no such file"},
      {"run " + f.path("te.json") + " --bytes 0",
       "--bytes: must be a whole number from 1 to 1073741824 (run 'netsched --help' or 'netsched "
       "VERB --help')"},
      {"msccl import " + f.text("bad.xml", "not xml") + " -o " + f.path("back.json") +
           " --network 'hypercube(3)'",
       "MSCCL-IR: not XML: No document element found"},
      {"msccl export " + f.path("mm.json") + " -o " + f.path("mm.xml"),
       "MSCCL-IR has no collective for matmul (the register collectives exported are all-reduce "
       "of all nodes, reduce and reduce-scatter)"},
      {"simulate " + f.path("te.json") + " --latency fast",
       "latency (units s, ms, us, ns) 'fast' is not a positive number with a unit"},
  };
}

/// The second round of hostile input: tiny files and one-line commands that once
/// crashed, hung or exhausted memory. Memory estimates are checked against --max-memory 2G so
/// that the message is the same on every machine.
std::vector<Entry> hostile_entries(Files& f) {
  const std::string mem = " --max-memory 2G";
  const json shift = {{"senders", json::array({json::array({"*", "*"})})},
                      {"to", json::array({{{"digit", 0}}, {{"digit", 1}, {"add", 1}}})},
                      {"payload", 0}};
  json overlap = shift;
  overlap["except"] = json::array({json::array({"*", "*"}), json::array({"*", "*"})});
  json per_sender = shift;
  per_sender.erase("payload");
  per_sender["held"] = {
      {"dest_boxes", json::array({json::array({{{"digit", 0}}, {{"digit", 1}}})})}};
  const std::string overlap_file = f.text("overlap.json", rule_step(4, 4, overlap));
  const std::string overlap_msg = "schedule file: step 0: rule 0: its except boxes overlap";
  json boxes = json::array();
  for (int i = 0; i < 300000; ++i) boxes.push_back({0, 0});
  auto file_spec = [&](const std::string& name, const std::string& content) {
    return "'file(\"" + f.text(name, content) + "\")'";
  };
  auto in_file = [&](const std::string& name) {
    return "spec column 6: file \"" + f.path(name) + "\": ";
  };
  return {
      // 3, 5: counts that would wrap or start without bound
      {"simulate " + f.path("te.json") + " --jobs 100000",
       "--jobs: Value 100000 not in range 1 to 64 (run 'netsched --help' or 'netsched VERB "
       "--help')"},
      {"prove min-steps 'ring(4)' broadcast --steps 4611686018427387904",
       "min-steps: 4611686018427387904 steps x 8 arcs x 1 chunks exceeds 2000000 variables"},
      // 4: overlapping except boxes, through every verb that reads a schedule
      {"verify " + overlap_file, overlap_msg},
      {"verify --smt " + overlap_file, overlap_msg},
      {"draw --schedule " + overlap_file + " -o " + f.path("ov.svg"), overlap_msg},
      {"msccl export " + overlap_file + " -o " + f.path("ov.xml"), overlap_msg},
      // 6: node counts taken from the file are checked before anything is allocated
      {"info " + file_spec("big.edges", "0 100000000\n"),
       in_file("big.edges") +
           "the file's node count is 100000001, over the limit kMaxFileNodes = 16777216 (2^24)"},
      {"info " + file_spec("big2.edges", "0 268435455\n"),
       in_file("big2.edges") +
           "the file's node count is 268435456, over the limit kMaxFileNodes = 16777216 (2^24)"},
      {"info " + file_spec("big.net", "*Vertices 200000000\n"),
       in_file("big.net") +
           "the file's node count is 200000000, over the limit kMaxFileNodes = 16777216 (2^24)"},
      {"info " + file_spec("big.json", R"({"nodes": 100000000, "edges": []})"),
       in_file("big.json") +
           "the file's node count is 100000000, over the limit kMaxFileNodes = 16777216 (2^24)"},
      {"info 'product(file(\"" + f.path("big.edges") + "\"),ring(3))'",
       "spec column 14: file \"" + f.path("big.edges") +
           "\": the file's node count is 100000001, over the limit kMaxFileNodes = 16777216 "
           "(2^24)"},
      {"info 'faulty(file(\"" + f.path("big.edges") + "\"))'",
       "spec column 13: file \"" + f.path("big.edges") +
           "\": the file's node count is 100000001, over the limit kMaxFileNodes = 16777216 "
           "(2^24)"},
      // found by fuzz_graph: a 10 KB edge list naming node 2,290,230 took 11 s to be refused
      {"info " + file_spec("sparse.edges", "0 1\n1 2290230\n"),
       in_file("sparse.edges") + "the graph is disconnected: its 2290231 nodes have at most 2 "
                                 "links, and connecting them takes 2290230"},
      {"info " + file_spec("sparse.net", "*Vertices 9\n*Edges\n1 2\n"),
       in_file("sparse.net") + "the graph is disconnected: its 9 nodes have at most 4 links, "
                               "and connecting them takes 8"},
      // found by fuzz_graph: igraph read "000000446836529\0..." as node 446,836,529
      {"info " + file_spec("nul.edges", std::string("0 1\n1 446836529\0\0 7\n", 20)),
       in_file("nul.edges") + "the file holds a NUL byte (byte 15): graph files are text"},
      // 7: DOT edges between node groups are counted, not expanded
      {"info " +
           file_spec("groups.dot",
                     [] {
                       std::string a, b;
                       for (int i = 0; i < 3000; ++i)
                         a += " a" + std::to_string(i), b += " b" + std::to_string(i);
                       return "graph { {" + a + "} -- {" + b + "} }\n";
                     }()) +
           mem,
       in_file("groups.dot") + "reading the graph file needs about 2.9 GB, over the memory budget "
                               "of 2.1 GB (--max-memory)"},
      // 8: names igraph's lexer reads in quadratic time
      {"info " + file_spec("long.ncol", std::string(5'000'000, 'x') + " y\n"),
       in_file("long.ncol") +
           "the file's longest name is 5000000, over the limit kMaxFileTokenChars = 4096 (2^12)"},
      {"info " + file_spec("long.lgl", "# " + std::string(5'000'000, 'x') + "\ny\n"),
       in_file("long.lgl") +
           "the file's longest name is 5000000, over the limit kMaxFileTokenChars = 4096 (2^12)"},
      // 9: 100,000 threadblocks in a chain: their clocks are counted before they exist
      {"msccl import " + f.text("chain.xml", msccl_chain(f, 100000)) +
           " --network 'ring(2)' --no-runtime-limits",
       "MSCCL-IR: ordering the program's accesses needs 10001400048 clock entries, more than "
       "268435456 (kMscclMaxClockWords: threadblocks x (threadblocks + waited-for steps + "
       "messages))"},
      // 10, 11, 16: the work of one line
      {"draw 'complete(4096)' -o " + f.path("c.svg"),
       "draw: the 4096 drawn nodes have 8386560 links among them, over the limit kDrawMaxLinks = "
       "65536 (draw fewer with --max-nodes)"},
      {"sweep 'hypercube({20..27})' --no-schedules -o " + f.path("sw"),
       "sweep: point 'hypercube(21)' has 2097152 nodes, over the limit kSweepMaxNodes = 1048576"},
      {"sweep 'torus({1000..1004},1000)' --no-schedules -o " + f.path("sw"),
       "sweep: the 5 points have 5010000 nodes in all, over the limit kSweepMaxTotalNodes = "
       "4194304"},
      {"gen 'hypercube(16)' total-exchange -o " + f.path("h16.json"),
       "the a2 total exchange on 65536 nodes: its transfers (bound x N) is 34359738368, over the "
       "limit kMaxTransfers = 268435456 (2^28)"},
      {"info 'complete(65536)'" + mem,
       "computing the distance facts of 65536 nodes (--basic skips them) needs about 17.2 GB, "
       "over the memory budget of 2.1 GB (--max-memory)"},
      {"export 'complete(20000)' --format edgelist -o " + f.path("c.edges") + mem,
       "exporting 199990000 links as edgelist needs about 4.8 GB, over the memory budget of 2.1 "
       "GB (--max-memory)"},
      // 12-14: rule-form files whose expansion is estimated before it is made
      {"verify " + f.text("per_sender.json", rule_step(4096, 4096, per_sender)) + mem,
       "schedule file: reading and checking the schedule's 16777216 transfers needs about 23.4 "
       "GB, over the memory budget of 2.1 GB (--max-memory)"},
      {"verify " +
           f.text("boxes.json", rule_step(65536, 4096, shift,
                                          json::array({{{"held", {{"dest_boxes", boxes}}}}}))) +
           mem,
       "schedule file: reading the schedule's 300001 digit boxes needs about 2.6 GB, over the "
       "memory budget of 2.1 GB (--max-memory)"},
      {"verify " + f.text("big_step.json", rule_step(16384, 16384, shift)) + mem,
       "schedule file: reading and checking the schedule's 268435456 transfers needs about 34.4 "
       "GB, over the memory budget of 2.1 GB (--max-memory)"},
      // 15: the in-process executor's buffers
      {"run --loopback --bytes 1073741824 " + f.path("te.json") + mem,
       "running the 8 ranks in this process (--loopback) needs about 137.4 GB, over the memory "
       "budget of 2.1 GB (--max-memory)"},
      // 19: options that do not apply
      {"run --all-ranks " + f.path("te.json"),
       "--all-ranks does not apply to a run without --json (--all-ranks adds to --json)"},
      {"prove min-steps 'ring(4)' broadcast --steps 3 --max-steps 5",
       "--steps excludes --max-steps (run 'netsched --help' or 'netsched VERB --help')"},
      {"prove bisection 'ring(4)' --steps 5 --root 3 -o " + f.path("bx.json"),
       "--root does not apply to prove bisection (it takes SPEC, --timeout, --json)"},
      // 20: malformed files are refused, not read in part
      {"info " + file_spec("obj.json", R"({"nodes": 3, "edges": {"a": [0,1]}})"),
       in_file("obj.json") + "not a graph in json format: \"edges\" must be a list of [u, v]"},
      {"info " + file_spec("two.graphml",
                           R"(<graphml><graph edgedefault="undirected"><node id="a"/></graph>)"
                           R"(<graph edgedefault="undirected"><node id="c"/></graph></graphml>)"),
       in_file("two.graphml") +
           "the GraphML file holds 2 graphs; netsched reads files of one graph"},
      {"info " + file_spec("two.dot", "graph { a -- b }\ngraph { c -- d }\n"),
       in_file("two.dot") + "the DOT file holds 2 graphs; netsched reads files of one graph"},
      {"info " + file_spec("undecl.graphml",
                           R"(<graphml><graph edgedefault="undirected"><node id="a"/>)"
                           R"(<edge source="a" target="zz"/></graph></graphml>)"),
       in_file("undecl.graphml") + "a GraphML edge's target 'zz' is not a declared node"},
      {"msccl import " + f.text("two.xml", msccl_chain(f, 0) + msccl_chain(f, 0)) +
           " --network 'ring(2)'",
       "MSCCL-IR: the file holds more than one <algo>"},
      // 22: what the input controls is quoted on one line
      {"verify '" + f.path("x\ny.json") + "'",
       "cannot read " + f.path("") + "x\\ny.json: no such file"},
      {"route " +
           file_spec("nl.graphml",
                     R"(<graphml><graph edgedefault="undirected"><node id="a&#10;b"/>)"
                     R"(<node id="c"/><edge source="a&#10;b" target="c"/></graph></graphml>)") +
           " 0 zz",
       "file graph: no node labelled 'zz'"},
      // 26: a faulty network's ids are its base network's
      {"route 'faulty(torus(4,4), nodes=[{9}])' 0 9",
       "node 9 = (2,1) has failed (faulty networks take the base network's ids)"},
      {"gen 'faulty(torus(4,4), nodes=[{9}])' broadcast --root 9 -o " + f.path("fb.json"),
       "node 9 = (2,1) has failed (faulty networks take the base network's ids)"},
  };
}

/// Every entry runs under a 4 GB address-space cap and a time limit (docs/cli.md: one line
/// within 15 s); AddressSanitizer reserves more address space than any cap, and its Debug build
/// is slower, so it runs without the cap and with a longer limit.
std::string capped() {
  return netsched::test::kSanitized ? "timeout 60 " : "ulimit -v 4000000; timeout 15 ";
}

void check_entry(const Entry& e) {
  INFO("netsched " << e.args);
  const Run r = run_with(capped(), e.args);
  CHECK(r.code == 2);
  CHECK(r.out.empty());
  CHECK_FALSE(r.err.empty());
  CHECK(r.err.find('\n') == r.err.size() - 1);  // exactly one line
  if (e.message.ends_with('*'))                 // the rest names content hashes
    CHECK(r.err.starts_with("netsched: " + e.message.substr(0, e.message.size() - 1)));
  else
    CHECK(r.err == "netsched: " + e.message + "\n");
}

/// The third round of hostile input (issue 83): one entry per reproduction and its siblings.
std::vector<Entry> third_round_entries(Files& f) {
  const std::string usage = " (run 'netsched --help' or 'netsched VERB --help')";
  // hypercube(3)'s links in a file the schedule names without its sha256: were it read, every
  // verb below would accept the schedule
  std::string cube;
  for (int u = 0; u < 8; ++u)
    for (int bit = 1; bit < 8; bit <<= 1)
      if (u < (u ^ bit)) cube += std::to_string(u) + " " + std::to_string(u ^ bit) + "\n";
  const std::string secret = f.text("secret.edges", cube);
  const std::string unpinned =
      f.te("unpinned.json", [&](json& j) { j["topology"] = "file(\"" + secret + "\")"; });
  const std::string unpinned_msg = "the schedule's network reads the file \"" + secret +
                                   "\" without its sha256: netsched reads a file a schedule "
                                   "names only when the spec pins its content (file(\"...\", "
                                   "sha256=\"...\"), as every file netsched writes does; "
                                   "`netsched info` prints the pinned spec)";
  // a schedule with a cut certificate in its record, its side then naming node 1 twice
  const std::string cut = f.path("cut.json");
  REQUIRE(run("gen 'hypercube(3)' all-gather --bytes 65536 --ports all-port -o " + cut).code == 0);
  json with_cut = json::parse(slurp(cut));
  with_cut["verification"]["bandwidth_cut"]["side"] = {1, 1, 2, 3, 4, 5, 6};
  const std::string twice_side = f.text("cut-twice.json", with_cut.dump());
  std::string te_text = f.te(
      "te-steps.json", [](json&) {}, true);
  te_text = slurp(te_text);
  const std::string dup_steps = f.text(
      "dup-steps.json", te_text.replace(te_text.find("\"steps\""), 7, "\"steps\":[],\"steps\""));
  return {
      // 10: a key twice, an unknown key at any level, a cut side naming a node twice
      {"verify " + dup_steps, "schedule file: the key 'steps' appears twice in one object"},
      {"verify " +
           f.te(
               "misspelt.json", [](json& j) { j["verification"]["bandwith_cut"] = 1; }, true),
       "schedule file: verification: unknown key 'bandwith_cut' (checker, verdict, content_hash, "
       "steps, payload_sum, transfers, bound, lower_bound, bandwidth_cut, bandwidth_lengths)"},
      {"verify " + f.te("coll-key.json", [](json& j) { j["collective"]["rooot"] = 0; }),
       "schedule file: collective: unknown key 'rooot' (kind, nodes, root, source, target, m, "
       "home, rows, groups, pieces)"},
      {"verify " + f.te("step-key.json", [](json& j) { j["steps"][0]["extra"] = 1; }),
       "schedule file: step 0: unknown key 'extra' (from, to, payload, compute)"},
      {"verify " + twice_side,
       "schedule file: verification: bandwidth_cut: side names a node twice: a cut's side is a "
       "set of nodes"},
      {"info 'ring(5)' --threads 65537",
       "--threads: 65537 is over the limit kMaxThreads = 1024 (2^10)" + usage},
      {"info 'ring(5)' --threads 2147483648",
       "--threads: 2147483648 is over the limit kMaxThreads = 1024 (2^10)" + usage},
      {"route 'ring(5)' --all --threads 4294967297",
       "--threads: 4294967297 is over the limit kMaxThreads = 1024 (2^10)" + usage},
      {"info 'ring(5)' --threads -1", "--threads: must be a whole number from 0 to 1024" + usage},
      {"sweep --faults 'ring(5)' --collective broadcast -o " + f.path("sw") + " --threads 65537",
       "--threads: 65537 is over the limit kMaxThreads = 1024 (2^10)" + usage},
      {"verify " + unpinned, unpinned_msg},
      {"verify --smt " + unpinned, unpinned_msg},
      {"simulate " + unpinned + " --algorithms none", unpinned_msg},
      {"run " + unpinned + " --loopback", unpinned_msg},
      {"draw --schedule " + unpinned + " -o " + f.path("u.svg"), unpinned_msg},
      {"msccl export " + unpinned + " -o " + f.path("u.xml"), unpinned_msg},
  };
}

/// Issue 83 #3, #11, #12, #18, #19: options out of range, work bounded before it starts,
/// outputs checked before the work, settings smpirun would split, wording.
std::vector<Entry> option_entries(Files& f) {
  const std::string usage = " (run 'netsched --help' or 'netsched VERB --help')";
  const std::string te = f.te("opt-te.json", [](json&) {});
  std::string sizes;
  for (int m = 1; m <= 2049; ++m) sizes += (m > 1 ? "," : "") + std::to_string(m);
  const std::string dir = f.path("");  // an existing directory
  const std::string weak = f.text("weak.ncol", "0 1 1e-7\n1 2 1\n");
  const std::string tiny = f.text("tiny.ncol", "0 1 1e-308\n1 2 1\n");
  return {
      {"gen 'ring(8)' broadcast --bytes 18446744073709551616 --check-only",
       "--bytes: 18446744073709551616 is over the limit kMaxMessageBytes = 1125899906842624 "
       "(2^50)" +
           usage},
      {"repair " + te + " --network 'faulty(hypercube(3), nodes=[{1}])' --bytes 0",
       "--bytes: must be a whole number from 1 to 1125899906842624" + usage},
      {"run " + te + " --loopback --bytes 18446744073709551616",
       "--bytes: 18446744073709551616 is over the limit kMaxChunkBytes = 1073741824 (2^30)" +
           usage},
      {"gen 'ring(8)' broadcast --bytes 1 --bandwidth 1e-300Bps --check-only",
       "bandwidth '1e-300Bps' is 1e-300 B/s, outside 1 to 1e+15 B/s (kMinBandwidth, "
       "kMaxBandwidth)"},
      {"gen 'ring(8)' broadcast --bytes 1 --latency 1e300s --check-only",
       "latency '1e300s' is 1e+300 s, outside 1e-12 to 1000 s (kMinLatency, kMaxLatency)"},
      {"simulate " + te + " --timeout 1" + std::string(309, '0'),
       "--timeout: must be a number >= 0, got 1" + std::string(39, '0') + "..." + usage},
      {"simulate " + te + " --simgrid-cfg 'network/model:CM02 smpi/or:1'",
       "--simgrid-cfg 'network/model:CM02 smpi/or:1': smpirun splits a setting at spaces and "
       "expands wildcards; give one KEY:VALUE per --simgrid-cfg, of letters, digits and / _ . : - "
       "+ , ="},
      {"simulate " + te + " --algorithms none --bytes " + sizes,
       "2049 chunk sizes x 0 algorithms are 4098 runs; simulate makes at most 4096 "
       "(kSimulateMaxRuns)"},
      {"run " + te + " --loopback --timeout 0.001",
       "--timeout does not apply to --loopback (it stops mpirun)"},
      {"claims --check --expected /dev/zero", "cannot read /dev/zero: not a regular file"},
      {"claims --expected /dev/zero", "--expected applies with --check"},
      {"claims --write-expected " + dir,
       "--write-expected: will not write " + dir +
           ": it exists and is not a regular file (a directory, FIFO or device; - means standard "
           "output)" +
           usage},
      {"prove min-steps 'ring(4)' broadcast -o " + dir,
       "--output: will not write " + dir +
           ": it exists and is not a regular file (a directory, FIFO or device; - means standard "
           "output)" +
           usage},
      {"gen 'ring(4)' broadcast -o " + f.path("none/x.json"),
       "--output: cannot write " + f.path("none/x.json") + ": no directory " + f.path("none") +
           usage},
      {"sweep 'ring({3..4})' -o " + f.path("none/sw"),
       "--output: no directory " + f.path("none") + usage},
      {"gen 'hypercube(10)' total-exchange --bytes 1 --ports routed --check-only",
       "choosing the total-exchange on 1024 nodes by size: 10 candidates x 1047552 chunk "
       "deliveries (--algorithm makes one) is 10475520, over the limit kSizeChoiceMaxDeliveries = "
       "8388608 (2^23)"},
      {"route 'hypercube(16)' --all",
       "routing every pair: the ordered pairs of 65536 nodes is 4294901760, over the limit "
       "kRouteSweepMaxPairs = 1073741824 (2^30)"},
      {"info 'file(\"" + weak + "\")'",
       "spec column 6: file \"" + weak +
           "\": the link '0' - '1' has weight 1e-07: a weight is the link's bandwidth relative to "
           "--bandwidth, a number in [1e-06, 1e+06]"},
      {"info 'file(\"" + tiny + "\")'",
       "spec column 6: file \"" + tiny +
           "\": not a graph in ncol format: Parse error in NCOL file, line 1 (failed) (Parse "
           "error): '0 1 1e-308'"},
  };
}

/// Issue 83 #2 and #11: work and memory estimated from the spec or the file's header before
/// anything of that size is allocated or run.
std::vector<Entry> estimate_entries(Files& f) {
  const std::string mem = " --max-memory 2G";
  const std::string budget = "over the memory budget of 2.1 GB (--max-memory)";
  json regs = json::parse(header("all-reduce", "hypercube(20)", std::uint64_t{1} << 20));
  for (int r = 0; r < 8192; ++r) regs["registers"].push_back("r" + std::to_string(r));
  REQUIRE(run("gen 'ring(4)' all-reduce -o " + f.path("ar4.json")).code == 0);
  return {
      {"verify " + f.path("ar4.json") + " --engine blocks",
       "the all-reduce combines values in registers: only the registers engine checks it "
       "(--engine auto); the blocks engine follows chunks"},
      {"info 'hypercube(27)'" + mem,
       "computing the distance facts of 134217728 nodes (--basic skips them) needs about 24.2 "
       "GB, " +
           budget},
      {"info 'torus(268435456)'" + mem,
       "computing the distance facts of 268435456 nodes (--basic skips them) needs about 21.5 "
       "GB, " +
           budget},
      {"info 'ccc(18)'" + mem,
       "computing the distance facts of 4718592 nodes needs about 5.98e+13 arc visits, over the "
       "limit kInfoMaxDistanceWork = 2^36 (--basic gives the nodes, links and degrees)"},
      {"gen 'hypercube(27)' broadcast --check-only" + mem,
       "generating the broadcast on 134217728 nodes needs about 17.2 GB, " + budget},
      {"verify " +
           f.text("empty-te.json",
                  header("total-exchange", "torus(16384,16384)", std::uint64_t{1} << 28)) +
           mem,
       "checking the total-exchange on 268435456 nodes needs about 34.9 GB, " + budget},
      {"verify " +
           f.text("empty-bc.json", header("broadcast", "hypercube(27)", std::uint64_t{1} << 27)) +
           mem,
       "checking the broadcast on 134217728 nodes needs about 17.2 GB, " + budget},
      {"verify " + f.text("too-many-cells.json", regs.dump()),
       "registers: 1048576 nodes x 8192 registers is too many cells for the register simulator "
       "to check (limit kMaxRegisterTotalCells = 2147483648 (2^31))"},
  };
}

}  // namespace

TEST_CASE("the catalogue of bad input: exit 2 and one exact line each") {
  Files f;
  auto entries = spec_entries();
  for (auto& e : node_and_option_entries()) entries.push_back(e);
  for (auto& e : file_entries(f)) entries.push_back(e);
  for (auto& e : hostile_entries(f)) entries.push_back(e);
  for (auto& e : third_round_entries(f)) entries.push_back(e);
  for (auto& e : estimate_entries(f)) entries.push_back(e);
  for (auto& e : option_entries(f)) entries.push_back(e);
  CHECK(entries.size() >= 100);
  for (const Entry& e : entries) check_entry(e);
}
