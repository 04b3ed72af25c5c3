// Every family of gen's table has a property generator, and what it generates builds as a
// network of that family: a new family without one fails here by name.
#include <rapidcheck/catch.h>

#include <algorithm>

#include "gen/topology.hpp"
#include "props/own_networks.hpp"

using namespace netsched;

TEST_CASE("every family of the table has a property generator of its own specs") {
  const auto& generators = props::family_generators();
  for (const FamilyInfo& f : family_table()) {
    INFO("family " << f.name);
    const auto g =
        std::find_if(generators.begin(), generators.end(),
                     [&](const props::FamilyGenerator& x) { return x.family == f.name; });
    REQUIRE(g != generators.end());
    rc::prop("its specs build as networks of the family", [&] {
      const std::string spec = *g->specs;
      RC_ASSERT(spec.starts_with(std::string(f.name) + "("));
      const auto t = build_switched_topology(spec);
      RC_ASSERT(find_family(t->family()) != nullptr);
      // a network of switches (or directed links) is refused by every other builder
      if (t->needs_switched_model()) RC_ASSERT_THROWS_AS(build_topology(spec), InputError);
    });
  }
  for (const auto& g : generators) {
    INFO("generator of " << g.family);
    CHECK(find_family(g.family) != nullptr);
  }
}
