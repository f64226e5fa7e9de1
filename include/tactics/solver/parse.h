#pragma once
// Strict parsers for the small textual values the tools accept. Each is a pure function from text
// to a value or an error that says what is allowed; nothing is ever read as a prefix.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tactics/solver/expected.h"
#include "tactics/solver/grid.h"

namespace tactics {

inline constexpr int kCellCoordinateLimit = 1000000;

// Plain decimal digits only (no sign, space, fraction or exponent), within lo..hi.
// `what` names the value in the error, e.g. "--move".
Expected<int> parseInteger(std::string_view text, int lo, int hi, std::string_view what);

// "X,Y" with both parts plain decimal integers (range checks against a map come later).
Expected<Cell> parseCell(std::string_view text, std::string_view what);

}  // namespace tactics
