#include "python_arguments.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <string_view>
#include <utility>

#include "tactics/solver/combat.h"
#include "tactics/solver/movement_presets.h"
#include "tactics/solver/parse.h"
#include "tactics/solver/sight.h"
#include "tactics/solver/skills.h"
#include "tactics/solver/topology.h"

namespace tactics::python {

namespace {

// SPEC §11.1 allows 64 terrains; the hint every terrain error carries.
constexpr const char* kTerrainHint =
    "expected terrain indices 0..63 (terrain_from_grey turns SPEC 1 greys 0..255 into indices)";

std::string textOf(py::handle value) {
  return py::str(value).cast<std::string>();
}

bool isText(py::handle value) {
  return PyUnicode_Check(value.ptr()) != 0 || PyBytes_Check(value.ptr()) != 0;
}

// A list or tuple (a numpy array too), but not text or a mapping.
bool isSequence(py::handle value) {
  return PySequence_Check(value.ptr()) != 0 && !isText(value) && !py::isinstance<py::dict>(value);
}

std::string shapeText(const py::array& array) {
  std::string text = "(";
  for (py::ssize_t d = 0; d < array.ndim(); ++d) {
    text += (d > 0 ? ", " : "") + std::to_string(array.shape(d));
  }
  return text + (array.ndim() == 1 ? ",)" : ")");
}

// A Python int that fits in 0..limit, or nothing (then the text path decides, and words the
// error).
std::optional<int> smallInteger(PyObject* value, long limit) {
  if (!PyLong_CheckExact(value)) return std::nullopt;
  int overflow = 0;
  const long v = PyLong_AsLongAndOverflow(value, &overflow);
  if (overflow != 0 || v < 0 || v > limit) return std::nullopt;
  return static_cast<int>(v);
}

// The text the CLI would have read for a Python value: an integer's (Python's or numpy's)
// decimal digits, anything else as str() writes it. parseInteger and the other parsers then
// accept exactly what the CLI accepts and word their errors as the CLI does. bool is not a
// number here, though Python makes it one.
std::string integerText(py::handle value) {
  if (PyLong_CheckExact(value.ptr())) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
    if (overflow == 0) return std::to_string(v);
  }
  if (PyBool_Check(value.ptr()) == 0 && PyIndex_Check(value.ptr()) != 0) {
    const auto index = py::reinterpret_steal<py::object>(PyNumber_Index(value.ptr()));
    if (index) return textOf(index);
    PyErr_Clear();  // a numpy array of several values has __index__ and refuses it
  }
  return textOf(value);
}

// (x, y) as the CLI's "X,Y"; text as it is.
std::string cellText(py::handle value) {
  if (isSequence(value) && py::len(value) == 2) {
    const py::sequence pair = py::reinterpret_borrow<py::sequence>(value);
    return integerText(pair[0]) + "," + integerText(pair[1]);
  }
  return textOf(value);
}

Cell cellFrom(py::handle value, const std::string& what) {
  // solve_many reads thousands of cells: a tuple of two ints skips the text.
  if (PyTuple_CheckExact(value.ptr()) && PyTuple_GET_SIZE(value.ptr()) == 2) {
    const auto x = smallInteger(PyTuple_GET_ITEM(value.ptr(), 0), kCellCoordinateLimit);
    const auto y = smallInteger(PyTuple_GET_ITEM(value.ptr(), 1), kCellCoordinateLimit);
    if (x && y) return Cell{*x, *y};
  }
  const auto cell = parseCell(cellText(value), what);
  if (!cell) raise(cell.error());
  return *cell;
}

// One range of an attack set: N or (MIN, MAX), as the CLI writes it.
std::string rangeText(py::handle entry, bool alone) {
  if (isSequence(entry) && py::len(entry) == 2) {
    const py::sequence pair = py::reinterpret_borrow<py::sequence>(entry);
    return integerText(pair[0]) + "-" + integerText(pair[1]);
  }
  // Inside a list N means exactly N (SPEC §11.4); a list of one entry keeps that meaning.
  const std::string n = integerText(entry);
  return alone ? n + "-" + n : n;
}

// N (1-N), (MIN, MAX), a list of N (exactly N) and (MIN, MAX) entries (SPEC §11.4), or the CLI's
// text: written as the CLI's text and read by parseAttackRange, so every error is the CLI's.
AttackRange attackFrom(py::handle value, const std::string& what) {
  // The common forms without text: N, and (MIN, MAX) when valid; as parseAttackRange reads them.
  if (const auto n = smallInteger(value.ptr(), kMaxAttackRange)) return {*n == 0 ? 0 : 1, *n};
  if (PyTuple_CheckExact(value.ptr()) && PyTuple_GET_SIZE(value.ptr()) == 2) {
    const auto lo = smallInteger(PyTuple_GET_ITEM(value.ptr(), 0), kMaxAttackRange);
    const auto hi = smallInteger(PyTuple_GET_ITEM(value.ptr(), 1), kMaxAttackRange);
    if (lo && hi && ((*lo == 0 && *hi == 0) || (1 <= *lo && *lo <= *hi))) return {*lo, *hi};
  }
  std::string text;
  if (PyList_Check(value.ptr()) != 0) {
    const py::list entries = py::reinterpret_borrow<py::list>(value);
    for (std::size_t i = 0; i < entries.size(); ++i) {
      text += (i > 0 ? "," : "") + rangeText(entries[i], entries.size() == 1);
    }
  } else if (PyTuple_Check(value.ptr()) != 0 && py::len(value) == 2) {
    text = rangeText(value, true);
  } else {
    text = integerText(value);
  }
  const auto attack = parseAttackRange(text, what);
  if (!attack) raise(attack.error());
  return *attack;
}

Skills skillsFrom(py::handle value, const std::string& what) {
  if (PyUnicode_Check(value.ptr()) != 0) {
    const auto skills = parseSkills(textOf(value), what);
    if (!skills) raise(skills.error());
    return *skills;
  }
  if (!isSequence(value)) {
    raise(what + " " + textOf(value) +
          " is not allowed; expected a list of skill names, e.g. [\"pass\", \"skirmisher\"]");
  }
  // The names as the CLI's comma-separated text, so that parseSkills words every error.
  std::string text;
  for (const py::handle name : value) {
    if (PyUnicode_Check(name.ptr()) == 0) {
      raise(what + ": " + textOf(name) + " is not a skill name; expected pass or skirmisher");
    }
    text += (text.empty() ? "" : ",") + textOf(name);
  }
  const auto skills = parseSkills(text, what);
  if (!skills) raise(skills.error());
  return *skills;
}

const char* const kUnitKeys =
    "at, team, move, attack, costs, class, skills, hidden, name, hp, str, def, spd, lord";

// What a unit's dict gave besides the unit's own fields.
struct GivenKeys {
  bool at = false;
  bool team = false;
  bool move = false;
  bool costs = false;
  std::optional<std::string> className;
};

// SPEC §14's keys of a unit's dict: "hp" 1..99, "str", "def", "spd" 0..99, "lord" a bool on a
// player unit (checked once the team is known). False for any other key.
bool readCombatKey(const std::string& key, py::handle value, const std::string& what, Unit& unit) {
  if (key == "lord") {
    unit.lord = flagFrom(value, what + ": lord");
    return true;
  }
  const struct {
    const char* key;
    int lo;
    int hi;
    int* into;
  } stats[] = {{"hp", 1, kMaxHp, &unit.hp},
               {"str", 0, kMaxCombatStat, &unit.str},
               {"def", 0, kMaxCombatStat, &unit.def},
               {"spd", 0, kMaxCombatStat, &unit.spd}};
  for (const auto& stat : stats) {
    if (key != stat.key) continue;
    *stat.into = integerFrom(value, stat.lo, stat.hi, what + ": " + key);
    return true;
  }
  return false;
}

// Every key of a unit's dict into `unit`, in the dict's order; an unknown key is an error.
GivenKeys readUnitKeys(const py::dict& entry, const std::string& what, Unit& unit) {
  GivenKeys given;
  for (const auto item : entry) {
    const std::string key = textOf(item.first);
    const py::handle value = item.second;
    if (key == "at") {
      unit.cell = cellFrom(value, what + ": at");
      given.at = true;
    } else if (key == "team") {
      unit.team = teamFrom(value, what + ": team");
      given.team = true;
    } else if (key == "move") {
      unit.moveRange = integerFrom(value, 0, kMaxMoveRange, what + ": move");
      given.move = true;
    } else if (key == "attack") {
      unit.attack = attackFrom(value, what + ": attack");
    } else if (key == "costs") {
      unit.movement = movementFrom(value, what + ": costs");
      given.costs = true;
    } else if (key == "class") {
      if (PyUnicode_Check(value.ptr()) == 0) raise(what + ": class must be a class name");
      given.className = textOf(value);
    } else if (key == "skills") {
      unit.skills = skillsFrom(value, what + ": skills");
    } else if (key == "hidden") {
      unit.hidden = flagFrom(value, what + ": hidden");
    } else if (key == "name") {
      unit.name = textOf(value);
    } else if (!readCombatKey(key, value, what, unit)) {
      raise(what + ": unknown key '" + key + "'; expected " + kUnitKeys);
    }
  }
  return given;
}

// The class a unit's dict named: a preset's name unless the costs are given beside it
// (load_scenario's units carry both: the scenario's class name and its costs).
void applyClass(const GivenKeys& given, const std::string& what, Unit& unit) {
  if (!given.className) return;
  unit.className = *given.className;
  if (given.costs) return;
  const auto preset = findMovementPreset(*given.className);
  if (!preset) {
    raise(what + ": class '" + *given.className + "' is not a movement class; expected one of " +
          "the presets " + movementPresetNames() + ", or give costs");
  }
  unit.movement = *preset;
}

// One unit of `units`: a dict, or a tuple ((x, y), team).
Unit unitFrom(py::handle entry, const std::string& what, bool& moveGiven) {
  Unit unit;
  unit.name = what;
  unit.moveRange = 0;  // a unit that only stands there, unless its entry gives a move
  moveGiven = false;
  if (isSequence(entry) && py::len(entry) == 2) {
    const py::sequence pair = py::reinterpret_borrow<py::sequence>(entry);
    unit.cell = cellFrom(pair[0], what + ": at");
    unit.team = teamFrom(pair[1], what + ": team");
    return unit;
  }
  if (!py::isinstance<py::dict>(entry)) {
    raise(what + " is " + textOf(entry) + "; expected a dict with " + kUnitKeys +
          " (at and team required), or a tuple ((x, y), team)");
  }
  const GivenKeys given = readUnitKeys(py::reinterpret_borrow<py::dict>(entry), what, unit);
  moveGiven = given.move;
  for (const auto& [present, key] : {std::pair{given.at, "at"}, std::pair{given.team, "team"}}) {
    if (!present) {
      raise(what + " has no \"" + key + "\"; a unit needs at and team, and may give " +
            "move, attack, costs or class, skills, hidden, name, hp, str, def, spd, lord");
    }
  }
  applyClass(given, what, unit);
  if (unit.hidden && unit.team != Team::Enemy)
    raise(what + ": only an enemy can be hidden (SPEC 11.5)");
  if (unit.lord && unit.team != Team::Player)
    raise(what + ": only a player unit can be a lord (SPEC 14)");
  return unit;
}

}  // namespace

