#pragma once
// Strict parsers for the small textual values the tools accept. Each is a pure function from text
// to a value or an error that says what is allowed; nothing is ever read as a prefix.

#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/grid.h"

namespace tactics {

inline constexpr int kCellCoordinateLimit = 1000000;

// Plain decimal digits only (no sign, space, fraction or exponent), within lo..hi.
// `what` names the value in the error, e.g. "--move".
Expected<int> parseInteger(std::string_view text, int lo, int hi, std::string_view what);

// "X,Y" with both parts plain decimal integers (range checks against a map come later).
Expected<Cell> parseCell(std::string_view text, std::string_view what);

// A command line flag that takes a value: "--move" with the hint "0..255" for its errors.
struct FlagSpec {
  std::string_view name;
  std::string_view valueHint;
  bool repeatable = false;
};

struct FlagValue {
  std::string flag;
  std::string value;
};

// Splits `args` into flag/value pairs: every flag one of `specs`, given once unless repeatable,
// and followed by a non-empty value that is not itself a flag ("-" alone is a value).
// `command` names the command in errors, e.g. "tactics-grid solve".
Expected<std::vector<FlagValue>> splitFlags(const std::vector<std::string>& args,
                                            const std::vector<FlagSpec>& specs,
                                            std::string_view command);

// True when args ask for help (--help or -h anywhere).
bool wantsHelp(const std::vector<std::string>& args);

// The line a command prints for bad input: "error: " + message, with control characters from
// echoed user text escaped (\n, \t, \xNN) so that it stays one line.
std::string errorLine(std::string_view message);

}  // namespace tactics
