#pragma once
// The distance field's compute backend (SPEC §10): the same field as FieldSolver, exact, from
// compute sweeps (field.comp) over a storage buffer. Each sweep relaxes every 8x8 tile that it or
// a neighbour tile changed in the sweep before, to a fixed point inside the tile; the solve ends
// at the first sweep in which no tile changes. Needs OpenGL 4.3.

#include <memory>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/expected.h"
#include "tactics/gpu/field_solver.h"

namespace tactics::gpu {

class ComputeFieldSolver {
 public:
  static constexpr int kAllPasses = FieldSolver::kAllPasses;
  // Sweeps dispatched between two reads of their counters (a read waits for the GPU).
  static constexpr int kSweepsPerCheck = 8;

  // Fails when the context has no OpenGL 4.3, the shader does not build, or the map is larger
  // than GL_MAX_TEXTURE_SIZE.
  static Expected<ComputeFieldSolver> create(const CostMap& map);

  ComputeFieldSolver(ComputeFieldSolver&&) noexcept;
  ComputeFieldSolver& operator=(ComputeFieldSolver&&) noexcept;
  ~ComputeFieldSolver();

  // Solves a query whose cells are all inside the map. passes counts the sweeps up to and
  // including the first that changed nothing (converged), or passLimit sweeps (the field part
  // way, not converged unless that last one was quiet); cellsShaded the invocations of the tiles
  // that ran, plus the init's. The caller's GL state is as it was when it returns.
  FieldStats solve(const FieldQuery& query, int passLimit = kAllPasses);

  // The last solve's field read back, kFieldUnreachable where no source reaches.
  [[nodiscard]] DistanceField readField() const;

 private:
  struct Impl;
  explicit ComputeFieldSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
