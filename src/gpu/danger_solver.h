#pragma once
// The danger zone on the GPU as one batched solve (SPEC §7): every enemy gets one layer of a 2D
// texture array, and each pass is ONE instanced draw over all layers, routed to its layer by a
// geometry shader (gl_Layer; OpenGL 3.3 core has no other way to pick a layer from a shader).
// Relaxation passes ping-pong two R16UI arrays until an occlusion query (asked every few passes)
// sees no change in any layer; then row prefix sums of each enemy's stopping cells, and a last instanced draw in which
// instance i adds 1.0 where enemy i threatens, summed by additive blending into an R32F count
// texture. Needs a current OpenGL 3.3 core context.
//
// The layers of one batch take 8 bytes per cell each; when all enemies would need more than
// kLayerBudgetBytes (only on very large maps), they run in as few batches as fit, each adding to
// the same count texture.

#include <cstdint>
#include <memory>
#include <vector>

#include "core/cost_map.h"
#include "core/expected.h"
#include "core/grid.h"
#include "core/units.h"
#include "gpu/gl_handle.h"

namespace tactics::gpu {

struct DangerStats {
  int enemies = 0;  // enemies that can attack (the others threaten nothing and get no layer)
  int batches = 0;  // sets of passes run (1 unless the map is very large)
  int passes = 0;   // relaxation passes run, summed over the batches (a few may change nothing)
  long long cellsShaded = 0;  // fragments run: every draw covers the map in each of its layers
};

class DangerSolver {
 public:
  static constexpr std::size_t kLayerBudgetBytes = 256u * 1024u * 1024u;
  static constexpr std::size_t kBytesPerLayerCell = 8;  // two R16UI travel + two R16UI prefix
  // The change test (which waits for the GPU) runs after every this many relaxation passes.
  static constexpr int kPassesPerCheck = 4;

  // Compiles the passes and uploads the terrain. Fails when a shader does not build or the map is
  // larger than GL_MAX_TEXTURE_SIZE. A smaller budget (tests) forces more batches.
  static Expected<DangerSolver> create(const CostMap& map,
                                       std::size_t layerBudgetBytes = kLayerBudgetBytes);

  DangerSolver(DangerSolver&&) noexcept;
  DangerSolver& operator=(DangerSolver&&) noexcept;
  ~DangerSolver();

  // Counts the enemies threatening every cell for a valid board (the scenario rules of SPEC §6).
  // Leaves the framebuffer (0), program (0), vertex array (0) and blending (off) unbound; the
  // viewport is the map's size. Fails only when OpenGL cannot make the layers.
  Expected<DangerStats> solve(const std::vector<Unit>& units);

  // R32F, one float per cell (texel row 0 = the map's top row): the number of enemies that
  // threaten it, unsaturated, as the last solve left it.
  [[nodiscard]] GLuint countTexture() const;
  // The last solve's counts, saturated at 255.
  [[nodiscard]] Grid<std::uint8_t> readCounts() const;

 private:
  struct Impl;
  explicit DangerSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
