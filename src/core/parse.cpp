#include "tactics/solver/parse.h"

#include <string>

namespace tactics {

namespace {

bool allDigits(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (c < '0' || c > '9') return false;
  }
  return true;
}

std::string quoted(std::string_view text) { return "'" + std::string(text) + "'"; }

}  // namespace

Expected<int> parseInteger(std::string_view text, int lo, int hi, std::string_view what) {
  const std::string range = std::to_string(lo) + ".." + std::to_string(hi);
  if (!allDigits(text)) {
    return Error{std::string(what) + " " + quoted(text) + " is not allowed; expected a whole number " +
                 range};
  }
  // Digits only, so the value is non-negative; stop accumulating once it is clearly too big.
  long long value = 0;
  for (char c : text) {
    value = value * 10 + (c - '0');
    if (value > hi) break;
  }
  if (value < lo || value > hi) {
    return Error{std::string(what) + " " + std::string(text) + " is out of range " + range};
  }
  return static_cast<int>(value);
}

Expected<Cell> parseCell(std::string_view text, std::string_view what) {
  const auto comma = text.find(',');
  const std::string expected = "; expected X,Y with whole numbers, e.g. 3,4";
  if (comma == std::string_view::npos) {
    return Error{std::string(what) + " " + quoted(text) + " is not a cell" + expected};
  }
  const std::string_view xs = text.substr(0, comma);
  const std::string_view ys = text.substr(comma + 1);
  if (!allDigits(xs) || !allDigits(ys)) {
    return Error{std::string(what) + " " + quoted(text) + " is not a cell" + expected};
  }
  const auto x = parseInteger(xs, 0, kCellCoordinateLimit, what);
  const auto y = parseInteger(ys, 0, kCellCoordinateLimit, what);
  if (!x || !y) {
    return Error{std::string(what) + " " + std::string(text) +
                 " is outside any map (maps are at most 4096x4096 cells)"};
  }
  return Cell{*x, *y};
}

}  // namespace tactics