std::string_view textView(py::handle value, std::string& spare) {
  if (PyUnicode_Check(value.ptr()) != 0) {
    Py_ssize_t size = 0;
    const char* text = PyUnicode_AsUTF8AndSize(value.ptr(), &size);
    if (text == nullptr) throw py::error_already_set();
    return {text, static_cast<std::size_t>(size)};
  }
  spare = textOf(value);
  return spare;
}

void raise(const std::string& message) {
  throw py::value_error(message);
}

int integerFrom(py::handle value, int lo, int hi, const std::string& what) {
  if (const auto v = smallInteger(value.ptr(), hi); v && *v >= lo) return *v;  // no text made
  const auto parsed = parseInteger(integerText(value), lo, hi, what);
  if (!parsed) raise(parsed.error());
  return *parsed;
}

namespace {

// The map of terrain indices already checked to be 0..63, `most` the largest: as many terrains
// as it uses, at least five (CostMap::ofTerrainIndices, as the C API makes its boards).
CostMap mapOfIndices(int width, int height, std::vector<std::uint8_t> indices, int most) {
  return CostMap::ofTerrainIndices(width, height, std::move(indices),
                                   std::max(most + 1, kTerrainClasses));
}

[[noreturn]] void raiseBadTerrain(std::size_t i, long long value, py::ssize_t width) {
  const auto w = static_cast<std::size_t>(width);
  raise("terrain: cell " + std::to_string(i % w) + "," + std::to_string(i / w) + " has terrain " +
        std::to_string(value) + "; " + kTerrainHint);
}

using Bytes = py::array_t<std::uint8_t, py::array::c_style>;

// `terrain` if it is the common case, a C-contiguous uint8 array of a board's shape.
std::optional<Bytes> boardBytes(py::handle terrain) {
  if (!py::isinstance<Bytes>(terrain)) return std::nullopt;
  auto bytes = py::reinterpret_borrow<Bytes>(terrain);
  if (bytes.ndim() != 2 || bytes.shape(0) < 1 || bytes.shape(1) < 1 ||
      bytes.shape(0) > kMaxMapSide || bytes.shape(1) > kMaxMapSide) {
    return std::nullopt;
  }
  return bytes;
}

// The largest of `count` bytes: 32 lanes at a time, a loop -O2's vectorizer takes.
std::uint8_t largest(const std::uint8_t* cells, std::size_t count) {
  std::array<std::uint8_t, 32> lanes{};
  std::size_t i = 0;
  for (; i + lanes.size() <= count; i += lanes.size()) {
    for (std::size_t j = 0; j < lanes.size(); ++j) lanes[j] = std::max(lanes[j], cells[i + j]);
  }
  std::uint8_t most = *std::max_element(lanes.begin(), lanes.end());
  for (; i < count; ++i) most = std::max(most, cells[i]);
  return most;
}

}  // namespace

