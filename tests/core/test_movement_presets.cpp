// The named movement classes: their costs as SPEC §5 lists them, looked up by exact name only.
#include <catch2/catch.hpp>

#include "tactics/solver/movement_presets.h"

using namespace tactics;

TEST_CASE("the four presets have the costs the spec lists, foot being the default class",
          "[core][presets]") {
  const auto costsOf = [](std::string_view name) {
    const auto preset = findMovementPreset(name);
    REQUIRE(preset);
    return preset->toString();
  };
  CHECK(costsOf("foot") == "1,2,4,8,x");
  CHECK(costsOf("mounted") == "1,3,5,x,x");
  CHECK(costsOf("armour") == "1,3,6,x,x");
  CHECK(costsOf("flier") == "1,1,1,1,x");
  CHECK(*findMovementPreset("foot") == MovementClass());
  CHECK(movementPresetNames() == "foot, mounted, armour, flier");
  for (const MovementPreset& preset : movementPresets()) {
    INFO(preset.name);
    CHECK_FALSE(preset.movement.passable(kTerrainClasses - 1));  // walls stop everyone
  }
}

TEST_CASE("a preset is found by its exact name only", "[core][presets]") {
  for (const char* name : {"Foot", "armor", "mounted ", "", "custom"}) {
    INFO(name);
    CHECK_FALSE(findMovementPreset(name));
  }
}
