#pragma once
// The board as the solvers' shaders see it: terrain classes and costs as uniforms and
// textures, occupants as texels, and a field's costs turned back into a DistanceField.

#include <array>
#include <cstdint>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/range_query.h"
#include "gpu/gl/gl_handle.h"

namespace tactics::gpu {

// The terrainCost uniform: each class's entry cost, 0 where the class cannot enter.
std::array<int, kTerrainClasses> terrainCostUniform(const MovementClass& movement);

// Each cell's terrain class, row by row: the R8UI terrain texture's texels.
std::vector<std::uint8_t> terrainClasses(const CostMap& map);

// Uploads the greys of `cells` (inside the map) into the R8 map texture.
void uploadGreys(GLuint mapTexture, const CostMap& map, const CellBox& cells);
// The same for a GL_R8UI copy of the greys (read as an integer image).
void uploadGreyIntegers(GLuint mapTexture, const CostMap& map, const CellBox& cells);

// The range solvers' R8UI occupant texture (0 free, 1 ally, 2 enemy), kept in step with the
// queries: each rewrite clears only the last query's units and writes the new ones.
class OccupantTexels {
 public:
  void rewrite(GLuint texture, const RangeQuery& query);

 private:
  std::vector<Cell> occupied_;  // cells whose texel is not 0
};

// The field solvers' occupant bits, one byte per cell: sources and blockers.
constexpr std::uint8_t kFieldSourceBit = 1;
constexpr std::uint8_t kFieldBlockerBit = 2;
std::vector<std::uint8_t> fieldOccupantBits(const FieldQuery& query, int width, int height);

// A field's R32UI costs, 0xFFFFFFFF where unreached, as a DistanceField.
DistanceField fieldFromCosts(const std::vector<GLuint>& costs, int width, int height);

}  // namespace tactics::gpu
