// netsched as a C++ library: build networks, generate a checked schedule, verify one read back
// from its file. Built against an installed netsched by find_package (CMakeLists.txt here).
#include <iostream>
#include <netsched/netsched.hpp>

int main(int argc, char** argv) {
  namespace ns = netsched::api;
  const std::string out = argc > 1 ? argv[1] : "broadcast.json";
  try {
    // A network from a spec, and one from links held in memory (a 5-cycle with a chord).
    const ns::Network hdn = ns::Network::from_spec("hdn(torus(2,3), sn=[{0}])");
    const ns::Network mine =
        ns::Network::from_links(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}, {0, 2}});
    std::cout << hdn.spec() << ": " << hdn.nodes() << " nodes, " << hdn.links().size()
              << " links\n";
    std::cout << "info: " << hdn.info_json().substr(0, 60) << "...\n";

    // A checked schedule (the simulator has judged it), written with its verification record.
    ns::GenerateOptions options;
    options.root = "2";
    const ns::Schedule s = ns::generate(mine, "broadcast", options);
    std::cout << s.collective() << " on " << s.topology() << " by " << s.algorithm() << ": "
              << s.steps() << " steps; first step " << s.transfers(0).front().from << " -> "
              << s.transfers(0).front().to << "\n";
    s.write(out);

    // Read back and verified again: the verdict is `netsched verify --json`'s.
    const ns::Schedule back = ns::Schedule::read(out);
    std::cout << "read back: " << (back.holds() ? "holds" : "VIOLATED") << "\n";
    std::cout << ns::route_json(hdn, "0", "5").substr(0, 40) << "...\n";
    ns::Network::from_spec("torus(2,");  // bad input: an InputError with the CLI's message
  } catch (const ns::InputError& e) {
    std::cout << "InputError: " << e.what() << "\n";
    return 0;
  }
  return 1;  // the bad spec above must have been refused
}