GridLayout layoutFrom(py::handle grid) {
  if (grid.is_none()) return GridLayout::Square;
  const auto expected = std::string("; expected None or ") + layoutNames();
  if (!py::isinstance<py::str>(grid)) {
    raise("grid is " + py::repr(grid).cast<std::string>() + expected);
  }
  const auto name = grid.cast<std::string>();
  const auto layout = parseLayout(name);
  if (!layout) raise("grid '" + name + "' is not a layout" + expected);
  return *layout;
}

std::shared_ptr<const CostMap> boardFrom(py::handle terrain, py::handle grid) {
  const GridLayout layout = layoutFrom(grid);
  // A loop that asks every step passes the same board: comparing its bytes with the last one
  // this thread read is cheaper than reading them again. Boards up to 256x256 are kept.
  constexpr std::size_t kKeptCells = 256 * 256;
  struct Kept {
    std::vector<std::uint8_t> bytes;
    py::ssize_t width = 0;
    GridLayout layout = GridLayout::Square;
    std::shared_ptr<const CostMap> map;
  };
  thread_local Kept kept;
  const auto bytes = boardBytes(terrain);
  const auto count = bytes ? static_cast<std::size_t>(bytes->size()) : 0;
  const bool keep = bytes && count <= kKeptCells;
  if (keep && kept.map && kept.layout == layout && kept.width == bytes->shape(1) &&
      kept.bytes.size() == count &&
      std::equal(kept.bytes.begin(), kept.bytes.end(), bytes->data())) {
    return kept.map;
  }
  CostMap read = mapFrom(terrain);
  read.setLayout(layout);
  auto map = std::make_shared<const CostMap>(std::move(read));
  if (keep) {
    kept.bytes.assign(bytes->data(), bytes->data() + count);
    kept.width = bytes->shape(1);
    kept.layout = layout;
    kept.map = map;
  }
  return map;
}

