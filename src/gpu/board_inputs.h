#pragma once
// The board as the solvers' shaders see it: the rules seam's bytes (move_rules.h) uploaded into
// R8UI textures, the map's greys (the state's R channel), a field's sources, and a field's costs
// turned back into a DistanceField. Nothing here decides a rule: it only moves bytes.

#include <cstdint>
#include <vector>

#include "gpu/gl/gl_handle.h"
#include "gpu/gl/program.h"
#include "tactics/solver/cell_box.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/move_rules.h"
#include "tactics/solver/range_query.h"

namespace tactics::gpu {

// Uploads the baked rules into their box of an R8UI texture the size of the map.
void uploadRules(GLuint rulesTexture, const RuleWindow& rules);
// The same into the texels at `atlasX`, `atlasY` of an atlas (the danger solver's windows).
void uploadRulesAt(GLuint rulesTexture, const RuleWindow& rules, int atlasX, int atlasY);

// Uploads the greys of `cells` (inside the map) into the R8 map texture.
void uploadGreys(GLuint mapTexture, const CostMap& map, const CellBox& cells);
// The same for a GL_R8UI copy of the greys (read as an integer image).
void uploadGreyIntegers(GLuint mapTexture, const CostMap& map, const CellBox& cells);

// The attack set as the shaders read it (attack.frag, range.comp): `attackSpans` ranges, merged and
// sorted, in the arrays attackMin[8] and attackMax[8] (unused entries 0).
void setAttackSpans(const Program& program, const AttackRange& attack);

// Line of sight a word of 32 cells at a time (shaders/sight.glsl, sight_seen.frag), for attacks
// reaching at most kSightWordReach (shifts of a word by the reach stay within its neighbours).
constexpr int kSightWordReach = 12;
constexpr int kSightTableBias = 32;     // added to each coordinate of a table entry
constexpr int kSightTableWidth = 1024;  // entries a texture row
// Words a row of `width` cells takes.
constexpr int sightWordsAcross(int width) { return (width + 31) / 32; }
// The map's sight-blocking cells (terrains in `blockers`) as R32UI words: bit i of word (w, y)
// is cell (32w + i, y); sightWordsAcross(width) words a row.
std::vector<std::uint32_t> sightBlockerWords(const CostMap& map, std::uint64_t blockers);
// Every offset (dx, dy) from a target to an origin at a distance in `spans`, nearest first, each
// followed by the cells its segment crosses (tactics::forEachCrossed), relative to the target:
// an offset's entry is dx | dy << 8 | crossed count << 16, a cell's cx | cy << 8, every
// coordinate plus kSightTableBias. Padded to whole rows of kSightTableWidth entries.
std::vector<std::uint32_t> sightOffsetTable(const std::vector<AttackSpan>& spans);
// How many offsets sightOffsetTable lists for `spans`.
int sightOffsetCount(const std::vector<AttackSpan>& spans);

// A field's sources, one byte per cell: kFieldSourceBit where a source stands.
constexpr std::uint8_t kFieldSourceBit = 1;
std::vector<std::uint8_t> fieldSourceBits(const FieldQuery& query, int width, int height);

// A field's R32UI costs, 0xFFFFFFFF where unreached, as a DistanceField.
DistanceField fieldFromCosts(const std::vector<GLuint>& costs, int width, int height);

}  // namespace tactics::gpu
