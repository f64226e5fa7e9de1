// The differential harness must be able to see a wrong solver: the blog's close-once rule,
// run against the reference on the same random cases as the GPU, has to fail often.
#include <catch2/catch.hpp>

#include "close_once_model.h"
#include "tactics/solver/reference_solver.h"
#include "random_cases.h"

using namespace tactics;

TEST_CASE("the harness has teeth: the blog's close-once rule fails it", "[core][random]") {
  int weighted = 0;
  int wrong = 0;
  for (std::uint64_t seed = 1; seed <= 500; ++seed) {
    const auto c = testing::makeRandomCase(seed);
    if (!c.weighted()) continue;
    ++weighted;
    const RangeResult reference = solveReference(c.map, c.query);
    wrong += testing::compareReachAndCost(testing::solveCloseOnce(c.map, c.query), reference).has_value();
  }
  INFO(wrong << " of " << weighted << " weighted cases disagree");
  CHECK(weighted >= 200);
  CHECK(wrong * 5 >= weighted);
}