CostMap mapFrom(py::handle terrain) {
  // The common case first: a C-contiguous uint8 array, read in one pass for its largest index
  // and copied as it is.
  if (const auto bytes = boardBytes(terrain)) {
    const std::uint8_t* cells = bytes->data();
    const auto count = static_cast<std::size_t>(bytes->size());
    const std::uint8_t most = largest(cells, count);
    if (most >= kMaxTerrains) {
      const auto bad =
          std::find_if(cells, cells + count, [](std::uint8_t v) { return v >= kMaxTerrains; });
      raiseBadTerrain(static_cast<std::size_t>(bad - cells), *bad, bytes->shape(1));
    }
    return mapOfIndices(static_cast<int>(bytes->shape(1)), static_cast<int>(bytes->shape(0)),
                        std::vector<std::uint8_t>(cells, cells + count), most);
  }
  const py::array array = py::array::ensure(terrain);
  if (!array) {
    raise("terrain cannot be made an array (" + textOf(py::type::of(terrain)) + ", rows of " +
          "different lengths?); " + kTerrainHint + ", as a 2-D numpy array [height, width]");
  }
  const char kind = array.dtype().kind();
  if (kind != 'u' && kind != 'i') {
    raise("terrain has dtype " + textOf(array.dtype()) + "; " + kTerrainHint +
          ", as an integer array (uint8)");
  }
  if (array.ndim() != 2) {
    raise("terrain has shape " + shapeText(array) + "; expected a 2-D array [height, width]");
  }
  const auto height = array.shape(0);
  const auto width = array.shape(1);
  if (width < 1 || height < 1 || width > kMaxMapSide || height > kMaxMapSide) {
    raise("terrain has shape " + shapeText(array) + "; a board is 1..4096 cells a side");
  }
  // Any other integer dtype or layout, read as int64: any value, checked exactly.
  const auto cells =
      py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(array);
  if (!cells) throw py::error_already_set();
  std::vector<std::uint8_t> indices(static_cast<std::size_t>(width * height));
  int most = 0;
  const std::int64_t* values = cells.data();
  for (std::size_t i = 0; i < indices.size(); ++i) {
    if (values[i] < 0 || values[i] >= kMaxTerrains) raiseBadTerrain(i, values[i], width);
    indices[i] = static_cast<std::uint8_t>(values[i]);
    most = std::max(most, static_cast<int>(values[i]));
  }
  return mapOfIndices(static_cast<int>(width), static_cast<int>(height), std::move(indices), most);
}

