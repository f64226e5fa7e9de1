#pragma once
// The GPU distance field (SPEC §10): travel costs from every hostile unit at once, with no range
// cap, in a pair of R32UI textures that fragment passes ping-pong until a pass changes nothing.
//
// One solver serves one map and any number of (team, class) fields. Needs a current OpenGL 3.3
// core context.

#include <limits>
#include <memory>

#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/expected.h"
#include <cstdint>

namespace tactics::gpu {

struct FieldStats {
  int passes = 0;          // relaxation passes run
  bool converged = false;  // the last pass changed nothing: the field is exact
  long long cellsShaded = 0;  // fragments (or, for the compute backend, invocations) run
};

class FieldSolver {
 public:
  static constexpr int kAllPasses = std::numeric_limits<int>::max();
  // A change test follows every this many passes; `passes` counts up to the end of the first
  // batch whose test saw no change. The CPU reads few of the tests, late (field_solver.cpp).
  static constexpr int kPassesPerCheck = 8;

  // Compiles the passes and uploads the map's terrain. Fails when a shader does not build or
  // the map is larger than GL_MAX_TEXTURE_SIZE.
  static Expected<FieldSolver> create(const CostMap& map);

  FieldSolver(FieldSolver&&) noexcept;
  FieldSolver& operator=(FieldSolver&&) noexcept;
  ~FieldSolver();

  // Solves a query whose cells are all inside the map. Without passLimit it runs until a pass
  // changes nothing; with one it stops there, the wavefront part way. The caller's GL state is
  // as it was when it returns.
  FieldStats solve(const FieldQuery& query, int passLimit = kAllPasses);

  // The texture holding the last solve's field: R32UI, texel row 0 = the map's top row,
  // 0xFFFFFFFF where no source reaches.
  [[nodiscard]] std::uint32_t fieldTexture() const;  // a GL texture name
  [[nodiscard]] int width() const;
  [[nodiscard]] int height() const;

  // The last solve's field read back, kFieldUnreachable where no source reaches.
  [[nodiscard]] DistanceField readField() const;

 private:
  struct Impl;
  explicit FieldSolver(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
