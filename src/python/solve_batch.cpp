#include "solve_batch.h"

#include <pybind11/numpy.h>

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "module_support.h"
#include "python_arguments.h"
#include "tactics/gpu/board_batch.h"
#include "tactics/solver/board_batch.h"

namespace tactics::python {

namespace {

using namespace pybind11::literals;
using Int64s = py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>;

// An integer (or bool) array of `shape` (-1: any size, then fixed by the first array that has
// it) read as int64, C order. Errors name the argument and describe the value, never print it.
Int64s integersOf(py::handle value, const char* name, const char* form,
                  std::vector<py::ssize_t>& shape) {
  const py::array array = py::array::ensure(value);
  if (!array) raise(std::string(name) + " is " + describeValue(value) + "; expected " + form);
  const char kind = array.dtype().kind();
  if (kind != 'u' && kind != 'i' && kind != 'b') {
    raise(std::string(name) + " is " + describeValue(array) + "; expected an integer or bool array " +
          form);
  }
  bool fits = array.ndim() == static_cast<py::ssize_t>(shape.size());
  for (std::size_t d = 0; fits && d < shape.size(); ++d) {
    if (shape[d] < 0) shape[d] = array.shape(static_cast<py::ssize_t>(d));
    fits = array.shape(static_cast<py::ssize_t>(d)) == shape[d];
  }
  if (!fits) {
    // The sizes known so far (B from terrain, U from at); one still open reads as its letter.
    std::string sizes = "(";
    for (std::size_t d = 0; d < shape.size(); ++d) {
      sizes += (d > 0 ? ", " : "") + (shape[d] < 0 ? std::string("U") : std::to_string(shape[d]));
    }
    const bool boards = std::string(name) != "terrain" && array.ndim() >= 1 &&
                        array.shape(0) != shape[0];
    raise(std::string(name) + " is " + describeValue(array) + "; expected " + form + " = " +
          sizes + ")" +
          (boards ? ": B is terrain's " + std::to_string(shape[0]) + " boards" : std::string()));
  }
  auto cells = Int64s::ensure(array);
  if (!cells) throw py::error_already_set();
  return cells;
}

// The values as int32, each lo..hi (the batch checks their meaning; this only keeps them exact).
std::vector<std::int32_t> int32sOf(const Int64s& cells, const char* name, std::int64_t lo,
                                   std::int64_t hi) {
  std::vector<std::int32_t> out(static_cast<std::size_t>(cells.size()));
  const std::int64_t* v = cells.data();
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (v[i] < lo || v[i] > hi) {
      raise(std::string(name) + " holds " + std::to_string(v[i]) + " at flat index " +
            std::to_string(i) + "; expected " + std::to_string(lo) + ".." + std::to_string(hi));
    }
    out[i] = static_cast<std::int32_t>(v[i]);
  }
  return out;
}

std::vector<std::uint8_t> bytesOf(const Int64s& cells, const char* name, std::int64_t hi) {
  const std::vector<std::int32_t> values = int32sOf(cells, name, 0, hi);
  return std::vector<std::uint8_t>(values.begin(), values.end());
}

// The arrays solve_batch keeps alive while it solves: the batch points into them.
struct BatchArguments {
  BoardBatch batch;
  py::array_t<std::uint8_t, py::array::c_style> terrainBytes;  // uint8 terrain, read in place
  std::vector<std::uint8_t> terrain, team, movers;
  std::vector<std::int32_t> at, move, attack, classOf;
};

void readTerrain(py::handle terrain, BatchArguments& a, std::vector<py::ssize_t>& bhw) {
  const char* form = "[B, H, W] of terrain indices 0..63";
  using Bytes = py::array_t<std::uint8_t, py::array::c_style>;
  if (py::isinstance<Bytes>(terrain) && py::reinterpret_borrow<py::array>(terrain).ndim() == 3) {
    a.terrainBytes = py::reinterpret_borrow<Bytes>(terrain);  // read in place: values checked by the batch
    for (py::ssize_t d = 0; d < 3; ++d) bhw[static_cast<std::size_t>(d)] = a.terrainBytes.shape(d);
  } else {
    a.terrain = bytesOf(integersOf(terrain, "terrain", form, bhw), "terrain", 63);
  }
  const auto side = [](py::ssize_t n) { return n >= 1 && n <= kMaxMapSide; };
  if (!side(bhw[1]) || !side(bhw[2])) {
    raise("terrain has shape " + shapeText(bhw) + "; a board is 1..4096 cells a side");
  }
  a.batch.boards = static_cast<int>(bhw[0]);
  a.batch.height = static_cast<int>(bhw[1]);
  a.batch.width = static_cast<int>(bhw[2]);
  a.batch.terrain = a.terrain.empty() ? a.terrainBytes.data() : a.terrain.data();
}

void readUnits(BatchArguments& a, py::handle at, py::handle team, py::handle move,
               py::handle attack, py::handle classes, py::handle movers) {
  constexpr auto kInt = std::numeric_limits<std::int32_t>::max();
  std::vector<py::ssize_t> bu2{a.batch.boards, -1, 2};
  a.at = int32sOf(integersOf(at, "at", "[B, U, 2] of x, y", bu2), "at", -kInt, kInt);
  a.batch.units = static_cast<int>(bu2[1]);
  std::vector<py::ssize_t> bu{a.batch.boards, a.batch.units};
  a.team = bytesOf(integersOf(team, "team", "[B, U] of PLAYER, ENEMY, ALLY", bu), "team", 255);
  a.move = int32sOf(integersOf(move, "move", "[B, U] of 0..255", bu), "move", -kInt, kInt);
  a.batch.at = a.at.data();
  a.batch.team = a.team.data();
  a.batch.move = a.move.data();
  if (!attack.is_none()) {
    a.attack = int32sOf(integersOf(attack, "attack", "[B, U, 2] of min, max", bu2), "attack",
                        -kInt, kInt);
    a.batch.attack = a.attack.data();
  }
  if (!classes.is_none()) {
    a.classOf = int32sOf(integersOf(classes, "classes", "[B, U] of indices into costs", bu),
                         "classes", -kInt, kInt);
    a.batch.classOf = a.classOf.data();
  }
  if (!movers.is_none()) {
    a.movers = bytesOf(integersOf(movers, "movers", "[B, U] of bool", bu), "movers", 1);
    a.batch.movers = a.movers.data();
  }
}

std::vector<MovementClass> classesOf(py::handle costs) {
  if (!py::isinstance<py::sequence>(costs) || py::isinstance<py::str>(costs)) {
    raise("costs is " + describeValue(costs) +
          "; expected a sequence of movement classes (preset names or cost lists), "
          "e.g. (\"foot\", \"mounted\")");
  }
  std::vector<MovementClass> classes;
  const auto list = py::reinterpret_borrow<py::sequence>(costs);
  for (std::size_t i = 0; i < py::len(list); ++i) {
    classes.push_back(movementFrom(list[i], "costs[" + std::to_string(i) + "]"));
  }
  return classes;
}

// want=: which of "kind", "cost", "parent" to fill. None: the arrays `out` holds, or kind and
// cost without one.
std::vector<std::string> wantedOf(py::handle want, py::handle out) {
  static const std::vector<std::string> kArrays = {"kind", "cost", "parent"};
  if (want.is_none()) {
    std::vector<std::string> held;
    if (py::isinstance<py::dict>(out)) {
      const auto dict = py::reinterpret_borrow<py::dict>(out);
      for (const std::string& name : kArrays) {
        if (dict.contains(name)) held.push_back(name);
      }
    }
    return held.empty() ? std::vector<std::string>{"kind", "cost"} : held;
  }
  if (!py::isinstance<py::sequence>(want) || py::isinstance<py::str>(want)) {
    raise("want is " + describeValue(want) +
          "; expected a sequence of \"kind\", \"cost\" and \"parent\"");
  }
  std::vector<std::string> wanted;
  for (const py::handle item : py::reinterpret_borrow<py::sequence>(want)) {
    const std::string name = py::isinstance<py::str>(item) ? item.cast<std::string>() : "";
    if (std::find(kArrays.begin(), kArrays.end(), name) == kArrays.end()) {
      raise("want holds " + (name.empty() ? describeValue(item) : "\"" + name + "\"") +
            "; expected \"kind\", \"cost\" or \"parent\"");
    }
    if (std::find(wanted.begin(), wanted.end(), name) == wanted.end()) wanted.push_back(name);
  }
  if (wanted.empty()) raise("want is empty; expected some of \"kind\", \"cost\" and \"parent\"");
  return wanted;
}

int windowOf(py::handle window) {
  if (window.is_none()) return -1;
  if (PyLong_Check(window.ptr()) == 0 || PyBool_Check(window.ptr()) != 0) {
    raise("window is " + describeValue(window) + "; expected None or a whole number 0..1024");
  }
  const long m = window.cast<long>();
  if (m < 0 || m > 1024) raise("window " + std::to_string(m) + " is out of range 0..1024");
  return static_cast<int>(m);
}

// The batch on a GL backend: this thread's kept solvers for the first board's map, each board
// uploaded in turn and the first put back after, so the kept solvers hold the map they are kept
// for.
std::optional<Failure> solveOnGl(const BoardBatch& batch, const BatchMasks& masks, Backend backend,
                                 gpu::GlApi api) {
  if (batch.boards == 0) return std::nullopt;
  const int terrains = batchTerrainCount(batch);
  const auto first = std::make_shared<const CostMap>(batchBoard(batch, 0, terrains));
  return onSolvers(first, backend, api, [&](gpu::Solvers& solvers) {
    auto problem = gpu::solveBatch(solvers, batch, masks, backend);
    solvers.updateMap(*first, CellBox{0, 0, batch.width - 1, batch.height - 1});
    return problem;
  });
}

py::dict solveBatch(py::handle terrain, py::handle at, py::handle team, py::handle move,
                    py::handle attack, py::handle classes, py::handle costs, py::handle rules,
                    py::handle movers, py::handle threads, py::handle out, py::handle backend,
                    py::handle window, py::handle want, py::handle grid, py::handle gl) {
  BatchArguments a;
  std::vector<py::ssize_t> bhw{-1, -1, -1};
  readTerrain(terrain, a, bhw);
  readUnits(a, at, team, move, attack, classes, movers);
  a.batch.classes = classesOf(costs);
  a.batch.layout = layoutFrom(grid);
  BatchMasks masks;
  masks.window = windowOf(window);
  const unsigned count = threadsFrom(threads);
  const Backend chosen = backendFrom(backend);
  const gpu::GlApi api = glFrom(gl);
  checkOut(out, {"kind", "cost", "parent"});
  const std::vector<std::string> wanted = wantedOf(want, out);
  const py::ssize_t side = masks.window < 0 ? 0 : 2 * masks.window + 1;
  const std::vector<py::ssize_t> shape = {a.batch.boards, a.batch.units,
                                          side > 0 ? side : a.batch.height,
                                          side > 0 ? side : a.batch.width};
  py::dict answer;
  const auto wants = [&](const char* name) {
    return std::find(wanted.begin(), wanted.end(), name) != wanted.end();
  };
  if (wants("kind")) {
    auto kind = outputArray<std::uint8_t>(out, "kind", shape, "uint8").value_or(py::array_t<std::uint8_t>(shape));
    masks.kind = kind.mutable_data();
    answer["kind"] = kind;
  }
  if (wants("cost")) {
    auto cost = outputArray<std::int16_t>(out, "cost", shape, "int16").value_or(py::array_t<std::int16_t>(shape));
    masks.cost = cost.mutable_data();
    answer["cost"] = cost;
  }
  if (wants("parent")) {
    auto parent = outputArray<std::uint8_t>(out, "parent", shape, "uint8").value_or(py::array_t<std::uint8_t>(shape));
    masks.parent = parent.mutable_data();
    answer["parent"] = parent;
  }
  if (auto bad = batchProblem(a.batch, masks)) raise(*bad);
  // The rules name terrains (blocks_sight): read against the first board (every board has the
  // same terrain indices, and so the same names).
  CostMap first = a.batch.boards > 0 ? batchBoard(a.batch, 0, batchTerrainCount(a.batch))
                                     : CostMap(1, 1, {0});
  first.setLayout(a.batch.layout);
  a.batch.rules = rulesFrom(rules, first);
  std::optional<Failure> failure;
  if (chosen != Backend::Cpu) endGlWithThreadState();
  {
    py::gil_scoped_release released;
    if (chosen == Backend::Cpu) {
      if (auto bad = tactics::solveBatch(a.batch, masks, count)) failure = Failure{*bad, false};
    } else {
      failure = solveOnGl(a.batch, masks, chosen, api);
    }
  }
  if (failure) raiseFailure(*failure);
  answer["backend"] = backendName(chosen);
  return answer;
}

constexpr const char* kSolveBatchDoc = R"doc(Every unit's legal moves on every board of a batch, arrays in and arrays out.

terrain: uint8 [B, H, W] terrain indices (any integer dtype works; uint8 is read in place).
at: [B, U, 2] (x, y) per unit; a negative x marks an absent unit (a free slot).
team: [B, U] PLAYER (0), ENEMY (1) or ALLY (2). move: [B, U] 0..255.
attack: [B, U, 2] (min, max), (0, 0) for none; default 1-1 for every unit.
classes: [B, U] indices into costs; costs: the movement classes, each a preset name or a cost
list (default ("foot",)). rules: one dict for the whole call, as solve's ({"zoc": True}).
movers: bool [B, U], the units to solve (default every present unit). Integer arguments take
any integer dtype.
Each unit is solved as solve() would on its own board, the board's other present units placed
as solve places them; so each stands on a terrain its class can enter (else ValueError "board
3, unit 1: ..."). Returns {"kind": uint8 [B, U, H, W], "cost": int16 [B, U, H, W]} (KIND_*, -1
unreached), plus "parent" uint8 when asked for, and "backend". An absent unit, or one left out
by movers=, reads kind 0, cost -1, parent 255 everywhere; an absent slot's other values are not
read.
window: M (0..1024) gives [B, U, 2M+1, 2M+1] centred on each unit (cell [M, M] the unit's),
cells off the board kind 0, cost -1, parent 255. want: which arrays to fill, some of ("kind",
"cost", "parent"); default: the arrays out= holds, else ("kind", "cost"). out: a dict of arrays
to fill in place: the first call's answer, or arrays made once, e.g. {"kind":
np.empty((B, U, H, W), np.uint8), "cost": np.empty((B, U, H, W), np.int16)}; C-contiguous slices
of a bigger buffer work; an array of out that want leaves out is not touched. threads: 1..256,
default every core, on threads that live across calls (a small batch stays on this thread).
backend: "cpu" (default), "gpu", "compute" or "auto": the GL backends solve board by board,
each board's units in one submission, on this thread's kept context (gl "core" or "es").
grid: the boards' layout (SPEC 13), default square. Shape, dtype and value errors raise
ValueError naming the argument and index.)doc";

}  // namespace

void defineSolveBatch(py::module_& m) {
  m.def("solve_batch", &solveBatch, "terrain"_a, "at"_a, "team"_a, "move"_a,
        "attack"_a = py::none(), "classes"_a = py::none(), "costs"_a = py::make_tuple("foot"),
        "rules"_a = py::none(), "movers"_a = py::none(), "threads"_a = py::none(),
        "out"_a = py::none(), "backend"_a = "cpu", py::kw_only(), "window"_a = py::none(),
        "want"_a = py::none(), "grid"_a = py::none(), "gl"_a = "core",
        kSolveBatchDoc);
  m.attr("PLAYER") = static_cast<int>(Team::Player);
  m.attr("ENEMY") = static_cast<int>(Team::Enemy);
  m.attr("ALLY") = static_cast<int>(Team::Ally);
}

}  // namespace tactics::python
