#pragma once
// SPEC §5: no output ever writes over a file the open map or scenario reads. The files a map or
// a scenario depends on, each with the words that say what it is, so that every writer (the
// CLI's output flags, the demo's save dialog) refuses the same files in the same words.

#include <optional>
#include <string>
#include <vector>

namespace tactics {

struct TiledMap;

// A file a board reads, and what it is ("the input map", "a tileset of the input map", ...):
// the words of the error that refuses to write over it.
struct InputFile {
  std::string path;
  std::string what;
};

// The files reading the map at `path` touches, described as `what` ("the input map", "the
// scenario's map"): the map itself and, for a Tiled map, its external tilesets (.tsx/.tsj) and
// every image they or the map's embedded tilesets name. A map that does not load lists only
// itself.
std::vector<InputFile> mapInputFiles(const std::string& path, const std::string& what);

// What a board's outputs must not replace: with a scenario, the scenario (called `scenarioWhat`,
// e.g. "the input scenario") and mapInputFiles(its map, "the scenario's map"); without one,
// mapInputFiles(mapPath, "the input map"). Reads a Tiled map again: call it only when a file is
// to be written.
std::vector<InputFile> boardInputFiles(const std::optional<std::string>& scenarioPath,
                                       const std::string& scenarioWhat, const std::string& mapPath);

// The same for a Tiled map already loaded from `path`: its tilesets and images, not the map.
std::vector<InputFile> tilesetInputFiles(const TiledMap& map, const std::string& path,
                                         const std::string& what);

// The input `path` would write over (sameFile: links and "." / ".." resolved), if any.
std::optional<InputFile> overwrittenInput(const std::string& path,
                                          const std::vector<InputFile>& inputs);

}  // namespace tactics