py::array_t<std::uint8_t> terrainFromGrey(py::handle grey) {
  const py::array array = py::array::ensure(grey);
  if (!array || (array.dtype().kind() != 'u' && array.dtype().kind() != 'i')) {
    raise("grey has " + (array ? "dtype " + textOf(array.dtype()) : textOf(py::type::of(grey))) +
          "; expected an integer array of SPEC 1 greys 0..255");
  }
  const auto cells =
      py::array_t<std::int64_t, py::array::c_style | py::array::forcecast>::ensure(array);
  if (!cells) throw py::error_already_set();
  std::vector<py::ssize_t> shape(array.shape(), array.shape() + array.ndim());
  py::array_t<std::uint8_t> classes(shape);
  std::uint8_t* out = classes.mutable_data();
  const std::int64_t* in = cells.data();
  for (py::ssize_t i = 0; i < cells.size(); ++i) {
    if (in[i] < 0 || in[i] > 255) {
      raise("grey: element " + std::to_string(i) + " is " + std::to_string(in[i]) +
            "; expected greys 0..255");
    }
    out[i] = static_cast<std::uint8_t>(terrainClass(static_cast<std::uint8_t>(in[i])));
  }
  return classes;
}

BoardUnits unitsFrom(py::handle units, const CostMap& map) {
  BoardUnits board;
  if (units.is_none()) return board;
  if (!isSequence(units)) {
    raise("units is " + textOf(py::type::of(units)) +
          "; expected a list of units, each a dict or a tuple ((x, y), team)");
  }
  Grid<char> taken(map.width(), map.height(), 0);
  std::size_t i = 0;
  for (const py::handle entry : units) {
    const std::string what = "units[" + std::to_string(i++) + "]";
    bool moveGiven = false;
    Unit unit = unitFrom(entry, what, moveGiven);
    if (!map.contains(unit.cell)) {
      raise(what + ": " + toString(unit.cell) + " is outside " + map.boundsText());
    }
    if (taken[unit.cell] != 0) {
      raise(what + ": " + toString(unit.cell) +
            " is taken by another unit; no two units may share a cell");
    }
    taken[unit.cell] = 1;
    board.units.push_back(std::move(unit));
    board.moveGiven.push_back(moveGiven);
  }
  return board;
}

std::uint64_t blockersFrom(py::handle names, const CostMap& map);

