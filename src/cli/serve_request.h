#pragma once
// One request line of `tactics-grid serve` (SPEC §12), read into the command line it stands for:
// a pure function, no file is read. {"id": 7, "op": "solve", "map": "m.png", "unit": [3, 4],
// "move": 5, "enemy": [[6, 4]], "zoc": true} is `solve --map=m.png --unit=3,4 --move=5
// --enemy=6,4 --zoc`; the server adds `--json=-` and its own --backend and --gl.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/command_flags.h"
#include "tactics/solver/cost_map.h"

namespace tactics::cli {

inline constexpr std::size_t kMaxRequestBytes = std::size_t{64} << 20;  // 64 MiB a line
// What a request's "map" names when it holds the map itself (an inline map): never read as a
// path, since a request with an inline map has no other map.
inline constexpr const char* kInlineMapPath = "(inline map)";

// The ops a request may name (SPEC §12): each runs the command of its name, whose flags, without
// "--" and with '-' written '_', are the request's keys (those a request may give: see
// RequestValue).
struct ServeOp {
  std::string_view name;
  const std::vector<CommandFlag>& (*flags)();
};
inline constexpr ServeOp kServeOps[] = {
    {"solve", solveFlags}, {"danger", dangerFlags}, {"route", routeFlags}, {"field", fieldFlags}};

// The keys a request may give besides "id" and "op", in the order of the ops' flags.
std::vector<std::string> requestKeys();

struct ServeRequest {
  // The id to echo: a number or a string, or null when the line has none usable.
  nlohmann::json id;
  std::string op;                    // solve, danger, route or field
  std::vector<std::string> args;     // the command's flags, without the command's name
  std::optional<CostMap> inlineMap;  // "map": {"width", "height", "grey"}
  std::string error;                 // why it is a bad request (then only `id` is set)
};

// Reads one line (without its newline). Never throws; a bad request comes back with `error` set
// to the text of the answer's "error" and `id` to what the answer must echo.
ServeRequest readServeRequest(std::string_view line);

}  // namespace tactics::cli
