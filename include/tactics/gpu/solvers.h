#pragma once
// The solvers for one board on one context: the one way every command (and the demo, the C API
// and the bindings) gets answers. Made once per map, as libtcod's dijkstra map or Detour's query:
//
//   auto solvers = gpu::Solvers::create(map, Backend::Auto);   // on the current GL context
//   auto range = solvers->range(query);                        // RangeResult, stats, backend
//   auto field = solvers->field(fieldQueryFor(units, Team::Enemy, foot));
//
// Jobs: range (SPEC §2-4), danger (§7) and field (§10). Each answer names the backend that ran,
// never Auto. With Backend::Cpu no GL context is needed or touched; Gpu and Compute need one
// current on this thread (Compute with OpenGL 4.3), and Auto uses one when it is current,
// choosing per job and size class the backend it measured fastest on that renderer. The
// GPU solvers behind a job (RangeSolver, ComputeRangeSolver, DangerSolver, FieldSolver,
// ComputeFieldSolver) are made on its first call, so a program that only asks for fields never
// compiles the range passes. Every call must come on the thread whose context was current at
// create(), with that context current. That context may be the caller's own, a game window's
// (load the library's GL for it with gpu::loadGl, gl_loader.h): every call puts the caller's GL
// state back before it returns.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tactics/gpu/auto_choice.h"
#include "tactics/gpu/batch_range_solver.h"
#include "tactics/gpu/danger_solver.h"
#include "tactics/gpu/field_solver.h"
#include "tactics/gpu/range_solver.h"
#include "tactics/solver/backend.h"
#include "tactics/solver/cell_box.h"
#include "tactics/solver/cost_map.h"
#include "tactics/solver/distance_field.h"
#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"
#include "tactics/solver/range_query.h"
#include "tactics/solver/range_result.h"
#include "tactics/solver/reference_solver.h"
#include "tactics/solver/units.h"

namespace tactics::gpu {

// Backend::Auto measures: the first time a job of a size class comes on a renderer, it is timed
// on every backend the context offers and the fastest is remembered (auto_choice.h says how,
// and where the choices are kept between processes). The size classes:
int rangeSizeClass(const CostMap& map, const RangeQuery& query);          // by the window's side
int dangerSizeClass(const CostMap& map, const std::vector<Unit>& units);  // by the enemies' windows
int fieldSizeClass(const CostMap& map);                                   // by the map's cells
// By the number of queries and the widest window; auto times a batch on its first
// kBatchSample queries.
int batchSizeClass(const CostMap& map, const std::vector<RangeQuery>& queries);
inline constexpr std::size_t kBatchSample = 256;

// Whether a range answer carries the SPEC §4 state bytes too (what --state-png writes).
enum class StateBytes { Skip, Read };

struct RangeAnswer {
  Backend backend = Backend::Cpu;  // the one that ran
  RangeResult result;
  // The GPU's pass counts; on the CPU passes is what the GPU would run (result.passes),
  // passesRun and cellsShaded are 0.
  SolveStats stats;
  std::vector<std::uint8_t> state;  // SPEC §4 RGBA8 bytes, with StateBytes::Read only
};

struct DangerAnswer {
  Backend backend = Backend::Cpu;  // the one that ran
  Grid<std::uint8_t> counts;       // enemies threatening each cell, saturated at 255
  DangerStats stats;               // on the CPU only `enemies` is counted
};

// The demo draws answers straight from the GPU, with no copy: the texture (a GL name) holding
// the last GPU answer of a job, and the cells of it that answer wrote.
struct GpuLayer {
  std::uint32_t texture = 0;
  CellBox touched;
};

// The danger zone of every enemy, or of the few a player marked: two answers the demo shows at
// once, each with a GPU solver and a texture of its own.
enum class DangerLayer { Zone, Marked };

struct FieldAnswer {
  Backend backend = Backend::Cpu;  // the one that ran
  DistanceField field;
  FieldStats stats;  // on the CPU: 0 passes, converged
};

class Solvers {
 public:
  // Solvers for `map` (copied; updateMap changes it). Fails when Gpu or Compute is asked for
  // with no current context, Compute without OpenGL 4.3, or the map is larger than the
  // context's textures (Gpu, Compute, and Auto with a context). The messages start with the
  // backend's name ("compute needs OpenGL 4.3 ..."), so a command can put its flag before them.
  static Expected<Solvers> create(const CostMap& map, Backend requested);

