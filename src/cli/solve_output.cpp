#include "cli/solve_output.h"

#include <sstream>

#include "cli/json_text.h"
#include "tactics/solver/skills.h"

namespace tactics::cli {

std::vector<std::string> gridRows(const RangeResult& result, const RangeQuery& query) {
  // CellKind's letters: none, attack, move, pass, start.
  constexpr char kLetters[] = {'.', 'A', 'M', 'P', 'S'};
  std::vector<std::uint8_t> kinds(result.reach.cells().size());
  writeKinds(query, result, kinds.data());
  std::vector<std::string> rows;
  for (int y = 0; y < result.height(); ++y) {
    std::string row;
    for (int x = 0; x < result.width(); ++x) {
      row += kLetters[kinds[static_cast<std::size_t>(y * result.width() + x)]];
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

namespace {

// SPEC §5: U, D, L, R on a square board; SPEC §13: the digit k of the parent's neighbour index
// on a hex board.
char parentLetter(GridLayout layout, Direction d) {
  if (isHex(layout)) {
    const int k = neighbourOf(d);
    return k < 0 ? '.' : static_cast<char>('0' + k);
  }
  switch (d) {
    case Direction::Up: return 'U';
    case Direction::Down: return 'D';
    case Direction::Left: return 'L';
    case Direction::Right: return 'R';
    case Direction::None: break;
  }
  return '.';
}

// A JSON array with one row per line, so a map reads as a map.
template <class Row>
void writeRows(std::string& out, const char* key, int height, Row&& writeRow) {
  out += ",\n\"";
  out += key;
  out += "\":[";
  for (int y = 0; y < height; ++y) {
    out += y == 0 ? "\n  " : ",\n  ";
    writeRow(y);
  }
  out += ']';
}

}  // namespace

// Appended to one string reserved up front: a 4096x4096 answer is about 84 MB of JSON, and a
// string stream would hold it twice (its buffer, grown by doubling, and the copy str() returns).
std::string formatJson(const CostMap& map, const RangeResult& result, const RangeQuery& query,
                       const std::string& backend, const UnitLabel& unit) {
  const auto cells = static_cast<std::size_t>(result.width()) *
                     static_cast<std::size_t>(result.height());
  std::string out;
  out.reserve(cells * 6 + static_cast<std::size_t>(result.height()) * 24 + 256);
  out += "{\"width\":" + std::to_string(result.width()) +
         ",\"height\":" + std::to_string(result.height()) + ",\"unit\":[" +
         std::to_string(query.unit.x) + "," + std::to_string(query.unit.y) +
         "],\"move\":" + std::to_string(query.moveRange) + ",\"attack\":" + attackRangeJson(query.attack) +
         ",\"costs\":\"" + query.movement.toString() + "\"";
  if (!unit.name.empty()) out += ",\"name\":" + jsonString(unit.name);
  if (!unit.team.empty()) out += ",\"team\":" + jsonString(unit.team);
  if (!unit.className.empty()) out += ",\"class\":" + jsonString(unit.className);
  out += ",\"rules\":{\"zoc\":";
  out += query.zoc ? "true" : "false";
  out += ",\"skills\":[";
  const auto skills = skillNames(query.skills);
  for (std::size_t i = 0; i < skills.size(); ++i) out += (i ? "," : "") + jsonString(skills[i]);
  out += "],\"ignore_units\":";
  out += query.ignoreUnits ? "true" : "false";
  out += ",\"sight\":";
  out += query.sight.on ? "true" : "false";
  out += '}';
  if (map.terrainCount() > kTerrainClasses) {  // SPEC §11.7
    out += ",\"terrains\":[";
    for (int t = 0; t < map.terrainCount(); ++t) out += (t ? "," : "") + jsonString(map.terrainName(t));
    out += ']';
  }
  out += ",\"backend\":\"" + backend + "\",\"passes\":" + std::to_string(result.passes);
  if (isHex(map.layout())) out += ",\"layout\":\"" + std::string(layoutName(map.layout())) + "\"";
  const auto rows = gridRows(result, query);
  writeRows(out, "grid", result.height(), [&](int y) {
    out += '"';
    out += rows[static_cast<std::size_t>(y)];
    out += '"';
  });
  writeRows(out, "cost", result.height(), [&](int y) {
    out += '[';
    for (int x = 0; x < result.width(); ++x) {
      if (x) out += ',';
      out += std::to_string(result.travelCost[{x, y}]);
    }
    out += ']';
  });
  writeRows(out, "parent", result.height(), [&](int y) {
    out += '"';
    for (int x = 0; x < result.width(); ++x) out += parentLetter(map.layout(), result.parent[{x, y}]);
    out += '"';
  });
  out += "}\n";
  return out;
}

std::string formatText(const RangeResult& result, const RangeQuery& query,
                       const std::string& backend, const UnitLabel& unit) {
  std::ostringstream out;
  int reached = 0;
  int attackable = 0;
  for (Reach r : result.reach.cells()) {
    reached += r == Reach::Reached;
    attackable += r == Reach::Attackable;
  }
  out << "unit " << toString(query.unit);
  if (!unit.name.empty()) out << " (" << unit.name << ", " << unit.team << ")";
  if (!unit.className.empty()) out << ", class " << unit.className;
  out << ", move " << query.moveRange << ", attack "
      << formatAttackRange(query.attack) << ", costs " << query.movement.toString();
  if (query.zoc) out << ", zone of control";
  if (query.sight.on) out << ", line of sight";
  if (!query.skills.empty()) out << ", skills " << formatSkills(query.skills);
  if (query.ignoreUnits) out << ", ignoring units";
  out << " on a " << result.width() << "x" << result.height()
      << (isHex(result.layout) ? std::string(" ") + layoutName(result.layout) : std::string())
      << " map (" << backend << ", "
      << result.passes << (result.passes == 1 ? " pass)\n" : " passes)\n");
  for (const std::string& row : gridRows(result, query)) out << row << '\n';
  out << reached << " cells reached, " << attackable << " attackable"
      << "   (S unit, M move, P crossed, not stopped on, A attack, . none)\n";
  return out.str();
}

}  // namespace tactics::cli
