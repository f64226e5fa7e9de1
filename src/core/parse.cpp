#include "core/parse.h"

#include <algorithm>
#include <cstdio>
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

Expected<std::vector<FlagValue>> splitFlags(const std::vector<std::string>& args,
                                            const std::vector<FlagSpec>& specs,
                                            std::string_view command) {
  std::vector<FlagValue> values;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& flag = args[i];
    const auto spec = std::find_if(specs.begin(), specs.end(),
                                   [&](const FlagSpec& s) { return s.name == flag; });
    if (spec == specs.end()) {
      std::string known;
      for (const FlagSpec& s : specs) known += (known.empty() ? "" : ", ") + std::string(s.name);
      return Error{"unknown argument " + quoted(flag) + " for `" + std::string(command) +
                   "`; expected " + known + " (or --help)"};
    }
    const bool seen = std::any_of(values.begin(), values.end(),
                                  [&](const FlagValue& v) { return v.flag == flag; });
    if (seen && !spec->repeatable) return Error{flag + " is given twice; give it once"};
    const bool valueFollows = i + 1 < args.size() && !args[i + 1].empty() &&
                              args[i + 1].rfind("--", 0) != 0;
    if (!valueFollows) {
      return Error{flag + " is missing its value; expected " + std::string(spec->valueHint)};
    }
    values.push_back({flag, args[++i]});
  }
  return values;
}

bool wantsHelp(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(),
                     [](const std::string& a) { return a == "--help" || a == "-h"; });
}

std::string errorLine(std::string_view message) {
  std::string line = "error: ";
  for (char c : message) {
    const auto byte = static_cast<unsigned char>(c);
    if (c == '\n') {
      line += "\\n";
    } else if (c == '\t') {
      line += "\\t";
    } else if (byte < 0x20 || byte == 0x7f) {
      char escaped[8];
      std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
      line += escaped;
    } else {
      line += c;
    }
  }
  return line + "\n";
}

}  // namespace tactics
