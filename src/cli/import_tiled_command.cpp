#include "cli/import_tiled_command.h"

#include <array>
#include <optional>
#include <ostream>

#include "cli/output_guard.h"
#include "cmdline/command_line.h"
#include "tactics/io/file_io.h"
#include "tactics/io/png.h"
#include "tactics/io/tiled_map.h"

namespace tactics::cli {

namespace {

// "plains 310, forest 120, ..." for the cells of each of the five terrains (by the map's names).
std::string terrainCounts(const CostMap& map) {
  std::array<std::size_t, kTerrainClasses> counts{};
  for (int y = 0; y < map.height(); ++y) {
    for (int x = 0; x < map.width(); ++x) ++counts[static_cast<std::size_t>(map.terrain({x, y}))];
  }
  std::string text;
  for (std::size_t i = 0; i < counts.size(); ++i) {
    text += (i ? ", " : "") + map.terrainName(static_cast<int>(i)) + " " + std::to_string(counts[i]);
  }
  return text;
}

std::optional<std::string> readMap(ImportTiledArguments& a, std::string_view,
                                   const std::string& value) {
  a.mapPath = value;
  return std::nullopt;
}

std::optional<std::string> readOut(ImportTiledArguments& a, std::string_view,
                                   const std::string& value) {
  a.outPath = value;
  return std::nullopt;
}

constexpr FlagRule<ImportTiledArguments> kRules[] = {
    {{"MAP", "a Tiled map", Takes::Word}, readMap},  // the first word that is not a flag's value
    {{"--out", "FILE.png"}, readOut},
};

}  // namespace

Expected<ImportTiledArguments> parseImportTiledArguments(const std::vector<std::string>& args) {
  ImportTiledArguments a;
  const auto given = readFlags(args, kRules, "tactics-grid import-tiled", a);
  if (!given) return Error{given.error()};
  a.help = given->help;
  if (a.help) return a;
  if (!given->has("MAP")) {
    return Error{"the Tiled map is missing; expected tactics-grid import-tiled MAP --out FILE.png"};
  }
  if (!given->has("--out")) return Error{"--out is missing; expected --out FILE.png"};
  if (a.outPath == "-") {
    return Error{"--out needs a file name, not '-': standard output carries the summary"};
  }
  return a;
}

int runImportTiled(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const auto fail = [&](const std::string& message) {
    err << errorLine(message);
    return kExitBadInput;
  };
  const auto parsed = parseImportTiledArguments(args);
  if (!parsed) return fail(parsed.error());
  if (parsed->help) {
    out << kImportTiledUsage;
    return kExitOk;
  }
  const std::string& mapPath = parsed->mapPath;
  const std::string& outPath = parsed->outPath;

  // Refuse every bad input before reading, so nothing is written on failure.
  if (!isTiledMapPath(mapPath)) {
    return fail("'" + mapPath + "' is not a Tiled map; expected a .tmx, .tmj or .json file");
  }
  if (auto problem = checkWritable(outPath)) return fail(*problem);
  if (sameFile(outPath, mapPath)) {
    return fail("--out '" + outPath + "' is the Tiled map itself; write the PNG somewhere else");
  }
  if (isStandardOutput(outPath)) {
    return fail("--out '" + outPath + "' is standard output, which carries the summary; write "
                "the PNG to a file");
  }
  const auto map = loadTiledMap(mapPath);
  if (!map) return fail(map.error());
  // The map's tilesets and their images are inputs too: --out must not replace one.
  if (auto problem =
          refuseInputOverwrite("--out", outPath, tilesetInputFiles(*map, mapPath, "the Tiled map"))) {
    return fail(*problem);
  }

  const CostMap& costMap = map->costMap;
  // SPEC §11.1: a five-grey PNG holds terrains 0..4 only.
  if (auto problem = greyImageProblem(costMap)) {
    return fail("the Tiled map '" + mapPath + "' " + *problem);
  }
  const auto png = encodePng(costMap.width(), costMap.height(), 1, costMap.greyImage());
  if (png.empty()) return fail("the PNG encoder failed for " + costMap.sizeText());
  if (auto problem = writeFileAtomically(outPath, png)) return fail(*problem);
  out << "wrote " << outPath << ": the " << costMap.sizeText() << " cost map of " << mapPath
      << " (" << terrainCounts(costMap) << ")";
  // A PNG holds no layout (SPEC §13): say how to read a hexagonal map's back.
  if (isHex(costMap.layout())) {
    out << "; a " << layoutName(costMap.layout()) << " map: read it with --map " << outPath
        << " --grid " << layoutName(costMap.layout());
  }
  out << "\n";
  return kExitOk;
}

}  // namespace tactics::cli