  Solvers(Solvers&&) noexcept;
  Solvers& operator=(Solvers&&) noexcept;
  ~Solvers();

  [[nodiscard]] Backend requested() const;
  // The backend of the job's last answer. Before any: the one asked for; for Auto, Cpu where no
  // context was current at create(), else Auto (it chooses per query: see above).
  [[nodiscard]] Backend backendFor(SolverJob job) const;

  // One unit's move and attack range for a query valid on the map (else the validate() problem).
  // Fails only when a GPU solver cannot be made (its first call) or the query is invalid.
  Expected<RangeAnswer> range(const RangeQuery& query, StateBytes state = StateBytes::Skip);
  // The same into an answer kept from an earlier call (the demo keeps one): its result is
  // refilled in place, rewriting only the cells that solve and this one touched. The problem,
  // if any; `answer` is then unchanged.
  std::optional<std::string> range(const RangeQuery& query, RangeAnswer& answer,
                                   StateBytes state = StateBytes::Skip);
  // The demo's range: on `backend` rather than the set's (its panel switches between the
  // fragment passes and compute), and at most `passLimit` relaxation passes (the watched
  // wavefront: only the fragment passes stop between passes, so a limited solve runs there).
  std::optional<std::string> range(const RangeQuery& query, RangeAnswer& answer, Backend backend,
                                   int passLimit);
  // The state texture (SPEC §4) of the last range answer, when a GPU solver gave it: RGBA8,
  // texel (x, y) = cell (x, y) (row 0 the map's top row), nearest filtering. It holds that
  // answer until the next range solve on these Solvers (danger and field solves leave it), an
  // updateMap to another size, or their end. Draw it (texelFetch, or a sampler with nearest
  // filtering) or read it back; never write to it or delete it.
  [[nodiscard]] std::optional<GpuLayer> rangeLayer() const;

  // Many range queries on the board (each valid, else "queries[K]: " and the problem, nothing
  // solved), answered as masks: query k's at k * width * height in each array `out` gives
  // (writeMasks' layout; a null array is skipped). Gpu and Compute solve them in one submission
  // and one read-back (BatchRangeSolver); Cpu writes the masks straight from the reference on
  // `threads` threads; Auto runs the one it measured fastest for batches of this size (the CPU
  // with the threads given). The backend that ran.
  Expected<Backend> rangeMany(const std::vector<RangeQuery>& queries, const RangeMasks& out,
                              unsigned threads = 1);
  Expected<Backend> rangeMany(const std::vector<RangeQuery>& queries, const RangeMasks& out,
                              Backend backend, unsigned threads);

  // How many enemies threaten every cell, for a board of units inside the map (SPEC §6, §7),
  // under the board's rules (§11.2). Gpu runs one batched solve (DangerSolver); Compute one
  // compute dispatch per enemy that can attack (stats.batches counts them), its threat marked on
  // the CPU as the reference does. Each layer keeps its own GPU solver and counts texture.
  Expected<DangerAnswer> danger(const std::vector<Unit>& units, BoardRules rules = {},
                                DangerLayer layer = DangerLayer::Zone);
  // The counts texture of a layer's last batched GPU answer (R8, count / 255 per cell).
  [[nodiscard]] std::optional<std::uint32_t> dangerTexture(DangerLayer layer) const;

  // The distance field of a query whose cells are all inside the map.
  Expected<FieldAnswer> field(const FieldQuery& query);
  // The field texture of the last GPU field answer (R32UI).
  [[nodiscard]] std::optional<std::uint32_t> fieldTexture() const;

  // The map was painted inside `box` (same size as before). The range solvers upload those
  // cells; the danger and field solvers, which cannot, are dropped and made again on their next
  // call. A map of another size drops every GPU solver.
  void updateMap(const CostMap& map, CellBox box);

 private:
  struct Impl;
  explicit Solvers(std::unique_ptr<Impl> impl);
  std::optional<std::string> solveRange(const RangeQuery& query, RangeAnswer& answer,
                                        StateBytes state, Backend backend, int passLimit);
  std::unique_ptr<Impl> impl_;
};

}  // namespace tactics::gpu
