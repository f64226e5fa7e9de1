#pragma once
// SPEC §5: no output ever writes over a file the open map or scenario reads. Every command lists
// its inputs here and checks each output flag against them before it writes anything.

#include <optional>
#include <string>
#include <vector>

namespace tactics {
struct TiledMap;
}  // namespace tactics

namespace tactics::cli {

// A file a command reads, and what it is to the command ("the input map", "a tileset of
// the input map", ...): the words of the error that refuses to write over it.
struct InputFile {
  std::string path;
  std::string what;
};

// The files reading the map at `path` touches, described as `what` ("the input map", "the
// scenario's map"): the map itself and, for a Tiled map, its external tilesets (.tsx/.tsj) and
// every image they or the map's embedded tilesets name. A map that does not load lists only
// itself (the command reports the load error).
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

// The error for an output flag whose path is one of `inputs`:
// "--json 'x.png' is the input map; write somewhere else", or nullopt when it is none of them.
std::optional<std::string> refuseInputOverwrite(const std::string& flag, const std::string& path,
                                                const std::vector<InputFile>& inputs);

// What a command prints on stdout for each file it wrote (when stdout carries no JSON), as
// import-tiled does: "wrote out.json: the range as JSON\n".
std::string wroteLine(const std::string& path, const std::string& what);

}  // namespace tactics::cli
