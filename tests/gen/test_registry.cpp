// The tables walked row by row: every family and every algorithm has what the tables promise —
// an example that builds and runs, an origin, a bound that papers/ really gives (or a stated
// "none"), a layout, a fuzz dictionary word, a row in the docs. A new row that lacks one of
// them fails here, naming what is missing. (Property generators: props/prop_registry.cpp.)
#include <algorithm>
#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <map>
#include <set>
#include <span>

#include "analysis/checked.hpp"
#include "core/io.hpp"
#include "draw/layout.hpp"
#include "gen/algorithms.hpp"
#include "gen/rows.hpp"
#include "gen/topology.hpp"
#include "papers/papers.hpp"
#include "tests/helpers.hpp"

using namespace netsched;

namespace {

std::string source_file(const std::string& relative) {
  constexpr std::uint64_t kMaxDocBytes = std::uint64_t{1} << 22;
  return read_file(std::string(NETSCHED_SOURCE_DIR) + "/" + relative, kMaxDocBytes, "doc size");
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

/// A family example with its file paths made absolute (file("tests/...") reads a test graph).
std::string example_spec(std::string_view example) {
  std::string s(example);
  const std::string rel = "\"tests/";
  if (const auto at = s.find(rel); at != std::string::npos)
    s.replace(at, rel.size(), "\"" + std::string(NETSCHED_SOURCE_DIR) + "/tests/");
  return s;
}

}  // namespace

TEST_CASE("every family row builds its example, is documented, fuzzed and drawn", "[gen]") {
  const std::string families_md = lower(source_file("docs/families.md"));
  const std::string spec_md = source_file("docs/spec.md");
  const std::string dict = source_file("fuzz/spec.dict");
  std::set<std::string_view> names;
  for (const FamilyInfo& f : family_table()) {
    INFO("family " << f.name);
    CHECK(names.insert(f.name).second);
    CHECK(f.form.starts_with(std::string(f.name) + "("));
    // the example builds, is this family's, and reports a family of the table; a switched
    // family's only where the switched model is implemented (gen/topology.hpp)
    const auto t = build_switched_topology(example_spec(f.example));
    if (t->needs_switched_model())
      CHECK_THAT(test::error_of([&] { build_topology(example_spec(f.example)); }),
                 Catch::Contains("so far only info, prove bandwidth, gen, verify, run, simulate"));
    CHECK(f.example.starts_with(std::string(f.name) + "("));
    CHECK(find_family(t->family()) != nullptr);
    // where it is defined, and the limits it names are checked there
    REQUIRE(std::filesystem::exists(std::string(NETSCHED_SOURCE_DIR) + "/" + std::string(f.file)));
    std::string here = source_file(std::string(f.file));
    const std::string header = std::string(f.file.substr(0, f.file.size() - 3)) + "hpp";
    if (std::filesystem::exists(std::string(NETSCHED_SOURCE_DIR) + "/" + header))
      here += source_file(header);
    std::string_view rest = f.limits;
    while (!rest.empty()) {
      const auto comma = rest.find(", ");
      const std::string limit(rest.substr(0, comma));
      INFO("limit " << limit);
      CHECK(here.find(limit) != std::string::npos);
      rest = comma == std::string_view::npos ? "" : rest.substr(comma + 2);
    }
    // a draw layout by that name, which takes the example (or the generic one)
    const auto& layouts = draw::layout_table();
    const auto l = std::find_if(layouts.begin(), layouts.end(),
                                [&](const draw::LayoutInfo& x) { return x.name == f.layout; });
    REQUIRE(l != layouts.end());
    CHECK(l->applies(*t));
    // docs and the fuzz dictionary
    CHECK(families_md.find(std::string(f.name)) != std::string::npos);
    CHECK(spec_md.find(std::string(f.name) + "(") != std::string::npos);
    CHECK(dict.find("\"" + std::string(f.name) + "\"") != std::string::npos);
  }
}

TEST_CASE("every algorithm row runs on its example, with its origin and its bound", "[gen]") {
  // the papers' algorithms in docs/algorithms.md, the generic ones there or in collectives.md
  const std::string algorithms_md = source_file("docs/algorithms.md");
  const std::string generic_md = algorithms_md + source_file("docs/collectives.md");
  std::set<std::pair<std::string_view, std::string_view>> keys;
  const auto& collectives = collective_names();
  for (const AlgorithmInfo& a : algorithm_table()) {
    INFO(a.collective << " / " << a.name << " on " << a.example);
    CHECK(keys.insert({a.collective, a.name}).second);
    CHECK(std::find(collectives.begin(), collectives.end(), a.collective) != collectives.end());
    // exactly one way to make it, the one its collective reads
    // (a broadcast gives one-chunk rounds, or makes a schedule of pieces)
    // (or a solver makes it: analysis/'s solved_schedule)
    CHECK((a.make != nullptr) + (a.rounds != nullptr) + (a.router != nullptr) + a.solved == 1);
    if (a.solved) CHECK(a.collective == "broadcast");
    CHECK((a.router != nullptr) == (a.collective == "route"));
    if (a.rounds) CHECK(a.collective == "broadcast");
    // origin and bound stated in the words the list prints
    CHECK((a.origin.starts_with("paper: ") || a.origin.starts_with("generic: ") ||
           a.origin.starts_with("textbook: ")));
    CHECK((a.bound.starts_with("paper: ") || a.bound.starts_with("stated: ") ||
           a.bound.starts_with("none: ")));
    if (a.bound.starts_with("stated: ")) CHECK_FALSE(a.from_paper());
    // a stated bound is the row's own function, next to its generator: no name is compared
    CHECK((a.stated != nullptr) == a.bound.starts_with("stated: "));
    // the example: it applies, gen lists it, and its schedule holds
    // (a row that implements the switched model may have a switched example)
    const auto t = a.switched ? build_switched_topology(a.example) : build_topology(a.example);
    REQUIRE(a.applies(*t));
    const auto listed = algorithm_names(*t, a.collective);
    CHECK(std::find(listed.begin(), listed.end(), a.name) != listed.end());
    const CheckedSchedule s = generate_checked(
        *t, test::full_request(*t, std::string(a.collective), std::string(a.name)));
    CHECK(s.schedule().algorithm == a.name);
    CHECK((s.holds() || a.name.ends_with("-as-printed")));
    // papers/ gives a bound exactly when the row says it does, of the kind it says
    const auto b = paper_bound(*t, s.schedule().collective, std::string(a.name));
    CHECK(b.has_value() == a.has_bound());
    if (b) CHECK((bound_kind(*b) == "stated bound") == a.bound.starts_with("stated: "));
    // a row in the docs
    const std::string& docs = a.from_paper() ? algorithms_md : generic_md;
    CHECK(docs.find("`" + std::string(a.name) + "`") != std::string::npos);
  }
}

TEST_CASE("each collective's rows live in one folder's rows.cpp, and the table is their join",
          "[gen]") {
  // gen/rows.hpp's folders: where "where does my algorithm go" is answered
  const std::vector<std::pair<std::string, std::span<const AlgorithmInfo>>> folders = {
      {"broadcast", broadcast_rows()},
      {"scatter_gather", scatter_gather_rows()},
      {"exchange", exchange_rows()},
      {"reduce", reduce_rows()},
      {"route", route_rows()},
      {"reduce_scatter", reduce_scatter_rows()},
      {"cube_dimension", cube_dimension_rows()},
      {"all_reduce", all_reduce_rows()},
      {"prefix", prefix_rows()},
      {"matrix", matrix_rows()},
      {"all_gather", all_gather_rows()},
      {"multicast", multicast_rows()},
  };
  std::map<std::string_view, std::string> home;
  std::size_t rows = 0;
  for (const auto& [folder, list] : folders) {
    INFO("gen/" << folder << "/rows.cpp");
    CHECK_FALSE(list.empty());
    CHECK(source_file("gen/" + folder + "/rows.cpp").find(std::string(list.front().name)) !=
          std::string::npos);
    rows += list.size();
    for (const AlgorithmInfo& a : list) {
      INFO(a.collective << " / " << a.name);
      const auto [at, fresh] = home.emplace(a.collective, folder);
      CHECK(at->second == folder);
    }
  }
  CHECK(rows == algorithm_table().size());
  for (const std::string& c : collective_names()) {
    INFO("collective " << c);
    CHECK(home.count(c) == 1);
  }
}

TEST_CASE("a typed generator meets only networks of its type: no bad_cast", "[gen]") {
  // every algorithm of every collective on every family example: it applies, or gen refuses it
  // with an InputError naming the choices
  for (const FamilyInfo& f : family_table()) {
    const auto t = build_switched_topology(example_spec(f.example));
    for (const AlgorithmInfo& a : algorithm_table()) {
      INFO(a.name << " on " << f.example);
      // a switched network takes the rows that implement the model only
      if (a.applies(*t) && (a.switched || !t->needs_switched_model())) continue;
      CHECK_THROWS_AS(
          generate(*t, test::full_request(*t, std::string(a.collective), std::string(a.name))),
          InputError);
    }
  }
  // a product of any networks is a "product" but not a Product: the generic layout draws it
  const auto mixed = build_topology("product(ccc(3), ring(4))");
  CHECK_FALSE(draw::layout_network(*mixed).method.empty());
}
