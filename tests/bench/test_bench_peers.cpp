// The bench's peers (issue 26 item 7) against the references on random boards: a peer that
// answered a different question would make its timings meaningless. The same solver and the
// same kept result serve every board in turn, so resetting only the cells a solve wrote is
// tested too.
#include <catch2/catch.hpp>

#include "cli/bench_peers.h"
#include "random_cases.h"
#include "random_fields.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/reference_solver.h"

#include <random>

using namespace tactics;
using tactics::cli::fieldDifference;
using tactics::cli::LibtcodField;
using tactics::cli::PqDijkstraField;
using tactics::cli::PqDijkstraRange;
using tactics::cli::rangeDifference;
using tactics::testing::RandomCase;

namespace {

// The board with named terrains (SPEC §11.1): each passable cell, one time in three, becomes one
// of seven terrains beyond the fifth, which the class prices 1..15 or cannot enter.
RandomCase withNamedTerrains(RandomCase c) {
  std::mt19937 rng(static_cast<std::uint32_t>(c.seed));
  std::vector<std::uint8_t> cells;
  for (int y = 0; y < c.map.height(); ++y) {
    for (int x = 0; x < c.map.width(); ++x) {
      const int terrain = c.map.terrain({x, y});
      const bool swap = Cell{x, y} != c.query.unit && rng() % 3 == 0;
      cells.push_back(static_cast<std::uint8_t>(swap ? 5 + static_cast<int>(rng() % 7) : terrain));
    }
  }
  std::vector<std::string> names = defaultTerrainNames();
  for (const char* extra : {"sand", "bridge", "shallows", "road", "marsh", "ruins", "snow"}) {
    names.emplace_back(extra);
  }
  c.map = CostMap::named(c.map.width(), c.map.height(), cells, names);
  for (int terrain = 5; terrain < 12; ++terrain) {
    const auto cost = static_cast<std::uint8_t>(rng() % 16);  // 0: impassable
    c.query.movement = c.query.movement.withCost(terrain, cost);
  }
  return c;
}

// Solves `c` with the peer into the kept result and holds it against the reference.
void checkRange(PqDijkstraRange& peer, RangeResult& kept, const RandomCase& c) {
  INFO(c.describe());
  REQUIRE(PqDijkstraRange::answers(c.query));
  peer.solve(c.map, c.query, kept);
  const auto difference = rangeDifference(kept, solveReference(c.map, c.query));
  INFO((difference ? *difference : std::string()));
  CHECK_FALSE(difference);
}

}  // namespace

TEST_CASE("pq-dijkstra's range equals the reference's on random boards", "[bench][peers]") {
  PqDijkstraRange peer;
  RangeResult kept;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const RandomCase c = testing::makeRandomCase(seed, {96, 12});
    checkRange(peer, kept, c);
    if (seed % 4 == 0) checkRange(peer, kept, withNamedTerrains(c));
  }
}

TEST_CASE("pq-dijkstra's range equals the reference's among units and attack sets",
          "[bench][peers]") {
  PqDijkstraRange peer;
  RangeResult kept;
  for (std::uint64_t seed = 1; seed <= 150; ++seed) {
    // Crowded boards under every rule variant the peer knows: allies, enemies, pass,
    // ignore-units (not zone of control).
    const RandomCase crowded = testing::makeCrowdedCase(seed, 0.3);
    int variants = 0;
    for (const testing::RuleVariant& rules : testing::kRuleVariants) {
      RandomCase c = crowded;
      c.query = testing::withRules(crowded.query, rules);
      if (!PqDijkstraRange::answers(c.query)) continue;
      ++variants;
      checkRange(peer, kept, c);
    }
    CHECK(variants == 3);  // none, pass, ignore-units
    checkRange(peer, kept, testing::makeAttackSetCase(seed));
  }
}

TEST_CASE("pq-dijkstra declines zone of control", "[bench][peers]") {
  RangeQuery query = testing::query({1, 1}, 3);
  CHECK(PqDijkstraRange::answers(query));
  query.zoc = true;
  CHECK_FALSE(PqDijkstraRange::answers(query));
}

TEST_CASE("pq-dijkstra's field equals the reference's on random boards", "[bench][peers]") {
  PqDijkstraField peer;
  DistanceField kept;
  for (std::uint64_t seed = 1; seed <= 300; ++seed) {
    const testing::RandomField f = testing::makeRandomField(seed);
    INFO(f.describe());
    peer.solve(f.map, f.query, kept);
    const auto difference = fieldDifference(kept, solveFieldReference(f.map, f.query));
    INFO((difference ? *difference : std::string()));
    CHECK_FALSE(difference);
  }
}

TEST_CASE("libtcod's field, one run per source, equals the reference's on random boards",
          "[bench][peers]") {
  DistanceField kept;
  for (std::uint64_t seed = 1; seed <= 120; ++seed) {
    const testing::RandomField f = testing::makeRandomField(seed, {64, 48});
    INFO(f.describe());
    LibtcodField peer(f.map);
    peer.solve(f.query, kept);
    const auto difference = fieldDifference(kept, solveFieldReference(f.map, f.query));
    INFO((difference ? *difference : std::string()));
    CHECK_FALSE(difference);
  }
}

TEST_CASE("The peers' checks name the first cell that differs", "[bench][peers]") {
  const CostMap map = testing::mapFromRows({{0, 0, 0}, {0, 76, 0}, {0, 0, 0}});
  const RangeQuery query = testing::query({0, 0}, 2, {1, 1});
  const RangeResult reference = solveReference(map, query);
  CHECK_FALSE(rangeDifference(reference, reference));

  RangeResult wrong = reference;
  wrong.travelCost[{1, 0}] = 2;
  CHECK(rangeDifference(wrong, reference) == "cell 1,0: travel cost 2, the reference 1");
  wrong = reference;
  wrong.parent[{2, 0}] = Direction::Up;
  CHECK(rangeDifference(wrong, reference) == "cell 2,0: parent up, the reference left");
  wrong = reference;
  wrong.reach[{2, 1}] = Reach::None;  // next to 2,0, which the unit can stop on
  CHECK(rangeDifference(wrong, reference) == "cell 2,1: reach none, the reference attackable");
  wrong = reference;
  wrong.passes += 1;
  CHECK(rangeDifference(wrong, reference) ==
        "passes " + std::to_string(reference.passes + 1) + ", the reference " +
            std::to_string(reference.passes));

  FieldQuery fieldQuery;
  fieldQuery.sources = {{0, 0}};
  const DistanceField field = solveFieldReference(map, fieldQuery);
  CHECK_FALSE(fieldDifference(field, field));
  DistanceField wrongField = field;
  wrongField[{2, 1}] = kFieldUnreachable;
  CHECK(fieldDifference(wrongField, field) == "cell 2,1: cost -1, the reference 3");
  CHECK(fieldDifference(DistanceField(2, 3, 0), field) == "a 2x3 field, the reference 3x3");
}
