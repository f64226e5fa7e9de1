// The panel's rules edits (issue 24): the attack field validated as it is typed, the unit's
// skills, and the field kept in step with the selected unit. No GL.
#include <catch2/catch.hpp>

#include "app/rules/unit_edits.h"

using namespace tactics;
using namespace tactics::app;

namespace {

AttackRange attack(const char* text) {
  const auto parsed = parseAttackRange(text, "test");
  REQUIRE(parsed);
  return *parsed;
}

}  // namespace

TEST_CASE("attack field: shows the selected unit's attack as the parser reads it", "[app][rules_edits]") {
  Unit lord;
  lord.attack = attack("2");
  AttackField field;
  syncAttackField(field, 0, lord);
  CHECK(field.text == formatAttackRange(lord.attack));
  CHECK(parseAttackRange(field.text, "field").value() == lord.attack);
  CHECK(field.error.empty());
  // Another unit: its attack.
  Unit brigand;
  brigand.attack = attack("0");
  syncAttackField(field, 1, brigand);
  CHECK(field.text == "0");
}

TEST_CASE("attack field: valid text applies at once, invalid text leaves the unit unchanged",
          "[app][rules_edits]") {
  Unit unit;
  unit.attack = attack("1-1");
  AttackField field;
  syncAttackField(field, 3, unit);
  typeAttack(field, unit, "2-");
  CHECK(unit.attack == attack("1-1"));
  CHECK(field.text == "2-");
  CHECK(field.error.find("attack '2-'") != std::string::npos);
  // The text being typed stays while the unit is unchanged, even though it is not valid.
  syncAttackField(field, 3, unit);
  CHECK(field.text == "2-");
  CHECK_FALSE(field.error.empty());
  typeAttack(field, unit, "2-3");
  CHECK(unit.attack == attack("2-3"));
  CHECK(field.error.empty());
  CHECK(field.text == "2-3");
  for (const char* bad : {"", "x", "3-1", "256", "0-2", "-1"}) {
    INFO(bad);
    typeAttack(field, unit, bad);
    CHECK(unit.attack == attack("2-3"));
    CHECK(field.error.find("attack") != std::string::npos);
  }
  // "2" means 1-2, and stays as typed.
  typeAttack(field, unit, "2");
  CHECK(unit.attack == attack("1-2"));
  syncAttackField(field, 3, unit);
  CHECK(field.text == "2");
  typeAttack(field, unit, "0");
  CHECK(unit.attack.none());
}

TEST_CASE("attack field: an attack changed elsewhere replaces the text", "[app][rules_edits]") {
  Unit unit;
  unit.attack = attack("1-1");
  AttackField field;
  syncAttackField(field, 0, unit);
  typeAttack(field, unit, "9-");  // half typed
  unit.attack = attack("3-4");    // the editor or a new board changed it
  syncAttackField(field, 0, unit);
  CHECK(field.text == formatAttackRange(attack("3-4")));
  CHECK(field.error.empty());
}

TEST_CASE("skills: each one on and off, the others kept", "[app][rules_edits]") {
  Unit unit;
  setSkill(unit, Skill::Skirmisher, true);
  CHECK(formatSkills(unit.skills) == "skirmisher");
  setSkill(unit, Skill::Pass, true);
  CHECK(formatSkills(unit.skills) == "pass,skirmisher");
  setSkill(unit, Skill::Pass, true);
  CHECK(formatSkills(unit.skills) == "pass,skirmisher");
  setSkill(unit, Skill::Skirmisher, false);
  CHECK(formatSkills(unit.skills) == "pass");
  setSkill(unit, Skill::Pass, false);
  CHECK(unit.skills.empty());
}
