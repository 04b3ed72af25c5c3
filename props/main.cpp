// Catch2 main for the rapidcheck properties: fixes a seed (printed, so a failure reproduces
// with RC_PARAMS="seed=N") unless RC_PARAMS already names one.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <string>

int main(int argc, char** argv) {
  std::string params = std::getenv("RC_PARAMS") ? std::getenv("RC_PARAMS") : "";
  if (params.find("seed=") == std::string::npos) {
    const auto seed = static_cast<unsigned long long>(
        std::chrono::system_clock::now().time_since_epoch().count() % 1000000007);
    params += (params.empty() ? "" : " ") + std::string("seed=") + std::to_string(seed);
    setenv("RC_PARAMS", params.c_str(), 1);
  }
  std::cerr << "rapidcheck: RC_PARAMS=\"" << params << "\" (set it to reproduce this run)\n";
  return Catch::Session().run(argc, argv);
}
