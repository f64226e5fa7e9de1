#pragma once
// The GPU range solver: the map lives in an RGBA8 state texture (SPEC §4) and fragment passes
// ping-pong it between two framebuffers, first relaxing travel costs (relax.frag), then marking
// attack range (origins.frag, row_prefix.frag, attack.frag).
//
// One solver serves one map and any number of units: each solve() only touches the cells within
// reach of its unit (a box that grows one cell per pass), and stops as soon as a pass changes
// nothing. Needs a current OpenGL 3.3 core context.
//
// The state texture (stateTexture) holds the last solve's answer, SPEC §4's bytes, until the
// next solve: a caller may draw it straight from the GPU. It is the solver's: sample it (with
// texelFetch or nearest filtering) or read it back, but never write to it or delete it.

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "tactics/solver/cell_box.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"

namespace tactics::gpu {

// The box type moved to core (results and the reference use it too); the old name stays.
using CellBox = tactics::CellBox;

struct SolveStats {
  // Relaxation passes up to and including the first that changed nothing (or all that ran, when
  // none was quiet): what the CPU reference predicts. The solver does not wait for each pass's
  // change test, so it may have run a few more quiet ones (passesRun).
  int passes = 0;
  bool converged = false;  // the last pass changed nothing, or every needed pass ran
  int passesRun = 0;       // relaxation passes drawn, quiet ones after `passes` included
  long long cellsShaded = 0;  // fragments run by every pass of the solve (the areas drawn)
};

// The shaders the passes run. Exact is the solver; the other two are yardsticks for the bench:
// CloseOnce swaps in the blog's relax rule (a reached cell never changes again) and keeps every
// other pass; PassThrough runs every pass over the same areas with shaders that only copy their
// input, for exactly min(moveRange, passLimit) relaxation passes: what the platform charges for
// that many passes.
enum class PassShaders { Exact, CloseOnce, PassThrough };

class RangeSolver {
 public:
  static constexpr int kAllPasses = std::numeric_limits<int>::max();

  // Compiles the passes and uploads the map. Fails when a shader does not build or the map is
  // larger than GL_MAX_TEXTURE_SIZE.
  static Expected<RangeSolver> create(const CostMap& map,
                                      PassShaders shaders = PassShaders::Exact);

  RangeSolver(RangeSolver&&) noexcept;
  RangeSolver& operator=(RangeSolver&&) noexcept;
  ~RangeSolver();

  // Solves a valid query (see validate()). With passLimit, runs at most that many relaxation
  // passes before the attack passes: the wavefront part way, as the blog animates it.
  // The caller's GL state is as it was when it returns, as after every call here that uses GL
  // (see gpu/gl_loader.h: the solvers may share a context the caller draws with).
  SolveStats solve(const RangeQuery& query, int passLimit = kAllPasses);

  // The map was painted inside `box` (same size as before): uploads only those cells' greys.
  // The next solve sees them; the current result is not changed. A map of another layout
  // (SPEC §13) rebuilds the passes for its grid and uploads every cell: the next solve starts
  // afresh, and the current result is gone.
  void updateMap(const CostMap& map, CellBox box);

  // The state texture holding the last solve's result (RGBA8, texel row 0 = the map's top row).
  [[nodiscard]] std::uint32_t stateTexture() const;  // a GL texture name
  // The cells the last solve may have changed; outside it no cell is reached or attackable.
  [[nodiscard]] CellBox touchedBox() const;
  [[nodiscard]] int width() const;
  [[nodiscard]] int height() const;

  // Reads the state texture back: RGBA8 bytes, row 0 = top, as SPEC §4 writes it to disk. Only
  // the touched box comes from the GPU; the rest is the reset state, built on the CPU.
  [[nodiscard]] std::vector<std::uint8_t> readState() const;
  // The touched box's texels only, row by row from its top row: O(cells in reach).
  [[nodiscard]] std::vector<std::uint8_t> readBox(const CellBox& box) const;
  // The last solve's result decoded from the state texture, with its pass count.
  [[nodiscard]] RangeResult readResult() const;
  // The same, written into a result kept from an earlier solve (the demo keeps one): reads and
  // rewrites only the touched box and what the result held before, never the whole map.
  void readResult(RangeResult& result) const;

 private:
  struct Impl;
  explicit RangeSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
