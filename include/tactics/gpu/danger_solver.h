#pragma once
// The danger zone on the GPU as one batched solve (SPEC §7), in an atlas: every enemy that can
// attack gets a window of one R16UI texture holding the cells it can reach (its cell +- its move,
// clipped to the map), the windows packed in shelves. Each pass is ONE instanced draw of quads,
// one per enemy, placed at its window by danger_atlas.vert (OpenGL 3.3 core, no geometry shader):
// relaxation pass k draws only the cells within k steps of the enemies whose move is at least k,
// ping-ponging two atlases until an occlusion query (issued every few passes; the passes after a
// quiet one are skipped by the GPU where conditional rendering exists) sees no change; then row
// prefix sums of each enemy's stopping cells, and a last instanced draw on the map in which
// instance i adds 1/255 where enemy i threatens, summed by additive blending into an R8 count
// texture: exact in 8-bit fixed point, saturating at 255 (SPEC §7), and colour-renderable and
// blendable in OpenGL ES 3.0, which R32F is not. Needs a current OpenGL 3.3 core or OpenGL ES 3.0
// context.
//
// An atlas texel takes 8 bytes (two travel, two prefix R16UI). When the windows would need a
// texture beyond the byte budget or GL_MAX_TEXTURE_SIZE, the enemies run in as few batches as
// fit, each adding to the same count texture.

#include <cstdint>
#include <memory>
#include <vector>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/units.h"

namespace tactics::gpu {

struct DangerStats {
  int enemies = 0;  // enemies that can attack (the others threaten nothing and get no window)
  int batches = 0;  // sets of passes run (1 unless the atlas would outgrow the budget)
  // Relaxation passes submitted, summed over the batches: with conditional rendering, those
  // after the first quiet change test are skipped by the GPU; without it, a few change nothing.
  int passes = 0;
  long long cellsShaded = 0;  // fragments run: the quads drawn, in the atlas and on the map
};

class DangerSolver {
 public:
  static constexpr std::size_t kAtlasBudgetBytes = 256u * 1024u * 1024u;
  static constexpr std::size_t kBytesPerAtlasTexel = 8;  // two R16UI travel + two R16UI prefix
  // The change test runs after every this many relaxation passes. Where the API has
  // conditional rendering the GPU skips the passes after a quiet test by itself; the CPU reads
  // a test only after tests 2, 4, 8, ... (the one drawn half as many passes before), to stop
  // submitting passes.
  static constexpr int kPassesPerCheck = 4;

  // Compiles the passes and uploads the terrain. Fails when a shader does not build or the map is
  // larger than GL_MAX_TEXTURE_SIZE. A smaller atlas budget (tests) forces more batches; a
  // window larger than the budget alone still runs, in a batch of its own.
  static Expected<DangerSolver> create(const CostMap& map,
                                       std::size_t atlasBudgetBytes = kAtlasBudgetBytes);

  DangerSolver(DangerSolver&&) noexcept;
  DangerSolver& operator=(DangerSolver&&) noexcept;
  ~DangerSolver();

  // Counts the enemies threatening every cell for a valid board (the scenario rules of SPEC §6),
  // each enemy's range under the board's rules (SPEC §11.2: zone of control from the players and
  // allies), baked by the rules seam. The caller's GL state is as it was when it returns. Fails
  // only when OpenGL cannot make the atlas.
  Expected<DangerStats> solve(const std::vector<Unit>& units, BoardRules rules = {});

  // R8, one byte per cell (texel row 0 = the map's top row): the number of enemies that
  // threaten it, saturated at 255, as the last solve left it; a shader reads count / 255.
  [[nodiscard]] std::uint32_t countTexture() const;  // a GL texture name
  // The last solve's counts, saturated at 255.
  [[nodiscard]] Grid<std::uint8_t> readCounts() const;

 private:
  struct Impl;
  explicit DangerSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
