// Unit labels on tokens: short, read from the name, unique on the board. No GL.
#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <string>
#include <vector>

#include "app/rules/unit_labels.h"

using namespace tactics;
using namespace tactics::app;

namespace {

void requireUniqueAndShort(const std::vector<std::string>& names) {
  const std::vector<std::string> labels = unitLabels(names);
  REQUIRE(labels.size() == names.size());
  std::set<std::string> seen;
  for (const std::string& label : labels) {
    INFO(label);
    REQUIRE(!label.empty());
    REQUIRE(label.size() <= kMaxLabelLength);
    REQUIRE(seen.insert(label).second);
  }
}

}  // namespace

TEST_CASE("Soldier and Sniper are told apart by their second letter", "[app][labels]") {
  CHECK(unitLabels(std::vector<std::string>{"Soldier", "Sniper", "Fighter"}) ==
        std::vector<std::string>{"SO", "SN", "F"});
}

TEST_CASE("P0 to P9 keep their names", "[app][labels]") {
  std::vector<std::string> names;
  for (int i = 0; i < 10; ++i) names.push_back("P" + std::to_string(i));
  CHECK(unitLabels(names) == names);
}

TEST_CASE("A lone unit is its initial, upper-cased", "[app][labels]") {
  CHECK(unitLabels(std::vector<std::string>{"archer"}) == std::vector<std::string>{"A"});
  CHECK(unitLabels(std::vector<std::string>{}).empty());
}

TEST_CASE("The same name twice is numbered", "[app][labels]") {
  CHECK(unitLabels(std::vector<std::string>{"Soldier", "Soldier", "Knight"}) ==
        std::vector<std::string>{"S1", "S2", "K"});
  // Alike in the first 3 characters, and a name that is already a numbered label.
  CHECK(unitLabels(std::vector<std::string>{"Knight A", "Knight B", "K1"}) ==
        std::vector<std::string>{"K2", "K3", "K1"});
}

TEST_CASE("Names of one character", "[app][labels]") {
  CHECK(unitLabels(std::vector<std::string>{"a", "b", "A"}) ==
        std::vector<std::string>{"A1", "B", "A2"});
  requireUniqueAndShort({"x", "X", "x", "y", "1", "11"});
}

TEST_CASE("Non-ASCII names keep their ASCII letters and digits, else U", "[app][labels]") {
  CHECK(labelKey("Ålvar 2") == "LVAR2");
  CHECK(labelKey("弓兵") == "U");
  CHECK(labelKey("") == "U");
  CHECK(unitLabels(std::vector<std::string>{"弓兵", "騎士", "Élan"}) ==
        std::vector<std::string>{"U1", "U2", "L"});
}

TEST_CASE("256 units, all alike or all different, are all labelled apart", "[app][labels]") {
  std::vector<std::string> same(256, "Soldier");
  requireUniqueAndShort(same);
  std::vector<std::string> numbered;
  for (int i = 0; i < 256; ++i) numbered.push_back("Unit" + std::to_string(i));
  requireUniqueAndShort(numbered);
  std::vector<std::string> empty(256, "");
  requireUniqueAndShort(empty);
}

TEST_CASE("Random rosters are labelled apart", "[app][labels]") {
  std::mt19937 random(22);
  const std::string alphabet = "AaBbS0P1 -\xC3\xA9";
  for (int round = 0; round < 300; ++round) {
    const int count = std::uniform_int_distribution<int>(1, 64)(random);
    std::vector<std::string> names;
    for (int u = 0; u < count; ++u) {
      const int length = std::uniform_int_distribution<int>(0, 5)(random);
      std::string name;
      for (int c = 0; c < length; ++c) {
        name.push_back(
            alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(random)]);
      }
      names.push_back(name);
    }
    requireUniqueAndShort(names);
  }
}

TEST_CASE("names show under the tokens from 48-pixel cells, cut to fit", "[app][labels]") {
  CHECK_FALSE(showsNames(28, 1.0F));
  CHECK_FALSE(showsNames(47, 1.0F));
  CHECK(showsNames(48, 1.0F));
  CHECK_FALSE(showsNames(60, 2.0F));  // HiDPI: 48 pixels at content scale 1 are 96
  CHECK(showsNames(96, 2.0F));
  CHECK(nameTag("Lord", 6) == "Lord");
  CHECK(nameTag("Cavalier", 8) == "Cavalier");
  CHECK(nameTag("Cavalier", 6) == "Cava..");
  CHECK(nameTag("Cavalier", 3) == "C..");
  CHECK(nameTag("Cavalier", 2).empty());
  CHECK(nameTag("", 4).empty());
  // UTF-8 names are cut between characters, never inside one.
  CHECK(nameTag("Éléonore", 8) == "Éléonore");
  CHECK(nameTag("Éléonore", 5) == "Élé..");
}

TEST_CASE("unit labels: a hidden enemy's name shapes no label the player sees", "[app][fog]") {
  std::vector<Unit> units(2);
  units[0].name = "Archer";
  units[1].name = "Assassin";
  units[1].team = Team::Enemy;
  CHECK(unitLabels(units) == std::vector<std::string>{"AR", "AS"});
  units[1].hidden = true;
  CHECK(seenUnitLabels(units) == std::vector<std::string>{"A", ""});
  CHECK(seenUnitLabels(units, true) == std::vector<std::string>{"AR", "AS"});
}

TEST_CASE("unit labels: a label the player has read stays when a hidden enemy is revealed",
          "[app][fog]") {
  std::vector<Unit> units(3);
  units[0].name = "Archer";
  units[1].name = "Assassin";
  units[1].team = Team::Enemy;
  units[1].hidden = true;
  units[2].name = "Ashe";
  units[2].team = Team::Ally;
  UnitLabelMemory memory;
  CHECK(memory.labels(units) == std::vector<std::string>{"AR", "", "AS"});
  CHECK(memory.labels(units) == std::vector<std::string>{"AR", "", "AS"});  // asked again
  units[0].cell = {4, 2};  // units move: the labels stay
  CHECK(memory.labels(units) == std::vector<std::string>{"AR", "", "AS"});

  units[1].hidden = false;  // revealed: the others keep theirs, it takes one nobody has
  CHECK(seenUnitLabels(units) == std::vector<std::string>{"AR", "ASS", "ASH"});
  CHECK(memory.labels(units) == std::vector<std::string>{"AR", "ASS", "AS"});
  units[1].hidden = true;  // out of sight again, and back: the same label
  CHECK(memory.labels(units) == std::vector<std::string>{"AR", "", "AS"});
  units[1].hidden = false;
  CHECK(memory.labels(units) == std::vector<std::string>{"AR", "ASS", "AS"});

  // A newly seen unit whose own label is taken gets the next free start of its name.
  std::vector<Unit> two(2);
  two[0].name = "Archer";
  two[1].name = "Assassin";
  two[1].hidden = true;
  UnitLabelMemory fog;
  CHECK(fog.labels(two) == std::vector<std::string>{"A", ""});
  two[1].hidden = false;
  CHECK(fog.labels(two) == std::vector<std::string>{"A", "AS"});

  // The editor's view of every unit, or a new roster, starts over.
  CHECK(fog.labels(two, true) == std::vector<std::string>{"AR", "AS"});
  two[1].name = "Bandit";
  CHECK(fog.labels(two) == std::vector<std::string>{"A", "B"});
}
