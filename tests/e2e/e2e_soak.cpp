// `tactics-grid demo --soak N` under xvfb-run: random actions through the demo's own input
// handling, with no GL errors, no disagreement with the CPU reference and memory that does not
// grow. The note for a release reports a run of 20,000 actions; CI runs 300.
#include <catch2/catch.hpp>

#include <regex>

#include "e2e_support.h"

using namespace e2e;

TEST_CASE("demo --soak plays 300 random actions with no GL error, disagreement or growth",
          "[e2e][soak]") {
  const Run r = demo("--soak 300 --seed 11");
  INFO(r.err);
  const auto last = r.out.rfind("soak: ");
  REQUIRE(last != std::string::npos);
  const std::string line = r.out.substr(last);
  INFO(line);
  std::smatch m;
  REQUIRE(std::regex_search(
      line, m,
      std::regex("soak: 300 actions, ([0-9]+) solves, ([0-9]+) GL errors, ([0-9]+) "
                 "disagreements with the CPU reference, resident ([0-9.]+) MiB at action 200, "
                 "([0-9.]+) MiB at the end \\(([-+][0-9.]+)%\\)")));
  CHECK(std::stoi(m[1]) > 20);  // the random player really selected and moved units
  CHECK(m[2] == "0");
  CHECK(m[3] == "0");
  CHECK(std::stod(m[6]) < 5.0);
  CHECK(r.exitCode == 0);
  // Walks finished and were logged: the soak moved units, it did not only look.
  CHECK(r.out.find("\nmove ") != std::string::npos);
}

TEST_CASE("demo --soak refuses bad counts and seeds", "[e2e][soak]") {
  for (const char* bad : {"--soak 0", "--soak x", "--soak 5 --seed -1", "--seed"}) {
    INFO(bad);
    const Run r = demo(bad);
    CHECK(r.exitCode == 2);
    CHECK(r.err.rfind("error: ", 0) == 0);
  }
}
