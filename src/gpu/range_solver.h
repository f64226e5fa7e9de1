#pragma once
// The GPU range solver: the map lives in an RGBA8 state texture (SPEC §4) and fragment passes
// ping-pong it between two framebuffers, first relaxing travel costs (relax.frag), then marking
// attack range (origins.frag, row_prefix.frag, attack.frag).
//
// One solver serves one map and any number of units: each solve() only touches the cells within
// reach of its unit (a box that grows one cell per pass), and stops as soon as a pass changes
// nothing. Needs a current OpenGL 3.3 core context.

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "core/cost_map.h"
#include "core/expected.h"
#include "core/range_query.h"
#include "core/range_result.h"
#include "gpu/gl_handle.h"

namespace tactics::gpu {

// Cells [x0..x1] x [y0..y1], inclusive.
struct CellBox {
  int x0 = 0;
  int y0 = 0;
  int x1 = -1;
  int y1 = -1;

  static CellBox around(Cell c, int radius) {
    return {c.x - radius, c.y - radius, c.x + radius, c.y + radius};
  }
  [[nodiscard]] CellBox clippedTo(int width, int height) const;
  [[nodiscard]] CellBox unitedWith(const CellBox& other) const;
  [[nodiscard]] bool empty() const { return x1 < x0 || y1 < y0; }
  [[nodiscard]] int width() const { return x1 - x0 + 1; }
  [[nodiscard]] int height() const { return y1 - y0 + 1; }
};

struct SolveStats {
  int passes = 0;        // relaxation passes run
  bool converged = false;  // the last pass changed nothing, or every needed pass ran
};

class RangeSolver {
 public:
  static constexpr int kAllPasses = std::numeric_limits<int>::max();

  // Compiles the passes and uploads the map. Fails when a shader does not build or the map is
  // larger than GL_MAX_TEXTURE_SIZE.
  static Expected<RangeSolver> create(const CostMap& map);

  RangeSolver(RangeSolver&&) noexcept;
  RangeSolver& operator=(RangeSolver&&) noexcept;
  ~RangeSolver();

  // Solves a valid query (see validate()). With passLimit, runs at most that many relaxation
  // passes before the attack passes: the wavefront part way, as the blog animates it.
  // It changes GL state and leaves it so: the bound framebuffer (0), program (0), vertex array
  // (0), viewport (the map's size), scissor test, blending and depth test (all off), colour
  // mask (on), pixel pack/unpack alignment (1), and textures bound on units 0 and 1.
  SolveStats solve(const RangeQuery& query, int passLimit = kAllPasses);

  // The map was painted inside `box` (same size as before): uploads only those cells' greys.
  // The next solve sees them; the current result is not changed.
  void updateMap(const CostMap& map, CellBox box);

  // The state texture holding the last solve's result (RGBA8, texel row 0 = the map's top row).
  [[nodiscard]] GLuint stateTexture() const;
  // The cells the last solve may have changed; outside it no cell is reached or attackable.
  [[nodiscard]] CellBox touchedBox() const;
  [[nodiscard]] int width() const;
  [[nodiscard]] int height() const;

  // Reads the state texture back: RGBA8 bytes, row 0 = top, as SPEC §4 writes it to disk.
  [[nodiscard]] std::vector<std::uint8_t> readState() const;
  // The last solve's result decoded from the state texture, with its pass count.
  [[nodiscard]] RangeResult readResult() const;

 private:
  struct Impl;
  explicit RangeSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
