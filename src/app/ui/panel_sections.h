#pragma once
// The panel's sections, one file each (or a few small ones together); drawPanel (panel.cpp)
// lays them out. Internal to the panel.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "app/rules/scene.h"
#include "app/solves/solve_report.h"
#include "app/ui/ui_settings.h"
#include "app/view/palette.h"
#include "tactics/solver/range_result.h"

namespace tactics::app {

// A terrain as the panel names it: the map's name for it (SPEC §11.1), and SPEC §1's class 4 as
// "wall/deep water" on a map that did not rename it.
inline std::string terrainLabel(const CostMap& map, int terrain) {
  if (terrain == kTerrainClasses - 1 && map.terrainName(terrain) == "wall") return "wall/deep water";
  return map.terrainName(terrain);
}

void turnSection(const Scene& scene, Ui& ui);
void unitSection(Scene& scene, UnitEditMemory& memory, bool editing);
void numbersSection(Ui& ui, const SolveReport& report);
// `editing`: the level editor, which shows hidden enemies (SPEC §11.5) too.
void hoverSection(const Scene& scene, const RangeResult* range, const Grid<std::uint8_t>* danger,
                  const std::string* noPath, bool editing, UnitLabelMemory& labels);
void threatSection(const Scene& scene, ThreatSettings& threats);
void viewSection(ViewToggles& view);
void legendSection(const ViewToggles& view, const CostMap& map);
void boardSection(const Scene& scene, Ui& ui, const std::vector<std::string>& boards);
void watchSection(WatchSettings& watch, const SolveReport& report);

// The last item's longer words in a tooltip, wrapped, while the pointer is over it.
void hoverNote(const char* text);

// A square of colour the height of a text line.
void swatch(const char* id, Rgb colour);

}  // namespace tactics::app