BoardRules rulesFrom(py::handle rules, const CostMap& map) {
  BoardRules out;
  if (rules.is_none()) return out;
  if (!py::isinstance<py::dict>(rules)) {
    raise("rules is " + textOf(rules) + "; expected a dict such as {\"zoc\": True}");
  }
  for (const auto item : py::reinterpret_borrow<py::dict>(rules)) {
    const std::string key = textOf(item.first);
    if (key == "zoc") {
      out.zoc = flagFrom(item.second, "rules: zoc");
    } else if (key == "sight") {
      out.sight.on = flagFrom(item.second, "rules: sight");
    } else if (key == "blocks_sight") {
      out.sight.blockers = blockersFrom(item.second, map);
    } else {
      raise("rules: unknown key '" + key + "'; expected zoc, sight or blocks_sight");
    }
  }
  if (out.sight.on && map.topology().hex()) {
    raise(std::string("rules: sight: line of sight is defined on square boards only, and this "
                      "board is ") + layoutName(map.layout()) + " (SPEC 11.8)");
  }
  return out;
}

// SPEC §11.8's blocking terrains: a list of the map's terrain names, each at most once.
std::uint64_t blockersFrom(py::handle names, const CostMap& map) {
  std::string all;
  for (const std::string& name : map.terrainNames()) all += (all.empty() ? "" : ", ") + name;
  if (!py::isinstance<py::sequence>(names) || py::isinstance<py::str>(names)) {
    raise("rules: blocks_sight is " + textOf(names) +
          "; expected a list of terrain names of the board: " + all);
  }
  std::vector<std::string> list;
  for (const py::handle name : py::reinterpret_borrow<py::sequence>(names)) {
    if (!py::isinstance<py::str>(name)) {
      raise("rules: blocks_sight holds " + textOf(name) + "; expected terrain names: " + all);
    }
    list.push_back(name.cast<std::string>());
  }
  std::uint64_t blockers = 0;
  std::string problem;
  if (!sightBlockersOf(list, map.terrainNames(), blockers, problem)) {
    raise("rules: blocks_sight: " + problem + "; the board's terrains: " + all);
  }
  return blockers;
}

bool flagFrom(py::handle value, const std::string& what) {
  if (PyBool_Check(value.ptr()) != 0) return value.ptr() == Py_True;
  static const py::handle numpyBool =
      py::object(py::module_::import("numpy").attr("bool_")).release();
  if (py::isinstance(value, numpyBool)) return value.cast<bool>();
  raise(what + " is " + textOf(value) + "; expected True or False");
}

const BoardUnits& UnitsCache::get(py::handle units, const CostMap& map) {
  auto found = read_.find(units.ptr());
  if (found == read_.end()) found = read_.emplace(units.ptr(), unitsFrom(units, map)).first;
  return found->second;
}

RangeQuery queryFrom(const MoverArguments& args, const CostMap& map, UnitsCache& cache) {
  if (!args.unit || args.unit.is_none())
    raise("unit is required: the cell (x, y) of the unit to move");
  const Cell cell = cellFrom(args.unit, "unit");
  // validate()'s words, before the units are read: they are placed on the map around it.
  if (!map.contains(cell)) raise("unit " + toString(cell) + " is outside " + map.boundsText());
  static const BoardUnits kNone;
  const BoardUnits& board = args.units.is_none() ? kNone : cache.get(args.units, map);
  std::vector<Unit> units = board.units;
  const auto standing = unitAt(units, cell);
  const std::size_t index = standing ? *standing : units.size();
  bool moveGiven = standing && board.moveGiven[index];
  if (!standing) {
    Unit unit;
    unit.name = "unit";
    unit.cell = cell;
    unit.moveRange = 0;
    units.push_back(std::move(unit));
  }
  Unit& mover = units[index];
  if (!args.team.is_none()) mover.team = teamFrom(args.team, "team");
  if (!args.move.is_none()) {
    mover.moveRange = integerFrom(args.move, 0, kMaxMoveRange, "move");
    moveGiven = true;
  }
  if (!moveGiven) {
    raise("move is required: the unit's Movement Range, 0..255 (or a unit of units on " +
          toString(cell) + " with a move)");
  }
  if (!args.attack.is_none()) mover.attack = attackFrom(args.attack, "attack");
  if (!args.costs.is_none()) mover.movement = movementFrom(args.costs, "costs");
  if (!args.skills.is_none()) mover.skills = skillsFrom(args.skills, "skills");
  RangeQuery query = queryFor(units, index, rulesFrom(args.rules, map));
  query.ignoreUnits = !args.ignoreUnits.is_none() && flagFrom(args.ignoreUnits, "ignore_units");
  return query;
}

RangeQuery queryFrom(const MoverArguments& args, const CostMap& map) {
  UnitsCache cache;
  return queryFrom(args, map, cache);
}

