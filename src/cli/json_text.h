#pragma once
// Small pieces of the JSON every command writes by hand (its layout, one row per line, is part
// of the output's readability): strings and cells.

#include <string>

#include "tactics/solver/grid.h"

namespace tactics::cli {

// A JSON string: quotes, backslashes and control characters escaped; UTF-8 passes through.
std::string jsonString(const std::string& text);

// [X,Y]
std::string cellJson(Cell c);

}  // namespace tactics::cli
