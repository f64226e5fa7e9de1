#pragma once
// The units on the board and the rules of who may do what. No GL: the demo and the tests share
// the same roster, so a screenshot test solves exactly what the demo shows.

#include <optional>
#include <string>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/units.h"

namespace tactics::app {

using tactics::friends;
using tactics::queryFor;
using tactics::Team;
using tactics::teamName;
using tactics::Unit;
using tactics::unitAt;

// The built-in units for crossroads.png (until scenario files exist), in roster order.
std::vector<Unit> crossroadsRoster();

// The built-in roster placed on any map: each unit stands on its crossroads position scaled to
// this map when it can, else on the nearest free plains cell, else on any free cell it can enter.
// Units that find no cell at all are left out. A map of fewer than 64 cells gets one Lord with
// Movement Range 10 on the first cell it can enter, nearest the top-left corner.
std::vector<Unit> defaultRoster(const CostMap& map);

}  // namespace tactics::app