MoverArguments moverArgumentsFrom(py::handle query, const MoverArguments& shared) {
  if (!py::isinstance<py::dict>(query)) {
    raise(textOf(query) + " is not a dict; expected a dict of solve's keywords, e.g. " +
          "{\"unit\": (3, 4), \"move\": 5}");
  }
  MoverArguments args;
  args.units = shared.units;
  args.rules = shared.rules;
  for (const auto item : py::reinterpret_borrow<py::dict>(query)) {
    std::string spare;
    const std::string_view key = textView(item.first, spare);
    py::object value = py::reinterpret_borrow<py::object>(item.second);
    if (key == "unit") {
      args.unit = value;
    } else if (key == "move") {
      args.move = value;
    } else if (key == "attack") {
      args.attack = value;
    } else if (key == "costs") {
      args.costs = value;
    } else if (key == "team") {
      args.team = value;
    } else if (key == "skills") {
      args.skills = value;
    } else if (key == "units") {
      args.units = value;
    } else if (key == "rules") {
      args.rules = value;
    } else if (key == "ignore_units") {
      args.ignoreUnits = value;
    } else {
      raise("unknown key '" + std::string(key) + "'; expected unit, move, attack, costs, team, " +
            "skills, units, rules, ignore_units");
    }
  }
  return args;
}

Cell cellInside(py::handle value, const CostMap& map, const std::string& what) {
  const Cell cell = cellFrom(value, what);
  if (!map.contains(cell)) raise(what + " " + toString(cell) + " is outside " + map.boundsText());
  return cell;
}

MovementClass movementFrom(py::handle costs, const std::string& what) {
  if (PyUnicode_Check(costs.ptr()) != 0) {
    const std::string text = textOf(costs);
    if (auto preset = findMovementPreset(text)) return *preset;
    const bool word = !text.empty() && std::all_of(text.begin(), text.end(), [](char ch) {
      return std::isalpha(static_cast<unsigned char>(ch)) != 0;
    });
    if (word) {
      raise(what + " '" + text + "' is not a movement class; expected one of the presets " +
            movementPresetNames() + ", five costs C0,C1,C2,C3,C4 or a list of costs per terrain");
    }
    const auto movement = parseMovementClass(text, what);
    if (!movement) raise(movement.error());
    return *movement;
  }
  if (!isSequence(costs)) {
    raise(what + " is " + textOf(costs) + "; expected a preset name (" + movementPresetNames() +
          ") or a list of 1..64 costs, one per terrain, each 1..15 or None for impassable");
  }
  const py::sequence entries = py::reinterpret_borrow<py::sequence>(costs);
  const std::size_t count = entries.size();
  if (count < 1 || count > static_cast<std::size_t>(kMaxTerrains)) {
    raise(what + " has " + std::to_string(count) +
          " entries; expected 1..64 costs, one per terrain (the terrains after the last are "
          "impassable)");
  }
  MovementClass::Costs all{};  // kImpassable beyond the list
  for (std::size_t t = 0; t < count; ++t) {
    const py::object entry = entries[t];
    const std::string named = what + "[" + std::to_string(t) + "]";
    if (entry.is_none() || (PyUnicode_Check(entry.ptr()) != 0 && textOf(entry) == "x")) continue;
    const auto cost = parseInteger(integerText(entry), 1, MovementClass::kMaxCost, named);
    if (!cost) {
      raise(named + " is " + textOf(entry) + "; a cost is 1..15, or None (or \"x\") for " +
            "impassable");
    }
    all[t] = static_cast<std::uint8_t>(*cost);
  }
  return MovementClass::fromCosts(all);
}

Team teamFrom(py::handle team, const std::string& what) {
  const std::string text = textOf(team);
  if (PyUnicode_Check(team.ptr()) != 0) {
    if (text == "player") return Team::Player;
    if (text == "enemy") return Team::Enemy;
    if (text == "ally") return Team::Ally;
  }
  raise(what + " '" + text + "' is not a team; expected \"player\", \"enemy\" or \"ally\"");
}

Backend backendFrom(py::handle backend) {
  std::string spare;
  const auto parsed = parseBackend(textView(backend, spare), "backend");
  if (!parsed) raise(parsed.error());
  return *parsed;
}

}  // namespace tactics::python
