// Skill names (SPEC §11.3): the comma-separated form the CLI's --skills and Tiled's `skills`
// property use, and one name at a time for JSON lists. Unknown or repeated names are errors.
#include <catch2/catch.hpp>

#include "tactics/solver/skills.h"

using namespace tactics;

TEST_CASE("skills: names parse and format both ways", "[core][skills]") {
  const auto none = parseSkills("", "--skills");
  REQUIRE(none);
  CHECK(none->empty());
  CHECK(formatSkills(*none).empty());
  const auto both = parseSkills("skirmisher,pass", "--skills");
  REQUIRE(both);
  CHECK(both->has(Skill::Pass));
  CHECK(both->has(Skill::Skirmisher));
  CHECK(formatSkills(*both) == "pass,skirmisher");
  CHECK(skillNames(*both) == std::vector<std::string>{"pass", "skirmisher"});
  const auto pass = parseSkills("pass", "--skills");
  REQUIRE(pass);
  CHECK(pass->has(Skill::Pass));
  CHECK_FALSE(pass->has(Skill::Skirmisher));
  CHECK(*parseSkills(formatSkills(*pass), "x") == *pass);
  CHECK(skillNamed("skirmisher") == Skill::Skirmisher);
  CHECK_FALSE(skillNamed("Pass"));
}

TEST_CASE("skills: unknown, repeated and empty names are errors naming the value",
          "[core][skills]") {
  for (const char* bad : {"fly", "pass,pass", "pass,", ",pass", "pass,,skirmisher", " pass",
                          "PASS", "pass skirmisher"}) {
    INFO(bad);
    const auto parsed = parseSkills(bad, "--skills");
    REQUIRE_FALSE(parsed);
    CHECK(parsed.error().find("--skills") != std::string::npos);
    CHECK(parsed.error().find("allowed: pass, skirmisher") != std::string::npos);
  }
  CHECK(parseSkills("pass,pass", "--skills").error().find("twice") != std::string::npos);
  CHECK(parseSkills("fly", "--skills").error().find("unknown skill 'fly'") != std::string::npos);
  Skills skills;
  CHECK_FALSE(addSkill(skills, "pass", "unit 0 'Rogue'"));
  const auto again = addSkill(skills, "pass", "unit 0 'Rogue'");
  REQUIRE(again);
  CHECK(again->find("unit 0 'Rogue'") != std::string::npos);
}
