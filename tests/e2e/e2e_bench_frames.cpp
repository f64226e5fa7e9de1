// `tactics-grid demo --bench-frames N` under xvfb-run: the report's shape, never its timings.
#include <catch2/catch.hpp>

#include <regex>

#include "e2e_support.h"

using namespace e2e;

TEST_CASE("demo --bench-frames times N frames and prints median, p90 and solves", "[e2e][bench]") {
  const Run r = demo("--bench-frames 12");
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  const std::regex shape(
      "frames 12\nwindow 1280x720\nmedian_ms [0-9]+\\.[0-9]{3}\np90_ms [0-9]+\\.[0-9]{3}\n"
      "solves [0-9]+\n");
  INFO(r.out);
  CHECK(std::regex_match(r.out, shape));
  std::smatch m;
  REQUIRE(std::regex_search(r.out, m, std::regex("median_ms ([0-9.]+)\np90_ms ([0-9.]+)")));
  CHECK(std::stod(m[2]) >= std::stod(m[1]));
  // A unit is selected (the first player unit): its range was solved at least once.
  REQUIRE(std::regex_search(r.out, m, std::regex("solves ([0-9]+)")));
  CHECK(std::stoi(m[1]) >= 1);
}

TEST_CASE("demo --bench-frames uses the given window and refuses bad counts", "[e2e][bench]") {
  const Run r = demo("--bench-frames 3 --window 800x600 --select 2,18");
  INFO(r.err);
  REQUIRE(r.exitCode == 0);
  CHECK(r.out.find("frames 3\nwindow 800x600\n") == 0);
  const Run bad = demo("--bench-frames 0");
  CHECK(bad.exitCode == 2);
  CHECK(bad.err.rfind("error: ", 0) == 0);
}
