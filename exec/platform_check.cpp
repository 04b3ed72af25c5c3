// netsched-platform-check PLATFORM.xml HOSTFILE: SimGrid's own route lookup over every ordered
// pair of the hostfile's hosts, and how many routes each link direction carries.
//
// Why a separate SimGrid program: the load figures simulate reports (and that the tests hold to
// their targets) must come from the routes SimGrid will really use, not from netsched's idea of
// them; this loads the platform exactly as smpirun does and asks SimGrid. It prints one JSON
// line: pairs, links used, the busiest link's load and name, the mean load over used links.
#include <cstdio>
#include <fstream>
#include <simgrid/s4u.hpp>
#include <string>
#include <unordered_map>
#include <vector>

int main(int argc, char** argv) {
  simgrid::s4u::Engine engine(&argc, argv);
  if (argc != 3) {
    std::fprintf(stderr, "usage: netsched-platform-check PLATFORM.xml HOSTFILE\n");
    return 2;
  }
  engine.load_platform(argv[1]);
  std::ifstream in(argv[2]);
  std::vector<simgrid::s4u::Host*> hosts;
  for (std::string name; std::getline(in, name);)
    if (!name.empty()) hosts.push_back(simgrid::s4u::Host::by_name(name));
  std::unordered_map<const simgrid::s4u::Link*, unsigned long long> load;
  std::vector<simgrid::s4u::Link*> route;
  unsigned long long pairs = 0, hops = 0;
  for (const auto* src : hosts)
    for (const auto* dst : hosts) {
      if (src == dst) continue;
      route.clear();
      src->route_to(dst, route, nullptr);
      ++pairs;
      for (const auto* link : route) {
        ++load[link];
        ++hops;
      }
    }
  unsigned long long max = 0;
  std::string busiest;
  for (const auto& [link, count] : load)
    if (count > max) {
      max = count;
      busiest = link->get_name();
    }
  const double mean =
      load.empty() ? 0 : static_cast<double>(hops) / static_cast<double>(load.size());
  std::printf(
      "{\"pairs\": %llu, \"links\": %zu, \"max\": %llu, \"mean\": %.6f, \"busiest\": \"%s\"}\n",
      pairs, load.size(), max, mean, busiest.c_str());
  return 0;
}
