#include <catch2/catch.hpp>

#include "tactics/solver/parse.h"
#include "tactics/solver/range_query.h"

using namespace tactics;

TEST_CASE("integers are plain decimal digits within range", "[core][parse]") {
  CHECK(*parseInteger("0", 0, 255, "--move") == 0);
  CHECK(*parseInteger("255", 0, 255, "--move") == 255);
  CHECK(*parseInteger("007", 0, 255, "--move") == 7);
  for (const char* bad : {"", "-1", "+1", " 1", "1 ", "2.5", "1e3", "abc", "0x10", "5a"}) {
    INFO(bad);
    const auto v = parseInteger(bad, 0, 255, "--move");
    REQUIRE_FALSE(v);
    CHECK(v.error().find("--move") == 0);
    CHECK(v.error().find("0..255") != std::string::npos);
  }
  CHECK(parseInteger("256", 0, 255, "--move").error() == "--move 256 is out of range 0..255");
  CHECK_FALSE(parseInteger("99999999999999999999999", 0, 255, "--move"));
}

TEST_CASE("cells are X,Y", "[core][parse]") {
  CHECK(*parseCell("3,4", "--unit") == Cell{3, 4});
  for (const char* bad : {"3", "3,", ",4", "3,4,5", "-1,2", "3;4", "a,b", "1.5,2", " 3,4"}) {
    INFO(bad);
    CHECK_FALSE(parseCell(bad, "--unit"));
  }
}

TEST_CASE("attack ranges are MAX, MIN-MAX or 0", "[core][parse]") {
  CHECK(*parseAttackRange("2", "--attack") == AttackRange{1, 2});
  CHECK(*parseAttackRange("2-3", "--attack") == AttackRange{2, 3});
  CHECK(*parseAttackRange("0", "--attack") == AttackRange{0, 0});
  for (const char* text : {"0", "1-1", "2-3", "1-255"}) {
    CHECK(formatAttackRange(*parseAttackRange(text, "--attack")) == text);
  }
  CHECK(*parseAttackRange("0-0", "--attack") == AttackRange{0, 0});
  CHECK(*parseAttackRange("255", "--attack") == AttackRange{1, 255});
  for (const char* bad : {"", "-", "3-1", "0-2", "1-300", "256", "-1", "1-", "1.5", "a-b", "1-2-3"}) {
    INFO(bad);
    const auto range = parseAttackRange(bad, "\"attack\"");
    REQUIRE_FALSE(range);
    CHECK(range.error().rfind("\"attack\"", 0) == 0);
  }
}
